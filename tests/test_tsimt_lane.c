/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_tsimt_lane.c -- golden and unit tests of the temporal-SIMT lane
 * (rtl_c/tsimt_lane, 002 sec. 3.1-3.2, 3.6).
 *
 * Every cycle goes through apply(): eval, clock edge (step with the eval's
 * output), tsimt_lane_check, and for an err or held cycle a byte compare
 * showing the state did not change.  Masks are written as in 002, thread 0
 * first: "1110" is threads 0, 1, 2.  The sequences are compared with an
 * independent reference (ref_groups: walk the aligned groups of the mask in
 * order and keep the non-empty ones), not with the model's own helpers.
 */
#include <string.h>

#include "../rtl_c/bits.h"
#include "../rtl_c/tsimt_lane.h"
#include "check.h"

/* m("1110") (t0 first) -> 0x7: tests/check.h */

/* A pattern (t0 first) repeated to `n` threads, or followed by zeros. */
static uint64_t rep(const char *p, unsigned n, int zero_tail)
{
    uint64_t v = 0;
    unsigned len = (unsigned)strlen(p), t;
    for (t = 0; t < n; t++) {
        char c = t < len ? p[t] : (zero_tail ? '0' : p[t % len]);
        if (c == '1')
            v |= (uint64_t)1 << t;
    }
    return v;
}

static tsimt_lane_cfg cfg_k(unsigned warp, unsigned k)
{
    tsimt_lane_cfg c = tsimt_lane_default_cfg();
    c.warp = warp;
    c.width = k;
    CHECK(tsimt_lane_cfg_check(&c) == NULL);
    return c;
}

/* One cycle: eval, edge, invariants; err / held cycles leave the state. */
static tsimt_lane_out apply(const tsimt_lane_cfg *c, tsimt_lane_state *s, const tsimt_lane_in *in)
{
    tsimt_lane_out o;
    tsimt_lane_state before = *s;
    const char *why;
    tsimt_lane_eval(c, s, in, &o);
    tsimt_lane_step(c, s, in, &o);
    why = tsimt_lane_check(c, s);
    if (why)
        printf("  invariant: %s\n", why);
    CHECK(why == NULL);
    if (o.err || o.act == TSIMT_LANE_ACT_HOLD)
        CHECK(memcmp(&before, s, sizeof *s) == 0);
    CHECK_EQ(o.err, o.err_code != TSIMT_LANE_ERR_NONE);
    return o;
}

static tsimt_lane_in offer(uint64_t mask, uint64_t warp, uint64_t instr)
{
    tsimt_lane_in in;
    memset(&in, 0, sizeof in);
    in.in_valid = 1;
    in.in_mask = mask;
    in.in_warp = warp;
    in.in_instr = instr;
    return in;
}

static tsimt_lane_in idle(void)
{
    tsimt_lane_in in;
    memset(&in, 0, sizeof in);
    return in;
}

/* Reference: the non-empty aligned groups of `mask`, ascending. */
static unsigned ref_groups(unsigned warp, unsigned k, uint64_t mask, unsigned *base,
                           uint64_t *valid)
{
    unsigned g, t, n = 0;
    for (g = 0; g < warp / k; g++) {
        uint64_t v = 0;
        for (t = 0; t < k; t++)
            if ((mask >> (g * k + t)) & 1u)
                v |= (uint64_t)1 << t;
        if (v) {
            base[n] = g * k;
            valid[n] = v;
            n++;
        }
    }
    return n;
}

/* Loads `mask` into an idle lane, then runs it to done with no new offer;
 * asserts every cycle against the reference; returns the execution cycles. */
