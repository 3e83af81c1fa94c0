/* SPDX-License-Identifier: Apache-2.0 */
/* pq_race.cu -- the persistent-block queue with a planted race on its
 * broadcast word (tests/test_simt_cuda_persist.sh): thread `who` stores n
 * to sh[(in[who] + slot) % 64] in the same barrier interval as every
 * thread's read of sh[0], before the read (after = 0) or after it (after
 * = 1).  When the store hits sh[0] the threads may read different items
 * (some leave the loop, some do not) and the divergence analysis, which
 * takes the read as uniform, is wrong: the reference stops the run with
 * one line (tb/simt/ref_shuni.c).  When it hits another word the kernel is
 * race-free and runs. */
extern "C" __global__ void pq_race(const unsigned *in, int n, unsigned *head, unsigned *out,
                                   int who, int slot, int after)
{
    __shared__ int sh[64];
    const int t = threadIdx.x;
    for (;;) {
        if (t == 0) sh[0] = (int)atomicAdd(head, 1u);
        __syncthreads();
        if (!after && t == who) sh[(in[t] + slot) & 63u] = n;
        const int item = sh[0];
        if (after && t == who) sh[(in[t] + slot) & 63u] = n;
        if (item >= n) break;
        unsigned v = in[item * 64 + t], acc = 0;
        for (unsigned k = v % 13u; k > 0; k--) acc += (v >> k) ^ k;
        out[item * 64 + t] = acc;
        __syncthreads();
    }
    __syncthreads();
    out[4096 + t] = (unsigned)t; /* after the loop's last barrier */
}
