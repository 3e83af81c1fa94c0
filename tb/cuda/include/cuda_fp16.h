/* SPDX-License-Identifier: Apache-2.0 */
/*
 * <cuda_fp16.h> for the project's CUDA header (tb/cuda/warphw_cuda.h,
 * docs/ptx.md "Half precision"): the half-precision type and intrinsics a
 * kernel uses, written here from the names the CUDA Math API documents.
 *
 * __half (an IEEE binary16 in an unsigned short) and __half2 (two of
 * them, .x in the low 16 bits); conversions __float2half(_rn/_rz/_rd/_ru),
 * __half2float, __double2half, __int2half_rn, __half2int_rn/_rz,
 * __half_as_ushort/__ushort_as_half, __half_as_short/__short_as_half;
 * arithmetic __hadd, __hsub, __hmul, __hdiv, __hfma, their _sat forms,
 * __hneg, __habs, __hmin, __hmax; comparisons __heq, __hne, __hlt, __hle,
 * __hgt, __hge and the unordered __hequ ... __hgeu, __hisnan, __hisinf;
 * __half2: __halves2half2, __half2half2, __floats2half2_rn,
 * __float2half2_rn, __low2half, __high2half, __low2float, __high2float,
 * __half22float2, __hadd2, __hsub2, __hmul2, __hfma2, __hneg2, __habs2,
 * __hmin2, __hmax2; the operators + - * / (unary -, the compound forms
 * and the six comparisons) on __half, + - * on __half2; __half(float)
 * and float(__half); on the device side __shfl_sync, __shfl_up/down/
 * xor_sync of a __half or a __half2.
 *
 * The device side is the PTX instructions themselves (inline PTX, as
 * NVIDIA's header is written: cvt.rn.f16.f32, add.f16, fma.rn.f16,
 * setp.lt.f16, add.f16x2, ...; __hdiv divides in f32 and rounds once to
 * .f16, which is correctly rounded: 24 >= 2 * 11 + 2 bits).  The host side
 * calls the front end's own functions on the bits (tb/simt/ptx_half.h,
 * linked into every host reference), so a host reference computes what
 * the PTX computes, bit for bit, with explicit rounding and no host
 * _Float16.
 */
#ifndef WARPHW_CUDA_FP16_H
#define WARPHW_CUDA_FP16_H

#include "../warphw_cuda.h"
#ifndef __CUDA_ARCH__
#include "../../simt/ptx_half.h"
#endif

#ifdef __CUDA_ARCH__
#define WARPHW_H16 __device__ __inline__ __attribute__((always_inline))
#else
#define WARPHW_H16 inline
#endif

/* a 16-bit float type T (its bits in __x; R its raw form) and the pair
 * T2 of two (.x in the low half); kept defined for cuda_bf16.h */
#define WARPHW_H16_TYPES(T, R, T2)                                  \
    struct R {                                                      \
        unsigned short x;                                           \
    };                                                              \
    struct alignas(2) T {                                           \
        unsigned short __x;                                         \
        T() = default;                                              \
        WARPHW_H16 T(R r) : __x(r.x) {}                             \
        WARPHW_H16 T(float f);                                      \
        WARPHW_H16 T(double d) : T((float)d) {}                     \
        WARPHW_H16 T(int i) : T((float)i) {}                        \
        WARPHW_H16 operator float() const;                          \
        WARPHW_H16 operator R() const { return R{__x}; }            \
    };                                                              \
    struct alignas(4) T2 {                                          \
        T x, y;                                                     \
        T2() = default;                                             \
        WARPHW_H16 T2(T a, T b) : x(a), y(b) {}                     \
    };
WARPHW_H16_TYPES(__half, __half_raw, __half2)
struct __half2_raw {
    unsigned short x, y;
};

