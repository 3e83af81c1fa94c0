/* SPDX-License-Identifier: Apache-2.0 */
/* libcalls.cu -- a kernel written as CUDA code is: the toolkit's and the C
 * library's includes, device printf, assert, and math functions of the C
 * library that the project header does not define (the PTX calls them as
 * extern functions: tb/simt/ptx_lib.c runs them with the host C library's
 * result, which the host reference computes too).  Each thread derives x
 * from a random word (after counting the block's active threads, with
 * <cooperative_groups.h>' thread_block sync), calls float and double
 * functions, frexpf and modff
 * (results through pointers), std::sqrt, std::fabs and std::abs (the
 * header's functions, qualified), std::erfc and std::lgamma (the C
 * library's), and every fifth thread prints a line; the
 * printed text is compared with the host reference's
 * (tests/test_simt_cuda.sh). */
#include <cuda_runtime.h>
#include <device_launch_parameters.h>
#include <cooperative_groups.h>
#include <cassert>
#include <cfloat>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <stdlib.h>

__device__ float mixf(float x)
{
    int e;
    float m = frexpf(x, &e); /* the header's frexpf */
    float ip;
    float fr = modff(x, &ip); /* the C library's, through a pointer */
    return m * (float)e + fr - ip + fdimf(x, 0.5f) + erfcf(x * 0.25f) + tgammaf(fabsf(x) * 0.3f + 0.5f);
}

namespace cg = cooperative_groups;

__global__ void libcalls(const unsigned *in, float *out, double *dout, int *iout, int n)
{
    __shared__ int arrived;
    cg::thread_block block = cg::this_thread_block();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    assert(blockDim.x <= 1024 && gridDim.x > 0);
    if (block.thread_rank() == 0) arrived = 0;
    block.sync();
    if (i < n) atomicAdd(&arrived, 1);
    cg::sync(block);
    if (i >= n) return;
    float x = (float)(int)(in[i] % 2001u) * 0.01f - 10.0f;
    float y = mixf(x) + lgammaf(fabsf(x) + 1.0f) + atanhf(x * 0.09f) + hypotf(x, 3.0f) + log1pf(fabsf(x));
    out[2 * i] = y;
    out[2 * i + 1] = remainderf(x, 1.5f) + nextafterf(x, 0.0f) + cbrtf(x) + FLT_EPSILON +
                     (float)std::sqrt(std::fabs((double)x));
    double d = (double)x;
    dout[2 * i] = expm1(d * 0.1) + erf(d) + tgamma(fabs(d) * 0.2 + 1.0) + fmod(d, 0.7);
    dout[2 * i + 1] = asinh(d) + cosh(d * 0.1) + logb(d + 20.0) + copysign(1.5, d) + std::erfc(d * 0.5) +
                      std::lgamma(x * 0.5f + 6.0f);
    iout[2 * i] = ilogbf(y) + (int)lroundf(x * 10.0f) + 1000 * arrived;
    iout[2 * i + 1] = (int)llrint(d * 100.0) + (i < INT_MAX ? 1 : 0) + std::abs(i - 30);
    if (i % 5 == 0)
        printf("thread %2d: x=%+.3f y=%-12.5e d=%g n=%5d%c %s\n", i, x, y, dout[2 * i], iout[2 * i],
               x < 0.0f ? '-' : '+', x < 0.0f ? "negative" : "positive");
}
