/* SPDX-License-Identifier: Apache-2.0 */
/* treesearch.cu -- search in a binary search tree stored as nodes {key,
 * left, right} (indices, -1 for none): each thread looks up one query, the
 * walk's depth depends on the data, some queries are found early, some
 * walk to a leaf.  The tree is built first by thread 0 of each CTA into
 * the CTA's own region (inserting pseudo-random keys one after another),
 * then a barrier. */
struct node {
    int key, left, right, pad;
};
extern "C" __global__ void treesearch(const unsigned *rnd, node *nodes, int *result, int nkeys)
{
    node *tree = nodes + blockIdx.x * nkeys;
    if (threadIdx.x == 0) {
        for (int i = 0; i < nkeys; i++) {
            int k = (int)((rnd[i + blockIdx.x * 7] >> 3) % 1000u);
            tree[i].key = k;
            tree[i].left = tree[i].right = -1;
            if (i == 0) continue;
            int cur = 0;
            for (;;) {
                int *next = k < tree[cur].key ? &tree[cur].left : &tree[cur].right;
                if (*next < 0) {
                    *next = i;
                    break;
                }
                cur = *next;
            }
        }
    }
    __syncthreads();
    int q = (int)((rnd[1000 + blockIdx.x * blockDim.x + threadIdx.x] >> 5) % 1000u);
    if (threadIdx.x & 1) q = tree[(threadIdx.x * 5) % nkeys].key; /* half the queries hit */
    int cur = 0, depth = 0, found = -1;
    while (cur >= 0) {
        depth++;
        int k = tree[cur].key;
        if (k == q) {
            found = cur;
            break;
        }
        cur = q < k ? tree[cur].left : tree[cur].right;
    }
    result[blockIdx.x * blockDim.x + threadIdx.x] = found >= 0 ? (found << 8) | depth : -depth;
}
