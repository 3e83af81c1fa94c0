/* SPDX-License-Identifier: Apache-2.0 */
/*
 * core.c -- the SM core (see core.h for the pipeline, the timing and the
 * metrics; mech.h for what a mechanism adds).  Written once for every
 * mechanism.  This file: the core's accessors, the cycle (core_cycle: the
 * stages in order, completion, deadlock), the quiet cycles it jumps over
 * (core_quiet: core.h, "Quiet cycles"), the final checks (core_finish)
 * and the core's construction (core_new: the resident CTAs, the SM's
 * limits).  The other stages, one file each, share core_int.h:
 *   core_cta.c    CTA dispatch, retirement, barriers
 *   core_fetch.c  fetch and decode into the instruction buffers
 *   core_sched.c  the issue ports' warp order and readiness (scoreboard)
 *   core_issue.c  issue: execution, the reference and timing checks,
 *                 SIMD groups and waves, results' ready times, statistics
 *   core_lsu.c    the load/store unit: coalescing, shared-memory banks
 *   core_trace.c  the vector recorder (--trace-dir), VCD and --log
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core_int.h"

/* ------------------------------------------------------------ helpers */
static int core_vfail(core *c, int refused, const char *fmt, va_list ap)
{
    if (c->failed)
        return -1;
    int n = snprintf(c->err, sizeof c->err, "%s: ", c->ops->name);
    vsnprintf(c->err + n, sizeof c->err - (size_t)n, fmt, ap);
    c->failed = 1;
    c->refused = refused;
    return -1;
}

int core_fail(core *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    core_vfail(c, 0, fmt, ap);
    va_end(ap);
    return -1;
}

int core_refuse(core *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    core_vfail(c, 1, fmt, ap);
    va_end(ap);
    return -1;
}

int core_refused(const core *c) { return c->refused; }

unsigned core_warp_size(const core *c) { return c->WS; }
unsigned core_warps(const core *c) { return c->W; }
unsigned core_threads(const core *c) { return c->T; }
unsigned core_ports(const core *c) { return c->P.schedulers; }
const prog *core_prog(const core *c) { return c->p; }
const core_cfg *core_config(const core *c) { return &c->P; }
uint64_t core_now(const core *c) { return c->cycle; }
void *core_mech_state(const core *c) { return c->m; }
const char *core_error(const core *c) { return c->err; }
const core_stats *core_get_stats(const core *c) { return &c->st; }
const mech_ops *core_mech(const core *c) { return c->ops; }
void core_set_vcd(core *c, struct vcd_writer *w) { c->vcd = w; }
struct vcd_writer *core_vcd(const core *c) { return c->vcd; }
void core_set_log(core *c, FILE *f) { c->log = f; }
void core_set_trace_dir(core *c, const char *dir)
{
    c->trace_dir = dir;
    if (dir && !c->rec)
        c->rec = calloc(CORE_REC_MAX, sizeof *c->rec);
}
uint64_t core_reg(const core *c, unsigned t, unsigned r)
{
    if (t >= c->T || r >= c->nregs)
        return 0;
    if (c->scalar)
        return scalar_reg(&c->sinfo, r, c->th[t].r, &c->srf[(size_t)(t / c->WS) * c->sregs]);
    return c->th[t].r[r];
}
const struct scalar_info_s *core_scalar(const core *c) { return c->scalar ? &c->sinfo : NULL; }

void core_rf_alloc(const core *c, unsigned *vregs, unsigned *sregs)
{
    *vregs = c->rf_vregs;
    *sregs = c->rf_sregs;
}

unsigned core_cta_slots(const core *c) { return c->nslots; }
unsigned core_cta_warps(const core *c) { return c->CW; }

int core_scalar_once(const core *c, int pc)
{
    if (!c->scalar || pc < 0 || (unsigned)pc >= c->p->n || c->sinfo.ins_vector[pc])
        return 0;
    if (c->scalar == MECH_SCALAR_LANE) {
        const prog_insn *in = &c->p->ins[pc];
        for (unsigned j = 0; j < in->ndst; j++)
            if (c->sinfo.reg_vector[in->dst[j]])
                return 0;
    }
    return 1;
}
int core_at_bar(const core *c, unsigned t) { return t < c->T && c->at_bar[t]; }
uint64_t core_bar_clears(const core *c) { return c->bar_clears; }
int core_wsync_narrow(const core *c) { return c->wsw != NULL; }
uint64_t core_warp_bar(const core *c, unsigned w) { return w < c->W ? c->wbar[w] : 0; }
int core_exited(const core *c, unsigned t) { return t >= c->T || !c->live[t]; }
uint32_t core_coll_wait(const core *c, int pc, unsigned t)
{
    if (t >= c->T || pc < 0 || (unsigned)pc >= c->p->n || !c->p->ins[pc].wsync)
        return 0;
    if (!c->scalar)
        return c->p->ops->coll_wait(c->p, pc, &c->th[t]);
    prog_thread v; /* its view under scalarization (scalar.h), as core_issue.c takes it */
    scalar_coll_view(&c->sx, pc, t % PROG_WARP, &c->th[t],
                     &c->srf[(size_t)(t / c->WS) * c->sregs], &v);
    return c->p->ops->coll_wait(c->p, pc, &v);
}
void core_stall(core *c) { c->st.full_stalls++; }

