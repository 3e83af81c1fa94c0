/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_dpe_stack.c -- golden and unit tests of the dual-path stack
 * (rtl_c/dpe_stack).  The whole stack of the warp (depth, and every entry's
 * L and R pc/mask/valid and rpc) is asserted after every event of the worked
 * examples.  Masks are written as in the papers, thread t0 first: "1100" is
 * threads 0,1 (0x3).  A path is written {pc, "mask", '*'} when valid and
 * {pc, "mask", '-'} when not.
 */
#include <string.h>

#include "../rtl_c/bits.h"
#include "../rtl_c/dpe_stack.h"
#include "../vcd/vcd.h"
#include "check.h"

/* "1100" (t0 first) -> 0x3 */
typedef struct {
    uint64_t pc;
    const char *mask;
    char valid; /* '*' valid, '-' not */
} path;

typedef struct {
    path l, r;
    uint64_t rpc;
} ent;

/* An empty R path, as LAUNCH leaves it. */
#define NONE {0, "0000", '-'}

/* Asserts depth and every entry, bottom first. */
#define EXPECT_STACK(s, w, ...)                                                        \
    do {                                                                               \
        const ent exp_[] = {__VA_ARGS__};                                              \
        unsigned n_ = sizeof exp_ / sizeof exp_[0], i_;                                \
        CHECK_EQ((s)->sp[w], n_);                                                      \
        for (i_ = 0; i_ < n_ && i_ < (s)->sp[w]; i_++) {                               \
            CHECK_EQ((s)->ent[w][i_].p[0].pc, exp_[i_].l.pc);                                 \
            CHECK_EQ((s)->ent[w][i_].p[0].mask, m(exp_[i_].l.mask));                          \
            CHECK_EQ((s)->ent[w][i_].p[0].valid, exp_[i_].l.valid == '*');                    \
            CHECK_EQ((s)->ent[w][i_].p[1].pc, exp_[i_].r.pc);                                 \
            CHECK_EQ((s)->ent[w][i_].p[1].mask, m(exp_[i_].r.mask));                          \
            CHECK_EQ((s)->ent[w][i_].p[1].valid, exp_[i_].r.valid == '*');                    \
            CHECK_EQ((s)->ent[w][i_].rpc, exp_[i_].rpc);                                   \
        }                                                                              \
    } while (0)

enum { A = 0x100, B = 0x200, C = 0x300, D = 0x400, E = 0x500, F = 0x600, G = 0x700, X = 0x800 };
enum { L = DPE_SIDE_L, R = DPE_SIDE_R };

static dpe_stack_cfg small_cfg(void)
{
    dpe_stack_cfg c = dpe_stack_default_cfg();
    c.warps = 4;
    c.lanes = 4;
    return c;
}

/* Applies one op (eval, then the clock edge); returns the outputs. */
static dpe_stack_out apply(const dpe_stack_cfg *c, dpe_stack_state *s, unsigned op, unsigned w,
                           unsigned side, uint64_t mask, uint64_t pc, uint64_t npc, uint64_t rpc)
{
    dpe_stack_in in;
    dpe_stack_out o;
    const char *why;
    memset(&in, 0, sizeof in);
    in.op = op;
    in.op_warp = w;
    in.op_side = side;
    in.op_mask = mask;
    in.op_pc = pc;
    in.op_npc = npc;
    in.op_rpc = rpc;
    dpe_stack_eval(c, s, &in, &o);
    dpe_stack_step(c, s, &in, &o);
    why = dpe_stack_check(c, s);
    if (why)
        printf("  invariant: %s\n", why);
    CHECK(why == NULL);
    return o;
}

static dpe_stack_out launch(const dpe_stack_cfg *c, dpe_stack_state *s, unsigned w,
                            const char *mask, uint64_t pc, uint64_t exit_pc)
{
    return apply(c, s, DPE_OP_LAUNCH, w, 0, m(mask), pc, 0, exit_pc);
}

static dpe_stack_out branch(const dpe_stack_cfg *c, dpe_stack_state *s, unsigned w,
                            unsigned side, const char *taken, uint64_t pc, uint64_t npc,
                            uint64_t rpc)
{
    return apply(c, s, DPE_OP_BRANCH, w, side, m(taken), pc, npc, rpc);
}

/* A non-branch instruction or uniform jump: every thread of path `side`
 * goes to pc. */
static dpe_stack_out go(const dpe_stack_cfg *c, dpe_stack_state *s, unsigned w, unsigned side,
                        uint64_t pc)
{
    return apply(c, s, DPE_OP_BRANCH, w, side, 0, 0, pc, 0);
}

/* act of an accepted op, with err 0 and ready 1 */
static unsigned ok_act(dpe_stack_out o)
{
    CHECK_EQ(o.err, 0);
    CHECK_EQ(o.err_code, DPE_ERR_NONE);
    CHECK_EQ(o.ready, 1);
    return (unsigned)o.act;
}

/* SPEC 3.2 / 003 Fig. 4: A (1111) branches to B (1100) and C (0011), rpc G.
 * C branches first to D (0010) and E (0001), rpc F, while B is suspended.
 * D then E reach F; B and F run interleaved; both reach G; G runs with
 * 1111 and reaches the exit. */
TEST(spec32_golden)
{
    dpe_stack_cfg c = small_cfg();
    dpe_stack_state s;
    dpe_stack_reset(&c, &s);

    CHECK_EQ(ok_act(launch(&c, &s, 1, "1111", A, X)), DPE_ACT_LAUNCH);
    EXPECT_STACK(&s, 1, {{A, "1111", '*'}, NONE, X});

    CHECK_EQ(ok_act(go(&c, &s, 1, L, A + 4)), DPE_ACT_ADVANCE); /* A runs on */
    EXPECT_STACK(&s, 1, {{A + 4, "1111", '*'}, NONE, X});

    /* Fig. 4(b): A's PC := G, push one entry with both sides */
    CHECK_EQ(ok_act(branch(&c, &s, 1, L, "1100", B, C, G)), DPE_ACT_DIVERGE);
    EXPECT_STACK(&s, 1, {{G, "1111", '*'}, NONE, X},
                 {{B, "1100", '*'}, {C, "0011", '*'}, G});

    /* B and C interleave */
    CHECK_EQ(ok_act(go(&c, &s, 1, L, B + 4)), DPE_ACT_ADVANCE);
    CHECK_EQ(ok_act(go(&c, &s, 1, R, C + 4)), DPE_ACT_ADVANCE);
    EXPECT_STACK(&s, 1, {{G, "1111", '*'}, NONE, X},
                 {{B + 4, "1100", '*'}, {C + 4, "0011", '*'}, G});

    /* Fig. 4(c): C diverges first (D 0010 taken, E 0001), rpc F; B suspended */
    CHECK_EQ(ok_act(branch(&c, &s, 1, R, "0010", D, E, F)), DPE_ACT_DIVERGE);
    EXPECT_STACK(&s, 1, {{G, "1111", '*'}, NONE, X},
                 {{B + 4, "1100", '*'}, {F, "0011", '*'}, G},
                 {{D, "0010", '*'}, {E, "0001", '*'}, F});

    /* Fig. 4(d): D reaches F and is invalidated; E still runs: no pop */
    CHECK_EQ(ok_act(go(&c, &s, 1, L, F)), DPE_ACT_RECONV);
    EXPECT_STACK(&s, 1, {{G, "1111", '*'}, NONE, X},
                 {{B + 4, "1100", '*'}, {F, "0011", '*'}, G},
                 {{F, "0010", '-'}, {E, "0001", '*'}, F});

    /* Fig. 4(e): E reaches F: pop; B and F are the two paths of the TOS */
    CHECK_EQ(ok_act(go(&c, &s, 1, R, F)), DPE_ACT_POP);
    EXPECT_STACK(&s, 1, {{G, "1111", '*'}, NONE, X},
                 {{B + 4, "1100", '*'}, {F, "0011", '*'}, G});

    /* B and F run interleaved */
    CHECK_EQ(ok_act(go(&c, &s, 1, R, F + 4)), DPE_ACT_ADVANCE);
    EXPECT_STACK(&s, 1, {{G, "1111", '*'}, NONE, X},
                 {{B + 4, "1100", '*'}, {F + 4, "0011", '*'}, G});
    CHECK_EQ(ok_act(go(&c, &s, 1, L, B + 8)), DPE_ACT_ADVANCE);
    EXPECT_STACK(&s, 1, {{G, "1111", '*'}, NONE, X},
                 {{B + 8, "1100", '*'}, {F + 4, "0011", '*'}, G});

    /* both reach G: RECONV, then POP */
    CHECK_EQ(ok_act(go(&c, &s, 1, L, G)), DPE_ACT_RECONV);
    EXPECT_STACK(&s, 1, {{G, "1111", '*'}, NONE, X},
                 {{G, "1100", '-'}, {F + 4, "0011", '*'}, G});
    CHECK_EQ(ok_act(go(&c, &s, 1, R, G)), DPE_ACT_POP);
    EXPECT_STACK(&s, 1, {{G, "1111", '*'}, NONE, X});

    /* Fig. 4(f): G runs with 1111 on the base entry */
    CHECK_EQ(ok_act(go(&c, &s, 1, L, G + 4)), DPE_ACT_ADVANCE);
    EXPECT_STACK(&s, 1, {{G + 4, "1111", '*'}, NONE, X});

    /* G reaches the exit: the stack empties, the warp is done */
    CHECK_EQ(ok_act(go(&c, &s, 1, L, X)), DPE_ACT_POP);
    CHECK_EQ(s.sp[1], 0);
    CHECK_EQ(s.sp[0] + s.sp[2] + s.sp[3], 0); /* other warps untouched */
}

