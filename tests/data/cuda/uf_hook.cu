/* SPDX-License-Identifier: Apache-2.0 */
/* uf_hook.cu -- union-find hooking straight into the parent array, the
 * common form of GPU connected components: each thread takes an edge
 * (u, v), walks both roots with plain loads of parent[] (pointer
 * chasing), and hangs the larger root under the smaller with
 * atomicMin(&parent[big], small); then it walks u's root again and stores
 * it.  The roots a thread finds depend on which other threads' hooks it
 * sees: in the reference a thread sees every hook of the threads before
 * it; on an SM the lanes of a warp walk together and see none of each
 * other's.  The final parent[] and roots[] depend on the interleaving.
 * (tests/test_simt_refcheck.sh: with main's reference every mechanism
 * failed on parent[]; the plain loads of bytes another thread's atomic
 * writes in the same barrier phase are now a seed of the order taint.) */
__device__ __forceinline__ int uf_root(const int *parent, int x)
{
    int p = parent[x];
    while (p != x) {
        x = p;
        p = parent[x];
    }
    return x;
}

extern "C" __global__ void uf_hook(const int *eu, const int *ev, int *parent, int *roots)
{
    unsigned t = threadIdx.x;
    int u = eu[t], v = ev[t];
    int ru = uf_root(parent, u), rv = uf_root(parent, v);
    if (ru != rv)
        atomicMin(&parent[max(ru, rv)], min(ru, rv));
    roots[t] = uf_root(parent, u);
}
