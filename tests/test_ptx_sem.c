/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_ptx_sem.c -- PTX semantics at the edges, against the PTX ISA
 * manual's definitions (issue 25, sections 2 and 3): the values below are
 * the manual's (its pseudo-code worked by hand for the operands given),
 * not the host C compiler's.  Integer edges (INT_MIN / -1, abs/neg of
 * INT_MIN, mul.hi/.wide, mad.hi/.wide, .sat, shifts by the width or more,
 * bfe/bfi beyond the width and len 0, bfind, clz(0), brev, popc.b64, every
 * prmt mode, shf .wrap/.clamp), float edges (testp, copysign's operand
 * order, min/max with NaN and signed zeros, rcp/sqrt/div of 0, inf,
 * negative and subnormal values, unordered setp, slct with -0.0, fma's
 * single rounding in f32 and f64, ex2/lg2 of special values), cvt (float
 * -> int NaN and saturation, every rounding mode of int -> float and of
 * f64 -> f32, .sat), memory (narrow loads into wide registers, vectors,
 * misaligned accesses, 64-bit and float atomics, inc/dec wrap, atom.add.f32's
 * flush of subnormals in global memory) and the forms the front end must
 * refuse rather than run wrongly.
 *
 * Every body runs twice: through prog_ops.exec (the pre-decoded fast path)
 * and through ptx_exec_general, and both must give the manual's values.
 */
#include <math.h>

#include "ptx_check.h"
#include "prog_check.h"

static float F32(uint64_t v) { return ptx_f32(v); }
static double F64(uint64_t v) { return ptx_f64(v); }

/* the registers' values a run must leave: WANT(&e, {"%r1", 5}, ...) */
typedef struct {
    const char *reg;
    uint64_t want;
} want_reg;
static void want_regs(env *e, const want_reg *w, size_t n, int line)
{
    for (size_t i = 0; i < n; i++) {
        uint64_t got = R(e, w[i].reg);
        if (got != w[i].want) {
            printf("  %s:%d: %s = 0x%" PRIx64 ", want 0x%" PRIx64 "\n", __FILE__, line, w[i].reg, got,
                   w[i].want);
            check_failed_in_test = 1;
        }
    }
}
#define WANT(e, ...)                                                                          \
    want_regs(e, (const want_reg[]){__VA_ARGS__}, sizeof((const want_reg[]){__VA_ARGS__}) / \
                                                      sizeof(want_reg), __LINE__)

TEST(integer_overflow_edges)
{
    env e;
    BOTH_PATHS {
        RUN_OK(e, NULL,
               "mov.u32 %r1, 0x80000000; mov.u32 %r2, -1;\n"
               "div.s32 %r3, %r1, %r2; rem.s32 %r4, %r1, %r2; abs.s32 %r5, %r1; neg.s32 %r6, %r1;\n"
               "mov.u64 %rd1, 0x8000000000000000; mov.u64 %rd2, -1;\n"
               "div.s64 %rd3, %rd1, %rd2; rem.s64 %rd4, %rd1, %rd2; abs.s64 %rd5, %rd1;\n"
               "mul.hi.s32 %r7, %r2, 1; mul.hi.u32 %r8, %r2, %r2;\n"
               "mul.hi.s64 %rd6, -2, 3; mul.hi.u64 %rd7, %rd2, %rd2;\n"
               "mul.wide.s32 %rd8, -2, 3; mul.wide.u32 %rd9, %r2, %r2;\n"
               "mad.hi.u32 %r9, %r2, %r2, 5; mad.wide.s32 %rd10, -2, 3, 10;\n"
               "mov.u32 %r10, 0x7fffffff; mad.hi.sat.s32 %r11, %r10, %r10, %r10;\n"
               "add.sat.s32 %r12, %r10, 1; sub.sat.s32 %r13, %r1, 1; add.sat.s32 %r14, %r1, %r2;\n"
               "mul.lo.s32 %r15, %r10, 2; mul.hi.s16 %rs1, -1, 1; mul.wide.s16 %r16, -300, 300;\n"
               "div.u32 %r17, %r2, 7; rem.u32 %r18, %r2, 7; div.s32 %r19, -7, 2; rem.s32 %r20, -7, 2;");
        WANT(&e,
             {"%r3", 0x80000000u}, /* the one overflow: min / -1 = min */
             {"%r4", 0}, {"%r5", 0x80000000u}, /* abs(INT_MIN) = INT_MIN */
             {"%r6", 0x80000000u}, {"%rd3", 0x8000000000000000ull}, {"%rd4", 0}, {"%rd5", 0x8000000000000000ull},
             {"%r7", 0xffffffffu}, /* -1 * 1 = -1: high half all ones */
             {"%r8", 0xfffffffeu}, {"%rd6", ~0ull}, {"%rd7", 0xfffffffffffffffeull}, {"%rd8", (uint64_t)-6},
             {"%rd9", 0xfffffffe00000001ull}, {"%r9", 3}, /* 0xfffffffe + 5, wrapped */
             {"%rd10", 4}, {"%r11", 0x7fffffffu}, /* 0x3fffffff + 0x7fffffff saturated */
             {"%r12", 0x7fffffffu}, {"%r13", 0x80000000u}, {"%r14", 0x80000000u}, {"%r15", 0xfffffffeu},
             {"%rs1", 0xffff}, {"%r16", (uint32_t)-90000}, {"%r17", 0xffffffffu / 7}, {"%r18", 0xffffffffu % 7},
             {"%r19", (uint32_t)-3}, /* truncating */
             {"%r20", (uint32_t)-1});
        done(&e);
    }
    /* PTX: "division by zero yields an unspecified, machine-specific value";
     * here the run stops with one line (never a host SIGFPE), on both paths */
    BOTH_PATHS {
        expect_err(NULL, "mov.u32 %r1, 0; div.u32 %r2, 5, %r1;", -1, "integer division by zero");
        expect_err(NULL, "mov.u32 %r1, 0; rem.s32 %r2, 5, %r1;", -1, "integer division by zero");
        expect_err(NULL, "mov.u64 %rd1, 0; div.s64 %rd2, %rd2, %rd1;", -1, "integer division by zero");
    }
}

