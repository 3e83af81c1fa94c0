/* SPDX-License-Identifier: Apache-2.0 */
/*
 * mech_tsimt.c -- tsimt and stsimt: temporal SIMT and spatio-temporal SIMT
 * (002 sec. 3.1-3.3, 5.2, 5.7), on rtl_c/tsimt_frontend (over tsimt_lane)
 * and rtl_c/simt_stack.
 *
 * The baseline (002 sec. 3.1, Table III; tb/simt/configs/002.cfg): one
 * scheduler, a 32-thread warp sequenced over the 8 SP units of one SIMD
 * group in 4 waves, every wave taken whatever its mask.  What TSIMT adds
 * and changes:
 *   - the SIMD group becomes L = ALUs / K independent lanes of K units
 *     (TSIMT: K = 1, 8 lanes; STSIMT: K = --tsimt-width, e.g. STSIMT4 2
 *     lanes of 4; 002 l.1094-1096), core_set_alu_groups(L, K);
 *   - the warps are divided evenly over the lanes, warp w in lane w mod L
 *     (002 sec. 3.1: "evenly divided over all TSIMT lanes"; no power-of-two
 *     rounding, issue 24 item 2): tsimt_frontend's WARPS is the run's warps
 *     rounded up to a multiple of L, the extra slots never launched;
 *   - an instruction takes only its non-empty aligned groups of K threads
 *     (compaction, 002 sec. 3.2): the core's compact issue with K lanes per
 *     wave, so a thread's result is ready at issue + 1 + its group's
 *     position in the lane + latency (issue 24 item 4: the lane's
 *     instruction register is the one stage, delay 1);
 *   - the front end: tsimt_frontend's per-warp instruction slot, filled by
 *     the 1-wide fetch (its fill port; MECH_OWN_FETCH), and its
 *     lane-then-warp round-robin issue of one instruction a cycle (002 sec.
 *     3.3).  A warp's slot is refilled in the cycle its instruction issues
 *     when the next PC is sequential (not after a branch or exit, nor at a
 *     reconvergence PC), so a warp issues every cycle as the baseline's
 *     buffer lets it (no extra fetch cycle, issue 24 item 3); after a
 *     branch the slot refills the next cycle: the one bubble every
 *     mechanism pays on the core;
 *   - the scoreboard is the core's per-warp one (002 l.277), read as
 *     tsimt_frontend's sb_ok together with the barrier and the LSU.
 * With scalarization (tsimt+scalar, stsimt+scalar; 002 sec. 4.1) the fill
 * carries the warp's whole mask and fill_scalar for a scalar instruction
 * whose destinations are scalar registers (core_scalar_once): the lane runs
 * it once, one cycle, and the core times it as one wave.  A scalar
 * instruction with a vector destination is filled as a vector one (the
 * lane writes every active thread's register) and timed as one.
 * The reconvergence stack is the baseline's simt_stack (002 l.247-248).
 *
 * Ports: one fill, one issue, one stack operation a cycle (a launch takes
 * the stack's port, and nothing issues in that cycle, as for spe).
 *
 * Choices: the fill picks, round robin, among the warps whose slot is empty
 * or refills sequentially this cycle (002 does not give the fetch policy).
 * Loads and stores run through the core's load/store unit (coalescing,
 * one segment a cycle); their lane is held as tsimt_lane holds it, one
 * group a cycle (002 l.378-381: one address per clock per lane).
 *
 * With the checks off and no trace or VCD the front end is evaluated lean
 * (tsimt_frontend_eval_lean, step_lean: the decision of the cycle, not the
 * lanes' ports, and the lanes' timing kept per issue; at 64 lanes of one
 * thread those were most of its cost).  Under --check the full evaluation
 * drives the cycle and the lean pair runs beside it on its own state,
 * compared every cycle (`internal: tsimt_frontend's lean evaluation
 * differs`, `... lean step differs`; --inject-fault lean@C drops a ready
 * lane from the lean answer).  A lean cycle with no stack operation (no
 * issue, no launch) commits the stack's idle update without evaluating it
 * (a NOP writes nothing: checked under --check; its energy count is made).
 */
#include <stdlib.h>
#include <string.h>

#include "../../area/structs.h"
#include "../../rtl_c/simt_stack.h"
#include "../../rtl_c/tsimt_frontend.h"
#include "../../vcd/vcd.h"
#include "mech.h"

