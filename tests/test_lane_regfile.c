/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_lane_regfile.c -- golden and unit tests of the banked per-lane
 * register file (rtl_c/lane_regfile).  After every event of the golden
 * examples the outputs (grant, stall, rvalid, read data, conflicts) and the
 * bank entries touched are asserted; illegal input is checked to leave the
 * whole state bit for bit unchanged.
 */
#include <stdlib.h>
#include <string.h>

#include "../rtl_c/bits.h"
#include "../rtl_c/lane_regfile.h"
#include "check.h"

/* 4 lanes, 8 rows, 2 registers per thread: 4 slots, 16 threads. */
static lane_regfile_cfg small_cfg(void)
{
    lane_regfile_cfg c = lane_regfile_default_cfg();
    c.lanes = 4;
    c.entries = 8;
    c.regs = 2;
    return c;
}

static lane_regfile_in req(unsigned mode, uint64_t valid)
{
    lane_regfile_in in;
    memset(&in, 0, sizeof in);
    in.mode = mode;
    in.lane_valid = valid;
    return in;
}

/* One cycle: eval, clock edge, invariants.  Returns the outputs. */
static lane_regfile_out cycle(const lane_regfile_cfg *c, lane_regfile_state *s,
                              const lane_regfile_in *in)
{
    lane_regfile_out o, ol;
    lane_regfile_state *sl = malloc(sizeof *sl);
    const char *why;
    CHECK(sl != NULL);
    memcpy(sl, s, sizeof *sl);
    lane_regfile_eval(c, s, in, &o);
    /* timing only (lane_regfile_eval_lean, step_lean): on every input
     * without an err the same ports but rdata and the same next state but
     * the data */
    memcpy(&ol, &o, sizeof ol);
    lane_regfile_eval_lean(c, sl, in, &ol);
    if (!o.err)
        CHECK(lane_regfile_lean_same(&ol, &o));
    lane_regfile_step(c, s, in, &o);
    if (!o.err) {
        lane_regfile_step_lean(c, sl, &ol);
        CHECK(lane_regfile_lean_state_same(sl, s));
    }
    free(sl);
    why = lane_regfile_check(c, s);
    if (why)
        printf("  invariant: %s\n", why);
    CHECK(why == NULL);
    return o;
}

/* The outputs of the current state with an idle request (read data). */
static lane_regfile_out peek(const lane_regfile_cfg *c, const lane_regfile_state *s)
{
    lane_regfile_in in = req(LRF_MODE_PER_LANE, 0);
    lane_regfile_out o;
    lane_regfile_eval(c, s, &in, &o);
    return o;
}

/* A static warp (all lanes in slot `slot`) writes register `reg`, then reads
 * it back, in `mode`. */
static void static_warp_roundtrip(unsigned mode, unsigned swz)
{
    lane_regfile_cfg c = small_cfg();
    lane_regfile_state s;
    lane_regfile_in in;
    lane_regfile_out o;
    unsigned l, slot = 3, reg = 1;
    lane_regfile_reset(&c, &s);

    in = req(mode, 0xf);
    in.swizzle = swz;
    for (l = 0; l < 4; l++) {
        in.tid[l] = lane_regfile_tid_at(&c, slot, l, swz);
        in.wdata[l] = 0x100u + l;
    }
    in.wen = 0xf;
    in.ra0 = in.ra1 = in.wa = reg;
    o = cycle(&c, &s, &in);
    CHECK_EQ(o.err, 0);
    CHECK_EQ(o.grant, 0xf);
    CHECK_EQ(o.stall, 0);
    for (l = 0; l < 4; l++) /* lane l's thread lives in bank l, row 3*2+1 */
        CHECK_EQ(s.mem[l][slot * 2 + reg], 0x100u + l);
    o = peek(&c, &s); /* read-first: the old value (0) */
    CHECK_EQ(o.rvalid, 0xf);
    for (l = 0; l < 4; l++)
        CHECK_EQ(o.rdata0[l], 0);

    in.wen = 0;
    o = cycle(&c, &s, &in);
    CHECK_EQ(o.err, 0);
    o = peek(&c, &s);
    CHECK_EQ(o.rvalid, 0xf);
    for (l = 0; l < 4; l++) {
        CHECK_EQ(o.rdata0[l], 0x100u + l);
        CHECK_EQ(o.rdata1[l], 0x100u + l);
    }
    CHECK_EQ(o.conflicts, 0);
}

TEST(golden_static_warp_every_mode)
{
    static_warp_roundtrip(LRF_MODE_SINGLE, 0);
    static_warp_roundtrip(LRF_MODE_PER_LANE, 0);
    static_warp_roundtrip(LRF_MODE_CROSSBAR, 0);
    static_warp_roundtrip(LRF_MODE_SINGLE, 1); /* slot 3 is odd: swizzled lanes */
    static_warp_roundtrip(LRF_MODE_PER_LANE, 1);
    static_warp_roundtrip(LRF_MODE_CROSSBAR, 1);
}

/* Lane-aware dynamic warp: lane l holds a thread of slot l (its own row). */
TEST(golden_lane_aware_dynamic_warp)
{
    lane_regfile_cfg c = small_cfg();
    lane_regfile_state s, before;
    lane_regfile_in in;
    lane_regfile_out o;
    unsigned l;
    lane_regfile_reset(&c, &s);

    in = req(LRF_MODE_PER_LANE, 0xf);
    for (l = 0; l < 4; l++) {
        in.tid[l] = 4u * l + l; /* slot l, column l: homed in lane l */
        in.wdata[l] = 0xa0u + l;
    }
    in.wen = 0xf;
    in.wa = 0;
    in.ra0 = 1;
    o = cycle(&c, &s, &in);
    CHECK_EQ(o.err, 0);
    CHECK_EQ(o.grant, 0xf);
    CHECK_EQ(o.stall, 0);
    for (l = 0; l < 4; l++) /* each bank written at its own row: slot l * 2 + 0 */
        CHECK_EQ(s.mem[l][2u * l], 0xa0u + l);

    /* the same warp on the single-decoder file: rejected, nothing changes */
    in.mode = LRF_MODE_SINGLE;
    in.wdata[0] = 0x55;
    before = s;
    o = cycle(&c, &s, &in);
    CHECK_EQ(o.err, 1);
    CHECK_EQ(o.err_code, LRF_ERR_ROW_MISMATCH);
    CHECK_EQ(o.grant, 0);
    CHECK(memcmp(&before, &s, sizeof s) == 0);

    /* read it back per lane */
    in.mode = LRF_MODE_PER_LANE;
    in.wen = 0;
    in.ra0 = 0;
    cycle(&c, &s, &in);
    o = peek(&c, &s);
    for (l = 0; l < 4; l++)
        CHECK_EQ(o.rdata0[l], 0xa0u + l);
}

