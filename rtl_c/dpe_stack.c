/*
 * dpe_stack.c -- dual-path reconvergence stack (DPE).  Behaviour, timing and
 * departures from the paper are documented in dpe_stack.h; this file and
 * verilog/dpe_stack.v implement the same decision, written the same way:
 * one combinational `decide` (always @*) and one clock edge (always @posedge).
 */
#include "dpe_stack.h"

#include <string.h>

#include "bits.h"
#include "../vcd/vcd.h"

dpe_stack_cfg dpe_stack_default_cfg(void)
{
    dpe_stack_cfg c;
    c.warps = 48;
    c.lanes = 32;
    c.depth = 8;
    c.pc_bits = 32;
    return c;
}

const char *dpe_stack_cfg_check(const dpe_stack_cfg *cfg)
{
    if (cfg->warps < 1u || cfg->warps > DPE_STACK_MAX_WARPS)
        return "dpe_stack: warps must be 1..64";
    if (cfg->lanes < 1u || cfg->lanes > 64u)
        return "dpe_stack: lanes must be 1..64";
    if (cfg->depth < 1u || cfg->depth > DPE_STACK_MAX_DEPTH)
        return "dpe_stack: depth must be 1..32";
    if (cfg->pc_bits < 2u || cfg->pc_bits > 64u)
        return "dpe_stack: pc_bits must be 2..64";
    return NULL;
}

unsigned dpe_stack_warp_w(const dpe_stack_cfg *cfg) { return bits_index_width(cfg->warps); }
unsigned dpe_stack_idx_w(const dpe_stack_cfg *cfg) { return bits_index_width(cfg->depth); }
unsigned dpe_stack_depth_w(const dpe_stack_cfg *cfg) { return bits_width_for(cfg->depth); }
unsigned dpe_stack_entry_bits(const dpe_stack_cfg *cfg)
{
    return 3u * cfg->pc_bits + 2u * cfg->lanes + 2u;
}

void dpe_stack_reset(const dpe_stack_cfg *cfg, dpe_stack_state *s)
{
    (void)cfg;
    memset(s, 0, sizeof *s);
}

/* One cycle's decision: everything the clock edge needs. */
typedef struct {
    unsigned err_code;
    unsigned act;
    unsigned warp;    /* valid when act != IDLE/STALL */
    unsigned side;    /* P: the path written by wr_p */
    unsigned sp_next; /* new depth of warp */
    unsigned wr_p;    /* write path P of the TOS with p_pc, p_valid */
    uint64_t p_pc;
    unsigned p_valid;
    unsigned wr_ent;  /* write a whole entry at index ent_idx */
    unsigned ent_idx;
    uint64_t ent_l_pc, ent_l_mask, ent_r_pc, ent_r_mask, ent_rpc;
    unsigned ent_l_valid, ent_r_valid;
} dpe_stack_dec;

/* Inputs truncated to their port widths, as the RTL sees them. */
static dpe_stack_in port_view(const dpe_stack_cfg *cfg, const dpe_stack_in *in)
{
    dpe_stack_in v;
    v.op = bits_trunc(in->op, 2);
    v.op_warp = bits_trunc(in->op_warp, dpe_stack_warp_w(cfg));
    v.op_side = bits_trunc(in->op_side, 1);
    v.op_mask = bits_trunc(in->op_mask, cfg->lanes);
    v.op_pc = bits_trunc(in->op_pc, cfg->pc_bits);
    v.op_npc = bits_trunc(in->op_npc, cfg->pc_bits);
    v.op_rpc = bits_trunc(in->op_rpc, cfg->pc_bits);
    v.rd_warp = bits_trunc(in->rd_warp, dpe_stack_warp_w(cfg));
    v.rd_idx = bits_trunc(in->rd_idx, dpe_stack_idx_w(cfg));
    return v;
}

/* Depth after popping the TOS of a warp at depth sp.  The base entry of a
 * warp that diverged to its own exit has both paths invalid; it goes with
 * the last entry above it (the warp is finished). */
static unsigned depth_after_pop(const dpe_stack_state *s, unsigned w, unsigned sp)
{
    if (sp == 2u && !s->l_valid[w][0] && !s->r_valid[w][0])
        return 0;
    return sp - 1u;
}

