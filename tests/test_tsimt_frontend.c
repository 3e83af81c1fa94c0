/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_tsimt_frontend.c -- golden and unit tests of the temporal-SIMT issue
 * front end (rtl_c/tsimt_frontend over rtl_c/tsimt_lane; 002 sec. 3.1, 3.3,
 * 5.2, 5.6 and Table IV).
 *
 * Every cycle goes through apply(): eval, clock edge (step with the eval's
 * output), tsimt_frontend_check, and for an err cycle a byte compare showing
 * the whole state (lanes included) did not change; the lean pair
 * (eval_lean, step_lean) on a copy of the state must give the same decision
 * (tsimt_frontend_lean_same) and the same next state, byte for byte; every cycle also asserts
 * that no lane raised err (the front end never serves a lane that is not
 * ready).  Masks: bit t = thread t.
 */
#include <string.h>

#include "../rtl_c/bits.h"
#include "../rtl_c/tsimt_frontend.h"
#include "check.h"

static tsimt_frontend_cfg cfg_of(unsigned lanes, unsigned warps, unsigned k)
{
    tsimt_frontend_cfg c = tsimt_frontend_default_cfg();
    c.lanes = lanes;
    c.warps = warps;
    c.width = k;
    CHECK(tsimt_frontend_cfg_check(&c) == NULL);
    return c;
}

static tsimt_frontend_state st_; /* large: kept out of the stack */
static tsimt_frontend_state snap_;
static tsimt_frontend_state lean_; /* the lean pair's state (apply) */
static unsigned long lean_inits_, lean_cycles_;

static tsimt_frontend_out apply(const tsimt_frontend_cfg *c, tsimt_frontend_state *s,
                                const tsimt_frontend_in *in)
{
    static tsimt_frontend_out o;
    const char *why;
    static tsimt_frontend_out lo;
    static tsimt_frontend_lean z;
    snap_ = *s;
    /* the lean pair runs beside it from cycle to cycle; a state the test
     * set itself (a reset, a planted register) starts it again: lean_init,
     * which also takes over every 97th cycle (lanes in mid-instruction) */
    if (lean_cycles_ % 97u == 96u || memcmp(&lean_, s, sizeof *s) != 0) {
        lean_ = *s;
        tsimt_frontend_lean_init(c, &lean_, &z);
        lean_inits_++;
    }
    tsimt_frontend_eval(c, s, in, &o);
    tsimt_frontend_step(c, s, in, &o);
    /* the same decision, and after a sync the same next state */
    memset(&lo, 0xa5, sizeof lo);
    tsimt_frontend_eval_lean(c, &lean_, &z, in, &lo);
    CHECK(tsimt_frontend_lean_same(&lo, &o));
    tsimt_frontend_step_lean(c, &lean_, &z, in, &lo);
    tsimt_frontend_lean_sync(c, &lean_, &z);
    CHECK(memcmp(&lean_, s, sizeof *s) == 0);
    lean_cycles_++;
    why = tsimt_frontend_check(c, s);
    if (why)
        printf("  invariant: %s\n", why);
    CHECK(why == NULL);
    CHECK_EQ(o.lane_err, 0);
    if (o.iss_valid) {
        CHECK(bits_get(o.lane_ready, (unsigned)o.iss_lane));
        CHECK_EQ(tsimt_frontend_lane_of(c, (unsigned)o.iss_warp), o.iss_lane);
    }
    if (o.err)
        CHECK(memcmp(&snap_, s, sizeof *s) == 0);
    return o;
}

static tsimt_frontend_in nothing(uint64_t sb_ok)
{
    tsimt_frontend_in in;
    memset(&in, 0, sizeof in);
    in.sb_ok = sb_ok;
    return in;
}

static tsimt_frontend_in fill(unsigned w, uint64_t mask, uint64_t instr, uint64_t sb_ok)
{
    tsimt_frontend_in in = nothing(sb_ok);
    in.fill_valid = 1;
    in.fill_warp = w;
    in.fill_mask = mask;
    in.fill_instr = instr;
    return in;
}

/* The header's worked example: 2 lanes, 4 warps, 2-thread masks. */
TEST(worked_example)
{
    tsimt_frontend_cfg c = cfg_of(2, 4, 1);
    tsimt_frontend_in in;
    tsimt_frontend_out o;
    tsimt_frontend_reset(&c, &st_);
    in = fill(0, 0x3, 0x10, 0);
    o = apply(&c, &st_, &in);
    CHECK_EQ(o.act, TSIMT_FE_ACT_IDLE);
    in = fill(1, 0x5, 0x11, 0); /* sb_ok 0: nothing issues yet */
    o = apply(&c, &st_, &in);
    CHECK_EQ(o.iss_valid, 0);
    /* c0 */
    in = nothing(0xf);
    o = apply(&c, &st_, &in);
    CHECK_EQ(o.lane_req, 3);
    CHECK_EQ(o.act, TSIMT_FE_ACT_CONFLICT);
    CHECK_EQ(o.conflict, 1);
    CHECK_EQ(o.iss_lane, 0);
    CHECK_EQ(o.iss_warp, 0);
    CHECK_EQ(o.iss_instr, 0x10);
    CHECK_EQ(st_.rr_q, 1);
    /* c1 */
    o = apply(&c, &st_, &in);
    CHECK_EQ(o.act, TSIMT_FE_ACT_ISSUE);
    CHECK_EQ(o.iss_lane, 1);
    CHECK_EQ(o.iss_warp, 1);
    CHECK_EQ(o.lane_ex, 1);
    CHECK_EQ(o.lane_done, 0);
    CHECK_EQ(o.conflict, 0);
    /* c2 */
    in.rd_lane = 1;
    o = apply(&c, &st_, &in);
    CHECK_EQ(o.act, TSIMT_FE_ACT_IDLE);
    CHECK_EQ(o.lane_ex, 3);
    CHECK_EQ(o.lane_done, 1);
    CHECK_EQ(o.lane_ready, 1);
    CHECK_EQ(o.ex_threads, 2);
    CHECK_EQ(o.rd_ex_warp, 1);
    CHECK_EQ(o.rd_ex_base, 0);
    CHECK_EQ(o.rd_ex_instr, 0x11);
    CHECK_EQ(o.conf1, 1);
    CHECK_EQ(o.conf2, 0);
    /* c3: lane 1 runs thread 2 (mask 0101) and finishes */
    o = apply(&c, &st_, &in);
    CHECK_EQ(o.lane_ex, 2);
    CHECK_EQ(o.rd_ex_base, 2);
    CHECK_EQ(o.lane_done, 2);
    o = apply(&c, &st_, &in);
    CHECK_EQ(o.lane_ex, 0);
    CHECK_EQ(o.lane_ready, 3);
}

