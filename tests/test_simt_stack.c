/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_simt_stack.c -- golden and unit tests of the single-path stack
 * (rtl_c/simt_stack).  The whole stack of the warp is asserted after every
 * event of the worked examples.  Masks are written as in the papers, thread
 * t0 first: "1110" is threads 0,1,2.
 */
#include <string.h>

#include "../rtl_c/bits.h"
#include "../rtl_c/simt_rule.h"
#include "../rtl_c/simt_stack.h"
#include "check.h"

/* "1110" (t0 first) -> 0x7 */
typedef struct {
    uint64_t pc;
    const char *mask;
    uint64_t rpc;
} ent;

/* Asserts depth and every entry, bottom first. */
#define EXPECT_STACK(s, w, ...)                                                        \
    do {                                                                               \
        const ent exp_[] = {__VA_ARGS__};                                              \
        unsigned n_ = sizeof exp_ / sizeof exp_[0], i_;                                \
        CHECK_EQ((s)->sp[w], n_);                                                      \
        for (i_ = 0; i_ < n_ && i_ < (s)->sp[w]; i_++) {                               \
            CHECK_EQ((s)->ent[w][i_].pc, exp_[i_].pc);                                 \
            CHECK_EQ((s)->ent[w][i_].mask, m(exp_[i_].mask));                          \
            CHECK_EQ((s)->ent[w][i_].rpc, exp_[i_].rpc);                               \
        }                                                                              \
    } while (0)

enum { A = 0x100, B = 0x200, C = 0x300, D = 0x400, E = 0x500, F = 0x600, G = 0x700, X = 0x800 };

static simt_stack_cfg small_cfg(void)
{
    simt_stack_cfg c = simt_stack_default_cfg();
    c.warps = 4;
    c.lanes = 4;
    return c;
}

/* Applies one op (eval, then the clock edge); returns the outputs. */
static simt_stack_out apply(const simt_stack_cfg *c, simt_stack_state *s, unsigned op, unsigned w,
                            uint64_t mask, uint64_t pc, uint64_t npc, uint64_t rpc)
{
    simt_stack_in in;
    simt_stack_out o;
    const char *why;
    memset(&in, 0, sizeof in);
    in.op = op;
    in.op_warp = w;
    in.op_mask = mask;
    in.op_pc = pc;
    in.op_npc = npc;
    in.op_rpc = rpc;
    simt_stack_eval(c, s, &in, &o);
    simt_stack_step(c, s, &in, &o);
    why = simt_stack_check(c, s);
    if (why)
        printf("  invariant: %s\n", why);
    CHECK(why == NULL);
    return o;
}

static simt_stack_out launch(const simt_stack_cfg *c, simt_stack_state *s, unsigned w,
                             const char *mask, uint64_t pc, uint64_t exit_pc)
{
    return apply(c, s, SIMT_OP_LAUNCH, w, m(mask), pc, 0, exit_pc);
}

static simt_stack_out branch(const simt_stack_cfg *c, simt_stack_state *s, unsigned w,
                             const char *taken, uint64_t pc, uint64_t npc, uint64_t rpc)
{
    return apply(c, s, SIMT_OP_BRANCH, w, m(taken), pc, npc, rpc);
}

/* A non-branch instruction or uniform jump: every TOS thread goes to pc. */
static simt_stack_out go(const simt_stack_cfg *c, simt_stack_state *s, unsigned w, uint64_t pc)
{
    return apply(c, s, SIMT_OP_BRANCH, w, 0, 0, pc, 0);
}

/* 000 Fig. 5: A diverges 1110->B / 0001->F (rpc G); B diverges 1000->C /
 * 0110->D (rpc E); C and D reconverge at E, E and F at G. */
TEST(fig5_000_golden)
{
    simt_stack_cfg c = small_cfg();
    simt_stack_state s;
    simt_stack_reset(&c, &s);

    CHECK_EQ(launch(&c, &s, 1, "1111", A, X).act, SIMT_ACT_LAUNCH);
    EXPECT_STACK(&s, 1, {A, "1111", X});

    CHECK_EQ(branch(&c, &s, 1, "1110", B, F, G).act, SIMT_ACT_DIVERGE);
    EXPECT_STACK(&s, 1, {G, "1111", X}, {F, "0001", G}, {B, "1110", G});

    /* Fig. 5(c) -> (d): TOS next PC := E, push D (0110) then C (1000) */
    CHECK_EQ(branch(&c, &s, 1, "1000", C, D, E).act, SIMT_ACT_DIVERGE);
    EXPECT_STACK(&s, 1, {G, "1111", X}, {F, "0001", G}, {E, "1110", G}, {D, "0110", E},
                 {C, "1000", E});

    CHECK_EQ(go(&c, &s, 1, C + 4).act, SIMT_ACT_ADVANCE); /* C runs on */
    EXPECT_STACK(&s, 1, {G, "1111", X}, {F, "0001", G}, {E, "1110", G}, {D, "0110", E},
                 {C + 4, "1000", E});
    CHECK_EQ(go(&c, &s, 1, E).act, SIMT_ACT_POP); /* C reaches E */
    EXPECT_STACK(&s, 1, {G, "1111", X}, {F, "0001", G}, {E, "1110", G}, {D, "0110", E});
    CHECK_EQ(go(&c, &s, 1, E).act, SIMT_ACT_POP); /* D reaches E: Fig. 5(e) */
    EXPECT_STACK(&s, 1, {G, "1111", X}, {F, "0001", G}, {E, "1110", G});
    CHECK_EQ(go(&c, &s, 1, G).act, SIMT_ACT_POP); /* E reaches G */
    EXPECT_STACK(&s, 1, {G, "1111", X}, {F, "0001", G});
    CHECK_EQ(go(&c, &s, 1, G).act, SIMT_ACT_POP); /* F reaches G */
    EXPECT_STACK(&s, 1, {G, "1111", X});
    CHECK_EQ(go(&c, &s, 1, X).act, SIMT_ACT_POP); /* G reaches the exit */
    CHECK_EQ(s.sp[1], 0);
    CHECK_EQ(s.sp[0] + s.sp[2] + s.sp[3], 0); /* other warps untouched */
}

