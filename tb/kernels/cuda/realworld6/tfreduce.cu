/* SPDX-License-Identifier: Apache-2.0 */
/* tfreduce.cu -- a single-pass sum of a float array in the manner of the
 * CUDA SDK's threadFenceReduction: each block reduces its share (a
 * grid-stride first add, then a tree in shared memory), thread 0 writes
 * the block's partial sum to global memory, makes it visible with
 * __threadfence(), and takes a ticket with atomicInc on a global counter.
 * The block that draws the last ticket (it learns so through a shared
 * flag after a barrier) sums every partial in block order and writes the
 * total, then sets the counter back to 0 for the next launch.  Which
 * block is last depends on the schedule; what it computes does not (the
 * partials are added in a fixed order).  The element count is not a
 * multiple of the block, nor the grid of anything. */
#define BLOCK 1024 /* the largest block CUDA allows */

__device__ unsigned retirement;

__device__ float block_sum(float v, float *s)
{
    unsigned t = threadIdx.x;
    s[t] = v;
    __syncthreads();
    for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
        if (t < k) s[t] += s[t + k];
        __syncthreads();
    }
    return s[0];
}

extern "C" __global__ void tfreduce(const unsigned *in, int n, float *partial, float *total,
                                    unsigned *lastblock)
{
    __shared__ float s[BLOCK];
    __shared__ bool amLast;
    float v = 0.0f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        /* a float in [-8, 8) from the input word's top bits */
        v += (float)(int)(in[i] >> 16) * (1.0f / 4096.0f) - 8.0f;
    }
    float b = block_sum(v, s);
    if (threadIdx.x == 0) {
        partial[blockIdx.x] = b;
        __threadfence();
        unsigned ticket = atomicInc(&retirement, gridDim.x);
        amLast = (ticket == gridDim.x - 1);
    }
    __syncthreads();
    if (amLast) {
        float w = 0.0f;
        for (unsigned i = threadIdx.x; i < gridDim.x; i += blockDim.x) w += partial[i];
        float t = block_sum(w, s);
        if (threadIdx.x == 0) {
            *total = t;
            *lastblock = 1u;
            retirement = 0;
        }
    }
}
