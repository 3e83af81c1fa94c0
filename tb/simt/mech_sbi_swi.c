/* SPDX-License-Identifier: Apache-2.0 */
/*
 * mech_sbi_swi.c -- sbi+swi: simultaneous branch AND warp interweaving
 * (001 sec. 3.4 and 4, Table 3's SBI+SWI column, Fig. 2(e), Fig. 7's
 * combinations), on rtl_c/hct_cct_heap, rtl_c/sbi_scoreboard and
 * rtl_c/swi_sched.  sbi's structures come from mech_sbi.c (mech_sbi_bank),
 * swi_sched's sizing from mech_swi.c.
 *
 * What it adds to the core (core.h's baseline), exactly what 001 adds:
 *   - sbi's structures (001 sec. 3.2-3.4): per warp the heap of warp-splits
 *     (HCT row: CPC1/CPC2, CCT below), selective synchronisation, and the
 *     dependency-matrix scoreboard sbi_scoreboard (MECH_OWN_SB; item 7:
 *     disjoint splits never wait on each other's writes).  A warp issues
 *     as under sbi: its primary split, its secondary split beside it on the
 *     other lanes (the second front end, 001 l.99), or the secondary alone
 *     when the primary cannot (item 8: a secondary split is not tied to
 *     its primary);
 *   - swi's cascaded schedulers (001 sec. 4): one swi_sched over every warp
 *     (one pool, as sbi's), whose entry for warp w is the warp's hot row:
 *     tag CPC1 and the lanes of both splits that may issue (m1, and m2
 *     unless selective synchronisation holds it).  The primary picks the
 *     oldest ready entry (a split can issue: heap valid, no hazard, not at
 *     a barrier); it waits one cycle in the secondary stage and issues as
 *     I1 = that warp's sbi issue; the secondary scheduler picks I2, another
 *     warp's entry whose lanes fit in the lanes I1's warp leaves free, both
 *     of its splits (item 8: the SWI secondary never takes the lanes of
 *     I1's secondary split), and that warp issues its sbi issue beside I1
 *     in the same slot and SIMD group (001 l.150).  So up to four
 *     instructions of two warps a cycle on disjoint lanes.  Or, when
 *     another SIMD group of I1's class is free once I1 has its own and a
 *     port is left (swi_sched's alt_free), I2 may go to that group in its
 *     own slot ("to another free SIMD group, as in a conventional
 *     multiple-issue SIMD processor", l.150; swi_sched's i2_alt, as swi):
 *     its warp's sbi issue on the next free ports, of I1's class.  Scheduler
 *     latency 2 and one delivery cycle (001 Table 2's SWI column; core
 *     delay 1), as swi;
 *   - the banked HCT and scoreboard (001 Table 3: "24 x 201-bit, banked";
 *     sec. 4, l.173: "the instruction buffer memory and scoreboard memory
 *     can each be partitioned into separate banks ... Scheduling
 *     restrictions from the set-associative design guarantee conflict-free
 *     access").  Two warps issue a cycle, so the heap and the scoreboard
 *     take two updates a cycle.  We build what 001 builds: two banks, warp
 *     w in bank w mod 2 (row w / 2), each a heap and an sbi_scoreboard with
 *     its one issue port, one writeback port and its read port; no second
 *     port on either structure.  swi_sched's secondary searches the set
 *     after the primary's (sets >= 2 when two warps are there), so I1's and
 *     I2's warps are in different banks; with one set (--swi-sets 1) a
 *     same-bank I2 is taken out of the ready bits and swi_sched decides
 *     again (counted in swi_bank_skips; 0 whenever SETS >= 2).
 * Issue ports: I1's warp the core's ports 0 (primary) and 1 (secondary,
 * with 0); I2's warp the next free ports, joining port 0's slot (with 0),
 * or in a slot of its own on the other group (i2_alt).
 * At one scheduler the core has two ports: I2 then issues when I1's warp
 * used one, and one split.  When no I1 is live the secondary substitutes
 * (swi_sched SUBST): that warp issues on ports 0 and 1 as sbi's would.
 *
 * Per cycle: each bank's writeback port; a queued launch takes its bank's
 * heap port and holds the scheduler (no issue, no swi_sched edge); else
 * the stage's I1 issues (its tag must be its heap row's CPC1 and the lanes
 * it issues on must lie in its entry's, else the run fails: a dropped
 * update is caught; I2 likewise issues only splits inside its entry's
 * lanes); when its SIMD group, the load/store
 * unit or a full scoreboard row holds it, the scheduler takes no
 * clock edge (swi's stall); when its bank's CCT is full, I1 goes back
 * (its entry refilled from its heap row, as sbi pushes a warp back) and
 * the cycle goes on without it: only issues free CCT entries, so a held
 * scheduler would wait for ever; the ready bits of the buffered entries (the
 * scoreboard's read port per entry: 001 l.144 keeps a dependency mask per
 * buffered instruction; the model keeps each warp's answers until its heap
 * row changes, its scoreboard row takes an issue or a writeback of an
 * entry its dependencies name that leaves a write of it pending (one that
 * frees it clears its bit in the kept masks), and its ready bit (the
 * banks' masks, read again after any writeback they name) with
 * them unless a barrier bit it read was set: mech.h, mech_sbi_row);
 * swi_sched's picks (an I2 is probed, then issues what the probe found);
 * I2 issues; the banks commit (heap and scoreboard recorded and stepped
 * once each; an idle bank's evals kept while nothing changed); the fills
 * (two a cycle through swi_sched's two write ports, 001 Table 3's
 * dual-ported buffer; round robin) write the row of a warp whose entry is empty or
 * leaving as I2, after its heap update (so the warp of I1 is ready again
 * two cycles after its issue), never the primary's pick of the cycle;
 * swi_sched's fill check then (without a fill its outputs stand). Under
 * --check every kept answer is read or evaluated again and compared.
 *
 * Departures (001 gives no pipeline of the combination): the CCT is split
 * with the banks (cct / 2 entries each; 001 Table 3 keeps one 128-row CCT
 * for SBI+SWI); the lane shuffle is not applied (the heap's masks are the
 * lanes; 001 evaluates XorRev for SWI alone, sec. 5.1); the scoreboard is
 * two banks of 120-bit rows (001 Table 3: 24 x 288 bits, split not given);
 * an I2 on another group needs a port I1's warp left (at 001's two
 * schedulers: when I1's warp issued one split); launches hold the
 * scheduler.
 */