/* SPEC 3.2's CFG on the SPE stack: B, then C, D, E, F, G, one path at a time. */
TEST(spec32_example_on_spe)
{
    simt_stack_cfg c = small_cfg();
    simt_stack_state s;
    simt_stack_reset(&c, &s);

    launch(&c, &s, 0, "1111", A, X);
    EXPECT_STACK(&s, 0, {A, "1111", X});
    CHECK_EQ(branch(&c, &s, 0, "1100", B, C, G).act, SIMT_ACT_DIVERGE);
    EXPECT_STACK(&s, 0, {G, "1111", X}, {C, "0011", G}, {B, "1100", G});
    CHECK_EQ(go(&c, &s, 0, G).act, SIMT_ACT_POP); /* B done */
    EXPECT_STACK(&s, 0, {G, "1111", X}, {C, "0011", G});
    CHECK_EQ(branch(&c, &s, 0, "0010", D, E, F).act, SIMT_ACT_DIVERGE);
    EXPECT_STACK(&s, 0, {G, "1111", X}, {F, "0011", G}, {E, "0001", F}, {D, "0010", F});
    CHECK_EQ(go(&c, &s, 0, F).act, SIMT_ACT_POP); /* D done */
    EXPECT_STACK(&s, 0, {G, "1111", X}, {F, "0011", G}, {E, "0001", F});
    CHECK_EQ(go(&c, &s, 0, F).act, SIMT_ACT_POP); /* E done */
    EXPECT_STACK(&s, 0, {G, "1111", X}, {F, "0011", G});
    CHECK_EQ(go(&c, &s, 0, G).act, SIMT_ACT_POP); /* F done */
    EXPECT_STACK(&s, 0, {G, "1111", X});
    CHECK_EQ(go(&c, &s, 0, X).act, SIMT_ACT_POP);
    CHECK_EQ(s.sp[0], 0);
}

/* if without else: the side already at the rpc waits in the entry below. */
TEST(if_without_else)
{
    simt_stack_cfg c = small_cfg();
    simt_stack_state s;
    simt_stack_reset(&c, &s);
    launch(&c, &s, 0, "1111", A, X);
    CHECK_EQ(branch(&c, &s, 0, "0101", B, C, C).act, SIMT_ACT_DIVERGE);
    EXPECT_STACK(&s, 0, {C, "1111", X}, {B, "0101", C});
    CHECK_EQ(go(&c, &s, 0, C).act, SIMT_ACT_POP);
    EXPECT_STACK(&s, 0, {C, "1111", X});
    /* taken side at the rpc instead */
    CHECK_EQ(branch(&c, &s, 0, "0101", D, E, D).act, SIMT_ACT_DIVERGE);
    EXPECT_STACK(&s, 0, {D, "1111", X}, {E, "1010", D});
    /* both sides at the rpc: a uniform jump */
    CHECK_EQ(branch(&c, &s, 0, "1000", F, F, F).act, SIMT_ACT_ADVANCE);
    EXPECT_STACK(&s, 0, {D, "1111", X}, {F, "1010", D});
}

/* A nested branch reconverging where its own entry does: SPLIT. */
TEST(split_when_rpc_matches_tos)
{
    simt_stack_cfg c = small_cfg();
    simt_stack_state s;
    simt_stack_reset(&c, &s);
    launch(&c, &s, 0, "1111", A, X);
    branch(&c, &s, 0, "1100", B, C, G);
    EXPECT_STACK(&s, 0, {G, "1111", X}, {C, "0011", G}, {B, "1100", G});
    CHECK_EQ(branch(&c, &s, 0, "1000", D, E, G).act, SIMT_ACT_SPLIT);
    EXPECT_STACK(&s, 0, {G, "1111", X}, {C, "0011", G}, {E, "0100", G}, {D, "1000", G});
    CHECK_EQ(go(&c, &s, 0, G).act, SIMT_ACT_POP);
    CHECK_EQ(go(&c, &s, 0, G).act, SIMT_ACT_POP);
    EXPECT_STACK(&s, 0, {G, "1111", X}, {C, "0011", G});
    /* one side at the rpc: the TOS shrinks to the other side, nothing pushed */
    CHECK_EQ(branch(&c, &s, 0, "0010", F, G, G).act, SIMT_ACT_SPLIT);
    EXPECT_STACK(&s, 0, {G, "1111", X}, {F, "0010", G});
}

/* Divergence to the kernel exit at the base: the base waits with pc == rpc
 * and goes together with the last entry above it. */
TEST(diverge_to_exit_and_finish)
{
    simt_stack_cfg c = small_cfg();
    simt_stack_state s;
    simt_stack_reset(&c, &s);
    launch(&c, &s, 2, "1111", A, X);
    CHECK_EQ(branch(&c, &s, 2, "0011", B, X, X).act, SIMT_ACT_DIVERGE); /* early return */
    EXPECT_STACK(&s, 2, {X, "1111", X}, {B, "0011", X});
    CHECK_EQ(branch(&c, &s, 2, "0010", C, D, X).act, SIMT_ACT_SPLIT);
    EXPECT_STACK(&s, 2, {X, "1111", X}, {D, "0001", X}, {C, "0010", X});
    CHECK_EQ(go(&c, &s, 2, X).act, SIMT_ACT_POP);
    EXPECT_STACK(&s, 2, {X, "1111", X}, {D, "0001", X});
    CHECK_EQ(go(&c, &s, 2, X).act, SIMT_ACT_POP); /* chained: the warp is done */
    CHECK_EQ(s.sp[2], 0);
}

static simt_stack_out exit_lanes(const simt_stack_cfg *c, simt_stack_state *s, unsigned w,
                                 const char *lanes)
{
    return apply(c, s, SIMT_OP_EXIT, w, m(lanes), 0, 0, 0);
}

/* simt_stack.h's EXIT worked example, every step asserted: a return under
 * a divergent branch whose reconvergence point (the copy's, docs/ptx.md)
 * is the staying side's target, C. */