/* a 16-bit float type (__half, cuda_bf16.h's __nv_bfloat16) from its bits */
template <class T> static WARPHW_H16 T warphw_hbits(unsigned short u)
{
    T h;
    h.__x = u;
    return h;
}
static WARPHW_H16 __half warphw_h(unsigned short u) { return warphw_hbits<__half>(u); }
static WARPHW_H16 unsigned warphw_h2u(__half2 v) { return v.x.__x | (unsigned)v.y.__x << 16; }
static WARPHW_H16 __half2 warphw_u2h(unsigned u) { return __half2(warphw_h((unsigned short)u), warphw_h((unsigned short)(u >> 16))); }

#ifdef __CUDA_ARCH__ /* ------------------------------------------- device */
/* one PTX instruction on operands of type T (PTX type sfx: f16, bf16);
 * kept defined for cuda_bf16.h */
#define WARPHW_H_CVT_F(T, sfx, name, r)                                    \
    static WARPHW_H16 T name(float f)                                      \
    {                                                                      \
        unsigned short u;                                                  \
        asm("cvt." r "." sfx ".f32 %0, %1;" : "=h"(u) : "f"(f));           \
        return warphw_hbits<T>(u);                                         \
    }
#define WARPHW_H_TOF(T, sfx, name)                                         \
    static WARPHW_H16 float name(T h)                                      \
    {                                                                      \
        float f;                                                           \
        asm("cvt.f32." sfx " %0, %1;" : "=f"(f) : "h"(h.__x));             \
        return f;                                                          \
    }
#define WARPHW_H_OP2(T, sfx, name, op)                                     \
    static WARPHW_H16 T name(T a, T b)                                     \
    {                                                                      \
        unsigned short u;                                                  \
        asm(op "." sfx " %0, %1, %2;" : "=h"(u) : "h"(a.__x), "h"(b.__x)); \
        return warphw_hbits<T>(u);                                         \
    }
#define WARPHW_H_OP1(T, sfx, name, op)                                     \
    static WARPHW_H16 T name(T a)                                          \
    {                                                                      \
        unsigned short u;                                                  \
        asm(op "." sfx " %0, %1;" : "=h"(u) : "h"(a.__x));                 \
        return warphw_hbits<T>(u);                                         \
    }
#define WARPHW_H_FMA(T, sfx, name, op)                                     \
    static WARPHW_H16 T name(T a, T b, T c)                                \
    {                                                                      \
        unsigned short u;                                                  \
        asm(op "." sfx " %0, %1, %2, %3;" : "=h"(u) : "h"(a.__x), "h"(b.__x), "h"(c.__x)); \
        return warphw_hbits<T>(u);                                         \
    }
#define WARPHW_H_CMP(T, sfx, name, cmp)                                    \
    static WARPHW_H16 bool name(T a, T b)                                  \
    {                                                                      \
        unsigned short u;                                                  \
        asm("{ .reg .pred p; setp." cmp "." sfx " p, %1, %2; selp.u16 %0, 1, 0, p; }" \
            : "=h"(u) : "h"(a.__x), "h"(b.__x));                           \
        return u != 0;                                                     \
    }
#define WARPHW_H2_OP2(name, op)                                            \
    static WARPHW_H16 __half2 name(__half2 a, __half2 b)                   \
    {                                                                      \
        unsigned u;                                                        \
        asm(op ".f16x2 %0, %1, %2;" : "=r"(u) : "r"(warphw_h2u(a)), "r"(warphw_h2u(b))); \
        return warphw_u2h(u);                                              \
    }
#define WARPHW_H2_OP1(name, op)                                            \
    static WARPHW_H16 __half2 name(__half2 a)                              \
    {                                                                      \
        unsigned u;                                                        \
        asm(op ".f16x2 %0, %1;" : "=r"(u) : "r"(warphw_h2u(a)));           \
        return warphw_u2h(u);                                              \
    }
