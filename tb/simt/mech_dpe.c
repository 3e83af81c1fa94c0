/* SPDX-License-Identifier: Apache-2.0 */
/*
 * mech_dpe.c -- dpe: the dual-path execution model (003 sec. 3), on
 * rtl_c/dpe_stack and rtl_c/shadow_scoreboard.
 *
 * What it adds to the core: per warp a dual-path stack (each entry holds
 * the two paths of a divergent branch, PathL and PathR, and their
 * reconvergence PC; DEPTH = dpe_depth), so both paths of the top entry are
 * schedulable (003 sec. 3.1); the fetch buffer per path (003 doubles the
 * instruction buffer, l.731-733: nctx = 2; a buffer follows its PC to the
 * other path's context when the entry pops, core.h step 3, so a path that
 * falls into the reconvergence point costs no refetch, as in spe); and the
 * shadow scoreboard
 * (003 sec. 3.2: per warp and path, entries of pending destination
 * registers with a shadow bit), which replaces the core's per-warp
 * scoreboard (MECH_OWN_SB).
 *
 * Per cycle, per issue port q: a warp of q's pool waiting to launch enters
 * through the stack's port; otherwise the warps in --sched's order offer
 * their top entry's paths, the one not issued last first (003's
 * interleaving); the first path that core_ready accepts, whose operands the
 * shadow scoreboard clears and which the stack and the scoreboard can take
 * (no full stack, a free scoreboard entry) issues.  A destination register
 * is allocated at issue and freed by a writeback one cycle before its
 * result is usable.  003's scoreboard is the baseline's extended with
 * shadow bits (sec. 3.2, l.762-766), so it frees and reserves what the
 * baseline's (the core's per-warp scoreboard) does in a cycle: every
 * writeback of the cycle (the structure's two ports, in as many passes of
 * the cycle as the writebacks need) and every destination of the issue.
 *
 * Several destinations (ld.v2/ld.v4): one scoreboard entry per register,
 * and the issue port allocates one entry a pass: each extra destination
 * is allocated (a query of its operands and that destination first, as for
 * an issue) in a pass of its own, then the issue with the first
 * destination, all in one cycle of the port (before: one cycle each, which
 * cost kmeans 1.5% against spe); all of them are freed by their
 * writebacks.  The stack sees only the issue.  ENTRIES must hold an
 * instruction's destinations (else "cannot run").  Likewise more than
 * three sources (st.v4: the address and four values): the query port
 * checks three a cycle, the sources past the third first, one cycle per
 * three, then the first three with the issue.  A source once clear stays
 * clear while its path waits (only this path's own issues would make it
 * pending again; the other path's writes are to other threads).
 *
 * Register ids: the kernel's registers while they fit REGS (at most 256);
 * beyond, the allocated registers (mech_alloc_regs: clang names one
 * virtual register per value, hundreds in an unrolled loop), as a
 * hardware scoreboard names the registers of the file.  Two registers
 * sharing an allocated one then depend on each other: later issue at
 * worst, never a missed hazard (the core's timing oracle checks).  Two
 * destinations of one instruction on one allocated register (both dead)
 * take one entry.  mech_sbi.c does the same past REG_W's 8 bits.
 *
 * Ports.  dpe_stack has one operation port and shadow_scoreboard one issue
 * port: with two schedulers, two warps update in one cycle by two
 * eval/step calls of each model on different warps (banked by pool); the
 * writebacks go in a last scoreboard update of the cycle, so that no query
 * of the cycle sees them (the model has no bypass).
 */
#include <stdlib.h>
#include <string.h>

#include "../../area/structs.h"
#include "../../rtl_c/dpe_stack.h"
#include "../../rtl_c/shadow_scoreboard.h"
#include "../../vcd/vcd.h"
#include "mech.h"

typedef struct {
    uint64_t cyc;
    unsigned warp, side, reg;
} dpe_wb;

typedef struct {
    dpe_stack_cfg dc;
    dpe_stack_state ds;
    dpe_stack_in di;
    dpe_stack_out dout;
    shadow_scoreboard_cfg bc;
    shadow_scoreboard_state bs;
    shadow_scoreboard_in bi, base; /* base: the cycle's writebacks */
    int base_clear;                /* base is all zero (no writeback put in it since) */
    shadow_scoreboard_out bo;
    dpe_wb *wbq;
    unsigned nwb, capwb;
    uint8_t last_side[CORE_MAX_WARPS];
    uint8_t vpass[CORE_MAX_WARPS][2]; /* extra destinations allocated so far */
    uint8_t qpass[CORE_MAX_WARPS][2]; /* extra source queries passed so far */
    uint32_t *map; /* register id -> scoreboard id (allocated), NULL: the same */
    /* per pc, the first query of an instruction with at most one
     * destination (no extra source or destination pass before it): its
     * query port inputs (dpe_query_srcs from src[0], dst[0]) and whether
     * every register asked is below REGS */
    struct dpe_q1 {
        unsigned ops[4];
        uint8_t sv, dv, legal;
    } *q1;
    mech_launchq lq;
    uint64_t peak, paths_sum, paths_n;
    /* the statistic's terms now, kept as the stacks are written
     * (dpe_step_stack; --check recounts them every cycle): warps whose
     * stack holds an entry, and the valid paths of their tops */
    uint64_t stk_now, paths_now;
    int sb_stepped, st_stepped;
    int idle; /* the last cycle launched, issued and wrote back nothing (dpe_quiet) */
    /* the unit class (core_unit_classes) of each path of each warp's stack
     * top, DPE_NO_CLS when the path is invalid or past the program or the
     * stack is empty: kept as the stacks are written (dpe_step_stack;
     * --check compares it with the stacks every cycle), so the scheduler
     * tests a candidate with one shift */
    uint8_t pcls[CORE_MAX_WARPS][2];
    /* The scheduler's candidate sets (bit w of a word: the stacks and
     * scoreboard hold at most 64 warps), kept where what they say changes
     * and compared with a full evaluation under --check (dpe_keep_check):
     * cls[s][k], warps whose path s at the stack top has unit class k
     * (pcls); bar[s], path s's first thread waits at a barrier (core_ready
     * refuses it: set at the warp's stack writes, cleared when the core
     * releases the barrier); hz[s], path s's last query found a hazard and
     * neither the warp's scoreboard tables nor its stack have changed since
     * (the same query would find it again); pool[q], port q's warps. */
    uint64_t cls[2][4], bar[2], hz[2], pool[CORE_MAX_PORTS];
    uint64_t wb_due; /* no writeback in the queue is due before this cycle */
} dpe_state;

