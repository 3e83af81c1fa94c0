/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ref_shuni.c -- the reference's check of the shared loads the divergence
 * analysis takes as uniform (prog.h prog_insn.shuni; prog.c
 * prog_shared_load_uniform; docs/ptx.md "Block-uniform values in shared
 * memory").
 *
 * The rule it guards.  A load from shared memory at a uniform address gives
 * every thread of the CTA the same value when no thread writes the bytes it
 * reads in the same barrier interval (the instructions between two releases
 * of the CTA barrier, or from the CTA's start to the first): every thread
 * then reads what the block left there at the interval's start.  The
 * divergence analysis takes such a load as uniform without proving that
 * no write can happen (CUDA's data-race freedom says it cannot); this file
 * checks it on the run.  Each shared byte keeps the interval of its last
 * write and its writer, and the interval of its last read by such a load
 * and its reader (another thread makes either "several").  A read by such
 * a load of a byte another thread wrote in the same interval, or a write
 * of a byte another thread read by such a load in the same interval, stops
 * the reference with one line (exit 1) before any mechanism runs: in some
 * interleaving the threads read different values, and the mechanisms,
 * which rely on the analysis' uniformity, could run the kernel wrongly.
 * The check looks at the reference's run, so it does not depend on the
 * order the threads run in: a write before or after the read in the same
 * interval is caught alike.  Each CTA run keeps its own state (ref.c's
 * refp_cta_run: the reference may interleave several CTAs, each with its
 * own shared memory).
 *
 * Timing: none (the reference).  Parameters: none.  Departures: a write
 * and a read of one byte by the same thread are no conflict (the thread
 * sees its own write in every order); a write of the same value is still
 * one.
 */
#include "ref.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int refp_shuni_fault;

struct refp_shuni {
    uint64_t bytes;
    uint32_t ep;              /* the current interval (0: none yet) */
    uint32_t *wep, *rep;      /* by byte: the interval of the last write / checked read */
    uint32_t *wt, *rt;        /* the thread of it, SHUNI_MANY for several */
    int32_t *wpc;             /* the PC of the last write */
};
#define SHUNI_MANY UINT32_MAX

int refp_shuni_wanted(const prog *p)
{
    int any = 0;
    for (unsigned pc = 0; pc < p->n && !any; pc++)
        any = p->ins[pc].shuni;
    return any && p->shared_bytes && !refp_shuni_fault;
}

refp_shuni *refp_shuni_new(const prog *p)
{
    refp_shuni *h = calloc(1, sizeof *h);
    if (!h)
        return NULL;
    h->bytes = p->shared_bytes;
    h->wep = calloc(h->bytes, sizeof *h->wep);
    h->rep = calloc(h->bytes, sizeof *h->rep);
    h->wt = calloc(h->bytes, sizeof *h->wt);
    h->rt = calloc(h->bytes, sizeof *h->rt);
    h->wpc = calloc(h->bytes, sizeof *h->wpc);
    if (!h->wep || !h->rep || !h->wt || !h->rt || !h->wpc) {
        refp_shuni_free(h);
        return NULL;
    }
    return h;
}

void refp_shuni_free(refp_shuni *h)
{
    if (!h)
        return;
    free(h->wep);
    free(h->rep);
    free(h->wt);
    free(h->rt);
    free(h->wpc);
    free(h);
}

void refp_shuni_interval(refp_shuni *h)
{
    if (!h)
        return;
    if (h->ep == UINT32_MAX - 1) { /* wrap: forget every interval */
        memset(h->wep, 0, h->bytes * sizeof *h->wep);
        memset(h->rep, 0, h->bytes * sizeof *h->rep);
        h->ep = 0;
    }
    h->ep++;
}

/* t's thread index (cta * threads + t for messages: gt). */
int refp_shuni_step(refp_shuni *h, const prog *p, int pc, unsigned t, uint64_t gt,
                    const prog_effect *e, char *err, size_t errlen)
{
    if (!h || !e->executed)
        return 0;
    const prog_insn *in = &p->ins[pc];
    for (unsigned k = 0; k < e->nacc; k++) {
        if (e->acc[k].space != PS_SHARED)
            continue;
        uint64_t a0 = e->acc[k].addr;
        for (uint64_t a = a0; a < a0 + e->acc[k].bytes && a < h->bytes; a++) {
            if (e->acc[k].write) {
                if (h->rep[a] == h->ep && h->rt[a] != t) {
                    snprintf(err, errlen,
                             "%s:%d: thread %llu writes shared byte %llu, which another thread "
                             "read in the same barrier interval by a load the divergence "
                             "analysis takes as uniform (a race: threads may read different "
                             "values; separate them with __syncthreads)",
                             p->file, in->line, (unsigned long long)gt, (unsigned long long)a);
                    return -1;
                }
                h->wt[a] = h->wep[a] == h->ep && h->wt[a] != t ? SHUNI_MANY : t;
                h->wep[a] = h->ep;
                h->wpc[a] = pc;
            } else if (in->shuni) {
                if (h->wep[a] == h->ep && h->wt[a] != t) {
                    snprintf(err, errlen,
                             "%s:%d: thread %llu reads shared byte %llu, which another thread "
                             "wrote in the same barrier interval (line %d), by a load the "
                             "divergence analysis takes as uniform (a race: threads may read "
                             "different values; separate them with __syncthreads)",
                             p->file, in->line, (unsigned long long)gt, (unsigned long long)a,
                             p->ins[h->wpc[a]].line);
                    return -1;
                }
                h->rt[a] = h->rep[a] == h->ep && h->rt[a] != t ? SHUNI_MANY : t;
                h->rep[a] = h->ep;
            }
        }
    }
    return 0;
}
