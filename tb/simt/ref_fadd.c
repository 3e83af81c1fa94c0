/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ref_fadd.c -- the order taint's float-add seed (ref.h, ref_taint.c;
 * docs/ptx.md "Fourteenth round"): a word that float atomic adds
 * (atom/red.add.f32, .f64, prog_insn.fadd) build is tainted -- reported,
 * not compared -- unless no order of its adds can round.
 *
 * Why.  Float addition rounds, so the sum of a word's adds depends on
 * their order.  The reference's few orders (ref.h refp_order_check) show
 * that only when one of them happens to round differently: bicgat
 * (tb/kernels/cuda/realworld14) has 20 column sums of 24 products, and 4
 * of them came out bit-equal in every reference order while dwf's order
 * gave another last bit (`dwf: global byte 2212 ... = 0xdf, the reference
 * has 0xe0`, exit 1) -- a correct kernel failed.
 *
 * The rule.  Per word (global memory for the whole run, shared memory per
 * CTA), over the adds the taint pass's order runs on it: the addends (the
 * word's value at its first add, then every operand), their smallest
 * exponent of the last set bit L, and the sum of their magnitudes A.
 * Every partial sum in any order is a sum of a subset of the addends: a
 * multiple of 2^L of magnitude at most A, so when A <= 2^(P + L) (P = 24
 * for .f32, 53 for .f64) every partial sum is representable, no add
 * rounds, and every order gives the same bits (zeros too: -0 only when
 * every addend is -0).  Otherwise (or an infinity or NaN, a word added as
 * both .f32 and .f64, a half type, or .f32 in global memory with L < -126:
 * its atom flushes subnormals) the word's bytes are tainted from that add
 * on.  A is summed in double, exact while the bound holds (a multiple of
 * 2^L below 2^(53 + L)), and the bound is monotone, so a word once
 * tainted stays so.  The taint then flows as every seed's does: a block's
 * shared partial sum, tainted, taints the value a thread reads from it and
 * the global word its atomicAdd builds (bicgat's two levels).  An addend
 * that is itself tainted taints its word by ref_taint.c's rule already.
 *
 * What it assumes: the words are built by float adds alone between the
 * first add and the end of the run (a plain store or another atomic on the
 * same word racing them is ref_taint.c's (3)/(5), the orders' to show).
 * Timing: none (the reference's oracle).  Parameters: none.  The test hook
 * refp_fadd_fault (ref.h, --inject-fault fadd@K, fault kind 23).
 */
#include "ref.h"
#include "ref_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int refp_fadd_fault;

typedef struct {
    double sum;   /* A: the addends' magnitudes */
    int16_t lsb;  /* L (INT16_MAX: no nonzero addend yet) */
    uint8_t kind; /* 0 untouched, else prog_insn.fadd */
    uint8_t bad;  /* the word is tainted */
} refp_fa_word;

struct refp_fadd {
    refp_fa_word *g, *s; /* by word: global memory, the CTA's shared memory */
    uint64_t ng, ns;
};

/* whether p has a float atomic add it can reach */
int refp_fadd_wanted(const prog *p)
{
    for (unsigned pc = 0; refp_fadd_fault != 1 && pc < p->n; pc++)
        if (p->ins[pc].unit == PU_ATOM && p->ins[pc].fadd && (!p->reachable || p->reachable[pc]))
            return 1;
    return 0;
}

refp_fadd *refp_fadd_new(const prog *p)
{
    refp_fadd *f = calloc(1, sizeof *f);
    if (!f)
        return NULL;
    f->ng = p->global_bytes / 4 + 1;
    f->ns = p->shared_bytes / 4 + 1;
    f->g = calloc(f->ng, sizeof *f->g);
    f->s = calloc(f->ns, sizeof *f->s);
    if (!f->g || !f->s) {
        refp_fadd_free(f);
        return NULL;
    }
    refp_count(2, (int64_t)((f->ng + f->ns) * sizeof *f->g));
    return f;
}

void refp_fadd_free(refp_fadd *f)
{
    if (!f)
        return;
    if (f->g && f->s)
        refp_count(2, -(int64_t)((f->ng + f->ns) * sizeof *f->g));
    free(f->g);
    free(f->s);
    free(f);
}

/* A CTA starts: its shared words untouched */
void refp_fadd_cta_begin(refp_fadd *f)
{
    memset(f->s, 0, f->ns * sizeof *f->s);
}

/* an addend of kind k (4: f32 bits, 8: f64 bits) into w: 0, or 1 when it
 * is not finite */
static int refp_fa_add(refp_fa_word *w, unsigned k, uint64_t v)
{
    int bias = k == 4 ? 150 : 1075, mbits = k == 4 ? 23 : 52;
    uint64_t emax = k == 4 ? 0xff : 0x7ff;
    uint64_t e = v >> mbits & emax, m = v & ((1ull << mbits) - 1);
    if (e == emax)
        return 1;
    if (e)
        m |= 1ull << mbits;
    if (!m)
        return 0;
    int lsb = __builtin_ctzll(m) + (int)(e ? e : 1) - bias;
    if (lsb < w->lsb)
        w->lsb = (int16_t)lsb;
    w->sum += ldexp((double)m, (int)(e ? e : 1) - bias);
    return 0;
}

/* A float atomic add of in (in->fadd) at byte a of global (sh 0) or shared
 * (sh 1) memory executed with effect e: 1 when its word is to be tainted */
int refp_fadd_step(refp_fadd *f, int sh, uint64_t a, const prog_insn *in, const prog_effect *e)
{
    uint64_t i = a / 4;
    if (i >= (sh ? f->ns : f->ng))
        return 1;
    refp_fa_word *w = sh ? &f->s[i] : &f->g[i];
    unsigned k = in->fadd;
    if (w->bad)
        return 1;
    if (k != 4 && k != 8)
        return w->bad = 1;
    if (w->kind && w->kind != k)
        return w->bad = 1;
    if (!w->kind) {
        w->kind = (uint8_t)k;
        w->lsb = INT16_MAX;
        w->sum = 0.0;
        if (refp_fa_add(w, k, k == 4 ? (e->aold & 0xffffffffu) : e->aold))
            return w->bad = 1;
    }
    if (refp_fa_add(w, k, k == 4 ? (e->aval & 0xffffffffu) : e->aval))
        return w->bad = 1;
    if (w->lsb == INT16_MAX)
        return 0; /* every addend a zero */
    int p = k == 4 ? 24 : 53;
    if ((k == 4 && !sh && w->lsb < -126) || w->sum > ldexp(1.0, p + w->lsb) || refp_fadd_fault == 2)
        return w->bad = 1;
    return 0;
}