#define DPE_NO_CLS 31u /* no unit class: above every bit of core_free_units */

static const char *const dpe_structs[] = {"dpe_stack", "shadow_scoreboard", NULL};

static void dpe_q1_init(const prog *p, dpe_state *m);

static const char *dpe_init(core *c, void *vm)
{
    dpe_state *m = vm;
    static char msg[512];
    const prog *p = core_prog(c);
    unsigned W = core_warps(c), regs = p->nregs < 32 ? 32 : p->nregs;
    if (regs > SHADOW_SB_MAX_REGS) {
        m->map = calloc(p->nregs + 1u, sizeof *m->map);
        regs = mech_alloc_regs(p, m->map);
        regs = regs < 32 ? 32 : regs;
    }
    m->dc = (dpe_stack_cfg){W, core_warp_size(c), core_config(c)->dpe_depth, 32,
                            core_config(c)->stack_merge};
    m->bc = (shadow_scoreboard_cfg){W, core_config(c)->sb_entries, regs};
    const char *e = core_apply_params(c, &dpe_stack_params, &m->dc);
    if (!e)
        e = core_apply_params(c, &shadow_scoreboard_params, &m->bc);
    if (!e)
        e = dpe_stack_cfg_check(&m->dc);
    if (!e)
        e = shadow_scoreboard_cfg_check(&m->bc);
    if (e)
        return e;
    char why[160];
    snprintf(why, sizeof why, "this run has %u warps", W);
    if (m->dc.warps < W)
        return mech_param_small(c, msg, sizeof msg, "dpe_stack.WARPS", m->dc.warps, W, 0, why);
    if (m->bc.warps < W)
        return mech_param_small(c, msg, sizeof msg, "shadow_scoreboard.WARPS", m->bc.warps, W, 0,
                                why);
    snprintf(why, sizeof why, "this run's warps have %u threads", core_warp_size(c));
    if (m->dc.lanes != core_warp_size(c))
        return mech_param_small(c, msg, sizeof msg, "dpe_stack.LANES", m->dc.lanes,
                                core_warp_size(c), 1, why);
    unsigned need = m->map ? regs : p->nregs;
    snprintf(why, sizeof why, "the kernel's threads use %u registers", need);
    if (m->bc.regs < need)
        return mech_param_small(c, msg, sizeof msg, "shadow_scoreboard.REGS", m->bc.regs, need, 0,
                                why);
    for (unsigned pc = 0; pc < p->n; pc++)
        if (p->ins[pc].ndst > m->bc.entries) {
            snprintf(msg, sizeof msg, "shadow_scoreboard: %s:%d writes %u registers; ENTRIES=%u "
                     "per path cannot hold them", p->file, p->ins[pc].line, p->ins[pc].ndst,
                     m->bc.entries);
            return msg;
        }
    dpe_q1_init(p, m);
    /* the core callocs m: the stack's reset state is all zero bytes
     * (dpe_stack.h), 118 KB not cleared twice */
    shadow_scoreboard_reset(&m->bc, &m->bs);
    memset(m->pcls, DPE_NO_CLS, sizeof m->pcls);
    for (unsigned w = 0, P = core_pools(c); w < W && P <= CORE_MAX_PORTS; w++)
        m->pool[w % P] |= 1ull << w;
    return NULL;
}

/* The unit class of warp w's path `side` at its stack top (DPE_NO_CLS: none). */
static unsigned dpe_pcls_now(const core *c, const dpe_state *m, unsigned w, unsigned side)
{
    const unsigned sp = m->ds.sp[w];
    if (!sp)
        return DPE_NO_CLS;
    const dpe_stack_path *pa = &m->ds.ent[w][sp - 1].p[side];
    return pa->valid && pa->pc < core_prog(c)->n ? core_unit_classes(c)[pa->pc] : DPE_NO_CLS;
}

/* Whether core_ready refuses warp w's path `side` for its barrier: the
 * path's first thread waits at one (0 when the stack holds no such path). */
static int dpe_bar_now(const core *c, const dpe_state *m, unsigned w, unsigned side)
{
    const unsigned sp = m->ds.sp[w];
    if (!sp)
        return 0;
    const dpe_stack_path *pa = &m->ds.ent[w][sp - 1].p[side];
    return pa->valid && pa->mask &&
           core_at_bar(c, w * core_warp_size(c) + (unsigned)__builtin_ctzll(pa->mask));
}

/* Warp w's stack was written: its paths' kept class, barrier and hazard
 * bits from the new top. */
static void dpe_keep(const core *c, dpe_state *m, unsigned w)
{
    const uint64_t b = 1ull << w;
    for (unsigned s = 0; s < 2; s++) {
        const unsigned k = dpe_pcls_now(c, m, w, s);
        m->pcls[w][s] = (uint8_t)k;
        for (unsigned j = 0; j < 4; j++)
            m->cls[s][j] &= ~b;
        if (k < 4)
            m->cls[s][k] |= b;
        m->bar[s] = (m->bar[s] & ~b) | (dpe_bar_now(c, m, w, s) ? b : 0);
        m->hz[s] &= ~b;
    }
}

static void dpe_launch(core *c, void *vm, unsigned w, uint64_t mask)
{
    (void)c;
    mech_lq_push(&((dpe_state *)vm)->lq, w, mask);
}

static int dpe_fetch_pc(const core *c, const void *vm, unsigned w, unsigned side)
{
    const dpe_state *m = vm;
    unsigned sp = m->ds.sp[w];
    if (!sp || !m->ds.ent[w][sp - 1].p[side].valid)
        return -1;
    uint64_t pc = m->ds.ent[w][sp - 1].p[side].pc;
    return pc < core_prog(c)->n ? (int)pc : -1;
}

/* Two of the cycle's due writebacks (the structure's two ports; the
 * earliest due first is not needed: the cycle's last passes take the rest,
 * dpe_cycle). */
