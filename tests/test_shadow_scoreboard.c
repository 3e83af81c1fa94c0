/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_shadow_scoreboard.c -- golden and unit tests of the dual-path
 * scoreboard with shadow bits (rtl_c/shadow_scoreboard).  The four
 * scenarios of 003 Fig. 6/7 (r0 across a divergence, r7 across a
 * reconvergence, the conservative false r1 dependency, r4 on both paths)
 * assert the hazard outputs and both tables of the warp after every cycle.
 * Tables are written as "r0* r1": the valid register ids, * = shadow bit.
 */
#include <stdlib.h>
#include <string.h>

#include "../rtl_c/bits.h"
#include "../rtl_c/shadow_scoreboard.h"
#include "check.h"

enum { L = SHADOW_SB_L, R = SHADOW_SB_R };
enum { S0 = 1, S1 = 2, S2 = 4 }; /* q_src_valid bits */

typedef shadow_scoreboard_in sb_in;
typedef shadow_scoreboard_out sb_out;
typedef shadow_scoreboard_state sb_state;
typedef shadow_scoreboard_cfg sb_cfg;

static sb_cfg small_cfg(void)
{
    sb_cfg c = shadow_scoreboard_default_cfg();
    c.warps = 4;
    return c;
}

/* ---------------------------------------------------------------- inputs */
static sb_in idle(void)
{
    sb_in in;
    memset(&in, 0, sizeof in);
    return in;
}

/* the query: srcs (bits S0..S2 of `sv`) and an optional dst (dst < 0: none) */
static void query(sb_in *in, unsigned w, unsigned side, unsigned sv, unsigned s0, unsigned s1,
                  unsigned s2, int dst)
{
    in->q_warp = w;
    in->q_side = side;
    in->q_src_valid = sv;
    in->q_src0 = s0;
    in->q_src1 = s1;
    in->q_src2 = s2;
    in->q_dst_valid = dst >= 0;
    in->q_dst = dst >= 0 ? (unsigned)dst : 0u;
}

static void issue(sb_in *in, unsigned w, unsigned side, unsigned reg)
{
    in->iss_valid = 1;
    in->iss_warp = w;
    in->iss_side = side;
    in->iss_alloc = 1;
    in->iss_reg = reg;
}

static void wb(sb_in *in, unsigned port, unsigned w, unsigned side, unsigned reg)
{
    if (port == 0) {
        in->wb0_valid = 1;
        in->wb0_warp = w;
        in->wb0_side = side;
        in->wb0_reg = reg;
    } else {
        in->wb1_valid = 1;
        in->wb1_warp = w;
        in->wb1_side = side;
        in->wb1_reg = reg;
    }
}

static void diverge(sb_in *in, unsigned w, unsigned side)
{
    in->div_valid = 1;
    in->div_warp = w;
    in->div_side = side;
}

static void reconverge(sb_in *in, unsigned w)
{
    in->rec_valid = 1;
    in->rec_warp = w;
}

/* One cycle: outputs, then the clock edge; invariants must hold. */
static sb_out cycle(const sb_cfg *c, sb_state *s, const sb_in *in)
{
    sb_out o;
    const char *why;
    shadow_scoreboard_eval(c, s, in, &o);
    shadow_scoreboard_step(c, s, in, &o);
    why = shadow_scoreboard_check(c, s);
    if (why)
        printf("  invariant: %s\n", why);
    CHECK(why == NULL);
    return o;
}

/* Only looks: the outputs for `in` without a clock edge. */
static sb_out peek(const sb_cfg *c, const sb_state *s, const sb_in *in)
{
    sb_out o;
    shadow_scoreboard_eval(c, s, in, &o);
    return o;
}

/* ---------------------------------------------------------------- tables */
/* 1 when table (w, side) holds exactly the registers of `spec` ("r0* r5"),
 * with those shadow bits; prints the difference otherwise. */
static int table_is(const sb_cfg *c, const sb_state *s, unsigned w, unsigned side,
                    const char *spec)
{
    unsigned n = 0, e;
    const char *p = spec;
    int ok = 1;
    char got[160];
    size_t at = 0;
    while (*p) {
        unsigned reg, shadow, found = 0;
        char *end;
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        if (*p != 'r')
            return 0;
        reg = (unsigned)strtoul(p + 1, &end, 10);
        p = end;
        shadow = *p == '*';
        if (shadow)
            p++;
        n++;
        for (e = 0; e < c->entries; e++)
            if (bits_get(s->valid[w][side], e) && s->reg[w][side][e] == reg) {
                found = 1;
                if (bits_get(s->shadow[w][side], e) != shadow)
                    ok = 0;
            }
        if (!found)
            ok = 0;
    }
    if (bits_popcount(s->valid[w][side]) != n)
        ok = 0;
    if (!ok) {
        got[0] = 0;
        for (e = 0; e < c->entries && at < sizeof got - 8u; e++)
            if (bits_get(s->valid[w][side], e))
                at += (size_t)snprintf(got + at, sizeof got - at, "r%u%s ", s->reg[w][side][e],
                                       bits_get(s->shadow[w][side], e) ? "*" : "");
        printf("  warp %u table %s: expected {%s}, holds {%s}\n", w, side ? "R" : "L", spec,
               got);
    }
    return ok;
}

#define EXPECT_TABLES(c, s, w, lspec, rspec)                                           \
    do {                                                                               \
        CHECK(table_is((c), (s), (w), L, (lspec)));                                    \
        CHECK(table_is((c), (s), (w), R, (rspec)));                                    \
    } while (0)

/* hazard outputs: ops = hz_ops, same / shadow = hz_same / hz_shadow */
#define EXPECT_HZ(o, ops, same, shad)                                                  \
    do {                                                                               \
        CHECK_EQ((o).hz_ops, (ops));                                                   \
        CHECK_EQ((o).hazard, (ops) != 0);                                              \
        CHECK_EQ((o).hz_same, (same));                                                 \
        CHECK_EQ((o).hz_shadow, (shad));                                               \
        CHECK_EQ((o).err, 0);                                                          \
    } while (0)

