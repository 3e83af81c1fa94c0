/* SPDX-License-Identifier: Apache-2.0 */
/* earlyst.cu -- row normalisation with padded rows, as image and matrix
 * codes write it: one block a row of w values (w below the block), the
 * row's sum by a tree in shared memory, each value divided by it, and the
 * row's pitch (the block) padded with zeros.  Four ways to write the
 * padding threads:
 * - es_store: `if (t >= w) { out[pad] = 0; return; }` before the
 *   barriers -- the returning side stores before its exit, so a barrier
 *   cannot count it as exited (the simulator refused it with one line
 *   until the fourteenth session; now the returning threads leave the
 *   stacks; not in the launch file: tests/data/cuda/earlyst_store.launch);
 * - es_after: every thread stays to the barriers, the padding threads
 *   store and return after the last one;
 * - es_first: every thread stores its zero first (the row's threads
 *   overwrite theirs later), then `if (t >= w) return;` before the
 *   barriers, a bare early return;
 * - es_plain: a bare early return, the padding written by thread 0 of
 *   each row after the last barrier in a loop.
 * The four write the same memory; the samples are 1..256 from random
 * words. */
#define NT 32

__device__ float sample(unsigned w) { return (float)((w & 0xff) + 1); } /* 1..256 */

__device__ void tree(float *s, int t, int w)
{
    for (int h = NT / 2; h > 0; h >>= 1) {
        if (t < h && t + h < w) s[t] += s[t + h];
        __syncthreads();
    }
}

/* v over the row's sum: each staying thread's v into s, the barriers of
 * the tree, the quotient */
__device__ float over_sum(float *s, int t, int w, float v)
{
    s[t] = v;
    __syncthreads();
    tree(s, t, w);
    return v / s[0];
}

extern "C" __global__ void es_store(const unsigned *in, float *out, int w, int pitch)
{
    __shared__ float s[NT];
    const int t = threadIdx.x, row = blockIdx.x;
    if (t >= w) {
        out[row * pitch + t] = 0.0f;
        return;
    }
    out[row * pitch + t] = over_sum(s, t, w, sample(in[row * w + t]));
}

extern "C" __global__ void es_after(const unsigned *in, float *out, int w, int pitch)
{
    __shared__ float s[NT];
    const int t = threadIdx.x, row = blockIdx.x;
    const float q = over_sum(s, t, w, t < w ? sample(in[row * w + t]) : 0.0f);
    if (t >= w) {
        out[row * pitch + t] = 0.0f;
        return;
    }
    out[row * pitch + t] = q;
}

extern "C" __global__ void es_first(const unsigned *in, float *out, int w, int pitch)
{
    __shared__ float s[NT];
    const int t = threadIdx.x, row = blockIdx.x;
    if (t < pitch) out[row * pitch + t] = 0.0f;
    if (t >= w) return;
    out[row * pitch + t] = over_sum(s, t, w, sample(in[row * w + t]));
}

extern "C" __global__ void es_plain(const unsigned *in, float *out, int w, int pitch)
{
    __shared__ float s[NT];
    const int t = threadIdx.x, row = blockIdx.x;
    if (t >= w) return;
    out[row * pitch + t] = over_sum(s, t, w, sample(in[row * w + t]));
    if (t == 0)
        for (int k = w; k < pitch; k++) out[row * pitch + k] = 0.0f;
}
