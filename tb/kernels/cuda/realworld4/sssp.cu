/* SPDX-License-Identifier: Apache-2.0 */
/* sssp.cu -- single-source shortest paths in the style of Lonestar's
 * worklist SSSP, in one block: the frontier is a worklist in global
 * memory; each round the block's threads take its vertices (block-stride),
 * relax their edges with atomicMin on the distances and push a vertex
 * whose distance fell with atomicAdd on the next list's length (a shared
 * counter), then copy the next list over the current one.  The loop ends
 * when a round pushes nothing, decided by __syncthreads_or over the
 * shared count (sssp).  sssp_flag decides it by reading the shared count
 * after a plain __syncthreads, as such code usually does: runs since the
 * header's __syncthreads keeps the read after the barrier (clang 14's
 * built-in let it move above; docs/ptx.md; llvm-project issue 59632) and
 * the divergence analysis takes a shared load of one address as uniform
 * (data-race freedom).  The distances are the fixed point (order-independent,
 * compared); the worklists' contents and the number of rounds depend on
 * the atomics' order (the lists are cleared at the end). */
#define INF 0x3fffffff

/* OR: the loop decided by __syncthreads_or (runs); else by reading the
 * shared count after a plain __syncthreads (sssp_flag: runs, above) */
template <bool OR>
__device__ static void sssp_body(const int *row, const int *col, const int *w, int nv, int src,
                                 int *dist, int *wl_in, int *wl_out)
{
    __shared__ int nin, nout;
    int t = threadIdx.x;
    for (int v = t; v < nv; v += blockDim.x) dist[v] = v == src ? 0 : INF;
    if (t == 0) {
        wl_in[0] = src;
        nin = 1;
    }
    while (OR ? __syncthreads_or(nin > 0) : (__syncthreads(), nin > 0)) {
        if (t == 0) nout = 0;
        __syncthreads();
        for (int i = t; i < nin; i += blockDim.x) {
            int u = wl_in[i];
            int du = ((volatile int *)dist)[u];
            for (int e = row[u]; e < row[u + 1]; e++) {
                int v = col[e], nd = du + w[e];
                if (atomicMin(&dist[v], nd) > nd) wl_out[atomicAdd(&nout, 1)] = v;
            }
        }
        __syncthreads();
        for (int i = t; i < nout; i += blockDim.x) wl_in[i] = wl_out[i];
        __syncthreads();
        if (t == 0) nin = nout;
        __syncthreads();
    }
    /* the lists' last contents depend on the order: cleared */
    for (int i = t; i < 512; i += blockDim.x) wl_in[i] = wl_out[i] = 0;
}

extern "C" __global__ void sssp(const int *row, const int *col, const int *w, int nv, int src,
                                int *dist, int *wl_in, int *wl_out)
{
    sssp_body<true>(row, col, w, nv, src, dist, wl_in, wl_out);
}

extern "C" __global__ void sssp_flag(const int *row, const int *col, const int *w, int nv,
                                     int src, int *dist, int *wl_in, int *wl_out)
{
    sssp_body<false>(row, col, w, nv, src, dist, wl_in, wl_out);
}
