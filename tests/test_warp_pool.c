/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_warp_pool.c -- golden and unit tests of the warp pool, its free-list
 * allocator and its issue logic (rtl_c/warp_pool, 000 sec. 4.1-4.3).
 *
 * Every step goes through apply(): eval, clock edge, warp_pool_check (the
 * invariants of the header: conservation, free list + used = pool, table
 * counts), and, when the step raised err or was held back without an issue,
 * a byte compare showing the state did not change.  The commit() helper
 * stands in for the PC-warp LUT of the contract (join the lanes that are
 * free in the warp being formed at that PC, start a new warp for the
 * conflicting ones, take free_idx0 / free_idx1 in group order), so the
 * tests drive the pool with exactly the groups the LUT would produce.
 * Masks are bit l = lane l.
 */
#include <string.h>

#include "../rtl_c/bits.h"
#include "../rtl_c/warp_pool.h"
#include "../vcd/vcd.h"
#include "check.h"

static warp_pool_cfg small_cfg(unsigned lanes, unsigned tid_bits, unsigned entries,
                               unsigned policy, unsigned swizzle)
{
    warp_pool_cfg c = warp_pool_default_cfg();
    c.lanes = lanes;
    c.tid_bits = tid_bits;
    c.entries = entries;
    c.policy = policy;
    c.swizzle = swizzle;
    CHECK(warp_pool_cfg_check(&c) == NULL);
    return c;
}

static warp_pool_state before_, lean_, lean2_, lean3_;

/* in's fields truncated to their port widths (what the RTL sees) */
static warp_pool_in in_widths(const warp_pool_cfg *c, const warp_pool_in *in)
{
    warp_pool_in v = *in;
    v.hold &= 1u;
    v.iss_req &= 1u;
    for (unsigned g = 0; g < WARP_POOL_GROUPS; g++) {
        v.g_valid[g] &= 1u;
        v.g_new[g] &= 1u;
        v.g_idx[g] &= bits_index_mask(c->entries);
        v.g_pc[g] &= bits_mask(c->pc_bits);
        v.g_mask[g] &= bits_mask(c->lanes);
        v.g_prio[g] &= bits_mask(c->sched_bits);
    }
    return v;
}

/* One cycle: eval, edge, invariants; err / held cycles leave the state.
 * warp_pool_eval_inputs_lean gives the same outputs but iss_tids (0) and,
 * stepped, the same next state, wherever warp_pool_eval raises neither
 * HOME_LANE nor TID_IN_POOL (the two it does not look for);
 * warp_pool_eval_inputs_legal, given the input truncated to its widths,
 * the same as the lean one wherever warp_pool_eval raises no err but
 * ISS_EMPTY (legal_cycles counts them). */
static unsigned legal_cycles;

static warp_pool_out apply(const warp_pool_cfg *c, warp_pool_state *s, const warp_pool_in *in)
{
    warp_pool_out o, ol;
    const char *why;
    warp_pool_eval(c, s, in, &o);
    warp_pool_eval_state(c, s, &ol);
    warp_pool_eval_inputs_lean(c, s, in, &ol);
    if (o.err_code == WP_ERR_NONE || o.err_code == WP_ERR_ISS_EMPTY) {
        warp_pool_out og;
        const warp_pool_in iv = in_widths(c, in);
        warp_pool_eval_state(c, s, &og);
        warp_pool_eval_inputs_legal(c, s, &iv, &og);
        CHECK(memcmp(&og, &ol, sizeof og) == 0);
        legal_cycles++;
    }
    const int lean = o.err_code != WP_ERR_HOME_LANE && o.err_code != WP_ERR_TID_IN_POOL;
    if (lean) {
        CHECK(memcmp(&ol, &o, offsetof(warp_pool_out, iss_tids)) == 0);
        CHECK(ol.cand_valid == o.cand_valid && ol.cand_idx == o.cand_idx);
        CHECK(ol.iss_tids[0] == 0 && ol.iss_tids[WARP_POOL_MAX_WORDS - 1] == 0);
        lean_ = *s;
        warp_pool_step(c, &lean_, in, &ol);
        lean2_ = *s;
        warp_pool_step_lean(c, &lean2_, in, &ol);
        /* warp_pool_step_lean_lt: the written TIDs per lane, wr_tids 0 */
        uint16_t lt[WARP_POOL_MAX_LANES];
        warp_pool_in in3 = *in;
        for (unsigned l = 0; l < WARP_POOL_MAX_LANES; l++)
            lt[l] = l < c->lanes ? (uint16_t)warp_pool_get_tid(in->wr_tids, l, c->tid_bits) : 0u;
        memset(in3.wr_tids, 0, sizeof in3.wr_tids);
        lean3_ = *s;
        warp_pool_step_lean_lt(c, &lean3_, &in3, &ol, lt);
        CHECK(memcmp(&lean3_, &lean2_, sizeof lean2_) == 0);
    }
    before_ = *s;
    warp_pool_step(c, s, in, &o);
    if (lean) {
        CHECK(memcmp(&lean_, s, sizeof *s) == 0);
        /* warp_pool_step_lean: the same but in_pool (copied over) */
        memcpy(lean2_.in_pool, s->in_pool, sizeof s->in_pool);
        CHECK(memcmp(&lean2_, s, sizeof *s) == 0);
    }
    why = warp_pool_check(c, s);
    if (why)
        printf("  invariant: %s\n", why);
    CHECK(why == NULL);
    CHECK(warp_pool_check_full(c, s) == NULL);
    if (o.err || (!o.ready && !o.iss_valid))
        CHECK(memcmp(&before_, s, sizeof *s) == 0);
    if (o.err)
        CHECK_EQ(o.iss_valid, 0);
    return o;
}

static unsigned next_free(const warp_pool_cfg *c, const warp_pool_state *s, unsigned k)
{
    return s->fifo[(s->head + k) & (c->entries - 1u)];
}

/* ---------------------------------------------------------------- LUT stand-in */
#define MAXF 64
static struct {
    uint64_t pc;
    unsigned idx;
    int valid;
} forming_[MAXF];

static void lut_clear(void) { memset(forming_, 0, sizeof forming_); }

static int lut_find(uint64_t pc)
{
    int i;
    for (i = 0; i < MAXF; i++)
        if (forming_[i].valid && forming_[i].pc == pc)
            return i;
    return -1;
}

static void lut_set(uint64_t pc, unsigned idx)
{
    int i = lut_find(pc);
    if (i < 0)
        for (i = 0; i < MAXF && forming_[i].valid; i++)
            ;
    forming_[i].valid = 1;
    forming_[i].pc = pc;
    forming_[i].idx = idx;
}

/* The committing warp: tid[l] in lane l for the lanes of maskA | maskB;
 * maskA goes to pcA, maskB to pcB.  Builds the four groups as the LUT
 * would and applies one cycle (iss_req as given). */
static warp_pool_out commit(const warp_pool_cfg *c, warp_pool_state *s, const unsigned *tid,
                            uint64_t pcA, uint64_t maskA, uint64_t pcB, uint64_t maskB,
                            unsigned prioA, unsigned prioB, unsigned iss_req)
{
    warp_pool_in in;
    warp_pool_out o;
    unsigned l, p, k = 0;
    uint64_t pcs[2] = {pcA, pcB}, req[2] = {maskA, maskB};
    unsigned prio[2] = {prioA, prioB};
    unsigned new_idx[2] = {0, 0};
    memset(&in, 0, sizeof in);
    in.iss_req = iss_req;
    for (l = 0; l < c->lanes; l++)
        if (bits_get(maskA | maskB, l))
            warp_pool_put_tid(in.wr_tids, l, c->tid_bits, tid[l]);
    for (p = 0; p < 2u; p++) {
        int f;
        if (req[p] == 0u)
            continue;
        f = lut_find(pcs[p]);
        if (f >= 0 && s->valid[forming_[f].idx] && s->pc[forming_[f].idx] == pcs[p]) {
            unsigned x = forming_[f].idx;
            uint64_t join = req[p] & ~s->lv[x], conf = req[p] & s->lv[x];
            if (join) {
                in.g_valid[2 * p] = 1;
                in.g_idx[2 * p] = x;
                in.g_pc[2 * p] = pcs[p];
                in.g_mask[2 * p] = join;
                in.g_prio[2 * p] = prio[p];
            }
            if (conf) {
                in.g_valid[2 * p + 1] = 1;
                in.g_new[2 * p + 1] = 1;
                in.g_idx[2 * p + 1] = next_free(c, s, k);
                in.g_pc[2 * p + 1] = pcs[p];
                in.g_mask[2 * p + 1] = conf;
                in.g_prio[2 * p + 1] = prio[p];
                new_idx[p] = next_free(c, s, k);
                k++;
            }
        } else {
            in.g_valid[2 * p + 1] = 1;
            in.g_new[2 * p + 1] = 1;
            in.g_idx[2 * p + 1] = next_free(c, s, k);
            in.g_pc[2 * p + 1] = pcs[p];
            in.g_mask[2 * p + 1] = req[p];
            in.g_prio[2 * p + 1] = prio[p];
            new_idx[p] = next_free(c, s, k);
            k++;
        }
    }
    o = apply(c, s, &in);
    if (!o.err && o.ready)
        for (p = 0; p < 2u; p++)
            if (in.g_valid[2 * p + 1])
                lut_set(pcs[p], new_idx[p]);
    return o;
}

