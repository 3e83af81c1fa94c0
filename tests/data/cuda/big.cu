/* SPDX-License-Identifier: Apache-2.0 */
/* big.cu -- sixteen values kept live through an unrolled loop: clang -O2
 * names 785 virtual .f32 registers, more than the scoreboards' register ids
 * hold (dpe: 256), so dpe names the allocated registers (test_simt_cuda.sh). */
extern "C" __global__ void big(const float *x, float *y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float acc[16];
#pragma unroll
    for (int k = 0; k < 16; k++) acc[k] = x[(i + k) % n];
    float s = 0.0f;
#pragma unroll
    for (int r = 0; r < 12; r++) {
#pragma unroll
        for (int k = 0; k < 16; k++) { acc[k] = acc[k] * 0.75f + acc[(k + r) & 15] * 0.25f; s += acc[k]; }
    }
    y[i] = s;
}
