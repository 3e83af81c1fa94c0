/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_ptx.c -- the PTX front end (tb/simt/ptx*.c): every class
 * of instruction against values computed here independently (C's own
 * integer and IEEE arithmetic, or the PTX ISA's definition written out),
 * edge cases first: shifts by the width or more, truncating div/rem,
 * signed/unsigned min/max, bfe/bfi, clz/popc/brev, unordered setp, cvt's
 * rounding modes and float->int saturation, fma's single rounding against
 * mul then add, sign/zero extension of narrow loads, little-endian memory,
 * vector ld/st, atomics (cas/inc/dec included) on global and shared memory,
 * predicated-off instructions leaving every state bit alone, generic
 * addresses, out-of-range and misaligned accesses; and the parser's
 * refusals ("file:line: unsupported PTX: ...") and errors.
 *
 * Each case is a small .entry run by one thread (thread 5 of CTA (2,0,0),
 * 32-thread warps) straight through prog_ops.exec, so the registers and the
 * 256 bytes of global and shared memory can be checked after it
 * (tests/ptx_check.h).  Calls and the warp-synchronous instructions are
 * tests/test_ptx_calls.c's.
 */
#include <fenv.h>
#include <math.h>

#include "ptx_check.h"
#include "prog_check.h"

static float F(env *e, const char *name)
{
    uint32_t u = (uint32_t)R(e, name);
    float f;
    memcpy(&f, &u, 4);
    return f;
}
static uint32_t fb(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

TEST(integer_arithmetic)
{
    env e;
    RUN_OK(e, NULL,
           "mov.u32 %r1, -7; mov.u32 %r2, 2; mov.u32 %r3, 0x80000000; mov.u32 %r4, -1;\n"
           "add.s32 %r5, %r1, %r2; sub.s32 %r6, %r2, %r1;\n"
           "mul.lo.s32 %r7, %r1, %r2; mul.hi.s32 %r8, %r1, %r2; mul.hi.u32 %r9, %r1, %r2;\n"
           "mul.wide.s32 %rd1, %r1, %r2; mul.wide.u32 %rd2, %r1, %r2;\n"
           "mad.lo.s32 %r10, %r1, %r2, 100; mad.wide.s32 %rd3, %r1, %r2, %rd2;\n"
           "mov.u64 %rd4, -3; mov.u64 %rd5, 0x7fffffffffffffff; mul.hi.s64 %rd6, %rd4, %rd5;\n"
           "mul.hi.u64 %rd7, %rd4, %rd5; mul.lo.u64 %rd8, %rd4, %rd5;\n"
           "neg.s32 %r11, %r1; abs.s32 %r12, %r1; abs.s32 %r13, %r3;\n"
           "add.sat.s32 %r14, %r3, %r4; sub.sat.s32 %r15, %r3, 1;\n"
           "mad.hi.s32 %r16, %r1, %r2, 5;");
    CHECK_EQ(R(&e, "%r5"), (uint32_t)-5);
    CHECK_EQ(R(&e, "%r6"), 9);
    CHECK_EQ(R(&e, "%r7"), (uint32_t)-14);
    CHECK_EQ(R(&e, "%r8"), 0xffffffffu);                     /* high half of -14 */
    CHECK_EQ(R(&e, "%r9"), 1);                               /* 0xfffffff9 * 2 >> 32 */
    CHECK_EQ(R(&e, "%rd1"), (uint64_t)-14);
    CHECK_EQ(R(&e, "%rd2"), 0x1fffffff2ull);
    CHECK_EQ(R(&e, "%r10"), 86);
    CHECK_EQ(R(&e, "%rd3"), 0x1fffffff2ull - 14);
    CHECK_EQ(R(&e, "%rd6"), (uint64_t)(int64_t)(((__int128)-3 * (__int128)0x7fffffffffffffffll) >> 64));
    CHECK_EQ(R(&e, "%rd7"), (uint64_t)(((unsigned __int128)(uint64_t)-3 * 0x7fffffffffffffffull) >> 64));
    CHECK_EQ(R(&e, "%rd8"), (uint64_t)-3 * 0x7fffffffffffffffull);
    CHECK_EQ(R(&e, "%r11"), 7);
    CHECK_EQ(R(&e, "%r12"), 7);
    CHECK_EQ(R(&e, "%r13"), 0x80000000u); /* abs(INT_MIN) = INT_MIN */
    CHECK_EQ(R(&e, "%r14"), 0x80000000u); /* saturated */
    CHECK_EQ(R(&e, "%r15"), 0x80000000u);
    CHECK_EQ(R(&e, "%r16"), 4);           /* hi(-14) = -1, + 5 */
    done(&e);
}

TEST(div_rem_truncate)
{
    env e;
    RUN_OK(e, NULL,
           "mov.u32 %r1, -7; mov.u32 %r2, 2; mov.u32 %r3, 7; mov.u32 %r4, -2;\n"
           "div.s32 %r5, %r1, %r2; rem.s32 %r6, %r1, %r2; div.s32 %r7, %r3, %r4; rem.s32 %r8, %r3, %r4;\n"
           "div.u32 %r9, %r1, %r2; rem.u32 %r10, %r1, %r2;\n"
           "mov.u32 %r11, 0x80000000; mov.u32 %r12, -1; div.s32 %r13, %r11, %r12; rem.s32 %r14, %r11, %r12;\n"
           "mov.u64 %rd1, -9; mov.u64 %rd2, 4; div.s64 %rd3, %rd1, %rd2; rem.s64 %rd4, %rd1, %rd2;\n"
           "div.u64 %rd5, %rd1, %rd2;");
    CHECK_EQ(R(&e, "%r5"), (uint32_t)-3);
    CHECK_EQ(R(&e, "%r6"), (uint32_t)-1);
    CHECK_EQ(R(&e, "%r7"), (uint32_t)-3);
    CHECK_EQ(R(&e, "%r8"), 1);
    CHECK_EQ(R(&e, "%r9"), 0xfffffff9u / 2);
    CHECK_EQ(R(&e, "%r10"), 1);
    CHECK_EQ(R(&e, "%r13"), 0x80000000u);
    CHECK_EQ(R(&e, "%r14"), 0);
    CHECK_EQ(R(&e, "%rd3"), (uint64_t)-2);
    CHECK_EQ(R(&e, "%rd4"), (uint64_t)-1);
    CHECK_EQ(R(&e, "%rd5"), 0xfffffffffffffff7ull / 4);
    done(&e);
    /* division by zero stops the run with the thread, pc and line */
    memset(&e, 0, sizeof e);
    CHECK_EQ(run(&e, NULL, "mov.u32 %r1, 5;\nmov.u32 %r2, 0;\ndiv.u32 %r3, %r1, %r2;"), -1);
    CHECK(strstr(err, "thread 5 of CTA (2,0,0): pc 2 (t.ptx:") && strstr(err, "division by zero"));
    done(&e);
}

TEST(min_max_signed_unsigned)
{
    env e;
    RUN_OK(e, NULL,
           "mov.u32 %r1, -1; mov.u32 %r2, 3;\n"
           "min.s32 %r3, %r1, %r2; max.s32 %r4, %r1, %r2; min.u32 %r5, %r1, %r2; max.u32 %r6, %r1, %r2;\n"
           "mov.u64 %rd1, -5; mov.u64 %rd2, 2; min.s64 %rd3, %rd1, %rd2; min.u64 %rd4, %rd1, %rd2;\n"
           "mov.b16 %rs1, 0x8000; mov.b16 %rs2, 1; min.s16 %rs3, %rs1, %rs2; min.u16 %rs4, %rs1, %rs2;");
    CHECK_EQ(R(&e, "%r3"), 0xffffffffu);
    CHECK_EQ(R(&e, "%r4"), 3);
    CHECK_EQ(R(&e, "%r5"), 3);
    CHECK_EQ(R(&e, "%r6"), 0xffffffffu);
    CHECK_EQ(R(&e, "%rd3"), (uint64_t)-5);
    CHECK_EQ(R(&e, "%rd4"), 2);
    CHECK_EQ(R(&e, "%rs3"), 0x8000);
    CHECK_EQ(R(&e, "%rs4"), 1);
    done(&e);
}

TEST(shifts_clamp_at_width)
{
    env e;
    RUN_OK(e, NULL,
           "mov.u32 %r1, 0x80000001; mov.u32 %r2, -8;\n"
           "shl.b32 %r3, %r1, 31; shl.b32 %r4, %r1, 32; shl.b32 %r5, %r1, 33; shl.b32 %r6, %r1, 0xffffffff;\n"
           "shr.u32 %r7, %r1, 31; shr.u32 %r8, %r1, 40; shr.s32 %r9, %r2, 1; shr.s32 %r10, %r2, 40;\n"
           "shr.s32 %r11, %r1, 100; shr.b32 %r12, %r2, 32;\n"
           "mov.u64 %rd1, 1; shl.b64 %rd2, %rd1, 63; shl.b64 %rd3, %rd1, 64; shr.s64 %rd4, %rd2, 70;\n"
           "mov.u32 %r13, 0x12345678; mov.u32 %r14, 0x9abcdef0;\n"
           "shf.l.wrap.b32 %r15, %r13, %r14, 36; shf.r.clamp.b32 %r16, %r13, %r14, 40; shf.r.wrap.b32 %r17, %r13, %r14, 8;");
    CHECK_EQ(R(&e, "%r3"), 0x80000000u);
    CHECK_EQ(R(&e, "%r4"), 0);
    CHECK_EQ(R(&e, "%r5"), 0);
    CHECK_EQ(R(&e, "%r6"), 0);
    CHECK_EQ(R(&e, "%r7"), 1);
    CHECK_EQ(R(&e, "%r8"), 0);
    CHECK_EQ(R(&e, "%r9"), (uint32_t)-4);
    CHECK_EQ(R(&e, "%r10"), 0xffffffffu);
    CHECK_EQ(R(&e, "%r11"), 0xffffffffu); /* the sign of 0x80000001 */
    CHECK_EQ(R(&e, "%r12"), 0);            /* .b: logical */
    CHECK_EQ(R(&e, "%rd2"), 0x8000000000000000ull);
    CHECK_EQ(R(&e, "%rd3"), 0);
    CHECK_EQ(R(&e, "%rd4"), 0xffffffffffffffffull);
    /* funnel shifts of {b:a} = 0x9abcdef0_12345678 */
    CHECK_EQ(R(&e, "%r15"), (uint32_t)((0x9abcdef012345678ull << 4) >> 32)); /* 36 & 31 = 4 */
    CHECK_EQ(R(&e, "%r16"), 0x9abcdef0u);                                   /* clamped to 32 */
    CHECK_EQ(R(&e, "%r17"), (uint32_t)(0x9abcdef012345678ull >> 8));
    done(&e);
}

/* the PTX ISA's bfe, bit by bit */
static uint32_t bfe_ref(uint32_t a, unsigned pos, unsigned len, int sgn)
{
    unsigned msb = 31;
    int sbit = 0;
    if (sgn && len) sbit = (a >> (pos + len - 1 < msb ? pos + len - 1 : msb)) & 1;
    uint32_t d = 0;
    for (unsigned i = 0; i <= msb; i++) {
        unsigned bit = (i < len && pos + i <= msb) ? (a >> (pos + i)) & 1 : (unsigned)sbit;
        d |= bit << i;
    }
    return d;
}

TEST(bit_fields_and_counts)
{
    static const unsigned cases[][2] = {{4, 8}, {28, 8}, {0, 0}, {31, 1}, {0, 32}, {40, 4}, {8, 255}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        char body[1024];
        snprintf(body, sizeof body,
                 "mov.u32 %%r1, 0x9abcdef0; bfe.u32 %%r2, %%r1, %u, %u; bfe.s32 %%r3, %%r1, %u, %u;\n"
                 "mov.u32 %%r4, 0x5a5; mov.u32 %%r5, 0xffff0000; bfi.b32 %%r6, %%r4, %%r5, %u, %u;",
                 cases[c][0], cases[c][1], cases[c][0], cases[c][1], cases[c][0], cases[c][1]);
        env e;
        RUN_OK(e, NULL, body);
        CHECK_EQ(R(&e, "%r2"), bfe_ref(0x9abcdef0u, cases[c][0], cases[c][1], 0));
        CHECK_EQ(R(&e, "%r3"), bfe_ref(0x9abcdef0u, cases[c][0], cases[c][1], 1));
        uint32_t f = 0xffff0000u;
        for (unsigned i = 0; i < cases[c][1] && cases[c][0] + i < 32; i++) {
            uint32_t b = 1u << (cases[c][0] + i);
            f = ((0x5a5u >> i) & 1) ? f | b : f & ~b;
        }
        CHECK_EQ(R(&e, "%r6"), f);
        done(&e);
    }
    env e;
    RUN_OK(e, NULL,
           "mov.u32 %r1, 0x00f00001; clz.b32 %r2, %r1; popc.b32 %r3, %r1; brev.b32 %r4, %r1;\n"
           "mov.u32 %r5, 0; clz.b32 %r6, %r5; popc.b32 %r7, %r5;\n"
           "mov.u64 %rd1, 0x0000000100000003; clz.b64 %r8, %rd1; popc.b64 %r9, %rd1; brev.b64 %rd2, %rd1;\n"
           "mov.u32 %r10, 0x44332211; mov.u32 %r11, 0x88776655; prmt.b32 %r12, %r10, %r11, 0x7340;\n"
           "prmt.b32 %r13, %r10, %r11, 0x000f;\n"
           "not.b32 %r14, %r1; cnot.b32 %r15, %r5; cnot.b32 %r16, %r1;\n"
           "and.b32 %r17, %r1, 0xff; or.b32 %r18, %r1, 0xf; xor.b32 %r19, %r1, %r1;");
    CHECK_EQ(R(&e, "%r2"), 8);
    CHECK_EQ(R(&e, "%r3"), 5);
    CHECK_EQ(R(&e, "%r4"), 0x80000f00u);
    CHECK_EQ(R(&e, "%r6"), 32);
    CHECK_EQ(R(&e, "%r7"), 0);
    CHECK_EQ(R(&e, "%r8"), 31);
    CHECK_EQ(R(&e, "%r9"), 3);
    CHECK_EQ(R(&e, "%rd2"), 0xc000000080000000ull);
    CHECK_EQ(R(&e, "%r12"), 0x88445511u); /* bytes 0, 4, 3, 7 of {b:a} */
    CHECK_EQ(R(&e, "%r13"), 0x111111ffu); /* selector 0xf: byte 7 sign-replicated (0x88 -> ff) */
    CHECK_EQ(R(&e, "%r14"), 0xff0ffffeu);
    CHECK_EQ(R(&e, "%r15"), 1);
    CHECK_EQ(R(&e, "%r16"), 0);
    CHECK_EQ(R(&e, "%r17"), 1);
    CHECK_EQ(R(&e, "%r18"), 0x00f0000fu);
    CHECK_EQ(R(&e, "%r19"), 0);
    done(&e);
}

TEST(setp_selp_slct_predicates)
{
    env e;
    RUN_OK(e, NULL,
           "mov.u32 %r1, -1; mov.u32 %r2, 1;\n"
           "setp.lt.s32 %p1, %r1, %r2; setp.lt.u32 %p2, %r1, %r2; setp.hi.u32 %p3, %r1, %r2;\n"
           "setp.ne.s32 %p4|%p5, %r1, %r2;\n"
           "setp.eq.and.s32 %p6, %r1, %r1, %p2; setp.eq.or.s32 %p7, %r1, %r2, %p1;\n"
           "and.pred %p8, %p1, %p3; or.pred %p9, %p2, %p5;\n"
           "selp.b32 %r3, 10, 20, %p1; selp.b32 %r4, 10, 20, %p2;\n"
           "slct.b32.s32 %r5, 10, 20, %r1; slct.b32.s32 %r6, 10, 20, %r2;\n"
           "not.pred %p0, %p1; xor.pred %p0, %p0, %p0;");
    CHECK_EQ(R(&e, "%p1"), 1);
    CHECK_EQ(R(&e, "%p2"), 0);
    CHECK_EQ(R(&e, "%p3"), 1);
    CHECK_EQ(R(&e, "%p4"), 1);
    CHECK_EQ(R(&e, "%p5"), 0);
    CHECK_EQ(R(&e, "%p6"), 0);
    CHECK_EQ(R(&e, "%p7"), 1);
    CHECK_EQ(R(&e, "%p8"), 1);
    CHECK_EQ(R(&e, "%p9"), 0);
    CHECK_EQ(R(&e, "%r3"), 10);
    CHECK_EQ(R(&e, "%r4"), 20);
    CHECK_EQ(R(&e, "%r5"), 20);
    CHECK_EQ(R(&e, "%r6"), 10);
    CHECK_EQ(R(&e, "%p0"), 0);
    done(&e);
    /* every float comparison, ordered and unordered, with a NaN and without */
    static const char *const cmp[] = {"eq", "ne", "lt", "le", "gt", "ge", "equ", "neu",
                                      "ltu", "leu", "gtu", "geu", "num", "nan"};
    for (int nan = 0; nan < 2; nan++)
        for (size_t c = 0; c < sizeof cmp / sizeof cmp[0]; c++) {
            char body[512];
            snprintf(body, sizeof body,
                     "mov.f32 %%f1, 0f3F800000; mov.f32 %%f2, %s;\nsetp.%s.f32 %%p1, %%f1, %%f2;\n"
                     "mov.f64 %%fd1, 0d3FF0000000000000; mov.f64 %%fd2, %s;\nsetp.%s.f64 %%p2, %%fd1, %%fd2;",
                     nan ? "0f7FC00000" : "0f40000000", cmp[c], nan ? "0d7FF8000000000000" : "0d4000000000000000",
                     cmp[c]);
            RUN_OK(e, NULL, body);
            float a = 1.0f, b = nan ? NAN : 2.0f;
            int u = isnan(b), want;
            switch (c) {
            case 0: want = a == b; break;
            case 1: want = !u && a != b; break;
            case 2: want = a < b; break;
            case 3: want = a <= b; break;
            case 4: want = a > b; break;
            case 5: want = a >= b; break;
            case 6: want = u || a == b; break;
            case 7: want = u || a != b; break;
            case 8: want = u || a < b; break;
            case 9: want = u || a <= b; break;
            case 10: want = u || a > b; break;
            case 11: want = u || a >= b; break;
            case 12: want = !u; break;
            default: want = u; break;
            }
            if (R(&e, "%p1") != (uint64_t)want || R(&e, "%p2") != (uint64_t)want)
                printf("  setp.%s with%s NaN: %d %d, want %d\n", cmp[c], nan ? "" : "out",
                       (int)R(&e, "%p1"), (int)R(&e, "%p2"), want);
            CHECK_EQ(R(&e, "%p1"), want);
            CHECK_EQ(R(&e, "%p2"), want);
            done(&e);
        }
}

static float via_mode(int mode, float (*f)(float, float), float a, float b)
{
    fesetround(mode);
    volatile float r = f(a, b);
    fesetround(FE_TONEAREST);
    return r;
}
static float addf(float a, float b)
{
    volatile float x = a, y = b;
    return x + y;
}

TEST(float_rounding_fma_ftz)
{
    /* a*a+c where the fused result differs from mul then add */
    float a = 1.0f + 0x1p-23f, c = -(1.0f + 0x1p-22f);
    volatile float prod = a * a;
    volatile float sep = prod + c;
    float fused = fmaf(a, a, c);
    CHECK(fb(fused) != fb(sep));
    char body[2048];
    snprintf(body, sizeof body,
             "mov.b32 %%f1, 0x%08x; mov.b32 %%f2, 0x%08x;\n"
             "fma.rn.f32 %%f3, %%f1, %%f1, %%f2; mul.rn.f32 %%f4, %%f1, %%f1; add.rn.f32 %%f5, %%f4, %%f2;\n"
             "mad.rn.f32 %%f6, %%f1, %%f1, %%f2;\n"
             "mov.f32 %%f7, 0f3F800000; mov.f32 %%f8, 0f33800000;\n" /* 1 + 2^-24: a tie */
             "add.rn.f32 %%f9, %%f7, %%f8; add.rp.f32 %%f10, %%f7, %%f8; add.rz.f32 %%f11, %%f7, %%f8;\n"
             "add.rm.f32 %%f12, %%f7, %%f8;\n"
             "mov.f32 %%f13, 0f40400000; div.rn.f32 %%f14, %%f7, %%f13; rcp.rn.f32 %%f15, %%f13;\n"
             "sqrt.rn.f32 %%f16, %%f13; mov.f32 %%f17, 0f00000001; mul.ftz.f32 %%f18, %%f17, %%f7;\n"
             "mul.f32 %%f19, %%f17, %%f7;",
             fb(a), fb(c));
    env e;
    RUN_OK(e, NULL, body);
    CHECK_EQ(R(&e, "%f3"), fb(fused));
    CHECK_EQ(R(&e, "%f6"), fb(fused));
    CHECK_EQ(R(&e, "%f5"), fb(sep));
    CHECK_EQ(R(&e, "%f9"), fb(1.0f));           /* ties to even */
    CHECK_EQ(R(&e, "%f10"), fb(1.0f + 0x1p-23f)); /* up */
    CHECK_EQ(R(&e, "%f11"), fb(1.0f));
    CHECK_EQ(R(&e, "%f12"), fb(1.0f));
    CHECK_EQ(R(&e, "%f10"), fb(via_mode(FE_UPWARD, addf, 1.0f, 0x1p-24f)));
    volatile float three = 3.0f;
    CHECK_EQ(R(&e, "%f14"), fb(1.0f / three));
    CHECK_EQ(R(&e, "%f15"), fb(1.0f / three));
    CHECK_EQ(R(&e, "%f16"), fb(sqrtf(three)));
    CHECK_EQ(R(&e, "%f18"), 0);                 /* subnormal flushed */
    CHECK_EQ(R(&e, "%f19"), 1);                 /* kept without .ftz */
    done(&e);
    RUN_OK(e, NULL,
           "mov.f32 %f1, 0f7FC00000; mov.f32 %f2, 0f40000000; min.f32 %f3, %f1, %f2; max.f32 %f4, %f2, %f1;\n"
           "mov.f32 %f5, 0f80000000; mov.f32 %f6, 0f00000000; min.f32 %f7, %f6, %f5; max.f32 %f8, %f5, %f6;\n"
           "neg.f32 %f9, %f2; abs.f32 %f10, %f9; mov.f64 %fd1, 0d4000000000000000;\n"
           "mul.f64 %fd2, %fd1, %fd1; sqrt.rn.f64 %fd3, %fd1; fma.rn.f64 %fd4, %fd1, %fd1, %fd1;\n"
           "copysign.f32 %f11, %f9, %f2; add.sat.f32 %f12, %f2, %f2; testp.notanumber.f32 %p1, %f1;\n"
           "lg2.approx.f32 %f13, %f2; ex2.approx.f32 %f14, %f2; rsqrt.approx.f32 %f15, %f2;");
    CHECK_EQ(R(&e, "%f3"), fb(2.0f));
    CHECK_EQ(R(&e, "%f4"), fb(2.0f));
    CHECK_EQ(R(&e, "%f7"), 0x80000000u); /* -0 below +0 */
    CHECK_EQ(R(&e, "%f8"), 0);
    CHECK_EQ(R(&e, "%f9"), fb(-2.0f));
    CHECK_EQ(R(&e, "%f10"), fb(2.0f));
    CHECK(D(&e, "%fd2") == 4.0);
    CHECK(D(&e, "%fd3") == sqrt(2.0));
    CHECK(D(&e, "%fd4") == 6.0);
    CHECK_EQ(R(&e, "%f11"), fb(-2.0f)); /* |b| with a's sign */
    CHECK_EQ(R(&e, "%f12"), fb(1.0f));
    CHECK_EQ(R(&e, "%p1"), 1);
    CHECK(F(&e, "%f13") == 1.0f);
    CHECK(F(&e, "%f14") == 4.0f);
    CHECK_EQ(R(&e, "%f15"), fb(1.0f / sqrtf(2.0f)));
    done(&e);
}

TEST(cvt_rounding_and_saturation)
{
    env e;
    RUN_OK(e, NULL,
           "mov.f32 %f1, 0f40200000; mov.f32 %f2, 0fC0200000;\n" /* 2.5, -2.5 */
           "cvt.rni.s32.f32 %r1, %f1; cvt.rzi.s32.f32 %r2, %f2; cvt.rmi.s32.f32 %r3, %f2; cvt.rpi.s32.f32 %r4, %f1;\n"
           "cvt.rni.s32.f32 %r5, %f2;\n"
           "mov.f32 %f3, 0f4F32D05E; cvt.rzi.s32.f32 %r6, %f3; cvt.rzi.u32.f32 %r7, %f2;\n" /* 3e9 */
           "mov.f32 %f4, 0f7FC00000; cvt.rzi.s32.f32 %r8, %f4; cvt.rzi.u8.f32 %r9, %f3;\n"
           "mov.f32 %f5, 0fCF32D05E; cvt.rzi.s32.f32 %r10, %f5; cvt.rzi.s64.f32 %rd1, %f5;\n"
           "mov.u32 %r11, 16777217; cvt.rn.f32.s32 %f6, %r11; cvt.rp.f32.s32 %f7, %r11; cvt.rz.f32.u32 %f8, %r11;\n"
           "mov.f64 %fd1, 0d3FF0000010000000; cvt.rn.f32.f64 %f9, %fd1; cvt.rp.f32.f64 %f10, %fd1;\n"
           "cvt.f64.f32 %fd2, %f2; cvt.rni.f32.f32 %f11, %f1; cvt.rzi.f32.f32 %f12, %f2;\n"
           "cvt.sat.f32.f32 %f13, %f1; cvt.sat.f32.f32 %f14, %f4;\n"
           "mov.u32 %r12, -5; cvt.s64.s32 %rd2, %r12; cvt.u64.u32 %rd3, %r12; cvt.u16.u32 %rs1, %r12;\n"
           "cvt.s32.s16 %r13, %rs1; cvt.u32.u16 %r14, %rs1; cvt.sat.s8.s32 %r15, %r11; cvt.sat.u8.s32 %r16, %r12;\n"
           "cvt.rn.f64.s64 %fd3, %rd2; cvt.rzi.s32.f64 %r17, %fd3; cvt.rn.f32.u64 %f15, %rd3;");
    CHECK_EQ(R(&e, "%r1"), 2);
    CHECK_EQ(R(&e, "%r2"), (uint32_t)-2);
    CHECK_EQ(R(&e, "%r3"), (uint32_t)-3);
    CHECK_EQ(R(&e, "%r4"), 3);
    CHECK_EQ(R(&e, "%r5"), (uint32_t)-2);
    CHECK_EQ(R(&e, "%r6"), 0x7fffffffu); /* saturated */
    CHECK_EQ(R(&e, "%r7"), 0);           /* negative to unsigned: 0 */
    CHECK_EQ(R(&e, "%r8"), 0);           /* NaN: 0 */
    CHECK_EQ(R(&e, "%r9"), 255);
    CHECK_EQ(R(&e, "%r10"), 0x80000000u);
    CHECK_EQ(R(&e, "%rd1"), (uint64_t)-3000000000ll);
    CHECK_EQ(R(&e, "%f6"), fb(16777216.0f));
    CHECK_EQ(R(&e, "%f7"), fb(16777218.0f));
    CHECK_EQ(R(&e, "%f8"), fb(16777216.0f));
    CHECK_EQ(R(&e, "%f9"), fb(1.0f));
    CHECK_EQ(R(&e, "%f10"), fb(1.0f + 0x1p-23f));
    CHECK(D(&e, "%fd2") == -2.5);
    CHECK_EQ(R(&e, "%f11"), fb(2.0f));
    CHECK_EQ(R(&e, "%f12"), fb(-2.0f));
    CHECK_EQ(R(&e, "%f13"), fb(1.0f));
    CHECK_EQ(R(&e, "%f14"), 0);
    CHECK_EQ(R(&e, "%rd2"), (uint64_t)-5);
    CHECK_EQ(R(&e, "%rd3"), 0xfffffffbull);
    CHECK_EQ(R(&e, "%rs1"), 0xfffb);
    CHECK_EQ(R(&e, "%r13"), (uint32_t)-5);
    CHECK_EQ(R(&e, "%r14"), 0xfffb);
    CHECK_EQ(R(&e, "%r15"), 127);
    CHECK_EQ(R(&e, "%r16"), 0);
    CHECK_EQ(R(&e, "%r17"), (uint32_t)-5);
    CHECK_EQ(R(&e, "%f15"), fb(4294967296.0f));
    done(&e);
}

TEST(loads_extend_little_endian_vectors)
{
    env e;
    memset(&e, 0, sizeof e);
    RUN_OK(e, NULL,
           "ld.param.u64 %rd1, [t_p0]; ld.param.u32 %r20, [t_p1];\n"
           "mov.u32 %r1, 0x11223380; st.global.u32 [%rd1], %r1;\n"
           "ld.global.s8 %r2, [%rd1]; ld.global.u8 %r3, [%rd1]; ld.global.s8 %rs1, [%rd1];\n"
           "ld.global.s16 %r4, [%rd1+2]; ld.global.u16 %rs2, [%rd1]; ld.global.s32 %rd2, [%rd1];\n"
           "mov.u32 %r5, 0xfffffffe; st.global.u32 [%rd1+4], %r5; ld.global.s32 %rd3, [%rd1+4];\n"
           "ld.global.u32 %rd4, [%rd1+4]; ld.global.u64 %rd5, [%rd1];\n"
           "mov.u32 %r6, 1; mov.u32 %r7, 2; mov.u32 %r8, 3; mov.u32 %r9, 4;\n"
           "st.global.v4.u32 [%rd1+16], {%r6, %r7, %r8, %r9}; ld.global.v2.u64 {%rd6, %rd7}, [%rd1+16];\n"
           "st.global.v2.u16 [%rd1+32], {%rs1, %rs2}; st.global.u8 [%rd1+36], %r5;\n"
           "mov.b64 {%r10, %r11}, %rd5; mov.b64 %rd8, {%r11, %r10};");
    CHECK_EQ(R(&e, "%r20"), 7);
    CHECK_EQ(w32(e.global + 16), 0x11223380u);
    CHECK_EQ(e.global[16], 0x80); /* little-endian */
    CHECK_EQ(R(&e, "%r2"), 0xffffff80u);
    CHECK_EQ(R(&e, "%r3"), 0x80);
    CHECK_EQ(R(&e, "%rs1"), 0xff80);
    CHECK_EQ(R(&e, "%r4"), 0x1122);
    CHECK_EQ(R(&e, "%rs2"), 0x3380);
    CHECK_EQ(R(&e, "%rd2"), 0x11223380);
    CHECK_EQ(R(&e, "%rd3"), (uint64_t)-2);
    CHECK_EQ(R(&e, "%rd4"), 0xfffffffeull);
    CHECK_EQ(R(&e, "%rd5"), 0xfffffffe11223380ull);
    CHECK_EQ(R(&e, "%rd6"), 0x0000000200000001ull);
    CHECK_EQ(R(&e, "%rd7"), 0x0000000400000003ull);
    CHECK_EQ(w32(e.global + 48), 0x3380ff80u);
    CHECK_EQ(e.global[52], 0xfe);
    CHECK_EQ(e.global[53], 0);
    CHECK_EQ(R(&e, "%r10"), 0x11223380u);
    CHECK_EQ(R(&e, "%r11"), 0xfffffffeu);
    CHECK_EQ(R(&e, "%rd8"), 0x11223380fffffffeull);
    done(&e);
}

TEST(memory_errors_and_effects)
{
    env e;
    memset(&e, 0, sizeof e);
    CHECK_EQ(run(&e, NULL, "mov.u64 %rd1, 254;\nld.global.u32 %r1, [%rd1];"), -1);
    CHECK(strstr(err, "thread 5 of CTA (2,0,0): pc 1 (t.ptx:") != NULL);
    CHECK(strstr(err, "global address 0xfe (4 bytes) misaligned") != NULL);
    done(&e);
    CHECK_EQ(run(&e, NULL, "mov.u64 %rd1, 256;\nst.global.u32 [%rd1], %r1;"), -1);
    CHECK(strstr(err, "global address 0x100 (4 bytes) out of range") != NULL);
    done(&e);
    CHECK_EQ(run(&e, NULL, "mov.u64 %rd1, 248;\nst.global.v4.u32 [%rd1], {%r1, %r1, %r1, %r1};"), -1);
    CHECK(strstr(err, "misaligned") != NULL);
    done(&e);
    CHECK_EQ(run(&e, NULL, "mov.u64 %rd1, 0xfffffffffffffff0;\nld.global.u32 %r1, [%rd1];"), -1);
    CHECK(strstr(err, "out of range") != NULL);
    done(&e);
    /* regions: with buffers declared, only they are valid */
    memset(&e, 0, sizeof e);
    RUN_OK(e, NULL, "mov.u64 %rd1, 64;\nld.global.u32 %r1, [%rd1];");
    ptx_var v = {"buf", 0, 64};
    ptx_set_regions(&e.p, &v, 1);
    prog_thread t = {0};
    uint64_t regs[200] = {0};
    t.r = regs;
    regs[reg(&e, "%rd1")] = 64;
    uint8_t param[12] = {0};
    prog_mem m = {e.global, 256, e.shared, 256, param, 12, 0};
    CHECK_EQ(e.p.ops->exec(&e.p, 1, &t, &m, &e.last, err, sizeof err), -1);
    CHECK(strstr(err, "global address 0x40 (4 bytes) outside every buffer") != NULL);
    regs[reg(&e, "%rd1")] = 60;
    CHECK_EQ(e.p.ops->exec(&e.p, 1, &t, &m, &e.last, err, sizeof err), 0);
    CHECK_EQ(e.last.nacc, 1);
    CHECK_EQ(e.last.acc[0].addr, 60);
    CHECK_EQ(e.last.acc[0].bytes, 4);
    CHECK_EQ(e.last.acc[0].write, 0);
    CHECK_EQ(e.last.acc[0].space, PS_GLOBAL);
    done(&e);
}

TEST(atomics_global_and_shared)
{
    env e;
    memset(&e, 0, sizeof e);
    e.global[0] = 10;
    e.global[4] = 5;
    RUN_KEEP(e, ".shared .align 4 .b8 sh[64];",
           "mov.u64 %rd1, 0; mov.u64 %rd2, sh;\n"
           "atom.global.add.u32 %r1, [%rd1], 7;\n"              /* 10 -> 17 */
           "atom.global.min.s32 %r2, [%rd1+4], -3;\n"           /* 5 -> -3 */
           "atom.global.max.u32 %r3, [%rd1+4], 9;\n"            /* -3 (big) stays */
           "atom.global.cas.b32 %r4, [%rd1], 17, 100;\n"        /* hit: 100 */
           "atom.global.cas.b32 %r5, [%rd1], 17, 200;\n"        /* miss */
           "atom.global.exch.b32 %r6, [%rd1+8], 0x55;\n"
           "atom.global.and.b32 %r7, [%rd1+8], 0x0f; atom.global.or.b32 %r8, [%rd1+8], 0x30;\n"
           "atom.global.xor.b32 %r9, [%rd1+8], 0xff;\n"
           "st.shared.u32 [sh], 2;\n"
           "atom.shared.inc.u32 %r10, [%rd2], 2; atom.shared.inc.u32 %r11, [sh], 2;\n" /* 2 -> 0 -> 1 */
           "atom.shared.dec.u32 %r12, [sh+4], 3; atom.shared.dec.u32 %r13, [sh+4], 3;\n" /* 0 -> 3 -> 2 */
           "mov.f32 %f1, 0f3FC00000; st.shared.f32 [sh+8], %f1; atom.shared.add.f32 %f2, [sh+8], %f1;\n"
           "red.global.add.u32 [%rd1+12], 40; red.shared.max.s32 [sh+12], -1;\n"
           "cvta.shared.u64 %rd3, %rd2; atom.add.u32 %r14, [%rd3+16], 3; atom.add.u32 %r15, [%rd3+16], 3;\n"
           "atom.global.add.u64 %rd4, [%rd1+24], 0x100000000;\n"
           /* the results are read (an atom whose result nothing reads is a red) */
           "add.u32 %r20, %r1, %r2; add.u32 %r20, %r3, %r4; add.u32 %r20, %r5, %r6; add.u32 %r20, %r7, %r8;\n"
           "add.u32 %r20, %r9, %r10; add.u32 %r20, %r11, %r12; add.u32 %r20, %r13, %r14; add.u32 %r20, %r15, %r15;\n"
           "add.f32 %f3, %f2, %f2; add.u64 %rd5, %rd4, %rd4;");
    CHECK_EQ(R(&e, "%r1"), 10);
    CHECK_EQ(R(&e, "%r2"), 5);
    CHECK_EQ(R(&e, "%r3"), (uint32_t)-3);
    CHECK_EQ(R(&e, "%r4"), 17);
    CHECK_EQ(R(&e, "%r5"), 100);
    CHECK_EQ(w32(e.global), 100);
    CHECK_EQ(w32(e.global + 4), (uint32_t)-3);
    CHECK_EQ(R(&e, "%r6"), 0);
    CHECK_EQ(R(&e, "%r7"), 0x55);
    CHECK_EQ(R(&e, "%r8"), 0x05);
    CHECK_EQ(R(&e, "%r9"), 0x35);
    CHECK_EQ(w32(e.global + 8), 0xca);
    CHECK_EQ(R(&e, "%r10"), 2);
    CHECK_EQ(R(&e, "%r11"), 0);
    CHECK_EQ(w32(e.shared), 1);
    CHECK_EQ(R(&e, "%r12"), 0);
    CHECK_EQ(R(&e, "%r13"), 3);
    CHECK_EQ(w32(e.shared + 4), 2);
    CHECK_EQ(R(&e, "%f2"), fb(1.5f));
    CHECK_EQ(w32(e.shared + 8), fb(3.0f));
    CHECK_EQ(w32(e.global + 12), 40);
    CHECK_EQ(w32(e.shared + 12), 0); /* max(0, -1) */
    CHECK_EQ(R(&e, "%r14"), 0);       /* generic address into shared */
    CHECK_EQ(R(&e, "%r15"), 3);
    CHECK_EQ(w32(e.shared + 16), 6);
    CHECK_EQ(w32(e.global + 28), 1);
    done(&e);
    /* an old value nothing reads: no destination (its value would depend on
     * the order of the threads), the memory still updated */
    RUN_OK(e, NULL, "mov.u32 %r1, 3; mov.u64 %rd1, 0; atom.global.add.u32 %r1, [%rd1], 5;");
    CHECK_EQ(e.p.ins[2].ndst, 0);
    CHECK_EQ(Rsink(&e, "%r1"), 3);
    CHECK_EQ(w32(e.global), 5);
    done(&e);
}

TEST(predicated_off_touches_nothing)
{
    env e;
    memset(&e, 0, sizeof e);
    RUN_OK(e, ".shared .align 4 .b8 sh[16];",
           "mov.u32 %r1, 9; mov.u64 %rd1, 0; setp.eq.u32 %p1, %r1, 0; setp.ne.u32 %p2, %r1, 0;\n"
           "@%p1 add.u32 %r1, %r1, 1; @!%p2 mov.u32 %r1, 0;\n"
           "@%p1 st.global.u32 [%rd1], %r1; @%p1 atom.global.add.u32 %r2, [%rd1+4], 1; mov.u32 %r6, %r2;\n"
           "@%p1 st.shared.u32 [sh], %r1; @%p1 setp.eq.u32 %p2, %r1, %r1; @%p1 ld.global.u32 %r3, [%rd1+300];\n"
           "@%p1 bra DONE; @%p2 add.u32 %r4, %r1, 1;\nDONE:\n@%p1 exit; mov.u32 %r5, 77;");
    CHECK_EQ(R(&e, "%r1"), 9);
    CHECK_EQ(R(&e, "%r2"), 0); /* read (mov %r6): the atom writes it when its guard holds */
    CHECK_EQ(R(&e, "%r3"), 0);
    CHECK_EQ(R(&e, "%p2"), 1);
    CHECK_EQ(R(&e, "%r4"), 10);
    CHECK_EQ(R(&e, "%r5"), 77);
    for (int i = 0; i < 256; i++)
        if (e.global[i] || e.shared[i]) {
            CHECK(0);
            break;
        }
    /* the effect of a predicated-off store: not executed, no access */
    prog_thread t = {0};
    t.r = e.r;
    uint8_t param[12] = {0};
    prog_mem m = {e.global, 256, e.shared, 256, param, 12, 0};
    CHECK_EQ(e.p.ops->exec(&e.p, 6, &t, &m, &e.last, err, sizeof err), 0);
    CHECK_EQ(e.last.executed, 0);
    CHECK_EQ(e.last.nacc, 0);
    CHECK_EQ(e.last.next_pc, 7);
    done(&e);
}

TEST(special_registers_local_generic)
{
    env e;
    RUN_OK(e, NULL,
           ".local .align 8 .b8 __local_depot0[16];\n.reg .b64 %SP, %SPL;\n"
           "mov.u32 %r1, %tid.x; mov.u32 %r2, %ntid.x; mov.u32 %r3, %ctaid.x; mov.u32 %r4, %nctaid.x;\n"
           "mov.u32 %r5, %laneid; mov.u32 %r6, %warpid; mov.u32 %r7, %clock; mov.u32 %r8, %tid.y;\n"
           "mov.u64 %SPL, __local_depot0; cvta.local.u64 %SP, %SPL;\n"
           "st.local.u32 [%SPL+4], %r3; ld.u32 %r9, [%SP+4]; st.u32 [%SP+8], %r2; ld.local.u32 %r10, [__local_depot0+8];\n"
           "cvta.to.local.u64 %rd1, %SP;");
    CHECK_EQ(R(&e, "%r1"), 5);
    CHECK_EQ(R(&e, "%r2"), 64);
    CHECK_EQ(R(&e, "%r3"), 2);
    CHECK_EQ(R(&e, "%r4"), 3);
    CHECK_EQ(R(&e, "%r5"), 5);
    CHECK_EQ(R(&e, "%r6"), 0);
    CHECK_EQ(R(&e, "%r7"), 1234);
    CHECK_EQ(R(&e, "%r8"), 0);
    CHECK_EQ(R(&e, "%r9"), 2);
    CHECK_EQ(R(&e, "%r10"), 64);
    CHECK_EQ(R(&e, "%rd1"), 0);
    CHECK_EQ(e.p.local_bytes, 16);
    done(&e);
}

TEST(module_variables_and_extern_shared)
{
    env e;
    RUN_OK(e, ".global .align 4 .u32 counter = 5;\n.global .align 4 .b8 tab[8] = {1, 2, 3, 4, 5, 6, 7, 8};\n"
              ".shared .align 8 .b8 s1[12];\n.extern .shared .align 16 .b8 dyn[];",
           "mov.u64 %rd1, counter; mov.u64 %rd2, tab; mov.u64 %rd3, dyn; mov.u64 %rd4, s1;");
    CHECK_EQ(R(&e, "%rd1"), 256);           /* from global_base */
    CHECK_EQ(R(&e, "%rd2"), 260);
    CHECK_EQ(R(&e, "%rd3"), 16);            /* after the 12 static bytes, 16-aligned */
    CHECK_EQ(R(&e, "%rd4"), 0);
    CHECK_EQ(e.info.ngvar, 2);
    CHECK_EQ(e.info.gvar_end, 268);
    CHECK_EQ(w32(e.info.gvar_init), 5);
    CHECK_EQ(w32(e.info.gvar_init + 4), 0x04030201u);
    CHECK_EQ(e.p.shared_bytes, 16);
    CHECK_EQ(e.info.nparam, 2);
    CHECK_EQ(e.info.param[1].offset, 8);
    CHECK_EQ(e.info.param_bytes, 12);
    done(&e);
}

/* a module variable whose initialiser has more words than a directive's
 * header (clang writes a __constant__ table of 16 floats as 64 bytes on one
 * line): declared, placed and initialised, not skipped */
TEST(module_variable_long_initialiser)
{
    env e;
    char pre[1024];
    int n = snprintf(pre, sizeof pre, ".visible .const .align 4 .b8 tab[96] = {");
    for (int i = 0; i < 96; i++) n += snprintf(pre + n, sizeof pre - n, "%s%d", i ? ", " : "", i % 7);
    snprintf(pre + n, sizeof pre - n, "};");
    RUN_OK(e, pre, "mov.u64 %rd1, tab;");
    CHECK_EQ(R(&e, "%rd1"), 256);
    CHECK_EQ(e.info.ngvar, 1);
    CHECK_EQ(e.info.gvar_end, 256 + 96);
    CHECK_EQ(w32(e.info.gvar_init + 92), 0x04030201u); /* bytes 92..95: 92 % 7 = 1 */
    done(&e);
}

/* registers declared without '%' (inline PTX from a CUDA header writes
 * `{ .reg .pred q; ... }`; clang's call sequence `.reg .b32
 * temp_param_reg;`): operands and addresses find them */
TEST(registers_named_without_percent)
{
    env e;
    RUN_OK(e, NULL,
           "mov.u32 %r1, 5; { .reg .pred q; .reg .b64 a; setp.ne.s32 q, %r1, 0; selp.s32 %r2, 7, 9, q;"
           " mov.u64 a, %rd1; mov.u64 %rd2, a; }");
    CHECK_EQ(R(&e, "%r2"), 7);
    done(&e);
}

TEST(refusals_and_errors)
{
    /* line 16 is the first line of the body */
    /* the legacy warp forms before PTX 6.0 (no .sync, no membermask) */
    expect_err(NULL, "shfl.idx.b32 %r1, %r2, 0, 31;", -1, "t.ptx:16: unsupported PTX: shfl without .sync");
    expect_err(NULL, "mov.u32 %r1, 0;\nvote.any.pred %p1, %p2;", -1, "t.ptx:17: unsupported PTX: vote without .sync");
    expect_err(NULL, "shfl.sync.b32 %r1, %r2, 0, 31, -1;", -1, "t.ptx:16: shfl.sync without a mode");
    expect_err(NULL, "vote.sync.ballot.pred %p1, %p2, -1;", -1, "t.ptx:16: vote.sync.ballot needs .b32");
    expect_err(NULL, "vote.sync.any.pred %p1, %r2, -1;", -1, "t.ptx:16: operand %r2 is not a predicate");
    /* executing one thread alone is an internal error: only exec_coll runs them */
    expect_err(NULL, "shfl.sync.idx.b32 %r1, %r2, 0, 31, -1;", -1, "t.ptx:16: internal: warp-synchronous");
    expect_err(NULL, "call.uni foo, (%r1);", -1, "t.ptx:16: unsupported PTX: call of 'foo', which the module does not declare");
    expect_err(NULL, "st.param.u32 [t_p1], %r1;", -1, "t.ptx:16: unsupported PTX: st.param to a kernel parameter");
    expect_err(NULL, "tex.1d.v4.f32.s32 {%f1, %f2, %f3, %f4}, [tx, {%r1}];", -1, "unsupported PTX: instruction 'tex'");
    expect_err(NULL, "div.rn.f16 %rs1, %rs2, %rs3;", -1, "t.ptx:16: unsupported PTX: div on a half-precision type");
    expect_err(NULL, "add.b128 %rs1, %rs2, %rs3;", -1, "t.ptx:16: unsupported PTX: type .b128");
    expect_err(NULL, "add.rn.ftz.f64 %fd1, %fd1, %fd1;", -1, "unsupported PTX: .ftz on a type other than .f32");
    /* add.cc runs since ptxgaps (test_ptx_sem carry_chains_lop3_dp4a); .cc elsewhere does not */
    expect_err(NULL, "mul.lo.u32.cc %r1, %r1, %r1;", -1, "unsupported PTX: modifier .cc on mul");
    expect_err(NULL, "bra NOWHERE;", -1, "t.ptx:16: undefined label 'NOWHERE'");
    expect_err(NULL, "add.u32 %q1, %r1, %r1;", -1, "t.ptx:16: undeclared register %q1");
    expect_err(NULL, "mov.u32 %r1, %smid;", -1, "unsupported PTX: special register %smid");
    expect_err(NULL, "add.u32 %r1, %r1;", -1, "t.ptx:16: expected 3 operands, got 2");
    expect_err(NULL, "add.u64 %r1, %r1, %r1;", -1, "t.ptx:16: destination %r1 is narrower than .type");
    expect_err(NULL, "bar.sync 1;", -1, "unsupported PTX: barrier other than 0");
    expect_err(NULL, "atom.global.add.u16 %rs1, [%rd1], %rs2;", -1, "unsupported PTX: atom narrower than 32 bits");
    expect_err(NULL, "ld.global.u32 %r1, [nosuch];", -1, "t.ptx:16: unknown symbol 'nosuch'");
    expect_err(NULL, "L1:\nL1:\nret;", -1, "t.ptx:17: label 'L1' defined twice");
    expect_err(".global .texref tx;", "ret;", -1, "unsupported PTX: declaration with .texref");
    /* an unknown entry: -2 with the entries */
    env e;
    memset(&e, 0, sizeof e);
    char text[] = ".version 7.0\n.target sm_70\n.address_size 64\n.visible .entry a()\n{\nret;\n}\n"
                  ".visible .entry b()\n{\nret;\n}\n";
    CHECK_EQ(ptx_parse("m.ptx", text, "c", 0, &e.p, &e.info, err, sizeof err), -2);
    CHECK(strstr(err, "m.ptx: no .entry 'c' (entries: a b)") != NULL);
    ptx_info_free(&e.info);
    char t32[] = ".version 7.0\n.target sm_70\n.address_size 32\n.visible .entry a()\n{\nret;\n}\n";
    CHECK_EQ(ptx_parse("m.ptx", t32, "a", 0, &e.p, &e.info, err, sizeof err), -1);
    CHECK(strstr(err, "m.ptx:3: unsupported PTX: .address_size other than 64") != NULL);
    /* a .func nobody calls is skipped, and so is the other entry */
    char tf[] = ".version 7.0\n.target sm_70\n.address_size 64\n"
                ".func (.param .b32 r) f(.param .b32 x)\n{\n\tshfl.sync.idx.b32 %r1, %r2, 0, 31, -1;\n\tret;\n}\n"
                ".visible .entry a()\n{\n\t.reg .b32 %r<2>;\n\tmov.u32 %r1, 1;\n\tret;\n}\n";
    CHECK_EQ(ptx_parse("f.ptx", tf, "a", 0, &e.p, &e.info, err, sizeof err), 0);
    CHECK_EQ(e.p.n, 2);
    CHECK_EQ(e.p.ins[1].unit, PU_EXIT);
    prog_free(&e.p);
    ptx_info_free(&e.info);
}

TEST(prog_contract_fields)
{
    env e;
    RUN_OK(e, NULL,
           "mov.u32 %r1, %tid.x;\nsetp.lt.u32 %p1, %r1, 3;\n@%p1 bra L;\nld.param.u32 %r2, [t_p1];\n"
           "L:\nld.global.v2.u32 {%r3, %r4}, [%rd1+8];\nbar.sync 0;\nret;");
    const prog_insn *in = e.p.ins;
    CHECK_EQ(in[0].unit, PU_ALU);
    CHECK_EQ(in[0].varying, 1);       /* %tid */
    CHECK_EQ(in[0].ndst, 1);
    CHECK_EQ(in[2].unit, PU_BRA);
    CHECK_EQ(in[2].guard, reg(&e, "%p1"));
    CHECK_EQ(in[2].target, 4);
    CHECK_EQ(in[2].nsrc, 1);
    CHECK_EQ(in[3].unit, PU_LD);
    CHECK_EQ(in[3].space, PS_PARAM);
    CHECK_EQ(in[3].varying, 0);       /* parameters are uniform */
    CHECK_EQ(in[4].unit, PU_LD);
    CHECK_EQ(in[4].space, PS_GLOBAL);
    CHECK_EQ(in[4].bytes, 4);
    CHECK_EQ(in[4].ndst, 2);
    CHECK_EQ(in[4].nsrc, 1);
    CHECK_EQ(in[4].varying, 1);
    CHECK_EQ(in[5].unit, PU_BAR);
    CHECK_EQ(in[6].unit, PU_EXIT);
    CHECK(!strcmp(e.p.label[4], "L"));
    CHECK_EQ(in[4].line, 21);
    char aerr[256];
    CHECK_EQ(prog_analyse(&e.p, aerr, sizeof aerr), 0);
    CHECK_EQ(e.p.ins[2].rpc, 4);
    CHECK_EQ(e.p.ins[2].uniform, 0);  /* %tid-dependent */
    done(&e);
}

/* The forms NVIDIA's tools write (the PTX here is written for this test):
 * .ptr .global .align parameters, performance directives before the body,
 * $L__ labels, a nested scope redeclaring a register, 32-bit shared
 * addresses in .b32 registers, ld.global.nc, .pragma, .loc/.file lines. */
TEST(nvidia_style_module)
{
    static const char text[] =
        "//\n// Generated by some compiler\n//\n\n.version 7.8\n.target sm_86\n.address_size 64\n"
        ".file 1 \"k.cu\"\n\n"
        ".visible .entry _Z5scalePfS_i(\n"
        "\t.param .u64 .ptr .global .align 4 _Z5scalePfS_i_param_0,\n"
        "\t.param .u64 .ptr .global .align 4 _Z5scalePfS_i_param_1,\n"
        "\t.param .u32 _Z5scalePfS_i_param_2\n)\n.maxntid 64, 1, 1\n{\n"
        "\t.reg .pred \t%p<2>;\n\t.reg .b32 \t%r<12>;\n\t.reg .f32 \t%f<4>;\n\t.reg .b64 \t%rd<8>;\n"
        "\t// demoted variable\n\t.shared .align 4 .b8 _ZZ5scaleE3buf[256];\n"
        "\t.loc 1 3 0\n"
        "\tld.param.u64 \t%rd1, [_Z5scalePfS_i_param_0];\n\tld.param.u64 \t%rd2, [_Z5scalePfS_i_param_1];\n"
        "\tld.param.u32 \t%r1, [_Z5scalePfS_i_param_2];\n\tcvta.to.global.u64 \t%rd3, %rd1;\n"
        "\tcvta.to.global.u64 \t%rd4, %rd2;\n\tmov.u32 \t%r2, %tid.x;\n"
        "\tsetp.ge.s32 \t%p1, %r2, %r1;\n\t@%p1 bra \t$L__BB0_2;\n"
        "\tmul.wide.s32 \t%rd5, %r2, 4;\n\tadd.s64 \t%rd6, %rd3, %rd5;\n"
        "\tld.global.nc.f32 \t%f1, [%rd6];\n"
        "\tmov.u32 \t%r3, _ZZ5scaleE3buf;\n\tshl.b32 \t%r4, %r2, 2;\n\tadd.s32 \t%r5, %r3, %r4;\n"
        "\t{\n\t.reg .b32 %r3;\n\tmov.u32 %r3, 7;\n\tcvt.rn.f32.u32 %f3, %r3;\n\t}\n"
        "\tmul.rn.f32 \t%f2, %f1, %f3;\n\tst.shared.f32 \t[%r5], %f2;\n\tld.shared.f32 \t%f2, [%r5];\n"
        "\tadd.s64 \t%rd7, %rd4, %rd5;\n\tst.global.f32 \t[%rd7], %f2;\n"
        "$L__BB0_2:\n\t.pragma \"nounroll\";\n\tret;\n\n}\n";
    prog p;
    ptx_info info;
    int rc = ptx_parse("nv.ptx", text, "_Z5scalePfS_i", 0, &p, &info, err, sizeof err);
    if (rc) printf("  %s\n", err);
    CHECK_EQ(rc, 0);
    if (rc) return;
    CHECK_EQ(info.nparam, 3);
    CHECK_EQ(info.param[2].offset, 16);
    CHECK_EQ(p.shared_bytes, 256);
    uint64_t *r = calloc(p.nregs, sizeof *r);
    uint8_t global[64] = {0}, shared[256] = {0};
    float x = 1.5f;
    memcpy(global, &x, 4);
    uint8_t param[20] = {0, 0, 0, 0, 0, 0, 0, 0, 32, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0};
    prog_thread t = {0};
    t.r = r;
    prog_mem m = {global, 64, shared, 256, param, 20, 0};
    prog_effect ef;
    int pc = 0, steps = 0;
    while (pc < (int)p.n && steps++ < 100) {
        if (p.ops->exec(&p, pc, &t, &m, &ef, err, sizeof err)) {
            printf("  %s\n", err);
            CHECK(0);
            break;
        }
        pc = ef.next_pc;
    }
    float y;
    memcpy(&y, global + 32, 4);
    CHECK(y == 10.5f);
    memcpy(&y, shared, 4);
    CHECK(y == 10.5f);
    CHECK(!strcmp(p.label[p.n - 1], "$L__BB0_2"));
    free(r);
    prog_free(&p);
    ptx_info_free(&info);
}

/* clang -O2 reads a structure passed by value through the parameter's
 * address: mov.b64 %rd, k_param_N, then ld.param [%rd+k] (found compiling
 * a kernel with a struct parameter; it was refused as "the address of a
 * parameter").  The address is the parameter's offset in the parameter
 * space: t_p1 (offset 8) holds 7. */
TEST(parameter_address_for_ld_param)
{
    env e;
    RUN_OK(e, NULL,
           "mov.b64 %rd1, t_p1; mov.u64 %rd2, %rd1; ld.param.u32 %r1, [%rd2];\n"
           "mov.b64 %rd3, t_p0; ld.param.u32 %r2, [%rd3]; ld.param.u32 %r3, [%rd3+8];\n"
           "ld.param.s8 %rd4, [%rd1];");
    CHECK_EQ(R(&e, "%rd1"), 8);
    CHECK_EQ(R(&e, "%r1"), 7);
    CHECK_EQ(R(&e, "%rd3"), 0);
    CHECK_EQ(R(&e, "%r2"), 16);
    CHECK_EQ(R(&e, "%r3"), 7);
    CHECK_EQ(R(&e, "%rd4"), 7);
    done(&e);
    /* past the parameter block: a run error, not a read outside it */
    CHECK(run(&e, NULL, "mov.b64 %rd1, t_p1; ld.param.u32 %r1, [%rd1+4];") == -1);
    CHECK(strstr(err, "out of range") != NULL);
    done(&e);
}


/* The pre-decoded fast path (ptx_int.h: ptx_fx) against the general path,
 * instruction by instruction: a program holding every fast case at every
 * type it takes (and neighbours that must stay general), each instruction
 * run from many random states (registers within their widths, memories,
 * guards, addresses in and out of range, misaligned, straddling two
 * regions) through prog_ops.exec and through ptx_exec_general: the same
 * result code and message, effect (next PC, executed, taken, accesses),
 * registers and memory bytes.  Every fast case must occur, so the
 * comparison cannot pass by never taking the fast path. */
static uint64_t rnd_state = 0x9e3779b97f4a7c15ull;
static uint64_t rnd64(void) { return prog_check_rand(&rnd_state); }

/* a register value of `w` bytes (0: a predicate) drawn to hit edges */
static uint64_t rnd_value(unsigned w)
{
    static const uint64_t edge[] = {
        0, 1, 2, 3, 4, 7, 8, 16, 31, 32, 33, 63, 64, 65, 0x7f, 0x80, 0xff, 0x7fff, 0x8000, 0xffff,
        0x7fffffff, 0x80000000, 0xffffffff, 0x100000000ull, 0x7fffffffffffffffull,
        0x8000000000000000ull, 0xffffffffffffffffull, 0xfffffffffffffffeull, 0xfffffff0,
        0x3fc00000, 0xbfc00000, 0x7f800000, 0xff800000, 0x7fc00000, 0x00000001, 0x80000001,
        0x00800000, 0x3ff8000000000000ull, 0xfff0000000000000ull, 0x7ff8000000000000ull,
        0x0000000000000001ull, 0x8000000000000000ull, 0x4330000000000000ull, 0x5f000000,
        0xdf000000, 0x4f800000, 0x43e0000000000000ull};
    uint64_t v;
    switch (rnd64() % 5) {
    case 0: v = edge[rnd64() % (sizeof edge / sizeof edge[0])]; break;
    case 1: v = rnd64() % 300; break;                  /* small, and addresses */
    case 2: v = (rnd64() % 72) * 4; break;              /* aligned addresses */
    case 3: v = (uint64_t)0 - (rnd64() % 9); break;     /* small negatives */
    default: v = rnd64(); break;
    }
    if (w == 0) return v & 1;
    return w >= 8 ? v : v & ((1ull << (8 * w)) - 1);
}

/* A program holding every fast case (ptx_int.h: ptx_fx) at every type,
 * and forms that take the general path, parsed into e; 0, or -1 (checked). */
static int fast_program(env *e)
{
    static const char *const it[] = {"s16", "u16", "s32", "u32", "s64", "u64"};
    static const char *const ir[] = {"%rs", "%rs", "%r", "%r", "%rd", "%rd"};
    static const char *const bt[] = {"b16", "b32", "b64"};
    static const char *const br[] = {"%rs", "%r", "%rd"};
    static const char *const icmp[] = {"eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi", "hs"};
    static const char *const fcmp[] = {"eq", "ne", "lt", "le", "gt", "ge", "equ", "neu", "ltu",
                                       "leu", "gtu", "geu", "num", "nan"};
    static const char *const mt[] = {"u8", "s8", "u16", "s16", "u32", "s32", "u64", "s64", "f32", "f64", "b32"};
    static const char *const mr[] = {"%r", "%r", "%rs", "%r", "%r", "%rd", "%rd", "%rd", "%f", "%fd", "%r"};
    static const char *const sp[] = {"global", "shared", "local"};
    size_t cap = 1 << 17, n = 0;
    char *b = malloc(cap);
#define L(...) n += (size_t)snprintf(b + n, cap - n, __VA_ARGS__)
    for (int i = 0; i < 6; i++) {
        const char *T = it[i], *R = ir[i];
        L("add.%s %s1, %s2, %s3;\nadd.%s %s1, %s2, 5;\nsub.%s %s1, %s2, %s3;\nsub.%s %s1, -3, %s3;\n",
          T, R, R, R, T, R, R, T, R, R, R, T, R, R);
        L("mul.lo.%s %s1, %s2, %s3;\nmad.lo.%s %s1, %s2, %s3, %s4;\n", T, R, R, R, T, R, R, R, R);
        L("div.%s %s1, %s2, %s3;\nrem.%s %s1, %s2, %s3;\nmin.%s %s1, %s2, %s3;\nmax.%s %s1, %s2, %s3;\n",
          T, R, R, R, T, R, R, R, T, R, R, R, T, R, R, R);
        L("shr.%s %s1, %s2, %%r3;\nshr.%s %s1, %s2, 3;\n", T, R, R, T, R, R);
        if (T[0] == 's') L("neg.%s %s1, %s2;\nabs.%s %s1, %s2;\n", T, R, R, T, R, R);
        for (int c = 0; c < 10; c++) L("setp.%s.%s %%p1, %s2, %s3;\n", icmp[c], T, R, R);
        L("setp.lt.%s %%p1|%%p2, %s2, %s3;\nsetp.ge.%s %%p1, %s2, 7;\n", T, R, R, T, R);
        L("setp.eq.and.%s %%p1, %s2, %s3, %%p4;\n", T, R, R);
        L("selp.%s %s1, %s2, %s3, %%p3;\n", T, R, R, R);
        for (int j = 0; j < 6; j++) L("cvt.%s.%s %s1, %s2;\n", T, it[j], R, ir[j]);
        L("cvt.rn.f32.%s %%f1, %s2;\ncvt.rn.f64.%s %%fd1, %s2;\ncvt.rz.f32.%s %%f1, %s2;\n", T, R, T, R, T, R);
        L("cvt.sat.%s.s64 %s1, %%rd2;\n", T, R);
        L("mov.%s %s1, %s2;\nmov.%s %s1, 77;\n", T, R, R, T, R);
    }
    L("mul.hi.s32 %%r1, %%r2, %%r3;\nmul.hi.u32 %%r1, %%r2, %%r3;\nmul.hi.u64 %%rd1, %%rd2, %%rd3;\n");
    L("mad.hi.s32 %%r1, %%r2, %%r3, %%r4;\n");
    L("mul.wide.s32 %%rd1, %%r2, %%r3;\nmul.wide.u32 %%rd1, %%r2, %%r3;\nmul.wide.s16 %%r1, %%rs2, %%rs3;\n"
      "mul.wide.u16 %%r1, %%rs2, 3;\nmad.wide.s32 %%rd1, %%r2, %%r3, %%rd4;\nmad.wide.u32 %%rd1, %%r2, 4, %%rd4;\n");
    for (int i = 0; i < 3; i++) {
        const char *T = bt[i], *R = br[i];
        L("and.%s %s1, %s2, %s3;\nor.%s %s1, %s2, 255;\nxor.%s %s1, %s2, %s3;\nnot.%s %s1, %s2;\n", T, R, R,
          R, T, R, R, T, R, R, R, T, R, R);
        L("shl.%s %s1, %s2, %%r3;\nshl.%s %s1, %s2, 2;\nshr.%s %s1, %s2, %%r3;\n", T, R, R, T, R, R, T, R, R);
        L("setp.ne.%s %%p1, %s2, %s3;\n", T, R, R);
    }
    L("and.pred %%p1, %%p2, %%p3;\nor.pred %%p1, %%p2, %%p3;\nxor.pred %%p1, %%p2, %%p3;\nnot.pred %%p1, %%p2;\n"
      "mov.pred %%p1, %%p2;\nselp.b32 %%r1, %%r2, 9, %%p3;\n");
    L("mov.u32 %%r1, %%tid.x;\nmov.u32 %%r1, %%ctaid.y;\nmov.u32 %%r1, %%laneid;\nmov.u64 %%rd1, %%clock64;\n"
      "mov.u32 %%r1, %%ntid.x;\nmov.b64 %%rd1, t_p1;\nmov.f32 %%f1, 0f3F800000;\n");
    for (int i = 0; i < 2; i++) {
        const char *T = i ? "f64" : "f32", *R = i ? "%fd" : "%f";
        L("add.rn.%s %s1, %s2, %s3;\nadd.%s %s1, %s2, %s3;\nsub.rn.%s %s1, %s2, %s3;\nmul.rn.%s %s1, %s2, %s3;\n",
          T, R, R, R, T, R, R, R, T, R, R, R, T, R, R, R);
        L("div.rn.%s %s1, %s2, %s3;\nfma.rn.%s %s1, %s2, %s3, %s4;\nmad.rn.%s %s1, %s2, %s3, %s4;\n", T, R,
          R, R, T, R, R, R, R, T, R, R, R, R);
        L("add.rz.%s %s1, %s2, %s3;\nmul.rm.%s %s1, %s2, %s3;\nfma.rp.%s %s1, %s2, %s3, %s4;\n", T, R, R,
          R, T, R, R, R, T, R, R, R, R);
        L("neg.%s %s1, %s2;\nabs.%s %s1, %s2;\nmin.%s %s1, %s2, %s3;\n", T, R, R, T, R, R, T, R, R, R);
        for (int c = 0; c < 14; c++) L("setp.%s.%s %%p1|%%p2, %s2, %s3;\n", fcmp[c], T, R, R);
        L("selp.%s %s1, %s2, %s3, %%p3;\nmov.%s %s1, %s2;\n", T, R, R, R, T, R, R);
    }
    L("add.ftz.f32 %%f1, %%f2, %%f3;\nsetp.lt.ftz.f32 %%p1, %%f2, %%f3;\nneg.ftz.f32 %%f1, %%f2;\n"
      "div.full.f32 %%f1, %%f2, %%f3;\ndiv.approx.f32 %%f1, %%f2, %%f3;\nadd.sat.f32 %%f1, %%f2, %%f3;\n");
    L("cvt.f64.f32 %%fd1, %%f2;\ncvt.rn.f32.f64 %%f1, %%fd2;\ncvt.rzi.s32.f32 %%r1, %%f2;\n"
      "cvt.ftz.f64.f32 %%fd1, %%f2;\ncvt.rni.f64.f32 %%fd1, %%f2;\n");
    L("cvta.to.global.u64 %%rd1, %%rd2;\ncvta.global.u64 %%rd1, %%rd2;\ncvta.to.shared.u64 %%rd1, %%rd2;\n"
      "cvta.shared.u64 %%rd1, %%rd2;\ncvta.local.u64 %%rd1, %%rd2;\n");
    for (int s = 0; s < 3; s++)
        for (int i = 0; i < 11; i++) {
            L("ld.%s.%s %s1, [%%rd2];\nld.%s.%s %s1, [%%rd2+8];\nst.%s.%s [%%rd2+4], %s3;\n", sp[s], mt[i],
              mr[i], sp[s], mt[i], mr[i], sp[s], mt[i], mr[i]);
            L("st.%s.%s [%%rd2], 5;\n", sp[s], mt[i]);
        }
    L("ld.global.v2.u32 {%%r1, %%r2}, [%%rd2];\nld.global.v4.f32 {%%f1, %%f2, %%f3, %%f4}, [%%rd2+16];\n"
      "st.shared.v2.u64 [%%rd2], {%%rd3, %%rd4};\nst.global.v4.b32 [%%rd2], {%%r3, %%r4, 1, %%r5};\n"
      "ld.shared.v4.u16 {%%rs1, %%rs2, %%rs3, %%rs4}, [%%rd2];\nld.global.u32 %%r1, [8];\n"
      "ld.param.u32 %%r1, [t_p1];\nld.param.u64 %%rd1, [%%rd2];\nld.u32 %%r1, [%%rd2];\nst.u8 [%%rd2], %%rs3;\n"
      "atom.global.add.u32 %%r1, [%%rd2], %%r3;\nld.global.u32 %%r1, [%%r2];\n");
    L("@%%p1 add.s32 %%r1, %%r2, %%r3;\n@!%%p2 ld.global.u32 %%r1, [%%rd2];\n@%%p3 bra $Lx;\nbra $Lx;\n"
      "bar.sync 0;\nmembar.gl;\n$Lx:\n@%%p4 ret;\nexit;\n");
#undef L
    memset(e, 0, sizeof *e);
    char text[1 << 17];
    snprintf(text, sizeof text,
             ".version 7.0\n.target sm_70\n.address_size 64\n"
             ".visible .entry t(\n\t.param .u64 t_p0,\n\t.param .u32 t_p1\n)\n{\n%s%s\n}\n", DECLS, b);
    free(b);
    int rc = ptx_parse("fast.ptx", text, "t", 256, &e->p, &e->info, err, sizeof err);
    if (rc) printf("  %s\n", err);
    CHECK_EQ(rc, 0);
    return rc;
}

TEST(fast_path_equals_general_path)
{
    env e;
    if (fast_program(&e)) return;
    const ptx_impl *im = e.p.impl;
    unsigned seen[FK_N] = {0};
    for (unsigned pc = 0; pc < e.p.n; pc++) seen[im->fx[pc].k]++;
    for (unsigned k = 0; k < FK_N; k++)
        if (!seen[k]) printf("  fast case %u never occurs\n", k);
    for (unsigned k = 0; k < FK_N; k++) CHECK(seen[k] > 0);
    unsigned nr = e.p.nregs, bad = 0, fast = 0;
    uint64_t *r0 = malloc(nr * 8), *r1 = malloc(nr * 8), *r2 = malloc(nr * 8);
    static uint8_t mem0[3][256], mem1[3][256], mem2[3][256];
    uint8_t param[12] = {16, 0, 0, 0, 0, 0, 0, 0, 7, 0, 0, 0};
    ptx_var regions[2] = {{"a", 0, 128}, {"b", 128, 128}};
    for (unsigned pc = 0; pc < e.p.n && bad < 5; pc++) {
        if (im->fx[pc].k != FK_GENERAL) fast++;
        for (int trial = 0; trial < 400 && bad < 5; trial++) {
            ptx_set_regions(&e.p, regions, trial % 3 == 0 ? 0 : trial % 3 == 1 ? 1 : 2);
            for (unsigned i = 0; i < nr; i++) r0[i] = rnd_value(im->regw[i]);
            for (int s = 0; s < 3; s++)
                for (int i = 0; i < 256; i++) mem0[s][i] = (uint8_t)rnd64();
            memcpy(r1, r0, nr * 8);
            memcpy(r2, r0, nr * 8);
            memcpy(mem1, mem0, sizeof mem0);
            memcpy(mem2, mem0, sizeof mem0);
            prog_thread t1 = {0};
            t1.tid[0] = (uint32_t)(rnd64() % 64);
            t1.ntid[0] = 64;
            t1.ntid[1] = t1.ntid[2] = 1;
            t1.ctaid[1] = (uint32_t)(rnd64() % 5);
            t1.nctaid[0] = t1.nctaid[1] = 5;
            t1.nctaid[2] = 1;
            t1.laneid = t1.tid[0] % 32;
            t1.flat = t1.tid[0];
            t1.clock = rnd64();
            prog_thread t2 = t1;
            t1.r = r1;
            t2.r = r2;
            t1.local = mem1[2];
            t2.local = mem2[2];
            prog_mem m1 = {mem1[0], 256, mem1[1], 256, param, 12, 64};
            prog_mem m2 = {mem2[0], 256, mem2[1], 256, param, 12, 64};
            prog_effect e1, e2;
            memset(&e1, 0x5a, sizeof e1);
            memset(&e2, 0x5a, sizeof e2);
            char err1[300] = "", err2[300] = "";
            int rc1 = e.p.ops->exec(&e.p, (int)pc, &t1, &m1, &e1, err1, sizeof err1);
            int rc2 = ptx_exec_general(&e.p, (int)pc, &t2, &m2, &e2, err2, sizeof err2);
            int same = rc1 == rc2 && !strcmp(err1, err2) && !memcmp(r1, r2, nr * 8) &&
                       !memcmp(mem1, mem2, sizeof mem1);
            if (same && !rc1) same = prog_effects_same(&e1, &e2);
            if (!same) {
                bad++;
                printf("  pc %u (%s, fast case %u, trial %d): fast rc %d '%s', general rc %d '%s'\n", pc,
                       e.p.ins[pc].text, im->fx[pc].k, trial, rc1, err1, rc2, err2);
                for (unsigned i = 0; i < nr; i++)
                    if (r1[i] != r2[i])
                        printf("    %s: fast 0x%llx, general 0x%llx (was 0x%llx)\n", im->regname[i],
                               (unsigned long long)r1[i], (unsigned long long)r2[i],
                               (unsigned long long)r0[i]);
            }
        }
    }
    CHECK_EQ(bad, 0);
    CHECK(fast * 5 > e.p.n * 4); /* most of the program takes the fast path */
    /* the NaN rule (docs/ptx.md): the first NaN operand, quieted */
    env g;
    RUN_OK(g, NULL,
           "mov.f32 %f2, 0f7F800001; mov.f32 %f3, 0fFFC00002; mov.f32 %f6, 0f3F800000;\n"
           "add.f32 %f1, %f2, %f3; mul.rn.f32 %f4, %f3, %f2; sub.f32 %f5, %f6, %f2;\n"
           "mov.f64 %fd2, 0d7FF0000000000001; mov.f64 %fd3, 0dFFF8000000000002;\n"
           "div.rn.f64 %fd1, %fd3, %fd2;");
    CHECK_EQ(R(&g, "%f1"), 0x7fc00001);
    CHECK_EQ(R(&g, "%f4"), 0xffc00002);
    CHECK_EQ(R(&g, "%f5"), 0x7fc00001);
    CHECK_EQ(R(&g, "%fd1"), 0xfff8000000000002ull);
    done(&g);
    free(r0);
    free(r1);
    free(r2);
    done(&e);
}

/* prog_ops.exec_warp (ptx_exec_warp: the case chosen once, a loop over
 * the threads), or with cta exec_cta (every thread with one memory: the
 * core's issue of a warp's own lanes), against exec run thread after
 * thread, for every instruction of fast_program (every fast case at every
 * type, the general path's forms, loads, stores and an atomic on memory
 * the threads share, errors): 1 to 32 threads with random registers, a
 * thread sometimes named twice; the same return, failing thread, message,
 * registers, effects of the threads that ran, and memory. */
static void warp_exec_check(int cta)
{
    env e;
    if (fast_program(&e)) return;
    CHECK(e.p.ops->exec_warp != NULL && e.p.ops->exec_cta != NULL);
    enum { NT = 32, ML = 256 };
    unsigned nr = e.p.nregs, bad = 0;
    uint64_t *r0 = malloc((size_t)NT * nr * 8), *r1 = malloc((size_t)NT * nr * 8),
             *r2 = malloc((size_t)NT * nr * 8);
    static uint8_t mem0[2 + NT][ML], mem1[2 + NT][ML], mem2[2 + NT][ML];
    uint8_t param[12] = {16, 0, 0, 0, 0, 0, 0, 0, 7, 0, 0, 0};
    ptx_var regions[2] = {{"a", 0, 128}, {"b", 128, 128}};
    prog_mem m1 = {mem1[0], ML, mem1[1], ML, param, 12, ML};
    prog_mem m2 = {mem2[0], ML, mem2[1], ML, param, 12, ML};
    for (unsigned pc = 0; pc < e.p.n && bad < 5; pc++) {
        for (int trial = 0; trial < 40 && bad < 5; trial++) {
            ptx_set_regions(&e.p, regions, trial % 3 == 0 ? 0 : trial % 3 == 1 ? 1 : 2);
            unsigned n = 1 + (unsigned)(rnd64() % NT);
            for (size_t i = 0; i < (size_t)NT * nr; i++) r0[i] = rnd_value(((const ptx_impl *)e.p.impl)->regw[i % nr]);
            for (int s = 0; s < 2 + NT; s++)
                for (int i = 0; i < ML; i++) mem0[s][i] = (uint8_t)rnd64();
            memcpy(r1, r0, (size_t)NT * nr * 8);
            memcpy(r2, r0, (size_t)NT * nr * 8);
            memcpy(mem1, mem0, sizeof mem0);
            memcpy(mem2, mem0, sizeof mem0);
            prog_thread t1[NT], t2[NT];
            prog_thread *p2[NT];
            const prog_mem *mp[NT];
            unsigned slot[NT];
            memset(t1, 0, sizeof t1);
            for (unsigned i = 0; i < n; i++) {
                /* thread i runs slot[i]: usually itself, now and then a
                 * slot named before (a thread list naming one twice) */
                slot[i] = i > 0 && rnd64() % 8 == 0 ? (unsigned)(rnd64() % i) : i;
                prog_thread *x = &t1[i];
                x->tid[0] = (uint32_t)(rnd64() % 64);
                x->ntid[0] = 64;
                x->ntid[1] = x->ntid[2] = 1;
                x->ctaid[1] = (uint32_t)(rnd64() % 5);
                x->nctaid[0] = x->nctaid[1] = 5;
                x->nctaid[2] = 1;
                x->laneid = i;
                x->flat = x->tid[0];
                x->clock = rnd64();
                t2[i] = *x;
                x->r = &r1[(size_t)i * nr];
                t2[i].r = &r2[(size_t)i * nr];
                x->local = mem1[2 + i];
                t2[i].local = mem2[2 + i];
            }
            prog_warp_lists(t2, slot, n, &m2, p2, mp);
            prog_effect e1[NT], e2[NT];
            memset(e1, 0x5a, sizeof e1);
            memset(e2, 0x5a, sizeof e2);
            char err1[300] = "", err2[300] = "";
            unsigned done1 = n, done2 = 12345;
            int rc1 = 0;
            for (unsigned i = 0; i < n && !rc1; i++)
                if ((rc1 = e.p.ops->exec(&e.p, (int)pc, &t1[slot[i]], &m1, &e1[i], err1, sizeof err1)))
                    done1 = i;
            int rc2 = cta ? e.p.ops->exec_cta(&e.p, (int)pc, p2, &m2, n, e2, &done2, err2, sizeof err2)
                          : e.p.ops->exec_warp(&e.p, (int)pc, p2, mp, n, e2, &done2, err2, sizeof err2);
            int same = rc1 == rc2 && done1 == done2 && !strcmp(err1, err2) &&
                       !memcmp(r1, r2, (size_t)NT * nr * 8) && !memcmp(mem1, mem2, sizeof mem1);
            for (unsigned i = 0; same && i < done1; i++) same = prog_effects_same(&e1[i], &e2[i]);
            if (!same) {
                bad++;
                printf("  pc %u (%s, fast case %u, trial %d, %u threads): per thread rc %d at %u '%s', "
                       "%s rc %d at %u '%s'\n",
                       pc, e.p.ins[pc].text, ((const ptx_impl *)e.p.impl)->fx[pc].k, trial, n, rc1,
                       done1, err1, cta ? "exec_cta" : "warp", rc2, done2, err2);
            }
        }
    }
    CHECK_EQ(bad, 0);
    free(r0);
    free(r1);
    free(r2);
    done(&e);
}

TEST(warp_exec_equals_thread_exec) { warp_exec_check(0); }
TEST(cta_exec_equals_thread_exec) { warp_exec_check(1); }

/* bar.red (CUDA's __syncthreads_count/_and/_or): the barrier counts each
 * arriving thread and its predicate, the release makes the result every
 * one of them reads after it (prog_ops.bar_release); two full warps and a
 * CTA of 40 (a partial warp), threads that exited before it taking no
 * part, reductions in a row (the counts start again at 0), a negated
 * predicate, the edge counts (none, all) */
TEST(bar_red_semantics)
{
    refp_result r;
    const char *body =
        "and.b32 %r3, %r1, 1;\nsetp.ne.u32 %p1, %r3, 0;\nbar.red.popc.u32 %r4, 0, %p1;\nst.global.u32 [%rd1], %r4;\n"
        "setp.lt.u32 %p2, %r1, 39;\nbar.red.and.pred %p3, 0, %p2;\nselp.u32 %r5, 1, 0, %p3;\nst.global.u32 [%rd1+256], %r5;\n"
        "setp.eq.u32 %p4, %r1, 7;\nbarrier.red.or.aligned.pred %p5, 0, %p4;\nselp.u32 %r6, 1, 0, %p5;\nst.global.u32 [%rd1+512], %r6;\n"
        "bar.red.popc.u32 %r7, 0, !%p4;\nst.global.u32 [%rd1+768], %r7;\n"
        "setp.gt.u32 %p6, %r1, 999;\nbar.red.popc.u32 %r8, 0, %p6;\nbar.red.or.pred %p7, 0, %p6;\n"
        "bar.red.and.pred %p8, 0, !%p6;\nselp.u32 %r9, 2, 0, %p7;\nselp.u32 %r10, 4, 0, %p8;\n"
        "add.u32 %r8, %r8, %r9;\nadd.u32 %r8, %r8, %r10;\nst.global.u32 [%rd1+1024], %r8;\n"
        "setp.ge.u32 %p9, %r1, 30;\n@%p9 exit;\nbar.red.popc.u32 %r11, 0, %p1;\nst.global.u32 [%rd1+1280], %r11;";
    for (unsigned T = 64; T >= 40; T -= 24) {
        CHECK_EQ(warp_run(T, body, &r), 0);
        for (unsigned t = 0; t < T && r.global; t++) {
            CHECK_EQ(word(&r, 0, t), T / 2);
            CHECK_EQ(word(&r, 1, t), T <= 39);
            CHECK_EQ(word(&r, 2, t), 1u);
            CHECK_EQ(word(&r, 3, t), T - 1);
            CHECK_EQ(word(&r, 4, t), 4u); /* popc 0, or 0, and 1 */
            CHECK_EQ(word(&r, 5, t), t < 30 ? 15u : 0u); /* 30 threads left, 15 odd */
        }
        refp_free(&r);
    }
    CHECK_EQ(warp_run(39, "setp.lt.u32 %p1, %r1, 39;\nbar.red.and.pred %p3, 0, %p1;\nselp.u32 %r5, 1, 0, %p3;\n"
                          "st.global.u32 [%rd1], %r5;", &r), 0);
    for (unsigned t = 0; t < 39 && r.global; t++) CHECK_EQ(word(&r, 0, t), 1u); /* all of them */
    refp_free(&r);
}

/* redux.sync and match.sync (sm_80's __reduce_*_sync, sm_70's
 * __match_*_sync) lane by lane against C: two full warps and a partial one
 * (40 threads: lanes 8..31 of warp 1 do not exist), signed and unsigned
 * min/max on values of both signs, a membermask of half a warp (the other
 * half's guard false), match on 32 and 64 bits */
TEST(redux_match_semantics)
{
    refp_result r;
    const char *body =
        "redux.sync.add.u32 %r3, %r2, -1;\nst.global.u32 [%rd1], %r3;\n"
        "sub.s32 %r4, 10, %r1;\nredux.sync.min.s32 %r5, %r4, -1;\nst.global.u32 [%rd1+256], %r5;\n"
        "redux.sync.min.u32 %r6, %r4, -1;\nst.global.u32 [%rd1+512], %r6;\n"
        "redux.sync.max.s32 %r7, %r4, -1;\nredux.sync.max.u32 %r8, %r4, -1;\nxor.b32 %r7, %r7, %r8;\nst.global.u32 [%rd1+768], %r7;\n"
        "redux.sync.and.b32 %r9, %r2, -1;\nredux.sync.or.b32 %r10, %r2, -1;\nredux.sync.xor.b32 %r11, %r2, -1;\n"
        "add.u32 %r9, %r9, %r10;\nadd.u32 %r9, %r9, %r11;\nst.global.u32 [%rd1+1024], %r9;\n"
        "and.b32 %r12, %r1, 31;\nsetp.lt.u32 %p1, %r12, 16;\n@%p1 redux.sync.add.u32 %r13, %r12, 65535;\n"
        "@!%p1 mov.u32 %r13, 5;\nst.global.u32 [%rd1+1280], %r13;\n"
        "and.b32 %r14, %r1, 3;\nmatch.any.sync.b32 %r15, %r14, -1;\nst.global.u32 [%rd1+1536], %r15;\n"
        "cvt.u64.u32 %rd2, %r14;\nshl.b64 %rd2, %rd2, 32;\nmatch.any.sync.b64 %r21, %rd2, -1;\n"
        "st.global.u32 [%rd1+1792], %r21;";
    for (unsigned T = 64; T >= 40; T -= 24) {
        CHECK_EQ(warp_run(T, body, &r), 0);
        for (unsigned t = 0; t < T && r.global; t++) {
            unsigned l = t % 32, w0 = t - l, n = T - w0 < 32 ? T - w0 : 32;
            uint32_t sum = 0, andv = ~0u, orv = 0, xorv = 0, any = 0, half = 0;
            int32_t smin = INT32_MAX, smax = INT32_MIN;
            uint32_t umin = ~0u, umax = 0;
            for (unsigned k = 0; k < n; k++) {
                uint32_t v = (w0 + k) * 7u + 1u, x = 10u - (w0 + k);
                sum += v;
                andv &= v;
                orv |= v;
                xorv ^= v;
                smin = (int32_t)x < smin ? (int32_t)x : smin;
                smax = (int32_t)x > smax ? (int32_t)x : smax;
                umin = x < umin ? x : umin;
                umax = x > umax ? x : umax;
                if (k < 16) half += k;
                if ((k & 3) == (l & 3)) any |= 1u << k;
            }
            CHECK_EQ(word(&r, 0, t), sum);
            CHECK_EQ(word(&r, 1, t), (uint32_t)smin);
            CHECK_EQ(word(&r, 2, t), umin);
            CHECK_EQ(word(&r, 3, t), (uint32_t)smax ^ umax);
            CHECK_EQ(word(&r, 4, t), andv + orv + xorv);
            CHECK_EQ(word(&r, 5, t), l < 16 ? half : 5u);
            CHECK_EQ(word(&r, 6, t), any);
            CHECK_EQ(word(&r, 7, t), any); /* the same classes, in the high word */
        }
        refp_free(&r);
    }
    /* match.all: one value in every lane (the mask, p = 1), or not (0, p = 0) */
    CHECK_EQ(warp_run(40, "shr.u32 %r16, %r1, 5;\nmatch.all.sync.b32 %r17|%p2, %r16, -1;\nselp.u32 %r18, 1, 0, %p2;\n"
                          "and.b32 %r14, %r1, 3;\nmatch.all.sync.b32 %r19|%p3, %r14, -1;\nselp.u32 %r20, 2, 0, %p3;\n"
                          "add.u32 %r17, %r17, %r18;\nadd.u32 %r17, %r17, %r19;\nadd.u32 %r17, %r17, %r20;\n"
                          "st.global.u32 [%rd1], %r17;", &r), 0);
    for (unsigned t = 0; t < 40 && r.global; t++) CHECK_EQ(word(&r, 0, t), t < 32 ? 0xffffffffu + 1u : 0xffu + 1u);
    refp_free(&r);
    /* match with membermasks that differ by lane (lanes 0..15 of each warp
     * name their half, lanes 16..31 the whole warp): lanes holding one value
     * but naming other members have other results (any: the members
     * holding it; all: 0, p = 0, as the values differ) */
    CHECK_EQ(warp_run(64, "and.b32 %r12, %r1, 31;\nsetp.lt.u32 %p4, %r12, 16;\n"
                          "selp.b32 %r22, 65535, -1, %p4;\nand.b32 %r14, %r1, 3;\n"
                          "match.any.sync.b32 %r23, %r14, %r22;\nst.global.u32 [%rd1], %r23;\n"
                          "match.all.sync.b32 %r24|%p5, %r14, %r22;\nselp.u32 %r25, 1, 0, %p5;\n"
                          "add.u32 %r24, %r24, %r25;\nst.global.u32 [%rd1+256], %r24;", &r), 0);
    for (unsigned t = 0; t < 64 && r.global; t++) {
        unsigned l = t % 32;
        uint32_t any = 0;
        for (unsigned k = 0; k < (l < 16 ? 16u : 32u); k++)
            if ((k & 3) == (l & 3)) any |= 1u << k;
        CHECK_EQ(word(&r, 0, t), any);
        CHECK_EQ(word(&r, 1, t), 0u);
    }
    refp_free(&r);
    /* undefined in CUDA: one line, never a value */
    CHECK_EQ(warp_run(64, "redux.sync.add.u32 %r3, %r2, 6;", &r), -2);
    CHECK(strstr(err, "w.ptx:15: redux.sync: lane 0 of warp 0 (CTA 0,0,0) is not in its own membermask 0x00000006") != NULL);
    refp_free(&r);
    CHECK_EQ(warp_run(64, "setp.lt.u32 %p1, %r1, 3;\n@%p1 match.any.sync.b32 %r3, %r2, 15;", &r), -2);
    CHECK(strstr(err, "match.any.sync: lane 0 of warp 0 (CTA 0,0,0) waits for lane 3 of its membermask 0x0000000f, which does not execute it (its guard is false)") != NULL);
    refp_free(&r);
}

TEST(bar_red_redux_match_parse)
{
    /* line 16 is the first line of the body */
    expect_err(NULL, "bar.red.popc.pred %p1, 0, %p2;", -1, "t.ptx:16: bar.red.popc needs .u32");
    expect_err(NULL, "bar.red.and.u32 %r1, 0, %p2;", -1, "t.ptx:16: bar.red.and needs .pred");
    expect_err(NULL, "bar.red.u32 %r1, 0, %p2;", -1, "t.ptx:16: bar.red without .popc, .and or .or");
    expect_err(NULL, "bar.red.popc.u32 %r1, 0, 64, %p2;", -1, "t.ptx:16: unsupported PTX: barrier with a thread count");
    expect_err(NULL, "bar.red.popc.u32 %r1, 1, %p2;", -1, "t.ptx:16: unsupported PTX: barrier other than 0");
    expect_err(NULL, "bar.red.popc.u32 %r1, 0, %r2;", -1, "t.ptx:16: operand %r2 is not a predicate");
    expect_err(NULL, "bar.red.popc.u32 %r1, 0;", -1, "t.ptx:16: expected 3 operands, got 2");
    expect_err(NULL, "bar.arrive 0, 64;", -1, "t.ptx:16: unsupported PTX: bar.arrive");
    expect_err(NULL, "redux.add.u32 %r1, %r2, -1;", -1, "t.ptx:16: unsupported PTX: redux without .sync");
    expect_err(NULL, "redux.sync.add.b32 %r1, %r2, -1;", -1, "t.ptx:16: redux.sync.add needs .u32 or .s32");
    expect_err(NULL, "redux.sync.xor.u32 %r1, %r2, -1;", -1, "t.ptx:16: redux.sync.xor needs .b32");
    expect_err(NULL, "redux.sync.u32 %r1, %r2, -1;", -1, "t.ptx:16: redux.sync without a mode");
    expect_err(NULL, "match.any.sync.u32 %r1, %r2, -1;", -1, "t.ptx:16: match.sync needs .b32 or .b64");
    expect_err(NULL, "match.any.sync.b32 %r1|%p1, %r2, -1;", -1, "t.ptx:16: match.any.sync has no predicate destination");
    expect_err(NULL, "match.all.sync.b64 %r1, %rd2, -1;\nmatch.all.sync.b64 %p1, %rd2, -1;", -1, "t.ptx:17: destination %p1 is a predicate");
    /* executing one thread alone is an internal error: only exec_coll runs them */
    expect_err(NULL, "redux.sync.add.u32 %r1, %r2, -1;", -1, "t.ptx:16: internal: warp-synchronous");
    /* the lowering: the barrier, then its result; the slot after the statics */
    env e = {0};
    CHECK_EQ(run(&e, ".shared .align 4 .b8 sh[6];", "setp.ne.u32 %p1, %r1, 0;\nbar.red.popc.u32 %r2, 0, %p1;"), 0);
    CHECK_EQ(e.p.n, 3u);
    CHECK_EQ(e.p.ins[1].unit, PU_BAR);
    CHECK_EQ(e.p.ins[1].ndst, 0u);
    CHECK_EQ(e.p.ins[2].unit, PU_ALU);
    CHECK_EQ(e.p.ins[2].ndst, 1u);
    CHECK_EQ(e.p.ins[2].varying, 0u);
    CHECK_EQ(e.p.ins[2].line, e.p.ins[1].line);
    CHECK(strstr(e.p.ins[2].text, "bar.red.result %r2") != NULL);
    CHECK_EQ(e.p.shared_bytes, 8u + 12u);
    done(&e);
}

int main(int argc, char **argv)
{
    test_args(argc, argv);
    RUN(integer_arithmetic);
    RUN(div_rem_truncate);
    RUN(min_max_signed_unsigned);
    RUN(shifts_clamp_at_width);
    RUN(bit_fields_and_counts);
    RUN(setp_selp_slct_predicates);
    RUN(float_rounding_fma_ftz);
    RUN(cvt_rounding_and_saturation);
    RUN(loads_extend_little_endian_vectors);
    RUN(memory_errors_and_effects);
    RUN(atomics_global_and_shared);
    RUN(predicated_off_touches_nothing);
    RUN(special_registers_local_generic);
    RUN(module_variables_and_extern_shared);
    RUN(module_variable_long_initialiser);
    RUN(registers_named_without_percent);
    RUN(refusals_and_errors);
    RUN(prog_contract_fields);
    RUN(nvidia_style_module);
    RUN(parameter_address_for_ld_param);
    RUN(fast_path_equals_general_path);
    RUN(warp_exec_equals_thread_exec);
    RUN(cta_exec_equals_thread_exec);
    RUN(bar_red_semantics);
    RUN(redux_match_semantics);
    RUN(bar_red_redux_match_parse);
    return test_summary();
}
