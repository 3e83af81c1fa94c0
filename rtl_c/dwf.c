/* SPDX-License-Identifier: Apache-2.0 */
/*
 * dwf.c -- the composed dynamic warp formation top.  Behaviour, wiring and
 * timing are documented in dwf.h.  Everything the LUT and the pool do is
 * theirs: this file only wires them (dwf_wire), adds the warp update
 * registers and the live vector, and steps everything on the same inputs.
 */
#include "dwf.h"

#include <stdio.h>
#include <stddef.h>
#include <string.h>

#include "bits.h"
#include "lane_shuffle.h"
#include "../vcd/vcd.h"

/* The parameters (port.h): Verilog name, cfg field, min, max, default. */
static const struct param_def dwf_param_defs[] = {
    {"LUT_ENTRIES", "lut_entries", offsetof(dwf_cfg, lut_entries), 4, PC_WARP_LUT_MAX_ENTRIES, 32, PARAM_POW2},
    {"LANES", "lanes", offsetof(dwf_cfg, lanes), 2, WARP_POOL_MAX_LANES, 16, PARAM_POW2},
    {"TID_W", "tid_bits", offsetof(dwf_cfg, tid_bits), 1, WARP_POOL_MAX_TID_BITS, 8, 0},
    {"PC_W", "pc_bits", offsetof(dwf_cfg, pc_bits), 4, 64, 32, 0},
    {"SCHED_W", "sched_bits", offsetof(dwf_cfg, sched_bits), 1, 16, 8, 0},
    {"POLICY", "policy", offsetof(dwf_cfg, policy), 0, WP_POL_DPDPRI, WP_POL_DMAJ, 0},
    {"SWIZZLE", "swizzle", offsetof(dwf_cfg, swizzle), 0, 6, 1, 0},
    {"MAJ", "maj_entries", offsetof(dwf_cfg, maj_entries), 2, WARP_POOL_MAX_MAJ, 32, 0},
};

static const char *dwf_rules(const void *p)
{
    const dwf_cfg *cfg = (const dwf_cfg *)p;
    pc_warp_lut_cfg lc;
    warp_pool_cfg pc;
    const char *why;
    if (cfg->tid_bits < bits_index_width(cfg->lanes))
        return "dwf: parameter TID_W (cfg tid_bits) must be at least log2(LANES) (POOL = THREADS = 2^TID_W)";
    lc = dwf_lut_cfg(cfg);
    pc = dwf_pool_cfg(cfg);
    if ((why = pc_warp_lut_cfg_check(&lc)) != NULL)
        return why;
    return warp_pool_cfg_check(&pc);
}

/* dwf_params, dwf_default_cfg() and dwf_cfg_check() */
PARAM_TABLE(dwf, dwf_rules)

/* Every field of the units' configurations is the dwf's (built per
 * evaluation and step: no copy of the units' defaults first). */
pc_warp_lut_cfg dwf_lut_cfg(const dwf_cfg *cfg)
{
    const pc_warp_lut_cfg c = {.entries = cfg->lut_entries,
                               .ways = 2,
                               .lanes = cfg->lanes,
                               .pc_bits = cfg->pc_bits,
                               .pool = 1u << cfg->tid_bits};
    return c;
}

warp_pool_cfg dwf_pool_cfg(const dwf_cfg *cfg)
{
    const warp_pool_cfg c = {
        .lanes = cfg->lanes,
        .entries = 1u << cfg->tid_bits,
        .tid_bits = cfg->tid_bits,
        .pc_bits = cfg->pc_bits,
        .sched_bits = cfg->sched_bits,
        .policy = cfg->policy,
        .swizzle = cfg->swizzle <= DWF_SWIZZLE_000 ? cfg->swizzle : 0u, /* 001: translated */
        .maj_entries = cfg->maj_entries};
    return c;
}

unsigned dwf_threads(const dwf_cfg *cfg) { return 1u << cfg->tid_bits; }

/* 001 Table 1 over the static warps: LANES lanes, THREADS / LANES warps. */
static lane_shuffle_cfg shuffle_cfg(const dwf_cfg *cfg)
{
    lane_shuffle_cfg c;
    c.lanes = cfg->lanes;
    c.warps = dwf_threads(cfg) / cfg->lanes;
    return c;
}

unsigned dwf_home_lane(const dwf_cfg *cfg, unsigned tid)
{
    lane_shuffle_cfg c;
    if (cfg->swizzle <= DWF_SWIZZLE_000)
        return warp_pool_home_lane(tid, cfg->lanes, cfg->swizzle);
    c = shuffle_cfg(cfg);
    return lane_shuffle_map(&c, cfg->swizzle - DWF_SWIZZLE_001, tid / cfg->lanes,
                            tid & (cfg->lanes - 1u));
}

unsigned dwf_pool_tid(const dwf_cfg *cfg, unsigned tid)
{
    if (cfg->swizzle <= DWF_SWIZZLE_000)
        return tid;
    return (tid & ~(cfg->lanes - 1u)) | dwf_home_lane(cfg, tid);
}

