/* SPDX-License-Identifier: Apache-2.0 */
/*
 * core_sched.c -- the SM core's scheduling and readiness: each issue port's
 * order of its pool of warps (round robin, two-level (004 sec. 3.3, the
 * two_level_sched structure), oldest first), the per-warp scoreboard and
 * the checks a request passes before it issues (core_ready: port, lanes,
 * barrier, fetch buffer, scoreboard, a free SIMD group, SFU, scalar unit
 * or LSU).
 */
#include <stdio.h>
#include <string.h>

#include "core_int.h"

/* -------------------------------------------------------- scheduling */
/* Scheduling unit u: warps [first, end) -- units of unit_warps warps
 * within each CTA, the last one of a CTA possibly shorter. */
static void unit_range(const core *c, unsigned u, unsigned *first, unsigned *end)
{
    unsigned per = (c->CW + c->unit_warps - 1) / c->unit_warps, k = u / per, j = u % per;
    *first = k * c->CW + j * c->unit_warps;
    *end = *first + c->unit_warps;
    if (*end > (k + 1) * c->CW)
        *end = (k + 1) * c->CW;
}

static int unit_live(const core *c, unsigned u)
{
    unsigned a, b;
    unit_range(c, u, &a, &b);
    for (unsigned w = a; w < b && w < c->W; w++)
        if (c->wlive[w])
            return 1;
    return 0;
}

const char *core_two_level_init(core *c, unsigned port, unsigned n)
{
    unsigned gs;
    if (c->P.group_size)
        gs = c->unit_warps > 1 ? c->P.group_size / c->unit_warps : c->P.group_size;
    else
        gs = c->unit_warps > 1 ? 1 : n / 4;
    if (gs < 1)
        gs = 1;
    while (n % gs)
        gs--;
    two_level_sched_cfg *t = &c->tlc[port];
    *t = two_level_sched_default_cfg();
    t->warps = n;
    t->group_size = gs;
    if (c->P.timeout)
        t->timeout = c->P.timeout;
    const char *e = core_apply_params(c, &two_level_sched_params, t);
    if (!e)
        e = two_level_sched_cfg_check(t);
    if (e)
        return e;
    two_level_sched_reset(t, &c->tls[port]);
    c->tl_n[port] = n;
    return NULL;
}

/* issue slots the mechanism may use this run: a second one per scheduler
 * (sbi's second front end, swi's I2 of pool q in slot schedulers + q) */
unsigned core_dec_ports(const core *c)
{
    unsigned n = 2 * c->P.schedulers;
    return n > CORE_MAX_PORTS ? CORE_MAX_PORTS : n;
}

unsigned core_pools(const core *c)
{
    return (c->ops->flags & MECH_ONE_POOL) ? 1 : c->P.schedulers;
}

/* port's pool of the n units: np of them (port, port + P, ...); the index
 * in it of the unit round robin starts from; whether the order is two-level
 * or oldest-first (else round robin) */
static unsigned pool_of(const core *c, unsigned port, unsigned n, unsigned *P, unsigned *start,
                        int *two_level, int *oldest)
{
    *P = core_pools(c);
    unsigned np = port < n ? (n - port + *P - 1) / *P : 0;
    /* rr[port] is a unit of this pool (or none): the next one starts */
    *start = c->rr[port] < n && c->rr[port] % *P == port ? c->rr[port] / *P + 1 : 0;
    if (*start >= np)
        *start = 0;
    *two_level = c->P.sched == CORE_SCHED_TWO_LEVEL && np <= 64;
    *oldest = c->P.sched == CORE_SCHED_OLDEST && c->unit_warps == 1 &&
              !(c->ops->flags & MECH_OWN_FETCH);
    return np;
}

int core_order_rr(const core *c, unsigned port, unsigned n)
{
    unsigned P, start;
    int two_level, oldest;
    unsigned np = pool_of(c, port, n, &P, &start, &two_level, &oldest);
    return np && !two_level && !oldest ? (int)(port + start * P) : -1;
}