/* A divergence stack with no room for a split: a full-table stall whose
 * cause the deadlock line names, since a stack shallower than a warp's
 * threads can fill for good on a loop left by a jump short of its
 * reconvergence point (one entry per round for the threads that left:
 * docs/ptx.md, "histo8 at -O0") */
void core_stall_stack(core *c)
{
    core_stall(c);
    c->stall_why_cycle = c->cycle;
    c->stall_why = "the divergence stack (spe_depth entries) is full; a loop whose exit jumps short of "
                   "its reconvergence point keeps one entry per round for the threads that left, up to "
                   "a warp's threads plus the nesting (docs/ptx.md, \"histo8 at -O0\")";
}
void core_stall_why(core *c, const char *fmt, ...)
{
    core_stall(c);
    c->stall_why_cycle = c->cycle;
    if (c->stall_why != c->stall_buf) { /* formatted once per cause */
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(c->stall_buf, sizeof c->stall_buf, fmt, ap);
        va_end(ap);
        c->stall_why = c->stall_buf;
    }
}
void core_note_ready(core *c, uint64_t cyc)
{
    if (cyc > c->last_ready)
        c->last_ready = cyc;
}
int core_sb_blind(const core *c) { return c->P.fault_kind == 4 && c->cycle >= c->P.fault_cycle; }
int core_drop(core *c, int issued)
{
    if (c->P.fault_kind == 3 && issued && c->cycle >= c->P.fault_cycle && !c->fault_done) {
        c->fault_done = 1;
        return 1;
    }
    return 0;
}
void core_set_unit_warps(core *c, unsigned k) { c->unit_warps = k ? k : 1; }
void core_set_alu_groups(core *c, unsigned n, unsigned width)
{
    c->alu_n = n;
    c->alu_w = width;
}

uint64_t core_warp_mask(const core *c, unsigned w) { return w < c->W ? c->wlive[w] : 0; }

const char *core_apply_params(const core *c, const struct param_table *t, void *cfg)
{
    size_t n = strlen(t->structure);
    for (unsigned i = 0; i < c->P.nparam; i++)
        if (!strncmp(c->P.param[i], t->structure, n) && c->P.param[i][n] == '.') {
            const char *e = params_set(t, cfg, c->P.param[i] + n + 1);
            if (e)
                return e;
        }
    return NULL;
}

int core_param_given(const core *c, const char *sn)
{
    size_t n = strlen(sn);
    for (unsigned i = 0; i < c->P.nparam; i++)
        if (!strncmp(c->P.param[i], sn, n) && c->P.param[i][n] == '=')
            return 1;
    return 0;
}

/* ------------------------------------------------------------- cycle */
/* resident threads: n of them, ex exited, bar at a CTA barrier, held at a
 * narrow warp's rendezvous (core_held); what (at most 64 bytes) names the
 * waiting ones: ", N at a barrier", and in narrow warps with warp-
 * synchronous instructions ", M held at a rendezvous" */
static void core_count_threads(const core *c, unsigned *n, unsigned *ex, char *what, size_t len)
{
    unsigned bar = 0, held = 0;
    *ex = *n = 0;
    for (unsigned t = 0; t < c->T; t++) {
        *n += c->gtid[t] != UINT64_MAX;
        *ex += c->gtid[t] != UINT64_MAX && !c->live[t];
        held += core_held(c, t);
        bar += c->at_bar[t] && !core_held(c, t);
    }
    if (c->wsw)
        snprintf(what, len, ", %u at a barrier, %u held at a rendezvous", bar, held);
    else
        snprintf(what, len, ", %u at a barrier", bar);
}

/* The cycle limit: what the threads were doing, and, when the core has
 * issued more thread-instructions than the reference took for the whole
 * kernel and an atomic's returned value steers the flow, the likely cause:
 * a spin lock within a warp (docs/ptx.md, "A spin lock") */
static int core_not_finished(core *c)
{
    unsigned ex, n;
    char what[64];
    core_count_threads(c, &n, &ex, what, sizeof what);
    const refp_result *r = c->ref;
    int spin = r && r->atom_flow && c->st.thread_insts > r->thread_insts;
    return core_fail(c, "not finished after %llu cycles, the limit (%u of %u resident threads "
                        "exited%s; %llu thread-instructions issued, the reference "
                        "ran the kernel in %llu%s)",
                     (unsigned long long)c->cycle, ex, n, what,
                     (unsigned long long)c->st.thread_insts,
                     (unsigned long long)(r ? r->thread_insts : 0),
                     spin ? ": no progress, threads loop on an atomic's result, as a spin lock "
                            "within a warp does when its holder waits at a reconvergence point"
                          : "");
}

/* ------------------------------------------------------ quiet cycles */
/* The counters a cycle moves when it changes the core's state without an
 * issue: fetches, flushes and moved buffers, CTA starts, full-table
 * stalls, barrier releases (core.h, "Quiet cycles") */