typedef struct {
    unsigned k;                 /* lane width: 1 tsimt, tsimt_width stsimt */
    simt_stack_cfg sc;
    simt_stack_state ss;
    simt_stack_in in;
    simt_stack_out out;
    tsimt_frontend_cfg tc;
    tsimt_frontend_state *ts;   /* large */
    tsimt_frontend_in fi;
    tsimt_frontend_out fo;
    tsimt_frontend_out lean; /* the lean evaluation compared under --check */
    tsimt_frontend_lean lz;  /* the lanes' timing while lean (lz_on) */
    int lz_on;               /* ts's lanes' busy_q and pos_q are in lz */
    tsimt_frontend_state *sh; /* under --check: the lean pair's own state, */
    tsimt_frontend_lean shz;  /* stepped beside ts and compared every cycle */
    mech_launchq lq;
    unsigned fill_rr;
    uint64_t peak, conflicts, conf[3], refills;
    /* warps whose buffered instruction passed core_ready's barrier and
     * scoreboard checks: both hold until the warp issues again (its threads
     * reach a barrier or its registers move only by its own issue; a CTA
     * starts only on empty slots) or its slot is filled, so only the
     * load/store unit is asked again (see sb_ok_of) */
    uint64_t sb_pass;
    uint64_t bar_pass; /* passed the barrier check (core_ready said SB or later):
                        * only core_sb_ready is asked until it lets the warp go */
    uint64_t lsu;   /* warps whose buffered instruction is a memory access
                     * (core_unit_classes, set by the fill) */
    uint64_t notop; /* warps whose empty slot found no stack top (exited, not
                     * launched): the fill skips them until their stack moves
                     * (their launch or issue); checked under --check */
    uint8_t lane_of[TSIMT_FE_MAX_WARPS]; /* w mod LANES, no division per request */
    uint64_t last; /* the cycle of the last cycle() call: the core jumped over
                    * the quiet cycles between it and this one (tsimt_quiet) */
} tsimt_state;

static const char *const tsimt_structs[] = {"simt_stack", "tsimt_frontend", NULL};

static const char *tsimt_init_k(core *c, tsimt_state *m, unsigned k)
{
    const core_cfg *C = core_config(c);
    static char msg[240];
    unsigned W = core_warps(c), WS = core_warp_size(c);
    unsigned alus = (C->alu_groups ? C->alu_groups : C->schedulers) *
                    (C->simd_width ? C->simd_width : WS);
    m->k = k;
    if (k < 1 || k > alus || WS % k) {
        snprintf(msg, sizeof msg,
                 "tsimt_width %u: expected a divisor of the warp size %u, at most the %u ALUs", k,
                 WS, alus);
        return msg;
    }
    unsigned L = alus / k;
    m->sc = (simt_stack_cfg){W, WS, C->spe_depth, 32, C->stack_merge};
    m->tc = tsimt_frontend_default_cfg();
    m->tc.lanes = L;
    m->tc.warps = (W + L - 1) / L * L;
    m->tc.warp = WS;
    m->tc.width = k;
    m->tc.instr_bits = 32;
    const char *e = core_apply_params(c, &simt_stack_params, &m->sc);
    if (!e)
        e = core_apply_params(c, &tsimt_frontend_params, &m->tc);
    if (!e)
        e = simt_stack_cfg_check(&m->sc);
    if (!e)
        e = tsimt_frontend_cfg_check(&m->tc);
    if (e) {
        snprintf(msg, sizeof msg, "%s (%u warps on %u lanes of %u)", e, W, L, k);
        return msg;
    }
    if (m->sc.warps < W || m->sc.lanes != WS || m->tc.warps < W || m->tc.warp != WS ||
        m->tc.width != k) {
        snprintf(msg, sizeof msg,
                 "simt_stack WARPS %u LANES %u, tsimt_frontend WARPS %u WARP %u K %u: this run "
                 "needs %u warps of %u threads, lanes of %u",
                 (unsigned)m->sc.warps, (unsigned)m->sc.lanes, (unsigned)m->tc.warps,
                 (unsigned)m->tc.warp, (unsigned)m->tc.width, W, WS, k);
        return msg;
    }
    simt_stack_reset(&m->sc, &m->ss);
    m->ts = calloc(1, sizeof *m->ts);
    if (!m->ts)
        return "tsimt: out of memory";
    tsimt_frontend_reset(&m->tc, m->ts);
    if (C->check) {
        if (!(m->sh = malloc(sizeof *m->sh)))
            return "tsimt: out of memory";
        *m->sh = *m->ts;
        tsimt_frontend_lean_init(&m->tc, m->sh, &m->shz);
    }
    m->fill_rr = m->tc.warps - 1;
    for (unsigned w = 0; w < m->tc.warps; w++)
        m->lane_of[w] = (uint8_t)tsimt_frontend_lane_of(&m->tc, w);
    core_set_alu_groups(c, m->tc.lanes, k);
    return NULL;
}

