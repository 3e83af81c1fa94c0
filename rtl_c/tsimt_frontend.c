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

/* Each busy lane's sequencing into q[l] and the busy lanes into *busy;
 * returns lane_ready.  An idle lane is ready and its sequencing is all zero
 * (tsimt_lane_sequence): q[l] is not written for it. */
static uint64_t lanes_sequence(const tsimt_frontend_cfg *cfg, const tsimt_lane_cfg *lc,
                               const tsimt_frontend_state *s, tsimt_lane_seq *q, uint64_t *busy)
{
    uint64_t b = 0, ready = 0;
    for (unsigned l = 0; l < cfg->lanes; l++) {
        if (s->lane[l].busy_q == 0u)
            continue;
        q[l] = tsimt_lane_sequence(lc, &s->lane[l]);
        b |= (uint64_t)1 << l;
        ready |= q[l].last << l;
    }
    *busy = b;
    return ready | (~b & bits_mask(cfg->lanes));
}

/* The front end's decision from the lanes' readiness (ready, busy: state
 * only) and this cycle's inputs: the request and the two round robins, the
 * fill check, and every output that is not a lane's (the lane_* of a lane,
 * ex_threads and rd_* are the caller's).  Shared by eval and eval_lean. */
static void decide(const tsimt_frontend_cfg *cfg, const tsimt_frontend_state *s,
                   const tsimt_frontend_in *in, uint64_t ready, tsimt_frontend_out *out)
{
    const unsigned L = cfg->lanes, W = cfg->warps;
    const uint64_t fill_valid = in->fill_valid & 1u;
    const uint64_t fill_warp = in->fill_warp & bits_index_mask(cfg->warps);
    const uint64_t sb_ok = bits_trunc(in->sb_ok, cfg->warps);
    const uint64_t elig = s->ib_v_q & sb_ok;
    uint64_t has = 0, req;
    unsigned err_code = TSIMT_FE_ERR_NONE;
    unsigned j, nreq, sel_lane = 0, slot = 0, w = 0;
    uint64_t go, issue = 0;

    /* lane l has an eligible warp: bit l of some slot's L-bit row of elig
     * (warp slot * LANES + l); WPL rows, WPL * LANES = WARPS <= 64 bits */
    for (j = 0; j < W; j += L)
        has |= elig >> j;
    req = ready & has & bits_mask(L);
    /* lane round-robin from rr_q: the first requesting lane at or above
     * rr_q, else the lowest one; then, inside the chosen lane only, the
     * slot round robin from wp_q: the first eligible slot at or after it
     * (cyclically) -- it exists, the lane requests */
    nreq = bits_popcount(req);
    if (req != 0u) {
        const uint64_t hi = req & ~bits_mask((unsigned)s->rr_q);
        sel_lane = bits_ffs(hi ? hi : req);
        slot = (unsigned)s->wp_q[sel_lane];
        w = tsimt_frontend_warp_at(cfg, sel_lane, slot); /* slot's warp */
        if (w >= W) { /* illegal wp_q (tsimt_frontend_check): keeps w in range */
            slot = 0;
            w = sel_lane;
        }
        for (j = 0; j < W && !bits_get(elig, w); j += L) {
            slot++;
            w += L;
            if (w >= W) {
                slot = 0;
                w = sel_lane;
            }
        }
    }
    /* the fill check: a slot may be written when it is empty or when its
     * instruction issues this cycle (read and rewritten at the same edge);
     * the pick above reads no fill input, so this is no loop */
    if (fill_valid && fill_warp >= cfg->warps)
        err_code = TSIMT_FE_ERR_BAD_WARP;
    else if (fill_valid && bits_get(s->ib_v_q, (unsigned)fill_warp) &&
             !(req != 0u && w == (unsigned)fill_warp))
        err_code = TSIMT_FE_ERR_SLOT_FULL;
    else if (fill_valid && bits_trunc(in->fill_mask, cfg->warp) == 0u)
        err_code = TSIMT_FE_ERR_EMPTY;
    go = err_code == TSIMT_FE_ERR_NONE;
    issue = go & (req != 0u);

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
    out->lane_ready = ready;
    out->lane_req = req;
    out->conf1 = s->conf1_q;
    out->conf2 = s->conf2_q;
    out->conf3 = s->conf3_q;
    out->iss_valid = issue;
    if (issue) {
        out->iss_lane = sel_lane;
        out->iss_warp = w;
        out->iss_instr = s->ib_instr_q[w];
        out->iss_mask = s->ib_mask_q[w];
        out->iss_scalar = bits_get(s->ib_s_q, w);
        out->nx_slot = slot;
    } else {
        out->iss_lane = out->iss_warp = out->iss_instr = out->iss_mask = out->nx_slot = 0;
        out->iss_scalar = 0;
    }
    out->nx_fill = go & fill_valid;
}

