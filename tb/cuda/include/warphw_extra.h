/* SPDX-License-Identifier: Apache-2.0 */
/*
 * warphw_extra.h -- what a survey of ordinary CUDA found missing from the
 * project's header (docs/ptx.md, "ptxgaps"), included by
 * tb/cuda/warphw_cuda.h after its WARPHW_DEV prefix is defined:
 *  - clock() and clock64(): %clock and %clock64 on the device (clang
 *    overloads clock on __host__/__device__, as its own CUDA headers do);
 *    the C library's clock() on the host, clock64() the same widened.  A
 *    kernel whose output depends on them cannot equal its host reference;
 *  - __nanosleep(ns): a thread's pause, which PTX allows to be anything from
 *    0 to 2 ns; here none (nothing waits on a clock in the model's time);
 *  - __builtin_assume(e) for a host compiler without it (GCC): nothing, as
 *    clang evaluates nothing either;
 *  - the cache-hint loads and stores __ldca, __ldcg, __ldcs, __ldlu, __ldcv,
 *    __stwb, __stcg, __stcs, __stwt: plain loads and stores (one SM's memory
 *    has no caches to hint; __ldg is the same);
 *  - the scoped atomics atomicAdd_block, atomicAdd_system, ... (every
 *    atomic of the header, _block and _system): the atomic itself (the
 *    model has one SM, whose atomics are already in issue order);
 *  - on the host, remquof/remquo and frexp store 0 where the C library
 *    leaves the stored part unwritten (the quotient for a NaN, an infinite
 *    x or y = 0; the exponent of NaN and inf), as tb/simt/ptx_lib.c's calls
 *    do on the device, so both sides store the same word.
 */
#ifndef WARPHW_EXTRA_H
#define WARPHW_EXTRA_H

#ifdef __CUDA_ARCH__
WARPHW_DEV int clock(void) { return __nvvm_read_ptx_sreg_clock(); }
WARPHW_DEV long long clock64(void) { return __nvvm_read_ptx_sreg_clock64(); }
#else
#include <time.h>
static inline long long clock64(void) { return (long long)clock(); }
static inline float warphw_remquof_host(float x, float y, int *q) { *q = 0; return (remquof)(x, y, q); }
static inline double warphw_remquo_host(double x, double y, int *q) { *q = 0; return (remquo)(x, y, q); }
static inline double warphw_frexp_host(double x, int *e) { *e = 0; return (frexp)(x, e); }
#define remquof(x, y, q) warphw_remquof_host(x, y, q)
#define remquo(x, y, q) warphw_remquo_host(x, y, q)
#define frexp(x, e) warphw_frexp_host(x, e)
namespace std { /* std::remquo(...) becomes std::warphw_remquo_host(...) */
using ::warphw_frexp_host;
using ::warphw_remquo_host;
using ::warphw_remquof_host;
}
#if !defined(__clang__)
#define __builtin_assume(e) ((void)0)
#endif
#endif
WARPHW_DEV void __nanosleep(unsigned ns) { (void)ns; }
template <class T> WARPHW_DEV T __ldca(const T *p) { return *p; }
template <class T> WARPHW_DEV T __ldcg(const T *p) { return *p; }
template <class T> WARPHW_DEV T __ldcs(const T *p) { return *p; }
template <class T> WARPHW_DEV T __ldlu(const T *p) { return *p; }
template <class T> WARPHW_DEV T __ldcv(const T *p) { return *p; }
template <class T> WARPHW_DEV void __stwb(T *p, T v) { *p = v; }
template <class T> WARPHW_DEV void __stcg(T *p, T v) { *p = v; }
template <class T> WARPHW_DEV void __stcs(T *p, T v) { *p = v; }
template <class T> WARPHW_DEV void __stwt(T *p, T v) { *p = v; }
#define atomicAdd_block atomicAdd
#define atomicAdd_system atomicAdd
#define atomicSub_block atomicSub
#define atomicSub_system atomicSub
#define atomicExch_block atomicExch
#define atomicExch_system atomicExch
#define atomicMin_block atomicMin
#define atomicMin_system atomicMin
#define atomicMax_block atomicMax
#define atomicMax_system atomicMax
#define atomicInc_block atomicInc
#define atomicInc_system atomicInc
#define atomicDec_block atomicDec
#define atomicDec_system atomicDec
#define atomicCAS_block atomicCAS
#define atomicCAS_system atomicCAS
#define atomicAnd_block atomicAnd
#define atomicAnd_system atomicAnd
#define atomicOr_block atomicOr
#define atomicOr_system atomicOr
#define atomicXor_block atomicXor
#define atomicXor_system atomicXor

#endif
