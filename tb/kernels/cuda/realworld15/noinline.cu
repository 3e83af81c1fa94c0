/* SPDX-License-Identifier: Apache-2.0 */
/* noinline.cu -- out-of-line device functions as a reviewer keeps them to
 * hold code size down: __noinline__ functions with loops, each reached
 * from several call sites (clang keeps them as .func and emits `call`):
 * gcd (Euclid's loop, by value), isqrt (a bit-by-bit square root, a loop
 * of 16 trips), lcm_sat (calls gcd: a nested call, returns early when it
 * would overflow) and digits (a loop writing through a pointer argument
 * into the caller's local array, returning a count); called at the
 * kernel's top, inside a divergent branch, inside a data-dependent loop
 * and in both arms of a conditional.  1 CTA of 96 threads over random
 * words.  Plain C++: the host reference runs the same source. */

__device__ __noinline__ unsigned gcd(unsigned a, unsigned b)
{
    while (b) {
        const unsigned t = a % b;
        a = b;
        b = t;
    }
    return a;
}

__device__ __noinline__ unsigned isqrt(unsigned v)
{
    unsigned r = 0;
    for (int bit = 15; bit >= 0; bit--) {
        const unsigned c = r | (1u << bit);
        if (c * c <= v) r = c;
    }
    return r;
}

__device__ __noinline__ unsigned lcm_sat(unsigned a, unsigned b)
{
    if (a == 0 || b == 0) return 0;
    const unsigned long long l = (unsigned long long)(a / gcd(a, b)) * b;
    if (l > 0xffffffffull) return 0xffffffffu;
    return (unsigned)l;
}

/* the base-10 digits of v, least significant first, into d; their count */
__device__ __noinline__ int digits(unsigned v, unsigned char *d)
{
    int n = 0;
    do {
        d[n++] = (unsigned char)(v % 10);
        v /= 10;
    } while (v);
    return n;
}

extern "C" __global__ void noinline_k(const unsigned *__restrict__ in, unsigned *out)
{
    const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    const unsigned a = in[t] % 100000 + 1, b = in[(t + 1) % 96] % 5000 + 1;
    unsigned *o = out + 8 * t;
    o[0] = gcd(a, b);
    o[1] = isqrt(a);
    unsigned acc = 1;
    if (a & 1) acc = lcm_sat(a, b);       /* a divergent branch */
    else acc = gcd(a * 3, b * 3) + isqrt(b); /* the other arm: both functions again */
    o[2] = acc;
    unsigned steps = 0, x = a;
    while (x > 1 && steps < 40) { /* a data-dependent loop around calls */
        x = isqrt(x) + gcd(x, 360) - 1;
        steps++;
    }
    o[3] = steps;
    o[4] = x;
    unsigned char d[10];
    const int n = digits(a, d);
    unsigned rev = 0, sum = 0;
    for (int i = 0; i < n; i++) {
        rev = rev * 10 + d[i];
        sum += d[i];
    }
    o[5] = rev;
    o[6] = digits(sum * 1000 + n, d) * 100 + d[0];
    o[7] = lcm_sat(gcd(a, 720720), isqrt(b) + 1);
}
