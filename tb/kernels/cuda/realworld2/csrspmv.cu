/* SPDX-License-Identifier: Apache-2.0 */
/* csrspmv.cu -- sparse matrix-vector product y = A*x + y/2 with A in CSR form
 * (row pointers, column indices, values), one thread per row (the scalar
 * CSR kernel): the inner loop's trip count is the row's length, so the
 * threads of a warp leave it at different times (rows of 0 to 15 entries,
 * csrspmv_*.hex from gen_inputs.py). */
extern "C" __global__ void csrspmv(const int *rowptr, const int *col, const float *val, const float *x, float *y, int rows)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    float sum = 0.0f;
    int end = rowptr[r + 1];
    for (int k = rowptr[r]; k < end; k++) sum += val[k] * x[col[k]];
    y[r] = y[r] * 0.5f + sum;
}
