/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_lwm_subwarp.c -- unit and golden tests of the LWM sub-warping unit
 * (rtl_c/lwm_subwarp, 004 sec. 3.1, Fig. 4-6, sec. 3.4).
 *
 * Every cycle goes through apply(): eval, clock edge (step with the eval's
 * output), lwm_subwarp_check, and for an err cycle a byte compare showing the
 * state did not change.  Sub-warp counts are compared with an independent
 * count (the busiest column, counted here), and every emitted sub-warp is
 * checked: one thread per column, in its home lane, each active thread of
 * the instruction exactly once.
 */
#include <string.h>

#include "../rtl_c/bits.h"
#include "../rtl_c/lwm_subwarp.h"
#include "check.h"

static lwm_subwarp_cfg cfg_of(unsigned lw, unsigned k, unsigned n)
{
    lwm_subwarp_cfg c = lwm_subwarp_default_cfg(); /* (merge: MERGE's default, 1) */
    c.large_warps = lw;
    c.rows = k;
    c.cols = n;
    c.depth = 8;
    c.pc_bits = 16;
    CHECK(lwm_subwarp_cfg_check(&c) == NULL);
    return c;
}

static lwm_subwarp_out apply(const lwm_subwarp_cfg *c, lwm_subwarp_state *s,
                             const lwm_subwarp_in *in)
{
    lwm_subwarp_out o;
    lwm_subwarp_state before = *s;
    const char *why;
    lwm_subwarp_eval(c, s, in, &o);
    {
        /* what tb/simt/mech_lwm.c relies on, every cycle: the pick (the
         * emitted sub-warp, fetch_stall) reads no input, and with no input
         * on an idle unit the answer is a function of the state and the
         * step changes nothing */
        static const lwm_subwarp_in none;
        lwm_subwarp_out o0;
        memset(&o0, 0, sizeof o0);
        lwm_subwarp_eval(c, s, &none, &o0);
        if (!o.err) {
            CHECK_EQ(o.sw_valid, o0.sw_valid);
            CHECK_EQ(o.sw_warp, o0.sw_warp);
            CHECK_EQ(o.sw_cols, o0.sw_cols);
            CHECK(memcmp(o.sw_rows, o0.sw_rows, sizeof o.sw_rows) == 0);
            CHECK_EQ(o.sw_first, o0.sw_first);
            CHECK_EQ(o.sw_branch, o0.sw_branch);
            CHECK_EQ(o.sw_jump, o0.sw_jump);
            CHECK_EQ(o.fetch_stall, o0.fetch_stall);
        }
        if (!s->busy_q) {
            lwm_subwarp_state t = *s;
            lwm_subwarp_out o1;
            memset(&o1, 0, sizeof o1);
            lwm_subwarp_eval(c, &t, &none, &o1);
            CHECK(memcmp(&o0, &o1, sizeof o0) == 0);
            lwm_subwarp_step(c, &t, &none, &o0);
            CHECK(memcmp(&t, s, sizeof t) == 0);
        }
    }
    lwm_subwarp_step(c, s, in, &o);
    why = lwm_subwarp_check(c, s);
    if (why)
        printf("  invariant: %s\n", why);
    CHECK(why == NULL);
    if (o.err)
        CHECK(memcmp(&before, s, sizeof *s) == 0);
    CHECK_EQ(o.err, o.err_code != LWM_ERR_NONE);
    return o;
}

/* Makes `mask` the TOS of large warp w (one entry at pc 1, exit 1000), as
 * a LAUNCH would, unless it already is: the sub-warping tests below fetch
 * instructions of given masks; the stack tests launch for real. */
static void load(lwm_subwarp_state *s, unsigned w, const uint64_t *mask)
{
    if (s->sp_q[w] >= 1u && memcmp(s->mask_q[w][s->sp_q[w] - 1u], mask, sizeof s->mask_q[w][0]) == 0)
        return;
    s->sp_q[w] = 1;
    s->pc_q[w][0] = 1;
    s->rpc_q[w][0] = 1000;
    memcpy(s->mask_q[w][0], mask, sizeof s->mask_q[w][0]);
}

/* A fetch of large warp w (kind; OP: next pc = TOS pc + 1; BRANCH: target
 * 50, fall-through TOS pc + 1, reconvergence 60; JUMP: target 40). */
static lwm_subwarp_in fetch(lwm_subwarp_state *s, unsigned w, unsigned kind, const uint64_t *mask)
{
    lwm_subwarp_in in;
    memset(&in, 0, sizeof in);
    if (mask && w < LWM_MAX_LW && kind != LWM_LAUNCH)
        load(s, w, mask);
    in.f_valid = 1;
    in.f_warp = w;
    in.f_kind = kind;
    in.f_pc = kind == LWM_JUMP ? 40 : 50;
    in.f_npc = (w < LWM_MAX_LW && s->sp_q[w] ? s->pc_q[w][s->sp_q[w] - 1u] : 0) + 1u;
    in.f_rpc = 60;
    if (mask)
        memcpy(in.f_mask, mask, sizeof in.f_mask);
    return in;
}

static lwm_subwarp_in nothing(void)
{
    lwm_subwarp_in in;
    memset(&in, 0, sizeof in);
    return in;
}

/* Resets the unit and launches large warp 0 as {1, mask0 (the first mask
 * word), 1000}. */
static void launch_at_1(const lwm_subwarp_cfg *c, lwm_subwarp_state *s, uint64_t mask0)
{
    uint64_t m[LWM_WORDS];
    lwm_subwarp_in in;
    memset(m, 0, sizeof m);
    m[0] = mask0;
    lwm_subwarp_reset(c, s);
    in = fetch(s, 0, LWM_LAUNCH, m);
    in.f_pc = 1;
    in.f_rpc = 1000;
    CHECK_EQ(apply(c, s, &in).f_act, LWM_ST_LAUNCH);
}

/* The completion of an emitted sub-warp (taken: per column). */
static void complete(lwm_subwarp_in *in, const lwm_subwarp_out *sw, uint64_t taken)
{
    in->c_valid = 1;
    in->c_warp = sw->sw_warp;
    in->c_cols = sw->sw_cols;
    memcpy(in->c_rows, sw->sw_rows, sizeof in->c_rows);
    in->c_first = sw->sw_first;
    in->c_branch = sw->sw_branch;
    in->c_taken = sw->sw_branch ? taken & sw->sw_cols : 0;
}

static unsigned rowsel(const lwm_subwarp_cfg *c, const uint64_t *rows, unsigned col)
{
    unsigned rw = lwm_subwarp_row_w(c), b, r = 0;
    for (b = 0; b < rw; b++)
        r |= lwm_bit(rows, col * rw + b) << b;
    return r;
}

/* Independent count: the largest number of active threads in one column. */
static unsigned busiest(const lwm_subwarp_cfg *c, const uint64_t *mask)
{
    unsigned col, best = 0;
    for (col = 0; col < c->cols; col++) {
        unsigned r, n = 0;
        for (r = 0; r < c->rows; r++)
            if ((mask[(r * c->cols + col) / 64] >> ((r * c->cols + col) % 64)) & 1u)
                n++;
        best = n > best ? n : best;
    }
    return best;
}

static uint64_t lcg(uint64_t *x)
{
    *x = *x * 6364136223846793005ull + 1442695040888963407ull;
    return *x >> 11;
}

/* Fetches `mask` (OP) on an idle unit and collects its sub-warps, nothing
 * completing meanwhile; checks each sub-warp and that every active thread is
 * packed exactly once.  Returns the number of cycles with a sub-warp. */
static unsigned breakdown(const lwm_subwarp_cfg *c, lwm_subwarp_state *s, unsigned w,
                          const uint64_t *mask)
{
    uint64_t seen[LWM_WORDS];
    lwm_subwarp_in in = fetch(s, w, LWM_OP, mask);
    lwm_subwarp_out o = apply(c, s, &in);
    unsigned n = 0, col, guard = 0;
    CHECK_EQ(o.nx_accept, 1);
    memset(seen, 0, sizeof seen);
    do {
        in = nothing();
        o = apply(c, s, &in);
        CHECK_EQ(o.sw_valid, 1); /* nothing in flight: a sub-warp every cycle */
        CHECK_EQ(o.sw_warp, w);
        CHECK_EQ(o.sw_first, n == 0);
        for (col = 0; col < c->cols; col++)
            if ((o.sw_cols >> col) & 1u) {
                unsigned i = rowsel(c, o.sw_rows, col) * c->cols + col;
                CHECK(lwm_bit(mask, i));  /* an active thread, in its home lane */
                CHECK(!lwm_bit(seen, i)); /* packed once */
                lwm_set(seen, i, 1);
            }
        n++;
        CHECK_EQ(o.fetch_stall, o.act != LWM_ACT_LAST);
    } while (o.act != LWM_ACT_LAST && ++guard < 100);
    CHECK(memcmp(seen, mask, sizeof seen) == 0); /* every active thread */
    return n;
}

