/* SPDX-License-Identifier: Apache-2.0 */
/* tricount.cu -- triangle counting by sorted-list intersection, as graph
 * analytics frameworks do it: a first launch builds the adjacency of a
 * pseudo-random symmetric graph (u ~ v when (37 (u + v) + 11 u v) mod
 * 101 < 17) in ELL form, one thread a vertex appending its neighbours in
 * increasing order; the second launch gives each vertex u its neighbours
 * v > u, and for each such edge intersects the two sorted lists from
 * above v with a two-pointer merge (a three-way branch a step, a loop
 * whose trip count depends on both degrees), so each triangle u < v < w is
 * counted once, at u.  Counts go out per vertex, per block (shared
 * atomicAdd) and in total (global atomicAdd), and the vertex with most
 * triangles by atomicMax on (count << 16 | u). */
#define MAXD 32

static __device__ bool adjacent(int u, int v) { return u != v && (37 * (u + v) + 11 * u * v) % 101 < 17; }

extern "C" __global__ void tri_build(int *adj, int *deg, int n)
{
    const int u = blockIdx.x * blockDim.x + threadIdx.x;
    if (u >= n) return;
    int d = 0;
    for (int v = 0; v < n; v++)
        if (adjacent(u, v) && d < MAXD) adj[u * MAXD + d++] = v;
    deg[u] = d;
}

extern "C" __global__ void tri_count(const int *adj, const int *deg, unsigned *tri, unsigned *block_tri,
                                     unsigned *total, unsigned *best, int n)
{
    __shared__ unsigned bt;
    if (threadIdx.x == 0) bt = 0;
    __syncthreads();
    const int u = blockIdx.x * blockDim.x + threadIdx.x;
    if (u < n) {
        const int *au = adj + u * MAXD;
        const int du = deg[u];
        unsigned c = 0;
        for (int k = 0; k < du; k++) {
            const int v = au[k];
            if (v <= u) continue;
            const int *av = adj + v * MAXD;
            const int dv = deg[v];
            int i = k + 1, j = 0;
            while (j < dv && av[j] <= v) j++;
            while (i < du && j < dv) {
                const int a = au[i], b = av[j];
                if (a < b) i++;
                else if (a > b) j++;
                else {
                    c++;
                    i++;
                    j++;
                }
            }
        }
        tri[u] = c;
        if (c) {
            atomicAdd(&bt, c);
            atomicMax(best, (c << 16) | (unsigned)u);
        }
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        block_tri[blockIdx.x] = bt;
        atomicAdd(total, bt);
    }
}
