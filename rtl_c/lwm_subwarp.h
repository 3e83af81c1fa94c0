/* SPDX-License-Identifier: Apache-2.0 */
/*
 * lwm_subwarp.h -- the sub-warping unit of the Large Warp Microarchitecture
 * (004, Narasiman et al., MICRO 2011, sec. 3.1, Fig. 4-6, sec. 3.4): the
 * sub-warping copy of the large warp's K x N active mask, one in-flight bit
 * per thread, the one-thread-per-column picker, relaxed barrel re-fetch, and
 * the two temporary active-mask buffers that gather a conditional branch's
 * outcome across its sub-warps.  Twin: verilog/lwm_subwarp.v (same
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
 * Control beside them: busy_q, cur_q (LW_W), kind_q (2), first_q, wait_q
 * (LARGE_WARPS), pend_q (LARGE_WARPS x PEND_W, PEND_W = clog2(K*N+2)),
 * br_busy_q, br_warp_q (LW_W), br_packed_q, br_left_q (PEND_W).
 *
 * Ports.
 *   in:  f_valid, f_warp (LW_W), f_kind (2: OP 0, BRANCH 1 = conditional,
 *        JUMP 2), f_mask (K*N: the large warp's active mask at its stack's
 *        TOS) -- the fetch of one instruction of one large warp;
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
 *        outcome, for the large warp's PC/mask/stack update).
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
 *   - A JUMP is one sub-warp in one cycle: no thread work (sw_cols = 0,
 *     sw_jump = 1), the copy is not loaded (004 sec. 3.1).
 *   - Fetch is taken (pipelined hand-over) when the copy is empty or this
 *     cycle's pick empties it; the large warp's mask goes into the copy and
 *     picking starts the next cycle.  A BRANCH is pushed back while another
 *     branch is being gathered (the buffers are shared: 004 counts 2).
 *   - Re-fetch: after an OP or JUMP a large warp may be fetched again when
 *     its instruction's first sub-warp completes (c_first); after a BRANCH,
 *     only when every sub-warp of the branch completed (the commit).
 *   - Completion clears the sub-warp's in-flight bits (visible to the picker
 *     from the next cycle).  A branch sub-warp adds its threads to taken_q
 *     (c_taken) or ntaken_q.  When the branch is fully packed and its last
 *     sub-warp completes, br_commit = 1 with the two masks (including this
 *     cycle's), br_diverged = both non-empty, and the buffers clear.
 *
 * Illegal input (err = 1, act ERR, state unchanged, nothing emitted),
 * first match:
 *   BAD_WARP 1      f_warp or c_warp >= LARGE_WARPS (with its valid)
 *   BAD_FETCH 2     f_kind = 3, or f_mask = 0 (OP/BRANCH), or a fetch of a
 *                   large warp that may not be fetched (can_fetch = 0)
 *   NOT_IN_FLIGHT 3 completion of a sub-warp not in flight: pend = 0, a
 *                   thread whose in-flight bit is clear, c_branch with no
 *                   branch of that large warp gathering
 *   BAD_OUTCOME 4   c_taken outside c_cols, or c_taken != 0 without c_branch
 *
 * Timing: outputs combinational from the registered state and the inputs;
 * one clock edge; synchronous active-high reset clears every register.
 *
 * Invariants (lwm_subwarp_check): copy_q empty when idle and non-empty when
 * busy on an OP/BRANCH; no in-flight bit without a sub-warp in flight; a
 * thread never both taken and not taken; branch state clear with no branch;
 * branch sub-warps out <= the large warp's sub-warps out.
 *
 * Worked example (004 Fig. 6 setting, K = 8, N = 4; tests/test_lwm_subwarp.c):
 * row r active in columns r%4 and (r+1)%4, 16 threads, every column 4 deep.
 * Cycle 0 fetches it (act IDLE, f_ready); cycles 1-4 each emit a sub-warp of
 * 4 threads, one per column, lowest row first: rows (0,0,1,2), (3,1,2,3),
 * (4,4,5,6), (7,5,6,7) for columns 0..3; cycle 4 is LAST.  4 sub-warps where
 * one warp per row would make 8.
 *
 * Departures and what is not here: the per-large-warp PC, active mask and
 * divergence stack are not in this unit: br_commit hands the gathered
 * outcome (taken / not-taken K*N masks, diverged) to them.  Reusing
 * simt_stack's logic for K*N-bit masks needs simt_stack's mask width to grow
 * beyond 64 bits (word-array masks) or its push/pop decision to be shared as
 * a function of the masks' "taken empty / not-taken empty" summaries; both
 * change simt_stack (another structure), so that step is left open.  A
 * completion with c_cols = 0 (a jump's sub-warp) is checked only against
 * pend_q: the unit keeps no per-sub-warp tags.
 */
