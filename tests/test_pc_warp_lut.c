/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_pc_warp_lut.c -- golden and unit tests of the PC-warp LUT of dynamic
 * warp formation (rtl_c/pc_warp_lut; 000 sec. 4.1-4.2, Fig. 11(b), Table 1).
 * After every step the outputs and the touched entries (valid, PC, OCC, IDX)
 * and the set's LRU bit are asserted, and pc_warp_lut_check runs.  Masks at
 * the default 16 lanes are hex (bit i = lane i); the 4-lane tests write them
 * as the paper does, lane 0 first ("1100" = lanes 0,1).
 */
#include <string.h>

#include "../rtl_c/bits.h"
#include "../rtl_c/pc_warp_lut.h"
#include "../vcd/vcd.h"
#include "check.h"

/* "1100" (lane 0 first) -> 0x3 */
/* A PC in set `set` at the default 16 sets: (set ^ t) at pc[5:2], t at
 * pc[9:6], so the XOR-fold gives `set`; t = 0..15 gives 16 distinct PCs. */
static uint64_t P(unsigned set, unsigned t)
{
    return ((uint64_t)((set ^ t) & 15u) << 2) | ((uint64_t)(t & 15u) << 6);
}

static pc_warp_lut_in idle(void)
{
    pc_warp_lut_in in;
    memset(&in, 0, sizeof in);
    return in;
}

/* lookups: up to two (valid, pc, req); offered indices; no invalidation */
static pc_warp_lut_in lk(unsigned v0, uint64_t pc0, uint64_t req0, unsigned v1, uint64_t pc1,
                         uint64_t req1, unsigned avail, unsigned i0, unsigned i1)
{
    pc_warp_lut_in in = idle();
    in.lk0_valid = v0;
    in.lk0_pc = pc0;
    in.lk0_req = req0;
    in.lk1_valid = v1;
    in.lk1_pc = pc1;
    in.lk1_req = req1;
    in.alloc_avail = avail;
    in.alloc_idx0 = i0;
    in.alloc_idx1 = i1;
    return in;
}

static pc_warp_lut_in lk0(uint64_t pc, uint64_t req, unsigned i0)
{
    return lk(1, pc, req, 0, 0, 0, 2, i0, i0 + 1u);
}

/* eval, then the clock edge, then the invariants; returns the outputs */
static pc_warp_lut_out apply(const pc_warp_lut_cfg *c, pc_warp_lut_state *s,
                             const pc_warp_lut_in *in)
{
    pc_warp_lut_out o;
    const char *why;
    pc_warp_lut_eval(c, s, in, &o);
    pc_warp_lut_step(c, s, in, &o);
    why = pc_warp_lut_check(c, s);
    if (why)
        printf("  invariant: %s\n", why);
    CHECK(why == NULL);
    return o;
}

#define EXPECT_ENT(s, e, v, p, o, i)                                                   \
    do {                                                                               \
        CHECK_EQ((s)->valid[e], (v));                                                  \
        CHECK_EQ((s)->pc[e], (p));                                                     \
        CHECK_EQ((s)->occ[e], (o));                                                    \
        CHECK_EQ((s)->idx[e], (i));                                                    \
    } while (0)

/* an accepted cycle */
#define EXPECT_OK(o, need)                                                             \
    do {                                                                               \
        CHECK_EQ((o).err, 0);                                                          \
        CHECK_EQ((o).ready, 1);                                                        \
        CHECK_EQ((o).need_cnt, (need));                                                \
    } while (0)

/* lookup 0 / 1 outputs: hit conflict evict way join_mask join_idx new new_mask new_idx */
#define EXPECT_LK0(o, h, cf, ev, w, jm, ji, n, nm, ni)                                 \
    do {                                                                               \
        CHECK_EQ((o).lk0_hit, (h));                                                    \
        CHECK_EQ((o).lk0_conflict, (cf));                                              \
        CHECK_EQ((o).lk0_evict, (ev));                                                 \
        CHECK_EQ((o).lk0_way, (w));                                                    \
        CHECK_EQ((o).lk0_join_mask, (jm));                                             \
        CHECK_EQ((o).lk0_join_idx, (ji));                                              \
        CHECK_EQ((o).lk0_new, (n));                                                    \
        CHECK_EQ((o).lk0_new_mask, (nm));                                              \
        CHECK_EQ((o).lk0_new_idx, (ni));                                               \
    } while (0)
#define EXPECT_LK1(o, h, cf, ev, w, jm, ji, n, nm, ni)                                 \
    do {                                                                               \
        CHECK_EQ((o).lk1_hit, (h));                                                    \
        CHECK_EQ((o).lk1_conflict, (cf));                                              \
        CHECK_EQ((o).lk1_evict, (ev));                                                 \
        CHECK_EQ((o).lk1_way, (w));                                                    \
        CHECK_EQ((o).lk1_join_mask, (jm));                                             \
        CHECK_EQ((o).lk1_join_idx, (ji));                                              \
        CHECK_EQ((o).lk1_new, (n));                                                    \
        CHECK_EQ((o).lk1_new_mask, (nm));                                              \
        CHECK_EQ((o).lk1_new_idx, (ni));                                               \
    } while (0)

/* every lookup output 0 (err, push back, or no lookup) */
static int lk_outputs_zero(const pc_warp_lut_out *o)
{
    return (o->lk0_hit | o->lk0_conflict | o->lk0_evict | o->lk0_set | o->lk0_way |
            o->lk0_join_mask | o->lk0_join_idx | o->lk0_new | o->lk0_new_mask |
            o->lk0_new_idx | o->lk1_hit | o->lk1_conflict | o->lk1_evict | o->lk1_set |
            o->lk1_way | o->lk1_join_mask | o->lk1_join_idx | o->lk1_new | o->lk1_new_mask |
            o->lk1_new_idx | o->inv_hit) == 0u;
}

