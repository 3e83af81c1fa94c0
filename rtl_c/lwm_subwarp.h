/* SPDX-License-Identifier: Apache-2.0 */
/*
 * lwm_subwarp.h -- the sub-warping unit of the Large Warp Microarchitecture
 * (004, Narasiman et al., MICRO 2011, sec. 3.1, Fig. 4-6, sec. 3.4): the
 * sub-warping copy of the large warp's K x N active mask, one in-flight bit
 * per thread, the one-thread-per-column picker, relaxed barrel re-fetch, and
 * the two temporary active-mask buffers that gather a conditional branch's
 * outcome across its sub-warps, and per large warp its PC, K x N active
 * mask and divergence stack of {PC, K*N mask, RPC}, updated by the
 * baseline stack's rule (rtl_c/simt_rule.h, shared with simt_stack).  Twin: verilog/lwm_subwarp.v (same
 * parameters, ports, behaviour, cycle for cycle); co-simulation
 * tb/lwm_subwarp_cosim.cpp.
 *
 * Configurations (cfg field = parameter):
 *
 *   | field       | param       | default | range                         |
 *   |-------------|-------------|---------|-------------------------------|
 *   | large_warps | LARGE_WARPS | 4       | 1..16 large warps             |
 *   | rows        | K           | 8       | 1..16 rows of the mask        |
 *   | cols        | N           | 32      | 1..64 columns = SIMD width    |
 *   | depth       | DEPTH       | 8       | 1..16 stack entries per large |
 *   |             |             |         | warp (004 gives no depth)     |
 *   | pc_bits     | PC_W        | 32      | 2..64 PC width                |
 *   | merge       | MERGE       | 1       | 0..1 merge on push            |
 *
 *   Rule: K*N <= 1024.  Thread t of a large warp sits at row t / N, column
 *   t % N (row = the baseline warp it would have been in, column = its home
 *   lane: 004 "K separate N-bit wide active masks"; the mapping itself is in
 *   the missing Fig. 4).  Masks are K*N-bit vectors, bit r*N + c.
 *
 * Storage (004 sec. 3.4, from the cfg): copy_q K*N bits (the sub-warping
 * copy: 256 at 8x32), inflight_q LARGE_WARPS*K*N (one bit per thread: 1024
 * at 4 large warps of 256), taken_q + ntaken_q 2*K*N (the two temporary
 * buffers: 512).  Total 256 + 1024 + 512 = 1792 bits = 004's 224 bytes.
 * Control beside them: busy_q, cur_q (LW_W), kind_q (2), first_q, row_q, wait_q
 * (LARGE_WARPS), jmp_q (LARGE_WARPS: the large warp's jump sub-warp is
 * out, so an empty completion is legal), pend_q (LARGE_WARPS x PEND_W,
 * PEND_W = clog2(K*N+2)), br_busy_q, br_warp_q (LW_W), br_packed_q, br_left_q (PEND_W), br_pc_q,
 * br_npc_q, br_rpc_q (PC_W: the gathering branch's target, fall-through and
 * reconvergence PC).  The large warps' state (not 004 sec. 3.4's added
 * storage: the baseline has it for its K warps): sp_q (LARGE_WARPS x
 * DEPTH_W, DEPTH_W = clog2(DEPTH+1)) and LARGE_WARPS*DEPTH entries pc_q,
 * rpc_q (PC_W) and mask_q (K*N); large warp w's TOS, entry sp_q[w]-1, holds
 * its PC and active mask.  Only sp_q is reset (entries above a depth are
 * never observable; the C model zeroes them).
 *
 * Ports.
 *   in:  f_valid, f_warp (LW_W), f_kind (2: OP 0, BRANCH 1 = conditional,
 *        JUMP 2, LAUNCH 3), f_pc (PC_W: BRANCH/JUMP target, LAUNCH start),
 *        f_npc (PC_W: OP next PC, BRANCH fall-through), f_rpc (PC_W: BRANCH
 *        reconvergence PC, LAUNCH exit PC), f_mask (K*N: LAUNCH only),
 *        f_wsync (OP/BRANCH: the instruction is warp-synchronous, its
 *        sub-warps are whole rows; our extension, below), f_exit (JUMP: the
 *        instruction is a return, EXIT below; other kinds ignore it) -- the
 *        fetch of
 *        one instruction of one large warp, or the launch of a large warp
 *        (its base entry {f_pc, f_mask, f_rpc});
 *        c_valid, c_warp, c_cols (N: the columns of a completing sub-warp),
 *        c_rows (N*ROW_W: its row per column), c_first (it was its
 *        instruction's first sub-warp), c_branch (it belongs to the branch
 *        being gathered), c_taken (N: per column, the thread took the branch)
 *        -- a sub-warp leaving the last pipeline stage, with the fields the
 *        unit gave it on emission.
 *   out: f_ready (the fetch is taken this cycle; 0 = push back, state
 *        unchanged, no err), err, err_code (3), act (3),
 *        sw_valid, sw_warp, sw_cols (N), sw_rows (N*ROW_W), sw_first,
 *        sw_branch, sw_jump (the emitted sub-warp; one thread per column,
 *        each in its home lane), fetch_stall (bits of the copy remain after
 *        this cycle: 004's stall signal to fetch), can_fetch (LARGE_WARPS:
 *        which large warps may be fetched: relaxed barrel processing),
 *        br_commit, br_warp, br_taken (K*N), br_ntaken (K*N), br_diverged
 *        (the branch's last sub-warp completed this cycle: the gathered
 *        outcome), br_act (3: what it does to the large warp's stack,
 *        simt_stack's codes ADVANCE 2, POP 3, DIVERGE 4, SPLIT 5, MERGE 7; 0 without
 *        a commit), f_act (3: what the fetch does to its large warp's
 *        stack: LAUNCH 1, ADVANCE 2, POP 3, STALL 6 = a BRANCH pushed back
 *        for room; 0 otherwise), tos_depth (DEPTH_W), tos_pc (PC_W),
 *        tos_mask (K*N): f_warp's stack depth and TOS, what the front end
 *        reads to fetch (0 for an id beyond LARGE_WARPS or an empty stack).
 *
 * Each cycle (one combinational decision, one clock edge):
 *   - Pick: each column takes its LOWEST-ROW thread whose copy bit is set
 *     and whose in-flight bit is clear (row priority: lowest first, 004 is
 *     silent).  The picked bits leave the copy and their in-flight bits are
 *     set; the picked threads form the sub-warp (sw_cols, sw_rows).
 *   - In-flight choice (004 is silent): a column SKIPS a thread whose
 *     in-flight bit is set (it stays in the copy for a later cycle) and may
 *     take a thread of another row; sub-warping never waits as a whole.  A
 *     cycle where every remaining thread is in flight emits nothing (act
 *     BLOCKED) and fetch stays stalled.
 *   - Row mode (our extension to 004; row_q, set from f_wsync when the
 *     instruction is taken, cleared with busy_q): the sub-warp is the
 *     lowest row of the copy none of whose threads is in flight, every
 *     copy thread of that row, each in its home lane (sw_rows = that row
 *     in each of its columns).  A row one of whose threads is in flight is
 *     skipped whole (it stays in the copy); none left: BLOCKED.  A row is
 *     a baseline warp (a logical warp of 32 threads at N = 32), so a
 *     warp-synchronous instruction (shuffle, vote, activemask) gets each
 *     warp's active threads in one sub-warp: one sub-warp per row with
 *     active threads, the cycles of an unpacked issue.  With JUMP and
 *     LAUNCH f_wsync changes nothing.
 *   - A JUMP is one sub-warp in one cycle: no thread work (sw_cols = 0,
 *     sw_jump = 1), the copy is not loaded (004 sec. 3.1).
 *   - Fetch is taken (pipelined hand-over) when the copy is empty or this
 *     cycle's pick empties it; the large warp's TOS mask goes into the copy
 *     and picking starts the next cycle.  A BRANCH is pushed back while
 *     another branch is being gathered (the buffers are shared: 004 counts
 *     2), and while its large warp's stack lacks the room its divergence
 *     would need (simt_rule's STALL for a divergent outcome; the stack
 *     cannot change between the fetch and the commit, so the commit always
 *     finds that room).  A TOS of one thread cannot diverge: no room needed.
 *     A LAUNCH is always taken (it does not use the copy).
 *   - The large warp's PC and mask (its TOS) move at the fetch for OP and
 *     JUMP (the next PC is known then): an OP's TOS.pc := f_npc, a JUMP's
 *     := f_pc, and the entry pops when that equals its rpc (simt_rule's
 *     uniform case).  The copy takes the TOS mask before the update.  A
 *     BRANCH changes nothing at the fetch; at its commit simt_rule decides
 *     on the gathered masks (t = taken, n = not taken) with the f_pc,
 *     f_npc, f_rpc kept from its fetch: uniform ADVANCE or POP, DIVERGE
 *     (TOS.pc := rpc, push {npc, n, rpc} then {pc, t, rpc}: taken side
 *     first) or SPLIT, exactly as simt_stack.  Pops chain as there: a
 *     waiting base entry goes with the last entry above it; a pop of the
 *     base empties the stack (the large warp is finished; LAUNCH again).
 *     The fetch side and the commit touch different large warps (the
 *     committing one waits), so both may update in one cycle.
 *   - Re-fetch: after an OP or JUMP a large warp may be fetched again when
 *     its instruction's first sub-warp completes (c_first); after a BRANCH,
 *     only when every sub-warp of the branch completed (the commit).
 *   - Completion clears the sub-warp's in-flight bits (visible to the picker
 *     from the next cycle).  A branch sub-warp adds its threads to taken_q
 *     (c_taken) or ntaken_q.  When the branch is fully packed and its last
 *     sub-warp completes, br_commit = 1 with the two masks (including this
 *     cycle's), br_diverged = both non-empty, and the buffers clear.
 *
 * EXIT (2026-11-30, our departure: 004's stack has no such operation; the
 * same operation as simt_stack's EXIT, whose header has the why).  A JUMP
 * fetched with f_exit = 1 is a `ret` of the large warp's TOS: f_kind's
 * four codes are taken, so EXIT is a new 1-bit input.  In the pipeline it
 * is a JUMP (one sub-warp without threads, the copy not loaded, the large
 * warp re-fetched when it completes).  At the fetch its threads x (the TOS
 * mask: an instruction of a large warp runs on its whole TOS, so EXIT
 * takes no lane mask) leave the large warp: x is cleared from every entry
 * of its stack, and the entries left empty pop -- the depth becomes the
 * lowest entry left empty (they are contiguous at the top: masks nest; the
 * TOS always empties), and a base waiting at its rpc (pc == rpc) with
 * nothing left above it goes too, as after a POP.  Depth 0: the large
 * warp finished.  f_act = POP.  Errors as for a JUMP (WARP_IDLE,
 * BAD_FETCH).  Worked example (tests/test_lwm_subwarp.c
 * exit_clears_the_returning_threads, K = N = 4, launched {1, ffff, 1000}):
 * a BRANCH at pc 1 (even columns to 50, odd ones to 2, rpc 60) diverges to
 * [{60,ffff,1000} {2,aaaa,60} {50,5555,60}]; an EXIT at 50 leaves
 * [{60,aaaa,1000} {2,aaaa,60}]; the odd side's OP to 60 pops to
 * {60,aaaa,1000}: the barrier at 60 waits for the odd columns only; their
 * EXIT empties the stack.  With the branch's rpc at the exit (1000) and
 * the odd side falling through to it (not pushed), [{1000,ffff,1000}
 * {50,5555,1000}]: the even side's EXIT leaves the base waiting at its rpc
 * with nothing above, and the large warp finishes.
 *
 * Illegal input (err = 1, act ERR, state unchanged, nothing emitted),
 * first match:
 *   BAD_WARP 1      f_warp or c_warp >= LARGE_WARPS (with its valid)
 *   BAD_LAUNCH 6    LAUNCH of a large warp whose stack is not empty, with
 *                   f_mask = 0, or with f_pc == f_rpc
 *   WARP_IDLE 5     OP/BRANCH/JUMP of a large warp with an empty stack (not
 *                   launched, or finished)
 *   BAD_FETCH 2     OP/BRANCH/JUMP of a large warp that waits (relaxed
 *                   barrel processing: can_fetch = 0)
 *   NOT_IN_FLIGHT 3 completion of a sub-warp not in flight: pend = 0, a
 *                   thread whose in-flight bit is clear, c_branch with no
 *                   branch of that large warp gathering, or c_branch with
 *                   a thread the gathering branch has not in flight:
 *                   outside its mask (the TOS), still in its copy (the
 *                   thread is out for an earlier OP's sub-warp), or
 *                   already gathered (make formal's p_outcome: before,
 *                   such a thread could be gathered taken and not taken)
 *   BAD_OUTCOME 4   c_taken outside c_cols, or c_taken != 0 without c_branch
 *   BAD_DONE 7      a completion that is no sub-warp in flight by its
 *                   fields (issue 24): no threads (c_cols = 0) unless it is
 *                   c_warp's jump sub-warp (jmp_q: c_first = 1, c_branch =
 *                   0; every other sub-warp has a thread, so an empty one
 *                   would re-fetch the large warp before its first sub-warp
 *                   completes, or commit a branch with part of its
 *                   outcome); or c_first = 1 without c_branch, with
 *                   threads, when c_warp has no OP's first sub-warp out (it
 *                   does not wait, waits on a branch, on an instruction
 *                   whose first sub-warp is not emitted, or on a jump);
 *                   or, without c_branch, a thread c_warp's gathering
 *                   branch has in flight (in its mask, out of its copy,
 *                   not gathered: a sub-warp of the branch completed as a
 *                   non-branch one would lose its outcome and the branch
 *                   would never commit).  c_first on a branch sub-warp is
 *                   not checked (it changes nothing: the branch re-fetches
 *                   at its commit)
 *
 * Timing: outputs combinational from the registered state and the inputs;
 * one clock edge; synchronous active-high reset clears every register.
 *
 * Invariants (lwm_subwarp_check): copy_q empty when idle and non-empty when
 * busy on an OP/BRANCH; row_q only when busy; no in-flight bit without a sub-warp in flight; a
 * thread never both taken and not taken; branch state clear with no branch;
 * branch sub-warps out <= the large warp's sub-warps out; a gathering
 * branch's large warp has a stack; each stack as simt_stack_check (depth
 * <= DEPTH, masks non-empty within K*N, only a waiting base has pc == rpc,
 * runs of equal rpc disjoint within the entry below).
 *
 * Worked example (004 Fig. 6 setting, K = 8, N = 4; tests/test_lwm_subwarp.c):
 * row r active in columns r%4 and (r+1)%4, 16 threads, every column 4 deep.
 * Cycle 0 fetches it (act IDLE, f_ready); cycles 1-4 each emit a sub-warp of
 * 4 threads, one per column, lowest row first: rows (0,0,1,2), (3,1,2,3),
 * (4,4,5,6), (7,5,6,7) for columns 0..3; cycle 4 is LAST.  4 sub-warps where
 * one warp per row would make 8.
 *
 * Stack worked example (tests/test_lwm_subwarp.c, K = N = 4, launched
 * {1, 0xffff, 1000}): a BRANCH at pc 1 (f_pc 50, f_npc 2, f_rpc 60), even
 * columns taken, makes 4 sub-warps; the stack stays [{1,ffff,1000}] until
 * the 4th completes, then DIVERGE: [{60,ffff,1000} {2,aaaa,60}
 * {50,5555,60}].  An OP fetched at the TOS with f_npc 60 pops (copy 5555)
 * to {2,aaaa,60}; its OP with f_npc 60 pops to {60,ffff,1000}; an OP with
 * f_npc 1000 empties the stack.
 *
 * Departures and choices: EXIT (above); 004 gives no stack depth (DEPTH is a parameter)
 * nor says when an OP's PC moves: here at the fetch (a careful front end
 * knows the next PC then; the re-fetch waits for the first sub-warp's
 * completion anyway, and the in-flight bits keep a popped-to entry's
 * threads from running ahead).  SPLIT as simt_stack (GPGPU-sim's net +1),
 * and merge on push as simt_stack (MERGE = 1, act MERGE: a SPLIT's
 * not-taken side ORs into the entry of the TOS's run at its pc; the
 * fetch's room check sees the same merge as the commit, since the stack
 * cannot change in between; simt_rule.h).
 * Row mode (f_wsync) is ours: 004 predates warp-synchronous instructions,
 * whose lanes exchange values within a baseline warp, which column packing
 * would split across sub-warps (docs/lwm_subwarp.md).
 * The room reservation at a branch's fetch is this unit's choice: the
 * commit cannot be pushed back (its sub-warp has left the pipeline).  004's
 * predicated sub-warps (sec. 5.1) are not modelled.  The unit keeps no
 * per-sub-warp tags: a completion's threads are checked against the
 * in-flight bits, its c_first against the large warp's wait state and
 * jmp_q, its c_branch against the threads the gathering branch has in
 * flight (both ways: those bits, its mask, copy and two buffers, tell the
 * branch's in-flight threads from the rest), so a completion is refused
 * when no sub-warp in flight can carry its fields; which of two in-flight
 * OP sub-warps of one large warp is the first is not recorded (completions
 * may come in any order).
 */
