/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_lane_shuffle.c -- exhaustive tests of the SWI lane shuffle functions
 * (rtl_c/lane_shuffle, 001 sec. 4, Table 1), n = LANES - 1, m = WARPS.
 *
 * Every legal size (LANES = 2, 4, ..., 64 x WARPS = 1..64), every function,
 * every warp id: the map is a permutation of the lanes, the inverse inverts
 * it (both ways), and Table 1's formula holds, computed here with ordinary
 * arithmetic (n - tid, wid odd, 2*wid > m, wid mod LANES, a bit reversal by
 * index) rather than the model's XOR formulation.  Plus the worked example
 * of the header written out by hand, MirrorHalf's literal boundary, the
 * eval path (ports, act, err codes) and the parameter ranges.
 */
#include <string.h>

#include "../rtl_c/bits.h"
#include "../rtl_c/lane_shuffle.h"
#include "check.h"

static unsigned log2u(unsigned x)
{
    unsigned l = 0;
    while ((1u << l) < x)
        l++;
    return l;
}

/* Table 1, from the text */
static unsigned table1(unsigned lanes, unsigned warps, unsigned f, unsigned wid, unsigned tid)
{
    unsigned n = lanes - 1u, l = log2u(lanes), w = wid % lanes, r = 0, i;
    for (i = 0; i < l; i++)
        if ((w / (1u << i)) % 2u)
            r += 1u << (l - 1u - i);
    switch (f) {
    case LANE_SHUFFLE_IDENTITY: return tid;
    case LANE_SHUFFLE_MIRROR_ODD: return wid % 2u ? n - tid : tid;
    case LANE_SHUFFLE_MIRROR_HALF: return 2u * wid > warps ? n - tid : tid;
    case LANE_SHUFFLE_XOR: return tid ^ w;
    default: return tid ^ r;
    }
}

static lane_shuffle_out eval(const lane_shuffle_cfg *c, unsigned f, unsigned wid, unsigned tid,
                             unsigned lane)
{
    lane_shuffle_state s;
    lane_shuffle_in in;
    lane_shuffle_out o;
    lane_shuffle_reset(c, &s);
    in.in_func = f;
    in.in_wid = wid;
    in.in_tid = tid;
    in.in_lane = lane;
    lane_shuffle_eval(c, &s, &in, &o);
    lane_shuffle_step(c, &s, &in, &o);
    CHECK(lane_shuffle_check(c, &s) == NULL);
    return o;
}

TEST(exhaustive_permutation_inverse_formula)
{
    unsigned lanes, warps, f, wid, t, sizes = 0, bad_perm = 0, bad_inv = 0, bad_formula = 0;
    for (lanes = 2; lanes <= 64; lanes *= 2)
        for (warps = 1; warps <= 64; warps++) {
            lane_shuffle_cfg c = {lanes, warps};
            CHECK(lane_shuffle_cfg_check(&c) == NULL);
            sizes++;
            for (f = 0; f < LANE_SHUFFLE_FUNCS; f++)
                for (wid = 0; wid < warps; wid++) {
                    uint64_t seen = 0;
                    for (t = 0; t < lanes; t++) {
                        unsigned p = lane_shuffle_map(&c, f, wid, t);
                        if (p >= lanes || bits_get(seen, p))
                            bad_perm++;
                        else
                            seen |= (uint64_t)1 << p;
                        if (p != table1(lanes, warps, f, wid, t))
                            bad_formula++;
                        if (p < lanes && lane_shuffle_inverse(&c, f, wid, p) != t)
                            bad_inv++;
                        /* and the other way: map(inverse(lane)) = lane */
                        if (lane_shuffle_map(&c, f, wid, lane_shuffle_inverse(&c, f, wid, t)) != t)
                            bad_inv++;
                    }
                    if (seen != bits_mask(lanes))
                        bad_perm++;
                }
        }
    CHECK_EQ(sizes, 6u * 64u);
    CHECK_EQ(bad_perm, 0);
    CHECK_EQ(bad_inv, 0);
    CHECK_EQ(bad_formula, 0);
}

