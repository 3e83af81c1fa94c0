/* SPDX-License-Identifier: Apache-2.0 */
/*
 * structs_002.c -- area descriptions of paper 002 (temporal SIMT): the TSIMT
 * lane and front end.
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

/* ------------------------------------------------ TSIMT lane, front end */

/* verilog/tsimt_lane.v: the registers {instr_q, warp_q, mask_q, busy_q,
 * pos_q, scalar_q} loaded whole at an accept (busy_q and pos_q also every
 * execution cycle); the scalar load path (in_mask & -in_mask: bit t is
 * in_mask[t] and no lower bit set, a WARP-input OR prefix chain, WARP ANDs,
 * and a WARP-bit 2:1 mux); G K-input ORs (group occupancy), the G-bit thermometer from pos_q,
 * a G-input priority encoder (the group in flight) and the "any group
 * above" OR tree, the K-bit group mux, the GRP_W incrementer, the load
 * muxes (the flip-flop array's write port), the output gating and the act/err
 * control.  Checked against Yosys at WARP 8, K 1, INSTR_W 8, WID_W 2: the
 * same 23 flip-flops. */
unsigned area_tsimt_lane_bits(const tsimt_lane_cfg *cfg)
{
    return cfg->instr_bits + cfg->wid_bits + cfg->warp + 2u + tsimt_lane_grp_w(cfg);
}

const char *area_desc_tsimt_lane(const tsimt_lane_cfg *cfg, int force_ff, area_desc *d)
{
    const area_consts *c = area_default_consts();
    const char *e = tsimt_lane_cfg_check(cfg);
    unsigned G, K, GW, TW;
    double ge;
    (void)force_ff; /* registers only: flip-flops either way */
    if (e)
        return e;
    G = tsimt_lane_groups(cfg);
    K = cfg->width;
    GW = tsimt_lane_grp_w(cfg);
    TW = tsimt_lane_tid_w(cfg);
    area_desc_start(d, "tsimt_lane",
                    "Temporal-SIMT lane: instruction/mask registers, sequencer (002)");
    snprintf(d->config, sizeof d->config, "tsimt_lane_cfg: warp %u, K %u (%u groups), %u-bit "
             "instruction, %u-bit warp id", cfg->warp, K, G, cfg->instr_bits, cfg->wid_bits);
    area_add_array(d, "lane registers",
                   "instr_q, warp_q, mask_q, busy_q, pos_q, scalar_q: loaded at an accept", AK_FF,
                   1, area_tsimt_lane_bits(cfg), 0, 1, 1, 1);
    ge = G * area_ge_reduce(c, K) + area_ge_decoder(c, G) + G * c->ge_or2 +
         G * c->ge_and2 + area_ge_prio_enc(c, G) + area_ge_reduce(c, G) +
         area_ge_mux(c, G, K) + area_ge_incdec(c, GW) +
         (K + TW + cfg->wid_bits + cfg->instr_bits + 1u) * c->ge_and2 + 8.0 * c->ge_nand2 +
         area_ge_reduce(c, cfg->warp) + cfg->warp * c->ge_and2 + area_ge_mux(c, 2, cfg->warp);
    /* the registers' load muxes are the flip-flop array's write port */
    area_add_logic(d, "sequencer",
                   "group occupancy, thermometer, priority encoder, last-group OR, "
                   "group mux, position incrementer, output gating, control, scalar lowest-thread "
                   "isolate",
                   ge);
    return NULL;
}

/* verilog/tsimt_frontend.v: the instruction buffer (WARPS slots of {instr,
 * mask}, written by the fill port, read by the issue mux: one write, one
 * read port; the valid bits in flops), rr_q, wp_q per lane, three conflict
 * counters; per lane a WPL-input round-robin picker, an L-input round-robin
 * picker, the fill decoder, the request popcount, the saturating counters,
 * the ex_threads adder tree, the rd_lane mux; and LANES tsimt_lane units
 * built from tsimt_frontend_lane_cfg (items prefixed "lane ", count x L). */
const char *area_desc_tsimt_frontend(const tsimt_frontend_cfg *cfg, int force_ff, area_desc *d)
{
    const area_consts *c = area_default_consts();
    const char *e = tsimt_frontend_cfg_check(cfg);
    area_kind k = force_ff ? AK_FF : AK_AUTO;
    tsimt_lane_cfg lc;
    area_desc lane;
    unsigned L, W, WPL, LW, SW, first, i;
    double ge;
    if (e)
        return e;
    L = cfg->lanes;
    W = cfg->warps;
    WPL = tsimt_frontend_wpl(cfg);
    LW = tsimt_frontend_lane_w(cfg);
    SW = tsimt_frontend_slot_w(cfg);
    lc = tsimt_frontend_lane_cfg(cfg);
    area_desc_start(d, "tsimt_frontend", "Temporal-SIMT front end and lanes (002)");
    snprintf(d->config, sizeof d->config, "tsimt_frontend_cfg: %u lanes, %u warps of %u, K %u, "
             "%u-bit instruction, %u-bit counters", L, W, cfg->warp, cfg->width, cfg->instr_bits,
             cfg->cnt_bits);
    area_add_array(d, "instruction buffer",
                   "a slot per warp {instr, mask, scalar}: fill port 1W, issue 1R", k, W,
                   cfg->instr_bits + cfg->warp + 1u, 1, 1, 1, 1);
    area_add_array(d, "slot valid bits", "ib_v_q: set by a fill, cleared by an issue", AK_FF, 1, W,
                   0, 2, 1, 1);
    area_add_array(d, "arbitration and counters", "rr_q, wp_q per lane, conf1..3", AK_FF, 1,
                   LW + L * SW + 3 * cfg->cnt_bits, 0, 1, 1, 1);
    ge = L * (2.0 * area_ge_prio_enc(c, WPL) + 2.0 * WPL * c->ge_and2 + area_ge_decoder(c, WPL)) +
         2.0 * area_ge_prio_enc(c, L) + 2.0 * L * c->ge_and2 + area_ge_decoder(c, L) +
         area_ge_popcount(c, L) +
         3.0 * (area_ge_incdec(c, cfg->cnt_bits) + area_ge_reduce(c, cfg->cnt_bits)) +
         area_ge_popcount(c, L * cfg->width) +
         area_ge_mux(c, L, 4 + cfg->width + tsimt_lane_tid_w(&lc) + lc.wid_bits + lc.instr_bits) +
         W * c->ge_and2 + 8.0 * c->ge_nand2;
    /* the fill decoder is the instruction buffer's write port */
    area_add_logic(d, "issue logic",
                   "round-robin pickers per lane and over lanes, "
                   "conflict popcount, saturating counters, ex_threads adder, rd_lane mux",
                   ge);
    if ((e = area_desc_tsimt_lane(&lc, force_ff, &lane)) != NULL)
        return e;
    first = d->n;
    if ((e = area_desc_append(d, &lane, "lane ")) != NULL)
        return e;
    for (i = first; i < d->n; i++)
        d->item[i].count = L;
    d->storage_bits += (unsigned long)(L - 1) * lane.storage_bits;
    return NULL;
}
