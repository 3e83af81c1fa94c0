/* SPDX-License-Identifier: Apache-2.0 */
/* knnsel.cu -- k nearest neighbours, brute force, as the k-NN codes
 * write it: each thread owns a query point and keeps its K best squared
 * distances and their indices in two private arrays, sorted, by insertion
 * (the insertion point found by a data-dependent loop, so the arrays are
 * indexed by a variable and live in local memory); the reference points
 * come through shared memory a tile at a time as float4 (x, y, z, and a
 * weight), loaded with one 16-byte load; a candidate no better than the
 * current K-th is dropped at once.  At the end each thread writes its K
 * indices and the weighted vote of its neighbours, and the query count
 * need not fill the last block. */
#define K 6
#define TILE 32

extern "C" __global__ void knnsel(const float4 *__restrict__ refs, int nrefs, const float4 *__restrict__ queries,
                                   int nq, int *__restrict__ nbr, float *__restrict__ vote)
{
    __shared__ float4 tile[TILE];
    const int q = blockIdx.x * blockDim.x + threadIdx.x;
    float4 me = q < nq ? queries[q] : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    float bestd[K];
    int besti[K];
    for (int k = 0; k < K; k++) { bestd[k] = 3.0e38f; besti[k] = -1; }
    for (int base = 0; base < nrefs; base += TILE) {
        for (int t = threadIdx.x; t < TILE; t += blockDim.x)
            tile[t] = base + t < nrefs ? refs[base + t] : make_float4(1.0e18f, 1.0e18f, 1.0e18f, 0.0f);
        __syncthreads();
        const int lim = min(TILE, nrefs - base);
        for (int j = 0; j < lim; j++) {
            float4 r = tile[j];
            float dx = r.x - me.x, dy = r.y - me.y, dz = r.z - me.z;
            float d = dx * dx + dy * dy + dz * dz;
            if (d >= bestd[K - 1]) continue;
            int pos = K - 1;
            while (pos > 0 && bestd[pos - 1] > d) {
                bestd[pos] = bestd[pos - 1];
                besti[pos] = besti[pos - 1];
                pos--;
            }
            bestd[pos] = d;
            besti[pos] = base + j;
        }
        __syncthreads();
    }
    if (q >= nq) return;
    float v = 0.0f;
    for (int k = 0; k < K; k++) {
        nbr[q * K + k] = besti[k];
        v += refs[besti[k]].w / (1.0f + bestd[k]);
    }
    vote[q] = v;
}
