/* SPDX-License-Identifier: Apache-2.0 */
/* adi.cu -- alternating-direction implicit diffusion (PolyBench's adi,
 * written here in the textbook form): each time step solves a
 * tridiagonal system (1 + 2r) x_j - r x_{j-1} - r x_{j+1} = b_j (zero
 * beyond the edges) along every row, then along every column of the
 * result, each by the Thomas algorithm in one thread: a forward sweep
 * whose divisor depends on the previous step's (a loop-carried
 * recurrence through a division) and a backward substitution running
 * the other way.  The row sweep walks contiguous words, the column sweep
 * a row's stride apart; the forward coefficients go to a scratch array
 * (cp, dp) in global memory.  Two launches a step from a host loop, the
 * grid ping-ponging between two buffers (u0 -> w -> u1 -> w -> u0 ...).
 * The field starts from random floats in [0, 1); 18 x 22, r = 0.8. */
static __device__ float unitf(unsigned w) { return (float)(w >> 8) * (1.0f / 16777216.0f); }

extern "C" __global__ void adi_init(const unsigned *rnd, float *u, int nr, int nc)
{
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t < nr * nc) u[t] = unitf(rnd[t]);
}

/* the solve along one line: n values at x[k * stride], in place */
static __device__ void thomas(float *x, float *cp, float *dp, int n, int stride, float r)
{
    const float b = 1.0f + 2.0f * r;
    cp[0] = -r / b;
    dp[0] = x[0] / b;
    for (int k = 1; k < n; k++) {
        const float den = b + r * cp[(k - 1) * stride];
        cp[k * stride] = -r / den;
        dp[k * stride] = (x[k * stride] + r * dp[(k - 1) * stride]) / den;
    }
    x[(n - 1) * stride] = dp[(n - 1) * stride];
    for (int k = n - 2; k >= 0; k--) x[k * stride] = dp[k * stride] - cp[k * stride] * x[(k + 1) * stride];
}

extern "C" __global__ void adi_rows(const float *u, float *w, float *cp, float *dp, int nr, int nc, float r)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= nr) return;
    for (int j = 0; j < nc; j++) w[i * nc + j] = u[i * nc + j];
    thomas(w + i * nc, cp + i * nc, dp + i * nc, nc, 1, r);
}

extern "C" __global__ void adi_cols(const float *w, float *u, float *cp, float *dp, int nr, int nc, float r)
{
    const int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j >= nc) return;
    for (int i = 0; i < nr; i++) u[i * nc + j] = w[i * nc + j];
    thomas(u + j, cp + j, dp + j, nr, nc, r);
}
