/* SPDX-License-Identifier: Apache-2.0 */
/*
 * swi_sched.c -- SWI cascaded primary/secondary schedulers (001 sec. 4).
 * Behaviour, timing, choices and departures are documented in swi_sched.h;
 * verilog/swi_sched.v makes the same decision the same way.
 */
#include "swi_sched.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "bits.h"
#include "../vcd/vcd.h"

static const struct param_def swi_sched_param_defs[] = {
    {"SETS", "sets", offsetof(swi_sched_cfg, sets), 1, 64, 4, PARAM_POW2},
    {"WAYS", "ways", offsetof(swi_sched_cfg, ways), 1, 64, 6, 0},
    {"LANES", "lanes", offsetof(swi_sched_cfg, lanes), 1, 64, 32, 0},
    {"PC_W", "pc_w", offsetof(swi_sched_cfg, pc_w), 1, 64, 32, 0},
};

static const char *swi_sched_rules(const void *p)
{
    const swi_sched_cfg *cfg = (const swi_sched_cfg *)p;
    if (cfg->sets * cfg->ways > SWI_SCHED_MAX_WARPS)
        return "swi_sched: SETS * WAYS (the number of warps) must be at most 64";
    return NULL;
}

/* swi_sched_params, swi_sched_default_cfg() and swi_sched_cfg_check() */
PARAM_TABLE(swi_sched, swi_sched_rules)

unsigned swi_sched_warps(const swi_sched_cfg *cfg) { return cfg->sets * cfg->ways; }
unsigned swi_sched_wid_w(const swi_sched_cfg *cfg) { return bits_index_width(swi_sched_warps(cfg)); }

uint64_t swi_sched_lfsr_next(uint64_t q)
{
    uint64_t fb = ((q >> 15) ^ (q >> 13) ^ (q >> 12) ^ (q >> 10)) & 1u;
    return ((q << 1) | fb) & 0xFFFFu;
}

uint64_t swi_sched_lfsr_ahead(uint64_t q, uint64_t n)
{
    /* the step is linear over GF(2) on 16 bits, of period 2^16 - 1: pw[k]
     * holds the images of the 16 unit states after 2^k steps */
    static uint16_t pw[16][16];
    static int built;
    if (!built) {
        for (unsigned j = 0; j < 16; j++)
            pw[0][j] = (uint16_t)swi_sched_lfsr_next(1ull << j);
        for (unsigned k = 1; k < 16; k++)
            for (unsigned j = 0; j < 16; j++) {
                uint16_t v = 0;
                for (uint16_t x = pw[k - 1][j]; x; x &= (uint16_t)(x - 1))
                    v ^= pw[k - 1][bits_ffs(x)];
                pw[k][j] = v;
            }
        built = 1;
    }
    n %= 65535u;
    for (unsigned k = 0; n; k++, n >>= 1)
        if (n & 1u) {
            uint64_t v = 0;
            for (uint64_t x = q & 0xFFFFu; x; x &= x - 1)
                v ^= pw[k][bits_ffs(x)];
            q = v;
        }
    return q;
}

uint64_t swi_sched_set_members(const swi_sched_cfg *cfg, unsigned p, int sub)
{
    unsigned n = swi_sched_warps(cfg), set = (p + 1u) & (cfg->sets - 1u), span;
    uint64_t m = 1;
    if (sub)
        return bits_mask(n);
    /* the warps w = set + j SETS (SETS a power of two, so p mod SETS is
     * p's low bits): one bit every SETS bits, doubled up to WARPS */
    for (span = cfg->sets; span < n; span *= 2u)
        m |= m << span;
    return (m & bits_mask(n - set)) << set;
}

