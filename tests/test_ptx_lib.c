/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_ptx_lib.c -- calls of the library functions a PTX module only
 * declares (tb/simt/ptx_lib.c): the C99 math functions in float and double
 * forms and with libdevice's __nv_ prefix against the host C library bit
 * for bit, the ones that store through a pointer (frexp, modf, remquo,
 * sincos), device printf (vprintf: the text against the host's snprintf,
 * the return value, nothing written without an output), __assertfail (one
 * line naming the assertion, its file:line and the thread), a guarded
 * call, the timing class, libdevice's integer functions and fast forms
 * (__nv_popc, __nv_fast_expf, ...), and the refusals (an unknown extern, a
 * parameter of the wrong size) with one line.
 */
#define _GNU_SOURCE /* exp10, j0, y0 */
#include <math.h>

#include "ptx_check.h"

/* the caller's sequence: r = name(a[, b]) in type T (f32 or f64) */
static void call_text(char *pre, size_t npre, char *body, size_t nbody, const char *name, int dbl,
                      int nargs, uint64_t a, uint64_t b)
{
    const char *w = dbl ? "b64" : "b32", *ft = dbl ? "f64" : "f32", *rg = dbl ? "%fd" : "%f";
    snprintf(pre, npre, ".extern .func (.param .%s func_retval0) %s (.param .%s p0%s%s%s);\n", w, name, w,
             nargs > 1 ? ", .param ." : "", nargs > 1 ? w : "", nargs > 1 ? " p1" : "");
    snprintf(body, nbody,
             "mov.b%d %s1, 0%c%0*llx;\nmov.b%d %s2, 0%c%0*llx;\n"
             "{\n.reg .b32 temp_param_reg;\n.param .%s param0;\nst.param.%s [param0+0], %s1;\n"
             ".param .%s param1;\nst.param.%s [param1+0], %s2;\n.param .%s retval0;\n"
             "call.uni (retval0),\n%s,\n(\nparam0%s\n);\nld.param.%s %s3, [retval0+0];\n}\n",
             dbl ? 64 : 32, rg, dbl ? 'd' : 'f', dbl ? 16 : 8, (unsigned long long)a, dbl ? 64 : 32, rg,
             dbl ? 'd' : 'f', dbl ? 16 : 8, (unsigned long long)b, w, ft, rg, w, ft, rg, w, name,
             nargs > 1 ? ", param1" : "", ft, rg);
}

static uint64_t bits_f(float f) { return ptx_bf32(f); }
static uint64_t bits_d(double d) { return ptx_bf64(d); }

typedef struct {
    const char *name;
    float (*f)(float);
    double (*d)(double);
} math1;
#define M1(n) {#n, n##f, n}
static const math1 MATH1[] = {
    M1(exp), M1(exp2), M1(exp10), M1(expm1), M1(log), M1(log2), M1(log10), M1(log1p), M1(sqrt),
    M1(cbrt), M1(sin), M1(cos), M1(tan), M1(asin), M1(acos), M1(atan), M1(sinh), M1(cosh),
    M1(tanh), M1(asinh), M1(acosh), M1(atanh), M1(erf), M1(erfc), M1(tgamma), M1(lgamma),
    M1(fabs), M1(floor), M1(ceil), M1(trunc), M1(round), M1(rint), M1(nearbyint), M1(logb),
    M1(j0), M1(j1), M1(y0), M1(y1)};
typedef struct {
    const char *name;
    float (*f)(float, float);
    double (*d)(double, double);
} math2;
static const math2 MATH2[] = {M1(pow), M1(hypot), M1(atan2), M1(fmod), M1(remainder), M1(fmin),
                              M1(fmax), M1(fdim), M1(copysign), M1(nextafter)};
#undef M1

static const double XS[] = {0.7, -2.3, 5.5, 1e-3, 0.0};
#define NX (sizeof XS / sizeof XS[0])

