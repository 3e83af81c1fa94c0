/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_two_level_sched.c -- golden and unit tests of the two-level
 * round-robin warp scheduler (rtl_c/two_level_sched, 004 sec. 3.2-3.3).
 *
 * Every cycle goes through apply(): eval, clock edge (step with the eval's
 * output), two_level_sched_check, and for an err cycle a byte compare showing
 * the state did not change.  The plain round-robin comparison uses an
 * independent reference (a single "last issued" pointer over all warps).
 * The 004 Fig. 7 test runs a small workload model (below) under both
 * policies and checks the idle cycles derived by hand.
 */
#include <string.h>

#include "../rtl_c/bits.h"
#include "../rtl_c/two_level_sched.h"
#include "check.h"

static two_level_sched_cfg cfg_of(unsigned warps, unsigned gs, unsigned timeout)
{
    two_level_sched_cfg c = two_level_sched_default_cfg();
    c.warps = warps;
    c.group_size = gs;
    c.timeout = timeout;
    CHECK(two_level_sched_cfg_check(&c) == NULL);
    return c;
}

static two_level_sched_out apply(const two_level_sched_cfg *c, two_level_sched_state *s,
                                 uint64_t ready, uint64_t stalled)
{
    two_level_sched_in in;
    two_level_sched_out o;
    two_level_sched_state before = *s;
    const char *why;
    in.ready = ready;
    in.stalled = stalled;
    two_level_sched_eval(c, s, &in, &o);
    two_level_sched_step(c, s, &in, &o);
    why = two_level_sched_check(c, s);
    if (why)
        printf("  invariant: %s\n", why);
    CHECK(why == NULL);
    if (o.err)
        CHECK(memcmp(&before, s, sizeof *s) == 0);
    CHECK_EQ(o.err, o.err_code != TWO_LEVEL_SCHED_ERR_NONE);
    return o;
}

TEST(defaults_and_cfg_rules)
{
    two_level_sched_cfg c = two_level_sched_default_cfg();
    CHECK_EQ(c.warps, 32);
    CHECK_EQ(c.group_size, 8);
    CHECK_EQ(c.timeout, 32768);
    CHECK_EQ(two_level_sched_groups(&c), 4);
    /* top 2 + 4 pointers of 3 + counter of 15 */
    CHECK_EQ(two_level_sched_state_bits(&c), 29);
    c.group_size = 6; /* does not divide 32 */
    CHECK(two_level_sched_cfg_check(&c) != NULL);
    c.group_size = 64;
    CHECK(two_level_sched_cfg_check(&c) != NULL);
    c.group_size = 8;
    c.timeout = 0;
    CHECK(two_level_sched_cfg_check(&c) != NULL);
}

/* Header worked example: 16 warps, 2 groups of 8; round robin inside group 0
 * while it has ready warps, then the rotation in the cycle group 0 is all
 * stalled, warp 8 issuing in that very cycle. */
