/* SPDX-License-Identifier: Apache-2.0 */
/* sadsearch.cu -- block-matching motion search in the manner of Parboil's
 * sad: for each 8 x 8 macroblock of the current frame (one CTA), every
 * candidate displacement in a +-4 pixel window (81 of them, one a thread
 * of a 96-thread block: 15 threads idle) sums absolute differences of
 * bytes against the reference frame, four pixels a word through __usad on
 * the unpacked bytes; candidates that leave the frame are skipped (a
 * border macroblock has fewer).  The block then picks the smallest SAD in
 * shared memory, ties broken by the smaller index, with a tree of
 * (sad, index) pairs packed in 64-bit words and min.  Each block first
 * makes its macroblock of the current frame in shared memory, byte by
 * byte: the reference moved by the block's own vector (-3..3 each way)
 * plus noise of +-2, so the right answer is known for the inner blocks. */
#define W 32
#define H 24
#define MB 8
#define R 4
#define NC ((2 * R + 1) * (2 * R + 1))

__device__ unsigned char pix(const unsigned char *f, int x, int y) { return f[y * W + x]; }

extern "C" __global__ void sadsearch(const unsigned char *ref, const unsigned *noise, unsigned *sads,
                                     int *best)
{
    __shared__ unsigned long long key[128];
    __shared__ unsigned curw[MB * MB / 4];
    const int t = threadIdx.x;
    const int b = blockIdx.x;
    const int mbx = b % (W / MB), mby = b / (W / MB);
    const int x0 = mbx * MB, y0 = mby * MB;
    if (t < MB * MB) {
        int x = x0 + t % MB, y = y0 + t / MB;
        int vx = b % 7 - 3, vy = (b * 5) % 7 - 3;
        int sx = min(max(x + vx, 0), W - 1), sy = min(max(y + vy, 0), H - 1);
        int v = pix(ref, sx, sy) + (int)(noise[b * MB * MB + t] % 5u) - 2;
        ((unsigned char *)curw)[t] = (unsigned char)min(max(v, 0), 255);
    }
    __syncthreads();
    unsigned long long k = ~0ull;
    if (t < NC) {
        int dx = t % (2 * R + 1) - R, dy = t / (2 * R + 1) - R;
        unsigned s = 0xffffffffu;
        if (x0 + dx >= 0 && y0 + dy >= 0 && x0 + dx + MB <= W && y0 + dy + MB <= H) {
            s = 0;
            for (int y = 0; y < MB; y++) {
                /* the macroblock's row y as two words */
                const unsigned *cw = curw + y * (MB / 4);
                for (int h = 0; h < 2; h++) {
                    unsigned c = cw[h];
                    for (int b = 0; b < 4; b++) {
                        unsigned r = pix(ref, x0 + dx + 4 * h + b, y0 + dy + y);
                        s = __usad((c >> (8 * b)) & 0xffu, r, s);
                    }
                }
            }
        }
        sads[blockIdx.x * NC + t] = s;
        k = ((unsigned long long)s << 32) | (unsigned)t;
    }
    key[t] = k;
    if (t < 128 - blockDim.x) key[blockDim.x + t] = ~0ull; /* pad to 128 */
    __syncthreads();
    for (int d = 64; d > 0; d >>= 1) {
        if (t < d) key[t] = min(key[t], key[t + d]);
        __syncthreads();
    }
    if (t == 0) {
        int i = (int)(key[0] & 0xffffffffu);
        best[2 * blockIdx.x] = i % (2 * R + 1) - R;
        best[2 * blockIdx.x + 1] = i / (2 * R + 1) - R;
    }
}
