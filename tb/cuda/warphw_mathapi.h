/* SPDX-License-Identifier: Apache-2.0 */
/*
 * warphw_mathapi.h -- part of tb/cuda/warphw_cuda.h (issue 25, section 1:
 * the usual float built-ins, and what real-world kernels call): the rest
 * of the CUDA Math API, one source for both sides.  Included by
 * warphw_cuda.h only.
 *
 * sinpi, cospi, sincospi (float and double), norm3df, rnorm3df, rhypotf,
 * rcbrtf, erfinvf, erfcinvf, normcdff, normcdfinvf, erfcxf and their
 * double forms; norm, rnorm, norm3d, rnorm3d, norm4d(f), rnorm4d(f),
 * normf, rnormf; rsqrt, rcbrt, rhypot on double; cyl_bessel_i0/i1(f);
 * nan, nanf, scalbln, scalblnf; __fns.  Each is a sequence of IEEE
 * operations, warphw_math.h's primitives and the C library's double
 * functions (extern calls on the device, which the PTX front end runs
 * with the host's library), so the host reference matches the device to
 * the bit; errors measured in docs/ptx.md.
 */
#ifndef WARPHW_CUDA_H
#error "warphw_mathapi.h is a part of warphw_cuda.h: include that"
#endif

/* ---- math functions of the CUDA Math API the header lacked (docs/ptx.md,
 * "CUDA header: intrinsics"): one source for both sides, a sequence of IEEE
 * operations, the primitives of warphw_math.h and the C library's double
 * functions (erf, erfc, exp, log: extern calls on the device, which the PTX
 * front end runs with the host C library, tb/simt/ptx_lib.c), so a kernel's
 * host reference matches the device to the bit.  Float functions are
 * computed in double and rounded once; errors are the double computation's
 * (a few double ulps), not CUDA's documented bounds. */
/* sin(pi x), cos(pi x): x reduced exactly to t in [-1, 1] (x - 2 rint(x/2)),
 * then to [-1/2, 1/2], so integers and halves give exact zeros and ones */
WARPHW_DEV double warphw_sinpi_r(double t)
{
    if (t > 0.5) t = 1.0 - t;
    else if (t < -0.5) t = -1.0 - t;
    return warphw_sin(WARPHW_PI * t);
}
WARPHW_DEV double sinpi(double x)
{
    double r = warphw_sinpi_r(x - 2.0 * warphw_rint(x * 0.5));
    return r == 0.0 ? warphw_signd(0.0, x) : r;
}
WARPHW_DEV double cospi(double x)
{
    double t = warphw_absd(x - 2.0 * warphw_rint(x * 0.5));
    return x != x || warphw_absd(x) == 1.0 / 0.0 ? x - x : warphw_sinpi_r(0.5 - t) + 0.0;
}
WARPHW_DEV void sincospi(double x, double *s, double *c)
{
    *s = sinpi(x);
    *c = cospi(x);
}
WARPHW_DEV float sinpif(float x) { return (float)sinpi((double)x); }
WARPHW_DEV float cospif(float x) { return (float)cospi((double)x); }
WARPHW_DEV void sincospif(float x, float *s, float *c)
{
    *s = sinpif(x);
    *c = cospif(x);
}
/* Euclidean norms and their reciprocals: the squares of floats are exact
 * in double; an infinite argument gives +inf (0 for the reciprocal) even
 * beside a NaN, as CUDA documents */
