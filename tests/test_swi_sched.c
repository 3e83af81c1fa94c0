/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_swi_sched.c -- unit tests of the SWI cascaded schedulers
 * (rtl_c/swi_sched, 001 sec. 4).  Every cycle goes through cyc(): eval,
 * the disjoint/subset invariants on the outputs, step with the eval's
 * output, swi_sched_check; an err cycle must leave the state byte for byte.
 * Masks are written lane 0 first ("1100" = lanes 0 and 1).
 */
#include <string.h>

#include "../rtl_c/bits.h"
#include "../rtl_c/swi_sched.h"
#include "check.h"

/* One cycle on inputs in. */
static swi_sched_out cyc_in(const swi_sched_cfg *c, swi_sched_state *s, const swi_sched_in *in)
{
    swi_sched_out o, r;
    swi_sched_state before = *s;
    swi_sched_in nofill = *in;
    swi_sched_eval(c, s, in, &o);
    /* swi_sched_refill: this cycle's eval without the fills, then the
     * fills, gives the eval with them (every cycle of every test) */
    nofill.fill_valid = nofill.fill2_valid = 0;
    swi_sched_eval(c, s, &nofill, &r);
    swi_sched_refill(c, s, in, &r);
    CHECK(memcmp(&o, &r, sizeof o) == 0);
    /* and from a held cycle's outputs (err: the picks dropped) */
    memset(&r, 0, sizeof r);
    r.err = 1;
    swi_sched_refill(c, s, in, &r);
    CHECK(memcmp(&o, &r, sizeof o) == 0);
    if (!o.i2_alt) /* beside I1 on its group: disjoint lanes */
        CHECK((o.i1_mask & o.i2_mask) == 0u);
    else /* the other group only when asked and when I1's lanes cannot take it */
        CHECK(in->alt_free && o.i1_mask != 0u && (o.i1_mask & o.i2_mask) != 0u &&
              o.act == SWI_SCHED_ACT_ALT);
    if (o.i2_valid)
        CHECK_EQ(o.i2_mask, s->mask_q[o.i2_warp]);
    swi_sched_step(c, s, in, &o);
    CHECK(swi_sched_check(c, s) == NULL);
    if (o.err)
        CHECK(memcmp(&before, s, sizeof before) == 0);
    return o;
}

static swi_sched_in ins(uint64_t ready, int fill, unsigned fw, uint64_t fmask)
{
    swi_sched_in in;
    memset(&in, 0, sizeof in);
    in.ready = ready;
    in.fill_valid = (uint64_t)fill;
    in.fill_warp = fw;
    in.fill_pc = 0x100u + fw;
    in.fill_mask = fmask;
    return in;
}

static swi_sched_out cyc(const swi_sched_cfg *c, swi_sched_state *s, uint64_t ready, int fill,
                         unsigned fw, uint64_t fmask)
{
    swi_sched_in in = ins(ready, fill, fw, fmask);
    return cyc_in(c, s, &in);
}

/* Fill warps in order, one per cycle, nothing ready (no picks). */
static void fill_all(const swi_sched_cfg *c, swi_sched_state *s, const uint64_t *masks,
                     unsigned n)
{
    unsigned w;
    for (w = 0; w < n; w++) {
        swi_sched_out o = cyc(c, s, 0, 1, w, masks[w]);
        CHECK_EQ(o.err, 0);
    }
}

/* Puts warp pw's buffered instruction in the stage, as a primary pick with
 * no conflict leaves it (a pick from reset with an empty stage would meet
 * the substitute on the same warp: that case is conflict_a_posteriori). */
static void load_stage(const swi_sched_cfg *c, swi_sched_state *s, unsigned pw)
{
    CHECK(bits_get(s->v_q, pw));
    s->v_q &= ~((uint64_t)1 << pw);
    s->s_v_q = 1;
    s->s_warp_q = pw;
    s->s_pc_q = s->pc_q[pw];
    s->s_mask_q = s->mask_q[pw];
    CHECK(swi_sched_check(c, s) == NULL);
}

