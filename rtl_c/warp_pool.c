/* SPDX-License-Identifier: Apache-2.0 */
/*
 * warp_pool.c -- warp pool, warp allocator free list and issue logic of
 * dynamic warp formation.  Behaviour, timing and departures from the paper
 * are documented in warp_pool.h; this file and verilog/warp_pool.v are
 * written the same way: one combinational decision (`decide`, the always @*
 * blocks) and one clock edge (`warp_pool_step`, the always @(posedge clk)).
 */
#include "warp_pool.h"

#include <stdio.h>
#include <stddef.h>
#include <string.h>

#include "bits.h"
#include "../vcd/vcd.h"

/* The parameters (port.h): Verilog name, cfg field, min, max, default. */
static const struct param_def warp_pool_param_defs[] = {
    {"LANES", "lanes", offsetof(warp_pool_cfg, lanes), 2, WARP_POOL_MAX_LANES, 16, PARAM_POW2},
    {"POOL", "entries", offsetof(warp_pool_cfg, entries), 2, WARP_POOL_MAX_ENTRIES, 256, PARAM_POW2},
    {"TID_W", "tid_bits", offsetof(warp_pool_cfg, tid_bits), 1, WARP_POOL_MAX_TID_BITS, 8, 0},
    {"PC_W", "pc_bits", offsetof(warp_pool_cfg, pc_bits), 2, 64, 32, 0},
    {"SCHED_W", "sched_bits", offsetof(warp_pool_cfg, sched_bits), 1, 16, 8, 0},
    {"POLICY", "policy", offsetof(warp_pool_cfg, policy), 0, WP_POL_DPDPRI, WP_POL_DMAJ, 0},
    {"SWIZZLE", "swizzle", offsetof(warp_pool_cfg, swizzle), 0, 1, 1, 0},
    {"MAJ", "maj_entries", offsetof(warp_pool_cfg, maj_entries), 2, WARP_POOL_MAX_MAJ, 32, 0},
};

static const char *warp_pool_rules(const void *p)
{
    const warp_pool_cfg *cfg = (const warp_pool_cfg *)p;
    if (cfg->tid_bits < bits_index_width(cfg->lanes))
        return "warp_pool: parameter TID_W (cfg tid_bits) must be at least log2(LANES)";
    if (cfg->policy == WP_POL_DTIME && cfg->sched_bits < bits_index_width(cfg->entries))
        return "warp_pool: parameter SCHED_W (cfg sched_bits) must be at least log2(POOL) for POLICY=2 (DTime)";
    return NULL;
}

/* warp_pool_params, warp_pool_default_cfg() and warp_pool_cfg_check() */
PARAM_TABLE(warp_pool, warp_pool_rules)



unsigned warp_pool_idx_w(const warp_pool_cfg *cfg) { return bits_index_width(cfg->entries); }
unsigned warp_pool_free_w(const warp_pool_cfg *cfg) { return bits_width_for(cfg->entries); }
unsigned warp_pool_threads(const warp_pool_cfg *cfg) { return 1u << cfg->tid_bits; }
unsigned warp_pool_words(const warp_pool_cfg *cfg)
{
    return (cfg->lanes * cfg->tid_bits + 63u) / 64u;
}

static int has_table(const warp_pool_cfg *cfg)
{
    return cfg->policy == WP_POL_DMAJ || cfg->policy == WP_POL_DMIN;
}

warp_pool_bitcount warp_pool_bits(const warp_pool_cfg *cfg)
{
    warp_pool_bitcount b;
    unsigned iw = warp_pool_idx_w(cfg), fw = warp_pool_free_w(cfg);
    b.pool_entry = cfg->lanes * cfg->tid_bits + cfg->pc_bits + cfg->sched_bits;
    b.pool = b.pool_entry * cfg->entries;
    b.allocator = cfg->entries * iw;
    b.majority = has_table(cfg) ? cfg->maj_entries * (cfg->pc_bits + cfg->tid_bits) : 0u;
    b.pool_ctrl = cfg->entries * (cfg->lanes + 2u);
    b.majority_ctrl = has_table(cfg) ? cfg->maj_entries + cfg->entries : 0u; /* valid; mk */
    b.in_pool = warp_pool_threads(cfg);
    b.counters = iw + fw;                                   /* head, free count */
    if (cfg->policy == WP_POL_DTIME)
        b.counters += cfg->sched_bits;                      /* stamp */
    if (has_table(cfg))
        b.counters += (cfg->tid_bits + 1u) + bits_index_width(cfg->maj_entries) + 1u;
                                                /* untr_cnt, lslot, turn */
    return b;
}

void warp_pool_reset(const warp_pool_cfg *cfg, warp_pool_state *s)
{
    memset(s, 0, sizeof *s);
    warp_pool_reset_zeroed(cfg, s);
}

void warp_pool_reset_zeroed(const warp_pool_cfg *cfg, warp_pool_state *s)
{
    unsigned i;
    for (i = 0; i < cfg->entries; i++)
        s->fifo[i] = (uint16_t)i;
    s->fcnt = (uint16_t)cfg->entries;
}

void warp_pool_clear_used(const warp_pool_cfg *cfg, warp_pool_state *s)
{
    const size_t n = cfg->entries;
    memset(s->valid, 0, n * sizeof s->valid[0]);
    memset(s->untr, 0, n * sizeof s->untr[0]);
    memset(s->pc, 0, n * sizeof s->pc[0]);
    memset(s->lv, 0, n * sizeof s->lv[0]);
    memset(s->sched, 0, n * sizeof s->sched[0]);
    memset(s->tid, 0, n * sizeof s->tid[0]);
    memset(s->in_pool, 0, ((size_t)1 << cfg->tid_bits) * sizeof s->in_pool[0]);
    memset(s->fifo, 0, n * sizeof s->fifo[0]);
    memset(s->mk, 0, n * sizeof s->mk[0]);
    s->head = s->fcnt = s->stamp = s->untr_cnt = s->mk_cnt = 0;
    s->turn = s->lslot = 0;
    memset(s->tv, 0, sizeof s->tv);
    memset(s->tpc, 0, sizeof s->tpc);
    memset(s->tcm1, 0, sizeof s->tcm1);
    memset(s->trk_bits, 0, sizeof s->trk_bits);
    memset(s->untr_bits, 0, sizeof s->untr_bits);
    memset(s->mk_bits, 0, sizeof s->mk_bits);
    s->tv_bits = 0;
}

/* ------------------------------------------------------------ decision */

/* Inputs truncated to their port widths, as the RTL sees them (each
 * width's mask taken once, not per field), but for wr_tids, which is not
 * copied: decide reads the written lanes' fields only, which lie below
 * LANES x TID_W bits, where the view's words equal the raw ones (decide
 * reads them from the raw input). */
static void port_view(const warp_pool_cfg *cfg, const warp_pool_in *in, warp_pool_in *v)
{
    unsigned g;
    const uint64_t im = bits_index_mask(cfg->entries), pm = bits_mask(cfg->pc_bits);
    const uint64_t lm = bits_mask(cfg->lanes), sm = bits_mask(cfg->sched_bits);
    v->hold = in->hold & 1u;
    v->iss_req = in->iss_req & 1u;
    for (g = 0; g < WARP_POOL_GROUPS; g++) {
        v->g_valid[g] = in->g_valid[g] & 1u;
        v->g_new[g] = in->g_new[g] & 1u;
        v->g_idx[g] = in->g_idx[g] & im;
        v->g_pc[g] = in->g_pc[g] & pm;
        v->g_mask[g] = in->g_mask[g] & lm;
        v->g_prio[g] = in->g_prio[g] & sm;
    }
}

