/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_ptx_calls.c -- the PTX front end's calls and warp-synchronous
 * instructions (split from tests/test_ptx.c, with its helpers in
 * tests/ptx_check.h): .func calls inlined at each site (tb/simt/ptx_call.c)
 * with parameters and results of every kind, guarded, nested, in loops, and
 * the calls refused with one line; shfl.sync, vote.sync, bar.warp.sync and
 * activemask through the reference (two warps, every lane against C), and
 * the cases CUDA leaves undefined stopped with one line.
 */
#include "ptx_check.h"

/* calls (ptx_call.c): each site inlined.  The functions: */
static const char *FUNCS =
    /* one parameter, one return value */
    ".func (.param .b32 func_retval0) sq(.param .b32 sq_p0)\n{\n.reg .b32 %r<3>;\n"
    "ld.param.u32 %r1, [sq_p0];\nmul.lo.s32 %r2, %r1, %r1;\nst.param.b32 [func_retval0+0], %r2;\nret;\n}\n"
    /* no parameters, no return value: a store */
    ".func mark()\n{\n.reg .b32 %r<2>;\n.reg .b64 %rd<2>;\nmov.u64 %rd1, 0;\nmov.u32 %r1, 77;\n"
    "st.global.u32 [%rd1+40], %r1;\nret;\n}\n"
    /* a ret in the middle; its label also in a second site */
    ".func (.param .b32 func_retval0) sgn(.param .b32 sgn_p0)\n{\n.reg .pred %p<2>;\n.reg .b32 %r<3>;\n"
    "ld.param.u32 %r1, [sgn_p0];\nsetp.ge.s32 %p1, %r1, 0;\n@%p1 bra POS;\nmov.u32 %r2, -1;\n"
    "st.param.b32 [func_retval0+0], %r2;\nret;\nPOS:\nmov.u32 %r2, 1;\nst.param.b32 [func_retval0+0], %r2;\nret;\n}\n"
    /* several parameters of different types: a char passed in a .b32 and
     * read with ld.param.s8, a .b64, a byte read with ld.param.u8, an f32,
     * a structure by value (.b8 array: v2 and an f64 at offset 8); the
     * result a structure too */
    ".func (.param .align 8 .b8 func_retval0[16]) mix(.param .b32 mix_p0, .param .b64 mix_p1, "
    ".param .b32 mix_p2, .param .f32 mix_p3, .param .align 8 .b8 mix_p4[16])\n{\n"
    ".reg .b16 %rs<2>;\n.reg .b32 %r<5>;\n.reg .b64 %rd<6>;\n.reg .f32 %f<2>;\n.reg .f64 %fd<3>;\n"
    "ld.param.s8 %rs1, [mix_p0];\ncvt.s64.s16 %rd1, %rs1;\nld.param.u64 %rd2, [mix_p1];\n"
    "add.s64 %rd3, %rd1, %rd2;\nld.param.u8 %r1, [mix_p2];\ncvt.u64.u32 %rd4, %r1;\nadd.s64 %rd3, %rd3, %rd4;\n"
    "ld.param.f32 %f1, [mix_p3];\ncvt.rzi.s64.f32 %rd4, %f1;\nadd.s64 %rd3, %rd3, %rd4;\n"
    "ld.param.v2.u32 {%r2, %r3}, [mix_p4];\nadd.s32 %r4, %r2, %r3;\nld.param.f64 %fd1, [mix_p4+8];\n"
    "add.rn.f64 %fd2, %fd1, %fd1;\nst.param.b64 [func_retval0+0], %rd3;\nst.param.b32 [func_retval0+8], %r4;\n"
    "st.param.f32 [func_retval0+12], %f1;\nst.param.f64 [func_retval0+8], %fd2;\nret;\n}\n"
    /* nested: sq(sq(x)) + sgn(x) */
    ".func (.param .b32 func_retval0) quad(.param .b32 quad_p0)\n{\n.reg .b32 %r<6>;\n"
    "ld.param.u32 %r1, [quad_p0];\n"
    "{\n.param .b32 param0;\nst.param.b32 [param0+0], %r1;\n.param .b32 retval0;\n"
    "call.uni (retval0), sq, (param0);\nld.param.b32 %r2, [retval0+0];\n}\n"
    "{\n.param .b32 param0;\nst.param.b32 [param0+0], %r2;\n.param .b32 retval0;\n"
    "call.uni (retval0), sq, (param0);\nld.param.b32 %r3, [retval0+0];\n}\n"
    "{\n.param .b32 param0;\nst.param.b32 [param0+0], %r1;\n.param .b32 retval0;\n"
    "call.uni (retval0), sgn, (param0);\nld.param.b32 %r4, [retval0+0];\n}\n"
    "add.s32 %r5, %r3, %r4;\nst.param.b32 [func_retval0+0], %r5;\nret;\n}\n";

