/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_dwf.c -- golden tests of the composed dynamic warp formation top
 * (rtl_c/dwf.h: warp update registers -> PC-warp LUT -> warp pool, issue ->
 * LUT invalidation; 000 Fig. 11).  Every cycle runs dwf_eval, dwf_step and
 * dwf_check; the steps assert the outputs and the parts of the state the
 * step changes.  Runs:
 *   - 000 Fig. 9 made concrete (4 lanes, swizzle off): two full warps
 *     A = {0,1,6,7}, B = {4,5,2,3}; the same commits with each commit's
 *     groups issued on their own (what a per-warp stack does) issue four
 *     warps of two threads;
 *   - 000 Fig. 7 even/odd pathology (threads with an even TID take the
 *     branch): without swizzling only half-full warps form, with it full ones;
 *   - a lane conflict through the whole path: split, IDX moves, the old warp
 *     is not filled again and still issues;
 *   - DMaj through the whole path: PCs with 10, 6 and 3 threads issue in
 *     that order, every warp of one PC before the next;
 *   - each illegal input (err code, state unchanged), and dwf_check catching
 *     a corrupted state.
 */
#include <stddef.h>
#include <string.h>

#include "../rtl_c/bits.h"
#include "../rtl_c/dwf.h"
#include "../rtl_c/lane_shuffle.h"
#include "check.h"

static dwf_cfg small_cfg(unsigned lanes, unsigned tid_bits, unsigned swizzle)
{
    dwf_cfg c = dwf_default_cfg();
    c.lanes = lanes;
    c.tid_bits = tid_bits;
    c.swizzle = swizzle;
    return c;
}

/* The TID at lane l of static warp w (home lanes, with swizzling). */
static unsigned static_tid(const dwf_cfg *c, unsigned w, unsigned l)
{
    unsigned i;
    for (i = 0; i < c->lanes; i++)
        if (dwf_home_lane(c, w * c->lanes + i) == l)
            return w * c->lanes + i;
    return 0;
}

static dwf_in commit(const dwf_cfg *c, unsigned w, uint64_t mt, uint64_t mnt, uint64_t pct,
                     uint64_t pcnt)
{
    dwf_in in;
    unsigned l;
    memset(&in, 0, sizeof in);
    in.cm_valid = 1;
    for (l = 0; l < c->lanes; l++)
        if (bits_get(mt | mnt, l))
            warp_pool_put_tid(in.cm_tids, l, c->tid_bits, static_tid(c, w, l));
    in.cm_mask_t = mt;
    in.cm_mask_nt = mnt;
    in.cm_pc_t = pct;
    in.cm_pc_nt = pcnt;
    return in;
}

static dwf_in idle(unsigned iss_req)
{
    dwf_in in;
    memset(&in, 0, sizeof in);
    in.iss_req = iss_req;
    return in;
}

/* dwf_eval_st's answer (a and its decisions) equals dwf_eval's (b): the
 * ports, and what dwf_step reads of the wiring (the pool's decision). */
static void same_eval(const dwf_out *a, const dwf_out *b)
{
    const warp_pool_out *p = &a->w.pool_out, *q = &b->w.pool_out;
    const warp_pool_dec *d = &p->dec, *e = &q->dec;
    CHECK(memcmp(a, b, offsetof(dwf_out, w)) == 0);
    CHECK_EQ(a->w.idle, b->w.idle);
    CHECK_EQ(a->w.own_err, b->w.own_err);
    if (a->w.idle || b->w.idle)
        return;
    CHECK(memcmp(p, q, offsetof(warp_pool_out, dec)) == 0);
    CHECK(d->src == e->src && d->start == e->start && d->iss == e->iss &&
          d->err_code == e->err_code && d->ready == e->ready && d->accept == e->accept &&
          d->active == e->active && d->nnew == e->nnew && d->n_iss == e->n_iss &&
          d->cand == e->cand && d->sel_slot == e->sel_slot);
    CHECK(memcmp(d->act, e->act, sizeof d->act) == 0 && memcmp(d->n, e->n, sizeof d->n) == 0 &&
          memcmp(d->slot, e->slot, sizeof d->slot) == 0 &&
          memcmp(d->alloc, e->alloc, sizeof d->alloc) == 0 &&
          memcmp(d->untr, e->untr, sizeof d->untr) == 0 &&
          memcmp(d->pair_of, e->pair_of, sizeof d->pair_of) == 0 &&
          memcmp(d->pc, e->pc, sizeof d->pc) == 0);
}

/* dwf_candidate_lanes gives dwf_candidate_st's candidate (k, its state-only
 * outputs st) with each lane's TID as the bus k->tids carries it */
static void same_lanes(const dwf_cfg *c, const dwf_state *s, const dwf_cand *k,
                       const warp_pool_out *st, int has)
{
    dwf_cand k3;
    warp_pool_out st3;
    uint16_t tid[WARP_POOL_MAX_LANES];
    CHECK_EQ(dwf_candidate_lanes(c, s, &k3, &st3, tid), has);
    /* warp_pool_eval_state's outputs */
    CHECK(st3.free_cnt == st->free_cnt && st3.free_idx0 == st->free_idx0 &&
          st3.free_idx1 == st->free_idx1 && st3.ovf == st->ovf &&
          st3.cand_valid == st->cand_valid && st3.cand_idx == st->cand_idx &&
          st3.dec.src == st->dec.src && st3.dec.start == st->dec.start &&
          st3.dec.cand == st->dec.cand && st3.dec.sel_slot == st->dec.sel_slot);
    if (!has)
        return;
    CHECK_EQ(k3.idx, k->idx);
    CHECK_EQ(k3.pc, k->pc);
    CHECK_EQ(k3.mask, k->mask);
    for (uint64_t m = k->mask; m; m &= m - 1u)
        CHECK_EQ(tid[bits_ffs(m)], warp_pool_get_tid(k->tids, bits_ffs(m), c->tid_bits));
}