/* Words of the C-only entry bitsets a pool of cfg->entries uses. */
static unsigned set_words(const warp_pool_cfg *cfg)
{
    return (cfg->entries + 63u) / 64u;
}

/* The lowest entry of a bitset, -1 when it is empty. */
static int first_bit(const warp_pool_cfg *cfg, const uint64_t *b)
{
    unsigned k;
    for (k = 0; k < set_words(cfg); k++)
        if (b[k])
            return (int)(64u * k + bits_ffs(b[k]));
    return -1;
}

/* Entry x's bit in a bitset. */
static void bit_put(uint64_t *b, unsigned x, unsigned v)
{
    b[x / 64u] = bits_put(b[x / 64u], x % 64u, v);
}

/* first valid tracked warp with pc == pc (lowest index) */
static int find_pc(const warp_pool_cfg *cfg, const warp_pool_state *s, uint64_t pc)
{
    unsigned k;
    for (k = 0; k < set_words(cfg); k++)
        for (uint64_t m = s->trk_bits[k]; m; m &= m - 1u) {
            unsigned i = 64u * k + bits_ffs(m);
            if (s->pc[i] == pc)
                return (int)i;
        }
    return -1;
}

static uint64_t slot_count(const warp_pool_state *s, unsigned i)
{
    return s->tv[i] ? (uint64_t)s->tcm1[i] + 1u : 0u;
}

/* The table's choice by the counts themselves (the compare tree of the
 * header): DMaj the largest count, DMin the smallest, ties to the lowest
 * slot; -1 when the table is empty. */
int warp_pool_table_pick(const warp_pool_cfg *cfg, const warp_pool_state *s)
{
    int best = -1;
    uint64_t bc = 0;
    /* the valid slots, lowest first (ties to the lowest) */
    for (uint64_t v = s->tv_bits & bits_mask(cfg->maj_entries); v; v &= v - 1u) {
        unsigned i = bits_ffs(v);
        uint64_t c = slot_count(s, i);
        if (best < 0 || (cfg->policy == WP_POL_DMAJ ? c > bc : c < bc)) {
            best = (int)i;
            bc = c;
        }
    }
    return best;
}

/* The issue choice: registered state only. */
static void choose(const warp_pool_cfg *cfg, const warp_pool_state *s, warp_pool_dec *d)
{
    unsigned i;
    int best = -1;
    d->src = WP_SRC_NONE;
    d->cand = 0;
    d->sel_slot = -1;
    d->start = WP_START_NONE;
    if (cfg->policy == WP_POL_DMAJ || cfg->policy == WP_POL_DMIN) {
        int pick;
        /* 1. a batch in progress: its lowest marked warp */
        if (s->mk_cnt != 0u) {
            best = first_bit(cfg, s->mk_bits);
            if (best >= 0) {
                d->src = s->untr[best] ? WP_SRC_UNTRACKED : WP_SRC_LOCK;
                d->sel_slot = s->untr[best] ? -1 : (int)s->lslot;
            }
        } else {
            pick = warp_pool_table_pick(cfg, s);
            if (s->untr_cnt != 0u && (!s->turn || pick < 0)) {
                /* 2. a drain batch starts: every untracked warp */
                best = first_bit(cfg, s->untr_bits);
                d->src = WP_SRC_UNTRACKED;
                d->start = WP_START_DRAIN;
            } else if (pick >= 0) {
                /* 3. the table's pick; DMaj locks the PC's other warps */
                best = find_pc(cfg, s, s->tpc[pick]);
                d->src = WP_SRC_PICK;
                d->sel_slot = pick;
                d->start = cfg->policy == WP_POL_DMAJ ? WP_START_LOCK : WP_START_NONE;
            }
        }
    } else {
        uint64_t best_key = 0;
        uint64_t smask = bits_mask(cfg->sched_bits);
        /* every valid warp, lowest first (no table: none is untracked) */
        for (unsigned k = 0; k < set_words(cfg); k++)
        for (uint64_t m = s->trk_bits[k] | s->untr_bits[k]; m; m &= m - 1u) {
            uint64_t key;
            i = 64u * k + bits_ffs(m);
            if (cfg->policy == WP_POL_DTIME) /* smallest key = largest age */
                key = smask - (((uint64_t)s->stamp - 1u - s->sched[i]) & smask);
            else if (cfg->policy == WP_POL_DPC)
                key = s->pc[i];
            else
                key = s->sched[i];
            if (best < 0 || key < best_key) {
                best = (int)i;
                best_key = key;
            }
        }
        d->src = WP_SRC_PICK;
    }
    if (best < 0) {
        d->src = WP_SRC_NONE;
        d->sel_slot = -1;
        d->start = WP_START_NONE;
    } else {
        d->cand = (uint16_t)best;
    }
}

static unsigned free_idx(const warp_pool_cfg *cfg, const warp_pool_state *s, unsigned k)
{
    return s->fifo[(s->head + k) & (cfg->entries - 1u)];
}

/* The decision's fields cleared but the issue choice (choose,
 * warp_pool_eval_state), which is kept; returns iss_cand: the candidate is
 * asked to issue */
static unsigned decide_clear(const warp_pool_in *in, warp_pool_dec *d)
{
    const uint8_t src = d->src, start = d->start;
    const uint16_t cand = d->cand;
    const int8_t sel = d->sel_slot;
    memset(d, 0, sizeof *d);
    d->src = src;
    d->start = start;
    d->cand = cand;
    d->sel_slot = sel;
    return in->iss_req && d->src != WP_SRC_NONE;
}

static void decide_tail(const warp_pool_cfg *cfg, const warp_pool_state *s,
                        const warp_pool_in *in, warp_pool_dec *d, unsigned err, unsigned nnew,
                        unsigned iss_cand);

/* in: the port view (port_view); tids: the raw wr_tids (its written
 * lanes' fields are the view's); trust: the written TIDs are not looked at
 * (HOME_LANE and TID_IN_POOL: warp_pool_eval_inputs_lean) */
