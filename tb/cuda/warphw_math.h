/* SPDX-License-Identifier: Apache-2.0 */
/*
 * warphw_math.h -- the math functions CUDA takes from libdevice, which
 * `-nocudalib` leaves out (issue 25, docs/ptx.md "Math functions"), written
 * here from their definitions: one source compiled three ways,
 *   - for the device by warphw_cuda.h (clang, __CUDA_ARCH__): PTX;
 *   - for the host by warphw_cuda.h (a kernel's host reference);
 *   - as plain C by tests/test_cuda_math.c, which measures each function
 *     against the host's C library.
 * Every function is a sequence of IEEE operations (add, sub, mul, div, sqrt
 * rounded to nearest, conversions, integer bit operations) and of the
 * primitives the includer defines -- warphw_exp2f, warphw_log2f (ex2/lg2
 * .approx on the device, the C library's exp2f/log2f on the host, as
 * ptx_exec.c evaluates them), warphw_rint, warphw_rintf, warphw_sqrt,
 * warphw_sqrtf -- so the device and the host compute the same bits (the
 * test compares them on a sweep; -ffp-contract=off on both sides keeps
 * a*b+c two roundings).  WARPHW_DEV is the includer's function prefix.
 *
 * Which form each function takes:
 *  - CUDA's fast-math definitions where CUDA has one: __powf(x, y) =
 *    exp2(y * log2 x) and powf the same with C99's special cases (negative
 *    bases with integer exponents, zeros, infinities, 1^y, x^0); tanf =
 *    sinf / cosf (the header's sinf and cosf are the fast forms);
 *  - exact: fmodf (long division of the significands), ldexpf, frexpf
 *    (fminf, fmaxf, copysignf are the header's built-ins);
 *  - otherwise computed in double and rounded once to float: expm1f,
 *    log1pf, sinhf, coshf, tanhf, erff, atanf, atan2f, asinf, acosf, cbrtf,
 *    hypotf, __frsqrt_rn.  The double functions they use, exp and log, are
 *    range reduction and a series: exp(x) = 2^k e^r with |r| <= ln2/2 and
 *    the Taylor series to r^14; log(x) = k ln2 + 2 atanh(s), s = (m-1)/(m+1)
 *    with m in [sqrt(1/2), sqrt(2)), the series to s^23; atan by the
 *    reductions atan(x) = pi/2 - atan(1/x) and atan(x) = pi/6 +
 *    atan((x sqrt3 - 1)/(x + sqrt3)) to |t| <= tan(pi/12) and the series
 *    to t^31; erf(x) = 2/sqrt(pi) e^{-x^2} sum (2x^2)^n x / (2n+1)!! (all
 *    terms positive).  exp, log and pow on double are these (pow = exp(y
 *    log x) with powf's special cases: its error grows with |y log x|);
 *    exp2 on double as exp's series after 2^x = 2^k 2^(x-k); log2 and log10
 *    on double as log times a constant.
 * The largest errors against the C library, measured by
 * tests/test_cuda_math.c on its sweep and asserted there, are listed in
 * docs/ptx.md.  Not IEEE-exact where the C library is, and not libdevice's
 * own results: a kernel's host reference (this same code) is what a run is
 * compared with.
 */
#ifndef WARPHW_MATH_H
#define WARPHW_MATH_H

