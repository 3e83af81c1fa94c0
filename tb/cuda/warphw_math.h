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
 *    terms positive).  exp and log on double are these; exp2 on double as
 *    exp's series after 2^x = 2^k 2^(x-k); log2 and log10 on double as log
 *    times a constant;
 *  - in double-double (pairs hi + lo of IEEE operations, no fma), where a
 *    double result needs more than double's precision inside: pow (e^(y
 *    ln|x|) with ln|x| and y ln|x| in double-double, powf's special cases),
 *    sin, cos, tan (argument reduction x = q pi/2 + r: Cody and Waite's
 *    below 2^19, Payne and Hanek's above, on a table of 2/pi's bits), atan
 *    (its reductions), atan2, asin, acos (atan's; atanf, atan2f, asinf and
 *    acosf are these rounded to float).
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

WARPHW_DEV double warphw_log2(double x) { return warphw_log(x) * 1.44269504088896338700e+00; }
WARPHW_DEV double warphw_log10(double x) { return warphw_log(x) * 4.34294481903251816668e-01; }

/* ---------------------------------------------- double, extra precision */

/* Double-double helpers (Dekker and Knuth): a value held as hi + lo with
 * |lo| <= ulp(hi)/2, from IEEE adds and multiplies alone (no fma, so the
 * host and the device round the same way).  Splitting overflows above
 * 2^996: the callers keep their operands far below. */
WARPHW_DEV void warphw_two_sum(double a, double b, double *s, double *e)
{
    double t = a + b, bb = t - a;
    *s = t;
    *e = (a - (t - bb)) + (b - bb);
}
WARPHW_DEV void warphw_fast_two_sum(double a, double b, double *s, double *e) /* |a| >= |b| */
{
    double t = a + b;
    *s = t;
    *e = b - (t - a);
}
WARPHW_DEV void warphw_split(double a, double *hi, double *lo)
{
    double c = 134217729.0 * a; /* 2^27 + 1 */
    *hi = c - (c - a);
    *lo = a - *hi;
}
/* a * b = *p + *e exactly */
WARPHW_DEV void warphw_two_prod(double a, double b, double *p, double *e)
{
    double ah, al, bh, bl;
    warphw_split(a, &ah, &al);
    warphw_split(b, &bh, &bl);
    *p = a * b;
    *e = ((ah * bh - *p) + ah * bl + al * bh) + al * bl;
}
/* (ah + al) (bh + bl), to about 2^-104 relative */
WARPHW_DEV void warphw_dd_mul(double ah, double al, double bh, double bl, double *h, double *l)
{
    double p, e;
    warphw_two_prod(ah, bh, &p, &e);
    e += ah * bl + al * bh;
    warphw_fast_two_sum(p, e, h, l);
}
WARPHW_DEV void warphw_dd_add(double ah, double al, double bh, double bl, double *h, double *l)
{
    double s, e;
    warphw_two_sum(ah, bh, &s, &e);
    e += al + bl;
    warphw_fast_two_sum(s, e, h, l);
}

/* atan x as *h + *l for x >= 0 (inf included), to about 2^-70: the
 * reductions atan x = pi/2 - atan(1/x) and atan x = pi/6 + atan((x sqrt3 -
 * 1)/(x + sqrt3)) to |t| <= tan(pi/12), each in double-double, then the
 * series to t^31 on t's high part and atan(th + tl) = atan th + tl/(1+th^2) */