/* Static warp w of a LANES-wide core: tid[l] = the thread whose home lane is l. */
static void static_warp(const warp_pool_cfg *c, unsigned w, unsigned *tid)
{
    unsigned i;
    for (i = 0; i < c->lanes; i++) {
        unsigned t = w * c->lanes + i;
        tid[warp_pool_home_lane(t, c->lanes, c->swizzle)] = t;
    }
}

static warp_pool_out issue(const warp_pool_cfg *c, warp_pool_state *s)
{
    warp_pool_in in;
    memset(&in, 0, sizeof in);
    in.iss_req = 1;
    return apply(c, s, &in);
}

static warp_pool_out idle(const warp_pool_cfg *c, warp_pool_state *s)
{
    warp_pool_in in;
    memset(&in, 0, sizeof in);
    return apply(c, s, &in);
}

static unsigned iss_tid(const warp_pool_cfg *c, const warp_pool_out *o, unsigned lane)
{
    return warp_pool_get_tid(o->iss_tids, lane, c->tid_bits);
}

static int table_slot(const warp_pool_cfg *c, const warp_pool_state *s, uint64_t pc)
{
    unsigned i;
    for (i = 0; i < c->maj_entries; i++)
        if (s->tv[i] && s->tpc[i] == pc)
            return (int)i;
    return -1;
}

static unsigned table_count(const warp_pool_cfg *c, const warp_pool_state *s, uint64_t pc)
{
    int i = table_slot(c, s, pc);
    return i < 0 ? 0u : s->tcm1[i] + 1u;
}

/* ================================================================ tests */

TEST(bit_counts_table1)
{
    warp_pool_cfg c = warp_pool_default_cfg();
    warp_pool_bitcount b = warp_pool_bits(&c);
    CHECK(warp_pool_cfg_check(&c) == NULL);
    CHECK_EQ(b.pool_entry, 168);   /* TID 8 x 16 + PC 32 + sched 8 */
    CHECK_EQ(b.pool, 43008);       /* x 256, 000 Table 1 */
    CHECK_EQ(b.allocator, 2048);   /* 256 x 8 */
    CHECK_EQ(b.majority, 1280);    /* 32 x (32 + 8) */
    CHECK_EQ(b.pool_ctrl, 256 * 18);
    CHECK_EQ(b.majority_ctrl, 32 + 256); /* slot valid bits; batch marks */
    CHECK_EQ(b.in_pool, 256);
    CHECK_EQ(b.counters, 8 + 9 + 9 + 5 + 1); /* head, free, untr_cnt, lslot, turn */
    CHECK_EQ(warp_pool_idx_w(&c), 8);
    CHECK_EQ(warp_pool_free_w(&c), 9);
    CHECK_EQ(warp_pool_words(&c), 2);
    c.policy = WP_POL_DTIME;
    b = warp_pool_bits(&c);
    CHECK_EQ(b.majority, 0);
    CHECK_EQ(b.pool, 43008);
    CHECK_EQ(b.counters, 8 + 9 + 8);
}

TEST(cfg_check_rejects)
{
    warp_pool_cfg c = warp_pool_default_cfg();
    c.lanes = 12;
    CHECK(warp_pool_cfg_check(&c) != NULL);
    c = warp_pool_default_cfg();
    c.entries = 300;
    CHECK(warp_pool_cfg_check(&c) != NULL);
    c = warp_pool_default_cfg();
    c.tid_bits = 3; /* < log2(16) */
    CHECK(warp_pool_cfg_check(&c) != NULL);
    c = warp_pool_default_cfg();
    c.policy = 5;
    CHECK(warp_pool_cfg_check(&c) != NULL);
    c = warp_pool_default_cfg();
    c.policy = WP_POL_DTIME;
    c.sched_bits = 7; /* stamps must cover 256 entries */
    CHECK(warp_pool_cfg_check(&c) != NULL);
    c = warp_pool_default_cfg();
    c.maj_entries = 33;
    CHECK(warp_pool_cfg_check(&c) != NULL);
    CHECK_EQ(warp_pool_policy_parse("dmaj"), WP_POL_DMAJ);
    CHECK_EQ(warp_pool_policy_parse("DPdPri"), WP_POL_DPDPRI);
    CHECK_EQ(warp_pool_policy_parse("3"), WP_POL_DPC);
    CHECK_EQ(warp_pool_policy_parse("dmax"), -1);
}

TEST(home_lane_and_swizzle)
{
    /* 16 lanes: static warp 0 is identity, warp 1 swaps even/odd */
    CHECK_EQ(warp_pool_home_lane(0, 16, 1), 0);
    CHECK_EQ(warp_pool_home_lane(5, 16, 1), 5);
    CHECK_EQ(warp_pool_home_lane(16, 16, 1), 1);
    CHECK_EQ(warp_pool_home_lane(17, 16, 1), 0);
    CHECK_EQ(warp_pool_home_lane(31, 16, 1), 14);
    CHECK_EQ(warp_pool_home_lane(32, 16, 1), 0);
    CHECK_EQ(warp_pool_home_lane(17, 16, 0), 1);
    {
        uint64_t w[WARP_POOL_MAX_WORDS] = {0};
        unsigned l;
        for (l = 0; l < 16; l++)
            warp_pool_put_tid(w, l, 8, 0xA0u + l);
        for (l = 0; l < 16; l++)
            CHECK_EQ(warp_pool_get_tid(w, l, 8), 0xA0u + l);
        CHECK_EQ(w[0] & 0xff, 0xA0);
        CHECK_EQ(w[1] >> 56, 0xAF);
        /* a field straddling two words: 10-bit TIDs, lane 6 is bits 60..69 */
        memset(w, 0, sizeof w);
        warp_pool_put_tid(w, 6, 10, 0x3A5);
        CHECK_EQ(warp_pool_get_tid(w, 6, 10), 0x3A5);
        CHECK_EQ(w[0] >> 60, 0x5);
        CHECK_EQ(w[1], 0x3A);
    }
}

/* 000 Fig. 9 made concrete: two 4-thread warps W0 = tids 0-3, W1 = tids
 * 4-7, home lane = tid mod 4, swizzle off.  W0: lanes 0,1 -> A, lanes 2,3
 * -> B.  W1: lanes 0,1 -> B, lanes 2,3 -> A.  Dynamic formation gives two
 * full warps A = {0,1,6,7}, B = {4,5,2,3}: two issues of 4 threads where a
 * static stack issues four half-full warps. */