static void dpe_sb_base(core *c, dpe_state *m, shadow_scoreboard_in *b)
{
    if (!m->base_clear) { /* (b is m->base, only written here) */
        memset(b, 0, sizeof *b);
        m->base_clear = 1;
    }
    if (core_now(c) < m->wb_due)
        return; /* none due yet */
    unsigned n = 0, i = 0;
    uint64_t due = UINT64_MAX; /* the earliest of the entries left */
    for (; i < m->nwb && n < 2;) {
        if (m->wbq[i].cyc > core_now(c) && m->wbq[i].cyc < due)
            due = m->wbq[i].cyc;
        if (m->wbq[i].cyc <= core_now(c)) {
            dpe_wb it = m->wbq[i];
            m->base_clear = 0;
            if (!n) {
                b->wb0_valid = 1;
                b->wb0_warp = it.warp;
                b->wb0_side = it.side;
                b->wb0_reg = it.reg;
            } else {
                b->wb1_valid = 1;
                b->wb1_warp = it.warp;
                b->wb1_side = it.side;
                b->wb1_reg = it.reg;
            }
            n++;
            m->wbq[i] = m->wbq[--m->nwb];
        } else
            i++;
    }
    m->wb_due = i < m->nwb ? 0 : due; /* entries not looked at: look next time */
}

static int dpe_step_sb(core *c, dpe_state *m)
{
    if (CORE_RECORD(c, 1, shadow_scoreboard, &m->bc, &m->bi, &m->bo))
        return -1;
    shadow_scoreboard_step(&m->bc, &m->bs, &m->bi, &m->bo);
    m->sb_stepped = 1;
    if (m->bo.d_ok) {
        /* the warps whose tables the step may have written: their paths'
         * kept hazards are queried again */
        const shadow_scoreboard_out *o = &m->bo;
        uint64_t x = (o->d_wb_hit[0] ? 1ull << o->d_wb_w[0] : 0) |
                     (o->d_wb_hit[1] ? 1ull << o->d_wb_w[1] : 0) |
                     (o->d_alloc ? 1ull << o->d_iss_w : 0) | (o->d_div ? 1ull << o->d_div_w : 0) |
                     (o->d_rec ? 1ull << o->d_rec_w : 0);
        m->hz[0] &= ~x;
        m->hz[1] &= ~x;
    }
    return 0;
}

/* The scoreboard's eval of an allocation, an issue or the writebacks, whose
 * hazards the query already gave: eval's decision alone
 * (shadow_scoreboard_eval_lean) when no waveform shows the ports; under
 * --check eval's, and the lean one must decide the same on the inputs as
 * given (its precondition: each within its port's width).  0 or -1. */
static int dpe_sb_decide(core *c, dpe_state *m, const shadow_scoreboard_in *b)
{
    const int check = core_config(c)->check;
    if (!check && !core_vcd(c) && !core_tracing(c)) {
        shadow_scoreboard_eval_lean(&m->bc, &m->bs, b, &m->bo);
        return 0;
    }
    shadow_scoreboard_eval(&m->bc, &m->bs, b, &m->bo);
    if (check) {
        shadow_scoreboard_out l = m->bo; /* the lean eval writes the decision only */
        shadow_scoreboard_eval_lean(&m->bc, &m->bs, b, &l);
        if (memcmp(&l, &m->bo, sizeof l))
            return core_fail(c, "internal: shadow_scoreboard's lean decision differs from "
                                "eval's (error %u against %u)",
                             (unsigned)l.err_code, (unsigned)m->bo.err_code);
    }
    return 0;
}

/* warp w's terms of the paths statistic: (stack not empty, valid paths of its top) */
static unsigned dpe_paths_of(const dpe_state *m, unsigned w, unsigned *paths)
{
    unsigned sp = m->ds.sp[w];
    *paths = sp ? m->ds.ent[w][sp - 1].p[0].valid + m->ds.ent[w][sp - 1].p[1].valid : 0;
    return sp != 0;
}

static int dpe_step_stack(core *c, dpe_state *m, int issued)
{
    if (CORE_RECORD(c, 0, dpe_stack, &m->dc, &m->di, &m->dout))
        return -1;
    if ((m->dout.d_write | m->dout.d_exit) && m->dout.d_warp < m->dc.warps) {
        /* the one warp the step may write (a BRANCH, LAUNCH or EXIT): its
         * terms leave and come back */
        unsigned w = (unsigned)m->dout.d_warp, pa;
        m->stk_now -= dpe_paths_of(m, w, &pa);
        m->paths_now -= pa;
        if (!core_drop(c, issued))
            dpe_stack_step(&m->dc, &m->ds, &m->di, &m->dout);
        m->stk_now += dpe_paths_of(m, w, &pa);
        m->paths_now += pa;
        dpe_keep(c, m, w);
        core_fetch_moved(c, w); /* (an issue's: the core's mark already) */
    } else if (!core_drop(c, issued))
        dpe_stack_step(&m->dc, &m->ds, &m->di, &m->dout);
    if (m->di.op != DPE_OP_NOP && m->ds.sp[m->di.op_warp] > m->peak)
        m->peak = m->ds.sp[m->di.op_warp];
    m->st_stepped = 1;
    return 0;
}

static unsigned dreg(const dpe_state *m, unsigned v) { return m->map ? m->map[v] : v; }

/* Destination k of ki names the scoreboard id of an earlier one. */
static int dpe_dup(const dpe_state *m, const prog_insn *ki, unsigned k)
{
    for (unsigned j = 0; j < k; j++)
        if (dreg(m, ki->dst[j]) == dreg(m, ki->dst[k]))
            return 1;
    return 0;
}

/* The query of up to three sources from src[q0] (and the destination in
 * b->q_dst when q_dst_valid): 1 a hazard, 0 clear, -1 failed. */
/* The query port's sources: up to three from src[q0] into b (and ops).  A
 * source that is one of the own extra destinations dst[1..own] already
 * allocated in an earlier pass (addc.cc's carry, setp's q when it is also
 * c) is not queried again: it was clear when allocated, and its entry now
 * is this instruction's own (the query would wait on itself forever). */
static void dpe_query_srcs(const dpe_state *m, const prog_insn *ki, unsigned q0, unsigned own,
                           shadow_scoreboard_in *b, unsigned ops[4])
{
    for (unsigned j = 0; j < 3 && q0 + j < ki->nsrc; j++) {
        unsigned k = 1;
        while (k <= own && k < ki->ndst && dreg(m, ki->dst[k]) != dreg(m, ki->src[q0 + j]))
            k++;
        if (k <= own && k < ki->ndst)
            continue;
        b->q_src_valid |= 1u << j;
        ops[j] = dreg(m, ki->src[q0 + j]);
        *(j == 0 ? &b->q_src0 : j == 1 ? &b->q_src1 : &b->q_src2) = ops[j];
    }
}