/* lwm_subwarp_rows_split (the unit's decoding of c_rows, mech_lwm's of
 * sw_rows) against rowsel column by column: every K (ROW_W 1..4) at N = 1,
 * 7, 32, 33, 64; rows ports of one row (the fast path), of random rows,
 * and with garbage in the fields of columns outside the mask. */
TEST(rows_split_equals_per_column_fields)
{
    static const unsigned ns[] = {1, 7, 32, 33, 64};
    uint64_t x = 7;
    unsigned k, ni, it, one_row = 0, mixed = 0;
    for (k = 1; k <= 16; k++)
        for (ni = 0; ni < sizeof ns / sizeof ns[0]; ni++) {
            if (k * ns[ni] > LWM_MAX_BITS)
                continue;
            lwm_subwarp_cfg c = cfg_of(1, k, ns[ni]);
            const unsigned rw = lwm_subwarp_row_w(&c), n = c.cols;
            for (it = 0; it < 300; it++) {
                uint64_t rows[4] = {lcg(&x), lcg(&x), lcg(&x), lcg(&x)}, rm[16], seen = 0;
                uint64_t cols = bits_trunc(lcg(&x) ^ (lcg(&x) << 32), n);
                unsigned col, b, found, r0 = (unsigned)(lcg(&x) % (1u << rw));
                if (it % 3 == 0) /* one row in every column of cols */
                    for (col = 0; col < n; col++)
                        if (bits_get(cols, col))
                            for (b = 0; b < rw; b++)
                                lwm_set(rows, col * rw + b, (r0 >> b) & 1u);
                found = lwm_subwarp_rows_split(&c, rows, cols, rm);
                for (col = 0; col < n; col++) {
                    unsigned r = rowsel(&c, rows, col);
                    if (!bits_get(cols, col))
                        continue;
                    CHECK(r < 16 && ((found >> r) & 1u));
                    CHECK(r < 16 && ((rm[r] >> col) & 1u));
                }
                for (b = 0; b < 16; b++)
                    if ((found >> b) & 1u) {
                        CHECK(rm[b] != 0 && (rm[b] & ~cols) == 0 && (rm[b] & seen) == 0);
                        seen |= rm[b];
                    }
                CHECK_EQ(seen, cols);
                CHECK_EQ(found == 0, cols == 0);
                one_row += bits_popcount(found) == 1;
                mixed += bits_popcount(found) > 1;
            }
        }
    CHECK(one_row > 1000 && mixed > 1000); /* both paths taken */
}

TEST(storage_from_cfg_is_004_sec34)
{
    lwm_subwarp_cfg c = lwm_subwarp_default_cfg();
    CHECK_EQ(c.large_warps, 4);
    CHECK_EQ(c.rows, 8);
    CHECK_EQ(c.cols, 32);
    CHECK_EQ(lwm_subwarp_copy_bits(&c), 256);
    CHECK_EQ(lwm_subwarp_buffer_bits(&c), 512);
    CHECK_EQ(lwm_subwarp_inflight_bits(&c), 1024);
    CHECK_EQ(lwm_subwarp_copy_bits(&c) + lwm_subwarp_buffer_bits(&c) +
                 lwm_subwarp_inflight_bits(&c),
             1792);
    c.rows = 16;
    c.cols = 64;
    CHECK(lwm_subwarp_cfg_check(&c) == NULL);
    c.rows = 17;
    CHECK(lwm_subwarp_cfg_check(&c) != NULL);
}

/* Sub-warps = busiest column; every active thread once; one per column per
 * cycle; random masks at several shapes. */
TEST(subwarps_equal_busiest_column)
{
    static const unsigned shapes[][2] = {{8, 32}, {8, 4}, {3, 5}, {1, 7}, {16, 64}, {5, 1}};
    unsigned a, t;
    uint64_t x = 99;
    for (a = 0; a < sizeof shapes / sizeof shapes[0]; a++) {
        lwm_subwarp_cfg c = cfg_of(2, shapes[a][0], shapes[a][1]);
        for (t = 0; t < 200; t++) {
            lwm_subwarp_state s;
            uint64_t mask[LWM_WORDS];
            unsigned i, kn = c.rows * c.cols, dens = (unsigned)(lcg(&x) % 4);
            memset(mask, 0, sizeof mask);
            for (i = 0; i < kn; i++)
                if (lcg(&x) % 4 <= dens)
                    lwm_set(mask, i, 1);
            if (busiest(&c, mask) == 0)
                lwm_set(mask, (unsigned)(lcg(&x) % kn), 1);
            lwm_subwarp_reset(&c, &s);
            CHECK_EQ(breakdown(&c, &s, t % 2, mask), busiest(&c, mask));
            CHECK_EQ(lwm_subwarp_count(&c, mask), busiest(&c, mask));
        }
    }
}

TEST(full_mask_gives_k_subwarps_jump_gives_one)
{
    lwm_subwarp_cfg c = cfg_of(4, 8, 32);
    lwm_subwarp_state s;
    lwm_subwarp_in in;
    lwm_subwarp_out o;
    uint64_t full[LWM_WORDS];
    unsigned i;
    memset(full, 0, sizeof full);
    for (i = 0; i < 256; i++)
        lwm_set(full, i, 1);
    lwm_subwarp_reset(&c, &s);
    CHECK_EQ(breakdown(&c, &s, 1, full), 8);
    /* a jump: one sub-warp, one cycle, no thread work; the next fetch is
     * taken in that same cycle */
    lwm_subwarp_reset(&c, &s);
    in = fetch(&s, 2, LWM_JUMP, full);
    o = apply(&c, &s, &in);
    in = fetch(&s, 3, LWM_OP, full);
    o = apply(&c, &s, &in);
    CHECK_EQ(o.act, LWM_ACT_JUMP);
    CHECK_EQ(o.sw_valid, 1);
    CHECK_EQ(o.sw_jump, 1);
    CHECK_EQ(o.sw_cols, 0);
    CHECK_EQ(o.sw_warp, 2);
    CHECK_EQ(o.fetch_stall, 0);
    CHECK_EQ(o.nx_accept, 1);
    o = apply(&c, &s, &in);  /* warp 3 fetched again: it waits (relaxed barrel) */
    CHECK_EQ(o.err_code, LWM_ERR_BAD_FETCH);
    in = nothing();
    o = apply(&c, &s, &in);
    CHECK_EQ(o.sw_warp, 3);
    CHECK_EQ(o.sw_cols, 0xffffffffu);
}

/* 004 Fig. 6: a 32-thread large warp on a 4-wide core (K = 8, N = 4); the
 * busiest column holds 4 threads: 4 sub-warps in 4 cycles, where the
 * baseline (one warp per row) forms 8 warps.  Row r holds columns r%4 and
 * (r+1)%4: 16 active threads, 4 per column, every row non-empty. */
