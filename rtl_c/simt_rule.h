/* SPDX-License-Identifier: Apache-2.0 */
/*
 * simt_rule.h -- the push/pop decision of the baseline reconvergence stack
 * (000 sec. 3.2 / Fig. 5, 004 sec. 2.3), written once for every stack that
 * holds {pc, mask, rpc} entries: simt_stack (LANES-bit masks) and the large
 * warps of lwm_subwarp (K*N-bit masks); and the operation checks (error
 * codes) both divergence stacks, simt_stack and dpe_stack, share.  Twin of
 * the decision: verilog/simt_rule.vh (the function `simt_rule`, included by
 * both Verilog modules).
 *
 * The decision needs only summaries of the masks: whether the taken side
 * (t) and the not-taken side (n = TOS.mask & ~t) are empty.  The caller
 * applies it with its own mask storage: the pushed entries take the side
 * masks (the first is n when first_nt, else t; a second is always t).
 *
 * Inputs: depth (entries per stack), sp (entries in use, >= 1), base_waits
 * (sp == 2 and the base entry has pc == rpc: it goes with the last entry
 * above it), tos_rpc, t_none, n_none, pc (taken target), npc (fall-through
 * or next PC), rpc (the branch's reconvergence PC), merge_at (the entry a
 * SPLIT's not-taken side would merge into, simt_rule_merge_at; 0 for none
 * or with merging off).
 *
 *   uniform (t_none or n_none): TOS.pc := target (pc if t is not empty,
 *     else npc); POP if target == TOS.rpc, else ADVANCE.
 *   divergent: a side whose target is rpc is not pushed (if without else).
 *     rpc == TOS.rpc and sp >= 2: SPLIT, the sides replace the TOS (POP if
 *     none is pushed).  Otherwise DIVERGE: TOS.pc := rpc, the sides above it
 *     (ADVANCE to rpc if none is pushed, or POP to empty if rpc == TOS.rpc).
 *   STALL: the pushes need more than depth entries; nothing changes.
 *   MERGE (merge on push; a parameter, MERGE / cfg.merge, 1 by default): a
 *     SPLIT whose not-taken side (npc != rpc) finds an entry with pc == npc
 *     in the TOS's run (merge_at, below) ORs n into that entry instead of
 *     pushing it; the taken side replaces the TOS (pc != rpc), or the TOS
 *     goes away as in a POP (pc == rpc).  Net depth +0 or -1; never stalls.
 * See simt_stack.h for the worked example and the invariants it keeps.
 *
 * Merge on push (our departure: 000/003/004's stacks push always, and
 * GPGPU-Sim's is unbounded).  Why: a loop whose exit jumps one instruction
 * short of its reconvergence point (clang -O0 puts a lone `bra.uni` on
 * every fall-through) SPLITs at every round in which some thread leaves:
 * {short exit, leavers, rpc} below, {loop head, retriers, rpc} on top.
 * Without a merge each round's leavers keep an entry until the retriers
 * reach rpc, so a stack needs a warp's threads plus the nesting
 * (docs/ptx.md, "histo8 at -O0").  With it the leavers of every round share
 * one entry and the depth is bounded by the distinct waiting PCs of a run.
 * Only the first-pushed (not-taken) side merges: the taken side runs next
 * and pops at rpc, it never waits.
 *   The TOS's run: the contiguous entries directly below the TOS whose rpc
 * equals TOS.rpc, from TOS-1 down, stopping at the first entry whose rpc
 * differs and never including entry 0 (the base: it keeps every thread).
 * They are the siblings of the TOS, pushed for the same reconvergence
 * point; the entry below them is their parent, waiting at rpc.  Merging
 * with the entry right below the TOS only is not enough (an early-return
 * side can sit between them), and merging past the run would skip the
 * parent's reconvergence.  merge_at is the nearest such entry to the TOS
 * (two can exist: a sibling that diverged waits at its new rpc, which may
 * be another sibling's pc; either would be right).
 *   Correctness: the merged threads n are at pc npc, reconverge at rpc and
 * have the same parent as entry merge_at; running them with it later, not
 * alone first, changes only the order of independent paths.  The run's
 * masks stay pairwise disjoint: n = TOS.mask & ~t is within the TOS's mask,
 * disjoint from every sibling by the invariant, and the TOS keeps only t
 * (disjoint from n); the run's union is unchanged (t | n | the rest), so it
 * stays within the parent.
 */
