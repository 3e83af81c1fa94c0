/* SPDX-License-Identifier: Apache-2.0 */
/* mergepath.cu -- a block-wide stable sort of (key, value) pairs in the
 * manner of the CUDA SDK's mergeSort: each thread sorts four keys in
 * registers, then runs of 4, 8, ... 64 are merged by ranks (each element
 * finds its place in the other run by a binary search: lower bound from
 * the left run, upper bound from the right, so equal keys keep their
 * order), ping-ponging between two shared buffers with a barrier a step;
 * the last two runs of 128 are merged along the merge path (each thread
 * finds where its diagonal crosses by a binary search, then merges four
 * outputs).  Keys come in through __ldg and __restrict__, a `#pragma
 * unroll 4` loop, and the last tile is cut short (padded with the largest
 * key, which sorts last and is not written back).  The keys are the top 6
 * bits of each word, so ties are many and the values show stability. */
#define TILE 256
#define NT 64

__device__ unsigned lower_rank(const unsigned *run, int n, unsigned key) /* # < key */
{
    int lo = 0, hi = n;
    while (lo < hi) {
        int mid = (lo + hi) >> 1;
        if (run[mid] < key) lo = mid + 1; else hi = mid;
    }
    return lo;
}

__device__ unsigned upper_rank(const unsigned *run, int n, unsigned key) /* # <= key */
{
    int lo = 0, hi = n;
    while (lo < hi) {
        int mid = (lo + hi) >> 1;
        if (run[mid] <= key) lo = mid + 1; else hi = mid;
    }
    return lo;
}

extern "C" __global__ void __launch_bounds__(NT)
    mergepath(const unsigned *__restrict__ keys, int n, unsigned *__restrict__ out_keys,
              int *__restrict__ out_vals)
{
    __shared__ unsigned k0[TILE], k1[TILE];
    __shared__ int v0[TILE], v1[TILE];
    const int t = threadIdx.x, base = blockIdx.x * TILE;
    const int len = min(TILE, n - base);
    unsigned kk[4];
    int vv[4];
#pragma unroll 4
    for (int j = 0; j < 4; j++) {
        int i = t * 4 + j;
        kk[j] = i < len ? __ldg(&keys[base + i]) >> 26 : 0xffffffffu; /* 64 values: many ties */
        vv[j] = base + i;
    }
    /* insertion sort of four in registers (stable: strict compare) */
    for (int a = 1; a < 4; a++)
        for (int b = a; b > 0 && kk[b - 1] > kk[b]; b--) {
            unsigned tk = kk[b]; kk[b] = kk[b - 1]; kk[b - 1] = tk;
            int tv = vv[b]; vv[b] = vv[b - 1]; vv[b - 1] = tv;
        }
    for (int j = 0; j < 4; j++) {
        k0[t * 4 + j] = kk[j];
        v0[t * 4 + j] = vv[j];
    }
    __syncthreads();
    unsigned *ks = k0, *kd = k1;
    int *vs = v0, *vd = v1;
    for (int w = 4; w < TILE / 2; w *= 2) {
        for (int i = t; i < TILE; i += NT) {
            int r = i / w, pos = i - r * w, pair = (r & ~1) * w;
            unsigned key = ks[i];
            unsigned rank = (r & 1) ? upper_rank(ks + pair, w, key) : lower_rank(ks + pair + w, w, key);
            kd[pair + pos + rank] = key;
            vd[pair + pos + rank] = vs[i];
        }
        __syncthreads();
        unsigned *tk = ks; ks = kd; kd = tk;
        int *tv = vs; vs = vd; vd = tv;
    }
    /* the merge path of the two runs of 128: thread t writes outputs 4t..4t+3 */
    const int na = TILE / 2, nb = TILE / 2, d = t * 4;
    const unsigned *A = ks, *B = ks + na;
    int lo = max(0, d - nb), hi = min(d, na);
    while (lo < hi) {
        int mid = (lo + hi) >> 1;
        if (A[mid] <= B[d - 1 - mid]) lo = mid + 1; else hi = mid;
    }
    int a = lo, b = d - lo;
    for (int j = 0; j < 4; j++) {
        int i = d + j;
        bool takeA = b >= nb || (a < na && A[a] <= B[b]);
        unsigned key = takeA ? A[a] : B[b];
        int val = takeA ? vs[a] : vs[na + b];
        if (takeA) a++; else b++;
        if (i < len) {
            out_keys[base + i] = key;
            out_vals[base + i] = val;
        }
    }
}
