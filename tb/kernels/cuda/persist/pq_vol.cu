/* SPDX-License-Identifier: Apache-2.0 */
/* pq_vol.cu -- the persistent-block work queue as much code writes it: the
 * broadcast word declared `volatile __shared__`, so every read is an
 * ld.volatile.shared.  Thread 0 takes the next item (a row of a matrix)
 * with atomicAdd; after the barrier every thread reads the item and the
 * block returns together at the end of the queue.  A row's work: each
 * thread sums a data-dependent number of its columns' digits, a shared
 * exclusive scan (Hillis-Steele, two barriers a step) gives each thread
 * its offset, and the row's values are written compacted.  Before 2026-11-30
 * (persist) the volatile read was a seed of thread-dependence and the
 * kernel was refused ("barrier under divergent control"). */
extern "C" __global__ void pq_vol(const unsigned *in, int n, unsigned *head, unsigned *out,
                                  unsigned *len)
{
    volatile __shared__ int item;
    __shared__ unsigned scan[64];
    const int t = threadIdx.x, nt = blockDim.x;
    for (;;) {
        if (t == 0) item = (int)atomicAdd(head, 1u);
        __syncthreads();
        const int i = item;
        if (i >= n) return;
        unsigned v = in[i * nt + t], keep = v % 3u != 0u, d = 0;
        for (unsigned x = v; x; x /= 10u) d += x % 10u; /* a per-thread trip count */
        scan[t] = keep;
        __syncthreads();
        for (int s = 1; s < nt; s <<= 1) {
            unsigned a = t >= s ? scan[t - s] : 0u;
            __syncthreads();
            scan[t] += a;
            __syncthreads();
        }
        if (keep) out[i * nt + scan[t] - 1u] = d;
        if (t == nt - 1) len[i] = scan[t];
        __syncthreads();
    }
}
