/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_simt_kernel.c -- the .k front end and the reference of build/simt
 * (tb/simt/kernel.c, ref.c, gen.c): instruction semantics (wrapping, shifts
 * modulo 32, signed compares, addresses modulo .mem), immediate post-
 * dominators of known CFGs, the divergence check, barrier semantics of the
 * reference, and the generator's kernels passing every check.
 *
 * The driver's sources are not in libmodels.a; this test compiles them in.
 */
#include "../tb/simt/kernel.c" /* first: it sets _POSIX_C_SOURCE */
#include "../tb/simt/gen.c"
#include "../tb/simt/kprog.c"
#include "../tb/simt/prog.c"
#include "../tb/simt/prog_cfg.c"
#include "../tb/simt/prog_exit.c"
#include "../tb/simt/prog_frame.c"
#include "../tb/simt/layout.c" /* prog_cfg.c's --show-cfg verdict */
#include "../tb/simt/ref.c"
#include "../tb/simt/ref_taint.c"
#include "../tb/simt/ref_fadd.c"
#include "../tb/simt/ref_shuni.c"
#include "check.h"

static char err[1024];

static int parse(kernel *k, const char *text) { return kernel_parse("t.k", text, k, err, sizeof err); }

/* Runs a one-thread kernel and returns register r of thread tid. */
static uint32_t run_reg(const char *text, unsigned tid, unsigned r)
{
    kernel k;
    ref_result res;
    if (parse(&k, text) || ref_run(&k, 16, 100000, &res, err, sizeof err)) {
        printf("  unexpected error: %s\n", err);
        return 0xdeadbeefu;
    }
    uint32_t v = res.regs[tid][r];
    ref_free(&res);
    kernel_free(&k);
    return v;
}

#define HDR ".kernel t\n.threads 20\n.mem 8\n"

TEST(alu_semantics)
{
    CHECK_EQ(run_reg(HDR "    mov r1, 0xffffffff\n    add r2, r1, 2\n    exit\n", 0, 2), 1);
    CHECK_EQ(run_reg(HDR "    mov r1, -3\n    mul r2, r1, 5\n    exit\n", 0, 2), (uint32_t)-15);
    CHECK_EQ(run_reg(HDR "    shl r2, 1, 33\n    exit\n", 0, 2), 2);          /* modulo 32 */
    CHECK_EQ(run_reg(HDR "    shr r2, -8, 1\n    exit\n", 0, 2), 0x7ffffffcu); /* logical */
    CHECK_EQ(run_reg(HDR "    min r2, -1, 1\n    exit\n", 0, 2), (uint32_t)-1);   /* signed */
    CHECK_EQ(run_reg(HDR "    max r2, -1, 1\n    exit\n", 0, 2), 1);
    CHECK_EQ(run_reg(HDR "    setp.lt p0, -1, 1\n    @p0 bra A\n    mov r3, 7\n    exit\n"
                         "A:  mov r3, 9\n    exit\n", 0, 3), 9);
    CHECK_EQ(run_reg(HDR "    sub r2, 0x10, -0x10\n    exit\n", 0, 2), 32);
    CHECK_EQ(run_reg(HDR "    xor r2, %tid, %ntid\n    exit\n", 5, 2), 5u ^ 20u);
    /* %lane and %warp at 16 lanes */
    CHECK_EQ(run_reg(HDR "    mov r2, %lane\n    mov r3, %warp\n    exit\n", 18, 2), 2);
    CHECK_EQ(run_reg(HDR "    mov r2, %lane\n    mov r3, %warp\n    exit\n", 18, 3), 1);
    /* addresses modulo .mem, negative offsets */
    CHECK_EQ(run_reg(HDR ".data 0 10 11 12 13 14 15 16 17\n    mov r1, 9\n    ld r2, [r1-3]\n"
                         "    ld r3, [r1+0x7]\n    exit\n", 0, 2), 16);
    CHECK_EQ(run_reg(HDR ".data 0 10 11 12 13 14 15 16 17\n    mov r1, 9\n    ld r2, [r1-3]\n"
                         "    ld r3, [r1+0x7]\n    exit\n", 0, 3), 10);
}