TEST(fig6_four_subwarps_in_four_cycles)
{
    lwm_subwarp_cfg c = cfg_of(1, 8, 4);
    lwm_subwarp_state s;
    uint64_t mask[LWM_WORDS];
    unsigned r, rows_busy = 0;
    memset(mask, 0, sizeof mask);
    for (r = 0; r < 8; r++) {
        lwm_set(mask, r * 4 + r % 4, 1);
        lwm_set(mask, r * 4 + (r + 1) % 4, 1);
    }
    for (r = 0; r < 8; r++)
        rows_busy += bits_field(mask[0], r * 4, 4) != 0u;
    CHECK_EQ(rows_busy, 8); /* the baseline's 8 warps */
    CHECK_EQ(bits_popcount(mask[0]), 16);
    lwm_subwarp_reset(&c, &s);
    CHECK_EQ(breakdown(&c, &s, 0, mask), 4);
    /* the header's worked example: rows per column, lowest row first */
    {
        static const unsigned want[4][4] = {{0, 0, 1, 2}, {3, 1, 2, 3}, {4, 4, 5, 6}, {7, 5, 6, 7}};
        lwm_subwarp_in in;
        lwm_subwarp_out o;
        unsigned cyc, col;
        lwm_subwarp_reset(&c, &s);
        in = fetch(&s, 0, LWM_OP, mask);
        apply(&c, &s, &in);
        in = nothing();
        for (cyc = 0; cyc < 4; cyc++) {
            o = apply(&c, &s, &in);
            CHECK_EQ(o.sw_cols, 0xf);
            CHECK_EQ(o.act, cyc == 3 ? LWM_ACT_LAST : LWM_ACT_PICK);
            for (col = 0; col < 4; col++)
                CHECK_EQ(rowsel(&c, o.sw_rows, col), want[cyc][col]);
        }
    }
}

/* Row mode (f_wsync, our extension: a warp-synchronous instruction): the
 * Fig. 6 mask of the test above makes 8 sub-warps, one per row, each row's
 * two threads in their home lanes, rows in order; a mask with empty rows
 * makes one sub-warp per row with threads.  A JUMP with f_wsync is one
 * sub-warp as before, and row_q clears with it. */
TEST(row_mode_one_subwarp_per_row)
{
    lwm_subwarp_cfg c = cfg_of(1, 8, 4);
    lwm_subwarp_state s;
    lwm_subwarp_in in;
    lwm_subwarp_out o;
    uint64_t mask[LWM_WORDS];
    unsigned r, col;
    memset(mask, 0, sizeof mask);
    for (r = 0; r < 8; r++) {
        lwm_set(mask, r * 4 + r % 4, 1);
        lwm_set(mask, r * 4 + (r + 1) % 4, 1);
    }
    lwm_subwarp_reset(&c, &s);
    in = fetch(&s, 0, LWM_OP, mask);
    in.f_wsync = 1;
    CHECK_EQ(apply(&c, &s, &in).nx_accept, 1);
    CHECK_EQ(s.row_q, 1);
    in = nothing();
    for (r = 0; r < 8; r++) {
        o = apply(&c, &s, &in);
        CHECK_EQ(o.sw_valid, 1);
        CHECK_EQ(o.sw_first, r == 0);
        CHECK_EQ(o.sw_cols, (1u << (r % 4)) | (1u << ((r + 1) % 4)));
        for (col = 0; col < 4; col++)
            if ((o.sw_cols >> col) & 1u)
                CHECK_EQ(rowsel(&c, o.sw_rows, col), r);
        CHECK_EQ(o.act, r == 7 ? LWM_ACT_LAST : LWM_ACT_PICK);
        CHECK_EQ(o.fetch_stall, r != 7);
    }
    CHECK_EQ(s.busy_q, 0);
    CHECK_EQ(s.row_q, 0);
    /* rows 1, 2, 5 and 6 only (another large warp's mask: a fresh unit) */
    memset(mask, 0, sizeof mask);
    mask[0] = 0x0ff00ff0ull;
    lwm_subwarp_reset(&c, &s);
    in = fetch(&s, 0, LWM_OP, mask);
    in.f_wsync = 1;
    apply(&c, &s, &in);
    in = nothing();
    {
        static const unsigned want[4] = {1, 2, 5, 6};
        for (r = 0; r < 4; r++) {
            o = apply(&c, &s, &in);
            CHECK_EQ(o.sw_cols, 0xf);
            CHECK_EQ(rowsel(&c, o.sw_rows, 0), want[r]);
            CHECK_EQ(rowsel(&c, o.sw_rows, 3), want[r]);
            CHECK_EQ(o.act, r == 3 ? LWM_ACT_LAST : LWM_ACT_PICK);
        }
    }
    /* a JUMP ignores f_wsync: one sub-warp, no threads */
    lwm_subwarp_reset(&c, &s);
    in = fetch(&s, 0, LWM_JUMP, mask);
    in.f_wsync = 1;
    apply(&c, &s, &in);
    in = nothing();
    o = apply(&c, &s, &in);
    CHECK_EQ(o.act, LWM_ACT_JUMP);
    CHECK_EQ(o.sw_jump, 1);
    CHECK_EQ(o.sw_cols, 0);
    CHECK_EQ(s.row_q, 0);
}

/* Row mode and the in-flight bits (K = 3, N = 2, full mask): an OP packed
 * by column makes rows 0, 1, 2; its first sub-warp (row 0) completes and
 * the next instruction, warp-synchronous, is fetched: row 0 goes at once,
 * then every row left has a thread in flight (BLOCKED); row 2 completes
 * and goes next, skipping row 1 (in flight), which goes after its own
 * completion, LAST.  Each row goes whole: never a part of one. */
TEST(row_mode_skips_rows_in_flight)
{
    lwm_subwarp_cfg c = cfg_of(1, 3, 2);
    lwm_subwarp_state s;
    lwm_subwarp_in in;
    lwm_subwarp_out o, sw[3];
    uint64_t mask[LWM_WORDS];
    unsigned r;
    memset(mask, 0, sizeof mask);
    mask[0] = 0x3f;
    lwm_subwarp_reset(&c, &s);
    in = fetch(&s, 0, LWM_OP, mask);
    apply(&c, &s, &in);
    in = nothing();
    for (r = 0; r < 3; r++) {
        sw[r] = apply(&c, &s, &in);
        CHECK_EQ(sw[r].sw_cols, 0x3);
        CHECK_EQ(rowsel(&c, sw[r].sw_rows, 0), r);
    }
    in = nothing();
    complete(&in, &sw[0], 0); /* row 0: the first sub-warp, re-fetch allowed */
    apply(&c, &s, &in);
    in = fetch(&s, 0, LWM_OP, mask);
    in.f_wsync = 1;
    CHECK_EQ(apply(&c, &s, &in).nx_accept, 1);
    in = nothing();
    o = apply(&c, &s, &in);
    CHECK_EQ(o.sw_cols, 0x3);
    CHECK_EQ(rowsel(&c, o.sw_rows, 1), 0);
    CHECK_EQ(o.act, LWM_ACT_PICK);
    o = apply(&c, &s, &in);
    CHECK_EQ(o.act, LWM_ACT_BLOCKED);
    CHECK_EQ(o.sw_valid, 0);
    CHECK_EQ(o.fetch_stall, 1);
    complete(&in, &sw[2], 0); /* row 2 completes (visible next cycle) */
    o = apply(&c, &s, &in);
    CHECK_EQ(o.act, LWM_ACT_BLOCKED);
    in = nothing();
    o = apply(&c, &s, &in);
    CHECK_EQ(o.sw_cols, 0x3);
    CHECK_EQ(rowsel(&c, o.sw_rows, 0), 2);
    CHECK_EQ(rowsel(&c, o.sw_rows, 1), 2);
    CHECK_EQ(o.act, LWM_ACT_PICK);
    complete(&in, &sw[1], 0);
    o = apply(&c, &s, &in);
    CHECK_EQ(o.act, LWM_ACT_BLOCKED);
    in = nothing();
    o = apply(&c, &s, &in);
    CHECK_EQ(o.sw_cols, 0x3);
    CHECK_EQ(rowsel(&c, o.sw_rows, 0), 1);
    CHECK_EQ(o.act, LWM_ACT_LAST);
    CHECK_EQ(s.row_q, 0);
    /* column packing of the same state would have sent row 0's column 0
     * with nothing else: the row mode never splits a row across sub-warps
     * (checked above: every sub-warp has both columns of one row) */
}

/* A conditional branch over 4 sub-warps (K = 4, N = 4, full mask; even
 * columns take it): the outcome gathers, br_commit only when the last
 * sub-warp completes (out of order here), the large warp is not fetchable
 * until then, and the commit carries both masks and diverged = 1.  The same
 * branch with every thread taken commits diverged = 0. */
