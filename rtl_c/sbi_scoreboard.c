/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sbi_scoreboard.c -- the SBI dependency-matrix scoreboard (001 sec. 3.4).
 * Behaviour, timing, choices and departures are documented in
 * sbi_scoreboard.h; verilog/sbi_scoreboard.v makes the same decision the
 * same way.
 */
#include "sbi_scoreboard.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "bits.h"
#include "../vcd/vcd.h"

static const struct param_def sbi_scoreboard_param_defs[] = {
    {"WARPS", "warps", offsetof(sbi_scoreboard_cfg, warps), 1, SBI_SB_MAX_WARPS, 24, 0},
    {"DEPTH", "depth", offsetof(sbi_scoreboard_cfg, depth), 1, SBI_SB_MAX_DEPTH, 6, 0},
    {"REG_W", "reg_w", offsetof(sbi_scoreboard_cfg, reg_w), 1, 8, 6, 0},
    {"NDST", "ndst", offsetof(sbi_scoreboard_cfg, ndst), 1, SBI_SB_MAX_NDST, 1, 0},
    {"QREGS", "qregs", offsetof(sbi_scoreboard_cfg, qregs), 1, SBI_SB_MAX_QREGS, 4, 0},
};

/* sbi_scoreboard_params, sbi_scoreboard_default_cfg() and sbi_scoreboard_cfg_check() */
PARAM_TABLE(sbi_scoreboard, NULL)

unsigned sbi_scoreboard_warp_w(const sbi_scoreboard_cfg *cfg) { return bits_index_width(cfg->warps); }
unsigned sbi_scoreboard_pos_w(const sbi_scoreboard_cfg *cfg) { return bits_index_width(cfg->depth); }

sbi_scoreboard_storage sbi_scoreboard_bits(const sbi_scoreboard_cfg *cfg)
{
    sbi_scoreboard_storage st;
    st.matrix_bits = 6;
    st.entry_bits = 2u * (1u + cfg->ndst * cfg->reg_w) + st.matrix_bits;
    st.rows = cfg->warps;
    st.row_bits = cfg->depth * st.entry_bits;
    st.base_pools = 2;
    st.base_rows = cfg->warps;
    st.base_row_bits = cfg->depth * (1u + cfg->ndst * cfg->reg_w);
    return st;
}

/* Row k of a 9-bit D, copied into both 3-bit rows of a 6-bit M. */
static inline uint64_t sb_drow(uint64_t d, unsigned k)
{
    return ((d >> (3u * k)) & 7u) * 9u;
}

/* M (x) D with D given as its three rows (sb_drow): m[i][k] selects row k
 * of D into row i, both rows at once ((m >> k) & 9 holds m[0][k] at bit 0
 * and m[1][k] at bit 3; times 7 widens each to its row's three bits). */
static inline uint64_t sb_mul(uint64_t m, uint64_t r0, uint64_t r1, uint64_t r2)
{
    return (((m & 9u) * 7u) & r0) | ((((m >> 1) & 9u) * 7u) & r1) |
           ((((m >> 2) & 9u) * 7u) & r2);
}

uint64_t sbi_scoreboard_mul(uint64_t m, uint64_t d)
{
    return sb_mul(m, sb_drow(d, 0), sb_drow(d, 1), sb_drow(d, 2));
}

uint64_t sbi_scoreboard_dmat(const hct_cct_heap_cfg *hc, const hct_cct_heap_state *b,
                             const hct_cct_heap_in *in, const hct_cct_heap_out *out)
{
    unsigned w = out->d_warp, i, j;
    uint64_t lanes = bits_mask(hc->lanes);
    uint64_t a[2], n[2], x = bits_trunc(in->op_exit, hc->lanes), d = 0;
    unsigned up = out->d_cct == HCH_CCT_POP || out->d_cct == HCH_CCT_EXCH;
    a[0] = b->v1[w] ? b->m1[w] & lanes : 0u;
    a[1] = b->v2[w] ? b->m2[w] & lanes : 0u;
    n[0] = out->d_n1v ? out->d_n1m & lanes : 0u;
    n[1] = out->d_n2v ? out->d_n2m & lanes : 0u;
    for (i = 0; i < 2u; i++) {
        for (j = 0; j < 2u; j++)
            d |= (uint64_t)((a[i] & n[j]) != 0u) << (3u * i + j);
        d |= (uint64_t)((a[i] & ~x & ~(n[0] | n[1])) != 0u) << (3u * i + 2u);
    }
    for (j = 0; j < 2u; j++)
        d |= (uint64_t)((n[j] & ~(a[0] | a[1])) != 0u) << (6u + j);
    d |= (uint64_t)(b->hv[w] && !(up && !b->nv[b->head[w]])) << 8;
    return d;
}