static void decide(const dpe_stack_cfg *cfg, const dpe_stack_state *s,
                   const dpe_stack_in *in, dpe_stack_dec *d)
{
    unsigned w = (unsigned)in->op_warp;
    unsigned sp, tos, side, p_valid, q_valid, t_live, n_live;
    uint64_t tmask, nmask, p_mask, tos_rpc;

    memset(d, 0, sizeof *d);
    d->act = DPE_ACT_IDLE;
    d->warp = w;
    if (in->op == DPE_OP_NOP)
        return;
    if (in->op == DPE_OP_BAD) {
        d->err_code = DPE_ERR_BAD_OP;
        return;
    }
    if (w >= cfg->warps) {
        d->err_code = DPE_ERR_BAD_WARP;
        return;
    }
    sp = s->sp[w];
    if (in->op == DPE_OP_LAUNCH) {
        if (sp != 0u)
            d->err_code = DPE_ERR_WARP_BUSY;
        else if (in->op_mask == 0u)
            d->err_code = DPE_ERR_BAD_MASK;
        else if (in->op_pc == in->op_rpc)
            d->err_code = DPE_ERR_BAD_LAUNCH;
        else {
            d->act = DPE_ACT_LAUNCH;
            d->sp_next = 1;
            d->wr_ent = 1;
            d->ent_idx = 0;
            d->ent_l_pc = in->op_pc;
            d->ent_l_mask = in->op_mask;
            d->ent_l_valid = 1;
            d->ent_rpc = in->op_rpc;
        }
        return;
    }
    /* BRANCH on path P = op_side of the TOS; Q is the other path */
    if (sp == 0u) {
        d->err_code = DPE_ERR_WARP_IDLE;
        return;
    }
    tos = sp - 1u;
    side = (unsigned)in->op_side;
    p_valid = side ? s->r_valid[w][tos] : s->l_valid[w][tos];
    q_valid = side ? s->l_valid[w][tos] : s->r_valid[w][tos];
    p_mask = side ? s->r_mask[w][tos] : s->l_mask[w][tos];
    tos_rpc = s->rpc[w][tos];
    if (!p_valid) {
        d->err_code = DPE_ERR_BAD_PATH;
        return;
    }
    if (!bits_subset(in->op_mask, p_mask)) {
        d->err_code = DPE_ERR_BAD_MASK;
        return;
    }
    tmask = in->op_mask;
    nmask = p_mask & ~tmask;
    t_live = in->op_pc != in->op_rpc;
    n_live = in->op_npc != in->op_rpc;
    d->side = side;
    d->sp_next = sp;

    if (tmask == 0u || nmask == 0u || (!t_live && !n_live)) {
        /* uniform, or both sides already at op_rpc (then op_pc == op_npc ==
         * op_rpc): P moves to one target */
        uint64_t target = tmask != 0u ? in->op_pc : in->op_npc;
        d->wr_p = 1;
        d->p_pc = target;
        if (target != tos_rpc) {
            d->act = DPE_ACT_ADVANCE;
            d->p_valid = 1;
        } else if (q_valid) {
            d->act = DPE_ACT_RECONV;
        } else {
            d->act = DPE_ACT_POP;
            d->sp_next = depth_after_pop(s, w, sp);
        }
        return;
    }
    /* divergent: one entry {L = taken, R = not taken, op_rpc} */
    d->ent_l_pc = in->op_pc;
    d->ent_l_mask = tmask;
    d->ent_l_valid = t_live;
    d->ent_r_pc = in->op_npc;
    d->ent_r_mask = nmask;
    d->ent_r_valid = n_live;
    d->ent_rpc = in->op_rpc;
    if (in->op_rpc == tos_rpc && !q_valid && sp >= 2u) {
        /* SPLIT: the new entry replaces the TOS */
        d->act = DPE_ACT_SPLIT;
        d->wr_ent = 1;
        d->ent_idx = tos;
        return;
    }
    if (sp >= cfg->depth) {
        d->act = DPE_ACT_STALL;
        return;
    }
    /* DIVERGE: P waits at op_rpc (Q, if valid, is suspended); push */
    d->act = DPE_ACT_DIVERGE;
    d->wr_p = 1;
    d->p_pc = in->op_rpc;
    d->p_valid = in->op_rpc != tos_rpc;
    d->wr_ent = 1;
    d->ent_idx = sp;
    d->sp_next = sp + 1u;
}

