/* SPDX-License-Identifier: Apache-2.0 */
/* wsnarrow.cu -- warp-synchronous instructions whose logical warp spans
 * several hardware warps (docs/ptx.md, "Warp-synchronous instructions at
 * every warp size"): one CTA of 64 threads.  Each thread first walks a
 * Collatz sequence of a data-dependent length, so at warp_size 8 the four
 * hardware warps of a logical warp reach the shuffles after it at cycles
 * far apart (the rendezvous waits); then a butterfly sum of the step
 * counts over the full warp, a gather from lane (lane * 7 + 3) % 32 (another
 * hardware warp), and a ballot and a sum (redux) over the membermask
 * 0x00000ff0, lanes 4..11: a proper subset of the warp that spans hardware
 * warps 0 and 1 at warp_size 8, taken by those lanes alone; last %laneid,
 * the flat index mod 32 at every warp size.  The final memory is the same
 * at every warp size (tests/test_simt_cuda.sh compares them). */
#define FULL 0xffffffffu
extern "C" __global__ void wsnarrow(const unsigned *in, unsigned *out)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x, lane = threadIdx.x % 32;
    unsigned x = in[i] % 97 + 1, n = 0;
    while (x != 1) {
        x = x & 1 ? 3 * x + 1 : x / 2;
        n++;
    }
    unsigned s = n;
    for (int o = 1; o < 32; o <<= 1)
        s += __shfl_xor_sync(FULL, s, o);
    out[i] = s;
    out[64 + i] = __shfl_sync(FULL, n * 3 + lane, (lane * 7 + 3) & 31);
    unsigned b = 0;
    if (lane >= 4 && lane < 12)
        b = __ballot_sync(0x00000ff0u, n & 1) + __reduce_add_sync(0x00000ff0u, n);
    out[128 + i] = b;
    unsigned l;
    asm("mov.u32 %0, %%laneid;" : "=r"(l));
    out[192 + i] = l;
}