unsigned dwf_from_pool_tid(const dwf_cfg *cfg, unsigned ptid, unsigned lane)
{
    lane_shuffle_cfg c;
    if (cfg->swizzle <= DWF_SWIZZLE_000)
        return ptid;
    c = shuffle_cfg(cfg);
    return (ptid & ~(cfg->lanes - 1u)) |
           lane_shuffle_inverse(&c, cfg->swizzle - DWF_SWIZZLE_001, ptid / cfg->lanes, lane);
}


void dwf_reset(const dwf_cfg *cfg, dwf_state *s)
{
    memset(s, 0, sizeof *s);
    dwf_reset_zeroed(cfg, s);
}

/* The LUT's reset state and the dwf's registers are all zero bytes
 * (pc_warp_lut.h); the pool's free list is not. */
void dwf_reset_zeroed(const dwf_cfg *cfg, dwf_state *s)
{
    warp_pool_cfg pc = dwf_pool_cfg(cfg);
    warp_pool_reset_zeroed(&pc, &s->pool);
}

void dwf_clear_used(const dwf_cfg *cfg, dwf_state *s)
{
    const pc_warp_lut_cfg lc = dwf_lut_cfg(cfg);
    const warp_pool_cfg pc = dwf_pool_cfg(cfg);
    pc_warp_lut_clear_used(&lc, &s->lut);
    warp_pool_clear_used(&pc, &s->pool);
    memset(s->ur_tids, 0, sizeof s->ur_tids);
    memset(s->ur_lt, 0, sizeof s->ur_lt);
    memset(s->ur_pc, 0, sizeof s->ur_pc);
    memset(s->ur_mask, 0, sizeof s->ur_mask);
    memset(s->ur_prio, 0, sizeof s->ur_prio);
    memset(s->live, 0, dwf_threads(cfg) * sizeof s->live[0]);
}

/* The dwf's own checks of the commit port and the issue request, on the
 * port view of the inputs (what the Verilog sees: each field truncated to
 * its width; a committed lane's TID field lies below TW bits, where the
 * view's words equal the raw ones, so the bus is read raw).  lean
 * (dwf_eval_lean): the committed TIDs are read into tid[] but not checked
 * (no HOME_LANE or TID_LIVE), from lt[] (per lane) when it is given, else
 * from the bus. */
static unsigned own_err(const dwf_cfg *cfg, const dwf_state *s, const dwf_in *in,
                        uint64_t free_cnt, uint16_t *tid, int lean, const uint16_t *lt)
{
    unsigned l;
    const uint64_t mt = bits_trunc(in->cm_mask_t, cfg->lanes);
    const uint64_t mn = bits_trunc(in->cm_mask_nt, cfg->lanes), m = mt | mn;
    if ((in->iss_req & 1u) && free_cnt == dwf_threads(cfg))
        return DWF_ERR_ISS_EMPTY;
    if (!(in->cm_valid & 1u))
        return DWF_ERR_NONE;
    if (mt & mn)
        return DWF_ERR_OVERLAP;
    /* the committed lanes only, both checks in one pass; HOME_LANE first;
     * each lane's TID kept in tid[] for the edge's latch (dwf_wires.cm_tid) */
    unsigned home = 0, live = 0;
    if (lean && lt) {
        memcpy(tid, lt, WARP_POOL_MAX_LANES * sizeof *tid);
        return DWF_ERR_NONE;
    }
    if (lean) {
        /* the lanes not committed 0 (the lean latch copies the array whole) */
        memset(tid, 0, WARP_POOL_MAX_LANES * sizeof *tid);
        for (uint64_t k = m; k; k &= k - 1u) {
            l = bits_ffs(k);
            tid[l] = (uint16_t)warp_pool_get_tid(in->cm_tids, l, cfg->tid_bits);
        }
        return DWF_ERR_NONE;
    }
    for (uint64_t k = m; k; k &= k - 1u) {
        const unsigned t = warp_pool_get_tid(in->cm_tids, l = bits_ffs(k), cfg->tid_bits);
        tid[l] = (uint16_t)t;
        home |= dwf_home_lane(cfg, t) != l;
        live |= s->live[t];
    }
    return home ? DWF_ERR_HOME_LANE : live ? DWF_ERR_TID_LIVE : DWF_ERR_NONE;
}

/* dwf_wire; st: the pool's state-only outputs for s->pool, or NULL to
 * evaluate them here; lean, lt: dwf_eval_lean's wiring */
