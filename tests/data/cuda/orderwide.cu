/* SPDX-License-Identifier: Apache-2.0 */
/* orderwide.cu -- the reference's order taint (tb/simt/ref_taint.c) where a
 * legal order does what none of the reference's orders does.  Every thread
 * swaps its id + 1 into *last; the one that gets 0 back came first.  The
 * reference's orders make thread 0 (first to last) or thread 15 (last to
 * first) the first; on an SM with warps of 8 (the default preset), warp 0
 * (threads 0..7) runs a loop first and warp 1 reaches the exch before it,
 * so thread 8 is.  What the first thread writes is then a byte every
 * reference order leaves alone:
 * - out[t], sh[t]: stores on the side of a branch on the exch's value
 *   that the others do not take;
 * - out2[idx[t]], sh2[idx[t + 16] - 16]: the same where no reference order
 *   takes the side at all, at addresses computed only there (idx: a ramp);
 * - sel[first ? t : 16]: a store at an address computed from the value;
 * - viash[t] = sh[t], viash[t + 16] = sh2[t] after the barrier: the
 *   shared stores read back;
 * - *flag = 1 by thread 15 when it came right after thread 14 (in the
 *   first order and round robin, not in the others), and thread 0 reads it into
 *   out3[0] before its exch: in every reference order before any thread
 *   writes it, on the SM after (a byte read before its tainted write).
 * (tests/test_simt_refcheck.sh: these bytes are reported, not compared;
 * before the widening every mechanism but lwm failed on out[8].) */
extern "C" __global__ void orderwide(int *last, int *out, int *sel, int *viash, int *junk,
                                     const int *idx, int *out2, volatile int *flag, int *out3)
{
    __shared__ int sh[16], sh2[16];
    unsigned t = threadIdx.x;
    sh[t] = 0;
    sh2[t] = 0;
    __syncthreads();
    int x = (int)t;
    if (t < 8) /* warp 0 (at warps of 8) comes late to the exch */
        for (unsigned y = t + 27; y != 1; y = (y & 1) ? 3 * y + 1 : y / 2) x++;
    junk[t] = x;
    if (t == 0)
        out3[0] = *flag;
    int old = atomicExch(last, (int)t + 1);
    if (old == 0) {
        out[t] = 1;
        sh[t] = 1;
    }
    if (old == 0 && t != 0 && t != 15) { /* no reference order comes here */
        out2[idx[t]] = 1;
        sh2[idx[t + 16] - 16] = 1;
    }
    sel[old == 0 ? t : 16] = 1;
    if (t == 15 && old == 15)
        *flag = 1;
    __syncthreads();
    viash[t] = sh[t];
    viash[t + 16] = sh2[t];
}
