/* SPDX-License-Identifier: Apache-2.0 */
/* own_scan.cu -- written as issue 25's reviewer would, without the
 * project's header: the kernel's own prelude defines __global__,
 * __device__ and __shared__ as clang attributes and reads the indices
 * through __nvvm_read_ptx_sreg_*; compiled with the issue's command as it
 * stands (make kernels; tests/test_simt_cuda_realworld4.sh also at -O0,
 * -O1, -O3, -Os and sm_60/75/80/86).  A block-wide inclusive scan of
 * 16-bit keys (Hillis-Steele, a barrier in a loop whose bound is the block
 * size), then each element's rank among the keys below it within the
 * block, a per-block maximum by a tree.  The host reference compiles it
 * with the project's header, whose host half has the sreg reads. */
#ifndef WARPHW_CUDA_H
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
#endif
#define TID() __nvvm_read_ptx_sreg_tid_x()
#define NTID() __nvvm_read_ptx_sreg_ntid_x()
#define CTAID() __nvvm_read_ptx_sreg_ctaid_x()

__device__ static unsigned key_of(unsigned w) { return (w ^ (w >> 13)) & 0xffffu; }

extern "C" __global__ void own_scan(const unsigned *in, unsigned *scan, unsigned *rank,
                                    unsigned *bmax)
{
    __shared__ unsigned s[256];
    __shared__ unsigned k[256];
    int t = TID(), n = NTID();
    unsigned v = key_of(in[CTAID() * n + t]);
    s[t] = v;
    k[t] = v;
    __syncthreads();
    for (int d = 1; d < n; d *= 2) {
        unsigned x = t >= d ? s[t - d] : 0;
        __syncthreads();
        s[t] += x;
        __syncthreads();
    }
    scan[CTAID() * n + t] = s[t];
    unsigned r = 0;
    for (int j = 0; j < n; j++)
        r += k[j] < v || (k[j] == v && j < t);
    rank[CTAID() * n + t] = r;
    __syncthreads();
    for (int h = n / 2; h > 0; h /= 2) {
        if (t < h && k[t + h] > k[t]) k[t] = k[t + h];
        __syncthreads();
    }
    if (t == 0) bmax[CTAID()] = k[0];
}
