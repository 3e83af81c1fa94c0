/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ref.c -- the scalar reference interpreter (see ref.h).
 *
 * Two references.  ref_run runs a .k kernel (kernel.h) thread after
 * thread between barriers.  refp_run runs the program representation
 * (prog.h: .k and PTX alike): the CTAs of the grid one after another
 * (refp_stream_run), within a CTA each thread until it exits or waits at
 * a barrier (refp_cta_phase), warp-synchronous instructions as a
 * rendezvous of their logical warp (refp_rendezvous), and the other
 * orders of refp_order_check (refp_run_order: reversed, by a stride, the
 * CTAs side by side, round robin at each atomic).  What the reference
 * holds is counted for --mem-peak (refp_alloc, refp_mem_peak).
 *
 * The order taint -- refp_order_check, the taint passes (refp_taint_*)
 * and the plain-load seed -- is in ref_taint.c, with its rule, the
 * argument that it covers every order and what it assumes;
 * refp_cta_phase calls refp_taint_step after each instruction of a taint
 * pass.  ref_shuni.c checks the shared loads taken as uniform.
 *
 * Timing: none (a functional oracle).  Parameters: the launch's (prog.h).
 * Departures: atomics run in the reference's order (issue 25 sec. 3).
 */
#include "ref.h"
#include "ref_int.h"

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
 * thread (a CTA's scratch and results, the grid arrays of REFP_GRID), per
 * CTA of the grid (the order check's digests and register bitmap) and in
 * the order taint's atomics map (ref_taint.c refp_amap). */
static uint64_t refp_cur[3], refp_hi[3];

void refp_count(int kind, int64_t bytes)
{
    refp_cur[kind] += (uint64_t)bytes;
    if (refp_cur[kind] > refp_hi[kind])
        refp_hi[kind] = refp_cur[kind];
}

void *refp_alloc(int kind, uint64_t bytes)
{
    refp_count(kind, (int64_t)bytes);
    return calloc(1, bytes ? bytes : 1);
}

void refp_release(int kind, void *q, uint64_t bytes)
{
    if (!q)
        return;
    refp_cur[kind] -= bytes;
    free(q);
}

uint64_t refp_mem_peak(int kind)
{
    return refp_hi[kind == 1 || kind == 2 ? kind : 0];
}

/* appends pc as thread t's instruction number len (its trace holds len) */
static void refp_push(refp_cta_out *o, unsigned t, uint64_t len, uint32_t pc)
{
    if (len == o->cap[t]) {
        uint64_t n = o->cap[t] ? o->cap[t] * 2 : 64;
        refp_count(0, (int64_t)((n - o->cap[t]) * sizeof(uint32_t)));
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
        refp_count(0, (int64_t)(n - o->amcap[t]) * (int64_t)sizeof(uint32_t));
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
    refp_taint_free(s);
    memset(s, 0, sizeof *s);
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
            int gt = s->tg ? refp_taint_coll_src(s, at, w0, here) : 0;
            if (p->ops->exec_coll(p, at, lane, gone, e, err, errlen))
                return -2;
            if (s->tg)
                refp_taint_coll_dst(s, at, w0, here, th, gt);
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
    if (s->tg) /* the taint run */
        refp_taint_cta_begin(s, cta);
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
    if (s->tsu)
        refp_taint_cta_end(s);
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
int refp_run_order(const prog *p, unsigned warp_size, uint64_t max_steps, int flags, int kind,
                   refp_result *r, uint64_t *dig, refp_result *r0, char *err, size_t errlen)
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
