/* SPDX-License-Identifier: Apache-2.0 */
/* persist.cu -- persistent threads over a global work queue, and the
 * 64-bit atomics real code uses.  A small grid (not a multiple of
 * anything) stays resident; each thread takes the next item with
 * atomicAdd on a global head until the queue is empty.  An item's work is
 * a data-dependent loop (a 64-bit xorshift walk of a length read from the
 * input), so threads leave the queue at different times.  Each item's
 * result goes to its own slot; the totals go through 64-bit atomics:
 * atomicAdd on unsigned long long, atomicMax/atomicMin on long long and
 * unsigned long long, atomicOr/And/Xor on unsigned long long, and the
 * classic double-precision add written as an atomicCAS loop on the bits
 * (as code for GPUs without a native double atomicAdd does; the values
 * added are small integers, so the sum is exact in any order). */
#include <cstdint>

struct Totals {
    unsigned long long steps;   /* atomicAdd u64 */
    long long maxv;             /* atomicMax s64 */
    long long minv;             /* atomicMin s64 */
    unsigned long long umax;    /* atomicMax u64 */
    unsigned long long ors;     /* atomicOr u64 */
    unsigned long long ands;    /* atomicAnd u64 */
    unsigned long long xors;    /* atomicXor u64 */
    double dsum;                /* atomicCAS u64 loop */
};

__device__ double cas_add(double *addr, double v)
{
    unsigned long long *p = (unsigned long long *)addr;
    unsigned long long old = *p, assumed;
    do {
        assumed = old;
        old = atomicCAS(p, assumed, __double_as_longlong(v + __longlong_as_double((long long)assumed)));
    } while (assumed != old);
    return __longlong_as_double((long long)old);
}

extern "C" __global__ void persist(const unsigned *in, int n, unsigned *head, unsigned long long *out,
                                   unsigned *who, Totals *tot)
{
    int taken = 0;
    for (;;) {
        unsigned i = atomicAdd(head, 1u);
        if (i >= (unsigned)n) break;
        unsigned w = in[i];
        uint64_t x = 0x9e3779b97f4a7c15ull ^ ((uint64_t)w << 17) ^ i;
        int len = 1 + (int)(w % 97u);
        uint64_t acc = 0;
        for (int k = 0; k < len; k++) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            acc += x >> (k & 31);
            if ((x & 0xff) == 0x5a) break; /* an early exit on some items */
        }
        out[i] = acc;
        taken++;
        long long sv = (long long)acc >> 3;
        atomicAdd(&tot->steps, (unsigned long long)len);
        atomicMax(&tot->maxv, sv);
        atomicMin(&tot->minv, sv);
        atomicMax(&tot->umax, acc);
        atomicOr(&tot->ors, 1ull << (acc % 64));
        atomicAnd(&tot->ands, ~(1ull << (x % 61)));
        atomicXor(&tot->xors, acc);
        cas_add(&tot->dsum, (double)(w & 1023u) - 500.0);
    }
    /* every thread ends by one failed take: the head ends at n + threads */
    who[blockIdx.x * blockDim.x + threadIdx.x] = taken > 0 ? 1u : 0u;
}
