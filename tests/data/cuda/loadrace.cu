/* SPDX-License-Identifier: Apache-2.0 */
/* loadrace.cu -- a plain load racing other threads' atomics, where every
 * order of the reference reads the same value and only the flow after it
 * differs on an SM.  Threads 0 and 10 add 1 to *cnt; thread 8 reads *cnt
 * with a plain load before them in program order and walks a loop that
 * many times more.  First to last, last to first, by the stride 9 and
 * round robin, exactly one of threads 0 and 10 comes before thread 8, so
 * every reference order reads 1.  On an SM with warps of 8 or more, warp
 * 0 (threads 0..7) runs a loop first and thread 8 loads before thread
 * 10's atomic (its own warp, later in program order): it reads 0, its
 * loop runs once less and leaves the same bytes (zero[] holds zeros).
 * (tests/test_simt_refcheck.sh: the seeded load makes the flow and the
 * registers not compared; before, every mechanism failed on thread 8's
 * PC sequence.) */
extern "C" __global__ void loadrace(int *cnt, int *junk, const int *zero, int *out)
{
    unsigned t = threadIdx.x;
    int x = (int)t;
    if (t < 8) /* warp 0 (at warps of 8) comes late */
        for (unsigned y = t + 27; y != 1; y = (y & 1) ? 3 * y + 1 : y / 2) x++;
    junk[t] = x;
    int v = t == 8 ? cnt[0] : 0;
    if (t == 0 || t == 10)
        atomicAdd(cnt, 1);
    int m = 0;
    for (int i = 0; i < 2 + v; i++)
        m = max(m, zero[i]);
    out[t] = m;
}
