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
#include "simt_rule.h"
#include "../vcd/vcd.h"

/* The parameters (port.h): Verilog name, cfg field, min, max, default. */
static const struct param_def dpe_stack_param_defs[] = {
    {"WARPS", "warps", offsetof(dpe_stack_cfg, warps), 1, DPE_STACK_MAX_WARPS, 48, 0},
    {"LANES", "lanes", offsetof(dpe_stack_cfg, lanes), 1, 64, 32, 0},
    {"DEPTH", "depth", offsetof(dpe_stack_cfg, depth), 1, DPE_STACK_MAX_DEPTH, 8, 0},
    {"PC_W", "pc_bits", offsetof(dpe_stack_cfg, pc_bits), 2, 64, 32, 0},
    {"MERGE", "merge", offsetof(dpe_stack_cfg, merge), 0, 1, 1, 0},
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

_Static_assert((int)SIMT_RULE_OP_NOP == (int)DPE_OP_NOP &&
                   (int)SIMT_RULE_OP_LAUNCH == (int)DPE_OP_LAUNCH &&
                   (int)SIMT_RULE_OP_BRANCH == (int)DPE_OP_BRANCH &&
                   (int)SIMT_RULE_ERR_BAD_OP == (int)DPE_ERR_BAD_OP &&
                   (int)SIMT_RULE_ERR_BAD_WARP == (int)DPE_ERR_BAD_WARP &&
                   (int)SIMT_RULE_ERR_WARP_BUSY == (int)DPE_ERR_WARP_BUSY &&
                   (int)SIMT_RULE_ERR_WARP_IDLE == (int)DPE_ERR_WARP_IDLE &&
                   (int)SIMT_RULE_ERR_BAD_MASK == (int)DPE_ERR_BAD_MASK &&
                   (int)SIMT_RULE_ERR_BAD_LAUNCH == (int)DPE_ERR_BAD_LAUNCH &&
                   (int)SIMT_RULE_ERR_BAD_PATH == (int)DPE_ERR_BAD_PATH,
               "simt_rule's op and error codes are dpe_stack's");

/* The sibling suspension's compaction (MERGE, dpe_stack.h "Forward
 * progress"): the entry of the TOS's run (the entries directly below the
 * TOS with rpc == TOS.rpc, never entry 0) nearest the TOS with a slot for
 * Q: a valid path at Q's pc (Q joins it) or an invalid one (a path of a run
 * entry is invalid only at the rpc, where its threads are done with the
 * run: Q takes the slot).  Returns the entry (0: none) and the slot's side
 * in *slot.  The hardware: DEPTH comparators of rpc (the run's chain) and
 * 2 * DEPTH of pc, and a priority pick, as simt_rule_merge_at. */
static unsigned compact_at(const dpe_stack_entry *row, unsigned tos, uint64_t qpc, unsigned *slot)
{
    const uint64_t trpc = row[tos].rpc;
    unsigned e;
    for (e = tos; e-- > 1u && row[e].rpc == trpc;) {
        const dpe_stack_path *l = &row[e].p[0], *r = &row[e].p[1];
        const unsigned hit_l = (l->valid != 0u) & (l->pc == qpc);
        const unsigned hit_r = (r->valid != 0u) & (r->pc == qpc);
        if (hit_l | hit_r | ((l->valid & r->valid) == 0u)) {
            /* a pc hit first, else the free slot */
            *slot = bits_sel((int)(hit_l | hit_r), hit_r, l->valid != 0u);
            return e;
        }
    }
    return 0;
}

/* The combinational block (the Verilog's `always @*`: the ports and the
 * cycle's decision).  The ports are read without branches: the entries are
 * read whatever the op, from an index always within the arrays (an id or
 * entry a port does not show reads warp 0's or entry 0, which are in the
 * cache), and `live` zeroes what a port then shows.  The decision has one
 * branch, on whether the op is a legal BRANCH (most cycles are); its cases
 * (uniform or divergent, target at the rpc, Q valid, SPLIT, room) are
 * selected by masks, since on random traffic each would be a coin toss for
 * a branch predictor.  NOP, LAUNCH and the errors take the other way. */
void dpe_stack_eval(const dpe_stack_cfg *cfg, const dpe_stack_state *s,
                    const dpe_stack_in *in, dpe_stack_out *out)
{
    /* the inputs as the ports see them, op_warp's depth and TOS, and the
     * read port's entry (simt_rule.h, the same for both stacks); P = the
     * path op_side names, Q the other */
    const simt_rule_view v = SIMT_RULE_VIEW(cfg, s->sp, in);
    const unsigned side = (unsigned)(in->op_side & 1u), sp = v.sp, tos = v.tos;
    const dpe_stack_entry *row = s->ent[v.w], *te = &row[tos], *re = &s->ent[v.rw][v.re];
    const uint64_t t = v.mask, pc = v.pc, npc = v.npc, rpc = v.rpc, live = v.live;
    const uint64_t trpc = te->rpc & live;
    const uint64_t p_valid = te->p[side].valid & live, p_mask = te->p[side].mask & live;
    const uint64_t q_valid = te->p[side ^ 1u].valid & live;

    out->op_depth = sp;
    out->tos_l_valid = te->p[0].valid & live;
    out->tos_l_pc = te->p[0].pc & live;
    out->tos_l_mask = te->p[0].mask & live;
    out->tos_r_valid = te->p[1].valid & live;
    out->tos_r_pc = te->p[1].pc & live;
    out->tos_r_mask = te->p[1].mask & live;
    out->tos_rpc = trpc;
    out->rd_depth = v.rsp;
    out->rd_valid = v.rlive & 1u;
    out->rd_l_valid = re->p[0].valid & v.rlive;
    out->rd_l_pc = re->p[0].pc & v.rlive;
    out->rd_l_mask = re->p[0].mask & v.rlive;
    out->rd_r_valid = re->p[1].valid & v.rlive;
    out->rd_r_pc = re->p[1].pc & v.rlive;
    out->rd_r_mask = re->p[1].mask & v.rlive;
    out->rd_rpc = re->rpc & v.rlive;
    out->d_warp = (uint8_t)v.w;
    out->d_side = (uint8_t)side;
    out->d_rpc = rpc;
    out->d_pc[0] = pc;
    out->d_mask[0] = t;

    if ((v.op == DPE_OP_BRANCH) & (sp != 0u) & (p_valid != 0u) & bits_subset(t, p_mask)) {
        /* a legal BRANCH (wv: sp is 0 for a warp beyond WARPS).  The new
         * entry of a divergence is {L = taken, R = not taken, op_rpc}; a
         * side already at op_rpc starts invalid. */
        const uint64_t n = p_mask & ~t;
        const unsigned t_live = pc != rpc, n_live = npc != rpc;
        const unsigned jump = (t == 0u) | (n == 0u) | ((t_live | n_live) ^ 1u), div = jump ^ 1u;
        /* uniform (or both sides at op_rpc): P moves to target; at its rpc
         * it goes invalid, and the entry pops unless Q is still valid */
        const uint64_t target = bits_sel(t != 0u, pc, npc);
        const unsigned at = target == trpc;
        const unsigned pop = jump & at & (unsigned)(q_valid ^ 1u);
        /* the base entry of a warp that diverged to its exit has both paths
         * invalid; it goes with the last entry above it (depth 0) */
        const unsigned base_gone = (sp == 2u) & ((row[0].p[0].valid | row[0].p[1].valid) == 0u);
        /* divergent: SPLIT overwrites the TOS, DIVERGE pushes (needs room) */
        const unsigned split = div & (rpc == trpc) & (unsigned)(q_valid ^ 1u) & (sp >= 2u);
        /* a sibling suspension (the case of a SPLIT but with Q valid) under
         * MERGE: Q goes to a slot of the TOS's run, the TOS is overwritten
         * as by a SPLIT; no entry is taken.  (A branch, taken only for the
         * sibling case: the run's search reads up to DEPTH entries.) */
        unsigned slot = 0;
        const unsigned cj = (div & (rpc == trpc) & (unsigned)q_valid & (sp >= 3u) & cfg->merge)
                                ? compact_at(row, tos, te->p[side ^ 1u].pc, &slot)
                                : 0u;
        const unsigned cpt = cj != 0u, over = split | cpt;
        const uint64_t cmask = te->p[side ^ 1u].mask |
                               (row[cj].p[slot].mask & (0u - (uint64_t)row[cj].p[slot].valid));
        const unsigned stall = div & (over ^ 1u) & (sp >= cfg->depth);
        /* ADVANCE 2, RECONV 3, POP 4; DIVERGE 5, SPLIT 6 (a compaction
         * too), STALL 7 */
        const unsigned act = (unsigned)bits_sel((int)jump, DPE_ACT_ADVANCE + at + pop,
                                                DPE_ACT_DIVERGE + over + 2u * stall);
        out->ready = stall ^ 1u;
        out->err = 0;
        out->err_code = DPE_ERR_NONE;
        out->act = act;
        out->d_write = (uint8_t)(stall ^ 1u);
        /* the path write: P of the TOS, or a compaction's slot (Q) */
        out->d_tos = (uint8_t)bits_sel((int)cpt, cj, tos);
        out->d_side = (uint8_t)bits_sel((int)cpt, slot, side);
        out->d_p_pc = bits_sel((int)cpt, te->p[side ^ 1u].pc, bits_sel((int)jump, target, rpc));
        out->d_p_mask = bits_sel((int)cpt, cmask, p_mask);
        out->d_p_valid = bits_sel((int)(jump | cpt), bits_sel((int)cpt, 1u, at ^ 1u), rpc != trpc);
        out->d_idx = (uint8_t)(sp - over);
        out->d_sp_next = (uint8_t)bits_sel((int)pop, (sp - 1u) & (0u - (base_gone ^ 1u)),
                                           sp + (div & (over ^ 1u)));
        out->d_valid[0] = t_live;
        out->d_pc[1] = npc;
        out->d_mask[1] = n;
        out->d_valid[1] = n_live;
        out->d_exit = 0;
        return;
    }
    {
        /* NOP, LAUNCH, EXIT or an error (simt_rule.h: the checks simt_stack
         * shares; an EXIT is checked as a BRANCH on its path P: WARP_IDLE,
         * BAD_PATH, BAD_MASK, and an empty op_mask is BAD_MASK too, as in
         * simt_stack).  A LAUNCH writes entry 0: {L = {op_pc, op_mask,
         * valid}, R = {0, 0, invalid}, op_rpc}. */
        const unsigned ex = v.op == DPE_OP_EXIT;
        const unsigned err =
            simt_rule_err(ex ? DPE_OP_BRANCH : v.op, (int)v.warp_ok, sp, t, pc, rpc,
                          p_valid == 0u, (!bits_subset(t, p_mask)) | (ex & (t == 0u)));
        const unsigned launch = err == DPE_ERR_NONE && v.op == DPE_OP_LAUNCH;
        const unsigned exit_ok = err == DPE_ERR_NONE && ex;
        out->ready = 1;
        out->err = err != DPE_ERR_NONE;
        out->err_code = err;
        out->act = launch ? DPE_ACT_LAUNCH : DPE_ACT_IDLE;
        out->d_write = (uint8_t)launch;
        out->d_exit = (uint8_t)exit_ok;
        out->d_tos = 0;
        out->d_p_pc = pc;
        out->d_p_mask = t;
        out->d_p_valid = 1;
        out->d_idx = 0;
        out->d_sp_next = 1;
        out->d_valid[0] = 1;
        out->d_pc[1] = 0;
        out->d_mask[1] = 0;
        out->d_valid[1] = 0;
        if (exit_ok) {
            /* EXIT: the depth after is one above the highest entry with a
             * valid path that keeps a thread (the entries left without one
             * are contiguous at the top: masks nest); POP when it drops,
             * else RECONV when P lost every thread (Q is valid), else
             * ADVANCE (P runs on with the threads that stay) */
            unsigned e, nsp = 0;
            for (e = 0; e < sp; e++)
                if (((row[e].p[0].valid != 0u) & ((row[e].p[0].mask & ~t) != 0u)) |
                    ((row[e].p[1].valid != 0u) & ((row[e].p[1].mask & ~t) != 0u)))
                    nsp = e + 1u;
            out->d_p_mask = t;
            out->d_sp_next = (uint8_t)nsp;
            out->act = nsp != sp              ? DPE_ACT_POP
                       : bits_subset(p_mask, t) ? DPE_ACT_RECONV
                                                : DPE_ACT_ADVANCE;
        }
    }
}

/* EXIT's clock edge: the lanes d_p_mask are cleared from both paths of
 * every entry below the old depth; a valid path left without a thread goes
 * invalid at its entry's rpc (where an invalid path always is). */
static void exit_step(dpe_stack_state *s, const dpe_stack_out *out)
{
    dpe_stack_entry *row = s->ent[out->d_warp];
    const unsigned sp = s->sp[out->d_warp];
    unsigned e, k;
    for (e = 0; e < sp; e++)
        for (k = 0; k < 2u; k++) {
            dpe_stack_path *p = &row[e].p[k];
            const uint64_t left = p->mask & ~out->d_p_mask;
            if (p->valid && left == 0u) {
                p->valid = 0;
                p->pc = row[e].rpc;
            }
            p->mask = left;
        }
    s->sp[out->d_warp] = out->d_sp_next;
}

/* The clock edge: the write enable, then the same writes whatever the
 * decision (no data-dependent branch). */
void dpe_stack_step(const dpe_stack_cfg *cfg, dpe_stack_state *s, const dpe_stack_in *in,
                    const dpe_stack_out *out)
{
    dpe_stack_entry *row, *e;
    (void)cfg;
    (void)in;
    if (!out->d_write) { /* idle, err or stall: nothing changes; or an EXIT */
        if (out->d_exit)
            exit_step(s, out);
        return;
    }
    row = s->ent[out->d_warp];
    row[out->d_tos].p[out->d_side].pc = out->d_p_pc;
    row[out->d_tos].p[out->d_side].valid = out->d_p_valid;
    row[out->d_tos].p[out->d_side].mask = out->d_p_mask;
    e = &row[out->d_idx];
    e->p[0].pc = out->d_pc[0];
    e->p[0].mask = out->d_mask[0];
    e->p[0].valid = out->d_valid[0];
    e->p[1].pc = out->d_pc[1];
    e->p[1].mask = out->d_mask[1];
    e->p[1].valid = out->d_valid[1];
    e->rpc = out->d_rpc;
    s->sp[out->d_warp] = out->d_sp_next;
}

const char *dpe_stack_check(const dpe_stack_cfg *cfg, const dpe_stack_state *s)
{
    static char msg[200];
    unsigned w, e;
    uint64_t lanes = bits_mask(cfg->lanes), pcs = bits_mask(cfg->pc_bits);

    for (w = 0; w < cfg->warps; w++) {
        unsigned sp = s->sp[w];
        uint64_t seen = 0; /* the live threads of the entries below */
        if (sp > cfg->depth) {
            snprintf(msg, sizeof msg, "warp %u: depth %u exceeds DEPTH %u", w, sp, cfg->depth);
            return msg;
        }
        for (e = 0; e < sp; e++) {
            const dpe_stack_entry *en = &s->ent[w][e];
            const uint64_t lm = en->p[0].mask, rm = en->p[1].mask, rpc = en->rpc;
            const uint64_t lv = en->p[0].valid, rv = en->p[1].valid;
            if (!bits_subset(lm | rm, lanes)) {
                snprintf(msg, sizeof msg, "warp %u entry %u: masks L %llx R %llx beyond LANES",
                         w, e, (unsigned long long)lm, (unsigned long long)rm);
                return msg;
            }
            if (!bits_subset(en->p[0].pc | en->p[1].pc | rpc, pcs) || lv > 1u || rv > 1u) {
                snprintf(msg, sizeof msg, "warp %u entry %u: a pc or valid bit beyond its width",
                         w, e);
                return msg;
            }
            if (lv && rv && (lm & rm)) {
                snprintf(msg, sizeof msg, "warp %u entry %u: L mask %llx and R mask %llx overlap",
                         w, e, (unsigned long long)lm, (unsigned long long)rm);
                return msg;
            }
            if ((lv && lm == 0u) || (rv && rm == 0u)) {
                snprintf(msg, sizeof msg, "warp %u entry %u: valid path %c with an empty mask", w,
                         e, lv && lm == 0u ? 'L' : 'R');
                return msg;
            }
            if ((lv && en->p[0].pc == rpc) || (rv && en->p[1].pc == rpc)) {
                snprintf(msg, sizeof msg,
                         "warp %u entry %u: valid path %c has pc == rpc (%llx) but is still valid",
                         w, e, lv && en->p[0].pc == rpc ? 'L' : 'R', (unsigned long long)rpc);
                return msg;
            }
            /* a path is invalid only at its entry's rpc, and a base's R is
             * the LAUNCH's {0, 0, invalid} (the Verilog's p_inv_rpc and
             * p_base_r: the strengthening its p_nested needs) */
            if ((!lv && en->p[0].pc != rpc) || (e != 0u && !rv && en->p[1].pc != rpc) ||
                (e == 0u && (rv || rm))) {
                snprintf(msg, sizeof msg, "warp %u entry %u: an invalid path away from the rpc "
                                          "or a base R that is not LAUNCH's", w, e);
                return msg;
            }
            {
                /* the threads that run or are suspended here (a valid path
                 * below the TOS may instead wait at the rpc of the entry
                 * above it) are nowhere else below */
                const uint64_t up = e + 1u < sp ? s->ent[w][e + 1u].rpc : ~rpc;
                const uint64_t run = (lv && en->p[0].pc != up ? lm : 0u) |
                                     (rv && en->p[1].pc != up ? rm : 0u);
                if (run & seen) {
                    snprintf(msg, sizeof msg,
                             "warp %u entry %u: threads %llx run or wait here and below too", w,
                             e, (unsigned long long)(run & seen));
                    return msg;
                }
                seen |= run;
            }
            if (!lv && !rv && !(e == 0u && sp >= 2u)) {
                snprintf(msg, sizeof msg, "warp %u entry %u: both paths invalid but not popped",
                         w, e);
                return msg;
            }
            if (e >= 1u) {
                /* the entry's live threads wait, in the entry below it or,
                 * for an entry of a run (same rpc as the entry below,
                 * MERGE's compaction), in the run's parent, at its rpc:
                 * within one path of that entry whose pc is the rpc */
                unsigned b = e - 1u;
                const uint64_t uni = (lv ? lm : 0u) | (rv ? rm : 0u);
                const dpe_stack_entry *pa;
                int in_l, in_r;
                while (b >= 1u && s->ent[w][b].rpc == rpc)
                    b--;
                if (b != e - 1u && !cfg->merge)
                    b = e - 1u; /* without MERGE the entry below is the parent */
                pa = &s->ent[w][b];
                in_l = bits_subset(uni, pa->p[0].mask) && pa->p[0].pc == rpc;
                in_r = bits_subset(uni, pa->p[1].mask) && pa->p[1].pc == rpc;
                if (!in_l && !in_r) {
                    snprintf(msg, sizeof msg,
                             "warp %u entry %u: live threads %llx not within a path of entry %u "
                             "at its rpc %llx (L %llx at %llx, R %llx at %llx)",
                             w, e, (unsigned long long)uni, b, (unsigned long long)rpc,
                             (unsigned long long)pa->p[0].mask, (unsigned long long)pa->p[0].pc,
                             (unsigned long long)pa->p[1].mask, (unsigned long long)pa->p[1].pc);
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
        vcd_sig(w, name, 1, sp ? s->ent[i][t].p[0].valid : 0u);
        snprintf(name, sizeof name, "w%02u_tos_l_pc", i);
        vcd_sig(w, name, cfg->pc_bits, sp ? s->ent[i][t].p[0].pc : 0u);
        snprintf(name, sizeof name, "w%02u_tos_l_mask", i);
        vcd_sig(w, name, cfg->lanes, sp ? s->ent[i][t].p[0].mask : 0u);
        snprintf(name, sizeof name, "w%02u_tos_r_valid", i);
        vcd_sig(w, name, 1, sp ? s->ent[i][t].p[1].valid : 0u);
        snprintf(name, sizeof name, "w%02u_tos_r_pc", i);
        vcd_sig(w, name, cfg->pc_bits, sp ? s->ent[i][t].p[1].pc : 0u);
        snprintf(name, sizeof name, "w%02u_tos_r_mask", i);
        vcd_sig(w, name, cfg->lanes, sp ? s->ent[i][t].p[1].mask : 0u);
        snprintf(name, sizeof name, "w%02u_tos_rpc", i);
        vcd_sig(w, name, cfg->pc_bits, sp ? s->ent[i][t].rpc : 0u);
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