/* The header's worked example: two threads homed in bank 1, crossbar mode:
 * 2 cycles, one conflict, nothing lost or reordered. */
TEST(golden_crossbar_two_threads_one_bank)
{
    lane_regfile_cfg c = small_cfg();
    lane_regfile_state s;
    lane_regfile_in in;
    lane_regfile_out o;
    lane_regfile_reset(&c, &s);
    s.mem[1][0] = 0x11; /* tid 1, register 0 */
    s.mem[1][2] = 0x55; /* tid 5, register 0 */
    s.mem[2][0] = 0x22;
    s.mem[3][2] = 0x77;

    in = req(LRF_MODE_CROSSBAR, 0xf);
    in.tid[0] = 1;
    in.tid[1] = 5;
    in.tid[2] = 2;
    in.tid[3] = 7;
    in.ra0 = in.ra1 = 0;
    in.wa = 1;
    in.wen = 0xf;
    in.wdata[0] = 0xd0;
    in.wdata[1] = 0xd1;
    in.wdata[2] = 0xd2;
    in.wdata[3] = 0xd3;

    o = cycle(&c, &s, &in); /* cycle 0 */
    CHECK_EQ(o.err, 0);
    CHECK_EQ(o.grant, 0xd); /* lanes 0, 2, 3 */
    CHECK_EQ(o.stall, 1);
    CHECK_EQ(o.conflicts, 0);
    CHECK_EQ(s.done_q, 0xd);
    CHECK_EQ(s.mem[1][1], 0xd0); /* tid 1 row 1 */
    CHECK_EQ(s.mem[2][1], 0xd2);
    CHECK_EQ(s.mem[3][3], 0xd3);
    CHECK_EQ(s.mem[1][3], 0);    /* tid 5 not yet */

    o = cycle(&c, &s, &in); /* cycle 1: the same request */
    CHECK_EQ(o.err, 0);
    CHECK_EQ(o.grant, 0x2);
    CHECK_EQ(o.stall, 0);
    CHECK_EQ(o.rvalid, 0xd);
    CHECK_EQ(o.rdata0[0], 0x11);
    CHECK_EQ(o.rdata0[1], 0);
    CHECK_EQ(o.rdata0[2], 0x22);
    CHECK_EQ(o.rdata0[3], 0x77);
    CHECK_EQ(s.mem[1][3], 0xd1);
    CHECK_EQ(s.done_q, 0);
    CHECK_EQ(s.conflicts_q, 1);

    o = peek(&c, &s); /* cycle 2 */
    CHECK_EQ(o.rvalid, 0x2);
    CHECK_EQ(o.rdata0[1], 0x55); /* from bank 1 through the crossbar */
    CHECK_EQ(o.rdata1[1], 0x55);
    CHECK_EQ(o.rdata0[0], 0);
    CHECK_EQ(o.conflicts, 1);
    CHECK_EQ(s.rsel_q[1], 1);
}

/* k threads homed in one bank take k cycles and add k - 1 conflicts, served
 * in lane order. */
TEST(crossbar_k_threads_serialize_in_lane_order)
{
    lane_regfile_cfg c = lane_regfile_default_cfg(); /* 16 lanes, 16 slots */
    lane_regfile_state s;
    lane_regfile_in in;
    lane_regfile_out o;
    unsigned k, i, l;
    uint32_t total = 0;
    lane_regfile_reset(&c, &s);
    for (k = 1; k <= 16; k++) {
        in = req(LRF_MODE_CROSSBAR, bits_mask(k));
        for (l = 0; l < k; l++)
            in.tid[l] = 16u * l + 5u; /* slot l, all homed in bank 5 */
        in.wen = bits_mask(k);
        in.wa = 3;
        for (l = 0; l < k; l++)
            in.wdata[l] = 1000u * k + l;
        for (i = 0; i < k; i++) {
            o = cycle(&c, &s, &in);
            CHECK_EQ(o.err, 0);
            CHECK_EQ(o.grant, (uint64_t)1 << i);
            CHECK_EQ(o.stall, i + 1u < k);
            if (i > 0) {
                CHECK_EQ(o.rvalid, (uint64_t)1 << (i - 1u));
            }
        }
        total += k - 1u;
        CHECK_EQ(s.conflicts_q, total);
        for (l = 0; l < k; l++)
            CHECK_EQ(s.mem[5][32u * l + 3u], 1000u * k + l);
    }
    /* the counter wraps at 32 bits */
    s.conflicts_q = 0xffffffffu;
    in = req(LRF_MODE_CROSSBAR, 0x3);
    in.tid[0] = 0;
    in.tid[1] = 16;
    cycle(&c, &s, &in);
    cycle(&c, &s, &in);
    CHECK_EQ(s.conflicts_q, 0);
}

/* 004 Fig. 6: a large warp of 32 threads (8 rows x 4 columns) on a 4-wide
 * SIMD; each cycle the first active thread of each column forms a sub-warp:
 * one thread per column, each at its own row.  per_lane serves every
 * sub-warp in one cycle; the single-decoder file rejects the mixed ones. */
TEST(golden_large_warp_subwarps_004_fig6)
{
    lane_regfile_cfg c = small_cfg();
    lane_regfile_state s;
    lane_regfile_in in;
    lane_regfile_out o;
    /* active mask, row r = static warp r (threads 4r..4r+3), column = lane */
    uint64_t active[8] = {0x5, 0xa, 0x3, 0x1, 0xc, 0x1, 0x8, 0x6};
    unsigned n = 0, mixed = 0, r, l;
    c.entries = 16; /* 8 slots x 2 registers */
    lane_regfile_reset(&c, &s);
    for (r = 0; r < 8; r++)
        for (l = 0; l < 4; l++)
            s.mem[l][r * 2u] = 0x1000u + 4u * r + l; /* register 0 of thread 4r+l */
    for (;;) {
        lane_regfile_in single;
        unsigned rows_used = 0;
        int first_row = -1;
        in = req(LRF_MODE_PER_LANE, 0);
        for (l = 0; l < 4; l++) {
            for (r = 0; r < 8; r++) {
                if (bits_get(active[r], l)) {
                    active[r] &= ~((uint64_t)1 << l);
                    in.lane_valid |= (uint64_t)1 << l;
                    in.tid[l] = 4u * r + l;
                    if (first_row >= 0 && (unsigned)first_row != r)
                        rows_used = 2;
                    if (first_row < 0)
                        first_row = (int)r;
                    break;
                }
            }
        }
        if (in.lane_valid == 0)
            break;
        n++;
        single = in;
        single.mode = LRF_MODE_SINGLE;
        lane_regfile_eval(&c, &s, &single, &o);
        CHECK_EQ(o.err_code, rows_used == 2 ? LRF_ERR_ROW_MISMATCH : LRF_ERR_NONE);
        mixed += rows_used == 2;
        o = cycle(&c, &s, &in);
        CHECK_EQ(o.err, 0);
        CHECK_EQ(o.stall, 0);
        CHECK_EQ(o.grant, in.lane_valid);
        o = peek(&c, &s);
        for (l = 0; l < 4; l++)
            if (bits_get(in.lane_valid, l))
                CHECK_EQ(o.rdata0[l], 0x1000u + in.tid[l]);
    }
    CHECK_EQ(n, 4);     /* 13 active threads, at most 4 per column: 4 sub-warps */
    CHECK(mixed >= 3);  /* rows differ within the sub-warps */
}