static const char *tsimt_init(core *c, void *vm) { return tsimt_init_k(c, vm, 1); }
static const char *stsimt_init(core *c, void *vm)
{
    return tsimt_init_k(c, vm, core_config(c)->tsimt_width);
}

/* warp w's buffered instruction changes (its issue, a fill, a launch):
 * what it passed is asked again */
static void pass_forget(tsimt_state *m, unsigned w)
{
    m->sb_pass &= ~(1ull << w);
    m->bar_pass &= ~(1ull << w);
}

static void tsimt_launch(core *c, void *vm, unsigned w, uint64_t mask)
{
    (void)c;
    tsimt_state *m = vm;
    pass_forget(m, w);
    mech_lq_push(&m->lq, w, mask);
}

/* The fields of the core's request that name warp w issuing (pc, mask) on
 * its lane. */
static void tsimt_req_at(const tsimt_state *m, core_req *r, unsigned w, int pc, uint64_t mask)
{
    r->warp = r->unit_warp = w;
    r->pc = pc;
    r->mask = mask;
    r->group = m->lane_of[w];
}

/* The core's view of warp w issuing (pc, mask) on its lane. */
static core_req tsimt_req(const tsimt_state *m, unsigned w, int pc, uint64_t mask)
{
    core_req r = {0};
    tsimt_req_at(m, &r, w, pc, mask);
    r.with = -1;
    r.delay = 1;
    r.compact = 1;
    r.lanes_per_wave = m->k;
    r.nofetch = 1;
    return r;
}

/* The stack's top of warp w: its pc (-1 none or at the exit) and mask. */
static int top_of(const tsimt_state *m, const prog *p, unsigned w, uint64_t *mask)
{
    unsigned sp = m->ss.sp[w];
    if (!sp)
        return -1;
    *mask = m->ss.ent[w][sp - 1].mask;
    uint64_t pc = m->ss.ent[w][sp - 1].pc;
    return pc < p->n && *mask ? (int)pc : -1;
}

/* Chooses this cycle's fill: round robin over the warps whose slot is
 * empty (their stack top, as it stands) and the issuing warp when its next
 * PC is sequential (pc + 1 on the same mask, the stack not popping).  The
 * candidates are a bit mask, taken from fill_rr + 1 upwards, then from 0;
 * warps of m->notop are left out (no stack top since they were last
 * asked). */
static void tsimt_fill(const core *c, tsimt_state *m, int iw, int ipc, uint64_t imask)
{
    const prog *p = core_prog(c);
    const unsigned W = core_warps(c), from = m->fill_rr + 1u;
    const uint64_t iwb = iw >= 0 ? 1ull << iw : 0;
    const uint64_t cand = ((~m->ts->ib_v_q & ~m->notop) | iwb) & bits_mask(W);
    m->fi.fill_valid = 0;
    for (uint64_t hi = cand & ~bits_mask(from), v = hi ? hi : cand & bits_mask(from); v;) {
        const unsigned w = bits_ffs(v);
        int pc;
        uint64_t mask = 0;
        v &= v - 1;
        if (!v && hi) { /* the warps above fill_rr are done: from 0 */
            v = cand & bits_mask(from);
            hi = 0;
        }
        if ((int)w == iw) {
            const prog_insn *in = &p->ins[ipc];
            unsigned sp = m->ss.sp[w];
            if (in->unit == PU_BRA || in->unit == PU_EXIT || ipc + 1 >= (int)p->n ||
                (uint64_t)(ipc + 1) == m->ss.ent[w][sp - 1].rpc)
                continue;
            pc = ipc + 1;
            mask = imask;
        } else {
            pc = top_of(m, p, w, &mask);
            if (pc < 0) {
                m->notop |= 1ull << w;
                continue;
            }
        }
        m->fi.fill_valid = 1;
        m->fi.fill_warp = w;
        pass_forget(m, w);
        m->fi.fill_instr = (uint64_t)pc;
        m->fi.fill_mask = mask;
        m->fi.fill_scalar = (uint64_t)core_scalar_once(c, pc);
        m->lsu = (m->lsu & ~(1ull << w)) |
                 (uint64_t)(core_unit_classes(c)[pc] == CORE_UC_LSU) << w;
        m->fill_rr = w;
        m->refills += (int)w == iw;
        return;
    }
}