/*
 * Cost per cycle (issue 17): the sub-warp pick works on whole rows: for
 * each row (K of them, lowest first) the N-bit word copy & ~in-flight of
 * the columns not picked yet gives that row's picks at once, so the pick
 * costs K word operations plus one row write per picked column (it was N x
 * K bit tests).  Completion and emission in step visit only the columns
 * set in c_cols / sw_cols, and so do the completion check and the branch
 * commit; a column's row field of c_rows/sw_rows is read and written as one
 * field, not bit by bit (the per-bit row_of was a quarter of the model's
 * time).  What dominates now is clearing and copying the output's word
 * arrays (nx_copy, br_taken/br_ntaken: LWM_WORDS words each) every cycle.
 */
#ifndef LWM_SUBWARP_H
#define LWM_SUBWARP_H

#include <stdint.h>

#include "port.h"

#ifdef __cplusplus
extern "C" {
#endif

#define LWM_MAX_LW 16u
#define LWM_MAX_BITS 1024u
#define LWM_WORDS (LWM_MAX_BITS / 64u)

enum lwm_kind { LWM_OP = 0, LWM_BRANCH = 1, LWM_JUMP = 2 };

enum lwm_subwarp_err {
    LWM_ERR_NONE = 0,
    LWM_ERR_BAD_WARP = 1,
    LWM_ERR_BAD_FETCH = 2,
    LWM_ERR_NOT_IN_FLIGHT = 3,
    LWM_ERR_BAD_OUTCOME = 4
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
} lwm_subwarp_cfg;

typedef struct {
    uint64_t busy_q, cur_q, kind_q, first_q; /* first_q: no sub-warp emitted yet */
    uint64_t copy_q[LWM_WORDS];
    uint64_t inflight_q[LWM_MAX_LW][LWM_WORDS];
    uint64_t wait_q;              /* LARGE_WARPS bits */
    uint64_t pend_q[LWM_MAX_LW];  /* sub-warps in flight per large warp */
    uint64_t br_busy_q, br_warp_q, br_packed_q, br_left_q;
    uint64_t taken_q[LWM_WORDS], ntaken_q[LWM_WORDS];
} lwm_subwarp_state;

typedef struct {
    uint64_t f_valid, f_warp, f_kind;
    uint64_t f_mask[LWM_WORDS];
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
    /* the decision (not ports) */
    uint64_t nx_accept;             /* the fetch is taken */
    uint64_t nx_copy[LWM_WORDS];    /* the copy after this cycle's pick */
} lwm_subwarp_out;

extern const struct param_table lwm_subwarp_params;
lwm_subwarp_cfg lwm_subwarp_default_cfg(void);
const char *lwm_subwarp_cfg_check(const lwm_subwarp_cfg *cfg);

unsigned lwm_subwarp_row_w(const lwm_subwarp_cfg *cfg);
unsigned lwm_subwarp_lw_w(const lwm_subwarp_cfg *cfg);
unsigned lwm_subwarp_pend_w(const lwm_subwarp_cfg *cfg);
/* 004 sec. 3.4's added storage from the cfg: copy, in-flight, buffers. */
unsigned lwm_subwarp_copy_bits(const lwm_subwarp_cfg *cfg);
unsigned lwm_subwarp_inflight_bits(const lwm_subwarp_cfg *cfg);
unsigned lwm_subwarp_buffer_bits(const lwm_subwarp_cfg *cfg);
/* Sub-warps a mask breaks into with nothing in flight: its busiest column. */
unsigned lwm_subwarp_count(const lwm_subwarp_cfg *cfg, const uint64_t *mask);

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
