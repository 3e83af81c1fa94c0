/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_hct_cct_heap.c -- golden and unit tests of the Hot and Cold Context
 * Tables (rtl_c/hct_cct_heap, 001 sec. 3.3-3.4).  After every step of the
 * worked examples the whole heap of the warp is asserted: both HCT slots
 * and the CCT list in order (and the outputs of the step), and
 * hct_cct_heap_check runs.  Masks are written as in the papers, thread t0
 * first: "1100" is threads 0,1 (0x3).
 */
#include <string.h>

#include "../rtl_c/bits.h"
#include "../rtl_c/hct_cct_heap.h"
#include "../vcd/vcd.h"
#include "check.h"

/* "1100" (t0 first) -> 0x3 */
typedef hct_cct_heap_cfg cfg_t;
typedef hct_cct_heap_state st_t;
typedef hct_cct_heap_in in_t;
typedef hct_cct_heap_out out_t;

static in_t nop(void)
{
    in_t i;
    memset(&i, 0, sizeof i);
    return i;
}

static in_t launch(unsigned w, uint64_t pc, uint64_t mask)
{
    in_t i = nop();
    i.op = HCH_OP_LAUNCH;
    i.op_warp = w;
    i.op_pc1 = pc;
    i.op_m1 = mask;
    return i;
}

/* An UPDATE; a zero mask means "that context is not valid". */
static in_t upd(unsigned w, uint64_t pc1, uint64_t m1, uint64_t pc2, uint64_t m2, uint64_t pc3,
                uint64_t m3, uint64_t exitm)
{
    in_t i = nop();
    i.op = HCH_OP_UPDATE;
    i.op_warp = w;
    i.op_pc1 = pc1;
    i.op_m1 = m1;
    i.op_v1 = m1 != 0;
    i.op_pc2 = pc2;
    i.op_m2 = m2;
    i.op_v2 = m2 != 0;
    i.op_pc3 = pc3;
    i.op_m3 = m3;
    i.op_v3 = m3 != 0;
    i.op_exit = exitm;
    return i;
}

/* One cycle: eval, the expected act (and err 0), the edge, the invariants. */
static out_t cyc_(const cfg_t *c, st_t *s, in_t in, int act, int line)
{
    out_t o;
    const char *why;
    hct_cct_heap_eval(c, s, &in, &o);
    if (act >= 0 && o.act != (uint64_t)act) {
        printf("  line %d: act %s, expected %s (err %s)\n", line,
               hct_cct_heap_act_name((unsigned)o.act), hct_cct_heap_act_name((unsigned)act),
               hct_cct_heap_err_name((unsigned)o.err_code));
        check_failed_in_test = 1;
    }
    hct_cct_heap_step(c, s, &in, &o);
    why = hct_cct_heap_check(c, s);
    if (why) {
        printf("  line %d: invariant: %s\n", line, why);
        check_failed_in_test = 1;
    }
    return o;
}
#define CYC(c, s, in, act) cyc_((c), (s), (in), (act), __LINE__)

/* Asserts an illegal input: err code, ready, act IDLE, state unchanged. */
#define EXPECT_ERR(c, s, in, code)                                                     \
    do {                                                                               \
        st_t before_ = *(s);                                                           \
        in_t in_ = (in);                                                               \
        out_t o_;                                                                      \
        hct_cct_heap_eval((c), (s), &in_, &o_);                                        \
        CHECK_EQ(o_.err, 1);                                                           \
        CHECK_EQ(o_.err_code, (code));                                                 \
        CHECK_EQ(o_.act, HCH_ACT_IDLE);                                                \
        CHECK_EQ(o_.ready, 1);                                                         \
        hct_cct_heap_step((c), (s), &in_, &o_);                                       \
        CHECK(memcmp(&before_, (s), sizeof before_) == 0);                             \
    } while (0)

/* Asserts the HCT of warp w: (pc1, m1 | pc2, m2), a zero mask = invalid. */
#define EXPECT_HCT(s, w, p1, k1, p2, k2)                                               \
    do {                                                                               \
        CHECK_EQ((s)->v1[w], (k1) != 0);                                               \
        CHECK_EQ((s)->pc1[w], (k1) != 0 ? (uint64_t)(p1) : 0);                         \
        CHECK_EQ((s)->m1[w], (k1));                                                    \
        CHECK_EQ((s)->v2[w], (k2) != 0);                                               \
        CHECK_EQ((s)->pc2[w], (k2) != 0 ? (uint64_t)(p2) : 0);                         \
        CHECK_EQ((s)->m2[w], (k2));                                                    \
    } while (0)

/* Asserts warp w's CCT list, head first: pairs pc, mask (0 pairs: empty). */
static void expect_list_(const cfg_t *c, const st_t *s, unsigned w, const uint64_t *pm,
                         unsigned n, int line)
{
    unsigned len = hct_cct_heap_list_len(c, s, w), i, p;
    int bad = len != n;
    p = s->head[w];
    for (i = 0; !bad && i < n; i++) {
        if (s->cpc[p] != pm[2 * i] || s->cmask[p] != pm[2 * i + 1])
            bad = 1;
        p = s->nxt[p];
    }
    if (bad) {
        printf("  line %d: warp %u list is [", line, w);
        p = s->head[w];
        for (i = 0; i < len; i++, p = s->nxt[p])
            printf(" %llx:%llx", (unsigned long long)s->cpc[p], (unsigned long long)s->cmask[p]);
        printf(" ], expected %u entries [", n);
        for (i = 0; i < n; i++)
            printf(" %llx:%llx", (unsigned long long)pm[2 * i], (unsigned long long)pm[2 * i + 1]);
        printf(" ]\n");
        check_failed_in_test = 1;
    }
}
#define EXPECT_LIST(c, s, w, ...)                                                      \
    do {                                                                               \
        const uint64_t pm_[] = {0, __VA_ARGS__};                                       \
        expect_list_((c), (s), (w), pm_ + 1, (sizeof pm_ / sizeof pm_[0] - 1) / 2,     \
                     __LINE__);                                                        \
    } while (0)

/* Runs NOP cycles until the sideband sorter is idle; returns how many. */
static unsigned drain(const cfg_t *c, st_t *s)
{
    unsigned n = 0;
    while (s->s_busy && n < 1000u) {
        CYC(c, s, nop(), HCH_ACT_IDLE);
        n++;
    }
    return n;
}

/* 001 Fig. 4 laid out by PC: A ends with the outer branch (B | C), C ends
 * with the inner branch at C_END (D | E); D, E -> F; B, F -> G. */
enum { A = 0x100, B = 0x200, C = 0x300, C_END = 0x3fc, D = 0x400, E = 0x500, F = 0x600,
       G = 0x700 };

/* ------------------------------------------------------------------ tests */

TEST(test_cfg_and_bits)
{
    cfg_t c = hct_cct_heap_default_cfg();
    hct_cct_heap_storage b = hct_cct_heap_bits(&c);
    CHECK(hct_cct_heap_cfg_check(&c) == NULL);
    CHECK_EQ(c.warps, 24);
    CHECK_EQ(c.lanes, 64);
    CHECK_EQ(c.cct, 128);
    CHECK_EQ(c.pc_bits, 32);
    /* 001 Table 3, SBI: HCT 24 x 201 bits, CCT 128 x 104 bits */
    CHECK_EQ(b.hct_rows, 24);
    CHECK_EQ(b.hct_row_bits, 201);
    CHECK_EQ(b.cct_rows, 128);
    CHECK_EQ(b.cct_row_bits, 104);
    CHECK_EQ(hct_cct_heap_ptr_w(&c), 7);
    CHECK_EQ(hct_cct_heap_cnt_w(&c), 8);
    CHECK_EQ(hct_cct_heap_warp_w(&c), 5);
    /* hv+lo+dcnt (7) per warp 216, cu per entry 128, free 7+8, sorter
     * 1+5+7+32+1+7+7+1+7, deg 16 */
    CHECK_EQ(hct_cct_heap_dcnt_w(&c), 7);
    CHECK_EQ(b.ctrl_bits, 216 + 128 + 15 + 68 + 16);
    c.cct = 256;
    b = hct_cct_heap_bits(&c);
    CHECK_EQ(b.cct_row_bits, 32 + 64 + 8 + 1);
    c = hct_cct_heap_default_cfg();
    c.warps = 0;
    CHECK(hct_cct_heap_cfg_check(&c) != NULL && strstr(hct_cct_heap_cfg_check(&c), "warps"));
    c = hct_cct_heap_default_cfg();
    c.lanes = 65;
    CHECK(hct_cct_heap_cfg_check(&c) != NULL && strstr(hct_cct_heap_cfg_check(&c), "lanes"));
    c = hct_cct_heap_default_cfg();
    c.cct = 1;
    CHECK(hct_cct_heap_cfg_check(&c) != NULL && strstr(hct_cct_heap_cfg_check(&c), "cct"));
    c = hct_cct_heap_default_cfg();
    c.pc_bits = 65;
    CHECK(hct_cct_heap_cfg_check(&c) != NULL && strstr(hct_cct_heap_cfg_check(&c), "pc_bits"));
}

