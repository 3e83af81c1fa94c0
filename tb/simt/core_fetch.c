/* SPDX-License-Identifier: Apache-2.0 */
/*
 * core_fetch.c -- the SM core's fetch and decode stage (core.h, pipeline step
 * 3): one instruction buffer per warp context, fetch_width fetches a cycle
 * round robin over the contexts with room, a flush when a context's PC
 * leaves its buffer.  The refill on issue is in core_issue.c.
 */
#include <string.h>

#include "core_int.h"

/* context i: may it take a fetch this cycle (fcand, core_int.h) */
static void fb_recheck(core *c, unsigned i)
{
    const fetchbuf *b = &c->fb[i];
    unsigned w = i / c->nctx;
    int live = 0;
    for (unsigned l = 0; l < c->WS && !live; l++)
        live = c->live[w * c->WS + l];
    int ok = live && b->n < c->P.ibuf &&
             (!b->n || (!is_ctl(c->p, b->pc + (int)b->n - 1) && b->pc + (int)b->n < (int)c->p->n));
    fb_bit(c->fcand, i, ok);
}

void core_fetch(core *c)
{
    if ((c->ops->flags & MECH_OWN_FETCH) || !c->ops->fetch_pc)
        return;
    unsigned nctx = c->W * c->nctx, nwd = (nctx + 63) / 64;
    unsigned budget = c->P.fetch_width ? c->P.fetch_width : c->P.schedulers;
    /* flush the buffers whose context moved elsewhere */
    for (unsigned wd = 0; wd < nwd; wd++)
        for (uint64_t d = c->fdirty[wd]; d; d &= d - 1) {
            unsigned i = wd * 64 + ctz(d);
            fetchbuf *b = &c->fb[i];
            if (b->n && c->ops->fetch_pc(c, c->m, i / c->nctx, i % c->nctx) != b->pc) {
                b->n = 0;
                c->st.flushes++;
            }
            fb_recheck(c, i);
        }
    memset(c->fdirty, 0, sizeof c->fdirty);
    /* round robin over the candidates after the last context fetched */
    unsigned start = c->fetch_rr + 1 >= nctx ? 0 : c->fetch_rr + 1;
    for (unsigned pass = 0; pass < 2 && budget; pass++) {
        unsigned lo = pass ? 0 : start, hi = pass ? start : nctx;
        for (unsigned wd = lo / 64; wd * 64 < hi && budget; wd++) {
            uint64_t bits = c->fcand[wd];
            if (wd == lo / 64 && lo % 64)
                bits &= ~0ull << (lo % 64);
            for (; bits && budget; bits &= bits - 1) {
                unsigned i = wd * 64 + ctz(bits);
                if (i >= hi)
                    break;
                fetchbuf *b = &c->fb[i];
                if (!b->n) {
                    int pc = c->ops->fetch_pc(c, c->m, i / c->nctx, i % c->nctx);
                    if (pc < 0 || pc >= (int)c->p->n)
                        continue; /* nothing to fetch yet (launching, waiting) */
                    b->pc = pc;
                }
                b->t[b->n++] = c->cycle;
                c->st.fetches++;
                budget--;
                c->fetch_rr = i;
                fb_recheck(c, i);
            }
        }
    }
    c->fetch_left = budget;
}