WARPHW_H_CVT_F(__half, "f16", __float2half_rn, "rn")
WARPHW_H_CVT_F(__half, "f16", __float2half_rz, "rz")
WARPHW_H_CVT_F(__half, "f16", __float2half_rd, "rm")
WARPHW_H_CVT_F(__half, "f16", __float2half_ru, "rp")
WARPHW_H_TOF(__half, "f16", __half2float)
static WARPHW_H16 __half __double2half(double d)
{
    unsigned short u;
    asm("cvt.rn.f16.f64 %0, %1;" : "=h"(u) : "d"(d));
    return warphw_h(u);
}
static WARPHW_H16 __half __int2half_rn(int i)
{
    unsigned short u;
    asm("cvt.rn.f16.s32 %0, %1;" : "=h"(u) : "r"(i));
    return warphw_h(u);
}
static WARPHW_H16 int __half2int_rz(__half h)
{
    int i;
    asm("cvt.rzi.s32.f16 %0, %1;" : "=r"(i) : "h"(h.__x));
    return i;
}
static WARPHW_H16 int __half2int_rn(__half h)
{
    int i;
    asm("cvt.rni.s32.f16 %0, %1;" : "=r"(i) : "h"(h.__x));
    return i;
}
/* what both 16-bit types have (cuda_bf16.h too) */
#define WARPHW_H16_BASIC(T, sfx)                   \
    WARPHW_H_OP2(T, sfx, __hadd, "add")            \
    WARPHW_H_OP2(T, sfx, __hsub, "sub")            \
    WARPHW_H_OP2(T, sfx, __hmul, "mul")            \
    WARPHW_H_OP2(T, sfx, __hmin, "min")            \
    WARPHW_H_OP2(T, sfx, __hmax, "max")            \
    WARPHW_H_OP1(T, sfx, __hneg, "neg")            \
    WARPHW_H_OP1(T, sfx, __habs, "abs")            \
    WARPHW_H_FMA(T, sfx, __hfma, "fma.rn")
WARPHW_H16_BASIC(__half, "f16")
WARPHW_H_OP2(__half, "f16", __hadd_sat, "add.sat")
WARPHW_H_OP2(__half, "f16", __hsub_sat, "sub.sat")
WARPHW_H_OP2(__half, "f16", __hmul_sat, "mul.sat")
WARPHW_H_FMA(__half, "f16", __hfma_sat, "fma.rn.sat")
WARPHW_H_CMP(__half, "f16", __heq, "eq")
WARPHW_H_CMP(__half, "f16", __hne, "ne")
WARPHW_H_CMP(__half, "f16", __hlt, "lt")
WARPHW_H_CMP(__half, "f16", __hle, "le")
WARPHW_H_CMP(__half, "f16", __hgt, "gt")
WARPHW_H_CMP(__half, "f16", __hge, "ge")
WARPHW_H_CMP(__half, "f16", __hequ, "equ")
WARPHW_H_CMP(__half, "f16", __hneu, "neu")
WARPHW_H_CMP(__half, "f16", __hltu, "ltu")
WARPHW_H_CMP(__half, "f16", __hleu, "leu")
WARPHW_H_CMP(__half, "f16", __hgtu, "gtu")
WARPHW_H_CMP(__half, "f16", __hgeu, "geu")
WARPHW_H2_OP2(__hadd2, "add")
WARPHW_H2_OP2(__hsub2, "sub")
WARPHW_H2_OP2(__hmul2, "mul")
WARPHW_H2_OP2(__hmin2, "min")
WARPHW_H2_OP2(__hmax2, "max")
WARPHW_H2_OP1(__hneg2, "neg")
WARPHW_H2_OP1(__habs2, "abs")
static WARPHW_H16 __half2 __hfma2(__half2 a, __half2 b, __half2 c)
{
    unsigned u;
    asm("fma.rn.f16x2 %0, %1, %2, %3;" : "=r"(u) : "r"(warphw_h2u(a)), "r"(warphw_h2u(b)), "r"(warphw_h2u(c)));
    return warphw_u2h(u);
}

#else /* -------------------------------------------------------------- host */
/* the front end's functions (tb/simt/ptx_half.c): the same bits; T's
 * format fmt (PTX_H_F16, PTX_H_BF16); kept defined for cuda_bf16.h */
