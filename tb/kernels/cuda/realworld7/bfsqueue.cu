/* SPDX-License-Identifier: Apache-2.0 */
/* bfsqueue.cu -- breadth-first search in one block with the frontier in
 * shared memory, in the manner of Parboil's bfs (its single-block kernel):
 * each level, every thread takes frontier vertices, visits their edges,
 * and claims an unvisited neighbour with atomicMin on its level; a claimed
 * vertex is appended to the next frontier by a shared atomicAdd on the
 * queue's tail, and a slot past the shared queue's capacity goes to a
 * global overflow queue at slot - QCAP.  After a barrier the next frontier
 * is the shared part followed by the global part.  The queue's order
 * depends on the atomics; the levels and the frontier sizes do not.  The
 * level loop ends when the frontier is empty, a test every thread makes on
 * the shared tail after a barrier (a plain read: through a volatile
 * pointer the barrier in the loop is refused, docs/ptx.md "Seventh
 * round"); `cur ^= 1` is one line, but clang -O2 writes it on both sides
 * of `if (t == 0)`. */
#define QCAP 48 /* the shared queue, smaller than some frontiers */

extern "C" __global__ void bfsqueue(const int *__restrict__ row, const int *__restrict__ col, int nv,
                                    int src, int *level, int *gq0, int *gq1, int *stats)
{
    __shared__ int q[2][QCAP];
    __shared__ int qn[2];
    const int t = threadIdx.x;
    int cur = 0;
    for (int v = t; v < nv; v += blockDim.x) level[v] = v == src ? 0 : 0x7fffffff;
    if (t == 0) {
        q[0][0] = src;
        qn[0] = 1; qn[1] = 0;
    }
    __syncthreads();
    int depth = 0, visits = 0;
    while (true) {
        int all = qn[cur], ns = min(all, QCAP);
        if (all == 0) break; /* the same for every thread */
        int *gin = cur ? gq1 : gq0, *gout = cur ? gq0 : gq1;
        for (int i = t; i < all; i += blockDim.x) {
            int u = i < ns ? q[cur][i] : gin[i - ns];
            for (int e = row[u]; e < row[u + 1]; e++) {
                int w = col[e];
                visits++;
                if (atomicMin(&level[w], depth + 1) > depth + 1) {
                    int slot = atomicAdd(&qn[cur ^ 1], 1);
                    if (slot < QCAP) q[cur ^ 1][slot] = w;
                    else gout[slot - QCAP] = w;
                }
            }
        }
        __syncthreads();
        if (t == 0) {
            qn[cur] = 0;
            stats[2 + depth] = qn[cur ^ 1]; /* the next frontier's size */
        }
        __syncthreads();
        cur ^= 1;
        depth++;
    }
    if (t == 0) stats[0] = depth;
    atomicAdd(&stats[1], visits);
}
