/* SPDX-License-Identifier: Apache-2.0 */
/* atomix.cu -- atomics beyond add: a lock-free float maximum built from
 * atomicCAS on the bit pattern in a retry loop (every thread of the grid
 * competes on one word, and on a per-block word in shared memory), a
 * ring-buffer slot counter with atomicInc (wraps to 0 past its limit) and
 * a down counter with atomicDec (wraps to the limit at 0 or above it).
 * The maxima and the final counters do not depend on the order of the
 * atomics; each thread's own slot does, so it is folded into a
 * commutative checksum (a sum) rather than stored per thread. */
__device__ float atomic_fmax(float *addr, float v)
{
    int *p = (int *)addr;
    int old = *p, assumed;
    do {
        assumed = old;
        if (__int_as_float(assumed) >= v) break;
        old = atomicCAS(p, assumed, __float_as_int(v));
    } while (old != assumed);
    return __int_as_float(old);
}
extern "C" __global__ void atomix(const unsigned *x, float *gmax, unsigned *ring, unsigned *down, unsigned *sum,
                                  float *bmax, int n, unsigned lim)
{
    __shared__ float smax;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (threadIdx.x == 0) smax = -1e30f;
    __syncthreads();
    if (i < n) {
        float v = (float)(x[i] % 1000u) * 0.5f - 100.0f;
        atomic_fmax(gmax, v);
        atomic_fmax(&smax, v);
        unsigned slot = atomicInc(ring, lim);
        unsigned d = atomicDec(down, lim);
        atomicAdd(sum, slot + d);
    }
    __syncthreads();
    if (threadIdx.x == 0) bmax[blockIdx.x] = smax;
}
