/* SPDX-License-Identifier: Apache-2.0 */
/*
 * mech_swi.c -- swi: Simultaneous Warp Interweaving (001 sec. 4, 5.1,
 * Tables 1-3), on rtl_c/swi_sched, rtl_c/lane_shuffle and rtl_c/simt_stack.
 *
 * The baseline (001 sec. 2, l.66-75; tb/simt/configs/001.cfg): two pools
 * (even and odd warps), each fetching one instruction a cycle into a buffer
 * of one entry per warp and issuing its oldest ready instruction to a SIMD
 * group; a reconvergence stack per warp; the per-warp scoreboard.  What SWI
 * adds and changes:
 *   - per pool, swi_sched replaces the pool's buffer and scheduler: its
 *     entries are the pool's warps (warp w in pool w mod P as its entry
 *     w div P); the primary picks the oldest ready entry, which waits one
 *     cycle in the secondary stage, and the secondary picks a ready entry of
 *     another warp of the pool whose lanes fit in the ones the primary
 *     leaves free; both issue together on the pool's SIMD group (001 sec.
 *     4: "two cascaded schedulers"; Table 2: scheduler latency 2 against 1).
 *     One fill per pool per cycle, as the baseline's fetch (item 5); an
 *     entry is refilled in the cycle it leaves when the next PC is
 *     sequential, so a warp issues every cycle (swi_sched's refill rule);
 *   - the buffer of each pool is sized from its warps (item 10): SETS =
 *     the largest power of two <= min(swi_sets, warps of the pool), WAYS =
 *     swi_ways or enough for every warp, so the set the secondary searches
 *     (the one after the primary's) holds warps whenever two are there;
 *   - one delivery stage between the scheduler and the SIMD group (001
 *     Table 2: instruction-delivery latency 1 against 0; sec. 5.1: "one
 *     extra pipeline stage ... for the wire delay"): core delay 1 (item 6);
 *   - lane_shuffle maps thread t of warp w to lane f(t, w) (001 Table 1,
 *     the `shuffle` key, XorRev in the 001 preset, item 9): the stacks keep
 *     thread masks, swi_sched and the SIMD group see lanes;
 *   - a second stack update a cycle per pool (I1 and I2 are two warps): the
 *     stacks are banked (two eval/step calls of the one-port model).
 *
 * Choices where 001 is silent: I2 must be of I1's class (ALU, SFU or
 * memory: it joins I1's SIMD group, 001 l.150's first case; the "another
 * free SIMD group" case is not modelled, as in swi_sched).  An entry is
 * ready when the scoreboard and the barrier let it go (swi_sched's ready
 * bits serve both pickers); an entry the secondary may not take this cycle
 * (another class than I1, or a substitute whose group is busy) is taken out
 * of the ready bits and the structure evaluated again, which also hides it
 * from this cycle's primary.  When the stage's I1 finds its SIMD group (a
 * warp of several waves) or the load/store unit still busy, the pool
 * stalls: its swi_sched takes no clock edge that cycle (a clock enable:
 * no pick, no I2, no fill; --trace-dir records no line for it).  Pool p
 * uses ALU group p mod alu_groups and SFU group p mod sfu_groups; the
 * load/store unit is shared.
 */
#include <stdlib.h>
#include <string.h>

#include "../../area/structs.h"
#include "../../rtl_c/lane_shuffle.h"
#include "../../rtl_c/simt_stack.h"
#include "../../rtl_c/swi_sched.h"
#include "../../vcd/vcd.h"
#include "mech.h"

#define SWI_POOLS 2 /* at most: I2 takes the issue slot P + p (CORE_MAX_PORTS) */

enum { CL_ALU = 0, CL_SFU = 1, CL_MEM = 2 };