#include <stdlib.h>
#include <string.h>

#include "../../area/structs.h"
#include "../../vcd/vcd.h"
#include "mech.h"

#define NBANK 2

typedef struct {
    unsigned W, nb, np;
    mech_sbi_bank bk[NBANK];
    swi_sched_cfg qc;
    swi_sched_state qs;
    swi_sched_in qi;
    swi_sched_out qo;
    mech_launchq lq;
    unsigned fill_rr;
    uint64_t pairs, alts, conflicts, subst, stalls, bank_skips;
    int idle; /* the last cycle was idle (sbs_quiet) */
} sbs_state;

static const char *const sbs_structs[] = {"hct_cct_heap", "sbi_scoreboard", "swi_sched", NULL};

static mech_sbi_bank *bank_of(sbs_state *m, unsigned w) { return &m->bk[w & (m->nb - 1)]; }

static const char *sbs_init(core *c, void *vm)
{
    sbs_state *m = vm;
    m->W = core_warps(c);
    m->nb = m->W > 1 ? NBANK : 1;
    m->np = 2 * core_ports(c) < CORE_MAX_PORTS ? 2 * core_ports(c) : CORE_MAX_PORTS;
    const char *e = NULL;
    static char msg[160];
    if (core_config(c)->cct / m->nb < 2) {
        snprintf(msg, sizeof msg, "cct = %u: each of the %u banks needs a CCT of 2 entries or "
                 "more (cct >= %u)", core_config(c)->cct, m->nb, 2 * m->nb);
        return msg;
    }
    for (unsigned b = 0; b < m->nb && !e; b++)
        e = mech_sbi_bank_init(c, &m->bk[b], (m->W - b + m->nb - 1) / m->nb,
                               core_config(c)->cct / m->nb, m->nb, b);
    if (!e && m->W > SWI_SCHED_MAX_WARPS) {
        snprintf(msg, sizeof msg, "swi_sched: %u warps; it holds at most %u", m->W,
                 SWI_SCHED_MAX_WARPS);
        return msg;
    }
    if (!e)
        e = mech_swi_sched_cfg(c, m->W, 0, &m->qc);
    if (e)
        return e;
    swi_sched_reset(&m->qc, &m->qs);
    return NULL;
}

