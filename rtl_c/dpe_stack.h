/* SPDX-License-Identifier: Apache-2.0 */
/*
 * dpe_stack.h -- dual-path reconvergence stack (DPE): two schedulable paths
 * per entry.
 *
 * Hardware: one stack per warp of entries {L: pc, mask, valid; R: pc, mask,
 * valid; rpc}.  The two paths (L and R) of the top of stack (TOS) are both
 * schedulable, so the warp scheduler can interleave the taken and the
 * not-taken side of a divergent branch; reconvergence is that of the
 * single-path stack.  Paper: 003 sec. 3.1 and Fig. 4 (dual-path execution);
 * SPEC 3.2.  The Verilog twin is verilog/dpe_stack.v: same parameters, same
 * ports, same behaviour, cycle for cycle.  The single-path baseline is
 * rtl_c/simt_stack.h.
 *
 * Configurations (cfg field = Verilog parameter):
 *
 *   | field   | param  | default | range  | meaning                       |
 *   |---------|--------|---------|--------|-------------------------------|
 *   | warps   | WARPS  | 48      | 1..64  | warps per core, one stack each|
 *   | lanes   | LANES  | 32      | 1..64  | threads per warp (mask bits)  |
 *   | depth   | DEPTH  | 8       | 1..32  | entries per stack (003: <= 7 seen) |
 *   | pc_bits | PC_W   | 32      | 2..64  | PC width                      |
 *   | merge   | MERGE  | 1       | 0..1   | COMPACT (Forward progress)    |
 *
 *   Derived widths: WARP_W = clog2(WARPS) (op_warp, rd_warp), IDX_W =
 *   clog2(DEPTH) (rd_idx), DEPTH_W = clog2(DEPTH+1) (depth outputs); each at
 *   least 1.
 *
 *   Entry = 3*PC_W + 2*LANES + 2 bits: L.pc, R.pc, rpc, L.mask, R.mask and
 *   the two valid bits, 162 at the defaults.  (SPEC 3.2 says 160: it counts
 *   PCs and masks only; the valid bits could be folded into a zero mask but
 *   are kept because an invalid path keeps its mask, see DIVERGE.)  Per
 *   warp also a depth counter of DEPTH_W bits.
 *
 * Timing.  All outputs are combinational from the current state and this
 * cycle's inputs (`always @*`); tos_* is the TOS of op_warp, which the
 * branch unit reads to form the masks of path op_side.  The stack update happens at the rising edge
 * of clk (`dpe_stack_step`).  One operation per cycle, on one warp.  The read
 * port (rd_*) shows the state before this cycle's update; rd_idx = 0 is the
 * TOS, i.e. the two paths the scheduler may issue from (rd_l_* and rd_r_*,
 * each with its valid bit).  Below the TOS a valid path is one that is
 * suspended or waiting at the rpc of the entry above it.  Reset is
 * synchronous and active high; it empties every stack (the Verilog clears
 * the depth counters only; entries above a depth are never observable).
 *
 * Operations (`op`):
 *   LAUNCH  warp op_warp starts with one entry {L = {op_pc, op_mask, valid},
 *           R = {0, 0, invalid}, rpc = op_rpc}; op_rpc is the kernel's exit
 *           PC.  op_side and op_npc are ignored.  When the warp's last entry
 *           pops the warp is finished: depth 0.
 *   BRANCH  the instruction on path P = op_side (0 = L, 1 = R) of the TOS
 *           resolved: op_mask are the threads of P that take the branch to
 *           op_pc, the other threads of P go to op_npc (fall-through),
 *           op_rpc is the branch's reconvergence PC (immediate
 *           post-dominator).  A non-branch instruction is a BRANCH with
 *           op_mask = 0 and op_npc = the next PC.  Q is the other path.
 *   EXIT    (op 3) the threads op_mask of path P = op_side of the TOS leave
 *           the warp (a `ret`/`exit` reached while the TOS's rpc is not the
 *           kernel's exit: "Early returns" below).  op_pc, op_npc, op_rpc
 *           are ignored.
 *
 * What a BRANCH does (t = op_mask, n = P.mask & ~t):
 *   - uniform (t == 0 or n == 0): target = t != 0 ? op_pc : op_npc.
 *       target != TOS.rpc: P.pc := target                     (act ADVANCE)
 *       target == TOS.rpc: P reached the reconvergence point: P.pc :=
 *       target, P.valid := 0, and
 *         Q valid:   the entry stays, Q runs on alone          (act RECONV)
 *         Q invalid: both paths arrived, the entry pops        (act POP)
 *   - divergent: the new entry has L = {op_pc, t, valid = op_pc != op_rpc}
 *     (taken) and R = {op_npc, n, valid = op_npc != op_rpc} (not taken),
 *     rpc = op_rpc.  A side whose pc already equals op_rpc (an `if` without
 *     `else`) starts invalid but keeps its mask.
 *       * neither side valid: a uniform jump to op_rpc (as above, target =
 *         op_rpc): ADVANCE, RECONV or POP.
 *       * op_rpc == TOS.rpc, Q invalid, depth >= 2 (act SPLIT): the TOS
 *         entry only waits for op_rpc, the point it pops at anyway, so it is
 *         overwritten by the new entry; depth unchanged.
 *       * op_rpc == TOS.rpc, Q valid, depth >= 3, MERGE = 1, and the TOS's
 *         run has a slot for Q (act SPLIT, a COMPACT; "Forward progress"
 *         below): Q is written to that slot and the TOS is overwritten by
 *         the new entry, as by a SPLIT; depth unchanged, never a stall.
 *       * otherwise (act DIVERGE, 003 Fig. 4b): P.pc := op_rpc, P.valid :=
 *         (op_rpc != TOS.rpc), and the new entry is pushed.  If Q was valid
 *         it is suspended until the pushed entry pops ("the one to diverge
 *         pushes an entry and suspends the other path", 003 sec. 3.1, Fig.
 *         4c).  Needs one free entry.
 *   - POP: depth - 1, except that when the new TOS would be the base entry
 *     (depth == 2) and both of its paths are invalid the stack empties
 *     (depth 0: the warp is finished).  A pop chains at most once and only
 *     at the base: a TOS never keeps two invalid paths (that is a POP), and
 *     a DIVERGE at depth >= 2 leaves a valid path behind (either P, when
 *     op_rpc != TOS.rpc, or Q; op_rpc == TOS.rpc with Q invalid is a SPLIT).
 *     Only a DIVERGE of the base whose op_rpc is the base's rpc (the exit PC,
 *     e.g. an early return) with R invalid leaves an entry with both paths
 *     invalid, and that entry is the base.
 *
 * Back-pressure.  A DIVERGE on a full stack gets ready = 0 (act STALL) and
 * changes nothing; the pipeline must hold it.  SPLIT, uniform branches and
 * pops never need an entry.  (With DEPTH = 1 every divergent branch stalls.)
 *
 * No merge on push (simt_stack.h's MERGE; checked 2026-11-30).  The loop
 * with two exits of docs/ptx.md ("histo8 at -O0": `twoexit`, whose
 * leavers fall through to a `bra` one instruction short of the rpc) grows
 * simt_stack by one entry a round, because there the leavers' entry waits
 * below the TOS until the retriers are done, and a merge is what bounds it.
 * Here the leavers are the TOS's other path: they run beside the retriers,
 * reach the rpc and go invalid (RECONV) before the retriers branch again,
 * so the retriers' next divergence finds Q invalid and is a SPLIT, which
 * overwrites the TOS and needs no entry.  twoexit and histo8_O0 (committed
 * PTX, grid 1) run and match at the default, 001 and 003 with a peak depth
 * of 2, the same cycles with stack_merge on or off (tests/test_simt.sh
 * `dpe_twoexit_*`, `dpe_histo8_O0_*`).  When the leavers' way to the rpc is
 * longer than a round they are still valid at the retriers' next branch,
 * which is then a DIVERGE: Q is suspended, one entry a round, as 003 Fig.
 * 4c does; on a full stack the branch stalls until Q reaches the rpc, so
 * the loop still ends (its full-table stalls cost cycles).  Under 003's
 * push (MERGE = 0) a stack could deadlock: when the leavers' way to the
 * rpc itself diverges (an `if` in the exit path, leavers two at a time:
 * tests/test_simt.sh `twoexitif.k`), each round keeps one suspended entry,
 * and on a full stack both paths of the TOS want an entry (dpe stopped at
 * 001 and 003, dpe_depth 8; realworld7's own_lexer, a goto state machine,
 * at every paper preset).  simt_rule's merge does not bound it: the
 * suspended leavers ran ahead, so no entry waits at the new leavers' pc.
 *
 * Forward progress (MERGE = 1, the default; our departure from 003, which
 * pushes an entry for every suspension).  A sibling suspension -- a
 * divergence of P whose op_rpc is the TOS's own while Q is valid, the case
 * that is a SPLIT when Q is invalid -- pushes only when the TOS's run has
 * no slot for Q.  The run: the entries directly below the TOS whose rpc is
 * TOS.rpc, down to the first that differs, never entry 0 (simt_rule.h's
 * run: the TOS's siblings, pushed for the same reconvergence point; the
 * entry below them, their parent, waits at that rpc with all their
 * threads).  A slot: a valid path at Q's pc (Q joins it: mask OR) or an
 * invalid path (in a run entry a path is invalid only at the rpc, where its
 * threads are done with the run and wait in the parent: Q takes it).  The
 * nearest such entry to the TOS is used, a pc hit before a free slot within
 * it (COMPACT, reported as act SPLIT); the TOS is then overwritten by {L =
 * taken, R = not taken, op_rpc} as by a SPLIT, and the depth is unchanged.
 * Correct because every group of a run reconverges at the same rpc under
 * the same parent: when the entries above pop, the slot's entry resumes Q
 * beside its other path, in another order than 003's but with the same
 * threads at the same pcs (the order of independent paths only; the
 * shadow scoreboard sees the POP that resumes it).  twoexitif now peaks at
 * 4 entries and own_lexer at 7 (8 at 002); both match at every preset
 * (tests/test_simt.sh `dpe_twoexit_if_*`, tests/test_simt_cuda_realworld7.sh
 * `simt_cuda_own_lexer_dpe_*`), and with MERGE = 0 (`--set
 * stack_merge=off`) both still stop, which those tests also require.
 *
 * The depth bound (any CFG).  Cut a warp's stack into runs (maximal groups
 * of adjacent entries with one rpc).  An entry pushed with op_rpc !=
 * TOS.rpc has an rpc that TOS.rpc strictly post-dominates (the branch is
 * in the TOS's region, and every path from it reaches TOS.rpc), so the
 * runs' rpcs descend the post-dominator tree: at most N + 1 runs, N the
 * nesting depth of the kernel's reconvergence points (the height of that
 * tree over divergent branches).  Within a run, a push happens only when
 * no entry below the TOS has a slot, and it leaves exactly one free slot
 * (the old TOS: P at the rpc, Q suspended) that the next suspension fills
 * first; entries below the TOS change only by COMPACT filling slots.  So
 * in every run at most one entry below its top has a free slot, and a run
 * of k + 1 entries holds at least 2k - 1 suspended groups.  Suspended
 * groups have disjoint, non-empty masks (verilog/dpe_stack.v's p_one_entry,
 * proved), and the TOS keeps at least one thread running, so with G the
 * most groups a warp has suspended at once (G <= LANES - 1), summed over
 * the runs 2k - 1 <= G and
 *     depth <= (N + 1) + (G + N + 1) / 2 <= (N + 1) + (LANES + N) / 2,
 * against (N + 1) + G <= (N + 1) + LANES - 1 with 003's push (MERGE = 0:
 * an entry per suspended group).  No bound independent of LANES holds for
 * every CFG: a loop can release a new group per round into an exit path
 * longer than a round, and dual-path execution lets each run ahead to its
 * own pc, so up to one group per thread can be suspended at distinct pcs at
 * once (a COMPACT join needs equal pcs).
 *
 * What depth guarantees progress.  A DEPTH at least the bound above for
 * the kernel's N and G (for any kernel: (N + 1) + (LANES + N) / 2, 18 at
 * 32 lanes and N = 1, 23 at N = 4) never lets a divergence find the stack
 * full: the stack never stalls and the warp runs as with an unbounded one.
 * The paper's 8 (003 saw at most 7) is guaranteed only where
 * (N + 1) + (G + N + 1) / 2 <= 8, e.g. N = 1 with G <= 11 groups, as for
 * twoexitif and own_lexer (their peaks above); tests/test_dpe_stack.c
 * `depth_bound_worst_case` reaches 17 at 32 lanes, N = 1, G = 30 (one
 * thread released per round to a pc of its own), and 32 with MERGE = 0.
 * Beyond the bound, a divergence that needs an entry on a full stack gets
 * ready = 0 (act STALL) and changes nothing: the branch unit holds it and
 * retries, no thread is dropped (p_err_keeps), and the other path of the
 * TOS still runs.  It goes on when that changes the case -- Q reaches the
 * rpc, so a sibling suspension becomes a SPLIT (no entry), or an entry
 * pops.  When no other path of the warp can move (Q invalid, or itself
 * waiting for an entry) it waits for good, and build/simt stops with
 * `deadlock: ... full-table stalls`, naming the structure.
 *
 * Early returns (EXIT, op 3; 2026-11-30, our departure: 003's stack has
 * no such operation, every thread of a warp reaches the exit at the base's
 * rpc).  When the core computes reconvergence points without the exit
 * edges (a `ret` under a divergent branch, so that the branch reconverges
 * at a barrier or a join before the exit, docs/ptx.md "Early returns"),
 * the threads that return must leave the stack: otherwise they stay in the
 * masks of the entries below, whose paths then wait for them for good.
 * EXIT does it, as simt_stack's EXIT (its header) for the single-path
 * stack.  With x = op_mask (within P.mask, non-empty):
 *   - x is cleared from both paths' masks of every entry below the depth
 *     (valid or not: an invalid path keeps the mask of threads that wait
 *     at its rpc, in the entry below);
 *   - a valid path left without a thread goes invalid, its pc := its
 *     entry's rpc (where an invalid path always is, as if it had arrived);
 *   - the entries left without a valid path pop: the depth becomes one
 *     above the highest entry that keeps a valid path with a thread, 0 if
 *     none (the warp is finished).  They are contiguous at the top: x is
 *     within P, whose threads are, below the TOS, only in the paths that
 *     wait for the TOS's run (invariants below), and such a path left
 *     empty means every thread above it left too; a suspended path holds
 *     other threads and keeps them.  One EXIT can pop several entries (a
 *     POP by a BRANCH pops one, or two at the base).
 *   act: POP when the depth drops; else RECONV when P lost every thread
 *   (it is invalid now, Q valid runs on, as a BRANCH's RECONV); else
 *   ADVANCE (P runs on at its pc with the threads that stay: a guarded
 *   `@p ret`).  ready = 1: an EXIT never needs an entry.  The invariants
 *   below all still hold after it (dpe_stack_check; the Verilog's formal
 *   block proves them with EXIT among the inputs, plus p_exit_keep and
 *   p_exit_pop, the rule above).  The resumed path of a pop (the one that
 *   waited at the popped entry's rpc) runs on with the threads that did
 *   not return, as after a BRANCH's POP; the suspension rules are
 *   unchanged.  Worked example: tests/test_dpe_stack.c exit_early_return:
 *     LAUNCH A 1111 rpc=X; A (L): 1100->B, 0011->C, rpc G   (DIVERGE)
 *                                [ {G 1111* | 0 0000-, X}
 *                                  {B 1100* | C 0011*, G} ]
 *     B (L) is `ret`: EXIT 1100                             (RECONV)
 *                                [ {G 0011* | 0 0000-, X}
 *                                  {G 0000- | C 0011*, G} ]
 *     C (R) -> G                                            (POP)
 *                                [ {G 0011* | 0 0000-, X} ]  G (a barrier)
 *                                  waits for threads 2 and 3 only
 *   and, nested, B: 1000->D, 0100->E, rpc F with C suspended; EXIT 1000
 *   on D (RECONV), then EXIT 0100 on E: the TOS pops and entry 1's L,
 *   waiting at F for D and E, is left empty (invalid at G): entry 1 stays
 *   for C, which resumes.
 *
 * Illegal input (err = 1, err_code below, act IDLE, ready = 1, state
 * unchanged), in priority order:
 *   BAD_OP     never (op 3 was illegal before EXIT took it; the code stays)
 *   BAD_WARP   op_warp >= WARPS
 *   LAUNCH:  WARP_BUSY (depth != 0), BAD_MASK (op_mask == 0), BAD_LAUNCH
 *            (op_pc == op_rpc)
 *   BRANCH:  WARP_IDLE (depth == 0), BAD_PATH (path op_side of the TOS is
 *            not valid), BAD_MASK (op_mask not a subset of P.mask)
 *   EXIT:    as BRANCH, and BAD_MASK for op_mask == 0 too (as simt_stack)
 *
 * Departures from the paper: EXIT (Early returns, above); COMPACT
 * (Forward progress, above; MERGE = 0 is 003's push); SPLIT (above; the paper always pushes, like
 * GPGPU-sim's SPE we save a level when the rpc is the TOS's own); a side at
 * the rpc is pushed invalid rather than left out; one warp updated per
 * cycle; a read port (rd_warp, rd_idx from the TOS) for the scheduler and
 * debugging.  Path forwarding (003 sec. 7.1) is not modelled.
 *
 * Invariants (dpe_stack_check): depth <= DEPTH; every mask within LANES
 * bits and every pc within PC_W bits; in every entry the masks of two
 * valid paths are disjoint; a valid path has a non-zero mask and pc !=
 * rpc; every entry has a valid path except a base entry with entries above
 * it; the threads that run or are suspended in an entry (its valid paths,
 * less one that waits at the rpc of the entry above) run or are suspended
 * in no entry below; for entry i >= 1, its valid paths' threads are within
 * one path, at pc == entry i's rpc, of the entry below it or, with MERGE,
 * of its run's parent (the first entry below with another rpc, or entry 0)
 * -- an invalid path's mask is not state any more once COMPACT can reuse
 * its slot.  Together: no thread is lost, the base entry's L.mask | R.mask
 * is the launched mask for the whole life of the warp.  The Verilog's
 * formal block proves these at WARPS=2 LANES=4 DEPTH=4 PC_W=2 (a point
 * where COMPACT fires, both a join and a taken slot), by 2-induction with
 * two strengthening invariants: a base's R path stays the LAUNCH's {0,
 * 0, invalid}, and a path is invalid only at its entry's rpc (but a base's
 * R); plus COMPACT's own: a sibling suspension with a slot in its run
 * neither pushes nor stalls, Q lands in a valid path at its pc of a run
 * entry, every entry below the TOS keeps its paths, and without a slot
 * (or with MERGE = 0) it pushes or stalls (docs/formal.md).
 *
 * Worked example (SPEC 3.2, 003 Fig. 4, 4 threads, masks written t0..t3;
 * an entry is shown {L | R, rpc}, a path pc mask, '*' = valid, '-' = not):
 *   LAUNCH A 1111 rpc=X          [ {A 1111* | 0 0000-, X} ]
 *   A (L): 1100->B, 0011->C, rpc G                        (DIVERGE)
 *                                [ {G 1111* | 0 0000-, X}
 *                                  {B 1100* | C 0011*, G} ]
 *   C (R): 0010->D, 0001->E, rpc F; B suspended           (DIVERGE)
 *                                [ {G 1111* | 0 0000-, X}
 *                                  {B 1100* | F 0011*, G}
 *                                  {D 0010* | E 0001*, F} ]
 *   D (L) -> F                                            (RECONV)
 *                                  {F 0010- | E 0001*, F}
 *   E (R) -> F                                            (POP)
 *                                [ {G 1111* | 0 0000-, X}
 *                                  {B 1100* | F 0011*, G} ]  B, F interleave
 *   B (L) -> G (RECONV), F (R) -> G (POP)
 *                                [ {G 1111* | 0 0000-, X} ]  G runs with 1111
 *   G (L) -> X                                            (POP: depth 0)
 */
