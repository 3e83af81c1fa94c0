/* SPDX-License-Identifier: Apache-2.0 */
/* gstride.cu -- grid-stride loops with a grid much smaller than the
 * data: each thread walks i, i + blockDim*gridDim, ... over n elements (a
 * trip count that differs by one between threads when n is not a
 * multiple), doing a saturating int8 add, a float blend, and a histogram
 * of 16 bins per block in shared memory merged with global atomics. */
extern "C" __global__ void gstride(const signed char *a, const signed char *b, signed char *c, const float *u,
                                      float *v, unsigned *hist, int n)
{
    __shared__ unsigned h[16];
    if (threadIdx.x < 16) h[threadIdx.x] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        int s = a[i] + b[i];
        c[i] = (signed char)(s > 127 ? 127 : (s < -128 ? -128 : s));
        v[i] = u[i] * 0.25f + v[i] * 0.75f;
        atomicAdd(&h[(unsigned char)a[i] >> 4], 1u);
    }
    __syncthreads();
    if (threadIdx.x < 16) atomicAdd(&hist[threadIdx.x], h[threadIdx.x]);
}