WARPHW_DEV float warphw_norm3(float a, float b, float c, int recip)
{
    if (warphw_isinff(a) || warphw_isinff(b) || warphw_isinff(c)) return recip ? 0.0f : 1.0f / 0.0f;
    double s = warphw_sqrt((double)a * a + (double)b * b + (double)c * c);
    return (float)(recip ? 1.0 / s : s);
}
WARPHW_DEV float norm3df(float a, float b, float c) { return warphw_norm3(a, b, c, 0); }
WARPHW_DEV float rnorm3df(float a, float b, float c) { return warphw_norm3(a, b, c, 1); }
WARPHW_DEV float rhypotf(float x, float y) { return warphw_norm3(x, y, 0.0f, 1); }
WARPHW_DEV float rcbrtf(float x)
{
    if (x != x) return x;
    if (x == 0.0f) return warphw_signf(1.0f / 0.0f, x);
    if (warphw_isinff(x)) return warphw_signf(0.0f, x);
    return warphw_signf((float)(1.0 / warphw_cbrt_pos(warphw_absd((double)x))), x);
}
/* the normal distribution and the inverse error functions: Newton's method
 * in double on the C library's erf/erfc (six steps from a start within a
 * few percent; the double result's error is far below a float ulp) */
WARPHW_DEV double warphw_erfc_solve(double q) /* erfc(x) = q, 0 < q <= 1 */
{
    double x = q > 0.25 ? (1.0 - q) * 0.886226925452758 : warphw_sqrt(-warphw_log(q));
    if (q <= 0.25) x = warphw_sqrt(-warphw_log(q * x * 1.772453850905516));
    for (int i = 0; i < 6; i++) x += (erfc(x) - q) / (1.1283791670955126 * warphw_exp(-x * x));
    return x;
}
WARPHW_DEV double warphw_erf_solve(double y) /* erf(x) = y, 0 < y < 1/2 */
{
    double x = y * 0.886226925452758;
    for (int i = 0; i < 6; i++) x -= (erf(x) - y) / (1.1283791670955126 * warphw_exp(-x * x));
    return x;
}
WARPHW_DEV double warphw_erfinv(double y)
{
    double a = warphw_absd(y);
    if (y != y || a > 1.0) return (y - y) / (y - y);
    if (a == 1.0) return warphw_signd(1.0 / 0.0, y);
    if (a == 0.0) return y;
    return warphw_signd(a < 0.5 ? warphw_erf_solve(a) : warphw_erfc_solve(1.0 - a), y);
}
WARPHW_DEV double warphw_erfcinv(double q)
{
    if (q != q || q < 0.0 || q > 2.0) return (q - q) / (q - q);
    if (q == 0.0) return 1.0 / 0.0;
    if (q == 2.0) return -1.0 / 0.0;
    if (q > 0.5 && q < 1.5) return warphw_erfinv(1.0 - q);
    return q <= 1.0 ? warphw_erfc_solve(q) : -warphw_erfc_solve(2.0 - q);
}
WARPHW_DEV float erfinvf(float y) { return (float)warphw_erfinv((double)y); }
WARPHW_DEV float erfcinvf(float q) { return (float)warphw_erfcinv((double)q); }
WARPHW_DEV float normcdff(float x) { return (float)(0.5 * erfc(-(double)x * 0.7071067811865476)); }
WARPHW_DEV float normcdfinvf(float p) { return (float)(-1.4142135623730951 * warphw_erfcinv(2.0 * (double)p)); }
/* exp(x^2) erfc(x); above 25 erfc underflows where the product does not:
 * the asymptotic series 1/(x sqrt pi) (1 - 1/(2x^2) + 3/(4x^4) - 15/(8x^6)) */
WARPHW_DEV float erfcxf(float x)
{
    double d = (double)x;
    if (x != x) return x;
    if (d > 25.0) {
        double u = 1.0 / (d * d);
        return (float)(0.5641895835477563 / d * (1.0 - 0.5 * u + 0.75 * u * u - 1.875 * u * u * u));
    }
    return (float)(warphw_exp(d * d) * erfc(d));
}

