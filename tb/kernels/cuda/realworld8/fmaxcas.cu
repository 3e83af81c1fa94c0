/* SPDX-License-Identifier: Apache-2.0 */
/* fmaxcas.cu -- float extremes by compare-and-swap loops, as code written
 * before CUDA had float atomicMax does it: a per-block maximum in shared
 * memory by an atomicCAS loop on the float's bits (retrying while another
 * thread changed the word, leaving as soon as the stored value is no
 * smaller), a global minimum the same way through a
 * __float_as_int/__int_as_float round trip, and the global arg-max as one
 * 64-bit word (the value's order-preserving key in the top half, the
 * complement of the index below, so the lowest index wins a tie) raised by
 * atomicMax on unsigned long long.  Each thread scans a strided slice of
 * the input (a grid-stride loop) and skips NaN inputs (x != x) with
 * `continue`.  The block result is read back through a volatile pointer
 * after the barrier.  Every final word is independent of the order the
 * atomics ran in. */
__device__ __forceinline__ unsigned order_key(float f)
{
    unsigned u = __float_as_uint(f);
    return (u & 0x80000000u) ? ~u : (u | 0x80000000u);
}

__device__ void atomic_max_float(float *addr, float v)
{
    int *a = (int *)addr;
    int old = *a, assumed;
    do {
        assumed = old;
        if (__int_as_float(assumed) >= v) return;
        old = atomicCAS(a, assumed, __float_as_int(v));
    } while (old != assumed);
}

__device__ void atomic_min_float(float *addr, float v)
{
    int *a = (int *)addr;
    int old = *a;
    while (v < __int_as_float(old)) {
        int prev = atomicCAS(a, old, __float_as_int(v));
        if (prev == old) break;
        old = prev;
    }
}

extern "C" __global__ void fmaxcas(const float *__restrict__ x, int n, float *block_max, float *gmin,
                                    unsigned long long *argmax, int *nans)
{
    __shared__ float smax;
    __shared__ int snan;
    if (threadIdx.x == 0) { smax = -__int_as_float(0x7f800000); snan = 0; }
    __syncthreads();
    float lmin = __int_as_float(0x7f800000);
    unsigned long long best = 0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        float v = x[i];
        if (v != v) { atomicAdd(&snan, 1); continue; }
        atomic_max_float(&smax, v);
        lmin = fminf(lmin, v);
        unsigned long long key = ((unsigned long long)order_key(v) << 32) | (unsigned)~i;
        if (key > best) best = key;
    }
    if (best) atomicMax(argmax, best);
    if (lmin < __int_as_float(0x7f800000)) atomic_min_float(gmin, lmin);
    __syncthreads();
    if (threadIdx.x == 0) {
        block_max[blockIdx.x] = *(volatile float *)&smax;
        atomicAdd(nans, *(volatile int *)&snan);
    }
}