TEST(shifts_and_bit_fields_at_the_edges)
{
    env e;
    BOTH_PATHS {
        RUN_OK(e, NULL,
               "mov.u32 %r1, 0xf0000001; mov.u32 %r2, -8; mov.u32 %r3, 0xffffffff;\n"
               "shl.b32 %r4, %r1, 32; shl.b32 %r5, %r1, %r3; shr.u32 %r6, %r1, 32; shr.s32 %r7, %r2, 40;\n"
               "shr.s32 %r8, %r2, %r3; shl.b32 %r9, %r1, 31;\n"
               "mov.u16 %rs1, 0x8000; shl.b16 %rs2, %rs1, 16; shr.s16 %rs3, %rs1, 20; shr.u16 %rs4, %rs1, 15;\n"
               "mov.u64 %rd1, 0x8000000000000000; shl.b64 %rd2, %rd1, 64; shr.s64 %rd3, %rd1, 64;\n"
               "shr.u64 %rd4, %rd1, 63; shr.s64 %rd5, %rd1, 100;");
        WANT(&e,
             {"%r4", 0}, {"%r5", 0}, {"%r6", 0}, {"%r7", 0xffffffffu},
             {"%r8", 0xffffffffu}, {"%r9", 0x80000000u}, {"%rs2", 0}, {"%rs3", 0xffff},
             {"%rs4", 1}, {"%rd2", 0}, {"%rd3", ~0ull}, {"%rd4", 1},
             {"%rd5", ~0ull});
        done(&e);
        /* bfe: pos and len are the low 8 bits of b and c; bits past the msb
         * read as the sign bit a[min(pos+len-1, msb)] (.s) or 0 (.u); len 0
         * gives 0 */
        RUN_OK(e, NULL,
               "mov.u32 %r1, 0xf0f0f0f0; mov.u32 %r2, 0xf0000000; mov.u32 %r3, 0x80000000;\n"
               "bfe.u32 %r4, %r1, 4, 8; bfe.u32 %r5, %r2, 28, 8; bfe.s32 %r6, %r2, 28, 8;\n"
               "bfe.u32 %r7, %r1, 4, 0; bfe.s32 %r8, %r1, 4, 0; bfe.u32 %r9, %r3, 40, 4; bfe.s32 %r10, %r3, 40, 4;\n"
               "bfe.u32 %r11, %r1, 0x104, 0x108; bfe.s32 %r12, %r1, 0, 255; bfe.s32 %r13, %r1, 4, 4;\n"
               "mov.u64 %rd1, 0xf000000000000000; bfe.u64 %rd2, %rd1, 60, 10; bfe.s64 %rd3, %rd1, 60, 10;\n"
               "bfe.s64 %rd4, %rd1, 0, 0;\n"
               /* bfi: f = b, then a's low len bits at pos, those at pos+i <= msb */
               "bfi.b32 %r14, 0xff, 0, 28, 8; bfi.b32 %r15, 0xff, 0x1234, 4, 0; bfi.b32 %r16, 0xff, 0x1234, 32, 8;\n"
               "bfi.b32 %r17, 0xabcd, 0xffffffff, 8, 0x110; bfi.b64 %rd5, 0xff, 0, 60, 8;");
        WANT(&e,
             {"%r4", 0x0f}, {"%r5", 0xf}, {"%r6", 0xffffffffu}, {"%r7", 0},
             {"%r8", 0}, {"%r9", 0}, {"%r10", 0xffffffffu}, {"%r11", 0x0f},
             {"%r12", 0xf0f0f0f0u}, {"%r13", 0xffffffffu}, /* field 0xf: its top bit is the sign */
             {"%rd2", 0xf}, {"%rd3", ~0ull}, {"%rd4", 0}, {"%r14", 0xf0000000u},
             {"%r15", 0x1234}, {"%r16", 0x1234}, {"%r17", 0xffabcdffu}, /* len 0x110: 16 */
             {"%rd5", 0xf000000000000000ull});
        done(&e);
    }
}

TEST(bit_counts_bfind_prmt_shf)
{
    env e;
    BOTH_PATHS {
        RUN_OK(e, NULL,
               "mov.u32 %r1, 0; mov.u64 %rd1, 0; mov.u64 %rd2, -1;\n"
               "clz.b32 %r2, %r1; clz.b64 %r3, %rd1; clz.b64 %r4, %rd2; popc.b64 %r5, %rd2; popc.b32 %r6, -1;\n"
               "brev.b32 %r7, 1; brev.b64 %rd3, 1; brev.b32 %r8, 0x12345678;\n"
               /* bfind: the most significant non-sign bit; 0xffffffff when none */
               "bfind.u32 %r9, %r1; bfind.u32 %r10, 0x10000; bfind.shiftamt.u32 %r11, 0x10000;\n"
               "bfind.s32 %r12, -1; bfind.s32 %r13, 0xffff0000; bfind.s32 %r14, 0x7fffffff;\n"
               "mov.u64 %rd4, 0x10000000000; bfind.s64 %r15, %rd4; bfind.shiftamt.s64 %r16, %rd4;\n"
               "bfind.shiftamt.u32 %r17, %r1; bfind.u64 %r18, %rd2; bfind.s64 %r19, %rd2;\n"
               "bfind.shiftamt.u32 %r20, 1;");
        WANT(&e,
             {"%r2", 32}, {"%r3", 64}, {"%r4", 0}, {"%r5", 64}, /* a 32-bit result of a 64-bit source */
             {"%r6", 32}, {"%r7", 0x80000000u}, {"%rd3", 0x8000000000000000ull}, {"%r8", 0x1e6a2c48u},
             {"%r9", 0xffffffffu}, {"%r10", 16}, {"%r11", 15}, {"%r12", 0xffffffffu},
             {"%r13", 15}, {"%r14", 30}, {"%r15", 40}, {"%r16", 23},
             {"%r17", 0xffffffffu}, {"%r18", 63}, {"%r19", 0xffffffffu}, {"%r20", 31});
        done(&e);
        /* prmt: {b, a} = bytes 7..0; the modes take c's two low bits */
        RUN_OK(e, NULL,
               "mov.u32 %r1, 0x33221100; mov.u32 %r2, 0x77665544;\n"
               "prmt.b32 %r3, %r1, %r2, 0x7531; prmt.b32 %r4, 0xf0, %r2, 0x8880;\n"
               "prmt.b32.f4e %r5, %r1, %r2, 0x105; prmt.b32.b4e %r6, %r1, %r2, 0; prmt.b32.b4e %r7, %r1, %r2, 3;\n"
               "prmt.b32.rc8 %r8, %r1, %r2, 2; prmt.b32.ecl %r9, %r1, %r2, 1; prmt.b32.ecr %r10, %r1, %r2, 2;\n"
               "prmt.b32.rc16 %r11, %r1, %r2, 1; prmt.b32.rc16 %r12, %r1, %r2, 2; prmt.b32.f4e %r13, %r1, %r2, 3;\n"
               "prmt.b32.ecl %r14, %r1, %r2, 3; prmt.b32.ecr %r15, %r1, %r2, 0; prmt.b32.b4e %r16, %r1, %r2, 1;");
        WANT(&e,
             {"%r3", 0x77553311u}, {"%r4", 0xfffffff0u}, /* msb set: byte 0's sign replicated */
             {"%r5", 0x44332211u}, {"%r6", 0x55667700u}, {"%r7", 0x00112233u}, {"%r8", 0x22222222u},
             {"%r9", 0x33221111u}, {"%r10", 0x22221100u}, {"%r11", 0x33223322u}, {"%r12", 0x11001100u},
             {"%r13", 0x66554433u}, {"%r14", 0x33333333u}, {"%r15", 0x00000000u}, {"%r16", 0x66770011u});
        done(&e);
        /* shf: n = .clamp ? min(c, 32) : c & 31, on {b, a} */
        RUN_OK(e, NULL,
               "mov.u32 %r1, 0x12345678; mov.u32 %r2, 0x9abcdef0;\n"
               "shf.l.wrap.b32 %r3, %r1, %r2, 8; shf.l.wrap.b32 %r4, %r1, %r2, 40; shf.l.clamp.b32 %r5, %r1, %r2, 40;\n"
               "shf.r.wrap.b32 %r6, %r1, %r2, 8; shf.r.wrap.b32 %r7, %r1, %r2, 32; shf.r.clamp.b32 %r8, %r1, %r2, 40;\n"
               "shf.l.clamp.b32 %r9, %r1, %r2, 0; shf.r.clamp.b32 %r10, %r1, %r2, 0; shf.l.wrap.b32 %r11, %r1, %r2, 32;");
        WANT(&e,
             {"%r3", 0xbcdef012u}, {"%r4", 0xbcdef012u}, {"%r5", 0x12345678u}, {"%r6", 0xf0123456u},
             {"%r7", 0x12345678u}, {"%r8", 0x9abcdef0u}, {"%r9", 0x9abcdef0u}, {"%r10", 0x12345678u},
             {"%r11", 0x9abcdef0u});
        done(&e);
    }
}