/* The query in m->bi (its operands ops, q_ops; legal: every one asked is
 * below REGS and w below WARPS): 1 a hazard, 0 clear, -1 failed.  full:
 * eval's, stepped or not by the caller. */
static int dpe_hazard(core *c, dpe_state *m, unsigned w, unsigned side, int pc, unsigned q_ops,
                      const unsigned ops[4], unsigned legal, int full)
{
    shadow_scoreboard_in *b = &m->bi;
    if (!full && legal) {
        /* the query alone (nothing else in b yet): eval's hazard without
         * the rest of eval; its outputs are not stepped (a hazard ends the
         * try, else the allocation's or the issue's eval follows) */
        unsigned same = 0, shadow = 0;
        const unsigned hz = shadow_scoreboard_hazards(&m->bc, &m->bs, w, side, q_ops, ops,
                                                      &same, &shadow);
        if (core_config(c)->check || core_vcd(c) || core_tracing(c)) {
            /* a waveform shows the query on the ports (and --check
             * compares eval's answer with the shortcut's) */
            shadow_scoreboard_eval(&m->bc, &m->bs, b, &m->bo);
            if (m->bo.err || m->bo.hz_ops != hz)
                return core_fail(c, "internal: shadow_scoreboard's query of warp %u side %u pc "
                                    "%d: hazards %x, eval %llx",
                                 w, side, pc, hz, (unsigned long long)m->bo.hz_ops);
        }
        return hz != 0u && !core_sb_blind(c);
    }
    shadow_scoreboard_eval(&m->bc, &m->bs, b, &m->bo);
    if (m->bo.err)
        return core_fail(c, "shadow_scoreboard error %s on the query of warp %u side %u pc %d",
                         shadow_scoreboard_err_name((unsigned)m->bo.err_code), w, side, pc);
    return m->bo.hazard && !core_sb_blind(c);
}

/* m->q1 (dpe_state) from the program, at init */
static void dpe_q1_init(const prog *p, dpe_state *m)
{
    m->q1 = calloc(p->n ? p->n : 1u, sizeof *m->q1);
    for (unsigned pc = 0; pc < p->n; pc++) {
        const prog_insn *ki = &p->ins[pc];
        struct dpe_q1 *e = &m->q1[pc];
        shadow_scoreboard_in b;
        memset(&b, 0, sizeof b);
        dpe_query_srcs(m, ki, 0, 0, &b, e->ops);
        e->sv = (uint8_t)b.q_src_valid;
        e->dv = ki->ndst != 0;
        e->ops[3] = ki->ndst ? dreg(m, ki->dst[0]) : 0u;
        e->legal = 1;
        for (unsigned k = 0; k < 4; k++)
            if ((e->sv | (unsigned)e->dv << 3) >> k & 1u)
                e->legal &= e->ops[k] < m->bc.regs;
    }
}

static int dpe_query(core *c, dpe_state *m, const prog_insn *ki, unsigned q0, unsigned w,
                     unsigned side, int pc, int full)
{
    shadow_scoreboard_in *b = &m->bi;
    unsigned ops[4] = {0, 0, 0, (unsigned)b->q_dst}, legal = w < m->bc.warps;
    dpe_query_srcs(m, ki, q0, m->vpass[w][side], b, ops);
    const unsigned q_ops = (unsigned)b->q_src_valid | (unsigned)b->q_dst_valid << 3;
    for (unsigned k = 0; k < 4; k++)
        legal &= !(q_ops >> k & 1u) || ops[k] < m->bc.regs;
    return dpe_hazard(c, m, w, side, pc, q_ops, ops, legal, full);
}

/* --check: the query dpe_try would make now for warp w's path `side` (the
 * next three sources, or the first three and this pass's destination)
 * finds a hazard, the scoreboard as it is (a kept hz bit must). */
static int dpe_hazard_now(const core *c, const dpe_state *m, unsigned w, unsigned side)
{
    const unsigned sp = m->ds.sp[w];
    const dpe_stack_path *pa = &m->ds.ent[w][sp ? sp - 1 : 0].p[side];
    if (!sp || !pa->valid || pa->pc >= core_prog(c)->n)
        return 0;
    const prog_insn *ki = &core_prog(c)->ins[pa->pc];
    shadow_scoreboard_in in;
    shadow_scoreboard_out o;
    unsigned ops[4] = {0}, q0 = 3u * (m->qpass[w][side] + 1u);
    memset(&in, 0, sizeof in);
    in.q_warp = w;
    in.q_side = side;
    if (q0 >= ki->nsrc) {
        unsigned vp = m->vpass[w][side];
        while (vp + 1u < ki->ndst && dpe_dup(m, ki, vp + 1u))
            vp++;
        if (ki->ndst) {
            in.q_dst_valid = 1;
            in.q_dst = dreg(m, ki->dst[vp + 1u < ki->ndst ? vp + 1u : 0u]);
        }
        q0 = 0;
    }
    dpe_query_srcs(m, ki, q0, m->vpass[w][side], &in, ops);
    shadow_scoreboard_eval(&m->bc, &m->bs, &in, &o);
    return o.hazard;
}

/* --check: the kept candidate sets against the stacks, the barriers and
 * the scoreboard (NULL, or what is stale). */
static const char *dpe_keep_check(const core *c, const dpe_state *m)
{
    static char msg[160];
    for (unsigned w = 0; w < m->dc.warps; w++)
        for (unsigned s = 0; s < 2; s++) {
            const unsigned k = dpe_pcls_now(c, m, w, s);
            for (unsigned j = 0; j < 4; j++)
                if ((m->cls[s][j] >> w & 1u) != (j == k)) {
                    snprintf(msg, sizeof msg, "warp %u path %u: kept class bit %u is %u, the "
                             "stack's class %u", w, s, j, (unsigned)(m->cls[s][j] >> w & 1u), k);
                    return msg;
                }
            if ((m->bar[s] >> w & 1u) != (unsigned)dpe_bar_now(c, m, w, s)) {
                snprintf(msg, sizeof msg, "warp %u path %u: kept barrier bit %u, its first "
                         "thread says %u", w, s, (unsigned)(m->bar[s] >> w & 1u),
                         (unsigned)dpe_bar_now(c, m, w, s));
                return msg;
            }
            if ((m->hz[s] >> w & 1u) && !dpe_hazard_now(c, m, w, s)) {
                snprintf(msg, sizeof msg, "warp %u path %u: a hazard is kept, the scoreboard "
                         "has none", w, s);
                return msg;
            }
        }
    return NULL;
}