/* if without else: the side already at the rpc is pushed invalid, keeping
 * its mask; the branch on it is rejected; the entry pops when the other
 * side arrives. */
TEST(if_without_else)
{
    dpe_stack_cfg c = small_cfg();
    dpe_stack_state s;
    dpe_stack_reset(&c, &s);
    launch(&c, &s, 0, "1111", A, X);

    /* taken side B, not-taken side already at the rpc C */
    CHECK_EQ(ok_act(branch(&c, &s, 0, L, "0101", B, C, C)), DPE_ACT_DIVERGE);
    EXPECT_STACK(&s, 0, {{C, "1111", '*'}, NONE, X},
                 {{B, "0101", '*'}, {C, "1010", '-'}, C});
    CHECK_EQ(branch(&c, &s, 0, R, "0000", D, D, 0).err_code, DPE_ERR_BAD_PATH);
    CHECK_EQ(ok_act(go(&c, &s, 0, L, C)), DPE_ACT_POP);
    EXPECT_STACK(&s, 0, {{C, "1111", '*'}, NONE, X});

    /* taken side at the rpc instead */
    CHECK_EQ(ok_act(branch(&c, &s, 0, L, "0101", D, E, D)), DPE_ACT_DIVERGE);
    EXPECT_STACK(&s, 0, {{D, "1111", '*'}, NONE, X},
                 {{D, "0101", '-'}, {E, "1010", '*'}, D});
    CHECK_EQ(ok_act(go(&c, &s, 0, R, E + 4)), DPE_ACT_ADVANCE);
    EXPECT_STACK(&s, 0, {{D, "1111", '*'}, NONE, X},
                 {{D, "0101", '-'}, {E + 4, "1010", '*'}, D});

    /* both sides at the rpc: a uniform jump to it (here the TOS's own rpc,
     * with the other path invalid: a pop) */
    CHECK_EQ(ok_act(branch(&c, &s, 0, R, "1000", D, D, D)), DPE_ACT_POP);
    EXPECT_STACK(&s, 0, {{D, "1111", '*'}, NONE, X});
    /* ... and to a pc that is not the TOS's rpc: an advance */
    CHECK_EQ(ok_act(branch(&c, &s, 0, L, "1000", F, F, F)), DPE_ACT_ADVANCE);
    EXPECT_STACK(&s, 0, {{F, "1111", '*'}, NONE, X});
}

/* A nested branch reconverging where its own entry does, with the other
 * path invalid: SPLIT (TOS replaced).  With the other path valid it is a
 * DIVERGE that leaves P invalid below the pushed entry. */
TEST(split_and_diverge_at_same_rpc)
{
    dpe_stack_cfg c = small_cfg();
    dpe_stack_state s;
    dpe_stack_reset(&c, &s);
    launch(&c, &s, 0, "1111", A, X);
    branch(&c, &s, 0, L, "1100", B, C, G);
    EXPECT_STACK(&s, 0, {{G, "1111", '*'}, NONE, X},
                 {{B, "1100", '*'}, {C, "0011", '*'}, G});

    /* Q (C) valid: B's divergence to G pushes, B waits invalid at G */
    CHECK_EQ(ok_act(branch(&c, &s, 0, L, "1000", D, E, G)), DPE_ACT_DIVERGE);
    EXPECT_STACK(&s, 0, {{G, "1111", '*'}, NONE, X},
                 {{G, "1100", '-'}, {C, "0011", '*'}, G},
                 {{D, "1000", '*'}, {E, "0100", '*'}, G});
    CHECK_EQ(ok_act(go(&c, &s, 0, R, G)), DPE_ACT_RECONV);
    CHECK_EQ(ok_act(go(&c, &s, 0, L, G)), DPE_ACT_POP);
    /* C resumes, alone */
    EXPECT_STACK(&s, 0, {{G, "1111", '*'}, NONE, X},
                 {{G, "1100", '-'}, {C, "0011", '*'}, G});

    /* Q (B) now invalid: C's divergence to G replaces the TOS */
    CHECK_EQ(ok_act(branch(&c, &s, 0, R, "0010", D, E, G)), DPE_ACT_SPLIT);
    EXPECT_STACK(&s, 0, {{G, "1111", '*'}, NONE, X},
                 {{D, "0010", '*'}, {E, "0001", '*'}, G});

    /* a split with one side at the rpc: that side is kept, invalid */
    launch(&c, &s, 1, "1111", A, X);
    branch(&c, &s, 1, L, "1000", B, C, G);
    CHECK_EQ(ok_act(go(&c, &s, 1, L, G)), DPE_ACT_RECONV);
    CHECK_EQ(ok_act(branch(&c, &s, 1, R, "0110", F, G, G)), DPE_ACT_SPLIT);
    EXPECT_STACK(&s, 1, {{G, "1111", '*'}, NONE, X},
                 {{F, "0110", '*'}, {G, "0001", '-'}, G});
    CHECK_EQ(ok_act(go(&c, &s, 1, L, G)), DPE_ACT_POP);
    EXPECT_STACK(&s, 1, {{G, "1111", '*'}, NONE, X});
}

/* Nested divergence while both paths are valid, at a new rpc, then the
 * stack unwinds: exercises three levels and the suspended path. */
TEST(nested_with_suspended_path)
{
    dpe_stack_cfg c = small_cfg();
    dpe_stack_state s;
    dpe_stack_reset(&c, &s);
    launch(&c, &s, 2, "1111", A, X);
    branch(&c, &s, 2, L, "1110", B, C, G);
    CHECK_EQ(ok_act(branch(&c, &s, 2, L, "1000", D, E, F)), DPE_ACT_DIVERGE);
    EXPECT_STACK(&s, 2, {{G, "1111", '*'}, NONE, X},
                 {{F, "1110", '*'}, {C, "0001", '*'}, G},
                 {{D, "1000", '*'}, {E, "0110", '*'}, F});
    CHECK_EQ(ok_act(branch(&c, &s, 2, R, "0100", A, B, C)), DPE_ACT_DIVERGE);
    EXPECT_STACK(&s, 2, {{G, "1111", '*'}, NONE, X},
                 {{F, "1110", '*'}, {C, "0001", '*'}, G},
                 {{D, "1000", '*'}, {C, "0110", '*'}, F},
                 {{A, "0100", '*'}, {B, "0010", '*'}, C});
    CHECK_EQ(ok_act(go(&c, &s, 2, L, C)), DPE_ACT_RECONV);
    CHECK_EQ(ok_act(go(&c, &s, 2, R, C)), DPE_ACT_POP);
    CHECK_EQ(ok_act(go(&c, &s, 2, R, F)), DPE_ACT_RECONV);
    CHECK_EQ(ok_act(go(&c, &s, 2, L, F)), DPE_ACT_POP);
    EXPECT_STACK(&s, 2, {{G, "1111", '*'}, NONE, X},
                 {{F, "1110", '*'}, {C, "0001", '*'}, G});
    CHECK_EQ(ok_act(go(&c, &s, 2, L, G)), DPE_ACT_RECONV);
    CHECK_EQ(ok_act(go(&c, &s, 2, R, G)), DPE_ACT_POP);
    EXPECT_STACK(&s, 2, {{G, "1111", '*'}, NONE, X});
}

