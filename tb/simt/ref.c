/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ref.c -- the scalar reference interpreter (see ref.h).
 *
 * The order taint (refp_order_check, refp_taint_fixed; docs/ptx.md "The
 * order taint made sound").  When a cas's or exch's returned value is read
 * (whether or not the reference's orders disagree), the first order runs
 * again with taint, and the global bytes it marks are not compared.
 *
 * The rule.  Seeds: the value a cas or exch returns, and the bytes such an
 * atomic writes.  A register is tainted when an instruction writes it from
 * a tainted source or byte, or while its thread runs inside the region of
 * a branch on a tainted value (from the branch to its reconvergence PC),
 * or when that region could write it (either side).  A byte is tainted
 * when it is written from a tainted value or at a tainted address, inside
 * such a region, or by a cas or exch; and when a store the run did not
 * execute could write it: a store in such a branch's region (either side)
 * or one held off by a tainted guard, or one at a tainted address.  Such a
 * store taints its own bytes when its address is known (a constant, or an
 * untainted register the region does not set, plus a constant); else, in
 * global memory, every byte of the launch's regions (its buffers and the
 * module's variables; all of global memory when none is declared) its
 * address may point into; in shared memory, all of the CTA's; in local
 * memory, all of the thread's; a generic store both global and shared.
 * Where an address may point: each register carries a set of regions --
 * a constant, a special register or a parameter the region of its value,
 * a 64-bit value loaded at a tainted address or from tainted bytes any,
 * otherwise the union of its sources'; a register a tainted branch's
 * region may set adds what the region's definitions may give (to a fixed
 * point over the region).  An empty set at a store means any region.
 * Finally the run repeats, each time starting from the global and shared
 * bytes the last one ended with tainted, until a run adds none (at most
 * REFP_TAINT_PASSES; past that every byte is tainted).
 *
 * Why it covers every order.  Take any legal order (any CTA order, any
 * interleaving of a CTA's threads between barriers).  By induction over
 * the instructions each thread executes in it: while a thread has not
 * passed a branch on a tainted value, it executes the reference's
 * instructions, and each untainted register holds the reference's value --
 * its sources are untainted, and an untainted byte it reads holds the
 * reference's value in that order as well, because a write that would
 * change it is a tainted write (a byte tainted at any time in the run is
 * tainted from the start of the last, so the read is no earlier than the
 * write in any order).  At a branch on a tainted value it may take the
 * other side; everything that side can write is tainted above (registers
 * by the region's definitions, bytes by its stores), and at the
 * reconvergence PC its untainted registers again hold the reference's
 * values.  A store it executes with an untainted address and value under
 * no tainted branch writes the reference's bytes; any other store writes
 * bytes tainted above.  So an untainted byte ends with the reference's
 * value in every order.
 *
 * What the argument assumes (docs/ptx.md): (1) only cas and exch are
 * seeds: a fetch-and-add (add, inc, dec, min, max, and, or, xor) hands out
 * its values whatever the order, an index from it a permutation that the
 * reference's orders shuffle themselves; a kernel whose result depends on
 * which thread got which such value is judged by the orders alone
 * (evidence, as in ref.h); (2) an address computed from a pointer stays
 * in that pointer's region (C's rule; the simulator stops an access
 * outside every region), and no pointer is rebuilt from 32-bit halves;
 * (3) a race between plain stores of untainted values (no atomics) is the
 * orders' to show, as before.
 *
 * The plain-load seed (2026-11-30, unionfind; docs/ptx.md "The plain-load
 * seed").  A plain load (ld, global or shared, generic included) of a
 * byte that an atomic of another thread (any atom or red: each may write)
 * writes in the same barrier phase of the same CTA, or, in global memory,
 * that an atomic of another CTA writes in any phase, reads a value that
 * depends on the interleaving: its value is tainted, like a cas's result
 * (union-find's root walks over parent[] while other threads hook into it
 * with atomicMin).  Any load seeded makes the flow and the registers not
 * compared (refp_result.atom_flow 3, unless already set).  The taint now
 * runs whenever an atomic and a plain load of global or shared memory are
 * both reachable; when no cas's or exch's result is read, with this seed
 * alone (the rules above carry its taint).  The first pass records, per byte, the atomics' (CTA, phase, thread)
 * (refp_amap); every pass reads that map, so a load the first order runs
 * before the atomic is seeded from the second pass on (every pass runs
 * the same first order, and the fixed point needs two passes at least).
 * Why it is enough: an atomic that is tainted (address, guard, value or
 * a tainted branch it runs under) writes tainted bytes, and a store the
 * run did not execute is widened, as above; an untainted atomic runs in
 * every order at the reference's address, in the same phase (barriers
 * are CTA-wide, and an untainted thread passes the same ones), so the map
 * names every untainted atomic write of every order.  A load no untainted
 * atomic of another thread can reach without a barrier between them, and
 * that reads no tainted byte, sees the same atomic writes in every order:
 * those of earlier phases, its own thread's earlier ones (program order),
 * none of later phases.  Phases: when a thread takes a tainted branch
 * whose region holds a barrier, another order may pass a different
 * number of barriers, and the next passes ignore phases (any phase of
 * another thread of the CTA conflicts) until the fixed point.
 * A branch inside a retry loop whose region is too (histo8's saturation
 * test on the guess a plain load gives) belongs to the read-modify-write:
 * what its region sets is tainted, its control is not (as for the loop's
 * own branch).  What the seed assumes, beyond (1)..(3): (4) atomics of
 * different threads on the same bytes with no barrier between them
 * commute (the same fetch-and-op: add, min, max, and, or, xor, inc or
 * dec with one bound, on integers), or the orders show it: a float
 * atomicAdd's rounding, or an add and a min mixed, are the orders' to
 * show; (5) a plain store racing another thread's atomic is (3)'s plain
 * race, the orders' to show; (6) an order-independent result computed
 * from racing loads (sssp's distances, a fixed point in every order) is
 * left out: the taint cannot see convergence.
 */
#include "ref.h"
#include "prog_frame.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void push(ref_result *r, uint32_t *cap, unsigned t, uint32_t pc)
{
    if (r->len[t] == cap[t]) {
        cap[t] = cap[t] ? cap[t] * 2 : 64;
        r->trace[t] = realloc(r->trace[t], cap[t] * sizeof(uint32_t));
    }
    r->trace[t][r->len[t]++] = pc;
}

/* Every live thread waits at a barrier (bar_pc[t], -1 none): the one
 * barrier they wait at (-1 when none waits), or -2 when two threads wait
 * at different ones (*ft and *t2: the first thread and the one that
 * differs). */
static int ref_one_barrier(const int *bar_pc, unsigned T, unsigned *ft, unsigned *t2)
{
    int first = -1;
    for (unsigned t = 0; t < T; t++) {
        if (bar_pc[t] < 0)
            continue;
        if (first < 0) {
            first = bar_pc[t];
            *ft = t;
        } else if (bar_pc[t] != first) {
            *t2 = t;
            return -2;
        }
    }
    return first;
}

int ref_run(const kernel *k, unsigned lanes, uint64_t max_steps, ref_result *r, char *err,
            size_t errlen)
{
    unsigned T = k->threads;
    memset(r, 0, sizeof *r);
    r->threads = T;
    r->regs = calloc(T, sizeof *r->regs);
    r->preds = calloc(T, sizeof *r->preds);
    r->mem = malloc(k->mem_words * sizeof(uint32_t));
    memcpy(r->mem, k->mem_init, k->mem_words * sizeof(uint32_t));
    r->trace = calloc(T, sizeof *r->trace);
    r->len = calloc(T, sizeof *r->len);
    uint32_t *cap = calloc(T, sizeof *cap);
    int *pc = calloc(T, sizeof(int));
    int *bar_pc = malloc(T * sizeof(int)); /* the bar a thread waits after, -1 none */
    unsigned live = T;
    int rc = 0;
    for (unsigned t = 0; t < T; t++)
        bar_pc[t] = -1;
    while (live) {
        for (unsigned t = 0; t < T && !rc; t++) {
            while (pc[t] < (int)k->n && bar_pc[t] < 0) {
                if (r->thread_insts >= max_steps) {
                    snprintf(err, errlen,
                             "%s:%d: the reference ran %llu thread-instructions without finishing "
                             "(thread %u here; an endless loop? raise --max-steps)",
                             k->file, k->ins[pc[t]].line, (unsigned long long)max_steps, t);
                    rc = -1;
                    break;
                }
                int p0 = pc[t], wr, taken;
                uint32_t wv;
                push(r, cap, t, (uint32_t)p0);
                r->thread_insts++;
                pc[t] = kernel_exec(k, p0, t, lanes, r->regs[t], r->preds[t], r->mem, &wr, &wv,
                                    &taken);
                if (k->ins[p0].op == K_BAR)
                    bar_pc[t] = p0;
                if (pc[t] == (int)k->n)
                    live--;
            }
        }
        if (rc)
            break;
        /* every live thread is at a barrier: release them, all at one bar */
        unsigned ft = 0, t2 = 0;
        if (ref_one_barrier(bar_pc, T, &ft, &t2) == -2) {
            snprintf(err, errlen,
                     "%s:%d: threads wait at different barriers (thread %u at line %d, "
                     "thread %u at line %d)",
                     k->file, k->ins[bar_pc[t2]].line, ft, k->ins[bar_pc[ft]].line, t2,
                     k->ins[bar_pc[t2]].line);
            rc = -1;
            break;
        }
        for (unsigned t = 0; t < T; t++)
            bar_pc[t] = -1;
    }
    free(cap);
    free(pc);
    free(bar_pc);
    return rc;
}

void ref_free(ref_result *r)
{
    if (r->trace)
        for (unsigned t = 0; t < r->threads; t++)
            free(r->trace[t]);
    free(r->trace);
    free(r->len);
    free(r->regs);
    free(r->preds);
    free(r->mem);
    memset(r, 0, sizeof *r);
}

/* ------------------------------------------------ reference on prog */

/* The high-water counters of refp_mem_peak: what the reference holds per
 * thread (a CTA's scratch and results, the grid arrays of REFP_GRID) and
 * per CTA of the grid (the order check's digests and register bitmap). */
static uint64_t refp_cur[2], refp_hi[2];

static void *refp_alloc(int kind, uint64_t bytes)
{
    refp_cur[kind] += bytes;
    if (refp_cur[kind] > refp_hi[kind])
        refp_hi[kind] = refp_cur[kind];
    return calloc(1, bytes ? bytes : 1);
}

static void refp_release(int kind, void *q, uint64_t bytes)
{
    if (!q)
        return;
    refp_cur[kind] -= bytes;
    free(q);
}

uint64_t refp_mem_peak(int per_cta)
{
    return refp_hi[per_cta ? 1 : 0];
}

/* appends pc as thread t's instruction number len (its trace holds len) */
static void refp_push(refp_cta_out *o, unsigned t, uint64_t len, uint32_t pc)
{
    if (len == o->cap[t]) {
        uint64_t n = o->cap[t] ? o->cap[t] * 2 : 64;
        refp_cur[0] += (n - o->cap[t]) * sizeof(uint32_t);
        if (refp_cur[0] > refp_hi[0])
            refp_hi[0] = refp_cur[0];
        o->cap[t] = n;
        o->trace[t] = realloc(o->trace[t], n * sizeof(uint32_t));
    }
    o->trace[t][len] = pc;
}

/* The orders of refp_order_check: 0 first to last, 1 last to first, 2 a
 * stride S coprime with n (the i-th run is (i * S) mod n; S the first
 * number from n/2 + 1 up coprime with n); 4 first to last, but a thread
 * yields after each atomic it executes and the next takes its turn
 * (REFP_ORDER_RR, refp_cta_phase), the CTAs side by side as in 3 (a round
 * of each in turn). */
static uint64_t refp_stride(uint64_t n)
{
    uint64_t s = n / 2 + 1;
    for (;; s++) {
        uint64_t a = s, b = n;
        while (b) {
            uint64_t t = a % b;
            a = b;
            b = t;
        }
        if (a == 1)
            return s;
    }
}

static uint64_t refp_order(uint64_t i, uint64_t n, int kind, uint64_t stride)
{
    return kind == 1 ? n - 1 - i : kind == 2 ? (i * stride) % n : i;
}

void refp_out_init(refp_cta_out *o, const prog *p, int keep_trace)
{
    unsigned T = p->block[0] * p->block[1] * p->block[2], nr = p->nregs;
    memset(o, 0, sizeof *o);
    o->threads = T;
    o->nregs = nr;
    o->cta = UINT64_MAX;
    o->regs = refp_alloc(0, (uint64_t)T * nr * sizeof(uint64_t));
    o->len = refp_alloc(0, (uint64_t)T * sizeof(uint64_t));
    o->hash = refp_alloc(0, (uint64_t)T * sizeof(uint64_t));
    if (keep_trace) {
        o->trace = refp_alloc(0, (uint64_t)T * sizeof *o->trace);
        o->cap = refp_alloc(0, (uint64_t)T * sizeof *o->cap);
    }
    for (unsigned pc = 0; p->nwsync && pc < p->n && !o->am; pc++)
        if (p->ins[pc].wsync == 2 && (!p->reachable || p->reachable[pc])) {
            o->am = refp_alloc(0, (uint64_t)T * sizeof *o->am);
            o->amn = refp_alloc(0, (uint64_t)T * sizeof *o->amn);
            o->amcap = refp_alloc(0, (uint64_t)T * sizeof *o->amcap);
        }
}

/* thread t's next activemask group g (refp_cta_out.am) */
static void refp_am_push(refp_cta_out *o, unsigned t, uint32_t g)
{
    if (o->amn[t] == o->amcap[t]) {
        uint32_t n = o->amcap[t] ? o->amcap[t] * 2 : 8;
        refp_cur[0] += (uint64_t)(n - o->amcap[t]) * sizeof(uint32_t);
        if (refp_cur[0] > refp_hi[0])
            refp_hi[0] = refp_cur[0];
        o->amcap[t] = n;
        o->am[t] = realloc(o->am[t], n * sizeof(uint32_t));
    }
    o->am[t][o->amn[t]++] = g;
}

void refp_out_free(refp_cta_out *o)
{
    unsigned T = o->threads;
    if (o->view) {
        memset(o, 0, sizeof *o);
        return;
    }
    if (o->trace)
        for (unsigned t = 0; t < T; t++)
            refp_release(0, o->trace[t], o->cap[t] * sizeof(uint32_t));
    refp_release(0, o->trace, (uint64_t)T * sizeof *o->trace);
    refp_release(0, o->cap, (uint64_t)T * sizeof *o->cap);
    if (o->am)
        for (unsigned t = 0; t < T; t++)
            refp_release(0, o->am[t], (uint64_t)o->amcap[t] * sizeof(uint32_t));
    refp_release(0, o->am, (uint64_t)T * sizeof *o->am);
    refp_release(0, o->amn, (uint64_t)T * sizeof *o->amn);
    refp_release(0, o->amcap, (uint64_t)T * sizeof *o->amcap);
    refp_release(0, o->regs, (uint64_t)T * o->nregs * sizeof(uint64_t));
    refp_release(0, o->len, (uint64_t)T * sizeof(uint64_t));
    refp_release(0, o->hash, (uint64_t)T * sizeof(uint64_t));
    memset(o, 0, sizeof *o);
}

void refp_out_view(refp_cta_out *o, const refp_result *r, uint64_t cta)
{
    uint64_t b = cta * r->cta_threads;
    memset(o, 0, sizeof *o);
    o->cta = cta;
    o->threads = r->cta_threads;
    o->nregs = r->nregs;
    o->regs = &r->regs[b * r->nregs];
    o->len = &r->len[b];
    o->hash = &r->hash[b];
    o->trace = &r->trace[b];
    if (r->am) {
        o->am = &r->am[b];
        o->amn = &r->amn[b];
    }
    o->view = 1;
}

void refp_stream_init(refp_stream *s, const prog *p, unsigned warp_size, uint64_t max_steps)
{
    memset(s, 0, sizeof *s);
    s->p = p;
    s->warp_size = warp_size ? warp_size : 32;
    s->max_steps = max_steps;
    s->ctas = (uint64_t)p->grid[0] * p->grid[1] * p->grid[2];
    s->global = malloc(p->global_bytes ? p->global_bytes : 1);
    if (p->global_bytes)
        memcpy(s->global, p->global_init, p->global_bytes);
    unsigned T = p->block[0] * p->block[1] * p->block[2];
    s->shared = refp_alloc(0, p->shared_bytes);
    s->local_bytes = (uint64_t)T * p->local_bytes;
    s->local = refp_alloc(0, s->local_bytes);
    s->shu = refp_shuni_wanted(p);
}

void refp_stream_free(refp_stream *s)
{
    free(s->global);
    refp_release(0, s->shared, s->p ? s->p->shared_bytes : 0);
    refp_release(0, s->local, s->local_bytes);
    free(s->tg);
    free(s->ts);
    free(s->tl);
    free(s->tr);
    free(s->tc);
    free(s->tk);
    for (unsigned pc = 0; s->tdef && pc < s->p->n; pc++) {
        free(s->tdef[pc]);
        free(s->tpcs[pc]);
    }
    free(s->tdef);
    free(s->tpcs);
    free(s->tb);
    free(s->tm);
    free(s->tsu);
    free(s->tra);
    free(s->tinr);
    free(s->tnest);
    free(s->taug);
    free(s->tflive);
    free(s->tph); /* s->tam is refp_taint_fixed's */
    memset(s, 0, sizeof *s);
}

static const uint8_t *refp_taint_region(refp_stream *s, int pc);

/* The taint run (refp_taint_pass): the taint arrays of s (refp_stream), all clear */
static void refp_taint_init(refp_stream *s)
{
    const prog *p = s->p;
    unsigned T = p->block[0] * p->block[1] * p->block[2];
    s->tg = calloc(1, p->global_bytes + 1);
    s->ts = calloc(1, p->shared_bytes + 1);
    s->tl = calloc(1, s->local_bytes + 1);
    s->tr = calloc((size_t)T * p->nregs + 1, 1);
    s->tc = calloc(T + 1, 1);
    s->tk = calloc((size_t)T * REFP_TAINT_DEPTH + 1, sizeof *s->tk);
    s->tdef = calloc(p->n + 1, sizeof *s->tdef);
    s->tpcs = calloc(p->n + 1, sizeof *s->tpcs);
    s->tb = calloc((size_t)T * p->nregs + 1, sizeof *s->tb);
    s->tm = calloc((size_t)p->nregs + 1, sizeof *s->tm);
    s->tsu = calloc(1, p->shared_bytes + 1);
    s->tph = calloc(T + 1, sizeof *s->tph);
    /* clang -O0 keeps a retry loop's variables in the frame: its slots
     * as registers, with their liveness (refp_taint_region) */
    unsigned ns = 0;
    s->taug = p->succ && p->reachable ? malloc((p->n + 1) * sizeof *s->taug) : NULL;
    if (s->taug && prog_frame_aug(p, s->taug, &ns) > 0 && ns) {
        prog q = *p;
        q.ins = s->taug;
        q.nregs = p->nregs + ns;
        s->tflive = prog_liveness(&q, &s->tflw);
    }
    if (!s->tflive) {
        free(s->taug);
        s->taug = NULL;
    }
    /* the cas and exch of retry loops (refp_taint_region) */
    s->tra = calloc(p->n + 1, 1);
    s->tinr = calloc(p->n + 1, 1);
    s->tnest = calloc(p->n + 1, 1);
    for (unsigned pc = 0; p->succ && pc < p->n; pc++)
        if (p->ins[pc].unit == PU_BRA && p->ins[pc].guard >= 0 &&
            (!p->reachable || p->reachable[pc]) && refp_taint_region(s, (int)pc)[p->nregs + 1])
            for (int i = 1; i <= s->tpcs[pc][0]; i++) {
                s->tinr[s->tpcs[pc][i]] = 1;
                if (p->ins[s->tpcs[pc][i]].last_wins)
                    s->tra[s->tpcs[pc][i]] = 1;
            }
}

/* The taint run: what the region of the branch at pc (every instruction a
 * path from its successors reaches before its reconvergence point) may
 * write: s->tdef[pc], the registers, then whether it stores to local
 * memory.  A thread that did not take a path still depends on it: the
 * variables the other path would have set keep their old values only
 * because of the branch (clang -O0: every variable in the frame). */
static const uint8_t *refp_taint_region(refp_stream *s, int pc)
{
    const prog *p = s->p;
    if (s->tdef[pc])
        return s->tdef[pc];
    uint8_t *d = calloc(p->nregs + 3, 1), *seen = calloc(p->n + 1, 1);
    int *work = malloc((p->n + 1) * sizeof(int)), nw = 0, stop = p->ins[pc].rpc;
    int *list = malloc((p->n + 2) * sizeof(int)), nl = 0;
    for (int k = 0; k < 2 && p->succ; k++)
        if (p->succ[pc][k] >= 0 && p->succ[pc][k] != stop && !seen[p->succ[pc][k]]) {
            seen[p->succ[pc][k]] = 1;
            work[nw++] = p->succ[pc][k];
        }
    while (nw) {
        int q = work[--nw];
        if (q >= (int)p->n)
            continue;
        list[1 + nl++] = q;
        const prog_insn *in = &p->ins[q];
        for (unsigned i = 0; i < in->ndst; i++)
            d[in->dst[i]] = 1;
        d[p->nregs + 2] |= in->unit == PU_BAR;
        if ((in->unit == PU_ST || in->unit == PU_ATOM) &&
            (in->space == PS_LOCAL || in->fop == PF_MEMGEN || in->fop == PF_MEMLOC ||
             in->fop == PF_OPAQUE))
            d[p->nregs] = 1;
        for (int k = 0; k < 2; k++) {
            int u = p->succ[q][k];
            if (u >= 0 && u != stop && !seen[u]) {
                seen[u] = 1;
                work[nw++] = u;
            }
        }
    }
    /* a retry loop: the region stores nothing but by cas or exch (one at
     * least) and to frame slots (clang -O0's variables: s->taug), has no
     * barrier or warp-synchronous instruction, and sets no register and
     * no frame slot live at the reconvergence point */
    int retry = 0, fslot = 0;
    for (int i = 0; i < nl; i++) {
        int q = list[1 + i];
        const prog_insn *in = &p->ins[q];
        int frame = in->unit == PU_ST && s->taug && s->taug[q].ndst == 1 &&
                    s->taug[q].dst[0] >= p->nregs && refp_taint_fault != 7;
        fslot |= frame;
        if ((in->unit == PU_ST && !frame) || in->unit == PU_BAR || in->wsync ||
            (in->unit == PU_ATOM && !in->last_wins)) {
            retry = 0;
            break;
        }
        retry |= in->unit == PU_ATOM;
    }
    unsigned W = 0;
    const uint64_t *live = retry ? prog_live(p, &W) : NULL;
    int at = stop < 0 ? (int)p->n : stop;
    const uint64_t *row = live ? live + (size_t)at * W : NULL;
    for (unsigned v = 0; retry && v < p->nregs; v++)
        if (d[v] && (!row || (row[v / 64] >> (v % 64) & 1)))
            retry = 0;
    /* the slots the region's frame stores write, live there (the frame
     * rows: registers, then slots) */
    const uint64_t *frow = fslot ? s->tflive + (size_t)at * s->tflw : NULL;
    for (int i = 0; retry && fslot && i < nl && refp_taint_fault != 8; i++) {
        const prog_insn *a = &s->taug[list[1 + i]];
        if (p->ins[list[1 + i]].unit == PU_ST && a->ndst == 1 && a->dst[0] >= p->nregs &&
            (frow[a->dst[0] / 64] >> (a->dst[0] % 64) & 1))
            retry = 0;
    }
    d[p->nregs + 1] = (uint8_t)retry;
    free(seen);
    free(work);
    list[0] = nl;
    s->tpcs[pc] = list;
    return s->tdef[pc] = d;
}

int refp_taint_fault;

/* The taint run's widening: where a store may write in another order when
 * this run cannot say (refp_taint_step).  The regions of global memory
 * (prog.gbuf) holding address a: bit i the i-th (REFP_BUF_ALL past 62). */
static uint64_t refp_buf_of(const prog *p, uint64_t a)
{
    uint64_t m = 0;
    for (unsigned i = 0; i < p->ngbuf; i++)
        if (a - p->gbuf[2 * i] < p->gbuf[2 * i + 1])
            m |= i < 63 ? 1ull << i : REFP_BUF_ALL;
    return m;
}

/* taints the global regions of mask m; all of global memory when no
 * region is declared, m is 0 (an address from no region's pointer) or
 * holds REFP_BUF_ALL */
static void refp_taint_regions(refp_stream *s, uint64_t m)
{
    const prog *p = s->p;
    if (!p->ngbuf || !m || (m & REFP_BUF_ALL)) {
        memset(s->tg, 1, p->global_bytes);
        return;
    }
    for (unsigned i = 0; i < p->ngbuf && i < 63; i++)
        if (m >> i & 1) {
            uint64_t a = p->gbuf[2 * i], b = p->gbuf[2 * i + 1];
            if (a < p->global_bytes)
                memset(s->tg + a, 1, b < p->global_bytes - a ? b : p->global_bytes - a);
        }
}

/* instruction q reads no register but its guard: a constant, a special
 * register or a parameter */
static int refp_no_reg_src(const prog_insn *in)
{
    return in->nsrc == (in->guard >= 0 ? 1u : 0u);
}

/* The regions destination di of instruction q may point into when thread
 * x executes q where this run did not (mk: the registers' masks): the
 * union of its sources' (an address computed from a pointer stays in the
 * pointer's region), and for an instruction that reads no register (a
 * constant, a symbol's address, a parameter) its value's, evaluated on a
 * copy of the thread's registers with the guard held; a 64-bit value from
 * memory (a pointer loaded) may point anywhere. */
static uint64_t refp_def_mask(refp_stream *s, const prog_thread *x, const prog_mem *m, int q,
                              unsigned di, const uint64_t *mk)
{
    const prog *p = s->p;
    const prog_insn *in = &p->ins[q];
    unsigned d = in->dst[di];
    int wide = !p->reg_bits || p->reg_bits[d] == 64;
    if ((in->unit == PU_LD && in->space != PS_PARAM) || in->unit == PU_ATOM || in->wsync)
        return wide ? REFP_BUF_ALL : 0;
    uint64_t r = 0;
    for (unsigned i = 0; i < in->nsrc; i++)
        r |= mk[in->src[i]];
    if (refp_no_reg_src(in) && wide) {
        uint64_t *regs = malloc(((size_t)p->nregs + 1) * sizeof *regs);
        memcpy(regs, x->r, (size_t)p->nregs * sizeof *regs);
        if (in->guard >= 0)
            regs[in->guard] = !in->guard_neg;
        prog_thread y = *x;
        y.r = regs;
        prog_effect e;
        char err[160];
        if (p->ops->exec(p, q, &y, m, &e, err, sizeof err) || !e.executed)
            r |= REFP_BUF_ALL;
        else
            r |= refp_buf_of(p, regs[d]);
        free(regs);
    } else if (in->unit == PU_LD) /* a parameter at a computed address: any */
        r |= wide ? REFP_BUF_ALL : 0;
    return r;
}

/* The store (st, atom, red) q that thread t (registers x->r, masks mk)
 * may execute in another order where this run did not, or at another
 * address: what it may write is tainted.  Its bytes exactly when its
 * address is a constant, or a register (known: not set in the region of
 * the branch that hides the store, nor tainted) plus a constant; else the
 * regions its address register may point into (refp_def_mask), all of the
 * CTA's shared memory for a shared store, both for a generic one, the
 * thread's local memory for a local one. */
static void refp_taint_store(refp_stream *s, unsigned t, const prog_thread *x, int q,
                             const uint64_t *mk, int known)
{
    const prog *p = s->p;
    const prog_insn *in = &p->ins[q];
    if (in->space == PS_LOCAL) {
        memset(s->tl + (size_t)t * p->local_bytes, 1, p->local_bytes);
        return;
    }
    int sh = in->space == PS_SHARED || in->ageneric, gl = in->space != PS_SHARED || in->ageneric;
    if (!in->ageneric && in->abytes && (in->areg < 0 || (in->areg > 0 && known))) {
        uint64_t a = (uint64_t)(int64_t)in->aoff + (in->areg > 0 ? x->r[in->areg - 1] : 0);
        uint8_t *m = sh ? s->ts : s->tg;
        uint64_t size = sh ? p->shared_bytes : p->global_bytes;
        if (a < size && in->abytes <= size - a) {
            memset(m + a, 1, in->abytes);
            return;
        }
    }
    if (sh && refp_taint_fault != 3)
        memset(s->ts, 1, p->shared_bytes);
    if (gl) {
        uint64_t r = 0;
        if (in->areg > 0)
            r = mk[in->areg - 1];
        else
            for (unsigned i = 0; in->areg == 0 && i < in->nsrc; i++)
                r |= mk[in->src[i]];
        refp_taint_regions(s, r);
    }
}

int refp_hook_fault;

/* The plain-load seed (this file's header): which bytes atomics write, by
 * CTA, barrier phase and thread.  A table by byte (global, or shared with
 * the CTA in each entry) of lists of (CTA, phase, thread) entries, newest
 * first; one entry per (CTA, phase), its thread REFP_AM_MANY once two
 * threads write the byte then.  head: the first CTA to write the byte and
 * whether another did too. */
#define REFP_AM_MANY UINT32_MAX
typedef struct {
    uint64_t cta;
    uint32_t phase, thread;
    int64_t next;
} refp_am_entry;

typedef struct {
    uint64_t key; /* (byte << 1 | shared) + 1; 0 empty */
    uint64_t cta0;
    int64_t head;
    int multi; /* CTAs other than cta0 write it too */
} refp_am_slot;

struct refp_amap {
    refp_am_slot *slot;
    uint64_t cap, used;
    refp_am_entry *e;
    uint64_t ne, ecap;
    int nophase, nophase_next; /* phases not the same in every order (refp_taint_step) */
    int build;                 /* this pass records the atomics (the first) */
    uint64_t seeded;           /* plain loads seeded in the pass under way */
};

static uint64_t refp_am_hash(uint64_t k)
{
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdull;
    return k ^ (k >> 29);
}

static refp_am_slot *refp_am_find(const struct refp_amap *m, uint64_t key)
{
    if (!m->cap)
        return NULL;
    for (uint64_t i = refp_am_hash(key) & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
        if (m->slot[i].key == key || !m->slot[i].key)
            return &m->slot[i];
    }
}

static void refp_am_grow(struct refp_amap *m)
{
    refp_am_slot *old = m->slot;
    uint64_t oc = m->cap;
    m->cap = oc ? oc * 2 : 1024;
    m->slot = calloc(m->cap, sizeof *m->slot);
    for (uint64_t i = 0; i < oc; i++)
        if (old[i].key)
            *refp_am_find(m, old[i].key) = old[i];
    free(old);
}

/* thread t of CTA cta in barrier phase ph writes byte a (shared sh) by
 * an atomic */
static void refp_am_record(struct refp_amap *m, int sh, uint64_t a, uint64_t cta, uint32_t ph,
                           uint32_t t)
{
    if (2 * (m->used + 1) > m->cap)
        refp_am_grow(m);
    uint64_t key = (a << 1 | (uint64_t)sh) + 1;
    refp_am_slot *s = refp_am_find(m, key);
    if (!s->key) {
        s->key = key;
        s->cta0 = cta;
        s->head = -1;
        m->used++;
    }
    s->multi |= s->cta0 != cta;
    refp_am_entry *h = s->head >= 0 ? &m->e[s->head] : NULL;
    if (h && h->cta == cta && h->phase == ph) { /* the run's order: (CTA, phase) in turn */
        if (h->thread != t)
            h->thread = REFP_AM_MANY;
        return;
    }
    if (m->ne == m->ecap) {
        m->ecap = m->ecap ? m->ecap * 2 : 1024;
        m->e = realloc(m->e, m->ecap * sizeof *m->e);
    }
    m->e[m->ne] = (refp_am_entry){cta, ph, t, s->head};
    s->head = (int64_t)m->ne++;
}

/* a plain access by thread t of CTA cta in phase ph to byte a (shared
 * sh) may see another thread's atomic write of it either way: another
 * thread of the CTA writes it by an atomic in the same phase (any phase
 * when the phases are not the same in every order), or, in global
 * memory, another CTA does in any phase */
static int refp_am_hit(const struct refp_amap *m, int sh, uint64_t a, uint64_t cta, uint32_t ph,
                       uint32_t t)
{
    const refp_am_slot *s = refp_am_find(m, (a << 1 | (uint64_t)sh) + 1);
    if (!s || !s->key)
        return 0;
    if (!sh && (s->multi || s->cta0 != cta) && refp_hook_fault != 2)
        return 1;
    int anyphase = m->nophase || refp_hook_fault == 4;
    for (int64_t i = s->head; i >= 0; i = m->e[i].next) {
        const refp_am_entry *e = &m->e[i];
        if (e->cta < cta) /* newest first: the CTAs ran in linear order */
            break;
        if (e->cta == cta && (anyphase || e->phase == ph) && e->thread != t)
            return 1;
    }
    return 0;
}

static void refp_am_free(struct refp_amap *m)
{
    if (!m)
        return;
    free(m->slot);
    free(m->e);
    free(m);
}

/* At a branch on a tainted value (pc) thread t may take the other way in
 * another order: the registers its region may set may point into what
 * their definitions there may (refp_def_mask, to a fixed point over the
 * region), and every store of the region may write (refp_taint_store). */
static void refp_taint_widen(refp_stream *s, unsigned t, const prog_thread *x, const prog_mem *m,
                             int pc, const uint8_t *rd)
{
    const prog *p = s->p;
    const int *list = s->tpcs[pc];
    uint64_t *tb = &s->tb[(size_t)t * p->nregs], *mk = s->tm;
    memcpy(mk, tb, (size_t)p->nregs * sizeof *mk);
    for (int changed = 1; changed;) {
        changed = 0;
        for (int i = 1; i <= list[0]; i++) {
            const prog_insn *in = &p->ins[list[i]];
            for (unsigned di = 0; di < in->ndst; di++) {
                uint64_t v = mk[in->dst[di]] | refp_def_mask(s, x, m, list[i], di, mk);
                changed |= v != mk[in->dst[di]];
                mk[in->dst[di]] = v;
            }
        }
    }
    for (unsigned v = 0; v < p->nregs; v++)
        tb[v] |= mk[v];
    if (refp_taint_fault == 1)
        return;
    const uint8_t *tr = &s->tr[(size_t)t * p->nregs];
    for (int i = 1; i <= list[0]; i++) {
        const prog_insn *in = &p->ins[list[i]];
        if (in->unit == PU_ST || in->unit == PU_ATOM)
            refp_taint_store(s, t, x, list[i], mk,
                             in->areg > 0 && !rd[in->areg - 1] && !tr[in->areg - 1]);
    }
}

/* The branch at pc and every instruction of its region lie inside retry
 * loops (s->tinr): the branch does not taint control (refp_taint_step) */
static int refp_taint_nested(refp_stream *s, int pc)
{
    if (!s->tinr[pc] || refp_taint_fault == 6 || refp_hook_fault == 5)
        return 0;
    if (!s->tnest[pc]) {
        const int *list = s->tpcs[pc];
        int in = 1;
        for (int i = 1; in && i <= list[0]; i++)
            in = s->tinr[list[i]];
        s->tnest[pc] = (uint8_t)(in ? 2 : 1);
    }
    return s->tnest[pc] == 2;
}

/* The taint run (the rule: this file's header): thread t (of the CTA
 * under way) executed pc with effect e.  The seeds are the results of the
 * atomics whose last writer wins (cas, exch: prog_insn.last_wins): they
 * say which thread won, and so what it does next.  The branches on a
 * tainted value a thread runs under: s->tc[t], their reconvergence points
 * on s->tk (past REFP_TAINT_DEPTH the thread stays tainted to its end). */
/* (not inlined: refp_cta_phase's loop, which runs every reference
 * thread-instruction, stays as lean as without the taint) */
static __attribute__((noinline)) void refp_taint_step(refp_stream *s, unsigned t,
                                                      const prog_thread *x, const prog_mem *mem,
                                                      int pc, const prog_effect *e)
{
    const prog *p = s->p;
    const prog_insn *in = &p->ins[pc];
    uint8_t *tr = &s->tr[(size_t)t * p->nregs];
    uint64_t *tb = &s->tb[(size_t)t * p->nregs];
    int32_t *tk = &s->tk[(size_t)t * REFP_TAINT_DEPTH];
    const int lw = in->last_wins && s->tlw; /* a seed (refp_order_check) */
    while (s->tc[t] && s->tc[t] <= REFP_TAINT_DEPTH && tk[s->tc[t] - 1] == pc)
        s->tc[t]--; /* the reconvergence point of a tainted branch */
    int tin = s->tc[t] != 0;
    for (unsigned i = 0; i < in->nsrc; i++)
        tin |= tr[in->src[i]];
    /* the address is tainted (a store there may write elsewhere in
     * another order, or one its tainted guard held off may write:
     * refp_taint_store), or the bytes read */
    int ta = in->areg > 0 ? tr[in->areg - 1] : 0, tm = 0;
    for (unsigned i = 0; in->areg == 0 && i < in->nsrc; i++)
        ta |= tr[in->src[i]];
    /* a retry loop's cas or exch is a read-modify-write of its word: its
     * bytes are tainted by its address or the branches it runs under */
    int tw = s->tra[pc] && refp_taint_fault != 6 ? s->tc[t] || ta : tin || lw;
    int tv = tin || (lw && in->ndst);
    struct refp_amap *am = s->tam;
    if ((in->unit == PU_ST || in->unit == PU_ATOM) && refp_taint_fault != 2 &&
        (ta || (!e->executed && in->guard >= 0 && tr[in->guard])))
        refp_taint_store(s, t, x, pc, tb, !ta);
    for (unsigned i = 0; i < e->nacc; i++) {
        uint64_t a = e->acc[i].addr;
        uint8_t *m = e->acc[i].space == PS_GLOBAL   ? s->tg
                     : e->acc[i].space == PS_SHARED ? s->ts
                     : e->acc[i].space == PS_LOCAL  ? s->tl + (size_t)t * p->local_bytes
                                                    : NULL;
        if (!m)
            continue;
        int gs = e->acc[i].space == PS_GLOBAL || e->acc[i].space == PS_SHARED;
        int sh = e->acc[i].space == PS_SHARED;
        if (e->acc[i].write || in->unit == PU_ATOM) {
            if (tw)
                memset(m + a, 1, e->acc[i].bytes);
            for (unsigned k = 0; am && am->build && gs && in->unit == PU_ATOM && k < e->acc[i].bytes;
                 k++)
                refp_am_record(am, sh, a + k, s->tcta, s->tph[t], t);
        } else {
            for (unsigned k = 0; k < e->acc[i].bytes; k++)
                tm |= m[a + k];
            /* the plain-load seed: bytes another thread's atomic writes
             * where no barrier orders the two (this file's header) */
            int hit = 0;
            for (unsigned k = 0; am && gs && !hit && k < e->acc[i].bytes; k++)
                hit = refp_am_hit(am, sh, a + k, s->tcta, s->tph[t], t);
            tm |= hit;
            if (hit)
                am->seeded++;
        }
    }
    tv |= tm;
    for (unsigned i = 0; i < in->ndst; i++) {
        unsigned d = in->dst[i];
        if (e->executed) {
            /* the regions it may point into: a value from memory, a
             * constant, a special register or a parameter its own (a
             * pointer from memory any when its address or bytes are
             * tainted); else its sources' */
            int wide = !p->reg_bits || p->reg_bits[d] == 64;
            uint64_t b = 0;
            if (in->unit == PU_LD || in->unit == PU_ATOM || refp_no_reg_src(in))
                b = !wide                                             ? 0
                    : (ta || tm || in->unit == PU_ATOM) && in->space != PS_PARAM &&
                              in->unit != PU_ALU ? REFP_BUF_ALL
                                                 : refp_buf_of(p, x->r[d]);
            else
                for (unsigned k = 0; k < in->nsrc; k++)
                    b |= tb[in->src[k]];
            tb[d] = b;
        } else if (in->guard >= 0 && tr[in->guard])
            tb[d] |= refp_def_mask(s, x, mem, pc, i, tb);
        tr[d] = e->executed ? (uint8_t)tv : (uint8_t)(tr[d] | tin);
    }
    const uint8_t *rd = in->unit == PU_BRA && tin && in->guard >= 0 ? refp_taint_region(s, pc) : NULL;
    if (rd && !(rd[p->nregs + 1] && refp_taint_fault != 6) && refp_taint_nested(s, pc)) {
        /* a branch inside a retry loop, its region too (histo8's
         * saturation test on a guess from a plain load): part of the
         * read-modify-write; what its region sets is tainted */
        for (unsigned v = 0; v < p->nregs; v++)
            tr[v] |= rd[v];
        if (rd[p->nregs])
            memset(s->tl + (size_t)t * p->local_bytes, 1, p->local_bytes);
    } else if (rd && !(rd[p->nregs + 1] && refp_taint_fault != 6)) { /* not a retry loop's */
        int d = s->tc[t], known = 0;
        for (int k = 0; k < d && k < REFP_TAINT_DEPTH; k++)
            known |= tk[k] == in->rpc;
        if (!known && d <= REFP_TAINT_DEPTH) { /* past the depth: tainted to the end */
            if (d < REFP_TAINT_DEPTH)
                tk[d] = in->rpc < 0 ? (int32_t)p->n : in->rpc;
            s->tc[t] = (uint8_t)(d + 1);
        }
        /* what the region may set depends on the branch, taken or not */
        refp_taint_widen(s, t, x, mem, pc, rd);
        for (unsigned v = 0; v < p->nregs; v++)
            tr[v] |= rd[v];
        /* a barrier the region may pass: a phase of this run need not
         * be one in another order (refp_am_hit then ignores phases) */
        if (am && rd[p->nregs + 2])
            am->nophase_next = 1;
        if (rd[p->nregs])
            memset(s->tl + (size_t)t * p->local_bytes, 1, p->local_bytes);
    }
    if (in->unit == PU_BAR && e->executed)
        s->tph[t]++;
}

/* The rendezvous of warp-synchronous instructions (prog.h): called when
 * no thread of the CTA can run on, ws[t] the warp-synchronous PC thread t
 * waits at (-1 none), bar[t] the barrier it waits at (-1 none).  Executes,
 * in every logical warp, each group of threads waiting at one PC whose
 * waited-for lanes (ops->coll_wait) all wait there too or have exited.
 * 1 when some group executed (its threads run on), 0 when no thread waits
 * at one, -2 with one line in err when some do and none can go on (a
 * member waits at another instruction or a CTA barrier: undefined in
 * CUDA), or when exec_coll finds the instruction undefined; -1 with err
 * when a thread reached max_steps. */
static int refp_rendezvous(refp_stream *s, refp_cta_out *o, prog_thread *th, int *pc, int *ws,
                           const int *bar, uint64_t cta, uint64_t *ti, char *err, size_t errlen)
{
    const prog *p = s->p;
    unsigned T = o->threads, n = p->n, released = 0, waiting = 0;
    int stuck_t = -1, stuck_u = -1;
    uint32_t stuck_need = 0;
    for (unsigned w0 = 0; w0 < T; w0 += PROG_WARP) {
        uint32_t gone = 0, done = 0;
        for (unsigned l = 0; l < PROG_WARP; l++)
            if (w0 + l >= T || pc[w0 + l] == (int)n)
                gone |= 1u << l;
        for (unsigned l = 0; l < PROG_WARP; l++) {
            unsigned t = w0 + l;
            if (gone >> l & 1 || done >> l & 1 || ws[t] < 0)
                continue;
            /* the group waiting at ws[t] and the lanes its threads wait for */
            int at = ws[t];
            uint32_t here = 0, need = 0;
            prog_thread *lane[PROG_WARP] = {0};
            for (unsigned k = l; k < PROG_WARP; k++)
                if (!(gone >> k & 1) && ws[w0 + k] == at) {
                    here |= 1u << k;
                    lane[k] = &th[w0 + k];
                    need |= p->ops->coll_wait(p, at, &th[w0 + k]);
                }
            done |= here;
            waiting++;
            uint32_t miss = need & ~gone & ~here;
            if (miss) {
                if (stuck_t < 0) {
                    stuck_t = (int)t;
                    stuck_u = (int)(w0 + (unsigned)__builtin_ctz(miss));
                    stuck_need = need;
                }
                continue;
            }
            prog_effect e[PROG_WARP];
            for (unsigned k = 0; k < PROG_WARP; k++) {
                if (!(here >> k & 1))
                    continue;
                unsigned u = w0 + k;
                if (o->len[u] >= s->max_steps) {
                    snprintf(err, errlen,
                             "%s:%d: thread %llu ran %llu instructions without finishing (an "
                             "endless loop? raise --max-steps)",
                             p->file, p->ins[at].line, (unsigned long long)(cta * T + u),
                             (unsigned long long)s->max_steps);
                    return -1;
                }
                th[u].clock = (*ti)++;
                if (o->trace)
                    refp_push(o, u, o->len[u], (uint32_t)at);
                o->hash[u] = refp_hash_step(o->hash[u], (uint32_t)at);
                o->len[u]++;
            }
            /* the taint run: a lane's tainted source taints every lane's result */
            int gt = 0;
            for (unsigned k = 0; s->tg && k < PROG_WARP; k++)
                if (here >> k & 1) {
                    gt |= s->tc[w0 + k];
                    for (unsigned i = 0; i < p->ins[at].nsrc; i++)
                        gt |= s->tr[(size_t)(w0 + k) * p->nregs + p->ins[at].src[i]];
                }
            if (p->ops->exec_coll(p, at, lane, gone, e, err, errlen))
                return -2;
            for (unsigned k = 0; gt && k < PROG_WARP; k++)
                if (here >> k & 1)
                    for (unsigned i = 0; i < p->ins[at].ndst; i++)
                        s->tr[(size_t)(w0 + k) * p->nregs + p->ins[at].dst[i]] = 1;
            for (unsigned k = 0; s->tb && k < PROG_WARP; k++) /* a pointer from a lane */
                if (here >> k & 1)
                    for (unsigned i = 0; i < p->ins[at].ndst; i++) {
                        unsigned d = p->ins[at].dst[i];
                        int wide = !p->reg_bits || p->reg_bits[d] == 64;
                        s->tb[(size_t)(w0 + k) * p->nregs + d] =
                            wide ? (gt ? REFP_BUF_ALL : 0) | refp_buf_of(p, th[w0 + k].r[d]) : 0;
                    }
            if (o->am && p->ins[at].wsync == 2) /* the group, for the SM's comparison */
                for (unsigned k = 0; k < PROG_WARP; k++)
                    if (here >> k & 1)
                        refp_am_push(o, w0 + k, here);
            for (unsigned k = 0; k < PROG_WARP; k++)
                if (here >> k & 1) {
                    pc[w0 + k] = e[k].next_pc;
                    ws[w0 + k] = -1;
                }
            released++;
        }
    }
    if (released || !waiting)
        return released ? 1 : 0;
    /* nobody can go on: the first group's first missing member */
    unsigned t = (unsigned)stuck_t, u = (unsigned)stuck_u;
    char where[160];
    if (pc[u] < (int)n && ws[u] >= 0)
        snprintf(where, sizeof where, "waits at line %d (%s), another instruction",
                 p->ins[ws[u]].line, p->ins[ws[u]].text);
    else if (bar[u] >= 0)
        snprintf(where, sizeof where, "waits at the CTA barrier of line %d", p->ins[bar[u]].line);
    else
        snprintf(where, sizeof where, "is at pc %d", pc[u]);
    char name[24];
    prog_wsync_name(&p->ins[ws[t]], name, sizeof name);
    snprintf(err, errlen,
             "%s:%d: %s: lane %u of warp %u (CTA %u,%u,%u) waits for lane %u (membermask "
             "0x%08x), which %s: undefined in CUDA",
             p->file, p->ins[ws[t]].line, name, t % PROG_WARP, t / PROG_WARP, th[t].ctaid[0],
             th[t].ctaid[1], th[t].ctaid[2], u % PROG_WARP, stuck_need, where);
    return -2;
}

/* One CTA of the reference under way: its threads' PCs, the barrier or
 * warp-synchronous instruction each waits at, its shared and local
 * memory.  refp_stream_run runs one to completion; the interleaved order
 * of refp_order_check runs several side by side, a phase of each in
 * turn. */
typedef struct {
    refp_stream *s;
    refp_cta_out *o;
    uint64_t cta, stride;
    int order;
    int *pc, *bar_pc, *ws_pc; /* ws_pc: only when the program has wsync */
    prog_thread *th;
    prog_mem m;
    unsigned live;
    refp_shuni *shu; /* ref_shuni.c's state for this CTA, NULL none */
} refp_cta_run;

static void refp_cta_begin(refp_cta_run *c, refp_stream *s, uint64_t cta, int order,
                           refp_cta_out *o, uint8_t *shared, uint8_t *local)
{
    const prog *p = s->p;
    unsigned T = o->threads;
    memset(c, 0, sizeof *c);
    c->s = s;
    c->o = o;
    c->cta = cta;
    c->order = order;
    c->stride = order == 2 ? refp_stride(T) : 1;
    c->pc = calloc(T, sizeof(int));
    c->bar_pc = malloc(T * sizeof(int));
    c->ws_pc = p->nwsync ? malloc(T * sizeof(int)) : NULL;
    c->th = calloc(T, sizeof *c->th);
    c->m = (prog_mem){s->global, p->global_bytes, shared, p->shared_bytes, p->param,
                      p->param_bytes, p->local_bytes};
    c->live = T;
    o->cta = cta;
    memset(o->regs, 0, (size_t)T * o->nregs * sizeof(uint64_t));
    memset(o->len, 0, T * sizeof(uint64_t));
    for (unsigned t = 0; t < T; t++)
        o->hash[t] = REFP_HASH0;
    if (o->am)
        memset(o->amn, 0, T * sizeof *o->amn);
    memset(shared, 0, p->shared_bytes ? p->shared_bytes : 1);
    memset(local, 0, (size_t)T * p->local_bytes);
    c->shu = s->shu ? refp_shuni_new(p) : NULL;
    refp_shuni_interval(c->shu);
    if (s->tg) { /* the taint run: the CTA's own state starts clean (its shared
                  * memory from the last pass's: refp_order_check) */
        if (s->ts0)
            memcpy(s->ts, s->ts0, p->shared_bytes);
        else
            memset(s->ts, 0, p->shared_bytes);
        memset(s->tb, 0, (size_t)T * p->nregs * sizeof *s->tb);
        memset(s->tl, 0, (size_t)T * p->local_bytes);
        memset(s->tr, 0, (size_t)T * p->nregs);
        memset(s->tc, 0, T);
        memset(s->tph, 0, T * sizeof *s->tph);
        s->tcta = cta;
    }
    uint32_t cid[3] = {(uint32_t)(cta % p->grid[0]), (uint32_t)(cta / p->grid[0] % p->grid[1]),
                       (uint32_t)(cta / ((uint64_t)p->grid[0] * p->grid[1]))};
    for (unsigned t = 0; t < T; t++) {
        prog_thread *x = &c->th[t];
        c->bar_pc[t] = -1;
        if (c->ws_pc)
            c->ws_pc[t] = -1;
        x->r = &o->regs[(size_t)t * p->nregs];
        prog_thread_identity(x, p, t, cid, s->warp_size);
        x->local = local + (size_t)t * p->local_bytes;
    }
}

static void refp_cta_end(refp_cta_run *c)
{
    free(c->pc);
    free(c->bar_pc);
    free(c->ws_pc);
    free(c->th);
    refp_shuni_free(c->shu);
    memset(c, 0, sizeof *c);
}

/* One phase of CTA c: every thread that can runs until it exits or waits
 * (in c's thread order); then a rendezvous of warp-synchronous
 * instructions or, when none can go, the release of the CTA barrier every
 * live thread waits at.  1 when every thread has exited, 0 when more is
 * to run, -1 or -2 with one line in err (refp_stream_run). */
static int refp_cta_phase(refp_cta_run *c, char *err, size_t errlen)
{
    refp_stream *s = c->s;
    refp_cta_out *o = c->o;
    const prog *p = s->p;
    const unsigned T = o->threads;
    const uint64_t cta = c->cta;
    int *const pc = c->pc, *const bar_pc = c->bar_pc, *const ws_pc = c->ws_pc;
    prog_thread *const th = c->th;
    const int nws = ws_pc != NULL;
    /* each thread runs until it exits or waits at a barrier; its PC,
     * length and hash are held in locals meanwhile (exec cannot see them) */
    const int n = (int)p->n;
    int (*const exec)(const prog *, int, prog_thread *, const prog_mem *, prog_effect *, char *,
                      size_t) = p->ops->exec;
    uint64_t ti = s->thread_insts;
    int rc = 0, yielded = 0;
    for (unsigned i = 0; i < T && !rc; i++) {
        unsigned t = (unsigned)refp_order(i, T, c->order, c->stride);
        if (bar_pc[t] >= 0 || (nws && ws_pc[t] >= 0))
            continue;
        int pcv = pc[t];
        uint64_t len = o->len[t], hash = o->hash[t];
        prog_thread *x = &th[t];
        while (pcv < n) {
            if (len >= s->max_steps) {
                if (p->reachable && !p->reachable[pcv]) /* a dead end (prog.c) */
                    snprintf(err, errlen,
                             "%s:%d: thread %llu entered a loop without a way out (it ran %llu "
                             "instructions and can never exit)",
                             p->file, p->ins[pcv].line, (unsigned long long)(cta * T + t),
                             (unsigned long long)s->max_steps);
                else
                    snprintf(err, errlen,
                             "%s:%d: thread %llu ran %llu instructions without finishing (an "
                             "endless loop? raise --max-steps)",
                             p->file, p->ins[pcv].line, (unsigned long long)(cta * T + t),
                             (unsigned long long)s->max_steps);
                rc = -1;
                break;
            }
            int p0 = pcv;
            prog_effect e;
            if (nws && p->ins[p0].wsync) { /* waits for its warp */
                ws_pc[t] = p0;
                break;
            }
            x->clock = ti;
            if (o->trace)
                refp_push(o, t, len, (uint32_t)p0);
            hash = refp_hash_step(hash, (uint32_t)p0);
            len++;
            ti++;
            if (exec(p, p0, x, &c->m, &e, err, errlen)) {
                rc = -1;
                break;
            }
            if (s->tg)
                refp_taint_step(s, t, x, &c->m, p0, &e);
            if (c->shu && refp_shuni_step(c->shu, p, p0, t, cta * T + t, &e, err, errlen)) {
                rc = -1;
                break;
            }
            pcv = e.next_pc;
            if (pcv == n)
                c->live--;
            if (p->ins[p0].unit == PU_BAR && e.executed) {
                bar_pc[t] = p0;
                break;
            }
            if (c->order == REFP_ORDER_RR && p->ins[p0].unit == PU_ATOM && e.executed &&
                pcv < n) { /* the next thread's turn */
                yielded = 1;
                break;
            }
        }
        pc[t] = pcv;
        o->len[t] = len;
        o->hash[t] = hash;
    }
    s->thread_insts = ti;
    if (rc)
        return rc;
    if (yielded) /* another round before any rendezvous or barrier */
        return 0;
    if (nws) {
        int w = refp_rendezvous(s, o, th, pc, ws_pc, bar_pc, cta, &ti, err, errlen);
        s->thread_insts = ti;
        if (w < 0)
            return w;
        if (w > 0)
            return c->live ? 0 : 1;
    }
    /* every live thread waits at a barrier: release them, all at one */
    unsigned ft = 0, t2 = 0;
    int first = ref_one_barrier(bar_pc, T, &ft, &t2);
    if (first == -2) {
        snprintf(err, errlen,
                 "%s:%d: threads of CTA %llu wait at different barriers (thread %u at "
                 "line %d, thread %u at line %d)",
                 p->file, p->ins[bar_pc[t2]].line, (unsigned long long)cta, ft,
                 p->ins[bar_pc[ft]].line, t2, p->ins[bar_pc[t2]].line);
        rc = -1;
    }
    if (!rc && first >= 0 && p->ops->bar_release) /* bar.red's result (prog.h) */
        p->ops->bar_release(p, first, c->m.shared);
    refp_shuni_interval(c->shu);
    for (unsigned t = 0; t < T; t++)
        bar_pc[t] = -1;
    return rc ? rc : c->live ? 0 : 1;
}

/* Runs CTA cta (linear index) to completion in thread order `order` into
 * o (its threads' registers, lengths, hashes, traces); 0 or -1 with err
 * (-2: a warp-synchronous instruction CUDA leaves undefined). */
int refp_stream_run(refp_stream *s, uint64_t cta, int order, refp_cta_out *o, char *err,
                    size_t errlen)
{
    refp_cta_run c;
    refp_cta_begin(&c, s, cta, order, o, s->shared, s->local);
    int rc = 0;
    while (!rc)
        rc = refp_cta_phase(&c, err, errlen);
    refp_cta_end(&c);
    for (uint64_t a = 0; s->tsu && a < s->p->shared_bytes; a++)
        s->tsu[a] |= s->ts[a];
    return rc < 0 ? rc : 0;
}

/* A CTA's digest for the order check: one word per register (over its
 * threads in flat order) and one for the PC sequences (lengths and
 * hashes), nregs + 1 words. */
static uint64_t refp_mix(uint64_t h, uint64_t x)
{
    h ^= x + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    h *= 0xff51afd7ed558ccdull;
    return h ^ (h >> 33);
}

static void refp_digest(const refp_cta_out *o, uint64_t *d)
{
    for (unsigned v = 0; v <= o->nregs; v++) {
        uint64_t h = REFP_HASH0;
        for (unsigned t = 0; t < o->threads; t++)
            h = v < o->nregs ? refp_mix(h, o->regs[(size_t)t * o->nregs + v])
                             : refp_mix(refp_mix(h, o->len[t]), o->hash[t]);
        d[v] = h;
    }
}

/* After CTA o->cta finished in an order of refp_run_order: its digest
 * stored in dig, or compared with dig's (r0: the first order's result,
 * dc scratch), and with REFP_GRID every thread's results moved into r. */
static void refp_cta_done(const prog *p, refp_cta_out *o, int grid, refp_result *r,
                          uint64_t *dig, refp_result *r0, uint64_t *dc)
{
    uint64_t cta = o->cta;
    if (dig && !r0)
        refp_digest(o, &dig[cta * (p->nregs + 1)]);
    if (dig && r0) {
        const uint64_t *x = &dig[cta * (p->nregs + 1)];
        refp_digest(o, dc);
        for (unsigned v = 0; v < p->nregs; v++)
            if (x[v] != dc[v])
                r0->reg_cmp[cta * p->nregs + v] = 0;
        if (x[p->nregs] != dc[p->nregs] && !r0->atom_flow)
            r0->atom_flow = 2;
    }
    if (grid) {
        /* every thread's results (the trace arrays move over) */
        uint64_t b = cta * r->cta_threads;
        memcpy(&r->regs[b * p->nregs], o->regs, (size_t)r->cta_threads * p->nregs * 8);
        memcpy(&r->len[b], o->len, (size_t)r->cta_threads * 8);
        memcpy(&r->hash[b], o->hash, (size_t)r->cta_threads * 8);
        for (unsigned t = 0; t < r->cta_threads; t++) {
            r->trace[b + t] = o->trace[t]; /* not counted from here on */
            refp_cur[0] -= o->cap[t] * sizeof(uint32_t);
            o->trace[t] = NULL;
            o->cap[t] = 0;
        }
        if (o->am && !r->am) {
            r->am = calloc(r->threads + 1, sizeof *r->am);
            r->amn = calloc(r->threads + 1, sizeof *r->amn);
        }
        for (unsigned t = 0; o->am && t < r->cta_threads; t++) {
            r->am[b + t] = o->am[t]; /* the activemask groups move over too */
            r->amn[b + t] = o->amn[t];
            refp_cur[0] -= (uint64_t)o->amcap[t] * sizeof(uint32_t);
            o->am[t] = NULL;
            o->amcap[t] = 0;
        }
    }
}

/* The interleaved order (refp_order_check's fourth): CTAs resident side
 * by side, as on an SM, in groups of up to REFP_ILV_CTAS consecutive
 * ones; each round runs one phase of every unfinished CTA of the group
 * (its threads up to the next barrier or warp rendezvous: refp_cta_phase)
 * in CTA order.  The one-after-another orders cannot show a race between
 * CTAs that meet only between barriers (CTA 1's step k reads a word CTA 0
 * writes at its step k + 1: reduction.k at --grid 3); this order does.
 * order REFP_ORDER_RR: a phase ends, too, when every thread has had a turn
 * up to its next atomic, so that the CTAs' atomics interleave as well. */
#define REFP_ILV_CTAS 8u
static int refp_run_interleaved(refp_stream *s, const prog *p, uint64_t ctas, int grid,
                                int order, refp_result *r, uint64_t *dig, refp_result *r0,
                                uint64_t *dc, char *err, size_t errlen)
{
    unsigned T = p->block[0] * p->block[1] * p->block[2];
    unsigned g = ctas < REFP_ILV_CTAS ? (unsigned)ctas : REFP_ILV_CTAS;
    uint64_t sh = p->shared_bytes ? p->shared_bytes : 1, lo = (uint64_t)T * p->local_bytes;
    refp_cta_out *o = calloc(g, sizeof *o);
    refp_cta_run *c = calloc(g, sizeof *c);
    uint8_t *shared = refp_alloc(0, g * sh), *local = refp_alloc(0, g * lo + 1);
    for (unsigned k = 0; k < g; k++)
        refp_out_init(&o[k], p, grid);
    int rc = 0;
    for (uint64_t c0 = 0; c0 < ctas && !rc; c0 += g) {
        unsigned n = ctas - c0 < g ? (unsigned)(ctas - c0) : g, left = n;
        for (unsigned k = 0; k < n; k++)
            refp_cta_begin(&c[k], s, c0 + k, order, &o[k], shared + k * sh, local + k * lo);
        char *done = calloc(n, 1);
        while (left && !rc)
            for (unsigned k = 0; k < n && !rc; k++) {
                if (done[k])
                    continue;
                int st = refp_cta_phase(&c[k], err, errlen);
                if (st < 0)
                    rc = st;
                else if (st) {
                    done[k] = 1;
                    left--;
                    refp_cta_done(p, &o[k], grid, r, dig, r0, dc);
                }
            }
        free(done);
        for (unsigned k = 0; k < n; k++)
            refp_cta_end(&c[k]);
    }
    for (unsigned k = 0; k < g; k++)
        refp_out_free(&o[k]);
    refp_release(0, shared, g * sh);
    refp_release(0, local, g * lo + 1);
    free(o);
    free(c);
    return rc;
}

/* The whole grid in order `kind`: the final memory into r (and, with
 * REFP_GRID, every thread's results).  dig: each CTA's digest is stored
 * there, or, with r0, compared with what is there: a register whose digest
 * differs is not compared in that CTA (r0->reg_cmp), different PC
 * sequences make the flow order-dependent (r0->atom_flow = 2). */
static int refp_run_order(const prog *p, unsigned warp_size, uint64_t max_steps, int flags,
                          int kind, refp_result *r, uint64_t *dig, refp_result *r0, char *err,
                          size_t errlen)
{
    uint64_t *dc = r0 ? malloc((1 + (size_t)p->nregs) * sizeof(uint64_t)) : NULL;
    memset(r, 0, sizeof *r);
    uint64_t ctas = (uint64_t)p->grid[0] * p->grid[1] * p->grid[2];
    r->cta_threads = p->block[0] * p->block[1] * p->block[2];
    r->threads = ctas * r->cta_threads;
    r->nregs = p->nregs;
    r->ctas = ctas;
    r->warp_size = warp_size ? warp_size : 32;
    r->global_bytes = p->global_bytes;
    int grid = (flags & REFP_GRID) != 0;
    if (grid) {
        r->regs = refp_alloc(0, (r->threads * p->nregs + 1) * sizeof(uint64_t));
        r->len = refp_alloc(0, (r->threads + 1) * sizeof(uint64_t));
        r->hash = refp_alloc(0, (r->threads + 1) * sizeof(uint64_t));
        r->trace = refp_alloc(0, (r->threads + 1) * sizeof *r->trace);
    }
    refp_stream s;
    refp_cta_out o;
    refp_stream_init(&s, p, warp_size, max_steps);
    refp_out_init(&o, p, grid);
    if (flags & REFP_DIGEST)
        r->dig = dig = refp_alloc(1, ctas * (p->nregs + 1) * sizeof(uint64_t));
    int rc = 0;
    uint64_t stride = kind == 2 ? refp_stride(ctas) : 1;
    if (kind == 3 || kind == REFP_ORDER_RR)
        rc = refp_run_interleaved(&s, p, ctas, grid, kind == 3 ? 0 : kind, r, dig, r0, dc, err,
                                  errlen);
    for (uint64_t c = 0; c < ctas && !rc && kind < 3; c++) {
        uint64_t cta = refp_order(c, ctas, kind, stride);
        rc = refp_stream_run(&s, cta, kind, &o, err, errlen);
        if (!rc)
            refp_cta_done(p, &o, grid, r, dig, r0, dc);
    }
    free(dc);
    r->ran_digest = dig != NULL && !rc;
    r->thread_insts = s.thread_insts;
    r->global = s.global;
    s.global = NULL;
    refp_out_free(&o);
    refp_stream_free(&s);
    return rc;
}

int refp_run(const prog *p, unsigned warp_size, uint64_t max_steps, int flags, refp_result *r,
             char *err, size_t errlen)
{
    return refp_run_order(p, warp_size, max_steps, flags, 0, r, NULL, NULL, err, errlen);
}

/* One run in the first order with the taint, from global
 * taint g0 and every CTA's shared taint from s0 (NULL: none): the final
 * global taint into *tg, every CTA's final shared taint or'ed into *ts
 * (the caller frees both).  0, or -1 when the run stops. */
static int refp_taint_pass(const prog *p, unsigned warp_size, uint64_t max_steps,
                           const uint8_t *g0, const uint8_t *s0, uint8_t **tg, uint8_t **ts,
                           int lw, struct refp_amap *am)
{
    refp_stream s;
    refp_cta_out o;
    refp_stream_init(&s, p, warp_size, max_steps);
    refp_out_init(&o, p, 0);
    refp_taint_init(&s);
    s.tlw = lw;
    s.tam = am;
    if (g0)
        memcpy(s.tg, g0, p->global_bytes);
    s.ts0 = s0;
    char err[512];
    int rc = 0;
    for (uint64_t c = 0; c < s.ctas && !rc; c++)
        rc = refp_stream_run(&s, c, 0, &o, err, sizeof err);
    *tg = s.tg;
    *ts = s.tsu;
    s.tg = s.tsu = NULL;
    refp_out_free(&o);
    refp_stream_free(&s);
    return rc ? -1 : 0;
}

/* The taint of refp_order_check: passes of refp_taint_pass, each from the
 * last one's final global and shared taint, until a pass ends where it
 * began (a byte tainted at any time is then tainted from the start: a
 * read before its tainted write in this order may come after it in
 * another).  REFP_TAINT_PASSES without that, or a pass that stops:
 * every byte.  The caller frees the result (global_bytes + 1). */
#define REFP_TAINT_PASSES 8
static uint8_t *refp_taint_fixed(const prog *p, unsigned warp_size, uint64_t max_steps, int lw,
                                 int hook, int *seeded)
{
    uint8_t *g = NULL, *sh = NULL;
    int ok = 0;
    /* the plain-load seed's map of the atomics: built by the first pass
     * (every pass runs the same first order), read by all */
    struct refp_amap *am = hook ? calloc(1, sizeof *am) : NULL;
    *seeded = 0;
    for (int pass = 0; pass < REFP_TAINT_PASSES && !ok; pass++) {
        uint8_t *g1, *s1;
        if (am) {
            am->build = !pass;
            am->seeded = 0;
            am->nophase_next = 0;
        }
        int rc = refp_taint_pass(p, warp_size, max_steps, g, sh, &g1, &s1, lw, am);
        int same_phases = !am || am->nophase_next <= am->nophase;
        ok = !rc && ((g && same_phases && !memcmp(g, g1, p->global_bytes) &&
                      !memcmp(sh, s1, p->shared_bytes)) ||
                     refp_taint_fault == 5);
        if (am) {
            am->nophase |= am->nophase_next;
            *seeded = am->seeded != 0;
        }
        free(g);
        free(sh);
        g = g1;
        sh = s1;
        if (rc)
            break;
    }
    if (!ok) {
        memset(g, 1, p->global_bytes);
        *seeded = hook;
    }
    free(sh);
    refp_am_free(am);
    return g;
}

void refp_order_check(const prog *p, unsigned warp_size, uint64_t max_steps, refp_result *r)
{
    int lw = 0; /* a cas's or exch's returned value is read: the taint's seeds */
    for (unsigned pc = 0; pc < p->n; pc++)
        lw |= p->ins[pc].last_wins && p->ins[pc].ndst && (!p->reachable || p->reachable[pc]);
    for (unsigned pc = 0; pc < p->n; pc++)
        if (p->ins[pc].unit == PU_ATOM && (!p->reachable || p->reachable[pc])) {
            r->has_atomics = 1;
            /* ptx.c lowers an atom whose old value nothing reads to a red
             * (no destination): a destination here is read */
            if (p->ins[pc].ndst)
                r->atom_flow = 1;
        }
    uint64_t nd = r->ctas * (r->nregs + 1), nr = r->ctas * r->nregs;
    uint64_t *d0 = r->dig;
    r->dig = NULL;
    if (!d0)
        d0 = refp_alloc(1, nd * sizeof(uint64_t));
    r->mem_cmp = malloc(r->global_bytes + 1);
    memset(r->mem_cmp, 1, r->global_bytes + 1);
    r->reg_cmp = refp_alloc(1, nr + 1);
    memset(r->reg_cmp, 1, nr + 1);
    r->reg_cmp_bytes = nr + 1;
    /* the first order again for its digests when the run that made r kept
     * none (REFP_DIGEST): the same bytes, the same registers */
    char e0[512];
    /* the one-after-another orders, the CTAs side by side (more than one),
     * and with atomics the round robin at each atomic */
    int kinds[5], nk = 0;
    for (int kind = r->ran_digest ? 1 : 0; kind <= (r->ctas > 1 ? 3 : 2); kind++)
        kinds[nk++] = kind;
    if (r->has_atomics)
        kinds[nk++] = REFP_ORDER_RR;
    for (int ki = 0; ki < nk; ki++) {
        int kind = kinds[ki];
        refp_result o;
        if (refp_run_order(p, warp_size, max_steps, 0, kind, &o, d0, kind ? r : NULL,
                           kind ? r->order_err : e0, kind ? sizeof r->order_err : sizeof e0)) {
            /* the kernel stops in another order (a race): reported; the
             * first order's memory is compared whole.  Its flow is one of
             * the orders' and not the only one (the other stopped, or spun
             * until max_steps: a thread waiting on a flag another warp of
             * the CTA raises without a barrier, realworld7's spinflag), so
             * PC sequences, instruction counts and registers are not */
            refp_free(&o);
            free(r->mem_cmp);
            refp_release(1, r->reg_cmp, r->reg_cmp_bytes);
            r->mem_cmp = r->reg_cmp = NULL;
            r->atom_flow = 2;
            refp_release(1, d0, nd * sizeof(uint64_t));
            return;
        }
        if (kind) {
            /* a word with a byte that differs is not compared as a whole: a
             * byte of a value can agree by chance */
            for (uint64_t a = 0; a < r->global_bytes; a++)
                if (r->global[a] != o.global[a])
                    memset(&r->mem_cmp[a & ~(uint64_t)3], 0,
                           a - (a & ~(uint64_t)3) + 4 > r->global_bytes - (a & ~(uint64_t)3)
                               ? r->global_bytes - (a & ~(uint64_t)3) : 4);
        }
        refp_free(&o);
    }
    refp_release(1, d0, nd * sizeof(uint64_t));
    r->order_bytes = r->order_regs = r->taint_bytes = 0;
    for (uint64_t a = 0; a < r->global_bytes; a++)
        r->order_bytes += !r->mem_cmp[a];
    /* a cas's or exch's returned value read (whether or not the orders
     * disagree: they are not every order): how far the order reaches, by
     * taint (ref.h) */
    int tlw = r->atom_flow == 1 && lw && (r->order_bytes || refp_taint_fault != 4);
    /* the plain-load seed: an atomic and a plain load of global or shared
     * memory both reachable */
    int hook = 0;
    for (unsigned pc = 0; r->has_atomics && pc < p->n && refp_hook_fault != 1; pc++)
        hook |= p->ins[pc].unit == PU_LD && p->ins[pc].space != PS_PARAM &&
                p->ins[pc].space != PS_LOCAL && (!p->reachable || p->reachable[pc]);
    if (tlw || hook) {
        int seeded = 0;
        uint8_t *tg = refp_taint_fixed(p, warp_size, max_steps, tlw, hook, &seeded);
        r->taint_seeds = (tlw ? 1 : 0) | (seeded ? 2 : 0);
        /* a seeded load: what the threads compute may differ (flow, registers) */
        if (seeded && !r->atom_flow && refp_hook_fault != 3)
            r->atom_flow = 3;
        for (uint64_t a = 0; a < r->global_bytes; a++)
            if (tg[a] && r->mem_cmp[a]) {
                uint64_t w = a & ~(uint64_t)3, nb = r->global_bytes - w < 4 ? r->global_bytes - w : 4;
                for (uint64_t b = w; b < w + nb; b++)
                    r->taint_bytes += r->mem_cmp[b] != 0;
                memset(&r->mem_cmp[w], 0, nb);
            }
        free(tg);
        r->order_bytes += r->taint_bytes;
    }
    for (uint64_t i = 0; i < nr; i++)
        r->order_regs += !r->reg_cmp[i];
}

void refp_free(refp_result *r)
{
    if (r->trace)
        for (uint64_t t = 0; t < r->threads; t++)
            free(r->trace[t]); /* counted in the CTA results they came from */
    if (r->regs) {
        refp_release(0, r->trace, (r->threads + 1) * sizeof *r->trace);
        refp_release(0, r->regs, (r->threads * r->nregs + 1) * sizeof(uint64_t));
        refp_release(0, r->len, (r->threads + 1) * sizeof(uint64_t));
        refp_release(0, r->hash, (r->threads + 1) * sizeof(uint64_t));
    }
    if (r->am)
        for (uint64_t t = 0; t < r->threads; t++)
            free(r->am[t]);
    free(r->am);
    free(r->amn);
    free(r->global);
    free(r->mem_cmp);
    refp_release(1, r->reg_cmp, r->reg_cmp_bytes);
    refp_release(1, r->dig, r->ctas * (r->nregs + 1) * sizeof(uint64_t));
    memset(r, 0, sizeof *r);
}
