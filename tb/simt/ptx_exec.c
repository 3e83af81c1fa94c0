/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ptx_exec.c -- the PTX instruction semantics for one thread (prog_ops.exec
 * of the PTX front end).  The scalar reference and every mechanism of the
 * SM model execute through this one function (issue 25, section 3).
 *
 * Integers: registers hold their value zero-extended; an operation of type
 * .sN/.uN/.bN works on the low N bits, a result narrower than its register
 * (ld.s8 into a .b32 register, cvt) is sign-extended for .s types and
 * zero-extended otherwise.  Shifts by the width or more give 0 (shl, shr.u)
 * or the sign (shr.s).  div and rem truncate toward zero; a division by
 * zero stops the run (PTX leaves the result undefined, C too: the kernel
 * has a bug), the one overflowing case (min / -1) gives min and rem 0.
 * Floats: IEEE binary32/64 through C's float/double (FLT_EVAL_METHOD 0);
 * a NaN operand of add/sub/mul/div (.rn) gives the first NaN operand,
 * quieted; .rn/.rz/.rm/.rp through fesetround; fma and mad.f with one rounding
 * (fma/fmaf); min/max return the non-NaN operand and order -0 below +0;
 * .ftz flushes .f32 subnormal inputs and results to a zero of the same
 * sign (and .f64 ones on rcp/rsqrt.approx.ftz.f64, its only f64 forms);
 * .sat clamps to [0, 1] (NaN to 0).  div.rn, rcp.rn and sqrt.rn are
 * IEEE-exact; the .approx forms (rcp, sqrt, rsqrt, lg2, ex2, sin, cos,
 * tanh) and div.full are the C library's result (1/x, sqrtf, 1/sqrtf,
 * log2f, exp2f, sinf, cosf, tanhf, x/y): within the PTX error bounds, not
 * bit-identical to a GPU's.  cvt float->int rounds as asked and saturates
 * to the destination's range (NaN gives 0), as PTX defines.  atom/red.add.f32
 * in global memory flushes subnormal inputs and results to zero (the PTX
 * ISA's note on atom; in shared memory it keeps them).  The edge cases,
 * with the manual's values: tests/test_ptx_sem.c.
 *
 * Memory: byte-addressed little-endian; every access must be naturally
 * aligned (vectors: to the whole vector) and inside its space (global: in
 * one of the launch's buffers or the module's variables when the launch
 * declares any), else the run stops with the thread, the PC, the PTX line
 * and the address.  Generic addresses: ptx_int.h.
 *
 * Two paths (docs/ptx.md, "How exec runs an instruction"): ptx_exec runs
 * the pre-decoded form (ptx_int.h: ptx_fx, built by ptx_fast_build when
 * the module is loaded) of the common forms with no decoding per thread;
 * ptx_exec_general is the semantics written per opcode, for everything
 * else and for every error.  Cost (callgrind, hotspot.launch, spe): 152
 * instructions per thread-instruction before the fast path, about 68 with
 * it (a fast ALU case about 45: the guard, the effect's fields, two operand
 * reads, one jump, the write).  ptx_exec_warp (prog_ops.exec_warp, the SM
 * core's issue) chooses the case once and loops over the threads: each
 * case's code is written once (fast_case, fast_value) and inlined into
 * both ptx_exec and the warp loops.
 *
 * The pure helpers (width masks and sign extension, the round-to-nearest
 * float operations and their NaN choice, one operation in a rounding mode,
 * .ftz, .sat, min/max, comparisons, the float-to-integer and integral
 * conversions, mul.hi/wide, lop3, clz, bfe/bfi, prmt, bfind) are in
 * ptx_arith.h, shared with ptx_half.c and ptx_lib.c.
 */
#include <fenv.h>
#include <stdarg.h>
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "ptx.h"
#include "ptx_int.h"
#include "ptx_arith.h"

/* float bits (ptx_int.h) */
#define f32 ptx_f32
#define f64 ptx_f64
#define bf32 ptx_bf32
#define bf64 ptx_bf64

static uint64_t sreg(const ptx_opnd *o, const prog_thread *t)
{
    switch (o->sreg) {
    case SR_TID: return t->tid[o->sdim];
    case SR_NTID: return t->ntid[o->sdim];
    case SR_CTAID: return t->ctaid[o->sdim];
    case SR_NCTAID: return t->nctaid[o->sdim];
    case SR_LANEID: return t->laneid;
    case SR_WARPID: return t->warpid;
    case SR_CLOCK: return (uint32_t)t->clock;
    case SR_CLOCK64: return t->clock;
    case SR_NWARPID: return 0;
    }
    return 0;
}

static inline uint64_t val(const ptx_opnd *o, const prog_thread *t)
{
    switch (o->kind) {
    case O_REG: return o->neg ? !(t->r[o->reg] & 1) : t->r[o->reg];
    case O_IMM: return o->imm;
    case O_SREG: return sreg(o, t);
    }
    return 0;
}


/* writes v (of type ty) into register o */
static inline void wr(const ptx_impl *im, prog_thread *t, const ptx_opnd *o, uint64_t v, uint8_t ty)
{
    if (o->kind != O_REG) return;
    unsigned w = im->regw[o->reg];
    if (w == 0) {
        t->r[o->reg] = v & 1;
        return;
    }
    if (TY_KIND(ty) == TK_S && TY_BYTES(ty) < w) v = (uint64_t)ptx_sext(v, TY_BYTES(ty));
    else if (TY_BYTES(ty) < w) v = ptx_mask(v, TY_BYTES(ty));
    t->r[o->reg] = ptx_mask(v, w);
}

/* val and wr for the other files of the front end (ptx_coll.c) */
uint64_t ptx_val(const ptx_opnd *o, const prog_thread *t) { return val(o, t); }
void ptx_wr(const ptx_impl *im, prog_thread *t, const ptx_opnd *o, uint64_t v, uint8_t ty)
{
    wr(im, t, o, v, ty);
}

/* ------------------------------------------------------------ floats */

/* [reg+imm]'s address; a 32-bit register's sum wraps at 2^32, as the
 * hardware's 32-bit address arithmetic does (-fcuda-short-ptr's .shared
 * and .local pointers) */
static inline uint64_t mem_addr(const ptx_opnd *o, const prog_thread *t)
{
    uint64_t addr = o->imm + (o->reg >= 0 ? t->r[o->reg] : 0);
    return o->a32 ? (uint32_t)addr : addr;
}

/* arithmetic of one float type: a, b, c as doubles holding the (flushed)
 * operands; result rounded to the type */
static uint64_t farith(const ptx_ins *in, int k, uint64_t ra, uint64_t rb, uint64_t rc)
{
    int rnd = in->rnd == R_NONE ? R_RN : in->rnd;
    if (rnd == R_RN && !(in->flags & (F_FTZ | F_SAT)) && k != FA_FMA) {
        /* the common case: round to nearest, the mode C runs in */
        if (in->type == T_F32)
            return k == FA_ADD ? ptx_fadd32(ra, rb) : k == FA_SUB ? ptx_fsub32(ra, rb) : k == FA_MUL ? ptx_fmul32(ra, rb) : ptx_fdiv32(ra, rb);
        return k == FA_ADD ? ptx_fadd64(ra, rb) : k == FA_SUB ? ptx_fsub64(ra, rb) : k == FA_MUL ? ptx_fmul64(ra, rb) : ptx_fdiv64(ra, rb);
    }
    if (in->type == T_F32) {
        float a = f32(ra), b = f32(rb), c = f32(rc), r;
        if (in->flags & F_FTZ) { a = ptx_ftz32(a); b = ptx_ftz32(b); c = ptx_ftz32(c); }
        r = ptx_op32(k, rnd, a, b, c);
        if (in->flags & F_FTZ) r = ptx_ftz32(r);
        if (in->flags & F_SAT) r = ptx_sat01f(r);
        return bf32(r);
    }
    double r = ptx_op64(k, rnd, f64(ra), f64(rb), f64(rc));
    if (in->flags & F_SAT) r = ptx_sat01d(r);
    return bf64(r);
}

static uint64_t cvt(const ptx_ins *in, uint64_t a)
{
    uint8_t d = in->type, s = in->type2;
    unsigned db = TY_BYTES(d), sb = TY_BYTES(s);
    int dk = TY_KIND(d), sk = TY_KIND(s);
    if (dk != TK_F && sk != TK_F) {
        /* integer -> integer: the source value, then the destination's */
        int64_t sv = sk == TK_S ? ptx_sext(a, sb) : (int64_t)ptx_mask(a, sb);
        if (in->flags & F_SAT) {
            int dsgn = dk == TK_S;
            if (dsgn) {
                int64_t lo = db == 8 ? INT64_MIN : -(1ll << (8 * db - 1));
                int64_t hi = db == 8 ? INT64_MAX : (1ll << (8 * db - 1)) - 1;
                if (sk != TK_S && db == 8 && ptx_mask(a, sb) > (uint64_t)INT64_MAX) return (uint64_t)INT64_MAX;
                if (sk == TK_S ? sv < lo : 0) sv = lo;
                if (sk == TK_S ? sv > hi : (uint64_t)sv > (uint64_t)hi) sv = hi;
            } else {
                uint64_t hi = db == 8 ? UINT64_MAX : (1ull << (8 * db)) - 1;
                if (sk == TK_S && sv < 0) sv = 0;
                else if ((uint64_t)sv > hi) sv = (int64_t)hi;
            }
        }
        return ptx_mask((uint64_t)sv, db);
    }
    if (dk == TK_F && sk != TK_F) {
        /* integer -> float, rounded by the mode */
        int m = ptx_fe_mode(in->rnd);
        if (m != FE_TONEAREST) fesetround(m);
        uint64_t r;
        if (sk == TK_S) {
            volatile int64_t v = ptx_sext(a, sb);
            if (d == T_F32) { volatile float f = (float)v; r = bf32(f); }
            else { volatile double f = (double)v; r = bf64(f); }
        } else {
            volatile uint64_t v = ptx_mask(a, sb);
            if (d == T_F32) { volatile float f = (float)v; r = bf32(f); }
            else { volatile double f = (double)v; r = bf64(f); }
        }
        if (m != FE_TONEAREST) fesetround(FE_TONEAREST);
        if (in->flags & F_SAT) r = d == T_F32 ? bf32(ptx_sat01f(f32(r))) : bf64(ptx_sat01d(f64(r)));
        return r;
    }
    double x = s == T_F32 ? (double)f32(a) : f64(a);
    if (s == T_F32 && (in->flags & F_FTZ)) x = ptx_ftz32((float)x);
    if (dk != TK_F) return ptx_f2i(x, in->rnd, d);
    /* float -> float */
    if (in->rnd >= R_RNI) x = ptx_round_integral(x, in->rnd);
    if (d == T_F32) {
        float f;
        if (s == T_F64 && in->rnd <= R_RP) {
            volatile double vx = x;
            volatile float vf;
            int m = ptx_fe_mode(in->rnd);
            if (m != FE_TONEAREST) fesetround(m);
            vf = (float)vx;
            if (m != FE_TONEAREST) fesetround(FE_TONEAREST);
            f = vf;
        } else f = (float)x;
        if (in->flags & F_FTZ) f = ptx_ftz32(f);
        if (in->flags & F_SAT) f = ptx_sat01f(f);
        return bf32(f);
    }
    if (in->flags & F_SAT) x = ptx_sat01d(x);
    return bf64(x);
}

/* ------------------------------------------------------------ integers */

/* add.cc/addc, sub.cc/subc, mad.cc/madc (F_CC, F_CIN; ptx_insn.c): d = a +
 * b + CF, a - (b + CF), or a * b (.lo or .hi) + c + CF, in the type's width;
 * the carry out (to d[1]) is the sum's bit past the width, or for sub the
 * borrow, as subc reads it */
static void carry_arith(const ptx_impl *im, const ptx_ins *in, prog_thread *t, uint64_t a, uint64_t b,
                        uint64_t c)
{
    unsigned bytes = TY_BYTES(in->type);
    int sgn = TY_KIND(in->type) == TK_S;
    uint64_t cin = (in->flags & F_CIN) ? val(&in->a[in->na - 1], t) & 1 : 0, r, cout;
    a = ptx_mask(a, bytes);
    b = ptx_mask(b, bytes);
    if (in->op == OP_SUB) {
        r = a - b - cin;
        cout = (unsigned __int128)b + cin > a;
    } else {
        uint64_t x = a, y = b;
        if (in->op == OP_MAD) {
            x = ptx_mask((in->flags & F_HI) ? ptx_mulhi(a, b, sgn, bytes) : a * b, bytes);
            y = ptx_mask(c, bytes);
        }
        unsigned __int128 sum = (unsigned __int128)x + y + cin;
        r = (uint64_t)sum;
        cout = (uint64_t)(sum >> (8 * bytes)) & 1;
    }
    wr(im, t, &in->d[0], ptx_mask(r, bytes), in->type);
    if (in->flags & F_CC) wr(im, t, &in->d[1], cout, T_PRED);
}

/* dp4a: c + the four byte products; dp2a: c + a's two halfwords times b's
 * bytes 0-1 (.lo) or 2-3 (.hi); a's and b's signs by type and type2 */
static uint32_t dotp(const ptx_ins *in, uint64_t a, uint64_t b, uint64_t c)
{
    int sa = in->type == T_S32, sb = in->type2 == T_S32;
    uint64_t r = c;
    if (in->op == OP_DP4A)
        for (unsigned i = 0; i < 4; i++) r += (uint64_t)(ptx_vel(a, 8, i, sa) * ptx_vel(b, 8, i, sb));
    else
        for (unsigned i = 0; i < 2; i++)
            r += (uint64_t)(ptx_vel(a, 16, i, sa) * ptx_vel(b, 8, ((in->flags & F_HI) ? 2 : 0) + i, sb));
    return (uint32_t)r;
}

/* ------------------------------------------------------------ memory */

static const char *const space_name[PS_N] = {"generic", "global", "shared", "local", "param"};

static int run_err(const prog *p, int pc, const prog_thread *t, char *err, size_t errlen,
                   const char *what, uint64_t addr, unsigned bytes, const char *why)
{
    snprintf(err, errlen,
             "thread %u of CTA (%u,%u,%u): pc %d (%s:%d): %s address 0x%llx (%u bytes) %s",
             t->flat, t->ctaid[0], t->ctaid[1], t->ctaid[2], pc, p->file, p->ins[pc].line, what,
             (unsigned long long)addr, bytes, why);
    return -1;
}

/* Resolves an access of `bytes` at addr in space sp (PS_NONE: generic) to a
 * pointer; records it in e. */
static uint8_t *access(const prog *p, int pc, prog_thread *t, const prog_mem *m, prog_effect *e,
                       uint8_t sp, uint64_t addr, unsigned bytes, unsigned align, int write,
                       char *err, size_t errlen)
{
    const ptx_impl *im = p->impl;
    uint64_t a = addr;
    uint8_t s = sp;
    if (s == PS_NONE) {
        if (a < PTX_SHARED_WIN) s = PS_GLOBAL;
        else if (a < PTX_LOCAL_WIN) { s = PS_SHARED; a -= PTX_SHARED_WIN; }
        else { s = PS_LOCAL; a -= PTX_LOCAL_WIN; }
    }
    if (a % align) {
        run_err(p, pc, t, err, errlen, space_name[sp], addr, bytes, "misaligned");
        return NULL;
    }
    uint8_t *base = NULL;
    uint64_t size = 0;
    switch (s) {
    case PS_GLOBAL: base = m->global; size = m->global_bytes; break;
    case PS_SHARED: base = m->shared; size = m->shared_bytes; break;
    case PS_LOCAL: base = t->local; size = m->local_bytes; break;
    case PS_PARAM: base = (uint8_t *)(uintptr_t)m->param; size = m->param_bytes; break;
    }
    if (a >= size || bytes > size - a || !base) {
        run_err(p, pc, t, err, errlen, space_name[sp], addr, bytes, "out of range");
        return NULL;
    }
    if (s == PS_GLOBAL && im->nregion) {
        unsigned i;
        for (i = 0; i < im->nregion; i++)
            if (a >= im->region[i].addr && a - im->region[i].addr < im->region[i].bytes &&
                bytes <= im->region[i].bytes - (a - im->region[i].addr))
                break;
        if (i == im->nregion) {
            run_err(p, pc, t, err, errlen, space_name[sp], addr, bytes, "outside every buffer");
            return NULL;
        }
    }
    if (e->nacc < PROG_MAX_ACC) {
        e->acc[e->nacc].addr = a;
        e->acc[e->nacc].bytes = (uint8_t)bytes;
        e->acc[e->nacc].write = (uint8_t)write;
        e->acc[e->nacc].space = s;
        e->nacc++;
    }
    return base + a;
}

uint8_t *ptx_access(const prog *p, int pc, prog_thread *t, const prog_mem *m, prog_effect *e,
                    uint8_t sp, uint64_t addr, unsigned bytes, unsigned align, int write,
                    char *err, size_t errlen)
{
    return access(p, pc, t, m, e, sp, addr, bytes, align, write, err, errlen);
}

/* atom.add on a float at addr (in in's space): in global memory .f32
 * flushes subnormal inputs and results to a zero of the same sign (the PTX
 * ISA's atom: "current implementation"; in shared memory it keeps them) */
static PTX_NOINLINE uint64_t atom_fadd(const ptx_ins *in, uint64_t old, uint64_t b, uint64_t addr)
{
    if (in->type == T_F64) return ptx_fadd64(old, b);
    if (in->space == PS_GLOBAL || (in->space == PS_NONE && addr < PTX_SHARED_WIN))
        return bf32(ptx_ftz32(f32(ptx_fadd32(bf32(ptx_ftz32(f32(old))), bf32(ptx_ftz32(f32(b)))))));
    return ptx_fadd32(old, b);
}

/* the atomic operation on old at addr (in in's space) */
static uint64_t atom_op(const ptx_ins *in, uint64_t old, uint64_t b, uint64_t c, uint64_t addr)
{
    unsigned bytes = TY_BYTES(in->type);
    int k = TY_KIND(in->type);
    switch (in->aop) {
    case A_ADD:
        if (k == TK_F) return atom_fadd(in, old, b, addr);
        return ptx_mask(old + b, bytes);
    case A_MIN: case A_MAX: {
        int mx = in->aop == A_MAX;
        if (k == TK_F) {
            if (in->type == T_F32) return bf32((float)ptx_fminmax(f32(old), f32(b), mx));
            return bf64(ptx_fminmax(f64(old), f64(b), mx));
        }
        int lt = k == TK_S ? ptx_sext(b, bytes) < ptx_sext(old, bytes) : ptx_mask(b, bytes) < ptx_mask(old, bytes);
        return mx ? (lt ? old : ptx_mask(b, bytes)) : (lt ? ptx_mask(b, bytes) : old);
    }
    case A_AND: return old & b;
    case A_OR: return ptx_mask(old | b, bytes);
    case A_XOR: return ptx_mask(old ^ b, bytes);
    case A_EXCH: return ptx_mask(b, bytes);
    case A_CAS: return ptx_mask(old, bytes) == ptx_mask(b, bytes) ? ptx_mask(c, bytes) : old;
    case A_INC: return ptx_mask(old, 4) >= ptx_mask(b, 4) ? 0 : ptx_mask(old + 1, 4);
    case A_DEC: return (ptx_mask(old, 4) == 0 || ptx_mask(old, 4) > ptx_mask(b, 4)) ? ptx_mask(b, 4) : ptx_mask(old - 1, 4);
    }
    return old;
}

/* ------------------------------------------------------------ exec */

int ptx_exec_general(const prog *p, int pc, prog_thread *t, const prog_mem *m, prog_effect *e,
                     char *err, size_t errlen)
{
    const prog_insn *pi = &p->ins[pc];
    const ptx_impl *im = p->impl;
    const ptx_ins *in = &im->ins[pc];
    e->next_pc = pc + 1;
    e->executed = 0;
    e->taken = 0;
    e->nacc = 0;
    if (pi->guard >= 0 && (int)(t->r[pi->guard] & 1) == (int)pi->guard_neg) return 0;
    e->executed = 1;
    if (in->flags & F_HALF) return ptx_half_exec(im, in, t); /* .f16/.bf16 arithmetic (ptx_half.c) */
    uint8_t ty = in->type;
    unsigned bytes = ty == T_NONE ? 0 : TY_BYTES(ty);
    unsigned bits = 8 * bytes;
    int kind = ty == T_NONE ? TK_B : TY_KIND(ty);
    int sgn = kind == TK_S;
    int isf = kind == TK_F;
    int ispred = ty == T_PRED;
    uint64_t a = val(&in->a[0], t), b = val(&in->a[1], t), c = val(&in->a[2], t);
    const ptx_opnd *d = &in->d[0];
    uint64_t r = 0;
    if (in->flags & (F_CC | F_CIN)) {
        carry_arith(im, in, t, a, b, c);
        return 0;
    }
    switch (in->op) {
    case OP_MOV:
        if (in->nd > 1) { /* mov.b64 {lo, hi}, x: unpack */
            unsigned part = bytes / in->nd;
            for (int i = 0; i < in->nd; i++) wr(im, t, &in->d[i], a >> (8 * part * (unsigned)i), (uint8_t)(TY(TK_B, 0) | (part == 2 ? 1 : part == 4 ? 2 : 3)));
            return 0;
        }
        if (in->na > 1) { /* pack */
            unsigned part = bytes / in->na;
            for (int i = 0; i < in->na; i++) r |= ptx_mask(val(&in->a[i], t), part) << (8 * part * (unsigned)i);
        } else r = ispred ? (a & 1) : a;
        wr(im, t, d, r, ty);
        return 0;
    case OP_ADD: case OP_SUB:
        if (isf) r = farith(in, in->op == OP_ADD ? FA_ADD : FA_SUB, a, b, 0);
        else if (in->flags & F_SAT)
            r = ptx_satadd_s32(in->op == OP_ADD ? (int64_t)ptx_sext(a, 4) + ptx_sext(b, 4) : (int64_t)ptx_sext(a, 4) - ptx_sext(b, 4));
        else r = in->op == OP_ADD ? a + b : a - b;
        break;
    case OP_MUL:
        if (isf) r = farith(in, FA_MUL, a, b, 0);
        else if (in->flags & F_WIDE) { wr(im, t, d, ptx_mulwide(a, b, sgn, bytes), (uint8_t)(ty + 1)); return 0; }
        else if (in->flags & F_HI) r = ptx_mulhi(a, b, sgn, bytes);
        else r = a * b;
        break;
    case OP_MAD:
        if (isf) r = farith(in, FA_FMA, a, b, c);
        else if (in->flags & F_WIDE) { wr(im, t, d, ptx_mulwide(a, b, sgn, bytes) + c, (uint8_t)(ty + 1)); return 0; }
        else if (in->flags & F_HI) {
            if (in->flags & F_SAT) r = ptx_satadd_s32((int64_t)ptx_sext(ptx_mulhi(a, b, 1, 4), 4) + ptx_sext(c, 4));
            else r = ptx_mulhi(a, b, sgn, bytes) + c;
        } else r = a * b + c;
        break;
    case OP_FMA: r = farith(in, FA_FMA, a, b, c); break;
    case OP_DIV: case OP_REM:
        if (isf) { r = farith(in, FA_DIV, a, b, 0); break; }
        if (ptx_mask(b, bytes) == 0) {
            snprintf(err, errlen, "thread %u of CTA (%u,%u,%u): pc %d (%s:%d): integer division by zero",
                     t->flat, t->ctaid[0], t->ctaid[1], t->ctaid[2], pc, p->file, pi->line);
            return -1;
        }
        if (sgn) {
            int64_t x = ptx_sext(a, bytes), y = ptx_sext(b, bytes);
            int64_t mn = bytes == 8 ? INT64_MIN : -(1ll << (bits - 1));
            if (x == mn && y == -1) r = in->op == OP_DIV ? (uint64_t)mn : 0;
            else r = (uint64_t)(in->op == OP_DIV ? x / y : x % y);
        } else r = in->op == OP_DIV ? ptx_mask(a, bytes) / ptx_mask(b, bytes) : ptx_mask(a, bytes) % ptx_mask(b, bytes);
        break;
    case OP_NEG:
        if (ty == T_F32) r = bf32(in->flags & F_FTZ ? -ptx_ftz32(f32(a)) : -f32(a));
        else if (ty == T_F64) r = a ^ 0x8000000000000000ull;
        else r = (uint64_t)0 - a;
        break;
    case OP_ABS:
        if (ty == T_F32) r = bf32(fabsf(in->flags & F_FTZ ? ptx_ftz32(f32(a)) : f32(a)));
        else if (ty == T_F64) r = a & 0x7fffffffffffffffull;
        else r = ptx_sext(a, bytes) < 0 ? (uint64_t)0 - a : a;
        break;
    case OP_MIN: case OP_MAX: {
        int mx = in->op == OP_MAX;
        if (ty == T_F32) {
            float x = f32(a), y = f32(b);
            if (in->flags & F_FTZ) { x = ptx_ftz32(x); y = ptx_ftz32(y); }
            r = bf32((float)ptx_fminmax(x, y, mx));
        } else if (ty == T_F64) r = bf64(ptx_fminmax(f64(a), f64(b), mx));
        else {
            int lt = sgn ? ptx_sext(a, bytes) < ptx_sext(b, bytes) : ptx_mask(a, bytes) < ptx_mask(b, bytes);
            r = (lt != mx) ? a : b;
        }
        break;
    }
    case OP_SAD: { /* c + |a - b| */
        int lt = sgn ? ptx_sext(a, bytes) < ptx_sext(b, bytes) : ptx_mask(a, bytes) < ptx_mask(b, bytes);
        r = c + (lt ? b - a : a - b);
        break;
    }
    case OP_AND: r = a & b; break;
    case OP_OR: r = a | b; break;
    case OP_XOR: r = a ^ b; break;
    case OP_NOT: r = ispred ? !(a & 1) : ~a; break;
    case OP_CNOT: r = ptx_mask(a, bytes) == 0; break;
    case OP_SHL: {
        uint32_t n = (uint32_t)b;
        r = n >= bits ? 0 : a << n;
        break;
    }
    case OP_SHR: {
        uint32_t n = (uint32_t)b;
        if (sgn) r = (uint64_t)(ptx_sext(a, bytes) >> (n >= bits ? bits - 1 : n));
        else r = n >= bits ? 0 : ptx_mask(a, bytes) >> n;
        break;
    }
    case OP_SHF: {
        uint32_t n = (uint32_t)c;
        n = (in->flags & F_CLAMP) ? (n > 32 ? 32 : n) : (n & 31);
        uint64_t x = ((uint64_t)(uint32_t)b << 32) | (uint32_t)a;
        r = (in->flags & F_SHF_L) ? (x << n) >> 32 : x >> n;
        break;
    }
    case OP_BFE: r = ptx_bfe(ptx_mask(a, bytes), (unsigned)(b & 0xff), (unsigned)(c & 0xff), sgn, bits); break;
    case OP_BFI: {
        uint64_t dd = val(&in->a[3], t);
        r = ptx_bfi(a, b, (unsigned)(c & 0xff), (unsigned)(dd & 0xff), bits);
        break;
    }
    case OP_POPC: wr(im, t, d, bits_popcount(ptx_mask(a, bytes)), T_U32); return 0;
    case OP_CLZ: wr(im, t, d, ptx_clz(ptx_mask(a, bytes), bits), T_U32); return 0;
    case OP_BREV: r = bits_reverse(a, bits); break;
    case OP_PRMT: r = ptx_prmt((uint32_t)a, (uint32_t)b, (uint32_t)c, in->cmp); break;
    case OP_BFIND: wr(im, t, d, ptx_bfind(a, sgn, bits, in->cmp), T_U32); return 0;
    case OP_SELP: r = (c & 1) ? a : b; break;
    case OP_SLCT: {
        int ge;
        if (in->type2 == T_F32) {
            float z = f32(c);
            if (in->flags & F_FTZ) z = ptx_ftz32(z);
            ge = z >= 0.0f;
        } else ge = ptx_sext(c, 4) >= 0;
        r = ge ? a : b;
        break;
    }
    case OP_SETP: {
        int x;
        if (ty == T_F32) {
            float fa = f32(a), fb = f32(b);
            if (in->flags & F_FTZ) { fa = ptx_ftz32(fa); fb = ptx_ftz32(fb); }
            x = ptx_fcmp(in->cmp, fa, fb);
        } else if (ty == T_F64) x = ptx_fcmp(in->cmp, f64(a), f64(b));
        else x = ptx_icmp(in->cmp, a, b, sgn, bytes);
        int p1 = x, p2 = !x;
        if (in->bop != B_NONE) {
            int cc = (int)(c & 1);
            if (in->bop == B_AND) { p1 = p1 && cc; p2 = p2 && cc; }
            else if (in->bop == B_OR) { p1 = p1 || cc; p2 = p2 || cc; }
            else { p1 = p1 ^ cc; p2 = p2 ^ cc; }
        }
        if (in->flags & F_SETV) { /* set: all ones, or 1.0f for .f32 */
            wr(im, t, &in->d[0], p1 ? (in->type2 == T_F32 ? 0x3f800000u : 0xffffffffu) : 0, in->type2);
            return 0;
        }
        wr(im, t, &in->d[0], (uint64_t)p1, T_PRED);
        if (in->nd > 1) wr(im, t, &in->d[1], (uint64_t)p2, T_PRED);
        return 0;
    }
    case OP_TESTP: {
        double x = ty == T_F32 ? (double)f32(a) : f64(a);
        int cl = ty == T_F32 ? fpclassify(f32(a)) : fpclassify(x);
        int res = 0;
        switch (in->cmp) {
        case 0: res = isfinite(x); break;
        case 1: res = isinf(x); break;
        case 2: res = !isnan(x); break;
        case 3: res = isnan(x); break;
        case 4: res = cl == FP_NORMAL || cl == FP_ZERO; break; /* PTX: both zeros are normal */
        case 5: res = cl == FP_SUBNORMAL; break;
        }
        wr(im, t, d, (uint64_t)res, T_PRED);
        return 0;
    }
    case OP_CVT: wr(im, t, d, cvt(in, a), in->type); return 0;
    case OP_CVTA: {
        uint64_t win = in->space == PS_SHARED ? PTX_SHARED_WIN : in->space == PS_LOCAL ? PTX_LOCAL_WIN : 0;
        r = (in->flags & F_TO) ? a - win : a + win;
        break;
    }
    case OP_RCP: case OP_SQRT: case OP_RSQRT: case OP_LG2: case OP_EX2: case OP_SIN: case OP_COS:
    case OP_TANH:
        if (ty == T_F32) {
            float x = f32(a), y;
            if (in->flags & F_FTZ) x = ptx_ftz32(x);
            int rnd = in->rnd == R_NONE ? R_RN : in->rnd;
            switch (in->op) {
            case OP_RCP: y = ptx_op32(FA_DIV, rnd, 1.0f, x, 0); break;
            case OP_SQRT: y = ptx_op32(FA_SQRT, rnd, x, 0, 0); break;
            case OP_RSQRT: y = 1.0f / sqrtf(x); break;
            case OP_LG2: y = log2f(x); break;
            case OP_EX2: y = exp2f(x); break;
            case OP_SIN: y = sinf(x); break;
            case OP_COS: y = cosf(x); break;
            default: y = tanhf(x); break;
            }
            if (in->flags & F_FTZ) y = ptx_ftz32(y);
            r = bf32(y);
        } else {
            double x = f64(a), y;
            if (in->flags & F_FTZ) x = ptx_ftz64(x); /* rcp/rsqrt.approx.ftz.f64 */
            int rnd = in->rnd == R_NONE ? R_RN : in->rnd;
            switch (in->op) {
            case OP_RCP: y = ptx_op64(FA_DIV, rnd, 1.0, x, 0); break;
            case OP_SQRT: y = ptx_op64(FA_SQRT, rnd, x, 0, 0); break;
            case OP_RSQRT: y = 1.0 / sqrt(x); break;
            default: y = x; break; /* refused by the parser */
            }
            if (in->flags & F_FTZ) y = ptx_ftz64(y);
            r = bf64(y);
        }
        break;
    case OP_COPYSIGN:
        if (ty == T_F32) r = bf32(copysignf(f32(b), f32(a)));
        else r = bf64(copysign(f64(b), f64(a)));
        break;
    case OP_LD: {
        uint64_t addr = mem_addr(&in->a[0], t);
        uint64_t vals[4];
        for (int i = 0; i < in->vec; i++) {
            const uint8_t *q = access(p, pc, t, m, e, in->space, addr + (uint64_t)i * bytes, bytes,
                                      i ? bytes : bytes * in->vec, 0, err, errlen);
            if (!q) return -1;
            vals[i] = ptx_load_le(q, bytes);
        }
        for (int i = 0; i < in->vec; i++) wr(im, t, &in->d[i], vals[i], ty);
        return 0;
    }
    case OP_ST: {
        uint64_t addr = mem_addr(&in->a[0], t);
        uint8_t *q[4];
        for (int i = 0; i < in->vec; i++) {
            q[i] = access(p, pc, t, m, e, in->space, addr + (uint64_t)i * bytes, bytes,
                          i ? bytes : bytes * in->vec, 1, err, errlen);
            if (!q[i]) return -1;
        }
        for (int i = 0; i < in->vec; i++) ptx_store_le(q[i], val(&in->a[1 + i], t), bytes);
        return 0;
    }
    case OP_ATOM: case OP_RED: {
        uint64_t addr = mem_addr(&in->a[0], t);
        uint8_t *q = access(p, pc, t, m, e, in->space, addr, bytes, bytes, 1, err, errlen);
        if (!q) return -1;
        uint64_t old = ptx_load_le(q, bytes);
        ptx_store_le(q, atom_op(in, old, b, c, addr), bytes);
        e->aold = old; /* ref_fadd.c: a float add's addends */
        e->aval = b;
        if (in->op == OP_ATOM) wr(im, t, d, old, ty);
        return 0;
    }
    case OP_BRA:
        e->next_pc = pi->target;
        e->taken = 1;
        return 0;
    case OP_RET: case OP_EXIT:
        e->next_pc = (int32_t)p->n;
        return 0;
    case OP_BAR: /* bar.red: the thread and its predicate counted (ptx_bar_release) */
        if (in->cmp != BR_NONE) {
            uint8_t *q = m->shared + PTX_RED_SLOT(in);
            ptx_store_le(q, ptx_load_le(q, 4) + (val(&in->a[1], t) & 1), 4);
            ptx_store_le(q + 4, ptx_load_le(q + 4, 4) + 1, 4);
        }
        return 0;
    case OP_BARRES:
        wr(im, t, d, ptx_load_le(m->shared + PTX_RED_SLOT(in) + 8, 4), ty);
        return 0;
    case OP_MEMBAR:
        return 0;
    case OP_LOP3: wr(im, t, d, ptx_lop3((uint32_t)a, (uint32_t)b, (uint32_t)c, (unsigned)in->a[3].imm), ty); return 0;
    case OP_DP4A: case OP_DP2A: wr(im, t, d, dotp(in, a, b, c), ty); return 0;
    case OP_LIB: /* a library function (ptx_lib.c) */
        return ptx_lib_exec(p, pc, t, m, err, errlen);
    case OP_TRAP: /* trap, or brx.idx's index outside its list (ptx_call.c) */
        if (in->cmp == 2) /* an indirect call's pointer (ptx_call.c indirect_call) */
            snprintf(err, errlen, "thread %u of CTA (%u,%u,%u): pc %d (%s:%d): indirect call through a pointer "
                     "(0x%llx) to none of the %llu functions whose address the module takes with this prototype",
                     t->flat, t->ctaid[0], t->ctaid[1], t->ctaid[2], pc, p->file, pi->line,
                     (unsigned long long)val(&in->a[0], t), (unsigned long long)in->a[1].imm);
        else if (in->cmp)
            snprintf(err, errlen, "thread %u of CTA (%u,%u,%u): pc %d (%s:%d): brx.idx index %llu outside its .branchtargets list of %llu",
                     t->flat, t->ctaid[0], t->ctaid[1], t->ctaid[2], pc, p->file, pi->line,
                     (unsigned long long)ptx_mask(val(&in->a[0], t), 4), (unsigned long long)in->a[1].imm);
        else
            snprintf(err, errlen, "thread %u of CTA (%u,%u,%u): pc %d (%s:%d): trap",
                     t->flat, t->ctaid[0], t->ctaid[1], t->ctaid[2], pc, p->file, pi->line);
        return -1;
    case OP_SHFL: case OP_VOTE: case OP_ACTMASK: case OP_WBAR: case OP_REDUX: case OP_MATCH:
        /* prog_insn.wsync: only ops->exec_coll executes them */
        snprintf(err, errlen, "%s:%d: internal: warp-synchronous '%s' executed by one thread",
                 p->file, pi->line, pi->text);
        return -1;
    }
    wr(im, t, d, ispred ? (r & 1) : ptx_mask(r, bytes), ty);
    return 0;
}

/* ------------------------------------------------------------ fast path */

/* source operand j of f as a value (ptx_int.h: ptx_fx) */
#define SRC(j) ((t->r[f->rg[j]] & f->m[j]) | f->imm[j])
/* the type's value of source x: sign-extended or masked */
#define SX(x) ((uint64_t)((int64_t)((x) << f->ssh) >> f->ssh) & f->sm)
/* the register write of v (ptx_int.h) */
#define FIX(v) ((uint64_t)((int64_t)((v) << f->sh) >> f->sh) & f->dm)

static inline uint64_t load_n(const uint8_t *q, unsigned bytes)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint8_t b1;
    uint16_t b2;
    uint32_t b4;
    uint64_t b8;
    switch (bytes) {
    case 1: memcpy(&b1, q, 1); return b1;
    case 2: memcpy(&b2, q, 2); return b2;
    case 4: memcpy(&b4, q, 4); return b4;
    case 8: memcpy(&b8, q, 8); return b8;
    }
#endif
    return ptx_load_le(q, bytes);
}

static inline void store_n(uint8_t *q, uint64_t v, unsigned bytes)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint8_t b1 = (uint8_t)v;
    uint16_t b2 = (uint16_t)v;
    uint32_t b4 = (uint32_t)v;
    switch (bytes) {
    case 1: memcpy(q, &b1, 1); return;
    case 2: memcpy(q, &b2, 2); return;
    case 4: memcpy(q, &b4, 4); return;
    case 8: memcpy(q, &v, 8); return;
    }
#endif
    ptx_store_le(q, v, bytes);
}

