/* SPDX-License-Identifier: Apache-2.0 */
/* lud.cu -- in-place LU decomposition (Doolittle, no pivoting) of a 16x16
 * block in shared memory, one CTA per block (Rodinia LUD's diagonal-block
 * kernel): at step k the threads below the pivot scale their row's
 * column-k entry, a barrier, then each updates its row right of k, a
 * barrier.  Thread i owns row i, so the active set shrinks every step.  The
 * matrices are diagonally dominant, built from the launch's random words. */
#define N 16
extern "C" __global__ void lud(const unsigned *rnd, float *out)
{
    __shared__ float a[N][N];
    int i = threadIdx.x, m = blockIdx.x;
    for (int j = 0; j < N; j++) {
        unsigned r = rnd[(m * N + i) * N + j];
        a[i][j] = (float)(r % 200u) / 20.0f - 5.0f + (i == j ? 40.0f : 0.0f);
    }
    __syncthreads();
    for (int k = 0; k < N - 1; k++) {
        if (i > k) a[i][k] = a[i][k] / a[k][k];
        __syncthreads();
        if (i > k)
            for (int j = k + 1; j < N; j++) a[i][j] = a[i][j] - a[i][k] * a[k][j];
        __syncthreads();
    }
    for (int j = 0; j < N; j++) out[(m * N + i) * N + j] = a[i][j];
}
