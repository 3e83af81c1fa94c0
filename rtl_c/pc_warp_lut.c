/* SPDX-License-Identifier: Apache-2.0 */
/*
 * pc_warp_lut.c -- the PC-warp LUT of dynamic warp formation.  Behaviour,
 * timing, the hash, the same-set rules and the departures from the paper
 * are documented in pc_warp_lut.h; this file and verilog/pc_warp_lut.v
 * implement the same decision, written the same way: one combinational
 * `decide` (always @*) and one clock edge (always @posedge).
 */
#include "pc_warp_lut.h"

#include <stddef.h>
#include <string.h>

#include "bits.h"
#include "../vcd/vcd.h"

/* The parameters (port.h): Verilog name, cfg field, min, max, default. */
static const struct param_def pc_warp_lut_param_defs[] = {
    {"ENTRIES", "entries", offsetof(pc_warp_lut_cfg, entries), 4, PC_WARP_LUT_MAX_ENTRIES, 32, PARAM_POW2},
    {"WAYS", "ways", offsetof(pc_warp_lut_cfg, ways), 2, 2, 2, 0},
    {"LANES", "lanes", offsetof(pc_warp_lut_cfg, lanes), 1, 64, 16, 0},
    {"PC_W", "pc_bits", offsetof(pc_warp_lut_cfg, pc_bits), 4, 64, 32, 0},
    {"POOL", "pool", offsetof(pc_warp_lut_cfg, pool), 2, PC_WARP_LUT_MAX_POOL, 256, 0},
};

/* pc_warp_lut_params, pc_warp_lut_default_cfg() and pc_warp_lut_cfg_check() */
PARAM_TABLE(pc_warp_lut, NULL)


unsigned pc_warp_lut_sets(const pc_warp_lut_cfg *cfg) { return cfg->entries / 2u; }
unsigned pc_warp_lut_set_w(const pc_warp_lut_cfg *cfg)
{
    return bits_index_width(pc_warp_lut_sets(cfg));
}
unsigned pc_warp_lut_ent_w(const pc_warp_lut_cfg *cfg) { return bits_index_width(cfg->entries); }
unsigned pc_warp_lut_idx_w(const pc_warp_lut_cfg *cfg) { return bits_index_width(cfg->pool); }
unsigned pc_warp_lut_table_bits(const pc_warp_lut_cfg *cfg)
{
    return cfg->entries * (cfg->pc_bits + cfg->lanes + pc_warp_lut_idx_w(cfg));
}
unsigned pc_warp_lut_state_bits(const pc_warp_lut_cfg *cfg)
{
    return pc_warp_lut_table_bits(cfg) + cfg->entries + pc_warp_lut_sets(cfg);
}

unsigned pc_warp_lut_hash(const pc_warp_lut_cfg *cfg, uint64_t pc)
{
    /* word-wise XOR fold of pc[PC_W-1:2] in SET_W-bit chunks */
    const unsigned sw = pc_warp_lut_set_w(cfg);
    const uint64_t m = bits_mask(sw);
    uint64_t v = bits_trunc(pc, cfg->pc_bits) >> 2;
    unsigned h = 0;
    while (v) {
        h ^= (unsigned)(v & m);
        v >>= sw;
    }
    return h;
}

void pc_warp_lut_reset(const pc_warp_lut_cfg *cfg, pc_warp_lut_state *s)
{
    (void)cfg;
    memset(s, 0, sizeof *s);
}

/* Victim way of a miss in a set: ways other than `prot` (2 = none); the
 * first effectively invalid one (way 0 first), else the LRU way. */
static unsigned victim(const unsigned ev[2], unsigned lru, unsigned prot)
{
    if (prot < 2u)
        return prot ^ 1u;
    if (!ev[0])
        return 0;
    if (!ev[1])
        return 1;
    return lru;
}

