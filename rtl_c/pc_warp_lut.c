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

/* The XOR of the sw-bit chunks of v (v below 2^nbits), word-wise: each
 * step v ^= v >> sh, sh = sw, 2 sw, 4 sw, ... below nbits, doubles the
 * chunks folded into each chunk, so the low chunk ends as the XOR of all of
 * them: log2(nbits / sw) steps (3 at the defaults), not one per chunk. */
static inline unsigned fold(uint64_t v, unsigned sw, unsigned nbits)
{
    unsigned sh;
    for (sh = sw; sh < nbits; sh <<= 1)
        v ^= v >> sh;
    return (unsigned)(v & bits_mask(sw));
}

unsigned pc_warp_lut_hash(const pc_warp_lut_cfg *cfg, uint64_t pc)
{
    /* the XOR fold of pc[PC_W-1:2] in SET_W-bit chunks */
    return fold(bits_trunc(pc, cfg->pc_bits) >> 2, pc_warp_lut_set_w(cfg), cfg->pc_bits - 2u);
}

void pc_warp_lut_reset(const pc_warp_lut_cfg *cfg, pc_warp_lut_state *s)
{
    (void)cfg;
    memset(s, 0, sizeof *s);
}

void pc_warp_lut_clear_used(const pc_warp_lut_cfg *cfg, pc_warp_lut_state *s)
{
    memset(s->valid, 0, sizeof s->valid);
    memset(s->pc, 0, sizeof s->pc);
    memset(s->occ, 0, sizeof s->occ);
    memset(s->idx, 0, sizeof s->idx);
    memset(s->lru, 0, sizeof s->lru);
    memset(s->owner, 0, cfg->pool * sizeof s->owner[0]);
}

/* One lookup against its set, the invalidation bypassed (inv_own = 1 + the
 * entry that holds inv_idx, 0: none): ev[w] = way w is effectively valid;
 * hitw = the way that holds pc (way 0 first; never both by the
 * invariants), 2: none. */
typedef struct {
    unsigned set, ev[2], hit, hitw;
} pwl_look;

static inline pwl_look look(const pc_warp_lut_state *s, unsigned valid, uint64_t pc,
                            unsigned sw, unsigned nbits, unsigned inv_own)
{
    pwl_look k;
    const unsigned e = 2u * (k.set = fold(pc >> 2, sw, nbits));
    unsigned h0, h1;
    k.ev[0] = (s->valid[e] != 0u) & (e + 1u != inv_own);
    k.ev[1] = (s->valid[e + 1u] != 0u) & (e + 2u != inv_own);
    h0 = k.ev[0] & (s->pc[e] == pc);
    h1 = k.ev[1] & (s->pc[e + 1u] == pc);
    k.hitw = (1u - h0) * (2u - h1); /* 0, else 1, else 2 */
    k.hit = valid & (h0 | h1);
    return k;
}

/* Victim way of a miss in a set: ways other than `prot` (2 = none); the
 * first effectively invalid one (way 0 first), else the LRU way. */
static inline unsigned victim(const unsigned ev[2], unsigned lru, unsigned prot)
{
    /* !ev0 ? 0 : !ev1 ? 1 : lru (an LRU bit is 0 or 1) */
    const unsigned free_or_lru = ev[0] & ((lru & 1u) | (ev[1] ^ 1u));
    return prot < 2u ? prot ^ 1u : free_or_lru;
}

/* One cycle's decision, written into out (ports and out->dec); trust:
 * the illegal-input checks are not made (pc_warp_lut_eval_lean) */
