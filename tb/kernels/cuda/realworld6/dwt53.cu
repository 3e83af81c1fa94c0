/* SPDX-License-Identifier: Apache-2.0 */
/* dwt53.cu -- one level of the reversible 5/3 wavelet (JPEG 2000's integer
 * lifting, as Rodinia's dwt2d does it) on a 32 x 32 tile of signed pixels
 * per block, in shared memory: a row pass (predict the odd samples from
 * their even neighbours, update the even ones from the new odd ones, with
 * floor division by arithmetic shifts of negative numbers and symmetric
 * extension at both ends), a barrier, the same on columns, then the
 * inverse on columns and rows to check that it is lossless.  Blocks are 2-D
 * (16 x 8): each thread lifts two rows or four columns, and the tile index
 * comes from a 2-D grid of which the last column of tiles is cut by the
 * image's width (its threads leave the copy-out early). */
#define TS 32

__device__ int mirror(int i, int n) { return i < 0 ? -i : i >= n ? 2 * (n - 1) - i : i; }

/* forward lifting of n samples x[0], x[s], ... in place (n even) */
__device__ void lift_fwd(int *x, int s, int n)
{
    for (int i = 1; i < n; i += 2) /* predict: d = odd - floor((left + right) / 2) */
        x[i * s] -= (x[mirror(i - 1, n) * s] + x[mirror(i + 1, n) * s]) >> 1;
    for (int i = 0; i < n; i += 2) /* update: s = even + floor((dl + dr + 2) / 4) */
        x[i * s] += (x[mirror(i - 1, n) * s] + x[mirror(i + 1, n) * s] + 2) >> 2;
}

__device__ void lift_inv(int *x, int s, int n)
{
    for (int i = 0; i < n; i += 2)
        x[i * s] -= (x[mirror(i - 1, n) * s] + x[mirror(i + 1, n) * s] + 2) >> 2;
    for (int i = 1; i < n; i += 2)
        x[i * s] += (x[mirror(i - 1, n) * s] + x[mirror(i + 1, n) * s]) >> 1;
}

extern "C" __global__ void dwt53(const short *img, int width, int height, int *coef, int *back,
                                 unsigned *lossless)
{
    __shared__ int tile[TS][TS + 1];
    const int tx = threadIdx.x, ty = threadIdx.y; /* 16 x 8 */
    const int tid = ty * blockDim.x + tx, nthr = blockDim.x * blockDim.y;
    const int x0 = blockIdx.x * TS, y0 = blockIdx.y * TS;
    for (int k = tid; k < TS * TS; k += nthr) {
        int r = k / TS, c = k % TS;
        int gx = min(x0 + c, width - 1), gy = min(y0 + r, height - 1); /* clamp the cut tile */
        tile[r][c] = img[gy * width + gx] - 128;
    }
    __syncthreads();
    if (tid < TS) lift_fwd(&tile[tid][0], 1, TS); /* rows */
    __syncthreads();
    if (tid < TS) lift_fwd(&tile[0][tid], TS + 1, TS); /* columns */
    __syncthreads();
    for (int k = tid; k < TS * TS; k += nthr) {
        int r = k / TS, c = k % TS;
        /* deinterleaved: the low band in the first half of each axis (of
           the cut tile, what falls inside the image) */
        int rr = (r & 1) ? TS / 2 + r / 2 : r / 2, cc = (c & 1) ? TS / 2 + c / 2 : c / 2;
        if (x0 + cc >= width) continue;
        coef[(y0 + rr) * width + x0 + cc] = tile[r][c];
    }
    __syncthreads();
    if (tid < TS) lift_inv(&tile[0][tid], TS + 1, TS);
    __syncthreads();
    if (tid < TS) lift_inv(&tile[tid][0], 1, TS);
    __syncthreads();
    for (int k = tid; k < TS * TS; k += nthr) {
        int r = k / TS, c = k % TS;
        if (x0 + c >= width || y0 + r >= height) continue;
        int v = tile[r][c] + 128;
        back[(y0 + r) * width + x0 + c] = v;
        if (v != img[(y0 + r) * width + x0 + c]) atomicAdd(lossless, 1u);
    }
}
