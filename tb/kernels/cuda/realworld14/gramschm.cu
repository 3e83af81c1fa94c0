/* SPDX-License-Identifier: Apache-2.0 */
/* gramschm.cu -- PolyBench's gramschmidt (modified Gram-Schmidt, A = Q R)
 * as GPU suites run it, three dependent launches per column k from a host
 * loop: the norm of column k by one block's shared-memory tree reduction
 * (a thread a row, rows past the matrix adding zeros) and sqrtf into
 * R[k][k]; Q's column k as A's divided by it (one thread a row); then one
 * thread a later column j > k (the others return: a triangle over the
 * launches) computes R[k][j] = Q[:,k] . A[:,j] walking down both columns
 * and takes that multiple of Q[:,k] out of A[:,j] in place.  A first
 * launch fills A (18 x 10) with random floats in [-1, 1) and keeps a copy
 * for the check; R starts zero. */
static __device__ float unitf(unsigned w) { return (float)(int)(w & 0xffffff00u) * (1.0f / 2147483648.0f); }

extern "C" __global__ void gs_init(const unsigned *rnd, float *a, float *a0, float *r, int m, int n)
{
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t < m * n) a[t] = a0[t] = unitf(rnd[t]);
    if (t < n * n) r[t] = 0.0f;
}

extern "C" __global__ void gs_norm(const float *a, float *r, int m, int n, int k)
{
    __shared__ float part[32];
    const int i = threadIdx.x;
    const float v = i < m ? a[i * n + k] : 0.0f;
    part[i] = v * v;
    __syncthreads();
    for (int w = blockDim.x / 2; w > 0; w >>= 1) {
        if (i < w) part[i] += part[i + w];
        __syncthreads();
    }
    if (i == 0) r[k * n + k] = sqrtf(part[0]);
}

extern "C" __global__ void gs_q(const float *a, const float *r, float *q, int m, int n, int k)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < m) q[i * n + k] = a[i * n + k] / r[k * n + k];
}

extern "C" __global__ void gs_update(float *a, const float *q, float *r, int m, int n, int k)
{
    const int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j <= k || j >= n) return;
    float s = 0.0f;
    for (int i = 0; i < m; i++) s += q[i * n + k] * a[i * n + j];
    r[k * n + j] = s;
    for (int i = 0; i < m; i++) a[i * n + j] -= q[i * n + k] * s;
}
