/* SPDX-License-Identifier: Apache-2.0 */
/* warpshfl.cu -- warp shuffles (shfl.sync; docs/ptx.md, "Warp-synchronous
 * instructions") in 2 CTAs of 64 threads, two full warps each: a warp sum
 * with __shfl_down_sync (lane 0 writes it), the same sum in every lane with
 * the __shfl_xor_sync butterfly, an inclusive scan in segments of 8 lanes
 * with __shfl_up_sync(..., 8), and a gather with __shfl_sync from a lane
 * each thread computes (lane * 5 + the warp's first word, mod 32), plus a
 * broadcast of lane 19 within segments of 16 (__shfl_sync(..., 16)).
 *
 * The host reference cannot run warp code one thread after another: under
 * the host half (no __CUDA_ARCH__) each thread computes the expected
 * outputs in plain C from the input words of its warp. */
#define FULL 0xffffffffu
extern "C" __global__ void warpshfl(const unsigned *in, unsigned *sum, unsigned *bfly,
                                    unsigned *scan, unsigned *gath, unsigned *seg16)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x, lane = threadIdx.x % 32, w0 = i - lane;
    unsigned src = (lane * 5 + (in[w0] & 31)) & 31;
#ifdef __CUDA_ARCH__
    unsigned v = in[i], s = v;
    for (int o = 16; o > 0; o >>= 1) s += __shfl_down_sync(FULL, s, o);
    if (lane == 0) sum[i / 32] = s;
    unsigned b = v;
    for (int o = 1; o < 32; o <<= 1) b += __shfl_xor_sync(FULL, b, o);
    bfly[i] = b;
    unsigned x = v;
    for (unsigned o = 1; o < 8; o <<= 1) {
        unsigned y = __shfl_up_sync(FULL, x, o, 8);
        if ((lane & 7) >= o) x += y;
    }
    scan[i] = x;
    gath[i] = __shfl_sync(FULL, v * 3 + 1, src);
    seg16[i] = __shfl_sync(FULL, v ^ 0x5a5a, 19, 16);
#else
    unsigned s = 0, x = 0;
    for (unsigned k = 0; k < 32; k++) s += in[w0 + k];
    if (lane == 0) sum[i / 32] = s;
    bfly[i] = s;
    for (unsigned k = lane & ~7u; k <= lane; k++) x += in[w0 + k];
    scan[i] = x;
    gath[i] = in[w0 + src] * 3 + 1;
    /* lane 19 of a 16-lane segment: 19 & 15 = 3 of its own segment */
    seg16[i] = in[w0 + (lane & 16) + 3] ^ 0x5a5a;
#endif
}
