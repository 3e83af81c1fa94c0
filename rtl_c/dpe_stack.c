/* SPDX-License-Identifier: Apache-2.0 */
/*
 * dpe_stack.c -- dual-path reconvergence stack (DPE).  Behaviour, timing and
 * departures from the paper are documented in dpe_stack.h; this file and
 * verilog/dpe_stack.v implement the same decision, written the same way:
 * one combinational `decide` (always @*) and one clock edge (always @posedge).
 */
#include "dpe_stack.h"

#include <stddef.h>
#include <string.h>

#include "bits.h"
#include "../vcd/vcd.h"

/* The parameters (port.h): Verilog name, cfg field, min, max, default. */
static const struct param_def dpe_stack_param_defs[] = {
    {"WARPS", "warps", offsetof(dpe_stack_cfg, warps), 1, DPE_STACK_MAX_WARPS, 48, 0},
    {"LANES", "lanes", offsetof(dpe_stack_cfg, lanes), 1, 64, 32, 0},
    {"DEPTH", "depth", offsetof(dpe_stack_cfg, depth), 1, DPE_STACK_MAX_DEPTH, 8, 0},
    {"PC_W", "pc_bits", offsetof(dpe_stack_cfg, pc_bits), 2, 64, 32, 0},
};

/* dpe_stack_params, dpe_stack_default_cfg() and dpe_stack_cfg_check() */
PARAM_TABLE(dpe_stack, NULL)


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

/* Depth after popping the TOS of a warp at depth sp.  The base entry of a
 * warp that diverged to its own exit has both paths invalid; it goes with
 * the last entry above it (the warp is finished). */
static unsigned depth_after_pop(const dpe_stack_state *s, unsigned w, unsigned sp)
{
    if (sp == 2u && !s->l_valid[w][0] && !s->r_valid[w][0])
        return 0;
    return sp - 1u;
}

/* The cycle's decision (the Verilog's `decide` block), from the inputs as
 * the ports see them: err_code, act and the d_* fields of `o`.  Only warp w
 * (< WARPS) is read. */
static void decide(const dpe_stack_cfg *cfg, const dpe_stack_state *s, unsigned op,
                   unsigned w, unsigned side, uint64_t op_mask, uint64_t op_pc,
                   uint64_t op_npc, uint64_t op_rpc, dpe_stack_out *o)
{
    unsigned sp, tos, p_valid, q_valid, t_live, n_live;
    uint64_t nmask, p_mask, tos_rpc;

    o->err_code = DPE_ERR_NONE;
    o->act = DPE_ACT_IDLE;
    o->d_write = 0;
    if (op == DPE_OP_NOP)
        return;
    if (op == DPE_OP_BAD) {
        o->err_code = DPE_ERR_BAD_OP;
        return;
    }
    if (w >= cfg->warps) {
        o->err_code = DPE_ERR_BAD_WARP;
        return;
    }
    sp = s->sp[w];
    o->d_warp = (uint8_t)w;
    o->d_side = (uint8_t)side;
    o->d_ent_rpc = op_rpc;
    if (op == DPE_OP_LAUNCH) {
        if (sp != 0u)
            o->err_code = DPE_ERR_WARP_BUSY;
        else if (op_mask == 0u)
            o->err_code = DPE_ERR_BAD_MASK;
        else if (op_pc == op_rpc)
            o->err_code = DPE_ERR_BAD_LAUNCH;
        else {
            o->act = DPE_ACT_LAUNCH;
            o->d_write = 1;
            o->d_sp_next = 1;
            o->d_wr_p = 0;
            o->d_wr_ent = 1;
            o->d_ent_idx = 0;
            o->d_ent_l_pc = op_pc;
            o->d_ent_l_mask = op_mask;
            o->d_ent_l_valid = 1;
            o->d_ent_r_pc = 0;
            o->d_ent_r_mask = 0;
            o->d_ent_r_valid = 0;
        }
        return;
    }
    /* BRANCH on path P = op_side of the TOS; Q is the other path */
    if (sp == 0u) {
        o->err_code = DPE_ERR_WARP_IDLE;
        return;
    }
    tos = sp - 1u;
    p_valid = side ? s->r_valid[w][tos] : s->l_valid[w][tos];
    q_valid = side ? s->l_valid[w][tos] : s->r_valid[w][tos];
    p_mask = side ? s->r_mask[w][tos] : s->l_mask[w][tos];
    tos_rpc = s->rpc[w][tos];
    if (!p_valid) {
        o->err_code = DPE_ERR_BAD_PATH;
        return;
    }
    if (!bits_subset(op_mask, p_mask)) {
        o->err_code = DPE_ERR_BAD_MASK;
        return;
    }
    nmask = p_mask & ~op_mask;
    t_live = op_pc != op_rpc;
    n_live = op_npc != op_rpc;
    o->d_write = 1;
    o->d_sp_next = (uint8_t)sp;
    o->d_wr_p = 0;
    o->d_wr_ent = 0;

    if (op_mask == 0u || nmask == 0u || (!t_live && !n_live)) {
        /* uniform, or both sides already at op_rpc (then op_pc == op_npc ==
         * op_rpc): P moves to one target */
        uint64_t target = op_mask != 0u ? op_pc : op_npc;
        o->d_wr_p = 1;
        o->d_p_pc = target;
        o->d_p_valid = 0;
        if (target != tos_rpc) {
            o->act = DPE_ACT_ADVANCE;
            o->d_p_valid = 1;
        } else if (q_valid) {
            o->act = DPE_ACT_RECONV;
        } else {
            o->act = DPE_ACT_POP;
            o->d_sp_next = (uint8_t)depth_after_pop(s, w, sp);
        }
        return;
    }
    /* divergent: one entry {L = taken, R = not taken, op_rpc} */
    o->d_ent_l_pc = op_pc;
    o->d_ent_l_mask = op_mask;
    o->d_ent_l_valid = (uint8_t)t_live;
    o->d_ent_r_pc = op_npc;
    o->d_ent_r_mask = nmask;
    o->d_ent_r_valid = (uint8_t)n_live;
    if (op_rpc == tos_rpc && !q_valid && sp >= 2u) {
        /* SPLIT: the new entry replaces the TOS */
        o->act = DPE_ACT_SPLIT;
        o->d_wr_ent = 1;
        o->d_ent_idx = (uint8_t)tos;
        return;
    }
    if (sp >= cfg->depth) {
        o->act = DPE_ACT_STALL;
        o->d_write = 0;
        return;
    }
    /* DIVERGE: P waits at op_rpc (Q, if valid, is suspended); push */
    o->act = DPE_ACT_DIVERGE;
    o->d_wr_p = 1;
    o->d_p_pc = op_rpc;
    o->d_p_valid = op_rpc != tos_rpc;
    o->d_wr_ent = 1;
    o->d_ent_idx = (uint8_t)sp;
    o->d_sp_next = (uint8_t)(sp + 1u);
}