TEST(exit_worked_example)
{
    simt_stack_cfg c = small_cfg();
    simt_stack_state s;
    simt_stack_reset(&c, &s);
    launch(&c, &s, 1, "1111", A, X);
    CHECK_EQ(branch(&c, &s, 1, "1100", B, G, G).act, SIMT_ACT_DIVERGE);
    EXPECT_STACK(&s, 1, {G, "1111", X}, {B, "1100", G});
    CHECK_EQ(branch(&c, &s, 1, "0100", D, C, C).act, SIMT_ACT_DIVERGE); /* 0100 returns at D */
    EXPECT_STACK(&s, 1, {G, "1111", X}, {C, "1100", G}, {D, "0100", C});
    CHECK_EQ(exit_lanes(&c, &s, 1, "0100").act, SIMT_ACT_POP); /* D: ret, TOS.rpc C != X */
    EXPECT_STACK(&s, 1, {G, "1011", X}, {C, "1000", G});
    CHECK_EQ(go(&c, &s, 1, G).act, SIMT_ACT_POP);
    EXPECT_STACK(&s, 1, {G, "1011", X});
    CHECK_EQ(go(&c, &s, 1, X).act, SIMT_ACT_POP);
    CHECK_EQ(s.sp[1], 0);
    /* the whole side returns: only the TOS goes, then the rest exits */
    launch(&c, &s, 1, "1111", A, X);
    branch(&c, &s, 1, "1100", B, G, G);
    CHECK_EQ(go(&c, &s, 1, D).act, SIMT_ACT_ADVANCE);
    CHECK_EQ(exit_lanes(&c, &s, 1, "1100").act, SIMT_ACT_POP);
    EXPECT_STACK(&s, 1, {G, "0011", X});
    CHECK_EQ(exit_lanes(&c, &s, 1, "0011").act, SIMT_ACT_POP);
    CHECK_EQ(s.sp[1], 0);
}

/* EXIT clears the lanes from every entry, not only the TOS; empties pop as
 * a chain; a TOS that keeps lanes stays (ADVANCE, pc unchanged); a base
 * waiting at the exit with nothing above goes; other warps are untouched. */
TEST(exit_clears_every_entry)
{
    simt_stack_cfg c = small_cfg();
    simt_stack_state s;
    simt_stack_reset(&c, &s);
    launch(&c, &s, 0, "1111", A, X);
    launch(&c, &s, 3, "1111", A, X);
    branch(&c, &s, 0, "1110", B, F, G);                 /* [G 1111][F 0001][B 1110] */
    branch(&c, &s, 0, "0100", C, D, E);                 /* [.. ][E 1110][D 1010][C 0100] */
    EXPECT_STACK(&s, 0, {G, "1111", X}, {F, "0001", G}, {E, "1110", G}, {D, "1010", E},
                 {C, "0100", E});
    CHECK_EQ(exit_lanes(&c, &s, 0, "0100").act, SIMT_ACT_POP);
    EXPECT_STACK(&s, 0, {G, "1011", X}, {F, "0001", G}, {E, "1010", G}, {D, "1010", E});
    CHECK_EQ(exit_lanes(&c, &s, 0, "1000").act, SIMT_ACT_ADVANCE); /* a part of the TOS */
    EXPECT_STACK(&s, 0, {G, "0011", X}, {F, "0001", G}, {E, "0010", G}, {D, "0010", E});
    CHECK_EQ(exit_lanes(&c, &s, 0, "0010").act, SIMT_ACT_POP); /* D and E go, F stays */
    EXPECT_STACK(&s, 0, {G, "0001", X}, {F, "0001", G});
    EXPECT_STACK(&s, 3, {A, "1111", X});
    /* a base waiting at the exit */
    launch(&c, &s, 2, "1111", A, X);
    branch(&c, &s, 2, "0011", B, X, X);
    EXPECT_STACK(&s, 2, {X, "1111", X}, {B, "0011", X});
    CHECK_EQ(exit_lanes(&c, &s, 2, "0011").act, SIMT_ACT_POP);
    CHECK_EQ(s.sp[2], 0);
}

static void expect_rejected(const simt_stack_cfg *c, simt_stack_state *s, unsigned op, unsigned w,
                            uint64_t mask, uint64_t pc, uint64_t npc, uint64_t rpc,
                            unsigned code)
{
    simt_stack_state before = *s;
    simt_stack_out o = apply(c, s, op, w, mask, pc, npc, rpc);
    CHECK_EQ(o.err, 1);
    CHECK_EQ(o.err_code, code);
    CHECK_EQ(o.act, SIMT_ACT_IDLE);
    CHECK_EQ(o.ready, 1);
    CHECK(memcmp(&before, s, sizeof before) == 0);
}

TEST(illegal_input_raises_err_and_changes_nothing)
{
    simt_stack_cfg c = small_cfg();
    simt_stack_state s;
    c.warps = 3; /* the 2-bit warp port can then name a warp that is not there */
    simt_stack_reset(&c, &s);
    launch(&c, &s, 0, "1100", A, X);
    /* EXIT: op 3, illegal before it (BAD_OP); its own illegal forms */
    expect_rejected(&c, &s, SIMT_OP_EXIT, 2, m("1000"), 0, 0, 0, SIMT_ERR_WARP_IDLE);
    expect_rejected(&c, &s, SIMT_OP_EXIT, 3, m("1000"), 0, 0, 0, SIMT_ERR_BAD_WARP);
    expect_rejected(&c, &s, SIMT_OP_EXIT, 0, 0, 0, 0, 0, SIMT_ERR_BAD_MASK);
    expect_rejected(&c, &s, SIMT_OP_EXIT, 0, m("1110"), 0, 0, 0, SIMT_ERR_BAD_MASK);
    expect_rejected(&c, &s, SIMT_OP_LAUNCH, 3, m("1111"), A, 0, X, SIMT_ERR_BAD_WARP);
    expect_rejected(&c, &s, SIMT_OP_BRANCH, 3, 0, 0, B, 0, SIMT_ERR_BAD_WARP);
    expect_rejected(&c, &s, SIMT_OP_BRANCH, 2, 0, 0, B, 0, SIMT_ERR_WARP_IDLE);
    expect_rejected(&c, &s, SIMT_OP_LAUNCH, 0, m("1111"), A, 0, X, SIMT_ERR_WARP_BUSY);
    expect_rejected(&c, &s, SIMT_OP_LAUNCH, 1, 0, A, 0, X, SIMT_ERR_BAD_MASK);
    expect_rejected(&c, &s, SIMT_OP_LAUNCH, 1, m("1111"), A, 0, A, SIMT_ERR_BAD_LAUNCH);
    expect_rejected(&c, &s, SIMT_OP_BRANCH, 0, m("0110"), B, C, G, SIMT_ERR_BAD_MASK);
    /* a NOP is neither an error nor a change */
    {
        simt_stack_state before = s;
        simt_stack_out o = apply(&c, &s, SIMT_OP_NOP, 2, 0, 0, 0, 0);
        CHECK_EQ(o.err, 0);
        CHECK_EQ(o.act, SIMT_ACT_IDLE);
        CHECK(memcmp(&before, &s, sizeof s) == 0);
    }
}

