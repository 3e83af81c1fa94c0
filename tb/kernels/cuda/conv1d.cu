/* SPDX-License-Identifier: Apache-2.0 */
/* conv1d.cu -- a 1-D convolution with a 7-tap filter in constant memory
 * (__constant__: a .const variable with its initialiser) over a signal
 * staged in shared memory with a halo (the CTA's edge threads load it; the
 * signal's ends are zero-padded), accumulated in double precision; a
 * __device__ counter counts the CTAs (global atomics on a module variable:
 * it lives after mem_bytes, where the SM model's check sees it; nothing
 * reads it back, which would depend on the order of the CTAs). */
#define R 3
__constant__ float taps[2 * R + 1] = {0.0625f, -0.125f, 0.25f, 0.5f, 0.25f, -0.125f, 0.0625f};
__device__ unsigned ctas_seen;
extern "C" __global__ void conv1d(const unsigned *rnd, double *out, int n)
{
    __shared__ float x[128 + 2 * R];
    int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
    x[t + R] = i < n ? (float)(int)(rnd[i] % 2001u) / 100.0f - 10.0f : 0.0f;
    if (t < R) {
        int j = i - R;
        x[t] = j >= 0 && j < n ? (float)(int)(rnd[j] % 2001u) / 100.0f - 10.0f : 0.0f;
    }
    if (t >= (int)blockDim.x - R) {
        int j = i + R;
        x[t + 2 * R] = j < n ? (float)(int)(rnd[j] % 2001u) / 100.0f - 10.0f : 0.0f;
    }
    if (t == 0) atomicAdd(&ctas_seen, 1u);
    __syncthreads();
    double acc = 0.0;
    for (int k = 0; k <= 2 * R; k++) acc = acc + (double)taps[k] * (double)x[t + k];
    if (i < n) out[i] = acc;
}
