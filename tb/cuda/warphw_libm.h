/* SPDX-License-Identifier: Apache-2.0 */
/*
 * warphw_libm.h -- part of tb/cuda/warphw_cuda.h (issue 25, sections 1 and
 * 2: the usual float built-ins, .approx as the C library's result): the C
 * math library's functions as a kernel gets them.  Included by
 * warphw_cuda.h only.
 *
 * Each function is written once, as warphw_NAME with the device's
 * expression (a clang built-in, an .approx instruction) and the host's
 * (the C library the PTX semantics use, tb/simt/ptx_exec.c), so a kernel's
 * host reference matches the device bit for bit; the C names (sqrtf,
 * expf, pow, ...) are macros at the end of warphw_cuda.h.  Here: sqrtf,
 * rsqrtf, fabsf, fminf, fmaxf, floorf, ceilf, truncf, fmaf, copysignf,
 * exp2f, log2f, sinf, cosf, __fdividef, roundf, rintf, and trunc, round,
 * rint, sqrt, fabs, fmin, fmax, floor, ceil, fma on double (min and max
 * order -0 below +0, as PTX does); then warphw_math.h, what only libdevice
 * has (powf, fmodf, expm1f, erff, atan2f, ..., exp, log, pow on double;
 * errors in docs/ptx.md); sincosf; min/max overloaded as CUDA's math
 * headers do (every integer width, signed with unsigned as unsigned,
 * float, double) and, on the device, abs, labs, llabs.
 *
 * The transcendental functions are the GPU's fast forms (ex2/lg2/sin/cos
 * .approx; expf(x) = ex2(x * log2 e), logf(x) = lg2(x) * ln 2; log10f and
 * exp10f alike), as with nvcc -use_fast_math, not libdevice's accurate
 * ones (-nocudalib has none).
 */
#ifndef WARPHW_CUDA_H
#error "warphw_libm.h is a part of warphw_cuda.h: include that"
#endif

#ifdef __CUDA_ARCH__
#define WARPHW_MATH(ret, name, params, dev, host) \
    WARPHW_DEV ret name params { return dev; }
#else
/* the same expressions the device side compiles to, through the C library
 * the PTX semantics use for .approx; min/max order -0 below +0 as PTX does */
#define WARPHW_MATH(ret, name, params, dev, host) \
    WARPHW_DEV ret name params { return host; }
template <class T> static inline T warphw_minmax(T a, T b, int mx)
{
    if (a == 0 && b == 0) return (signbit(a) != 0) == (mx != 0) ? b : a;
    return mx ? fmax(a, b) : fmin(a, b);
}
#endif

