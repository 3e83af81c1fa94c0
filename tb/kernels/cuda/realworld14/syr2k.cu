/* SPDX-License-Identifier: Apache-2.0 */
/* syr2k.cu -- PolyBench's syrk and syr2k on the lower triangle, one
 * thread a row i whose loop over the columns runs j = 0 .. i (a
 * triangular trip count: the threads of a warp leave the loop one after
 * another), each element written twice, at (i, j) and mirrored at (j, i),
 * so the result is the full symmetric matrix.  C = alpha A B^T + alpha B
 * A^T + beta C (syr2k) in a first launch, then D = alpha A A^T + beta D
 * (syrk) from the same threads in a second launch over a 2-D grid whose
 * threads above the diagonal (j > i) return at once.  A, B, C, D are
 * small integers from an integer hash (C and D symmetric), alpha = 1.5
 * and beta = 0.5: every value is exact in float. */
static __device__ float hval(int mat, int r, int c)
{
    unsigned h = (unsigned)(mat * 7919 + r * 104729 + c * 1299709) * 2246822519u;
    h ^= h >> 15;
    return (float)((int)(h % 7u) - 3);
}

extern "C" __global__ void syr2k_rows(float *a, float *b, float *c, float *d, int n, int m, float alpha,
                                      float beta)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    for (int k = 0; k < m; k++) {
        a[i * m + k] = hval(0, i, k);
        b[i * m + k] = hval(1, i, k);
    }
    for (int j = 0; j <= i; j++) {
        d[i * n + j] = d[j * n + i] = hval(3, i, j) + hval(3, j, i);
        float s = beta * (hval(2, i, j) + hval(2, j, i));
        for (int k = 0; k < m; k++)
            s += alpha * hval(0, j, k) * hval(1, i, k) + alpha * hval(1, j, k) * hval(0, i, k);
        c[i * n + j] = s;
        c[j * n + i] = s;
    }
}

extern "C" __global__ void syrk_tri(const float *a, float *d, int n, int m, float alpha, float beta)
{
    const int j = blockIdx.x * blockDim.x + threadIdx.x;
    const int i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i >= n || j > i) return;
    float s = beta * d[i * n + j];
    for (int k = 0; k < m; k++) s += alpha * a[i * m + k] * a[j * m + k];
    d[i * n + j] = s;
    if (j != i) d[j * n + i] = s;
}