static void wire(const dwf_cfg *cfg, const dwf_state *s, const dwf_in *in_raw,
                 const warp_pool_out *st, dwf_wires *w, int lean,
                 const uint16_t *lt)
{
    pc_warp_lut_cfg lc = dwf_lut_cfg(cfg);
    warp_pool_cfg pc = dwf_pool_cfg(cfg);
    const unsigned iss_req = (unsigned)(in_raw->iss_req & 1u); /* the port view's */
    const warp_pool_out *po = &w->pool_out;
    unsigned go, j;

    /* 1. the pool's state-only outputs: free list and issue choice (the
     *    pool is evaluated once: these, then the rest with the groups) */
    if (st)
        w->pool_out = *st;
    else
        warp_pool_eval_state(&pc, &s->pool, &w->pool_out);
    w->own_err = own_err(cfg, s, in_raw, po->free_cnt, w->cm_tid, lean, lt);
    go = w->own_err == DWF_ERR_NONE;

    /* 2. the LUT: the update registers' two lookups */
    w->lut_in.lk0_valid = go && s->ur_mask[0] != 0u;
    w->lut_in.lk0_pc = s->ur_pc[0];
    w->lut_in.lk0_req = s->ur_mask[0];
    w->lut_in.lk1_valid = go && s->ur_mask[1] != 0u;
    w->lut_in.lk1_pc = s->ur_pc[1];
    w->lut_in.lk1_req = s->ur_mask[1];
    w->lut_in.alloc_idx0 = po->free_idx0;
    w->lut_in.alloc_idx1 = po->free_idx1;
    w->lut_in.alloc_avail = po->free_cnt < 2u ? po->free_cnt : 2u;
    w->lut_in.inv_valid = go && iss_req && po->cand_valid;
    w->lut_in.inv_idx = po->cand_idx;
    w->lut_in.rd_entry = 0;
    if (lean) /* no LUT err can arise here (dwf.h): not looked for */
        pc_warp_lut_eval_lean(&lc, &s->lut, &w->lut_in, &w->lut_out);
    else
        pc_warp_lut_eval(&lc, &s->lut, &w->lut_in, &w->lut_out);

    /* 3. the pool with the LUT's groups */
    w->pool_in.hold = !go;
    w->pool_in.iss_req = go && iss_req;
    /* lean: the pool's lean edge takes the TIDs from ur_lt (dwf_step_lean),
     * and its lean evaluation reads no TID: wr_tids is not driven */
    if (!lean)
        memcpy(w->pool_in.wr_tids, s->ur_tids, sizeof s->ur_tids);
    if (cfg->swizzle > DWF_SWIZZLE_000 && !lean) /* the pool keeps {warp, lane} */
        for (j = 0; j < cfg->lanes; j++)
            if (bits_get(s->ur_mask[0] | s->ur_mask[1], j))
                warp_pool_put_tid(w->pool_in.wr_tids, j, cfg->tid_bits,
                                  dwf_pool_tid(cfg, warp_pool_get_tid(s->ur_tids, j, cfg->tid_bits)));
    for (j = 0; j < 2; j++) {
        const pc_warp_lut_out *o = &w->lut_out;
        uint64_t jm = j ? o->lk1_join_mask : o->lk0_join_mask;
        w->pool_in.g_valid[2 * j] = jm != 0u;
        w->pool_in.g_new[2 * j] = 0;
        w->pool_in.g_idx[2 * j] = j ? o->lk1_join_idx : o->lk0_join_idx;
        w->pool_in.g_pc[2 * j] = s->ur_pc[j];
        w->pool_in.g_mask[2 * j] = jm;
        w->pool_in.g_prio[2 * j] = s->ur_prio[j];
        w->pool_in.g_valid[2 * j + 1] = j ? o->lk1_new : o->lk0_new;
        w->pool_in.g_new[2 * j + 1] = 1;
        w->pool_in.g_idx[2 * j + 1] = j ? o->lk1_new_idx : o->lk0_new_idx;
        w->pool_in.g_pc[2 * j + 1] = s->ur_pc[j];
        w->pool_in.g_mask[2 * j + 1] = j ? o->lk1_new_mask : o->lk0_new_mask;
        w->pool_in.g_prio[2 * j + 1] = s->ur_prio[j];
    }
    if (lean) /* the LUT's groups are legal, each input within its width (dwf.h) */
        warp_pool_eval_inputs_legal(&pc, &s->pool, &w->pool_in, &w->pool_out);
    else
        warp_pool_eval_inputs(&pc, &s->pool, &w->pool_in, &w->pool_out);
}

void dwf_wire(const dwf_cfg *cfg, const dwf_state *s, const dwf_in *in, dwf_wires *w)
{
    wire(cfg, s, in, NULL, w, 0, NULL);
}

/* The issued lanes' TIDs from the pool's ids back to the threads' (SWIZZLE
 * 2..6: the pool keeps {warp, lane}), in place. */
static void from_pool_tids(const dwf_cfg *cfg, uint64_t mask, uint64_t *tids)
{
    if (cfg->swizzle <= DWF_SWIZZLE_000)
        return;
    for (; mask; mask &= mask - 1u) {
        const unsigned l = bits_ffs(mask);
        warp_pool_put_tid(tids, l, cfg->tid_bits,
                          dwf_from_pool_tid(cfg, warp_pool_get_tid(tids, l, cfg->tid_bits), l));
    }
}

int dwf_candidate(const dwf_cfg *cfg, const dwf_state *s, dwf_cand *c)
{
    warp_pool_out po;
    return dwf_candidate_st(cfg, s, c, &po);
}

/* The pool's state-only outputs into po and, when it has a candidate, its
 * entry, PC and lanes into c (not its TIDs); 0 when none */
