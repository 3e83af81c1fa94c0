/* SPDX-License-Identifier: Apache-2.0 */
/* half.cu -- half precision through <cuda_fp16.h> (tb/cuda/include): the
 * intrinsics on random bit patterns read as halves (NaNs with payloads,
 * infinities, subnormals and both zeros among them) and random floats
 * converted in every rounding mode; a mixed-precision dot product (half
 * inputs, f32 products summed by a shared-memory tree); an AXPY in half
 * (fma.rn.f16, with a data-dependent clamp); a 3-tap filter on __half2
 * pixel pairs (add/mul/fma on .f16x2) with clamped borders; bfloat16
 * (<cuda_bf16.h>) arithmetic and conversions on the same random words.  The host
 * reference runs the same source with the header's host half, which calls
 * the simulator's own conversion and rounding code: every bit compared. */
#include <cuda_bf16.h>
#include <cuda_fp16.h>

static __device__ unsigned hb(__half h) { return __half_as_ushort(h); }
static __device__ unsigned h2b(__half2 v) { return hb(__low2half(v)) | hb(__high2half(v)) << 16; }

extern "C" __global__ void half_mix(const unsigned *rnd, unsigned *out, float *dot, unsigned short *axpy,
                                    unsigned *img, unsigned *bf, int n)
{
    __shared__ float part[64];
    int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
    float prod = 0.0f;
    if (i < n) {
        unsigned r1 = rnd[i], r2 = rnd[i + n], r3 = rnd[i + 2 * n];
        __half a = __ushort_as_half((unsigned short)r1), b = __ushort_as_half((unsigned short)(r1 >> 16));
        __half c = __ushort_as_half((unsigned short)r2);
        float f = __uint_as_float((r3 & 0x87ffffffu) | 0x30000000u); /* 2^-31 .. 2^32: half's whole range */
        unsigned *o = out + 8 * i;
        o[0] = hb(__hadd(a, b)) | hb(__hmul(a, b)) << 16;
        o[1] = hb(__hfma(a, b, c)) | hb(__hsub(a, c)) << 16;
        o[2] = hb(__hmin(a, c)) | hb(__hmax(b, c)) << 16;
        o[3] = __hlt(a, b) | __hle(a, b) << 1 | __heq(a, c) << 2 | __hne(b, c) << 3 | __hgt(a, c) << 4 |
               __hge(b, a) << 5 | __hltu(a, b) << 6 | __hneu(a, c) << 7 | __hisnan(a) << 8 | __hisinf(b) << 9 |
               (a < b) << 10 | (a != b) << 11;
        o[4] = hb(__float2half_rn(f)) | hb(__float2half_rz(-f)) << 16;
        o[5] = hb(__float2half_rd(f)) | hb(__float2half_ru(-f)) << 16;
        o[6] = __float_as_uint(__half2float(a)) ^ (unsigned)__half2int_rz(b) ^ (unsigned)__half2int_rn(c) << 3;
        o[7] = hb(__hdiv(a, c)) | hb(__hadd_sat(a, b)) << 16;
        /* data-dependent paths: the comparisons steer them */
        if (__hlt(a, b)) o[7] ^= hb(__hfma_sat(a, b, c)) << 8;
        else if (__hisnan(c)) o[6] ^= 0x5a5a0000u;
        /* the dot product's inputs: small values, exactly halves */
        __half x = __int2half_rn((int)(r2 >> 16) % 2001 - 1000) * __float2half(0.0625f);
        __half y = __float2half((float)((int)(r3 % 401u) - 200) * 0.03125f);
        prod = __half2float(x) * __half2float(y);
        /* AXPY in half: alpha x + y, clamped below when it goes negative */
        __half z = __hfma(__float2half(0.75f), x, y);
        if (z < __float2half(0.0f)) z = __hneg(z) * __float2half(0.5f);
        axpy[i] = hb(z);
        /* bfloat16: random bit patterns and the float f */
        __nv_bfloat16 p = __ushort_as_bfloat16((unsigned short)r2), q = __ushort_as_bfloat16((unsigned short)(r3 >> 8));
        __nv_bfloat16 w = __hfma(p, q, __float2bfloat16(f));
        bf[2 * i] = __bfloat16_as_ushort(w) | (unsigned)__bfloat16_as_ushort(__hadd(p, q) * __hsub(q, p)) << 16;
        bf[2 * i + 1] = __bfloat16_as_ushort(__float2bfloat16_rz(f)) | (unsigned)__bfloat16_as_ushort(__hmin(p, -q)) << 16;
        if (p < q) bf[2 * i + 1] ^= __float_as_uint(__bfloat162float(__hdiv(q, __habs(p))));
    }
    part[t] = prod;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (t < s) part[t] += part[t + s];
        __syncthreads();
    }
    if (t == 0) dot[blockIdx.x] = part[0];
    /* the filter: pixel pairs p[i] = 0.25 p[i-1] + 0.5 p[i] + 0.25 p[i+1],
     * borders clamped; the pixels are the random words' halves scaled down */
    if (i < n) {
        int l = i > 0 ? i - 1 : 0, r = i < n - 1 ? i + 1 : n - 1;
        __half2 q = __float2half2_rn(0.25f), h = __float2half2_rn(0.5f), s = __float2half2_rn(0.0039f);
        __half2 pl = __halves2half2(__int2half_rn((int)(rnd[l] & 255)), __int2half_rn((int)(rnd[l] >> 24)));
        __half2 pc = __halves2half2(__int2half_rn((int)(rnd[i] & 255)), __int2half_rn((int)(rnd[i] >> 24)));
        __half2 pr = __halves2half2(__int2half_rn((int)(rnd[r] & 255)), __int2half_rn((int)(rnd[r] >> 24)));
        __half2 v = __hfma2(q, pl, __hfma2(h, pc, __hmul2(q, pr)));
        v = __hmax2(__hsub2(v * s, __float2half2_rn(0.25f)), __hneg2(__habs2(pc - pc)));
        img[i] = h2b(v + __half2half2(__low2half(v)));
    }
}
