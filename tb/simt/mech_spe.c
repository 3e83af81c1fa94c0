/* SPDX-License-Identifier: Apache-2.0 */
/*
 * mech_spe.c -- spe: the baseline's reconvergence stack (000 sec. 3.2,
 * PDOM; 003 sec. 2.1, "SPE"), on rtl_c/simt_stack.
 *
 * What it adds to the core: one simt_stack per warp (DEPTH = spe_depth,
 * 000 Fig. 5).  Nothing else: fetch, the schedulers, SIMD groups, the
 * per-warp scoreboard and the load/store unit are the core's.
 *
 * Per cycle, per issue port (scheduler) q: a warp of q's pool waiting to
 * launch enters through the stack's operation port (LAUNCH), and nothing
 * else of that pool issues; otherwise the warps of the pool in --sched's
 * order offer their top of stack (pc, mask); the first that core_ready
 * accepts and the stack can take (BRANCH with the outcome core_taken
 * gives) issues.  A stack that has no room for a divergence (act STALL)
 * pushes back: a full-table stall, the next warp is tried.
 *
 * Ports.  simt_stack has one operation port; with two schedulers, two
 * warps of different pools may update their stacks in one cycle: two
 * eval/step calls of the one-port model, on two different warps (a stack
 * banked by pool).  --trace-dir then records one vector line per update
 * (and one idle line in a cycle with none).
 */
#include <stdlib.h>
#include <string.h>

#include "../../area/structs.h"
#include "../../rtl_c/simt_stack.h"
#include "../../vcd/vcd.h"
#include "mech.h"

#define SPE_WORDS (CORE_MAX_WARPS / 64)
typedef struct {
    simt_stack_cfg sc;
    simt_stack_state ss;
    simt_stack_in in;   /* the cycle's last operation (trace) */
    simt_stack_out out;
    mech_launchq lq;
    uint64_t peak;
    /* The scan's candidates, kept from the stacks (a C-only view, not
     * hardware): bit w of cls[k] is set when warp w's stack holds an entry
     * whose pc is in the program and of unit class k (core_unit_classes).
     * A warp's bits change only when its stack is written (spe_apply);
     * --check compares them with the stacks every cycle (spe_keep_check).
     * pool[q]: the warps of port q's pool (w mod pools == q). */
    uint64_t cls[4][SPE_WORDS];
    uint64_t pool[CORE_MAX_PORTS][SPE_WORDS];
    unsigned nw; /* words of a warp bitset */
} spe_state;

static const char *const spe_structs[] = {"simt_stack", NULL};

static const char *spe_init(core *c, void *vm)
{
    spe_state *m = vm;
    m->sc = (simt_stack_cfg){core_warps(c), core_warp_size(c), core_config(c)->spe_depth, 32,
                             core_config(c)->stack_merge};
    const char *e = core_apply_params(c, &simt_stack_params, &m->sc);
    if (!e)
        e = simt_stack_cfg_check(&m->sc);
    static char msg[200];
    if (!e && m->sc.warps < core_warps(c)) {
        snprintf(msg, sizeof msg, "simt_stack: WARPS = %u does not hold the %u warps of this run",
                 m->sc.warps, core_warps(c));
        e = msg;
    }
    if (!e && m->sc.lanes != core_warp_size(c)) {
        snprintf(msg, sizeof msg, "simt_stack: LANES = %u, but the warp size is %u",
                 m->sc.lanes, core_warp_size(c));
        e = msg;
    }
    if (!e) {
        simt_stack_reset(&m->sc, &m->ss); /* every stack empty: cls all clear */
        unsigned W = core_warps(c), P = core_pools(c);
        m->nw = (W + 63) / 64;
        for (unsigned w = 0; w < W && P <= CORE_MAX_PORTS; w++)
            bits_array_set(m->pool[w % P], w);
    }
    return e;
}