/* Warp w's path `side` (w's stack not empty) holds an instruction that a
 * unit of `units` (core_free_units) can take: n instructions, their unit
 * classes ucls (core_unit_classes). */
static inline int dpe_candidate(const dpe_state *m, unsigned w, unsigned side, unsigned n,
                                const uint8_t *ucls, unsigned units)
{
    const dpe_stack_path *pa = &m->ds.ent[w][m->ds.sp[w] - 1].p[side];
    return pa->valid && pa->pc < n && (units >> ucls[pa->pc] & 1u);
}

/* The issue of warp w's path `side` (r, instruction ki) once its query
 * found no hazard (m->bi holds the query): the stack's BRANCH, the
 * scoreboard's issue, the core's: 1 issued, 0 stalled, -1 failed. */
static int dpe_issue(core *c, dpe_state *m, unsigned q, unsigned w, unsigned side, core_req *r,
                     const prog_insn *ki)
{
    const prog *p = core_prog(c);
    shadow_scoreboard_in *b = &m->bi;
    dpe_stack_in *in = &m->di;
    memset(in, 0, sizeof *in);
    in->op = DPE_OP_BRANCH;
    in->op_warp = w;
    in->op_side = side;
    in->op_npc = (uint64_t)r->pc + 1;
    in->op_rpc = ki->unit == PU_BRA ? (uint64_t)ki->rpc : p->n;
    if (ki->unit == PU_BRA) {
        in->op_mask = core_taken(c, r);
        in->op_pc = (uint64_t)ki->target;
    } else if (ki->unit == PU_EXIT) {
        in->op_mask = r->mask;
        in->op_pc = p->n;
        /* an early return under a TOS reconverging before the exit
         * (p->exit_pop, mech.h MECH_EXIT_POP): its lanes leave the warp */
        if (p->exit_pop && m->ds.ent[w][m->ds.sp[w] - 1].rpc != p->n)
            in->op = DPE_OP_EXIT;
    }
    dpe_stack_eval(&m->dc, &m->ds, in, &m->dout);
    if (m->dout.err)
        return core_fail(c, "dpe_stack rejected warp %u side %u at pc %d: %s", w, side, r->pc,
                         dpe_stack_err_name((unsigned)m->dout.err_code));
    if (!m->dout.ready) {
        core_stall(c);
        return 0;
    }
    b->iss_valid = 1;
    b->iss_warp = w;
    b->iss_side = side;
    b->iss_alloc = ki->ndst != 0;
    b->iss_reg = ki->ndst ? dreg(m, ki->dst[0]) : 0;
    if (m->dout.act == DPE_ACT_DIVERGE || m->dout.act == DPE_ACT_SPLIT) {
        b->div_valid = 1;
        b->div_warp = w;
        b->div_side = side;
    } else if (m->dout.act == DPE_ACT_POP) {
        b->rec_valid = 1;
        b->rec_warp = w;
    }
    if (dpe_sb_decide(c, m, b))
        return -1;
    if (m->bo.err)
        return core_fail(c, "shadow_scoreboard error %s on the issue of warp %u side %u pc %d",
                         shadow_scoreboard_err_name((unsigned)m->bo.err_code), w, side, r->pc);
    if (m->bo.stall) {
        core_stall(c);
        return 0;
    }
    core_out o;
    r->nosb = 1;
    if (core_issue(c, q, r, &o))
        return -1;
    m->vpass[w][side] = m->qpass[w][side] = 0;
    if (b->iss_alloc) {
        /* no bypass: a writeback in cycle t lets a dependent issue in t+1 */
        uint64_t at = o.ready - 1 > core_now(c) ? o.ready - 1 : core_now(c) + 1;
        for (unsigned j = 0; j < ki->ndst; j++) {
            if (dpe_dup(m, ki, j))
                continue;
            if (m->nwb == m->capwb)
                m->wbq = realloc(m->wbq, (m->capwb = m->capwb * 2 + 16) * sizeof *m->wbq);
            m->wbq[m->nwb++] = (dpe_wb){at, w, side, dreg(m, ki->dst[j])};
            if (at < m->wb_due)
                m->wb_due = at;
        }
        core_note_ready(c, at + 1);
    }
    core_sched_issued(c, q, w);
    m->last_side[w] = (uint8_t)side;
    if (dpe_step_stack(c, m, 1) || dpe_step_sb(c, m))
        return -1;
    return 1;
}

/* Tries warp w's path `side` on port q: 1 issued, 0 not, -1 failed.
 * units: core_free_units(c, q), read once per port (no issue since). */
