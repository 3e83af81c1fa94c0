/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_ptx_f16.c -- .f16, .f16x2, .bf16 (tb/simt/ptx_half.c, ptx_half.h).
 *
 * The conversions and the arithmetic are checked against references
 * written here another way: every .f16 value's midpoints with its
 * neighbours (ties to even, one float ulp either side, every rounding
 * mode), and add/mul/fma of random .f16 operands computed exactly in
 * 128-bit integers (units of 2^-48) and rounded with integer arithmetic.
 * Then PTX bodies with the ISA's edge cases (ties, subnormal halves,
 * overflow to inf, NaN payloads, -0, the fma that rounding through f32
 * would get wrong, bf16's fma that rounding through double would get
 * wrong), through the fast path and through ptx_exec_general, and the
 * forms that must be refused.
 */
#include <math.h>

#include "ptx_check.h"
#include "prog_check.h"
#include "../tb/simt/ptx_half.h"

/* ------------------------------------------------------------ references */

/* a finite .f16's value, decoded here from the IEEE layout */
static double h_val(unsigned h)
{
    unsigned e = (h >> 10) & 31, f = h & 1023;
    double v = e ? ldexp(1024 + f, (int)e - 25) : ldexp(f, -24);
    return (h & 0x8000) ? -v : v;
}

/* a positive finite .f16 in units of 2^-24 (exact integer) */
static int64_t h_units(unsigned h)
{
    unsigned e = (h >> 10) & 31, f = h & 1023;
    int64_t u = e ? (int64_t)(1024 + f) << (e - 1) : f;
    return (h & 0x8000) ? -u : u;
}

/* an exact value n * 2^-48 (n signed, |n| < 2^100) rounded to .f16 in
 * mode rnd, with integer arithmetic only; zero -> +0 (callers avoid it) */
static unsigned round_units(__int128 n, int rnd)
{
    int neg = n < 0;
    unsigned __int128 m = neg ? -(unsigned __int128)n : (unsigned __int128)n;
    unsigned sign = neg ? 0x8000u : 0;
    if (!m) return sign;
    int top = 127;
    while (!((m >> top) & 1)) top--;
    int E = top - 48; /* value in [2^E, 2^(E+1)) */
    if (E < -14) E = -14;
    int qe = E + 38; /* the quantum 2^(E-10) in units of 2^-48 */
    unsigned __int128 q = m >> qe, rem = m & (((unsigned __int128)1 << qe) - 1),
                      half = (unsigned __int128)1 << (qe - 1);
    int up;
    switch (rnd) {
    case PTX_H_RZ: up = 0; break;
    case PTX_H_RM: up = neg && rem; break;
    case PTX_H_RP: up = !neg && rem; break;
    default: up = rem > half || (rem == half && (q & 1)); break;
    }
    q += (unsigned)up;
    if (q == 2048) { q = 1024; E++; }
    if (E > 15) {
        int tozero = rnd == PTX_H_RZ || (rnd == PTX_H_RM && !neg) || (rnd == PTX_H_RP && neg);
        return sign | (tozero ? 0x7bffu : 0x7c00u);
    }
    if (q < 1024) return sign | (unsigned)q;
    return sign | (unsigned)(E + 15) << 10 | (unsigned)(q - 1024);
}

static uint64_t rng = 0x9e3779b97f4a7c15ull;

/* a finite .f16, biased toward the edges: subnormals, near 1, near the top */
static unsigned rand_half(void)
{
    uint64_t r = prog_check_rand(&rng);
    unsigned h = (unsigned)(r & 0xffff);
    switch ((r >> 16) & 3) {
    case 0: h &= 0x83ff; break;                     /* subnormal or zero */
    case 1: h = (h & 0x800f) | 0x3c00; break;       /* 1 .. 1 + 15 ulp */
    case 2: h = (h & 0x83ff) | 0x7800; break;       /* near the top */
    default: break;
    }
    if ((h & 0x7c00) == 0x7c00) h &= 0xbfff;        /* no inf/NaN */
    return h;
}

