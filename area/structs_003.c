/* SPDX-License-Identifier: Apache-2.0 */
/*
 * structs_003.c -- area descriptions of paper 003 (dual-path execution): the
 * DPE stack and the shadow scoreboard.
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

/* ------------------------------------------------------------ DPE stack */

void area_dpe_stack_defaults(unsigned *warps, unsigned *lanes, unsigned *depth,
                             unsigned *pc_bits, unsigned *entry_bits)
{
    dpe_stack_cfg cfg = dpe_stack_default_cfg();
    *warps = cfg.warps;
    *lanes = cfg.lanes;
    *depth = cfg.depth;
    *pc_bits = cfg.pc_bits;
    *entry_bits = dpe_stack_entry_bits(&cfg);
}

const char *area_desc_dpe_stack(unsigned warps, unsigned lanes, unsigned depth, unsigned pc_bits,
                                int force_ff, area_desc *d)
{
    dpe_stack_cfg cfg = dpe_stack_default_cfg();
    if (warps)
        cfg.warps = warps;
    if (lanes)
        cfg.lanes = lanes;
    if (depth)
        cfg.depth = depth;
    if (pc_bits)
        cfg.pc_bits = pc_bits;
    return area_desc_dpe_stack_cfg(&cfg, force_ff, d);
}

const char *area_desc_dpe_stack_cfg(const dpe_stack_cfg *cfg, int force_ff, area_desc *d)
{
    const area_consts *c = area_default_consts();
    const char *e = dpe_stack_cfg_check(cfg);
    unsigned long ent;
    unsigned P, L, dw, aw, m;
    area_kind k = force_ff ? AK_FF : AK_AUTO;
    double ge;
    if (e)
        return e;
    P = cfg->pc_bits;
    L = cfg->lanes;
    m = cfg->merge != 0;
    dw = dpe_stack_depth_w(cfg);
    ent = (unsigned long)cfg->warps * cfg->depth;
    aw = bits_index_width(ent);
    area_desc_start(d, "dpe_stack", "Dual-path stack (DPE)");
    snprintf(d->config, sizeof d->config, "%u warps, %u lanes, depth %u, %u-bit PC%s", cfg->warps,
             L, cfg->depth, P, m ? "" : ", MERGE=0");
    d->entry_bits = dpe_stack_entry_bits(cfg);
    /* verilog/dpe_stack.v: per-field arrays of WARPS*DEPTH entries.  The
     * TOS path P gets {pc, valid} (wr_p) and one whole entry is written at
     * the push/split address (wr_ent); reads: the TOS masks, valids and
     * rpc, the base entry's valids, and the rd port (every field).  With
     * MERGE (a sibling suspension's COMPACT) the op warp's row is read for
     * the slot search (every field but the masks' compare; the row counted
     * as one port, as simt_stack's merge) and the path write may go to the
     * slot, with Q's mask (one more mask write). */
    area_add_array(d, "path pc fields",
                   m ? "L.pc, R.pc; reads: rd port, the warp's row (COMPACT); writes: TOS path P "
                       "or COMPACT's slot, new entry"
                     : "L.pc, R.pc; reads: rd port; writes: TOS path P, new entry",
                   k, ent, 2 * P, 1 + m, 2, 1, 1);
    area_add_array(d, "path mask fields",
                   m ? "L.mask, R.mask; reads: TOS, rd port, the warp's row (COMPACT); writes: "
                       "new entry, COMPACT's slot"
                     : "L.mask, R.mask; reads: TOS, rd port; writes: new entry",
                   k, ent, 2 * L, 2 + m, 1 + m, 1, 1);
    area_add_array(d, "rpc field",
                   m ? "reconvergence PCs; reads: TOS, rd port, the warp's row (COMPACT); writes: "
                       "new entry"
                     : "reconvergence PCs; reads: TOS, rd port; writes: new entry",
                   k, ent, P, 2 + m, 1, 1, 1);
    area_add_array(d, "path valid bits",
                   m ? "L.valid, R.valid; reads: TOS, base entry, rd port, the warp's row "
                       "(COMPACT); writes: TOS path P or COMPACT's slot, new entry"
                     : "L.valid, R.valid; reads: TOS, base entry, rd port; writes: "
                       "TOS path P, new entry",
                   k, ent, 2, 3 + m, 2, 1, 1);
    area_add_array(d, "depth counters", "one per warp; reads: op warp, rd warp", AK_FF, cfg->warps,
                   dw, 2, 1, 1, 1);
    /* 4 PC comparisons (op_pc!=op_rpc, op_npc!=op_rpc, target!=TOS.rpc,
     * op_rpc==TOS.rpc), path select of P's mask and valid, mask split and
     * subset check, new-entry and P.pc muxes, depth update and full check */
    ge = 4.0 * area_ge_eq_cmp(c, P) + area_ge_mux(c, 2, L + 2) + 2.0 * L * c->ge_and2 +
         3.0 * area_ge_reduce(c, L) + area_ge_mux(c, 3, P) + area_ge_mux(c, 2, 2 * P + 2 * L) +
         2.0 * area_ge_incdec(c, dw) + area_ge_mux(c, 4, dw) + area_ge_mag_cmp(c, dw + 1);
    area_add_logic(d, "branch logic",
                   "PC comparators, path select, mask split/subset, depth update", ge);
    /* COMPACT (MERGE): the search of simt_stack's merge (per entry an rpc
     * and a pc comparator, the run's chain, a priority pick, the slot's
     * address, the OR into the mask) with a second pc comparator per entry
     * (both paths), the slot's mask picked from 2 * DEPTH paths, and the
     * path write's address, pc and mask muxed between P and the slot */
    if (m)
        area_add_logic(d, "sibling suspension (COMPACT)",
                       "the run searched for Q's pc or a free slot: 2 pc, 1 rpc compare per "
                       "entry, chain, priority pick, slot mask, write muxes",
                       area_ge_stack_merge(1, cfg->depth, P, L, aw) +
                           cfg->depth * area_ge_eq_cmp(c, P) +
                           area_ge_mux(c, 2 * cfg->depth, L) + area_ge_mux(c, 2, aw + P + L));
    area_add_logic(d, "address arithmetic", "TOS, push and read-port entry addresses",
                   3.0 * area_ge_adder(c, aw));
    area_add_logic(d, "output gating", "read-port outputs forced to 0 when not valid",
                   (3.0 * P + 2.0 * L + 2.0) * c->ge_and2);
    return NULL;
}

