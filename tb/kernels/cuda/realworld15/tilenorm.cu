/* SPDX-License-Identifier: Apache-2.0 */
/* tilenorm.cu -- a layer norm with cooperative groups' tiles below a warp:
 * 2 CTAs of 64 threads, one row of 64 floats a tiled_partition<16> (4 rows
 * a CTA), 4 values a thread; the row's mean and then its variance (two
 * passes, as numerically careful code does) by a shfl_xor butterfly over
 * the 16-thread tile, y = (x - mean) * rsqrtf(var + eps) * gamma + beta;
 * then each tiled_partition<8> (half a row) finds the largest |y| of its 32
 * values by shfl_down (rank 0 holds it) and the index of the first value
 * reaching it (ballot of the tile, __ffs), and the 16-tile's rank 0 writes
 * the row's mean and rstd.  gamma and beta repeat every 16
 * columns, in __constant__ memory.  Inputs: random words mapped to [-4, 4).
 *
 * The host reference cannot run tile code one thread after another.
 * Under the host half (no __CUDA_ARCH__, no tiles) the tile's ranks come
 * from the thread index and its shuffles and ballot are
 * done through shared memory and barriers (every thread calls them, so
 * the barriers are uniform), in the same order of operations. */
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__constant__ float gamma_c[16] = {1.0f,  0.5f, 2.0f,   0.75f, 1.25f, 1.5f,  0.25f, 1.0f,
                                   1.75f, 0.5f, 1.125f, 3.0f,  0.875f, 1.0f, 0.625f, 2.5f};
__constant__ float beta_c[16] = {0.0f,   0.25f, -0.5f, 0.125f, 1.0f,  -1.0f, 0.0f,  0.5f,
                                 -0.25f, 0.75f, 0.0f,  -0.125f, 0.375f, 0.0f, 2.0f, -2.0f};

#ifdef __CUDA_ARCH__
#define TILE(N, name) cg::thread_block_tile<N> name = cg::tiled_partition<N>(block)
#else
/* the host half has no tiles: a tile's ranks from the thread index */
template <unsigned N> struct host_tile_t {
    unsigned thread_rank() const { return threadIdx.x & (N - 1); }
    unsigned meta_group_rank() const { return threadIdx.x / N; }
};
#define TILE(N, name) host_tile_t<N> name
/* thread t's view of the values its tile of N published: op 0 butterfly
 * sum (all ranks), 1 shfl_down max (rank 0's is the tile's), 2 ballot */
template <unsigned N> static float host_tile(float v, int op)
{
    __shared__ float p[1024];
    const unsigned t = threadIdx.x, base = t & ~(N - 1), r = t & (N - 1);
    p[t] = v;
    __syncthreads();
    float w[N], n[N];
    for (unsigned l = 0; l < N; l++) w[l] = p[base + l];
    __syncthreads();
    if (op == 2) {
        unsigned m = 0;
        for (unsigned l = 0; l < N; l++)
            if (w[l] != 0.0f) m |= 1u << l;
        return (float)m;
    }
    for (unsigned o = N / 2; o > 0; o >>= 1) {
        for (unsigned l = 0; l < N; l++)
            n[l] = op == 0 ? w[l] + w[l ^ o] : (l + o < N ? fmaxf(w[l], w[l + o]) : w[l]);
        for (unsigned l = 0; l < N; l++) w[l] = n[l];
    }
    return w[r];
}
#endif

template <class Tile> __device__ float tile_sum(const Tile &tile, float v)
{
#ifdef __CUDA_ARCH__
    for (unsigned o = tile.size() / 2; o > 0; o >>= 1) v += tile.shfl_xor(v, o);
    return v;
#else
    (void)tile;
    return host_tile<16>(v, 0);
#endif
}

extern "C" __global__ void tilenorm(const unsigned *__restrict__ in, float *x, float *y, float *rowstat,
                                    float *amax, unsigned *argmax)
{
    cg::thread_block block = cg::this_thread_block();
    TILE(16, row16);
    TILE(8, half8);
    const unsigned row = blockIdx.x * (blockDim.x / 16) + row16.meta_group_rank();
    const unsigned r = row16.thread_rank();
    float v[4], s = 0.0f;
    for (int k = 0; k < 4; k++) {
        const unsigned c = r * 4 + k;
        v[k] = (float)((int)(in[row * 64 + c] & 2047) - 1024) / 256.0f;
        x[row * 64 + c] = v[k];
        s += v[k];
    }
    const float mean = tile_sum(row16, s) / 64.0f;
    float q = 0.0f;
    for (int k = 0; k < 4; k++) q += (v[k] - mean) * (v[k] - mean);
    const float var = tile_sum(row16, q) / 64.0f;
    const float rstd = rsqrtf(var + 1e-5f);
    float m = 0.0f;
    for (int k = 0; k < 4; k++) {
        const unsigned c = r * 4 + k;
        const float o = (v[k] - mean) * rstd * gamma_c[c & 15] + beta_c[c & 15];
        y[row * 64 + c] = o;
        v[k] = fabsf(o);
        m = fmaxf(m, v[k]);
    }
    block.sync();
    float tm = m;
#ifdef __CUDA_ARCH__
    for (unsigned o = half8.size() / 2; o > 0; o >>= 1) tm = fmaxf(tm, half8.shfl_down(tm, o));
    tm = half8.shfl(tm, 0);
    const unsigned hits = half8.ballot(m == tm);
#else
    tm = host_tile<8>(tm, 1);
    tm = host_tile<8>(half8.thread_rank() == 0 ? tm : 0.0f, 0); /* rank 0's value to all */
    const unsigned hits = (unsigned)host_tile<8>(m == tm ? 1.0f : 0.0f, 2);
#endif
    const unsigned first = __ffs(hits) - 1; /* the lowest rank holding the maximum */
    const unsigned h = blockIdx.x * (blockDim.x / 8) + half8.meta_group_rank();
    if (half8.thread_rank() == first) {
        amax[h] = tm;
        int k = 0;
        while (v[k] != tm) k++;
        argmax[h] = (h & 1) * 32 + first * 4 + k;
    }
    if (r == 0) {
        rowstat[2 * row] = mean;
        rowstat[2 * row + 1] = rstd;
    }
}