/* core_ready's answer lets warp w's buffered instruction go (its lane is
 * the front end's to judge: CORE_NO_GROUP counts as ready) */
static int sb_ok_why(enum core_why y) { return y == CORE_OK || y == CORE_NO_GROUP; }

/* sb_ok: the scoreboard, the barrier and the load/store unit let each
 * buffered instruction go.  A warp of m->bar_pass not in sb_pass asks
 * core_sb_ready alone (the scoreboard: its answer is core_ready's next
 * check after the barrier's) and joins sb_pass when it says ready.  A warp
 * of m->sb_pass is asked only whether the load/store unit is free
 * (core_unit_free), when its instruction is a memory access (m->lsu; a
 * SIMD group's or the scalar unit's answer, OK or NO_GROUP, lets it go
 * either way: those warps are taken as a mask); the others, less the
 * core's barred warps (core_barred_set), get the full core_ready, and
 * join sb_pass when its barrier and scoreboard checks pass (any answer
 * after them: OK, NO_GROUP, LSU), bar_pass when its barrier check does.  The answers are pure reads of the core, so the order of the
 * asks is free. */
static uint64_t sb_ok_of(core *c, tsimt_state *m)
{
    const uint64_t v = m->ts->ib_v_q;
    core_req r = tsimt_req(m, 0, 0, 0); /* one request, its warp's fields set per warp */
    for (uint64_t x = v & m->bar_pass & ~m->sb_pass; x; x &= x - 1) {
        const unsigned w = bits_ffs(x);
        if (core_sb_ready(c, w, (int)m->ts->ib_instr_q[w]))
            m->sb_pass |= 1ull << w; /* the scoreboard let it go this cycle */
    }
    uint64_t ok = v & m->sb_pass & ~m->lsu;
    for (uint64_t x = v & m->sb_pass & m->lsu; x; x &= x - 1) {
        const unsigned w = bits_ffs(x);
        tsimt_req_at(m, &r, w, (int)m->ts->ib_instr_q[w], m->ts->ib_mask_q[w]);
        if (sb_ok_why(core_unit_free(c, 0, &r)))
            ok |= 1ull << w;
    }
    /* the core's barred warps (every live thread at a barrier) get
     * CORE_BARRIER: no bit (asked under --check, sb_ok_full) */
    for (uint64_t x = v & ~m->bar_pass & ~core_barred_set(c)[0]; x; x &= x - 1) {
        const unsigned w = bits_ffs(x);
        const uint64_t bit = 1ull << w;
        tsimt_req_at(m, &r, w, (int)m->ts->ib_instr_q[w], m->ts->ib_mask_q[w]);
        const enum core_why y = core_ready(c, 0, &r);
        if (sb_ok_why(y) || y == CORE_LSU)
            m->sb_pass |= bit;
        if (sb_ok_why(y) || y == CORE_LSU || y == CORE_SB)
            m->bar_pass |= bit;
        if (sb_ok_why(y))
            ok |= bit;
    }
    return ok;
}

/* sb_ok from the full core_ready of every buffered warp (the --check
 * comparison); a barred warp's answer must be CORE_BARRIER (*bad: the
 * first warp whose is not, else -1) */
static uint64_t sb_ok_full(core *c, const tsimt_state *m, int *bad)
{
    uint64_t ok = 0;
    const uint64_t barred = core_barred_set(c)[0];
    core_req r = tsimt_req(m, 0, 0, 0);
    *bad = -1;
    for (uint64_t x = m->ts->ib_v_q; x; x &= x - 1) {
        const unsigned w = bits_ffs(x);
        tsimt_req_at(m, &r, w, (int)m->ts->ib_instr_q[w], m->ts->ib_mask_q[w]);
        const enum core_why y = core_ready(c, 0, &r);
        if (sb_ok_why(y))
            ok |= 1ull << w;
        if ((barred >> w & 1u) && y != CORE_BARRIER && *bad < 0)
            *bad = (int)w;
    }
    return ok;
}