static void sbs_launch(core *c, void *vm, unsigned w, uint64_t mask)
{
    (void)c;
    mech_lq_push(&((sbs_state *)vm)->lq, w, mask);
}

/* The two free issue ports after `from` for I2's warp (pb = pa when only
 * one is free, so it issues one split). */
static void free_ports(const core *c, const sbs_state *m, unsigned used, unsigned *pa,
                       unsigned *pb)
{
    (void)c;
    *pa = used < m->np ? used : m->np;
    *pb = used + 1 < m->np ? used + 1 : *pa;
}

/* I2's warp w, whose entry claimed `lanes`, would issue beside I1 (live,
 * whose warp used `used` ports; alt: on another free group, in its own
 * slot) or as the substitute: the probe (k, and its ports *pa, *pb, for
 * mech_sbi_issue_probed).  As mech_sbi_issue. */
static int probe_i2(core *c, sbs_state *m, unsigned w, uint64_t lanes, int live, int alt,
                    unsigned used, mech_sbi_cand *k, unsigned *pa, unsigned *pb)
{
    mech_sbi_bank *b = bank_of(m, w);
    mech_sbi_read(c, b, w, k, 1);
    for (unsigned i = 0; i < 2; i++)
        if (k->r[i].mask & ~lanes)
            k->ok[i] = 0; /* only the lanes its entry claimed (delay 1: mech_sbi_read) */
    if (!live) {
        *pa = 0;
        *pb = 1;
        return mech_sbi_issue(c, b, w, k, 0, 1, -1, 0);
    }
    free_ports(c, m, used, pa, pb);
    if (*pa >= m->np)
        return 0;
    if (*pb == *pa)
        k->ok[1] = k->ok[1] && !k->ok[0]; /* one port: one split */
    return mech_sbi_issue(c, b, w, k, *pa, *pb, alt ? -1 : 0, 0);
}

static int sbs_commit_banks(core *c, sbs_state *m)
{
    for (unsigned b = 0; b < m->nb; b++)
        if (mech_sbi_bank_commit(c, &m->bk[b], 2 * b, m->bk[b].op == 1))
            return -1;
    return 0;
}