static void quiet_sig(const core *c, uint64_t *s)
{
    s[0] = c->st.fetches;
    s[1] = c->st.flushes;
    s[2] = c->st.fb_moves;
    s[3] = c->st.ctas;
    s[4] = c->st.full_stalls;
    s[5] = c->bar_clears;
}

/* The cycle that just ended (c->cycle - 1) issued nothing and changed
 * none of quiet_sig's counters (NULL), or what it did (one line) */
static const char *quiet_was_idle(const core *c)
{
    uint64_t s[6];
    quiet_sig(c, s);
    if (c->issued_ports)
        return "it issued";
    if (memcmp(s, c->q_sig, sizeof s))
        return "it fetched, flushed, started a CTA, stalled or released a barrier";
    return NULL;
}

static uint64_t min64(uint64_t a, uint64_t b) { return a < b ? a : b; }

/* The first cycle a unit of class k (CORE_UC_*) is free, any group or port */
static uint64_t quiet_unit_at(const core *c, unsigned k)
{
    uint64_t u = UINT64_MAX;
    switch (k) {
    case CORE_UC_LSU: return c->lsu_until;
    case CORE_UC_SCALAR:
        for (unsigned q = 0; q < c->P.schedulers && q < CORE_MAX_PORTS; q++)
            u = min64(u, c->sca_until[q]);
        return u;
    case CORE_UC_SFU:
        for (unsigned g = 0; g < c->sfu_n; g++)
            u = min64(u, c->sfu_until[g]);
        return u;
    default:
        for (unsigned g = 0; g < c->alu_n; g++)
            u = min64(u, c->alu_until[g]);
        return u;
    }
}

/* After a cycle in which nothing happened: the first cycle >= now at which
 * something can (now: not quiet).  The core's own clocks: the ready set's
 * wake (rdy_next: a buffered head's scoreboard entries and fetch), a
 * finished CTA's retirement (cta_ready), the test hook's cycle, and the
 * end-of-cycle checks (completion at last_ready, the deadlock line, the
 * cycle limit) one cycle before they could fire; then the mechanism's. */
static uint64_t quiet_until(core *c)
{
    const uint64_t now = c->cycle;
    if (quiet_was_idle(c))
        return now;
    uint64_t e = UINT64_MAX;
    if (!c->own_fetch) {
        if (!c->rdy_on) /* (the ready set is what says when a buffered head can issue) */
            return now;
        for (unsigned wd = 0; wd * 64 < c->W * c->nctx; wd++)
            if (c->fdirty[wd]) /* a buffer the next fetch stage may flush or move */
                return now;
        e = c->rdy_next;
        /* a ready context of a warp not barred waits for a unit of its
         * head's class (else it could go now; with MECH_OWN_SB the set
         * does not cover the scoreboard, so it could always go, unless
         * MECH_QUIET_SB: the hook answers for the contexts then) */
        const unsigned ctxs = c->ops->flags & MECH_QUIET_SB ? 0 : c->W * c->nctx;
        for (unsigned wd = 0; wd * 64 < ctxs; wd++)
            for (uint64_t r = c->rdy[wd]; r; r &= r - 1) {
                const unsigned i = wd * 64 + ctz(r);
                if (bits_array_get(c->barred, i / c->nctx))
                    continue;
                const uint64_t u = c->own_sb ? now : quiet_unit_at(c, c->ucls[c->fb[i].pc]);
                if (u <= now)
                    return now;
                e = min64(e, u);
            }
    }
    for (unsigned k = 0; k < c->nslots; k++)
        if (c->cta_of[k] >= 0 && !c->cta_live[k])
            e = min64(e, c->cta_ready[k] > now ? c->cta_ready[k] : now);
    if (c->P.fault_kind && c->P.fault_cycle >= now)
        e = min64(e, c->P.fault_cycle);
    e = min64(e, c->P.max_cycles - 1);
    const uint64_t thr = 1000u + 4u * (c->P.mem_lat + c->P.alu_lat + c->P.sfu_lat);
    e = min64(e, (c->last_issue + thr > c->last_ready ? c->last_issue + thr : c->last_ready));
    if (c->last_ready > now)
        e = min64(e, c->last_ready - 1);
    if (e <= now)
        return now;
    return min64(e, c->ops->quiet(c, c->m, 0));
}

/* Clocks for the quiet hooks (core.h), as they stand while nothing
 * issues, each at least now: the first cycle core_sb_ready(c, w, pc) holds
 * (now while the test hook blinds the scoreboard or pc is not an
 * instruction), the first a unit of class k (CORE_UC_*) is free in some
 * group or port, and the first a unit of pc's class is */
uint64_t core_sb_at(const core *c, unsigned w, int pc)
{
    if (core_sb_blind(c) || w >= c->W || pc < 0 || (unsigned)pc >= c->p->n)
        return c->cycle;
    const uint64_t a = sb_at(c, w, pc);
    return a > c->cycle ? a : c->cycle;
}

uint64_t core_class_free_at(const core *c, unsigned k)
{
    const uint64_t u = quiet_unit_at(c, k);
    return u > c->cycle ? u : c->cycle;
}