WARPHW_DEV void warphw_atan_dd(double x, double *h, double *l)
{
    double xh = x, xl = 0.0, p, e;
    int flip = 0;
    if (x > 1.0) {
        xh = 1.0 / x;
        if (x < 1.152921504606846976e18) { /* 2^60: below it the split stays in range */
            warphw_two_prod(xh, x, &p, &e);
            xl = ((1.0 - p) - e) / x;
        }
        flip = 1;
    }
    double oh = 0.0, ol = 0.0;
    if (xh > 0.26794919243112270) { /* tan(pi/12) */
        double ah, al, nh, nl, dh, dl, qh, ql;
        warphw_two_prod(xh, 1.7320508075688772, &ah, &al);
        al += xh * 1.0035084221806903e-16 + xl * 1.7320508075688772;
        warphw_two_sum(ah, -1.0, &nh, &nl);
        warphw_fast_two_sum(nh, nl + al, &nh, &nl);
        warphw_dd_add(xh, xl, 1.7320508075688772, 1.0035084221806903e-16, &dh, &dl);
        qh = nh / dh;
        warphw_two_prod(qh, dh, &p, &e);
        ql = (((nh - p) - e) + nl - qh * dl) / dh;
        xh = qh;
        xl = ql;
        oh = 0.5235987755982989;
        ol = -5.360408832255455e-17;
    }
    double t2 = xh * xh, s = 0.0;
    for (int n = 31; n >= 3; n -= 2) s = s * t2 + ((n & 2) ? -1.0 : 1.0) / (double)n;
    double ah, al;
    warphw_dd_add(oh, ol, xh, xh * (t2 * s) + xl / (1.0 + t2), &ah, &al);
    if (flip) warphw_dd_add(1.5707963267948966, 6.123233995736766e-17, -ah, -al, &ah, &al);
    *h = ah;
    *l = al;
}
WARPHW_DEV double warphw_atan_pos(double x)
{
    double h, l;
    warphw_atan_dd(x, &h, &l);
    return h + l;
}

/* ln x as *hi + *lo for x > 0 finite, to about 2^-100 relative: log's
 * reduction (x = 2^k m, m in [sqrt(1/2), sqrt(2))), s = (m-1)/(m+1) held
 * in double-double, ln m = 2s + 2s^3/3 in double-double and the rest of
 * the atanh series, 2s^5 (1/5 + s^2/7 + ... + s^26/31) < 2^-14, in double
 * (the next term is below 2^-80 of ln m) */
WARPHW_DEV void warphw_log_dd(double x, double *hi, double *lo)
{
    unsigned long long b = warphw_dbits(x);
    int k = 0;
    if ((b >> 52) == 0) {
        x *= warphw_pow2d(54);
        k = -54;
        b = warphw_dbits(x);
    }
    k += (int)(b >> 52) - 1023;
    double m = warphw_bitsd((b & 0x000fffffffffffffull) | 0x3ff0000000000000ull);
    if (m > 1.41421356237309514547) {
        m *= 0.5;
        k++;
    }
    double f = m - 1.0, uh, ul, sh, sl, p, pe, qh, ql, ch, cl, th, tl;
    warphw_fast_two_sum(2.0, f, &uh, &ul); /* u = 2 + f exactly */
    sh = f / uh;
    warphw_two_prod(sh, uh, &p, &pe);
    sl = (((f - p) - pe) - sh * ul) / uh; /* f = (sh + sl) u to 2^-106 */
    warphw_dd_mul(sh, sl, sh, sl, &qh, &ql);     /* s^2 */
    warphw_dd_mul(qh, ql, sh, sl, &ch, &cl);     /* s^3 */
    warphw_dd_mul(ch, cl, 6.666666666666666e-01, 3.700743415417188e-17, &th, &tl); /* 2/3 s^3 */
    double r = 1.0 / 31.0;
    r = r * qh + 1.0 / 29.0;
    r = r * qh + 1.0 / 27.0;
    r = r * qh + 1.0 / 25.0;
    r = r * qh + 1.0 / 23.0;
    r = r * qh + 1.0 / 21.0;
    r = r * qh + 1.0 / 19.0;
    r = r * qh + 1.0 / 17.0;
    r = r * qh + 1.0 / 15.0;
    r = r * qh + 1.0 / 13.0;
    r = r * qh + 1.0 / 11.0;
    r = r * qh + 1.0 / 9.0;
    r = r * qh + 1.0 / 7.0;
    r = r * qh + 1.0 / 5.0;
    r = 2.0 * ch * qh * r;
    double mh, ml;
    warphw_dd_add(2.0 * sh, 2.0 * sl, th, tl + r, &mh, &ml);
    warphw_dd_add((double)k * WARPHW_LN2_HI, (double)k * WARPHW_LN2_LO, mh, ml, hi, lo);
}

/* e^(zh + zl) for |zl| <= ulp(zh): exp's reduction on zh, e^r (1 + r_lo)
 * for the low part */
WARPHW_DEV double warphw_exp_dd(double zh, double zl)
{
    if (zh > 709.79) return warphw_pow2d(1023) * 2.0;
    if (zh < -745.2) return 0.0;
    double k = warphw_rint(zh * 1.44269504088896338700e+00);
    double rh = zh - k * WARPHW_LN2_HI, rl = zl - k * WARPHW_LN2_LO, r, e;
    warphw_two_sum(rh, rl, &r, &e);
    double t = warphw_taylor_e(r, 1, 14);
    return warphw_scaled(t + t * e, (int)k);
}

