/* SPDX-License-Identifier: Apache-2.0 */
/* topk4.cu -- the 4 largest scores of each row with their indices, as
 * beam search and recommendation kernels select them: one block a row,
 * each thread a strided part of the row kept as a sorted list of 4
 * (score, index) pairs in registers (an insertion fully unrolled, so the
 * list never touches local memory: compare-and-swap chains of `selp`),
 * then the block's lists merged pairwise by a tree in shared memory (two
 * sorted lists of 4 into one, unrolled), a barrier a level.  Equal scores
 * rank by the smaller index, so the answer is unique; scores are small
 * integers from random words (many ties), the row length (300) no
 * multiple of the block. */
#define K 4

struct cand {
    int s, i;
};

__device__ __forceinline__ bool better(cand a, cand b) { return a.s > b.s || (a.s == b.s && a.i < b.i); }

__device__ __forceinline__ void insert(cand (&l)[K], cand c)
{
#pragma unroll
    for (int j = 0; j < K; j++)
        if (better(c, l[j])) {
            const cand t = l[j];
            l[j] = c;
            c = t;
        }
}

extern "C" __global__ void topk4(const unsigned *__restrict__ rnd, int n, int *score, int *best, int *besti)
{
    __shared__ cand sh[64][K];
    const int t = threadIdx.x, row = blockIdx.x;
    cand l[K];
#pragma unroll
    for (int j = 0; j < K; j++) l[j] = cand{-1, 0x7fffffff};
    for (int i = t; i < n; i += blockDim.x) {
        const int s = (int)(rnd[row * n + i] % 97u);
        score[row * n + i] = s;
        insert(l, cand{s, i});
    }
#pragma unroll
    for (int j = 0; j < K; j++) sh[t][j] = l[j];
    __syncthreads();
    for (int h = blockDim.x / 2; h > 0; h >>= 1) {
        if (t < h) {
            cand m[K];
            int a = 0, b = 0;
#pragma unroll
            for (int j = 0; j < K; j++) {
                const cand x = sh[t][a], y = sh[t + h][b];
                const bool tx = better(x, y);
                m[j] = tx ? x : y;
                a += tx;
                b += !tx;
            }
#pragma unroll
            for (int j = 0; j < K; j++) sh[t][j] = m[j];
        }
        __syncthreads();
    }
    if (t < K) {
        best[row * K + t] = sh[0][t].s;
        besti[row * K + t] = sh[0][t].i;
    }
}