/* One cycle: eval, step, check.  dwf_candidate, read before the cycle,
 * is the warp the issue port gives when it is asked and no err holds it;
 * dwf_eval_st, given the pool's state-only outputs dwf_candidate_st read,
 * answers as dwf_eval does; so does dwf_eval_lean, with and without them,
 * where dwf_eval raises no err (dwf_lean_same: all but iss_tids, which it
 * leaves 0). */
static dwf_state lean2_;

/* 1 if a state stepped by dwf_step_lean (l, modified) equals the one
 * dwf_step gave (s) but what the lean edge does not keep: the live and
 * in_pool bits, the ur_tids bus and ur_lt's lanes outside the update
 * registers' masks (copied over from s to compare); ur_lt's committed
 * lanes must hold the bus's fields */
static int lean_state_same(const dwf_cfg *c, dwf_state *l, const dwf_state *s)
{
    const uint64_t m = s->ur_mask[0] | s->ur_mask[1];
    for (unsigned k = 0; k < WARP_POOL_MAX_LANES; k++)
        if (!(m >> k & 1u))
            l->ur_lt[k] = s->ur_lt[k];
        else if (l->ur_lt[k] != warp_pool_get_tid(s->ur_tids, k, c->tid_bits))
            return 0;
    memcpy(l->live, s->live, sizeof s->live);
    memcpy(l->pool.in_pool, s->pool.in_pool, sizeof s->pool.in_pool);
    memcpy(l->ur_tids, s->ur_tids, sizeof s->ur_tids);
    return memcmp(l, s, sizeof *s) == 0;
}

static dwf_out cyc(const dwf_cfg *c, dwf_state *s, const dwf_in *in)
{
    dwf_out o, o2, o3;
    dwf_cand k, k2;
    warp_pool_out st;
    const char *why;
    const int has = dwf_candidate(c, s, &k);
    CHECK_EQ(dwf_candidate_st(c, s, &k2, &st), has);
    same_lanes(c, s, &k2, &st, has);
    dwf_eval(c, s, in, &o);
    dwf_eval_st(c, s, in, &st, &o2);
    same_eval(&o2, &o);
    if (!o.err) {
        uint16_t lt[WARP_POOL_MAX_LANES] = {0};
        dwf_eval_lean(c, s, in, &st, NULL, &o3);
        CHECK(dwf_lean_same(in, &o3, &o));
        CHECK(o3.iss_tids[0] == 0 && o3.iss_tids[WARP_POOL_MAX_WORDS - 1] == 0);
        /* the committed TIDs given per lane, not on the bus */
        for (uint64_t m = in->cm_mask_t | in->cm_mask_nt; m; m &= m - 1u)
            lt[bits_ffs(m)] = (uint16_t)warp_pool_get_tid(in->cm_tids, bits_ffs(m), c->tid_bits);
        dwf_in in2 = *in;
        memset(in2.cm_tids, 0, sizeof in2.cm_tids);
        dwf_eval_lean(c, s, &in2, NULL, lt, &o3);
        CHECK(dwf_lean_same(in, &o3, &o));
        /* stepped by dwf_step_lean (the lean answer's edge: its wires do
         * not carry the TID bus), the next state is dwf_step's but what
         * lean_state_same leaves out */
        lean2_ = *s;
        dwf_step_lean(c, &lean2_, &in2, &o3);
    }
    if (in->iss_req && !o.err) {
        CHECK_EQ(o.iss_valid, (uint64_t)has);
        if (has) {
            CHECK_EQ(o.iss_idx, k.idx);
            CHECK_EQ(o.iss_pc, k.pc);
            CHECK_EQ(o.iss_mask, k.mask);
            CHECK(memcmp(o.iss_tids, k.tids, sizeof k.tids) == 0);
        }
    }
    dwf_step(c, s, in, &o);
    if (!o.err) {
        CHECK(lean_state_same(c, &lean2_, s));
    }
    why = dwf_check(c, s);
    if (why)
        printf("  dwf_check: %s\n", why);
    CHECK(why == NULL);
    CHECK_EQ(o.cm_ready, 1);
    return o;
}

static unsigned iss_tid(const dwf_cfg *c, const dwf_out *o, unsigned l)
{
    return warp_pool_get_tid(o->iss_tids, l, c->tid_bits);
}

/* The pool warp x holds exactly the TIDs t[l] (l with t[l] >= 0). */
static void check_warp(const dwf_cfg *c, const dwf_state *s, unsigned x, uint64_t pc,
                       const int *t)
{
    unsigned l;
    uint64_t lv = 0;
    CHECK_EQ(s->pool.valid[x], 1);
    CHECK_EQ(s->pool.pc[x], pc);
    for (l = 0; l < c->lanes; l++)
        if (t[l] >= 0) {
            lv |= 1ull << l;
            CHECK_EQ(s->pool.tid[x][l], t[l]);
        }
    CHECK_EQ(s->pool.lv[x], lv);
}

enum { PA = 0x100, PB = 0x200 };