unsigned swi_sched_best_fit(const swi_sched_cfg *cfg, const swi_sched_state *s, uint64_t cand,
                            uint64_t free_lanes, int alt, unsigned r)
{
    unsigned w, best = 0;
    uint64_t fits = 0, same = 0, tie = 0, c;
    /* over the candidates' bits only (the entries below WARPS): an entry
     * fits in I1's group when its mask is within the free lanes, in the
     * other group (alt) whatever its mask; tie: the fits of the most lanes
     * so far (the max tree and the equality terms, in one pass) */
    for (c = cand & bits_mask(swi_sched_warps(cfg)); c; c &= c - 1u) {
        w = bits_ffs(c);
        int in_same = bits_subset(s->mask_q[w], free_lanes);
        if (in_same || alt) {
            unsigned f = bits_popcount(s->mask_q[w]);
            fits |= (uint64_t)1 << w;
            same |= (uint64_t)in_same << w;
            if (f > best) {
                best = f;
                tie = 0;
            }
            if (f == best)
                tie |= (uint64_t)1 << w;
        }
    }
    if (fits == 0u)
        return 64u;
    if ((tie & same) != 0u) /* among equal fits, I1's group first */
        tie &= same;
    if ((tie & ~bits_mask(r)) != 0u)
        return bits_ffs(tie & ~bits_mask(r));
    return bits_ffs(tie);
}

uint64_t swi_sched_has_older(const swi_sched_cfg *cfg, const swi_sched_state *s, uint64_t cand)
{
    unsigned w;
    uint64_t m = 0, c;
    /* m & cand: only the candidates' rows matter */
    for (c = cand & bits_mask(swi_sched_warps(cfg)); c; c &= c - 1u) {
        w = bits_ffs(c);
        if ((s->age_q[w] & cand) != 0u)
            m |= (uint64_t)1 << w;
    }
    return m;
}

/* One write port's check (the picks of this cycle in out). */
static unsigned fill_err(const swi_sched_cfg *cfg, const swi_sched_state *s,
                         const swi_sched_out *out, uint64_t fw, uint64_t mask)
{
    if (fw >= swi_sched_warps(cfg))
        return SWI_SCHED_ERR_WARP;
    if (bits_get(s->v_q, (unsigned)fw) && !(out->p_valid && out->p_warp == fw) &&
        !(out->i2_valid && out->i2_warp == fw))
        return SWI_SCHED_ERR_BUSY;
    return mask == 0u ? SWI_SCHED_ERR_EMPTY : SWI_SCHED_ERR_NONE;
}

/* Writes entry f (the age row `older`: the entries older than it). */
static void fill_entry(const swi_sched_cfg *cfg, swi_sched_state *s, unsigned f, uint64_t older,
                       uint64_t pc, uint64_t mask)
{
    unsigned w, n = swi_sched_warps(cfg);
    for (w = 0; w < n; w++)
        s->age_q[w] &= ~((uint64_t)1 << f);
    s->age_q[f] = older & ~((uint64_t)1 << f); /* a refilled entry is not older than itself */
    s->v_q |= (uint64_t)1 << f;
    s->pc_q[f] = bits_trunc(pc, cfg->pc_w);
    s->mask_q[f] = bits_trunc(mask, cfg->lanes);
}

void swi_sched_reset(const swi_sched_cfg *cfg, swi_sched_state *s)
{
    (void)cfg;
    memset(s, 0, sizeof *s);
    s->lfsr_q = SWI_SCHED_LFSR_SEED;
}

/* The picks of a cycle (every output but err, act HOLD and nx_go): the
 * primary's, the stage's I1, the secondary's I2.  They read no fill input
 * (the ready bits only). */