typedef struct {
    unsigned P, WS, W, func, alu_n, sfu_n;
    simt_stack_cfg sc;
    simt_stack_state ss;
    simt_stack_in in;
    simt_stack_out out;
    swi_sched_cfg qc[SWI_POOLS];
    swi_sched_state qs[SWI_POOLS];
    swi_sched_in qi[SWI_POOLS];
    swi_sched_out qo[SWI_POOLS];
    lane_shuffle_cfg lc;
    uint8_t lane_of[CORE_MAX_WARPS][CORE_MAX_WARP]; /* thread t of warp w -> lane */
    uint32_t tid[CORE_MAX_WARPS][CORE_MAX_WARP];    /* lane l of warp w -> thread slot */
    mech_launchq lq;
    unsigned fill_rr[SWI_POOLS];
    uint64_t peak, pairs, conflicts, subst, stalls;
} swi_state;

static const char *const swi_structs[] = {"simt_stack", "swi_sched", "lane_shuffle", NULL};

static unsigned class_of(const prog *p, int pc)
{
    unsigned u = p->ins[pc].unit;
    if (u == PU_SFU)
        return CL_SFU;
    if ((u == PU_LD || u == PU_ST || u == PU_ATOM) && p->ins[pc].space != PS_PARAM)
        return CL_MEM;
    return CL_ALU;
}

static uint64_t to_lanes(const swi_state *m, unsigned w, uint64_t tmask)
{
    uint64_t l = 0;
    for (; tmask; tmask &= tmask - 1)
        l |= 1ull << m->lane_of[w][__builtin_ctzll(tmask)];
    return l;
}

static uint64_t to_threads(const swi_state *m, unsigned w, uint64_t lmask)
{
    uint64_t t = 0;
    for (; lmask; lmask &= lmask - 1)
        t |= 1ull << (m->tid[w][__builtin_ctzll(lmask)] - w * m->WS);
    return t;
}

/* ------------------------------------------- swi_sched's size (swi, sbi+swi) */
const char *mech_swi_sched_cfg(core *c, unsigned n, unsigned pool, swi_sched_cfg *qc)
{
    static char msg[240];
    const core_cfg *C = core_config(c);
    unsigned sets = 1;
    while (sets * 2 <= n && sets * 2 <= (C->swi_sets ? C->swi_sets : 1))
        sets *= 2;
    unsigned ways = C->swi_ways ? C->swi_ways : (n + sets - 1) / sets;
    *qc = (swi_sched_cfg){sets, ways ? ways : 1, core_warp_size(c), 32};
    const char *e = core_apply_params(c, &swi_sched_params, qc);
    if (!e)
        e = swi_sched_cfg_check(qc);
    if (!e && qc->sets * qc->ways < n) {
        snprintf(msg, sizeof msg,
                 "swi_sched: SETS x WAYS = %u x %u holds fewer than the %u warps of pool %u",
                 qc->sets, qc->ways, n, pool);
        e = msg;
    }
    if (!e && qc->lanes != core_warp_size(c)) {
        snprintf(msg, sizeof msg, "swi_sched: LANES = %u, but the warp size is %u", qc->lanes,
                 core_warp_size(c));
        e = msg;
    }
    return e;
}

