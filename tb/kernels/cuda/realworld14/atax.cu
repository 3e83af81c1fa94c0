/* SPDX-License-Identifier: Apache-2.0 */
/* atax.cu -- PolyBench's atax and mvt as the GPU suites split them: y =
 * A^T (A x) over two launches, the first one thread a row walking A
 * row-major (tmp = A x), the second one thread a column walking A with a
 * stride of a whole row (y = A^T tmp: the transposed, uncoalesced access),
 * and mvt's pair x1 += A y1, x2 += A^T y2 in the same two launches (each
 * thread updates its own element, read and written).  A, x, y1, y2 are
 * random floats in [-1, 1) from the launch's random words (their top 24
 * bits), so the sums round: each thread adds in a fixed order, the host
 * reference's order, and the results are bit-equal.  A is 20 x 28. */
static __device__ float unitf(unsigned w) { return (float)(int)(w & 0xffffff00u) * (1.0f / 2147483648.0f); }

extern "C" __global__ void atax_rows(const unsigned *ra, const unsigned *rx, const unsigned *ry1, float *tmp,
                                     float *x1, int n, int m)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float s = 0.0f, u = unitf(ry1[i]);
    for (int j = 0; j < m; j++) {
        const float a = unitf(ra[i * m + j]);
        s += a * unitf(rx[j]);
        u += a * unitf(ry1[n + j]); /* x1's own start is y1[i] */
    }
    tmp[i] = s;
    x1[i] = u;
}

extern "C" __global__ void atax_cols(const unsigned *ra, const float *tmp, const unsigned *ry2, float *y,
                                     float *x2, int n, int m)
{
    const int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j >= m) return;
    float s = 0.0f, u = 0.0f;
    for (int i = 0; i < n; i++) {
        const float a = unitf(ra[i * m + j]);
        s += a * tmp[i];
        u += a * unitf(ry2[i]);
    }
    y[j] = s;
    x2[j] = u;
}