TEST(float_special_values)
{
    env e;
    BOTH_PATHS {
        /* 0f7F800000 +inf, 0f7FC00000 NaN, 0f00000001 the least subnormal */
        RUN_OK(e, NULL,
               "mov.f32 %f1, 0f7F800000; mov.f32 %f2, 0f7FC00000; mov.f32 %f3, 0f00000001; mov.f32 %f4, 0f00000000;\n"
               "testp.finite.f32 %p1, %f1; testp.infinite.f32 %p2, %f1; testp.number.f32 %p3, %f2;\n"
               "testp.notanumber.f32 %p4, %f2; testp.normal.f32 %p5, %f4; testp.subnormal.f32 %p6, %f3;\n"
               "testp.subnormal.f32 %p7, %f4; testp.finite.f32 %p8, %f2; testp.normal.f32 %p9, 0f3F800000;\n"
               "selp.u32 %r1, 1, 0, %p1; selp.u32 %r2, 1, 0, %p2; selp.u32 %r3, 1, 0, %p3; selp.u32 %r4, 1, 0, %p4;\n"
               "selp.u32 %r5, 1, 0, %p5; selp.u32 %r6, 1, 0, %p6; selp.u32 %r7, 1, 0, %p7; selp.u32 %r8, 1, 0, %p8;\n"
               "selp.u32 %r9, 1, 0, %p9;\n"
               "mov.f64 %fd1, 0d0000000000000001; testp.subnormal.f64 %p1, %fd1; selp.u32 %r10, 1, 0, %p1;\n"
               "testp.normal.f32 %p1, 0f80000000; selp.u32 %r11, 1, 0, %p1; testp.normal.f64 %p1, 0d0000000000000000;\n"
               "selp.u32 %r12, 1, 0, %p1; testp.normal.f32 %p1, %f3; selp.u32 %r13, 1, 0, %p1;\n"
               /* copysign d, a, b: b's magnitude with a's sign */
               "copysign.f32 %f5, 0fBF800000, 0f40000000; copysign.f64 %fd2, 0d4000000000000000, 0dBFF0000000000000;\n"
               /* min/max: a NaN operand gives the other; -0 < +0 */
               "min.f32 %f6, %f2, 0f3F800000; min.f32 %f7, 0f3F800000, %f2; max.f32 %f8, 0f80000000, 0f00000000;\n"
               "min.f32 %f9, 0f00000000, 0f80000000; max.f64 %fd3, 0d7FF8000000000000, 0dC000000000000000;\n"
               "min.f64 %fd4, 0d0000000000000000, 0d8000000000000000;\n"
               "max.f32 %f10, 0f00000000, 0f80000000; min.f32 %f11, 0f80000000, 0f00000000;\n"
               "max.f64 %fd5, 0d0000000000000000, 0d8000000000000000;");
        /* testp: finite(inf) 0, infinite(inf) 1, number(NaN) 0, notanumber(NaN) 1;
         * "positive and negative zero are considered normal numbers" */
        WANT(&e, {"%r1", 0}, {"%r2", 1}, {"%r3", 0}, {"%r4", 1}, {"%r5", 1}, {"%r6", 1}, {"%r7", 0},
             {"%r8", 0}, {"%r9", 1}, {"%r10", 1}, {"%r11", 1}, {"%r12", 1}, {"%r13", 0});
        WANT(&e,
             {"%f5", 0xc0000000u}, {"%fd2", 0x3ff0000000000000ull}, {"%f6", 0x3f800000u}, {"%f7", 0x3f800000u},
             {"%f8", 0}, {"%f9", 0x80000000u}, {"%fd3", 0xc000000000000000ull}, {"%fd4", 0x8000000000000000ull},
             {"%f10", 0}, /* either order: +0.0 > -0.0 */
             {"%f11", 0x80000000u}, {"%fd5", 0});
        done(&e);
        /* IEEE division, reciprocal and square root of the special values */
        RUN_OK(e, NULL,
               "rcp.rn.f32 %f1, 0f00000000; rcp.rn.f32 %f2, 0f80000000; rcp.rn.f32 %f3, 0f7F800000;\n"
               "rcp.rn.f32 %f4, 0f00000001; sqrt.rn.f32 %f5, 0fBF800000; sqrt.rn.f32 %f6, 0f80000000;\n"
               "div.rn.f32 %f7, 0f3F800000, 0f00000000; div.rn.f32 %f8, 0f00000000, 0f00000000;\n"
               "sqrt.rn.f32 %f9, 0f00000001; rcp.rn.f64 %fd1, 0d8000000000000000; sqrt.rn.f64 %fd2, 0dBFF0000000000000;\n"
               "div.rn.f64 %fd3, 0dBFF0000000000000, 0d0000000000000000; rcp.rn.f32 %f10, 0f7F7FFFFF;\n"
               "rcp.rz.f32 %f11, 0f40400000; rcp.rp.f32 %f12, 0f40400000; sqrt.rp.f32 %f13, 0f40000000;\n"
               "sqrt.rz.f32 %f14, 0f40000000; div.rm.f32 %f15, 0f3F800000, 0fC0400000;");
        WANT(&e,
             {"%f1", 0x7f800000u}, {"%f2", 0xff800000u}, {"%f3", 0}, {"%f4", 0x7f800000u}); /* 1 / 2^-149 overflows */
        CHECK(isnan(F32(R(&e, "%f5"))));
        CHECK_EQ(R(&e, "%f6"), 0x80000000u); /* sqrt(-0) = -0 */
        CHECK_EQ(R(&e, "%f7"), 0x7f800000u);
        CHECK(isnan(F32(R(&e, "%f8"))));
        CHECK_EQ(R(&e, "%f9"), 0x1a3504f3u); /* sqrt(2^-149) = 2^-74.5 */
        CHECK_EQ(R(&e, "%fd1"), 0xfff0000000000000ull);
        CHECK(isnan(F64(R(&e, "%fd2"))));
        WANT(&e,
             {"%fd3", 0xfff0000000000000ull}, {"%f10", 0x00200000u}, /* 1 / FLT_MAX: a subnormal, not flushed */
             {"%f11", 0x3eaaaaaau}, {"%f12", 0x3eaaaaabu}, {"%f13", 0x3fb504f4u}, {"%f14", 0x3fb504f3u},
             {"%f15", 0xbeaaaaabu});
        done(&e);
        /* setp's ordered and unordered comparisons with NaN; slct tests
         * c >= 0, which -0.0 passes and NaN fails */
        RUN_OK(e, NULL,
               "mov.f32 %f1, 0f7FC00000;\n"
               "setp.lt.f32 %p1, %f1, 0f3F800000; setp.ltu.f32 %p2, %f1, 0f3F800000; setp.ne.f32 %p3, %f1, %f1;\n"
               "setp.neu.f32 %p4, %f1, %f1; setp.num.f32 %p5, %f1, 0f3F800000; setp.nan.f32 %p6, 0f3F800000, %f1;\n"
               "setp.eq.f32 %p7, 0f80000000, 0f00000000; setp.geu.f64 %p8, 0d7FF8000000000000, 0d0000000000000000;\n"
               "selp.u32 %r1, 1, 0, %p1; selp.u32 %r2, 1, 0, %p2; selp.u32 %r3, 1, 0, %p3; selp.u32 %r4, 1, 0, %p4;\n"
               "selp.u32 %r5, 1, 0, %p5; selp.u32 %r6, 1, 0, %p6; selp.u32 %r7, 1, 0, %p7; selp.u32 %r8, 1, 0, %p8;\n"
               "slct.u32.f32 %r9, 1, 2, 0f80000000; slct.u32.f32 %r10, 1, 2, %f1; slct.u32.f32 %r11, 1, 2, 0fBF800000;\n"
               "slct.u32.s32 %r12, 1, 2, 0; slct.u32.s32 %r13, 1, 2, 0x80000000; slct.f32.f32 %f2, 0f80000000, 0f3F800000, 0f00000000;");
        WANT(&e,
             {"%r1", 0}, {"%r2", 1}, {"%r3", 0}, {"%r4", 1},
             {"%r5", 0}, {"%r6", 1}, {"%r7", 1}, {"%r8", 1},
             {"%r9", 1}, {"%r10", 2}, {"%r11", 2}, {"%r12", 1},
             {"%r13", 2}, {"%f2", 0x80000000u}); /* the selected bits, unchanged */
        done(&e);
        /* fma: one rounding.  a = 1 + 2^-12: a*a = 1 + 2^-11 + 2^-24 rounds
         * (a tie, to even) to 1 + 2^-11, so mul then add gives 0 and fma
         * 2^-24; in f64 a = 1 + 2^-27 leaves 2^-54 */
        RUN_OK(e, NULL,
               "mov.f32 %f1, 0f3F800800; mov.f32 %f2, 0fBF801000;\n"
               "fma.rn.f32 %f3, %f1, %f1, %f2; mul.rn.f32 %f4, %f1, %f1; add.rn.f32 %f5, %f4, %f2;\n"
               "mad.rn.f32 %f6, %f1, %f1, %f2;\n"
               "mov.f64 %fd1, 0d3FF0000002000000; mov.f64 %fd2, 0dBFF0000004000000;\n"
               "fma.rn.f64 %fd3, %fd1, %fd1, %fd2; mul.rn.f64 %fd4, %fd1, %fd1; add.rn.f64 %fd5, %fd4, %fd2;\n"
               "fma.rz.f32 %f7, 0f3F800001, 0f3F800001, 0f00000000; fma.rp.f32 %f8, 0f3F800001, 0f3F800001, 0f00000000;\n"
               "fma.rn.sat.f32 %f9, 0f40000000, 0f40000000, 0f00000000; fma.rn.sat.f32 %f10, %f2, 0f7FC00000, 0f00000000;");
        WANT(&e,
             {"%f3", 0x33800000u}, {"%f5", 0}, {"%f6", 0x33800000u}, /* mad.rn.f32 is fused too */
             {"%fd3", 0x3c90000000000000ull}, {"%fd5", 0}, {"%f7", 0x3f800002u}, /* (1 + 2^-23)^2 = 1 + 2^-22 + 2^-46 */
             {"%f8", 0x3f800003u}, {"%f9", 0x3f800000u}, {"%f10", 0}); /* .sat: NaN -> +0 */
        done(&e);
        /* the .approx functions of the special values (the C library's
         * results, which agree with the manual's table for these) */
        RUN_OK(e, NULL,
               "ex2.approx.f32 %f1, 0fFF800000; ex2.approx.f32 %f2, 0f7F800000; ex2.approx.f32 %f3, 0f80000000;\n"
               "lg2.approx.f32 %f4, 0f00000000; lg2.approx.f32 %f5, 0fBF800000; lg2.approx.f32 %f6, 0f7F800000;\n"
               "lg2.approx.f32 %f7, 0f3F800000; ex2.approx.ftz.f32 %f8, 0f00000001; rsqrt.approx.f32 %f9, 0f80000000;\n"
               "rsqrt.approx.f32 %f10, 0f7F800000; sin.approx.f32 %f11, 0f7F800000; lg2.approx.ftz.f32 %f12, 0f00000001;");
        WANT(&e,
             {"%f1", 0}, {"%f2", 0x7f800000u}, {"%f3", 0x3f800000u}, {"%f4", 0xff800000u});
        CHECK(isnan(F32(R(&e, "%f5"))));
        WANT(&e,
             {"%f6", 0x7f800000u}, {"%f7", 0}, {"%f8", 0x3f800000u}, {"%f9", 0xff800000u},
             {"%f10", 0});
        CHECK(isnan(F32(R(&e, "%f11"))));
        CHECK_EQ(R(&e, "%f12"), 0xff800000u); /* the input flushed to 0 */
        done(&e);
    }
}