#define WARPHW_H_CVT_F(T, fmt, name, m) \
    static inline T name(float f) { return warphw_hbits<T>(ptx_h_from_double(f, fmt, m)); }
#define WARPHW_H_TOF(T, fmt, name)                      \
    static inline float name(T h)                       \
    {                                                   \
        uint32_t u = ptx_h_to_f32bits(h.__x, fmt);      \
        float f;                                        \
        memcpy(&f, &u, 4);                              \
        return f;                                       \
    }
#define WARPHW_H_OP2(T, fmt, name, op, sat)                                                   \
    static inline T name(T a, T b)                                                            \
    {                                                                                         \
        return warphw_hbits<T>(warphw_h_sat(ptx_h_op(op, a.__x, b.__x, 0, fmt, PTX_H_RN, 0), fmt, sat)); \
    }
#define WARPHW_H_FMA(T, fmt, name, sat)                                                       \
    static inline T name(T a, T b, T c)                                                       \
    {                                                                                         \
        return warphw_hbits<T>(warphw_h_sat(ptx_h_op(PTX_H_FMA, a.__x, b.__x, c.__x, fmt, PTX_H_RN, 0), fmt, sat)); \
    }
#define WARPHW_H_SIGN(T, name, op) \
    static inline T name(T a) { return warphw_hbits<T>((unsigned short)(a.__x op)); }
#define WARPHW_H_CMP(T, fmt, name, expr)                                                       \
    static inline bool name(T a, T b)                                                          \
    {                                                                                          \
        double x = ptx_h_to_double(a.__x, fmt), y = ptx_h_to_double(b.__x, fmt);              \
        bool un = std::isnan(x) || std::isnan(y);                                              \
        return expr;                                                                           \
    }
#define WARPHW_H2_OP2(name, one)                                                                   \
    static inline __half2 name(__half2 a, __half2 b) { return __half2(one(a.x, b.x), one(a.y, b.y)); }
#define WARPHW_H2_OP1(name, one) \
    static inline __half2 name(__half2 a) { return __half2(one(a.x), one(a.y)); }
/* .sat: [0, 1], a NaN to +0 */
static inline unsigned short warphw_h_sat(unsigned short u, int fmt, int sat)
{
    if (!sat) return u;
    double x = ptx_h_to_double(u, fmt);
    return ptx_h_from_double(std::isnan(x) ? 0.0 : x < 0 ? 0.0 : x > 1 ? 1.0 : x, fmt, PTX_H_RN);
}
WARPHW_H_CVT_F(__half, PTX_H_F16, __float2half_rn, PTX_H_RN)
WARPHW_H_CVT_F(__half, PTX_H_F16, __float2half_rz, PTX_H_RZ)
WARPHW_H_CVT_F(__half, PTX_H_F16, __float2half_rd, PTX_H_RM)
WARPHW_H_CVT_F(__half, PTX_H_F16, __float2half_ru, PTX_H_RP)
WARPHW_H_TOF(__half, PTX_H_F16, __half2float)
static inline __half __double2half(double d) { return warphw_h(ptx_h_from_double(d, PTX_H_F16, PTX_H_RN)); }
static inline __half __int2half_rn(int i) { return warphw_h(ptx_h_from_s64(i, PTX_H_F16, PTX_H_RN)); }
static inline int __half2int_rz(__half h) { return warphw_f2n<int>(__half2float(h), truncf(__half2float(h))); }
static inline int __half2int_rn(__half h) { return warphw_f2n<int>(__half2float(h), nearbyintf(__half2float(h))); }
/* what both 16-bit types have (cuda_bf16.h too) */
#define WARPHW_H16_BASIC(T, fmt)                          \
    WARPHW_H_OP2(T, fmt, __hadd, PTX_H_ADD, 0)            \
    WARPHW_H_OP2(T, fmt, __hsub, PTX_H_SUB, 0)            \
    WARPHW_H_OP2(T, fmt, __hmul, PTX_H_MUL, 0)            \
    WARPHW_H_OP2(T, fmt, __hmin, PTX_H_MIN, 0)            \
    WARPHW_H_OP2(T, fmt, __hmax, PTX_H_MAX, 0)            \
    WARPHW_H_SIGN(T, __hneg, ^ 0x8000u)                   \
    WARPHW_H_SIGN(T, __habs, & 0x7fffu)                   \
    WARPHW_H_FMA(T, fmt, __hfma, 0)
