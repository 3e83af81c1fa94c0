/* SPDX-License-Identifier: Apache-2.0 */
/* sobel4.cu -- Sobel edge magnitude on an RGBA image of uchar4 pixels: each
 * thread converts its 3x3 neighbourhood (clamped at the borders) to
 * luminance, forms the two gradients, writes the magnitude as one byte
 * (saturated at 255) and a uchar4 with the gradient signs; a 2-D grid. */
__device__ __forceinline__ int luma(uchar4 p) { return (77 * p.x + 150 * p.y + 29 * p.z) >> 8; }
__device__ __forceinline__ int clampi(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }
extern "C" __global__ void sobel4(const uchar4 *img, unsigned char *mag, uchar4 *dir, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    int l[3][3];
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
            l[dy + 1][dx + 1] = luma(img[clampi(y + dy, 0, h - 1) * w + clampi(x + dx, 0, w - 1)]);
    int gx = (l[0][2] + 2 * l[1][2] + l[2][2]) - (l[0][0] + 2 * l[1][0] + l[2][0]);
    int gy = (l[2][0] + 2 * l[2][1] + l[2][2]) - (l[0][0] + 2 * l[0][1] + l[0][2]);
    int m = (int)sqrtf((float)(gx * gx + gy * gy));
    mag[y * w + x] = (unsigned char)min(m, 255);
    dir[y * w + x] = make_uchar4(gx < 0 ? 1 : 0, gy < 0 ? 1 : 0, (unsigned char)abs(gx) >> 2,
                                 (unsigned char)(abs(gy) >> 2));
}