TEST(swizzle_maps_odd_warps_to_swapped_lanes)
{
    lane_regfile_cfg c = small_cfg();
    lane_regfile_state s, before;
    lane_regfile_in in;
    lane_regfile_out o;
    unsigned l;
    CHECK_EQ(lane_regfile_home(&c, 4, 0), 0); /* slot 1, column 0 */
    CHECK_EQ(lane_regfile_home(&c, 4, 1), 1); /* swizzled */
    CHECK_EQ(lane_regfile_home(&c, 5, 1), 0);
    CHECK_EQ(lane_regfile_home(&c, 2, 1), 2); /* even warp: not swizzled */
    CHECK_EQ(lane_regfile_tid_at(&c, 1, 0, 1), 5);
    CHECK_EQ(lane_regfile_row(&c, 5, 1), 3);
    lane_regfile_reset(&c, &s);
    /* an odd static warp placed unswizzled is in the wrong lanes */
    in = req(LRF_MODE_SINGLE, 0xf);
    in.swizzle = 1;
    for (l = 0; l < 4; l++)
        in.tid[l] = 4u + l;
    before = s;
    o = cycle(&c, &s, &in);
    CHECK_EQ(o.err_code, LRF_ERR_WRONG_LANE);
    CHECK(memcmp(&before, &s, sizeof s) == 0);
    /* in crossbar mode it is legal: swapped pairs cross, no conflict */
    in.mode = LRF_MODE_CROSSBAR;
    in.wen = 0xf;
    in.wdata[0] = 0x40;
    o = cycle(&c, &s, &in);
    CHECK_EQ(o.err, 0);
    CHECK_EQ(o.stall, 0);
    CHECK_EQ(s.mem[1][2], 0x40); /* tid 4 lives in bank 1, row 2 */
    CHECK_EQ(s.rsel_q[0], 1);
    /* one lane: swizzle has no effect */
    c.lanes = 1;
    CHECK_EQ(lane_regfile_home(&c, 1, 1), 0);
}

TEST(read_during_write_is_read_first)
{
    lane_regfile_cfg c = small_cfg();
    lane_regfile_state s;
    lane_regfile_in in;
    lane_regfile_out o;
    lane_regfile_reset(&c, &s);
    s.mem[2][1] = 0x0d; /* tid 2, register 1 */
    in = req(LRF_MODE_PER_LANE, 0x4);
    in.tid[2] = 2;
    in.ra0 = 1; /* read the register being written */
    in.ra1 = 0;
    in.wa = 1;
    in.wen = 0x4;
    in.wdata[2] = 0x0e;
    o = cycle(&c, &s, &in);
    CHECK_EQ(o.err, 0);
    CHECK_EQ(s.mem[2][1], 0x0e);
    o = peek(&c, &s);
    CHECK_EQ(o.rvalid, 0x4);
    CHECK_EQ(o.rdata0[2], 0x0d); /* old value */
    in.wen = 0;
    cycle(&c, &s, &in);
    o = peek(&c, &s);
    CHECK_EQ(o.rdata0[2], 0x0e); /* new value from the next cycle on */
}

/* A lane that is not valid is ignored: its tid may be anything, its write
 * enable does nothing.  An idle cycle clears rvalid. */
TEST(invalid_lanes_and_idle_cycles)
{
    lane_regfile_cfg c = small_cfg();
    lane_regfile_state s;
    lane_regfile_in in;
    lane_regfile_out o;
    lane_regfile_reset(&c, &s);
    in = req(LRF_MODE_SINGLE, 0x1);
    in.tid[0] = 0;
    in.tid[1] = 15;   /* another row and lane: ignored */
    in.tid[2] = 0;    /* a duplicate: ignored */
    in.tid[3] = 0x3f; /* out of range: ignored */
    in.wen = 0xf;
    in.wdata[0] = 7;
    in.wdata[1] = 8;
    o = cycle(&c, &s, &in);
    CHECK_EQ(o.err, 0);
    CHECK_EQ(o.grant, 0x1);
    CHECK_EQ(s.mem[0][0], 7);
    CHECK_EQ(s.mem[3][6], 0); /* tid 15 not written */
    /* wa out of range is legal when no valid lane writes */
    in.wen = 0x2;
    in.wa = 5;
    o = cycle(&c, &s, &in);
    CHECK_EQ(o.err, 0);
    in = req(LRF_MODE_CROSSBAR, 0);
    in.tid[0] = 3;
    o = cycle(&c, &s, &in); /* idle */
    CHECK_EQ(o.err, 0);
    CHECK_EQ(o.grant, 0);
    CHECK_EQ(o.rvalid, 0x1);
    CHECK_EQ(peek(&c, &s).rvalid, 0);
}

static void expect_rejected(const lane_regfile_cfg *c, lane_regfile_state *s,
                            const lane_regfile_in *in, unsigned code, unsigned stall)
{
    lane_regfile_state before = *s;
    lane_regfile_out o0 = peek(c, s);
    lane_regfile_out o = cycle(c, s, in);
    CHECK_EQ(o.err, 1);
    CHECK_EQ(o.err_code, code);
    CHECK_EQ(o.grant, 0);
    CHECK_EQ(o.stall, stall);
    CHECK(memcmp(&before, s, sizeof before) == 0);
    /* the read outputs repeat: the rejected request read nothing */
    o = peek(c, s);
    CHECK_EQ(o.rvalid, o0.rvalid);
    CHECK(memcmp(o.rdata0, o0.rdata0, sizeof o.rdata0) == 0);
}