TEST(branch_across_subwarps_commits_after_the_last)
{
    lwm_subwarp_cfg c = cfg_of(2, 4, 4);
    lwm_subwarp_state s;
    lwm_subwarp_in in;
    lwm_subwarp_out sw[4], o;
    uint64_t full[LWM_WORDS];
    unsigned i, pass;
    memset(full, 0, sizeof full);
    full[0] = 0xffff;
    for (pass = 0; pass < 2; pass++) {
        uint64_t taken = pass == 0 ? 0x5 : 0xf; /* per column */
        lwm_subwarp_reset(&c, &s);
        load(&s, 0, full);
        in = fetch(&s, 1, LWM_BRANCH, full);
        o = apply(&c, &s, &in);
        CHECK_EQ(o.can_fetch, 3);
        /* a second branch is pushed back while this one gathers (no err) */
        in = fetch(&s, 0, LWM_BRANCH, full);
        for (i = 0; i < 4; i++) {
            sw[i] = apply(&c, &s, &in);
            CHECK_EQ(sw[i].sw_branch, 1);
            CHECK_EQ(sw[i].sw_cols, 0xf);
            CHECK_EQ(sw[i].err, 0);
            CHECK_EQ(sw[i].f_ready, 0);
            CHECK_EQ(sw[i].nx_accept, 0);
        }
        in = nothing();
        for (i = 0; i < 4; i++) {
            static const unsigned order[4] = {2, 0, 3, 1};
            complete(&in, &sw[order[i]], taken);
            o = apply(&c, &s, &in);
            CHECK_EQ(o.err, 0);
            CHECK_EQ(o.br_commit, i == 3);
            CHECK_EQ(o.can_fetch, 1); /* warp 1 waits for the commit */
            /* the large warp's PC, mask and stack change only at the commit */
            CHECK_EQ(s.sp_q[1], i == 3 && pass == 0 ? 3 : 1);
            CHECK_EQ(s.pc_q[1][0], i < 3 ? 1 : pass == 0 ? 60 : 50);
            CHECK_EQ(o.br_act, i < 3 ? LWM_ST_IDLE : pass == 0 ? LWM_ST_DIVERGE : LWM_ST_ADVANCE);
        }
        CHECK_EQ(o.br_warp, 1);
        CHECK_EQ(o.br_diverged, pass == 0);
        CHECK_EQ(o.br_taken[0], pass == 0 ? 0x5555 : 0xffff);
        CHECK_EQ(o.br_ntaken[0], pass == 0 ? 0xaaaa : 0);
        in = nothing();
        o = apply(&c, &s, &in);
        CHECK_EQ(o.can_fetch, 3);
        CHECK_EQ(s.br_busy_q, 0);
    }
}

/* Applies empty inputs until the copy empties; the sub-warps into sw. */
static unsigned drain(const lwm_subwarp_cfg *c, lwm_subwarp_state *s, lwm_subwarp_out *sw)
{
    lwm_subwarp_in in = nothing();
    unsigned n = 0;
    do
        sw[n] = apply(c, s, &in);
    while (sw[n++].act != LWM_ACT_LAST && n < 16);
    return n;
}

/* The large warp's stack across a divergent branch (K = 4, N = 4, launched
 * full at pc 1, exit 1000; the branch at pc 1 goes to 50 for even columns,
 * falls through to 2 for odd ones, reconverges at 60): no stack change
 * until the last of its 4 sub-warps completes; then DIVERGE pushes
 * {2, odd, 60} and {50, even, 60} above the TOS, which waits at 60.  The
 * taken side runs first; its last OP (next pc 60) pops to the not-taken
 * side, whose last OP pops to the reconverged {60, full}; the exit (next
 * pc 1000) empties the stack and the large warp is finished. */
TEST(divergent_branch_pushes_after_last_then_pops)
{
    lwm_subwarp_cfg c = cfg_of(1, 4, 4);
    lwm_subwarp_state s;
    lwm_subwarp_in in;
    lwm_subwarp_out sw[16], o;
    uint64_t full[LWM_WORDS];
    unsigned i, n;
    memset(full, 0, sizeof full);
    full[0] = 0xffff;
    lwm_subwarp_reset(&c, &s);
    in = fetch(&s, 0, LWM_LAUNCH, full);
    in.f_pc = 1;
    in.f_rpc = 1000;
    CHECK_EQ(apply(&c, &s, &in).f_act, LWM_ST_LAUNCH);
    CHECK_EQ(s.sp_q[0], 1);
    in = fetch(&s, 0, LWM_BRANCH, NULL);
    in.f_npc = 2;
    o = apply(&c, &s, &in);
    CHECK_EQ(o.nx_accept, 1);
    CHECK_EQ(o.tos_pc, 1);
    CHECK_EQ(o.tos_mask[0], 0xffff);
    n = drain(&c, &s, sw);
    CHECK_EQ(n, 4);
    for (i = 0; i < 4; i++) {
        in = nothing();
        complete(&in, &sw[i], 0x5);
        o = apply(&c, &s, &in);
        CHECK_EQ(o.br_commit, i == 3);
        CHECK_EQ(s.sp_q[0], i == 3 ? 3 : 1);
    }
    CHECK_EQ(o.br_act, LWM_ST_DIVERGE);
    CHECK_EQ(s.pc_q[0][0], 60);
    CHECK_EQ(s.mask_q[0][0][0], 0xffff);
    CHECK_EQ(s.pc_q[0][1], 2);
    CHECK_EQ(s.mask_q[0][1][0], 0xaaaa);
    CHECK_EQ(s.rpc_q[0][1], 60);
    CHECK_EQ(s.pc_q[0][2], 50);
    CHECK_EQ(s.mask_q[0][2][0], 0x5555);
    CHECK_EQ(s.rpc_q[0][2], 60);
    /* the taken side's last instruction: the copy holds its threads, the
     * TOS pops to the not-taken side at the fetch */
    in = fetch(&s, 0, LWM_OP, NULL);
    in.f_npc = 60;
    o = apply(&c, &s, &in);
    CHECK_EQ(o.f_act, LWM_ST_POP);
    CHECK_EQ(s.copy_q[0], 0x5555);
    CHECK_EQ(s.sp_q[0], 2);
    n = drain(&c, &s, sw);
    CHECK_EQ(n, 4); /* columns 0 and 2 hold 4 threads each */
    in = nothing();
    complete(&in, &sw[0], 0);
    apply(&c, &s, &in); /* the first sub-warp: the large warp may be fetched */
    in = fetch(&s, 0, LWM_OP, NULL);
    CHECK_EQ(in.f_npc, 3); /* the not-taken side is at pc 2 */
    in.f_npc = 60;
    o = apply(&c, &s, &in);
    CHECK_EQ(o.f_act, LWM_ST_POP);
    CHECK_EQ(s.copy_q[0], 0xaaaa);
    CHECK_EQ(s.sp_q[0], 1);
    CHECK_EQ(s.pc_q[0][0], 60); /* reconverged: {60, full, 1000} */
    CHECK_EQ(s.mask_q[0][0][0], 0xffff);
    /* the exit empties the stack: the large warp is finished */
    {
        lwm_subwarp_out nt[16];
        CHECK_EQ(drain(&c, &s, nt), 4);
        for (i = 1; i < 5; i++) {
            in = nothing();
            complete(&in, i < 4 ? &sw[i] : &nt[0], 0);
            apply(&c, &s, &in);
        }
    }
    in = fetch(&s, 0, LWM_OP, NULL);
    in.f_npc = 1000;
    CHECK_EQ(apply(&c, &s, &in).f_act, LWM_ST_POP);
    CHECK_EQ(s.sp_q[0], 0);
    CHECK_EQ(apply(&c, &s, &in).err_code, LWM_ERR_WARP_IDLE);
}

/* A return (EXIT: a JUMP fetched with f_exit): the TOS's threads leave the
 * large warp (rtl_c/lwm_subwarp.h "EXIT").  One jump sub-warp goes down the
 * pipeline, as for a JUMP; at the fetch the TOS's threads are cleared from
 * every entry, the entries left empty pop (several at once), and a base
 * waiting at its rpc with nothing left above it goes too (K = 4, N = 4,
 * launched full at pc 1, exit 1000; branches at pc 1: even columns to 50,
 * odd ones fall through to 2). */
