/* SPDX-License-Identifier: Apache-2.0 */
/* bptree.cu -- range queries on a B+tree of fanout F: the leaves are the
 * sorted keys (key i = 8 i + a random 0..7), the inner levels are implicit
 * (a node's separator is the first key of its child's subtree).  Each
 * thread descends from the root with a data-dependent scan of each node
 * (while loops), finds the first key >= lo, then walks the leaves while
 * the keys are <= hi, counting and summing them (a data-dependent trip
 * count), and records the depth and the leaf where it started. */
#define F 4
__device__ __forceinline__ unsigned key(const unsigned *rnd, int i) { return 8u * i + (rnd[i] & 7u); }
extern "C" __global__ void bptree(const unsigned *rnd, const unsigned *queries, unsigned *res, int nkeys,
                                  int nq)
{
    int q = blockIdx.x * blockDim.x + threadIdx.x;
    if (q >= nq) return;
    unsigned lo = queries[q] % (8u * nkeys + 16u);
    unsigned hi = lo + (queries[q] >> 24);
    /* the span of the root: the smallest power of F that covers the keys */
    int span = 1, depth = 0;
    while (span < nkeys) span *= F;
    int base = 0;
    while (span > 1) {
        int child = span / F, c = 0;
        /* go right while the next child's first key is still <= lo */
        while (c < F - 1 && base + (c + 1) * child < nkeys && key(rnd, base + (c + 1) * child) <= lo) c++;
        base += c * child;
        span = child;
        depth++;
    }
    int i = base;
    if (key(rnd, i) < lo) i++;
    unsigned cnt = 0, sum = 0;
    for (; i < nkeys; i++) {
        unsigned k = key(rnd, i);
        if (k > hi) break;
        cnt++;
        sum += k;
    }
    res[4 * q] = base;
    res[4 * q + 1] = depth;
    res[4 * q + 2] = cnt;
    res[4 * q + 3] = sum;
}
