/* SPDX-License-Identifier: Apache-2.0 */
/*
 * simt_stack.h -- SIMT reconvergence stack, single path (SPE): the baseline.
 *
 * Hardware: one stack per warp of entries {pc, mask, rpc}.  Only the top of
 * stack (TOS) is schedulable.  Papers: 000 sec. 3.2 and Fig. 5 (PDOM stack),
 * 003 sec. 2.1 and Fig. 2, 004 sec. 2.3.  The Verilog twin is
 * verilog/simt_stack.v: same parameters, same ports, same behaviour, cycle
 * for cycle.
 *
 * Configurations (cfg field = Verilog parameter):
 *
 *   | field   | param  | default | range  | meaning                       |
 *   |---------|--------|---------|--------|-------------------------------|
 *   | warps   | WARPS  | 48      | 1..64  | warps per core, one stack each|
 *   | lanes   | LANES  | 32      | 1..64  | threads per warp (mask bits)  |
 *   | depth   | DEPTH  | 16      | 1..32  | entries per stack             |
 *   | pc_bits | PC_W   | 32      | 2..64  | PC width                      |
 *   | merge   | MERGE  | 1       | 0..1   | merge on push (below)         |
 *
 *   Entry = 2*PC_W + LANES bits (96 at the defaults, SPEC 3.1).
 *
 * Timing.  All outputs are combinational from the current state and this
 * cycle's inputs (`always @*`).  tos_* is the TOS of op_warp, which the
 * branch unit reads to form the not-taken mask.  The stack update happens at the rising edge
 * of clk (`simt_stack_step`).  One operation per cycle, on one warp.  The read
 * port (rd_*) shows the state before this cycle's update.  Reset is
 * synchronous and active high; it empties every stack.
 *
 * Operations (`op`):
 *   LAUNCH  warp op_warp starts with one entry {op_pc, op_mask, op_rpc};
 *           op_rpc is the kernel's exit PC.  When the warp's last entry pops
 *           (its threads reached op_rpc) the warp is finished: depth 0.
 *   BRANCH  the instruction at TOS resolved: op_mask are the threads that
 *           take the branch to op_pc, the other TOS threads go to op_npc
 *           (fall-through), op_rpc is the branch's reconvergence PC
 *           (immediate post-dominator).  A non-branch instruction is a BRANCH
 *           with op_mask = 0 and op_npc = the next PC.
 *   EXIT    (op 3) the lanes op_mask of the TOS reach the kernel's exit
 *           (`ret`/`exit`) while TOS.rpc is not the exit PC (an early
 *           return whose branch reconverges before the exit, docs/ptx.md
 *           "Early returns that leave the stack"): they leave the warp.
 *           They are cleared from every entry of op_warp's stack; the
 *           entries left empty pop (they are contiguous at the top: a mask
 *           within the TOS's is within every entry below it that holds a
 *           TOS lane, and disjoint from the rest, by the runs invariant
 *           below); a base waiting at its rpc (pc == rpc) with nothing left
 *           above it goes too, as after a POP.  Depth 0: the warp finished.
 *           The TOS's pc is not changed (a TOS that keeps lanes keeps its
 *           pc; the core sends EXIT only for the whole TOS).  act = POP
 *           when an entry went, ADVANCE when none did (the act port has no
 *           free code).  op_pc, op_npc and op_rpc are not used.
 *           A departure from the papers' stacks, which have no such
 *           operation: there every thread of a warp reaches the exit at the
 *           bottom entry's rpc.  Before it, op 3 was illegal (BAD_OP); no
 *           op code is illegal now and BAD_OP is not produced.
 *
 * What a BRANCH does (t = op_mask, n = TOS.mask & ~t; the decision is
 * simt_rule.h, shared with lwm_subwarp's large-warp stacks):
 *   - uniform (t == 0 or n == 0): TOS.pc := the one target; if that equals
 *     TOS.rpc the entry pops (act POP), otherwise act ADVANCE.
 *   - divergent, op_rpc != TOS.rpc (act DIVERGE, 000 Fig. 5d): TOS.pc :=
 *     op_rpc; push the not-taken entry {op_npc, n, op_rpc}, then the taken
 *     entry {op_pc, t, op_rpc}, so the taken side runs first.
 *   - divergent, op_rpc == TOS.rpc and depth >= 2 (act SPLIT): the TOS
 *     entry would only wait for op_rpc, the point its own entry pops at, so
 *     it is replaced by the not-taken entry and the taken entry is pushed on
 *     top: net depth +1 instead of +2.  (As GPGPU-sim does; the papers always
 *     push two.  It saves a level and never changes which threads run when.)
 *     The base entry is never replaced: it keeps every thread of the warp
 *     until all of them reach the exit, so a divergence to the exit PC is a
 *     DIVERGE that leaves the base waiting with pc == rpc.
 *   - divergent, a SPLIT whose not-taken side (op_npc != op_rpc) finds an
 *     entry with pc == op_npc in the TOS's run (the contiguous entries
 *     right below the TOS with rpc == TOS.rpc, never entry 0), MERGE = 1
 *     (act MERGE): n is ORed into that entry (the nearest to the TOS) and
 *     not pushed; the taken entry replaces the TOS, or with op_pc ==
 *     op_rpc the TOS goes away as in a POP.  Net depth +0 or -1, never a
 *     STALL.  Our departure (the papers push always; GPGPU-Sim's stack is
 *     unbounded): without it a loop whose exit jumps one instruction short
 *     of its reconvergence point keeps one entry per round for the threads
 *     that left, up to a warp's threads plus the nesting (simt_rule.h,
 *     docs/ptx.md "histo8 at -O0").  MERGE = 0 is the stack as it was.
 *   - A side whose target already equals op_rpc (an `if` without `else`) is
 *     not pushed: its threads wait in the entry below.  With both sides at
 *     op_rpc the branch is a uniform jump to op_rpc.
 *   Consequence: only a waiting base entry holds pc == rpc, so a pop chains
 *   at most once: popping the last entry above a waiting base empties the
 *   stack (the warp is finished).
 *
 * Back-pressure.  A BRANCH that needs more entries than are free gets
 * ready = 0 (act STALL) and changes nothing; the pipeline must hold it.
 *
 * Illegal input (err = 1, err_code below, state unchanged, ready = 1):
 *   op_warp >= WARPS; LAUNCH on a warp with a non-empty stack, with
 *   op_mask == 0 or with op_pc == op_rpc; BRANCH on an empty stack, or with
 *   op_mask not a subset of TOS.mask; EXIT on an empty stack (WARP_IDLE),
 *   or with op_mask == 0 or not a subset of TOS.mask (BAD_MASK).
 *
 * Invariants (simt_stack_check): depth <= DEPTH; every entry has a non-empty
 * mask and pc != rpc (but a base entry with entries above it); entries are
 * grouped by runs of equal rpc (the entries pushed for one reconvergence
 * point); the masks of a run are pairwise
 * disjoint and their union is a subset of the mask of the entry below the
 * run; every mask is within LANES bits.  A merge keeps them all
 * (simt_rule.h has the proof).
 *
 * Merge worked example (the `twoexit` loop of docs/ptx.md: LOOP at 2,
 * `@p1 bra LOOP` at 6 falls through to `bra DONE` at 7, rpc DONE = 8;
 * thread t leaves after t rounds; 4 threads, launched {0,1111,X}):
 *   round 1, 1110->2, 0001->7, rpc 8 (DIVERGE)
 *                          [ {8,1111,X} {7,0001,8} {2,1110,8} ]
 *   round 2, 1100->2, 0010->7 (MERGE into entry 1, taken replaces the TOS)
 *                          [ {8,1111,X} {7,0011,8} {2,1100,8} ]
 *   round 3, 1000->2, 0100->7 (MERGE)  [ {8,1111,X} {7,0111,8} {2,1000,8} ]
 *   round 4, none taken: ADVANCE to 7, then 7 -> 8 POP; {7,0111,8} -> 8 POP
 *   Without merging each round adds an entry {7, one thread, 8}.
 *
 * Worked example (000 Fig. 5, 4 threads, masks written t0..t3):
 *   LAUNCH A 1111 rpc=X    [ {A,1111,X} ]
 *   A: 1110->B, 0001->F, rpc G   (DIVERGE)
 *                          [ {G,1111,X} {F,0001,G} {B,1110,G} ]
 *   B: 1000->C, 0110->D, rpc E   (DIVERGE)
 *                          [ {G,1111,X} {F,0001,G} {E,1110,G} {D,0110,E} {C,1000,E} ]
 *   C -> E (POP), D -> E (POP), E -> G (POP), F -> G (POP)
 *                          [ {G,1111,X} ]
 */