static inline void decide(const pc_warp_lut_cfg *cfg, const pc_warp_lut_state *s,
                          const pc_warp_lut_in *in, pc_warp_lut_out *out, const int trust)
{
    pc_warp_lut_dec *d = &out->dec;
    /* SET_W = log2(ENTRIES) - 1 (ENTRIES a power of two, >= 4) */
    const unsigned sw = bits_ffs(cfg->entries) - 1u, nbits = cfg->pc_bits - 2u;
    const uint64_t pmask = bits_mask(cfg->pc_bits), lmask = bits_mask(cfg->lanes);
    /* IDX_W <= 12: every index is below PC_WARP_LUT_MAX_POOL */
    const uint64_t imask = bits_mask(bits_index_width(cfg->pool));
    const unsigned inv_valid = (unsigned)(in->inv_valid & 1u);
    const unsigned inv_idx = (unsigned)(in->inv_idx & imask);
    const unsigned a0 = (unsigned)(in->alloc_idx0 & imask), a1 = (unsigned)(in->alloc_idx1 & imask);
    const unsigned avail = (unsigned)(in->alloc_avail & 3u);
    const unsigned o0 = avail >= 1u, o1 = avail >= 2u; /* offered */
    const unsigned pool = cfg->pool;
    const unsigned v0 = (unsigned)(in->lk0_valid & 1u), v1 = (unsigned)(in->lk1_valid & 1u);
    const uint64_t pc0 = in->lk0_pc & pmask, pc1 = in->lk1_pc & pmask;
    const uint64_t req0 = in->lk0_req & lmask, req1 = in->lk1_req & lmask;
    /* the IDX comparators of every entry (the invalidation bypass, the
     * offered indices of IDX_IN_USE), through the owner map: the valid entry
     * holding a pool index, at most one (valid entries' IDXs are distinct) */
    const unsigned inv_own = s->owner[inv_idx] & (0u - inv_valid);
    unsigned err, same, way0, way1, new0, new1, need, fire;
    pwl_look k0, k1;

    /* illegal input, in priority order (every condition computed, no
     * short-circuit branch) */
    if (trust)
        err = PWL_ERR_NONE;
    else {
        const unsigned bad_avail = avail == 3u;
        const unsigned same_pc = v0 & v1 & (pc0 == pc1);
        const unsigned bad_req = (v0 & (req0 == 0u)) | (v1 & (req1 == 0u));
        const unsigned bad_idx = (inv_valid & (inv_idx >= pool)) | (o0 & (a0 >= pool)) |
                                 (o1 & (a1 >= pool));
        const unsigned in_use = (o0 & ((s->owner[a0] != 0u) | (inv_valid & (a0 == inv_idx)))) |
                                (o1 & ((s->owner[a1] != 0u) | (inv_valid & (a1 == inv_idx)) |
                                       (a0 == a1)));
        err = bad_avail   ? PWL_ERR_BAD_AVAIL
              : same_pc   ? PWL_ERR_SAME_PC
              : bad_req   ? PWL_ERR_BAD_REQ
              : bad_idx   ? PWL_ERR_BAD_IDX
              : in_use    ? PWL_ERR_IDX_IN_USE
                          : PWL_ERR_NONE;
    }

    /* tag compare in each lookup's set; ways: lk0's miss avoids lk1's hit
     * way, lk1's miss avoids lk0's way */
    /* an invalid lookup is not looked up: every port it drives reads 0
     * (they are gated by its valid), it writes nothing, and it takes no way
     * from the other one (`same` needs both valid) */
    memset(&k0, 0, sizeof k0);
    memset(&k1, 0, sizeof k1);
    if (v0)
        k0 = look(s, v0, pc0, sw, nbits, inv_own);
    if (v1)
        k1 = look(s, v1, pc1, sw, nbits, inv_own);
    same = v0 & v1 & (k0.set == k1.set);
    way0 = !v0 ? 0u : k0.hit ? k0.hitw : victim(k0.ev, s->lru[k0.set], same & k1.hit ? k1.hitw : 2u);
    way1 = !v1 ? 0u : k1.hit ? k1.hitw : victim(k1.ev, s->lru[k1.set], same ? way0 : 2u);
    /* a new warp: a conflict (hit, REQ & OCC != 0) or a miss */
    new0 = v0 && ((k0.hit ^ 1u) | ((req0 & s->occ[2u * k0.set + way0]) != 0u));
    new1 = v1 && ((k1.hit ^ 1u) | ((req1 & s->occ[2u * k1.set + way1]) != 0u));
    need = new0 + new1;
    out->err = err != PWL_ERR_NONE;
    out->err_code = err;
    out->ready = err != PWL_ERR_NONE || need <= avail;
    out->need_cnt = err ? 0u : need;
    fire = err == PWL_ERR_NONE && need <= avail;
    out->inv_hit = fire & (inv_own != 0u);
    d->fire = (uint8_t)fire;
    d->inv_own = (uint8_t)inv_own;

    /* each lookup: a join (hit, no lane conflict), a conflict (hit: the
     * entry's IDX moves to a new warp at the offered index) or a miss (the
     * entry is rewritten); the ports (0 unless it fires) and the entry as
     * the edge writes it (d->occ, d->idx) */
#define PWL_LOOKUP(J, P, V, K, WAY, REQ, PC, NEW, NIDX_)                          \
    do {                                                                         \
        const unsigned e = 2u * K.set + WAY, on = fire & V, NIDX = (NIDX_);      \
        if (!V) { /* its ports 0, its entry not written */                      \
            d->valid[J] = 0;                                                     \
            d->e[J] = 0;                                                         \
            d->pc[J] = 0;                                                        \
            d->occ[J] = 0;                                                       \
            d->idx[J] = 0;                                                       \
            out->P##_hit = out->P##_conflict = out->P##_evict = 0;               \
            out->P##_set = out->P##_way = out->P##_join_mask = 0;                \
            out->P##_join_idx = out->P##_new = out->P##_new_mask = 0;            \
            out->P##_new_idx = 0;                                                \
            break;                                                               \
        }                                                                        \
        const uint64_t occ = s->occ[e], both = REQ & occ;                        \
        const uint64_t nmask = K.hit ? both : REQ;                               \
        const uint64_t m = (uint64_t)0 - on; /* the ports read 0 unless on */    \
        const unsigned idx = s->idx[e];                                          \
        d->valid[J] = (uint8_t)V;                                                \
        d->e[J] = (uint8_t)e;                                                    \
        d->pc[J] = PC;                                                           \
        d->occ[J] = NEW ? nmask : occ | REQ;                                     \
        d->idx[J] = (uint16_t)(NEW ? NIDX : idx);                                \
        out->P##_hit = on & K.hit;                                               \
        out->P##_conflict = on & K.hit & NEW;                                    \
        out->P##_evict = on & (K.hit ^ 1u) & K.ev[WAY & 1u];                     \
        out->P##_set = K.set & m;                                                \
        out->P##_way = WAY & m;                                                  \
        out->P##_join_mask = REQ & ~occ & m & ((uint64_t)0 - K.hit);             \
        out->P##_join_idx = idx & m & ((uint64_t)0 - K.hit);                     \
        out->P##_new = on & NEW;                                                 \
        out->P##_new_mask = nmask & m;                                           \
        out->P##_new_idx = NIDX & m & ((uint64_t)0 - NEW);                       \
    } while (0)
    PWL_LOOKUP(0, lk0, v0, k0, way0, req0, pc0, new0, a0);
    PWL_LOOKUP(1, lk1, v1, k1, way1, req1, pc1, new1, new0 ? a1 : a0);
#undef PWL_LOOKUP
}