/* Table IV's classes on a hand-made schedule: 4 lanes, one 1-thread
 * instruction each, all issuable at once: 4, 3, 2, 1 lanes request in
 * consecutive cycles, so the classes >= 3, 2, 1 and none occur once each. */
TEST(conflict_counting_schedule)
{
    tsimt_frontend_cfg c = cfg_of(4, 8, 1);
    tsimt_frontend_in in;
    tsimt_frontend_out o;
    static const unsigned expect_conflict[] = {3, 2, 1, 0, 0};
    static const unsigned expect_lane[] = {0, 1, 2, 3};
    unsigned w, cyc;
    tsimt_frontend_reset(&c, &st_);
    for (w = 0; w < 4; w++) {
        in = fill(w, (uint64_t)1 << w, w, 0);
        apply(&c, &st_, &in);
    }
    in = nothing(0xff);
    for (cyc = 0; cyc < 5; cyc++) {
        o = apply(&c, &st_, &in);
        CHECK_EQ(o.conflict, expect_conflict[cyc]);
        CHECK_EQ(o.iss_valid, cyc < 4);
        if (cyc < 4)
            CHECK_EQ(o.iss_lane, expect_lane[cyc]);
    }
    CHECK_EQ(st_.conf1_q, 1);
    CHECK_EQ(st_.conf2_q, 1);
    CHECK_EQ(st_.conf3_q, 1);
    /* a second round with 8 requests queued in pairs: lanes 0 and 1 have two
     * warps each; a 1-thread instruction lets a lane request again right
     * away (hand-over in its only execution cycle) */
    for (w = 0; w < 8; w++)
        if (w % 4 < 2) {
            in = fill(w, 1, w, 0);
            apply(&c, &st_, &in);
        }
    /* rr_q = 0 (after lane 3) and every lane's wp_q = 1 (slot 0 went first),
     * so lane 0 offers warp 4 and lane 1 warp 5 first.
     *   A: req {0,1} -> lane 0, warp 4; lane 1 waits (conflict 1)
     *   B: lane 0 runs its one thread (last cycle: ready, warp 0 waiting)
     *      -> req {0,1}, rr_q = 1 -> lane 1, warp 5 (conflict 1)
     *   C: req {0,1}, rr_q = 2 -> lane 0, warp 0 (conflict 1)
     *   D: req {1} -> lane 1, warp 1 (no conflict) */
    in = nothing(0xff);
    o = apply(&c, &st_, &in);
    CHECK_EQ(o.iss_warp, 4);
    CHECK_EQ(o.conflict, 1);
    o = apply(&c, &st_, &in);
    CHECK_EQ(o.iss_warp, 5);
    CHECK_EQ(o.conflict, 1);
    o = apply(&c, &st_, &in);
    CHECK_EQ(o.iss_warp, 0);
    CHECK_EQ(o.conflict, 1);
    o = apply(&c, &st_, &in);
    CHECK_EQ(o.iss_warp, 1);
    CHECK_EQ(o.conflict, 0);
    CHECK_EQ(st_.conf1_q, 4);
    CHECK_EQ(st_.conf2_q, 1);
    CHECK_EQ(st_.conf3_q, 1);
}

/* The counters saturate at 2^CNT_W - 1. */
TEST(counters_saturate)
{
    tsimt_frontend_cfg c = cfg_of(2, 2, 1);
    tsimt_frontend_in in;
    unsigned i;
    c.cnt_bits = 2;
    tsimt_frontend_reset(&c, &st_);
    for (i = 0; i < 10; i++) {
        /* both lanes request every other cycle: refill both after issue */
        in = fill(i & 1u, 1, 0, 0);
        if (bits_get(st_.ib_v_q, i & 1u))
            in = nothing(0);
        apply(&c, &st_, &in);
        in = fill((i + 1) & 1u, 1, 0, 0);
        if (bits_get(st_.ib_v_q, (i + 1) & 1u))
            in = nothing(0);
        apply(&c, &st_, &in);
        in = nothing(3);
        apply(&c, &st_, &in); /* both request: one conflict */
        in = nothing(3);
        apply(&c, &st_, &in);
    }
    CHECK_EQ(st_.conf1_q, 3);
}

