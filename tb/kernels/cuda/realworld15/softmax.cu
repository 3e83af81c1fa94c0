/* SPDX-License-Identifier: Apache-2.0 */
/* softmax.cu -- a row softmax as 2020s inference code writes it: one CTA a
 * row of `cols` floats, each thread a strided slice of the row; the row's
 * maximum and the sum of exp(x - max) by a __shfl_xor_sync butterfly in
 * each warp (every lane ends with the warp's value), the warp partials
 * through shared memory (one slot a warp, three warps: not a power of two),
 * combined by a second butterfly in warp 0 and broadcast through shared
 * memory; y = exp(x - max) / sum, the row's max and sum written beside it.
 * The inputs are random words mapped to [-8, 8) in steps of 1/256.
 *
 * The host reference cannot run a shuffle one thread after another.  Under
 * the host half (no __CUDA_ARCH__) the butterfly is done through shared
 * memory and barriers instead (every thread of the block calls it, so the
 * barriers are uniform): each thread publishes its value, then works out
 * its lane's result from its warp's 32 values, step by step in the same
 * order of operations as the shuffles. */
#define FULL 0xffffffffu

#ifdef __CUDA_ARCH__
__device__ float bfly_max(float v)
{
    for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_xor_sync(FULL, v, o));
    return v;
}
__device__ float bfly_sum(float v)
{
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(FULL, v, o);
    return v;
}
#else
static float bfly_host(float v, int op)
{
    __shared__ float pub[1024];
    const unsigned t = threadIdx.x, base = t & ~31u;
    pub[t] = v;
    __syncthreads();
    float w[32], n[32];
    for (int l = 0; l < 32; l++) w[l] = pub[base + l];
    __syncthreads();
    for (int o = 16; o > 0; o >>= 1) {
        for (int l = 0; l < 32; l++) n[l] = op ? w[l] + w[l ^ o] : fmaxf(w[l], w[l ^ o]);
        for (int l = 0; l < 32; l++) w[l] = n[l];
    }
    return w[t & 31];
}
static float bfly_max(float v) { return bfly_host(v, 0); }
static float bfly_sum(float v) { return bfly_host(v, 1); }
#endif

/* the block's value of a per-thread partial: butterfly in each warp, one
 * slot a warp, butterfly over the slots in warp 0, broadcast */
__device__ float block_reduce(float v, bool sum)
{
    __shared__ float part[32];
    __shared__ float all;
    const int lane = threadIdx.x & 31, wid = threadIdx.x >> 5, nw = (blockDim.x + 31) >> 5;
    v = sum ? bfly_sum(v) : bfly_max(v);
    if (lane == 0) part[wid] = v;
    __syncthreads();
    if (wid == 0) {
        float p = lane < nw ? part[lane] : (sum ? 0.0f : -INFINITY);
        p = sum ? bfly_sum(p) : bfly_max(p);
        if (lane == 0) all = p;
    }
#ifndef __CUDA_ARCH__
    else { /* the other warps meet warp 0's barriers in the host's butterfly */
        bfly_max(0.0f);
    }
#endif
    __syncthreads();
    return all;
}

extern "C" __global__ void softmax(const unsigned *__restrict__ in, float *__restrict__ x,
                                   float *__restrict__ y, float *__restrict__ stats, int cols)
{
    const int row = blockIdx.x;
    const unsigned *ir = in + (size_t)row * cols;
    float *xr = x + (size_t)row * cols, *yr = y + (size_t)row * cols;
    float m = -INFINITY;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) {
        const float v = (float)((int)(ir[c] & 4095) - 2048) / 256.0f;
        xr[c] = v;
        m = fmaxf(m, v);
    }
    m = block_reduce(m, false);
    float s = 0.0f;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) s += __expf(xr[c] - m);
    s = block_reduce(s, true);
    const float inv = 1.0f / s;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) yr[c] = __expf(xr[c] - m) * inv;
    if (threadIdx.x == 0) {
        stats[2 * row] = m;
        stats[2 * row + 1] = s;
    }
}