TEST(overflow_pushes_back)
{
    simt_stack_cfg c = small_cfg();
    simt_stack_state s, before;
    simt_stack_out o;
    c.depth = 3;
    simt_stack_reset(&c, &s);
    launch(&c, &s, 0, "1111", A, X);
    branch(&c, &s, 0, "1100", B, C, G); /* depth 3: full */
    before = s;
    o = branch(&c, &s, 0, "1000", D, E, F); /* needs 2 more */
    CHECK_EQ(o.ready, 0);
    CHECK_EQ(o.err, 0);
    CHECK_EQ(o.act, SIMT_ACT_STALL);
    CHECK(memcmp(&before, &s, sizeof s) == 0);
    /* a SPLIT needs one more: still full */
    o = branch(&c, &s, 0, "1000", D, E, G);
    CHECK_EQ(o.ready, 0);
    CHECK(memcmp(&before, &s, sizeof s) == 0);
    /* with one side at the rpc the SPLIT needs none: accepted */
    o = branch(&c, &s, 0, "1000", D, G, G);
    CHECK_EQ(o.ready, 1);
    CHECK_EQ(o.act, SIMT_ACT_SPLIT);
    EXPECT_STACK(&s, 0, {G, "1111", X}, {C, "0011", G}, {D, "1000", G});
}

TEST(read_port)
{
    simt_stack_cfg c = small_cfg();
    simt_stack_state s;
    simt_stack_in in;
    simt_stack_out o;
    simt_stack_reset(&c, &s);
    launch(&c, &s, 3, "1111", A, X);
    branch(&c, &s, 3, "1110", B, F, G);
    memset(&in, 0, sizeof in);
    in.rd_warp = 3;
    in.op_warp = 3;
    in.rd_idx = 0;
    simt_stack_eval(&c, &s, &in, &o);
    CHECK_EQ(o.rd_valid, 1);
    CHECK_EQ(o.rd_depth, 3);
    CHECK_EQ(o.op_depth, 3);
    CHECK_EQ(o.rd_pc, B);
    CHECK_EQ(o.rd_mask, m("1110"));
    CHECK_EQ(o.rd_rpc, G);
    in.rd_idx = 2;
    simt_stack_eval(&c, &s, &in, &o);
    CHECK_EQ(o.rd_pc, G);
    CHECK_EQ(o.rd_rpc, X);
    in.rd_idx = 3; /* beyond the depth */
    simt_stack_eval(&c, &s, &in, &o);
    CHECK_EQ(o.rd_valid, 0);
    CHECK_EQ(o.rd_pc, 0);
    CHECK_EQ(o.rd_mask, 0);
    in.rd_warp = 5; /* out of range (port is 2 bits wide at 4 warps: 5 -> 1) */
    simt_stack_eval(&c, &s, &in, &o);
    CHECK_EQ(o.rd_depth, 0);
}

TEST(cfg_check_names_the_field)
{
    simt_stack_cfg c = simt_stack_default_cfg();
    CHECK(simt_stack_cfg_check(&c) == NULL);
    CHECK_EQ(c.warps, 48);
    CHECK_EQ(c.lanes, 32);
    CHECK_EQ(c.depth, 16);
    CHECK_EQ(c.pc_bits, 32);
    c.warps = 0;
    CHECK(simt_stack_cfg_check(&c) && strstr(simt_stack_cfg_check(&c), "warps"));
    c = simt_stack_default_cfg();
    c.lanes = 65;
    CHECK(simt_stack_cfg_check(&c) && strstr(simt_stack_cfg_check(&c), "lanes"));
    c = simt_stack_default_cfg();
    c.depth = 33;
    CHECK(simt_stack_cfg_check(&c) && strstr(simt_stack_cfg_check(&c), "depth"));
    c = simt_stack_default_cfg();
    c.pc_bits = 1;
    CHECK(simt_stack_cfg_check(&c) && strstr(simt_stack_cfg_check(&c), "pc_bits"));
}

/* The invariant checker must be able to fail. */
TEST(check_catches_corruption)
{
    simt_stack_cfg c = small_cfg();
    simt_stack_state s, good;
    simt_stack_reset(&c, &s);
    launch(&c, &s, 0, "1111", A, X);
    branch(&c, &s, 0, "1100", B, C, G);
    good = s;
    CHECK(simt_stack_check(&c, &s) == NULL);
    s.ent[0][2].mask |= m("0010"); /* siblings overlap */
    CHECK(simt_stack_check(&c, &s) != NULL);
    s = good;
    s.ent[0][0].mask = m("1110"); /* children not within the parent */
    CHECK(simt_stack_check(&c, &s) != NULL);
    s = good;
    s.ent[0][2].pc = G; /* pc == rpc left on the stack */
    CHECK(simt_stack_check(&c, &s) != NULL);
    s = good;
    s.ent[0][1].mask = 0; /* empty entry */
    CHECK(simt_stack_check(&c, &s) != NULL);
    s = good;
    s.sp[1] = 17; /* beyond DEPTH */
    CHECK(simt_stack_check(&c, &s) != NULL);
}

