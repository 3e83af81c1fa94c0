/* SPDX-License-Identifier: Apache-2.0 */
/* blackscholes.cu -- European option pricing by the Black-Scholes formula,
 * one option per thread in a grid-stride loop: logf, expf, sqrtf, a
 * rational polynomial for the normal distribution (the Abramowitz-Stegun
 * form), a branch on the sign of d, a call and a put written as two
 * outputs.  Inputs are made from random words inside the kernel. */
__device__ __forceinline__ float cnd(float d)
{
    const float a1 = 0.31938153f, a2 = -0.356563782f, a3 = 1.781477937f;
    const float a4 = -1.821255978f, a5 = 1.330274429f, rsqrt2pi = 0.39894228040143267794f;
    float k = 1.0f / (1.0f + 0.2316419f * fabsf(d));
    float c = rsqrt2pi * expf(-0.5f * d * d) * (k * (a1 + k * (a2 + k * (a3 + k * (a4 + k * a5)))));
    if (d > 0) c = 1.0f - c;
    return c;
}

extern "C" __global__ void blackscholes(const unsigned *rnd, float *call, float *put, int n, float r, float v)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        unsigned w = rnd[i];
        float s = 5.0f + (float)(w & 0xffff) * (25.0f / 65536.0f);        /* spot 5..30 */
        float x = 1.0f + (float)((w >> 16) & 0x3ff) * (99.0f / 1024.0f);   /* strike 1..100 */
        float t = 0.25f + (float)(w >> 26) * (9.75f / 64.0f);              /* years */
        float sqt = sqrtf(t);
        float d1 = (logf(s / x) + (r + 0.5f * v * v) * t) / (v * sqt);
        float d2 = d1 - v * sqt;
        float c1 = cnd(d1), c2 = cnd(d2);
        float ert = expf(-r * t);
        call[i] = s * c1 - x * ert * c2;
        put[i] = x * ert * (1.0f - c2) - s * (1.0f - c1);
    }
}
