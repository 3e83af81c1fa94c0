/* SPDX-License-Identifier: Apache-2.0 */
/* fnptr.cu -- device function pointers, as plug-in style kernels use
 * them (an activation or a reduction operator chosen at run time, a
 * table of handlers): a `__device__` table of four `__noinline__`
 * activation functions indexed by a per-element code (a load of the
 * pointer, then an indirect `call` through a register with a
 * .callprototype), a reduction operator picked per block by `?:` between
 * two functions (a `mov` of each function's address and a `selp`), and a
 * structure holding a pointer to its scoring function passed down to a
 * `__noinline__` helper that calls through it.  The threads of a warp hold
 * different pointers: on a GPU the indirect call serializes the distinct
 * targets, here the front end's chain of compares does.  The inputs are
 * sixteenths, so every result is exact in float. */
typedef float (*act_t)(float);
typedef float (*red_t)(float, float);

__device__ __noinline__ float act_relu(float x) { return x > 0.0f ? x : 0.0f; }
__device__ __noinline__ float act_leaky(float x) { return x > 0.0f ? x : 0.125f * x; }
__device__ __noinline__ float act_clamp(float x) { return fminf(fmaxf(x, -1.0f), 1.0f); }
__device__ __noinline__ float act_square(float x) { return x * x; }
__device__ act_t acts[4] = {act_relu, act_leaky, act_clamp, act_square};

__device__ __noinline__ float red_add(float a, float b) { return a + b; }
__device__ __noinline__ float red_max(float a, float b) { return fmaxf(a, b); }

struct scorer {
    float (*score)(float, float);
    float w;
};
__device__ __noinline__ float score_dot(float a, float b) { return a * b; }
__device__ __noinline__ float score_dist(float a, float b) { return fabsf(a - b); }

__device__ __noinline__ float apply_scorer(const scorer &s, float a, float b) { return s.w * s.score(a, b); }

extern "C" __global__ void fnptr(const unsigned *__restrict__ in, int n, float *out, float *red, float *sc)
{
    __shared__ float part[64];
    const int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
    float y = 0.0f, z = 0.0f;
    if (i < n) {
        const unsigned w = in[i];
        const float x = (float)(int)(w >> 26) * (1.0f / 16.0f) - 2.0f; /* [-2, 2) in sixteenths: exact */
        y = acts[w & 3](x);
        out[i] = y;
        scorer s;
        s.score = (w >> 2) & 1 ? score_dot : score_dist;
        s.w = 1.0f + (float)((w >> 3) & 3);
        z = apply_scorer(s, x, y);
        sc[i] = z;
    }
    const red_t op = blockIdx.x & 1 ? red_max : red_add;
    part[t] = y;
    __syncthreads();
    for (int h = blockDim.x / 2; h > 0; h >>= 1) {
        if (t < h) part[t] = op(part[t], part[t + h]);
        __syncthreads();
    }
    if (t == 0) red[blockIdx.x] = part[0];
}