/* One cycle's decision, written into out (ports and out->dec). */
static void decide(const pc_warp_lut_cfg *cfg, const pc_warp_lut_state *s,
                   const pc_warp_lut_in *in_raw, pc_warp_lut_out *out)
{
    pc_warp_lut_dec *d = &out->dec;
    const unsigned iw = pc_warp_lut_idx_w(cfg);
    const uint64_t pmask = bits_mask(cfg->pc_bits), lmask = bits_mask(cfg->lanes);
    const uint64_t imask = bits_mask(iw);
    unsigned e, j, err = PWL_ERR_NONE, need, ready, fire;
    unsigned ev[2][2], hitw[2], valid[2], hit[2], set[2], way[2], isnew[2];
    unsigned live0 = 0, live1 = 0, inv_hit = 0;
    uint64_t pc[2], req[2], inv_mask[2] = {0, 0};
    const unsigned inv_valid = (unsigned)(in_raw->inv_valid & 1u);
    const uint64_t inv_idx = in_raw->inv_idx & imask;
    const uint64_t a0 = in_raw->alloc_idx0 & imask, a1 = in_raw->alloc_idx1 & imask;
    const unsigned avail = (unsigned)(in_raw->alloc_avail & 3u);

    valid[0] = (unsigned)(in_raw->lk0_valid & 1u);
    valid[1] = (unsigned)(in_raw->lk1_valid & 1u);
    pc[0] = in_raw->lk0_pc & pmask;
    pc[1] = in_raw->lk1_pc & pmask;
    req[0] = in_raw->lk0_req & lmask;
    req[1] = in_raw->lk1_req & lmask;

    /* the IDX comparators of every entry (the invalidation bypass, the
     * offered indices of IDX_IN_USE), through the owner map: the valid entry
     * holding a pool index, at most one (valid entries' IDXs are distinct) */
    if (inv_valid && inv_idx < PC_WARP_LUT_MAX_POOL && s->owner[inv_idx]) {
        e = s->owner[inv_idx] - 1u;
        inv_mask[e >> 6] |= 1ull << (e & 63u);
        inv_hit = 1;
    }
    live0 = avail >= 1u && a0 < PC_WARP_LUT_MAX_POOL && s->owner[a0] != 0u;
    live1 = avail >= 2u && a1 < PC_WARP_LUT_MAX_POOL && s->owner[a1] != 0u;
    /* illegal input, in priority order */
    if (avail == 3u)
        err = PWL_ERR_BAD_AVAIL;
    else if (valid[0] && valid[1] && pc[0] == pc[1])
        err = PWL_ERR_SAME_PC;
    else if ((valid[0] && req[0] == 0u) || (valid[1] && req[1] == 0u))
        err = PWL_ERR_BAD_REQ;
    else if ((inv_valid && inv_idx >= cfg->pool) || (avail >= 1u && a0 >= cfg->pool) ||
             (avail >= 2u && a1 >= cfg->pool))
        err = PWL_ERR_BAD_IDX;
    else if (live0 || live1 || (avail >= 1u && inv_valid && a0 == inv_idx) ||
             (avail >= 2u && inv_valid && a1 == inv_idx) || (avail >= 2u && a0 == a1))
        err = PWL_ERR_IDX_IN_USE;

    /* tag compare in each lookup's set, with the invalidation bypassed */
    for (j = 0; j < 2u; j++) {
        unsigned w;
        set[j] = pc_warp_lut_hash(cfg, pc[j]);
        hitw[j] = 2;
        for (w = 2; w-- > 0;) { /* way 0 wins (never two by the invariants) */
            e = set[j] * 2u + w;
            ev[j][w] = s->valid[e] && !((inv_mask[e >> 6] >> (e & 63u)) & 1u);
            if (ev[j][w] && s->pc[e] == pc[j])
                hitw[j] = w;
        }
        hit[j] = valid[j] && hitw[j] < 2u;
    }
    /* ways: lk0's miss avoids lk1's hit way; lk1's miss avoids lk0's way */
    {
        unsigned same = valid[0] && valid[1] && set[0] == set[1];
        unsigned prot0 = same && hit[1] ? hitw[1] : 2u;
        way[0] = hit[0] ? hitw[0] : victim(ev[0], s->lru[set[0]], prot0);
        way[1] = hit[1] ? hitw[1] : victim(ev[1], s->lru[set[1]], same ? way[0] : 2u);
    }
    for (j = 0; j < 2u; j++) {
        e = set[j] * 2u + way[j];
        d->conflict[j] = 0;
        d->evict[j] = 0;
        d->join_mask[j] = 0;
        d->join_idx[j] = 0;
        isnew[j] = 0;
        d->new_mask[j] = 0;
        if (!valid[j])
            continue;
        if (hit[j]) {
            uint64_t both = req[j] & s->occ[e];
            d->conflict[j] = both != 0u;
            d->join_mask[j] = req[j] & ~s->occ[e];
            d->join_idx[j] = s->idx[e];
            d->new_mask[j] = both;
            isnew[j] = d->conflict[j];
        } else {
            d->evict[j] = (uint8_t)ev[j][way[j]];
            d->new_mask[j] = req[j];
            isnew[j] = 1;
        }
    }
    need = isnew[0] + isnew[1];
    ready = err != PWL_ERR_NONE || need <= avail;
    fire = err == PWL_ERR_NONE && ready;

    d->fire = (uint8_t)fire;
    d->inv_mask[0] = inv_mask[0];
    d->inv_mask[1] = inv_mask[1];
    for (j = 0; j < 2u; j++) {
        d->valid[j] = (uint8_t)valid[j];
        d->hit[j] = (uint8_t)hit[j];
        d->set[j] = (uint8_t)set[j];
        d->way[j] = (uint8_t)way[j];
        d->is_new[j] = (uint8_t)isnew[j];
        d->pc[j] = pc[j];
        d->req[j] = req[j];
    }
    d->new_idx[0] = (uint16_t)a0;
    d->new_idx[1] = (uint16_t)(isnew[0] ? a1 : a0);

    out->err = err != PWL_ERR_NONE;
    out->err_code = err;
    out->ready = ready;
    out->need_cnt = err ? 0u : need;
    out->inv_hit = fire ? inv_hit : 0u;
#define PWL_LOOKUP_OUT(J, P)                                                     \
    do {                                                                         \
        const unsigned on = fire && valid[J];                                    \
        out->P##_hit = on ? hit[J] : 0u;                                         \
        out->P##_conflict = on ? d->conflict[J] : 0u;                            \
        out->P##_evict = on ? d->evict[J] : 0u;                                  \
        out->P##_set = on ? set[J] : 0u;                                         \
        out->P##_way = on ? way[J] : 0u;                                         \
        out->P##_join_mask = on ? d->join_mask[J] : 0u;                          \
        out->P##_join_idx = on ? d->join_idx[J] : 0u;                            \
        out->P##_new = on ? isnew[J] : 0u;                                       \
        out->P##_new_mask = on ? d->new_mask[J] : 0u;                            \
        out->P##_new_idx = on && isnew[J] ? d->new_idx[J] : 0u;                  \
    } while (0)
    PWL_LOOKUP_OUT(0, lk0);
    PWL_LOOKUP_OUT(1, lk1);
#undef PWL_LOOKUP_OUT
}

