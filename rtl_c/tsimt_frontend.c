/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tsimt_frontend.c -- temporal-SIMT issue front end over L tsimt_lane units
 * (002 sec. 3.1, 3.3, 5.6).  Behaviour, timing and departures are in
 * tsimt_frontend.h; verilog/tsimt_frontend.v makes the same decision the
 * same way and instantiates verilog/tsimt_lane.v L times.
 */
#include "tsimt_frontend.h"

#include <stdio.h>
#include <stddef.h>
#include <string.h>

#include "bits.h"
#include "../vcd/vcd.h"

/* The parameters (port.h): Verilog name, cfg field, min, max, default. */
static const struct param_def tsimt_frontend_param_defs[] = {
    {"LANES", "lanes", offsetof(tsimt_frontend_cfg, lanes), 1, TSIMT_FE_MAX_LANES, 8, 0},
    {"WARPS", "warps", offsetof(tsimt_frontend_cfg, warps), 1, TSIMT_FE_MAX_WARPS, 32, 0},
    {"WARP", "warp", offsetof(tsimt_frontend_cfg, warp), 1, 64, 32, 0},
    {"K", "width", offsetof(tsimt_frontend_cfg, width), 1, 64, 1, PARAM_POW2},
    {"INSTR_W", "instr_bits", offsetof(tsimt_frontend_cfg, instr_bits), 1, 64, 32, 0},
    {"CNT_W", "cnt_bits", offsetof(tsimt_frontend_cfg, cnt_bits), 1, 64, 32, 0},
};

static const char *tsimt_frontend_rules(const void *p)
{
    const tsimt_frontend_cfg *cfg = (const tsimt_frontend_cfg *)p;
    tsimt_lane_cfg l;
    if (cfg->warps % cfg->lanes != 0u)
        return "tsimt_frontend: parameter LANES (cfg lanes) must divide WARPS (cfg warps)";
    if (bits_width_for((uint64_t)cfg->lanes * cfg->width) > 64u)
        return "tsimt_frontend: parameters LANES * K too large";
    l = tsimt_frontend_lane_cfg(cfg);
    return tsimt_lane_cfg_check(&l);
}

/* tsimt_frontend_params, tsimt_frontend_default_cfg() and tsimt_frontend_cfg_check() */
PARAM_TABLE(tsimt_frontend, tsimt_frontend_rules)

tsimt_lane_cfg tsimt_frontend_lane_cfg(const tsimt_frontend_cfg *cfg)
{
    tsimt_lane_cfg l;
    l.warp = cfg->warp;
    l.width = cfg->width;
    l.instr_bits = cfg->instr_bits;
    l.wid_bits = bits_index_width(cfg->warps);
    return l;
}


unsigned tsimt_frontend_wpl(const tsimt_frontend_cfg *cfg) { return cfg->warps / cfg->lanes; }
unsigned tsimt_frontend_wid_w(const tsimt_frontend_cfg *cfg)
{
    return bits_index_width(cfg->warps);
}
unsigned tsimt_frontend_lane_w(const tsimt_frontend_cfg *cfg)
{
    return bits_index_width(cfg->lanes);
}
unsigned tsimt_frontend_slot_w(const tsimt_frontend_cfg *cfg)
{
    return bits_index_width(tsimt_frontend_wpl(cfg));
}
unsigned tsimt_frontend_thr_w(const tsimt_frontend_cfg *cfg)
{
    return bits_width_for((uint64_t)cfg->lanes * cfg->width);
}
unsigned tsimt_frontend_lane_of(const tsimt_frontend_cfg *cfg, unsigned warp)
{
    return warp % cfg->lanes;
}
unsigned tsimt_frontend_warp_at(const tsimt_frontend_cfg *cfg, unsigned lane, unsigned slot)
{
    return slot * cfg->lanes + lane;
}

void tsimt_frontend_reset(const tsimt_frontend_cfg *cfg, tsimt_frontend_state *s)
{
    tsimt_lane_cfg lc = tsimt_frontend_lane_cfg(cfg);
    unsigned l;
    memset(s, 0, sizeof *s);
    for (l = 0; l < TSIMT_FE_MAX_LANES; l++)
        tsimt_lane_reset(&lc, &s->lane[l]);
}

static uint64_t sat_inc(uint64_t v, unsigned width)
{
    return v == bits_mask(width) ? v : v + 1u;
}

