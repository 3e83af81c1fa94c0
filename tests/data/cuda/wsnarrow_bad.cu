/* SPDX-License-Identifier: Apache-2.0 */
/* wsnarrow_bad.cu -- undefined in CUDA across hardware warps (docs/ptx.md,
 * "Warp-synchronous instructions at every warp size"): lanes 0..7 shuffle
 * over the membermask 0x0000ffff while lanes 8..15, members, go on to the
 * CTA barrier.  At warp_size 8 the members are another hardware warp; the
 * run stops with the one line it gives at warp_size 32 (exit 2), and does
 * not hang. */
extern "C" __global__ void wsnarrow_bad(const unsigned *in, unsigned *out)
{
    unsigned i = threadIdx.x, lane = i % 32, v = in[i];
    if (lane < 8)
        v = __shfl_sync(0x0000ffffu, v, lane + 8);
    __syncthreads();
    out[i] = v;
}
