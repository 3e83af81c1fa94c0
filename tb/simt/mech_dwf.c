/* SPDX-License-Identifier: Apache-2.0 */
/*
 * mech_dwf.c -- dwf: dynamic warp formation (000 sec. 4), on rtl_c/dwf (the
 * PC-warp LUT, the warp pool with its allocator and issue logic, the warp
 * update registers) and rtl_c/lane_regfile (000 sec. 4.2, Fig. 10).
 *
 * What it adds to the core: per scheduler (issue port) one dwf unit whose
 * warp pool holds the threads of that scheduler's static warps (w mod
 * schedulers == port) and forms dynamic warps of threads at one PC, each
 * thread in its home lane (tid mod lanes, with 000's thread swizzling);
 * the pool is the front end and the scheduler (MECH_OWN_FETCH,
 * MECH_OWN_SCHED: --sched two-level is refused).  A thread is out of the
 * pool from its issue until its writeback commits it back with its next PC
 * (no scoreboard: MECH_OWN_SB).  The issued warp reads its operands from
 * the lane-aware register file (lane_regfile: per lane, or with
 * --regfile crossbar per-bank decoders and a crossbar where a swizzled
 * lane is a bank conflict, 000 Fig. 10b): a conflict holds the register
 * file and delays the writeback.  000 l.914-916 charges DWF one stage
 * more than PDOM (register file access).  The commit is at the core's
 * result time plus the register file's stall cycles, and the update
 * registers and the pool take a cycle each, so a thread issues again at
 * its result time + 2: the baseline's barrel-processing warp (000
 * l.213-220, core_cfg.barrel) issues again at + 1 (its re-fetch), so DWF
 * pays exactly that one stage more (tests/simt_paper/dep_chain.k).
 *
 * Launch: a static warp enters its pool as a commit of its threads at PC
 * 0, one commit a cycle through the commit port.  Barriers: threads whose
 * commit finds their barrier still closed wait outside the pool and
 * rejoin, one commit per static warp, when the core releases it.  The
 * check is per thread: a dynamic warp may mix threads of several CTAs
 * (the pool groups by PC alone), whose barriers open at different cycles;
 * a thread whose CTA's barrier is open commits, the others wait.
 *
 * Warp-synchronous instructions (shfl.sync, vote.sync, activemask,
 * bar.warp.sync; docs/dwf.md, "Warp-synchronous instructions in the SM
 * model"): OUR EXTENSION, 000 has no such thing (neither the pool nor the
 * LUT).  A logical warp that the pool's issue does not hold complete is
 * parked outside the pool (mdwf_rv_split: the issue slot is spent, nothing
 * executes for it), and issued as a warp of its own threads in their home
 * lanes ahead of the pool's candidate when it is complete (mdwf_rv_pick):
 * every live lane of the membermasks parked there, or for activemask the
 * warp quiescent -- no live thread of it can run on, the reference's rule,
 * so its groups are the reference's.  The ports of the dwf and the
 * register file do not change; the hardware would add per thread a parked
 * bit, its PC and a latch bit, per static warp the parked membermasks' OR
 * and a comparator, and a mux before the issue stage (not in the area).
 * The model keeps per static warp the parked threads as bits and their
 * groups by PC (rebuilt after a park or a leave), per thread the wait its
 * membermask gives when it parks (a parked thread issues nothing), and
 * reads the warp's live lanes as one word; under --check each is compared
 * with what it stands for every time the rendezvous looks (--inject-fault
 * rv@C: a wait kept as none, which that catches).  In warps of 2 to 16
 * threads (core_wsync_narrow; docs/dwf.md, "In warps of 2 to 16 threads")
 * a logical warp spans several static warps, in both pools at two
 * schedulers, so this rendezvous is off (u->narrow) and dwf meets at the
 * core's, as the other mechanisms do (core_issue.c, wsync_issue): the
 * pool issues the instruction as any other, a thread the core holds
 * waits outside the pool after its writeback (its lane not written), and
 * after its logical warp's release it takes the register file for a write
 * pass of its result and commits past the instruction (mdwf_unhold;
 * --inject-fault held@C: without the pass, which the read check catches).
 *
 * Register values: the core holds them; the register file is driven with
 * the same reads and writes and, under --check (on outside --bench, as
 * the structures' invariant checks), its read data is checked against the
 * core's values (32-bit banks: the low 32 bits).  Its two read ports read
 * an instruction's first two source registers.
 *
 * Registers: the file holds the kernel's registers after allocation
 * (mech_alloc_regs: 002 sec. 4.3's colouring with every register vector,
 * REGS = the allocated registers per thread, ENTRIES = REGS x threads per
 * lane), not PTX's virtual registers (clang names one per value: hundreds,
 * which would need banks far larger than 000's 512 rows).  The register
 * numbers driven to the file are the allocated ones; the values checked
 * are the core's virtual registers', so a wrong allocation (two live
 * registers in one row) fails the read check.
 *
 * An instruction writing several registers (ld.v2/ld.v4) holds the file
 * for one pass per destination: a bank has one write port, so the first
 * pass reads the operands and writes the first destination, each further
 * pass writes the next (its reads are not used); the writeback commits
 * after the last pass.
 *
 * Speed (docs/bench.md, "dwf, fourth pass"): answers that cannot have
 * changed are kept instead of evaluated again -- the pool's candidate and
 * its state-only outputs until the pool steps, the dwf's answer to a
 * second idle cycle with no input, the register file's answer to its idle
 * input once nothing is granted or in progress (mdwf_unit).  Under --check
 * (on outside --bench) every kept answer is evaluated again when it is
 * used and compared (`internal: ... stale` otherwise).  Fifth pass
 * ("dwf, fifth pass"): the commit queue's ready times packed apart from
 * its items (TIDs 16-bit), the rest's earliest kept so the queue is not
 * scanned again until it is due; waiting threads looked at one per static
 * warp (mdwf_rejoin); the candidate's TIDs taken per lane
 * (dwf_candidate_lanes) and the issued warp's from them, not packed into
 * the bus and read back (under --check both compared with the bus).
 * Sixth pass ("dwf, sixth pass"): a CTA's waiting threads are looked at
 * through one of them a cycle, over a bitset of the warps that have any
 * (mdwf_rejoin), not one per static warp of the pool.  Seventh pass
 * ("dwf, seventh pass"): they are looked at only in a cycle after a
 * barrier clear (core_bar_clears), the only event that can release one;
 * and the register file's read check, an invariant check, reads the
 * expected operands from the core under --check only.  Eighth pass ("dwf,
 * eighth pass"): with the checks off and no trace the dwf is evaluated
 * lean (dwf_eval_lean: the commits' TIDs, which this model always drives
 * legal, are not checked and the issue's TID bus is not built: the issued
 * TIDs are the kept candidate's), and the register file's write data, read
 * only by the read check and the trace, is not fetched from the core.
 * Under --check the full evaluation drives every cycle and the lean one is
 * compared with it (`internal: ... lean evaluation differs`; --inject-fault
 * lean@C plants a stale commit TID in the lean one).  A quiet unit
 * cycle (nothing can happen) does only its energy counts, and the states
 * of a run are kept for the next one (spare_ws, spare_rs: no fresh
 * mapping and page faults per run).  Ninth pass ("dwf at 32-thread
 * presets"): with the checks off and no trace the register file is
 * evaluated for its timing alone (lane_regfile_eval_lean/step_lean: no
 * legality checks, no bank access, the TIDs driven in the crossbar only),
 * the dwf steps without the bookkeeping only the checks read
 * (dwf_step_lean: no live or in_pool bits), the issue's per-lane copies are
 * whole-array copies or skipped, and a non-branch's next-PC masks are
 * taken from o.exited; under --check the full register file drives and
 * the lean one is compared with it, and the masks are built per lane and
 * compared.  Tenth pass (docs/bench.md, "dwf: the thread IDs per lane"):
 * the lean edge keeps the update registers' TIDs per lane (dwf_state.ur_lt)
 * and the pool's lean edge writes them from there (warp_pool_step_lean_lt),
 * not packed into the TID bus and read back; a full warp's TIDs, the
 * candidate's and its thread slots (slot's formula as shifts and masks) go
 * in one pass over the lanes.  Eleventh pass (docs/bench.md, "dwf at 001,
 * eleventh pass"): the lean evaluation takes the pool's decision without
 * its group checks (warp_pool_eval_inputs_legal, compared under --check
 * through dwf_lean_same); at a warp-synchronous instruction the membermask
 * waits are read only when they can decide (mdwf_rv_split); a warp of one
 * static warp's threads issues in the core as that warp's own lanes.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "../../area/structs.h"
#include "../../rtl_c/dwf.h"
#include "../../rtl_c/lane_regfile.h"
#include "../../vcd/vcd.h"
#include "mech.h"

#include "mech_dwf_int.h"

static const char *const mdwf_structs[] = {"dwf", "lane_regfile", NULL};

/* The dwf's and the register file's states of the last run freed, kept for
 * the next run's init (per unit index): 450 KB a unit.  A fresh calloc of
 * that size is mapped anew by the C library each run, and the pages the run
 * touches fault one by one (about 130 of dwf's 300 page faults a run of
 * conv1d, in system time the bench counts); a kept state is all zero bytes,
 * as calloc's (both reset states are zero bytes but the pool's free list,
 * dwf_reset_zeroed).  The run that frees it clears what it may have written
 * (dwf_clear_used, lane_regfile_clear_used: at 001 at most about 95 KB of the 450,
 * the register file's banks not at all when it stepped lean only), not the
 * whole state.  No threads share them. */