/* warp w's candidate class from its stack (spe_state.cls), 4: none */
static unsigned spe_class(const core *c, const spe_state *m, unsigned w)
{
    unsigned sp = m->ss.sp[w];
    if (!sp)
        return 4;
    uint64_t pc = m->ss.ent[w][sp - 1].pc;
    return pc < core_prog(c)->n ? core_unit_classes(c)[pc] : 4;
}

static void spe_keep(const core *c, spe_state *m, unsigned w)
{
    unsigned k = spe_class(c, m, w);
    for (unsigned j = 0; j < 4; j++)
        bits_array_clear(m->cls[j], w);
    if (k < 4)
        bits_array_set(m->cls[k], w);
}

static const char *spe_keep_check(const core *c, const spe_state *m)
{
    static char msg[120];
    for (unsigned w = 0; w < core_warps(c); w++) {
        unsigned k = spe_class(c, m, w);
        for (unsigned j = 0; j < 4; j++)
            if (bits_array_get(m->cls[j], w) != (j == k)) {
                snprintf(msg, sizeof msg, "warp %u: kept candidate bit of class %u is %u, its "
                         "stack says %u", w, j, bits_array_get(m->cls[j], w), j == k);
                return msg;
            }
    }
    return NULL;
}

static void spe_launch(core *c, void *vm, unsigned w, uint64_t mask)
{
    (void)c;
    mech_lq_push(&((spe_state *)vm)->lq, w, mask);
}

static int spe_fetch_pc(const core *c, const void *vm, unsigned w, unsigned ctx)
{
    const spe_state *m = vm;
    (void)ctx;
    unsigned sp = m->ss.sp[w];
    if (!sp)
        return -1;
    uint64_t pc = m->ss.ent[w][sp - 1].pc;
    return pc < core_prog(c)->n ? (int)pc : -1;
}

/* records and, unless dropped, steps this cycle's operation */
static int spe_apply(core *c, spe_state *m, int issued)
{
    if (mech_stack_commit(c, 0, &m->sc, &m->ss, &m->in, &m->out, issued, &m->peak))
        return -1;
    if (m->out.d_write && m->out.d_warp < core_warps(c))
        spe_keep(c, m, m->out.d_warp); /* the one warp the step may write */
    return 0;
}

/* Offers warp w's top of stack on port q (units: core_free_units).  1 when
 * it issued, 0 when not, -1 when the run failed. */
static int spe_try(core *c, spe_state *m, unsigned q, unsigned w, unsigned units)
{
    const prog *p = core_prog(c);
    unsigned sp = m->ss.sp[w];
    if (!sp)
        return 0;
    const int pc = (int)m->ss.ent[w][sp - 1].pc;
    if (pc >= (int)p->n || !(units >> core_unit_classes(c)[pc] & 1u))
        return 0;
    core_req r = {0};
    r.warp = r.unit_warp = w;
    r.pc = pc;
    r.mask = m->ss.ent[w][sp - 1].mask;
    r.group = r.with = -1;
    if (core_ready(c, q, &r) != CORE_OK)
        return 0;
    mech_stack_branch(p, w, r.pc, r.mask, core_taken(c, &r), &m->in);
    mech_stack_exit(p, r.pc, m->ss.ent[w][sp - 1].rpc, &m->in);
    simt_stack_eval(&m->sc, &m->ss, &m->in, &m->out);
    if (m->out.err)
        return core_fail(c, "simt_stack rejected warp %u at pc %d: %s", w, r.pc,
                         simt_stack_err_name((unsigned)m->out.err_code));
    if (!m->out.ready) {
        core_stall_stack(c);
        return 0;
    }
    core_out o;
    if (core_issue(c, q, &r, &o))
        return -1;
    if ((o.taken & r.mask) != m->in.op_mask && p->ins[r.pc].unit == PU_BRA)
        return core_fail(c, "warp %u pc %d: the branch took lanes %llx, the stack was told %llx",
                         w, r.pc, (unsigned long long)o.taken, (unsigned long long)m->in.op_mask);
    core_sched_issued(c, q, w);
    if (spe_apply(c, m, 1))
        return -1;
    return 1;
}

