/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_ptx_fastmath.c -- the PTX forms clang emits under the flags a
 * reviewer may add to issue 25's command (docs/ptx.md "Flag variants"):
 * -ffast-math (div/sqrt/rcp/rsqrt .approx, rcp.approx.ftz.f64 and
 * rsqrt.approx.f64 for a double's square root and reciprocal) and
 * -fcuda-flush-denormals-to-zero (.ftz on every f32 instruction).  The
 * values are the PTX ISA manual's definitions worked by hand for the
 * operands given: .ftz flushes a subnormal f32 operand or result to a zero
 * of its sign; rcp.approx.ftz.f64 and rsqrt.approx.ftz.f64 do the same to
 * their f64 operand and result ("subnormal inputs and results are flushed
 * to sign-preserving zero"); the .approx values of normal operands are the
 * C library's (the front end's documented choice, within the manual's
 * bounds).  -fcuda-short-ptr: 32-bit .shared/.local addresses wrap at
 * 2^32.  Every body runs through the fast path and ptx_exec_general.
 */
#include <math.h>

#include "ptx_check.h"
#include "prog_check.h"

/* more float registers than ptx_check.h's DECLS: %h (f32), %hd (f64) */
#define HREGS ".reg .f32 %h<40>; .reg .f64 %hd<20>;\n"

/* -ffast-math's sqrt(double) is rcp.approx.ftz.f64 of rsqrt.approx.f64,
 * 1.0 / x is rcp.approx.ftz.f64: the f64 operand and result flushed */
TEST(f64_approx_with_ftz)
{
    env e;
    BOTH_PATHS {
        RUN_OK(e, NULL,
               HREGS "rcp.approx.ftz.f64 %hd1, 0d4008000000000000; rcp.approx.ftz.f64 %hd2, 0d0000000000000001;\n"
               "rcp.approx.ftz.f64 %hd3, 0d8000000000000001; rcp.approx.ftz.f64 %hd4, 0d7FE0000000000000;\n"
               "rcp.approx.ftz.f64 %hd5, 0dFFE0000000000000; rcp.approx.ftz.f64 %hd6, 0d7FF0000000000000;\n"
               "rcp.approx.ftz.f64 %hd7, 0d8000000000000000; rcp.approx.ftz.f64 %hd8, 0d7FF8000000000000;\n"
               "rcp.approx.ftz.f64 %hd9, 0d3FE0000000000000;\n"
               "rsqrt.approx.ftz.f64 %hd10, 0d4010000000000000; rsqrt.approx.ftz.f64 %hd11, 0d000FFFFFFFFFFFFF;\n"
               "rsqrt.approx.f64 %hd12, 0d4010000000000000; rcp.approx.ftz.f64 %hd13, %hd12;\n"
               "rsqrt.approx.ftz.f64 %hd14, 0d8000000000000001;");
        CHECK_EQ(R(&e, "%hd1"), 0x3fd5555555555555ull); /* 1/3, rounded once */
        CHECK_EQ(R(&e, "%hd2"), 0x7ff0000000000000ull); /* +subnormal -> +0 -> +inf */
        CHECK_EQ(R(&e, "%hd3"), 0xfff0000000000000ull); /* -subnormal -> -0 -> -inf */
        CHECK_EQ(R(&e, "%hd4"), 0ull);                  /* 2^-1023 is subnormal: +0 */
        CHECK_EQ(R(&e, "%hd5"), 0x8000000000000000ull); /* -2^-1023: -0 */
        CHECK_EQ(R(&e, "%hd6"), 0ull);
        CHECK_EQ(R(&e, "%hd7"), 0xfff0000000000000ull);
        CHECK(isnan(ptx_f64(R(&e, "%hd8"))));
        CHECK_EQ(R(&e, "%hd9"), 0x4000000000000000ull);
        CHECK_EQ(R(&e, "%hd10"), 0x3fe0000000000000ull); /* 1/sqrt(4) */
        CHECK_EQ(R(&e, "%hd11"), 0x7ff0000000000000ull); /* the largest subnormal flushed */
        CHECK_EQ(R(&e, "%hd13"), 0x4000000000000000ull); /* sqrt(4) the fast-math way */
        CHECK_EQ(R(&e, "%hd14"), 0xfff0000000000000ull); /* -subnormal -> -0 -> 1/sqrt(-0) = -inf */
        done(&e);
    }
}

/* -fcuda-flush-denormals-to-zero: every f32 form clang puts .ftz on, with
 * the least subnormal 2^-149 (0f00000001), its negative, and operands
 * whose exact result is subnormal */
TEST(ftz_on_every_f32_form)
{
    env e;
    BOTH_PATHS {
        RUN_OK(e, NULL,
               HREGS "mov.f32 %h1, 0f00000001; mov.f32 %h2, 0f80000001; mov.f32 %h3, 0f00800000;\n"
               /* add/sub/mul/fma/div: an operand flushed, or a subnormal result */
               "add.rn.ftz.f32 %h4, %h1, %h1; add.ftz.f32 %h5, %h1, 0f3F800000; sub.rn.ftz.f32 %h6, %h2, %h2;\n"
               "mul.rn.ftz.f32 %h7, %h3, 0f3F000000; mul.ftz.f32 %h8, %h2, 0f3F800000;\n"
               "fma.rn.ftz.f32 %h9, %h3, 0f3F000000, 0f00000000; fma.rn.ftz.f32 %h10, %h1, 0f4B000000, 0f00000000;\n"
               "div.rn.ftz.f32 %h11, %h3, 0f40000000; div.approx.ftz.f32 %h12, 0f3F800000, %h1;\n"
               "div.full.ftz.f32 %h13, %h2, 0f3F800000; div.approx.f32 %h14, 0f3F800000, 0f40400000;\n"
               /* sqrt/rcp/rsqrt */
               "sqrt.rn.ftz.f32 %h15, %h2; sqrt.approx.ftz.f32 %h16, 0f40800000; sqrt.approx.f32 %h17, %h1;\n"
               "rcp.rn.ftz.f32 %h18, %h1; rcp.approx.ftz.f32 %h19, %h2; rsqrt.approx.ftz.f32 %h20, %h1;\n"
               "rcp.approx.ftz.f32 %h21, 0f7F000000;\n"
               /* neg/abs/min/max */
               "neg.ftz.f32 %h22, %h1; abs.ftz.f32 %h23, %h2; min.ftz.f32 %h24, %h2, 0f00000000;\n"
               "max.ftz.f32 %h25, %h1, 0f80000000; min.f32 %h26, %h2, 0f00000000;\n"
               /* setp: a flushed subnormal equals zero */
               "setp.eq.ftz.f32 %p1, %h1, 0f00000000; setp.gt.ftz.f32 %p2, %h1, 0f00000000;\n"
               "setp.gt.f32 %p3, %h1, 0f00000000; setp.ltu.ftz.f32 %p4, %h2, 0f00000000;\n"
               "selp.u32 %r1, 1, 0, %p1; selp.u32 %r2, 1, 0, %p2; selp.u32 %r3, 1, 0, %p3; selp.u32 %r4, 1, 0, %p4;\n"
               /* cvt: f32 -> f64 and back, to integer, round to integral */
               "cvt.ftz.f64.f32 %hd1, %h2; cvt.f64.f32 %hd2, %h1; cvt.rn.ftz.f32.f64 %h27, 0d3800000000000000;\n"
               "cvt.rn.f32.f64 %h28, 0d3800000000000000; cvt.rzi.ftz.s32.f32 %r5, 0fC0200000;\n"
               "cvt.rni.ftz.f32.f32 %h29, %h2; cvt.rzi.ftz.f32.f32 %h30, 0f3FC00000; cvt.rzi.ftz.u32.f32 %r6, 0f40600000;\n"
               "cvt.rzi.ftz.s64.f32 %rd1, 0fCF000000;");
        CHECK_EQ(R(&e, "%h4"), 0u);          /* 2^-149 + 2^-149: both flushed */
        CHECK_EQ(R(&e, "%h5"), 0x3f800000u);
        CHECK_EQ(R(&e, "%h6"), 0u);          /* -0 - -0 = +0 */
        CHECK_EQ(R(&e, "%h7"), 0u);          /* 2^-126 / 2 = 2^-127 is subnormal */
        CHECK_EQ(R(&e, "%h8"), 0x80000000u); /* the sign kept */
        CHECK_EQ(R(&e, "%h9"), 0u);
        CHECK_EQ(R(&e, "%h10"), 0u);         /* 2^-149 flushed before 2^23 scales it */
        CHECK_EQ(R(&e, "%h11"), 0u);
        CHECK_EQ(R(&e, "%h12"), 0x7f800000u); /* 1 / +0 */
        CHECK_EQ(R(&e, "%h13"), 0x80000000u);
        CHECK_EQ(R(&e, "%h14"), 0x3eaaaaabu); /* 1/3 as IEEE division */
        CHECK_EQ(R(&e, "%h15"), 0x80000000u); /* sqrt(-0) */
        CHECK_EQ(R(&e, "%h16"), 0x40000000u);
        CHECK_EQ(R(&e, "%h17"), 0x1a3504f3u); /* no .ftz: sqrt(2^-149) */
        CHECK_EQ(R(&e, "%h18"), 0x7f800000u);
        CHECK_EQ(R(&e, "%h19"), 0xff800000u);
        CHECK_EQ(R(&e, "%h20"), 0x7f800000u);
        CHECK_EQ(R(&e, "%h21"), 0u);          /* 1 / 2^127 = 2^-127, subnormal: +0 */
        CHECK_EQ(R(&e, "%h22"), 0x80000000u);
        CHECK_EQ(R(&e, "%h23"), 0u);
        CHECK_EQ(R(&e, "%h26"), 0x80000001u); /* without .ftz the subnormal is smaller than 0 */
        CHECK(R(&e, "%h24") == 0u || R(&e, "%h24") == 0x80000000u); /* -0 vs +0: a zero */
        CHECK(R(&e, "%h25") == 0u || R(&e, "%h25") == 0x80000000u);
        CHECK_EQ(R(&e, "%r1"), 1u);
        CHECK_EQ(R(&e, "%r2"), 0u);
        CHECK_EQ(R(&e, "%r3"), 1u);
        CHECK_EQ(R(&e, "%r4"), 0u); /* -0 < 0 is false, and neither is NaN */
        CHECK_EQ(R(&e, "%hd1"), 0x8000000000000000ull);
        CHECK_EQ(R(&e, "%hd2"), 0x36a0000000000000ull); /* 2^-149 exactly */
        CHECK_EQ(R(&e, "%h27"), 0u);          /* 2^-127 from f64: subnormal in f32, flushed */
        CHECK_EQ(R(&e, "%h28"), 0x00400000u); /* kept without .ftz */
        CHECK_EQ(R(&e, "%r5"), 0xfffffffeu);  /* trunc(-2.5) */
        CHECK_EQ(R(&e, "%h29"), 0x80000000u);
        CHECK_EQ(R(&e, "%h30"), 0x3f800000u);
        CHECK_EQ(R(&e, "%r6"), 3u);
        CHECK_EQ(R(&e, "%rd1"), 0xffffffff80000000ull); /* -2^31 */
        done(&e);
    }
}

/* .ftz stays refused where PTX defines it on no f64 form, or where the
 * front end would have to guess */
TEST(ftz_refused_elsewhere)
{
    static const char *const bad[][2] = {
        {"add.ftz.f64 %fd1, %fd2, %fd3;", "t.ptx:16: unsupported PTX: .ftz on a type other than .f32"},
        {"sqrt.approx.ftz.f64 %fd1, %fd2;", "t.ptx:16: unsupported PTX: .ftz on a type other than .f32"},
        {"rcp.rn.ftz.f64 %fd1, %fd2;", "t.ptx:16: unsupported PTX: .ftz on a type other than .f32"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) expect_err(NULL, bad[i][0], -1, bad[i][1]);
}

/* -fcuda-short-ptr (with -mllvm -nvptx-short-ptr): .shared and .local
 * addresses in 32-bit registers.  The address [%r+imm] is computed in 32
 * bits, as the register is: a pointer before the array plus an offset
 * that reaches back into it wraps (clang's -O2 frame walk in own_batchlu
 * had [%r105+200] with %r105 = frame - 48 + 8k, which ran out of the
 * local window as 2^32 + 120 before) */
TEST(short_pointers_wrap_at_32_bits)
{
    env e;
    BOTH_PATHS {
        RUN_OK(e, ".shared .align 4 .b8 sh[64];\n",
               ".local .align 4 .b8 dep[64];\n"
               "mov.u32 %r1, dep; add.s32 %r2, %r1, -48; st.local.u32 [%r2+52], 7; ld.local.u32 %r3, [%r1+4];\n"
               "add.s32 %r4, %r1, 0x7fffffff; add.s32 %r4, %r4, 0x7fffffff; ld.local.u32 %r5, [%r4+6];\n"
               "mov.u32 %r6, sh; add.s32 %r7, %r6, -1024; st.shared.u32 [%r7+1032], 9; ld.shared.u32 %r8, [%r6+8];\n"
               "atom.shared.add.u32 %r9, [%r7+1032], 1; ld.shared.u32 %r10, [%r6+8]; mov.u32 %r13, %r9;\n"
               "st.local.v2.u32 [%r2+56], {%r3, %r8}; ld.local.v2.u32 {%r11, %r12}, [%r1+8];");
        CHECK_EQ(R(&e, "%r3"), 7u);
        CHECK_EQ(R(&e, "%r5"), 7u); /* dep - 2 + 6 */
        CHECK_EQ(R(&e, "%r8"), 9u);
        CHECK_EQ(R(&e, "%r10"), 10u); /* the atom's add landed on sh + 8 */
        CHECK_EQ(R(&e, "%r13"), 9u);  /* its old value (read: an atom's unread result is not written) */
        CHECK_EQ(R(&e, "%r11"), 7u);
        CHECK_EQ(R(&e, "%r12"), 9u);
        done(&e);
    }
}

int main(int argc, char **argv)
{
    test_args(argc, argv);
    RUN(f64_approx_with_ftz);
    RUN(ftz_on_every_f32_form);
    RUN(ftz_refused_elsewhere);
    RUN(short_pointers_wrap_at_32_bits);
    return test_summary();
}