/* each function, float and double, plain and __nv_, on XS: the C library's bits */
TEST(math_matches_c_library)
{
    char pre[512], body[2048], name[64];
    unsigned bad = 0, runs = 0;
    for (unsigned i = 0; i < sizeof MATH1 / sizeof MATH1[0] + sizeof MATH2 / sizeof MATH2[0]; i++)
        for (int dbl = 0; dbl < 2; dbl++)
            for (int nv = 0; nv < 2; nv++)
                for (unsigned k = 0; k < NX; k++) {
                    int two = i >= sizeof MATH1 / sizeof MATH1[0];
                    const math1 *m = two ? NULL : &MATH1[i];
                    const math2 *m2 = two ? &MATH2[i - sizeof MATH1 / sizeof MATH1[0]] : NULL;
                    snprintf(name, sizeof name, "%s%s%s", nv ? "__nv_" : "", two ? m2->name : m->name, dbl ? "" : "f");
                    double x = XS[k], y = XS[(k + 2) % NX];
                    uint64_t a = dbl ? bits_d(x) : bits_f((float)x), b = dbl ? bits_d(y) : bits_f((float)y);
                    uint64_t want = two ? (dbl ? bits_d(m2->d(x, y)) : bits_f(m2->f((float)x, (float)y)))
                                        : (dbl ? bits_d(m->d(x)) : bits_f(m->f((float)x)));
                    call_text(pre, sizeof pre, body, sizeof body, name, dbl, two ? 2 : 1, a, b);
                    env e;
                    memset(&e, 0, sizeof e);
                    runs++;
                    if (run(&e, pre, body)) {
                        printf("  %s: %s\n", name, err);
                        bad++;
                        continue;
                    }
                    uint64_t got = R(&e, dbl ? "%fd3" : "%f3");
                    if (got != want) {
                        if (bad < 5) printf("  %s(%g%s): 0x%llx, C: 0x%llx\n", name, x, two ? ", y" : "",
                                            (unsigned long long)got, (unsigned long long)want);
                        bad++;
                    }
                    done(&e);
                }
    CHECK_EQ(bad, 0);
    CHECK_EQ(runs, 2u * 2 * NX * (sizeof MATH1 / sizeof MATH1[0] + sizeof MATH2 / sizeof MATH2[0]));
}

/* fma, ldexp/scalbn (an int), ilogb (an int result), lround (a 64-bit
 * one), isnan (libdevice's double name), and the stores through a pointer */