static void picks(const swi_sched_cfg *cfg, const swi_sched_state *s, const swi_sched_in *in,
                  swi_sched_out *out)
{
    unsigned n = swi_sched_warps(cfg), ww = swi_sched_wid_w(cfg), w;
    uint64_t all = bits_mask(n), lanes = bits_mask(cfg->lanes);
    uint64_t ready = bits_trunc(in->ready, n);
    uint64_t cand = s->v_q & ready & all, cand2, members, free_lanes, c;
    unsigned r, x;
    int live, alt;

    memset(out, 0, sizeof *out);
    /* primary: the oldest ready valid entry (the lowest, over cand's bits) */
    for (c = cand; c; c &= c - 1u) {
        w = bits_ffs(c);
        if ((s->age_q[w] & cand) == 0u) {
            out->p_valid = 1;
            out->p_warp = w;
            break;
        }
    }
    /* the stage issues I1 */
    live = s->s_v_q && s->s_mask_q != 0u;
    alt = live && bits_trunc(in->alt_free, 1); /* (without a live I1: GROUP, fills()) */
    if (s->s_v_q) {
        out->i1_valid = 1;
        out->i1_warp = s->s_warp_q;
        out->i1_pc = s->s_pc_q;
        out->i1_mask = s->s_mask_q;
    }
    /* secondary: best fit in the set of the stage's warp (or anywhere) */
    members = swi_sched_set_members(cfg, (unsigned)s->s_warp_q, !live);
    free_lanes = live ? lanes & ~s->s_mask_q : lanes;
    cand2 = cand & members;
    if (!live) /* the substitute leaves the primary's pick alone */
        cand2 &= swi_sched_has_older(cfg, s, cand);
    if (s->s_v_q)
        cand2 &= ~((uint64_t)1 << s->s_warp_q);
    r = (unsigned)bits_trunc(s->lfsr_q, ww);
    if (r >= n)
        r -= n;
    x = swi_sched_best_fit(cfg, s, cand2, free_lanes, alt, r);
    if (x < 64u) {
        out->i2_valid = 1;
        out->i2_warp = x;
        out->i2_pc = s->pc_q[x];
        out->i2_mask = s->mask_q[x];
        out->i2_alt = !bits_subset(s->mask_q[x], free_lanes); /* only when alt */
        out->conflict = out->p_valid && out->p_warp == x;
    }
    if (live)
        out->act = !out->i2_valid ? SWI_SCHED_ACT_SOLO
                   : out->i2_alt  ? SWI_SCHED_ACT_ALT
                                  : SWI_SCHED_ACT_PAIR;
    else if (out->i2_valid)
        out->act = SWI_SCHED_ACT_SUBST;
    else
        out->act = s->s_v_q ? SWI_SCHED_ACT_NONE_SUB : SWI_SCHED_ACT_IDLE;
}

/* The fill check on the picks in out (after them: they read no fill
 * input): an entry may be written when it is empty or leaves the buffer
 * this cycle (the primary's pick or I2), read and rewritten at the same
 * edge.  An illegal fill holds the cycle (err, every pick dropped). */
static void fills(const swi_sched_cfg *cfg, const swi_sched_state *s, const swi_sched_in *in,
                  swi_sched_out *out)
{
    unsigned ww = swi_sched_wid_w(cfg), err = SWI_SCHED_ERR_NONE;
    uint64_t fw = bits_trunc(in->fill_warp, ww);
    if (bits_trunc(in->alt_free, 1) && !(s->s_v_q && s->s_mask_q != 0u))
        err = SWI_SCHED_ERR_GROUP; /* another group than I1's, with no live I1 */
    else if (bits_trunc(in->fill_valid, 1))
        err = fill_err(cfg, s, out, fw, bits_trunc(in->fill_mask, cfg->lanes));
    if (err == SWI_SCHED_ERR_NONE && bits_trunc(in->fill2_valid, 1)) {
        uint64_t f2 = bits_trunc(in->fill2_warp, ww);
        err = fill_err(cfg, s, out, f2, bits_trunc(in->fill2_mask, cfg->lanes));
        if (err == SWI_SCHED_ERR_NONE && bits_trunc(in->fill_valid, 1) && f2 == fw)
            err = SWI_SCHED_ERR_BUSY; /* both ports into one entry */
    }
    if (err != SWI_SCHED_ERR_NONE) {
        memset(out, 0, sizeof *out);
        out->err = 1;
        out->err_code = err;
        out->act = SWI_SCHED_ACT_HOLD;
        return;
    }
    out->nx_go = 1;
}

