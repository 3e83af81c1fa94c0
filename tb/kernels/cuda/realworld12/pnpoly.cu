/* SPDX-License-Identifier: Apache-2.0 */
/* pnpoly.cu -- points in polygons, as GIS and collision codes test them:
 * each block first builds its star-shaped polygons in shared memory (a
 * vertex count of 5 to 15 per polygon, radii from random words, the
 * angles by sincosf, a bounding box per polygon), then one thread a point
 * walks every polygon: the bounding box rejects with `continue`, else the
 * crossing-number loop over the polygon's edges (the classic even-odd
 * test: an edge crosses when its ends lie on either side of the point's
 * y, the crossing's x computed by a division), an `if` per crossing.  A
 * point inside writes its polygon bitmask and the first polygon holding it;
 * each polygon counts its points in shared memory with atomicAdd, and
 * the counts go out with one more atomicAdd each.  The points are random
 * words made floats in [0, 1) by the kernel. */
#define NPOLY 6
#define MAXV 16

struct poly {
    float x[MAXV], y[MAXV];
    float x0, y0, x1, y1;
    int n;
};

static __device__ float unit(unsigned w) { return (float)(w >> 8) * (1.0f / 16777216.0f); }

extern "C" __global__ void pnpoly(const unsigned *rnd, const unsigned *pts, unsigned *mask,
                                  int *first, unsigned *counts, int npts)
{
    __shared__ struct poly P[NPOLY];
    __shared__ unsigned cnt[NPOLY];
    const int t = threadIdx.x, b = blockIdx.x;
    if (t < NPOLY) {
        struct poly *q = &P[t];
        const unsigned *r = rnd + (b * NPOLY + t) * 20;
        q->n = 5 + (int)(r[0] % 11);
        const float cx = 0.2f + 0.6f * unit(r[1]), cy = 0.2f + 0.6f * unit(r[2]);
        q->x0 = q->y0 = 2.0f;
        q->x1 = q->y1 = -2.0f;
        for (int k = 0; k < q->n; k++) {
            const float rad = 0.05f + 0.3f * unit(r[3 + k]);
            float s, c;
            sincosf(6.2831853f * (float)k / (float)q->n, &s, &c);
            const float x = cx + rad * c, y = cy + rad * s;
            q->x[k] = x;
            q->y[k] = y;
            q->x0 = fminf(q->x0, x);
            q->x1 = fmaxf(q->x1, x);
            q->y0 = fminf(q->y0, y);
            q->y1 = fmaxf(q->y1, y);
        }
        cnt[t] = 0;
    }
    __syncthreads();
    const int i = b * blockDim.x + t;
    if (i < npts) {
        const float x = unit(pts[2 * i]), y = unit(pts[2 * i + 1]);
        unsigned m = 0;
        int f = -1;
        for (int p = 0; p < NPOLY; p++) {
            const struct poly *q = &P[p];
            if (x < q->x0 || x > q->x1 || y < q->y0 || y > q->y1) continue;
            bool in = false;
            for (int k = 0, j = q->n - 1; k < q->n; j = k++) {
                const float yk = q->y[k], yj = q->y[j];
                if ((yk > y) != (yj > y)) {
                    const float xc = (q->x[j] - q->x[k]) * (y - yk) / (yj - yk) + q->x[k];
                    if (x < xc) in = !in;
                }
            }
            if (in) {
                m |= 1u << p;
                if (f < 0) f = p;
                atomicAdd(&cnt[p], 1u);
            }
        }
        mask[i] = m;
        first[i] = f;
    }
    __syncthreads();
    if (t < NPOLY) atomicAdd(&counts[b * NPOLY + t], cnt[t]);
}
