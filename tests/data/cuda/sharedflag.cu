/* SPDX-License-Identifier: Apache-2.0 */
/* sharedflag.cu -- a loop with barriers that runs while a shared count,
 * written by thread 0, is positive (tests/test_simt_cuda_realworld4.sh).
 * flag: the count read after a plain __syncthreads (the header's is
 * __nvvm_bar_sync(0), after which clang 14 keeps the reads; its built-in
 * let the other threads read the count above the barrier, the PTX kept in
 * sharedflag_hoisted.ptx): every thread reads one word after a barrier,
 * uniform under CUDA's data-race freedom (prog.c, shared_load_uniform):
 * runs.  vflag: the count volatile: refused until 2026-11-30 (volatile
 * loads were seeds of thread-dependence); runs since the reference checks
 * that no thread writes a shared word in the interval others read it as
 * uniform (tb/simt/ref_shuni.c), and its loop, left only by a return, is
 * one that forret runs (docs/ptx.md).  orflag: the loop decided by
 * __syncthreads_or: runs.
 */
extern "C" __global__ void flag(int *out, int n)
{
    __shared__ int cnt;
    int t = threadIdx.x, r = 0;
    if (t == 0) cnt = n;
    __syncthreads();
    while (cnt > 0) {
        r += cnt;
        __syncthreads();
        if (t == 0) cnt = cnt - 1;
        __syncthreads();
    }
    out[t] = r;
}

extern "C" __global__ void vflag(int *out, int n)
{
    __shared__ int cnt;
    volatile int *c = &cnt;
    int t = threadIdx.x, r = 0;
    if (t == 0) *c = n;
    __syncthreads();
    while (*c > 0) {
        r += *c;
        __syncthreads();
        if (t == 0) *c = *c - 1;
        __syncthreads();
    }
    out[t] = r;
}

extern "C" __global__ void orflag(int *out, int n)
{
    __shared__ int cnt;
    int t = threadIdx.x, r = 0;
    if (t == 0) cnt = n;
    while (__syncthreads_or(cnt > 0)) {
        r += cnt;
        __syncthreads();
        if (t == 0) cnt = cnt - 1;
    }
    out[t] = r;
}