static int candidate(const dwf_cfg *cfg, const dwf_state *s, dwf_cand *c, warp_pool_out *po)
{
    warp_pool_cfg pc = dwf_pool_cfg(cfg);
    warp_pool_eval_state(&pc, &s->pool, po);
    if (!po->cand_valid)
        return 0;
    c->idx = (unsigned)po->cand_idx;
    c->pc = s->pool.pc[c->idx];
    c->mask = s->pool.lv[c->idx];
    return 1;
}

int dwf_candidate_st(const dwf_cfg *cfg, const dwf_state *s, dwf_cand *c, warp_pool_out *po)
{
    warp_pool_cfg pc = dwf_pool_cfg(cfg);
    if (!candidate(cfg, s, c, po))
        return 0;
    warp_pool_entry_tids(&pc, &s->pool, (unsigned)c->idx, c->tids);
    from_pool_tids(cfg, c->mask, c->tids);
    return 1;
}

int dwf_candidate_lanes(const dwf_cfg *cfg, const dwf_state *s, dwf_cand *c, warp_pool_out *po,
                        uint16_t *tid)
{
    const uint64_t tm = bits_mask(cfg->tid_bits);
    if (!candidate(cfg, s, c, po))
        return 0;
    if (cfg->swizzle <= DWF_SWIZZLE_000 && c->mask == bits_mask(cfg->lanes)) {
        /* every lane, untranslated: one pass over the row */
        const uint16_t *row = s->pool.tid[c->idx];
        for (unsigned l = 0; l < cfg->lanes; l++)
            tid[l] = row[l] & (uint16_t)tm;
        return 1;
    }
    /* warp_pool_entry_tids' fields and from_pool_tids' translation, per lane */
    for (uint64_t m = c->mask; m; m &= m - 1u) {
        const unsigned l = bits_ffs(m), t = (unsigned)(s->pool.tid[c->idx][l] & tm);
        tid[l] = (uint16_t)(cfg->swizzle <= DWF_SWIZZLE_000 ? t : dwf_from_pool_tid(cfg, t, l));
    }
    return 1;
}

/* An idle cycle (dwf.h, "Idle cycles"): no issue request, the update
 * registers empty, and the LUT's allocation inputs legal (the pool's two
 * offered free entries owned by no LUT entry, distinct): the units then see
 * no lookup, no group, no invalidation and no issue, raise no err and
 * change no state, and every dwf output is a function of the registered
 * state and the dwf's own commit checks, given here without evaluating
 * them.  A commit may come: it only reaches the update registers. */
static int idle_cycle(const dwf_cfg *cfg, const dwf_state *s, const dwf_in *in)
{
    const warp_pool_state *p = &s->pool;
    const unsigned pm = dwf_threads(cfg) - 1u; /* POOL - 1: free-list index mask */
    unsigned a0, a1;
    if ((in->iss_req & 1u) || (s->ur_mask[0] | s->ur_mask[1]) != 0u)
        return 0;
    /* the LUT's IDX_IN_USE check of the offered entries (alloc_avail =
     * min(free_cnt, 2)); BAD_IDX cannot fire: the pool's indices are
     * below POOL, its LUT's pool size */
    a0 = p->fifo[p->head & pm];
    a1 = p->fifo[(p->head + 1u) & pm];
    return !(p->fcnt >= 1u && s->lut.owner[a0] != 0u) &&
           !(p->fcnt >= 2u && (s->lut.owner[a1] != 0u || a0 == a1));
}

/* dwf_eval_st; lean, lt: dwf_eval_lean's answer */
static void eval(const dwf_cfg *cfg, const dwf_state *s, const dwf_in *in,
                 const warp_pool_out *st, dwf_out *out, int lean,
                 const uint16_t *lt)
{
    dwf_wires *w = &out->w;
    const warp_pool_out *p = &w->pool_out;
    const pc_warp_lut_out *q = &w->lut_out;
    if (idle_cycle(cfg, s, in)) {
        /* the units are not evaluated: their wires read 0, w.idle = 1,
         * w.own_err the commit's checks (as the full path: err, err_code,
         * cm_ready 1 either way) */
        if (lean) { /* the ports; of the wires only what dwf_step_lean reads */
            memset(out, 0, offsetof(dwf_out, w));
            out->w.own_err = DWF_ERR_NONE;
        } else
            memset(out, 0, sizeof *out);
        out->w.idle = 1;
        if (in->cm_valid & 1u) {
            out->w.own_err = own_err(cfg, s, in, s->pool.fcnt, out->w.cm_tid, lean, lt);
            out->err = out->w.own_err != DWF_ERR_NONE;
            out->err_code = out->w.own_err;
        }
        out->cm_ready = 1;
        out->free_cnt = s->pool.fcnt;
        out->ovf = s->pool.untr_cnt != 0u;
        return;
    }
    w->idle = 0;
    wire(cfg, s, in, st, w, lean, lt);
    out->cm_ready = w->own_err || (q->ready && p->ready); /* err: 1, as every unit */
    out->err = 0;
    out->err_code = 0;
    if (w->own_err) {
        out->err = 1;
        out->err_code = w->own_err;
    } else if (q->err || p->err) {
        out->err = 1;
        out->err_code = DWF_ERR_INTERNAL;
    }
    out->ur_valid = (s->ur_mask[0] | s->ur_mask[1]) != 0u;
    out->free_cnt = p->free_cnt;
    out->ovf = p->ovf;
    out->iss_valid = p->iss_valid;
    out->iss_src = p->iss_src;
    out->iss_idx = p->iss_idx;
    out->iss_pc = p->iss_pc;
    out->iss_mask = p->iss_mask;
    memcpy(out->iss_tids, p->iss_tids, sizeof out->iss_tids);
    if (!lean)
        from_pool_tids(cfg, p->iss_mask, out->iss_tids);
    out->lk0_hit = q->lk0_hit;
    out->lk0_conflict = q->lk0_conflict;
    out->lk0_evict = q->lk0_evict;
    out->lk1_hit = q->lk1_hit;
    out->lk1_conflict = q->lk1_conflict;
    out->lk1_evict = q->lk1_evict;
    out->inv_hit = q->inv_hit;
}

