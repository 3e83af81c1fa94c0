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
    {"MERGE", "merge", offsetof(simt_stack_cfg, merge), 0, 1, 1, 0},
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
                   (int)SIMT_RULE_STALL == (int)SIMT_ACT_STALL &&
                   (int)SIMT_RULE_MERGE == (int)SIMT_ACT_MERGE,
               "simt_rule's act codes are simt_stack's");
_Static_assert((int)SIMT_RULE_OP_NOP == (int)SIMT_OP_NOP &&
                   (int)SIMT_RULE_OP_LAUNCH == (int)SIMT_OP_LAUNCH &&
                   (int)SIMT_RULE_OP_BRANCH == (int)SIMT_OP_BRANCH &&
                   (int)SIMT_RULE_OP_BAD == (int)SIMT_OP_EXIT &&
                   (int)SIMT_RULE_ERR_BAD_OP == (int)SIMT_ERR_BAD_OP &&
                   (int)SIMT_RULE_ERR_BAD_WARP == (int)SIMT_ERR_BAD_WARP &&
                   (int)SIMT_RULE_ERR_WARP_BUSY == (int)SIMT_ERR_WARP_BUSY &&
                   (int)SIMT_RULE_ERR_WARP_IDLE == (int)SIMT_ERR_WARP_IDLE &&
                   (int)SIMT_RULE_ERR_BAD_MASK == (int)SIMT_ERR_BAD_MASK &&
                   (int)SIMT_RULE_ERR_BAD_LAUNCH == (int)SIMT_ERR_BAD_LAUNCH,
               "simt_rule's op and error codes are simt_stack's");

void simt_stack_reset(const simt_stack_cfg *cfg, simt_stack_state *s)
{
    (void)cfg;
    memset(s, 0, sizeof *s);
}

/* The combinational block (the Verilog's `always @*`: the ports and the
 * cycle's decision).  The ports are read without branches: the entries are
 * read whatever the op (an index within the arrays; `live` zeroes what a
 * port shows for an empty stack or an invalid read).  The decision has one
 * branch, on whether the op is a legal BRANCH (most cycles are); the
 * rule's cases (uniform or divergent, target at the rpc, SPLIT or DIVERGE,
 * room) are computed by simt_rule_cases and the writes selected by masks,
 * since on random traffic each case would be a coin toss for a branch
 * predictor.  NOP, LAUNCH and the errors take the other way. */
