/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_sbi_scoreboard.c -- unit tests of the SBI dependency-matrix
 * scoreboard (rtl_c/sbi_scoreboard, 001 sec. 3.4), and its soundness test:
 * the scoreboard and a brute-force per-thread pending-register tracker run
 * side by side on traffic of the real heap model (rtl_c/hct_cct_heap); the
 * scoreboard must never miss a hazard the tracker sees, and D(t, t+1) from
 * sbi_scoreboard_dmat must equal the context-to-context thread moves
 * computed from the heap's lists.  Plain build: 10^6 heap cycles at a small
 * point (8 warps x 16 lanes, 8 registers: frequent hazards) and 2.5 x 10^5
 * at the defaults (24 warps x 64 lanes); the ASan build runs a fifth of
 * that.  Masks are written thread 0 first ("1100" = threads 0 and 1).
 */
#include <string.h>

#include "../rtl_c/bits.h"
#include "../rtl_c/hct_cct_heap.h"
#include "../rtl_c/sbi_scoreboard.h"
#include "check.h"

#if defined(__SANITIZE_ADDRESS__)
#define SOUND_SCALE 5u
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SOUND_SCALE 5u
#endif
#endif
#ifndef SOUND_SCALE
#define SOUND_SCALE 1u
#endif

/* A 3 x 3 or 2 x 3 matrix written row by row, "110/000/000". */
static uint64_t mat(const char *s)
{
    uint64_t v = 0;
    unsigned b = 0, i;
    for (i = 0; s[i]; i++) {
        if (s[i] == '/')
            continue;
        if (s[i] == '1')
            v |= (uint64_t)1 << b;
        b++;
    }
    return v;
}

/* One scoreboard cycle: eval, step with its output, check; err leaves the
 * state byte for byte; a stalled issue changes nothing but the writeback. */
static sbi_scoreboard_out sb_cyc(const sbi_scoreboard_cfg *c, sbi_scoreboard_state *s,
                                 const sbi_scoreboard_in *in)
{
    sbi_scoreboard_out o;
    sbi_scoreboard_state before = *s;
    sbi_scoreboard_eval(c, s, in, &o);
    sbi_scoreboard_step(c, s, in, &o);
    CHECK(sbi_scoreboard_check(c, s) == NULL);
    if (o.err)
        CHECK(memcmp(&before, s, sizeof before) == 0);
    if (!o.ready && !in->wb_v)
        CHECK(memcmp(&before, s, sizeof before) == 0);
    return o;
}

static sbi_scoreboard_in sb_issue(unsigned w, uint64_t d, int dv1, unsigned r1, int dv2,
                                  unsigned r2)
{
    sbi_scoreboard_in in;
    memset(&in, 0, sizeof in);
    in.iss_v = 1;
    in.iss_warp = w;
    in.iss_d = d;
    in.iss_dv1 = (uint64_t)dv1;
    in.iss_dst1 = r1;
    in.iss_dv2 = (uint64_t)dv2;
    in.iss_dst2 = r2;
    return in;
}

/* A writeback of entry pos of warp w (sel: bit 0 I1, bit 1 I2), nothing else. */
static sbi_scoreboard_in sb_wb(unsigned w, unsigned pos, unsigned sel)
{
    sbi_scoreboard_in in;
    memset(&in, 0, sizeof in);
    in.wb_v = 1;
    in.wb_warp = w;
    in.wb_pos = pos;
    in.wb_sel = sel;
    return in;
}

/* Query warp w: context 1 reads register r1q (if >= 0), context 2 r2q
 * (query register 0). */
static sbi_scoreboard_out sb_query(const sbi_scoreboard_cfg *c, const sbi_scoreboard_state *s,
                                   unsigned w, int r1q, int r2q)
{
    sbi_scoreboard_in in;
    sbi_scoreboard_out o;
    memset(&in, 0, sizeof in);
    in.q_warp = w;
    if (r1q >= 0) {
        in.q1_rv = 1;
        in.q1_r = (uint64_t)r1q;
    }
    if (r2q >= 0) {
        in.q2_rv = 1;
        in.q2_r = (uint64_t)r2q;
    }
    sbi_scoreboard_eval(c, s, &in, &o);
    CHECK_EQ(o.err, 0);
    return o;
}

/* ------------------------------------------------------------ heap helpers */

static hct_cct_heap_in h_nop(void)
{
    hct_cct_heap_in in;
    memset(&in, 0, sizeof in);
    return in;
}

/* One heap cycle; returns D(t, t+1) of an accepted UPDATE. */
static uint64_t h_cyc(const hct_cct_heap_cfg *hc, hct_cct_heap_state *hs,
                      const hct_cct_heap_in *in, hct_cct_heap_out *o)
{
    uint64_t d;
    hct_cct_heap_eval(hc, hs, in, o);
    d = sbi_scoreboard_dmat(hc, hs, in, o);
    hct_cct_heap_step(hc, hs, in, o);
    CHECK(hct_cct_heap_check(hc, hs) == NULL);
    return d;
}

static hct_cct_heap_in h_upd(unsigned w, uint64_t pc1, uint64_t m1, uint64_t pc2, uint64_t m2,
                             uint64_t pc3, uint64_t m3)
{
    hct_cct_heap_in in = h_nop();
    in.op = HCH_OP_UPDATE;
    in.op_warp = w;
    in.op_pc1 = pc1;
    in.op_m1 = m1;
    in.op_v1 = m1 != 0u;
    in.op_pc2 = pc2;
    in.op_m2 = m2;
    in.op_v2 = m2 != 0u;
    in.op_pc3 = pc3;
    in.op_m3 = m3;
    in.op_v3 = m3 != 0u;
    return in;
}