/* The header's worked example, step by step (SETS = 2, WAYS = 2, LANES = 4). */
TEST(worked_example)
{
    swi_sched_cfg c = {2, 2, 4, 16};
    swi_sched_state s;
    swi_sched_out o;
    swi_sched_reset(&c, &s);
    CHECK_EQ(cyc(&c, &s, 0, 1, 0, m("1100")).err, 0);
    CHECK_EQ(cyc(&c, &s, 0, 1, 2, m("0010")).err, 0);
    CHECK_EQ(cyc(&c, &s, 0, 1, 1, m("0011")).err, 0);
    CHECK_EQ(cyc(&c, &s, 0, 1, 3, m("1000")).err, 0);
    load_stage(&c, &s, 0);
    o = cyc(&c, &s, 0xF, 0, 0, 0);
    CHECK_EQ(o.act, SWI_SCHED_ACT_PAIR);
    CHECK_EQ(o.i1_warp, 0);
    CHECK_EQ(o.i1_mask, m("1100"));
    CHECK_EQ(o.i2_warp, 1);
    CHECK_EQ(o.i2_mask, m("0011"));
    CHECK_EQ(o.p_valid, 1);
    CHECK_EQ(o.p_warp, 2);
    CHECK_EQ(o.conflict, 0);
    o = cyc(&c, &s, 0xF, 0, 0, 0);
    CHECK_EQ(o.act, SWI_SCHED_ACT_PAIR);
    CHECK_EQ(o.i1_warp, 2);
    CHECK_EQ(o.i1_mask, m("0010"));
    CHECK_EQ(o.i2_warp, 3);
    CHECK_EQ(o.i2_mask, m("1000"));
    CHECK_EQ(o.p_valid, 1); /* the primary picks warp 3 too: conflict */
    CHECK_EQ(o.p_warp, 3);
    CHECK_EQ(o.conflict, 1);
    o = cyc(&c, &s, 0xF, 0, 0, 0);
    CHECK_EQ(o.act, SWI_SCHED_ACT_NONE_SUB);
    CHECK_EQ(o.i1_valid, 1);
    CHECK_EQ(o.i1_warp, 3);
    CHECK_EQ(o.i1_mask, 0);
    CHECK_EQ(o.i2_valid, 0);
    CHECK_EQ(s.v_q, 0);
    o = cyc(&c, &s, 0xF, 0, 0, 0);
    CHECK_EQ(o.act, SWI_SCHED_ACT_IDLE);
}

/* One cycle with alt_free (another SIMD group of I1's class is free) and
 * optionally both write ports (f2 < 64). */
static swi_sched_out cyca(const swi_sched_cfg *c, swi_sched_state *s, uint64_t ready, int alt,
                          int fill, unsigned fw, uint64_t fm, unsigned f2, uint64_t m2)
{
    swi_sched_in in = ins(ready, fill, fw, fm);
    in.alt_free = (uint64_t)alt;
    if (f2 < 64u) {
        in.fill2_valid = 1;
        in.fill2_warp = f2;
        in.fill2_pc = 0x100u + f2;
        in.fill2_mask = m2;
    }
    return cyc_in(c, s, &in);
}

/* The header's second worked example: another free SIMD group (001 l.150),
 * step by step (SETS = 2, WAYS = 2, LANES = 4). */