/* pow: C99's special cases, then e^(y ln|x|) with ln|x| and its product
 * with y in double-double */
WARPHW_DEV double warphw_pow(double x, double y)
{
    int done;
    double sign;
    double r = warphw_pow_special(x, y, &done, &sign);
    if (done) return r;
    double lh, ll, zh, zl;
    warphw_log_dd(warphw_absd(x), &lh, &ll);
    double g = y * lh; /* decides overflow and underflow before the exact product */
    if (g > 710.0) return sign * (1.0 / 0.0);
    if (g < -746.0) return sign * 0.0;
    warphw_dd_mul(y, 0.0, lh, ll, &zh, &zl);
    return sign * warphw_exp_dd(zh, zl);
}

/* 2/pi's first 1280 bits after the binary point, 32 to a word, most
 * significant first: floor(2^1280 * 2/pi) (tools/two_over_pi.py prints it
 * from Machin's formula in integers).  WARPHW_TABLE is the includer's
 * storage class for a constant table (the device's constant memory). */
#ifndef WARPHW_TABLE
#define WARPHW_TABLE static const
#endif
WARPHW_TABLE unsigned warphw_two_over_pi[40] = {
    0xa2f9836eu, 0x4e441529u, 0xfc2757d1u, 0xf534ddc0u, 0xdb629599u,
    0x3c439041u, 0xfe5163abu, 0xdebbc561u, 0xb7246e3au, 0x424dd2e0u,
    0x06492eeau, 0x09d1921cu, 0xfe1deb1cu, 0xb129a73eu, 0xe88235f5u,
    0x2ebb4484u, 0xe99c7026u, 0xb45f7e41u, 0x3991d639u, 0x835339f4u,
    0x9c845f8bu, 0xbdf9283bu, 0x1ff897ffu, 0xde05980fu, 0xef2f118bu,
    0x5a0a6d1fu, 0x6d367ecfu, 0x27cb09b7u, 0x4f463f66u, 0x9e5fea2du,
    0x7527bac7u, 0xebe5f17bu, 0x3d0739f7u, 0x8a5292eau, 0x6bfb5fb1u,
    0x1f8d5d08u, 0x56033046u, 0xfc7b6babu, 0xf0cfbc20u, 0x9af4361du,
};

/* x = q pi/2 + (*rh + *rl), |*rh| <= pi/4 (a little more near the
 * boundary), x finite and >= 0; returns q mod 4.  Below 2^19: Cody and
 * Waite's subtraction of k pi/2 in three parts (33 + 33 + 53 bits: k P1 and
 * k P2 exact).  From 2^19 on: Payne and Hanek's, x 2/pi mod 4 from a
 * 224-bit window of 2/pi's bits (warphw_two_over_pi) multiplied by x's
 * 53-bit significand in 32-bit pieces. */
