/* SPDX-License-Identifier: Apache-2.0 */
/* transpose.cu -- a matrix transpose through a padded shared tile, on a 2-D
 * grid of 2-D blocks (threadIdx.y, blockIdx.y): each block loads a tile of
 * TILE x TILE with rows of TILE/ROWS loads per thread, synchronises and
 * writes the tile transposed; the matrix is not a multiple of the tile, so
 * the edge blocks guard both reads and writes.  The elements are 16-bit
 * (short): loads and stores of two bytes, sign-extended into the sum the
 * second output keeps (over the tile's loaded part only: shared memory
 * starts undefined). */
#define TILE 8
#define ROWS 4
extern "C" __global__ void transpose(const short *in, short *out, int *rowsum, int w, int h)
{
    __shared__ short tile[TILE][TILE + 1];
    int x = blockIdx.x * TILE + threadIdx.x;
    int y = blockIdx.y * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += ROWS)
        if (x < w && y + j < h) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * w + x];
    __syncthreads();
    x = blockIdx.y * TILE + threadIdx.x;
    y = blockIdx.x * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += ROWS)
        if (x < h && y + j < w) out[(y + j) * h + x] = tile[threadIdx.x][threadIdx.y + j];
    /* each thread of the first column sums its tile rows (signed shorts) */
    if (threadIdx.x == 0) {
        for (int j = threadIdx.y; j < TILE; j += ROWS) {
            int s = 0, r = blockIdx.y * TILE + j;
            for (int i = 0; i < TILE && (int)blockIdx.x * TILE + i < w; i++) s += tile[j][i];
            if (r < h) rowsum[r * gridDim.x + blockIdx.x] = s;
        }
    }
}
