/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ptx_arith.h -- the PTX front end's pure arithmetic helpers: integer
 * widths (mask, sign extension), float flushing, saturation, NaN choice,
 * round-to-nearest add/sub/mul/div, one IEEE operation in a rounding mode,
 * min/max, comparisons, float-to-integer and round-to-integral
 * conversions, mul.hi/mul.wide, lop3, saturating add, clz, bfe/bfi, prmt
 * and bfind.  Each is a function of its arguments alone (the rounding-mode
 * ones set the C floating-point environment and restore it); the PTX
 * semantics they serve, and the cases their results follow, are ptx_exec.c's
 * header.  Moved out of ptx_exec.c (the instruction semantics, which reads
 * instructions and registers) so that ptx_half.c and ptx_lib.c share the
 * same definitions; popc and brev are rtl_c/bits.h's.
 *
 * Static inline in a header rather than a ptx_arith.c: the fast path's
 * cases (ptx_exec.c fast_value: the round-to-nearest float operations,
 * fma) must inline into the warp loops in a build without link-time
 * optimisation too (docs/bench.md, "ptx_exec.c's helpers in a header").
 * ptx_op32/ptx_op64, ptx_prmt and ptx_bfind are kept out of line
 * (PTX_NOINLINE), as they were, to keep the callers small.
 *
 * Parameters: bytes (1, 2, 4, 8) or bits (8..64) of the operation's type;
 * rnd the R_* rounding of ptx_int.h; cmp the C_* comparisons.  No timing.
 * Departures from PTX: ptx_exec.c's header (the .approx forms are the
 * C library's; these helpers are exact).
 */
#ifndef SIMT_PTX_ARITH_H
#define SIMT_PTX_ARITH_H

#include <fenv.h>
#include <math.h>
#include <stdint.h>

#include "../../rtl_c/bits.h"
#include "ptx_int.h"

/* v's low `bytes` bytes (bytes 1..8) */
static inline uint64_t ptx_mask(uint64_t v, unsigned bytes) { return bits_trunc(v, 8u * bytes); }

static inline int64_t ptx_sext(uint64_t v, unsigned bytes)
{
    if (bytes >= 8) return (int64_t)v;
    unsigned sh = 64 - 8 * bytes;
    return (int64_t)(v << sh) >> sh;
}

static inline int ptx_fe_mode(int rnd)
{
    switch (rnd) {
    case R_RZ: case R_RZI: return FE_TOWARDZERO;
    case R_RM: case R_RMI: return FE_DOWNWARD;
    case R_RP: case R_RPI: return FE_UPWARD;
    default: return FE_TONEAREST;
    }
}

static inline float ptx_ftz32(float x)
{
    return fpclassify(x) == FP_SUBNORMAL ? copysignf(0.0f, x) : x;
}

/* the same for the two f64 forms with .ftz (rcp/rsqrt.approx.ftz.f64) */
static inline double ptx_ftz64(double x)
{
    return fpclassify(x) == FP_SUBNORMAL ? copysign(0.0, x) : x;
}

enum { FA_ADD, FA_SUB, FA_MUL, FA_DIV, FA_FMA, FA_SQRT, FA_CVT };

/* A NaN operand of add, sub, mul or div: the result is the first NaN
 * operand (in PTX order), quieted.  C leaves the choice between two NaNs to
 * the compiler (x86 returns its first operand, and a compiler may swap the
 * operands of a commutative operation), so it is made here, the same in
 * every place the operation is compiled. */
static inline uint64_t ptx_nan32(uint64_t a, uint64_t b)
{
    return ((isnan(ptx_f32(a)) ? a : b) & 0xffffffffull) | 0x00400000ull;
}
static inline uint64_t ptx_nan64(uint64_t a, uint64_t b)
{
    return (isnan(ptx_f64(a)) ? a : b) | 0x0008000000000000ull;
}
#define PTX_FBIN(name, from, to, nan, OP)                                      \
    static inline uint64_t name(uint64_t a, uint64_t b)                        \
    {                                                                          \
        return isnan(from(a)) || isnan(from(b)) ? nan(a, b) : to(from(a) OP from(b)); \
    }
