/* SPDX-License-Identifier: Apache-2.0 */
/* sptrsv.cu -- a sparse lower triangular solve L x = b (CSR, the diagonal
 * last in each row) by level scheduling without an analysis phase, as
 * sync-free and level-set solvers write it: a host loop (sptrsv.launch,
 * `do ... while changed != 0`) launches a sweep, one thread a row, until
 * no row is solved.  A row still to solve walks its dependencies first (a
 * per-row loop over the columns left of the diagonal, leaving at the first
 * one not solved in an earlier sweep: a row solved in this sweep carries
 * this sweep's number and does not count yet), then accumulates
 * b[i] - sum L[i][j] x[j] in column order and divides by the diagonal.
 * The sweep number comes from device memory (a second kernel raises it),
 * each row records the sweep that solved it (its level plus one), and each
 * level's size is counted with atomicAdd.  A row's result does not depend
 * on the order its sweep's threads run in. */
extern "C" __global__ void trsv_sweep(const int *__restrict__ ptr, const int *__restrict__ col,
                                      const float *__restrict__ val, const float *__restrict__ b, float *x,
                                      int *done, const int *sweep, int n, int *changed, int *levels)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n || done[i]) return;
    const int it = *sweep;
    const int lo = ptr[i], hi = ptr[i + 1] - 1; /* hi: the diagonal */
    for (int k = lo; k < hi; k++) {
        const int d = done[col[k]];
        if (d == 0 || d > it) return; /* not solved before this sweep */
    }
    float s = b[i];
    for (int k = lo; k < hi; k++) s -= val[k] * x[col[k]];
    x[i] = s / val[hi];
    done[i] = it + 1;
    *changed = 1;
    atomicAdd(&levels[it], 1);
}

extern "C" __global__ void trsv_next(int *sweep)
{
    if (threadIdx.x == 0) *sweep += 1;
}
