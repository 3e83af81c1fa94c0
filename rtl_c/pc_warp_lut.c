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

const struct param_table pc_warp_lut_params = {"pc_warp_lut", pc_warp_lut_param_defs,
    sizeof pc_warp_lut_param_defs / sizeof pc_warp_lut_param_defs[0], NULL};

pc_warp_lut_cfg pc_warp_lut_default_cfg(void)
{
    pc_warp_lut_cfg c;
    params_default(&pc_warp_lut_params, &c);
    return c;
}

const char *pc_warp_lut_cfg_check(const pc_warp_lut_cfg *cfg)
{
    return params_check(&pc_warp_lut_params, cfg);
}


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
    unsigned sw = pc_warp_lut_set_w(cfg), i, h = 0;
    pc = bits_trunc(pc, cfg->pc_bits);
    for (i = 2; i < cfg->pc_bits; i++)
        h ^= bits_get(pc, i) << ((i - 2u) % sw);
    return h;
}

void pc_warp_lut_reset(const pc_warp_lut_cfg *cfg, pc_warp_lut_state *s)
{
    (void)cfg;
    memset(s, 0, sizeof *s);
}

/* One cycle's decision: everything the outputs and the clock edge need. */
typedef struct {
    unsigned err_code;
    unsigned need, ready;
    unsigned inv_match[PC_WARP_LUT_MAX_ENTRIES]; /* valid && IDX == inv_idx */
    unsigned inv_hit;
    unsigned valid[2], set[2], way[2], hit[2], conflict[2], evict[2], is_new[2];
    uint64_t join_mask[2], new_mask[2];
    unsigned join_idx[2], new_idx[2];
} pwl_dec;

