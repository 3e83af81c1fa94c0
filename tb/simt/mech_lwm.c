/* SPDX-License-Identifier: Apache-2.0 */
/*
 * mech_lwm.c -- lwm: the large warp microarchitecture (004 sec. 3.1, 3.4)
 * on rtl_c/lwm_subwarp, with two-level scheduling (004 sec. 3.2-3.3) from
 * the core's --sched two-level.
 *
 * What it adds to the core: per scheduler (issue port), one lwm_subwarp
 * unit holding the large warps of that scheduler's pool: K consecutive
 * warps of a CTA form a large warp of K rows x warp_size columns (K =
 * lwm_k; 0: a quarter of the warps, 2..8; K is rounded down to a divisor
 * of the CTA's warps so that a large warp never spans two CTAs, and up when
 * a unit would hold more than 16 large warps).
 * The unit is the front end (MECH_OWN_FETCH: 004's 1-wide fetch per
 * scheduler): it fetches one instruction of a large warp a cycle and
 * emits one sub-warp a cycle, one thread per column in its home lane; a
 * thread's in-flight bit replaces the scoreboard (MECH_OWN_SB: a thread
 * never runs ahead of its own result).  The sub-warp goes through the
 * core's SIMD group and load/store unit like a warp.
 *
 * Timing.  A sub-warp completes in the pipeline's last stage, the cycle
 * before its last thread's result is usable (core_out.ready - 1); one
 * completion a cycle per unit, the earliest due first; it clears the
 * in-flight bits, so the large warp is fetched in the next cycle and its
 * next sub-warp issues at core_out.ready + 1: the cycle a warp of the
 * barrel-processing baseline issues again (core_cfg.barrel: 004's
 * sub-warping runs beside decode, l.320-323, and adds no stage).  An unconditional bra is a JUMP:
 * one sub-warp for every thread of the large warp in one cycle (004:
 * "saves up to 7 cycles"); it counts as the sub-warps it replaces (the
 * busiest column), so SIMD efficiency stays <= 1 (issue 24 item 14).  A
 * guarded bra is a BRANCH, its per-thread outcome returned with each
 * sub-warp; exit is an OP to the exit PC.
 *
 * Warp-synchronous instructions (shfl.sync, vote.sync, activemask,
 * bar.warp.sync, redux, match: prog.h wsync; our extension, 004 predates
 * them).  Column packing can split a logical warp (a row of the large warp
 * at warp size 32) across sub-warps, and the core executes such an
 * instruction for a warp only when one issue holds every member
 * (core_issue.c).  So the front end fetches them with f_wsync and the unit
 * emits them row by row (rtl_c/lwm_subwarp.h, "Row mode"): one sub-warp per
 * row with active threads, each thread in its home lane, a row with a
 * thread in flight waiting whole.  A warp's active threads then issue
 * together, and activemask's group is the row's share of the large warp's
 * TOS: a per-warp stack's group in structured code (the core compares it
 * with the reference's and refuses with one line where they differ, as for
 * every mechanism).  The cost is an unpacked issue at those instructions
 * only; every other instruction is packed as before, with the same cycles.
 * --inject-fault wsync@C (fault_kind 9) stops asking for the row mode from
 * cycle C: the test that it is needed (tests/test_simt_cuda.sh).
 *
 * Scheduling.  The large warps of a pool are offered in --sched's order
 * (core_order): round robin after the last large warp fetched (item 11:
 * the pointer advances on every fetch), or two-level with fetch groups of
 * group_size / K large warps (004: 1), its timeout counting instructions
 * fetched, not sub-warps (item 13), and a large warp with no live thread
 * stalled (item 12).
 */
#include <stdlib.h>
#include <string.h>

#include "../../area/structs.h"
#include "../../rtl_c/lwm_subwarp.h"
#include "../../vcd/vcd.h"
#include "mech.h"

typedef struct {
    uint64_t ready;
    unsigned warp; /* local large warp */
    uint64_t cols, first, branch, taken;
    uint64_t rows[4];
} lwm_flight;