void dpe_stack_eval(const dpe_stack_cfg *cfg, const dpe_stack_state *s,
                    const dpe_stack_in *in_raw, dpe_stack_out *out)
{
    dpe_stack_in in = port_view(cfg, in_raw);
    dpe_stack_dec d;
    unsigned rw = (unsigned)in.rd_warp;

    decide(cfg, s, &in, &d);
    memset(out, 0, sizeof *out);
    out->err = d.err_code != DPE_ERR_NONE;
    out->err_code = d.err_code;
    out->act = d.act;
    out->ready = d.act != DPE_ACT_STALL;
    if (in.op_warp < cfg->warps && s->sp[in.op_warp] != 0u) {
        unsigned w = (unsigned)in.op_warp, tos = s->sp[w] - 1u;
        out->op_depth = s->sp[w];
        out->tos_l_valid = s->l_valid[w][tos];
        out->tos_l_pc = s->l_pc[w][tos];
        out->tos_l_mask = s->l_mask[w][tos];
        out->tos_r_valid = s->r_valid[w][tos];
        out->tos_r_pc = s->r_pc[w][tos];
        out->tos_r_mask = s->r_mask[w][tos];
        out->tos_rpc = s->rpc[w][tos];
    }
    if (rw < cfg->warps) {
        unsigned depth = s->sp[rw];
        out->rd_depth = depth;
        if (in.rd_idx < depth) {
            unsigned e = depth - 1u - (unsigned)in.rd_idx;
            out->rd_valid = 1;
            out->rd_l_valid = s->l_valid[rw][e];
            out->rd_l_pc = s->l_pc[rw][e];
            out->rd_l_mask = s->l_mask[rw][e];
            out->rd_r_valid = s->r_valid[rw][e];
            out->rd_r_pc = s->r_pc[rw][e];
            out->rd_r_mask = s->r_mask[rw][e];
            out->rd_rpc = s->rpc[rw][e];
        }
    }
}

void dpe_stack_step(const dpe_stack_cfg *cfg, dpe_stack_state *s, const dpe_stack_in *in_raw)
{
    dpe_stack_in in = port_view(cfg, in_raw);
    dpe_stack_dec d;

    decide(cfg, s, &in, &d);
    if (d.err_code != DPE_ERR_NONE || d.act == DPE_ACT_IDLE || d.act == DPE_ACT_STALL)
        return;
    if (d.wr_p) {
        unsigned tos = s->sp[d.warp] - 1u;
        if (d.side) {
            s->r_pc[d.warp][tos] = d.p_pc;
            s->r_valid[d.warp][tos] = (uint8_t)d.p_valid;
        } else {
            s->l_pc[d.warp][tos] = d.p_pc;
            s->l_valid[d.warp][tos] = (uint8_t)d.p_valid;
        }
    }
    if (d.wr_ent) {
        unsigned e = d.ent_idx;
        s->l_pc[d.warp][e] = d.ent_l_pc;
        s->l_mask[d.warp][e] = d.ent_l_mask;
        s->l_valid[d.warp][e] = (uint8_t)d.ent_l_valid;
        s->r_pc[d.warp][e] = d.ent_r_pc;
        s->r_mask[d.warp][e] = d.ent_r_mask;
        s->r_valid[d.warp][e] = (uint8_t)d.ent_r_valid;
        s->rpc[d.warp][e] = d.ent_rpc;
    }
    s->sp[d.warp] = (uint8_t)d.sp_next;
}