TEST(math_other_signatures)
{
    env e;
    RUN_OK(e,
           ".extern .func (.param .b32 func_retval0) fmaf (.param .b32 a, .param .b32 b, .param .b32 c);\n"
           ".extern .func (.param .b64 func_retval0) ldexp (.param .b64 a, .param .b32 b);\n"
           ".extern .func (.param .b32 func_retval0) ilogbf (.param .b32 a);\n"
           ".extern .func (.param .b64 func_retval0) __nv_llroundf (.param .b32 a);\n"
           ".extern .func (.param .b32 func_retval0) __nv_isnand (.param .b64 a);\n"
           ".extern .func (.param .b32 func_retval0) frexpf (.param .b32 a, .param .b64 b);\n"
           ".extern .func (.param .b64 func_retval0) modf (.param .b64 a, .param .b64 b);\n"
           ".extern .func sincosf (.param .b32 a, .param .b64 b, .param .b64 c);\n",
           "mov.f32 %f1, 0f3F8CCCCD;\nmov.f32 %f2, 0fC0133333;\nmov.f32 %f3, 0f3DCCCCCD;\n"
           "{\n.param .b32 param0;\nst.param.f32 [param0+0], %f1;\n.param .b32 param1;\nst.param.f32 [param1+0], %f2;\n"
           ".param .b32 param2;\nst.param.f32 [param2+0], %f3;\n.param .b32 retval0;\n"
           "call.uni (retval0), fmaf, (param0, param1, param2);\nld.param.f32 %f4, [retval0+0];\n}\n"
           "mov.f64 %fd1, 0d3FF8000000000000;\nmov.u32 %r1, -3;\n"
           "{\n.param .b64 param0;\nst.param.f64 [param0+0], %fd1;\n.param .b32 param1;\nst.param.b32 [param1+0], %r1;\n"
           ".param .b64 retval0;\ncall.uni (retval0), ldexp, (param0, param1);\nld.param.f64 %fd2, [retval0+0];\n}\n"
           "{\n.param .b32 param0;\nst.param.f32 [param0+0], %f2;\n.param .b32 retval0;\n"
           "call.uni (retval0), ilogbf, (param0);\nld.param.b32 %r2, [retval0+0];\n}\n"
           "{\n.param .b32 param0;\nst.param.f32 [param0+0], %f2;\n.param .b64 retval0;\n"
           "call.uni (retval0), __nv_llroundf, (param0);\nld.param.b64 %rd1, [retval0+0];\n}\n"
           "mov.b64 %fd3, 0d7FF8000000000000;\n"
           "{\n.param .b64 param0;\nst.param.f64 [param0+0], %fd3;\n.param .b32 retval0;\n"
           "call.uni (retval0), __nv_isnand, (param0);\nld.param.b32 %r3, [retval0+0];\n}\n"
           /* frexpf(%f2, global 40), modf(%fd1 + 0.25, global 48), sincosf(%f1, global 56, global 60) */
           "mov.u64 %rd2, 40;\n"
           "{\n.param .b32 param0;\nst.param.f32 [param0+0], %f2;\n.param .b64 param1;\nst.param.b64 [param1+0], %rd2;\n"
           ".param .b32 retval0;\ncall.uni (retval0), frexpf, (param0, param1);\nld.param.f32 %f5, [retval0+0];\n}\n"
           "add.f64 %fd4, %fd1, 0d3FD0000000000000;\nmov.u64 %rd3, 48;\n"
           "{\n.param .b64 param0;\nst.param.f64 [param0+0], %fd4;\n.param .b64 param1;\nst.param.b64 [param1+0], %rd3;\n"
           ".param .b64 retval0;\ncall.uni (retval0), modf, (param0, param1);\nld.param.f64 %fd5, [retval0+0];\n}\n"
           "mov.u64 %rd4, 56;\nmov.u64 %rd5, 60;\n"
           "{\n.param .b32 param0;\nst.param.f32 [param0+0], %f1;\n.param .b64 param1;\nst.param.b64 [param1+0], %rd4;\n"
           ".param .b64 param2;\nst.param.b64 [param2+0], %rd5;\ncall.uni sincosf, (param0, param1, param2);\n}\n");
    float f1 = 1.1f, f2 = -2.3f, f3 = 0.1f;
    CHECK_EQ(R(&e, "%f4"), bits_f(fmaf(f1, f2, f3)));
    CHECK_EQ(R(&e, "%fd2"), bits_d(ldexp(1.5, -3)));
    CHECK_EQ(R(&e, "%r2"), (uint32_t)ilogbf(f2));
    CHECK_EQ(R(&e, "%rd1"), (uint64_t)llroundf(f2));
    CHECK_EQ(R(&e, "%r3"), 1);
    int ex;
    CHECK_EQ(R(&e, "%f5"), bits_f(frexpf(f2, &ex)));
    CHECK_EQ(w32(e.global + 40), (uint32_t)ex);
    double ip;
    CHECK_EQ(R(&e, "%fd5"), bits_d(modf(1.75, &ip)));
    CHECK_EQ(w32(e.global + 48) | (uint64_t)w32(e.global + 52) << 32, bits_d(ip));
    CHECK_EQ(w32(e.global + 56), bits_f(sinf(f1)));
    CHECK_EQ(w32(e.global + 60), bits_f(cosf(f1)));
    /* the timing class: a math function is one SFU instruction */
    unsigned sfu = 0, st = 0;
    for (unsigned pc = 0; pc < e.p.n; pc++) {
        sfu += e.p.ins[pc].unit == PU_SFU;
        st += e.p.ins[pc].unit == PU_ST;
    }
    CHECK_EQ(sfu, 11); /* fmaf ldexp ilogbf llroundf isnand, and two each for frexpf, modf, sincosf */
    CHECK_EQ(st, 4);   /* frexpf's exponent, modf's integral part, sin, cos */
    done(&e);
}

/* where the C library leaves the stored part unwritten (remquo's quotient
 * for a NaN, an infinite x or y = 0; frexp's exponent for NaN and inf) the
 * call stores 0, not what the front end's own stack held: memory preset to
 * 0x5a5a5a5a must read 0 after the calls */