/* oldest's keys: for the units of port's pool in round-robin order from
 * start (the ones in `among` when it is given), each unit with a buffered
 * instruction as one word, (fetch cycle) << 8 | (its round-robin position
 * i), with at[i] the unit; the ones with none in none[] in that order.
 * Returns the count of keys, or -1 when a fetch cycle needs 56 bits or
 * more (no caller sees one: the callers then sort on the cycle alone). */
static int oldest_keys(const core *c, unsigned port, unsigned np, unsigned P, unsigned start,
                       const uint64_t *among, uint64_t *key, unsigned *at, unsigned *none,
                       unsigned *nn)
{
    int k = 0;
    *nn = 0;
    for (unsigned i = 0, j = start % np; i < np; i++, j = j + 1 == np ? 0 : j + 1) {
        unsigned u = port + j * P;
        if (among && !bits_array_get(among, u))
            continue;
        const fetchbuf *b = &c->fb[u * c->nctx];
        if (!b->n) {
            none[(*nn)++] = u;
            continue;
        }
        if (b->t[0] >> 56)
            return -1;
        key[k++] = b->t[0] << 8 | i;
        at[i] = u;
    }
    return k;
}

unsigned core_order(core *c, unsigned port, unsigned n, unsigned *ord)
{
    return core_order_among(c, port, n, ord, NULL);
}

unsigned core_order_among(core *c, unsigned port, unsigned n, unsigned *ord,
                          const uint64_t *among)
{
    /* the pool: units port, port + P, ... below n */
    unsigned P, pool[256], start, k = 0;
    int two_level, oldest;
    unsigned np = pool_of(c, port, n, &P, &start, &two_level, &oldest);
    if (!np)
        return 0;
    if (!two_level && !oldest && np > CORE_MAX_WARPS) { /* (no caller has more) */
        for (unsigned i = 0; i < np; i++)
            ord[k++] = port + (start + i) % np * P;
        return k;
    }
    if (!two_level && !oldest) {
        /* round robin from start: a window of the pool written twice in a
         * row (built when n changes, core_int.h rr_seq) */
        if (c->rr_seq_n[port] != n || c->rr_seq_P[port] != P) {
            for (unsigned i = 0; i < 2 * np; i++)
                c->rr_seq[port][i] = port + (i % np) * P;
            c->rr_seq_n[port] = n;
            c->rr_seq_P[port] = P;
        }
        memcpy(ord, &c->rr_seq[port][start], np * sizeof *ord);
        return np;
    }
    for (unsigned i = 0; i < np; i++)
        pool[i] = port + i * P;
    if (two_level) {
        if (c->tl_n[port] != np && core_two_level_init(c, port, np)) {
            /* reported by core_new's dry run; fall back to rr */
        }
        uint64_t st = 0;
        for (unsigned i = 0; i < np; i++)
            if (c->ld_until[pool[i]] > c->cycle || !unit_live(c, pool[i]))
                st |= 1ull << i;
        uint64_t all = np >= 64 ? ~0ull : (1ull << np) - 1u;
        two_level_sched_in in = {all & ~st, st};
        two_level_sched_out o;
        while (in.ready) {
            two_level_sched_eval(&c->tlc[port], &c->tls[port], &in, &o);
            if (o.err || !o.valid)
                break;
            ord[k++] = pool[o.warp];
            in.ready &= ~(1ull << o.warp);
        }
        for (unsigned i = 0; i < np; i++) {
            unsigned j = (start + i) % np;
            if (st >> j & 1u)
                ord[k++] = pool[j];
        }
        return k;
    }
    /* oldest: the unit whose buffered instruction was fetched first; ties in
     * round-robin order.  The units with a buffered instruction sorted on
     * their keys (oldest_keys; the pools of 32-thread presets hold 24-48
     * warps), then the units with none (the largest key) in round-robin
     * order: the same stable order as an insertion sort of every unit on
     * its fetch cycle, which runs when a cycle needs 56 bits. */
    uint64_t key[256];
    unsigned none[256], at[256], nn;
    int nk = oldest_keys(c, port, np, P, start, among, key, at, none, &nn);
    if (nk < 0) {
        for (unsigned i = 0; i < np; i++) {
            unsigned u = pool[(start + i) % np], h = k;
            if (among && !bits_array_get(among, u))
                continue;
            const fetchbuf *b = &c->fb[u * c->nctx];
            uint64_t a = b->n ? b->t[0] : UINT64_MAX;
            while (h > 0 && key[h - 1] > a) {
                key[h] = key[h - 1];
                ord[h] = ord[h - 1];
                h--;
            }
            key[h] = a;
            ord[h] = u;
            k++;
        }
        return k;
    }
    /* an insertion sort of the key words */
    for (unsigned i = 1; i < (unsigned)nk; i++) {
        const uint64_t x = key[i];
        unsigned h = i;
        while (h > 0 && key[h - 1] > x) {
            key[h] = key[h - 1];
            h--;
        }
        key[h] = x;
    }
    for (unsigned h = 0; h < (unsigned)nk; h++)
        ord[k++] = at[key[h] & 255u];
    for (unsigned i = 0; i < nn; i++)
        ord[k++] = none[i];
    return k;
}