static unsigned run_one(const tsimt_lane_cfg *c, tsimt_lane_state *s, uint64_t mask)
{
    unsigned base[64], n, i, cyc = 0;
    uint64_t valid[64];
    tsimt_lane_in in = offer(mask, 3, 0xabc);
    tsimt_lane_out o = apply(c, s, &in);
    CHECK_EQ(o.act, TSIMT_LANE_ACT_LOAD);
    CHECK_EQ(o.ex_valid, 0);
    n = ref_groups(c->warp, c->width, mask, base, valid);
    for (i = 0; i < 70; i++) {
        in = idle();
        o = apply(c, s, &in);
        if (o.ex_valid == 0)
            break;
        cyc++;
        if (i < n) {
            CHECK_EQ(o.ex_base, base[i]);
            CHECK_EQ(o.ex_valid, valid[i]);
        }
        CHECK_EQ(o.ex_warp, 3);
        CHECK_EQ(o.ex_instr, 0xabc);
        CHECK_EQ(o.done, i + 1 == n);
        CHECK_EQ(o.ready, i + 1 == n);
        CHECK_EQ(o.act, i + 1 == n ? TSIMT_LANE_ACT_LAST : TSIMT_LANE_ACT_RUN);
    }
    CHECK_EQ(cyc, n);
    CHECK_EQ(o.act, TSIMT_LANE_ACT_IDLE);
    CHECK_EQ(o.ready, 1);
    CHECK_EQ(s->busy_q, 0);
    return cyc;
}

/* k = 1: exactly popcount(mask) cycles, one active thread per cycle, lowest
 * first; 002 sec. 3.2 "a warp with 2 active threads utilizes one ALU for
 * exactly 2 clock cycles". */
TEST(k1_popcount_cycles_ascending)
{
    tsimt_lane_cfg c = cfg_k(32, 1);
    tsimt_lane_state s;
    tsimt_lane_in in;
    tsimt_lane_out o;
    unsigned t;
    tsimt_lane_reset(&c, &s);
    CHECK_EQ(run_one(&c, &s, m("0100 0000 0000 0000 0000 0000 0000 0001")), 2);
    /* step by step: threads 1, 2, 31 of "0110 ... 0001" */
    in = offer(m("0110 0000 0000 0000 0000 0000 0000 0001"), 7, 0x11);
    o = apply(&c, &s, &in);
    CHECK_EQ(o.act, TSIMT_LANE_ACT_LOAD);
    in = idle();
    o = apply(&c, &s, &in);
    CHECK_EQ(o.ex_base, 1);
    CHECK_EQ(o.ex_valid, 1);
    CHECK_EQ(o.done, 0);
    CHECK_EQ(o.ready, 0);
    o = apply(&c, &s, &in);
    CHECK_EQ(o.ex_base, 2);
    CHECK_EQ(o.done, 0);
    o = apply(&c, &s, &in);
    CHECK_EQ(o.ex_base, 31);
    CHECK_EQ(o.done, 1);
    CHECK_EQ(o.ex_warp, 7);
    o = apply(&c, &s, &in);
    CHECK_EQ(o.act, TSIMT_LANE_ACT_IDLE);
    /* 002 sec. 3.6: a full warp keeps the lane busy for 32 cycles */
    CHECK_EQ(run_one(&c, &s, bits_mask(32)), 32);
    for (t = 0; t < 32; t++)
        CHECK_EQ(run_one(&c, &s, (uint64_t)1 << t), 1);
}

/* The text's K = 4 examples (002 sec. 3.2), WARP = 32. */
TEST(k4_paper_examples)
{
    tsimt_lane_cfg c4 = cfg_k(32, 4), c1 = cfg_k(32, 1);
    tsimt_lane_state s;
    uint64_t a;
    tsimt_lane_reset(&c4, &s);
    /* "111100001111...": compaction works for aligned all-zero bundles.
     * Read literally (the tail stays 1): the one empty group is skipped. */
    CHECK_EQ(run_one(&c4, &s, m("1111 0000 1111 1111 1111 1111 1111 1111")), 7);
    /* read as a period-8 pattern: every other group skipped, 4 cycles */
    CHECK_EQ(run_one(&c4, &s, rep("11110000", 32, 0)), 4);
    /* "101010...": no aligned all-zero group, all 8 groups run (16 threads,
     * 16 cycles at K = 1: K = 4 gains only a factor 2) */
    a = rep("10", 32, 0);
    CHECK_EQ(run_one(&c4, &s, a), 8);
    CHECK_EQ(run_one(&c1, &s, a), 16);
    /* "100111010...", irregular, repeated: every group has an active thread */
    a = rep("100111010", 32, 0);
    CHECK_EQ(tsimt_lane_occupancy(&c4, a), 0xff);
    CHECK_EQ(run_one(&c4, &s, a), 8);
    CHECK_EQ(run_one(&c1, &s, a), 18);
    /* "1000011110000...", unaligned: 5 threads in 13 occupy 3 groups (1000,
     * 0111, 1000) where 2 would hold them; only the zero tail is skipped */
    a = rep("1000011110000", 32, 1);
    CHECK_EQ(a, m("1000 0111 1000 0000 0000 0000 0000 0000"));
    CHECK_EQ(run_one(&c4, &s, a), 3);
    CHECK_EQ(run_one(&c1, &s, a), 5);
    /* ... and repeated over 32 threads: no aligned zero group is left, all
     * 8 groups run for 12 active threads (3 cycles would hold them) */
    a = rep("1000011110000", 32, 0);
    CHECK_EQ(bits_popcount(a), 12);
    CHECK_EQ(tsimt_lane_occupancy(&c4, a), 0xff);
    CHECK_EQ(run_one(&c4, &s, a), 8);
}