/* The eval path (ports) agrees with the functions over every input bit
 * pattern of a few sizes, err codes included. */
TEST(eval_ports_and_errors)
{
    static const unsigned sz[][2] = {{2, 1}, {4, 4}, {8, 7}, {32, 24}, {64, 64}, {16, 40}};
    unsigned k, f, wid, t;
    for (k = 0; k < sizeof sz / sizeof sz[0]; k++) {
        lane_shuffle_cfg c = {sz[k][0], sz[k][1]};
        unsigned widmax = 1u << lane_shuffle_wid_w(&c);
        CHECK_EQ(lane_shuffle_tid_w(&c), log2u(c.lanes));
        for (f = 0; f < 8; f++)
            for (wid = 0; wid < widmax; wid++)
                for (t = 0; t < c.lanes; t++) {
                    lane_shuffle_out o = eval(&c, f, wid, t, c.lanes - 1u - t);
                    unsigned ec = f > 4 ? LANE_SHUFFLE_ERR_FUNC
                                  : wid >= c.warps ? LANE_SHUFFLE_ERR_WID : 0u;
                    CHECK_EQ(o.err_code, ec);
                    CHECK_EQ(o.err, ec != 0);
                    if (ec) {
                        CHECK_EQ(o.act, LANE_SHUFFLE_NONE);
                        CHECK_EQ(o.lane, 0);
                        CHECK_EQ(o.inv_tid, 0);
                        continue;
                    }
                    CHECK_EQ(o.act, f);
                    CHECK_EQ(o.lane, table1(c.lanes, c.warps, f, wid, t));
                    CHECK_EQ(table1(c.lanes, c.warps, f, wid, (unsigned)o.inv_tid),
                             c.lanes - 1u - t);
                }
    }
}

/* The header's worked example, LANES = 4, WARPS = 4, written by hand. */
TEST(worked_example_4x4)
{
    static const unsigned xorrev[4][4] = {{0, 1, 2, 3}, {2, 3, 0, 1}, {1, 0, 3, 2}, {3, 2, 1, 0}};
    static const unsigned xr[4][4] = {{0, 1, 2, 3}, {1, 0, 3, 2}, {2, 3, 0, 1}, {3, 2, 1, 0}};
    static const unsigned modd[4][4] = {{0, 1, 2, 3}, {3, 2, 1, 0}, {0, 1, 2, 3}, {3, 2, 1, 0}};
    static const unsigned mhalf[4][4] = {{0, 1, 2, 3}, {0, 1, 2, 3}, {0, 1, 2, 3}, {3, 2, 1, 0}};
    lane_shuffle_cfg c = {4, 4};
    unsigned w, t;
    for (w = 0; w < 4; w++)
        for (t = 0; t < 4; t++) {
            CHECK_EQ(lane_shuffle_map(&c, LANE_SHUFFLE_IDENTITY, w, t), t);
            CHECK_EQ(lane_shuffle_map(&c, LANE_SHUFFLE_XOR_REV, w, t), xorrev[w][t]);
            CHECK_EQ(lane_shuffle_map(&c, LANE_SHUFFLE_XOR, w, t), xr[w][t]);
            CHECK_EQ(lane_shuffle_map(&c, LANE_SHUFFLE_MIRROR_ODD, w, t), modd[w][t]);
            CHECK_EQ(lane_shuffle_map(&c, LANE_SHUFFLE_MIRROR_HALF, w, t), mhalf[w][t]);
        }
}

/* "wid > m/2" literally: at m = 24 warp 12 is not mirrored, 13 is; at an
 * odd m = 7, 3 is not (6 > 7 false) and 4 is. */