/* Inputs truncated to their port widths, as the RTL sees them. */
static pc_warp_lut_in port_view(const pc_warp_lut_cfg *cfg, const pc_warp_lut_in *in)
{
    pc_warp_lut_in v;
    unsigned iw = pc_warp_lut_idx_w(cfg);
    v.lk0_valid = bits_trunc(in->lk0_valid, 1);
    v.lk0_pc = bits_trunc(in->lk0_pc, cfg->pc_bits);
    v.lk0_req = bits_trunc(in->lk0_req, cfg->lanes);
    v.lk1_valid = bits_trunc(in->lk1_valid, 1);
    v.lk1_pc = bits_trunc(in->lk1_pc, cfg->pc_bits);
    v.lk1_req = bits_trunc(in->lk1_req, cfg->lanes);
    v.alloc_idx0 = bits_trunc(in->alloc_idx0, iw);
    v.alloc_idx1 = bits_trunc(in->alloc_idx1, iw);
    v.alloc_avail = bits_trunc(in->alloc_avail, 2);
    v.inv_valid = bits_trunc(in->inv_valid, 1);
    v.inv_idx = bits_trunc(in->inv_idx, iw);
    v.rd_entry = bits_trunc(in->rd_entry, pc_warp_lut_ent_w(cfg));
    return v;
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

static void decide(const pc_warp_lut_cfg *cfg, const pc_warp_lut_state *s,
                   const pc_warp_lut_in *in, pwl_dec *d)
{
    unsigned e, j, w;
    const uint64_t pc[2] = {in->lk0_pc, in->lk1_pc};
    const uint64_t req[2] = {in->lk0_req, in->lk1_req};
    unsigned ev[2][2], hitw[2];
    unsigned live0 = 0, live1 = 0;

    memset(d, 0, sizeof *d);
    d->valid[0] = (unsigned)in->lk0_valid;
    d->valid[1] = (unsigned)in->lk1_valid;
    for (e = 0; e < cfg->entries; e++) {
        d->inv_match[e] = s->valid[e] && in->inv_valid && s->idx[e] == in->inv_idx;
        d->inv_hit |= d->inv_match[e];
        if (s->valid[e] && in->alloc_avail >= 1u && s->idx[e] == in->alloc_idx0)
            live0 = 1;
        if (s->valid[e] && in->alloc_avail >= 2u && s->idx[e] == in->alloc_idx1)
            live1 = 1;
    }
    /* illegal input, in priority order */
    if (in->alloc_avail == 3u)
        d->err_code = PWL_ERR_BAD_AVAIL;
    else if (d->valid[0] && d->valid[1] && pc[0] == pc[1])
        d->err_code = PWL_ERR_SAME_PC;
    else if ((d->valid[0] && req[0] == 0u) || (d->valid[1] && req[1] == 0u))
        d->err_code = PWL_ERR_BAD_REQ;
    else if ((in->inv_valid && in->inv_idx >= cfg->pool) ||
             (in->alloc_avail >= 1u && in->alloc_idx0 >= cfg->pool) ||
             (in->alloc_avail >= 2u && in->alloc_idx1 >= cfg->pool))
        d->err_code = PWL_ERR_BAD_IDX;
    else if (live0 || live1 ||
             (in->alloc_avail >= 1u && in->inv_valid && in->alloc_idx0 == in->inv_idx) ||
             (in->alloc_avail >= 2u && in->inv_valid && in->alloc_idx1 == in->inv_idx) ||
             (in->alloc_avail >= 2u && in->alloc_idx0 == in->alloc_idx1))
        d->err_code = PWL_ERR_IDX_IN_USE;

    /* tag compare in each lookup's set, with the invalidation bypassed */
    for (j = 0; j < 2u; j++) {
        d->set[j] = pc_warp_lut_hash(cfg, pc[j]);
        hitw[j] = 2;
        for (w = 2; w-- > 0;) { /* way 0 wins (never two by the invariants) */
            e = d->set[j] * 2u + w;
            ev[j][w] = s->valid[e] && !d->inv_match[e];
            if (ev[j][w] && s->pc[e] == pc[j])
                hitw[j] = w;
        }
        d->hit[j] = d->valid[j] && hitw[j] < 2u;
    }
    /* ways: lk0's miss avoids lk1's hit way; lk1's miss avoids lk0's way */
    {
        unsigned same = d->valid[0] && d->valid[1] && d->set[0] == d->set[1];
        unsigned prot0 = same && d->hit[1] ? hitw[1] : 2u;
        unsigned prot1;
        d->way[0] = d->hit[0] ? hitw[0] : victim(ev[0], s->lru[d->set[0]], prot0);
        prot1 = same ? d->way[0] : 2u;
        d->way[1] = d->hit[1] ? hitw[1] : victim(ev[1], s->lru[d->set[1]], prot1);
    }
    for (j = 0; j < 2u; j++) {
        if (!d->valid[j])
            continue;
        e = d->set[j] * 2u + d->way[j];
        if (d->hit[j]) {
            uint64_t both = req[j] & s->occ[e];
            d->conflict[j] = both != 0u;
            d->join_mask[j] = req[j] & ~s->occ[e];
            d->join_idx[j] = s->idx[e];
            d->new_mask[j] = both;
            d->is_new[j] = d->conflict[j];
        } else {
            d->evict[j] = ev[j][d->way[j]];
            d->new_mask[j] = req[j];
            d->is_new[j] = 1;
        }
    }
    d->need = d->is_new[0] + d->is_new[1];
    d->new_idx[0] = (unsigned)in->alloc_idx0;
    d->new_idx[1] = (unsigned)(d->is_new[0] ? in->alloc_idx1 : in->alloc_idx0);
    d->ready = d->err_code != PWL_ERR_NONE || d->need <= in->alloc_avail;
}

void pc_warp_lut_eval(const pc_warp_lut_cfg *cfg, const pc_warp_lut_state *s,
                      const pc_warp_lut_in *in_raw, pc_warp_lut_out *out)
{
    pc_warp_lut_in in = port_view(cfg, in_raw);
    pwl_dec d;
    unsigned fire, re = (unsigned)in.rd_entry;

    decide(cfg, s, &in, &d);
    memset(out, 0, sizeof *out);
    out->err = d.err_code != PWL_ERR_NONE;
    out->err_code = d.err_code;
    out->ready = d.ready;
    out->need_cnt = out->err ? 0u : d.need;
    fire = !out->err && d.ready;
    if (fire) {
        if (d.valid[0]) {
            out->lk0_hit = d.hit[0];
            out->lk0_conflict = d.conflict[0];
            out->lk0_evict = d.evict[0];
            out->lk0_set = d.set[0];
            out->lk0_way = d.way[0];
            out->lk0_join_mask = d.join_mask[0];
            out->lk0_join_idx = d.join_idx[0];
            out->lk0_new = d.is_new[0];
            out->lk0_new_mask = d.new_mask[0];
            out->lk0_new_idx = d.is_new[0] ? d.new_idx[0] : 0u;
        }
        if (d.valid[1]) {
            out->lk1_hit = d.hit[1];
            out->lk1_conflict = d.conflict[1];
            out->lk1_evict = d.evict[1];
            out->lk1_set = d.set[1];
            out->lk1_way = d.way[1];
            out->lk1_join_mask = d.join_mask[1];
            out->lk1_join_idx = d.join_idx[1];
            out->lk1_new = d.is_new[1];
            out->lk1_new_mask = d.new_mask[1];
            out->lk1_new_idx = d.is_new[1] ? d.new_idx[1] : 0u;
        }
        out->inv_hit = d.inv_hit;
    }
    if (re < cfg->entries) {
        out->rd_valid = s->valid[re];
        out->rd_pc = s->pc[re];
        out->rd_occ = s->occ[re];
        out->rd_idx = s->idx[re];
        out->rd_lru = s->lru[re / 2u];
    }
}

void pc_warp_lut_step(const pc_warp_lut_cfg *cfg, pc_warp_lut_state *s,
                      const pc_warp_lut_in *in_raw)
{
    pc_warp_lut_in in = port_view(cfg, in_raw);
    const uint64_t pc[2] = {in.lk0_pc, in.lk1_pc};
    const uint64_t req[2] = {in.lk0_req, in.lk1_req};
    pwl_dec d;
    unsigned e, j;

    decide(cfg, s, &in, &d);
    if (d.err_code != PWL_ERR_NONE || !d.ready)
        return;
    /* the issued warp's entry goes invalid; a lookup's write below wins */
    for (e = 0; e < cfg->entries; e++)
        if (d.inv_match[e])
            s->valid[e] = 0;
    for (j = 0; j < 2u; j++) {
        if (!d.valid[j])
            continue;
        e = d.set[j] * 2u + d.way[j];
        if (d.hit[j] && !d.conflict[j]) {
            s->occ[e] |= req[j];
        } else if (d.hit[j]) {
            s->occ[e] = d.new_mask[j];
            s->idx[e] = (uint16_t)d.new_idx[j];
        } else {
            s->valid[e] = 1;
            s->pc[e] = pc[j];
            s->occ[e] = req[j];
            s->idx[e] = (uint16_t)d.new_idx[j];
        }
        s->lru[d.set[j]] = (uint8_t)(d.way[j] ^ 1u); /* lk1 after lk0 */
    }
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