TEST(fig9_golden)
{
    enum { A = 0x40, B = 0x80 };
    warp_pool_cfg c = small_cfg(4, 3, 8, WP_POL_DMAJ, 0);
    warp_pool_state s;
    warp_pool_out o;
    unsigned tid[4];
    warp_pool_reset(&c, &s);
    lut_clear();

    o = idle(&c, &s);
    CHECK_EQ(o.free_cnt, 8);
    CHECK_EQ(o.free_idx0, 0);
    CHECK_EQ(o.free_idx1, 1);

    /* W0: lanes 0,1 -> A (new, free_idx0 = 0); lanes 2,3 -> B (new, 1) */
    static_warp(&c, 0, tid);
    o = commit(&c, &s, tid, A, 0x3, B, 0xC, 0, 0, 0);
    CHECK_EQ(o.err, 0);
    CHECK_EQ(o.ready, 1);
    CHECK_EQ(s.valid[0], 1);
    CHECK_EQ(s.pc[0], A);
    CHECK_EQ(s.lv[0], 0x3);
    CHECK_EQ(s.tid[0][0], 0);
    CHECK_EQ(s.tid[0][1], 1);
    CHECK_EQ(s.valid[1], 1);
    CHECK_EQ(s.pc[1], B);
    CHECK_EQ(s.lv[1], 0xC);
    CHECK_EQ(s.tid[1][2], 2);
    CHECK_EQ(s.tid[1][3], 3);
    CHECK_EQ(s.fcnt, 6);
    CHECK_EQ(s.head, 2);
    CHECK_EQ(table_count(&c, &s, A), 2);
    CHECK_EQ(table_count(&c, &s, B), 2);
    /* new PCs take the free slots nearest the bottom (A 31, B 30); slots
     * never move (the choice is by the counts, not by position) */
    CHECK_EQ(table_slot(&c, &s, A), 31);
    CHECK_EQ(table_slot(&c, &s, B), 30);

    /* W1: lanes 0,1 (tids 4,5) join B; lanes 2,3 (tids 6,7) join A */
    static_warp(&c, 1, tid);
    o = commit(&c, &s, tid, A, 0xC, B, 0x3, 0, 0, 0);
    CHECK_EQ(o.err, 0);
    CHECK_EQ(o.free_cnt, 6); /* no new warp */
    CHECK_EQ(s.lv[0], 0xF);
    CHECK_EQ(s.tid[0][0], 0);
    CHECK_EQ(s.tid[0][1], 1);
    CHECK_EQ(s.tid[0][2], 6);
    CHECK_EQ(s.tid[0][3], 7);
    CHECK_EQ(s.lv[1], 0xF);
    CHECK_EQ(s.tid[1][0], 4);
    CHECK_EQ(s.tid[1][1], 5);
    CHECK_EQ(s.tid[1][2], 2);
    CHECK_EQ(s.tid[1][3], 3);
    CHECK_EQ(s.fcnt, 6);
    CHECK_EQ(table_count(&c, &s, A), 4);
    CHECK_EQ(table_count(&c, &s, B), 4);
    CHECK_EQ(table_slot(&c, &s, A), 31);
    CHECK_EQ(table_slot(&c, &s, B), 30);

    /* issue: the largest count, 4 and 4: the tie goes to the lower slot,
     * B's (30): all of B */
    o = issue(&c, &s);
    CHECK_EQ(o.iss_valid, 1);
    CHECK_EQ(o.iss_src, WP_SRC_PICK);
    CHECK_EQ(o.iss_idx, 1);
    CHECK_EQ(o.iss_pc, B);
    CHECK_EQ(o.iss_mask, 0xF);
    CHECK_EQ(iss_tid(&c, &o, 0), 4);
    CHECK_EQ(iss_tid(&c, &o, 1), 5);
    CHECK_EQ(iss_tid(&c, &o, 2), 2);
    CHECK_EQ(iss_tid(&c, &o, 3), 3);
    CHECK_EQ(s.valid[1], 0);
    CHECK_EQ(table_slot(&c, &s, B), -1);
    CHECK_EQ(s.fcnt, 7);
    CHECK_EQ(s.fifo[(s.head + 6) & 7], 1); /* entry 1 back at the tail */

    o = issue(&c, &s);
    CHECK_EQ(o.iss_valid, 1);
    CHECK_EQ(o.iss_idx, 0);
    CHECK_EQ(o.iss_pc, A);
    CHECK_EQ(o.iss_mask, 0xF);
    CHECK_EQ(iss_tid(&c, &o, 0), 0);
    CHECK_EQ(iss_tid(&c, &o, 1), 1);
    CHECK_EQ(iss_tid(&c, &o, 2), 6);
    CHECK_EQ(iss_tid(&c, &o, 3), 7);
    CHECK_EQ(s.fcnt, 8);
    {
        unsigned t;
        for (t = 0; t < 8; t++)
            CHECK_EQ(s.in_pool[t], 0);
    }
    /* issuing from the now empty pool is illegal */
    o = issue(&c, &s);
    CHECK_EQ(o.err, 1);
    CHECK_EQ(o.err_code, WP_ERR_ISS_EMPTY);
    CHECK_EQ(o.iss_valid, 0);
}

/* 000 Fig. 7 / sec. 4.1: even threads take the branch (T), odd ones do not
 * (N).  4 lanes, 16 threads in 4 static warps.  Without swizzling every
 * even thread sits in lane 0 or 2, so no warp at T (or N) can hold more
 * than 2 threads: 8 issues of 2.  With swizzling the odd static warps put
 * their even threads in lanes 1 and 3: 4 full issues. */
static void even_odd(unsigned swizzle, unsigned *hist)
{
    enum { T = 0x100, N = 0x200 };
    warp_pool_cfg c = small_cfg(4, 4, 16, WP_POL_DMAJ, swizzle);
    warp_pool_state s;
    warp_pool_out o;
    unsigned w, l, tid[4], n;
    warp_pool_reset(&c, &s);
    lut_clear();
    memset(hist, 0, 5 * sizeof *hist);
    for (w = 0; w < 4; w++) {
        uint64_t even = 0, odd = 0;
        static_warp(&c, w, tid);
        for (l = 0; l < 4; l++) {
            /* home-lane check: each tid sits where the pool expects it */
            CHECK_EQ(warp_pool_home_lane(tid[l], 4, swizzle), l);
            if (tid[l] % 2u == 0u)
                even |= 1u << l;
            else
                odd |= 1u << l;
        }
        CHECK_EQ(even, swizzle && (w & 1u) ? 0xA : 0x5);
        o = commit(&c, &s, tid, T, even, N, odd, 0, 0, 0);
        CHECK_EQ(o.err, 0);
    }
    for (n = 0; n < 16; n++) {
        o = issue(&c, &s);
        if (!o.iss_valid)
            break;
        hist[bits_popcount(o.iss_mask)]++;
    }
    CHECK_EQ(s.fcnt, 16); /* everything issued */
}

TEST(even_odd_pathology)
{
    unsigned hist[5];
    even_odd(0, hist);
    CHECK_EQ(hist[2], 8);
    CHECK_EQ(hist[4], 0);
    even_odd(1, hist);
    CHECK_EQ(hist[4], 4);
    CHECK_EQ(hist[2], 0);
}

/* Majority setup: 4 lanes, 32 threads, swizzle off.  Five commits leave
 * PC P1 with 10 threads (warps of 4, 4, 2), P2 with 6 (4, 2), P3 with 3. */
enum { P1 = 0x300, P2 = 0x100, P3 = 0x200 };

static void majority_setup(const warp_pool_cfg *c, warp_pool_state *s)
{
    unsigned tid[4];
    warp_pool_out o;
    warp_pool_reset(c, s);
    lut_clear();
    static_warp(c, 0, tid); /* lanes 0-2 -> P3 (new e0), lane 3 -> P2 (new e1) */
    o = commit(c, s, tid, P3, 0x7, P2, 0x8, 1, 0, 0);
    CHECK_EQ(o.err, 0);
    static_warp(c, 1, tid); /* all -> P1 (new e2) */
    o = commit(c, s, tid, P1, 0xF, 0, 0, 2, 0, 0);
    CHECK_EQ(o.err, 0);
    static_warp(c, 2, tid); /* lanes 0-2 join P2's e1; lane 3 -> P1: conflict, new e3 */
    o = commit(c, s, tid, P2, 0x7, P1, 0x8, 0, 2, 0);
    CHECK_EQ(o.err, 0);
    static_warp(c, 3, tid); /* lanes 0-2 join e3; lane 3 conflicts: new e4 */
    o = commit(c, s, tid, P1, 0xF, 0, 0, 2, 0, 0);
    CHECK_EQ(o.err, 0);
    static_warp(c, 4, tid); /* lanes 0,1 -> P2 (e1 full: new e5), lane 2 joins e4 */
    o = commit(c, s, tid, P2, 0x3, P1, 0x4, 0, 2, 0);
    CHECK_EQ(o.err, 0);
    CHECK_EQ(s->lv[0], 0x7);
    CHECK_EQ(s->lv[1], 0xF);
    CHECK_EQ(s->lv[2], 0xF);
    CHECK_EQ(s->lv[3], 0xF);
    CHECK_EQ(s->lv[4], 0xC);
    CHECK_EQ(s->lv[5], 0x3);
    CHECK_EQ(s->pc[0], P3);
    CHECK_EQ(s->pc[1], P2);
    CHECK_EQ(s->pc[2], P1);
    CHECK_EQ(s->pc[3], P1);
    CHECK_EQ(s->pc[4], P1);
    CHECK_EQ(s->pc[5], P2);
    if (c->policy == WP_POL_DMAJ || c->policy == WP_POL_DMIN) {
        CHECK_EQ(table_count(c, s, P1), 10);
        CHECK_EQ(table_count(c, s, P2), 6);
        CHECK_EQ(table_count(c, s, P3), 3);
    }
}