/* Under --check: the lean evaluation (tsimt_frontend_eval_lean, what a run
 * with the checks off and no trace uses) beside the full one just made in
 * m->fo; 1 if its decision differs.  The test hook (--inject-fault lean@C,
 * fault_kind 11): from cycle C on, the lean answer loses its lowest ready
 * lane, as a stale readiness would. */
static int lean_differs(const core *c, tsimt_state *m)
{
    tsimt_frontend_eval_lean(&m->tc, m->sh, &m->shz, &m->fi, &m->lean);
    if (core_config(c)->fault_kind == 11 && core_now(c) >= core_config(c)->fault_cycle)
        m->lean.lane_ready &= m->lean.lane_ready - 1u;
    return !tsimt_frontend_lean_same(&m->lean, &m->fo);
}

static int tsimt_cycle(core *c, void *vm)
{
    tsimt_state *m = vm;
    const prog *p = core_prog(c);
    tsimt_frontend_in *fi = &m->fi;
    const uint64_t now = core_now(c);
    if (m->lz_on && now > m->last + 1) /* the lanes' timing over the jumped cycles */
        tsimt_frontend_lean_idle(&m->lz, now - m->last - 1);
    m->last = now;
    memset(fi, 0, sizeof *fi);
    memset(&m->in, 0, sizeof m->in);
    fi->sb_ok = sb_ok_of(c, m);
    if (core_config(c)->check) {
        int bad;
        uint64_t full = sb_ok_full(c, m, &bad);
        if (bad >= 0)
            return core_fail(c, "internal: warp %d is barred, core_ready lets it pass the "
                                "barrier", bad);
        if (full != fi->sb_ok)
            return core_fail(c, "internal: sb_ok %llx from the warps that passed, %llx from "
                                "core_ready",
                             (unsigned long long)fi->sb_ok, (unsigned long long)full);
    }
    int iw = -1, ipc = -1;
    uint64_t imask = 0;
    unsigned lw = 0;
    uint64_t lmask;
    /* a warp waiting to launch takes the stack's port first (as spe's):
     * nothing issues in that cycle */
    int launching = mech_lq_pop(&m->lq, 0, 0, &lw, &lmask);
    if (launching)
        fi->sb_ok = 0;
    const int check = core_config(c)->check,
              lean = !check && !core_tracing(c) && !core_vcd(c); /* no port shown */
    if (lean != m->lz_on) { /* the first cycle (or a trace from now on) */
        if (lean)
            tsimt_frontend_lean_init(&m->tc, m->ts, &m->lz);
        else
            tsimt_frontend_lean_sync(&m->tc, m->ts, &m->lz);
        m->lz_on = lean;
    }
    for (;;) {
        if (lean)
            tsimt_frontend_eval_lean(&m->tc, m->ts, &m->lz, fi, &m->fo);
        else
            tsimt_frontend_eval(&m->tc, m->ts, fi, &m->fo);
        if (m->sh && lean_differs(c, m))
            return core_fail(c, "internal: tsimt_frontend's lean evaluation differs from eval "
                                "(lanes ready %llx, eval's %llx)",
                             (unsigned long long)m->lean.lane_ready,
                             (unsigned long long)m->fo.lane_ready);
        if (m->fo.err)
            return core_fail(c, "tsimt_frontend error %s",
                             tsimt_frontend_err_name((unsigned)m->fo.err_code));
        if (!m->fo.iss_valid)
            break;
        unsigned w = (unsigned)m->fo.iss_warp;
        uint64_t tmask = 0;
        int tpc = top_of(m, p, w, &tmask);
        if (tpc != (int)m->fo.iss_instr || tmask != m->fo.iss_mask ||
            (int)m->fo.iss_scalar != core_scalar_once(c, tpc))
            return core_fail(c, "internal: warp %u issued pc %llu mask %llx scalar %llu, its "
                                "stack top is pc %d mask %llx",
                             w, (unsigned long long)m->fo.iss_instr,
                             (unsigned long long)m->fo.iss_mask,
                             (unsigned long long)m->fo.iss_scalar, tpc, (unsigned long long)tmask);
        core_req r = tsimt_req(m, w, tpc, tmask);
        /* sb_ok and the lane's readiness let it go: the core agrees (asked
         * under --check, as core_issue asks) */
        enum core_why y = core_config(c)->check ? core_ready(c, 0, &r) : CORE_OK;
        if (y != CORE_OK)
            return core_fail(c, "internal: lane %llu took warp %u pc %d, the core says %d",
                             (unsigned long long)m->fo.iss_lane, w, tpc, (int)y);
        mech_stack_branch(p, w, tpc, tmask, core_taken(c, &r), &m->in);
        mech_stack_exit(p, tpc, m->ss.ent[w][m->ss.sp[w] - 1].rpc, &m->in);
        simt_stack_eval(&m->sc, &m->ss, &m->in, &m->out);
        if (m->out.err)
            return core_fail(c, "simt_stack rejected warp %u at pc %d: %s", w, tpc,
                             simt_stack_err_name((unsigned)m->out.err_code));
        if (m->out.ready) {
            iw = (int)w;
            pass_forget(m, w);
            ipc = tpc;
            imask = tmask;
            core_out o;
            if (core_issue(c, 0, &r, &o))
                return -1;
            if (p->ins[tpc].unit == PU_BRA && (o.taken & tmask) != m->in.op_mask)
                return core_fail(c, "warp %u pc %d: the branch took lanes %llx, the stack was "
                                    "told %llx",
                                 w, tpc, (unsigned long long)o.taken,
                                 (unsigned long long)m->in.op_mask);
            break;
        }
        /* the stack has no room for the divergence: the warp waits */
        core_stall_stack(c);
        fi->sb_ok &= ~(1ull << w);
        memset(&m->in, 0, sizeof m->in);
    }
    if (launching) {
        mech_stack_launch(p, lw, lmask, &m->in);
        simt_stack_eval(&m->sc, &m->ss, &m->in, &m->out);
        if (m->out.err)
            return core_fail(c, "simt_stack rejected LAUNCH of warp %u: %s", lw,
                             simt_stack_err_name((unsigned)m->out.err_code));
    } else if (iw < 0 && lean) {
        /* an idle update (a NOP: m->in is all zero here) writes nothing;
         * with no port shown only its commit is made (its energy count) */
        memset(&m->out, 0, sizeof m->out);
    } else if (iw < 0) {
        simt_stack_eval(&m->sc, &m->ss, &m->in, &m->out);
        if (m->out.d_write || m->in.op != SIMT_OP_NOP)
            return core_fail(c, "internal: an idle cycle's stack operation %u writes (%llu)",
                             (unsigned)m->in.op, (unsigned long long)m->out.d_write);
    }
    /* the fill.  The pick reads no fill input and the fill is legal (an
     * empty slot or the issuing one), so with it the front end decides the
     * same and only takes the fill (nx_fill); under --check it is
     * evaluated again and every output compared */
    tsimt_fill(c, m, iw, ipc, imask);
    if (fi->fill_valid) {
        m->fo.nx_fill = 1;
        if (core_config(c)->check) {
            static tsimt_frontend_out again;
            again = m->fo; /* what eval does not write (lanes >= LANES) stays equal */
            tsimt_frontend_eval(&m->tc, m->ts, fi, &again);
            if (memcmp(&again, &m->fo, sizeof again))
                return core_fail(c, "internal: tsimt_frontend decided otherwise with the fill "
                                    "(%s)",
                                 tsimt_frontend_err_name((unsigned)again.err_code));
        }
    }
    if (CORE_RECORD(c, 1, tsimt_frontend, &m->tc, fi, &m->fo))
        return -1;
    if (lean) {
        tsimt_frontend_step_lean(&m->tc, m->ts, &m->lz, fi, &m->fo);
    } else {
        tsimt_frontend_step(&m->tc, m->ts, fi, &m->fo);
        if (m->sh) { /* the lean pair beside it: the same state, synced */
            tsimt_frontend_step_lean(&m->tc, m->sh, &m->shz, fi, &m->fo);
            tsimt_frontend_lean_sync(&m->tc, m->sh, &m->shz);
            if (memcmp(m->sh, m->ts, sizeof *m->ts))
                return core_fail(c, "internal: tsimt_frontend's lean step differs from step");
        }
    }
    if (mech_stack_commit(c, 0, &m->sc, &m->ss, &m->in, &m->out, iw >= 0, &m->peak))
        return -1;
    /* a stack that moved may have a top again (the fill reads it next cycle) */
    if (launching)
        m->notop &= ~(1ull << lw);
    if (iw >= 0)
        m->notop &= ~(1ull << iw);
    if (m->fo.conflict) {
        m->conflicts++;
        m->conf[m->fo.conflict - 1]++;
    }
    if (core_config(c)->check) {
        const char *e = simt_stack_check(&m->sc, &m->ss);
        if (!e)
            e = tsimt_frontend_check(&m->tc, m->ts);
        if (e)
            return core_fail(c, "tsimt invariant: %s", e);
        for (uint64_t x = m->notop; x; x &= x - 1) {
            uint64_t mask;
            if (top_of(m, p, bits_ffs(x), &mask) >= 0)
                return core_fail(c, "internal: warp %u has a stack top, the fill skips it",
                                 bits_ffs(x));
        }
    }
    return 0;
}

