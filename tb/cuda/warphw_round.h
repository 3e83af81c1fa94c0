/* SPDX-License-Identifier: Apache-2.0 */
/*
 * warphw_round.h -- part of tb/cuda/warphw_cuda.h (issue 25, section 2:
 * cvt with .rn/.rz/.rm/.rp/.rni/.rzi): the CUDA Math API's rounding-mode
 * intrinsics, type casts and byte dot products.  Included by
 * warphw_cuda.h only.
 *
 * Exact, with the rounding named, on both sides: __fadd/__fsub/__fmul/
 * __fdiv_rz/_ru/_rd, __frcp_ and __fsqrt_rz/_ru/_rd, __fmaf_rz/_ru/_rd,
 * __dadd/__dmul_rz/_ru/_rd, __dsub/__ddiv/__drcp/__dsqrt/__fma_rn/_rz/_ru/
 * _rd, __int2float and __uint2float_rz/_ru/_rd, __ll2float/__ull2float/
 * __double2float/__ll2double/__ull2double_rn/_rz/_ru/_rd, __float2uint_ru/
 * _rd, __float2ll/__float2ull/__double2uint/__double2ll/__double2ull_rn/
 * _rz/_ru/_rd, __double2int_ru/_rd, __int2double_rn, __uint2double_rn,
 * __double2hiint, __double2loint, __hiloint2double; __dp4a (int,
 * unsigned, char4, uchar4), __dp2a_lo/_hi.  The _rn forms of the single
 * precision operations and the first conversions are warphw_intrin.h's.
 */
#ifndef WARPHW_CUDA_H
#error "warphw_round.h is a part of warphw_cuda.h: include that"
#endif

/* ---- CUDA's rounding-mode, conversion and dot-product intrinsics: the
 * CUDA Math API's single and double precision intrinsics and type casts in
 * the _rn/_rz/_ru/_rd forms the header lacked (docs/ptx.md, "CUDA header:
 * intrinsics").  The device side is the PTX instruction with that rounding,
 * as inline PTX (clang 14 folds some of its rounding built-ins, e.g.
 * __nvvm_ll2f_rz, into a round-to-nearest conversion); the host side is the
 * same IEEE operation under fesetround, as tb/simt/ptx_exec.c evaluates the
 * instruction: the exact result with that rounding on both sides, to the
 * bit. */
#define WARPHW_RND3(X, ...)                                                                       \
    X(_rz, "rz", FE_TOWARDZERO, trunc, __VA_ARGS__) X(_ru, "rp", FE_UPWARD, ceil, __VA_ARGS__)     \
    X(_rd, "rm", FE_DOWNWARD, floor, __VA_ARGS__)
#define WARPHW_RND4(X, ...) X(_rn, "rn", FE_TONEAREST, rint, __VA_ARGS__) WARPHW_RND3(X, __VA_ARGS__)
#ifdef __CUDA_ARCH__
/* op: the PTX operation; k: the host's (warphw_rop); t: the PTX type; c: the
 * register constraint */
#define WARPHW_ROP1(s, r, m, R, name, op, k, T, t, c)                                             \
    WARPHW_DEV T name##s(T a)                                                                     \
    {                                                                                             \
        T y;                                                                                      \
        asm(op "." r "." t " %0, %1;" : "=" c(y) : c(a));                                         \
        return y;                                                                                 \
    }
#define WARPHW_ROP2(s, r, m, R, name, op, k, T, t, c)                                             \
    WARPHW_DEV T name##s(T a, T b)                                                                \
    {                                                                                             \
        T y;                                                                                      \
        asm(op "." r "." t " %0, %1, %2;" : "=" c(y) : c(a), c(b));                               \
        return y;                                                                                 \
    }
#define WARPHW_ROP3(s, r, m, R, name, op, k, T, t, c)                                             \
    WARPHW_DEV T name##s(T a, T b, T d)                                                           \
    {                                                                                             \
        T y;                                                                                      \
        asm("fma." r "." t " %0, %1, %2, %3;" : "=" c(y) : c(a), c(b), c(d));                     \
        return y;                                                                                 \
    }
/* to a float type (rounding r) and from a float to an integer (rounding
 * to an integral value, ri) */
