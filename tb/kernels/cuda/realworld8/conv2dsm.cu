/* SPDX-License-Identifier: Apache-2.0 */
/* conv2dsm.cu -- a 2-D convolution as image-processing code writes it: a
 * 2-D grid of 2-D blocks, each block stages its output tile plus a halo of
 * R pixels on every side in dynamic shared memory (extern __shared__, its
 * row pitch taken from blockDim.x), loading the (bx + 2R) x (by + 2R)
 * window with a strided 2-D loop; pixels outside the image come from the
 * nearest edge pixel (clamp).  The (2R+1)^2 weights sit in __constant__
 * memory, the image's width and height do not divide by the block, and a
 * thread outside the image stages the halo but writes nothing.  The image
 * is 16-bit unsigned samples (ld.global.u16), the output float, and each
 * block also counts its saturated outputs with __syncthreads_count. */
#define R 2
#define TAPS (2 * R + 1)

__constant__ float weights[TAPS * TAPS] = {
    0.0f,  -0.5f, -1.0f, -0.5f, 0.0f,  -0.5f, 1.0f, 2.0f, 1.0f, -0.5f, -1.0f, 2.0f, 4.0f,
    2.0f,  -1.0f, -0.5f, 1.0f,  2.0f,  1.0f,  -0.5f, 0.0f, -0.5f, -1.0f, -0.5f, 0.0f};

__device__ __forceinline__ int clampi(int v, int lo, int hi) { return v < lo ? lo : (v > hi ? hi : v); }

extern "C" __global__ void conv2dsm(const unsigned short *__restrict__ img, int width, int height,
                                     float limit, float *__restrict__ out, int *__restrict__ saturated)
{
    extern __shared__ float tile[]; /* (blockDim.y + 2R) rows of (blockDim.x + 2R) */
    const int pitch = blockDim.x + 2 * R, rows = blockDim.y + 2 * R;
    const int x0 = blockIdx.x * blockDim.x - R, y0 = blockIdx.y * blockDim.y - R;
    for (int ty = threadIdx.y; ty < rows; ty += blockDim.y)
        for (int tx = threadIdx.x; tx < pitch; tx += blockDim.x) {
            int gx = clampi(x0 + tx, 0, width - 1), gy = clampi(y0 + ty, 0, height - 1);
            tile[ty * pitch + tx] = (float)(img[gy * width + gx] & 0x0fff) * (1.0f / 64.0f);
        }
    __syncthreads();
    const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    int sat = 0;
    if (x < width && y < height) {
        float acc = 0.0f;
#pragma unroll
        for (int dy = 0; dy < TAPS; dy++)
#pragma unroll
            for (int dx = 0; dx < TAPS; dx++)
                acc += weights[dy * TAPS + dx] * tile[(threadIdx.y + dy) * pitch + threadIdx.x + dx];
        if (acc > limit) { acc = limit; sat = 1; }
        else if (acc < -limit) { acc = -limit; sat = 1; }
        out[y * width + x] = acc;
    }
    int nsat = __syncthreads_count(sat);
    if (threadIdx.x == 0 && threadIdx.y == 0) saturated[blockIdx.y * gridDim.x + blockIdx.x] = nsat;
}
