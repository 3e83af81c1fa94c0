/* SPDX-License-Identifier: Apache-2.0 */
/* compact.cu -- block-level stream compaction: each block keeps the
 * elements of its chunk above a threshold, in order.  Per tile of
 * blockDim elements __syncthreads_count gives the tile's number of kept
 * elements (the running offset), a Hillis-Steele scan of the flags in
 * shared memory each kept element's place; thread 0 writes the chunk's
 * count.  The last tile is partial. */
extern "C" __global__ void compact(const int *in, int *out, int *counts, int n, int thr)
{
    __shared__ int scan[256];
    const int *src = in + blockIdx.x * n;
    int *dst = out + blockIdx.x * n;
    int total = 0;
    for (int off = 0; off < n; off += blockDim.x) {
        int i = off + threadIdx.x;
        int v = i < n ? src[i] : 0;
        int keep = i < n && v > thr;
        int cnt = __syncthreads_count(keep);
        scan[threadIdx.x] = keep;
        __syncthreads();
        for (int s = 1; s < blockDim.x; s <<= 1) {
            int x = threadIdx.x >= s ? scan[threadIdx.x - s] : 0;
            __syncthreads();
            scan[threadIdx.x] += x;
            __syncthreads();
        }
        if (keep) dst[total + scan[threadIdx.x] - 1] = v;
        total += cnt;
        __syncthreads();
    }
    if (threadIdx.x == 0) counts[blockIdx.x] = total;
}