#define WARPHW_CVT(s, r, name, D, dt, dc, S, st, sc)                                              \
    WARPHW_DEV D name##s(S x)                                                                     \
    {                                                                                             \
        D y;                                                                                      \
        asm("cvt." r "." dt "." st " %0, %1;" : "=" dc(y) : sc(x));                               \
        return y;                                                                                 \
    }
#define WARPHW_CVTF(s, r, m, R, name, D, dt, dc, S, st, sc) WARPHW_CVT(s, r, name, D, dt, dc, S, st, sc)
#define WARPHW_CVTI(s, r, m, R, name, D, dt, dc, S, st, sc) WARPHW_CVT(s, r "i", name, D, dt, dc, S, st, sc)
#else
#define WARPHW_ROP1(s, r, m, R, name, op, k, T, t, c) \
    WARPHW_DEV T name##s(T a) { return warphw_rop<T>(m, k, k == 3 ? (T)1 : a, a, (T)0); }
#define WARPHW_ROP2(s, r, m, R, name, op, k, T, t, c) \
    WARPHW_DEV T name##s(T a, T b) { return warphw_rop<T>(m, k, a, b, (T)0); }
#define WARPHW_ROP3(s, r, m, R, name, op, k, T, t, c) \
    WARPHW_DEV T name##s(T a, T b, T d) { return warphw_rop<T>(m, k, a, b, d); }
#define WARPHW_CVTF(s, r, m, R, name, D, dt, dc, S, st, sc) \
    WARPHW_DEV D name##s(S x) { return warphw_rcvt<D, S>(m, x); }
#define WARPHW_CVTI(s, r, m, R, name, D, dt, dc, S, st, sc) \
    WARPHW_DEV D name##s(S x) { return warphw_f2n<D>((double)x, R((double)x)); }
#endif
/* single precision (the _rn forms of add, sub, mul, div, rcp, sqrt and
 * fmaf are above) */
WARPHW_RND3(WARPHW_ROP2, __fadd, "add", 0, float, "f32", "f")
WARPHW_RND3(WARPHW_ROP2, __fsub, "sub", 1, float, "f32", "f")
WARPHW_RND3(WARPHW_ROP2, __fmul, "mul", 2, float, "f32", "f")
WARPHW_RND3(WARPHW_ROP2, __fdiv, "div", 3, float, "f32", "f")
WARPHW_RND3(WARPHW_ROP1, __frcp, "rcp", 3, float, "f32", "f")
WARPHW_RND3(WARPHW_ROP1, __fsqrt, "sqrt", 4, float, "f32", "f")
WARPHW_RND3(WARPHW_ROP3, __fmaf, "fma", 5, float, "f32", "f")
/* double precision (__dadd_rn and __dmul_rn are above) */
WARPHW_RND3(WARPHW_ROP2, __dadd, "add", 0, double, "f64", "d")
WARPHW_RND4(WARPHW_ROP2, __dsub, "sub", 1, double, "f64", "d")
WARPHW_RND3(WARPHW_ROP2, __dmul, "mul", 2, double, "f64", "d")
WARPHW_RND4(WARPHW_ROP2, __ddiv, "div", 3, double, "f64", "d")
WARPHW_RND4(WARPHW_ROP1, __drcp, "rcp", 3, double, "f64", "d")
WARPHW_RND4(WARPHW_ROP1, __dsqrt, "sqrt", 4, double, "f64", "d")
WARPHW_RND4(WARPHW_ROP3, __fma, "fma", 5, double, "f64", "d")
/* type casts to a float type (__int2float_rn, __uint2float_rn above) */
WARPHW_RND3(WARPHW_CVTF, __int2float, float, "f32", "f", int, "s32", "r")
WARPHW_RND3(WARPHW_CVTF, __uint2float, float, "f32", "f", unsigned, "u32", "r")
WARPHW_RND4(WARPHW_CVTF, __ll2float, float, "f32", "f", long long, "s64", "l")
WARPHW_RND4(WARPHW_CVTF, __ull2float, float, "f32", "f", unsigned long long, "u64", "l")
WARPHW_RND4(WARPHW_CVTF, __double2float, float, "f32", "f", double, "f64", "d")
WARPHW_RND4(WARPHW_CVTF, __ll2double, double, "f64", "d", long long, "s64", "l")
WARPHW_RND4(WARPHW_CVTF, __ull2double, double, "f64", "d", unsigned long long, "u64", "l")
/* and to an integer type (__float2int_*, __float2uint_rn/_rz and
 * __double2int_rn/_rz above) */