TEST(illegal_input_raises_err_and_changes_nothing)
{
    lane_regfile_cfg c = small_cfg();
    lane_regfile_state s;
    lane_regfile_in ok, in;
    unsigned l;
    lane_regfile_reset(&c, &s);
    ok = req(LRF_MODE_SINGLE, 0xf);
    for (l = 0; l < 4; l++) {
        ok.tid[l] = 8u + l;
        ok.wdata[l] = 0x30u + l;
    }
    ok.wen = 0xf;
    ok.wa = 1;
    CHECK_EQ(cycle(&c, &s, &ok).err, 0);

    in = ok;
    in.mode = LRF_MODE_BAD;
    expect_rejected(&c, &s, &in, LRF_ERR_BAD_MODE, 0);
    in = ok;
    in.tid[2] = 16; /* THREADS = 16 */
    expect_rejected(&c, &s, &in, LRF_ERR_BAD_TID, 0);
    in.mode = LRF_MODE_CROSSBAR;
    in.tid[2] = 0x1f; /* the largest id the 5-bit port can carry */
    expect_rejected(&c, &s, &in, LRF_ERR_BAD_TID, 0);
    in = ok;
    in.ra0 = 2; /* REGS = 2 */
    expect_rejected(&c, &s, &in, LRF_ERR_BAD_REG, 0);
    in = ok;
    in.ra1 = 7;
    expect_rejected(&c, &s, &in, LRF_ERR_BAD_REG, 0);
    in = ok;
    in.wa = 3;
    expect_rejected(&c, &s, &in, LRF_ERR_BAD_REG, 0);
    in = ok;
    in.tid[1] = 8; /* thread 8 is homed in lane 0 */
    in.mode = LRF_MODE_PER_LANE;
    expect_rejected(&c, &s, &in, LRF_ERR_WRONG_LANE, 0);
    in.mode = LRF_MODE_SINGLE;
    expect_rejected(&c, &s, &in, LRF_ERR_WRONG_LANE, 0);
    in.mode = LRF_MODE_CROSSBAR; /* crossbar: a thread in two lanes */
    expect_rejected(&c, &s, &in, LRF_ERR_DUP_TID, 0);
    in.wen = 0; /* also with reads only */
    expect_rejected(&c, &s, &in, LRF_ERR_DUP_TID, 0);
    in = ok;
    in.tid[3] = 3; /* homed in lane 3 but slot 0, the others slot 2 */
    expect_rejected(&c, &s, &in, LRF_ERR_ROW_MISMATCH, 0);
    in.mode = LRF_MODE_PER_LANE; /* fine per lane */
    CHECK_EQ(cycle(&c, &s, &in).err, 0);
    /* a truncated port value: mode 7 is mode 3 on the 2-bit port */
    in = ok;
    in.mode = 7;
    expect_rejected(&c, &s, &in, LRF_ERR_BAD_MODE, 0);
}

/* A crossbar request in progress must be presented again unchanged. */
TEST(busy_request_must_not_change)
{
    lane_regfile_cfg c = small_cfg();
    lane_regfile_state s;
    lane_regfile_in in, bad;
    lane_regfile_out o;
    lane_regfile_reset(&c, &s);
    in = req(LRF_MODE_CROSSBAR, 0x7);
    in.tid[0] = 1;
    in.tid[1] = 5;
    in.tid[2] = 9; /* three threads homed in bank 1 */
    o = cycle(&c, &s, &in);
    CHECK_EQ(o.grant, 0x1);
    CHECK_EQ(o.stall, 1);
    bad = in;
    bad.mode = LRF_MODE_PER_LANE;
    expect_rejected(&c, &s, &bad, LRF_ERR_BUSY_CHANGE, 1);
    bad = in;
    bad.swizzle = 1;
    expect_rejected(&c, &s, &bad, LRF_ERR_BUSY_CHANGE, 1);
    bad = in;
    bad.lane_valid = 0x6; /* lane 0 was served: dropping it changes the request */
    expect_rejected(&c, &s, &bad, LRF_ERR_BUSY_CHANGE, 1);
    bad.lane_valid = 0;
    expect_rejected(&c, &s, &bad, LRF_ERR_BUSY_CHANGE, 1);
    bad.lane_valid = 0x3; /* lane 2 still waits: dropping it would lose it */
    expect_rejected(&c, &s, &bad, LRF_ERR_BUSY_CHANGE, 1);
    bad.lane_valid = 0x5; /* lane 1 waits too */
    expect_rejected(&c, &s, &bad, LRF_ERR_BUSY_CHANGE, 1);
    bad.lane_valid = 0xf; /* a lane added to the request */
    bad.tid[3] = 3;
    expect_rejected(&c, &s, &bad, LRF_ERR_BUSY_CHANGE, 1);
    bad = in;
    bad.mode = LRF_MODE_BAD; /* BAD_MODE comes first */
    expect_rejected(&c, &s, &bad, LRF_ERR_BAD_MODE, 1);
    o = cycle(&c, &s, &in);
    CHECK_EQ(o.grant, 0x2);
    CHECK_EQ(o.stall, 1);
    bad = in;
    bad.lane_valid = 0x3; /* lanes 0, 1 served, lane 2 waits: still rejected */
    expect_rejected(&c, &s, &bad, LRF_ERR_BUSY_CHANGE, 1);
    o = cycle(&c, &s, &in);
    CHECK_EQ(o.grant, 0x4);
    CHECK_EQ(o.stall, 0);
    CHECK_EQ(s.conflicts_q, 2);
    CHECK_EQ(s.done_q, 0);
}

TEST(reset_clears_the_registers)
{
    lane_regfile_cfg c = small_cfg();
    lane_regfile_state s;
    lane_regfile_reset(&c, &s);
    CHECK_EQ(s.rvalid_q, 0);
    CHECK_EQ(s.done_q, 0);
    CHECK_EQ(s.conflicts_q, 0);
    CHECK_EQ(s.mem[3][7], 0);
    CHECK_EQ(peek(&c, &s).rvalid, 0);
}

