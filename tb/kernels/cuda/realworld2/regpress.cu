/* SPDX-License-Identifier: Apache-2.0 */
/* regpress.cu -- register pressure: 24 accumulators live across a loop
 * (a small unrolled polynomial-hash network, int and float mixed), so
 * clang keeps dozens of registers of several types live at once; every
 * accumulator feeds the output so none can be dropped. */
#define N 12
extern "C" __global__ void regpress(const unsigned *in, unsigned *out, float *fout, int n, int iters)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    unsigned a[N];
    float f[N];
#pragma unroll
    for (int k = 0; k < N; k++) {
        a[k] = in[t * N + k];
        f[k] = (float)(a[k] & 0xffff) * 0.001f;
    }
    for (int it = 0; it < iters; it++) {
#pragma unroll
        for (int k = 0; k < N; k++) {
            unsigned nb = a[(k + 1) % N] ^ (a[(k + 5) % N] >> 3);
            a[k] = a[k] * 2654435761u + nb + (unsigned)it;
            f[k] = f[k] * 0.75f + f[(k + 7) % N] * 0.25f + (float)(nb & 15);
        }
    }
    unsigned h = 0;
    float s = 0.0f;
#pragma unroll
    for (int k = 0; k < N; k++) {
        out[t * N + k] = a[k];
        h ^= a[k] * (unsigned)(k + 1);
        s += f[k] * (float)(k + 1);
    }
    fout[t] = s + (float)(h & 255);
}