static int sbs_cycle(core *c, void *vm)
{
    sbs_state *m = vm;
    swi_sched_state *s = &m->qs;
    swi_sched_in *qi = &m->qi;
    swi_sched_out *qo = &m->qo;
    unsigned w;
    uint64_t mask;
    int launched = 0;
    m->idle = 0;
    for (unsigned b = 0; b < m->nb; b++) {
        mech_sbi_bank_begin(c, &m->bk[b]);
        if (mech_lq_pop(&m->lq, b, m->nb, &w, &mask)) {
            if (mech_sbi_bank_launch(c, &m->bk[b], w, mask))
                return -1;
            launched = 1;
        }
    }
    memset(qi, 0, sizeof *qi);
    if (launched)
        return sbs_commit_banks(c, m); /* the heaps' ports launch: the scheduler holds */
    /* the stage's I1: its warp's sbi issue on ports 0 and 1 */
    const int live = s->s_v_q && s->s_mask_q;
    unsigned a = (unsigned)s->s_warp_q, used = 0;
    int dropped = 0; /* I1 went back (a full CCT) */
    int cls1 = -1; /* I1's unit class (core_unit_classes) */
    if (live) {
        mech_sbi_cand k;
        int pc1;
        mech_sbi_read(c, bank_of(m, a), a, &k, 1);
        /* the lanes it may take now lie in its entry's (a barrier that
         * opened since the fill can only hold its secondary again) */
        uint64_t fp = mech_sbi_footprint(c, bank_of(m, a), a, &pc1);
        if ((int)s->s_pc_q != pc1 || (fp & ~s->s_mask_q))
            return core_fail(c, "internal: warp %u issues pc %d on lanes %llx, its heap row is "
                                "pc %d on lanes %llx",
                             a, (int)s->s_pc_q, (unsigned long long)s->s_mask_q, pc1,
                             (unsigned long long)fp);
        int rc = mech_sbi_issue(c, bank_of(m, a), a, &k, 0, 1, -1, 1);
        if (rc < 0)
            return -1;
        if (rc == MECH_SBI_FULL && !bank_of(m, a)->ho.ready) {
            /* its bank's CCT is full: only issues free entries, so holding
             * the scheduler would hold it for ever (a deadlock, realworld5's
             * cxx); I1 goes back instead, as sbi pushes a warp back: its
             * entry is refilled from its heap row, and the secondary may
             * issue alone (as the substitute's ports) */
            m->stalls++;
            dropped = 1;
        } else if (rc == 0 || rc == MECH_SBI_FULL) {
            /* its SIMD group, the LSU or a full table holds it: no clock
             * edge for the scheduler this cycle */
            m->stalls++;
            return sbs_commit_banks(c, m);
        } else {
            used = (unsigned)rc;
            core_sched_issued(c, 0, a);
            /* another unit of I1's class free now that I1 has its own, and a
             * port left for I2's warp (001 l.150's other free SIMD group) */
            core_req r1 = k.p_ok ? k.r[0] : k.r[1];
            r1.with = -1;
            r1.group = -1;
            cls1 = core_unit_classes(c)[r1.pc];
            qi->alt_free = used < m->np && core_unit_free(c, used, &r1) == CORE_OK;
        }
    }
    const int i1 = live && !dropped; /* I1 issued */
    /* the ready bits: a split of the entry's warp may issue (the banks'
     * kept answers; the others, and all of them under --check, read) */
    uint64_t ready = 0, kept = 0;
    if (!core_config(c)->check) {
        const int blind = core_sb_blind(c);
        for (unsigned b = 0; b < m->nb; b++) {
            uint64_t r;
            kept |= mech_sbi_ready_kept(&m->bk[b], blind, &r);
            ready |= r;
        }
        ready &= s->v_q;
    }
    for (uint64_t v = s->v_q & ~kept; v; v &= v - 1) {
        unsigned i = (unsigned)__builtin_ctzll(v);
        ready |= (uint64_t)mech_sbi_ready(c, bank_of(m, i), i) << i;
    }
    /* the structure's decision; an I2 whose warp cannot issue beside I1
     * (its bank busy, no port, its class, a full table) goes out of the
     * ready bits and it decides again */
    mech_sbi_cand k2;
    unsigned pa = 0, pb = 0;
    for (;;) {
        int d = mech_swi_decide(c, &m->qc, s, qi, ready, qo);
        if (d < 0)
            return -1;
        if (!d)
            break;
        unsigned b2 = (unsigned)qo->i2_warp;
        if (live && m->nb > 1 && b2 % m->nb == a % m->nb) {
            m->bank_skips++;
        } else if (!(qo->i2_alt && core_unit_classes(c)[qo->i2_pc] != cls1)) {
            /* (on the other group: only an instruction of I1's class) */
            int rc = probe_i2(c, m, b2, qo->i2_mask, i1, qo->i2_alt, used, &k2, &pa, &pb);
            if (rc < 0)
                return -1;
            if (rc == 1 || rc == 2)
                break;
        }
        ready &= ~(1ull << b2);
    }
    if (qo->i2_valid) { /* the last probe's warp: it issues what the probe found */
        unsigned b2 = (unsigned)qo->i2_warp;
        int rc = mech_sbi_issue_probed(c, bank_of(m, b2), b2, &k2, pa, pb);
        if (rc < 0)
            return -1;
        if (rc != 1 && rc != 2)
            return core_fail(c, "internal: warp %u taken as I2, but it does not issue", b2);
        core_sched_issued(c, 0, b2);
        m->pairs += i1 && !qo->i2_alt;
        m->alts += qo->i2_alt != 0;
        m->subst += !live;
        m->conflicts += qo->conflict != 0;
    }
    if (sbs_commit_banks(c, m))
        return -1;
    /* the fills (swi_sched's two write ports: 001 Table 3's dual-ported
     * buffer): round robin over the warps whose entry is empty or leaves
     * as I2, from their heap rows after this cycle's updates; never the
     * primary's pick (it enters the stage with its tag) */
    uint64_t cand = ~s->v_q | (qo->i2_valid ? 1ull << qo->i2_warp : 0);
    cand &= (m->W < 64 ? (1ull << m->W) - 1 : ~0ull) & ~(qo->p_valid ? 1ull << qo->p_warp : 0);
    /* from the warp after fill_rr on, then from warp 0 */
    mech_rr it = mech_rr_start(cand, m->fill_rr + 1);
    for (int x; (x = mech_rr_next(&it)) >= 0;) {
        unsigned i = (unsigned)x;
        if (!mech_sbi_live(bank_of(m, i), i))
            continue; /* no valid split: no footprint (v2 implies v1) */
        int pc1;
        uint64_t fp = mech_sbi_footprint(c, bank_of(m, i), i, &pc1);
        if (!fp || pc1 >= (int)core_prog(c)->n)
            continue;
        m->fill_rr = i;
        if (mech_swi_fill(qi, i, (uint64_t)pc1, fp))
            break;
    }
    /* the fills' check; without a fill the decision's outputs stand (its
     * inputs and state unchanged): kept, and under --check decided again
     * and compared */
    if (qi->fill_valid) {
        if (mech_swi_refill(c, &m->qc, s, qi, qo))
            return -1;
    } else if (core_config(c)->check) {
        swi_sched_out kept;
        memcpy(&kept, qo, sizeof kept);
        if (mech_swi_refill(c, &m->qc, s, qi, qo))
            return -1;
        if (memcmp(&kept, qo, sizeof kept))
            return core_fail(c, "internal: swi_sched's kept outputs without a fill are stale");
    }
    if (CORE_RECORD(c, 2 * m->nb, swi_sched, &m->qc, qi, qo))
        return -1;
    /* idle: the stage was empty, nothing picked, issued or filled, and each
     * bank's commit was idle (sbs_quiet) */
    m->idle = !s->s_v_q && !qo->p_valid && !qo->i2_valid && !qi->fill_valid;
    for (unsigned b = 0; b < m->nb; b++)
        m->idle = m->idle && mech_sbi_bank_idle(&m->bk[b]);
    swi_sched_step(&m->qc, s, qi, qo);
    if (core_config(c)->check) {
        const char *e = swi_sched_check(&m->qc, s);
        if (e)
            return core_fail(c, "sbi+swi invariant: %s", e);
    }
    return 0;
}