static void decide(const warp_pool_cfg *cfg, const warp_pool_state *s, const warp_pool_in *in,
                   const uint64_t *tids, warp_pool_dec *d, int trust)
{
    unsigned g, l, p, gv = 0, gn = 0;
    unsigned used = cfg->entries - s->fcnt;
    uint64_t wmask = 0;
    unsigned err = 0, nnew = 0;
    const unsigned iss_cand = decide_clear(in, d);

    /* ------------------------------------------------ illegal input */
    if (in->iss_req && used == 0u)
        err = WP_ERR_ISS_EMPTY;
    /* the group checks and the count of new groups: every one needs a valid
     * group (an issue-only cycle skips them) */
    /* the valid and the new groups as bit masks (bit g: group g; the port
     * view's g_valid and g_new are 0 or 1) */
    for (g = 0; g < WARP_POOL_GROUPS; g++) {
        gv |= (unsigned)in->g_valid[g] << g;
        gn |= (unsigned)in->g_new[g] << g;
    }
    if (gv != 0u) {
        uint64_t seen = 0; /* the lanes of the lower valid groups */
        for (unsigned k = gv; k; k &= k - 1u)
            wmask |= in->g_mask[bits_ffs(k)];
        /* a valid group of the wrong kind: new at an even index, join at an odd */
        if (err == 0u && ((gn ^ 0xau) & gv) != 0u)
            err = WP_ERR_GROUP_KIND;
        /* two valid groups share a lane: one shares a lane with a lower one */
        for (unsigned k = err == 0u ? gv : 0u; k; k &= k - 1u) {
            const uint64_t m = in->g_mask[bits_ffs(k)];
            if ((m & seen) != 0u)
                err = WP_ERR_OVERLAP;
            seen |= m;
        }
        if (err == 0u)
            for (p = 0; p < 2u; p++)
                if ((gv >> (2u * p) & 3u) == 3u && in->g_pc[2u * p] != in->g_pc[2u * p + 1u])
                    err = WP_ERR_PAIR_PC;
        for (unsigned k = err == 0u ? gv & gn : 0u; k; k &= k - 1u)
            if (in->g_mask[bits_ffs(k)] == 0u)
                err = WP_ERR_NEW_EMPTY;
        /* the written lanes only (a TID in a lane not written is never read),
         * HOME_LANE and TID_IN_POOL in one pass (HOME_LANE first) */
        if (err == 0u && !trust) {
            unsigned home = 0, inp = 0;
            for (uint64_t k = wmask; k; k &= k - 1u) {
                const unsigned t = warp_pool_get_tid(tids, l = bits_ffs(k), cfg->tid_bits);
                home |= warp_pool_home_lane(t, cfg->lanes, cfg->swizzle) != l;
                inp |= s->in_pool[t];
            }
            err = home ? WP_ERR_HOME_LANE : inp ? WP_ERR_TID_IN_POOL : 0u;
        }
        for (unsigned k = err == 0u ? gv & ~gn : 0u; k && err == 0u; k &= k - 1u) {
            unsigned x;
            g = bits_ffs(k);
            x = (unsigned)in->g_idx[g];
            if (x >= cfg->entries || !s->valid[x])
                err = WP_ERR_JOIN_INVALID;
            else if (iss_cand && d->cand == x)
                err = WP_ERR_JOIN_ISSUING;
            else if (in->g_pc[g] != s->pc[x])
                err = WP_ERR_JOIN_PC;
            else if ((in->g_mask[g] & s->lv[x]) != 0u)
                err = WP_ERR_LANE_OCC;
        }
        /* the new groups (back-pressure, below) */
        nnew = bits_popcount(gv & gn);
    }
    /* ------------------------------------------------ back-pressure */
    if (err == 0u && !in->hold && nnew <= s->fcnt) {
        unsigned k = 0;
        for (unsigned b = gv & gn; b; b &= b - 1u, k++)
            if (in->g_idx[bits_ffs(b)] != free_idx(cfg, s, k))
                err = WP_ERR_NEW_IDX;
    }
    decide_tail(cfg, s, in, d, err, nnew, iss_cand);
}

/* decide for an input within its port widths (no port view) whose groups
 * are legal (warp_pool_eval_inputs_legal): of the checks only ISS_EMPTY */
static void decide_legal(const warp_pool_cfg *cfg, const warp_pool_state *s,
                         const warp_pool_in *in, warp_pool_dec *d)
{
    unsigned gv = 0, gn = 0;
    const unsigned iss_cand = decide_clear(in, d);
    for (unsigned g = 0; g < WARP_POOL_GROUPS; g++) {
        gv |= (unsigned)in->g_valid[g] << g;
        gn |= (unsigned)in->g_new[g] << g;
    }
    decide_tail(cfg, s, in, d, in->iss_req && s->fcnt == cfg->entries ? WP_ERR_ISS_EMPTY : 0u,
                bits_popcount(gv & gn), iss_cand);
}

/* The decision once err (every check done) and nnew (the valid new groups)
 * are known: readiness, the issue and the table plan. */
static void decide_tail(const warp_pool_cfg *cfg, const warp_pool_state *s,
                        const warp_pool_in *in, warp_pool_dec *d, unsigned err, unsigned nnew,
                        unsigned iss_cand)
{
    unsigned g, p;
    d->ready = !in->hold && (err != 0u || nnew <= s->fcnt);
    d->err_code = (uint8_t)err;
    d->nnew = (uint8_t)nnew;
    d->iss = iss_cand && err == 0u && !in->hold;
    d->accept = err == 0u && d->ready;
    d->active = err == 0u && (d->ready || d->iss);
    if (d->iss)
        d->n_iss = (uint8_t)bits_popcount(s->lv[d->cand]);

    /* ------------------------------------------------ table plan */
    for (g = 0; g < WARP_POOL_GROUPS; g++)
        d->pair_of[g] = (uint8_t)(g / 2u);
    d->slot[0] = d->slot[1] = -1;
    if (!has_table(cfg) || !d->accept)
        return;
    for (p = 0; p < 2u; p++) {
        unsigned g0 = 2u * p, g1 = g0 + 1u;
        d->n[p] = (uint8_t)((in->g_valid[g0] ? bits_popcount(in->g_mask[g0]) : 0u) +
                            (in->g_valid[g1] ? bits_popcount(in->g_mask[g1]) : 0u));
        d->pc[p] = in->g_valid[g0] ? in->g_pc[g0] : in->g_pc[g1];
        d->act[p] = d->n[p] != 0u;
    }
    if (d->act[0] && d->act[1] && d->pc[0] == d->pc[1]) {
        d->n[0] = (uint8_t)(d->n[0] + d->n[1]);
        d->act[1] = 0;
        d->n[1] = 0;
        d->pair_of[2] = d->pair_of[3] = 0;
    }
    {
        unsigned m = cfg->maj_entries, taken = 0;
        const uint64_t tv = s->tv_bits & bits_mask(m);
        for (p = 0; p < 2u; p++) {
            uint64_t v, fr;
            if (!d->act[p])
                continue;
            for (v = tv; v; v &= v - 1u) /* the hit (table PCs are distinct) */
                if (s->tpc[bits_ffs(v)] == d->pc[p])
                    d->slot[p] = (int8_t)bits_ffs(v);
            /* free slot nearest the bottom, skipping one taken by pair 0 */
            fr = ~tv & bits_mask(m);
            if (taken)
                fr &= ~((uint64_t)1 << d->slot[0]);
            if (d->slot[p] < 0 && s->untr_cnt == 0u && fr) {
                d->slot[p] = (int8_t)bits_fls(fr);
                d->alloc[p] = 1;
                taken = 1;
            }
            d->untr[p] = d->slot[p] < 0;
        }
    }
}

void warp_pool_eval_state(const warp_pool_cfg *cfg, const warp_pool_state *s, warp_pool_out *out)
{
    warp_pool_dec *d = &out->dec;
    choose(cfg, s, d);
    out->free_cnt = s->fcnt;
    out->free_idx0 = free_idx(cfg, s, 0);
    out->free_idx1 = free_idx(cfg, s, 1);
    out->ovf = s->untr_cnt != 0u;
    out->cand_valid = d->src != WP_SRC_NONE;
    out->cand_idx = d->src != WP_SRC_NONE ? d->cand : 0u;
}

/* warp_pool_eval_inputs; lean: warp_pool_eval_inputs_lean's answer, 2
 * warp_pool_eval_inputs_legal's */
