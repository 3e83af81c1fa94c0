/* SPDX-License-Identifier: Apache-2.0 */
/* own_lexer.cu -- the reviewer's own prelude (no project header), issue
 * 25's command: a tokenizer written as a goto state machine, one thread a
 * line of text.  Random words become characters through a __constant__
 * alphabet (letters, digits, spaces, operators, quotes, '#', '.'); the
 * machine moves between states by goto (start, identifier, number with an
 * optional fraction, string up to the closing quote or the line's end,
 * comment to the line's end, operator), and each finished token is folded
 * into the line's hash by a dense switch on its kind (clang 14 makes
 * compares and branches of it, no brx.idx, at every -O level).  Per line:
 * the count of each kind (eight 8-bit counters packed in one 64-bit word:
 * an array of counters initialised with `= {0}` makes clang 14 -Os stop
 * with "cannot lower memory intrinsic in address space 5") and the hash;
 * per block: the longest token, by a shared atomicMax through clang's own
 * built-in.  Lines end early at a zero character; grid and block do not
 * divide the line count. */
#ifndef WARPHW_CUDA_H
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#endif

#define LINE 40
#define KINDS 8

__constant__ char alphabet[32] = {'a', 'b', 'q', 'x', 'y', 'z', '_', 'k', '0', '1', '7', '9', ' ', ' ', ' ', '\t',
                                  '+', '-', '*', '/', '=', '<', '(', ')', '"', '#', '.', ';', ',', 'e', 'Q', 0};

enum { K_IDENT, K_INT, K_REAL, K_STRING, K_COMMENT, K_OP, K_PUNCT, K_BAD };

__device__ unsigned rotl(unsigned x, int s) { return (x << (s & 31)) | (x >> ((32 - s) & 31)); }

__device__ unsigned fold(unsigned h, int kind, int len, char first)
{
    switch (kind) {
    case K_IDENT: h = h * 31u + (unsigned)len; break;
    case K_INT: h ^= (unsigned)len << 7; break;
    case K_REAL: h = rotl(h, len) + 0x9e3779b9u; break;
    case K_STRING: h = h * 17u ^ (unsigned)(len * len); break;
    case K_COMMENT: h = ~h + (unsigned)len; break;
    case K_OP: h = (h >> 3) ^ (h << 5) ^ (unsigned char)first; break;
    case K_PUNCT: h += (unsigned char)first * 3u; break;
    default: h ^= 0xdeadbeefu; break;
    }
    return h;
}

__device__ bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
__device__ bool is_digit(char c) { return c >= '0' && c <= '9'; }

extern "C" __global__ void own_lexer(const unsigned *words, int nlines, unsigned *counts, unsigned *hashes,
                                     unsigned *longest)
{
    __shared__ unsigned blk_longest;
    const int tid = __nvvm_read_ptx_sreg_tid_x();
    const int line = __nvvm_read_ptx_sreg_ctaid_x() * __nvvm_read_ptx_sreg_ntid_x() + tid;
    if (tid == 0) blk_longest = 0;
    __nvvm_bar_sync(0);
    if (line < nlines) {
        char text[LINE];
        for (int i = 0; i < LINE; i++)
            text[i] = alphabet[(words[line * (LINE / 4) + i / 4] >> (8 * (i % 4))) & 31];
        unsigned long long cnt = 0; /* kind k in bits 8k..8k+7 */
        unsigned h = 2166136261u, maxlen = 0;
        int i = 0, start = 0, kind = K_BAD;
        char c;
    start:
        if (i >= LINE || text[i] == 0) goto done;
        c = text[i];
        start = i++;
        if (c == ' ' || c == '\t') goto start;
        if (is_letter(c)) goto ident;
        if (is_digit(c)) goto number;
        if (c == '"') goto string;
        if (c == '#') goto comment;
        if (c == '+' || c == '-' || c == '*' || c == '/' || c == '=' || c == '<') goto op;
        if (c == '(' || c == ')' || c == ';' || c == ',') { kind = K_PUNCT; goto emit; }
        kind = K_BAD;
        goto emit;
    ident:
        if (i < LINE && (is_letter(text[i]) || is_digit(text[i]))) { i++; goto ident; }
        kind = K_IDENT;
        goto emit;
    number:
        if (i < LINE && is_digit(text[i])) { i++; goto number; }
        if (i < LINE && text[i] == '.') { i++; goto fraction; }
        kind = K_INT;
        goto emit;
    fraction:
        if (i < LINE && is_digit(text[i])) { i++; goto fraction; }
        if (i < LINE && (text[i] == 'e' || text[i] == 'Q') && i + 1 < LINE && is_digit(text[i + 1])) { i += 2; goto fraction; }
        kind = K_REAL;
        goto emit;
    string:
        if (i < LINE && text[i] != 0 && text[i] != '"') { i++; goto string; }
        if (i < LINE && text[i] == '"') i++;
        kind = K_STRING;
        goto emit;
    comment:
        while (i < LINE && text[i] != 0) i++;
        kind = K_COMMENT;
        goto emit;
    op:
        if (i < LINE && text[i] == '=' ) i++; /* +=, <=, == ... */
        kind = K_OP;
    emit:
        cnt += 1ull << (8 * kind);
        h = fold(h, kind, i - start, text[start]);
        if ((unsigned)(i - start) > maxlen) maxlen = i - start;
        goto start;
    done:
        for (int k = 0; k < KINDS; k++) counts[line * KINDS + k] = (unsigned)(cnt >> (8 * k)) & 255u;
        hashes[line] = h;
        __nvvm_atom_max_gen_ui(&blk_longest, maxlen);
    }
    __nvvm_bar_sync(0);
    if (tid == 0) longest[__nvvm_read_ptx_sreg_ctaid_x()] = blk_longest;
}