/* K = 4 step by step: the worked example of the header. */
TEST(k4_worked_example)
{
    tsimt_lane_cfg c = cfg_k(32, 4);
    tsimt_lane_state s;
    tsimt_lane_in in;
    tsimt_lane_out o;
    static const unsigned bases[] = {0, 8, 12, 16, 20, 24, 28};
    unsigned i;
    tsimt_lane_reset(&c, &s);
    in = offer(m("1111 0000 1111 1111 1111 1111 1111 1111"), 1, 2);
    o = apply(&c, &s, &in);
    CHECK_EQ(o.act, TSIMT_LANE_ACT_LOAD);
    in = idle();
    for (i = 0; i < 7; i++) {
        o = apply(&c, &s, &in);
        CHECK_EQ(o.ex_base, bases[i]);
        CHECK_EQ(o.ex_valid, 0xf);
        CHECK_EQ(o.done, i == 6);
    }
    o = apply(&c, &s, &in);
    CHECK_EQ(o.act, TSIMT_LANE_ACT_IDLE);
}

/* Every K against the reference on pseudo-random masks (sparse and dense). */
TEST(all_widths_match_reference)
{
    static const unsigned ks[] = {1, 2, 4, 8, 16, 32};
    uint64_t x = 0x243f6a8885a308d3ull;
    unsigned ki, r;
    for (ki = 0; ki < sizeof ks / sizeof ks[0]; ki++) {
        tsimt_lane_cfg c = cfg_k(32, ks[ki]);
        tsimt_lane_state s;
        tsimt_lane_reset(&c, &s);
        for (r = 0; r < 300; r++) {
            uint64_t mask;
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            mask = bits_trunc(r % 3 == 0 ? x & (x >> 9) & (x >> 21) : x, 32);
            if (mask == 0)
                mask = 1;
            run_one(&c, &s, mask);
        }
    }
    /* a non-power-of-two warp: 24 threads in groups of 8 */
    {
        tsimt_lane_cfg c = cfg_k(24, 8);
        tsimt_lane_state s;
        tsimt_lane_reset(&c, &s);
        CHECK_EQ(run_one(&c, &s, m("0000 0000 0000 0000 0000 0001")), 1);
        CHECK_EQ(run_one(&c, &s, m("1000 0000 0000 0000 0000 0001")), 2);
    }
}

/* Pipelined hand-over: an instruction offered in the last cycle of the
 * previous one starts the next cycle, so back-to-back instructions leave no
 * idle cycle: total cycles = sum of their group counts. */
TEST(handover_back_to_back)
{
    tsimt_lane_cfg c = cfg_k(32, 1);
    tsimt_lane_state s;
    tsimt_lane_in in;
    tsimt_lane_out o, peek;
    static const char *const masks[] = {"11", "1", "0001", "111"};
    static const unsigned act_at_offer[] = {TSIMT_LANE_ACT_LOAD, TSIMT_LANE_ACT_HANDOVER,
                                            TSIMT_LANE_ACT_HANDOVER, TSIMT_LANE_ACT_HANDOVER};
    static const unsigned offer_cycle[] = {0, 2, 3, 4};
    unsigned cyc, exec = 0, loads = 0, last_done = 0;
    tsimt_lane_reset(&c, &s);
    for (cyc = 0; cyc < 12; cyc++) {
        in = idle();
        tsimt_lane_eval(&c, &s, &in, &peek);
        if (loads < 4 && peek.ready)
            in = offer(m(masks[loads]), loads, 0x40 + loads);
        o = apply(&c, &s, &in);
        if (in.in_valid) {
            CHECK_EQ(o.err, 0);
            CHECK_EQ(o.act, act_at_offer[loads]);
            CHECK_EQ(cyc, offer_cycle[loads]);
            loads++;
        }
        if (o.ex_valid)
            exec++;
        if (o.done)
            last_done = cyc;
    }
    /* 1 load cycle, then 2 + 1 + 1 + 3 execution cycles with no idle cycle */
    CHECK_EQ(loads, 4);
    CHECK_EQ(exec, 7);
    CHECK_EQ(last_done, 7);
}

