/* SPDX-License-Identifier: Apache-2.0 */
/* dsdot.cu -- dot products in float-float ("double-single") arithmetic,
 * as mixed-precision solvers and DSFUN-style libraries compute them on
 * GPUs with slow doubles: each thread forms its 32 products exactly as
 * an unevaluated pair (the product and its error by `fmaf(x, y, -p)`),
 * accumulates them with Knuth's TwoSum and a fast renormalisation, and
 * for comparison also sums the rounded products plainly and by Kahan's
 * compensated sum (whose correction `(t - s) - y` must not be
 * reassociated: the build keeps -ffp-contract=off and the default
 * semantics).  The operands are random floats in [-1, 1) scaled by 2^-8
 * .. 2^7, so the sums cancel.  Each block then adds its threads' pairs in
 * a shared tree of float-float sums (two arrays, hi and lo). */
#define LEN 32

struct ff { float hi, lo; };

static __device__ float unit(unsigned w) { return (float)(int)(w & 0xffffff00u) * (1.0f / 2147483648.0f); }

static __device__ struct ff two_sum(float a, float b)
{
    const float s = a + b;
    const float bb = s - a;
    struct ff r = {s, (a - (s - bb)) + (b - bb)};
    return r;
}

static __device__ struct ff ff_add(struct ff a, struct ff b)
{
    struct ff s = two_sum(a.hi, b.hi);
    const float lo = s.lo + (a.lo + b.lo);
    const float hi = s.hi + lo;
    struct ff r = {hi, lo - (hi - s.hi)};
    return r;
}

extern "C" __global__ void dsdot(const unsigned *xs, const unsigned *ys, float *plain, float *kahan,
                                 float *hi, float *lo, float *block_hi, float *block_lo)
{
    __shared__ float sh[64], sl[64];
    const int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
    struct ff acc = {0.0f, 0.0f};
    float s = 0.0f, ks = 0.0f, kc = 0.0f;
    for (int i = 0; i < LEN; i++) {
        const unsigned wx = xs[g * LEN + i], wy = ys[g * LEN + i];
        const float x = ldexpf(unit(wx), (int)(wx & 15u) - 8);
        const float y = ldexpf(unit(wy), (int)(wy & 7u) - 4);
        const float p = x * y;
        const struct ff prod = {p, fmaf(x, y, -p)};
        acc = ff_add(acc, prod);
        s = s + p;
        const float yk = p - kc;
        const float tk = ks + yk;
        kc = (tk - ks) - yk;
        ks = tk;
    }
    plain[g] = s;
    kahan[g] = ks;
    hi[g] = acc.hi;
    lo[g] = acc.lo;
    sh[t] = acc.hi;
    sl[t] = acc.lo;
    __syncthreads();
    for (int w = blockDim.x / 2; w > 0; w >>= 1) {
        if (t < w) {
            const struct ff a = {sh[t], sl[t]}, b = {sh[t + w], sl[t + w]};
            const struct ff c = ff_add(a, b);
            sh[t] = c.hi;
            sl[t] = c.lo;
        }
        __syncthreads();
    }
    if (t == 0) {
        block_hi[blockIdx.x] = sh[0];
        block_lo[blockIdx.x] = sl[0];
    }
}
