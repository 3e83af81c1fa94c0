/* SPDX-License-Identifier: Apache-2.0 */
/* scanadd.cu -- a whole-array exclusive prefix sum as the SDK's scan
 * sample structures it, three launches from the host (scanadd.launch, a
 * sequence): scan_block scans each block's 2 * blockDim elements by
 * Blelloch's up-sweep and down-sweep in shared memory whose indices are
 * padded against bank conflicts (CONFLICT_FREE_OFFSET: one word skipped
 * every 16), elements past n read as 0, and writes each block's total;
 * the same entry then scans the block totals in one block (launched
 * again with other parameters; its own total is the grand total); add_offsets adds each block's scanned
 * total to its elements, thread 0 reading it into shared memory for the
 * block.  n fills neither the last block nor a power of two. */
#define LOG_BANKS 4
#define PAD(i) ((i) >> LOG_BANKS)

extern "C" __global__ void scan_block(const unsigned *in, unsigned *out, unsigned *sums, int n)
{
    extern __shared__ unsigned tmp[]; /* 2 * blockDim + PAD(2 * blockDim) words */
    const int t = threadIdx.x, m = 2 * blockDim.x, base = blockIdx.x * m;
    int ai = t, bi = t + blockDim.x;
    tmp[ai + PAD(ai)] = base + ai < n ? in[base + ai] : 0u;
    tmp[bi + PAD(bi)] = base + bi < n ? in[base + bi] : 0u;
    int off = 1;
    for (int d = m >> 1; d > 0; d >>= 1) {
        __syncthreads();
        if (t < d) {
            int a = off * (2 * t + 1) - 1, b = off * (2 * t + 2) - 1;
            tmp[b + PAD(b)] += tmp[a + PAD(a)];
        }
        off *= 2;
    }
    if (t == 0) {
        sums[blockIdx.x] = tmp[m - 1 + PAD(m - 1)];
        tmp[m - 1 + PAD(m - 1)] = 0;
    }
    for (int d = 1; d < m; d *= 2) {
        off >>= 1;
        __syncthreads();
        if (t < d) {
            int a = off * (2 * t + 1) - 1, b = off * (2 * t + 2) - 1;
            unsigned x = tmp[a + PAD(a)];
            tmp[a + PAD(a)] = tmp[b + PAD(b)];
            tmp[b + PAD(b)] += x;
        }
    }
    __syncthreads();
    if (base + ai < n) out[base + ai] = tmp[ai + PAD(ai)];
    if (base + bi < n) out[base + bi] = tmp[bi + PAD(bi)];
}

extern "C" __global__ void add_offsets(unsigned *out, const unsigned *offsets, int n)
{
    __shared__ unsigned off;
    if (threadIdx.x == 0) off = offsets[blockIdx.x];
    __syncthreads();
    const int base = blockIdx.x * 2 * blockDim.x;
    for (int i = threadIdx.x; i < 2 * (int)blockDim.x; i += blockDim.x)
        if (base + i < n) out[base + i] += off;
}