static const char *swi_init(core *c, void *vm)
{
    swi_state *m = vm;
    const core_cfg *C = core_config(c);
    static char msg[240];
    m->P = core_ports(c);
    m->WS = core_warp_size(c);
    m->W = core_warps(c);
    m->func = C->shuffle;
    m->alu_n = C->alu_groups ? C->alu_groups : C->schedulers;
    m->sfu_n = C->sfu_groups ? C->sfu_groups : 1;
    if (m->P > SWI_POOLS) {
        snprintf(msg, sizeof msg, "swi: %u schedulers; SWI here has at most %u pools", m->P,
                 SWI_POOLS);
        return msg;
    }
    m->sc = (simt_stack_cfg){m->W, m->WS, C->spe_depth, 32};
    const char *e = core_apply_params(c, &simt_stack_params, &m->sc);
    if (!e)
        e = simt_stack_cfg_check(&m->sc);
    for (unsigned p = 0; p < m->P && !e; p++)
        if (!(e = mech_swi_sched_cfg(c, (m->W - p + m->P - 1) / m->P, p, &m->qc[p])))
            swi_sched_reset(&m->qc[p], &m->qs[p]);
    if (e)
        return e;
    if (m->sc.warps < m->W || m->sc.lanes != m->WS) {
        snprintf(msg, sizeof msg, "simt_stack: WARPS %u LANES %u for %u warps of %u",
                 (unsigned)m->sc.warps, (unsigned)m->sc.lanes, m->W, m->WS);
        return msg;
    }
    /* the thread-to-lane map through lane_shuffle (001 Table 1) */
    m->lc = (lane_shuffle_cfg){m->WS, m->W > 64 ? 64 : m->W};
    if (m->func && (e = lane_shuffle_cfg_check(&m->lc))) {
        snprintf(msg, sizeof msg, "lane_shuffle: %s (shuffle %u needs a warp size that is a "
                                  "power of two and at most 64 warps)", e, m->func);
        return msg;
    }
    if (m->func && m->W > 64) {
        snprintf(msg, sizeof msg, "lane_shuffle: %u warps; it holds at most 64", m->W);
        return msg;
    }
    for (unsigned w = 0; w < m->W; w++)
        for (unsigned t = 0; t < m->WS; t++) {
            unsigned l = m->func ? lane_shuffle_map(&m->lc, m->func, w, t) : t;
            m->lane_of[w][t] = (uint8_t)l;
            m->tid[w][l] = w * m->WS + t;
        }
    simt_stack_reset(&m->sc, &m->ss);
    for (unsigned p = 0; p < SWI_POOLS; p++)
        m->fill_rr[p] = 0;
    return NULL;
}

static void swi_launch(core *c, void *vm, unsigned w, uint64_t mask)
{
    (void)c;
    mech_lq_push(&((swi_state *)vm)->lq, w, mask);
}

/* The stack's top of warp w: pc (-1 none) and thread mask. */
static int top_of(const swi_state *m, const prog *p, unsigned w, uint64_t *tmask)
{
    unsigned sp = m->ss.sp[w];
    *tmask = 0;
    if (!sp)
        return -1;
    *tmask = m->ss.ent[w][sp - 1].mask;
    uint64_t pc = m->ss.ent[w][sp - 1].pc;
    return pc < p->n && *tmask ? (int)pc : -1;
}

static core_req swi_req(const swi_state *m, const prog *p, unsigned w, int pc, uint64_t lanes,
                        unsigned pool, int with)
{
    core_req r = {0};
    r.warp = r.unit_warp = w;
    r.pc = pc;
    r.mask = lanes;
    r.tid = m->tid[w];
    unsigned k = class_of(p, pc);
    r.group = k == CL_SFU ? (int)(pool % m->sfu_n) : k == CL_ALU ? (int)(pool % m->alu_n) : -1;
    r.with = with;
    r.delay = 1; /* 001 Table 2: one instruction-delivery cycle */
    r.nofetch = 1;
    return r;
}

static int stack_op(core *c, swi_state *m, int issued)
{
    simt_stack_eval(&m->sc, &m->ss, &m->in, &m->out);
    if (m->out.err)
        return core_fail(c, "simt_stack rejected %s of warp %llu: %s",
                         m->in.op == SIMT_OP_LAUNCH ? "LAUNCH" : "an issue",
                         (unsigned long long)m->in.op_warp,
                         simt_stack_err_name((unsigned)m->out.err_code));
    return mech_stack_commit(c, 0, &m->sc, &m->ss, &m->in, &m->out, issued, &m->peak);
}

/* Issues warp w's (pc, lanes) on `port`: the stack's top must be it; the
 * stack steps (a banked update); the bookings are mirrored. */
static int swi_issue(core *c, swi_state *m, unsigned port, unsigned w, int pc, uint64_t lanes,
                     unsigned pool, int with)
{
    const prog *p = core_prog(c);
    uint64_t tmask;
    int tpc = top_of(m, p, w, &tmask);
    if (tpc != pc || to_lanes(m, w, tmask) != lanes)
        return core_fail(c, "internal: warp %u issues pc %d on lanes %llx, its stack top is pc "
                            "%d on lanes %llx",
                         w, pc, (unsigned long long)lanes, tpc,
                         (unsigned long long)to_lanes(m, w, tmask));
    core_req r = swi_req(m, p, w, pc, lanes, pool, with);
    enum core_why y = core_ready(c, port, &r);
    if (y != CORE_OK)
        return core_fail(c, "internal: warp %u pc %d picked for this cycle, the core says %d", w,
                         pc, (int)y);
    uint64_t taken = to_threads(m, w, core_taken(c, &r));
    core_out o;
    if (core_issue(c, port, &r, &o))
        return -1;
    mech_stack_branch(p, w, pc, tmask, taken, &m->in);
    return stack_op(c, m, 1);
}