TEST(ipdom_fig1)
{
    /* 003 Fig. 1: A -> B | C; C -> D | E; D, E -> F; B, F -> G */
    kernel k;
    CHECK(!parse(&k, HDR "A:  setp.lt p0, %tid, 4\n    @p0 bra B\n"
                         "C:  setp.lt p1, %tid, 8\n    @p1 bra E\n"
                         "D:  add r1, r1, 1\n    bra F\n"
                         "E:  add r1, r1, 2\n"
                         "F:  add r2, r2, 1\n    bra G\n"
                         "B:  add r3, r3, 1\n"
                         "G:  exit\n"));
    CHECK_EQ(k.ins[1].rpc, 10);  /* @p0 bra B reconverges at G */
    CHECK_EQ(k.ins[3].rpc, 7);   /* @p1 bra E reconverges at F */
    CHECK(k.div_branch[1] && k.div_branch[3]);
    kernel_free(&k);
}

TEST(ipdom_loops_and_exits)
{
    kernel k;
    /* a loop with a break: both the back edge and the break reconverge at
     * the loop exit X; an early exit reconverges at the virtual exit */
    CHECK(!parse(&k, HDR "    setp.eq p2, %tid, 3\n    @p2 bra Q\n"
                         "L:  add r1, r1, 1\n    setp.gt p0, r1, %tid\n    @p0 bra X\n"
                         "    setp.lt p1, r1, 5\n    @p1 bra L\n"
                         "X:  exit\nQ:  exit\n"));
    CHECK_EQ(k.ins[1].rpc, (int)k.n); /* early exit: virtual exit */
    CHECK_EQ(k.ins[4].rpc, 7);        /* break */
    CHECK_EQ(k.ins[6].rpc, 7);        /* back edge */
    CHECK_EQ(k.sync_div[7], 4);       /* sbi payload: smallest branch reconverging at X */
    kernel_free(&k);
}

TEST(divergence_check)
{
    kernel k;
    /* uniform loop (trip count from %ntid) around a barrier: legal */
    CHECK(!parse(&k, HDR "    shr r2, %ntid, 2\nL:  bar\n    sub r2, r2, 1\n"
                         "    setp.gt p0, r2, 0\n    @p0 bra L\n    exit\n"));
    CHECK(!k.div_branch[4]);
    kernel_free(&k);
    /* the same count taken through a loaded value, a barrier after the
     * loop: divergent, rejected (the threads that leave first wait at the
     * second barrier while the others are at the first) */
    CHECK(parse(&k, HDR "    ld r2, [r0]\nL:  bar\n    sub r2, r2, 1\n"
                        "    setp.gt p0, r2, 0\n    @p0 bra L\n    bar\n    exit\n"));
    CHECK(strstr(err, "t.k:5: barrier under divergent control") != NULL);
    kernel_free(&k);
    /* without the barrier after it, the loop is left only by the exit: it
     * runs, the leaving threads dropped from the stacks (docs/ptx.md,
     * "Loops left only by a return") */
    CHECK(!parse(&k, HDR "    ld r2, [r0]\nL:  bar\n    sub r2, r2, 1\n"
                         "    setp.gt p0, r2, 0\n    @p0 bra L\n    exit\n"));
    kernel_free(&k);
    /* a value defined under a divergent branch is divergent afterwards
     * (the side that skips the barrier waits at another one on its way
     * out: not an early return) */
    CHECK(parse(&k, HDR "    setp.eq p0, %tid, 0\n    @p0 bra J\n    mov r5, 1\n"
                        "J:  setp.eq p1, r5, 0\n    @p1 bra K\n    bar\nK:  st [r0], r5\n    bar\n    exit\n"));
    CHECK(strstr(err, "t.k:9: barrier under divergent control") != NULL);
    kernel_free(&k);
}