/* issues until the pool is empty; returns the count; pcs/idx in order */
static unsigned drain(const warp_pool_cfg *c, warp_pool_state *s, uint64_t *pcs, unsigned *idx,
                      unsigned *src)
{
    unsigned n = 0;
    while (s->fcnt < c->entries && n < 64u) {
        warp_pool_out o = issue(c, s);
        CHECK_EQ(o.iss_valid, 1);
        if (!o.iss_valid)
            break;
        pcs[n] = o.iss_pc;
        idx[n] = (unsigned)o.iss_idx;
        if (src)
            src[n] = (unsigned)o.iss_src;
        n++;
    }
    return n;
}

TEST(majority_10_6_3)
{
    warp_pool_cfg c = small_cfg(4, 5, 32, WP_POL_DMAJ, 0);
    warp_pool_state s;
    uint64_t pcs[64];
    unsigned idx[64], src[64], i, n;
    majority_setup(&c, &s);
    /* no wait: the choice reads the counts (P3 took slot 31, P2 30, P1 29) */
    CHECK_EQ(s.tpc[31], P3);
    CHECK_EQ(s.tcm1[31] + 1u, 3);
    CHECK_EQ(s.tpc[30], P2);
    CHECK_EQ(s.tcm1[30] + 1u, 6);
    CHECK_EQ(s.tpc[29], P1);
    CHECK_EQ(s.tcm1[29] + 1u, 10);
    for (i = 0; i < 29; i++)
        CHECK_EQ(s.tv[i], 0);
    CHECK_EQ(warp_pool_table_pick(&c, &s), 29);
    n = drain(&c, &s, pcs, idx, src);
    CHECK_EQ(n, 6);
    /* every warp of P1 first (lowest index first), then P2, then P3 */
    CHECK_EQ(pcs[0], P1); CHECK_EQ(idx[0], 2); CHECK_EQ(src[0], WP_SRC_PICK);
    CHECK_EQ(pcs[1], P1); CHECK_EQ(idx[1], 3); CHECK_EQ(src[1], WP_SRC_LOCK);
    CHECK_EQ(pcs[2], P1); CHECK_EQ(idx[2], 4); CHECK_EQ(src[2], WP_SRC_LOCK);
    CHECK_EQ(pcs[3], P2); CHECK_EQ(idx[3], 1); CHECK_EQ(src[3], WP_SRC_PICK);
    CHECK_EQ(pcs[4], P2); CHECK_EQ(idx[4], 5);
    CHECK_EQ(pcs[5], P3); CHECK_EQ(idx[5], 0);
}

/* The lock holds: once P1 is chosen, P2 overtaking it in count does not
 * stop P1's remaining warps from issuing first. */
TEST(majority_lock_holds)
{
    warp_pool_cfg c = small_cfg(4, 5, 32, WP_POL_DMAJ, 0);
    warp_pool_state s;
    warp_pool_out o;
    unsigned tid[4];
    majority_setup(&c, &s);
    o = issue(&c, &s); /* P1 chosen: e2; its other warps e3, e4 locked */
    CHECK_EQ(o.iss_pc, P1);
    CHECK_EQ(o.iss_src, WP_SRC_PICK);
    CHECK_EQ(table_count(&c, &s, P1), 6);
    /* 8 more threads at P2: P2 = 14 > P1 = 6 */
    static_warp(&c, 5, tid);
    o = commit(&c, &s, tid, P2, 0xF, 0, 0, 0, 0, 0);
    CHECK_EQ(o.err, 0);
    static_warp(&c, 6, tid);
    o = commit(&c, &s, tid, P2, 0xF, 0, 0, 0, 0, 0);
    CHECK_EQ(o.err, 0);
    CHECK_EQ(table_count(&c, &s, P2), 14);
    CHECK_EQ(warp_pool_table_pick(&c, &s), table_slot(&c, &s, P2)); /* P2 the majority now */
    o = issue(&c, &s);
    CHECK_EQ(o.iss_pc, P1);
    CHECK_EQ(o.iss_src, WP_SRC_LOCK);
    o = issue(&c, &s);
    CHECK_EQ(o.iss_pc, P1);
    CHECK_EQ(o.iss_src, WP_SRC_LOCK);
    CHECK_EQ(table_slot(&c, &s, P1), -1);
    o = issue(&c, &s);
    CHECK_EQ(o.iss_pc, P2);
    CHECK_EQ(o.iss_src, WP_SRC_PICK);
}

TEST(policy_dmin)
{
    warp_pool_cfg c = small_cfg(4, 5, 32, WP_POL_DMIN, 0);
    warp_pool_state s;
    uint64_t pcs[64];
    unsigned idx[64], n;
    majority_setup(&c, &s);
    n = drain(&c, &s, pcs, idx, NULL);
    CHECK_EQ(n, 6);
    CHECK_EQ(pcs[0], P3); CHECK_EQ(idx[0], 0);
    CHECK_EQ(pcs[1], P2); CHECK_EQ(idx[1], 1);
    CHECK_EQ(pcs[2], P2); CHECK_EQ(idx[2], 5);
    CHECK_EQ(pcs[3], P1); CHECK_EQ(idx[3], 2);
    CHECK_EQ(pcs[4], P1); CHECK_EQ(idx[4], 3);
    CHECK_EQ(pcs[5], P1); CHECK_EQ(idx[5], 4);
}

/* Issue 11 item 6: DMaj and DMin choose by the counts themselves, at once:
 * no table sort to wait for.  An 8-thread PC and a 1-thread PC enter in
 * either order; after any wait of 0..40 idle cycles DMaj issues the 8-thread
 * PC and DMin the 1-thread PC. */
TEST(majority_choice_by_count_at_once)
{
    enum { PB = 0x800, PA = 0x900 };
    unsigned pol, order, wait, i;
    for (pol = WP_POL_DMAJ; pol <= WP_POL_DMIN; pol++)
        for (order = 0; order < 2; order++)
            for (wait = 0; wait <= 40; wait++) {
                warp_pool_cfg c = small_cfg(8, 6, 64, pol, 0);
                warp_pool_state s;
                warp_pool_out o;
                unsigned t0[8], t1[8];
                warp_pool_reset(&c, &s);
                lut_clear();
                static_warp(&c, 0, t0);
                static_warp(&c, 1, t1);
                if (order == 0) {
                    commit(&c, &s, t0, PB, 0xFF, 0, 0, 0, 0, 0);
                    commit(&c, &s, t1, PA, 0x01, 0, 0, 0, 0, 0);
                } else {
                    commit(&c, &s, t1, PA, 0x01, 0, 0, 0, 0, 0);
                    commit(&c, &s, t0, PB, 0xFF, 0, 0, 0, 0, 0);
                }
                for (i = 0; i < wait; i++)
                    idle(&c, &s);
                o = issue(&c, &s);
                CHECK_EQ(o.iss_valid, 1);
                CHECK_EQ(o.iss_src, WP_SRC_PICK);
                CHECK_EQ(o.iss_pc, pol == WP_POL_DMAJ ? PB : PA);
                if (o.iss_pc != (pol == WP_POL_DMAJ ? (uint64_t)PB : (uint64_t)PA)) {
                    printf("  %s order %u wait %u\n", warp_pool_policy_name(pol), order, wait);
                    return;
                }
            }
}

/* DMin has no lock (000 sec. 4.3 gives DMin none): every DMin issue is a
 * fresh pick of the least frequent PC.  P2 is picked (6 threads: e1 4, e5
 * 2); after e1 issues, P2 holds 2 threads; a new PC P4 with 1 thread then
 * comes before P2's e5. */
TEST(dmin_has_no_lock)
{
    enum { P4 = 0x440 };
    warp_pool_cfg c = small_cfg(4, 5, 32, WP_POL_DMIN, 0);
    warp_pool_state s;
    warp_pool_out o;
    unsigned tid[4];
    majority_setup(&c, &s);
    o = issue(&c, &s);
    CHECK_EQ(o.iss_pc, P3);
    CHECK_EQ(o.iss_src, WP_SRC_PICK);
    o = issue(&c, &s);
    CHECK_EQ(o.iss_pc, P2);
    CHECK_EQ(o.iss_idx, 1);
    CHECK_EQ(o.iss_src, WP_SRC_PICK);
    static_warp(&c, 5, tid);
    o = commit(&c, &s, tid, P4, 0x1, 0, 0, 0, 0, 0);
    CHECK_EQ(o.err, 0);
    o = issue(&c, &s);
    CHECK_EQ(o.iss_pc, P4);
    CHECK_EQ(o.iss_src, WP_SRC_PICK);
    o = issue(&c, &s);
    CHECK_EQ(o.iss_pc, P2);
    CHECK_EQ(o.iss_idx, 5);
    CHECK_EQ(o.iss_src, WP_SRC_PICK);
}