TEST(cvt_every_rounding_and_saturation)
{
    env e;
    BOTH_PATHS {
        RUN_OK(e, NULL,
               /* float -> int: NaN 0, out of range saturated (not x86's INT_MIN) */
               "mov.f64 %fd1, 0d43E158E460913D00; mov.f64 %fd2, 0dC3E158E460913D00; mov.f64 %fd3, 0d7FF8000000000000;\n" /* +-1e19 */
               "cvt.rzi.s64.f64 %rd1, %fd1; cvt.rzi.s64.f64 %rd2, %fd2; cvt.rzi.s64.f64 %rd3, %fd3;\n"
               "mov.f64 %fd4, 0d4415AF1D78B58C40; cvt.rzi.u64.f64 %rd4, %fd4; cvt.rzi.u64.f64 %rd5, 0dBFF0000000000000;\n" /* 1e20 */
               "cvt.rni.s32.f64 %r1, 0d4004000000000000; cvt.rni.s32.f64 %r2, 0d400C000000000000;\n" /* 2.5, 3.5 */
               "cvt.rmi.s32.f32 %r3, 0fBF000000; cvt.rpi.s32.f32 %r4, 0fBF000000; cvt.rzi.u32.f32 %r5, 0fBF000000;\n" /* -0.5 */
               "cvt.rzi.s32.f32 %r6, 0f7F800000; cvt.rzi.s32.f32 %r7, 0fFF800000; cvt.rzi.u16.f32 %r8, 0f47800000;\n"
               "cvt.rzi.s8.f32 %r9, 0fC3010000; cvt.rni.u64.f32 %rd6, 0f5F800000;\n" /* -129, 2^64 */
               /* int -> float in each rounding mode */
               "mov.u64 %rd7, -1; cvt.rz.f32.u64 %f1, %rd7; cvt.rn.f32.u64 %f2, %rd7; cvt.rm.f32.u64 %f3, %rd7;\n"
               "mov.u32 %r10, 0x7fffffff; cvt.rz.f32.s32 %f4, %r10; cvt.rn.f32.s32 %f5, %r10;\n"
               "mov.u32 %r11, -0x7fffffff; cvt.rm.f32.s32 %f6, %r11; cvt.rp.f32.s32 %f7, %r11; cvt.rz.f32.s32 %f8, %r11;\n"
               "mov.u64 %rd8, 0x20000000000001; cvt.rn.f64.u64 %fd5, %rd8; cvt.rp.f64.u64 %fd6, %rd8;\n"
               "cvt.rm.f64.s64 %fd7, -0x20000000000001; cvt.rn.f32.s64 %f9, 0x1000001;\n"
               /* f64 -> f32 in each rounding mode */
               "mov.f64 %fd8, 0d3FF0000010000040; cvt.rz.f32.f64 %f10, %fd8; cvt.rp.f32.f64 %f11, %fd8;\n" /* 1 + 2^-24 + 2^-46 */
               "cvt.rn.f32.f64 %f12, %fd8; cvt.rm.f32.f64 %f13, %fd8;\n"
               "mov.f64 %fd9, 0dBFF0000000400000; cvt.rm.f32.f64 %f14, %fd9; cvt.rz.f32.f64 %f15, %fd9;\n" /* -(1 + 2^-30) */
               "mov.f64 %fd0, 0d7E37E43C8800759C; cvt.rn.f32.f64 %f16, %fd0; cvt.rz.f32.f64 %f17, %fd0;\n" /* 1e300 */
               "cvt.rm.f32.f64 %f18, 0d0000000000000001; cvt.rp.f32.f64 %f19, 0d0000000000000001;");
        WANT(&e,
             {"%rd1", 0x7fffffffffffffffull}, {"%rd2", 0x8000000000000000ull}, {"%rd3", 0}, {"%rd4", ~0ull},
             {"%rd5", 0}, {"%r1", 2}, {"%r2", 4}, {"%r3", 0xffffffffu},
             {"%r4", 0}, {"%r5", 0}, {"%r6", 0x7fffffffu}, {"%r7", 0x80000000u},
             {"%r8", 0xffff}, /* 65536 saturated */
             {"%r9", 0xffffff80u}, /* -128, sign-extended into the register */
             {"%rd6", ~0ull}, {"%f1", 0x5f7fffffu}, /* rounded toward zero: below 2^64 */
             {"%f2", 0x5f800000u}, {"%f3", 0x5f7fffffu}, {"%f4", 0x4effffffu}, {"%f5", 0x4f000000u},
             {"%f6", 0xcf000000u}, {"%f7", 0xceffffffu}, {"%f8", 0xceffffffu}, {"%fd5", 0x4340000000000000ull}, /* 2^53 + 1: a tie, to even */
             {"%fd6", 0x4340000000000001ull}, {"%fd7", 0xc340000000000001ull}, {"%f9", 0x4b800000u}, {"%f10", 0x3f800000u},
             {"%f11", 0x3f800001u}, {"%f12", 0x3f800001u}, /* above the tie */
             {"%f13", 0x3f800000u}, {"%f14", 0xbf800001u}, {"%f15", 0xbf800000u}, {"%f16", 0x7f800000u},
             {"%f17", 0x7f7fffffu}, {"%f18", 0}, {"%f19", 1});
        done(&e);
        /* .sat: integers to the destination's range; floats to [0, 1], NaN +0 */
        RUN_OK(e, NULL,
               "cvt.sat.u8.s32 %r1, 300; cvt.sat.s16.u32 %r2, 0xffffffff; cvt.sat.u32.s64 %r3, -1;\n"
               "cvt.sat.s32.u64 %r4, 0x8000000000000000; cvt.sat.s64.u64 %rd1, -1; cvt.sat.u64.s32 %rd2, -5;\n"
               "cvt.sat.s8.s16 %r5, -3; cvt.sat.u16.s16 %r6, -1; cvt.sat.s32.s64 %r7, -0x100000000;\n"
               "cvt.sat.f32.f32 %f1, 0f7FC00000; cvt.sat.f32.f32 %f2, 0f40000000; cvt.sat.f32.f32 %f3, 0fBF000000;\n"
               "cvt.rn.sat.f32.s32 %f4, 5; cvt.rn.sat.f32.f64 %f5, 0d3FE0000000000000; cvt.sat.f64.f64 %fd1, 0dFFF0000000000000;\n"
               "cvt.ftz.f32.f32 %f6, 0f80000001; cvt.ftz.f64.f32 %fd2, 0f00000001; cvt.f64.f32 %fd3, 0f00000001;");
        WANT(&e,
             {"%r1", 255}, {"%r2", 0x7fff}, {"%r3", 0}, {"%r4", 0x7fffffffu},
             {"%rd1", 0x7fffffffffffffffull}, {"%rd2", 0}, {"%r5", (uint32_t)-3}, {"%r6", 0},
             {"%r7", 0x80000000u}, {"%f1", 0}, {"%f2", 0x3f800000u}, {"%f3", 0},
             {"%f4", 0x3f800000u}, {"%f5", 0x3f000000u}, {"%fd1", 0}, {"%f6", 0x80000000u},
             {"%fd2", 0}, {"%fd3", 0x36a0000000000000ull}); /* 2^-149 exactly */
        done(&e);
    }
}