const char *dpe_stack_check(const dpe_stack_cfg *cfg, const dpe_stack_state *s)
{
    static char msg[200];
    unsigned w, e;
    uint64_t lanes = bits_mask(cfg->lanes), pcs = bits_mask(cfg->pc_bits);

    for (w = 0; w < cfg->warps; w++) {
        unsigned sp = s->sp[w];
        if (sp > cfg->depth) {
            snprintf(msg, sizeof msg, "warp %u: depth %u exceeds DEPTH %u", w, sp, cfg->depth);
            return msg;
        }
        for (e = 0; e < sp; e++) {
            uint64_t lm = s->l_mask[w][e], rm = s->r_mask[w][e], rpc = s->rpc[w][e];
            unsigned lv = s->l_valid[w][e], rv = s->r_valid[w][e];
            if (!bits_subset(lm | rm, lanes)) {
                snprintf(msg, sizeof msg, "warp %u entry %u: masks L %llx R %llx beyond LANES",
                         w, e, (unsigned long long)lm, (unsigned long long)rm);
                return msg;
            }
            if (!bits_subset(s->l_pc[w][e] | s->r_pc[w][e] | rpc, pcs) || lv > 1u || rv > 1u) {
                snprintf(msg, sizeof msg, "warp %u entry %u: a pc or valid bit beyond its width",
                         w, e);
                return msg;
            }
            if (lm & rm) {
                snprintf(msg, sizeof msg, "warp %u entry %u: L mask %llx and R mask %llx overlap",
                         w, e, (unsigned long long)lm, (unsigned long long)rm);
                return msg;
            }
            if ((lv && lm == 0u) || (rv && rm == 0u)) {
                snprintf(msg, sizeof msg, "warp %u entry %u: valid path %c with an empty mask", w,
                         e, lv && lm == 0u ? 'L' : 'R');
                return msg;
            }
            if ((lv && s->l_pc[w][e] == rpc) || (rv && s->r_pc[w][e] == rpc)) {
                snprintf(msg, sizeof msg,
                         "warp %u entry %u: valid path %c has pc == rpc (%llx) but is still valid",
                         w, e, lv && s->l_pc[w][e] == rpc ? 'L' : 'R', (unsigned long long)rpc);
                return msg;
            }
            if (!lv && !rv && !(e == 0u && sp >= 2u)) {
                snprintf(msg, sizeof msg, "warp %u entry %u: both paths invalid but not popped",
                         w, e);
                return msg;
            }
            if (e >= 1u) {
                unsigned b = e - 1u;
                uint64_t uni = lm | rm;
                int in_l = bits_subset(uni, s->l_mask[w][b]);
                int in_r = bits_subset(uni, s->r_mask[w][b]);
                if (!in_l && !in_r) {
                    snprintf(msg, sizeof msg,
                             "warp %u entry %u: masks %llx not within entry %u's L %llx or R %llx",
                             w, e, (unsigned long long)uni, b,
                             (unsigned long long)s->l_mask[w][b],
                             (unsigned long long)s->r_mask[w][b]);
                    return msg;
                }
                if ((in_l ? s->l_pc[w][b] : s->r_pc[w][b]) != rpc) {
                    snprintf(msg, sizeof msg,
                             "warp %u entry %u: path %c of entry %u holds its threads at pc %llx, "
                             "not at its rpc %llx",
                             w, e, in_l ? 'L' : 'R', b,
                             (unsigned long long)(in_l ? s->l_pc[w][b] : s->r_pc[w][b]),
                             (unsigned long long)rpc);
                    return msg;
                }
            }
        }
    }
    return NULL;
}

void dpe_stack_ports(const dpe_stack_cfg *cfg, const dpe_stack_in *in,
                     const dpe_stack_out *out, port_visit_fn visit, void *ctx)
{
    unsigned ww = dpe_stack_warp_w(cfg), iw = dpe_stack_idx_w(cfg);
    unsigned dw = dpe_stack_depth_w(cfg), pw = cfg->pc_bits, lw = cfg->lanes;

    visit(ctx, "op", 2, in->op, PORT_IN);
    visit(ctx, "op_warp", ww, in->op_warp, PORT_IN);
    visit(ctx, "op_side", 1, in->op_side, PORT_IN);
    visit(ctx, "op_mask", lw, in->op_mask, PORT_IN);
    visit(ctx, "op_pc", pw, in->op_pc, PORT_IN);
    visit(ctx, "op_npc", pw, in->op_npc, PORT_IN);
    visit(ctx, "op_rpc", pw, in->op_rpc, PORT_IN);
    visit(ctx, "rd_warp", ww, in->rd_warp, PORT_IN);
    visit(ctx, "rd_idx", iw, in->rd_idx, PORT_IN);
    visit(ctx, "ready", 1, out->ready, PORT_OUT);
    visit(ctx, "err", 1, out->err, PORT_OUT);
    visit(ctx, "err_code", 3, out->err_code, PORT_OUT);
    visit(ctx, "act", 3, out->act, PORT_OUT);
    visit(ctx, "op_depth", dw, out->op_depth, PORT_OUT);
    visit(ctx, "tos_l_valid", 1, out->tos_l_valid, PORT_OUT);
    visit(ctx, "tos_l_pc", pw, out->tos_l_pc, PORT_OUT);
    visit(ctx, "tos_l_mask", lw, out->tos_l_mask, PORT_OUT);
    visit(ctx, "tos_r_valid", 1, out->tos_r_valid, PORT_OUT);
    visit(ctx, "tos_r_pc", pw, out->tos_r_pc, PORT_OUT);
    visit(ctx, "tos_r_mask", lw, out->tos_r_mask, PORT_OUT);
    visit(ctx, "tos_rpc", pw, out->tos_rpc, PORT_OUT);
    visit(ctx, "rd_depth", dw, out->rd_depth, PORT_OUT);
    visit(ctx, "rd_valid", 1, out->rd_valid, PORT_OUT);
    visit(ctx, "rd_l_valid", 1, out->rd_l_valid, PORT_OUT);
    visit(ctx, "rd_l_pc", pw, out->rd_l_pc, PORT_OUT);
    visit(ctx, "rd_l_mask", lw, out->rd_l_mask, PORT_OUT);
    visit(ctx, "rd_r_valid", 1, out->rd_r_valid, PORT_OUT);
    visit(ctx, "rd_r_pc", pw, out->rd_r_pc, PORT_OUT);
    visit(ctx, "rd_r_mask", lw, out->rd_r_mask, PORT_OUT);
    visit(ctx, "rd_rpc", pw, out->rd_rpc, PORT_OUT);
}