static void *spare_ws[CORE_MAX_PORTS], *spare_rs[CORE_MAX_PORTS];

/* a zeroed state of n bytes: the kept one (all zero bytes) or a new one */
static void *zeroed_state(void **spare, size_t n)
{
    void *p = *spare;
    if (!p)
        return calloc(1, n);
    *spare = NULL;
    return p;
}

static const char *mdwf_init(core *c, void *vm)
{
    mdwf_mech *m = vm;
    static char msg[640];
    const core_cfg *C = core_config(c);
    unsigned W = core_warps(c), WS = core_warp_size(c), P = core_ports(c);
    m->P = P < W ? P : W;
    unsigned per = (W + m->P - 1) / m->P, lt = per * WS, tb = 1;
    while ((1u << tb) < lt || (1u << tb) < WS)
        tb++;
    if (WS > LANE_REGFILE_MAX_LANES) {
        snprintf(msg, sizeof msg, "dwf: warps of %u threads; the lane-aware register file holds "
                 "at most %u lanes", WS, LANE_REGFILE_MAX_LANES);
        return msg;
    }
    if (C->swizzle > 1 && C->regfile != CORE_RF_CROSSBAR)
        return "dwf: SWIZZLE 2..6 (001 Table 1) needs --regfile crossbar (the per-lane register "
               "file homes threads by 000's swizzle only)";
    m->swz = C->regfile == CORE_RF_CROSSBAR ? 0 : C->swizzle;
    m->map = calloc(core_prog(c)->nregs + 1u, sizeof *m->map);
    m->regs = mech_alloc_regs(core_prog(c), m->map);
    for (unsigned q = 0; q < m->P; q++) {
        mdwf_unit *u = &m->u[q];
        u->wc = dwf_default_cfg();
        u->wc.lanes = WS;
        u->wc.tid_bits = tb;
        u->wc.pc_bits = 32;
        u->wc.sched_bits = C->sched_bits;
        u->wc.policy = C->policy;
        u->wc.swizzle = C->swizzle;
        u->wc.maj_entries = C->maj;
        u->wc.lut_entries = C->lut_entries;
        const char *e = core_apply_params(c, &dwf_params, &u->wc);
        if (!e)
            e = dwf_cfg_check(&u->wc);
        if (e)
            return e;
        if (u->wc.swizzle > 1 && C->regfile != CORE_RF_CROSSBAR)
            return "dwf: SWIZZLE 2..6 (001 Table 1) needs --regfile crossbar (the per-lane "
                   "register file homes threads by 000's swizzle only)";
        char why[160];
        snprintf(why, sizeof why, "this run's warps have %u threads", WS);
        if (u->wc.lanes != WS)
            return mech_param_small(c, msg, sizeof msg, "dwf.LANES", u->wc.lanes, WS, 1,
                                    why);
        if (u->wc.tid_bits < tb) {
            snprintf(why, sizeof why, "a pool holds %u threads", lt);
            return mech_param_small(c, msg, sizeof msg, "dwf.TID_W", u->wc.tid_bits, tb,
                                    0, why);
        }
        u->rc = lane_regfile_default_cfg();
        u->rc.lanes = WS;
        u->rc.regs = m->regs;
        u->rc.entries = u->rc.regs * per < 2 ? 2 : u->rc.regs * per;
        int fixed = core_param_given(c, "lane_regfile.ENTRIES");
        if ((e = core_apply_params(c, &lane_regfile_params, &u->rc)))
            return e;
        if (!fixed && u->rc.regs * per >= 2)
            u->rc.entries = u->rc.regs * per;
        if ((e = lane_regfile_cfg_check(&u->rc)))
            return e;
        snprintf(why, sizeof why, "this run's warps have %u threads", WS);
        if (u->rc.lanes != WS)
            return mech_param_small(c, msg, sizeof msg, "lane_regfile.LANES", u->rc.lanes,
                                    WS, 1, why);
        snprintf(why, sizeof why, "the kernel's threads use %u registers (allocated)", m->regs);
        if (u->rc.regs < m->regs)
            return mech_param_small(c, msg, sizeof msg, "lane_regfile.REGS", u->rc.regs,
                                    m->regs, 0, why);
        if (u->rc.entries < u->rc.regs * per) {
            snprintf(why, sizeof why, "each lane's bank holds %u threads (a pool's warps) x %u "
                     "registers", per, u->rc.regs);
            return mech_param_small(c, msg, sizeof msg, "lane_regfile.ENTRIES",
                                    u->rc.entries, u->rc.regs * per, 0, why);
        }
        memset(&u->ri_idle, 0, sizeof u->ri_idle);
        u->ri_idle.mode = C->regfile == CORE_RF_CROSSBAR ? LRF_MODE_CROSSBAR : LRF_MODE_PER_LANE;
        u->ri_idle.swizzle = m->swz;
        /* zeroed: the register file's reset state is all zero bytes and the
         * dwf's needs its pool's free list only (dwf_reset_zeroed): 450 KB
         * a unit not cleared twice */
        u->ws = zeroed_state(&spare_ws[q], sizeof *u->ws);
        u->rs = zeroed_state(&spare_rs[q], sizeof *u->rs);
        dwf_reset_zeroed(&u->wc, u->ws);
        /* pool q's local thread id -> the core's thread slot: local static
         * warp j is the core's warp j * P + q (w mod P == q); the pool's
         * threads are its static warps' (ids below lt) */
        u->slot = malloc(lt * sizeof *u->slot);
        for (unsigned t = 0; t < lt; t++)
            u->slot[t] = ((t / WS) * m->P + q) * WS + t % WS;
        u->slot_sh = -1;
        if (!(WS & (WS - 1)) && !(m->P & (m->P - 1))) {
            u->slot_sh = __builtin_ctz(m->P);
            u->slot_lo = WS - 1u;
            u->slot_hi = ~(WS - 1u);
            u->slot_q = q * WS;
            for (unsigned t = 0; C->check && t < lt; t++)
                if (u->slot[t] != (((t & u->slot_hi) << u->slot_sh) | u->slot_q | (t & u->slot_lo)))
                    return "internal: dwf's thread slot formula differs from its table";
        }
        u->waitpc = malloc(lt * sizeof *u->waitpc);
        u->wwait = calloc(per, sizeof *u->wwait);
        /* local warp j is the core's warp j * P + q, of CTA slot k = (j * P
         * + q) / CW; the slot's local warps end before the least j' with
         * j' * P + q in slot k + 1 */
        u->cend = malloc(per * sizeof *u->cend);
        for (unsigned j = 0, CW = core_cta_warps(c); j < per; j++)
            u->cend[j] = (uint16_t)((((j * m->P + q) / CW + 1) * CW - q + m->P - 1) / m->P);
        u->rvpc = malloc(lt * sizeof *u->rvpc);
        u->rvgo = calloc(lt, sizeof *u->rvgo);
        u->rvn = calloc(per, sizeof *u->rvn);
        u->rvbits = calloc(per, sizeof *u->rvbits);
        u->rvgrp = malloc((size_t)per * PROG_WARP * sizeof *u->rvgrp);
        u->rvngrp = malloc(per);
        memset(u->rvngrp, 0xff, per);
        u->rvneed = calloc(lt, sizeof *u->rvneed);
        u->narrow = core_wsync_narrow(c);
        u->hpc = malloc(lt * sizeof *u->hpc);
        u->hn = calloc(per, sizeof *u->hn);
        for (unsigned t = 0; t < lt; t++)
            u->hpc[t] = 0xffff;
        for (unsigned t = 0; t < lt; t++)
            u->rvpc[t] = -1;
        for (unsigned t = 0; t < lt; t++)
            u->waitpc[t] = 0xffff;
    }
    return NULL;
}