static void eval_inputs(const warp_pool_cfg *cfg, const warp_pool_state *s,
                        const warp_pool_in *in_raw, warp_pool_out *out, int lean)
{
    warp_pool_in in;
    warp_pool_dec *d = &out->dec;
    unsigned k;

    if (lean == 2)
        decide_legal(cfg, s, in_raw, d);
    else {
        port_view(cfg, in_raw, &in);
        decide(cfg, s, &in, in_raw->wr_tids, d, lean);
    }
    out->ready = d->ready;
    out->err = d->err_code != 0u;
    out->err_code = d->err_code;
    if (d->iss) {
        unsigned x = d->cand;
        out->iss_valid = 1;
        out->iss_src = d->src;
        out->iss_idx = x;
        out->iss_pc = s->pc[x];
        out->iss_mask = s->lv[x];
        if (!lean) {
            warp_pool_entry_tids(cfg, s, x, out->iss_tids);
            return;
        }
    } else {
        out->iss_valid = 0;
        out->iss_src = 0;
        out->iss_idx = 0;
        out->iss_pc = 0;
        out->iss_mask = 0;
    }
    for (k = 0; k < WARP_POOL_MAX_WORDS; k++)
        out->iss_tids[k] = 0;
}

void warp_pool_eval_inputs(const warp_pool_cfg *cfg, const warp_pool_state *s,
                           const warp_pool_in *in_raw, warp_pool_out *out)
{
    eval_inputs(cfg, s, in_raw, out, 0);
}

void warp_pool_eval_inputs_lean(const warp_pool_cfg *cfg, const warp_pool_state *s,
                                const warp_pool_in *in_raw, warp_pool_out *out)
{
    eval_inputs(cfg, s, in_raw, out, 1);
}

void warp_pool_eval_inputs_legal(const warp_pool_cfg *cfg, const warp_pool_state *s,
                                 const warp_pool_in *in_raw, warp_pool_out *out)
{
    eval_inputs(cfg, s, in_raw, out, 2);
}

void warp_pool_entry_tids(const warp_pool_cfg *cfg, const warp_pool_state *s, unsigned x,
                          uint64_t *words)
{
    unsigned k;
    /* the words start at 0: each lane's field is ORed in */
    for (k = 0; k < WARP_POOL_MAX_WORDS; k++)
        words[k] = 0;
    for (uint64_t m = s->lv[x]; m; m &= m - 1u) {
        const unsigned l = bits_ffs(m);
        warp_pool_or_tid(words, l, cfg->tid_bits, s->tid[x][l]);
    }
}

void warp_pool_eval(const warp_pool_cfg *cfg, const warp_pool_state *s,
                    const warp_pool_in *in, warp_pool_out *out)
{
    warp_pool_eval_state(cfg, s, out);
    warp_pool_eval_inputs(cfg, s, in, out);
}

/* warp_pool_step; lean: warp_pool_step_lean's edge (no in_pool); lt: the
 * written TIDs per lane in place of wr_tids (warp_pool_step_lean_lt) */
static void step(const warp_pool_cfg *cfg, warp_pool_state *s, const warp_pool_in *in_raw,
                 const warp_pool_out *out, int lean, const uint16_t *lt)
{
    const warp_pool_dec *d = &out->dec;
    unsigned g, l, i, k;
    unsigned pmask = cfg->entries - 1u;

    if (!d->active)
        return;

    /* ---------------------------------------------- table (old s) */
    if (has_table(cfg)) {
        int touched[3];
        unsigned nt = 0;
        if (d->act[0] && d->slot[0] >= 0)
            touched[nt++] = d->slot[0];
        if (d->act[1] && d->slot[1] >= 0)
            touched[nt++] = d->slot[1];
        if (d->iss && d->sel_slot >= 0)
            touched[nt++] = d->sel_slot;
        {
            /* new counts of the (at most 3) slots this cycle touches, from
             * the old state, then written: the slots are distinct or equal */
            uint64_t cnt[3];
            uint64_t tpc[3];
            for (k = 0; k < nt; k++) {
                unsigned j, sl = (unsigned)touched[k];
                uint64_t c = slot_count(s, sl);
                uint64_t pc = s->tpc[sl];
                unsigned p;
                for (p = 0; p < 2u; p++)
                    if (d->act[p] && d->slot[p] == (int)sl) {
                        c += d->n[p];
                        if (d->alloc[p])
                            pc = d->pc[p];
                    }
                if (d->iss && d->sel_slot == (int)sl)
                    c -= d->n_iss;
                for (j = 0; j < k; j++)
                    if (touched[j] == touched[k])
                        break;
                cnt[k] = j < k ? ~0ull : c; /* a repeat: already done */
                tpc[k] = pc;
            }
            for (k = 0; k < nt; k++) {
                unsigned sl = (unsigned)touched[k];
                if (cnt[k] == ~0ull)
                    continue;
                s->tv[sl] = cnt[k] != 0u;
                s->tv_bits = bits_put(s->tv_bits, sl, cnt[k] != 0u);
                /* a free slot keeps its (possibly new) pc and count 0, as the RTL */
                s->tpc[sl] = tpc[k];
                s->tcm1[sl] = cnt[k] != 0u ? (uint16_t)(cnt[k] - 1u) : 0u;
            }
        }
        {
            unsigned u = s->untr_cnt;
            if (d->iss && d->src == WP_SRC_UNTRACKED)
                u -= d->n_iss;
            if (d->act[0] && d->untr[0])
                u += d->n[0];
            if (d->act[1] && d->untr[1])
                u += d->n[1];
            s->untr_cnt = (uint16_t)u;
        }
        /* batches: the issued warp leaves its batch; a starting one marks
         * the other warps of its kind (registered state: before the writes) */
        if (d->iss) {
            unsigned x = d->cand;
            if (s->mk[x]) {
                s->mk[x] = 0;
                bit_put(s->mk_bits, x, 0);
                s->mk_cnt--;
            }
            if (d->start == WP_START_DRAIN) {
                for (k = 0; k < set_words(cfg); k++)
                    for (uint64_t m = s->untr_bits[k]; m; m &= m - 1u) {
                        i = 64u * k + bits_ffs(m);
                        if (i != x) {
                            s->mk[i] = 1;
                            bit_put(s->mk_bits, i, 1);
                            s->mk_cnt++;
                        }
                    }
                s->turn = 1;
            } else if (d->src == WP_SRC_PICK) {
                if (d->start == WP_START_LOCK) {
                    uint64_t pc = s->pc[x];
                    for (k = 0; k < set_words(cfg); k++)
                        for (uint64_t m = s->trk_bits[k]; m; m &= m - 1u) {
                            i = 64u * k + bits_ffs(m);
                            if (i != x && s->pc[i] == pc) {
                                s->mk[i] = 1;
                                bit_put(s->mk_bits, i, 1);
                                s->mk_cnt++;
                            }
                        }
                }
                s->turn = 0;
                s->lslot = (uint8_t)d->sel_slot;
            }
        }
    }

    /* ---------------------------------------------- issue */
    if (d->iss) {
        unsigned x = d->cand;
        for (uint64_t lv = lean ? 0u : s->lv[x]; lv; lv &= lv - 1u)
            s->in_pool[s->tid[x][bits_ffs(lv)]] = 0;
        s->valid[x] = 0;
        s->untr[x] = 0;
        bit_put(s->trk_bits, x, 0);
        bit_put(s->untr_bits, x, 0);
        s->lv[x] = 0;
        /* push at the tail (old head + old count) */
        s->fifo[(s->head + s->fcnt) & pmask] = (uint16_t)x;
    }

    /* ---------------------------------------------- write */
    if (d->accept && (in_raw->g_valid[0] | in_raw->g_valid[1] | in_raw->g_valid[2] |
                      in_raw->g_valid[3]) & 1u) {
        /* the port view of the fields the write reads (port_view's masks;
         * a written lane's TID field lies below LANES x TID_W, where the
         * view's words equal the raw ones) */
        const uint64_t im = bits_index_mask(cfg->entries), lm = bits_mask(cfg->lanes);
        const warp_pool_in *in = in_raw;
        k = 0;
        for (g = 0; g < WARP_POOL_GROUPS; g++) {
            unsigned x = (unsigned)(in->g_idx[g] & im);
            uint64_t m = in->g_mask[g] & lm;
            if (!(in->g_valid[g] & 1u))
                continue;
            if (in->g_new[g] & 1u) {
                s->valid[x] = 1;
                s->pc[x] = in->g_pc[g] & bits_mask(cfg->pc_bits);
                s->lv[x] = m;
                s->untr[x] = (uint8_t)(has_table(cfg) && d->untr[d->pair_of[g]]);
                bit_put(s->trk_bits, x, !s->untr[x]);
                bit_put(s->untr_bits, x, s->untr[x]);
                s->sched[x] = (uint16_t)(cfg->policy == WP_POL_DTIME
                                             ? bits_trunc(s->stamp + k, cfg->sched_bits)
                                             : in->g_prio[g] & bits_mask(cfg->sched_bits));
                k++;
            } else {
                s->lv[x] |= m;
            }
            if (lt) { /* lean: no in_pool; the TIDs per lane, truncated as the bus's */
                const uint16_t tm = (uint16_t)bits_mask(cfg->tid_bits);
                if (m == lm) { /* every lane: one pass over the row */
                    for (l = 0; l < cfg->lanes; l++)
                        s->tid[x][l] = lt[l] & tm;
                    continue;
                }
                for (; m; m &= m - 1u) {
                    l = bits_ffs(m);
                    s->tid[x][l] = lt[l] & tm;
                }
                continue;
            }
            for (; m; m &= m - 1u) {
                unsigned t;
                l = bits_ffs(m);
                t = warp_pool_get_tid(in->wr_tids, l, cfg->tid_bits);
                s->tid[x][l] = (uint16_t)t;
                if (!lean)
                    s->in_pool[t] = 1;
            }
        }
    }
    if (d->accept) {
        s->head = (uint16_t)((s->head + d->nnew) & pmask);
        if (cfg->policy == WP_POL_DTIME)
            s->stamp = (uint16_t)bits_trunc(s->stamp + d->nnew, cfg->sched_bits);
    }
    s->fcnt = (uint16_t)(s->fcnt - (d->accept ? d->nnew : 0u) + (d->iss ? 1u : 0u));
}

