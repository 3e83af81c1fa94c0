/* SPDX-License-Identifier: Apache-2.0 */
/* fnptr_bad.cu -- a call through a function pointer that points at no
 * function (tests/test_simt_cuda_realworld11.sh): thread 5 calls through
 * a word of data turned into a pointer, the others through a table of
 * two.  The run stops at thread 5's call with one line (exit 1), as a GPU
 * faults there. */
typedef int (*op_t)(int);
__device__ __noinline__ int twice(int x) { return 2 * x; }
__device__ __noinline__ int negate(int x) { return -x; }
__device__ op_t ops[2] = {twice, negate};

extern "C" __global__ void fnptr_bad(const unsigned long long *junk, int *out)
{
    const int t = threadIdx.x;
    op_t f = ops[t & 1];
    if (t == 5) f = (op_t)junk[0];
    out[t] = f(t);
}