WARPHW_DEV int warphw_rem_pio2(double x, double *rh, double *rl)
{
    if (x < 524288.0) {
        double k = warphw_rint(x * 6.366197723675814e-01);
        double r1 = x - k * 1.5707963267341256e+00; /* exact */
        double t, e;
        warphw_two_sum(r1, -(k * 6.077100506303966e-11), &t, &e);
        e -= k * 2.0222662487959506e-21;
        warphw_fast_two_sum(t, e, rh, rl);
        return (int)((long long)k & 3);
    }
    unsigned long long b = warphw_dbits(x);
    unsigned long long mant = (b & 0x000fffffffffffffull) | 0x0010000000000000ull;
    int E = (int)(b >> 52) - 1075; /* x = mant 2^E, E >= -33 here */
    int w0 = E - 2 > 0 ? (E - 2) / 32 : 0; /* first word: its bits 32 w0 + 1 .. */
    unsigned m[2] = {(unsigned)mant, (unsigned)(mant >> 32)};
    unsigned prod[9] = {0, 0, 0, 0, 0, 0, 0, 0, 0};
    for (int i = 0; i < 2; i++) { /* prod = mant * W, W = words w0 .. w0+6, little-endian limbs */
        unsigned long long carry = 0;
        for (int j = 0; j < 7; j++) {
            unsigned long long t = (unsigned long long)m[i] * warphw_two_over_pi[w0 + 6 - j] + prod[i + j] + carry;
            prod[i + j] = (unsigned)t;
            carry = t >> 32;
        }
        prod[i + 7] += (unsigned)carry;
    }
    int sh = 32 * w0 + 224 - E; /* prod's fractional bits: 190 .. 257 */
    /* bits sh-128 .. sh+1 of prod: two quadrant bits and 128 bits of fraction */
    unsigned long long f[3];
    for (int i = 0; i < 3; i++) {
        int pos = sh - 128 + 64 * i, wd = pos >> 5, bt = pos & 31;
        unsigned long long lo64 = (unsigned long long)prod[wd] | ((unsigned long long)(wd + 1 < 9 ? prod[wd + 1] : 0u) << 32);
        unsigned long long nx = wd + 2 < 9 ? prod[wd + 2] : 0u;
        f[i] = bt ? (lo64 >> bt) | (nx << (64 - bt)) : lo64;
    }
    int q = (int)(f[2] & 3);
    unsigned long long fh = f[1], fl = f[0];
    double sgn = 1.0;
    if (fh >> 63) { /* fraction >= 1/2: take fraction - 1, next quadrant */
        fh = ~fh;
        fl = ~fl + 1;
        if (fl == 0) fh++;
        sgn = -1.0;
        q = (q + 1) & 3;
    }
    double h = (double)fh, hr = (double)(long long)(fh - (unsigned long long)h); /* fh < 2^63 */
    double vh, vl;
    warphw_fast_two_sum(h * 5.421010862427522e-20, (hr + (double)fl * 5.421010862427522e-20) * 5.421010862427522e-20, &vh, &vl);
    double ph, pl;
    warphw_dd_mul(vh, vl, 1.5707963267948966e+00, 6.123233995736766e-17, &ph, &pl);
    *rh = sgn * ph;
    *rl = sgn * pl;
    return q;
}

/* sin and cos of r = rh + rl, |r| <= pi/4 + a little: Taylor series */
WARPHW_DEV double warphw_sin_k(double rh, double rl)
{
    double z = rh * rh, p = 3.868170170630684e-23;
    p = p * z - 1.9572941063391263e-20;
    p = p * z + 8.22063524662433e-18;
    p = p * z - 2.8114572543455206e-15;
    p = p * z + 7.647163731819816e-13;
    p = p * z - 1.6059043836821613e-10;
    p = p * z + 2.505210838544172e-08;
    p = p * z - 2.7557319223985893e-06;
    p = p * z + 1.984126984126984e-04;
    p = p * z - 8.333333333333333e-03;
    p = p * z + 1.6666666666666666e-01;
    return rh + (rl * (1.0 - 0.5 * z) - rh * z * p);
}
WARPHW_DEV double warphw_cos_k(double rh, double rl)
{
    double zh, zl, p = -8.896791392450574e-22;
    warphw_two_prod(rh, rh, &zh, &zl);
    p = p * zh + 4.110317623312165e-19;
    p = p * zh - 1.5619206968586225e-16;
    p = p * zh + 4.779477332387385e-14;
    p = p * zh - 1.1470745597729725e-11;
    p = p * zh + 2.08767569878681e-09;
    p = p * zh - 2.755731922398589e-07;
    p = p * zh + 2.48015873015873e-05;
    p = p * zh - 1.388888888888889e-03;
    p = p * zh + 4.1666666666666664e-02;
    double hz = 0.5 * zh, w = 1.0 - hz;
    return w + ((((1.0 - w) - hz) - 0.5 * zl - rh * rl) + zh * zh * p);
}
/* x's reduction for sin, cos, tan: NaN for NaN and infinities, 1 when
 * |x| < 2^-27 (sin x = tan x = x, cos x = 1 once rounded), else 0 with
 * |x| = q pi/2 + rh + rl */
WARPHW_DEV int warphw_trig_reduce(double x, int *q, double *rh, double *rl, double *v)
{
    double a = warphw_absd(x);
    if (x != x || a == 1.0 / 0.0) {
        *v = (x - x) / (x - x); /* NaN */
        return 1;
    }
    if (a < 7.450580596923828125e-09) {
        *v = x;
        return 1;
    }
    *q = warphw_rem_pio2(a, rh, rl);
    return 0;
}
/* sin x (cosine 0) or cos x (cosine 1) from x's reduction: the quadrant
 * picks the kernel and the sign (sin: s c -s -c, cos: c -s -c s) */
