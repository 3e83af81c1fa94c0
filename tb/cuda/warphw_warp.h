/* SPDX-License-Identifier: Apache-2.0 */
/*
 * warphw_warp.h -- part of tb/cuda/warphw_cuda.h (issue 25, section 2:
 * shfl and vote, implemented): CUDA's warp intrinsics, device side only.
 * Included by warphw_cuda.h only.
 *
 * __syncwarp (bar.warp.sync), __ballot_sync, __any_sync, __all_sync
 * (vote.sync), __activemask (activemask), __shfl_sync, __shfl_up/down/
 * xor_sync (shfl.sync, the width argument as CUDA's; int, unsigned, long,
 * long long, their unsigned forms, float, double), __reduce_add/min/
 * max_sync (int and unsigned) and __reduce_and/or/xor_sync (redux.sync,
 * sm_80's), __match_any_sync and __match_all_sync (match.sync; int,
 * unsigned, long, long long, their unsigned forms, float, double).  The
 * SM model runs them at every warp size (logical warps of 32 threads,
 * docs/ptx.md).  There is no host half: the
 * threads of a host reference take turns, which warp code cannot do, so a
 * warp kernel's host reference is plain C under #ifndef __CUDA_ARCH__
 * (tb/kernels/cuda/warp/).
 */
#ifndef WARPHW_CUDA_H
#error "warphw_warp.h is a part of warphw_cuda.h: include that"
#endif

#ifdef __CUDA_ARCH__
/* The warp intrinsics compile to what nvcc emits (shfl.sync, vote.sync,
 * activemask, bar.warp.sync, redux.sync, match.sync).  clang 14 without a
 * CUDA installation does not enable the ptx60 feature its warp built-ins
 * need: the instructions as inline PTX instead.  The
 * PTX front end runs them (docs/ptx.md, "Warp-synchronous instructions")
 * over logical warps of 32 threads: a rendezvous of the membermask's
 * threads, a member that never arrives stopping the run with one line. */
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
/* shfl.sync moves 32 bits: the int form is the instruction; unsigned and
 * float move their bits, the 64-bit types (long, long long, their unsigned
 * forms, double) their low and high words by two shuffles, as CUDA's
 * overloads do.  (Before 2026-12-01 only the int form existed: a float or
 * a double was converted to int on the way and back, so a float butterfly
 * shuffled truncated values; docs/ptx.md "Fifteenth round".) */
#define WARPHW_SHFL(name, mode, Tb)                                                               \
    WARPHW_DEV int name(unsigned mask, int v, Tb b, int w = 32)                                   \
    {                                                                                             \
        int r;                                                                                    \
        asm volatile("shfl.sync." mode ".b32 %0, %1, %2, %3, %4;"                                 \
                     : "=r"(r) : "r"(v), "r"((int)b), "r"(mode[0] == 'u' ? (32 - w) << 8 : ((32 - w) << 8) | 0x1f), "r"(mask)); \
        return r;                                                                                 \
    }                                                                                             \
    WARPHW_DEV unsigned name(unsigned mask, unsigned v, Tb b, int w = 32)                         \
    {                                                                                             \
        return (unsigned)name(mask, (int)v, b, w);                                                \
    }                                                                                             \
    WARPHW_DEV float name(unsigned mask, float v, Tb b, int w = 32)                               \
    {                                                                                             \
        return __builtin_bit_cast(float, name(mask, __builtin_bit_cast(int, v), b, w));           \
    }                                                                                             \
    WARPHW_DEV unsigned long long name(unsigned mask, unsigned long long v, Tb b, int w = 32)     \
    {                                                                                             \
        const unsigned lo = name(mask, (unsigned)v, b, w), hi = name(mask, (unsigned)(v >> 32), b, w); \
        return (unsigned long long)hi << 32 | lo;                                                 \
    }                                                                                             \
    WARPHW_DEV long long name(unsigned mask, long long v, Tb b, int w = 32)                       \
    {                                                                                             \
        return (long long)name(mask, (unsigned long long)v, b, w);                                \
    }                                                                                             \
    WARPHW_DEV unsigned long name(unsigned mask, unsigned long v, Tb b, int w = 32)               \
    {                                                                                             \
        return (unsigned long)name(mask, (unsigned long long)v, b, w);                            \
    }                                                                                             \
    WARPHW_DEV long name(unsigned mask, long v, Tb b, int w = 32)                                 \
    {                                                                                             \
        return (long)name(mask, (unsigned long long)v, b, w);                                     \
    }                                                                                             \
    WARPHW_DEV double name(unsigned mask, double v, Tb b, int w = 32)                             \
    {                                                                                             \
        return __builtin_bit_cast(double, name(mask, __builtin_bit_cast(unsigned long long, v), b, w)); \
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
