/* SPDX-License-Identifier: Apache-2.0 */
/*
 * simt_stack.c -- SIMT reconvergence stack (SPE).  Behaviour, timing and
 * departures from the papers are documented in simt_stack.h; this file and
 * verilog/simt_stack.v implement the same decision, written the same way:
 * one combinational `decide` (always @*) and one clock edge (always @posedge).
 */
#include "simt_stack.h"

#include <stddef.h>
#include <string.h>

#include "bits.h"
#include "simt_rule.h"
#include "../vcd/vcd.h"

/* The parameters (port.h): Verilog name, cfg field, min, max, default. */
static const struct param_def simt_stack_param_defs[] = {
    {"WARPS", "warps", offsetof(simt_stack_cfg, warps), 1, SIMT_STACK_MAX_WARPS, 48, 0},
    {"LANES", "lanes", offsetof(simt_stack_cfg, lanes), 1, 64, 32, 0},
    {"DEPTH", "depth", offsetof(simt_stack_cfg, depth), 1, SIMT_STACK_MAX_DEPTH, 16, 0},
    {"PC_W", "pc_bits", offsetof(simt_stack_cfg, pc_bits), 2, 64, 32, 0},
};

/* simt_stack_params, simt_stack_default_cfg() and simt_stack_cfg_check() */
PARAM_TABLE(simt_stack, NULL)


unsigned simt_stack_warp_w(const simt_stack_cfg *cfg) { return bits_index_width(cfg->warps); }
unsigned simt_stack_idx_w(const simt_stack_cfg *cfg) { return bits_index_width(cfg->depth); }
unsigned simt_stack_depth_w(const simt_stack_cfg *cfg) { return bits_width_for(cfg->depth); }

_Static_assert((int)SIMT_RULE_ADVANCE == (int)SIMT_ACT_ADVANCE &&
                   (int)SIMT_RULE_POP == (int)SIMT_ACT_POP &&
                   (int)SIMT_RULE_DIVERGE == (int)SIMT_ACT_DIVERGE &&
                   (int)SIMT_RULE_SPLIT == (int)SIMT_ACT_SPLIT &&
                   (int)SIMT_RULE_STALL == (int)SIMT_ACT_STALL,
               "simt_rule's act codes are simt_stack's");

void simt_stack_reset(const simt_stack_cfg *cfg, simt_stack_state *s)
{
    (void)cfg;
    memset(s, 0, sizeof *s);
}

/* The cycle's decision (the Verilog's `decide` block), from the inputs as
 * the ports see them: err_code, act and the d_* fields of `o`.  Only warp w
 * (< WARPS) is read; d_* are left as they are when nothing is written. */
static void decide(const simt_stack_cfg *cfg, const simt_stack_state *s, unsigned op,
                   unsigned w, uint64_t op_mask, uint64_t op_pc, uint64_t op_npc,
                   uint64_t op_rpc, simt_stack_out *o)
{
    unsigned sp, tos;
    uint64_t nmask, tos_mask, tos_rpc;
    simt_rule_dec d;

    o->err_code = SIMT_ERR_NONE;
    o->act = SIMT_ACT_IDLE;
    o->d_write = 0;
    if (op == SIMT_OP_NOP)
        return;
    if (op == SIMT_OP_BAD) {
        o->err_code = SIMT_ERR_BAD_OP;
        return;
    }
    if (w >= cfg->warps) {
        o->err_code = SIMT_ERR_BAD_WARP;
        return;
    }
    sp = s->sp[w];
    o->d_warp = (uint8_t)w;
    o->d_rpc = op_rpc;
    if (op == SIMT_OP_LAUNCH) {
        if (sp != 0u)
            o->err_code = SIMT_ERR_WARP_BUSY;
        else if (op_mask == 0u)
            o->err_code = SIMT_ERR_BAD_MASK;
        else if (op_pc == op_rpc)
            o->err_code = SIMT_ERR_BAD_LAUNCH;
        else {
            o->act = SIMT_ACT_LAUNCH;
            o->d_write = 1;
            o->d_wr_tos = 0;
            o->d_sp_next = 1;
            o->d_n_push = 1;
            o->d_push_base = 0;
            o->d_push_pc[0] = op_pc;
            o->d_push_mask[0] = op_mask;
        }
        return;
    }
    /* BRANCH */
    if (sp == 0u) {
        o->err_code = SIMT_ERR_WARP_IDLE;
        return;
    }
    tos = sp - 1u;
    tos_mask = s->mask[w][tos];
    tos_rpc = s->rpc[w][tos];
    if (!bits_subset(op_mask, tos_mask)) {
        o->err_code = SIMT_ERR_BAD_MASK;
        return;
    }
    nmask = tos_mask & ~op_mask;
    /* the push/pop decision, shared with lwm_subwarp (simt_rule.h) */
    d = simt_rule(cfg->depth, sp, sp == 2u && s->pc[w][0] == s->rpc[w][0], tos_rpc,
                  op_mask == 0u, nmask == 0u, op_pc, op_npc, op_rpc);
    o->act = d.act;
    o->d_write = d.act != SIMT_RULE_STALL;
    o->d_wr_tos = (uint8_t)d.wr_tos;
    o->d_tos_pc = d.tos_pc;
    o->d_n_push = (uint8_t)d.n_push;
    o->d_push_base = (uint8_t)d.push_base;
    o->d_sp_next = (uint8_t)d.sp_next;
    o->d_push_pc[0] = d.first_nt ? op_npc : op_pc;
    o->d_push_mask[0] = d.first_nt ? nmask : op_mask;
    o->d_push_pc[1] = op_pc;
    o->d_push_mask[1] = op_mask;
}