/* spe_try for core_order_visit */
typedef struct {
    core *c;
    spe_state *m;
    unsigned q, units;
} spe_visit_ctx;

static int spe_visit(void *vx, unsigned w)
{
    spe_visit_ctx *x = vx;
    return spe_try(x->c, x->m, x->q, w, x->units);
}

static int spe_cycle(core *c, void *vm)
{
    spe_state *m = vm;
    const prog *p = core_prog(c);
    unsigned P = core_ports(c), ops = 0;
    for (unsigned q = 0; q < P; q++) {
        unsigned w;
        uint64_t mask;
        if (mech_lq_pop(&m->lq, q, P, &w, &mask)) {
            mech_stack_launch(p, w, mask, &m->in);
            simt_stack_eval(&m->sc, &m->ss, &m->in, &m->out);
            if (m->out.err)
                return core_fail(c, "simt_stack rejected LAUNCH of warp %u: %s", w,
                                 simt_stack_err_name((unsigned)m->out.err_code));
            if (spe_apply(c, m, 0))
                return -1;
            ops++;
            continue;
        }
        /* core_unit_free of every candidate, read once (core.h) */
        const unsigned units = core_free_units(c, q);
        /* the core's ready set (one context per warp: bit w) and its
         * barred warps, read after the issues of the ports before: a warp
         * outside the first or in the second is refused by core_ready (its
         * buffer, scoreboard or barrier) */
        const uint64_t *rdy = core_ready_set(c), *barred = core_barred_set(c);
        int rc = 0, first = core_order_rr(c, q, core_warps(c));
        if (first >= 0) {
            /* round robin: the pool's warps whose top of stack has a free
             * unit, from `first` upwards (core_order's order, less the
             * warps spe_try would skip or core_ready refuse) */
            uint64_t cand[SPE_WORDS];
            for (unsigned wd = 0; wd < m->nw; wd++) {
                uint64_t k = 0;
                for (unsigned j = 0; j < 4; j++)
                    if (units >> j & 1u)
                        k |= m->cls[j][wd];
                cand[wd] = k & m->pool[q][wd] & (rdy ? rdy[wd] : ~0ull) & ~barred[wd];
            }
            int x;
            while (!rc && (x = bits_array_take_rr(cand, m->nw, (unsigned)first)) >= 0)
                rc = spe_try(c, m, q, (unsigned)x, units);
        } else if (units) {
            /* oldest: the pool's warps in the core's ready set and not
             * barred, in core_order's order until one issues
             * (core_order_visit: the next found when asked for) */
            uint64_t among[SPE_WORDS] = {0};
            for (unsigned wd = 0; wd < m->nw; wd++)
                among[wd] = m->pool[q][wd] & (rdy ? rdy[wd] : ~0ull) & ~barred[wd];
            spe_visit_ctx x = {c, m, q, units};
            rc = core_order_visit(c, q, core_warps(c), among, spe_visit, &x);
        }
        if (rc < 0)
            return -1;
        ops += (unsigned)rc;
    }
    if (!ops) {
        memset(&m->in, 0, sizeof m->in);
        simt_stack_eval(&m->sc, &m->ss, &m->in, &m->out);
        if (spe_apply(c, m, 0))
            return -1;
    }
    if (core_config(c)->check) {
        const char *e = simt_stack_check(&m->sc, &m->ss);
        if (e)
            return core_fail(c, "simt_stack invariant: %s", e);
        if ((e = spe_keep_check(c, m)))
            return core_fail(c, "internal: the scan's kept candidates are stale: %s", e);
    }
    return 0;
}

static int spe_busy(const core *c, const void *vm)
{
    (void)c;
    return ((const spe_state *)vm)->lq.n != 0;
}

