/* SPDX-License-Identifier: Apache-2.0 */
/* rsgf.cu -- Reed-Solomon RS(12, 8) over GF(2^8) (polynomial 0x11d), as
 * storage and QR-code decoders run it: thread 0 builds the exp table
 * in shared memory (512 entries, doubled so that log a + log b needs no
 * reduction) while the rest wait, the block fills the log table by a
 * strided scatter, the generator is a `__constant__` table, then each thread
 * encodes its 8 random data bytes with the LFSR divider (a local array
 * of 4 parity bytes, a table multiply whose zero operands branch), plants
 * e = 0..3 errors (positions 7 apart, nonzero magnitudes, from the
 * thread's control word), computes the 4 syndromes by Horner's rule, and
 * if they are not all zero tests for a single error: the locator from
 * log S1 - log S0 (mod 255), every later syndrome checked against it, the
 * error corrected in place.  Status 0 (clean), 1 (one error, corrected),
 * 2 (more than one: detected, not corrected); each block counts its
 * statuses with shared atomicAdd. */
#define NPAR 4
#define NDATA 8
#define NCODE 12

__shared__ unsigned char gexp[512];
__shared__ unsigned char glog[256];
/* g(x) = (x - 1)(x - a)(x - a^2)(x - a^3), x^k's coefficient at k (as codecs
 * ship it, a constant table) */
__constant__ unsigned char gen[NPAR + 1] = {0x40, 0x78, 0x36, 0x0f, 0x01};

static __device__ unsigned gmul(unsigned a, unsigned b)
{
    if (a == 0 || b == 0) return 0;
    return gexp[glog[a] + glog[b]];
}

extern "C" __global__ void rsgf(const unsigned *rnd, unsigned char *code, unsigned char *synd,
                                unsigned *info, unsigned *stats, int n)
{
    __shared__ unsigned cnt[3];
    const int t = threadIdx.x;
    if (t == 0) {
        unsigned x = 1;
        for (int i = 0; i < 255; i++) {
            gexp[i] = (unsigned char)x;
            x <<= 1;
            if (x & 0x100u) x ^= 0x11du;
        }
    }
    if (t < 3) cnt[t] = 0;
    __syncthreads();
    for (int i = t; i < 255; i += blockDim.x) {
        gexp[i + 255] = gexp[i];
        glog[gexp[i]] = (unsigned char)i;
    }
    if (t == 0) {
        glog[0] = 0;
        gexp[510] = gexp[0];
        gexp[511] = gexp[1];
    }
    __syncthreads();
    const int g = blockIdx.x * blockDim.x + t;
    if (g < n) {
        const unsigned *r = rnd + g * 3;
        unsigned char *c = code + g * NCODE;
        unsigned char par[NPAR];
        for (int j = 0; j < NPAR; j++) par[j] = 0;
        for (int i = 0; i < NDATA; i++) {
            const unsigned d = (r[i >> 2] >> (8 * (i & 3))) & 0xffu;
            c[i] = (unsigned char)d;
            const unsigned fb = d ^ par[0];
            for (int j = 0; j < NPAR - 1; j++) par[j] = (unsigned char)(par[j + 1] ^ gmul(fb, gen[NPAR - 1 - j]));
            par[NPAR - 1] = (unsigned char)gmul(fb, gen[0]);
        }
        for (int j = 0; j < NPAR; j++) c[NDATA + j] = par[j];
        /* the channel */
        const unsigned ctl = r[2];
        const int e = (int)(ctl & 3u);
        const int p0 = (int)((ctl >> 2) % NCODE);
        for (int k = 0; k < e; k++) {
            const unsigned mag = 1u + ((ctl >> (8 + 8 * k)) & 0xffu) % 255u;
            c[(p0 + 7 * k) % NCODE] ^= (unsigned char)mag;
        }
        /* syndromes S_j = c(a^j) */
        unsigned s[NPAR];
        bool clean = true;
        for (int j = 0; j < NPAR; j++) {
            unsigned v = 0;
            for (int i = 0; i < NCODE; i++) v = gmul(v, gexp[j]) ^ c[i];
            s[j] = v;
            synd[g * NPAR + j] = (unsigned char)v;
            if (v) clean = false;
        }
        unsigned status = 0, loc = 0, mag = 0;
        if (!clean) {
            status = 2;
            if (s[0] != 0 && s[1] != 0) {
                const unsigned lx = (glog[s[1]] + 255u - glog[s[0]]) % 255u;
                bool one = lx < NCODE;
                for (int j = 1; one && j < NPAR - 1; j++)
                    if (s[j + 1] != gmul(s[j], gexp[lx])) one = false;
                if (one) {
                    loc = NCODE - 1 - lx;
                    mag = s[0];
                    c[loc] ^= (unsigned char)mag;
                    status = 1;
                }
            }
        }
        info[3 * g] = status;
        info[3 * g + 1] = loc;
        info[3 * g + 2] = mag;
        atomicAdd(&cnt[status], 1u);
    }
    __syncthreads();
    if (t < 3) stats[3 * blockIdx.x + t] = cnt[t];
}
