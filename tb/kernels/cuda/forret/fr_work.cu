/* SPDX-License-Identifier: Apache-2.0 */
/* fr_work.cu -- work loops left only by a return (docs/ptx.md, "Loops left
 * only by a return"): `for (;;) { i = next(); if (i >= n) return; work(i);
 * __syncthreads(); }`, as persistent and work-list kernels write them.
 * Blocks of 64 threads over the 500 words of in (random).
 * - fr_work: next() depends on the thread (a stride of 7, 14 or 21 items):
 *   each thread leaves after its own number of rounds, writing what it
 *   gathered from its neighbour's slot of shared memory (the neighbour may
 *   have left: its last value stays there);
 * - fr_shared: next() is one item for the whole block, taken by thread 0
 *   from a shared counter after a barrier (the return is the same for every
 *   thread: this ran before), then a second, thread-dependent return when
 *   the item's word says so. */
#define NT 64

extern "C" __global__ void fr_work(const unsigned *in, int n, unsigned *out)
{
    __shared__ unsigned s[NT];
    const int t = threadIdx.x;
    s[t] = 0u; /* a thread that leaves early still leaves its slot set */
    __syncthreads();
    const int step = 7 * (t % 3 + 1);
    unsigned acc = t;
    for (int k = 0;; k++) {
        const int i = blockIdx.x * NT + t + k * step;
        if (i >= n) {
            out[blockIdx.x * NT + t] = acc + 1000u * (unsigned)k;
            return;
        }
        s[t] = (in[i] & 0xffffu) + acc;
        __syncthreads();
        acc = acc * 3u + (s[(t + 1) % NT] & 0xfffu);
        __syncthreads();
    }
}

extern "C" __global__ void fr_shared(const unsigned *in, int n, unsigned *out)
{
    __shared__ int item;
    __shared__ unsigned s[NT];
    const int t = threadIdx.x;
    s[t] = 0u; /* a thread that leaves early still leaves its slot set */
    __syncthreads();
    unsigned acc = 0;
    if (t == 0) item = blockIdx.x * 3;
    __syncthreads();
    for (;;) {
        const int i = item;
        if (i >= n) return;
        const unsigned w = in[i] ^ (unsigned)t;
        if (t != 0 && (w & 63u) == 5u) { /* thread-dependent; thread 0 stays */
            out[NT * gridDim.x + blockIdx.x * NT + t] = acc;
            return;
        }
        s[t] = w >> 8;
        __syncthreads();
        acc += s[NT - 1 - t] & 0xffu;
        out[blockIdx.x * NT + t] = acc;
        if (t == 0) item = i + 5;
        __syncthreads();
    }
}