/* Divergence to the kernel exit at the base: the base keeps both paths
 * invalid and goes together with the last entry above it. */
TEST(diverge_to_exit_and_finish)
{
    dpe_stack_cfg c = small_cfg();
    dpe_stack_state s;
    dpe_stack_out o;
    dpe_stack_reset(&c, &s);
    launch(&c, &s, 2, "1111", A, X);
    /* early return of threads 2,3: the base's L goes invalid at X */
    CHECK_EQ(ok_act(branch(&c, &s, 2, L, "1100", B, X, X)), DPE_ACT_DIVERGE);
    EXPECT_STACK(&s, 2, {{X, "1111", '-'}, NONE, X},
                 {{B, "1100", '*'}, {X, "0011", '-'}, X});
    /* a nested divergence to the exit above the base: SPLIT, not a push */
    CHECK_EQ(ok_act(branch(&c, &s, 2, L, "0100", C, D, X)), DPE_ACT_SPLIT);
    EXPECT_STACK(&s, 2, {{X, "1111", '-'}, NONE, X},
                 {{C, "0100", '*'}, {D, "1000", '*'}, X});
    CHECK_EQ(ok_act(go(&c, &s, 2, L, X)), DPE_ACT_RECONV);
    EXPECT_STACK(&s, 2, {{X, "1111", '-'}, NONE, X},
                 {{X, "0100", '-'}, {D, "1000", '*'}, X});
    o = go(&c, &s, 2, R, X); /* chained: the warp is done */
    CHECK_EQ(ok_act(o), DPE_ACT_POP);
    CHECK_EQ(o.op_depth, 2);
    CHECK_EQ(s.sp[2], 0);

    /* a warp that never diverged to its exit ends with a plain POP of the base */
    launch(&c, &s, 3, "1111", A, X);
    branch(&c, &s, 3, L, "1100", B, C, G);
    go(&c, &s, 3, L, G);
    go(&c, &s, 3, R, G); /* back to the base: {G 1111*} */
    EXPECT_STACK(&s, 3, {{G, "1111", '*'}, NONE, X});
    CHECK_EQ(ok_act(go(&c, &s, 3, L, X)), DPE_ACT_POP);
    CHECK_EQ(s.sp[3], 0);
}

/* EXIT (dpe_stack.h "Early returns"): the lanes op_mask of the TOS's path
 * P leave the warp; they are cleared from both paths of every entry, a
 * valid path left without a thread goes invalid at its entry's rpc, and the
 * entries left without a valid path pop (depth 0: the warp is done). */
TEST(exit_early_return)
{
    dpe_stack_cfg c = small_cfg();
    dpe_stack_state s, before;
    dpe_stack_out o;
    dpe_stack_reset(&c, &s);

    /* `if (tid < 2) return; ...; bar.sync` with G, the barrier, as the
     * branch's reconvergence point computed without the exit edges: the
     * returning side R (threads 0,1) and C (2,3) diverge at A */
    launch(&c, &s, 0, "1111", A, X);
    CHECK_EQ(ok_act(branch(&c, &s, 0, L, "1100", B, C, G)), DPE_ACT_DIVERGE);
    EXPECT_STACK(&s, 0, {{G, "1111", '*'}, NONE, X},
                 {{B, "1100", '*'}, {C, "0011", '*'}, G});
    /* B is the `ret`: threads 0,1 leave; L goes invalid at G, C runs on,
     * and the base waits at G for threads 2,3 only */
    CHECK_EQ(ok_act(apply(&c, &s, DPE_OP_EXIT, 0, L, m("1100"), 0, 0, 0)), DPE_ACT_RECONV);
    EXPECT_STACK(&s, 0, {{G, "0011", '*'}, NONE, X},
                 {{G, "0000", '-'}, {C, "0011", '*'}, G});
    CHECK_EQ(ok_act(go(&c, &s, 0, R, G)), DPE_ACT_POP);
    EXPECT_STACK(&s, 0, {{G, "0011", '*'}, NONE, X}); /* G (the barrier) with 0011 */
    /* a guarded `@p ret` that some threads take: P runs on with the rest */
    CHECK_EQ(ok_act(apply(&c, &s, DPE_OP_EXIT, 0, L, m("0010"), 0, 0, 0)), DPE_ACT_ADVANCE);
    EXPECT_STACK(&s, 0, {{G, "0001", '*'}, NONE, X});
    /* an empty mask is refused (BAD_MASK, as simt_stack's EXIT) */
    before = s;
    o = apply(&c, &s, DPE_OP_EXIT, 0, L, 0, 0, 0, 0);
    CHECK_EQ(o.err_code, DPE_ERR_BAD_MASK);
    CHECK(memcmp(&before, &s, sizeof s) == 0);
    /* the last thread returns: the warp is done */
    o = apply(&c, &s, DPE_OP_EXIT, 0, L, m("0001"), 0, 0, 0);
    CHECK_EQ(ok_act(o), DPE_ACT_POP);
    CHECK_EQ(o.op_depth, 1);
    CHECK_EQ(s.sp[0], 0);

    /* nested: B diverges (D 1000, E 0100, rpc F) while C is suspended */
    launch(&c, &s, 1, "1111", A, X);
    branch(&c, &s, 1, L, "1100", B, C, G);
    CHECK_EQ(ok_act(branch(&c, &s, 1, L, "1000", D, E, F)), DPE_ACT_DIVERGE);
    EXPECT_STACK(&s, 1, {{G, "1111", '*'}, NONE, X},
                 {{F, "1100", '*'}, {C, "0011", '*'}, G},
                 {{D, "1000", '*'}, {E, "0100", '*'}, F});
    /* D returns: the TOS keeps E; thread 0 leaves the entries below too */
    CHECK_EQ(ok_act(apply(&c, &s, DPE_OP_EXIT, 1, L, m("1000"), 0, 0, 0)), DPE_ACT_RECONV);
    EXPECT_STACK(&s, 1, {{G, "0111", '*'}, NONE, X},
                 {{F, "0100", '*'}, {C, "0011", '*'}, G},
                 {{F, "0000", '-'}, {E, "0100", '*'}, F});
    /* E returns too: the TOS pops, and entry 1's L (waiting at F for D and
     * E) is left empty: invalid at G; entry 1 stays for C, which resumes */
    o = apply(&c, &s, DPE_OP_EXIT, 1, R, m("0100"), 0, 0, 0);
    CHECK_EQ(ok_act(o), DPE_ACT_POP);
    EXPECT_STACK(&s, 1, {{G, "0011", '*'}, NONE, X},
                 {{G, "0000", '-'}, {C, "0011", '*'}, G});
    CHECK_EQ(ok_act(go(&c, &s, 1, R, G)), DPE_ACT_POP);
    EXPECT_STACK(&s, 1, {{G, "0011", '*'}, NONE, X});
    CHECK_EQ(ok_act(go(&c, &s, 1, L, X)), DPE_ACT_POP);
    CHECK_EQ(s.sp[1], 0);

    /* several entries at once: threads 2,3 reached the exit X (the base
     * waits there, invalid), then 0,1 return from two levels up */
    launch(&c, &s, 2, "1111", A, X);
    branch(&c, &s, 2, L, "1100", B, X, X);
    CHECK_EQ(ok_act(branch(&c, &s, 2, L, "1000", D, E, F)), DPE_ACT_DIVERGE);
    go(&c, &s, 2, R, F); /* E waits at F: {D 1000* | F 0100-, F} */
    EXPECT_STACK(&s, 2, {{X, "1111", '-'}, NONE, X},
                 {{F, "1100", '*'}, {X, "0011", '-'}, X},
                 {{D, "1000", '*'}, {F, "0100", '-'}, F});
    CHECK_EQ(ok_act(apply(&c, &s, DPE_OP_EXIT, 2, L, m("1000"), 0, 0, 0)), DPE_ACT_POP);
    EXPECT_STACK(&s, 2, {{X, "0111", '-'}, NONE, X},
                 {{F, "0100", '*'}, {X, "0011", '-'}, X});
    o = apply(&c, &s, DPE_OP_EXIT, 2, L, m("0100"), 0, 0, 0);
    CHECK_EQ(ok_act(o), DPE_ACT_POP); /* 2 -> 0: the base was waiting at X */
    CHECK_EQ(o.op_depth, 2);
    CHECK_EQ(s.sp[2], 0);
    CHECK_EQ(s.sp[0] + s.sp[1] + s.sp[3], 0);
}

