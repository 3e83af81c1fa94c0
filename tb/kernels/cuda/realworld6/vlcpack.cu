/* SPDX-License-Identifier: Apache-2.0 */
/* vlcpack.cu -- variable-length encoding in the manner of a GPU Huffman
 * encoder (Rodinia huffman's vlc_encode): each thread codes four symbols
 * with a canonical prefix code from a __constant__ table (1 to 15 bits a
 * symbol), the block turns the threads' bit counts into offsets by an
 * exclusive scan in shared memory (Hillis-Steele, double-buffered), and
 * each thread writes its bits into the block's output words with
 * atomicOr, a code often straddling two words.  Block b's stream starts at
 * word b * WORDS; the last thread writes the block's bit count.  atomicOr
 * on disjoint bits is order-free. */
#define NSYM 16
#define PER 4
#define WORDS 96

/* a canonical code: lengths 1..15, codes assigned in order of length */
struct Code { unsigned short bits; unsigned char len; };
__constant__ Code code_table[NSYM] = {
    {0x0, 1},  {0x2, 2},  {0x6, 3},  {0xe, 4},  {0x1e, 5},   {0x3e, 6},   {0x7e, 7},   {0xfe, 8},
    {0x1fe, 9}, {0x3fe, 10}, {0x7fe, 11}, {0xffe, 12}, {0x1ffe, 13}, {0x3ffe, 14}, {0x7ffe, 15}, {0x7fff, 15},
};

__device__ unsigned symbol_of(unsigned w)
{
    /* skewed: most words give short codes */
    unsigned z = __clz(w | 1u); /* 0..31, geometric for random words */
    return z < NSYM ? z : NSYM - 1;
}

extern "C" __global__ void vlcpack(const unsigned *in, unsigned *out, unsigned *nbits)
{
    extern __shared__ unsigned scan[]; /* 2 * blockDim.x */
    const unsigned t = threadIdx.x, n = blockDim.x;
    const unsigned *w = in + (blockIdx.x * n + t) * PER;
    unsigned long long acc = 0; /* up to 4 x 15 = 60 bits */
    unsigned len = 0;
    for (int k = 0; k < PER; k++) {
        Code c = code_table[symbol_of(w[k])];
        acc = (acc << c.len) | c.bits;
        len += c.len;
    }
    /* exclusive scan of len */
    unsigned *a = scan, *b = scan + n;
    a[t] = len;
    __syncthreads();
    for (unsigned d = 1; d < n; d <<= 1) {
        b[t] = a[t] + (t >= d ? a[t - d] : 0u);
        __syncthreads();
        unsigned *x = a; a = b; b = x;
    }
    unsigned end = a[t], start = end - len;
    unsigned *o = out + blockIdx.x * WORDS;
    /* bits MSB first: bit p of the stream is bit 31 - p % 32 of word p / 32 */
    while (len > 0) {
        unsigned word = start / 32, used = start % 32, room = 32 - used;
        unsigned take = len < room ? len : room;
        unsigned chunk = (unsigned)(acc >> (len - take)) & (take == 32 ? 0xffffffffu : (1u << take) - 1u);
        atomicOr(&o[word], chunk << (room - take));
        start += take;
        len -= take;
    }
    if (t == n - 1) nbits[blockIdx.x] = end;
}
