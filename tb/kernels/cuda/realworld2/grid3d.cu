/* SPDX-License-Identifier: Apache-2.0 */
/* grid3d.cu -- a 7-point stencil on a 3-D volume with a 3-D grid of 3-D
 * blocks (blockIdx.z, gridDim.z, threadIdx.z, blockDim.z), clamped
 * (replicated) boundaries, and each cell also records which CTA wrote it
 * as a flat id computed from all three grid dimensions. */
extern "C" __global__ void grid3d(const int *in, int *out, int *owner, int nx, int ny, int nz)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int z = blockIdx.z * blockDim.z + threadIdx.z;
    if (x >= nx || y >= ny || z >= nz) return;
    int xm = x > 0 ? x - 1 : x, xp = x < nx - 1 ? x + 1 : x;
    int ym = y > 0 ? y - 1 : y, yp = y < ny - 1 ? y + 1 : y;
    int zm = z > 0 ? z - 1 : z, zp = z < nz - 1 ? z + 1 : z;
#define AT(a, b, c) (in[((c) * ny + (b)) * nx + (a)] & 0xffff)
    int v = 6 * AT(x, y, z) - AT(xm, y, z) - AT(xp, y, z) - AT(x, ym, z) - AT(x, yp, z) - AT(x, y, zm) - AT(x, y, zp);
#undef AT
    int idx = (z * ny + y) * nx + x;
    out[idx] = v;
    owner[idx] = (int)((blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x) * 1000 +
                 (int)((threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x);
}