void tsimt_frontend_eval(const tsimt_frontend_cfg *cfg, const tsimt_frontend_state *s,
                         const tsimt_frontend_in *in, tsimt_frontend_out *out)
{
    tsimt_lane_cfg lc = tsimt_frontend_lane_cfg(cfg);
    unsigned L = cfg->lanes, wpl = tsimt_frontend_wpl(cfg);
    uint64_t fill_valid = bits_trunc(in->fill_valid, 1);
    uint64_t fill_warp = bits_trunc(in->fill_warp, tsimt_frontend_wid_w(cfg));
    uint64_t fill_mask = bits_trunc(in->fill_mask, cfg->warp);
    uint64_t sb_ok = bits_trunc(in->sb_ok, cfg->warps);
    uint64_t rd_lane = bits_trunc(in->rd_lane, tsimt_frontend_lane_w(cfg));
    uint64_t elig = s->ib_v_q & sb_ok;
    unsigned err_code = TSIMT_FE_ERR_NONE;
    unsigned lane_slot[TSIMT_FE_MAX_LANES];
    unsigned l, j, k, nreq, sel_lane = 0;
    int go, issue = 0;

    if (fill_valid && fill_warp >= cfg->warps)
        err_code = TSIMT_FE_ERR_BAD_WARP;
    else if (fill_valid && bits_get(s->ib_v_q, (unsigned)fill_warp))
        err_code = TSIMT_FE_ERR_SLOT_FULL;
    else if (fill_valid && fill_mask == 0u)
        err_code = TSIMT_FE_ERR_EMPTY;
    go = err_code == TSIMT_FE_ERR_NONE;

    /* each lane: its readiness (state only) and, when ready, its
     * round-robin slot pick: the first of its slots wp_q, wp_q+1, ...
     * (mod WPL) whose warp (slot * LANES + lane) is eligible.  Lane_slot
     * of a lane that does not request is never used. */
    out->lane_ready = out->lane_req = 0;
    for (l = 0; l < L; l++) {
        int has = 0;
        lane_slot[l] = 0;
        if (!tsimt_lane_ready(&lc, &s->lane[l]))
            continue;
        out->lane_ready |= (uint64_t)1 << l;
        j = (unsigned)s->wp_q[l];
        for (k = 0; k < wpl && !has; k++) {
            if (bits_get(elig, j * L + l)) {
                lane_slot[l] = j;
                has = 1;
            } else if (++j == wpl) {
                j = 0;
            }
        }
        if (has)
            out->lane_req |= (uint64_t)1 << l;
    }
    /* lane round-robin from rr_q: the first requesting lane at or above
     * rr_q, else the lowest one */
    nreq = bits_popcount(out->lane_req);
    if (out->lane_req != 0u) {
        const uint64_t hi = out->lane_req & ~bits_mask((unsigned)s->rr_q);
        sel_lane = bits_ffs(hi ? hi : out->lane_req);
        issue = go;
    }

    out->err = !go;
    out->err_code = err_code;
    if (!go)
        out->act = TSIMT_FE_ACT_HOLD;
    else if (nreq == 0u)
        out->act = TSIMT_FE_ACT_IDLE;
    else
        out->act = nreq == 1u ? TSIMT_FE_ACT_ISSUE : TSIMT_FE_ACT_CONFLICT;
    out->conflict = (go && nreq > 1u) ? (nreq - 1u > 3u ? 3u : nreq - 1u) : 0u;
    out->ib_full = s->ib_v_q;
    out->conf1 = s->conf1_q;
    out->conf2 = s->conf2_q;
    out->conf3 = s->conf3_q;
    out->iss_valid = out->iss_lane = out->iss_warp = out->iss_instr = out->iss_mask = 0;
    out->nx_slot = 0;
    if (issue) {
        unsigned w = tsimt_frontend_warp_at(cfg, sel_lane, lane_slot[sel_lane]);
        out->iss_valid = 1;
        out->iss_lane = sel_lane;
        out->iss_warp = w;
        out->iss_instr = s->ib_instr_q[w];
        out->iss_mask = s->ib_mask_q[w];
        out->nx_slot = lane_slot[sel_lane];
    }
    out->nx_fill = go && fill_valid;

    /* the lanes, with the wiring: in_valid to the selected lane, hold = err */
    out->lane_ex = out->lane_done = out->lane_err = out->ex_threads = 0;
    out->rd_act = out->rd_ex_valid = out->rd_ex_base = out->rd_ex_warp = out->rd_ex_instr = 0;
    for (l = 0; l < L; l++) {
        tsimt_lane_in *li = &out->lin[l];
        tsimt_lane_out *lo = &out->lout[l];
        li->in_valid = issue && l == sel_lane;
        li->in_warp = out->iss_warp;
        li->in_instr = out->iss_instr;
        li->in_mask = out->iss_mask;
        li->hold = (uint64_t)!go;
        tsimt_lane_eval(&lc, &s->lane[l], li, lo);
        if (lo->ex_valid)
            out->lane_ex |= (uint64_t)1 << l;
        if (lo->done)
            out->lane_done |= (uint64_t)1 << l;
        if (lo->err)
            out->lane_err |= (uint64_t)1 << l;
        out->ex_threads += bits_popcount(lo->ex_valid);
        if (l == rd_lane) {
            out->rd_act = lo->act;
            out->rd_ex_valid = lo->ex_valid;
            out->rd_ex_base = lo->ex_base;
            out->rd_ex_warp = lo->ex_warp;
            out->rd_ex_instr = lo->ex_instr;
        }
    }
}