/* ---------------------------------------------------- shadow scoreboard */

void area_shadow_scoreboard_defaults(unsigned *warps, unsigned *entries, unsigned *regs,
                                     unsigned *entry_bits, unsigned *shadow_bits)
{
    shadow_scoreboard_cfg cfg = shadow_scoreboard_default_cfg();
    *warps = cfg.warps;
    *entries = cfg.entries;
    *regs = cfg.regs;
    *entry_bits = 2u + shadow_scoreboard_reg_w(&cfg); /* {valid, shadow, reg} */
    *shadow_bits = 1u;
}

unsigned area_shadow_scoreboard_entry_bits(unsigned regs)
{
    shadow_scoreboard_cfg cfg = shadow_scoreboard_default_cfg();
    if (regs)
        cfg.regs = regs;
    if (shadow_scoreboard_cfg_check(&cfg))
        return 0;
    return 2u + shadow_scoreboard_reg_w(&cfg); /* {valid, shadow, reg} */
}

const char *area_desc_shadow_scoreboard(unsigned warps, unsigned entries, unsigned regs,
                                        int force_ff, area_desc *d)
{
    const area_consts *c = area_default_consts();
    shadow_scoreboard_cfg cfg = shadow_scoreboard_default_cfg();
    const char *e;
    unsigned E, R, W;
    area_kind k = force_ff ? AK_FF : AK_AUTO;
    double ge;
    if (warps)
        cfg.warps = warps;
    if (entries)
        cfg.entries = entries;
    if (regs)
        cfg.regs = regs;
    e = shadow_scoreboard_cfg_check(&cfg);
    if (e)
        return e;
    W = cfg.warps;
    E = cfg.entries;
    R = shadow_scoreboard_reg_w(&cfg);
    area_desc_start(d, "shadow_scoreboard", "Scoreboard with shadow bits (DPE)");
    snprintf(d->config, sizeof d->config, "%u warps x 2 sides x %u entries, %u registers", W, E,
             cfg.regs);
    /* one row per (warp, side) table.  Reads per cycle: the query's two
     * tables, the two writebacks' tables, the table, the rd port. */
    area_add_array(d, "register ids",
                   "a table per warp and side; reads: query L+R, 2 writebacks, "
                   "issue (duplicate check), rd port; writes: allocation",
                   k, 2ul * W, E * R, 6, 1, 1, 1);
    /* valid and shadow bits change in whole rows (divergence, reconvergence)
     * and by several ports at once: flip-flops */
    area_add_array(d, "valid+shadow bits",
                   "per table; reads: query, writebacks, issue, rd port; "
                   "writes: issue, 2 writebacks, divergence, reconvergence",
                   AK_FF, 2ul * W, 2 * E, 6, 5, 1, 1);
    /* query: 4 operands against 2E entries; writebacks: 2 x E; duplicate
     * allocation check: E; hazard reductions, free-entry priority encoder */
    ge = (4.0 * 2.0 * E + 2.0 * E + E) * area_ge_eq_cmp(c, R) + 4.0 * area_ge_reduce(c, 2 * E) +
         area_ge_prio_enc(c, E) + area_ge_reduce(c, E) + 2.0 * E * 4.0 * c->ge_and2;
    area_add_logic(d, "hazard and update logic",
                   "operand comparators, hazard reduce, free-entry encoder, shadow set/clear", ge);
    return NULL;
}
