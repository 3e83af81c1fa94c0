/* SPDX-License-Identifier: Apache-2.0 */
/* nw.cu -- Needleman-Wunsch-style alignment score of two 32-symbol
 * sequences per CTA, computed along anti-diagonals of a 33x33 score tile in
 * shared memory (Rodinia NW's wavefront: on diagonal d, thread t owns cell
 * (t+1, d-t+1) when it is inside the tile, then a barrier).  Sequences are
 * 2-bit symbols taken from the launch's random buffer; match +3, mismatch
 * -1, gap -2.  Each CTA writes its last row and the score. */
#define B 32
extern "C" __global__ void nw(const unsigned *rnd, int *out)
{
    __shared__ int s[B + 1][B + 1];
    __shared__ unsigned char a[B], b[B];
    int t = threadIdx.x, cta = blockIdx.x;
    a[t] = (rnd[cta * 2 * B + t] >> 7) & 3;
    b[t] = (rnd[cta * 2 * B + B + t] >> 11) & 3;
    s[0][t + 1] = -2 * (t + 1);
    s[t + 1][0] = -2 * (t + 1);
    if (t == 0) s[0][0] = 0;
    __syncthreads();
    for (int d = 0; d < 2 * B - 1; d++) {
        int j = d - t;
        if (j >= 0 && j < B) {
            int i = t + 1, jj = j + 1;
            int m = s[i - 1][jj - 1] + (a[t] == b[j] ? 3 : -1);
            int up = s[i - 1][jj] - 2, left = s[i][jj - 1] - 2;
            int v = m > up ? m : up;
            s[i][jj] = v > left ? v : left;
        }
        __syncthreads();
    }
    out[cta * (B + 1) + t] = s[B][t + 1];
    if (t == 0) out[cta * (B + 1) + B] = s[B][B];
}