TEST(reference_barrier_and_exit)
{
    /* thread 0 exits early (uniform region of its own: after the last
     * barrier); every thread adds its neighbour's value written before the
     * barrier: the reference must have run every thread up to the barrier
     * before any continues */
    const char *t = ".kernel b\n.threads 8\n.mem 16\n"
                    "    mov r0, %tid\n    add r1, r0, 100\n    st [r0], r1\n    bar\n"
                    "    add r2, r0, 1\n    and r2, r2, 7\n    ld r3, [r2]\n"
                    "    setp.eq p0, r0, 0\n    @p0 bra Q\n    st [r0+8], r3\nQ:  exit\n";
    kernel k;
    ref_result r;
    CHECK(!parse(&k, t));
    CHECK(!ref_run(&k, 4, 100000, &r, err, sizeof err));
    for (unsigned i = 1; i < 8; i++)
        CHECK_EQ(r.mem[8 + i], 100 + (i + 1) % 8);
    CHECK_EQ(r.mem[8], 0);
    CHECK_EQ(r.len[0], 10);  /* 0..8, then exit at Q: thread 0 skips the st */
    CHECK_EQ(r.len[1], 11);
    CHECK_EQ(r.trace[0][9], 10); /* thread 0 jumps to Q (pc 10) */
    CHECK_EQ(r.trace[1][9], 9);  /* thread 1 stores */
    ref_free(&r);
    kernel_free(&k);
}

TEST(reference_step_limit)
{
    kernel k;
    ref_result r;
    CHECK(!parse(&k, HDR "    mov r1, 1\nL:  setp.ne p0, r1, 0\n    @p0 bra L\n    exit\n"));
    CHECK(ref_run(&k, 16, 1000, &r, err, sizeof err));
    CHECK(!strncmp(err, "t.k:", 4) && strstr(err, ": the reference ran 1000 ") != NULL);
    ref_free(&r);
    kernel_free(&k);
}

TEST(parse_errors)
{
    static const struct {
        const char *text, *want;
    } cases[] = {
        {HDR "    frob r1\n    exit\n", "t.k:4: unknown op 'frob'"},
        {HDR "    add r1, r2\n    exit\n", "t.k:4: add takes rD, A, B"},
        {HDR "    add r1, r99, 1\n    exit\n", "t.k:4: r99 out of range"},
        {HDR "    setp.xx p0, r1, 1\n    exit\n", "t.k:4: unknown comparison 'xx'"},
        {HDR "    bra NOPE\n    exit\n", "t.k:4: undefined label 'NOPE'"},
        {".kernel t\n.mem 4\n    exit\n", "t.k:1: missing .threads"},
        {".kernel t\n.threads 2000\n.mem 4\n    exit\n", "t.k:2: .threads takes a count 1..1024"},
        {HDR "    add r1, %foo, 1\n    exit\n", "t.k:4: unknown special register '%foo'"},
        {HDR "    add r1, 0x100000000, 1\n    exit\n", "t.k:4: bad operand '0x100000000'"},
        {HDR "L:  bra L\n", "t.k:4: no reachable exit"},
        {HDR "    mov r1, r2\n", "t.k:4: control falls off the end"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        kernel k;
        int rc = parse(&k, cases[i].text);
        CHECK(rc != 0);
        if (!strstr(err, cases[i].want)) {
            printf("  case %zu: got '%s', want '%s'\n", i, err, cases[i].want);
            CHECK(0);
        }
        CHECK(strchr(err, '\n') == NULL);
        kernel_free(&k);
    }
}

TEST(generator_kernels_valid)
{
    for (uint64_t seed = 1; seed <= 300; seed++) {
        char *t = gen_kernel(seed, 200);
        kernel k;
        ref_result r;
        int rc = parse(&k, t);
        if (rc)
            printf("  seed %llu: %s\n", (unsigned long long)seed, err);
        CHECK(!rc);
        if (!rc) {
            CHECK(!ref_run(&k, 16, 10000000, &r, err, sizeof err));
            ref_free(&r);
        }
        kernel_free(&k);
        char *u = gen_kernel(seed, 200);
        CHECK(!strcmp(t, u)); /* deterministic */
        free(t);
        free(u);
    }
}

int main(int argc, char **argv)
{
    test_args(argc, argv);
    RUN(alu_semantics);
    RUN(ipdom_fig1);
    RUN(ipdom_loops_and_exits);
    RUN(divergence_check);
    RUN(reference_barrier_and_exit);
    RUN(reference_step_limit);
    RUN(parse_errors);
    RUN(generator_kernels_valid);
    return test_summary();
}