void swi_sched_eval(const swi_sched_cfg *cfg, const swi_sched_state *s, const swi_sched_in *in,
                    swi_sched_out *out)
{
    picks(cfg, s, in, out);
    fills(cfg, s, in, out);
}

void swi_sched_refill(const swi_sched_cfg *cfg, const swi_sched_state *s,
                      const swi_sched_in *in, swi_sched_out *out)
{
    if (out->err) /* its picks were dropped: decide again */
        picks(cfg, s, in, out);
    fills(cfg, s, in, out);
}

void swi_sched_step(const swi_sched_cfg *cfg, swi_sched_state *s, const swi_sched_in *in,
                    const swi_sched_out *out)
{
    unsigned ww = swi_sched_wid_w(cfg), f1 = 64u;
    uint64_t v0 = s->v_q;
    if (!out->nx_go)
        return;
    if (out->i2_valid)
        s->v_q &= ~((uint64_t)1 << out->i2_warp);
    s->s_v_q = out->p_valid;
    if (out->p_valid) {
        unsigned p = (unsigned)out->p_warp;
        s->v_q &= ~((uint64_t)1 << p);
        s->s_warp_q = p;
        s->s_pc_q = s->pc_q[p];
        s->s_mask_q = out->conflict ? 0u : s->mask_q[p];
    } else {
        s->s_warp_q = 0;
        s->s_pc_q = 0;
        s->s_mask_q = 0;
    }
    if (bits_trunc(in->fill_valid, 1)) {
        f1 = (unsigned)bits_trunc(in->fill_warp, ww);
        fill_entry(cfg, s, f1, v0, in->fill_pc, in->fill_mask);
    }
    if (bits_trunc(in->fill2_valid, 1)) /* younger than fill's entry */
        fill_entry(cfg, s, (unsigned)bits_trunc(in->fill2_warp, ww),
                   v0 | (f1 < 64u ? (uint64_t)1 << f1 : 0u), in->fill2_pc, in->fill2_mask);
    s->lfsr_q = swi_sched_lfsr_next(s->lfsr_q);
}

const char *swi_sched_check(const swi_sched_cfg *cfg, const swi_sched_state *s)
{
    static char msg[160];
    unsigned n = swi_sched_warps(cfg), i, j;
    if (!bits_subset(s->v_q, bits_mask(n)) || s->s_v_q > 1u ||
        !bits_subset(s->s_mask_q, bits_mask(cfg->lanes)) || s->s_warp_q >= n ||
        s->lfsr_q == 0u || s->lfsr_q > 0xFFFFu)
        return "swi_sched: a register holds an impossible value";
    if (!s->s_v_q && (s->s_warp_q | s->s_pc_q | s->s_mask_q))
        return "swi_sched: empty stage with a non-zero payload";
    for (i = 0; i < n; i++) {
        if (!bits_subset(s->age_q[i], bits_mask(n)) || bits_get(s->age_q[i], i))
            return "swi_sched: age row beyond WARPS or an entry older than itself";
        if (!bits_get(s->v_q, i))
            continue;
        if (s->mask_q[i] == 0u || !bits_subset(s->mask_q[i], bits_mask(cfg->lanes)) ||
            !bits_subset(s->pc_q[i], bits_mask(cfg->pc_w))) {
            snprintf(msg, sizeof msg, "swi_sched: valid entry %u has an empty or wide mask/pc", i);
            return msg;
        }
        for (j = 0; j < n; j++)
            if (j != i && bits_get(s->v_q, j) &&
                bits_get(s->age_q[i], j) == bits_get(s->age_q[j], i)) {
                snprintf(msg, sizeof msg, "swi_sched: entries %u and %u not ordered by age", i, j);
                return msg;
            }
    }
    return NULL;
}

