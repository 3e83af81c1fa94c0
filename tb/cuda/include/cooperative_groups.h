/* SPDX-License-Identifier: Apache-2.0 */
/*
 * <cooperative_groups.h>: the basics CUDA code uses, written here on the
 * project header's primitives (docs/ptx.md, "Compiling CUDA"):
 *
 *   namespace cg = cooperative_groups;
 *   cg::thread_block b = cg::this_thread_block();   b.sync(), cg::sync(b),
 *       b.thread_rank(), b.size(), b.num_threads(), b.group_index(),
 *       b.thread_index(), b.group_dim(), b.dim_threads()     (both sides)
 *   cg::thread_block_tile<N> t = cg::tiled_partition<N>(b);  N = 1, 2, 4,
 *       8, 16 or 32: t.sync() (bar.warp.sync on the tile's lanes),
 *       t.thread_rank(), t.size(), t.num_threads(), t.meta_group_rank(),
 *       t.meta_group_size(), t.shfl(v, src), t.shfl_up/_down(v, d),
 *       t.shfl_xor(v, m) (4- and 8-byte values), t.any(p), t.all(p),
 *       t.ballot(p) (the tile's lanes from bit 0)       (device side only,
 *       as the header's warp intrinsics: a host reference of a kernel using
 *       tiles is plain C under #ifndef __CUDA_ARCH__)
 *
 * Since 29 Nov (docs/ptx.md, "CUDA header: cooperative groups"), device
 * side only as the tiles: t.match_any(v), t.match_all(v, pred) (the tile's
 * lanes from bit 0); cg::coalesced_group g = cg::coalesced_threads() (the
 * threads of the warp that arrive together, __activemask: which threads
 * those are depends on the mechanism, as on hardware it depends on the
 * scheduler) with sync(), thread_rank(), size(), num_threads(),
 * meta_group_rank() (0), meta_group_size() (1), shfl(v, rank), any, all,
 * ballot (ranks from bit 0); and <cooperative_groups/reduce.h>'s
 * cg::reduce(group, v, op) on a tile or a coalesced group with cg::plus,
 * cg::less (the smaller), cg::greater (the larger), cg::bit_and, cg::bit_or,
 * cg::bit_xor.  cg::this_grid() gives a grid_group (thread_rank(), size(),
 * num_threads(), block_rank(), num_blocks(), is_valid()); its sync() does
 * not compile, with one line: a grid-wide barrier needs every CTA of the
 * grid resident at once, which the SM model does not do (it runs CTAs as
 * slots free up).
 *
 * Not provided: multi-grid groups, labeled partitions, tiles of a tile,
 * cg::inclusive_scan and the other <cooperative_groups/...> headers.
 */
#ifndef WARPHW_COOPERATIVE_GROUPS_H
#define WARPHW_COOPERATIVE_GROUPS_H
#include "../warphw_cuda.h"