TEST(bits_widths_and_cfg)
{
    pc_warp_lut_cfg c = pc_warp_lut_default_cfg();
    const char *why;
    CHECK(pc_warp_lut_cfg_check(&c) == NULL);
    CHECK_EQ(c.entries, 32);
    CHECK_EQ(c.ways, 2);
    CHECK_EQ(c.lanes, 16);
    CHECK_EQ(c.pc_bits, 32);
    CHECK_EQ(c.pool, 256);
    /* 000 Table 1: 32 x (PC 32 + OCC 16 + IDX 8) = 1792 bits */
    CHECK_EQ(pc_warp_lut_table_bits(&c), 1792);
    CHECK_EQ(pc_warp_lut_state_bits(&c), 1792 + 32 + 16);
    CHECK_EQ(pc_warp_lut_sets(&c), 16);
    CHECK_EQ(pc_warp_lut_set_w(&c), 4);
    CHECK_EQ(pc_warp_lut_ent_w(&c), 5);
    CHECK_EQ(pc_warp_lut_idx_w(&c), 8);
    c.pool = 200; /* IDX_W = clog2(POOL) */
    CHECK_EQ(pc_warp_lut_idx_w(&c), 8);
    CHECK_EQ(pc_warp_lut_table_bits(&c), 1792);
    c.pool = 1024;
    c.entries = 64;
    CHECK_EQ(pc_warp_lut_table_bits(&c), 64u * (32u + 16u + 10u));

#define BAD(field, value, word)                                                        \
    do {                                                                               \
        c = pc_warp_lut_default_cfg();                                                 \
        c.field = value;                                                               \
        why = pc_warp_lut_cfg_check(&c);                                               \
        CHECK(why != NULL && strstr(why, word) != NULL);                               \
    } while (0)
    BAD(entries, 3, "entries");
    BAD(entries, 2, "entries");
    BAD(entries, 48, "entries");
    BAD(entries, 256, "entries");
    BAD(ways, 4, "ways");
    BAD(ways, 1, "ways");
    BAD(lanes, 0, "lanes");
    BAD(lanes, 65, "lanes");
    BAD(pc_bits, 3, "pc_bits");
    BAD(pc_bits, 65, "pc_bits");
    BAD(pool, 1, "pool");
    BAD(pool, 5000, "pool");
#undef BAD
    c = pc_warp_lut_default_cfg();
    c.entries = 4;
    c.lanes = 1;
    c.pc_bits = 4;
    c.pool = 2;
    CHECK(pc_warp_lut_cfg_check(&c) == NULL);
}

/* set = XOR-fold of pc[PC_W-1:2] into SET_W bits */
TEST(hash_is_the_documented_fold)
{
    pc_warp_lut_cfg c = pc_warp_lut_default_cfg();
    unsigned s, t;
    CHECK_EQ(pc_warp_lut_hash(&c, 0x0), 0);
    CHECK_EQ(pc_warp_lut_hash(&c, 0x3), 0);  /* byte offset ignored */
    CHECK_EQ(pc_warp_lut_hash(&c, 0x4), 1);
    CHECK_EQ(pc_warp_lut_hash(&c, 0x3c), 15);
    CHECK_EQ(pc_warp_lut_hash(&c, 0x40), 1);  /* pc[6] folds onto bit 0 */
    CHECK_EQ(pc_warp_lut_hash(&c, 0x44), 0);  /* pc[2] ^ pc[6] */
    CHECK_EQ(pc_warp_lut_hash(&c, 0x80000000u), 2); /* pc[31]: (31-2) % 4 = 1 */
    CHECK_EQ(pc_warp_lut_hash(&c, 0x100000000ull), 0); /* beyond PC_W */
    /* 0x12345678 >> 2 = 0x048d159e: nibbles folded */
    CHECK_EQ(pc_warp_lut_hash(&c, 0x12345678u), 0x0 ^ 0x4 ^ 0x8 ^ 0xd ^ 0x1 ^ 0x5 ^ 0x9 ^ 0xe);
    for (s = 0; s < 16u; s++)
        for (t = 0; t < 16u; t++)
            CHECK_EQ(pc_warp_lut_hash(&c, P(s, t)), s);
    c.entries = 8; /* 4 sets, SET_W 2 */
    CHECK_EQ(pc_warp_lut_hash(&c, 0x4), 1);
    CHECK_EQ(pc_warp_lut_hash(&c, 0x10), 1);
    CHECK_EQ(pc_warp_lut_hash(&c, 0x14), 0);
    /* the word-wise fold equals the bit-by-bit definition (set bit k = XOR
     * of pc[2 + k + SET_W*m]) at every legal ENTRIES and PC_W */
    {
        unsigned e, w, i, k, bad = 0;
        uint64_t x = 0x9E3779B97F4A7C15ull;
        for (e = 4; e <= PC_WARP_LUT_MAX_ENTRIES; e *= 2)
            for (w = 4; w <= 64; w++)
                for (k = 0; k < 200; k++) {
                    unsigned sw, ref = 0;
                    uint64_t pc;
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    pc = x;
                    c.entries = e;
                    c.pc_bits = w;
                    sw = pc_warp_lut_set_w(&c);
                    for (i = 2; i < w; i++)
                        ref ^= bits_get(pc, i) << ((i - 2u) % sw);
                    bad += pc_warp_lut_hash(&c, pc) != ref;
                }
        CHECK_EQ(bad, 0);
    }
}

/* miss allocates (OCC = REQ, IDX = offered); a hit without lane conflict
 * joins (OCC |= REQ); hits need no pool warp, so they pass with
 * alloc_avail 0 */
TEST(hit_joins_the_warp_being_formed)
{
    pc_warp_lut_cfg c = pc_warp_lut_default_cfg();
    pc_warp_lut_state s;
    pc_warp_lut_out o;
    pc_warp_lut_in in;
    const uint64_t A = P(5, 1), B = P(9, 2);
    pc_warp_lut_reset(&c, &s);

    in = lk0(A, 0x00ff, 7);
    o = apply(&c, &s, &in);
    EXPECT_OK(o, 1);
    EXPECT_LK0(o, 0, 0, 0, 0, 0, 0, 1, 0x00ff, 7);
    CHECK_EQ(o.lk0_set, 5);
    EXPECT_ENT(&s, 10, 1, A, 0x00ff, 7);
    EXPECT_ENT(&s, 11, 0, 0, 0, 0);
    CHECK_EQ(s.lru[5], 1);

    in = lk0(A, 0xff00, 8);
    o = apply(&c, &s, &in);
    EXPECT_OK(o, 0);
    EXPECT_LK0(o, 1, 0, 0, 0, 0xff00, 7, 0, 0, 0);
    EXPECT_ENT(&s, 10, 1, A, 0xffff, 7);
    CHECK_EQ(s.lru[5], 1);

    /* a second PC in another set, then a hit on it with nothing offered */
    in = lk(1, B, 0x0001, 0, 0, 0, 1, 30, 0);
    o = apply(&c, &s, &in);
    EXPECT_OK(o, 1);
    EXPECT_LK0(o, 0, 0, 0, 0, 0, 0, 1, 0x0001, 30);
    EXPECT_ENT(&s, 18, 1, B, 0x0001, 30);
    in = lk(1, B, 0x0006, 0, 0, 0, 0, 0, 0);
    o = apply(&c, &s, &in);
    EXPECT_OK(o, 0);
    EXPECT_LK0(o, 1, 0, 0, 0, 0x0006, 30, 0, 0, 0);
    EXPECT_ENT(&s, 18, 1, B, 0x0007, 30);
    EXPECT_ENT(&s, 10, 1, A, 0xffff, 7); /* untouched */

    /* both lookups hit, different sets, in one cycle */
    in = lk(1, B, 0x0030, 1, A, 0x0000, 0, 0, 0);
    in.lk1_valid = 0; /* (A's warp is full: any REQ would conflict) */
    o = apply(&c, &s, &in);
    EXPECT_OK(o, 0);
    EXPECT_LK0(o, 1, 0, 0, 0, 0x0030, 30, 0, 0, 0);
    EXPECT_ENT(&s, 18, 1, B, 0x0037, 30);
}