/* the caller's sequence for a one-argument, one-result call: r = f(a) */
#define CALL1(f, a, r)                                                                              \
    "{\n.reg .b32 temp_param_reg;\n.param .b32 param0;\nst.param.b32 [param0+0], " a ";\n"        \
    ".param .b32 retval0;\ncall.uni (retval0),\n" f ",\n(\nparam0\n);\nld.param.b32 " r ", [retval0+0];\n}\n"

TEST(calls_inlined)
{
    env e;
    /* 0 and 1 parameters, a return value, two sites of sgn (both signs:
     * the ret in the middle and the last one), nested calls, a call in a
     * loop, a call skipped by a branch, a call in the branch taken */
    RUN_OK(e, FUNCS,
           "mov.u32 %r1, 7;\nmov.u32 %r2, -3;\n"
           CALL1("sq", "%r1", "%r3")
           "{\ncall.uni mark, ();\n}\n"
           CALL1("sgn", "%r2", "%r4")
           CALL1("sgn", "%r1", "%r5")
           CALL1("quad", "%r2", "%r6")
           /* a loop: r7 = sum of i^2, i = 0..3 */
           "mov.u32 %r7, 0;\nmov.u32 %r8, 0;\nLOOP:\n"
           CALL1("sq", "%r8", "%r9")
           "add.s32 %r7, %r7, %r9;\nadd.s32 %r8, %r8, 1;\nsetp.lt.u32 %p1, %r8, 4;\n@%p1 bra LOOP;\n"
           /* a branch around a call (taken: not called), then into one */
           "mov.u32 %r10, 5;\nsetp.eq.u32 %p2, %r1, 7;\n@%p2 bra SKIP;\n" CALL1("sq", "%r1", "%r10") "SKIP:\n"
           "mov.u32 %r11, 6;\n@!%p2 bra SKIP2;\n" CALL1("sq", "%r1", "%r11") "SKIP2:\n");
    CHECK_EQ(R(&e, "%r3"), 49);
    CHECK_EQ(w32(e.global + 40), 77);
    CHECK_EQ(R(&e, "%r4"), 0xffffffffu);
    CHECK_EQ(R(&e, "%r5"), 1);
    CHECK_EQ(R(&e, "%r6"), 81u - 1u);
    CHECK_EQ(R(&e, "%r7"), 0 + 1 + 4 + 9);
    CHECK_EQ(R(&e, "%r10"), 5);
    CHECK_EQ(R(&e, "%r11"), 49);
    /* the listing names each inlined body; the callee's labels renamed per
     * site; a ret as the last instruction is no branch */
    int named = 0, bras = 0;
    for (unsigned i = 0; i < e.p.n; i++) {
        named += !strncmp(e.p.label[i], "sq_c", 4) || !strncmp(e.p.label[i], "sgn_c", 5);
        bras += !strcmp(e.p.ins[i].text, "bra $__ret_c2");
    }
    CHECK(named >= 5);
    CHECK_EQ(bras, 1); /* sgn's first ret, in the middle */
    done(&e);

    /* guarded calls: @p and @!p, taken and not, one with a return value
     * (a branch on the negated guard around the inlined body) */
    RUN_OK(e, FUNCS,
           "mov.u32 %r1, 6;\nmov.u32 %r2, 1;\nmov.u32 %r3, 2;\nmov.u64 %rd1, 0;\nst.global.u32 [%rd1+40], %r2;\n"
           "setp.eq.u32 %p1, %r1, 6;\nsetp.ne.u32 %p2, %r1, 6;\n"
           "{\n.param .b32 param0;\nst.param.b32 [param0+0], %r1;\n.param .b32 retval0;\n"
           "@%p1 call.uni (retval0), sq, (param0);\nld.param.b32 %r2, [retval0+0];\n}\n"
           "{\n.param .b32 param0;\nst.param.b32 [param0+0], %r1;\n.param .b32 retval0;\n"
           "@%p2 call.uni (retval0), sq, (param0);\n@%p2 ld.param.b32 %r3, [retval0+0];\n}\n"
           "@!%p1 call.uni mark, ();\nld.global.u32 %r4, [%rd1+40];\n"
           "@!%p2 call.uni mark, ();\nld.global.u32 %r5, [%rd1+40];\n");
    CHECK_EQ(R(&e, "%r2"), 36);
    CHECK_EQ(R(&e, "%r3"), 2);
    CHECK_EQ(R(&e, "%r4"), 1);
    CHECK_EQ(R(&e, "%r5"), 77);
    done(&e);

    /* several parameters of different types, a structure each way */
    RUN_OK(e, FUNCS,
           "mov.u32 %r1, 0x1fe;\nmov.u64 %rd1, 1000;\nmov.u32 %r2, 0x1ff;\nmov.f32 %f1, 0f40B00000;\n"
           "mov.u32 %r3, 3;\nmov.u32 %r4, 4;\nmov.f64 %fd1, 0d3FF8000000000000;\n"
           "{\n.param .b32 param0;\nst.param.b32 [param0+0], %r1;\n.param .b64 param1;\n"
           "st.param.b64 [param1+0], %rd1;\n.param .b32 param2;\nst.param.b32 [param2+0], %r2;\n"
           ".param .b32 param3;\nst.param.f32 [param3+0], %f1;\n.param .align 8 .b8 param4[16];\n"
           "st.param.v2.b32 [param4+0], {%r3, %r4};\nst.param.f64 [param4+8], %fd1;\n"
           ".param .align 8 .b8 retval0[16];\n"
           "call.uni (retval0), mix, (param0, param1, param2, param3, param4);\n"
           "ld.param.b64 %rd2, [retval0+0];\nld.param.f64 %fd2, [retval0+8];\n}\n");
    /* (char)0xfe = -2, + 1000, + 0xff, + (s64)5.5 = 5 */
    CHECK_EQ(R(&e, "%rd2"), (uint64_t)(-2 + 1000 + 0xff + 5));
    CHECK(D(&e, "%fd2") == 3.0);
    done(&e);

    /* function pointers (realworld11): a mov of a function's address, a
     * call through the register with a prototype, to each of the two
     * functions whose address is taken: sq(7), then sgn(-7); a pointer to
     * neither stops the run (the trap of the chain) */
#define ICALL                                                                                       \
    "{\n.param .b32 param0;\nst.param.b32 [param0+0], %r1;\n.param .b32 retval0;\n"                \
    "prototype_0 : .callprototype (.param .b32 _) _ (.param .b32 _);\n"                           \
    "call (retval0), %rd1, (param0), prototype_0;\nld.param.b32 %r2, [retval0+0];\n}\n"
    RUN_OK(e, FUNCS, "mov.u32 %r1, 7;\nmov.u64 %rd1, sq;\nmov.u64 %rd2, sgn;\n" ICALL);
    CHECK_EQ(R(&e, "%r2"), 49);
    done(&e);
    RUN_OK(e, FUNCS, "mov.u32 %r1, -7;\nmov.u64 %rd2, sq;\nLX:\nmov.u64 %rd1, sgn;\n" ICALL); /* a mov after a label (-O0) */
    CHECK_EQ(R(&e, "%r2"), 0xffffffffu);
    done(&e);
    expect_err(FUNCS, "mov.u32 %r1, 7;\nmov.u64 %rd2, sq;\nmov.u64 %rd3, sgn;\nmov.u64 %rd1, 64;\n" ICALL, -1,
               "t.ptx:113): indirect call through a pointer (0x40) to none of the 2 functions whose address");
#undef ICALL

    /* refused: recursion (direct, mutual), an extern function, an
     * indirect call, a register as an argument, wrong argument counts */
    const char *rec = ".func (.param .b32 func_retval0) rec(.param .b32 rec_p0)\n{\n.reg .b32 %r<3>;\n"
                      "ld.param.u32 %r1, [rec_p0];\n" CALL1("rec", "%r1", "%r2")
                      "st.param.b32 [func_retval0+0], %r2;\nret;\n}\n";
    expect_err(rec, CALL1("rec", "%r1", "%r2"), -1, "t.ptx:13: unsupported PTX: recursive call of 'rec'");
    const char *mut = ".func ping()\n{\ncall.uni pong, ();\nret;\n}\n.func pong()\n{\ncall.uni ping, ();\nret;\n}\n";
    expect_err(mut, "call.uni ping, ();", -1, "t.ptx:11: unsupported PTX: recursive call of 'ping' (through other functions)");
    expect_err(".extern .func (.param .b32 func_retval0) ext(.param .b32 ext_p0);\n", CALL1("ext", "%r1", "%r2"), -1,
               "unsupported PTX: call of 'ext', which the module declares but does not define (extern)");
    expect_err(FUNCS, "{\n.param .b32 param0;\n.param .b32 retval0;\nprototype_0 : .callprototype (.param .b32 _) _ (.param .b32 _);\n"
               "call (retval0), %rd1, (param0), prototype_0;\n}", -1, "unsupported PTX: indirect call");
    /* a call through a pointer no function of its prototype can be
     * (sgn's and sq's addresses are not taken here) */
    expect_err(FUNCS, "{\n.param .b32 param0;\n.param .b32 retval0;\nprototype_0 : .callprototype (.param .b32 _) _ (.param .b32 _);\n"
               "call (retval0), %rd1, (param0), prototype_0;\n}", -1,
               "unsupported PTX: indirect call through %rd1: the module takes the address of no function with 1 argument and 1 return value");
    expect_err(FUNCS, "{\n.param .b32 retval0;\ncall (retval0), %rd1, (%r1);\n}", -1,
               "unsupported PTX: indirect call through %rd1");
    expect_err(FUNCS, "{\n.param .b32 retval0;\ncall (retval0), sq, (%r1);\n}", -1,
               "unsupported PTX: call argument %r1 is a register, not a .param");
    expect_err(FUNCS, "{\n.param .b32 param0;\ncall sq, (param0);\n}", -1,
               "call of 'sq' with 0 return values, it has 1");
    expect_err(FUNCS, "{\n.param .b32 param0;\nst.param.b32 [param0+4], %r1;\n}", -1,
               "unsupported PTX: an access at offset 4 of the scalar call parameter 'param0'");
    /* a function with two return values: refused where it is called,
     * skipped where nobody calls it */
    const char *two = ".func (.param .b32 r0, .param .b32 r1) two()\n{\nret;\n}\n";
    expect_err(two, "call.uni (retval0, retval1), two, ();", -1, "t.ptx:4: unsupported PTX: a function with 2 return values");
    RUN_OK(e, two, "mov.u32 %r1, 3;");
    CHECK_EQ(R(&e, "%r1"), 3);
    done(&e);
    /* clang -O0 takes the address of a structure passed by value (mov.b64
     * %rd, f_param_1; realworld5's raytrace at -O0) and reads the fields
     * by name: the address is the site's .local array's, the fields read
     * as they were stored; reading through the address (ld.param [%rd]),
     * and the address of a scalar parameter, refused with one line */
    const char *byval = ".func (.param .b32 func_retval0) dot(.param .b64 dot_p0, .param .align 4 .b8 dot_p1[8])\n{\n"
                        ".reg .b32 %r<4>;\n.reg .b64 %rd<3>;\nmov.b64 %rd2, dot_p1;\nld.param.u32 %r1, [dot_p1];\n"
                        "ld.param.u32 %r2, [dot_p1+4];\nmul.lo.s32 %r3, %r1, %r2;\nst.param.b32 [func_retval0+0], %r3;\nret;\n}\n";
    const char *site = "mov.u32 %r1, 6;\nmov.u32 %r2, 7;\n{\n.param .b64 param0;\nst.param.b64 [param0+0], %rd1;\n"
                       ".param .align 4 .b8 param1[8];\nst.param.v2.b32 [param1+0], {%r1, %r2};\n.param .b32 retval0;\n"
                       "call.uni (retval0), dot, (param0, param1);\nld.param.b32 %r3, [retval0+0];\n}\n";
    RUN_OK(e, byval, site);
    CHECK_EQ(R(&e, "%r3"), 42);
    done(&e);
    const char *via = ".func (.param .b32 func_retval0) dot(.param .b64 dot_p0, .param .align 4 .b8 dot_p1[8])\n{\n"
                      ".reg .b32 %r<4>;\n.reg .b64 %rd<3>;\nmov.b64 %rd2, dot_p1;\nld.param.u32 %r1, [dot_p1];\n"
                      "ld.param.u32 %r2, [%rd2+4];\nmul.lo.s32 %r3, %r1, %r2;\nst.param.b32 [func_retval0+0], %r3;\nret;\n}\n";
    expect_err(via, site, -1, "t.ptx:10: unsupported PTX: ld.param.u32 through a register in a function body (a call parameter's address)");
    expect_err(".func f(.param .b32 f_p0)\n{\n.reg .b64 %rd<2>;\nmov.b64 %rd1, f_p0;\nret;\n}\n",
               "{\n.param .b32 param0;\nst.param.b32 [param0+0], %r1;\ncall.uni f, (param0);\n}\n", -1,
               "unsupported PTX: the address of the scalar call parameter 'f_p0'");
    /* a callee sees its own registers, not its caller's */
    expect_err(".func f()\n{\nadd.u32 %r1, %r1, 1;\nret;\n}\n", "call.uni f, ();", -1,
               "t.ptx:6: undeclared register %r1");
}

