/* SPDX-License-Identifier: Apache-2.0 */
/* fft.cu -- a radix-2 decimation-in-time complex FFT of 128 points a
 * block, in shared memory, as spectral codes and convolution-by-FFT do it
 * before cuFFT: the input (random words made floats in [-1, 1)) is loaded
 * in bit-reversed order (`__brev(i) >> 25`), then 7 stages, each thread
 * one butterfly a stage (the pair and the twiddle's index from shifts and
 * masks of the stage's half-width), the twiddle by sincosf, complex
 * values as float2 in a __shared__ array (8-byte vector loads and
 * stores), a barrier after each stage.  The spectrum goes out as float2,
 * the power of the largest bin and its index by a shared tree of
 * (power, index) pairs whose ties go to the lower index. */
#define LOGN 7
#define N (1 << LOGN)

static __device__ float unit(unsigned w) { return (float)(int)w * (1.0f / 2147483648.0f); }

extern "C" __global__ void fft(const unsigned *in, float2 *out, float *peak, int *peak_bin)
{
    __shared__ float2 x[N];
    __shared__ float pw[N / 2];
    __shared__ int pi[N / 2];
    const int t = threadIdx.x, b = blockIdx.x;
    const unsigned *src = in + 2 * N * b;
    for (int i = t; i < N; i += blockDim.x) {
        const int r = (int)(__brev((unsigned)i) >> (32 - LOGN));
        x[r] = make_float2(unit(src[2 * i]), unit(src[2 * i + 1]));
    }
    __syncthreads();
    for (int s = 0; s < LOGN; s++) {
        const int half = 1 << s;
        const int k = t & (half - 1);
        const int i0 = ((t >> s) << (s + 1)) | k, i1 = i0 + half;
        float sn, cs;
        sincosf(-6.28318530717958647692f * (float)k / (float)(2 * half), &sn, &cs);
        const float2 a = x[i0], c = x[i1];
        const float2 wc = make_float2(cs * c.x - sn * c.y, cs * c.y + sn * c.x);
        x[i0] = make_float2(a.x + wc.x, a.y + wc.y);
        x[i1] = make_float2(a.x - wc.x, a.y - wc.y);
        __syncthreads();
    }
    for (int i = t; i < N; i += blockDim.x) out[N * b + i] = x[i];
    /* the largest bin: each thread the larger of two, then a tree */
    {
        const float p0 = x[t].x * x[t].x + x[t].y * x[t].y;
        const float p1 = x[t + N / 2].x * x[t + N / 2].x + x[t + N / 2].y * x[t + N / 2].y;
        pw[t] = p1 > p0 ? p1 : p0;
        pi[t] = p1 > p0 ? t + N / 2 : t;
    }
    __syncthreads();
    for (int w = N / 4; w > 0; w >>= 1) {
        if (t < w) {
            const float q = pw[t + w];
            const int qi = pi[t + w];
            if (q > pw[t] || (q == pw[t] && qi < pi[t])) {
                pw[t] = q;
                pi[t] = qi;
            }
        }
        __syncthreads();
    }
    if (t == 0) {
        peak[b] = pw[0];
        peak_bin[b] = pi[0];
    }
}