void pc_warp_lut_eval(const pc_warp_lut_cfg *cfg, const pc_warp_lut_state *s,
                      const pc_warp_lut_in *in, pc_warp_lut_out *out)
{
    const unsigned re = (unsigned)bits_trunc(in->rd_entry, pc_warp_lut_ent_w(cfg));

    decide(cfg, s, in, out);
    if (re < cfg->entries) {
        out->rd_valid = s->valid[re];
        out->rd_pc = s->pc[re];
        out->rd_occ = s->occ[re];
        out->rd_idx = s->idx[re];
        out->rd_lru = s->lru[re / 2u];
    } else {
        out->rd_valid = out->rd_pc = out->rd_occ = out->rd_idx = out->rd_lru = 0;
    }
}

/* entry e no longer owns its pool index (it is invalidated or rewritten) */
static void unown(pc_warp_lut_state *s, unsigned e)
{
    if (s->owner[s->idx[e]] == e + 1u)
        s->owner[s->idx[e]] = 0;
}

void pc_warp_lut_step(const pc_warp_lut_cfg *cfg, pc_warp_lut_state *s,
                      const pc_warp_lut_in *in, const pc_warp_lut_out *out)
{
    const pc_warp_lut_dec *d = &out->dec;
    unsigned e, j, k;
    (void)cfg;
    (void)in;
    if (!d->fire)
        return;
    /* the issued warp's entry goes invalid; a lookup's write below wins */
    for (k = 0; k < 2u; k++) {
        uint64_t m = d->inv_mask[k];
        while (m) {
            e = 64u * k + bits_ffs(m);
            s->valid[e] = 0;
            unown(s, e);
            m &= m - 1u;
        }
    }
    for (j = 0; j < 2u; j++) {
        if (!d->valid[j])
            continue;
        e = d->set[j] * 2u + d->way[j];
        if (d->hit[j] && !d->conflict[j]) {
            s->occ[e] |= d->req[j];
            continue;
        }
        if (s->valid[e])
            unown(s, e);
        if (d->hit[j]) {
            s->occ[e] = d->new_mask[j];
        } else {
            s->valid[e] = 1;
            s->pc[e] = d->pc[j];
            s->occ[e] = d->req[j];
        }
        s->idx[e] = d->new_idx[j];
        s->owner[s->idx[e]] = (uint8_t)(e + 1u);
    }
    for (j = 0; j < 2u; j++)
        if (d->valid[j])
            s->lru[d->set[j]] = (uint8_t)(d->way[j] ^ 1u); /* lk1 after lk0 */
}