void tsimt_frontend_eval(const tsimt_frontend_cfg *cfg, const tsimt_frontend_state *s,
                         const tsimt_frontend_in *in, tsimt_frontend_out *out)
{
    const tsimt_lane_cfg lc = tsimt_frontend_lane_cfg(cfg);
    const unsigned L = cfg->lanes;
    const uint64_t rd_lane = in->rd_lane & bits_index_mask(cfg->lanes);
    tsimt_lane_seq q[TSIMT_FE_MAX_LANES]; /* entries 0..L-1 written, then read */
    uint64_t ready, busy = 0, ex = 0, done = 0, lerr = 0, threads = 0, acc = 0;
    unsigned l;

    /* each busy lane's sequencing (state only), computed once: its
     * readiness here, its outputs below */
    ready = lanes_sequence(cfg, &lc, s, q, &busy);
    decide(cfg, s, in, ready, out);
    const uint64_t go = out->err ^ 1u, issue = out->iss_valid;
    const unsigned sel_lane = (unsigned)out->iss_lane;

    /* the lanes, with the wiring: in_valid to the selected lane, hold = err.
     * Only the lanes that work (busy, or issued to) are evaluated, and only
     * their lin/lout are written (nx_work): a lane that is idle and not
     * issued to evaluates to constants (what tsimt_lane_eval_seq gives for
     * busy_q = 0, no sequencing and no in_valid, bit for bit: ready, act
     * IDLE or HOLD, nothing else), which the ports below use directly. */
    const uint64_t work = busy | (issue << sel_lane);
    const int pack = L * cfg->width <= 64u; /* ex_valid packed, one popcount */
    out->nx_work = work;
    for (uint64_t v = work; v != 0u; v &= v - 1u) {
        l = bits_ffs(v);
        tsimt_lane_in *li = &out->lin[l];
        tsimt_lane_out *lo = &out->lout[l];
        li->in_valid = issue & (l == sel_lane);
        li->in_warp = out->iss_warp;
        li->in_instr = out->iss_instr;
        li->in_mask = out->iss_mask;
        li->in_scalar = out->iss_scalar;
        li->hold = go ^ 1u;
        if (!(busy >> l & 1u))
            q[l] = (tsimt_lane_seq){0, 0, 0, 0, 0};
        tsimt_lane_eval_seq(&lc, &s->lane[l], &q[l], li, lo);
        ex |= (uint64_t)(lo->ex_valid != 0u) << l;
        done |= lo->done << l;
        lerr |= lo->err << l;
        if (pack)
            acc |= lo->ex_valid << (l * cfg->width);
        else
            threads += bits_popcount(lo->ex_valid);
    }
    threads += bits_popcount(acc);
    out->lane_ex = ex;
    out->lane_done = done;
    out->lane_err = lerr;
    out->ex_threads = threads;
    if (rd_lane < L && (work >> rd_lane & 1u)) {
        const tsimt_lane_out *lo = &out->lout[rd_lane];
        out->rd_act = lo->act;
        out->rd_ex_valid = lo->ex_valid;
        out->rd_ex_base = lo->ex_base;
        out->rd_ex_warp = lo->ex_warp;
        out->rd_ex_instr = lo->ex_instr;
        out->rd_ex_scalar = lo->ex_scalar;
    } else {
        /* no such lane (0), or an idle lane's constants */
        out->rd_act = rd_lane < L ? (go ? TSIMT_LANE_ACT_IDLE : TSIMT_LANE_ACT_HOLD) : 0u;
        out->rd_ex_valid = out->rd_ex_base = out->rd_ex_warp = out->rd_ex_instr = 0;
        out->rd_ex_scalar = 0;
    }
}

/* The edge of everything but the lanes: the buffer, the pointers, the
 * counters (shared by step and step_lean; not under err). */