/* The header's worked example, step by step, on the real heap (001 Fig. 4). */
TEST(worked_example)
{
    enum { A = 0x10, B = 0x20, C = 0x30, D = 0x40, E = 0x50, F = 0x60, G = 0x70 };
    hct_cct_heap_cfg hc = {2, 4, 8, 16};
    hct_cct_heap_state hs;
    hct_cct_heap_out ho;
    hct_cct_heap_in hi;
    sbi_scoreboard_cfg c = {2, 6, 6, 1, 4};
    sbi_scoreboard_state s;
    sbi_scoreboard_out o;
    sbi_scoreboard_in in;
    uint64_t d;

    hct_cct_heap_reset(&hc, &hs);
    sbi_scoreboard_reset(&c, &s);
    hi = h_nop();
    hi.op = HCH_OP_LAUNCH;
    hi.op_pc1 = A;
    hi.op_m1 = m("1111");
    h_cyc(&hc, &hs, &hi, &ho);
    CHECK_EQ(ho.act, HCH_ACT_LAUNCH);
    /* t0: A writes r1, branches 1100 -> B, 0011 -> C */
    hi = h_upd(0, B, m("1100"), C, m("0011"), 0, 0);
    d = h_cyc(&hc, &hs, &hi, &ho);
    CHECK_EQ(ho.act, HCH_ACT_UPDATE);
    CHECK_EQ(d, mat("110/000/000"));
    in = sb_issue(0, d, 1, 1, 0, 0);
    o = sb_cyc(&c, &s, &in);
    CHECK_EQ(o.act, SBI_SB_ACT_PUSH);
    CHECK_EQ(s.mat_q[0], mat("110/000"));
    /* t1: B and C both read r1: hazards */
    o = sb_query(&c, &s, 0, 1, 1);
    CHECK_EQ(o.hz1, 1);
    CHECK_EQ(o.hz2, 1);
    CHECK_EQ(o.dep1, 1);
    /* r1 written back */
    in = sb_wb(0, 0, 1);
    o = sb_cyc(&c, &s, &in);
    CHECK_EQ(o.act, SBI_SB_ACT_WB);
    CHECK_EQ(o.wb_free, 1);
    o = sb_query(&c, &s, 0, 1, 1);
    CHECK_EQ(o.hz1 | o.hz2, 0);
    /* B writes r2 -> G; C writes r3, branches 0010 -> D, 0001 -> E */
    hi = h_upd(0, G, m("1100"), D, m("0010"), E, m("0001"));
    d = h_cyc(&hc, &hs, &hi, &ho);
    CHECK_EQ(ho.act, HCH_ACT_PUSH);
    CHECK_EQ(hs.pc1[0], D);
    CHECK_EQ(hs.pc2[0], E);
    CHECK_EQ(d, mat("001/110/000"));
    in = sb_issue(0, d, 1, 2, 1, 3);
    o = sb_cyc(&c, &s, &in);
    CHECK_EQ(o.act, SBI_SB_ACT_PUSH);
    CHECK_EQ(s.mat_q[0], mat("001/110"));
    /* t2: D reads r2: no hazard (B's threads are cold); D reads r3: hazard */
    o = sb_query(&c, &s, 0, 2, -1);
    CHECK_EQ(o.hz1, 0);
    o = sb_query(&c, &s, 0, 3, -1);
    CHECK_EQ(o.hz1, 1);
    /* D writes r4, E writes r5, both -> F: merged, G pops */
    hi = h_upd(0, F, m("0010"), F, m("0001"), 0, 0);
    d = h_cyc(&hc, &hs, &hi, &ho);
    CHECK_EQ(ho.act, HCH_ACT_POP);
    CHECK_EQ(hs.pc1[0], F);
    CHECK_EQ(hs.m1[0], m("0011"));
    CHECK_EQ(hs.pc2[0], G);
    CHECK_EQ(d, mat("100/100/010"));
    in = sb_issue(0, d, 1, 4, 1, 5);
    o = sb_cyc(&c, &s, &in);
    CHECK_EQ(s.mat_q[1], mat("010/100"));
    CHECK_EQ(s.mat_q[0], mat("100/100"));
    CHECK_EQ(s.dst1_q[1], 2);
    CHECK_EQ(s.dst2_q[1], 3);
    /* t3: F reads r2: no hazard; G reads r2: hazard; F reads r4: hazard */
    o = sb_query(&c, &s, 0, 2, 2);
    CHECK_EQ(o.hz1, 0);
    CHECK_EQ(o.hz2, 1);
    CHECK_EQ(o.dep2, 2);
    o = sb_query(&c, &s, 0, 4, 3);
    CHECK_EQ(o.dep1, 1);
    CHECK_EQ(o.dep2, 0); /* C's threads are all in F now */
}

/* Packs up to 8 register ids of `w` bits each, id 0 first; -1 ends. */
static uint64_t ids(unsigned w, const int *r)
{
    uint64_t v = 0;
    unsigned n;
    for (n = 0; n < 8u && r[n] >= 0; n++)
        v |= (uint64_t)r[n] << (n * w);
    return v;
}
#define IDS(w, ...) ids((w), (const int[]){__VA_ARGS__, -1})

/* The header's vector-load example (NDST = 4, QREGS = 6): one entry holds
 * the four registers of a ld.v4; each is a hazard through the matrix; one
 * writeback frees all four; a second one is WB_IDLE and changes nothing. */