static void expect_rejected(const dpe_stack_cfg *c, dpe_stack_state *s, unsigned op, unsigned w,
                            unsigned side, uint64_t mask, uint64_t pc, uint64_t npc,
                            uint64_t rpc, unsigned code)
{
    dpe_stack_state before = *s;
    dpe_stack_out o = apply(c, s, op, w, side, mask, pc, npc, rpc);
    CHECK_EQ(o.err, 1);
    CHECK_EQ(o.err_code, code);
    CHECK_EQ(o.act, DPE_ACT_IDLE);
    CHECK_EQ(o.ready, 1);
    CHECK(memcmp(&before, s, sizeof before) == 0);
}

TEST(illegal_input_raises_err_and_changes_nothing)
{
    dpe_stack_cfg c = small_cfg();
    dpe_stack_state s;
    c.warps = 3; /* the 2-bit warp port can then name a warp that is not there */
    dpe_stack_reset(&c, &s);
    launch(&c, &s, 0, "1111", A, X);
    branch(&c, &s, 0, L, "1100", B, C, G);
    go(&c, &s, 0, L, G); /* L invalid: {G 1100- | C 0011*, G} */
    launch(&c, &s, 1, "1100", A, X);
    EXPECT_STACK(&s, 0, {{G, "1111", '*'}, NONE, X},
                 {{G, "1100", '-'}, {C, "0011", '*'}, G});

    /* op 3 is EXIT, checked as a BRANCH on its path (no op is BAD_OP) */
    expect_rejected(&c, &s, DPE_OP_EXIT, 3, L, m("1111"), 0, 0, 0, DPE_ERR_BAD_WARP);
    expect_rejected(&c, &s, DPE_OP_EXIT, 2, L, m("1111"), 0, 0, 0, DPE_ERR_WARP_IDLE);
    expect_rejected(&c, &s, DPE_OP_EXIT, 0, L, m("1100"), 0, 0, 0, DPE_ERR_BAD_PATH);
    expect_rejected(&c, &s, DPE_OP_EXIT, 0, L, 0, 0, 0, 0, DPE_ERR_BAD_PATH);
    expect_rejected(&c, &s, DPE_OP_EXIT, 0, R, m("0111"), 0, 0, 0, DPE_ERR_BAD_MASK);
    expect_rejected(&c, &s, DPE_OP_EXIT, 1, L, m("0010"), 0, 0, 0, DPE_ERR_BAD_MASK);
    expect_rejected(&c, &s, DPE_OP_EXIT, 1, L, 0, 0, 0, 0, DPE_ERR_BAD_MASK);
    expect_rejected(&c, &s, DPE_OP_LAUNCH, 3, L, m("1111"), A, 0, X, DPE_ERR_BAD_WARP);
    expect_rejected(&c, &s, DPE_OP_BRANCH, 3, L, 0, 0, B, 0, DPE_ERR_BAD_WARP);
    expect_rejected(&c, &s, DPE_OP_BRANCH, 2, L, 0, 0, B, 0, DPE_ERR_WARP_IDLE);
    expect_rejected(&c, &s, DPE_OP_BRANCH, 2, R, m("1111"), 0, B, 0, DPE_ERR_WARP_IDLE);
    expect_rejected(&c, &s, DPE_OP_LAUNCH, 0, L, m("1111"), A, 0, X, DPE_ERR_WARP_BUSY);
    expect_rejected(&c, &s, DPE_OP_LAUNCH, 1, L, 0, A, 0, A, DPE_ERR_WARP_BUSY); /* priority */
    expect_rejected(&c, &s, DPE_OP_LAUNCH, 2, L, 0, A, 0, A, DPE_ERR_BAD_MASK);   /* priority */
    expect_rejected(&c, &s, DPE_OP_LAUNCH, 2, L, m("1111"), A, 0, A, DPE_ERR_BAD_LAUNCH);
    /* branch on the invalid path L of warp 0's TOS, or on R of a launch entry */
    expect_rejected(&c, &s, DPE_OP_BRANCH, 0, L, 0, 0, B, 0, DPE_ERR_BAD_PATH);
    expect_rejected(&c, &s, DPE_OP_BRANCH, 0, L, m("1111"), B, C, G, DPE_ERR_BAD_PATH);
    expect_rejected(&c, &s, DPE_OP_BRANCH, 1, R, 0, 0, B, 0, DPE_ERR_BAD_PATH);
    /* mask outside P: in the other path's threads, or outside both */
    expect_rejected(&c, &s, DPE_OP_BRANCH, 0, R, m("0100"), D, E, F, DPE_ERR_BAD_MASK);
    expect_rejected(&c, &s, DPE_OP_BRANCH, 1, L, m("1010"), D, E, F, DPE_ERR_BAD_MASK);
    /* a NOP is neither an error nor a change */
    {
        dpe_stack_state before = s;
        dpe_stack_out o = apply(&c, &s, DPE_OP_NOP, 2, R, m("1111"), 1, 2, 3);
        CHECK_EQ(o.err, 0);
        CHECK_EQ(o.ready, 1);
        CHECK_EQ(o.act, DPE_ACT_IDLE);
        CHECK(memcmp(&before, &s, sizeof s) == 0);
    }
}

TEST(overflow_pushes_back)
{
    dpe_stack_cfg c = small_cfg();
    dpe_stack_state s, before;
    dpe_stack_out o;
    c.depth = 2;
    dpe_stack_reset(&c, &s);
    launch(&c, &s, 0, "1111", A, X);
    branch(&c, &s, 0, L, "1100", B, C, G); /* depth 2: full */
    before = s;
    o = branch(&c, &s, 0, L, "1000", D, E, F); /* needs a push */
    CHECK_EQ(o.ready, 0);
    CHECK_EQ(o.err, 0);
    CHECK_EQ(o.err_code, DPE_ERR_NONE);
    CHECK_EQ(o.act, DPE_ACT_STALL);
    CHECK(memcmp(&before, &s, sizeof s) == 0);
    /* rpc == TOS.rpc but Q valid: a DIVERGE, still full */
    o = branch(&c, &s, 0, R, "0010", D, E, G);
    CHECK_EQ(o.ready, 0);
    CHECK_EQ(o.act, DPE_ACT_STALL);
    CHECK(memcmp(&before, &s, sizeof s) == 0);
    /* uniform ops need no entry */
    CHECK_EQ(ok_act(go(&c, &s, 0, R, C + 4)), DPE_ACT_ADVANCE);
    CHECK_EQ(ok_act(go(&c, &s, 0, R, G)), DPE_ACT_RECONV);
    /* with Q invalid the same divergence is a SPLIT: accepted on a full stack */
    CHECK_EQ(ok_act(branch(&c, &s, 0, L, "1000", D, E, G)), DPE_ACT_SPLIT);
    EXPECT_STACK(&s, 0, {{G, "1111", '*'}, NONE, X},
                 {{D, "1000", '*'}, {E, "0100", '*'}, G});
}

