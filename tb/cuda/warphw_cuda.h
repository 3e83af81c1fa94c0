/* SPDX-License-Identifier: Apache-2.0 */
/*
 * warphw_cuda.h -- the small CUDA header of the project (issue 25): what a
 * kernel needs to compile with Debian's clang and no NVIDIA software,
 *
 *   clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_70 -nocudainc -nocudalib
 *         -O2 -S -ffp-contract=off -Itb/cuda/include -include tb/cuda/warphw_cuda.h -o k.ptx k.cu
 *
 * and, compiled for the host (any C++ compiler, __CUDA_ARCH__ undefined),
 * the same kernel source as ordinary C++ run by tb/cuda/host_rt.c: every
 * CTA's threads as coroutines, one after another between barriers, like
 * the reference (tb/simt/ref.h).  That gives each kernel a host reference
 * computed from its own source.
 *
 * The header is this file and its parts, included below in this order (a
 * part uses what the ones before it define; each part's own comment lists
 * what it provides):
 *   warphw_base.h     qualifiers, thread indices, barriers, fences, the
 *                     device's C library declarations; on the host, the
 *                     runtime's interface and the call of a kernel
 *   warphw_atomic.h   atomicAdd, atomicCAS, ... on both sides
 *   warphw_libm.h     the float built-ins (sqrtf, expf, ...), warphw_math.h
 *                     (what only libdevice has), min/max, abs
 *   warphw_intrin.h   integer and conversion intrinsics (__popc,
 *                     __byte_perm, __float2int_rn, ...), __ldg, bit casts
 *   warphw_warp.h     warp intrinsics (__shfl_sync, __ballot_sync, ...;
 *                     device only)
 *   warphw_vector.h   the vector types (float4, int2, ...), make_ functions
 *   warphw_round.h    rounding-mode intrinsics and type casts (__fadd_rz,
 *                     __ll2float_rd, ...), __dp4a, __dp2a
 *   warphw_mathapi.h  the rest of the CUDA Math API (sinpi, erfinvf,
 *                     norm3df, cyl_bessel_i0, __fns, ...)
 * and, at the end of this file, the C names of the math functions as
 * macros (sqrtf(x) is warphw_sqrtf(x)) with their std:: forms: last, so
 * that they rewrite nothing in the parts.
 *
 * The PTX semantics evaluate .approx through the C library (ptx_exec.c),
 * and the host side computes the same expressions with the same library,
 * so a kernel's host reference matches bit for bit.
 *
 * Floating-point contraction: under clang's CUDA default (-ffp-contract=
 * fast) the NVPTX back end fuses every a*b+c it sees into fma.rn, whatever
 * `#pragma clang fp contract` says, and no host compiler makes the same
 * choices.  `make kernels` and --cuda therefore add -ffp-contract=off to
 * the command above: a*b+c is a multiply and an add, as on the host, and a
 * kernel writes fmaf() where it wants the fused operation (one rounding on
 * both sides).  PTX given with --ptx runs as it is, fma.rn included.
 */
#ifndef WARPHW_CUDA_H
#define WARPHW_CUDA_H

/* The C library headers CUDA code includes, on both sides before any macro
 * below: a kernel's own later #include <math.h>, <cmath>, <stdio.h>, ...
 * finds them already included (their include guards), so the macros below
 * (sqrtf, expf, ...) never meet the library's declarations, and <cmath>'s
 * #undefs cannot remove them.  (tb/cuda/include/ maps <cuda_runtime.h> and
 * kin here: launch.c and the Makefile pass it with -I.) */
#include <assert.h>
#include <fenv.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmath>
#include <cstdio>
#include <cstdlib>

typedef unsigned long long warphw_ull; /* the 64-bit atomics (warphw_atomic.h) */

/* the parts (above: which is which) */
#include "warphw_base.h"
#include "warphw_atomic.h"
#include "warphw_libm.h"
#include "warphw_intrin.h"
#include "warphw_warp.h"
#include "warphw_vector.h"
#include "warphw_round.h"
#include "warphw_mathapi.h"

/* CUDA code also calls the math functions qualified (std::sqrt(x)): the
 * macros below make that std::warphw_sqrt(x), which these name; and the
 * device's abs (warphw_libm.h) joins std::abs */
namespace std {
using ::warphw_acos;
using ::warphw_acosf;
using ::warphw_asin;
using ::warphw_asinf;
using ::warphw_atan;
using ::warphw_atan2;
using ::warphw_atan2f;
using ::warphw_atanf;
using ::warphw_cbrtf;
using ::warphw_ceil;
using ::warphw_ceilf;
using ::warphw_copysignf;
using ::warphw_cos;
using ::warphw_cosf;
using ::warphw_coshf;
using ::warphw_erff;
using ::warphw_exp;
using ::warphw_exp2;
using ::warphw_exp2f;
using ::warphw_expm1f;
using ::warphw_fabs;
using ::warphw_fabsf;
using ::warphw_fast_powf;
using ::warphw_fdividef;
using ::warphw_floor;
using ::warphw_floorf;
using ::warphw_fma;
using ::warphw_fmaf;
using ::warphw_fmax;
using ::warphw_fmaxf;
using ::warphw_fmin;
using ::warphw_fminf;
using ::warphw_fmodf;
using ::warphw_frexpf;
using ::warphw_frsqrt_rn;
using ::warphw_hypotf;
using ::warphw_ldexpf;
using ::warphw_log;
using ::warphw_log10;
using ::warphw_log1pf;
using ::warphw_log2;
using ::warphw_log2f;
using ::warphw_pow;
using ::warphw_powf;
using ::warphw_rint;
using ::warphw_rintf;
using ::warphw_round;
using ::warphw_roundf;
using ::warphw_rsqrtf;
using ::warphw_sin;
using ::warphw_sincos;
using ::warphw_sincosf;
using ::warphw_sinf;
using ::warphw_sinhf;
using ::warphw_sqrt;
using ::warphw_sqrtf;
using ::warphw_tan;
using ::warphw_tanhf;
using ::warphw_trunc;
using ::warphw_truncf;
#ifdef __CUDA_ARCH__
using ::abs;
using ::labs;
using ::llabs;
#endif
}

