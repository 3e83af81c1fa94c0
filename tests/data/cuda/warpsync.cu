/* SPDX-License-Identifier: Apache-2.0 */
/* warpsync.cu -- a block sum whose last 64 elements are added warp-synchronously
 * through volatile shared memory with no barrier (the classic SDK reduction's
 * unrolled tail): a race that lockstep warps of 32 resolve one way and a
 * thread-by-thread order another (the planted race of test_simt_cuda.sh). */
extern "C" __global__ void warpsync(const int *in, int *out, int n)
{
    __shared__ int s[128];
    unsigned t = threadIdx.x;
    int i = blockIdx.x * blockDim.x + t;
    s[t] = i < n ? in[i] & 1023 : 0;
    __syncthreads();
    for (unsigned k = blockDim.x / 2; k > 32; k >>= 1) {
        if (t < k) s[t] += s[t + k];
        __syncthreads();
    }
    if (t < 32) {
        volatile int *v = s;
        v[t] += v[t + 32]; v[t] += v[t + 16]; v[t] += v[t + 8];
        v[t] += v[t + 4]; v[t] += v[t + 2]; v[t] += v[t + 1];
    }
    if (t == 0) out[blockIdx.x] = s[0];
}
