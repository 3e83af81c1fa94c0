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
 * thread at or above group pos_q names it, and since K is a power of two
 * its group's first thread is that thread with the low log2 K bits cleared;
 * the instruction's last group when no active thread lies above that group.
 * The same as the priority encoder over the occupancy vector of the header
 * (G K-input ORs), bit for bit. */
struct lane_seq {
    uint64_t run;   /* busy and a group left (else the fields below are 0) */
    uint64_t last;  /* run, and no active thread above this group */
    uint64_t base;  /* first thread of the group in flight */
    uint64_t valid; /* its K threads, mask_q's bits base .. base+K-1 */
    uint64_t next;  /* the group after it: pos_q's next value while running */
};

static inline struct lane_seq lane_seq(const tsimt_lane_cfg *cfg, const tsimt_lane_state *s)
{
    struct lane_seq q = {0, 0, 0, 0, 0};
    const unsigned kw = bits_ffs(cfg->width); /* log2 K */
    const uint64_t ahead = s->mask_q & ~bits_mask((unsigned)s->pos_q << kw);
    uint64_t grp;
    if (s->busy_q == 0u || ahead == 0u)
        return q;
    q.run = 1;
    q.base = bits_ffs(ahead) & ~(uint64_t)(cfg->width - 1u);
    grp = bits_mask(cfg->width) << q.base;
    q.valid = (ahead & grp) >> q.base;
    q.last = (ahead & ~grp) == 0u;
    q.next = (q.base >> kw) + 1u;
    return q;
}

int tsimt_lane_ready(const tsimt_lane_cfg *cfg, const tsimt_lane_state *s)
{
    if (s->busy_q == 0u)
        return 1;
    return (int)lane_seq(cfg, s).last;
}

/* One evaluation per cycle (issue 17).  What a cycle costs is mostly the
 * chain from this cycle's pos_q to the next one (the clock edge feeds it
 * back), so the group in flight is found in a few word operations and the
 * branches are the predictable ones (a run ends once per instruction; an
 * offered instruction, a hold or an err are the exceptions). */
void tsimt_lane_eval(const tsimt_lane_cfg *cfg, const tsimt_lane_state *s,
                     const tsimt_lane_in *in, tsimt_lane_out *out)
{
    const uint64_t in_valid = in->in_valid & 1u;
    const uint64_t hold = in->hold & 1u;
    const struct lane_seq q = lane_seq(cfg, s);
    const uint64_t ready = (s->busy_q == 0u) | q.last;
    uint64_t err_code = TSIMT_LANE_ERR_NONE, go = 1, accept = 0;

    if (in_valid | hold) { /* something offered or held: the err rules */
        if (in_valid && hold)
            err_code = TSIMT_LANE_ERR_HELD;
        else if (in_valid && !ready)
            err_code = TSIMT_LANE_ERR_BUSY;
        else if (in_valid && (in->in_mask & bits_mask(cfg->warp)) == 0u)
            err_code = TSIMT_LANE_ERR_EMPTY;
        go = !hold && err_code == TSIMT_LANE_ERR_NONE; /* the cycle is not frozen */
        accept = go & in_valid;
    }
    out->ready = ready;
    out->err = err_code != TSIMT_LANE_ERR_NONE;
    out->err_code = err_code;
    out->nx_load = accept;
    if (go && q.run) {
        /* RUN, LAST, or HANDOVER (an accept while running is a last cycle) */
        out->act = TSIMT_LANE_ACT_RUN + q.last + accept;
        out->ex_valid = q.valid;
        out->ex_base = q.base;
        out->ex_warp = s->warp_q;
        out->ex_instr = s->instr_q;
        out->done = q.last;
        if (q.last) { /* a branch, not a select: the next pos_q then waits
                         for nothing but the group in flight */
            out->nx_busy = accept;
            out->nx_pos = 0;
        } else {
            out->nx_busy = 1;
            out->nx_pos = q.next;
        }
        return;
    }
    out->act = !go ? TSIMT_LANE_ACT_HOLD : accept ? TSIMT_LANE_ACT_LOAD : TSIMT_LANE_ACT_IDLE;
    out->ex_valid = out->ex_base = out->ex_warp = out->ex_instr = out->done = 0;
    out->nx_busy = s->busy_q | accept;
    out->nx_pos = accept ? 0u : s->pos_q;
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
