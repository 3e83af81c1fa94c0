/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_cuda_math.c -- the math functions of tb/cuda/warphw_math.h (what
 * libdevice would give a CUDA kernel) against the host's C library: the
 * same source as the device and the host reference compile, here with the
 * host's primitives (exp2f and log2f for ex2/lg2.approx, as ptx_exec.c
 * evaluates them).  Each function on a sweep -- random bit patterns over
 * the whole range (subnormals, infinities, NaN included), values spread
 * over the range where the result is finite, and the special values 0, -0,
 * +-inf, NaN, +-1, the largest and smallest numbers -- must
 *   - give the C library's result exactly where C99 (Annex F) fixes it:
 *     NaN, infinities, signed zeros, the exact functions (fmodf, ldexpf,
 *     frexpf) on every input;
 *   - stay within its stated error elsewhere, in units in the last place
 *     of the correctly rounded result (the C library's double or long
 *     double function is the exact value): the bounds are the largest
 *     errors measured on this sweep, listed in docs/ptx.md.
 * That the device computes the same bits as this host code is
 * tb/kernels/cuda/conformance/libdev.cu's test (its host reference).
 */
#include <float.h>
#include <math.h>

#define WARPHW_DEV static inline
static inline float warphw_exp2f(float x) { return exp2f(x); }
static inline float warphw_log2f(float x) { return log2f(x); }
static inline double warphw_rint(double x) { return rint(x); }
static inline double warphw_sqrt(double x) { return sqrt(x); }
#include "../tb/cuda/warphw_math.h"

#include "check.h"

static uint64_t rs = 0x9e3779b97f4a7c15ull;
static uint64_t rnd(void)
{
    rs ^= rs << 13;
    rs ^= rs >> 7;
    rs ^= rs << 17;
    return rs;
}

static const float SPECIAL[] = {0.0f, -0.0f, 1.0f, -1.0f, INFINITY, -INFINITY, NAN, -NAN, FLT_MAX, -FLT_MAX,
                                FLT_MIN, -FLT_MIN, 1e-45f, -1e-45f, 0.5f, -0.5f, 2.0f, -2.0f, 3.0f, -3.0f,
                                0.25f, 10.0f, -10.0f, 100.0f, -100.0f, 1e-20f, -1e-20f, 1e20f, 88.7f, -88.7f};
#define NSPECIAL (sizeof SPECIAL / sizeof SPECIAL[0])
#define NSWEEP 40000

/* the i-th input: the specials, then random bit patterns, then values of
 * magnitude 2^-30 .. 2^lim (either sign) */
static float input(unsigned i, float lim)
{
    if (i < NSPECIAL) return SPECIAL[i];
    uint32_t u = (uint32_t)rnd();
    if (i & 1) {
        float f;
        memcpy(&f, &u, 4);
        return f;
    }
    float m = 1.0f + (float)(u & 0xffffff) / 16777216.0f;
    float e = -30.0f + (lim + 30.0f) * (float)((u >> 24) & 0x7f) / 127.0f;
    return ldexpf(m, (int)e) * ((u >> 31) ? -1.0f : 1.0f);
}

/* error of got against the exact value x in float ulps; -1: a class
 * mismatch (NaN, infinity or the sign of a zero differ from want, the C
 * library's float result) */
static double ulps_f(float got, double x, float want)
{
    if (isnan(want) || isnan(got)) return isnan(want) && isnan(got) ? 0.0 : -1.0;
    if (isinf(want) || isinf(got)) {
        if (got == want) return 0.0;
        if (!isinf(got) && !isinf(want)) return -1.0;
        /* a finite result next to the overflow threshold: measured */
        if (isinf(got)) got = copysignf(FLT_MAX, got);
    }
    if (want == 0.0f && got == 0.0f) return signbit(want) == signbit(got) ? 0.0 : -1.0;
    double a = fabs(x);
    int e;
    frexp(a, &e);
    double ulp = ldexp(1.0, (e - 24 < -149) ? -149 : e - 24);
    return fabs((double)got - x) / ulp;
}
static double ulps_d(double got, long double x, double want)
{
    if (isnan(want) || isnan(got)) return isnan(want) && isnan(got) ? 0.0 : -1.0;
    if (isinf(want) || isinf(got)) return got == want ? 0.0 : (isinf(got) && fabsl(x) > DBL_MAX * 0.999L) ? 0.0 : -1.0;
    if (want == 0.0 && got == 0.0) return signbit(want) == signbit(got) ? 0.0 : -1.0;
    long double a = fabsl(x);
    int e;
    frexpl(a, &e);
    long double ulp = ldexpl(1.0L, (e - 53 < -1074) ? -1074 : e - 53);
    return (double)(fabsl((long double)got - x) / ulp);
}