WARPHW_H16_BASIC(__half, PTX_H_F16)
WARPHW_H_OP2(__half, PTX_H_F16, __hadd_sat, PTX_H_ADD, 1)
WARPHW_H_OP2(__half, PTX_H_F16, __hsub_sat, PTX_H_SUB, 1)
WARPHW_H_OP2(__half, PTX_H_F16, __hmul_sat, PTX_H_MUL, 1)
WARPHW_H_FMA(__half, PTX_H_F16, __hfma_sat, 1)
WARPHW_H_CMP(__half, PTX_H_F16, __heq, !un && x == y)
WARPHW_H_CMP(__half, PTX_H_F16, __hne, !un && x != y)
WARPHW_H_CMP(__half, PTX_H_F16, __hlt, !un && x < y)
WARPHW_H_CMP(__half, PTX_H_F16, __hle, !un && x <= y)
WARPHW_H_CMP(__half, PTX_H_F16, __hgt, !un && x > y)
WARPHW_H_CMP(__half, PTX_H_F16, __hge, !un && x >= y)
WARPHW_H_CMP(__half, PTX_H_F16, __hequ, un || x == y)
WARPHW_H_CMP(__half, PTX_H_F16, __hneu, un || x != y)
WARPHW_H_CMP(__half, PTX_H_F16, __hltu, un || x < y)
WARPHW_H_CMP(__half, PTX_H_F16, __hleu, un || x <= y)
WARPHW_H_CMP(__half, PTX_H_F16, __hgtu, un || x > y)
WARPHW_H_CMP(__half, PTX_H_F16, __hgeu, un || x >= y)
WARPHW_H2_OP2(__hadd2, __hadd)
WARPHW_H2_OP2(__hsub2, __hsub)
WARPHW_H2_OP2(__hmul2, __hmul)
WARPHW_H2_OP2(__hmin2, __hmin)
WARPHW_H2_OP2(__hmax2, __hmax)
WARPHW_H2_OP1(__hneg2, __hneg)
WARPHW_H2_OP1(__habs2, __habs)
static inline __half2 __hfma2(__half2 a, __half2 b, __half2 c)
{
    return __half2(__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y));
}
#endif

/* ------------------------------------------------------------ both sides */
static WARPHW_H16 __half __float2half(float f) { return __float2half_rn(f); }
WARPHW_H16 __half::__half(float f) : __x(__float2half_rn(f).__x) {}
WARPHW_H16 __half::operator float() const { return __half2float(*this); }
/* __hdiv: the f32 quotient (div.rn.f32) rounded once to .f16: correctly rounded */
static WARPHW_H16 __half __hdiv(__half a, __half b) { return __float2half_rn(__half2float(a) / __half2float(b)); }
static WARPHW_H16 bool __hisnan(__half a) { return (a.__x & 0x7c00u) == 0x7c00u && (a.__x & 0x3ffu); }
static WARPHW_H16 bool __hisinf(__half a) { return (a.__x & 0x7fffu) == 0x7c00u; }
static WARPHW_H16 unsigned short __half_as_ushort(__half h) { return h.__x; }
static WARPHW_H16 __half __ushort_as_half(unsigned short u) { return warphw_h(u); }
static WARPHW_H16 short __half_as_short(__half h) { return (short)h.__x; }
static WARPHW_H16 __half __short_as_half(short s) { return warphw_h((unsigned short)s); }
static WARPHW_H16 __half2 __halves2half2(__half lo, __half hi) { return __half2(lo, hi); }
static WARPHW_H16 __half2 __half2half2(__half a) { return __half2(a, a); }
static WARPHW_H16 __half2 __floats2half2_rn(float lo, float hi) { return __half2(__float2half_rn(lo), __float2half_rn(hi)); }
static WARPHW_H16 __half2 __float2half2_rn(float f) { return __half2half2(__float2half_rn(f)); }
static WARPHW_H16 __half __low2half(__half2 v) { return v.x; }
static WARPHW_H16 __half __high2half(__half2 v) { return v.y; }
static WARPHW_H16 float __low2float(__half2 v) { return __half2float(v.x); }
static WARPHW_H16 float __high2float(__half2 v) { return __half2float(v.y); }
static WARPHW_H16 float2 __half22float2(__half2 v) { return make_float2(__half2float(v.x), __half2float(v.y)); }