TEST(stored_part_defined_where_library_leaves_it)
{
    env e;
    memset(&e, 0, sizeof e);
    memset(e.global + 64, 0x5a, 16);
    RUN_KEEP(e,
             ".extern .func (.param .b32 func_retval0) remquof (.param .b32 a, .param .b32 b, .param .b64 c);\n"
             ".extern .func (.param .b64 func_retval0) remquo (.param .b64 a, .param .b64 b, .param .b64 c);\n"
             ".extern .func (.param .b32 func_retval0) frexpf (.param .b32 a, .param .b64 b);\n",
             "mov.f32 %f1, 0f7FC00000;\nmov.f32 %f2, 0f40000000;\nmov.u64 %rd1, 64;\n"
             "{\n.param .b32 param0;\nst.param.f32 [param0+0], %f1;\n.param .b32 param1;\nst.param.f32 [param1+0], %f2;\n"
             ".param .b64 param2;\nst.param.b64 [param2+0], %rd1;\n.param .b32 retval0;\n"
             "call.uni (retval0), remquof, (param0, param1, param2);\nld.param.f32 %f3, [retval0+0];\n}\n"
             "mov.f64 %fd1, 0d3FF0000000000000;\nmov.f64 %fd2, 0d0000000000000000;\nmov.u64 %rd2, 68;\n"
             "{\n.param .b64 param0;\nst.param.f64 [param0+0], %fd1;\n.param .b64 param1;\nst.param.f64 [param1+0], %fd2;\n"
             ".param .b64 param2;\nst.param.b64 [param2+0], %rd2;\n.param .b64 retval0;\n"
             "call.uni (retval0), remquo, (param0, param1, param2);\nld.param.f64 %fd3, [retval0+0];\n}\n"
             "mov.f32 %f4, 0f7F800000;\nmov.u64 %rd3, 72;\n"
             "{\n.param .b32 param0;\nst.param.f32 [param0+0], %f4;\n.param .b64 param1;\nst.param.b64 [param1+0], %rd3;\n"
             ".param .b32 retval0;\ncall.uni (retval0), frexpf, (param0, param1);\nld.param.f32 %f5, [retval0+0];\n}\n");
    CHECK_EQ(w32(e.global + 64), 0);
    CHECK_EQ(w32(e.global + 68), 0);
    CHECK_EQ(w32(e.global + 72), 0);
    CHECK_EQ(w32(e.global + 76), 0x5a5a5a5au); /* nothing else written */
    CHECK(isnan(ptx_f32(R(&e, "%f3"))));
    CHECK(isnan(ptx_f64(R(&e, "%fd3"))));
    CHECK_EQ(R(&e, "%f5"), 0x7f800000u);
    done(&e);
}

/* a guarded call: the threads whose guard is false skip it */
TEST(guarded_call)
{
    env e;
    RUN_OK(e, ".extern .func (.param .b32 func_retval0) sqrtf (.param .b32 a);\n",
           "mov.f32 %f1, 0f40800000;\nmov.f32 %f2, 0f00000000;\nsetp.eq.u32 %p1, 1, 0;\nsetp.eq.u32 %p2, 1, 1;\n"
           "{\n.param .b32 param0;\nst.param.f32 [param0+0], %f1;\n.param .b32 retval0;\n"
           "@%p1 call.uni (retval0), sqrtf, (param0);\nld.param.f32 %f2, [retval0+0];\n}\n"
           "{\n.param .b32 param0;\nst.param.f32 [param0+0], %f1;\n.param .b32 retval0;\n"
           "@%p2 call.uni (retval0), sqrtf, (param0);\nld.param.f32 %f3, [retval0+0];\n}\n");
    CHECK_EQ(R(&e, "%f2"), 0);          /* the call skipped: its result register untouched */
    CHECK_EQ(R(&e, "%f3"), 0x40000000); /* 2.0 */
    done(&e);
}

/* the bytes of s as 64-bit stores to local memory at off */
static void local_string(char *out, size_t n, const char *s, unsigned off)
{
    size_t L = strlen(s) + 1, k = 0;
    out[0] = 0;
    for (size_t i = 0; i < L; i += 8) {
        uint64_t v = 0;
        for (size_t j = 0; j < 8 && i + j < L; j++) v |= (uint64_t)(uint8_t)s[i + j] << (8 * j);
        k += (size_t)snprintf(out + k, n - k, "st.local.u64 [buf+%u], %llu;\n", off + (unsigned)i,
                              (unsigned long long)v);
    }
}