/* ------------------------------------------------------- golden: Fig. 6/7 */
/* The walk-through of the header's worked example, every step asserted. */
TEST(fig67_walkthrough)
{
    sb_cfg c = small_cfg();
    sb_state s;
    sb_in in;
    sb_out o;
    const unsigned w = 2;
    shadow_scoreboard_reset(&c, &s);

    /* 1 A (L): load r0 -- query and issue in one cycle */
    in = idle();
    query(&in, w, L, 0, 0, 0, 0, 0);
    issue(&in, w, L, 0);
    o = cycle(&c, &s, &in);
    EXPECT_HZ(o, 0u, 0u, 0u);
    CHECK_EQ(o.stall, 0);
    EXPECT_TABLES(&c, &s, w, "r0", "");
    /* 2 BR_B-C: divergence of L */
    in = idle();
    diverge(&in, w, L);
    cycle(&c, &s, &in);
    EXPECT_TABLES(&c, &s, w, "r0*", "");
    /* 3 B (L): load r1 */
    in = idle();
    query(&in, w, L, 0, 0, 0, 0, 1);
    issue(&in, w, L, 1);
    o = cycle(&c, &s, &in);
    EXPECT_HZ(o, 0u, 0u, 0u);
    EXPECT_TABLES(&c, &s, w, "r0* r1", "");
    /* 4 C (R): add r5, r0, r2 -- r0 is shadowed in L: stall */
    in = idle();
    query(&in, w, R, S0 | S1, 0, 2, 0, 5);
    o = cycle(&c, &s, &in);
    EXPECT_HZ(o, 1u, 0u, 1u);
    EXPECT_TABLES(&c, &s, w, "r0* r1", "");
    /* 5 wb L r0 (the same query in this cycle still sees r0: no bypass) */
    wb(&in, 0, w, L, 0);
    o = cycle(&c, &s, &in);
    EXPECT_HZ(o, 1u, 0u, 1u);
    EXPECT_TABLES(&c, &s, w, "r1", "");
    /* 6 C (R) issues add r5 */
    in = idle();
    query(&in, w, R, S0 | S1, 0, 2, 0, 5);
    issue(&in, w, R, 5);
    o = cycle(&c, &s, &in);
    EXPECT_HZ(o, 0u, 0u, 0u);
    EXPECT_TABLES(&c, &s, w, "r1", "r5");
    /* 7 BR_D-E: divergence of R */
    in = idle();
    diverge(&in, w, R);
    cycle(&c, &s, &in);
    EXPECT_TABLES(&c, &s, w, "r1", "r5*");
    /* 8 D (L): add r4, r1, r3 -- r1 of B in L: the false dependency */
    in = idle();
    query(&in, w, L, S0 | S1, 1, 3, 0, 4);
    o = cycle(&c, &s, &in);
    EXPECT_HZ(o, 1u, 1u, 0u);
    /* 9 E (R): sub r4, r1, r3 -- issues */
    in = idle();
    query(&in, w, R, S0 | S1, 1, 3, 0, 4);
    issue(&in, w, R, 4);
    o = cycle(&c, &s, &in);
    EXPECT_HZ(o, 0u, 0u, 0u);
    EXPECT_TABLES(&c, &s, w, "r1", "r5* r4");
    /* 10 wb L r1 */
    in = idle();
    wb(&in, 1, w, L, 1);
    cycle(&c, &s, &in);
    EXPECT_TABLES(&c, &s, w, "", "r5* r4");
    /* 11 D (L) issues add r4: r4 pending on R is not shadowed */
    in = idle();
    query(&in, w, L, S0 | S1, 1, 3, 0, 4);
    issue(&in, w, L, 4);
    o = cycle(&c, &s, &in);
    EXPECT_HZ(o, 0u, 0u, 0u);
    EXPECT_TABLES(&c, &s, w, "r4", "r5* r4");
    /* 12 D, E reconverge at F */
    in = idle();
    reconverge(&in, w);
    cycle(&c, &s, &in);
    EXPECT_TABLES(&c, &s, w, "r4*", "r5* r4*");
    /* 13 F (R): load r7 */
    in = idle();
    query(&in, w, R, 0, 0, 0, 0, 7);
    issue(&in, w, R, 7);
    o = cycle(&c, &s, &in);
    EXPECT_HZ(o, 0u, 0u, 0u);
    EXPECT_TABLES(&c, &s, w, "r4*", "r5* r4* r7");
    /* 14 both r4 write back in one cycle */
    in = idle();
    wb(&in, 0, w, L, 4);
    wb(&in, 1, w, R, 4);
    o = cycle(&c, &s, &in);
    CHECK_EQ(o.err, 0);
    EXPECT_TABLES(&c, &s, w, "", "r5* r7");
    /* 15 wb R r5 */
    in = idle();
    wb(&in, 0, w, R, 5);
    cycle(&c, &s, &in);
    EXPECT_TABLES(&c, &s, w, "", "r7");
    /* 16 B, F reconverge at G */
    in = idle();
    reconverge(&in, w);
    cycle(&c, &s, &in);
    EXPECT_TABLES(&c, &s, w, "", "r7*");
    /* 17 G (L): add r8, r1, r7 -- r7 shadowed in R */
    in = idle();
    query(&in, w, L, S0 | S1, 1, 7, 0, 8);
    o = cycle(&c, &s, &in);
    EXPECT_HZ(o, 2u, 0u, 1u);
    /* 18 wb R r7 */
    in = idle();
    wb(&in, 0, w, R, 7);
    cycle(&c, &s, &in);
    EXPECT_TABLES(&c, &s, w, "", "");
    /* 19 G issues add r8 */
    in = idle();
    query(&in, w, L, S0 | S1, 1, 7, 0, 8);
    issue(&in, w, L, 8);
    o = cycle(&c, &s, &in);
    EXPECT_HZ(o, 0u, 0u, 0u);
    EXPECT_TABLES(&c, &s, w, "r8", "");
    /* 20 wb L r8 */
    in = idle();
    wb(&in, 0, w, L, 8);
    cycle(&c, &s, &in);
    EXPECT_TABLES(&c, &s, w, "", "");
    {
        unsigned x, side;
        for (x = 0; x < c.warps; x++)
            for (side = 0; side < 2; side++)
                CHECK_EQ(s.valid[x][side], 0);
    }
}

/* Scenario 1: r0 pending across a divergence stalls the other path (both
 * its readers) until its writeback, and both paths see the writeback. */