static lwm_subwarp_out exit_fetch(const lwm_subwarp_cfg *c, lwm_subwarp_state *s, unsigned w)
{
    lwm_subwarp_in in = fetch(s, w, LWM_JUMP, NULL);
    lwm_subwarp_out o, j;
    in.f_exit = 1;
    o = apply(c, s, &in);
    CHECK_EQ(o.nx_accept, 1);
    in = nothing();
    j = apply(c, s, &in); /* the jump sub-warp, no threads */
    CHECK_EQ(j.act, LWM_ACT_JUMP);
    CHECK_EQ(j.sw_cols, 0);
    in = nothing();
    complete(&in, &j, 0);
    CHECK_EQ(apply(c, s, &in).err, 0);
    return o;
}

static void branch_commit(const lwm_subwarp_cfg *c, lwm_subwarp_state *s, uint64_t npc,
                          uint64_t rpc, unsigned act)
{
    lwm_subwarp_in in = fetch(s, 0, LWM_BRANCH, NULL);
    lwm_subwarp_out sw[16], o;
    unsigned i, n;
    in.f_npc = npc;
    in.f_rpc = rpc;
    CHECK_EQ(apply(c, s, &in).nx_accept, 1);
    n = drain(c, s, sw);
    for (i = 0; i < n; i++) {
        in = nothing();
        complete(&in, &sw[i], 0x5);
        o = apply(c, s, &in);
    }
    CHECK_EQ(o.br_act, act);
}

TEST(exit_clears_the_returning_threads)
{
    lwm_subwarp_cfg c = cfg_of(1, 4, 4);
    lwm_subwarp_state s;
    lwm_subwarp_in in;
    lwm_subwarp_out o, sw[16];
    unsigned i, n;

    /* reconvergence at 60 (the barrier, say): the taken side returns */
    launch_at_1(&c, &s, 0xffff);
    branch_commit(&c, &s, 2, 60, LWM_ST_DIVERGE);
    CHECK_EQ(s.sp_q[0], 3); /* [{60 ffff 1000} {2 aaaa 60} {50 5555 60}] */
    o = exit_fetch(&c, &s, 0);
    CHECK_EQ(o.f_act, LWM_ST_POP);
    CHECK_EQ(s.sp_q[0], 2); /* [{60 aaaa 1000} {2 aaaa 60}] */
    CHECK_EQ(s.pc_q[0][0], 60);
    CHECK_EQ(s.mask_q[0][0][0], 0xaaaa);
    CHECK_EQ(s.pc_q[0][1], 2);
    CHECK_EQ(s.mask_q[0][1][0], 0xaaaa);
    /* the other side reaches 60: the barrier sees the odd columns only */
    in = fetch(&s, 0, LWM_OP, NULL);
    in.f_npc = 60;
    CHECK_EQ(apply(&c, &s, &in).f_act, LWM_ST_POP);
    CHECK_EQ(s.copy_q[0], 0xaaaa);
    n = drain(&c, &s, sw);
    for (i = 0; i < n; i++) {
        in = nothing();
        complete(&in, &sw[i], 0);
        apply(&c, &s, &in);
    }
    CHECK_EQ(s.sp_q[0], 1);
    CHECK_EQ(s.mask_q[0][0][0], 0xaaaa);
    /* they return too: the stack empties, the large warp is finished */
    o = exit_fetch(&c, &s, 0);
    CHECK_EQ(o.f_act, LWM_ST_POP);
    CHECK_EQ(s.sp_q[0], 0);

    /* a branch that reconverges at the exit (1000): the base waits there;
     * the taken side returns, then the other: two entries pop at once
     * (the base is left empty too) */
    launch_at_1(&c, &s, 0xffff);
    branch_commit(&c, &s, 2, 1000, LWM_ST_DIVERGE);
    CHECK_EQ(s.sp_q[0], 3); /* [{1000 ffff 1000} {2 aaaa 1000} {50 5555 1000}] */
    exit_fetch(&c, &s, 0);
    CHECK_EQ(s.sp_q[0], 2);
    CHECK_EQ(s.mask_q[0][0][0], 0xaaaa);
    exit_fetch(&c, &s, 0);
    CHECK_EQ(s.sp_q[0], 0);
    /* the odd columns fall through to the exit (not pushed: an if without
     * else): the base keeps them, waiting at its rpc; when the even ones
     * return nothing is left above it, and it goes too */
    launch_at_1(&c, &s, 0xffff);
    branch_commit(&c, &s, 1000, 1000, LWM_ST_DIVERGE);
    CHECK_EQ(s.sp_q[0], 2); /* [{1000 ffff 1000} {50 5555 1000}] */
    exit_fetch(&c, &s, 0);
    CHECK_EQ(s.sp_q[0], 0);

    /* f_exit on another kind is ignored: an OP with it is an OP */
    launch_at_1(&c, &s, 0xffff);
    in = fetch(&s, 0, LWM_OP, NULL);
    in.f_exit = 1;
    o = apply(&c, &s, &in);
    CHECK_EQ(o.f_act, LWM_ST_ADVANCE);
    CHECK_EQ(s.sp_q[0], 1);
    CHECK_EQ(s.pc_q[0][0], 2);
    CHECK_EQ(s.mask_q[0][0][0], 0xffff);
}

/* Issue 24 item 15: a completion that no sub-warp in flight can be is
 * refused (BAD_DONE, state unchanged; apply() compares it byte for byte).
 * K = 2, N = 2, full mask: an OP makes A (row 0, first) and B (row 1).
 *  - An empty completion with c_first while A and B are out: before the
 *    fix it cleared the wait, and the large warp could be fetched again
 *    before its first sub-warp completed (004 sec. 3.1 forbids it).
 *  - Without c_first: an OP's later sub-warps have threads too.
 *  - A branch makes C and D; C completes; an empty completion with
 *    c_branch: before the fix it committed the branch with C's outcome
 *    alone.
 *  - A jump's sub-warp (no threads) completes empty with c_first: legal;
 *    without c_first, or while only OP sub-warps are out, it is not; a
 *    completion with threads and c_first while the jump is the first
 *    sub-warp out is not either. */
