/*
 * simt_stack.c -- SIMT reconvergence stack (SPE).  Behaviour, timing and
 * departures from the papers are documented in simt_stack.h; this file and
 * verilog/simt_stack.v implement the same decision, written the same way:
 * one combinational `decide` (always @*) and one clock edge (always @posedge).
 */
#include "simt_stack.h"

#include <string.h>

#include "bits.h"
#include "../vcd/vcd.h"

simt_stack_cfg simt_stack_default_cfg(void)
{
    simt_stack_cfg c;
    c.warps = 48;
    c.lanes = 32;
    c.depth = 16;
    c.pc_bits = 32;
    return c;
}

const char *simt_stack_cfg_check(const simt_stack_cfg *cfg)
{
    if (cfg->warps < 1u || cfg->warps > SIMT_STACK_MAX_WARPS)
        return "simt_stack: warps must be 1..64";
    if (cfg->lanes < 1u || cfg->lanes > 64u)
        return "simt_stack: lanes must be 1..64";
    if (cfg->depth < 1u || cfg->depth > SIMT_STACK_MAX_DEPTH)
        return "simt_stack: depth must be 1..32";
    if (cfg->pc_bits < 2u || cfg->pc_bits > 64u)
        return "simt_stack: pc_bits must be 2..64";
    return NULL;
}

unsigned simt_stack_warp_w(const simt_stack_cfg *cfg) { return bits_index_width(cfg->warps); }
unsigned simt_stack_idx_w(const simt_stack_cfg *cfg) { return bits_index_width(cfg->depth); }
unsigned simt_stack_depth_w(const simt_stack_cfg *cfg) { return bits_width_for(cfg->depth); }

void simt_stack_reset(const simt_stack_cfg *cfg, simt_stack_state *s)
{
    (void)cfg;
    memset(s, 0, sizeof *s);
}

/* One cycle's decision: everything the clock edge needs. */
typedef struct {
    unsigned err_code;
    unsigned act;
    unsigned warp;     /* valid when act != IDLE/STALL */
    unsigned sp_next;  /* new depth of warp */
    unsigned wr_tos;   /* write entry sp-1 (TOS) with tos_* */
    uint64_t tos_pc, tos_mask, tos_rpc;
    unsigned n_push;   /* entries written at sp_base, sp_base+1 */
    unsigned push_base;
    uint64_t push_pc[2], push_mask[2], push_rpc[2];
} simt_stack_dec;

/* Inputs truncated to their port widths, as the RTL sees them. */
static simt_stack_in port_view(const simt_stack_cfg *cfg, const simt_stack_in *in)
{
    simt_stack_in v;
    v.op = bits_trunc(in->op, 2);
    v.op_warp = bits_trunc(in->op_warp, simt_stack_warp_w(cfg));
    v.op_mask = bits_trunc(in->op_mask, cfg->lanes);
    v.op_pc = bits_trunc(in->op_pc, cfg->pc_bits);
    v.op_npc = bits_trunc(in->op_npc, cfg->pc_bits);
    v.op_rpc = bits_trunc(in->op_rpc, cfg->pc_bits);
    v.rd_warp = bits_trunc(in->rd_warp, simt_stack_warp_w(cfg));
    v.rd_idx = bits_trunc(in->rd_idx, simt_stack_idx_w(cfg));
    return v;
}

/* Depth after popping the TOS of a warp at depth sp.  The base entry of a
 * warp that diverged to its own exit waits with pc == rpc; it goes with the
 * last entry above it (the warp is finished). */
static unsigned depth_after_pop(const simt_stack_state *s, unsigned w, unsigned sp)
{
    if (sp == 2u && s->pc[w][0] == s->rpc[w][0])
        return 0;
    return sp - 1u;
}