static int tsimt_busy(const core *c, const void *vm)
{
    (void)c;
    const tsimt_state *m = vm;
    return m->lq.n != 0 || m->ts->ib_v_q != 0;
}

static int tsimt_busy_warp(const core *c, const void *vm, unsigned w)
{
    (void)c;
    const tsimt_state *m = vm;
    return mech_lq_has(&m->lq, w) || (m->ts->ib_v_q >> w & 1u);
}

static void tsimt_trace(core *c, void *vm, struct vcd_writer *w)
{
    tsimt_state *m = vm;
    (void)c;
    vcd_scope(w, "tsimt_frontend");
    tsimt_frontend_trace(w, &m->tc, m->ts, &m->fi, &m->fo);
    vcd_upscope(w);
    vcd_scope(w, "simt_stack");
    simt_stack_trace(w, &m->sc, &m->ss, &m->in, &m->out);
    vcd_upscope(w);
}

static void tsimt_gtkw(const core *c, const void *vm, FILE *f, const char *s)
{
    const tsimt_state *m = vm;
    unsigned lw = tsimt_frontend_lane_w(&m->tc); /* iss_lane's width in the VCD */
    (void)c;
    if (lw > 1)
        fprintf(f, "@24\n+{%s lane issued} %s.tsimt_frontend.iss_lane[%u:0]\n", s, s, lw - 1);
    else
        fprintf(f, "@28\n+{%s lane issued} %s.tsimt_frontend.iss_lane\n", s, s);
    fprintf(f, "@2024\n^2 vcd/filters/simt_stack_act.txt\n+{%s stack act} %s.simt_stack.act[2:0]\n",
            s, s);
}