WARPHW_DEV double warphw_sincos_q(double x, int q, double rh, double rl, int cosine)
{
    double v = ((q + cosine) & 1) ? warphw_cos_k(rh, rl) : warphw_sin_k(rh, rl);
    if (((q + cosine) & 2) != 0) v = -v;
    return cosine ? v : warphw_signd(1.0, x) * v;
}
WARPHW_DEV double warphw_sin_or_cos(double x, int cosine)
{
    int q = 0;
    double rh = 0.0, rl = 0.0, v;
    if (warphw_trig_reduce(x, &q, &rh, &rl, &v)) return cosine && v == v ? 1.0 : v;
    return warphw_sincos_q(x, q, rh, rl, cosine);
}
WARPHW_DEV double warphw_sin(double x) { return warphw_sin_or_cos(x, 0); }
WARPHW_DEV double warphw_cos(double x) { return warphw_sin_or_cos(x, 1); }
WARPHW_DEV double warphw_tan(double x)
{
    int q = 0;
    double rh = 0.0, rl = 0.0, v;
    if (warphw_trig_reduce(x, &q, &rh, &rl, &v)) return v;
    double s = warphw_sin_k(rh, rl), c = warphw_cos_k(rh, rl);
    return warphw_signd(1.0, x) * ((q & 1) ? -c / s : s / c);
}
WARPHW_DEV void warphw_sincos(double x, double *s, double *c) /* one reduction */
{
    int q = 0;
    double rh = 0.0, rl = 0.0, v;
    if (warphw_trig_reduce(x, &q, &rh, &rl, &v)) {
        *s = v;
        *c = v == v ? 1.0 : v;
        return;
    }
    *s = warphw_sincos_q(x, q, rh, rl, 0);
    *c = warphw_sincos_q(x, q, rh, rl, 1);
}

WARPHW_DEV double warphw_atan(double x)
{
    if (x != x) return x;
    return warphw_signd(warphw_atan_pos(warphw_absd(x)), x);
}
WARPHW_DEV double warphw_atan2(double y, double x)
{
    if (x != x || y != y) return x + y;
    double ay = warphw_absd(y), ax = warphw_absd(x), a;
    int xneg = (int)(warphw_dbits(x) >> 63);
    if (ay == 0.0 && ax == 0.0) a = xneg ? WARPHW_PI : 0.0;
    else if (ax == 1.0 / 0.0 && ay == 1.0 / 0.0) a = xneg ? 3.0 * WARPHW_PI / 4.0 : WARPHW_PI / 4.0;
    else {
        a = warphw_atan_pos(ay / ax);
        if (xneg) a = WARPHW_PI - a;
    }
    return warphw_signd(a, y);
}
WARPHW_DEV double warphw_asin(double x)
{
    if (x != x || warphw_absd(x) > 1.0) return (x - x) / (x - x);
    if (x == 0.0) return x;
    return warphw_signd(warphw_atan_pos(warphw_absd(x) / warphw_sqrt((1.0 - x) * (1.0 + x))), x);
}
WARPHW_DEV double warphw_acos(double x)
{
    if (x != x || warphw_absd(x) > 1.0) return (x - x) / (x - x);
    return 2.0 * warphw_atan_pos(warphw_sqrt((1.0 - x) / (1.0 + x)));
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
WARPHW_DEV float warphw_atanf(float x) { return (float)warphw_atan((double)x); }
WARPHW_DEV float warphw_atan2f(float y, float x) { return (float)warphw_atan2((double)y, (double)x); }
WARPHW_DEV float warphw_asinf(float x) { return (float)warphw_asin((double)x); }
WARPHW_DEV float warphw_acosf(float x) { return (float)warphw_acos((double)x); }
WARPHW_DEV double warphw_cbrt_pos(double a) /* a > 0, finite */
{
    double r = warphw_exp(warphw_log(a) / 3.0);
    return r - (r * r * r - a) / (3.0 * r * r); /* one Newton step */
}
WARPHW_DEV float warphw_cbrtf(float x)
{
    if (x != x || x == 0.0f || warphw_isinff(x)) return x;
    return warphw_signf((float)warphw_cbrt_pos(warphw_absd((double)x)), x);
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
