/* SPDX-License-Identifier: Apache-2.0 */
/* h2dot.cu -- a half-precision dot product as mixed-precision code writes
 * it: the vectors as __half2 pairs read through `const __half2
 * *__restrict__` and __ldg, a grid-stride loop over a 64-bit index
 * (size_t i, size_t stride = gridDim.x * blockDim.x, n a u64 parameter),
 * each pair multiplied by __hmul2 (two half products, each rounded to half)
 * and accumulated in float through __half22float2; beside it a pure-half
 * accumulation by __hfma2 (rounded at every step: the classic reason to
 * accumulate in float), each thread's two sums written, each warp's
 * pure-half sums by a __shfl_xor_sync butterfly on __half2, then the
 * block's float sums by a shared tree with barriers.  The inputs are random words
 * made into halves of magnitude below 4 (the exponent field clamped).
 * The host reference runs the same source (its half arithmetic is the
 * project's, tb/simt/ptx_half.c), the butterfly through shared memory. */
#include <cuda_fp16.h>

/* a random word as a __half2 of two finite halves below 4 in magnitude */
__device__ __half2 make_pair(unsigned w)
{
    unsigned short lo = (unsigned short)(w & 0xffff), hi = (unsigned short)(w >> 16);
    lo = (unsigned short)((lo & 0x83ff) | ((lo >> 10 & 15) + 1) << 10); /* exponent 1..16 */
    hi = (unsigned short)((hi & 0x83ff) | ((hi >> 10 & 15) + 1) << 10);
    return __halves2half2(__ushort_as_half(lo), __ushort_as_half(hi));
}

extern "C" __global__ void h2prep(const unsigned *__restrict__ rnd, __half2 *a, __half2 *b, unsigned long long n)
{
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
        a[i] = make_pair(rnd[2 * i]);
        b[i] = make_pair(rnd[2 * i + 1]);
    }
}

/* the warp's sum of a __half2 by a __shfl_xor_sync butterfly on __half2
 * (every lane ends with it); the host half through shared memory and
 * barriers (every thread calls it), in the same order of operations */
__device__ __half2 warp_hsum(__half2 v)
{
#ifdef __CUDA_ARCH__
    for (int o = 16; o > 0; o >>= 1) v = __hadd2(v, __shfl_xor_sync(0xffffffffu, v, o));
    return v;
#else
    __shared__ __half2 pub[1024];
    const unsigned t = threadIdx.x, base = t & ~31u;
    pub[t] = v;
    __syncthreads();
    __half2 w[32], n[32];
    for (int l = 0; l < 32; l++) w[l] = pub[base + l];
    __syncthreads();
    for (int o = 16; o > 0; o >>= 1) {
        for (int l = 0; l < 32; l++) n[l] = __hadd2(w[l], w[l ^ o]);
        for (int l = 0; l < 32; l++) w[l] = n[l];
    }
    return w[t & 31];
#endif
}

extern "C" __global__ void h2dot(const __half2 *__restrict__ a, const __half2 *__restrict__ b, float *thread_f,
                                 __half2 *thread_h, float *block_f, __half2 *warp_h, unsigned long long n)
{
    __shared__ float red[64];
    const size_t tid = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    const size_t stride = (size_t)gridDim.x * blockDim.x;
    float acc = 0.0f;
    __half2 hacc = __float2half2_rn(0.0f);
    for (size_t i = tid; i < n; i += stride) {
        const __half2 x = __ldg(&a[i]), y = __ldg(&b[i]);
        const float2 p = __half22float2(__hmul2(x, y));
        acc += p.x;
        acc += p.y;
        hacc = __hfma2(x, y, hacc);
    }
    thread_f[tid] = acc;
    thread_h[tid] = hacc;
    const __half2 wh = warp_hsum(hacc);
    if ((threadIdx.x & 31) == 0) warp_h[tid >> 5] = wh;
    red[threadIdx.x] = acc;
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) red[threadIdx.x] += red[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0) block_f[blockIdx.x] = red[0];
}
