/*
 * shadow_scoreboard.c -- dual-path scoreboard with shadow bits (DPE).
 * Behaviour, timing, same-cycle ordering and departures from the paper are
 * documented in shadow_scoreboard.h; this file and
 * verilog/shadow_scoreboard.v implement the same decision, written the same
 * way: one combinational `decide` (always @*) and one clock edge
 * (always @posedge).
 */
#include "shadow_scoreboard.h"

#include <string.h>

#include "bits.h"
#include "../vcd/vcd.h"

shadow_scoreboard_cfg shadow_scoreboard_default_cfg(void)
{
    shadow_scoreboard_cfg c;
    c.warps = 48;
    c.entries = 6;
    c.regs = 64;
    return c;
}

const char *shadow_scoreboard_cfg_check(const shadow_scoreboard_cfg *cfg)
{
    if (cfg->warps < 1u || cfg->warps > SHADOW_SB_MAX_WARPS)
        return "shadow_scoreboard: warps must be 1..64";
    if (cfg->entries < 1u || cfg->entries > SHADOW_SB_MAX_ENTRIES)
        return "shadow_scoreboard: entries must be 1..16";
    if (cfg->regs < 1u || cfg->regs > SHADOW_SB_MAX_REGS)
        return "shadow_scoreboard: regs must be 1..256";
    return NULL;
}

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

/* One cycle's decision: everything the outputs and the clock edge need. */
typedef struct {
    unsigned err_code;
    unsigned q_ops;     /* valid bits of the query's operands, bit 3 = dst */
    unsigned hz_ops;
    unsigned hz_same;
    unsigned hz_shadow;
    unsigned stall;
    unsigned do_alloc;  /* allocate entry alloc_idx of table iss */
    unsigned alloc_idx;
    uint64_t wb_hit[2]; /* entry (one-hot) each writeback frees; 0 if none */
} shadow_scoreboard_dec;

/* Inputs truncated to their port widths, as the RTL sees them. */
static shadow_scoreboard_in port_view(const shadow_scoreboard_cfg *cfg,
                                      const shadow_scoreboard_in *in)
{
    shadow_scoreboard_in v;
    unsigned ww = shadow_scoreboard_warp_w(cfg), rw = shadow_scoreboard_reg_w(cfg);
    v.iss_valid = bits_trunc(in->iss_valid, 1);
    v.iss_warp = bits_trunc(in->iss_warp, ww);
    v.iss_side = bits_trunc(in->iss_side, 1);
    v.iss_alloc = bits_trunc(in->iss_alloc, 1);
    v.iss_reg = bits_trunc(in->iss_reg, rw);
    v.q_warp = bits_trunc(in->q_warp, ww);
    v.q_side = bits_trunc(in->q_side, 1);
    v.q_src_valid = bits_trunc(in->q_src_valid, 3);
    v.q_src0 = bits_trunc(in->q_src0, rw);
    v.q_src1 = bits_trunc(in->q_src1, rw);
    v.q_src2 = bits_trunc(in->q_src2, rw);
    v.q_dst_valid = bits_trunc(in->q_dst_valid, 1);
    v.q_dst = bits_trunc(in->q_dst, rw);
    v.wb0_valid = bits_trunc(in->wb0_valid, 1);
    v.wb0_warp = bits_trunc(in->wb0_warp, ww);
    v.wb0_side = bits_trunc(in->wb0_side, 1);
    v.wb0_reg = bits_trunc(in->wb0_reg, rw);
    v.wb1_valid = bits_trunc(in->wb1_valid, 1);
    v.wb1_warp = bits_trunc(in->wb1_warp, ww);
    v.wb1_side = bits_trunc(in->wb1_side, 1);
    v.wb1_reg = bits_trunc(in->wb1_reg, rw);
    v.div_valid = bits_trunc(in->div_valid, 1);
    v.div_warp = bits_trunc(in->div_warp, ww);
    v.div_side = bits_trunc(in->div_side, 1);
    v.rec_valid = bits_trunc(in->rec_valid, 1);
    v.rec_warp = bits_trunc(in->rec_warp, ww);
    v.rd_warp = bits_trunc(in->rd_warp, ww);
    v.rd_side = bits_trunc(in->rd_side, 1);
    v.rd_idx = bits_trunc(in->rd_idx, shadow_scoreboard_idx_w(cfg));
    return v;
}

