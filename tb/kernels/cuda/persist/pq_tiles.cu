/* SPDX-License-Identifier: Apache-2.0 */
/* pq_tiles.cu -- persistent blocks over jobs by a grid-stride loop
 * (job = blockIdx.x; job < njobs; job += gridDim.x); a job's extent comes
 * from a descriptor table that thread 0 reads into shared memory (first
 * element, element count, the tile count rounded up), and every thread
 * loops over the tiles with the count read from shared memory: each tile
 * staged into shared memory with its halo, a barrier, a 3-point filter
 * written out, a barrier.  A job's total is a shared atomicAdd, written by
 * thread 0 after the last tile. */
struct Job {
    int first, count, ntiles;
};

/* an element: the word's top 20 bits, signed (no sum overflows) */
__device__ int at(const int *data, int i) { return data[i] >> 12; }

extern "C" __global__ void pq_tiles(const unsigned *desc, int njobs, const int *data, int *out,
                                    int *tot)
{
    __shared__ Job job;
    __shared__ int tile[34];
    __shared__ int sum;
    const int t = threadIdx.x, nt = blockDim.x; /* nt <= 32 */
    for (int j = blockIdx.x; j < njobs; j += gridDim.x) {
        if (t == 0) {
            job.first = (int)(desc[2 * j] % 512u);
            job.count = (int)(desc[2 * j + 1] % 97u);
            job.ntiles = (job.count + nt - 1) / nt;
            sum = 0;
        }
        __syncthreads();
        for (int k = 0; k < job.ntiles; k++) {
            const int base = k * nt, e = base + t;
            tile[t + 1] = e < job.count ? at(data, job.first + e) : 0;
            if (t == 0) tile[0] = base > 0 ? at(data, job.first + base - 1) : 0;
            if (t == nt - 1) tile[nt + 1] = e + 1 < job.count ? at(data, job.first + e + 1) : 0;
            __syncthreads();
            if (e < job.count) {
                int f = tile[t] + 2 * tile[t + 1] + tile[t + 2];
                out[j * 128 + e] = f;
                atomicAdd(&sum, f);
            }
            __syncthreads();
        }
        if (t == 0) tot[j] = sum;
        __syncthreads(); /* job and sum are written again */
    }
}
