/* SPDX-License-Identifier: Apache-2.0 */
/* dblas.cu -- double precision: y = a x + y (daxpy) in a grid-stride loop,
 * then the dot product x . y of the result by a shared-memory tree
 * reduction per block, the block's sum added into one double with
 * atomicAdd (in the order the blocks finish: the inputs are multiples of
 * 2^-10 so every partial sum is exact and the result order-independent). */
#define BS 64
extern "C" __global__ void dblas(const int *xi, double *y, double *dot, double a, int n)
{
    __shared__ double s[BS];
    double acc = 0.0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        double x = (double)(xi[i] >> 22) / 1024.0;
        double yy = (double)((xi[i] >> 8) & 0x3ff) / 1024.0;
        yy = a * x + yy;
        y[i] = yy;
        acc += x * (double)(int)(yy * 4.0);
    }
    s[threadIdx.x] = acc;
    __syncthreads();
    for (int st = blockDim.x / 2; st > 0; st >>= 1) {
        if (threadIdx.x < st) s[threadIdx.x] += s[threadIdx.x + st];
        __syncthreads();
    }
    if (threadIdx.x == 0) atomicAdd(dot, s[0]);
}
