/* SPDX-License-Identifier: Apache-2.0 */
/*
 * shadow_scoreboard.c -- dual-path scoreboard with shadow bits (DPE).
 * Behaviour, timing, same-cycle ordering and departures from the paper are
 * documented in shadow_scoreboard.h; this file and
 * verilog/shadow_scoreboard.v implement the same decision, written the same
 * way: one combinational `decide` (always @*) and one clock edge
 * (always @posedge).
 */
#include "shadow_scoreboard.h"

#include <stddef.h>
#include <string.h>

#include "bits.h"
#include "../vcd/vcd.h"

/* The parameters (port.h): Verilog name, cfg field, min, max, default. */
static const struct param_def shadow_scoreboard_param_defs[] = {
    {"WARPS", "warps", offsetof(shadow_scoreboard_cfg, warps), 1, SHADOW_SB_MAX_WARPS, 48, 0},
    {"ENTRIES", "entries", offsetof(shadow_scoreboard_cfg, entries), 1, SHADOW_SB_MAX_ENTRIES, 6, 0},
    {"REGS", "regs", offsetof(shadow_scoreboard_cfg, regs), 1, SHADOW_SB_MAX_REGS, 64, 0},
};

/* shadow_scoreboard_params, shadow_scoreboard_default_cfg() and shadow_scoreboard_cfg_check() */
PARAM_TABLE(shadow_scoreboard, NULL)


unsigned shadow_scoreboard_warp_w(const shadow_scoreboard_cfg *cfg)
{
    return bits_index_width(cfg->warps);
}
unsigned shadow_scoreboard_reg_w(const shadow_scoreboard_cfg *cfg)
{
    return bits_index_width(cfg->regs);
}
unsigned shadow_scoreboard_idx_w(const shadow_scoreboard_cfg *cfg)
{
    return bits_index_width(cfg->entries);
}

void shadow_scoreboard_reset(const shadow_scoreboard_cfg *cfg, shadow_scoreboard_state *s)
{
    (void)cfg;
    memset(s, 0, sizeof *s);
}

/* CAM match: the valid entries of table (w, side) holding reg, one bit each.
 * w must be < WARPS. */
static unsigned cam_of(const uint8_t *row, unsigned v, unsigned reg)
{
    unsigned hit = 0;
    for (; v != 0u; v &= v - 1u) { /* the candidate entries only */
        const unsigned e = bits_ffs(v);
        hit |= (unsigned)(row[e] == reg) << e;
    }
    return hit;
}

static unsigned cam(const shadow_scoreboard_cfg *cfg, const shadow_scoreboard_state *s,
                    unsigned w, unsigned side, unsigned reg)
{
    return cam_of(s->reg[w][side], s->valid[w][side] & (unsigned)bits_mask(cfg->entries), reg);
}

unsigned shadow_scoreboard_hazards(const shadow_scoreboard_cfg *cfg,
                                   const shadow_scoreboard_state *s, unsigned q_w, unsigned q_s,
                                   unsigned q_ops, const unsigned ops[4], unsigned *same,
                                   unsigned *shadow)
{
    const unsigned all = (unsigned)bits_mask(cfg->entries);
    /* the other table's valid entries with the shadow bit set */
    const unsigned shv = s->valid[q_w][q_s ^ 1u] & s->shadow[q_w][q_s ^ 1u] & all;
    unsigned hz = 0;
    for (unsigned m = q_ops & 15u; m != 0u; m &= m - 1u) {
        const unsigned k = bits_ffs(m);
        const unsigned sm = cam(cfg, s, q_w, q_s, ops[k]) != 0u;
        const unsigned sh = shv != 0u && cam_of(s->reg[q_w][q_s ^ 1u], shv, ops[k]) != 0u;
        *same |= sm;
        *shadow |= sh;
        hz |= (sm | sh) << k;
    }
    return hz;
}

