/* SPDX-License-Identifier: Apache-2.0 */
/* fwt.cu -- a fast Walsh-Hadamard transform in the style of the CUDA
 * SDK's fastWalshTransform: each block transforms a 512-element segment
 * in shared memory, radix-4 butterflies (two stages per pass, a barrier
 * between passes) while the stride allows, a last radix-2 stage when
 * log2(n) is odd; integer data (exact), a dynamic shared array. */
extern "C" __global__ void fwt(int *d, int log2n)
{
    extern __shared__ int s[];
    int n = 1 << log2n, t = threadIdx.x;
    int *seg = d + blockIdx.x * n;
    for (int i = t; i < n; i += blockDim.x) s[i] = seg[i];
    int stride = n;
    for (; stride >= 4; stride >>= 2) {
        __syncthreads();
        int q = stride >> 2;
        for (int p = t; p < n / 4; p += blockDim.x) {
            int lo = p & (q - 1);
            int i0 = ((p - lo) << 2) + lo;
            int a0 = s[i0], a1 = s[i0 + q], a2 = s[i0 + 2 * q], a3 = s[i0 + 3 * q];
            int b0 = a0 + a2, b2 = a0 - a2, b1 = a1 + a3, b3 = a1 - a3;
            s[i0] = b0 + b1;
            s[i0 + q] = b0 - b1;
            s[i0 + 2 * q] = b2 + b3;
            s[i0 + 3 * q] = b2 - b3;
        }
    }
    __syncthreads();
    if (log2n & 1) {
        for (int p = t; p < n / 2; p += blockDim.x) {
            int a = s[2 * p], b = s[2 * p + 1];
            s[2 * p] = a + b;
            s[2 * p + 1] = a - b;
        }
        __syncthreads();
    }
    for (int i = t; i < n; i += blockDim.x) seg[i] = s[i];
}
