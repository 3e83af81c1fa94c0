/* SPDX-License-Identifier: Apache-2.0 */
/* unsupported.cu -- what real kernels use and the PTX front end refuses
 * with one line `file:line: unsupported PTX: ...` (exit 2), one entry
 * each (tests/test_simt_cuda.sh runs every entry through unsupported.launch
 * with --entry): a recursive __device__ function (a `call` the front end
 * cannot inline; calls of other functions are inlined, tb/simt/ptx_call.c),
 * a producer/consumer barrier (bar.arrive with a thread count, as inline
 * PTX: cuda::barrier and named barriers; bar.red, __syncthreads_count and
 * kin, runs, tb/kernels/cuda/realworld3), and the legacy warp forms before
 * PTX 6.0 (shfl and vote without .sync and a membermask, as inline PTX:
 * CUDA 9 deprecated the intrinsics that made them; the .sync forms run,
 * tb/kernels/cuda/warp).  Not run: the refusal is the result. */
__device__ int fib(int x) { return x < 2 ? x : fib(x - 1) + fib(x - 2); }
extern "C" __global__ void recursive(int *out) { out[threadIdx.x] = fib(threadIdx.x); }
extern "C" __global__ void arrive(int *out)
{
    if (threadIdx.x < 32) {
        out[threadIdx.x] = 1;
        asm volatile("bar.arrive 1, 64;");
    } else {
        asm volatile("bar.sync 1, 64;");
        out[threadIdx.x] = out[threadIdx.x - 32] + 1;
    }
}
extern "C" __global__ void shfl(int *out)
{
    int r;
    asm volatile("shfl.idx.b32 %0, %1, 0, 31;" : "=r"(r) : "r"((int)threadIdx.x * 3));
    out[threadIdx.x] = r;
}
extern "C" __global__ void anyvote(int *out)
{
    int r;
    asm volatile("{ .reg .pred q, v; setp.ne.s32 q, %1, 0; vote.any.pred v, q; selp.s32 %0, 1, 0, v; }"
                 : "=r"(r) : "r"((int)(threadIdx.x == 5)));
    out[threadIdx.x] = r;
}