/* Random legal and illegal traffic on a small stack; invariants and thread
 * conservation (base entry = launched mask less the lanes that exited; an
 * exited lane in no entry) after every step. */
TEST(random_traffic_keeps_invariants)
{
    simt_stack_cfg c = small_cfg();
    simt_stack_state s;
    uint64_t launched[4] = {0, 0, 0, 0}, x = 12345;
    unsigned i, bad = 0, stalls = 0, pops = 0, maxd = 0, exits = 0;
    c.lanes = 8;
    c.depth = 5;
    simt_stack_reset(&c, &s);
    for (i = 0; i < 200000u && bad < 5; i++) {
        simt_stack_in in;
        simt_stack_out o;
        simt_stack_state before = s;
        unsigned w;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        memset(&in, 0, sizeof in);
        w = (unsigned)(x & 3u);
        in.op = s.sp[w] ? SIMT_OP_BRANCH : SIMT_OP_LAUNCH;
        if ((x >> 8) % 50u == 0)
            in.op = (x >> 20) & 3u;
        in.op_warp = w;
        in.op_mask = (x >> 24) & 0xffu;
        if (s.sp[w] && (x >> 40) % 4u)
            in.op_mask &= s.ent[w][s.sp[w] - 1u].mask;
        in.op_pc = 4u * ((x >> 32) % 6u);
        in.op_npc = 4u * ((x >> 36) % 6u);
        in.op_rpc = 4u * ((x >> 44) % 6u);
        simt_stack_eval(&c, &s, &in, &o);
        simt_stack_step(&c, &s, &in, &o);
        if (o.err || !o.ready)
            bad += memcmp(&before, &s, sizeof s) != 0;
        stalls += !o.ready;
        pops += o.act == SIMT_ACT_POP;
        if (s.sp[w] > maxd)
            maxd = s.sp[w];
        if (simt_stack_check(&c, &s) != NULL) {
            printf("  step %u: %s\n", i, simt_stack_check(&c, &s));
            bad++;
        }
        if (before.sp[w] == 0 && s.sp[w] != 0)
            launched[w] = s.ent[w][0].mask;
        if (in.op == SIMT_OP_EXIT && !o.err) { /* its lanes left the warp */
            exits++;
            launched[w] &= ~in.op_mask;
            for (unsigned e = 0; e < s.sp[w]; e++)
                bad += (s.ent[w][e].mask & in.op_mask) != 0;
        }
        if (s.sp[w] != 0 && s.ent[w][0].mask != launched[w])
            bad++;
        if (before.sp[w] != 0 && s.sp[w] == 0 && o.act != SIMT_ACT_POP)
            bad++;
    }
    CHECK_EQ(bad, 0);
    CHECK(stalls > 0);
    CHECK(pops > 1000);
    CHECK(exits > 100);
    CHECK_EQ(maxd, 5);
}

/* A full stack of the largest DEPTH: the step writes two entries every
 * cycle, a push that does not happen going above the depth (at worst to
 * the spare entry past MAX_DEPTH); the next warp's entries never change,
 * and a divergence that needs an entry stalls. */
TEST(full_stack_writes_stay_in_the_warp)
{
    simt_stack_cfg c = simt_stack_default_cfg();
    simt_stack_state s, before;
    uint64_t mask = ~(uint64_t)0;
    unsigned i;
    c.warps = 2;
    c.lanes = 64;
    c.depth = SIMT_STACK_MAX_DEPTH;
    simt_stack_reset(&c, &s);
    CHECK_EQ(apply(&c, &s, SIMT_OP_LAUNCH, 0, mask, 0x10, 0, 0xFFF0).act, SIMT_ACT_LAUNCH);
    CHECK_EQ(apply(&c, &s, SIMT_OP_LAUNCH, 1, 1, 0x20, 0, 0xFFF0).act, SIMT_ACT_LAUNCH);
    /* one thread leaves at each level (an if without else: only the taken
     * side is pushed), nested rpcs, until the stack is full */
    for (i = 1; i < SIMT_STACK_MAX_DEPTH; i++) {
        mask &= ~bits_lowest(mask);
        CHECK_EQ(apply(&c, &s, SIMT_OP_BRANCH, 0, mask, 0x100 + 0x10 * i, 0x1000 + 0x10 * i,
                       0x1000 + 0x10 * i)
                     .act,
                 SIMT_ACT_DIVERGE);
    }
    CHECK_EQ(s.sp[0], SIMT_STACK_MAX_DEPTH);
    /* uniform at the full depth: the unused second write goes to the spare */
    CHECK_EQ(apply(&c, &s, SIMT_OP_BRANCH, 0, 0, 0x7000, 0x5000, 0).act, SIMT_ACT_ADVANCE);
    CHECK_EQ(s.ent[0][SIMT_STACK_MAX_DEPTH - 1].pc, 0x5000);
    CHECK_EQ(s.sp[0], SIMT_STACK_MAX_DEPTH);
    CHECK_EQ(s.sp[1], 1);
    CHECK_EQ(s.ent[1][0].pc, 0x20);
    CHECK_EQ(s.ent[1][0].mask, 1);
    CHECK_EQ(s.ent[1][0].rpc, 0xFFF0);
    /* a divergence needs an entry: it stalls and changes nothing */
    before = s;
    mask = s.ent[0][SIMT_STACK_MAX_DEPTH - 1].mask;
    CHECK_EQ(apply(&c, &s, SIMT_OP_BRANCH, 0, mask & ~bits_lowest(mask), 0x8000, 0x9000, 0xA000)
                 .act,
             SIMT_ACT_STALL);
    CHECK(memcmp(&before, &s, sizeof s) == 0);
}

