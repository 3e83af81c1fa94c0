/* SPDX-License-Identifier: Apache-2.0 */
/* own_sobol.cu -- the reviewer's own prelude (no project header), issue
 * 25's command: Sobol quasirandom points in three dimensions in the manner
 * of the CUDA SDK's SobolQRNG, with the direction numbers in constant
 * memory (a __constant__ table with an initializer), then tempered as
 * MersenneTwister's output is and turned into floats.  Each thread takes a
 * chunk of consecutive indices (the last chunks short or empty), starts at
 * the first by the Gray code (an XOR of the direction numbers of the Gray
 * code's set bits, a loop of data-dependent length), then steps to the
 * next index by an XOR of the direction number of the lowest zero bit of
 * the previous one (a count of trailing ones, a loop).  A block-level count of points inside the unit sphere's octant
 * goes through shared memory and an atomicAdd; the grid and the block
 * divide neither the point count nor each other. */
#ifndef WARPHW_CUDA_H
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#endif

#define DIMS 3

/* dimension 1: van der Corput; 2 and 3: the primitive polynomials x + 1
 * and x^2 + x + 1 with initial m = (1) and (1, 3); computed here */
__constant__ unsigned sobol_v[DIMS][32] = {
    {
        0x80000000u, 0x40000000u, 0x20000000u, 0x10000000u, 0x08000000u, 0x04000000u, 0x02000000u, 0x01000000u,
        0x00800000u, 0x00400000u, 0x00200000u, 0x00100000u, 0x00080000u, 0x00040000u, 0x00020000u, 0x00010000u,
        0x00008000u, 0x00004000u, 0x00002000u, 0x00001000u, 0x00000800u, 0x00000400u, 0x00000200u, 0x00000100u,
        0x00000080u, 0x00000040u, 0x00000020u, 0x00000010u, 0x00000008u, 0x00000004u, 0x00000002u, 0x00000001u,
    },
    {
        0x80000000u, 0xc0000000u, 0xa0000000u, 0xf0000000u, 0x88000000u, 0xcc000000u, 0xaa000000u, 0xff000000u,
        0x80800000u, 0xc0c00000u, 0xa0a00000u, 0xf0f00000u, 0x88880000u, 0xcccc0000u, 0xaaaa0000u, 0xffff0000u,
        0x80008000u, 0xc000c000u, 0xa000a000u, 0xf000f000u, 0x88008800u, 0xcc00cc00u, 0xaa00aa00u, 0xff00ff00u,
        0x80808080u, 0xc0c0c0c0u, 0xa0a0a0a0u, 0xf0f0f0f0u, 0x88888888u, 0xccccccccu, 0xaaaaaaaau, 0xffffffffu,
    },
    {
        0x80000000u, 0xc0000000u, 0x60000000u, 0x90000000u, 0xe8000000u, 0x5c000000u, 0x8e000000u, 0xc5000000u,
        0x68800000u, 0x9cc00000u, 0xee600000u, 0x55900000u, 0x80680000u, 0xc09c0000u, 0x60ee0000u, 0x90550000u,
        0xe8808000u, 0x5cc0c000u, 0x8e606000u, 0xc5909000u, 0x6868e800u, 0x9c9c5c00u, 0xeeee8e00u, 0x5555c500u,
        0x8000e880u, 0xc0005cc0u, 0x60008e60u, 0x9000c590u, 0xe8006868u, 0x5c009c9cu, 0x8e00eeeeu, 0xc5005555u,
    },
};

__device__ unsigned temper(unsigned y)
{
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= y >> 18;
    return y;
}

extern "C" __global__ void own_sobol(int n, unsigned *points, float *fpoints, unsigned *tempered,
                                     unsigned *inside)
{
    __shared__ unsigned count;
    int tid = __nvvm_read_ptx_sreg_tid_x(), nt = __nvvm_read_ptx_sreg_ntid_x();
    int g = __nvvm_read_ptx_sreg_ctaid_x() * nt + tid;
    int all = __nvvm_read_ptx_sreg_nctaid_x() * nt;
    int chunk = (n + all - 1) / all, i0 = g * chunk;
    int i1 = i0 + chunk < n ? i0 + chunk : n;
    if (tid == 0) count = 0;
    __nvvm_bar_sync(0);
    unsigned x[DIMS];
    unsigned gray = (unsigned)i0 ^ ((unsigned)i0 >> 1);
    for (int d = 0; d < DIMS; d++) {
        unsigned v = 0;
        for (unsigned b = gray, j = 0; b; b >>= 1, j++)
            if (b & 1u) v ^= sobol_v[d][j];
        x[d] = v;
    }
    unsigned mine = 0;
    for (int i = i0; i < i1; i++) {
        float f[DIMS];
        for (int d = 0; d < DIMS; d++) {
            points[i * DIMS + d] = x[d];
            f[d] = (float)(x[d] >> 8) * (1.0f / 16777216.0f);
            fpoints[i * DIMS + d] = f[d];
            tempered[i * DIMS + d] = temper(x[d]);
        }
        if (f[0] * f[0] + f[1] * f[1] + f[2] * f[2] < 1.0f) mine++;
        /* to index i + 1: the bit that changes is i's lowest zero */
        unsigned c = 0;
        for (unsigned b = (unsigned)i; b & 1u; b >>= 1) c++;
        for (int d = 0; d < DIMS; d++) x[d] ^= sobol_v[d][c];
    }
    __nvvm_atom_add_gen_i((int *)&count, (int)mine);
    __nvvm_bar_sync(0);
    if (tid == 0) __nvvm_atom_add_gen_i((int *)inside, (int)count);
}
