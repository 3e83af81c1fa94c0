/* SPDX-License-Identifier: Apache-2.0 */
/* bfs.cu -- frontier breadth-first search over a CSR graph in one CTA
 * (Rodinia BFS's control flow, its two kernels as two phases between
 * barriers: a frontier mask, an edge loop of data-dependent length per
 * vertex marking an "updating" mask, then the owners' visit).  The levels loop is bounded by a parameter, so every barrier is
 * reached by all threads.  The graph: vertex v has deg(v) = 1 + (seed >> 28)
 * edges to pseudo-random vertices (edges[] is filled by the launch's random
 * buffer; offsets are computed here). */
extern "C" __global__ void bfs(const unsigned *rnd, int *cost, unsigned *offs, unsigned *adj,
                               int n, int levels)
{
    __shared__ unsigned char mask[256], upd[256];
    int tid = threadIdx.x, bd = blockDim.x;
    /* build the graph: offsets by a serial scan in thread 0 */
    if (tid == 0) {
        unsigned o = 0;
        for (int v = 0; v < n; v++) {
            offs[v] = o;
            o += 1 + (rnd[v] >> 30);
        }
        offs[n] = o;
    }
    __syncthreads();
    for (int v = tid; v < n; v += bd) {
        unsigned e0 = offs[v], e1 = offs[v + 1];
        for (unsigned e = e0; e < e1; e++) adj[e] = (rnd[(v * 7 + e) % n] >> 4) % (unsigned)n;
        cost[v] = v == 0 ? 0 : -1;
        mask[v] = v == 0;
        upd[v] = 0;
    }
    __syncthreads();
    for (int level = 0; level < levels; level++) {
        /* expand the frontier: mark every neighbour (threads may mark the
         * same vertex: they all write 1) */
        for (int v = tid; v < n; v += bd) {
            if (mask[v]) {
                mask[v] = 0;
                for (unsigned e = offs[v]; e < offs[v + 1]; e++) upd[adj[e]] = 1;
            }
        }
        __syncthreads();
        /* each vertex's owner: a marked, unvisited vertex joins the next
         * frontier (no thread's path depends on another's writes of the same
         * phase, so the result and every thread's path are the same under
         * any interleaving that respects the barriers) */
        for (int v = tid; v < n; v += bd)
            if (upd[v]) {
                if (cost[v] < 0) {
                    cost[v] = level + 1;
                    mask[v] = 1;
                }
                upd[v] = 0;
            }
        __syncthreads();
    }
}
