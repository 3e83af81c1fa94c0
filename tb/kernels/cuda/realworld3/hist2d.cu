/* SPDX-License-Identifier: Apache-2.0 */
/* hist2d.cu -- a 2-D histogram (8 x 8 bins) of packed points, per block in
 * shared memory with shared atomics, merged with global atomics.  Each
 * thread has its own number of points (0..12); the block loops while
 * __syncthreads_or says some thread still has one (the early exit of a
 * block whose threads are done), so the rounds are the block's largest
 * count, which thread 0 records with atomicMax.  __syncthreads_and checks
 * that every point fell inside the grid. */
#define BX 8
#define BY 8
extern "C" __global__ void hist2d(const unsigned *pts, const unsigned *cnt, unsigned *hist, int per)
{
    __shared__ unsigned h[BX * BY];
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    h[threadIdx.x] = 0; /* blockDim.x == BX * BY */
    __syncthreads();
    unsigned mine = cnt[t] % 13, k = 0, inside = 1;
    while (__syncthreads_or(k < mine)) {
        if (k < mine) {
            unsigned p = pts[t * per + k];
            unsigned x = (p & 0xffffu) % 10u, y = (p >> 16) % 9u;
            if (x < BX && y < BY) atomicAdd(&h[y * BX + x], 1u);
            else inside = 0;
        }
        k++;
    }
    int all = __syncthreads_and(inside);
    atomicAdd(&hist[threadIdx.x], h[threadIdx.x]);
    if (threadIdx.x == 0) {
        atomicMax(&hist[BX * BY], k);
        atomicAdd(&hist[BX * BY + 1], (unsigned)all);
    }
}