uint64_t core_unit_free_at(const core *c, int pc)
{
    if (pc < 0 || (unsigned)pc >= c->p->n)
        return c->cycle;
    return core_class_free_at(c, c->ucls[pc]);
}

/* --check: the cycle that just ended was declared quiet; at the end of the
 * stretch, the mechanism's bulk account against the cycles that ran */
static int quiet_verify(core *c)
{
    const uint64_t now = c->cycle, n = c->qv_until - c->qv_from;
    const char *why = quiet_was_idle(c);
    if (!why && now < c->qv_until && c->ops->quiet(c, c->m, 0) < c->qv_until)
        why = "the mechanism is no longer quiet";
    if (why)
        return core_fail(c, "internal: cycle %llu was declared quiet (cycles %llu..%llu), but %s",
                         (unsigned long long)(now - 1), (unsigned long long)c->qv_from,
                         (unsigned long long)(c->qv_until - 1), why);
    if (now < c->qv_until)
        return 0;
    energy_counts ran = c->en;
    c->en = c->qv_en;
    c->cycle = c->qv_from;
    c->ops->quiet(c, c->m, n);
    c->cycle = now;
    const energy_counts *a = &c->en;
    int same = a->ns == ran.ns && !memcmp(a->s, ran.s, sizeof a->s) &&
               !memcmp(&a->ibuf_wr, &ran.ibuf_wr,
                       offsetof(energy_counts, lane_ops) + sizeof a->lane_ops -
                           offsetof(energy_counts, ibuf_wr));
    c->en = ran;
    c->qv_until = 0;
    if (!same || c->st.idle_cycles != c->qv_idle + n)
        return core_fail(c, "internal: the quiet cycles %llu..%llu: the bulk account of %s "
                            "differs from the cycles that ran",
                         (unsigned long long)c->qv_from, (unsigned long long)(now - 1),
                         same ? "the idle cycles" : "the access counts");
    return 0;
}

/* The end of a cycle of a mechanism with the quiet hook: jump over the
 * cycles in which nothing can happen, accounting them as run (core.h,
 * "Quiet cycles"); under --check declare them and check each instead */
static int core_quiet(core *c)
{
    if (c->qv_until && quiet_verify(c))
        return -1;
    if (c->vcd || c->trace_dir || !c->P.quiet_skip || c->qv_until)
        return 0;
    const uint64_t now = c->cycle;
    uint64_t e = quiet_until(c);
    if (e <= now)
        return 0;
    if (c->P.fault_kind == 12 && now >= c->P.fault_cycle) /* the test hook: twice too long */
        e = e - now > (UINT64_MAX - e) ? UINT64_MAX : e + (e - now);
    if (c->P.check) {
        c->qv_from = now;
        c->qv_until = e;
        c->qv_idle = c->st.idle_cycles;
        c->qv_en = c->en;
        return 0;
    }
    c->st.idle_cycles += e - now;
    c->ops->quiet(c, c->m, e - now);
    c->cycle = e;
    return 0;
}