TEST(empty_or_false_first_completion_is_refused)
{
    lwm_subwarp_cfg c = cfg_of(1, 2, 2);
    lwm_subwarp_state s;
    lwm_subwarp_in in;
    lwm_subwarp_out a, b, o, j;
    launch_at_1(&c, &s, 0xf);
    in = fetch(&s, 0, LWM_OP, NULL);
    CHECK_EQ(apply(&c, &s, &in).nx_accept, 1);
    in = nothing();
    a = apply(&c, &s, &in);
    b = apply(&c, &s, &in);
    CHECK_EQ(a.sw_first, 1);
    CHECK_EQ(b.act, LWM_ACT_LAST);
    CHECK_EQ(s.pend_q[0], 2);
    /* an empty completion claiming to be the first sub-warp */
    in = nothing();
    in.c_valid = 1;
    in.c_first = 1;
    o = apply(&c, &s, &in);
    CHECK_EQ(o.err_code, LWM_ERR_BAD_DONE);
    CHECK_EQ(s.wait_q, 1); /* still not fetchable */
    /* ... or not the first */
    in.c_first = 0;
    CHECK_EQ(apply(&c, &s, &in).err_code, LWM_ERR_BAD_DONE);
    /* B, then A: legal; A's completion lets the large warp go (which of
     * two OP sub-warps out is the first is not recorded: B with c_first
     * would be taken as the first, header "Departures and choices") */
    in = nothing();
    complete(&in, &b, 0);
    CHECK_EQ(apply(&c, &s, &in).err, 0);
    CHECK_EQ(s.wait_q, 1);
    in = nothing();
    complete(&in, &a, 0);
    CHECK_EQ(apply(&c, &s, &in).err, 0);
    CHECK_EQ(s.wait_q, 0);
    /* a first sub-warp completing when none is out */
    complete(&in, &a, 0);
    CHECK_EQ(apply(&c, &s, &in).err_code, LWM_ERR_NOT_IN_FLIGHT); /* pend 0 */

    /* the branch: two sub-warps, C completes, then an empty one */
    in = fetch(&s, 0, LWM_BRANCH, NULL);
    in.f_npc = 2;
    CHECK_EQ(apply(&c, &s, &in).nx_accept, 1);
    in = nothing();
    a = apply(&c, &s, &in);
    b = apply(&c, &s, &in);
    CHECK_EQ(a.sw_branch, 1);
    CHECK_EQ(b.act, LWM_ACT_LAST);
    complete(&in, &a, 0x1);
    CHECK_EQ(apply(&c, &s, &in).br_commit, 0);
    CHECK_EQ(s.br_left_q, 1);
    in = nothing();
    in.c_valid = 1;
    in.c_branch = 1;
    o = apply(&c, &s, &in);
    CHECK_EQ(o.err_code, LWM_ERR_BAD_DONE);
    CHECK_EQ(o.br_commit, 0);
    CHECK_EQ(s.br_busy_q, 1);
    CHECK_EQ(s.sp_q[0], 1);
    /* D completes: the commit, with both sub-warps' outcomes (column 0
     * taken in both rows: 0x5 taken, 0xa not) */
    in = nothing();
    complete(&in, &b, 0x1);
    o = apply(&c, &s, &in);
    CHECK_EQ(o.br_commit, 1);
    CHECK_EQ(o.br_taken[0], 0x5);
    CHECK_EQ(o.br_ntaken[0], 0xa);
    CHECK_EQ(o.br_act, LWM_ST_DIVERGE);

    /* the jump (TOS: the taken side, 0x5): an OP whose sub-warps stay out,
     * then a jump; its empty sub-warp completes with c_first only */
    in = fetch(&s, 0, LWM_OP, NULL);
    CHECK_EQ(apply(&c, &s, &in).nx_accept, 1);
    in = nothing();
    a = apply(&c, &s, &in); /* row 0, column 0 */
    b = apply(&c, &s, &in); /* row 1, column 0 */
    complete(&in, &a, 0);
    CHECK_EQ(apply(&c, &s, &in).err, 0); /* the first: fetchable again */
    in = fetch(&s, 0, LWM_JUMP, NULL);
    CHECK_EQ(apply(&c, &s, &in).nx_accept, 1);
    in = nothing();
    j = apply(&c, &s, &in);
    CHECK_EQ(j.sw_jump, 1);
    CHECK_EQ(j.sw_cols, 0);
    CHECK_EQ(s.jmp_q, 1);
    /* B (with threads) completed as the first while the jump's is out */
    complete(&in, &b, 0);
    in.c_first = 1;
    CHECK_EQ(apply(&c, &s, &in).err_code, LWM_ERR_BAD_DONE);
    /* the jump's completion without c_first */
    in = nothing();
    complete(&in, &j, 0);
    in.c_first = 0;
    CHECK_EQ(apply(&c, &s, &in).err_code, LWM_ERR_BAD_DONE);
    /* as emitted: legal, the large warp may go, the jump bit clears */
    complete(&in, &j, 0);
    CHECK_EQ(apply(&c, &s, &in).err, 0);
    CHECK_EQ(s.wait_q, 0);
    CHECK_EQ(s.jmp_q, 0);
    /* B still out: another empty completion is refused */
    in = nothing();
    in.c_valid = 1;
    in.c_first = 1;
    CHECK_EQ(apply(&c, &s, &in).err_code, LWM_ERR_BAD_DONE);
    complete(&in, &b, 0);
    CHECK_EQ(apply(&c, &s, &in).err, 0);
    CHECK_EQ(s.pend_q[0], 0);
}

/* A branch reserves its divergence's room: DEPTH 2 with one entry cannot
 * take the two a divergence pushes, so the fetch is pushed back (f_act
 * STALL, no err, nothing changes); a large warp of one thread cannot
 * diverge and is taken.  A jump moves the PC at the fetch. */
TEST(branch_without_room_is_pushed_back)
{
    lwm_subwarp_cfg c = cfg_of(2, 2, 2);
    lwm_subwarp_state s, before;
    lwm_subwarp_in in;
    lwm_subwarp_out o;
    uint64_t m[LWM_WORDS];
    c.depth = 2;
    memset(m, 0, sizeof m);
    lwm_subwarp_reset(&c, &s);
    m[0] = 0xf;
    in = fetch(&s, 0, LWM_LAUNCH, m);
    apply(&c, &s, &in);
    m[0] = 0x4;
    in = fetch(&s, 1, LWM_LAUNCH, m);
    apply(&c, &s, &in);
    in = fetch(&s, 0, LWM_BRANCH, NULL);
    before = s;
    o = apply(&c, &s, &in);
    CHECK_EQ(o.err, 0);
    CHECK_EQ(o.f_ready, 0);
    CHECK_EQ(o.f_act, LWM_ST_STALL);
    CHECK(memcmp(&before, &s, sizeof s) == 0);
    in = fetch(&s, 1, LWM_BRANCH, NULL);
    o = apply(&c, &s, &in);
    CHECK_EQ(o.f_ready, 1);
    CHECK_EQ(o.nx_accept, 1);
    in = fetch(&s, 0, LWM_JUMP, NULL);
    o = apply(&c, &s, &in);
    CHECK_EQ(o.f_act, LWM_ST_ADVANCE);
    CHECK_EQ(s.pc_q[0][0], 40);
}

/* Relaxed barrel processing and in-flight blocking (K = 2, N = 2, full
 * mask): instruction 1 makes sub-warps A (row 0) and B (row 1).  When A
 * completes the large warp may be fetched again (004: after the first
 * sub-warp); instruction 2's copy holds all four threads, but row 1 is still
 * in flight in B: the columns skip it and take row 0; then, B still out, the
 * cycle is BLOCKED (fetch stays stalled); after B completes row 1 is packed. */
TEST(inflight_threads_are_skipped_until_complete)
{
    lwm_subwarp_cfg c = cfg_of(1, 2, 2);
    lwm_subwarp_state s;
    lwm_subwarp_in in;
    lwm_subwarp_out a, b, o;
    uint64_t full[LWM_WORDS];
    memset(full, 0, sizeof full);
    full[0] = 0xf;
    lwm_subwarp_reset(&c, &s);
    in = fetch(&s, 0, LWM_OP, full);
    apply(&c, &s, &in);
    in = nothing();
    a = apply(&c, &s, &in);
    CHECK_EQ(a.sw_cols, 3);
    CHECK_EQ(rowsel(&c, a.sw_rows, 0), 0);
    b = apply(&c, &s, &in);
    CHECK_EQ(b.act, LWM_ACT_LAST);
    CHECK_EQ(rowsel(&c, b.sw_rows, 1), 1);
    CHECK_EQ(b.can_fetch, 0);
    in = fetch(&s, 0, LWM_OP, full);
    o = apply(&c, &s, &in); /* not yet: no sub-warp completed */
    CHECK_EQ(o.err_code, LWM_ERR_BAD_FETCH);
    in = nothing();
    complete(&in, &a, 0);
    o = apply(&c, &s, &in);
    CHECK_EQ(o.can_fetch, 0); /* the edge clears the wait */
    CHECK_EQ(s.wait_q, 0);
    in = fetch(&s, 0, LWM_OP, full);
    o = apply(&c, &s, &in);
    CHECK_EQ(o.nx_accept, 1);
    in = nothing();
    o = apply(&c, &s, &in); /* row 1 in flight (B): row 0 only */
    CHECK_EQ(o.act, LWM_ACT_PICK);
    CHECK_EQ(o.sw_cols, 3);
    CHECK_EQ(rowsel(&c, o.sw_rows, 0) + rowsel(&c, o.sw_rows, 1), 0);
    o = apply(&c, &s, &in);
    CHECK_EQ(o.act, LWM_ACT_BLOCKED);
    CHECK_EQ(o.sw_valid, 0);
    CHECK_EQ(o.fetch_stall, 1);
    complete(&in, &b, 0);
    o = apply(&c, &s, &in); /* B completes: visible from the next cycle */
    CHECK_EQ(o.act, LWM_ACT_BLOCKED);
    in = nothing();
    o = apply(&c, &s, &in);
    CHECK_EQ(o.act, LWM_ACT_LAST);
    CHECK_EQ(rowsel(&c, o.sw_rows, 0) + rowsel(&c, o.sw_rows, 1), 2);
}