/* Random traffic at several shapes: never a busy lane, every issue on its
 * warp's lane, fairness bounds (a requesting lane is served within LANES
 * cycles; an issuable warp is passed over at most WPL-1 times by its lane),
 * conflict = requests - 1, and every buffered instruction eventually issues. */
TEST(random_traffic_fair_and_safe)
{
    static const unsigned shapes[][3] = {{8, 32, 1}, {1, 32, 1}, {16, 32, 1}, {4, 32, 2},
                                         {2, 32, 4}, {8, 64, 8}, {3, 24, 1}};
    uint64_t x = 0x9e3779b97f4a7c15ull;
    unsigned si;
    for (si = 0; si < sizeof shapes / sizeof shapes[0]; si++) {
        tsimt_frontend_cfg c = cfg_of(shapes[si][0], shapes[si][1], shapes[si][2]);
        unsigned wait_lane[64], passed[64], l, w, cyc, wpl = tsimt_frontend_wpl(&c);
        unsigned max_lane_wait = 0, max_passed = 0;
        uint64_t issued = 0, filled = 0;
        memset(wait_lane, 0, sizeof wait_lane);
        memset(passed, 0, sizeof passed);
        tsimt_frontend_reset(&c, &st_);
        for (cyc = 0; cyc < 20000; cyc++) {
            tsimt_frontend_in in;
            tsimt_frontend_out o;
            uint64_t empty, elig_before;
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            in = nothing(x & (x >> 3) & bits_mask(c.warps)); /* ~1/4 of warps blocked */
            in.sb_ok = bits_mask(c.warps) & ~in.sb_ok;
            empty = bits_mask(c.warps) & ~st_.ib_v_q;
            if (empty && (x >> 40) % 4u != 0u) {
                in.fill_valid = 1;
                in.fill_warp = bits_ffs(empty & (x >> 11 | bits_lowest(empty)));
                in.fill_mask = (x >> 20) & bits_mask(c.warp);
                if (in.fill_mask == 0)
                    in.fill_mask = 1;
                in.fill_instr = x >> 32;
            }
            elig_before = st_.ib_v_q & in.sb_ok;
            o = apply(&c, &st_, &in);
            CHECK_EQ(o.err, 0);
            if (o.err)
                break;
            filled += in.fill_valid;
            CHECK_EQ(o.conflict, bits_popcount(o.lane_req) > 1u
                                     ? (bits_popcount(o.lane_req) - 1u > 3u
                                            ? 3u
                                            : bits_popcount(o.lane_req) - 1u)
                                     : 0u);
            CHECK_EQ(o.iss_valid, o.lane_req != 0u);
            issued += o.iss_valid;
            for (l = 0; l < c.lanes; l++) {
                if (bits_get(o.lane_req, l) && !(o.iss_valid && o.iss_lane == l))
                    wait_lane[l]++;
                else
                    wait_lane[l] = 0;
                if (wait_lane[l] > max_lane_wait)
                    max_lane_wait = wait_lane[l];
            }
            if (o.iss_valid) {
                for (w = 0; w < c.warps; w++) {
                    if (tsimt_frontend_lane_of(&c, w) != o.iss_lane)
                        continue;
                    if (w == o.iss_warp || !bits_get(elig_before, w))
                        passed[w] = 0;
                    else if (++passed[w] > max_passed)
                        max_passed = passed[w];
                }
            }
        }
        CHECK(max_lane_wait <= c.lanes - 1u);
        CHECK(max_passed <= wpl - 1u);
        CHECK_EQ(filled, issued + bits_popcount(st_.ib_v_q)); /* nothing lost */
        CHECK(issued > 1000);
        if (c.lanes > 1)
            CHECK(st_.conf1_q > 0);
    }
}

/* Every lane requesting all the time: strict rotation 0, 1, ..., L-1. */
TEST(round_robin_rotation)
{
    tsimt_frontend_cfg c = cfg_of(8, 32, 1);
    tsimt_frontend_in in;
    tsimt_frontend_out o;
    unsigned w, cyc;
    tsimt_frontend_reset(&c, &st_);
    for (w = 0; w < 32; w++) {
        in = fill(w, 1, w, 0); /* 1-thread instructions: lanes always ready */
        apply(&c, &st_, &in);
    }
    in = nothing(bits_mask(32));
    for (cyc = 0; cyc < 32; cyc++) {
        o = apply(&c, &st_, &in);
        CHECK_EQ(o.iss_lane, cyc % 8);
        /* warp slots of each lane in turn: 0, 8, 16, 24 on lane 0 */
        CHECK_EQ(o.iss_warp, (cyc / 8) * 8 + cyc % 8);
    }
}

/* 002 sec. 5.2: with K = 1 and n active threads per instruction, issue
 * round-robin over L lanes returns to a lane every L cycles, so each lane is
 * busy n of every max(n, L) cycles: core throughput min(n, L) threads per
 * cycle, and a lane hides the issue round only when n >= L.  The fetch
 * refills a slot the cycle after it issued, so every warp always has an
 * instruction (4 warps per lane at L = 8). */
