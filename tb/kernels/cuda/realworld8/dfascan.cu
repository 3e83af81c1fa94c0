/* SPDX-License-Identifier: Apache-2.0 */
/* dfascan.cu -- multi-pattern matching with a DFA, as packet-inspection
 * and grep-like GPU codes write it: the transition table (states x 16
 * symbol classes, one byte an entry) and the byte-to-class map are copied
 * from global into shared memory by the whole block (32-bit loads, then
 * byte loads from shared), and each thread runs the automaton over its own
 * chunk of the text, byte by byte (ld.global.u8), starting OVERLAP bytes
 * early so a match across the chunk boundary is found by exactly one
 * thread (matches ending before its own chunk are not counted).  An
 * accepting state's pattern id comes from a small table; each match bumps
 * a per-pattern count in shared memory (atomicAdd), the first match
 * position of each pattern in the whole text is kept with a global
 * atomicMin, and a thread whose chunk holds a "stop" pattern stops early
 * (break out of the byte loop).  Chunk lengths do not divide the text. */
#define NCLASS 16
#define MAXSTATES 24
#define NPAT 4
#define OVERLAP 7

extern "C" __global__ void dfascan(const unsigned char *__restrict__ text, int len, int chunk,
                                    const unsigned *__restrict__ table_words, int nstates,
                                    const unsigned *__restrict__ class_words, const signed char *accept,
                                    int *counts, int *first)
{
    __shared__ unsigned char delta[MAXSTATES * NCLASS];
    __shared__ unsigned char cls[256];
    __shared__ int scount[NPAT];
    unsigned *dw = (unsigned *)delta, *cw = (unsigned *)cls;
    for (int i = threadIdx.x; i < nstates * NCLASS / 4; i += blockDim.x) dw[i] = table_words[i];
    for (int i = threadIdx.x; i < 64; i += blockDim.x) cw[i] = class_words[i];
    if (threadIdx.x < NPAT) scount[threadIdx.x] = 0;
    __syncthreads();
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    const int begin = t * chunk, end = min(len, begin + chunk);
    if (begin < len) {
        int state = 0;
        for (int p = max(0, begin - OVERLAP); p < end; p++) {
            state = delta[state * NCLASS + cls[text[p]]];
            int pat = accept[state];
            if (pat < 0 || p < begin) continue;
            atomicAdd(&scount[pat], 1);
            atomicMin(&first[pat], p);
            if (pat == NPAT - 1) break; /* the stop pattern ends this chunk */
        }
    }
    __syncthreads();
    if (threadIdx.x < NPAT) atomicAdd(&counts[threadIdx.x], scount[threadIdx.x]);
}
