/* SPDX-License-Identifier: Apache-2.0 */
/* bicgat.cu -- PolyBench's bicg (q = A p, s = A^T r) in the shape GPU
 * ports take when they fuse both products into one pass over A: one
 * thread a row computes q[i] in a fixed order, and scatters its row's
 * share of s into a shared copy by float atomicAdd; after a barrier the
 * block's threads (a strided loop over the M columns) add the block's copy into global s by
 * float atomicAdd again.  The float sums then depend on the atomics'
 * order (reported by the simulator, not compared); beside them the same
 * two-level reduction on integer-valued floats (sx: every partial sum
 * exact, so any order gives the same bits: compared) and an integer count
 * of the positive entries.  A is 24 x 20, random in [-1, 1). */
#define M 20

static __device__ float unitf(unsigned w) { return (float)(int)(w & 0xffffff00u) * (1.0f / 2147483648.0f); }
static __device__ int small(unsigned w) { return (int)(w >> 28) - 8; }

extern "C" __global__ void bicgat(const unsigned *ra, const unsigned *rp, const unsigned *rr, float *q, float *s,
                                  float *sx, unsigned *npos, int n)
{
    __shared__ float bs[M], bx[M];
    __shared__ unsigned bpos;
    const int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
    for (int j = t; j < M; j += blockDim.x) {
        bs[j] = 0.0f;
        bx[j] = 0.0f;
    }
    if (t == 0) bpos = 0;
    __syncthreads();
    if (i < n) {
        const float r = unitf(rr[i]);
        const int ir = small(rr[i]);
        float acc = 0.0f;
        unsigned pos = 0;
        for (int j = 0; j < M; j++) {
            const unsigned w = ra[i * M + j];
            const float a = unitf(w);
            acc += a * unitf(rp[j]);
            atomicAdd(&bs[j], a * r);
            atomicAdd(&bx[j], (float)(small(w) * ir));
            pos += a > 0.0f;
        }
        q[i] = acc;
        atomicAdd(&bpos, pos);
    }
    __syncthreads();
    for (int j = t; j < M; j += blockDim.x) {
        atomicAdd(&s[j], bs[j]);
        atomicAdd(&sx[j], bx[j]);
    }
    if (t == 0) atomicAdd(npos, bpos);
}
