/* SPDX-License-Identifier: Apache-2.0 */
/*
 * core_cta.c -- the SM core's CTA dispatch and retirement (core.h, pipeline
 * step 1) and its per-CTA barriers (step 2).  A CTA starts in a free slot
 * with the reference's results of its threads taken (ref.h: from the
 * reference's every-thread arrays, refp_out_view, or run for it by the
 * reference stream beside the core, refp_stream_run); it
 * retires when its threads have exited, their results are written back
 * and the mechanism holds none of its warps' work, and its threads' final
 * registers and PC sequences are compared with the reference then.
 */
#include <string.h>

#include "core_int.h"

/* ----------------------------------------------------------- CTAs */
static int cta_start(core *c, unsigned k, uint64_t cta)
{
    const prog *p = c->p;
    char err[512];
    if (c->ref_view)
        refp_out_view(&c->rout[k], c->ref, cta);
    else if (refp_stream_run(&c->rs, cta, 0, &c->rout[k], err, sizeof err))
        return core_fail(c, "the reference beside the core stopped on CTA %llu: %s",
                         (unsigned long long)cta, err);
    c->cta_of[k] = (int64_t)cta;
    c->cta_live[k] = c->CT;
    c->cta_bar[k] = 0;
    c->cta_park[k] = 0;
    c->cta_red[k] = -1;
    c->bar_clears++;
    c->cta_ready[k] = 0;
    memset(c->shared + (size_t)k * p->shared_bytes, 0, p->shared_bytes);
    uint32_t cid[3] = {(uint32_t)(cta % p->grid[0]), (uint32_t)(cta / p->grid[0] % p->grid[1]),
                       (uint32_t)(cta / ((uint64_t)p->grid[0] * p->grid[1]))};
    for (unsigned f = 0; f < c->CW * c->WS; f++) {
        unsigned t = k * c->CW * c->WS + f;
        prog_thread *x = &c->th[t];
        c->tpos[t] = 0;
        c->tam[t] = 0;
        c->thash[t] = REFP_HASH0;
        c->at_bar[t] = 0;
        c->parked[t] = 0;
        if (!(f % c->WS))
            c->wlive[t / c->WS] = c->wbar[t / c->WS] = 0;
        if (f >= c->CT) {
            c->live[t] = 0;
            c->gtid[t] = UINT64_MAX;
            continue;
        }
        c->live[t] = 1;
        c->wlive[t / c->WS] |= 1ull << (f % c->WS);
        c->gtid[t] = cta * c->CT + f;
        if (!(c->P.fault_kind == 14 && c->cycle >= c->P.fault_cycle && !f)) /* the test hook */
            memset(x->r, 0, c->rstride * sizeof(uint64_t));
        memset(&c->tready[(size_t)t * c->nregs], 0, c->nregs * sizeof(uint64_t));
        if (p->local_bytes)
            memset(x->local, 0, p->local_bytes);
        prog_thread_identity(x, p, f, cid, c->WS);
    }
    for (unsigned j = 0; j < c->CW; j++) {
        unsigned w = k * c->CW + j;
        memset(&c->sb[(size_t)w * c->nregs], 0, c->nregs * sizeof(uint64_t));
        c->sbc_pc[w] = -1;
        if (c->scalar)
            memset(&c->srf[(size_t)w * c->sregs], 0, c->sregs * sizeof(uint64_t));
        for (unsigned x = 0; x < c->nctx; x++)
            c->fb[w * c->nctx + x].n = 0;
        fb_dirty(c, w);
        core_rdy_update(c, w);
        bar_note(c, w);
        c->ops->launch(c, c->m, w, core_warp_mask(c, w));
    }
    c->st.ctas++;
    return 0;
}

/* A CTA's threads have all exited: their final registers and PC sequences
 * against the reference. */
