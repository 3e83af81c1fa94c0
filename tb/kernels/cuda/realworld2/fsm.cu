/* SPDX-License-Identifier: Apache-2.0 */
/* fsm.cu -- a warp-divergent state machine: each thread runs a small
 * tokenizer-like automaton over its own input words, a switch on the state
 * inside a loop whose trip count depends on the data, with early exit, so
 * the threads of one warp sit in different cases of the switch at once. */
enum { S_START, S_NUM, S_WORD, S_SKIP, S_DONE };
extern "C" __global__ void fsm(const unsigned *in, int *out, int n, int len)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    const unsigned *p = in + t * len;
    int state = S_START, nums = 0, words = 0, skips = 0, i = 0;
    unsigned acc = 0;
    while (state != S_DONE) {
        unsigned c = i < len ? p[i] % 40u : 39u;
        switch (state) {
        case S_START:
            if (c < 10) { state = S_NUM; acc = acc * 3u + c; }
            else if (c < 30) state = S_WORD;
            else if (c == 39) state = S_DONE;
            else { state = S_SKIP; skips++; }
            i++;
            break;
        case S_NUM:
            if (c < 10) { acc = acc * 3u + c; i++; }
            else { nums++; state = S_START; }
            break;
        case S_WORD:
            if (c >= 10 && c < 30) i++;
            else { words++; state = S_START; }
            break;
        case S_SKIP:
            if (c >= 30 && c < 39) { i++; skips++; }
            else state = c == 39 ? S_DONE : S_START;
            break;
        }
    }
    out[4 * t] = nums;
    out[4 * t + 1] = words;
    out[4 * t + 2] = (int)acc;
    out[4 * t + 3] = skips * 100 + i;
}