void warp_pool_step(const warp_pool_cfg *cfg, warp_pool_state *s, const warp_pool_in *in,
                    const warp_pool_out *out)
{
    step(cfg, s, in, out, 0, NULL);
}

void warp_pool_step_lean(const warp_pool_cfg *cfg, warp_pool_state *s, const warp_pool_in *in,
                         const warp_pool_out *out)
{
    step(cfg, s, in, out, 1, NULL);
}

void warp_pool_step_lean_lt(const warp_pool_cfg *cfg, warp_pool_state *s, const warp_pool_in *in,
                            const warp_pool_out *out, const uint16_t *lt)
{
    step(cfg, s, in, out, 1, lt);
}

/* ------------------------------------------------------------ invariants */

/* A fresh mark for a visited set kept as stamps (one per element, the
 * element visited when its stamp equals the mark): the epoch advances,
 * and the stamps are cleared only when it wraps. */
static uint32_t stamp_next(uint32_t *stamp, size_t bytes, uint32_t *epoch)
{
    if (++*epoch == 0u) {
        memset(stamp, 0, bytes);
        *epoch = 1u;
    }
    return *epoch;
}

/* The table part of the screen (has_table): the loop of warp_pool_check_full
 * over the entries, visiting the valid ones only (an invalid entry adds
 * nothing there once no mark sits on it, which the caller has asserted);
 * v: the valid entries as a bitset below cfg->entries. */
static int table_clean(const warp_pool_cfg *cfg, const warp_pool_state *s, const uint64_t *v)
{
    const unsigned m = cfg->maj_entries, nw = (cfg->entries + 63u) / 64u;
    const uint64_t pcs = bits_mask(cfg->pc_bits), tids = bits_mask(cfg->tid_bits);
    unsigned untr = 0, nmk = 0, mk_untr = 0, mk_tr = 0, i, k;
    uint64_t cnt[WARP_POOL_MAX_MAJ];
    for (i = 0; i < m; i++) {
        cnt[i] = 0;
        if ((s->tpc[i] & ~pcs) || (s->tcm1[i] & ~tids) || s->tv[i] > 1u ||
            (!s->tv[i] && s->tcm1[i] != 0u))
            return 0;
        for (k = i + 1u; k < m && s->tv[i]; k++)
            if (s->tv[k] && s->tpc[k] == s->tpc[i])
                return 0;
    }
    if (s->turn > 1u || s->lslot >= m)
        return 0;
    for (k = bits_array_next(v, nw, 0); k < 64u * nw; k = bits_array_next(v, nw, k + 1u)) {
        int slot = -1;
        for (i = 0; i < m; i++)
            if (s->tv[i] && s->tpc[i] == s->pc[k])
                slot = (int)i;
        if ((s->untr[k] != 0u) == (slot >= 0))
            return 0;
        if (slot >= 0)
            cnt[slot] += bits_popcount(s->lv[k]);
        else
            untr += bits_popcount(s->lv[k]);
        if (s->mk[k]) {
            nmk++;
            if (s->untr[k])
                mk_untr++;
            else {
                mk_tr++;
                if (cfg->policy != WP_POL_DMAJ || !s->tv[s->lslot] ||
                    s->tpc[s->lslot] != s->pc[k])
                    return 0;
            }
        }
    }
    if (nmk != s->mk_cnt || (mk_untr && mk_tr))
        return 0;
    for (i = 0; i < m; i++)
        if (s->tv[i] && cnt[i] != (uint64_t)s->tcm1[i] + 1u)
            return 0;
    return untr == s->untr_cnt;
}

/* 1 when warp_pool_check_full would return NULL for s, 0 when it may not
 * (then the full check runs and names the first violation).  Every
 * invariant of the full check, read with no branch per entry where it is
 * per entry: the byte flags (valid, untr, mk) as bitsets
 * (bits_from_bytes64), compared with the C-only bitsets word by word; the
 * per-entry widths and the empty invalid entries as ORs over the entries;
 * the lanes of the valid warps only (a TID visited twice is caught by a
 * per-call stamp, not an owner map cleared each call); the in-pool bits as
 * a count: given that every lane's TID is distinct and its bit is set, the
 * bits set equal the lanes exactly when there are as many (so no bit is set
 * for a TID in no warp); the free list as a byte map of the entries it
 * lists, each of which must be invalid, with as many distinct entries as
 * the free count.  The cost: a pass over the entries' words and the
 * in-pool bytes, plus the valid warps' lanes and the free list, where the
 * full check branches on every entry and thread (docs/bench.md, "The
 * invariant checks' cost"). */