typedef struct {
    const char *name;
    double bound;   /* stated: ulps */
    float lim;      /* inputs up to 2^lim */
    float (*mine)(float);
    double (*exact)(double);
    float (*libm)(float);
} f1;

static double ex_expm1(double x) { return expm1(x); }
static double ex_log1p(double x) { return log1p(x); }
static double ex_sinh(double x) { return sinh(x); }
static double ex_cosh(double x) { return cosh(x); }
static double ex_tanh(double x) { return tanh(x); }
static double ex_erf(double x) { return erf(x); }
static double ex_atan(double x) { return atan(x); }
static double ex_asin(double x) { return asin(x); }
static double ex_acos(double x) { return acos(x); }
static double ex_cbrt(double x) { return cbrt(x); }
static double ex_rsqrt(double x) { return (double)(1.0L / sqrtl((long double)x)); }
static float lm_rsqrt(float x) { return 1.0f / sqrtf(x); }

static const f1 F1[] = {
    {"expm1f", 0.501, 7, warphw_expm1f, ex_expm1, expm1f},
    {"log1pf", 0.501, 127, warphw_log1pf, ex_log1p, log1pf},
    {"sinhf", 0.501, 7, warphw_sinhf, ex_sinh, sinhf},
    {"coshf", 0.501, 7, warphw_coshf, ex_cosh, coshf},
    {"tanhf", 0.501, 5, warphw_tanhf, ex_tanh, tanhf},
    {"erff", 0.501, 3, warphw_erff, ex_erf, erff},
    {"atanf", 0.501, 127, warphw_atanf, ex_atan, atanf},
    {"asinf", 0.501, 0, warphw_asinf, ex_asin, asinf},
    {"acosf", 0.501, 0, warphw_acosf, ex_acos, acosf},
    {"cbrtf", 0.501, 127, warphw_cbrtf, ex_cbrt, cbrtf},
    {"__frsqrt_rn", 0.501, 127, warphw_frsqrt_rn, ex_rsqrt, lm_rsqrt},
};

static double worst[64];

TEST(float_unary_within_bounds)
{
    for (size_t k = 0; k < sizeof F1 / sizeof F1[0]; k++) {
        const f1 *f = &F1[k];
        double w = 0;
        float wx = 0;
        for (unsigned i = 0; i < NSWEEP; i++) {
            float x = input(i, f->lim);
            double u = ulps_f(f->mine(x), f->exact((double)x), f->libm(x));
            if (u < 0) {
                printf("  %s(%a): %a, the C library %a\n", f->name, x, f->mine(x), f->libm(x));
                check_failed_in_test = 1;
                break;
            }
            if (u > w) { w = u; wx = x; }
        }
        worst[k] = w;
        printf("  %s: %.3f ulp at most (at %a)\n", f->name, w, wx);
        if (w > f->bound) {
            printf("  %s: over its bound %.2f ulp\n", f->name, f->bound);
            check_failed_in_test = 1;
        }
    }
}

/* two-argument functions: powf (the fast form: its error grows with
 * |y log2 x|, bounded here where that is at most 16 and measured beyond),
 * atan2f, hypotf; their special cases against the C library */