TEST(fig9_two_full_warps)
{
    const dwf_cfg c = small_cfg(4, 4, 0);
    dwf_state s;
    dwf_in in;
    dwf_out o;
    unsigned k, seen_a = 0, seen_b = 0;
    static const int wa0[4] = {0, 1, -1, -1}, wb0[4] = {-1, -1, 2, 3};
    static const int wa[4] = {0, 1, 6, 7}, wb[4] = {4, 5, 2, 3};
    CHECK(dwf_cfg_check(&c) == NULL);
    dwf_reset(&c, &s);

    /* c0: W0 commits, lanes 0,1 -> A, lanes 2,3 -> B */
    in = commit(&c, 0, 0x3, 0xC, PA, PB);
    o = cyc(&c, &s, &in);
    CHECK_EQ(o.err, 0);
    CHECK_EQ(o.ur_valid, 0);
    CHECK_EQ(o.free_cnt, 16);
    CHECK_EQ(s.ur_mask[0], 0x3);
    CHECK_EQ(s.ur_mask[1], 0xC);
    CHECK_EQ(s.ur_pc[0], PA);
    CHECK_EQ(s.ur_pc[1], PB);
    for (k = 0; k < 16; k++)
        CHECK_EQ(s.live[k], k < 4);

    /* c1: the registers look up A and B (misses: new warps 0 and 1);
     * W1 commits, lanes 0,1 -> B, lanes 2,3 -> A */
    in = commit(&c, 1, 0xC, 0x3, PA, PB);
    o = cyc(&c, &s, &in);
    CHECK_EQ(o.err, 0);
    CHECK_EQ(o.ur_valid, 1);
    CHECK_EQ(o.lk0_hit, 0);
    CHECK_EQ(o.lk1_hit, 0);
    CHECK_EQ(o.lk0_evict, 0);
    check_warp(&c, &s, 0, PA, wa0);
    check_warp(&c, &s, 1, PB, wb0);
    CHECK_EQ(s.pool.fcnt, 14);
    CHECK_EQ(s.ur_mask[0], 0xC);
    CHECK_EQ(s.ur_mask[1], 0x3);

    /* c2: both lookups hit without a lane conflict: W1's threads join */
    in = idle(0);
    o = cyc(&c, &s, &in);
    CHECK_EQ(o.lk0_hit, 1);
    CHECK_EQ(o.lk1_hit, 1);
    CHECK_EQ(o.lk0_conflict, 0);
    CHECK_EQ(o.lk1_conflict, 0);
    check_warp(&c, &s, 0, PA, wa);
    check_warp(&c, &s, 1, PB, wb);
    CHECK_EQ(s.pool.fcnt, 14);

    /* c3, c4: two issues of four threads */
    for (k = 0; k < 2; k++) {
        in = idle(1);
        o = cyc(&c, &s, &in);
        CHECK_EQ(o.iss_valid, 1);
        CHECK_EQ(o.iss_mask, 0xF);
        CHECK(o.iss_pc == PA || o.iss_pc == PB);
        {
            const int *want = o.iss_pc == PA ? wa : wb;
            unsigned l;
            for (l = 0; l < 4; l++)
                CHECK_EQ(iss_tid(&c, &o, l), want[l]);
        }
        CHECK_EQ(o.inv_hit, 1); /* the LUT entry of the issued warp goes */
        seen_a += o.iss_pc == PA;
        seen_b += o.iss_pc == PB;
    }
    CHECK_EQ(seen_a, 1);
    CHECK_EQ(seen_b, 1);
    CHECK_EQ(s.pool.fcnt, 16);
    for (k = 0; k < 16; k++)
        CHECK_EQ(s.live[k], 0);
}

/* The same two commits with each commit's groups issued on their own, as a
 * per-warp (static) stack issues them: four warps of two threads. */
TEST(fig9_static_issue_four_half_warps)
{
    const dwf_cfg c = small_cfg(4, 4, 0);
    dwf_state s;
    dwf_in in;
    dwf_out o;
    unsigned w, k, issues = 0, threads = 0;
    dwf_reset(&c, &s);
    for (w = 0; w < 2; w++) {
        in = w ? commit(&c, 1, 0xC, 0x3, PA, PB) : commit(&c, 0, 0x3, 0xC, PA, PB);
        o = cyc(&c, &s, &in);
        in = idle(0);
        o = cyc(&c, &s, &in); /* the registers drain into the pool */
        for (k = 0; k < 2; k++) {
            in = idle(1);
            o = cyc(&c, &s, &in);
            CHECK_EQ(o.iss_valid, 1);
            CHECK_EQ(bits_popcount(o.iss_mask), 2);
            issues++;
            threads += bits_popcount(o.iss_mask);
        }
        CHECK_EQ(s.pool.fcnt, 16);
    }
    CHECK_EQ(issues, 4);
    CHECK_EQ(threads, 8);
}

/* 000 Fig. 7: threads with an even TID go to T, odd ones to N, for the four
 * static warps of 16 threads at 4 lanes; then every warp issues. */
static void even_odd(unsigned swizzle, unsigned *sizes, unsigned *n)
{
    const dwf_cfg c = small_cfg(4, 4, swizzle);
    dwf_state s;
    dwf_in in;
    dwf_out o;
    unsigned w, l, k;
    uint8_t issued[16];
    memset(issued, 0, sizeof issued);
    dwf_reset(&c, &s);
    *n = 0;
    for (w = 0; w < 4; w++) {
        uint64_t even = 0;
        for (l = 0; l < 4; l++)
            if (static_tid(&c, w, l) % 2 == 0)
                even |= 1ull << l;
        in = commit(&c, w, even, 0xF & ~even, 0x300, 0x400);
        o = cyc(&c, &s, &in);
        CHECK_EQ(o.err, 0);
    }
    in = idle(0);
    o = cyc(&c, &s, &in);
    for (k = 0; k < 40 && s.pool.fcnt < 16; k++) {
        in = idle(1);
        o = cyc(&c, &s, &in);
        CHECK_EQ(o.iss_valid, 1);
        sizes[(*n)++] = bits_popcount(o.iss_mask);
        /* each thread issues once, with its own TID, at its home lane */
        for (l = 0; l < 4; l++)
            if (bits_get(o.iss_mask, l)) {
                unsigned t = iss_tid(&c, &o, l);
                CHECK_EQ(dwf_home_lane(&c, t), l);
                CHECK_EQ(issued[t], 0);
                issued[t] = 1;
            }
    }
    CHECK_EQ(s.pool.fcnt, 16);
    for (k = 0; k < 16; k++)
        CHECK_EQ(issued[k], 1);
}