TEST(conversions_at_every_midpoint)
{
    static const int modes[] = {PTX_H_RN, PTX_H_RZ, PTX_H_RM, PTX_H_RP};
    unsigned bad = 0;
    /* every finite .f16 round-trips through double and float */
    for (unsigned h = 0; h < 0x10000; h++) {
        if ((h & 0x7c00) == 0x7c00) continue;
        double v = ptx_h_to_double((uint16_t)h, PTX_H_F16);
        if (v != h_val(h) || signbit(v) != !!(h & 0x8000)) bad++;
        for (int k = 0; k < 4; k++)
            if (ptx_h_from_double(v, PTX_H_F16, modes[k]) != h) bad++;
        float f = (float)v;
        uint32_t u;
        memcpy(&u, &f, 4);
        if (ptx_h_to_f32bits((uint16_t)h, PTX_H_F16) != u) bad++;
    }
    CHECK(bad == 0);
    /* between consecutive positive finite halves lo < hi (and the negatives):
     * the midpoint goes to the even one under RN, one float ulp either side
     * to the nearer one; RZ/RM/RP take lo/hi by direction */
    bad = 0;
    for (unsigned lo = 0; lo < 0x7bff; lo++) {
        unsigned hi = lo + 1;
        float mid = (float)((h_val(lo) + h_val(hi)) / 2); /* exact: 12 bits */
        float below = nextafterf(mid, 0), above = nextafterf(mid, INFINITY);
        unsigned even = (lo & 1) ? hi : lo;
        for (int s = 0; s < 2; s++) {
            unsigned sg = s ? 0x8000u : 0;
            float sm = s ? -mid : mid, sb = s ? -below : below, sa = s ? -above : above;
            if (ptx_h_from_double(sm, PTX_H_F16, PTX_H_RN) != (even | sg)) bad++;
            if (ptx_h_from_double(sb, PTX_H_F16, PTX_H_RN) != (lo | sg)) bad++;
            if (ptx_h_from_double(sa, PTX_H_F16, PTX_H_RN) != (hi | sg)) bad++;
            if (ptx_h_from_double(sm, PTX_H_F16, PTX_H_RZ) != (lo | sg)) bad++;
            if (ptx_h_from_double(sa, PTX_H_F16, PTX_H_RZ) != (lo | sg)) bad++;
            if (ptx_h_from_double(sb, PTX_H_F16, s ? PTX_H_RM : PTX_H_RP) != (hi | sg)) bad++;
            if (ptx_h_from_double(sa, PTX_H_F16, s ? PTX_H_RP : PTX_H_RM) != (lo | sg)) bad++;
        }
    }
    CHECK(bad == 0);
    /* overflow: 65504 is the largest finite, 65520 the first value RN takes to inf */
    CHECK_EQ(ptx_h_from_double(65519.996, PTX_H_F16, PTX_H_RN), 0x7bff);
    CHECK_EQ(ptx_h_from_double(65520.0, PTX_H_F16, PTX_H_RN), 0x7c00);
    CHECK_EQ(ptx_h_from_double(-1e300, PTX_H_F16, PTX_H_RN), 0xfc00);
    CHECK_EQ(ptx_h_from_double(1e300, PTX_H_F16, PTX_H_RZ), 0x7bff);
    CHECK_EQ(ptx_h_from_double(1e300, PTX_H_F16, PTX_H_RM), 0x7bff);
    CHECK_EQ(ptx_h_from_double(-1e300, PTX_H_F16, PTX_H_RM), 0xfc00);
    CHECK_EQ(ptx_h_from_double(-1e300, PTX_H_F16, PTX_H_RP), 0xfbff);
    CHECK_EQ(ptx_h_from_double(INFINITY, PTX_H_F16, PTX_H_RZ), 0x7c00);
    /* the smallest subnormal's half rounds to even (0); a hair more to 2^-24 */
    CHECK_EQ(ptx_h_from_double(ldexp(1, -25), PTX_H_F16, PTX_H_RN), 0x0000);
    CHECK_EQ(ptx_h_from_double(ldexp(1, -25) + ldexp(1, -60), PTX_H_F16, PTX_H_RN), 0x0001);
    CHECK_EQ(ptx_h_from_double(-ldexp(1, -40), PTX_H_F16, PTX_H_RN), 0x8000);
    CHECK_EQ(ptx_h_from_double(-ldexp(1, -40), PTX_H_F16, PTX_H_RM), 0x8001);
    CHECK_EQ(ptx_h_from_double(4.9e-324, PTX_H_F16, PTX_H_RP), 0x0001);
    /* NaN: the sign and the top fraction bits, quieted */
    CHECK_EQ(ptx_h_from_double(-NAN, PTX_H_F16, PTX_H_RN) & 0xfe00, 0xfe00);
    CHECK_EQ(ptx_h_to_f32bits(0x7c01, PTX_H_F16), 0x7fc02000u);
    CHECK_EQ(ptx_h_to_f32bits(0xff81, PTX_H_BF16), 0xffc10000u);
    /* integers: exact below 2^11, rounded once above (2^60 + 1 is not a tie) */
    CHECK_EQ(ptx_h_from_s64(2049, PTX_H_F16, PTX_H_RN), 0x6800);
    CHECK_EQ(ptx_h_from_s64(2051, PTX_H_F16, PTX_H_RN), 0x6802);
    CHECK_EQ(ptx_h_from_s64(-65520, PTX_H_F16, PTX_H_RN), 0xfc00);
    CHECK_EQ(ptx_h_from_u64(~0ull, PTX_H_F16, PTX_H_RZ), 0x7bff);
    /* bf16 of 2^63 + 2^55 + 1: just above a midpoint, which rounding the
     * integer to double first would turn into a tie (to even: 2^63) */
    CHECK_EQ(ptx_h_from_u64((1ull << 63) + (1ull << 55) + 1, PTX_H_BF16, PTX_H_RN), 0x5f01);
}