TEST(vector_load_example)
{
    sbi_scoreboard_cfg c = {1, 4, 4, 4, 6};
    sbi_scoreboard_state s, before;
    sbi_scoreboard_in in;
    sbi_scoreboard_out o;
    unsigned r;
    CHECK(sbi_scoreboard_cfg_check(&c) == NULL);
    sbi_scoreboard_reset(&c, &s);
    /* t0: ctx1 1111 issues ld.v4 {r4, r5, r6, r7}, [r2] */
    in = sb_issue(0, mat("100/010/001"), 1, 0, 0, 0);
    in.iss_dst1 = IDS(4, 4, 5, 6, 7);
    o = sb_cyc(&c, &s, &in);
    CHECK_EQ(o.act, SBI_SB_ACT_PUSH);
    CHECK_EQ(s.dv1_q[0], 1);
    CHECK_EQ(s.dv2_q[0], 0);
    CHECK_EQ(s.dst1_q[0], IDS(4, 4, 5, 6, 7));
    CHECK_EQ(s.mat_q[0], mat("100/010"));
    /* every destination is a hazard for ctx1, none for an unrelated one */
    for (r = 0; r < 16u; r++) {
        o = sb_query(&c, &s, 0, (int)r, -1);
        CHECK_EQ(o.hz1, r >= 4u && r <= 7u);
        CHECK_EQ(o.dep1, r >= 4u && r <= 7u);
    }
    /* t1: ctx1 branches: 1100 stays, 0011 becomes ctx2 (no destination) */
    in = sb_issue(0, mat("110/000/000"), 0, 0, 0, 0);
    o = sb_cyc(&c, &s, &in);
    CHECK_EQ(o.act, SBI_SB_ACT_MOVE);
    CHECK_EQ(s.mat_q[0], mat("110/000"));
    /* t2: ctx1's add r8, r6, r1 reads r6: hazard; ctx2's mov r7, r1 (WAW on
     * r7): hazard; ctx2 reading r1, r2, r3 only: none */
    memset(&in, 0, sizeof in);
    in.q1_rv = 7;
    in.q1_r = IDS(4, 8, 6, 1);
    in.q2_rv = 3;
    in.q2_r = IDS(4, 7, 1);
    sbi_scoreboard_eval(&c, &s, &in, &o);
    CHECK_EQ(o.err, 0);
    CHECK_EQ(o.hz1, 1);
    CHECK_EQ(o.hz2, 1);
    in.q2_rv = 7;
    in.q2_r = IDS(4, 1, 2, 3);
    sbi_scoreboard_eval(&c, &s, &in, &o);
    CHECK_EQ(o.hz2, 0);
    /* the six query registers all compare: r7 as the sixth */
    in.q2_rv = 0x3F;
    in.q2_r = IDS(4, 1, 2, 3, 9, 10, 7);
    sbi_scoreboard_eval(&c, &s, &in, &o);
    CHECK_EQ(o.hz2, 1);
    in.q2_rv = 0x1F; /* the sixth not valid */
    sbi_scoreboard_eval(&c, &s, &in, &o);
    CHECK_EQ(o.hz2, 0);
    /* ctx2 issues alone ld.v2 {r9, r10} (the unused ids repeat r9) */
    in = sb_issue(0, mat("100/010/001"), 0, 0, 1, 0);
    in.iss_dst2 = IDS(4, 9, 10, 9, 9);
    o = sb_cyc(&c, &s, &in);
    CHECK_EQ(o.act, SBI_SB_ACT_PUSH);
    CHECK_EQ(s.dv1_q[0], 2);
    CHECK_EQ(s.dv2_q[0], 1);
    CHECK_EQ(s.dst2_q[0], IDS(4, 9, 10, 9, 9));
    CHECK_EQ(s.mat_q[0], mat("100/010"));
    CHECK_EQ(s.dst1_q[1], IDS(4, 4, 5, 6, 7));
    CHECK_EQ(s.mat_q[1], mat("110/000"));
    o = sb_query(&c, &s, 0, 10, 10);
    CHECK_EQ(o.hz1, 0); /* row I2 has no ctx1 bit */
    CHECK_EQ(o.hz2, 1);
    CHECK_EQ(o.dep2, 1);
    o = sb_query(&c, &s, 0, 6, 5);
    CHECK_EQ(o.dep1, 2);
    CHECK_EQ(o.dep2, 2);
    /* t3: the ld.v4's data returns: one writeback frees all four */
    in = sb_wb(0, 1, 1);
    o = sb_cyc(&c, &s, &in);
    CHECK_EQ(o.act, SBI_SB_ACT_WB);
    CHECK_EQ(o.wb_free, 1);
    CHECK_EQ(s.dv1_q[0], 0);
    for (r = 4; r <= 7u; r++) {
        o = sb_query(&c, &s, 0, (int)r, (int)r);
        CHECK_EQ(o.hz1 | o.hz2, 0);
    }
    o = sb_query(&c, &s, 0, 10, 10);
    CHECK_EQ(o.hz1, 0);
    CHECK_EQ(o.hz2, 1);
    /* the same writeback again: WB_IDLE, nothing changes (sb_cyc compares
     * the state byte for byte), the outputs are quiet */
    before = s;
    o = sb_cyc(&c, &s, &in);
    CHECK_EQ(o.err, 1);
    CHECK_EQ(o.err_code, SBI_SB_ERR_WB_IDLE);
    CHECK_EQ(o.act, SBI_SB_ACT_HOLD);
    CHECK(memcmp(&before, &s, sizeof s) == 0);
    /* an issue beside it on a warp that does not exist: BAD_WARP, the
     * vector entry untouched */
    in = sb_issue(1, mat("100/010/001"), 1, 0, 0, 0);
    in.iss_dst1 = IDS(4, 11, 12, 13, 14);
    o = sb_cyc(&c, &s, &in);
    CHECK_EQ(o.err_code, SBI_SB_ERR_BAD_WARP);
    CHECK(memcmp(&before, &s, sizeof s) == 0);
    /* ids beyond NDST x REG_W bits are not stored */
    in = sb_issue(0, mat("100/010/001"), 1, 0, 0, 0);
    in.iss_dst1 = IDS(4, 1, 2, 3, 4) | ((uint64_t)0xF << 16);
    o = sb_cyc(&c, &s, &in);
    CHECK_EQ(s.dst1_q[0], IDS(4, 1, 2, 3, 4));
}

/* The header's false positive: transitive closure through a shared context. */
TEST(false_positive_example)
{
    sbi_scoreboard_cfg c = {1, 4, 4, 1, 4};
    sbi_scoreboard_state s;
    sbi_scoreboard_in in;
    sbi_scoreboard_out o;
    sbi_scoreboard_reset(&c, &s);
    in = sb_issue(0, mat("100/000/000"), 1, 7, 0, 0); /* I1 (only t0) writes r7, stays ctx1 */
    sb_cyc(&c, &s, &in);
    in = sb_issue(0, mat("110/000/000"), 0, 0, 0, 0); /* ctx1 {t0, t1} splits */
    o = sb_cyc(&c, &s, &in);
    CHECK_EQ(o.act, SBI_SB_ACT_MOVE);
    CHECK_EQ(s.mat_q[0], mat("110/000"));
    o = sb_query(&c, &s, 0, 7, 7);
    CHECK_EQ(o.hz1, 1);
    CHECK_EQ(o.hz2, 1); /* conservative: t1 never ran the write */
}

/* The boolean product: identity, zero, associativity (exhaustive over M and
 * random over the two D), and the definition bit by bit. */