void pc_warp_lut_eval(const pc_warp_lut_cfg *cfg, const pc_warp_lut_state *s,
                      const pc_warp_lut_in *in, pc_warp_lut_out *out)
{
    /* ENTRIES is a power of two: every rd_entry the port carries is an entry */
    const unsigned re = (unsigned)(in->rd_entry & (cfg->entries - 1u));

    decide(cfg, s, in, out, 0);
    out->rd_valid = s->valid[re];
    out->rd_pc = s->pc[re];
    out->rd_occ = s->occ[re];
    out->rd_idx = s->idx[re];
    out->rd_lru = s->lru[re / 2u];
}

void pc_warp_lut_eval_lean(const pc_warp_lut_cfg *cfg, const pc_warp_lut_state *s,
                           const pc_warp_lut_in *in, pc_warp_lut_out *out)
{
    decide(cfg, s, in, out, 1);
}

int pc_warp_lut_lean_same(const pc_warp_lut_out *a, const pc_warp_lut_out *b)
{
    const pc_warp_lut_dec *d = &a->dec, *e = &b->dec;
    return !memcmp(a, b, offsetof(pc_warp_lut_out, rd_valid)) && d->fire == e->fire &&
           d->inv_own == e->inv_own && !memcmp(d->valid, e->valid, sizeof d->valid) &&
           !memcmp(d->e, e->e, sizeof d->e) && !memcmp(d->idx, e->idx, sizeof d->idx) &&
           !memcmp(d->occ, e->occ, sizeof d->occ) && !memcmp(d->pc, e->pc, sizeof d->pc);
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
    unsigned j;
    (void)cfg;
    (void)in;
    if (!d->fire)
        return;
    /* the issued warp's entry goes invalid; a lookup's write below wins */
    if (d->inv_own != 0u) {
        s->valid[d->inv_own - 1u] = 0;
        unown(s, d->inv_own - 1u);
    }
    /* each lookup writes its entry whole (a join rewrites its own pc and
     * IDX: no change but OCC); the entry's old IDX is released first */
    for (j = 0; j < 2u; j++) {
        const unsigned e = d->e[j];
        if (!d->valid[j])
            continue;
        if (s->valid[e])
            unown(s, e);
        s->valid[e] = 1;
        s->pc[e] = d->pc[j];
        s->occ[e] = d->occ[j];
        s->idx[e] = d->idx[j];
        s->owner[d->idx[j]] = (uint8_t)(e + 1u);
    }
    for (j = 0; j < 2u; j++) /* the set's LRU bit points away: lk1 after lk0 */
        if (d->valid[j])
            s->lru[d->e[j] >> 1] = (uint8_t)((d->e[j] & 1u) ^ 1u);
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
    /* every valid entry's IDX holds its owner byte, e + 1 (above): when the
     * whole map sums to those bytes, every other byte is 0 and there is
     * nothing more to look at (one pass with no branch: the check runs
     * every cycle of build/simt --mech dwf under --check; docs/bench.md,
     * "The invariant checks' cost") */
    uint64_t owned = 0;
    for (e = 0; e < cfg->entries; e++)
        owned += s->valid[e] ? e + 1u : 0u;
    const int others = bits_bytes_sum(s->owner, PC_WARP_LUT_MAX_POOL) != owned;
    for (e = 0; others && e < PC_WARP_LUT_MAX_POOL; e++) {
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