TEST(arithmetic_against_exact_integers)
{
    static const int modes[] = {PTX_H_RN, PTX_H_RZ, PTX_H_RM, PTX_H_RP};
    unsigned bad = 0, n = 0;
    for (int i = 0; i < 400000; i++) {
        unsigned a = rand_half(), b = rand_half(), c = rand_half();
        int rnd = modes[i & 3];
        __int128 A = h_units(a), B = h_units(b), C = h_units(c);
        __int128 add = (A + B) * (1 << 24), mul = A * B, fma = A * B + C * (1 << 24);
        struct { int op; __int128 exact; } cs[] = {{PTX_H_ADD, add}, {PTX_H_MUL, mul}, {PTX_H_FMA, fma}};
        for (int k = 0; k < 3; k++) {
            if (cs[k].exact == 0) continue; /* the sign of an exact zero: below */
            unsigned want = round_units(cs[k].exact, rnd);
            unsigned got = ptx_h_op(cs[k].op, (uint16_t)a, (uint16_t)b, (uint16_t)c, PTX_H_F16, rnd, 0);
            n++;
            if (got != want) {
                if (bad++ < 5)
                    printf("  op %d mode %d: %04x %04x %04x -> %04x, want %04x\n", cs[k].op, rnd, a, b, c, got, want);
            }
        }
    }
    CHECK(n > 1000000);
    CHECK(bad == 0);
    /* exact zeros: +0, except x - x rounding down; -0 + -0 = -0 */
    CHECK_EQ(ptx_h_op(PTX_H_SUB, 0x3c00, 0x3c00, 0, PTX_H_F16, PTX_H_RN, 0), 0x0000);
    CHECK_EQ(ptx_h_op(PTX_H_SUB, 0x3c00, 0x3c00, 0, PTX_H_F16, PTX_H_RM, 0), 0x8000);
    CHECK_EQ(ptx_h_op(PTX_H_ADD, 0x8000, 0x8000, 0, PTX_H_F16, PTX_H_RN, 0), 0x8000);
    /* NaN: the first NaN operand quieted; an invalid operation the canonical NaN */
    CHECK_EQ(ptx_h_op(PTX_H_ADD, 0x3c00, 0x7c01, 0, PTX_H_F16, PTX_H_RN, 0), 0x7e01);
    CHECK_EQ(ptx_h_op(PTX_H_FMA, 0x3c00, 0xfd55, 0x7e77, PTX_H_F16, PTX_H_RN, 0), 0xff55);
    CHECK_EQ(ptx_h_op(PTX_H_SUB, 0x7c00, 0x7c00, 0, PTX_H_F16, PTX_H_RN, 0), 0x7fff);
    CHECK_EQ(ptx_h_op(PTX_H_MUL, 0x0000, 0xfc00, 0, PTX_H_F16, PTX_H_RN, 0), 0x7fff);
    /* min/max: a NaN loses, both NaN the canonical one, -0 < +0 */
    CHECK_EQ(ptx_h_op(PTX_H_MIN, 0x7e00, 0xbc00, 0, PTX_H_F16, PTX_H_RN, 0), 0xbc00);
    CHECK_EQ(ptx_h_op(PTX_H_MAX, 0x7e00, 0x7d00, 0, PTX_H_F16, PTX_H_RN, 0), 0x7fff);
    CHECK_EQ(ptx_h_op(PTX_H_MIN, 0x0000, 0x8000, 0, PTX_H_F16, PTX_H_RN, 0), 0x8000);
    CHECK_EQ(ptx_h_op(PTX_H_MAX, 0x8000, 0x0000, 0, PTX_H_F16, PTX_H_RN, 0), 0x0000);
    /* ftz: a subnormal operand and a subnormal result become signed zeros */
    CHECK_EQ(ptx_h_op(PTX_H_MUL, 0x0200, 0x4000, 0, PTX_H_F16, PTX_H_RN, 1), 0x0000);
    CHECK_EQ(ptx_h_op(PTX_H_MUL, 0x0200, 0x4000, 0, PTX_H_F16, PTX_H_RN, 0), 0x0400);
    CHECK_EQ(ptx_h_op(PTX_H_MUL, 0x0400, 0xb800, 0, PTX_H_F16, PTX_H_RN, 1), 0x8000);
}