TEST(worked_example_alt)
{
    swi_sched_cfg c = {2, 2, 4, 16};
    swi_sched_state s, before;
    swi_sched_out o;
    swi_sched_reset(&c, &s);
    CHECK_EQ(cyc(&c, &s, 0, 1, 0, m("1111")).err, 0);
    CHECK_EQ(cyc(&c, &s, 0, 1, 1, m("1111")).err, 0);
    CHECK_EQ(cyc(&c, &s, 0, 1, 3, m("0011")).err, 0);
    CHECK_EQ(cyc(&c, &s, 0, 1, 2, m("1100")).err, 0);
    load_stage(&c, &s, 0);
    /* cycle 1, one group: a full I1 leaves nothing */
    o = cyca(&c, &s, 0xF, 0, 0, 0, 0, 64, 0);
    CHECK_EQ(o.act, SWI_SCHED_ACT_SOLO);
    CHECK_EQ(o.i1_warp, 0);
    CHECK_EQ(o.i2_valid, 0);
    CHECK_EQ(o.p_warp, 1);
    /* cycle 2: the other group takes warp 2 (set 0); the two leaving /
     * empty entries refill */
    o = cyca(&c, &s, 0xF, 1, 1, 0, m("1100"), 2, m("0111"));
    CHECK_EQ(o.act, SWI_SCHED_ACT_ALT);
    CHECK_EQ(o.i1_warp, 1);
    CHECK_EQ(o.i1_mask, m("1111"));
    CHECK_EQ(o.i2_valid, 1);
    CHECK_EQ(o.i2_warp, 2);
    CHECK_EQ(o.i2_mask, m("1100"));
    CHECK_EQ(o.i2_alt, 1);
    CHECK_EQ(o.p_warp, 3);
    CHECK_EQ(o.conflict, 0);
    /* cycle 3: warp 0 (1100) would fit beside I1 (0011), warp 2 (0111)
     * only on the other group, with more lanes: the most lanes win */
    {
        swi_sched_in probe = ins(0xF, 0, 0, 0);
        swi_sched_eval(&c, &s, &probe, &o); /* the same cycle on one group */
        CHECK_EQ(o.act, SWI_SCHED_ACT_PAIR);
        CHECK_EQ(o.i2_warp, 0);
    }
    o = cyca(&c, &s, 0xF, 1, 1, 3, m("1100"), 1, m("0011"));
    CHECK_EQ(o.act, SWI_SCHED_ACT_ALT);
    CHECK_EQ(o.i1_warp, 3);
    CHECK_EQ(o.i2_warp, 2);
    CHECK_EQ(o.i2_mask, m("0111"));
    CHECK_EQ(o.i2_alt, 1);
    CHECK_EQ(o.p_warp, 0);
    /* cycle 4: warp 1 (0011) beside I1 (1100) and warp 3 (1100) on the
     * other group tie at 2 lanes: I1's group first, whatever the LFSR */
    for (unsigned k = 0; k < 16; k++) {
        swi_sched_state t = s;
        swi_sched_in probe = ins(0xF, 0, 0, 0);
        probe.alt_free = 1;
        t.lfsr_q = 1u + k * 0x1111u;
        swi_sched_eval(&c, &t, &probe, &o);
        CHECK_EQ(o.i2_warp, 1);
        CHECK_EQ(o.i2_alt, 0);
    }
    o = cyca(&c, &s, 0xF, 1, 0, 0, 0, 64, 0);
    CHECK_EQ(o.act, SWI_SCHED_ACT_PAIR);
    CHECK_EQ(o.i1_warp, 0);
    CHECK_EQ(o.i2_warp, 1);
    CHECK_EQ(o.i2_alt, 0);
    CHECK_EQ(o.p_warp, 3);
    CHECK_EQ(o.conflict, 0);
    /* cycle 5: set 0 is empty */
    o = cyca(&c, &s, 0xF, 1, 0, 0, 0, 64, 0);
    CHECK_EQ(o.act, SWI_SCHED_ACT_SOLO);
    CHECK_EQ(o.i1_warp, 3);
    CHECK_EQ(o.p_valid, 0);
    /* cycle 6: no I1, so alt_free is illegal (state kept), then IDLE */
    before = s;
    o = cyca(&c, &s, 0xF, 1, 0, 0, 0, 64, 0);
    CHECK_EQ(o.err, 1);
    CHECK_EQ(o.err_code, SWI_SCHED_ERR_GROUP);
    CHECK_EQ(o.act, SWI_SCHED_ACT_HOLD);
    CHECK(memcmp(&before, &s, sizeof s) == 0);
    o = cyca(&c, &s, 0xF, 0, 0, 0, 0, 64, 0);
    CHECK_EQ(o.act, SWI_SCHED_ACT_IDLE);
}

/* alt_free is GROUP beside a discarded I1 (mask 0 after a conflict) too,
 * and GROUP comes before a fill's own error. */
TEST(alt_free_needs_a_live_i1)
{
    swi_sched_cfg c = {1, 3, 4, 16}; /* 3 warps: warp 3 is past WARPS */
    swi_sched_state s, before;
    swi_sched_out o;
    swi_sched_reset(&c, &s);
    CHECK_EQ(cyc(&c, &s, 0, 1, 0, m("1000")).err, 0);
    load_stage(&c, &s, 0);
    s.s_mask_q = 0; /* a discarded copy */
    before = s;
    o = cyca(&c, &s, 0x7, 1, 1, 3, m("1000"), 64, 0); /* and fill_warp past WARPS */
    CHECK_EQ(o.err_code, SWI_SCHED_ERR_GROUP);
    CHECK(memcmp(&before, &s, sizeof s) == 0);
    o = cyca(&c, &s, 0x7, 0, 1, 3, m("1000"), 64, 0);
    CHECK_EQ(o.err_code, SWI_SCHED_ERR_WARP);
    o = cyca(&c, &s, 0x7, 0, 0, 0, 0, 64, 0);
    CHECK_EQ(o.act, SWI_SCHED_ACT_NONE_SUB);
}

TEST(best_fit_most_lanes)
{
    /* fully associative, 4 warps, 8 lanes: primary warp 0 uses 11000000;
     * free lanes 00111111; warp 1 fits 2 lanes, warp 2 fits 4, warp 3 does
     * not fit (overlaps lane 0): the secondary takes warp 2 */
    swi_sched_cfg c = {1, 4, 8, 16};
    swi_sched_state s;
    uint64_t masks[4];
    swi_sched_out o;
    masks[0] = m("11000000");
    masks[1] = m("00110000");
    masks[2] = m("00001111");
    masks[3] = m("10111111");
    swi_sched_reset(&c, &s);
    fill_all(&c, &s, masks, 4);
    load_stage(&c, &s, 0);
    o = cyc(&c, &s, 0xE, 0, 0, 0);
    CHECK_EQ(o.act, SWI_SCHED_ACT_PAIR);
    CHECK_EQ(o.i1_warp, 0);
    CHECK_EQ(o.i1_mask, m("11000000"));
    CHECK_EQ(o.i2_warp, 2);
    CHECK_EQ(o.i2_mask, m("00001111"));
    CHECK_EQ(o.i2_pc, 0x102);
}