PTX_FBIN(ptx_fadd32, ptx_f32, ptx_bf32, ptx_nan32, +)
PTX_FBIN(ptx_fsub32, ptx_f32, ptx_bf32, ptx_nan32, -)
PTX_FBIN(ptx_fmul32, ptx_f32, ptx_bf32, ptx_nan32, *)
PTX_FBIN(ptx_fdiv32, ptx_f32, ptx_bf32, ptx_nan32, /)
PTX_FBIN(ptx_fadd64, ptx_f64, ptx_bf64, ptx_nan64, +)
PTX_FBIN(ptx_fsub64, ptx_f64, ptx_bf64, ptx_nan64, -)
PTX_FBIN(ptx_fmul64, ptx_f64, ptx_bf64, ptx_nan64, *)
PTX_FBIN(ptx_fdiv64, ptx_f64, ptx_bf64, ptx_nan64, /)
#undef PTX_FBIN

/* fma and the other rounding modes: compiled once (their NaN is the C
 * library's or the compiler's choice: the same on both paths) */
#if defined(__GNUC__) /* (unused: a file that includes this one may not call them) */
#define PTX_NOINLINE __attribute__((noinline, unused))
#else
#define PTX_NOINLINE
#endif

/* one IEEE operation in the rounding mode rnd (volatile operands keep the
 * operation between the two fesetround calls): ptx_op32 on float, ptx_op64
 * on double */
#define PTX_FOP(name, T, FMA, SQRT)                                            \
    static PTX_NOINLINE T name(int k, int rnd, T a, T b, T c)           \
    {                                                                          \
        volatile T va = a, vb = b, vc = c, r;                                  \
        int m = ptx_fe_mode(rnd);                                              \
        if (m != FE_TONEAREST) fesetround(m);                                  \
        switch (k) {                                                           \
        case FA_ADD: r = va + vb; break;                                       \
        case FA_SUB: r = va - vb; break;                                       \
        case FA_MUL: r = va * vb; break;                                       \
        case FA_DIV: r = va / vb; break;                                       \
        case FA_FMA: r = FMA(va, vb, vc); break;                               \
        default: r = SQRT(va); break;                                          \
        }                                                                      \
        if (m != FE_TONEAREST) fesetround(FE_TONEAREST);                       \
        return r;                                                              \
    }
PTX_FOP(ptx_op32, float, fmaf, sqrtf)
PTX_FOP(ptx_op64, double, fma, sqrt)
#undef PTX_FOP

static inline float ptx_sat01f(float x) { return isnan(x) ? 0.0f : x < 0.0f ? 0.0f : x > 1.0f ? 1.0f : x; }
static inline double ptx_sat01d(double x) { return isnan(x) ? 0.0 : x < 0.0 ? 0.0 : x > 1.0 ? 1.0 : x; }

static inline double ptx_fminmax(double a, double b, int max)
{
    if (isnan(a)) return b;
    if (isnan(b)) return a;
    if (a == 0 && b == 0) return (signbit(a) != signbit(b)) ? (max ? 0.0 : -0.0) : a;
    return max ? (a > b ? a : b) : (a < b ? a : b);
}

static inline int ptx_fcmp(int cmp, double a, double b)
{
    int un = isnan(a) || isnan(b);
    switch (cmp) {
    case C_EQ: return !un && a == b;
    case C_NE: return !un && a != b;
    case C_LT: return !un && a < b;
    case C_LE: return !un && a <= b;
    case C_GT: return !un && a > b;
    case C_GE: return !un && a >= b;
    case C_EQU: return un || a == b;
    case C_NEU: return un || a != b;
    case C_LTU: return un || a < b;
    case C_LEU: return un || a <= b;
    case C_GTU: return un || a > b;
    case C_GEU: return un || a >= b;
    case C_NUM: return !un;
    case C_NAN: return un;
    }
    return 0;
}