typedef struct {
    lwm_subwarp_cfg lc;
    lwm_subwarp_state *ls;
    lwm_subwarp_in in;
    lwm_subwarp_out out;
    lwm_flight *fq;
    unsigned nfq, capfq;
    int pc;                  /* the instruction being broken into sub-warps */
    uint64_t jmask[LWM_WORDS];
    /* out is lwm_subwarp_eval's answer to no input at all on an idle unit
     * (busy_q = 0), and the state has not changed since: such a cycle's
     * step changes nothing (tests/test_lwm_subwarp.c checks it every
     * cycle), so the next such cycle needs neither eval nor step */
    int quiet;
    /* the unit held last cycle (its sub-warp's unit was busy): no step
     * since, so out's pick (sw_*, fetch_stall: a function of the state
     * alone) is this cycle's */
    int held;
    /* in holds no input (every field 0): the cycle's start need not clear it */
    int in_zero;
} lwm_unit;

typedef struct {
    unsigned K, LW, P, lpc, cw; /* rows, large warps, ports, large warps and warps per CTA */
    lwm_unit u[CORE_MAX_PORTS];
    mech_launchq lq;         /* large warps to launch */
    uint64_t peak;
    uint32_t jt[LWM_MAX_BITS];
} lwm_state;

static const char *const lwm_structs[] = {"lwm_subwarp", NULL};

/* global large warp g: unit g % P, local g / P; its row r is warp slot
 * (g / lpc) * cw + (g % lpc) * K + r (large warps of a CTA are
 * consecutive; a CTA's last one may have fewer rows) */
static unsigned lwm_warp(const lwm_state *m, unsigned g, unsigned r)
{
    return (g / m->lpc) * m->cw + (g % m->lpc) * m->K + r;
}

static unsigned lwm_tid(const core *c, const lwm_state *m, unsigned g, unsigned r, unsigned col)
{
    return lwm_warp(m, g, r) * core_warp_size(c) + col;
}

/* rows of large warp g that exist */
static unsigned lwm_rows(const lwm_state *m, unsigned g)
{
    unsigned j = g % m->lpc;
    return j + 1 < m->lpc || m->cw % m->K == 0 ? m->K : m->cw % m->K;
}

static const char *lwm_init(core *c, void *vm)
{
    lwm_state *m = vm;
    static char msg[256];
    unsigned W = core_warps(c), P = core_ports(c), WS = core_warp_size(c);
    const prog *p = core_prog(c);
    unsigned cw = (p->block[0] * p->block[1] * p->block[2] + WS - 1) / WS, slots = W / cw;
    unsigned K = core_config(c)->lwm_k, want = K;
    if (core_param_given(c, "lwm_subwarp.K")) { /* --param lwm_subwarp.K=k: lwm_k */
        lwm_subwarp_cfg t = lwm_subwarp_default_cfg();
        core_apply_params(c, &lwm_subwarp_params, &t);
        want = t.rows;
    }
    if (!want) {
        want = W / 4;
        want = want < 2 ? 2 : want > 8 ? 8 : want;
    }
    /* K = lwm_k (or the auto value), at most the CTA's warps (a large warp
     * never spans two CTAs: a CTA's last large warp may have fewer rows),
     * raised while a unit would hold more than LWM_MAX_LW large warps.
     * The K used is in the report's large_warps column. */
    K = want < cw ? want : cw;
    while (K < cw && K < 16 && slots * ((cw + K - 1) / K) > LWM_MAX_LW * P)
        K++;
    if (K > 16 || K * WS > LWM_MAX_BITS || (slots * ((cw + K - 1) / K) + P - 1) / P > LWM_MAX_LW) {
        snprintf(msg, sizeof msg, "lwm_subwarp: %u warps (%u per CTA) do not fit %u large warps "
                 "of at most 16 warps per scheduler", W, cw, LWM_MAX_LW);
        return msg;
    }
    m->K = K;
    m->lpc = (cw + K - 1) / K;
    m->LW = slots * m->lpc;
    m->cw = cw;
    m->P = P < m->LW ? P : m->LW;
    unsigned per = (m->LW + m->P - 1) / m->P;
    for (unsigned q = 0; q < m->P; q++) {
        lwm_unit *u = &m->u[q];
        u->lc = lwm_subwarp_default_cfg();
        u->lc.cols = WS;
        u->lc.rows = K;
        u->lc.depth = core_config(c)->spe_depth < LWM_MAX_DEPTH ? core_config(c)->spe_depth
                                                                : LWM_MAX_DEPTH;
        u->lc.pc_bits = 32;
        u->lc.merge = core_config(c)->stack_merge;
        u->lc.large_warps = per;
        const char *e = core_apply_params(c, &lwm_subwarp_params, &u->lc);
        u->lc.rows = K; /* K as chosen above (--param lwm_subwarp.K is lwm_k) */
        if (!e)
            e = lwm_subwarp_cfg_check(&u->lc);
        if (e)
            return e;
        if (u->lc.large_warps < per || u->lc.rows != K || u->lc.cols != WS) {
            snprintf(msg, sizeof msg, "lwm_subwarp: LARGE_WARPS=%u K=%u N=%u, but this run has "
                     "%u large warps per scheduler of %u x %u", u->lc.large_warps, u->lc.rows,
                     u->lc.cols, per, K, WS);
            return msg;
        }
        u->ls = calloc(1, sizeof *u->ls);
        lwm_subwarp_reset(&u->lc, u->ls);
    }
    core_set_unit_warps(c, K);
    return NULL;
}

