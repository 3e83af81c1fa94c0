/* SPDX-License-Identifier: Apache-2.0 */
/* seq_gauss.cu -- Gaussian elimination as a host loop of launches (the
 * control flow of Rodinia's gaussian, written here): gauss_init fills an
 * n x n diagonally dominant matrix and its right-hand side from an integer
 * hash; then for t = 0 .. n-2 the host launches gauss_fan1 (the multipliers
 * of column t, one thread a row below t) and gauss_fan2 (row t's multiple
 * taken from every row below it, a 2-D grid over rows and columns; column 0
 * of the block also updates b).  Each launch reads what the previous ones
 * wrote: t is a parameter, the memory carries over (seq_gauss.launch). */
extern "C" __global__ void gauss_init(float *a, float *b, float *m, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n * n) return;
    int r = i / n, c = i % n;
    unsigned h = (unsigned)i * 2654435761u;
    h ^= h >> 15;
    float v = (float)(h % 1000u) / 100.0f - 5.0f;
    a[i] = r == c ? v + 8.0f * (float)n : v;
    m[i] = 0.0f;
    if (c == 0) b[r] = (float)((h >> 8) % 200u) / 10.0f;
}

extern "C" __global__ void gauss_fan1(float *m, const float *a, int n, int t)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n - 1 - t) return;
    m[n * (i + t + 1) + t] = a[n * (i + t + 1) + t] / a[n * t + t];
}

extern "C" __global__ void gauss_fan2(const float *m, float *a, float *b, int n, int t)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x; /* a row below t */
    int y = blockIdx.y * blockDim.y + threadIdx.y; /* a column from t */
    if (x >= n - 1 - t || y >= n - t) return;
    float f = m[n * (x + t + 1) + t];
    a[n * (x + t + 1) + (y + t)] -= f * a[n * t + (y + t)];
    if (y == 0) b[x + t + 1] -= f * b[t];
}