TEST(set_restriction)
{
    /* SETS = 2: primary warp 0 (set 0) -> the secondary searches set 1
     * (warps 1, 3).  Warp 2 (set 0) fits best but is not searched. */
    swi_sched_cfg c = {2, 2, 8, 16};
    swi_sched_state s;
    uint64_t masks[4];
    swi_sched_out o;
    masks[0] = m("11000000");
    masks[1] = m("00100000");
    masks[2] = m("00111111");
    masks[3] = m("11111111");
    swi_sched_reset(&c, &s);
    fill_all(&c, &s, masks, 4);
    load_stage(&c, &s, 0);
    o = cyc(&c, &s, 0x0, 0, 0, 0); /* nothing ready: SOLO */
    CHECK_EQ(o.act, SWI_SCHED_ACT_SOLO);
    /* again with warps 1..3 ready, primary warp 0 refilled and picked */
    swi_sched_reset(&c, &s);
    fill_all(&c, &s, masks, 4);
    load_stage(&c, &s, 0);
    s.lfsr_q = 0x0002; /* any start: only one legal candidate */
    o = cyc(&c, &s, 0x6, 0, 0, 0); /* warps 1, 2 ready */
    CHECK_EQ(o.act, SWI_SCHED_ACT_PAIR);
    CHECK_EQ(o.i2_warp, 1);
    CHECK_EQ(swi_sched_set_members(&c, 0, 0), 0xA);
    CHECK_EQ(swi_sched_set_members(&c, 1, 0), 0x5);
    CHECK_EQ(swi_sched_set_members(&c, 1, 1), 0xF);
}

TEST(lfsr_and_tie_break)
{
    /* the stated polynomial and seed, first values by hand */
    CHECK_EQ(swi_sched_lfsr_next(0xACE1), 0x59C3);
    CHECK_EQ(swi_sched_lfsr_next(0x59C3), 0xB387);
    {
        /* period 65535: the LFSR is maximal */
        uint64_t q = SWI_SCHED_LFSR_SEED;
        unsigned n = 0;
        do {
            q = swi_sched_lfsr_next(q);
            n++;
        } while (q != SWI_SCHED_LFSR_SEED && n < 70000u);
        CHECK_EQ(n, 65535);
    }
    {
        /* n steps at once (the quiet hooks' bulk account) equal n steps */
        static const uint64_t ns[] = {0, 1, 2, 3, 17, 1000, 65534, 65535, 65536, 200003};
        uint64_t q = 0x1234u;
        for (unsigned i = 0; i < sizeof ns / sizeof ns[0]; i++) {
            uint64_t r = q;
            for (uint64_t k = 0; k < ns[i]; k++)
                r = swi_sched_lfsr_next(r);
            CHECK_EQ(swi_sched_lfsr_ahead(q, ns[i]), r);
            q = r ^ 0x0101u;
        }
    }
    {
        /* warps 1, 2, 3 tie (1 lane each): the pick is the first >= r */
        swi_sched_cfg c = {1, 4, 4, 8};
        swi_sched_state s;
        swi_sched_reset(&c, &s);
        s.v_q = 0xE;
        s.mask_q[1] = m("0100");
        s.mask_q[2] = m("0010");
        s.mask_q[3] = m("0001");
        CHECK_EQ(swi_sched_best_fit(&c, &s, 0xE, 0xF, 0, 0), 1);
        CHECK_EQ(swi_sched_best_fit(&c, &s, 0xE, 0xF, 0, 2), 2);
        CHECK_EQ(swi_sched_best_fit(&c, &s, 0xE, 0xF, 0, 3), 3);
        CHECK_EQ(swi_sched_best_fit(&c, &s, 0x6, 0xF, 0, 3), 1); /* wraps */
        CHECK_EQ(swi_sched_best_fit(&c, &s, 0xE, 0x0, 0, 0), 64);
    }
}

/* Two runs from reset with the same inputs give the same picks (the
 * tie-break is deterministic), and the picks vary with the LFSR. */