/* Issue 11 item 5: majority-table overflow must not starve tracked warps.
 * MAJ = 2, Q0 and Q1 tracked; then every cycle one warp issues and one
 * thread commits to a brand-new PC (untracked: the table is full, then
 * untracked threads exist).  Both tracked warps must issue within the
 * bound of the header (3 * POOL issues for any warp under overflow). */
TEST(overflow_wait_is_bounded)
{
    enum { Q0 = 0x10, Q1 = 0x20 };
    warp_pool_cfg c = small_cfg(4, 5, 32, WP_POL_DMAJ, 0);
    warp_pool_state s;
    warp_pool_out o;
    unsigned tid[4], q[32], qh = 0, qn = 0, k, l, seen0 = 0, seen1 = 0;
    uint64_t pc = 0x1000;
    c.maj_entries = 2;
    CHECK(warp_pool_cfg_check(&c) == NULL);
    warp_pool_reset(&c, &s);
    lut_clear();
    static_warp(&c, 0, tid);
    o = commit(&c, &s, tid, Q0, 0x3, Q1, 0xC, 0, 0, 0);
    CHECK_EQ(o.err, 0);
    for (k = 4; k < 32; k++)
        q[qn++] = k;
    for (k = 0; k < 3u * c.entries && !(seen0 && seen1); k++) {
        unsigned t = q[qh];
        memset(tid, 0, sizeof tid);
        tid[t % 4u] = t;
        qh = (qh + 1u) % 32u;
        qn--;
        o = commit(&c, &s, tid, pc, 1ull << (t % 4u), 0, 0, 0, 0, 1);
        pc += 4;
        CHECK_EQ(o.err, 0);
        CHECK_EQ(o.iss_valid, 1);
        if (o.iss_valid && o.iss_pc == Q0)
            seen0 = 1;
        if (o.iss_valid && o.iss_pc == Q1)
            seen1 = 1;
        for (l = 0; l < 4u && o.iss_valid; l++)
            if (bits_get(o.iss_mask, l)) {
                q[(qh + qn) % 32u] = iss_tid(&c, &o, l);
                qn++;
            }
        if (o.err || !o.iss_valid)
            break;
    }
    CHECK(seen0);
    CHECK(seen1);
}

TEST(policy_dtime)
{
    warp_pool_cfg c = small_cfg(4, 5, 32, WP_POL_DTIME, 0);
    warp_pool_state s;
    uint64_t pcs[64];
    unsigned idx[64], n;
    majority_setup(&c, &s);
    CHECK_EQ(s.stamp, 6);
    CHECK_EQ(s.sched[0], 0);
    CHECK_EQ(s.sched[1], 1);
    CHECK_EQ(s.sched[5], 5);
    n = drain(&c, &s, pcs, idx, NULL);
    CHECK_EQ(n, 6);
    /* allocation order: e0, e1 (first commit), e2, e3, e4, e5 */
    CHECK_EQ(idx[0], 0);
    CHECK_EQ(idx[1], 1);
    CHECK_EQ(idx[2], 2);
    CHECK_EQ(idx[3], 3);
    CHECK_EQ(idx[4], 4);
    CHECK_EQ(idx[5], 5);
}

/* DTime across stamp wrap-around: 3-bit stamps on an 8-entry pool; warps
 * keep arriving while the oldest issues; the order stays oldest-first. */
TEST(policy_dtime_wrap)
{
    warp_pool_cfg c = small_cfg(2, 4, 8, WP_POL_DTIME, 0);
    warp_pool_state s;
    warp_pool_out o;
    unsigned k, t, expect = 0;
    c.sched_bits = 3;
    CHECK(warp_pool_cfg_check(&c) == NULL);
    warp_pool_reset(&c, &s);
    lut_clear();
    /* 8 singleton warps at distinct PCs, tids 0..7 in their home lanes */
    for (t = 0; t < 8; t++) {
        unsigned tid[2] = {t, t};
        o = commit(&c, &s, tid, 0x10 + t, (uint64_t)1 << (t & 1u), 0, 0, 0, 0, 0);
        CHECK_EQ(o.err, 0);
    }
    /* 20 rounds: issue the oldest, re-admit its thread as a new warp */
    for (k = 0; k < 20; k++) {
        unsigned tid[2];
        o = issue(&c, &s);
        CHECK_EQ(o.iss_valid, 1);
        t = warp_pool_get_tid(o.iss_tids, (unsigned)bits_ffs(o.iss_mask), c.tid_bits);
        CHECK_EQ(t, expect % 8u); /* threads come back in FIFO order */
        expect++;
        tid[0] = tid[1] = t;
        o = commit(&c, &s, tid, 0x40 + k, (uint64_t)1 << (t & 1u), 0, 0, 0, 0, 0);
        CHECK_EQ(o.err, 0);
    }
    CHECK_EQ(s.stamp, (8 + 20) % 8); /* the stamp wrapped three times */
}

TEST(policy_dpc)
{
    warp_pool_cfg c = small_cfg(4, 5, 32, WP_POL_DPC, 0);
    warp_pool_state s;
    uint64_t pcs[64];
    unsigned idx[64], n;
    majority_setup(&c, &s);
    n = drain(&c, &s, pcs, idx, NULL);
    CHECK_EQ(n, 6);
    /* smallest PC first: P2 (0x100), P3 (0x200), P1 (0x300) */
    CHECK_EQ(pcs[0], P2); CHECK_EQ(idx[0], 1);
    CHECK_EQ(pcs[1], P2); CHECK_EQ(idx[1], 5);
    CHECK_EQ(pcs[2], P3); CHECK_EQ(idx[2], 0);
    CHECK_EQ(pcs[3], P1); CHECK_EQ(idx[3], 2);
    CHECK_EQ(pcs[4], P1); CHECK_EQ(idx[4], 3);
    CHECK_EQ(pcs[5], P1); CHECK_EQ(idx[5], 4);
}

TEST(policy_dpdpri)
{
    /* priorities given in majority_setup: P3 1, P2 0, P1 2 */
    warp_pool_cfg c = small_cfg(4, 5, 32, WP_POL_DPDPRI, 0);
    warp_pool_state s;
    uint64_t pcs[64];
    unsigned idx[64], n;
    majority_setup(&c, &s);
    CHECK_EQ(s.sched[0], 1);
    CHECK_EQ(s.sched[1], 0);
    CHECK_EQ(s.sched[2], 2);
    n = drain(&c, &s, pcs, idx, NULL);
    CHECK_EQ(n, 6);
    CHECK_EQ(idx[0], 1);
    CHECK_EQ(idx[1], 5);
    CHECK_EQ(idx[2], 0);
    CHECK_EQ(idx[3], 2);
    CHECK_EQ(idx[4], 3);
    CHECK_EQ(idx[5], 4);
}

/* Table overflow: MAJ = 2.  PCs Q0, Q1 tracked; Q2, Q3 untracked (ovf);
 * while untracked threads exist a freed slot is not reallocated; joins to a
 * tracked PC are still counted.  Batches alternate: a drain batch (the
 * untracked warps present when it began; a warp untracked later waits for
 * the next drain), then a table pick, then the next drain; then tracking
 * resumes. */