WARPHW_DEV unsigned warphw_fbits(float x)
{
    unsigned u;
    __builtin_memcpy(&u, &x, 4);
    return u;
}
WARPHW_DEV float warphw_bitsf(unsigned u)
{
    float x;
    __builtin_memcpy(&x, &u, 4);
    return x;
}
WARPHW_DEV unsigned long long warphw_dbits(double x)
{
    unsigned long long u;
    __builtin_memcpy(&u, &x, 8);
    return u;
}
WARPHW_DEV double warphw_bitsd(unsigned long long u)
{
    double x;
    __builtin_memcpy(&x, &u, 8);
    return x;
}
WARPHW_DEV int warphw_isnanf(float x) { return x != x; }
WARPHW_DEV int warphw_isinff(float x) { return (warphw_fbits(x) & 0x7fffffffu) == 0x7f800000u; }
WARPHW_DEV int warphw_sbitf(float x) { return (int)(warphw_fbits(x) >> 31); }
WARPHW_DEV float warphw_absf(float x) { return warphw_bitsf(warphw_fbits(x) & 0x7fffffffu); }
WARPHW_DEV float warphw_signf(float a, float s) /* copysign */
{
    return warphw_bitsf((warphw_fbits(a) & 0x7fffffffu) | (warphw_fbits(s) & 0x80000000u));
}
WARPHW_DEV double warphw_signd(double a, double s)
{
    return warphw_bitsd((warphw_dbits(a) & 0x7fffffffffffffffull) | (warphw_dbits(s) & 0x8000000000000000ull));
}
WARPHW_DEV double warphw_absd(double x) { return warphw_bitsd(warphw_dbits(x) & 0x7fffffffffffffffull); }
/* 2^k as a double, k in [-1022, 1023] */
WARPHW_DEV double warphw_pow2d(int k) { return warphw_bitsd((unsigned long long)(k + 1023) << 52); }

/* ------------------------------------------------------------ double */

#define WARPHW_LN2_HI 6.93147180369123816490e-01 /* ln 2 with its low 32 bits zero */
#define WARPHW_LN2_LO 1.90821492927058770002e-10 /* ln 2 - WARPHW_LN2_HI */
#define WARPHW_PI 3.14159265358979311600e+00
#define WARPHW_PI_2 1.57079632679489655800e+00

/* x * 2^k for x in [0.5, 2) and k in [-1076, 1024]: one rounding (into
 * the subnormals: the first step is exact) */
WARPHW_DEV double warphw_scaled(double x, int k)
{
    if (k > 1023) {
        x *= 2.0;
        k--;
    }
    if (k < -1022) {
        x *= warphw_pow2d(-1022);
        k += 1022;
    }
    return x * warphw_pow2d(k);
}

/* 1 + r/m (1 + r/(m+1) (1 + ... (1 + r/last))): e^r for m = 1, (e^r - 1)/r
 * for m = 2 -- the Taylor series, nested */
WARPHW_DEV double warphw_taylor_e(double r, int m, int last)
{
    double p = 1.0;
    for (int n = last; n >= m; n--) p = 1.0 + p * r / (double)n;
    return p;
}
/* e^r 2^k for |r| <= ln2/2 (the series to r^14: the next term is below
 * 2^-60) */
WARPHW_DEV double warphw_expk(double r, int k) { return warphw_scaled(warphw_taylor_e(r, 1, 14), k); }

WARPHW_DEV double warphw_exp(double x)
{
    if (x != x) return x;
    if (x > 709.79) return warphw_pow2d(1023) * 2.0;
    if (x < -745.2) return 0.0;
    double k = warphw_rint(x * 1.44269504088896338700e+00);
    return warphw_expk((x - k * WARPHW_LN2_HI) - k * WARPHW_LN2_LO, (int)k);
}
/* 2^x = 2^k e^((x-k) ln2): x - k is exact */
WARPHW_DEV double warphw_exp2(double x)
{
    if (x != x) return x;
    if (x > 1024.0) return warphw_pow2d(1023) * 2.0;
    if (x < -1076.0) return 0.0;
    double k = warphw_rint(x);
    return warphw_expk((x - k) * 6.93147180559945286227e-01, (int)k);
}

/* e^x - 1 without the cancellation near 0 */
WARPHW_DEV double warphw_expm1(double x)
{
    if (warphw_absd(x) < 0.03125) /* the series to x^12: the next term is below 2^-70 of x */
        return x * warphw_taylor_e(x, 2, 12);
    return warphw_exp(x) - 1.0;
}

