/* SPDX-License-Identifier: Apache-2.0 */
/* box48z.cu -- a 3x3 weighted filter over a stack of 8-bit images, as
 * image pipelines launch it: a 3-D grid (x and y tiles, z the image), a
 * block of 48 x 3 threads (no multiple of 32 wide: its warps straddle the
 * block's rows), the tile and its one-pixel halo (50 x 5) loaded into
 * shared memory by a strided loop with the borders clamped to the edge,
 * the taps from a __constant__ table read at uniform indices, a
 * rounded shift.  Then each block sums its outputs by a tree over its
 * 144 threads (no power of two: the first step folds threads 128..143
 * onto 0..15) and adds the sum to its image's total with atomicAdd, and
 * counts its bright pixels per image with a shared histogram of 4 bins.
 * The image (70 x 5) is no multiple of the tile: the last tiles' outside
 * threads load, take every barrier and add 0. */
#define TW 48
#define TH 3
#define NT (TW * TH)

__constant__ int taps[3][3] = {{1, 2, 1}, {2, 4, 2}, {1, 2, 1}};

extern "C" __global__ void box48z(const unsigned char *__restrict__ img, int w, int h, unsigned char *out,
                                  unsigned *total, unsigned *bins)
{
    __shared__ int tile[TH + 2][TW + 2];
    __shared__ unsigned red[NT];
    __shared__ unsigned hist[4];
    const int tx = threadIdx.x, ty = threadIdx.y, t = ty * TW + tx;
    const int x0 = blockIdx.x * TW, y0 = blockIdx.y * TH, z = blockIdx.z;
    const unsigned char *im = img + z * w * h;
    if (t < 4) hist[t] = 0;
    for (int k = t; k < (TH + 2) * (TW + 2); k += NT) {
        const int ly = k / (TW + 2), lx = k % (TW + 2);
        const int gx = min(max(x0 + lx - 1, 0), w - 1), gy = min(max(y0 + ly - 1, 0), h - 1);
        tile[ly][lx] = im[gy * w + gx];
    }
    __syncthreads();
    const int x = x0 + tx, y = y0 + ty;
    unsigned v = 0;
    if (x < w && y < h) {
        int s = 0;
        for (int dy = 0; dy < 3; dy++)
            for (int dx = 0; dx < 3; dx++) s += taps[dy][dx] * tile[ty + dy][tx + dx];
        v = (unsigned)((s + 8) >> 4);
        out[(z * h + y) * w + x] = (unsigned char)v;
        if (v >= 112) atomicAdd(&hist[min((v - 112) >> 4, 3u)], 1u);
    }
    red[t] = v;
    __syncthreads();
    if (t < NT - 128) red[t] += red[t + 128];
    __syncthreads();
    for (int s = 64; s > 0; s >>= 1) {
        if (t < s) red[t] += red[t + s];
        __syncthreads();
    }
    if (t == 0) atomicAdd(&total[z], red[0]);
    if (t < 4) atomicAdd(&bins[z * 4 + t], hist[t]);
}