/* The inputs as the ports see them: each truncated to its width */
static void port_view(const shadow_scoreboard_cfg *cfg, const shadow_scoreboard_in *in,
                      shadow_scoreboard_in *t)
{
    const uint64_t wm = bits_mask(shadow_scoreboard_warp_w(cfg));
    const uint64_t rm = bits_mask(shadow_scoreboard_reg_w(cfg));
    *t = *in;
    t->iss_valid &= 1u, t->iss_warp &= wm, t->iss_side &= 1u, t->iss_alloc &= 1u, t->iss_reg &= rm;
    t->q_warp &= wm, t->q_side &= 1u, t->q_src_valid &= 7u, t->q_dst_valid &= 1u;
    t->q_src0 &= rm, t->q_src1 &= rm, t->q_src2 &= rm, t->q_dst &= rm;
    t->wb0_valid &= 1u, t->wb0_warp &= wm, t->wb0_side &= 1u, t->wb0_reg &= rm;
    t->wb1_valid &= 1u, t->wb1_warp &= wm, t->wb1_side &= 1u, t->wb1_reg &= rm;
    t->div_valid &= 1u, t->div_warp &= wm, t->div_side &= 1u;
    t->rec_valid &= 1u, t->rec_warp &= wm;
    t->rd_warp &= wm, t->rd_side &= 1u, t->rd_idx &= bits_mask(shadow_scoreboard_idx_w(cfg));
}

/* The decision (errors in their priority order, the stall, the allocation
 * and the d_* fields the clock edge applies), from inputs within their
 * ports' widths: eval's, after its port view; alone it is
 * shadow_scoreboard_eval_lean (shadow_scoreboard.h). */
void shadow_scoreboard_eval_lean(const shadow_scoreboard_cfg *cfg,
                                 const shadow_scoreboard_state *s,
                                 const shadow_scoreboard_in *in, shadow_scoreboard_out *out)
{
    /* the checks in their priority order (shadow_scoreboard.h, "Illegal input") */
    const unsigned W = cfg->warps, R = cfg->regs;
    const unsigned iss_do = (unsigned)(in->iss_valid & in->iss_alloc);
    const unsigned q_ops = (unsigned)in->q_src_valid | (unsigned)in->q_dst_valid << 3;
    const unsigned wb_v[2] = {(unsigned)in->wb0_valid, (unsigned)in->wb1_valid};
    const unsigned wb_w[2] = {(unsigned)in->wb0_warp, (unsigned)in->wb1_warp};
    const unsigned wb_s[2] = {(unsigned)in->wb0_side, (unsigned)in->wb1_side};
    const unsigned wb_r[2] = {(unsigned)in->wb0_reg, (unsigned)in->wb1_reg};
    unsigned err = SHADOW_SB_ERR_NONE, wb_hit[2] = {0, 0};
    if ((in->iss_valid && in->iss_warp >= W) || (wb_v[0] && wb_w[0] >= W) ||
        (wb_v[1] && wb_w[1] >= W) || (in->div_valid && in->div_warp >= W) ||
        (in->rec_valid && in->rec_warp >= W) || (q_ops && in->q_warp >= W))
        err = SHADOW_SB_ERR_BAD_WARP;
    else if ((iss_do && in->iss_reg >= R) || (wb_v[0] && wb_r[0] >= R) ||
             (wb_v[1] && wb_r[1] >= R) || ((q_ops & 1u) && in->q_src0 >= R) ||
             ((q_ops & 2u) && in->q_src1 >= R) || ((q_ops & 4u) && in->q_src2 >= R) ||
             ((q_ops & 8u) && in->q_dst >= R))
        err = SHADOW_SB_ERR_BAD_REG;
    else if (wb_v[0] && wb_v[1] && wb_w[0] == wb_w[1] && wb_s[0] == wb_s[1] && wb_r[0] == wb_r[1])
        err = SHADOW_SB_ERR_WB_TWICE;
    else {
        for (unsigned k = 0; k < 2u; k++)
            if (wb_v[k] && (wb_hit[k] = cam(cfg, s, wb_w[k], wb_s[k], wb_r[k])) == 0u)
                err = SHADOW_SB_ERR_WB_NOT_PENDING;
        if (err == SHADOW_SB_ERR_NONE && iss_do &&
            cam(cfg, s, (unsigned)in->iss_warp, (unsigned)in->iss_side, (unsigned)in->iss_reg))
            err = SHADOW_SB_ERR_DUP_ALLOC;
    }
    out->err = err != SHADOW_SB_ERR_NONE;
    out->err_code = err;
    out->stall = 0;
    out->alloc_idx = 0;
    out->d_ok = err == SHADOW_SB_ERR_NONE;
    out->d_alloc = 0;
    if (!out->d_ok)
        return;
    if (iss_do) {
        const unsigned row = s->valid[in->iss_warp][in->iss_side];
        const unsigned all = (unsigned)bits_mask(cfg->entries);
        if (row == all)
            out->stall = 1;
        else {
            out->d_alloc = 1;
            out->alloc_idx = bits_ffs(~row & all);
        }
    }
    out->d_iss_w = (uint8_t)in->iss_warp;
    out->d_iss_s = (uint8_t)in->iss_side;
    out->d_iss_reg = (uint8_t)in->iss_reg;
    for (unsigned k = 0; k < 2u; k++) {
        out->d_wb_hit[k] = (uint16_t)wb_hit[k];
        out->d_wb_w[k] = (uint8_t)wb_w[k];
        out->d_wb_s[k] = (uint8_t)wb_s[k];
    }
    out->d_div = (uint8_t)in->div_valid;
    out->d_div_w = (uint8_t)in->div_warp;
    out->d_div_s = (uint8_t)in->div_side;
    out->d_rec = (uint8_t)in->rec_valid;
    out->d_rec_w = (uint8_t)in->rec_warp;
}

