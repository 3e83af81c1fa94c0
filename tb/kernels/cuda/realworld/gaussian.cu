/* SPDX-License-Identifier: Apache-2.0 */
/* gaussian.cu -- Gaussian elimination of an n x (n+1) augmented system in
 * one block, in shared memory: for each pivot column the threads compute
 * the multipliers of the rows below it (one row a thread), synchronise,
 * then eliminate (elements spread over the threads by a block-stride
 * loop), synchronise; then back substitution by thread 0 and the solution
 * written out.  The matrix is diagonally dominant (no pivoting), built
 * from random words. */
#define NMAX 12
extern "C" __global__ void gaussian(const unsigned *rnd, float *x, float *upper, int n)
{
    __shared__ float a[NMAX][NMAX + 1];
    __shared__ float mult[NMAX];
    int tid = threadIdx.x, nt = blockDim.x;
    for (int e = tid; e < n * (n + 1); e += nt) {
        int r = e / (n + 1), c = e % (n + 1);
        float v = (float)(rnd[e] & 0xff) / 64.0f - 2.0f;
        if (r == c) v += 4.0f * n;
        a[r][c] = v;
    }
    __syncthreads();
    for (int k = 0; k < n - 1; k++) {
        if (tid > k && tid < n) mult[tid] = a[tid][k] / a[k][k];
        __syncthreads();
        int w = n + 1 - k, cnt = (n - 1 - k) * w;
        for (int e = tid; e < cnt; e += nt) {
            int r = k + 1 + e / w, c = k + e % w;
            a[r][c] -= mult[r] * a[k][c];
        }
        __syncthreads();
    }
    for (int e = tid; e < n * (n + 1); e += nt) upper[e] = a[e / (n + 1)][e % (n + 1)];
    if (tid == 0) {
        for (int r = n - 1; r >= 0; r--) {
            float s = a[r][n];
            for (int c = r + 1; c < n; c++) s -= a[r][c] * x[c];
            x[r] = s / a[r][r];
        }
    }
}
