/* SPDX-License-Identifier: Apache-2.0 */
/* earlyret.cu -- the eighth round (docs/ptx.md): a block sum of pairs as
 * much real-world code writes it, threads past the end returning before
 * the barrier (earlyret: refused then, with a line that names the early
 * return; runs since the twelfth session, docs/ptx.md "Early returns
 * before a barrier"), and the same with every thread kept to the barrier
 * (earlyret_kept: runs).  Each thread adds its element to its neighbour's
 * (tid ^ 1) after the barrier; n does not fill the last block.
 * earlyret_store: the returning threads first store a marker into shared
 * memory that the others read after the barrier -- what a returning
 * thread still does is seen, so it cannot be counted as exited early:
 * refused, with a line that says so, until the fourteenth session.
 * earlyret_nested: the return under another thread-dependent branch whose
 * other side goes to the barrier (that branch reconverged only at the exit,
 * after the barrier, so a stack would hold its other side there): refused
 * likewise.  Both run since on every mechanism but dpe and lwm, whose
 * returning threads leave the stacks (tests/test_simt_cuda_exitpop.sh).
 * earlyret_shfl: a full-mask shuffle after the early return, which
 * takes the returning lanes as exited (32-thread warps). */
extern "C" __global__ void earlyret(const int *in, int n, int *out)
{
    __shared__ int s[64];
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    s[threadIdx.x] = in[i];
    __syncthreads();
    const int j = threadIdx.x ^ 1;
    const int v = blockIdx.x * blockDim.x + j < n ? s[j] : 0;
    out[i] = v + s[threadIdx.x];
}

extern "C" __global__ void earlyret_kept(const int *in, int n, int *out)
{
    __shared__ int s[64];
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) s[threadIdx.x] = in[i];
    __syncthreads();
    if (i < n) {
        const int j = threadIdx.x ^ 1;
        const int v = blockIdx.x * blockDim.x + j < n ? s[j] : 0;
        out[i] = v + s[threadIdx.x];
    }
}

extern "C" __global__ void earlyret_store(const int *in, int n, int *out)
{
    __shared__ int s[64];
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) {
        s[threadIdx.x] = -1;
        return;
    }
    s[threadIdx.x] = in[i];
    __syncthreads();
    out[i] = s[threadIdx.x] + s[threadIdx.x ^ 1];
}

extern "C" __global__ void earlyret_nested(const int *in, int n, int *out)
{
    __shared__ int s[64];
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (threadIdx.x & 1) {
        s[threadIdx.x] = 1;
    } else {
        if (i >= n) return;
        s[threadIdx.x] = in[i];
    }
    __syncthreads();
    if (i < n) out[i] = s[threadIdx.x] + s[threadIdx.x ^ 1];
}

extern "C" __global__ void earlyret_shfl(const int *in, int n, int *out)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const int v = in[i];
    out[i] = v + __shfl_sync(0xffffffffu, v, 0);
}