int core_cycle(core *c)
{
    if (c->failed)
        return -1;
    if (c->ops->quiet)
        quiet_sig(c, c->q_sig);
    for (unsigned q = 0; q < CORE_MAX_PORTS; q++) {
        c->dec[q].valid = 0;
        c->dec[q].with = -1;
        c->dec[q].mask = 0;
        c->dec[q].threads = 0;
        c->slot_mask[q] = 0;
    }
    c->issued_ports = 0;
    c->fetch_left = 0;
    if (!c->done) {
        if (core_dispatch(c))
            return -1;
        core_wsw_open(c);
        core_barriers(c);
        if (c->P.fault_kind && c->cycle == c->P.fault_cycle) {
            if (c->P.fault_kind == 1)
                c->th[c->T - 1].r[c->nregs > 1 ? 1 : 0] ^= 1u;
            else if (c->P.fault_kind == 2 && c->p->global_bytes)
                c->global[0] ^= 1u;
        }
        core_fetch(c);
        core_rdy_wake(c);
    }
    if (c->ops->cycle(c, c->m) < 0 || c->failed)
        return -1;
    if (c->P.check) { /* the kept ready set against the buffers and the scoreboard */
        const char *e = core_rdy_check(c);
        if (!e)
            e = core_barred_check(c);
        if (e)
            return core_fail(c, "internal: the core's kept ready set is stale: %s", e);
    }
    if (c->P.check) /* the kept live masks against the threads' flags */
        for (unsigned w = 0; w < c->W; w++) {
            uint64_t m = 0;
            for (unsigned l = 0; l < c->WS; l++)
                m |= (uint64_t)(c->live[w * c->WS + l] != 0) << l;
            if (m != c->wlive[w])
                return core_fail(c, "internal: warp %u's kept live mask %#llx, its threads %#llx",
                                 w, (unsigned long long)c->wlive[w], (unsigned long long)m);
        }
    if (c->vcd)
        core_trace_dec(c);
    if (c->vcd && c->ops->trace)
        c->ops->trace(c, c->m, c->vcd);
    if (c->done)
        return 1;
    if (c->log && c->issued_ports)
        core_log_cycle(c);
    if (!c->issued_ports)
        c->st.idle_cycles++;
    c->cycle++;
    /* done: every CTA dispatched, no thread live, every result written
     * back and the mechanism holds nothing in flight; the last CTAs are
     * checked as they retire */
    int live = c->next_cta < c->nctas || c->cycle < c->last_ready ||
               (c->ops->busy && c->ops->busy(c, c->m));
    for (unsigned k = 0; k < c->nslots && !live; k++)
        live = c->cta_of[k] >= 0 && c->cta_live[k];
    if (!live) {
        for (unsigned k = 0; k < c->nslots; k++) {
            if (c->cta_of[k] >= 0) {
                if (core_cta_check(c, k))
                    return -1;
                c->cta_of[k] = -1;
            }
            refp_out_free(&c->rout[k]); /* the reference beside the core is done */
        }
        refp_stream_free(&c->rs);
        c->done = 1;
        c->st.cycles = c->cycle;
        return 1;
    }
    uint64_t quiet = c->cycle - c->last_issue;
    if (quiet > 1000u + 4u * (c->P.mem_lat + c->P.alu_lat + c->P.sfu_lat) &&
        c->cycle > c->last_ready) {
        /* a rendezvous of narrow warps that never completes (core_issue.c):
         * the mechanism keeps a member from the instruction (one line) */
        for (unsigned t = 0; c->wsw && t < c->T; t++)
            if (c->wsw[t] >= 0) {
                char name[24];
                prog_wsync_name(&c->p->ins[c->wsw[t]], name, sizeof name);
                return core_refuse(c,
                                   "pc %d (%s:%d): %s: thread slot %u waits at the rendezvous of "
                                   "its logical warp (warps of %u threads) and %s never issues "
                                   "the instruction for the rest of its group (nothing "
                                   "issued for %llu cycles)",
                                   c->wsw[t], c->p->file, c->p->ins[c->wsw[t]].line, name, t,
                                   c->WS, c->ops->name, (unsigned long long)quiet);
            }
        unsigned ex, n;
        char what[64];
        core_count_threads(c, &n, &ex, what, sizeof what);
        return core_fail(c, "deadlock: nothing issued for %llu cycles (cycle %llu; %u of %u "
                            "resident threads exited%s; %llu full-table stalls%s%s)",
                         (unsigned long long)quiet, (unsigned long long)c->cycle, ex, n, what,
                         (unsigned long long)c->st.full_stalls, c->st.full_stalls ? ": " : "",
                         c->stall_why && c->stall_why_cycle > c->last_issue ? c->stall_why
                         : c->st.full_stalls ? "the structure is too small for this kernel"
                                             : "");
    }
    if (c->cycle >= c->P.max_cycles)
        return core_not_finished(c);
    return c->ops->quiet ? core_quiet(c) : 0;
}

int core_run(core *c)
{
    int rc;
    while ((rc = core_cycle(c)) == 0)
        ;
    return rc < 0 ? -1 : 0;
}

int core_finish(core *c)
{
    if (c->failed)
        return -1;
    const refp_result *r = c->ref;
    if (memcmp(c->global, r->global, c->p->global_bytes)) {
        /* the bytes two orders of the reference disagree on are not
         * compared (atomics, races: refp_order_check) */
        for (uint64_t a = 0; a < c->p->global_bytes; a++)
            if (c->global[a] != r->global[a] && (!r->mem_cmp || r->mem_cmp[a]))
                return core_fail(c, "global byte %llu (word %llu) = 0x%02x, the reference has "
                                    "0x%02x",
                                 (unsigned long long)a, (unsigned long long)(a / 4), c->global[a],
                                 r->global[a]);
    }
    if (c->st.thread_insts != r->thread_insts && !r->atom_flow)
        return core_fail(c, "issued %llu thread-instructions, the reference executed %llu",
                         (unsigned long long)c->st.thread_insts,
                         (unsigned long long)r->thread_insts);
    uint64_t slots = 0;
    for (unsigned i = 0; i <= CORE_MAX_WARP; i++)
        slots += c->st.hist[i];
    if (slots > c->st.warp_insts)
        return core_fail(c, "the issue histogram holds %llu slots, warp_insts is %llu",
                         (unsigned long long)slots, (unsigned long long)c->st.warp_insts);
    if (c->st.warp_insts && (double)c->st.thread_insts >
                                (double)c->st.warp_insts * (double)c->WS + 0.5)
        return core_fail(c, "SIMD efficiency above 1: %llu thread-instructions in %llu issue "
                            "slots of %u lanes",
                         (unsigned long long)c->st.thread_insts,
                         (unsigned long long)c->st.warp_insts, c->WS);
    if (c->ops->finish && c->ops->finish(c, c->m))
        return -1;
    return 0;
}

/* --------------------------------------------------------------- new */
/* An array of `bytes` with one row of `row` bytes per unit (thread or
 * warp), `per` units to a CTA slot, of which cta_start writes the first
 * `written` of every slot (it clears a started CTA's rows): those are left
 * as malloc gives them (every slot starts a CTA in the run's first cycle,
 * before any read: nslots <= nctas), every other byte is zero, as calloc
 * would leave it.  Under --check the rows left are filled with 0xa5, so
 * that a read before cta_start's write changes the run and the checks see
 * it (--inject-fault rows@C: cta_start leaves a thread's registers). */
