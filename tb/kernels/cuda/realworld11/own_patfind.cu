/* SPDX-License-Identifier: Apache-2.0 */
/* own_patfind.cu -- the reviewer's own prelude (no project header), issue
 * 25's command: a glob-style pattern matcher, one thread a line of text,
 * as log scanners and intrusion filters run them.  The pattern is a small
 * program of byte codes (a literal, any letter, a digit, a class lo..hi,
 * a gap of up to N letters tried shortest first, the line's end), decoded
 * by a `switch` inside the data-dependent loop over the pattern; a
 * mismatch leaves both the pattern loop and the gap's retry loop with
 * `goto next_start` (the next start position), a full match with `goto
 * found` out of the loop over start positions, and a line that has
 * matched `cap` times stops scanning with `goto done` from three loops
 * deep.  Each thread writes its first match's start and end (or -1) and
 * its count of matching starts; the launch counts the lines that matched
 * with an atomicAdd.  The texts are random letters over a small
 * alphabet (digits, a..f, spaces), so matches are frequent and ragged. */
#ifdef WARPHW_CUDA_H /* the host reference compiles this file with the project's header */
#define TX threadIdx.x
#define BX blockIdx.x
#define NX blockDim.x
#define COUNT_LINE(p) atomicAdd((p), 1u)
#else /* the reviewer's own: clang's attributes and NVVM builtins, as macros */
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
#define TX __nvvm_read_ptx_sreg_tid_x()
#define BX __nvvm_read_ptx_sreg_ctaid_x()
#define NX __nvvm_read_ptx_sreg_ntid_x()
#define COUNT_LINE(p) __nvvm_atom_add_gen_i((int *)(p), 1)
#define __syncthreads() __nvvm_bar_sync(0)
#endif

enum { P_END = 0, P_LIT, P_ANY, P_DIGIT, P_CLASS, P_GAP, P_EOL };

/* the pattern "<digit> [a-c] gap(0..3) 'e' <digit>" and a second one,
 * "<any> [0-4] gap(0..9) <eol>", chosen per block */
__device__ const unsigned char pats[2][16] = {
    {P_DIGIT, P_CLASS, 'a', 'c', P_GAP, 3, P_LIT, 'e', P_DIGIT, P_END},
    {P_ANY, P_CLASS, '0', '4', P_GAP, 9, P_EOL, P_END}};

static __device__ unsigned char text_char(unsigned w)
{
    const unsigned k = w % 20u; /* 0-9 digits, 10-15 a-f, 16-19 space */
    return k < 10 ? '0' + k : k < 16 ? 'a' + (k - 10) : ' ';
}

extern "C" __global__ void patfind(const unsigned *rnd, int len, int cap, int *first, int *last, int *count,
                                   unsigned *lines)
{
    __shared__ unsigned char pat[16];
    __shared__ unsigned char line[32][32];
    const unsigned t = TX, b = BX, id = b * NX + t;
    if (t < 16) pat[t] = pats[b % 2][t];
    for (int k = 0; k < len; k++) line[t][k] = text_char(rnd[id * len + k] >> 7);
    __syncthreads();
    int n = 0, f = -1, e = -1;
    for (int s = 0; s < len; s++) {
        int gap_max = 0, gap = 0, gap_pc = -1, gap_pos = 0;
        int pc = 0, pos = s;
        for (;;) {
            const unsigned op = pat[pc];
            unsigned char c = pos < len ? line[t][pos] : 0;
            switch (op) {
            case P_END:
                goto found;
            case P_LIT:
                if (c != pat[pc + 1]) goto retry;
                pos++;
                pc += 2;
                break;
            case P_ANY:
                if (pos >= len || c == ' ') goto retry;
                pos++;
                pc++;
                break;
            case P_DIGIT:
                if (c < '0' || c > '9') goto retry;
                pos++;
                pc++;
                break;
            case P_CLASS:
                if (c < pat[pc + 1] || c > pat[pc + 2]) goto retry;
                pos++;
                pc += 3;
                break;
            case P_GAP: /* remember where to widen the gap on a later mismatch */
                gap_max = pat[pc + 1];
                gap = 0;
                gap_pc = pc + 2;
                gap_pos = pos;
                pc += 2;
                break;
            case P_EOL:
                if (pos != len) goto retry;
                pc++;
                break;
            default:
                goto next_start;
            }
            continue;
        retry: /* widen the last gap by one letter, else give up this start */
            if (gap_pc < 0 || gap == gap_max || gap_pos + gap >= len) goto next_start;
            gap++;
            pc = gap_pc;
            pos = gap_pos + gap;
        }
    found:
        if (n == 0) {
            f = s;
            e = pos;
        }
        if (++n == cap) goto done;
    next_start:;
    }
done:
    first[id] = f;
    last[id] = e;
    count[id] = n;
    if (n) COUNT_LINE(lines);
}
