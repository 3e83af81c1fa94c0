/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gen.c -- random structured-kernel generator (see gen.h).
 *
 * Registers: r0..r7 data (random ALU code), r8 address / condition
 * temporary, r9..r11 loop limits and r12..r14 loop counters of nesting
 * depth 0..2 (the body never writes them, so every loop ends), r15 data.
 * Predicates: p0..p2 conditions (set right before their branch), p3 loop
 * back-edges.
 *
 * What it generates, and which mechanism's shape each form is for:
 *   - ALU code on %tid, %lane, %warp, %ntid, immediates and registers;
 *   - if, if/else (sbi, dpe: both paths with independent work and loads),
 *     nested to depth 4;
 *   - conditions: a range of lanes or threads (SIMT's prefix masks), a lane
 *     modulo 2/4/8 (dwf, lwm: divergence that does not follow the lanes),
 *     lane xor warp parity (swi: warps diverging on complementary lanes),
 *     one lane (tsimt: a sparse warp), a loaded value (data-dependent);
 *   - loops with uniform, per-thread (%tid) and data-dependent (a loaded
 *     value) trip counts, with break and continue;
 *   - early exits (kernels without a barrier);
 *   - barriers at the top level and in uniform loops whose body holds two
 *     barriers (so a buffer's epoch parity is the same every iteration);
 *   - loads and stores: own words (coalesced when the kernel's layout is
 *     interleaved, strided by 8 words when it is sliced), gathers anywhere
 *     in the input and in the previous epoch's buffer.
 * Not generated (the .k language has none): shared memory, SFU ops, a
 * grid of CTAs (a generated kernel is not idempotent across CTAs).
 *
 * Memory (S = 8 words per thread and buffer):
 *   [0, 64)                  input, initialised by .data, never written
 *   [64, 64 + T*S)           buffer 0
 *   [64 + T*S, 64 + 2*T*S)   buffer 1
 * Thread t owns word k (0 <= k < S) of a buffer at t*S + k (sliced layout)
 * or k*T + t (interleaved: a warp's accesses to one k are consecutive
 * words), one layout per kernel.  Between two barriers (epoch e) a thread
 * stores only into its own words of buffer e%2, loads its own words of
 * buffer e%2, anywhere in the input, and anywhere in buffer (e+1)%2
 * (written in the previous epoch, by anyone, and not written in this one).
 * So no two threads touch a word in one epoch unless both only read it: the
 * kernels are race-free by construction, and the reference's order is as
 * good as any.
 *
 * Barriers never under a divergent branch; early exits only in kernels
 * without a barrier (an exit under a divergent branch before a barrier is
 * rejected by the checker, kernel.h).
 */
#include "gen.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    uint64_t s;
    char *buf;
    size_t len, cap;
    unsigned lab;
    unsigned threads, slice;
    int interleaved; /* own words at k*T + t, else t*S + k */
    unsigned in_if;  /* ifs open around the statement */
    unsigned epoch;
    int has_bar;
    unsigned budget;   /* statements left */
} gen;

static uint64_t rnd(gen *g)
{
    g->s ^= g->s >> 12;
    g->s ^= g->s << 25;
    g->s ^= g->s >> 27;
    return g->s * 0x2545F4914F6CDD1Dull;
}

static unsigned pick(gen *g, unsigned n) { return (unsigned)(rnd(g) >> 33) % n; }

static void emit(gen *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void emit(gen *g, const char *fmt, ...)
{
    va_list ap;
    for (;;) {
        va_start(ap, fmt);
        int n = vsnprintf(g->buf + g->len, g->cap - g->len, fmt, ap);
        va_end(ap);
        if (n >= 0 && g->len + (size_t)n + 1 < g->cap) {
            g->len += (size_t)n;
            return;
        }
        g->cap = g->cap * 2 + 256;
        g->buf = realloc(g->buf, g->cap);
    }
}

static const char *const alu[] = {"add", "sub", "mul", "and", "or", "xor", "shl", "shr", "min", "max"};
static const char *const cmp[] = {"eq", "ne", "lt", "le", "gt", "ge"};

static void src(gen *g, char *b, size_t n)
{
    switch (pick(g, 8)) {
    case 0: snprintf(b, n, "%%tid"); break;
    case 1: snprintf(b, n, "%%lane"); break;
    case 2: snprintf(b, n, "%%warp"); break;
    case 3: snprintf(b, n, "%%ntid"); break;
    case 4: snprintf(b, n, "%d", (int)pick(g, 41) - 20); break;
    case 5: snprintf(b, n, "0x%x", (unsigned)(rnd(g) >> 32)); break;
    default: snprintf(b, n, "r%u", pick(g, 8)); break;
    }
}

static unsigned dreg(gen *g)
{
    unsigned r = pick(g, 9);
    return r == 8 ? 15 : r;
}

static void cond(gen *g, unsigned p)
{
    char a[32], b[32];
    switch (pick(g, 10)) {
    case 0: /* a lane modulo 2, 4 or 8: divergence across the lanes */
        emit(g, "    and r8, %%%s, %u\n    setp.%s p%u, r8, %u\n", pick(g, 2) ? "lane" : "tid",
             (2u << pick(g, 3)) - 1, pick(g, 2) ? "eq" : "ne", p, pick(g, 2));
        return;
    case 1: /* lane xor warp parity: neighbouring warps on complementary lanes */
        emit(g, "    xor r8, %%lane, %%warp\n    and r8, r8, 1\n    setp.eq p%u, r8, 0\n", p);
        return;
    case 2: /* one lane of each warp */
        emit(g, "    setp.%s p%u, %%lane, %u\n", pick(g, 2) ? "eq" : "ne", p, pick(g, 8));
        return;
    case 3: /* a loaded value: data-dependent */
        emit(g, "    and r8, %%tid, 63\n    ld r8, [r8]\n    setp.%s p%u, r8, %d\n",
             cmp[pick(g, 6)], p, (int)pick(g, 200) - 100);
        return;
    default:
        break;
    }
    if (pick(g, 3) == 0)
        snprintf(a, sizeof a, "%%tid");
    else if (pick(g, 2))
        snprintf(a, sizeof a, "%%lane");
    else
        src(g, a, sizeof a);
    if (pick(g, 2))
        snprintf(b, sizeof b, "%u", pick(g, g->threads + 2));
    else
        src(g, b, sizeof b);
    emit(g, "    setp.%s p%u, %s, %s\n", cmp[pick(g, 6)], p, a, b);
}

/* r8 = the address of the thread's own word (a & (S-1)) of a buffer,
 * relative to the buffer (gen.c's header: the two layouts) */
static void own_addr(gen *g, const char *a)
{
    if (g->interleaved)
        emit(g, "    and r8, %s, %u\n    mul r8, r8, %u\n    add r8, r8, %%tid\n", a,
             g->slice - 1, g->threads);
    else
        emit(g, "    and r8, %s, %u\n    mul r15, %%tid, %u\n    add r8, r8, r15\n", a,
             g->slice - 1, g->slice);
}

static void mem_op(gen *g)
{
    unsigned T = g->threads, S = g->slice;
    unsigned cur = 64 + (g->epoch & 1) * T * S, prev = 64 + ((g->epoch + 1) & 1) * T * S;
    char a[32];
    src(g, a, sizeof a);
    switch (pick(g, 4)) {
    case 0: /* store into an own word of the current buffer */
        own_addr(g, a);
        emit(g, "    st [r8+%u], r%u\n", cur, pick(g, 8));
        break;
    case 1: /* load an own word, current buffer */
        own_addr(g, a);
        emit(g, "    ld r%u, [r8+%u]\n", pick(g, 8), cur);
        break;
    case 2: { /* load anywhere in the previous buffer */
        unsigned p = 1;
        while (p * 2 <= T * S)
            p *= 2;
        emit(g, "    and r8, %s, %u\n    ld r%u, [r8+%u]\n", a, p - 1, pick(g, 8), prev);
        break;
    }
    default: /* load the input */
        emit(g, "    and r8, %s, 63\n    ld r%u, [r8]\n", a, pick(g, 8));
        break;
    }
}

static void block(gen *g, unsigned depth, int loops, int top, int brk, int cont);

static void stmt(gen *g, unsigned depth, int loops, int top, int brk, int cont)
{
    if (g->budget)
        g->budget--;
    unsigned k = pick(g, depth >= 4 || !g->budget ? 4 : 11);
    char a[32], b[32];
    switch (k) {
    case 0:
    case 1:
        src(g, a, sizeof a);
        src(g, b, sizeof b);
        emit(g, "    %s r%u, %s, %s\n", alu[pick(g, 10)], dreg(g), a, b);
        break;
    case 2:
        src(g, a, sizeof a);
        emit(g, "    mov r%u, %s\n", dreg(g), a);
        break;
    case 3:
        mem_op(g);
        break;
    case 4: { /* if */
        unsigned L = g->lab++;
        cond(g, depth % 3);
        emit(g, "    @%sp%u bra E%u\n", pick(g, 2) ? "!" : "", depth % 3, L);
        g->in_if++;
        block(g, depth + 1, loops, 0, brk, cont);
        g->in_if--;
        emit(g, "E%u:\n", L);
        break;
    }
    case 5:
    case 6: { /* if / else */
        unsigned L = g->lab++;
        cond(g, depth % 3);
        emit(g, "    @%sp%u bra T%u\n", pick(g, 2) ? "!" : "", depth % 3, L);
        g->in_if++;
        block(g, depth + 1, loops, 0, brk, cont);
        emit(g, "    bra J%u\nT%u:\n", L, L);
        block(g, depth + 1, loops, 0, brk, cont);
        g->in_if--;
        emit(g, "J%u:\n", L);
        break;
    }
    case 7:
    case 8: { /* loop, uniform or divergent trip count */
        if (loops >= 3 || (g->has_bar && g->in_if)) {
            /* a kernel with barriers has uniform loops only, outside every
             * if: p3 (every back-edge's predicate) stays uniform for the
             * checker's flow-insensitive divergence analysis (kernel.h) */
            mem_op(g);
            break;
        }
        unsigned L = g->lab++, c = 12 + (unsigned)loops, lim = 9 + (unsigned)loops;
        /* at the top level of a kernel with barriers: a uniform loop whose
         * body holds two barriers (no break or continue: the loop stays
         * uniform, and each iteration starts in the same epoch parity) */
        int bar_loop = top && g->has_bar && pick(g, 2);
        unsigned kind = bar_loop || g->has_bar ? 0 : pick(g, 4);
        if (kind <= 1)
            emit(g, "    mov r%u, %u\n", lim, 1 + pick(g, 4));
        else if (kind == 2)
            emit(g, "    and r%u, %%tid, 3\n    add r%u, r%u, 1\n", lim, lim, lim);
        else /* a loaded value's trip count: data-dependent divergence */
            emit(g, "    and r8, %%tid, 63\n    ld r%u, [r8]\n    and r%u, r%u, 3\n    add r%u, r%u, "
                    "1\n", lim, lim, lim, lim, lim);
        emit(g, "    mov r%u, 0\nL%u:\n", c, L);
        if (bar_loop) {
            block(g, depth + 1, loops + 1, 0, -1, -1);
            emit(g, "    bar\n");
            g->epoch++;
            block(g, depth + 1, loops + 1, 0, -1, -1);
            emit(g, "    bar\n");
            g->epoch++;
        } else if (g->has_bar)
            block(g, depth + 1, loops + 1, 0, -1, -1);
        else
            block(g, depth + 1, loops + 1, 0, (int)L, (int)L);
        emit(g, "C%u:\n    add r%u, r%u, 1\n    setp.lt p3, r%u, r%u\n    @p3 bra L%u\nX%u:\n", L,
             c, c, c, lim, L, L);
        break;
    }
    case 9: /* break or continue */
        if (brk < 0) {
            src(g, a, sizeof a);
            emit(g, "    xor r%u, r%u, %s\n", dreg(g), pick(g, 8), a);
            break;
        }
        cond(g, depth % 3);
        emit(g, "    @p%u bra %c%d\n", depth % 3, pick(g, 2) ? 'X' : 'C', pick(g, 2) ? brk : cont);
        break;
    default: /* early exit, or a barrier at the top level */
        if (top && g->has_bar) {
            emit(g, "    bar\n");
            g->epoch++;
        } else if (!g->has_bar) {
            cond(g, depth % 3);
            emit(g, "    @p%u bra Q%u\n", depth % 3, 0u);
        } else
            mem_op(g);
        break;
    }
}

static void block(gen *g, unsigned depth, int loops, int top, int brk, int cont)
{
    unsigned n = 1 + pick(g, top ? 8 : 4);
    for (unsigned i = 0; i < n; i++) {
        stmt(g, depth, loops, top, brk, cont);
        if (top && g->has_bar && pick(g, 3) == 0) {
            emit(g, "    bar\n");
            g->epoch++;
        }
    }
}

char *gen_kernel(uint64_t seed, unsigned max_threads)
{
    gen g;
    memset(&g, 0, sizeof g);
    g.s = seed * 0x9E3779B97F4A7C15ull + 0x1234567ull;
    if (!g.s)
        g.s = 1;
    rnd(&g);
    g.threads = 1 + pick(&g, max_threads);
    g.slice = 8;
    g.has_bar = pick(&g, 3) == 0;
    g.budget = 12 + pick(&g, 30);
    g.interleaved = (int)pick(&g, 2);
    unsigned mem = 64 + 2 * g.threads * g.slice;
    emit(&g, "# generated by build/simt --gen %llu --max-threads %u (%s layout)\n.kernel gen%llu\n"
             ".threads %u\n.mem %u\n",
         (unsigned long long)seed, max_threads, g.interleaved ? "interleaved" : "sliced",
         (unsigned long long)seed, g.threads, mem);
    emit(&g, ".data 0");
    for (unsigned i = 0; i < 64; i++)
        emit(&g, " %d", (int)pick(&g, 200) - 100);
    emit(&g, "\n");
    block(&g, 0, 0, 1, -1, -1);
    if (pick(&g, 2) && !g.has_bar) {
        /* a store after everything: results observable in memory */
        own_addr(&g, "0");
        emit(&g, "    st [r8+64], r0\n");
    }
    emit(&g, "    exit\nQ0:\n    exit\n");
    return g.buf;
}
