/* SPDX-License-Identifier: Apache-2.0 */
/* bitonic.cu -- bitonic sort of 256 keys per CTA in shared memory (CUDA
 * SDK sortingNetworks' shape): for each stage size k and stride j, thread t
 * compares t with t^j when t^j > t, the direction set by t & k; a barrier
 * after every step. */
extern "C" __global__ void bitonic(const unsigned *in, unsigned *out)
{
    __shared__ unsigned s[256];
    unsigned t = threadIdx.x, base = blockIdx.x * 256u;
    s[t] = in[base + t] >> 8;
    __syncthreads();
    for (unsigned k = 2; k <= 256u; k <<= 1)
        for (unsigned j = k >> 1; j > 0; j >>= 1) {
            unsigned p = t ^ j;
            if (p > t) {
                unsigned a = s[t], b = s[p];
                int up = (t & k) == 0;
                if ((a > b) == up) {
                    s[t] = b;
                    s[p] = a;
                }
            }
            __syncthreads();
        }
    out[base + t] = s[t];
}