int core_order_visit(core *c, unsigned port, unsigned n, const uint64_t *among,
                     int (*visit)(void *ctx, unsigned u), void *ctx)
{
    unsigned P, pool_start, ord[256], k = 0;
    int two_level, oldest, rc;
    unsigned np = pool_of(c, port, n, &P, &pool_start, &two_level, &oldest);
    if (!np)
        return 0;
    if (two_level || !oldest) {
        unsigned m = core_order_among(c, port, n, ord, among);
        for (unsigned i = 0; i < m; i++) {
            if (among && !bits_array_get(among, ord[i]))
                continue;
            if ((rc = visit(ctx, ord[i])))
                return rc;
        }
        return 0;
    }
    /* oldest: the keys of core_order_among's sort, the least taken when
     * asked for (keys are distinct: the position breaks ties) */
    uint64_t key[256];
    unsigned none[256], at[256], nn;
    int nk = oldest_keys(c, port, np, P, pool_start, among, key, at, none, &nn);
    if (nk < 0) { /* the sort on the cycle alone */
        unsigned m = core_order_among(c, port, n, ord, among);
        for (unsigned h = 0; h < m; h++)
            if ((rc = visit(ctx, ord[h])))
                return rc;
        return 0;
    }
    k = (unsigned)nk;
    while (k) {
        unsigned best = 0;
        for (unsigned h = 1; h < k; h++)
            if (key[h] < key[best])
                best = h;
        unsigned u = at[key[best] & 255u];
        key[best] = key[--k];
        if ((rc = visit(ctx, u)))
            return rc;
    }
    for (unsigned i = 0; i < nn; i++)
        if ((rc = visit(ctx, none[i])))
            return rc;
    return 0;
}

void core_sched_issued(core *c, unsigned port, unsigned unit)
{
    c->rr[port] = unit;
    if (c->P.sched != CORE_SCHED_TWO_LEVEL || !c->tl_n[port])
        return;
    unsigned P = core_pools(c), idx = unit / P;
    uint64_t st = 0;
    for (unsigned i = 0; i < c->tl_n[port]; i++) {
        unsigned u = port + i * P;
        if (c->ld_until[u] > c->cycle || !unit_live(c, u))
            st |= 1ull << i;
    }
    two_level_sched_in in = {1ull << idx, st & ~(1ull << idx)};
    two_level_sched_out o;
    two_level_sched_eval(&c->tlc[port], &c->tls[port], &in, &o);
    two_level_sched_step(&c->tlc[port], &c->tls[port], &in, &o);
}