/* ------------------------------------------------------------ PTX */


#define WANTR(e, name, v) CHECK_EQ(R(e, name), (uint64_t)(v))

TEST(cvt_f16_edges)
{
    env e;
    BOTH_PATHS {
        RUN_OK(e, NULL,
               /* f32 -> f16: ties to even, the subnormal tie, overflow, -0, NaN */
               "mov.b32 %f1, 0x3f801000; cvt.rn.f16.f32 %rs1, %f1;\n" /* 1 + 2^-11: tie -> 1 */
               "mov.b32 %f1, 0x3f803000; cvt.rn.f16.f32 %rs2, %f1;\n" /* 1 + 3 2^-11 -> 1 + 2^-9 */
               "mov.b32 %f1, 0x33000000; cvt.rn.f16.f32 %rs3, %f1;\n" /* 2^-25: tie -> 0 */
               "mov.b32 %f1, 0x33400000; cvt.rn.f16.f32 %rs4, %f1;\n" /* 1.5 2^-25 -> 2^-24 */
               "mov.b32 %f1, 0x477ff000; cvt.rn.f16.f32 %rs5, %f1;\n" /* 65520 -> inf */
               "mov.b32 %f1, 0x477fefff; cvt.rn.f16.f32 %rs6, %f1;\n" /* below it -> 65504 */
               "mov.b32 %f1, 0x80000000; cvt.rn.f16.f32 %rs7, %f1;\n"
               "mov.b32 %f1, 0xffc00001; cvt.rn.f16.f32 %rs8, %f1;\n"
               "mov.b32 %f1, 0xc9742400; cvt.rz.f16.f32 %rs9, %f1;\n" /* -1e6 */
               "cvt.rm.f16.f32 %r1, %f1; cvt.rp.f16.f32 %r2, %f1;\n"
               "mov.b32 %f1, 0x3f801001; cvt.rz.f16.f32 %r3, %f1; cvt.rp.f16.f32 %r4, %f1;\n"
               "mov.b32 %f1, 0x00000001; cvt.rn.ftz.f16.f32 %r5, %f1; cvt.rp.f16.f32 %r6, %f1;\n"
               /* f16 -> f32 / f64 exactly */
               "mov.b16 %rs1, 0x0001; cvt.f32.f16 %f2, %rs1; mov.b16 %rs2, 0x7bff; cvt.f32.f16 %f3, %rs2;\n"
               "mov.b16 %rs2, 0xfc00; cvt.f32.f16 %f4, %rs2; mov.b16 %rs2, 0x7c01; cvt.f32.f16 %f5, %rs2;\n"
               "mov.b16 %rs2, 0x83ff; cvt.f64.f16 %fd1, %rs2;\n"
               /* f64 -> f16 rounds once: 1 + 2^-11 + 2^-40 is above the tie
                * (through f32 it would become the tie, and 1) */
               "mov.b64 %fd2, 0x3ff0020000001000; cvt.rn.f16.f64 %r7, %fd2;\n"
               /* integers */
               "cvt.rn.f16.s32 %r8, 65519; cvt.rn.f16.s32 %r9, -65520; cvt.rn.f16.u32 %r10, 2049;\n"
               "mov.b16 %rs3, 0xc100; cvt.rzi.s32.f16 %r11, %rs3; cvt.rni.s32.f16 %r12, %rs3;\n"
               "mov.b16 %rs3, 0x7c00; cvt.rzi.u16.f16 %r13, %rs3; mov.b16 %rs3, 0x7e00; cvt.rzi.s32.f16 %r14, %rs3;\n"
               "mov.b16 %rs3, 0x4100; cvt.rni.f16.f16 %r15, %rs3; cvt.rmi.f16.f16 %r16, %rs3;\n"
               "mov.b32 %f1, 0x3fc00000; cvt.rn.sat.f16.f32 %r17, %f1;\n");
        /* %rs1..%rs3's first results: the second body */
        WANTR(&e, "%rs4", 0x0001);
        WANTR(&e, "%rs3", 0x4100);
        WANTR(&e, "%rs5", 0x7c00);
        WANTR(&e, "%rs6", 0x7bff);
        WANTR(&e, "%rs7", 0x8000);
        WANTR(&e, "%rs8", 0xfe00);
        WANTR(&e, "%rs9", 0xfbff);
        WANTR(&e, "%r1", 0xfc00);
        WANTR(&e, "%r2", 0xfbff);
        WANTR(&e, "%r3", 0x3c00);
        WANTR(&e, "%r4", 0x3c01);
        WANTR(&e, "%r5", 0x0000);
        WANTR(&e, "%r6", 0x0001);
        WANTR(&e, "%f2", 0x33800000u);
        WANTR(&e, "%f3", 0x477fe000u);
        WANTR(&e, "%f4", 0xff800000u);
        WANTR(&e, "%f5", 0x7fc02000u);
        CHECK(D(&e, "%fd1") == -1023 * ldexp(1, -24));
        WANTR(&e, "%r7", 0x3c01);
        WANTR(&e, "%r8", 0x7bff);
        WANTR(&e, "%r9", 0xfc00);
        WANTR(&e, "%r10", 0x6800);
        WANTR(&e, "%r11", (uint32_t)-2);
        WANTR(&e, "%r12", (uint32_t)-2);
        WANTR(&e, "%r13", 0xffff);
        WANTR(&e, "%r14", 0);
        WANTR(&e, "%r15", 0x4000);
        WANTR(&e, "%r16", 0x4000);
        WANTR(&e, "%r17", 0x3c00);
        done(&e);
        RUN_OK(e, NULL,
               "mov.b32 %f1, 0x3f801000; cvt.rn.f16.f32 %rs1, %f1; mov.b32 %f1, 0x3f803000; cvt.rn.f16.f32 %rs2, %f1;\n"
               "mov.b32 %f1, 0x33000000; cvt.rn.f16.f32 %rs3, %f1;\n"
               /* bf16: ties, a hair above, the largest float to inf, subnormals */
               "mov.b32 %f1, 0x3f808000; cvt.rn.bf16.f32 %r1, %f1; mov.b32 %f1, 0x3f818000; cvt.rn.bf16.f32 %r2, %f1;\n"
               "mov.b32 %f1, 0x3f808001; cvt.rn.bf16.f32 %r3, %f1; mov.b32 %f1, 0x7f7fffff; cvt.rn.bf16.f32 %r4, %f1;\n"
               "cvt.rz.bf16.f32 %r5, %f1; mov.b32 %f1, 0x00400000; cvt.rn.bf16.f32 %r6, %f1;\n"
               "mov.b16 %rs4, 0x3f81; cvt.f32.bf16 %f2, %rs4; mov.b16 %rs4, 0x0001; cvt.f64.bf16 %fd1, %rs4;\n");
        WANTR(&e, "%rs1", 0x3c00);
        WANTR(&e, "%rs2", 0x3c02);
        WANTR(&e, "%rs3", 0x0000);
        WANTR(&e, "%r1", 0x3f80);
        WANTR(&e, "%r2", 0x3f82);
        WANTR(&e, "%r3", 0x3f81);
        WANTR(&e, "%r4", 0x7f80);
        WANTR(&e, "%r5", 0x7f7f);
        WANTR(&e, "%r6", 0x0040);
        WANTR(&e, "%f2", 0x3f810000u);
        CHECK(D(&e, "%fd1") == ldexp(1, -133));
        done(&e);
        /* ex2/tanh .approx: the C library's value rounded once; ftz */
        RUN_OK(e, NULL,
               "mov.b16 %rs1, 0x4500; ex2.approx.f16 %r1, %rs1;\n"              /* 2^5 = 32 */
               "mov.b16 %rs2, 0xce00; ex2.approx.f16 %r2, %rs2;\n"              /* 2^-24: the smallest subnormal */
               "ex2.approx.ftz.f16 %r3, %rs2; mov.b32 %r4, 0x4c00bc00; ex2.approx.f16x2 %r5, %r4;\n"
               "mov.b16 %rs3, 0x7c00; tanh.approx.f16 %r6, %rs3; mov.b16 %rs4, 0x3f80; tanh.approx.bf16 %r7, %rs4;\n");
        WANTR(&e, "%r1", 0x5000);
        WANTR(&e, "%r2", 0x0001);
        WANTR(&e, "%r3", 0x0000);
        WANTR(&e, "%r5", 0x7c003800u); /* {2^-1, 2^16: above 65504, inf} */
        WANTR(&e, "%r6", 0x3c00);
        WANTR(&e, "%r7", 0x3f43);       /* tanh(1) = 0.76159..: 0.76171875 */
        done(&e);
        /* the packed conversion: a to the high half, b to the low */
        RUN_OK(e, NULL,
               "mov.b32 %f1, 0x3f801000; mov.b32 %f2, 0xc77ff000; cvt.rn.f16x2.f32 %r1, %f1, %f2;\n"
               "cvt.rz.f16x2.f32 %r2, %f1, %f2; cvt.rn.sat.f16x2.f32 %r3, %f2, %f1;\n"
               "mov.b32 %f3, 0x3f808001; cvt.rn.bf16x2.f32 %r4, %f3, %f1;\n");
        WANTR(&e, "%r1", 0x3c00fc00u); /* {1 + 2^-11 tie -> 1, -65520 -> -inf} */
        WANTR(&e, "%r2", 0x3c00fbffu);
        WANTR(&e, "%r3", 0x00003c00u);
        WANTR(&e, "%r4", 0x3f813f80u);
        done(&e);
    }
}