WARPHW_DEV double warphw_log(double x)
{
    if (x != x || x < 0.0) return (x - x) / (x - x); /* NaN */
    if (x == 0.0) return -1.0 / 0.0;
    unsigned long long b = warphw_dbits(x);
    if ((b >> 52) == 0x7ff) return x; /* +inf */
    int k = 0;
    if ((b >> 52) == 0) { /* subnormal: scale into the normal range */
        x *= warphw_pow2d(54);
        k = -54;
        b = warphw_dbits(x);
    }
    k += (int)(b >> 52) - 1023;
    double m = warphw_bitsd((b & 0x000fffffffffffffull) | 0x3ff0000000000000ull); /* [1, 2) */
    if (m > 1.41421356237309514547) {
        m *= 0.5;
        k++;
    }
    double f = m - 1.0, s = f / (2.0 + f), s2 = s * s;
    /* 2 atanh(s) = 2 (s + s^3/3 + ... + s^23/23), |s| <= 0.1716 */
    double p = 1.0 / 23.0;
    p = p * s2 + 1.0 / 21.0;
    p = p * s2 + 1.0 / 19.0;
    p = p * s2 + 1.0 / 17.0;
    p = p * s2 + 1.0 / 15.0;
    p = p * s2 + 1.0 / 13.0;
    p = p * s2 + 1.0 / 11.0;
    p = p * s2 + 1.0 / 9.0;
    p = p * s2 + 1.0 / 7.0;
    p = p * s2 + 1.0 / 5.0;
    p = p * s2 + 1.0 / 3.0;
    double lm = 2.0 * s + 2.0 * s * (s2 * p);
    return (double)k * WARPHW_LN2_HI + (lm + (double)k * WARPHW_LN2_LO);
}

/* y an integer: 0 no, 1 even, 2 odd */
WARPHW_DEV int warphw_intkind(double y)
{
    if (y != y || warphw_absd(y) == 1.0 / 0.0 || warphw_rint(y) != y) return 0;
    if (warphw_absd(y) >= 9007199254740992.0) return 1;
    double h = y * 0.5;
    return warphw_rint(h) == h ? 1 : 2;
}

/* C99's special cases of pow; *done = 0 when none applies (then the result
 * is |x|^y with the sign of the return value's) */
WARPHW_DEV double warphw_pow_special(double x, double y, int *done, double *sign)
{
    *done = 1;
    *sign = 1.0;
    if (y == 0.0 || x == 1.0) return 1.0;
    if (x != x || y != y) return x + y;
    int yk = warphw_intkind(y);
    double ax = warphw_absd(x), ay = warphw_absd(y);
    if (ay == 1.0 / 0.0) {
        if (ax == 1.0) return 1.0;
        return (ax > 1.0) == (y > 0.0) ? 1.0 / 0.0 : 0.0;
    }
    if (x < 0.0 || (x == 0.0 && warphw_dbits(x) >> 63)) {
        if (yk == 0 && x != 0.0 && ax != 1.0 / 0.0) return (x - x) / (x - x); /* NaN */
        if (yk == 2) *sign = -1.0;
    }
    if (ax == 0.0) return *sign * (y < 0.0 ? 1.0 / 0.0 : 0.0);
    if (ax == 1.0 / 0.0) return *sign * (y < 0.0 ? 0.0 : 1.0 / 0.0);
    *done = 0;
    return 0.0;
}

WARPHW_DEV double warphw_pow(double x, double y)
{
    int done;
    double sign;
    double r = warphw_pow_special(x, y, &done, &sign);
    if (done) return r;
    return sign * warphw_exp(y * warphw_log(warphw_absd(x)));
}
WARPHW_DEV double warphw_log2(double x) { return warphw_log(x) * 1.44269504088896338700e+00; }
WARPHW_DEV double warphw_log10(double x) { return warphw_log(x) * 4.34294481903251816668e-01; }

/* atan for x >= 0 (inf included) */
WARPHW_DEV double warphw_atan_pos(double x)
{
    double base = 0.0, sgn = 1.0;
    if (x > 1.0) { /* atan x = pi/2 - atan(1/x) */
        x = 1.0 / x;
        base = WARPHW_PI_2;
        sgn = -1.0;
    }
    double off = 0.0;
    if (x > 0.26794919243112270) { /* tan(pi/12): atan x = pi/6 + atan((x sqrt3 - 1)/(x + sqrt3)) */
        x = (x * 1.73205080756887719318 - 1.0) / (x + 1.73205080756887719318);
        off = 5.23598775598298815658e-01;
    }
    double t2 = x * x, p = 0.0;
    for (int n = 31; n >= 3; n -= 2) p = p * t2 + ((n & 2) ? -1.0 : 1.0) / (double)n;
    double a = off + (x + x * (t2 * p));
    return base + sgn * a;
}