/* Illegal input: err, act HOLD, state unchanged, nothing executes. */
TEST(illegal_input_leaves_state)
{
    tsimt_lane_cfg c = cfg_k(32, 2);
    tsimt_lane_state s, snap;
    tsimt_lane_in in;
    tsimt_lane_out o;
    tsimt_lane_reset(&c, &s);
    /* empty mask to an idle lane */
    in = offer(0, 1, 1);
    snap = s;
    o = apply(&c, &s, &in);
    CHECK_EQ(o.err_code, TSIMT_LANE_ERR_EMPTY);
    CHECK_EQ(o.act, TSIMT_LANE_ACT_HOLD);
    CHECK(memcmp(&snap, &s, sizeof s) == 0);
    /* bits beyond WARP do not count: a mask of only bit 40 is empty */
    in = offer((uint64_t)1 << 40, 1, 1);
    o = apply(&c, &s, &in);
    CHECK_EQ(o.err_code, TSIMT_LANE_ERR_EMPTY);
    /* busy: 3 groups loaded, offer in the first execution cycle */
    in = offer(m("11 00 01 00 10"), 2, 9);
    o = apply(&c, &s, &in);
    CHECK_EQ(o.act, TSIMT_LANE_ACT_LOAD);
    snap = s;
    in = offer(m("1"), 5, 5);
    o = apply(&c, &s, &in);
    CHECK_EQ(o.err_code, TSIMT_LANE_ERR_BUSY);
    CHECK_EQ(o.ready, 0);
    CHECK_EQ(o.ex_valid, 0); /* the frozen cycle executes nothing */
    CHECK_EQ(o.done, 0);
    CHECK(memcmp(&snap, &s, sizeof s) == 0);
    /* the instruction is intact: its three groups still run, in order */
    in = idle();
    o = apply(&c, &s, &in);
    CHECK_EQ(o.ex_base, 0);
    CHECK_EQ(o.ex_valid, 3);
    /* an empty mask offered in the last cycle: EMPTY, not a hand-over */
    o = apply(&c, &s, &in);
    CHECK_EQ(o.ex_base, 4);
    CHECK_EQ(o.ex_valid, 2);
    in = offer(0, 5, 5);
    snap = s;
    o = apply(&c, &s, &in);
    CHECK_EQ(o.err_code, TSIMT_LANE_ERR_EMPTY);
    CHECK_EQ(o.ready, 1);
    CHECK(memcmp(&snap, &s, sizeof s) == 0);
    in = idle();
    o = apply(&c, &s, &in);
    CHECK_EQ(o.ex_base, 8);
    CHECK_EQ(o.ex_valid, 1);
    CHECK_EQ(o.done, 1);
    /* held: an offer while hold = 1 */
    in = offer(1, 0, 0);
    in.hold = 1;
    snap = s;
    o = apply(&c, &s, &in);
    CHECK_EQ(o.err_code, TSIMT_LANE_ERR_HELD);
    CHECK(memcmp(&snap, &s, sizeof s) == 0);
}

/* hold freezes a running lane: no group executes, the sequence resumes. */
TEST(hold_freezes)
{
    tsimt_lane_cfg c = cfg_k(8, 1);
    tsimt_lane_state s, snap;
    tsimt_lane_in in;
    tsimt_lane_out o;
    tsimt_lane_reset(&c, &s);
    in = offer(m("0101"), 0, 0);
    apply(&c, &s, &in);
    in = idle();
    in.hold = 1;
    snap = s;
    o = apply(&c, &s, &in);
    CHECK_EQ(o.act, TSIMT_LANE_ACT_HOLD);
    CHECK_EQ(o.err, 0);
    CHECK_EQ(o.ex_valid, 0);
    CHECK(memcmp(&snap, &s, sizeof s) == 0);
    in.hold = 0;
    o = apply(&c, &s, &in);
    CHECK_EQ(o.ex_base, 1);
    o = apply(&c, &s, &in);
    CHECK_EQ(o.ex_base, 3);
    CHECK_EQ(o.done, 1);
}