int core_cta_check(core *c, unsigned k)
{
    const refp_result *r = c->ref;
    const refp_cta_out *o = &c->rout[k];
    uint64_t cta = (uint64_t)c->cta_of[k];
    if (o->cta != cta)
        return core_fail(c, "CTA slot %u retires CTA %llu, the reference ran CTA %llu there", k,
                         (unsigned long long)cta, (unsigned long long)o->cta);
    /* the CTA's threads' register rows are contiguous in both (rstride ==
     * nregs without scalarization): one compare of the whole block, and
     * the register loop below only when it differs (its first difference
     * is the message; the order of the checks is unchanged) */
    const int regs_equal =
        !c->scalar && !r->atom_flow && c->rstride == c->nregs &&
        !memcmp(c->th[k * c->CW * c->WS].r, o->regs, (size_t)c->CT * c->nregs * sizeof(uint64_t));
    /* an atomic's returned value steers the threads, or the reference's
     * thread orders ran different sequences: their sequences and registers
     * depend on the order (ref.h, refp_order_check) */
    for (unsigned f = 0; f < c->CT && !r->atom_flow; f++) {
        unsigned t = k * c->CW * c->WS + f;
        uint64_t g = c->gtid[t];
        if (c->tpos[t] != o->len[f])
            return core_fail(c, "thread %llu: executed %llu instructions, the reference %llu",
                             (unsigned long long)g, (unsigned long long)c->tpos[t],
                             (unsigned long long)o->len[f]);
        if (!o->trace && c->thash[t] != o->hash[f])
            return core_fail(c, "thread %llu: its PC sequence differs from the reference's",
                             (unsigned long long)g);
        const uint64_t *rr = &o->regs[(size_t)f * c->nregs];
        /* under scalarization the files hold the allocated registers: the
         * memory and the PC sequences are compared, not the registers */
        for (unsigned q = 0; q < c->nregs && !c->scalar && !regs_equal; q++)
            if (c->th[t].r[q] != rr[q] && (!r->reg_cmp || r->reg_cmp[cta * c->nregs + q]))
                return core_fail(c, "thread %llu: final register %u = 0x%llx, the reference has "
                                    "0x%llx",
                                 (unsigned long long)g, q, (unsigned long long)c->th[t].r[q],
                                 (unsigned long long)rr[q]);
    }
    return 0;
}

/* The mechanism holds work of CTA slot k's warps (ops->busy_warp), or,
 * for a mechanism that cannot tell whose work it holds, of any warp. */
static int cta_busy(const core *c, unsigned k)
{
    if (!c->ops->busy_warp)
        return c->ops->busy && c->ops->busy(c, c->m);
    for (unsigned j = 0; j < c->CW; j++)
        if (c->ops->busy_warp(c, c->m, k * c->CW + j))
            return 1;
    return 0;
}

int core_dispatch(core *c)
{
    for (unsigned k = 0; k < c->nslots; k++) {
        /* a CTA retires when its threads have exited, their results are
         * written back and the mechanism holds no work of its warps
         * (cta_busy) */
        if (c->cta_of[k] >= 0 && !c->cta_live[k] && c->cycle >= c->cta_ready[k] &&
            !cta_busy(c, k)) {
            if (core_cta_check(c, k))
                return -1;
            c->cta_of[k] = -1;
            if (c->next_cta >= c->nctas)
                refp_out_free(&c->rout[k]); /* the slot takes no more CTAs */
        }
        if (c->cta_of[k] < 0 && c->next_cta < c->nctas && cta_start(c, k, c->next_cta++))
            return -1;
        if (c->next_cta >= c->nctas && c->rs.p)
            refp_stream_free(&c->rs); /* every CTA's reference ran (once: it clears rs.p) */
    }
    return 0;
}

void core_barriers(core *c)
{
    for (unsigned k = 0; k < c->nslots; k++) {
        /* the threads bound for the exit count as arrived (an early return
         * before the barrier: prog.h, exit_bound) */
        if (c->cta_of[k] < 0 || !c->cta_bar[k] || c->cta_bar[k] + c->cta_park[k] != c->cta_live[k])
            continue;
        unsigned base = k * c->CW * c->WS;
        if (c->p->ops->bar_release && c->cta_red[k] >= 0) /* bar.red's result (prog.h) */
            c->p->ops->bar_release(c->p, c->cta_red[k], c->mem[k].shared);
        c->cta_red[k] = -1;
        for (unsigned f = 0; f < c->CW * c->WS; f++)
            c->at_bar[base + f] = 0;
        for (unsigned j = 0; j < c->CW; j++) {
            c->wbar[k * c->CW + j] = 0;
            bar_note(c, k * c->CW + j);
        }
        c->cta_bar[k] = 0;
        c->bar_clears++;
    }
}
