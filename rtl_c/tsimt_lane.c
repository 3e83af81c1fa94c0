/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tsimt_lane.c -- temporal-SIMT lane (002 sec. 3.1-3.2).  Behaviour, timing
 * and departures are documented in tsimt_lane.h; this file and
 * verilog/tsimt_lane.v make the same decision the same way: one
 * combinational evaluation (always @*) and one clock edge (always @posedge).
 */
#include "tsimt_lane.h"

#include <stdio.h>
#include <stddef.h>
#include <string.h>

#include "bits.h"
#include "../vcd/vcd.h"

/* The parameters (port.h): Verilog name, cfg field, min, max, default. */
static const struct param_def tsimt_lane_param_defs[] = {
    {"WARP", "warp", offsetof(tsimt_lane_cfg, warp), 1, 64, 32, 0},
    {"K", "width", offsetof(tsimt_lane_cfg, width), 1, 64, 1, PARAM_POW2},
    {"INSTR_W", "instr_bits", offsetof(tsimt_lane_cfg, instr_bits), 1, 64, 32, 0},
    {"WID_W", "wid_bits", offsetof(tsimt_lane_cfg, wid_bits), 1, 8, 5, 0},
};

static const char *tsimt_lane_rules(const void *p)
{
    const tsimt_lane_cfg *cfg = (const tsimt_lane_cfg *)p;
    if (cfg->width > cfg->warp || cfg->warp % cfg->width != 0u)
        return "tsimt_lane: parameter K (cfg width) must divide WARP (cfg warp)";
    return NULL;
}

/* tsimt_lane_params, tsimt_lane_default_cfg() and tsimt_lane_cfg_check() */
PARAM_TABLE(tsimt_lane, tsimt_lane_rules)


unsigned tsimt_lane_groups(const tsimt_lane_cfg *cfg) { return cfg->warp / cfg->width; }
unsigned tsimt_lane_grp_w(const tsimt_lane_cfg *cfg)
{
    return bits_index_width(tsimt_lane_groups(cfg));
}
unsigned tsimt_lane_tid_w(const tsimt_lane_cfg *cfg) { return bits_index_width(cfg->warp); }

uint64_t tsimt_lane_occupancy(const tsimt_lane_cfg *cfg, uint64_t mask)
{
    uint64_t occ = 0;
    unsigned g;
    for (g = 0; g < tsimt_lane_groups(cfg); g++)
        if (bits_field(mask, g * cfg->width, cfg->width) != 0u)
            occ |= (uint64_t)1 << g;
    return occ;
}

unsigned tsimt_lane_cycles(const tsimt_lane_cfg *cfg, uint64_t mask)
{
    return bits_popcount(tsimt_lane_occupancy(cfg, bits_trunc(mask, cfg->warp)));
}

void tsimt_lane_reset(const tsimt_lane_cfg *cfg, tsimt_lane_state *s)
{
    (void)cfg;
    memset(s, 0, sizeof *s);
}

int tsimt_lane_ready(const tsimt_lane_cfg *cfg, const tsimt_lane_state *s)
{
    return s->busy_q == 0u || tsimt_lane_sequence(cfg, s).last;
}

void tsimt_lane_eval(const tsimt_lane_cfg *cfg, const tsimt_lane_state *s,
                     const tsimt_lane_in *in, tsimt_lane_out *out)
{
    const tsimt_lane_seq q = tsimt_lane_sequence(cfg, s);
    tsimt_lane_eval_seq(cfg, s, &q, in, out);
}