/* The vector of f at addr in its (explicit) space when the whole of it is
 * aligned, in range and, in global memory, inside one region; else NULL
 * (the general path then decides: it checks each element and reports). */
static inline uint8_t *fast_access(ptx_impl *im, const ptx_fx *f, const prog_thread *t,
                                   const prog_mem *m, uint64_t addr)
{
    uint8_t *base;
    uint64_t size, len = (uint64_t)f->bytes * f->vec;
    switch (f->space) {
    case PS_GLOBAL: base = m->global; size = m->global_bytes; break;
    case PS_SHARED: base = m->shared; size = m->shared_bytes; break;
    case PS_LOCAL: base = t->local; size = m->local_bytes; break;
    default: base = (uint8_t *)(uintptr_t)m->param; size = m->param_bytes; break;
    }
    if (!base || (addr & (len - 1)) || addr >= size || len > size - addr) return NULL;
    if (f->space == PS_GLOBAL && im->nregion) {
        const ptx_region *g = &im->region[im->last_region];
        if (addr - g->addr >= g->bytes || len > g->bytes - (addr - g->addr)) {
            unsigned i;
            for (i = 0; i < im->nregion; i++) {
                g = &im->region[i];
                if (addr - g->addr < g->bytes && len <= g->bytes - (addr - g->addr)) break;
            }
            if (i == im->nregion) return NULL;
            im->last_region = i;
        }
    }
    return base + addr;
}

