/* SPDX-License-Identifier: Apache-2.0 */
/* own_nqueens.cu -- the reviewer's own prelude (no project header), issue
 * 25's command: N-Queens by bitmask backtracking, as in GPGPU-Sim's
 * ISPASS-2009 set.  Thread t places the first two queens at columns t / n
 * and t % n (most such prefixes are illegal: those threads leave at once),
 * then walks the rest of the tree with an explicit per-thread stack of
 * masks (arrays indexed by the depth: local memory), a loop whose trip
 * count differs from thread to thread by thousands.  It writes each
 * thread's count of solutions and of visited nodes; nqueens_rec (not the
 * launch's entry) does the same by a depth-limited recursive __device__
 * function. */
#ifndef WARPHW_CUDA_H
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
#endif

#define MAXN 12

extern "C" __global__ void own_nqueens(int n, unsigned *count, unsigned *nodes)
{
    int t = __nvvm_read_ptx_sreg_ctaid_x() * __nvvm_read_ptx_sreg_ntid_x() + __nvvm_read_ptx_sreg_tid_x();
    if (t >= n * n) return;
    unsigned full = (1u << n) - 1;
    unsigned b0 = 1u << (t / n), b1 = 1u << (t % n);
    unsigned cnt = 0, vis = 0;
    /* row 1 against row 0: another column, not a diagonal */
    if (!(b1 & (b0 | (b0 << 1) | (b0 >> 1)))) {
        unsigned col[MAXN], dl[MAXN], dr[MAXN], avail[MAXN];
        int d = 2;
        col[d] = b0 | b1;
        dl[d] = ((b0 << 1) | b1) << 1;
        dr[d] = ((b0 >> 1) | b1) >> 1;
        avail[d] = ~(col[d] | dl[d] | dr[d]) & full;
        if (n == 2) { cnt = 1; avail[d] = 0; }
        while (d >= 2) {
            unsigned a = avail[d];
            if (a == 0) { d--; continue; }
            unsigned bit = a & (0u - a);
            avail[d] = a ^ bit;
            vis++;
            if (d == n - 1) { cnt++; continue; }
            col[d + 1] = col[d] | bit;
            dl[d + 1] = ((dl[d] | bit) << 1) & full;
            dr[d + 1] = (dr[d] | bit) >> 1;
            d++;
            avail[d] = ~(col[d] | dl[d] | dr[d]) & full;
        }
    }
    count[t] = cnt;
    nodes[t] = vis;
}

__device__ static unsigned solve(unsigned full, unsigned col, unsigned dl, unsigned dr, int left)
{
    if (left == 0) return 1;
    unsigned s = 0, a = ~(col | dl | dr) & full;
    while (a) {
        unsigned bit = a & (0u - a);
        a ^= bit;
        s += solve(full, col | bit, ((dl | bit) << 1) & full, (dr | bit) >> 1, left - 1);
    }
    return s;
}

extern "C" __global__ void nqueens_rec(int n, unsigned *count)
{
    int t = __nvvm_read_ptx_sreg_ctaid_x() * __nvvm_read_ptx_sreg_ntid_x() + __nvvm_read_ptx_sreg_tid_x();
    if (t >= n || n > MAXN) return;
    unsigned full = (1u << n) - 1, b = 1u << t;
    count[t] = solve(full, b, (b << 1) & full, b >> 1, n - 1);
}
