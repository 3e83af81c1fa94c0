/* SPDX-License-Identifier: Apache-2.0 */
/* huffdec.cu -- canonical Huffman coding in the style of deflate's
 * decoders: thread 0 builds the canonical code from the code lengths (a
 * count per length, the first code of each length, the symbols sorted by
 * length) in shared memory while the others wait at a barrier; then each
 * thread encodes its own chunk of symbols (a skewed draw from random
 * words, 8 to 40 symbols) MSB-first into its own region of a global bit
 * buffer, with byte-wise read-modify-writes; after a second barrier each
 * thread decodes its neighbour's chunk bit by bit, one length at a time
 * (the loop's trip count is the code's length), until the neighbour's bit
 * count is used up.  Each thread writes the decoded symbols, how many, the
 * bits it read and a check that they match what its neighbour encoded;
 * the block sums its bits with atomicAdd. */
#define NSYM 16
#define MAXLEN 7
#define CHUNK 40   /* symbols at most a chunk */
#define REGION 40  /* bytes a thread's bits (40 * 7 bits = 35 bytes) */

__constant__ unsigned char code_len[NSYM] = {4, 2, 3, 5, 4, 3, 5, 6, 4, 5, 6, 7, 6, 5, 6, 7};

struct canon {
    unsigned short count[MAXLEN + 1]; /* codes of each length */
    unsigned short first[MAXLEN + 1]; /* the first code of each length */
    unsigned short start[MAXLEN + 1]; /* where each length's symbols begin in sorted */
    unsigned char sorted[NSYM];       /* symbols by length, then value */
    unsigned short code[NSYM];
};

static __device__ void build(struct canon *c)
{
    for (int l = 0; l <= MAXLEN; l++) c->count[l] = 0;
    for (int s = 0; s < NSYM; s++) c->count[code_len[s]]++;
    unsigned next = 0, at = 0;
    for (int l = 1; l <= MAXLEN; l++) {
        next = (next + (l > 1 ? c->count[l - 1] : 0)) << 1;
        c->first[l] = (unsigned short)next;
        c->start[l] = (unsigned short)at;
        at += c->count[l];
    }
    unsigned short fill[MAXLEN + 1];
    for (int l = 0; l <= MAXLEN; l++) fill[l] = 0;
    for (int s = 0; s < NSYM; s++) {
        const int l = code_len[s];
        c->code[s] = (unsigned short)(c->first[l] + fill[l]);
        c->sorted[c->start[l] + fill[l]] = (unsigned char)s;
        fill[l]++;
    }
}

static __device__ unsigned draw(unsigned w)
{
    /* small symbols more often: the low of two nibbles, now and then a third */
    unsigned a = w & 15, b = (w >> 4) & 15;
    unsigned s = a < b ? a : b;
    if ((w >> 8) % 5 == 0) s = (w >> 12) & 15;
    return s;
}

static __device__ void put_bits(unsigned char *buf, unsigned pos, unsigned code, int len)
{
    for (int i = len - 1; i >= 0; i--, pos++) {
        const unsigned char m = (unsigned char)(0x80u >> (pos & 7));
        if ((code >> i) & 1) buf[pos >> 3] |= m;
        else buf[pos >> 3] &= (unsigned char)~m;
    }
}

extern "C" __global__ void huffdec(const unsigned *rnd, unsigned char *bits, unsigned char *out, unsigned *nout,
                                   unsigned *nbits_read, unsigned *ok, unsigned *total_bits)
{
    __shared__ struct canon cz;
    __shared__ unsigned nbits[64];
    const int t = threadIdx.x, n = blockDim.x, g = blockIdx.x * n + t;
    if (t == 0) build(&cz);
    __syncthreads();
    /* encode my chunk */
    const unsigned nsym = 8 + rnd[g * CHUNK] % (CHUNK - 7);
    unsigned char *mine = bits + g * REGION;
    unsigned pos = 0;
    for (unsigned k = 0; k < nsym; k++) {
        const unsigned s = draw(rnd[g * CHUNK + k]);
        put_bits(mine, pos, cz.code[s], code_len[s]);
        pos += code_len[s];
    }
    nbits[t] = pos;
    __syncthreads();
    /* decode my neighbour's */
    const int nb = (t + 1) % n, gn = blockIdx.x * n + nb;
    const unsigned char *src = bits + gn * REGION;
    const unsigned want = nbits[nb];
    unsigned p = 0, k = 0, good = 1;
    while (p < want) {
        unsigned code = 0;
        int l = 0;
        int sym = -1;
        while (l < MAXLEN) {
            code = code << 1 | ((src[p >> 3] >> (7 - (p & 7))) & 1);
            p++;
            l++;
            const unsigned off = code - cz.first[l];
            if (off < cz.count[l]) {
                sym = cz.sorted[cz.start[l] + off];
                break;
            }
        }
        if (sym < 0) { /* no code: stop */
            good = 0;
            break;
        }
        if (k < CHUNK) {
            out[g * CHUNK + k] = (unsigned char)sym;
            if ((unsigned)sym != draw(rnd[gn * CHUNK + k])) good = 0;
        }
        k++;
    }
    nout[g] = k;
    nbits_read[g] = p;
    ok[g] = good && p == want;
    atomicAdd(&total_bits[blockIdx.x], want);
}
