/* SPDX-License-Identifier: Apache-2.0 */
/* idioms2.cu -- more idioms of the same survey (docs/ptx.md, "ptxgaps"):
 * unsigned __int128 multiply, add and subtract (carries through setp and
 * selp), nextafterf, remquof (its quotient with a NaN operand: 0 on both
 * sides), sincospif, __dp4a and __dp2a_lo/_hi, a local array indexed at run
 * time, a struct with bit fields copied, unsigned char and short
 * arithmetic, a switch in a __noinline__ function (a call), a __constant__
 * table, a float4 load, __builtin_assume and __builtin_expect, a global
 * atomic counter, clock64(), clock() and __nanosleep(), double fma, division
 * and sqrt, llrint/lrintf, 64-bit conversions both ways, min/max/abs/llabs,
 * the cache-hint loads and stores (__ldcg ... __stwt) and the scoped
 * atomics (atomicAdd_block, atomicMax_system, ...). */
struct P { unsigned char a : 3, b : 5; short s; float f; };
__constant__ int ctab[8] = {3, 1, 4, 1, 5, 9, 2, 6};
__device__ int gcount;
__device__ __noinline__ unsigned sel(unsigned x, int k)
{
    switch (k & 7) {
    case 0: return x + 1; case 1: return x * 3; case 2: return x ^ 0x55; case 3: return x >> 3;
    case 4: return x << 2; case 5: return ~x; case 6: return x - 9; default: return x | 1;
    }
}
extern "C" __global__ void idioms2(const unsigned *in, unsigned *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned a = in[i], b = in[(i * 7 + 3) % n], c = in[(i * 13 + 5) % n];
    unsigned long long A = (unsigned long long)a << 32 | b, B = (unsigned long long)c << 32 | a;
    unsigned *o = out + i * 64;
    int k = 0;
    unsigned __int128 m = (unsigned __int128)A * B;
    o[k++] = (unsigned)m; o[k++] = (unsigned)(m >> 32); o[k++] = (unsigned)(m >> 64); o[k++] = (unsigned)(m >> 96);
    unsigned __int128 s = m + ((unsigned __int128)B << 64 | A);
    o[k++] = (unsigned)s; o[k++] = (unsigned)(s >> 32); o[k++] = (unsigned)(s >> 64); o[k++] = (unsigned)(s >> 96);
    __int128 d = (__int128)(long long)A - (__int128)m;
    o[k++] = (unsigned)d; o[k++] = (unsigned)(d >> 96);
    float f = __uint_as_float(a & 0x7fffffff), g = __uint_as_float(b);
    o[k++] = __float_as_uint(nextafterf(f, g));
    int q; o[k++] = __float_as_uint(remquof(f, g, &q)); o[k++] = (unsigned)q;
    float sp, cp; sincospif(g, &sp, &cp); o[k++] = __float_as_uint(sp); o[k++] = __float_as_uint(cp);
    o[k++] = (unsigned)__dp4a((int)a, (int)b, (int)c); o[k++] = __dp4a(a, b, c);
    o[k++] = (unsigned)__dp2a_lo((int)a, (int)b, (int)c); o[k++] = __dp2a_hi(a, b, c);
    /* local array with dynamic index, struct with bit fields, unsigned char / short math */
    unsigned loc[16];
    for (int j = 0; j < 16; j++) loc[j] = a * j + b;
    o[k++] = loc[c & 15] + loc[(c >> 4) & 15];
    P p; p.a = a; p.b = b; p.s = (short)c; p.f = f;
    P p2 = p; p2.b += 3;
    o[k++] = p2.a | p2.b << 3 | (unsigned)(unsigned short)p2.s << 8;
    unsigned char uc = (unsigned char)a; uc = uc * 3 + (unsigned char)b; short sh = (short)a; sh = (short)(sh * -7 / 3);
    o[k++] = uc | (unsigned)(unsigned short)sh << 8;
    o[k++] = sel(a, (int)b) + ctab[c & 7];
    float4 v = reinterpret_cast<const float4 *>(in)[i & 15];
    o[k++] = __float_as_uint(v.x) ^ __float_as_uint(v.w);
    __builtin_assume(n > 0);
    if (__builtin_expect(a == 0, 0)) o[k] = 1;
    k++;
    atomicAdd(&gcount, 1);
    o[k++] = (unsigned)(clock64() >= 0) + (unsigned)(clock() >= 0); __nanosleep(100);
    double x = (double)a * 1e-3, y = (double)b * 1e-5;
    o[k++] = (unsigned)(__double_as_longlong(fma(x, y, -x)) >> 20);
    o[k++] = (unsigned)(__double_as_longlong(__ddiv_rn(x, y + 1.0)) >> 12);
    o[k++] = (unsigned)(__double_as_longlong(sqrt(x)) >> 8);
    o[k++] = (unsigned)llrint(x) ^ (unsigned)lrintf(f * 0.5f);
    o[k++] = (unsigned)(long long)(x * -3.0) ^ (unsigned)(unsigned long long)y;
    o[k++] = __float_as_uint((float)A) ^ __float_as_uint((float)(long long)B);
    o[k++] = (unsigned)(__double_as_longlong((double)A) >> 11);
    o[k++] = (unsigned)min(a, b) ^ (unsigned)max((int)a, (int)c) ^ (unsigned)abs((int)b);
    o[k++] = (unsigned)llabs((long long)A) ^ (unsigned)(max(A, B) >> 7) ^ (unsigned)min((long long)A, (long long)B);
    /* the cache-hint loads and stores and the scoped atomics (warphw_extra.h);
     * the atomics on thread 0's unused words 60..63 */
    unsigned h = __ldcg(&in[i]) + __ldca(&in[(i + 1) % n]) + __ldcs(&in[(i + 2) % n]) + __ldlu(&in[(i + 3) % n]) +
                 __ldcv(&in[(i + 4) % n]);
    __stcg(&o[k++], h); __stcs(&o[k++], h ^ 1); __stwt(&o[k++], h ^ 2); __stwb(&o[k++], h ^ 3);
    atomicAdd_block(&out[60], 1u); atomicMax_system(&out[61], h >> 8);
    atomicOr_block(&out[62], 1u << (i & 31)); atomicCAS_system(&out[63], 0u, 7u);
}
