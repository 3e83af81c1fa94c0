/* SPDX-License-Identifier: Apache-2.0 */
/*
 * warphw_atomic.h -- part of tb/cuda/warphw_cuda.h (issue 25, sections 1
 * and 3: atomics, executed in issue order): CUDA's atomic functions.
 * Included by warphw_cuda.h only.
 *
 * atomicAdd (int, unsigned, unsigned long long, float, double), atomicSub,
 * atomicMin, atomicMax, atomicAnd, atomicOr, atomicXor, atomicExch,
 * atomicCAS, atomicInc, atomicDec; atomicCAS, atomicExch, atomicMin/Max
 * and atomicAnd/Or/Xor on 64-bit operands too (CUDA's sm_32/sm_35 forms).
 * Device: clang's __nvvm_atom_* built-ins (atom.* in the PTX).  Host: a
 * plain read-modify-write (the threads of a CTA take turns between
 * barriers, tb/cuda/host_rt.c), and clang's __nvvm_atom_* built-ins on top
 * of it, for a kernel written with its own prelude.
 */
#ifndef WARPHW_CUDA_H
#error "warphw_atomic.h is a part of warphw_cuda.h: include that"
#endif

#ifdef __CUDA_ARCH__
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
#else
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
#endif
