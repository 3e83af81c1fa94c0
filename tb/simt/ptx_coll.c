/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ptx_coll.c -- the PTX semantics that combine a logical warp's lanes or a
 * CTA's threads (prog_ops.coll_wait, exec_coll, bar_release of the PTX
 * front end): shfl.sync, vote.sync, activemask, bar.warp.sync, redux.sync,
 * match.sync, and bar.red's reduction at the barrier's release.  The
 * one-thread semantics are in ptx_exec.c; who calls these and when (the
 * reference's rendezvous, the SM's issue of a whole logical warp):
 * prog.h, "Warp-synchronous instructions", and docs/ptx.md.
 */
#include <stdarg.h>
#include <stdio.h>

#include "ptx.h"
#include "ptx_int.h"

/* shfl.sync, vote.sync, activemask, bar.warp.sync, redux.sync, match.sync
 * for one logical warp (prog.h: "Warp-synchronous instructions"; the PTX
 * ISA's semantics, docs/ptx.md).  The membermask is operand a[3] of shfl,
 * a[0] of bar.warp.sync, a[1] of vote, redux and match. */
static int coll_guard(const prog_insn *pi, const prog_thread *t)
{
    return pi->guard < 0 || (int)(t->r[pi->guard] & 1) != (int)pi->guard_neg;
}

static uint32_t coll_members(const ptx_ins *in, const prog_thread *t)
{
    return (uint32_t)ptx_val(&in->a[in->op == OP_SHFL ? 3 : in->op == OP_WBAR ? 0 : 1], t);
}

uint32_t ptx_coll_wait(const prog *p, int pc, const prog_thread *t)
{
    const ptx_ins *in = &((const ptx_impl *)p->impl)->ins[pc];
    if (in->op == OP_ACTMASK || !coll_guard(&p->ins[pc], t)) return 0;
    return coll_members(in, t);
}

/* "file:line: shfl.sync: lane N of warp W (CTA x,y,z) <what>" */
static int coll_err(const prog *p, int pc, const prog_thread *t, char *err, size_t errlen,
                    const char *fmt, ...) __attribute__((format(printf, 6, 7)));
static int coll_err(const prog *p, int pc, const prog_thread *t, char *err, size_t errlen,
                    const char *fmt, ...)
{
    char name[24];
    prog_wsync_name(&p->ins[pc], name, sizeof name);
    int k = snprintf(err, errlen, "%s:%d: %s: lane %u of warp %u (CTA %u,%u,%u) ", p->file,
                     p->ins[pc].line, name, t->flat % PROG_WARP, t->flat / PROG_WARP,
                     t->ctaid[0], t->ctaid[1], t->ctaid[2]);
    if (k > 0 && (size_t)k < errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err + k, errlen - (size_t)k, fmt, ap);
        va_end(ap);
    }
    return -1;
}

/* why lane j takes no part in what the executing lanes do */
static const char *coll_absent(uint32_t j, uint32_t here, uint32_t gone)
{
    return gone >> j & 1 ? "has exited or does not exist"
           : here >> j & 1 ? "does not execute it (its guard is false)"
                           : "does not take part (it waits elsewhere)";
}

