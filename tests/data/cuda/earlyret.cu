/* SPDX-License-Identifier: Apache-2.0 */
/* earlyret.cu -- the eighth round (docs/ptx.md): a block sum of pairs as
 * much real-world code writes it, threads past the end returning before
 * the barrier (earlyret: refused, with a line that names the early
 * return), and the same with every thread kept to the barrier
 * (earlyret_kept: runs).  Each thread adds its element to its neighbour's
 * (tid ^ 1) after the barrier; n does not fill the last block. */
extern "C" __global__ void earlyret(const int *in, int n, int *out)
{
    __shared__ int s[64];
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    s[threadIdx.x] = in[i];
    __syncthreads();
    const int j = threadIdx.x ^ 1;
    const int v = blockIdx.x * blockDim.x + j < n ? s[j] : 0;
    out[i] = v + s[threadIdx.x];
}

extern "C" __global__ void earlyret_kept(const int *in, int n, int *out)
{
    __shared__ int s[64];
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) s[threadIdx.x] = in[i];
    __syncthreads();
    if (i < n) {
        const int j = threadIdx.x ^ 1;
        const int v = blockIdx.x * blockDim.x + j < n ? s[j] : 0;
        out[i] = v + s[threadIdx.x];
    }
}
