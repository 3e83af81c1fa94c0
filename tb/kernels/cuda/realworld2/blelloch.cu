/* SPDX-License-Identifier: Apache-2.0 */
/* blelloch.cu -- Blelloch's work-efficient exclusive prefix sum of one block's
 * 2*blockDim elements in dynamic shared memory: the up-sweep (reduce)
 * with the stride doubling, the root cleared, the down-sweep swapping and
 * adding, a barrier between levels; each block also writes its total.
 * Sizes are powers of two (the launch's block and shared_dynamic). */
WARPHW_DYNAMIC_SHARED(unsigned, s);
extern "C" __global__ void blelloch(const unsigned *in, unsigned *out, unsigned *sums)
{
    int t = threadIdx.x, m = 2 * blockDim.x;
    const unsigned *b = in + blockIdx.x * m;
    s[2 * t] = b[2 * t];
    s[2 * t + 1] = b[2 * t + 1];
    int off = 1;
    for (int d = m >> 1; d > 0; d >>= 1) {
        __syncthreads();
        if (t < d) {
            int ai = off * (2 * t + 1) - 1, bi = off * (2 * t + 2) - 1;
            s[bi] += s[ai];
        }
        off *= 2;
    }
    if (t == 0) {
        sums[blockIdx.x] = s[m - 1];
        s[m - 1] = 0;
    }
    for (int d = 1; d < m; d *= 2) {
        off >>= 1;
        __syncthreads();
        if (t < d) {
            int ai = off * (2 * t + 1) - 1, bi = off * (2 * t + 2) - 1;
            unsigned v = s[ai];
            s[ai] = s[bi];
            s[bi] += v;
        }
    }
    __syncthreads();
    out[blockIdx.x * m + 2 * t] = s[2 * t];
    out[blockIdx.x * m + 2 * t + 1] = s[2 * t + 1];
}