/* the float built-ins: the device's expression, the host's */
WARPHW_MATH(float, warphw_sqrtf, (float x), __builtin_sqrtf(x), sqrtf(x))
WARPHW_MATH(float, warphw_rsqrtf, (float x), __nvvm_rsqrt_approx_f(x), 1.0f / sqrtf(x))
WARPHW_MATH(float, warphw_fabsf, (float x), __builtin_fabsf(x), fabsf(x))
WARPHW_MATH(float, warphw_fminf, (float a, float b), __builtin_fminf(a, b), warphw_minmax(a, b, 0))
WARPHW_MATH(float, warphw_fmaxf, (float a, float b), __builtin_fmaxf(a, b), warphw_minmax(a, b, 1))
WARPHW_MATH(float, warphw_floorf, (float x), __builtin_floorf(x), floorf(x))
WARPHW_MATH(float, warphw_ceilf, (float x), __builtin_ceilf(x), ceilf(x))
WARPHW_MATH(float, warphw_truncf, (float x), __builtin_truncf(x), truncf(x))
WARPHW_MATH(float, warphw_fmaf, (float a, float b, float c), __builtin_fmaf(a, b, c), fmaf(a, b, c))
WARPHW_MATH(float, warphw_copysignf, (float a, float b), __builtin_copysignf(a, b), copysignf(a, b))
WARPHW_MATH(float, warphw_exp2f, (float x), __nvvm_ex2_approx_f(x), exp2f(x))
WARPHW_MATH(float, warphw_log2f, (float x), __nvvm_lg2_approx_f(x), log2f(x))
WARPHW_MATH(float, warphw_sinf, (float x), __nvvm_sin_approx_f(x), sinf(x))
WARPHW_MATH(float, warphw_cosf, (float x), __nvvm_cos_approx_f(x), cosf(x))
WARPHW_MATH(float, warphw_fdividef, (float a, float b), __nvvm_div_approx_f(a, b), a / b)
WARPHW_MATH(float, warphw_roundf, (float x), __builtin_roundf(x), roundf(x))
WARPHW_MATH(float, warphw_rintf, (float x), __builtin_rintf(x), rintf(x))
WARPHW_MATH(double, warphw_trunc, (double x), __builtin_trunc(x), trunc(x))
WARPHW_MATH(double, warphw_round, (double x), __builtin_round(x), round(x))
WARPHW_MATH(double, warphw_rint, (double x), __builtin_rint(x), rint(x))
WARPHW_MATH(double, warphw_sqrt, (double x), __builtin_sqrt(x), sqrt(x))
WARPHW_MATH(double, warphw_fabs, (double x), __builtin_fabs(x), fabs(x))
WARPHW_MATH(double, warphw_fmin, (double a, double b), __builtin_fmin(a, b), warphw_minmax(a, b, 0))
WARPHW_MATH(double, warphw_fmax, (double a, double b), __builtin_fmax(a, b), warphw_minmax(a, b, 1))
WARPHW_MATH(double, warphw_floor, (double x), __builtin_floor(x), floor(x))
WARPHW_MATH(double, warphw_ceil, (double x), __builtin_ceil(x), ceil(x))
WARPHW_MATH(double, warphw_fma, (double a, double b, double c), __builtin_fma(a, b, c), fma(a, b, c))
#undef WARPHW_MATH
/* what libdevice would give: one source for both sides (tb/cuda/warphw_math.h) */
#include "warphw_math.h"
/* sincosf, __sincosf: the fast sinf and cosf */
WARPHW_DEV void warphw_sincosf(float x, float *s, float *c)
{
    *s = warphw_sinf(x);
    *c = warphw_cosf(x);
}
/* min/max as CUDA's math headers overload them: each integer width, a
 * signed and an unsigned operand of one width compared as unsigned, and
 * float/double as fminf/fmaxf/fmin/fmax */
#define WARPHW_MINMAX(R, A, B)                                                  \
    WARPHW_DEV R min(A a, B b) { return (R)a < (R)b ? (R)a : (R)b; }            \
    WARPHW_DEV R max(A a, B b) { return (R)a > (R)b ? (R)a : (R)b; }
WARPHW_MINMAX(int, int, int)
WARPHW_MINMAX(unsigned, unsigned, unsigned)
WARPHW_MINMAX(unsigned, int, unsigned)
WARPHW_MINMAX(unsigned, unsigned, int)
WARPHW_MINMAX(long, long, long)
WARPHW_MINMAX(unsigned long, unsigned long, unsigned long)
WARPHW_MINMAX(long long, long long, long long)
WARPHW_MINMAX(unsigned long long, unsigned long long, unsigned long long)
WARPHW_MINMAX(unsigned long long, long long, unsigned long long)
WARPHW_MINMAX(unsigned long long, unsigned long long, long long)
#undef WARPHW_MINMAX
WARPHW_DEV float min(float a, float b) { return warphw_fminf(a, b); }
WARPHW_DEV float max(float a, float b) { return warphw_fmaxf(a, b); }
WARPHW_DEV double min(double a, double b) { return warphw_fmin(a, b); }
WARPHW_DEV double max(double a, double b) { return warphw_fmax(a, b); }
#ifdef __CUDA_ARCH__
/* abs, labs, llabs (the host has the C library's) */
WARPHW_DEV int abs(int x) { return x < 0 ? (int)(0u - (unsigned)x) : x; }
WARPHW_DEV long labs(long x) { return x < 0 ? (long)(0ul - (unsigned long)x) : x; }
WARPHW_DEV long long llabs(long long x) { return x < 0 ? (long long)(0ull - (unsigned long long)x) : x; }
#endif