void dwf_eval(const dwf_cfg *cfg, const dwf_state *s, const dwf_in *in, dwf_out *out)
{
    eval(cfg, s, in, NULL, out, 0, NULL);
}

void dwf_eval_st(const dwf_cfg *cfg, const dwf_state *s, const dwf_in *in,
                 const warp_pool_out *st, dwf_out *out)
{
    eval(cfg, s, in, st, out, 0, NULL);
}

void dwf_eval_lean(const dwf_cfg *cfg, const dwf_state *s, const dwf_in *in,
                   const warp_pool_out *st, const uint16_t *lt, dwf_out *out)
{
    eval(cfg, s, in, st, out, 1, lt);
}

/* What dwf_eval_lean may give differently from dwf_eval on an input
 * without the errors it does not look for: compared field by field (the
 * decisions' structs have padding) */
int dwf_lean_same(const dwf_in *in, const dwf_out *a, const dwf_out *b)
{
    const warp_pool_out *p = &a->w.pool_out, *q = &b->w.pool_out;
    const warp_pool_dec *d = &p->dec, *e = &q->dec;
    if (memcmp(a, b, offsetof(dwf_out, iss_tids)) ||
        memcmp(&a->lk0_hit, &b->lk0_hit, offsetof(dwf_out, w) - offsetof(dwf_out, lk0_hit)) ||
        a->w.idle != b->w.idle || a->w.own_err != b->w.own_err)
        return 0;
    if ((in->cm_valid & 1u) && !a->w.own_err)
        for (uint64_t k = (in->cm_mask_t | in->cm_mask_nt) & bits_mask(WARP_POOL_MAX_LANES); k;
             k &= k - 1u)
            if (a->w.cm_tid[bits_ffs(k)] != b->w.cm_tid[bits_ffs(k)])
                return 0;
    if (a->w.idle)
        return 1;
    return pc_warp_lut_lean_same(&a->w.lut_out, &b->w.lut_out) &&
           !memcmp(p, q, offsetof(warp_pool_out, iss_tids)) &&
           p->cand_valid == q->cand_valid && p->cand_idx == q->cand_idx &&
           d->src == e->src && d->start == e->start && d->iss == e->iss &&
           d->err_code == e->err_code && d->ready == e->ready && d->accept == e->accept &&
           d->active == e->active && d->nnew == e->nnew && d->n_iss == e->n_iss &&
           d->cand == e->cand && d->sel_slot == e->sel_slot &&
           !memcmp(d->act, e->act, sizeof d->act) && !memcmp(d->n, e->n, sizeof d->n) &&
           !memcmp(d->slot, e->slot, sizeof d->slot) && !memcmp(d->alloc, e->alloc, sizeof d->alloc) &&
           !memcmp(d->untr, e->untr, sizeof d->untr) &&
           !memcmp(d->pair_of, e->pair_of, sizeof d->pair_of) && !memcmp(d->pc, e->pc, sizeof d->pc);
}

/* The edge's update registers: empty, then the commit latched (the
 * registers drain every cycle; an accepted commit's threads go live).
 * The TIDs go into ur_lt too; lean: only there, the whole per-lane array
 * (the lanes not committed hold no meaning), not into the bus. */