/* ------------------------------------------------------------ float */

/* CUDA's __powf: exp2(y * log2 x), nothing else */
WARPHW_DEV float warphw_fast_powf(float x, float y) { return warphw_exp2f(y * warphw_log2f(x)); }
/* powf: the same on |x|, with C99's special cases */
WARPHW_DEV float warphw_powf(float x, float y)
{
    int done;
    double sign;
    double r = warphw_pow_special((double)x, (double)y, &done, &sign);
    if (done) return (float)r;
    float v = warphw_exp2f(y * warphw_log2f(warphw_absf(x)));
    return sign < 0.0 ? -v : v;
}

/* fmodf: exact (x - trunc(x/y) y computed on the significands) */
WARPHW_DEV float warphw_fmodf(float x, float y)
{
    unsigned ux = warphw_fbits(x), uy = warphw_fbits(y);
    unsigned ax = ux & 0x7fffffffu, ay = uy & 0x7fffffffu, sx = ux & 0x80000000u;
    if (ax > 0x7f800000u || ay > 0x7f800000u) return x + y; /* NaN */
    if (ax == 0x7f800000u || ay == 0) return (x - x) / (x - x);
    if (ay == 0x7f800000u || ax < ay) return x;
    if (ax == ay) return warphw_bitsf(sx);
    int ex = (int)(ax >> 23), ey = (int)(ay >> 23);
    unsigned long long mx = ax & 0x7fffffu, my = ay & 0x7fffffu;
    if (ex) mx |= 0x800000u;
    else ex = 1;
    if (ey) my |= 0x800000u;
    else ey = 1;
    /* mx 2^ex mod my 2^ey: shift mx up by at most 39 bits at a time */
    int d = ex - ey;
    while (d > 0) {
        int sh = d > 39 ? 39 : d;
        mx = (mx << sh) % my;
        d -= sh;
    }
    mx %= my;
    if (mx == 0) return warphw_bitsf(sx);
    int e = ey;
    while (mx < 0x800000u && e > 1) {
        mx <<= 1;
        e--;
    }
    if (mx < 0x800000u) return warphw_bitsf(sx | (unsigned)mx); /* subnormal */
    return warphw_bitsf(sx | (unsigned)e << 23 | ((unsigned)mx & 0x7fffffu));
}

/* ldexpf: x 2^n rounded once (the product is exact in double) */
WARPHW_DEV float warphw_ldexpf(float x, int n)
{
    if (n > 300) n = 300;
    if (n < -300) n = -300;
    return (float)((double)x * warphw_pow2d(n));
}
/* frexpf: x = m 2^e, 0.5 <= |m| < 1; zero, inf and NaN as they are, e 0 */
WARPHW_DEV float warphw_frexpf(float x, int *e)
{
    *e = 0;
    if (x == 0.0f || x != x || warphw_isinff(x)) return x;
    double d = (double)x;
    int k = (int)((warphw_dbits(d) >> 52) & 0x7ff) - 1022;
    *e = k;
    return (float)(d * warphw_pow2d(-k));
}