/*
 * EXIT worked example (tests/test_simt_stack.c exit_worked_example asserts
 * every step; an early return under a divergent branch: A: 1100->B,
 * 0011->G, rpc G; B: 0100 return (->D, `ret`), 1000 stay (->C), rpc C, the
 * SM model's reconvergence point of an early-return branch being its
 * staying side's target; 4 threads, masks t0 first):
 *   LAUNCH A 1111 rpc=X    [ {A,1111,X} ]
 *   A: DIVERGE             [ {G,1111,X} {B,1100,G} ]          (0011 wait at G)
 *   B: DIVERGE (the staying side is at the rpc, not pushed)
 *                          [ {G,1111,X} {C,1100,G} {D,0100,C} ]
 *   D: ret, EXIT 0100 (TOS.rpc C is not X): cleared everywhere, the TOS
 *      empty: POP          [ {G,1011,X} {C,1000,G} ]
 *   C -> G POP             [ {G,1011,X} ]   then G -> X POP: depth 0
 *   Had 1100 all returned at B (uniform, ADVANCE to D), EXIT 1100 would
 *   have emptied the TOS only: [ {G,0011,X} ], and an EXIT 0011 then
 *   empties the stack (depth 0, the warp finished).
 */
/*
 * Cost per cycle (issue 17; callgrind and CPU time on the co-simulation's
 * recorded stimulus, defaults).  The model is written for a branch
 * predictor that sees random traffic: the rule's cases (uniform or
 * divergent, target at the rpc, SPLIT or DIVERGE, room) are computed for
 * every branch and the writes selected by masks (simt_rule_cases), the
 * ports read their entries from indices that are always within the arrays
 * and mask what they do not show, and the step writes the TOS pc and two
 * whole entries every cycle (an entry write that is not a push lands above
 * the new depth, in the spare entry at worst).  Left are one branch on
 * "legal BRANCH or not" (NOP, LAUNCH and errors, about 13% of cycles in
 * the stimulus, take the other way) and the write enable in the step:
 * ~0.15 simulated mispredictions per cycle, against ~1.35 for the branchy
 * decision it replaced.  The cost is now the instructions themselves:
 * simt_stack_eval ~295 (the inputs and the two reads ~145, of them ~25
 * deriving the port masks from the cfg; the rule and its selections
 * ~150), simt_stack_step ~24 (the branchy version ran ~180 + ~20), and a
 * chain of dependent loads (depth, TOS entry, flags, selections) that the
 * next cycle waits on when it operates on the same warp.  On this machine
 * that is ~24 ns per cycle, ~8 ns of it the bench loop itself (the
 * recorded inputs streaming from memory and the two calls), against ~78 ns
 * for the Verilated RTL: only ~5% faster than the branchy version, whose
 * mispredictions the extra instructions now cost.  Entry-major state (an
 * entry's fields adjacent) did not change the time measurably: the
 * entries touched fit the cache.
 */