/* The effect's fields before an instruction runs; 0 when its guard holds
 * it off (a no-op that goes on to pc + 1). */
static inline int fast_begin(const ptx_fx *f, int pc, const prog_thread *t, prog_effect *e)
{
    const int ex = f->guard < 0 || (int)(t->r[f->guard] & 1) != (int)f->guard_neg;
    e->next_pc = pc + 1;
    e->executed = (uint8_t)ex;
    e->taken = 0;
    e->nacc = 0;
    return ex;
}

/* The value of fast case k for thread t, sources a = SRC(0), b = SRC(1)
 * (SRC(2) read here where the case has a third): the one definition of the
 * fast cases' semantics.  Every case that writes registers and cannot fail
 * is here (the FK_SETP_* cases give the predicate bit); FK_DIV_U and
 * FK_REM_U need b's value nonzero (their callers send a zero divisor to
 * the general path, which reports it).  ptx_exec calls it with the case
 * read at run time (one switch); ptx_exec_warp with the case a constant,
 * once per case in a loop over the threads, so each loop body is the
 * case's code alone. */
static PROG_ALWAYS_INLINE uint64_t fast_value(int k, const ptx_impl *im, const ptx_fx *f, int pc,
                                         const prog_thread *t, uint64_t a, uint64_t b)
{
    switch (k) {
    case FK_MOV: return a;
    case FK_SREG: return sreg(&im->ins[pc].a[0], t);
    case FK_ADD: return a + b;
    case FK_SUB: return a - b;
    case FK_MUL: return a * b;
    case FK_MAD: return a * b + SRC(2);
    case FK_AND: return a & b;
    case FK_OR: return a | b;
    case FK_XOR: return a ^ b;
    case FK_NOT: return ~a;
    case FK_NEG: return (uint64_t)0 - a;
    case FK_XORC: return a ^ f->x;
    case FK_ANDC: return a & f->x;
    case FK_SHL: return (uint32_t)b >= f->bits ? 0 : a << (uint32_t)b;
    case FK_SHR_U: return (uint32_t)b >= f->bits ? 0 : SX(a) >> (uint32_t)b;
    case FK_SHR_S:
        return (uint64_t)((int64_t)SX(a) >> ((uint32_t)b >= f->bits ? f->bits - 1u : (uint32_t)b));
    case FK_MULWIDE: return SX(a) * SX(b);
    case FK_MADWIDE: return SX(a) * SX(b) + SRC(2);
    case FK_MULHI: return (SX(a) * SX(b)) >> 32;
    case FK_MINMAX: return (((SX(a) ^ f->flip) < (SX(b) ^ f->flip)) != f->tbl) ? a : b;
    case FK_SETP_I: {
        uint64_t x = SX(a) ^ f->flip, y = SX(b) ^ f->flip;
        return (f->tbl >> ((unsigned)(x > y) * 2u + (unsigned)(x == y))) & 1u;
    }
    case FK_SETP_F32: {
        float x = f32(a), y = f32(b);
        return (f->tbl >> ((unsigned)(isnan(x) || isnan(y)) * 3u + (unsigned)(x > y) * 2u +
                           (unsigned)(x == y))) & 1u;
    }
    case FK_SETP_F64: {
        double x = f64(a), y = f64(b);
        return (f->tbl >> ((unsigned)(isnan(x) || isnan(y)) * 3u + (unsigned)(x > y) * 2u +
                           (unsigned)(x == y))) & 1u;
    }
    case FK_SELP: return (SRC(2) & 1) ? a : b;
    case FK_CVT_I: return SX(a);
    case FK_CVT_F64_F32: return bf64((double)f32(a));
    case FK_CVT_F32_S: return bf32((float)(int64_t)SX(a));
    case FK_CVT_F32_U: return bf32((float)SX(a));
    case FK_CVT_F64_S: return bf64((double)(int64_t)SX(a));
    case FK_CVT_F64_U: return bf64((double)SX(a));
    case FK_CVTA: return a + f->x;
    /* float arithmetic on two numbers has one IEEE result; with a NaN
     * operand the NaN it returns is the one the general path's function
     * gives */
    case FK_FADD32: return ptx_fadd32(a, b);
    case FK_FSUB32: return ptx_fsub32(a, b);
    case FK_FMUL32: return ptx_fmul32(a, b);
    case FK_FDIV32: return ptx_fdiv32(a, b);
    case FK_FADD64: return ptx_fadd64(a, b);
    case FK_FSUB64: return ptx_fsub64(a, b);
    case FK_FMUL64: return ptx_fmul64(a, b);
    case FK_FDIV64: return ptx_fdiv64(a, b);
    case FK_DIV_U: return SX(a) / SX(b);
    case FK_REM_U: return SX(a) % SX(b);
    case FK_FFMA32: return bf32(ptx_op32(FA_FMA, R_RN, f32(a), f32(b), f32(SRC(2))));
    case FK_FFMA64: return bf64(ptx_op64(FA_FMA, R_RN, f64(a), f64(b), f64(SRC(2))));
    }
    return 0; /* not reached: the other cases are the callers' */
}