WARPHW_DEV float warphw_expm1f(float x)
{
    if (x != x) return x;
    if (x > 89.0f) return 1.0f / 0.0f;
    return (float)warphw_expm1((double)x);
}
WARPHW_DEV float warphw_log1pf(float x)
{
    if (x != x || x < -1.0f) return (x - x) / (x - x);
    if (x == -1.0f) return -1.0f / 0.0f;
    if (warphw_isinff(x) || x == 0.0f) return x;
    double d = (double)x;
    if (warphw_absd(d) < 0.0009765625) { /* Taylor to d^6 */
        double p = -1.0 / 6.0;
        p = p * d + 1.0 / 5.0;
        p = p * d - 1.0 / 4.0;
        p = p * d + 1.0 / 3.0;
        p = p * d - 0.5;
        return (float)(d + d * (d * p));
    }
    return (float)warphw_log(1.0 + d); /* 1 + d exact: |d| >= 2^-10 */
}
WARPHW_DEV float warphw_sinhf(float x)
{
    if (x != x || warphw_isinff(x) || x == 0.0f) return x;
    double a = warphw_absd((double)x);
    if (a > 90.0) return warphw_signf(1.0f / 0.0f, x);
    double t = warphw_expm1(a);
    return warphw_signf((float)(0.5 * (t + t / (t + 1.0))), x);
}
WARPHW_DEV float warphw_coshf(float x)
{
    if (x != x) return x;
    double a = warphw_absd((double)x);
    if (a > 90.0) return 1.0f / 0.0f;
    double e = warphw_exp(a);
    return (float)(0.5 * (e + 1.0 / e));
}
WARPHW_DEV float warphw_tanhf(float x)
{
    if (x != x || x == 0.0f) return x;
    double a = warphw_absd((double)x);
    if (a > 20.0) return warphw_signf(1.0f, x);
    double t = warphw_expm1(2.0 * a);
    return warphw_signf((float)(t / (t + 2.0)), x);
}
WARPHW_DEV float warphw_erff(float x)
{
    if (x != x || x == 0.0f) return x;
    double a = warphw_absd((double)x);
    if (a >= 4.0) return warphw_signf(1.0f, x);
    /* sum (2a^2)^n a / (2n+1)!!, every term positive */
    double t = a, s = a, q = 2.0 * a * a;
    for (int n = 1; n < 200 && t > s * 1e-17; n++) {
        t = t * q / (double)(2 * n + 1);
        s += t;
    }
    double r = 1.12837916709551255856 * warphw_exp(-a * a) * s;
    return warphw_signf((float)(r > 1.0 ? 1.0 : r), x);
}
WARPHW_DEV float warphw_atanf(float x)
{
    if (x != x) return x;
    return warphw_signf((float)warphw_atan_pos(warphw_absd((double)x)), x);
}
WARPHW_DEV float warphw_atan2f(float y, float x)
{
    if (x != x || y != y) return x + y;
    double ay = warphw_absd((double)y), ax = warphw_absd((double)x), a;
    int xneg = warphw_sbitf(x);
    if (ay == 0.0 && ax == 0.0) a = xneg ? WARPHW_PI : 0.0;
    else if (warphw_isinff(x) && warphw_isinff(y)) a = xneg ? 3.0 * WARPHW_PI / 4.0 : WARPHW_PI / 4.0;
    else {
        a = warphw_atan_pos(ay / ax);
        if (xneg) a = WARPHW_PI - a;
    }
    return warphw_signf((float)a, y);
}
WARPHW_DEV float warphw_asinf(float x)
{
    double d = (double)x;
    if (x != x || warphw_absd(d) > 1.0) return (x - x) / (x - x);
    if (x == 0.0f) return x;
    return warphw_signf((float)warphw_atan_pos(warphw_absd(d) / warphw_sqrt((1.0 - d) * (1.0 + d))), x);
}
WARPHW_DEV float warphw_acosf(float x)
{
    double d = (double)x;
    if (x != x || warphw_absd(d) > 1.0) return (x - x) / (x - x);
    return (float)(2.0 * warphw_atan_pos(warphw_sqrt((1.0 - d) / (1.0 + d))));
}
WARPHW_DEV float warphw_cbrtf(float x)
{
    if (x != x || x == 0.0f || warphw_isinff(x)) return x;
    double a = warphw_absd((double)x);
    double r = warphw_exp(warphw_log(a) / 3.0);
    r = r - (r * r * r - a) / (3.0 * r * r); /* one Newton step */
    return warphw_signf((float)r, x);
}
WARPHW_DEV float warphw_hypotf(float x, float y)
{
    if (warphw_isinff(x) || warphw_isinff(y)) return 1.0f / 0.0f;
    if (x != x || y != y) return x + y;
    double dx = (double)x, dy = (double)y;
    return (float)warphw_sqrt(dx * dx + dy * dy); /* the squares are exact */
}
/* 1/sqrt(x) rounded once (in double, then to float) */
WARPHW_DEV float warphw_frsqrt_rn(float x)
{
    if (x != x || x < 0.0f) return (x - x) / (x - x);
    if (x == 0.0f) return warphw_signf(1.0f / 0.0f, x);
    return (float)(1.0 / warphw_sqrt((double)x));
}

#endif