TEST(product)
{
    uint64_t mm, d1, d2, x = 88172645463325252ull;
    unsigned i, j, k, n;
    for (mm = 0; mm < 64u; mm++) {
        CHECK_EQ(sbi_scoreboard_mul(mm, mat("100/010/001")), mm);
        CHECK_EQ(sbi_scoreboard_mul(mm, 0), 0);
        for (n = 0; n < 64u; n++) {
            uint64_t d12 = 0;
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            d1 = x & 0x1FFu;
            d2 = (x >> 9) & 0x1FFu;
            for (i = 0; i < 3u; i++)
                for (j = 0; j < 3u; j++)
                    for (k = 0; k < 3u; k++)
                        if (bits_get(d1, 3 * i + k) && bits_get(d2, 3 * k + j))
                            d12 |= (uint64_t)1 << (3 * i + j);
            CHECK_EQ(sbi_scoreboard_mul(sbi_scoreboard_mul(mm, d1), d2),
                     sbi_scoreboard_mul(mm, d12));
            CHECK_EQ(sbi_scoreboard_mul(mm, d1) & ~0x3Full, 0);
        }
    }
    CHECK_EQ(sbi_scoreboard_mul(mat("010/000"), mat("000/101/000")), mat("101/000"));
    CHECK_EQ(sbi_scoreboard_mul(mat("001/001"), mat("000/000/011")), mat("011/011"));
}

/* Full table: ready = 0, nothing changes but the writeback; a writeback
 * that frees an entry in the same cycle lets the push in (bypass); a MOVE
 * never stalls. */
TEST(full_table_and_bypass)
{
    sbi_scoreboard_cfg c = {3, 3, 5, 1, 4};
    sbi_scoreboard_state s, before;
    sbi_scoreboard_in in;
    sbi_scoreboard_out o;
    unsigned k;
    sbi_scoreboard_reset(&c, &s);
    for (k = 0; k < 3u; k++) {
        in = sb_issue(2, mat("100/010/001"), 1, 10 + k, k == 1u, 20 + k);
        o = sb_cyc(&c, &s, &in);
        CHECK_EQ(o.act, SBI_SB_ACT_PUSH);
        CHECK_EQ(o.ready, 1);
    }
    CHECK_EQ(s.dv1_q[2], 7);
    CHECK_EQ(s.dv2_q[2], 2);
    CHECK_EQ(s.dst1_q[2 * 3 + 0], 12); /* newest first */
    CHECK_EQ(s.dst1_q[2 * 3 + 2], 10);
    in = sb_issue(2, mat("010/100/001"), 1, 30, 0, 0);
    o = sb_cyc(&c, &s, &in);
    CHECK_EQ(o.ready, 0);
    CHECK_EQ(o.act, SBI_SB_ACT_STALL);
    /* stalled, with a writeback that does not free (entry 1 keeps I2's write) */
    in.wb_v = 1;
    in.wb_warp = 2;
    in.wb_pos = 1;
    in.wb_sel = 1;
    before = s;
    o = sb_cyc(&c, &s, &in);
    CHECK_EQ(o.ready, 0);
    CHECK_EQ(o.wb_free, 0);
    CHECK_EQ(s.dv1_q[2], 5);
    CHECK_EQ(s.dv2_q[2], 2);
    CHECK(memcmp(s.mat_q, before.mat_q, sizeof s.mat_q) == 0);
    /* a MOVE is never pushed back: matrices permuted (ctx1 <-> ctx2) */
    in = sb_issue(2, mat("010/100/001"), 0, 0, 0, 0);
    o = sb_cyc(&c, &s, &in);
    CHECK_EQ(o.act, SBI_SB_ACT_MOVE);
    CHECK_EQ(s.mat_q[2 * 3 + 0], mat("010/100"));
    /* the writeback frees entry 1 and the push takes it in the same cycle */
    in = sb_issue(2, mat("100/010/001"), 1, 31, 0, 0);
    in.wb_v = 1;
    in.wb_warp = 2;
    in.wb_pos = 1;
    in.wb_sel = 2;
    o = sb_cyc(&c, &s, &in);
    CHECK_EQ(o.ready, 1);
    CHECK_EQ(o.wb_free, 1);
    CHECK_EQ(o.act, SBI_SB_ACT_PUSH);
    CHECK_EQ(s.dv1_q[2], 7);
    CHECK_EQ(s.dst1_q[2 * 3 + 0], 31);
    CHECK_EQ(s.dst1_q[2 * 3 + 1], 12); /* moved from 0 into the hole */
    CHECK_EQ(s.dst1_q[2 * 3 + 2], 10); /* above the hole: stays */
    CHECK_EQ(s.dv1_q[0] | s.dv1_q[1], 0);
}

/* Every err code, first match, state unchanged, outputs quiet. */
TEST(errors)
{
    sbi_scoreboard_cfg c = {3, 5, 4, 1, 4};
    sbi_scoreboard_state s;
    sbi_scoreboard_in in;
    sbi_scoreboard_out o;
    sbi_scoreboard_reset(&c, &s);
    in = sb_issue(1, mat("100/010/001"), 1, 3, 0, 0);
    sb_cyc(&c, &s, &in);
    in = sb_issue(3, 0, 1, 1, 0, 0);
    in.q_warp = 3;
    in.q1_rv = 1;
    o = sb_cyc(&c, &s, &in);
    CHECK_EQ(o.err_code, SBI_SB_ERR_BAD_WARP);
    CHECK_EQ(o.act, SBI_SB_ACT_HOLD);
    in.iss_v = 0;
    o = sb_cyc(&c, &s, &in);
    CHECK_EQ(o.err_code, SBI_SB_ERR_BAD_QWARP);
    in.q1_rv = 0; /* no query: q_warp is not looked at */
    in.wb_v = 1;
    in.wb_warp = 1;
    in.wb_pos = 5; /* >= DEPTH */
    in.wb_sel = 1;
    o = sb_cyc(&c, &s, &in);
    CHECK_EQ(o.err_code, SBI_SB_ERR_BAD_WB);
    in.wb_pos = 0;
    in.wb_sel = 0;
    o = sb_cyc(&c, &s, &in);
    CHECK_EQ(o.err_code, SBI_SB_ERR_BAD_WB);
    in.wb_sel = 3; /* I2's write is not pending */
    o = sb_cyc(&c, &s, &in);
    CHECK_EQ(o.err_code, SBI_SB_ERR_WB_IDLE);
    CHECK_EQ(o.hz1 | o.hz2 | o.dep1 | o.dep2, 0);
    in.wb_sel = 1;
    o = sb_cyc(&c, &s, &in);
    CHECK_EQ(o.err, 0);
    CHECK_EQ(o.wb_free, 1);
    CHECK_EQ(s.dv1_q[1], 0);
}