TEST(scenario_r0_across_divergence)
{
    sb_cfg c = small_cfg();
    sb_state s;
    sb_in in, qc, qb;
    sb_out o;
    unsigned i;
    shadow_scoreboard_reset(&c, &s);

    in = idle();
    issue(&in, 0, L, 0); /* A: load r0 */
    cycle(&c, &s, &in);
    EXPECT_TABLES(&c, &s, 0, "r0", "");
    qc = idle();
    query(&qc, 0, R, S0, 0, 0, 0, -1); /* a reader of r0 on R */
    o = peek(&c, &s, &qc);
    EXPECT_HZ(o, 0u, 0u, 0u); /* before the divergence R is independent */
    in = idle();
    diverge(&in, 0, L);
    cycle(&c, &s, &in);
    EXPECT_TABLES(&c, &s, 0, "r0*", "");
    qb = idle();
    query(&qb, 0, L, S2, 0, 0, 0, -1); /* B reads r0 (src2) on L */
    for (i = 0; i < 3; i++) { /* several cycles of stall on both paths */
        o = cycle(&c, &s, &qc);
        EXPECT_HZ(o, 1u, 0u, 1u);
        o = cycle(&c, &s, &qb);
        EXPECT_HZ(o, 4u, 1u, 0u);
        EXPECT_TABLES(&c, &s, 0, "r0*", "");
    }
    /* a write of r0 by C (dst) is a WAW across the divergence too */
    in = idle();
    query(&in, 0, R, 0, 0, 0, 0, 0);
    EXPECT_HZ(peek(&c, &s, &in), 8u, 0u, 1u);
    /* writeback: both paths free from the next cycle on */
    in = qc;
    wb(&in, 0, 0, L, 0);
    o = cycle(&c, &s, &in);
    EXPECT_HZ(o, 1u, 0u, 1u); /* no bypass */
    EXPECT_TABLES(&c, &s, 0, "", "");
    EXPECT_HZ(peek(&c, &s, &qc), 0u, 0u, 0u);
    EXPECT_HZ(peek(&c, &s, &qb), 0u, 0u, 0u);
}

/* Scenario 2: r7 pending on R (path F) across the reconvergence at G is
 * seen by G on L. */
TEST(scenario_r7_across_reconvergence)
{
    sb_cfg c = small_cfg();
    sb_state s;
    sb_in in, qg;
    sb_out o;
    shadow_scoreboard_reset(&c, &s);

    in = idle();
    issue(&in, 1, R, 7); /* F: load r7 */
    cycle(&c, &s, &in);
    qg = idle();
    query(&qg, 1, L, S0 | S1, 8, 7, 0, 8); /* add r8, r8, r7 on L */
    EXPECT_HZ(peek(&c, &s, &qg), 0u, 0u, 0u); /* B on L: independent of F */
    in = idle();
    reconverge(&in, 1);
    cycle(&c, &s, &in);
    EXPECT_TABLES(&c, &s, 1, "", "r7*");
    o = cycle(&c, &s, &qg);
    EXPECT_HZ(o, 2u, 0u, 1u);
    /* reconvergence shadows an empty L as nothing: still empty */
    EXPECT_TABLES(&c, &s, 1, "", "r7*");
    in = idle();
    wb(&in, 1, 1, R, 7);
    cycle(&c, &s, &in);
    EXPECT_TABLES(&c, &s, 1, "", "");
    o = cycle(&c, &s, &qg);
    EXPECT_HZ(o, 0u, 0u, 0u);
}

/* Scenario 3: the conservative false r1 dependency.  r1 (load of path B,
 * on L) is pending at BR_D-E: D, which runs on L, stalls on it although its
 * threads are not B's (same-side false dependency); E on R does not (P-only
 * divergence rule, see the header).  Then a variant in which r1 is still
 * pending at the D/E reconvergence (D and E do not read it): it gets its
 * shadow bit, so F on R waits for it too (false), and G waits for it
 * (true for B's threads), as 003 sec. 3.2 wants for G. */
TEST(scenario_false_r1_dependency)
{
    sb_cfg c = small_cfg();
    sb_state s;
    sb_in in, qd, qe, qf, qg;
    sb_out o;
    unsigned i;
    shadow_scoreboard_reset(&c, &s);

    in = idle();
    issue(&in, 3, L, 1); /* B: load r1 */
    cycle(&c, &s, &in);
    in = idle();
    issue(&in, 3, R, 5); /* C: add r5 */
    cycle(&c, &s, &in);
    in = idle();
    diverge(&in, 3, R); /* BR_D-E on path C */
    cycle(&c, &s, &in);
    EXPECT_TABLES(&c, &s, 3, "r1", "r5*");
    qd = idle();
    query(&qd, 3, L, S0 | S1, 1, 3, 0, 4); /* D: add r4, r1, r3 */
    qe = idle();
    query(&qe, 3, R, S0 | S1, 1, 3, 0, 4); /* E: sub r4, r1, r3 */
    o = cycle(&c, &s, &qd);
    EXPECT_HZ(o, 1u, 1u, 0u);
    in = qe;
    issue(&in, 3, R, 4); /* E issues */
    o = cycle(&c, &s, &in);
    EXPECT_HZ(o, 0u, 0u, 0u);
    EXPECT_TABLES(&c, &s, 3, "r1", "r5* r4");
    /* a reader of r5 (C's result) on D's side waits through the shadow */
    in = idle();
    query(&in, 3, L, S2, 0, 0, 5, -1);
    EXPECT_HZ(peek(&c, &s, &in), 4u, 0u, 1u);
    for (i = 0; i < 3; i++) { /* D waits for B's r1 */
        o = cycle(&c, &s, &qd);
        EXPECT_HZ(o, 1u, 1u, 0u);
    }
    in = qd;
    wb(&in, 0, 3, L, 1); /* B's load returns; no bypass: D still waits */
    o = cycle(&c, &s, &in);
    EXPECT_HZ(o, 1u, 1u, 0u);
    in = qd;
    issue(&in, 3, L, 4); /* D issues */
    o = cycle(&c, &s, &in);
    EXPECT_HZ(o, 0u, 0u, 0u);
    EXPECT_TABLES(&c, &s, 3, "r4", "r5* r4");
    in = idle();
    wb(&in, 0, 3, L, 4);
    wb(&in, 1, 3, R, 4);
    cycle(&c, &s, &in);
    in = idle();
    wb(&in, 0, 3, R, 5);
    cycle(&c, &s, &in);
    EXPECT_TABLES(&c, &s, 3, "", "");

    /* variant: r1 still pending when D and E reconverge at F */
    in = idle();
    issue(&in, 3, L, 1); /* B: load r1 */
    cycle(&c, &s, &in);
    in = idle();
    diverge(&in, 3, R); /* BR_D-E */
    cycle(&c, &s, &in);
    EXPECT_TABLES(&c, &s, 3, "r1", "");
    in = idle();
    reconverge(&in, 3); /* D, E reach F */
    cycle(&c, &s, &in);
    EXPECT_TABLES(&c, &s, 3, "r1*", "");
    qf = idle();
    query(&qf, 3, R, S0, 1, 0, 0, 9); /* F reads r1 on R: shadow hazard */
    o = cycle(&c, &s, &qf);
    EXPECT_HZ(o, 1u, 0u, 1u);
    in = idle();
    reconverge(&in, 3); /* B and F reconverge at G */
    cycle(&c, &s, &in);
    EXPECT_TABLES(&c, &s, 3, "r1*", "");
    qg = idle();
    query(&qg, 3, L, S0 | S1, 1, 7, 0, 8); /* G: add r8, r1, r7 */
    o = cycle(&c, &s, &qg);
    EXPECT_HZ(o, 1u, 1u, 0u);
    in = idle();
    wb(&in, 0, 3, L, 1);
    cycle(&c, &s, &in);
    EXPECT_TABLES(&c, &s, 3, "", "");
    EXPECT_HZ(peek(&c, &s, &qg), 0u, 0u, 0u);
    EXPECT_HZ(peek(&c, &s, &qf), 0u, 0u, 0u);
}