static void tsimt_stats(const core *c, const void *vm, mech_cols *k)
{
    const tsimt_state *m = vm;
    (void)c;
    static const char *const names[] = {"peak_stack_depth", "tsimt_lanes", "tsimt_width",
                                        "issue_conflicts", "refills_on_issue"};
    const uint64_t v[] = {m->peak, m->tc.lanes, m->k, m->conflicts, m->refills};
    mech_cols_u64(k, names, v, 5);
    mech_scalar_cols(c, k);
}

static double tsimt_area(const core *c, const void *vm, const area_tech *t, char *what,
                         size_t len)
{
    const tsimt_state *m = vm;
    area_desc d;
    double mm2 = 0;
    what[0] = 0;
    if (mech_area_add(t, area_desc_simt_stack(&m->sc, 0, &d), &d, &mm2, what, len) ||
        mech_area_add(t, area_desc_tsimt_frontend(&m->tc, 0, &d), &d, &mm2, what, len) ||
        /* each lane reads its own warps' registers: a decoder per bank */
        mech_area_regfile(c, LRF_ORG_PER_LANE, t, &mm2, what, len))
        return -1;
    return mm2;
}

static int tsimt_finish(core *c, void *vm)
{
    tsimt_state *m = vm;
    if (mech_stack_finish(c, &m->sc, &m->ss))
        return -1;
    if (m->ts->ib_v_q)
        return core_fail(c, "tsimt_frontend: instructions left in the buffer (%llx)",
                         (unsigned long long)m->ts->ib_v_q);
    return 0;
}

static void tsimt_free(void *vm)
{
    tsimt_state *m = vm;
    free(m->ts);
    free(m->sh);
    m->ts = m->sh = NULL;
}

