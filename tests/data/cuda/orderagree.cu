/* SPDX-License-Identifier: Apache-2.0 */
/* orderagree.cu -- a cas whose winner decides a store, where every order
 * of the reference agrees on every byte: the first thread to reach the cas
 * wins, thread 0 (first to last, by a stride, round robin) or thread 15
 * (last to first), and only a winner other than those stores.  On an SM
 * with warps of 8 (the default preset) warp 1 reaches the cas first, so
 * thread 8 wins and stores out[8] (tests/test_simt_refcheck.sh: the taint
 * runs although the orders agree; before, every byte was compared and the
 * mechanisms failed on out[8]). */
extern "C" __global__ void orderagree(int *flag, int *out, int *junk)
{
    unsigned t = threadIdx.x;
    int x = (int)t;
    if (t < 8) /* warp 0 (at warps of 8) comes late to the cas */
        for (unsigned y = t + 27; y != 1; y = (y & 1) ? 3 * y + 1 : y / 2) x++;
    junk[t] = x;
    int old = atomicCAS(flag, 0, 1);
    if (old == 0 && t != 0 && t != 15)
        out[t] = 1;
}
