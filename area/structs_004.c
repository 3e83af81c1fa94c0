/* SPDX-License-Identifier: Apache-2.0 */
/*
 * structs_004.c -- area descriptions of paper 004 (large warps, two-level
 * scheduling): the two-level scheduler and the large-warp sub-warping unit.
 *
 * What each description counts and its sources: see structs.c's header and
 * structs.h; the helpers (area_desc_start, area_add_array, ...) are in
 * structs_int.h.
 */
#include "structs.h"
#include "structs_int.h"

#include <stdio.h>
#include <string.h>

#include "../rtl_c/bits.h"
#include "../rtl_c/dpe_stack.h"
#include "../rtl_c/dwf.h"
#include "../rtl_c/lane_regfile.h"
#include "../rtl_c/lane_shuffle.h"
#include "../rtl_c/lwm_subwarp.h"
#include "../rtl_c/sbi_scoreboard.h"
#include "../rtl_c/shadow_scoreboard.h"
#include "../rtl_c/swi_sched.h"
#include "../rtl_c/tsimt_frontend.h"
#include "../rtl_c/tsimt_lane.h"
#include "../rtl_c/two_level_sched.h"
#include "logic.h"

/* ------------------------------------- two-level scheduler (004 3.2-3.3) */

/* verilog/two_level_sched.v, per cycle: every group's round-robin
 * candidate from its own pointer (each group reads its ptr_q directly), the
 * groups taken in priority order from top_q, the top group's all-stalled
 * test, the timeout counter, one pointer written. */
const char *area_desc_two_level_sched(const two_level_sched_cfg *cfg, int force_ff, area_desc *d)
{
    const area_consts *c = area_default_consts();
    const char *e = two_level_sched_cfg_check(cfg);
    unsigned W, GS, G, GW, PW, CW;
    double ge;
    (void)force_ff; /* every register is a flip-flop already */
    if (e)
        return e;
    W = cfg->warps;
    GS = cfg->group_size;
    G = two_level_sched_groups(cfg);
    GW = two_level_sched_grp_w(cfg);
    PW = two_level_sched_ptr_w(cfg);
    CW = two_level_sched_cnt_w(cfg);
    area_desc_start(d, "two_level_sched", "Two-level round-robin warp scheduler (004)");
    snprintf(d->config, sizeof d->config,
             "%u warps in %u groups of %u, timeout %u: top %u b, %u pointers of %u b, count %u b",
             W, G, GS, cfg->timeout, GW, G, PW, CW);
    area_add_array(d, "top group", "top_q: the whole priority order (a rotation)", AK_FF, 1, GW, 0,
                   1, 1, 1);
    area_add_array(d, "group pointers",
                   "ptr_q per group, each read by its own candidate logic; "
                   "written: the issuing group's",
                   AK_FF, G, PW, 0, 1, 1, 1);
    area_add_array(d, "timeout counter", "cnt_q: the top group's issues this tenure", AK_FF, 1, CW,
                   0, 1, 1, 1);
    if (d->storage_bits != two_level_sched_state_bits(cfg))
        return "two_level_sched: the area description's bits differ from "
               "two_level_sched_state_bits()";
    /* per group: the ready bits rotated by its pointer (a barrel of
     * GROUP_SIZE x log2 stages), a priority encoder, the local index back
     * (pointer + offset mod GROUP_SIZE) */
    ge = G * ((double)GS * PW * c->ge_mux2 + area_ge_prio_enc(c, GS) + area_ge_adder(c, PW) +
              area_ge_mag_cmp(c, PW + 1u));
    area_add_logic(d, "group candidates",
                   "per group: round robin from its pointer (rotate, priority "
                   "encoder, index back)",
                   ge);
    /* groups in priority order from top_q: the same rotate-encode-add over
     * G; the chosen group's candidate (a G-way mux); the top group's
     * stalled bits (a G-way mux of GROUP_SIZE bits) and their AND; the
     * ready/stalled conflict; the timeout count, compare and rotation; the
     * new pointer; act and the outputs */
    ge = (double)G * GW * c->ge_mux2 + area_ge_prio_enc(c, G) + area_ge_adder(c, GW) +
         area_ge_mux(c, G, PW) + area_ge_mux(c, G, GS) + area_ge_reduce(c, GS) +
         W * c->ge_and2 + area_ge_reduce(c, W) + area_ge_incdec(c, CW) +
         area_ge_eq_cmp(c, CW) + area_ge_mux(c, 2, CW) + area_ge_incdec(c, GW) +
         area_ge_mux(c, 2, GW) + area_ge_incdec(c, PW) + area_ge_decoder(c, G) +
         (double)(two_level_sched_warp_w(cfg) + GW + 8u) * c->ge_and2;
    area_add_logic(d, "group priority and control",
                   "groups in rotated order, all-stalled test, "
                   "conflict check, timeout counter, rotation, pointer update",
                   ge);
    return NULL;
}

