/* SPDX-License-Identifier: Apache-2.0 */
/* diverge.cu -- the control flow irregular benchmarks have: the upper half
 * of each warp returns early on odd inputs, the survivors run a while loop
 * whose trip count depends on the data (a gcd by subtraction and a digit
 * sum), keep a per-thread array indexed by a data-dependent position
 * (local memory), and a __device__ helper is called from three places
 * with different arguments. */
__device__ int digsum(unsigned v, unsigned base)
{
    int s = 0;
    while (v) {
        s += v % base;
        v /= base;
    }
    return s;
}
extern "C" __global__ void diverge(const unsigned *in, int *out, int *hist, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned a = in[i];
    int lane = threadIdx.x & 31;
    if (lane >= 16 && (a & 1)) {
        out[2 * i] = -1;
        out[2 * i + 1] = digsum(a, 10);
        return;
    }
    unsigned x = (a & 0x3ff) + 1, y = ((a >> 10) & 0x3ff) + 1;
    int steps = 0;
    while (x != y) {
        if (x > y) x -= y;
        else y -= x;
        steps++;
    }
    int loc[16];
    for (int k = 0; k < 16; k++) loc[k] = k * (int)x;
    int pos = (a >> 20) & 15;
    while (pos < 15 && loc[pos] < steps) pos += 1 + (loc[pos] & 1);
    loc[(a >> 24) & 15] += steps;
    int s = 0;
    for (int k = 0; k <= pos && k < 16; k++) s += loc[k];
    out[2 * i] = (int)x + steps * 1000;
    out[2 * i + 1] = s + digsum(a >> 8, 7) - digsum(y, 3);
    atomicAdd(&hist[steps & 15], 1);
}
