/* SPDX-License-Identifier: Apache-2.0 */
/* gridstride.cu -- grid-stride loops over a 64-bit hash and integer
 * division by run-time values: each thread mixes its elements with a
 * 64-bit multiply-xorshift (a template helper, inlined), splits each into
 * quotient and remainder by divisors from the parameters (signed and
 * unsigned div/rem by variables), and folds them into 64-bit sums.  The
 * stride is gridDim.x * blockDim.x, so the number of trips differs per
 * thread when n is not a multiple of it. */
template <typename T> __device__ __forceinline__ T mix(T v, T k)
{
    v ^= v >> 29;
    v *= k;
    v ^= v >> 32;
    return v;
}
extern "C" __global__ void gridstride(const unsigned *in, unsigned long long *h, int *q, unsigned *r,
                                      long long *acc, int n, int dv, unsigned du)
{
    long long s = 0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        unsigned long long v = mix<unsigned long long>((unsigned long long)in[i] << 7 | i,
                                                       0x9e3779b97f4a7c15ull);
        h[i] = v;
        int sv = (int)(v >> 40) - (1 << 23);
        q[i] = sv / dv + sv % dv;
        r[i] = (unsigned)v / du - (unsigned)(v >> 32) % (du + (unsigned)i);
        s += (long long)sv * (long long)q[i] - (long long)(v % 1000003ull);
    }
    acc[blockIdx.x * blockDim.x + threadIdx.x] = s;
}