/* The invariant check catches a corrupted state (so the cosim's check can fail). */
TEST(check_catches_corruption)
{
    tsimt_lane_cfg c = cfg_k(32, 4);
    tsimt_lane_state s;
    tsimt_lane_reset(&c, &s);
    CHECK(tsimt_lane_check(&c, &s) == NULL);
    s.pos_q = 3; /* idle with a position */
    CHECK(tsimt_lane_check(&c, &s) != NULL);
    s.busy_q = 1;
    s.mask_q = 0xf; /* only group 0, but pos is past it */
    CHECK(tsimt_lane_check(&c, &s) != NULL);
    s.pos_q = 8;
    CHECK(tsimt_lane_check(&c, &s) != NULL);
}

TEST(cfg_check_ranges)
{
    tsimt_lane_cfg c = tsimt_lane_default_cfg();
    CHECK(tsimt_lane_cfg_check(&c) == NULL);
    c.width = 3;
    CHECK(tsimt_lane_cfg_check(&c) != NULL);
    c.width = 64;
    CHECK(tsimt_lane_cfg_check(&c) != NULL);
    c.warp = 24;
    c.width = 16;
    CHECK(tsimt_lane_cfg_check(&c) != NULL);
    c.width = 8;
    CHECK(tsimt_lane_cfg_check(&c) == NULL);
    c.warp = 65;
    CHECK(tsimt_lane_cfg_check(&c) != NULL);
    c = tsimt_lane_default_cfg();
    c.wid_bits = 9;
    CHECK(tsimt_lane_cfg_check(&c) != NULL);
    c.wid_bits = 5;
    c.instr_bits = 0;
    CHECK(tsimt_lane_cfg_check(&c) != NULL);
    c.instr_bits = 64;
    c.warp = 64;
    c.width = 64;
    CHECK(tsimt_lane_cfg_check(&c) == NULL);
    CHECK_EQ(tsimt_lane_groups(&c), 1);
    CHECK_EQ(tsimt_lane_grp_w(&c), 1);
    CHECK_EQ(tsimt_lane_tid_w(&c), 6);
}

/* 002 sec. 4.1: a scalar instruction runs as a one-thread instruction: one
 * execution cycle for the lowest active thread, at every width, with
 * ex_scalar = 1; it hands over like any other; the next (vector)
 * instruction runs its whole mask with ex_scalar = 0.  in_scalar without
 * in_valid changes nothing; a scalar offer that is illegal (EMPTY, BUSY,
 * HELD) is rejected with the state untouched. */
