/* SPDX-License-Identifier: Apache-2.0 */
/* myersbp.cu -- approximate pattern search by Myers' bit-parallel edit
 * distance, as read mappers and fuzzy-grep kernels run it: one block a
 * pattern (20..64 letters of a 4-letter alphabet, one 64-bit word), its
 * match masks (Peq) built in shared memory by four threads, a barrier;
 * then each thread scans its own text (a window of the text buffer)
 * letter by letter with the 64-bit vertical-delta recurrence (adds with
 * carries across the word, shifts, the score bit at m-1), keeping the
 * smallest distance and where it first occurs, and counting the ends
 * within distance k.  The block's best (distance, text, end) is found by
 * atomicMin on one 64-bit key per pattern (its slot set by thread 0 before
 * the barrier), so the order of the threads
 * does not matter. */
__device__ __forceinline__ unsigned letter(unsigned char c) { return c & 3u; }

extern "C" __global__ void myersbp(const unsigned char *__restrict__ pat, const unsigned char *__restrict__ text,
                                   int tlen, int k, int *dist, int *where, int *hits,
                                   unsigned long long *best)
{
    __shared__ unsigned long long peq[4];
    const int p = blockIdx.x, t = threadIdx.x;
    const int m = 20 + (p * 22) % 45;
    const unsigned char *pp = pat + p * 64;
    if (t < 4) {
        unsigned long long e = 0;
        for (int i = 0; i < m; i++)
            if (letter(pp[i]) == (unsigned)t) e |= 1ull << i;
        peq[t] = e;
    }
    if (t == 0) best[p] = ~0ull; /* the block's slot, before its atomicMin */
    __syncthreads();
    const unsigned long long hi = 1ull << (m - 1);
    unsigned long long pv = ~0ull, mv = 0;
    int score = m, bd = m, bw = -1, nh = 0;
    const unsigned char *tx = text + (p * blockDim.x + t) * 8;
    for (int j = 0; j < tlen; j++) {
        const unsigned long long eq = peq[letter(tx[j])];
        const unsigned long long xv = eq | mv;
        const unsigned long long xh = (((eq & pv) + pv) ^ pv) | eq;
        unsigned long long ph = mv | ~(xh | pv);
        unsigned long long mh = pv & xh;
        if (ph & hi) score++;
        else if (mh & hi) score--;
        ph <<= 1; /* a search: row 0 is all zeros, the match may start anywhere */
        mh <<= 1;
        pv = mh | ~(xv | ph);
        mv = ph & xv;
        if (score < bd) {
            bd = score;
            bw = j;
        }
        nh += score <= k;
    }
    dist[p * blockDim.x + t] = bd;
    where[p * blockDim.x + t] = bw;
    hits[p * blockDim.x + t] = nh;
    atomicMin(&best[p], ((unsigned long long)bd << 32) | ((unsigned long long)t << 16) | (unsigned)(bw + 1));
}
