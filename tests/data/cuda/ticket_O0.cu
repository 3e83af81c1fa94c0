/* SPDX-License-Identifier: Apache-2.0 */
/* ticket_O0.cu -- a cas retry loop whose variable is read after the loop:
 * each thread claims a ticket (the counter's value before its increment)
 * and stores it.  Which thread gets which ticket depends on the order, so
 * out[] must be left out of the comparison.  Compiled at -O0 (ticket_O0.ptx:
 * make kernels' flags with -O0), the loop's variables live in the stack
 * frame: `assumed` is a frame slot read after the loop, so the loop is not
 * a read-modify-write retry loop (ref_taint.c refp_taint_region: a frame slot the
 * loop writes is live at its reconvergence point).  The counter itself
 * (done[0]) ends at 16 in every order and stays compared, as does done[1],
 * written by a plain store. */
__device__ unsigned claim(unsigned *w)
{
    unsigned old = *w, assumed;
    do {
        assumed = old;
        old = atomicCAS(w, assumed, assumed + 1u);
    } while (old != assumed);
    return assumed;
}

extern "C" __global__ void ticket(unsigned *done, unsigned *out)
{
    unsigned t = threadIdx.x;
    out[t] = claim(&done[0]);
    if (t == 0)
        done[1] = 7u;
}
