/* SPDX-License-Identifier: Apache-2.0 */
/*
 * bits.h -- fixed-width helpers shared by every C model.
 *
 * Hardware signals are at most 64 bits wide here (masks up to 64 lanes,
 * PCs up to 64 bits), so every helper works on uint64_t and takes the
 * declared width explicitly.  These are the only definitions of these
 * helpers in the project: models, harnesses and the area estimator all
 * include this file rather than writing their own.
 *
 * All functions are static inline and pure; none allocates or loops
 * unboundedly (loops are bounded by 64, or by the words of a bitset).
 */
#ifndef BITS_H
#define BITS_H

#include <stdint.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A mask of the low `width` bits, width in 0..64. */
static inline uint64_t bits_mask(unsigned width)
{
    return width >= 64u ? ~(uint64_t)0 : (((uint64_t)1 << width) - 1u);
}

/* `v` truncated to `width` bits: what a register of that width holds. */
static inline uint64_t bits_trunc(uint64_t v, unsigned width)
{
    return v & bits_mask(width);
}

/* A 2:1 multiplexer: a when c is non-zero, else b, as a mask of c's truth
 * rather than a branch (a data-dependent choice on random traffic is a
 * mispredicted jump; issue 17). */
static inline uint64_t bits_sel(int c, uint64_t a, uint64_t b)
{
    const uint64_t m = (uint64_t)0 - (uint64_t)(c != 0);
    return (a & m) | (b & ~m);
}

/* Bit `i` of `v` (0 or 1); i >= 64 reads as 0. */
static inline unsigned bits_get(uint64_t v, unsigned i)
{
    return i < 64u ? (unsigned)((v >> i) & 1u) : 0u;
}

/* `v` with bit `i` set to `b`; i >= 64 leaves v unchanged. */
static inline uint64_t bits_put(uint64_t v, unsigned i, unsigned b)
{
    if (i >= 64u)
        return v;
    return (v & ~((uint64_t)1 << i)) | ((uint64_t)(b & 1u) << i);
}

/* The field of `width` bits starting at bit `lsb`. */
static inline uint64_t bits_field(uint64_t v, unsigned lsb, unsigned width)
{
    if (lsb >= 64u)
        return 0;
    return (v >> lsb) & bits_mask(width);
}

/* `v` with the field of `width` bits at `lsb` replaced by `f` (truncated). */
static inline uint64_t bits_insert(uint64_t v, unsigned lsb, unsigned width, uint64_t f)
{
    uint64_t m;
    if (lsb >= 64u)
        return v;
    m = bits_mask(width) << lsb;
    return (v & ~m) | ((f << lsb) & m);
}

/* Number of set bits.  Word-wise (sums of bit pairs, nibbles, bytes, then
 * one multiply), inline: __builtin_popcountll is one instruction only where
 * the compiler may assume the POPCNT instruction (-mpopcnt); at the
 * project's plain -O2 it is a call into libgcc (issue 17). */
