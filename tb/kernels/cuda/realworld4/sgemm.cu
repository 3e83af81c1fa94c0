/* SPDX-License-Identifier: Apache-2.0 */
/* sgemm.cu -- register tiling in the style of Parboil's sgemm: C = alpha
 * A B + beta C with A column-major (M x K), B row-major (K x N), C
 * column-major.  A block of TILE_M threads computes a TILE_M x TILE_N
 * strip of C: each thread keeps its row of TILE_N results in registers
 * (c[16], fully unrolled), the block stages TILE_N x TILE_K of B in shared
 * memory per step, each thread reads its A element from global memory and
 * multiplies it into all sixteen.  The inputs are small integers in
 * float bits (sgemm_*.hex, gen_inputs.py): every sum is exact. */
#define TILE_M 32
#define TILE_N 16
#define TILE_K (TILE_M / TILE_N)

extern "C" __global__ void sgemm(const float *A, int lda, const float *B, int ldb, float *C,
                                 int ldc, int k, float alpha, float beta)
{
    __shared__ float b_s[TILE_K][TILE_N];
    float c[TILE_N];
#pragma unroll
    for (int i = 0; i < TILE_N; i++) c[i] = 0.0f;
    int mid = threadIdx.x;
    int m = blockIdx.x * TILE_M + mid;
    int n = blockIdx.y * TILE_N + threadIdx.x / TILE_K;
    for (int i = 0; i < k; i += TILE_K) {
        b_s[threadIdx.x % TILE_K][threadIdx.x / TILE_K] = B[n + (i + threadIdx.x % TILE_K) * ldb];
        __syncthreads();
        for (int j = 0; j < TILE_K; j++) {
            float a = A[m + (i + j) * lda];
#pragma unroll
            for (int kk = 0; kk < TILE_N; kk++) c[kk] += a * b_s[j][kk];
        }
        __syncthreads();
    }
    int t = ldc * blockIdx.y * TILE_N + m;
#pragma unroll
    for (int i = 0; i < TILE_N; i++) C[t + i * ldc] = C[t + i * ldc] * beta + alpha * c[i];
}
