/* SPDX-License-Identifier: Apache-2.0 */
/* field3d.cu -- a 3-D field on 3-D blocks (threadIdx.z, blockIdx.z): each
 * point's distance to a set of charges through rsqrtf, sqrtf, fabsf,
 * fminf/fmaxf and __expf, a 7-point Laplacian with the faces of the volume
 * taking the boundary value, and a double-precision norm per point.  The
 * math built-ins are the header's (the GPU's fast forms for __expf and
 * rsqrtf). */
__constant__ float charge[4][4] = {
    {1.5f, 2.0f, 0.5f, 1.0f}, {5.0f, 1.0f, 2.5f, -2.0f}, {3.0f, 4.5f, 1.0f, 0.5f}, {0.0f, 3.0f, 3.5f, -1.0f}};
__device__ __forceinline__ float potential(float x, float y, float z)
{
    float p = 0.0f;
    for (int c = 0; c < 4; c++) {
        float dx = x - charge[c][0], dy = y - charge[c][1], dz = z - charge[c][2];
        float d2 = dx * dx + dy * dy + dz * dz + 0.25f;
        p += charge[c][3] * rsqrtf(d2) * __expf(-0.125f * sqrtf(d2));
    }
    return p;
}
extern "C" __global__ void field3d(float *phi, float *lap, double *norm, int nx, int ny, int nz)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int z = blockIdx.z * blockDim.z + threadIdx.z;
    if (x >= nx || y >= ny || z >= nz) return;
    int id = (z * ny + y) * nx + x;
    float p = potential((float)x, (float)y, (float)z);
    phi[id] = p;
    float l;
    if (x == 0 || y == 0 || z == 0 || x == nx - 1 || y == ny - 1 || z == nz - 1) {
        l = fabsf(p);
    } else {
        float s = potential(x - 1.0f, (float)y, (float)z) + potential(x + 1.0f, (float)y, (float)z) +
                  potential((float)x, y - 1.0f, (float)z) + potential((float)x, y + 1.0f, (float)z) +
                  potential((float)x, (float)y, z - 1.0f) + potential((float)x, (float)y, z + 1.0f);
        l = fmaxf(fminf(s - 6.0f * p, 8.0f), -8.0f);
    }
    lap[id] = l;
    norm[id] = sqrt((double)p * p + (double)l * l);
}
