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
 * and float(__half).
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

struct __half_raw {
    unsigned short x;
};
struct __half2_raw {
    unsigned short x, y;
};
struct __half;
static WARPHW_H16 __half __float2half(float f);
static WARPHW_H16 float __half2float(__half h);

struct alignas(2) __half {
    unsigned short __x;
    __half() = default;
    WARPHW_H16 __half(__half_raw r) : __x(r.x) {}
    WARPHW_H16 __half(float f);
    WARPHW_H16 __half(double d) : __half((float)d) {}
    WARPHW_H16 __half(int i) : __half((float)i) {}
    WARPHW_H16 operator float() const;
    WARPHW_H16 operator __half_raw() const { return __half_raw{__x}; }
};
struct alignas(4) __half2 {
    __half x, y;
    __half2() = default;
    WARPHW_H16 __half2(__half a, __half b) : x(a), y(b) {}
};

static WARPHW_H16 __half warphw_h(unsigned short u)
{
    __half h;
    h.__x = u;
    return h;
}
static WARPHW_H16 unsigned warphw_h2u(__half2 v) { return v.x.__x | (unsigned)v.y.__x << 16; }
static WARPHW_H16 __half2 warphw_u2h(unsigned u) { return __half2(warphw_h((unsigned short)u), warphw_h((unsigned short)(u >> 16))); }

#ifdef __CUDA_ARCH__ /* ------------------------------------------- device */
/* one PTX instruction on .f16 (or .f16x2) operands */
#define WARPHW_H_CVT_F(name, r)                                            \
    static WARPHW_H16 __half name(float f)                                 \
    {                                                                      \
        unsigned short u;                                                  \
        asm("cvt." r ".f16.f32 %0, %1;" : "=h"(u) : "f"(f));               \
        return warphw_h(u);                                                \
    }
#define WARPHW_H_OP2(name, op)                                             \
    static WARPHW_H16 __half name(__half a, __half b)                      \
    {                                                                      \
        unsigned short u;                                                  \
        asm(op ".f16 %0, %1, %2;" : "=h"(u) : "h"(a.__x), "h"(b.__x));     \
        return warphw_h(u);                                                \
    }
#define WARPHW_H_OP1(name, op)                                             \
    static WARPHW_H16 __half name(__half a)                                \
    {                                                                      \
        unsigned short u;                                                  \
        asm(op ".f16 %0, %1;" : "=h"(u) : "h"(a.__x));                     \
        return warphw_h(u);                                                \
    }