namespace cooperative_groups {

class thread_block {
public:
    __device__ void sync() const { __syncthreads(); }
    __device__ unsigned thread_rank() const
    {
        return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
    }
    __device__ unsigned size() const { return blockDim.x * blockDim.y * blockDim.z; }
    __device__ unsigned num_threads() const { return size(); }
    __device__ dim3 group_index() const { return dim3{blockIdx.x, blockIdx.y, blockIdx.z}; }
    __device__ dim3 thread_index() const { return dim3{threadIdx.x, threadIdx.y, threadIdx.z}; }
    __device__ dim3 group_dim() const { return dim3{blockDim.x, blockDim.y, blockDim.z}; }
    __device__ dim3 dim_threads() const { return group_dim(); }
};
static __device__ inline thread_block this_thread_block() { return thread_block(); }
static __device__ inline void sync(const thread_block &b) { b.sync(); }

#ifdef __CUDA_ARCH__
/* a tile: N consecutive threads of the block (of one warp) */
template <unsigned N> class thread_block_tile {
    static_assert(N >= 1 && N <= 32 && (N & (N - 1)) == 0, "tiled_partition<N>: N is 1, 2, 4, 8, 16 or 32");
    __device__ unsigned rank() const { return this_thread_block().thread_rank(); }
    /* f (a 32-bit shuffle) on each 32-bit half of v */
    template <class T, class F> __device__ static T bits(T v, F f)
    {
        static_assert(sizeof(T) == 4 || sizeof(T) == 8, "a tile shuffles 4- and 8-byte values");
        unsigned long long u = 0;
        __builtin_memcpy(&u, &v, sizeof(T));
        int lo = f((int)(unsigned)u), hi = sizeof(T) == 8 ? f((int)(unsigned)(u >> 32)) : 0;
        u = (unsigned long long)(unsigned)hi << 32 | (unsigned)lo;
        T r;
        __builtin_memcpy(&r, &u, sizeof(T));
        return r;
    }

public:
    /* the tile's lanes in its warp */
    __device__ unsigned mask() const
    {
        return N == 32 ? 0xffffffffu : ((1u << N) - 1) << (rank() % 32 / N * N);
    }
    __device__ void sync() const { __syncwarp(mask()); }
    __device__ unsigned thread_rank() const { return rank() % N; }
    __device__ unsigned size() const { return N; }
    __device__ unsigned num_threads() const { return N; }
    __device__ unsigned meta_group_rank() const { return rank() / N; }
    __device__ unsigned meta_group_size() const { return (this_thread_block().size() + N - 1) / N; }
    /* shfl(v, src), shfl_up(v, d), shfl_down(v, d), shfl_xor(v, lanemask) */
#define WARPHW_CG_SHFL(name, intr, A)                                                   \
    template <class T> __device__ T name(T v, A a) const                                \
    {                                                                                   \
        unsigned m = mask();                                                            \
        return bits(v, [m, a](int x) { return intr(m, x, a, N); });                     \
    }
    WARPHW_CG_SHFL(shfl, __shfl_sync, int)
    WARPHW_CG_SHFL(shfl_up, __shfl_up_sync, unsigned)
    WARPHW_CG_SHFL(shfl_down, __shfl_down_sync, unsigned)
    WARPHW_CG_SHFL(shfl_xor, __shfl_xor_sync, int)
#undef WARPHW_CG_SHFL
    __device__ int any(int p) const { return __any_sync(mask(), p); }
    __device__ int all(int p) const { return __all_sync(mask(), p); }
    __device__ unsigned ballot(int p) const { return __ballot_sync(mask(), p) >> (rank() % 32 / N * N); }
    /* the tile's lanes holding the same value (match.sync), from bit 0 */
    template <class T> __device__ unsigned match_any(T v) const
    {
        return __match_any_sync(mask(), v) >> (rank() % 32 / N * N);
    }
    template <class T> __device__ unsigned match_all(T v, int &pred) const
    {
        return __match_all_sync(mask(), v, &pred) >> (rank() % 32 / N * N);
    }
};
template <unsigned N> static __device__ inline thread_block_tile<N> tiled_partition(const thread_block &)
{
    return thread_block_tile<N>();
}
template <unsigned N> static __device__ inline void sync(const thread_block_tile<N> &t) { t.sync(); }

/* the threads of the warp that arrive together (__activemask) */
class coalesced_group {
    unsigned m;
    __device__ static unsigned lane() { return this_thread_block().thread_rank() % 32; }
    /* the lane of rank r: the r-th set bit of the mask */
    __device__ unsigned lane_of(unsigned r) const
    {
        unsigned x = m;
        for (unsigned i = 0; i < r && x; i++) x &= x - 1;
        return x ? (unsigned)__builtin_ctz(x) : 32;
    }
    /* the ranks' bits of lanes' bits b */
    __device__ unsigned ranks(unsigned b) const
    {
        unsigned r = 0, k = 0;
        for (unsigned l = 0; l < 32; l++)
            if (m >> l & 1) r |= (b >> l & 1) << k++;
        return r;
    }

public:
    __device__ explicit coalesced_group(unsigned mask) : m(mask) {}
    __device__ unsigned mask() const { return m; }
    __device__ void sync() const { __syncwarp(m); }
    __device__ unsigned thread_rank() const { return (unsigned)__builtin_popcount(m & ((1u << lane()) - 1)); }
    __device__ unsigned size() const { return (unsigned)__builtin_popcount(m); }
    __device__ unsigned num_threads() const { return size(); }
    __device__ unsigned meta_group_rank() const { return 0; }
    __device__ unsigned meta_group_size() const { return 1; }
    template <class T> __device__ T shfl(T v, unsigned r) const
    {
        static_assert(sizeof(T) == 4 || sizeof(T) == 8, "a group shuffles 4- and 8-byte values");
        unsigned long long u = 0;
        __builtin_memcpy(&u, &v, sizeof(T));
        unsigned src = lane_of(r);
        unsigned lo = (unsigned)__shfl_sync(m, (int)(unsigned)u, (int)src);
        unsigned hi = sizeof(T) == 8 ? (unsigned)__shfl_sync(m, (int)(unsigned)(u >> 32), (int)src) : 0;
        u = (unsigned long long)hi << 32 | lo;
        T y;
        __builtin_memcpy(&y, &u, sizeof(T));
        return y;
    }
    __device__ int any(int p) const { return __any_sync(m, p); }
    __device__ int all(int p) const { return __all_sync(m, p); }
    __device__ unsigned ballot(int p) const { return ranks(__ballot_sync(m, p)); }
};
static __device__ inline coalesced_group coalesced_threads() { return coalesced_group(__activemask()); }
static __device__ inline void sync(const coalesced_group &g) { g.sync(); }
#endif

/* the grid: its ranks and sizes; a grid-wide barrier is refused when a
 * kernel calls it (a template member: compiled only where it is used) */
class grid_group {
public:
    __device__ unsigned long long thread_rank() const
    {
        return (unsigned long long)block_rank() * this_thread_block().size() + this_thread_block().thread_rank();
    }
    __device__ unsigned long long size() const { return (unsigned long long)num_blocks() * this_thread_block().size(); }
    __device__ unsigned long long num_threads() const { return size(); }
    __device__ unsigned block_rank() const { return (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x; }
    __device__ unsigned num_blocks() const { return gridDim.x * gridDim.y * gridDim.z; }
    __device__ bool is_valid() const { return true; }
    template <class U = int> __device__ void sync() const
    {
        static_assert(sizeof(U) == 0, "this_grid().sync(): a grid-wide barrier needs every CTA of the grid "
                                      "resident at once, which the SM model does not model (CTAs run as slots free up)");
    }
};
static __device__ inline grid_group this_grid() { return grid_group(); }

} // namespace cooperative_groups

#endif
