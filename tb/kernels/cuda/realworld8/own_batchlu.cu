/* SPDX-License-Identifier: Apache-2.0 */
/* own_batchlu.cu -- the reviewer's own prelude (no project header), issue
 * 25's command: a batched solver as batched linear-algebra libraries
 * write it, one thread a small system A x = b of order N in double
 * precision.  The thread copies its matrix into a private array, factors
 * it by Gaussian elimination with partial pivoting (the pivot row found by
 * a search on fabs, rows swapped in the private array, so it is indexed by
 * variables), and gives up at once -- a `return` from inside the nested
 * elimination loops -- when a pivot is below the tolerance, writing a
 * status word first.  The row permutation is packed into one 64-bit word
 * (4 bits a row) and the determinant's sign follows the swap count.  The
 * matrices come from 64-bit integer hashing of the system's index
 * (a 64-bit multiply, xor-shifts, 64-bit compare), every fourth made
 * singular on purpose (two equal rows).  Thread indices come from
 * __nvvm_read_ptx_sreg_*; a __device__ helper returns a double.  The
 * multiply-adds are written as __builtin_fma: issue 25's command leaves
 * clang's CUDA default (-ffp-contract=fast), which fuses a*b+c into
 * fma.rn where the host compiler rounds twice (docs/ptx.md, "Eighth
 * round"). */
#ifndef WARPHW_CUDA_H
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#endif

#define N 5

__device__ unsigned long long mix64(unsigned long long z)
{
    z += 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

__device__ double entry(unsigned long long seed, int i, int j)
{
    unsigned long long h = mix64(seed * 64 + (unsigned long long)(i * N + j));
    long long centred = (long long)(h >> 44) - (1ll << 19); /* -2^19 .. 2^19-1 */
    double v = (double)centred / 65536.0;
    return i == j ? v + (h & 1 ? 9.0 : -9.0) : v;
}

__device__ double dabs(double x) { return x < 0.0 ? -x : x; }

extern "C" __global__ void own_batchlu(int nsys, unsigned long long seed0, double tol, double *x_out,
                                        double *det_out, unsigned long long *perm_out, int *status)
{
    const int s = __nvvm_read_ptx_sreg_ctaid_x() * __nvvm_read_ptx_sreg_ntid_x() + __nvvm_read_ptx_sreg_tid_x();
    if (s >= nsys) return;
    const unsigned long long seed = seed0 ^ ((unsigned long long)s << 32) ^ (unsigned long long)s;
    double a[N][N + 1];
    for (int i = 0; i < N; i++) {
        for (int j = 0; j < N; j++) a[i][j] = entry(seed, i, j);
        a[i][N] = (double)(i + 1) - 0.5 * (double)s;
    }
    if (s % 4 == 3)
        for (int j = 0; j <= N; j++) a[N - 1][j] = a[1][j];
    unsigned long long perm = 0;
    for (int i = 0; i < N; i++) perm |= (unsigned long long)i << (4 * i);
    int swaps = 0;
    for (int k = 0; k < N; k++) {
        int p = k;
        double best = dabs(a[k][k]);
        for (int i = k + 1; i < N; i++)
            if (dabs(a[i][k]) > best) { best = dabs(a[i][k]); p = i; }
        if (best < tol) {
            status[s] = -(k + 1);
            perm_out[s] = perm;
            return;
        }
        if (p != k) {
            for (int j = 0; j <= N; j++) { double t = a[k][j]; a[k][j] = a[p][j]; a[p][j] = t; }
            unsigned long long mk = (perm >> (4 * k)) & 15ull, mp = (perm >> (4 * p)) & 15ull;
            perm &= ~((15ull << (4 * k)) | (15ull << (4 * p)));
            perm |= (mp << (4 * k)) | (mk << (4 * p));
            swaps++;
        }
        for (int i = k + 1; i < N; i++) {
            double f = a[i][k] / a[k][k];
            for (int j = k; j <= N; j++) a[i][j] = __builtin_fma(-f, a[k][j], a[i][j]);
        }
    }
    double det = (swaps & 1) ? -1.0 : 1.0;
    for (int k = 0; k < N; k++) det *= a[k][k];
    for (int i = N - 1; i >= 0; i--) {
        double v = a[i][N];
        for (int j = i + 1; j < N; j++) v = __builtin_fma(-a[i][j], x_out[s * N + j], v);
        x_out[s * N + i] = v / a[i][i];
    }
    det_out[s] = det;
    perm_out[s] = perm;
    status[s] = swaps;
}
