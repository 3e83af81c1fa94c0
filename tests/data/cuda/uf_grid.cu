/* SPDX-License-Identifier: Apache-2.0 */
/* uf_grid.cu -- union-find hooking into the parent array across CTAs:
 * within a CTA the walks and the hooks are kept apart by barriers (every
 * thread walks its edge's roots, then, after a barrier, hooks with
 * atomicMin(&parent[big], small), then, after another, walks u's root
 * again and stores it), so no plain load meets an atomic of its own CTA's
 * phase; but the other CTAs hook in whatever phase they are in, and the
 * CTAs run in an unspecified order (the even CTAs walk a data-dependent
 * loop first, so on an SM the odd ones hook while the even ones still
 * walk).  The final parent[] and roots[] depend on how the CTAs
 * interleave (tests/test_simt_refcheck.sh: a plain load of global bytes
 * another CTA's atomic writes, in any phase, is a seed of the order
 * taint). */
__device__ __forceinline__ int uf_root(const int *parent, int x)
{
    int p = parent[x];
    while (p != x) {
        x = p;
        p = parent[x];
    }
    return x;
}

extern "C" __global__ void uf_grid(const int *eu, const int *ev, int *parent, int *roots,
                                   int *junk)
{
    unsigned g = blockIdx.x * blockDim.x + threadIdx.x;
    int x = (int)g;
    if ((blockIdx.x & 1) == 0) /* the even CTAs come late to their walks */
        for (unsigned y = threadIdx.x + 27; y != 1; y = (y & 1) ? 3 * y + 1 : y / 2) x++;
    junk[g] = x;
    int u = eu[g], v = ev[g];
    int ru = uf_root(parent, u), rv = uf_root(parent, v);
    __syncthreads();
    if (ru != rv)
        atomicMin(&parent[max(ru, rv)], min(ru, rv));
    __syncthreads();
    roots[g] = uf_root(parent, u);
}
