/* SPDX-License-Identifier: Apache-2.0 */
/* jdsspmv.cu -- sparse matrix times vector in the jagged diagonal format,
 * as Parboil's spmv stores it: the rows sorted by their length, longest
 * first (perm maps a sorted row back to its row), the d-th nonzero of
 * every row long enough stored together from jds_ptr[d], so that threads
 * of consecutive sorted rows read consecutive words.  One thread a sorted
 * row; threads past the matrix return at once; the diagonal loop is
 * `#pragma unroll 4` with its remainder, and rows of very different
 * lengths share a warp where the sorted lengths step down.  The values
 * come in as small integers and the vector is a multiple of 0.25, so
 * every sum is exact in float; rows whose product exceeds a threshold are
 * counted with an atomicAdd. */
extern "C" __global__ void __launch_bounds__(64)
    jdsspmv(const int *__restrict__ perm, const int *__restrict__ rowlen, const int *__restrict__ jds_ptr,
            const int *__restrict__ col, const int *__restrict__ val, int n, float thresh,
            float *__restrict__ y, unsigned *__restrict__ big)
{
    const int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= n) return;
    const int len = __ldg(&rowlen[r]);
    float sum = 0.f;
    int d = 0;
#pragma unroll 4
    for (; d < len; d++) {
        int k = __ldg(&jds_ptr[d]) + r;
        int c = __ldg(&col[k]);
        float x = (float)((c * 37) % 11) * 0.25f;
        sum += (float)(__ldg(&val[k]) - 8) * x;
    }
    y[perm[r]] = sum;
    if (fabsf(sum) > thresh) atomicAdd(big, 1u);
}