TEST(worked_example_fig7_order)
{
    two_level_sched_cfg c = cfg_of(16, 8, 32768);
    two_level_sched_state s;
    two_level_sched_out o;
    uint64_t stalled = 0;
    unsigned i;
    two_level_sched_reset(&c, &s);
    for (i = 0; i < 10; i++) {
        o = apply(&c, &s, 0xffff, 0);
        CHECK_EQ(o.valid, 1);
        CHECK_EQ(o.warp, i % 8);
        CHECK_EQ(o.act, TWO_LEVEL_SCHED_ACT_TOP);
        CHECK_EQ(o.top, 0);
    }
    /* warps 0..7 miss one by one (the rest keep issuing in order) */
    for (i = 0; i < 7; i++) {
        stalled |= (uint64_t)1 << ((i + 2) % 8);
        o = apply(&c, &s, 0xffff & ~stalled, stalled);
        CHECK_EQ(o.act, TWO_LEVEL_SCHED_ACT_TOP);
        CHECK_EQ(o.warp / 8, 0);
        CHECK(!((stalled >> o.warp) & 1u));
    }
    stalled |= 0xff;
    o = apply(&c, &s, 0xff00, stalled);
    CHECK_EQ(o.act, TWO_LEVEL_SCHED_ACT_ROTATE);
    CHECK_EQ(o.rotate, 1);
    CHECK_EQ(o.valid, 1);
    CHECK_EQ(o.warp, 8);
    CHECK_EQ(o.top, 0);
    CHECK_EQ(s.top_q, 1);
    CHECK_EQ(s.cnt_q, 0);
    for (i = 0; i < 9; i++) {
        o = apply(&c, &s, 0xff00, stalled);
        CHECK_EQ(o.act, TWO_LEVEL_SCHED_ACT_TOP);
        CHECK_EQ(o.top, 1);
        CHECK_EQ(o.warp, 8 + (i + 1) % 8);
    }
    /* group 0's loads return: group 1 still has the top and keeps it */
    o = apply(&c, &s, 0xffff, 0);
    CHECK_EQ(o.warp / 8, 1);
}

/* Rotation order: 4 groups of 4; each top group in turn goes all stalled;
 * the top goes 0, 1, 2, 3, 0 and each rotation cycle issues from the next
 * group in order that has a ready warp. */
TEST(rotation_order)
{
    two_level_sched_cfg c = cfg_of(16, 4, 100);
    two_level_sched_state s;
    two_level_sched_out o;
    unsigned r, g;
    two_level_sched_reset(&c, &s);
    for (r = 0; r < 8; r++) {
        unsigned top = r % 4;
        uint64_t st = (uint64_t)0xf << (4 * top);
        o = apply(&c, &s, 0xffff, 0);
        CHECK_EQ(o.top, top);
        CHECK_EQ(o.warp / 4, top);
        /* the top group all stalled: rotate, the next group issues */
        o = apply(&c, &s, 0xffff & ~st, st);
        CHECK_EQ(o.act, TWO_LEVEL_SCHED_ACT_ROTATE);
        CHECK_EQ(o.warp / 4, (top + 1) % 4);
        CHECK_EQ(s.top_q, (top + 1) % 4);
    }
    /* the new lowest group (the old top) has the lowest priority: with only
     * groups 2 and 1 ready (top 0, all stalled except nothing ready in 0),
     * the order 0,1,2,3 after two rotations is 2,3,0,1 */
    two_level_sched_reset(&c, &s);
    apply(&c, &s, 0, 0x000f); /* top 0 -> 1 */
    apply(&c, &s, 0, 0x00f0); /* top 1 -> 2 */
    CHECK_EQ(s.top_q, 2);
    o = apply(&c, &s, 0x00f0 | 0x000f, 0); /* groups 0 and 1 ready: 0 is next */
    CHECK_EQ(o.act, TWO_LEVEL_SCHED_ACT_LOWER);
    CHECK_EQ(o.warp / 4, 0);
    o = apply(&c, &s, 0x00f0, 0); /* only group 1: it is the last in order, still issues */
    CHECK_EQ(o.warp / 4, 1);
    for (g = 0; g < 4; g++)
        CHECK(s.ptr_q[g] < 4);
}

/* Not all stalled, nothing ready in the top group: a lower group issues
 * (the choice in the header), without counting toward the top's timeout and
 * without rotation. */
TEST(lower_group_issues_without_rotation)
{
    two_level_sched_cfg c = cfg_of(16, 8, 4);
    two_level_sched_state s;
    two_level_sched_out o;
    unsigned i;
    two_level_sched_reset(&c, &s);
    for (i = 0; i < 20; i++) {
        /* group 0: warp 0 stalled, the others waiting (neither) */
        o = apply(&c, &s, 0xff00, 0x0001);
        CHECK_EQ(o.act, TWO_LEVEL_SCHED_ACT_LOWER);
        CHECK_EQ(o.rotate, 0);
        CHECK_EQ(o.warp, 8 + i % 8);
        CHECK_EQ(s.top_q, 0);
        CHECK_EQ(s.cnt_q, 0);
    }
    o = apply(&c, &s, 0, 0x0001);
    CHECK_EQ(o.act, TWO_LEVEL_SCHED_ACT_IDLE);
    CHECK_EQ(o.valid, 0);
}

