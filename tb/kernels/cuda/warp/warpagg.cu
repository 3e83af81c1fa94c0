/* SPDX-License-Identifier: Apache-2.0 */
/* warpagg.cu -- warp-aggregated atomics (match.sync, redux.sync; docs/ptx.md,
 * "Warp-synchronous instructions") in 2 CTAs of 64 threads: each thread's
 * key (its word % 8) finds the lanes holding the same key with
 * __match_any_sync, and the group's first lane adds the group's size to
 * the key's counter, one atomic per group instead of one per thread.
 * __reduce_add_sync gives the warp's sum of the values (lane 0 adds it to
 * a total), __reduce_min/max_sync on signed and unsigned values,
 * __reduce_and/or/xor_sync, and __match_all_sync on the warp's CTA id (one
 * value: every lane, pred 1) and on 64-bit keys (not all equal: 0).
 *
 * The host reference cannot run warp code one thread after another: under
 * the host half (no __CUDA_ARCH__) each thread computes its outputs in
 * plain C over the 32 lanes of its warp, and only the groups' leaders and
 * lane 0 add to the counters, as on the device. */
#define FULL 0xffffffffu
extern "C" __global__ void warpagg(const unsigned *in, unsigned *count, unsigned *total,
                                   unsigned *peers_out, int *red, unsigned *all_out)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x, lane = threadIdx.x % 32, w0 = i - lane;
    unsigned v = in[i], key = v % 8;
#ifdef __CUDA_ARCH__
    unsigned peers = __match_any_sync(FULL, key);
    unsigned sum = __reduce_add_sync(FULL, v & 0xffffu);
    int sv = (int)(v >> 8) - (1 << 23);
    int smin = __reduce_min_sync(FULL, sv), smax = __reduce_max_sync(FULL, sv);
    unsigned umin = __reduce_min_sync(FULL, v), umax = __reduce_max_sync(FULL, v);
    unsigned bits = __reduce_and_sync(FULL, v) ^ __reduce_or_sync(FULL, v) ^ __reduce_xor_sync(FULL, v);
    int p1, p2;
    unsigned a1 = __match_all_sync(FULL, blockIdx.x, &p1);
    unsigned a2 = __match_all_sync(FULL, (unsigned long long)key << 40, &p2);
#else
    unsigned peers = 0, sum = 0, umin = ~0u, umax = 0, andv = ~0u, orv = 0, xorv = 0, allk = 1;
    int smin = 0x7fffffff, smax = -0x7fffffff - 1;
    for (unsigned l = 0; l < 32; l++) {
        unsigned u = in[w0 + l];
        int s = (int)(u >> 8) - (1 << 23);
        peers |= (unsigned)(u % 8 == key) << l;
        sum += u & 0xffffu;
        smin = s < smin ? s : smin;
        smax = s > smax ? s : smax;
        umin = u < umin ? u : umin;
        umax = u > umax ? u : umax;
        andv &= u;
        orv |= u;
        xorv ^= u;
        allk &= u % 8 == in[w0] % 8;
    }
    unsigned bits = andv ^ orv ^ xorv, a1 = FULL, a2 = allk ? FULL : 0;
    int p1 = 1, p2 = (int)allk;
#endif
    peers_out[i] = peers;
    red[4 * i] = smin;
    red[4 * i + 1] = smax;
    red[4 * i + 2] = (int)(umin ^ umax);
    red[4 * i + 3] = (int)bits;
    all_out[i] = a1 + (unsigned)p1 + a2 + 2u * (unsigned)p2;
    if (lane == (unsigned)__builtin_ctz(peers)) atomicAdd(&count[key], (unsigned)__builtin_popcount(peers));
    if (lane == 0) atomicAdd(total, sum);
}