/* The register write of fast case k's value r (a compare: its predicate
 * and, with a second destination, the complement). */
static PROG_ALWAYS_INLINE void fast_write(int k, const ptx_fx *f, prog_thread *t, uint64_t r)
{
    if (k == FK_SETP_I || k == FK_SETP_F32 || k == FK_SETP_F64) {
        t->r[f->d[0]] = r;
        if (f->nd > 1) t->r[f->d[1]] = r ^ 1u;
    } else {
        t->r[f->d[0]] = FIX(r);
    }
}

/* Fast case k for one thread after its guard held: control flow, the
 * value cases, a division (a zero divisor: the general path), a load or a
 * store (an access fast_access refuses: the general path).  0, or -1 with
 * err from the general path. */
static PROG_ALWAYS_INLINE int fast_case(int k, const prog *p, const ptx_impl *im, const ptx_fx *f,
                                   int pc, prog_thread *t, const prog_mem *m, prog_effect *e,
                                   char *err, size_t errlen)
{
    switch (k) {
    case FK_NOP: return 0;
    case FK_BRA:
        e->next_pc = p->ins[pc].target;
        e->taken = 1;
        return 0;
    case FK_EXIT:
        e->next_pc = (int32_t)p->n;
        return 0;
    case FK_GENERAL: return ptx_exec_general(p, pc, t, m, e, err, errlen);
    case FK_DIV_U: case FK_REM_U:
        if (!SX(SRC(1))) return ptx_exec_general(p, pc, t, m, e, err, errlen);
        break;
    case FK_LD: case FK_ST: {
        uint64_t addr = (t->r[f->ar] & f->am) + f->x;
        uint8_t *q = fast_access((ptx_impl *)im, f, t, m, addr);
        if (!q) return ptx_exec_general(p, pc, t, m, e, err, errlen);
        unsigned n = f->vec, by = f->bytes;
        for (unsigned i = 0; i < n; i++) {
            e->acc[i].addr = addr + (uint64_t)i * by;
            e->acc[i].bytes = (uint8_t)by;
            e->acc[i].write = (uint8_t)(k == FK_ST);
            e->acc[i].space = f->space;
        }
        e->nacc = (uint8_t)n;
        if (n == 1) {
            if (k == FK_ST) store_n(q, SRC(0), by);
            else t->r[f->d[0]] = FIX(load_n(q, by));
            return 0;
        }
        if (k == FK_ST) {
            for (unsigned i = 0; i < n; i++) store_n(q + (size_t)i * by, SRC(i), by);
            return 0;
        }
        uint64_t v[4];
        for (unsigned i = 0; i < n; i++) v[i] = load_n(q + (size_t)i * by, by);
        for (unsigned i = 0; i < n; i++) t->r[f->d[i]] = FIX(v[i]);
        return 0;
    }
    }
    fast_write(k, f, t, fast_value(k, im, f, pc, t, SRC(0), SRC(1)));
    return 0;
}