/* Scenario 4: r4 written on both paths concurrently: no cross-path stall,
 * and each writeback frees only its own side. */
TEST(scenario_r4_both_paths)
{
    sb_cfg c = small_cfg();
    sb_state s;
    sb_in in;
    sb_out o;
    shadow_scoreboard_reset(&c, &s);

    in = idle();
    diverge(&in, 0, R); /* BR_D-E with nothing pending */
    cycle(&c, &s, &in);
    in = idle();
    query(&in, 0, L, S0 | S1, 1, 3, 0, 4);
    issue(&in, 0, L, 4); /* D: add r4 */
    o = cycle(&c, &s, &in);
    EXPECT_HZ(o, 0u, 0u, 0u);
    in = idle();
    query(&in, 0, R, S0 | S1, 1, 3, 0, 4);
    issue(&in, 0, R, 4); /* E: sub r4 */
    o = cycle(&c, &s, &in);
    EXPECT_HZ(o, 0u, 0u, 0u);
    EXPECT_TABLES(&c, &s, 0, "r4", "r4");
    /* a second write of r4 on L is a WAW on L only */
    in = idle();
    query(&in, 0, L, 0, 0, 0, 0, 4);
    EXPECT_HZ(peek(&c, &s, &in), 8u, 1u, 0u);
    in = idle();
    wb(&in, 0, 0, R, 4); /* E's write returns first */
    cycle(&c, &s, &in);
    EXPECT_TABLES(&c, &s, 0, "r4", "");
    in = idle();
    query(&in, 0, R, S0, 4, 0, 0, -1); /* R reads r4: free */
    EXPECT_HZ(peek(&c, &s, &in), 0u, 0u, 0u);
    in = idle();
    query(&in, 0, L, S0, 4, 0, 0, -1); /* L still waits for D's r4 */
    EXPECT_HZ(peek(&c, &s, &in), 1u, 1u, 0u);
    /* both paths issue r4 again in consecutive cycles, both wb in one */
    in = idle();
    issue(&in, 0, R, 4);
    cycle(&c, &s, &in);
    in = idle();
    wb(&in, 0, 0, L, 4);
    wb(&in, 1, 0, R, 4);
    o = cycle(&c, &s, &in);
    CHECK_EQ(o.err, 0);
    EXPECT_TABLES(&c, &s, 0, "", "");
}

/* ------------------------------------------------- same-cycle ordering */
TEST(same_cycle_ordering)
{
    sb_cfg c = small_cfg();
    sb_state s;
    sb_in in;
    sb_out o;
    shadow_scoreboard_reset(&c, &s);

    /* an allocation in the cycle of a divergence of its table is shadowed */
    in = idle();
    issue(&in, 1, L, 10);
    diverge(&in, 1, L);
    cycle(&c, &s, &in);
    EXPECT_TABLES(&c, &s, 1, "r10*", "");
    /* ... not by a divergence of the other side */
    in = idle();
    issue(&in, 1, R, 11);
    diverge(&in, 1, L);
    cycle(&c, &s, &in);
    EXPECT_TABLES(&c, &s, 1, "r10*", "r11");
    /* ... and by a reconvergence of its warp */
    in = idle();
    issue(&in, 1, R, 12);
    reconverge(&in, 1);
    cycle(&c, &s, &in);
    EXPECT_TABLES(&c, &s, 1, "r10*", "r11* r12*");
    /* a writeback beats a same-cycle reconvergence: freed, no shadow */
    in = idle();
    issue(&in, 1, L, 13);
    wb(&in, 0, 1, R, 12);
    reconverge(&in, 1);
    o = cycle(&c, &s, &in);
    CHECK_EQ(o.err, 0);
    EXPECT_TABLES(&c, &s, 1, "r10* r13*", "r11*");
    CHECK_EQ(s.shadow[1][R] & ~s.valid[1][R], 0);
    /* divergence and reconvergence of one warp in one cycle add up */
    in = idle();
    issue(&in, 2, L, 1);
    cycle(&c, &s, &in);
    in = idle();
    diverge(&in, 2, L);
    reconverge(&in, 2);
    cycle(&c, &s, &in);
    EXPECT_TABLES(&c, &s, 2, "r1*", "");
    /* other warps are untouched by these events */
    EXPECT_TABLES(&c, &s, 0, "", "");
    EXPECT_TABLES(&c, &s, 3, "", "");
    /* issue without a destination changes nothing */
    {
        sb_state before = s;
        in = idle();
        in.iss_valid = 1;
        in.iss_warp = 1;
        in.iss_side = L;
        in.iss_reg = 10; /* ignored: iss_alloc = 0 */
        o = cycle(&c, &s, &in);
        CHECK_EQ(o.err, 0);
        CHECK_EQ(o.stall, 0);
        CHECK(memcmp(&before, &s, sizeof s) == 0);
    }
}