/* printf("n=%d x=%5.2f s=%s c=%c ll=%lld h=%x u=%-4u| w=%*d e=%e %% %hhd\n",
 * -7, 3.14159, "str", 'Q', -5000000000, 255, 42, 6, 9, 1e-5, 300): the
 * format at global 0, the string at 72, the arguments at 80 at their
 * aligned offsets, as clang lays them out in its local buffer */
static const char *FMT = "n=%d x=%5.2f s=%s c=%c ll=%lld h=%x u=%-4u| w=%*d e=%e %% %hhd\n";
static void printf_mem(env *e)
{
    memset(e, 0, sizeof *e);
    memcpy(e->global, FMT, strlen(FMT) + 1);
    memcpy(e->global + 72, "str", 4);
    uint8_t *a = e->global + 80;
    double x = 3.14159, ee = 1e-5;
    int32_t i7 = -7, c = 'Q', h = 255, u = 42, w = 6, v = 9, hh = 300;
    int64_t ll = -5000000000ll, sp = 72;
    memcpy(a + 0, &i7, 4);
    memcpy(a + 8, &x, 8);
    memcpy(a + 16, &sp, 8);
    memcpy(a + 24, &c, 4);
    memcpy(a + 32, &ll, 8);
    memcpy(a + 40, &h, 4);
    memcpy(a + 44, &u, 4);
    memcpy(a + 48, &w, 4);
    memcpy(a + 52, &v, 4);
    memcpy(a + 56, &ee, 8);
    memcpy(a + 64, &hh, 4);
}
static const char *PRINTF_BODY =
    "mov.u64 %rd2, 0;\nmov.u64 %rd4, 80;\n"
    "{\n.param .b64 param0;\nst.param.b64 [param0+0], %rd2;\n.param .b64 param1;\n"
    "st.param.b64 [param1+0], %rd4;\n.param .b32 retval0;\n"
    "call.uni (retval0), vprintf, (param0, param1);\nld.param.b32 %r1, [retval0+0];\n}\n";
static const char *PRINTF_PRE =
    ".extern .func (.param .b32 func_retval0) vprintf (.param .b64 f, .param .b64 a);\n";

TEST(printf_formats_as_c)
{
    FILE *f = tmpfile();
    CHECK(f != NULL);
    if (!f) return;
    run_out = f;
    env e;
    printf_mem(&e);
    int rc = run(&e, PRINTF_PRE, PRINTF_BODY);
    run_out = NULL;
    CHECK_EQ(rc, 0);
    if (rc) {
        printf("  %s\n", err);
        fclose(f);
        return;
    }
    char got[512] = "", want[512];
    rewind(f);
    size_t k = fread(got, 1, sizeof got - 1, f);
    got[k] = 0;
    fclose(f);
    snprintf(want, sizeof want, "n=%d x=%5.2f s=%s c=%c ll=%lld h=%x u=%-4u| w=%*d e=%e %% %hhd\n", -7, 3.14159,
             "str", 'Q', -5000000000ll, 255u, 42u, 6, 9, 1e-5, (signed char)300);
    if (strcmp(got, want)) printf("  got  '%s'\n  want '%s'\n", got, want);
    CHECK(!strcmp(got, want));
    CHECK_EQ(R(&e, "%r1"), 11); /* CUDA's return: the arguments consumed (the * width among them) */
    /* vprintf is one ALU instruction that reads memory: varying */
    unsigned alu = 0;
    for (unsigned pc = 0; pc < e.p.n; pc++)
        if (strstr(e.p.ins[pc].text, "vprintf")) alu += e.p.ins[pc].unit == PU_ALU && e.p.ins[pc].varying;
    CHECK_EQ(alu, 1);
    done(&e);
    /* without an output (the SM model's runs): the same return value, nothing written */
    printf_mem(&e);
    RUN_KEEP(e, PRINTF_PRE, PRINTF_BODY);
    CHECK_EQ(R(&e, "%r1"), 11);
    done(&e);
}

/* __assertfail stops the run with one line: file:line, function, the
 * assertion, the thread */