/* Timeout: TIMEOUT = 5; the top group issues exactly 5 instructions per
 * tenure, the 5th is act TIMEOUT and rotates; lower-group issues do not
 * count; a stall rotation restarts the count. */
TEST(timeout)
{
    two_level_sched_cfg c = cfg_of(8, 4, 5);
    two_level_sched_state s;
    two_level_sched_out o;
    unsigned t, i;
    two_level_sched_reset(&c, &s);
    for (t = 0; t < 4; t++) {
        for (i = 0; i < 5; i++) {
            o = apply(&c, &s, 0xff, 0);
            CHECK_EQ(o.top, t % 2);
            CHECK_EQ(o.warp / 4, t % 2);
            CHECK_EQ(o.act, i == 4 ? TWO_LEVEL_SCHED_ACT_TIMEOUT : TWO_LEVEL_SCHED_ACT_TOP);
            CHECK_EQ(o.rotate, i == 4);
        }
        CHECK_EQ(s.top_q, (t + 1) % 2);
        CHECK_EQ(s.cnt_q, 0);
    }
    /* group 0 top; 2 issues, then 3 from group 1 (lower), then 3 more from
     * group 0: the 5th top issue is the timeout */
    two_level_sched_reset(&c, &s);
    apply(&c, &s, 0xff, 0);
    apply(&c, &s, 0xff, 0);
    for (i = 0; i < 3; i++) {
        o = apply(&c, &s, 0xf0, 0);
        CHECK_EQ(o.act, TWO_LEVEL_SCHED_ACT_LOWER);
    }
    CHECK_EQ(s.cnt_q, 2);
    apply(&c, &s, 0xff, 0);
    apply(&c, &s, 0xff, 0);
    o = apply(&c, &s, 0xff, 0);
    CHECK_EQ(o.act, TWO_LEVEL_SCHED_ACT_TIMEOUT);
    /* a stall rotation restarts the count of the new top */
    two_level_sched_reset(&c, &s);
    apply(&c, &s, 0xff, 0);
    apply(&c, &s, 0xff, 0);
    o = apply(&c, &s, 0xf0, 0x0f);
    CHECK_EQ(o.act, TWO_LEVEL_SCHED_ACT_ROTATE);
    CHECK_EQ(s.cnt_q, 0);
    /* TIMEOUT = 1: every top issue rotates */
    c = cfg_of(8, 4, 1);
    two_level_sched_reset(&c, &s);
    for (i = 0; i < 6; i++) {
        o = apply(&c, &s, 0xff, 0);
        CHECK_EQ(o.act, TWO_LEVEL_SCHED_ACT_TIMEOUT);
        CHECK_EQ(o.warp, (i % 2) * 4 + i / 2);
    }
}

/* 004 sec. 3.3's combination with large warps: 4 large warps, one per
 * group.  The top large warp issues whenever it is ready; while it waits
 * (not ready, not stalled: e.g. its sub-warps of a branch have not all
 * completed) the next one in order issues (LOWER); after TIMEOUT issues it is
 * switched out and the next large warp becomes top. */