TEST(cfg_check_names_the_field)
{
    lane_regfile_cfg c = lane_regfile_default_cfg();
    CHECK(lane_regfile_cfg_check(&c) == NULL);
    CHECK_EQ(c.lanes, 16);
    CHECK_EQ(c.entries, 512);
    CHECK_EQ(c.width, 32);
    CHECK_EQ(c.regs, 32);
    CHECK_EQ(c.read_ports, 2);
    CHECK_EQ(c.write_ports, 1);
    CHECK_EQ(lane_regfile_slots(&c), 16);
    CHECK_EQ(lane_regfile_threads(&c), 256);
    CHECK_EQ(lane_regfile_tid_w(&c), 13);
    CHECK_EQ(lane_regfile_row_w(&c), 9);
    CHECK_EQ(lane_regfile_lane_w(&c), 4);
    c.lanes = 12;
    CHECK(lane_regfile_cfg_check(&c) && strstr(lane_regfile_cfg_check(&c), "lanes"));
    c.lanes = 64;
    CHECK(lane_regfile_cfg_check(&c) && strstr(lane_regfile_cfg_check(&c), "lanes"));
    c = lane_regfile_default_cfg();
    c.entries = 1;
    CHECK(lane_regfile_cfg_check(&c) && strstr(lane_regfile_cfg_check(&c), "entries"));
    c.entries = LANE_REGFILE_MAX_ENTRIES + 1;
    CHECK(lane_regfile_cfg_check(&c) && strstr(lane_regfile_cfg_check(&c), "entries"));
    c = lane_regfile_default_cfg();
    c.width = 33;
    CHECK(lane_regfile_cfg_check(&c) && strstr(lane_regfile_cfg_check(&c), "width"));
    c = lane_regfile_default_cfg();
    c.regs = 513;
    CHECK(lane_regfile_cfg_check(&c) && strstr(lane_regfile_cfg_check(&c), "regs"));
    c.regs = 0;
    CHECK(lane_regfile_cfg_check(&c) && strstr(lane_regfile_cfg_check(&c), "regs"));
    c = lane_regfile_default_cfg();
    c.read_ports = 1;
    CHECK(lane_regfile_cfg_check(&c) && strstr(lane_regfile_cfg_check(&c), "read_ports"));
    c = lane_regfile_default_cfg();
    c.write_ports = 2;
    CHECK(lane_regfile_cfg_check(&c) && strstr(lane_regfile_cfg_check(&c), "write_ports"));
    c = lane_regfile_default_cfg();
    c.lanes = 1;
    c.entries = 2;
    c.regs = 2;
    CHECK(lane_regfile_cfg_check(&c) == NULL);
}

/* Issue 24 item 16: every paper's register file, one bank per lane.  000:
 * 16 lanes x 512 rows, 32 registers per thread (256 threads); 002: 64 KB
 * over 8 lanes = 2048 rows, 16 registers (1024 threads); 003: 32768
 * registers over 32 lanes = 1024 rows, 21 registers (48 slots: 1536
 * threads); 004: 64 KB over 32 lanes = 512 rows, 16 registers (1024
 * threads).  Each must be legal and hold the paper's threads; the last of
 * them writes its last register (the top rows of its banks) and reads it
 * back, per lane.  Before the fix ENTRIES was at most 1024 and 002's file
 * was refused. */
TEST(paper_register_files)
{
    static const unsigned p[][4] = {
        {16, 512, 32, 256}, {8, 2048, 16, 1024}, {32, 1024, 21, 1536}, {32, 512, 16, 1024}};
    unsigned k;
    for (k = 0; k < 4; k++) {
        lane_regfile_cfg c = lane_regfile_default_cfg();
        static lane_regfile_state s;
        lane_regfile_in in;
        lane_regfile_out o;
        unsigned l, slot, reg;
        c.lanes = p[k][0];
        c.entries = p[k][1];
        c.regs = p[k][2];
        CHECK(lane_regfile_cfg_check(&c) == NULL);
        if (lane_regfile_cfg_check(&c) != NULL)
            continue;
        CHECK(lane_regfile_threads(&c) >= p[k][3]);
        slot = p[k][3] / c.lanes - 1u; /* the paper's last static warp */
        reg = c.regs - 1u;
        lane_regfile_reset(&c, &s);
        in = req(LRF_MODE_PER_LANE, bits_mask(c.lanes));
        for (l = 0; l < c.lanes; l++) {
            in.tid[l] = lane_regfile_tid_at(&c, slot, l, 0);
            in.wdata[l] = 0xA000u + l;
        }
        in.wen = bits_mask(c.lanes);
        in.ra0 = in.ra1 = in.wa = reg;
        o = cycle(&c, &s, &in);
        CHECK_EQ(o.err, 0);
        for (l = 0; l < c.lanes; l++)
            CHECK_EQ(s.mem[l][slot * c.regs + reg], 0xA000u + l);
        in.wen = 0;
        CHECK_EQ(cycle(&c, &s, &in).err, 0);
        o = peek(&c, &s);
        for (l = 0; l < c.lanes; l++)
            CHECK_EQ(o.rdata0[l], 0xA000u + l);
    }
}

/* The invariant checker must be able to fail. */
TEST(check_catches_corruption)
{
    lane_regfile_cfg c = small_cfg();
    lane_regfile_state s, good;
    lane_regfile_reset(&c, &s);
    c.entries = 7; /* 3 slots x 2 registers: row 6 is unused */
    good = s;
    CHECK(lane_regfile_check(&c, &s) == NULL);
    s.rvalid_q = 0x10;
    CHECK(lane_regfile_check(&c, &s) != NULL);
    s = good;
    s.done_q = 0x20;
    CHECK(lane_regfile_check(&c, &s) != NULL);
    s = good;
    s.swz_q = 2;
    CHECK(lane_regfile_check(&c, &s) != NULL);
    s = good;
    s.rsel_q[3] = 4;
    CHECK(lane_regfile_check(&c, &s) != NULL);
    s = good;
    c.width = 8;
    s.mem[1][2] = 0x100;
    CHECK(lane_regfile_check(&c, &s) != NULL);
    s = good;
    s.rd1_q[0] = 0x100;
    CHECK(lane_regfile_check(&c, &s) != NULL);
    s = good;
    s.mem[2][6] = 1; /* an unused row written */
    CHECK(lane_regfile_check(&c, &s) != NULL);
}

static unsigned n_in, n_out, w_sum;
static void count_port(void *ctx, const char *name, unsigned width, const uint64_t *value,
                       enum port_dir dir)
{
    (void)ctx;
    (void)name;
    (void)value;
    if (dir == PORT_IN)
        n_in++;
    else
        n_out++;
    w_sum += width;
}