/* The sequential next instruction of warp w after (pc, tmask) issues:
 * pc + 1 on the same threads, unless pc is a branch or exit or pc + 1 is
 * the top's reconvergence PC (the stack pops): -1. */
static int seq_next(const swi_state *m, const prog *p, unsigned w, int pc)
{
    unsigned sp = m->ss.sp[w];
    const prog_insn *in = &p->ins[pc];
    if (!sp || in->unit == PU_BRA || in->unit == PU_EXIT || pc + 1 >= (int)p->n ||
        (uint64_t)(pc + 1) == m->ss.ent[w][sp - 1].rpc)
        return -1;
    return pc + 1;
}

static int swi_cycle(core *c, void *vm)
{
    swi_state *m = vm;
    const prog *p = core_prog(c);
    const unsigned P = m->P;
    int ops = 0, launched[SWI_POOLS], lives[SWI_POOLS], stalled[SWI_POOLS];
    /* every pool's launch (it takes the stack's port: nothing of the pool
     * is picked) and its stage's I1 (last cycle's pick) first, so that the
     * ready bits below see them.  An I1 whose SIMD group or the load/store
     * unit is still busy holds the pool: its swi_sched takes no clock edge
     * this cycle (no pick, no I2, no fill) */
    for (unsigned q = 0; q < P; q++) {
        const swi_sched_state *s = &m->qs[q];
        unsigned lw;
        uint64_t lmask;
        memset(&m->qi[q], 0, sizeof m->qi[q]);
        launched[q] = -1;
        if (mech_lq_pop(&m->lq, q, P, &lw, &lmask)) {
            mech_stack_launch(p, lw, lmask, &m->in);
            if (stack_op(c, m, 0))
                return -1;
            launched[q] = (int)lw;
            ops++;
        }
        lives[q] = s->s_v_q && s->s_mask_q;
        stalled[q] = 0;
        if (lives[q]) {
            unsigned w1 = (unsigned)s->s_warp_q * P + q;
            core_req r = swi_req(m, p, w1, (int)s->s_pc_q, s->s_mask_q, q, -1);
            enum core_why y = core_ready(c, q, &r);
            if (y == CORE_NO_GROUP || y == CORE_LSU) {
                stalled[q] = 1;
                m->stalls++;
                continue;
            }
            if (swi_issue(c, m, q, w1, (int)s->s_pc_q, s->s_mask_q, q, -1))
                return -1;
            ops++;
        }
    }
    for (unsigned q = 0; q < P; q++) {
        swi_sched_state *s = &m->qs[q];
        swi_sched_in *qi = &m->qi[q];
        swi_sched_out *qo = &m->qo[q];
        const int live = lives[q];
        if (stalled[q])
            continue;
        /* ready: the scoreboard and the barrier let the entry go */
        unsigned n = swi_sched_warps(&m->qc[q]);
        uint64_t ready = 0;
        for (unsigned i = 0; i < n && launched[q] < 0; i++) {
            unsigned w = i * P + q;
            if (!(s->v_q >> i & 1u) || w >= m->W)
                continue;
            int pc = (int)s->pc_q[i];
            if (core_at_bar(c, m->tid[w][__builtin_ctzll(s->mask_q[i])]) ||
                !core_sb_ready(c, w, pc))
                continue;
            ready |= 1ull << i;
        }
        /* the structure's decision; an I2 it may not take goes out of the
         * ready bits and it decides again */
        for (;;) {
            qi->ready = ready;
            swi_sched_eval(&m->qc[q], s, qi, qo);
            if (qo->err)
                return core_fail(c, "swi_sched error %s", swi_sched_err_name((unsigned)qo->err_code));
            if (!qo->i2_valid)
                break;
            int pc2 = (int)qo->i2_pc;
            unsigned w2 = (unsigned)qo->i2_warp * P + q;
            core_req r2 = swi_req(m, p, w2, pc2, qo->i2_mask, q, -1);
            if (live ? class_of(p, pc2) == class_of(p, (int)s->s_pc_q)
                     : core_ready(c, q, &r2) == CORE_OK)
                break;
            ready &= ~(1ull << qo->i2_warp);
        }
        /* I2 beside I1 (issue slot P + q), or alone as the substitute */
        int i2w = -1, i2next = -1;
        uint64_t i2tm = 0;
        if (qo->i2_valid) {
            unsigned w2 = (unsigned)qo->i2_warp * P + q;
            i2next = seq_next(m, p, w2, (int)qo->i2_pc);
            top_of(m, p, w2, &i2tm);
            if (swi_issue(c, m, live ? P + q : q, w2, (int)qo->i2_pc, qo->i2_mask, q,
                          live ? (int)q : -1))
                return -1;
            i2w = (int)qo->i2_warp;
            ops++;
            m->pairs += live;
            m->subst += !live;
            m->conflicts += qo->conflict != 0;
        }
        /* the fill: round robin over the pool's entries that leave now (the
         * primary's pick, I2) with a sequential next PC, and the empty ones
         * of warps neither in the stage nor launched now (their stack top
         * is current) */
        for (unsigned j = 1; j <= n; j++) {
            unsigned i = (m->fill_rr[q] + j) % n, w = i * P + q;
            if (w >= m->W)
                continue;
            int pc = -1;
            uint64_t tmask = 0;
            if (i2w == (int)i) {
                pc = i2next;
                tmask = i2tm;
            } else if (qo->p_valid && qo->p_warp == i) {
                pc = seq_next(m, p, w, (int)s->pc_q[i]);
                tmask = to_threads(m, w, s->mask_q[i]);
            } else if (!(s->v_q >> i & 1u) && !(s->s_v_q && s->s_warp_q == i) &&
                       (int)w != launched[q]) {
                pc = top_of(m, p, w, &tmask);
            }
            if (pc < 0)
                continue;
            qi->fill_valid = 1;
            qi->fill_warp = i;
            qi->fill_pc = (uint64_t)pc;
            qi->fill_mask = to_lanes(m, w, tmask);
            m->fill_rr[q] = i;
            break;
        }
        swi_sched_out again;
        swi_sched_eval(&m->qc[q], s, qi, &again);
        if (again.err || again.p_valid != qo->p_valid || again.p_warp != qo->p_warp ||
            again.i2_valid != qo->i2_valid || again.i2_warp != qo->i2_warp)
            return core_fail(c, "internal: swi_sched changed its decision with the fill (%s)",
                             swi_sched_err_name((unsigned)again.err_code));
        *qo = again;
        if (CORE_RECORD(c, 1 + q, swi_sched, &m->qc[q], qi, qo))
            return -1;
        swi_sched_step(&m->qc[q], s, qi, qo);
    }
    if (!ops) {
        memset(&m->in, 0, sizeof m->in);
        if (stack_op(c, m, 0))
            return -1;
    }
    if (core_config(c)->check) {
        const char *e = simt_stack_check(&m->sc, &m->ss);
        for (unsigned q = 0; q < P && !e; q++)
            e = swi_sched_check(&m->qc[q], &m->qs[q]);
        if (e)
            return core_fail(c, "swi invariant: %s", e);
    }
    return 0;
}