TEST(large_warp_groups_of_one)
{
    two_level_sched_cfg c = cfg_of(4, 1, 3);
    two_level_sched_state s;
    two_level_sched_out o;
    two_level_sched_reset(&c, &s);
    o = apply(&c, &s, 0xf, 0);
    CHECK_EQ(o.warp, 0);
    CHECK_EQ(o.act, TWO_LEVEL_SCHED_ACT_TOP);
    o = apply(&c, &s, 0xe, 0); /* warp 0 waits for its sub-warps */
    CHECK_EQ(o.warp, 1);
    CHECK_EQ(o.act, TWO_LEVEL_SCHED_ACT_LOWER);
    o = apply(&c, &s, 0xf, 0);
    CHECK_EQ(o.warp, 0);
    o = apply(&c, &s, 0xf, 0); /* warp 0's 3rd issue: timeout */
    CHECK_EQ(o.warp, 0);
    CHECK_EQ(o.act, TWO_LEVEL_SCHED_ACT_TIMEOUT);
    o = apply(&c, &s, 0xf, 0);
    CHECK_EQ(o.top, 1);
    CHECK_EQ(o.warp, 1);
    o = apply(&c, &s, 0xd, 0x2); /* warp 1 misses: rotate, warp 2 issues */
    CHECK_EQ(o.act, TWO_LEVEL_SCHED_ACT_ROTATE);
    CHECK_EQ(o.warp, 2);
    CHECK_EQ(s.top_q, 2);
    CHECK_EQ(s.ptr_q[0], 0);
}

static uint64_t lcg(uint64_t *x)
{
    *x = *x * 6364136223846793005ull + 1442695040888963407ull;
    return *x >> 11;
}

/* GROUP_SIZE = WARPS is plain round robin (004 sec. 5.3): against a
 * reference with one "last issued" pointer, on random ready/stalled inputs
 * (all-stalled cycles included), at several sizes and timeouts. */
TEST(one_group_is_plain_round_robin)
{
    static const unsigned sizes[] = {1, 2, 5, 16, 32, 64};
    static const unsigned tmos[] = {1, 3, 32768};
    unsigned a, b, i;
    uint64_t x = 12345;
    for (a = 0; a < sizeof sizes / sizeof sizes[0]; a++)
        for (b = 0; b < 3; b++) {
            unsigned n = sizes[a];
            two_level_sched_cfg c = cfg_of(n, n, tmos[b]);
            two_level_sched_state s;
            unsigned last = n - 1; /* reference: the first search starts at 0 */
            two_level_sched_reset(&c, &s);
            for (i = 0; i < 3000; i++) {
                uint64_t r = lcg(&x), st;
                uint64_t ready = bits_trunc(lcg(&x) & (i % 7 == 0 ? lcg(&x) : ~0ull), n);
                int exp = -1;
                unsigned k;
                st = (i % 11 == 0) ? bits_mask(n) & ~ready : bits_trunc(r, n) & ~ready;
                if (i % 13 == 0) {
                    ready = 0;
                    st = bits_mask(n);
                }
                for (k = 1; k <= n; k++) {
                    unsigned w = (last + k) % n;
                    if ((ready >> w) & 1u) {
                        exp = (int)w;
                        break;
                    }
                }
                {
                    two_level_sched_out o = apply(&c, &s, ready, st);
                    CHECK_EQ(o.valid, exp >= 0);
                    if (exp >= 0) {
                        CHECK_EQ(o.warp, (unsigned)exp);
                        last = (unsigned)exp;
                    }
                    CHECK_EQ(o.top, 0);
                }
            }
        }
}

TEST(conflict_is_err_state_unchanged)
{
    two_level_sched_cfg c = cfg_of(16, 8, 10);
    two_level_sched_state s;
    two_level_sched_out o;
    two_level_sched_reset(&c, &s);
    apply(&c, &s, 0xffff, 0);
    apply(&c, &s, 0xffff, 0);
    o = apply(&c, &s, 0xffff, 0x0100); /* warp 8 ready and stalled */
    CHECK_EQ(o.err, 1);
    CHECK_EQ(o.err_code, TWO_LEVEL_SCHED_ERR_CONFLICT);
    CHECK_EQ(o.act, TWO_LEVEL_SCHED_ACT_ERR);
    CHECK_EQ(o.valid, 0);
    CHECK_EQ(o.rotate, 0);
    CHECK_EQ(s.cnt_q, 2);
    /* bits above WARPS are ignored */
    o = apply(&c, &s, 0x10000, 0x10000);
    CHECK_EQ(o.err, 0);
    CHECK_EQ(o.valid, 0);
}

