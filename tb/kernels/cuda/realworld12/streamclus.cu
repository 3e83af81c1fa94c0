/* SPDX-License-Identifier: Apache-2.0 */
/* streamclus.cu -- the gain of opening a candidate facility, Rodinia
 * streamcluster's pgain step, in integer arithmetic: points of 6 integer
 * coordinates, each assigned to one of K open centers at a known cost.
 * Pass 1 (a grid-stride loop, 4 points a thread): a point closer to the
 * candidate switches to it (its saving added to the block's gain),
 * otherwise its center's "would save if closed" total grows by the cost
 * difference (shared atomicAdd per center).  After a barrier, each of K
 * threads decides whether its center closes (its total beats the facility
 * cost), and after another barrier pass 2 reassigns the points of closed
 * centers to the candidate.  The switch flags live in a shared bitmap set
 * with atomicOr.  Writes the new assignments and costs, each center's
 * decision and the block's gain; the 64-bit total cost with atomicAdd on
 * unsigned long long. */
#define DIM 6
#define K 8
#define PER 4

static __device__ unsigned dist2(const unsigned char *a, const unsigned char *b)
{
    unsigned s = 0;
    for (int d = 0; d < DIM; d++) {
        const int x = (int)a[d] - (int)b[d];
        s += (unsigned)(x * x);
    }
    return s;
}

extern "C" __global__ void pgain(const unsigned char *coord, const unsigned *assign_in, int cand, int npts,
                                 unsigned facility, unsigned *assign, unsigned *cost, unsigned *closed,
                                 int *gain_out, unsigned long long *total)
{
    __shared__ int lower[K];
    __shared__ unsigned switched[(1024 + 31) / 32];
    __shared__ int gain;
    __shared__ unsigned close_mask;
    const int t = threadIdx.x, n = blockDim.x;
    if (t < K) lower[t] = 0;
    for (int w = t; w < (npts + 31) / 32; w += n) switched[w] = 0;
    if (t == 0) {
        gain = -(int)facility;
        close_mask = 0;
    }
    __syncthreads();
    const unsigned char *cp = coord + cand * DIM;
    for (int i = t; i < npts; i += n) {
        const unsigned a = assign_in[i] % K;
        const unsigned c = dist2(coord + i * DIM, coord + a * DIM);
        const unsigned d = dist2(coord + i * DIM, cp);
        if (d < c) {
            atomicOr(&switched[i / 32], 1u << (i % 32));
            atomicAdd(&gain, (int)(c - d));
        } else {
            atomicAdd(&lower[a], (int)(d - c));
        }
    }
    __syncthreads();
    if (t < K) {
        /* closing center t saves the facility cost, its points move */
        const int save = (int)facility - lower[t];
        if (save > 0 && t != cand) {
            atomicOr(&close_mask, 1u << t);
            atomicAdd(&gain, save);
        }
    }
    __syncthreads();
    const unsigned cm = close_mask;
    const bool open = gain > 0;
    unsigned long long mine = 0;
    for (int i = t; i < npts; i += n) {
        const unsigned a = assign_in[i] % K;
        const bool sw = (switched[i / 32] >> (i % 32)) & 1;
        unsigned na = a;
        if (open && (sw || ((cm >> a) & 1))) na = (unsigned)cand;
        assign[i] = na;
        const unsigned c = dist2(coord + i * DIM, coord + na * DIM);
        cost[i] = c;
        mine += c;
    }
    atomicAdd(total, mine);
    if (t < K) closed[t] = open && ((cm >> t) & 1);
    if (t == 0) *gain_out = gain;
}