/* Forward progress (dpe_stack.h): a sibling suspension (op_rpc == TOS.rpc,
 * Q valid) compacts into the TOS's run when it has a slot -- a free one
 * (Q takes it), then a valid path at Q's pc (Q joins it) -- and pushes
 * under MERGE = 0 (003).  8 threads; H..K are further pcs. */
TEST(sibling_suspension_compacts)
{
    enum { H = 0x900, I = 0xa00, J = 0xb00, K = 0xc00 };
    for (unsigned merge = 0; merge < 2; merge++) {
        dpe_stack_cfg c = small_cfg();
        dpe_stack_state s;
        c.lanes = 8;
        c.merge = merge;
        dpe_stack_reset(&c, &s);
        launch(&c, &s, 0, "11111111", A, X);
        CHECK_EQ(ok_act(branch(&c, &s, 0, L, "11110000", B, C, G)), DPE_ACT_DIVERGE);
        /* depth 2: no run below the TOS yet, a push (003's suspension) */
        CHECK_EQ(ok_act(branch(&c, &s, 0, L, "11100000", D, E, G)), DPE_ACT_DIVERGE);
        EXPECT_STACK(&s, 0, {{G, "11111111", '*'}, NONE, X},
                     {{G, "11110000", '-'}, {C, "00001111", '*'}, G},
                     {{D, "11100000", '*'}, {E, "00010000", '*'}, G});
        /* entry 1 has a free slot (L, at the rpc): E goes there */
        if (merge) {
            CHECK_EQ(ok_act(branch(&c, &s, 0, L, "11000000", H, I, G)), DPE_ACT_SPLIT);
            EXPECT_STACK(&s, 0, {{G, "11111111", '*'}, NONE, X},
                         {{E, "00010000", '*'}, {C, "00001111", '*'}, G},
                         {{H, "11000000", '*'}, {I, "00100000", '*'}, G});
            /* I runs to E; H splits again: I joins the suspended path at E */
            CHECK_EQ(ok_act(go(&c, &s, 0, R, E)), DPE_ACT_ADVANCE);
            CHECK_EQ(ok_act(branch(&c, &s, 0, L, "10000000", J, K, G)), DPE_ACT_SPLIT);
            EXPECT_STACK(&s, 0, {{G, "11111111", '*'}, NONE, X},
                         {{E, "00110000", '*'}, {C, "00001111", '*'}, G},
                         {{J, "10000000", '*'}, {K, "01000000", '*'}, G});
            /* a full run (two valid paths, neither at Q's pc) pushes */
            CHECK_EQ(ok_act(go(&c, &s, 0, R, K + 4)), DPE_ACT_ADVANCE);
            CHECK_EQ(ok_act(go(&c, &s, 0, L, J + 4)), DPE_ACT_ADVANCE);
        } else {
            CHECK_EQ(ok_act(branch(&c, &s, 0, L, "11000000", H, I, G)), DPE_ACT_DIVERGE);
            CHECK_EQ(s.sp[0], 4);
        }
        /* every path runs to G: the stack unwinds to the base, 8 threads */
        while (s.sp[0] > 1) {
            const dpe_stack_entry *t = &s.ent[0][s.sp[0] - 1];
            const unsigned side = t->p[0].valid ? L : R;
            dpe_stack_out o = go(&c, &s, 0, side, G);
            CHECK_EQ(o.err, 0);
            if (o.err)
                return;
        }
        EXPECT_STACK(&s, 0, {{G, "11111111", '*'}, NONE, X});
        CHECK_EQ(ok_act(go(&c, &s, 0, L, X)), DPE_ACT_POP);
        CHECK_EQ(s.sp[0], 0);
    }
}

TEST(read_port)
{
    dpe_stack_cfg c = small_cfg();
    dpe_stack_state s;
    dpe_stack_in in;
    dpe_stack_out o;
    dpe_stack_reset(&c, &s);
    launch(&c, &s, 3, "1111", A, X);
    branch(&c, &s, 3, L, "1100", B, C, G);
    branch(&c, &s, 3, R, "0010", D, E, F);
    memset(&in, 0, sizeof in);
    in.rd_warp = 3;
    in.op_warp = 3;
    in.rd_idx = 0; /* TOS: the two schedulable paths */
    dpe_stack_eval(&c, &s, &in, &o);
    CHECK_EQ(o.rd_valid, 1);
    CHECK_EQ(o.rd_depth, 3);
    CHECK_EQ(o.op_depth, 3);
    CHECK_EQ(o.rd_l_valid, 1);
    CHECK_EQ(o.rd_l_pc, D);
    CHECK_EQ(o.rd_l_mask, m("0010"));
    CHECK_EQ(o.rd_r_valid, 1);
    CHECK_EQ(o.rd_r_pc, E);
    CHECK_EQ(o.rd_r_mask, m("0001"));
    CHECK_EQ(o.rd_rpc, F);
    /* tos_* shows the same TOS, for op_warp */
    CHECK_EQ(o.tos_l_valid, 1);
    CHECK_EQ(o.tos_l_pc, D);
    CHECK_EQ(o.tos_l_mask, m("0010"));
    CHECK_EQ(o.tos_r_valid, 1);
    CHECK_EQ(o.tos_r_pc, E);
    CHECK_EQ(o.tos_r_mask, m("0001"));
    CHECK_EQ(o.tos_rpc, F);
    in.rd_idx = 1; /* B suspended, C waiting at F */
    dpe_stack_eval(&c, &s, &in, &o);
    CHECK_EQ(o.rd_valid, 1);
    CHECK_EQ(o.rd_l_valid, 1);
    CHECK_EQ(o.rd_l_pc, B);
    CHECK_EQ(o.rd_l_mask, m("1100"));
    CHECK_EQ(o.rd_r_valid, 1);
    CHECK_EQ(o.rd_r_pc, F);
    CHECK_EQ(o.rd_r_mask, m("0011"));
    CHECK_EQ(o.rd_rpc, G);
    in.rd_idx = 2; /* the base */
    dpe_stack_eval(&c, &s, &in, &o);
    CHECK_EQ(o.rd_l_pc, G);
    CHECK_EQ(o.rd_l_mask, m("1111"));
    CHECK_EQ(o.rd_r_valid, 0);
    CHECK_EQ(o.rd_r_mask, 0);
    CHECK_EQ(o.rd_rpc, X);
    in.rd_idx = 3; /* beyond the depth: everything 0 */
    dpe_stack_eval(&c, &s, &in, &o);
    CHECK_EQ(o.rd_valid, 0);
    CHECK_EQ(o.rd_depth, 3);
    CHECK_EQ(o.rd_l_valid + o.rd_l_pc + o.rd_l_mask + o.rd_r_valid + o.rd_r_pc + o.rd_r_mask +
                 o.rd_rpc,
             0);
    in.rd_warp = 2; /* an idle warp */
    in.rd_idx = 0;
    dpe_stack_eval(&c, &s, &in, &o);
    CHECK_EQ(o.rd_valid, 0);
    CHECK_EQ(o.rd_depth, 0);
    in.rd_warp = 7; /* port is 2 bits wide at 4 warps: 7 -> 3 */
    dpe_stack_eval(&c, &s, &in, &o);
    CHECK_EQ(o.rd_depth, 3);
    c.warps = 3; /* now warp 3 is out of range */
    in.rd_warp = 3;
    in.op_warp = 3;
    dpe_stack_eval(&c, &s, &in, &o);
    CHECK_EQ(o.rd_depth, 0);
    CHECK_EQ(o.rd_valid, 0);
    CHECK_EQ(o.op_depth, 0);
}

