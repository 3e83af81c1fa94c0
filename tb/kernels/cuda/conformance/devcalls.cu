/* SPDX-License-Identifier: Apache-2.0 */
/* devcalls.cu -- __noinline__ device functions, which clang keeps out of
 * line as .func and reaches with `call` (the PTX front end inlines each call
 * site, tb/simt/ptx_call.c): a function with a data-dependent loop called
 * from both sides of a divergent branch (two sites), one with early
 * returns called in a loop whose trip count differs per thread, a
 * structure passed by value, a function that calls another (nested) with
 * parameters of five types (unsigned, char, short, double, and the float
 * result), and one without a return value that stores. */
struct Seg {
    float x, y;
    int n;
};
__device__ __noinline__ int collatz_steps(unsigned v, int cap)
{
    int k = 0;
    while (v != 1 && k < cap) {
        v = (v & 1) ? 3 * v + 1 : v >> 1;
        k++;
    }
    return k;
}
__device__ __noinline__ int clampi(int v, int lo, int hi)
{
    if (v < lo) return lo;
    if (v > hi) return hi;
    return v;
}
__device__ __noinline__ unsigned hash2(unsigned a, unsigned b) { return (a * 2654435761u) ^ (b + (a << 6) + (a >> 2)); }
__device__ __noinline__ float seglen(Seg s) { return sqrtf(s.x * s.x + s.y * s.y) * (float)s.n; }
__device__ __noinline__ float mixed(unsigned a, char c, short h, double d)
{
    return (float)(hash2(a, (unsigned)c) & 1023u) + (float)h + (float)d;
}
__device__ __noinline__ void put(int *out, int i, int v) { out[i] = v; }

extern "C" __global__ void devcalls(const unsigned *in, int *iout, float *fout, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    unsigned v = in[t];
    int steps;
    if (v & 1) steps = collatz_steps(v % 1000u + 1u, 200);
    else steps = -collatz_steps(v % 97u + 1u, 50);
    int acc = 0;
    for (int i = 0; i < (int)(v & 3u) + 1; i++) acc += clampi((int)hash2(v, (unsigned)i) % 100, -20, 40);
    Seg s;
    s.x = (float)(v & 255u) * 0.25f;
    s.y = (float)(v >> 24);
    s.n = (int)(v & 7u);
    float f = seglen(s) + mixed(v, (char)(v >> 8), (short)(v >> 12), (double)(v & 0xffffu) * 0.5);
    put(iout, 2 * t, steps);
    put(iout, 2 * t + 1, acc);
    fout[t] = f;
}
