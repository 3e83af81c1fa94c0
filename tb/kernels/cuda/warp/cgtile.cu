/* SPDX-License-Identifier: Apache-2.0 */
/* cgtile.cu -- <cooperative_groups.h>' tiles (tb/cuda/include/, docs/ptx.md
 * "Compiling CUDA") in 2 CTAs of 64 threads: a thread_block and its
 * tiled_partition<16> and <32>; a butterfly sum over each 16-thread tile
 * (shfl_xor, int and double), the tile's ballot (its lanes from bit 0) with
 * meta_group_rank, the 32-thread tile's broadcast (shfl from rank 0) and
 * shfl_up, tile and block syncs.
 *
 * The host reference cannot run tile code one thread after another: under
 * the host half (no __CUDA_ARCH__) each thread computes the expected
 * outputs in plain C from its tile's inputs. */
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

extern "C" __global__ void cgtile(const unsigned *in, int *sum, double *dsum, unsigned *bal, unsigned *bcast,
                                  unsigned *up)
{
    cg::thread_block blk = cg::this_thread_block();
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
#ifdef __CUDA_ARCH__
    cg::thread_block_tile<16> t16 = cg::tiled_partition<16>(blk);
    cg::thread_block_tile<32> t32 = cg::tiled_partition<32>(blk);
    unsigned v = in[i];
    int s = (int)(v % 1000);
    double d = (double)(v % 77) * 0.5;
    for (int o = 8; o > 0; o /= 2) {
        s += t16.shfl_xor(s, o);
        d += t16.shfl_xor(d, o);
    }
    t16.sync();
    sum[i] = s;
    dsum[i] = d;
    bal[i] = t16.ballot(v & 1) | t16.meta_group_rank() << 16 | (unsigned)t16.all(v != 0) << 24;
    bcast[i] = t32.shfl(v, 0);
    up[i] = t32.shfl_up(v, 1) + t32.thread_rank();
    blk.sync();
#else
    unsigned r = blk.thread_rank(), w16 = i - r % 16, w32 = i - r % 32, b = 0, all = 1;
    int s = 0;
    double d = 0;
    for (unsigned l = 0; l < 16; l++) {
        s += (int)(in[w16 + l] % 1000);
        d += (double)(in[w16 + l] % 77) * 0.5;
        b |= (in[w16 + l] & 1) << l;
        all &= in[w16 + l] != 0;
    }
    sum[i] = s;
    dsum[i] = d;
    bal[i] = b | r / 16 << 16 | all << 24;
    bcast[i] = in[w32];
    up[i] = (r % 32 ? in[i - 1] : in[i]) + r % 32;
    blk.sync();
#endif
}
