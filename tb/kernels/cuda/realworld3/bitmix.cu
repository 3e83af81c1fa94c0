/* SPDX-License-Identifier: Apache-2.0 */
/* bitmix.cu -- the integer intrinsics hashing and packing code calls
 * (__byte_perm, __funnelshift_l/_lc/_r/_rc, __brevll, __ffsll, __popcll,
 * __hadd, __rhadd, __uhadd, __urhadd, __sad, __usad) on random words and
 * on edge values: shift amounts 0, 1, 31, 32, 33 and 63, selectors with
 * their top bits set, INT_MIN/INT_MAX and 0/UINT_MAX operands.  Each
 * thread writes 12 words; a block-wide __syncthreads_or of "some result was
 * odd" closes the row. */
extern "C" __global__ void bitmix(const unsigned *in, unsigned *out, unsigned long long *out64)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned a = in[2 * i], b = in[2 * i + 1];
    switch (i % 4) { /* edge operands in a quarter of the threads each */
    case 1: a = 0x7fffffffu; b = 0x80000000u; break;
    case 2: a = 0xffffffffu; b = 0; break;
    default: break;
    }
    const unsigned sh[8] = {0, 1, 31, 32, 33, 63, 5, 17};
    unsigned s = sh[i % 8] + (i % 3 == 0 ? b % 7 : 0);
    unsigned *o = out + 12 * i;
    o[0] = __byte_perm(a, b, b);
    o[1] = __byte_perm(a, b, 0x3210u + (a & 0x8888u));
    o[2] = __funnelshift_l(a, b, s);
    o[3] = __funnelshift_lc(a, b, s);
    o[4] = __funnelshift_r(a, b, s);
    o[5] = __funnelshift_rc(a, b, s);
    o[6] = (unsigned)__hadd((int)a, (int)b) ^ (unsigned)__rhadd((int)a, (int)b) << 1;
    o[7] = __uhadd(a, b) + __urhadd(a, b);
    o[8] = __sad((int)a, (int)b, s) ^ __usad(a, b, 7u);
    unsigned long long w = (unsigned long long)a << 32 | b;
    if (i % 5 == 0) w = 0;
    o[9] = (unsigned)__ffsll((long long)w) | (unsigned)__popcll(w) << 8;
    out64[i] = __brevll(w);
    int odd = __syncthreads_or((o[2] ^ o[4] ^ o[8]) & 1);
    o[10] = (unsigned)odd;
    o[11] = (unsigned)__syncthreads_count(o[0] > o[1]);
}
