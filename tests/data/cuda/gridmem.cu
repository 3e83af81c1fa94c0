/* SPDX-License-Identifier: Apache-2.0 */
/* gridmem.cu -- a kernel to show the reference's memory follows the
 * resident CTAs, not the grid (issue 25 sec. 6; tests/test_simt_cuda.sh
 * runs it at grid 4 and grid 64 with --mem-peak): 256 threads a CTA, a
 * short loop and a shared-memory exchange, every register live. */
extern "C" __global__ void gridmem(unsigned *out, int n)
{
    __shared__ unsigned s[256];
    unsigned t = threadIdx.x, i = blockIdx.x * blockDim.x + t, h = i * 2654435761u;
    for (int k = 0; k < 3; k++) h = (h ^ (h >> 13)) * 0x5bd1e995u + k;
    s[t] = h;
    __syncthreads();
    if ((int)i < n) out[i] = s[255 - t] ^ h;
}
