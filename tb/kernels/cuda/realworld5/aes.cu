/* SPDX-License-Identifier: Apache-2.0 */
/* aes.cu -- AES-128 encryption of one 16-byte block per thread, in the
 * shape of the GPU AES of GPGPU-Sim's ISPASS-2009 set: the S-box is a
 * __constant__ table built at compile time by a constexpr function (the
 * field inverse in GF(2^8) and the affine map), copied to shared memory
 * byte by byte; thread 0 expands the key into shared memory (RotWord as a
 * funnel shift, SubWord through __byte_perm) before a barrier; each round
 * takes the state's bytes out by shifts and masks (bfe), puts them back
 * with __byte_perm (prmt) and mixes columns with packed xtime and
 * rotates (shf).  The state is little-endian words of four bytes, one a
 * column, as FIPS-197's byte order gives them. */
struct SBox { unsigned char v[256]; };

constexpr unsigned gf_mul(unsigned a, unsigned b)
{
    unsigned r = 0;
    for (int i = 0; i < 8; i++) {
        if (b & 1) r ^= a;
        b >>= 1;
        a <<= 1;
        if (a & 0x100) a ^= 0x11b;
    }
    return r;
}

constexpr SBox make_sbox()
{
    SBox s{};
    for (unsigned x = 0; x < 256; x++) {
        unsigned inv = 0; /* x^254, the inverse (0 for 0) */
        unsigned p = x, e = 254;
        unsigned acc = 1;
        while (e) {
            if (e & 1) acc = gf_mul(acc, p);
            p = gf_mul(p, p);
            e >>= 1;
        }
        inv = x ? acc : 0;
        unsigned b = inv;
        unsigned r = b;
        for (int k = 1; k < 5; k++) r ^= ((b << k) | (b >> (8 - k))) & 0xff;
        s.v[x] = (unsigned char)(r ^ 0x63);
    }
    return s;
}

__constant__ SBox c_sbox = make_sbox();

__device__ __forceinline__ unsigned rotr8(unsigned w, unsigned n) { return __funnelshift_r(w, w, n); }

__device__ __forceinline__ unsigned xtime4(unsigned x)
{
    return ((x & 0x7f7f7f7fu) << 1) ^ (((x >> 7) & 0x01010101u) * 0x1bu);
}

__device__ __forceinline__ unsigned pack4(unsigned b0, unsigned b1, unsigned b2, unsigned b3)
{
    return __byte_perm(__byte_perm(b0, b1, 0x0040), __byte_perm(b2, b3, 0x0040), 0x5410);
}

__device__ __forceinline__ unsigned sub_word(const unsigned char *sb, unsigned w)
{
    return pack4(sb[w & 0xff], sb[(w >> 8) & 0xff], sb[(w >> 16) & 0xff], sb[w >> 24]);
}

extern "C" __global__ void aes(const uint4 *__restrict__ in, uint4 *__restrict__ out,
                               const unsigned *__restrict__ key, int n)
{
    __shared__ unsigned char sb[256];
    __shared__ unsigned rk[44];
    for (int i = threadIdx.x; i < 256; i += blockDim.x) sb[i] = c_sbox.v[i];
    __syncthreads();
    if (threadIdx.x == 0) {
        unsigned rcon = 1;
        for (int i = 0; i < 4; i++) rk[i] = __ldg(&key[i]);
        for (int i = 4; i < 44; i++) {
            unsigned t = rk[i - 1];
            if ((i & 3) == 0) {
                t = sub_word(sb, rotr8(t, 8)) ^ rcon;
                rcon = xtime4(rcon);
            }
            rk[i] = rk[i - 4] ^ t;
        }
    }
    __syncthreads();
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    if (g >= n) return;
    uint4 v = in[g];
    unsigned s[4] = {v.x ^ rk[0], v.y ^ rk[1], v.z ^ rk[2], v.w ^ rk[3]};
    for (int r = 1; r <= 10; r++) {
        unsigned t[4];
#pragma unroll
        for (int c = 0; c < 4; c++)
            t[c] = pack4(sb[s[c] & 0xff], sb[(s[(c + 1) & 3] >> 8) & 0xff],
                         sb[(s[(c + 2) & 3] >> 16) & 0xff], sb[s[(c + 3) & 3] >> 24]);
#pragma unroll
        for (int c = 0; c < 4; c++) {
            unsigned w = t[c];
            if (r < 10) {
                unsigned r1 = rotr8(w, 8);
                w = xtime4(w ^ r1) ^ r1 ^ rotr8(w, 16) ^ rotr8(w, 24);
            }
            s[c] = w ^ rk[4 * r + c];
        }
    }
    out[g] = make_uint4(s[0], s[1], s[2], s[3]);
}