static int sbs_busy(const core *c, const void *vm)
{
    const sbs_state *m = vm;
    (void)c;
    int b = m->lq.n || m->qs.v_q || m->qs.s_v_q;
    for (unsigned i = 0; i < m->nb; i++)
        b |= mech_sbi_bank_busy(&m->bk[i]);
    return b;
}

/* swi_sched's entry i is warp i (one buffer for both pools here) */
static int sbs_busy_warp(const core *c, const void *vm, unsigned w)
{
    const sbs_state *m = vm;
    (void)c;
    return mech_lq_has(&m->lq, w) || (m->qs.v_q >> w & 1u) ||
           (m->qs.s_v_q && m->qs.s_warp_q == w) ||
           mech_sbi_bank_busy_warp(&m->bk[w % m->nb], w);
}

static void sbs_trace(core *c, void *vm, struct vcd_writer *w)
{
    sbs_state *m = vm;
    (void)c;
    static const char *const hs[NBANK] = {"hct_cct_heap0", "hct_cct_heap1"};
    static const char *const ss[NBANK] = {"sbi_scoreboard0", "sbi_scoreboard1"};
    for (unsigned b = 0; b < m->nb; b++)
        mech_sbi_bank_trace(&m->bk[b], w, hs[b], ss[b]);
    vcd_scope(w, "swi_sched");
    swi_sched_trace(w, &m->qc, &m->qs, &m->qi, &m->qo);
    vcd_upscope(w);
}

static void sbs_gtkw(const core *c, const void *vm, FILE *f, const char *s)
{
    const sbs_state *m = vm;
    (void)c;
    for (unsigned b = 0; b < m->nb; b++)
        fprintf(f, "@2024\n^5 vcd/filters/hct_cct_heap_act.txt\n"
                   "+{%s bank %u heap act} %s.hct_cct_heap%u.act[3:0]\n",
                s, b, s, b);
    fprintf(f, "@28\n+{%s swi act} %s.swi_sched.act[2:0]\n", s, s);
}

