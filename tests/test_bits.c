/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_bits.c -- the shared helpers of rtl_c/bits.h against plain,
 * bit-by-bit definitions written here.  The models rely on their word-wise
 * forms (issue 17: branch-free selects, an inline popcount instead of the
 * libgcc call, the clz-based index mask, the byte-swap reversal), so a
 * wrong trick shows here before it shows as a co-simulation mismatch.
 */
#include "../rtl_c/bits.h"
#include "check.h"

/* a deterministic stream of 64-bit words, dense and sparse */
static uint64_t next_word(uint64_t *x, unsigned k)
{
    uint64_t v;
    *x = *x * 6364136223846793005ull + 1442695040888963407ull;
    v = *x >> (k % 64u);
    if (k % 3u == 0u)
        v &= *x << (k % 61u);
    return v;
}

TEST(popcount_word_wise)
{
    uint64_t x = 0x9E3779B97F4A7C15ull;
    unsigned k, i, bad = 0;
    for (k = 0; k < 20000; k++) {
        uint64_t v = next_word(&x, k);
        unsigned n = 0;
        for (i = 0; i < 64; i++)
            n += (unsigned)((v >> i) & 1u);
        if (bits_popcount(v) != n)
            bad++;
    }
    CHECK_EQ(bits_popcount(0), 0u);
    CHECK_EQ(bits_popcount(~(uint64_t)0), 64u);
    CHECK_EQ(bits_popcount((uint64_t)1 << 63), 1u);
    CHECK_EQ(bad, 0);
}

/* clog2(n) ones, at least one, for every n up to 5000 and near 2^32, 2^63 */
TEST(index_mask_and_width)
{
    static const uint64_t big[] = {(uint64_t)1 << 32, ((uint64_t)1 << 32) + 1u,
                                   (uint64_t)1 << 63, ((uint64_t)1 << 63) + 1u, ~(uint64_t)0};
    unsigned bad = 0, n, k;
    for (n = 1; n <= 5000; n++) {
        unsigned width = 1;
        while (((uint64_t)1 << width) < n)
            width++;
        if (bits_index_width(n) != width || bits_index_mask(n) != bits_mask(width))
            bad++;
    }
    for (k = 0; k < sizeof big / sizeof big[0]; k++)
        if (bits_index_mask(big[k]) != bits_mask(bits_index_width(big[k])))
            bad++;
    CHECK_EQ(bits_index_mask(1), 1u);
    CHECK_EQ(bits_index_mask(24), 31u);
    CHECK_EQ(bits_index_mask(64), 63u);
    CHECK_EQ(bits_index_width(65), 7u);
    CHECK_EQ(bad, 0);
}

/* the low `width` bits reversed, every width 0..64 */
TEST(reverse_every_width)
{
    uint64_t x = 0x0123456789ABCDEFull;
    unsigned k, w, i, bad = 0;
    for (k = 0; k < 3000; k++) {
        uint64_t v = next_word(&x, k);
        for (w = 0; w <= 64; w++) {
            uint64_t r = 0;
            for (i = 0; i < w; i++)
                r |= ((v >> i) & 1u) << (w - 1u - i);
            if (bits_reverse(v, w) != r)
                bad++;
        }
    }
    CHECK_EQ(bits_reverse(1, 5), 16u);
    CHECK_EQ(bits_reverse(0xB, 6), 0x34u);
    CHECK_EQ(bad, 0);
}

/* the mask-select is a 2:1 mux for every truth value, not only 0 and 1 */
TEST(sel_is_a_mux)
{
    uint64_t x = 42;
    unsigned k, bad = 0;
    static const int truths[] = {1, 2, -1, 0x40000000};
    for (k = 0; k < 2000; k++) {
        uint64_t a = next_word(&x, k), b = next_word(&x, k + 1u);
        if (bits_sel(0, a, b) != b || bits_sel(truths[k % 4u], a, b) != a)
            bad++;
    }
    CHECK_EQ(bad, 0);
}

TEST(array_get_set)
{
    uint64_t a[3] = {0, 0, 0};
    for (unsigned i = 0; i < 192; i += 7)
        bits_array_set(a, i);
    for (unsigned i = 0; i < 192; i++)
        CHECK_EQ(bits_array_get(a, i), (unsigned)(i % 7 == 0));
    CHECK_EQ(bits_popcount(a[0]) + bits_popcount(a[1]) + bits_popcount(a[2]), 28);
}

/* bits_from_bytes64: every pattern of eight 0/1 bytes at every position of
 * the 64, and a byte above 1 reported through `above` (its bit 0 still
 * packed) */
TEST(from_bytes64)
{
    uint8_t b[64];
    unsigned bad = 0;
    for (unsigned pos = 0; pos < 8u; pos++)
        for (unsigned p = 0; p < 256u; p++) {
            uint64_t above = 0, want = 0;
            memset(b, 0, sizeof b);
            for (unsigned j = 0; j < 8u; j++) {
                b[8u * pos + j] = (uint8_t)(p >> j & 1u);
                want |= (uint64_t)(p >> j & 1u) << (8u * pos + j);
            }
            if (bits_from_bytes64(b, &above) != want || above)
                bad++;
        }
    CHECK_EQ(bad, 0);
    memset(b, 1, sizeof b);
    {
        uint64_t above = 0;
        CHECK(bits_from_bytes64(b, &above) == ~(uint64_t)0 && above == 0);
        b[37] = 3;
        CHECK(bits_from_bytes64(b, &above) == ~(uint64_t)0 && above != 0);
        above = 0;
        b[37] = 2;
        CHECK(bits_from_bytes64(b, &above) == ~((uint64_t)1 << 37) && above != 0);
    }
}

/* bits_bytes_sum: every length 0..40 of random bytes */
TEST(bytes_sum)
{
    uint64_t x = 0x9e3779b97f4a7c15ull;
    unsigned bad = 0;
    for (unsigned k = 0; k < 4000u; k++) {
        uint8_t b[40];
        unsigned n = k % 41u;
        uint64_t want = 0;
        for (unsigned i = 0; i < n; i++) {
            x = x * 6364136223846793005ull + 1442695040888963407ull;
            b[i] = (uint8_t)(x >> 48);
            want += b[i];
        }
        if (bits_bytes_sum(b, n) != want)
            bad++;
    }
    CHECK_EQ(bad, 0);
    /* the 16-bit lanes at their largest: 4,096 bytes of 255, and 2,049 */
    static uint8_t big[4096];
    memset(big, 0xFF, sizeof big);
    CHECK(bits_bytes_sum(big, 4096u) == 4096u * 255u);
    CHECK(bits_bytes_sum(big, 2049u) == 2049u * 255u);
}

int main(int argc, char **argv)
{
    test_args(argc, argv);
    RUN(popcount_word_wise);
    RUN(index_mask_and_width);
    RUN(reverse_every_width);
    RUN(sel_is_a_mux);
    RUN(array_get_set);
    RUN(from_bytes64);
    RUN(bytes_sum);
    return test_summary();
}
