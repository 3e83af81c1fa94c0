/* SPDX-License-Identifier: Apache-2.0 */
/* warpsum.cu -- the classic warp-synchronous block reduction: a shared
 * tree down to 64 elements with barriers, then the last warp unrolled on a
 * volatile shared pointer with no barrier (sdata[t] += sdata[t + 32], +16,
 * ... +1), relying on the 32 threads of a warp running in lockstep.  CUDA
 * has not promised that since Volta (it needs __syncwarp); the reference
 * runs a CTA's threads one after another between barriers, so thread 0
 * finishes its unrolled steps before thread 1 starts: the result depends
 * on the schedule and must be reported, never silently taken as right. */
extern "C" __global__ void warpsum(const unsigned *in, unsigned *out)
{
    __shared__ unsigned sdata[256];
    unsigned t = threadIdx.x;
    sdata[t] = in[blockIdx.x * blockDim.x + t];
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 32; s >>= 1) {
        if (t < s) sdata[t] += sdata[t + s];
        __syncthreads();
    }
    if (t < 32) {
        volatile unsigned *v = sdata;
        v[t] += v[t + 32];
        v[t] += v[t + 16];
        v[t] += v[t + 8];
        v[t] += v[t + 4];
        v[t] += v[t + 2];
        v[t] += v[t + 1];
    }
    if (t == 0) out[blockIdx.x] = sdata[0];
}
