/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ref.c -- the scalar reference interpreter (see ref.h).
 */
#include "ref.h"

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
        int first = -1;
        unsigned ft = 0;
        for (unsigned t = 0; t < T; t++) {
            if (bar_pc[t] < 0)
                continue;
            if (first < 0) {
                first = bar_pc[t];
                ft = t;
            } else if (bar_pc[t] != first) {
                snprintf(err, errlen,
                         "%s:%d: threads wait at different barriers (thread %u at line %d, "
                         "thread %u at line %d)",
                         k->file, k->ins[bar_pc[t]].line, ft, k->ins[first].line, t,
                         k->ins[bar_pc[t]].line);
                rc = -1;
                break;
            }
        }
        if (rc)
            break;
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

static void refp_push(refp_result *r, uint64_t *cap, uint64_t t, uint32_t pc)
{
    if (r->len[t] == cap[t]) {
        cap[t] = cap[t] ? cap[t] * 2 : 64;
        r->trace[t] = realloc(r->trace[t], cap[t] * sizeof(uint32_t));
    }
    r->trace[t][r->len[t]] = pc;
}

/* The orders of refp_order_check: 0 first to last, 1 last to first, 2 a
 * stride S coprime with n (the i-th run is (i * S) mod n; S the first
 * number from n/2 + 1 up coprime with n). */
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
    return kind == 0 ? i : kind == 1 ? n - 1 - i : (i * stride) % n;
}

/* Runs one CTA (linear index cta) to completion; 0 or -1 with err. */
static int refp_cta(const prog *p, unsigned warp_size, uint64_t max_steps, refp_result *r,
                    uint64_t *cap, uint64_t cta, uint8_t *shared, uint8_t *local, int rev,
                    char *err, size_t errlen)
{
    unsigned T = r->cta_threads;
    uint64_t base = cta * T;
    int *pc = calloc(T, sizeof(int));
    int *bar_pc = malloc(T * sizeof(int));
    prog_thread *th = calloc(T, sizeof *th);
    prog_mem m = {r->global, r->global_bytes, shared, p->shared_bytes, p->param, p->param_bytes,
                  p->local_bytes};
    unsigned live = T;
    uint64_t stride = rev == 2 ? refp_stride(T) : 1;
    int rc = 0;
    memset(shared, 0, p->shared_bytes ? p->shared_bytes : 1);
    memset(local, 0, (size_t)T * p->local_bytes);
    uint32_t cid[3] = {(uint32_t)(cta % p->grid[0]), (uint32_t)(cta / p->grid[0] % p->grid[1]),
                       (uint32_t)(cta / ((uint64_t)p->grid[0] * p->grid[1]))};
    for (unsigned t = 0; t < T; t++) {
        prog_thread *x = &th[t];
        bar_pc[t] = -1;
        x->r = &r->regs[(base + t) * p->nregs];
        x->tid[0] = t % p->block[0];
        x->tid[1] = t / p->block[0] % p->block[1];
        x->tid[2] = t / (p->block[0] * p->block[1]);
        for (int d = 0; d < 3; d++) {
            x->ntid[d] = p->block[d];
            x->ctaid[d] = cid[d];
            x->nctaid[d] = p->grid[d];
        }
        x->flat = t;
        x->laneid = t % warp_size;
        x->warpid = t / warp_size;
        x->local = local + (size_t)t * p->local_bytes;
    }
    while (live && !rc) {
        for (unsigned i = 0; i < T && !rc; i++) {
            unsigned t = (unsigned)refp_order(i, T, rev, stride);
            uint64_t g = base + t;
            while (pc[t] < (int)p->n && bar_pc[t] < 0) {
                if (r->len[g] >= max_steps) {
                    snprintf(err, errlen,
                             "%s:%d: thread %llu ran %llu instructions without finishing (an "
                             "endless loop? raise --max-steps)",
                             p->file, p->ins[pc[t]].line, (unsigned long long)g,
                             (unsigned long long)max_steps);
                    rc = -1;
                    break;
                }
                int p0 = pc[t];
                prog_effect e;
                th[t].clock = r->thread_insts;
                if (r->trace)
                    refp_push(r, cap, g, (uint32_t)p0);
                r->hash[g] = refp_hash_step(r->hash[g], (uint32_t)p0);
                r->len[g]++;
                r->thread_insts++;
                if (p->ops->exec(p, p0, &th[t], &m, &e, err, errlen)) {
                    rc = -1;
                    break;
                }
                pc[t] = e.next_pc;
                if (p->ins[p0].unit == PU_BAR && e.executed)
                    bar_pc[t] = p0;
                if (pc[t] == (int)p->n)
                    live--;
            }
        }
        if (rc)
            break;
        /* every live thread waits at a barrier: release them, all at one */
        int first = -1;
        unsigned ft = 0;
        for (unsigned t = 0; t < T && !rc; t++) {
            if (bar_pc[t] < 0)
                continue;
            if (first < 0) {
                first = bar_pc[t];
                ft = t;
            } else if (bar_pc[t] != first) {
                snprintf(err, errlen,
                         "%s:%d: threads of CTA %llu wait at different barriers (thread %u at "
                         "line %d, thread %u at line %d)",
                         p->file, p->ins[bar_pc[t]].line, (unsigned long long)cta, ft,
                         p->ins[first].line, t, p->ins[bar_pc[t]].line);
                rc = -1;
            }
        }
        for (unsigned t = 0; t < T; t++)
            bar_pc[t] = -1;
    }
    free(pc);
    free(bar_pc);
    free(th);
    return rc;
}

