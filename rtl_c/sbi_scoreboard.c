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
};

/* sbi_scoreboard_params, sbi_scoreboard_default_cfg() and sbi_scoreboard_cfg_check() */
PARAM_TABLE(sbi_scoreboard, NULL)

unsigned sbi_scoreboard_warp_w(const sbi_scoreboard_cfg *cfg) { return bits_index_width(cfg->warps); }
unsigned sbi_scoreboard_pos_w(const sbi_scoreboard_cfg *cfg) { return bits_index_width(cfg->depth); }

sbi_scoreboard_storage sbi_scoreboard_bits(const sbi_scoreboard_cfg *cfg)
{
    sbi_scoreboard_storage st;
    st.matrix_bits = 6;
    st.entry_bits = 2u * (1u + cfg->reg_w) + st.matrix_bits;
    st.rows = cfg->warps;
    st.row_bits = cfg->depth * st.entry_bits;
    st.base_pools = 2;
    st.base_rows = cfg->warps;
    st.base_row_bits = cfg->depth * (1u + cfg->reg_w);
    return st;
}

uint64_t sbi_scoreboard_mul(uint64_t m, uint64_t d)
{
    /* row-wise: row i of the product is the OR of the rows k of d that
     * m[i][k] selects (3-bit rows, no bit-by-bit inner product) */
    uint64_t r = 0;
    unsigned i, k;
    for (i = 0; i < 2u; i++) {
        uint64_t row = 0;
        for (k = 0; k < 3u; k++)
            row |= bits_field(d, 3u * k, 3) & (0u - (uint64_t)bits_get(m, 3u * i + k));
        r |= row << (3u * i);
    }
    return r;
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

/* 1 when register r is among the valid query registers. */
static unsigned sb_hit(uint64_t r, uint64_t rv, const uint64_t q[4])
{
    unsigned n;
    for (n = 0; n < 4u; n++)
        if (bits_get(rv, n) && q[n] == r)
            return 1;
    return 0;
}

void sbi_scoreboard_eval(const sbi_scoreboard_cfg *cfg, const sbi_scoreboard_state *s,
                         const sbi_scoreboard_in *in, sbi_scoreboard_out *out)
{
    unsigned ww = sbi_scoreboard_warp_w(cfg), pw = sbi_scoreboard_pos_w(cfg), D = cfg->depth;
    unsigned iw = (unsigned)bits_trunc(in->iss_warp, ww), qw = (unsigned)bits_trunc(in->q_warp, ww);
    unsigned bw = (unsigned)bits_trunc(in->wb_warp, ww), bp = (unsigned)bits_trunc(in->wb_pos, pw);
    uint64_t sel = bits_trunc(in->wb_sel, 2), q1rv = bits_trunc(in->q1_rv, 4),
             q2rv = bits_trunc(in->q2_rv, 4);
    unsigned iss = (unsigned)bits_trunc(in->iss_v, 1), wb = (unsigned)bits_trunc(in->wb_v, 1);
    unsigned err = SBI_SB_ERR_NONE, k;

    memset(out, 0, sizeof *out);
    out->ready = 1;
    if (iss && iw >= cfg->warps)
        err = SBI_SB_ERR_BAD_WARP;
    else if ((q1rv | q2rv) != 0u && qw >= cfg->warps)
        err = SBI_SB_ERR_BAD_QWARP;
    else if (wb && (bw >= cfg->warps || bp >= D || sel == 0u))
        err = SBI_SB_ERR_BAD_WB;
    else if (wb && ((bits_get(sel, 0) && !bits_get(s->dv1_q[bw], bp)) ||
                    (bits_get(sel, 1) && !bits_get(s->dv2_q[bw], bp))))
        err = SBI_SB_ERR_WB_IDLE;
    out->err_code = err;
    out->err = err != SBI_SB_ERR_NONE;
    if (out->err) {
        out->act = SBI_SB_ACT_HOLD;
        return;
    }
    out->nx_go = 1;
    /* read port: dependency masks of the two contexts' instructions */
    if ((q1rv | q2rv) != 0u) {
        uint64_t q1[4], q2[4];
        q1[0] = bits_trunc(in->q1_r0, cfg->reg_w);
        q1[1] = bits_trunc(in->q1_r1, cfg->reg_w);
        q1[2] = bits_trunc(in->q1_r2, cfg->reg_w);
        q1[3] = bits_trunc(in->q1_r3, cfg->reg_w);
        q2[0] = bits_trunc(in->q2_r0, cfg->reg_w);
        q2[1] = bits_trunc(in->q2_r1, cfg->reg_w);
        q2[2] = bits_trunc(in->q2_r2, cfg->reg_w);
        q2[3] = bits_trunc(in->q2_r3, cfg->reg_w);
        for (k = 0; k < D; k++) {
            unsigned e = qw * D + k;
            uint64_t m = s->mat_q[e];
            unsigned v1 = bits_get(s->dv1_q[qw], k), v2 = bits_get(s->dv2_q[qw], k);
            /* the cheap bits first: the register compares only where a
             * dependency is possible */
            unsigned d1 = (v1 && bits_get(m, 0) && sb_hit(s->dst1_q[e], q1rv, q1)) ||
                          (v2 && bits_get(m, 3) && sb_hit(s->dst2_q[e], q1rv, q1));
            unsigned d2 = (v1 && bits_get(m, 1) && sb_hit(s->dst1_q[e], q2rv, q2)) ||
                          (v2 && bits_get(m, 4) && sb_hit(s->dst2_q[e], q2rv, q2));
            out->dep1 |= (uint64_t)d1 << k;
            out->dep2 |= (uint64_t)d2 << k;
        }
        out->hz1 = out->dep1 != 0u;
        out->hz2 = out->dep2 != 0u;
    }
    /* writeback */
    if (wb) {
        out->nx_wb = 1;
        out->wb_free = (bits_get(s->dv1_q[bw], bp) && !bits_get(sel, 0)) ||
                               (bits_get(s->dv2_q[bw], bp) && !bits_get(sel, 1))
                           ? 0u
                           : 1u;
    }
    /* issue */
    if (iss) {
        uint64_t valid = s->dv1_q[iw] | s->dv2_q[iw];
        unsigned push = (unsigned)(bits_trunc(in->iss_dv1, 1) | bits_trunc(in->iss_dv2, 1));
        if (wb && bw == iw && out->wb_free)
            valid &= ~((uint64_t)1 << bp);
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

void sbi_scoreboard_step(const sbi_scoreboard_cfg *cfg, sbi_scoreboard_state *s,
                         const sbi_scoreboard_in *in, const sbi_scoreboard_out *out)
{
    unsigned ww = sbi_scoreboard_warp_w(cfg), D = cfg->depth, k;
    if (!out->nx_go)
        return;
    if (out->nx_wb) {
        unsigned bw = (unsigned)bits_trunc(in->wb_warp, ww);
        unsigned bp = (unsigned)bits_trunc(in->wb_pos, sbi_scoreboard_pos_w(cfg));
        if (bits_get(in->wb_sel, 0))
            s->dv1_q[bw] &= ~((uint64_t)1 << bp);
        if (bits_get(in->wb_sel, 1))
            s->dv2_q[bw] &= ~((uint64_t)1 << bp);
    }
    if (out->nx_iss) {
        unsigned iw = (unsigned)bits_trunc(in->iss_warp, ww), base = iw * D;
        uint64_t d = bits_trunc(in->iss_d, 9);
        for (k = 0; k < D; k++)
            s->mat_q[base + k] = sbi_scoreboard_mul(s->mat_q[base + k], d);
        if (out->nx_push) {
            unsigned h = out->nx_hole;
            uint64_t lo = bits_mask(h), lo1 = bits_mask(h + 1u);
            for (k = h; k > 0u; k--) {
                s->dst1_q[base + k] = s->dst1_q[base + k - 1u];
                s->dst2_q[base + k] = s->dst2_q[base + k - 1u];
                s->mat_q[base + k] = s->mat_q[base + k - 1u];
            }
            s->dst1_q[base] = bits_trunc(in->iss_dst1, cfg->reg_w);
            s->dst2_q[base] = bits_trunc(in->iss_dst2, cfg->reg_w);
            s->mat_q[base] = d & 0x3Fu;
            s->dv1_q[iw] = (s->dv1_q[iw] & ~lo1) | ((s->dv1_q[iw] & lo) << 1) |
                           bits_trunc(in->iss_dv1, 1);
            s->dv2_q[iw] = (s->dv2_q[iw] & ~lo1) | ((s->dv2_q[iw] & lo) << 1) |
                           bits_trunc(in->iss_dv2, 1);
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
            if (!bits_subset(s->dst1_q[e], bits_mask(cfg->reg_w)) ||
                !bits_subset(s->dst2_q[e], bits_mask(cfg->reg_w)) || s->mat_q[e] > 0x3Fu) {
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
    unsigned ww = sbi_scoreboard_warp_w(cfg), pw = sbi_scoreboard_pos_w(cfg), r = cfg->reg_w;
    visit(ctx, "iss_v", 1, &in->iss_v, PORT_IN);
    visit(ctx, "iss_warp", ww, &in->iss_warp, PORT_IN);
    visit(ctx, "iss_d", 9, &in->iss_d, PORT_IN);
    visit(ctx, "iss_dv1", 1, &in->iss_dv1, PORT_IN);
    visit(ctx, "iss_dst1", r, &in->iss_dst1, PORT_IN);
    visit(ctx, "iss_dv2", 1, &in->iss_dv2, PORT_IN);
    visit(ctx, "iss_dst2", r, &in->iss_dst2, PORT_IN);
    visit(ctx, "wb_v", 1, &in->wb_v, PORT_IN);
    visit(ctx, "wb_warp", ww, &in->wb_warp, PORT_IN);
    visit(ctx, "wb_pos", pw, &in->wb_pos, PORT_IN);
    visit(ctx, "wb_sel", 2, &in->wb_sel, PORT_IN);
    visit(ctx, "q_warp", ww, &in->q_warp, PORT_IN);
    visit(ctx, "q1_rv", 4, &in->q1_rv, PORT_IN);
    visit(ctx, "q1_r0", r, &in->q1_r0, PORT_IN);
    visit(ctx, "q1_r1", r, &in->q1_r1, PORT_IN);
    visit(ctx, "q1_r2", r, &in->q1_r2, PORT_IN);
    visit(ctx, "q1_r3", r, &in->q1_r3, PORT_IN);
    visit(ctx, "q2_rv", 4, &in->q2_rv, PORT_IN);
    visit(ctx, "q2_r0", r, &in->q2_r0, PORT_IN);
    visit(ctx, "q2_r1", r, &in->q2_r1, PORT_IN);
    visit(ctx, "q2_r2", r, &in->q2_r2, PORT_IN);
    visit(ctx, "q2_r3", r, &in->q2_r3, PORT_IN);
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
