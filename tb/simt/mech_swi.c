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
 *   - one pool of every warp, and its two schedulers cascaded (001 sec. 4,
 *     l.150: "two cascaded schedulers"; Table 3's SWI column: one 24-entry
 *     warp pool and a 24-entry dual-ported instruction buffer for 24 warps
 *     of 64, against the baseline's 2 x 24 pool and symmetric schedulers;
 *     sec. 3.2 l.99 for SBI, which SWI follows, "instead of two warp
 *     pools ... a single warp pool").  swi_sched replaces the buffer and
 *     the schedulers: entry w is warp w; the primary picks the oldest ready
 *     entry, which waits one cycle in the secondary stage and issues as I1
 *     on port 0 to a free SIMD group of its class (any of alu_groups /
 *     sfu_groups); the secondary picks a ready entry of another warp whose
 *     lanes fit in the ones I1 leaves free, and it issues beside I1 on
 *     port 1 in the same slot and SIMD group, or, when the core has
 *     another SIMD group of I1's class free (swi_sched's alt_free; 001
 *     l.150: "Alternatively, it can be scheduled to another free SIMD
 *     group, as in a conventional multiple-issue SIMD processor"), any
 *     ready entry of the set, which issues on port 1 in its own slot on
 *     that group (swi_sched's i2_alt; best fit over both: most lanes, I1's
 *     group first among equals) (Table 2: scheduler latency 2 against 1).
 *     So SWI issues at most two instructions a cycle, as sbi and sbi+swi,
 *     and as the baseline's two schedulers, and on full warps it issues
 *     two where the baseline does (001 l.199: on regular kernels "the
 *     benefit comes from scheduling more instructions to distinct SIMD
 *     groups"; 001 Table 2 gives SWI 64-thread warps, --set
 *     warp_size=64, to keep the threads a cycle).
 *     Two fills a cycle (swi_sched's two write ports: Table 3's
 *     dual-ported buffer, and the baseline's fetch of two instructions a
 *     cycle, l.71); an entry is refilled in the cycle it leaves when the
 *     next PC is sequential, so a warp issues every cycle and both entries
 *     a pair leaves refill together (swi_sched's refill rule);
 *   - the buffer is sized from the warps (item 10): SETS = the largest
 *     power of two <= min(swi_sets, warps), WAYS = swi_ways or enough for
 *     every warp, so the set the secondary searches (the one after the
 *     primary's) holds warps whenever two are there;
 *   - one delivery stage between the scheduler and the SIMD group (001
 *     Table 2: instruction-delivery latency 1 against 0; sec. 5.1: "one
 *     extra pipeline stage ... for the wire delay"): core delay 1 (item 6);
 *   - lane_shuffle maps thread t of warp w to lane f(t, w) (001 Table 1,
 *     the `shuffle` key, XorRev in the 001 preset, item 9): the stacks keep
 *     thread masks, swi_sched and the SIMD group see lanes;
 *   - a second stack update a cycle (I1 and I2 are two warps): the stacks
 *     are banked (two eval/step calls of the one-port model).
 *
 * Choices where 001 is silent: I2 must be of I1's class (ALU, SFU or
 * memory), in both of l.150's cases: beside I1 it joins I1's SIMD group;
 * on another group, alt_free is the core's answer for I1's class once I1
 * has its group (a second ALU group: 001's two MAD groups, l.75, l.199;
 * the SFU group and the load/store unit are one each, so an SFU or
 * memory I1 never has one).  An entry is
 * ready when the scoreboard and the barrier let it go (swi_sched's ready
 * bits serve both pickers); an entry the secondary may not take this cycle
 * (another class than I1, or a substitute whose group is busy) is taken out
 * of the ready bits and the structure evaluated again, which also hides it
 * from this cycle's primary.  When the stage's I1 finds no SIMD group of
 * its class free (warps of several waves) or the load/store unit busy, the
 * scheduler stalls: swi_sched takes no clock edge that cycle (a clock
 * enable: no pick, no I2, no fill; --trace-dir records no line for it).
 * Stats: swi_insts counts I2s beside I1, swi_alt those on another group.
 */
#include <stdlib.h>
#include <string.h>

#include "../../area/structs.h"
#include "../../rtl_c/lane_shuffle.h"
#include "../../rtl_c/simt_stack.h"
#include "../../rtl_c/swi_sched.h"
#include "../../vcd/vcd.h"
#include "mech.h"

enum { CL_ALU = 0, CL_SFU = 1, CL_MEM = 2 };

typedef struct {
    unsigned WS, W, func;
    simt_stack_cfg sc;
    simt_stack_state ss;
    simt_stack_in in;
    simt_stack_out out;
    swi_sched_cfg qc;
    swi_sched_state qs;
    swi_sched_in qi;
    swi_sched_out qo;
    lane_shuffle_cfg lc;
    /* W rows each (swi_init; the state is cleared per run, so its size is
     * the run's): lanes [0, WS) of row w are warp w's */
    uint8_t (*lane_of)[CORE_MAX_WARP]; /* thread t of warp w -> lane */
    uint32_t (*tid)[CORE_MAX_WARP];    /* lane l of warp w -> thread slot */
    mech_launchq lq;
    unsigned fill_rr;
    uint64_t peak, pairs, alts, conflicts, subst, stalls;
    int idle; /* the last cycle was idle (swi_quiet) */
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

/* Warp w's entry on lanes `lmask` waits: its first thread at a barrier,
 * or, in narrow warps with warp-synchronous instructions, any of its
 * threads held at their rendezvous (core.h core_wsync_narrow: a held
 * thread may be merged with others at a reconvergence point) */
static int swi_held(const core *c, const swi_state *m, unsigned w, uint64_t lmask)
{
    return core_at_bar(c, m->tid[w][__builtin_ctzll(lmask)]) ||
           (core_wsync_narrow(c) && (core_warp_bar(c, w) & to_threads(m, w, lmask)));
}

/* ------------------------------------------- swi_sched's size (swi, sbi+swi) */
int mech_swi_decide(core *c, const swi_sched_cfg *qc, const swi_sched_state *s,
                    swi_sched_in *qi, uint64_t ready, swi_sched_out *qo)
{
    qi->ready = ready;
    swi_sched_eval(qc, s, qi, qo);
    if (qo->err)
        return core_fail(c, "swi_sched error %s", swi_sched_err_name((unsigned)qo->err_code));
    return qo->i2_valid ? 1 : 0;
}

int mech_swi_fill(swi_sched_in *qi, unsigned warp, uint64_t pc, uint64_t mask)
{
    if (!qi->fill_valid) {
        qi->fill_valid = 1;
        qi->fill_warp = warp;
        qi->fill_pc = pc;
        qi->fill_mask = mask;
        return 0;
    }
    qi->fill2_valid = 1;
    qi->fill2_warp = warp;
    qi->fill2_pc = pc;
    qi->fill2_mask = mask;
    return 1;
}

int mech_swi_refill(core *c, const swi_sched_cfg *qc, const swi_sched_state *s,
                    const swi_sched_in *qi, swi_sched_out *qo)
{
    swi_sched_out again;
    if (core_config(c)->check) /* the whole eval, to compare */
        swi_sched_eval(qc, s, qi, &again);
    const uint64_t pv = qo->p_valid, pw = qo->p_warp, iv = qo->i2_valid, iw = qo->i2_warp;
    swi_sched_refill(qc, s, qi, qo);
    if (core_config(c)->check && memcmp(&again, qo, sizeof again))
        return core_fail(c, "internal: swi_sched_refill differs from its eval");
    if (qo->err || qo->p_valid != pv || qo->p_warp != pw || qo->i2_valid != iv ||
        qo->i2_warp != iw)
        return core_fail(c, "internal: swi_sched changed its decision with the fill (%s)",
                         swi_sched_err_name((unsigned)qo->err_code));
    return 0;
}

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
    m->WS = core_warp_size(c);
    m->W = core_warps(c);
    m->func = C->shuffle;
    if (m->W > SWI_SCHED_MAX_WARPS) {
        snprintf(msg, sizeof msg, "swi_sched: %u warps; it holds at most %u", m->W,
                 SWI_SCHED_MAX_WARPS);
        return msg;
    }
    m->sc = (simt_stack_cfg){m->W, m->WS, C->spe_depth, 32, C->stack_merge};
    const char *e = core_apply_params(c, &simt_stack_params, &m->sc);
    if (!e)
        e = simt_stack_cfg_check(&m->sc);
    if (!e && !(e = mech_swi_sched_cfg(c, m->W, 0, &m->qc)))
        swi_sched_reset(&m->qc, &m->qs);
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
    m->lane_of = malloc((m->W ? m->W : 1) * sizeof m->lane_of[0]);
    m->tid = malloc((m->W ? m->W : 1) * sizeof m->tid[0]);
    if (!m->lane_of || !m->tid)
        return "swi: out of memory";
    for (unsigned w = 0; w < m->W; w++)
        for (unsigned t = 0; t < m->WS; t++) {
            unsigned l = m->func ? lane_shuffle_map(&m->lc, m->func, w, t) : t;
            m->lane_of[w][t] = (uint8_t)l;
            m->tid[w][l] = w * m->WS + t;
        }
    simt_stack_reset(&m->sc, &m->ss);
    m->fill_rr = 0;
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

static core_req swi_req(const swi_state *m, unsigned w, int pc, uint64_t lanes, int with)
{
    core_req r = {0};
    r.warp = r.unit_warp = w;
    r.pc = pc;
    r.mask = lanes;
    r.tid = m->tid[w];
    r.group = -1; /* any free SIMD group of its class (one pool feeds them all) */
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
                     int with)
{
    const prog *p = core_prog(c);
    uint64_t tmask;
    int tpc = top_of(m, p, w, &tmask);
    if (tpc != pc || to_lanes(m, w, tmask) != lanes)
        return core_fail(c, "internal: warp %u issues pc %d on lanes %llx, its stack top is pc "
                            "%d on lanes %llx",
                         w, pc, (unsigned long long)lanes, tpc,
                         (unsigned long long)to_lanes(m, w, tmask));
    core_req r = swi_req(m, w, pc, lanes, with);
    r.perm_threads = tmask; /* the lanes are warp w's threads, shuffled */
    if (core_config(c)->fault_kind == 16 && core_now(c) >= core_config(c)->fault_cycle)
        r.perm_threads &= r.perm_threads - 1; /* the test hook: one thread too few */
    enum core_why y = core_ready(c, port, &r);
    if (y != CORE_OK)
        return core_fail(c, "internal: warp %u pc %d picked for this cycle, the core says %d", w,
                         pc, (int)y);
    uint64_t taken = to_threads(m, w, core_taken(c, &r));
    core_out o;
    if (core_issue(c, port, &r, &o))
        return -1;
    mech_stack_branch(p, w, pc, tmask, taken, &m->in);
    mech_stack_exit(p, pc, m->ss.ent[w][m->ss.sp[w] - 1].rpc, &m->in);
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
    swi_sched_state *s = &m->qs;
    swi_sched_in *qi = &m->qi;
    swi_sched_out *qo = &m->qo;
    int ops = 0, launched = -1;
    unsigned lw;
    uint64_t lmask;
    /* the launch (it takes the stack's port: nothing is picked) and the
     * stage's I1 (last cycle's pick) first, so that the ready bits below
     * see them.  An I1 that finds no SIMD group of its class or the
     * load/store unit free holds the scheduler: swi_sched takes no clock
     * edge this cycle (no pick, no I2, no fill) */
    memset(qi, 0, sizeof *qi);
    m->idle = !s->s_v_q; /* and below: nothing launched, picked, filled or issued */
    if (mech_lq_pop(&m->lq, 0, 1, &lw, &lmask)) {
        mech_stack_launch(p, lw, lmask, &m->in);
        if (stack_op(c, m, 0))
            return -1;
        launched = (int)lw;
        ops++;
    }
    const int live = s->s_v_q && s->s_mask_q;
    int stalled = 0;
    if (live) {
        unsigned w1 = (unsigned)s->s_warp_q;
        core_req r = swi_req(m, w1, (int)s->s_pc_q, s->s_mask_q, -1);
        enum core_why y = core_ready(c, 0, &r);
        if (y == CORE_NO_GROUP || y == CORE_LSU) {
            stalled = 1;
            m->stalls++;
        } else {
            if (swi_issue(c, m, 0, w1, (int)s->s_pc_q, s->s_mask_q, -1))
                return -1;
            ops++;
            /* another unit of I1's class free now that I1 has its own */
            qi->alt_free = core_unit_free(c, 1, &r) == CORE_OK;
        }
    }
    if (!stalled) {
        /* ready: the scoreboard and the barrier let the entry go */
        const uint64_t wmask = m->W < 64 ? (1ull << m->W) - 1 : ~0ull; /* n >= W */
        uint64_t ready = 0;
        for (uint64_t v = launched < 0 ? s->v_q & wmask : 0; v; v &= v - 1) {
            unsigned w = (unsigned)__builtin_ctzll(v);
            int pc = (int)s->pc_q[w];
            if (swi_held(c, m, w, s->mask_q[w]) || !core_sb_ready(c, w, pc))
                continue;
            ready |= 1ull << w;
        }
        /* the structure's decision; an I2 it may not take goes out of the
         * ready bits and it decides again */
        for (;;) {
            int d = mech_swi_decide(c, &m->qc, s, qi, ready, qo);
            if (d < 0)
                return -1;
            if (!d)
                break;
            int pc2 = (int)qo->i2_pc;
            unsigned w2 = (unsigned)qo->i2_warp;
            core_req r2 = swi_req(m, w2, pc2, qo->i2_mask, -1);
            if (live ? class_of(p, pc2) == class_of(p, (int)s->s_pc_q)
                     : core_ready(c, 0, &r2) == CORE_OK)
                break;
            ready &= ~(1ull << qo->i2_warp);
        }
        /* I2 beside I1 (port 1, in port 0's slot), on another group (port
         * 1, its own slot), or alone as the substitute */
        int i2w = -1, i2next = -1;
        uint64_t i2tm = 0;
        if (qo->i2_valid) {
            unsigned w2 = (unsigned)qo->i2_warp;
            i2next = seq_next(m, p, w2, (int)qo->i2_pc);
            top_of(m, p, w2, &i2tm);
            if (swi_issue(c, m, live ? 1 : 0, w2, (int)qo->i2_pc, qo->i2_mask,
                          live && !qo->i2_alt ? 0 : -1))
                return -1;
            i2w = (int)qo->i2_warp;
            ops++;
            m->pairs += live && !qo->i2_alt;
            m->alts += qo->i2_alt != 0;
            m->subst += !live;
            m->conflicts += qo->conflict != 0;
        }
        /* the fills (two write ports): round robin over the entries that
         * leave now (the primary's pick, I2) with a sequential next PC, and
         * the empty ones of warps neither in the stage nor launched now
         * (their stack top is current) */
        uint64_t cand = ~s->v_q & ~(s->s_v_q ? 1ull << s->s_warp_q : 0) &
                        ~(launched >= 0 ? 1ull << launched : 0);
        cand = (cand | (i2w >= 0 ? 1ull << i2w : 0) | (qo->p_valid ? 1ull << qo->p_warp : 0)) &
               wmask;
        /* from the warp after fill_rr on, then from warp 0 (the warps below W) */
        mech_rr it = mech_rr_start(cand, m->fill_rr + 1);
        for (int x; (x = mech_rr_next(&it)) >= 0;) {
            unsigned w = (unsigned)x;
            int pc = -1;
            uint64_t tmask = 0;
            if (i2w == (int)w) {
                pc = i2next;
                tmask = i2tm;
            } else if (qo->p_valid && qo->p_warp == w) {
                pc = seq_next(m, p, w, (int)s->pc_q[w]);
                tmask = to_threads(m, w, s->mask_q[w]);
            } else if (!(s->v_q >> w & 1u) && !(s->s_v_q && s->s_warp_q == w) &&
                       (int)w != launched) {
                pc = top_of(m, p, w, &tmask);
            }
            if (pc < 0)
                continue;
            m->fill_rr = w;
            if (mech_swi_fill(qi, w, (uint64_t)pc, to_lanes(m, w, tmask)))
                break;
        }
        if (mech_swi_refill(c, &m->qc, s, qi, qo))
            return -1;
        if (CORE_RECORD(c, 1, swi_sched, &m->qc, qi, qo))
            return -1;
        swi_sched_step(&m->qc, s, qi, qo);
        m->idle = m->idle && !qo->p_valid && !qo->i2_valid && !qi->fill_valid;
    } else
        m->idle = 0;
    if (ops)
        m->idle = 0;
    if (!ops) {
        memset(&m->in, 0, sizeof m->in);
        if (stack_op(c, m, 0))
            return -1;
    }
    if (core_config(c)->check) {
        const char *e = simt_stack_check(&m->sc, &m->ss);
        if (!e)
            e = swi_sched_check(&m->qc, &m->qs);
        if (e)
            return core_fail(c, "swi invariant: %s", e);
    }
    return 0;
}

static int swi_busy(const core *c, const void *vm)
{
    (void)c;
    const swi_state *m = vm;
    return m->lq.n != 0 || m->qs.v_q != 0 || m->qs.s_v_q != 0;
}

/* warp w is entry w of swi_sched */
static int swi_busy_warp(const core *c, const void *vm, unsigned w)
{
    const swi_state *m = vm;
    (void)c;
    return mech_lq_has(&m->lq, w) || (m->qs.v_q >> w & 1u) ||
           (m->qs.s_v_q && m->qs.s_warp_q == w);
}

static void swi_trace(core *c, void *vm, struct vcd_writer *w)
{
    swi_state *m = vm;
    (void)c;
    vcd_scope(w, "swi_sched");
    swi_sched_trace(w, &m->qc, &m->qs, &m->qi, &m->qo);
    vcd_upscope(w);
    vcd_scope(w, "simt_stack");
    simt_stack_trace(w, &m->sc, &m->ss, &m->in, &m->out);
    vcd_upscope(w);
}

static void swi_gtkw(const core *c, const void *vm, FILE *f, const char *s)
{
    (void)c;
    (void)vm;
    fprintf(f, "@28\n+{%s swi act} %s.swi_sched.act[2:0]\n", s, s);
}

static void swi_stats(const core *c, const void *vm, mech_cols *k)
{
    const swi_state *m = vm;
    (void)c;
    static const char *const names[] = {"peak_stack_depth", "swi_insts",  "swi_alt",
                                        "swi_conflicts",    "swi_subst",  "swi_stalls",
                                        "swi_sets",         "swi_ways"};
    const uint64_t v[] = {m->peak,  m->pairs,  m->alts,   m->conflicts,
                          m->subst, m->stalls, m->qc.sets, m->qc.ways};
    mech_cols_u64(k, names, v, 8);
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
        mech_swi_area(c, &m->qc, 1, t, &mm2, what, len))
        return -1;
    return mm2;
}

static void swi_free(void *vm)
{
    free(((swi_state *)vm)->lane_of);
    free(((swi_state *)vm)->tid);
}

static int swi_finish(core *c, void *vm)
{
    swi_state *m = vm;
    if (mech_stack_finish(c, &m->sc, &m->ss))
        return -1;
    if (m->qs.v_q || m->qs.s_v_q)
        return core_fail(c, "swi_sched: instructions left at the end");
    return 0;
}

/* Quiet cycles (core.h, "Quiet cycles"): swi fetches for itself, so its
 * hook says when a warp can go.  Its last cycle was idle when nothing
 * launched, the stage was empty and no entry was picked, issued or filled:
 * every entry waited on the per-warp scoreboard or its CTA's barrier, and
 * no empty entry's warp had a stack top.  Until the scoreboard lets an
 * entry go (core_sb_at; a barrier opens only with an issue) each cycle is
 * the same: a NOP commit of the stacks and an idle swi_sched edge, which
 * steps its LFSR (so the bulk account steps it n times; under --check the
 * cycles ran and stepped it, and the account is only compared). */
static uint64_t swi_quiet(core *c, void *vm, uint64_t n)
{
    swi_state *m = vm;
    if (n) {
        energy_counts *e = core_energy_counts(c);
        energy_row(e, "simt_stack")->steps += n;
        energy_row(e, "swi_sched")->steps += n;
        if (!core_config(c)->check)
            m->qs.lfsr_q = swi_sched_lfsr_ahead(m->qs.lfsr_q, n);
        return 0;
    }
    const uint64_t now = core_now(c);
    if (!m->idle || m->lq.n)
        return now;
    uint64_t at = UINT64_MAX;
    for (uint64_t v = m->qs.v_q; v; v &= v - 1) {
        unsigned w = (unsigned)__builtin_ctzll(v);
        if (swi_held(c, m, w, m->qs.mask_q[w]))
            continue;
        uint64_t a = core_sb_at(c, w, (int)m->qs.pc_q[w]);
        if (a <= now)
            return now;
        if (a < at)
            at = a;
    }
    return at;
}

const mech_ops mech_swi = {
    .name = "swi",
    .paper = "001 sec. 4",
    .summary = "simultaneous warp interweaving: one pool, cascaded schedulers, lane shuffle",
    .structs = swi_structs,
    .flags = MECH_OWN_FETCH | MECH_OWN_SCHED | MECH_ONE_POOL | MECH_EXIT_POP,
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
    .free = swi_free,
    .quiet = swi_quiet,
};