TEST(fig7_even_odd_without_swizzle)
{
    unsigned sizes[40], n, i;
    even_odd(0, sizes, &n);
    CHECK_EQ(n, 8);
    for (i = 0; i < n; i++)
        CHECK_EQ(sizes[i], 2); /* never a full warp */
}

TEST(fig7_even_odd_with_swizzle)
{
    unsigned sizes[40], n, i;
    even_odd(1, sizes, &n);
    CHECK_EQ(n, 4);
    for (i = 0; i < n; i++)
        CHECK_EQ(sizes[i], 4); /* full warps */
}

/* Issue 24 item 16: the dwf holds every paper's core.  Threads per core
 * and warp width (docs/cosim.md, "Paper configurations"): 000 256 x 16,
 * 002 and 004 1024 x 32, 001 and 003 1536 x 32 (TID_W 11: 2048 thread ids,
 * the pool one entry per id).  Every static warp commits its even threads
 * to one PC and its odd ones to another (000 Fig. 7, with 000's
 * swizzling), then the pool drains: each of the paper's threads issues
 * exactly once, with its own TID at its home lane, in full warps.  Before
 * the fix TID_W was at most 8 and the 1024- and 1536-thread cores were
 * refused. */
TEST(paper_thread_counts)
{
    static const unsigned cfgs[][3] = {{256, 16, 8}, {1024, 32, 10}, {1536, 32, 11}};
    static uint8_t issued[2048];
    unsigned k;
    for (k = 0; k < 3; k++) {
        const unsigned threads = cfgs[k][0], lanes = cfgs[k][1];
        const dwf_cfg c = small_cfg(lanes, cfgs[k][2], 1);
        dwf_state s;
        dwf_in in;
        dwf_out o;
        unsigned w, l, n = 0, warps = 0, full = 0;
        CHECK(dwf_cfg_check(&c) == NULL);
        if (dwf_cfg_check(&c) != NULL)
            continue;
        CHECK_EQ(dwf_threads(&c), 1u << cfgs[k][2]);
        memset(issued, 0, sizeof issued);
        dwf_reset(&c, &s);
        for (w = 0; w < threads / lanes; w++) {
            uint64_t even = 0;
            for (l = 0; l < lanes; l++)
                if (static_tid(&c, w, l) % 2 == 0)
                    even |= 1ull << l;
            in = commit(&c, w, even, bits_mask(lanes) & ~even, 0x300, 0x400);
            o = cyc(&c, &s, &in);
            CHECK_EQ(o.err, 0);
        }
        in = idle(0);
        cyc(&c, &s, &in);
        while (s.pool.fcnt < dwf_threads(&c) && warps < threads) {
            in = idle(1);
            o = cyc(&c, &s, &in);
            CHECK_EQ(o.iss_valid, 1);
            warps++;
            full += o.iss_mask == bits_mask(lanes);
            for (l = 0; l < lanes; l++)
                if (bits_get(o.iss_mask, l)) {
                    unsigned t = iss_tid(&c, &o, l);
                    CHECK(t < threads);
                    CHECK_EQ(dwf_home_lane(&c, t), l);
                    CHECK_EQ(issued[t], 0);
                    issued[t] = 1;
                    n++;
                }
        }
        CHECK_EQ(n, threads);
        CHECK_EQ(s.pool.fcnt, dwf_threads(&c));
        CHECK_EQ(full, warps); /* swizzling: every warp formed is full */
        CHECK_EQ(warps, threads / lanes);
    }
}

/* SWIZZLE 2..6: 001 Table 1 through lane_shuffle.  Home lanes are
 * lane_shuffle_map over the static warps (m = THREADS / LANES), the pool id
 * {wid, home lane} maps back to the thread, SWIZZLE 2 (Identity) equals 0,
 * and 000's swizzle (1) is none of the five at 8 lanes. */