static void mdwf_launch(core *c, void *vm, unsigned w, uint64_t mask)
{
    mdwf_mech *m = vm;
    (void)c;
    mech_lq_push(&m->u[w % m->P].lq, w / m->P, mask);
}

static void cq_push(mdwf_unit *u, const mdwf_item *it)
{
    if (u->ncq == u->capcq) {
        u->capcq = u->capcq * 2 + 16;
        u->cq = realloc(u->cq, u->capcq * sizeof *u->cq);
        u->cq_rdy = realloc(u->cq_rdy, u->capcq * sizeof *u->cq_rdy);
    }
    u->cq_rdy[u->ncq] = it->ready;
    u->cq[u->ncq++] = *it;
    if (it->ready < u->cq_due)
        u->cq_due = it->ready;
}

/* cq's item i out (the last one in its place) */
static void cq_remove(mdwf_unit *u, unsigned i)
{
    if (i != --u->ncq) {
        u->cq[i] = u->cq[u->ncq];
        u->cq_rdy[i] = u->cq_rdy[u->ncq];
    }
}

/* Threads waiting at a closed barrier whose barrier the core released
 * rejoin: one commit per static warp.  A static warp's waiting threads are
 * of one CTA and entered waiting at its closed barrier; the core opens a
 * CTA's barrier for all its threads at once, and a waiting thread executes
 * nothing: they are all still at the barrier or all released.  So one
 * waiting thread per CTA is looked at: the first of its first waiting warp
 * (wbits: the local warps with waiting threads; a CTA's warps are
 * consecutive local warps), and a CTA still at its barrier costs one look a
 * cycle, whatever its threads.  Under --check every waiting thread of a
 * CTA at its barrier is looked at (`internal: ...` otherwise). */
static int mdwf_rejoin(core *c, const mdwf_mech *m, unsigned q, mdwf_unit *u, int check)
{
    if (!u->nwait)
        return 0;
    /* a waiting thread entered waiting at a closed barrier (its
     * core_at_bar was 1), and core_at_bar goes from 1 to 0 only when
     * core_bar_clears changes: while it has not changed since the last
     * look, nothing is released (under --check looked at anyway, and a
     * release then fails: `internal: ... released with no barrier clear`) */
    const uint64_t clears = core_bar_clears(c);
    const int quiet = clears == u->bar_seen;
    if (quiet && !check)
        return 0;
    u->bar_seen = clears;
    const unsigned WS = core_warp_size(c), CW = core_cta_warps(c), P = m->P;
    const unsigned nw = (core_warps(c) + P - 1) / P, nwd = (nw + 63) / 64;
    for (unsigned j = bits_array_next(u->wbits, nwd, 0); j < nw;) {
        /* the local warps of j's CTA slot end before jend */
        const unsigned jend = u->cend[j];
        const uint16_t *wp = u->waitpc + j * WS;
        unsigned l0 = 0;
        while (wp[l0] == 0xffff)
            l0++;
        if (core_at_bar(c, u->slot[j * WS + l0])) {
            for (unsigned j2 = j; check && j2 < jend && j2 < nw; j2++)
                for (unsigned l = 0; l < WS; l++)
                    if (u->waitpc[j2 * WS + l] != 0xffff && !core_at_bar(c, u->slot[j2 * WS + l]))
                        return core_fail(c, "internal: pool %u's CTA slot %u has waiting "
                                            "threads at a closed and at an open barrier", q,
                                         (j * P + q) / CW);
            j = bits_array_next(u->wbits, nwd, jend);
            continue;
        }
        /* released: each waiting warp of the CTA, lowest first */
        if (quiet)
            return core_fail(c, "internal: pool %u's CTA slot %u has waiting threads "
                                "released with no barrier clear", q, (j * P + q) / CW);
        for (; j < jend && j < nw; j = bits_array_next(u->wbits, nwd, j + 1)) {
            mdwf_item it;
            memset(&it, 0, sizeof it);
            for (unsigned l = 0; l < WS; l++) {
                unsigned t = j * WS + l;
                if (u->waitpc[t] == 0xffff)
                    continue;
                if (core_at_bar(c, u->slot[t])) {
                    if (check)
                        return core_fail(c, "internal: pool %u's CTA slot %u has waiting "
                                            "threads at a closed and at an open barrier", q,
                                         (j * P + q) / CW);
                    continue;
                }
                /* threads of one warp at two barrier PCs: the two sides of
                 * the commit; at a third, the next cycle's commit */
                unsigned h = dwf_home_lane(&u->wc, t);
                int pc = u->waitpc[t];
                if (!it.mask_t || pc == it.pc_t) {
                    it.pc_t = pc;
                    it.mask_t |= 1ull << h;
                } else if (!it.mask_nt || pc == it.pc_nt) {
                    it.pc_nt = pc;
                    it.mask_nt |= 1ull << h;
                } else
                    continue;
                it.tid[h] = (uint16_t)t;
                u->waitpc[t] = 0xffff;
                u->nwait--;
                if (!--u->wwait[j])
                    bits_array_clear(u->wbits, j);
            }
            if (it.mask_t) {
                it.ready = core_now(c);
                cq_push(u, &it);
            }
        }
    }
    return 0;
}

/* The register file's request for lanes `mask` (its mode, swizzle and
 * lanes; the last request's lanes cleared: the fields this code never sets
 * are 0 from the calloc'ed mechanism state).  Returns 1 when the TIDs are
 * to be driven: lean, the register file's timing only
 * (lane_regfile_eval_lean) reads them in the crossbar only (and for the
 * scalar bank, which dwf's file, SREGS 0, does not use) and no write data. */
static int mdwf_rf_lanes(const core *c, const mdwf_mech *m, mdwf_unit *u, uint64_t mask, int lean)
{
    lane_regfile_in *ri = &u->ri;
    ri->mode = core_config(c)->regfile == CORE_RF_CROSSBAR ? LRF_MODE_CROSSBAR : LRF_MODE_PER_LANE;
    const int rf_tids = !lean || ri->mode == LRF_MODE_CROSSBAR;
    for (uint64_t mk = rf_tids ? ri->lane_valid : 0; mk; mk &= mk - 1) {
        unsigned l = (unsigned)__builtin_ctzll(mk);
        ri->tid[l] = 0;
        ri->wdata[l] = 0;
    }
    ri->swizzle = m->swz;
    ri->lane_valid = mask;
    return rf_tids;
}

/* Narrow warps (core_wsync_narrow; our extension, not 000): the threads a
 * warp-synchronous instruction's issue left held at the core's rendezvous
 * (u->hpc; core_issue.c, wsync_issue) whose group has completed (the core
 * released them: core_wsw_open, which counts a barrier clear) rejoin the
 * pool.  The group's results were computed at the completing issue, after
 * their own issue drove the register file: one static warp's released
 * threads at one instruction take the register file for a write pass of
 * their results (one pass per destination, as any issue's writeback; the
 * pool does not issue meanwhile), then commit past the instruction, as
 * mdwf_rejoin's threads do.  The core releases a logical warp's threads
 * alone, not a CTA's, so every local static warp with held threads is
 * looked at (hn), in a cycle after a clear or after a held thread entered
 * (hlook); under --check in every cycle, and a release found with no clear
 * fails.  The test hook --inject-fault held@C (fault kind 20) commits the
 * released threads without the write pass: their banks keep the old
 * values, which the register file's read check (--check) finds. */
