/* SPDX-License-Identifier: Apache-2.0 */
/* bloom.cu -- a Bloom filter of 4096 bits and 4 hashes (800 keys: about half the bits set), built by one
 * launch and queried by the next, as deduplication and join filters do
 * it: the keys are 20-bit values from random words; the two base hashes
 * are affine maps modulo primes in 64-bit arithmetic (`u64` products and
 * remainders), the k probes h1 + i * h2 mod m (double hashing).  The
 * build stages the block's bits in a shared copy of the filter with
 * atomicOr (whose results nobody reads), then ORs the nonzero words into
 * the global filter with atomicOr.  The query reads the filter through
 * `const __restrict__` pointers and `__ldg`, stops at the first clear bit
 * (a data-dependent exit), records the answer and the probes it took, and
 * counts the positives with atomicAdd.  Even queries ask for an inserted
 * key, odd ones for a fresh key (false positives possible). */
#define MBITS 4096
#define MWORDS (MBITS / 32)
#define NHASH 4

static __device__ unsigned key_of(unsigned w) { return w & 0xfffffu; }

static __device__ void hashes(unsigned k, unsigned *h1, unsigned *h2)
{
    const unsigned long long x = (unsigned long long)k;
    *h1 = (unsigned)((x * 40503ull + 2654ull) % 65521ull) % MBITS;
    *h2 = 1u + (unsigned)((x * 52837ull + 977ull) % 65519ull) % (MBITS - 1);
}

extern "C" __global__ void bloom_build(const unsigned *keys, unsigned *filter, int nkeys)
{
    __shared__ unsigned f[MWORDS];
    for (int i = threadIdx.x; i < MWORDS; i += blockDim.x) f[i] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < nkeys; i += gridDim.x * blockDim.x) {
        unsigned h1, h2;
        hashes(key_of(keys[i]), &h1, &h2);
        for (int j = 0; j < NHASH; j++) {
            const unsigned bit = (h1 + j * h2) % MBITS;
            atomicOr(&f[bit >> 5], 1u << (bit & 31));
        }
    }
    __syncthreads();
    for (int i = threadIdx.x; i < MWORDS; i += blockDim.x)
        if (f[i]) atomicOr(&filter[i], f[i]);
}

extern "C" __global__ void bloom_query(const unsigned *__restrict__ keys, const unsigned *__restrict__ fresh,
                                       const unsigned *__restrict__ filter, unsigned *found,
                                       unsigned *probes, unsigned *positives, int nq)
{
    const int q = blockIdx.x * blockDim.x + threadIdx.x;
    if (q >= nq) return;
    const unsigned k = key_of(q & 1 ? __ldg(&fresh[q >> 1]) : __ldg(&keys[q >> 1]));
    unsigned h1, h2;
    hashes(k, &h1, &h2);
    int j = 0;
    bool in = true;
    for (; j < NHASH; j++) {
        const unsigned bit = (h1 + j * h2) % MBITS;
        if (!((__ldg(&filter[bit >> 5]) >> (bit & 31)) & 1u)) {
            in = false;
            break;
        }
    }
    found[q] = in;
    probes[q] = in ? NHASH : j + 1;
    if (in) atomicAdd(positives, 1u);
}