/* The rest of the CUDA Math API a kernel may call (2026-11-30; docs/ptx.md
 * "Math API: the rest"): the double forms of the functions above, the
 * 4-component and n-component norms, rsqrt/rcbrt/rhypot on double, nan,
 * scalbln, __log2f and __fns.  Double results that need more than
 * double's precision inside use warphw_math.h's double-double pairs; the
 * C library's erf/erfc/exp/cbrt/hypot are called as on the device (extern
 * calls the PTX front end runs with the host library), so both sides
 * compute the same bits.  Errors measured against long double: docs/ptx.md. */
WARPHW_DEV double erfinv(double y) { return warphw_erfinv(y); }
WARPHW_DEV double erfcinv(double q) { return warphw_erfcinv(q); }
/* 0.5 erfc(-x/sqrt 2), the argument as a pair th + tl (1/sqrt 2 as a
 * pair), erfc(th + tl) = erfc(th) - tl 2/sqrt(pi) e^(-th^2): the argument's
 * rounding would otherwise cost 2 x^2 ulps in the tails */
WARPHW_DEV double normcdf(double x)
{
    if (x != x) return x;
    if (x > 40.0 || x < -40.0) return x > 0.0 ? 1.0 : 0.0;
    double th, tl;
    warphw_two_prod(-x, 7.0710678118654757e-01, &th, &tl);
    tl += -x * -4.8336466567264567e-17;
    return 0.5 * (erfc(th) - tl * 1.1283791670955126 * (exp)(-th * th));
}
WARPHW_DEV double normcdfinv(double p) { return -1.4142135623730951 * warphw_erfcinv(2.0 * p); }
/* exp(x^2) erfc(x), x^2 as a pair; above 26 the asymptotic series
 * 1/(x sqrt pi) sum (-1)^n (2n-1)!! / (2x^2)^n to n = 12 */
WARPHW_DEV double erfcx(double x)
{
    if (x != x) return x;
    if (x > 26.0) {
        double u = 0.5 / (x * x), t = 1.0, sum = 1.0;
        for (int n = 1; n <= 12; n++) {
            t *= -(2.0 * n - 1.0) * u;
            sum += t;
        }
        return 0.5641895835477563 / x * sum;
    }
    double h, l;
    warphw_two_prod(x, x, &h, &l);
    if (h > 709.0) return 1.0 / 0.0; /* x < -26.6: 2 e^(x^2) overflows */
    double e = (exp)(h) * erfc(x);
    return e + e * l;
}
/* 1/x^(1/k), k = 2 or 3: the reciprocal of the root, then one Newton step
 * r += r (1 - x r^k) / k with x r^k as a pair (two roundings cost up to
 * 1.5 and 4 ulps without it) */
WARPHW_DEV double warphw_rroot(double x, double r, int k)
{
    if (r == 0.0 || r != r || warphw_absd(r) == 1.0 / 0.0 || warphw_absd(x) > 1e300 || warphw_absd(x) < 1e-300)
        return r;
    double h, l;
    warphw_two_prod(r, r, &h, &l);
    if (k == 3) warphw_dd_mul(h, l, r, 0.0, &h, &l);
    warphw_dd_mul(h, l, x, 0.0, &h, &l);
    return r + r * ((1.0 - h) - l) / k;
}
WARPHW_DEV double rsqrt(double x) { return warphw_rroot(x, 1.0 / warphw_sqrt(x), 2); }
WARPHW_DEV double rcbrt(double x) { return warphw_rroot(x, 1.0 / (cbrt)(x), 3); }
WARPHW_DEV double rhypot(double x, double y) { return 1.0 / (hypot)(x, y); }
/* sqrt of a sum of squares: scaled by a power of 2 to the largest
 * magnitude's binade (exact), the squares and their sum as pairs, one
 * Newton step on the square root; an infinite component gives +inf (0 for
 * the reciprocal) even beside a NaN, as CUDA documents */