static void step_buffer(const tsimt_frontend_cfg *cfg, tsimt_frontend_state *s,
                        const tsimt_frontend_in *in, const tsimt_frontend_out *out)
{
    if (out->iss_valid) {
        const unsigned l = (unsigned)out->iss_lane;
        s->ib_v_q &= ~((uint64_t)1 << out->iss_warp);
        s->rr_q = l + 1u == cfg->lanes ? 0u : l + 1u;
        /* slot + 1 mod WPL: the slot after the last one is the one whose
         * warp would be WARPS or above */
        s->wp_q[l] = (out->nx_slot + 1u) * cfg->lanes >= cfg->warps ? 0u : out->nx_slot + 1u;
    }
    /* after the issue's clear: a fill into the issuing warp's slot wins */
    if (out->nx_fill) {
        unsigned w = (unsigned)(in->fill_warp & bits_index_mask(cfg->warps));
        s->ib_v_q |= (uint64_t)1 << w;
        s->ib_instr_q[w] = bits_trunc(in->fill_instr, cfg->instr_bits);
        s->ib_mask_q[w] = bits_trunc(in->fill_mask, cfg->warp);
        s->ib_s_q = (s->ib_s_q & ~((uint64_t)1 << w)) | (uint64_t)(in->fill_scalar & 1u) << w;
    }
    if (out->conflict == 1u)
        s->conf1_q = sat_inc(s->conf1_q, cfg->cnt_bits);
    else if (out->conflict == 2u)
        s->conf2_q = sat_inc(s->conf2_q, cfg->cnt_bits);
    else if (out->conflict == 3u)
        s->conf3_q = sat_inc(s->conf3_q, cfg->cnt_bits);
}

/* Only the lanes whose state can change take their edge: a lane that
 * executes a group (lane_ex) and the lane that is issued to.  Every other
 * lane is idle without an input, or frozen (err holds every lane): its
 * nx_* equal its state. */
void tsimt_frontend_step(const tsimt_frontend_cfg *cfg, tsimt_frontend_state *s,
                         const tsimt_frontend_in *in, const tsimt_frontend_out *out)
{
    const tsimt_lane_cfg lc = tsimt_frontend_lane_cfg(cfg);
    uint64_t moving = out->lane_ex | (out->iss_valid << out->iss_lane);
    if (out->err)
        return;
    while (moving) {
        const unsigned l = bits_ffs(moving);
        moving &= moving - 1u;
        tsimt_lane_step(&lc, &s->lane[l], &out->lin[l], &out->lout[l]);
    }
    step_buffer(cfg, s, in, out);
}

/* LEAN (tsimt_frontend.h).  A lane's groups: the non-empty K-thread
 * groups of its mask (tsimt_lane_occupancy; the mask itself at K = 1). */
static uint64_t occ_of(const tsimt_lane_cfg *lc, uint64_t mask)
{
    return lc->width == 1u ? mask : tsimt_lane_occupancy(lc, mask);
}

/* lane l, busy, has run `done` of its groups by cycle z->now and has `left`
 * to run (the one of this cycle included): its timing from now on */
static void lean_time(tsimt_frontend_lean *z, unsigned l, uint64_t done, uint64_t left)
{
    const uint64_t bit = (uint64_t)1 << l;
    z->busy |= bit;
    z->start[l] = z->now - done;
    if (left <= 1u)
        z->lastm |= bit;
    else
        z->ring[(z->now + left - 1u) % TSIMT_FE_LEAN_RING] |= bit;
}

void tsimt_frontend_lean_init(const tsimt_frontend_cfg *cfg, const tsimt_frontend_state *s,
                              tsimt_frontend_lean *z)
{
    const tsimt_lane_cfg lc = tsimt_frontend_lane_cfg(cfg);
    memset(z, 0, sizeof *z);
    for (unsigned l = 0; l < cfg->lanes; l++) {
        const tsimt_lane_state *ls = &s->lane[l];
        if (ls->busy_q == 0u)
            continue;
        /* the groups below pos_q have run, the others are ahead */
        const uint64_t occ = occ_of(&lc, ls->mask_q), below = bits_mask((unsigned)ls->pos_q);
        lean_time(z, l, bits_popcount(occ & below), bits_popcount(occ & ~below));
    }
}

void tsimt_frontend_lean_sync(const tsimt_frontend_cfg *cfg, tsimt_frontend_state *s,
                              const tsimt_frontend_lean *z)
{
    const tsimt_lane_cfg lc = tsimt_frontend_lane_cfg(cfg);
    for (unsigned l = 0; l < cfg->lanes; l++) {
        tsimt_lane_state *ls = &s->lane[l];
        ls->busy_q = z->busy >> l & 1u;
        ls->pos_q = 0;
        if (!ls->busy_q)
            continue;
        /* pos_q: the group after the last one run (0 before the first) */
        uint64_t occ = occ_of(&lc, ls->mask_q);
        for (uint64_t done = z->now - z->start[l]; done != 0u && occ != 0u; done--) {
            ls->pos_q = bits_ffs(occ) + 1u;
            occ &= occ - 1u;
        }
    }
}

