/* SPDX-License-Identifier: Apache-2.0 */
/* scan.cu -- a block-wide exclusive prefix sum (work-efficient up-sweep and
 * down-sweep over a shared array of twice the block, templated on the
 * element type and the operation), and a second entry in the same file
 * that adds each block's total to the next blocks' elements (the launch
 * runs one entry; the module holds both).  Elements are 64-bit integers
 * from the ramp and random words; the block's total goes to a per-block
 * array.  A thread with nothing to load contributes the identity. */
struct Add {
    template <typename T> __device__ __forceinline__ T operator()(T a, T b) const { return a + b; }
};
template <typename T, typename Op>
__device__ __forceinline__ void block_scan(T *s, unsigned n2, Op op, T identity, T *total)
{
    unsigned t = threadIdx.x, off = 1;
    for (unsigned d = n2 >> 1; d > 0; d >>= 1) {
        __syncthreads();
        if (t < d) {
            unsigned a = off * (2 * t + 1) - 1, b = off * (2 * t + 2) - 1;
            s[b] = op(s[b], s[a]);
        }
        off <<= 1;
    }
    if (t == 0) {
        *total = s[n2 - 1];
        s[n2 - 1] = identity;
    }
    for (unsigned d = 1; d < n2; d <<= 1) {
        off >>= 1;
        __syncthreads();
        if (t < d) {
            unsigned a = off * (2 * t + 1) - 1, b = off * (2 * t + 2) - 1;
            T x = s[a];
            s[a] = s[b];
            s[b] = op(s[b], x);
        }
    }
    __syncthreads();
}
extern "C" __global__ void scan(const unsigned *rnd, long long *out, long long *totals, int n)
{
    __shared__ long long s[128];
    __shared__ long long total;
    unsigned t = threadIdx.x, base = blockIdx.x * 2 * blockDim.x;
    for (unsigned k = 0; k < 2; k++) {
        unsigned i = base + t + k * blockDim.x;
        s[t + k * blockDim.x] = i < (unsigned)n ? (long long)(int)rnd[i] >> 12 : 0;
    }
    block_scan<long long>(s, 2 * blockDim.x, Add(), 0ll, &total);
    for (unsigned k = 0; k < 2; k++) {
        unsigned i = base + t + k * blockDim.x;
        if (i < (unsigned)n) out[i] = s[t + k * blockDim.x];
    }
    if (t == 0) totals[blockIdx.x] = total;
}
extern "C" __global__ void scan_add(long long *out, const long long *totals, int n)
{
    long long add = 0;
    for (unsigned b = 0; b < blockIdx.x; b++) add += totals[b];
    for (unsigned k = 0; k < 2; k++) {
        unsigned i = blockIdx.x * 2 * blockDim.x + threadIdx.x + k * blockDim.x;
        if (i < (unsigned)n) out[i] += add;
    }
}