TEST(test_reset_free_list)
{
    cfg_t c = hct_cct_heap_default_cfg();
    st_t s;
    unsigned i;
    hct_cct_heap_reset(&c, &s);
    CHECK(hct_cct_heap_check(&c, &s) == NULL);
    CHECK_EQ(s.free_cnt, 128);
    CHECK_EQ(s.free_head, 0);
    for (i = 0; i + 1 < 128; i++) {
        CHECK_EQ(s.nxt[i], i + 1);
        CHECK_EQ(s.nv[i], 1);
    }
    CHECK_EQ(s.nv[127], 0);
    for (i = 0; i < 24; i++)
        EXPECT_HCT(&s, i, 0, 0, 0, 0);
}

/* Every ordering of three PCs, every equal-PC pattern, every invalid one. */
TEST(test_network_orderings_merges_invalid)
{
    static const unsigned perm[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                        {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    const uint64_t pcs[3] = {0x10, 0x20, 0x30}, ms[3] = {0x1, 0x2, 0x4};
    hct_cct_heap_ctx in[3], out[3];
    unsigned p, i, vm;
    for (p = 0; p < 6; p++) {
        for (i = 0; i < 3; i++) {
            in[i].pc = pcs[perm[p][i]];
            in[i].mask = ms[perm[p][i]];
            in[i].v = 1;
        }
        CHECK_EQ(hct_cct_heap_net(in, out), 0);
        for (i = 0; i < 3; i++) {
            CHECK_EQ(out[i].v, 1);
            CHECK_EQ(out[i].pc, pcs[i]);
            CHECK_EQ(out[i].mask, ms[i]);
        }
        /* every subset of valid inputs: compacted, still sorted */
        for (vm = 0; vm < 8; vm++) {
            unsigned j = 0;
            for (i = 0; i < 3; i++)
                in[i].v = (vm >> i) & 1u;
            CHECK_EQ(hct_cct_heap_net(in, out), 0);
            for (i = 0; i < 3; i++) { /* expected: the valid ones by pc */
                unsigned src;
                for (src = 0; src < 3; src++)
                    if (in[src].v && in[src].pc == pcs[i])
                        break;
                if (src < 3) {
                    CHECK_EQ(out[j].v, 1);
                    CHECK_EQ(out[j].pc, pcs[i]);
                    CHECK_EQ(out[j].mask, ms[i]);
                    j++;
                }
            }
            for (; j < 3; j++) {
                CHECK_EQ(out[j].v, 0);
                CHECK_EQ(out[j].pc, 0);
                CHECK_EQ(out[j].mask, 0);
            }
        }
    }
    /* two equal PCs in every position pair, with the third below, between
     * (impossible with 2 distinct values: above) or above */
    {
        static const unsigned pairs[3][2] = {{0, 1}, {0, 2}, {1, 2}};
        const uint64_t other[2] = {0x08, 0x40};
        unsigned q, o;
        for (q = 0; q < 3; q++)
            for (o = 0; o < 2; o++) {
                unsigned third = 3u - pairs[q][0] - pairs[q][1];
                in[pairs[q][0]].pc = 0x20;
                in[pairs[q][0]].mask = 0x1;
                in[pairs[q][1]].pc = 0x20;
                in[pairs[q][1]].mask = 0x6;
                in[third].pc = other[o];
                in[third].mask = 0x30;
                for (i = 0; i < 3; i++)
                    in[i].v = 1;
                CHECK_EQ(hct_cct_heap_net(in, out), 1);
                CHECK_EQ(out[o == 0 ? 1 : 0].pc, 0x20);
                CHECK_EQ(out[o == 0 ? 1 : 0].mask, 0x7);
                CHECK_EQ(out[o == 0 ? 0 : 1].pc, other[o]);
                CHECK_EQ(out[o == 0 ? 0 : 1].mask, 0x30);
                CHECK_EQ(out[0].v + out[1].v, 2);
                CHECK_EQ(out[2].v, 0);
                CHECK_EQ(out[2].mask, 0);
                /* an invalid input at the same PC is not merged */
                in[pairs[q][1]].v = 0;
                CHECK_EQ(hct_cct_heap_net(in, out), 0);
                CHECK_EQ(out[o == 0 ? 1 : 0].mask, 0x1);
                CHECK_EQ(out[2].v, 0);
            }
    }
    /* all three equal */
    for (i = 0; i < 3; i++) {
        in[i].pc = 0x50;
        in[i].mask = (uint64_t)1 << i;
        in[i].v = 1;
    }
    CHECK_EQ(hct_cct_heap_net(in, out), 2);
    CHECK_EQ(out[0].v, 1);
    CHECK_EQ(out[0].pc, 0x50);
    CHECK_EQ(out[0].mask, 0x7);
    CHECK_EQ(out[1].v, 0);
    CHECK_EQ(out[2].v, 0);
}

TEST(test_illegal_input)
{
    cfg_t c = hct_cct_heap_default_cfg();
    st_t s;
    in_t i;
    hct_cct_heap_reset(&c, &s);
    i = nop();
    i.op = HCH_OP_BAD;
    EXPECT_ERR(&c, &s, i, HCH_ERR_BAD_OP);
    EXPECT_ERR(&c, &s, launch(24, A, 0xf), HCH_ERR_BAD_WARP);
    EXPECT_ERR(&c, &s, upd(31, A, 0xf, 0, 0, 0, 0, 0), HCH_ERR_BAD_WARP);
    EXPECT_ERR(&c, &s, launch(3, A, 0), HCH_ERR_BAD_MASK);
    EXPECT_ERR(&c, &s, upd(3, A, 0xf, 0, 0, 0, 0, 0), HCH_ERR_WARP_IDLE);
    CYC(&c, &s, launch(3, A, m("1111")), HCH_ACT_LAUNCH);
    EXPECT_HCT(&s, 3, A, m("1111"), 0, 0);
    EXPECT_ERR(&c, &s, launch(3, B, 0x1), HCH_ERR_WARP_BUSY);
    /* a valid input with an empty mask */
    i = upd(3, B, m("1111"), 0, 0, 0, 0, 0);
    i.op_v2 = 1;
    EXPECT_ERR(&c, &s, i, HCH_ERR_BAD_MASK);
    /* a thread lost, invented, duplicated, or both exited and kept */
    EXPECT_ERR(&c, &s, upd(3, B, m("1110"), 0, 0, 0, 0, 0), HCH_ERR_BAD_PART);
    EXPECT_ERR(&c, &s, upd(3, B, m("11111"), 0, 0, 0, 0, 0), HCH_ERR_BAD_PART);
    EXPECT_ERR(&c, &s, upd(3, B, m("1100"), C, m("0110"), 0, 0, m("0001")), HCH_ERR_BAD_PART);
    EXPECT_ERR(&c, &s, upd(3, B, m("1100"), 0, 0, C, m("0011"), m("0001")), HCH_ERR_BAD_PART);
    EXPECT_ERR(&c, &s, upd(3, B, m("1100"), 0, 0, 0, 0, m("0011") | m("00001")),
               HCH_ERR_BAD_PART);
    /* the mask of an invalid input is ignored */
    i = upd(3, B, m("1111"), 0, 0, 0, 0, 0);
    i.op_m3 = m("1111");
    CYC(&c, &s, i, HCH_ACT_UPDATE);
    EXPECT_HCT(&s, 3, B, m("1111"), 0, 0);
    /* state unchanged on err, checked by EXPECT_ERR; bits above the port
     * width are not seen (warp 3 + 32 truncates to 3 on a 5-bit port) */
    CYC(&c, &s, upd(3 + 32, C, m("1111"), 0, 0, 0, 0, 0), HCH_ACT_UPDATE);
    EXPECT_HCT(&s, 3, C, m("1111"), 0, 0);
    CYC(&c, &s, upd(3, 0, 0, 0, 0, 0, 0, m("1111")), HCH_ACT_FINISH);
    EXPECT_HCT(&s, 3, 0, 0, 0, 0);
    EXPECT_ERR(&c, &s, upd(3, A, 0xf, 0, 0, 0, 0, 0), HCH_ERR_WARP_IDLE);
}

TEST(test_cct_insertion_in_order)
{
    cfg_t c = hct_cct_heap_default_cfg();
    st_t s;
    out_t o;
    unsigned t;
    hct_cct_heap_reset(&c, &s);
    CYC(&c, &s, launch(5, 0x10, bits_mask(64)), HCH_ACT_LAUNCH);
    /* thread 0 -> 0x20 (slot 2), threads 1..7 stay in slot 1 */
    CYC(&c, &s, upd(5, 0x10, bits_mask(64) & ~(uint64_t)1, 0x20, 1, 0, 0, 0), HCH_ACT_UPDATE);
    EXPECT_HCT(&s, 5, 0x10, bits_mask(64) & ~(uint64_t)1, 0x20, 1);
    /* thread t (2..6) diverges to pc[t] into the CCT, one at a time with the
     * sorter drained in between; expected walk cycles each time */
    {
        static const uint64_t pcs[] = {0, 0, 0x500, 0x300, 0x700, 0x400, 0x600, 0x100};
        static const unsigned walk[] = {0, 0, 0, 1, 2, 2, 4, 1};
        uint64_t m1 = bits_mask(64) & ~(uint64_t)1;
        for (t = 2; t <= 7; t++) {
            uint64_t tm = (uint64_t)1 << t;
            o = CYC(&c, &s, upd(5, 0x10, m1 & ~tm, 0x20, 1, pcs[t], tm, 0), HCH_ACT_PUSH);
            CHECK_EQ(o.ready, 1);
            CHECK_EQ(s.s_busy, t > 2);
            m1 &= ~tm;
            CHECK_EQ(drain(&c, &s), walk[t]);
        }
    }
    EXPECT_HCT(&s, 5, 0x10, bits_mask(64) & ~(uint64_t)0xfd, 0x20, 1);
    EXPECT_LIST(&c, &s, 5, 0x100, m("00000001"), 0x300, m("0001"), 0x400, m("000001"),
                0x500, m("001"), 0x600, m("0000001"), 0x700, m("00001"));
    CHECK_EQ(s.dcnt[5] != 0, 0);
    CHECK_EQ(s.deg_cnt, 0);
    CHECK_EQ(s.free_cnt, 128 - 6);
    /* equal PC (issue 11 item 1): thread 1 to 0x400 walks past 0x100 and
     * 0x300 and merges into the cold 0x400 (masks ORed, its node freed) in
     * the third cycle, instead of being linked after it */
    CYC(&c, &s, upd(5, 0x10, bits_mask(64) & ~(uint64_t)0xff, 0x20, 1, 0x400, 2, 0),
        HCH_ACT_PUSH);
    CHECK_EQ(s.free_cnt, 128 - 7);
    CHECK_EQ(drain(&c, &s), 3);
    EXPECT_LIST(&c, &s, 5, 0x100, m("00000001"), 0x300, m("0001"), 0x400, m("010001"),
                0x500, m("001"), 0x600, m("0000001"), 0x700, m("00001"));
    CHECK_EQ(s.free_cnt, 128 - 6);
}

TEST(test_degraded_mode_and_pop_order)
{
    cfg_t c = hct_cct_heap_default_cfg();
    st_t s;
    out_t o;
    uint64_t all = bits_mask(64), m1;
    hct_cct_heap_reset(&c, &s);
    CYC(&c, &s, launch(2, 0x10, all), HCH_ACT_LAUNCH);
    m1 = all & ~(uint64_t)1;
    CYC(&c, &s, upd(2, 0x10, m1, 0x20, 1, 0, 0, 0), HCH_ACT_UPDATE);
    /* [0x300] (t2), then 0x500 (t3): sorted, sorter 1 cycle */
    CYC(&c, &s, upd(2, 0x10, m1 & ~(uint64_t)4, 0x20, 1, 0x300, 4, 0), HCH_ACT_PUSH);
    m1 &= ~(uint64_t)4;
    CYC(&c, &s, upd(2, 0x10, m1 & ~(uint64_t)8, 0x20, 1, 0x500, 8, 0), HCH_ACT_PUSH);
    m1 &= ~(uint64_t)8;
    CHECK_EQ(drain(&c, &s), 1);
    EXPECT_LIST(&c, &s, 2, 0x300, 4, 0x500, 8);
    /* 0x600 (t4) starts the sorter; next cycle 0x400 (t5) finds it busy */
    CYC(&c, &s, upd(2, 0x10, m1 & ~(uint64_t)0x10, 0x20, 1, 0x600, 0x10, 0), HCH_ACT_PUSH);
    m1 &= ~(uint64_t)0x10;
    CHECK_EQ(s.s_busy, 1);
    o = CYC(&c, &s, upd(2, 0x10, m1 & ~(uint64_t)0x20, 0x20, 1, 0x400, 0x20, 0),
            HCH_ACT_PUSH_DEG);
    m1 &= ~(uint64_t)0x20;
    CHECK_EQ(o.deg_cnt, 0); /* counted at the edge */
    CHECK_EQ(s.deg_cnt, 1);
    CHECK_EQ(s.dcnt[2] != 0, 1);
    /* the walk of 0x600 continues behind the degraded head 0x400 */
    CHECK_EQ(s.s_busy, 1);
    CHECK_EQ(s.s_pred_head, 0);
    drain(&c, &s);
    EXPECT_LIST(&c, &s, 2, 0x400, 0x20, 0x300, 4, 0x500, 8, 0x600, 0x10);
    /* the sorter is idle again: a push into the dirty list is sorted by a
     * walk over the list as it is (0x450 goes after 0x300, before 0x500) */
    CYC(&c, &s, upd(2, 0x10, m1 & ~(uint64_t)0x40, 0x20, 1, 0x450, 0x40, 0), HCH_ACT_PUSH);
    m1 &= ~(uint64_t)0x40;
    CHECK_EQ(drain(&c, &s), 3);
    CHECK_EQ(s.deg_cnt, 1);
    EXPECT_LIST(&c, &s, 2, 0x400, 0x20, 0x300, 4, 0x450, 0x40, 0x500, 8, 0x600, 0x10);
    /* pop order: slot 2 exits each time, so the head pops into slot 2 */
    CHECK_EQ(s.dcnt[2], 1);
    CYC(&c, &s, upd(2, 0x10, m1, 0, 0, 0, 0, 1), HCH_ACT_POP);
    EXPECT_HCT(&s, 2, 0x10, m1, 0x400, 0x20); /* stack order: last inserted first */
    /* issue 11 item 3: the degraded node has left, the list is sorted
     * again, so it is no longer degraded (not only once it empties) */
    CHECK_EQ(s.dcnt[2], 0);
    CHECK_EQ(s.lo[2], 1); /* 0x300 is cold below CPC2 = 0x400 */
    CYC(&c, &s, upd(2, 0x10, m1, 0, 0, 0, 0, 0x20), HCH_ACT_POP);
    EXPECT_HCT(&s, 2, 0x10, m1, 0x300, 4);
    CHECK_EQ(s.dcnt[2], 0);
    CHECK_EQ(s.lo[2], 0);
    /* slot 1 runs to 0x450 as slot 2 exits: the popped 0x450 equals CPC1
     * and merges into slot 1; slot 2 stays empty with the list non-empty */
    o = CYC(&c, &s, upd(2, 0x450, m1, 0, 0, 0, 0, 4), HCH_ACT_POP);
    CHECK_EQ(o.merge, 1);
    EXPECT_HCT(&s, 2, 0x450, m1 | 0x40, 0, 0);
    EXPECT_LIST(&c, &s, 2, 0x500, 8, 0x600, 0x10);
    /* slot 1 runs to 0x650: the popped 0x500 is smaller, it becomes CPC1 */
    CYC(&c, &s, upd(2, 0x650, m1 | 0x40, 0, 0, 0, 0, 0), HCH_ACT_POP);
    EXPECT_HCT(&s, 2, 0x500, 8, 0x650, m1 | 0x40);
    CHECK_EQ(s.lo[2], 1); /* the cold 0x600 is below CPC2 */
    /* the cold 0x600 is below CPC2: exchanged */
    CYC(&c, &s, upd(2, 0x500, 8, 0x650, m1 | 0x40, 0, 0, 0), HCH_ACT_EXCH);
    EXPECT_HCT(&s, 2, 0x500, 8, 0x600, 0x10);
    EXPECT_LIST(&c, &s, 2, 0x650, m1 | 0x40);
    CHECK_EQ(s.lo[2], 0);
    CHECK_EQ(s.dcnt[2], 0);
    /* 0x600 reaches 0x650: merged with the cold one, the list empties */
    o = CYC(&c, &s, upd(2, 0x500, 8, 0x650, 0x10, 0, 0, 0), HCH_ACT_POP);
    CHECK_EQ(o.merge, 1);
    EXPECT_HCT(&s, 2, 0x500, 8, 0x650, m1 | 0x50);
    EXPECT_LIST(&c, &s, 2);
    CHECK_EQ(s.hv[2], 0);
    CHECK_EQ(s.dcnt[2], 0);
    CHECK_EQ(s.free_cnt, 128);
}

TEST(test_degraded_push_counts)
{
    /* a degraded push is one that needs sorting while the sorter is busy */
    cfg_t c = hct_cct_heap_default_cfg();
    st_t s;
    uint64_t all = bits_mask(64);
    hct_cct_heap_reset(&c, &s);
    CYC(&c, &s, launch(0, 0x10, all), HCH_ACT_LAUNCH);
    CYC(&c, &s, launch(1, 0x10, all), HCH_ACT_LAUNCH);
    CYC(&c, &s, upd(0, 0x10, all & ~(uint64_t)3, 0x20, 1, 0x100, 2, 0), HCH_ACT_PUSH);
    CYC(&c, &s, upd(0, 0x10, all & ~(uint64_t)7, 0x20, 1, 0x200, 4, 0), HCH_ACT_PUSH);
    CHECK_EQ(s.s_busy, 1);
    CHECK_EQ(s.s_warp, 0);
    /* warp 1's list is empty: a push there needs no sorting, not degraded */
    CYC(&c, &s, upd(1, 0x10, all & ~(uint64_t)3, 0x20, 1, 0x100, 2, 0), HCH_ACT_PUSH);
    CHECK_EQ(s.deg_cnt, 0);
    CHECK_EQ(s.s_busy, 0); /* 0x200 went past 0x100 to the tail in 1 cycle */
    EXPECT_LIST(&c, &s, 0, 0x100, 2, 0x200, 4);
    CYC(&c, &s, upd(1, 0x10, all & ~(uint64_t)7, 0x20, 1, 0x50, 4, 0), HCH_ACT_PUSH);
    CHECK_EQ(s.s_busy, 1);
    CYC(&c, &s, upd(0, 0x10, all & ~(uint64_t)0xf, 0x20, 1, 0x50, 8, 0), HCH_ACT_PUSH_DEG);
    CHECK_EQ(s.deg_cnt, 1);
    CHECK_EQ(s.dcnt[0] != 0, 1);
    CHECK_EQ(s.dcnt[1] != 0, 0);
    drain(&c, &s);
    EXPECT_LIST(&c, &s, 1, 0x50, 4, 0x100, 2);
    EXPECT_LIST(&c, &s, 0, 0x50, 8, 0x100, 2, 0x200, 4);
}

/* The sorter meets pops of its own list: the node it moves is popped
 * (the walk is abandoned), and the node in front of it is popped (it keeps
 * walking, now from the list head). */
TEST(test_sorter_interleaved_with_pops)
{
    cfg_t c = hct_cct_heap_default_cfg();
    st_t s;
    uint64_t all = bits_mask(64), m1 = all & ~(uint64_t)0x7d; /* t1, t7.. stay */
    hct_cct_heap_reset(&c, &s);
    CYC(&c, &s, launch(0, 0x10, all), HCH_ACT_LAUNCH);
    CYC(&c, &s, upd(0, 0x10, all & ~(uint64_t)1, 0x20, 1, 0, 0, 0), HCH_ACT_UPDATE);
    CYC(&c, &s, upd(0, 0x10, all & ~(uint64_t)5, 0x20, 1, 0x300, 4, 0), HCH_ACT_PUSH);
    CYC(&c, &s, upd(0, 0x10, all & ~(uint64_t)0xd, 0x20, 1, 0x500, 8, 0), HCH_ACT_PUSH);
    drain(&c, &s);
    EXPECT_LIST(&c, &s, 0, 0x300, 4, 0x500, 8);
    /* 0x600 pushed: the sorter takes it; then slot 2 exits and the head,
     * the unsorted 0x600, pops (the newest first, as a stack) */
    CYC(&c, &s, upd(0, 0x10, m1 | 0x60, 0x20, 1, 0x600, 0x10, 0), HCH_ACT_PUSH);
    CHECK_EQ(s.s_busy, 1);
    CYC(&c, &s, upd(0, 0x10, m1 | 0x60, 0, 0, 0, 0, 1), HCH_ACT_POP);
    CHECK_EQ(s.s_busy, 0); /* abandoned: its node left the list */
    EXPECT_HCT(&s, 0, 0x10, m1 | 0x60, 0x600, 0x10);
    EXPECT_LIST(&c, &s, 0, 0x300, 4, 0x500, 8);
    CHECK_EQ(s.dcnt[0] != 0, 0);
    /* 0x700 pushed and taken by the sorter; 0x400 lands before it
     * (degraded); then 0x400 pops: the sorter's node is the head again */
    CYC(&c, &s, upd(0, 0x10, m1 | 0x60, 0x200, 0x10, 0, 0, 0), HCH_ACT_UPDATE);
    CYC(&c, &s, upd(0, 0x10, m1 | 0x40, 0x200, 0x10, 0x700, 0x20, 0), HCH_ACT_PUSH);
    CHECK_EQ(s.s_pred_head, 1);
    CYC(&c, &s, upd(0, 0x10, m1, 0x200, 0x10, 0x400, 0x40, 0), HCH_ACT_PUSH_DEG);
    CHECK_EQ(s.s_busy, 1);
    CHECK_EQ(s.s_pred_head, 0);
    EXPECT_LIST(&c, &s, 0, 0x400, 0x40, 0x700, 0x20, 0x300, 4, 0x500, 8);
    CYC(&c, &s, upd(0, 0x10, m1, 0, 0, 0, 0, 0x10), HCH_ACT_POP);
    EXPECT_HCT(&s, 0, 0x10, m1, 0x400, 0x40);
    CHECK_EQ(s.s_busy, 1);
    CHECK_EQ(s.s_pred_head, 1);
    CHECK_EQ(s.s_prev_v, 0); /* both cycles touched its list: no step yet */
    CHECK_EQ(s.dcnt[0], 0); /* the degraded 0x400 left: sorted again */
    CHECK_EQ(drain(&c, &s), 2);
    EXPECT_LIST(&c, &s, 0, 0x300, 4, 0x500, 8, 0x700, 0x20);
    CHECK_EQ(s.deg_cnt, 1);
}

/* Issue 11 item 1: a loop whose threads break out at different iterations.
 * The loop body holds two contexts (then/else at 0x100/0x180); in each
 * iteration one more thread leaves for the loop exit X = 0x300.  The exit
 * PC is held by one context (the first break pushes it, every later one
 * JOINs the cold head of equal PC) and the CCT does not grow. */
TEST(test_loop_exit_joins_cold_head)
{
    cfg_t c = hct_cct_heap_default_cfg();
    st_t s;
    out_t o;
    uint64_t m1 = m("111111"), x = 0;
    unsigned t;
    hct_cct_heap_reset(&c, &s);
    CYC(&c, &s, launch(3, 0x100, m("11111111")), HCH_ACT_LAUNCH);
    CYC(&c, &s, upd(3, 0x100, m1, 0x180, m("00000011"), 0, 0, 0), HCH_ACT_UPDATE);
    for (t = 0; t < 4; t++) {
        uint64_t tm = (uint64_t)1 << t;
        o = CYC(&c, &s, upd(3, 0x100, m1 & ~tm, 0x180, m("00000011"), 0x300, tm, 0),
                t == 0 ? HCH_ACT_PUSH : HCH_ACT_JOIN);
        CHECK_EQ(o.merge, t != 0);
        CHECK_EQ(o.ready, 1);
        m1 &= ~tm;
        x |= tm;
        EXPECT_HCT(&s, 3, 0x100, m1, 0x180, m("00000011"));
        EXPECT_LIST(&c, &s, 3, 0x300, x);
        CHECK_EQ(s.free_cnt, 127);
        CHECK_EQ(s.s_busy, 0);
    }
    /* a JOIN needs no free entry: it goes through with the CCT full */
    {
        cfg_t c2 = c;
        c2.warps = 2;
        c2.lanes = 8;
        c2.cct = 2;
        hct_cct_heap_reset(&c2, &s);
        CYC(&c2, &s, launch(0, 0x10, 0xff), HCH_ACT_LAUNCH);
        CYC(&c2, &s, upd(0, 0x10, 0x0f, 0x20, 0x30, 0x40, 0xc0, 0), HCH_ACT_PUSH);
        CYC(&c2, &s, upd(0, 0x10, 0x07, 0x20, 0x30, 0x30, 0x08, 0), HCH_ACT_PUSH);
        drain(&c2, &s);
        EXPECT_LIST(&c2, &s, 0, 0x30, 0x08, 0x40, 0xc0);
        CHECK_EQ(s.free_cnt, 0);
        o = CYC(&c2, &s, upd(0, 0x10, 0x03, 0x20, 0x30, 0x30, 0x04, 0), HCH_ACT_JOIN);
        CHECK_EQ(o.ready, 1);
        EXPECT_LIST(&c2, &s, 0, 0x30, 0x0c, 0x40, 0xc0);
        /* not the head's PC: held */
        o = CYC(&c2, &s, upd(0, 0x10, 0x01, 0x20, 0x30, 0x50, 0x02, 0), HCH_ACT_STALL);
        CHECK_EQ(o.ready, 0);
    }
}

/* Issue 11 item 1: the sorter merges its node into a cold node of equal PC
 * and frees it; that step waits while the operation uses the free list. */
TEST(test_sorter_merge_waits_for_free_list)
{
    cfg_t c = hct_cct_heap_default_cfg();
    st_t s;
    out_t o;
    uint64_t all = bits_mask(64);
    hct_cct_heap_reset(&c, &s);
    CYC(&c, &s, launch(0, 0x10, all), HCH_ACT_LAUNCH);
    CYC(&c, &s, launch(1, 0x10, all), HCH_ACT_LAUNCH);
    CYC(&c, &s, upd(0, 0x10, all & ~(uint64_t)3, 0x20, 1, 0x400, 2, 0), HCH_ACT_PUSH);
    CYC(&c, &s, upd(0, 0x10, all & ~(uint64_t)7, 0x20, 1, 0x300, 4, 0), HCH_ACT_PUSH);
    CHECK_EQ(drain(&c, &s), 1);
    EXPECT_LIST(&c, &s, 0, 0x300, 4, 0x400, 2);
    /* 0x400 again (not the head's PC): pushed, the walk passes 0x300 */
    o = CYC(&c, &s, upd(0, 0x10, all & ~(uint64_t)0xf, 0x20, 1, 0x400, 8, 0), HCH_ACT_PUSH);
    CHECK_EQ(o.d_srt, HCH_SRT_IDLE);
    CHECK_EQ(s.free_cnt, 125);
    o = CYC(&c, &s, nop(), HCH_ACT_IDLE);
    CHECK_EQ(o.d_srt, HCH_SRT_WALK);
    /* next it would merge into the cold 0x400, but warp 1 pushes: it waits */
    o = CYC(&c, &s, upd(1, 0x10, all & ~(uint64_t)3, 0x20, 1, 0x500, 2, 0), HCH_ACT_PUSH);
    CHECK_EQ(o.d_srt, HCH_SRT_HOLD);
    CHECK_EQ(s.s_busy, 1);
    CHECK_EQ(s.free_cnt, 124);
    o = CYC(&c, &s, nop(), HCH_ACT_IDLE);
    CHECK_EQ(o.d_srt, HCH_SRT_MERGE);
    CHECK_EQ(s.s_busy, 0);
    CHECK_EQ(s.free_cnt, 125);
    EXPECT_LIST(&c, &s, 0, 0x300, 4, 0x400, 0xa);
    EXPECT_LIST(&c, &s, 1, 0x500, 2);
}

/* Issue 11 item 2 (the example): HCT (0x100 | 0x200), cold [0x250,
 * 0x300]; both hot contexts jump to 0x500 and 0x600.  Stage 2 pulls 0x250
 * up: (0x250 | 0x500) with [0x300, 0x600], so CPC2 is not the second
 * smallest PC: lo is set and the secondary waits at every sync until the
 * next update brings 0x300 up. */
TEST(test_cpc2_not_second_smallest_sync_waits)
{
    cfg_t c = hct_cct_heap_default_cfg();
    st_t s;
    in_t i;
    out_t o;
    hct_cct_heap_reset(&c, &s);
    CYC(&c, &s, launch(2, 0x100, m("1111")), HCH_ACT_LAUNCH);
    CYC(&c, &s, upd(2, 0x100, m("11"), 0x200, m("001"), 0x300, m("0001"), 0), HCH_ACT_PUSH);
    CYC(&c, &s, upd(2, 0x100, m("1"), 0x200, m("001"), 0x250, m("01"), 0), HCH_ACT_PUSH);
    drain(&c, &s);
    EXPECT_HCT(&s, 2, 0x100, m("1"), 0x200, m("001"));
    EXPECT_LIST(&c, &s, 2, 0x250, m("01"), 0x300, m("0001"));
    CHECK_EQ(s.lo[2], 0);
    CYC(&c, &s, upd(2, 0x500, m("1"), 0x600, m("001"), 0, 0, 0), HCH_ACT_EXCH);
    drain(&c, &s);
    EXPECT_HCT(&s, 2, 0x250, m("01"), 0x500, m("1"));
    EXPECT_LIST(&c, &s, 2, 0x300, m("0001"), 0x600, m("001"));
    CHECK_EQ(s.lo[2], 1);
    /* the secondary at 0x500 syncs on PC_div = 0x280: CPC1 = 0x250 is below
     * PC_div (sec. 3.3 case 2), but the cold 0x300 is in [PC_div, CPC2) */
    i = nop();
    i.rd_warp = 2;
    i.rd_sync = 1;
    i.rd_pc_div = 0x280;
    hct_cct_heap_eval(&c, &s, &i, &o);
    CHECK_EQ(o.rd_v2, 1);
    CHECK_EQ(o.rd_run2, 0);
    i.rd_sync = 0; /* not a sync instruction: runs */
    hct_cct_heap_eval(&c, &s, &i, &o);
    CHECK_EQ(o.rd_run2, 1);
    /* the primary moves on: the cold 0x300 comes up in exchange for 0x500 */
    CYC(&c, &s, upd(2, 0x254, m("01"), 0x500, m("1"), 0, 0, 0), HCH_ACT_EXCH);
    drain(&c, &s);
    EXPECT_HCT(&s, 2, 0x254, m("01"), 0x300, m("0001"));
    EXPECT_LIST(&c, &s, 2, 0x500, m("1"), 0x600, m("001"));
    CHECK_EQ(s.lo[2], 0);
    i.rd_sync = 1;
    i.rd_pc_div = 0x280;
    hct_cct_heap_eval(&c, &s, &i, &o);
    CHECK_EQ(o.rd_run2, 1);

    /* the k = 3 case: a divergence while both hot contexts pass the cold
     * head: 0x600 is pushed, the HCT keeps (0x500 | 0x580) above 0x300 */
    hct_cct_heap_reset(&c, &s);
    CYC(&c, &s, launch(2, 0x100, m("1111")), HCH_ACT_LAUNCH);
    CYC(&c, &s, upd(2, 0x100, m("11"), 0x200, m("001"), 0x300, m("0001"), 0), HCH_ACT_PUSH);
    CHECK_EQ(s.lo[2], 0);
    CYC(&c, &s, upd(2, 0x500, m("1"), 0x580, m("01"), 0x600, m("001"), 0), HCH_ACT_PUSH);
    drain(&c, &s);
    EXPECT_HCT(&s, 2, 0x500, m("1"), 0x580, m("01"));
    EXPECT_LIST(&c, &s, 2, 0x300, m("0001"), 0x600, m("001"));
    CHECK_EQ(s.lo[2], 1);
    i.rd_pc_div = 0x280; /* CPC1 0x500 >= PC_div: suspended anyway */
    hct_cct_heap_eval(&c, &s, &i, &o);
    CHECK_EQ(o.rd_run2, 0);
    i.rd_pc_div = 0x504; /* CPC1 < PC_div: 001 would release; 0x300 is cold */
    hct_cct_heap_eval(&c, &s, &i, &o);
    CHECK_EQ(o.rd_run2, 0);
    /* next update: 0x300 comes up (exchange), the two smallest are hot */
    CYC(&c, &s, upd(2, 0x500, m("1"), 0x580, m("01"), 0, 0, 0), HCH_ACT_EXCH);
    drain(&c, &s);
    EXPECT_HCT(&s, 2, 0x300, m("0001"), 0x500, m("1"));
    EXPECT_LIST(&c, &s, 2, 0x580, m("01"), 0x600, m("001"));
    /* still set: CPC2 = 0x500 came from the HCT, not from the head, and the
     * cold node after the head (0x600) was not read */
    CHECK_EQ(s.lo[2], 1);
    /* the next update reads the head 0x580 above CPC2: cleared */
    CYC(&c, &s, upd(2, 0x304, m("0001"), 0x500, m("1"), 0, 0, 0), HCH_ACT_UPDATE);
    CHECK_EQ(s.lo[2], 0);
    hct_cct_heap_eval(&c, &s, &i, &o);
    CHECK_EQ(o.rd_run2, 1);
}

/* Issue 11 item 4: the longest walk.  Both hot contexts hold one thread,
 * the other 62 threads are cold, one per node (pushed in decreasing PC
 * order, each a one-node walk); the last push has the largest PC and walks
 * past all 61 nodes after it: hct_cct_heap_walk_max = LANES - 3 = 61. */
TEST(test_walk_worst_case)
{
    cfg_t c = hct_cct_heap_default_cfg();
    st_t s;
    uint64_t all = bits_mask(64), m1 = all & ~(uint64_t)2;
    unsigned t;
    CHECK_EQ(hct_cct_heap_walk_max(&c), 61);
    hct_cct_heap_reset(&c, &s);
    CYC(&c, &s, launch(7, 0x10, all), HCH_ACT_LAUNCH);
    CYC(&c, &s, upd(7, 0x10, m1, 0x20, 2, 0, 0, 0), HCH_ACT_UPDATE);
    for (t = 2; t < 63; t++) {
        uint64_t tm = (uint64_t)1 << t;
        m1 &= ~tm;
        CYC(&c, &s, upd(7, 0x10, m1, 0x20, 2, 0x10000 - 0x10 * t, tm, 0), HCH_ACT_PUSH);
        CHECK_EQ(drain(&c, &s), t > 2 ? 1 : 0);
    }
    CHECK_EQ(hct_cct_heap_list_len(&c, &s, 7), 61);
    m1 &= ~((uint64_t)1 << 63);
    CYC(&c, &s, upd(7, 0x10, m1, 0x20, 2, 0x20000, (uint64_t)1 << 63, 0), HCH_ACT_PUSH);
    CHECK_EQ(m1, 1);
    CHECK_EQ(hct_cct_heap_list_len(&c, &s, 7), 62);
    CHECK_EQ(drain(&c, &s), hct_cct_heap_walk_max(&c));
    CHECK_EQ(s.lo[7], 0);
    /* smaller configurations: bounded by LANES and by CCT */
    c.lanes = 3;
    CHECK_EQ(hct_cct_heap_walk_max(&c), 0);
    c.lanes = 64;
    c.cct = 10;
    CHECK_EQ(hct_cct_heap_walk_max(&c), 9);
}

TEST(test_pop_into_slot2_and_exchange)
{
    cfg_t c = hct_cct_heap_default_cfg();
    st_t s;
    out_t o;
    hct_cct_heap_reset(&c, &s);
    CYC(&c, &s, launch(9, A, m("1111")), HCH_ACT_LAUNCH);
    CYC(&c, &s, upd(9, B, m("1"), C, m("01"), D, m("0011"), 0), HCH_ACT_PUSH);
    EXPECT_HCT(&s, 9, B, m("1"), C, m("01"));
    EXPECT_LIST(&c, &s, 9, D, m("0011"));
    /* slot 2 passes the cold D: exchange, C goes cold, D comes up */
    o = CYC(&c, &s, upd(9, B, m("1"), E, m("01"), 0, 0, 0), HCH_ACT_EXCH);
    CHECK_EQ(o.merge, 0);
    EXPECT_HCT(&s, 9, B, m("1"), D, m("0011"));
    EXPECT_LIST(&c, &s, 9, E, m("01"));
    CHECK_EQ(s.s_busy, 0); /* a one-node list needs no sorting */
    /* slot 2 (D) reaches E: merged with the cold E, popped */
    o = CYC(&c, &s, upd(9, B, m("1"), E, m("0011"), 0, 0, 0), HCH_ACT_POP);
    CHECK_EQ(o.merge, 1);
    EXPECT_HCT(&s, 9, B, m("1"), E, m("0111"));
    EXPECT_LIST(&c, &s, 9);
    CHECK_EQ(s.free_cnt, 128);
    /* a pop into slot 2 proper: push F, then slot 1 merges into slot 2 */
    CYC(&c, &s, upd(9, B, m("1"), E, m("0111"), 0, 0, 0), HCH_ACT_UPDATE);
    CYC(&c, &s, upd(9, B, m("1"), C, m("011"), F, m("0001"), 0), HCH_ACT_PUSH);
    o = CYC(&c, &s, upd(9, C, m("1"), C, m("011"), 0, 0, 0), HCH_ACT_POP);
    CHECK_EQ(o.merge, 1);
    EXPECT_HCT(&s, 9, C, m("111"), F, m("0001"));
}

TEST(test_pop_into_slot1_when_hot_exit)
{
    cfg_t c = hct_cct_heap_default_cfg();
    st_t s;
    hct_cct_heap_reset(&c, &s);
    CYC(&c, &s, launch(1, A, m("1111")), HCH_ACT_LAUNCH);
    CYC(&c, &s, upd(1, B, m("1"), C, m("01"), D, m("0011"), 0), HCH_ACT_PUSH);
    CYC(&c, &s, upd(1, 0, 0, 0, 0, 0, 0, m("11")), HCH_ACT_POP);
    EXPECT_HCT(&s, 1, D, m("0011"), 0, 0);
    EXPECT_LIST(&c, &s, 1);
    CYC(&c, &s, upd(1, 0, 0, 0, 0, 0, 0, m("0011")), HCH_ACT_FINISH);
    EXPECT_HCT(&s, 1, 0, 0, 0, 0);
}

TEST(test_cct_full_backpressure)
{
    cfg_t c = hct_cct_heap_default_cfg();
    st_t s, before;
    out_t o;
    in_t i;
    c.warps = 2;
    c.lanes = 8;
    c.cct = 2;
    CHECK(hct_cct_heap_cfg_check(&c) == NULL);
    hct_cct_heap_reset(&c, &s);
    CYC(&c, &s, launch(0, 0x10, 0xff), HCH_ACT_LAUNCH);
    CYC(&c, &s, upd(0, 0x10, 0x03, 0x20, 0x0c, 0x30, 0xf0, 0), HCH_ACT_PUSH);
    o = CYC(&c, &s, upd(0, 0x10, 0x01, 0x20, 0x0c, 0x40, 0x02, 0), HCH_ACT_PUSH);
    CHECK_EQ(o.free_cnt, 1);
    CHECK_EQ(s.free_cnt, 0);
    CHECK_EQ(s.s_busy, 1); /* 0x40 is being walked past 0x30 */
    /* full: ready = 0, nothing changes, the sorter is frozen too */
    i = upd(0, 0x10, 0x01, 0x20, 0x04, 0x50, 0x08, 0);
    before = s;
    hct_cct_heap_eval(&c, &s, &i, &o);
    CHECK_EQ(o.ready, 0);
    CHECK_EQ(o.err, 0);
    CHECK_EQ(o.act, HCH_ACT_STALL);
    hct_cct_heap_step(&c, &s, &i, &o);
    CHECK(memcmp(&before, &s, sizeof s) == 0);
    CHECK(hct_cct_heap_check(&c, &s) == NULL);
    /* held again: still nothing */
    hct_cct_heap_eval(&c, &s, &i, &o);
    CHECK_EQ(o.ready, 0);
    hct_cct_heap_step(&c, &s, &i, &o);
    CHECK(memcmp(&before, &s, sizeof s) == 0);
    /* an update without insertion goes through and the sorter finishes */
    CYC(&c, &s, upd(0, 0x18, 0x01, 0x20, 0x0c, 0, 0, 0), HCH_ACT_UPDATE);
    CHECK_EQ(s.s_busy, 0);
    EXPECT_LIST(&c, &s, 0, 0x30, 0xf0, 0x40, 0x02);
    /* a pop frees an entry; the held insertion then proceeds */
    CYC(&c, &s, upd(0, 0x18, 0x01, 0, 0, 0, 0, 0x0c), HCH_ACT_POP);
    EXPECT_HCT(&s, 0, 0x18, 0x01, 0x30, 0xf0);
    CHECK_EQ(s.free_cnt, 1);
    CYC(&c, &s, upd(0, 0x18, 0x01, 0x30, 0x70, 0x50, 0x80, 0), HCH_ACT_PUSH);
    CHECK_EQ(s.free_cnt, 0);
    drain(&c, &s);
    EXPECT_LIST(&c, &s, 0, 0x40, 0x02, 0x50, 0x80);
}

/* 001 Fig. 4, case 1: PC_div < CPC1 < PC_rec: the secondary (at F) waits. */
TEST(test_fig4_case1_suspended)
{
    cfg_t c = hct_cct_heap_default_cfg();
    st_t s;
    in_t i;
    out_t o;
    hct_cct_heap_reset(&c, &s);
    CYC(&c, &s, launch(4, A, m("1111")), HCH_ACT_LAUNCH);
    EXPECT_HCT(&s, 4, A, m("1111"), 0, 0);
    CYC(&c, &s, upd(4, B, m("11"), 0, 0, C, m("0011"), 0), HCH_ACT_UPDATE);
    EXPECT_HCT(&s, 4, B, m("11"), C, m("0011"));
    CYC(&c, &s, upd(4, G, m("11"), C, m("0011"), 0, 0, 0), HCH_ACT_UPDATE); /* B -> G */
    EXPECT_HCT(&s, 4, C, m("0011"), G, m("11"));
    CYC(&c, &s, upd(4, D, m("001"), G, m("11"), E, m("0001"), 0), HCH_ACT_PUSH);
    EXPECT_HCT(&s, 4, D, m("001"), E, m("0001"));
    EXPECT_LIST(&c, &s, 4, G, m("11"));
    CYC(&c, &s, upd(4, D, m("001"), F, m("0001"), 0, 0, 0), HCH_ACT_UPDATE); /* E -> F */
    EXPECT_HCT(&s, 4, D, m("001"), F, m("0001"));
    EXPECT_LIST(&c, &s, 4, G, m("11"));
    /* the scheduler reads warp 4: the instruction at F syncs on C_END */
    i = nop();
    i.rd_warp = 4;
    hct_cct_heap_eval(&c, &s, &i, &o);
    CHECK_EQ(o.rd_run2, 1); /* not a sync instruction: runs */
    CHECK_EQ(o.rd_v1, 1);
    CHECK_EQ(o.rd_pc1, D);
    CHECK_EQ(o.rd_m1, m("001"));
    CHECK_EQ(o.rd_pc2, F);
    CHECK_EQ(o.rd_m2, m("0001"));
    CHECK_EQ(o.rd_cold, 1);
    i.rd_sync = 1;
    i.rd_pc_div = C_END;
    hct_cct_heap_eval(&c, &s, &i, &o);
    CHECK_EQ(o.rd_run2, 0); /* case 1: suspended */
    i.rd_pc_div = D;        /* PC_div == CPC1: suspended (interval closed) */
    hct_cct_heap_eval(&c, &s, &i, &o);
    CHECK_EQ(o.rd_run2, 0);
    i.rd_pc_div = D + 4; /* CPC1 < PC_div: case 2 */
    hct_cct_heap_eval(&c, &s, &i, &o);
    CHECK_EQ(o.rd_run2, 1);
    /* D reaches F: merged; one context left: G pops into slot 2 */
    o = CYC(&c, &s, upd(4, F, m("001"), F, m("0001"), 0, 0, 0), HCH_ACT_POP);
    CHECK_EQ(o.merge, 1);
    EXPECT_HCT(&s, 4, F, m("0011"), G, m("11"));
    EXPECT_LIST(&c, &s, 4);
    o = CYC(&c, &s, upd(4, G, m("0011"), G, m("11"), 0, 0, 0), HCH_ACT_UPDATE);
    CHECK_EQ(o.merge, 1);
    EXPECT_HCT(&s, 4, G, m("1111"), 0, 0);
    CYC(&c, &s, upd(4, 0, 0, 0, 0, 0, 0, m("1111")), HCH_ACT_FINISH);
    EXPECT_HCT(&s, 4, 0, 0, 0, 0);
    CHECK_EQ(s.free_cnt, 128);
}

/* 001 Fig. 4, case 2: CPC1 <= PC_div: B and F run in parallel. */
TEST(test_fig4_case2_parallel)
{
    cfg_t c = hct_cct_heap_default_cfg();
    st_t s;
    in_t i;
    out_t o;
    hct_cct_heap_reset(&c, &s);
    CYC(&c, &s, launch(6, A, m("1111")), HCH_ACT_LAUNCH);
    CYC(&c, &s, upd(6, B, m("11"), 0, 0, C, m("0011"), 0), HCH_ACT_UPDATE);
    EXPECT_HCT(&s, 6, B, m("11"), C, m("0011"));
    /* the secondary runs C to its branch while B waits */
    CYC(&c, &s, upd(6, B, m("11"), C_END, m("0011"), 0, 0, 0), HCH_ACT_UPDATE);
    CYC(&c, &s, upd(6, B, m("11"), D, m("001"), E, m("0001"), 0), HCH_ACT_PUSH);
    EXPECT_HCT(&s, 6, B, m("11"), D, m("001"));
    EXPECT_LIST(&c, &s, 6, E, m("0001"));
    /* D -> F: the cold E is smaller than F, so they exchange */
    CYC(&c, &s, upd(6, B, m("11"), F, m("001"), 0, 0, 0), HCH_ACT_EXCH);
    EXPECT_HCT(&s, 6, B, m("11"), E, m("0001"));
    EXPECT_LIST(&c, &s, 6, F, m("001"));
    /* E -> F: merged with the cold F, popped */
    o = CYC(&c, &s, upd(6, B, m("11"), F, m("0001"), 0, 0, 0), HCH_ACT_POP);
    CHECK_EQ(o.merge, 1);
    EXPECT_HCT(&s, 6, B, m("11"), F, m("0011"));
    EXPECT_LIST(&c, &s, 6);
    /* the secondary at F (sync on C_END) may run: CPC1 = B < C_END */
    i = nop();
    i.rd_warp = 6;
    i.rd_sync = 1;
    i.rd_pc_div = C_END;
    hct_cct_heap_eval(&c, &s, &i, &o);
    CHECK_EQ(o.rd_v2, 1);
    CHECK_EQ(o.rd_run2, 1);
    i.rd_pc_div = B; /* equal: suspended */
    hct_cct_heap_eval(&c, &s, &i, &o);
    CHECK_EQ(o.rd_run2, 0);
    i.rd_warp = 7; /* an idle warp: nothing valid, nothing runs */
    hct_cct_heap_eval(&c, &s, &i, &o);
    CHECK_EQ(o.rd_v1 | o.rd_v2 | o.rd_run2, 0);
    /* B and F run in parallel, F reaches G first, then B */
    CYC(&c, &s, upd(6, B + 4, m("11"), G, m("0011"), 0, 0, 0), HCH_ACT_UPDATE);
    EXPECT_HCT(&s, 6, B + 4, m("11"), G, m("0011"));
    o = CYC(&c, &s, upd(6, G, m("11"), G, m("0011"), 0, 0, 0), HCH_ACT_UPDATE);
    CHECK_EQ(o.merge, 1);
    EXPECT_HCT(&s, 6, G, m("1111"), 0, 0);
}

/* A long random legal sequence on few warps (CCT of 12 entries, so it fills
 * and degrades): every cycle the invariants hold and each warp's masks make
 * up exactly its live threads. */
static uint64_t rnd_state = 12345;
static uint64_t rnd(void)
{
    uint64_t z = (rnd_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* A random legal operation on warp w: LAUNCH when it is idle, else an
 * UPDATE that splits its live threads among the three new contexts and the
 * exits (the third context, a divergence, in 7 of 8). */
static in_t rnd_legal(const cfg_t *c, const st_t *s, unsigned w)
{
    in_t i = nop();
    i.op_warp = w;
    if (!s->v1[w]) {
        i.op = HCH_OP_LAUNCH;
        i.op_pc1 = (rnd() % 16) * 4;
        i.op_m1 = bits_trunc(rnd(), c->lanes) | 1u;
    } else {
        uint64_t u = s->m1[w] | s->m2[w], part[4] = {0, 0, 0, 0};
        unsigned t, k;
        for (t = 0; t < c->lanes; t++)
            if ((u >> t) & 1u) {
                unsigned r = (unsigned)(rnd() % 100);
                k = r < 35 ? 0 : r < 65 ? 1 : r < 98 ? 2 : 3;
                part[k] |= (uint64_t)1 << t;
            }
        i.op = HCH_OP_UPDATE;
        i.op_pc1 = (rnd() % 16) * 4;
        i.op_m1 = part[0];
        i.op_v1 = part[0] != 0;
        i.op_pc2 = (rnd() % 16) * 4;
        i.op_m2 = part[1];
        i.op_v2 = part[1] != 0;
        i.op_pc3 = (rnd() % 16) * 4;
        i.op_m3 = part[2];
        i.op_v3 = part[2] != 0 && rnd() % 8 != 0;
        if (!i.op_v3) {
            i.op_m1 |= part[2]; /* no divergence: these stay in slot 1 */
            i.op_v1 = i.op_m1 != 0;
            i.op_m3 = rnd(); /* ignored */
        }
        i.op_exit = part[3];
    }
    return i;
}

TEST(test_random_conservation)
{
    cfg_t c = hct_cct_heap_default_cfg();
    st_t s;
    uint64_t live[8] = {0};
    unsigned n, w, cnt[11] = {0};
    c.warps = 8;
    c.lanes = 16;
    c.cct = 12;
    hct_cct_heap_reset(&c, &s);
    for (n = 0; n < 200000; n++) {
        in_t i;
        out_t o;
        const char *why;
        w = (unsigned)(rnd() % c.warps);
        i = rnd_legal(&c, &s, w);
        if (rnd() % 4 == 0)
            i = nop();
        hct_cct_heap_eval(&c, &s, &i, &o);
        CHECK_EQ(o.err, 0);
        if (o.act < 11)
            cnt[o.act]++;
        {
            st_t before = s;
            hct_cct_heap_step(&c, &s, &i, &o);
            if (!o.ready)
                CHECK(memcmp(&before, &s, sizeof s) == 0);
        }
        if (o.ready && i.op == HCH_OP_LAUNCH)
            live[w] = i.op_m1;
        if (o.ready && i.op == HCH_OP_UPDATE)
            live[w] &= ~i.op_exit;
        why = hct_cct_heap_check(&c, &s);
        if (why) {
            printf("  cycle %u: %s\n", n, why);
            check_failed_in_test = 1;
            return;
        }
        for (w = 0; w < c.warps; w++) {
            uint64_t u = s.m1[w] | s.m2[w];
            unsigned p = s.head[w], len = hct_cct_heap_list_len(&c, &s, w), j;
            for (j = 0; j < len; j++, p = s.nxt[p])
                u |= s.cmask[p];
            if (u != live[w]) {
                printf("  cycle %u: warp %u holds %llx, live %llx\n", n, w,
                       (unsigned long long)u, (unsigned long long)live[w]);
                check_failed_in_test = 1;
                return;
            }
        }
    }
    printf("  acts:");
    for (n = 0; n < 11; n++)
        printf(" %s=%u", hct_cct_heap_act_name(n), cnt[n]);
    printf("\n");
    /* the sequence reached every kind of operation */
    for (n = HCH_ACT_LAUNCH; n <= HCH_ACT_JOIN; n++) {
        if (!cnt[n])
            printf("  act %s never happened\n", hct_cct_heap_act_name(n));
        CHECK(cnt[n] > 0);
    }
}

/* The read port alone (hct_cct_heap_read, what the SM model probes) equals
 * the rd_* outputs of hct_cct_heap_eval for the same state and read inputs,
 * whatever the operation, at every cycle of a random legal sequence: rows
 * in and out of range, inputs with bits above their port widths, selective
 * synchronisation on and off; the other outputs are not touched. */
TEST(test_read_port_equals_eval)
{
    cfg_t c = hct_cct_heap_default_cfg();
    st_t s;
    unsigned n, q, runs = 0, held = 0;
    c.warps = 6; /* WARP_W 3: rows 6 and 7 are out of range */
    c.lanes = 16;
    c.cct = 10;
    c.pc_bits = 8;
    hct_cct_heap_reset(&c, &s);
    for (n = 0; n < 20000; n++) {
        in_t i = rnd_legal(&c, &s, (unsigned)(rnd() % c.warps));
        out_t o, r;
        if (rnd() % 4 == 0)
            i = nop();
        for (q = 0; q < 4; q++) {
            i.rd_warp = rnd() % 8 + (q == 3 ? (rnd() % 4) << 3 : 0);
            i.rd_sync = rnd() % 2 + (q == 2 ? 2 * (rnd() % 2) : 0);
            i.rd_pc_div = rnd() % 64 + (q == 1 ? (rnd() % 4) << 8 : 0);
            hct_cct_heap_eval(&c, &s, &i, &o);
            memset(&r, 0xA5, sizeof r);
            hct_cct_heap_read(&c, &s, i.rd_warp, i.rd_sync, i.rd_pc_div, &r);
            CHECK_EQ(r.rd_v1, o.rd_v1);
            CHECK_EQ(r.rd_pc1, o.rd_pc1);
            CHECK_EQ(r.rd_m1, o.rd_m1);
            CHECK_EQ(r.rd_v2, o.rd_v2);
            CHECK_EQ(r.rd_pc2, o.rd_pc2);
            CHECK_EQ(r.rd_m2, o.rd_m2);
            CHECK_EQ(r.rd_run2, o.rd_run2);
            CHECK_EQ(r.rd_cold, o.rd_cold);
            CHECK_EQ(r.rd_degraded, o.rd_degraded);
            CHECK_EQ(r.ready, 0xA5A5A5A5A5A5A5A5ull);
            CHECK_EQ(r.free_cnt, 0xA5A5A5A5A5A5A5A5ull);
            if (check_failed_in_test) {
                printf("  cycle %u, query %u: rd_warp %llx rd_sync %llx rd_pc_div %llx\n", n, q,
                       (unsigned long long)i.rd_warp, (unsigned long long)i.rd_sync,
                       (unsigned long long)i.rd_pc_div);
                return;
            }
            runs += o.rd_v2 && o.rd_run2;
            held += o.rd_v2 && !o.rd_run2;
        }
        hct_cct_heap_step(&c, &s, &i, &o);
    }
    /* the secondary was both released and held by selective sync */
    CHECK(runs > 0 && held > 0);
}

TEST(test_check_catches_corruption)
{
    cfg_t c = hct_cct_heap_default_cfg();
    st_t s, t;
    hct_cct_heap_reset(&c, &s);
    CYC(&c, &s, launch(0, A, m("11111111")), HCH_ACT_LAUNCH);
    CYC(&c, &s, upd(0, B, m("1"), C, m("011"), D, m("00011111"), 0), HCH_ACT_PUSH);
    CYC(&c, &s, upd(0, B, m("1"), C, m("01"), E, m("001"), 0), HCH_ACT_PUSH);
    drain(&c, &s);
    EXPECT_LIST(&c, &s, 0, D, m("00011111"), E, m("001"));
    CHECK(hct_cct_heap_check(&c, &s) == NULL);
    t = s;
    t.pc2[0] = A; /* HCT order */
    CHECK(hct_cct_heap_check(&c, &t) != NULL);
    t = s;
    t.m2[0] |= 1; /* overlapping masks */
    CHECK(hct_cct_heap_check(&c, &t) != NULL);
    t = s;
    t.free_cnt--; /* an entry leaked */
    CHECK(hct_cct_heap_check(&c, &t) != NULL);
    t = s;
    t.nxt[t.head[0]] = t.head[0]; /* a cycle */
    CHECK(hct_cct_heap_check(&c, &t) != NULL);
    t = s;
    t.s_busy = 0;
    t.cpc[t.head[0]] = 0x900; /* unsorted and not dirty */
    CHECK(hct_cct_heap_check(&c, &t) != NULL);
    t = s;
    t.hv[0] = 0; /* the list is lost */
    CHECK(hct_cct_heap_check(&c, &t) != NULL);
}

TEST(test_trace_and_ports)
{
    cfg_t c = hct_cct_heap_default_cfg();
    st_t s;
    in_t i = launch(0, A, 1);
    out_t o;
    vcd_writer *w = vcd_open("out/test_hct_cct_heap.vcd", "1ns");
    unsigned t;
    CHECK(w != NULL);
    if (!w)
        return;
    hct_cct_heap_reset(&c, &s);
    for (t = 0; t < 4; t++) {
        hct_cct_heap_eval(&c, &s, &i, &o);
        vcd_time(w, t);
        hct_cct_heap_trace(w, &c, &s, &i, &o);
        hct_cct_heap_step(&c, &s, &i, &o);
        i = nop();
    }
    CHECK(vcd_close(w) == 0);
    CHECK_EQ(strcmp(hct_cct_heap_act_name(HCH_ACT_EXCH_DEG), "EXCH_DEG"), 0);
    CHECK_EQ(strcmp(hct_cct_heap_err_name(HCH_ERR_BAD_PART), "BAD_PART"), 0);
    CHECK_EQ(strcmp(hct_cct_heap_act_name(99), "?"), 0);
}

int main(int argc, char **argv)
{
    test_args(argc, argv);
    test_needs_out(argv[0]);
    RUN(test_cfg_and_bits);
    RUN(test_reset_free_list);
    RUN(test_network_orderings_merges_invalid);
    RUN(test_illegal_input);
    RUN(test_cct_insertion_in_order);
    RUN(test_degraded_mode_and_pop_order);
    RUN(test_degraded_push_counts);
    RUN(test_sorter_interleaved_with_pops);
    RUN(test_loop_exit_joins_cold_head);
    RUN(test_sorter_merge_waits_for_free_list);
    RUN(test_cpc2_not_second_smallest_sync_waits);
    RUN(test_walk_worst_case);
    RUN(test_pop_into_slot2_and_exchange);
    RUN(test_pop_into_slot1_when_hot_exit);
    RUN(test_cct_full_backpressure);
    RUN(test_fig4_case1_suspended);
    RUN(test_fig4_case2_parallel);
    RUN(test_random_conservation);
    RUN(test_read_port_equals_eval);
    RUN(test_check_catches_corruption);
    RUN(test_trace_and_ports);
    return test_summary();
}