TEST(f16_arithmetic_edges)
{
    env e;
    BOTH_PATHS {
        RUN_OK(e, NULL,
               ".reg .f16 %h<20>; .reg .f16x2 %hh<8>;\n"
               "mov.b16 %h1, 0x3c00; mov.b16 %h2, 0x1000; mov.b16 %h3, 0x3c01; mov.b16 %h4, 0x0001;\n"
               "mov.b16 %h5, 0x3800; mov.b16 %h6, 0x0003; mov.b16 %h7, 0x0ffe; mov.b16 %h8, 0x7c01;\n"
               "mov.b16 %h9, 0x7c00; mov.b16 %h10, 0x0200; mov.b16 %h11, 0x4000;\n"
               "add.f16 %rs1, %h1, %h2;\n"         /* 1 + 2^-11: tie to even -> 1 */
               "add.rn.f16 %rs2, %h3, %h2;\n"      /* (1 + 2^-10) + 2^-11: tie -> 1 + 2^-9 */
               "mul.f16 %rs3, %h4, %h5;\n"         /* 2^-25: tie -> 0 */
               "mul.rn.f16 %rs4, %h6, %h5;\n"      /* 1.5 2^-24: tie -> 2 2^-24 */
               "fma.rn.f16 %rs5, %h3, %h7, %h3;\n" /* below a tie by 2^-31: stays 1 + 2^-10 (f32 would say 1 + 2^-9) */
               "add.f16 %rs6, %h1, %h8;\n"         /* NaN operand, quieted */
               "sub.f16 %rs7, %h9, %h9;\n"         /* inf - inf */
               "mul.f16 %rs8, %h9, %h11;\n"
               "mul.ftz.f16 %rs9, %h10, %h11;\n"   /* subnormal operand flushed */
               "mul.f16 %r1, %h10, %h11;\n"
               "add.sat.f16 %r2, %h1, %h1; sub.sat.f16 %r3, %h4, %h1; fma.rn.sat.f16 %r4, %h8, %h1, %h1;\n"
               "neg.f16 %r5, %h1; abs.f16 %r6, %r5; neg.f16 %r7, %h8; neg.ftz.f16 %r8, %h4; abs.ftz.f16 %r9, %h4;\n"
               "min.f16 %r10, %h8, %h1; max.f16 %r11, %h1, %h11; mov.b16 %h13, 0x8000;\n"
               "mov.b16 %h14, 0; min.f16 %r12, %h14, %h13; max.f16 %r13, %h13, %h14;\n"
               "setp.lt.f16 %p1, %h4, %h1; setp.gtu.f16 %p2|%p3, %h8, %h1; setp.eq.f16 %p4, %h13, %h14;\n"
               "setp.lt.ftz.f16 %p5, %h14, %h4;\n"
               /* f16x2: lanes in the low and the high half */
               "mov.b32 %hh1, {%h1, %h9}; mov.b32 %hh2, {%h2, %h11};\n"
               "add.f16x2 %hh3, %hh1, %hh2; mul.f16x2 %hh4, %hh1, %hh2; fma.rn.f16x2 %hh5, %hh1, %hh2, %hh1;\n"
               "neg.f16x2 %hh6, %hh1; setp.lt.f16x2 %p6|%p7, %hh2, %hh1;\n"
               "mov.b32 %r14, %hh3; mov.b32 %r15, %hh4; mov.b32 %r16, %hh5; mov.b32 %r17, %hh6;\n"
               "mov.b32 {%h15, %h16}, %hh5; mov.b16 %rs0, %h16;\n");
        WANTR(&e, "%rs1", 0x3c00);
        WANTR(&e, "%rs2", 0x3c02);
        WANTR(&e, "%rs3", 0x0000);
        WANTR(&e, "%rs4", 0x0002);
        WANTR(&e, "%rs5", 0x3c01);
        WANTR(&e, "%rs6", 0x7e01);
        WANTR(&e, "%rs7", 0x7fff);
        WANTR(&e, "%rs8", 0x7c00);
        WANTR(&e, "%rs9", 0x0000);
        WANTR(&e, "%r1", 0x0400);
        WANTR(&e, "%r2", 0x3c00);
        WANTR(&e, "%r3", 0x0000);
        WANTR(&e, "%r4", 0x0000);
        WANTR(&e, "%r5", 0xbc00);
        WANTR(&e, "%r6", 0x3c00);
        WANTR(&e, "%r7", 0xfc01);
        WANTR(&e, "%r8", 0x8000);
        WANTR(&e, "%r9", 0x0000);
        WANTR(&e, "%r10", 0x3c00);
        WANTR(&e, "%r11", 0x4000);
        WANTR(&e, "%r12", 0x8000);
        WANTR(&e, "%r13", 0x0000);
        WANTR(&e, "%p1", 1);
        WANTR(&e, "%p2", 1);
        WANTR(&e, "%p3", 0);
        WANTR(&e, "%p4", 1);
        WANTR(&e, "%p5", 0); /* 0 < 2^-24 flushed: false */
        WANTR(&e, "%r14", 0x7c003c00u);  /* {1 + 2^-11, inf + 2} */
        WANTR(&e, "%r15", 0x7c001000u);
        WANTR(&e, "%r16", 0x7c003c00u);  /* 1 * 2^-11 + 1: tie -> 1 */
        WANTR(&e, "%r17", 0xfc00bc00u);
        WANTR(&e, "%p6", 1);
        WANTR(&e, "%p7", 1);
        WANTR(&e, "%rs0", 0x7c00);
        done(&e);
        /* bf16: fma rounds once (259 - tiny: just below the tie between
         * 258 and 260, where rounding the double to nearest first would
         * make it the tie, and 260); min/max/neg/abs; setp */
        RUN_OK(e, NULL,
               ".reg .bf16 %b<8>; .reg .bf16x2 %bb<4>;\n"
               "mov.b16 %b1, 0x40e0; mov.b16 %b2, 0x4214; mov.b16 %b3, 0x8d80; mov.b16 %b4, 0x7fc1;\n"
               "fma.rn.bf16 %rs1, %b1, %b2, %b3; neg.bf16 %rs2, %b3; abs.bf16 %rs3, %b3;\n"
               "min.bf16 %rs4, %b4, %b1; max.bf16 %rs5, %b1, %b2; setp.gt.bf16 %p1, %b2, %b1;\n"
               "mov.b32 %bb1, {%b1, %b2}; fma.rn.bf16x2 %bb2, %bb1, %bb1, %bb1; mov.b32 %r1, %bb2;\n");
        WANTR(&e, "%rs1", 0x4381);
        WANTR(&e, "%rs2", 0x0d80);
        WANTR(&e, "%rs3", 0x0d80);
        WANTR(&e, "%rs4", 0x40e0);
        WANTR(&e, "%rs5", 0x4214);
        WANTR(&e, "%p1", 1);
        WANTR(&e, "%r1", 0x44b04260u); /* {7*7+7 = 56, 37*37+37 = 1406 -> 1408} */
        done(&e);
        /* memory: 2-byte loads and stores of halves, a pair through .v2 */
        memset(&e, 0, sizeof e);
        e.global[16] = 0x00;
        e.global[17] = 0x3c;
        e.global[18] = 0x00;
        e.global[19] = 0x40;
        RUN_KEEP(e, NULL,
                 ".reg .f16 %h<4>;\n"
                 "ld.param.u64 %rd1, [t_p0]; ld.global.f16 %h1, [%rd1]; ld.global.b16 %h2, [%rd1+2];\n"
                 "add.f16 %h3, %h1, %h2; st.global.f16 [%rd1+4], %h3;\n"
                 "ld.global.v2.f16 {%h1, %h2}, [%rd1]; mul.f16 %h3, %h1, %h2; st.global.b16 [%rd1+6], %h3;\n");
        CHECK_EQ(w32(e.global + 20), 0x40004200u); /* {3, 2} */
        done(&e);
    }
}

