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
