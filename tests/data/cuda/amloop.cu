/* SPDX-License-Identifier: Apache-2.0 */
/* amloop.cu -- __activemask in a data-dependent loop whose iterations the
 * threads of a warp reach at different times (docs/ptx.md, "Not
 * established"): each thread ORs the mask of the threads active with it at
 * every odd step of its Collatz walk.  A stack runs the loop's iterations
 * one after another and names the threads of one iteration; the reference
 * (and dwf) name the threads that wait at the instruction together, from
 * different iterations.  CUDA gives no single value: a mechanism whose
 * group differs from the reference's stops with one line (exit 2). */
extern "C" __global__ void amloop(const unsigned *in, unsigned *out)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x, x = in[i] % 27 + 1, m = 0;
    while (x != 1) {
        if (x & 1) {
            m |= __activemask();
            x = 3 * x + 1;
        } else
            x /= 2;
    }
    out[i] = m;
}