static int swi_busy(const core *c, const void *vm)
{
    (void)c;
    const swi_state *m = vm;
    int b = m->lq.n != 0;
    for (unsigned q = 0; q < m->P; q++)
        b |= m->qs[q].v_q != 0 || m->qs[q].s_v_q != 0;
    return b;
}

/* warp w is entry w div P of pool w mod P's swi_sched */
static int swi_busy_warp(const core *c, const void *vm, unsigned w)
{
    const swi_state *m = vm;
    (void)c;
    const swi_sched_state *s = &m->qs[w % m->P];
    unsigned i = w / m->P;
    return mech_lq_has(&m->lq, w) || (s->v_q >> i & 1u) || (s->s_v_q && s->s_warp_q == i);
}

static void swi_trace(core *c, void *vm, struct vcd_writer *w)
{
    swi_state *m = vm;
    (void)c;
    static const char *const scope[SWI_POOLS] = {"swi_sched0", "swi_sched1"};
    for (unsigned q = 0; q < m->P; q++) {
        vcd_scope(w, scope[q]);
        swi_sched_trace(w, &m->qc[q], &m->qs[q], &m->qi[q], &m->qo[q]);
        vcd_upscope(w);
    }
    vcd_scope(w, "simt_stack");
    simt_stack_trace(w, &m->sc, &m->ss, &m->in, &m->out);
    vcd_upscope(w);
}

