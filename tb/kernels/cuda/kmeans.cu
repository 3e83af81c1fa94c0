/* SPDX-License-Identifier: Apache-2.0 */
/* kmeans.cu -- the assignment step of k-means (Rodinia kmeans' shape):
 * each thread takes one point of 4 features (read as one 16-byte aligned
 * struct of raw words: a vector load, then converted to floats), finds the
 * nearest of k centroids kept in shared memory (built by the first k
 * threads), writes its membership and counts it with an atomic add in
 * global memory (counts do not depend on the atomics' order). */
struct __attribute__((aligned(16))) word4 {
    unsigned w[4];
};
extern "C" __global__ void kmeans(const word4 *points, const unsigned *seeds, int *member,
                                  unsigned *count, int n, int k)
{
    __shared__ float cent[16][4];
    int t = threadIdx.x;
    if (t < k) {
        unsigned r = seeds[t];
        for (int d = 0; d < 4; d++) cent[t][d] = (float)((r >> (8 * d)) & 255u) / 16.0f;
    }
    __syncthreads();
    int i = blockIdx.x * blockDim.x + t;
    if (i < n) {
        word4 raw = points[i];
        float p[4];
        for (int d = 0; d < 4; d++) p[d] = (float)(raw.w[d] & 4095u) / 256.0f;
        int best = 0;
        float bd = 3.0e38f;
        for (int c = 0; c < k; c++) {
            float dist = 0.0f;
            for (int d = 0; d < 4; d++) {
                float df = p[d] - cent[c][d];
                dist = dist + df * df;
            }
            if (dist < bd) {
                bd = dist;
                best = c;
            }
        }
        member[i] = best;
        atomicAdd(&count[best], 1u);
    }
}
