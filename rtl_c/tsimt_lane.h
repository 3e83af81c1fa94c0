/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tsimt_lane.h -- one temporal-SIMT lane: instruction and mask registers and
 * the density-time sequencer that walks a stored warp instruction over the
 * lane's K-wide execution unit, skipping aligned groups with no active thread.
 * Paper 002 (Temporal SIMT and Spatio-Temporal SIMT, ACM TACO): sec. 3.1 (the
 * lane: "an instruction register able to store a single warp instruction",
 * "dedicated instruction and mask registers", one-wide execution), sec. 3.2
 * (compaction: k = 1 takes exactly as many cycles as active threads; a
 * 4-wide STSIMT lane only skips "aligned bundles of 4 consecutive inactive
 * threads"), sec. 3.6 (one warp instruction keeps a lane busy up to WARP/K
 * cycles).  Twin: verilog/tsimt_lane.v (same parameters, ports, behaviour,
 * cycle for cycle).  tsimt_frontend instantiates L of these.
 *
 * Configurations (cfg field = Verilog parameter):
 *
 *   | field      | param   | default | range                               |
 *   |------------|---------|---------|-------------------------------------|
 *   | warp       | WARP    | 32      | 1..64 threads per warp (mask bits)  |
 *   | width      | K       | 1       | power of two, divides WARP (1 =     |
 *   |            |         |         | TSIMT, 2/4/8 = STSIMT2/4/8)         |
 *   | instr_bits | INSTR_W | 32      | 1..64 instruction-register width    |
 *   | wid_bits   | WID_W   | 5       | 1..8 warp-id width (32 warps/core)  |
 *
 *   Derived: G = WARP/K aligned groups; GRP_W = clog2(G) (>= 1) position
 *   bits; TID_W = clog2(WARP) (>= 1) thread-index bits.
 *
 * State (what the area model counts): instr_q (INSTR_W), warp_q (WID_W),
 * mask_q (WARP), busy_q (1), pos_q (GRP_W): the index of the first aligned
 * group not yet executed; scalar_q (1): the instruction is scalar.  mask_q is the instruction's whole active mask and
 * does not change while the lane runs (002: the registers "hold the
 * instruction in place while the lane back-end sequences").  Logic: G K-input
 * ORs (group occupancy), a G-bit thermometer mask from pos_q, a G-input
 * priority encoder (the group in flight) and a "any group above it" OR tree
 * (the last-cycle flag), a K-bit group mux from mask_q, a GRP_W incrementer,
 * and the load muxes.
 *
 * Ports.
 *   in:  in_valid, in_warp (WID_W), in_instr (INSTR_W), in_mask (WARP; bit t
 *        = thread t of the warp), in_scalar (the instruction is scalar, see
 *        SCALAR below), hold (freeze the lane for this cycle).
 *   out: ready (the lane takes an instruction this cycle), err, err_code
 *        (2 bits), act (3 bits), ex_valid (K bits: the active threads of the
 *        group executing this cycle; slot j carries thread ex_base + j),
 *        ex_base (TID_W: first thread of that group, a multiple of K),
 *        ex_warp, ex_instr (the instruction register, so the execution unit
 *        and the register-file slice see which warp and operation),
 *        ex_scalar (the group in flight is a scalar instruction: the
 *        register-file slice addresses the warp's scalar registers), done
 *        (this is the instruction's last execution cycle).  When nothing
 *        executes, ex_valid = 0 and ex_base, ex_warp, ex_instr, ex_scalar
 *        read 0.
 *
 * Sequencing (density time).  Group g holds threads g*K .. g*K+K-1 (aligned).
 * Each execution cycle runs the lowest-numbered non-empty group at or above
 * pos_q, then pos_q moves past it: groups go in ascending thread order, and
 * only all-zero aligned groups are skipped.  An instruction with n non-empty
 * groups therefore takes exactly n execution cycles; with K = 1 that is
 * popcount(mask), one active thread per cycle, lowest thread first (002
 * states the count by example and leaves the order open: ascending is the
 * plain priority-encoder order).  K-wide groups are never formed from
 * unaligned threads: "1000011110000" at K = 4 runs 3 groups (1000, 0111,
 * 1000) for 5 threads.
 *
 * Timing and handshake: PIPELINED HAND-OVER.  All outputs are combinational
 * from the registered state and this cycle's inputs; ready depends on the
 * state only.  An instruction accepted in cycle t (in_valid && ready, no err)
 * is latched at the edge ending t; its groups execute in cycles t+1 .. t+n,
 * done = 1 in t+n.  ready = !busy || (this is the last execution cycle), so
 * the next instruction can be accepted in t+n and starts in t+n+1: a lane
 * fed on time never idles between instructions.  (With "ready when idle"
 * each instruction would cost a bubble, and 002 sec. 5.2's "to hide 8 clock
 * cycles, a lane requires a warp instruction with at least 8 active threads"
 * would need 9; tsimt_frontend's tests check the 8.)  Reset (synchronous,
 * active high) clears busy_q and pos_q; instr_q, warp_q and mask_q are
 * cleared too, so C and RTL states agree bit for bit.
 *
 * SCALAR (002 sec. 4.1: "execution of scalar instructions is handled just
 * like execution of regular vector instructions with a single active
 * thread").  An instruction accepted with in_scalar = 1 is latched with
 * mask_q = the lowest active thread of in_mask only (in_mask & -in_mask, a
 * WARP-bit two's-complement AND) and scalar_q = 1: it runs as a one-thread
 * instruction, one execution cycle whatever K, ex_valid showing that one
 * thread of its group and ex_scalar = 1, done in the same cycle.  Its
 * result is the warp's, written once: ex_scalar tells the lane's
 * register-file slice to use 002's scalar addressing mode (row {warp slot,
 * scalar register} of the lane's scalar array, one 32-bit value per warp)
 * for the operands and destination the instruction names as scalar; which
 * operands those are is in the instruction encoding, outside this model.
 * That slice is not a structure of the project (002 Fig. 2a's per-lane
 * file is costed in area/: area_desc_tsimt_regfile, area_desc_alloc_rf;
 * rtl_c/lane_regfile is 000/004's file, a thread per bank by tid mod
 * LANES, which a TSIMT lane holding whole warps does not use).  Why the
 * lowest thread: the plain priority-encoder choice, and the thread the SM
 * model's scalar execution runs (tb/simt/scalar.h, "the first thread of the
 * issue").  The front end sends an instruction as scalar only when the
 * compiler marked it scalar AND its destination is a scalar register (an
 * instruction 002's step 4 left scalar with a vector destination must write
 * every active thread's register, so it issues as a vector instruction).
 * in_scalar is ignored when in_valid = 0 (like in_warp), and no
 * combination with it is illegal: a scalar instruction needs an active
 * thread like any other (EMPTY).  With in_scalar = 0 every behaviour is
 * that of the lane without the port, bit for bit (scalar_q stays 0).
 *
 * Hold.  hold = 1 freezes the lane for the cycle: nothing executes (ex_valid
 * = 0, done = 0), nothing is accepted, the state is unchanged, act = HOLD.
 * tsimt_frontend holds every lane in a cycle whose input it rejects, so its
 * whole state (lanes included) is unchanged by an illegal input.
 *
 * Illegal input (err = 1, act = HOLD, state unchanged; the lane is frozen for
 * the cycle exactly as under hold, so nothing executes).  First match:
 *   HELD   3  in_valid while hold = 1
 *   BUSY   1  in_valid while ready = 0 (an instruction is still sequencing
 *             and this is not its last cycle)
 *   EMPTY  2  in_valid with in_mask = 0 (002 never issues an instruction with
 *             no active thread; it would take zero cycles and the lane would
 *             have nothing to report done)
 *
 * act (3 bits):  IDLE 0 (nothing in flight, nothing accepted), LOAD 1 (an idle
 * lane accepts), RUN 2 (a group executes, more follow), LAST 3 (the last
 * group executes, done, nothing accepted), HANDOVER 4 (the last group
 * executes and the next instruction is accepted), HOLD 5 (hold or err).
 *
 * Departures from 002: the operand collector, register-file slice and
 * execution pipeline of the lane (002 Fig. 2a) are not modelled: ex_* are
 * what the sequencer sends them each cycle.  Multi-cycle operations (SFU,
 * memory replay) are not in the text; every group takes one cycle.  The
 * warp id travels with the instruction (the lane's register-file slice
 * needs it; 002 does not give the encoding).
 *
 * Invariants (tsimt_lane_check): mask_q within WARP bits; pos_q < G; idle ->
 * pos_q = 0; busy -> some non-empty group at or above pos_q (so work left is
 * never empty and no thread is skipped); instr_q, warp_q within width;
 * scalar_q a bit, and scalar_q -> mask_q has exactly one thread.
 *
 * Contract of step (one decision per cycle, issue 17): tsimt_lane_step(cfg,
 * s, in, out) applies the decision carried in `out`, which must be what
 * tsimt_lane_eval returned for the same state and inputs this cycle; it does
 * not recompute it.  out's nx_* fields are that decision (not ports).
 *
 * Worked example (K = 4, WARP = 32, 002 sec. 3.2; masks written thread 0
 * first): in cycle 0 the idle lane accepts mask 1111 0000 1111 1111 1111 1111
 * 1111 1111 (act LOAD).  Cycles 1..7 execute groups 0, 2, 3, 4, 5, 6, 7
 * (ex_base 0, 8, 12, ..., 28; ex_valid 1111 each); group 1 is skipped: 7
 * cycles instead of 8.  Cycle 7 is LAST (done = 1, ready = 1); had the next
 * instruction been offered in cycle 7 it would be a HANDOVER and run from
 * cycle 8.  At K = 1 the same mask takes 28 cycles, threads 0,1,2,3,8,9,...
 */
/*
 * Cost per cycle (issue 17; callgrind on the co-simulation's recorded
 * stimulus, defaults): tsimt_lane_eval ~95 instructions, step ~10 (inline).
 * Nothing loops over groups: the group in flight is the lowest set bit of
 * mask_q at or above group pos_q with its low log2 K bits cleared, and
 * "last" is one more mask test.  What sets the speed is latency, not work:
 * pos_q feeds the next cycle through out->nx_pos and step, so branches are
 * kept where they are predictable (a run ends once per instruction) rather
 * than made selects (a straight-line version ran 1.5x slower: each select
 * waits for its condition), and busy_q/pos_q and nx_busy/nx_pos are not
 * adjacent: adjacent, the compiler merged step's two copies into one
 * 16-byte load, which cannot be forwarded from eval's two 8-byte stores and
 * stalled every cycle until they retired (that alone halved the speed).
 * The sequencing and the eval are inline functions of this header
 * (tsimt_lane_sequence, tsimt_lane_eval_seq) so that tsimt_frontend
 * evaluates its lanes without calls.
 */
#ifndef TSIMT_LANE_H
#define TSIMT_LANE_H

#include <stdint.h>

#include "bits.h"
#include "port.h"

#ifdef __cplusplus
extern "C" {
#endif

struct vcd_writer;

enum tsimt_lane_err {
    TSIMT_LANE_ERR_NONE = 0,
    TSIMT_LANE_ERR_BUSY = 1,
    TSIMT_LANE_ERR_EMPTY = 2,
    TSIMT_LANE_ERR_HELD = 3
};

enum tsimt_lane_act {
    TSIMT_LANE_ACT_IDLE = 0,
    TSIMT_LANE_ACT_LOAD = 1,
    TSIMT_LANE_ACT_RUN = 2,
    TSIMT_LANE_ACT_LAST = 3,
    TSIMT_LANE_ACT_HANDOVER = 4,
    TSIMT_LANE_ACT_HOLD = 5
};

typedef struct {
    unsigned warp;
    unsigned width;
    unsigned instr_bits;
    unsigned wid_bits;
} tsimt_lane_cfg;

/* busy_q and pos_q, written every execution cycle, are kept apart (see
 * nx_busy in tsimt_lane_out). */
typedef struct {
    uint64_t instr_q;
    uint64_t busy_q;
    uint64_t mask_q;
    uint64_t pos_q;
    uint64_t warp_q;
    uint64_t scalar_q; /* the instruction is scalar (one thread, SCALAR) */
} tsimt_lane_state;

typedef struct {
    uint64_t in_valid;
    uint64_t in_warp;  /* WID_W */
    uint64_t in_instr; /* INSTR_W */
    uint64_t in_mask;  /* WARP */
    uint64_t in_scalar;
    uint64_t hold;
} tsimt_lane_in;

typedef struct {
    uint64_t ready;
    uint64_t err;
    uint64_t err_code; /* 2 bits, enum tsimt_lane_err */
    uint64_t act;      /* 3 bits, enum tsimt_lane_act */
    uint64_t ex_valid; /* K bits */
    uint64_t ex_base;  /* TID_W */
    uint64_t ex_warp;  /* WID_W */
    uint64_t ex_instr; /* INSTR_W */
    uint64_t ex_scalar;
    uint64_t done;
    /* the decision of the cycle (not ports): the next state.  nx_busy and
     * nx_pos are not adjacent on purpose, nor are busy_q and pos_q: a
     * compiler merges two adjacent copies into one 16-byte load and store,
     * and that load cannot be forwarded from eval's two 8-byte stores: the
     * next cycle would wait until they retire (issue 17). */
    uint64_t nx_busy;
    uint64_t nx_load; /* latch in_* */
    uint64_t nx_pos;
} tsimt_lane_out;

/* The parameter table and its glue (PARAM_DECLS in port.h): defaults,
 * ranges, Verilog names; its cfg_check gives NULL or one line naming the
 * field and its range. */
PARAM_DECLS(tsimt_lane)

unsigned tsimt_lane_groups(const tsimt_lane_cfg *cfg); /* G = WARP/K */
unsigned tsimt_lane_grp_w(const tsimt_lane_cfg *cfg);  /* pos_q width */
unsigned tsimt_lane_tid_w(const tsimt_lane_cfg *cfg);  /* ex_base width */
/* Group-occupancy vector of a mask: bit g = some thread of group g active. */
uint64_t tsimt_lane_occupancy(const tsimt_lane_cfg *cfg, uint64_t mask);
/* Execution cycles of an instruction with this mask: non-empty groups. */
unsigned tsimt_lane_cycles(const tsimt_lane_cfg *cfg, uint64_t mask);

/* ready from the state alone (what eval's ready port shows whatever the
 * inputs): not busy, or this is the instruction's last execution cycle. */
int tsimt_lane_ready(const tsimt_lane_cfg *cfg, const tsimt_lane_state *s);

void tsimt_lane_reset(const tsimt_lane_cfg *cfg, tsimt_lane_state *s);
/* tsimt_lane_eval = tsimt_lane_eval_seq (below) on tsimt_lane_sequence. */
void tsimt_lane_eval(const tsimt_lane_cfg *cfg, const tsimt_lane_state *s,
                     const tsimt_lane_in *in, tsimt_lane_out *out);

/* The lane's logic itself, inline here so that tsimt_frontend evaluates its
 * L lanes without calls, and with each lane's sequencing computed once (it
 * needs it first for the lane's readiness, then for the lane's outputs).
 *
 * The group in flight, word-wise (no loop over groups): the lowest active
 * thread at or above group pos_q names it, and since K is a power of two
 * its group's first thread is that thread with the low log2 K bits cleared;
 * the instruction's last group when no active thread lies above that group.
 * The same as the priority encoder over the occupancy vector (G K-input
 * ORs), bit for bit.  From the state alone. */
typedef struct {
    uint64_t run;   /* busy and a group left (else the fields below are 0) */
    uint64_t last;  /* run, and no active thread above this group */
    uint64_t base;  /* first thread of the group in flight */
    uint64_t valid; /* its K threads, mask_q's bits base .. base+K-1 */
    uint64_t next;  /* the group after it: pos_q's next value while running */
} tsimt_lane_seq;

static inline tsimt_lane_seq tsimt_lane_sequence(const tsimt_lane_cfg *cfg,
                                                 const tsimt_lane_state *s)
{
    tsimt_lane_seq q = {0, 0, 0, 0, 0};
    const unsigned kw = bits_ffs(cfg->width); /* log2 K */
    const uint64_t ahead = s->mask_q & ~bits_mask((unsigned)s->pos_q << kw);
    uint64_t grp;
    if (s->busy_q == 0u || ahead == 0u)
        return q;
    q.run = 1;
    q.base = bits_ffs(ahead) & ~(uint64_t)(cfg->width - 1u);
    grp = bits_mask(cfg->width) << q.base;
    q.valid = (ahead & grp) >> q.base;
    q.last = (ahead & ~grp) == 0u;
    q.next = (q.base >> kw) + 1u;
    return q;
}

/* One evaluation per cycle (issue 17), given the cycle's sequencing q.
 * What a cycle costs is mostly the chain from this cycle's pos_q to the
 * next one (the clock edge feeds it back), so the branches are the
 * predictable ones (a run ends once per instruction; an offered
 * instruction, a hold or an err are the exceptions). */
static inline void tsimt_lane_eval_seq(const tsimt_lane_cfg *cfg, const tsimt_lane_state *s,
                                       const tsimt_lane_seq *q, const tsimt_lane_in *in,
                                       tsimt_lane_out *out)
{
    const uint64_t in_valid = in->in_valid & 1u;
    const uint64_t hold = in->hold & 1u;
    const uint64_t ready = (s->busy_q == 0u) | q->last;
    uint64_t err_code = TSIMT_LANE_ERR_NONE, go = 1, accept = 0;

    if (in_valid | hold) { /* something offered or held: the err rules */
        if (in_valid && hold)
            err_code = TSIMT_LANE_ERR_HELD;
        else if (in_valid && !ready)
            err_code = TSIMT_LANE_ERR_BUSY;
        else if (in_valid && (in->in_mask & bits_mask(cfg->warp)) == 0u)
            err_code = TSIMT_LANE_ERR_EMPTY;
        go = !hold && err_code == TSIMT_LANE_ERR_NONE; /* the cycle is not frozen */
        accept = go & in_valid;
    }
    out->ready = ready;
    out->err = err_code != TSIMT_LANE_ERR_NONE;
    out->err_code = err_code;
    out->nx_load = accept;
    if (go && q->run) {
        /* RUN, LAST, or HANDOVER (an accept while running is a last cycle) */
        out->act = TSIMT_LANE_ACT_RUN + q->last + accept;
        out->ex_valid = q->valid;
        out->ex_base = q->base;
        out->ex_warp = s->warp_q;
        out->ex_instr = s->instr_q;
        out->ex_scalar = s->scalar_q;
        out->done = q->last;
        if (q->last) { /* a branch, not a select: the next pos_q then waits
                          for nothing but the group in flight */
            out->nx_busy = accept;
            out->nx_pos = 0;
        } else {
            out->nx_busy = 1;
            out->nx_pos = q->next;
        }
        return;
    }
    out->act = !go ? TSIMT_LANE_ACT_HOLD : accept ? TSIMT_LANE_ACT_LOAD : TSIMT_LANE_ACT_IDLE;
    out->ex_valid = out->ex_base = out->ex_warp = out->ex_instr = out->ex_scalar = out->done = 0;
    out->nx_busy = s->busy_q | accept;
    out->nx_pos = accept ? 0u : s->pos_q;
}

/* The clock edge: applies out's nx_* (see the contract above). */
static inline void tsimt_lane_step(const tsimt_lane_cfg *cfg, tsimt_lane_state *s,
                                   const tsimt_lane_in *in, const tsimt_lane_out *out)
{
    if (out->nx_load) {
        s->instr_q = bits_trunc(in->in_instr, cfg->instr_bits);
        s->warp_q = bits_trunc(in->in_warp, cfg->wid_bits);
        const uint64_t mask = bits_trunc(in->in_mask, cfg->warp);
        const uint64_t scalar = in->in_scalar & 1u;
        /* a scalar instruction keeps its lowest active thread only */
        s->mask_q = scalar ? mask & (~mask + 1u) : mask;
        s->scalar_q = scalar;
    }
    s->busy_q = out->nx_busy;
    s->pos_q = out->nx_pos;
}
const char *tsimt_lane_check(const tsimt_lane_cfg *cfg, const tsimt_lane_state *s);

void tsimt_lane_ports(const tsimt_lane_cfg *cfg, const tsimt_lane_in *in,
                      const tsimt_lane_out *out, port_visit_fn visit, void *ctx);
/* Ports, then a `state` scope with the six registers. */
void tsimt_lane_trace(struct vcd_writer *w, const tsimt_lane_cfg *cfg,
                      const tsimt_lane_state *s, const tsimt_lane_in *in,
                      const tsimt_lane_out *out);

const char *tsimt_lane_err_name(unsigned code);
const char *tsimt_lane_act_name(unsigned act);

#ifdef __cplusplus
}
#endif

#endif /* TSIMT_LANE_H */