/* The hazard is the register compare AND the dependency bit: each of the
 * four query registers, both rows, both columns. */
TEST(hazard_compare)
{
    sbi_scoreboard_cfg c = {1, 2, 3, 1, 4};
    sbi_scoreboard_state s;
    sbi_scoreboard_in in;
    sbi_scoreboard_out o;
    unsigned n;
    sbi_scoreboard_reset(&c, &s);
    in = sb_issue(0, mat("010/001/000"), 1, 5, 1, 6); /* I1 -> ctx2, I2 -> cold */
    sb_cyc(&c, &s, &in);
    for (n = 0; n < 4u; n++) {
        memset(&in, 0, sizeof in);
        in.q1_rv = in.q2_rv = (uint64_t)1 << n;
        in.q1_r = in.q2_r = 5u * 0x249u; /* 5 in each 3-bit field */
        sbi_scoreboard_eval(&c, &s, &in, &o);
        CHECK_EQ(o.hz1, 0);
        CHECK_EQ(o.hz2, 1);
        in.q1_r = in.q2_r = 6u * 0x249u;
        sbi_scoreboard_eval(&c, &s, &in, &o);
        CHECK_EQ(o.hz1 | o.hz2, 0); /* I2's threads are all cold */
    }
    in = sb_issue(0, mat("000/000/110"), 0, 0, 0, 0); /* the cold ones come up */
    sb_cyc(&c, &s, &in);
    o = sb_query(&c, &s, 0, 6, 6);
    CHECK_EQ(o.hz1, 1);
    CHECK_EQ(o.hz2, 1);
    o = sb_query(&c, &s, 0, 5, 5);
    CHECK_EQ(o.hz1 | o.hz2, 0); /* I1's threads (ctx2) went nowhere: no row 2 */
}

TEST(storage)
{
    sbi_scoreboard_cfg c = sbi_scoreboard_default_cfg();
    sbi_scoreboard_storage st = sbi_scoreboard_bits(&c);
    CHECK_EQ(c.warps, 24);
    CHECK_EQ(c.depth, 6);
    CHECK_EQ(st.rows, 24);
    CHECK_EQ(st.entry_bits, 20);
    CHECK_EQ(st.row_bits, 120);
    CHECK_EQ(st.base_pools * st.base_rows, 48);
    CHECK_EQ(st.base_row_bits, 42);
    CHECK(sbi_scoreboard_cfg_check(&c) == NULL);
    c.depth = 17;
    CHECK(sbi_scoreboard_cfg_check(&c) != NULL);
}

/* ------------------------------------------------------------- soundness */

#define S_MAXREG 256