void tsimt_frontend_eval_lean(const tsimt_frontend_cfg *cfg, const tsimt_frontend_state *s,
                              const tsimt_frontend_lean *z, const tsimt_frontend_in *in,
                              tsimt_frontend_out *out)
{
    decide(cfg, s, in, z->lastm | (~z->busy & bits_mask(cfg->lanes)), out);
}

int tsimt_frontend_lean_same(const tsimt_frontend_out *a, const tsimt_frontend_out *b)
{
    return a->err == b->err && a->err_code == b->err_code && a->act == b->act &&
           a->iss_valid == b->iss_valid && a->iss_lane == b->iss_lane &&
           a->iss_warp == b->iss_warp && a->iss_instr == b->iss_instr &&
           a->iss_mask == b->iss_mask && a->iss_scalar == b->iss_scalar &&
           a->conflict == b->conflict && a->ib_full == b->ib_full &&
           a->lane_ready == b->lane_ready && a->lane_req == b->lane_req &&
           a->conf1 == b->conf1 && a->conf2 == b->conf2 && a->conf3 == b->conf3 &&
           a->nx_fill == b->nx_fill && a->nx_slot == b->nx_slot;
}

/* The lanes in their last group go idle; the lane issued to loads the
 * issue (tsimt_lane_step's load: instr, warp, mask, scalar) and runs its
 * groups from the next cycle; the buffer as step; then the next cycle's
 * lanes in their last group come off the ring. */
void tsimt_frontend_step_lean(const tsimt_frontend_cfg *cfg, tsimt_frontend_state *s,
                              tsimt_frontend_lean *z, const tsimt_frontend_in *in,
                              const tsimt_frontend_out *out)
{
    const tsimt_lane_cfg lc = tsimt_frontend_lane_cfg(cfg);
    if (out->err)
        return; /* frozen: no lane moves, no time passes for them */
    z->busy &= ~z->lastm;
    z->lastm = 0;
    z->now++;
    if (out->iss_valid) {
        const unsigned l = (unsigned)out->iss_lane;
        const tsimt_lane_in li = {1, out->iss_warp, out->iss_instr, out->iss_mask,
                                  out->iss_scalar, 0};
        tsimt_lane_out lo;
        memset(&lo, 0, sizeof lo);
        lo.nx_load = lo.nx_busy = 1; /* nx_pos 0 */
        tsimt_lane_step(&lc, &s->lane[l], &li, &lo);
        lean_time(z, l, 0, bits_popcount(occ_of(&lc, s->lane[l].mask_q)));
    }
    step_buffer(cfg, s, in, out);
    uint64_t *due = &z->ring[z->now % TSIMT_FE_LEAN_RING];
    z->lastm |= *due;
    *due = 0;
}

uint64_t tsimt_frontend_lean_wait(const tsimt_frontend_cfg *cfg, const tsimt_frontend_state *s,
                                  const tsimt_frontend_lean *z, unsigned l)
{
    const tsimt_lane_cfg lc = tsimt_frontend_lane_cfg(cfg);
    if (!(z->busy >> l & 1u) || (z->lastm >> l & 1u))
        return 0;
    /* its last group runs in cycle start + groups - 1 (lean_time) */
    return z->start[l] + bits_popcount(occ_of(&lc, s->lane[l].mask_q)) - 1u - z->now;
}

void tsimt_frontend_lean_idle(tsimt_frontend_lean *z, uint64_t n)
{
    /* step_lean's lane timing, no issue: a lane busy only while its ring
     * bit or lastm is set, so once none is busy the ring is empty and only
     * the clock moves */
    for (; n != 0u && z->busy != 0u; n--) {
        z->busy &= ~z->lastm;
        z->now++;
        uint64_t *due = &z->ring[z->now % TSIMT_FE_LEAN_RING];
        z->lastm = *due;
        *due = 0;
    }
    z->now += n;
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
    if (!bits_subset(s->ib_v_q | s->ib_s_q, bits_mask(cfg->warps))) {
        snprintf(msg, sizeof msg, "buffer slot valid or scalar beyond WARPS: %llx %llx",
                 (unsigned long long)s->ib_v_q, (unsigned long long)s->ib_s_q);
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
    visit(ctx, "fill_scalar", 1, &in->fill_scalar, PORT_IN);
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
    visit(ctx, "iss_scalar", 1, &out->iss_scalar, PORT_OUT);
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
    visit(ctx, "rd_ex_scalar", 1, &out->rd_ex_scalar, PORT_OUT);
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
    vcd_sig(w, "ib_s_q", cfg->warps, s->ib_s_q);
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
        snprintf(name, sizeof name, "l%02u_scalar_q", l);
        vcd_sig(w, name, 1, s->lane[l].scalar_q);
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