/* Quiet cycles (mech.h, core.h).  tsimt fetches for itself, so its hook
 * says when any of its warps can act.  Its last cycle was idle when no
 * launch waits and nothing issued or was filled (the stack's operation was
 * the idle NOP).  The fill then has nothing to do until an issue or a
 * launch: the idle cycle's fill found no stack top for any empty slot
 * (notop).  A buffered warp acts when its sb_ok changes (sb_ok_of: its
 * scoreboard entries, core_sb_at, unless it passed them; the
 * load/store unit for a memory access, core_class_free_at) or, once its
 * sb_ok is set, when its lane is ready (tsimt_frontend_lean_wait on the
 * lean record, or under --check on the shadow's).  A warp that has not
 * passed the barrier check (bar_pass) waits for an issue or a barrier's
 * release, which the core sees.  An idle cycle commits each structure
 * idle: the stack a NOP (a step), the front end a step, active while
 * sb_ok holds a warp (energy.c).  The lanes' timing over the jumped
 * cycles is caught up at the next cycle (tsimt_frontend_lean_idle). */
static uint64_t tsimt_quiet(core *c, void *vm, uint64_t n)
{
    tsimt_state *m = vm;
    if (n) {
        energy_counts *e = core_energy_counts(c);
        energy_cnt *k = energy_row(e, "tsimt_frontend");
        k->steps += n;
        k->act += m->fi.sb_ok ? n : 0;
        energy_row(e, "simt_stack")->steps += n;
        return 0;
    }
    const uint64_t now = core_now(c);
    const tsimt_frontend_lean *z = m->lz_on ? &m->lz : m->sh ? &m->shz : NULL;
    const tsimt_frontend_state *zs = m->lz_on ? m->ts : m->sh;
    if (!z || m->lq.n || m->fi.fill_valid || m->fo.iss_valid || m->fo.err ||
        m->in.op != SIMT_OP_NOP)
        return now;
    const uint64_t lsu_at = core_class_free_at(c, CORE_UC_LSU);
    uint64_t e = UINT64_MAX;
    for (uint64_t x = m->ts->ib_v_q & m->bar_pass; x; x &= x - 1) {
        const unsigned w = bits_ffs(x);
        uint64_t at;
        if (m->fi.sb_ok >> w & 1u) {
            at = now + tsimt_frontend_lean_wait(&m->tc, zs, z, m->lane_of[w]);
        } else {
            at = m->sb_pass >> w & 1u ? 0 : core_sb_at(c, w, (int)m->ts->ib_instr_q[w]);
            if ((m->lsu >> w & 1u) && lsu_at > at)
                at = lsu_at;
        }
        if (at <= now)
            return now;
        if (at < e)
            e = at;
    }
    return e;
}

/* tsimt and stsimt: one mechanism, the lane width from init; with
 * scalarization (issue 26, 002 sec. 4.1): MECH_SCALAR_LANE */
#define TSIMT_OPS(nm, pp, sum, in_fn, fl)                                                         \
    {                                                                                             \
        .name = nm, .paper = pp, .summary = sum, .structs = tsimt_structs,                         \
        .flags = MECH_OWN_FETCH | MECH_OWN_SCHED | MECH_EXIT_POP | (fl), .nctx = 1, .size = sizeof(tsimt_state),  \
        .init = in_fn, .launch = tsimt_launch, .cycle = tsimt_cycle, .busy = tsimt_busy,          \
        .busy_warp = tsimt_busy_warp,                                                              \
        .trace = tsimt_trace, .gtkw = tsimt_gtkw, .stats = tsimt_stats, .area = tsimt_area,       \
        .finish = tsimt_finish, .free = tsimt_free, .quiet = tsimt_quiet,                         \
    }
const mech_ops mech_tsimt = TSIMT_OPS("tsimt", "002 sec. 3.1-3.3",
                                      "temporal SIMT: one-wide lanes, compaction, one issue a cycle",
                                      tsimt_init, 0);
const mech_ops mech_stsimt = TSIMT_OPS("stsimt", "002 sec. 3.1, 5.7",
                                       "spatio-temporal SIMT: lanes of tsimt_width units, "
                                       "aligned-group compaction",
                                       stsimt_init, 0);
const mech_ops mech_tsimt_scalar = TSIMT_OPS("tsimt+scalar", "002 sec. 4.1-4.3",
                                             "tsimt with scalarization: a uniform instruction runs "
                                             "once, as one thread in the lane",
                                             tsimt_init, MECH_SCALAR_LANE);
const mech_ops mech_stsimt_scalar = TSIMT_OPS("stsimt+scalar", "002 sec. 4.1-4.3, 5.9",
                                              "stsimt with scalarization: a uniform instruction "
                                              "runs once, as one thread in the lane",
                                              stsimt_init, MECH_SCALAR_LANE);