/* CAM match: the valid entries of table (w, side) holding reg, one bit each.
 * w must be < WARPS. */
static uint64_t cam(const shadow_scoreboard_cfg *cfg, const shadow_scoreboard_state *s,
                    unsigned w, unsigned side, uint64_t reg)
{
    uint64_t hit = 0;
    unsigned e;
    for (e = 0; e < cfg->entries; e++)
        if (bits_get(s->valid[w][side], e) && s->reg[w][side][e] == reg)
            hit |= (uint64_t)1 << e;
    return hit;
}

static void decide(const shadow_scoreboard_cfg *cfg, const shadow_scoreboard_state *s,
                   const shadow_scoreboard_in *in, shadow_scoreboard_dec *d)
{
    const uint64_t W = cfg->warps, R = cfg->regs;
    const uint64_t ops[4] = {in->q_src0, in->q_src1, in->q_src2, in->q_dst};
    const uint64_t all = bits_mask(cfg->entries);
    unsigned q_act, bad_warp, bad_reg, i;
    uint64_t dup = 0, iss_valid_row = 0;

    memset(d, 0, sizeof *d);
    d->q_ops = (unsigned)in->q_src_valid | ((unsigned)in->q_dst_valid << 3);
    q_act = d->q_ops != 0u;

    /* ------------------------------------------------ hazard query */
    if (in->q_warp < W) {
        unsigned qs = (unsigned)in->q_side, qo = qs ^ 1u;
        for (i = 0; i < 4u; i++) {
            unsigned same, shad;
            if (!bits_get(d->q_ops, i))
                continue;
            same = cam(cfg, s, (unsigned)in->q_warp, qs, ops[i]) != 0u;
            shad = (cam(cfg, s, (unsigned)in->q_warp, qo, ops[i]) &
                    s->shadow[in->q_warp][qo]) != 0u;
            d->hz_same |= same;
            d->hz_shadow |= shad;
            if (same || shad)
                d->hz_ops |= 1u << i;
        }
    } else {
        d->hz_ops = d->q_ops; /* an unknown warp may never issue */
    }

    /* ------------------------------------------------ errors */
    bad_warp = (in->iss_valid && in->iss_warp >= W) || (in->wb0_valid && in->wb0_warp >= W) ||
               (in->wb1_valid && in->wb1_warp >= W) || (in->div_valid && in->div_warp >= W) ||
               (in->rec_valid && in->rec_warp >= W) || (q_act && in->q_warp >= W);
    bad_reg = (in->iss_valid && in->iss_alloc && in->iss_reg >= R) ||
              (in->wb0_valid && in->wb0_reg >= R) || (in->wb1_valid && in->wb1_reg >= R) ||
              (in->q_dst_valid && in->q_dst >= R);
    for (i = 0; i < 3u; i++)
        bad_reg |= bits_get(in->q_src_valid, i) && ops[i] >= R;
    if (bad_warp) {
        d->err_code = SHADOW_SB_ERR_BAD_WARP;
        return;
    }
    if (bad_reg) {
        d->err_code = SHADOW_SB_ERR_BAD_REG;
        return;
    }
    if (in->wb0_valid && in->wb1_valid && in->wb0_warp == in->wb1_warp &&
        in->wb0_side == in->wb1_side && in->wb0_reg == in->wb1_reg) {
        d->err_code = SHADOW_SB_ERR_WB_TWICE;
        return;
    }
    if (in->wb0_valid)
        d->wb_hit[0] = cam(cfg, s, (unsigned)in->wb0_warp, (unsigned)in->wb0_side, in->wb0_reg);
    if (in->wb1_valid)
        d->wb_hit[1] = cam(cfg, s, (unsigned)in->wb1_warp, (unsigned)in->wb1_side, in->wb1_reg);
    if ((in->wb0_valid && d->wb_hit[0] == 0u) || (in->wb1_valid && d->wb_hit[1] == 0u)) {
        d->err_code = SHADOW_SB_ERR_WB_NOT_PENDING;
        d->wb_hit[0] = d->wb_hit[1] = 0;
        return;
    }
    if (in->iss_valid && in->iss_alloc) {
        dup = cam(cfg, s, (unsigned)in->iss_warp, (unsigned)in->iss_side, in->iss_reg);
        iss_valid_row = s->valid[in->iss_warp][in->iss_side];
    }
    if (dup != 0u) {
        d->err_code = SHADOW_SB_ERR_DUP_ALLOC;
        d->wb_hit[0] = d->wb_hit[1] = 0;
        return;
    }

    /* ------------------------------------------------ issue */
    if (in->iss_valid && in->iss_alloc) {
        if (iss_valid_row == all) {
            d->stall = 1;
        } else {
            d->do_alloc = 1;
            d->alloc_idx = bits_ffs(~iss_valid_row & all);
        }
    }
}