TEST(swizzle_table1_home_lanes)
{
    static const unsigned geo[3][2] = {{4, 4}, {8, 6}, {2, 1}};
    unsigned g, sw, t;
    for (g = 0; g < 3; g++) {
        dwf_cfg c0 = small_cfg(geo[g][0], geo[g][1], 0);
        lane_shuffle_cfg lc;
        lc.lanes = geo[g][0];
        lc.warps = (1u << geo[g][1]) / geo[g][0];
        CHECK(dwf_cfg_check(&c0) == NULL);
        for (sw = 2; sw <= 6; sw++) {
            dwf_cfg c = small_cfg(geo[g][0], geo[g][1], sw);
            uint64_t seen[4] = {0, 0, 0, 0}; /* (wid, lane) pairs hit */
            CHECK(dwf_cfg_check(&c) == NULL);
            CHECK_EQ(dwf_pool_cfg(&c).swizzle, 0);
            for (t = 0; t < dwf_threads(&c); t++) {
                unsigned wid = t / c.lanes, h = dwf_home_lane(&c, t), pt = dwf_pool_tid(&c, t);
                CHECK_EQ(h, lane_shuffle_map(&lc, sw - 2, wid, t % c.lanes));
                CHECK_EQ(pt, wid * c.lanes + h);
                CHECK_EQ(dwf_from_pool_tid(&c, pt, h), t);
                CHECK_EQ(bits_get(seen[pt / 64], pt % 64), 0); /* a permutation */
                seen[pt / 64] |= 1ull << (pt % 64);
                if (sw == 2)
                    CHECK_EQ(h, dwf_home_lane(&c0, t));
            }
        }
    }
    {
        dwf_cfg c1 = small_cfg(8, 6, 1);
        for (sw = 2; sw <= 6; sw++) {
            dwf_cfg c = small_cfg(8, 6, sw);
            unsigned differ = 0;
            for (t = 0; t < 64; t++)
                differ += dwf_home_lane(&c, t) != dwf_home_lane(&c1, t);
            CHECK(differ > 0u);
        }
        c1.swizzle = 7;
        CHECK(dwf_cfg_check(&c1) != NULL);
    }
}

/* 000 Fig. 7 (even TIDs taken) under each Table 1 function at 4 lanes and
 * 4 static warps (m = 4), the warps committed in order 0..3.  A warp whose
 * even TIDs sit in the other lane parity than the warp before it fills that
 * warp's two half warps; one with the same parity meets taken lanes and
 * opens two new warps (000's lane conflict).  Parities of the even TIDs:
 * Identity e e e e: 8 half warps (as without swizzling); MirrorOdd e o e o
 * and Xor (operands 0 1 2 3) e o e o: 4 full warps; MirrorHalf (only warp 3
 * mirrored, 2 * 3 > 4) e e e o and XorRev (operands 0 2 1 3) e e o o: one
 * parity change in the sequence, so 2 full and 4 half warps.  Every thread
 * issues once at its home lane with its own TID (even_odd). */
TEST(fig7_even_odd_table1)
{
    static const unsigned want_n[5] = {8, 4, 6, 4, 6};
    static const unsigned want_full[5] = {0, 4, 2, 4, 2};
    unsigned sizes[40], n, i, f, full;
    for (f = 0; f < 5; f++) {
        even_odd(2 + f, sizes, &n);
        CHECK_EQ(n, want_n[f]);
        for (i = 0, full = 0; i < n; i++)
            full += sizes[i] == 4u;
        CHECK_EQ(full, want_full[f]);
    }
}

TEST(lane_conflict_through_the_path)
{
    const dwf_cfg c = small_cfg(4, 4, 0);
    dwf_state s;
    dwf_in in;
    dwf_out o;
    unsigned k, e, found = 0;
    static const int w0a[4] = {0, 1, 6, -1}, w2s[4] = {-1, 5, -1, -1}, w2[4] = {8, 5, -1, -1};
    static const int w1[4] = {4, -1, 2, 3}, w3[4] = {-1, -1, -1, 7};
    dwf_reset(&c, &s);
    /* W0: lanes 0,1 -> A (warp 0), 2,3 -> B (warp 1) */
    in = commit(&c, 0, 0x3, 0xC, PA, PB);
    cyc(&c, &s, &in);
    /* W1: lanes 1,2 -> A (lane 1 taken in warp 0), lanes 0,3 -> B (lane 3 taken) */
    in = commit(&c, 1, 0x6, 0x9, PA, PB);
    cyc(&c, &s, &in);
    in = idle(0);
    o = cyc(&c, &s, &in);
    CHECK_EQ(o.lk0_hit, 1);
    CHECK_EQ(o.lk0_conflict, 1);
    CHECK_EQ(o.lk1_hit, 1);
    CHECK_EQ(o.lk1_conflict, 1);
    check_warp(&c, &s, 0, PA, w0a);   /* lane 2 joined, lane 1 split off */
    check_warp(&c, &s, 2, PA, w2s);
    check_warp(&c, &s, 1, PB, w1);
    check_warp(&c, &s, 3, PB, w3);
    /* IDX moved to the new warps, OCC = the conflicting lanes */
    for (e = 0; e < 32; e++)
        if (s.lut.valid[e]) {
            if (s.lut.pc[e] == PA) {
                CHECK_EQ(s.lut.idx[e], 2);
                CHECK_EQ(s.lut.occ[e], 0x2);
                found++;
            } else if (s.lut.pc[e] == PB) {
                CHECK_EQ(s.lut.idx[e], 3);
                CHECK_EQ(s.lut.occ[e], 0x8);
                found++;
            }
        }
    CHECK_EQ(found, 2);
    /* W2 lane 0 -> A: joins the new warp 2, not the old warp 0 */
    in = commit(&c, 2, 0x1, 0x0, PA, PB);
    cyc(&c, &s, &in);
    in = idle(0);
    o = cyc(&c, &s, &in);
    CHECK_EQ(o.lk0_hit, 1);
    CHECK_EQ(o.lk0_conflict, 0);
    CHECK_EQ(o.lk1_hit, 0);
    check_warp(&c, &s, 0, PA, w0a);
    check_warp(&c, &s, 2, PA, w2);
    /* everything issues, the old warp 0 included, with its three threads */
    found = 0;
    for (k = 0; k < 8 && s.pool.fcnt < 16; k++) {
        in = idle(1);
        o = cyc(&c, &s, &in);
        CHECK_EQ(o.iss_valid, 1);
        if (o.iss_idx == 0) {
            CHECK_EQ(o.iss_mask, 0x7);
            CHECK_EQ(iss_tid(&c, &o, 0), 0);
            CHECK_EQ(iss_tid(&c, &o, 1), 1);
            CHECK_EQ(iss_tid(&c, &o, 2), 6);
            found++;
        }
    }
    CHECK_EQ(found, 1);
    CHECK_EQ(s.pool.fcnt, 16);
}