/*
 * Cost per cycle (issue 17; callgrind and CPU time on the co-simulation's
 * recorded stimulus, defaults).  The model is written for a branch
 * predictor that sees random traffic: P and Q are picked by indexing the
 * entry's paths (p[op_side]), the decision's cases (uniform or divergent,
 * target at the rpc, Q valid, SPLIT, room) are computed for every case and
 * selected by masks, the ports read their entries from indices that are
 * always within the arrays and mask what they do not show, and the step
 * writes one path of the TOS and one whole entry every cycle (a push that
 * does not happen lands above the depth, in the spare entry at worst).
 * Left are one branch on "legal BRANCH or not" (NOP, LAUNCH and errors
 * take the other way) and the write enable in the step: ~0.16 simulated
 * mispredictions per cycle, against ~2.6 for the branchy decision it
 * replaced.  The cost is now the instructions (dpe_stack_eval ~330: the
 * inputs and two 7-field reads ~170, the decision ~160; dpe_stack_step
 * ~35; the branchy version ran ~205 + ~28) and the chain of dependent
 * loads (depth, TOS path, flags) that the next cycle waits on when it
 * operates on the same warp: ~27 ns per cycle, ~8 ns of it the bench loop
 * itself (the recorded inputs streaming from memory and the two calls),
 * against ~87 ns for the Verilated RTL (the branchy version took ~35 ns).
 */