static void latch_commit(const dwf_cfg *cfg, dwf_state *s, const dwf_in *in_raw,
                         const uint16_t *tid, int lean)
{
    unsigned l;
    /* the port view of the commit (port_view's truncations; a committed
     * lane's TID field lies below TW bits, where the view's words equal
     * the raw ones) */
    const uint64_t mt = bits_trunc(in_raw->cm_mask_t, cfg->lanes);
    const uint64_t mn = bits_trunc(in_raw->cm_mask_nt, cfg->lanes);
    const uint64_t pt = bits_trunc(in_raw->cm_pc_t, cfg->pc_bits);
    const uint64_t pn = bits_trunc(in_raw->cm_pc_nt, cfg->pc_bits);
    if (!lean)
        memset(s->ur_tids, 0, sizeof s->ur_tids);
    s->ur_pc[0] = s->ur_pc[1] = 0;
    s->ur_mask[0] = s->ur_mask[1] = 0;
    s->ur_prio[0] = s->ur_prio[1] = 0;
    if ((in_raw->cm_valid & 1u) && (mt | mn) != 0u) {
        const uint64_t m = mt | mn;
        const int merge = mt && mn && pt == pn;
        if (lean)
            memcpy(s->ur_lt, tid, sizeof s->ur_lt);
        for (uint64_t k = lean ? 0u : m; k; k &= k - 1u) {
            unsigned t;
            l = bits_ffs(k);
            t = tid[l]; /* own_err's read of the lane's TID field */
            warp_pool_or_tid(s->ur_tids, l, cfg->tid_bits, t); /* the row was cleared */
            s->ur_lt[l] = (uint16_t)t;
            s->live[t] = 1;
        }
        s->ur_mask[0] = merge ? m : mt;
        s->ur_mask[1] = merge ? 0u : mn;
        s->ur_pc[0] = s->ur_mask[0] ? pt : 0u;
        s->ur_pc[1] = s->ur_mask[1] ? pn : 0u;
        s->ur_prio[0] = s->ur_mask[0] ? (uint16_t)bits_trunc(in_raw->cm_prio_t, cfg->sched_bits) : 0u;
        s->ur_prio[1] = s->ur_mask[1] ? (uint16_t)bits_trunc(in_raw->cm_prio_nt, cfg->sched_bits) : 0u;
    }
}

/* dwf_step; lean: dwf_step_lean's edge (no live bits, no in_pool) */
static void step(const dwf_cfg *cfg, dwf_state *s, const dwf_in *in_raw, const dwf_out *out,
                 int lean)
{
    const dwf_wires *w = &out->w;
    const warp_pool_out *po = &w->pool_out;
    pc_warp_lut_cfg lc;
    warp_pool_cfg pc;
    unsigned ready;
    if (w->idle) {
        /* the units' edges change nothing; the registers latch the commit
         * (on the dwf's err they stay as they are: empty) */
        if (w->own_err == DWF_ERR_NONE)
            latch_commit(cfg, s, in_raw, w->cm_tid, lean);
        return;
    }
    lc = dwf_lut_cfg(cfg);
    pc = dwf_pool_cfg(cfg);
    ready = w->lut_out.ready && po->ready;
    /* issued threads leave the scheduler (iss_valid: no err anywhere): the
     * TIDs of iss_tids, read from the issued pool entry before its edge */
    if (po->iss_valid && !lean) {
        const unsigned x = (unsigned)po->iss_idx;
        const uint64_t tm = bits_mask(cfg->tid_bits);
        for (uint64_t k = po->iss_mask; k; k &= k - 1u) {
            const unsigned l = bits_ffs(k), t = (unsigned)(s->pool.tid[x][l] & tm);
            s->live[cfg->swizzle <= DWF_SWIZZLE_000 ? t : dwf_from_pool_tid(cfg, t, l)] = 0;
        }
    }
    /* the sub-units take their own edges (each holds itself on its err/!ready);
     * on the dwf's err they see an idle cycle and the pool is held (hold = 1),
     * so nothing changes anywhere */
    pc_warp_lut_step(&lc, &s->lut, &w->lut_in, &w->lut_out);
    if (lean && cfg->swizzle <= DWF_SWIZZLE_000)
        warp_pool_step_lean_lt(&pc, &s->pool, &w->pool_in, po, s->ur_lt);
    else if (lean) {
        /* the pool keeps {warp, lane} (SWIZZLE 2..6: wire's translation) */
        uint16_t pt[WARP_POOL_MAX_LANES];
        for (uint64_t k = s->ur_mask[0] | s->ur_mask[1]; k; k &= k - 1u) {
            const unsigned l = bits_ffs(k);
            pt[l] = (uint16_t)dwf_pool_tid(cfg, s->ur_lt[l] & bits_mask(cfg->tid_bits));
        }
        warp_pool_step_lean_lt(&pc, &s->pool, &w->pool_in, po, pt);
    } else
        warp_pool_step(&pc, &s->pool, &w->pool_in, po);
    if (w->own_err != DWF_ERR_NONE)
        return;
    if (!ready)
        return; /* registers held, commit not taken (never: see dwf.h) */
    latch_commit(cfg, s, in_raw, w->cm_tid, lean);
}

void dwf_step(const dwf_cfg *cfg, dwf_state *s, const dwf_in *in_raw, const dwf_out *out)
{
    step(cfg, s, in_raw, out, 0);
}

void dwf_step_lean(const dwf_cfg *cfg, dwf_state *s, const dwf_in *in_raw, const dwf_out *out)
{
    step(cfg, s, in_raw, out, 1);
}