TEST(majority_through_the_path)
{
    const dwf_cfg c = small_cfg(4, 5, 0);
    enum { X = 0x500, Y = 0x600, Z = 0x700 };
    dwf_state s;
    dwf_in in;
    dwf_out o;
    unsigned k, n = 0, done_x = 0, done_y = 0;
    unsigned cnt[3] = {0, 0, 0};
    CHECK(c.policy == WP_POL_DMAJ);
    dwf_reset(&c, &s);
    /* X gets 4 + 4 + 2 = 10 threads, Y 2 + 4 = 6, Z 3 (lane 3 of W4 exits) */
    in = commit(&c, 0, 0xF, 0x0, X, Y);
    cyc(&c, &s, &in);
    in = commit(&c, 1, 0xF, 0x0, X, Y);
    cyc(&c, &s, &in);
    in = commit(&c, 2, 0x3, 0xC, X, Y);
    cyc(&c, &s, &in);
    in = commit(&c, 3, 0x0, 0xF, X, Y);
    cyc(&c, &s, &in);
    in = commit(&c, 4, 0x7, 0x0, Z, Y);
    cyc(&c, &s, &in);
    /* one cycle drains the update registers into the pool; no wait for the
     * table: the issue logic reads the counts themselves (issue 11 item 6) */
    in = idle(0);
    cyc(&c, &s, &in);
    for (k = 0; k < c.maj_entries; k++) {
        if (!s.pool.tv[k])
            continue;
        CHECK(s.pool.tpc[k] == X || s.pool.tpc[k] == Y || s.pool.tpc[k] == Z);
        CHECK_EQ(s.pool.tcm1[k] + 1u, s.pool.tpc[k] == X ? 10 : s.pool.tpc[k] == Y ? 6 : 3);
        n++;
    }
    CHECK_EQ(n, 3);
    n = 0;
    for (k = 0; k < 20 && s.pool.fcnt < 32; k++) {
        in = idle(1);
        o = cyc(&c, &s, &in);
        CHECK_EQ(o.iss_valid, 1);
        n++;
        if (o.iss_pc == X) {
            CHECK_EQ(done_x, 0);
            cnt[0] += bits_popcount(o.iss_mask);
            done_x = cnt[0] == 10;
        } else if (o.iss_pc == Y) {
            CHECK_EQ(done_x, 1); /* every X warp went first */
            CHECK_EQ(done_y, 0);
            cnt[1] += bits_popcount(o.iss_mask);
            done_y = cnt[1] == 6;
        } else {
            CHECK_EQ(o.iss_pc, Z);
            CHECK_EQ(done_y, 1);
            cnt[2] += bits_popcount(o.iss_mask);
        }
    }
    CHECK_EQ(cnt[0], 10);
    CHECK_EQ(cnt[1], 6);
    CHECK_EQ(cnt[2], 3);
    CHECK_EQ(n, 6); /* X: 4,4,2  Y: 4,2  Z: 3 */
}

TEST(equal_pcs_merge_and_exits)
{
    const dwf_cfg c = small_cfg(4, 4, 1);
    dwf_state s;
    dwf_in in;
    dwf_out o;
    dwf_reset(&c, &s);
    in = commit(&c, 1, 0x5, 0x2, PA, PA); /* lane 3 exits */
    o = cyc(&c, &s, &in);
    CHECK_EQ(o.err, 0);
    CHECK_EQ(s.ur_mask[0], 0x7);
    CHECK_EQ(s.ur_mask[1], 0x0);
    CHECK_EQ(s.live[static_tid(&c, 1, 3)], 0);
    CHECK_EQ(s.live[static_tid(&c, 1, 0)], 1);
    in = idle(0);
    o = cyc(&c, &s, &in);
    CHECK_EQ(s.pool.lv[0], 0x7);
    CHECK_EQ(s.pool.valid[1], 0);
    /* a commit where every thread exits latches nothing */
    in = commit(&c, 2, 0x0, 0x0, PA, PB);
    o = cyc(&c, &s, &in);
    CHECK_EQ(o.err, 0);
    CHECK_EQ(s.ur_mask[0] | s.ur_mask[1], 0);
    /* a commit while an issue goes: the thread that issues is live until the edge */
    in = commit(&c, 0, 0xF, 0x0, PB, PA);
    in.iss_req = 1;
    o = cyc(&c, &s, &in);
    CHECK_EQ(o.iss_valid, 1);
    CHECK_EQ(o.iss_mask, 0x7);
    CHECK_EQ(s.live[static_tid(&c, 1, 0)], 0);
    CHECK_EQ(s.live[0], 1);
}

static void expect_err(const dwf_cfg *c, const dwf_state *s, const dwf_in *in, unsigned code)
{
    dwf_out o;
    dwf_state t = *s;
    dwf_eval(c, s, in, &o);
    CHECK_EQ(o.err, 1);
    CHECK_EQ(o.err_code, code);
    CHECK_EQ(o.iss_valid, 0);
    CHECK_EQ(o.cm_ready, 1);
    dwf_step(c, &t, in, &o);
    /* the state after an err is the state before, bit for bit (the pool
     * is held, so not even the majority table's sort phase moves) */
    CHECK(memcmp(&t, s, sizeof t) == 0);
}