TEST(assertfail_one_line)
{
    char a[512], b[256], c[256], body[2048];
    local_string(a, sizeof a, "x < n", 0);
    local_string(b, sizeof b, "dir/k.cu", 16);
    local_string(c, sizeof c, "void k(int *)", 32);
    snprintf(body, sizeof body,
             ".local .align 8 .b8 buf[48];\n%s%s%s"
             "mov.u64 %%rd1, buf;\ncvta.local.u64 %%rd2, %%rd1;\nadd.u64 %%rd3, %%rd2, 16;\nadd.u64 %%rd4, %%rd2, 32;\n"
             "mov.u32 %%r1, 12;\nmov.u64 %%rd5, 1;\n"
             "{\n.param .b64 param0;\nst.param.b64 [param0+0], %%rd2;\n.param .b64 param1;\nst.param.b64 [param1+0], %%rd3;\n"
             ".param .b32 param2;\nst.param.b32 [param2+0], %%r1;\n.param .b64 param3;\nst.param.b64 [param3+0], %%rd4;\n"
             ".param .b64 param4;\nst.param.b64 [param4+0], %%rd5;\n"
             "call.uni __assertfail, (param0, param1, param2, param3, param4);\n}\nmov.u32 %%r2, 1;\n",
             a, b, c);
    expect_err(".extern .func __assertfail (.param .b64 a, .param .b64 b, .param .b32 c, .param .b64 d, .param .b64 e);\n",
               body, -1, "dir/k.cu:12: void k(int *): assertion `x < n' failed (thread 5 of CTA (2,0,0), pc ");
}

/* libdevice's integer functions and fast forms by their __nv_ names: each
 * call on edge values against the value worked out by hand (the fast
 * forms: the header's formula on the C library), one ALU (integer) or SFU
 * (float) instruction each; a name without __nv_ is not one of them */