void simt_stack_eval(const simt_stack_cfg *cfg, const simt_stack_state *s,
                     const simt_stack_in *in, simt_stack_out *out)
{
    /* the inputs as the ports see them (truncated to their widths; an id
     * below WARPS or DEPTH already fits its port) */
    const uint64_t pcm = bits_mask(cfg->pc_bits);
    const unsigned w = bits_port_index(in->op_warp, cfg->warps, simt_stack_warp_w(cfg));
    const unsigned rw = bits_port_index(in->rd_warp, cfg->warps, simt_stack_warp_w(cfg));
    const unsigned ri = bits_port_index(in->rd_idx, cfg->depth, simt_stack_idx_w(cfg));

    decide(cfg, s, (unsigned)(in->op & 3u), w, bits_trunc(in->op_mask, cfg->lanes),
           in->op_pc & pcm, in->op_npc & pcm, in->op_rpc & pcm, out);
    out->err = out->err_code != SIMT_ERR_NONE;
    out->ready = out->act != SIMT_ACT_STALL;
    out->op_depth = 0;
    out->tos_pc = out->tos_mask = out->tos_rpc = 0;
    if (w < cfg->warps) {
        const unsigned sp = s->sp[w];
        out->op_depth = sp;
        if (sp != 0u) {
            out->tos_pc = s->pc[w][sp - 1u];
            out->tos_mask = s->mask[w][sp - 1u];
            out->tos_rpc = s->rpc[w][sp - 1u];
        }
    }
    out->rd_depth = out->rd_valid = 0;
    out->rd_pc = out->rd_mask = out->rd_rpc = 0;
    if (rw < cfg->warps) {
        const unsigned depth = s->sp[rw];
        out->rd_depth = depth;
        if (ri < depth) {
            const unsigned e = depth - 1u - ri;
            out->rd_valid = 1;
            out->rd_pc = s->pc[rw][e];
            out->rd_mask = s->mask[rw][e];
            out->rd_rpc = s->rpc[rw][e];
        }
    }
}

void simt_stack_step(const simt_stack_cfg *cfg, simt_stack_state *s, const simt_stack_in *in,
                     const simt_stack_out *out)
{
    unsigned w, i;
    (void)cfg;
    (void)in;
    if (!out->d_write) /* idle, err or stall: nothing changes */
        return;
    w = out->d_warp;
    if (out->d_wr_tos)
        s->pc[w][s->sp[w] - 1u] = out->d_tos_pc;
    for (i = 0; i < out->d_n_push; i++) {
        const unsigned e = out->d_push_base + i;
        s->pc[w][e] = out->d_push_pc[i];
        s->mask[w][e] = out->d_push_mask[i];
        s->rpc[w][e] = out->d_rpc;
    }
    s->sp[w] = out->d_sp_next;
}

