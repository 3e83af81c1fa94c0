/* SPDX-License-Identifier: Apache-2.0 */
/* cgreduce.cu -- <cooperative_groups/reduce.h> and the groups added beside
 * it (docs/ptx.md, "CUDA header: cooperative groups") in 2 CTAs of 64
 * threads: cg::reduce over tiles of 16 and 8 with cg::plus (int; double
 * halves, exact in any order), cg::less, cg::greater, cg::bit_and/or/xor;
 * a tile's match_any and match_all; and in a divergent branch the
 * coalesced group of the threads that took it (cg::coalesced_threads):
 * reduce, thread_rank, size, shfl from rank 0, ballot, any, all.  The
 * grid's ranks (cg::this_grid()) without its sync.
 *
 * The host reference cannot run group code one thread after another: under
 * the host half (no __CUDA_ARCH__) each thread computes the expected
 * outputs in plain C from its tile's or warp's inputs. */
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

extern "C" __global__ void cgreduce(const unsigned *in, int *sum, unsigned *minmax, unsigned *bits, double *dsum,
                                    unsigned *match, unsigned *coal, unsigned *coal2)
{
    cg::thread_block blk = cg::this_thread_block();
    cg::grid_group grid = cg::this_grid();
    unsigned i = (unsigned)grid.thread_rank(), r = blk.thread_rank();
    unsigned v = in[i], c = 0, c2 = 0;
#ifdef __CUDA_ARCH__
    cg::thread_block_tile<16> t16 = cg::tiled_partition<16>(blk);
    cg::thread_block_tile<8> t8 = cg::tiled_partition<8>(blk);
    sum[i] = cg::reduce(t16, (int)(v % 1000) - 500, cg::plus<int>());
    minmax[2 * i] = cg::reduce(t16, v, cg::less<unsigned>());
    minmax[2 * i + 1] = cg::reduce(t16, v, cg::greater<unsigned>());
    bits[i] = cg::reduce(t8, v, cg::bit_and<unsigned>()) ^ cg::reduce(t8, v, cg::bit_or<unsigned>()) << 1 ^
              cg::reduce(t8, v, cg::bit_xor<unsigned>()) << 2;
    dsum[i] = cg::reduce(t8, (double)(v % 77) * 0.5, cg::plus<double>());
    int p;
    unsigned ma = t16.match_any(v % 4), mall = t16.match_all(blk.group_index().x, p);
    match[i] = (ma | mall << 16) ^ (unsigned)p << 31;
    if (v & 1) {
        cg::coalesced_group g = cg::coalesced_threads();
        c = cg::reduce(g, v & 0xffu, cg::plus<unsigned>()) | g.thread_rank() << 16 | g.size() << 24;
        c2 = g.shfl(v, 0) ^ g.ballot(v >> 1 & 1) ^ (unsigned)g.any(v >> 2 & 1) << 30 ^ (unsigned)g.all(v >> 3 & 1) << 31;
        g.sync();
    }
#else
    unsigned w16 = i - r % 16, w8 = i - r % 8, w32 = i - r % 32;
    int s = 0;
    unsigned mn = ~0u, mx = 0, ba = ~0u, bo = 0, bx = 0, ma = 0;
    double d = 0;
    for (unsigned l = 0; l < 16; l++) {
        unsigned x = in[w16 + l];
        s += (int)(x % 1000) - 500;
        mn = x < mn ? x : mn;
        mx = x > mx ? x : mx;
        ma |= (unsigned)(x % 4 == v % 4) << l;
    }
    for (unsigned l = 0; l < 8; l++) {
        unsigned x = in[w8 + l];
        ba &= x;
        bo |= x;
        bx ^= x;
        d += (double)(x % 77) * 0.5;
    }
    sum[i] = s;
    minmax[2 * i] = mn;
    minmax[2 * i + 1] = mx;
    bits[i] = ba ^ bo << 1 ^ bx << 2;
    dsum[i] = d;
    match[i] = (ma | 0xffffu << 16) ^ 1u << 31; /* match_all on the CTA id: every lane, pred 1 */
    if (v & 1) {
        unsigned n = 0, rank = 0, sm = 0, first = 0, bal = 0, any = 0, all = 1;
        for (unsigned l = 0; l < 32; l++) {
            unsigned x = in[w32 + l];
            if (!(x & 1)) continue;
            if (!n) first = x;
            if (w32 + l < i) rank++;
            sm += x & 0xffu;
            bal |= (x >> 1 & 1) << n;
            any |= x >> 2 & 1;
            all &= x >> 3 & 1;
            n++;
        }
        c = sm | rank << 16 | n << 24;
        c2 = first ^ bal ^ any << 30 ^ all << 31;
    }
#endif
    coal[i] = c;
    coal2[i] = c2;
    blk.sync();
}