/* ------------------------------------------------------- back-pressure */
TEST(structural_stall_holds_only_the_issue)
{
    sb_cfg c = small_cfg();
    sb_state s, before;
    sb_in in;
    sb_out o;
    unsigned r;
    shadow_scoreboard_reset(&c, &s);

    for (r = 0; r < c.entries; r++) {
        in = idle();
        issue(&in, 0, R, 20 + r);
        o = cycle(&c, &s, &in);
        CHECK_EQ(o.stall, 0);
        CHECK_EQ(o.alloc_idx, r); /* lowest free entry */
    }
    EXPECT_TABLES(&c, &s, 0, "", "r20 r21 r22 r23 r24 r25");
    /* full: the 7th allocation stalls and changes nothing */
    before = s;
    in = idle();
    issue(&in, 0, R, 30);
    o = cycle(&c, &s, &in);
    CHECK_EQ(o.stall, 1);
    CHECK_EQ(o.err, 0);
    CHECK_EQ(o.alloc_idx, 0);
    CHECK(memcmp(&before, &s, sizeof s) == 0);
    /* the other table of the warp is not full */
    in = idle();
    issue(&in, 0, L, 30);
    o = cycle(&c, &s, &in);
    CHECK_EQ(o.stall, 0);
    EXPECT_TABLES(&c, &s, 0, "r30", "r20 r21 r22 r23 r24 r25");
    /* a stall with a same-cycle writeback and divergence: those happen (no
     * bypass: the freed entry is not taken in the same cycle) */
    in = idle();
    issue(&in, 0, R, 31);
    wb(&in, 1, 0, R, 22);
    diverge(&in, 0, R);
    o = cycle(&c, &s, &in);
    CHECK_EQ(o.stall, 1);
    EXPECT_TABLES(&c, &s, 0, "r30", "r20* r21* r23* r24* r25*");
    /* next cycle the issue goes into the freed entry 2 */
    in = idle();
    issue(&in, 0, R, 31);
    o = cycle(&c, &s, &in);
    CHECK_EQ(o.stall, 0);
    CHECK_EQ(o.alloc_idx, 2);
    CHECK_EQ(s.reg[0][R][2], 31);
    EXPECT_TABLES(&c, &s, 0, "r30", "r20* r21* r31 r23* r24* r25*");
    /* entries = 1: every second allocation stalls */
    c.entries = 1;
    shadow_scoreboard_reset(&c, &s);
    in = idle();
    issue(&in, 3, L, 1);
    CHECK_EQ(cycle(&c, &s, &in).stall, 0);
    in = idle();
    issue(&in, 3, L, 2);
    CHECK_EQ(cycle(&c, &s, &in).stall, 1);
    EXPECT_TABLES(&c, &s, 3, "r1", "");
}

/* ------------------------------------------------------- illegal input */
static void expect_rejected(const sb_cfg *c, sb_state *s, const sb_in *in, unsigned code)
{
    sb_state before = *s;
    sb_out o = cycle(c, s, in);
    CHECK_EQ(o.err, 1);
    CHECK_EQ(o.err_code, code);
    CHECK_EQ(o.stall, 0);
    CHECK_EQ(o.alloc_idx, 0);
    CHECK(memcmp(&before, s, sizeof before) == 0);
}

TEST(illegal_input_raises_err_and_changes_nothing)
{
    sb_cfg c = small_cfg();
    sb_state s;
    sb_in in, legal;
    sb_out o;
    c.warps = 3;  /* the 2-bit warp ports can name warp 3, which is not there */
    c.regs = 40;  /* the 6-bit register ports can name r40..r63 */
    shadow_scoreboard_reset(&c, &s);
    in = idle();
    issue(&in, 0, L, 1);
    cycle(&c, &s, &in);
    in = idle();
    issue(&in, 0, R, 2);
    cycle(&c, &s, &in);
    EXPECT_TABLES(&c, &s, 0, "r1", "r2");

    /* legal traffic of the same cycle, dropped with the error */
    legal = idle();
    issue(&legal, 1, L, 7);
    wb(&legal, 0, 0, L, 1);
    diverge(&legal, 0, R);

    in = legal;
    in.iss_warp = 3;
    expect_rejected(&c, &s, &in, SHADOW_SB_ERR_BAD_WARP);
    in = legal;
    in.iss_alloc = 0;
    in.iss_warp = 3; /* even without a destination */
    expect_rejected(&c, &s, &in, SHADOW_SB_ERR_BAD_WARP);
    in = legal;
    wb(&in, 1, 3, L, 1);
    expect_rejected(&c, &s, &in, SHADOW_SB_ERR_BAD_WARP);
    in = legal;
    in.wb0_warp = 3;
    expect_rejected(&c, &s, &in, SHADOW_SB_ERR_BAD_WARP);
    in = legal;
    in.div_warp = 3;
    expect_rejected(&c, &s, &in, SHADOW_SB_ERR_BAD_WARP);
    in = legal;
    reconverge(&in, 3);
    expect_rejected(&c, &s, &in, SHADOW_SB_ERR_BAD_WARP);
    /* an active query of a bad warp: err, and hazard on its operands */
    in = legal;
    query(&in, 3, L, S1, 0, 5, 0, 6);
    expect_rejected(&c, &s, &in, SHADOW_SB_ERR_BAD_WARP);
    o = peek(&c, &s, &in);
    CHECK_EQ(o.hazard, 1);
    CHECK_EQ(o.hz_ops, 0xa);
    CHECK_EQ(o.hz_same, 0);
    CHECK_EQ(o.hz_shadow, 0);
    /* an idle query port may name any warp */
    in = legal;
    in.q_warp = 3;
    o = peek(&c, &s, &in);
    CHECK_EQ(o.err, 0);
    CHECK_EQ(o.hazard, 0);

    in = legal;
    in.iss_reg = 40;
    expect_rejected(&c, &s, &in, SHADOW_SB_ERR_BAD_REG);
    in = legal;
    wb(&in, 1, 0, R, 63);
    expect_rejected(&c, &s, &in, SHADOW_SB_ERR_BAD_REG);
    in = legal;
    query(&in, 0, L, S2, 0, 0, 41, -1);
    expect_rejected(&c, &s, &in, SHADOW_SB_ERR_BAD_REG);
    in = legal;
    query(&in, 0, L, 0, 0, 0, 0, 50);
    expect_rejected(&c, &s, &in, SHADOW_SB_ERR_BAD_REG);
    in = legal;
    query(&in, 0, L, S0, 45, 0, 0, -1);
    in.q_src_valid = 0; /* an operand without its valid bit is not looked at */
    CHECK_EQ(peek(&c, &s, &in).err, 0);
    EXPECT_TABLES(&c, &s, 0, "r1", "r2");
    EXPECT_TABLES(&c, &s, 1, "", "");

    in = legal;
    wb(&in, 1, 0, L, 1); /* both ports name L r1 */
    expect_rejected(&c, &s, &in, SHADOW_SB_ERR_WB_TWICE);
    in = legal;
    wb(&in, 1, 0, L, 2); /* r2 is pending on R, not on L */
    expect_rejected(&c, &s, &in, SHADOW_SB_ERR_WB_NOT_PENDING);
    in = legal;
    wb(&in, 1, 1, R, 1); /* nothing pending on warp 1 */
    expect_rejected(&c, &s, &in, SHADOW_SB_ERR_WB_NOT_PENDING);
    in = legal;
    issue(&in, 0, R, 2); /* r2 already pending on R */
    expect_rejected(&c, &s, &in, SHADOW_SB_ERR_DUP_ALLOC);
    in = legal;
    issue(&in, 0, L, 1); /* r1 pending on L and written back this cycle */
    expect_rejected(&c, &s, &in, SHADOW_SB_ERR_DUP_ALLOC);
    /* priority: the lowest code wins */
    in = legal;
    issue(&in, 0, R, 2);
    wb(&in, 1, 0, L, 2);
    expect_rejected(&c, &s, &in, SHADOW_SB_ERR_WB_NOT_PENDING);
    in = legal;
    wb(&in, 1, 0, L, 1);
    in.rec_valid = 1;
    in.rec_warp = 3;
    expect_rejected(&c, &s, &in, SHADOW_SB_ERR_BAD_WARP);
    /* the same register allocated on the other side is legal */
    in = idle();
    issue(&in, 0, L, 2);
    o = cycle(&c, &s, &in);
    CHECK_EQ(o.err, 0);
    EXPECT_TABLES(&c, &s, 0, "r1 r2", "r2");
    /* a writeback of an entry written back before */
    in = idle();
    wb(&in, 0, 0, L, 1);
    CHECK_EQ(cycle(&c, &s, &in).err, 0);
    expect_rejected(&c, &s, &in, SHADOW_SB_ERR_WB_NOT_PENDING);
    /* the names */
    CHECK(strcmp(shadow_scoreboard_err_name(SHADOW_SB_ERR_DUP_ALLOC), "DUP_ALLOC") == 0);
    CHECK(strcmp(shadow_scoreboard_err_name(9), "?") == 0);
}