/* a miss takes the first invalid way, else the LRU way, and reports the
 * eviction; the evicted warp is no longer pointed to */
TEST(miss_allocates_invalid_then_lru_way)
{
    pc_warp_lut_cfg c = pc_warp_lut_default_cfg();
    pc_warp_lut_state s;
    pc_warp_lut_out o;
    pc_warp_lut_in in;
    const uint64_t A = P(3, 1), B = P(3, 2), C = P(3, 3), D = P(3, 4);
    pc_warp_lut_reset(&c, &s);

    in = lk0(A, 0x1, 10);
    o = apply(&c, &s, &in);
    EXPECT_LK0(o, 0, 0, 0, 0, 0, 0, 1, 0x1, 10); /* invalid way 0 */
    EXPECT_ENT(&s, 6, 1, A, 0x1, 10);
    CHECK_EQ(s.lru[3], 1);
    in = lk0(B, 0x2, 11);
    o = apply(&c, &s, &in);
    EXPECT_LK0(o, 0, 0, 0, 1, 0, 0, 1, 0x2, 11); /* invalid way 1 */
    EXPECT_ENT(&s, 7, 1, B, 0x2, 11);
    CHECK_EQ(s.lru[3], 0);
    /* a hit on A makes B the LRU way */
    in = lk0(A, 0x4, 12);
    o = apply(&c, &s, &in);
    EXPECT_LK0(o, 1, 0, 0, 0, 0x4, 10, 0, 0, 0);
    CHECK_EQ(s.lru[3], 1);
    /* C misses: both ways valid, B (LRU, way 1) is evicted */
    in = lk0(C, 0x8, 12);
    o = apply(&c, &s, &in);
    EXPECT_OK(o, 1);
    EXPECT_LK0(o, 0, 0, 1, 1, 0, 0, 1, 0x8, 12);
    EXPECT_ENT(&s, 6, 1, A, 0x5, 10);
    EXPECT_ENT(&s, 7, 1, C, 0x8, 12);
    CHECK_EQ(s.lru[3], 0);
    /* D misses: now A (way 0) is the LRU one */
    in = lk0(D, 0x10, 13);
    o = apply(&c, &s, &in);
    EXPECT_LK0(o, 0, 0, 1, 0, 0, 0, 1, 0x10, 13);
    EXPECT_ENT(&s, 6, 1, D, 0x10, 13);
    EXPECT_ENT(&s, 7, 1, C, 0x8, 12);
    CHECK_EQ(s.lru[3], 1);
    /* B misses again: it is a new warp (its old warp 11 is not found) */
    in = lk0(B, 0x2, 14);
    o = apply(&c, &s, &in);
    EXPECT_LK0(o, 0, 0, 1, 1, 0, 0, 1, 0x2, 14);
    EXPECT_ENT(&s, 7, 1, B, 0x2, 14);
    /* an invalid way is taken before the LRU way: issue D's warp (way 0,
     * LRU = 0 after the last access to way 1) ... */
    CHECK_EQ(s.lru[3], 0);
    in = idle();
    in.inv_valid = 1;
    in.inv_idx = 13;
    o = apply(&c, &s, &in);
    CHECK_EQ(o.inv_hit, 1);
    EXPECT_ENT(&s, 6, 0, D, 0x10, 13); /* only the valid bit is cleared */
    /* ... then access way 1 so LRU points to way 0 ... */
    in = lk0(B, 0x1, 15);
    apply(&c, &s, &in);
    CHECK_EQ(s.lru[3], 0);
    in = lk0(A, 0x1, 15);
    o = apply(&c, &s, &in);
    EXPECT_LK0(o, 0, 0, 0, 0, 0, 0, 1, 0x1, 15); /* into the invalid way, no eviction */
    /* ... and with LRU = 1 but way 0 invalid, way 0 is taken */
    in = idle();
    in.inv_valid = 1;
    in.inv_idx = 15;
    apply(&c, &s, &in);
    CHECK_EQ(s.lru[3], 1);
    CHECK_EQ(s.valid[6], 0);
    in = lk0(C, 0x1, 16);
    o = apply(&c, &s, &in);
    EXPECT_LK0(o, 0, 0, 0, 0, 0, 0, 1, 0x1, 16);
    EXPECT_ENT(&s, 6, 1, C, 0x1, 16);
    EXPECT_ENT(&s, 7, 1, B, 0x3, 14);
}

/* 000 sec. 4.2: REQ & OCC != 0 -> the conflicting threads go to a new warp,
 * IDX moves to it, the others join the old warp */
TEST(lane_conflict_splits_and_moves_idx)
{
    pc_warp_lut_cfg c = pc_warp_lut_default_cfg();
    pc_warp_lut_state s;
    pc_warp_lut_out o;
    pc_warp_lut_in in;
    const uint64_t A = P(12, 7);
    pc_warp_lut_reset(&c, &s);

    in = lk0(A, 0x00ff, 7);
    apply(&c, &s, &in);
    EXPECT_ENT(&s, 24, 1, A, 0x00ff, 7);

    in = lk0(A, 0x0ff0, 20);
    o = apply(&c, &s, &in);
    EXPECT_OK(o, 1);
    /* lanes 8-11 join warp 7; lanes 4-7 (taken in 7) start warp 20 */
    EXPECT_LK0(o, 1, 1, 0, 0, 0x0f00, 7, 1, 0x00f0, 20);
    EXPECT_ENT(&s, 24, 1, A, 0x00f0, 20); /* IDX -> new warp, OCC = REQ & OCC */
    CHECK_EQ(s.lru[12], 1);

    /* the new warp is filled from now on */
    in = lk0(A, 0x000f, 21);
    o = apply(&c, &s, &in);
    EXPECT_LK0(o, 1, 0, 0, 0, 0x000f, 20, 0, 0, 0);
    EXPECT_ENT(&s, 24, 1, A, 0x00ff, 20);

    /* every requested lane taken: nothing joins, all go to a new warp */
    in = lk0(A, 0x0030, 22);
    o = apply(&c, &s, &in);
    EXPECT_LK0(o, 1, 1, 0, 0, 0x0000, 20, 1, 0x0030, 22);
    EXPECT_ENT(&s, 24, 1, A, 0x0030, 22);

    /* the header's worked example, 4 lanes */
    c.lanes = 4;
    pc_warp_lut_reset(&c, &s);
    in = lk0(A, m("1100"), 7);
    o = apply(&c, &s, &in);
    EXPECT_LK0(o, 0, 0, 0, 0, 0, 0, 1, m("1100"), 7);
    in = lk0(A, m("0010"), 8);
    o = apply(&c, &s, &in);
    EXPECT_LK0(o, 1, 0, 0, 0, m("0010"), 7, 0, 0, 0);
    EXPECT_ENT(&s, 24, 1, A, m("1110"), 7);
    in = lk0(A, m("0110"), 9);
    o = apply(&c, &s, &in);
    EXPECT_LK0(o, 1, 1, 0, 0, m("0000"), 7, 1, m("0110"), 9);
    EXPECT_ENT(&s, 24, 1, A, m("0110"), 9);
    in = lk0(A, m("1001"), 10);
    in.inv_valid = 1;
    in.inv_idx = 9;
    o = apply(&c, &s, &in);
    EXPECT_LK0(o, 0, 0, 0, 0, 0, 0, 1, m("1001"), 10);
    CHECK_EQ(o.inv_hit, 1);
    EXPECT_ENT(&s, 24, 1, A, m("1001"), 10);
}