static inline unsigned bits_popcount(uint64_t v)
{
    v = v - ((v >> 1) & 0x5555555555555555ull);
    v = (v & 0x3333333333333333ull) + ((v >> 2) & 0x3333333333333333ull);
    v = (v + (v >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (unsigned)((v * 0x0101010101010101ull) >> 56);
}

/* Index of the lowest set bit, or 64 when v == 0 (a priority encoder
 * whose "none" code is one past the last input). */
static inline unsigned bits_ffs(uint64_t v)
{
    return v ? (unsigned)__builtin_ctzll(v) : 64u;
}

/* Index of the highest set bit, or 64 when v == 0. */
static inline unsigned bits_fls(uint64_t v)
{
    return v ? 63u - (unsigned)__builtin_clzll(v) : 64u;
}

/* The lowest set bit of v as a one-hot mask (0 when v == 0). */
static inline uint64_t bits_lowest(uint64_t v)
{
    return v & (~v + 1u);
}

/* 1 when every bit of `sub` is also in `super`. */
static inline int bits_subset(uint64_t sub, uint64_t super)
{
    return (sub & ~super) == 0;
}

/* Number of bits needed to hold the values 0..n (n >= 0); clog2(n+1). */
static inline unsigned bits_width_for(uint64_t n)
{
    return n ? 64u - (unsigned)__builtin_clzll(n) : 1u;
}

/* Number of bits needed to index n items (n >= 1): clog2(n), at least 1. */
static inline unsigned bits_index_width(uint64_t n)
{
    return n <= 1u ? 1u : bits_width_for(n - 1u);
}

/* bits_mask(bits_index_width(n)) (n >= 1): the ones of an index port for n
 * items, without a branch. */
static inline uint64_t bits_index_mask(uint64_t n)
{
    return ~(uint64_t)0 >> __builtin_clzll((n - 1u) | 1u);
}

/* The low `width` bits of v in reverse order (bit 0 <-> bit width-1); the
 * bits above width are dropped.  width in 0..64.  Word-wise: the whole
 * word reversed (byte swap, then nibbles, pairs and bits within each byte),
 * then shifted down so bit 0 lands at width-1. */
static inline uint64_t bits_reverse(uint64_t v, unsigned width)
{
    uint64_t r;
    if (width == 0u)
        return 0;
    r = __builtin_bswap64(v);
    r = ((r >> 4) & 0x0F0F0F0F0F0F0F0Full) | ((r & 0x0F0F0F0F0F0F0F0Full) << 4);
    r = ((r >> 2) & 0x3333333333333333ull) | ((r & 0x3333333333333333ull) << 2);
    r = ((r >> 1) & 0x5555555555555555ull) | ((r & 0x5555555555555555ull) << 1);
    return r >> (64u - (width < 64u ? width : 64u));
}

/* Bit i of a bitset kept in 64-bit words (word i / 64, bit i % 64). */
static inline unsigned bits_array_get(const uint64_t *a, unsigned i)
{
    return (unsigned)(a[i >> 6] >> (i & 63u)) & 1u;
}

/* Sets bit i of a bitset kept in 64-bit words. */
static inline void bits_array_set(uint64_t *a, unsigned i)
{
    a[i >> 6] |= (uint64_t)1 << (i & 63u);
}

/* Clears bit i of a bitset kept in 64-bit words. */
static inline void bits_array_clear(uint64_t *a, unsigned i)
{
    a[i >> 6] &= ~((uint64_t)1 << (i & 63u));
}

/* The lowest set bit at or above `from` of a bitset of nwords words, or
 * nwords x 64 when there is none. */
static inline unsigned bits_array_next(const uint64_t *a, unsigned nwords, unsigned from)
{
    unsigned wd = from >> 6;
    if (wd >= nwords)
        return nwords * 64u;
    uint64_t v = a[wd] & (~(uint64_t)0 << (from & 63u));
    while (!v) {
        if (++wd == nwords)
            return nwords * 64u;
        v = a[wd];
    }
    return wd * 64u + (unsigned)__builtin_ctzll(v);
}

/* Round robin over a bitset: takes (clears and returns) its first set bit
 * at or above `start`, wrapping to the lowest; -1 when the set is empty.
 * Called again on the same set with the same start, it gives the bits in
 * the order start, start + 1, ..., the last, 0, ..., start - 1. */
static inline int bits_array_take_rr(uint64_t *a, unsigned nwords, unsigned start)
{
    unsigned i = bits_array_next(a, nwords, start);
    if (i == nwords * 64u)
        i = bits_array_next(a, nwords, 0);
    if (i == nwords * 64u)
        return -1;
    bits_array_clear(a, i);
    return (int)i;
}

/* 64 flag bytes b[0..63] as one word: bit i = bit 0 of b[i]; the bits
 * above bit 0 of every byte are ORed into *above (0 when each byte is 0 or
 * 1, the case the word is meant for).  Eight bytes at a time: with byte j's
 * bit 0 at bit 8j, one multiply by 2^7 + 2^14 + ... + 2^56 puts it at bit
 * 56 + j; the partial products 8j + 7(k + 1) are all distinct positions
 * (no carry) and only k = 7 - j lands in bits 56..63 (tests/test_bits.c
 * checks all 256 patterns).  For checks that read an array of byte flags
 * as a bitset (warp_pool_check: no branch per entry). */
static inline uint64_t bits_from_bytes64(const uint8_t *b, uint64_t *above)
{
    uint64_t w = 0, hi = 0;
    for (unsigned j = 0; j < 8u; j++) {
        uint64_t v;
        memcpy(&v, b + 8u * j, sizeof v);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
        v = __builtin_bswap64(v);
#endif
        hi |= v & 0xFEFEFEFEFEFEFEFEull;
        w |= (((v & 0x0101010101010101ull) * 0x0102040810204080ull) >> 56) << (8u * j);
    }
    *above |= hi;
    return w;
}

/* The sum of n bytes b[0..n).  With the bytes unsigned, a sum equal to
 * that of some bytes known to hold given values says every other byte is
 * 0: one pass, no branch, for checks over arrays of byte flags or indices
 * (warp_pool_check's in-pool bits, pc_warp_lut_check's owner map).  Eight
 * bytes a word: the even and odd bytes added into four 16-bit lanes (at
 * most 510 a word, so 128 words fit a lane), the lanes summed every 128
 * words; a plain byte loop is not vectorised at -O2. */
static inline uint64_t bits_bytes_sum(const uint8_t *b, unsigned n)
{
    const uint64_t m = 0x00FF00FF00FF00FFull;
    uint64_t sum = 0;
    unsigned i = 0;
    while (i + 8u <= n) {
        uint64_t acc = 0;
        for (unsigned k = 0; k < 128u && i + 8u <= n; k++, i += 8u) {
            uint64_t v;
            memcpy(&v, b + i, sizeof v);
            acc += (v & m) + (v >> 8 & m);
        }
        sum += (acc & 0xFFFFu) + (acc >> 16 & 0xFFFFu) + (acc >> 32 & 0xFFFFu) + (acc >> 48);
    }
    for (; i < n; i++)
        sum += b[i];
    return sum;
}

#ifdef __cplusplus
}
#endif

#endif /* BITS_H */
