/* SPDX-License-Identifier: Apache-2.0 */
/* fr_loops.cu -- loops left only by a return, in the shapes persistent and
 * iterative kernels write them (docs/ptx.md, "Loops left only by a
 * return"); blocks of 64 threads, each thread's v from in (random words),
 * its result in out at its own index:
 * - fr_after: the return after the barrier (a thread leaves once its value
 *   passes a bound; its neighbour reads its last value afterwards);
 * - fr_two: two returns, one before the barrier and one after it;
 * - fr_nest: an outer loop left only by a return, an inner loop of a
 *   thread-dependent trip count without a barrier, and a second inner loop
 *   of the block's trip count with a barrier;
 * - fr_inner: a return before the loop, then the loop left only by a
 *   return;
 * - fr_exit: a loop with its own way out (the block's count of rounds) and
 *   a thread-dependent return as well.
 * Each kernel first sets every thread's slot of shared memory, so that a
 * thread reading the slot of one that left early reads this block's value. */
#define NT 64

__device__ unsigned mix(unsigned x) { return (x ^ (x >> 7)) * 2654435761u; }

extern "C" __global__ void fr_after(const unsigned *in, unsigned *out)
{
    __shared__ unsigned s[NT];
    const int t = threadIdx.x, g = blockIdx.x * NT + t;
    s[t] = 0u; /* a thread that leaves early still leaves its slot set */
    __syncthreads();
    unsigned v = in[g] & 0xffu;
    for (int k = 0;; k++) {
        s[t] = v;
        __syncthreads();
        v += (s[t ^ 1] & 15u) + 1u;
        if (v > 400u) {
            out[g] = v * 32u + (unsigned)k;
            return;
        }
        __syncthreads();
    }
}

extern "C" __global__ void fr_two(const unsigned *in, unsigned *out)
{
    __shared__ unsigned s[NT];
    const int t = threadIdx.x, g = blockIdx.x * NT + t;
    s[t] = 0u; /* a thread that leaves early still leaves its slot set */
    __syncthreads();
    unsigned v = in[g];
    for (int k = 1;; k++) {
        if ((v & 31u) == 7u) {
            out[g] = v;
            return;
        }
        s[t] = v;
        __syncthreads();
        v = mix(v + s[(t + 5) % NT]);
        if ((v >> 28) == 3u) {
            out[g] = ~v + (unsigned)k;
            return;
        }
        __syncthreads();
    }
}

extern "C" __global__ void fr_nest(const unsigned *in, int rounds, unsigned *out)
{
    __shared__ unsigned s[NT];
    const int t = threadIdx.x, g = blockIdx.x * NT + t;
    s[t] = 0u; /* a thread that leaves early still leaves its slot set */
    __syncthreads();
    unsigned v = in[g] & 0xfffu;
    for (int k = 0;; k++) {
        for (unsigned j = v & 7u; j != 0; j--) /* thread-dependent, no barrier */
            v = mix(v + j) & 0xfffu;
        if (v < 600u) {
            out[g] = v + 65536u * (unsigned)k;
            return;
        }
        for (int r = 0; r < rounds; r++) {
            s[t] = v;
            __syncthreads();
            v = (v + s[(t + 1 + r) % NT]) & 0xfffu;
            __syncthreads();
        }
    }
}

extern "C" __global__ void fr_inner(const unsigned *in, int n, unsigned *out)
{
    __shared__ unsigned s[NT];
    const int t = threadIdx.x, g = blockIdx.x * NT + t;
    s[t] = 0u; /* a thread that leaves early still leaves its slot set */
    __syncthreads();
    if (g >= n)
        return;
    unsigned v = in[g];
    for (;;) {
        s[t] = v;
        __syncthreads();
        v = mix(v ^ s[(t + 3) % NT]);
        if ((v & 7u) == 1u) {
            out[g] = v;
            return;
        }
        __syncthreads();
    }
}

extern "C" __global__ void fr_exit(const unsigned *in, int rounds, unsigned *out)
{
    __shared__ unsigned s[NT];
    const int t = threadIdx.x, g = blockIdx.x * NT + t;
    s[t] = 0u; /* a thread that leaves early still leaves its slot set */
    __syncthreads();
    unsigned v = in[g];
    for (int k = 0; k < rounds; k++) {
        if ((v & 15u) == 9u) {
            out[g] = v + 1u;
            return;
        }
        s[t] = v;
        __syncthreads();
        v = mix(v + s[NT - 1 - t]);
        __syncthreads();
    }
    out[g] = v;
}
