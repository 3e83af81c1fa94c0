/* SPDX-License-Identifier: Apache-2.0 */
/* own_gotoscan.cu -- the reviewer's own prelude (no project header),
 * issue 25's command: a hand-written scanner with `goto`, in the style of
 * lexers and parsers written before regex engines: each thread scans its
 * own line (8 to 23 characters from a 16-letter alphabet of letters,
 * digits, blanks and punctuation), counting words (runs of letters) and
 * numbers (runs of digits, their values summed modulo 2^32) and the
 * longest number.  The two states are two loops that jump into each
 * other: the line starts in either (the first character decides), and
 * either leaves for the other in its middle, so the control-flow graph
 * has a cycle with two entries -- an irreducible loop, which no
 * structured `for`/`while` can give.  Each block sums its counts in
 * shared memory with an atomic add. */
#ifdef WARPHW_CUDA_H /* the host reference compiles this file with the project's header */
#define TX threadIdx.x
#define BX blockIdx.x
#define NX blockDim.x
#define ADD(p, v) atomicAdd((p), (v))
#else
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define TX __nvvm_read_ptx_sreg_tid_x()
#define BX __nvvm_read_ptx_sreg_ctaid_x()
#define NX __nvvm_read_ptx_sreg_ntid_x()
#define ADD(p, v) __nvvm_atom_add_gen_i((int *)(p), (int)(v))
#define __syncthreads() __nvvm_bar_sync(0)
#endif

__constant__ char alpha[17] = "ab1 cd2.e3 45,f6";

static __device__ bool isdig(int c) { return c >= '0' && c <= '9'; }
static __device__ bool islet(int c) { return c >= 'a' && c <= 'z'; }

extern "C" __global__ void gotoscan(const unsigned char *rnd, unsigned *words, unsigned *nums,
                                    unsigned *sums, unsigned *longest, unsigned *block_counts, int n)
{
    __shared__ unsigned bw, bn;
    if (TX == 0) bw = bn = 0;
    __syncthreads();
    const int g = BX * NX + TX;
    if (g < n) {
        const unsigned char *s = rnd + g * 64;
        const int len = 8 + s[0] % 16;
        int i = 1, nw = 0, nn = 0, run = 0, best = 0;
        unsigned sum = 0, val = 0;
        bool inword = false;
        int c;
        if (i >= len) goto done;
        c = alpha[s[i] % 16];
        if (isdig(c)) goto number;
    text:
        inword = false;
        for (; i < len; i++) {
            c = alpha[s[i] % 16];
            if (isdig(c)) goto number;
            const bool let = islet(c);
            if (let && !inword) nw++;
            inword = let;
        }
        goto done;
    number:
        val = 0;
        run = 0;
        nn++;
        for (; i < len; i++) {
            c = alpha[s[i] % 16];
            if (!isdig(c)) {
                sum += val;
                if (run > best) best = run;
                goto text;
            }
            val = val * 10u + (unsigned)(c - '0');
            run++;
        }
        sum += val;
        if (run > best) best = run;
    done:
        words[g] = nw;
        nums[g] = nn;
        sums[g] = sum;
        longest[g] = best;
        ADD(&bw, nw);
        ADD(&bn, nn);
    }
    __syncthreads();
    if (TX == 0) {
        block_counts[2 * BX] = bw;
        block_counts[2 * BX + 1] = bn;
    }
}