#ifndef SIMT_RULE_H
#define SIMT_RULE_H

#include <stdint.h>

#include "bits.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The operations both stacks take (the `op` port of simt_stack and
 * dpe_stack) and their error codes: 1..6 are the same in both, 7 (a branch
 * on a path that is not valid) only dpe_stack raises. */
enum simt_rule_op {
    SIMT_RULE_OP_NOP = 0,
    SIMT_RULE_OP_LAUNCH = 1,
    SIMT_RULE_OP_BRANCH = 2,
    SIMT_RULE_OP_BAD = 3
};
enum simt_rule_err {
    SIMT_RULE_ERR_NONE = 0,
    SIMT_RULE_ERR_BAD_OP = 1,
    SIMT_RULE_ERR_BAD_WARP = 2,
    SIMT_RULE_ERR_WARP_BUSY = 3,
    SIMT_RULE_ERR_WARP_IDLE = 4,
    SIMT_RULE_ERR_BAD_MASK = 5,
    SIMT_RULE_ERR_BAD_LAUNCH = 6,
    SIMT_RULE_ERR_BAD_PATH = 7
};

/* The checks of one operation on a stack (both stacks' `err_code`), in
 * priority order: BAD_OP (op 3); BAD_WARP (a LAUNCH or BRANCH with op_warp
 * >= WARPS: warp_ok = 0); for a LAUNCH, WARP_BUSY (sp != 0), BAD_MASK (mask
 * == 0), BAD_LAUNCH (pc == rpc); for a BRANCH, WARP_IDLE (sp == 0),
 * BAD_PATH (path_bad: the path it ran on is not valid), BAD_MASK
 * (mask_out: the mask is not within the path's).  Each condition is one bit
 * of a priority vector; the first set bit indexes a table of codes packed in
 * one word (a priority encoder, no branches).  NOP is never an error. */
static inline unsigned simt_rule_err(unsigned op, int warp_ok, unsigned sp, uint64_t mask,
                                     uint64_t pc, uint64_t rpc, int path_bad, int mask_out)
{
    const unsigned launch = op == SIMT_RULE_OP_LAUNCH, branch = op == SIMT_RULE_OP_BRANCH;
    const unsigned c = (unsigned)(op == SIMT_RULE_OP_BAD) |
                       (unsigned)(op != SIMT_RULE_OP_NOP && !warp_ok) << 1 |
                       (launch & (sp != 0u)) << 2 | (launch & (mask == 0u)) << 3 |
                       (launch & (pc == rpc)) << 4 | (branch & (sp == 0u)) << 5 |
                       (branch & (path_bad != 0)) << 6 | (branch & (mask_out != 0)) << 7;
    /* codes by priority, 4 bits each; the 9th (nothing set) is NONE */
    const uint64_t codes = 0x057465321u;
    return (unsigned)(codes >> (4u * (unsigned)__builtin_ctz(c | 0x100u))) & 15u;
}

/* The operation and read-port inputs both stacks take (simt_stack_in and
 * dpe_stack_in name them alike), as their ports see them, and where a
 * cycle reads the state: every index is within the arrays whatever the
 * inputs (an id beyond WARPS reads warp 0, an empty stack or an invalid
 * read entry 0), and `live`/`rlive` zero what a port shows when there is
 * nothing to show, so the reads need no branch. */
typedef struct {
    unsigned op;      /* 2 bits */
    unsigned warp_ok; /* op_warp < WARPS */
    unsigned w;       /* op_warp, or 0 beyond WARPS */
    unsigned sp;      /* its depth, 0 beyond WARPS (op_depth) */
    unsigned tos;     /* its TOS index, 0 for an empty stack */
    uint64_t live;    /* all ones when sp != 0 */
    unsigned rw;      /* rd_warp, or 0 beyond WARPS */
    unsigned rsp;     /* its depth, 0 beyond WARPS (rd_depth) */
    unsigned re;      /* the entry rd_idx names below the TOS, 0 if not valid */
    uint64_t rlive;   /* all ones when rd_idx < rsp (rd_valid) */
    uint64_t mask, pc, npc, rpc; /* op_mask, op_pc, op_npc, op_rpc */
} simt_rule_view;

/* An index port is truncated to its width (an id below WARPS or DEPTH
 * already fits it). */
