/* SPDX-License-Identifier: Apache-2.0 */
/* pathfinder.cu -- a dynamic-programming row sweep (Rodinia PathFinder's
 * shape): the cheapest path from the top row to each cell of the bottom
 * row of a cost grid, moving down, down-left or down-right.  Each CTA
 * sweeps its own 64-column strip; the previous row lives in shared memory;
 * the strip's edge columns have one neighbour fewer. */
extern "C" __global__ void pathfinder(const unsigned *rnd, int *out, int cols, int rows)
{
    __shared__ int prev[64], cur[64];
    int t = threadIdx.x, n = blockDim.x;
    int x = blockIdx.x * n + t;
    prev[t] = (int)(rnd[x] % 10u);
    __syncthreads();
    for (int r = 1; r < rows; r++) {
        int best = prev[t];
        if (t > 0 && prev[t - 1] < best) best = prev[t - 1];
        if (t < n - 1 && prev[t + 1] < best) best = prev[t + 1];
        cur[t] = best + (int)((rnd[r * cols + x] >> 5) % 10u);
        __syncthreads();
        prev[t] = cur[t];
        __syncthreads();
    }
    out[x] = prev[t];
}
