/* SPDX-License-Identifier: Apache-2.0 */
/* orderfail.cu -- a race whose other order stops the reference: thread 0
 * raises a flag that the CTA's threads then read without a barrier; a
 * thread that finds it down writes outside every buffer.  In one warp
 * (lockstep, reconverged after the if) and first to last the flag is up
 * for everyone; last to first it is not (test_simt_cuda.sh: reported, not
 * a failure of the run). */
extern "C" __global__ void orderfail(volatile int *flag, int *out)
{
    if (threadIdx.x == 0) *flag = 1;
    int f = *flag;
    out[f ? threadIdx.x : 100000] = (int)threadIdx.x;
}