void shadow_scoreboard_eval(const shadow_scoreboard_cfg *cfg, const shadow_scoreboard_state *s,
                            const shadow_scoreboard_in *in, shadow_scoreboard_out *out)
{
    shadow_scoreboard_in t;
    port_view(cfg, in, &t);
    const unsigned W = cfg->warps, q_w = (unsigned)t.q_warp, q_s = (unsigned)t.q_side;
    const unsigned q_ops = (unsigned)t.q_src_valid | (unsigned)t.q_dst_valid << 3;
    const unsigned ops[4] = {(unsigned)t.q_src0, (unsigned)t.q_src1, (unsigned)t.q_src2,
                             (unsigned)t.q_dst};
    const unsigned rd_w = (unsigned)t.rd_warp, rd_s = (unsigned)t.rd_side, rd_i = (unsigned)t.rd_idx;
    unsigned hz_ops, hz_same = 0, hz_shadow = 0;

    /* ------------------------------------------------ hazard query */
    if (q_w < W)
        hz_ops = shadow_scoreboard_hazards(cfg, s, q_w, q_s, q_ops, ops, &hz_same, &hz_shadow);
    else
        hz_ops = q_ops; /* an unknown warp may never issue */
    out->hazard = hz_ops != 0u;
    out->hz_ops = hz_ops;
    out->hz_same = hz_same;
    out->hz_shadow = hz_shadow;

    /* ------------------------------------------------ errors and decision */
    shadow_scoreboard_eval_lean(cfg, s, &t, out);

    /* ------------------------------------------------ read port */
    out->rd_valid = out->rd_shadow = out->rd_reg = 0;
    if (rd_w < W) {
        out->rd_valid = s->valid[rd_w][rd_s];
        out->rd_shadow = s->shadow[rd_w][rd_s];
        if (rd_i < cfg->entries && ((s->valid[rd_w][rd_s] >> rd_i) & 1u))
            out->rd_reg = s->reg[rd_w][rd_s][rd_i];
    }
}

/* One table's next state (the Verilog's per-table next-state expression):
 * valid' = (valid & ~clr) | set, shadow' = (shadow | sh) & valid'.  A table
 * no port names this cycle keeps its state (shadow is within valid). */
static void table_next(shadow_scoreboard_state *s, unsigned w, unsigned side, unsigned clr,
                       unsigned set, unsigned sh)
{
    const unsigned v = ((unsigned)s->valid[w][side] & ~clr) | set;
    s->shadow[w][side] = (uint16_t)((s->shadow[w][side] | sh) & v);
    s->valid[w][side] = (uint16_t)v;
}