/*
 * Cost per cycle (issue 17; callgrind, defaults: K*N = 256 bits, 4 of the
 * 16 words): eval ~1,050 instructions, step ~130.  Only the map's words are
 * visited per cycle; a column's row field is read and written as one word
 * field (it was a loop over its bits); the pick is K row extractions from
 * copy & ~in-flight, computed once per word; step applies the emission as
 * in-flight |= copy & ~nx_copy and the completion from nx_done/nx_done_tk
 * (gathered by eval while it checks the completion), word-wise, with no
 * walk over columns.  The port arrays are cleared by 16-byte stores (a
 * memset of 128 bytes became a string store, rep stos, tens of cycles
 * each), and what eval writes word by word step reads word by word (a
 * 16-byte load cannot be forwarded from 8-byte stores in flight).  The
 * row fields of sw_rows are written a byte of columns at a time (a table
 * spreads 8 column bits to their fields' lsbs; times the row, it is the row
 * in each field), and c_rows is read by row (lwm_subwarp_rows_split: one
 * compare of every field with the lowest column's, the common case of a
 * sub-warp from one row, else a walk over the columns); the branch commit
 * takes its outcome from nx_done/nx_done_tk.  At N = 32, K = 8 (--config
 * 001, lwm's hotspot) eval fell from ~3,550 instructions a call to ~1,300
 * (branch lwmspeed, docs/bench.md).  What dominates now: the row-by-row
 * pick and its data-dependent branches, the simt_rule room check, and the
 * output word arrays (tos_mask, br_taken, br_ntaken: LWM_WORDS each)
 * written every cycle.
 */