static int mdwf_unhold(core *c, const mdwf_mech *m, unsigned q, mdwf_unit *u, int check,
                       int lean)
{
    if (!u->nheld || u->rf_active)
        return 0;
    const uint64_t clears = core_bar_clears(c);
    const int quiet = clears == u->held_seen && !u->hlook;
    if (quiet && !check)
        return 0;
    u->held_seen = clears;
    u->hlook = 0;
    const prog *p = core_prog(c);
    const unsigned WS = core_warp_size(c), nw = (core_warps(c) + m->P - 1) / m->P;
    for (unsigned j = 0; j < nw; j++) {
        if (!u->hn[j])
            continue;
        mdwf_item it;
        memset(&it, 0, sizeof it);
        for (unsigned l = 0; l < WS; l++) {
            const unsigned t = j * WS + l;
            if (u->hpc[t] == 0xffff || core_at_bar(c, u->slot[t]))
                continue;
            if (quiet)
                return core_fail(c, "internal: pool %u's thread %u (slot %u), held at a "
                                    "rendezvous, released with no barrier clear", q, t, u->slot[t]);
            if (it.mask_t && u->hpc[t] != it.pc_t) {
                u->hlook = 1; /* past another instruction: a later pass */
                continue;
            }
            const unsigned h = dwf_home_lane(&u->wc, t);
            it.pc_t = u->hpc[t];
            it.mask_t |= 1ull << h;
            it.tid[h] = (uint16_t)t;
            u->hpc[t] = 0xffff;
            u->hn[j]--;
            u->nheld--;
        }
        if (!it.mask_t)
            continue;
        it.pc_nt = -1;
        it.ready = core_now(c);
        const int pc = it.pc_t - 1; /* the instruction: a held thread goes on to pc + 1 */
        const prog_insn *ki = &p->ins[pc];
        if (!ki->wsync)
            return core_fail(c, "internal: pool %u's held threads are past pc %d, not a "
                                "warp-synchronous instruction", q, pc);
        /* (the test hook --inject-fault held@C, fault_kind 20: from cycle
         * C the released threads commit without the write pass) */
        const int stale = core_config(c)->fault_kind == 20 &&
                          core_now(c) >= core_config(c)->fault_cycle;
        if (!ki->ndst || stale) { /* nothing to write (bar.warp.sync) */
            cq_push(u, &it);
            continue;
        }
        /* the write pass: the pool's issue waits for the register file */
        lane_regfile_in *ri = &u->ri;
        const int rf_tids = mdwf_rf_lanes(c, m, u, it.mask_t, lean);
        ri->ra0 = ri->ra1 = ri->wa = m->map[ki->dst[0]];
        u->rf_chk_next = 0; /* nothing read */
        ri->wen = it.mask_t;
        for (uint64_t mk = rf_tids ? it.mask_t : 0; mk; mk &= mk - 1) {
            const unsigned l = (unsigned)__builtin_ctzll(mk);
            ri->tid[l] = it.tid[l];
            if (!lean)
                ri->wdata[l] = (uint32_t)core_reg(c, u->slot[it.tid[l]], ki->dst[0]);
        }
        u->cur = it;
        u->cur_issue = u->cur_ready = core_now(c);
        u->cur_pc = pc;
        u->rf_pass = 0;
        u->rf_active = 1;
        u->hlook = 1; /* the rest: after this pass */
        break;
    }
    return 0;
}

/* The commit port's input: a launch, or the earliest due writeback.
 * Returns -2 a launch, >= 0 the queue index, -1 none.  The committed
 * lanes' TIDs go to u->cm_lt and, unless lean (dwf_eval_lean reads them
 * there), into the cm_tids bus. */
static int mdwf_commit_pick(const core *c, mdwf_unit *u, dwf_in *in, int lean)
{
    const prog *p = core_prog(c);
    unsigned WS = core_warp_size(c);
    if (u->lq.n) {
        unsigned j = u->lq.w[u->lq.head];
        uint64_t mask = u->lq.mask[u->lq.head];
        for (unsigned l = 0; l < WS; l++)
            if (mask >> l & 1u) {
                unsigned t = j * WS + l, h = dwf_home_lane(&u->wc, t);
                u->cm_lt[h] = (uint16_t)t;
                if (!lean)
                    warp_pool_put_tid(in->cm_tids, h, u->wc.tid_bits, t);
                in->cm_mask_t |= 1ull << h;
            }
        in->cm_valid = 1;
        return -2;
    }
    const uint64_t now = core_now(c);
    if (u->cq_due > now)
        return -1; /* nothing due yet */
    for (;;) {
        /* the earliest (the first of equals), and the rest's earliest */
        unsigned best = 0;
        uint64_t due = UINT64_MAX, due2 = UINT64_MAX;
        for (unsigned i = 0; i < u->ncq; i++) {
            const uint64_t r = u->cq_rdy[i];
            if (r < due) {
                due2 = due;
                due = r;
                best = i;
            } else if (r < due2)
                due2 = r;
        }
        u->cq_due = due; /* due <= now: looked at again until the item goes */
        if (due > now)
            return -1;
        u->cq_due2 = due2;
        mdwf_item *it = &u->cq[best];
        if (it->bar) {
            /* each thread by its own CTA's barrier: a dynamic warp may hold
             * threads of several CTAs, and one CTA's barrier may open while
             * another's is still closed.  The threads whose barrier is
             * closed wait outside the pool; the rest commit. */
            for (uint64_t mk = it->mask_t | it->mask_nt; mk; mk &= mk - 1) {
                unsigned l = (unsigned)__builtin_ctzll(mk), t = it->tid[l];
                if (it->bar == 2 ? !(it->held >> l & 1) : !core_at_bar(c, u->slot[t]))
                    continue;
                const uint16_t npc = (uint16_t)(it->mask_t >> l & 1u ? it->pc_t : it->pc_nt);
                if (it->bar == 2) {
                    /* held at the issue: its results wait for a write pass
                     * after its release (mdwf_unhold), which may have come
                     * already: looked at next cycle */
                    u->hpc[t] = npc;
                    u->hn[t / WS]++;
                    u->nheld++;
                    u->hlook = 1;
                } else {
                    u->waitpc[t] = npc;
                    if (!u->wwait[t / WS]++)
                        bits_array_set(u->wbits, t / WS);
                    u->nwait++;
                }
                it->mask_t &= ~(1ull << l);
                it->mask_nt &= ~(1ull << l);
            }
            it->bar = 0;
            if (!(it->mask_t | it->mask_nt)) {
                cq_remove(u, best);
                continue;
            }
        }
        uint64_t smask = (1ull << u->wc.sched_bits) - 1u;
        /* read in the committed lanes only: copied whole */
        memcpy(u->cm_lt, it->tid, sizeof it->tid);
        for (uint64_t mk = lean ? 0 : it->mask_t | it->mask_nt; mk; mk &= mk - 1) {
            unsigned l = (unsigned)__builtin_ctzll(mk);
            warp_pool_put_tid(in->cm_tids, l, u->wc.tid_bits, it->tid[l]);
        }
        in->cm_valid = 1;
        in->cm_mask_t = it->mask_t;
        in->cm_mask_nt = it->mask_nt;
        in->cm_pc_t = (uint64_t)(it->pc_t < 0 ? 0 : it->pc_t) * 4u;
        in->cm_pc_nt = (uint64_t)(it->pc_nt < 0 ? 0 : it->pc_nt) * 4u;
        unsigned pt = p->prio[it->pc_t < 0 ? 0 : it->pc_t], pn = p->prio[it->pc_nt < 0 ? 0 : it->pc_nt];
        in->cm_prio_t = pt > smask ? smask : pt;
        in->cm_prio_nt = pn > smask ? smask : pn;
        return (int)best;
    }
}

/* The core request of the dynamic warp the pool would issue (k: its
 * candidate, dwf_candidate; lt: its pool-local TIDs per lane). */
static void mdwf_req(const core *c, const mdwf_unit *u, const dwf_cand *k, const uint16_t *lt,
                     uint32_t *tid, core_req *r)
{
    memset(r, 0, sizeof *r);
    r->pc = (int)(k->pc / 4u);
    r->mask = k->mask;
    r->tid = tid;
    r->unit_warp = (unsigned)k->idx;
    r->group = r->with = -1;
    r->nosb = r->nofetch = 1;
    const unsigned nl = u->wc.lanes;
    if (r->mask == bits_mask(nl) && u->slot_sh >= 0) { /* every lane: one pass */
        const unsigned sh = (unsigned)u->slot_sh;
        const uint32_t hi = u->slot_hi, lo = u->slot_lo, qo = u->slot_q;
        for (unsigned l = 0; l < nl; l++)
            tid[l] = ((lt[l] & hi) << sh) | qo | (lt[l] & lo);
    } else if (r->mask == bits_mask(nl))
        for (unsigned l = 0; l < nl; l++)
            tid[l] = u->slot[lt[l]];
    else
        for (uint64_t mk = r->mask; mk; mk &= mk - 1) {
            unsigned l = (unsigned)__builtin_ctzll(mk);
            tid[l] = u->slot[lt[l]];
        }
    r->warp = r->mask ? tid[__builtin_ctzll(r->mask)] / core_warp_size(c) : 0;
}

/* 1 if a and b hold the same state-only pool outputs (warp_pool_eval_state's) */
static int st_same(const warp_pool_out *a, const warp_pool_out *b)
{
    return a->free_cnt == b->free_cnt && a->free_idx0 == b->free_idx0 &&
           a->free_idx1 == b->free_idx1 && a->ovf == b->ovf && a->cand_valid == b->cand_valid &&
           a->cand_idx == b->cand_idx && a->dec.src == b->dec.src &&
           a->dec.start == b->dec.start && a->dec.cand == b->dec.cand &&
           a->dec.sel_slot == b->dec.sel_slot;
}