TEST(illegal_input)
{
    const dwf_cfg c = small_cfg(4, 4, 1);
    dwf_state s;
    dwf_in in;
    dwf_reset(&c, &s);
    in = idle(1);
    expect_err(&c, &s, &in, DWF_ERR_ISS_EMPTY);
    in = commit(&c, 0, 0x3, 0x6, PA, PB);
    expect_err(&c, &s, &in, DWF_ERR_OVERLAP);
    in = commit(&c, 1, 0x3, 0x0, PA, PB);
    warp_pool_put_tid(in.cm_tids, 0, c.tid_bits, 4); /* tid 4's home lane is 1 (swizzled) */
    expect_err(&c, &s, &in, DWF_ERR_HOME_LANE);
    /* put W0 into the registers, then into the pool: both count as live */
    in = commit(&c, 0, 0x3, 0xC, PA, PB);
    cyc(&c, &s, &in);
    in = commit(&c, 2, 0x1, 0x0, PA, PB);
    warp_pool_put_tid(in.cm_tids, 0, c.tid_bits, 0);
    expect_err(&c, &s, &in, DWF_ERR_TID_LIVE);
    in.iss_req = 0;
    in = idle(0);
    cyc(&c, &s, &in);
    in = commit(&c, 2, 0x8, 0x1, PA, PB);
    warp_pool_put_tid(in.cm_tids, 3, c.tid_bits, 3);
    expect_err(&c, &s, &in, DWF_ERR_TID_LIVE);
    /* err holds the issue too */
    in.iss_req = 1;
    expect_err(&c, &s, &in, DWF_ERR_TID_LIVE);
    CHECK(strcmp(dwf_err_name(DWF_ERR_TID_LIVE), "TID_LIVE") == 0);
}

TEST(check_catches_corruption)
{
    const dwf_cfg c = small_cfg(4, 4, 0);
    dwf_state s, t;
    dwf_in in;
    dwf_reset(&c, &s);
    in = commit(&c, 0, 0x3, 0xC, PA, PB);
    cyc(&c, &s, &in);
    t = s;
    t.live[0] = 0; /* a thread lost */
    CHECK(dwf_check(&c, &t) != NULL);
    t = s;
    t.ur_mask[1] |= 0x1; /* REQs overlap */
    CHECK(dwf_check(&c, &t) != NULL);
    in = idle(0);
    cyc(&c, &s, &in);
    t = s;
    CHECK(dwf_check(&c, &t) == NULL);
    {
        unsigned e;
        for (e = 0; e < 32; e++)
            if (t.lut.valid[e]) {
                t.lut.idx[e] ^= 1u; /* points to the other warp */
                break;
            }
        CHECK(dwf_check(&c, &t) != NULL);
    }
    CHECK(dwf_cfg_check(&c) == NULL);
    {
        dwf_cfg b = c;
        b.tid_bits = WARP_POOL_MAX_TID_BITS + 1; /* above 2048 threads */
        CHECK(dwf_cfg_check(&b) != NULL);
    }
}

/* The lean evaluation and step (cyc compares them every legal cycle) at
 * the design points the co-simulation runs (tb/design_points: small, odd,
 * large; 001's 1,536 threads of 32) and the policies, under random legal
 * traffic: every static warp starts in flight; each cycle may commit one
 * warp in flight (the threads of each lane split over two PCs of three, a
 * few exiting) and may ask for an issue; an issued warp is in flight until
 * its commit.  The points as in tb/design_points (the rest at the
 * defaults; POLICY 0 DMaj, 1 DMin, 2 DTime, 3 DPC, 4 DPdPri). */
static uint64_t infl_tids_[2048][WARP_POOL_MAX_WORDS];
static uint64_t infl_mask_[2048];

/* dwf_clear_used on a copy of s (a run with c since a reset): 1 when
 * every byte is then 0 */
static int clears_to_zero(const dwf_cfg *c, const dwf_state *s)
{
    static dwf_state t;
    static const dwf_state zero;
    t = *s;
    dwf_clear_used(c, &t);
    return memcmp(&t, &zero, sizeof t) == 0;
}

