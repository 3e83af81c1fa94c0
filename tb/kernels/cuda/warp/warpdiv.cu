/* SPDX-License-Identifier: Apache-2.0 */
/* warpdiv.cu -- warp-synchronous code after divergence (docs/ptx.md,
 * "Warp-synchronous instructions"; docs/dwf.md), in 2 CTAs of 96 threads:
 * a data-dependent loop (Collatz steps of each word) that the threads of a
 * warp leave at different times, then a __shfl_down_sync tree summing the
 * warp's step counts; a ballot compaction after a divergent if/else (each
 * side its own loop): the kept words packed to the front of the warp's
 * slice by __ballot_sync and a __popc of the lanes below; and inside a
 * divergent branch, __activemask as the membermask of a __ballot_sync.
 * dwf (dynamic warps) meets each of them with a warp's threads split
 * across issues: they rendezvous there.
 *
 * The host reference cannot run warp code one thread after another: under
 * the host half (no __CUDA_ARCH__) each thread computes the expected
 * outputs in plain C, stepping all 32 lanes of its warp itself. */
#define FULL 0xffffffffu

#ifndef __CUDA_ARCH__
static unsigned steps_of(unsigned v)
{
    unsigned x = v % 97 + 1, k = 0;
    while (x != 1) {
        x = x & 1 ? 3 * x + 1 : x / 2;
        k++;
    }
    return k;
}
static unsigned keep_of(unsigned v, unsigned k)
{
    unsigned y = 0;
    if (v & 4)
        for (unsigned j = 0; j < k % 7; j++) y += j * v;
    else
        for (unsigned j = 0; j < v % 5; j++) y ^= y * 3 + k;
    return y % 3 == 0;
}
#endif

extern "C" __global__ void warpdiv(const unsigned *in, unsigned *steps, unsigned *sum,
                                   unsigned *out, unsigned *count, unsigned *act, unsigned *vb)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x, lane = threadIdx.x % 32, w0 = i - lane;
#ifdef __CUDA_ARCH__
    unsigned v = in[i], x = v % 97 + 1, k = 0;
    while (x != 1) {
        x = x & 1 ? 3 * x + 1 : x / 2;
        k++;
    }
    steps[i] = k;
    unsigned s = k;
    for (unsigned o = 16; o > 0; o >>= 1)
        s += __shfl_down_sync(FULL, s, o);
    if (lane == 0)
        sum[i / 32] = s;
    unsigned y = 0;
    if (v & 4)
        for (unsigned j = 0; j < k % 7; j++) y += j * v;
    else
        for (unsigned j = 0; j < v % 5; j++) y ^= y * 3 + k;
    unsigned keep = y % 3 == 0;
    unsigned b = __ballot_sync(FULL, keep);
    if (keep)
        out[w0 + __popc(b & ((1u << lane) - 1))] = v;
    if (lane == 0)
        count[i / 32] = __popc(b);
    if (v & 8) {
        unsigned m = __activemask();
        act[i] = m;
        vb[i] = __ballot_sync(m, v & 16);
    }
#else
    unsigned k[32], total = 0, b = 0, m = 0, b2 = 0;
    for (unsigned l = 0; l < 32; l++) {
        unsigned v = in[w0 + l];
        k[l] = steps_of(v);
        total += k[l];
        b |= keep_of(v, k[l]) << l;
        m |= (unsigned)((v & 8) != 0) << l;
        b2 |= (unsigned)((v & 8) && (v & 16)) << l;
    }
    steps[i] = k[lane];
    if (lane == 0)
        sum[i / 32] = total;
    if (b >> lane & 1)
        out[w0 + __builtin_popcount(b & ((1u << lane) - 1))] = in[i];
    if (lane == 0)
        count[i / 32] = __builtin_popcount(b);
    if (in[i] & 8) {
        act[i] = m;
        vb[i] = b2;
    }
#endif
}