/* The cycle's dwf evaluation into u->wo: with the kept state-only pool
 * outputs when there are (dwf_eval_st), compared under --check with
 * dwf_eval's ports.  lean (the checks off, no trace): dwf_eval_lean, which
 * does not look for the errors of illegal commits this model never drives
 * (under --check the full evaluation drives the cycle and the lean one is
 * compared with it, `internal: ... lean evaluation differs`). */
static int mdwf_eval(core *c, unsigned q, mdwf_unit *u, int check, int lean)
{
    const warp_pool_out *st = u->cand_ok ? &u->cand_st : NULL;
    /* the test hook (--inject-fault lean@C, fault_kind 11): from cycle C
     * on, the lean evaluation's commit TIDs have the lowest committed
     * lane's bit 0 flipped, a stale per-lane copy (caught under --check) */
    const uint16_t *lt = u->cm_lt;
    uint16_t bad[WARP_POOL_MAX_LANES];
    const uint64_t cm = u->wi.cm_valid ? u->wi.cm_mask_t | u->wi.cm_mask_nt : 0;
    if (cm && core_config(c)->fault_kind == 11 && core_now(c) >= core_config(c)->fault_cycle) {
        memcpy(bad, lt, sizeof bad);
        bad[__builtin_ctzll(cm)] ^= 1u;
        lt = bad;
    }
    if (lean) {
        dwf_eval_lean(&u->wc, u->ws, &u->wi, st, lt, &u->wo);
        return 0;
    }
    if (!st)
        dwf_eval(&u->wc, u->ws, &u->wi, &u->wo);
    else
        dwf_eval_st(&u->wc, u->ws, &u->wi, st, &u->wo);
    if (!check)
        return 0;
    if (st) {
        dwf_out o2;
        dwf_eval(&u->wc, u->ws, &u->wi, &o2);
        if (memcmp(&o2, &u->wo, offsetof(dwf_out, w)) || o2.w.idle != u->wo.w.idle ||
            o2.w.own_err != u->wo.w.own_err || !st_same(&o2.w.pool_out, &u->wo.w.pool_out))
            return core_fail(c, "internal: pool %u's evaluation from its kept issue choice "
                                "differs from dwf_eval", q);
    }
    dwf_out o3;
    dwf_eval_lean(&u->wc, u->ws, &u->wi, st, lt, &o3);
    if (!u->wo.err && !dwf_lean_same(&u->wi, &o3, &u->wo))
        return core_fail(c, "internal: pool %u's lean evaluation differs from dwf_eval", q);
    return 0;
}

/* The pool's candidate and its core request into u->cand_* (kept while
 * cand_ok: the pool has not changed); under --check a kept one is compared
 * with a fresh one. */
static int mdwf_cand(core *c, unsigned q, mdwf_unit *u, int check)
{
    dwf_cand k;
    core_req r;
    uint32_t tid[CORE_MAX_WARP];
    warp_pool_out st;
    uint16_t lt[LANE_REGFILE_MAX_LANES];
    if (!u->cand_ok) {
        u->cand_have = dwf_candidate_lanes(&u->wc, u->ws, &k, &u->cand_st, u->cand_lt);
        if (u->cand_have)
            mdwf_req(c, u, &k, u->cand_lt, u->cand_tid, &u->cand_r);
        u->cand_ok = 1;
    }
    if (!check)
        return 0;
    /* the candidate's TIDs from the bus (dwf_candidate_st), against the
     * kept request (dwf_candidate_lanes') */
    int have = dwf_candidate_st(&u->wc, u->ws, &k, &st);
    int same = have == u->cand_have && st_same(&st, &u->cand_st);
    if (have && same) {
        for (uint64_t mk = k.mask; mk; mk &= mk - 1)
            lt[__builtin_ctzll(mk)] =
                (uint16_t)warp_pool_get_tid(k.tids, (unsigned)__builtin_ctzll(mk), u->wc.tid_bits);
        mdwf_req(c, u, &k, lt, tid, &r);
        same = r.pc == u->cand_r.pc && r.mask == u->cand_r.mask &&
               r.unit_warp == u->cand_r.unit_warp && r.warp == u->cand_r.warp;
        for (uint64_t mk = r.mask; same && mk; mk &= mk - 1)
            same = tid[__builtin_ctzll(mk)] == u->cand_tid[__builtin_ctzll(mk)] &&
                   lt[__builtin_ctzll(mk)] == u->cand_lt[__builtin_ctzll(mk)];
    }
    if (!same)
        return core_fail(c, "internal: pool %u's kept candidate is stale", q);
    return 0;
}


/* The steps of the quiet cycles not yet counted (u->quiet_steps), added to
 * the energy rows CORE_RECORD charges (before the next cycle that records and
 * at the run's end, mdwf_finish: before the energy is read, energy_eval) */
static void mdwf_quiet_flush(core *c, mdwf_unit *u)
{
    if (!u->en_dwf) { /* the rows, found (or made, in this order) once a run */
        energy_counts *e = core_energy_counts(c);
        u->en_dwf = energy_row(e, "dwf");
        u->en_rf = energy_row(e, "lane_regfile");
    }
    u->en_dwf->steps += u->quiet_steps;
    u->en_rf->steps += u->quiet_steps;
    u->quiet_steps = 0;
}

/* lean (mdwf_cycle: the checks off, no trace and no waveform): the lean
 * evaluation (mdwf_eval), and the register file's write data, read only by
 * the read check and the trace, is not fetched from the core */