const char *tsimt_lane_check(const tsimt_lane_cfg *cfg, const tsimt_lane_state *s)
{
    static char msg[160];
    uint64_t occ = tsimt_lane_occupancy(cfg, s->mask_q);
    if (!bits_subset(s->mask_q, bits_mask(cfg->warp)) ||
        !bits_subset(s->instr_q, bits_mask(cfg->instr_bits)) ||
        !bits_subset(s->warp_q, bits_mask(cfg->wid_bits)) || s->busy_q > 1u ||
        s->scalar_q > 1u) {
        snprintf(msg, sizeof msg, "tsimt_lane: a register holds bits beyond its width");
        return msg;
    }
    if (s->scalar_q && bits_popcount(s->mask_q) != 1u) {
        snprintf(msg, sizeof msg, "tsimt_lane: scalar instruction with mask %llx (not one thread)",
                 (unsigned long long)s->mask_q);
        return msg;
    }
    if (s->pos_q >= tsimt_lane_groups(cfg)) {
        snprintf(msg, sizeof msg, "tsimt_lane: pos_q %llu >= groups %u",
                 (unsigned long long)s->pos_q, tsimt_lane_groups(cfg));
        return msg;
    }
    if (!s->busy_q && s->pos_q != 0u) {
        snprintf(msg, sizeof msg, "tsimt_lane: idle with pos_q %llu",
                 (unsigned long long)s->pos_q);
        return msg;
    }
    if (s->busy_q && (occ & ~bits_mask((unsigned)s->pos_q)) == 0u) {
        snprintf(msg, sizeof msg,
                 "tsimt_lane: busy but no active group at or above pos_q %llu (mask %llx)",
                 (unsigned long long)s->pos_q, (unsigned long long)s->mask_q);
        return msg;
    }
    return NULL;
}

void tsimt_lane_ports(const tsimt_lane_cfg *cfg, const tsimt_lane_in *in,
                      const tsimt_lane_out *out, port_visit_fn visit, void *ctx)
{
    visit(ctx, "in_valid", 1, &in->in_valid, PORT_IN);
    visit(ctx, "in_warp", cfg->wid_bits, &in->in_warp, PORT_IN);
    visit(ctx, "in_instr", cfg->instr_bits, &in->in_instr, PORT_IN);
    visit(ctx, "in_mask", cfg->warp, &in->in_mask, PORT_IN);
    visit(ctx, "in_scalar", 1, &in->in_scalar, PORT_IN);
    visit(ctx, "hold", 1, &in->hold, PORT_IN);
    visit(ctx, "ready", 1, &out->ready, PORT_OUT);
    visit(ctx, "err", 1, &out->err, PORT_OUT);
    visit(ctx, "err_code", 2, &out->err_code, PORT_OUT);
    visit(ctx, "act", 3, &out->act, PORT_OUT);
    visit(ctx, "ex_valid", cfg->width, &out->ex_valid, PORT_OUT);
    visit(ctx, "ex_base", tsimt_lane_tid_w(cfg), &out->ex_base, PORT_OUT);
    visit(ctx, "ex_warp", cfg->wid_bits, &out->ex_warp, PORT_OUT);
    visit(ctx, "ex_instr", cfg->instr_bits, &out->ex_instr, PORT_OUT);
    visit(ctx, "ex_scalar", 1, &out->ex_scalar, PORT_OUT);
    visit(ctx, "done", 1, &out->done, PORT_OUT);
}

void tsimt_lane_trace(struct vcd_writer *w, const tsimt_lane_cfg *cfg,
                      const tsimt_lane_state *s, const tsimt_lane_in *in,
                      const tsimt_lane_out *out)
{
    tsimt_lane_ports(cfg, in, out, vcd_port, w);
    vcd_scope(w, "state");
    vcd_sig(w, "instr_q", cfg->instr_bits, s->instr_q);
    vcd_sig(w, "warp_q", cfg->wid_bits, s->warp_q);
    vcd_sig(w, "mask_q", cfg->warp, s->mask_q);
    vcd_sig(w, "busy_q", 1, s->busy_q);
    vcd_sig(w, "pos_q", tsimt_lane_grp_w(cfg), s->pos_q);
    vcd_sig(w, "scalar_q", 1, s->scalar_q);
    vcd_upscope(w);
}

const char *tsimt_lane_err_name(unsigned code)
{
    static const char *const names[] = {"NONE", "BUSY", "EMPTY", "HELD"};
    return code < sizeof names / sizeof names[0] ? names[code] : "?";
}

const char *tsimt_lane_act_name(unsigned act)
{
    static const char *const names[] = {"IDLE", "LOAD", "RUN", "LAST", "HANDOVER", "HOLD"};
    return act < sizeof names / sizeof names[0] ? names[act] : "?";
}
