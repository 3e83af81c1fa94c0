/* SPDX-License-Identifier: Apache-2.0 */
/* fatomic.cu -- floating-point atomics: atomicAdd on float (global and
 * shared) of values that are small integers, so every order of the adds
 * gives the same sum and the result is compared; a float maximum built from
 * atomicCAS on the value's bits (the classic retry loop: the CAS's returned
 * value steers the loop, so the threads' paths depend on the order and only
 * the memory is compared); and an unsigned 64-bit atomicAdd. */
__device__ __forceinline__ float atomic_fmax(float *addr, float v)
{
    unsigned *a = (unsigned *)addr;
    unsigned old = *a, assumed;
    do {
        assumed = old;
        if (__uint_as_float(assumed) >= v) break;
        old = atomicCAS(a, assumed, __float_as_uint(v));
    } while (old != assumed);
    return __uint_as_float(old);
}
extern "C" __global__ void fatomic(const unsigned *rnd, float *sums, float *mx, unsigned long long *tot, int n)
{
    __shared__ float part[4];
    int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
    if (t < 4) part[t] = 0.0f;
    __syncthreads();
    if (i < n) {
        unsigned r = rnd[i];
        float v = (float)(int)(r % 201u) - 100.0f;
        atomicAdd(&part[r >> 30], v);
        atomicAdd(&sums[(r >> 8) % 5], v * 0.5f);
        atomic_fmax(&mx[blockIdx.x], v * 1.25f);
        atomicAdd(tot, (unsigned long long)r * 4099ull);
    }
    __syncthreads();
    if (t < 4) sums[5 + blockIdx.x * 4 + t] = part[t];
}
