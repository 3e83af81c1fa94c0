/* SPDX-License-Identifier: Apache-2.0 */
/* pq_reduce.cu -- a block iterates until a block-wide quantity, computed
 * by a tree reduction in shared memory, says it is done: each round every
 * thread relaxes its own value towards its neighbours' (Jacobi-style, in
 * shared memory), the block sums how many values still moved, and every
 * thread reads the sum from red[0] after the barrier: `while (moved)` and
 * an early `break` when the block's largest value falls under a bound, the
 * maximum also broadcast by a reduction.  The trip count is the block's
 * own; every value is an integer, so the result is exact. */
extern "C" __global__ void pq_reduce(const unsigned *in, unsigned *out, unsigned *rounds, int bound)
{
    __shared__ unsigned val[2][64];
    __shared__ unsigned red[64], big[64];
    int t = threadIdx.x, nt = blockDim.x, cur = 0;
    val[0][t] = in[blockIdx.x * nt + t] % 5000u;
    __syncthreads();
    unsigned it = 0;
    for (;;) {
        unsigned l = val[cur][(t + nt - 1) % nt], r = val[cur][(t + 1) % nt], m = val[cur][t];
        unsigned nv = (l + r + 2u * m) / 4u;
        val[cur ^ 1][t] = nv;
        red[t] = nv != m;
        big[t] = nv;
        __syncthreads();
        for (int s = nt / 2; s > 0; s >>= 1) {
            if (t < s) {
                red[t] += red[t + s];
                big[t] = big[t] > big[t + s] ? big[t] : big[t + s];
            }
            __syncthreads();
        }
        cur ^= 1;
        it++;
        unsigned moved = red[0];
        if (big[0] < (unsigned)bound) break;
        __syncthreads(); /* red and big are written again below */
        if (moved == 0 || it >= 300u) break;
    }
    out[blockIdx.x * nt + t] = val[cur][t];
    if (t == 0) rounds[blockIdx.x] = it;
}