static void *slot_rows_alloc(const core *c, size_t bytes, size_t row, unsigned per,
                             unsigned written)
{
    unsigned char *a = malloc(bytes ? bytes : 1);
    size_t at = 0;
    for (unsigned k = 0; k < c->nslots; k++) {
        const size_t from = (size_t)k * per * row, to = from + (size_t)written * row;
        if (from > at)
            memset(a + at, 0, from - at);
        if (c->P.check && to > from)
            memset(a + from, 0xa5, to - from);
        at = to > at ? to : at;
    }
    if (bytes > at)
        memset(a + at, 0, bytes - at);
    return a;
}

const char *core_new(const mech_ops *ops, const prog *p, const refp_result *ref,
                     const core_cfg *cfg, core **out)
{
    static char msg[1024];
    const char *e = core_cfg_check(cfg);
    *out = NULL;
    if (e) {
        snprintf(msg, sizeof msg, "%s", e);
        return msg;
    }
    core *c = calloc(1, sizeof *c);
    c->ops = ops;
    c->p = p;
    c->ref = ref;
    c->P = *cfg;
    c->WS = cfg->warp_size;
    c->nregs = p->nregs ? p->nregs : 1;
    c->CT = p->block[0] * p->block[1] * p->block[2];
    c->CW = (c->CT + c->WS - 1) / c->WS;
    c->nctas = (uint64_t)p->grid[0] * p->grid[1] * p->grid[2];
    c->nctx = ops->nctx ? ops->nctx : 1;
    c->unit_warps = 1;
    /* the analysis and allocation of 002 sec. 4.2-4.3: the scalarizing
     * mechanisms' classes, or every register vector (the baseline); the
     * SM's register file holds a CTA's allocation (core.h) */
    /* both depend on the program alone: computed once per program and
     * shared (scalar_cached), except under the fault hook that changes
     * the marks */
    c->scalar = ops->flags & (MECH_SCALAR_UNIT | MECH_SCALAR_LANE);
    const scalar_info *si = scalar_cached(p, !c->scalar);
    if (c->scalar && (cfg->fault_kind == 6 || !si)) {
        c->sinfo_own = 1;
        scalar_analyse(p, &c->sinfo, 0);
        if (cfg->fault_kind == 6) /* the test hook: a thread-id read marked scalar */
            for (unsigned pc = 0; pc < p->n; pc++)
                if (p->reachable[pc] && p->ins[pc].varying && p->ins[pc].unit == PU_ALU) {
                    c->sinfo.ins_vector[pc] = 0;
                    break;
                }
        scalar_alloc(p, &c->sinfo);
    } else if (c->scalar)
        c->sinfo = *si;
    if (c->scalar) {
        c->rf_vregs = c->sinfo.units[SC_VEC_DATA];
        c->rf_sregs = c->sinfo.units[SC_SCA_DATA];
    } else {
        scalar_info base;
        if (!si) {
            scalar_analyse(p, &base, 1);
            scalar_alloc(p, &base);
        }
        c->rf_vregs = (si ? si : &base)->units[SC_VEC_DATA];
        c->rf_sregs = 0;
        if (!si)
            scalar_free(&base);
    }
    const uint64_t cta_regs = (uint64_t)c->CW * ((uint64_t)c->WS * c->rf_vregs + c->rf_sregs);
    unsigned k = cfg->max_ctas;
    if (cfg->max_threads / c->CT < k)
        k = cfg->max_threads / c->CT;
    if (cfg->max_warps / c->CW < k)
        k = cfg->max_warps / c->CW;
    if (p->shared_bytes && cfg->shared_bytes / p->shared_bytes < k)
        k = (unsigned)(cfg->shared_bytes / p->shared_bytes);
    if (cfg->rf_regs && cta_regs && cfg->rf_regs / cta_regs < k)
        k = (unsigned)(cfg->rf_regs / cta_regs);
    if (c->nctas < k)
        k = (unsigned)c->nctas;
    if (!k) {
        snprintf(msg, sizeof msg,
                 "%s: a CTA of %u threads (%u warps of %u, %llu bytes of shared memory, %llu "
                 "registers) does not fit the SM (max_threads %u, max_warps %u, shared_bytes %u, "
                 "rf_regs %u)",
                 p->file, c->CT, c->CW, c->WS, (unsigned long long)p->shared_bytes,
                 (unsigned long long)cta_regs, cfg->max_threads, cfg->max_warps,
                 cfg->shared_bytes, cfg->rf_regs);
        if (c->sinfo_own)
            scalar_free(&c->sinfo);
        free(c);
        return msg;
    }
    c->nslots = k;
    c->W = k * c->CW;
    c->T = c->W * c->WS;
    c->alu_n = cfg->alu_groups ? cfg->alu_groups : cfg->schedulers;
    c->alu_w = cfg->simd_width ? cfg->simd_width : c->WS;
    c->sfu_n = cfg->sfu_groups;
    c->th = calloc(c->T, sizeof *c->th);
    const unsigned lanes = c->CW * c->WS; /* a slot's threads; cta_start writes CT of them */
    c->local = slot_rows_alloc(c, (size_t)c->T * p->local_bytes + 1, p->local_bytes, lanes, c->CT);
    c->gtid = malloc(c->T * sizeof(uint64_t));
    c->tpos = calloc(c->T, sizeof(uint64_t));
    c->thash = calloc(c->T, sizeof(uint64_t));
    c->tam = calloc(c->T, sizeof(uint32_t));
    c->live = calloc(c->T, 1);
    c->wlive = calloc(c->W + 1, sizeof(uint64_t));
    c->wbar = calloc(c->W + 1, sizeof(uint64_t));
    c->at_bar = calloc(c->T, 1);
    if (p->nwsync && c->WS < PROG_WARP) {
        c->wsw = malloc(c->T * sizeof(int));
        for (unsigned t = 0; c->wsw && t < c->T; t++)
            c->wsw[t] = -1;
    }
    c->tready = slot_rows_alloc(c, (size_t)c->T * c->nregs * sizeof(uint64_t),
                                c->nregs * sizeof(uint64_t), lanes, c->CT);
    c->wready = calloc((size_t)(c->W + 1) * c->nregs, sizeof(uint64_t));
    c->sb = slot_rows_alloc(c, (size_t)c->W * c->nregs * sizeof(uint64_t),
                            c->nregs * sizeof(uint64_t), c->CW, c->CW);
    c->sbc_pc = malloc(c->W * sizeof(int));
    c->sbc_at = calloc(c->W, sizeof(uint64_t));
    for (unsigned w = 0; w < c->W; w++)
        c->sbc_pc[w] = -1;
    c->ld_until = calloc(c->W + 1, sizeof(uint64_t));
    c->bar_until = calloc(c->W + 1, sizeof(uint64_t));
    c->fb = calloc((size_t)c->W * c->nctx, sizeof *c->fb);
    c->cta_of = malloc(k * sizeof(int64_t));
    c->cta_live = calloc(k, sizeof(unsigned));
    c->cta_bar = calloc(k, sizeof(unsigned));
    c->eb = p->exit_bound;
    c->pk = c->eb ? calloc(p->n + 1, 1) : NULL;
    for (unsigned pc = 0; c->pk && pc < p->n; pc++)
        for (int j = 0; j < 2; j++) {
            const int s = p->succ[pc][j];
            c->pk[pc] |= p->ins[pc].unit == PU_EXIT || (!c->eb[pc] && s >= 0 && c->eb[s]);
        }
    c->parked = calloc(c->T + 1, 1);
    c->cta_park = calloc(k, sizeof(unsigned));
    c->cta_red = malloc(k * sizeof(int));
    c->cta_ready = calloc(k, sizeof(uint64_t));
    c->shared = calloc((size_t)k * p->shared_bytes + 1, 1);
    /* the reference's run kept every thread's results (REFP_GRID, at this
     * warp size): each CTA's are read there; else a stream of the
     * reference runs beside the core (it already finished once: no step
     * limit) */
    c->ref_view = ref->regs && ref->trace && ref->warp_size == c->WS;
    c->rout = calloc(k, sizeof *c->rout);
    if (!c->ref_view) {
        refp_stream_init(&c->rs, p, c->WS, UINT64_MAX);
        for (unsigned j = 0; j < k; j++)
            refp_out_init(&c->rout[j], p, 0); /* a length and a hash per thread */
    }
    c->mem = calloc(k, sizeof *c->mem);
    c->global = malloc(p->global_bytes + 1);
    memcpy(c->global, p->global_init, p->global_bytes);
    c->rstride = c->nregs;
    if (c->scalar) {
        /* the threads' register arrays become their vector files */
        scalar_exec_init(&c->sx, p, &c->sinfo, (int)cfg->check);
        c->rstride = scalar_vec_regs(&c->sinfo);
        c->sregs = scalar_sca_regs(&c->sinfo);
        c->srf = slot_rows_alloc(c, ((size_t)c->W * c->sregs + 1) * sizeof(uint64_t),
                                 c->sregs * sizeof(uint64_t), c->CW, c->CW);
    }
    /* T rows of rstride entries (the vector files under scalarization, often
     * fewer than nregs) */
    c->regs = slot_rows_alloc(c, ((size_t)c->T * c->rstride + 1) * sizeof(uint64_t),
                              c->rstride * sizeof(uint64_t), lanes, c->CT);
    for (unsigned t = 0; t < c->T; t++) {
        c->th[t].r = &c->regs[(size_t)t * c->rstride];
        c->th[t].local = c->local + (size_t)t * p->local_bytes;
        c->gtid[t] = UINT64_MAX;
    }
    for (unsigned j = 0; j < k; j++) {
        c->cta_of[j] = -1;
        c->mem[j] = (prog_mem){c->global, p->global_bytes, c->shared + (size_t)j * p->shared_bytes,
                               p->shared_bytes, p->param, p->param_bytes, p->local_bytes};
    }
    for (unsigned q = 0; q < CORE_MAX_PORTS; q++)
        c->rr[q] = UINT32_MAX;
    c->own_fetch = (ops->flags & MECH_OWN_FETCH) || !ops->fetch_pc;
    c->own_sb = (ops->flags & MECH_OWN_SB) != 0;
    c->ndec = core_dec_ports(c);
    /* the ready set, for a mechanism that reads it and under --check for
     * every one the core fetches for (its recount then covers two-context
     * warps too): every buffer empty */
    c->rdy_on = !c->own_fetch && ((ops->flags & (MECH_READY_SET | MECH_QUIET_SB)) || cfg->check);
    c->rdy_at = malloc((size_t)c->W * c->nctx * sizeof(uint64_t));
    for (unsigned i = 0; i < c->W * c->nctx; i++)
        c->rdy_at[i] = UINT64_MAX;
    c->rdy_next = UINT64_MAX;
    /* core_unit_free's class of each instruction, as a request with
     * lanes_per_wave 0 sees it */
    c->ucls = malloc(p->n + 1u);
    for (unsigned pc = 0; pc < p->n; pc++)
        c->ucls[pc] = is_mem(&p->ins[pc])          ? CORE_UC_LSU
                      : on_scalar_unit(c, (int)pc) ? CORE_UC_SCALAR
                      : p->ins[pc].unit == PU_SFU  ? CORE_UC_SFU
                                                   : CORE_UC_ALU;
    c->m = calloc(1, ops->size ? ops->size : 1);
    e = ops->init(c, c->m);
    if (!e && c->P.sched == CORE_SCHED_TWO_LEVEL && (ops->flags & MECH_OWN_SCHED)) {
        snprintf(msg, sizeof msg, "%s: --sched two-level: its own structure schedules the warps; "
                 "use --sched rr", ops->name);
        e = msg;
    }
    if (!e && p->exit_pop && !(ops->flags & MECH_EXIT_POP)) {
        snprintf(msg, sizeof msg, "%s cannot run this kernel yet: an early return before a "
                 "barrier reconverges before the exit (docs/ptx.md, \"Early returns that leave "
                 "the stack\"), and %s's structures do not drop the threads that return",
                 ops->name, ops->name);
        e = msg;
    }
    if (!e && c->P.sched == CORE_SCHED_TWO_LEVEL) {
        unsigned units = c->nslots * ((c->CW + c->unit_warps - 1) / c->unit_warps);
        for (unsigned q = 0; q < core_pools(c) && !e; q++) {
            unsigned np = 0;
            for (unsigned u = q; u < units; u += core_pools(c))
                np++;
            if (np > 64) {
                snprintf(msg, sizeof msg, "--sched two-level: %u warps per scheduler (at most 64)",
                         np);
                e = msg;
            } else if (np)
                e = core_two_level_init(c, q, np);
        }
    }
    if (!e && (c->alu_n > CORE_MAX_GROUPS * 8 || !c->alu_n || !c->alu_w))
        e = "the ALU groups: 1..128 groups of at least one lane";
    if (e) {
        if (e != msg) {
            size_t nl = strlen(ops->name);
            int named = !strncmp(e, ops->name, nl) && e[nl] == ':';
            char tmp[1024];
            snprintf(tmp, sizeof tmp, "%s%s%.900s", named ? "" : ops->name, named ? "" : ": ", e);
            snprintf(msg, sizeof msg, "%s", tmp);
        }
        core_free(c);
        return msg;
    }
    *out = c;
    return NULL;
}