TEST(tie_break_reproducible)
{
    swi_sched_cfg c = {1, 8, 4, 8};
    swi_sched_state a, b;
    unsigned t, w, distinct = 0;
    uint64_t seen = 0;
    swi_sched_reset(&c, &a);
    swi_sched_reset(&c, &b);
    for (t = 0; t < 2000; t++) {
        unsigned fw = 64;
        for (w = 0; w < 8; w++)
            if (!bits_get(a.v_q, (t + w) % 8u)) {
                fw = (t + w) % 8u;
                break;
            }
        {
            swi_sched_out oa = cyc(&c, &a, 0xFF, fw < 64, fw < 64 ? fw : 0, (uint64_t)1 << ((t + fw) % 4u));
            swi_sched_out ob = cyc(&c, &b, 0xFF, fw < 64, fw < 64 ? fw : 0, (uint64_t)1 << ((t + fw) % 4u));
            CHECK(memcmp(&oa, &ob, sizeof oa) == 0);
            if (oa.i2_valid)
                seen |= (uint64_t)1 << oa.i2_warp;
        }
    }
    CHECK(memcmp(&a, &b, sizeof a) == 0);
    for (w = 0; w < 8; w++)
        distinct += bits_get(seen, w);
    CHECK(distinct >= 4u);
}

TEST(conflict_a_posteriori)
{
    /* FA, 2 warps: warp 0 in the stage (mask 1000), warp 1 (0111) ready and
     * the oldest: the secondary picks it for the stage, the primary picks it
     * for the next stage -> conflict; warp 1 issues now as I2, next cycle I1
     * is warp 1 with mask 0 and the secondary substitutes. */
    swi_sched_cfg c = {1, 2, 4, 8};
    swi_sched_state s;
    uint64_t masks[2];
    swi_sched_out o;
    masks[0] = m("1000");
    masks[1] = m("0111");
    swi_sched_reset(&c, &s);
    fill_all(&c, &s, masks, 2);
    load_stage(&c, &s, 0);
    o = cyc(&c, &s, 0x2, 1, 0, m("1111")); /* refill warp 0 too */
    CHECK_EQ(o.act, SWI_SCHED_ACT_PAIR);
    CHECK_EQ(o.i2_warp, 1);
    CHECK_EQ(o.p_warp, 1);
    CHECK_EQ(o.conflict, 1);
    CHECK_EQ(s.s_v_q, 1);
    CHECK_EQ(s.s_mask_q, 0);
    CHECK_EQ(bits_get(s.v_q, 1), 0);
    o = cyc(&c, &s, 0x1, 0, 0, 0);
    CHECK_EQ(o.i1_valid, 1);
    CHECK_EQ(o.i1_warp, 1);
    CHECK_EQ(o.i1_mask, 0);
    /* the substitute may take any ready entry but the primary's pick: warp
     * 0 is the only ready entry and the primary picks it, so the substitute
     * finds nothing and no second conflict follows */
    CHECK_EQ(o.act, SWI_SCHED_ACT_NONE_SUB);
    CHECK_EQ(o.i2_valid, 0);
    CHECK_EQ(o.p_valid, 1);
    CHECK_EQ(o.p_warp, 0);
    CHECK_EQ(o.conflict, 0);
    o = cyc(&c, &s, 0x3, 0, 0, 0);
    CHECK_EQ(o.act, SWI_SCHED_ACT_SOLO);
    CHECK_EQ(o.i1_warp, 0);
    CHECK_EQ(o.i1_mask, m("1111"));
    CHECK_EQ(o.i2_valid, 0);
    CHECK_EQ(s.v_q, 0);
    o = cyc(&c, &s, 0x3, 0, 0, 0);
    CHECK_EQ(o.act, SWI_SCHED_ACT_IDLE);
}

/* The substitute (stage empty or discarded) takes the best fit among the
 * ready entries except the primary's pick of the same cycle (the oldest):
 * here the oldest, warp 0, is also the best fit (4 lanes), and the
 * substitute takes warp 1 instead.  Without the exclusion it would take
 * warp 0 and conflict with the primary. */
TEST(substitute_leaves_the_primary_pick)
{
    swi_sched_cfg c = {1, 3, 4, 8};
    swi_sched_state s;
    uint64_t masks[3];
    swi_sched_out o;
    masks[0] = m("1111");
    masks[1] = m("1000");
    masks[2] = m("0100");
    swi_sched_reset(&c, &s);
    fill_all(&c, &s, masks, 3);
    load_stage(&c, &s, 2);
    s.s_mask_q = 0; /* warp 2's copy was discarded by a conflict */
    CHECK(swi_sched_check(&c, &s) == NULL);
    CHECK_EQ(swi_sched_has_older(&c, &s, 0x3), 0x2); /* all but the oldest */
    o = cyc(&c, &s, 0x3, 0, 0, 0);
    CHECK_EQ(o.i1_valid, 1);
    CHECK_EQ(o.i1_mask, 0);
    CHECK_EQ(o.p_warp, 0);
    CHECK_EQ(o.act, SWI_SCHED_ACT_SUBST);
    CHECK_EQ(o.i2_warp, 1);
    CHECK_EQ(o.i2_mask, m("1000"));
    CHECK_EQ(o.conflict, 0);
    o = cyc(&c, &s, 0x3, 0, 0, 0);
    CHECK_EQ(o.act, SWI_SCHED_ACT_SOLO);
    CHECK_EQ(o.i1_warp, 0);
    CHECK_EQ(o.i1_mask, m("1111"));
}