TEST(table_overflow_fallback)
{
    enum { Q0 = 0x10, Q1 = 0x20, Q2 = 0x30, Q3 = 0x40, Q4 = 0x50 };
    warp_pool_cfg c = small_cfg(4, 5, 32, WP_POL_DMAJ, 0);
    warp_pool_state s;
    warp_pool_out o;
    unsigned tid[4], i;
    c.maj_entries = 2;
    CHECK(warp_pool_cfg_check(&c) == NULL);
    warp_pool_reset(&c, &s);
    lut_clear();
    static_warp(&c, 0, tid);
    o = commit(&c, &s, tid, Q0, 0x3, Q1, 0xC, 0, 0, 0); /* e0 Q0, e1 Q1 */
    CHECK_EQ(o.ovf, 0);
    CHECK_EQ(s.untr_cnt, 0);
    static_warp(&c, 1, tid);
    o = commit(&c, &s, tid, Q2, 0x1, Q3, 0x6, 0, 0, 0); /* e2 Q2, e3 Q3: table full */
    CHECK_EQ(o.err, 0);
    CHECK_EQ(s.untr[2], 1);
    CHECK_EQ(s.untr[3], 1);
    CHECK_EQ(s.untr[0], 0);
    CHECK_EQ(s.untr_cnt, 3);
    CHECK_EQ(table_slot(&c, &s, Q2), -1);
    /* lane 3 of W1 joins Q0 (tracked): counted even during overflow */
    o = commit(&c, &s, tid, Q0, 0x8, 0, 0, 0, 0, 0);
    CHECK_EQ(o.err, 0);
    CHECK_EQ(o.ovf, 1);
    CHECK_EQ(table_count(&c, &s, Q0), 3);
    CHECK_EQ(s.lv[0], 0xB);
    /* a drain batch begins: e2 issues, e3 is marked */
    o = issue(&c, &s);
    CHECK_EQ(o.iss_src, WP_SRC_UNTRACKED);
    CHECK_EQ(o.iss_idx, 2);
    CHECK_EQ(s.mk[3], 1);
    CHECK_EQ(s.turn, 1);
    /* a new PC arriving while untracked threads exist is untracked too,
     * and not in the running batch */
    static_warp(&c, 2, tid);
    o = commit(&c, &s, tid, Q4, 0x1, 0, 0, 0, 0, 0); /* e4 */
    CHECK_EQ(s.untr[4], 1);
    CHECK_EQ(s.mk[4], 0);
    CHECK_EQ(s.untr_cnt, 3);
    o = issue(&c, &s);
    CHECK_EQ(o.iss_src, WP_SRC_UNTRACKED);
    CHECK_EQ(o.iss_idx, 3);
    /* the batch is done: the table's turn (Q0, 3 threads, over Q1's 2),
     * although untracked threads (e4) remain */
    o = issue(&c, &s);
    CHECK_EQ(o.iss_src, WP_SRC_PICK);
    CHECK_EQ(o.iss_pc, Q0);
    CHECK_EQ(s.turn, 0);
    /* then the next drain */
    o = issue(&c, &s);
    CHECK_EQ(o.iss_src, WP_SRC_UNTRACKED);
    CHECK_EQ(o.iss_idx, 4);
    CHECK_EQ(s.untr_cnt, 0);
    CHECK_EQ(o.ovf, 1); /* ovf shows the registered state */
    o = idle(&c, &s);
    CHECK_EQ(o.ovf, 0);
    /* tracking resumes for a new PC */
    o = commit(&c, &s, tid, Q4, 0x2, 0, 0, 0, 0, 0);
    CHECK_EQ(o.err, 0);
    CHECK(table_slot(&c, &s, Q4) >= 0);
    CHECK_EQ(table_count(&c, &s, Q4), 1);
    o = issue(&c, &s);
    CHECK_EQ(o.iss_src, WP_SRC_PICK);
    CHECK_EQ(o.iss_pc, Q1);
    for (i = 0; i < 4; i++)
        if (s.fcnt < c.entries)
            issue(&c, &s);
    CHECK_EQ(s.fcnt, c.entries);
}

/* The pool full: POOL = 4 < THREADS = 16.  A commit needing a new warp gets
 * ready = 0 and nothing is written; an issue in the same cycle still goes;
 * the held commit is accepted next cycle. */
TEST(full_pool_pushes_back)
{
    warp_pool_cfg c = small_cfg(4, 4, 4, WP_POL_DTIME, 0);
    warp_pool_state s;
    warp_pool_out o;
    unsigned tid[4], w;
    c.sched_bits = 2;
    warp_pool_reset(&c, &s);
    lut_clear();
    for (w = 0; w < 2; w++) {
        static_warp(&c, w, tid);
        o = commit(&c, &s, tid, 0x100 + 8 * w, 0x3, 0x104 + 8 * w, 0xC, 0, 0, 0);
        CHECK_EQ(o.err, 0);
        CHECK_EQ(o.ready, 1);
    }
    CHECK_EQ(s.fcnt, 0);
    static_warp(&c, 2, tid);
    o = commit(&c, &s, tid, 0x200, 0xF, 0, 0, 0, 0, 0); /* held, no issue: unchanged */
    CHECK_EQ(o.ready, 0);
    CHECK_EQ(o.err, 0);
    CHECK_EQ(o.iss_valid, 0);
    CHECK_EQ(s.in_pool[8], 0);
    o = commit(&c, &s, tid, 0x200, 0xF, 0, 0, 0, 0, 1); /* held, the issue goes */
    CHECK_EQ(o.ready, 0);
    CHECK_EQ(o.iss_valid, 1);
    CHECK_EQ(o.iss_idx, 0);
    CHECK_EQ(s.fcnt, 1);
    CHECK_EQ(s.in_pool[8], 0);
    CHECK_EQ(s.valid[0], 0);
    o = commit(&c, &s, tid, 0x200, 0xF, 0, 0, 0, 0, 0);
    CHECK_EQ(o.ready, 1);
    CHECK_EQ(o.err, 0);
    CHECK_EQ(s.valid[0], 1);
    CHECK_EQ(s.pc[0], 0x200);
    CHECK_EQ(s.in_pool[8], 1);
}

/* One illegal cycle: asserts err_code and (in apply) the unchanged state. */
static void expect_err(const warp_pool_cfg *c, warp_pool_state *s, const warp_pool_in *in,
                       unsigned code)
{
    warp_pool_out o = apply(c, s, in);
    CHECK_EQ(o.err, 1);
    CHECK_EQ(o.err_code, code);
    CHECK_EQ(o.iss_valid, 0);
    CHECK(memcmp(&before_, s, sizeof *s) == 0);
}