static int mdwf_unit_cycle(core *c, mdwf_mech *m, unsigned q, const int check, const int lean)
{
    mdwf_unit *u = &m->u[q];
    const prog *p = core_prog(c);
    dwf_in *in = &u->wi;
    unsigned pool = dwf_threads(&u->wc);
    const uint32_t *tid = u->cand_tid;
    const core_req *r = &u->cand_r;
    /* A quiet cycle: the last one's answers to an all-zero input kept (the
     * dwf's idle answer, wo_kept, which leaves the input all zero; the
     * register file's, ro_kept), no launch queued, no writeback due, no
     * barrier clear since the last look at waiting threads, nothing parked,
     * the pool empty (no issue request) or its kept candidate waiting for
     * its unit (core_ready: the pool holds its issue, iss_req 0; the
     * candidate stays kept, as the pool does not change).  The cycle below would then drive
     * the same zero inputs, skip both evaluations and steps, and change
     * nothing but the energy counts and the read check's bookkeeping; with
     * lean those are done here.  Under --check the cycle runs in full and
     * is checked to have been quiet (`internal: ... quiet cycle`). */
    const int quiet = u->wo_kept && u->ro_kept && !u->lq.n && !u->nrv &&
                      u->cq_due > core_now(c) &&
                      (!u->nwait || core_bar_clears(c) == u->bar_seen) &&
                      (!u->nheld || (core_bar_clears(c) == u->held_seen && !u->hlook)) &&
                      (u->ws->pool.fcnt == pool ||
                       (u->cand_ok && u->cand_have && core_ready(c, q, r) != CORE_OK));
    if (quiet && lean) {
        /* its energy counts are one step of each row (with no input and
         * the kept idle answers the counters charge nothing else; under
         * --check the cycle records and is checked to), added later */
        u->rf_pend_valid = 0;
        u->rf_chk = u->rf_chk_next;
        u->quiet_steps++;
        return 0;
    }
    static const dwf_in zero_in_port;
    if (quiet && check && memcmp(in, &zero_in_port, sizeof *in))
        return core_fail(c, "internal: pool %u's quiet cycle has a commit port input left", q);
    if (lean) { /* no cm_tids: never written lean, 0 since the state's calloc */
        in->iss_req = in->cm_valid = 0;
        in->cm_mask_t = in->cm_mask_nt = in->cm_pc_t = in->cm_pc_nt = 0;
        in->cm_prio_t = in->cm_prio_nt = 0;
    } else
        memset(in, 0, sizeof *in);
    if (mdwf_rejoin(c, m, q, u, check) || mdwf_unhold(c, m, q, u, check, lean))
        return -1;
    int pick = mdwf_commit_pick(c, u, in, lean);
    /* a parked group of warp-synchronous code that can execute goes first
     * (mdwf_rv_pick): the pool holds its issue this cycle */
    int rv = 0;
    if (u->nrv && !u->rf_active) {
        if ((rv = mdwf_rv_pick(c, u, (core_warps(c) + m->P - 1) / m->P)) < 0)
            return -1;
        if (rv && core_ready(c, q, &u->rv_r) != CORE_OK)
            rv = 0;
    }
    /* The pool's issue choice is registered state only (dwf_candidate):
     * its warp is asked of the core first, and the pool is asked to issue
     * (iss_req) only when the warp can go -- the SIMD group or LSU busy:
     * the pool holds its issue.  One evaluation of the cycle. */
    int have_req = 0; /* r and tid are the request of the pool's candidate */
    in->iss_req = 0;
    if (!rv && !u->rf_active && u->ws->pool.fcnt < pool) {
        if (mdwf_cand(c, q, u, check))
            return -1;
        if (!u->cand_have)
            in->iss_req = 1; /* the pool's answer, as it gives it */
        else {
            have_req = 1;
            in->iss_req = core_ready(c, q, r) == CORE_OK;
        }
    }
    /* an idle cycle with no input after another: the kept answer (wo_kept) */
    const int zero_in = pick == -1 && !in->iss_req, reuse_wo = zero_in && u->wo_kept;
    if (!reuse_wo) {
        if (mdwf_eval(c, q, u, check, lean))
            return -1;
    } else if (check) {
        dwf_out o2;
        dwf_eval(&u->wc, u->ws, in, &o2);
        if (memcmp(&o2, &u->wo, sizeof o2))
            return core_fail(c, "internal: pool %u's kept idle answer is stale", q);
    }
    u->wo_kept = zero_in && u->wo.w.idle;
    if (u->wo.err)
        return core_fail(c, "dwf error %s", dwf_err_name((unsigned)u->wo.err_code));
    if (u->wo.iss_valid && (!have_req || u->wo.iss_idx != r->unit_warp || u->wo.iss_mask != r->mask))
        return core_fail(c, "internal: pool %u issued warp %llu, not its candidate", q,
                         (unsigned long long)u->wo.iss_idx);
    if (in->cm_valid && !u->wo.cm_ready) {
        core_stall(c);
        in->cm_valid = 0; /* held: stays queued */
        if (mdwf_eval(c, q, u, check, lean))
            return -1;
        u->wo_kept = 0;
        pick = -1;
    } else if (pick == -2) {
        unsigned w;
        uint64_t mk;
        mech_lq_pop(&u->lq, 0, 0, &w, &mk);
    } else if (pick >= 0) {
        cq_remove(u, (unsigned)pick);
        u->cq_due = u->cq_due2; /* the rest's earliest (pushes lower it) */
    }
    u->evictions += u->wo.lk0_evict + u->wo.lk1_evict;
    int issued = 0;
    /* at a warp-synchronous instruction the logical warps that cannot
     * execute yet are parked (mdwf_rv_split): the rest executes */
    core_req rx;
    const uint16_t *ilt = u->cand_lt; /* the issued lanes' local TIDs */
    if (u->wo.iss_valid && p->ins[r->pc].wsync && !u->narrow) {
        uint64_t parked = mdwf_rv_split(c, u, r, u->cand_lt);
        if (parked) {
            rx = *r;
            rx.mask &= ~parked;
            r = &rx;
            issued = 1; /* the pool issued */
        }
    }
    if (rv) {
        r = &u->rv_r;
        tid = u->rv_tid;
        ilt = u->rv_lt;
    }
    if ((u->wo.iss_valid || rv) && r->mask) {
        const prog_insn *ki = &p->ins[r->pc];
        lane_regfile_in *ri = &u->ri;
        const int rf_tids = mdwf_rf_lanes(c, m, u, r->mask, lean);
        unsigned v0 = ki->nsrc > 0 ? ki->src[0] : 0, v1 = ki->nsrc > 1 ? ki->src[1] : 0;
        ri->ra0 = m->map[v0];
        ri->ra1 = m->map[v1];
        /* a port with no operand reads whatever its row holds: unchecked
         * (allocated rows are shared by registers live at other times) */
        u->rf_chk_next = (ki->nsrc > 0) | (ki->nsrc > 1) << 1;
        ri->wa = ki->ndst ? m->map[ki->dst[0]] : 0;
        /* the issued warp is the candidate (checked above): its TIDs are
         * the candidate's, read per lane (under --check also from the bus) */
        for (uint64_t mk = rf_tids ? r->mask : 0; mk; mk &= mk - 1) {
            unsigned l = (unsigned)__builtin_ctzll(mk);
            ri->tid[l] = ilt[l];
            if (check && !rv && ri->tid[l] != warp_pool_get_tid(u->wo.iss_tids, l, u->wc.tid_bits))
                return core_fail(c, "internal: pool %u issued TID %u in lane %u, the kept "
                                    "candidate has %u", q,
                                 warp_pool_get_tid(u->wo.iss_tids, l, u->wc.tid_bits), l,
                                 (unsigned)ri->tid[l]);
            /* the operands as the banks hold them now (read-first): the
             * read check's, an invariant check (under --check only) */
            if (check) {
                u->rf_exp0[l] = (uint32_t)core_reg(c, tid[l], v0);
                u->rf_exp1[l] = (uint32_t)core_reg(c, tid[l], v1);
            }
        }
        core_out o;
        if (core_issue(c, q, r, &o))
            return -1;
        if (rv)
            mdwf_rv_leave(u);
        /* narrow warps: the lanes the core's rendezvous holds (their
         * results are written when the group completes: not now, but by a
         * write pass when they are released, mdwf_unhold) */
        uint64_t held = 0;
        for (uint64_t mk = ki->wsync && u->narrow ? r->mask : 0; mk; mk &= mk - 1)
            if (core_at_bar(c, tid[__builtin_ctzll(mk)]))
                held |= mk & -mk;
        /* cur.tid is read in the lanes of its masks only: copied whole */
        u->cur.mask_t = u->cur.mask_nt = 0;
        u->cur.bar = ki->unit == PU_BAR ? 1 : held ? 2 : 0;
        u->cur.held = held;
        u->cur.pc_t = u->cur.pc_nt = -1;
        memcpy(u->cur.tid, ilt, sizeof u->cur.tid);
        ri->wen = ki->ndst ? r->mask & ~held : 0;
        for (uint64_t mk = ki->ndst && !lean ? r->mask & ~held : 0; mk; mk &= mk - 1) {
            unsigned l = (unsigned)__builtin_ctzll(mk);
            ri->wdata[l] = (uint32_t)core_reg(c, tid[l], ki->dst[0]);
        }
        /* the lanes by next PC: an instruction that is not a branch goes
         * on to pc + 1 or exits (o.exited), as the mechanisms of the
         * straight-line fetch rely on (mech_swi.c, mech_tsimt.c), so its
         * masks are two word operations; a branch's are looked at per lane,
         * and so is every instruction's under --check, which compares */
        const int split = ki->unit == PU_BRA || check;
        for (uint64_t mk = split ? r->mask : 0; mk; mk &= mk - 1) {
            unsigned l = (unsigned)__builtin_ctzll(mk);
            int nx = o.next_pc[l];
            if (nx == (int)p->n)
                continue; /* exited: in neither mask */
            if (u->cur.pc_t < 0 || nx == u->cur.pc_t) {
                u->cur.pc_t = nx;
                u->cur.mask_t |= 1ull << l;
            } else if (u->cur.pc_nt < 0 || nx == u->cur.pc_nt) {
                u->cur.pc_nt = nx;
                u->cur.mask_nt |= 1ull << l;
            } else
                return core_fail(c, "internal: three next PCs in one dynamic warp");
        }
        if (ki->unit != PU_BRA) {
            const uint64_t on = r->mask & ~o.exited;
            if (split && (u->cur.mask_t != on || u->cur.mask_nt ||
                          (on && u->cur.pc_t != r->pc + 1)))
                return core_fail(c, "internal: pool %u: pc %d, not a branch, sends lanes "
                                    "0x%llx on to pc %d and 0x%llx to pc %d", q, r->pc,
                                 (unsigned long long)u->cur.mask_t, u->cur.pc_t,
                                 (unsigned long long)u->cur.mask_nt, u->cur.pc_nt);
            u->cur.mask_t = on;
            u->cur.pc_t = on ? r->pc + 1 : -1;
        }
        u->cur_issue = core_now(c);
        u->cur_ready = o.ready;
        u->cur_pc = r->pc;
        u->rf_pass = 0;
        u->rf_active = 1;
        issued = 1;
    }
    /* the register file: this cycle's pass of the request in progress */
    const lane_regfile_in *ri = u->rf_active ? &u->ri : &u->ri_idle;
    const int reuse_ro = !u->rf_active && u->ro_kept;
    if (!reuse_ro && lean)
        lane_regfile_eval_lean(&u->rc, u->rs, ri, &u->ro);
    else if (!reuse_ro) {
        lane_regfile_eval(&u->rc, u->rs, ri, &u->ro);
        /* the timing-only evaluation the checks-off runs use, compared */
        if (check && !u->ro.err) {
            lane_regfile_out o4;
            lane_regfile_eval_lean(&u->rc, u->rs, ri, &o4);
            if (!lane_regfile_lean_same(&o4, &u->ro))
                return core_fail(c, "internal: pool %u's register file timing "
                                    "(lane_regfile_eval_lean) differs from lane_regfile_eval", q);
        }
    } else if (check) {
        lane_regfile_out o2;
        memcpy(&o2, &u->ro, sizeof o2); /* the fields an idle cycle leaves as they were */
        lane_regfile_eval(&u->rc, u->rs, ri, &o2);
        if (memcmp(&o2, &u->ro, sizeof o2))
            return core_fail(c, "internal: pool %u's kept register file answer is stale", q);
    }
    u->ro_kept = !u->rf_active && !u->ro.err && !u->rs->rvalid_q && !u->rs->done_q && !u->rs->req_q;
    if (u->ro.err)
        return core_fail(c, "lane_regfile error %s", lane_regfile_err_name((unsigned)u->ro.err_code));
    for (uint64_t mk = check ? u->ro.rvalid & u->rf_pend_valid : 0; mk; mk &= mk - 1) {
        unsigned l = (unsigned)__builtin_ctzll(mk);
        if ((u->rf_chk & 1u && u->ro.rdata0[l] != u->rf_pend0[l]) ||
            (u->rf_chk & 2u && u->ro.rdata1[l] != u->rf_pend1[l]))
            return core_fail(c, "lane_regfile lane %u read 0x%llx/0x%llx, the registers hold "
                                "0x%x/0x%x",
                             l, (unsigned long long)u->ro.rdata0[l],
                             (unsigned long long)u->ro.rdata1[l], u->rf_pend0[l], u->rf_pend1[l]);
    }
    u->rf_pend_valid = 0;
    u->rf_chk = u->rf_chk_next;
    for (uint64_t mk = u->rf_pass || !check ? 0 : u->ro.grant; mk; mk &= mk - 1) {
        unsigned l = (unsigned)__builtin_ctzll(mk);
        u->rf_pend0[l] = u->rf_exp0[l];
        u->rf_pend1[l] = u->rf_exp1[l];
        u->rf_pend_valid |= 1ull << l;
    }
    energy_cnt k0, k1;
    energy_counts *en = core_energy_counts(c);
    /* no commit or issue request at the dwf, no lanes requested at the
     * register file and none granted: each structure's counter charges one
     * step (energy.c); with lean (no trace to record) the step is added
     * later with the quiet cycles' (u->quiet_steps), under --check the
     * cycle records and is checked to have charged only that */
    const int steps_only = !in->iss_req && !in->cm_valid && !ri->lane_valid &&
                           (!u->ro.grant || u->ro.err);
    if ((quiet || steps_only) && check) {
        k0 = *energy_row(en, "dwf");
        k1 = *energy_row(en, "lane_regfile");
    }
    if (steps_only && lean)
        u->quiet_steps++;
    else {
        if (u->quiet_steps)
            mdwf_quiet_flush(c, u);
        if (CORE_RECORD(c, 2 * q, dwf, &u->wc, in, &u->wo) ||
            CORE_RECORD(c, 2 * q + 1, lane_regfile, &u->rc, ri, &u->ro))
            return -1;
    }
    if ((quiet || steps_only) && check) {
        /* what the checks-off quiet cycle adds instead: one step each */
        const energy_cnt *a = energy_row(en, "dwf"), *b = energy_row(en, "lane_regfile");
        k0.steps++;
        k1.steps++;
        if (memcmp(&k0, a, sizeof k0) || memcmp(&k1, b, sizeof k1))
            return core_fail(c, "internal: pool %u's %s cycle charged more energy than a "
                                "step of each structure", q, quiet ? "quiet" : "steps-only");
    }
    if (quiet && (pick != -1 || rv || in->iss_req || issued || !reuse_wo || !reuse_ro ||
                  !u->wo_kept || !u->ro_kept || ri != &u->ri_idle))
        return core_fail(c, "internal: pool %u's quiet cycle was not quiet", q);
    if (!core_drop(c, issued) && !reuse_wo) {
        if (lean) /* no live or in_pool bits: only the checks read them */
            dwf_step_lean(&u->wc, u->ws, in, &u->wo);
        else
            dwf_step(&u->wc, u->ws, in, &u->wo);
    }
    if (!u->wo.w.idle)
        u->cand_ok = 0; /* the pool may have changed */
    if (!reuse_ro && lean)
        lane_regfile_step_lean(&u->rc, u->rs, &u->ro);
    else if (!reuse_ro) {
        lane_regfile_step(&u->rc, u->rs, ri, &u->ro);
        u->rf_full = 1;
    }
    if (u->rf_active && !u->ro.stall && u->rf_pass + 1u < p->ins[u->cur_pc].ndst) {
        /* one write port: the next destination in the next pass */
        unsigned d = p->ins[u->cur_pc].dst[++u->rf_pass];
        u->ri.wa = u->ri.ra0 = u->ri.ra1 = m->map[d];
        for (uint64_t mk = lean ? 0 : u->ri.lane_valid; mk; mk &= mk - 1) {
            unsigned l = (unsigned)__builtin_ctzll(mk);
            u->ri.wdata[l] = (uint32_t)core_reg(c, u->slot[u->ri.tid[l]], d);
        }
    } else if (u->rf_active && !u->ro.stall) {
        /* the register file is done: the writeback waits its stall cycles */
        u->rf_active = 0;
        u->cur.ready = u->cur_ready + (core_now(c) - u->cur_issue);
        if (core_sb_blind(c))
            u->cur.ready = core_now(c); /* test hook: commit before the result */
        core_note_ready(c, u->cur.ready);
        if (u->cur.mask_t | u->cur.mask_nt)
            cq_push(u, &u->cur);
    }
    uint64_t occ = pool - u->ws->pool.fcnt;
    if (occ > u->peak)
        u->peak = occ;
    if (core_config(c)->fault_kind == 21 && core_now(c) == core_config(c)->fault_cycle && !q)
        u->ws->pool.in_pool[dwf_threads(&u->wc) - 1u] ^= 1u; /* the test hook: state corrupted */
    if (core_config(c)->check) {
        const char *e = dwf_check(&u->wc, u->ws);
        if (!e)
            e = lane_regfile_check(&u->rc, u->rs);
        if (e)
            return core_fail(c, "dwf invariant (cycle %llu): %s", (unsigned long long)core_now(c),
                             e);
    }
    return 0;
}