/* Each illegal input: err, its code, state unchanged (apply compares). */
TEST(illegal_inputs_err_state_unchanged)
{
    lwm_subwarp_cfg c = cfg_of(3, 2, 4);
    lwm_subwarp_state s;
    lwm_subwarp_in in;
    lwm_subwarp_out sw, o;
    uint64_t m[LWM_WORDS];
    memset(m, 0, sizeof m);
    m[0] = 0x31;
    lwm_subwarp_reset(&c, &s);
    in = fetch(&s, 3, LWM_OP, NULL); /* warp 3 of 3 */
    CHECK_EQ(apply(&c, &s, &in).err_code, LWM_ERR_BAD_WARP);
    in = fetch(&s, 0, LWM_OP, NULL); /* not launched */
    CHECK_EQ(apply(&c, &s, &in).err_code, LWM_ERR_WARP_IDLE);
    in = fetch(&s, 0, LWM_LAUNCH, NULL); /* an empty mask */
    CHECK_EQ(apply(&c, &s, &in).err_code, LWM_ERR_BAD_LAUNCH);
    in = fetch(&s, 0, LWM_LAUNCH, m);
    in.f_pc = in.f_rpc; /* it would exit at once */
    CHECK_EQ(apply(&c, &s, &in).err_code, LWM_ERR_BAD_LAUNCH);
    in = fetch(&s, 0, LWM_LAUNCH, m);
    CHECK_EQ(apply(&c, &s, &in).f_act, LWM_ST_LAUNCH);
    CHECK_EQ(apply(&c, &s, &in).err_code, LWM_ERR_BAD_LAUNCH); /* live already */
    in = fetch(&s, 0, LWM_OP, NULL);
    CHECK_EQ(apply(&c, &s, &in).nx_accept, 1);
    CHECK_EQ(apply(&c, &s, &in).err_code, LWM_ERR_BAD_FETCH); /* it waits */
    lwm_subwarp_reset(&c, &s);
    in = nothing();
    in.c_valid = 1;
    in.c_warp = 1;
    CHECK_EQ(apply(&c, &s, &in).err_code, LWM_ERR_NOT_IN_FLIGHT);
    in = fetch(&s, 0, LWM_BRANCH, m);
    apply(&c, &s, &in);
    in = nothing();
    sw = apply(&c, &s, &in); /* mask 0x31: row 0 col 0, row 1 cols 0-1 */
    CHECK_EQ(sw.sw_valid, 1);
    CHECK_EQ(sw.sw_cols, 0x3); /* (row 0, col 0) and (row 1, col 1) */
    /* a thread not in flight */
    in = nothing();
    complete(&in, &sw, 0);
    in.c_cols |= 0x4; /* (row 0, col 2): never packed */
    o = apply(&c, &s, &in);
    CHECK_EQ(o.err_code, LWM_ERR_NOT_IN_FLIGHT);
    CHECK_EQ(o.sw_valid, 0);
    /* an outcome for a column not in the sub-warp */
    in = nothing();
    complete(&in, &sw, 0);
    in.c_taken = 0x8;
    CHECK_EQ(apply(&c, &s, &in).err_code, LWM_ERR_BAD_OUTCOME);
    /* an outcome on a non-branch completion */
    in = nothing();
    complete(&in, &sw, 0);
    in.c_branch = 0;
    in.c_taken = sw.sw_cols;
    CHECK_EQ(apply(&c, &s, &in).err_code, LWM_ERR_BAD_OUTCOME);
    /* c_branch for another large warp */
    in = nothing();
    complete(&in, &sw, 0);
    in.c_warp = 2;
    CHECK_EQ(apply(&c, &s, &in).err_code, LWM_ERR_NOT_IN_FLIGHT);
    /* the legal completion still works after all that */
    in = nothing();
    complete(&in, &sw, sw.sw_cols);
    o = apply(&c, &s, &in);
    CHECK_EQ(o.err, 0);
}

/* make formal's p_outcome counterexample (docs/formal.md; LARGE_WARPS=1,
 * K=N=2): an OP's sub-warp B = thread (row 1, column 0) is still out when
 * the large warp's BRANCH is fetched (the OP's first sub-warp completed),
 * so (1,0) stays in the branch's copy while the branch emits (0,0).  B then
 * completing with c_branch = 1 claimed a thread the branch never emitted:
 * before the fix it was gathered not-taken, the branch later emitted (1,0)
 * again and its completion gathered it taken too (both taken and not
 * taken).  A c_branch thread must be one the gathering branch has in
 * flight: in its mask, out of its copy, not gathered yet. */
TEST(branch_completion_of_a_thread_the_branch_did_not_emit_is_refused)
{
    lwm_subwarp_cfg c = cfg_of(1, 2, 2);
    lwm_subwarp_state s, keep;
    lwm_subwarp_in in;
    lwm_subwarp_out a, b, p, q, o;
    uint64_t m[LWM_WORDS];
    memset(m, 0, sizeof m);
    m[0] = 0x5; /* (0,0) and (1,0): column 0, two rows */
    lwm_subwarp_reset(&c, &s);
    in = fetch(&s, 0, LWM_OP, m);
    CHECK_EQ(apply(&c, &s, &in).nx_accept, 1);
    in = nothing();
    a = apply(&c, &s, &in); /* A: (0,0), the OP's first */
    b = apply(&c, &s, &in); /* B: (1,0) */
    CHECK_EQ(a.sw_first, 1);
    CHECK_EQ(b.act, LWM_ACT_LAST);
    CHECK_EQ(rowsel(&c, b.sw_rows, 0), 1);
    complete(&in, &a, 0);
    CHECK_EQ(apply(&c, &s, &in).err, 0); /* the large warp may fetch again */
    in = fetch(&s, 0, LWM_BRANCH, NULL);
    CHECK_EQ(apply(&c, &s, &in).nx_accept, 1);
    in = nothing();
    p = apply(&c, &s, &in); /* the branch's (0,0); (1,0) is B's, skipped */
    CHECK_EQ(p.act, LWM_ACT_PICK);
    CHECK_EQ(p.sw_branch, 1);
    CHECK_EQ(rowsel(&c, p.sw_rows, 0), 0);
    /* B completes as a branch sub-warp: (1,0) is still in the copy */
    complete(&in, &b, 0);
    in.c_branch = 1;
    keep = s;
    o = apply(&c, &s, &in);
    CHECK_EQ(o.err, 1);
    CHECK_EQ(o.err_code, LWM_ERR_NOT_IN_FLIGHT);
    CHECK_EQ(o.sw_valid, 0);
    CHECK_EQ(o.br_commit, 0);
    CHECK(memcmp(&keep, &s, sizeof s) == 0);
    /* the legal completion of B, then the branch's (1,0): one outcome each */
    complete(&in, &b, 0);
    CHECK_EQ(apply(&c, &s, &in).err, 0);
    in = nothing();
    q = apply(&c, &s, &in);
    CHECK_EQ(q.act, LWM_ACT_LAST);
    CHECK_EQ(rowsel(&c, q.sw_rows, 0), 1);
    /* the branch's (0,0) completing twice (its second time with c_first,
     * as in the counterexample): the second is refused */
    complete(&in, &p, 0);
    CHECK_EQ(apply(&c, &s, &in).err, 0);
    complete(&in, &p, 0x1);
    in.c_first = 1;
    keep = s;
    o = apply(&c, &s, &in);
    CHECK_EQ(o.err_code, LWM_ERR_NOT_IN_FLIGHT);
    CHECK(memcmp(&keep, &s, sizeof s) == 0);
    complete(&in, &q, 0x1);
    o = apply(&c, &s, &in);
    CHECK_EQ(o.err, 0);
    CHECK_EQ(o.br_commit, 1);
    CHECK_EQ(o.br_diverged, 1);
    CHECK_EQ(o.br_taken[0], 0x4);
    CHECK_EQ(o.br_ntaken[0], 0x1);
}

/* The reverse lie (verif item 1): a sub-warp of the gathering branch
 * completed WITHOUT c_branch.  The unit knows which in-flight threads are
 * the branch's (in its mask, out of its copy, not gathered: the same set a
 * c_branch completion must come from), so a completion without c_branch
 * that holds one of them is refused (BAD_DONE, state unchanged).  Before
 * the fix it was taken as an OP's: the in-flight bits cleared, the outcome
 * was never gathered and br_left_q outgrew the sub-warps in flight
 * (lwm_subwarp_check), the branch never committing.  K = N = 2, full mask:
 * the branch makes A (row 0) and B (row 1). */
