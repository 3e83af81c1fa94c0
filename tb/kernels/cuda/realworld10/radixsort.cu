/* SPDX-License-Identifier: Apache-2.0 */
/* radixsort.cu -- a least-significant-digit radix sort of (key, value)
 * pairs, as GPU sort libraries write the simple variant: 4-bit digits,
 * one pass a digit of the 16-bit keys, three launches a pass from a host loop
 * (radixsort.launch, a `for` over the passes with the key and value
 * buffers swapped each pass by an expression):
 * - rs_hist: each block counts its tile's digits in shared memory with
 *   shared atomicAdd and writes the counts digit-major (hist[d * nb + b]),
 *   so one exclusive scan of the whole table gives every block's offset;
 * - rs_scan: one block scans the table: each thread adds a chunk of it
 *   serially, a Hillis-Steele scan of the chunk sums in shared memory,
 *   then each thread writes its chunk's exclusive prefixes;
 * - rs_scatter: each thread's rank among the earlier threads of its block
 *   with the same digit (a loop of data-dependent length over the tile's
 *   digits in shared memory: stable), the key and value stored at the
 *   block's offset plus the rank.
 * n is not a multiple of the block: the last tile is cut short (its
 * missing threads hold digit 16, which nobody counts).  rs_init makes the
 * keys from random words with many equal digits and equal keys; the
 * values are the input indices, so stability shows in the output. */
#define RADIX 16

extern "C" __global__ void rs_init(const unsigned *__restrict__ rnd, int n, unsigned *keys, unsigned *vals)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const unsigned r = rnd[i];
    keys[i] = (r & 0xf30fu) ^ ((r >> 28 & 3u) << 4); /* digits 1 and 2 take 4 values */
    vals[i] = (unsigned)i;
}

extern "C" __global__ void rs_hist(const unsigned *keys, int n, int shift, unsigned *hist)
{
    __shared__ unsigned cnt[RADIX];
    const int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
    if (t < RADIX) cnt[t] = 0;
    __syncthreads();
    if (i < n) atomicAdd(&cnt[(keys[i] >> shift) & (RADIX - 1)], 1u);
    __syncthreads();
    if (t < RADIX) hist[t * gridDim.x + blockIdx.x] = cnt[t];
}

extern "C" __global__ void rs_scan(unsigned *hist, int m)
{
    extern __shared__ unsigned part[];
    const int t = threadIdx.x, per = (m + blockDim.x - 1) / blockDim.x;
    const int lo = t * per, hi = lo + per < m ? lo + per : m;
    unsigned s = 0;
    for (int j = lo; j < hi; j++) s += hist[j];
    part[t] = s;
    __syncthreads();
    for (int off = 1; off < (int)blockDim.x; off *= 2) {
        const unsigned v = t >= off ? part[t - off] : 0u;
        __syncthreads();
        part[t] += v;
        __syncthreads();
    }
    unsigned run = part[t] - s; /* exclusive: the chunks before this one */
    for (int j = lo; j < hi; j++) {
        const unsigned c = hist[j];
        hist[j] = run;
        run += c;
    }
}

extern "C" __global__ void rs_scatter(const unsigned *__restrict__ kin, const unsigned *__restrict__ vin,
                                      unsigned *kout, unsigned *vout, int n, int shift, const unsigned *hist)
{
    extern __shared__ unsigned char dig[];
    const int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
    const unsigned k = i < n ? kin[i] : 0u;
    const unsigned d = i < n ? (k >> shift) & (RADIX - 1) : RADIX;
    dig[t] = (unsigned char)d;
    __syncthreads();
    if (i >= n) return; /* after the only barrier */
    unsigned rank = 0;
    for (int j = 0; j < t; j++) rank += dig[j] == d;
    const unsigned pos = hist[d * gridDim.x + blockIdx.x] + rank;
    kout[pos] = k;
    vout[pos] = vin[i];
}