static int mdwf_cycle(core *c, void *vm)
{
    mdwf_mech *m = vm;
    const int check = core_config(c)->check;
    const int lean = !check && !core_tracing(c) && !core_vcd(c);
    for (unsigned q = 0; q < m->P; q++)
        if (mdwf_unit_cycle(c, m, q, check, lean))
            return -1;
    return 0;
}

static int mdwf_busy(const core *c, const void *vm)
{
    const mdwf_mech *m = vm;
    (void)c;
    for (unsigned q = 0; q < m->P; q++)
        if (m->u[q].lq.n || m->u[q].ncq || m->u[q].rf_active || m->u[q].nwait || m->u[q].nrv ||
            m->u[q].nheld)
            return 1;
    return 0;
}

/* 1 if pool-local static warp j holds a thread in item it's masks */
static int item_has(const mdwf_item *it, uint64_t mask, unsigned j, unsigned WS)
{
    for (uint64_t mk = mask; mk; mk &= mk - 1)
        if (it->tid[__builtin_ctzll(mk)] / WS == j)
            return 1;
    return 0;
}

/* Per CTA (ops->busy_warp): static warp w's threads are out of the pool
 * in the dwf unit's hands -- its launch queued, in the register file's
 * instruction, in a writeback waiting to commit, or waiting at a closed
 * barrier.  A dynamic warp may mix threads of several CTAs (000 forms warps
 * from any threads of the core at one PC), so the test is per thread: a
 * CTA whose threads have all exited and left the unit retires while other
 * CTAs' threads are in flight.  A thread in the pool is live, so it holds
 * its CTA through the core's live count. */
