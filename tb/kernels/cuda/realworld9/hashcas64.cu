/* SPDX-License-Identifier: Apache-2.0 */
/* hashcas64.cu -- a GPU hash table with open addressing, as hash-join and
 * deduplication kernels write it: 64-bit keys inserted by linear probing
 * with atomicCAS on unsigned long long (the empty key all ones), the
 * count of each key raised by atomicAdd in the slot's value word, then a
 * lookup kernel probing for query keys (some absent) until an empty slot.
 * The keys come from a 64-bit mix of a small random id (many duplicates,
 * long probe runs: the table is 64 slots for 41 distinct keys); the
 * probe's start is the key's high bits modulo the size (a 64-bit
 * remainder).  Which slot a key lands in depends on the order the
 * inserting threads ran in, so the table is reported as order-dependent;
 * the counts found by the lookups and the number of keys inserted new are
 * not, and are compared. */
#define EMPTY 0xffffffffffffffffull

static __device__ unsigned long long key_of(unsigned id)
{
    unsigned long long z = (unsigned long long)id * 0x9e3779b97f4a7c15ull + 0x632be59bd9b4e019ull;
    z = (z ^ (z >> 31)) * 0xd6e8feb86659fd93ull;
    return z ^ (z >> 32);
}

static __device__ unsigned slot_of(unsigned long long k, unsigned long long size) { return (unsigned)((k >> 20) % size); }

extern "C" __global__ void ht_clear(unsigned long long *keys, unsigned *vals, int size)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < size) {
        keys[i] = EMPTY;
        vals[i] = 0;
    }
}

extern "C" __global__ void ht_insert(const unsigned *__restrict__ rnd, int n, unsigned long long *keys,
                                     unsigned *vals, int size, unsigned *fresh)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        const unsigned long long k = key_of(__ldg(&rnd[i]) % 41u);
        unsigned s = slot_of(k, (unsigned long long)size);
        for (;;) {
            const unsigned long long prev = atomicCAS(&keys[s], EMPTY, k);
            if (prev == EMPTY || prev == k) {
                atomicAdd(&vals[s], 1u);
                if (prev == EMPTY) atomicAdd(fresh, 1u);
                break;
            }
            s = s + 1 == (unsigned)size ? 0 : s + 1;
        }
    }
}

extern "C" __global__ void ht_lookup(const unsigned long long *__restrict__ keys, const unsigned *__restrict__ vals,
                                     int size, int nq, unsigned *count, unsigned *missing)
{
    const int q = blockIdx.x * blockDim.x + threadIdx.x;
    if (q >= nq) return;
    const unsigned long long k = key_of((unsigned)q);
    unsigned s = slot_of(k, (unsigned long long)size), c = 0;
    for (int p = 0; p < size; p++) {
        const unsigned long long t = keys[s];
        if (t == k) {
            c = vals[s];
            break;
        }
        if (t == EMPTY) break;
        s = (s + 1) % (unsigned)size;
    }
    count[q] = c;
    if (c == 0) atomicAdd(missing, 1u);
}