TEST(mirror_half_boundary)
{
    lane_shuffle_cfg c = {32, 24}, d = {8, 7};
    CHECK_EQ(lane_shuffle_map(&c, LANE_SHUFFLE_MIRROR_HALF, 12, 0), 0);
    CHECK_EQ(lane_shuffle_map(&c, LANE_SHUFFLE_MIRROR_HALF, 13, 0), 31);
    CHECK_EQ(lane_shuffle_map(&c, LANE_SHUFFLE_MIRROR_HALF, 23, 5), 26);
    CHECK_EQ(lane_shuffle_map(&d, LANE_SHUFFLE_MIRROR_HALF, 3, 1), 1);
    CHECK_EQ(lane_shuffle_map(&d, LANE_SHUFFLE_MIRROR_HALF, 4, 1), 6);
}

/* Xor/XorRev use wid mod LANES: warps wid and wid + LANES alias (documented). */
TEST(xor_uses_low_wid_bits)
{
    lane_shuffle_cfg c = {8, 24};
    unsigned t;
    for (t = 0; t < 8; t++) {
        CHECK_EQ(lane_shuffle_map(&c, LANE_SHUFFLE_XOR, 3, t),
                 lane_shuffle_map(&c, LANE_SHUFFLE_XOR, 11, t));
        CHECK_EQ(lane_shuffle_map(&c, LANE_SHUFFLE_XOR_REV, 1, t), t ^ 4u); /* bitrev3(1)=4 */
        CHECK_EQ(lane_shuffle_map(&c, LANE_SHUFFLE_XOR_REV, 6, t), t ^ 3u); /* bitrev3(6)=3 */
    }
}

TEST(cfg_check_ranges)
{
    lane_shuffle_cfg c = lane_shuffle_default_cfg();
    CHECK_EQ(c.lanes, 32);
    CHECK_EQ(c.warps, 24);
    CHECK(lane_shuffle_cfg_check(&c) == NULL);
    c.lanes = 12;
    CHECK(lane_shuffle_cfg_check(&c) != NULL);
    c.lanes = 1;
    CHECK(lane_shuffle_cfg_check(&c) != NULL);
    c.lanes = 128;
    CHECK(lane_shuffle_cfg_check(&c) != NULL);
    c.lanes = 64;
    c.warps = 0;
    CHECK(lane_shuffle_cfg_check(&c) != NULL);
    c.warps = 65;
    CHECK(lane_shuffle_cfg_check(&c) != NULL);
}

TEST(check_catches_corruption)
{
    lane_shuffle_cfg c = lane_shuffle_default_cfg();
    lane_shuffle_state s;
    lane_shuffle_reset(&c, &s);
    CHECK(lane_shuffle_check(&c, &s) == NULL);
    s.none = 1;
    CHECK(lane_shuffle_check(&c, &s) != NULL);
}

/* The XOR_REV operand's 6-bit reversal table, every TID_W and w, against
 * a bit-by-bit reversal (bits.h's helpers: tests/test_bits.c). */
TEST(rev6_table)
{
    unsigned bad = 0, w, v, i;
    for (w = 1; w <= 6; w++)
        for (v = 0; v < (1u << w); v++) {
            unsigned r = 0;
            for (i = 0; i < w; i++)
                r |= ((v >> i) & 1u) << (w - 1u - i);
            if ((unsigned)(lane_shuffle_rev6[v] >> (6u - w)) != r)
                bad++;
        }
    CHECK_EQ(lane_shuffle_rev6[1], 32u);
    CHECK_EQ(lane_shuffle_rev6[0x0B] >> 2, 0x0Du);
    CHECK_EQ(bad, 0);
}

int main(int argc, char **argv)
{
    test_args(argc, argv);
    RUN(exhaustive_permutation_inverse_formula);
    RUN(eval_ports_and_errors);
    RUN(worked_example_4x4);
    RUN(mirror_half_boundary);
    RUN(xor_uses_low_wid_bits);
    RUN(cfg_check_ranges);
    RUN(check_catches_corruption);
    RUN(rev6_table);
    return test_summary();
}