TEST(scalar_runs_one_thread)
{
    static const unsigned ks[] = {1, 2, 4, 8, 32};
    unsigned ki;
    for (ki = 0; ki < sizeof ks / sizeof ks[0]; ki++) {
        tsimt_lane_cfg c = cfg_k(32, ks[ki]);
        tsimt_lane_state s, snap;
        tsimt_lane_in in;
        tsimt_lane_out o;
        const uint64_t mask = m("0000 0110 1111 0000 0000 0000 0000 0001"); /* t5 lowest */
        tsimt_lane_reset(&c, &s);
        /* in_scalar alone: nothing happens, idle stays idle */
        in = idle();
        in.in_scalar = 1;
        snap = s;
        o = apply(&c, &s, &in);
        CHECK_EQ(o.act, TSIMT_LANE_ACT_IDLE);
        CHECK_EQ(o.err, 0);
        CHECK(memcmp(&snap, &s, sizeof s) == 0);
        /* scalar EMPTY: rejected, state untouched */
        in = offer(0, 1, 1);
        in.in_scalar = 1;
        o = apply(&c, &s, &in);
        CHECK_EQ(o.err_code, TSIMT_LANE_ERR_EMPTY);
        CHECK(memcmp(&snap, &s, sizeof s) == 0);
        /* scalar HELD */
        in = offer(mask, 1, 1);
        in.in_scalar = 1;
        in.hold = 1;
        o = apply(&c, &s, &in);
        CHECK_EQ(o.err_code, TSIMT_LANE_ERR_HELD);
        CHECK(memcmp(&snap, &s, sizeof s) == 0);
        /* the scalar instruction: loaded, one cycle, thread 5 only */
        in = offer(mask, 6, 0x77);
        in.in_scalar = 1;
        o = apply(&c, &s, &in);
        CHECK_EQ(o.act, TSIMT_LANE_ACT_LOAD);
        CHECK_EQ(o.ex_scalar, 0);
        CHECK_EQ(s.mask_q, (uint64_t)1 << 5);
        CHECK_EQ(s.scalar_q, 1);
        /* its only cycle is the last: a vector instruction hands over */
        in = offer(mask, 6, 0x78);
        o = apply(&c, &s, &in);
        CHECK_EQ(o.act, TSIMT_LANE_ACT_HANDOVER);
        CHECK_EQ(o.done, 1);
        CHECK_EQ(o.ex_scalar, 1);
        CHECK_EQ(o.ex_base, 5u & ~(ks[ki] - 1u));
        CHECK_EQ(o.ex_valid, (uint64_t)1 << (5u % ks[ki]));
        CHECK_EQ(o.ex_instr, 0x77);
        CHECK_EQ(o.ex_warp, 6);
        CHECK_EQ(s.scalar_q, 0);
        CHECK_EQ(s.mask_q, mask);
        /* the vector instruction runs its whole mask, ex_scalar 0; a scalar
         * offer while it is busy is BUSY with the state untouched */
        in = offer(mask, 2, 2);
        in.in_scalar = 1;
        snap = s;
        o = apply(&c, &s, &in);
        if (tsimt_lane_cycles(&c, mask) > 1u) {
            CHECK_EQ(o.err_code, TSIMT_LANE_ERR_BUSY);
            CHECK(memcmp(&snap, &s, sizeof s) == 0);
        } else {
            CHECK_EQ(o.act, TSIMT_LANE_ACT_HANDOVER);
            CHECK_EQ(s.scalar_q, 1);
            CHECK_EQ(s.mask_q, (uint64_t)1 << 5);
            continue;
        }
        {
            unsigned n = 0;
            do {
                in = idle();
                in.in_scalar = 1; /* ignored without in_valid */
                o = apply(&c, &s, &in);
                CHECK_EQ(o.ex_scalar, 0);
                n += o.ex_valid != 0;
            } while (!o.done && n < 40);
            CHECK_EQ(n, tsimt_lane_cycles(&c, mask));
        }
        /* a scalar one-thread mask: the same thread */
        CHECK_EQ(s.busy_q, 0);
        in = offer((uint64_t)1 << 31, 0, 0);
        in.in_scalar = 1;
        o = apply(&c, &s, &in);
        CHECK_EQ(s.mask_q, (uint64_t)1 << 31);
        in = idle();
        o = apply(&c, &s, &in);
        CHECK_EQ(o.ex_base, 31u & ~(ks[ki] - 1u));
        CHECK_EQ(o.ex_scalar, 1);
        CHECK_EQ(o.done, 1);
    }
}

/* The scalar invariant: scalar_q with more than one thread is caught. */
TEST(scalar_check)
{
    tsimt_lane_cfg c = cfg_k(32, 1);
    tsimt_lane_state s;
    tsimt_lane_reset(&c, &s);
    s.busy_q = 1;
    s.mask_q = 6;
    s.scalar_q = 1;
    CHECK(tsimt_lane_check(&c, &s) != NULL);
    s.mask_q = 4;
    CHECK(tsimt_lane_check(&c, &s) == NULL);
    s.scalar_q = 2;
    CHECK(tsimt_lane_check(&c, &s) != NULL);
}

int main(int argc, char **argv)
{
    test_args(argc, argv);
    RUN(k1_popcount_cycles_ascending);
    RUN(k4_paper_examples);
    RUN(k4_worked_example);
    RUN(all_widths_match_reference);
    RUN(handover_back_to_back);
    RUN(illegal_input_leaves_state);
    RUN(hold_freezes);
    RUN(check_catches_corruption);
    RUN(cfg_check_ranges);
    RUN(scalar_runs_one_thread);
    RUN(scalar_check);
    return test_summary();
}
