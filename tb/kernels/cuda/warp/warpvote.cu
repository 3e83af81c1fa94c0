/* SPDX-License-Identifier: Apache-2.0 */
/* warpvote.cu -- warp votes (vote.sync, activemask; docs/ptx.md,
 * "Warp-synchronous instructions") in 2 CTAs of 64 threads: __ballot_sync
 * of the odd words and its __popc; a data-dependent loop (Collatz steps)
 * the warp leaves together when __any_sync finds no thread still running,
 * or early when __all_sync finds every value below 64; __activemask in a
 * divergent branch (the words divisible by 3); and, after lanes 20..31 of
 * each warp have returned, __ballot_sync over the remaining lanes' mask.
 *
 * The host reference cannot run warp code one thread after another: under
 * the host half (no __CUDA_ARCH__) each thread computes the expected
 * outputs in plain C, stepping all 32 lanes of its warp itself. */
#define FULL 0xffffffffu
extern "C" __global__ void warpvote(const unsigned *in, unsigned *ballot, unsigned *cnt,
                                    unsigned *steps, unsigned *act, unsigned *tail)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x, lane = threadIdx.x % 32, w0 = i - lane;
#ifdef __CUDA_ARCH__
    unsigned v = in[i];
    unsigned b = __ballot_sync(FULL, v & 1);
    ballot[i] = b;
    cnt[i] = __popc(b);
    unsigned x = v % 200 + 1, k = 0;
    while (__any_sync(FULL, x != 1)) {
        if (x != 1) x = x & 1 ? 3 * x + 1 : x / 2;
        k++;
        if (__all_sync(FULL, x < 64)) break;
    }
    steps[i] = k << 16 | x;
    if (v % 3 == 0) act[i] = __activemask();
    if (lane >= 20) return;
    tail[i] = __ballot_sync(0x000fffffu, v & 2);
#else
    unsigned b = 0, x[32], k = 0, m3 = 0, t2 = 0;
    for (unsigned l = 0; l < 32; l++) {
        b |= (in[w0 + l] & 1) << l;
        x[l] = in[w0 + l] % 200 + 1;
        m3 |= (unsigned)(in[w0 + l] % 3 == 0) << l;
        t2 |= (unsigned)(l < 20 && (in[w0 + l] & 2)) << l;
    }
    ballot[i] = b;
    cnt[i] = __builtin_popcount(b);
    for (;;) {
        int any = 0, all = 1;
        for (unsigned l = 0; l < 32; l++) any |= x[l] != 1;
        if (!any) break;
        for (unsigned l = 0; l < 32; l++)
            if (x[l] != 1) x[l] = x[l] & 1 ? 3 * x[l] + 1 : x[l] / 2;
        k++;
        for (unsigned l = 0; l < 32; l++) all &= x[l] < 64;
        if (all) break;
    }
    steps[i] = k << 16 | x[lane];
    if (in[i] % 3 == 0) act[i] = m3;
    if (lane >= 20) return;
    tail[i] = t2;
#endif
}