static void trace_port(void *ctx, const char *name, unsigned width, uint64_t value,
                       enum port_dir dir)
{
    (void)dir;
    vcd_sig((vcd_writer *)ctx, name, width, value);
}

void dpe_stack_trace(struct vcd_writer *w, const dpe_stack_cfg *cfg,
                     const dpe_stack_state *s, const dpe_stack_in *in,
                     const dpe_stack_out *out)
{
    unsigned i;
    char name[32];
    dpe_stack_ports(cfg, in, out, trace_port, w);
    vcd_scope(w, "state");
    for (i = 0; i < cfg->warps; i++) {
        unsigned sp = s->sp[i], t = sp ? sp - 1u : 0u;
        snprintf(name, sizeof name, "w%02u_depth", i);
        vcd_sig(w, name, dpe_stack_depth_w(cfg), sp);
        snprintf(name, sizeof name, "w%02u_tos_l_valid", i);
        vcd_sig(w, name, 1, sp ? s->l_valid[i][t] : 0u);
        snprintf(name, sizeof name, "w%02u_tos_l_pc", i);
        vcd_sig(w, name, cfg->pc_bits, sp ? s->l_pc[i][t] : 0u);
        snprintf(name, sizeof name, "w%02u_tos_l_mask", i);
        vcd_sig(w, name, cfg->lanes, sp ? s->l_mask[i][t] : 0u);
        snprintf(name, sizeof name, "w%02u_tos_r_valid", i);
        vcd_sig(w, name, 1, sp ? s->r_valid[i][t] : 0u);
        snprintf(name, sizeof name, "w%02u_tos_r_pc", i);
        vcd_sig(w, name, cfg->pc_bits, sp ? s->r_pc[i][t] : 0u);
        snprintf(name, sizeof name, "w%02u_tos_r_mask", i);
        vcd_sig(w, name, cfg->lanes, sp ? s->r_mask[i][t] : 0u);
        snprintf(name, sizeof name, "w%02u_tos_rpc", i);
        vcd_sig(w, name, cfg->pc_bits, sp ? s->rpc[i][t] : 0u);
    }
    vcd_upscope(w);
}

const char *dpe_stack_err_name(unsigned code)
{
    static const char *const names[] = {"NONE",      "BAD_OP",   "BAD_WARP",   "WARP_BUSY",
                                        "WARP_IDLE", "BAD_MASK", "BAD_LAUNCH", "BAD_PATH"};
    return code < sizeof names / sizeof names[0] ? names[code] : "?";
}

const char *dpe_stack_act_name(unsigned act)
{
    static const char *const names[] = {"IDLE", "LAUNCH", "ADVANCE", "RECONV",
                                        "POP",  "DIVERGE", "SPLIT",  "STALL"};
    return act < sizeof names / sizeof names[0] ? names[act] : "?";
}
