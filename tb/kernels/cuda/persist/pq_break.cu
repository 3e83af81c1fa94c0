/* SPDX-License-Identifier: Apache-2.0 */
/* pq_break.cu -- persistent blocks over a global queue of batches: thread 0
 * takes the next batch with atomicAdd and writes its first item and its
 * length (read from a table, 0 to 40 items) to two shared words; after the
 * barrier every thread reads both, leaves the loop with `break` when the
 * queue is empty, and runs a strided loop over the batch whose trip count
 * depends on the shared length and its own index.  After the loop each
 * thread adds what it did to a global total (an order-independent sum)
 * and thread 0 the number of items its block took. */
extern "C" __global__ void pq_break(const unsigned *len, const unsigned *in, int nbatch,
                                    unsigned *head, unsigned *out, unsigned *total)
{
    __shared__ int first, count;
    __shared__ unsigned done;
    int t = threadIdx.x;
    unsigned mine = 0;
    if (t == 0) done = 0;
    for (;;) {
        if (t == 0) {
            int b = (int)atomicAdd(head, 1u);
            first = b < nbatch ? b * 40 : -1;
            count = b < nbatch ? (int)(len[b] % 41u) : 0;
            done += (unsigned)count;
        }
        __syncthreads();
        if (first < 0) break;
        for (int i = t; i < count; i += blockDim.x) {
            unsigned v = in[first + i];
            unsigned r = v;
            while (r > 1000u) r = (r >> 3) + (r & 7u); /* data-dependent */
            out[first + i] = r;
            mine += r;
        }
        __syncthreads(); /* nobody still reads first/count when thread 0 writes them */
    }
    atomicAdd(total, mine);
    if (t == 0) atomicAdd(total + 1, done);
}