WARPHW_DEV double warphw_normd(int n, const double *v, int recip)
{
    double m = 0.0;
    int nan = 0, inf = 0; /* no return inside a loop: a divergent loop exit
                             costs the stack mechanisms an entry a round */
    for (int i = 0; i < n; i++) {
        double a = warphw_absd(v[i]);
        inf |= a == 1.0 / 0.0;
        nan |= a != a;
        m = a > m ? a : m;
    }
    if (inf) return recip ? 0.0 : 1.0 / 0.0;
    if (nan) return warphw_bitsd(0x7ff8000000000000ull);
    if (m == 0.0) return recip ? 1.0 / 0.0 : 0.0;
    int pre = m < 1e-290 ? 600 : 0; /* subnormal scales: 2^600 first */
    int k = (int)((warphw_dbits(m * warphw_pow2d(pre)) >> 52) & 0x7ff) - 1023;
    double s1 = warphw_pow2d(pre - k / 2), s2 = warphw_pow2d(-(k - k / 2));
    double hi = 0.0, lo = 0.0;
    for (int i = 0; i < n; i++) {
        double a = v[i] * s1 * s2, p, e, t;
        warphw_two_prod(a, a, &p, &e);
        warphw_two_sum(hi, p, &hi, &t);
        lo += t + e;
    }
    double r = warphw_sqrt(hi + lo), p, e;
    warphw_two_prod(r, r, &p, &e);
    r += ((hi - p) - e + lo) / (2.0 * r);
    if (recip) return 1.0 / r * s1 * s2;
    return r / s1 / s2;
}
WARPHW_DEV double norm(int n, const double *v) { return warphw_normd(n, v, 0); }
WARPHW_DEV double rnorm(int n, const double *v) { return warphw_normd(n, v, 1); }
WARPHW_DEV double norm3d(double a, double b, double c) { double v[3] = {a, b, c}; return warphw_normd(3, v, 0); }
WARPHW_DEV double rnorm3d(double a, double b, double c) { double v[3] = {a, b, c}; return warphw_normd(3, v, 1); }
WARPHW_DEV double norm4d(double a, double b, double c, double d) { double v[4] = {a, b, c, d}; return warphw_normd(4, v, 0); }
WARPHW_DEV double rnorm4d(double a, double b, double c, double d) { double v[4] = {a, b, c, d}; return warphw_normd(4, v, 1); }
/* float: the squares are exact in double and the sum's error far below a
 * float ulp; rounded once (the reciprocal of the double sqrt, rounded) */
WARPHW_DEV float warphw_normf(int n, const float *v, int recip)
{
    double s = 0.0;
    int nan = 0, inf = 0;
    for (int i = 0; i < n; i++) {
        inf |= warphw_isinff(v[i]);
        nan |= v[i] != v[i];
        s += (double)v[i] * v[i];
    }
    if (inf) return recip ? 0.0f : 1.0f / 0.0f;
    if (nan) return warphw_bitsf(0x7fc00000u);
    s = warphw_sqrt(s);
    return (float)(recip ? 1.0 / s : s);
}
WARPHW_DEV float normf(int n, const float *v) { return warphw_normf(n, v, 0); }
WARPHW_DEV float rnormf(int n, const float *v) { return warphw_normf(n, v, 1); }
WARPHW_DEV float norm4df(float a, float b, float c, float d) { float v[4] = {a, b, c, d}; return warphw_normf(4, v, 0); }
WARPHW_DEV float rnorm4df(float a, float b, float c, float d) { float v[4] = {a, b, c, d}; return warphw_normf(4, v, 1); }
/* the modified Bessel functions I0 and I1 (n = 0, 1): up to |x| = 20 the
 * power series sum (x/2)^(2k+n) / (k! (k+n)!), 70 terms, x^2 as a pair; above
 * it e^|x| / sqrt(2 pi |x|) times the asymptotic series, t_k = t_(k-1)
 * ((2k-1)^2 - 4n^2) / (8k|x|), 40 terms, e^|x| as (e^(|x|/2))^2 (I0 is
 * finite to 713.98).  Fixed trip counts: no thread leaves a loop early.
 * I1 is odd, I0 even. */
