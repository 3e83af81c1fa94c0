/* SPDX-License-Identifier: Apache-2.0 */
/* mr64.cu -- the next prime after each of a set of 40-bit starting points,
 * as number-theory and cryptographic kernels search for them: one thread a
 * start, a data-dependent loop over odd candidates.  Each candidate first
 * meets trial division by the odd primes below 50 (64-bit remainders,
 * a `continue` on a hit), then Miller-Rabin with the first seven prime
 * bases (exact below 3.4e14, the starts are below 2^40) in Montgomery arithmetic: the
 * 128-bit products of `unsigned __int128` (mul.lo/mul.hi.u64 and carries),
 * the inverse of n modulo 2^64 by Newton's iteration, a base taken into
 * Montgomery form by 64 doublings, the power by square-and-multiply over
 * d's bits from the top (clzll), an early `break` out of the squarings
 * and an early `return false` out of the loop over bases.  Each thread
 * writes its prime (two words), the candidates it tried, the trial
 * divisions that rejected and the Miller-Rabin rounds run; the block
 * counts its candidates with atomicAdd. */
typedef unsigned long long u64;
typedef unsigned __int128 u128;

__constant__ unsigned small_primes[14] = {3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47};
__constant__ unsigned bases[7] = {2, 3, 5, 7, 11, 13, 17};

/* a * b / 2^64 mod n, a and b below n < 2^62 (the sum below 2^127) */
static __device__ u64 montmul(u64 a, u64 b, u64 n, u64 ninv)
{
    const u128 t = (u128)a * b;
    const u64 m = (u64)t * ninv;
    const u64 r = (u64)((t + (u128)m * n) >> 64);
    return r >= n ? r - n : r;
}

/* x 2^64 mod n by doubling, x < n < 2^62 */
static __device__ u64 to_mont(u64 x, u64 n)
{
    for (int i = 0; i < 64; i++) {
        x <<= 1;
        if (x >= n) x -= n;
    }
    return x;
}

/* Miller-Rabin with base a; n odd, n > 47, n - 1 = d 2^s */
static __device__ bool strong_probable(u64 n, u64 ninv, u64 one, u64 d, int s, unsigned a)
{
    const u64 minus_one = n - one; /* -1 in Montgomery form */
    const u64 am = to_mont(a, n);
    u64 x = one;
    for (int b = 63 - __builtin_clzll(d); b >= 0; b--) {
        x = montmul(x, x, n, ninv);
        if ((d >> b) & 1) x = montmul(x, am, n, ninv);
    }
    if (x == one || x == minus_one) return true;
    for (int r = 1; r < s; r++) {
        x = montmul(x, x, n, ninv);
        if (x == minus_one) return true;
        if (x == one) break; /* a nontrivial root of 1 */
    }
    return false;
}

static __device__ bool is_prime(u64 n, unsigned *rounds)
{
    u64 inv = n; /* n * inv = 1 mod 2^64: each step doubles the bits */
    for (int i = 0; i < 5; i++) inv *= 2 - n * inv;
    const u64 ninv = 0 - inv, one = (0 - n) % n;
    u64 d = n - 1;
    int s = 0;
    while (!(d & 1)) {
        d >>= 1;
        s++;
    }
    for (int k = 0; k < 7; k++) {
        ++*rounds;
        if (!strong_probable(n, ninv, one, d, s, bases[k])) return false;
    }
    return true;
}

extern "C" __global__ void mr64(const unsigned *seed, u64 *prime, unsigned *tried, unsigned *trial_hits,
                                unsigned *rounds, unsigned *total)
{
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    u64 n = ((u64)(seed[2 * t + 1] >> 24) << 32 | seed[2 * t]) | 1;
    if (n < 64) n += 64;
    unsigned ntried = 0, nhits = 0, nrounds = 0;
    for (;; n += 2) {
        ntried++;
        bool divisible = false;
        for (int k = 0; k < 14; k++)
            if (n % small_primes[k] == 0) {
                divisible = true;
                break;
            }
        if (divisible) {
            nhits++;
            continue;
        }
        if (is_prime(n, &nrounds)) break;
    }
    prime[t] = n;
    tried[t] = ntried;
    trial_hits[t] = nhits;
    rounds[t] = nrounds;
    atomicAdd(&total[blockIdx.x], ntried);
}