typedef struct {
    const char *name, *sig; /* result then arguments: I 32-bit, L 64-bit */
    uint64_t a, b, c, want;
} nvcase;
TEST(nv_integer_and_fast)
{
    float one = 1.0f, three = 3.0f, half = 0.5f;
    const nvcase C[] = {
        {"popc", "II", 0xf0f0f0f1u, 0, 0, 17},
        {"popcll", "IL", ~0ull, 0, 0, 64},
        {"clz", "II", 0, 0, 0, 32},
        {"clz", "II", 1, 0, 0, 31},
        {"clzll", "IL", 1, 0, 0, 63},
        {"ffs", "II", 0, 0, 0, 0},
        {"ffs", "II", 0x80000000u, 0, 0, 32},
        {"ffsll", "IL", 1ull << 40, 0, 0, 41},
        {"brev", "II", 1, 0, 0, 0x80000000u},
        {"brevll", "LL", 1, 0, 0, 1ull << 63},
        {"mulhi", "III", 0xfffffffeu, 3, 0, 0xffffffffu},        /* -2 * 3 */
        {"umulhi", "III", 0x80000000u, 4, 0, 2},
        {"mul64hi", "LLL", ~0ull, 1, 0, ~0ull},                  /* -1 * 1 */
        {"umul64hi", "LLL", 1ull << 63, 4, 0, 2},
        {"mul24", "III", 0x00ffffffu, 3, 0, 0xfffffffdu},        /* -1 (24 bits) * 3 */
        {"umul24", "III", 0x01000003u, 2, 0, 6},
        {"sad", "IIII", 0xfffffffdu, 4, 10, 17},                 /* |-3 - 4| + 10 */
        {"usad", "IIII", 3, 10, 1, 8},
        {"byte_perm", "IIII", 0x33221100u, 0x77665544u, 0x7531u, 0x77553311u},
        {"byte_perm", "IIII", 0x33221100u, 0x77665544u, 0xfedcu, 0x77665544u}, /* low 3 bits */
        {"min", "III", 0xffffffffu, 1, 0, 0xffffffffu},
        {"max", "III", 0xffffffffu, 1, 0, 1},
        {"umin", "III", 0xffffffffu, 1, 0, 1},
        {"umax", "III", 0xffffffffu, 1, 0, 0xffffffffu},
        {"llmin", "LLL", (uint64_t)-5, 3, 0, (uint64_t)-5},
        {"llmax", "LLL", (uint64_t)-5, 3, 0, 3},
        {"ullmin", "LLL", (uint64_t)-5, 3, 0, 3},
        {"ullmax", "LLL", (uint64_t)-5, 3, 0, (uint64_t)-5},
        {"abs", "II", 0x80000000u, 0, 0, 0x80000000u},
        {"abs", "II", 0xfffffff9u, 0, 0, 7},
        {"llabs", "LL", (uint64_t)-9, 0, 0, 9},
        {"hadd", "III", 0x7fffffffu, 0x7fffffffu, 0, 0x7fffffffu},
        {"rhadd", "III", 0xfffffffdu, 0, 0, 0xffffffffu},        /* (-3 + 0 + 1) >> 1 */
        {"uhadd", "III", 0xffffffffu, 0xffffffffu, 0, 0xffffffffu},
        {"urhadd", "III", 0, 1, 0, 1},
        {"fast_expf", "RR", bits_f(one), 0, 0, bits_f(exp2f(one * 1.44269504f))},
        {"fast_logf", "RR", bits_f(three), 0, 0, bits_f(log2f(three) * 0.693147181f)},
        {"fast_log10f", "RR", bits_f(three), 0, 0, bits_f(log2f(three) * 0.301029996f)},
        {"fast_exp10f", "RR", bits_f(half), 0, 0, bits_f(exp2f(half * 3.32192809f))},
        {"fast_tanf", "RR", bits_f(half), 0, 0, bits_f(sinf(half) / cosf(half))},
        {"fast_powf", "RRR", bits_f(three), bits_f(half), 0, bits_f(exp2f(half * log2f(three)))},
        {"fdividef", "RRR", bits_f(one), bits_f(three), 0, bits_f(one / three)},
        {"saturatef", "RR", 0x7fc00000u, 0, 0, 0},               /* NaN to +0 */
        {"saturatef", "RR", 0x80000000u, 0, 0, 0x80000000u},     /* -0 kept */
        {"saturatef", "RR", bits_f(three), 0, 0, bits_f(one)},
    };
    unsigned bad = 0, alu = 0, sfu = 0;
    for (size_t i = 0; i < sizeof C / sizeof C[0]; i++) {
        const nvcase *c = &C[i];
        char pre[256], body[1024], decl[160] = "";
        size_t n = strlen(c->sig) - 1, k = 0;
        const uint64_t v[3] = {c->a, c->b, c->c};
        for (size_t j = 0; j < n; j++)
            k += (size_t)snprintf(decl + k, sizeof decl - k, "%s.param .b%d p%zu", j ? ", " : "",
                                  c->sig[j + 1] == 'L' ? 64 : 32, j);
        snprintf(pre, sizeof pre, ".extern .func (.param .b%d func_retval0) __nv_%s (%s);\n",
                 c->sig[0] == 'L' ? 64 : 32, c->name, decl);
        k = (size_t)snprintf(body, sizeof body, "{\n");
        for (size_t j = 0; j < n; j++) {
            int w = c->sig[j + 1] == 'L' ? 64 : 32;
            k += (size_t)snprintf(body + k, sizeof body - k, "mov.b%d %s%zu, %llu;\n.param .b%d param%zu;\n"
                                  "st.param.b%d [param%zu+0], %s%zu;\n", w, w == 64 ? "%rd" : "%r", j + 1,
                                  (unsigned long long)v[j], w, j, w, j, w == 64 ? "%rd" : "%r", j + 1);
        }
        int rw = c->sig[0] == 'L' ? 64 : 32;
        k += (size_t)snprintf(body + k, sizeof body - k, ".param .b%d retval0;\ncall.uni (retval0), __nv_%s, (", rw,
                              c->name);
        for (size_t j = 0; j < n; j++) k += (size_t)snprintf(body + k, sizeof body - k, "%sparam%zu", j ? ", " : "", j);
        snprintf(body + k, sizeof body - k, ");\nld.param.b%d %s, [retval0+0];\n}\n", rw, rw == 64 ? "%rd9" : "%r9");
        env e;
        memset(&e, 0, sizeof e);
        if (run(&e, pre, body)) {
            printf("  __nv_%s: %s\n", c->name, err);
            bad++;
            continue;
        }
        uint64_t got = R(&e, rw == 64 ? "%rd9" : "%r9");
        if (rw == 32) got &= 0xffffffffu;
        if (got != c->want) {
            printf("  __nv_%s(0x%llx, 0x%llx, 0x%llx): 0x%llx, want 0x%llx\n", c->name, (unsigned long long)c->a,
                   (unsigned long long)c->b, (unsigned long long)c->c, (unsigned long long)got,
                   (unsigned long long)c->want);
            bad++;
        }
        for (unsigned pc = 0; pc < e.p.n; pc++)
            if (!strncmp(e.p.ins[pc].text, "call __nv_", 10)) {
                alu += e.p.ins[pc].unit == PU_ALU;
                sfu += e.p.ins[pc].unit == PU_SFU;
            }
        done(&e);
    }
    CHECK_EQ(bad, 0);
    CHECK_EQ(alu, 35); /* the integer functions */
    CHECK_EQ(sfu, 10); /* the fast forms */
    /* jn and yn: an int order, then the argument (float and double) */
    env e;
    RUN_OK(e,
           ".extern .func (.param .b32 func_retval0) jnf (.param .b32 n, .param .b32 x);\n"
           ".extern .func (.param .b64 func_retval0) __nv_yn (.param .b32 n, .param .b64 x);\n",
           "mov.u32 %r1, 3;\nmov.f32 %f1, 0f40200000;\nmov.f64 %fd1, 0d4004000000000000;\n"
           "{\n.param .b32 param0;\nst.param.b32 [param0+0], %r1;\n.param .b32 param1;\nst.param.f32 [param1+0], %f1;\n"
           ".param .b32 retval0;\ncall.uni (retval0), jnf, (param0, param1);\nld.param.f32 %f2, [retval0+0];\n}\n"
           "{\n.param .b32 param0;\nst.param.b32 [param0+0], %r1;\n.param .b64 param1;\nst.param.f64 [param1+0], %fd1;\n"
           ".param .b64 retval0;\ncall.uni (retval0), __nv_yn, (param0, param1);\nld.param.f64 %fd2, [retval0+0];\n}\n");
    CHECK_EQ(R(&e, "%f2"), bits_f(jnf(3, 2.5f)));
    CHECK_EQ(R(&e, "%fd2"), bits_d(yn(3, 2.5)));
    done(&e);
    /* only under __nv_: a plain popc is no library function */
    expect_err(".extern .func (.param .b32 func_retval0) popc (.param .b32 a);\n",
               "{\n.param .b32 param0;\nst.param.b32 [param0+0], %r1;\n.param .b32 retval0;\n"
               "call.uni (retval0), popc, (param0);\nld.param.b32 %r2, [retval0+0];\n}\n",
               -1, "unsupported PTX: call of 'popc', which the module declares but does not define (extern)");
}

