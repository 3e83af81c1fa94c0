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
#if !defined(__clang__)
#define __builtin_assume(e) ((void)0)
#endif
#endif
WARPHW_DEV void __nanosleep(unsigned ns) { (void)ns; }

#endif
