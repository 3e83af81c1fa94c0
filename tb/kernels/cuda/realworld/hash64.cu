/* SPDX-License-Identifier: Apache-2.0 */
/* hash64.cu -- 64-bit integer hashing and integer odds and ends: a
 * splitmix64/murmur-style finaliser as a __device__ helper called from
 * several places, a switch with many cases on the hash, signed and
 * unsigned division and remainder by run-time divisors (64- and 32-bit),
 * min/max/abs over mixed signed, unsigned and 64-bit types, and a bucket
 * count with 64-bit atomics. */
__device__ unsigned long long mix64(unsigned long long z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}
__device__ int op(int sel, int a, int b, long long c)
{
    switch (sel) {
    case 0: return a + b;
    case 1: return a - b;
    case 2: return a * b;
    case 3: return b ? a / b : -1;
    case 4: return b ? a % b : -2;
    case 5: return (int)(c >> 17);
    case 6: return a & b;
    case 7: return a | ~b;
    case 8: return a ^ (b << 3);
    case 9: return abs(a) - abs(b);
    case 10: return min(a, b);
    case 11: return max(a, b);
    case 12: return (int)llabs(c) % 1000;
    case 13: return (int)(c / (b | 1));
    default: return sel * 7;
    }
}
extern "C" __global__ void hash64(const unsigned long long *in, long long *out, unsigned long long *buckets,
                                  int n, unsigned udiv, int sdiv, long long ldiv)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned long long h = mix64(in[i]);
    unsigned long long h2 = mix64(h + (unsigned long long)i);
    int a = (int)h, b = (int)(h >> 40) - (1 << 22);
    long long c = (long long)h2;
    int sel = (int)(h2 % 17);
    long long r = op(sel, a, b, c);
    r += op((sel + 5) % 17, b, a, c >> 3);
    unsigned ua = (unsigned)h2 / udiv + (unsigned)h2 % udiv;
    int sa = (int)(h2 >> 32) / sdiv - (int)(h2 >> 32) % sdiv;
    long long la = c / ldiv + c % ldiv;
    unsigned long long ub = h / (unsigned long long)(udiv + 1u);
    out[4 * i] = r;
    out[4 * i + 1] = (long long)ua + sa;
    out[4 * i + 2] = la ^ (long long)ub;
    out[4 * i + 3] = max((long long)a, c >> 20) + min((unsigned long long)b, h2 >> 8) + (long long)min(ua, udiv * 3u);
    atomicAdd(&buckets[mix64(h2) & 7], 1ULL);
}