/* 000 Fig. 9 at the LUT: W0 lanes 0,1 -> A, lanes 2,3 -> B; W1 lanes 0,1
 * -> B, lanes 2,3 -> A.  Two lookups per warp; the second warp's threads
 * join the warps the first one started: two full warps. */
TEST(fig9_two_full_warps_form)
{
    pc_warp_lut_cfg c = pc_warp_lut_default_cfg();
    pc_warp_lut_state s;
    pc_warp_lut_out o;
    pc_warp_lut_in in;
    const uint64_t A = P(2, 1), B = P(6, 1);
    c.lanes = 4;
    pc_warp_lut_reset(&c, &s);
    in = lk(1, A, m("1100"), 1, B, m("0011"), 2, 40, 41);
    o = apply(&c, &s, &in);
    EXPECT_OK(o, 2);
    EXPECT_LK0(o, 0, 0, 0, 0, 0, 0, 1, m("1100"), 40);
    EXPECT_LK1(o, 0, 0, 0, 0, 0, 0, 1, m("0011"), 41);
    in = lk(1, B, m("1100"), 1, A, m("0011"), 2, 42, 43);
    o = apply(&c, &s, &in);
    EXPECT_OK(o, 0);
    EXPECT_LK0(o, 1, 0, 0, 0, m("1100"), 41, 0, 0, 0);
    EXPECT_LK1(o, 1, 0, 0, 0, m("0011"), 40, 0, 0, 0);
    EXPECT_ENT(&s, 4, 1, A, m("1111"), 40);
    EXPECT_ENT(&s, 12, 1, B, m("1111"), 41);
}

/* Two lookups in the same set in one cycle (documented in the header). */
TEST(two_lookups_in_one_set)
{
    pc_warp_lut_cfg c = pc_warp_lut_default_cfg();
    pc_warp_lut_state s;
    pc_warp_lut_out o;
    pc_warp_lut_in in;
    const uint64_t A = P(7, 1), B = P(7, 2), C = P(7, 3), D = P(7, 4), E = P(7, 5),
                   F = P(7, 6), G = P(8, 1);
    pc_warp_lut_reset(&c, &s);

    /* both miss, empty set: lk0 way 0, lk1 way 1, indices in order */
    in = lk(1, A, 0x1, 1, B, 0x2, 2, 50, 51);
    o = apply(&c, &s, &in);
    EXPECT_OK(o, 2);
    EXPECT_LK0(o, 0, 0, 0, 0, 0, 0, 1, 0x1, 50);
    EXPECT_LK1(o, 0, 0, 0, 1, 0, 0, 1, 0x2, 51);
    EXPECT_ENT(&s, 14, 1, A, 0x1, 50);
    EXPECT_ENT(&s, 15, 1, B, 0x2, 51);
    CHECK_EQ(s.lru[7], 0); /* lk1 (way 1) counts as the later access */

    /* both miss, full set: lk0 takes the LRU way 0, lk1 the other; two evictions */
    in = lk(1, C, 0x4, 1, D, 0x8, 2, 52, 53);
    o = apply(&c, &s, &in);
    EXPECT_OK(o, 2);
    EXPECT_LK0(o, 0, 0, 1, 0, 0, 0, 1, 0x4, 52);
    EXPECT_LK1(o, 0, 0, 1, 1, 0, 0, 1, 0x8, 53);
    EXPECT_ENT(&s, 14, 1, C, 0x4, 52);
    EXPECT_ENT(&s, 15, 1, D, 0x8, 53);
    CHECK_EQ(s.lru[7], 0);

    /* make way 1 (D) the LRU way: hit C */
    in = lk0(C, 0x10, 0);
    apply(&c, &s, &in);
    CHECK_EQ(s.lru[7], 1);
    /* lk0 misses, lk1 hits way 1 (= LRU): the miss takes way 0, not the
     * way lk1 is joining */
    in = lk(1, E, 0x1, 1, D, 0x2, 2, 54, 55);
    o = apply(&c, &s, &in);
    EXPECT_OK(o, 1);
    EXPECT_LK0(o, 0, 0, 1, 0, 0, 0, 1, 0x1, 54);
    EXPECT_LK1(o, 1, 0, 0, 1, 0x2, 53, 0, 0, 0);
    EXPECT_ENT(&s, 14, 1, E, 0x1, 54);
    EXPECT_ENT(&s, 15, 1, D, 0xa, 53);
    CHECK_EQ(s.lru[7], 0);

    /* lk0 hits way 0 (= LRU), lk1 misses: lk1 takes way 1 and, lk0
     * needing no warp, the first offered index */
    in = lk(1, E, 0x2, 1, F, 0x4, 2, 56, 57);
    o = apply(&c, &s, &in);
    EXPECT_OK(o, 1);
    EXPECT_LK0(o, 1, 0, 0, 0, 0x2, 54, 0, 0, 0);
    EXPECT_LK1(o, 0, 0, 1, 1, 0, 0, 1, 0x4, 56);
    EXPECT_ENT(&s, 14, 1, E, 0x3, 54);
    EXPECT_ENT(&s, 15, 1, F, 0x4, 56);
    CHECK_EQ(s.lru[7], 0);

    /* lk0 conflicts, lk1 misses in the same set: two new warps, in order;
     * lk1 must not take lk0's way */
    in = lk(1, E, 0x3, 1, A, 0x8, 2, 58, 59);
    o = apply(&c, &s, &in);
    EXPECT_OK(o, 2);
    EXPECT_LK0(o, 1, 1, 0, 0, 0x0, 54, 1, 0x3, 58);
    EXPECT_LK1(o, 0, 0, 1, 1, 0, 0, 1, 0x8, 59);
    EXPECT_ENT(&s, 14, 1, E, 0x3, 58);
    EXPECT_ENT(&s, 15, 1, A, 0x8, 59);

    /* both hit in one set */
    in = lk(1, A, 0x10, 1, E, 0x20, 0, 0, 0);
    o = apply(&c, &s, &in);
    EXPECT_OK(o, 0);
    EXPECT_LK0(o, 1, 0, 0, 1, 0x10, 59, 0, 0, 0);
    EXPECT_LK1(o, 1, 0, 0, 0, 0x20, 58, 0, 0, 0);
    CHECK_EQ(s.lru[7], 1);

    /* different sets: independent; lk1 takes alloc_idx1 */
    in = lk(1, B, 0x1, 1, G, 0x2, 2, 60, 61);
    o = apply(&c, &s, &in);
    EXPECT_OK(o, 2);
    EXPECT_LK0(o, 0, 0, 1, 1, 0, 0, 1, 0x1, 60);
    EXPECT_LK1(o, 0, 0, 0, 0, 0, 0, 1, 0x2, 61);
    CHECK_EQ(o.lk1_set, 8);
    EXPECT_ENT(&s, 15, 1, B, 0x1, 60);
    EXPECT_ENT(&s, 16, 1, G, 0x2, 61);
}