TEST(illegal_inputs)
{
    warp_pool_cfg c = small_cfg(4, 4, 16, WP_POL_DMAJ, 1);
    warp_pool_state s;
    warp_pool_in in;
    warp_pool_out o;
    unsigned tid[4], l;
    warp_pool_reset(&c, &s);
    lut_clear();

    memset(&in, 0, sizeof in);
    in.iss_req = 1; /* empty pool */
    expect_err(&c, &s, &in, WP_ERR_ISS_EMPTY);

    /* e0 = {A: lanes 0,1 of W0}; e1 = {B: lanes 2,3} */
    static_warp(&c, 0, tid);
    o = commit(&c, &s, tid, 0xA0, 0x3, 0xB0, 0xC, 0, 0, 0);
    CHECK_EQ(o.err, 0);

    /* W1 (swizzled: tid 4 in lane 1, 5 in lane 0, 6 in 3, 7 in 2) */
    static_warp(&c, 1, tid);
    CHECK_EQ(tid[0], 5);
    CHECK_EQ(tid[1], 4);
#define BASE_IN()                                                                      \
    do {                                                                               \
        memset(&in, 0, sizeof in);                                                     \
        for (l = 0; l < 4; l++)                                                        \
            warp_pool_put_tid(in.wr_tids, l, 4, tid[l]);                               \
    } while (0)

    BASE_IN(); /* a new warp on a join group (g0), a join on a new group (g3) */
    in.g_valid[0] = 1; in.g_new[0] = 1; in.g_idx[0] = next_free(&c, &s, 0); in.g_pc[0] = 0xC0;
    in.g_mask[0] = 0x1;
    expect_err(&c, &s, &in, WP_ERR_GROUP_KIND);
    BASE_IN();
    in.g_valid[3] = 1; in.g_idx[3] = 0; in.g_pc[3] = 0xA0; in.g_mask[3] = 0x4;
    expect_err(&c, &s, &in, WP_ERR_GROUP_KIND);

    BASE_IN(); /* overlapping masks */
    in.g_valid[1] = 1; in.g_new[1] = 1; in.g_idx[1] = 2; in.g_pc[1] = 0xC0; in.g_mask[1] = 0x3;
    in.g_valid[3] = 1; in.g_new[3] = 1; in.g_idx[3] = 3; in.g_pc[3] = 0xD0; in.g_mask[3] = 0x6;
    expect_err(&c, &s, &in, WP_ERR_OVERLAP);

    BASE_IN(); /* pair with two PCs */
    in.g_valid[0] = 1; in.g_idx[0] = 0; in.g_pc[0] = 0xA0; in.g_mask[0] = 0x4;
    in.g_valid[1] = 1; in.g_new[1] = 1; in.g_idx[1] = 2; in.g_pc[1] = 0xA4; in.g_mask[1] = 0x1;
    expect_err(&c, &s, &in, WP_ERR_PAIR_PC);

    BASE_IN(); /* new group with no lane */
    in.g_valid[1] = 1; in.g_new[1] = 1; in.g_idx[1] = 2; in.g_pc[1] = 0xC0; in.g_mask[1] = 0;
    expect_err(&c, &s, &in, WP_ERR_NEW_EMPTY);

    BASE_IN(); /* tid 4 written in lane 0: its home lane is 1 (swizzled) */
    warp_pool_put_tid(in.wr_tids, 0, 4, 4);
    in.g_valid[1] = 1; in.g_new[1] = 1; in.g_idx[1] = 2; in.g_pc[1] = 0xC0; in.g_mask[1] = 0x1;
    expect_err(&c, &s, &in, WP_ERR_HOME_LANE);

    BASE_IN(); /* tid 0 (lane 0) is already in e0 */
    warp_pool_put_tid(in.wr_tids, 0, 4, 0);
    in.g_valid[1] = 1; in.g_new[1] = 1; in.g_idx[1] = 2; in.g_pc[1] = 0xC0; in.g_mask[1] = 0x1;
    expect_err(&c, &s, &in, WP_ERR_TID_IN_POOL);

    BASE_IN(); /* join into an invalid entry (5) and out of range is impossible (4 bits) */
    in.g_valid[0] = 1; in.g_idx[0] = 5; in.g_pc[0] = 0xA0; in.g_mask[0] = 0x4;
    expect_err(&c, &s, &in, WP_ERR_JOIN_INVALID);

    BASE_IN(); /* join into the warp issuing this cycle (e1: B is picked) */
    in.iss_req = 1;
    o = issue(&c, &s); /* (a real issue first: e0 or e1 leaves) */
    CHECK_EQ(o.iss_valid, 1);
    {
        /* re-admit the issued threads so the pool has two warps again */
        unsigned x = (unsigned)o.iss_idx;
        uint64_t pcx = o.iss_pc, mx = o.iss_mask;
        unsigned t0[4];
        static_warp(&c, 0, t0);
        o = commit(&c, &s, t0, pcx, mx, 0, 0, 0, 0, 0);
        CHECK_EQ(o.err, 0);
        (void)x;
    }
    {
        /* the candidate now: ask eval with iss_req alone */
        warp_pool_in q;
        warp_pool_out qo;
        memset(&q, 0, sizeof q);
        q.iss_req = 1;
        warp_pool_eval(&c, &s, &q, &qo);
        CHECK_EQ(qo.iss_valid, 1);
        BASE_IN();
        in.iss_req = 1;
        in.g_valid[0] = 1;
        in.g_idx[0] = qo.iss_idx;
        in.g_pc[0] = qo.iss_pc;
        in.g_mask[0] = 0xF & ~qo.iss_mask;
        expect_err(&c, &s, &in, WP_ERR_JOIN_ISSUING);
        /* the same join without an issue is legal: check it is accepted */
        in.iss_req = 0;
        warp_pool_eval(&c, &s, &in, &qo);
        CHECK_EQ(qo.err, 0);
    }

    BASE_IN(); /* join with the wrong PC */
    in.g_valid[0] = 1; in.g_idx[0] = 0; in.g_pc[0] = 0xA4; in.g_mask[0] = 0x4;
    expect_err(&c, &s, &in, WP_ERR_JOIN_PC);

    BASE_IN(); /* join onto an occupied lane (e0 holds lanes 0,1) */
    in.g_valid[0] = 1; in.g_idx[0] = 0; in.g_pc[0] = s.pc[0]; in.g_mask[0] = 0x2;
    expect_err(&c, &s, &in, WP_ERR_LANE_OCC);

    BASE_IN(); /* new at the wrong index */
    in.g_valid[1] = 1; in.g_new[1] = 1; in.g_idx[1] = (next_free(&c, &s, 0) + 1u) & 15u;
    in.g_pc[1] = 0xC0; in.g_mask[1] = 0x1;
    expect_err(&c, &s, &in, WP_ERR_NEW_IDX);

    BASE_IN(); /* two new groups in the wrong order */
    in.g_valid[1] = 1; in.g_new[1] = 1; in.g_idx[1] = next_free(&c, &s, 1);
    in.g_pc[1] = 0xC0; in.g_mask[1] = 0x1;
    in.g_valid[3] = 1; in.g_new[3] = 1; in.g_idx[3] = next_free(&c, &s, 0);
    in.g_pc[3] = 0xD0; in.g_mask[3] = 0x2;
    expect_err(&c, &s, &in, WP_ERR_NEW_IDX);

    BASE_IN(); /* and the right order is accepted */
    in.g_valid[1] = 1; in.g_new[1] = 1; in.g_idx[1] = next_free(&c, &s, 0);
    in.g_pc[1] = 0xC0; in.g_mask[1] = 0x1;
    in.g_valid[3] = 1; in.g_new[3] = 1; in.g_idx[3] = next_free(&c, &s, 1);
    in.g_pc[3] = 0xD0; in.g_mask[3] = 0x2;
    o = apply(&c, &s, &in);
    CHECK_EQ(o.err, 0);
    CHECK_EQ(o.ready, 1);
#undef BASE_IN
}

/* A corrupted state is reported by warp_pool_check (the checks can fail). */
/* cand_valid / cand_idx: the issue choice from the registered state alone,
 * the same whatever iss_req and the groups are (an err included), so the dwf
 * can feed it to the LUT without a combinational loop through err. */
TEST(cand_is_state_only)
{
    warp_pool_cfg c = small_cfg(4, 4, 16, WP_POL_DMAJ, 0);
    warp_pool_state s;
    warp_pool_in in;
    warp_pool_out o0, o1, oe;
    unsigned tid[4], l;
    warp_pool_reset(&c, &s);
    lut_clear();
    memset(&in, 0, sizeof in);
    warp_pool_eval(&c, &s, &in, &o0);
    CHECK_EQ(o0.cand_valid, 0);
    CHECK_EQ(o0.cand_idx, 0);
    static_warp(&c, 0, tid);
    commit(&c, &s, tid, 0xA0, 0x3, 0xB0, 0xC, 0, 0, 0);
    memset(&in, 0, sizeof in);
    warp_pool_eval(&c, &s, &in, &o0);       /* no request */
    in.iss_req = 1;
    warp_pool_eval(&c, &s, &in, &o1);       /* request, legal */
    CHECK_EQ(o0.cand_valid, 1);
    CHECK_EQ(o0.iss_valid, 0);
    CHECK_EQ(o1.iss_valid, 1);
    CHECK_EQ(o1.cand_valid, 1);
    CHECK_EQ(o0.cand_idx, o1.iss_idx);
    CHECK_EQ(o1.cand_idx, o1.iss_idx);
    /* request with an illegal group (a join onto an occupied lane): err gates
     * iss_valid, not the choice */
    static_warp(&c, 1, tid);
    for (l = 0; l < 4; l++)
        warp_pool_put_tid(in.wr_tids, l, 4, tid[l]);
    in.g_valid[0] = 1;
    in.g_idx[0] = o1.iss_idx ^ 1u;
    in.g_pc[0] = s.pc[o1.iss_idx ^ 1u];
    in.g_mask[0] = s.lv[o1.iss_idx ^ 1u];
    warp_pool_eval(&c, &s, &in, &oe);
    CHECK_EQ(oe.err, 1);
    CHECK_EQ(oe.iss_valid, 0);
    CHECK_EQ(oe.cand_valid, 1);
    CHECK_EQ(oe.cand_idx, o1.iss_idx);
}

/* hold freezes the pool: no write, no issue (the same cycle without hold
 * writes and issues: asserted last, so the test could not pass with hold
 * ignored). */
