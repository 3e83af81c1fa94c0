/* SPDX-License-Identifier: Apache-2.0 */
/* reduce6.cu -- in the style of the CUDA SDK's reduction kernel #6: the
 * block size a template parameter (the tree's steps unrolled by `if
 * (blockSize >= N)`), each thread first adds two elements per grid-sized
 * stride (nIsPow2) or one, then the shared tree with barriers down to 64,
 * then the last warp unrolled on a volatile pointer without any barrier
 * (the pre-Volta idiom: right only when the warp's 32 threads run in
 * lockstep).  The tree's state before the warp tail is written out too
 * (tree[]), which is order-independent and compared; the sums are the
 * lockstep idiom's and are reported as a race (docs/ptx.md). */
template <unsigned blockSize, bool nIsPow2>
__global__ void reduce6(const unsigned *g_idata, unsigned *g_odata, unsigned *tree, unsigned n)
{
    __shared__ unsigned sdata[blockSize];
    unsigned tid = threadIdx.x;
    unsigned i = blockIdx.x * blockSize * 2 + threadIdx.x;
    unsigned gridSize = blockSize * 2 * gridDim.x;
    unsigned mySum = 0;
    while (i < n) {
        mySum += g_idata[i];
        if (nIsPow2 || i + blockSize < n) mySum += g_idata[i + blockSize];
        i += gridSize;
    }
    sdata[tid] = mySum;
    __syncthreads();
    if (blockSize >= 512) { if (tid < 256) sdata[tid] = mySum = mySum + sdata[tid + 256]; __syncthreads(); }
    if (blockSize >= 256) { if (tid < 128) sdata[tid] = mySum = mySum + sdata[tid + 128]; __syncthreads(); }
    if (blockSize >= 128) { if (tid < 64) sdata[tid] = mySum = mySum + sdata[tid + 64]; __syncthreads(); }
    if (tid < 64) tree[blockIdx.x * 64 + tid] = sdata[tid];
    __syncthreads();
    if (tid < 32) {
        volatile unsigned *smem = sdata;
        if (blockSize >= 64) smem[tid] = mySum = mySum + smem[tid + 32];
        if (blockSize >= 32) smem[tid] = mySum = mySum + smem[tid + 16];
        if (blockSize >= 16) smem[tid] = mySum = mySum + smem[tid + 8];
        if (blockSize >= 8) smem[tid] = mySum = mySum + smem[tid + 4];
        if (blockSize >= 4) smem[tid] = mySum = mySum + smem[tid + 2];
        if (blockSize >= 2) smem[tid] = mySum = mySum + smem[tid + 1];
    }
    if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}

template __global__ void reduce6<128, false>(const unsigned *, unsigned *, unsigned *, unsigned);
template __global__ void reduce6<256, true>(const unsigned *, unsigned *, unsigned *, unsigned);