TEST(ports_visit_every_lane)
{
    lane_regfile_cfg c = lane_regfile_default_cfg();
    lane_regfile_in in;
    lane_regfile_out o;
    memset(&in, 0, sizeof in);
    memset(&o, 0, sizeof o);
    n_in = n_out = w_sum = 0;
    lane_regfile_ports(&c, &in, &o, count_port, NULL);
    CHECK_EQ(n_in, 3 + 16 + 3 + 3 + 1 + 16);
    CHECK_EQ(n_out, 5 + 16 + 16 + 1);
    /* the Verilog port widths: 2+1+16+16*13+3*9+3+16+16*32, 1+4+1+16+16+2*16*32+32 */
    CHECK_EQ(w_sum, (2 + 1 + 16 + 208 + 27 + 3 + 16 + 512) + (1 + 4 + 1 + 16 + 16 + 1024 + 32));
    CHECK(strcmp(lane_regfile_err_name(LRF_ERR_DUP_TID), "DUP_TID") == 0);
    CHECK(strcmp(lane_regfile_err_name(LRF_ERR_SCALAR_WRITE), "SCALAR_WRITE") == 0);
    CHECK(strcmp(lane_regfile_mode_name(LRF_MODE_CROSSBAR), "CROSSBAR") == 0);
    CHECK(strcmp(lane_regfile_err_name(10), "?") == 0);
}

/* Random legal and illegal traffic against a plain reference model of the
 * memory: every read, every entry, and the conflict count. */
TEST(random_traffic_matches_reference)
{
    lane_regfile_cfg c = small_cfg();
    static lane_regfile_state s, before;
    static uint32_t ref[4][16];
    uint64_t x = 99991, exp_valid = 0, exp_d0[4] = {0}, exp_d1[4] = {0};
    unsigned i, l, k, b, r, bad = 0, errs = 0, stalls = 0, mode = 0, conf = 0;
    lane_regfile_in in;
    int busy = 0;
    unsigned pass_of[4], pass = 0, npass = 1;
    c.entries = 16; /* 8 slots, 32 threads */
    lane_regfile_reset(&c, &s);
    memset(ref, 0, sizeof ref);
    memset(&in, 0, sizeof in);
    for (i = 0; i < 60000u && bad < 5; i++) {
        lane_regfile_out o;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        if (!busy) {
            if (i % 500u == 0)
                mode = (mode + 1u) % 3u;
            in = req(mode, (x >> 4) & 0xfu);
            in.swizzle = (i / 1500u) & 1u;
            for (l = 0; l < 4; l++) {
                unsigned slot = (unsigned)((x >> (8 + 4 * l)) % 8u);
                if (mode == LRF_MODE_SINGLE)
                    slot = (unsigned)((x >> 8) % 8u);
                in.tid[l] = mode == LRF_MODE_CROSSBAR ? (x >> (24 + 5 * l)) % 32u
                                                       : lane_regfile_tid_at(&c, slot, l,
                                                                             (unsigned)in.swizzle);
                in.wdata[l] = (x >> (3 * l)) & 0xffffffffu;
            }
            in.ra0 = (x >> 44) & 1u;
            in.ra1 = (x >> 45) & 1u;
            in.wa = (x >> 46) & 1u;
            in.wen = (x >> 48) & 0xfu;
            if ((x >> 52) % 40u == 0)
                in.ra0 = 2u + (x >> 56) % 14u; /* out of range */
            if ((x >> 52) % 40u == 1)
                in.mode = 3;
        }
        before = s;
        lane_regfile_eval(&c, &s, &in, &o);
        lane_regfile_step(&c, &s, &in, &o);
        if (lane_regfile_check(&c, &s) != NULL) {
            printf("  step %u: %s\n", i, lane_regfile_check(&c, &s));
            bad++;
        }
        /* the read data of this cycle is what the reference read last cycle */
        if (o.rvalid != exp_valid)
            bad++;
        for (l = 0; l < 4; l++)
            if (bits_get(exp_valid, l) && (o.rdata0[l] != exp_d0[l] || o.rdata1[l] != exp_d1[l]))
                bad++;
        if (o.conflicts != conf)
            bad++;
        if (o.err) {
            errs++;
            bad += memcmp(&before, &s, sizeof s) != 0;
            continue;
        }
        if (!busy) { /* a new request: the reference schedule */
            pass = 0;
            npass = 1;
            for (l = 0; l < 4; l++) {
                pass_of[l] = 0;
                for (k = 0; k < l; k++)
                    if (bits_get(in.lane_valid, k) && bits_get(in.lane_valid, l) &&
                        lane_regfile_home(&c, in.tid[k], (unsigned)in.swizzle) ==
                            lane_regfile_home(&c, in.tid[l], (unsigned)in.swizzle))
                        pass_of[l]++;
                if (pass_of[l] + 1u > npass)
                    npass = pass_of[l] + 1u;
            }
        }
        exp_valid = 0;
        for (l = 0; l < 4; l++) {
            if (!bits_get(in.lane_valid, l) || pass_of[l] != pass)
                continue;
            exp_valid |= (uint64_t)1 << l;
            b = lane_regfile_home(&c, in.tid[l], (unsigned)in.swizzle);
            exp_d0[l] = ref[b][lane_regfile_row(&c, in.tid[l], in.ra0)];
            exp_d1[l] = ref[b][lane_regfile_row(&c, in.tid[l], in.ra1)];
            if (bits_get(in.wen, l))
                ref[b][lane_regfile_row(&c, in.tid[l], in.wa)] = (uint32_t)in.wdata[l];
        }
        if (o.grant != exp_valid)
            bad++;
        pass++;
        busy = pass < npass;
        if (o.stall != (unsigned)busy)
            bad++;
        stalls += (unsigned)busy;
        conf += (unsigned)busy;
        for (b = 0; b < 4; b++)
            for (r = 0; r < 16; r++)
                if (s.mem[b][r] != ref[b][r])
                    bad++;
    }
    CHECK_EQ(bad, 0);
    printf("  %u steps, %u rejected, %u stall cycles\n", i, errs, stalls);
    CHECK(errs > 1000);   /* illegal input was exercised ... */
    CHECK(stalls > 1000); /* ... and so were conflicts */
}

/* 002 sec. 4.1's scalar addressing mode: where scalar registers live.  The
 * slot count is the most slots whose vector registers and scalar registers
 * (SREGS rows per LANES slots) fit. */