/* what is refused: one line, at parse time */
TEST(refusals_one_line)
{
    expect_err(".extern .func (.param .b32 func_retval0) frobnicate (.param .b32 a);\n",
               "{\n.param .b32 param0;\nst.param.b32 [param0+0], %r1;\n.param .b32 retval0;\n"
               "call.uni (retval0), frobnicate, (param0);\nld.param.b32 %r2, [retval0+0];\n}\n",
               -1, "unsupported PTX: call of 'frobnicate', which the module declares but does not define (extern), "
                   "and which is not a library function");
    /* expf declared with double parameters */
    expect_err(".extern .func (.param .b64 func_retval0) expf (.param .b64 a);\n",
               "{\n.param .b64 param0;\nst.param.f64 [param0+0], %fd1;\n.param .b64 retval0;\n"
               "call.uni (retval0), expf, (param0);\nld.param.f64 %fd2, [retval0+0];\n}\n",
               -1, "call of 'expf': argument 1 is 8 bytes; the library function takes a float (4 bytes)");
    expect_err(".extern .func (.param .b32 func_retval0) powf (.param .b32 a);\n",
               "{\n.param .b32 param0;\nst.param.f32 [param0+0], %f1;\n.param .b32 retval0;\n"
               "call.uni (retval0), powf, (param0);\nld.param.f32 %f2, [retval0+0];\n}\n",
               -1, "call of 'powf' with 1 arguments; the library function takes 2");
}

int main(int argc, char **argv)
{
    test_args(argc, argv);
    RUN(math_matches_c_library);
    RUN(math_other_signatures);
    RUN(stored_part_defined_where_library_leaves_it);
    RUN(guarded_call);
    RUN(printf_formats_as_c);
    RUN(assertfail_one_line);
    RUN(refusals_one_line);
    RUN(nv_integer_and_fast);
    return test_summary();
}
