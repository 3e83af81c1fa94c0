/* SPDX-License-Identifier: Apache-2.0 */
/* ccjump.cu -- connected components by label propagation and pointer
 * jumping, as GPU graph codes write it: a host loop (ccjump.launch, a
 * sequence: `do ... while changed != 0`) launches three kernels an
 * iteration until no label changes.  cc_init builds an undirected edge
 * list from random words (short spans, so chains are long) and gives each
 * vertex its own index as its label; cc_hook, one thread an edge, lowers
 * each endpoint's next label to the other's current one with atomicMin
 * (an edge already inside one component returns at once); cc_jump, one
 * thread a vertex, jumps twice through the next labels and raises the
 * device flag when its label changed; cc_sync copies the labels back.
 * Each launch's result is independent of the order the atomics ran in, so
 * the memory is compared after every launch. */
extern "C" __global__ void cc_init(const unsigned *__restrict__ rnd, int n, int m, int *eu, int *ev, int *cur,
                                    int *next)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < m) {
        unsigned r = rnd[i];
        int u = (int)(r % (unsigned)n);
        int v = (u + 1 + (int)((r >> 16) % 7u)) % n;
        eu[i] = u;
        ev[i] = (r >> 29) == 0 ? u : v; /* a few self-loops */
    }
    if (i < n) { cur[i] = i; next[i] = i; }
}

extern "C" __global__ void cc_hook(const int *__restrict__ eu, const int *__restrict__ ev, int m,
                                    const int *__restrict__ cur, int *next)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= m) return;
    const int u = eu[i], v = ev[i];
    const int lu = cur[u], lv = cur[v];
    if (lu == lv) return;
    atomicMin(&next[u], lv);
    atomicMin(&next[v], lu);
}

extern "C" __global__ void cc_jump(int n, const int *__restrict__ next, int *cur, int *changed)
{
    const int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= n) return;
    const int c = next[next[next[v]]];
    if (c != cur[v]) {
        cur[v] = c;
        *changed = 1;
    }
}

extern "C" __global__ void cc_sync(int n, const int *__restrict__ cur, int *next)
{
    const int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v < n) next[v] = cur[v];
}