static int mdwf_busy_warp(const core *c, const void *vm, unsigned w)
{
    const mdwf_mech *m = vm;
    unsigned WS = core_warp_size(c), j = w / m->P;
    const mdwf_unit *u = &m->u[w % m->P];
    if (mech_lq_has(&u->lq, j))
        return 1;
    if (u->rf_active && item_has(&u->cur, u->ri.lane_valid, j, WS))
        return 1;
    for (unsigned i = 0; i < u->ncq; i++)
        if (item_has(&u->cq[i], u->cq[i].mask_t | u->cq[i].mask_nt, j, WS))
            return 1;
    return u->wwait[j] != 0 || u->rvn[j] != 0 || u->hn[j] != 0;
}

static void mdwf_trace(core *c, void *vm, struct vcd_writer *w)
{
    mdwf_mech *m = vm;
    (void)c;
    for (unsigned q = 0; q < m->P; q++) {
        char a[24], b[24];
        snprintf(a, sizeof a, q ? "dwf%u" : "dwf", q);
        snprintf(b, sizeof b, q ? "lane_regfile%u" : "lane_regfile", q);
        vcd_scope(w, a);
        dwf_trace(w, &m->u[q].wc, m->u[q].ws, &m->u[q].wi, &m->u[q].wo);
        vcd_upscope(w);
        vcd_scope(w, b);
        lane_regfile_trace(w, &m->u[q].rc, m->u[q].rs, &m->u[q].ri, &m->u[q].ro);
        vcd_upscope(w);
    }
}

static void mdwf_gtkw(const core *c, const void *vm, FILE *f, const char *s)
{
    (void)c;
    (void)vm;
    fprintf(f, "@2024\n^4 vcd/filters/warp_pool_src.txt\n+{%s issue src} %s.dwf.iss_src[1:0]\n"
               "@28\n+{%s commit} %s.dwf.cm_valid\n+{%s rf stall} %s.lane_regfile.stall\n",
            s, s, s, s, s, s);
}

static void mdwf_stats(const core *c, const void *vm, mech_cols *k)
{
    const mdwf_mech *m = vm;
    static const char *const names[] = {"peak_pool_warps", "rf_conflicts", "lut_evictions"};
    uint64_t v[3] = {0, 0, 0};
    (void)c;
    for (unsigned q = 0; q < m->P; q++) {
        v[0] += m->u[q].peak;
        v[1] += m->u[q].rs->conflicts_q;
        v[2] += m->u[q].evictions;
    }
    mech_cols_u64(k, names, v, 3);
}

static double mdwf_area(const core *c, const void *vm, const area_tech *t, char *what, size_t len)
{
    const mdwf_mech *m = vm;
    double mm2 = 0;
    char other[256];
    what[0] = 0;
    unsigned org = core_config(c)->regfile == CORE_RF_CROSSBAR ? LRF_ORG_CROSSBAR : LRF_ORG_PER_LANE;
    for (unsigned q = 0; q < m->P; q++) {
        area_desc d;
        const mdwf_unit *u = &m->u[q];
        char *w = q ? other : what;
        size_t wl = q ? sizeof other : len;
        other[0] = 0;
        /* one dwf and one lane-aware register file per scheduler (000 Fig. 10) */
        if (mech_area_add(t, area_desc_dwf(&u->wc, AREA_DWF_ALL, 0, &d), &d, &mm2, w, wl) ||
            mech_area_add(t, area_desc_lane_regfile(u->rc.lanes, u->rc.entries, u->rc.width,
                                                    u->rc.regs, (area_lrf_org)org, 0, &d),
                          &d, &mm2, w, wl)) {
            if (q)
                snprintf(what, len, "%s", other);
            return -1;
        }
    }
    return mm2;
}

static int mdwf_finish(core *c, void *vm)
{
    mdwf_mech *m = vm;
    for (unsigned q = 0; q < m->P; q++)
        if (m->u[q].quiet_steps)
            mdwf_quiet_flush(c, &m->u[q]);
    for (unsigned q = 0; q < m->P; q++)
        if (m->u[q].ws->pool.fcnt != dwf_threads(&m->u[q].wc))
            return core_fail(c, "pool %u: %u threads left in the warp pool at the end", q,
                             dwf_threads(&m->u[q].wc) - (unsigned)m->u[q].ws->pool.fcnt);
    return 0;
}

static void mdwf_free(void *vm)
{
    mdwf_mech *m = vm;
    free(m->map);
    for (unsigned q = 0; q < CORE_MAX_PORTS; q++) {
        mdwf_unit *u = &m->u[q];
        /* kept, cleared to all zero bytes, if its slot is free */
        if (u->ws && !spare_ws[q]) {
            dwf_clear_used(&u->wc, u->ws);
            spare_ws[q] = u->ws;
        } else
            free(u->ws);
        if (u->rs && !spare_rs[q]) {
            lane_regfile_clear_used(&u->rc, u->rs, !u->rf_full);
            spare_rs[q] = u->rs;
        } else
            free(u->rs);
        free(m->u[q].cq);
        free(m->u[q].waitpc);
        free(m->u[q].wwait);
        free(m->u[q].cend);
        free(m->u[q].cq_rdy);
        free(m->u[q].slot);
        free(m->u[q].rvpc);
        free(m->u[q].rvgo);
        free(m->u[q].rvn);
        free(m->u[q].rvbits);
        free(m->u[q].rvgrp);
        free(m->u[q].rvngrp);
        free(m->u[q].rvneed);
        free(m->u[q].hpc);
        free(m->u[q].hn);
    }
}

/* Quiet cycles (mech.h's hook; core.h, "Quiet cycles").  A unit's cycle
 * is an idle one when its last cycle kept the dwf's and the register
 * file's answers to no input (wo_kept, ro_kept: neither evaluated nor
 * stepped again) with nothing granted, issued or evicted, and now no
 * launch is queued, no writeback is due, nothing is parked at a
 * rendezvous, no barrier cleared since the last look at waiting threads,
 * and the pool is empty or its candidate waits for its unit (core_ready:
 * the load/store unit or every SIMD group of its class busy: the pool
 * holds its issue).  Such a cycle records one step of each structure's
 * energy row and nothing else, and changes nothing (mdwf_unit_cycle's
 * quiet cycle is the empty pool's case).  It stays so until the earliest
 * writeback falls due (cq_due: at most it), the candidate's unit frees
 * (core_unit_free_at), or the core changes.  n > 0: n such cycles' steps
 * per unit. */
static uint64_t mdwf_quiet(core *c, void *vm, uint64_t n)
{
    mdwf_mech *m = vm;
    if (n) {
        energy_counts *en = core_energy_counts(c);
        energy_row(en, "dwf")->steps += n * m->P;
        energy_row(en, "lane_regfile")->steps += n * m->P;
        return 0;
    }
    const uint64_t now = core_now(c);
    uint64_t e = UINT64_MAX;
    for (unsigned q = 0; q < m->P; q++) {
        const mdwf_unit *u = &m->u[q];
        if (!u->wo_kept || !u->ro_kept || u->wo.iss_valid || u->wo.err || u->wo.lk0_evict ||
            u->wo.lk1_evict || u->ro.grant || u->rf_active || u->rf_pend_valid ||
            u->rf_chk != u->rf_chk_next || u->lq.n || u->nrv || u->cq_due <= now ||
            (u->nwait && core_bar_clears(c) != u->bar_seen) ||
            (u->nheld && (core_bar_clears(c) != u->held_seen || u->hlook)))
            return now;
        if (u->cq_due < e)
            e = u->cq_due;
        if (u->ws->pool.fcnt < dwf_threads(&u->wc)) {
            if (!u->cand_ok || !u->cand_have)
                return now;
            const enum core_why why = core_ready(c, q, &u->cand_r);
            if (why != CORE_LSU && why != CORE_NO_GROUP)
                return now;
            const uint64_t f = core_unit_free_at(c, u->cand_r.pc);
            if (f <= now)
                return now;
            if (f < e)
                e = f;
        }
    }
    return e;
}

const mech_ops mech_dwf = {
    .name = "dwf",
    .paper = "000 sec. 4",
    .summary = "dynamic warp formation: a warp pool regroups threads at one PC",
    .structs = mdwf_structs,
    .flags = MECH_OWN_FETCH | MECH_OWN_SCHED | MECH_OWN_SB | MECH_EXIT_POP,
    .nctx = 1,
    .size = sizeof(mdwf_mech),
    .init = mdwf_init,
    .launch = mdwf_launch,
    .cycle = mdwf_cycle,
    .busy = mdwf_busy,
    .busy_warp = mdwf_busy_warp,
    .trace = mdwf_trace,
    .gtkw = mdwf_gtkw,
    .stats = mdwf_stats,
    .area = mdwf_area,
    .finish = mdwf_finish,
    .free = mdwf_free,
    .quiet = mdwf_quiet,
};