TEST(lean_at_design_points)
{
    static const char *const pts[] = {
        "LUT_ENTRIES=4 LANES=2 TID_W=1 PC_W=4 SCHED_W=1 MAJ=2",
        "LUT_ENTRIES=16 LANES=8 TID_W=6 PC_W=37 SCHED_W=5 MAJ=11 SWIZZLE=6",
        "LUT_ENTRIES=128 LANES=32 TID_W=8 PC_W=64 SCHED_W=16 MAJ=32",
        "LANES=32 TID_W=11",
        "LUT_ENTRIES=8 LANES=32 TID_W=6 PC_W=12 SCHED_W=3 MAJ=5 SWIZZLE=2",
        "POLICY=4",
        "LUT_ENTRIES=8 LANES=8 TID_W=7 PC_W=13 SCHED_W=7 MAJ=5 SWIZZLE=0 POLICY=2",
        "LUT_ENTRIES=4 LANES=4 TID_W=5 PC_W=8 SCHED_W=3 MAJ=3 SWIZZLE=2 POLICY=1",
        "LUT_ENTRIES=64 LANES=32 TID_W=9 PC_W=16 SCHED_W=9 MAJ=7 SWIZZLE=3 POLICY=3"};
    static const uint64_t pcs[3] = {4, 8, 12};
    uint64_t x = 0x9e3779b97f4a7c15ull;
    unsigned k;
    for (k = 0; k < sizeof pts / sizeof pts[0]; k++) {
        dwf_cfg c = dwf_default_cfg();
        /* sl: the same run stepped lean alone (the SM model's checks-off
         * cycles), compared with s every cycle through a copy (t) */
        static dwf_state s, sl, t;
        unsigned n = 0, w, l, cyc_n, issued = 0, commits = 0, errs = 0, alive = 0, launches = 0;
        unsigned lean_diff = 0;
        if (!CHECK_NO_WHY(params_set_list(&dwf_params, &c, pts[k]), pts[k]))
            continue;
        for (cyc_n = 0; cyc_n < 20000; cyc_n++) {
            dwf_in in = idle(0);
            dwf_out o;
            if (alive == 0) { /* every thread exited (or the start): launch again */
                /* the SM model's keep: the run's state cleared (dwf_clear_used) */
                if (launches) {
                    CHECK(clears_to_zero(&c, &s));
                    CHECK(clears_to_zero(&c, &sl));
                }
                dwf_reset(&c, &s);
                dwf_reset(&c, &sl);
                for (n = 0, w = 0; w < dwf_threads(&c) / c.lanes; w++, n++) {
                    memset(infl_tids_[n], 0, sizeof infl_tids_[n]);
                    for (l = 0; l < c.lanes; l++)
                        warp_pool_put_tid(infl_tids_[n], l, c.tid_bits, static_tid(&c, w, l));
                    infl_mask_[n] = bits_mask(c.lanes);
                }
                alive = n * c.lanes;
                launches++;
            }
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            in.iss_req = (x >> 3) % 4u != 0u && s.pool.fcnt < dwf_threads(&c); /* not empty */
            if (n && (x >> 5) % 3u != 0u) { /* commit a warp in flight */
                const unsigned i = (unsigned)((x >> 9) % n);
                const uint64_t m = infl_mask_[i], t = (x >> 20) & m;
                const uint64_t e = (x >> 62) == 0u ? (x >> 40) & (x >> 44) & (x >> 48) & m : 0u;
                in.cm_valid = 1;
                memcpy(in.cm_tids, infl_tids_[i], sizeof in.cm_tids);
                in.cm_mask_t = t & ~e;
                in.cm_mask_nt = m & ~t & ~e;
                in.cm_pc_t = pcs[(x >> 50) % 3u];
                in.cm_pc_nt = pcs[(x >> 52) % 3u];
                in.cm_prio_t = (x >> 54) & bits_mask(c.sched_bits);
                in.cm_prio_nt = (x >> 58) & bits_mask(c.sched_bits);
                alive -= bits_popcount(e);
                n--;
                memcpy(infl_tids_[i], infl_tids_[n], sizeof infl_tids_[i]);
                infl_mask_[i] = infl_mask_[n];
                commits++;
            }
            /* the lean-only run: the commit's TIDs per lane, not on the bus */
            dwf_in in2 = in;
            dwf_out ol;
            uint16_t lt[WARP_POOL_MAX_LANES] = {0};
            for (uint64_t m = in.cm_valid ? in.cm_mask_t | in.cm_mask_nt : 0u; m; m &= m - 1u)
                lt[bits_ffs(m)] = (uint16_t)warp_pool_get_tid(in.cm_tids, bits_ffs(m), c.tid_bits);
            memset(in2.cm_tids, 0, sizeof in2.cm_tids);
            dwf_eval_lean(&c, &sl, &in2, NULL, lt, &ol);
            o = cyc(&c, &s, &in);
            if (!o.err) {
                dwf_step_lean(&c, &sl, &in2, &ol);
                t = sl;
                lean_diff += ol.iss_valid != o.iss_valid || ol.iss_idx != o.iss_idx ||
                             !lean_state_same(&c, &t, &s);
            }
            errs += (unsigned)(o.err != 0u);
            if (o.err) {
                printf("  %s cycle %u: err_code %u\n", pts[k], cyc_n, (unsigned)o.err_code);
                break;
            }
            if (o.iss_valid) {
                memcpy(infl_tids_[n], o.iss_tids, sizeof infl_tids_[n]);
                infl_mask_[n] = o.iss_mask;
                n++;
                issued++;
            }
        }
        CHECK_EQ(errs, 0u);
        CHECK_EQ(lean_diff, 0u);
        CHECK(clears_to_zero(&c, &s)); /* threads in flight */
        CHECK(clears_to_zero(&c, &sl));
        CHECK(issued > 5000u && commits > 5000u);
        if (errs || issued <= 5000u || commits <= 5000u)
            printf("  %s: %u issued, %u commits, %u launches, %u err\n", pts[k], issued, commits,
                   launches, errs);
    }
}

TEST(reset_zeroed_matches_reset)
{
    /* the SM model's units: calloc + dwf_reset_zeroed (dwf.h) */
    dwf_cfg c = dwf_default_cfg();
    RESET_ZEROED_MATCHES(dwf_reset, dwf_reset_zeroed, &c, dwf_state);
    c.lanes = 4;
    c.tid_bits = 3;
    RESET_ZEROED_MATCHES(dwf_reset, dwf_reset_zeroed, &c, dwf_state);
}

int main(int argc, char **argv)
{
    test_args(argc, argv);
    RUN(fig9_two_full_warps);
    RUN(fig9_static_issue_four_half_warps);
    RUN(fig7_even_odd_without_swizzle);
    RUN(fig7_even_odd_with_swizzle);
    RUN(paper_thread_counts);
    RUN(swizzle_table1_home_lanes);
    RUN(fig7_even_odd_table1);
    RUN(lane_conflict_through_the_path);
    RUN(majority_through_the_path);
    RUN(equal_pcs_merge_and_exits);
    RUN(illegal_input);
    RUN(check_catches_corruption);
    RUN(lean_at_design_points);
    RUN(reset_zeroed_matches_reset);
    return test_summary();
}