#ifndef DPE_STACK_H
#define DPE_STACK_H

#include <stdint.h>

#include "port.h"

#ifdef __cplusplus
extern "C" {
#endif

struct vcd_writer;

#define DPE_STACK_MAX_WARPS 64
#define DPE_STACK_MAX_DEPTH 32

enum dpe_stack_op {
    DPE_OP_NOP = 0,
    DPE_OP_LAUNCH = 1,
    DPE_OP_BRANCH = 2,
    DPE_OP_EXIT = 3 /* the lanes op_mask of path op_side leave the warp (EXIT) */
};

enum dpe_stack_side {
    DPE_SIDE_L = 0,
    DPE_SIDE_R = 1
};

enum dpe_stack_err {
    DPE_ERR_NONE = 0,
    DPE_ERR_BAD_OP = 1,
    DPE_ERR_BAD_WARP = 2,
    DPE_ERR_WARP_BUSY = 3,
    DPE_ERR_WARP_IDLE = 4,
    DPE_ERR_BAD_MASK = 5,
    DPE_ERR_BAD_LAUNCH = 6,
    DPE_ERR_BAD_PATH = 7
};

enum dpe_stack_act {
    DPE_ACT_IDLE = 0,    /* nop, or rejected with err */
    DPE_ACT_LAUNCH = 1,
    DPE_ACT_ADVANCE = 2, /* uniform: P.pc updated */
    DPE_ACT_RECONV = 3,  /* P reached the rpc and went invalid; Q still valid: no pop */
    DPE_ACT_POP = 4,     /* both paths at the rpc: the TOS popped */
    DPE_ACT_DIVERGE = 5, /* P.pc := rpc, one entry pushed */
    DPE_ACT_SPLIT = 6,   /* TOS replaced, nothing pushed */
    DPE_ACT_STALL = 7    /* no free entry: ready = 0 */
};

typedef struct {
    unsigned warps;
    unsigned lanes;
    unsigned depth;
    unsigned pc_bits;
    unsigned merge; /* MERGE: a sibling suspension compacts (Forward progress) */
} dpe_stack_cfg;

/* One path of an entry (the Verilog's l_pc_q, l_mask_q, l_valid_q, or the
 * r_* ones, at one index); valid is 0 or 1. */
typedef struct {
    uint64_t pc, mask, valid;
} dpe_stack_path;

/* One stack entry: p[DPE_SIDE_L], p[DPE_SIDE_R] and the rpc. */
typedef struct {
    dpe_stack_path p[2];
    uint64_t rpc;
} dpe_stack_entry;

/* Entry-major: an operation touches the entries of one warp, an entry's
 * fields are adjacent, and a path is picked by indexing p[op_side] (no
 * select between two arrays).  Each warp has one spare entry past
 * MAX_DEPTH: an entry at or above a warp's depth is not state (the RTL does
 * not even reset it), so the step writes its entry every cycle, a push that
 * does not happen going above the depth (dpe_stack_step). */
typedef struct {
    dpe_stack_entry ent[DPE_STACK_MAX_WARPS][DPE_STACK_MAX_DEPTH + 1];
    uint8_t sp[DPE_STACK_MAX_WARPS]; /* entries in use; TOS = sp - 1 */
} dpe_stack_state;

typedef struct {
    uint64_t op;      /* 2 bits, enum dpe_stack_op */
    uint64_t op_warp; /* WARP_W = clog2(WARPS) bits */
    uint64_t op_side; /* 1 bit: path of the TOS the branch ran on (0 L, 1 R) */
    uint64_t op_mask; /* LANES: launch mask / taken mask */
    uint64_t op_pc;   /* PC_W: launch pc / taken target */
    uint64_t op_npc;  /* PC_W: not-taken (fall-through) pc */
    uint64_t op_rpc;  /* PC_W: launch: exit pc; branch: reconvergence pc */
    uint64_t rd_warp; /* WARP_W */
    uint64_t rd_idx;  /* IDX_W = clog2(DEPTH) bits; 0 = TOS */
} dpe_stack_in;

typedef struct {
    uint64_t ready;      /* 0: op held back (stack full) */
    uint64_t err;
    uint64_t err_code;   /* 3 bits, enum dpe_stack_err */
    uint64_t act;        /* 3 bits, enum dpe_stack_act */
    uint64_t op_depth;   /* DEPTH_W = clog2(DEPTH+1) bits: depth of op_warp */
    uint64_t tos_l_valid; /* TOS of op_warp, what the branch unit reads (0 if empty) */
    uint64_t tos_l_pc;
    uint64_t tos_l_mask;
    uint64_t tos_r_valid;
    uint64_t tos_r_pc;
    uint64_t tos_r_mask;
    uint64_t tos_rpc;
    uint64_t rd_depth;   /* DEPTH_W: depth of rd_warp */
    uint64_t rd_valid;   /* rd_idx < rd_depth; every rd_* below is 0 if not */
    uint64_t rd_l_valid; /* entry rd_idx below the TOS of rd_warp */
    uint64_t rd_l_pc;
    uint64_t rd_l_mask;
    uint64_t rd_r_valid;
    uint64_t rd_r_pc;
    uint64_t rd_r_mask;
    uint64_t rd_rpc;
    /* The cycle's decision, for dpe_stack_step (internal: not ports, not
     * visited by dpe_stack_ports): d_write = the clock edge changes warp
     * d_warp (no err, not idle, not stalled); then path d_side of entry
     * d_tos gets {pc d_p_pc, valid d_p_valid}, entry d_idx gets {p[i] =
     * {d_pc[i], d_mask[i], d_valid[i]}, rpc d_rpc} (after the path write),
     * and the depth becomes d_sp_next.  A write that is not part of the
     * update lands above the new depth (not state) or is overwritten by the
     * entry write.  Meaningful only when d_write is 1.  (One array per
     * field: a step that copied whole entries would read them as 16-byte
     * words that eval wrote as 8-byte ones, a store-forwarding stall.) */
    uint8_t d_write, d_warp, d_side, d_tos, d_idx, d_sp_next;
    uint64_t d_p_pc, d_p_mask, d_p_valid, d_rpc;
    /* a legal EXIT (d_write is then 0): the lanes d_p_mask leave every
     * entry below the old depth of warp d_warp, whose depth becomes
     * d_sp_next */
    uint8_t d_exit;
    uint64_t d_pc[2], d_mask[2], d_valid[2];
} dpe_stack_out;

/* The parameter table and its glue (PARAM_DECLS in port.h): defaults,
 * ranges, Verilog names; its cfg_check gives NULL or one line naming the
 * field and its range. */
PARAM_DECLS(dpe_stack)

unsigned dpe_stack_warp_w(const dpe_stack_cfg *cfg);  /* op_warp width */
unsigned dpe_stack_idx_w(const dpe_stack_cfg *cfg);   /* rd_idx width */
unsigned dpe_stack_depth_w(const dpe_stack_cfg *cfg); /* depth outputs width */
unsigned dpe_stack_entry_bits(const dpe_stack_cfg *cfg); /* 3*PC_W + 2*LANES + 2 */

/* The reset state is all zero bytes: a calloc'ed state needs no reset (the
 * SM model relies on it; tests/test_dpe_stack.c checks it). */
void dpe_stack_reset(const dpe_stack_cfg *cfg, dpe_stack_state *s);
void dpe_stack_eval(const dpe_stack_cfg *cfg, const dpe_stack_state *s,
                    const dpe_stack_in *in, dpe_stack_out *out);
/* The clock edge.  Contract: `out` is what dpe_stack_eval returned for this
 * state and `in` this cycle; step applies the decision it carries
 * (out->d_*) and does not recompute it. */
void dpe_stack_step(const dpe_stack_cfg *cfg, dpe_stack_state *s, const dpe_stack_in *in,
                    const dpe_stack_out *out);
const char *dpe_stack_check(const dpe_stack_cfg *cfg, const dpe_stack_state *s);

/* Visits every Verilog port in a fixed order (see port.h). */
void dpe_stack_ports(const dpe_stack_cfg *cfg, const dpe_stack_in *in,
                     const dpe_stack_out *out, port_visit_fn visit, void *ctx);
/* Ports, then a `state` scope with the depth and the TOS of each warp. */
void dpe_stack_trace(struct vcd_writer *w, const dpe_stack_cfg *cfg,
                     const dpe_stack_state *s, const dpe_stack_in *in,
                     const dpe_stack_out *out);

const char *dpe_stack_err_name(unsigned code);
const char *dpe_stack_act_name(unsigned act);

#ifdef __cplusplus
}
#endif

#endif /* DPE_STACK_H */
