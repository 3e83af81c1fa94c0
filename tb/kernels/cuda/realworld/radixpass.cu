/* SPDX-License-Identifier: Apache-2.0 */
/* radixpass.cu -- one pass of a least-significant-digit radix sort on a
 * 4-bit digit: each block counts its digits with shared atomics, scans the
 * 16 counts (Hillis-Steele in shared memory, a barrier per step), ranks
 * each element stably within the block (its digit's offset plus the
 * elements before it with the same digit), writes the block-local order
 * and adds its counts into the global histogram with atomics. */
#define R 16
extern "C" __global__ void radixpass(const unsigned *keys, unsigned *local, unsigned *hist, unsigned *offs,
                                     int n, int shift)
{
    __shared__ unsigned cnt[R];
    __shared__ unsigned scan[2][R];
    __shared__ unsigned char dig[256];
    int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
    if (t < R) cnt[t] = 0;
    __syncthreads();
    unsigned k = i < n ? keys[i] : 0u;
    unsigned d = (k >> shift) & (R - 1);
    dig[t] = i < n ? (unsigned char)d : (unsigned char)0xff;
    if (i < n) atomicAdd(&cnt[d], 1u);
    __syncthreads();
    int p = 0;
    if (t < R) scan[0][t] = t > 0 ? cnt[t - 1] : 0u; /* exclusive */
    __syncthreads();
    for (int s = 1; s < R; s <<= 1) {
        if (t < R) scan[p ^ 1][t] = scan[p][t] + (t >= s ? scan[p][t - s] : 0u);
        p ^= 1;
        __syncthreads();
    }
    if (i < n) {
        unsigned r = scan[p][d];
        for (int j = 0; j < t; j++) r += dig[j] == d;
        local[blockIdx.x * blockDim.x + r] = k;
    }
    if (t < R) {
        offs[blockIdx.x * R + t] = scan[p][t];
        atomicAdd(&hist[t], cnt[t]);
    }
}