int ptx_exec_coll(const prog *p, int pc, prog_thread *const *lane, uint32_t gone,
                         prog_effect *e, char *err, size_t errlen)
{
    const prog_insn *pi = &p->ins[pc];
    const ptx_impl *im = p->impl;
    const ptx_ins *in = &im->ins[pc];
    uint32_t here = 0, ex = 0;
    for (unsigned l = 0; l < PROG_WARP; l++)
        if (lane[l]) {
            here |= 1u << l;
            if (coll_guard(pi, lane[l])) ex |= 1u << l;
        }
    /* every executing lane: in its own membermask, its members all here */
    for (unsigned l = 0; l < PROG_WARP && in->op != OP_ACTMASK; l++) {
        if (!(ex >> l & 1)) continue;
        uint32_t mm = coll_members(in, lane[l]), miss = mm & ~gone & ~ex;
        if (!(mm >> l & 1))
            return coll_err(p, pc, lane[l], err, errlen, "is not in its own membermask 0x%08x",
                            mm);
        if (miss) {
            unsigned u = (unsigned)__builtin_ctz(miss);
            return coll_err(p, pc, lane[l], err, errlen,
                            "waits for lane %u of its membermask 0x%08x, which %s: undefined "
                            "in CUDA",
                            u, mm, coll_absent(u, here, gone));
        }
    }
    /* every result from the values before the instruction */
    uint64_t res[PROG_WARP] = {0};
    uint8_t inrange[PROG_WARP] = {0};
    uint32_t pred = 0;
    if (in->op == OP_VOTE)
        for (unsigned l = 0; l < PROG_WARP; l++)
            if (ex >> l & 1) pred |= (uint32_t)(ptx_val(&in->a[0], lane[l]) & 1) << l;
    /* redux and match: each executing lane's value read once (not once per
     * lane that looks at it); redux's result is its members' alone, so a
     * lane with the previous lane's members takes its result */
    uint64_t val[PROG_WARP] = {0};
    uint32_t prev_act = 0, prev_acc = 0;
    /* match: each executing lane's executing members; mdone: the lanes
     * whose result a lane with the same members and value already gave */
    uint32_t mact[PROG_WARP] = {0}, mdone = 0;
    if (in->op == OP_REDUX || in->op == OP_MATCH)
        for (unsigned l = 0; l < PROG_WARP; l++)
            if (ex >> l & 1) {
                val[l] = ptx_val(&in->a[0], lane[l]) &
                         (in->op == OP_REDUX || in->type == T_B32 ? 0xffffffffu : ~0ull);
                if (in->op == OP_MATCH)
                    mact[l] = coll_members(in, lane[l]) & ex;
            }
    for (unsigned l = 0; l < PROG_WARP; l++) {
        if (!(ex >> l & 1)) continue;
        prog_thread *t = lane[l];
        if (in->op == OP_SHFL) {
            /* the PTX ISA's shfl.sync: c packs the segment mask (bits
             * 12:8) and the clamp (4:0); out of range reads lane l itself */
            uint32_t b = (uint32_t)ptx_val(&in->a[1], t) & 31, c = (uint32_t)ptx_val(&in->a[2], t);
            uint32_t seg = c >> 8 & 31, cl = c & 31;
            int maxl = (int)((l & seg) | (cl & ~seg)), minl = (int)(l & seg), j;
            int ok;
            switch (in->cmp) {
            case SH_UP: j = (int)l - (int)b; ok = j >= maxl; break;
            case SH_DOWN: j = (int)l + (int)b; ok = j <= maxl; break;
            case SH_BFLY: j = (int)(l ^ b); ok = j <= maxl; break;
            default: j = minl | (int)(b & ~seg); ok = j <= maxl; break;
            }
            if (!ok) j = (int)l;
            if (!(ex >> j & 1))
                return coll_err(p, pc, t, err, errlen, "reads lane %d, which %s: undefined in CUDA",
                                j, coll_absent((uint32_t)j, here, gone));
            res[l] = ptx_val(&in->a[0], lane[j]) & 0xffffffffu;
            inrange[l] = (uint8_t)ok;
        } else if (in->op == OP_VOTE) {
            uint32_t act = coll_members(in, t) & ex, yes = pred & act;
            switch (in->cmp) {
            case VO_ALL: res[l] = yes == act; break;
            case VO_ANY: res[l] = yes != 0; break;
            case VO_UNI: res[l] = yes == 0 || yes == act; break;
            default: res[l] = yes; break;
            }
        } else if (in->op == OP_ACTMASK) {
            res[l] = here;
        } else if (in->op == OP_REDUX) {
            /* over the executing members, in 32 bits (add wraps; min/max
             * signed for .s32) */
            uint32_t act = coll_members(in, t) & ex, acc = 0;
            if (act && act == prev_act) {
                res[l] = prev_acc;
                continue;
            }
            int first = 1;
            for (unsigned j = 0; j < PROG_WARP; j++) {
                if (!(act >> j & 1)) continue;
                uint32_t v = (uint32_t)val[j];
                int lt = in->type == T_S32 ? (int32_t)v < (int32_t)acc : v < acc;
                if (first) acc = v;
                else switch (in->aop) {
                    case A_ADD: acc += v; break;
                    case A_MIN: acc = lt ? v : acc; break;
                    case A_MAX: acc = lt || v == acc ? acc : v; break;
                    case A_AND: acc &= v; break;
                    case A_OR: acc |= v; break;
                    default: acc ^= v; break;
                    }
                first = 0;
            }
            res[l] = acc;
            prev_act = act;
            prev_acc = acc;
        } else if (in->op == OP_MATCH) {
            /* any: the members holding the value lane l holds; all: every
             * member when they all hold one value (p = 1), else 0.  Those
             * of them with lane l's members have its result (their same
             * set is its): given once */
            if (mdone >> l & 1)
                continue;
            uint32_t act = mact[l], same = 0;
            uint64_t me = val[l];
            for (uint32_t m = act; m; m &= m - 1) {
                unsigned j = (unsigned)__builtin_ctz(m);
                if (val[j] == me)
                    same |= 1u << j;
            }
            res[l] = in->cmp == MA_ANY ? same : same == act ? act : 0;
            inrange[l] = (uint8_t)(same == act);
            for (uint32_t m = same & ~(1u << l); m; m &= m - 1) {
                unsigned j = (unsigned)__builtin_ctz(m);
                if (mact[j] == act) {
                    res[j] = res[l];
                    inrange[j] = inrange[l];
                    mdone |= 1u << j;
                }
            }
        }
    }
    for (unsigned l = 0; l < PROG_WARP; l++) {
        if (!(here >> l & 1)) continue;
        e[l].next_pc = pc + 1;
        e[l].executed = (uint8_t)(ex >> l & 1);
        e[l].taken = 0;
        e[l].nacc = 0;
        if (!(ex >> l & 1) || in->op == OP_WBAR) continue;
        ptx_wr(im, lane[l], &in->d[0], res[l], in->type);
        if ((in->op == OP_SHFL || in->op == OP_MATCH) && in->nd == 2)
            ptx_wr(im, lane[l], &in->d[1], inrange[l], T_PRED);
    }
    return 0;
}

/* bar.red's release (prog_ops.bar_release): the counts its threads made
 * when they arrived (exec: words 0 and 1 of its slot, the threads whose
 * predicate holds and all of them) become the result (word 2: popc the
 * count, and all of them, or any) and start again at 0 for the next */
void ptx_bar_release(const prog *p, int pc, uint8_t *shared)
{
    const ptx_ins *in = &((const ptx_impl *)p->impl)->ins[pc];
    if (in->op != OP_BAR || in->cmp == BR_NONE) return;
    uint8_t *q = shared + PTX_RED_SLOT(in);
    uint32_t yes = (uint32_t)ptx_load_le(q, 4), all = (uint32_t)ptx_load_le(q + 4, 4);
    ptx_store_le(q + 8, in->cmp == BR_POPC ? yes : in->cmp == BR_AND ? yes == all : yes != 0, 4);
    ptx_store_le(q, 0, 8);
}