TEST(branch_subwarp_completed_as_non_branch_is_refused)
{
    lwm_subwarp_cfg c = cfg_of(1, 2, 2);
    lwm_subwarp_state s, keep;
    lwm_subwarp_in in;
    lwm_subwarp_out a, b, o;
    launch_at_1(&c, &s, 0xf);
    in = fetch(&s, 0, LWM_BRANCH, NULL);
    in.f_npc = 2;
    CHECK_EQ(apply(&c, &s, &in).nx_accept, 1);
    in = nothing();
    a = apply(&c, &s, &in);
    CHECK_EQ(a.sw_branch, 1);
    CHECK_EQ(a.act, LWM_ACT_PICK);
    /* A without c_branch while B is still in the copy, with and without
     * c_first; then one of A's two threads alone */
    complete(&in, &a, 0);
    in.c_branch = 0;
    keep = s;
    o = apply(&c, &s, &in);
    CHECK_EQ(o.err_code, LWM_ERR_BAD_DONE);
    CHECK_EQ(o.sw_valid, 0);
    CHECK(memcmp(&keep, &s, sizeof s) == 0);
    in.c_first = 0;
    CHECK_EQ(apply(&c, &s, &in).err_code, LWM_ERR_BAD_DONE);
    in.c_cols = 0x2;
    CHECK_EQ(apply(&c, &s, &in).err_code, LWM_ERR_BAD_DONE);
    in = nothing();
    b = apply(&c, &s, &in);
    CHECK_EQ(b.act, LWM_ACT_LAST);
    /* packed (the copy is empty): B without c_branch, then A; both refused */
    complete(&in, &b, 0);
    in.c_branch = 0;
    CHECK_EQ(apply(&c, &s, &in).err_code, LWM_ERR_BAD_DONE);
    complete(&in, &a, 0);
    in.c_branch = 0;
    CHECK_EQ(apply(&c, &s, &in).err_code, LWM_ERR_BAD_DONE);
    CHECK_EQ(s.br_left_q, 2);
    CHECK_EQ(s.pend_q[0], 2);
    /* as emitted: A, then B commits (column 1 taken in both rows) */
    complete(&in, &a, 0x2);
    CHECK_EQ(apply(&c, &s, &in).err, 0);
    in = nothing();
    complete(&in, &b, 0x2);
    o = apply(&c, &s, &in);
    CHECK_EQ(o.err, 0);
    CHECK_EQ(o.br_commit, 1);
    CHECK_EQ(o.br_taken[0], 0xa);
    CHECK_EQ(o.br_ntaken[0], 0x5);
}

/* Random traffic: up to LARGE_WARPS instructions fetched whenever allowed,
 * sub-warps completing after a random delay in any order, random branch
 * outcomes.  Checks every cycle: invariants (apply), each sub-warp holds only
 * threads of its instruction's mask not yet packed, at most one per column,
 * every instruction's threads all packed when its copy empties, every
 * branch's commit equals the outcomes given, and nothing is lost (all
 * sub-warps complete and the unit drains). */
#define MAXQ 256
TEST(random_traffic_no_thread_lost)
{
    static const unsigned shapes[][3] = {{4, 8, 32}, {2, 3, 5}, {3, 4, 4}, {1, 1, 1}};
    unsigned a;
    uint64_t x = 7;
    for (a = 0; a < 4; a++) {
        lwm_subwarp_cfg c = cfg_of(shapes[a][0], shapes[a][1], shapes[a][2]);
        const unsigned kn = c.rows * c.cols;
        lwm_subwarp_state s;
        lwm_subwarp_out q[MAXQ];
        uint64_t qt[MAXQ];
        unsigned nq = 0, cyc, fetched = 0, commits = 0, blocked = 0;
        uint64_t want[LWM_WORDS], packed[LWM_WORDS], etk[LWM_WORDS], ent[LWM_WORDS];
        unsigned cur_kind = 0;
        lwm_subwarp_reset(&c, &s);
        memset(etk, 0, sizeof etk);
        memset(ent, 0, sizeof ent);
        for (cyc = 0; cyc < 20000 || nq || s.busy_q; cyc++) {
            lwm_subwarp_in in = nothing();
            lwm_subwarp_out o;
            unsigned i, col;
            if (cyc < 20000 && lcg(&x) % 3 == 0) {
                unsigned w = (unsigned)(lcg(&x) % c.large_warps);
                if (!((s.wait_q >> w) & 1u)) {
                    uint64_t m[LWM_WORDS];
                    unsigned kind = (unsigned)(lcg(&x) % 10);
                    kind = kind < 6 ? LWM_OP : kind < 9 ? LWM_BRANCH : LWM_JUMP;
                    memset(m, 0, sizeof m);
                    for (i = 0; i < kn; i++)
                        if (lcg(&x) % 3)
                            lwm_set(m, i, 1);
                    if (busiest(&c, m) == 0)
                        lwm_set(m, 0, 1);
                    in = fetch(&s, w, kind, m);
                }
            }
            if (nq && lcg(&x) % 2 == 0) {
                unsigned k = (unsigned)(lcg(&x) % nq);
                complete(&in, &q[k], qt[k]);
                q[k] = q[nq - 1];
                qt[k] = qt[nq - 1];
                nq--;
            }
            o = apply(&c, &s, &in);
            CHECK_EQ(o.err, 0);
            if (o.err)
                break;
            blocked += o.act == LWM_ACT_BLOCKED;
            if (o.sw_valid) {
                uint64_t tk = lcg(&x);
                CHECK(nq < MAXQ);
                for (col = 0; col < c.cols; col++)
                    if ((o.sw_cols >> col) & 1u) {
                        unsigned idx = rowsel(&c, o.sw_rows, col) * c.cols + col;
                        CHECK(lwm_bit(want, idx));
                        CHECK(!lwm_bit(packed, idx));
                        lwm_set(packed, idx, 1);
                        if (o.sw_branch)
                            lwm_set((tk >> col) & 1u ? etk : ent, idx, 1);
                    }
                if (o.act == LWM_ACT_LAST)
                    CHECK(memcmp(packed, want, sizeof want) == 0);
                CHECK_EQ(o.sw_jump, cur_kind == LWM_JUMP);
                q[nq] = o;
                qt[nq++] = tk;
            }
            if (o.br_commit) {
                CHECK(memcmp(o.br_taken, etk, sizeof etk) == 0);
                CHECK(memcmp(o.br_ntaken, ent, sizeof ent) == 0);
                memset(etk, 0, sizeof etk);
                memset(ent, 0, sizeof ent);
                commits++;
            }
            if (o.nx_accept) {
                fetched++;
                cur_kind = (unsigned)in.f_kind;
                if (in.f_kind == LWM_JUMP)
                    memset(want, 0, sizeof want);
                else
                    memcpy(want, in.f_mask, sizeof want);
                memset(packed, 0, sizeof packed);
            }
            if (cyc > 200000)
                break;
        }
        CHECK(cyc <= 200000);
        CHECK(fetched > 1000);
        CHECK(commits > 100);
        if (c.rows > 1)
            CHECK(blocked > 0);
        {
            unsigned w;
            for (w = 0; w < c.large_warps; w++)
                CHECK_EQ(s.pend_q[w], 0);
        }
        CHECK_EQ(s.br_busy_q, 0);
    }
}

int main(int argc, char **argv)
{
    test_args(argc, argv);
    RUN(storage_from_cfg_is_004_sec34);
    RUN(rows_split_equals_per_column_fields);
    RUN(subwarps_equal_busiest_column);
    RUN(full_mask_gives_k_subwarps_jump_gives_one);
    RUN(fig6_four_subwarps_in_four_cycles);
    RUN(row_mode_one_subwarp_per_row);
    RUN(row_mode_skips_rows_in_flight);
    RUN(branch_across_subwarps_commits_after_the_last);
    RUN(divergent_branch_pushes_after_last_then_pops);
    RUN(exit_clears_the_returning_threads);
    RUN(branch_without_room_is_pushed_back);
    RUN(inflight_threads_are_skipped_until_complete);
    RUN(illegal_inputs_err_state_unchanged);
    RUN(empty_or_false_first_completion_is_refused);
    RUN(branch_completion_of_a_thread_the_branch_did_not_emit_is_refused);
    RUN(branch_subwarp_completed_as_non_branch_is_refused);
    RUN(random_traffic_no_thread_lost);
    return test_summary();
}