/* Every fast case, in two lists: the ones that call nothing (ptx_exec's
 * own) and the ones that call functions (fma, unsigned division, loads and
 * stores, the general path: fast_calls'), in ptx_int.h's order. */
#define FAST_PLAIN(X)                                                                           \
    X(FK_NOP) X(FK_BRA) X(FK_EXIT) X(FK_MOV) X(FK_SREG) X(FK_ADD) X(FK_SUB) X(FK_MUL) X(FK_MAD) \
    X(FK_AND) X(FK_OR) X(FK_XOR) X(FK_NOT) X(FK_NEG) X(FK_XORC) X(FK_ANDC) X(FK_SHL)          \
    X(FK_SHR_U) X(FK_SHR_S) X(FK_MULWIDE) X(FK_MADWIDE) X(FK_MULHI) X(FK_MINMAX) X(FK_SETP_I) \
    X(FK_SETP_F32) X(FK_SETP_F64) X(FK_SELP) X(FK_CVT_I) X(FK_CVT_F64_F32) X(FK_CVT_F32_S)    \
    X(FK_CVT_F32_U) X(FK_CVT_F64_S) X(FK_CVT_F64_U) X(FK_CVTA) X(FK_FADD32) X(FK_FSUB32)       \
    X(FK_FMUL32) X(FK_FDIV32) X(FK_FADD64) X(FK_FSUB64) X(FK_FMUL64) X(FK_FDIV64)