const char *pc_warp_lut_check(const pc_warp_lut_cfg *cfg, const pc_warp_lut_state *s)
{
    static char msg[200];
    unsigned e, f, sets = pc_warp_lut_sets(cfg);
    uint64_t lanes = bits_mask(cfg->lanes), pcs = bits_mask(cfg->pc_bits);

    for (e = 0; e < sets; e++) {
        if (s->lru[e] > 1u) {
            snprintf(msg, sizeof msg, "set %u: LRU bit %u is not 0 or 1", e, s->lru[e]);
            return msg;
        }
    }
    for (e = 0; e < cfg->entries; e++) {
        if (s->valid[e] > 1u || !bits_subset(s->pc[e], pcs) || !bits_subset(s->occ[e], lanes) ||
            s->idx[e] >= cfg->pool) {
            snprintf(msg, sizeof msg,
                     "entry %u: a field beyond its width (valid %u pc %llx occ %llx idx %u)", e,
                     s->valid[e], (unsigned long long)s->pc[e], (unsigned long long)s->occ[e],
                     s->idx[e]);
            return msg;
        }
        if (!s->valid[e])
            continue;
        if (s->occ[e] == 0u) {
            snprintf(msg, sizeof msg, "entry %u (pc %llx): valid with OCC 0", e,
                     (unsigned long long)s->pc[e]);
            return msg;
        }
        if (pc_warp_lut_hash(cfg, s->pc[e]) != e / 2u) {
            snprintf(msg, sizeof msg, "entry %u: pc %llx hashes to set %u, not set %u", e,
                     (unsigned long long)s->pc[e], pc_warp_lut_hash(cfg, s->pc[e]), e / 2u);
            return msg;
        }
        for (f = e + 1u; f < cfg->entries; f++) {
            if (!s->valid[f])
                continue;
            if (s->pc[f] == s->pc[e]) {
                snprintf(msg, sizeof msg, "entries %u and %u are both valid for pc %llx", e, f,
                         (unsigned long long)s->pc[e]);
                return msg;
            }
            if (s->idx[f] == s->idx[e]) {
                snprintf(msg, sizeof msg, "entries %u and %u both point to pool warp %u", e, f,
                         s->idx[e]);
                return msg;
            }
        }
    }
    /* the C-only owner map agrees with the entries */
    for (e = 0; e < cfg->entries; e++)
        if (s->valid[e] && s->owner[s->idx[e]] != e + 1u) {
            snprintf(msg, sizeof msg, "entry %u: the owner map has %u for its IDX %u", e,
                     s->owner[s->idx[e]], s->idx[e]);
            return msg;
        }
    for (e = 0; e < PC_WARP_LUT_MAX_POOL; e++) {
        unsigned o = s->owner[e];
        if (o != 0u && (o > cfg->entries || !s->valid[o - 1u] || s->idx[o - 1u] != e)) {
            snprintf(msg, sizeof msg, "owner map: pool index %u -> entry %u, which does not "
                     "hold it", e, o - 1u);
            return msg;
        }
    }
    return NULL;
}

