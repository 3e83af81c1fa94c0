/* SPDX-License-Identifier: Apache-2.0 */
/* swgotoh.cu -- Smith-Waterman local alignment with affine gap costs
 * (Gotoh's three matrices), as sequence-search kernels run it: one block
 * a pair of DNA sequences, thread i a row of the matrix, the cells swept
 * anti-diagonal by anti-diagonal with a barrier between diagonals.  Only
 * three diagonals of H and two of E (a gap in the query) and F (a gap in
 * the target) are kept, in shared memory, rotated by the diagonal's index
 * modulo 3; the substitution scores come from a __constant__ 4x4 matrix
 * read at the two letters (a thread-dependent index).  Each thread keeps
 * its row's best cell, then the block reduces them by a max tree that
 * breaks ties to the smaller row and column, and writes the score and
 * where the best alignment ends.  The pair's lengths differ per block and
 * neither is a multiple of the block; threads past the query still take
 * every barrier. */
#define MAXA 32  /* the block: one thread a query letter */
#define NEG (-1000000)

__constant__ int subst[4][4] = {
    {5, -4, -2, -4}, {-4, 5, -4, -2}, {-2, -4, 5, -4}, {-4, -2, -4, 5}};

extern "C" __global__ void swgotoh(const unsigned char *__restrict__ seq, int gopen, int gext, int *score,
                                   int *endi, int *endj, int *cells)
{
    __shared__ int h[3][MAXA + 1], e[3][MAXA + 1], f[3][MAXA + 1];
    __shared__ int bs[MAXA], bp[MAXA];
    const int p = blockIdx.x, i = threadIdx.x + 1;
    const int la = 17 + (p * 7) % 15, lb = 21 + (p * 13) % 19;
    const unsigned char *a = seq + p * 72, *b = a + 32;
    const int ai = i <= la ? (a[i - 1] & 3) : 0;
    for (int k = 0; k < 3; k++) {
        h[k][i] = 0;
        e[k][i] = f[k][i] = NEG;
        if (i == 1) {
            h[k][0] = 0;
            e[k][0] = f[k][0] = NEG;
        }
    }
    __syncthreads();
    int best = -1, bj = 0, n = 0;
    for (int d = 2; d <= la + lb; d++) {
        const int c = d % 3, c1 = (d + 2) % 3, c2 = (d + 1) % 3; /* diagonals d, d-1, d-2 */
        const int j = d - i;
        if (i <= la && j >= 1 && j <= lb) {
            const int ev = max(e[c1][i] - gext, h[c1][i] - gopen);
            const int fv = max(f[c1][i - 1] - gext, h[c1][i - 1] - gopen);
            int hv = h[c2][i - 1] + subst[ai][b[j - 1] & 3];
            hv = max(max(hv, 0), max(ev, fv));
            h[c][i] = hv;
            e[c][i] = ev;
            f[c][i] = fv;
            n++;
            if (hv > best) {
                best = hv;
                bj = j;
            }
        } else if (i <= la) { /* column 0 (j == 0) or past the target: a border cell */
            h[c][i] = 0;
            e[c][i] = f[c][i] = NEG;
        }
        __syncthreads();
    }
    bs[i - 1] = best;
    bp[i - 1] = (i << 8) | bj;
    __syncthreads();
    for (int s = MAXA / 2; s > 0; s >>= 1) {
        if (i - 1 < s) {
            const int o = bs[i - 1 + s], op = bp[i - 1 + s];
            if (o > bs[i - 1] || (o == bs[i - 1] && op < bp[i - 1])) {
                bs[i - 1] = o;
                bp[i - 1] = op;
            }
        }
        __syncthreads();
    }
    cells[p * MAXA + i - 1] = n;
    if (i == 1) {
        score[p] = bs[0];
        endi[p] = bp[0] >> 8;
        endj[p] = bp[0] & 255;
    }
}
