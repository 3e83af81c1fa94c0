/* SPDX-License-Identifier: Apache-2.0 */
/* blockscan.cu -- a CUB-style block scan (BlockScan with the warp-scans
 * algorithm): 128 threads, 4 items a thread in a blocked arrangement
 * (thread t owns items 4t..4t+3, loaded through a uint4), a sequential
 * scan of the thread's items, an inclusive warp scan of the thread totals
 * by five __shfl_up_sync steps (lane >= d adds the value d lanes below),
 * each warp's total through shared memory, warp 0 scanning the totals
 * with __shfl_up_sync again, the exclusive prefix broadcast by
 * __shfl_sync(..., 31) of the inclusive one; then the inclusive and
 * exclusive scans written back (uint4 stores) with the block's aggregate.
 * Integer additions, wrapping: the result does not depend on the order.
 *
 * The host reference cannot run a shuffle one thread after another.  Under
 * the host half (no __CUDA_ARCH__) the two shuffles are done through
 * shared memory and barriers (every thread calls them): each thread
 * publishes its value, then reads the lane it would have read. */
#define FULL 0xffffffffu

#ifdef __CUDA_ARCH__
__device__ unsigned up(unsigned v, unsigned d) { return __shfl_up_sync(FULL, v, d); }
__device__ unsigned from(unsigned v, int l) { return __shfl_sync(FULL, v, l); }
#else
static unsigned pub(unsigned v, int lane_of_src_or_minus)
{
    __shared__ unsigned p[1024];
    const unsigned t = threadIdx.x;
    p[t] = v;
    __syncthreads();
    const unsigned r = lane_of_src_or_minus >= 0 ? p[(t & ~31u) + lane_of_src_or_minus] : v;
    __syncthreads();
    return r;
}
/* shfl.up: a lane below d keeps its own value */
static unsigned up(unsigned v, unsigned d)
{
    const int lane = threadIdx.x & 31;
    return pub(v, lane >= (int)d ? lane - (int)d : lane);
}
static unsigned from(unsigned v, int l) { return pub(v, l); }
#endif

__device__ unsigned warp_incl(unsigned v)
{
    const unsigned lane = threadIdx.x & 31;
    for (unsigned d = 1; d < 32; d <<= 1) {
        const unsigned u = up(v, d);
        if (lane >= d) v += u;
    }
    return v;
}

extern "C" __global__ void blockscan(const uint4 *__restrict__ in, uint4 *incl, uint4 *excl, unsigned *aggr)
{
    __shared__ unsigned wtot[32];
    const unsigned t = threadIdx.x, lane = t & 31, wid = t >> 5, nw = blockDim.x >> 5;
    const size_t g = (size_t)blockIdx.x * blockDim.x + t;
    const uint4 a = in[g];
    uint4 s;
    s.x = a.x & 0xffff;
    s.y = s.x + (a.y & 0xffff);
    s.z = s.y + (a.z & 0xffff);
    s.w = s.z + (a.w & 0xffff);
    const unsigned wi = warp_incl(s.w);
    if (lane == 31) wtot[wid] = wi;
    __syncthreads();
    unsigned wpre = 0, agg;
    if (wid == 0) {
        const unsigned x = lane < nw ? wtot[lane] : 0;
        const unsigned xi = warp_incl(x);
        if (lane < nw) wtot[lane] = xi - x; /* each warp's exclusive prefix */
        agg = from(xi, 31);
        if (lane == 0) aggr[blockIdx.x] = agg;
    }
#ifndef __CUDA_ARCH__
    else { /* meet warp 0's barriers in the host's shuffles */
        warp_incl(0);
        from(0, 31);
    }
#endif
    __syncthreads();
    wpre = wtot[wid];
    const unsigned pre = wpre + wi - s.w; /* the items before this thread's */
    uint4 r;
    r.x = pre + s.x;
    r.y = pre + s.y;
    r.z = pre + s.z;
    r.w = pre + s.w;
    incl[g] = r;
    excl[g] = make_uint4(pre, r.x, r.y, r.z);
}
