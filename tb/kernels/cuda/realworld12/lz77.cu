/* SPDX-License-Identifier: Apache-2.0 */
/* lz77.cu -- the longest-match search of an LZ77 compressor, as parallel
 * compressors run it: the block's window of text staged in shared memory
 * (a strided copy, then a barrier), one thread a position in a
 * grid-stride loop, every earlier start within 32 bytes tried (nearest
 * first), each compared forward byte by byte until a mismatch, the
 * maximum length (18) or the block's end, a `break` out of the search as
 * soon as the maximum is found.  Each position writes its length and
 * distance packed in 16 bits (0 under the minimum of 3); the block
 * counts the positions with a match by __syncthreads_count per stride,
 * and the greedy parse that a serial encoder would make (from position
 * 0, jump by the match or by one literal) is walked by thread 0 over the
 * results, counting tokens.  The text is random letters from a small
 * alphabet with copied runs, so matches are many and ragged. */
#define WIN 32
#define MAXLEN 18
#define MINLEN 3
#define CHUNK 256

extern "C" __global__ void lz77(const unsigned *rnd, unsigned char *text, unsigned short *match, unsigned *matched,
                                unsigned *tokens)
{
    __shared__ unsigned char s[CHUNK];
    __shared__ unsigned short ms[CHUNK];
    const int t = threadIdx.x, n = blockDim.x, b = blockIdx.x;
    /* the text: random letters, then runs copied by thread 0 */
    for (int i = t; i < CHUNK; i += n) {
        const unsigned w = rnd[b * CHUNK + i];
        s[i] = (unsigned char)('a' + w % 5);
    }
    __syncthreads();
    if (t == 0)
        for (int i = 40; i < CHUNK;) {
            const unsigned w = rnd[b * CHUNK + i];
            if ((w >> 8) % 3 == 0) { /* a run of 4..23 copied from 1..32 back */
                const int len = 4 + (int)((w >> 20) % 20), d = 1 + (int)((w >> 16) % 32);
                for (int k = 0; k < len && i < CHUNK; k++, i++) s[i] = s[i - d];
            } else
                i++;
        }
    __syncthreads();
    unsigned nmatch = 0;
    for (int base = 0; base < CHUNK; base += n) {
        const int i = base + t;
        int best = 0, bestd = 0;
        if (i < CHUNK) {
            text[b * CHUNK + i] = s[i];
            const int lim = CHUNK - i < MAXLEN ? CHUNK - i : MAXLEN;
            for (int d = 1; d <= WIN && d <= i; d++) {
                int l = 0;
                while (l < lim && s[i - d + l] == s[i + l]) l++;
                if (l > best) {
                    best = l;
                    bestd = d;
                    if (l == lim) break;
                }
            }
            if (best < MINLEN) best = bestd = 0;
            ms[i] = (unsigned short)(best << 8 | bestd);
            match[b * CHUNK + i] = ms[i];
        }
        nmatch += __syncthreads_count(best > 0);
    }
    if (t == 0) {
        unsigned k = 0;
        for (int i = 0; i < CHUNK; k++) i += ms[i] ? ms[i] >> 8 : 1;
        tokens[b] = k;
        matched[b] = nmatch;
    }
}