static WARPHW_H16 __half operator+(__half a, __half b) { return __hadd(a, b); }
static WARPHW_H16 __half operator-(__half a, __half b) { return __hsub(a, b); }
static WARPHW_H16 __half operator*(__half a, __half b) { return __hmul(a, b); }
static WARPHW_H16 __half operator/(__half a, __half b) { return __hdiv(a, b); }
static WARPHW_H16 __half operator-(__half a) { return __hneg(a); }
static WARPHW_H16 __half operator+(__half a) { return a; }
static WARPHW_H16 __half &operator+=(__half &a, __half b) { return a = __hadd(a, b); }
static WARPHW_H16 __half &operator-=(__half &a, __half b) { return a = __hsub(a, b); }
static WARPHW_H16 __half &operator*=(__half &a, __half b) { return a = __hmul(a, b); }
static WARPHW_H16 __half &operator/=(__half &a, __half b) { return a = __hdiv(a, b); }
static WARPHW_H16 bool operator==(__half a, __half b) { return __heq(a, b); }
static WARPHW_H16 bool operator!=(__half a, __half b) { return __hneu(a, b); }
static WARPHW_H16 bool operator<(__half a, __half b) { return __hlt(a, b); }
static WARPHW_H16 bool operator<=(__half a, __half b) { return __hle(a, b); }
static WARPHW_H16 bool operator>(__half a, __half b) { return __hgt(a, b); }
static WARPHW_H16 bool operator>=(__half a, __half b) { return __hge(a, b); }
static WARPHW_H16 __half2 operator+(__half2 a, __half2 b) { return __hadd2(a, b); }
static WARPHW_H16 __half2 operator-(__half2 a, __half2 b) { return __hsub2(a, b); }
static WARPHW_H16 __half2 operator*(__half2 a, __half2 b) { return __hmul2(a, b); }

#ifdef __CUDA_ARCH__
/* the warp shuffles of halves (CUDA's overloads in this header; device
 * side only, as tb/cuda/warphw_warp.h's): a __half2 moves its 32 bits, a
 * __half its 16 in the low half of the word.  (Before 2026-12-01 a __half2
 * did not compile and a __half went through its float conversion.) */
#define WARPHW_H16_SHFL(name, Tb)                                                                   \
    static WARPHW_H16 __half2 name(unsigned m, __half2 v, Tb b, int w = 32)                          \
    {                                                                                               \
        return warphw_u2h(name(m, warphw_h2u(v), b, w));                                            \
    }                                                                                               \
    static WARPHW_H16 __half name(unsigned m, __half v, Tb b, int w = 32)                            \
    {                                                                                               \
        return warphw_h((unsigned short)name(m, (unsigned)v.__x, b, w));                            \
    }
WARPHW_H16_SHFL(__shfl_sync, int)
WARPHW_H16_SHFL(__shfl_up_sync, unsigned)
WARPHW_H16_SHFL(__shfl_down_sync, unsigned)
WARPHW_H16_SHFL(__shfl_xor_sync, int)
#undef WARPHW_H16_SHFL
#endif

#endif