void tsimt_frontend_step(const tsimt_frontend_cfg *cfg, tsimt_frontend_state *s,
                         const tsimt_frontend_in *in, const tsimt_frontend_out *out)
{
    tsimt_lane_cfg lc = tsimt_frontend_lane_cfg(cfg);
    unsigned l;
    for (l = 0; l < cfg->lanes; l++)
        tsimt_lane_step(&lc, &s->lane[l], &out->lin[l], &out->lout[l]);
    if (out->err)
        return;
    if (out->nx_fill) {
        unsigned w = (unsigned)bits_trunc(in->fill_warp, tsimt_frontend_wid_w(cfg));
        s->ib_v_q |= (uint64_t)1 << w;
        s->ib_instr_q[w] = bits_trunc(in->fill_instr, cfg->instr_bits);
        s->ib_mask_q[w] = bits_trunc(in->fill_mask, cfg->warp);
    }
    if (out->iss_valid) {
        s->ib_v_q &= ~((uint64_t)1 << out->iss_warp);
        s->rr_q = (out->iss_lane + 1u) % cfg->lanes;
        s->wp_q[out->iss_lane] = (out->nx_slot + 1u) % tsimt_frontend_wpl(cfg);
    }
    if (out->conflict == 1u)
        s->conf1_q = sat_inc(s->conf1_q, cfg->cnt_bits);
    else if (out->conflict == 2u)
        s->conf2_q = sat_inc(s->conf2_q, cfg->cnt_bits);
    else if (out->conflict == 3u)
        s->conf3_q = sat_inc(s->conf3_q, cfg->cnt_bits);
}

const char *tsimt_frontend_check(const tsimt_frontend_cfg *cfg, const tsimt_frontend_state *s)
{
    static char msg[200];
    tsimt_lane_cfg lc = tsimt_frontend_lane_cfg(cfg);
    unsigned l, w, wpl = tsimt_frontend_wpl(cfg);
    for (l = 0; l < cfg->lanes; l++) {
        const char *why = tsimt_lane_check(&lc, &s->lane[l]);
        if (why) {
            snprintf(msg, sizeof msg, "lane %u: %s", l, why);
            return msg;
        }
        if (s->lane[l].busy_q && tsimt_frontend_lane_of(cfg, (unsigned)s->lane[l].warp_q) != l) {
            snprintf(msg, sizeof msg, "lane %u runs warp %llu of lane %u", l,
                     (unsigned long long)s->lane[l].warp_q,
                     tsimt_frontend_lane_of(cfg, (unsigned)s->lane[l].warp_q));
            return msg;
        }
        if (s->wp_q[l] >= wpl) {
            snprintf(msg, sizeof msg, "lane %u: wp_q %llu >= %u", l,
                     (unsigned long long)s->wp_q[l], wpl);
            return msg;
        }
    }
    if (s->rr_q >= cfg->lanes) {
        snprintf(msg, sizeof msg, "rr_q %llu >= lanes %u", (unsigned long long)s->rr_q,
                 cfg->lanes);
        return msg;
    }
    if (!bits_subset(s->ib_v_q, bits_mask(cfg->warps))) {
        snprintf(msg, sizeof msg, "buffer slot valid beyond WARPS: %llx",
                 (unsigned long long)s->ib_v_q);
        return msg;
    }
    for (w = 0; w < cfg->warps; w++) {
        if (!bits_get(s->ib_v_q, w))
            continue;
        if (s->ib_mask_q[w] == 0u || !bits_subset(s->ib_mask_q[w], bits_mask(cfg->warp)) ||
            !bits_subset(s->ib_instr_q[w], bits_mask(cfg->instr_bits))) {
            snprintf(msg, sizeof msg, "slot %u: mask %llx empty or wider than the fields", w,
                     (unsigned long long)s->ib_mask_q[w]);
            return msg;
        }
    }
    if (!bits_subset(s->conf1_q | s->conf2_q | s->conf3_q, bits_mask(cfg->cnt_bits))) {
        snprintf(msg, sizeof msg, "a conflict counter exceeds CNT_W");
        return msg;
    }
    return NULL;
}