static int pool_clean(const warp_pool_cfg *cfg, const warp_pool_state *s)
{
    static uint32_t stamp[WARP_POOL_MAX_THREADS];
    static uint32_t epoch;
    static uint8_t listed[WARP_POOL_MAX_ENTRIES];
    const unsigned E = cfg->entries, threads = warp_pool_threads(cfg), pmask = E - 1u;
    const unsigned nw = (E + 63u) / 64u;
    const uint64_t lanes = bits_mask(cfg->lanes), pcs = bits_mask(cfg->pc_bits);
    const uint64_t scheds = bits_mask(cfg->sched_bits);
    uint64_t v[WARP_POOL_MAX_ENTRIES / 64], above = 0, any_mk = 0, acc = 0;
    unsigned i, k, nvalid = 0, nlanes = 0;

    if (s->fcnt > E || s->head >= E)
        return 0;
    /* the flags as bitsets, and the C-only bitsets (every word) */
    for (unsigned wd = 0; wd < nw; wd++) {
        const uint64_t in = E - wd * 64u >= 64u ? ~(uint64_t)0 : bits_mask(E - wd * 64u);
        const uint64_t va = bits_from_bytes64(s->valid + 64u * wd, &above);
        const uint64_t un = bits_from_bytes64(s->untr + 64u * wd, &above);
        const uint64_t mk = bits_from_bytes64(s->mk + 64u * wd, &above);
        acc |= (s->trk_bits[wd] ^ (va & ~un)) | (s->untr_bits[wd] ^ (va & un)) |
               (s->mk_bits[wd] ^ mk) | ((un | mk) & ~va & in);
        any_mk |= mk & in;
        v[wd] = va & in;
        nvalid += bits_popcount(v[wd]);
    }
    /* beyond the words of POOL: nothing (more than the full check asks,
     * which only wants the bitsets to agree there; a doubt is the full
     * check's to settle) */
    for (unsigned wd = nw; wd < WARP_POOL_MAX_ENTRIES / 64u; wd++)
        acc |= s->trk_bits[wd] | s->untr_bits[wd] | s->mk_bits[wd];
    if (above || acc ||
        bits_bytes_sum(s->valid + 64u * nw, WARP_POOL_MAX_ENTRIES - 64u * nw) +
                bits_bytes_sum(s->untr + 64u * nw, WARP_POOL_MAX_ENTRIES - 64u * nw) +
                bits_bytes_sum(s->mk + 64u * nw, WARP_POOL_MAX_ENTRIES - 64u * nw) !=
            0u)
        return 0;
    /* widths of every entry; an invalid one holds no lane */
    for (i = 0; i < E; i++)
        acc |= (s->lv[i] & ~lanes) | (s->pc[i] & ~pcs) | ((uint64_t)s->sched[i] & ~scheds) |
               (s->lv[i] & ((uint64_t)s->valid[i] - 1u));
    if (acc)
        return 0;
    /* the valid warps' lanes: a TID of the pool at its home lane, in no
     * other lane, its in-pool bit set */
    const uint32_t mark = stamp_next(stamp, sizeof stamp, &epoch);
    for (unsigned e = bits_array_next(v, nw, 0); e < 64u * nw; e = bits_array_next(v, nw, e + 1u)) {
        if (s->lv[e] == 0u)
            return 0;
        for (uint64_t l = s->lv[e]; l; l &= l - 1u) {
            const unsigned ln = bits_ffs(l), t = s->tid[e][ln];
            if (t >= threads || warp_pool_home_lane(t, cfg->lanes, cfg->swizzle) != ln ||
                stamp[t] == mark || s->in_pool[t] != 1u)
                return 0;
            stamp[t] = mark;
            nlanes++;
        }
    }
    /* the in-pool bits: the lanes' are 1 (above), so a sum over every byte
     * equal to the lanes says every other byte is 0 (no bit set for a TID
     * in no warp, none beyond THREADS, none above 1) */
    if (bits_bytes_sum(s->in_pool, WARP_POOL_MAX_THREADS) != nlanes)
        return 0;
    /* the free list: fcnt distinct invalid entries, and with the valid
     * warps the whole pool */
    if (s->fcnt + nvalid != E)
        return 0;
    memset(listed, 0, sizeof listed);
    for (k = 0; k < s->fcnt; k++) {
        const unsigned x = s->fifo[(s->head + k) & pmask];
        acc |= x >= E;
        listed[x & (WARP_POOL_MAX_ENTRIES - 1u)] = 1;
    }
    {
        unsigned distinct = 0;
        for (unsigned wd = 0; wd < nw; wd++) {
            const uint64_t li = bits_from_bytes64(listed + 64u * wd, &above);
            acc |= li & v[wd];
            distinct += bits_popcount(li);
        }
        if (acc || distinct != s->fcnt)
            return 0;
    }
    if (cfg->policy == WP_POL_DTIME) {
        static uint32_t sstamp[1u << 16];
        static uint32_t sepoch;
        const uint32_t smark = stamp_next(sstamp, sizeof sstamp, &sepoch);
        for (unsigned e = bits_array_next(v, nw, 0); e < 64u * nw;
             e = bits_array_next(v, nw, e + 1u)) {
            if (sstamp[s->sched[e]] == smark)
                return 0;
            sstamp[s->sched[e]] = smark;
        }
    }
    if (has_table(cfg)) {
        if (!table_clean(cfg, s, v))
            return 0;
    } else if (s->untr_cnt != 0u || s->mk_cnt != 0u || s->turn != 0u || s->lslot != 0u ||
               any_mk)
        return 0;
    for (k = 0; k < WARP_POOL_MAX_MAJ; k++)
        if (bits_get(s->tv_bits, k) != (s->tv[k] != 0u))
            return 0;
    return 1;
}

const char *warp_pool_check(const warp_pool_cfg *cfg, const warp_pool_state *s)
{
    return pool_clean(cfg, s) ? NULL : warp_pool_check_full(cfg, s);
}