/* ------------------------------------------------------------ read port */
TEST(read_port)
{
    sb_cfg c = small_cfg();
    sb_state s;
    sb_in in;
    sb_out o;
    c.entries = 5; /* the 3-bit rd_idx can name entries 5..7 */
    shadow_scoreboard_reset(&c, &s);
    in = idle();
    issue(&in, 3, R, 9);
    cycle(&c, &s, &in);
    in = idle();
    issue(&in, 3, R, 17);
    diverge(&in, 3, R);
    cycle(&c, &s, &in);
    in = idle();
    issue(&in, 3, R, 33);
    cycle(&c, &s, &in);
    in = idle();
    wb(&in, 0, 3, R, 17);
    cycle(&c, &s, &in);
    in = idle();
    in.rd_warp = 3;
    in.rd_side = R;
    in.rd_idx = 0;
    o = peek(&c, &s, &in);
    CHECK_EQ(o.rd_valid, 0x5);
    CHECK_EQ(o.rd_shadow, 0x1);
    CHECK_EQ(o.rd_reg, 9);
    in.rd_idx = 1; /* freed entry: its stale id is not shown */
    CHECK_EQ(peek(&c, &s, &in).rd_reg, 0);
    CHECK_EQ(s.reg[3][R][1], 17);
    in.rd_idx = 2;
    CHECK_EQ(peek(&c, &s, &in).rd_reg, 33);
    in.rd_idx = 6; /* beyond ENTRIES */
    CHECK_EQ(peek(&c, &s, &in).rd_reg, 0);
    in.rd_idx = 8 + 2; /* truncated to the 3-bit port: entry 2 */
    CHECK_EQ(peek(&c, &s, &in).rd_reg, 33);
    in.rd_side = L;
    in.rd_idx = 0;
    o = peek(&c, &s, &in);
    CHECK_EQ(o.rd_valid, 0);
    CHECK_EQ(o.rd_reg, 0);
    c.warps = 3; /* warp 3 is now out of range: reads as empty */
    in.rd_warp = 3;
    in.rd_side = R;
    s.valid[3][R] = 0, s.shadow[3][R] = 0;
    o = peek(&c, &s, &in);
    CHECK_EQ(o.rd_valid, 0);
    CHECK_EQ(o.rd_shadow, 0);
    CHECK_EQ(o.rd_reg, 0);
}

TEST(cfg_check_names_the_field)
{
    sb_cfg c = shadow_scoreboard_default_cfg();
    CHECK(shadow_scoreboard_cfg_check(&c) == NULL);
    CHECK_EQ(c.warps, 48);
    CHECK_EQ(c.entries, 6);
    CHECK_EQ(c.regs, 64);
    CHECK_EQ(shadow_scoreboard_warp_w(&c), 6);
    CHECK_EQ(shadow_scoreboard_reg_w(&c), 6);
    CHECK_EQ(shadow_scoreboard_idx_w(&c), 3);
    c.warps = 65;
    CHECK(shadow_scoreboard_cfg_check(&c) && strstr(shadow_scoreboard_cfg_check(&c), "warps"));
    c = shadow_scoreboard_default_cfg();
    c.entries = 0;
    CHECK(shadow_scoreboard_cfg_check(&c) && strstr(shadow_scoreboard_cfg_check(&c), "entries"));
    c.entries = 17;
    CHECK(shadow_scoreboard_cfg_check(&c) && strstr(shadow_scoreboard_cfg_check(&c), "entries"));
    c = shadow_scoreboard_default_cfg();
    c.regs = 257;
    CHECK(shadow_scoreboard_cfg_check(&c) && strstr(shadow_scoreboard_cfg_check(&c), "regs"));
    c.regs = 1;
    CHECK(shadow_scoreboard_cfg_check(&c) == NULL);
    CHECK_EQ(shadow_scoreboard_reg_w(&c), 1);
}

/* The invariant checker must be able to fail. */
TEST(check_catches_corruption)
{
    sb_cfg c = small_cfg();
    sb_state s, good;
    sb_in in;
    shadow_scoreboard_reset(&c, &s);
    in = idle();
    issue(&in, 1, L, 3);
    cycle(&c, &s, &in);
    in = idle();
    issue(&in, 1, L, 4);
    diverge(&in, 1, L);
    cycle(&c, &s, &in);
    good = s;
    CHECK(shadow_scoreboard_check(&c, &s) == NULL);
    s.shadow[1][R] = 1; /* shadow without valid */
    CHECK(shadow_scoreboard_check(&c, &s) != NULL);
    s = good;
    s.reg[1][L][1] = 3; /* r3 twice */
    CHECK(shadow_scoreboard_check(&c, &s) != NULL);
    s = good;
    s.reg[1][L][0] = 64; /* beyond REGS */
    CHECK(shadow_scoreboard_check(&c, &s) != NULL);
    s = good;
    s.valid[1][L] |= 1u << 6; /* beyond ENTRIES */
    CHECK(shadow_scoreboard_check(&c, &s) != NULL);
    s = good;
    s.valid[5][R] = 1; /* a warp >= WARPS */
    CHECK(shadow_scoreboard_check(&c, &s) != NULL);
    s = good;
    s.reg[1][L][2] = 3; /* a stale duplicate in a free entry is fine */
    CHECK(shadow_scoreboard_check(&c, &s) == NULL);
}

/* ------------------------------------------------------ random traffic */
/* Reference: per table a set of pending registers and their shadow bits
 * (bit r of pend[w][side][r / 64]). */
typedef struct {
    uint64_t pend[4][2][4];
    uint64_t shad[4][2][4];
} ref_t;