/* One fill per cycle, each warp ready with probability 3/4: the buffer runs
 * nearly empty, so the primary and an unrestricted substitute often see the
 * same single ready entry.  Before the substitute left the primary's pick
 * alone, each conflict left a discarded stage whose substitute met the
 * primary again: chains of conflicts.  Now a substitution cycle never
 * conflicts, no conflict follows another, and pairs outnumber conflicts. */
TEST(no_conflict_chain_when_starved)
{
    swi_sched_cfg c = {2, 4, 8, 8};
    swi_sched_state s;
    uint64_t x = 0x9E3779B97F4A7C15ull;
    unsigned t, conflicts = 0, subst_conf = 0, back_to_back = 0, pairs = 0;
    int prev_conf = 0;
    swi_sched_reset(&c, &s);
    for (t = 0; t < 5000; t++) {
        unsigned w, fw = 64;
        uint64_t mask;
        swi_sched_out o;
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        for (w = 0; w < 8; w++)
            if (!bits_get(s.v_q, (unsigned)(x + w) % 8u)) {
                fw = (unsigned)(x + w) % 8u;
                break;
            }
        mask = (x >> 16) & 0xFFu;
        if (!mask)
            mask = 0xFFu;
        o = cyc(&c, &s, (x >> 24) | (x >> 40), fw < 64u, fw < 64u ? fw : 0, mask);
        conflicts += (unsigned)o.conflict;
        pairs += o.act == SWI_SCHED_ACT_PAIR;
        if (o.conflict && (o.act == SWI_SCHED_ACT_SUBST || o.act == SWI_SCHED_ACT_NONE_SUB))
            subst_conf++;
        if (o.conflict && prev_conf)
            back_to_back++;
        prev_conf = (int)o.conflict;
    }
    CHECK_EQ(subst_conf, 0);
    CHECK_EQ(back_to_back, 0);
    CHECK(conflicts > 0u); /* live-cycle conflicts remain, detected a posteriori */
    CHECK(pairs > conflicts);
}

/* Direct-mapped finds a subset of what fully associative finds: on the same
 * entries, the DM set is inside the FA set, so whenever DM finds a fit, FA
 * finds one filling at least as many lanes. */
TEST(direct_mapped_subset_of_fully_associative)
{
    swi_sched_cfg dm = {32, 1, 32, 8}, fa = {1, 32, 32, 8}, sa = {4, 8, 32, 8};
    swi_sched_state s;
    uint64_t x = 0x123456789ull;
    unsigned t, w, dm_found = 0, fa_found = 0, fa_only = 0;
    swi_sched_reset(&dm, &s);
    for (t = 0; t < 20000; t++) {
        unsigned p, fd, ff, fs;
        uint64_t cand, free_lanes;
        for (w = 0; w < 32; w++) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            s.mask_q[w] = (x & (x >> 11)) & 0xFFFFFFFFu;
            if (!s.mask_q[w])
                s.mask_q[w] = 1;
        }
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        p = (unsigned)(x % 32u);
        cand = (x >> 8) & 0xFFFFFFFFu & ~((uint64_t)1 << p);
        free_lanes = ~s.mask_q[p] & 0xFFFFFFFFu;
        CHECK(bits_subset(swi_sched_set_members(&dm, p, 0), swi_sched_set_members(&sa, p, 0)));
        CHECK(bits_subset(swi_sched_set_members(&sa, p, 0), swi_sched_set_members(&fa, p, 0)));
        fd = swi_sched_best_fit(&dm, &s, cand & swi_sched_set_members(&dm, p, 0), free_lanes, 0, 0);
        fs = swi_sched_best_fit(&sa, &s, cand & swi_sched_set_members(&sa, p, 0), free_lanes, 0, 0);
        ff = swi_sched_best_fit(&fa, &s, cand & swi_sched_set_members(&fa, p, 0), free_lanes, 0, 0);
        if (fd < 64u) {
            dm_found++;
            CHECK(ff < 64u);
            CHECK(fs < 64u);
            if (ff < 64u && fs < 64u) {
                CHECK(bits_popcount(s.mask_q[ff]) >= bits_popcount(s.mask_q[fs]));
                CHECK(bits_popcount(s.mask_q[fs]) >= bits_popcount(s.mask_q[fd]));
            }
        }
        if (ff < 64u)
            fa_found++;
        if (ff < 64u && fd == 64u)
            fa_only++;
    }
    CHECK(dm_found > 0u);
    CHECK(fa_only > 0u); /* the inclusion is strict on this traffic */
    CHECK(fa_found >= dm_found);
}