void sbi_scoreboard_reset(const sbi_scoreboard_cfg *cfg, sbi_scoreboard_state *s)
{
    (void)cfg;
    memset(s, 0, sizeof *s);
}

/* The query registers as a set of register ids, both contexts in one
 * table (a decoder): bits 2r and 2r + 1 of the 512-bit `set` (words
 * set[r >> 5]) are 1 when a valid register of context 1, respectively
 * context 2, names register r.  Context c's register n (n < QREGS) is
 * field n of r[c-1] (REG_W bits each), valid when bit n of rv[c-1] is set
 * (rv[] holds no bit at or above QREGS). */
static void sb_query(uint64_t set[8], const uint64_t rv[2], const uint64_t r[2], unsigned reg_w)
{
    unsigned c, n;
    uint64_t v;
    for (n = 0; n < 8u; n++)
        set[n] = 0;
    for (c = 0; c < 2u; c++)
        for (v = rv[c]; v; v &= v - 1u) { /* the valid registers only */
            n = bits_ffs(v);
            const uint64_t id = (r[c] >> (n * reg_w)) & bits_mask(reg_w);
            set[id >> 5] |= (uint64_t)1 << (2u * (id & 31u) + c);
        }
}

/* Bits 0 and 1: register id r (below 256) is in context 1's, context 2's
 * query set. */
static inline uint64_t sb_in(const uint64_t set[8], uint64_t r)
{
    return (set[(r >> 5) & 7u] >> (2u * (r & 31u))) & 3u;
}

/* Bits 0 and 1: one of the NDST destination ids packed in dst (REG_W bits
 * each) is in context 1's, context 2's query set. */
static inline uint64_t sb_in_any(const uint64_t set[8], uint64_t dst, unsigned ndst,
                                 unsigned reg_w)
{
    uint64_t c = sb_in(set, dst & bits_mask(reg_w));
    unsigned n;
    for (n = 1; n < ndst; n++)
        c |= sb_in(set, bits_field(dst, n * reg_w, reg_w));
    return c;
}

void sbi_scoreboard_read(const sbi_scoreboard_cfg *cfg, const sbi_scoreboard_state *s,
                         uint64_t q_warp, uint64_t q1_rv, uint64_t q1_r, uint64_t q2_rv,
                         uint64_t q2_r, sbi_scoreboard_out *out)
{
    const unsigned D = cfg->depth, W = cfg->warps;
    const unsigned qw = (unsigned)(q_warp & bits_mask(bits_index_width(W)));
    const uint64_t qm = bits_mask(cfg->qregs);
    const uint64_t q1rv = q1_rv & qm, q2rv = q2_rv & qm;
    uint64_t dep1 = 0, dep2 = 0;
    unsigned k;
    /* read port: the dependency masks of the two contexts' instructions.
     * Every entry of warp q_warp at once: the NDST destination ids of each
     * of its two instructions against each context's QREGS comparators,
     * ANDed with its valid bits and matrix bits M[i][j].  An entry with
     * neither write pending adds nothing, so the model visits the valid
     * entries only. */
    if ((q1rv | q2rv) != 0u && qw < W) {
        const uint64_t v1 = s->dv1_q[qw], v2 = s->dv2_q[qw];
        uint64_t live = (v1 | v2) & bits_mask(D);
        if (live != 0u) {
            const uint64_t *dst1 = &s->dst1_q[qw * D], *dst2 = &s->dst2_q[qw * D];
            const uint64_t *mat = &s->mat_q[qw * D];
            const uint64_t rv[2] = {q1rv, q2rv};
            const uint64_t r[2] = {q1_r, q2_r};
            const unsigned nd = cfg->ndst, rw = cfg->reg_w;
            uint64_t set[8];
            sb_query(set, rv, r, rw);
            for (; live; live &= live - 1u) {
                k = bits_ffs(live);
                /* the bits of M that make a dependency: bit 3 (i-1) + (j-1)
                 * where one of I_i's destinations is pending and in context
                 * j's set */
                const uint64_t c =
                    (sb_in_any(set, dst1[k], nd, rw) & (0u - ((v1 >> k) & 1u))) |
                    (sb_in_any(set, dst2[k], nd, rw) & (0u - ((v2 >> k) & 1u))) << 3;
                const uint64_t hit = mat[k] & c;
                dep1 |= (uint64_t)((hit & 9u) != 0u) << k;
                dep2 |= (uint64_t)((hit & 18u) != 0u) << k;
            }
        }
    }
    out->dep1 = dep1;
    out->dep2 = dep2;
    out->hz1 = dep1 != 0u;
    out->hz2 = dep2 != 0u;
}