TEST(cfg_check_names_the_field)
{
    dpe_stack_cfg c = dpe_stack_default_cfg();
    CHECK(dpe_stack_cfg_check(&c) == NULL);
    CHECK_EQ(c.warps, 48);
    CHECK_EQ(c.lanes, 32);
    CHECK_EQ(c.depth, 8);
    CHECK_EQ(c.pc_bits, 32);
    CHECK_EQ(dpe_stack_entry_bits(&c), 162);
    CHECK_EQ(dpe_stack_warp_w(&c), 6);
    CHECK_EQ(dpe_stack_idx_w(&c), 3);
    CHECK_EQ(dpe_stack_depth_w(&c), 4);
    c.warps = 0;
    CHECK(dpe_stack_cfg_check(&c) && strstr(dpe_stack_cfg_check(&c), "warps"));
    c.warps = 65;
    CHECK(dpe_stack_cfg_check(&c) && strstr(dpe_stack_cfg_check(&c), "warps"));
    c = dpe_stack_default_cfg();
    c.lanes = 0;
    CHECK(dpe_stack_cfg_check(&c) && strstr(dpe_stack_cfg_check(&c), "lanes"));
    c.lanes = 65;
    CHECK(dpe_stack_cfg_check(&c) && strstr(dpe_stack_cfg_check(&c), "lanes"));
    c = dpe_stack_default_cfg();
    c.depth = 0;
    CHECK(dpe_stack_cfg_check(&c) && strstr(dpe_stack_cfg_check(&c), "depth"));
    c.depth = 33;
    CHECK(dpe_stack_cfg_check(&c) && strstr(dpe_stack_cfg_check(&c), "depth"));
    c = dpe_stack_default_cfg();
    c.pc_bits = 1;
    CHECK(dpe_stack_cfg_check(&c) && strstr(dpe_stack_cfg_check(&c), "pc_bits"));
    c.pc_bits = 65;
    CHECK(dpe_stack_cfg_check(&c) && strstr(dpe_stack_cfg_check(&c), "pc_bits"));
    c.warps = 64;
    c.lanes = 64;
    c.depth = 32;
    c.pc_bits = 64;
    CHECK(dpe_stack_cfg_check(&c) == NULL);
}

/* The invariant checker must be able to fail. */
TEST(check_catches_corruption)
{
    dpe_stack_cfg c = small_cfg();
    dpe_stack_state s, good;
    dpe_stack_reset(&c, &s);
    launch(&c, &s, 0, "1111", A, X);
    branch(&c, &s, 0, L, "1100", B, C, G);
    branch(&c, &s, 0, R, "0010", D, E, F);
    good = s;
    CHECK(dpe_stack_check(&c, &s) == NULL);
    s.ent[0][2].p[1].mask |= m("0010"); /* L and R overlap */
    CHECK(dpe_stack_check(&c, &s) != NULL);
    s = good;
    s.ent[0][2].p[0].mask = m("0100"); /* entry 2 not within one path of entry 1 */
    CHECK(dpe_stack_check(&c, &s) != NULL);
    s = good;
    s.ent[0][2].p[1].mask = m("1001"); /* straddles both paths of the entry below */
    s.ent[0][2].p[0].mask = m("0000");
    CHECK(dpe_stack_check(&c, &s) != NULL);
    s = good;
    s.ent[0][2].p[0].pc = F; /* valid path with pc == rpc */
    CHECK(dpe_stack_check(&c, &s) != NULL);
    s = good;
    s.ent[0][2].p[0].mask = 0; /* valid path with an empty mask */
    CHECK(dpe_stack_check(&c, &s) != NULL);
    s = good;
    s.ent[0][1].p[0].valid = 0; /* entry 1: both invalid, not the base */
    s.ent[0][1].p[1].valid = 0;
    CHECK(dpe_stack_check(&c, &s) != NULL);
    s = good;
    s.ent[0][1].p[1].pc = C; /* the path holding entry 2's threads not at its rpc F */
    CHECK(dpe_stack_check(&c, &s) != NULL);
    s = good;
    s.ent[0][0].p[0].mask |= (uint64_t)1 << 4; /* beyond LANES */
    CHECK(dpe_stack_check(&c, &s) != NULL);
    s = good;
    s.ent[0][0].rpc = (uint64_t)1 << 40; /* beyond PC_W */
    CHECK(dpe_stack_check(&c, &s) != NULL);
    s = good;
    s.ent[0][0].p[0].valid = 2; /* a valid bit that is not a bit */
    CHECK(dpe_stack_check(&c, &s) != NULL);
    s = good;
    s.sp[1] = 17; /* beyond DEPTH */
    CHECK(dpe_stack_check(&c, &s) != NULL);
    s = good;
    s.ent[0][2].p[0].valid = 0; /* TOS with both paths invalid: should have popped */
    s.ent[0][2].p[1].valid = 0;
    CHECK(dpe_stack_check(&c, &s) != NULL);
    /* an invalid path away from its entry's rpc, a base R that is not
     * LAUNCH's {0, 0, invalid} (the Verilog's p_inv_rpc and p_base_r) */
    s = good;
    s.ent[0][2].p[0].valid = 0;
    CHECK(dpe_stack_check(&c, &s) != NULL);
    s = good;
    s.ent[0][0].p[1].mask = m("0001");
    CHECK(dpe_stack_check(&c, &s) != NULL);
    /* a base with both paths invalid is fine while entries are above it
     * (it diverged to its exit: its L is invalid at its rpc) */
    dpe_stack_reset(&c, &s);
    launch(&c, &s, 0, "1111", A, X);
    CHECK_EQ(ok_act(branch(&c, &s, 0, L, "1100", B, C, X)), DPE_ACT_DIVERGE);
    CHECK_EQ(s.ent[0][0].p[0].valid, 0);
    CHECK(dpe_stack_check(&c, &s) == NULL);
    s.sp[0] = 1;
    CHECK(dpe_stack_check(&c, &s) != NULL);
}

static unsigned n_ports;
static unsigned port_width_sum;
static void count_port(void *ctx, const char *name, unsigned width, const uint64_t *value,
                       enum port_dir dir)
{
    (void)ctx;
    (void)value;
    if (n_ports == 2)
        CHECK(strcmp(name, "op_side") == 0 && dir == PORT_IN);
    if (n_ports == 9)
        CHECK(strcmp(name, "ready") == 0 && dir == PORT_OUT);
    n_ports++;
    port_width_sum += width;
}

/* The port list and the VCD trace (names as the Verilog's). */
TEST(ports_and_trace)
{
    dpe_stack_cfg c = small_cfg();
    dpe_stack_state s;
    dpe_stack_in in;
    dpe_stack_out o;
    vcd_writer *w;
    unsigned t;
    char line[256];
    int seen_side = 0, seen_tos = 0;
    FILE *f;

    dpe_stack_reset(&c, &s);
    memset(&in, 0, sizeof in);
    dpe_stack_eval(&c, &s, &in, &o);
    n_ports = port_width_sum = 0;
    dpe_stack_ports(&c, &in, &o, count_port, NULL);
    CHECK_EQ(n_ports, 30);
    /* DEPTH 8: IDX_W 3, DEPTH_W 4.  in: 2+2+1+4+3*32+2+3; out: 1+1+3+3+4 +
     * tos (1+32+4)*2 + 32 + 4+1 + rd (1+32+4)*2 + 32 */
    CHECK_EQ(port_width_sum, 110 + 106 + 123);

    w = vcd_open("out/test_dpe_stack.vcd", "1ns");
    CHECK(w != NULL);
    if (!w)
        return;
    for (t = 0; t < 6; t++) {
        memset(&in, 0, sizeof in);
        in.op = t == 0 ? DPE_OP_LAUNCH : DPE_OP_BRANCH;
        in.op_warp = 1;
        in.op_mask = t == 0 ? m("1111") : t == 1 ? m("1100") : 0;
        in.op_pc = t == 0 ? A : B;
        in.op_npc = t == 1 ? C : G;
        in.op_rpc = t == 0 ? X : G;
        in.op_side = t == 3;
        in.rd_warp = 1;
        vcd_time(w, t * 10u);
        dpe_stack_eval(&c, &s, &in, &o);
        dpe_stack_trace(w, &c, &s, &in, &o);
        dpe_stack_step(&c, &s, &in, &o);
    }
    CHECK(vcd_error(w) == NULL);
    CHECK_EQ(vcd_count(w), 30u + 8u * 4u);
    CHECK_EQ(vcd_close(w), 0);
    f = fopen("out/test_dpe_stack.vcd", "r");
    CHECK(f != NULL);
    if (!f)
        return;
    while (fgets(line, sizeof line, f)) {
        seen_side |= strstr(line, " op_side ") != NULL;
        seen_tos |= strstr(line, " w03_tos_r_mask ") != NULL;
    }
    fclose(f);
    CHECK(seen_side);
    CHECK(seen_tos);
    CHECK_EQ(s.sp[1], 1); /* B reached G (RECONV), then C did (POP) */
}