static unsigned ref_has(const uint64_t *set, unsigned r) { return bits_get(set[r / 64u], r % 64u); }
static void ref_put(uint64_t *set, unsigned r, unsigned b)
{
    set[r / 64u] = bits_put(set[r / 64u], r % 64u, b);
}

static uint64_t rnd(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

/* Random legal and illegal traffic on 4 warps: outputs against the
 * reference, state against the reference, invariants, err = no change. */
TEST(random_traffic_matches_reference)
{
    sb_cfg c = small_cfg();
    sb_state s;
    ref_t ref;
    uint64_t x = 0x2545F4914F6CDD1Dull;
    unsigned i, bad = 0, stalls = 0, shadow_hz = 0, same_hz = 0, errs = 0, wbs = 0;
    c.entries = 4;
    c.regs = 16;
    shadow_scoreboard_reset(&c, &s);
    memset(&ref, 0, sizeof ref);
    for (i = 0; i < 200000u && bad < 5; i++) {
        sb_in in = idle();
        sb_out o;
        sb_state before = s;
        unsigned k, w, side, ops[4], qv, hz = 0, hsame = 0, hshad = 0, exp_err = 0;
        uint64_t r = rnd(&x);
        /* query */
        query(&in, r & 3u, (r >> 2) & 1u, (unsigned)(r >> 3) & 7u, (r >> 6) & 15u,
              (r >> 10) & 15u, (r >> 14) & 15u, (r >> 18) & 1u ? (int)((r >> 19) & 15u) : -1);
        /* issue: mostly a register not pending in that table */
        r = rnd(&x);
        if (r & 1u) {
            w = (r >> 1) & 3u;
            side = (r >> 3) & 1u;
            issue(&in, w, side, (r >> 4) & 15u);
            in.iss_alloc = ((r >> 8) & 7u) != 0u;
            if (ref_has(ref.pend[w][side], (unsigned)in.iss_reg) && ((r >> 11) & 7u) != 0u)
                in.iss_valid = 0;
        }
        /* writebacks: mostly of a pending register */
        for (k = 0; k < 2; k++) {
            r = rnd(&x);
            if ((r & 3u) != 0u) /* 1 in 4 per port: tables fill up */
                continue;
            w = (r >> 2) & 3u;
            side = (r >> 4) & 1u;
            wb(&in, k, w, side, (r >> 5) & 15u);
            if (((r >> 9) & 15u) != 0u) { /* redirect to a pending one, if any */
                unsigned rr, found = 0;
                for (rr = 0; rr < 16u && !found; rr++) {
                    unsigned reg = (unsigned)((rr + (r >> 13)) & 15u);
                    if (ref_has(ref.pend[w][side], reg)) {
                        wb(&in, k, w, side, reg);
                        found = 1;
                    }
                }
                if (!found && k == 0)
                    in.wb0_valid = 0;
                if (!found && k == 1)
                    in.wb1_valid = 0;
            }
        }
        r = rnd(&x);
        if ((r & 15u) == 0u)
            diverge(&in, (r >> 4) & 3u, (r >> 6) & 1u);
        if (((r >> 8) & 31u) == 0u)
            reconverge(&in, (r >> 13) & 3u);
        if (((r >> 16) & 63u) == 0u)
            in.div_warp = 7; /* truncated to 2 bits: warp 3, legal */

        /* expected outputs from the reference */
        ops[0] = (unsigned)in.q_src0, ops[1] = (unsigned)in.q_src1;
        ops[2] = (unsigned)in.q_src2, ops[3] = (unsigned)in.q_dst;
        qv = (unsigned)in.q_src_valid | ((unsigned)in.q_dst_valid << 3);
        for (k = 0; k < 4; k++) {
            unsigned qw = (unsigned)in.q_warp, qs = (unsigned)in.q_side;
            unsigned a, b;
            if (!bits_get(qv, k))
                continue;
            a = ref_has(ref.pend[qw][qs], ops[k]);
            b = ref_has(ref.pend[qw][qs ^ 1u], ops[k]) && ref_has(ref.shad[qw][qs ^ 1u], ops[k]);
            hz |= (a || b) << k;
            hsame |= a;
            hshad |= b;
        }
        if (in.wb0_valid && in.wb1_valid && in.wb0_warp == in.wb1_warp &&
            in.wb0_side == in.wb1_side && in.wb0_reg == in.wb1_reg)
            exp_err = SHADOW_SB_ERR_WB_TWICE;
        else if ((in.wb0_valid && !ref_has(ref.pend[in.wb0_warp][in.wb0_side], (unsigned)in.wb0_reg)) ||
                 (in.wb1_valid && !ref_has(ref.pend[in.wb1_warp][in.wb1_side], (unsigned)in.wb1_reg)))
            exp_err = SHADOW_SB_ERR_WB_NOT_PENDING;
        else if (in.iss_valid && in.iss_alloc &&
                 ref_has(ref.pend[in.iss_warp][in.iss_side], (unsigned)in.iss_reg))
            exp_err = SHADOW_SB_ERR_DUP_ALLOC;

        shadow_scoreboard_eval(&c, &s, &in, &o);
        shadow_scoreboard_step(&c, &s, &in, &o);
        bad += o.hz_ops != hz || o.hz_same != hsame || o.hz_shadow != hshad;
        bad += o.err_code != exp_err;
        if (o.err) {
            errs++;
            bad += memcmp(&before, &s, sizeof s) != 0;
        } else {
            unsigned iw = (unsigned)in.iss_warp, is = (unsigned)in.iss_side;
            unsigned full = 0, reg, t, cnt = 0;
            for (reg = 0; reg < 16u; reg++)
                cnt += ref_has(ref.pend[iw][is], reg);
            full = cnt == c.entries;
            bad += o.stall != (in.iss_valid && in.iss_alloc && full);
            stalls += (unsigned)o.stall;
            if (in.wb0_valid)
                ref_put(ref.pend[in.wb0_warp][in.wb0_side], (unsigned)in.wb0_reg, 0),
                    ref_put(ref.shad[in.wb0_warp][in.wb0_side], (unsigned)in.wb0_reg, 0), wbs++;
            if (in.wb1_valid)
                ref_put(ref.pend[in.wb1_warp][in.wb1_side], (unsigned)in.wb1_reg, 0),
                    ref_put(ref.shad[in.wb1_warp][in.wb1_side], (unsigned)in.wb1_reg, 0), wbs++;
            if (in.iss_valid && in.iss_alloc && !full)
                ref_put(ref.pend[iw][is], (unsigned)in.iss_reg, 1);
            for (t = 0; t < 8u; t++) {
                unsigned tw = t >> 1, ts = t & 1u;
                if ((in.div_valid && (in.div_warp & 3u) == tw && in.div_side == ts) ||
                    (in.rec_valid && in.rec_warp == tw))
                    for (k = 0; k < 4; k++)
                        ref.shad[tw][ts][k] |= ref.pend[tw][ts][k];
            }
        }
        shadow_hz += hshad;
        same_hz += hsame;
        /* the model's tables against the reference */
        for (w = 0; w < 4u; w++)
            for (side = 0; side < 2u; side++) {
                uint64_t p[4] = {0, 0, 0, 0}, sh[4] = {0, 0, 0, 0};
                for (k = 0; k < c.entries; k++)
                    if (bits_get(s.valid[w][side], k)) {
                        ref_put(p, s.reg[w][side][k], 1);
                        ref_put(sh, s.reg[w][side][k], bits_get(s.shadow[w][side], k));
                    }
                bad += memcmp(p, ref.pend[w][side], sizeof p) != 0;
                bad += memcmp(sh, ref.shad[w][side], sizeof sh) != 0;
            }
        if (shadow_scoreboard_check(&c, &s) != NULL) {
            printf("  step %u: %s\n", i, shadow_scoreboard_check(&c, &s));
            bad++;
        }
        if (bad)
            printf("  step %u: mismatch against the reference\n", i);
    }
    CHECK_EQ(bad, 0);
    CHECK(stalls > 1000);
    CHECK(shadow_hz > 1000);
    CHECK(same_hz > 1000);
    CHECK(errs > 1000);
    CHECK(wbs > 10000);
}

/* shadow_scoreboard_eval_lean (C only): on random traffic within the ports'
 * widths, legal and illegal (3 warps and 12 registers in 2 and 4 bits:
 * BAD_WARP and BAD_REG occur), its decision equals eval's, and a model
 * stepped on the lean decision stays equal to one stepped on eval's. */
TEST(lean_eval_matches_eval_and_stepping)
{
    sb_cfg c = small_cfg();
    sb_state se, sl;
    uint64_t x = 0x9E3779B97F4A7C15ull;
    unsigned i, bad = 0, errs = 0, allocs = 0, wbs = 0, stalls = 0;
    c.warps = 3;
    c.entries = 4;
    c.regs = 12;
    shadow_scoreboard_reset(&c, &se);
    shadow_scoreboard_reset(&c, &sl);
    for (i = 0; i < 100000u && bad < 5; i++) {
        sb_in in = idle();
        sb_out oe, ol;
        uint64_t r = rnd(&x);
        if (r & 1u)
            query(&in, (r >> 1) & 3u, (r >> 3) & 1u, (unsigned)(r >> 4) & 7u, (r >> 7) & 15u,
                  (r >> 11) & 15u, (r >> 15) & 15u, (r >> 19) & 1u ? (int)((r >> 20) & 15u) : -1);
        r = rnd(&x);
        if (r & 1u) {
            issue(&in, (r >> 1) & 3u, (r >> 3) & 1u, (r >> 4) & 15u);
            in.iss_alloc = ((r >> 8) & 7u) != 0u;
        }
        for (unsigned k = 0; k < 2; k++) {
            r = rnd(&x);
            if ((r & 3u) != 0u) /* 1 in 4 per port: tables fill up */
                continue;
            unsigned w = (r >> 1) & 3u, side = (r >> 3) & 1u, reg = (r >> 4) & 15u;
            /* mostly a register pending in that table */
            const unsigned v = w < c.warps ? se.valid[w][side] : 0u;
            if (v && ((r >> 8) & 7u) != 0u)
                reg = se.reg[w][side][bits_ffs(v)];
            wb(&in, k, w, side, reg);
        }
        r = rnd(&x);
        if ((r & 7u) == 0u)
            diverge(&in, (r >> 3) & 3u, (r >> 5) & 1u);
        if (((r >> 6) & 15u) == 0u)
            reconverge(&in, (r >> 10) & 3u);
        in.rd_warp = (r >> 12) & 3u;
        in.rd_idx = (r >> 14) & 3u;
        memset(&oe, 0, sizeof oe);
        memset(&ol, 0, sizeof ol);
        shadow_scoreboard_eval(&c, &se, &in, &oe);
        shadow_scoreboard_eval_lean(&c, &sl, &in, &ol);
        bad += oe.err != ol.err || oe.err_code != ol.err_code || oe.d_ok != ol.d_ok;
        if (!oe.err)
            bad += oe.stall != ol.stall || oe.alloc_idx != ol.alloc_idx ||
                   oe.d_alloc != ol.d_alloc || oe.d_iss_w != ol.d_iss_w ||
                   oe.d_iss_s != ol.d_iss_s || oe.d_iss_reg != ol.d_iss_reg ||
                   oe.d_div != ol.d_div || oe.d_div_w != ol.d_div_w || oe.d_div_s != ol.d_div_s ||
                   oe.d_rec != ol.d_rec || oe.d_rec_w != ol.d_rec_w ||
                   memcmp(oe.d_wb_hit, ol.d_wb_hit, sizeof oe.d_wb_hit) ||
                   memcmp(oe.d_wb_w, ol.d_wb_w, sizeof oe.d_wb_w) ||
                   memcmp(oe.d_wb_s, ol.d_wb_s, sizeof oe.d_wb_s);
        shadow_scoreboard_step(&c, &se, &in, &oe);
        shadow_scoreboard_step(&c, &sl, &in, &ol);
        bad += memcmp(&se, &sl, sizeof se) != 0;
        errs += (unsigned)oe.err;
        allocs += oe.d_alloc;
        stalls += (unsigned)oe.stall;
        wbs += !oe.err && (oe.d_wb_hit[0] || oe.d_wb_hit[1]);
        if (bad)
            printf("  step %u: the lean decision differs from eval's (err %u/%u)\n", i,
                   (unsigned)oe.err_code, (unsigned)ol.err_code);
    }
    CHECK_EQ(bad, 0);
    CHECK(errs > 1000);
    CHECK(allocs > 1000);
    CHECK(stalls > 100);
    CHECK(wbs > 1000);
}

int main(int argc, char **argv)
{
    test_args(argc, argv);
    RUN(fig67_walkthrough);
    RUN(scenario_r0_across_divergence);
    RUN(scenario_r7_across_reconvergence);
    RUN(scenario_false_r1_dependency);
    RUN(scenario_r4_both_paths);
    RUN(same_cycle_ordering);
    RUN(structural_stall_holds_only_the_issue);
    RUN(illegal_input_raises_err_and_changes_nothing);
    RUN(read_port);
    RUN(cfg_check_names_the_field);
    RUN(check_catches_corruption);
    RUN(random_traffic_matches_reference);
    RUN(lean_eval_matches_eval_and_stepping);
    return test_summary();
}