/* ------------------------------------------- large-warp sub-warping (004) */

unsigned area_lwm_subwarp_ctrl_bits(const lwm_subwarp_cfg *cfg)
{
    unsigned LW = cfg->large_warps, LWW = lwm_subwarp_lw_w(cfg), PEW = lwm_subwarp_pend_w(cfg);
    /* busy, first, row (row mode), cur, kind (2), wait and jmp (per large
     * warp), pend (per large warp), br_busy, br_warp, br_packed, br_left,
     * and the branch kept for its commit: br_pc, br_npc, br_rpc */
    return 1u + 1u + 1u + LWW + 2u + 2u * LW + LW * PEW + 1u + LWW + 1u + PEW +
           3u * cfg->pc_bits;
}

/* The large warps' divergence stacks of verilog/lwm_subwarp.v: LARGE_WARPS *
 * DEPTH entries {pc, K*N mask, rpc} and a depth counter per large warp. */
unsigned long area_lwm_subwarp_stack_bits(const lwm_subwarp_cfg *cfg)
{
    return (unsigned long)cfg->large_warps * cfg->depth *
               (2ul * cfg->pc_bits + (unsigned long)cfg->rows * cfg->cols) +
           (unsigned long)cfg->large_warps * lwm_subwarp_depth_w(cfg);
}

/* verilog/lwm_subwarp.v, per cycle: the picker reads the copy and the
 * current large warp's in-flight row, each column takes its lowest-row
 * thread; the completion decodes its rows, checks and clears the completing
 * large warp's in-flight row and gathers a branch outcome into the two
 * buffers; the copy is reloaded by a fetch or cleared by the pick. */
