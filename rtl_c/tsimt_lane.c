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

/* The group in flight, word-wise (no loop over groups): the lowest active
 * thread at or above group pos_q names it (K is a power of two, so its
 * group is a shift); the instruction's last group when no active thread
 * lies above that group.  The same as the priority encoder over the
 * occupancy vector of the header (G K-input ORs), bit for bit. */
struct lane_seq {
    unsigned cur;
    int run, last;
};

static struct lane_seq lane_seq(const tsimt_lane_cfg *cfg, const tsimt_lane_state *s)
{
    struct lane_seq q;
    const unsigned kw = (unsigned)__builtin_ctz(cfg->width); /* log2 K */
    const uint64_t ahead = s->mask_q & ~bits_mask((unsigned)s->pos_q << kw);
    q.cur = ahead ? bits_ffs(ahead) >> kw : 64u;
    q.run = s->busy_q != 0u && ahead != 0u;
    q.last = q.run && (ahead & ~bits_mask((q.cur + 1u) << kw)) == 0u;
    return q;
}

int tsimt_lane_ready(const tsimt_lane_cfg *cfg, const tsimt_lane_state *s)
{
    if (s->busy_q == 0u)
        return 1;
    return lane_seq(cfg, s).last;
}

void tsimt_lane_eval(const tsimt_lane_cfg *cfg, const tsimt_lane_state *s,
                     const tsimt_lane_in *in, tsimt_lane_out *out)
{
    uint64_t in_valid = bits_trunc(in->in_valid, 1);
    uint64_t in_mask = bits_trunc(in->in_mask, cfg->warp);
    uint64_t hold = bits_trunc(in->hold, 1);
    const struct lane_seq q = lane_seq(cfg, s);
    const unsigned cur = q.cur;
    const int run = q.run, last = q.last;
    unsigned err_code = TSIMT_LANE_ERR_NONE;
    int ready = s->busy_q == 0u || last;
    int go, accept;

    if (in_valid && hold)
        err_code = TSIMT_LANE_ERR_HELD;
    else if (in_valid && !ready)
        err_code = TSIMT_LANE_ERR_BUSY;
    else if (in_valid && in_mask == 0u)
        err_code = TSIMT_LANE_ERR_EMPTY;
    go = !hold && err_code == TSIMT_LANE_ERR_NONE; /* the cycle is not frozen */
    accept = go && in_valid;

    out->ready = (uint64_t)ready;
    out->err = err_code != TSIMT_LANE_ERR_NONE;
    out->err_code = err_code;
    if (!go)
        out->act = TSIMT_LANE_ACT_HOLD;
    else if (run)
        out->act = last ? (accept ? TSIMT_LANE_ACT_HANDOVER : TSIMT_LANE_ACT_LAST)
                        : TSIMT_LANE_ACT_RUN;
    else
        out->act = accept ? TSIMT_LANE_ACT_LOAD : TSIMT_LANE_ACT_IDLE;
    if (go && run) {
        out->ex_valid = bits_field(s->mask_q, cur * cfg->width, cfg->width);
        out->ex_base = (uint64_t)cur * cfg->width;
        out->ex_warp = s->warp_q;
        out->ex_instr = s->instr_q;
        out->done = (uint64_t)last;
    } else {
        out->ex_valid = out->ex_base = out->ex_warp = out->ex_instr = out->done = 0;
    }
    /* next state */
    out->nx_load = (uint64_t)accept;
    if (accept) {
        out->nx_busy = 1;
        out->nx_pos = 0;
    } else if (go && run) {
        out->nx_busy = (uint64_t)!last;
        out->nx_pos = last ? 0u : cur + 1u;
    } else {
        out->nx_busy = s->busy_q;
        out->nx_pos = s->pos_q;
    }
}

void tsimt_lane_step(const tsimt_lane_cfg *cfg, tsimt_lane_state *s, const tsimt_lane_in *in,
                     const tsimt_lane_out *out)
{
    if (out->nx_load) {
        s->instr_q = bits_trunc(in->in_instr, cfg->instr_bits);
        s->warp_q = bits_trunc(in->in_warp, cfg->wid_bits);
        s->mask_q = bits_trunc(in->in_mask, cfg->warp);
    }
    s->busy_q = out->nx_busy;
    s->pos_q = out->nx_pos;
}

const char *tsimt_lane_check(const tsimt_lane_cfg *cfg, const tsimt_lane_state *s)
{
    static char msg[160];
    uint64_t occ = tsimt_lane_occupancy(cfg, s->mask_q);
    if (!bits_subset(s->mask_q, bits_mask(cfg->warp)) ||
        !bits_subset(s->instr_q, bits_mask(cfg->instr_bits)) ||
        !bits_subset(s->warp_q, bits_mask(cfg->wid_bits)) || s->busy_q > 1u) {
        snprintf(msg, sizeof msg, "tsimt_lane: a register holds bits beyond its width");
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
    visit(ctx, "hold", 1, &in->hold, PORT_IN);
    visit(ctx, "ready", 1, &out->ready, PORT_OUT);
    visit(ctx, "err", 1, &out->err, PORT_OUT);
    visit(ctx, "err_code", 2, &out->err_code, PORT_OUT);
    visit(ctx, "act", 3, &out->act, PORT_OUT);
    visit(ctx, "ex_valid", cfg->width, &out->ex_valid, PORT_OUT);
    visit(ctx, "ex_base", tsimt_lane_tid_w(cfg), &out->ex_base, PORT_OUT);
    visit(ctx, "ex_warp", cfg->wid_bits, &out->ex_warp, PORT_OUT);
    visit(ctx, "ex_instr", cfg->instr_bits, &out->ex_instr, PORT_OUT);
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
