/* SPDX-License-Identifier: Apache-2.0 */
/* bitops.cu -- the CUDA integer and conversion intrinsics on random words
 * read as floats (NaN, infinities, subnormals and both zeros among them):
 * __popc, __clz, __ffs, __brev, __umulhi, __mulhi, __popcll, __clzll,
 * __saturatef (cvt.sat), __float2int_rn/_rz (cvt.rni/rzi: saturating, NaN
 * to 0), __float_as_uint, read through __ldg (ld.global.nc), under
 * __launch_bounds__ (.maxntid).  Eight words out per element; the
 * elements past n leave early.  A grey-code search loop (data-dependent
 * trip count) ends each thread. */
extern "C" __global__ void __launch_bounds__(64) bitops(const float *__restrict__ a, unsigned *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = __ldg(&a[i]);
    unsigned u = __float_as_uint(v);
    unsigned long long w = (unsigned long long)u << (i & 31) | (unsigned)i;
    out[i * 8 + 0] = __popc(u) | (unsigned)__popcll(w) << 8;
    out[i * 8 + 1] = __clz((int)u) | (unsigned)__clzll((long long)w) << 8 | (unsigned)__ffs((int)u) << 16;
    out[i * 8 + 2] = __brev(u);
    out[i * 8 + 3] = __umulhi(u, 0x9e3779b9u) ^ (unsigned)__mulhi((int)u, -1640531527);
    out[i * 8 + 4] = __float_as_uint(__saturatef(v));
    out[i * 8 + 5] = (unsigned)__float2int_rn(v * 100.0f);
    out[i * 8 + 6] = (unsigned)__float2int_rz(v) ^ __float_as_uint(__int2float_rn((int)u));
    unsigned g = u, steps = 0;
    while (g && steps < 40) {
        g &= g - 1;
        g ^= g >> 7;
        steps++;
    }
    out[i * 8 + 7] = steps;
}