static void sbs_stats(const core *c, const void *vm, mech_cols *k)
{
    const sbs_state *m = vm;
    static const char *const names[] = {"peak_cct_entries", "sec_insts",   "sec_suspended",
                                        "swi_insts",        "swi_alt",       "swi_conflicts",
                                        "swi_subst",        "swi_stalls",    "swi_bank_skips",
                                        "swi_sets",         "swi_ways"};
    uint64_t v[] = {0,           0,          0,         m->pairs,      m->alts, m->conflicts,
                    m->subst,    m->stalls,  m->bank_skips, m->qc.sets, m->qc.ways};
    (void)c;
    for (unsigned b = 0; b < m->nb; b++) {
        v[0] += m->bk[b].peak;
        v[1] += m->bk[b].sec_insts;
        v[2] += m->bk[b].sec_suspended;
    }
    mech_cols_u64(k, names, v, 11);
}

static double sbs_area(const core *c, const void *vm, const area_tech *t, char *what,
                       size_t len)
{
    const sbs_state *m = vm;
    double mm2 = 0;
    what[0] = 0;
    for (unsigned b = 0; b < m->nb; b++)
        if (mech_sbi_bank_area(&m->bk[b], t, &mm2, what, len))
            return -1;
    return mech_swi_area(c, &m->qc, 1, t, &mm2, what, len) ? -1 : mm2;
}

static int sbs_finish(core *c, void *vm)
{
    sbs_state *m = vm;
    for (unsigned b = 0; b < m->nb; b++)
        if (mech_sbi_bank_finish(c, &m->bk[b]))
            return -1;
    if (m->qs.v_q || m->qs.s_v_q)
        return core_fail(c, "swi_sched: instructions left at the end");
    return 0;
}

static void sbs_free(void *vm)
{
    sbs_state *m = vm;
    for (unsigned b = 0; b < NBANK; b++)
        mech_sbi_bank_free(&m->bk[b]);
}

/* Quiet cycles (core.h, "Quiet cycles"): sbi+swi fetches for itself, so
 * its hook says when a warp can go.  Its last cycle was idle when nothing
 * launched, the stage was empty, no entry was picked, issued or filled and
 * each bank's heap and scoreboard committed idle (mech_sbi_bank_idle): no
 * split could go (a hazard, its CTA's barrier, selective synchronisation)
 * and no empty entry's warp had one.  Until a bank's next writeback
 * (mech_sbi_bank_wake: the only clock of the heaps and scoreboards; a
 * barrier opens only with an issue) each cycle is the same: the banks'
 * idle commits and an idle swi_sched edge, which steps its LFSR (so the
 * bulk account steps it n times; under --check the cycles ran and stepped
 * it, and the account is only compared). */
static uint64_t sbs_quiet(core *c, void *vm, uint64_t n)
{
    sbs_state *m = vm;
    if (n) {
        for (unsigned b = 0; b < m->nb; b++)
            mech_sbi_bank_quiet(c, n);
        energy_row(core_energy_counts(c), "swi_sched")->steps += n;
        if (!core_config(c)->check)
            m->qs.lfsr_q = swi_sched_lfsr_ahead(m->qs.lfsr_q, n);
        return 0;
    }
    if (!m->idle || m->lq.n)
        return core_now(c);
    uint64_t at = UINT64_MAX;
    for (unsigned b = 0; b < m->nb; b++) {
        uint64_t a = mech_sbi_bank_wake(c, &m->bk[b]);
        if (a < at)
            at = a;
    }
    return at;
}

const mech_ops mech_sbi_swi = {
    .name = "sbi+swi",
    .paper = "001 sec. 3.4, 4",
    .summary = "sbi's split pairs of two warps a cycle: swi's cascaded schedulers, banked heap",
    .structs = sbs_structs,
    .flags = MECH_OWN_FETCH | MECH_OWN_SCHED | MECH_OWN_SB | MECH_ONE_POOL | MECH_EXIT_POP,
    .nctx = 2,
    .size = sizeof(sbs_state),
    .init = sbs_init,
    .launch = sbs_launch,
    .cycle = sbs_cycle,
    .busy = sbs_busy,
    .busy_warp = sbs_busy_warp,
    .trace = sbs_trace,
    .gtkw = sbs_gtkw,
    .stats = sbs_stats,
    .area = sbs_area,
    .finish = sbs_finish,
    .free = sbs_free,
    .quiet = sbs_quiet,
};