static void lwm_launch(core *c, void *vm, unsigned w, uint64_t mask)
{
    lwm_state *m = vm;
    (void)c;
    (void)mask;
    unsigned j = w % m->cw, g = (w / m->cw) * m->lpc + j / m->K;
    if (j % m->K == lwm_rows(m, g) - 1) /* the large warp's last row has arrived */
        mech_lq_push(&m->lq, g, 0);
}

/* The large warp's active threads `mask` wait: its first at a barrier, or
 * (narrow warps with warp-synchronous instructions, core_wsync_narrow) any
 * held at its logical warp's rendezvous, which a reconvergence point can
 * merge with threads that are not */
static int lwm_blocked(const core *c, const lwm_state *m, unsigned g, const uint64_t *mask)
{
    unsigned WS = core_warp_size(c);
    const int any = core_wsync_narrow(c);
    for (unsigned i = 0; i < m->K * WS; i++)
        if (lwm_bit(mask, i) && (core_at_bar(c, lwm_tid(c, m, g, i / WS, i % WS)) || !any))
            return core_at_bar(c, lwm_tid(c, m, g, i / WS, i % WS));
    return 0;
}

/* The core request for the sub-warp unit q emits (o). */
static void lwm_req(const core *c, lwm_state *m, unsigned q, const lwm_subwarp_out *o,
                    uint32_t *tid, core_req *r)
{
    const lwm_unit *u = &m->u[q];
    unsigned WS = core_warp_size(c), gg = (unsigned)o->sw_warp * m->P + q;
    memset(r, 0, sizeof *r);
    r->pc = u->pc;
    r->unit_warp = gg;
    r->group = r->with = -1;
    r->nofetch = r->nosb = 1;
    if (o->sw_jump) {
        unsigned nt = 0;
        for (unsigned i = 0; i < m->K * WS; i++)
            if (lwm_bit(u->jmask, i))
                m->jt[nt++] = lwm_tid(c, m, gg, i / WS, i % WS);
        r->threads = m->jt;
        r->nthreads = nt;
        r->slots = lwm_subwarp_count(&u->lc, u->jmask);
        r->warp = m->jt[0] / WS;
        return;
    }
    /* lwm_tid(c, m, gg, row, col), row by row: consecutive warp slots */
    const unsigned base = lwm_warp(m, gg, 0) * WS;
    uint64_t rm[16];
    const unsigned rows = lwm_subwarp_rows_split(&u->lc, o->sw_rows, o->sw_cols, rm);
    r->mask = o->sw_cols;
    if (rows && !(rows & (rows - 1))) {
        /* one row: that warp slot's own lanes (lane l is slot warp * WS +
         * l), no map, so core_issue takes a warp's own lanes' path
         * (issue_warp, one CTA) instead of the mapped lanes' one: the same
         * threads, checks and outcome */
        r->warp = (base + (unsigned)__builtin_ctz(rows) * WS) / WS;
        return;
    }
    for (unsigned f = rows; f; f &= f - 1) {
        const unsigned row = (unsigned)__builtin_ctz(f), rb = base + row * WS;
        for (uint64_t v = rm[row]; v; v &= v - 1) {
            const unsigned col = (unsigned)__builtin_ctzll(v);
            tid[col] = rb + col;
        }
    }
    r->tid = tid;
    r->warp = tid[__builtin_ctzll(r->mask)] / WS;
}