TEST(memory_widths_alignment_atomics)
{
    env e;
    BOTH_PATHS {
        memset(&e, 0, sizeof e);
        for (int i = 0; i < 16; i++) e.global[i] = (uint8_t)(0x80 + 0x11 * i);
        RUN_KEEP(e, NULL,
                 "mov.u64 %rd1, 0;\n"
                 "ld.global.s8 %r1, [%rd1]; ld.global.u8 %r2, [%rd1]; ld.global.s16 %rd2, [%rd1];\n"
                 "ld.global.u16 %rd3, [%rd1]; ld.global.s32 %rd4, [%rd1]; ld.global.s8 %rs1, [%rd1+1];\n"
                 "ld.global.v2.s8 {%r3, %r4}, [%rd1+2]; ld.global.v4.u8 {%rs2, %rs3, %rs4, %rs5}, [%rd1+4];\n"
                 "ld.global.v2.s16 {%r5, %r6}, [%rd1+8]; ld.global.v2.u32 {%r7, %r8}, [%rd1+8];\n"
                 "st.global.v2.u8 [%rd1+32], {%r1, %r5}; st.global.v4.u16 [%rd1+40], {%rs2, %rs3, %r7, %rd4};\n"
                 "st.global.u8 [%rd1+48], 0x1234; st.global.s16 [%rd1+50], -1;");
        WANT(&e,
             {"%r1", 0xffffff80u}, {"%r2", 0x80}, {"%rd2", 0xffffffffffff9180ull}, {"%rd3", 0x9180},
             {"%rd4", 0xffffffffb3a29180ull}, {"%rs1", 0xff91}, {"%r3", 0xffffffa2u}, {"%r4", 0xffffffb3u},
             {"%rs2", 0xc4}, {"%rs5", 0xf7}, {"%r5", 0x00001908u}, /* bytes 8, 9: 0x08, 0x19 */
             {"%r6", 0x00003b2au}, {"%r7", 0x3b2a1908u}, {"%r8", 0x7f6e5d4cu});
        CHECK_EQ(w32(e.global + 32) & 0xffff, 0x0880);
        CHECK_EQ(w32(e.global + 40), 0x00d500c4u);
        CHECK_EQ(w32(e.global + 44), 0x91801908u);
        CHECK_EQ(w32(e.global + 48), 0xffff0034u);
        done(&e);
        /* natural alignment (vectors: the whole vector) or the run stops */
        expect_err(NULL, "mov.u64 %rd1, 2; ld.global.u32 %r1, [%rd1];", -1, "misaligned");
        expect_err(NULL, "mov.u64 %rd1, 8; ld.global.v4.u32 {%r1, %r2, %r3, %r4}, [%rd1];", -1, "misaligned");
        expect_err(NULL, "mov.u64 %rd1, 4; st.global.u64 [%rd1], %rd1;", -1, "misaligned");
        expect_err(NULL, "mov.u64 %rd1, 1; st.global.v2.u8 [%rd1], {%r1, %r2};", -1, "misaligned");
        expect_err(NULL, "mov.u64 %rd1, 4; atom.global.add.u64 %rd2, [%rd1], 1;", -1, "misaligned");
    }
    BOTH_PATHS {
        memset(&e, 0, sizeof e);
        /* 8: a 64-bit counter; 16: f64 1.5; 24: u32 5 and 7 for inc/dec;
         * 32: the least f32 subnormal (global and shared) */
        e.global[8] = 0xff, e.global[9] = 0xff, e.global[10] = 0xff, e.global[11] = 0xff;
        e.global[16 + 6] = 0xf8, e.global[16 + 7] = 0x3f;
        e.global[24] = 5, e.global[28] = 7;
        e.global[32] = 1, e.shared[32] = 1;
        RUN_KEEP(e, ".shared .align 8 .b8 sh[64];",
                 "mov.u64 %rd1, 0;\n"
                 "atom.global.add.u64 %rd2, [%rd1+8], 1; atom.global.cas.b64 %rd3, [%rd1+8], 0x100000000, -2;\n"
                 "atom.global.cas.b64 %rd4, [%rd1+8], 0x100000000, 7; atom.global.exch.b64 %rd5, [%rd1+40], -3;\n"
                 "atom.global.add.f64 %fd1, [%rd1+16], 0d3FF8000000000000;\n"
                 "atom.global.inc.u32 %r1, [%rd1+24], 5; atom.global.inc.u32 %r2, [%rd1+24], 5;\n"
                 "atom.global.dec.u32 %r3, [%rd1+28], 3; atom.global.dec.u32 %r4, [%rd1+28], 3;\n"
                 "atom.global.min.s64 %rd6, [%rd1+40], 0; atom.global.max.u64 %rd7, [%rd1+48], -1;\n"
                 "mov.u32 %r9, 0; atom.global.dec.u32 %r5, [%rd1+56], %r9; atom.global.inc.u32 %r6, [%rd1+60], -1;\n"
                 /* atom.add.f32 flushes subnormals in global memory, keeps them in shared */
                 "atom.global.add.f32 %f1, [%rd1+32], 0f00000001; atom.shared.add.f32 %f2, [sh+32], 0f00000001;\n"
                 "add.u64 %rd9, %rd2, %rd3; add.u64 %rd9, %rd4, %rd5; add.f64 %fd2, %fd1, %fd1; add.u32 %r7, %r1, %r2;\n"
                 "add.u32 %r7, %r3, %r4; add.u64 %rd9, %rd6, %rd7; add.u32 %r7, %r5, %r6; add.f32 %f3, %f1, %f2;");
        WANT(&e,
             {"%rd2", 0xffffffffull}, {"%rd3", 0x100000000ull}, {"%rd4", ~1ull});
        CHECK_EQ(w32(e.global + 8), 0xfffffffeu);
        CHECK_EQ(w32(e.global + 12), 0xffffffffu);
        CHECK(D(&e, "%fd1") == 1.5);
        CHECK_EQ(w32(e.global + 20), 0x40080000u); /* 3.0 */
        CHECK_EQ(R(&e, "%r1"), 5);
        CHECK_EQ(R(&e, "%r2"), 0); /* (old >= b) ? 0 : old + 1 */
        CHECK_EQ(w32(e.global + 24), 1);
        CHECK_EQ(R(&e, "%r3"), 7);
        CHECK_EQ(R(&e, "%r4"), 3); /* (old == 0 || old > b) ? b : old - 1 */
        CHECK_EQ(w32(e.global + 28), 2);
        CHECK_EQ(R(&e, "%rd5"), 0);
        CHECK_EQ(R(&e, "%rd6"), (uint64_t)-3);
        CHECK_EQ(w32(e.global + 40), (uint32_t)-3);
        CHECK_EQ(w32(e.global + 48), 0xffffffffu);
        CHECK_EQ(w32(e.global + 52), 0xffffffffu);
        CHECK_EQ(R(&e, "%r5"), 0);
        CHECK_EQ(w32(e.global + 56), 0); /* dec of 0 with b = 0: b */
        CHECK_EQ(w32(e.global + 60), 1);
        CHECK_EQ(R(&e, "%f1"), 1);
        CHECK_EQ(w32(e.global + 32), 0);  /* 2^-149 + 2^-149 flushed: +0 */
        CHECK_EQ(R(&e, "%f2"), 1);
        CHECK_EQ(w32(e.shared + 32), 2); /* shared: 2^-148 */
        done(&e);
    }
}

