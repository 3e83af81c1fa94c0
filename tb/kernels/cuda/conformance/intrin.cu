/* SPDX-License-Identifier: Apache-2.0 */
/* intrin.cu -- the CUDA intrinsics added to the header on 29 Nov
 * (docs/ptx.md, "CUDA header: intrinsics"), each on edge inputs: the
 * directed roundings of add, sub, mul, div, rcp, sqrt and fma in single and
 * double precision (_rn, _rz, _ru, _rd: add.rz.f32, rcp.rm.f64, ...), the
 * type casts with a rounding (int, unsigned, long long and their unsigned
 * forms to and from float and double: cvt.rz.f32.s64, cvt.rpi.u64.f64,
 * ...; saturating, NaN to 0), the halves of a double, and the byte dot
 * products (__dp4a, __dp2a_lo/_hi, signed and unsigned), and the math
 * functions added with them (sinpif, cospif, norm3df, erfinvf, jnf, ...).  Thread i takes
 * a = in[i] (zeros, NaN, infinities, subnormals, halfway values, powers of
 * two at the integer types' limits, random words) and b, c from two other
 * elements; its double is a itself (even i) or a/3 + b (odd i), inexact.
 * Every result is stored as its bits: the host reference (this source,
 * fesetround around each operation) must equal the PTX to the bit. */
#define NOUT 200

__device__ static void putf(unsigned *o, int &k, float v) { o[k++] = __float_as_uint(v); }
__device__ static void putd(unsigned *o, int &k, double v)
{
    unsigned long long u = (unsigned long long)__double_as_longlong(v);
    o[k++] = (unsigned)u;
    o[k++] = (unsigned)(u >> 32);
}
__device__ static void putl(unsigned *o, int &k, unsigned long long v)
{
    o[k++] = (unsigned)v;
    o[k++] = (unsigned)(v >> 32);
}

