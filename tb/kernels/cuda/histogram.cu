/* SPDX-License-Identifier: Apache-2.0 */
/* histogram.cu -- a 64-bin histogram of bytes: each CTA counts its slice
 * into a shared histogram with shared-memory atomics, then adds it to the
 * global one with global atomics (CUDA SDK histogram64's shape; the result
 * does not depend on the atomics' order). */
extern "C" __global__ void histogram(const unsigned char *data, unsigned *hist, int n)
{
    __shared__ unsigned h[64];
    int t = threadIdx.x;
    if (t < 64) h[t] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + t; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(&h[data[i] & 63u], 1u);
    __syncthreads();
    if (t < 64 && h[t]) atomicAdd(&hist[t], h[t]);
}