/* forms the manual does not define (or that we cannot do) are refused with
 * one line, not run as something else */
/* set.CmpOp{.BoolOp}{.ftz}.dtype.stype: setp's comparison written as a
 * value, "1.0f if true and 0.0f otherwise" for .f32, all ones or zero for
 * the integer types; the .BoolOp combines with {!}c before the write */
TEST(set_writes_a_value)
{
    env e;
    BOTH_PATHS {
        RUN_OK(e, NULL,
               "mov.u32 %r1, 5; mov.u32 %r2, 0xfffffffb; mov.f32 %f1, 0f7FC00000; mov.f32 %f2, 0f00000001;\n"
               "set.lt.u32.s32 %r3, %r2, %r1; set.lt.u32.u32 %r4, %r2, %r1; set.eq.s32.u32 %r5, %r1, 5;\n"
               "set.ne.f32.u32 %f3, %r1, 5; set.gt.f32.s32 %f4, %r1, -6; set.hi.u32.b32 %r6, %r2, %r1;\n"
               /* NaN: ordered compares false, unordered true; .ftz flushes the subnormal to 0 */
               "set.lt.u32.f32 %r7, %f1, 0f3F800000; set.ltu.u32.f32 %r8, %f1, 0f3F800000;\n"
               "set.num.s32.f32 %r9, %f1, %f1; set.nan.f32.f32 %f5, %f1, 0f00000000;\n"
               "set.eq.ftz.u32.f32 %r10, %f2, 0f00000000; set.eq.u32.f32 %r11, %f2, 0f00000000;\n"
               /* .and/.or/.xor with a predicate, negated or not */
               "setp.eq.u32 %p1, %r1, 5; setp.ne.u32 %p2, %r1, 5;\n"
               "set.eq.and.u32.u32 %r12, %r1, 5, %p2; set.eq.and.u32.u32 %r13, %r1, 5, !%p2;\n"
               "set.ne.or.f32.u32 %f6, %r1, 5, %p1; set.ne.or.f32.u32 %f7, %r1, 5, %p2;\n"
               "set.eq.xor.s32.u32 %r14, %r1, 5, %p1; set.eq.xor.s32.u32 %r15, %r1, 5, %p2;\n"
               /* 64-bit and f64 operands, 16-bit ones */
               "mov.u64 %rd1, 0x100000000; set.gt.u32.u64 %r16, %rd1, 1; set.lt.u32.s64 %r17, %rd1, 1;\n"
               "mov.f64 %fd1, 0d3FF0000000000000; set.ge.f32.f64 %f8, %fd1, %fd1;\n"
               "mov.b16 %rs1, 0xffff; set.lt.u32.s16 %r18, %rs1, 0; set.lt.u32.u16 %r19, %rs1, 0;\n"
               /* a guard that is off leaves the destination */
               "mov.u32 %r20, 7; @%p2 set.eq.u32.u32 %r20, %r1, %r1;");
        WANT(&e, {"%r3", 0xffffffffu}, {"%r4", 0}, {"%r5", 0xffffffffu}, {"%f3", 0}, {"%f4", 0x3f800000u},
             {"%r6", 0xffffffffu}, {"%r7", 0}, {"%r8", 0xffffffffu}, {"%r9", 0}, {"%f5", 0x3f800000u},
             {"%r10", 0xffffffffu}, {"%r11", 0}, {"%r12", 0}, {"%r13", 0xffffffffu}, {"%f6", 0x3f800000u},
             {"%f7", 0}, {"%r14", 0}, {"%r15", 0xffffffffu}, {"%r16", 0xffffffffu}, {"%r17", 0},
             {"%f8", 0x3f800000u}, {"%r18", 0xffffffffu}, {"%r19", 0}, {"%r20", 7});
        done(&e);
    }
}