/* ---------------------------------------------------------- readiness */
int core_sb_ready(const core *c, unsigned w, int pc)
{
    if (core_sb_blind(c))
        return 1;
    if (c->sbc_pc[w] != pc) {
        /* fixed until warp w issues again (core_issue) or its CTA starts
         * (cta_start) */
        c->sbc_pc[w] = pc; /* a cache of the row, not state of the machine */
        c->sbc_at[w] = sb_at(c, w, pc);
    }
    return c->sbc_at[w] <= c->cycle;
}

/* context i's ready cycle from its buffer and every scoreboard entry
 * (the check's recount) */
static uint64_t rdy_at_of(const core *c, unsigned i)
{
    const fetchbuf *b = &c->fb[i];
    if (!b->n || b->pc < 0 || b->pc >= (int)c->p->n)
        return UINT64_MAX;
    uint64_t at = b->t[0] + 1, s = c->own_sb ? 0 : sb_at(c, i / c->nctx, b->pc);
    return s > at ? s : at;
}

void core_rdy_wake(core *c)
{
    if (c->cycle < c->rdy_next)
        return;
    uint64_t next = UINT64_MAX;
    for (unsigned wd = 0; wd < FB_WORDS && wd * 64 < c->W * c->nctx; wd++)
        for (uint64_t m = c->rdy_wait[wd]; m; m &= m - 1) {
            unsigned i = wd * 64 + ctz(m);
            if (c->rdy_at[i] <= c->cycle || c->rdy_at[i] == UINT64_MAX) {
                if (c->rdy_at[i] != UINT64_MAX)
                    c->rdy[wd] |= 1ull << (i % 64);
                c->rdy_wait[wd] &= ~(1ull << (i % 64));
            } else if (c->rdy_at[i] < next)
                next = c->rdy_at[i];
        }
    c->rdy_next = next;
}

const char *core_rdy_check(const core *c)
{
    static char msg[160];
    if (!c->rdy_on)
        return NULL;
    for (unsigned i = 0; i < c->W * c->nctx; i++) {
        uint64_t at = rdy_at_of(c, i);
        unsigned want = at <= c->cycle, kept = bits_array_get(c->rdy, i);
        if (kept != want || c->rdy_at[i] != at ||
            (at > c->cycle && at != UINT64_MAX &&
             (!bits_array_get(c->rdy_wait, i) || at < c->rdy_next))) {
            snprintf(msg, sizeof msg, "warp %u context %u: kept ready bit %u (from cycle %llu), "
                     "its buffer and scoreboard say %u (from cycle %llu)", i / c->nctx,
                     i % c->nctx, kept, (unsigned long long)c->rdy_at[i], want,
                     (unsigned long long)at);
            return msg;
        }
    }
    return NULL;
}

const char *core_barred_check(const core *c)
{
    static char msg[200];
    for (unsigned w = 0; w < c->W; w++) {
        uint64_t b = 0;
        for (unsigned l = 0; l < c->WS; l++)
            b |= (uint64_t)(c->at_bar[w * c->WS + l] != 0) << l;
        unsigned want = c->wlive[w] && !(c->wlive[w] & ~b);
        if (b != c->wbar[w] || bits_array_get(c->barred, w) != want) {
            snprintf(msg, sizeof msg, "warp %u: kept barrier lanes %#llx (barred %u), its "
                     "threads %#llx (barred %u)", w, (unsigned long long)c->wbar[w],
                     bits_array_get(c->barred, w), (unsigned long long)b, want);
            return msg;
        }
    }
    return NULL;
}

const uint64_t *core_barred_set(const core *c) { return c->barred; }

const uint64_t *core_ready_set(const core *c)
{
    return c->rdy_on && !core_sb_blind(c) ? c->rdy : NULL;
}

/* The checks in the order of their reasons; the flags of the run
 * (own_fetch, own_sb, ndec) and the unit class of each pc (ucls) are set
 * in core_new. */
/* Narrow warps with warp-synchronous instructions (core_issue.c,
 * wsync_issue): a thread held at a rendezvous has its PC past the
 * instruction, where a mechanism may merge it with threads that are not
 * held (a reconvergence point): a request with any held lane waits. */
