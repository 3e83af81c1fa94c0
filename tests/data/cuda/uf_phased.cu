/* SPDX-License-Identifier: Apache-2.0 */
/* uf_phased.cu -- the same union-find as uf_hook.cu with its phases kept
 * apart by barriers, so its result does not depend on the order: each
 * round, every thread walks its edge's roots through parent[] (no thread
 * writes parent[] in that phase) and proposes atomicMin(&hook[big],
 * small), raising a shared flag with atomicOr; after a barrier it reads
 * the flag, and each root takes its smallest proposal (hook[] read after
 * the barrier that ends its atomics); rounds go on until no proposal is
 * made; then parent[] is compressed and every edge's root stored.
 * Atomics and plain loads of the same bytes meet only across a barrier,
 * so the order taint must leave every byte compared
 * (tests/test_simt_refcheck.sh). */
__device__ __forceinline__ int uf_root(const int *parent, int x)
{
    int p = parent[x];
    while (p != x) {
        x = p;
        p = parent[x];
    }
    return x;
}

extern "C" __global__ void uf_phased(const int *eu, const int *ev, int *parent, int *hook, int nv,
                                     int *roots, int *rounds)
{
    __shared__ int changed;
    unsigned t = threadIdx.x;
    int u = eu[t], v = ev[t], round = 0;
    for (;;) {
        if (t == 0)
            changed = 0;
        __syncthreads();
        int ru = uf_root(parent, u), rv = uf_root(parent, v);
        if (ru != rv) {
            atomicMin(&hook[max(ru, rv)], min(ru, rv));
            atomicOr(&changed, 1);
        }
        __syncthreads();
        if (changed == 0)
            break;
        for (int i = (int)t; i < nv; i += (int)blockDim.x) {
            int h = hook[i];
            if (h != 0x7fffffff) {
                parent[i] = h;
                hook[i] = 0x7fffffff;
            }
        }
        round++;
        __syncthreads();
    }
    for (int i = (int)t; i < nv; i += (int)blockDim.x)
        parent[i] = uf_root(parent, i);
    __syncthreads();
    roots[t] = parent[u];
    if (t == 0)
        rounds[0] = round;
}