void shadow_scoreboard_step(const shadow_scoreboard_cfg *cfg, shadow_scoreboard_state *s,
                            const shadow_scoreboard_in *in, const shadow_scoreboard_out *out)
{
    const unsigned all = (unsigned)bits_mask(cfg->entries);
    unsigned k;
    (void)in;
    if (!out->d_ok) /* any error drops the whole cycle */
        return;
    /* the tables this cycle names, each once: the order does not matter
     * (clear, set and shadow of one table all act on its old state) */
    for (k = 0; k < 2u; k++)
        if (out->d_wb_hit[k])
            table_next(s, out->d_wb_w[k], out->d_wb_s[k], out->d_wb_hit[k], 0, 0);
    if (out->d_alloc) {
        s->reg[out->d_iss_w][out->d_iss_s][out->alloc_idx] = out->d_iss_reg;
        table_next(s, out->d_iss_w, out->d_iss_s, 0, 1u << out->alloc_idx, 0);
    }
    if (out->d_div)
        table_next(s, out->d_div_w, out->d_div_s, 0, 0, all);
    if (out->d_rec) {
        table_next(s, out->d_rec_w, 0, 0, 0, all);
        table_next(s, out->d_rec_w, 1, 0, 0, all);
    }
}

const char *shadow_scoreboard_check(const shadow_scoreboard_cfg *cfg,
                                    const shadow_scoreboard_state *s)
{
    static char msg[160];
    const uint64_t all = bits_mask(cfg->entries);
    unsigned w, side, e, f;

    for (w = 0; w < SHADOW_SB_MAX_WARPS; w++) {
        for (side = 0; side < 2u; side++) {
            const char *sn = side ? "R" : "L";
            uint64_t v = s->valid[w][side], sh = s->shadow[w][side];
            if (w >= cfg->warps) {
                if (v != 0u || sh != 0u) {
                    snprintf(msg, sizeof msg, "warp %u (>= WARPS %u) table %s not empty", w,
                             cfg->warps, sn);
                    return msg;
                }
                continue;
            }
            if (!bits_subset(v, all) || !bits_subset(sh, all)) {
                snprintf(msg, sizeof msg, "warp %u table %s: valid %llx / shadow %llx beyond "
                         "ENTRIES %u", w, sn, (unsigned long long)v, (unsigned long long)sh,
                         cfg->entries);
                return msg;
            }
            if (!bits_subset(sh, v)) {
                snprintf(msg, sizeof msg, "warp %u table %s: shadow %llx set on an invalid "
                         "entry (valid %llx)", w, sn, (unsigned long long)sh,
                         (unsigned long long)v);
                return msg;
            }
            for (e = 0; e < cfg->entries; e++) {
                if (!bits_get(v, e))
                    continue;
                if (s->reg[w][side][e] >= cfg->regs) {
                    snprintf(msg, sizeof msg, "warp %u table %s entry %u: reg %u >= REGS %u", w,
                             sn, e, s->reg[w][side][e], cfg->regs);
                    return msg;
                }
                for (f = e + 1u; f < cfg->entries; f++) {
                    if (bits_get(v, f) && s->reg[w][side][f] == s->reg[w][side][e]) {
                        snprintf(msg, sizeof msg, "warp %u table %s: r%u pending twice "
                                 "(entries %u and %u)", w, sn, s->reg[w][side][e], e, f);
                        return msg;
                    }
                }
            }
        }
    }
    return NULL;
}