typedef struct {
    uint64_t x;
} srng;
static uint64_t rnd(srng *r)
{
    uint64_t z = (r->x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
static unsigned below(srng *r, unsigned n) { return n ? (unsigned)(rnd(r) % n) : 0u; }

/* A random non-empty proper subset of mask (mask has >= 2 bits). */
static uint64_t split(srng *r, uint64_t mask)
{
    uint64_t s;
    do
        s = mask & rnd(r);
    while (s == 0u || s == mask);
    return s;
}

typedef struct {
    unsigned long long cycles, queries, ref_hz, sb_hz, false_pos, issues, pushes, stalls,
        heap_stalls, wbs, launches, pops, exchs, pushes_cct, d_checks,
        read_checks;
} sound_cov;

/* The union of warp w's cold masks (walks its list). */
static uint64_t cold_union(const hct_cct_heap_state *hs, unsigned w)
{
    uint64_t u = 0;
    unsigned n = hs->head[w], guard = 0;
    if (!hs->hv[w])
        return 0;
    for (;;) {
        u |= hs->cmask[n];
        if (!hs->nv[n] || ++guard > HCH_MAX_CCT)
            break;
        n = hs->nxt[n];
    }
    return u;
}

/* Per-thread tracker: cnt[w][r][lane] writes in flight. */
static uint8_t trk[HCH_MAX_WARPS][S_MAXREG][64];

static uint64_t trk_mask(unsigned w, unsigned r, unsigned lanes)
{
    uint64_t v = 0;
    unsigned l;
    for (l = 0; l < lanes; l++)
        if (trk[w][r][l])
            v |= (uint64_t)1 << l;
    return v;
}

static void trk_add(unsigned w, unsigned r, uint64_t mask, int delta)
{
    unsigned l;
    for (l = 0; l < 64u; l++)
        if (bits_get(mask, l))
            trk[w][r][l] = (uint8_t)(trk[w][r][l] + delta);
}

/* The distinct register ids of a packed destination field (NDST ids). */
static unsigned dst_ids(const sbi_scoreboard_cfg *c, uint64_t dst, unsigned ids[SBI_SB_MAX_NDST])
{
    unsigned n, k, cnt = 0;
    for (n = 0; n < c->ndst; n++) {
        unsigned id = (unsigned)bits_field(dst, n * c->reg_w, c->reg_w);
        for (k = 0; k < cnt && ids[k] != id; k++)
            ;
        if (k == cnt)
            ids[cnt++] = id;
    }
    return cnt;
}

/* The tracker's count of every distinct register of dst, on mask. */
static void trk_dst(const sbi_scoreboard_cfg *c, unsigned w, uint64_t dst, uint64_t mask, int delta)
{
    unsigned ids[SBI_SB_MAX_NDST], n = dst_ids(c, dst, ids), k;
    for (k = 0; k < n; k++)
        trk_add(w, ids[k], mask, delta);
}

/* A random instruction's query registers q[0 .. QREGS-1]: the first QREGS -
 * NDST are sources (each valid at random), the last NDST destinations, of
 * which the first 1 .. NDST are written (70 % of instructions write);
 * returns the valid bits, *dst the packed destinations (the unused ids
 * repeat the first, as rtl_c/sbi_scoreboard.h asks), *dv whether it writes. */
static uint64_t rnd_insn(const sbi_scoreboard_cfg *c, srng *r, uint64_t q[SBI_SB_MAX_QREGS],
                         unsigned nreg, uint64_t *dst, unsigned *dv)
{
    unsigned k, src = c->qregs - c->ndst, nd = 0;
    uint64_t rv = 0;
    for (k = 0; k < c->qregs; k++)
        q[k] = below(r, nreg);
    for (k = 0; k < src; k++)
        rv |= (uint64_t)below(r, 2) << k;
    if (below(r, 10) < 7u)
        nd = 1u + below(r, c->ndst);
    *dst = 0;
    for (k = 0; k < c->ndst; k++) {
        if (k < nd)
            rv |= (uint64_t)1 << (src + k);
        *dst |= q[src + (k < nd ? k : 0u)] << (k * c->reg_w);
    }
    *dv = nd != 0u;
    return rv;
}

/* Runs `cycles` heap cycles; returns 0 when sound. */
static int soundness(const hct_cct_heap_cfg *hc, const sbi_scoreboard_cfg *c, unsigned cycles,
                     uint64_t seed, sound_cov *cv)
{
    static hct_cct_heap_state hs, hb;
    static sbi_scoreboard_state s;
    /* the mirror of each entry: the masks that executed I1 and I2 */
    static uint64_t tm1[SBI_SB_MAX_WARPS][SBI_SB_MAX_DEPTH], tm2[SBI_SB_MAX_WARPS][SBI_SB_MAX_DEPTH];
    srng r = {seed};
    unsigned nreg = 1u << c->reg_w, pcs = 24, cyc;
    uint64_t lanes = bits_mask(hc->lanes);
    int bad = 0;

    memset(trk, 0, sizeof trk);
    memset(cv, 0, sizeof *cv);
    hct_cct_heap_reset(hc, &hs);
    sbi_scoreboard_reset(c, &s);
    for (cyc = 0; cyc < cycles && !bad; cyc++) {
        unsigned w = below(&r, hc->warps);
        hct_cct_heap_in hi = h_nop();
        hct_cct_heap_out ho;
        sbi_scoreboard_in in;
        sbi_scoreboard_out o, oq;
        unsigned iss1 = 0, iss2 = 0, bw = 0, bp = 0;
        uint64_t q1[SBI_SB_MAX_QREGS], q2[SBI_SB_MAX_QREGS], d1 = 0, d2 = 0;
        uint64_t m1 = 0, m2 = 0, ref1 = 0, ref2 = 0;
        unsigned k, w1 = 0, w2 = 0;

        cv->cycles++;
        memset(&in, 0, sizeof in);
        memset(&oq, 0, sizeof oq); /* no query: dep1 = dep2 = 0 */
        /* a writeback of a random in-flight write (any warp) */
        if (below(&r, 100) < 45u) {
            bw = below(&r, c->warps);
            uint64_t v = s.dv1_q[bw] | s.dv2_q[bw];
            if (v) {
                do
                    bp = below(&r, c->depth);
                while (!bits_get(v, bp));
                in.wb_v = 1;
                in.wb_warp = bw;
                in.wb_pos = bp;
                in.wb_sel = (uint64_t)bits_get(s.dv1_q[bw], bp) | (uint64_t)bits_get(s.dv2_q[bw], bp) << 1;
                if (in.wb_sel == 3u && below(&r, 2))
                    in.wb_sel = 1u + below(&r, 2);
            }
        }
        if (!hs.v1[w]) {
            /* idle warp: relaunch once its entries have drained */
            if ((s.dv1_q[w] | s.dv2_q[w]) == 0u && !hs.hv[w]) {
                hi.op = HCH_OP_LAUNCH;
                hi.op_warp = w;
                hi.op_pc1 = below(&r, 4);
                hi.op_m1 = below(&r, 4) ? lanes : (rnd(&r) & lanes) | 1u;
                cv->launches++;
            }
        } else {
            unsigned v2 = hs.v2[w];
            m1 = hs.m1[w];
            m2 = v2 ? hs.m2[w] : 0u;
            /* the instructions at CPC1 and CPC2: sources and destinations */
            in.q_warp = w;
            in.q1_rv = rnd_insn(c, &r, q1, nreg, &d1, &w1);
            in.q2_rv = rnd_insn(c, &r, q2, nreg, &d2, &w2);
            if (!v2)
                in.q2_rv = w2 = 0;
            for (k = 0; k < c->qregs; k++) {
                in.q1_r |= q1[k] << (k * c->reg_w);
                in.q2_r |= q2[k] << (k * c->reg_w);
            }
            for (k = 0; k < c->qregs; k++) {
                if (bits_get(in.q1_rv, k) && (trk_mask(w, (unsigned)q1[k], hc->lanes) & m1))
                    ref1 = 1;
                if (bits_get(in.q2_rv, k) && (trk_mask(w, (unsigned)q2[k], hc->lanes) & m2))
                    ref2 = 1;
            }
            sbi_scoreboard_eval(c, &s, &in, &oq);
            if (oq.err) {
                printf("  cycle %u: query err %s\n", cyc, sbi_scoreboard_err_name((unsigned)oq.err_code));
                return 1;
            }
            cv->queries += 1u + v2;
            cv->ref_hz += ref1 + ref2;
            cv->sb_hz += oq.hz1 + oq.hz2;
            cv->false_pos += (oq.hz1 && !ref1) + (oq.hz2 && !ref2);
            if ((ref1 && !oq.hz1) || (ref2 && !oq.hz2)) {
                printf("  cycle %u warp %u: missed hazard (ref %u/%u, scoreboard %u/%u)\n", cyc, w,
                       (unsigned)ref1, (unsigned)ref2, (unsigned)oq.hz1, (unsigned)oq.hz2);
                return 1;
            }
            iss1 = !oq.hz1 && below(&r, 10) < 9u;
            iss2 = v2 && !oq.hz2 && below(&r, 10) < 8u;
            if (iss1 || iss2) {
                /* PC update: each issued split moves on (or branches), at most
                 * one divergence, some threads may exit */
                uint64_t n1 = m1, n2 = m2, n3 = 0, ex = 0;
                uint64_t p1 = hs.pc1[w], p2 = hs.pc2[w], p3 = 0;
                unsigned dv = below(&r, 100) < 30u ? 1u + below(&r, 2) : 0u;
                if (iss1)
                    p1 = below(&r, 3) ? (p1 + 1u + below(&r, 3)) % pcs : below(&r, pcs);
                if (iss2)
                    p2 = below(&r, 3) ? (p2 + 1u + below(&r, 3)) % pcs : below(&r, pcs);
                if (dv == 1u && (!iss1 || bits_popcount(n1) < 2u))
                    dv = 0;
                if (dv == 2u && (!iss2 || bits_popcount(n2) < 2u))
                    dv = 0;
                if (dv) {
                    uint64_t *src = dv == 1u ? &n1 : &n2;
                    n3 = split(&r, *src);
                    *src &= ~n3;
                    p3 = below(&r, pcs);
                }
                if (below(&r, 100) < 4u) { /* an exit in an issued split */
                    uint64_t *src = iss1 ? &n1 : &n2;
                    ex = *src & rnd(&r);
                    if (below(&r, 4) == 0u)
                        ex = *src;
                    *src &= ~ex;
                }
                hi = h_upd(w, p1, n1, p2, n2, p3, n3);
                hi.op_exit = ex;
                in.iss_v = 1;
                in.iss_warp = w;
                in.iss_dv1 = iss1 && w1;
                in.iss_dst1 = d1;
                in.iss_dv2 = iss2 && w2;
                in.iss_dst2 = d2;
            }
        }
        hb = hs;
        hct_cct_heap_eval(hc, &hs, &hi, &ho);
        if (ho.err) {
            printf("  cycle %u: heap err %s\n", cyc, hct_cct_heap_err_name((unsigned)ho.err_code));
            return 1;
        }
        if (in.iss_v && ho.act == HCH_ACT_STALL) {
            cv->heap_stalls++;
            in.iss_v = 0; /* the CCT is full: nothing issues */
        }
        if (in.iss_v)
            in.iss_d = sbi_scoreboard_dmat(hc, &hb, &hi, &ho);
        sbi_scoreboard_eval(c, &s, &in, &o);
        if (o.err || o.dep1 != oq.dep1 || o.dep2 != oq.dep2) {
            printf("  cycle %u: scoreboard err %s or the read port depends on the issue\n", cyc,
                   sbi_scoreboard_err_name((unsigned)o.err_code));
            return 1;
        }
        {
            /* the read port alone (sbi_scoreboard_read, what the SM model
             * probes) answers as this eval, its inputs given bits above
             * their port widths; it writes nothing else */
            sbi_scoreboard_out rq;
            const uint64_t hi = ((uint64_t)cyc * 0x9E3779B97F4A7C15ull) << 20;
            memset(&rq, 0xA5, sizeof rq);
            sbi_scoreboard_read(c, &s, in.q_warp | (hi & ~bits_mask(bits_index_width(c->warps))),
                                in.q1_rv | (hi & ~bits_mask(c->qregs)), in.q1_r,
                                in.q2_rv | (hi & ~bits_mask(c->qregs)), in.q2_r, &rq);
            if (rq.dep1 != o.dep1 || rq.dep2 != o.dep2 || rq.hz1 != o.hz1 || rq.hz2 != o.hz2 ||
                rq.ready != 0xA5A5A5A5A5A5A5A5ull || rq.err != 0xA5A5A5A5A5A5A5A5ull) {
                printf("  cycle %u warp %u: sbi_scoreboard_read %llx/%llx, eval %llx/%llx\n", cyc,
                       (unsigned)in.q_warp, (unsigned long long)rq.dep1,
                       (unsigned long long)rq.dep2, (unsigned long long)o.dep1,
                       (unsigned long long)o.dep2);
                return 1;
            }
            cv->read_checks++;
            /* the eval given that answer (sbi_scoreboard_eval_read, what
             * the SM model calls with a kept one) decides as the eval */
            sbi_scoreboard_out er, ee;
            memset(&er, 0x5A, sizeof er);
            memset(&ee, 0x5A, sizeof ee);
            sbi_scoreboard_eval(c, &s, &in, &ee);
            sbi_scoreboard_eval_read(c, &s, &in, rq.dep1, rq.dep2, &er);
            if (memcmp(&er, &ee, sizeof er)) {
                printf("  cycle %u: sbi_scoreboard_eval_read differs from the eval\n", cyc);
                return 1;
            }
        }
        if (in.iss_v && !o.ready) {
            cv->stalls++;
            hi = h_nop(); /* the scoreboard pushes the issue back: so does the heap */
            hct_cct_heap_eval(hc, &hs, &hi, &ho);
        }
        /* the tracker: writebacks, then the issue */
        if (o.nx_wb) {
            if (bits_get(in.wb_sel, 0))
                trk_dst(c, bw, s.dst1_q[bw * c->depth + bp], tm1[bw][bp], -1);
            if (bits_get(in.wb_sel, 1))
                trk_dst(c, bw, s.dst2_q[bw * c->depth + bp], tm2[bw][bp], -1);
            cv->wbs++;
        }
        if (o.nx_iss) {
            unsigned h = o.nx_hole;
            cv->issues++;
            cv->pops += ho.act == HCH_ACT_POP;
            cv->exchs += ho.act == HCH_ACT_EXCH || ho.act == HCH_ACT_EXCH_DEG;
            cv->pushes_cct += ho.act == HCH_ACT_PUSH || ho.act == HCH_ACT_PUSH_DEG;
            /* D(t, t+1) against the thread sets, cold union by walking lists */
            {
                uint64_t a[3], b[3], d = 0, x = bits_trunc(hi.op_exit, hc->lanes);
                unsigned i, j;
                hct_cct_heap_state ha = hs;
                hct_cct_heap_step(hc, &ha, &hi, &ho);
                a[0] = hb.v1[w] ? hb.m1[w] : 0u;
                a[1] = hb.v2[w] ? hb.m2[w] : 0u;
                a[2] = cold_union(&hb, w);
                b[0] = ha.v1[w] ? ha.m1[w] : 0u;
                b[1] = ha.v2[w] ? ha.m2[w] : 0u;
                b[2] = cold_union(&ha, w);
                for (i = 0; i < 3u; i++)
                    for (j = 0; j < 3u; j++)
                        if (a[i] & ~x & b[j])
                            d |= (uint64_t)1 << (3 * i + j);
                if (d != in.iss_d) {
                    printf("  cycle %u warp %u: D from the heap %03llx, from the thread sets %03llx\n",
                           cyc, w, (unsigned long long)in.iss_d, (unsigned long long)d);
                    return 1;
                }
                cv->d_checks++;
            }
            if (o.nx_push) {
                cv->pushes++;
                for (k = h; k > 0u; k--) {
                    tm1[w][k] = tm1[w][k - 1u];
                    tm2[w][k] = tm2[w][k - 1u];
                }
                tm1[w][0] = iss1 ? m1 : 0u;
                tm2[w][0] = iss2 ? m2 : 0u;
                if (in.iss_dv1)
                    trk_dst(c, w, d1, m1, +1);
                if (in.iss_dv2)
                    trk_dst(c, w, d2, m2, +1);
            }
        }
        hct_cct_heap_step(hc, &hs, &hi, &ho);
        sbi_scoreboard_step(c, &s, &in, &o);
        if ((cyc & 1023u) == 0u) {
            const char *why = hct_cct_heap_check(hc, &hs);
            if (!why)
                why = sbi_scoreboard_check(c, &s);
            if (why) {
                printf("  cycle %u: %s\n", cyc, why);
                return 1;
            }
        }
    }
    /* every write still in flight is in the scoreboard, and only those */
    {
        unsigned w, k, rr;
        static uint8_t want[HCH_MAX_WARPS][S_MAXREG][64];
        memset(want, 0, sizeof want);
        for (w = 0; w < c->warps; w++)
            for (k = 0; k < c->depth; k++) {
                unsigned l, i1[SBI_SB_MAX_NDST], i2[SBI_SB_MAX_NDST], j;
                unsigned n1 = dst_ids(c, s.dst1_q[w * c->depth + k], i1);
                unsigned n2 = dst_ids(c, s.dst2_q[w * c->depth + k], i2);
                for (l = 0; l < 64u; l++)
                    for (j = 0; j < SBI_SB_MAX_NDST; j++) {
                        if (j < n1 && bits_get(s.dv1_q[w], k) && bits_get(tm1[w][k], l))
                            want[w][i1[j]][l]++;
                        if (j < n2 && bits_get(s.dv2_q[w], k) && bits_get(tm2[w][k], l))
                            want[w][i2[j]][l]++;
                    }
            }
        for (w = 0; w < c->warps; w++)
            for (rr = 0; rr < nreg; rr++)
                if (memcmp(want[w][rr], trk[w][rr], 64) != 0) {
                    printf("  warp %u r%u: the scoreboard's entries and the tracker disagree\n", w, rr);
                    bad = 1;
                }
    }
    return bad;
}

static void sound_report(const char *name, const sound_cov *cv)
{
    printf("  %s: cycles=%llu issues=%llu pushes=%llu wbs=%llu stalls=%llu heap_stalls=%llu "
           "launches=%llu cct_push=%llu pop=%llu exch=%llu d_checks=%llu queries=%llu "
           "ref_hazards=%llu sb_hazards=%llu false_positives=%llu (%.2f%% of queries)\n",
           name, cv->cycles, cv->issues, cv->pushes, cv->wbs, cv->stalls, cv->heap_stalls,
           cv->launches, cv->pushes_cct, cv->pops, cv->exchs, cv->d_checks, cv->queries, cv->ref_hz,
           cv->sb_hz, cv->false_pos, cv->queries ? 100.0 * (double)cv->false_pos / (double)cv->queries : 0.0);
}

/* 10^6 heap cycles, 8 warps x 16 lanes, 8 registers, DEPTH 6, CCT 10 (it fills). */
TEST(soundness_small)
{
    hct_cct_heap_cfg hc = {8, 16, 10, 8};
    sbi_scoreboard_cfg c = {8, 6, 3, 1, 4};
    sound_cov cv;
    CHECK_EQ(soundness(&hc, &c, 1000000u / SOUND_SCALE, 1, &cv), 0);
    sound_report("small", &cv);
    CHECK(cv.issues > 0 && cv.pushes > 0 && cv.stalls > 0 && cv.heap_stalls > 0 && cv.pops > 0 &&
          cv.exchs > 0 && cv.pushes_cct > 0 && cv.ref_hz > 0);
    CHECK(cv.d_checks == cv.issues);
    CHECK(cv.read_checks == cv.cycles);
}

/* The defaults (24 warps x 64 lanes, CCT 128, DEPTH 6), 16 registers. */
TEST(soundness_defaults)
{
    hct_cct_heap_cfg hc = hct_cct_heap_default_cfg();
    sbi_scoreboard_cfg c = sbi_scoreboard_default_cfg();
    sound_cov cv;
    c.reg_w = 4;
    hc.pc_bits = 8;
    CHECK_EQ(soundness(&hc, &c, 250000u / SOUND_SCALE, 2, &cv), 0);
    sound_report("defaults", &cv);
    CHECK(cv.issues > 0 && cv.pushes > 0 && cv.pops > 0 && cv.ref_hz > 0);
}

/* Multi-destination traffic: up to four destination ids per instruction
 * (ld.v4), six query registers, few registers (ids collide). */
TEST(soundness_vector)
{
    hct_cct_heap_cfg hc = {8, 16, 10, 8}, hc2 = {3, 5, 6, 6};
    sbi_scoreboard_cfg c = {8, 6, 3, 4, 6}, c2 = {3, 2, 4, 2, 3};
    sound_cov cv;
    CHECK_EQ(soundness(&hc, &c, 300000u / SOUND_SCALE, 5, &cv), 0);
    sound_report("vector", &cv);
    CHECK(cv.issues > 0 && cv.pushes > 0 && cv.stalls > 0 && cv.ref_hz > 0);
    CHECK_EQ(soundness(&hc2, &c2, 100000u / SOUND_SCALE, 6, &cv), 0);
    CHECK(cv.stalls > 0 && cv.ref_hz > 0);
}

/* Depth 1 and 2: the table is full most of the time. */
TEST(soundness_shallow)
{
    hct_cct_heap_cfg hc = {3, 5, 6, 6};
    sbi_scoreboard_cfg c1 = {3, 1, 2, 1, 4}, c2 = {3, 2, 1, 1, 4};
    sound_cov cv;
    CHECK_EQ(soundness(&hc, &c1, 100000u / SOUND_SCALE, 3, &cv), 0);
    CHECK(cv.stalls > 0);
    CHECK_EQ(soundness(&hc, &c2, 100000u / SOUND_SCALE, 4, &cv), 0);
    CHECK(cv.stalls > 0);
}

int main(int argc, char **argv)
{
    test_args(argc, argv);
    RUN(worked_example);
    RUN(vector_load_example);
    RUN(false_positive_example);
    RUN(product);
    RUN(full_table_and_bypass);
    RUN(errors);
    RUN(hazard_compare);
    RUN(storage);
    RUN(soundness_small);
    RUN(soundness_defaults);
    RUN(soundness_shallow);
    RUN(soundness_vector);
    return test_summary();
}
