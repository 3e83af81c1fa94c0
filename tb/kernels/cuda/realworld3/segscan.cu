/* SPDX-License-Identifier: Apache-2.0 */
/* segscan.cu -- a segmented inclusive scan (sum) of each block's 128
 * elements, segments starting at the flagged elements (and at each block's
 * first), Hillis-Steele in shared memory on values and head flags;
 * __syncthreads_count gives the block's number of segments. */
extern "C" __global__ void segscan(const int *val, const unsigned *flag, int *out, int *segs)
{
    __shared__ int sv[128];
    __shared__ int sf[128];
    int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
    int head = t == 0 || flag[i] % 5 == 0;
    sv[t] = val[i] % 1000;
    sf[t] = head;
    __syncthreads();
    for (int d = 1; d < blockDim.x; d <<= 1) {
        int pv = 0, pf = 0;
        if (t >= d) {
            pv = sv[t - d];
            pf = sf[t - d];
        }
        __syncthreads();
        if (t >= d) {
            if (!sf[t]) sv[t] += pv;
            sf[t] |= pf;
        }
        __syncthreads();
    }
    out[i] = sv[t];
    int n = __syncthreads_count(head);
    if (t == 0) segs[blockIdx.x] = n;
}
