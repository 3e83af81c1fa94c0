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
 * Provides: __global__, __device__, __host__, __shared__, __constant__,
 * __forceinline__, __noinline__, __restrict__; dim3/uint3; threadIdx, blockIdx, blockDim,
 * gridDim (read through __nvvm_read_ptx_sreg_*); __syncthreads; atomicAdd
 * (int, unsigned, unsigned long long, float, double), atomicSub, atomicMin,
 * atomicMax, atomicAnd, atomicOr, atomicXor, atomicExch, atomicCAS,
 * atomicInc, atomicDec (through clang's __nvvm_atom_* built-ins; atomicCAS,
 * atomicExch, atomicMin/Max and atomicAnd/Or/Xor on 64-bit operands too); the float
 * built-ins sqrtf, rsqrtf, fabsf, fminf, fmaxf, floorf, ceilf, truncf,
 * fmaf, copysignf, expf, exp2f, logf, log2f, sinf, cosf, __expf, __logf,
 * __sinf, __cosf, __fdividef, and sqrt, fabs, fmin, fmax, floor, ceil, fma
 * for double; min/max overloaded as CUDA's headers do (every integer
 * width, signed with unsigned as unsigned, float, double), abs, labs,
 * llabs; the vector types char, uchar, short, ushort, int, float,
 * longlong, ulonglong, double (1 to 4 members, CUDA's sizes and
 * alignments), uint1/2/4, and their make_ functions; WARPHW_DYNAMIC_SHARED(T, name)
 * for the `extern __shared__ T name[]` array (the launch's shared_dynamic;
 * in a function or at file scope);
 * the bit casts __int_as_float, __uint_as_float, __float_as_int,
 * __float_as_uint, __longlong_as_double, __double_as_longlong; __popc,
 * __popcll, __clz, __clzll, __ffs, __ffsll, __brev, __brevll, __byte_perm,
 * __funnelshift_l/_lc/_r/_rc, __hadd, __rhadd, __uhadd, __urhadd, __sad,
 * __usad, __umulhi, __mulhi, __umul64hi,
 * __mul64hi, __saturatef,
 * __float2int_rn, __float2int_rz, __int2float_rn, __ldg (a plain load);
 * __float2int_rd/_ru, __float2uint_rn/_rz, __uint2float_rn,
 * __double2int_rn/_rz; __fadd_rn __fsub_rn __fmul_rn __fdiv_rn __frcp_rn
 * __fsqrt_rn __dadd_rn __dmul_rn; __mul24, __umul24; roundf, rintf,
 * nearbyintf, trunc, round, rint, nearbyint; log10f, exp10f (fast forms,
 * like logf); isnan, isinf, isfinite, signbit (device; the host's C
 * library); warpSize (32); __threadfence, __threadfence_block,
 * __threadfence_system (membar; nothing on the host, where threads take
 * turns);
 * __launch_bounds__ (.maxntid on the device, nothing on the host);
 * __syncthreads_count/_and/_or (bar.red on the device; on the host the
 * barrier of tb/cuda/host_rt.c counting the arriving threads' predicates).
 * Device side only (a host reference of a kernel using them is plain C
 * under #ifndef __CUDA_ARCH__: threads taking turns cannot run them), the
 * warp intrinsics, run by the front end at a warp size of 32: __syncwarp
 * (bar.warp.sync), __ballot_sync, __any_sync, __all_sync (vote.sync),
 * __activemask (activemask), __shfl_sync, __shfl_up/down/xor_sync
 * (shfl.sync, the width argument as CUDA's), __reduce_add/min/max_sync
 * (int and unsigned) and __reduce_and/or/xor_sync (redux.sync, sm_80's),
 * __match_any_sync and __match_all_sync (match.sync; int, unsigned, long,
 * long long, their unsigned forms, float, double).
 * The CUDA Math API's rounding-mode intrinsics and type casts (exact, with
 * the rounding named, on both sides): __fadd/__fsub/__fmul/__fdiv_rz/_ru/_rd,
 * __frcp_ and __fsqrt_rz/_ru/_rd, __fmaf_rz/_ru/_rd, __dadd/__dmul_rz/_ru/_rd,
 * __dsub/__ddiv/__drcp/__dsqrt/__fma_rn/_rz/_ru/_rd, __int2float and
 * __uint2float_rz/_ru/_rd, __ll2float/__ull2float/__double2float/
 * __ll2double/__ull2double_rn/_rz/_ru/_rd, __float2uint_ru/_rd,
 * __float2ll/__float2ull/__double2uint/__double2ll/__double2ull_rn/_rz/_ru/
 * _rd, __double2int_ru/_rd, __int2double_rn, __uint2double_rn,
 * __double2hiint, __double2loint, __hiloint2double; __dp4a (int, unsigned,
 * char4, uchar4), __dp2a_lo/_hi; and sinpi, cospi, sincospi (float and
 * double), norm3df, rnorm3df, rhypotf, rcbrtf, erfinvf, erfcinvf, normcdff,
 * normcdfinvf, erfcxf, j0/j1/y0/y1/jn/yn and their float forms (the C
 * library's).
 *
 * The transcendental functions are the GPU's fast forms (ex2/lg2/sin/cos
 * .approx; expf(x) = ex2(x * log2 e), logf(x) = lg2(x) * ln 2), as with
 * nvcc -use_fast_math, not libdevice's accurate ones (-nocudalib has none).
 * What only libdevice has is written here from the functions' definitions
 * (warphw_math.h, one source for both sides; errors in docs/ptx.md):
 * powf and __powf (the fast form, powf with C99's special cases), fmodf,
 * ldexpf, frexpf (exact), expm1f, log1pf, sinhf, coshf, tanhf, erff,
 * atanf, atan2f, asinf, acosf, cbrtf, hypotf, __frsqrt_rn (in double,
 * rounded once), tanf and __tanf (sinf / cosf), sincosf and __sincosf
 * (the fast sinf, cosf), __fmaf_rn (fmaf), and exp, log, pow, exp2, log2,
 * log10, sin, cos, tan, sincos, atan, atan2, asin, acos on double (these
 * are macros, as C's: a float argument is converted to double, where CUDA's
 * C++ overloads would take the float function).
 * The PTX semantics evaluate .approx through the C library (ptx_exec.c),
 * and the host side here computes the same expressions with the same
 * library, so a kernel's host reference matches bit for bit.
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

typedef unsigned long long warphw_ull; /* the 64-bit atomics below */
#ifdef __CUDA_ARCH__ /* ------------------------------------------- device */

#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define WARPHW_DEV static __device__ __inline__ __attribute__((always_inline))
#define WARPHW_TABLE static __constant__ const /* warphw_math.h's tables */

/* The C library on the device: what the host declares, declared again as
 * device functions (clang overloads on __host__/__device__), so that a
 * kernel may call it.  Each call stays a call of the extern function in
 * the PTX, which the PTX front end runs with the host C library's result
 * (tb/simt/ptx_lib.c): printf (clang lowers it to vprintf), assert's
 * __assert_fail (CUDA's __assertfail), and the math functions of C99 --
 * where the macros below name one (sqrtf, expf, exp, pow, ...), the macro's
 * device expression is what a kernel gets. */
extern "C" {
__device__ int printf(const char *, ...);
__device__ void __assertfail(const char *msg, const char *file, unsigned line, const char *fn, size_t charsize);
#define WARPHW_LIBM1(X)                                                                           \
    X(exp) X(exp2) X(exp10) X(expm1) X(log) X(log2) X(log10) X(log1p) X(sqrt) X(cbrt) X(sin) X(cos) \
    X(tan) X(asin) X(acos) X(atan) X(sinh) X(cosh) X(tanh) X(asinh) X(acosh) X(atanh) X(erf)      \
    X(erfc) X(tgamma) X(lgamma) X(fabs) X(floor) X(ceil) X(trunc) X(round) X(rint) X(nearbyint)   \
    X(logb)
#define WARPHW_LIBM2(X) \
    X(pow) X(hypot) X(atan2) X(fmod) X(remainder) X(fmin) X(fmax) X(fdim) X(copysign) X(nextafter)
#define WARPHW_LIBMX(X)                                                                           \
    X(fma) X(ldexp) X(scalbn) X(ilogb) X(lrint) X(lround) X(llrint) X(llround) X(frexp) X(modf)   \
    X(remquo) X(sincos)
#define WARPHW_DECL1(n) __device__ float n##f(float); __device__ double n(double);
#define WARPHW_DECL2(n) __device__ float n##f(float, float); __device__ double n(double, double);
WARPHW_LIBM1(WARPHW_DECL1)
WARPHW_LIBM2(WARPHW_DECL2)
#undef WARPHW_DECL1
#undef WARPHW_DECL2
__device__ float fmaf(float, float, float);
__device__ double fma(double, double, double);
__device__ float ldexpf(float, int);
__device__ double ldexp(double, int);
__device__ float scalbnf(float, int);
__device__ double scalbn(double, int);
__device__ int ilogbf(float);
__device__ int ilogb(double);
__device__ long lrintf(float);
__device__ long lrint(double);
__device__ long lroundf(float);
__device__ long lround(double);
__device__ long long llrintf(float);
__device__ long long llrint(double);
__device__ long long llroundf(float);
__device__ long long llround(double);
__device__ float frexpf(float, int *);
__device__ double frexp(double, int *);
__device__ float modff(float, float *);
__device__ double modf(double, double *);
__device__ float remquof(float, float, int *);
__device__ double remquo(double, double, int *);
__device__ void sincosf(float, float *, float *);
__device__ void sincos(double, double *, double *);
/* the Bessel functions (glibc's, as the host's) */
__device__ float j0f(float);
__device__ float j1f(float);
__device__ float y0f(float);
__device__ float y1f(float);
__device__ double j0(double);
__device__ double j1(double);
__device__ double y0(double);
__device__ double y1(double);
__device__ float jnf(int, float);
__device__ float ynf(int, float);
__device__ double jn(int, double);
__device__ double yn(int, double);
}
/* and in std (std::erfc(x), ...: <cmath>'s using-declarations came before
 * these; without them the host's and the device's are ambiguous) */
namespace std {
#define WARPHW_USING(n) using ::n; using ::n##f;
WARPHW_LIBM1(WARPHW_USING)
WARPHW_LIBM2(WARPHW_USING)
WARPHW_LIBMX(WARPHW_USING)
#undef WARPHW_USING
}
#undef WARPHW_LIBM1
#undef WARPHW_LIBM2
#undef WARPHW_LIBMX
/* glibc's assert calls __assert_fail: on the device, CUDA's __assertfail */
static __device__ __inline__ void __assert_fail(const char *msg, const char *file, unsigned line, const char *fn)
{
    __assertfail(msg, file, line, fn, sizeof(char));
}

struct uint3 {
    unsigned x, y, z;
};
struct dim3 {
    unsigned x, y, z;
};

#define WARPHW_SREG3(T, r)                                                         \
    (T{(unsigned)__nvvm_read_ptx_sreg_##r##_x(), (unsigned)__nvvm_read_ptx_sreg_##r##_y(), \
       (unsigned)__nvvm_read_ptx_sreg_##r##_z()})
#define threadIdx WARPHW_SREG3(uint3, tid)
#define blockIdx WARPHW_SREG3(uint3, ctaid)
#define blockDim WARPHW_SREG3(dim3, ntid)
#define gridDim WARPHW_SREG3(dim3, nctaid)

#define WARPHW_DYNAMIC_SHARED(T, name) extern __shared__ T name[]
#define warpSize 32
/* __syncthreads orders shared memory, as CUDA's does: clang 14's built-in
 * __syncthreads (llvm.nvvm.barrier0) lets a shared variable whose address
 * is never taken be read above it (llvm-project issue 59632; docs/ptx.md,
 * "A loop on a shared flag"); __nvvm_bar_sync(0) is the same bar.sync 0,
 * and clang keeps shared-memory accesses on their side of it.  The
 * __syncthreads_count/_and/_or built-ins below already keep them. */
#define __syncthreads() __nvvm_bar_sync(0)
/* memory fences: membar.gl, .cta, .sys */
#define __threadfence() __nvvm_membar_gl()
#define __threadfence_block() __nvvm_membar_cta()
#define __threadfence_system() __nvvm_membar_sys()
/* __trap(): PTX's trap, which stops the run with one line naming the thread */
#define __trap() __asm__ __volatile__("trap;")
/* the classification functions (the host has the C library's) */
#define WARPHW_CLASS(name, b) \
    WARPHW_DEV bool name(float x) { return b(x); } \
    WARPHW_DEV bool name(double x) { return b(x); }
WARPHW_CLASS(isnan, __builtin_isnan)
WARPHW_CLASS(isinf, __builtin_isinf)
WARPHW_CLASS(isfinite, __builtin_isfinite)
WARPHW_CLASS(signbit, __builtin_signbit)
#undef WARPHW_CLASS

/* atomics */
WARPHW_DEV int atomicAdd(int *p, int v) { return __nvvm_atom_add_gen_i(p, v); }
WARPHW_DEV unsigned atomicAdd(unsigned *p, unsigned v) { return (unsigned)__nvvm_atom_add_gen_i((int *)p, (int)v); }
WARPHW_DEV unsigned long long atomicAdd(unsigned long long *p, unsigned long long v)
{
    return (unsigned long long)__nvvm_atom_add_gen_ll((long long *)p, (long long)v);
}
WARPHW_DEV float atomicAdd(float *p, float v) { return __nvvm_atom_add_gen_f(p, v); }
WARPHW_DEV double atomicAdd(double *p, double v) { return __nvvm_atom_add_gen_d(p, v); }
WARPHW_DEV int atomicSub(int *p, int v) { return __nvvm_atom_add_gen_i(p, -v); }
WARPHW_DEV unsigned atomicSub(unsigned *p, unsigned v) { return (unsigned)__nvvm_atom_add_gen_i((int *)p, -(int)v); }
WARPHW_DEV int atomicMin(int *p, int v) { return __nvvm_atom_min_gen_i(p, v); }
WARPHW_DEV unsigned atomicMin(unsigned *p, unsigned v) { return __nvvm_atom_min_gen_ui(p, v); }
WARPHW_DEV int atomicMax(int *p, int v) { return __nvvm_atom_max_gen_i(p, v); }
WARPHW_DEV unsigned atomicMax(unsigned *p, unsigned v) { return __nvvm_atom_max_gen_ui(p, v); }
WARPHW_DEV int atomicAnd(int *p, int v) { return __nvvm_atom_and_gen_i(p, v); }
WARPHW_DEV unsigned atomicAnd(unsigned *p, unsigned v) { return (unsigned)__nvvm_atom_and_gen_i((int *)p, (int)v); }
WARPHW_DEV int atomicOr(int *p, int v) { return __nvvm_atom_or_gen_i(p, v); }
WARPHW_DEV unsigned atomicOr(unsigned *p, unsigned v) { return (unsigned)__nvvm_atom_or_gen_i((int *)p, (int)v); }
WARPHW_DEV int atomicXor(int *p, int v) { return __nvvm_atom_xor_gen_i(p, v); }
WARPHW_DEV unsigned atomicXor(unsigned *p, unsigned v) { return (unsigned)__nvvm_atom_xor_gen_i((int *)p, (int)v); }
WARPHW_DEV int atomicExch(int *p, int v) { return __nvvm_atom_xchg_gen_i(p, v); }
WARPHW_DEV unsigned atomicExch(unsigned *p, unsigned v) { return (unsigned)__nvvm_atom_xchg_gen_i((int *)p, (int)v); }
WARPHW_DEV int atomicCAS(int *p, int cmp, int v) { return __nvvm_atom_cas_gen_i(p, cmp, v); }
WARPHW_DEV unsigned atomicCAS(unsigned *p, unsigned cmp, unsigned v)
{
    return (unsigned)__nvvm_atom_cas_gen_i((int *)p, (int)cmp, (int)v);
}
WARPHW_DEV unsigned atomicInc(unsigned *p, unsigned v) { return __nvvm_atom_inc_gen_ui(p, v); }
WARPHW_DEV unsigned atomicDec(unsigned *p, unsigned v) { return __nvvm_atom_dec_gen_ui(p, v); }
/* the 64-bit forms CUDA gives (sm_32/sm_35 on): compare-and-swap and
 * exchange, min/max on long long and unsigned long long, and/or/xor */
WARPHW_DEV warphw_ull atomicCAS(warphw_ull *p, warphw_ull cmp, warphw_ull v)
{
    return (warphw_ull)__nvvm_atom_cas_gen_ll((long long *)p, (long long)cmp, (long long)v);
}
WARPHW_DEV warphw_ull atomicExch(warphw_ull *p, warphw_ull v) { return (warphw_ull)__nvvm_atom_xchg_gen_ll((long long *)p, (long long)v); }
WARPHW_DEV long long atomicMin(long long *p, long long v) { return __nvvm_atom_min_gen_ll(p, v); }
WARPHW_DEV warphw_ull atomicMin(warphw_ull *p, warphw_ull v) { return __nvvm_atom_min_gen_ull(p, v); }
WARPHW_DEV long long atomicMax(long long *p, long long v) { return __nvvm_atom_max_gen_ll(p, v); }
WARPHW_DEV warphw_ull atomicMax(warphw_ull *p, warphw_ull v) { return __nvvm_atom_max_gen_ull(p, v); }
WARPHW_DEV warphw_ull atomicAnd(warphw_ull *p, warphw_ull v) { return (warphw_ull)__nvvm_atom_and_gen_ll((long long *)p, (long long)v); }
WARPHW_DEV warphw_ull atomicOr(warphw_ull *p, warphw_ull v) { return (warphw_ull)__nvvm_atom_or_gen_ll((long long *)p, (long long)v); }
WARPHW_DEV warphw_ull atomicXor(warphw_ull *p, warphw_ull v) { return (warphw_ull)__nvvm_atom_xor_gen_ll((long long *)p, (long long)v); }

#define WARPHW_MATH(ret, name, params, dev, host) \
    WARPHW_DEV ret name params { return dev; }

#else /* -------------------------------------------------------------- host */

#define __global__
#define __device__
#define __host__
#define __shared__ static
#define __constant__
#define __forceinline__ inline
#define __noinline__ __attribute__((noinline))
#define __launch_bounds__(...)
#define WARPHW_DEV static inline

struct uint3 {
    unsigned x, y, z;
};
typedef uint3 dim3;

extern "C" {
extern uint3 warphw_threadIdx, warphw_blockIdx, warphw_blockDim, warphw_gridDim;
extern unsigned char *warphw_mem;       /* global memory (the launch's) */
extern unsigned char *warphw_dyn_shared; /* this CTA's dynamic shared array */
void warphw_syncthreads(void);
int warphw_syncthreads_red(int p, int op); /* 0 count, 1 and, 2 or */
void warphw_param_bytes(unsigned i, void *out, size_t n);
}
static inline int __syncthreads_count(int p) { return warphw_syncthreads_red(p, 0); }
static inline int __syncthreads_and(int p) { return warphw_syncthreads_red(p, 1); }
static inline int __syncthreads_or(int p) { return warphw_syncthreads_red(p, 2); }
#define threadIdx warphw_threadIdx
#define blockIdx warphw_blockIdx
#define blockDim warphw_blockDim
#define gridDim warphw_gridDim
/* the special-register reads clang's CUDA headers are built on, for a
 * kernel written with its own prelude (issue 25's command: __global__ and
 * kin as attributes, indices through __nvvm_read_ptx_sreg_*) and compiled
 * for the host with this header (tb/kernels/cuda/realworld4/own_*.cu); int,
 * as clang declares them */
#define WARPHW_SREG(r, v)                                                     \
    static inline int __nvvm_read_ptx_sreg_##r##_x(void) { return (int)v.x; } \
    static inline int __nvvm_read_ptx_sreg_##r##_y(void) { return (int)v.y; } \
    static inline int __nvvm_read_ptx_sreg_##r##_z(void) { return (int)v.z; }
WARPHW_SREG(tid, warphw_threadIdx)
WARPHW_SREG(ctaid, warphw_blockIdx)
WARPHW_SREG(ntid, warphw_blockDim)
WARPHW_SREG(nctaid, warphw_gridDim)
#define __syncthreads() warphw_syncthreads()
/* clang's barrier and fence built-ins, which such a kernel calls for
 * __syncthreads and fences (realworld6/own_sobol; the atomic built-ins
 * after the atomics below) */
static inline void __nvvm_bar_sync(int n) { (void)n, warphw_syncthreads(); }
static inline int __nvvm_bar0_popc(int p) { return warphw_syncthreads_red(p, 0); }
static inline int __nvvm_bar0_and(int p) { return warphw_syncthreads_red(p, 1); }
static inline int __nvvm_bar0_or(int p) { return warphw_syncthreads_red(p, 2); }
static inline void __nvvm_membar_cta(void) {}
static inline void __nvvm_membar_gl(void) {}
static inline void __nvvm_membar_sys(void) {}
/* the dynamic shared array, declared in a function or at file scope (as
 * CUDA code usually does): an object that reads the CTA's array when used,
 * not when declared (at file scope that would be before the launch) */
template <typename T> struct warphw_dyn {
    T &operator[](ptrdiff_t i) const { return ((T *)warphw_dyn_shared)[i]; }
    operator T *() const { return (T *)warphw_dyn_shared; }
};
#define WARPHW_DYNAMIC_SHARED(T, name) const warphw_dyn<T> name = {}
#define warpSize 32
#define __threadfence() ((void)0)
#define __threadfence_block() ((void)0)
#define __threadfence_system() ((void)0)
#define __trap() abort() /* the host reference stops too */

/* the threads of a CTA take turns between barriers: a read-modify-write is
 * atomic as it stands */
#define WARPHW_RMW(T, name, expr)                 \
    WARPHW_DEV T name(T *p, T v)                  \
    {                                             \
        T old = *p;                               \
        *p = (expr);                              \
        return old;                               \
    }
WARPHW_RMW(int, atomicAdd, (int)((unsigned)old + (unsigned)v))
WARPHW_RMW(unsigned, atomicAdd, old + v)
WARPHW_RMW(unsigned long long, atomicAdd, old + v)
WARPHW_RMW(float, atomicAdd, old + v)
WARPHW_RMW(double, atomicAdd, old + v)
WARPHW_RMW(int, atomicSub, (int)((unsigned)old - (unsigned)v))
WARPHW_RMW(unsigned, atomicSub, old - v)
WARPHW_RMW(int, atomicMin, old < v ? old : v)
WARPHW_RMW(unsigned, atomicMin, old < v ? old : v)
WARPHW_RMW(int, atomicMax, old > v ? old : v)
WARPHW_RMW(unsigned, atomicMax, old > v ? old : v)
WARPHW_RMW(int, atomicAnd, old & v)
WARPHW_RMW(unsigned, atomicAnd, old & v)
WARPHW_RMW(int, atomicOr, old | v)
WARPHW_RMW(unsigned, atomicOr, old | v)
WARPHW_RMW(int, atomicXor, old ^ v)
WARPHW_RMW(unsigned, atomicXor, old ^ v)
WARPHW_RMW(int, atomicExch, v)
WARPHW_RMW(unsigned, atomicExch, v)
WARPHW_RMW(unsigned, atomicInc, old >= v ? 0u : old + 1u)
WARPHW_RMW(unsigned, atomicDec, (old == 0u || old > v) ? v : old - 1u)
WARPHW_RMW(unsigned long long, atomicExch, v)
WARPHW_RMW(long long, atomicMin, old < v ? old : v)
WARPHW_RMW(unsigned long long, atomicMin, old < v ? old : v)
WARPHW_RMW(long long, atomicMax, old > v ? old : v)
WARPHW_RMW(unsigned long long, atomicMax, old > v ? old : v)
WARPHW_RMW(unsigned long long, atomicAnd, old & v)
WARPHW_RMW(unsigned long long, atomicOr, old | v)
WARPHW_RMW(unsigned long long, atomicXor, old ^ v)
#undef WARPHW_RMW
WARPHW_DEV int atomicCAS(int *p, int cmp, int v)
{
    int old = *p;
    if (old == cmp) *p = v;
    return old;
}
WARPHW_DEV unsigned atomicCAS(unsigned *p, unsigned cmp, unsigned v)
{
    unsigned old = *p;
    if (old == cmp) *p = v;
    return old;
}
WARPHW_DEV unsigned long long atomicCAS(unsigned long long *p, unsigned long long cmp, unsigned long long v)
{
    unsigned long long old = *p;
    if (old == cmp) *p = v;
    return old;
}
/* clang's atomic built-ins, for a kernel with its own prelude
 * (realworld6/own_sobol): the atomics above under clang's names and types */
#define WARPHW_NVVM_ATOM(T, op, U, f) \
    static inline T op(T *p, T v) { return (T)f((U *)p, (U)v); }
WARPHW_NVVM_ATOM(int, __nvvm_atom_add_gen_i, int, atomicAdd)
WARPHW_NVVM_ATOM(long long, __nvvm_atom_add_gen_ll, warphw_ull, atomicAdd)
WARPHW_NVVM_ATOM(float, __nvvm_atom_add_gen_f, float, atomicAdd)
WARPHW_NVVM_ATOM(double, __nvvm_atom_add_gen_d, double, atomicAdd)
WARPHW_NVVM_ATOM(int, __nvvm_atom_min_gen_i, int, atomicMin)
WARPHW_NVVM_ATOM(unsigned, __nvvm_atom_min_gen_ui, unsigned, atomicMin)
WARPHW_NVVM_ATOM(long long, __nvvm_atom_min_gen_ll, long long, atomicMin)
WARPHW_NVVM_ATOM(warphw_ull, __nvvm_atom_min_gen_ull, warphw_ull, atomicMin)
WARPHW_NVVM_ATOM(int, __nvvm_atom_max_gen_i, int, atomicMax)
WARPHW_NVVM_ATOM(unsigned, __nvvm_atom_max_gen_ui, unsigned, atomicMax)
WARPHW_NVVM_ATOM(long long, __nvvm_atom_max_gen_ll, long long, atomicMax)
WARPHW_NVVM_ATOM(warphw_ull, __nvvm_atom_max_gen_ull, warphw_ull, atomicMax)
WARPHW_NVVM_ATOM(int, __nvvm_atom_and_gen_i, int, atomicAnd)
WARPHW_NVVM_ATOM(long long, __nvvm_atom_and_gen_ll, warphw_ull, atomicAnd)
WARPHW_NVVM_ATOM(int, __nvvm_atom_or_gen_i, int, atomicOr)
WARPHW_NVVM_ATOM(long long, __nvvm_atom_or_gen_ll, warphw_ull, atomicOr)
WARPHW_NVVM_ATOM(int, __nvvm_atom_xor_gen_i, int, atomicXor)
WARPHW_NVVM_ATOM(long long, __nvvm_atom_xor_gen_ll, warphw_ull, atomicXor)
WARPHW_NVVM_ATOM(int, __nvvm_atom_xchg_gen_i, int, atomicExch)
WARPHW_NVVM_ATOM(long long, __nvvm_atom_xchg_gen_ll, warphw_ull, atomicExch)
WARPHW_NVVM_ATOM(unsigned, __nvvm_atom_inc_gen_ui, unsigned, atomicInc)
WARPHW_NVVM_ATOM(unsigned, __nvvm_atom_dec_gen_ui, unsigned, atomicDec)
#undef WARPHW_NVVM_ATOM
static inline int __nvvm_atom_cas_gen_i(int *p, int cmp, int v) { return atomicCAS(p, cmp, v); }
static inline long long __nvvm_atom_cas_gen_ll(long long *p, long long cmp, long long v)
{
    return (long long)atomicCAS((warphw_ull *)p, (warphw_ull)cmp, (warphw_ull)v);
}

/* the same expressions the device side compiles to, through the C library
 * the PTX semantics use for .approx; min/max order -0 below +0 as PTX does */
#define WARPHW_MATH(ret, name, params, dev, host) \
    WARPHW_DEV ret name params { return host; }
template <class T> static inline T warphw_minmax(T a, T b, int mx)
{
    if (a == 0 && b == 0) return (signbit(a) != 0) == (mx != 0) ? b : a;
    return mx ? fmax(a, b) : fmin(a, b);
}

/* The host runtime calls the kernel through this: each parameter from the
 * launch file's value, converted to the kernel's own parameter type
 * (pointers: an address in the launch's global memory; structures passed
 * by value: the launch's `param bytes`). */
template <class T> struct warphw_argconv {
    static T get(unsigned i)
    {
        T v;
        warphw_param_bytes(i, &v, sizeof v);
        return v;
    }
};
template <class T> struct warphw_argconv<T *> {
    static T *get(unsigned i)
    {
        uint64_t b;
        warphw_param_bytes(i, &b, sizeof b);
        return (T *)(warphw_mem + b);
    }
};
template <unsigned... I> struct warphw_seq {};
template <unsigned N, unsigned... I> struct warphw_mkseq : warphw_mkseq<N - 1, N - 1, I...> {};
template <unsigned... I> struct warphw_mkseq<0, I...> {
    typedef warphw_seq<I...> type;
};
template <class... A, unsigned... I> static void warphw_call(void (*f)(A...), warphw_seq<I...>)
{
    f(warphw_argconv<A>::get(I)...);
}
template <class... A> static void warphw_invoke(void (*f)(A...))
{
    warphw_call(f, typename warphw_mkseq<sizeof...(A)>::type());
}
/* the kernel's parameter count, checked against the launch file */
template <class... A> static unsigned warphw_nargs(void (*)(A...)) { return sizeof...(A); }

#endif /* host */

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
/* integer and conversion intrinsics: the device's instruction, the
 * host's same result (PTX semantics: clz of 0 is the width, cvt to an
 * integer saturates and takes NaN to 0, .sat takes NaN to +0 and keeps
 * -0, as tb/simt/ptx_exec.c does) */
#ifdef __CUDA_ARCH__
#define WARPHW_INTR(ret, name, params, dev, host) \
    WARPHW_DEV ret name params { return dev; }
/* prmt and shf as nvcc emits them (inline PTX: clang 14 has no built-in) */
WARPHW_DEV unsigned warphw_prmt(unsigned x, unsigned y, unsigned s)
{
    unsigned r;
    asm("prmt.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(s));
    return r;
}
#define WARPHW_SHF(name, op)                                                                      \
    WARPHW_DEV unsigned name(unsigned lo, unsigned hi, unsigned s)                                \
    {                                                                                             \
        unsigned r;                                                                               \
        asm("shf." op ".b32 %0, %1, %2, %3;" : "=r"(r) : "r"(lo), "r"(hi), "r"(s));              \
        return r;                                                                                 \
    }
WARPHW_SHF(warphw_shf_lw, "l.wrap")
WARPHW_SHF(warphw_shf_lc, "l.clamp")
WARPHW_SHF(warphw_shf_rw, "r.wrap")
WARPHW_SHF(warphw_shf_rc, "r.clamp")
#undef WARPHW_SHF
#else
/* __byte_perm: byte n of the result is byte (s >> 4n) & 7 of y:x */
static inline unsigned warphw_prmt(unsigned x, unsigned y, unsigned s)
{
    unsigned long long v = (unsigned long long)y << 32 | x;
    unsigned r = 0;
    for (int n = 0; n < 4; n++) r |= (unsigned)(v >> 8 * (s >> 4 * n & 7) & 0xff) << 8 * n;
    return r;
}
/* the funnel shifts of hi:lo by s (wrap: s mod 32; clamp: at most 32) */
static inline unsigned warphw_shf(unsigned lo, unsigned hi, unsigned s, int left, int clamp)
{
    unsigned long long v = (unsigned long long)hi << 32 | lo;
    s = clamp ? (s < 32 ? s : 32) : s & 31;
    return left ? (unsigned)((v << s) >> 32) : (unsigned)(v >> s);
}
#define warphw_shf_lw(lo, hi, s) warphw_shf(lo, hi, s, 1, 0)
#define warphw_shf_lc(lo, hi, s) warphw_shf(lo, hi, s, 1, 1)
#define warphw_shf_rw(lo, hi, s) warphw_shf(lo, hi, s, 0, 0)
#define warphw_shf_rc(lo, hi, s) warphw_shf(lo, hi, s, 0, 1)
static inline unsigned long long warphw_brevll(unsigned long long x)
{
    unsigned long long r = 0;
    for (int i = 0; i < 64; i++) r |= ((x >> i) & 1ull) << (63 - i);
    return r;
}
#define WARPHW_INTR(ret, name, params, dev, host) \
    WARPHW_DEV ret name params { return host; }
static inline unsigned warphw_brev(unsigned x)
{
    unsigned r = 0;
    for (int i = 0; i < 32; i++) r |= ((x >> i) & 1u) << (31 - i);
    return r;
}
/* a float's integral value r (x rounded) converted to the integer type I as
 * PTX's cvt does: NaN to 0, saturated at the type's range */
template <class I> static inline I warphw_f2n(double x, double r)
{
    const double top = sizeof(I) == 8 ? 18446744073709551616.0 : 4294967296.0;
    const I mx = (I)-1 > 0 ? (I)-1 : (I)(~0ull >> (65 - 8 * sizeof(I)));
    if (x != x) return 0;
    if ((I)-1 > 0) return r <= 0.0 ? 0 : r >= top ? mx : (I)r;
    return r >= top / 2 ? mx : r < -top / 2 ? (I)(-mx - 1) : (I)r;
}
/* one IEEE operation in the rounding mode m, as ptx_exec.c evaluates it:
 * volatile operands keep it between the two fesetround calls.  k: 0 add,
 * 1 sub, 2 mul, 3 div, 4 sqrt (of a), 5 fma */
template <class T> static inline T warphw_rop(int m, int k, T a, T b, T c)
{
    volatile T x = a, y = b, z = c, r;
    int o = fegetround();
    fesetround(m);
    switch (k) {
    case 0: r = x + y; break;
    case 1: r = x - y; break;
    case 2: r = x * y; break;
    case 3: r = x / y; break;
    case 4: r = sizeof(T) == 4 ? (T)__builtin_sqrtf((float)x) : (T)__builtin_sqrt((double)x); break;
    default: r = sizeof(T) == 4 ? (T)__builtin_fmaf((float)x, (float)y, (float)z) : (T)__builtin_fma(x, y, z); break;
    }
    fesetround(o);
    return r;
}
/* a conversion to the float type D in the rounding mode m */
template <class D, class S> static inline D warphw_rcvt(int m, S v)
{
    volatile S x = v;
    volatile D r;
    int o = fegetround();
    fesetround(m);
    r = (D)x;
    fesetround(o);
    return r;
}
/* the high 64 bits of a 64 x 64-bit product, from 32-bit halves */
static inline unsigned long long warphw_umul64hi(unsigned long long a, unsigned long long b)
{
    unsigned long long al = a & 0xffffffffu, ah = a >> 32, bl = b & 0xffffffffu, bh = b >> 32;
    unsigned long long ll = al * bl, lh = al * bh, hl = ah * bl;
    unsigned long long mid = (ll >> 32) + (lh & 0xffffffffu) + (hl & 0xffffffffu);
    return ah * bh + (lh >> 32) + (hl >> 32) + (mid >> 32);
}
#endif
WARPHW_INTR(int, __popc, (unsigned x), __builtin_popcount(x), __builtin_popcount(x))
WARPHW_INTR(int, __popcll, (unsigned long long x), __builtin_popcountll(x), __builtin_popcountll(x))
WARPHW_INTR(int, __clz, (int x), x ? __builtin_clz((unsigned)x) : 32, x ? __builtin_clz((unsigned)x) : 32)
WARPHW_INTR(int, __clzll, (long long x), x ? __builtin_clzll((unsigned long long)x) : 64,
            x ? __builtin_clzll((unsigned long long)x) : 64)
WARPHW_INTR(int, __ffs, (int x), __builtin_ffs(x), __builtin_ffs(x))
WARPHW_INTR(unsigned, __brev, (unsigned x), __builtin_bitreverse32(x), warphw_brev(x))
WARPHW_INTR(unsigned long long, __brevll, (unsigned long long x), __builtin_bitreverse64(x), warphw_brevll(x))
WARPHW_INTR(int, __ffsll, (long long x), __builtin_ffsll(x), __builtin_ffsll(x))
/* __byte_perm (CUDA's: the selectors' low 3 bits, no sign replication) */
WARPHW_INTR(unsigned, __byte_perm, (unsigned x, unsigned y, unsigned s), warphw_prmt(x, y, s & 0x7777u),
            warphw_prmt(x, y, s))
WARPHW_INTR(unsigned, __funnelshift_l, (unsigned lo, unsigned hi, unsigned s), warphw_shf_lw(lo, hi, s),
            warphw_shf_lw(lo, hi, s))
WARPHW_INTR(unsigned, __funnelshift_lc, (unsigned lo, unsigned hi, unsigned s), warphw_shf_lc(lo, hi, s),
            warphw_shf_lc(lo, hi, s))
WARPHW_INTR(unsigned, __funnelshift_r, (unsigned lo, unsigned hi, unsigned s), warphw_shf_rw(lo, hi, s),
            warphw_shf_rw(lo, hi, s))
WARPHW_INTR(unsigned, __funnelshift_rc, (unsigned lo, unsigned hi, unsigned s), warphw_shf_rc(lo, hi, s),
            warphw_shf_rc(lo, hi, s))
/* halving adds and the sum of absolute difference, without overflow */
WARPHW_INTR(int, __hadd, (int x, int y), (int)(((long long)x + y) >> 1), (int)(((long long)x + y) >> 1))
WARPHW_INTR(int, __rhadd, (int x, int y), (int)(((long long)x + y + 1) >> 1), (int)(((long long)x + y + 1) >> 1))
WARPHW_INTR(unsigned, __uhadd, (unsigned x, unsigned y), (unsigned)(((unsigned long long)x + y) >> 1),
            (unsigned)(((unsigned long long)x + y) >> 1))
WARPHW_INTR(unsigned, __urhadd, (unsigned x, unsigned y), (unsigned)(((unsigned long long)x + y + 1) >> 1),
            (unsigned)(((unsigned long long)x + y + 1) >> 1))
WARPHW_INTR(unsigned, __sad, (int x, int y, unsigned z), (x > y ? (unsigned)x - (unsigned)y : (unsigned)y - (unsigned)x) + z,
            (x > y ? (unsigned)x - (unsigned)y : (unsigned)y - (unsigned)x) + z)
WARPHW_INTR(unsigned, __usad, (unsigned x, unsigned y, unsigned z), (x > y ? x - y : y - x) + z, (x > y ? x - y : y - x) + z)
WARPHW_INTR(unsigned, __umulhi, (unsigned a, unsigned b), (unsigned)((unsigned long long)a * b >> 32),
            (unsigned)((unsigned long long)a * b >> 32))
WARPHW_INTR(int, __mulhi, (int a, int b), (int)((long long)a * b >> 32), (int)((long long)a * b >> 32))
WARPHW_INTR(unsigned long long, __umul64hi, (unsigned long long a, unsigned long long b), __nvvm_mulhi_ull(a, b),
            warphw_umul64hi(a, b))
WARPHW_INTR(long long, __mul64hi, (long long a, long long b), __nvvm_mulhi_ll(a, b),
            (long long)(warphw_umul64hi((unsigned long long)a, (unsigned long long)b) -
                        (a < 0 ? (unsigned long long)b : 0) - (b < 0 ? (unsigned long long)a : 0)))
WARPHW_INTR(float, __saturatef, (float x), __nvvm_saturate_f(x), x > 0.0f ? (x < 1.0f ? x : 1.0f) : x == 0.0f ? x : 0.0f)
WARPHW_INTR(int, __float2int_rn, (float x), __nvvm_f2i_rn(x), warphw_f2n<int>(x, rint(x)))
WARPHW_INTR(int, __float2int_rz, (float x), __nvvm_f2i_rz(x), warphw_f2n<int>(x, trunc(x)))
WARPHW_INTR(float, __int2float_rn, (int x), (float)x, (float)x)
WARPHW_INTR(int, __float2int_rd, (float x), __nvvm_f2i_rm(x), warphw_f2n<int>(x, floor(x)))
WARPHW_INTR(int, __float2int_ru, (float x), __nvvm_f2i_rp(x), warphw_f2n<int>(x, ceil(x)))
WARPHW_INTR(unsigned, __float2uint_rn, (float x), __nvvm_f2ui_rn(x), warphw_f2n<unsigned>(x, rint(x)))
WARPHW_INTR(unsigned, __float2uint_rz, (float x), __nvvm_f2ui_rz(x), warphw_f2n<unsigned>(x, trunc(x)))
WARPHW_INTR(float, __uint2float_rn, (unsigned x), (float)x, (float)x)
WARPHW_INTR(int, __double2int_rn, (double x), __nvvm_d2i_rn(x), warphw_f2n<int>(x, rint(x)))
WARPHW_INTR(int, __double2int_rz, (double x), __nvvm_d2i_rz(x), warphw_f2n<int>(x, trunc(x)))
/* IEEE operations with the rounding named (round to nearest: C's own) */
WARPHW_INTR(float, __fadd_rn, (float a, float b), __nvvm_add_rn_f(a, b), a + b)
WARPHW_INTR(float, __fsub_rn, (float a, float b), __nvvm_add_rn_f(a, -b), a - b)
WARPHW_INTR(float, __fmul_rn, (float a, float b), __nvvm_mul_rn_f(a, b), a * b)
WARPHW_INTR(float, __fdiv_rn, (float a, float b), __nvvm_div_rn_f(a, b), a / b)
WARPHW_INTR(float, __frcp_rn, (float x), __nvvm_rcp_rn_f(x), 1.0f / x)
WARPHW_INTR(float, __fsqrt_rn, (float x), __nvvm_sqrt_rn_f(x), sqrtf(x))
WARPHW_INTR(double, __dadd_rn, (double a, double b), __nvvm_add_rn_d(a, b), a + b)
WARPHW_INTR(double, __dmul_rn, (double a, double b), __nvvm_mul_rn_d(a, b), a * b)
/* the 24-bit multiplies: the low 32 bits of the product of the operands'
 * low 24 bits (sign-extended for __mul24) */
WARPHW_INTR(int, __mul24, (int a, int b), (int)((unsigned)((int)((unsigned)a << 8) >> 8) * (unsigned)((int)((unsigned)b << 8) >> 8)),
            (int)((unsigned)((int)((unsigned)a << 8) >> 8) * (unsigned)((int)((unsigned)b << 8) >> 8)))
WARPHW_INTR(unsigned, __umul24, (unsigned a, unsigned b), (a & 0xffffffu) * (b & 0xffffffu),
            (a & 0xffffffu) * (b & 0xffffffu))
#undef WARPHW_INTR
/* read-only loads (nvcc's ld.global.nc): a plain load here */
template <class T> WARPHW_DEV T __ldg(const T *p) { return *p; }

/* the bit casts between float and integer types */
WARPHW_DEV float __int_as_float(int x) { return __builtin_bit_cast(float, x); }
WARPHW_DEV float __uint_as_float(unsigned x) { return __builtin_bit_cast(float, x); }
WARPHW_DEV int __float_as_int(float x) { return __builtin_bit_cast(int, x); }
WARPHW_DEV unsigned __float_as_uint(float x) { return __builtin_bit_cast(unsigned, x); }
WARPHW_DEV double __longlong_as_double(long long x) { return __builtin_bit_cast(double, x); }
WARPHW_DEV long long __double_as_longlong(double x) { return __builtin_bit_cast(long long, x); }
#ifdef __CUDA_ARCH__
/* Barrier reductions and warp intrinsics compile to what nvcc emits
 * (bar.red, shfl.sync, vote.sync, activemask, bar.warp.sync, redux.sync,
 * match.sync); the PTX front end runs them (docs/ptx.md).  The barrier
 * reductions have a host half (above); the warp intrinsics do not (a warp
 * kernel's host reference is plain C under #ifndef __CUDA_ARCH__,
 * tb/kernels/cuda/warp). */
WARPHW_DEV int __syncthreads_count(int p) { return __nvvm_bar0_popc(p); }
WARPHW_DEV int __syncthreads_and(int p) { return __nvvm_bar0_and(p); }
WARPHW_DEV int __syncthreads_or(int p) { return __nvvm_bar0_or(p); }
/* clang 14 without a CUDA installation does not enable the ptx60 feature
 * its warp built-ins need: the instructions as inline PTX instead.  The
 * PTX front end runs them (docs/ptx.md, "Warp-synchronous instructions")
 * at a warp size of 32 only: a rendezvous of the membermask's threads, a
 * member that never arrives stopping the run with one line. */
WARPHW_DEV void __syncwarp(unsigned mask = 0xffffffffu) { asm volatile("bar.warp.sync %0;" ::"r"(mask)); }
WARPHW_DEV unsigned __activemask()
{
    unsigned r;
    asm volatile("activemask.b32 %0;" : "=r"(r));
    return r;
}
#define WARPHW_VOTE(name, mode, T)                                                                \
    WARPHW_DEV T name(unsigned mask, int p)                                                       \
    {                                                                                             \
        unsigned r;                                                                               \
        asm volatile("{ .reg .pred q, v; setp.ne.s32 q, %1, 0; vote.sync." mode " %0, q, %2; }"   \
                     : "=r"(r) : "r"(p), "r"(mask));                                              \
        return (T)r;                                                                              \
    }
WARPHW_VOTE(__ballot_sync, "ballot.b32", unsigned)
#undef WARPHW_VOTE
WARPHW_DEV int __any_sync(unsigned mask, int p)
{
    int r;
    asm volatile("{ .reg .pred q, v; setp.ne.s32 q, %1, 0; vote.sync.any.pred v, q, %2; selp.s32 %0, 1, 0, v; }"
                 : "=r"(r) : "r"(p), "r"(mask));
    return r;
}
WARPHW_DEV int __all_sync(unsigned mask, int p)
{
    int r;
    asm volatile("{ .reg .pred q, v; setp.ne.s32 q, %1, 0; vote.sync.all.pred v, q, %2; selp.s32 %0, 1, 0, v; }"
                 : "=r"(r) : "r"(p), "r"(mask));
    return r;
}
#define WARPHW_SHFL(name, mode, Tb)                                                               \
    WARPHW_DEV int name(unsigned mask, int v, Tb b, int w = 32)                                   \
    {                                                                                             \
        int r;                                                                                    \
        asm volatile("shfl.sync." mode ".b32 %0, %1, %2, %3, %4;"                                 \
                     : "=r"(r) : "r"(v), "r"((int)b), "r"(mode[0] == 'u' ? (32 - w) << 8 : ((32 - w) << 8) | 0x1f), "r"(mask)); \
        return r;                                                                                 \
    }
WARPHW_SHFL(__shfl_sync, "idx", int)
WARPHW_SHFL(__shfl_up_sync, "up", unsigned)
WARPHW_SHFL(__shfl_down_sync, "down", unsigned)
WARPHW_SHFL(__shfl_xor_sync, "bfly", int)
#undef WARPHW_SHFL
/* redux.sync (sm_80's __reduce_*_sync): one 32-bit result for the members */
#define WARPHW_REDUX(name, op, T)                                                                 \
    WARPHW_DEV T name(unsigned mask, T v)                                                         \
    {                                                                                             \
        T r;                                                                                      \
        asm volatile("redux.sync." op " %0, %1, %2;" : "=r"(r) : "r"(v), "r"(mask));             \
        return r;                                                                                 \
    }
WARPHW_REDUX(__reduce_add_sync, "add.u32", unsigned)
WARPHW_REDUX(__reduce_add_sync, "add.s32", int)
WARPHW_REDUX(__reduce_min_sync, "min.u32", unsigned)
WARPHW_REDUX(__reduce_min_sync, "min.s32", int)
WARPHW_REDUX(__reduce_max_sync, "max.u32", unsigned)
WARPHW_REDUX(__reduce_max_sync, "max.s32", int)
WARPHW_REDUX(__reduce_and_sync, "and.b32", unsigned)
WARPHW_REDUX(__reduce_or_sync, "or.b32", unsigned)
WARPHW_REDUX(__reduce_xor_sync, "xor.b32", unsigned)
#undef WARPHW_REDUX
/* match.sync (sm_70's __match_any_sync, __match_all_sync): the lanes of
 * the mask holding the same value; 32- and 64-bit values (floats by their
 * bits, as CUDA's) */
WARPHW_DEV unsigned warphw_match_any32(unsigned mask, unsigned v)
{
    unsigned r;
    asm volatile("match.any.sync.b32 %0, %1, %2;" : "=r"(r) : "r"(v), "r"(mask));
    return r;
}
WARPHW_DEV unsigned warphw_match_any64(unsigned mask, unsigned long long v)
{
    unsigned r;
    asm volatile("match.any.sync.b64 %0, %1, %2;" : "=r"(r) : "l"(v), "r"(mask));
    return r;
}
WARPHW_DEV unsigned warphw_match_all32(unsigned mask, unsigned v, int *pred)
{
    unsigned r, p;
    asm volatile("{ .reg .pred q; match.all.sync.b32 %0|q, %2, %3; selp.u32 %1, 1, 0, q; }"
                 : "=r"(r), "=r"(p) : "r"(v), "r"(mask));
    *pred = (int)p;
    return r;
}
WARPHW_DEV unsigned warphw_match_all64(unsigned mask, unsigned long long v, int *pred)
{
    unsigned r, p;
    asm volatile("{ .reg .pred q; match.all.sync.b64 %0|q, %2, %3; selp.u32 %1, 1, 0, q; }"
                 : "=r"(r), "=r"(p) : "l"(v), "r"(mask));
    *pred = (int)p;
    return r;
}
#define WARPHW_MATCH(T, W, U)                                                                     \
    WARPHW_DEV unsigned __match_any_sync(unsigned mask, T v)                                      \
    {                                                                                             \
        return warphw_match_any##W(mask, __builtin_bit_cast(U, v));                               \
    }                                                                                             \
    WARPHW_DEV unsigned __match_all_sync(unsigned mask, T v, int *pred)                           \
    {                                                                                             \
        return warphw_match_all##W(mask, __builtin_bit_cast(U, v), pred);                         \
    }
WARPHW_MATCH(int, 32, unsigned)
WARPHW_MATCH(unsigned, 32, unsigned)
WARPHW_MATCH(float, 32, unsigned)
WARPHW_MATCH(long, 64, unsigned long long)
WARPHW_MATCH(unsigned long, 64, unsigned long long)
WARPHW_MATCH(long long, 64, unsigned long long)
WARPHW_MATCH(unsigned long long, 64, unsigned long long)
WARPHW_MATCH(double, 64, unsigned long long)
#undef WARPHW_MATCH
#endif
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

/* CUDA's vector types (vector_types.h: the same members, sizes and
 * alignments, so a float4 or int4 access is one 16-byte vector load) and
 * their make_ functions */
#define WARPHW_VEC1(N, T, A) \
    struct __attribute__((aligned(A))) N { T x; }; \
    WARPHW_DEV N make_##N(T x) { N r; r.x = x; return r; }
#define WARPHW_VEC2(N, T, A) \
    struct __attribute__((aligned(A))) N { T x, y; }; \
    WARPHW_DEV N make_##N(T x, T y) { N r; r.x = x; r.y = y; return r; }
#define WARPHW_VEC3(N, T) \
    struct N { T x, y, z; }; \
    WARPHW_DEV N make_##N(T x, T y, T z) { N r; r.x = x; r.y = y; r.z = z; return r; }
#define WARPHW_VEC4(N, T, A) \
    struct __attribute__((aligned(A))) N { T x, y, z, w; }; \
    WARPHW_DEV N make_##N(T x, T y, T z, T w) { N r; r.x = x; r.y = y; r.z = z; r.w = w; return r; }
#define WARPHW_VECS(P, T, S)                  \
    WARPHW_VEC1(P##1, T, S)                   \
    WARPHW_VEC2(P##2, T, 2 * S)               \
    WARPHW_VEC3(P##3, T)                      \
    WARPHW_VEC4(P##4, T, (4 * S > 16 ? 16 : 4 * S))
WARPHW_VECS(char, signed char, 1)
WARPHW_VECS(uchar, unsigned char, 1)
WARPHW_VECS(short, short, 2)
WARPHW_VECS(ushort, unsigned short, 2)
WARPHW_VECS(int, int, 4)
WARPHW_VECS(float, float, 4)
WARPHW_VECS(longlong, long long, 8)
WARPHW_VECS(ulonglong, unsigned long long, 8)
WARPHW_VECS(double, double, 8)
WARPHW_VEC1(uint1, unsigned, 4)
WARPHW_VEC2(uint2, unsigned, 8)
WARPHW_VEC4(uint4, unsigned, 16)
WARPHW_DEV uint3 make_uint3(unsigned x, unsigned y, unsigned z) { uint3 r; r.x = x; r.y = y; r.z = z; return r; }
#undef WARPHW_VECS
#undef WARPHW_VEC1
#undef WARPHW_VEC2
#undef WARPHW_VEC3
#undef WARPHW_VEC4

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
/* ---- math functions of the CUDA Math API the header lacked (docs/ptx.md,
 * "CUDA header: intrinsics"): one source for both sides, a sequence of IEEE
 * operations, the primitives of warphw_math.h and the C library's double
 * functions (erf, erfc, exp, log: extern calls on the device, which the PTX
 * front end runs with the host C library, tb/simt/ptx_lib.c), so a kernel's
 * host reference matches the device to the bit.  Float functions are
 * computed in double and rounded once; errors are the double computation's
 * (a few double ulps), not CUDA's documented bounds. */
/* sin(pi x), cos(pi x): x reduced exactly to t in [-1, 1] (x - 2 rint(x/2)),
 * then to [-1/2, 1/2], so integers and halves give exact zeros and ones */
WARPHW_DEV double warphw_sinpi_r(double t)
{
    if (t > 0.5) t = 1.0 - t;
    else if (t < -0.5) t = -1.0 - t;
    return warphw_sin(WARPHW_PI * t);
}
WARPHW_DEV double sinpi(double x)
{
    double r = warphw_sinpi_r(x - 2.0 * warphw_rint(x * 0.5));
    return r == 0.0 ? warphw_signd(0.0, x) : r;
}
WARPHW_DEV double cospi(double x)
{
    double t = warphw_absd(x - 2.0 * warphw_rint(x * 0.5));
    return x != x || warphw_absd(x) == 1.0 / 0.0 ? x - x : warphw_sinpi_r(0.5 - t) + 0.0;
}
WARPHW_DEV void sincospi(double x, double *s, double *c)
{
    *s = sinpi(x);
    *c = cospi(x);
}
WARPHW_DEV float sinpif(float x) { return (float)sinpi((double)x); }
WARPHW_DEV float cospif(float x) { return (float)cospi((double)x); }
WARPHW_DEV void sincospif(float x, float *s, float *c)
{
    *s = sinpif(x);
    *c = cospif(x);
}
/* Euclidean norms and their reciprocals: the squares of floats are exact
 * in double; an infinite argument gives +inf (0 for the reciprocal) even
 * beside a NaN, as CUDA documents */
WARPHW_DEV float warphw_norm3(float a, float b, float c, int recip)
{
    if (warphw_isinff(a) || warphw_isinff(b) || warphw_isinff(c)) return recip ? 0.0f : 1.0f / 0.0f;
    double s = warphw_sqrt((double)a * a + (double)b * b + (double)c * c);
    return (float)(recip ? 1.0 / s : s);
}
WARPHW_DEV float norm3df(float a, float b, float c) { return warphw_norm3(a, b, c, 0); }
WARPHW_DEV float rnorm3df(float a, float b, float c) { return warphw_norm3(a, b, c, 1); }
WARPHW_DEV float rhypotf(float x, float y) { return warphw_norm3(x, y, 0.0f, 1); }
WARPHW_DEV float rcbrtf(float x)
{
    if (x != x) return x;
    if (x == 0.0f) return warphw_signf(1.0f / 0.0f, x);
    if (warphw_isinff(x)) return warphw_signf(0.0f, x);
    return warphw_signf((float)(1.0 / warphw_cbrt_pos(warphw_absd((double)x))), x);
}
/* the normal distribution and the inverse error functions: Newton's method
 * in double on the C library's erf/erfc (six steps from a start within a
 * few percent; the double result's error is far below a float ulp) */
WARPHW_DEV double warphw_erfc_solve(double q) /* erfc(x) = q, 0 < q <= 1 */
{
    double x = q > 0.25 ? (1.0 - q) * 0.886226925452758 : warphw_sqrt(-warphw_log(q));
    if (q <= 0.25) x = warphw_sqrt(-warphw_log(q * x * 1.772453850905516));
    for (int i = 0; i < 6; i++) x += (erfc(x) - q) / (1.1283791670955126 * warphw_exp(-x * x));
    return x;
}
WARPHW_DEV double warphw_erf_solve(double y) /* erf(x) = y, 0 < y < 1/2 */
{
    double x = y * 0.886226925452758;
    for (int i = 0; i < 6; i++) x -= (erf(x) - y) / (1.1283791670955126 * warphw_exp(-x * x));
    return x;
}
WARPHW_DEV double warphw_erfinv(double y)
{
    double a = warphw_absd(y);
    if (y != y || a > 1.0) return (y - y) / (y - y);
    if (a == 1.0) return warphw_signd(1.0 / 0.0, y);
    if (a == 0.0) return y;
    return warphw_signd(a < 0.5 ? warphw_erf_solve(a) : warphw_erfc_solve(1.0 - a), y);
}
WARPHW_DEV double warphw_erfcinv(double q)
{
    if (q != q || q < 0.0 || q > 2.0) return (q - q) / (q - q);
    if (q == 0.0) return 1.0 / 0.0;
    if (q == 2.0) return -1.0 / 0.0;
    if (q > 0.5 && q < 1.5) return warphw_erfinv(1.0 - q);
    return q <= 1.0 ? warphw_erfc_solve(q) : -warphw_erfc_solve(2.0 - q);
}
WARPHW_DEV float erfinvf(float y) { return (float)warphw_erfinv((double)y); }
WARPHW_DEV float erfcinvf(float q) { return (float)warphw_erfcinv((double)q); }
WARPHW_DEV float normcdff(float x) { return (float)(0.5 * erfc(-(double)x * 0.7071067811865476)); }
WARPHW_DEV float normcdfinvf(float p) { return (float)(-1.4142135623730951 * warphw_erfcinv(2.0 * (double)p)); }
/* exp(x^2) erfc(x); above 25 erfc underflows where the product does not:
 * the asymptotic series 1/(x sqrt pi) (1 - 1/(2x^2) + 3/(4x^4) - 15/(8x^6)) */
WARPHW_DEV float erfcxf(float x)
{
    double d = (double)x;
    if (x != x) return x;
    if (d > 25.0) {
        double u = 1.0 / (d * d);
        return (float)(0.5641895835477563 / d * (1.0 - 0.5 * u + 0.75 * u * u - 1.875 * u * u * u));
    }
    return (float)(warphw_exp(d * d) * erfc(d));
}

/* The rest of the CUDA Math API a kernel may call (2026-11-30; docs/ptx.md
 * "Math API: the rest"): the double forms of the functions above, the
 * 4-component and n-component norms, rsqrt/rcbrt/rhypot on double, nan,
 * scalbln, __log2f and __fns.  Double results that need more than
 * double's precision inside use warphw_math.h's double-double pairs; the
 * C library's erf/erfc/exp/cbrt/hypot are called as on the device (extern
 * calls the PTX front end runs with the host library), so both sides
 * compute the same bits.  Errors measured against long double: docs/ptx.md. */
WARPHW_DEV double erfinv(double y) { return warphw_erfinv(y); }
WARPHW_DEV double erfcinv(double q) { return warphw_erfcinv(q); }
/* 0.5 erfc(-x/sqrt 2), the argument as a pair th + tl (1/sqrt 2 as a
 * pair), erfc(th + tl) = erfc(th) - tl 2/sqrt(pi) e^(-th^2): the argument's
 * rounding would otherwise cost 2 x^2 ulps in the tails */
WARPHW_DEV double normcdf(double x)
{
    if (x != x) return x;
    if (x > 40.0 || x < -40.0) return x > 0.0 ? 1.0 : 0.0;
    double th, tl;
    warphw_two_prod(-x, 7.0710678118654757e-01, &th, &tl);
    tl += -x * -4.8336466567264567e-17;
    return 0.5 * (erfc(th) - tl * 1.1283791670955126 * (exp)(-th * th));
}
WARPHW_DEV double normcdfinv(double p) { return -1.4142135623730951 * warphw_erfcinv(2.0 * p); }
/* exp(x^2) erfc(x), x^2 as a pair; above 26 the asymptotic series
 * 1/(x sqrt pi) sum (-1)^n (2n-1)!! / (2x^2)^n to n = 12 */
WARPHW_DEV double erfcx(double x)
{
    if (x != x) return x;
    if (x > 26.0) {
        double u = 0.5 / (x * x), t = 1.0, sum = 1.0;
        for (int n = 1; n <= 12; n++) {
            t *= -(2.0 * n - 1.0) * u;
            sum += t;
        }
        return 0.5641895835477563 / x * sum;
    }
    double h, l;
    warphw_two_prod(x, x, &h, &l);
    if (h > 709.0) return 1.0 / 0.0; /* x < -26.6: 2 e^(x^2) overflows */
    double e = (exp)(h) * erfc(x);
    return e + e * l;
}
/* 1/x^(1/k), k = 2 or 3: the reciprocal of the root, then one Newton step
 * r += r (1 - x r^k) / k with x r^k as a pair (two roundings cost up to
 * 1.5 and 4 ulps without it) */
WARPHW_DEV double warphw_rroot(double x, double r, int k)
{
    if (r == 0.0 || r != r || warphw_absd(r) == 1.0 / 0.0 || warphw_absd(x) > 1e300 || warphw_absd(x) < 1e-300)
        return r;
    double h, l;
    warphw_two_prod(r, r, &h, &l);
    if (k == 3) warphw_dd_mul(h, l, r, 0.0, &h, &l);
    warphw_dd_mul(h, l, x, 0.0, &h, &l);
    return r + r * ((1.0 - h) - l) / k;
}
WARPHW_DEV double rsqrt(double x) { return warphw_rroot(x, 1.0 / warphw_sqrt(x), 2); }
WARPHW_DEV double rcbrt(double x) { return warphw_rroot(x, 1.0 / (cbrt)(x), 3); }
WARPHW_DEV double rhypot(double x, double y) { return 1.0 / (hypot)(x, y); }
/* sqrt of a sum of squares: scaled by a power of 2 to the largest
 * magnitude's binade (exact), the squares and their sum as pairs, one
 * Newton step on the square root; an infinite component gives +inf (0 for
 * the reciprocal) even beside a NaN, as CUDA documents */
WARPHW_DEV double warphw_normd(int n, const double *v, int recip)
{
    double m = 0.0;
    int nan = 0, inf = 0; /* no return inside a loop: a divergent loop exit
                             costs the stack mechanisms an entry a round */
    for (int i = 0; i < n; i++) {
        double a = warphw_absd(v[i]);
        inf |= a == 1.0 / 0.0;
        nan |= a != a;
        m = a > m ? a : m;
    }
    if (inf) return recip ? 0.0 : 1.0 / 0.0;
    if (nan) return warphw_bitsd(0x7ff8000000000000ull);
    if (m == 0.0) return recip ? 1.0 / 0.0 : 0.0;
    int pre = m < 1e-290 ? 600 : 0; /* subnormal scales: 2^600 first */
    int k = (int)((warphw_dbits(m * warphw_pow2d(pre)) >> 52) & 0x7ff) - 1023;
    double s1 = warphw_pow2d(pre - k / 2), s2 = warphw_pow2d(-(k - k / 2));
    double hi = 0.0, lo = 0.0;
    for (int i = 0; i < n; i++) {
        double a = v[i] * s1 * s2, p, e, t;
        warphw_two_prod(a, a, &p, &e);
        warphw_two_sum(hi, p, &hi, &t);
        lo += t + e;
    }
    double r = warphw_sqrt(hi + lo), p, e;
    warphw_two_prod(r, r, &p, &e);
    r += ((hi - p) - e + lo) / (2.0 * r);
    if (recip) return 1.0 / r * s1 * s2;
    return r / s1 / s2;
}
WARPHW_DEV double norm(int n, const double *v) { return warphw_normd(n, v, 0); }
WARPHW_DEV double rnorm(int n, const double *v) { return warphw_normd(n, v, 1); }
WARPHW_DEV double norm3d(double a, double b, double c) { double v[3] = {a, b, c}; return warphw_normd(3, v, 0); }
WARPHW_DEV double rnorm3d(double a, double b, double c) { double v[3] = {a, b, c}; return warphw_normd(3, v, 1); }
WARPHW_DEV double norm4d(double a, double b, double c, double d) { double v[4] = {a, b, c, d}; return warphw_normd(4, v, 0); }
WARPHW_DEV double rnorm4d(double a, double b, double c, double d) { double v[4] = {a, b, c, d}; return warphw_normd(4, v, 1); }
/* float: the squares are exact in double and the sum's error far below a
 * float ulp; rounded once (the reciprocal of the double sqrt, rounded) */
WARPHW_DEV float warphw_normf(int n, const float *v, int recip)
{
    double s = 0.0;
    int nan = 0, inf = 0;
    for (int i = 0; i < n; i++) {
        inf |= warphw_isinff(v[i]);
        nan |= v[i] != v[i];
        s += (double)v[i] * v[i];
    }
    if (inf) return recip ? 0.0f : 1.0f / 0.0f;
    if (nan) return warphw_bitsf(0x7fc00000u);
    s = warphw_sqrt(s);
    return (float)(recip ? 1.0 / s : s);
}
WARPHW_DEV float normf(int n, const float *v) { return warphw_normf(n, v, 0); }
WARPHW_DEV float rnormf(int n, const float *v) { return warphw_normf(n, v, 1); }
WARPHW_DEV float norm4df(float a, float b, float c, float d) { float v[4] = {a, b, c, d}; return warphw_normf(4, v, 0); }
WARPHW_DEV float rnorm4df(float a, float b, float c, float d) { float v[4] = {a, b, c, d}; return warphw_normf(4, v, 1); }
/* the modified Bessel functions I0 and I1 (n = 0, 1): up to |x| = 20 the
 * power series sum (x/2)^(2k+n) / (k! (k+n)!), 70 terms, x^2 as a pair; above
 * it e^|x| / sqrt(2 pi |x|) times the asymptotic series, t_k = t_(k-1)
 * ((2k-1)^2 - 4n^2) / (8k|x|), 40 terms, e^|x| as (e^(|x|/2))^2 (I0 is
 * finite to 713.98).  Fixed trip counts: no thread leaves a loop early.
 * I1 is odd, I0 even. */
WARPHW_DEV double warphw_bessel_i(double x, int n)
{
    double a = warphw_absd(x), r;
    if (x != x) return x;
    if (a <= 20.0) {
        double qh, ql, t = n ? 0.5 * a : 1.0, kt = 0.0;
        warphw_two_prod(a, a, &qh, &ql); /* x^2/4 = 0.25 (qh + ql): t_k = t_(k-1) qh/(k(k+n)), */
        r = t;                             /* the pair's low part as sum k t_k ql/qh */
        for (int k = 1; k <= 70; k++) {
            t *= 0.25 * qh / ((double)k * (double)(k + n));
            r += t;
            kt += k * t;
        }
        r += kt * (ql / qh);
    } else {
        double t = 1.0, sum = 1.0, mu = 4.0 * n * n;
        for (int k = 1; k <= 40; k++) {
            t *= ((2.0 * k - 1.0) * (2.0 * k - 1.0) - mu) / (8.0 * k * a);
            sum += t;
        }
        double e = a == 1.0 / 0.0 ? a : (exp)(0.5 * a);
        r = e * (e * sum / warphw_sqrt(2.0 * WARPHW_PI * a));
    }
    return n && x < 0.0 ? -r : r;
}
WARPHW_DEV double cyl_bessel_i0(double x) { return warphw_bessel_i(x, 0); }
WARPHW_DEV double cyl_bessel_i1(double x) { return warphw_bessel_i(x, 1); }
WARPHW_DEV float cyl_bessel_i0f(float x) { return (float)warphw_bessel_i((double)x, 0); }
WARPHW_DEV float cyl_bessel_i1f(float x) { return (float)warphw_bessel_i((double)x, 1); }
/* nan(tag): the quiet NaN (the tag's payload is ignored: glibc gives the
 * same bits for "" and for a tag it does not parse); scalbln: scalbn with a
 * long exponent, clamped (an exponent beyond +-100000 saturates either way) */
WARPHW_DEV double warphw_nan(const char *tag) { return (void)tag, warphw_bitsd(0x7ff8000000000000ull); }
WARPHW_DEV float warphw_nanf(const char *tag) { return (void)tag, warphw_bitsf(0x7fc00000u); }
#define nan(tag) warphw_nan(tag)
#define nanf(tag) warphw_nanf(tag)
#define scalbln(x, n) scalbn(x, (int)((long)(n) > 100000 ? 100000 : (long)(n) < -100000 ? -100000 : (long)(n)))
#define scalblnf(x, n) scalbnf(x, (int)((long)(n) > 100000 ? 100000 : (long)(n) < -100000 ? -100000 : (long)(n)))
/* __fns(mask, base, offset): the position of the offset-th set bit of mask
 * counting from bit base (included) up (offset > 0) or down (offset < 0);
 * offset 0: base if its bit is set; 0xffffffff when there is none (PTX's
 * fns.b32, written as its loop on both sides) */
WARPHW_DEV unsigned __fns(unsigned mask, unsigned base, int offset)
{
    if (base > 31u) return 0xffffffffu;
    if (offset == 0) return (mask >> base) & 1u ? base : 0xffffffffu;
    int inc = offset > 0 ? 1 : -1, pos = (int)base;
    unsigned count = (unsigned)(offset > 0 ? offset : -offset) - 1u, d = 0xffffffffu;
    /* 32 rounds whatever the mask: a loop left early by some threads of a
     * warp costs the stack mechanisms an entry a round (docs/ptx.md,
     * "histo8 at -O0") */
    for (int j = 0; j < 32; j++, pos += inc)
        if (pos >= 0 && pos < 32 && ((mask >> pos) & 1u) && d == 0xffffffffu) {
            if (count == 0u) d = (unsigned)pos;
            else count--;
        }
    return d;
}

/* CUDA code also calls the math functions qualified (std::sqrt(x)): the
 * macros below make that std::warphw_sqrt(x), which these name; and the
 * device's abs above joins std::abs */
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
