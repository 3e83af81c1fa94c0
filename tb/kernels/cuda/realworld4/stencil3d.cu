/* SPDX-License-Identifier: Apache-2.0 */
/* stencil3d.cu -- a 7-point 3-D stencil in the style of Parboil's
 * stencil: a 2-D block tiles the x-y plane and walks along z, keeping the
 * planes below and above in registers and the current plane in shared
 * memory (a barrier before and after each plane's use), boundary cells
 * copied unchanged.  Values are small integers as floats (exact). */
#define Index3D(nx, ny, i, j, k) ((i) + (nx) * ((j) + (ny) * (k)))

extern "C" __global__ void stencil3d(float c0, float c1, const float *A0, float *Anext, int nx,
                                     int ny, int nz)
{
    extern __shared__ float sh[];
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int j = blockIdx.y * blockDim.y + threadIdx.y;
    const int sx = threadIdx.x + 1, sy = threadIdx.y + 1;
    const int tx = blockDim.x + 2;
    bool in = i < nx && j < ny;
    float bottom = 0.0f, current = 0.0f, top = 0.0f;
    if (in) {
        bottom = A0[Index3D(nx, ny, i, j, 0)];
        current = A0[Index3D(nx, ny, i, j, 1)];
    }
    for (int k = 1; k < nz - 1; k++) {
        if (in) top = A0[Index3D(nx, ny, i, j, k + 1)];
        sh[sx + tx * sy] = current;
        if (in) {
            if (threadIdx.x == 0 && i > 0) sh[tx * sy] = A0[Index3D(nx, ny, i - 1, j, k)];
            if (threadIdx.x == blockDim.x - 1 && i < nx - 1)
                sh[sx + 1 + tx * sy] = A0[Index3D(nx, ny, i + 1, j, k)];
            if (threadIdx.y == 0 && j > 0) sh[sx] = A0[Index3D(nx, ny, i, j - 1, k)];
            if (threadIdx.y == blockDim.y - 1 && j < ny - 1)
                sh[sx + tx * (sy + 1)] = A0[Index3D(nx, ny, i, j + 1, k)];
        }
        __syncthreads();
        if (in) {
            if (i > 0 && i < nx - 1 && j > 0 && j < ny - 1)
                Anext[Index3D(nx, ny, i, j, k)] =
                    (top + bottom + sh[sx - 1 + tx * sy] + sh[sx + 1 + tx * sy] +
                     sh[sx + tx * (sy - 1)] + sh[sx + tx * (sy + 1)]) * c1 - current * c0;
            else
                Anext[Index3D(nx, ny, i, j, k)] = current;
        }
        bottom = current;
        current = top;
        __syncthreads();
    }
}