static inline int ptx_icmp(int cmp, uint64_t a, uint64_t b, int sgn, unsigned bytes)
{
    int64_t sa = ptx_sext(a, bytes), sb = ptx_sext(b, bytes);
    a = ptx_mask(a, bytes);
    b = ptx_mask(b, bytes);
    switch (cmp) {
    case C_EQ: return a == b;
    case C_NE: return a != b;
    case C_LT: return sgn ? sa < sb : a < b;
    case C_LE: return sgn ? sa <= sb : a <= b;
    case C_GT: return sgn ? sa > sb : a > b;
    case C_GE: return sgn ? sa >= sb : a >= b;
    case C_LO: return a < b;
    case C_LS: return a <= b;
    case C_HI: return a > b;
    case C_HS: return a >= b;
    }
    return 0;
}

/* float -> integer of the destination type, rounded by rnd, saturated */
static inline uint64_t ptx_f2i(double x, int rnd, uint8_t dty)
{
    unsigned bytes = TY_BYTES(dty);
    int sgn = TY_KIND(dty) == TK_S;
    if (isnan(x)) return 0;
    switch (rnd) {
    case R_RNI: case R_RN: x = nearbyint(x); break; /* default mode: to nearest even */
    case R_RMI: case R_RM: x = floor(x); break;
    case R_RPI: case R_RP: x = ceil(x); break;
    default: x = trunc(x); break;
    }
    if (sgn) {
        double lo = -ldexp(1.0, 8 * (int)bytes - 1), hi = ldexp(1.0, 8 * (int)bytes - 1);
        if (x <= lo) return ptx_mask((uint64_t)(bytes == 8 ? INT64_MIN : (int64_t)lo), bytes);
        if (x >= hi) return ptx_mask(bytes == 8 ? (uint64_t)INT64_MAX : (uint64_t)(int64_t)(hi - 1), bytes);
        return ptx_mask((uint64_t)(int64_t)x, bytes);
    }
    double hi = ldexp(1.0, 8 * (int)bytes);
    if (x <= 0) return 0;
    if (x >= hi) return ptx_mask(UINT64_MAX, bytes);
    return (uint64_t)x;
}

static inline double ptx_round_integral(double x, int rnd)
{
    switch (rnd) {
    case R_RNI: return nearbyint(x);
    case R_RZI: return trunc(x);
    case R_RMI: return floor(x);
    case R_RPI: return ceil(x);
    }
    return x;
}

static inline uint64_t ptx_mulhi(uint64_t a, uint64_t b, int sgn, unsigned bytes)
{
    if (bytes == 8) {
        if (sgn) return (uint64_t)(((__int128)(int64_t)a * (__int128)(int64_t)b) >> 64);
        return (uint64_t)(((unsigned __int128)a * b) >> 64);
    }
    if (sgn) return ptx_mask((uint64_t)((ptx_sext(a, bytes) * ptx_sext(b, bytes)) >> (8 * bytes)), bytes);
    return ptx_mask((ptx_mask(a, bytes) * ptx_mask(b, bytes)) >> (8 * bytes), bytes);
}

static inline uint64_t ptx_mulwide(uint64_t a, uint64_t b, int sgn, unsigned bytes)
{
    if (sgn) return (uint64_t)(ptx_sext(a, bytes) * ptx_sext(b, bytes));
    return ptx_mask(a, bytes) * ptx_mask(b, bytes);
}

/* lop3: bit i of the result is bit (a_i b_i c_i, read as a 3-bit number)
 * of the table (PTX's F(0xF0, 0xCC, 0xAA)) */
static inline uint32_t ptx_lop3(uint32_t a, uint32_t b, uint32_t c, unsigned lut)
{
    uint32_t r = 0;
    for (unsigned k = 0; k < 8; k++)
        if (lut >> k & 1) r |= ((k & 4) ? a : ~a) & ((k & 2) ? b : ~b) & ((k & 1) ? c : ~c);
    return r;
}