static void issue_round(unsigned L, unsigned warps, unsigned k, unsigned n_groups)
{
    tsimt_frontend_cfg c = cfg_of(L, warps, k);
    tsimt_frontend_in in;
    tsimt_frontend_out o;
    uint64_t mask = 0, threads = 0, lane_busy[64];
    unsigned g, w, cyc, l, warm = 8 * L + 8 * 32, window = 8 * L * (n_groups > L ? n_groups : L);
    unsigned expect_groups = n_groups < L ? n_groups : L;
    for (g = 0; g < n_groups; g++)
        mask |= (uint64_t)1 << (g * k); /* one active thread per aligned group */
    tsimt_frontend_reset(&c, &st_);
    for (w = 0; w < warps; w++) {
        in = fill(w, mask, w, 0);
        apply(&c, &st_, &in);
    }
    memset(lane_busy, 0, sizeof lane_busy);
    for (cyc = 0; cyc < warm + window; cyc++) {
        uint64_t empty = bits_mask(warps) & ~st_.ib_v_q;
        in = nothing(bits_mask(warps));
        if (empty) {
            in.fill_valid = 1;
            in.fill_warp = bits_ffs(empty);
            in.fill_mask = mask;
        }
        o = apply(&c, &st_, &in);
        if (cyc >= warm) {
            threads += o.ex_threads;
            for (l = 0; l < L; l++)
                lane_busy[l] += bits_get(o.lane_ex, l);
        }
    }
    /* n groups of one thread: threads per cycle = groups per cycle */
    CHECK_EQ(threads, (uint64_t)expect_groups * window);
    for (l = 0; l < L; l++) {
        uint64_t want = n_groups >= L ? window : (uint64_t)window / L * n_groups;
        if (lane_busy[l] != want)
            printf("  L=%u K=%u n=%u lane %u busy %llu of %u cycles, want %llu\n", L, k,
                   n_groups, l, (unsigned long long)lane_busy[l], window,
                   (unsigned long long)want);
        CHECK_EQ(lane_busy[l], want);
    }
}

TEST(issue_round_needs_L_threads)
{
    unsigned n;
    for (n = 1; n <= 16; n++)
        issue_round(8, 32, 1, n);
    for (n = 1; n <= 24; n += 3)
        issue_round(16, 32, 1, n);
    for (n = 1; n <= 6; n++)
        issue_round(4, 32, 1, n);
    issue_round(1, 32, 1, 1); /* one lane: always fed */
    /* STSIMT: the same holds for non-empty aligned groups */
    for (n = 1; n <= 8; n++)
        issue_round(4, 32, 4, n);
}

/* Illegal fills: err, HOLD, the whole state (running lanes included) unchanged. */
TEST(illegal_fill_freezes_everything)
{
    tsimt_frontend_cfg c = cfg_of(8, 24, 1);
    tsimt_frontend_in in;
    tsimt_frontend_out o;
    tsimt_frontend_reset(&c, &st_);
    in = fill(3, 0xff, 1, 0);
    apply(&c, &st_, &in);
    in = fill(11, 0xff, 2, 0);
    apply(&c, &st_, &in);
    in = nothing(bits_mask(24));
    o = apply(&c, &st_, &in); /* warp 3 issues to lane 3 */
    CHECK_EQ(o.iss_warp, 3);
    /* lane 3 is running; warp 11 (lane 3) waits in the buffer */
    in = fill(30, 1, 0, bits_mask(24));
    o = apply(&c, &st_, &in);
    CHECK_EQ(o.err_code, TSIMT_FE_ERR_BAD_WARP);
    CHECK_EQ(o.act, TSIMT_FE_ACT_HOLD);
    CHECK_EQ(o.lane_ex, 0);
    CHECK_EQ(o.ex_threads, 0);
    CHECK_EQ(o.iss_valid, 0);
    in = fill(11, 1, 0, bits_mask(24));
    o = apply(&c, &st_, &in);
    CHECK_EQ(o.err_code, TSIMT_FE_ERR_SLOT_FULL);
    in = fill(12, 0, 0, bits_mask(24));
    o = apply(&c, &st_, &in);
    CHECK_EQ(o.err_code, TSIMT_FE_ERR_EMPTY);
    CHECK_EQ(st_.lane[3].pos_q, 0); /* frozen three times at its first thread */
    /* a legal cycle resumes: lane 3 runs thread 0 */
    in = nothing(bits_mask(24));
    in.rd_lane = 3;
    o = apply(&c, &st_, &in);
    CHECK_EQ(o.err, 0);
    CHECK_EQ(o.rd_ex_base, 0);
    CHECK_EQ(o.rd_ex_warp, 3);
    CHECK_EQ(o.rd_act, TSIMT_LANE_ACT_RUN);
}

TEST(cfg_and_map)
{
    tsimt_frontend_cfg c = tsimt_frontend_default_cfg();
    CHECK(tsimt_frontend_cfg_check(&c) == NULL);
    CHECK_EQ(tsimt_frontend_wpl(&c), 4);
    CHECK_EQ(tsimt_frontend_lane_of(&c, 13), 5);
    CHECK_EQ(tsimt_frontend_warp_at(&c, 5, 1), 13);
    c.lanes = 5;
    CHECK(tsimt_frontend_cfg_check(&c) != NULL);
    c.lanes = 16;
    c.width = 3;
    CHECK(tsimt_frontend_cfg_check(&c) != NULL);
    c.width = 8;
    CHECK(tsimt_frontend_cfg_check(&c) == NULL);
    CHECK_EQ(tsimt_frontend_thr_w(&c), 8);
    c.cnt_bits = 0;
    CHECK(tsimt_frontend_cfg_check(&c) != NULL);
    /* the check catches a lane running a warp of another lane */
    c = tsimt_frontend_default_cfg();
    tsimt_frontend_reset(&c, &st_);
    st_.lane[2].busy_q = 1;
    st_.lane[2].mask_q = 1;
    st_.lane[2].warp_q = 3;
    CHECK(tsimt_frontend_check(&c, &st_) != NULL);
    st_.lane[2].warp_q = 10;
    CHECK(tsimt_frontend_check(&c, &st_) == NULL);
}