TEST(float_binary_within_bounds)
{
    double wp = 0, wpl = 0, wa = 0, wh = 0;
    for (unsigned i = 0; i < NSWEEP; i++) {
        float x = input(i % 977 < NSPECIAL ? i % 977 : i, 30), y;
        if (i % 3 == 0) y = SPECIAL[(i / 3) % NSPECIAL];
        else if (i % 3 == 1) y = (float)(int)(rnd() % 41) - 20.0f;
        else y = input(1000 + i, 6);
        double t = fabs((double)y * log2(fabs((double)x)));
        /* C99 on NaN operands (the C library returns NaN for a signaling
         * NaN, the sweep's random bits make some): pow(x, 0) = pow(1, y)
         * = 1, hypot(inf, NaN) = inf */
        if (isnan(x) || isnan(y)) {
            float p = warphw_powf(x, y), h = warphw_hypotf(x, y), a = warphw_atan2f(y, x);
            int okp = (y == 0.0f || x == 1.0f) ? p == 1.0f : isnan(p);
            int okh = (isinf(x) || isinf(y)) ? h == INFINITY : isnan(h);
            if (!okp || !okh || !isnan(a)) {
                printf("  NaN operands %a %a: powf %a, hypotf %a, atan2f %a\n", x, y, p, h, a);
                check_failed_in_test = 1;
            }
            continue;
        }
        double u = ulps_f(warphw_powf(x, y), pow((double)x, (double)y), powf(x, y));
        if (u < 0) {
            printf("  powf(%a, %a): %a, the C library %a\n", x, y, warphw_powf(x, y), powf(x, y));
            check_failed_in_test = 1;
        } else if (t <= 16 && u > wp) wp = u;
        else if (u > wpl && isfinite(pow((double)x, (double)y)) && fabs(pow((double)x, (double)y)) >= FLT_MIN) wpl = u;
        u = ulps_f(warphw_atan2f(y, x), atan2((double)y, (double)x), atan2f(y, x));
        if (u < 0) {
            printf("  atan2f(%a, %a): %a, the C library %a\n", y, x, warphw_atan2f(y, x), atan2f(y, x));
            check_failed_in_test = 1;
        } else if (u > wa) wa = u;
        u = ulps_f(warphw_hypotf(x, y), hypot((double)x, (double)y), hypotf(x, y));
        if (u < 0) {
            printf("  hypotf(%a, %a): %a, the C library %a\n", x, y, warphw_hypotf(x, y), hypotf(x, y));
            check_failed_in_test = 1;
        } else if (u > wh) wh = u;
    }
    printf("  powf: %.2f ulp at most where |y log2 x| <= 16, %.1f beyond; atan2f: %.3f; hypotf: %.3f\n", wp, wpl, wa, wh);
    CHECK(wp <= 16);
    CHECK(wpl <= 128);
    CHECK(wa <= 0.501);
    CHECK(wh <= 0.5001);
}

/* fmodf, ldexpf, frexpf: exact, bit for bit the C library's */
TEST(float_exact_functions)
{
    unsigned bad = 0;
    for (unsigned i = 0; i < NSWEEP; i++) {
        float x = input(i, 127), y = i % 5 == 0 ? SPECIAL[i / 5 % NSPECIAL] : input(i + 7, 40);
        float a = warphw_fmodf(x, y), b = fmodf(x, y);
        if (memcmp(&a, &b, 4) && !(isnan(a) && isnan(b))) {
            if (bad++ < 5) printf("  fmodf(%a, %a): %a, the C library %a\n", x, y, a, b);
        }
        int n = (int)(rnd() % 700) - 350, e1, e2;
        a = warphw_ldexpf(x, n);
        b = ldexpf(x, n);
        if (memcmp(&a, &b, 4) && !(isnan(a) && isnan(b))) {
            if (bad++ < 5) printf("  ldexpf(%a, %d): %a, the C library %a\n", x, n, a, b);
        }
        a = warphw_frexpf(x, &e1);
        b = frexpf(x, &e2);
        if ((memcmp(&a, &b, 4) && !(isnan(a) && isnan(b))) || (e1 != e2 && isfinite(x))) {
            if (bad++ < 5) printf("  frexpf(%a): %a %d, the C library %a %d\n", x, a, e1, b, e2);
        }
    }
    CHECK_EQ(bad, 0);
}

