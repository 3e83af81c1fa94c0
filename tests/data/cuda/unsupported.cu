/* SPDX-License-Identifier: Apache-2.0 */
/* unsupported.cu -- what real kernels use and the PTX front end refuses
 * with one line `file:line: unsupported PTX: ...` (exit 2), one entry
 * each (tests/test_simt_cuda.sh runs every entry through unsupported.launch
 * with --entry): a recursive __device__ function (a `call` the front end
 * cannot inline; calls of other functions are inlined, tb/simt/ptx_call.c),
 * __syncthreads_count and __syncthreads_or (bar.red), __shfl_sync
 * (shfl), __ballot_sync and __any_sync (vote), __syncwarp (bar.warp.sync).
 * Not run: the refusal is the result. */
__device__ int fib(int x) { return x < 2 ? x : fib(x - 1) + fib(x - 2); }
extern "C" __global__ void recursive(int *out) { out[threadIdx.x] = fib(threadIdx.x); }
extern "C" __global__ void barcount(int *out) { out[threadIdx.x] = __syncthreads_count(threadIdx.x & 1); }
extern "C" __global__ void baror(int *out) { out[threadIdx.x] = __syncthreads_or(threadIdx.x == 3); }
extern "C" __global__ void shfl(int *out) { out[threadIdx.x] = __shfl_sync(0xffffffffu, threadIdx.x * 3, 0); }
extern "C" __global__ void ballot(int *out) { out[threadIdx.x] = __ballot_sync(0xffffffffu, threadIdx.x & 2); }
extern "C" __global__ void anysync(int *out) { out[threadIdx.x] = __any_sync(0xffffffffu, threadIdx.x == 5); }
extern "C" __global__ void syncwarp(int *out)
{
    out[threadIdx.x] = threadIdx.x;
    __syncwarp();
    out[threadIdx.x] += out[threadIdx.x ^ 1];
}