TEST(scalar_rows_and_slots)
{
    lane_regfile_cfg c = small_cfg(); /* 4 lanes, 8 rows, 2 registers */
    CHECK_EQ(lane_regfile_slots(&c), 4); /* SREGS = 0: ENTRIES / REGS */
    c.sregs = 1; /* 3 slots: 6 vector rows, 1 scalar row in each bank */
    CHECK(lane_regfile_cfg_check(&c) == NULL);
    CHECK_EQ(lane_regfile_slots(&c), 3);
    CHECK_EQ(lane_regfile_threads(&c), 12);
    CHECK_EQ(lane_regfile_srow(&c, 2, 0), 6);
    CHECK_EQ(lane_regfile_sbank(&c, 2), 2);
    c.entries = 20;
    c.sregs = 2; /* two groups of 4 slots x 2 rows + 2 scalar rows */
    CHECK_EQ(lane_regfile_slots(&c), 8);
    CHECK_EQ(lane_regfile_srow(&c, 5, 1), 16 + 2 + 1);
    CHECK_EQ(lane_regfile_sbank(&c, 5), 1);
    c.sregs = 19; /* REGS + SREGS > ENTRIES: one warp does not fit */
    CHECK(lane_regfile_cfg_check(&c) && strstr(lane_regfile_cfg_check(&c), "sregs"));
    /* 002's 64 KB file over 8 lanes (2048 rows): 24.2 registers per thread
     * before scalarization (25: 81 warps' worth of slots, 648 threads),
     * 17.6 vector + 9.0 scalar after (l.1121-1122; 18 + 9: 106 slots, 848
     * threads): the denser packing holds more warps */
    c = lane_regfile_default_cfg();
    c.lanes = 8;
    c.entries = 2048;
    c.regs = 25;
    CHECK_EQ(lane_regfile_slots(&c), 81);
    c.regs = 18;
    c.sregs = 9;
    CHECK_EQ(lane_regfile_slots(&c), 106);
    CHECK(lane_regfile_slots(&c) * c.regs + (lane_regfile_slots(&c) + 7u) / 8u * c.sregs <= 2048u);
}

/* A static warp (slot 2 of the small file with SREGS = 1: threads 8..11,
 * scalar register 0 at bank 2 row 6): one lane writes the warp's scalar
 * register (a scalar instruction: one active thread), then every lane reads
 * it on port 0 beside its own vector register on port 1 (the broadcast);
 * a scalar write during the read returns the old value (read-first); another
 * warp's scalar register is another entry. */
TEST(golden_scalar_register_002)
{
    lane_regfile_cfg c = small_cfg();
    lane_regfile_state s;
    lane_regfile_in in;
    lane_regfile_out o;
    unsigned l;
    c.sregs = 1;
    lane_regfile_reset(&c, &s);
    /* vector register 1 of each thread: 0x10 + lane */
    in = req(LRF_MODE_SINGLE, 0xf);
    for (l = 0; l < 4; l++) {
        in.tid[l] = 8u + l;
        in.wdata[l] = 0x10u + l;
    }
    in.wen = 0xf;
    in.wa = 1;
    CHECK_EQ(cycle(&c, &s, &in).err, 0);
    /* lane 1 writes scalar register 0 */
    in.wa = 0;
    in.wa_s = 1;
    in.wen = 0x2;
    in.wdata[1] = 0xab;
    o = cycle(&c, &s, &in);
    CHECK_EQ(o.err, 0);
    CHECK_EQ(o.grant, 0xf);
    CHECK_EQ(s.mem[2][6], 0xab);
    CHECK_EQ(s.mem[1][4 + 0], 0); /* thread 9's vector register 0: untouched */
    CHECK_EQ(s.mem[1][4 + 1], 0x11);
    /* every lane: scalar 0 on port 0, its vector register 1 on port 1; lane 3
     * writes the scalar register in the same cycle */
    in.ra0_s = 1;
    in.ra0 = 0;
    in.ra1 = 1;
    in.wen = 0x8;
    in.wdata[3] = 0xcd;
    o = cycle(&c, &s, &in);
    CHECK_EQ(o.err, 0);
    o = peek(&c, &s);
    CHECK_EQ(o.rvalid, 0xf);
    for (l = 0; l < 4; l++) {
        CHECK_EQ(o.rdata0[l], 0xab); /* read-first: the old value, in every lane */
        CHECK_EQ(o.rdata1[l], 0x10u + l);
    }
    CHECK_EQ(s.mem[2][6], 0xcd);
    /* both ports scalar, lane-aware per_lane mode, no write */
    in.mode = LRF_MODE_PER_LANE;
    in.ra1_s = 1;
    in.ra1 = 0;
    in.wen = 0;
    CHECK_EQ(cycle(&c, &s, &in).err, 0);
    o = peek(&c, &s);
    for (l = 0; l < 4; l++) {
        CHECK_EQ(o.rdata0[l], 0xcd);
        CHECK_EQ(o.rdata1[l], 0xcd);
    }
    /* warp 0 (threads 0..3): its scalar register 0 is bank 0 row 6 */
    in = req(LRF_MODE_SINGLE, 0x1);
    in.tid[0] = 0;
    in.wa_s = 1;
    in.wen = 0x1;
    in.wdata[0] = 0x5;
    CHECK_EQ(cycle(&c, &s, &in).err, 0);
    CHECK_EQ(s.mem[0][6], 0x5);
    CHECK_EQ(s.mem[2][6], 0xcd);
}