#define FAST_CALLING(X) \
    X(FK_DIV_U) X(FK_REM_U) X(FK_FFMA32) X(FK_FFMA64) X(FK_LD) X(FK_ST) X(FK_GENERAL)

/* one thread: fast_case with the case a constant */
#define ONE_CASE(K) \
    case K: return fast_case(K, p, im, f, pc, t, m, e, err, errlen);

/* The cases that call functions, after ptx_exec's dispatch: kept out of
 * ptx_exec so that its own cases, which call nothing, need no saved
 * registers. */
static PTX_NOINLINE int fast_calls(const prog *p, int pc, prog_thread *t, const prog_mem *m,
                               prog_effect *e, char *err, size_t errlen)
{
    const ptx_impl *im = p->impl;
    const ptx_fx *f = &im->fx[pc];
    if (!fast_begin(f, pc, t, e)) return 0;
    switch (f->k) { FAST_CALLING(ONE_CASE) }
    return 0;
}

static int ptx_exec(const prog *p, int pc, prog_thread *t, const prog_mem *m, prog_effect *e,
                    char *err, size_t errlen)
{
    const ptx_impl *im = p->impl;
    const ptx_fx *f = &im->fx[pc];
    if (f->k >= FK_DIV_U) return fast_calls(p, pc, t, m, e, err, errlen);
    if (!fast_begin(f, pc, t, e)) return 0;
    switch (f->k) { FAST_PLAIN(ONE_CASE) }
    return 0;
}