void tsimt_frontend_ports(const tsimt_frontend_cfg *cfg, const tsimt_frontend_in *in,
                          const tsimt_frontend_out *out, port_visit_fn visit, void *ctx)
{
    unsigned ww = tsimt_frontend_wid_w(cfg), lw = tsimt_frontend_lane_w(cfg);
    unsigned L = cfg->lanes, cw = cfg->cnt_bits;
    visit(ctx, "fill_valid", 1, &in->fill_valid, PORT_IN);
    visit(ctx, "fill_warp", ww, &in->fill_warp, PORT_IN);
    visit(ctx, "fill_instr", cfg->instr_bits, &in->fill_instr, PORT_IN);
    visit(ctx, "fill_mask", cfg->warp, &in->fill_mask, PORT_IN);
    visit(ctx, "sb_ok", cfg->warps, &in->sb_ok, PORT_IN);
    visit(ctx, "rd_lane", lw, &in->rd_lane, PORT_IN);
    visit(ctx, "err", 1, &out->err, PORT_OUT);
    visit(ctx, "err_code", 2, &out->err_code, PORT_OUT);
    visit(ctx, "act", 2, &out->act, PORT_OUT);
    visit(ctx, "iss_valid", 1, &out->iss_valid, PORT_OUT);
    visit(ctx, "iss_lane", lw, &out->iss_lane, PORT_OUT);
    visit(ctx, "iss_warp", ww, &out->iss_warp, PORT_OUT);
    visit(ctx, "iss_instr", cfg->instr_bits, &out->iss_instr, PORT_OUT);
    visit(ctx, "iss_mask", cfg->warp, &out->iss_mask, PORT_OUT);
    visit(ctx, "conflict", 2, &out->conflict, PORT_OUT);
    visit(ctx, "ib_full", cfg->warps, &out->ib_full, PORT_OUT);
    visit(ctx, "lane_ready", L, &out->lane_ready, PORT_OUT);
    visit(ctx, "lane_req", L, &out->lane_req, PORT_OUT);
    visit(ctx, "lane_ex", L, &out->lane_ex, PORT_OUT);
    visit(ctx, "lane_done", L, &out->lane_done, PORT_OUT);
    visit(ctx, "lane_err", L, &out->lane_err, PORT_OUT);
    visit(ctx, "ex_threads", tsimt_frontend_thr_w(cfg), &out->ex_threads, PORT_OUT);
    visit(ctx, "conf1", cw, &out->conf1, PORT_OUT);
    visit(ctx, "conf2", cw, &out->conf2, PORT_OUT);
    visit(ctx, "conf3", cw, &out->conf3, PORT_OUT);
    visit(ctx, "rd_act", 3, &out->rd_act, PORT_OUT);
    visit(ctx, "rd_ex_valid", cfg->width, &out->rd_ex_valid, PORT_OUT);
    visit(ctx, "rd_ex_base", bits_index_width(cfg->warp), &out->rd_ex_base, PORT_OUT);
    visit(ctx, "rd_ex_warp", ww, &out->rd_ex_warp, PORT_OUT);
    visit(ctx, "rd_ex_instr", cfg->instr_bits, &out->rd_ex_instr, PORT_OUT);
}

void tsimt_frontend_trace(struct vcd_writer *w, const tsimt_frontend_cfg *cfg,
                          const tsimt_frontend_state *s, const tsimt_frontend_in *in,
                          const tsimt_frontend_out *out)
{
    tsimt_lane_cfg lc = tsimt_frontend_lane_cfg(cfg);
    unsigned l;
    char name[32];
    tsimt_frontend_ports(cfg, in, out, vcd_port, w);
    vcd_scope(w, "state");
    vcd_sig(w, "rr_q", tsimt_frontend_lane_w(cfg), s->rr_q);
    vcd_sig(w, "ib_v_q", cfg->warps, s->ib_v_q);
    for (l = 0; l < cfg->lanes; l++) {
        snprintf(name, sizeof name, "l%02u_wp_q", l);
        vcd_sig(w, name, tsimt_frontend_slot_w(cfg), s->wp_q[l]);
        snprintf(name, sizeof name, "l%02u_busy_q", l);
        vcd_sig(w, name, 1, s->lane[l].busy_q);
        snprintf(name, sizeof name, "l%02u_pos_q", l);
        vcd_sig(w, name, tsimt_lane_grp_w(&lc), s->lane[l].pos_q);
        snprintf(name, sizeof name, "l%02u_warp_q", l);
        vcd_sig(w, name, lc.wid_bits, s->lane[l].warp_q);
        snprintf(name, sizeof name, "l%02u_mask_q", l);
        vcd_sig(w, name, cfg->warp, s->lane[l].mask_q);
    }
    vcd_upscope(w);
}

const char *tsimt_frontend_err_name(unsigned code)
{
    static const char *const names[] = {"NONE", "BAD_WARP", "SLOT_FULL", "EMPTY"};
    return code < sizeof names / sizeof names[0] ? names[code] : "?";
}

const char *tsimt_frontend_act_name(unsigned act)
{
    static const char *const names[] = {"IDLE", "ISSUE", "CONFLICT", "HOLD"};
    return act < sizeof names / sizeof names[0] ? names[act] : "?";
}