/* The `twoexit` loop of docs/ptx.md on 8 threads: LOOP at 2, `@p1 bra
 * LOOP` at 6 whose fall-through is `bra DONE` at 7, rpc DONE = 8; thread t
 * leaves after t + 1 rounds.  Each round's leavers merge into entry 1
 * (act MERGE): the depth stays 3, where without merging (MERGE = 0) it
 * grows by one a round until the stack is full and the branch stalls. */
enum { TX_LOOP = 2, TX_BR = 6, TX_SHORT = 7, TX_DONE = 8, TX_EXIT = 9 };

/* threads t..7 as a mask written t0 first */
static const char *tx_from(unsigned t)
{
    static const char *const v[] = {"11111111", "01111111", "00111111", "00011111",
                                    "00001111", "00000111", "00000011", "00000001",
                                    "00000000"};
    return v[t];
}

TEST(merge_twoexit_stays_bounded)
{
    simt_stack_cfg c = small_cfg();
    simt_stack_state s;
    unsigned r;
    c.lanes = 8;
    c.depth = 4;
    CHECK_EQ(c.merge, 1); /* the default */
    simt_stack_reset(&c, &s);
    launch(&c, &s, 0, "11111111", 0, TX_EXIT);
    go(&c, &s, 0, TX_LOOP);
    go(&c, &s, 0, TX_BR);
    /* round 1: thread 0 leaves (DIVERGE: a new run of rpc DONE) */
    CHECK_EQ(branch(&c, &s, 0, tx_from(1), TX_LOOP, TX_SHORT, TX_DONE).act, SIMT_ACT_DIVERGE);
    EXPECT_STACK(&s, 0, {TX_DONE, "11111111", TX_EXIT}, {TX_SHORT, "10000000", TX_DONE},
                 {TX_LOOP, "01111111", TX_DONE});
    for (r = 2; r <= 7; r++) {
        go(&c, &s, 0, TX_BR);
        /* thread r - 1 leaves: merged into entry 1, the retriers replace the TOS */
        CHECK_EQ(branch(&c, &s, 0, tx_from(r), TX_LOOP, TX_SHORT, TX_DONE).act, SIMT_ACT_MERGE);
        CHECK_EQ(s.sp[0], 3);
        CHECK_EQ(s.ent[0][1].pc, TX_SHORT);
        CHECK_EQ(s.ent[0][1].mask, 0xFFu >> (8u - r)); /* threads 0..r-1 */
        CHECK_EQ(s.ent[0][1].rpc, TX_DONE);
        CHECK_EQ(s.ent[0][2].pc, TX_LOOP);
        CHECK_EQ(s.ent[0][2].mask, 0xFFu & ~(0xFFu >> (8u - r)));
    }
    EXPECT_STACK(&s, 0, {TX_DONE, "11111111", TX_EXIT}, {TX_SHORT, "11111110", TX_DONE},
                 {TX_LOOP, "00000001", TX_DONE});
    /* round 8: the last thread leaves (uniform), then 7 -> DONE pops twice */
    go(&c, &s, 0, TX_BR);
    CHECK_EQ(branch(&c, &s, 0, "00000000", TX_LOOP, TX_SHORT, TX_DONE).act, SIMT_ACT_ADVANCE);
    CHECK_EQ(go(&c, &s, 0, TX_DONE).act, SIMT_ACT_POP);
    EXPECT_STACK(&s, 0, {TX_DONE, "11111111", TX_EXIT}, {TX_SHORT, "11111110", TX_DONE});
    CHECK_EQ(go(&c, &s, 0, TX_DONE).act, SIMT_ACT_POP);
    EXPECT_STACK(&s, 0, {TX_DONE, "11111111", TX_EXIT});
    CHECK_EQ(go(&c, &s, 0, TX_EXIT).act, SIMT_ACT_POP);
    CHECK_EQ(s.sp[0], 0);
}

/* MERGE = 0 is the stack as it was: each round's leaver keeps an entry
 * (SPLIT), the depth reaches DEPTH and the next round stalls. */
TEST(merge_off_splits_and_fills)
{
    simt_stack_cfg c = small_cfg();
    simt_stack_state s, before;
    unsigned r;
    c.lanes = 8;
    c.depth = 4;
    c.merge = 0;
    simt_stack_reset(&c, &s);
    launch(&c, &s, 0, "11111111", 0, TX_EXIT);
    go(&c, &s, 0, TX_BR);
    CHECK_EQ(branch(&c, &s, 0, tx_from(1), TX_LOOP, TX_SHORT, TX_DONE).act, SIMT_ACT_DIVERGE);
    go(&c, &s, 0, TX_BR);
    CHECK_EQ(branch(&c, &s, 0, tx_from(2), TX_LOOP, TX_SHORT, TX_DONE).act, SIMT_ACT_SPLIT);
    EXPECT_STACK(&s, 0, {TX_DONE, "11111111", TX_EXIT}, {TX_SHORT, "10000000", TX_DONE},
                 {TX_SHORT, "01000000", TX_DONE}, {TX_LOOP, "00111111", TX_DONE});
    r = 3;
    go(&c, &s, 0, TX_BR);
    before = s;
    CHECK_EQ(branch(&c, &s, 0, tx_from(r), TX_LOOP, TX_SHORT, TX_DONE).act, SIMT_ACT_STALL);
    CHECK(memcmp(&before, &s, sizeof s) == 0);
}

/* The merge finds its entry past a sibling with another pc (the early
 * return of histo8's CAS loop sits between them), not only right below
 * the TOS; the nearest matching entry of the run. */
/* A run of three on warp 0 (histo8's CAS loop, 4 threads): A: 0111->B
 * (the loop), 1000->F (the short exit), rpc G; B: 0011->C, 0100->E (the
 * early return), rpc G, a SPLIT (nothing waits at E). */
static void run_of_three(const simt_stack_cfg *c, simt_stack_state *s)
{
    simt_stack_reset(c, s);
    launch(c, s, 0, "1111", A, X);
    CHECK_EQ(branch(c, s, 0, "0111", B, F, G).act, SIMT_ACT_DIVERGE);
    CHECK_EQ(branch(c, s, 0, "0011", C, E, G).act, SIMT_ACT_SPLIT);
    EXPECT_STACK(s, 0, {G, "1111", X}, {F, "1000", G}, {E, "0100", G}, {C, "0011", G});
}

