/* SPDX-License-Identifier: Apache-2.0 */
/* blockstats.cu -- per-block statistics with several arrays carved out of
 * the one dynamic shared array (floats, then ints, then bytes: the launch's
 * shared_dynamic covers all three), a tree reduction through volatile
 * shared memory with a barrier at every step (sum, minimum and the index of
 * the maximum at once), and early returns: threads past the end leave
 * after the last barrier, and a block whose data is all below a threshold
 * returns before writing its summary.  The block size is a run-time value:
 * the reduction's loop starts from blockDim.x / 2. */
extern "C" __global__ void blockstats(const unsigned *rnd, float *sum, float *mn, int *argmax,
                                      unsigned char *flags, int n, float floor_)
{
    WARPHW_DYNAMIC_SHARED(float, dyn);
    unsigned B = blockDim.x;
    volatile float *s = dyn;                         /* B floats: sums */
    volatile float *m = dyn + B;                     /* B floats: minima */
    volatile int *idx = (volatile int *)(dyn + 2 * B); /* B ints: argmax */
    volatile float *mx = dyn + 3 * B;                /* B floats: maxima */
    unsigned char *seen = (unsigned char *)(dyn + 4 * B); /* B bytes */
    int t = threadIdx.x, i = blockIdx.x * B + t;
    float v = i < n ? (float)(rnd[i] % 1000u) * 0.01f : 0.0f;
    s[t] = v;
    m[t] = i < n ? v : 1e30f;
    mx[t] = i < n ? v : -1.0f;
    idx[t] = i;
    seen[t] = (unsigned char)(i < n && v > floor_);
    __syncthreads();
    for (unsigned h = B / 2; h > 0; h >>= 1) {
        if ((unsigned)t < h) {
            s[t] = s[t] + s[t + h];
            m[t] = fminf(m[t], m[t + h]);
            if (mx[t + h] > mx[t] || (mx[t + h] == mx[t] && idx[t + h] < idx[t])) {
                mx[t] = mx[t + h];
                idx[t] = idx[t + h];
            }
        }
        __syncthreads();
    }
    if (i >= n) return;
    if (t == 0) {
        int any = 0;
        for (unsigned k = 0; k < B; k++) any |= seen[k];
        flags[blockIdx.x] = (unsigned char)(any ? 1 : 2);
        if (!any) return;
        sum[blockIdx.x] = s[0];
        mn[blockIdx.x] = m[0];
        argmax[blockIdx.x] = idx[0];
    }
}