extern "C" __global__ void intrin(const float *in, unsigned *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float a = in[i], b = in[(i * 7 + 3) % n], c = in[(i * 13 + 5) % n];
    double da = i & 1 ? (double)a / 3.0 + (double)b : (double)a;
    double db = (double)b / 7.0, dc = (double)c;
    int ia = __float_as_int(a);
    long long la = (long long)((unsigned long long)(unsigned)ia << 32 | (unsigned)__float_as_int(b));
    unsigned *o = out + i * NOUT;
    int k = 0;
    /* single precision, each rounding */
    putf(o, k, __fadd_rz(a, b)); putf(o, k, __fadd_ru(a, b)); putf(o, k, __fadd_rd(a, b));
    putf(o, k, __fsub_rz(a, b)); putf(o, k, __fsub_ru(a, b)); putf(o, k, __fsub_rd(a, b));
    putf(o, k, __fmul_rz(a, b)); putf(o, k, __fmul_ru(a, b)); putf(o, k, __fmul_rd(a, b));
    putf(o, k, __fdiv_rz(a, b)); putf(o, k, __fdiv_ru(a, b)); putf(o, k, __fdiv_rd(a, b));
    putf(o, k, __frcp_rz(a)); putf(o, k, __frcp_ru(a)); putf(o, k, __frcp_rd(a));
    putf(o, k, __fsqrt_rz(a)); putf(o, k, __fsqrt_ru(a)); putf(o, k, __fsqrt_rd(a));
    putf(o, k, __fmaf_rz(a, b, c)); putf(o, k, __fmaf_ru(a, b, c)); putf(o, k, __fmaf_rd(a, b, c));
    /* double precision */
    putd(o, k, __dadd_rz(da, db)); putd(o, k, __dadd_ru(da, db)); putd(o, k, __dadd_rd(da, db));
    putd(o, k, __dsub_rn(da, db)); putd(o, k, __dsub_rz(da, db)); putd(o, k, __dsub_ru(da, db));
    putd(o, k, __dsub_rd(da, db));
    putd(o, k, __dmul_rz(da, db)); putd(o, k, __dmul_ru(da, db)); putd(o, k, __dmul_rd(da, db));
    putd(o, k, __ddiv_rn(da, db)); putd(o, k, __ddiv_rz(da, db)); putd(o, k, __ddiv_ru(da, db));
    putd(o, k, __ddiv_rd(da, db));
    putd(o, k, __drcp_rn(da)); putd(o, k, __drcp_rz(da)); putd(o, k, __drcp_ru(da)); putd(o, k, __drcp_rd(da));
    putd(o, k, __dsqrt_rn(da)); putd(o, k, __dsqrt_rz(da)); putd(o, k, __dsqrt_ru(da));
    putd(o, k, __dsqrt_rd(da));
    putd(o, k, __fma_rn(da, db, dc)); putd(o, k, __fma_rz(da, db, dc)); putd(o, k, __fma_ru(da, db, dc));
    putd(o, k, __fma_rd(da, db, dc));
    /* to float and double, each rounding */
    putf(o, k, __int2float_rz(ia)); putf(o, k, __int2float_ru(ia)); putf(o, k, __int2float_rd(ia));
    putf(o, k, __uint2float_rz((unsigned)ia)); putf(o, k, __uint2float_ru((unsigned)ia));
    putf(o, k, __uint2float_rd((unsigned)ia));
    putf(o, k, __ll2float_rn(la)); putf(o, k, __ll2float_rz(la)); putf(o, k, __ll2float_ru(la));
    putf(o, k, __ll2float_rd(la));
    putf(o, k, __ull2float_rn((unsigned long long)la)); putf(o, k, __ull2float_rz((unsigned long long)la));
    putf(o, k, __ull2float_ru((unsigned long long)la)); putf(o, k, __ull2float_rd((unsigned long long)la));
    putf(o, k, __double2float_rn(da)); putf(o, k, __double2float_rz(da)); putf(o, k, __double2float_ru(da));
    putf(o, k, __double2float_rd(da));
    putd(o, k, __ll2double_rn(la)); putd(o, k, __ll2double_rz(la)); putd(o, k, __ll2double_ru(la));
    putd(o, k, __ll2double_rd(la));
    putd(o, k, __ull2double_rn((unsigned long long)la)); putd(o, k, __ull2double_rz((unsigned long long)la));
    putd(o, k, __ull2double_ru((unsigned long long)la)); putd(o, k, __ull2double_rd((unsigned long long)la));
    putd(o, k, __int2double_rn(ia)); putd(o, k, __uint2double_rn((unsigned)ia));
    /* to integers, each rounding (a scaled so that halfway cases occur) */
    float s = a * 2.5f;
    o[k++] = __float2uint_ru(s); o[k++] = __float2uint_rd(s);
    putl(o, k, (unsigned long long)__float2ll_rn(s)); putl(o, k, (unsigned long long)__float2ll_rz(s));
    putl(o, k, (unsigned long long)__float2ll_ru(s)); putl(o, k, (unsigned long long)__float2ll_rd(s));
    putl(o, k, __float2ull_rn(s)); putl(o, k, __float2ull_rz(s)); putl(o, k, __float2ull_ru(s));
    putl(o, k, __float2ull_rd(s));
    double ds = da * 2.5;
    o[k++] = (unsigned)__double2int_ru(ds); o[k++] = (unsigned)__double2int_rd(ds);
    o[k++] = __double2uint_rn(ds); o[k++] = __double2uint_rz(ds); o[k++] = __double2uint_ru(ds);
    o[k++] = __double2uint_rd(ds);
    putl(o, k, (unsigned long long)__double2ll_rn(ds)); putl(o, k, (unsigned long long)__double2ll_rz(ds));
    putl(o, k, (unsigned long long)__double2ll_ru(ds)); putl(o, k, (unsigned long long)__double2ll_rd(ds));
    putl(o, k, __double2ull_rn(ds)); putl(o, k, __double2ull_rz(ds)); putl(o, k, __double2ull_ru(ds));
    putl(o, k, __double2ull_rd(ds));
    /* the halves of a double, the byte dot products */
    o[k++] = (unsigned)__double2hiint(da); o[k++] = (unsigned)__double2loint(da);
    putd(o, k, __hiloint2double(ia, __float_as_int(b)));
    int ib = __float_as_int(b), ic = __float_as_int(c);
    o[k++] = (unsigned)__dp4a(ia, ib, ic); o[k++] = __dp4a((unsigned)ia, (unsigned)ib, (unsigned)ic);
    o[k++] = (unsigned)__dp2a_lo(ia, ib, ic); o[k++] = (unsigned)__dp2a_hi(ia, ib, ic);
    o[k++] = __dp2a_lo((unsigned)ia, (unsigned)ib, (unsigned)ic);
    o[k++] = __dp2a_hi((unsigned)ia, (unsigned)ib, (unsigned)ic);
    char4 ca = make_char4((signed char)ia, (signed char)(ia >> 8), (signed char)(ia >> 16), (signed char)(ia >> 24));
    char4 cb = make_char4((signed char)ib, (signed char)(ib >> 8), (signed char)(ib >> 16), (signed char)(ib >> 24));
    o[k++] = (unsigned)__dp4a(ca, cb, 7);
    /* the math functions: sin(pi x) and cos(pi x), norms, rcbrt, the
     * inverse error functions and the normal distribution on y = a/(1+|a|)
     * (in [-1, 1]; NaN for NaN and infinities), erfcx, the Bessel functions */
    float y = a / (1.0f + fabsf(a)), sp, cp;
    putf(o, k, sinpif(a)); putf(o, k, cospif(a)); sincospif(b, &sp, &cp); putf(o, k, sp); putf(o, k, cp);
    putd(o, k, sinpi(da)); putd(o, k, cospi(da));
    putf(o, k, norm3df(a, b, c)); putf(o, k, rnorm3df(a, b, c)); putf(o, k, rhypotf(a, b)); putf(o, k, rcbrtf(a));
    putf(o, k, erfinvf(y)); putf(o, k, erfcinvf(1.0f + y)); putf(o, k, erfcinvf(1.0f - y));
    putf(o, k, normcdff(a)); putf(o, k, normcdfinvf(0.5f + 0.5f * y)); putf(o, k, erfcxf(a));
    putf(o, k, j0f(a)); putf(o, k, j1f(a)); putf(o, k, y0f(a)); putf(o, k, y1f(a)); putd(o, k, j0(da));
    putf(o, k, jnf(2, a)); putf(o, k, ynf(3, a)); putd(o, k, jn(5, da)); putd(o, k, yn(i % 4, da));
    while (k < NOUT) o[k++] = 0xdeadbeefu;
}
