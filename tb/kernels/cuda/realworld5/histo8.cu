/* SPDX-License-Identifier: Apache-2.0 */
/* histo8.cu -- a saturating histogram in the manner of Parboil's histo:
 * 8-bit bins, four to a 32-bit word, each increment an atomicCAS loop on
 * the packed word that stops at 255 (a bin never carries into its
 * neighbour).  Each block counts its share of the input (a grid-stride
 * loop over 16-bit samples, the bin a 10-bit hash of the sample) into
 * shared words, then merges them into the global histogram with the same
 * CAS loop, adding whole bytes with saturation.  Many threads of a warp
 * hit one word at once: the CAS fails and retries.  The result does not
 * depend on the atomics' order (saturating addition of counts is
 * order-free). */
#define NBINS 1024
#define NWORDS (NBINS / 4)

/* adds b (0..255) to byte `sh` of *w, saturating at 255 */
__device__ __forceinline__ void sat_add(unsigned *w, int sh, unsigned b)
{
    unsigned old = *w, assumed;
    do {
        assumed = old;
        unsigned c = (assumed >> sh) & 0xffu;
        if (c == 255u || b == 0u) return;
        unsigned n = c + b > 255u ? 255u : c + b;
        old = atomicCAS(w, assumed, (assumed & ~(0xffu << sh)) | (n << sh));
    } while (old != assumed);
}

extern "C" __global__ void histo8(const unsigned short *__restrict__ in, int n, unsigned *hist)
{
    __shared__ unsigned sh[NWORDS];
    for (int i = threadIdx.x; i < NWORDS; i += blockDim.x) sh[i] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        unsigned v = in[i];
        unsigned bin = ((v * 2654435761u) >> 22) & (NBINS - 1);
        /* a skewed distribution: three samples in four land in the first
           two bins, which saturate in each block's counts and in the sum */
        if (v < 49152u) bin = v & 1u;
        sat_add(&sh[bin >> 2], (int)(bin & 3) * 8, 1u);
    }
    __syncthreads();
    for (int i = threadIdx.x; i < NWORDS; i += blockDim.x) {
        unsigned w = sh[i];
        for (int k = 0; k < 4; k++) sat_add(&hist[i], 8 * k, (w >> (8 * k)) & 0xffu);
    }
}