static void decide(const simt_stack_cfg *cfg, const simt_stack_state *s,
                   const simt_stack_in *in, simt_stack_dec *d)
{
    unsigned w = (unsigned)in->op_warp;
    unsigned sp, tos;
    uint64_t tmask, nmask, tos_mask, tos_rpc;
    unsigned t_live, n_live, need;

    memset(d, 0, sizeof *d);
    d->act = SIMT_ACT_IDLE;
    d->warp = w;
    if (in->op == SIMT_OP_NOP)
        return;
    if (in->op == SIMT_OP_BAD) {
        d->err_code = SIMT_ERR_BAD_OP;
        return;
    }
    if (w >= cfg->warps) {
        d->err_code = SIMT_ERR_BAD_WARP;
        return;
    }
    sp = s->sp[w];
    if (in->op == SIMT_OP_LAUNCH) {
        if (sp != 0u)
            d->err_code = SIMT_ERR_WARP_BUSY;
        else if (in->op_mask == 0u)
            d->err_code = SIMT_ERR_BAD_MASK;
        else if (in->op_pc == in->op_rpc)
            d->err_code = SIMT_ERR_BAD_LAUNCH;
        else {
            d->act = SIMT_ACT_LAUNCH;
            d->sp_next = 1;
            d->n_push = 1;
            d->push_base = 0;
            d->push_pc[0] = in->op_pc;
            d->push_mask[0] = in->op_mask;
            d->push_rpc[0] = in->op_rpc;
        }
        return;
    }
    /* BRANCH */
    if (sp == 0u) {
        d->err_code = SIMT_ERR_WARP_IDLE;
        return;
    }
    tos = sp - 1u;
    tos_mask = s->mask[w][tos];
    tos_rpc = s->rpc[w][tos];
    if (!bits_subset(in->op_mask, tos_mask)) {
        d->err_code = SIMT_ERR_BAD_MASK;
        return;
    }
    tmask = in->op_mask;
    nmask = tos_mask & ~tmask;
    d->tos_mask = tos_mask;
    d->tos_rpc = tos_rpc;

    if (tmask == 0u || nmask == 0u) {
        /* uniform: the whole TOS moves to one target */
        uint64_t target = tmask != 0u ? in->op_pc : in->op_npc;
        if (target == tos_rpc) {
            d->act = SIMT_ACT_POP;
            d->sp_next = depth_after_pop(s, w, sp);
        } else {
            d->act = SIMT_ACT_ADVANCE;
            d->sp_next = sp;
            d->wr_tos = 1;
            d->tos_pc = target;
        }
        return;
    }
    /* divergent: the sides that do not already sit at the rpc are pushed,
     * not-taken first so the taken side is on top */
    t_live = in->op_pc != in->op_rpc;
    n_live = in->op_npc != in->op_rpc;
    if (n_live) {
        d->push_pc[d->n_push] = in->op_npc;
        d->push_mask[d->n_push] = nmask;
        d->push_rpc[d->n_push] = in->op_rpc;
        d->n_push++;
    }
    if (t_live) {
        d->push_pc[d->n_push] = in->op_pc;
        d->push_mask[d->n_push] = tmask;
        d->push_rpc[d->n_push] = in->op_rpc;
        d->n_push++;
    }
    if (in->op_rpc == tos_rpc && sp >= 2u) {
        /* SPLIT: the sides replace the TOS entry */
        if (d->n_push == 0u) {
            d->act = SIMT_ACT_POP;
            d->sp_next = depth_after_pop(s, w, sp);
            return;
        }
        need = d->n_push - 1u;
        d->push_base = tos;
        d->act = SIMT_ACT_SPLIT;
    } else {
        /* DIVERGE: the TOS waits at the rpc, the sides go above it */
        need = d->n_push;
        d->push_base = sp;
        d->wr_tos = 1;
        d->tos_pc = in->op_rpc;
        d->act = SIMT_ACT_DIVERGE;
        if (d->n_push == 0u) {
            /* both sides at the rpc: a uniform jump to it */
            d->act = in->op_rpc == tos_rpc ? SIMT_ACT_POP : SIMT_ACT_ADVANCE;
            d->wr_tos = d->act == SIMT_ACT_ADVANCE;
            d->sp_next = d->act == SIMT_ACT_POP ? 0u : sp;
            return;
        }
    }
    if (sp + need > cfg->depth) {
        d->act = SIMT_ACT_STALL;
        d->n_push = 0;
        d->wr_tos = 0;
        d->sp_next = sp;
        return;
    }
    d->sp_next = sp + need;
}

