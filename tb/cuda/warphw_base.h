/* SPDX-License-Identifier: Apache-2.0 */
/*
 * warphw_base.h -- part of tb/cuda/warphw_cuda.h (issue 25, section 1: the
 * header provides __global__, the thread indices, __syncthreads, ...):
 * CUDA's execution model on each side.  Included by warphw_cuda.h only.
 *
 * Device (clang, __CUDA_ARCH__): __global__, __device__, __host__,
 * __shared__, __constant__, __forceinline__, __noinline__,
 * __launch_bounds__ (.maxntid) as clang attributes; uint3/dim3;
 * threadIdx, blockIdx, blockDim, gridDim read through
 * __nvvm_read_ptx_sreg_*; __syncthreads (bar.sync 0) and
 * __syncthreads_count/_and/_or (bar.red); __threadfence, _block, _system
 * (membar.gl, .cta, .sys); __trap; warpSize (32); WARPHW_DYNAMIC_SHARED(T,
 * name) for the `extern __shared__ T name[]` array (the launch's
 * shared_dynamic; in a function or at file scope); isnan, isinf, isfinite,
 * signbit; and the C library declared again as device functions (printf,
 * assert, C99's math functions, j0/j1/y0/y1/jn/yn and their float forms),
 * whose calls the PTX front end runs with the host's library
 * (tb/simt/ptx_lib.c).
 *
 * Host (any C++ compiler): the qualifiers as nothing (__shared__ as
 * static), the indices and barriers as the interface of tb/cuda/host_rt.c
 * (every CTA's threads as coroutines taking turns between barriers; the
 * barrier reductions count the arriving threads' predicates), the fences
 * as nothing, clang's special-register and barrier built-ins for kernels
 * with their own prelude, and warphw_invoke/warphw_nargs: how the host
 * runtime calls a kernel with the launch file's parameters.
 */
#ifndef WARPHW_CUDA_H
#error "warphw_base.h is a part of warphw_cuda.h: include that"
#endif

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
 * where warphw_cuda.h's macros name one (sqrtf, expf, exp, pow, ...), the
 * macro's device expression is what a kernel gets. */
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
 * __syncthreads_count/_and/_or built-ins (bar.red, below) already keep
 * them. */
#define __syncthreads() __nvvm_bar_sync(0)
WARPHW_DEV int __syncthreads_count(int p) { return __nvvm_bar0_popc(p); }
WARPHW_DEV int __syncthreads_and(int p) { return __nvvm_bar0_and(p); }
WARPHW_DEV int __syncthreads_or(int p) { return __nvvm_bar0_or(p); }
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
 * __syncthreads and fences (realworld6/own_sobol; the atomic built-ins:
 * warphw_atomic.h) */
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
