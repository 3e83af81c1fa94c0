/* SPDX-License-Identifier: Apache-2.0 */
/* pq_return.cu -- persistent blocks over a global work queue, one item per
 * block at a time: thread 0 takes the next item with atomicAdd on a global
 * head and broadcasts it through a shared word; after the barrier every
 * thread reads it and the block returns together when the queue is empty.
 * An item's work is a per-thread data-dependent loop over the item's row
 * and a block tree sum in shared memory; a second barrier ends the item. */
extern "C" __global__ void pq_return(const unsigned *in, int n, int w, unsigned *head, unsigned *out)
{
    __shared__ int item;
    __shared__ unsigned part[64];
    int t = threadIdx.x;
    for (;;) {
        if (t == 0) item = (int)atomicAdd(head, 1u);
        __syncthreads();
        if (item >= n) return;
        unsigned v = in[item * w + t % w], acc = 0;
        for (unsigned k = v % 13u; k > 0; k--) acc += (v >> k) ^ k; /* per thread */
        part[t] = acc;
        __syncthreads();
        for (int s = blockDim.x / 2; s > 0; s >>= 1) {
            if (t < s) part[t] += part[t + s];
            __syncthreads();
        }
        if (t == 0) out[item] = part[0];
        __syncthreads();
    }
}
