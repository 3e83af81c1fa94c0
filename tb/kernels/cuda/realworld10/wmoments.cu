/* SPDX-License-Identifier: Apache-2.0 */
/* wmoments.cu -- a weighted histogram and weighted moments, as event and
 * particle analysis codes accumulate them, every sum an atomic:
 * - per block, a float histogram of the weights (atomicAdd on float in
 *   shared memory), the weighted moments sum w, sum w v, sum w v^2 in
 *   double (atomicAdd on double in shared memory), then merged into
 *   global memory by atomicAdd on float and on double;
 * - a ring of 7 slots handed out by atomicInc(&ring, 6) in global memory
 *   (it wraps to 0 after 6) and a ring of 5 by atomicInc in shared
 *   memory, each slot's use counted; a countdown by atomicDec(&down, 9)
 *   (from 0 it wraps to 9);
 * - a grid-stride loop over the samples, a partial last stride.
 * Samples, weights and bins come from random words: v in sixteenths,
 * w in quarters, so every sum is exact in any order (the result does not
 * depend on which thread adds first, as the reference's orders check). */
#define NBIN 24

extern "C" __global__ void wmoments(const unsigned *__restrict__ rnd, int n, float *ghist, double *gmom,
                                    unsigned *ring, unsigned *ringuse, unsigned *down, unsigned *blockuse)
{
    __shared__ float whist[NBIN];
    __shared__ double smom[3];
    __shared__ unsigned sring, suse[5];
    const int t = threadIdx.x;
    if (t < NBIN) whist[t] = 0.0f;
    if (t < 3) smom[t] = 0.0;
    if (t < 5) suse[t] = 0;
    if (t == 0) sring = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + t; i < n; i += gridDim.x * blockDim.x) {
        const unsigned r = rnd[i];
        const float v = (float)(r & 0xff) * 0.0625f;
        const float w = (float)((r >> 8) & 7) * 0.25f;
        const int b = (int)((r >> 12) % NBIN);
        atomicAdd(&whist[b], w);
        atomicAdd(&smom[0], (double)w);
        atomicAdd(&smom[1], (double)(w * v)); /* exact in float: a multiple of 1/64 below 28 */
        atomicAdd(&smom[2], (double)w * v * v);
        const unsigned g = atomicInc(ring, 6u);
        atomicAdd(&ringuse[g], 1u);
        const unsigned s = atomicInc(&sring, 4u);
        atomicAdd(&suse[s], 1u);
        if (w == 0.0f) atomicDec(down, 9u);
    }
    __syncthreads();
    if (t < NBIN && whist[t] != 0.0f) atomicAdd(&ghist[t], whist[t]);
    if (t < 3) atomicAdd(&gmom[t], smom[t]);
    if (t < 5) blockuse[blockIdx.x * 5 + t] = suse[t];
}
