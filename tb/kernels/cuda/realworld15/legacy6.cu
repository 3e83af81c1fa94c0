/* SPDX-License-Identifier: Apache-2.0 */
/* legacy6.cu -- the block sum of the old SDK's sixth reduction, as it is
 * still found in code bases: a template on the block size, each thread
 * adding two elements a trip of a grid-stride loop (gridSize = blockSize *
 * 2 * gridDim.x), a shared tree with barriers down to 64 elements, then
 * the last warp unrolled on a `volatile` pointer WITHOUT __syncwarp
 * (sdata[tid] += sdata[tid + 32] ... + 1), which is right only if the 32
 * threads run in lockstep.  Beside it the same sum as it must be written
 * since Volta: each step reads, __syncwarp(), writes, __syncwarp().
 *
 * Two launches, one entry each: legacy6 writes the legacy sums, modern6 the
 * fixed ones.  The project's answer (docs/ptx.md, "Fifteenth round"): the
 * legacy tail is a data race in CUDA's memory model (no ordering between
 * one lane's write and another lane's read in the same step); the
 * reference runs a CTA's threads one after another between barriers, so
 * its order is one of several, and the run reports the legacy sums
 * ORDER-DEPENDENT (a race), not compared; the fixed sums are well-defined
 * (the bar.warp.sync steps order them) and compared.  The host reference
 * runs the legacy tail in the reference's first order (threads one after
 * another) and so agrees with it; it has no __syncwarp, so under the host
 * half (no __CUDA_ARCH__) lane 0 adds the fixed tail's 64 partials
 * itself. */

template <unsigned blockSize> __device__ void warp_tail_legacy(volatile unsigned *s, unsigned tid)
{
    if (blockSize >= 64) s[tid] += s[tid + 32];
    if (blockSize >= 32) s[tid] += s[tid + 16];
    if (blockSize >= 16) s[tid] += s[tid + 8];
    if (blockSize >= 8) s[tid] += s[tid + 4];
    if (blockSize >= 4) s[tid] += s[tid + 2];
    if (blockSize >= 2) s[tid] += s[tid + 1];
}

template <unsigned blockSize> __device__ void warp_tail_modern(volatile unsigned *s, unsigned tid)
{
#ifdef __CUDA_ARCH__
    for (unsigned o = blockSize >= 64 ? 32 : blockSize / 2; o > 0; o >>= 1) {
        const unsigned v = s[tid] + s[tid + o];
        __syncwarp();
        s[tid] = v;
        __syncwarp();
    }
#else
    /* the host half: no __syncwarp; lane 0 adds the 64 partials itself
     * (integers: the order does not matter) */
    if (tid == 0)
        for (unsigned k = 1; k < (blockSize >= 64 ? 64 : blockSize); k++) s[0] += s[k];
#endif
}

template <unsigned blockSize, bool legacy>
__device__ void reduce6(const unsigned *__restrict__ in, unsigned *out, unsigned n)
{
    __shared__ unsigned sdata[blockSize];
    const unsigned tid = threadIdx.x;
    unsigned i = blockIdx.x * blockSize * 2 + tid;
    const unsigned gridSize = blockSize * 2 * gridDim.x;
    unsigned sum = 0;
    while (i < n) {
        sum += in[i] & 0xffff;
        if (i + blockSize < n) sum += in[i + blockSize] & 0xffff;
        i += gridSize;
    }
    sdata[tid] = sum;
    __syncthreads();
    if (blockSize >= 512) { if (tid < 256) sdata[tid] = sum = sum + sdata[tid + 256]; __syncthreads(); }
    if (blockSize >= 256) { if (tid < 128) sdata[tid] = sum = sum + sdata[tid + 128]; __syncthreads(); }
    if (blockSize >= 128) { if (tid < 64) sdata[tid] = sum = sum + sdata[tid + 64]; __syncthreads(); }
    if (tid < 32) {
        if (legacy) warp_tail_legacy<blockSize>(sdata, tid);
        else warp_tail_modern<blockSize>(sdata, tid);
    }
    if (tid == 0) out[blockIdx.x] = sdata[0];
}

extern "C" __global__ void legacy6(const unsigned *__restrict__ in, unsigned *out, unsigned n)
{
    reduce6<128, true>(in, out, n);
}
extern "C" __global__ void modern6(const unsigned *__restrict__ in, unsigned *out, unsigned n)
{
    reduce6<128, false>(in, out, n);
}
