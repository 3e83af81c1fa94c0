/* SPDX-License-Identifier: Apache-2.0 */
/* earlyexit.cu -- early returns before a barrier (docs/ptx.md, "Early
 * returns before a barrier"), the shapes real code writes: threads that
 * have nothing to do leave, the others synchronise.  PTX releases a
 * barrier once every thread that has not exited arrives, and the SM model
 * counts a thread bound for the exit as exited (prog.h, exit_bound).  Seven
 * entries, one launch each (earlyexit.launch, a sequence):
 *   er_twobar  if (i >= n) return; then two barriers (a neighbour's
 *              value through shared memory, then the sum of a pair);
 *   er_2d      a 2-D block over an image whose edge blocks are partly
 *              outside it: if (x >= w || y >= h) return;
 *   er_warp    one whole 32-thread group of the block returns (a warp at
 *              the presets of 32-thread warps);
 *   er_half    the upper half of each 32-thread group returns (half of a
 *              warp at 001), the rest reduce in shared memory;
 *   er_loop    if (i >= n) return; then a loop of smoothing steps with
 *              __syncthreads() in it;
 *   er_redtree a tree reduction whose threads return as soon as the
 *              tree no longer needs them (if (t >= s) return; inside the
 *              loop, its barrier after);
 *   er_tworet  a second early return after the first barrier, on a value
 *              read from shared memory, two more barriers after it.
 * No thread reads a shared word that only a returned thread would have
 * written. */
extern "C" __global__ void er_twobar(const int *in, int n, int *out)
{
    __shared__ int s[128];
    const int t = threadIdx.x, base = blockIdx.x * blockDim.x, i = base + t;
    if (i >= n) return;
    s[t] = in[i] * 3 + 1;
    __syncthreads();
    const int last = (n - base < (int)blockDim.x ? n - base : (int)blockDim.x) - 1;
    const int nb = t == last ? s[0] : s[t + 1];
    __syncthreads();
    s[t] = nb - s[t];
    __syncthreads();
    out[i] = s[t] + s[last - t];
}

extern "C" __global__ void er_2d(const unsigned *img, int w, int h, unsigned *out)
{
    __shared__ unsigned tile[8][17];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int x = blockIdx.x * blockDim.x + tx, y = blockIdx.y * blockDim.y + ty;
    if (x >= w || y >= h) return;
    tile[ty][tx] = img[y * w + x] & 0xffffu;
    __syncthreads();
    unsigned v = tile[ty][tx];
    if (tx + 1 < (int)blockDim.x && x + 1 < w) v += 2u * tile[ty][tx + 1];
    if (ty + 1 < (int)blockDim.y && y + 1 < h) v += 5u * tile[ty + 1][tx];
    if (tx > 0 && ty > 0) v ^= tile[ty - 1][tx - 1] << 3;
    out[y * w + x] = v;
}

extern "C" __global__ void er_warp(const int *in, int skip, int *out)
{
    __shared__ int s[128];
    const int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
    if ((t >> 5) == skip) return;
    s[t] = in[i] & 1023;
    __syncthreads();
    int j = (t + 37) % (int)blockDim.x;
    if ((j >> 5) == skip) j = t;
    out[i] = s[t] * 7 + s[j];
}

extern "C" __global__ void er_half(const int *in, int *out)
{
    __shared__ int s[128];
    const int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
    if (t & 16) return;
    s[t] = in[i] & 4095;
    __syncthreads();
    /* a sum over the lower halves of the 32-thread groups, in shared
     * memory, each thread reading only lower-half words */
    int acc = 0;
    for (int g = 0; g < (int)blockDim.x; g += 32)
        acc += s[g + (t & 15)];
    __syncthreads();
    s[t] = acc - s[t];
    __syncthreads();
    out[i] = s[t] + s[t ^ 1];
}

extern "C" __global__ void er_loop(const float *in, int n, int steps, float *out)
{
    __shared__ float s[128];
    const int t = threadIdx.x, base = blockIdx.x * blockDim.x, i = base + t;
    if (i >= n) return;
    const int last = (n - base < (int)blockDim.x ? n - base : (int)blockDim.x) - 1;
    s[t] = in[i];
    for (int k = 0; k < steps; k++) {
        __syncthreads();
        const float l = t > 0 ? s[t - 1] : s[t], r = t < last ? s[t + 1] : s[t];
        const float v = 0.25f * l + 0.5f * s[t] + 0.25f * r;
        __syncthreads();
        s[t] = v;
    }
    out[i] = s[t];
}

extern "C" __global__ void er_redtree(const unsigned *in, unsigned *out)
{
    __shared__ unsigned s[128];
    const unsigned t = threadIdx.x;
    s[t] = in[blockIdx.x * blockDim.x + t] % 1000u;
    __syncthreads();
    for (unsigned h = blockDim.x / 2; h > 0; h >>= 1) {
        if (t >= h) return;
        s[t] += s[t + h];
        __syncthreads();
    }
    out[blockIdx.x] = s[0];
}

extern "C" __global__ void er_tworet(const int *in, int n, int *out)
{
    __shared__ int s[128];
    const int t = threadIdx.x, base = blockIdx.x * blockDim.x, i = base + t;
    if (i >= n) return;
    s[t] = in[i];
    __syncthreads();
    const int v = s[t] & 7;
    if (v == 3) return;
    __syncthreads();
    s[t] = v * 5 + 1;
    __syncthreads();
    const int j = t ^ 1;
    out[i] = s[t] + (base + j < n && (s[j] & 7) != 3 ? s[j] : 0);
}