/* element i of w bits of x, sign- or zero-extended */
static inline int64_t ptx_vel(uint64_t x, unsigned w, unsigned i, int sgn)
{
    uint64_t e = (x >> (w * i)) & ((1ull << w) - 1);
    return sgn ? ptx_sext(e, w / 8) : (int64_t)e;
}

static inline uint64_t ptx_satadd_s32(int64_t x)
{
    if (x > INT32_MAX) x = INT32_MAX;
    if (x < INT32_MIN) x = INT32_MIN;
    return (uint32_t)x;
}

/* clz of the low `bits` bits (bits when they are all 0) */
static inline unsigned ptx_clz(uint64_t x, unsigned bits)
{
    uint64_t v = bits_trunc(x, bits);
    return v ? bits - 1u - bits_fls(v) : bits;
}

static inline uint64_t ptx_bfe(uint64_t a, unsigned pos, unsigned len, int sgn, unsigned bits)
{
    unsigned msb = bits - 1;
    unsigned top = pos + len - 1 < msb ? pos + len - 1 : msb;
    int sbit = (!sgn || len == 0) ? 0 : (int)((a >> top) & 1);
    uint64_t r = 0;
    for (unsigned i = 0; i < bits; i++) {
        int b = (i < len && pos + i <= msb) ? (int)((a >> (pos + i)) & 1) : sbit;
        r |= (uint64_t)b << i;
    }
    return r;
}

static inline uint64_t ptx_bfi(uint64_t a, uint64_t b, unsigned pos, unsigned len, unsigned bits)
{
    uint64_t f = b;
    for (unsigned i = 0; i < len && pos + i < bits; i++) {
        uint64_t bit = 1ull << (pos + i);
        f = ((a >> i) & 1) ? (f | bit) : (f & ~bit);
    }
    return ptx_mask(f, bits / 8);
}

/* prmt: byte i of d is byte sel of {b, a}; the generic form takes sel
 * from c's nibble i (its msb: replicate that byte's sign), a mode from c's
 * two low bits (n) by the manual's table: f4e n + i, b4e n - i (mod 8),
 * rc8 n, ecl max(n, i), ecr min(n, i), rc16 2 (n & 1) + (i & 1) */
static PTX_NOINLINE uint32_t ptx_prmt(uint32_t a, uint32_t b, uint32_t c, int mode)
{
    uint64_t x = ((uint64_t)b << 32) | a;
    uint32_t r = 0;
    unsigned n = c & 3;
    for (unsigned i = 0; i < 4; i++) {
        unsigned sel;
        switch (mode) {
        case PM_F4E: sel = (n + i) & 7; break;
        case PM_B4E: sel = (n - i) & 7; break;
        case PM_RC8: sel = n; break;
        case PM_ECL: sel = n > i ? n : i; break;
        case PM_ECR: sel = n < i ? n : i; break;
        case PM_RC16: sel = 2 * (n & 1) + (i & 1); break;
        default: sel = (c >> (4 * i)) & 0xf; break;
        }
        uint8_t byte = (uint8_t)(x >> (8 * (sel & 7)));
        if (sel & 8) byte = (byte & 0x80) ? 0xff : 0;
        r |= (uint32_t)byte << (8 * i);
    }
    return r;
}

/* bfind: the position of the most significant non-sign bit (a negative
 * signed value: its most significant 0), 0xffffffff when there is none;
 * .shiftamt: msb minus that position */
static PTX_NOINLINE uint32_t ptx_bfind(uint64_t a, int sgn, unsigned bits, int shiftamt)
{
    unsigned msb = bits - 1;
    if (sgn && ((a >> msb) & 1)) a = ~a;
    for (int i = (int)msb; i >= 0; i--)
        if ((a >> i) & 1) return shiftamt ? msb - (unsigned)i : (unsigned)i;
    return 0xffffffffu;
}

#endif