static int refp_run_order(const prog *p, unsigned warp_size, uint64_t max_steps,
                          int keep_trace, int rev, refp_result *r, char *err, size_t errlen)
{
    memset(r, 0, sizeof *r);
    uint64_t ctas = (uint64_t)p->grid[0] * p->grid[1] * p->grid[2];
    r->cta_threads = p->block[0] * p->block[1] * p->block[2];
    r->threads = ctas * r->cta_threads;
    r->nregs = p->nregs;
    r->global_bytes = p->global_bytes;
    r->global = malloc(p->global_bytes ? p->global_bytes : 1);
    if (p->global_bytes)
        memcpy(r->global, p->global_init, p->global_bytes);
    r->regs = calloc(r->threads * p->nregs + 1, sizeof(uint64_t));
    r->len = calloc(r->threads + 1, sizeof(uint64_t));
    r->hash = malloc((r->threads + 1) * sizeof(uint64_t));
    for (uint64_t t = 0; t < r->threads; t++)
        r->hash[t] = REFP_HASH0;
    uint64_t *cap = NULL;
    if (keep_trace) {
        r->trace = calloc(r->threads + 1, sizeof *r->trace);
        cap = calloc(r->threads + 1, sizeof *cap);
    }
    uint8_t *shared = malloc(p->shared_bytes ? p->shared_bytes : 1);
    uint8_t *local = malloc((size_t)r->cta_threads * p->local_bytes + 1);
    int rc = 0;
    if (!warp_size)
        warp_size = 32;
    uint64_t stride = rev == 2 ? refp_stride(ctas) : 1;
    for (uint64_t c = 0; c < ctas && !rc; c++)
        rc = refp_cta(p, warp_size, max_steps, r, cap, refp_order(c, ctas, rev, stride), shared,
                      local, rev, err, errlen);
    free(shared);
    free(local);
    free(cap);
    return rc;
}

int refp_run(const prog *p, unsigned warp_size, uint64_t max_steps, int keep_trace,
             refp_result *r, char *err, size_t errlen)
{
    return refp_run_order(p, warp_size, max_steps, keep_trace, 0, r, err, errlen);
}

void refp_order_check(const prog *p, unsigned warp_size, uint64_t max_steps, refp_result *r)
{
    for (unsigned pc = 0; pc < p->n; pc++)
        if (p->ins[pc].unit == PU_ATOM && (!p->reachable || p->reachable[pc])) {
            r->has_atomics = 1;
            /* ptx.c lowers an atom whose old value nothing reads to a red
             * (no destination): a destination here is read */
            if (p->ins[pc].ndst)
                r->atom_flow = 1;
        }
    uint64_t nr = r->threads * r->nregs;
    r->mem_cmp = malloc(r->global_bytes + 1);
    memset(r->mem_cmp, 1, r->global_bytes + 1);
    r->reg_cmp = malloc(nr + 1);
    memset(r->reg_cmp, 1, nr + 1);
    for (int kind = 1; kind <= 2; kind++) {
        refp_result o;
        if (refp_run_order(p, warp_size, max_steps, 0, kind, &o, r->order_err,
                           sizeof r->order_err)) {
            /* the kernel stops in another order (a race): reported; the
             * first order's result is compared whole */
            refp_free(&o);
            free(r->mem_cmp);
            free(r->reg_cmp);
            r->mem_cmp = r->reg_cmp = NULL;
            r->atom_flow = 0;
            return;
        }
        /* a word with a byte that differs is not compared as a whole: a
         * byte of a value can agree by chance */
        for (uint64_t a = 0; a < r->global_bytes; a++)
            if (r->global[a] != o.global[a])
                memset(&r->mem_cmp[a & ~(uint64_t)3],  0,
                       a - (a & ~(uint64_t)3) + 4 > r->global_bytes - (a & ~(uint64_t)3)
                           ? r->global_bytes - (a & ~(uint64_t)3) : 4);
        for (uint64_t i = 0; i < nr; i++)
            if (r->regs[i] != o.regs[i])
                r->reg_cmp[i] = 0;
        for (uint64_t t = 0; t < r->threads && !r->atom_flow; t++)
            if (r->len[t] != o.len[t] || r->hash[t] != o.hash[t])
                r->atom_flow = 2;
        refp_free(&o);
    }
    r->order_bytes = r->order_regs = 0;
    for (uint64_t a = 0; a < r->global_bytes; a++)
        r->order_bytes += !r->mem_cmp[a];
    for (uint64_t i = 0; i < nr; i++)
        r->order_regs += !r->reg_cmp[i];
}

void refp_free(refp_result *r)
{
    if (r->trace)
        for (uint64_t t = 0; t < r->threads; t++)
            free(r->trace[t]);
    free(r->trace);
    free(r->global);
    free(r->regs);
    free(r->len);
    free(r->hash);
    free(r->mem_cmp);
    free(r->reg_cmp);
    memset(r, 0, sizeof *r);
}