/* The issued warp's entry is invalidated at the edge; in the same cycle it
 * already counts as invalid (bypass). */
TEST(issued_warp_invalidation_and_bypass)
{
    pc_warp_lut_cfg c = pc_warp_lut_default_cfg();
    pc_warp_lut_state s, before;
    pc_warp_lut_out o;
    pc_warp_lut_in in;
    const uint64_t A = P(1, 1), B = P(1, 2), C = P(1, 3), D = P(4, 4);
    pc_warp_lut_reset(&c, &s);
    in = lk(1, A, 0x3, 1, B, 0xc, 2, 7, 8);
    apply(&c, &s, &in);
    in = lk0(D, 0xff, 9);
    apply(&c, &s, &in);
    EXPECT_ENT(&s, 2, 1, A, 0x3, 7);
    EXPECT_ENT(&s, 3, 1, B, 0xc, 8);
    EXPECT_ENT(&s, 8, 1, D, 0xff, 9);
    CHECK_EQ(s.lru[1], 0);

    /* a warp not in the LUT issues: nothing changes */
    before = s;
    in = idle();
    in.inv_valid = 1;
    in.inv_idx = 100;
    o = apply(&c, &s, &in);
    EXPECT_OK(o, 0);
    CHECK_EQ(o.inv_hit, 0);
    CHECK(memcmp(&before, &s, sizeof s) == 0);

    /* D's warp issues: its entry goes invalid, LRU untouched */
    in.inv_idx = 9;
    o = apply(&c, &s, &in);
    CHECK_EQ(o.inv_hit, 1);
    CHECK(lk_outputs_zero(&o) == 0);
    EXPECT_ENT(&s, 8, 0, D, 0xff, 9);
    CHECK_EQ(s.lru[4], before.lru[4]);
    /* so D misses now */
    in = lk0(D, 0x1, 10);
    o = apply(&c, &s, &in);
    EXPECT_LK0(o, 0, 0, 0, 0, 0, 0, 1, 0x1, 10);

    /* bypass: A's warp 7 issues while a lookup of A arrives: the lookup
     * misses (never joins the issuing warp), takes A's way without an
     * eviction, and the write wins over the invalidation */
    in = lk0(A, 0x4, 11);
    in.inv_valid = 1;
    in.inv_idx = 7;
    o = apply(&c, &s, &in);
    EXPECT_OK(o, 1);
    CHECK_EQ(o.inv_hit, 1);
    EXPECT_LK0(o, 0, 0, 0, 0, 0, 0, 1, 0x4, 11);
    EXPECT_ENT(&s, 2, 1, A, 0x4, 11);
    EXPECT_ENT(&s, 3, 1, B, 0xc, 8);
    CHECK_EQ(s.lru[1], 1);

    /* the bypassed way counts as invalid for a miss of another PC: B's warp
     * 8 issues (way 1) while C misses; LRU says way 1 anyway, so first make
     * it say way 0 (hit B), then issue B: C takes way 1, no eviction */
    in = lk0(B, 0x1, 0);
    apply(&c, &s, &in);
    CHECK_EQ(s.lru[1], 0);
    in = lk0(C, 0x2, 12);
    in.inv_valid = 1;
    in.inv_idx = 8;
    o = apply(&c, &s, &in);
    EXPECT_LK0(o, 0, 0, 0, 1, 0, 0, 1, 0x2, 12);
    CHECK_EQ(o.inv_hit, 1);
    EXPECT_ENT(&s, 2, 1, A, 0x4, 11);
    EXPECT_ENT(&s, 3, 1, C, 0x2, 12);

    /* an issue and a hit on another entry in one cycle: both happen */
    in = lk0(A, 0x8, 0);
    in.inv_valid = 1;
    in.inv_idx = 12;
    o = apply(&c, &s, &in);
    EXPECT_LK0(o, 1, 0, 0, 0, 0x8, 11, 0, 0, 0);
    CHECK_EQ(o.inv_hit, 1);
    EXPECT_ENT(&s, 2, 1, A, 0xc, 11);
    CHECK_EQ(s.valid[3], 0);
}

/* need_cnt > alloc_avail: ready = 0, nothing updates (the invalidation
 * neither), every lookup output 0 */