#ifndef SIMT_STACK_H
#define SIMT_STACK_H

#include <stdint.h>

#include "port.h"

#ifdef __cplusplus
extern "C" {
#endif

struct vcd_writer;

#define SIMT_STACK_MAX_WARPS 64
#define SIMT_STACK_MAX_DEPTH 32

enum simt_stack_op {
    SIMT_OP_NOP = 0,
    SIMT_OP_LAUNCH = 1,
    SIMT_OP_BRANCH = 2,
    SIMT_OP_EXIT = 3 /* lanes leave the warp (below); was illegal (BAD_OP) before */
};

enum simt_stack_err {
    SIMT_ERR_NONE = 0,
    SIMT_ERR_BAD_OP = 1,
    SIMT_ERR_BAD_WARP = 2,
    SIMT_ERR_WARP_BUSY = 3,
    SIMT_ERR_WARP_IDLE = 4,
    SIMT_ERR_BAD_MASK = 5,
    SIMT_ERR_BAD_LAUNCH = 6
};

enum simt_stack_act {
    SIMT_ACT_IDLE = 0,    /* nop, or rejected with err */
    SIMT_ACT_LAUNCH = 1,
    SIMT_ACT_ADVANCE = 2, /* uniform: TOS.pc updated */
    SIMT_ACT_POP = 3,     /* TOS reached its rpc and popped */
    SIMT_ACT_DIVERGE = 4, /* TOS.pc := rpc, 1 or 2 pushed */
    SIMT_ACT_SPLIT = 5,   /* TOS replaced, 0 or 1 pushed */
    SIMT_ACT_STALL = 6,   /* not enough free entries: ready = 0 */
    SIMT_ACT_MERGE = 7    /* a SPLIT whose not-taken side merged: 0 or 1 pushed */
};

typedef struct {
    unsigned warps;
    unsigned lanes;
    unsigned depth;
    unsigned pc_bits;
    unsigned merge; /* merge on push (last: a positional {w, l, d, pc} leaves it 0) */
} simt_stack_cfg;

/* One stack entry (the Verilog's pc_q, mask_q and rpc_q at one index). */
typedef struct {
    uint64_t pc, mask, rpc;
} simt_stack_entry;

/* Entry-major: an operation touches the entries of one warp, and an entry's
 * three fields are adjacent (one or two cache lines per cycle, not three).
 * Each warp has one spare entry past MAX_DEPTH: an entry at or above a
 * warp's depth is not state (the RTL does not even reset it), so the step
 * writes its two push entries every cycle, a push that does not happen
 * going above the new depth (simt_stack_step). */
typedef struct {
    simt_stack_entry ent[SIMT_STACK_MAX_WARPS][SIMT_STACK_MAX_DEPTH + 1];
    uint8_t sp[SIMT_STACK_MAX_WARPS]; /* entries in use; TOS = sp - 1 */
} simt_stack_state;

typedef struct {
    uint64_t op;      /* 2 bits, enum simt_stack_op */
    uint64_t op_warp; /* WARP_W = clog2(WARPS) bits */
    uint64_t op_mask; /* LANES */
    uint64_t op_pc;   /* PC_W */
    uint64_t op_npc;  /* PC_W */
    uint64_t op_rpc;  /* PC_W */
    uint64_t rd_warp; /* WARP_W */
    uint64_t rd_idx;  /* IDX_W = clog2(DEPTH) bits; 0 = TOS */
} simt_stack_in;

typedef struct {
    uint64_t ready;    /* 0: op held back (stack full) */
    uint64_t err;
    uint64_t err_code; /* 3 bits, enum simt_stack_err */
    uint64_t act;      /* 3 bits, enum simt_stack_act */
    uint64_t op_depth; /* DEPTH_W = clog2(DEPTH+1) bits: depth of op_warp */
    uint64_t tos_pc;   /* TOS of op_warp, what the branch unit reads (0 if empty) */
    uint64_t tos_mask;
    uint64_t tos_rpc;
    uint64_t rd_depth; /* DEPTH_W: depth of rd_warp */
    uint64_t rd_valid; /* rd_idx < rd_depth */
    uint64_t rd_pc;    /* entry rd_idx below TOS of rd_warp (0 if !rd_valid) */
    uint64_t rd_mask;
    uint64_t rd_rpc;
    /* The cycle's decision, for simt_stack_step (internal: not ports, not
     * visited by simt_stack_ports): d_write = the clock edge changes warp
     * d_warp (no err, not idle, not stalled); then entry d_tos gets pc :=
     * d_tos_pc, entries d_base + i (i = 0, then 1) get {d_pc[i], d_mask[i],
     * d_rpc[i]}, and the depth becomes d_sp_next.  An entry write that is
     * not a push lands at or above the new depth (not state) or rewrites the
     * TOS with what it must hold.  Meaningful only when d_write is 1.  (One
     * array per field: a step that copied whole entries would read them as
     * 16-byte words that eval wrote as 8-byte ones, a store-forwarding stall
     * of about a dozen cycles each.) */
    uint8_t d_write, d_warp, d_tos, d_base, d_sp_next;
    uint8_t d_merge;       /* MERGE: entry d_merge's mask |= d_merge_mask (else 0, 0) */
    uint64_t d_merge_mask;
    uint64_t d_clear;      /* EXIT: these lanes leave entries 0 .. d_tos - 1 (else 0) */
    uint64_t d_tos_pc;
    uint64_t d_pc[2], d_mask[2], d_rpc[2];
} simt_stack_out;

/* The parameter table and its glue (PARAM_DECLS in port.h): defaults,
 * ranges, Verilog names; its cfg_check gives NULL or one line naming the
 * field and its range. */
PARAM_DECLS(simt_stack)

unsigned simt_stack_warp_w(const simt_stack_cfg *cfg);  /* op_warp width */
unsigned simt_stack_idx_w(const simt_stack_cfg *cfg);   /* rd_idx width */
unsigned simt_stack_depth_w(const simt_stack_cfg *cfg); /* depth outputs width */

void simt_stack_reset(const simt_stack_cfg *cfg, simt_stack_state *s);
void simt_stack_eval(const simt_stack_cfg *cfg, const simt_stack_state *s,
                     const simt_stack_in *in, simt_stack_out *out);
/* The clock edge.  Contract: `out` is what simt_stack_eval returned for
 * this state and `in` this cycle; step applies the decision it carries
 * (out->d_*) and does not recompute it. */
void simt_stack_step(const simt_stack_cfg *cfg, simt_stack_state *s, const simt_stack_in *in,
                     const simt_stack_out *out);
const char *simt_stack_check(const simt_stack_cfg *cfg, const simt_stack_state *s);

/* Visits every Verilog port in a fixed order (see port.h). */
void simt_stack_ports(const simt_stack_cfg *cfg, const simt_stack_in *in,
                      const simt_stack_out *out, port_visit_fn visit, void *ctx);
/* Ports, then a `state` scope with depth and TOS of each warp. */
void simt_stack_trace(struct vcd_writer *w, const simt_stack_cfg *cfg,
                      const simt_stack_state *s, const simt_stack_in *in,
                      const simt_stack_out *out);

const char *simt_stack_err_name(unsigned code);
const char *simt_stack_act_name(unsigned act);

#ifdef __cplusplus
}
#endif

#endif /* SIMT_STACK_H */