void shadow_scoreboard_eval(const shadow_scoreboard_cfg *cfg, const shadow_scoreboard_state *s,
                            const shadow_scoreboard_in *in_raw, shadow_scoreboard_out *out)
{
    shadow_scoreboard_in in = port_view(cfg, in_raw);
    shadow_scoreboard_dec d;
    unsigned rw = (unsigned)in.rd_warp, rs = (unsigned)in.rd_side;

    decide(cfg, s, &in, &d);
    memset(out, 0, sizeof *out);
    out->hazard = d.hz_ops != 0u;
    out->hz_ops = d.hz_ops;
    out->hz_same = d.hz_same;
    out->hz_shadow = d.hz_shadow;
    out->stall = d.stall;
    out->alloc_idx = d.alloc_idx;
    out->err = d.err_code != SHADOW_SB_ERR_NONE;
    out->err_code = d.err_code;
    if (rw < cfg->warps) {
        out->rd_valid = s->valid[rw][rs];
        out->rd_shadow = s->shadow[rw][rs];
        if (in.rd_idx < cfg->entries && bits_get(s->valid[rw][rs], (unsigned)in.rd_idx))
            out->rd_reg = s->reg[rw][rs][in.rd_idx];
    }
}

void shadow_scoreboard_step(const shadow_scoreboard_cfg *cfg, shadow_scoreboard_state *s,
                            const shadow_scoreboard_in *in_raw)
{
    shadow_scoreboard_in in = port_view(cfg, in_raw);
    shadow_scoreboard_dec d;
    unsigned w, side;

    decide(cfg, s, &in, &d);
    if (d.err_code != SHADOW_SB_ERR_NONE)
        return;
    /* every table at once, as the Verilog's per-table next-state loop */
    for (w = 0; w < cfg->warps; w++) {
        for (side = 0; side < 2u; side++) {
            uint64_t clr = 0, set = 0, sh = 0, v;
            if (in.wb0_valid && in.wb0_warp == w && in.wb0_side == side)
                clr |= d.wb_hit[0];
            if (in.wb1_valid && in.wb1_warp == w && in.wb1_side == side)
                clr |= d.wb_hit[1];
            if (d.do_alloc && in.iss_warp == w && in.iss_side == side) {
                set = (uint64_t)1 << d.alloc_idx;
                s->reg[w][side][d.alloc_idx] = (uint8_t)in.iss_reg;
            }
            if ((in.div_valid && in.div_warp == w && in.div_side == side) ||
                (in.rec_valid && in.rec_warp == w))
                sh = bits_mask(cfg->entries);
            v = ((s->valid[w][side] & ~clr) | set) & bits_mask(cfg->entries);
            s->shadow[w][side] = (uint16_t)((s->shadow[w][side] | sh) & v);
            s->valid[w][side] = (uint16_t)v;
        }
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

    visit(ctx, "iss_valid", 1, in->iss_valid, PORT_IN);
    visit(ctx, "iss_warp", ww, in->iss_warp, PORT_IN);
    visit(ctx, "iss_side", 1, in->iss_side, PORT_IN);
    visit(ctx, "iss_alloc", 1, in->iss_alloc, PORT_IN);
    visit(ctx, "iss_reg", rw, in->iss_reg, PORT_IN);
    visit(ctx, "q_warp", ww, in->q_warp, PORT_IN);
    visit(ctx, "q_side", 1, in->q_side, PORT_IN);
    visit(ctx, "q_src_valid", 3, in->q_src_valid, PORT_IN);
    visit(ctx, "q_src0", rw, in->q_src0, PORT_IN);
    visit(ctx, "q_src1", rw, in->q_src1, PORT_IN);
    visit(ctx, "q_src2", rw, in->q_src2, PORT_IN);
    visit(ctx, "q_dst_valid", 1, in->q_dst_valid, PORT_IN);
    visit(ctx, "q_dst", rw, in->q_dst, PORT_IN);
    visit(ctx, "wb0_valid", 1, in->wb0_valid, PORT_IN);
    visit(ctx, "wb0_warp", ww, in->wb0_warp, PORT_IN);
    visit(ctx, "wb0_side", 1, in->wb0_side, PORT_IN);
    visit(ctx, "wb0_reg", rw, in->wb0_reg, PORT_IN);
    visit(ctx, "wb1_valid", 1, in->wb1_valid, PORT_IN);
    visit(ctx, "wb1_warp", ww, in->wb1_warp, PORT_IN);
    visit(ctx, "wb1_side", 1, in->wb1_side, PORT_IN);
    visit(ctx, "wb1_reg", rw, in->wb1_reg, PORT_IN);
    visit(ctx, "div_valid", 1, in->div_valid, PORT_IN);
    visit(ctx, "div_warp", ww, in->div_warp, PORT_IN);
    visit(ctx, "div_side", 1, in->div_side, PORT_IN);
    visit(ctx, "rec_valid", 1, in->rec_valid, PORT_IN);
    visit(ctx, "rec_warp", ww, in->rec_warp, PORT_IN);
    visit(ctx, "rd_warp", ww, in->rd_warp, PORT_IN);
    visit(ctx, "rd_side", 1, in->rd_side, PORT_IN);
    visit(ctx, "rd_idx", iw, in->rd_idx, PORT_IN);
    visit(ctx, "hazard", 1, out->hazard, PORT_OUT);
    visit(ctx, "hz_ops", 4, out->hz_ops, PORT_OUT);
    visit(ctx, "hz_same", 1, out->hz_same, PORT_OUT);
    visit(ctx, "hz_shadow", 1, out->hz_shadow, PORT_OUT);
    visit(ctx, "stall", 1, out->stall, PORT_OUT);
    visit(ctx, "alloc_idx", iw, out->alloc_idx, PORT_OUT);
    visit(ctx, "err", 1, out->err, PORT_OUT);
    visit(ctx, "err_code", 3, out->err_code, PORT_OUT);
    visit(ctx, "rd_valid", ew, out->rd_valid, PORT_OUT);
    visit(ctx, "rd_shadow", ew, out->rd_shadow, PORT_OUT);
    visit(ctx, "rd_reg", rw, out->rd_reg, PORT_OUT);
}

static void trace_port(void *ctx, const char *name, unsigned width, uint64_t value,
                       enum port_dir dir)
{
    (void)dir;
    vcd_sig((vcd_writer *)ctx, name, width, value);
}

void shadow_scoreboard_trace(struct vcd_writer *w, const shadow_scoreboard_cfg *cfg,
                             const shadow_scoreboard_state *s, const shadow_scoreboard_in *in,
                             const shadow_scoreboard_out *out)
{
    unsigned i, side, e;
    char name[32];
    shadow_scoreboard_ports(cfg, in, out, trace_port, w);
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