TEST(half_forms_refused)
{
    static const char *const bad[][2] = {
        {"div.rn.f16 %rs1, %rs2, %rs3;", "t.ptx:16: unsupported PTX: "},
        {"add.rz.f16 %rs1, %rs2, %rs3;", "unsupported PTX: add: half-precision arithmetic rounds only .rn"},
        {"add.ftz.bf16 %rs1, %rs2, %rs3;", "unsupported PTX: .ftz on"},
        {"neg.sat.f16 %rs1, %rs2;", "unsupported PTX: .sat on"},
        {"sqrt.approx.f16 %rs1, %rs2;", "on a half-precision type"},
        {"ex2.f16 %rs1, %rs2;", "ex2 needs .approx"},
        {"tanh.approx.ftz.f16 %rs1, %rs2;", "unsupported PTX: tanh"},
        {"atom.global.add.noftz.f16 %rs1, [%rd1], %rs2;", "on a half-precision type"},
        {"cvt.rm.f16x2.f32 %r1, %f1, %f2;", "unsupported PTX: cvt to .f16x2 other than"},
        {"cvt.rn.f16x2.f64 %r1, %fd1, %fd2;", "unsupported PTX: cvt to .f16x2 other than"},
        {"cvt.rn.f16x2.f32 %r1, %f1;", "t.ptx:16: expected 3 operands, got 2"},
        {"cvt.rn.relu.f16.f32 %rs1, %f1;", "unsupported PTX: modifier .relu"},
        {"cvt.rn.satfinite.bf16.f32 %rs1, %f1;", "unsupported PTX: modifier .satfinite"},
        {"cvt.rni.f16.f32 %rs1, %f1;", "integer rounding between different float types"},
        {"setp.lt.f16x2 %p1, %r1, %r2;", "needs two predicates"},
        {"mad.rn.f16 %rs1, %rs2, %rs3, %rs4;", "on a half-precision type"},
        {"add.f16x2 %r1, %r2, 0f3F800000;", "unsupported PTX: an immediate operand of add on .f16x2"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) expect_err(NULL, bad[i][0], -1, bad[i][1]);
}

int main(int argc, char **argv)
{
    test_args(argc, argv);
    RUN(conversions_at_every_midpoint);
    RUN(arithmetic_against_exact_integers);
    RUN(cvt_f16_edges);
    RUN(f16_arithmetic_edges);
    RUN(half_forms_refused);
    return test_summary();
}
