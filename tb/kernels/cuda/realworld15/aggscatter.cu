/* SPDX-License-Identifier: Apache-2.0 */
/* aggscatter.cu -- warp-aggregated atomics as 2020s code writes them, in 2
 * CTAs of 64 threads over 128 random words:
 * - a filter (keep the words whose low byte is below 96) as a compaction
 *   with atomicAggInc: inside the divergent branch, __activemask() gives
 *   the lanes that kept a word, the leader is __ffs(mask) - 1, it alone
 *   does atomicAdd(count, __popc(mask)), the base goes back to the group by
 *   __shfl_sync(mask, base, leader), each lane's slot is the base plus the
 *   lanes of the mask below it (__popc(mask & lanemask_lt));
 * - a bucket scatter: each word's bucket (bits 8..10, 8 buckets) finds the
 *   lanes with the same bucket by __match_any_sync, the group's leader
 *   (__ffs) adds the group's size to the bucket's counter, __shfl_sync
 *   over the group hands out the base, each lane writes its word at
 *   bucket * 64 + base + its rank in the group;
 * - __ballot_sync of the kept words and its __popc written per warp.
 * Which slot a word takes depends on the order of the leaders' atomics
 * (reported ORDER-DEPENDENT, not compared); the counts do not (compared).
 *
 * The host reference cannot run warp code one thread after another: under
 * the host half (no __CUDA_ARCH__) each thread computes its masks in plain
 * C from its warp's words, and the leader (the lowest lane of its group,
 * the first of it to run) leaves the base where the group's other lanes
 * read it.  The host's order (threads first to last) is the reference's
 * first order. */
#define FULL 0xffffffffu

__device__ bool keep(unsigned w) { return (w & 255) < 96; }
__device__ unsigned bucket(unsigned w) { return (w >> 8) & 7; }

#ifndef __CUDA_ARCH__
/* the lanes of thread t's warp whose word satisfies f */
template <class F> static unsigned host_mask(const unsigned *in, unsigned g, F f)
{
    unsigned m = 0;
    for (unsigned l = 0; l < 32; l++)
        if (f(in[(g & ~31u) + l])) m |= 1u << l;
    return m;
}
static unsigned host_base[2][1024];
#endif

/* one slot of *count for the calling lane, one atomic for the lanes here */
__device__ unsigned agg_inc(unsigned *count, const unsigned *in, unsigned g)
{
    const unsigned lane = threadIdx.x & 31;
#ifdef __CUDA_ARCH__
    (void)in;
    (void)g;
    const unsigned mask = __activemask();
#else
    const unsigned mask = host_mask(in, g, keep);
#endif
    const int leader = __ffs(mask) - 1;
    unsigned base = 0;
    if ((int)lane == leader) base = atomicAdd(count, __popc(mask));
#ifdef __CUDA_ARCH__
    base = __shfl_sync(mask, base, leader);
#else
    if ((int)lane == leader) host_base[0][threadIdx.x] = base;
    base = host_base[0][(threadIdx.x & ~31u) + leader];
#endif
    return base + __popc(mask & ((1u << lane) - 1));
}

extern "C" __global__ void aggscatter(const unsigned *__restrict__ in, unsigned *kept, unsigned *nkept,
                                      unsigned *bins, unsigned *binc, unsigned *votes)
{
    const unsigned g = blockIdx.x * blockDim.x + threadIdx.x, lane = threadIdx.x & 31;
    const unsigned w = in[g];
    if (keep(w)) kept[agg_inc(nkept, in, g)] = w;

    const unsigned b = bucket(w);
#ifdef __CUDA_ARCH__
    const unsigned grp = __match_any_sync(FULL, b);
#else
    const unsigned grp = host_mask(in, g, [b](unsigned x) { return bucket(x) == b; });
#endif
    const int leader = __ffs(grp) - 1;
    unsigned base = 0;
    if ((int)lane == leader) base = atomicAdd(&binc[b], __popc(grp));
#ifdef __CUDA_ARCH__
    base = __shfl_sync(grp, base, leader);
#else
    if ((int)lane == leader) host_base[1][threadIdx.x] = base;
    base = host_base[1][(threadIdx.x & ~31u) + leader];
#endif
    bins[b * 64 + base + __popc(grp & ((1u << lane) - 1))] = w;

#ifdef __CUDA_ARCH__
    const unsigned vote = __ballot_sync(FULL, keep(w));
#else
    const unsigned vote = host_mask(in, g, keep);
#endif
    if (lane == 0) {
        votes[2 * (g >> 5)] = vote;
        votes[2 * (g >> 5) + 1] = __popc(vote);
    }
}