static uint64_t xs(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

/* Random legal and illegal traffic on a small stack; invariants and thread
 * conservation (base entry L|R = launched mask) after every step. */
TEST(random_traffic_keeps_invariants)
{
    dpe_stack_cfg c = small_cfg();
    dpe_stack_state s;
    uint64_t launched[4] = {0, 0, 0, 0}, x = 12345;
    unsigned i, bad = 0, stalls = 0, pops = 0, reconv = 0, splits = 0, diverges = 0;
    unsigned errs = 0, empties = 0, maxd = 0, chained = 0, ex, exits = 0, exit_pops = 0;
    c.lanes = 8;
    c.depth = 4;
    dpe_stack_reset(&c, &s);
    for (i = 0; i < 200000u && bad < 5; i++) {
        dpe_stack_in in;
        dpe_stack_out o;
        dpe_stack_state before = s;
        unsigned w, sp, side;
        uint64_t r = xs(&x), pmask;
        const char *why;
        memset(&in, 0, sizeof in);
        w = (unsigned)(r & 3u);
        sp = s.sp[w];
        in.op = sp ? DPE_OP_BRANCH : DPE_OP_LAUNCH;
        if ((r >> 8) % 50u == 0)
            in.op = (r >> 20) & 3u;
        if (sp && (r >> 26) % 40u == 0)
            in.op = DPE_OP_EXIT; /* a return, of P or of some of its threads */
        in.op_warp = w;
        if ((r >> 10) % 100u == 0)
            in.op_warp = w + 4u * ((r >> 12) & 15u); /* beyond WARPS, or truncated */
        /* mostly a valid path of the TOS, sometimes either */
        side = (unsigned)(r >> 2) & 1u;
        if (sp && (r >> 50) % 8u) {
            unsigned lv = s.ent[w][sp - 1u].p[0].valid, rv = s.ent[w][sp - 1u].p[1].valid;
            if (side ? !rv : !lv)
                side ^= 1u;
        }
        in.op_side = side;
        pmask = sp ? (side ? s.ent[w][sp - 1u].p[1].mask : s.ent[w][sp - 1u].p[0].mask) : 0xffu;
        xs(&x);
        in.op_mask = (x >> 24) & 0xffu;
        if ((x >> 40) % 8u)
            in.op_mask &= pmask;
        if ((x >> 44) % 4u == 0)
            in.op_mask = (x >> 46) % 2u ? pmask : 0u; /* uniform */
        in.op_pc = 4u * ((x >> 3) % 6u);
        in.op_npc = 4u * ((x >> 13) % 6u);
        in.op_rpc = 4u * ((x >> 33) % 6u);
        if (sp && (x >> 52) % 4u == 0)
            in.op_rpc = s.ent[w][sp - 1u].rpc;
        in.rd_warp = (x >> 56) & 7u;
        in.rd_idx = (x >> 60) & 3u;
        dpe_stack_eval(&c, &s, &in, &o);
        dpe_stack_step(&c, &s, &in, &o);
        if (o.err || !o.ready)
            bad += memcmp(&before, &s, sizeof s) != 0;
        if (o.err && (o.act != DPE_ACT_IDLE || !o.ready))
            bad++;
        stalls += !o.ready;
        errs += (unsigned)o.err;
        pops += o.act == DPE_ACT_POP;
        reconv += o.act == DPE_ACT_RECONV;
        splits += o.act == DPE_ACT_SPLIT;
        diverges += o.act == DPE_ACT_DIVERGE;
        if (s.sp[w] > maxd)
            maxd = s.sp[w];
        why = dpe_stack_check(&c, &s);
        if (why != NULL) {
            printf("  step %u: %s\n", i, why);
            bad++;
        }
        /* a legal EXIT: its threads leave the base too, and it may pop
         * several entries */
        ex = in.op == DPE_OP_EXIT && !o.err;
        exits += ex;
        exit_pops += ex && s.sp[in.op_warp & 3u] + 1u < before.sp[in.op_warp & 3u];
        if (ex) /* (a warp id beyond the 2-bit port is truncated) */
            launched[in.op_warp & 3u] &= ~in.op_mask;
        for (w = 0; w < 4u; w++) {
            if (before.sp[w] == 0 && s.sp[w] != 0)
                launched[w] = s.ent[w][0].p[0].mask | s.ent[w][0].p[1].mask;
            if (s.sp[w] != 0 && (s.ent[w][0].p[0].mask | s.ent[w][0].p[1].mask) != launched[w]) {
                printf("  step %u: warp %u base mask changed\n", i, w);
                bad++;
            }
            if (before.sp[w] != 0 && s.sp[w] == 0) {
                empties++;
                chained += before.sp[w] == 2u;
                if (o.act != DPE_ACT_POP || (in.op_warp & 3u) != w) {
                    printf("  step %u: warp %u emptied by act %u\n", i, w, (unsigned)o.act);
                    bad++;
                }
            }
            if (s.sp[w] < before.sp[w] && s.sp[w] + 1u != before.sp[w] && s.sp[w] != 0 && !ex) {
                printf("  step %u: warp %u popped %u levels\n", i, w, before.sp[w] - s.sp[w]);
                bad++;
            }
        }
    }
    CHECK_EQ(bad, 0);
    CHECK(stalls > 100);
    CHECK(errs > 1000);
    CHECK(pops > 1000);
    CHECK(reconv > 1000);
    CHECK(splits > 1000);
    CHECK(diverges > 1000);
    CHECK(empties > 100);
    CHECK(chained > 10);
    CHECK(exits > 1000);
    CHECK(exit_pops > 100);
    CHECK_EQ(maxd, 4);
}

/* A full stack of the largest DEPTH: the step writes one whole entry every
 * cycle, an entry write that is not a push going above the depth (at worst
 * to the spare entry past MAX_DEPTH); the next warp's entries never
 * change, and a divergence that needs an entry stalls. */
TEST(full_stack_writes_stay_in_the_warp)
{
    dpe_stack_cfg c = dpe_stack_default_cfg();
    dpe_stack_state s, before;
    uint64_t mask = ~(uint64_t)0;
    unsigned i;
    c.warps = 2;
    c.lanes = 64;
    c.depth = DPE_STACK_MAX_DEPTH;
    dpe_stack_reset(&c, &s);
    CHECK_EQ(apply(&c, &s, DPE_OP_LAUNCH, 0, 0, mask, 0x10, 0, 0xFFF0).act, DPE_ACT_LAUNCH);
    CHECK_EQ(apply(&c, &s, DPE_OP_LAUNCH, 1, 0, 1, 0x20, 0, 0xFFF0).act, DPE_ACT_LAUNCH);
    /* one thread leaves at each level (an if without else: the not-taken
     * side starts invalid), nested rpcs, until the stack is full */
    for (i = 1; i < DPE_STACK_MAX_DEPTH; i++) {
        const uint64_t t = mask & ~bits_lowest(mask);
        CHECK_EQ(apply(&c, &s, DPE_OP_BRANCH, 0, DPE_SIDE_L, t, 0x100 + 0x10 * i,
                       0x1000 + 0x10 * i, 0x1000 + 0x10 * i)
                     .act,
                 DPE_ACT_DIVERGE);
        mask = t;
    }
    CHECK_EQ(s.sp[0], DPE_STACK_MAX_DEPTH);
    /* uniform at the full depth: the unused entry write goes to the spare */
    CHECK_EQ(apply(&c, &s, DPE_OP_BRANCH, 0, DPE_SIDE_L, 0, 0x7000, 0x5000, 0).act,
             DPE_ACT_ADVANCE);
    CHECK_EQ(s.ent[0][DPE_STACK_MAX_DEPTH - 1].p[DPE_SIDE_L].pc, 0x5000);
    CHECK_EQ(s.sp[0], DPE_STACK_MAX_DEPTH);
    CHECK_EQ(s.sp[1], 1);
    CHECK_EQ(s.ent[1][0].p[DPE_SIDE_L].pc, 0x20);
    CHECK_EQ(s.ent[1][0].p[DPE_SIDE_L].mask, 1);
    CHECK_EQ(s.ent[1][0].p[DPE_SIDE_L].valid, 1);
    CHECK_EQ(s.ent[1][0].rpc, 0xFFF0);
    /* a divergence needs an entry: it stalls and changes nothing */
    before = s;
    CHECK_EQ(apply(&c, &s, DPE_OP_BRANCH, 0, DPE_SIDE_L, mask & ~bits_lowest(mask), 0x8000,
                   0x9000, 0xA000)
                 .act,
             DPE_ACT_STALL);
    CHECK(memcmp(&before, &s, sizeof s) == 0);
}

/* The depth bound (dpe_stack.h, "The depth bound"): 32 lanes, one
 * reconvergence level under the base (N = 1: runs of rpc X and G).  Each
 * round the TOS's taken path P lets one thread go to a pc of its own (Q,
 * never equal to a suspended group's) and keeps the rest, with rpc G: a
 * sibling suspension every round, 30 groups suspended at once at the end.
 * MERGE = 1 keeps two groups an entry (a push leaves one slot, the next
 * round fills it): the peak is 2 + 15 = 17, within (N + 1) + (G + N + 1) / 2
 * = 18 and above the paper's 8; MERGE = 0 (003) pushes every round: 2 +
 * 30 = 32 = (N + 1) + G.  At DEPTH = 8 the round that needs entry 9
 * stalls: ready = 0, nothing changes and no thread is dropped; it goes on
 * once Q reaches G (the retried branch is then a SPLIT).  A divergence with
 * another rpc (a nested one) on the full stack with only P left stalls for
 * good: the warp's deadlock (build/simt: `deadlock: ... full-table
 * stalls`). */
static unsigned bound_rounds(const dpe_stack_cfg *c, dpe_stack_state *s, unsigned *peak)
{
    uint64_t mask = bits_mask(c->lanes) & ~(uint64_t)1; /* P: t1.. (t0 went to Q0) */
    unsigned i;
    dpe_stack_reset(c, s);
    CHECK_EQ(apply(c, s, DPE_OP_LAUNCH, 0, 0, bits_mask(c->lanes), A, 0, X).act, DPE_ACT_LAUNCH);
    CHECK_EQ(apply(c, s, DPE_OP_BRANCH, 0, L, mask, B, 0x1000, G).act, DPE_ACT_DIVERGE);
    *peak = s->sp[0];
    for (i = 1; bits_popcount(mask) > 1; i++) {
        const uint64_t t = mask & ~bits_lowest(mask);
        dpe_stack_out o = apply(c, s, DPE_OP_BRANCH, 0, L, t, B + i, 0x1000 + i, G);
        if (!o.ready)
            return i;
        CHECK(o.act == DPE_ACT_DIVERGE || o.act == DPE_ACT_SPLIT);
        mask = t;
        *peak = s->sp[0] > *peak ? s->sp[0] : *peak;
    }
    return 0;
}

TEST(depth_bound_worst_case)
{
    dpe_stack_cfg c = dpe_stack_default_cfg();
    dpe_stack_state s, before;
    dpe_stack_out o;
    unsigned peak, n = 1, g = c.lanes - 2, stalled;
    c.warps = 1;
    c.depth = DPE_STACK_MAX_DEPTH;
    CHECK_EQ(c.lanes, 32);
    c.merge = 1;
    CHECK_EQ(bound_rounds(&c, &s, &peak), 0);
    CHECK_EQ(peak, 2 + (g + 1) / 2);
    CHECK(peak <= (n + 1) + (g + n + 1) / 2);
    CHECK(peak > 8);
    c.merge = 0;
    CHECK_EQ(bound_rounds(&c, &s, &peak), 0);
    CHECK_EQ(peak, (n + 1) + g);
    /* the paper's depth: the round that needs a ninth entry stalls */
    c.merge = 1;
    c.depth = 8;
    stalled = bound_rounds(&c, &s, &peak);
    CHECK_EQ(peak, 8);
    CHECK(stalled > 0);
    before = s;
    {
        const dpe_stack_entry *t = &s.ent[0][s.sp[0] - 1];
        const uint64_t pm = t->p[L].mask, qpc = t->p[R].pc;
        o = apply(&c, &s, DPE_OP_BRANCH, 0, L, pm & ~bits_lowest(pm), B + stalled,
                  0x1000 + stalled, G);
        CHECK_EQ(o.ready, 0);
        CHECK_EQ(o.act, DPE_ACT_STALL);
        CHECK(memcmp(&before, &s, sizeof s) == 0);
        /* Q reaches G: the retried branch needs no entry */
        CHECK_EQ(ok_act(go(&c, &s, 0, R, G)), DPE_ACT_RECONV);
        CHECK(qpc != G);
        CHECK_EQ(ok_act(apply(&c, &s, DPE_OP_BRANCH, 0, L, pm & ~bits_lowest(pm), B + stalled,
                              0x1000 + stalled, G)),
                 DPE_ACT_SPLIT);
        CHECK_EQ(s.sp[0], 8);
        /* the new Q reaches G too; P's nested divergence (rpc F) needs an
         * entry, and nothing else of the warp can move: it stays stalled */
        CHECK_EQ(ok_act(go(&c, &s, 0, R, G)), DPE_ACT_RECONV);
        before = s;
        for (unsigned k = 0; k < 3; k++) {
            const uint64_t p2 = s.ent[0][s.sp[0] - 1].p[L].mask;
            o = apply(&c, &s, DPE_OP_BRANCH, 0, L, p2 & ~bits_lowest(p2), C, D, F);
            CHECK_EQ(o.ready, 0);
            CHECK_EQ(o.act, DPE_ACT_STALL);
            CHECK(memcmp(&before, &s, sizeof s) == 0);
        }
    }
}

TEST(reset_is_all_zero)
{
    dpe_stack_cfg c = dpe_stack_default_cfg();
    RESET_IS_ALL_ZERO(dpe_stack_reset, &c, dpe_stack_state);
}

int main(int argc, char **argv)
{
    test_args(argc, argv);
    test_needs_out(argv[0]);
    RUN(spec32_golden);
    RUN(if_without_else);
    RUN(split_and_diverge_at_same_rpc);
    RUN(nested_with_suspended_path);
    RUN(diverge_to_exit_and_finish);
    RUN(exit_early_return);
    RUN(illegal_input_raises_err_and_changes_nothing);
    RUN(overflow_pushes_back);
    RUN(sibling_suspension_compacts);
    RUN(read_port);
    RUN(cfg_check_names_the_field);
    RUN(check_catches_corruption);
    RUN(ports_and_trace);
    RUN(random_traffic_keeps_invariants);
    RUN(full_stack_writes_stay_in_the_warp);
    RUN(reset_is_all_zero);
    RUN(depth_bound_worst_case);
    return test_summary();
}