#define WARPHW_H_CMP(name, cmp)                                            \
    static WARPHW_H16 bool name(__half a, __half b)                        \
    {                                                                      \
        unsigned short u;                                                  \
        asm("{ .reg .pred p; setp." cmp ".f16 p, %1, %2; selp.u16 %0, 1, 0, p; }" \
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
WARPHW_H_CVT_F(__float2half_rn, "rn")
WARPHW_H_CVT_F(__float2half_rz, "rz")
WARPHW_H_CVT_F(__float2half_rd, "rm")
WARPHW_H_CVT_F(__float2half_ru, "rp")
static WARPHW_H16 float __half2float(__half h)
{
    float f;
    asm("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"(h.__x));
    return f;
}
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
WARPHW_H_OP2(__hadd, "add")
WARPHW_H_OP2(__hsub, "sub")
WARPHW_H_OP2(__hmul, "mul")
WARPHW_H_OP2(__hadd_sat, "add.sat")
WARPHW_H_OP2(__hsub_sat, "sub.sat")
WARPHW_H_OP2(__hmul_sat, "mul.sat")
WARPHW_H_OP2(__hmin, "min")
WARPHW_H_OP2(__hmax, "max")
WARPHW_H_OP1(__hneg, "neg")
WARPHW_H_OP1(__habs, "abs")
static WARPHW_H16 __half __hfma(__half a, __half b, __half c)
{
    unsigned short u;
    asm("fma.rn.f16 %0, %1, %2, %3;" : "=h"(u) : "h"(a.__x), "h"(b.__x), "h"(c.__x));
    return warphw_h(u);
}
static WARPHW_H16 __half __hfma_sat(__half a, __half b, __half c)
{
    unsigned short u;
    asm("fma.rn.sat.f16 %0, %1, %2, %3;" : "=h"(u) : "h"(a.__x), "h"(b.__x), "h"(c.__x));
    return warphw_h(u);
}
WARPHW_H_CMP(__heq, "eq")
WARPHW_H_CMP(__hne, "ne")
WARPHW_H_CMP(__hlt, "lt")
WARPHW_H_CMP(__hle, "le")
WARPHW_H_CMP(__hgt, "gt")
WARPHW_H_CMP(__hge, "ge")
WARPHW_H_CMP(__hequ, "equ")
WARPHW_H_CMP(__hneu, "neu")
WARPHW_H_CMP(__hltu, "ltu")
WARPHW_H_CMP(__hleu, "leu")
WARPHW_H_CMP(__hgtu, "gtu")
WARPHW_H_CMP(__hgeu, "geu")
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
#undef WARPHW_H_CVT_F
#undef WARPHW_H_OP2
#undef WARPHW_H_OP1
#undef WARPHW_H_CMP
#undef WARPHW_H2_OP2
#undef WARPHW_H2_OP1

#else /* -------------------------------------------------------------- host */
/* the front end's functions (tb/simt/ptx_half.c): the same bits */
#define WARPHW_H_CVT_F(name, m) \
    static inline __half name(float f) { return warphw_h(ptx_h_from_double(f, PTX_H_F16, m)); }
#define WARPHW_H_OP2(name, op, sat)                                                               \
    static inline __half name(__half a, __half b)                                                 \
    {                                                                                             \
        return warphw_h(warphw_h_sat(ptx_h_op(op, a.__x, b.__x, 0, PTX_H_F16, PTX_H_RN, 0), sat)); \
    }
#define WARPHW_H_CMP(name, expr)                                                                   \
    static inline bool name(__half a, __half b)                                                    \
    {                                                                                              \
        double x = ptx_h_to_double(a.__x, PTX_H_F16), y = ptx_h_to_double(b.__x, PTX_H_F16);      \
        bool un = std::isnan(x) || std::isnan(y);                                                  \
        return expr;                                                                               \
    }
#define WARPHW_H2_OP2(name, one)                                                                   \
    static inline __half2 name(__half2 a, __half2 b) { return __half2(one(a.x, b.x), one(a.y, b.y)); }
#define WARPHW_H2_OP1(name, one) \
    static inline __half2 name(__half2 a) { return __half2(one(a.x), one(a.y)); }
/* .sat: [0, 1], a NaN to +0 */
static inline unsigned short warphw_h_sat(unsigned short u, int sat)
{
    if (!sat) return u;
    double x = ptx_h_to_double(u, PTX_H_F16);
    return ptx_h_from_double(std::isnan(x) ? 0.0 : x < 0 ? 0.0 : x > 1 ? 1.0 : x, PTX_H_F16, PTX_H_RN);
}
WARPHW_H_CVT_F(__float2half_rn, PTX_H_RN)
WARPHW_H_CVT_F(__float2half_rz, PTX_H_RZ)
WARPHW_H_CVT_F(__float2half_rd, PTX_H_RM)
WARPHW_H_CVT_F(__float2half_ru, PTX_H_RP)
static inline float __half2float(__half h)
{
    uint32_t u = ptx_h_to_f32bits(h.__x, PTX_H_F16);
    float f;
    memcpy(&f, &u, 4);
    return f;
}
static inline __half __double2half(double d) { return warphw_h(ptx_h_from_double(d, PTX_H_F16, PTX_H_RN)); }
static inline __half __int2half_rn(int i) { return warphw_h(ptx_h_from_s64(i, PTX_H_F16, PTX_H_RN)); }
static inline int __half2int_rz(__half h) { return warphw_f2n<int>(__half2float(h), truncf(__half2float(h))); }
static inline int __half2int_rn(__half h) { return warphw_f2n<int>(__half2float(h), nearbyintf(__half2float(h))); }
WARPHW_H_OP2(__hadd, PTX_H_ADD, 0)
WARPHW_H_OP2(__hsub, PTX_H_SUB, 0)
WARPHW_H_OP2(__hmul, PTX_H_MUL, 0)
WARPHW_H_OP2(__hadd_sat, PTX_H_ADD, 1)
WARPHW_H_OP2(__hsub_sat, PTX_H_SUB, 1)
WARPHW_H_OP2(__hmul_sat, PTX_H_MUL, 1)
WARPHW_H_OP2(__hmin, PTX_H_MIN, 0)
WARPHW_H_OP2(__hmax, PTX_H_MAX, 0)
static inline __half __hneg(__half a) { return warphw_h((unsigned short)(a.__x ^ 0x8000u)); }
static inline __half __habs(__half a) { return warphw_h((unsigned short)(a.__x & 0x7fffu)); }
static inline __half __hfma(__half a, __half b, __half c)
{
    return warphw_h(ptx_h_op(PTX_H_FMA, a.__x, b.__x, c.__x, PTX_H_F16, PTX_H_RN, 0));
}
static inline __half __hfma_sat(__half a, __half b, __half c) { return warphw_h(warphw_h_sat(__hfma(a, b, c).__x, 1)); }
WARPHW_H_CMP(__heq, !un && x == y)
WARPHW_H_CMP(__hne, !un && x != y)
WARPHW_H_CMP(__hlt, !un && x < y)
WARPHW_H_CMP(__hle, !un && x <= y)
WARPHW_H_CMP(__hgt, !un && x > y)
WARPHW_H_CMP(__hge, !un && x >= y)
WARPHW_H_CMP(__hequ, un || x == y)
WARPHW_H_CMP(__hneu, un || x != y)
WARPHW_H_CMP(__hltu, un || x < y)
WARPHW_H_CMP(__hleu, un || x <= y)
WARPHW_H_CMP(__hgtu, un || x > y)
WARPHW_H_CMP(__hgeu, un || x >= y)
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
#undef WARPHW_H_CVT_F
#undef WARPHW_H_OP2
#undef WARPHW_H_CMP
#undef WARPHW_H2_OP2
#undef WARPHW_H2_OP1
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

#endif