const char *dwf_check(const dwf_cfg *cfg, const dwf_state *s)
{
    static char msg[160];
    pc_warp_lut_cfg lc = dwf_lut_cfg(cfg);
    warp_pool_cfg pc = dwf_pool_cfg(cfg);
    const unsigned L = cfg->lanes, T = dwf_threads(cfg);
    const uint64_t lanes = bits_mask(L);
    uint8_t in_ur[WARP_POOL_MAX_ENTRIES];
    const char *why;
    unsigned e, l, t, r;

    if ((why = pc_warp_lut_check(&lc, &s->lut)) != NULL)
        return why;
    if ((why = warp_pool_check(&pc, &s->pool)) != NULL)
        return why;
    /* update registers */
    if ((s->ur_mask[0] | s->ur_mask[1]) & ~lanes)
        return "dwf: update register REQ outside LANES";
    if (s->ur_mask[0] & s->ur_mask[1])
        return "dwf: update register REQs overlap";
    if (s->ur_mask[0] && s->ur_mask[1] && s->ur_pc[0] == s->ur_pc[1])
        return "dwf: both update registers hold the same PC (not merged)";
    memset(in_ur, 0, sizeof in_ur);
    for (l = 0; l < L; l++) {
        t = warp_pool_get_tid(s->ur_tids, l, cfg->tid_bits);
        if (!bits_get(s->ur_mask[0] | s->ur_mask[1], l)) {
            if (t != 0u)
                return "dwf: update register TID row not 0 outside REQ";
            continue;
        }
        if (dwf_home_lane(cfg, t) != l)
            return "dwf: update register TID not at its home lane";
        in_ur[t] = 1;
    }
    /* every thread is live iff it is in the registers or the pool, not both;
     * without SWIZZLE 2..6 a thread's pool id is its own, and the bytes are
     * compared eight threads at a time first (the pool's in-pool bytes are
     * 0 or 1: warp_pool_check above); the loop names the thread, and runs
     * only when a word differs (the check runs every cycle of build/simt
     * --mech dwf under --check; docs/bench.md, "The invariant checks'
     * cost") */
    int differ = cfg->swizzle > DWF_SWIZZLE_000;
    for (t = 0; !differ && t < T; t += 8u) {
        uint64_t ur = 0, pl = 0, lv = 0;
        const unsigned n = T - t < 8u ? T - t : 8u;
        memcpy(&ur, in_ur + t, n);
        memcpy(&pl, s->pool.in_pool + t, n);
        memcpy(&lv, s->live + t, n);
        differ = (ur & pl) != 0u || lv != (ur | pl);
    }
    for (t = 0; differ && t < T; t++) {
        unsigned pt = dwf_pool_tid(cfg, t);
        if (in_ur[t] && s->pool.in_pool[pt]) {
            snprintf(msg, sizeof msg, "dwf: thread %u both in the update registers and the pool", t);
            return msg;
        }
        if (s->live[t] != (in_ur[t] || s->pool.in_pool[pt])) {
            snprintf(msg, sizeof msg, "dwf: thread %u live=%u but in registers=%u pool=%u", t,
                     s->live[t], in_ur[t], s->pool.in_pool[pt]);
            return msg;
        }
    }
    /* every valid LUT entry points to a valid pool warp: same PC, lanes = OCC */
    for (e = 0; e < lc.entries; e++) {
        unsigned x;
        if (!s->lut.valid[e])
            continue;
        x = s->lut.idx[e];
        if (!s->pool.valid[x] || s->pool.pc[x] != s->lut.pc[e] || s->pool.lv[x] != s->lut.occ[e]) {
            snprintf(msg, sizeof msg,
                     "dwf: LUT entry %u (pc %llx occ %llx) -> pool warp %u (valid %u pc %llx "
                     "lanes %llx)", e, (unsigned long long)s->lut.pc[e],
                     (unsigned long long)s->lut.occ[e], x, s->pool.valid[x],
                     (unsigned long long)s->pool.pc[x], (unsigned long long)s->pool.lv[x]);
            return msg;
        }
    }
    /* readiness: free entries cover the registers' threads, and the wired
     * sub-units are ready and err-free whatever iss_req is */
    if (s->pool.fcnt < bits_popcount(s->ur_mask[0] | s->ur_mask[1]))
        return "dwf: fewer free pool entries than threads in the update registers";
    for (r = 0; r < 2; r++) {
        dwf_in in;
        dwf_wires w;
        memset(&in, 0, sizeof in);
        in.iss_req = r;
        if (r && s->pool.fcnt == T)
            break;
        dwf_wire(cfg, s, &in, &w);
        if (w.pool_out.iss_valid != w.lut_in.inv_valid ||
            (w.pool_out.iss_valid && w.pool_out.iss_idx != w.lut_in.inv_idx))
            return "dwf: the LUT invalidation (pool cand) differs from the pool's issue";
        if (!w.lut_out.ready || !w.pool_out.ready)
            return "dwf: a sub-unit pushes back (LUT or pool ready = 0)";
        if (w.lut_out.err || w.pool_out.err) {
            snprintf(msg, sizeof msg, "dwf: sub-unit error inside the dwf (LUT %s, pool %s)",
                     pc_warp_lut_err_name((unsigned)w.lut_out.err_code),
                     warp_pool_err_name((unsigned)w.pool_out.err_code));
            return msg;
        }
    }
    return NULL;
}

