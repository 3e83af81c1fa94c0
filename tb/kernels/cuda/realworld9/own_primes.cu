/* SPDX-License-Identifier: Apache-2.0 */
/* own_primes.cu -- the reviewer's own prelude (no project header), issue
 * 25's command: a primality sieve for 32-bit candidates as number-theory
 * kernels write it, one thread a candidate in a grid-stride loop.  Trial
 * division by the odd primes below 64 with a multiply-high reciprocal
 * (q = umulhi(n, m) >> s, checked and corrected: Granlund-Montgomery),
 * then Miller-Rabin with the bases 2, 7 and 61 (exact below 4759123141):
 * n - 1 = d 2^r (r from ffs), a modular power by square-and-multiply over
 * d's bits (walked from the top through brev), 64-bit products reduced by
 * 64-bit remainder.  Each candidate writes whether it is prime, which
 * witness (a base, or a small prime divisor) showed it composite, and a
 * fingerprint that mixes the integer intrinsics (byte_perm, a funnel
 * shift, sad, signed and unsigned 64-bit division and remainder); the
 * primes are counted with atomicAdd.  Without the project header the
 * intrinsics are inline PTX (mul.hi, prmt, shf.l.wrap, sad) and clang
 * built-ins (bitreverse, ffs), as CUDA's own headers define them; the host
 * reference (with the header) takes CUDA's names. */
#ifndef WARPHW_CUDA_H
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
static __device__ unsigned umulhi(unsigned a, unsigned b)
{
    unsigned r;
    asm("mul.hi.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b));
    return r;
}
static __device__ unsigned byte_perm(unsigned a, unsigned b, unsigned s)
{
    unsigned r;
    asm("prmt.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(s));
    return r;
}
static __device__ unsigned fshl(unsigned lo, unsigned hi, unsigned s)
{
    unsigned r;
    asm("shf.l.wrap.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(lo), "r"(hi), "r"(s));
    return r;
}
static __device__ unsigned sad(int a, int b, unsigned c)
{
    unsigned r;
    asm("sad.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c));
    return r;
}
static __device__ unsigned brev(unsigned a) { return __builtin_bitreverse32(a); }
static __device__ int ffs(int a) { return __builtin_ffs(a); }
static __device__ unsigned add_u32(unsigned *p, unsigned v) { return __nvvm_atom_add_gen_i((int *)p, (int)v); }
#define TID __nvvm_read_ptx_sreg_tid_x()
#define NTID __nvvm_read_ptx_sreg_ntid_x()
#define CTAID __nvvm_read_ptx_sreg_ctaid_x()
#define NCTAID __nvvm_read_ptx_sreg_nctaid_x()
#else
#define umulhi __umulhi
#define byte_perm __byte_perm
#define fshl __funnelshift_l
#define sad __sad
#define brev __brev
#define ffs __ffs
#define add_u32 atomicAdd
#define TID threadIdx.x
#define NTID blockDim.x
#define CTAID blockIdx.x
#define NCTAID gridDim.x
#endif

/* the odd primes below 64 */
__device__ const unsigned small_p[17] = {3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61};

__device__ unsigned powmod(unsigned long long a, unsigned d, unsigned n)
{
    unsigned long long r = 1;
    unsigned rev = brev(d); /* d's bits from the top, as the low bits of rev */
    int bits = 32 - __builtin_clz(d);
    rev >>= 32 - bits;
    for (int i = 0; i < bits; i++) {
        r = r * r % n;
        if (rev & 1) r = r * a % n;
        rev >>= 1;
    }
    return (unsigned)r;
}

__device__ int witness(unsigned a, unsigned n)
{
    const unsigned m1 = n - 1;
    const int r = ffs((int)m1) - 1; /* n - 1 = d 2^r */
    const unsigned d = m1 >> r;
    unsigned long long x = powmod(a % n, d, n);
    if (x == 1 || x == m1) return 0;
    for (int i = 1; i < r; i++) {
        x = x * x % n;
        if (x == m1) return 0;
    }
    return 1;
}

extern "C" __global__ void own_primes(unsigned base, int count, unsigned *is_prime, unsigned *why, unsigned *fp,
                                      unsigned *nprimes)
{
    for (int i = CTAID * NTID + TID; i < count; i += NCTAID * NTID) {
        const unsigned n = base + 2u * (unsigned)i; /* odd candidates */
        unsigned prime = 1, w = 0;
        for (int k = 0; k < 17 && prime; k++) {
            const unsigned p = small_p[k];
            const int s = 31 - __builtin_clz(p); /* floor(log2 p) */
            const unsigned m = (unsigned)((((unsigned long long)1 << (32 + s)) + p - 1) / p);
            unsigned q = umulhi(n, m) >> s;
            while (q * p > n) q--; /* the estimate may be one too large */
            while ((q + 1) * p <= n) q++;
            if (q * p == n && n != p) { prime = 0; w = p; }
        }
        const unsigned bases[3] = {2, 7, 61};
        for (int k = 0; k < 3 && prime; k++)
            if (bases[k] % n && witness(bases[k], n)) { prime = 0; w = bases[k] | 0x100u; }
        const unsigned long long sq = (unsigned long long)n * n;
        const long long sn = (long long)n - 0x80000000ll;
        unsigned f = byte_perm(n, w, 0x5140u) ^ fshl(brev(n), n, (unsigned)ffs((int)(n ^ (n - 1))));
        f += sad((int)n, (int)(n >> 3) - 5, (unsigned)(sq / 1000003ull));
        f ^= (unsigned)(sq % 998244353ull) + (unsigned)(sn * 12345 / -977) + (unsigned)(sn % -31);
        is_prime[i] = prime;
        why[i] = w;
        fp[i] = f;
        if (prime) add_u32(nprimes, 1u);
    }
}