/* ------------------------------------------------ 004 Fig. 7 workload model
 * Each warp runs C compute instructions, one load, C compute instructions
 * (2C+1 instructions).  One instruction issues per cycle (1-wide front end);
 * a warp may issue again the cycle after (its instruction's latency is
 * hidden: the figure's point is the memory latency); a load's warp is
 * stalled for L cycles from the cycle after it issues; a finished warp is
 * reported stalled (the header's choice).  Returns the cycles until every
 * warp finished; *idle = the cycles in which nothing issued. */
static unsigned fig7_run(const two_level_sched_cfg *c, unsigned C, unsigned L, unsigned *idle)
{
    unsigned done[64], back[64], w, cyc, fin = 0;
    two_level_sched_state s;
    two_level_sched_reset(c, &s);
    memset(done, 0, sizeof done);
    memset(back, 0, sizeof back);
    *idle = 0;
    for (cyc = 0; fin < c->warps && cyc < 100000; cyc++) {
        uint64_t ready = 0, stalled = 0;
        two_level_sched_out o;
        for (w = 0; w < c->warps; w++) {
            if (done[w] == 2 * C + 1 || back[w] > cyc)
                stalled |= (uint64_t)1 << w;
            else
                ready |= (uint64_t)1 << w;
        }
        o = apply(c, &s, ready, stalled);
        if (!o.valid) {
            (*idle)++;
            continue;
        }
        w = (unsigned)o.warp;
        if (done[w] == C)
            back[w] = cyc + 1 + L;
        if (++done[w] == 2 * C + 1)
            fin++;
    }
    return cyc;
}

/* 16 warps, C = 8, L = 200; a warp whose load issues in cycle t is ready
 * again in t+1+L.  Round robin: the 16 loads issue in cycles 128..143, their
 * warps are ready again from 129+L; idle from 144 to 128+L: L-15 = 185
 * cycles, total 257+L (272 instructions).  Two-level, 2 groups of 8: group
 * 0 computes and loads in 0..71, group 1 in 72..143 while group 0's loads
 * are out; group 0 is ready again from 65+L, so idle 144..64+L (L-79);
 * group 0 finishes at 128+L and is all "stalled" (finished), group 1 is
 * ready again from 137+L: 8 more idle cycles.  Idle L-71 = 129, total
 * 201+L. */
TEST(fig7_two_level_leaves_fewer_idle_cycles)
{
    two_level_sched_cfg rr = cfg_of(16, 16, 32768), tl = cfg_of(16, 8, 32768);
    unsigned idle_rr, idle_tl, t_rr, t_tl, L = 200;
    t_rr = fig7_run(&rr, 8, L, &idle_rr);
    t_tl = fig7_run(&tl, 8, L, &idle_tl);
    CHECK_EQ(idle_rr, L - 15);
    CHECK_EQ(t_rr, 257 + L);
    CHECK_EQ(idle_tl, L - 71);
    CHECK_EQ(t_tl, 201 + L);
    CHECK(idle_tl < idle_rr);
    /* with a latency shorter than the other group's computation, two-level
     * hides it entirely in the middle */
    t_tl = fig7_run(&tl, 8, 40, &idle_tl);
    t_rr = fig7_run(&rr, 8, 40, &idle_rr);
    CHECK(idle_tl < idle_rr);
    CHECK(t_tl < t_rr);
}

int main(int argc, char **argv)
{
    test_args(argc, argv);
    RUN(defaults_and_cfg_rules);
    RUN(worked_example_fig7_order);
    RUN(rotation_order);
    RUN(lower_group_issues_without_rotation);
    RUN(timeout);
    RUN(large_warp_groups_of_one);
    RUN(one_group_is_plain_round_robin);
    RUN(conflict_is_err_state_unchanged);
    RUN(fig7_two_level_leaves_fewer_idle_cycles);
    return test_summary();
}
