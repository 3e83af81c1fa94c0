/* SPDX-License-Identifier: Apache-2.0 */
/* lifebits.cu -- Life-like cellular automata on bit-packed boards, as
 * bit-sliced simulators write them: 32 cells a word, one thread a word,
 * a board of 32 rows x 128 columns (4 words a row) on a torus held in
 * shared memory, one block a board and each block its rule (a born mask
 * and a survive mask over the neighbour counts 0..8: Conway's B3/S23,
 * HighLife's B36/S23).  The west and east neighbours of a word's cells come
 * from funnel shifts with the neighbouring words (__funnelshift_l/_r,
 * shf.l/shf.r), the eight neighbour planes are summed by bit-sliced full
 * adders into four count planes, and the rule is applied by a loop over
 * the counts whose `if`s depend on the block's masks.  The generations
 * run in a loop with two barriers each (read the old board, write the new
 * one); each generation's population is counted with __popc and a shared
 * atomicAdd and written to the block's history. */
#define ROWS 32
#define WPR 4 /* words a row */
#define NW (ROWS * WPR)

/* the sum of three planes: the low bit into *lo, the carry returned */
static __device__ unsigned add3(unsigned a, unsigned b, unsigned c, unsigned *lo)
{
    *lo = a ^ b ^ c;
    return (a & b) | (c & (a ^ b));
}

static __device__ unsigned step_word(const unsigned *bd, int r, int c, unsigned born, unsigned survive)
{
    const int ru = (r + ROWS - 1) % ROWS, rd = (r + 1) % ROWS;
    const int cl = (c + WPR - 1) % WPR, cr = (c + 1) % WPR;
    unsigned nb[8];
    int k = 0;
    const int rows[3] = {ru, r, rd};
    for (int i = 0; i < 3; i++) {
        const unsigned *row = bd + rows[i] * WPR;
        const unsigned w = row[c], wl = row[cl], wr = row[cr];
        /* bit j is column 32c + j: its west neighbour is bit j - 1 */
        nb[k++] = __funnelshift_l(wl, w, 1);
        nb[k++] = __funnelshift_r(w, wr, 1);
        if (i != 1) nb[k++] = w;
    }
    const unsigned self = bd[r * WPR + c];
    /* eight planes to a 4-bit count (s3 s2 s1 s0) */
    unsigned a0, a1, b0, b1, c0, c1;
    a1 = add3(nb[0], nb[1], nb[2], &a0);
    b1 = add3(nb[3], nb[4], nb[5], &b0);
    c1 = nb[6] & nb[7];
    c0 = nb[6] ^ nb[7];
    unsigned s0, t1, t2, s1, s2, s3;
    t1 = add3(a0, b0, c0, &s0);                  /* weight 2 carries */
    t2 = add3(a1, b1, c1, &s1);                  /* weight 2 sum, weight 4 carry */
    const unsigned u = s1 & t1;                  /* weight 2 + weight 2 */
    s1 ^= t1;
    s2 = t2 ^ u;
    s3 = t2 & u;
    unsigned next = 0;
    for (int n = 0; n <= 8; n++) {
        const unsigned eq = (n & 1 ? s0 : ~s0) & (n & 2 ? s1 : ~s1) & (n & 4 ? s2 : ~s2) & (n & 8 ? s3 : ~s3);
        if ((born >> n) & 1) next |= eq & ~self;
        if ((survive >> n) & 1) next |= eq & self;
    }
    return next;
}

extern "C" __global__ void lifebits(const unsigned *init, unsigned *final_, unsigned *history, const unsigned *rules,
                                    int gens)
{
    __shared__ unsigned board[2][NW];
    __shared__ unsigned pop;
    const int t = threadIdx.x, b = blockIdx.x;
    const unsigned born = rules[2 * b], survive = rules[2 * b + 1];
    /* a sparse start: three random words ANDed */
    board[0][t] = init[(b * NW + t) * 3] & (init[(b * NW + t) * 3 + 1] | init[(b * NW + t) * 3 + 2]);
    int cur = 0;
    for (int g = 0; g < gens; g++) {
        if (t == 0) pop = 0;
        __syncthreads();
        const unsigned nw = step_word(board[cur], t / WPR, t % WPR, born, survive);
        board[cur ^ 1][t] = nw;
        atomicAdd(&pop, (unsigned)__popc(nw));
        __syncthreads();
        if (t == 0) history[b * gens + g] = pop;
        cur ^= 1;
    }
    final_[b * NW + t] = board[cur][t];
}
