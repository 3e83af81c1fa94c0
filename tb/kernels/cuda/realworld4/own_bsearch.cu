/* SPDX-License-Identifier: Apache-2.0 */
/* own_bsearch.cu -- the reviewer's own prelude (as own_scan.cu), no
 * barrier: each thread finds its query in a sorted table by binary search
 * (lower bound), walks the run of equal keys, and classifies the query
 * with a switch; 2-D indices (tid.y, ctaid.y), a signed key, an unsigned
 * 64-bit checksum, a __device__ helper with a loop.  At -O0 clang keeps
 * every variable on the stack (ld/st through %SP), which this kernel,
 * having no barrier, must run as it is. */
#ifndef WARPHW_CUDA_H
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
#endif

__device__ static int lower_bound(const int *a, int n, int key)
{
    int lo = 0, hi = n;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (a[mid] < key) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

extern "C" __global__ void own_bsearch(const int *table, int n, const int *q, int *pos,
                                       unsigned long long *sum)
{
    int x = __nvvm_read_ptx_sreg_tid_x() + __nvvm_read_ptx_sreg_ctaid_x() *
                                               __nvvm_read_ptx_sreg_ntid_x();
    int y = __nvvm_read_ptx_sreg_tid_y() + __nvvm_read_ptx_sreg_ctaid_y() *
                                               __nvvm_read_ptx_sreg_ntid_y();
    int i = y * __nvvm_read_ptx_sreg_ntid_x() * __nvvm_read_ptx_sreg_nctaid_x() + x;
    int key = q[i] % 700;
    int p = lower_bound(table, n, key);
    int run = 0;
    while (p + run < n && table[p + run] == key) run++;
    int cls;
    switch (run) {
    case 0: cls = p == n ? 3 : 0; break;
    case 1: cls = 1; break;
    default: cls = 2; break;
    }
    pos[i] = p | (run << 16) | (cls << 24);
    unsigned long long h = (unsigned long long)(unsigned)key * 0x9e3779b97f4a7c15ull;
    sum[i] = h ^ ((unsigned long long)p << 32) ^ (unsigned long long)run;
}