static void spe_trace(core *c, void *vm, struct vcd_writer *w)
{
    spe_state *m = vm;
    (void)c;
    vcd_scope(w, "simt_stack");
    simt_stack_trace(w, &m->sc, &m->ss, &m->in, &m->out);
    vcd_upscope(w);
}

static void spe_gtkw(const core *c, const void *vm, FILE *f, const char *s)
{
    (void)c;
    (void)vm;
    fprintf(f, "@2024\n^2 vcd/filters/simt_stack_act.txt\n+{%s stack act} %s.simt_stack.act[2:0]\n",
            s, s);
}

static void spe_stats(const core *c, const void *vm, mech_cols *k)
{
    static const char *const names[] = {"peak_stack_depth"};
    mech_cols_u64(k, names, &((const spe_state *)vm)->peak, 1);
    mech_scalar_cols(c, k); /* simt+scalar; nothing for spe */
}

static double spe_area(const core *c, const void *vm, const area_tech *t, char *what, size_t len)
{
    const spe_state *m = vm;
    area_desc d;
    double mm2 = 0;
    what[0] = 0;
    /* one row decoder for the whole register file (000 Fig. 10c) */
    if (mech_area_add(t, area_desc_simt_stack(&m->sc, 0, &d), &d, &mm2, what, len) ||
        mech_area_regfile(c, LRF_ORG_SINGLE_DECODER, t, &mm2, what, len))
        return -1;
    return mm2;
}

static int spe_finish(core *c, void *vm)
{
    spe_state *m = vm;
    return mech_stack_finish(c, &m->sc, &m->ss);
}

/* Quiet cycles (mech.h, core.h): spe has no clock of its own (its launches
 * come from the core's dispatch, its issues from the core's ready set).
 * Its last cycle was idle when no launch waits and the stack's last
 * operation was the idle NOP (an issue or a launch leaves its BRANCH or
 * LAUNCH in m->in).  An idle cycle is one NOP commit of the stack: a step
 * of its energy row, nothing written. */
static uint64_t spe_quiet(core *c, void *vm, uint64_t n)
{
    spe_state *m = vm;
    if (n) {
        energy_row(core_energy_counts(c), "simt_stack")->steps += n;
        return 0;
    }
    return m->lq.n || m->in.op != SIMT_OP_NOP ? core_now(c) : UINT64_MAX;
}

/* spe, and spe with scalarization: one mechanism, the flag from the row */
#define SPE_OPS(nm, pp, sum, fl)                                                                  \
    {                                                                                             \
        .name = nm, .paper = pp, .summary = sum, .structs = spe_structs,                          \
        .flags = (fl) | MECH_READY_SET | MECH_EXIT_POP,                                           \
        .nctx = 1, .size = sizeof(spe_state), .init = spe_init, .launch = spe_launch,              \
        .fetch_pc = spe_fetch_pc, .cycle = spe_cycle, .busy = spe_busy, .trace = spe_trace,        \
        .gtkw = spe_gtkw, .stats = spe_stats, .area = spe_area, .finish = spe_finish,              \
        .quiet = spe_quiet,                                                                       \
    }
const mech_ops mech_spe = SPE_OPS("spe", "000 sec. 3.2, 003 sec. 2.1",
                                  "reconvergence stack per warp (PDOM, the baseline)", 0);

/* simt+scalar (issue 26, 002 sec. 4.1): the same stack and pipeline, and a
 * scalar unit per issue port beside the SIMD groups (GCN-like): a scalar
 * instruction (scalar.h's analysis) runs once per warp on it in one cycle;
 * registers come from 002 sec. 4.3's allocation, a vector file per thread
 * and a scalar file per warp. */
const mech_ops mech_simt_scalar = SPE_OPS("simt+scalar", "002 sec. 4.1-4.3",
                                          "spe with scalarization: a scalar unit runs uniform "
                                          "instructions once per warp",
                                          MECH_SCALAR_UNIT);
