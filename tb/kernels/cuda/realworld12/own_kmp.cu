/* SPDX-License-Identifier: Apache-2.0 */
/* own_kmp.cu -- the reviewer's own prelude (no project header), issue 25's
 * command: Knuth-Morris-Pratt search of one pattern per block over a long
 * text, as bioinformatics and log tools split it across threads.  Thread
 * 0 builds the failure table in shared memory (the pattern's longest
 * proper border of each prefix, a `while` that falls back through the
 * table), the others wait at the barrier; then each thread scans its own
 * segment of the text plus the pattern's length - 1 letters of overlap
 * (so a match across a boundary is found once, by the thread where it
 * starts), falling back through the table on a mismatch.  Each thread
 * writes its match count and its first match's start (or -1); the block
 * adds its count to the total with an atomic, and the letter comparisons
 * made are counted too (the fall-backs make them data-dependent).  The
 * text is random over a 3-letter alphabet with runs copied from the
 * pattern, so matches, near misses and long fall-back chains occur. */
#ifdef WARPHW_CUDA_H /* the host reference compiles this file with the project's header */
#define TX threadIdx.x
#define BX blockIdx.x
#define NX blockDim.x
#define ADD(p, v) atomicAdd((p), (v))
#else
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
#define TX __nvvm_read_ptx_sreg_tid_x()
#define BX __nvvm_read_ptx_sreg_ctaid_x()
#define NX __nvvm_read_ptx_sreg_ntid_x()
#define ADD(p, v) __nvvm_atom_add_gen_i((int *)(p), (int)(v))
#define __syncthreads() __nvvm_bar_sync(0)
#endif

#define MAXPAT 32

/* the text's letter i: a, b or c from a random word; every 37th stretch
 * of 12 letters copies the pattern's start instead */
static __device__ unsigned char letter(const unsigned *rnd, const unsigned char *pat, int m, int i)
{
    if ((i / 12) % 37 == 5 || (i / 12) % 37 == 20) return pat[(i % 12) % m];
    return (unsigned char)('a' + rnd[i] % 3);
}

extern "C" __global__ void kmp(const unsigned *rnd, const unsigned char *pats, const int *plen, int n, int seg,
                               unsigned *count, int *first, unsigned *total, unsigned *compares)
{
    __shared__ int fail[MAXPAT + 1];
    __shared__ unsigned char pat[MAXPAT];
    const int t = TX, b = BX;
    const int m = plen[b];
    if (t < m) pat[t] = pats[b * MAXPAT + t];
    __syncthreads();
    if (t == 0) {
        fail[0] = -1;
        int k = -1;
        for (int i = 0; i < m; i++) {
            while (k >= 0 && pat[k] != pat[i]) k = fail[k];
            k++;
            /* the optimised table: skip a border that would fail the same way */
            fail[i + 1] = (i + 1 < m && pat[i + 1] == pat[k]) ? fail[k] : k;
        }
    }
    __syncthreads();
    const int g = b * NX + t;
    const int lo = t * seg, hi = lo + seg + m - 1 < n ? lo + seg + m - 1 : n;
    unsigned c = 0, cmp = 0;
    int f = -1, k = 0;
    for (int i = lo; i < hi; i++) {
        const unsigned char x = letter(rnd, pat, m, i);
        while (k >= 0) {
            cmp++;
            if (pat[k] == x) break;
            k = fail[k];
        }
        k++;
        if (k == m) {
            const int start = i - m + 1;
            if (start < lo + seg) {
                c++;
                if (f < 0) f = start;
            }
            k = fail[m];
        }
    }
    count[g] = c;
    first[g] = f;
    ADD(&total[b], c);
    ADD(&compares[b], cmp);
}