static int core_wsw_held(const core *c, const core_req *r)
{
    if (r->nthreads) {
        for (unsigned i = 0; i < r->nthreads; i++)
            if (core_at_bar(c, r->threads[i]))
                return 1;
        return 0;
    }
    if (!r->tid)
        return r->warp < c->W && (r->mask & c->wbar[r->warp]) != 0;
    for (uint64_t m = r->mask; m; m &= m - 1)
        if (core_at_bar(c, r->tid[ctz(m)]))
            return 1;
    return 0;
}

enum core_why core_ready(const core *c, unsigned port, const core_req *r)
{
    if (port >= c->ndec || c->dec[port].valid)
        return CORE_PORT;
    if (r->with >= 0 && c->dec[r->with].valid && (c->slot_mask[r->with] & r->mask))
        return CORE_LANES; /* (a slot not issued yet: checked at its issue) */
    if (r->nthreads ? core_at_bar(c, r->threads[0])
                    : r->mask && core_at_bar(c, tid_of(c, r, ctz(r->mask))))
        return CORE_BARRIER;
    if (c->wsw && core_wsw_held(c, r))
        return CORE_BARRIER;
    if (!r->nofetch && !c->own_fetch) {
        const fetchbuf *b = &c->fb[r->warp * c->nctx + r->ctx];
        if (!b->n || b->pc != r->pc || b->t[0] >= c->cycle)
            return CORE_NOT_FETCHED;
    }
    if (!r->nosb && !c->own_sb && !core_sb_ready(c, r->warp, r->pc))
        return CORE_SB;
    if (r->with >= 0) {
        /* joining a slot: its SIMD group when the same class, the LSU's
         * queue when a memory access; a slot not issued yet is checked when
         * it joins */
        const prog_insn *in = &c->p->ins[r->pc];
        if (!c->dec[r->with].valid || is_mem(in))
            return CORE_OK;
        if (unit_class(&c->p->ins[c->dec[r->with].pc]) == unit_class(in))
            return CORE_OK;
    }
    return core_unit_free(c, port, r);
}

enum core_why core_unit_free(const core *c, unsigned port, const core_req *r)
{
    switch (c->ucls[r->pc]) {
    case CORE_UC_LSU: return c->lsu_until > c->cycle ? CORE_LSU : CORE_OK;
    case CORE_UC_SCALAR: return c->sca_until[port] > c->cycle ? CORE_NO_GROUP : CORE_OK;
    default: return free_group(c, &c->p->ins[r->pc], r) < 0 ? CORE_NO_GROUP : CORE_OK;
    }
}

const uint8_t *core_unit_classes(const core *c) { return c->ucls; }

unsigned core_free_units(const core *c, unsigned port)
{
    unsigned m = 0;
    if (c->lsu_until <= c->cycle)
        m |= 1u << CORE_UC_LSU;
    if (c->sca_until[port] <= c->cycle)
        m |= 1u << CORE_UC_SCALAR;
    for (unsigned g = 0; g < c->sfu_n; g++)
        if (c->sfu_until[g] <= c->cycle) {
            m |= 1u << CORE_UC_SFU;
            break;
        }
    for (unsigned g = 0; g < c->alu_n; g++)
        if (c->alu_until[g] <= c->cycle) {
            m |= 1u << CORE_UC_ALU;
            break;
        }
    return m;
}

uint64_t core_taken(const core *c, const core_req *r)
{
    const prog_insn *in = &c->p->ins[r->pc];
    if (in->unit != PU_BRA)
        return 0;
    if (in->guard < 0)
        return r->mask;
    uint64_t t = 0;
    for (uint64_t m = r->mask; m; m &= m - 1) {
        unsigned l = ctz(m);
        if (((core_reg(c, tid_of(c, r, l), (unsigned)in->guard) & 1u) ^ in->guard_neg) != 0)
            t |= 1ull << l;
    }
    return t;
}