static int lwm_unit_cycle(core *c, lwm_state *m, unsigned q)
{
    lwm_unit *u = &m->u[q];
    lwm_subwarp_in *in = &u->in;
    const prog *p = core_prog(c);
    unsigned WS = core_warp_size(c), ord[64];
    int cq = -1, fpc = -1, fg = -1;
    uint64_t fmask[LWM_WORDS];
    if (!u->in_zero)
        memset(in, 0, sizeof *in);
    else if (core_config(c)->check) {
        static const lwm_subwarp_in none;
        if (memcmp(in, &none, sizeof none))
            return core_fail(c, "internal: lwm_subwarp's inputs kept as none hold an input");
    }
    u->in_zero = 0;
    /* the completion: the earliest due sub-warp */
    for (unsigned i = 0; i < u->nfq; i++)
        if (u->fq[i].ready <= core_now(c) && (cq < 0 || u->fq[i].ready < u->fq[cq].ready))
            cq = (int)i;
    if (cq >= 0) {
        const lwm_flight *f = &u->fq[cq];
        in->c_valid = 1;
        in->c_warp = f->warp;
        in->c_cols = f->cols;
        memcpy(in->c_rows, f->rows, sizeof in->c_rows);
        in->c_first = f->first;
        in->c_branch = f->branch;
        in->c_taken = f->taken;
    }
    /* the sub-warp this cycle picks does not depend on this cycle's fetch
     * or completion: when its SIMD group (or the load/store unit) is busy,
     * the whole unit holds this cycle (a pipeline stall) */
    int copy_left = 0; /* bits of the copy remain after this cycle: no fetch */
    /* u->out is lwm_subwarp_eval's answer to *in as it stands (the state
     * does not change before the step): the unit's inputs are settled by
     * trial, and the last trial is not evaluated twice */
    int fresh = 0;
    /* the sub-warp's request, built once: the issue below sends the same */
    uint32_t tid[CORE_MAX_WARP];
    core_req r;
    int have_req = 0;
    if (u->ls->busy_q) { /* idle: nothing to pick */
        /* the pick with the completion as input: the same as with none
         * (tests/test_lwm_subwarp.c checks it every cycle), unless the
         * completion is illegal; then the pick is taken with no input, and
         * the error is reported below when the unit does not hold */
        static const lwm_subwarp_in none;
        if (!u->held) {
            lwm_subwarp_eval(&u->lc, u->ls, in, &u->out);
            fresh = 1;
            if (u->out.err) {
                lwm_subwarp_eval(&u->lc, u->ls, &none, &u->out);
                fresh = 0;
            }
        } else if (core_config(c)->check) {
            static lwm_subwarp_out o0;
            lwm_subwarp_eval(&u->lc, u->ls, &none, &o0);
            if (o0.sw_valid != u->out.sw_valid || o0.sw_warp != u->out.sw_warp ||
                o0.sw_cols != u->out.sw_cols || o0.sw_first != u->out.sw_first ||
                o0.sw_branch != u->out.sw_branch || o0.sw_jump != u->out.sw_jump ||
                o0.fetch_stall != u->out.fetch_stall ||
                memcmp(o0.sw_rows, u->out.sw_rows, sizeof o0.sw_rows))
                return core_fail(c, "internal: lwm_subwarp's pick changed while the unit held");
        }
        u->quiet = 0;
        copy_left = (int)u->out.fetch_stall;
        if (u->out.sw_valid) {
            lwm_req(c, m, q, &u->out, tid, &r);
            have_req = 1;
            if (core_ready(c, q, &r) != CORE_OK) {
                core_stall(c);
                u->held = 1;
                if (core_vcd(c)) { /* the waveform shows a held cycle with no input */
                    memset(in, 0, sizeof *in);
                    lwm_subwarp_eval(&u->lc, u->ls, in, &u->out);
                }
                return 0;
            }
        }
        if (u->held) { /* this cycle's answer, the pick as held */
            u->held = 0;
            lwm_subwarp_eval(&u->lc, u->ls, in, &u->out);
            fresh = !u->out.err;
        }
    }
    unsigned g;
    uint64_t dummy;
    if (mech_lq_pop(&m->lq, q, m->P, &g, &dummy)) {
        /* LAUNCH: every thread of the large warp's rows that holds one */
        fresh = 0;
        in->f_valid = 1;
        in->f_warp = g / m->P;
        in->f_kind = LWM_LAUNCH;
        in->f_rpc = p->n;
        for (unsigned r = 0; r < lwm_rows(m, g); r++) {
            uint64_t wm = core_warp_mask(c, lwm_warp(m, g, r));
            for (unsigned col = 0; col < WS; col++)
                if (wm >> col & 1u)
                    lwm_set(in->f_mask, r * WS + col, 1);
        }
    } else if (!copy_left) {
        /* the large warps the loop below would not pass over at once (a
         * stack entry, not waiting): with none, round robin's order is not
         * needed (two-level's is asked anyway: its model is built there) */
        int any = core_config(c)->sched == CORE_SCHED_TWO_LEVEL;
        for (unsigned lw = 0; lw < u->lc.large_warps && !any; lw++)
            any = u->ls->sp_q[lw] && !(u->ls->wait_q >> lw & 1u);
        unsigned n = any ? core_order(c, q, m->LW, ord) : 0;
        for (unsigned i = 0; i < n && fpc < 0; i++) {
            unsigned gg = ord[i], lw = gg / m->P, sp = (unsigned)u->ls->sp_q[lw];
            if (!sp || (u->ls->wait_q >> lw & 1u))
                continue;
            int pc = (int)u->ls->pc_q[lw][sp - 1];
            const uint64_t *mk = u->ls->mask_q[lw][sp - 1];
            if (pc >= (int)p->n || lwm_blocked(c, m, gg, mk))
                continue;
            const prog_insn *ki = &p->ins[pc];
            in->f_valid = 1;
            in->f_warp = lw;
            in->f_npc = ki->unit == PU_EXIT ? p->n : (uint64_t)pc + 1;
            in->f_kind = LWM_OP;
            /* a warp-synchronous instruction: its sub-warps are whole rows
             * (warps), the unit's row mode (--inject-fault wsync@C: not
             * asked from cycle C, the test hook) */
            in->f_wsync = ki->wsync && !(core_config(c)->fault_kind == 9 &&
                                         core_now(c) >= core_config(c)->fault_cycle);
            if (ki->unit == PU_BRA) {
                in->f_kind = ki->guard < 0 ? LWM_JUMP : LWM_BRANCH;
                in->f_pc = (uint64_t)ki->target;
                in->f_rpc = (uint64_t)ki->rpc;
            } else if (ki->unit == PU_EXIT && p->exit_pop && u->ls->rpc_q[lw][sp - 1] != p->n) {
                /* an early return under a TOS reconverging before the exit
                 * (p->exit_pop, mech.h MECH_EXIT_POP): a JUMP with f_exit,
                 * the TOS's threads leave the large warp */
                in->f_kind = LWM_JUMP;
                in->f_pc = p->n;
                in->f_exit = 1;
            }
            lwm_subwarp_eval(&u->lc, u->ls, in, &u->out);
            fresh = 1;
            u->quiet = 0;
            if (u->out.err)
                return core_fail(c, "lwm_subwarp rejected large warp %u at pc %d: %s", gg, pc,
                                 lwm_subwarp_err_name((unsigned)u->out.err_code));
            if (u->out.nx_accept) {
                fpc = pc;
                fg = (int)gg;
                memcpy(fmask, mk, sizeof fmask);
                break;
            }
            if (u->out.f_act == LWM_ST_STALL)
                core_stall_stack(c);
            in->f_valid = in->f_warp = in->f_kind = in->f_pc = in->f_npc = in->f_rpc = 0;
            in->f_wsync = in->f_exit = 0;
            fresh = 0;
            if (u->out.fetch_stall)
                break; /* the unit is still breaking an instruction down */
        }
    }
    /* a cycle with no input on an idle unit: its answer is the last one
     * when the state has not changed since (u->quiet) */
    const int quiet = !in->c_valid && !in->f_valid && !u->ls->busy_q;
    if (!fresh && !(quiet && u->quiet))
        lwm_subwarp_eval(&u->lc, u->ls, in, &u->out);
    else if (!fresh && core_config(c)->check) {
        static lwm_subwarp_out again;
        lwm_subwarp_eval(&u->lc, u->ls, in, &again);
        if (memcmp(&again, &u->out, sizeof again))
            return core_fail(c, "internal: lwm_subwarp's answer to no input changed while its "
                                "state did not");
    }
    const int skip_step = quiet && u->quiet;
    u->quiet = quiet;
    if (u->out.err)
        return core_fail(c, "lwm_subwarp rejected %s: %s",
                         in->f_kind == LWM_LAUNCH && in->f_valid ? "a launch"
                         : in->f_valid ? "a fetch" : "a completion",
                         lwm_subwarp_err_name((unsigned)u->out.err_code));
    int issued = 0;
    if (u->out.sw_valid) {
        const lwm_subwarp_out *o = &u->out;
        unsigned lw = (unsigned)o->sw_warp, gg = lw * m->P + q;
        lwm_flight f = {0};
        if (!have_req)
            lwm_req(c, m, q, o, tid, &r);
        else if (core_config(c)->check) { /* the sub-warp is the state's, not the inputs' */
            uint32_t tid2[CORE_MAX_WARP];
            core_req r2;
            lwm_req(c, m, q, o, tid2, &r2);
            int same = r2.mask == r.mask && r2.pc == r.pc && r2.warp == r.warp &&
                       r2.unit_warp == r.unit_warp && r2.nthreads == r.nthreads &&
                       r2.slots == r.slots;
            same = same && !r2.tid == !r.tid;
            for (uint64_t v = r.tid ? r.mask : 0; same && v; v &= v - 1)
                same = tid2[__builtin_ctzll(v)] == tid[__builtin_ctzll(v)];
            if (!same)
                return core_fail(c, "internal: large warp %u: the sub-warp emitted differs from "
                                    "the one picked at the start of the cycle",
                                 gg);
        }
        /* a request asked at the start of the cycle (have_req) is asked
         * again under --check only: nothing issued on this port since */
        enum core_why why = have_req && !core_config(c)->check ? CORE_OK : core_ready(c, q, &r);
        if (why != CORE_OK)
            return core_fail(c, "large warp %u: the sub-warp of pc %d cannot issue (%d): the "
                                "unit emitted it",
                             gg, r.pc, (int)why);
        core_out co;
        if (core_issue(c, q, &r, &co))
            return -1;
        f.taken = o->sw_branch ? co.taken & r.mask : 0;
        /* the sub-warp completes in the pipeline's last stage, the cycle
         * before its result is usable (co.ready): the large warp is then
         * fetched in the next cycle, as the baseline's warp is under barrel
         * processing (004 l.207-211, l.392-394; core_cfg.barrel) */
        f.ready = co.ready - 1;
        if (core_sb_blind(c))
            f.ready = core_now(c); /* test hook: in-flight bits clear too early */
        f.warp = lw;
        f.cols = o->sw_cols;
        memcpy(f.rows, o->sw_rows, sizeof f.rows);
        f.first = o->sw_first;
        f.branch = o->sw_branch;
        if (u->nfq == u->capfq)
            u->fq = realloc(u->fq, (u->capfq = u->capfq * 2 + 16) * sizeof *u->fq);
        u->fq[u->nfq++] = f;
        core_note_ready(c, co.ready);
        issued = 1;
    }
    if (CORE_RECORD(c, q, lwm_subwarp, &u->lc, in, &u->out))
        return -1;
    const int stepped = !core_drop(c, issued) && !skip_step;
    if (stepped)
        lwm_subwarp_step(&u->lc, u->ls, in, &u->out);
    if (cq >= 0)
        u->fq[cq] = u->fq[--u->nfq];
    if (u->out.nx_accept && in->f_kind != LWM_LAUNCH) {
        u->pc = fpc;
        memcpy(u->jmask, fmask, sizeof fmask);
        core_sched_issued(c, q, (unsigned)fg); /* one instruction, however many sub-warps */
    }
    for (unsigned lw = 0; stepped && lw < u->lc.large_warps; lw++) /* (only a step moves sp) */
        if (u->ls->sp_q[lw] > m->peak)
            m->peak = u->ls->sp_q[lw];
    /* no completion, launch or fetch went in (a fetch not accepted is
     * cleared field by field above) */
    u->in_zero = !in->c_valid && !in->f_valid;
    if (core_config(c)->check) {
        const char *e = lwm_subwarp_check(&u->lc, u->ls);
        if (e)
            return core_fail(c, "lwm_subwarp invariant: %s", e);
    }
    return 0;
}

