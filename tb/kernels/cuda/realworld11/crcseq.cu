/* SPDX-License-Identifier: Apache-2.0 */
/* crcseq.cu -- table-driven CRCs of variable-length messages over a
 * sequence of launches, as checksum and deduplication kernels run them:
 * the first launch builds the byte tables of CRC-32 (reflected, IEEE)
 * and CRC-64 (reflected, ECMA-182) into __device__ arrays, a thread an
 * entry, eight data-dependent shift-or-xor steps each (64-bit for the
 * second); the next launches (a `for` of two, each a different slice of
 * the messages) read those tables -- module variables that persist from
 * launch to launch -- byte by byte (`ld.global.u8`, the table at a
 * data-dependent index), each thread a message whose offset and length
 * come from a descriptor word (lengths 0..39: trip counts that differ by
 * dozens inside a warp); a __device__ 64-bit counter of the bytes hashed
 * grows by atomicAdd in every launch, and a last launch copies it out. */
__device__ unsigned crc32_tab[256];
__device__ unsigned long long crc64_tab[256];
__device__ unsigned long long hashed_bytes;

extern "C" __global__ void crc_tables()
{
    const unsigned i = threadIdx.x + blockIdx.x * blockDim.x;
    unsigned c = i;
    unsigned long long d = i;
    for (int k = 0; k < 8; k++) {
        c = (c & 1) ? 0xedb88320u ^ (c >> 1) : c >> 1;
        d = (d & 1) ? 0xc96c5795d7870f42ull ^ (d >> 1) : d >> 1;
    }
    crc32_tab[i] = c;
    crc64_tab[i] = d;
    if (i == 0) hashed_bytes = 0;
}

extern "C" __global__ void crc_msgs(const unsigned *__restrict__ desc, const unsigned char *__restrict__ data,
                                    int first, int n, unsigned *crc32, unsigned long long *crc64)
{
    const int m = first + blockIdx.x * blockDim.x + threadIdx.x;
    if (m >= first + n) return;
    const unsigned dw = desc[m];
    const unsigned off = dw % 1024u, len = (dw >> 10) % 40u;
    unsigned c = 0xffffffffu;
    unsigned long long d = ~0ull;
    for (unsigned k = 0; k < len; k++) {
        const unsigned char b = data[off + k];
        c = crc32_tab[(c ^ b) & 0xff] ^ (c >> 8);
        d = crc64_tab[(unsigned)(d ^ b) & 0xff] ^ (d >> 8);
    }
    crc32[m] = ~c;
    crc64[m] = ~d;
    atomicAdd(&hashed_bytes, (unsigned long long)len);
}

extern "C" __global__ void crc_report(unsigned long long *out) { *out = hashed_bytes; }