/* Issue 24 item 3 (002 sec. 3.3: one instruction a cycle): a warp's slot is
 * refilled in the cycle it issues, so one warp of 1-thread instructions
 * issues every cycle (lane 0's hand-over takes each in its last, here only,
 * execution cycle).  A fill into a full slot that does not issue (the
 * scoreboard holds it) is still SLOT_FULL, and a fill into a full slot of
 * a warp other than the issuing one too. */
TEST(refill_on_issue_every_cycle)
{
    tsimt_frontend_cfg c = cfg_of(2, 4, 1);
    tsimt_frontend_in in;
    tsimt_frontend_out o;
    tsimt_frontend_reset(&c, &st_);
    in = fill(0, 0x1, 0x100, 0);
    apply(&c, &st_, &in);
    for (unsigned i = 1; i <= 8; i++) {
        in = fill(0, 0x1, 0x100 + i, 0x1);
        o = apply(&c, &st_, &in);
        CHECK_EQ(o.err, 0);
        CHECK_EQ(o.iss_valid, 1);
        CHECK_EQ(o.iss_warp, 0);
        CHECK_EQ(o.iss_instr, 0x100 + i - 1); /* the previous fill, the next one behind it */
        CHECK_EQ(st_.ib_v_q, 1);
        CHECK_EQ(st_.ib_instr_q[0], 0x100 + i);
    }
    /* warp 0 held by the scoreboard: its full slot cannot take a fill */
    in = fill(0, 0x1, 0x200, 0);
    o = apply(&c, &st_, &in);
    CHECK_EQ(o.err_code, TSIMT_FE_ERR_SLOT_FULL);
    /* warp 2 (lane 0) buffered; warp 0 issues: a fill of warp 2 is refused */
    in = fill(2, 0x3, 0x300, 0);
    apply(&c, &st_, &in);
    in = fill(2, 0x1, 0x301, 0x1);
    o = apply(&c, &st_, &in);
    CHECK_EQ(o.err_code, TSIMT_FE_ERR_SLOT_FULL);
    in = fill(0, 0x1, 0x400, 0x1);
    o = apply(&c, &st_, &in);
    CHECK_EQ(o.err, 0);
    CHECK_EQ(o.iss_warp, 0);
    CHECK_EQ(st_.ib_v_q, 0x5);
}

/* Issue 24 item 3 with 002 sec. 4.1: a refill in the cycle of issue also
 * writes the slot's scalar bit.  One warp issues every cycle with its slot
 * refilled alternately scalar and vector: the issue carries the old bit
 * (iss_scalar), the slot keeps the new one (ib_s_q), and each scalar
 * instruction runs one thread where a vector one runs its whole mask. */
TEST(refill_on_issue_sets_and_clears_scalar)
{
    tsimt_frontend_cfg c = cfg_of(2, 4, 1);
    tsimt_frontend_in in;
    tsimt_frontend_out o;
    unsigned i;
    tsimt_frontend_reset(&c, &st_);
    in = fill(0, 0x1, 0x100, 0); /* vector, one thread */
    apply(&c, &st_, &in);
    CHECK_EQ(st_.ib_s_q, 0);
    for (i = 1; i <= 6; i++) {
        in = fill(0, 0x1, 0x100 + i, 0x1);
        in.fill_scalar = i & 1u; /* scalar, vector, scalar, ... */
        in.rd_lane = 0;
        o = apply(&c, &st_, &in);
        CHECK_EQ(o.err, 0);
        CHECK_EQ(o.iss_valid, 1);
        CHECK_EQ(o.iss_warp, 0);
        CHECK_EQ(o.iss_instr, 0x100 + i - 1);
        CHECK_EQ(o.iss_scalar, (i - 1) & 1u); /* the slot's bit before the edge */
        CHECK_EQ(st_.lane[0].scalar_q, (i - 1) & 1u);
        CHECK_EQ(st_.ib_v_q, 1);
        CHECK_EQ(st_.ib_instr_q[0], 0x100 + i);
        CHECK_EQ(st_.ib_s_q, i & 1u); /* set, then cleared, by the refill */
    }
    /* a scalar refill of a 3-thread slot as it issues a vector one, then the
     * scalar one issues: 3 threads for the vector, 1 for the scalar */
    in = fill(0, 0x7, 0x200, 0x1);
    in.fill_scalar = 1;
    o = apply(&c, &st_, &in); /* 0x105 runs, 0x106 (vector) issues */
    CHECK_EQ(o.iss_scalar, 0);
    CHECK_EQ(st_.ib_s_q, 1);
    in = fill(0, 0x7, 0x201, 0x1);
    in.fill_scalar = 0;
    in.rd_lane = 0;
    o = apply(&c, &st_, &in); /* 0x106 runs its one thread, 0x200 issues */
    CHECK_EQ(o.iss_valid, 1);
    CHECK_EQ(o.iss_instr, 0x200);
    CHECK_EQ(o.iss_scalar, 1);
    CHECK_EQ(st_.ib_s_q, 0);
    in = nothing(0x1);
    in.rd_lane = 0;
    o = apply(&c, &st_, &in); /* 0x200: one cycle, one thread (thread 0) */
    CHECK_EQ(o.rd_ex_scalar, 1);
    CHECK_EQ(o.rd_ex_instr, 0x200);
    CHECK_EQ(o.ex_threads, 1);
    CHECK_EQ(o.lane_done, 1);
    CHECK_EQ(o.iss_valid, 1); /* 0x201 issues at the hand-over */
    CHECK_EQ(o.iss_scalar, 0);
    for (i = 0; i < 3; i++) { /* 0x201: three cycles, one thread each */
        in = nothing(0);
        in.rd_lane = 0;
        o = apply(&c, &st_, &in);
        CHECK_EQ(o.rd_ex_scalar, 0);
        CHECK_EQ(o.rd_ex_instr, 0x201);
        CHECK_EQ(o.ex_threads, 1);
    }
    CHECK_EQ(o.lane_done, 1);
}