static int lwm_cycle(core *c, void *vm)
{
    lwm_state *m = vm;
    for (unsigned q = 0; q < m->P; q++)
        if (lwm_unit_cycle(c, m, q))
            return -1;
    return 0;
}

static int lwm_busy(const core *c, const void *vm)
{
    const lwm_state *m = vm;
    (void)c;
    if (m->lq.n)
        return 1;
    for (unsigned q = 0; q < m->P; q++)
        if (m->u[q].nfq)
            return 1;
    return 0;
}

/* Per CTA (ops->busy_warp): the large warp holding warp slot w (a large
 * warp never spans two CTAs, 004 sec. 3.1's large warps are formed within
 * a thread block) has its launch queued, a stack entry, an instruction
 * being broken into sub-warps, a branch being packed, or sub-warps in
 * flight.  Other CTAs' large warps do not hold its CTA. */
static int lwm_busy_warp(const core *c, const void *vm, unsigned w)
{
    const lwm_state *m = vm;
    (void)c;
    unsigned g = (w / m->cw) * m->lpc + (w % m->cw) / m->K, lw = g / m->P;
    const lwm_unit *u = &m->u[g % m->P];
    const lwm_subwarp_state *s = u->ls;
    if (mech_lq_has(&m->lq, g) || s->sp_q[lw] || s->pend_q[lw] || (s->wait_q >> lw & 1u) ||
        (s->busy_q && s->cur_q == lw) || (s->br_busy_q && s->br_warp_q == lw))
        return 1;
    for (unsigned i = 0; i < u->nfq; i++)
        if (u->fq[i].warp == lw)
            return 1;
    return 0;
}