TEST(push_back_when_the_pool_offers_too_few)
{
    pc_warp_lut_cfg c = pc_warp_lut_default_cfg();
    pc_warp_lut_state s, before;
    pc_warp_lut_out o;
    pc_warp_lut_in in;
    const uint64_t A = P(0, 1), B = P(0, 2), C = P(9, 3);
    pc_warp_lut_reset(&c, &s);
    in = lk0(A, 0x1, 3);
    apply(&c, &s, &in);

    /* two misses, one offered */
    before = s;
    in = lk(1, B, 0x2, 1, C, 0x4, 1, 4, 5);
    o = apply(&c, &s, &in);
    CHECK_EQ(o.ready, 0);
    CHECK_EQ(o.err, 0);
    CHECK_EQ(o.need_cnt, 2);
    CHECK(lk_outputs_zero(&o));
    CHECK(memcmp(&before, &s, sizeof s) == 0);
    /* a conflict and a miss, one offered; with an invalidation of A's warp
     * that is held too */
    in = lk(1, A, 0x1, 1, C, 0x4, 1, 4, 5);
    o = apply(&c, &s, &in);
    CHECK_EQ(o.ready, 0);
    CHECK_EQ(o.need_cnt, 2);
    CHECK(memcmp(&before, &s, sizeof s) == 0);
    in = lk(1, C, 0x4, 0, 0, 0, 0, 0, 0);
    in.inv_valid = 1;
    in.inv_idx = 3;
    o = apply(&c, &s, &in);
    CHECK_EQ(o.ready, 0);
    CHECK_EQ(o.need_cnt, 1);
    CHECK_EQ(o.inv_hit, 0);
    CHECK(lk_outputs_zero(&o));
    CHECK(memcmp(&before, &s, sizeof s) == 0);
    /* the bypass makes a hit need a warp: A's warp issuing, A looked up */
    in = lk(1, A, 0x2, 0, 0, 0, 0, 0, 0);
    o = apply(&c, &s, &in);
    EXPECT_OK(o, 0); /* without the issue: a plain hit */
    EXPECT_ENT(&s, 0, 1, A, 0x3, 3);
    before = s;
    in.inv_valid = 1;
    in.inv_idx = 3;
    o = apply(&c, &s, &in);
    CHECK_EQ(o.ready, 0);
    CHECK_EQ(o.need_cnt, 1);
    CHECK(memcmp(&before, &s, sizeof s) == 0);
    /* offered enough: it goes */
    in.alloc_avail = 1;
    in.alloc_idx0 = 4;
    o = apply(&c, &s, &in);
    EXPECT_OK(o, 1);
    EXPECT_LK0(o, 0, 0, 0, 0, 0, 0, 1, 0x2, 4);
    EXPECT_ENT(&s, 0, 1, A, 0x2, 4);
    /* two needed, two offered */
    in = lk(1, B, 0x2, 1, C, 0x4, 2, 5, 6);
    o = apply(&c, &s, &in);
    EXPECT_OK(o, 2);
    EXPECT_LK0(o, 0, 0, 0, 1, 0, 0, 1, 0x2, 5);
    EXPECT_LK1(o, 0, 0, 0, 0, 0, 0, 1, 0x4, 6);
}

/* Illegal input: err, err_code, ready 1, lookup outputs 0, state unchanged */
TEST(illegal_input_raises_err_and_changes_nothing)
{
    pc_warp_lut_cfg c = pc_warp_lut_default_cfg();
    pc_warp_lut_state s, before;
    pc_warp_lut_out o;
    pc_warp_lut_in in;
    const uint64_t A = P(0, 1), B = P(0, 2), C = P(5, 5);
    unsigned i;
    c.pool = 200;
    pc_warp_lut_reset(&c, &s);
    in = lk(1, A, 0x1, 1, B, 0x2, 2, 3, 4);
    apply(&c, &s, &in);
    before = s;

#define ILLEGAL(expr_in, code)                                                         \
    do {                                                                               \
        in = expr_in;                                                                  \
        o = apply(&c, &s, &in);                                                        \
        CHECK_EQ(o.err, 1);                                                            \
        CHECK_EQ(o.err_code, code);                                                    \
        CHECK_EQ(o.ready, 1);                                                          \
        CHECK_EQ(o.need_cnt, 0);                                                       \
        CHECK(lk_outputs_zero(&o));                                                    \
        CHECK(memcmp(&before, &s, sizeof s) == 0);                                     \
    } while (0)
    ILLEGAL(lk(1, C, 0x1, 0, 0, 0, 3, 10, 11), PWL_ERR_BAD_AVAIL);
    ILLEGAL(lk(1, C, 0x1, 1, C, 0x2, 3, 10, 11), PWL_ERR_BAD_AVAIL); /* priority */
    ILLEGAL(lk(1, C, 0x1, 1, C, 0x2, 2, 10, 11), PWL_ERR_SAME_PC);
    ILLEGAL(lk(1, A, 0x4, 1, A, 0x8, 0, 0, 0), PWL_ERR_SAME_PC); /* even two hits */
    ILLEGAL(lk(1, C, 0x0, 0, 0, 0, 2, 10, 11), PWL_ERR_BAD_REQ);
    ILLEGAL(lk(1, C, 0x1, 1, B, 0x0, 2, 10, 11), PWL_ERR_BAD_REQ);
    ILLEGAL(lk(1, C, 0x1, 0, 0, 0, 2, 200, 11), PWL_ERR_BAD_IDX);
    ILLEGAL(lk(1, C, 0x1, 0, 0, 0, 2, 10, 255), PWL_ERR_BAD_IDX);
    ILLEGAL(lk(0, 0, 0, 0, 0, 0, 1, 250, 0), PWL_ERR_BAD_IDX);
    in = lk(0, 0, 0, 0, 0, 0, 0, 0, 0);
    in.inv_valid = 1;
    in.inv_idx = 201;
    ILLEGAL(in, PWL_ERR_BAD_IDX);
    ILLEGAL(lk(1, C, 0x1, 0, 0, 0, 2, 3, 11), PWL_ERR_IDX_IN_USE); /* A's warp */
    ILLEGAL(lk(1, C, 0x1, 0, 0, 0, 2, 10, 4), PWL_ERR_IDX_IN_USE); /* B's warp */
    ILLEGAL(lk(1, C, 0x1, 0, 0, 0, 2, 10, 10), PWL_ERR_IDX_IN_USE); /* the same twice */
    in = lk(1, C, 0x1, 0, 0, 0, 1, 12, 0);
    in.inv_valid = 1;
    in.inv_idx = 12; /* offered while issuing */
    ILLEGAL(in, PWL_ERR_IDX_IN_USE);
    in = lk(1, C, 0x1, 0, 0, 0, 1, 3, 0);
    in.inv_valid = 1;
    in.inv_idx = 3; /* A's warp issuing this cycle is not free yet either */
    ILLEGAL(in, PWL_ERR_IDX_IN_USE);
#undef ILLEGAL
    /* not offered, not checked: avail 1 with a bad alloc_idx1; avail 0 */
    in = lk(1, C, 0x1, 0, 0, 0, 1, 12, 255);
    o = apply(&c, &s, &in);
    EXPECT_OK(o, 1);
    EXPECT_LK0(o, 0, 0, 0, 0, 0, 0, 1, 0x1, 12);
    in = lk(1, A, 0x2, 0, 0, 0, 0, 3, 3);
    o = apply(&c, &s, &in);
    EXPECT_OK(o, 0);
    /* the rd port still reads on err */
    for (i = 0; i < 2u; i++) {
        in = lk(1, C, 0x0, 0, 0, 0, 3, 0, 0);
        in.rd_entry = i;
        pc_warp_lut_eval(&c, &s, &in, &o);
        CHECK_EQ(o.err, 1);
        CHECK_EQ(o.rd_valid, 1);
        CHECK_EQ(o.rd_pc, i ? B : A);
    }
}

