/* SPDX-License-Identifier: Apache-2.0 */
/* lwmsplit.cu -- a shuffle and a reduction inside a divergent branch, each
 * over the branch's own threads (a ballot taken before the branch): what
 * lwm's column packing splits across sub-warps.  Two warps with different
 * random conditions make a large warp of two rows in which a column holds
 * a thread of both rows and another only one of row 1: packed by column,
 * row 1's branch threads go out in two sub-warps.  The row mode of lwm's
 * sub-warping unit issues each row whole (docs/lwm_subwarp.md, "Row
 * mode"); with it planted off (--inject-fault wsync@0) the run stops with
 * one line naming the shuffle (tests/test_simt_cuda.sh). */
extern "C" __global__ void lwmsplit(const unsigned *in, unsigned *out)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x, v = in[i], r = 0;
    unsigned m = __ballot_sync(0xffffffffu, v & 1u);
    if (v & 1u) {
        int leader = __ffs((int)m) - 1;
        r = (unsigned)__shfl_sync(m, (int)v, leader) ^ __reduce_add_sync(m, v);
    }
    out[i] = r;
}