static int dpe_try(core *c, dpe_state *m, unsigned q, unsigned w, unsigned side, unsigned units)
{
    const prog *p = core_prog(c);
    unsigned t = m->ds.sp[w] - 1;
    const dpe_stack_path *pa = &m->ds.ent[w][t].p[side];
    if (!dpe_candidate(m, w, side, p->n, core_unit_classes(c), units))
        return 0;
    core_req r = {0};
    r.warp = r.unit_warp = w;
    r.ctx = side;
    r.pc = (int)pa->pc;
    r.mask = pa->mask;
    r.group = r.with = -1;
    if (core_ready(c, q, &r) != CORE_OK)
        return 0;
    const prog_insn *ki = &p->ins[r.pc];
    shadow_scoreboard_in *b = &m->bi;
    memset(b, 0, sizeof *b); /* the writebacks: at the end of the cycle */
    b->q_warp = w;
    b->q_side = side;
    unsigned qp = m->qpass[w][side], q0 = 3u * (qp + 1u);
    int hz;
    if (q0 < ki->nsrc) {
        /* a query of three more sources, no issue this cycle */
        if ((hz = dpe_query(c, m, ki, q0, w, side, r.pc, 1))) { /* stepped: eval */
            m->hz[side] |= 1ull << w;
            return hz < 0 ? -1 : 0;
        }
        m->qpass[w][side]++;
        return dpe_step_sb(c, m) ? -1 : 1;
    }
    /* the first query of an instruction with at most one destination: its
     * port inputs as dpe_query_srcs makes them, kept per pc */
    if (ki->ndst <= 1u) {
        const struct dpe_q1 *e = &m->q1[r.pc];
        b->q_src_valid = e->sv;
        b->q_src0 = e->ops[0];
        b->q_src1 = e->ops[1];
        b->q_src2 = e->ops[2];
        b->q_dst_valid = e->dv;
        b->q_dst = e->ops[3];
        if ((hz = dpe_hazard(c, m, w, side, r.pc, e->sv | (unsigned)e->dv << 3, e->ops,
                             e->legal && w < m->bc.warps, 0))) {
            m->hz[side] |= 1ull << w;
            return hz < 0 ? -1 : 0;
        }
        return dpe_issue(c, m, q, w, side, &r, ki);
    }
    /* the destination of this cycle: an extra one's allocation, or the first */
    unsigned vp = m->vpass[w][side], extra = vp + 1u < ki->ndst;
    while (extra && dpe_dup(m, ki, vp + 1u)) {
        vp = ++m->vpass[w][side];
        extra = vp + 1u < ki->ndst;
    }
    if (ki->ndst) {
        b->q_dst_valid = 1;
        b->q_dst = dreg(m, ki->dst[extra ? vp + 1u : 0u]);
    }
    if ((hz = dpe_query(c, m, ki, 0, w, side, r.pc, 0))) {
        m->hz[side] |= 1ull << w;
        return hz < 0 ? -1 : 0;
    }
    if (extra) {
        /* one entry a cycle: the next extra destination, no issue yet */
        b->iss_valid = b->iss_alloc = 1;
        b->iss_warp = w;
        b->iss_side = side;
        b->iss_reg = dreg(m, ki->dst[vp + 1u]);
        if (dpe_sb_decide(c, m, b))
            return -1;
        if (m->bo.err)
            return core_fail(c, "shadow_scoreboard error %s on the allocation of warp %u side %u "
                                "pc %d", shadow_scoreboard_err_name((unsigned)m->bo.err_code), w,
                             side, r.pc);
        if (m->bo.stall) {
            core_stall(c);
            return 0;
        }
        m->vpass[w][side]++;
        if (dpe_step_sb(c, m))
            return -1;
        /* the baseline's scoreboard (the core's) reserves every destination
         * at the issue, and 003's is that one with shadow bits (sec. 3.2):
         * the next destination, or the issue, in a further pass of the
         * same cycle; the port's cycle is spent either way */
        return dpe_try(c, m, q, w, side, units) < 0 ? -1 : 1;
    }
    return dpe_issue(c, m, q, w, side, &r, ki);
}

/* core_order_visit's visit for dpe's scheduler: warp w's paths in 003's
 * order (the one not taken last first), each tried when a candidate. */
typedef struct {
    core *c;
    dpe_state *m;
    unsigned q, units;
    uint64_t cs[2];
} dpe_visit_ctx;

static int dpe_visit(void *ctx, unsigned w)
{
    dpe_visit_ctx *v = ctx;
    const unsigned s0 = !v->m->last_side[w];
    int rc = 0;
    if (v->cs[s0] >> w & 1u)
        rc = dpe_try(v->c, v->m, v->q, w, s0, v->units);
    if (!rc && (v->cs[!s0] >> w & 1u))
        rc = dpe_try(v->c, v->m, v->q, w, !s0, v->units);
    return rc;
}