static void lwm_trace(core *c, void *vm, struct vcd_writer *w)
{
    lwm_state *m = vm;
    (void)c;
    for (unsigned q = 0; q < m->P; q++) {
        char nm[24];
        snprintf(nm, sizeof nm, q ? "lwm_subwarp%u" : "lwm_subwarp", q);
        vcd_scope(w, nm);
        lwm_subwarp_trace(w, &m->u[q].lc, m->u[q].ls, &m->u[q].in, &m->u[q].out);
        vcd_upscope(w);
    }
}

static void lwm_gtkw(const core *c, const void *vm, FILE *f, const char *s)
{
    (void)c;
    (void)vm;
    fprintf(f, "@2024\n^9 vcd/filters/lwm_subwarp_act.txt\n+{%s sub-warping} %s.lwm_subwarp.act[2:0]\n"
               "@2024\n^10 vcd/filters/lwm_subwarp_stack.txt\n+{%s fetch stack act} "
               "%s.lwm_subwarp.f_act[2:0]\n@28\n+{%s fetch stall} %s.lwm_subwarp.fetch_stall\n",
            s, s, s, s, s, s);
}

static void lwm_stats(const core *c, const void *vm, mech_cols *k)
{
    const lwm_state *m = vm;
    static const char *const names[] = {"peak_stack_depth"};
    (void)c;
    mech_cols_u64(k, names, &m->peak, 1);
    k->name[k->n] = "large_warps";
    snprintf(k->value[k->n++], sizeof k->value[0], "%ux%u", m->LW, m->K);
}

