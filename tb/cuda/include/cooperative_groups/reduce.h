/* SPDX-License-Identifier: Apache-2.0 */
/*
 * <cooperative_groups/reduce.h>: cg::reduce(group, value, op) on a
 * thread_block_tile<N> or a coalesced_group, with the operators cg::plus,
 * cg::less (the smaller of two), cg::greater (the larger), cg::bit_and,
 * cg::bit_or, cg::bit_xor (docs/ptx.md, "CUDA header: cooperative groups").
 * Every thread of the group gets the result.  A tile combines by a butterfly
 * of shfl_xor (log2 N steps), a coalesced group by its ranks in order (one
 * shuffle per member): a float sum's rounding follows that order.  Device
 * side only, as the groups.
 */
#ifndef WARPHW_CG_REDUCE_H
#define WARPHW_CG_REDUCE_H
#include "../cooperative_groups.h"

namespace cooperative_groups {

template <class T> struct plus {
    __device__ T operator()(T a, T b) const { return a + b; }
};
template <class T> struct less {
    __device__ T operator()(T a, T b) const { return b < a ? b : a; }
};
template <class T> struct greater {
    __device__ T operator()(T a, T b) const { return a < b ? b : a; }
};
template <class T> struct bit_and {
    __device__ T operator()(T a, T b) const { return a & b; }
};
template <class T> struct bit_or {
    __device__ T operator()(T a, T b) const { return a | b; }
};
template <class T> struct bit_xor {
    __device__ T operator()(T a, T b) const { return a ^ b; }
};

#ifdef __CUDA_ARCH__
template <unsigned N, class T, class Op> __device__ T reduce(const thread_block_tile<N> &g, T v, Op op)
{
    for (unsigned d = N / 2; d > 0; d /= 2) v = op(v, g.shfl_xor(v, (int)d));
    return v;
}
template <class T, class Op> __device__ T reduce(const coalesced_group &g, T v, Op op)
{
    T r = g.shfl(v, 0);
    for (unsigned k = 1; k < g.size(); k++) r = op(r, g.shfl(v, k));
    return r;
}
#endif

} // namespace cooperative_groups

#endif