const char *area_desc_lwm_subwarp(const lwm_subwarp_cfg *cfg, int force_ff, area_desc *d)
{
    const area_consts *c = area_default_consts();
    const char *e = lwm_subwarp_cfg_check(cfg);
    unsigned LW, K, N, KN, RW, LWW, PEW;
    unsigned long want;
    double ge;
    area_kind k = force_ff ? AK_FF : AK_AUTO; /* the stacks; the rest is read whole every cycle */
    unsigned long ent;
    if (e)
        return e;
    LW = cfg->large_warps;
    K = cfg->rows;
    N = cfg->cols;
    KN = K * N;
    RW = lwm_subwarp_row_w(cfg);
    LWW = lwm_subwarp_lw_w(cfg);
    PEW = lwm_subwarp_pend_w(cfg);
    area_desc_start(d, "lwm_subwarp", "Large-warp sub-warping unit (004 LWM)");
    snprintf(d->config, sizeof d->config,
             "%u large warps of %u x %u threads: copy %u, in-flight %u, buffers %u bits (004 "
             "sec. 3.4)", LW, K, N, lwm_subwarp_copy_bits(cfg), lwm_subwarp_inflight_bits(cfg),
             lwm_subwarp_buffer_bits(cfg));
    d->entry_bits = KN;
    /* 004 sec. 3.4's three additions, each read in full every cycle */
    area_add_array(d, "sub-warping copy",
                   "copy_q: the mask being broken down; every bit read by "
                   "the picker; written whole (fetch load or the pick's clear)",
                   AK_FF, 1, KN, 0, 1, 1, 1);
    area_add_array(d, "in-flight bits",
                   "one per thread; reads: the picked large warp's row, the "
                   "completing one's; writes: set by the pick, cleared by the completion",
                   AK_FF, LW, KN, 2, 2, 1, 1);
    area_add_array(d, "branch outcome buffers",
                   "taken_q and ntaken_q: gather a branch's outcome "
                   "across its sub-warps, written whole",
                   AK_FF, 1, 2 * KN, 0, 1, 1, 1);
    want = (unsigned long)lwm_subwarp_copy_bits(cfg) + lwm_subwarp_inflight_bits(cfg) +
           lwm_subwarp_buffer_bits(cfg);
    if (d->storage_bits != want)
        return "lwm_subwarp: the area description's bits differ from 004 sec. 3.4's";
    area_add_array(d, "control registers",
                   "busy, first, row mode, cur, kind, branch state (busy, "
                   "warp, packed, sub-warps left)",
                   AK_FF, 1, 1 + 1 + 1 + LWW + 2 + 1 + LWW + 1 + PEW, 0, 1, 1, 1);
    area_add_array(
        d, "per-large-warp state",
        "wait (relaxed barrel re-fetch), jmp (its jump's "
        "sub-warp is out) and the sub-warps in flight; reads: the completing large warp's",
        AK_FF, LW, 2 + PEW, 1, 1, 1, 1);
    area_add_array(d, "kept branch",
                   "br_pc, br_npc, br_rpc: the branch's targets and rpc, read at "
                   "its commit",
                   AK_FF, 1, 3u * cfg->pc_bits, 1, 1, 1, 1);
    if (d->storage_bits != want + area_lwm_subwarp_ctrl_bits(cfg))
        return "lwm_subwarp: the area description's control bits differ from the RTL's";
    /* the divergence stacks (simt_stack's fields, one stack per large warp):
     * reads: the fetching warp's TOS, the committing warp's TOS, the tos_*
     * outputs; writes: the fetch's TOS.pc or a launch's base entry, the
     * commit's TOS.pc and its two pushes */
    ent = (unsigned long)LW * cfg->depth;
    /* merge on push (MERGE): the fetching and the committing large
     * warps' entries read for the compare (two more read ports of pc and
     * rpc, each a row of DEPTH entries counted as one port); the merged
     * entry's mask read and written at the commit */
    area_add_array(d, "stack pc field",
                   "entry PCs; reads: fetch TOS, commit TOS, tos_pc (with MERGE: the fetching "
                   "and committing warps' entries); writes: fetch TOS.pc or launch, commit "
                   "TOS.pc, 2 pushes",
                   k, ent, cfg->pc_bits, 3 + 2 * cfg->merge, 3, 1, 1);
    area_add_array(d, "stack mask field",
                   "K x N active masks; reads: commit TOS, tos_mask (with MERGE: the merged "
                   "entry); writes: launch, 2 pushes (and the merged entry)",
                   k, ent, KN, 2 + cfg->merge, 3 + cfg->merge, 1, 1);
    area_add_array(d, "stack rpc field",
                   "reconvergence PCs; reads: fetch TOS, commit TOS (with MERGE: the fetching "
                   "and committing warps' entries); writes: launch, 2 pushes",
                   k, ent, cfg->pc_bits, 2 + 2 * cfg->merge, 3, 1, 1);
    area_add_array(d, "depth counters", "one per large warp; reads: fetch, commit, tos_depth",
                   AK_FF, LW, lwm_subwarp_depth_w(cfg), 3, 2, 1, 1);
    if (d->storage_bits !=
        want + area_lwm_subwarp_ctrl_bits(cfg) + area_lwm_subwarp_stack_bits(cfg))
        return "lwm_subwarp: the area description's stack bits differ from the RTL's";
    /* the stack decision (simt_rule: PC compares against the TOS rpc, the
     * push/pop select) for the fetch and for the commit */
    ge = 2.0 * (3.0 * area_ge_eq_cmp(c, cfg->pc_bits) + area_ge_mux(c, 3, cfg->pc_bits) +
                area_ge_incdec(c, lwm_subwarp_depth_w(cfg)) + 8.0 * c->ge_and2) +
         2.0 * area_ge_reduce(c, KN);
    area_add_logic(d, "stack decisions",
                   "simt_rule at fetch (OP, JUMP) and at the branch commit: "
                   "pops at the TOS rpc, pushes when the large warp diverged",
                   ge);
    if (cfg->merge)
        area_add_logic(d, "merge on push",
                       "the TOS's run searched for the branch's npc at the fetch (room) and at "
                       "the commit: DEPTH pc and rpc comparators each, the run's chain, a "
                       "priority pick, the OR into the mask",
                       area_ge_stack_merge(2, cfg->depth, cfg->pc_bits, KN,
                                           bits_index_width((unsigned)ent)));
    /* the pick: per column, copy & ~in-flight over its K rows, a priority
     * encoder (lowest row), the one-hot picked thread; the next copy and
     * its emptiness, the emitted columns */
    ge = KN * 2.0 * c->ge_and2 + N * (area_ge_prio_enc(c, K) + K * c->ge_and2) +
         KN * c->ge_and2 + area_ge_reduce(c, KN) + area_ge_reduce(c, N) +
         area_ge_mux(c, 2, KN);
    area_add_logic(d, "column picker",
                   "one thread per column, lowest row first; the copy's next "
                   "value and the fetch stall",
                   ge);
    /* row mode (f_wsync, our extension): per row, any thread in the copy
     * and none of them in flight (reusing the picker's copy & in-flight
     * ANDs), a priority encoder over the K rows, the row's index into each
     * of its columns, and a 2:1 mux of the picked columns, rows and threads */
    ge = 2.0 * K * area_ge_reduce(c, N) + area_ge_prio_enc(c, K) + KN * c->ge_and2 +
         N * RW * c->ge_and2 + area_ge_mux(c, 2, N + N * RW + KN);
    area_add_logic(d, "row picker",
                   "warp-synchronous instructions: the lowest row with no "
                   "thread in flight, whole",
                   ge);
    /* the completion: per column the row decoded and gated by c_cols, the
     * in-flight check and the taken split; the gathered masks (OR into the
     * buffers), their emptiness (diverged) and the commit's output gating;
     * the error checks */
    ge = N * (area_ge_decoder(c, K) + K * c->ge_and2) + KN * 3.0 * c->ge_and2 +
         area_ge_reduce(c, KN) + 2.0 * KN * c->ge_or2 + 2.0 * area_ge_reduce(c, KN) +
         2.0 * KN * c->ge_and2 + N * 2.0 * c->ge_and2 + 2.0 * area_ge_reduce(c, N) +
         area_ge_reduce(c, KN) + 2.0 * area_ge_mag_cmp(c, LWW + 1u) + area_ge_eq_cmp(c, LWW) +
         area_ge_reduce(c, PEW) + area_ge_eq_cmp(c, PEW) + N * RW * c->ge_and2;
    area_add_logic(d, "completion and branch gathering",
                   "row decode, in-flight check, taken/not-"
                   "taken gather, commit and its masks, error checks",
                   ge);
    /* per large warp: its in-flight row's clear/set selects, the pending
     * count's +1/-1, the wait bit's set/clear; the branch's sub-warps left */
    ge = LW * (2.0 * area_ge_eq_cmp(c, LWW) + 2.0 * area_ge_incdec(c, PEW) + 4.0 * c->ge_and2) +
         2.0 * area_ge_incdec(c, PEW) + 3.0 * area_ge_decoder(c, LW) + 12.0 * c->ge_and2;
    area_add_logic(d, "per-large-warp control",
                   "in-flight row selects, pending counters, re-fetch "
                   "(wait) bits, branch counters",
                   ge);
    return NULL;
}