const char *warp_pool_check_full(const warp_pool_cfg *cfg, const warp_pool_state *s)
{
    static char msg[240];
    static uint16_t owner[WARP_POOL_MAX_THREADS];
    static uint8_t seen[WARP_POOL_MAX_ENTRIES];
    unsigned i, l, k, nvalid = 0, threads = warp_pool_threads(cfg), lanes_used = 0;
    unsigned m = cfg->maj_entries, pmask = cfg->entries - 1u;

    for (i = 0; i < threads; i++)
        owner[i] = 0xffffu;
    if (s->fcnt > cfg->entries || s->head >= cfg->entries) {
        snprintf(msg, sizeof msg, "free list: count %u / head %u out of range", s->fcnt, s->head);
        return msg;
    }
    for (i = 0; i < cfg->entries; i++) {
        seen[i] = 0;
        if (s->valid[i] > 1u || s->untr[i] > 1u || !bits_subset(s->lv[i], bits_mask(cfg->lanes)) ||
            !bits_subset(s->pc[i], bits_mask(cfg->pc_bits)) ||
            !bits_subset(s->sched[i], bits_mask(cfg->sched_bits))) {
            snprintf(msg, sizeof msg, "entry %u: a field beyond its width", i);
            return msg;
        }
        if (!s->valid[i]) {
            if (s->lv[i] != 0u || s->untr[i]) {
                snprintf(msg, sizeof msg, "entry %u: invalid but lanes %llx / untracked %u", i,
                         (unsigned long long)s->lv[i], s->untr[i]);
                return msg;
            }
            continue;
        }
        nvalid++;
        if (s->lv[i] == 0u) {
            snprintf(msg, sizeof msg, "entry %u: valid warp with no thread", i);
            return msg;
        }
        for (l = 0; l < cfg->lanes; l++) {
            unsigned t;
            if (!bits_get(s->lv[i], l))
                continue;
            t = s->tid[i][l];
            lanes_used++;
            if (t >= threads) {
                snprintf(msg, sizeof msg, "entry %u lane %u: tid %u beyond TID_W", i, l, t);
                return msg;
            }
            if (warp_pool_home_lane(t, cfg->lanes, cfg->swizzle) != l) {
                snprintf(msg, sizeof msg, "entry %u lane %u: tid %u is not at its home lane %u",
                         i, l, t, warp_pool_home_lane(t, cfg->lanes, cfg->swizzle));
                return msg;
            }
            if (owner[t] != 0xffffu) {
                snprintf(msg, sizeof msg, "tid %u in two warps (entries %u and %u)", t, owner[t], i);
                return msg;
            }
            owner[t] = (uint16_t)i;
            if (!s->in_pool[t]) {
                snprintf(msg, sizeof msg, "tid %u in entry %u but its in-pool bit is 0", t, i);
                return msg;
            }
        }
    }
    for (i = 0; i < threads; i++)
        if (s->in_pool[i] > 1u || (s->in_pool[i] && owner[i] == 0xffffu)) {
            snprintf(msg, sizeof msg, "tid %u: in-pool bit set but in no warp", i);
            return msg;
        }
    for (i = WARP_POOL_MAX_THREADS; i-- > threads;)
        if (s->in_pool[i]) {
            snprintf(msg, sizeof msg, "in-pool bit %u beyond THREADS", i);
            return msg;
        }
    (void)lanes_used;
    /* free list + used entries = the whole pool */
    for (k = 0; k < s->fcnt; k++) {
        unsigned x = s->fifo[(s->head + k) & pmask];
        if (x >= cfg->entries || s->valid[x] || seen[x]) {
            snprintf(msg, sizeof msg, "free list slot %u holds entry %u: %s", k, x,
                     x >= cfg->entries ? "out of range" : s->valid[x] ? "a valid warp" : "twice");
            return msg;
        }
        seen[x] = 1;
    }
    if (s->fcnt + nvalid != cfg->entries) {
        snprintf(msg, sizeof msg, "free list %u + valid warps %u != POOL %u", s->fcnt, nvalid,
                 cfg->entries);
        return msg;
    }
    if (cfg->policy == WP_POL_DTIME) {
        static uint16_t stamp_owner[1u << 16];
        for (i = 0; i < cfg->entries; i++)
            if (s->valid[i])
                stamp_owner[s->sched[i]] = 0xffffu;
        for (i = 0; i < cfg->entries; i++) {
            if (!s->valid[i])
                continue;
            if (stamp_owner[s->sched[i]] != 0xffffu) {
                snprintf(msg, sizeof msg, "DTime: entries %u and %u share stamp %u",
                         stamp_owner[s->sched[i]], i, s->sched[i]);
                return msg;
            }
            stamp_owner[s->sched[i]] = (uint16_t)i;
        }
    }
    if (has_table(cfg)) {
        unsigned untr = 0, nmk = 0, mk_untr = 0, mk_tr = 0;
        uint64_t cnt[WARP_POOL_MAX_MAJ];
        for (i = 0; i < m; i++) {
            cnt[i] = 0;
            if (!bits_subset(s->tpc[i], bits_mask(cfg->pc_bits)) ||
                !bits_subset(s->tcm1[i], bits_mask(cfg->tid_bits)) || s->tv[i] > 1u ||
                (!s->tv[i] && s->tcm1[i] != 0u)) {
                snprintf(msg, sizeof msg, "table slot %u: a field beyond its width", i);
                return msg;
            }
            for (k = i + 1u; k < m && s->tv[i]; k++)
                if (s->tv[k] && s->tpc[k] == s->tpc[i]) {
                    snprintf(msg, sizeof msg, "table slots %u and %u both hold pc %llx", i, k,
                             (unsigned long long)s->tpc[i]);
                    return msg;
                }
        }
        if (s->turn > 1u || s->lslot >= m) {
            snprintf(msg, sizeof msg, "turn %u / lslot %u out of range", s->turn, s->lslot);
            return msg;
        }
        for (k = 0; k < cfg->entries; k++) {
            int slot = -1;
            if (s->mk[k] > 1u || (s->mk[k] && !s->valid[k])) {
                snprintf(msg, sizeof msg, "entry %u: batch mark %u on an invalid entry", k,
                         s->mk[k]);
                return msg;
            }
            if (!s->valid[k])
                continue;
            for (i = 0; i < m; i++)
                if (s->tv[i] && s->tpc[i] == s->pc[k])
                    slot = (int)i;
            if (s->untr[k] && slot >= 0) {
                snprintf(msg, sizeof msg,
                         "entry %u is untracked but its pc %llx is in table slot %d", k,
                         (unsigned long long)s->pc[k], slot);
                return msg;
            }
            if (!s->untr[k] && slot < 0) {
                snprintf(msg, sizeof msg, "entry %u pc %llx is tracked but not in the table", k,
                         (unsigned long long)s->pc[k]);
                return msg;
            }
            if (slot >= 0)
                cnt[slot] += bits_popcount(s->lv[k]);
            else
                untr += bits_popcount(s->lv[k]);
            if (s->mk[k]) {
                nmk++;
                if (s->untr[k]) {
                    mk_untr++;
                } else {
                    mk_tr++;
                    if (cfg->policy != WP_POL_DMAJ || !s->tv[s->lslot] ||
                        s->tpc[s->lslot] != s->pc[k]) {
                        snprintf(msg, sizeof msg, "entry %u: locked (marked) at pc %llx but the "
                                 "lock is table slot %u", k, (unsigned long long)s->pc[k],
                                 s->lslot);
                        return msg;
                    }
                }
            }
        }
        if (nmk != s->mk_cnt || (mk_untr && mk_tr)) {
            snprintf(msg, sizeof msg, "batch: %u marked warps (%u untracked, %u locked), "
                     "mk_cnt %u: one batch of one kind", nmk, mk_untr, mk_tr, s->mk_cnt);
            return msg;
        }
        for (i = 0; i < m; i++)
            if (s->tv[i] && cnt[i] != (uint64_t)s->tcm1[i] + 1u) {
                snprintf(msg, sizeof msg,
                         "table slot %u pc %llx: count %u but %llu threads in the pool", i,
                         (unsigned long long)s->tpc[i], s->tcm1[i] + 1u,
                         (unsigned long long)cnt[i]);
                return msg;
            }
        if (untr != s->untr_cnt) {
            snprintf(msg, sizeof msg, "untr_cnt %u but %u threads in untracked warps",
                     s->untr_cnt, untr);
            return msg;
        }
    } else if (s->untr_cnt != 0u || s->mk_cnt != 0u || s->turn != 0u || s->lslot != 0u) {
        snprintf(msg, sizeof msg, "untr_cnt %u / batch state without a table", s->untr_cnt);
        return msg;
    } else {
        for (k = 0; k < cfg->entries; k++)
            if (s->mk[k] != 0u) {
                snprintf(msg, sizeof msg, "entry %u: batch mark without a table", k);
                return msg;
            }
    }
    /* the C-only bitsets agree with the arrays */
    for (k = 0; k < WARP_POOL_MAX_ENTRIES; k++)
        if (bits_array_get(s->trk_bits, k) != (s->valid[k] && !s->untr[k]) ||
            bits_array_get(s->untr_bits, k) != (s->valid[k] && s->untr[k]) ||
            bits_array_get(s->mk_bits, k) != (s->mk[k] != 0u)) {
            snprintf(msg, sizeof msg, "entry %u: the C-only bitsets (tracked %u untracked %u "
                     "marked %u) disagree with valid %u untr %u mk %u", k,
                     bits_array_get(s->trk_bits, k), bits_array_get(s->untr_bits, k),
                     bits_array_get(s->mk_bits, k), s->valid[k], s->untr[k], s->mk[k]);
            return msg;
        }
    for (k = 0; k < WARP_POOL_MAX_MAJ; k++)
        if (bits_get(s->tv_bits, k) != (s->tv[k] != 0u)) {
            snprintf(msg, sizeof msg, "table slot %u: the C-only bitset says valid %u, tv %u", k,
                     bits_get(s->tv_bits, k), s->tv[k]);
            return msg;
        }
    return NULL;
}

