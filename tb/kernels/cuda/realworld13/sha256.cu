/* SPDX-License-Identifier: Apache-2.0 */
/* sha256.cu -- SHA-256 (FIPS 180-4) of one message a thread, as password
 * crackers and content-addressed stores run it: thread t's message is the
 * first len bytes of its 128-byte slot of a random buffer, len = 5 + the
 * slot's first word mod 51 (one block after padding: the block loop is
 * general, the launch keeps to one block for make test's time; where the
 * padding starts differs from thread to thread).  Each block's 16 words are read big-endian byte by
 * byte (u8 loads), the padding (0x80, zeros, the 64-bit bit length) is
 * made on the fly by a per-byte `if` chain, the schedule is kept in a
 * rolling 16-word window (W[i & 15], a local array at a variable index),
 * the round constants come from `__constant__`, the rotations are
 * `(x >> n) | (x << (32 - n))`.  The digest goes out as 32 bytes,
 * big-endian, and each block adds its threads' block counts with a shared
 * atomicAdd. */
#define SLOT 128

__constant__ unsigned K256[64] = {
    0x428a2f98u, 0x71374491u, 0xb5c0fbcfu, 0xe9b5dba5u, 0x3956c25bu, 0x59f111f1u, 0x923f82a4u, 0xab1c5ed5u,
    0xd807aa98u, 0x12835b01u, 0x243185beu, 0x550c7dc3u, 0x72be5d74u, 0x80deb1feu, 0x9bdc06a7u, 0xc19bf174u,
    0xe49b69c1u, 0xefbe4786u, 0x0fc19dc6u, 0x240ca1ccu, 0x2de92c6fu, 0x4a7484aau, 0x5cb0a9dcu, 0x76f988dau,
    0x983e5152u, 0xa831c66du, 0xb00327c8u, 0xbf597fc7u, 0xc6e00bf3u, 0xd5a79147u, 0x06ca6351u, 0x14292967u,
    0x27b70a85u, 0x2e1b2138u, 0x4d2c6dfcu, 0x53380d13u, 0x650a7354u, 0x766a0abbu, 0x81c2c92eu, 0x92722c85u,
    0xa2bfe8a1u, 0xa81a664bu, 0xc24b8b70u, 0xc76c51a3u, 0xd192e819u, 0xd6990624u, 0xf40e3585u, 0x106aa070u,
    0x19a4c116u, 0x1e376c08u, 0x2748774cu, 0x34b0bcb5u, 0x391c0cb3u, 0x4ed8aa4au, 0x5b9cca4fu, 0x682e6ff3u,
    0x748f82eeu, 0x78a5636fu, 0x84c87814u, 0x8cc70208u, 0x90befffau, 0xa4506cebu, 0xbef9a3f7u, 0xc67178f2u};

static __device__ unsigned rotr(unsigned x, int n) { return (x >> n) | (x << (32 - n)); }

/* byte j of the padded message of length len (bytes) */
static __device__ unsigned padded(const unsigned char *m, int len, int nblk, int j)
{
    if (j < len) return m[j];
    if (j == len) return 0x80u;
    const int end = nblk * 64;
    if (j < end - 4) return 0; /* the length's high 32 bits are zero here */
    const unsigned bits = (unsigned)len * 8u;
    return (bits >> (8 * (end - 1 - j))) & 0xffu;
}

extern "C" __global__ void sha256(const unsigned char *msgs, unsigned char *digest,
                                  unsigned *lens, unsigned *blocks, int n)
{
    __shared__ unsigned nb;
    if (threadIdx.x == 0) nb = 0;
    __syncthreads();
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t < n) {
        const unsigned char *m = msgs + (size_t)t * SLOT;
        const unsigned w0 = m[0] | (m[1] << 8) | (m[2] << 16) | ((unsigned)m[3] << 24);
        const int len = 5 + (int)(w0 % 51u);
        const int nblk = (len + 8) / 64 + 1;
        unsigned h[8] = {0x6a09e667u, 0xbb67ae85u, 0x3c6ef372u, 0xa54ff53au,
                         0x510e527fu, 0x9b05688cu, 0x1f83d9abu, 0x5be0cd19u};
        for (int b = 0; b < nblk; b++) {
            unsigned W[16];
            for (int i = 0; i < 16; i++) {
                const int j = b * 64 + 4 * i;
                W[i] = (padded(m, len, nblk, j) << 24) | (padded(m, len, nblk, j + 1) << 16) |
                       (padded(m, len, nblk, j + 2) << 8) | padded(m, len, nblk, j + 3);
            }
            unsigned a = h[0], bb = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
            for (int i = 0; i < 64; i++) {
                unsigned w;
                if (i < 16) w = W[i];
                else {
                    const unsigned x = W[(i - 15) & 15], y = W[(i - 2) & 15];
                    const unsigned s0 = rotr(x, 7) ^ rotr(x, 18) ^ (x >> 3);
                    const unsigned s1 = rotr(y, 17) ^ rotr(y, 19) ^ (y >> 10);
                    w = W[i & 15] + s0 + W[(i - 7) & 15] + s1;
                    W[i & 15] = w;
                }
                const unsigned S1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
                const unsigned ch = (e & f) ^ (~e & g);
                const unsigned t1 = hh + S1 + ch + K256[i] + w;
                const unsigned S0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
                const unsigned mj = (a & bb) ^ (a & c) ^ (bb & c);
                const unsigned t2 = S0 + mj;
                hh = g; g = f; f = e; e = d + t1;
                d = c; c = bb; bb = a; a = t1 + t2;
            }
            h[0] += a; h[1] += bb; h[2] += c; h[3] += d;
            h[4] += e; h[5] += f; h[6] += g; h[7] += hh;
        }
        for (int i = 0; i < 32; i++) digest[t * 32 + i] = (unsigned char)(h[i >> 2] >> (24 - 8 * (i & 3)));
        lens[t] = (unsigned)len;
        atomicAdd(&nb, (unsigned)nblk);
    }
    __syncthreads();
    if (threadIdx.x == 0) blocks[blockIdx.x] = nb;
}
