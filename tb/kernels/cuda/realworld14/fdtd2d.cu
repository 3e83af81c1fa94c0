/* SPDX-License-Identifier: Apache-2.0 */
/* fdtd2d.cu -- PolyBench's fdtd-2d (a 2-D finite-difference time-domain
 * step of Maxwell's equations) as GPU suites run it: three launches a
 * time step from a host loop, each reading what the last wrote: ey (row
 * 0 driven by the source fict[t], the rest from hz's difference along
 * x), ex (column 0 left alone, the rest from hz's difference along y),
 * then hz from both fields' differences.  A 2-D grid of 8 x 8 blocks, one
 * thread a cell, the edge blocks partly idle (NX 12, NY 14); the fields
 * start from an integer hash.  The sums round in a fixed order per cell:
 * bit-equal with the host. */
extern "C" __global__ void fdtd_init(float *ex, float *ey, float *hz, float *fict, int nx, int ny, int tmax)
{
    const int j = blockIdx.x * blockDim.x + threadIdx.x;
    const int i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i == 0 && j < tmax) fict[j] = (float)j;
    if (i >= nx || j >= ny) return;
    ex[i * ny + j] = ((float)i * (float)(j + 1)) / (float)nx;
    ey[i * ny + j] = ((float)i * (float)(j + 2)) / (float)ny;
    hz[i * ny + j] = ((float)i * (float)(j + 3)) / (float)nx;
}

extern "C" __global__ void fdtd_ey(float *ey, const float *hz, const float *fict, int nx, int ny, int t)
{
    const int j = blockIdx.x * blockDim.x + threadIdx.x;
    const int i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i >= nx || j >= ny) return;
    if (i == 0)
        ey[j] = fict[t];
    else
        ey[i * ny + j] = ey[i * ny + j] - 0.5f * (hz[i * ny + j] - hz[(i - 1) * ny + j]);
}

extern "C" __global__ void fdtd_ex(float *ex, const float *hz, int nx, int ny)
{
    const int j = blockIdx.x * blockDim.x + threadIdx.x;
    const int i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i >= nx || j >= ny || j == 0) return;
    ex[i * ny + j] = ex[i * ny + j] - 0.5f * (hz[i * ny + j] - hz[i * ny + j - 1]);
}

extern "C" __global__ void fdtd_hz(const float *ex, const float *ey, float *hz, int nx, int ny)
{
    const int j = blockIdx.x * blockDim.x + threadIdx.x;
    const int i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i >= nx - 1 || j >= ny - 1) return;
    hz[i * ny + j] = hz[i * ny + j] -
                     0.7f * (ex[i * ny + j + 1] - ex[i * ny + j] + ey[(i + 1) * ny + j] - ey[i * ny + j]);
}