TEST(scalar_illegal_input_raises_err_and_changes_nothing)
{
    lane_regfile_cfg c = small_cfg();
    lane_regfile_state s;
    lane_regfile_in ok, in;
    unsigned l;
    c.sregs = 1;
    lane_regfile_reset(&c, &s);
    ok = req(LRF_MODE_SINGLE, 0xf);
    for (l = 0; l < 4; l++) {
        ok.tid[l] = 4u + l; /* slot 1 */
        ok.wdata[l] = 0x20u + l;
    }
    ok.ra0_s = 1;
    ok.wa_s = 1;
    ok.wen = 0x4;
    CHECK_EQ(cycle(&c, &s, &ok).err, 0);
    CHECK_EQ(s.mem[1][6], 0x22);

    in = ok;
    in.ra0 = 1; /* SREGS = 1 */
    expect_rejected(&c, &s, &in, LRF_ERR_BAD_REG, 0);
    in = ok;
    in.wa = 1;
    expect_rejected(&c, &s, &in, LRF_ERR_BAD_REG, 0);
    in.wen = 0; /* nobody writes: wa is a don't-care */
    CHECK_EQ(cycle(&c, &s, &in).err, 0);
    in = ok;
    in.wen = 0x5; /* two writers of one scalar register */
    expect_rejected(&c, &s, &in, LRF_ERR_SCALAR_WRITE, 0);
    in.wen = 0x5 & ~in.lane_valid; /* ... on invalid lanes: ignored */
    in.lane_valid = 0xa;
    CHECK_EQ(cycle(&c, &s, &in).err, 0);
    in = ok;
    in.tid[3] = 3; /* slot 0 beside slot 1 */
    in.mode = LRF_MODE_PER_LANE;
    expect_rejected(&c, &s, &in, LRF_ERR_SCALAR_WARP, 0);
    in.mode = LRF_MODE_CROSSBAR;
    expect_rejected(&c, &s, &in, LRF_ERR_SCALAR_WARP, 0);
    in.mode = LRF_MODE_SINGLE; /* single_decoder: the row mismatch first */
    expect_rejected(&c, &s, &in, LRF_ERR_ROW_MISMATCH, 0);
    in.mode = LRF_MODE_PER_LANE; /* vector operands only: a dynamic warp is fine */
    in.ra0_s = 0;
    in.wa_s = 0;
    CHECK_EQ(cycle(&c, &s, &in).err, 0);
    in.wa_s = 1; /* a scalar destination, written by one lane, mixed warps */
    expect_rejected(&c, &s, &in, LRF_ERR_SCALAR_WARP, 0);
    /* SREGS = 0 (the old configuration): every scalar operand is out of range */
    c.sregs = 0;
    lane_regfile_reset(&c, &s);
    in = ok;
    for (l = 0; l < 4; l++)
        in.tid[l] = 8u + l;
    in.wa_s = 0;
    expect_rejected(&c, &s, &in, LRF_ERR_BAD_REG, 0);
    in.ra0_s = 0;
    in.ra1_s = 1;
    expect_rejected(&c, &s, &in, LRF_ERR_BAD_REG, 0);
    in.ra1_s = 0;
    in.wa_s = 1;
    expect_rejected(&c, &s, &in, LRF_ERR_BAD_REG, 0);
    in.wa_s = 0;
    CHECK_EQ(cycle(&c, &s, &in).err, 0);
}

/* lane_regfile_clear_used (the SM model's keep of a run's state): after
 * random traffic, legal and not, in every mode, with and without scalar
 * rows, every byte is 0 again; a state stepped lean only needs its control
 * registers cleared (lean_only), one stepped in full does not (its banks
 * were written, which lean_only leaves). */
TEST(clear_used_after_random_traffic)
{
    static lane_regfile_state full, lean, t;
    static const lane_regfile_state zero;
    unsigned k;
    for (k = 0; k < 3; k++) {
        lane_regfile_cfg c = small_cfg();
        uint64_t x = 0x2545f4914f6cdd1dull + k;
        unsigned i, l, legal = 0, writes = 0;
        c.entries = 16;
        c.sregs = k; /* 0, 1, 2 scalar rows */
        if (k == 2) {
            c.lanes = 8;
            c.entries = 40;
        }
        CHECK(lane_regfile_cfg_check(&c) == NULL);
        lane_regfile_reset(&c, &full);
        lane_regfile_reset(&c, &lean);
        lane_regfile_in in;
        int busy = 0;
        for (i = 0; i < 20000u; i++) {
            lane_regfile_out o, ol;
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            if (!busy) { /* else the request in progress is presented again */
                in = req((unsigned)(x % 3u), (x >> 2) & bits_mask(c.lanes));
                in.swizzle = (x >> 10) & 1u;
                const unsigned slot = (unsigned)((x >> 12) % lane_regfile_slots(&c));
                for (l = 0; l < c.lanes; l++) {
                    in.tid[l] = lane_regfile_tid_at(&c, slot, l, (unsigned)in.swizzle);
                    if ((x >> (20 + l)) % 5u == 0)
                        in.tid[l] = (x >> (24 + l)) % lane_regfile_threads(&c);
                    in.wdata[l] = x >> l;
                }
                in.ra0 = (x >> 30) % c.regs;
                in.ra1 = (x >> 32) % c.regs;
                in.wa = (x >> 34) % c.regs;
                in.ra0_s = c.sregs && (x >> 36) % 4u == 0;
                in.ra1_s = c.sregs && (x >> 38) % 4u == 0;
                in.wa_s = c.sregs && (x >> 40) % 8u == 0;
                in.wen = (x >> 42) & bits_mask(c.lanes);
                if (in.wa_s)
                    in.wen &= 0 - in.wen; /* one writing lane */
            }
            lane_regfile_eval(&c, &full, &in, &o);
            lane_regfile_step(&c, &full, &in, &o);
            lane_regfile_eval_lean(&c, &lean, &in, &ol);
            lane_regfile_step_lean(&c, &lean, &ol);
            legal += !o.err;
            busy = !o.err && o.stall;
            writes += !o.err && (o.d_wen & o.grant);
        }
        printf("  sregs %u, lanes %u: %u legal, %u with writes\n", c.sregs, c.lanes, legal, writes);
        CHECK(legal > 2000u && writes > 1000u);
        t = full;
        lane_regfile_clear_used(&c, &t, 0);
        CHECK(memcmp(&t, &zero, sizeof t) == 0);
        t = full;
        lane_regfile_clear_used(&c, &t, 1); /* the banks are left */
        CHECK(memcmp(&t, &zero, sizeof t) != 0);
        t = lean;
        lane_regfile_clear_used(&c, &t, 1);
        CHECK(memcmp(&t, &zero, sizeof t) == 0);
    }
}

TEST(reset_is_all_zero)
{
    lane_regfile_cfg c = lane_regfile_default_cfg();
    RESET_IS_ALL_ZERO(lane_regfile_reset, &c, lane_regfile_state);
}

int main(int argc, char **argv)
{
    test_args(argc, argv);
    RUN(golden_static_warp_every_mode);
    RUN(golden_lane_aware_dynamic_warp);
    RUN(golden_crossbar_two_threads_one_bank);
    RUN(crossbar_k_threads_serialize_in_lane_order);
    RUN(golden_large_warp_subwarps_004_fig6);
    RUN(swizzle_maps_odd_warps_to_swapped_lanes);
    RUN(read_during_write_is_read_first);
    RUN(invalid_lanes_and_idle_cycles);
    RUN(illegal_input_raises_err_and_changes_nothing);
    RUN(busy_request_must_not_change);
    RUN(reset_clears_the_registers);
    RUN(cfg_check_names_the_field);
    RUN(paper_register_files);
    RUN(check_catches_corruption);
    RUN(ports_visit_every_lane);
    RUN(random_traffic_matches_reference);
    RUN(scalar_rows_and_slots);
    RUN(golden_scalar_register_002);
    RUN(scalar_illegal_input_raises_err_and_changes_nothing);
    RUN(reset_is_all_zero);
    RUN(clear_used_after_random_traffic);
    return test_summary();
}