/* prog_ops.exec_warp and exec_cta: instruction pc for the threads
 * tv[0..n-1] in order, thread i with memory mv[i] or (one, a constant)
 * every thread with m1.  The case is chosen once; each case is a loop over
 * the threads running that case of fast_case (its guard, then the case's
 * code), so nothing is decoded or dispatched per thread.  The semantics
 * are fast_case's, as in ptx_exec (tests/test_ptx.c:
 * warp_exec_equals_thread_exec). */
static PROG_ALWAYS_INLINE int exec_threads(const prog *p, int pc, prog_thread *const *tv,
                                           const int one, const prog_mem *const *mv,
                                           const prog_mem *m1, unsigned n, prog_effect *e,
                                           unsigned *done, char *err, size_t errlen)
{
    const ptx_impl *im = p->impl;
    /* a copy the threads' register writes cannot alias: its fields stay in
     * registers across the loop instead of being read again per thread */
    const ptx_fx fl = im->fx[pc], *const f = &fl;
#define WARP_CASE(K)                                                                        \
    case K:                                                                                 \
        for (unsigned i = 0; i < n; i++) {                                                  \
            prog_thread *t = tv[i];                                                         \
            if (fast_begin(f, pc, t, &e[i]) &&                                              \
                fast_case(K, p, im, f, pc, t, one ? m1 : mv[i], &e[i], err, errlen)) {      \
                *done = i;                                                                  \
                return -1;                                                                  \
            }                                                                               \
        }                                                                                   \
        break;
    switch (f->k) { FAST_PLAIN(WARP_CASE) FAST_CALLING(WARP_CASE) }
#undef WARP_CASE
    *done = n;
    return 0;
}

static int ptx_exec_warp(const prog *p, int pc, prog_thread *const *tv, const prog_mem *const *m,
                         unsigned n, prog_effect *e, unsigned *done, char *err, size_t errlen)
{
    return exec_threads(p, pc, tv, 0, m, NULL, n, e, done, err, errlen);
}

static int ptx_exec_cta(const prog *p, int pc, prog_thread *const *tv, const prog_mem *m,
                        unsigned n, prog_effect *e, unsigned *done, char *err, size_t errlen)
{
    return exec_threads(p, pc, tv, 1, NULL, m, n, e, done, err, errlen);
}
#undef ONE_CASE

/* ------------------------------------------------------------ decode */

/* source j of f from operand o; 0 when the fast path cannot read it */
static int fx_src(ptx_fx *f, int j, const ptx_opnd *o)
{
    f->rg[j] = 0;
    f->m[j] = 0;
    f->imm[j] = 0;
    switch (o->kind) {
    case O_REG:
        if (o->neg) return 0;
        f->rg[j] = (uint32_t)o->reg;
        f->m[j] = ~0ull;
        return 1;
    case O_IMM: f->imm[j] = o->imm; return 1;
    case O_SREG: return 0;
    }
    return 1; /* val() reads every other kind as 0 */
}

/* destination j of f: operand o written as type ty (wr()); 0 when the
 * fast path cannot write it (not a register, or a second destination of
 * another width) */
static int fx_dst(ptx_fx *f, int j, const ptx_impl *im, const ptx_opnd *o, uint8_t ty)
{
    if (o->kind != O_REG) return 0;
    unsigned w = im->regw[o->reg], sh;
    uint64_t dm;
    if (w == 0 || ty == T_PRED) {
        sh = 63;
        dm = 1;
    } else {
        unsigned tb = TY_BYTES(ty), lo = tb < w ? tb : w;
        sh = 64 - 8 * lo;
        dm = ptx_mask(~0ull, TY_KIND(ty) == TK_S && tb < w ? w : lo);
    }
    if (j > 0 && (sh != f->sh || dm != f->dm)) return 0;
    f->d[j] = (uint32_t)o->reg;
    f->sh = (uint8_t)sh;
    f->dm = dm;
    f->nd = (uint8_t)(j + 1);
    return 1;
}

/* sources read as type ty: signed (sign-extended) or not (masked) */
static void fx_ext(ptx_fx *f, uint8_t ty, int sgn)
{
    unsigned by = TY_BYTES(ty);
    f->bits = (uint8_t)(8 * by);
    f->ssh = (uint8_t)(64 - 8 * by);
    f->sm = sgn ? ~0ull : ptx_mask(~0ull, by);
}