void pc_warp_lut_ports(const pc_warp_lut_cfg *cfg, const pc_warp_lut_in *in,
                       const pc_warp_lut_out *out, port_visit_fn visit, void *ctx)
{
    unsigned pw = cfg->pc_bits, lw = cfg->lanes, iw = pc_warp_lut_idx_w(cfg);
    unsigned sw = pc_warp_lut_set_w(cfg), ew = pc_warp_lut_ent_w(cfg);

    visit(ctx, "lk0_valid", 1, &in->lk0_valid, PORT_IN);
    visit(ctx, "lk0_pc", pw, &in->lk0_pc, PORT_IN);
    visit(ctx, "lk0_req", lw, &in->lk0_req, PORT_IN);
    visit(ctx, "lk1_valid", 1, &in->lk1_valid, PORT_IN);
    visit(ctx, "lk1_pc", pw, &in->lk1_pc, PORT_IN);
    visit(ctx, "lk1_req", lw, &in->lk1_req, PORT_IN);
    visit(ctx, "alloc_idx0", iw, &in->alloc_idx0, PORT_IN);
    visit(ctx, "alloc_idx1", iw, &in->alloc_idx1, PORT_IN);
    visit(ctx, "alloc_avail", 2, &in->alloc_avail, PORT_IN);
    visit(ctx, "inv_valid", 1, &in->inv_valid, PORT_IN);
    visit(ctx, "inv_idx", iw, &in->inv_idx, PORT_IN);
    visit(ctx, "rd_entry", ew, &in->rd_entry, PORT_IN);
    visit(ctx, "ready", 1, &out->ready, PORT_OUT);
    visit(ctx, "err", 1, &out->err, PORT_OUT);
    visit(ctx, "err_code", 3, &out->err_code, PORT_OUT);
    visit(ctx, "need_cnt", 2, &out->need_cnt, PORT_OUT);
    visit(ctx, "lk0_hit", 1, &out->lk0_hit, PORT_OUT);
    visit(ctx, "lk0_conflict", 1, &out->lk0_conflict, PORT_OUT);
    visit(ctx, "lk0_evict", 1, &out->lk0_evict, PORT_OUT);
    visit(ctx, "lk0_set", sw, &out->lk0_set, PORT_OUT);
    visit(ctx, "lk0_way", 1, &out->lk0_way, PORT_OUT);
    visit(ctx, "lk0_join_mask", lw, &out->lk0_join_mask, PORT_OUT);
    visit(ctx, "lk0_join_idx", iw, &out->lk0_join_idx, PORT_OUT);
    visit(ctx, "lk0_new", 1, &out->lk0_new, PORT_OUT);
    visit(ctx, "lk0_new_mask", lw, &out->lk0_new_mask, PORT_OUT);
    visit(ctx, "lk0_new_idx", iw, &out->lk0_new_idx, PORT_OUT);
    visit(ctx, "lk1_hit", 1, &out->lk1_hit, PORT_OUT);
    visit(ctx, "lk1_conflict", 1, &out->lk1_conflict, PORT_OUT);
    visit(ctx, "lk1_evict", 1, &out->lk1_evict, PORT_OUT);
    visit(ctx, "lk1_set", sw, &out->lk1_set, PORT_OUT);
    visit(ctx, "lk1_way", 1, &out->lk1_way, PORT_OUT);
    visit(ctx, "lk1_join_mask", lw, &out->lk1_join_mask, PORT_OUT);
    visit(ctx, "lk1_join_idx", iw, &out->lk1_join_idx, PORT_OUT);
    visit(ctx, "lk1_new", 1, &out->lk1_new, PORT_OUT);
    visit(ctx, "lk1_new_mask", lw, &out->lk1_new_mask, PORT_OUT);
    visit(ctx, "lk1_new_idx", iw, &out->lk1_new_idx, PORT_OUT);
    visit(ctx, "inv_hit", 1, &out->inv_hit, PORT_OUT);
    visit(ctx, "rd_valid", 1, &out->rd_valid, PORT_OUT);
    visit(ctx, "rd_pc", pw, &out->rd_pc, PORT_OUT);
    visit(ctx, "rd_occ", lw, &out->rd_occ, PORT_OUT);
    visit(ctx, "rd_idx", iw, &out->rd_idx, PORT_OUT);
    visit(ctx, "rd_lru", 1, &out->rd_lru, PORT_OUT);
}

void pc_warp_lut_trace(struct vcd_writer *w, const pc_warp_lut_cfg *cfg,
                       const pc_warp_lut_state *s, const pc_warp_lut_in *in,
                       const pc_warp_lut_out *out)
{
    unsigned e;
    char name[32];
    pc_warp_lut_ports(cfg, in, out, vcd_port, w);
    vcd_scope(w, "state");
    for (e = 0; e < cfg->entries; e++) {
        snprintf(name, sizeof name, "e%02u_valid", e);
        vcd_sig(w, name, 1, s->valid[e]);
        snprintf(name, sizeof name, "e%02u_pc", e);
        vcd_sig(w, name, cfg->pc_bits, s->pc[e]);
        snprintf(name, sizeof name, "e%02u_occ", e);
        vcd_sig(w, name, cfg->lanes, s->occ[e]);
        snprintf(name, sizeof name, "e%02u_idx", e);
        vcd_sig(w, name, pc_warp_lut_idx_w(cfg), s->idx[e]);
    }
    for (e = 0; e < pc_warp_lut_sets(cfg); e++) {
        snprintf(name, sizeof name, "s%02u_lru", e);
        vcd_sig(w, name, 1, s->lru[e]);
    }
    vcd_upscope(w);
}

const char *pc_warp_lut_err_name(unsigned code)
{
    static const char *const names[] = {"NONE",    "BAD_AVAIL", "SAME_PC",
                                        "BAD_REQ", "BAD_IDX",   "IDX_IN_USE"};
    return code < sizeof names / sizeof names[0] ? names[code] : "?";
}
