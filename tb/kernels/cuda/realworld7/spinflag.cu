/* SPDX-License-Identifier: Apache-2.0 */
/* spinflag.cu -- a producer/consumer pipeline inside one block, as code
 * written for Volta's independent thread scheduling does it: the first
 * warps of the block (the producers) scale a chunk of the input into a
 * shared staging buffer and count themselves in with a shared atomicAdd
 * after __threadfence_block(); the other threads (the consumers) spin on
 * that count through a volatile read, with no barrier between them, then
 * fold their part of the chunk into a running value.  A barrier ends each
 * round before the buffer is reused.  (A count of the consumers that had
 * to wait would depend on the schedule, and the reference could not tell:
 * docs/ptx.md, "Seventh round".)  __launch_bounds__ gives clang the
 * block size (.maxntid, .minnctapersm). */
#define PROD 32 /* producer threads; the rest of the block consumes */

extern "C" __global__ void __launch_bounds__(64, 2)
    spinflag(const int *__restrict__ in, int rounds, int scale, int *__restrict__ out,
             int *__restrict__ last)
{
    __shared__ int ready;
    __shared__ volatile int stage[PROD];
    const int t = threadIdx.x, ncons = blockDim.x - PROD;
    const int *chunk = in + blockIdx.x * rounds * PROD;
    int acc = t;
    if (t == 0) ready = 0;
    __syncthreads();
    for (int r = 0; r < rounds; r++) {
        if (t < PROD) {
            stage[t] = chunk[r * PROD + t] * scale + r;
            __threadfence_block();
            atomicAdd(&ready, 1);
        } else {
            /* wait until every producer of this round has counted itself in */
            while (*(volatile int *)&ready < PROD * (r + 1)) {
            }
            for (int k = t - PROD; k < PROD; k += ncons)
                acc = acc * 31 + (stage[k] ^ (k << 3));
        }
        __syncthreads();
    }
    out[blockIdx.x * blockDim.x + t] = acc;
    if (t == 0) last[blockIdx.x] = ready; /* PROD * rounds */
}