static double lwm_area(const core *c, const void *vm, const area_tech *t, char *what, size_t len)
{
    const lwm_state *m = vm;
    double mm2 = 0;
    what[0] = 0;
    for (unsigned q = 0; q < m->P; q++) {
        area_desc d;
        char w2[256] = "";
        if (mech_area_add(t, area_desc_lwm_subwarp(&m->u[q].lc, 0, &d), &d, &mm2, q ? w2 : what,
                          q ? sizeof w2 : len)) {
            if (q)
                snprintf(what, len, "%s", w2);
            return -1;
        }
    }
    /* a register bank per lane with its own decoder (004 sec. 3.4) */
    if (mech_area_regfile(c, LRF_ORG_PER_LANE, t, &mm2, what, len))
        return -1;
    return mm2;
}

static int lwm_finish(core *c, void *vm)
{
    lwm_state *m = vm;
    for (unsigned q = 0; q < m->P; q++)
        for (unsigned lw = 0; lw < m->u[q].lc.large_warps; lw++)
            if (m->u[q].ls->sp_q[lw] || m->u[q].ls->pend_q[lw])
                return core_fail(c, "large warp %u: %u stack entries (pc %llu), %u sub-warps in "
                                    "flight at the end",
                                 lw * m->P + q, (unsigned)m->u[q].ls->sp_q[lw],
                                 (unsigned long long)m->u[q].ls->pc_q[lw][0],
                                 (unsigned)m->u[q].ls->pend_q[lw]);
    return 0;
}

