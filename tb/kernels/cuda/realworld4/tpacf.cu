/* SPDX-License-Identifier: Apache-2.0 */
/* tpacf.cu -- in the style of Parboil's tpacf: angular separations of
 * point pairs binned by a binary search over the bins' cosine bounds
 * (descending, held in shared memory), a histogram per block in shared
 * memory with shared atomics, merged into the global histogram with
 * global atomics.  Points are unit vectors (x, y, z as a structure of
 * arrays); each block takes a chunk of first points against all later
 * points, in double precision for the dot product as tpacf does. */
#define NBINS 20

extern "C" __global__ void tpacf(const float *x, const float *y, const float *z, int n,
                                 const double *binb, unsigned *hist)
{
    __shared__ double bounds[NBINS + 1];
    __shared__ unsigned sh[NBINS + 2];
    for (int i = threadIdx.x; i < NBINS + 1; i += blockDim.x) bounds[i] = binb[i];
    for (int i = threadIdx.x; i < NBINS + 2; i += blockDim.x) sh[i] = 0;
    __syncthreads();
    int per = (n + gridDim.x - 1) / gridDim.x;
    int lo = blockIdx.x * per, hi = lo + per < n ? lo + per : n;
    for (int i = lo; i < hi; i++) {
        double xi = x[i], yi = y[i], zi = z[i];
        for (int j = i + 1 + threadIdx.x; j < n; j += blockDim.x) {
            double dot = xi * x[j] + yi * y[j] + zi * z[j];
            /* bounds[] descend: find the bin k with bounds[k] >= dot > bounds[k+1] */
            int min = 0, max = NBINS + 1;
            while (max > min + 1) {
                int k = (min + max) / 2;
                if (dot >= bounds[k]) max = k;
                else min = k;
            }
            atomicAdd(&sh[dot >= bounds[min] ? min : max], 1u);
        }
    }
    __syncthreads();
    for (int i = threadIdx.x; i < NBINS + 2; i += blockDim.x) atomicAdd(&hist[i], sh[i]);
}