void simt_stack_eval(const simt_stack_cfg *cfg, const simt_stack_state *s,
                     const simt_stack_in *in, simt_stack_out *out)
{
    /* the inputs as the ports see them, op_warp's depth and TOS, and the
     * read port's entry (simt_rule.h, the same for both stacks) */
    const simt_rule_view v = SIMT_RULE_VIEW(cfg, s->sp, in);
    const simt_stack_entry *row = s->ent[v.w], *te = &row[v.tos], *re = &s->ent[v.rw][v.re];
    const uint64_t t = v.mask, pc = v.pc, npc = v.npc, rpc = v.rpc;
    const unsigned sp = v.sp, tos = v.tos;
    const uint64_t tmask = te->mask & v.live, trpc = te->rpc & v.live;

    out->op_depth = sp;
    out->tos_pc = te->pc & v.live;
    out->tos_mask = tmask;
    out->tos_rpc = trpc;
    out->rd_depth = v.rsp;
    out->rd_valid = v.rlive & 1u;
    out->rd_pc = re->pc & v.rlive;
    out->rd_mask = re->mask & v.rlive;
    out->rd_rpc = re->rpc & v.rlive;
    out->d_warp = (uint8_t)v.w;
    out->d_pc[1] = pc;
    out->d_mask[1] = t;
    out->d_rpc[1] = rpc;

    if ((v.op == SIMT_OP_BRANCH) & (sp != 0u) & bits_subset(t, tmask)) {
        /* a legal BRANCH: the push/pop rule (simt_rule.h).  A jump
         * rewrites the TOS entry (d_base = TOS; the entry above it gets the
         * unused second push); DIVERGE writes TOS.pc := rpc and pushes from
         * sp; SPLIT overwrites the TOS with its first push. */
        const uint64_t n = tmask & ~t;
        const unsigned base_waits = (sp == 2u) & (row[0].pc == row[0].rpc);
        /* merge on push: look for the not-taken side's entry in the TOS's
         * run only when a merge could happen (a branch to the TOS's rpc
         * with a live fall-through and a sibling below the TOS) */
        const unsigned m_at = (cfg->merge & (rpc == trpc) & (npc != rpc) & (sp >= 3u))
                                  ? simt_rule_merge_at(tos, &row[0].pc, &row[0].rpc, 3u, npc)
                                  : 0u;
        const simt_rule_case c =
            simt_rule_cases(cfg->depth, sp, trpc, t == 0u, n == 0u, pc, npc, rpc, m_at != 0u);
        const unsigned div = c.jump ^ 1u, first_nt = c.nt_live & (c.merge ^ 1u);
        out->ready = c.stall ^ 1u;
        out->err = 0;
        out->err_code = SIMT_ERR_NONE;
        out->act = simt_rule_act(&c);
        out->d_write = (uint8_t)(c.stall ^ 1u);
        out->d_tos = (uint8_t)tos;
        out->d_tos_pc = bits_sel((int)c.jump, c.target, rpc);
        out->d_base = (uint8_t)bits_sel((int)c.jump, tos, sp - c.split);
        out->d_sp_next = (uint8_t)bits_sel((int)c.pop, (sp - 1u) & (0u - (base_waits ^ 1u)),
                                           sp + (c.need & (0u - div)));
        /* a jump's first entry write is the TOS itself (pc := target); a
         * MERGE's is the taken side at the TOS (above the new depth when
         * pc == rpc) and ORs n into entry m_at */
        out->d_pc[0] = bits_sel((int)((c.jump & (t == 0u)) | (div & first_nt)), npc, pc);
        out->d_mask[0] = bits_sel((int)c.jump, tmask, bits_sel((int)first_nt, n, t));
        out->d_rpc[0] = bits_sel((int)c.jump, trpc, rpc);
        out->d_merge = (uint8_t)(m_at & (0u - c.merge));
        out->d_merge_mask = n & ((uint64_t)0 - c.merge);
        out->d_clear = 0;
        return;
    }
    if (v.op == SIMT_OP_EXIT) {
        /* EXIT (simt_stack.h): the lanes t leave the warp.  The entries
         * that keep a lane stay (contiguous from the bottom, since masks
         * nest): keep = the lowest entry left empty; a base waiting at its
         * rpc with nothing above it goes too.  The TOS is rewritten with
         * its new mask (d_base = TOS; the entry above it is not state),
         * the step clears t from the entries below (d_clear). */
        const unsigned err = !v.warp_ok ? SIMT_ERR_BAD_WARP
                             : sp == 0u ? SIMT_ERR_WARP_IDLE
                             : (t == 0u) | !bits_subset(t, tmask) ? SIMT_ERR_BAD_MASK
                                                                   : SIMT_ERR_NONE;
        unsigned keep = sp, e;
        for (e = sp; e-- > 0u;)
            if ((row[e].mask & ~t) == 0u)
                keep = e;
        if (keep == 1u && row[0].pc == row[0].rpc)
            keep = 0;
        out->ready = 1;
        out->err = err != SIMT_ERR_NONE;
        out->err_code = err;
        out->act = err ? SIMT_ACT_IDLE : keep < sp ? SIMT_ACT_POP : SIMT_ACT_ADVANCE;
        out->d_write = (uint8_t)(err == SIMT_ERR_NONE);
        out->d_tos = (uint8_t)tos;
        out->d_tos_pc = te->pc;
        out->d_base = (uint8_t)tos;
        out->d_sp_next = (uint8_t)keep;
        out->d_pc[0] = te->pc;
        out->d_mask[0] = te->mask & ~t;
        out->d_rpc[0] = te->rpc;
        out->d_merge = 0;
        out->d_merge_mask = 0;
        out->d_clear = t;
        return;
    }
    {
        /* NOP, LAUNCH or an error (simt_rule.h: the checks dpe_stack
         * shares).  A LAUNCH writes entry 0 (pc and the whole entry). */
        const unsigned err =
            simt_rule_err(v.op, (int)v.warp_ok, sp, t, pc, rpc, 0, !bits_subset(t, tmask));
        const unsigned launch = err == SIMT_ERR_NONE && v.op == SIMT_OP_LAUNCH;
        out->ready = 1;
        out->err = err != SIMT_ERR_NONE;
        out->err_code = err;
        out->act = launch ? SIMT_ACT_LAUNCH : SIMT_ACT_IDLE;
        out->d_write = (uint8_t)launch;
        out->d_tos = 0;
        out->d_tos_pc = pc;
        out->d_base = 0;
        out->d_sp_next = 1;
        out->d_pc[0] = pc;
        out->d_mask[0] = t;
        out->d_rpc[0] = rpc;
        out->d_merge = 0;
        out->d_merge_mask = 0;
        out->d_clear = 0;
    }
}