TEST(warp_sync_semantics)
{
    /* the PTX ISA's shfl.sync (j from lane, b and the clamp word c: its
     * segment mask c[12:8] and clamp c[4:0]; out of range: the own value,
     * p = 0) and vote.sync, two full warps, every lane against C */
    refp_result r;
    const char *body =
        "shfl.sync.down.b32 %r3|%p1, %r2, 3, 31, -1;\nst.global.u32 [%rd1], %r3;\n"
        "selp.u32 %r4, 1, 0, %p1;\nst.global.u32 [%rd1+256], %r4;\n"
        "shfl.sync.up.b32 %r5, %r2, 2, 6144, -1;\nst.global.u32 [%rd1+512], %r5;\n"
        "mov.u32 %r6, 5;\nmov.u32 %r7, -1;\nshfl.sync.bfly.b32 %r8, %r2, %r6, 31, %r7;\nst.global.u32 [%rd1+768], %r8;\n"
        "shfl.sync.idx.b32 %r9, %r2, 37, 4127, -1;\nst.global.u32 [%rd1+1024], %r9;\n"
        "rem.u32 %r10, %r1, 3;\nsetp.eq.u32 %p2, %r10, 0;\nvote.sync.ballot.b32 %r11, !%p2, -1;\nst.global.u32 [%rd1+1280], %r11;\n"
        "setp.lt.u32 %p3, %r1, 40;\nvote.sync.uni.pred %p4, %p3, -1;\nvote.sync.all.pred %p5, %p3, -1;\n"
        "vote.sync.any.pred %p6, %p2, -1;\nselp.u32 %r12, 1, 0, %p4;\nselp.u32 %r13, 2, 0, %p5;\nselp.u32 %r14, 4, 0, %p6;\n"
        "or.b32 %r15, %r12, %r13;\nor.b32 %r15, %r15, %r14;\nst.global.u32 [%rd1+1536], %r15;\n"
        "bar.warp.sync -1;\nactivemask.b32 %r16;\nst.global.u32 [%rd1+1792], %r16;";
    CHECK_EQ(warp_run(64, body, &r), 0);
    for (unsigned t = 0; t < 64 && r.global; t++) {
        unsigned l = t % 32, w0 = t - l, ballot = 0;
        for (unsigned k = 0; k < 32; k++) ballot |= (unsigned)((w0 + k) % 3 != 0) << k;
#define V(j) (((w0 + (j)) * 7u + 1u))
        CHECK_EQ(word(&r, 0, t), l + 3 <= 31 ? V(l + 3) : V(l));
        CHECK_EQ(word(&r, 1, t), l + 3 <= 31);
        CHECK_EQ(word(&r, 2, t), (int)l - 2 >= (int)(l & 24) ? V(l - 2) : V(l)); /* width 8 */
        CHECK_EQ(word(&r, 3, t), V(l ^ 5));
        CHECK_EQ(word(&r, 4, t), V((l & 16) | 5)); /* width 16, lane 37 & 31 & 15 */
        CHECK_EQ(word(&r, 5, t), ballot);
        CHECK_EQ(word(&r, 6, t), (w0 == 0 ? 1u | 2u : 0u) | 4u); /* uni, all; any */
        CHECK_EQ(word(&r, 7, t), 0xffffffffu);
#undef V
    }
    refp_free(&r);
    /* activemask in a divergent branch: the lanes waiting there together;
     * a vote with the branch's own mask */
    CHECK_EQ(warp_run(64, "and.b32 %r3, %r1, 3;\nsetp.ne.u32 %p1, %r3, 0;\n@%p1 bra SKIP;\n"
                          "activemask.b32 %r4;\nvote.sync.ballot.b32 %r5, %p1, %r4;\nadd.u32 %r4, %r4, %r5;\n"
                          "st.global.u32 [%rd1], %r4;\nSKIP:", &r), 0);
    for (unsigned t = 0; t < 64 && r.global; t++) CHECK_EQ(word(&r, 0, t), t % 4 ? 0u : 0x11111111u);
    refp_free(&r);
    /* undefined in CUDA: one line, rc -2, never a value */
    CHECK_EQ(warp_run(40, "shfl.sync.down.b32 %r3, %r2, 3, 31, -1;", &r), -2);
    CHECK(strstr(err, "w.ptx:15: shfl.sync: lane 5 of warp 1 (CTA 0,0,0) reads lane 8, which has exited or does not exist: undefined in CUDA") != NULL);
    refp_free(&r);
    CHECK_EQ(warp_run(64, "setp.lt.u32 %p1, %r1, 3;\n@%p1 bra A;\nshfl.sync.idx.b32 %r3, %r2, 0, 31, -1;\nbra.uni B;\n"
                          "A:\nshfl.sync.idx.b32 %r3, %r2, 1, 31, -1;\nB:", &r), -2);
    CHECK(strstr(err, "w.ptx:20: shfl.sync: lane 0 of warp 0 (CTA 0,0,0) waits for lane 3 (membermask 0xffffffff), which waits at line 17 (shfl.sync.idx.b32 %r3, %r2, 0, 31, -1), another instruction") != NULL);
    refp_free(&r);
    CHECK_EQ(warp_run(64, "setp.lt.u32 %p1, %r1, 60;\n@%p1 vote.sync.any.pred %p2, %p1, -1;", &r), -2);
    CHECK(strstr(err, "w.ptx:16: vote.sync: lane 0 of warp 1 (CTA 0,0,0) waits for lane 28 of its membermask 0xffffffff, which does not execute it (its guard is false)") != NULL);
    refp_free(&r);
    CHECK_EQ(warp_run(64, "bar.warp.sync 6;", &r), -2);
    CHECK(strstr(err, "bar.warp.sync: lane 0 of warp 0 (CTA 0,0,0) is not in its own membermask 0x00000006") != NULL);
    refp_free(&r);
    CHECK_EQ(warp_run(64, "setp.lt.u32 %p1, %r1, 3;\n@%p1 bra A;\nbar.warp.sync -1;\nA:\nbar.sync 0;", &r), -2);
    CHECK(strstr(err, "w.ptx:17: bar.warp.sync: lane 3 of warp 0 (CTA 0,0,0) waits for lane 0 (membermask 0xffffffff), which waits at the CTA barrier of line 19") != NULL);
    refp_free(&r);
}

int main(int argc, char **argv)
{
    test_args(argc, argv);
    RUN(calls_inlined);
    RUN(warp_sync_semantics);
    return test_summary();
}
