/* SPDX-License-Identifier: Apache-2.0 */
/* tpose33.cu -- a tiled matrix transpose through a 2-D shared tile with
 * one column of padding (tile[32][33]: the classic bank-conflict fix), a
 * 2-D grid of 2-D blocks of 32x8 threads, each thread moving four
 * elements, a matrix whose sides are not multiples of the tile (bounds
 * checks on both loads and stores); unsigned words, doubled plus one. */
#define TILE 32
#define ROWS 8
extern "C" __global__ void tpose33(unsigned *out, const unsigned *in, int w, int h)
{
    __shared__ unsigned tile[TILE][TILE + 1];
    int x = blockIdx.x * TILE + threadIdx.x;
    int y = blockIdx.y * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += ROWS)
        if (x < w && y + j < h) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * w + x];
    __syncthreads();
    x = blockIdx.y * TILE + threadIdx.x;
    y = blockIdx.x * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += ROWS)
        if (x < h && y + j < w) out[(y + j) * h + x] = tile[threadIdx.x][threadIdx.y + j] * 2u + 1u;
}