void shadow_scoreboard_ports(const shadow_scoreboard_cfg *cfg, const shadow_scoreboard_in *in,
                             const shadow_scoreboard_out *out, port_visit_fn visit, void *ctx)
{
    unsigned ww = shadow_scoreboard_warp_w(cfg), rw = shadow_scoreboard_reg_w(cfg);
    unsigned iw = shadow_scoreboard_idx_w(cfg), ew = cfg->entries;

    visit(ctx, "iss_valid", 1, &in->iss_valid, PORT_IN);
    visit(ctx, "iss_warp", ww, &in->iss_warp, PORT_IN);
    visit(ctx, "iss_side", 1, &in->iss_side, PORT_IN);
    visit(ctx, "iss_alloc", 1, &in->iss_alloc, PORT_IN);
    visit(ctx, "iss_reg", rw, &in->iss_reg, PORT_IN);
    visit(ctx, "q_warp", ww, &in->q_warp, PORT_IN);
    visit(ctx, "q_side", 1, &in->q_side, PORT_IN);
    visit(ctx, "q_src_valid", 3, &in->q_src_valid, PORT_IN);
    visit(ctx, "q_src0", rw, &in->q_src0, PORT_IN);
    visit(ctx, "q_src1", rw, &in->q_src1, PORT_IN);
    visit(ctx, "q_src2", rw, &in->q_src2, PORT_IN);
    visit(ctx, "q_dst_valid", 1, &in->q_dst_valid, PORT_IN);
    visit(ctx, "q_dst", rw, &in->q_dst, PORT_IN);
    visit(ctx, "wb0_valid", 1, &in->wb0_valid, PORT_IN);
    visit(ctx, "wb0_warp", ww, &in->wb0_warp, PORT_IN);
    visit(ctx, "wb0_side", 1, &in->wb0_side, PORT_IN);
    visit(ctx, "wb0_reg", rw, &in->wb0_reg, PORT_IN);
    visit(ctx, "wb1_valid", 1, &in->wb1_valid, PORT_IN);
    visit(ctx, "wb1_warp", ww, &in->wb1_warp, PORT_IN);
    visit(ctx, "wb1_side", 1, &in->wb1_side, PORT_IN);
    visit(ctx, "wb1_reg", rw, &in->wb1_reg, PORT_IN);
    visit(ctx, "div_valid", 1, &in->div_valid, PORT_IN);
    visit(ctx, "div_warp", ww, &in->div_warp, PORT_IN);
    visit(ctx, "div_side", 1, &in->div_side, PORT_IN);
    visit(ctx, "rec_valid", 1, &in->rec_valid, PORT_IN);
    visit(ctx, "rec_warp", ww, &in->rec_warp, PORT_IN);
    visit(ctx, "rd_warp", ww, &in->rd_warp, PORT_IN);
    visit(ctx, "rd_side", 1, &in->rd_side, PORT_IN);
    visit(ctx, "rd_idx", iw, &in->rd_idx, PORT_IN);
    visit(ctx, "hazard", 1, &out->hazard, PORT_OUT);
    visit(ctx, "hz_ops", 4, &out->hz_ops, PORT_OUT);
    visit(ctx, "hz_same", 1, &out->hz_same, PORT_OUT);
    visit(ctx, "hz_shadow", 1, &out->hz_shadow, PORT_OUT);
    visit(ctx, "stall", 1, &out->stall, PORT_OUT);
    visit(ctx, "alloc_idx", iw, &out->alloc_idx, PORT_OUT);
    visit(ctx, "err", 1, &out->err, PORT_OUT);
    visit(ctx, "err_code", 3, &out->err_code, PORT_OUT);
    visit(ctx, "rd_valid", ew, &out->rd_valid, PORT_OUT);
    visit(ctx, "rd_shadow", ew, &out->rd_shadow, PORT_OUT);
    visit(ctx, "rd_reg", rw, &out->rd_reg, PORT_OUT);
}

void shadow_scoreboard_trace(struct vcd_writer *w, const shadow_scoreboard_cfg *cfg,
                             const shadow_scoreboard_state *s, const shadow_scoreboard_in *in,
                             const shadow_scoreboard_out *out)
{
    unsigned i, side, e;
    char name[32];
    shadow_scoreboard_ports(cfg, in, out, vcd_port, w);
    vcd_scope(w, "state");
    for (i = 0; i < cfg->warps; i++) {
        for (side = 0; side < 2u; side++) {
            const char *sn = side ? "R" : "L";
            snprintf(name, sizeof name, "w%02u_%s_valid", i, sn);
            vcd_sig(w, name, cfg->entries, s->valid[i][side]);
            snprintf(name, sizeof name, "w%02u_%s_shadow", i, sn);
            vcd_sig(w, name, cfg->entries, s->shadow[i][side]);
        }
    }
    for (i = 0; i < cfg->warps && i < 4u; i++) {
        for (side = 0; side < 2u; side++) {
            for (e = 0; e < cfg->entries; e++) {
                snprintf(name, sizeof name, "w%02u_%s_e%u_reg", i, side ? "R" : "L", e);
                vcd_sig(w, name, shadow_scoreboard_reg_w(cfg), s->reg[i][side][e]);
            }
        }
    }
    vcd_upscope(w);
}

const char *shadow_scoreboard_err_name(unsigned code)
{
    static const char *const names[] = {"NONE",     "BAD_WARP",       "BAD_REG",
                                        "WB_TWICE", "WB_NOT_PENDING", "DUP_ALLOC"};
    return code < sizeof names / sizeof names[0] ? names[code] : "?";
}
