/* SPDX-License-Identifier: Apache-2.0 */
/* pfilter.cu -- the resampling step of a particle filter in the style of
 * Rodinia's particlefilter: weights from a likelihood (expf of a squared
 * distance), normalised by a block reduction in shared memory, the CDF
 * made by thread 0 in a serial loop, then each particle's systematic
 * sample u_j = (u0 + j) / n found on the CDF by binary search (the first
 * index whose CDF is at least u_j), its new position copied from there.
 * One block per filter. */
extern "C" __global__ void pfilter(const float *xin, const float *yin, float *xout, float *yout,
                                   int *idx, float ox, float oy, float u0)
{
    __shared__ float w[128];
    __shared__ float cdf[128];
    __shared__ float red[128];
    int n = blockDim.x, t = threadIdx.x, b = blockIdx.x * n;
    float dx = xin[b + t] - ox, dy = yin[b + t] - oy;
    float lw = expf(-(dx * dx + dy * dy) / 50.0f);
    red[t] = lw;
    __syncthreads();
    for (int s = n / 2; s > 0; s >>= 1) {
        if (t < s) red[t] += red[t + s];
        __syncthreads();
    }
    w[t] = lw / red[0];
    __syncthreads();
    if (t == 0) {
        float c = 0.0f;
        for (int i = 0; i < n; i++) {
            c += w[i];
            cdf[i] = c;
        }
        cdf[n - 1] = 1.0f;
    }
    __syncthreads();
    float u = (u0 + (float)t) / (float)n;
    int lo = 0, hi = n - 1;
    while (lo < hi) {
        int mid = (lo + hi) >> 1;
        if (cdf[mid] >= u) hi = mid;
        else lo = mid + 1;
    }
    idx[b + t] = lo;
    xout[b + t] = xin[b + lo];
    yout[b + t] = yin[b + lo];
}