TEST(read_port_shows_the_state)
{
    pc_warp_lut_cfg c = pc_warp_lut_default_cfg();
    pc_warp_lut_state s;
    pc_warp_lut_out o;
    pc_warp_lut_in in;
    unsigned e;
    pc_warp_lut_reset(&c, &s);
    in = lk(1, P(15, 1), 0x8001, 1, P(15, 2), 0x0ff0, 2, 0xfe, 0xfd);
    apply(&c, &s, &in);
    for (e = 0; e < 32u; e++) {
        in = idle();
        in.rd_entry = e;
        pc_warp_lut_eval(&c, &s, &in, &o);
        CHECK_EQ(o.rd_valid, e >= 30u);
        CHECK_EQ(o.rd_pc, e == 30u ? P(15, 1) : e == 31u ? P(15, 2) : 0u);
        CHECK_EQ(o.rd_occ, e == 30u ? 0x8001u : e == 31u ? 0x0ff0u : 0u);
        CHECK_EQ(o.rd_idx, e == 30u ? 0xfeu : e == 31u ? 0xfdu : 0u);
        CHECK_EQ(o.rd_lru, 0); /* set 15: lk1 (way 1) was last */
        CHECK(lk_outputs_zero(&o));
        CHECK_EQ(o.ready, 1);
    }
    /* the read port shows the state before this cycle's update */
    in = lk0(P(15, 1), 0x0002, 0);
    in.rd_entry = 30;
    pc_warp_lut_eval(&c, &s, &in, &o);
    CHECK_EQ(o.rd_occ, 0x8001);
    CHECK_EQ(o.rd_lru, 0);
    pc_warp_lut_step(&c, &s, &in, &o);
    pc_warp_lut_eval(&c, &s, &in, &o);
    CHECK_EQ(o.rd_occ, 0x8003);
    CHECK_EQ(o.rd_lru, 1);
}

TEST(check_catches_corruption)
{
    pc_warp_lut_cfg c = pc_warp_lut_default_cfg();
    pc_warp_lut_state s, good;
    pc_warp_lut_in in;
    pc_warp_lut_reset(&c, &s);
    in = lk(1, P(3, 1), 0x1, 1, P(3, 2), 0x2, 2, 10, 11);
    apply(&c, &s, &in);
    in = lk0(P(4, 1), 0x4, 12);
    apply(&c, &s, &in);
    good = s;
    CHECK(pc_warp_lut_check(&c, &s) == NULL);

#define CORRUPT(stmt, word)                                                            \
    do {                                                                               \
        const char *why_;                                                              \
        s = good;                                                                      \
        stmt;                                                                          \
        why_ = pc_warp_lut_check(&c, &s);                                              \
        CHECK(why_ != NULL && strstr(why_, word) != NULL);                             \
    } while (0)
    CORRUPT(s.pc[7] = s.pc[6], "both valid for pc");
    CORRUPT(s.idx[8] = 11, "both point to pool warp");
    CORRUPT(s.occ[6] = 0, "OCC 0");
    CORRUPT(s.lru[3] = 2, "LRU");
    CORRUPT(s.pc[8] = P(5, 1), "hashes to set");
    CORRUPT(s.idx[6] = 256, "beyond its width");
    CORRUPT(s.occ[6] = 0x10000, "beyond its width");
    CORRUPT(s.pc[6] |= 1ull << 32, "beyond its width");
    CORRUPT(s.valid[0] = 2, "beyond its width");
#undef CORRUPT
    /* invalid entries may hold anything stale within the widths */
    s = good;
    s.valid[6] = 0;
    s.owner[s.idx[6]] = 0; /* the C-only owner map follows the valid entries */
    s.pc[7] = s.pc[6];
    CHECK(pc_warp_lut_check(&c, &s) == NULL);
    /* ... and is checked against them */
    s = good;
    s.owner[s.idx[6]] = 0;
    CHECK(pc_warp_lut_check(&c, &s) != NULL);
    s = good;
    s.owner[200] = 7;
    CHECK(pc_warp_lut_check(&c, &s) != NULL);
}

static unsigned n_ports, port_width_sum;
static void count_port(void *ctx, const char *name, unsigned width, const uint64_t *value,
                       enum port_dir dir)
{
    (void)ctx;
    (void)name;
    (void)value;
    (void)dir;
    n_ports++;
    port_width_sum += width;
}

TEST(ports_and_trace)
{
    pc_warp_lut_cfg c = pc_warp_lut_default_cfg();
    pc_warp_lut_state s;
    pc_warp_lut_in in;
    pc_warp_lut_out o;
    vcd_writer *w;
    unsigned t;
    char line[256];
    int seen_port = 0, seen_state = 0;
    FILE *f;

    pc_warp_lut_reset(&c, &s);
    in = idle();
    pc_warp_lut_eval(&c, &s, &in, &o);
    n_ports = port_width_sum = 0;
    pc_warp_lut_ports(&c, &in, &o, count_port, NULL);
    CHECK_EQ(n_ports, 42);
    /* in: (1+32+16)*2 + 8+8+2 + 1+8 + 5; out: 1+1+3+2 + (1+1+1+4+1+16+8+1+16+8)*2
     * + 1 + (1+32+16+8+1) */
    CHECK_EQ(port_width_sum, 130 + 180);

    w = vcd_open("out/test_pc_warp_lut.vcd", "1ns");
    CHECK(w != NULL);
    if (!w)
        return;
    for (t = 0; t < 6; t++) {
        in = lk0(P(t, 1), 0x1u << t, 20 + t);
        in.rd_entry = 2 * t;
        vcd_time(w, t * 10u);
        pc_warp_lut_eval(&c, &s, &in, &o);
        pc_warp_lut_trace(w, &c, &s, &in, &o);
        pc_warp_lut_step(&c, &s, &in, &o);
    }
    CHECK(vcd_error(w) == NULL);
    CHECK_EQ(vcd_count(w), 42u + 32u * 4u + 16u);
    CHECK_EQ(vcd_close(w), 0);
    f = fopen("out/test_pc_warp_lut.vcd", "r");
    CHECK(f != NULL);
    if (!f)
        return;
    while (fgets(line, sizeof line, f)) {
        seen_port |= strstr(line, " lk1_new_idx ") != NULL;
        seen_state |= strstr(line, " e31_occ ") != NULL;
    }
    fclose(f);
    CHECK(seen_port);
    CHECK(seen_state);
    CHECK_EQ(s.valid[10], 1);
    CHECK_EQ(s.idx[10], 25);
}

