/* SPDX-License-Identifier: Apache-2.0 */
/* stencilz.cu -- a 7-point 3-D stencil with a 3-D grid of 3-D blocks
 * (8 x 4 x 2 threads) and register blocking along z, as tuned stencil
 * codes write it: each thread owns ZB consecutive z cells of its (x, y)
 * column, keeps the column below, its own and above in a register array
 * (read once with __ldg), and takes its x and y neighbours from a shared
 * tile of the block's plane with a one-cell halo, staged plane by plane
 * (a barrier before and after each use; threads outside the grid still
 * come to every barrier).  A template on ZB instantiated twice (ZB 2 and
 * 4: two entries, the grid's z halved for the second), __launch_bounds__,
 * a static __device__ index helper, __restrict__ and #pragma unroll.
 * The sides (13 x 7 x 11) are no multiple of the block's; boundary cells
 * are copied.  The values are small integers and the weights powers of
 * two, so every sum is exact and both entries write the same answer. */
#define BX 8
#define BY 4
#define BZ 2

static __device__ __forceinline__ int at(int x, int y, int z, int nx, int ny) { return (z * ny + y) * nx + x; }

template <int ZB>
__global__ void __launch_bounds__(BX * BY * BZ)
    stencil_z(const float *__restrict__ in, float *__restrict__ out, int nx, int ny, int nz, float c0, float c1)
{
    __shared__ float tile[BZ][BY + 2][BX + 2];
    const int tx = threadIdx.x, ty = threadIdx.y, tz = threadIdx.z;
    const int x = blockIdx.x * BX + tx, y = blockIdx.y * BY + ty;
    const int z0 = (blockIdx.z * BZ + tz) * ZB;
    const bool col = x < nx && y < ny;
    float v[ZB + 2];
#pragma unroll
    for (int k = 0; k < ZB + 2; k++) {
        const int z = z0 - 1 + k;
        v[k] = col && z >= 0 && z < nz ? __ldg(&in[at(x, y, z, nx, ny)]) : 0.0f;
    }
#pragma unroll
    for (int k = 0; k < ZB; k++) {
        const int z = z0 + k;
        const bool live = col && z < nz;
        tile[tz][ty + 1][tx + 1] = v[k + 1];
        if (live && tx == 0 && x > 0) tile[tz][ty + 1][0] = in[at(x - 1, y, z, nx, ny)];
        if (live && (tx == BX - 1 || x == nx - 1) && x + 1 < nx) tile[tz][ty + 1][tx + 2] = in[at(x + 1, y, z, nx, ny)];
        if (live && ty == 0 && y > 0) tile[tz][0][tx + 1] = in[at(x, y - 1, z, nx, ny)];
        if (live && (ty == BY - 1 || y == ny - 1) && y + 1 < ny) tile[tz][ty + 2][tx + 1] = in[at(x, y + 1, z, nx, ny)];
        __syncthreads();
        if (live) {
            float r = v[k + 1];
            if (x > 0 && y > 0 && z > 0 && x < nx - 1 && y < ny - 1 && z < nz - 1)
                r = c0 * v[k + 1] + c1 * (tile[tz][ty + 1][tx] + tile[tz][ty + 1][tx + 2] + tile[tz][ty][tx + 1] +
                                          tile[tz][ty + 2][tx + 1] + v[k] + v[k + 2]);
            out[at(x, y, z, nx, ny)] = r;
        }
        __syncthreads();
    }
}

template __global__ void stencil_z<2>(const float *, float *, int, int, int, float, float);
template __global__ void stencil_z<4>(const float *, float *, int, int, int, float, float);

/* the input: small integers from a hash of the cell's index */
extern "C" __global__ void stencil_fill(float *in, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) in[i] = (float)((int)((unsigned)i * 2654435761u >> 27) - 16);
}