/* the fast case of one instruction, FK_GENERAL when there is none */
static int fx_kind(ptx_fx *f, const ptx_impl *im, const ptx_ins *in)
{
    uint8_t ty = in->type;
    if (in->op == OP_BRA) return FK_BRA;
    if (in->op == OP_RET || in->op == OP_EXIT) return FK_EXIT;
    if ((in->op == OP_BAR && in->cmp == BR_NONE) || in->op == OP_MEMBAR) return FK_NOP;
    if (in->flags & (F_CC | F_CIN)) return FK_GENERAL; /* the carry chains (carry_arith) */
    if (in->op >= OP_SHFL) return FK_GENERAL; /* warp-synchronous (the general path refuses), library calls, bfind */
    if (ty == T_NONE || (in->flags & F_HALF)) return FK_GENERAL;
    int kind = TY_KIND(ty), sgn = kind == TK_S, isf = kind == TK_F;
    int rn = in->rnd == R_NONE || in->rnd == R_RN;
    int plainf = isf && rn && !(in->flags & (F_FTZ | F_SAT));
    int f64t = ty == T_F64;
    for (int j = 0; j < 3; j++)
        if (!fx_src(f, j, &in->a[j]) && !(in->op == OP_MOV && j == 0 && in->a[0].kind == O_SREG))
            return FK_GENERAL;
    fx_ext(f, ty, sgn);
    if (in->op == OP_LD || in->op == OP_ST) {
        if (in->space == PS_NONE || kind == TK_PRED || in->vec < 1 || in->vec > 4 || in->a[0].a32) return FK_GENERAL;
        f->bytes = (uint8_t)TY_BYTES(ty);
        f->vec = in->vec;
        f->space = in->space;
        f->x = in->a[0].imm;
        f->ar = in->a[0].reg >= 0 ? (uint32_t)in->a[0].reg : 0;
        f->am = in->a[0].reg >= 0 ? ~0ull : 0;
        for (int i = 0; i < in->vec; i++)
            if (in->op == OP_LD ? !fx_dst(f, i, im, &in->d[i], ty) : !fx_src(f, i, &in->a[1 + i]))
                return FK_GENERAL;
        return in->op == OP_LD ? FK_LD : FK_ST;
    }
    if (in->op == OP_SETP) {
        if (in->bop != B_NONE || (in->flags & (F_FTZ | F_SETV)) || kind == TK_PRED) return FK_GENERAL;
        if (!fx_dst(f, 0, im, &in->d[0], T_PRED) || (in->nd > 1 && !fx_dst(f, 1, im, &in->d[1], T_PRED)))
            return FK_GENERAL;
        if (isf) {
            double nan = f64(0x7ff8000000000000ull);
            f->tbl = (uint8_t)(ptx_fcmp(in->cmp, 0, 1) | ptx_fcmp(in->cmp, 1, 1) << 1 | ptx_fcmp(in->cmp, 1, 0) << 2 |
                               ptx_fcmp(in->cmp, nan, 0) << 3);
            return f64t ? FK_SETP_F64 : FK_SETP_F32;
        }
        unsigned by = TY_BYTES(ty);
        int order = in->cmp == C_LT || in->cmp == C_LE || in->cmp == C_GT || in->cmp == C_GE;
        fx_ext(f, ty, sgn && order);
        f->flip = sgn && order ? 1ull << 63 : 0;
        f->tbl = (uint8_t)(ptx_icmp(in->cmp, 0, 1, sgn, by) | ptx_icmp(in->cmp, 1, 1, sgn, by) << 1 |
                           ptx_icmp(in->cmp, 1, 0, sgn, by) << 2);
        return FK_SETP_I;
    }
    if (in->nd != 1) return FK_GENERAL;
    uint8_t dty = ty;
    int k = FK_GENERAL;
    switch (in->op) {
    case OP_MOV:
        if (in->na != 1) return FK_GENERAL;
        k = in->a[0].kind == O_SREG ? FK_SREG : FK_MOV;
        break;
    case OP_ADD: case OP_SUB:
        if (isf) k = !plainf ? FK_GENERAL : in->op == OP_ADD ? (f64t ? FK_FADD64 : FK_FADD32)
                                                             : (f64t ? FK_FSUB64 : FK_FSUB32);
        else if (!(in->flags & F_SAT)) k = in->op == OP_ADD ? FK_ADD : FK_SUB;
        break;
    case OP_MUL:
        if (isf) k = plainf ? (f64t ? FK_FMUL64 : FK_FMUL32) : FK_GENERAL;
        else if (in->flags & F_WIDE) { k = FK_MULWIDE; dty = (uint8_t)(ty + 1); }
        else if (in->flags & F_HI) k = TY_BYTES(ty) == 4 ? FK_MULHI : FK_GENERAL;
        else k = FK_MUL;
        break;
    case OP_MAD: case OP_FMA:
        if (isf) k = plainf ? (f64t ? FK_FFMA64 : FK_FFMA32) : FK_GENERAL;
        else if (in->op == OP_FMA) k = FK_GENERAL;
        else if (in->flags & F_WIDE) { k = FK_MADWIDE; dty = (uint8_t)(ty + 1); }
        else if (!(in->flags & F_HI)) k = FK_MAD;
        break;
    case OP_DIV: case OP_REM:
        if (isf) k = in->op == OP_DIV && plainf ? (f64t ? FK_FDIV64 : FK_FDIV32) : FK_GENERAL;
        else if (!sgn) k = in->op == OP_DIV ? FK_DIV_U : FK_REM_U;
        break;
    case OP_NEG: case OP_ABS:
        if (ty == T_F32 && !(in->flags & F_FTZ)) {
            k = in->op == OP_NEG ? FK_XORC : FK_ANDC;
            f->x = in->op == OP_NEG ? 0x80000000ull : 0x7fffffffull;
        } else if (ty == T_F64) {
            k = in->op == OP_NEG ? FK_XORC : FK_ANDC;
            f->x = in->op == OP_NEG ? 0x8000000000000000ull : 0x7fffffffffffffffull;
        } else if (!isf && in->op == OP_NEG) k = FK_NEG;
        break;
    case OP_MIN: case OP_MAX:
        if (!isf) {
            k = FK_MINMAX;
            f->tbl = in->op == OP_MAX;
            f->flip = sgn ? 1ull << 63 : 0;
        }
        break;
    case OP_AND: k = FK_AND; break;
    case OP_OR: k = FK_OR; break;
    case OP_XOR: k = FK_XOR; break;
    case OP_NOT: k = FK_NOT; break;
    case OP_SHL: k = FK_SHL; break;
    case OP_SHR: k = sgn ? FK_SHR_S : FK_SHR_U; break;
    case OP_SELP: k = FK_SELP; break;
    case OP_CVTA: {
        uint64_t win = in->space == PS_SHARED ? PTX_SHARED_WIN : in->space == PS_LOCAL ? PTX_LOCAL_WIN : 0;
        f->x = (in->flags & F_TO) ? (uint64_t)0 - win : win;
        k = FK_CVTA;
        break;
    }
    case OP_CVT: {
        uint8_t s = in->type2;
        int sk = TY_KIND(s);
        if (in->flags & (F_SAT | F_FTZ) || s == T_NONE || sk == TK_PRED) break;
        if (!isf && sk != TK_F) {
            fx_ext(f, s, sk == TK_S);
            k = FK_CVT_I;
        } else if (ty == T_F64 && s == T_F32 && in->rnd < R_RNI) {
            k = FK_CVT_F64_F32;
        } else if (isf && sk != TK_F && rn) {
            fx_ext(f, s, sk == TK_S);
            k = sk == TK_S ? (f64t ? FK_CVT_F64_S : FK_CVT_F32_S) : (f64t ? FK_CVT_F64_U : FK_CVT_F32_U);
        }
        break;
    }
    default: break;
    }
    if (k != FK_GENERAL && !fx_dst(f, 0, im, &in->d[0], dty)) return FK_GENERAL;
    return k;
}

int ptx_fast_build(ptx_impl *im, const prog *p)
{
    free(im->fx);
    im->fx = calloc(p->n ? p->n : 1, sizeof *im->fx);
    if (!im->fx) return -1;
    for (unsigned pc = 0; pc < p->n; pc++) {
        ptx_fx *f = &im->fx[pc];
        f->k = (uint8_t)fx_kind(f, im, &im->ins[pc]);
        f->guard = p->ins[pc].guard;
        f->guard_neg = p->ins[pc].guard_neg;
    }
    return 0;
}

static void ptx_free_impl(prog *p)
{
    ptx_impl *im = p->impl;
    if (!im) return;
    free(im->fx);
    free(im->ins);
    free(im->regw);
    free(im->regname);
    free(im->region);
    free(im->gpair);
    free(im);
    p->impl = NULL;
}

const prog_ops ptx_ops = {ptx_exec,      ptx_free_impl,   ptx_exec_warp, ptx_coll_wait,
                         ptx_exec_coll, ptx_bar_release, ptx_exec_cta};
