/* SPDX-License-Identifier: Apache-2.0 */
/* idioms1.cu -- ordinary CUDA idioms of a survey of clang 14's PTX at
 * -O0..-O3 and sm_50..sm_86 (docs/ptx.md, "ptxgaps"): __byte_perm with a
 * run-time and two constant selectors (prmt), the funnel shifts (shf
 * .wrap/.clamp), __brevll, __ffsll, __popcll, __clzll, __mul24, __umul24,
 * __sad, __usad, __hadd, __rhadd, __mulhi, __umulhi, __umul64hi,
 * __mul64hi, __hiloint2double, __double2hiint/loint, __fdividef,
 * __saturatef, __frcp_rn, __dadd_rn, fminf/fmaxf with NaN operands,
 * copysignf, frexpf, ldexpf, integer division and remainder by constants
 * (mul.hi) and by run-time 64-bit values, compares stored as ints, isnan
 * and kin.  64 words out per thread (the unused ones stay 0); the first
 * inputs are edges (0, all ones, the sign bit, +-inf, NaN, 1, the least
 * normal, +-1.0f). */
extern "C" __global__ void idioms1(const unsigned *in, unsigned *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned a = in[i], b = in[(i * 7 + 3) % n], c = in[(i * 13 + 5) % n];
    unsigned long long A = (unsigned long long)a << 32 | b, B = (unsigned long long)c << 32 | a;
    unsigned *o = out + i * 64;
    int k = 0;
    o[k++] = __byte_perm(a, b, c);
    o[k++] = __byte_perm(a, b, 0x3210);
    o[k++] = __byte_perm(a, b, 0x7531);
    o[k++] = __funnelshift_l(a, b, c);
    o[k++] = __funnelshift_r(a, b, c);
    o[k++] = __funnelshift_lc(a, b, c);
    o[k++] = __funnelshift_rc(a, b, c);
    unsigned long long r = __brevll(A); o[k++] = (unsigned)r; o[k++] = (unsigned)(r >> 32);
    o[k++] = __ffsll((long long)A) | __popcll(A) << 8 | __clzll((long long)B) << 16;
    o[k++] = __mul24((int)a, (int)b); o[k++] = __umul24(a, b);
    o[k++] = __sad((int)a, (int)b, c); o[k++] = __usad(a, b, c);
    o[k++] = __hadd((int)a, (int)b); o[k++] = __rhadd((int)a, (int)b);
    o[k++] = __mulhi((int)a, (int)b); o[k++] = __umulhi(a, b);
    r = __umul64hi(A, B); o[k++] = (unsigned)r; o[k++] = (unsigned)(r >> 32);
    r = (unsigned long long)__mul64hi((long long)A, (long long)B); o[k++] = (unsigned)r; o[k++] = (unsigned)(r >> 32);
    double d = __hiloint2double((int)a, (int)b);
    o[k++] = (unsigned)__double2hiint(d) ^ (unsigned)__double2loint(d * 0.5);
    float f = __int_as_float((int)(a & 0x7fffffff)), g = __uint_as_float(b);
    o[k++] = __float_as_uint(__fdividef(f, 3.0f));
    o[k++] = __float_as_uint(__saturatef(g));
    o[k++] = __float_as_uint(__frcp_rn(f));
    d = __dadd_rn((double)f, (double)g); o[k++] = (unsigned)__double_as_longlong(d); o[k++] = (unsigned)(__double_as_longlong(d) >> 32);
    o[k++] = __float_as_uint(fminf(f, g)); o[k++] = __float_as_uint(fmaxf(g, f));
    o[k++] = __float_as_uint(copysignf(f, g));
    int e; o[k++] = __float_as_uint(frexpf(g, &e)); o[k++] = (unsigned)e;
    o[k++] = __float_as_uint(ldexpf(f, (int)(c & 63) - 32));
    /* integer division by constants, 64-bit rem, signed */
    o[k++] = a / 7u; o[k++] = a % 10u; o[k++] = (unsigned)((int)a / 3); o[k++] = (unsigned)((int)a % -5);
    r = A / 1000000007ull; o[k++] = (unsigned)r; o[k++] = (unsigned)(r >> 32);
    r = A % (B | 1); o[k++] = (unsigned)r; o[k++] = (unsigned)(r >> 32);
    long long sr = (long long)A % -(long long)(c | 1); o[k++] = (unsigned)sr; o[k++] = (unsigned)((unsigned long long)sr >> 32);
    /* compares stored as ints, !x */
    o[k++] = (unsigned)((int)a < (int)b) | (unsigned)(a < b) << 1 | (unsigned)(!a) << 2 | (unsigned)(f < g) << 3 | (unsigned)(f != f) << 4;
    o[k++] = (unsigned)-(int)(f <= g);
    o[k++] = (unsigned)(isnan(g) + 2 * isinf(g) + 4 * isfinite(g) + 8 * signbit(g));
    o[k++] = __brev(a) ^ __popc(b) ^ __clz((int)c) ^ __ffs((int)a);
}