#define sqrtf(x) warphw_sqrtf(x)
#define rsqrtf(x) warphw_rsqrtf(x)
#define fabsf(x) warphw_fabsf(x)
#define fminf(a, b) warphw_fminf(a, b)
#define fmaxf(a, b) warphw_fmaxf(a, b)
#define floorf(x) warphw_floorf(x)
#define ceilf(x) warphw_ceilf(x)
#define truncf(x) warphw_truncf(x)
#define fmaf(a, b, c) warphw_fmaf(a, b, c)
#define copysignf(a, b) warphw_copysignf(a, b)
#define exp2f(x) warphw_exp2f(x)
#define log2f(x) warphw_log2f(x)
#define expf(x) warphw_exp2f((x) * 1.44269504f)
#define logf(x) (warphw_log2f(x) * 0.693147181f)
#define exp10f(x) warphw_exp2f((x) * 3.32192809f)
#define log10f(x) (warphw_log2f(x) * 0.301029996f)
#define __exp10f(x) exp10f(x)
#define __log10f(x) log10f(x)
#define __log2f(x) log2f(x)
#define sinf(x) warphw_sinf(x)
#define cosf(x) warphw_cosf(x)
#define __expf(x) expf(x)
#define __logf(x) logf(x)
#define __sinf(x) sinf(x)
#define __cosf(x) cosf(x)
#define __fdividef(a, b) warphw_fdividef(a, b)
#define fdividef(a, b) warphw_fdividef(a, b)
#define roundf(x) warphw_roundf(x)
#define rintf(x) warphw_rintf(x)
#define nearbyintf(x) warphw_rintf(x)
#define trunc(x) warphw_trunc(x)
#define round(x) warphw_round(x)
#define rint(x) warphw_rint(x)
#define nearbyint(x) warphw_rint(x)
#define sqrt(x) warphw_sqrt(x)
#define fabs(x) warphw_fabs(x)
#define fmin(a, b) warphw_fmin(a, b)
#define fmax(a, b) warphw_fmax(a, b)
#define floor(x) warphw_floor(x)
#define ceil(x) warphw_ceil(x)
#define fma(a, b, c) warphw_fma(a, b, c)
#define powf(x, y) warphw_powf(x, y)
#define __powf(x, y) warphw_fast_powf(x, y)
#define fmodf(x, y) warphw_fmodf(x, y)
#define ldexpf(x, n) warphw_ldexpf(x, n)
#define frexpf(x, e) warphw_frexpf(x, e)
#define expm1f(x) warphw_expm1f(x)
#define log1pf(x) warphw_log1pf(x)
#define sinhf(x) warphw_sinhf(x)
#define coshf(x) warphw_coshf(x)
#define tanhf(x) warphw_tanhf(x)
#define erff(x) warphw_erff(x)
#define atanf(x) warphw_atanf(x)
#define atan2f(y, x) warphw_atan2f(y, x)
#define asinf(x) warphw_asinf(x)
#define acosf(x) warphw_acosf(x)
#define cbrtf(x) warphw_cbrtf(x)
#define hypotf(x, y) warphw_hypotf(x, y)
#define tanf(x) (warphw_sinf(x) / warphw_cosf(x))
#define sincosf(x, s, c) warphw_sincosf(x, s, c)
#define __sincosf(x, s, c) warphw_sincosf(x, s, c)
#define __fmaf_rn(a, b, c) warphw_fmaf(a, b, c)
#define __tanf(x) tanf(x)
#define __frsqrt_rn(x) warphw_frsqrt_rn(x)
#define exp(x) warphw_exp(x)
#define log(x) warphw_log(x)
#define pow(x, y) warphw_pow(x, y)
#define exp2(x) warphw_exp2(x)
#define log2(x) warphw_log2(x)
#define log10(x) warphw_log10(x)
#define sin(x) warphw_sin(x)
#define cos(x) warphw_cos(x)
#define tan(x) warphw_tan(x)
#define sincos(x, s, c) warphw_sincos(x, s, c)
#define atan(x) warphw_atan(x)
#define atan2(y, x) warphw_atan2(y, x)
#define asin(x) warphw_asin(x)
#define acos(x) warphw_acos(x)

/* the SIMD intrinsics (__vadd2, __vabsdiff4, __vcmpgtu2, ...): tb/cuda/include/warphw_simd.h */
#include "include/warphw_simd.h"
/* clock, clock64, __nanosleep, ...: tb/cuda/include/warphw_extra.h */
#include "include/warphw_extra.h"

#endif
