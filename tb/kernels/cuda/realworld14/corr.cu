/* SPDX-License-Identifier: Apache-2.0 */
/* corr.cu -- PolyBench's correlation as GPU suites split it into
 * launches: the column means (one thread a column, walking down it: a
 * stride of a row), the standard deviations by sqrtf with PolyBench's
 * guard (a deviation at most eps becomes 1: one column of the data is
 * constant), every element centred and scaled by sqrt(n) times its
 * column's deviation (a 2-D grid, one thread an element), and the
 * correlation matrix with its triangular loop (thread j1 over j2 = j1 + 1
 * .. m - 1, each value written at (j1, j2) and (j2, j1), the diagonal 1).
 * The data are random floats in [0, 4); the sums round, in a fixed order,
 * the host's: bit-equal.  Data: 26 samples x 14 variables. */
static __device__ float unitf(unsigned w) { return (float)(w >> 8) * (1.0f / 4194304.0f); }

extern "C" __global__ void corr_stats(const unsigned *rnd, float *data, float *mean, float *stddev, int n,
                                      int m, float eps)
{
    const int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j >= m) return;
    float s = 0.0f;
    for (int i = 0; i < n; i++) {
        const float v = j == 5 ? 2.5f : unitf(rnd[i * m + j]); /* column 5 constant */
        data[i * m + j] = v;
        s += v;
    }
    const float mu = s / (float)n;
    float q = 0.0f;
    for (int i = 0; i < n; i++) {
        const float dv = data[i * m + j] - mu;
        q += dv * dv;
    }
    float sd = sqrtf(q / (float)n);
    mean[j] = mu;
    stddev[j] = sd <= eps ? 1.0f : sd;
}

extern "C" __global__ void corr_scale(float *data, const float *mean, const float *stddev, int n, int m)
{
    const int j = blockIdx.x * blockDim.x + threadIdx.x;
    const int i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i >= n || j >= m) return;
    data[i * m + j] = (data[i * m + j] - mean[j]) / (sqrtf((float)n) * stddev[j]);
}

extern "C" __global__ void corr_matrix(const float *data, float *corr, int n, int m)
{
    const int j1 = blockIdx.x * blockDim.x + threadIdx.x;
    if (j1 >= m) return;
    corr[j1 * m + j1] = 1.0f;
    for (int j2 = j1 + 1; j2 < m; j2++) {
        float s = 0.0f;
        for (int i = 0; i < n; i++) s += data[i * m + j1] * data[i * m + j2];
        corr[j1 * m + j2] = s;
        corr[j2 * m + j1] = s;
    }
}
