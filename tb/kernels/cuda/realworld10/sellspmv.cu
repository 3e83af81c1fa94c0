/* SPDX-License-Identifier: Apache-2.0 */
/* sellspmv.cu -- sparse matrix times vector in two layouts GPU sparse
 * libraries use beside plain CSR:
 * - sell_spmv, SELL-C-sigma: the rows sorted by length within windows of
 *   sigma (perm), cut into slices of C; a slice is stored column-major
 *   (the j-th entries of its C rows together, so a warp's loads are
 *   contiguous), as wide as its longest row, shorter rows padded with
 *   column -1.  One thread a sorted row loops to its slice's width (read
 *   from the slice table: uniform for a slice, different across the
 *   warp's slices at warps wider than C) and leaves at the first pad
 *   (`break`); the result goes to y[perm[r]] (a scattered store).  Rows
 *   whose |y| reaches 20 are counted with atomicAdd;
 * - csr_vector, CSR with a group of 4 threads a row: each thread adds
 *   every 4th entry of the row, the group's partial sums reduced by a
 *   tree in shared memory with a barrier per step; threads past the last
 *   row still take part in the barriers.
 * Values are halves and the vector small integers, so both sums are exact
 * in any order and the two y are equal; inputs from gen_inputs.py. */
#define C 8

extern "C" __global__ void sell_spmv(const int *__restrict__ sptr, const int *__restrict__ scol,
                                     const float *__restrict__ sval, const int *__restrict__ perm,
                                     const float *__restrict__ x, float *y, int n, unsigned *big)
{
    const int r = blockIdx.x * blockDim.x + threadIdx.x;
    const int s = r / C, lane = r % C;
    if (r >= (n + C - 1) / C * C) return; /* past the last slice */
    const int base = __ldg(&sptr[2 * s]), width = __ldg(&sptr[2 * s + 1]);
    float sum = 0.0f;
    for (int j = 0; j < width; j++) {
        const int c = __ldg(&scol[base + j * C + lane]);
        if (c < 0) break; /* the rest of this row is padding */
        sum += __ldg(&sval[base + j * C + lane]) * __ldg(&x[c]);
    }
    if (r < n) {
        y[perm[r]] = sum;
        if (fabsf(sum) >= 20.0f) atomicAdd(big, 1u);
    }
}

extern "C" __global__ void csr_vector(const int *__restrict__ ptr, const int *__restrict__ col,
                                      const float *__restrict__ val, const float *__restrict__ x, float *y, int n)
{
    extern __shared__ float red[];
    const int t = threadIdx.x, row = (blockIdx.x * blockDim.x + t) / 4, lane = t & 3;
    float s = 0.0f;
    if (row < n)
        for (int j = ptr[row] + lane; j < ptr[row + 1]; j += 4) s += val[j] * x[col[j]];
    red[t] = s;
    __syncthreads();
    if (lane < 2) red[t] += red[t + 2];
    __syncthreads();
    if (lane == 0 && row < n) y[row] = red[t] + red[t + 1];
}