const char *simt_stack_check(const simt_stack_cfg *cfg, const simt_stack_state *s)
{
    static char msg[160];
    unsigned w, e;
    uint64_t lanes = bits_mask(cfg->lanes);

    for (w = 0; w < cfg->warps; w++) {
        unsigned sp = s->sp[w];
        if (sp > cfg->depth) {
            snprintf(msg, sizeof msg, "warp %u: depth %u exceeds DEPTH %u", w, sp, cfg->depth);
            return msg;
        }
        for (e = 0; e < sp; e++) {
            if (s->mask[w][e] == 0u || !bits_subset(s->mask[w][e], lanes)) {
                snprintf(msg, sizeof msg, "warp %u entry %u: mask %llx empty or beyond LANES", w,
                         e, (unsigned long long)s->mask[w][e]);
                return msg;
            }
            if (s->pc[w][e] == s->rpc[w][e] && !(e == 0u && sp >= 2u)) {
                snprintf(msg, sizeof msg, "warp %u entry %u: pc == rpc (%llx) but not popped", w,
                         e, (unsigned long long)s->pc[w][e]);
                return msg;
            }
        }
        /* runs of equal rpc above entry 0: disjoint, union within the parent */
        e = 1;
        while (e < sp) {
            unsigned parent = e - 1u, r = e;
            uint64_t uni = 0;
            while (r < sp && s->rpc[w][r] == s->rpc[w][e]) {
                if (uni & s->mask[w][r]) {
                    snprintf(msg, sizeof msg,
                             "warp %u entry %u: mask %llx overlaps a sibling (same rpc)", w, r,
                             (unsigned long long)s->mask[w][r]);
                    return msg;
                }
                uni |= s->mask[w][r];
                r++;
            }
            if (!bits_subset(uni, s->mask[w][parent])) {
                snprintf(msg, sizeof msg,
                         "warp %u entries %u..%u: masks %llx not within parent entry %u mask %llx",
                         w, e, r - 1u, (unsigned long long)uni, parent,
                         (unsigned long long)s->mask[w][parent]);
                return msg;
            }
            e = r;
        }
    }
    return NULL;
}

void simt_stack_ports(const simt_stack_cfg *cfg, const simt_stack_in *in,
                      const simt_stack_out *out, port_visit_fn visit, void *ctx)
{
    unsigned ww = simt_stack_warp_w(cfg), iw = simt_stack_idx_w(cfg);
    unsigned dw = simt_stack_depth_w(cfg), pw = cfg->pc_bits, lw = cfg->lanes;

    visit(ctx, "op", 2, &in->op, PORT_IN);
    visit(ctx, "op_warp", ww, &in->op_warp, PORT_IN);
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
    visit(ctx, "tos_pc", pw, &out->tos_pc, PORT_OUT);
    visit(ctx, "tos_mask", lw, &out->tos_mask, PORT_OUT);
    visit(ctx, "tos_rpc", pw, &out->tos_rpc, PORT_OUT);
    visit(ctx, "rd_depth", dw, &out->rd_depth, PORT_OUT);
    visit(ctx, "rd_valid", 1, &out->rd_valid, PORT_OUT);
    visit(ctx, "rd_pc", pw, &out->rd_pc, PORT_OUT);
    visit(ctx, "rd_mask", lw, &out->rd_mask, PORT_OUT);
    visit(ctx, "rd_rpc", pw, &out->rd_rpc, PORT_OUT);
}

void simt_stack_trace(struct vcd_writer *w, const simt_stack_cfg *cfg,
                      const simt_stack_state *s, const simt_stack_in *in,
                      const simt_stack_out *out)
{
    unsigned i;
    char name[32];
    simt_stack_ports(cfg, in, out, vcd_port, w);
    vcd_scope(w, "state");
    for (i = 0; i < cfg->warps; i++) {
        unsigned sp = s->sp[i];
        snprintf(name, sizeof name, "w%02u_depth", i);
        vcd_sig(w, name, simt_stack_depth_w(cfg), sp);
        snprintf(name, sizeof name, "w%02u_tos_pc", i);
        vcd_sig(w, name, cfg->pc_bits, sp ? s->pc[i][sp - 1u] : 0u);
        snprintf(name, sizeof name, "w%02u_tos_mask", i);
        vcd_sig(w, name, cfg->lanes, sp ? s->mask[i][sp - 1u] : 0u);
        snprintf(name, sizeof name, "w%02u_tos_rpc", i);
        vcd_sig(w, name, cfg->pc_bits, sp ? s->rpc[i][sp - 1u] : 0u);
    }
    vcd_upscope(w);
}

const char *simt_stack_err_name(unsigned code)
{
    static const char *const names[] = {"NONE",      "BAD_OP",   "BAD_WARP",  "WARP_BUSY",
                                        "WARP_IDLE", "BAD_MASK", "BAD_LAUNCH"};
    return code < sizeof names / sizeof names[0] ? names[code] : "?";
}

const char *simt_stack_act_name(unsigned act)
{
    static const char *const names[] = {"IDLE",    "LAUNCH", "ADVANCE", "POP",
                                        "DIVERGE", "SPLIT",  "STALL"};
    return act < sizeof names / sizeof names[0] ? names[act] : "?";
}