static int dpe_cycle(core *c, void *vm)
{
    dpe_state *m = vm;
    const prog *p = core_prog(c);
    unsigned P = core_ports(c), ord[256];
    m->sb_stepped = m->st_stepped = 0;
    dpe_sb_base(c, m, &m->base);
    /* the mean paths statistic: every warp with a stack, every cycle */
    if (core_config(c)->check) {
        uint64_t n = 0, sum = 0;
        for (unsigned w = 0; w < m->dc.warps; w++) {
            unsigned pa;
            n += dpe_paths_of(m, w, &pa);
            sum += pa;
        }
        if (n != m->stk_now || sum != m->paths_now)
            return core_fail(c, "internal: the kept path counts are stale: %llu warps with "
                             "%llu paths, the stacks hold %llu with %llu",
                             (unsigned long long)m->stk_now, (unsigned long long)m->paths_now,
                             (unsigned long long)n, (unsigned long long)sum);
        for (unsigned w = 0; w < m->dc.warps; w++)
            for (unsigned side = 0; side < 2; side++)
                if (m->pcls[w][side] != dpe_pcls_now(c, m, w, side))
                    return core_fail(c, "internal: warp %u path %u: kept unit class %u, the "
                                        "stack's %u",
                                     w, side, m->pcls[w][side], dpe_pcls_now(c, m, w, side));
    }
    m->paths_n += m->stk_now;
    m->paths_sum += m->paths_now;
    /* the barriers the core released since: their paths go back.  The
     * core releases a CTA's barrier for all its threads at once, and
     * nothing else clears a waiting thread's flag, so one waiting path per
     * CTA slot answers for all of them (--check compares every path) */
    /* (narrow warps' rendezvous of warp-synchronous instructions,
     * core_issue.c, releases the warps of a logical warp alone: each warp
     * answers for itself there) */
    const unsigned cw = core_wsync_narrow(c) ? 1 : core_cta_warps(c);
    for (uint64_t x = m->bar[0] | m->bar[1]; x;) {
        const unsigned w = (unsigned)__builtin_ctzll(x), lo = w - w % cw;
        const uint64_t slot = (cw >= 64 ? ~0ull : ((1ull << cw) - 1u)) << lo;
        if (!dpe_bar_now(c, m, w, !(m->bar[0] >> w & 1u))) {
            m->bar[0] &= ~slot;
            m->bar[1] &= ~slot;
        }
        x &= ~slot;
    }
    /* the updates nobody shows need not be evaluated (below), and the
     * known hazards need not be queried again: with a VCD or a trace the
     * queries are made as before, since the waveform shows the cycle's
     * last query on the scoreboard's ports.  The test hook's blind
     * scoreboard finds no hazard. */
    const int shown = core_tracing(c) || core_vcd(c), skip_hz = !shown && !core_sb_blind(c);
    if (core_config(c)->check) {
        const char *e = dpe_keep_check(c, m);
        if (e)
            return core_fail(c, "internal: the scan's kept candidates are stale: %s", e);
    }
    for (unsigned q = 0; q < P; q++) {
        unsigned w;
        uint64_t mask;
        if (mech_lq_pop(&m->lq, q, P, &w, &mask)) {
            dpe_stack_in *in = &m->di;
            memset(in, 0, sizeof *in);
            in->op = DPE_OP_LAUNCH;
            in->op_warp = w;
            in->op_mask = mask;
            in->op_rpc = p->n;
            dpe_stack_eval(&m->dc, &m->ds, in, &m->dout);
            if (m->dout.err)
                return core_fail(c, "dpe_stack rejected LAUNCH of warp %u: %s", w,
                                 dpe_stack_err_name((unsigned)m->dout.err_code));
            if (dpe_step_stack(c, m, 0))
                return -1;
            continue;
        }
        const unsigned units = core_free_units(c, q);
        if (!units)
            continue; /* no unit free: no candidate can issue */
        /* the paths dpe_try would not return 0 for at once: a unit of
         * their class free (dpe_candidate), their first thread not at a
         * barrier (core_ready), no hazard known (the query) */
        uint64_t cs[2];
        const uint64_t u0 = -(uint64_t)(units & 1u), u1 = -(uint64_t)(units >> 1 & 1u),
                       u2 = -(uint64_t)(units >> 2 & 1u), u3 = -(uint64_t)(units >> 3 & 1u);
        for (unsigned s = 0; s < 2; s++) {
            const uint64_t k = (m->cls[s][0] & u0) | (m->cls[s][1] & u1) |
                               (m->cls[s][2] & u2) | (m->cls[s][3] & u3);
            cs[s] = k & ~m->bar[s] & ~(skip_hz ? m->hz[s] : 0);
        }
        int rc = 0, first = core_order_rr(c, q, core_warps(c));
        dpe_visit_ctx v = {c, m, q, units, {cs[0], cs[1]}};
        if (first >= 0) {
            /* round robin from `first` over the pool's warps with a path
             * left (core_order's order, less the warps skipped) */
            const uint64_t cw = (cs[0] | cs[1]) & m->pool[q];
            const uint64_t up = cw & (~0ull << first);
            for (uint64_t x = up, pass = !cw * 2u; !rc && pass < 2; x = cw & ~up, pass++)
                for (; x && !rc; x &= x - 1)
                    rc = dpe_visit(&v, (unsigned)__builtin_ctzll(x));
        } else if (core_config(c)->sched == CORE_SCHED_OLDEST) {
            /* oldest: the order of the warps with a path left only (the
             * others would be passed over), taken lazily; none, no order */
            const uint64_t cw = (cs[0] | cs[1]) & m->pool[q];
            if (cw)
                rc = core_order_visit(c, q, core_warps(c), &cw, dpe_visit, &v);
        } else {
            unsigned n = core_order(c, q, core_warps(c), ord);
            for (unsigned i = 0; i < 2 * n && !rc; i++) {
                w = ord[i / 2];
                unsigned side = (i & 1) ? m->last_side[w] : !m->last_side[w];
                if (cs[side] >> w & 1u)
                    rc = dpe_try(c, m, q, w, side, units);
            }
        }
        if (rc < 0)
            return -1;
    }
    /* nothing launched, no pass of an issue stepped the scoreboard or the
     * stack, no writeback is due: the cycle's commits are the idle ones */
    m->idle = !m->st_stepped && !m->sb_stepped && !m->base.wb0_valid;
    /* an idle update changes no state: without a trace or a VCD to show
     * its ports, only its energy count (a NOP: a step, no access) */
    if (!m->st_stepped) {
        memset(&m->di, 0, sizeof m->di);
        if (!shown) {
            if (CORE_RECORD(c, 0, dpe_stack, &m->dc, &m->di, &m->dout))
                return -1;
        } else {
            dpe_stack_eval(&m->dc, &m->ds, &m->di, &m->dout);
            if (dpe_step_stack(c, m, 0))
                return -1;
        }
    }
    /* the cycle's writebacks (or an idle update if none stepped it), two
     * a pass through the structure's two ports.  Every result of the
     * cycle frees its register in the cycle: 003's scoreboard is the
     * baseline's extended with shadow bits (sec. 3.2, l.596-606,
     * l.762-766), and the baseline's (the core's per-warp scoreboard)
     * frees all of them, however many groups write back; so the writebacks
     * past the two ports take further passes in the same cycle. */
    if (!m->sb_stepped && !m->base.wb0_valid && !shown) {
        static const shadow_scoreboard_out idle = {.d_ok = 1};
        /* (m->bi, shown only in a waveform, keeps its last query) */
        if (CORE_RECORD(c, 1, shadow_scoreboard, &m->bc, &m->base, &idle))
            return -1;
        m->sb_stepped = 1;
    }
    for (int pass = !m->sb_stepped || m->base.wb0_valid; pass; pass = m->base.wb0_valid) {
        m->bi = m->base;
        if (dpe_sb_decide(c, m, &m->bi))
            return -1;
        if (m->bo.err)
            return core_fail(c, "shadow_scoreboard error %s on writebacks",
                             shadow_scoreboard_err_name((unsigned)m->bo.err_code));
        if (dpe_step_sb(c, m))
            return -1;
        dpe_sb_base(c, m, &m->base);
    }
    if (core_config(c)->check) {
        const char *e = dpe_stack_check(&m->dc, &m->ds);
        if (!e)
            e = shadow_scoreboard_check(&m->bc, &m->bs);
        if (e)
            return core_fail(c, "dpe invariant: %s", e);
    }
    return 0;
}

static int dpe_busy(const core *c, const void *vm)
{
    const dpe_state *m = vm;
    (void)c;
    return m->lq.n || m->nwb;
}

static int dpe_busy_warp(const core *c, const void *vm, unsigned w)
{
    const dpe_state *m = vm;
    (void)c;
    for (unsigned i = 0; i < m->nwb; i++)
        if (m->wbq[i].warp == w)
            return 1;
    return mech_lq_has(&m->lq, w);
}

