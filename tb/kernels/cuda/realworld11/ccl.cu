/* SPDX-License-Identifier: Apache-2.0 */
/* ccl.cu -- connected-component labelling of a binary image by
 * union-find, as image-analysis libraries do it on GPUs, over a host loop
 * of launches: every foreground pixel starts as its own root; a hook
 * launch looks at each pixel's right and lower neighbours, finds both
 * roots by walking the parent links (loops of data-dependent length) and
 * proposes to hang the larger root under the smaller with atomicMin on a
 * hook array, setting a flag; a link launch hangs each root under its
 * smallest proposal; a compress launch points every pixel straight at its
 * root (pointer jumping); the host repeats the three while the flag was
 * set (a `do` ... `while` of the launch file).  Roots only ever point to
 * smaller indices, so each component ends labelled by its smallest pixel.
 * The hooks read the parent links no thread of their launch writes (the
 * proposals go to their own array), so every launch's result is the same
 * in any thread order; hooking straight into the parent array with
 * atomicMin (the common form) is not, launch by launch (docs/ptx.md
 * "Eleventh round").  A last launch counts the components and each one's
 * size with atomicAdd. */
__device__ __forceinline__ int root_of(const int *parent, int x)
{
    while (parent[x] != x) x = parent[x];
    return x;
}

extern "C" __global__ void ccl_init(const unsigned char *__restrict__ img, int n, int *parent, int *hook,
                                    int *size)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        parent[i] = img[i] < 0x90 ? i : -1;
        hook[i] = 0x7fffffff;
        size[i] = 0;
    }
}

extern "C" __global__ void ccl_hook(const unsigned char *__restrict__ img, int w, int h, const int *parent,
                                    int *hook, int *changed)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= w * h || img[i] >= 0x90) return;
    const int x = i % w, y = i / w;
    for (int d = 0; d < 2; d++) {
        const int j = d == 0 ? i + 1 : i + w;
        if ((d == 0 ? x + 1 >= w : y + 1 >= h) || img[j] >= 0x90) continue;
        const int ri = root_of(parent, i), rj = root_of(parent, j);
        if (ri != rj) {
            atomicMin(&hook[max(ri, rj)], min(ri, rj));
            *changed = 1;
        }
    }
}

extern "C" __global__ void ccl_link(int n, int *parent, int *hook)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && hook[i] != 0x7fffffff) {
        parent[i] = hook[i]; /* i is a root: only roots get proposals */
        hook[i] = 0x7fffffff;
    }
}

extern "C" __global__ void ccl_compress(int n, int *parent)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && parent[i] >= 0) parent[i] = root_of(parent, i);
}

extern "C" __global__ void ccl_count(int n, const int *parent, int *size, int *ncomp)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n || parent[i] < 0) return;
    atomicAdd(&size[parent[i]], 1);
    if (parent[i] == i) atomicAdd(ncomp, 1);
}