/* The cycle's decision; the read port's answer for in's query from
 * sbi_scoreboard_read, or (rd) the given dep1, dep2. */
static inline void sb_eval(const sbi_scoreboard_cfg *cfg, const sbi_scoreboard_state *s,
                           const sbi_scoreboard_in *in, sbi_scoreboard_out *out, int rd,
                           uint64_t dep1, uint64_t dep2)
{
    const unsigned D = cfg->depth, W = cfg->warps;
    const uint64_t wm = bits_mask(bits_index_width(W)), pm = bits_mask(bits_index_width(D));
    const unsigned iw = (unsigned)(in->iss_warp & wm), qw = (unsigned)(in->q_warp & wm);
    const unsigned bw = (unsigned)(in->wb_warp & wm), bp = (unsigned)(in->wb_pos & pm);
    const unsigned sel = (unsigned)(in->wb_sel & 3u);
    const uint64_t qm = bits_mask(cfg->qregs);
    const uint64_t q1rv = in->q1_rv & qm, q2rv = in->q2_rv & qm;
    const unsigned iss = (unsigned)(in->iss_v & 1u), wb = (unsigned)(in->wb_v & 1u);
    unsigned err = SBI_SB_ERR_NONE;

    if (iss && iw >= W)
        err = SBI_SB_ERR_BAD_WARP;
    else if ((q1rv | q2rv) != 0u && qw >= W)
        err = SBI_SB_ERR_BAD_QWARP;
    else if (wb && (bw >= W || bp >= D || sel == 0u))
        err = SBI_SB_ERR_BAD_WB;
    else if (wb && (((sel & 1u) && !bits_get(s->dv1_q[bw], bp)) ||
                    ((sel & 2u) && !bits_get(s->dv2_q[bw], bp))))
        err = SBI_SB_ERR_WB_IDLE;
    out->err_code = err;
    out->err = err != SBI_SB_ERR_NONE;
    out->ready = 1;
    out->wb_free = 0;
    out->nx_iss = out->nx_push = out->nx_hole = 0;
    if (out->err) {
        out->act = SBI_SB_ACT_HOLD;
        out->dep1 = out->dep2 = out->hz1 = out->hz2 = 0;
        out->nx_go = out->nx_wb = 0;
        out->nx_iw = out->nx_bw = out->nx_bp = out->nx_sel = 0;
        return;
    }
    out->nx_go = 1;
    if (rd) {
        out->dep1 = dep1;
        out->dep2 = dep2;
        out->hz1 = dep1 != 0u;
        out->hz2 = dep2 != 0u;
    } else {
        sbi_scoreboard_read(cfg, s, in->q_warp, in->q1_rv, in->q1_r, in->q2_rv, in->q2_r, out);
    }
    /* writeback */
    out->nx_wb = (uint8_t)wb;
    out->nx_bw = (uint8_t)bw;
    out->nx_bp = (uint8_t)bp;
    out->nx_sel = (uint8_t)(wb ? sel : 0u);
    out->nx_iw = (uint8_t)iw;
    /* wb_free: no write of the entry is left pending after this one (bw <
     * 64 and bp < 16 also when wb is 0: the ports' widths) */
    const unsigned left = (unsigned)(((s->dv1_q[bw] >> bp) & ~sel & 1u) |
                                     ((s->dv2_q[bw] >> bp) & ~(sel >> 1) & 1u));
    const unsigned freed = wb & (left ^ 1u);
    out->wb_free = freed;
    /* issue */
    if (iss) {
        uint64_t valid = s->dv1_q[iw] | s->dv2_q[iw];
        unsigned push = (unsigned)((in->iss_dv1 | in->iss_dv2) & 1u);
        valid &= ~((uint64_t)(freed & (bw == iw)) << bp);
        if (push && valid == bits_mask(D)) {
            out->ready = 0;
            out->act = SBI_SB_ACT_STALL;
            return;
        }
        out->nx_iss = 1;
        out->nx_push = (uint8_t)push;
        out->nx_hole = (uint8_t)(push ? bits_ffs(~valid & bits_mask(D)) : 0u);
        out->act = push ? SBI_SB_ACT_PUSH : SBI_SB_ACT_MOVE;
    } else {
        out->act = wb ? SBI_SB_ACT_WB : SBI_SB_ACT_IDLE;
    }
}

