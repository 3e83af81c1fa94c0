/* SPDX-License-Identifier: Apache-2.0 */
/* collatz.cu -- an irregular data-dependent loop: the number of Collatz
 * steps from start+i to 1 (64-bit arithmetic, capped at `cap` steps), and
 * the largest value met on the way.  Trip counts differ wildly between
 * neighbouring threads. */
extern "C" __global__ void collatz(unsigned long long start, unsigned *steps,
                                   unsigned long long *peak, int cap)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned long long x = start + (unsigned long long)i, top = x;
    int s = 0;
    while (x != 1 && s < cap) {
        x = (x & 1) ? 3 * x + 1 : x >> 1;
        if (x > top) top = x;
        s++;
    }
    steps[i] = (unsigned)s;
    peak[i] = top;
}