static uint64_t xs(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

/* Random traffic on a small LUT (8 entries, 4 sets, 8 lanes, pool 32):
 * mostly legal (offered indices are never an entry's IDX), some illegal;
 * invariants after every step, state unchanged on err / ready 0, and the
 * outputs' masks account for every requested lane. */
TEST(random_traffic_keeps_invariants)
{
    pc_warp_lut_cfg c = pc_warp_lut_default_cfg();
    pc_warp_lut_state s;
    uint64_t x = 99;
    unsigned i, e, bad = 0, hits = 0, conflicts = 0, evicts = 0, pushbacks = 0, errs = 0;
    unsigned invs = 0, leans = 0;
    c.entries = 8;
    c.lanes = 8;
    c.pool = 32;
    pc_warp_lut_reset(&c, &s);
    for (i = 0; i < 200000u && bad < 5; i++) {
        pc_warp_lut_in in = idle();
        pc_warp_lut_out o;
        pc_warp_lut_state before = s;
        uint64_t r = xs(&x), used = 0;
        unsigned k, cand[2], nc = 0;
        const char *why;
        for (e = 0; e < 8u; e++)
            if (s.valid[e])
                used |= 1ull << s.idx[e];
        in.lk0_valid = (r & 7u) != 0;
        in.lk0_pc = 4u * ((r >> 3) % 12u);
        in.lk0_req = (r >> 8) & 0xffu;
        in.lk1_valid = (r >> 16) & 1u;
        in.lk1_pc = 4u * ((r >> 17) % 12u);
        in.lk1_req = (r >> 24) & 0xffu;
        if (in.lk1_pc == in.lk0_pc && (r >> 32) % 8u)
            in.lk1_valid = 0;
        if ((r >> 35) % 16u) {
            in.lk0_req |= in.lk0_req == 0;
            in.lk1_req |= in.lk1_req == 0;
        }
        xs(&x);
        for (k = 0; k < 32u && nc < 2u; k++) {
            unsigned idx = (unsigned)((x + k * 7u) % 32u);
            if (!((used >> idx) & 1u) && (nc == 0 || cand[0] != idx))
                cand[nc++] = idx;
        }
        in.alloc_avail = (x >> 8) % 4u == 0 ? (x >> 10) % 3u : nc;
        if (in.alloc_avail > nc)
            in.alloc_avail = nc;
        in.alloc_idx0 = nc > 0 ? cand[0] : 0;
        in.alloc_idx1 = nc > 1 ? cand[1] : 0;
        if ((x >> 12) % 64u == 0)
            in.alloc_avail = 3;
        if ((x >> 18) % 64u == 0)
            in.alloc_idx0 = (x >> 24) % 32u; /* maybe in use */
        if ((x >> 30) % 3u == 0) {
            in.inv_valid = 1;
            in.inv_idx = s.idx[(x >> 32) % 8u];
            if ((in.inv_idx == in.alloc_idx0 && in.alloc_avail >= 1) ||
                (in.inv_idx == in.alloc_idx1 && in.alloc_avail >= 2))
                in.inv_valid = (x >> 40) % 8u == 0;
        }
        in.rd_entry = (x >> 50) % 8u;
        pc_warp_lut_eval(&c, &s, &in, &o);
        {
            /* the lean evaluation: the same wherever the full one has no err */
            pc_warp_lut_out ol;
            memset(&ol, 0x5a, sizeof ol);
            pc_warp_lut_eval_lean(&c, &s, &in, &ol);
            if (!o.err) {
                bad += !pc_warp_lut_lean_same(&ol, &o);
                leans++;
            }
        }
        pc_warp_lut_step(&c, &s, &in, &o);
        if (o.err || !o.ready)
            bad += memcmp(&before, &s, sizeof s) != 0;
        if (!o.err && o.ready) {
            if (in.lk0_valid && ((o.lk0_join_mask | o.lk0_new_mask) != in.lk0_req ||
                                 (o.lk0_join_mask & o.lk0_new_mask) != 0u))
                bad++;
            if (in.lk1_valid && ((o.lk1_join_mask | o.lk1_new_mask) != in.lk1_req ||
                                 (o.lk1_join_mask & o.lk1_new_mask) != 0u))
                bad++;
            if (o.lk0_new && o.lk0_new_idx != in.alloc_idx0)
                bad++;
            if (o.lk1_new && o.lk1_new_idx != (o.lk0_new ? in.alloc_idx1 : in.alloc_idx0))
                bad++;
        }
        if (!o.ready && o.need_cnt <= in.alloc_avail)
            bad++;
        hits += (unsigned)(o.lk0_hit + o.lk1_hit);
        conflicts += (unsigned)(o.lk0_conflict + o.lk1_conflict);
        evicts += (unsigned)(o.lk0_evict + o.lk1_evict);
        pushbacks += !o.ready;
        errs += (unsigned)o.err;
        invs += (unsigned)o.inv_hit;
        why = pc_warp_lut_check(&c, &s);
        if (why != NULL) {
            printf("  step %u: %s\n", i, why);
            bad++;
        }
    }
    CHECK_EQ(bad, 0);
    CHECK(hits > 10000);
    CHECK(conflicts > 5000);
    CHECK(evicts > 5000);
    CHECK(pushbacks > 1000);
    CHECK(errs > 1000);
    CHECK(invs > 1000);
    CHECK(leans > 100000);
}

TEST(reset_is_all_zero)
{
    pc_warp_lut_cfg c = pc_warp_lut_default_cfg();
    RESET_IS_ALL_ZERO(pc_warp_lut_reset, &c, pc_warp_lut_state);
}

int main(int argc, char **argv)
{
    test_args(argc, argv);
    test_needs_out(argv[0]);
    RUN(bits_widths_and_cfg);
    RUN(hash_is_the_documented_fold);
    RUN(hit_joins_the_warp_being_formed);
    RUN(miss_allocates_invalid_then_lru_way);
    RUN(lane_conflict_splits_and_moves_idx);
    RUN(fig9_two_full_warps_form);
    RUN(two_lookups_in_one_set);
    RUN(issued_warp_invalidation_and_bypass);
    RUN(push_back_when_the_pool_offers_too_few);
    RUN(illegal_input_raises_err_and_changes_nothing);
    RUN(read_port_shows_the_state);
    RUN(check_catches_corruption);
    RUN(ports_and_trace);
    RUN(random_traffic_keeps_invariants);
    RUN(reset_is_all_zero);
    return test_summary();
}