void dpe_stack_eval(const dpe_stack_cfg *cfg, const dpe_stack_state *s,
                    const dpe_stack_in *in, dpe_stack_out *out)
{
    /* the inputs as the ports see them (truncated to their widths; an id
     * below WARPS or DEPTH already fits its port) */
    const uint64_t pcm = bits_mask(cfg->pc_bits);
    const unsigned w = bits_port_index(in->op_warp, cfg->warps, dpe_stack_warp_w(cfg));
    const unsigned rw = bits_port_index(in->rd_warp, cfg->warps, dpe_stack_warp_w(cfg));
    const unsigned ri = bits_port_index(in->rd_idx, cfg->depth, dpe_stack_idx_w(cfg));

    decide(cfg, s, (unsigned)(in->op & 3u), w, (unsigned)(in->op_side & 1u),
           bits_trunc(in->op_mask, cfg->lanes), in->op_pc & pcm, in->op_npc & pcm,
           in->op_rpc & pcm, out);
    out->err = out->err_code != DPE_ERR_NONE;
    out->ready = out->act != DPE_ACT_STALL;
    out->op_depth = 0;
    out->tos_l_valid = out->tos_r_valid = 0;
    out->tos_l_pc = out->tos_l_mask = out->tos_r_pc = out->tos_r_mask = out->tos_rpc = 0;
    if (w < cfg->warps) {
        const unsigned sp = s->sp[w];
        out->op_depth = sp;
        if (sp != 0u) {
            const unsigned t = sp - 1u;
            out->tos_l_valid = s->l_valid[w][t];
            out->tos_l_pc = s->l_pc[w][t];
            out->tos_l_mask = s->l_mask[w][t];
            out->tos_r_valid = s->r_valid[w][t];
            out->tos_r_pc = s->r_pc[w][t];
            out->tos_r_mask = s->r_mask[w][t];
            out->tos_rpc = s->rpc[w][t];
        }
    }
    out->rd_depth = out->rd_valid = out->rd_l_valid = out->rd_r_valid = 0;
    out->rd_l_pc = out->rd_l_mask = out->rd_r_pc = out->rd_r_mask = out->rd_rpc = 0;
    if (rw < cfg->warps) {
        const unsigned depth = s->sp[rw];
        out->rd_depth = depth;
        if (ri < depth) {
            const unsigned e = depth - 1u - ri;
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

void dpe_stack_step(const dpe_stack_cfg *cfg, dpe_stack_state *s, const dpe_stack_in *in,
                    const dpe_stack_out *out)
{
    unsigned w;
    (void)cfg;
    (void)in;
    if (!out->d_write) /* idle, err or stall: nothing changes */
        return;
    w = out->d_warp;
    if (out->d_wr_p) {
        const unsigned tos = s->sp[w] - 1u;
        if (out->d_side) {
            s->r_pc[w][tos] = out->d_p_pc;
            s->r_valid[w][tos] = out->d_p_valid;
        } else {
            s->l_pc[w][tos] = out->d_p_pc;
            s->l_valid[w][tos] = out->d_p_valid;
        }
    }
    if (out->d_wr_ent) {
        const unsigned e = out->d_ent_idx;
        s->l_pc[w][e] = out->d_ent_l_pc;
        s->l_mask[w][e] = out->d_ent_l_mask;
        s->l_valid[w][e] = out->d_ent_l_valid;
        s->r_pc[w][e] = out->d_ent_r_pc;
        s->r_mask[w][e] = out->d_ent_r_mask;
        s->r_valid[w][e] = out->d_ent_r_valid;
        s->rpc[w][e] = out->d_ent_rpc;
    }
    s->sp[w] = out->d_sp_next;
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

    visit(ctx, "op", 2, &in->op, PORT_IN);
    visit(ctx, "op_warp", ww, &in->op_warp, PORT_IN);
    visit(ctx, "op_side", 1, &in->op_side, PORT_IN);
    visit(ctx, "op_mask", lw, &in->op_mask, PORT_IN);
    visit(ctx, "op_pc", pw, &in->op_pc, PORT_IN);
    visit(ctx, "op_npc", pw, &in->op_npc, PORT_IN);
    visit(ctx, "op_rpc", pw, &in->op_rpc, PORT_IN);
    visit(ctx, "rd_warp", ww, &in->rd_warp, PORT_IN);
    visit(ctx, "rd_idx", iw, &in->rd_idx, PORT_IN);
    visit(ctx, "ready", 1, &out->ready, PORT_OUT);
    visit(ctx, "err", 1, &out->err, PORT_OUT);
    visit(ctx, "err_code", 3, &out->err_code, PORT_OUT);
    visit(ctx, "act", 3, &out->act, PORT_OUT);
    visit(ctx, "op_depth", dw, &out->op_depth, PORT_OUT);
    visit(ctx, "tos_l_valid", 1, &out->tos_l_valid, PORT_OUT);
    visit(ctx, "tos_l_pc", pw, &out->tos_l_pc, PORT_OUT);
    visit(ctx, "tos_l_mask", lw, &out->tos_l_mask, PORT_OUT);
    visit(ctx, "tos_r_valid", 1, &out->tos_r_valid, PORT_OUT);
    visit(ctx, "tos_r_pc", pw, &out->tos_r_pc, PORT_OUT);
    visit(ctx, "tos_r_mask", lw, &out->tos_r_mask, PORT_OUT);
    visit(ctx, "tos_rpc", pw, &out->tos_rpc, PORT_OUT);
    visit(ctx, "rd_depth", dw, &out->rd_depth, PORT_OUT);
    visit(ctx, "rd_valid", 1, &out->rd_valid, PORT_OUT);
    visit(ctx, "rd_l_valid", 1, &out->rd_l_valid, PORT_OUT);
    visit(ctx, "rd_l_pc", pw, &out->rd_l_pc, PORT_OUT);
    visit(ctx, "rd_l_mask", lw, &out->rd_l_mask, PORT_OUT);
    visit(ctx, "rd_r_valid", 1, &out->rd_r_valid, PORT_OUT);
    visit(ctx, "rd_r_pc", pw, &out->rd_r_pc, PORT_OUT);
    visit(ctx, "rd_r_mask", lw, &out->rd_r_mask, PORT_OUT);
    visit(ctx, "rd_rpc", pw, &out->rd_rpc, PORT_OUT);
}

void dpe_stack_trace(struct vcd_writer *w, const dpe_stack_cfg *cfg,
                     const dpe_stack_state *s, const dpe_stack_in *in,
                     const dpe_stack_out *out)
{
    unsigned i;
    char name[32];
    dpe_stack_ports(cfg, in, out, vcd_port, w);
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