TEST(illegal_fill_leaves_state)
{
    swi_sched_cfg c = {2, 3, 8, 16}; /* 6 warps, WID_W 3 */
    swi_sched_state s;
    swi_sched_out o;
    swi_sched_reset(&c, &s);
    o = cyc(&c, &s, 0, 1, 6, 1);
    CHECK_EQ(o.err_code, SWI_SCHED_ERR_WARP);
    o = cyc(&c, &s, 0, 1, 2, 0);
    CHECK_EQ(o.err_code, SWI_SCHED_ERR_EMPTY);
    o = cyc(&c, &s, 0, 1, 2, 1);
    CHECK_EQ(o.err, 0);
    /* warp 2 buffered and not ready: it stays, so a fill of it is BUSY */
    o = cyc(&c, &s, 0, 1, 2, 1);
    CHECK_EQ(o.err_code, SWI_SCHED_ERR_BUSY);
    CHECK_EQ(o.act, SWI_SCHED_ACT_HOLD);
    CHECK_EQ(o.p_valid, 0);
}

/* Issue 24 items 5-6: an entry is refilled in the cycle it leaves the
 * buffer.  One warp whose next instruction is filled as the primary picks
 * it issues as I1 every cycle (001 Table 2: scheduler latency 2, throughput
 * one a cycle); an entry taken by I2 is refilled the same way.  A fill of
 * a ready entry the primary does not pick (an older one goes first) is
 * still BUSY. */
TEST(refill_as_it_leaves)
{
    swi_sched_cfg c = {1, 4, 4, 16};
    swi_sched_state s;
    swi_sched_out o;
    swi_sched_reset(&c, &s);
    o = cyc(&c, &s, 0, 1, 0, 0x3); /* warp 0: lanes 0-1 */
    CHECK_EQ(o.err, 0);
    for (unsigned i = 0; i < 6; i++) {
        o = cyc(&c, &s, 0x1, 1, 0, 0x3);
        CHECK_EQ(o.err, 0);
        CHECK_EQ(o.p_valid, 1);
        CHECK_EQ(o.p_warp, 0);
        CHECK_EQ(o.i1_valid, i > 0);
        CHECK_EQ(s.v_q, 1);
        CHECK(swi_sched_check(&c, &s) == NULL);
    }
    /* I2's entry: the stage holds warp 2 (lanes 0-1); warps 0 (0-1, older)
     * and 1 (2-3) are buffered and ready: the primary picks warp 0, I2 is
     * warp 1, and warp 1 is refilled in that cycle */
    swi_sched_reset(&c, &s);
    cyc(&c, &s, 0, 1, 2, 0x3);
    cyc(&c, &s, 0, 1, 0, 0x3);
    o = cyc(&c, &s, 0x4, 1, 1, 0xC);
    CHECK_EQ(o.p_warp, 2);
    o = cyc(&c, &s, 0x3, 1, 1, 0xC);
    CHECK_EQ(o.err, 0);
    CHECK_EQ(o.i1_warp, 2);
    CHECK_EQ(o.p_warp, 0);
    CHECK_EQ(o.i2_valid, 1);
    CHECK_EQ(o.i2_warp, 1);
    CHECK_EQ(o.conflict, 0);
    CHECK_EQ(s.v_q, 0x2);
    CHECK(swi_sched_check(&c, &s) == NULL);
    /* warp 1 buffered, not ready: it stays, a fill of it is BUSY */
    o = cyc(&c, &s, 0, 1, 1, 0xC);
    CHECK_EQ(o.err_code, SWI_SCHED_ERR_BUSY);
}

/* One cycle with both write ports: in.fill2_* into warp f2 (mask m2) and,
 * with fill, warp fw (mask fm), nothing ready.  The err state check of
 * cyc() applies. */
/* One cycle with both write ports: fill2 into warp f2 (mask m2) and, with
 * fill, warp fw (mask fm). */
static swi_sched_out cyc2(const swi_sched_cfg *c, swi_sched_state *s, uint64_t ready, int fill,
                          unsigned fw, uint64_t fm, unsigned f2, uint64_t m2)
{
    return cyca(c, s, ready, 0, fill, fw, fm, f2, m2);
}

/* The second write port (001 Table 3: SWI's dual-ported buffer): two
 * entries written in one cycle, fill's older than fill2's; both entries a
 * pair leaves (the primary's pick and I2) refilled at the same edge, so a
 * pair issues every cycle; fill2 into fill's entry, a busy entry, past
 * WARPS or with no lanes is an err that keeps the state. */