/* 002 sec. 4.1 through the front end: a slot filled with fill_scalar
 * issues with iss_scalar and its lane runs it once, for the lowest active
 * thread, in one cycle (one thread in ex_threads); a vector fill of the
 * same slot afterwards runs every thread.  fill_scalar without fill_valid
 * changes nothing; an illegal scalar fill is rejected, state untouched. */
TEST(scalar_issue_runs_once)
{
    tsimt_frontend_cfg c = cfg_of(2, 4, 1);
    tsimt_frontend_in in;
    tsimt_frontend_out o;
    unsigned n;
    tsimt_frontend_reset(&c, &st_);
    /* fill_scalar alone */
    in = nothing(0);
    in.fill_scalar = 1;
    o = apply(&c, &st_, &in);
    CHECK_EQ(o.err, 0);
    CHECK(memcmp(&snap_, &st_, sizeof st_) == 0);
    /* warp 0: scalar, threads 1, 2, 3 */
    in = fill(0, 0xe, 0x20, 0);
    in.fill_scalar = 1;
    o = apply(&c, &st_, &in);
    CHECK_EQ(st_.ib_s_q, 1);
    /* an illegal scalar fill (SLOT_FULL) and an illegal vector fill of a
     * scalar slot: rejected, state untouched (apply compares) */
    in = fill(0, 0x1, 0x21, 0);
    in.fill_scalar = 1;
    o = apply(&c, &st_, &in);
    CHECK_EQ(o.err_code, TSIMT_FE_ERR_SLOT_FULL);
    in.fill_scalar = 0;
    o = apply(&c, &st_, &in);
    CHECK_EQ(o.err_code, TSIMT_FE_ERR_SLOT_FULL);
    CHECK_EQ(st_.ib_s_q, 1);
    in = fill(2, 0, 0x21, 0);
    in.fill_scalar = 1;
    o = apply(&c, &st_, &in);
    CHECK_EQ(o.err_code, TSIMT_FE_ERR_EMPTY);
    /* issue it */
    in = nothing(0xf);
    in.rd_lane = 0;
    o = apply(&c, &st_, &in);
    CHECK_EQ(o.iss_valid, 1);
    CHECK_EQ(o.iss_warp, 0);
    CHECK_EQ(o.iss_scalar, 1);
    CHECK_EQ(o.iss_mask, 0xe);
    CHECK_EQ(st_.lane[0].mask_q, 0x2);
    CHECK_EQ(st_.lane[0].scalar_q, 1);
    /* its one cycle: thread 1, done; meanwhile the slot is refilled as a
     * vector instruction with the same mask */
    in = fill(0, 0xe, 0x22, 0);
    in.rd_lane = 0;
    o = apply(&c, &st_, &in);
    CHECK_EQ(o.lane_ex, 1);
    CHECK_EQ(o.lane_done, 1);
    CHECK_EQ(o.ex_threads, 1);
    CHECK_EQ(o.rd_ex_scalar, 1);
    CHECK_EQ(o.rd_ex_valid, 1);
    CHECK_EQ(o.rd_ex_base, 1);
    CHECK_EQ(o.rd_ex_instr, 0x20);
    CHECK_EQ(st_.ib_s_q, 0);
    /* the vector instruction: three cycles, rd_ex_scalar 0 */
    in = nothing(0xf);
    in.rd_lane = 0;
    o = apply(&c, &st_, &in);
    CHECK_EQ(o.iss_valid, 1);
    CHECK_EQ(o.iss_scalar, 0);
    n = 0;
    do {
        in = nothing(0xf);
        in.rd_lane = 0;
        in.fill_scalar = 1; /* without fill_valid: ignored */
        o = apply(&c, &st_, &in);
        CHECK_EQ(o.rd_ex_scalar, 0);
        CHECK_EQ(o.ex_threads, 1);
        n++;
    } while (!o.lane_done && n < 10);
    CHECK_EQ(n, 3);
    CHECK_EQ(st_.ib_s_q, 0);
}

/* 002 sec. 4 on the front end: the same instruction stream drains sooner
 * when some instructions are scalar, by the threads they no longer run.
 * 2 lanes, 4 warps of 32 threads, full masks, 4 instructions per warp, one
 * fill per cycle (the first empty slot in warp order); in the scalar run
 * every other instruction is scalar.  Threads executed = 32 per vector
 * instruction + 1 per scalar one, exactly. */