/* exp, log, pow, exp2, log2, log10 on double against long double */
TEST(double_functions_within_bounds)
{
    double we = 0, wl = 0, wp = 0, w2 = 0, wl2 = 0, w10 = 0;
    unsigned bad = 0;
    for (unsigned i = 0; i < NSWEEP; i++) {
        double x, y;
        uint64_t u = rnd();
        if (i < NSPECIAL) x = (double)SPECIAL[i];
        else if (i & 1) memcpy(&x, &u, 8);
        else x = ldexp(1.0 + (double)(u & 0xfffffffffffffull) / 4503599627370496.0, (int)((u >> 52) % 1400) - 700) * ((u >> 63) ? -1 : 1);
        double ex = i & 2 ? x : fmod(x, 745.0);
        y = (double)((int)(rnd() % 61) - 30) + (i & 4 ? 0.0 : (double)(rnd() % 1000) / 1000.0);
#define DCHK(got, exact, want, w)                                                          \
    do {                                                                                   \
        double u_ = ulps_d(got, exact, want);                                              \
        if (u_ < 0) {                                                                      \
            if (bad++ < 5) printf("  %s at %a: %a, the C library %a\n", #w, x, got, want); \
        } else if (u_ > w) w = u_;                                                         \
    } while (0)
        DCHK(warphw_exp(ex), expl((long double)ex), exp(ex), we);
        DCHK(warphw_log(x), logl((long double)x), log(x), wl);
        DCHK(warphw_log2(x), log2l((long double)x), log2(x), wl2);
        DCHK(warphw_log10(x), log10l((long double)x), log10(x), w10);
        DCHK(warphw_exp2(ex / 2), exp2l((long double)(ex / 2)), exp2(ex / 2), w2);
        double px = fabs(x) > 1e-3 && fabs(x) < 1e3 ? x : 1.0 + fmod(fabs(x), 2.0);
        DCHK(warphw_pow(px, y), powl((long double)px, (long double)y), pow(px, y), wp);
    }
    printf("  exp %.2f, log %.2f, log2 %.2f, log10 %.2f, exp2 %.2f, pow %.1f ulp at most\n", we, wl, wl2, w10, w2, wp);
    CHECK_EQ(bad, 0);
    CHECK(we <= 1);
    CHECK(wl <= 1.5);
    CHECK(wl2 <= 1.5);
    CHECK(w10 <= 2);
    CHECK(w2 <= 2);
    CHECK(wp <= 1.5);
}

/* sin, cos, tan on double: their argument reduction at every magnitude
 * (Cody and Waite's below 2^19, Payne and Hanek's above: the random bit
 * patterns reach 2^1023), the points nearest a multiple of pi/2 among
 * integers times pi/2 rounded, and the double closest to one (6381956970095103
 * 2^797, Kahan and McDonald's) against long double */
TEST(double_trig_within_bounds)
{
    double ws = 0, wc = 0, wt = 0, wsx = 0, wcx = 0, wtx = 0;
    unsigned bad = 0;
    for (unsigned i = 0; i < NSWEEP; i++) {
        double x;
        uint64_t u = rnd();
        if (i < NSPECIAL) x = (double)SPECIAL[i];
        else if (i == NSPECIAL) x = ldexp(6381956970095103.0, 797);
        else if (i % 4 == 1) memcpy(&x, &u, 8);
        else if (i % 4 == 2) x = (double)(u % 2000000) * 1.5707963267948966 * ((u >> 63) ? -1 : 1);
        else x = ldexp(1.0 + (double)(u & 0xfffffffffffffull) / 4503599627370496.0, (int)((u >> 52) % 60) - 30) * ((u >> 63) ? -1 : 1);
#define TCHK(got, exact, want, w, wx)                                                      \
    do {                                                                                   \
        double u_ = ulps_d(got, exact, want);                                              \
        if (u_ < 0) {                                                                      \
            if (bad++ < 5) printf("  %s at %a: %a, the C library %a\n", #w, x, got, want); \
        } else if (u_ > w) {                                                               \
            w = u_;                                                                        \
            wx = x;                                                                        \
        }                                                                                  \
    } while (0)
        TCHK(warphw_sin(x), sinl((long double)x), sin(x), ws, wsx);
        TCHK(warphw_cos(x), cosl((long double)x), cos(x), wc, wcx);
        TCHK(warphw_tan(x), tanl((long double)x), tan(x), wt, wtx);
        double s, c;
        warphw_sincos(x, &s, &c);
        if (memcmp(&s, &(double){warphw_sin(x)}, 8) || memcmp(&c, &(double){warphw_cos(x)}, 8)) bad++;
    }
    printf("  sin %.3f (at %a), cos %.3f (at %a), tan %.3f ulp (at %a) at most\n", ws, wsx, wc, wcx, wt, wtx);
    CHECK_EQ(bad, 0);
    CHECK(ws <= 1);
    CHECK(wc <= 1);
    CHECK(wt <= 2);
}

/* atan, atan2, asin, acos and pow on double; pow over the whole range where
 * its result is finite and normal (|y ln x| up to 709) */
TEST(double_inverse_trig_and_pow_within_bounds)
{
    double wa = 0, w2 = 0, ws = 0, wc = 0, wp = 0, wpx = 0, wpy = 0;
    unsigned bad = 0;
    for (unsigned i = 0; i < NSWEEP; i++) {
        double x, y;
        uint64_t u = rnd(), v = rnd();
        if (i < NSPECIAL) x = (double)SPECIAL[i], y = (double)SPECIAL[(i * 7 + 3) % NSPECIAL];
        else if (i & 1) memcpy(&x, &u, 8), memcpy(&y, &v, 8);
        else {
            x = ldexp(1.0 + (double)(u & 0xfffffffffffffull) / 4503599627370496.0, (int)((u >> 52) % 200) - 100) * ((u >> 63) ? -1 : 1);
            y = ldexp(1.0 + (double)(v & 0xfffffffffffffull) / 4503599627370496.0, (int)((v >> 52) % 200) - 100) * ((v >> 63) ? -1 : 1);
        }
        double s = fmod(x, 1.0000001);
#define ICHK(got, exact, want, w)                                                                 \
    do {                                                                                          \
        double u_ = ulps_d(got, exact, want);                                                     \
        if (u_ < 0) {                                                                             \
            if (bad++ < 5) printf("  %s at %a, %a: %a, the C library %a\n", #w, x, y, got, want); \
        } else if (u_ > w) w = u_;                                                                \
    } while (0)
        ICHK(warphw_atan(x), atanl((long double)x), atan(x), wa);
        ICHK(warphw_atan2(y, x), atan2l((long double)y, (long double)x), atan2(y, x), w2);
        ICHK(warphw_asin(s), asinl((long double)s), asin(s), ws);
        ICHK(warphw_acos(s), acosl((long double)s), acos(s), wc);
        /* pow: a positive base over the whole range, an exponent that keeps
         * the result normal; then the special cases (negative bases, zeros,
         * infinities) on the raw operands */
        double px = fabs(x) > 0 && isfinite(x) ? fabs(x) : 2.5, lx = log(px);
        double py = lx != 0 ? fmod(y, 700.0 / fabs(lx)) : y;
        double got = warphw_pow(px, py);
        double e = ulps_d(got, powl((long double)px, (long double)py), pow(px, py));
        if (e < 0) {
            if (bad++ < 5) printf("  pow at %a, %a: %a, the C library %a\n", px, py, got, pow(px, py));
        } else if (e > wp && isfinite(py)) wp = e, wpx = px, wpy = py;
        if (!isnan(x) && !isnan(y) && !isinf(y)) {
            double p2 = warphw_pow(x, (double)(long long)fmod(y, 64.0)), l2 = pow(x, (double)(long long)fmod(y, 64.0));
            double e2 = ulps_d(p2, powl((long double)x, (long double)(long long)fmod(y, 64.0)), l2);
            if (e2 < 0 && bad++ < 5) printf("  pow at %a, %a: %a, the C library %a\n", x, (double)(long long)fmod(y, 64.0), p2, l2);
        }
    }
    printf("  atan %.3f, atan2 %.3f, asin %.3f, acos %.3f, pow %.3f ulp (at %a, %a) at most\n", wa, w2, ws, wc, wp, wpx, wpy);
    CHECK_EQ(bad, 0);
    CHECK(wa <= 1);
    CHECK(w2 <= 1.5);
    CHECK(ws <= 2);
    CHECK(wc <= 2);
    CHECK(wp <= 1.5);
}

int main(int argc, char **argv)
{
    test_args(argc, argv);
    RUN(float_unary_within_bounds);
    RUN(float_binary_within_bounds);
    RUN(float_exact_functions);
    RUN(double_functions_within_bounds);
    RUN(double_trig_within_bounds);
    RUN(double_inverse_trig_and_pow_within_bounds);
    return test_summary();
}