static void dpe_trace(core *c, void *vm, struct vcd_writer *w)
{
    dpe_state *m = vm;
    (void)c;
    vcd_scope(w, "dpe_stack");
    dpe_stack_trace(w, &m->dc, &m->ds, &m->di, &m->dout);
    vcd_upscope(w);
    vcd_scope(w, "shadow_scoreboard");
    shadow_scoreboard_trace(w, &m->bc, &m->bs, &m->bi, &m->bo);
    vcd_upscope(w);
}

static void dpe_gtkw(const core *c, const void *vm, FILE *f, const char *s)
{
    (void)c;
    (void)vm;
    fprintf(f, "@2028\n^1 vcd/filters/dpe_stack_side.txt\n+{%s path} %s.issue_ctx[1:0]\n"
               "@2024\n^3 vcd/filters/dpe_stack_act.txt\n+{%s stack act} %s.dpe_stack.act[2:0]\n"
               "@28\n+{%s sb hazard} %s.shadow_scoreboard.hazard\n",
            s, s, s, s, s, s);
}

static void dpe_stats(const core *c, const void *vm, mech_cols *k)
{
    const dpe_state *m = vm;
    static const char *const names[] = {"peak_stack_depth"};
    (void)c;
    mech_cols_u64(k, names, &m->peak, 1);
    k->name[k->n] = "avg_paths";
    snprintf(k->value[k->n++], sizeof k->value[0], "%.3f",
             m->paths_n ? (double)m->paths_sum / (double)m->paths_n : 0.0);
}

static double dpe_area(const core *c, const void *vm, const area_tech *t, char *what, size_t len)
{
    const dpe_state *m = vm;
    area_desc d;
    double mm2 = 0;
    what[0] = 0;
    if (mech_area_add(t, area_desc_dpe_stack_cfg(&m->dc, 0, &d), &d, &mm2, what, len) ||
        mech_area_add(t, area_desc_shadow_scoreboard(m->bc.warps, m->bc.entries, m->bc.regs, 0, &d),
                      &d, &mm2, what, len) ||
        mech_area_regfile(c, LRF_ORG_SINGLE_DECODER, t, &mm2, what, len))
        return -1;
    return mm2;
}

static int dpe_finish(core *c, void *vm)
{
    dpe_state *m = vm;
    for (unsigned w = 0; w < m->dc.warps; w++) {
        if (m->ds.sp[w])
            return core_fail(c, "warp %u: its stack holds %u entries at the end", w,
                             (unsigned)m->ds.sp[w]);
        if (m->bs.valid[w][0] || m->bs.valid[w][1])
            return core_fail(c, "warp %u: shadow scoreboard not empty at the end", w);
    }
    return 0;
}

static void dpe_free(void *vm)
{
    free(((dpe_state *)vm)->wbq);
    free(((dpe_state *)vm)->map);
    free(((dpe_state *)vm)->q1);
}

/* Quiet cycles (core.h, "Quiet cycles"; MECH_QUIET_SB: the core keeps the
 * fetch buffers' clock, this hook answers for the paths).  dpe's last
 * cycle was idle when nothing launched, no writeback was due and no pass
 * stepped the stack or the scoreboard (m->idle; a stall moves the core's
 * full-table count).  Every path of a stack top that the scheduler would
 * try then has a kept reason not to issue (dpe_cycle's candidate sets):
 * its first thread waits at a barrier (bar: only an issue opens it), its
 * last query found a hazard (hz: only a writeback, which clears the bit,
 * or the warp's own issue changes that), or no unit of its class was free
 * (cls: core_class_free_at; also the path the core has not fetched yet or
 * whose group is busy, an earlier answer than its own).  The next
 * writeback is m->wb_due when that is known (dpe_sb_base keeps it exact
 * after a cycle's passes), else the queue's earliest.  An idle cycle is
 * one NOP commit of each structure (a step of its energy row, nothing
 * written) and one sample of the mean paths statistic, whose terms only a
 * stack write moves (taken here with the checks off only: under --check
 * the cycles ran and took their samples, and core.c compares the access
 * counts alone). */
static uint64_t dpe_quiet(core *c, void *vm, uint64_t n)
{
    dpe_state *m = vm;
    if (n) {
        for (const char *const *r = dpe_structs; *r; r++) /* the NOP commits */
            energy_row(core_energy_counts(c), *r)->steps += n;
        if (!core_config(c)->check) { /* (under --check the cycles ran and sampled) */
            m->paths_n += n * m->stk_now;
            m->paths_sum += n * m->paths_now;
        }
        return 0;
    }
    const uint64_t now = core_now(c);
    if (!m->idle || m->lq.n)
        return now;
    uint64_t at = m->wb_due;
    if (at <= now) {
        at = UINT64_MAX;
        for (unsigned i = 0; i < m->nwb; i++)
            at = m->wbq[i].cyc < at ? m->wbq[i].cyc : at;
        if (at <= now)
            return now;
    }
    /* (the test hook's blind scoreboard finds no hazard: no kept bit counts) */
    const uint64_t hz0 = core_sb_blind(c) ? 0 : m->hz[0], hz1 = core_sb_blind(c) ? 0 : m->hz[1];
    for (unsigned k = 0; k < 4; k++)
        if ((m->cls[0][k] & ~m->bar[0] & ~hz0) | (m->cls[1][k] & ~m->bar[1] & ~hz1)) {
            const uint64_t u = core_class_free_at(c, k);
            at = u < at ? u : at;
        }
    return at;
}

const mech_ops mech_dpe = {
    .name = "dpe",
    .paper = "003 sec. 3",
    .summary = "dual-path stack and shadow scoreboard: both paths of a branch interleave",
    .structs = dpe_structs,
    .flags = MECH_OWN_SB | MECH_FETCH_KEPT | MECH_QUIET_SB | MECH_EXIT_POP,
    .nctx = 2,
    .size = sizeof(dpe_state),
    .init = dpe_init,
    .launch = dpe_launch,
    .fetch_pc = dpe_fetch_pc,
    .cycle = dpe_cycle,
    .busy = dpe_busy,
    .busy_warp = dpe_busy_warp,
    .trace = dpe_trace,
    .gtkw = dpe_gtkw,
    .stats = dpe_stats,
    .area = dpe_area,
    .finish = dpe_finish,
    .free = dpe_free,
    .quiet = dpe_quiet,
};