TEST(merge_past_a_sibling_with_another_pc)
{
    simt_stack_cfg c = small_cfg();
    simt_stack_state s;
    run_of_three(&c, &s);
    /* C: 0001->B, 0010->F: F is two entries down, past E */
    CHECK_EQ(branch(&c, &s, 0, "0001", B, F, G).act, SIMT_ACT_MERGE);
    EXPECT_STACK(&s, 0, {G, "1111", X}, {F, "1010", G}, {E, "0100", G}, {B, "0001", G});
}

/* No merge across the run's boundary: an entry with the same {pc, rpc}
 * below an entry of another rpc (the run's parent) is not a sibling. */
TEST(merge_stops_at_the_run_boundary)
{
    simt_stack_cfg c = small_cfg();
    simt_stack_state s;
    c.lanes = 8;
    simt_stack_reset(&c, &s);
    launch(&c, &s, 0, "11111111", A, X);
    /* A: 01111111->B, 10000000->F, rpc G */
    CHECK_EQ(branch(&c, &s, 0, "01111111", B, F, G).act, SIMT_ACT_DIVERGE);
    /* B: 00111111->C, 01000000->D, rpc E (nested: a new run) */
    CHECK_EQ(branch(&c, &s, 0, "00111111", C, D, E).act, SIMT_ACT_DIVERGE);
    /* C: 00011111->F, 00100000->D, rpc E: D merges (same run) */
    CHECK_EQ(branch(&c, &s, 0, "00011111", F, D, E).act, SIMT_ACT_MERGE);
    EXPECT_STACK(&s, 0, {G, "11111111", X}, {F, "10000000", G}, {E, "01111111", G},
                 {D, "01100000", E}, {F, "00011111", E});
    /* F (rpc E): 00001111->C, 00010000->F with rpc G?  No: rpc E; a fall-
     * through to F with rpc E finds no F in its run (entry 1's F has rpc
     * G, below the boundary at entry 2): a SPLIT */
    CHECK_EQ(branch(&c, &s, 0, "00001111", C, F, E).act, SIMT_ACT_SPLIT);
    EXPECT_STACK(&s, 0, {G, "11111111", X}, {F, "10000000", G}, {E, "01111111", G},
                 {D, "01100000", E}, {F, "00010000", E}, {C, "00001111", E});
    /* a nested run of rpc G again (C: 00000111->B, 00001000->F, rpc G is
     * a DIVERGE: rpc != E) */
    CHECK_EQ(branch(&c, &s, 0, "00000111", B, F, G).act, SIMT_ACT_DIVERGE);
    CHECK_EQ(s.sp[0], 8);
    /* B: 00000100->E, rpc G: entry 2 is {E, rpc G}, but below the run's
     * parent (entry 5, rpc E): no merge, a SPLIT */
    CHECK_EQ(branch(&c, &s, 0, "00000011", C, E, G).act, SIMT_ACT_SPLIT);
    EXPECT_STACK(&s, 0, {G, "11111111", X}, {F, "10000000", G}, {E, "01111111", G},
                 {D, "01100000", E}, {F, "00010000", E}, {G, "00001111", E},
                 {F, "00001000", G}, {E, "00000100", G}, {C, "00000011", G});
}

/* A merge whose taken side goes to the rpc: nothing is pushed and the TOS
 * goes away (depth -1), as a POP would take it; the taken threads wait in
 * the run's parent. */
TEST(merge_with_the_taken_side_at_rpc)
{
    simt_stack_cfg c = small_cfg();
    simt_stack_state s;
    run_of_three(&c, &s);
    /* C: 0001->G (the rpc), 0010->E: E merges, the TOS goes */
    CHECK_EQ(branch(&c, &s, 0, "0001", G, E, G).act, SIMT_ACT_MERGE);
    EXPECT_STACK(&s, 0, {G, "1111", X}, {F, "1000", G}, {E, "0110", G});
    CHECK_EQ(go(&c, &s, 0, G).act, SIMT_ACT_POP);
    CHECK_EQ(go(&c, &s, 0, G).act, SIMT_ACT_POP);
    EXPECT_STACK(&s, 0, {G, "1111", X});
}

/* A merge needs no room: at a full stack a SPLIT of two live sides stalls,
 * the same branch with a sibling at npc merges. */
TEST(merge_never_stalls)
{
    simt_stack_cfg c = small_cfg();
    simt_stack_state s;
    c.depth = 4;
    run_of_three(&c, &s); /* the stack is full */
    CHECK_EQ(branch(&c, &s, 0, "0001", B, D, G).act, SIMT_ACT_STALL);
    CHECK_EQ(branch(&c, &s, 0, "0001", B, E, G).act, SIMT_ACT_MERGE);
    EXPECT_STACK(&s, 0, {G, "1111", X}, {F, "1000", G}, {E, "0110", G}, {B, "0001", G});
}

/* The push/pop rule as the papers state it, one case after another (the
 * reference for simt_rule, which computes every case and selects by masks;
 * simt_rule.h gives the cases).  Requires sp >= 1. */
