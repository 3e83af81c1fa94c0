/* SPDX-License-Identifier: Apache-2.0 */
/* libfail.cu -- the library calls' failures (tests/test_simt_cuda.sh, one
 * entry each through libfail.launch with --entry): an assert that fails in
 * one thread stops the run with one line naming the assertion, this file's
 * line and the thread (exit 1, a failed kernel), after the printf text of
 * the threads before it; a call of an extern function the simulator does
 * not provide is refused with one line (exit 2). */
#include <cassert>
#include <cstdio>
extern "C" __device__ float frobnicate(float);
extern "C" __global__ void assertfail(int *out)
{
    int i = threadIdx.x;
    printf("thread %d\n", i);
    out[i] = i;
    assert(i != 3);
}
extern "C" __global__ void unknownext(float *out) { out[threadIdx.x] = frobnicate((float)threadIdx.x); }