WARPHW_DEV double warphw_bessel_i(double x, int n)
{
    double a = warphw_absd(x), r;
    if (x != x) return x;
    if (a <= 20.0) {
        double qh, ql, t = n ? 0.5 * a : 1.0, kt = 0.0;
        warphw_two_prod(a, a, &qh, &ql); /* x^2/4 = 0.25 (qh + ql): t_k = t_(k-1) qh/(k(k+n)), */
        r = t;                             /* the pair's low part as sum k t_k ql/qh */
        for (int k = 1; k <= 70; k++) {
            t *= 0.25 * qh / ((double)k * (double)(k + n));
            r += t;
            kt += k * t;
        }
        r += kt * (ql / qh);
    } else {
        double t = 1.0, sum = 1.0, mu = 4.0 * n * n;
        for (int k = 1; k <= 40; k++) {
            t *= ((2.0 * k - 1.0) * (2.0 * k - 1.0) - mu) / (8.0 * k * a);
            sum += t;
        }
        double e = a == 1.0 / 0.0 ? a : (exp)(0.5 * a);
        r = e * (e * sum / warphw_sqrt(2.0 * WARPHW_PI * a));
    }
    return n && x < 0.0 ? -r : r;
}
WARPHW_DEV double cyl_bessel_i0(double x) { return warphw_bessel_i(x, 0); }
WARPHW_DEV double cyl_bessel_i1(double x) { return warphw_bessel_i(x, 1); }
WARPHW_DEV float cyl_bessel_i0f(float x) { return (float)warphw_bessel_i((double)x, 0); }
WARPHW_DEV float cyl_bessel_i1f(float x) { return (float)warphw_bessel_i((double)x, 1); }
/* nan(tag): the quiet NaN (the tag's payload is ignored: glibc gives the
 * same bits for "" and for a tag it does not parse); scalbln: scalbn with a
 * long exponent, clamped (an exponent beyond +-100000 saturates either way) */
WARPHW_DEV double warphw_nan(const char *tag) { return (void)tag, warphw_bitsd(0x7ff8000000000000ull); }
WARPHW_DEV float warphw_nanf(const char *tag) { return (void)tag, warphw_bitsf(0x7fc00000u); }
#define nan(tag) warphw_nan(tag)
#define nanf(tag) warphw_nanf(tag)
#define scalbln(x, n) scalbn(x, (int)((long)(n) > 100000 ? 100000 : (long)(n) < -100000 ? -100000 : (long)(n)))
#define scalblnf(x, n) scalbnf(x, (int)((long)(n) > 100000 ? 100000 : (long)(n) < -100000 ? -100000 : (long)(n)))
/* __fns(mask, base, offset): the position of the offset-th set bit of mask
 * counting from bit base (included) up (offset > 0) or down (offset < 0);
 * offset 0: base if its bit is set; 0xffffffff when there is none (PTX's
 * fns.b32, written as its loop on both sides) */
WARPHW_DEV unsigned __fns(unsigned mask, unsigned base, int offset)
{
    if (base > 31u) return 0xffffffffu;
    if (offset == 0) return (mask >> base) & 1u ? base : 0xffffffffu;
    int inc = offset > 0 ? 1 : -1, pos = (int)base;
    unsigned count = (unsigned)(offset > 0 ? offset : -offset) - 1u, d = 0xffffffffu;
    /* 32 rounds whatever the mask: a loop left early by some threads of a
     * warp costs the stack mechanisms an entry a round (docs/ptx.md,
     * "histo8 at -O0") */
    for (int j = 0; j < 32; j++, pos += inc)
        if (pos >= 0 && pos < 32 && ((mask >> pos) & 1u) && d == 0xffffffffu) {
            if (count == 0u) d = (unsigned)pos;
            else count--;
        }
    return d;
}
