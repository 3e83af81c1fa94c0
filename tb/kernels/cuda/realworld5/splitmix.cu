/* SPDX-License-Identifier: Apache-2.0 */
/* splitmix.cu -- 64-bit integer code of the kind hashing and random-number
 * kernels are made of (StoreGPU/MD5-style straight-line mixing, but on
 * 64-bit words): splitmix64 and a 64-bit multiply-xorshift, rotates by
 * runtime amounts (0 and 63 included), __umul64hi/__mul64hi, division and
 * remainder of signed and unsigned 64-bit values by runtime divisors
 * (negative ones too), __clzll/__popcll/__brevll/__ffsll, arithmetic right
 * shifts of negative values, conversions long long <-> double and float,
 * and a 64-bit key compared across 32-bit halves.  Each thread hashes its
 * index with a seed through sixteen rounds and writes eight words. */
typedef unsigned long long u64;
typedef long long s64;

__device__ __forceinline__ u64 rotl64(u64 x, unsigned r)
{
    r &= 63;
    return r ? (x << r) | (x >> (64 - r)) : x;
}

__device__ u64 splitmix(u64 *s)
{
    u64 z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

extern "C" __global__ void splitmix(u64 seed, const s64 *__restrict__ div, u64 *out, int n)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    if (g >= n) return;
    u64 s = seed ^ ((u64)g << 32) ^ (u64)g;
    u64 h = splitmix(&s);
    u64 acc = 0;
    u64 sacc = 0; /* signed sums, added modulo 2^64 */
#pragma unroll 4
    for (int r = 0; r < 16; r++) {
        u64 x = splitmix(&s);
        unsigned rot = (unsigned)(x >> 58) ^ (unsigned)r; /* 0..63 */
        h = rotl64(h ^ x, rot) * 0xff51afd7ed558ccdull;
        acc += __umul64hi(h, x) ^ (u64)__mul64hi((s64)h, (s64)x);
        s64 d = div[(g + r) & 15];
        s64 sv = (s64)(h ^ (h >> 17));
        /* INT64_MIN / -1 overflows (undefined in C++, the host's trap):
           not asked */
        if (d && !(d == -1 && sv == (s64)(1ull << 63)))
            sacc += (u64)(sv / d) + (u64)(sv % d);
        else
            sacc += (u64)(sv >> (r + 40));
        u64 ud = (u64)d | 1ull;
        acc ^= h / ud + h % ud;
    }
    int lz = __clzll((s64)(h >> (g & 63)));
    int pc = __popcll(acc);
    u64 br = __brevll(h);
    int fs = __ffsll((s64)(acc & 0xffff000000000000ull));
    double dd = (double)(s64)h * 1.0e-6 + (double)(acc >> 11);
    float ff = (float)(s64)sacc * 0.25f; /* in range of long long */
    u64 back = (u64)(dd < 0 ? -dd : dd);
    s64 fl = (s64)ff;
    int cmp = (s64)h < (s64)acc ? -1 : (h == acc ? 0 : 1);
    u64 *o = out + 8 * g;
    o[0] = h;
    o[1] = acc;
    o[2] = sacc;
    o[3] = br ^ ((u64)lz << 56) ^ ((u64)pc << 48) ^ ((u64)fs << 40);
    o[4] = back;
    o[5] = (u64)fl;
    o[6] = (u64)(s64)cmp;
    o[7] = (u64)((s64)h >> (g & 63)) ^ (u64)__double_as_longlong(dd);
}