static void swi_gtkw(const core *c, const void *vm, FILE *f, const char *s)
{
    (void)c;
    const swi_state *m = vm;
    for (unsigned q = 0; q < m->P; q++)
        fprintf(f, "@28\n+{%s pool %u act} %s.swi_sched%u.act[2:0]\n", s, q, s, q);
}

static void swi_stats(const core *c, const void *vm, mech_cols *k)
{
    const swi_state *m = vm;
    (void)c;
    static const char *const names[] = {"peak_stack_depth", "swi_insts", "swi_conflicts",
                                        "swi_subst", "swi_stalls", "swi_sets", "swi_ways"};
    const uint64_t v[] = {m->peak,  m->pairs,       m->conflicts, m->subst,
                          m->stalls, m->qc[0].sets, m->qc[0].ways};
    mech_cols_u64(k, names, v, 7);
}

/* swi_sched's units and the register file a cascade needs (swi, sbi+swi). */
int mech_swi_area(const core *c, const swi_sched_cfg *qc, unsigned n, const area_tech *t,
                  double *mm2, char *what, size_t len)
{
    area_desc d;
    for (unsigned q = 0; q < n; q++)
        if (mech_area_add(t, area_desc_swi_sched(&qc[q], 0, &d), &d, mm2, what, len))
            return -1;
    /* two instructions on one SIMD group read two register addresses: a
     * decoder per bank (001 Table 3: "Segmented") */
    return mech_area_regfile(c, LRF_ORG_PER_LANE, t, mm2, what, len);
}

static double swi_area(const core *c, const void *vm, const area_tech *t, char *what,
                       size_t len)
{
    const swi_state *m = vm;
    area_desc d;
    double mm2 = 0;
    what[0] = 0;
    if (mech_area_add(t, area_desc_simt_stack(&m->sc, 0, &d), &d, &mm2, what, len) ||
        (m->func && mech_area_add(t, area_desc_lane_shuffle(&m->lc, 0, &d), &d, &mm2, what, len)) ||
        mech_swi_area(c, m->qc, m->P, t, &mm2, what, len))
        return -1;
    return mm2;
}

static int swi_finish(core *c, void *vm)
{
    swi_state *m = vm;
    if (mech_stack_finish(c, &m->sc, &m->ss))
        return -1;
    for (unsigned q = 0; q < m->P; q++)
        if (m->qs[q].v_q || m->qs[q].s_v_q)
            return core_fail(c, "swi_sched of pool %u: instructions left at the end", q);
    return 0;
}

const mech_ops mech_swi = {
    .name = "swi",
    .paper = "001 sec. 4",
    .summary = "simultaneous warp interweaving: cascaded schedulers per pool, lane shuffle",
    .structs = swi_structs,
    .flags = MECH_OWN_FETCH | MECH_OWN_SCHED,
    .nctx = 1,
    .size = sizeof(swi_state),
    .init = swi_init,
    .launch = swi_launch,
    .cycle = swi_cycle,
    .busy = swi_busy,
    .busy_warp = swi_busy_warp,
    .trace = swi_trace,
    .gtkw = swi_gtkw,
    .stats = swi_stats,
    .area = swi_area,
    .finish = swi_finish,
};
