/* SPDX-License-Identifier: Apache-2.0 */
/*
 * <cuda_bf16.h> for the project's CUDA header (docs/ptx.md "Half
 * precision"): __nv_bfloat16 (a bfloat16 in an unsigned short: 8 exponent
 * bits, 7 fraction bits) and __nv_bfloat162, with the CUDA Math API's
 * names: __float2bfloat16(_rn/_rz), __bfloat162float, __double2bfloat16,
 * __bfloat16_as_ushort/__ushort_as_bfloat16, __hadd, __hsub, __hmul,
 * __hdiv, __hfma, __hneg, __habs, __hmin, __hmax and the comparisons
 * __heq .. __hge overloaded on __nv_bfloat16, __floats2bfloat162_rn,
 * __low2bfloat16, __high2bfloat16, __hadd2/__hmul2/__hfma2 on
 * __nv_bfloat162, and the operators + - * / (unary -, compound forms,
 * comparisons).  Built on cuda_fp16.h's macros: the device side is the
 * .bf16 PTX instructions (cvt.rn.bf16.f32, cvt.f32.bf16, add.bf16,
 * fma.rn.bf16, ...; clang 14 has no bf16 type for nvptx), the host side
 * ptx_half.c's functions on the bits, so a host reference is bit-identical.
 * Comparisons go through float (exact for every bfloat16), __hdiv divides
 * in f32 and rounds once (correctly rounded: 24 >= 2 * 8 + 2 bits).
 */
#ifndef WARPHW_CUDA_BF16_H
#define WARPHW_CUDA_BF16_H

#include "cuda_fp16.h"

WARPHW_H16_TYPES(__nv_bfloat16, __nv_bfloat16_raw, __nv_bfloat162)

#ifdef __CUDA_ARCH__
WARPHW_H_CVT_F(__nv_bfloat16, "bf16", __float2bfloat16_rn, "rn")
WARPHW_H_CVT_F(__nv_bfloat16, "bf16", __float2bfloat16_rz, "rz")
WARPHW_H_TOF(__nv_bfloat16, "bf16", __bfloat162float)
WARPHW_H16_BASIC(__nv_bfloat16, "bf16")
#else
WARPHW_H_CVT_F(__nv_bfloat16, PTX_H_BF16, __float2bfloat16_rn, PTX_H_RN)
WARPHW_H_CVT_F(__nv_bfloat16, PTX_H_BF16, __float2bfloat16_rz, PTX_H_RZ)
WARPHW_H_TOF(__nv_bfloat16, PTX_H_BF16, __bfloat162float)
WARPHW_H16_BASIC(__nv_bfloat16, PTX_H_BF16)
#endif

static WARPHW_H16 __nv_bfloat16 __float2bfloat16(float f) { return __float2bfloat16_rn(f); }
WARPHW_H16 __nv_bfloat16::__nv_bfloat16(float f) : __x(__float2bfloat16_rn(f).__x) {}
WARPHW_H16 __nv_bfloat16::operator float() const { return __bfloat162float(*this); }
static WARPHW_H16 __nv_bfloat16 __double2bfloat16(double d) { return __float2bfloat16_rn((float)d); }
static WARPHW_H16 unsigned short __bfloat16_as_ushort(__nv_bfloat16 h) { return h.__x; }
static WARPHW_H16 __nv_bfloat16 __ushort_as_bfloat16(unsigned short u) { return warphw_hbits<__nv_bfloat16>(u); }
static WARPHW_H16 __nv_bfloat16 __hdiv(__nv_bfloat16 a, __nv_bfloat16 b)
{
    return __float2bfloat16_rn(__bfloat162float(a) / __bfloat162float(b));
}
static WARPHW_H16 bool __heq(__nv_bfloat16 a, __nv_bfloat16 b) { return __bfloat162float(a) == __bfloat162float(b); }
static WARPHW_H16 bool __hne(__nv_bfloat16 a, __nv_bfloat16 b)
{
    float x = __bfloat162float(a), y = __bfloat162float(b);
    return x == x && y == y && x != y;
}
static WARPHW_H16 bool __hlt(__nv_bfloat16 a, __nv_bfloat16 b) { return __bfloat162float(a) < __bfloat162float(b); }
static WARPHW_H16 bool __hle(__nv_bfloat16 a, __nv_bfloat16 b) { return __bfloat162float(a) <= __bfloat162float(b); }
static WARPHW_H16 bool __hgt(__nv_bfloat16 a, __nv_bfloat16 b) { return __bfloat162float(a) > __bfloat162float(b); }
static WARPHW_H16 bool __hge(__nv_bfloat16 a, __nv_bfloat16 b) { return __bfloat162float(a) >= __bfloat162float(b); }
static WARPHW_H16 bool __hisnan(__nv_bfloat16 a) { return (a.__x & 0x7f80u) == 0x7f80u && (a.__x & 0x7fu); }
static WARPHW_H16 __nv_bfloat162 __floats2bfloat162_rn(float lo, float hi)
{
    return __nv_bfloat162(__float2bfloat16_rn(lo), __float2bfloat16_rn(hi));
}
static WARPHW_H16 __nv_bfloat16 __low2bfloat16(__nv_bfloat162 v) { return v.x; }
static WARPHW_H16 __nv_bfloat16 __high2bfloat16(__nv_bfloat162 v) { return v.y; }
static WARPHW_H16 __nv_bfloat162 __hadd2(__nv_bfloat162 a, __nv_bfloat162 b)
{
    return __nv_bfloat162(__hadd(a.x, b.x), __hadd(a.y, b.y));
}
static WARPHW_H16 __nv_bfloat162 __hmul2(__nv_bfloat162 a, __nv_bfloat162 b)
{
    return __nv_bfloat162(__hmul(a.x, b.x), __hmul(a.y, b.y));
}
static WARPHW_H16 __nv_bfloat162 __hfma2(__nv_bfloat162 a, __nv_bfloat162 b, __nv_bfloat162 c)
{
    return __nv_bfloat162(__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y));
}

static WARPHW_H16 __nv_bfloat16 operator+(__nv_bfloat16 a, __nv_bfloat16 b) { return __hadd(a, b); }
static WARPHW_H16 __nv_bfloat16 operator-(__nv_bfloat16 a, __nv_bfloat16 b) { return __hsub(a, b); }
static WARPHW_H16 __nv_bfloat16 operator*(__nv_bfloat16 a, __nv_bfloat16 b) { return __hmul(a, b); }
static WARPHW_H16 __nv_bfloat16 operator/(__nv_bfloat16 a, __nv_bfloat16 b) { return __hdiv(a, b); }
static WARPHW_H16 __nv_bfloat16 operator-(__nv_bfloat16 a) { return __hneg(a); }
static WARPHW_H16 __nv_bfloat16 &operator+=(__nv_bfloat16 &a, __nv_bfloat16 b) { return a = __hadd(a, b); }
static WARPHW_H16 __nv_bfloat16 &operator*=(__nv_bfloat16 &a, __nv_bfloat16 b) { return a = __hmul(a, b); }
static WARPHW_H16 bool operator<(__nv_bfloat16 a, __nv_bfloat16 b) { return __hlt(a, b); }
static WARPHW_H16 bool operator>(__nv_bfloat16 a, __nv_bfloat16 b) { return __hgt(a, b); }
static WARPHW_H16 bool operator==(__nv_bfloat16 a, __nv_bfloat16 b) { return __heq(a, b); }

#endif