void swi_sched_ports(const swi_sched_cfg *cfg, const swi_sched_in *in, const swi_sched_out *out,
                     port_visit_fn visit, void *ctx)
{
    unsigned n = swi_sched_warps(cfg), ww = swi_sched_wid_w(cfg);
    visit(ctx, "ready", n, &in->ready, PORT_IN);
    visit(ctx, "fill_valid", 1, &in->fill_valid, PORT_IN);
    visit(ctx, "fill_warp", ww, &in->fill_warp, PORT_IN);
    visit(ctx, "fill_pc", cfg->pc_w, &in->fill_pc, PORT_IN);
    visit(ctx, "fill_mask", cfg->lanes, &in->fill_mask, PORT_IN);
    visit(ctx, "fill2_valid", 1, &in->fill2_valid, PORT_IN);
    visit(ctx, "fill2_warp", ww, &in->fill2_warp, PORT_IN);
    visit(ctx, "fill2_pc", cfg->pc_w, &in->fill2_pc, PORT_IN);
    visit(ctx, "fill2_mask", cfg->lanes, &in->fill2_mask, PORT_IN);
    visit(ctx, "alt_free", 1, &in->alt_free, PORT_IN);
    visit(ctx, "i1_valid", 1, &out->i1_valid, PORT_OUT);
    visit(ctx, "i1_warp", ww, &out->i1_warp, PORT_OUT);
    visit(ctx, "i1_pc", cfg->pc_w, &out->i1_pc, PORT_OUT);
    visit(ctx, "i1_mask", cfg->lanes, &out->i1_mask, PORT_OUT);
    visit(ctx, "i2_valid", 1, &out->i2_valid, PORT_OUT);
    visit(ctx, "i2_warp", ww, &out->i2_warp, PORT_OUT);
    visit(ctx, "i2_pc", cfg->pc_w, &out->i2_pc, PORT_OUT);
    visit(ctx, "i2_mask", cfg->lanes, &out->i2_mask, PORT_OUT);
    visit(ctx, "i2_alt", 1, &out->i2_alt, PORT_OUT);
    visit(ctx, "p_valid", 1, &out->p_valid, PORT_OUT);
    visit(ctx, "p_warp", ww, &out->p_warp, PORT_OUT);
    visit(ctx, "conflict", 1, &out->conflict, PORT_OUT);
    visit(ctx, "err", 1, &out->err, PORT_OUT);
    visit(ctx, "err_code", 3, &out->err_code, PORT_OUT);
    visit(ctx, "act", 3, &out->act, PORT_OUT);
}

void swi_sched_trace(struct vcd_writer *w, const swi_sched_cfg *cfg, const swi_sched_state *s,
                     const swi_sched_in *in, const swi_sched_out *out)
{
    unsigned n = swi_sched_warps(cfg);
    swi_sched_ports(cfg, in, out, vcd_port, w);
    vcd_scope(w, "state");
    vcd_sig(w, "v_q", n, s->v_q);
    vcd_sig(w, "s_v_q", 1, s->s_v_q);
    vcd_sig(w, "s_warp_q", swi_sched_wid_w(cfg), s->s_warp_q);
    vcd_sig(w, "s_pc_q", cfg->pc_w, s->s_pc_q);
    vcd_sig(w, "s_mask_q", cfg->lanes, s->s_mask_q);
    vcd_sig(w, "lfsr_q", 16, s->lfsr_q);
    vcd_upscope(w);
}

const char *swi_sched_err_name(unsigned code)
{
    static const char *const names[] = {"NONE", "BUSY", "EMPTY", "WARP", "GROUP"};
    return code < sizeof names / sizeof names[0] ? names[code] : "?";
}

const char *swi_sched_act_name(unsigned act)
{
    static const char *const names[] = {"IDLE", "SOLO", "PAIR", "SUBST", "NONE_SUB", "HOLD",
                                         "ALT"};
    return act < sizeof names / sizeof names[0] ? names[act] : "?";
}
