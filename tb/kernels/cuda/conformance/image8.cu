/* SPDX-License-Identifier: Apache-2.0 */
/* image8.cu -- an 8-bit grey image through a 3 x 3 Sobel filter on a 2-D
 * grid: unsigned char loads (zero-extended), the border pixels clamp their
 * neighbours' coordinates, the gradient's magnitude is saturated to 255 and
 * stored as a byte, the signed x gradient as a short, and a per-block count
 * of edge pixels goes through a shared counter (shared atomics) to a byte
 * per block.  A __device__ helper (inlined) reads a clamped pixel. */
__device__ __forceinline__ int px(const unsigned char *im, int x, int y, int w, int h)
{
    x = x < 0 ? 0 : x >= w ? w - 1 : x;
    y = y < 0 ? 0 : y >= h ? h - 1 : y;
    return im[y * w + x];
}
extern "C" __global__ void image8(const unsigned char *im, unsigned char *mag, short *gx_out,
                                  unsigned char *edges, int w, int h, int thresh)
{
    __shared__ unsigned count;
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (threadIdx.x == 0 && threadIdx.y == 0) count = 0;
    __syncthreads();
    if (x < w && y < h) {
        int gx = px(im, x + 1, y - 1, w, h) + 2 * px(im, x + 1, y, w, h) + px(im, x + 1, y + 1, w, h) -
                 px(im, x - 1, y - 1, w, h) - 2 * px(im, x - 1, y, w, h) - px(im, x - 1, y + 1, w, h);
        int gy = px(im, x - 1, y + 1, w, h) + 2 * px(im, x, y + 1, w, h) + px(im, x + 1, y + 1, w, h) -
                 px(im, x - 1, y - 1, w, h) - 2 * px(im, x, y - 1, w, h) - px(im, x + 1, y - 1, w, h);
        int m = (gx < 0 ? -gx : gx) + (gy < 0 ? -gy : gy);
        mag[y * w + x] = (unsigned char)(m > 255 ? 255 : m);
        gx_out[y * w + x] = (short)gx;
        if (m > thresh) atomicAdd(&count, 1u);
    }
    __syncthreads();
    if (threadIdx.x == 0 && threadIdx.y == 0)
        edges[blockIdx.y * gridDim.x + blockIdx.x] = (unsigned char)count;
}
