/* SPDX-License-Identifier: Apache-2.0 */
/* atomtaint.cu -- a fetch-and-op that reads bytes the order taints.  The
 * first thread to reach the cas (thread 0 first to last, by a stride and
 * round robin; thread 15 last to first) sets *val: 0 when it is thread 0
 * or 15, else 1; so every reference order leaves *val 0.  On an SM with
 * warps of 8 (the default preset) warp 1 reaches the cas first and thread
 * 8 wins: *val is 1.  After the barrier every thread reads *val through
 * atomicAdd(val, 0) -- an atomic, not a plain load -- and stores what it
 * got (out[t]) and, when it is not 0, a flag (out2[t]).  *val is tainted
 * (a store in the region of a branch on the cas's result), so what the
 * atomicAdd returns depends on the order too (tests/test_simt_refcheck.sh;
 * before, out and out2 were compared and every mechanism failed on out[0]
 * at the default preset). */
extern "C" __global__ void atomtaint(int *flag, int *val, int *out, int *out2, int *junk)
{
    unsigned t = threadIdx.x;
    int x = (int)t;
    if (t < 8) /* warp 0 (at warps of 8) comes late to the cas */
        for (unsigned y = t + 27; y != 1; y = (y & 1) ? 3 * y + 1 : y / 2) x++;
    junk[t] = x;
    if (atomicCAS(flag, 0, 1) == 0)
        *val = (t == 0 || t == 15) ? 0 : 1;
    __syncthreads();
    int v = atomicAdd(val, 0);
    out[t] = v;
    if (v != 0)
        out2[t] = 7;
}
