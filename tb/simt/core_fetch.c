/* SPDX-License-Identifier: Apache-2.0 */
/*
 * core_fetch.c -- the SM core's fetch and decode stage (core.h, pipeline step
 * 3): one instruction buffer per warp context, fetch_width fetches a cycle
 * round robin over the contexts with room, a flush when a context's PC
 * leaves its buffer.  The refill on issue is in core_issue.c.
 */
#include <string.h>

#include "core_int.h"

/* context i: may it take a fetch this cycle; asked: also ask the
 * mechanism's fetch_pc (MECH_FETCH_KEPT's check after the fetch stage) */
static int fb_may_fetch(const core *c, unsigned i, int asked)
{
    const fetchbuf *b = &c->fb[i];
    unsigned w = i / c->nctx;
    int ok = c->wlive[w] && b->n < c->P.ibuf &&
             (!b->n || (!is_ctl(c->p, b->pc + (int)b->n - 1) && b->pc + (int)b->n < (int)c->p->n));
    if (ok && asked && (!b->n || c->nctx > 1)) { /* the fetch loop's own questions */
        int pc = c->ops->fetch_pc(c, c->m, w, i % c->nctx);
        ok = pc >= 0 && (b->n || pc < (int)c->p->n);
    }
    return ok;
}

/* (fcand, core_int.h) */
static void fb_recheck(core *c, unsigned i) { fb_bit(c->fcand, i, fb_may_fetch(c, i, 0)); }

void core_fetch_moved(core *c, unsigned w) { fb_dirty(c, w); }

/* Warp w's contexts after their PCs may have moved.  A buffer whose head
 * is its context's PC stays.  A buffer whose head is now the PC of
 * another context of the warp, whose own buffer does not hold it, moves
 * there: the instructions are the same, only the path they are tagged
 * with changes (one PC comparator per context).  That is the case when a
 * two-path mechanism's path reaches its reconvergence PC and the stack
 * pops to an entry whose other side continues at that PC (dpe), or when
 * sbi's secondary becomes the primary: the single-path stack keeps its
 * prefetched instruction there, and so do they.  With two contexts, the
 * buffer of a context with nothing to fetch (a path waiting at its
 * reconvergence point, or suspended) is kept, not flushed, so that it can
 * move when the entry pops; it is flushed once its context has a PC it
 * does not hold.  Every other buffer is flushed.  With one context per
 * warp this is the plain flush. */
static void fb_settle(core *c, unsigned w)
{
    unsigned n = c->nctx, base = w * n;
    int want[CORE_MAX_CTX], keep[CORE_MAX_CTX];
    const uint64_t moves = c->st.fb_moves;
    for (unsigned k = 0; k < n; k++) {
        const fetchbuf *b = &c->fb[base + k];
        want[k] = c->ops->fetch_pc(c, c->m, w, k);
        keep[k] = b->n && b->pc == want[k];
    }
    for (unsigned k = 0; k < n; k++)
        for (unsigned j = 0; j < n && !keep[k] && want[k] >= 0; j++)
            if (j != k && !keep[j] && c->fb[base + j].n && c->fb[base + j].pc == want[k]) {
                fetchbuf t = c->fb[base + k];
                c->fb[base + k] = c->fb[base + j];
                c->fb[base + j] = t;
                keep[k] = 1;
                keep[j] = c->fb[base + j].n && c->fb[base + j].pc == want[j];
                c->st.fb_moves++;
            }
    int moved = 0; /* a buffer's head changed: the ready set */
    for (unsigned k = 0; k < n; k++) {
        fetchbuf *b = &c->fb[base + k];
        if (b->n && !keep[k] && !(n > 1 && want[k] < 0)) {
            b->n = 0;
            c->st.flushes++;
            moved = 1;
        }
        fb_recheck(c, base + k);
    }
    if (moved || c->st.fb_moves != moves)
        core_rdy_update(c, w);
}

void core_fetch(core *c)
{
    if ((c->ops->flags & MECH_OWN_FETCH) || !c->ops->fetch_pc)
        return;
    unsigned nctx = c->W * c->nctx, nwd = (nctx + 63) / 64;
    unsigned budget = c->P.fetch_width ? c->P.fetch_width : c->P.schedulers;
    /* flush the buffers whose context moved elsewhere (fb_dirty marks
     * every context of a warp: fb_settle takes the warp at its first) */
    unsigned last = ~0u;
    for (unsigned wd = 0; wd < nwd; wd++)
        for (uint64_t d = c->fdirty[wd]; d; d &= d - 1) {
            unsigned w = (wd * 64 + ctz(d)) / c->nctx;
            if (w != last)
                fb_settle(c, w);
            last = w;
        }
    memset(c->fdirty, 0, nwd * sizeof c->fdirty[0]); /* no context at or past nctx */
    /* MECH_FETCH_KEPT (mech.h): a context the loop finds with nothing to
     * fetch leaves the candidates until the core marks its warp again */
    const int kept = (c->ops->flags & MECH_FETCH_KEPT) != 0;
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
                    if (pc < 0 || pc >= (int)c->p->n) {
                        if (kept) /* not asked again until its warp is marked */
                            c->fcand[wd] &= ~(1ull << (i % 64));
                        continue; /* nothing to fetch yet (launching, waiting) */
                    }
                    b->pc = pc;
                    b->t[b->n++] = c->cycle; /* a new head: the ready set */
                    core_rdy_update(c, i / c->nctx);
                } else if (c->nctx > 1 && c->ops->fetch_pc(c, c->m, i / c->nctx, i % c->nctx) < 0) {
                    if (kept)
                        c->fcand[wd] &= ~(1ull << (i % 64));
                    continue; /* a kept buffer (fb_settle) takes no fetch while it waits */
                } else
                    b->t[b->n++] = c->cycle;
                c->st.fetches++;
                budget--;
                c->fetch_rr = i;
                fb_recheck(c, i);
            }
        }
    }
    c->fetch_left = budget;
    /* --check: no context left out of the candidates could take a fetch
     * (a mechanism that moved a fetch_pc and did not say so) */
    for (unsigned i = 0; c->P.check && (c->ops->flags & MECH_FETCH_KEPT) && i < nctx; i++)
        if (!(c->fcand[i / 64] >> (i % 64) & 1u) && fb_may_fetch(c, i, 1)) {
            core_fail(c, "internal: warp %u context %u could take a fetch, the kept candidates "
                         "leave it out", i / c->nctx, i % c->nctx);
            return;
        }
}
