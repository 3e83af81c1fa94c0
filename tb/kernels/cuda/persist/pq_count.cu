/* SPDX-License-Identifier: Apache-2.0 */
/* pq_count.cu -- a block loops until a block-wide vote says it is done:
 * each thread halves its own value (a data-dependent number of steps),
 * and `do { ... } while (__syncthreads_count(busy) > 0)` runs the block
 * until every thread has finished; the count of busy threads, every
 * thread's, is written by thread 0 each round to a log.  Then
 * `while (__syncthreads_or(w >= bound))` rounds shrink another value of
 * each thread until every one is under a bound.  The rounds are
 * block-uniform without a shared load in the source (bar.red's result). */
extern "C" __global__ void pq_count(const unsigned *in, unsigned *out, unsigned *log, int bound)
{
    const int t = threadIdx.x, b = blockIdx.x, nt = blockDim.x;
    unsigned v = in[b * nt + t] >> 12, steps = 0, r = 0;
    int busy;
    do {
        busy = v > 1u;
        if (busy) {
            v = v & 1u ? v - 1u : v / 2u;
            steps++;
        }
        busy = __syncthreads_count(busy);
        if (t == 0 && r < 64u) log[b * 64 + r] = (unsigned)busy;
        r++;
    } while (busy > 0);
    unsigned w = in[b * nt + t] & 0xffffu, k = 0;
    while (__syncthreads_or(w >= (unsigned)bound)) {
        if (w >= (unsigned)bound) {
            w = w * 3u / 4u;
            k++;
        }
    }
    out[b * nt + t] = steps * 65536u + k;
}