/* ------------------------------------------------------------ ports, trace */

void warp_pool_ports(const warp_pool_cfg *cfg, const warp_pool_in *in,
                     const warp_pool_out *out, port_visit_fn visit, void *ctx)
{
    static const char *const gname[WARP_POOL_GROUPS][6] = {
        {"g0_valid", "g0_new", "g0_idx", "g0_pc", "g0_mask", "g0_prio"},
        {"g1_valid", "g1_new", "g1_idx", "g1_pc", "g1_mask", "g1_prio"},
        {"g2_valid", "g2_new", "g2_idx", "g2_pc", "g2_mask", "g2_prio"},
        {"g3_valid", "g3_new", "g3_idx", "g3_pc", "g3_mask", "g3_prio"}};
    unsigned g, iw = warp_pool_idx_w(cfg), pw = cfg->pc_bits, lw = cfg->lanes;
    unsigned tw = cfg->lanes * cfg->tid_bits;

    visit(ctx, "hold", 1, &in->hold, PORT_IN);
    visit(ctx, "iss_req", 1, &in->iss_req, PORT_IN);
    visit(ctx, "wr_tids", tw, in->wr_tids, PORT_IN);
    for (g = 0; g < WARP_POOL_GROUPS; g++) {
        visit(ctx, gname[g][0], 1, &in->g_valid[g], PORT_IN);
        visit(ctx, gname[g][1], 1, &in->g_new[g], PORT_IN);
        visit(ctx, gname[g][2], iw, &in->g_idx[g], PORT_IN);
        visit(ctx, gname[g][3], pw, &in->g_pc[g], PORT_IN);
        visit(ctx, gname[g][4], lw, &in->g_mask[g], PORT_IN);
        visit(ctx, gname[g][5], cfg->sched_bits, &in->g_prio[g], PORT_IN);
    }
    visit(ctx, "ready", 1, &out->ready, PORT_OUT);
    visit(ctx, "err", 1, &out->err, PORT_OUT);
    visit(ctx, "err_code", 4, &out->err_code, PORT_OUT);
    visit(ctx, "free_cnt", warp_pool_free_w(cfg), &out->free_cnt, PORT_OUT);
    visit(ctx, "free_idx0", iw, &out->free_idx0, PORT_OUT);
    visit(ctx, "free_idx1", iw, &out->free_idx1, PORT_OUT);
    visit(ctx, "ovf", 1, &out->ovf, PORT_OUT);
    visit(ctx, "iss_valid", 1, &out->iss_valid, PORT_OUT);
    visit(ctx, "iss_src", 2, &out->iss_src, PORT_OUT);
    visit(ctx, "iss_idx", iw, &out->iss_idx, PORT_OUT);
    visit(ctx, "iss_pc", pw, &out->iss_pc, PORT_OUT);
    visit(ctx, "iss_mask", lw, &out->iss_mask, PORT_OUT);
    visit(ctx, "iss_tids", tw, out->iss_tids, PORT_OUT);
    visit(ctx, "cand_valid", 1, &out->cand_valid, PORT_OUT);
    visit(ctx, "cand_idx", iw, &out->cand_idx, PORT_OUT);
}

void warp_pool_trace(struct vcd_writer *w, const warp_pool_cfg *cfg,
                     const warp_pool_state *s, const warp_pool_in *in,
                     const warp_pool_out *out)
{
    unsigned i, used = cfg->entries - s->fcnt;
    char name[32];
    warp_pool_ports(cfg, in, out, vcd_port, w);
    vcd_scope(w, "state");
    vcd_sig(w, "used", warp_pool_free_w(cfg), used);
    vcd_sig(w, "head", warp_pool_idx_w(cfg), s->head);
    vcd_sig(w, "untr_cnt", cfg->tid_bits + 1u, s->untr_cnt);
    vcd_sig(w, "batch", warp_pool_free_w(cfg), s->mk_cnt);
    vcd_sig(w, "turn", 1, s->turn);
    vcd_sig(w, "lslot", bits_index_width(cfg->maj_entries), s->lslot);
    vcd_sig(w, "stamp", cfg->sched_bits, s->stamp);
    for (i = 0; i < cfg->maj_entries && has_table(cfg); i++) {
        snprintf(name, sizeof name, "t%02u_pc", i);
        vcd_sig(w, name, cfg->pc_bits, s->tpc[i]);
        snprintf(name, sizeof name, "t%02u_cnt", i);
        vcd_sig(w, name, cfg->tid_bits + 1u, slot_count(s, i));
    }
    for (i = 0; i < 8u && i < cfg->entries; i++) {
        snprintf(name, sizeof name, "e%u_valid", i);
        vcd_sig(w, name, 1, s->valid[i]);
        snprintf(name, sizeof name, "e%u_pc", i);
        vcd_sig(w, name, cfg->pc_bits, s->pc[i]);
        snprintf(name, sizeof name, "e%u_lv", i);
        vcd_sig(w, name, cfg->lanes, s->lv[i]);
    }
    vcd_upscope(w);
}

const char *warp_pool_err_name(unsigned code)
{
    static const char *const names[] = {"NONE",        "ISS_EMPTY",    "OVERLAP",
                                        "PAIR_PC",     "NEW_EMPTY",    "HOME_LANE",
                                        "TID_IN_POOL", "JOIN_INVALID", "JOIN_ISSUING",
                                        "JOIN_PC",     "LANE_OCC",     "NEW_IDX",
                                        "GROUP_KIND"};
    return code < sizeof names / sizeof names[0] ? names[code] : "?";
}

const char *warp_pool_src_name(unsigned src)
{
    static const char *const names[] = {"NONE", "LOCK", "PICK", "UNTRACKED"};
    return src < 4u ? names[src] : "?";
}

const char *warp_pool_policy_name(unsigned policy)
{
    static const char *const names[] = {"DMaj", "DMin", "DTime", "DPC", "DPdPri"};
    return policy < 5u ? names[policy] : "?";
}

int warp_pool_policy_parse(const char *s)
{
    unsigned p;
    for (p = 0; p < 5u; p++) {
        const char *n = warp_pool_policy_name(p);
        unsigned i = 0;
        while (n[i] && s[i] && ((n[i] | 0x20) == (s[i] | 0x20)))
            i++;
        if (!n[i] && !s[i])
            return (int)p;
    }
    if (s[0] >= '0' && s[0] <= '4' && s[1] == '\0')
        return s[0] - '0';
    return -1;
}
