/* SPDX-License-Identifier: Apache-2.0 */
/* libdev.cu -- the math functions CUDA takes from libdevice, which the
 * project's header provides itself (tb/cuda/warphw_math.h: powf, __powf,
 * fmodf, ldexpf, frexpf, expm1f, log1pf, sinhf, coshf, tanhf, erff, atanf,
 * atan2f, asinf, acosf, cbrtf, hypotf, tanf, sincosf, __fmaf_rn,
 * __frsqrt_rn, and exp, log, pow, exp2, log2, log10, sin, cos, tan,
 * sincos, atan, atan2, asin, acos on double), each on every thread's operands: the
 * special values (zeros, infinities, NaN, +-1, the extremes, subnormals) in
 * the first threads, random bit patterns and ordinary values in the
 * others.  The device must give the host reference's bits; the functions'
 * loops (fmodf's long division, erff's series) and early returns make the
 * warps diverge. */
__device__ unsigned hashu(unsigned x)
{
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    return x;
}
/* the special operands as bits (a NaN written 0.0f / 0.0f would get the
 * host compiler's sign, not the device compiler's) */
__constant__ unsigned special[24] = {0x00000000u, 0x80000000u, 0x3f800000u, 0xbf800000u, 0x7f800000u,
                                     0xff800000u, 0x7fc00000u, 0x7f7fffffu, 0xff7fffffu, 0x00800000u,
                                     0x00000001u, 0x80000001u, 0x3f000000u, 0xbf000000u, 0x40000000u,
                                     0xc0000000u, 0x40400000u, 0xc0400000u, 0x3e800000u, 0x41200000u,
                                     0xc2c80000u, 0x1e3ce508u, 0x42b16666u, 0xc2b16666u};

extern "C" __global__ void libdev(float *fo, double *dout, int *io)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned h = hashu((unsigned)t * 2654435761u + 12345u), g = hashu(h);
    float x, y;
    if (t < 24) {
        x = __uint_as_float(special[t]);
        y = __uint_as_float(special[(t * 7 + 3) % 24]);
    } else if (t & 1) {
        x = __uint_as_float(h);
        y = __uint_as_float(g);
    } else {
        x = (float)((int)(h % 4001u) - 2000) / 256.0f;
        y = (float)((int)(g % 61u) - 30) / ((g & 64u) ? 1.0f : 8.0f);
    }
    float s = x * 0.0078125f; /* |s| <= 8 for the ordinary values: erff, tanhf, asinf in range */
    float *o = fo + t * 23;
    int e = 0;
    o[0] = powf(x, y);
    o[1] = __powf(fabsf(x), y);
    o[2] = fmodf(x, y);
    o[3] = ldexpf(x, (int)(g % 81u) - 40);
    o[4] = frexpf(x, &e);
    o[5] = expm1f(s);
    o[6] = log1pf(x);
    o[7] = sinhf(s);
    o[8] = coshf(s);
    o[9] = tanhf(s);
    o[10] = erff(s);
    o[11] = atanf(x);
    o[12] = atan2f(y, x);
    o[13] = asinf(s * 0.125f);
    o[14] = acosf(s * 0.125f);
    o[15] = cbrtf(x);
    o[16] = hypotf(x, y);
    o[17] = tanf(s);
    o[18] = __frsqrt_rn(x);
    o[19] = fmodf(y, s);
    sincosf(s, &o[20], &o[21]);
    o[22] = __fmaf_rn(x, y, s);
    io[t] = e;
    double dx = (double)x, dy = (double)y;
    double *d = dout + t * 15;
    d[0] = exp((double)s * 4.0);
    d[1] = log(dx);
    d[2] = pow(dx, dy);
    d[3] = exp2((double)s * 8.0);
    d[4] = log2(dx);
    d[5] = log10(dx);
    /* sin: the random bit patterns reach 3e38, the large-argument
     * reduction (warphw_rem_pio2); the others on s (|s| <= 8 for the
     * ordinary values), the short one */
    d[6] = sin(dx);
    sincos((double)s * 3.0, &d[7], &d[8]); /* sin and cos's kernels, one reduction */
    d[9] = tan((double)s * 0.5);
    d[10] = atan(dx);
    d[11] = atan2(dy, dx);
    d[12] = asin((double)s * 0.125);
    d[13] = acos((double)s * 0.125);
    d[14] = cos((double)s * 100.0);
}