static inline simt_rule_view simt_rule_view_of(unsigned warps, unsigned depth, unsigned lanes,
                                               unsigned pc_bits, const uint8_t *sp, uint64_t op,
                                               uint64_t op_warp, uint64_t op_mask,
                                               uint64_t op_pc, uint64_t op_npc,
                                               uint64_t op_rpc, uint64_t rd_warp,
                                               uint64_t rd_idx)
{
    simt_rule_view v;
    const uint64_t pcm = bits_mask(pc_bits);
    const unsigned wm = (unsigned)bits_index_mask(warps);
    const unsigned w = (unsigned)op_warp & wm, rw = (unsigned)rd_warp & wm;
    const unsigned ri = (unsigned)rd_idx & (unsigned)bits_index_mask(depth);
    const unsigned rw_ok = rw < warps;
    v.op = (unsigned)(op & 3u);
    v.warp_ok = w < warps;
    v.w = w & (0u - v.warp_ok);
    v.sp = sp[v.w] & (0u - v.warp_ok);
    v.live = (uint64_t)0 - (uint64_t)(v.sp != 0u);
    v.tos = (v.sp - 1u) & (unsigned)v.live;
    v.rw = rw & (0u - rw_ok);
    v.rsp = sp[v.rw] & (0u - rw_ok);
    v.rlive = (uint64_t)0 - (uint64_t)(ri < v.rsp);
    v.re = (v.rsp - 1u - ri) & (unsigned)v.rlive;
    v.mask = bits_trunc(op_mask, lanes);
    v.pc = op_pc & pcm;
    v.npc = op_npc & pcm;
    v.rpc = op_rpc & pcm;
    return v;
}

/* simt_rule_view_of for a stack's cfg, sp[] array and in struct. */
#define SIMT_RULE_VIEW(cfg, sp, in)                                                         \
    simt_rule_view_of((cfg)->warps, (cfg)->depth, (cfg)->lanes, (cfg)->pc_bits, (sp),        \
                      (in)->op, (in)->op_warp, (in)->op_mask, (in)->op_pc, (in)->op_npc,     \
                      (in)->op_rpc, (in)->rd_warp, (in)->rd_idx)

/* the values of simt_stack's act port */
enum simt_rule_act {
    SIMT_RULE_ADVANCE = 2,
    SIMT_RULE_POP = 3,
    SIMT_RULE_DIVERGE = 4,
    SIMT_RULE_SPLIT = 5,
    SIMT_RULE_STALL = 6,
    SIMT_RULE_MERGE = 7 /* a SPLIT whose not-taken side merged (merge on push) */
};

/* Merge on push: the entry of the TOS's run (above) with pc == npc, the
 * nearest to the TOS, or 0 when there is none (entry 0 is never in a run).
 * pc and rpc point at entry 0's fields, stride apart (in words) from one
 * entry to the next; tos >= 1 is the TOS's index.  The hardware: DEPTH
 * comparators of rpc against TOS.rpc (the run, a chain from the TOS down)
 * and DEPTH of pc against npc, and a priority pick. */
static inline unsigned simt_rule_merge_at(unsigned tos, const uint64_t *pc, const uint64_t *rpc,
                                          unsigned stride, uint64_t npc)
{
    const uint64_t trpc = rpc[(size_t)tos * stride];
    unsigned e;
    for (e = tos; e-- > 1u;) {
        if (rpc[(size_t)e * stride] != trpc)
            return 0;
        if (pc[(size_t)e * stride] == npc)
            return e;
    }
    return 0;
}

typedef struct {
    unsigned act;       /* enum simt_rule_act */
    unsigned wr_tos;    /* TOS.pc := tos_pc */
    uint64_t tos_pc;
    unsigned n_push;    /* 0..2 entries written from push_base up */
    unsigned push_base; /* entry index of the first write */
    unsigned first_nt;  /* the first write is the not-taken side (else taken) */
    unsigned sp_next;   /* the depth after the update */
    unsigned merge_at;  /* MERGE: entry merge_at's mask |= n (else 0) */
} simt_rule_dec;