TEST(second_fill_port)
{
    swi_sched_cfg c = {1, 4, 4, 16};
    swi_sched_state s;
    swi_sched_out o;
    swi_sched_reset(&c, &s);
    o = cyc2(&c, &s, 0, 1, 2, 0x3, 0, 0xC); /* warp 2 (lanes 0-1), then warp 0 (2-3) */
    CHECK_EQ(o.err, 0);
    CHECK_EQ(s.v_q, 0x5);
    CHECK(bits_get(s.age_q[0], 2)); /* fill's entry is the older */
    CHECK(!bits_get(s.age_q[2], 0));
    /* warp 1 (lanes 0-1) joins, all three ready from now on; each cycle
     * the two entries that leave (the primary's pick and I2; the picks
     * read no fill input) are refilled at that edge with the same masks,
     * the pick through fill and I2 through fill2: after the start, a pair
     * every cycle, with no conflict (one fill port could refill only one) */
    o = cyc(&c, &s, 0, 1, 1, 0x3);
    CHECK_EQ(o.err, 0);
    unsigned pairs = 0;
    for (unsigned i = 0; i < 10; i++) {
        swi_sched_in probe;
        memset(&probe, 0, sizeof probe);
        probe.ready = 0x7;
        swi_sched_eval(&c, &s, &probe, &o);
        CHECK_EQ(o.p_valid, 1);
        unsigned pw = (unsigned)o.p_warp, xw = o.i2_valid ? (unsigned)o.i2_warp : 3u;
        if (o.i2_valid)
            o = cyc2(&c, &s, 0x7, 1, pw, s.mask_q[pw], xw, s.mask_q[xw]);
        else
            o = cyc(&c, &s, 0x7, 1, pw, s.mask_q[pw]);
        CHECK_EQ(o.err, 0);
        if (i >= 4) {
            CHECK_EQ(o.act, SWI_SCHED_ACT_PAIR);
            CHECK_EQ(o.i2_warp, 0);
            CHECK_EQ(o.conflict, 0);
        }
        pairs += o.act == SWI_SCHED_ACT_PAIR;
    }
    CHECK(pairs >= 6u);
    /* illegal second fills */
    swi_sched_reset(&c, &s);
    o = cyc2(&c, &s, 0, 1, 1, 0x1, 1, 0x2);
    CHECK_EQ(o.err_code, SWI_SCHED_ERR_BUSY); /* both ports into one entry */
    o = cyc2(&c, &s, 0, 1, 1, 0x1, 2, 0);
    CHECK_EQ(o.err_code, SWI_SCHED_ERR_EMPTY);
    o = cyc2(&c, &s, 0, 0, 0, 0, 2, 0x1);
    CHECK_EQ(o.err, 0);
    o = cyc2(&c, &s, 0, 1, 1, 0x1, 2, 0x1); /* warp 2 buffered, not ready */
    CHECK_EQ(o.err_code, SWI_SCHED_ERR_BUSY);
    CHECK_EQ(s.v_q, 0x4);
}

TEST(check_catches_corruption)
{
    swi_sched_cfg c = swi_sched_default_cfg();
    swi_sched_state s;
    uint64_t masks[3] = {1, 2, 4};
    swi_sched_reset(&c, &s);
    fill_all(&c, &s, masks, 3);
    CHECK(swi_sched_check(&c, &s) == NULL);
    s.age_q[1] ^= 1; /* 0 and 1 both older than each other, or neither */
    CHECK(swi_sched_check(&c, &s) != NULL);
    s.age_q[1] ^= 1;
    s.lfsr_q = 0;
    CHECK(swi_sched_check(&c, &s) != NULL);
}

TEST(cfg_check_ranges)
{
    swi_sched_cfg c = swi_sched_default_cfg();
    CHECK_EQ(swi_sched_warps(&c), 24);
    CHECK(swi_sched_cfg_check(&c) == NULL);
    c.sets = 3;
    CHECK(swi_sched_cfg_check(&c) != NULL);
    c.sets = 16;
    c.ways = 5;
    CHECK(swi_sched_cfg_check(&c) != NULL);
    c.ways = 4;
    CHECK(swi_sched_cfg_check(&c) == NULL);
}

int main(int argc, char **argv)
{
    test_args(argc, argv);
    RUN(worked_example);
    RUN(worked_example_alt);
    RUN(alt_free_needs_a_live_i1);
    RUN(best_fit_most_lanes);
    RUN(set_restriction);
    RUN(lfsr_and_tie_break);
    RUN(tie_break_reproducible);
    RUN(conflict_a_posteriori);
    RUN(substitute_leaves_the_primary_pick);
    RUN(no_conflict_chain_when_starved);
    RUN(direct_mapped_subset_of_fully_associative);
    RUN(illegal_fill_leaves_state);
    RUN(refill_as_it_leaves);
    RUN(second_fill_port);
    RUN(check_catches_corruption);
    RUN(cfg_check_ranges);
    return test_summary();
}