/* The clock edge: the write enable, then the same four writes whatever
 * the decision (no data-dependent branch). */
void simt_stack_step(const simt_stack_cfg *cfg, simt_stack_state *s, const simt_stack_in *in,
                     const simt_stack_out *out)
{
    simt_stack_entry *row;
    (void)cfg;
    (void)in;
    if (!out->d_write) /* idle, err or stall: nothing changes */
        return;
    row = s->ent[out->d_warp];
    row[out->d_tos].pc = out->d_tos_pc;
    row[out->d_base].pc = out->d_pc[0];
    row[out->d_base].mask = out->d_mask[0];
    row[out->d_base].rpc = out->d_rpc[0];
    row[out->d_base + 1u].pc = out->d_pc[1];
    row[out->d_base + 1u].mask = out->d_mask[1];
    row[out->d_base + 1u].rpc = out->d_rpc[1];
    row[out->d_merge].mask |= out->d_merge_mask; /* 0 unless a MERGE */
    if (out->d_clear) /* an EXIT: its lanes leave every entry below the TOS */
        for (unsigned e = 0; e < out->d_tos; e++)
            row[e].mask &= ~out->d_clear;
    s->sp[out->d_warp] = out->d_sp_next;
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
            if (s->ent[w][e].mask == 0u || !bits_subset(s->ent[w][e].mask, lanes)) {
                snprintf(msg, sizeof msg, "warp %u entry %u: mask %llx empty or beyond LANES", w,
                         e, (unsigned long long)s->ent[w][e].mask);
                return msg;
            }
            if (s->ent[w][e].pc == s->ent[w][e].rpc && !(e == 0u && sp >= 2u)) {
                snprintf(msg, sizeof msg, "warp %u entry %u: pc == rpc (%llx) but not popped", w,
                         e, (unsigned long long)s->ent[w][e].pc);
                return msg;
            }
        }
        /* runs of equal rpc above entry 0: disjoint, union within the parent */
        e = 1;
        while (e < sp) {
            unsigned parent = e - 1u, r = e;
            uint64_t uni = 0;
            while (r < sp && s->ent[w][r].rpc == s->ent[w][e].rpc) {
                if (uni & s->ent[w][r].mask) {
                    snprintf(msg, sizeof msg,
                             "warp %u entry %u: mask %llx overlaps a sibling (same rpc)", w, r,
                             (unsigned long long)s->ent[w][r].mask);
                    return msg;
                }
                uni |= s->ent[w][r].mask;
                r++;
            }
            if (!bits_subset(uni, s->ent[w][parent].mask)) {
                snprintf(msg, sizeof msg,
                         "warp %u entries %u..%u: masks %llx not within parent entry %u mask %llx",
                         w, e, r - 1u, (unsigned long long)uni, parent,
                         (unsigned long long)s->ent[w][parent].mask);
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
        vcd_sig(w, name, cfg->pc_bits, sp ? s->ent[i][sp - 1u].pc : 0u);
        snprintf(name, sizeof name, "w%02u_tos_mask", i);
        vcd_sig(w, name, cfg->lanes, sp ? s->ent[i][sp - 1u].mask : 0u);
        snprintf(name, sizeof name, "w%02u_tos_rpc", i);
        vcd_sig(w, name, cfg->pc_bits, sp ? s->ent[i][sp - 1u].rpc : 0u);
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
                                        "DIVERGE", "SPLIT",  "STALL",   "MERGE"};
    return act < sizeof names / sizeof names[0] ? names[act] : "?";
}