/* .target: any sm_NN/compute_NN with texmode_* and debug runs; what would
 * change the semantics (map_f64_to_f32) or is not a target is refused with
 * file:line; a video instruction (inline asm) is refused by name */
TEST(target_and_video_refusals)
{
    env e;
    RUN_OK(e, ".target sm_86, texmode_independent, debug", "mov.u32 %r1, 3;");
    WANT(&e, {"%r1", 3});
    done(&e);
    RUN_OK(e, ".target compute_90a,texmode_unified", "mov.u32 %r1, 4;");
    WANT(&e, {"%r1", 4});
    done(&e);
    expect_err(".target sm_70, map_f64_to_f32", "ret;", -1,
               "t.ptx:4: unsupported PTX: .target map_f64_to_f32 (.f64 run as .f32)");
    expect_err(".target sm_70, fastmath", "ret;", -1, "t.ptx:4: .target: unknown 'fastmath'");
    expect_err(".target", "ret;", -1, "t.ptx:4: .target without a target");
    expect_err(NULL, "vabsdiff4.u32.u32.u32.add %r1, %r2, %r3, %r4;", -1,
               "t.ptx:16: unsupported PTX: video instruction 'vabsdiff4' (CUDA's __v* SIMD intrinsics are in the project's header)");
    expect_err(NULL, "vadd.u32.u32.u32.sat %r1, %r2.b0, %r3.b1, %r4;", -1,
               "t.ptx:16: unsupported PTX: video instruction 'vadd'");
}

/* the extended-precision forms, with the PTX manual's semantics: add.cc
 * writes the carry out, addc adds it in, sub.cc's carry is the borrow that
 * subc subtracts (d = a - (b + CC.CF)), mad.cc.lo/.hi add the product's
 * half and carry out, madc adds the carry in; 32 and 64 bits.  lop3's table
 * is F(0xF0, 0xCC, 0xAA); dp4a/dp2a sum byte (and halfword) products. */