void core_free(core *c)
{
    if (!c)
        return;
    for (unsigned i = 0; i < CORE_REC_MAX; i++)
        if (c->rec && c->rec[i].w)
            vec_close_writer(c->rec[i].w);
    if (c->m && c->ops->free)
        c->ops->free(c->m);
    free(c->m);
    free(c->rec);
    free(c->th);
    free(c->regs);
    free(c->local);
    free(c->gtid);
    free(c->tpos);
    free(c->thash);
    free(c->tam);
    free(c->live);
    free(c->wlive);
    free(c->wbar);
    free(c->at_bar);
    free(c->wsw);
    free(c->tready);
    free(c->wready);
    free(c->ucls);
    free(c->sb);
    free(c->sbc_pc);
    free(c->sbc_at);
    free(c->ld_until);
    free(c->bar_until);
    free(c->fb);
    free(c->rdy_at);
    free(c->cta_of);
    free(c->cta_live);
    free(c->cta_bar);
    free(c->pk);
    free(c->parked);
    free(c->cta_park);
    free(c->cta_red);
    free(c->cta_ready);
    free(c->shared);
    for (unsigned j = 0; c->rout && j < c->nslots; j++)
        refp_out_free(&c->rout[j]);
    free(c->rout);
    refp_stream_free(&c->rs);
    free(c->mem);
    free(c->global);
    if (c->scalar) {
        free(c->srf);
        scalar_exec_free(&c->sx);
        if (c->sinfo_own)
            scalar_free(&c->sinfo);
    }
    free(c);
}
