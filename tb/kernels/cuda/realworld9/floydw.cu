/* SPDX-License-Identifier: Apache-2.0 */
/* floydw.cu -- all-pairs shortest paths by blocked Floyd-Warshall, as GPU
 * graph codes write it: the distance matrix in tiles of T x T, and for
 * each diagonal tile kb three launches from a host loop (floydw.launch, a
 * `for` over kb): the diagonal tile alone (fw_phase1, one block), the
 * tiles of its row and column (fw_phase2, grid nb x 2, the diagonal's own
 * block leaving at once), and every other tile (fw_phase3, grid nb x nb).
 * Each block stages its tile and the pivot tiles in shared memory, the
 * dependent tiles with a barrier after every k.  n is not a multiple of T:
 * cells past n load as "no path" and are not stored.  fw_init builds a
 * sparse directed graph from random words (integer weights 1..20, some
 * vertices unreachable) and counts the edges with atomicAdd; fw_count
 * counts the reachable pairs and sums the finite distances at the end. */
#define T 8
#define INF 0x10000000

extern "C" __global__ void fw_init(const unsigned *__restrict__ rnd, int n, int *d, int *edges)
{
    const int i = blockIdx.y * T + threadIdx.y, j = blockIdx.x * T + threadIdx.x;
    if (i >= n || j >= n) return;
    const unsigned r = rnd[i * n + j];
    int v = INF;
    if (i == j) v = 0;
    else if (r % 7 == 0 && i % 9 != 4) { /* vertex 4 and 13 have no out-edges */
        v = 1 + (int)((r >> 8) % 20u);
        atomicAdd(edges, 1);
    }
    d[i * n + j] = v;
}

__device__ int load_tile(const int *d, int n, int i, int j) { return i < n && j < n ? d[i * n + j] : INF; }

__device__ int relax(int dij, int dik, int dkj)
{
    const int s = dik + dkj; /* both below 2^28: no overflow */
    return s < dij ? s : dij;
}

/* the T steps of k on a tile that depends on itself: own[ty][tx] relaxed
 * through left[ty][k] + up[k][tx], where left or up (or both) is own, so
 * each step reads before a barrier and writes after it */
static __device__ __forceinline__ void tile_steps(int (*own)[T], int (*left)[T], int (*up)[T], int tx, int ty)
{
    for (int k = 0; k < T; k++) {
        const int v = relax(own[ty][tx], left[ty][k], up[k][tx]);
        __syncthreads();
        own[ty][tx] = v;
        __syncthreads();
    }
}

extern "C" __global__ void fw_phase1(int *d, int n, int kb)
{
    __shared__ int a[T][T];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int i = kb * T + ty, j = kb * T + tx;
    a[ty][tx] = load_tile(d, n, i, j);
    __syncthreads();
    tile_steps(a, a, a, tx, ty);
    if (i < n && j < n) d[i * n + j] = a[ty][tx];
}

extern "C" __global__ void fw_phase2(int *d, int n, int kb)
{
    __shared__ int piv[T][T], own[T][T];
    if (blockIdx.x == kb) return; /* the diagonal tile: phase 1's */
    const int tx = threadIdx.x, ty = threadIdx.y;
    const bool row = blockIdx.y == 0; /* a tile of the pivot row, else of its column */
    const int i = row ? kb * T + ty : blockIdx.x * T + ty;
    const int j = row ? blockIdx.x * T + tx : kb * T + tx;
    piv[ty][tx] = load_tile(d, n, kb * T + ty, kb * T + tx);
    own[ty][tx] = load_tile(d, n, i, j);
    __syncthreads();
    tile_steps(own, row ? piv : own, row ? own : piv, tx, ty);
    if (i < n && j < n) d[i * n + j] = own[ty][tx];
}

extern "C" __global__ void fw_phase3(int *d, int n, int kb)
{
    __shared__ int col[T][T], rowt[T][T];
    if (blockIdx.x == kb || blockIdx.y == kb) return;
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int i = blockIdx.y * T + ty, j = blockIdx.x * T + tx;
    col[ty][tx] = load_tile(d, n, i, kb * T + tx);  /* (i, k) */
    rowt[ty][tx] = load_tile(d, n, kb * T + ty, j); /* (k, j) */
    __syncthreads();
    if (i >= n || j >= n) return; /* after the last barrier */
    int v = d[i * n + j];
#pragma unroll
    for (int k = 0; k < T; k++) v = relax(v, col[ty][k], rowt[k][tx]);
    d[i * n + j] = v;
}

extern "C" __global__ void fw_count(const int *d, int n, unsigned *reach, unsigned long long *total)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n * n) return;
    const int v = d[i];
    if (v < INF) {
        atomicAdd(reach, 1u);
        atomicAdd(total, (unsigned long long)v);
    }
}
