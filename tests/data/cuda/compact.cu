/* SPDX-License-Identifier: Apache-2.0 */
/* compact.cu -- stream compaction by an atomic counter: each thread whose
 * element is odd takes the next slot of out with atomicAdd's returned
 * value.  The count is the same in any order; which element lands in which
 * slot is not (the planted order-dependent kernel of test_simt_cuda.sh). */
extern "C" __global__ void compact(const int *in, int *count, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && (in[i] & 1)) {
        int pos = atomicAdd(count, 1);
        out[pos] = in[i];
    }
}