static simt_rule_dec rule_ref(unsigned depth, unsigned sp, int base_waits, uint64_t tos_rpc,
                              int t_none, int n_none, uint64_t pc, uint64_t npc, uint64_t rpc,
                              unsigned merge_at)
{
    simt_rule_dec d = {SIMT_RULE_ADVANCE, 0, 0, 0, 0, 0, sp, 0};
    const unsigned popped = base_waits ? 0u : sp - 1u;
    int jump = t_none || n_none; /* uniform: the whole TOS to one target */
    uint64_t target = t_none ? npc : pc;
    unsigned need;
    if (!jump) {
        d.first_nt = npc != rpc; /* the sides not already at the rpc */
        d.n_push = (unsigned)(npc != rpc) + (unsigned)(pc != rpc);
        jump = d.n_push == 0u; /* both at the rpc: a jump to it */
        target = rpc;
    }
    if (jump) {
        if (target == tos_rpc) {
            d.act = SIMT_RULE_POP;
            d.sp_next = popped;
        } else {
            d.wr_tos = 1;
            d.tos_pc = target;
        }
        return d;
    }
    if (rpc == tos_rpc && sp >= 2u && merge_at != 0u && npc != rpc) {
        /* merge on push: n joins entry merge_at, the taken side (if not at
         * the rpc) replaces the TOS; one entry fewer, never a stall */
        d.act = SIMT_RULE_MERGE;
        d.push_base = sp - 1u;
        d.first_nt = 0;
        d.n_push--;
        d.merge_at = merge_at;
        d.sp_next = sp - 1u + d.n_push;
        return d;
    }
    if (rpc == tos_rpc && sp >= 2u) {
        d.act = SIMT_RULE_SPLIT;
        d.push_base = sp - 1u;
        need = d.n_push - 1u;
    } else {
        d.act = SIMT_RULE_DIVERGE;
        d.wr_tos = 1;
        d.tos_pc = rpc;
        d.push_base = sp;
        need = d.n_push;
    }
    if (sp + need > depth) {
        d.act = SIMT_RULE_STALL;
        d.wr_tos = 0;
        d.n_push = 0;
        return d;
    }
    d.sp_next = sp + need;
    return d;
}

/* simt_rule (shared with lwm_subwarp) against the reference in every case:
 * depths 1..6, every sp, base waiting or not, both mask summaries, and the
 * four PCs drawn from three values (so every equality pattern occurs). */
TEST(rule_matches_reference)
{
    unsigned depth, sp, k, cases = 0;
    for (depth = 1; depth <= 6; depth++)
        for (sp = 1; sp <= depth; sp++)
            for (k = 0; k < 2u * 2u * 4u * 81u; k++) {
                const int bw = (int)(k & 1u), tn = (int)(k >> 1 & 1u), nn = (int)(k >> 2 & 1u);
                const unsigned ma = k >> 3 & 1u, v = k >> 4;
                const uint64_t trpc = v % 3u, pc = v / 3u % 3u, npc = v / 9u % 3u,
                               rpc = v / 27u % 3u;
                simt_rule_dec a, b;
                if (bw && sp != 2u)
                    continue; /* base_waits means sp == 2 */
                a = simt_rule(depth, sp, bw, trpc, tn, nn, pc, npc, rpc, ma);
                b = rule_ref(depth, sp, bw, trpc, tn, nn, pc, npc, rpc, ma);
                cases++;
                CHECK_EQ(a.act, b.act);
                CHECK_EQ(a.merge_at, b.merge_at);
                CHECK_EQ(a.sp_next, b.sp_next);
                CHECK_EQ(a.wr_tos, b.wr_tos);
                if (b.wr_tos)
                    CHECK_EQ(a.tos_pc, b.tos_pc);
                CHECK_EQ(a.n_push, b.n_push);
                if (b.n_push) {
                    CHECK_EQ(a.push_base, b.push_base);
                    CHECK_EQ(a.first_nt, b.first_nt);
                }
            }
    CHECK(cases > 10000);
}

/* simt_rule_err, the checks both stacks share, against their priority
 * order written as a chain of ifs, over every combination of the
 * conditions. */
TEST(err_priority_matches_reference)
{
    unsigned op, k;
    for (op = 0; op < 4u; op++)
        for (k = 0; k < 64u; k++) {
            const int warp_ok = (int)(k & 1u), path_bad = (int)(k >> 4 & 1u),
                      mask_out = (int)(k >> 5 & 1u);
            const unsigned sp = k >> 1 & 1u;
            const uint64_t mask = k >> 2 & 1u, pc = 5, rpc = (k >> 3 & 1u) ? 5 : 6;
            unsigned want = SIMT_RULE_ERR_NONE;
            if (op == SIMT_RULE_OP_BAD)
                want = SIMT_RULE_ERR_BAD_OP;
            else if (op != SIMT_RULE_OP_NOP && !warp_ok)
                want = SIMT_RULE_ERR_BAD_WARP;
            else if (op == SIMT_RULE_OP_LAUNCH)
                want = sp             ? SIMT_RULE_ERR_WARP_BUSY
                       : mask == 0u   ? SIMT_RULE_ERR_BAD_MASK
                       : pc == rpc    ? SIMT_RULE_ERR_BAD_LAUNCH
                                      : SIMT_RULE_ERR_NONE;
            else if (op == SIMT_RULE_OP_BRANCH)
                want = !sp       ? SIMT_RULE_ERR_WARP_IDLE
                       : path_bad ? SIMT_RULE_ERR_BAD_PATH
                       : mask_out ? SIMT_RULE_ERR_BAD_MASK
                                  : SIMT_RULE_ERR_NONE;
            CHECK_EQ(simt_rule_err(op, warp_ok, sp, mask, pc, rpc, path_bad, mask_out), want);
        }
}

int main(int argc, char **argv)
{
    test_args(argc, argv);
    RUN(fig5_000_golden);
    RUN(spec32_example_on_spe);
    RUN(if_without_else);
    RUN(split_when_rpc_matches_tos);
    RUN(diverge_to_exit_and_finish);
    RUN(exit_worked_example);
    RUN(exit_clears_every_entry);
    RUN(illegal_input_raises_err_and_changes_nothing);
    RUN(overflow_pushes_back);
    RUN(read_port);
    RUN(cfg_check_names_the_field);
    RUN(check_catches_corruption);
    RUN(random_traffic_keeps_invariants);
    RUN(full_stack_writes_stay_in_the_warp);
    RUN(merge_twoexit_stays_bounded);
    RUN(merge_off_splits_and_fills);
    RUN(merge_past_a_sibling_with_another_pc);
    RUN(merge_stops_at_the_run_boundary);
    RUN(merge_with_the_taken_side_at_rpc);
    RUN(merge_never_stalls);
    RUN(rule_matches_reference);
    RUN(err_priority_matches_reference);
    return test_summary();
}