/* The rule's cases, computed for every branch and combined as 0/1 words
 * (& | ^), not as branches, as the Verilog's muxes are (issue 17: on
 * random traffic each case would be a coin toss for a branch predictor).
 * A jump (uniform, or divergent with both sides already at rpc) moves the
 * whole TOS to `target`: pc if t is not empty, else npc (when both sides
 * are at rpc, pc == npc == rpc); it pops when target is the TOS's rpc.
 * Otherwise the branch is divergent: SPLIT (rpc == TOS.rpc, sp >= 2)
 * replaces the TOS, DIVERGE pushes from sp, `need` entries more than sp;
 * stall when they do not fit.  Each stack selects its own writes from
 * these (simt_rule below for lwm_subwarp, simt_stack_eval).  A SPLIT
 * with merge_hit (simt_rule_merge_at found an entry; the caller passes 0
 * with merging off) whose not-taken side is live merges it: `merge`, which
 * pushes the taken side only (np - 1 writes from the TOS) and adds np - 2
 * entries (-1 or 0, as an unsigned: sp + need wraps to sp - 1).  Requires
 * sp >= 1. */
typedef struct {
    unsigned jump, pop, split, stall, merge;
    unsigned nt_live; /* npc != rpc: the not-taken side is pushed (first) */
    unsigned np;      /* sides pushed if divergent: (npc != rpc) + (pc != rpc) */
    unsigned need;    /* entries added by a divergence: np - split - merge */
    uint64_t target;
} simt_rule_case;

static inline simt_rule_case simt_rule_cases(unsigned depth, unsigned sp, uint64_t tos_rpc,
                                             int t_none, int n_none, uint64_t pc, uint64_t npc,
                                             uint64_t rpc, int merge_hit)
{
    simt_rule_case c;
    const unsigned tn = t_none != 0;
    c.nt_live = npc != rpc;
    c.np = c.nt_live + (unsigned)(pc != rpc);
    c.jump = tn | (unsigned)(n_none != 0) | (c.np == 0u);
    c.target = bits_sel((int)tn, npc, pc);
    c.pop = c.jump & (c.target == tos_rpc);
    c.split = (c.jump ^ 1u) & (rpc == tos_rpc) & (sp >= 2u);
    c.merge = c.split & c.nt_live & (unsigned)(merge_hit != 0);
    c.need = c.np - c.split - c.merge;
    c.stall = (c.jump ^ 1u) & (c.merge ^ 1u) & (sp + c.need > depth);
    return c;
}

/* The act of a case: jump ? ADVANCE + pop : stall ? STALL : DIVERGE +
 * split (a STALL may be a SPLIT that does not fit: 4 + 1 + 1; a MERGE is
 * a SPLIT that merged: 4 + 1 + 2). */
static inline unsigned simt_rule_act(const simt_rule_case *c)
{
    return (unsigned)bits_sel((int)c->jump, SIMT_RULE_ADVANCE + c->pop,
                              SIMT_RULE_DIVERGE + c->split + c->stall * (2u - c->split) +
                                  2u * c->merge);
}

/* The decision as lwm_subwarp applies it (simt_rule_dec), selected from
 * the cases by masks. */
static inline simt_rule_dec simt_rule(unsigned depth, unsigned sp, int base_waits,
                                      uint64_t tos_rpc, int t_none, int n_none, uint64_t pc,
                                      uint64_t npc, uint64_t rpc, unsigned merge_at)
{
    const simt_rule_case c =
        simt_rule_cases(depth, sp, tos_rpc, t_none, n_none, pc, npc, rpc, merge_at != 0u);
    const unsigned div = c.jump ^ 1u, moves = div & (c.stall ^ 1u); /* SPLIT or DIVERGE done */
    const unsigned advance = c.jump & (c.pop ^ 1u);
    simt_rule_dec d;
    d.act = simt_rule_act(&c);
    d.wr_tos = advance | (moves & (c.split ^ 1u));
    /* ADVANCE: target; DIVERGE, done or stalled: rpc; else 0 */
    d.tos_pc = bits_sel((int)advance, c.target, rpc & ((uint64_t)0 - (div & (c.split ^ 1u))));
    d.n_push = (c.np - c.merge) & (0u - moves);
    d.push_base = (sp - c.split) & (0u - div);
    d.first_nt = div & c.nt_live & (c.merge ^ 1u);
    d.merge_at = merge_at & (0u - c.merge);
    d.sp_next = (unsigned)bits_sel((int)c.pop, (sp - 1u) & (0u - (unsigned)(base_waits == 0)),
                                   sp + (c.need & (0u - moves)));
    return d;
}

#ifdef __cplusplus
}
#endif

#endif /* SIMT_RULE_H */