/* A bus wider than 64 bits as 64-bit words <port>_w0, _w1, .. (LSB first);
 * the names are static: the port visitors keep the pointers. */
void dwf_ports(const dwf_cfg *cfg, const dwf_in *in, const dwf_out *out,
               port_visit_fn visit, void *ctx)
{
    const unsigned iw = cfg->tid_bits, pw = cfg->pc_bits, lw = cfg->lanes;
    const unsigned tw = cfg->lanes * cfg->tid_bits, sw = cfg->sched_bits;
    visit(ctx, "iss_req", 1, &in->iss_req, PORT_IN);
    visit(ctx, "cm_valid", 1, &in->cm_valid, PORT_IN);
    visit(ctx, "cm_tids", tw, in->cm_tids, PORT_IN);
    visit(ctx, "cm_mask_t", lw, &in->cm_mask_t, PORT_IN);
    visit(ctx, "cm_mask_nt", lw, &in->cm_mask_nt, PORT_IN);
    visit(ctx, "cm_pc_t", pw, &in->cm_pc_t, PORT_IN);
    visit(ctx, "cm_pc_nt", pw, &in->cm_pc_nt, PORT_IN);
    visit(ctx, "cm_prio_t", sw, &in->cm_prio_t, PORT_IN);
    visit(ctx, "cm_prio_nt", sw, &in->cm_prio_nt, PORT_IN);
    visit(ctx, "cm_ready", 1, &out->cm_ready, PORT_OUT);
    visit(ctx, "err", 1, &out->err, PORT_OUT);
    visit(ctx, "err_code", 3, &out->err_code, PORT_OUT);
    visit(ctx, "ur_valid", 1, &out->ur_valid, PORT_OUT);
    visit(ctx, "free_cnt", iw + 1u, &out->free_cnt, PORT_OUT);
    visit(ctx, "ovf", 1, &out->ovf, PORT_OUT);
    visit(ctx, "iss_valid", 1, &out->iss_valid, PORT_OUT);
    visit(ctx, "iss_src", 2, &out->iss_src, PORT_OUT);
    visit(ctx, "iss_idx", iw, &out->iss_idx, PORT_OUT);
    visit(ctx, "iss_pc", pw, &out->iss_pc, PORT_OUT);
    visit(ctx, "iss_mask", lw, &out->iss_mask, PORT_OUT);
    visit(ctx, "iss_tids", tw, out->iss_tids, PORT_OUT);
    visit(ctx, "lk0_hit", 1, &out->lk0_hit, PORT_OUT);
    visit(ctx, "lk0_conflict", 1, &out->lk0_conflict, PORT_OUT);
    visit(ctx, "lk0_evict", 1, &out->lk0_evict, PORT_OUT);
    visit(ctx, "lk1_hit", 1, &out->lk1_hit, PORT_OUT);
    visit(ctx, "lk1_conflict", 1, &out->lk1_conflict, PORT_OUT);
    visit(ctx, "lk1_evict", 1, &out->lk1_evict, PORT_OUT);
    visit(ctx, "inv_hit", 1, &out->inv_hit, PORT_OUT);
}

void dwf_trace(struct vcd_writer *w, const dwf_cfg *cfg, const dwf_state *s,
               const dwf_in *in, const dwf_out *out)
{
    pc_warp_lut_cfg lc = dwf_lut_cfg(cfg);
    warp_pool_cfg pc = dwf_pool_cfg(cfg);
    dwf_wires x;
    unsigned t, live = 0;
    dwf_wire(cfg, s, in, &x);
    dwf_ports(cfg, in, out, vcd_port, w);
    for (t = 0; t < dwf_threads(cfg); t++)
        live += s->live[t];
    vcd_scope(w, "state");
    vcd_sig(w, "ur0_pc", cfg->pc_bits, s->ur_pc[0]);
    vcd_sig(w, "ur0_req", cfg->lanes, s->ur_mask[0]);
    vcd_sig(w, "ur1_pc", cfg->pc_bits, s->ur_pc[1]);
    vcd_sig(w, "ur1_req", cfg->lanes, s->ur_mask[1]);
    vcd_sig(w, "ur_tids_w0", 64, s->ur_tids[0]);
    vcd_sig(w, "ur_tids_w1", 64, s->ur_tids[1]);
    vcd_sig(w, "live", cfg->tid_bits + 1u, live);
    vcd_sig(w, "own_err", 3, x.own_err);
    vcd_upscope(w);
    vcd_scope(w, "lut");
    pc_warp_lut_trace(w, &lc, &s->lut, &x.lut_in, &x.lut_out);
    vcd_upscope(w);
    vcd_scope(w, "pool");
    warp_pool_trace(w, &pc, &s->pool, &x.pool_in, &x.pool_out);
    vcd_upscope(w);
}

const char *dwf_err_name(unsigned code)
{
    static const char *const n[8] = {"NONE", "ISS_EMPTY", "OVERLAP", "HOME_LANE",
                                      "TID_LIVE", "?5", "?6", "INTERNAL"};
    return code < 8u ? n[code] : "?";
}