static unsigned drain(unsigned scalar_every, uint64_t *threads)
{
    tsimt_frontend_cfg c = cfg_of(2, 4, 1);
    tsimt_frontend_in in;
    tsimt_frontend_out o;
    unsigned left[4] = {4, 4, 4, 4}, cyc, w, busy;
    tsimt_frontend_reset(&c, &st_);
    *threads = 0;
    for (cyc = 0; cyc < 2000; cyc++) {
        in = nothing(0xf);
        for (w = 0; w < 4; w++)
            if (left[w] && !bits_get(st_.ib_v_q, w)) {
                in = fill(w, bits_mask(32), 0x40 + left[w], 0xf);
                in.fill_scalar = scalar_every && left[w] % scalar_every == 0;
                left[w]--;
                break;
            }
        o = apply(&c, &st_, &in);
        *threads += o.ex_threads;
        busy = st_.ib_v_q != 0 || st_.lane[0].busy_q || st_.lane[1].busy_q;
        if (!busy && !left[0] && !left[1] && !left[2] && !left[3])
            break;
    }
    return cyc;
}

TEST(scalar_instructions_drain_sooner)
{
    uint64_t tv, ts;
    unsigned cv = drain(0, &tv), cs = drain(2, &ts);
    printf("  16 instructions of 32 threads: %u cycles; half of them scalar: %u cycles\n", cv, cs);
    CHECK_EQ(tv, 16u * 32u);
    CHECK_EQ(ts, 8u * 32u + 8u);
    CHECK(cs < cv);
    /* two lanes run in parallel: at least half the threads' cycles each */
    CHECK(cv >= 16u * 32u / 2u);
    CHECK(cs >= (8u * 32u + 8u) / 2u);
}

/* The lean pair against eval/step at the design points the co-simulation
 * runs (tb/design_points: small, odd, large; 002's 8 lanes x 32 warps of
 * 32) and shapes the other tests do not reach: lanes above 32, one warp,
 * lanes = warps, WARP not 32 (K divides it), 64 groups per instruction
 * (WARP 64, K 1: the lean ring's longest wait), K > 1 with few threads, a
 * narrow INSTR_W and CNT_W.  Random traffic on every lane, with illegal
 * fills (a warp out of range, a full slot), scalar fills and any rd_lane;
 * apply() compares the lean pair every cycle.  Planted, each fails only
 * this test: lean_time's lane bit of 32 bits (lanes above 32), a ring of
 * 32 (an instruction of 33 groups or more).  The shapes as in
 * tb/design_points (the rest at the defaults). */
TEST(lean_pair_at_design_points)
{
    static const char *const shapes[] = {
        "LANES=1 WARPS=1 WARP=1 K=1 INSTR_W=1 CNT_W=1",     "LANES=6 WARPS=42 WARP=24 K=8 INSTR_W=37 CNT_W=20",
        "LANES=64 WARPS=64 WARP=64 K=64 INSTR_W=64 CNT_W=64", "LANES=8 WARPS=32 WARP=32 K=1",
        "LANES=32 WARPS=64 WARP=64 K=2",                     "LANES=5 WARPS=5 WARP=6 K=2 INSTR_W=7 CNT_W=3",
        "LANES=1 WARPS=7 WARP=64 K=16 CNT_W=9",              "LANES=2 WARPS=2 WARP=1 INSTR_W=1 CNT_W=1",
        "LANES=12 WARPS=36 WARP=20 K=4 INSTR_W=13 CNT_W=5",  "LANES=4 WARPS=8 WARP=64 K=1 INSTR_W=16 CNT_W=8"};
    uint64_t x = 0x2545f4914f6cdd1dull;
    unsigned si;
    for (si = 0; si < sizeof shapes / sizeof shapes[0]; si++) {
        tsimt_frontend_cfg c = tsimt_frontend_default_cfg();
        unsigned cyc, errs = 0, issued = 0;
        if (!CHECK_NO_WHY(params_set_list(&tsimt_frontend_params, &c, shapes[si]), shapes[si]))
            continue;
        tsimt_frontend_reset(&c, &st_);
        for (cyc = 0; cyc < 20000; cyc++) {
            tsimt_frontend_in in;
            tsimt_frontend_out o;
            uint64_t empty;
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            in = nothing(bits_mask(c.warps) & ~(x & (x >> 5)));
            in.rd_lane = (x >> 50) % c.lanes;
            empty = bits_mask(c.warps) & ~st_.ib_v_q;
            if ((x >> 40) % 16u == 0u) { /* illegal: out of range or a full slot */
                in.fill_valid = 1;
                in.fill_warp = (x >> 44) % 2u && st_.ib_v_q ? bits_ffs(st_.ib_v_q)
                                                            : c.warps + (x >> 45) % 3u;
                in.fill_mask = bits_mask(c.warp);
            } else if (empty && (x >> 40) % 4u != 0u) {
                /* the first empty slot from a uniform random warp on, so
                 * that every lane gets work (lowest-first keeps it low) */
                const uint64_t from = empty & ~bits_mask((unsigned)((x >> 11) % c.warps));
                in.fill_valid = 1;
                in.fill_warp = bits_ffs(from ? from : empty);
                in.fill_mask = (x >> 20 | x << 44) & bits_mask(c.warp);
                if (in.fill_mask == 0)
                    in.fill_mask = 1;
                in.fill_instr = (x >> 7) & bits_mask(c.instr_bits);
                in.fill_scalar = (x >> 33) % 8u == 0u;
            }
            if (in.fill_warp > bits_mask(tsimt_frontend_wid_w(&c)))
                in.fill_warp &= bits_mask(tsimt_frontend_wid_w(&c)); /* the port's width */
            o = apply(&c, &st_, &in);
            errs += (unsigned)(o.err != 0u);
            issued += (unsigned)o.iss_valid;
        }
        CHECK(issued > 1000u);
        if (c.warps < bits_mask(tsimt_frontend_wid_w(&c)) + 1u || st_.ib_v_q)
            CHECK(errs > 0u);
    }
}