TEST(hold_freezes_everything)
{
    warp_pool_cfg c = small_cfg(4, 4, 16, WP_POL_DMAJ, 0);
    warp_pool_state s, t;
    warp_pool_in in;
    warp_pool_out o;
    unsigned tid[4], l;
    warp_pool_reset(&c, &s);
    lut_clear();
    static_warp(&c, 0, tid);
    commit(&c, &s, tid, 0xA0, 0x3, 0xB0, 0xC, 0, 0, 0);
    memset(&in, 0, sizeof in);
    /* hold with an issue request and a legal new warp: nothing happens */
    static_warp(&c, 1, tid);
    for (l = 0; l < 4; l++)
        warp_pool_put_tid(in.wr_tids, l, 4, tid[l]);
    in.hold = 1;
    in.iss_req = 1;
    in.g_valid[1] = 1;
    in.g_new[1] = 1;
    in.g_idx[1] = s.fifo[s.head];
    in.g_pc[1] = 0xC0;
    in.g_mask[1] = 0xF;
    warp_pool_eval(&c, &s, &in, &o);
    CHECK_EQ(o.err, 0);
    CHECK_EQ(o.ready, 0);
    CHECK_EQ(o.iss_valid, 0);
    CHECK_EQ(o.cand_valid, 1);
    t = s;
    warp_pool_step(&c, &t, &in, &o);
    CHECK(memcmp(&t, &s, sizeof t) == 0);
    /* the same cycle without hold is accepted and issues */
    in.hold = 0;
    warp_pool_eval(&c, &s, &in, &o);
    CHECK_EQ(o.err, 0);
    CHECK_EQ(o.ready, 1);
    CHECK_EQ(o.iss_valid, 1);
}

TEST(check_catches_corruption)
{
    warp_pool_cfg c = small_cfg(4, 5, 32, WP_POL_DMAJ, 0);
    warp_pool_state s, t;
    majority_setup(&c, &s);
    CHECK(warp_pool_check(&c, &s) == NULL);
    t = s;
    t.tid[2][1] = t.tid[2][0]; /* a thread twice, another lost */
    CHECK(warp_pool_check(&c, &t) != NULL);
    t = s;
    t.tid[2][1] = 2; /* tid 2's home lane is 2 */
    CHECK(warp_pool_check(&c, &t) != NULL);
    t = s;
    t.fcnt--; /* free list + used != pool */
    CHECK(warp_pool_check(&c, &t) != NULL);
    t = s;
    t.fifo[t.head] = 0; /* a valid entry on the free list */
    CHECK(warp_pool_check(&c, &t) != NULL);
    t = s;
    t.tcm1[table_slot(&c, &t, P1)]++; /* table count wrong */
    CHECK(warp_pool_check(&c, &t) != NULL);
    t = s;
    t.in_pool[31] = 1; /* an in-pool bit with no warp */
    CHECK(warp_pool_check(&c, &t) != NULL);
    t = s;
    t.untr[0] = 1; /* tracked pc flagged untracked */
    CHECK(warp_pool_check(&c, &t) != NULL);
}

/* warp_pool_check (a word-wise screen, then the full check on a doubt)
 * gives the full check's answer, on every single-field corruption of a
 * pool holding six warps and of the same pool after two issues: each
 * field of the state in turn, a random element and bit of it flipped (or
 * the element set to a random byte), at every policy, both home-lane
 * swizzles, and a pool of 32 entries (one partial bitset word) and of 128
 * (two whole words).  A screen that passed a state the full check fails
 * would hide a corruption from build/simt's per-cycle check. */
TEST(check_equals_full_on_corruption)
{
#define WP_FIELD(f) {offsetof(warp_pool_state, f), sizeof(((warp_pool_state *)0)->f), #f}
    static const struct {
        size_t off, size;
        const char *name;
    } field[] = {WP_FIELD(valid),     WP_FIELD(untr),      WP_FIELD(pc),       WP_FIELD(lv),
                 WP_FIELD(sched),     WP_FIELD(tid),       WP_FIELD(in_pool),  WP_FIELD(fifo),
                 WP_FIELD(head),      WP_FIELD(fcnt),      WP_FIELD(tv),       WP_FIELD(tpc),
                 WP_FIELD(tcm1),      WP_FIELD(untr_cnt),  WP_FIELD(mk),       WP_FIELD(turn),
                 WP_FIELD(lslot),     WP_FIELD(mk_cnt),    WP_FIELD(trk_bits), WP_FIELD(untr_bits),
                 WP_FIELD(mk_bits),   WP_FIELD(tv_bits)};
#undef WP_FIELD
    static warp_pool_state s, t;
    static char full[256];
    uint64_t x = 0x2545f4914f6cdd1dull;
    unsigned differ = 0, caught = 0, tried = 0;
    for (unsigned policy = 0; policy <= WP_POL_DPDPRI; policy++)
        for (unsigned swz = 0; swz < 2u; swz++)
            for (unsigned big = 0; big < 2u; big++)
                for (unsigned drained = 0; drained < 2u; drained++) {
                    warp_pool_cfg c = small_cfg(4, big ? 7 : 5, big ? 128 : 32, policy, swz);
                    majority_setup(&c, &s);
                    for (unsigned k = 0; k < 2u * drained; k++)
                        issue(&c, &s);
                    CHECK(warp_pool_check(&c, &s) == NULL);
                    for (unsigned f = 0; f < sizeof field / sizeof field[0]; f++)
                        for (unsigned r = 0; r < 60u; r++) {
                            t = s;
                            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
                            /* the elements a small pool uses are the first
                             * ones: favour them, half the time */
                            size_t n = field[f].size, lim = n > 256u && (x >> 60 & 1u) ? 256u : n;
                            size_t at = field[f].off + (size_t)(x >> 8) % lim;
                            uint8_t *b = (uint8_t *)&t + at;
                            if (x >> 62 & 1u)
                                *b = (uint8_t)(x >> 24);
                            else
                                *b ^= (uint8_t)(1u << (x >> 40 & 7u));
                            const char *why = warp_pool_check_full(&c, &t);
                            snprintf(full, sizeof full, "%s", why ? why : "");
                            const char *got = warp_pool_check(&c, &t);
                            tried++;
                            caught += why != NULL;
                            if ((got == NULL) != (why == NULL) ||
                                (got && strcmp(got, full))) {
                                if (differ++ < 5)
                                    printf("  policy %u swizzle %u pool %u field %s: check '%s', "
                                           "full '%s'\n", policy, swz, c.entries, field[f].name,
                                           got ? got : "(none)", full);
                            }
                        }
                }
    printf("  %u corruptions, %u reported by the full check\n", tried, caught);
    CHECK_EQ(differ, 0);
    CHECK(caught > tried / 4u);
}

/* The C VCD trace names the wide buses as 64-bit words. */
TEST(trace_writes)
{
    warp_pool_cfg c = warp_pool_default_cfg();
    warp_pool_state s;
    warp_pool_in in;
    warp_pool_out o;
    vcd_writer *w = vcd_open("out/test_warp_pool.vcd", "1ns");
    CHECK(w != NULL);
    if (!w)
        return;
    warp_pool_reset(&c, &s);
    memset(&in, 0, sizeof in);
    warp_pool_eval(&c, &s, &in, &o);
    vcd_time(w, 0);
    warp_pool_trace(w, &c, &s, &in, &o);
    CHECK_EQ(vcd_close(w), 0);
}

TEST(reset_zeroed_matches_reset)
{
    /* the SM model's pools: calloc + reset_zeroed (warp_pool.h) */
    warp_pool_cfg c = warp_pool_default_cfg();
    RESET_ZEROED_MATCHES(warp_pool_reset, warp_pool_reset_zeroed, &c, warp_pool_state);
    c.entries = 8;
    c.tid_bits = 3;
    c.lanes = 4;
    RESET_ZEROED_MATCHES(warp_pool_reset, warp_pool_reset_zeroed, &c, warp_pool_state);
}

int main(int argc, char **argv)
{
    test_args(argc, argv);
    test_needs_out(argv[0]);
    RUN(bit_counts_table1);
    RUN(cfg_check_rejects);
    RUN(home_lane_and_swizzle);
    RUN(fig9_golden);
    RUN(even_odd_pathology);
    RUN(majority_10_6_3);
    RUN(majority_lock_holds);
    RUN(policy_dmin);
    RUN(majority_choice_by_count_at_once);
    RUN(dmin_has_no_lock);
    RUN(overflow_wait_is_bounded);
    RUN(policy_dtime);
    RUN(policy_dtime_wrap);
    RUN(policy_dpc);
    RUN(policy_dpdpri);
    RUN(table_overflow_fallback);
    RUN(full_pool_pushes_back);
    RUN(illegal_inputs);
    RUN(cand_is_state_only);
    RUN(hold_freezes_everything);
    RUN(check_catches_corruption);
    RUN(check_equals_full_on_corruption);
    RUN(trace_writes);
    RUN(reset_zeroed_matches_reset);
    /* the cycles apply() compared warp_pool_eval_inputs_legal on */
    printf("legal evaluation compared on %u cycles\n", legal_cycles);
    CHECK(legal_cycles > 1000u);
    return test_summary();
}
