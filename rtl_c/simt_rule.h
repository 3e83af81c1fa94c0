/* SPDX-License-Identifier: Apache-2.0 */
/*
 * simt_rule.h -- the push/pop decision of the baseline reconvergence stack
 * (000 sec. 3.2 / Fig. 5, 004 sec. 2.3), written once for every stack that
 * holds {pc, mask, rpc} entries: simt_stack (LANES-bit masks) and the large
 * warps of lwm_subwarp (K*N-bit masks).  Twin: verilog/simt_rule.vh (the
 * function `simt_rule`, included by both Verilog modules).
 *
 * The decision needs only summaries of the masks: whether the taken side
 * (t) and the not-taken side (n = TOS.mask & ~t) are empty.  The caller
 * applies it with its own mask storage: the pushed entries take the side
 * masks (the first is n when first_nt, else t; a second is always t).
 *
 * Inputs: depth (entries per stack), sp (entries in use, >= 1), base_waits
 * (sp == 2 and the base entry has pc == rpc: it goes with the last entry
 * above it), tos_rpc, t_none, n_none, pc (taken target), npc (fall-through
 * or next PC), rpc (the branch's reconvergence PC).
 *
 *   uniform (t_none or n_none): TOS.pc := target (pc if t is not empty,
 *     else npc); POP if target == TOS.rpc, else ADVANCE.
 *   divergent: a side whose target is rpc is not pushed (if without else).
 *     rpc == TOS.rpc and sp >= 2: SPLIT, the sides replace the TOS (POP if
 *     none is pushed).  Otherwise DIVERGE: TOS.pc := rpc, the sides above it
 *     (ADVANCE to rpc if none is pushed, or POP to empty if rpc == TOS.rpc).
 *   STALL: the pushes need more than depth entries; nothing changes.
 * See simt_stack.h for the worked example and the invariants it keeps.
 */
#ifndef SIMT_RULE_H
#define SIMT_RULE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* the values of simt_stack's act port */
enum simt_rule_act {
    SIMT_RULE_ADVANCE = 2,
    SIMT_RULE_POP = 3,
    SIMT_RULE_DIVERGE = 4,
    SIMT_RULE_SPLIT = 5,
    SIMT_RULE_STALL = 6
};

typedef struct {
    unsigned act;       /* enum simt_rule_act */
    unsigned wr_tos;    /* TOS.pc := tos_pc */
    uint64_t tos_pc;
    unsigned n_push;    /* 0..2 entries written from push_base up */
    unsigned push_base; /* entry index of the first write */
    unsigned first_nt;  /* the first write is the not-taken side (else taken) */
    unsigned sp_next;   /* the depth after the update */
} simt_rule_dec;

static inline simt_rule_dec simt_rule(unsigned depth, unsigned sp, int base_waits,
                                      uint64_t tos_rpc, int t_none, int n_none, uint64_t pc,
                                      uint64_t npc, uint64_t rpc)
{
    simt_rule_dec d = {SIMT_RULE_ADVANCE, 0, 0, 0, 0, 0, sp};
    const unsigned popped = base_waits ? 0u : sp - 1u;
    unsigned need;
    if (t_none || n_none) {
        /* uniform: the whole TOS moves to one target */
        uint64_t target = !t_none ? pc : npc;
        if (target == tos_rpc) {
            d.act = SIMT_RULE_POP;
            d.sp_next = popped;
        } else {
            d.wr_tos = 1;
            d.tos_pc = target;
        }
        return d;
    }
    /* divergent: the sides not already at the rpc, not-taken first */
    d.first_nt = npc != rpc;
    d.n_push = (unsigned)(npc != rpc) + (unsigned)(pc != rpc);
    if (rpc == tos_rpc && sp >= 2u) {
        if (d.n_push == 0u) {
            d.act = SIMT_RULE_POP;
            d.sp_next = popped;
            return d;
        }
        d.act = SIMT_RULE_SPLIT;
        d.push_base = sp - 1u;
        need = d.n_push - 1u;
    } else {
        if (d.n_push == 0u) {
            /* both sides at the rpc: a uniform jump to it */
            if (rpc == tos_rpc) {
                d.act = SIMT_RULE_POP;
                d.sp_next = 0;
            } else {
                d.wr_tos = 1;
                d.tos_pc = rpc;
            }
            return d;
        }
        d.act = SIMT_RULE_DIVERGE;
        d.wr_tos = 1;
        d.tos_pc = rpc;
        d.push_base = sp;
        need = d.n_push;
    }
    if (sp + need > depth) {
        d.act = SIMT_RULE_STALL;
        d.wr_tos = 0;
        d.n_push = 0;
        d.sp_next = sp;
        return d;
    }
    d.sp_next = sp + need;
    return d;
}

#ifdef __cplusplus
}
#endif

#endif /* SIMT_RULE_H */