void simt_stack_eval(const simt_stack_cfg *cfg, const simt_stack_state *s,
                     const simt_stack_in *in_raw, simt_stack_out *out)
{
    simt_stack_in in = port_view(cfg, in_raw);
    simt_stack_dec d;
    unsigned rw = (unsigned)in.rd_warp;

    decide(cfg, s, &in, &d);
    memset(out, 0, sizeof *out);
    out->err = d.err_code != SIMT_ERR_NONE;
    out->err_code = d.err_code;
    out->act = d.act;
    out->ready = d.act != SIMT_ACT_STALL;
    if (in.op_warp < cfg->warps && s->sp[in.op_warp] != 0u) {
        unsigned tos = s->sp[in.op_warp] - 1u;
        out->op_depth = s->sp[in.op_warp];
        out->tos_pc = s->pc[in.op_warp][tos];
        out->tos_mask = s->mask[in.op_warp][tos];
        out->tos_rpc = s->rpc[in.op_warp][tos];
    }
    if (rw < cfg->warps) {
        unsigned depth = s->sp[rw];
        out->rd_depth = depth;
        if (in.rd_idx < depth) {
            unsigned e = depth - 1u - (unsigned)in.rd_idx;
            out->rd_valid = 1;
            out->rd_pc = s->pc[rw][e];
            out->rd_mask = s->mask[rw][e];
            out->rd_rpc = s->rpc[rw][e];
        }
    }
}

void simt_stack_step(const simt_stack_cfg *cfg, simt_stack_state *s, const simt_stack_in *in_raw)
{
    simt_stack_in in = port_view(cfg, in_raw);
    simt_stack_dec d;
    unsigned i;

    decide(cfg, s, &in, &d);
    if (d.err_code != SIMT_ERR_NONE || d.act == SIMT_ACT_IDLE || d.act == SIMT_ACT_STALL)
        return;
    if (d.wr_tos)
        s->pc[d.warp][s->sp[d.warp] - 1u] = d.tos_pc;
    for (i = 0; i < d.n_push; i++) {
        unsigned e = d.push_base + i;
        s->pc[d.warp][e] = d.push_pc[i];
        s->mask[d.warp][e] = d.push_mask[i];
        s->rpc[d.warp][e] = d.push_rpc[i];
    }
    s->sp[d.warp] = (uint8_t)d.sp_next;
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

    visit(ctx, "op", 2, in->op, PORT_IN);
    visit(ctx, "op_warp", ww, in->op_warp, PORT_IN);
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
    visit(ctx, "tos_pc", pw, out->tos_pc, PORT_OUT);
    visit(ctx, "tos_mask", lw, out->tos_mask, PORT_OUT);
    visit(ctx, "tos_rpc", pw, out->tos_rpc, PORT_OUT);
    visit(ctx, "rd_depth", dw, out->rd_depth, PORT_OUT);
    visit(ctx, "rd_valid", 1, out->rd_valid, PORT_OUT);
    visit(ctx, "rd_pc", pw, out->rd_pc, PORT_OUT);
    visit(ctx, "rd_mask", lw, out->rd_mask, PORT_OUT);
    visit(ctx, "rd_rpc", pw, out->rd_rpc, PORT_OUT);
}

static void trace_port(void *ctx, const char *name, unsigned width, uint64_t value,
                       enum port_dir dir)
{
    (void)dir;
    vcd_sig((vcd_writer *)ctx, name, width, value);
}

void simt_stack_trace(struct vcd_writer *w, const simt_stack_cfg *cfg,
                      const simt_stack_state *s, const simt_stack_in *in,
                      const simt_stack_out *out)
{
    unsigned i;
    char name[32];
    simt_stack_ports(cfg, in, out, trace_port, w);
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