#ifndef LWM_SUBWARP_H
#define LWM_SUBWARP_H

#include <stdint.h>

#include "port.h"
#include "simt_rule.h"

#ifdef __cplusplus
extern "C" {
#endif

#define LWM_MAX_LW 16u
#define LWM_MAX_BITS 1024u
#define LWM_WORDS (LWM_MAX_BITS / 64u)
#define LWM_MAX_DEPTH 16u

enum lwm_kind { LWM_OP = 0, LWM_BRANCH = 1, LWM_JUMP = 2, LWM_LAUNCH = 3 };

/* f_act and br_act: simt_stack's act codes (simt_rule.h) */
enum lwm_stack_act {
    LWM_ST_IDLE = 0,
    LWM_ST_LAUNCH = 1,
    LWM_ST_ADVANCE = 2,
    LWM_ST_POP = 3,
    LWM_ST_DIVERGE = 4,
    LWM_ST_SPLIT = 5,
    LWM_ST_STALL = 6,
    LWM_ST_MERGE = 7 /* a SPLIT whose not-taken side merged (MERGE = 1) */
};

enum lwm_subwarp_err {
    LWM_ERR_NONE = 0,
    LWM_ERR_BAD_WARP = 1,
    LWM_ERR_BAD_FETCH = 2,
    LWM_ERR_NOT_IN_FLIGHT = 3,
    LWM_ERR_BAD_OUTCOME = 4,
    LWM_ERR_WARP_IDLE = 5,
    LWM_ERR_BAD_LAUNCH = 6,
    LWM_ERR_BAD_DONE = 7
};

enum lwm_subwarp_act {
    LWM_ACT_IDLE = 0,    /* nothing to pick */
    LWM_ACT_PICK = 1,    /* a sub-warp emitted, bits of the copy remain */
    LWM_ACT_LAST = 2,    /* the sub-warp that empties the copy */
    LWM_ACT_JUMP = 3,    /* the one sub-warp of a jump */
    LWM_ACT_BLOCKED = 4, /* bits remain but all are in flight */
    LWM_ACT_ERR = 5
};

typedef struct {
    unsigned large_warps;
    unsigned rows;
    unsigned cols;
    unsigned depth;   /* divergence-stack entries per large warp */
    unsigned pc_bits; /* PC width */
    unsigned merge;   /* merge on push (simt_rule.h) */
} lwm_subwarp_cfg;

typedef struct {
    uint64_t busy_q, cur_q, kind_q, first_q; /* first_q: no sub-warp emitted yet */
    uint64_t row_q; /* the instruction being picked goes row by row (its f_wsync) */
    uint64_t copy_q[LWM_WORDS];
    uint64_t inflight_q[LWM_MAX_LW][LWM_WORDS];
    uint64_t wait_q;              /* LARGE_WARPS bits */
    uint64_t jmp_q;               /* LARGE_WARPS bits: the large warp's jump sub-warp is out */
    uint64_t pend_q[LWM_MAX_LW];  /* sub-warps in flight per large warp */
    uint64_t br_busy_q, br_warp_q, br_packed_q, br_left_q;
    uint64_t taken_q[LWM_WORDS], ntaken_q[LWM_WORDS];
    uint64_t br_pc_q, br_npc_q, br_rpc_q; /* the gathering branch's PCs */
    /* per large warp: the divergence stack {pc, K*N mask, rpc}; TOS =
     * entry sp_q - 1 holds the large warp's PC and active mask */
    uint64_t sp_q[LWM_MAX_LW];
    uint64_t pc_q[LWM_MAX_LW][LWM_MAX_DEPTH];
    uint64_t rpc_q[LWM_MAX_LW][LWM_MAX_DEPTH];
    uint64_t mask_q[LWM_MAX_LW][LWM_MAX_DEPTH][LWM_WORDS];
} lwm_subwarp_state;

typedef struct {
    uint64_t f_valid, f_warp, f_kind;
    uint64_t f_pc, f_npc, f_rpc;
    uint64_t f_mask[LWM_WORDS];
    uint64_t f_wsync; /* the fetched instruction is warp-synchronous: row mode */
    uint64_t f_exit;  /* with f_kind JUMP: a return, EXIT (the TOS's threads leave) */
    uint64_t c_valid, c_warp, c_cols;
    uint64_t c_rows[4]; /* N*ROW_W <= 64*4 */
    uint64_t c_first, c_branch, c_taken;
} lwm_subwarp_in;

typedef struct {
    uint64_t f_ready, err, err_code, act;
    uint64_t sw_valid, sw_warp, sw_cols;
    uint64_t sw_rows[4];
    uint64_t sw_first, sw_branch, sw_jump;
    uint64_t fetch_stall, can_fetch;
    uint64_t br_commit, br_warp, br_diverged;
    uint64_t br_taken[LWM_WORDS], br_ntaken[LWM_WORDS];
    uint64_t tos_pc, tos_depth, tos_mask[LWM_WORDS]; /* f_warp's stack */
    uint64_t f_act, br_act;                          /* enum lwm_stack_act */
    /* the decision (not ports) */
    uint64_t nx_accept;             /* the fetch is taken */
    uint64_t nx_copy[LWM_WORDS];    /* the copy after this cycle's pick */
    uint64_t nx_done[LWM_WORDS];    /* the completion's threads */
    uint64_t nx_done_tk[LWM_WORDS]; /* those of them that took the branch */
    /* (nx_copy: the map's K*N bits, whole words; the words above are not
     * written) */
    uint64_t nx_f_write, nx_b_write; /* the stacks change: fetch side, commit */
    uint64_t nx_exit;                /* the fetch is an EXIT (nx_f: its POP) */
    simt_rule_dec nx_f, nx_b;        /* their decisions */
} lwm_subwarp_out;

/* The parameter table and its glue (PARAM_DECLS in port.h): defaults,
 * ranges, Verilog names; its cfg_check gives NULL or one line naming the
 * field and its range. */
PARAM_DECLS(lwm_subwarp)

unsigned lwm_subwarp_row_w(const lwm_subwarp_cfg *cfg);
unsigned lwm_subwarp_lw_w(const lwm_subwarp_cfg *cfg);
unsigned lwm_subwarp_pend_w(const lwm_subwarp_cfg *cfg);
unsigned lwm_subwarp_depth_w(const lwm_subwarp_cfg *cfg); /* clog2(DEPTH+1) */
/* 004 sec. 3.4's added storage from the cfg: copy, in-flight, buffers. */
unsigned lwm_subwarp_copy_bits(const lwm_subwarp_cfg *cfg);
unsigned lwm_subwarp_inflight_bits(const lwm_subwarp_cfg *cfg);
unsigned lwm_subwarp_buffer_bits(const lwm_subwarp_cfg *cfg);
/* Sub-warps a mask breaks into with nothing in flight: its busiest column. */
unsigned lwm_subwarp_count(const lwm_subwarp_cfg *cfg, const uint64_t *mask);

/* The columns of cols (an N-bit column mask) by their row field in rows (a
 * sw_rows/c_rows port, ROW_W bits per column): rm[r] = the columns whose
 * field is r.  Returns the rows found as bits (1 << r, r < 16: ROW_W <= 4);
 * only those entries of rm are written.  The unit's own decoding of
 * c_rows, and what a user reads from sw_rows. */
unsigned lwm_subwarp_rows_split(const lwm_subwarp_cfg *cfg, const uint64_t *rows, uint64_t cols,
                                uint64_t *rm);

/* Bit i of a word array. */
static inline unsigned lwm_bit(const uint64_t *v, unsigned i)
{
    return (unsigned)((v[i / 64u] >> (i % 64u)) & 1u);
}
static inline void lwm_set(uint64_t *v, unsigned i, unsigned b)
{
    if (b)
        v[i / 64u] |= (uint64_t)1 << (i % 64u);
    else
        v[i / 64u] &= ~((uint64_t)1 << (i % 64u));
}

void lwm_subwarp_reset(const lwm_subwarp_cfg *cfg, lwm_subwarp_state *s);
void lwm_subwarp_eval(const lwm_subwarp_cfg *cfg, const lwm_subwarp_state *s,
                      const lwm_subwarp_in *in, lwm_subwarp_out *out);
/* Contract (issue 17): `out` is what lwm_subwarp_eval returned for this
 * state and inputs this cycle; step applies it and does not re-decide. */
void lwm_subwarp_step(const lwm_subwarp_cfg *cfg, lwm_subwarp_state *s,
                      const lwm_subwarp_in *in, const lwm_subwarp_out *out);
const char *lwm_subwarp_check(const lwm_subwarp_cfg *cfg, const lwm_subwarp_state *s);
void lwm_subwarp_ports(const lwm_subwarp_cfg *cfg, const lwm_subwarp_in *in,
                       const lwm_subwarp_out *out, port_visit_fn visit, void *ctx);

struct vcd_writer;
/* Ports, then a `state` scope with the control registers and copy_q. */
void lwm_subwarp_trace(struct vcd_writer *w, const lwm_subwarp_cfg *cfg,
                       const lwm_subwarp_state *s, const lwm_subwarp_in *in,
                       const lwm_subwarp_out *out);

const char *lwm_subwarp_err_name(unsigned code);
const char *lwm_subwarp_act_name(unsigned act);

#ifdef __cplusplus
}
#endif

#endif /* LWM_SUBWARP_H */
