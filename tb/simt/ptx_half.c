/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ptx_half.c -- .f16, .f16x2, .bf16 and .bf16x2 (ptx_half.h): the
 * formats' conversions and arithmetic, the parser's checks of the
 * instructions that compute on them, and their semantics for one thread
 * (ptx_exec.c's general path calls ptx_half_exec for every instruction
 * the parser marked F_HALF; loads, stores, mov and selp of 16-bit floats
 * move bits and take the ordinary paths).
 *
 * One rounding.  An operation is computed in double rounded to odd
 * (rounded toward zero, then the last bit set when the result was
 * inexact), and that double is rounded once to the format in the
 * instruction's mode.  Rounding to odd at 53 bits followed by a rounding
 * to p <= 51 bits gives the correctly rounded result in every mode
 * (Boldo and Melquiond, "Emulation of FMA and correctly rounded sums:
 * proved algorithms using rounding to odd", IEEE TC 2008): the odd last
 * bit stands for the discarded bits, so a value can never land on a
 * midpoint or on a representable number it did not equal.  For add, sub
 * and mul of two .f16 values the double is exact anyway (a sum is a
 * multiple of 2^-24 below 2^17, a product has 22 significant bits), so
 * the rounding to odd only matters for fma (a product of 2^-48 granularity
 * plus an addend up to 2^16 needs 65 bits), div, and .bf16's wider range.
 */
#include <fenv.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ptx_arith.h"
#include "ptx_half.h"
#include "ptx_int.h"

/* the format's fraction bits and exponent bias */
#define HF_MB(fmt) ((fmt) == PTX_H_BF16 ? 7 : 10)
#define HF_BIAS(fmt) ((fmt) == PTX_H_BF16 ? 127 : 15)
#define HF_EXP(fmt) ((fmt) == PTX_H_BF16 ? 0x7f80u : 0x7c00u)
#define HF_CANON_NAN 0x7fffu

int ptx_h_isnan(uint16_t h, int fmt)
{
    unsigned e = HF_EXP(fmt);
    return (h & e) == e && (h & ((1u << HF_MB(fmt)) - 1));
}

static int h_is_sub(uint16_t h, int fmt)
{
    return !(h & HF_EXP(fmt)) && (h & ((1u << HF_MB(fmt)) - 1));
}

/* a NaN's bits, quieted */
static uint16_t h_quiet(uint16_t h, int fmt)
{
    return (uint16_t)(h | (1u << (HF_MB(fmt) - 1)));
}

uint16_t ptx_h_from_double(double x, int fmt, int rnd)
{
    int mb = HF_MB(fmt), bias = HF_BIAS(fmt), emin = 1 - bias, emax = bias;
    uint64_t u;
    memcpy(&u, &x, 8);
    int neg = (int)(u >> 63);
    uint16_t sign = (uint16_t)(neg << 15), inf = (uint16_t)(sign | HF_EXP(fmt));
    if (isnan(x)) return h_quiet((uint16_t)(inf | ((u >> (52 - mb)) & ((1u << mb) - 1))), fmt);
    uint16_t maxf = (uint16_t)(inf - 1); /* the largest finite value of this sign */
    if (isinf(x)) return inf;
    if (x == 0) return sign;
    double a = fabs(x);
    int e;
    frexp(a, &e);
    int E = e - 1; /* a = 1.f * 2^E */
    if (E > emax) goto overflow;
    if (E < emin) E = emin; /* a subnormal of the format: the quantum of emin */
    /* a in units of the quantum 2^(E - mb): exact (a power-of-two scaling
     * within double's range), below 2^(mb + 1) */
    double sc = ldexp(a, mb - E), ip = floor(sc), fr = sc - ip;
    uint32_t m = (uint32_t)ip;
    int up;
    switch (rnd) {
    case PTX_H_RZ: up = 0; break;
    case PTX_H_RM: up = neg && fr > 0; break;
    case PTX_H_RP: up = !neg && fr > 0; break;
    default: up = fr > 0.5 || (fr == 0.5 && (m & 1)); break;
    }
    m += (uint32_t)up;
    if (m >> (mb + 1)) { m >>= 1; E++; }
    if (E > emax) goto overflow;
    if (m < (1u << mb)) return (uint16_t)(sign | m); /* subnormal (or zero) */
    return (uint16_t)(sign | (uint32_t)(E + bias) << mb | (m - (1u << mb)));
overflow:
    /* to inf, except where the mode rounds toward zero's side */
    if (rnd == PTX_H_RZ || (rnd == PTX_H_RM && !neg) || (rnd == PTX_H_RP && neg)) return maxf;
    return inf;
}

double ptx_h_to_double(uint16_t h, int fmt)
{
    int mb = HF_MB(fmt), bias = HF_BIAS(fmt);
    unsigned ef = (h & 0x7fffu) >> mb, f = h & ((1u << mb) - 1);
    uint64_t sign = (uint64_t)(h >> 15) << 63;
    if ((h & HF_EXP(fmt)) == HF_EXP(fmt)) {
        /* inf, or a NaN with its fraction at the top of double's, quieted */
        uint64_t u = sign | 0x7ff0000000000000ull | (uint64_t)f << (52 - mb);
        if (f) u |= 0x0008000000000000ull;
        double d;
        memcpy(&d, &u, 8);
        return d;
    }
    double v = ef ? ldexp((double)(f | (1u << mb)), (int)ef - bias - mb) : ldexp((double)f, 1 - bias - mb);
    return sign ? -v : v;
}

uint32_t ptx_h_to_f32bits(uint16_t h, int fmt)
{
    int mb = HF_MB(fmt);
    if (ptx_h_isnan(h, fmt))
        return (uint32_t)(h >> 15) << 31 | 0x7fc00000u | (uint32_t)(h & ((1u << mb) - 1)) << (23 - mb);
    float f = (float)ptx_h_to_double(h, fmt); /* exact */
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

/* |v| rounded to odd at 53 bits, as a double (exact below 2^53) */
static double u64_odd(uint64_t v)
{
    if (v < (1ull << 53)) return (double)v;
    int sh = 0;
    while ((v >> sh) >= (1ull << 53)) sh++;
    uint64_t w = v >> sh;
    if (v & ((1ull << sh) - 1)) w |= 1;
    return ldexp((double)w, sh);
}

uint16_t ptx_h_from_s64(int64_t v, int fmt, int rnd)
{
    uint64_t m = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    double d = u64_odd(m);
    return ptx_h_from_double(v < 0 ? -d : d, fmt, rnd);
}

uint16_t ptx_h_from_u64(uint64_t v, int fmt, int rnd)
{
    return ptx_h_from_double(u64_odd(v), fmt, rnd);
}

static int h_fe(int rnd)
{
    return rnd == PTX_H_RZ ? FE_TOWARDZERO : rnd == PTX_H_RM ? FE_DOWNWARD : rnd == PTX_H_RP ? FE_UPWARD : FE_TONEAREST;
}

/* a op b (op c) in double, rounded to odd (above); an exact zero has the
 * sign IEEE gives it in mode rnd (x - x is -0 only rounding down) */
static double odd_op(int op, double a, double b, double c, int rnd)
{
    volatile double va = a, vb = b, vc = c, r;
    feclearexcept(FE_INEXACT);
    fesetround(FE_TOWARDZERO);
    switch (op) {
    case PTX_H_ADD: r = va + vb; break;
    case PTX_H_SUB: r = va - vb; break;
    case PTX_H_MUL: r = va * vb; break;
    case PTX_H_DIV: r = va / vb; break;
    default: r = fma(va, vb, vc); break;
    }
    int inexact = fetestexcept(FE_INEXACT) != 0;
    if (r == 0 && !inexact && rnd != PTX_H_RZ) {
        fesetround(h_fe(rnd));
        if (op == PTX_H_ADD) r = va + vb;
        else if (op == PTX_H_SUB) r = va - vb;
        else if (op == PTX_H_FMA) r = fma(va, vb, vc);
    }
    fesetround(FE_TONEAREST);
    double x = r;
    if (inexact && isfinite(x)) {
        uint64_t u;
        memcpy(&u, &x, 8);
        u |= 1;
        memcpy(&x, &u, 8);
    }
    return x;
}

static uint16_t h_ftz(uint16_t h, int fmt, int ftz)
{
    return ftz && h_is_sub(h, fmt) ? (uint16_t)(h & 0x8000u) : h;
}

uint16_t ptx_h_op(int op, uint16_t a, uint16_t b, uint16_t c, int fmt, int rnd, int ftz)
{
    a = h_ftz(a, fmt, ftz);
    b = h_ftz(b, fmt, ftz);
    c = h_ftz(c, fmt, ftz);
    int na = ptx_h_isnan(a, fmt), nb = ptx_h_isnan(b, fmt), nc = op == PTX_H_FMA && ptx_h_isnan(c, fmt);
    if (op == PTX_H_MIN || op == PTX_H_MAX) {
        /* a NaN loses to a number; -0 is below +0 */
        if (na && nb) return HF_CANON_NAN;
        if (na) return b;
        if (nb) return a;
        double x = ptx_h_to_double(a, fmt), y = ptx_h_to_double(b, fmt);
        int mx = op == PTX_H_MAX;
        if (x == y) return (uint16_t)(mx ? a & b : a | b); /* the zeros: max +0, min -0 */
        return (x < y) != mx ? a : b;
    }
    if (na || nb || nc) return h_quiet(na ? a : nb ? b : c, fmt);
    double r = odd_op(op, ptx_h_to_double(a, fmt), ptx_h_to_double(b, fmt), ptx_h_to_double(c, fmt), rnd);
    if (isnan(r)) return HF_CANON_NAN; /* inf - inf, 0 * inf, 0 / 0 */
    return h_ftz(ptx_h_from_double(r, fmt, rnd), fmt, ftz);
}

/* ------------------------------------------------------------ PTX */

static int h_fmt(uint8_t ty) { return TY_KIND(ty) == TK_BH ? PTX_H_BF16 : PTX_H_F16; }

static int h_rnd(int rnd)
{
    switch (rnd) {
    case R_RZ: return PTX_H_RZ;
    case R_RM: return PTX_H_RM;
    case R_RP: return PTX_H_RP;
    default: return PTX_H_RN;
    }
}

int ptx_half_type(uint8_t ty)
{
    return ty != T_NONE && (TY_KIND(ty) == TK_H || TY_KIND(ty) == TK_BH);
}

int ptx_half_check(ptx_ps *s, ptx_ins *in, const char *opc)
{
    uint8_t ty = in->type, t2 = in->type2;
    int bf = TY_KIND(ty) == TK_BH, x2 = ptx_half_type(ty) && TY_BYTES(ty) == 4;
    switch (in->op) {
    case OP_LD: case OP_ST: case OP_MOV: case OP_SELP:
        return 0; /* bits: the ordinary paths */
    case OP_ADD: case OP_SUB: case OP_MUL: case OP_FMA: case OP_NEG: case OP_ABS: case OP_MIN:
    case OP_MAX: case OP_SETP:
        if (in->rnd != R_NONE && in->rnd != R_RN)
            return UNSUP(s, "%s: half-precision arithmetic rounds only .rn", opc);
        if ((in->flags & F_FTZ) && bf) return UNSUP(s, ".ftz on %s", opc);
        if ((in->flags & F_SAT) && (bf || !(in->op == OP_ADD || in->op == OP_SUB || in->op == OP_MUL ||
                                            in->op == OP_FMA)))
            return UNSUP(s, ".sat on %s", opc);
        if (in->flags & ~(F_FTZ | F_SAT)) return UNSUP(s, "%s", opc);
        for (int i = 0; i < in->na && x2; i++) /* no packed literals: 0f.. would be read as two halves */
            if (in->a[i].kind == O_IMM && !(in->op == OP_SETP && i == 2))
                return UNSUP(s, "an immediate operand of %s on .%s", opc, bf ? "bf16x2" : "f16x2");
        if (in->op == OP_SETP && x2 && in->nd != 2)
            return ptx_fail(s, s->sline, "setp on .%s needs two predicates (p|q)", bf ? "bf16x2" : "f16x2");
        break;
    case OP_EX2: case OP_TANH:
        /* ex2.approx{.ftz}.f16/.f16x2, tanh.approx.f16/.f16x2, and their
         * .bf16 forms: the C library's exp2/tanh in double rounded once
         * to the format (documented like the f32 .approx forms) */
        if (!(in->flags & F_APPROX)) return ptx_fail(s, s->sline, "%s needs .approx", opc);
        if (in->flags & ~(F_APPROX | F_FTZ) || in->rnd != R_NONE || ((in->flags & F_FTZ) && (bf || in->op == OP_TANH)))
            return UNSUP(s, "%s", opc);
        break;
    case OP_CVT: {
        /* between a 16-bit float and f32, f64, an integer or the other
         * 16-bit format; no packed forms */
        if (x2 && (t2 != T_F32 || (in->rnd != R_RN && in->rnd != R_RZ) || (in->flags & F_FTZ)))
            return UNSUP(s, "cvt to .%s other than cvt.rn/.rz{.sat}.%s.f32 d, a, b", bf ? "bf16x2" : "f16x2",
                         bf ? "bf16x2" : "f16x2");
        if (ptx_half_type(t2) && TY_BYTES(t2) == 4) return UNSUP(s, "cvt from a packed half");
        if (in->flags & ~(F_FTZ | F_SAT)) return UNSUP(s, "%s", opc);
        if ((in->flags & F_FTZ) && t2 != T_F32) return UNSUP(s, ".ftz on %s", opc);
        if (in->rnd >= R_RNI && ty != t2 && TY_KIND(ty) != TK_U && TY_KIND(ty) != TK_S && TY_KIND(ty) != TK_B)
            return UNSUP(s, "%s: integer rounding between different float types", opc);
        break;
    }
    default:
        return UNSUP(s, "%s on a half-precision type", opc);
    }
    in->flags |= F_HALF;
    return 0;
}

int ptx_half_exec(const ptx_impl *im, const ptx_ins *in, prog_thread *t)
{
    uint8_t ty = in->type;
    uint64_t a = ptx_val(&in->a[0], t), b = ptx_val(&in->a[1], t), c = ptx_val(&in->a[2], t);
    int ftz = (in->flags & F_FTZ) != 0, rnd = h_rnd(in->rnd);
    if (in->op == OP_CVT) {
        uint8_t st = in->type2;
        uint64_t r;
        double x;
        if (ptx_half_type(st)) x = ptx_h_to_double((uint16_t)a, h_fmt(st));
        else if (st == T_F32) x = ptx_f32(a);
        else if (st == T_F64) x = ptx_f64(a);
        else if (ptx_half_type(ty)) {
            /* integer -> 16-bit float */
            unsigned by = TY_BYTES(st);
            if (TY_KIND(st) == TK_S) r = ptx_h_from_s64(ptx_sext(a, by), h_fmt(ty), rnd);
            else r = ptx_h_from_u64(ptx_mask(a, by), h_fmt(ty), rnd);
            if (in->flags & F_SAT) r = ptx_h_from_double(ptx_sat01d(ptx_h_to_double((uint16_t)r, h_fmt(ty))), h_fmt(ty), PTX_H_RN);
            ptx_wr(im, t, &in->d[0], r, ty);
            return 0;
        } else x = 0; /* refused by the parser */
        if (st == T_F32 && ftz && fpclassify(x) == FP_SUBNORMAL) x = copysign(0.0, x);
        if (ptx_half_type(ty) && TY_BYTES(ty) == 4) {
            /* cvt.rn.f16x2.f32 d, a, b: a to the high half, b to the low */
            double y = ptx_f32(b);
            if (in->flags & F_SAT) { x = ptx_sat01d(x); y = ptx_sat01d(y); }
            r = (uint64_t)ptx_h_from_double(x, h_fmt(ty), rnd) << 16 | ptx_h_from_double(y, h_fmt(ty), rnd);
        } else if (ptx_half_type(ty)) {
            if (in->rnd >= R_RNI) x = ptx_round_integral(x, in->rnd); /* exact, same format */
            if (in->flags & F_SAT) x = ptx_sat01d(x);
            r = ptx_h_from_double(x, h_fmt(ty), rnd);
        } else if (ty == T_F32 || ty == T_F64) {
            /* from a 16-bit float: exact */
            if (in->flags & F_SAT) x = ptx_sat01d(x);
            if (ty == T_F64) r = ptx_bf64(x);
            else r = isnan(x) ? ptx_h_to_f32bits((uint16_t)a, h_fmt(st)) : ptx_bf32((float)x);
        } else r = ptx_f2i(x, in->rnd, ty);
        ptx_wr(im, t, &in->d[0], r, ty);
        return 0;
    }
    int fmt = h_fmt(ty), lanes = TY_BYTES(ty) / 2;
    if (in->op == OP_SETP) {
        int cc = (int)(c & 1);
        for (int l = 0; l < lanes; l++) {
            uint16_t x = h_ftz((uint16_t)(a >> (16 * l)), fmt, ftz), y = h_ftz((uint16_t)(b >> (16 * l)), fmt, ftz);
            int p = ptx_fcmp(in->cmp, ptx_h_to_double(x, fmt), ptx_h_to_double(y, fmt)), q = !p;
            if (in->bop == B_AND) { p = p && cc; q = q && cc; }
            else if (in->bop == B_OR) { p = p || cc; q = q || cc; }
            else if (in->bop == B_XOR) { p ^= cc; q ^= cc; }
            /* scalar: p and its complement; packed: the low and the high half's p */
            if (lanes == 1) {
                ptx_wr(im, t, &in->d[0], (uint64_t)p, T_PRED);
                if (in->nd > 1) ptx_wr(im, t, &in->d[1], (uint64_t)q, T_PRED);
            } else ptx_wr(im, t, &in->d[l], (uint64_t)p, T_PRED);
        }
        return 0;
    }
    uint64_t r = 0;
    for (int l = 0; l < lanes; l++) {
        uint16_t x = (uint16_t)(a >> (16 * l)), y = (uint16_t)(b >> (16 * l)), z = (uint16_t)(c >> (16 * l)), v;
        switch (in->op) {
        case OP_NEG: v = (uint16_t)(h_ftz(x, fmt, ftz) ^ 0x8000u); break;
        case OP_EX2: case OP_TANH: {
            double xv = ptx_h_to_double(h_ftz(x, fmt, ftz), fmt);
            v = ptx_h_isnan(x, fmt) ? h_quiet(x, fmt)
                                    : h_ftz(ptx_h_from_double(in->op == OP_EX2 ? exp2(xv) : tanh(xv), fmt, PTX_H_RN), fmt, ftz);
            break;
        }
        case OP_ABS: v = (uint16_t)(h_ftz(x, fmt, ftz) & 0x7fffu); break;
        case OP_MIN: v = ptx_h_op(PTX_H_MIN, x, y, 0, fmt, rnd, ftz); break;
        case OP_MAX: v = ptx_h_op(PTX_H_MAX, x, y, 0, fmt, rnd, ftz); break;
        case OP_ADD: v = ptx_h_op(PTX_H_ADD, x, y, 0, fmt, rnd, ftz); break;
        case OP_SUB: v = ptx_h_op(PTX_H_SUB, x, y, 0, fmt, rnd, ftz); break;
        case OP_MUL: v = ptx_h_op(PTX_H_MUL, x, y, 0, fmt, rnd, ftz); break;
        default: v = ptx_h_op(PTX_H_FMA, x, y, z, fmt, rnd, ftz); break;
        }
        if (in->flags & F_SAT) /* [0, 1], a NaN to +0: exact */
            v = ptx_h_from_double(ptx_sat01d(ptx_h_to_double(v, fmt)), fmt, PTX_H_RN);
        r |= (uint64_t)v << (16 * l);
    }
    ptx_wr(im, t, &in->d[0], r, ty);
    return 0;
}