static void lwm_free(void *vm)
{
    lwm_state *m = vm;
    for (unsigned q = 0; q < CORE_MAX_PORTS; q++) {
        free(m->u[q].ls);
        free(m->u[q].fq);
    }
}

/* Quiet cycles (mech.h's hook; core.h, "Quiet cycles").  A unit's cycle
 * is an idle one when it is not breaking an instruction down (busy_q: a
 * pick every cycle, or a hold), no launch is queued, no sub-warp's
 * completion is due and no large warp can be fetched (each has an empty
 * stack, waits for its sub-warps, is at the exit PC or at a barrier:
 * lwm_unit_cycle's fetch loop passes over all of them); and its last cycle
 * was one (quiet, in_zero: the kept answer to no input, neither evaluated
 * nor stepped again).  Such a cycle records one step of lwm_subwarp's
 * energy row and nothing else, and changes nothing.  It stays so until the
 * earliest completion falls due, or the core changes (a barrier release,
 * a CTA start: its own clocks).  n > 0: n such cycles' steps per unit. */
static uint64_t lwm_quiet(core *c, void *vm, uint64_t n)
{
    lwm_state *m = vm;
    if (n) {
        energy_row(core_energy_counts(c), "lwm_subwarp")->steps += n * m->P;
        return 0;
    }
    const uint64_t now = core_now(c);
    const unsigned pn = core_prog(c)->n;
    uint64_t e = UINT64_MAX;
    if (m->lq.n)
        return now;
    for (unsigned q = 0; q < m->P; q++) {
        const lwm_unit *u = &m->u[q];
        const lwm_subwarp_state *s = u->ls;
        const lwm_subwarp_out *o = &u->out;
        if (!u->quiet || !u->in_zero || u->held || s->busy_q || o->sw_valid || o->err ||
            o->nx_accept || o->nx_f_write || o->nx_b_write)
            return now;
        for (unsigned i = 0; i < u->nfq; i++) {
            if (u->fq[i].ready <= now)
                return now;
            if (u->fq[i].ready < e)
                e = u->fq[i].ready;
        }
        for (unsigned lw = 0; lw < u->lc.large_warps; lw++) {
            const unsigned sp = (unsigned)s->sp_q[lw];
            if (!sp || (s->wait_q >> lw & 1u))
                continue;
            if (s->pc_q[lw][sp - 1] < pn && !lwm_blocked(c, m, lw * m->P + q, s->mask_q[lw][sp - 1]))
                return now;
        }
    }
    return e;
}

const mech_ops mech_lwm = {
    .name = "lwm",
    .paper = "004 sec. 3.1, 3.4",
    .summary = "large warps of K warps, sub-warped one thread per column (lwm_subwarp)",
    .structs = lwm_structs,
    .flags = MECH_OWN_FETCH | MECH_OWN_SB | MECH_EXIT_POP,
    .nctx = 1,
    .size = sizeof(lwm_state),
    .init = lwm_init,
    .launch = lwm_launch,
    .cycle = lwm_cycle,
    .busy = lwm_busy,
    .busy_warp = lwm_busy_warp,
    .trace = lwm_trace,
    .gtkw = lwm_gtkw,
    .stats = lwm_stats,
    .area = lwm_area,
    .finish = lwm_finish,
    .free = lwm_free,
    .quiet = lwm_quiet,
};