/* The quiet-cycle helpers (tsimt_frontend.h, lean_wait and lean_idle; the
 * SM model's quiet hook): from states of random traffic, n idle cycles
 * (nothing filled, sb_ok 0) stepped one by one by the lean pair leave the
 * lean record lean_idle(n) gives, byte for byte, and each lane is first
 * ready (idle or in its last group) after lean_wait of them. */
TEST(lean_idle_and_wait_match_idle_steps)
{
    static const unsigned shapes[][3] = {{8, 32, 1}, {64, 64, 1}, {2, 32, 4}, {3, 24, 1}};
    static tsimt_frontend_state s, s2;
    uint64_t x = 0x2545f4914f6cdd1dull;
    unsigned long compared = 0, waits = 0;
    for (unsigned si = 0; si < sizeof shapes / sizeof shapes[0]; si++) {
        const tsimt_frontend_cfg c = cfg_of(shapes[si][0], shapes[si][1], shapes[si][2]);
        tsimt_frontend_lean z, z2, z3;
        tsimt_frontend_out o;
        tsimt_frontend_reset(&c, &s);
        tsimt_frontend_lean_init(&c, &s, &z);
        for (unsigned cyc = 0; cyc < 3000; cyc++) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            tsimt_frontend_in in = nothing(bits_mask(c.warps) & ~(x & (x >> 3)));
            const uint64_t empty = bits_mask(c.warps) & ~s.ib_v_q;
            if (empty && (x >> 40) % 4u != 0u) {
                in.fill_valid = 1;
                in.fill_warp = bits_ffs(empty & (x >> 11 | bits_lowest(empty)));
                in.fill_mask = (x >> 20) & bits_mask(c.warp);
                in.fill_mask = in.fill_mask ? in.fill_mask : 1u;
                in.fill_instr = x >> 32;
            }
            tsimt_frontend_eval_lean(&c, &s, &z, &in, &o);
            tsimt_frontend_step_lean(&c, &s, &z, &in, &o);
            if (cyc % 5u)
                continue;
            /* n idle cycles, one by one, on copies */
            const unsigned n = 1u + (unsigned)(x >> 50) % 90u;
            uint64_t wait[TSIMT_FE_MAX_LANES], seen = 0;
            s2 = s;
            z2 = z;
            const tsimt_frontend_in idle = nothing(0);
            for (unsigned k = 0; k <= n; k++) {
                const uint64_t ready = z2.lastm | (~z2.busy & bits_mask(c.lanes));
                for (uint64_t r = ready & ~seen; r; r &= r - 1u)
                    wait[bits_ffs(r)] = k;
                seen |= ready;
                if (k == n)
                    break;
                tsimt_frontend_eval_lean(&c, &s2, &z2, &idle, &o);
                CHECK(!o.iss_valid && !o.err && !o.nx_fill);
                tsimt_frontend_step_lean(&c, &s2, &z2, &idle, &o);
            }
            CHECK(memcmp(&s2, &s, sizeof s) == 0);
            z3 = z;
            tsimt_frontend_lean_idle(&z3, n);
            CHECK(memcmp(&z3, &z2, sizeof z2) == 0);
            for (unsigned l = 0; l < c.lanes; l++)
                if (seen >> l & 1u) {
                    CHECK_EQ(tsimt_frontend_lean_wait(&c, &s, &z, l), wait[l]);
                    waits += wait[l] != 0;
                } else {
                    CHECK(tsimt_frontend_lean_wait(&c, &s, &z, l) > n);
                }
            compared++;
        }
    }
    printf("  %lu idle stretches compared, %lu lane waits > 0\n", compared, waits);
    CHECK(compared > 2000u && waits > 1000u);
}

/* Run last: apply() ran the lean pair beside the full one mostly from
 * cycle to cycle, not from a fresh lean_init each time. */
TEST(lean_pair_ran_beside)
{
    printf("  lean pair: %lu cycles, %lu starts\n", lean_cycles_, lean_inits_);
    CHECK(lean_cycles_ > 100000u);
    CHECK(lean_inits_ * 90u < lean_cycles_);
}

int main(int argc, char **argv)
{
    test_args(argc, argv);
    RUN(worked_example);
    RUN(conflict_counting_schedule);
    RUN(counters_saturate);
    RUN(random_traffic_fair_and_safe);
    RUN(round_robin_rotation);
    RUN(issue_round_needs_L_threads);
    RUN(illegal_fill_freezes_everything);
    RUN(refill_on_issue_every_cycle);
    RUN(cfg_and_map);
    RUN(scalar_issue_runs_once);
    RUN(refill_on_issue_sets_and_clears_scalar);
    RUN(scalar_instructions_drain_sooner);
    RUN(lean_pair_at_design_points);
    RUN(lean_idle_and_wait_match_idle_steps);
    RUN(lean_pair_ran_beside);
    return test_summary();
}
