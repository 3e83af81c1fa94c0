/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tsimt_frontend.h -- the issue front end of a temporal-SIMT core: a
 * per-warp instruction buffer, one issue per cycle to one of L lanes, warps
 * statically bound to lanes, round-robin arbitration, and issue-conflict
 * counters.  Paper 002 sec. 3.1 (the core: lanes with private warp pools,
 * "dedicated slots for each warp" in the instruction buffer, one warp
 * scheduler that "monitors when TSIMT lanes complete"), sec. 3.3 ("a front
 * end that is able to issue one instruction per clock cycle"), sec. 5.2 (an
 * L-lane core re-issues to a lane every L cycles at best), sec. 5.6 and
 * Table IV (issue conflicts).  Twin: verilog/tsimt_frontend.v.
 *
 * COMPOSITION.  The front end instantiates L tsimt_lane units (rtl_c/
 * tsimt_lane.h, verilog/tsimt_lane.v): the sequencing logic exists once.
 * tsimt_frontend_state holds L tsimt_lane_state; eval evaluates each lane
 * (tsimt_lane_sequence then tsimt_lane_eval_seq: tsimt_lane_eval in two
 * parts) with the inputs the wiring below gives it, and step calls
 * tsimt_lane_step with the same outputs (carried in tsimt_frontend_out) for
 * every lane whose state can change.
 *
 * Configurations (cfg field = Verilog parameter):
 *
 *   | field      | param   | default | range                               |
 *   |------------|---------|---------|-------------------------------------|
 *   | lanes      | LANES   | 8       | 1..64, divides warps (002: 8 lanes) |
 *   | warps      | WARPS   | 32      | 1..64 warps per core (Table III: 32)|
 *   | warp       | WARP    | 32      | threads per warp, as tsimt_lane     |
 *   | width      | K       | 1       | lane width, as tsimt_lane           |
 *   | instr_bits | INSTR_W | 32      | 1..64                               |
 *   | cnt_bits   | CNT_W   | 32      | 1..64 conflict-counter width        |
 *
 *   Derived: WPL = WARPS/LANES warps per lane; WID_W = clog2(WARPS), LANE_W
 *   = clog2(LANES), SLOT_W = clog2(WPL), TID_W = clog2(WARP) (each >= 1);
 *   THR_W = clog2(LANES*K + 1).  Lanes get WARP, K, INSTR_W and WID_W.
 *
 * Static warp-to-lane map: warp w lives in lane w mod LANES, slot w div
 * LANES (lane l holds warps l, l+L, l+2L, ...).  002 says only that warps
 * are "evenly divided over all TSIMT lanes" and "cannot switch between
 * lanes"; its DG 0 example (blocks of three warps on lanes 0-2 and 3-5) is
 * consistent with w mod L, which also spreads consecutive warps, and so the
 * warps of one block, over different lanes.
 *
 * State (what the area model counts): the instruction buffer, WARPS slots
 * of {ib_v_q (1), ib_instr_q (INSTR_W), ib_mask_q (WARP), ib_s_q (1)}; rr_q (LANE_W), the
 * lane with first priority; wp_q[L] (SLOT_W each), the slot with first
 * priority inside each lane; conf1_q, conf2_q, conf3_q (CNT_W each); and L
 * tsimt_lane states.  Logic: per lane a WPL-input round-robin picker over
 * ib_v & sb_ok of its warps, an L-input round-robin picker over the lanes'
 * requests, a WARPS-to-1 mux of {instr, mask} to the issue bus (shared by
 * every lane; each lane loads it when selected), the fill-port slot decoder,
 * a popcount of the L request bits (conflict class), three saturating
 * counters, an adder tree for ex_threads, and the rd_lane mux.
 *
 * Ports.
 *   fill (the 1-wide fetch/decode, 002 sec. 3.1): fill_valid, fill_warp
 *     (WID_W), fill_instr (INSTR_W), fill_mask (WARP), fill_scalar (the
 *     instruction is scalar, below): write the warp's slot.  The slot must
 *     be empty at the start of the cycle (ib_full tells) or issue this
 *     cycle (iss_warp): the buffer entry is read by the issue and rewritten
 *     by the fill at the same edge, so a warp whose next instruction is
 *     fetched as it issues can issue every cycle, as a SIMT front end's
 *     buffer allows (002 sec. 3.3: one instruction a cycle; issue 24 item
 *     3).  Such a refill writes the slot's scalar bit too: the issue
 *     carries the old bit (iss_scalar), the slot keeps fill_scalar.
 *   sb_ok (WARPS bits): the scoreboard lets warp w's buffered instruction
 *     issue this cycle (dependencies resolved); outside this model.
 *   rd_lane (LANE_W): selects the lane shown on rd_*.
 *   out: err, err_code (2), act (2); iss_valid, iss_lane, iss_warp,
 *     iss_instr, iss_mask, iss_scalar (the issue this cycle); conflict (2 bits: ready
 *     lanes left waiting this cycle, 3 = three or more); ib_full (WARPS,
 *     = ib_v_q); lane_ready, lane_req, lane_ex, lane_done, lane_err (L bits
 *     each: lane takes an instruction; lane is ready and has an issuable
 *     warp; lane executes a group; lane finishes an instruction; lane raised
 *     err -- never, asserted); ex_threads (THR_W: threads executing in all
 *     lanes this cycle); conf1, conf2, conf3 (CNT_W counters); rd_act (3),
 *     rd_ex_valid (K), rd_ex_base (TID_W), rd_ex_warp (WID_W), rd_ex_instr
 *     (INSTR_W), rd_ex_scalar: lane rd_lane's tsimt_lane outputs (0 if
 *     rd_lane >= LANES).
 *
 * SCALAR (002 sec. 4.1, issue 26).  The decoder marks an instruction scalar
 * (fill_scalar) when the compiler's scalarization marked it scalar and its
 * destination is a scalar register (tb/simt/scalar.h; an instruction left
 * scalar with a vector destination writes every active thread, so it is
 * filled as a vector one).  The slot keeps the bit (ib_s_q) beside its
 * mask; the issue carries it (iss_scalar) to the lane's in_scalar, and the
 * lane runs the instruction once, as a one-thread instruction for the
 * lowest active thread of the mask (tsimt_lane.h SCALAR): one execution
 * cycle, and one thread in ex_threads.  Issue, arbitration and conflicts
 * are unchanged: a scalar instruction takes the issue slot of the cycle
 * like any other, and frees its lane one cycle later.  fill_scalar is
 * ignored without fill_valid, and no combination with it is illegal.
 * With fill_scalar = 0 every behaviour is the front end's without the port,
 * bit for bit (ib_s_q stays 0).
 *
 * Issue (one per cycle).  Lane l requests when it is ready (tsimt_lane
 * ready: idle, or in its last execution cycle -- the pipelined hand-over)
 * and one of its warps has ib_v & sb_ok.  Inside each lane a round-robin
 * picker chooses the first such slot at or after wp_q[l] (cyclically); among
 * the requesting lanes a round-robin picker chooses the first at or after
 * rr_q.  The chosen lane's in_valid is 1 with the slot's {warp, instr,
 * mask}; at the edge the slot empties, rr_q := lane + 1, wp_q[lane] := slot
 * + 1 (mod LANES, WPL).  A lane that is not ready is never served (lane_err
 * stays 0).  Fairness: a lane that keeps requesting is served within LANES
 * cycles; a warp that stays issuable is passed over at most WPL - 1 times
 * by its own lane.  (002 does not give the arbitration; round-robin at both
 * levels is the simplest starvation-free choice.)
 *
 * Issue conflicts (002 sec. 5.6, Table IV): "how often 1, 2 or 3 or more
 * instructions could not be issued as soon as they were ready for issue and
 * their lane was ready to accept them, but the instruction frontend was busy
 * with issuing an instruction to a different lane".  A lane holds one
 * instruction, so at most one per lane can be waiting: with R requesting
 * lanes, R - 1 are not served (R >= 1).  conflict = min(R - 1, 3), and
 * conf1/conf2/conf3 count the cycles with 1, 2, >= 3 (saturating at
 * 2^CNT_W - 1; cleared by reset only).  Table IV divides them by the cycle
 * count, which the user of the counters keeps.  (002 treats these as
 * simulator statistics; here they are hardware performance counters.)
 *
 * 002 sec. 5.2 consequence.  With K = 1, every warp's next instruction
 * always issuable and n active threads per instruction, round-robin returns
 * to a lane every LANES cycles, so a lane is busy n of every max(n, LANES)
 * cycles: it needs n >= LANES "to hide the L-cycle issue round" (002: "To
 * hide 8 clock cycles, a lane requires a warp instruction with at least 8
 * active threads").  The pipelined hand-over makes that exact; a lane that
 * became ready only when idle would need n >= LANES + 1.  tests assert it.
 *
 * Timing.  All outputs are combinational from the state and this cycle's
 * inputs (lane_ready, ib_full and the counters from the state only).  A
 * filled instruction can issue from the next cycle; a slot can be filled in
 * the cycle its instruction issues (the issue pick reads no fill input, so
 * the fill check depends on the pick, never the other way).  An issued instruction's first
 * group executes the cycle after the issue (tsimt_lane timing).  Reset:
 * synchronous, active high; empties the buffer, clears pointers, counters
 * and every lane.
 *
 * Illegal input (err = 1, act = HOLD, state unchanged: no fill, no issue,
 * no counter or pointer change, and every lane held by its hold input, so
 * nothing executes that cycle).  First match:
 *   BAD_WARP   1  fill_valid and fill_warp >= WARPS
 *   SLOT_FULL  2  fill_valid and the warp's slot holds an instruction
 *                 that does not issue this cycle
 *   EMPTY      3  fill_valid and fill_mask = 0 (the lane would reject it)
 *
 * act (2 bits): IDLE 0 (no lane requests), ISSUE 1 (one lane requested and
 * was served), CONFLICT 2 (served one, others left waiting), HOLD 3 (err).
 *
 * Departures from 002: fetch, decode and the scoreboard are outside (fill
 * port and sb_ok); no memory-stall back-pressure; lane pools are fixed by
 * the map, not by the CTA allocator; 002's TSIMT+ register allocation is not
 * modelled.
 *
 * Invariants (tsimt_frontend_check): every lane's tsimt_lane_check; the
 * lanes' warp registers hold warps of their own lane (w mod L = l) when
 * busy; rr_q < LANES, wp_q[l] < WPL; slots beyond WARPS empty; every
 * buffered mask non-empty and within WARP; registers within their widths.
 *
 * Contract of step (issue 17): tsimt_frontend_step(cfg, s, in, out) applies
 * the decision carried in `out` (the nx_* fields and the lanes' inputs and
 * outputs, lin/lout), which must be what tsimt_frontend_eval returned for
 * the same state and inputs this cycle.
 *
 * Worked example (LANES = 2, WARPS = 4, K = 1; lane 0 holds warps 0, 2,
 * lane 1 warps 1, 3): warps 0 and 1 hold masks of 2 threads, sb_ok all 1.
 *   c0: lanes 0 and 1 request; rr_q = 0 -> issue warp 0 to lane 0 (act
 *       CONFLICT, conflict = 1: lane 1 waits); rr_q := 1.
 *   c1: lane 0 runs thread 0; lane 1 requests -> issue warp 1 (ISSUE).
 *   c2: lane 0 runs thread 1 (done: last cycle, ready); lane 1 runs its
 *       first thread; nothing buffered for lane 0 -> IDLE.
 *   conf1 = 1 after c0.
 */
/*
 * Cost per cycle (issue 17; callgrind, defaults: 8 lanes): eval ~1,200
 * instructions, step ~220, linear in LANES.  Each busy lane's sequencing
 * (tsimt_lane_sequence, inline) is computed once and serves both its
 * readiness and its outputs; a lane that is idle and not issued to is not
 * evaluated and its lin/lout are not written (nx_work; issue 24 item 6: in
 * build/simt about half the lanes are idle in a cycle; the rd_* mux and
 * the cosim read an idle lane's constants); the lane requests are WPL word ORs of the
 * eligible vector's L-bit rows (no per-lane slot loop); the slot round
 * robin runs for the chosen lane only; nothing divides (WPL wraps by a
 * compare); ex_threads packs the lanes' K-bit ex_valid into words, one
 * popcount per 64 bits.  Step applies only the lanes that move (lane_ex and
 * the issued lane, by mask and count-trailing-zeros).  What dominates is
 * the per-lane work left: writing each working lane's wiring (lin) and
 * outputs (lout, 12 words) and the lane's branches, ~100 instructions a
 * working lane.  In build/simt --bench (8 lanes, about 6.5 of them working
 * a cycle; docs/bench.md, 2026-11-29 tsimtlwm4) eval costs ~820
 * instructions a cycle, ~1,010 before nx_work.  At the 32-thread presets
 * (64 lanes) it cost ~4,700 a cycle; the SM model with its checks off now
 * uses the lean pair (LEAN, below), ~150 a cycle whatever the lanes.
 */
#ifndef TSIMT_FRONTEND_H
#define TSIMT_FRONTEND_H

#include <stdint.h>

#include "port.h"
#include "tsimt_lane.h"

#ifdef __cplusplus
extern "C" {
#endif

struct vcd_writer;

#define TSIMT_FE_MAX_LANES 64
#define TSIMT_FE_MAX_WARPS 64

enum tsimt_frontend_err {
    TSIMT_FE_ERR_NONE = 0,
    TSIMT_FE_ERR_BAD_WARP = 1,
    TSIMT_FE_ERR_SLOT_FULL = 2,
    TSIMT_FE_ERR_EMPTY = 3
};

enum tsimt_frontend_act {
    TSIMT_FE_ACT_IDLE = 0,
    TSIMT_FE_ACT_ISSUE = 1,
    TSIMT_FE_ACT_CONFLICT = 2,
    TSIMT_FE_ACT_HOLD = 3
};

typedef struct {
    unsigned lanes;
    unsigned warps;
    unsigned warp;
    unsigned width;
    unsigned instr_bits;
    unsigned cnt_bits;
} tsimt_frontend_cfg;

typedef struct {
    uint64_t ib_v_q; /* bit w: slot of warp w holds an instruction */
    uint64_t ib_instr_q[TSIMT_FE_MAX_WARPS];
    uint64_t ib_mask_q[TSIMT_FE_MAX_WARPS];
    uint64_t ib_s_q; /* bit w: slot of warp w holds a scalar instruction */
    uint64_t rr_q;
    uint64_t wp_q[TSIMT_FE_MAX_LANES];
    uint64_t conf1_q, conf2_q, conf3_q;
    tsimt_lane_state lane[TSIMT_FE_MAX_LANES];
} tsimt_frontend_state;

typedef struct {
    uint64_t fill_valid;
    uint64_t fill_warp;  /* WID_W */
    uint64_t fill_instr; /* INSTR_W */
    uint64_t fill_mask;  /* WARP */
    uint64_t fill_scalar;
    uint64_t sb_ok;      /* WARPS */
    uint64_t rd_lane;    /* LANE_W */
} tsimt_frontend_in;

typedef struct {
    uint64_t err;
    uint64_t err_code; /* 2 bits */
    uint64_t act;      /* 2 bits */
    uint64_t iss_valid;
    uint64_t iss_lane;  /* LANE_W */
    uint64_t iss_warp;  /* WID_W */
    uint64_t iss_instr; /* INSTR_W */
    uint64_t iss_mask;  /* WARP */
    uint64_t iss_scalar;
    uint64_t conflict;  /* 2 bits */
    uint64_t ib_full;   /* WARPS */
    uint64_t lane_ready, lane_req, lane_ex, lane_done, lane_err; /* LANES each */
    uint64_t ex_threads; /* THR_W */
    uint64_t conf1, conf2, conf3; /* CNT_W */
    uint64_t rd_act;      /* 3 */
    uint64_t rd_ex_valid; /* K */
    uint64_t rd_ex_base;  /* TID_W */
    uint64_t rd_ex_warp;  /* WID_W */
    uint64_t rd_ex_instr; /* INSTR_W */
    uint64_t rd_ex_scalar;
    /* the decision of the cycle (not ports) */
    uint64_t nx_fill;    /* write fill_* into slot fill_warp */
    uint64_t nx_slot;    /* slot (lane-local) of the issued warp */
    uint64_t nx_work;    /* LANES: the lanes evaluated (busy, or issued to) */
    /* each lane's wiring and outputs, written for the lanes of nx_work only:
     * every other lane is idle and not issued to, its outputs the constants
     * of an idle lane (ready 1, act IDLE, or HOLD under err; the rest 0) */
    tsimt_lane_in lin[TSIMT_FE_MAX_LANES];
    tsimt_lane_out lout[TSIMT_FE_MAX_LANES];
} tsimt_frontend_out;

/* The parameter table and its glue (PARAM_DECLS in port.h): defaults,
 * ranges, Verilog names; its cfg_check gives NULL or one line naming the
 * field and its range. */
PARAM_DECLS(tsimt_frontend)
/* The configuration every lane gets. */
tsimt_lane_cfg tsimt_frontend_lane_cfg(const tsimt_frontend_cfg *cfg);

unsigned tsimt_frontend_wpl(const tsimt_frontend_cfg *cfg);    /* WARPS / LANES */
unsigned tsimt_frontend_wid_w(const tsimt_frontend_cfg *cfg);  /* clog2(WARPS) */
unsigned tsimt_frontend_lane_w(const tsimt_frontend_cfg *cfg); /* clog2(LANES) */
unsigned tsimt_frontend_slot_w(const tsimt_frontend_cfg *cfg); /* clog2(WPL) */
unsigned tsimt_frontend_thr_w(const tsimt_frontend_cfg *cfg);  /* clog2(L*K+1) */
/* The static map. */
unsigned tsimt_frontend_lane_of(const tsimt_frontend_cfg *cfg, unsigned warp);
unsigned tsimt_frontend_warp_at(const tsimt_frontend_cfg *cfg, unsigned lane, unsigned slot);

void tsimt_frontend_reset(const tsimt_frontend_cfg *cfg, tsimt_frontend_state *s);
void tsimt_frontend_eval(const tsimt_frontend_cfg *cfg, const tsimt_frontend_state *s,
                         const tsimt_frontend_in *in, tsimt_frontend_out *out);
void tsimt_frontend_step(const tsimt_frontend_cfg *cfg, tsimt_frontend_state *s,
                         const tsimt_frontend_in *in, const tsimt_frontend_out *out);
const char *tsimt_frontend_check(const tsimt_frontend_cfg *cfg, const tsimt_frontend_state *s);

/*
 * LEAN (issue 25 sec. 6).  C only, no behaviour of its own: for a user with
 * its checks off and no trace (the SM model's tsimt and stsimt), which
 * reads the decision of the cycle and none of the lanes' ports.  At the
 * 32-thread presets (64 lanes of one thread, a warp's 32 threads over 32
 * cycles) eval sequences every busy lane and writes its wiring and outputs
 * every cycle, which nobody reads there; the lean pair pays per issue
 * instead.  A lane's timing is known at its load: it runs its non-empty
 * groups one a cycle, so it is in its last group (ready) exactly
 * (groups - 1) cycles after its first.  tsimt_frontend_lean keeps, per
 * lane, the cycle of its first group, and a ring of the lanes whose last
 * group falls in each of the next cycles (a lane has at most WARP groups,
 * so RING > 64 slots never wrap onto a pending one).
 *   lean_init takes a state's lanes (any legal state: a busy lane has run
 *     its groups below pos_q); the state's other fields stay where they are.
 *   eval_lean writes err, err_code, act, iss_*, conflict, ib_full,
 *     lane_ready, lane_req, conf1..3, nx_fill and nx_slot, each equal to
 *     eval's on the synced state (tsimt_frontend_lean_same compares them);
 *     it leaves lane_ex, lane_done, lane_err, ex_threads, rd_*, nx_work,
 *     lin and lout alone.  O(1) in the lanes.
 *   step_lean takes eval_lean's answer (or eval's) and applies step's edge:
 *     the buffer, pointers and counters, and the issued lane's load, in the
 *     state; every lane's busy_q and pos_q are left as they were (stale)
 *     and kept in the lean record instead.
 *   lean_sync writes busy_q and pos_q of every lane from the lean record:
 *     the state is then the one eval and step would have given, every bit.
 * tests/test_tsimt_frontend.c runs the lean pair beside the full one in
 * every cycle of every test and compares the decision and, after a sync,
 * the whole state; the SM model under --check runs it on a shadow state and
 * compares both every cycle (--inject-fault lean@C plants a stale readiness
 * in the lean answer).
 */
#define TSIMT_FE_LEAN_RING 128
typedef struct {
    uint64_t now;   /* cycles stepped since lean_init */
    uint64_t busy;  /* lanes busy */
    uint64_t lastm; /* busy lanes in their last group in cycle now */
    uint64_t start[TSIMT_FE_MAX_LANES]; /* a busy lane's first group's cycle */
    uint64_t ring[TSIMT_FE_LEAN_RING];  /* [t % RING]: lanes whose last group
                                         * runs in cycle t, now < t */
} tsimt_frontend_lean;

void tsimt_frontend_lean_init(const tsimt_frontend_cfg *cfg, const tsimt_frontend_state *s,
                              tsimt_frontend_lean *z);
void tsimt_frontend_eval_lean(const tsimt_frontend_cfg *cfg, const tsimt_frontend_state *s,
                              const tsimt_frontend_lean *z, const tsimt_frontend_in *in,
                              tsimt_frontend_out *out);
int tsimt_frontend_lean_same(const tsimt_frontend_out *a, const tsimt_frontend_out *b);
void tsimt_frontend_step_lean(const tsimt_frontend_cfg *cfg, tsimt_frontend_state *s,
                              tsimt_frontend_lean *z, const tsimt_frontend_in *in,
                              const tsimt_frontend_out *out);
void tsimt_frontend_lean_sync(const tsimt_frontend_cfg *cfg, tsimt_frontend_state *s,
                              const tsimt_frontend_lean *z);
/* For a user that skips idle cycles (the SM model's quiet cycles, issue 25
 * sec. 6).  lean_wait: the cycles from z->now until lane l is ready (idle
 * or in its last group; 0: now), if nothing is issued to it meanwhile.
 * lean_idle: n cycles with no fill, no issue and no err, as n step_lean
 * calls of such a cycle would take them (those change only the lanes'
 * timing: lanes finish, z->now advances); at most RING of them loop. */
uint64_t tsimt_frontend_lean_wait(const tsimt_frontend_cfg *cfg, const tsimt_frontend_state *s,
                                  const tsimt_frontend_lean *z, unsigned l);
void tsimt_frontend_lean_idle(tsimt_frontend_lean *z, uint64_t n);

void tsimt_frontend_ports(const tsimt_frontend_cfg *cfg, const tsimt_frontend_in *in,
                          const tsimt_frontend_out *out, port_visit_fn visit, void *ctx);
/* Ports, then a `state` scope: pointers, buffer valid bits, and per lane
 * busy/pos/warp/mask. */
void tsimt_frontend_trace(struct vcd_writer *w, const tsimt_frontend_cfg *cfg,
                          const tsimt_frontend_state *s, const tsimt_frontend_in *in,
                          const tsimt_frontend_out *out);

const char *tsimt_frontend_err_name(unsigned code);
const char *tsimt_frontend_act_name(unsigned act);

#ifdef __cplusplus
}
#endif

#endif /* TSIMT_FRONTEND_H */