WARPHW_CVTI(_ru, "rp", FE_UPWARD, ceil, __float2uint, unsigned, "u32", "r", float, "f32", "f")
WARPHW_CVTI(_rd, "rm", FE_DOWNWARD, floor, __float2uint, unsigned, "u32", "r", float, "f32", "f")
WARPHW_RND4(WARPHW_CVTI, __float2ll, long long, "s64", "l", float, "f32", "f")
WARPHW_RND4(WARPHW_CVTI, __float2ull, unsigned long long, "u64", "l", float, "f32", "f")
WARPHW_CVTI(_ru, "rp", FE_UPWARD, ceil, __double2int, int, "s32", "r", double, "f64", "d")
WARPHW_CVTI(_rd, "rm", FE_DOWNWARD, floor, __double2int, int, "s32", "r", double, "f64", "d")
WARPHW_RND4(WARPHW_CVTI, __double2uint, unsigned, "u32", "r", double, "f64", "d")
WARPHW_RND4(WARPHW_CVTI, __double2ll, long long, "s64", "l", double, "f64", "d")
WARPHW_RND4(WARPHW_CVTI, __double2ull, unsigned long long, "u64", "l", double, "f64", "d")
#undef WARPHW_RND3
#undef WARPHW_RND4
#undef WARPHW_ROP1
#undef WARPHW_ROP2
#undef WARPHW_ROP3
#undef WARPHW_CVTF
#undef WARPHW_CVTI
#undef WARPHW_CVT
/* exact conversions and the halves of a double */
WARPHW_DEV double __int2double_rn(int x) { return (double)x; }
WARPHW_DEV double __uint2double_rn(unsigned x) { return (double)x; }
WARPHW_DEV int __double2hiint(double x) { return (int)(__builtin_bit_cast(unsigned long long, x) >> 32); }
WARPHW_DEV int __double2loint(double x) { return (int)__builtin_bit_cast(unsigned long long, x); }
WARPHW_DEV double __hiloint2double(int hi, int lo)
{
    return __builtin_bit_cast(double, (unsigned long long)(unsigned)hi << 32 | (unsigned)lo);
}
/* the dot products of bytes (sm_61's dp4a, dp2a): plain integer code on
 * both sides, the sum modulo 2^32 as the instruction's */
#define WARPHW_DP(name, T, E, H)                                                                  \
    WARPHW_DEV T name(T a, T b, T c)                                                              \
    {                                                                                             \
        unsigned s = (unsigned)c;                                                                 \
        for (int i = 0; i < 4; i++) s += (unsigned)((int)(E)(a >> 8 * i) * (int)(E)(b >> 8 * i)); \
        return (T)s;                                                                              \
    }                                                                                             \
    WARPHW_DEV T warphw_dp2a(T a, T b, T c, int hi)                                                \
    {                                                                                             \
        unsigned s = (unsigned)c;                                                                 \
        for (int i = 0; i < 2; i++)                                                               \
            s += (unsigned)((int)(H)(a >> 16 * i) * (int)(E)(b >> 8 * (i + 2 * hi)));             \
        return (T)s;                                                                              \
    }
WARPHW_DP(__dp4a, int, signed char, short)
WARPHW_DP(__dp4a, unsigned, unsigned char, unsigned short)
#undef WARPHW_DP
WARPHW_DEV int __dp4a(char4 a, char4 b, int c)
{
    return __dp4a(__builtin_bit_cast(int, a), __builtin_bit_cast(int, b), c);
}
WARPHW_DEV unsigned __dp4a(uchar4 a, uchar4 b, unsigned c)
{
    return __dp4a(__builtin_bit_cast(unsigned, a), __builtin_bit_cast(unsigned, b), c);
}
WARPHW_DEV int __dp2a_lo(int a, int b, int c) { return warphw_dp2a(a, b, c, 0); }
WARPHW_DEV int __dp2a_hi(int a, int b, int c) { return warphw_dp2a(a, b, c, 1); }
WARPHW_DEV unsigned __dp2a_lo(unsigned a, unsigned b, unsigned c) { return warphw_dp2a(a, b, c, 0); }
WARPHW_DEV unsigned __dp2a_hi(unsigned a, unsigned b, unsigned c) { return warphw_dp2a(a, b, c, 1); }