TEST(carry_chains_lop3_dp4a)
{
    env e;
    BOTH_PATHS {
        RUN_OK(e, NULL,
               "mov.u32 %r1, 0xffffffff;\n"
               "add.cc.u32 %r3, %r1, 1; addc.cc.u32 %r4, %r1, 0; addc.u32 %r5, 0, 0;\n"
               "sub.cc.u32 %r6, 0, 1; subc.u32 %r7, 1, 0;\n"
               "sub.cc.u32 %r8, 0, 1; subc.cc.u32 %r8, 0, 0; subc.u32 %r14, 5, 1;\n"
               "mad.lo.cc.u32 %r9, 0x10001, 0x10000, 0xffff0000; madc.hi.u32 %r10, 0x10001, 0x10000, 5;\n"
               "mad.hi.cc.s32 %r11, -2, 3, 6; addc.u32 %r12, 0, 0;\n"
               "add.cc.u64 %rd1, 0xffffffffffffffff, 2; addc.u64 %rd2, 5, 6;\n"
               "sub.cc.u64 %rd3, 3, 5; subc.u64 %rd4, 10, 2;\n"
               /* a guard that is off writes neither the sum nor the carry */
               "setp.eq.u32 %p1, %r1, 0; add.cc.u32 %r15, 1, 1; @%p1 add.cc.u32 %r16, %r1, %r1; addc.u32 %r17, 0, 0;\n"
               "mov.u32 %r18, 0x0000ffff; mov.u32 %r19, 0x00ff00ff; mov.u32 %r20, 0x0f0f0f0f;\n"
               "lop3.b32 %r21, %r18, %r19, %r20, 0x96; lop3.b32 %r22, %r18, %r19, %r20, 0xe8;\n"
               "lop3.b32 %r23, %r18, %r19, %r20, 0x80; lop3.b32 %r24, %r18, %r19, %r20, 0x01;\n"
               "lop3.b32 %r25, %r18, %r19, %r20, 0xcc;\n"
               "dp4a.u32.u32 %r26, 0x01020304, 0x05060708, 10; dp4a.s32.s32 %r27, 0xff02fe04, 0x05fa0708, 0;\n"
               "dp4a.u32.s32 %r28, 0xff02fe04, 0x05fa0708, 0; dp2a.lo.s32.s32 %r29, 0xfffe0003, 0x0102fd04, 100;\n"
               "dp2a.hi.s32.s32 %r13, 0xfffe0003, 0x0102fd04, 100; dp2a.hi.u32.u32 %r2, 0xfffe0003, 0x0102fd04, 0;");
        WANT(&e, {"%r3", 0}, {"%r4", 0}, {"%r5", 1}, {"%r6", 0xffffffffu}, {"%r7", 0},
             {"%r8", 0xffffffffu}, {"%r14", 3}, /* 0 - 0 - 1 borrows again: 5 - (1 + 1) */
             {"%r9", 0}, {"%r10", 7}, {"%r11", 5}, {"%r12", 1}, {"%rd1", 1}, {"%rd2", 12},
             {"%rd3", 0xfffffffffffffffeull}, {"%rd4", 7}, {"%r17", 0},
             {"%r21", 0x0ff0f00fu}, {"%r22", 0x000f0fffu}, {"%r23", 0x0000000fu}, {"%r24", 0xf0000000u},
             {"%r25", 0x00ff00ffu}, {"%r26", 80}, {"%r27", 1}, {"%r28", 0xc01}, {"%r29", 118}, {"%r13", 104},
             {"%r2", 0x10004});
        done(&e);
    }
    static const char *const bad[][2] = {
        {"lop3.b64 %rd1, %rd2, %rd3, %rd4, 0x96;", "t.ptx:16: unsupported PTX: lop3 other than .b32"},
        {"lop3.b32 %r1, %r2, %r3, %r4, %r5;", "t.ptx:16: lop3's table must be an immediate 0..255"},
        {"dp4a.u32 %r1, %r2, %r3, %r4;", "t.ptx:16: dp4a needs two types, each .u32 or .s32"},
        {"dp2a.u32.u32 %r1, %r2, %r3, %r4;", "t.ptx:16: dp2a needs .lo or .hi"},
        {"add.cc.f32 %f1, %f2, %f3;", "t.ptx:16: add.cc needs .u32, .s32, .u64 or .s64"},
        {"addc.u16 %rs1, %rs2, %rs3;", "t.ptx:16: addc needs .u32, .s32, .u64 or .s64"},
        {"add.cc.sat.s32 %r1, %r2, %r3;", "t.ptx:16: unsupported PTX: add.cc with .sat or .wide"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) expect_err(NULL, bad[i][0], -1, bad[i][1]);
}

TEST(refused_not_run_wrongly)
{
    static const char *const bad[][2] = {
        {"rem.f32 %f1, %f2, %f3;", "t.ptx:16: unsupported PTX: rem on .f32"},
        {"fma.rn.s32 %r1, %r2, %r3, %r4;", "t.ptx:16: unsupported PTX: fma on .s32"},
        {"mul.lo.sat.s32 %r1, %r2, %r3;", "t.ptx:16: unsupported PTX: .sat on mul"},
        {"shf.l.wrap.b64 %rd1, %rd2, %rd3, %r4;", "t.ptx:16: unsupported PTX: shf on .b64"},
        {"prmt.b64 %rd1, %rd2, %rd3, %r4;", "t.ptx:16: unsupported PTX: prmt on .b64"},
        {"prmt.b32.f4e.b4e %r1, %r2, %r3, %r4;", "t.ptx:16: unsupported PTX: prmt with two modes"},
        {"bfind.f32 %r1, %f2;", "t.ptx:16: unsupported PTX: bfind on .f32"},
        {"min.NaN.f32 %f1, %f2, %f3;", "t.ptx:16: unsupported PTX: modifier .NaN on min"},
        {"div.rn.s32 %r1, %r2, %r3;", "t.ptx:16: unsupported PTX: rounding on an integer div"},
        {"add.rz.u32 %r1, %r2, %r3;", "t.ptx:16: unsupported PTX: rounding on an integer add"},
        {"add.rni.f32 %f1, %f2, %f3;", "t.ptx:16: unsupported PTX: integer rounding (.rni ...) on add"},
        /* a 64-bit shift amount would be cut to 32 bits (2^32 shifting by 0) */
        {"shl.b64 %rd1, %rd2, %rd3;", "t.ptx:16: operand %rd3 of shl is wider than .u32"},
        {"shr.s32 %r1, %r2, %rd3;", "t.ptx:16: operand %rd3 of shr is wider than .u32"},
        {"bfe.u64 %rd1, %rd2, %r3, %rd4;", "t.ptx:16: operand %rd4 of bfe is wider than .u32"},
        {"bfi.b64 %rd1, %rd2, %rd3, %rd4, 8;", "t.ptx:16: operand %rd4 of bfi is wider than .u32"},
        {"shf.l.wrap.b32 %r1, %r2, %r3, %rd4;", "t.ptx:16: operand %rd4 of shf is wider than .u32"},
        /* f16 runs (tests/test_ptx_f16.c); its forms the front end lacks are
         * refused, not run as something else */
        {"sqrt.rn.f16 %rs1, %rs1;", "t.ptx:16: unsupported PTX: sqrt on a half-precision type"},
        {"cvt.rn.relu.f16x2.f32 %r1, %f1, %f2;", "t.ptx:16: unsupported PTX: modifier .relu"},
        {"cvt.f32.e4m3 %f1, %rs1;", "t.ptx:16: unsupported PTX: type .e4m3"},
        /* set: two types, a u32/s32/f32 result, one destination */
        {"set.eq.u32 %r1, %r2, %r3;", "t.ptx:16: set needs two types (.dtype.stype)"},
        {"set.eq.u64.u32 %rd1, %r2, %r3;", "t.ptx:16: set's result type must be .u32, .s32 or .f32"},
        {"set.eq.u32.u32 %r1|%r4, %r2, %r3;", "t.ptx:16: set has one destination"},
        {"set.eq.f16.f16 %rs1, %rs2, %rs3;", "t.ptx:16: unsupported PTX: set with a half-precision result"},
        {"set.eq.u32.f16 %r1, %rs2, %rs3;", "t.ptx:16: unsupported PTX: set on half-precision operands"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) expect_err(NULL, bad[i][0], -1, bad[i][1]);
}

int main(int argc, char **argv)
{
    test_args(argc, argv);
    RUN(integer_overflow_edges);
    RUN(shifts_and_bit_fields_at_the_edges);
    RUN(bit_counts_bfind_prmt_shf);
    RUN(float_special_values);
    RUN(cvt_every_rounding_and_saturation);
    RUN(memory_widths_alignment_atomics);
    RUN(set_writes_a_value);
    RUN(target_and_video_refusals);
    RUN(carry_chains_lop3_dp4a);
    RUN(refused_not_run_wrongly);
    return test_summary();
}