void sbi_scoreboard_eval(const sbi_scoreboard_cfg *cfg, const sbi_scoreboard_state *s,
                         const sbi_scoreboard_in *in, sbi_scoreboard_out *out)
{
    sb_eval(cfg, s, in, out, 0, 0, 0);
}

void sbi_scoreboard_eval_read(const sbi_scoreboard_cfg *cfg, const sbi_scoreboard_state *s,
                              const sbi_scoreboard_in *in, uint64_t dep1, uint64_t dep2,
                              sbi_scoreboard_out *out)
{
    sb_eval(cfg, s, in, out, 1, dep1, dep2);
}

void sbi_scoreboard_step(const sbi_scoreboard_cfg *cfg, sbi_scoreboard_state *s,
                         const sbi_scoreboard_in *in, const sbi_scoreboard_out *out)
{
    const unsigned D = cfg->depth;
    unsigned k;
    if (!out->nx_go)
        return;
    /* the writeback (a no-op store when there is none: nx_sel is then 0) */
    s->dv1_q[out->nx_bw] &= ~((uint64_t)(out->nx_sel & 1u) << out->nx_bp);
    s->dv2_q[out->nx_bw] &= ~((uint64_t)(out->nx_sel >> 1) << out->nx_bp);
    if (out->nx_iss) {
        const unsigned iw = out->nx_iw;
        uint64_t *mat = &s->mat_q[iw * D];
        const uint64_t d = in->iss_d & 0x1FFu;
        const uint64_t r0 = sb_drow(d, 0), r1 = sb_drow(d, 1), r2 = sb_drow(d, 2);
        for (k = 0; k < D; k++)
            mat[k] = sb_mul(mat[k], r0, r1, r2);
        if (out->nx_push) {
            const unsigned h = out->nx_hole, base = iw * D;
            const uint64_t lo = bits_mask(h), lo1 = bits_mask(h + 1u);
            for (k = h; k > 0u; k--) {
                s->dst1_q[base + k] = s->dst1_q[base + k - 1u];
                s->dst2_q[base + k] = s->dst2_q[base + k - 1u];
                mat[k] = mat[k - 1u];
            }
            s->dst1_q[base] = bits_trunc(in->iss_dst1, cfg->ndst * cfg->reg_w);
            s->dst2_q[base] = bits_trunc(in->iss_dst2, cfg->ndst * cfg->reg_w);
            mat[0] = d & 0x3Fu;
            s->dv1_q[iw] = (s->dv1_q[iw] & ~lo1) | ((s->dv1_q[iw] & lo) << 1) | (in->iss_dv1 & 1u);
            s->dv2_q[iw] = (s->dv2_q[iw] & ~lo1) | ((s->dv2_q[iw] & lo) << 1) | (in->iss_dv2 & 1u);
        }
    }
}

const char *sbi_scoreboard_check(const sbi_scoreboard_cfg *cfg, const sbi_scoreboard_state *s)
{
    static char msg[160];
    unsigned w, k, D = cfg->depth;
    for (w = 0; w < SBI_SB_MAX_WARPS; w++) {
        uint64_t lim = w < cfg->warps ? bits_mask(D) : 0u;
        if (!bits_subset(s->dv1_q[w], lim) || !bits_subset(s->dv2_q[w], lim)) {
            snprintf(msg, sizeof msg, "sbi_scoreboard: warp %u has valid bits beyond DEPTH/WARPS", w);
            return msg;
        }
        if (w >= cfg->warps)
            continue;
        for (k = 0; k < D; k++) {
            unsigned e = w * D + k;
            if (!bits_subset(s->dst1_q[e], bits_mask(cfg->ndst * cfg->reg_w)) ||
                !bits_subset(s->dst2_q[e], bits_mask(cfg->ndst * cfg->reg_w)) || s->mat_q[e] > 0x3Fu) {
                snprintf(msg, sizeof msg, "sbi_scoreboard: entry %u.%u wider than its fields", w, k);
                return msg;
            }
        }
    }
    return NULL;
}

