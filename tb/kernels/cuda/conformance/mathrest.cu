/* SPDX-License-Identifier: Apache-2.0 */
/* mathrest.cu -- the CUDA Math API functions added to the header on
 * 30 Nov (docs/ptx.md, "Math API: the rest"), each on edge inputs: the
 * double erfinv, erfcinv, normcdf, normcdfinv, erfcx, rsqrt, rcbrt,
 * rhypot; norm3d, rnorm3d, norm4d, rnorm4d, norm, rnorm (double) and
 * norm4df, rnorm4df, normf, rnormf; nan, nanf, scalbln, scalblnf, __log2f,
 * cyl_bessel_i0/i1 (double and float) and __fns.  Thread i takes
 * a = in[i] (intrin.cu's inputs: zeros, NaN, infinities, subnormals,
 * halves, the integer types' limits, random words), b, c, d from other
 * elements; its double is a itself (even i) or a/3 + b (odd i).
 * t = a/(1+|a|) maps a into (-1, 1) for the inverse functions.  Every
 * result is stored as its bits: the host reference (this source) must
 * equal the PTX to the bit.  Thread 0 also stores __fns of the PTX
 * manual's four examples (3, 3, 3, 1) in its words 60..63. */
#define NOUT 64

__device__ static void putf(unsigned *o, int &k, float v) { o[k++] = __float_as_uint(v); }
__device__ static void putd(unsigned *o, int &k, double v)
{
    unsigned long long u = (unsigned long long)__double_as_longlong(v);
    o[k++] = (unsigned)u;
    o[k++] = (unsigned)(u >> 32);
}

extern "C" __global__ void mathrest(const float *in, unsigned *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float a = in[i], b = in[(i * 7 + 3) % n], c = in[(i * 13 + 5) % n], d = in[(i * 5 + 1) % n];
    double da = i & 1 ? (double)a / 3.0 + (double)b : (double)a;
    double db = (double)b / 7.0, dc = (double)c, dd = (double)d * 0.5 + 1.0 / 3.0;
    double t = da != da || da - da != 0.0 ? da : da / (1.0 + fabs(da));
    int ia = __float_as_int(a), ic = __float_as_int(c);
    unsigned *o = out + i * NOUT;
    int k = 0;
    putd(o, k, erfinv(da));
    putd(o, k, erfinv(t));
    putd(o, k, erfcinv(da));
    putd(o, k, erfcinv(1.0 + t));
    putd(o, k, normcdf(da));
    putd(o, k, normcdf(db * 50.0));
    putd(o, k, normcdfinv(da));
    putd(o, k, normcdfinv(0.5 + 0.5 * t));
    putd(o, k, erfcx(da));
    putd(o, k, erfcx(t * 40.0));
    putd(o, k, rsqrt(da));
    putd(o, k, rcbrt(da));
    putd(o, k, rhypot(da, db));
    putd(o, k, norm3d(da, db, dc));
    putd(o, k, rnorm3d(da, db, dc));
    putd(o, k, norm4d(da, db, dc, dd));
    putd(o, k, rnorm4d(da, db, dc, dd));
    double v[5] = {da, db, dc, dd, t};
    putd(o, k, norm(5, v));
    putd(o, k, rnorm(5, v));
    putf(o, k, norm4df(a, b, c, d));
    putf(o, k, rnorm4df(a, b, c, d));
    float fv[5] = {a, b, c, d, 1.5f};
    putf(o, k, normf(5, fv));
    putf(o, k, rnormf(5, fv));
    putd(o, k, nan(""));
    putf(o, k, nanf(""));
    putd(o, k, scalbln(da, (long)(ia % 2200)));
    putf(o, k, scalblnf(a, (long)(ic % 300)));
    putf(o, k, __log2f(fabsf(a)));
    putd(o, k, cyl_bessel_i0(da));
    putd(o, k, cyl_bessel_i1(t * 700.0));
    putf(o, k, cyl_bessel_i0f(a));
    putf(o, k, cyl_bessel_i1f(b));
    unsigned m = __float_as_uint(a);
    o[k++] = __fns(m, (unsigned)ic & 31u, (ic >> 5) % 40);
    o[k++] = __fns(m, (unsigned)ia & 31u, 0);
    o[k++] = __fns(m, 31u, -1);
    o[k++] = __fns(m, 0u, 33);
    if (i == 0) {
        o[60] = __fns(0xaaaaaaaau, 3u, 1);
        o[61] = __fns(0xaaaaaaaau, 3u, -1);
        o[62] = __fns(0xaaaaaaaau, 2u, 1);
        o[63] = __fns(0xaaaaaaaau, 2u, -1);
    }
}