void sbi_scoreboard_ports(const sbi_scoreboard_cfg *cfg, const sbi_scoreboard_in *in,
                          const sbi_scoreboard_out *out, port_visit_fn visit, void *ctx)
{
    unsigned ww = sbi_scoreboard_warp_w(cfg), pw = sbi_scoreboard_pos_w(cfg);
    unsigned dw = cfg->ndst * cfg->reg_w, qw = cfg->qregs * cfg->reg_w;
    visit(ctx, "iss_v", 1, &in->iss_v, PORT_IN);
    visit(ctx, "iss_warp", ww, &in->iss_warp, PORT_IN);
    visit(ctx, "iss_d", 9, &in->iss_d, PORT_IN);
    visit(ctx, "iss_dv1", 1, &in->iss_dv1, PORT_IN);
    visit(ctx, "iss_dst1", dw, &in->iss_dst1, PORT_IN);
    visit(ctx, "iss_dv2", 1, &in->iss_dv2, PORT_IN);
    visit(ctx, "iss_dst2", dw, &in->iss_dst2, PORT_IN);
    visit(ctx, "wb_v", 1, &in->wb_v, PORT_IN);
    visit(ctx, "wb_warp", ww, &in->wb_warp, PORT_IN);
    visit(ctx, "wb_pos", pw, &in->wb_pos, PORT_IN);
    visit(ctx, "wb_sel", 2, &in->wb_sel, PORT_IN);
    visit(ctx, "q_warp", ww, &in->q_warp, PORT_IN);
    visit(ctx, "q1_rv", cfg->qregs, &in->q1_rv, PORT_IN);
    visit(ctx, "q1_r", qw, &in->q1_r, PORT_IN);
    visit(ctx, "q2_rv", cfg->qregs, &in->q2_rv, PORT_IN);
    visit(ctx, "q2_r", qw, &in->q2_r, PORT_IN);
    visit(ctx, "ready", 1, &out->ready, PORT_OUT);
    visit(ctx, "err", 1, &out->err, PORT_OUT);
    visit(ctx, "err_code", 3, &out->err_code, PORT_OUT);
    visit(ctx, "act", 3, &out->act, PORT_OUT);
    visit(ctx, "wb_free", 1, &out->wb_free, PORT_OUT);
    visit(ctx, "dep1", cfg->depth, &out->dep1, PORT_OUT);
    visit(ctx, "dep2", cfg->depth, &out->dep2, PORT_OUT);
    visit(ctx, "hz1", 1, &out->hz1, PORT_OUT);
    visit(ctx, "hz2", 1, &out->hz2, PORT_OUT);
}

void sbi_scoreboard_trace(struct vcd_writer *w, const sbi_scoreboard_cfg *cfg,
                          const sbi_scoreboard_state *s, const sbi_scoreboard_in *in,
                          const sbi_scoreboard_out *out)
{
    unsigned ww = sbi_scoreboard_warp_w(cfg), iw = (unsigned)bits_trunc(in->iss_warp, ww);
    sbi_scoreboard_ports(cfg, in, out, vcd_port, w);
    vcd_scope(w, "state");
    if (iw < cfg->warps) {
        /* the issuing warp's row */
        vcd_sig(w, "iss_dv1_q", cfg->depth, s->dv1_q[iw]);
        vcd_sig(w, "iss_dv2_q", cfg->depth, s->dv2_q[iw]);
        vcd_sig(w, "iss_mat0_q", 6, s->mat_q[iw * cfg->depth]);
    } else {
        vcd_sig(w, "iss_dv1_q", cfg->depth, 0);
        vcd_sig(w, "iss_dv2_q", cfg->depth, 0);
        vcd_sig(w, "iss_mat0_q", 6, 0);
    }
    vcd_upscope(w);
}

const char *sbi_scoreboard_err_name(unsigned code)
{
    static const char *const names[] = {"NONE", "BAD_WARP", "BAD_QWARP", "BAD_WB", "WB_IDLE"};
    return code < sizeof names / sizeof names[0] ? names[code] : "?";
}

const char *sbi_scoreboard_act_name(unsigned act)
{
    static const char *const names[] = {"IDLE", "PUSH", "MOVE", "STALL", "WB", "HOLD"};
    return act < sizeof names / sizeof names[0] ? names[act] : "?";
}
