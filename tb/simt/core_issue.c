/* SPDX-License-Identifier: Apache-2.0 */
/*
 * core_issue.c -- the SM core's issue (core.h, pipeline steps 4-6): a request
 * is executed functionally per active thread, each thread checked against
 * the reference's PC sequence and the timing oracle, its SIMD group,
 * scalar unit or LSU booked for its waves, each result's ready cycle
 * written to the oracle and the scoreboard, the fetch buffer's head
 * consumed and refilled, and the statistics and energy counts kept.
 * Warp-synchronous instructions execute by logical warp (wsync_issue); in
 * warps narrower than a logical warp the hardware warps rendezvous (our
 * extension, no paper has it: held as at a barrier until the group is
 * complete, released at the next cycle's start; docs/ptx.md, "Warp-
 * synchronous instructions at every warp size").
 */
#include <string.h>

#include "core_int.h"

/* ------------------------------------------------------------- issue */
/* what every thread of an issue shares, read once per issue (core's fields
 * are otherwise reloaded after every store through a byte pointer) */
typedef struct {
    const prog_insn *in;
    uint64_t cycle;
    unsigned cta_threads, nregs;
    int trace; /* the PC sequence is compared (not under atom_flow) */
} issue_ctx;

static PROG_ALWAYS_INLINE int check_thread(core *c, const issue_ctx *x, unsigned t, unsigned k,
                                           int pc)
{
    const prog_insn *in = x->in;
#define GTID ((unsigned long long)c->gtid[t]) /* its global id, read on failure only */
    if (!c->live[t])
        return core_fail(c, "thread slot %u: executed pc %d (line %d) but holds no live thread",
                         t, pc, in->line);
    /* core_ready looks at one thread of the request; every thread of it
     * must have passed its barrier (a waiting thread issued again would
     * count twice at its CTA's barrier, which then never opens) */
    if (c->at_bar[t])
        return core_fail(c, "thread %llu: executed pc %d (line %d) while it waits at a barrier",
                         GTID, pc, in->line);
    const refp_cta_out *o = &c->rout[k];
    unsigned f = t - k * x->cta_threads;
    if (o->trace && x->trace) {
        if (c->tpos[t] >= o->len[f])
            return core_fail(c, "thread %llu: executed pc %d (line %d) as instruction #%llu, but "
                                "the reference sequence has only %llu (a PC executed twice?)",
                             GTID, pc, in->line, (unsigned long long)c->tpos[t],
                             (unsigned long long)o->len[f]);
        uint32_t want = o->trace[f][c->tpos[t]];
        if ((int)want != pc)
            return core_fail(c, "thread %llu: instruction #%llu is pc %d (line %d), the reference "
                                "executed pc %u (line %d)",
                             GTID, (unsigned long long)c->tpos[t], pc, in->line,
                             want, want < c->p->n ? c->p->ins[want].line : 0);
    }
    /* the timing oracle: every register read or overwritten is ready */
    const uint64_t *rd = &c->tready[(size_t)t * x->nregs];
    uint64_t late = 0; /* the latest ready cycle of the registers it reads or writes */
    for (unsigned j = 0; j < in->nsrc; j++)
        late = rd[in->src[j]] > late ? rd[in->src[j]] : late;
    for (unsigned j = 0; j < in->ndst; j++)
        late = rd[in->dst[j]] > late ? rd[in->dst[j]] : late;
    for (unsigned j = 0; late > x->cycle && j < in->nsrc + in->ndst; j++) {
        unsigned id = j < in->nsrc ? in->src[j] : in->dst[j - in->nsrc];
        if (rd[id] > x->cycle) /* the first such register, in this order */
            return core_fail(c, "thread %llu: pc %d (line %d) %s register %u in cycle %llu, but "
                                "the result in flight to it is ready only in cycle %llu (hazard "
                                "not detected)",
                             GTID, pc, in->line,
                             j < in->nsrc ? "reads" : "overwrites", id,
                             (unsigned long long)c->cycle, (unsigned long long)rd[id]);
    }
    c->tpos[t]++;
    if (!o->trace) /* with the trace each PC was compared above */
        c->thash[t] = refp_hash_step(c->thash[t], (uint32_t)pc);
    return 0;
#undef GTID
}

/* The registers the timing oracle reads for in: its sources, then its
 * destinations (j < nsrc: read, else overwritten); with nr4 (1 to 4 of
 * them) padded to 4 with the first, so that a loop over them has a
 * constant trip count (a register looked at twice does not change whether
 * any is late).  Returns how many to look at. */
static PROG_ALWAYS_INLINE unsigned oracle_regs(const prog_insn *in, const int nr4,
                                               unsigned reg[PROG_MAX_SRC + PROG_MAX_DST])
{
    unsigned nr = 0;
    for (unsigned j = 0; j < in->nsrc; j++)
        reg[nr++] = in->src[j];
    for (unsigned j = 0; j < in->ndst; j++)
        reg[nr++] = in->dst[j];
    if (!nr4)
        return nr;
    for (unsigned j = nr; j < 4; j++)
        reg[j] = reg[0];
    return 4;
}

/* issue_lanes' and issue_warp's copies of a lane that passed its checks
 * for prog_exec_warp and the outcome: thread i of their tpos and ths
 * (indexed by slot, or by lane from the warp's base), lane `lane`, thread
 * slot `tid`; at its executed count, cycle, the CTA's k and mk, the count
 * nl are the caller's */
#define LANE_TAKE(i, lane, tid)                                                                 \
    do {                                                                                        \
        tpos[i] = at + 1;                                                                       \
        prog_thread *const th = &ths[i];                                                        \
        th->clock = cycle;                                                                      \
        xs[nl] = th;                                                                            \
        ms[nl] = mk;                                                                            \
        kk[nl] = k;                                                                             \
        lanes[nl] = lane;                                                                       \
        tids[nl] = tid;                                                                         \
        nl++;                                                                                   \
    } while (0)

/* issue_lanes' lanes [from, to), all of CTA slot k (memory mk) */
static PROG_ALWAYS_INLINE void fill_cta(const prog_mem **ms, unsigned *kk, unsigned from,
                                        unsigned to, const prog_mem *mk, unsigned k)
{
    for (unsigned i = from; i < to; i++) {
        ms[i] = mk;
        kk[i] = k;
    }
}

/* The warp slots of the last issue_lanes' lanes, one per run of lanes in
 * a slot, in lane order (a slot may come twice): the rows
 * wready_raise_slots raises after it */
static unsigned lanes_slot[CORE_MAX_WARP], lanes_nslot;

/* core_issue's loop over the lanes of r->mask when r->tid maps them (lwm's
 * rows, dwf's warps: a CTA per run of lanes), with check_thread's checks
 * and what is per issue read once: the registers the oracle reads, and per
 * CTA the reference's sequences.  The per-thread oracle reads are skipped
 * for the lanes of a warp slot (its run of lanes: a dynamic warp's lanes
 * come from few home warps) whose wready row shows none of the registers
 * late; under --check they run, and a late register the row missed stops
 * the run.  The common case with the checks off -- the PC sequence
 * compared, the row not late, so no hash, and each lane live and not at
 * a barrier by its slot's wlive and wbar bits -- is a loop of its own
 * (a lane it cannot take goes to the second loop, which reads each lane's
 * live and barrier flags).  The first lane whose check fails is handed to
 * check_thread, which reports it, its state being what the
 * thread-by-thread loop would have left. */
static PROG_ALWAYS_INLINE int issue_lanes(core *c, const issue_ctx *x, const core_req *r,
                                          prog_thread **xs, const prog_mem **ms, unsigned *kk,
                                          unsigned *lanes, unsigned *tids, unsigned *nlp)
{
    const int pc = r->pc;
    const unsigned T = c->T, cta = x->cta_threads, ws = c->WS;
    const uint8_t *const live = c->live, *const at_bar = c->at_bar;
    uint64_t *const tpos = c->tpos, *const thash = c->thash;
    const uint64_t *const tready = c->tready, *const wready = c->wready;
    const uint64_t cycle = x->cycle;
    const size_t nregs = x->nregs;
    unsigned reg[PROG_MAX_SRC + PROG_MAX_DST];
    const unsigned nr = oracle_regs(x->in, 0, reg);
    const int check = c->P.check;
    prog_thread *const ths = c->th;
    /* the CTA of the lanes so far: slots [k0, k0 + cta), none at first
     * (t - T wraps to at least cta for every slot t < T) */
    unsigned k = 0, k0 = T, nl = 0, ns = 0;
    int hash = 0;
    uint32_t *const *trace = NULL;
    const uint64_t *len = NULL;
    const prog_mem *mk = NULL;
    /* the warp slot of the lanes so far: slots [h0, h0 + ws), none at
     * first; wlate: its wready row shows a register late (or the rows are
     * off); perlane: the oracle is read per thread */
    unsigned h0 = T;
    int wlate = 1, perlane = 1;
    uint64_t m = r->mask;
    if (!check && x->trace) {
        /* by the lane's place u in the run's warp slot [h0, h0 + ws), which
         * lies in one CTA slot: the slot's rows from h0 (ok: its lanes live
         * and not at a barrier; 0 before the first slot, so that no lane is
         * taken before one is set up) */
        uint64_t ok = 0;
        uint64_t *tps = NULL;
        const uint64_t *lns = NULL;
        uint32_t *const *trs = NULL;
        prog_thread *thr = NULL;
        const uint32_t *const rt = r->tid;
        /* the lanes from nk on are of CTA slot k: their ms and kk are
         * written when the CTA changes and after the loop (fill_cta) */
        unsigned nk = 0;
        for (; m; m &= m - 1) {
            const unsigned l = ctz(m), t = rt[l];
            unsigned u = t - h0;
            if (u >= ws) { /* another warp slot (and perhaps CTA) */
                if (t >= T)
                    break;
                if (t - k0 >= cta) {
                    const unsigned kn = t / cta;
                    const refp_cta_out *o = &c->rout[kn];
                    if (!o->trace)
                        break; /* hashed: the second loop */
                    fill_cta(ms, kk, nk, nl, mk, k);
                    nk = nl;
                    k = kn;
                    k0 = kn * cta;
                    trace = o->trace;
                    len = o->len;
                    mk = &c->mem[kn];
                }
                const unsigned h = t / ws;
                const uint64_t *const wr = &wready[(size_t)h * nregs];
                int late = c->wready_off;
                for (unsigned j = 0; j < nr; j++)
                    late |= wr[reg[j]] > cycle;
                if (late)
                    break; /* read per thread: the second loop */
                h0 = h * ws;
                ok = c->wlive[h] & ~c->wbar[h];
                lanes_slot[ns++] = h;
                wlate = perlane = 0;
                tps = tpos + h0;
                lns = len + (h0 - k0);
                trs = trace + (h0 - k0);
                thr = ths + h0;
                u = t - h0;
            }
            if (!(ok >> u & 1))
                break; /* the second loop reports it */
            const uint64_t at = tps[u];
            if (at >= lns[u] || (int)trs[u][at] != pc)
                break;
            tps[u] = at + 1;
            prog_thread *const th = &thr[u];
            th->clock = cycle;
            xs[nl] = th;
            lanes[nl] = l;
            tids[nl] = t;
            nl++;
        }
        fill_cta(ms, kk, nk, nl, mk, k);
    }
    for (; m; m &= m - 1) {
        const unsigned l = ctz(m), t = r->tid[l];
        if (t >= T)
            return core_fail(c, "internal: lane %u of warp %u names thread slot %u", l, r->warp,
                             t);
        if (t - k0 >= cta) {
            k = t / cta;
            k0 = k * cta;
            const refp_cta_out *o = &c->rout[k];
            trace = o->trace && x->trace ? o->trace : NULL;
            len = o->len;
            hash = !o->trace;
            mk = &c->mem[k];
        }
        if (t - h0 >= ws) {
            const unsigned h = t / ws;
            const uint64_t *const wr = &wready[(size_t)h * nregs];
            h0 = h * ws;
            wlate = c->wready_off;
            for (unsigned j = 0; j < nr; j++)
                wlate |= wr[reg[j]] > cycle;
            perlane = wlate || check;
            lanes_slot[ns++] = h;
        }
        const unsigned f = t - k0;
        const uint64_t at = tpos[t];
        int bad = !live[t] || at_bar[t] || (trace && (at >= len[f] || (int)trace[f][at] != pc));
        if (perlane) {
            const uint64_t *rd = &tready[t * nregs];
            int late = 0; /* some register read or overwritten is not ready */
            for (unsigned j = 0; j < nr; j++)
                late |= rd[reg[j]] > cycle;
            if (late && !wlate)
                return core_fail(c, "internal: thread slot %u: pc %d reads a register not "
                                    "ready in cycle %llu, but its warp's wready row shows "
                                    "none late", t, pc, (unsigned long long)cycle);
            bad |= late;
        }
        if (bad) {
            if (check_thread(c, x, t, k, pc))
                return -1;
            return core_fail(c, "internal: issue_lanes and check_thread disagree on thread "
                                "slot %u at pc %d", t, pc);
        }
        if (hash)
            thash[t] = refp_hash_step(thash[t], (uint32_t)pc);
        LANE_TAKE(t, l, t);
    }
    lanes_nslot = ns;
    *nlp = nl;
    return 0;
}

/* The wready rows (core_int.h) after an issue of mapped or listed lanes
 * (issue_lanes, a thread list), which may mix warp slots: in the row of
 * each warp slot of the issue each destination of dreg raised to v, the
 * latest ready cycle of the issue.  Mapped lanes: the slots issue_lanes
 * recorded, one per run of lanes; listed: each run of tids[0..nl) in one
 * slot raises its row once. */
static void wready_raise_slots(core *c, int mapped, const unsigned *tids, unsigned nl,
                               const unsigned *dreg, unsigned nd, uint64_t v)
{
    const unsigned ws = c->WS;
    const size_t nregs = c->nregs;
    uint64_t *const wready = c->wready;
    unsigned h0 = c->T; /* the slot of the run: [h0, h0 + ws), none at first */
    const unsigned n = mapped ? lanes_nslot : nl;
    for (unsigned i = 0; i < n; i++) {
        unsigned h;
        if (mapped)
            h = lanes_slot[i];
        else {
            const unsigned t = tids[i];
            if (t - h0 < ws)
                continue;
            h = t / ws;
            h0 = h * ws;
        }
        uint64_t *const row = &wready[(size_t)h * nregs];
        for (unsigned j = 0; j < nd; j++)
            row[dreg[j]] = v > row[dreg[j]] ? v : row[dreg[j]];
    }
}

/* issue_warp's lane t whose check failed: check_thread reports it */
static int warp_lane_bad(core *c, const issue_ctx *x, unsigned t, unsigned k, int pc)
{
    if (check_thread(c, x, t, k, pc))
        return -1;
    return core_fail(c, "internal: issue_warp and check_thread disagree on thread slot %u at "
                        "pc %d", t, pc);
}

/* The same for a warp's own lanes (no r->tid: lane l is slot warp * WS +
 * l, one CTA; with ptid, lanes permuted within the warp slot: lane l is
 * slot ptid[l], issue_warp_perm), when the caller found every lane of the mask live and none
 * at a barrier by the warp's wlive and wbar bits (compared with live[] and
 * at_bar[] under --check).  The per-thread oracle reads are skipped when
 * the warp's wready row shows none of the registers late for any of its
 * threads; under --check they run, and a late register the row missed
 * stops the run. */
static PROG_ALWAYS_INLINE int issue_warp(core *c, const issue_ctx *x, const core_req *r,
                                         const int nr4, const uint32_t *const ptid,
                                         prog_thread **xs, unsigned *lanes, unsigned *nlp)
{
    const int pc = r->pc;
    const unsigned cta = x->cta_threads, base = r->warp * c->WS;
    const uint64_t cycle = x->cycle;
    const size_t nregs = x->nregs;
    unsigned reg[PROG_MAX_SRC + PROG_MAX_DST] = {0};
    const unsigned nr = oracle_regs(x->in, nr4, reg);
    const uint64_t *const wr = &c->wready[(size_t)r->warp * nregs];
    int wlate = c->wready_off;
    for (unsigned j = 0; j < (nr4 ? 4u : nr); j++)
        wlate |= wr[reg[j]] > cycle;
    const int perlane = wlate || c->P.check;
    const unsigned k = base / cta, k0 = k * cta;
    const refp_cta_out *const o = &c->rout[k];
    /* indexed by lane */
    uint32_t *const *const trace = o->trace && x->trace ? o->trace + (base - k0) : NULL;
    const uint64_t *const len = o->len ? o->len + (base - k0) : NULL;
    const int hash = !o->trace;
    uint64_t *const tpos = c->tpos + base, *const thash = c->thash + base;
    const uint64_t *const tready = c->tready + (size_t)base * nregs;
    prog_thread *const ths = c->th + base;
    unsigned nl = 0;
    /* each lane's checks and its thread for prog_exec_cta in one pass (a
     * failing lane stops the run before any thread executes; the threads
     * share one CTA's memory, and their slots and CTA follow from the
     * lanes, so nothing else is copied); the common case -- the PC
     * sequence compared, no oracle read, so no hash -- in a loop of its
     * own with nothing else to test */
#define WARP_LANE_TAKE()                                                                        \
    do {                                                                                        \
        tpos[u] = at + 1;                                                                       \
        prog_thread *const th = &ths[u];                                                        \
        th->clock = cycle;                                                                      \
        xs[nl] = th;                                                                            \
        lanes[nl++] = l;                                                                        \
    } while (0)
    if (trace && !perlane) {
        for (uint64_t m = r->mask; m; m &= m - 1) {
            const unsigned l = ctz(m), u = ptid ? ptid[l] - base : l;
            const uint64_t at = tpos[u];
            if (at >= len[u] || (int)trace[u][at] != pc)
                return warp_lane_bad(c, x, base + u, k, pc);
            WARP_LANE_TAKE();
        }
        *nlp = nl;
        return 0;
    }
    for (uint64_t m = r->mask; m; m &= m - 1) {
        const unsigned l = ctz(m), u = ptid ? ptid[l] - base : l;
        const uint64_t at = tpos[u];
        int bad = trace && (at >= len[u] || (int)trace[u][at] != pc);
        if (perlane) {
            const uint64_t *rd = &tready[u * nregs];
            int late = 0; /* some register read or overwritten is not ready */
            for (unsigned j = 0; j < (nr4 ? 4u : nr); j++)
                late |= rd[reg[j]] > cycle;
            if (late && !wlate)
                return core_fail(c, "internal: thread slot %u: pc %d reads a register not "
                                    "ready in cycle %llu, but its warp's wready row shows "
                                    "none late", base + u, pc, (unsigned long long)cycle);
            bad |= late;
        }
        if (bad)
            return warp_lane_bad(c, x, base + u, k, pc);
        if (hash)
            thash[u] = refp_hash_step(thash[u], (uint32_t)pc);
        WARP_LANE_TAKE();
    }
    *nlp = nl;
    return 0;
}
#undef WARP_LANE_TAKE
#undef LANE_TAKE

/* Lanes permuted within warp slot r->warp (r->perm_threads: swi's lane
 * shuffling): issue_warp with lane l in slot r->tid[l] when the warp's
 * bits show those threads live and none at a barrier (*own set; else 1:
 * core_issue's loop names the lane), and the per-thread lists filled.
 * Out of line, so the own lanes' path in core_issue keeps its code; under
 * --check the map is checked against perm_threads. */
static __attribute__((noinline)) int issue_warp_perm(core *c, const issue_ctx *x,
                                                     const core_req *r, prog_thread **xs,
                                                     const prog_mem **ms, unsigned *kk,
                                                     unsigned *lanes, unsigned *tids,
                                                     unsigned *nlp, int *own)
{
    const unsigned ws = c->WS, base = r->warp * ws;
    const uint64_t wm = ws >= 64 ? ~0ull : (1ull << ws) - 1u, th = r->perm_threads;
    if (c->P.check) {
        uint64_t seen = 0;
        int bad = 0;
        for (uint64_t m = r->mask; m && !bad; m &= m - 1) {
            const unsigned u = r->tid[ctz(m)] - base;
            bad = u >= ws || (seen >> u & 1);
            seen |= 1ull << (u & 63);
        }
        if (bad || seen != th)
            return core_fail(c, "internal: warp %u pc %d: its lanes %llx do not map onto its "
                                "threads %llx",
                             r->warp, r->pc, (unsigned long long)r->mask,
                             (unsigned long long)th);
    }
    if ((r->mask & ~wm) || r->warp >= c->W || (r->warp + 1) * ws > c->T ||
        (th & ~c->wlive[r->warp]) || (th & c->wbar[r->warp]))
        return 1;
    const prog_insn *in = x->in;
    const int lr = in->nsrc + in->ndst - 1u < 4u ? issue_warp(c, x, r, 1, r->tid, xs, lanes, nlp)
                                                 : issue_warp(c, x, r, 0, r->tid, xs, lanes, nlp);
    if (lr)
        return lr;
    const unsigned k = base / x->cta_threads;
    /* the per-thread lists, for the paths that take them (park_lanes too) */
    for (unsigned i = 0; (in->wsync || c->scalar || (c->pk && c->pk[r->pc])) && i < *nlp; i++) {
        tids[i] = r->tid[lanes[i]];
        ms[i] = &c->mem[k];
        kk[i] = k;
    }
    *own = 1;
    return 0;
}

/* The rendezvous of narrow warps (warp_size < PROG_WARP: a logical warp
 * spans PROG_WARP / warp_size hardware warps; c->wsw, docs/ptx.md "Warp-
 * synchronous instructions at every warp size").  Our extension: no paper
 * has it.  A hardware warp that issues the instruction while a member of
 * its threads' membermasks in another hardware warp has not issued it
 * waits: its threads are held as at a CTA barrier (at_bar, wbar, barred:
 * every mechanism already keeps such a thread out of its issues), not
 * counted by the CTA's barrier (cta_bar), their PC past the instruction,
 * their results not yet written.  The issue that completes the group
 * computes every result once, from the values all of them hold (the
 * waiting threads ran nothing since), and releases the waiting threads
 * where a CTA barrier opens, before the next cycle's issues (core_wsw_open;
 * bar_clears counts it, as a barrier's opening).  wsw[t]: the PC t waits
 * at, -2 - pc released there, -1 none. */

/* thread slot t waits at the rendezvous of pc (released: res 1) */
static void wsw_hold(core *c, unsigned t, int pc)
{
    c->wsw[t] = pc;
    c->at_bar[t] = 1;
    c->wbar[t / c->WS] |= 1ull << (t % c->WS);
    bar_note(c, t / c->WS);
}

static void wsw_release(core *c, unsigned t, int pc, unsigned k)
{
    c->wsw[t] = -1;
    c->at_bar[t] = 0;
    c->wbar[t / c->WS] &= ~(1ull << (t % c->WS));
    bar_note(c, t / c->WS);
    /* an early return before a barrier (park_lanes): its next PC, pc + 1,
     * parks it now that it runs on */
    if (c->eb && !c->parked[t] && c->eb[pc + 1]) {
        c->parked[t] = 1;
        c->cta_park[k]++;
    }
}

void core_wsw_open(core *c)
{
    if (!c->wsw_open)
        return;
    const unsigned cta_threads = c->CW * c->WS;
    for (unsigned t = 0; t < c->T; t++)
        if (c->wsw[t] <= -2)
            wsw_release(c, t, -2 - c->wsw[t], t / cta_threads);
    c->wsw_open = 0;
    c->bar_clears++;
}

/* The lanes of the hardware warps that hold lanes `here` of a logical warp
 * (warp_size divides PROG_WARP: each hardware warp is an aligned block) */
static uint32_t wsw_blocks(uint32_t here, unsigned ws)
{
    const uint32_t one = ws >= 32 ? ~0u : (1u << ws) - 1u;
    uint32_t b = 0;
    for (unsigned s = 0; s < PROG_WARP; s += ws)
        if (here >> s & one)
            b |= one << s;
    return b;
}

/* A warp-synchronous instruction (prog.h, "Warp-synchronous
 * instructions"): the issue's threads by logical warp (PROG_WARP threads of
 * one CTA), each warp's executed at once by ops->exec_coll when the issue
 * (with, in narrow warps, the threads waiting at the rendezvous above)
 * holds every live thread its executing threads wait for (a stack in
 * convergent code always does).  When it does not, in warps of PROG_WARP
 * or more the mechanism has split the warp's members across issues
 * without making them rendezvous (dwf parks them until they are complete,
 * mech_dwf.c; lwm issues such an instruction row by row, one warp a
 * sub-warp, mech_lwm.c), so the run is refused (one line, exit 2) rather
 * than run with another meaning; in narrow warps the issue's threads wait
 * for the rest (the rendezvous above).  An activemask
 * group that is not the reference's (ref.h, am) is refused the same way:
 * which threads are active together is then not established; in narrow
 * warps the group waits for the reference's.  Under scalarization the
 * threads take part through views of their allocated files (scalar.h).
 * eff[i] is thread tids[i]'s effect. */
static int wsync_issue(core *c, int pc, unsigned nl, const unsigned *tids, const unsigned *kk,
                       prog_effect *eff)
{
    const prog *p = c->p;
    const unsigned cta_threads = c->CW * c->WS;
    uint64_t grouped[CORE_MAX_WARP * 16 / 64] = {0};
    char msg[400], name[24];
    for (unsigned i = 0; i < nl; i++) {
        if (grouped[i / 64] >> (i % 64) & 1)
            continue;
        unsigned k = kk[i], w = (tids[i] - k * cta_threads) / PROG_WARP;
        unsigned base = k * cta_threads + w * PROG_WARP, idx[PROG_WARP];
        prog_thread *lane[PROG_WARP] = {0}, view[PROG_WARP];
        uint32_t gone = 0, here = 0, need = 0, wait = 0;
        const refp_cta_out *o = &c->rout[k];
        for (unsigned j = i; j < nl; j++)
            if (kk[j] == k && tids[j] - base < PROG_WARP) {
                unsigned l = tids[j] - base;
                idx[l] = j;
                here |= 1u << l;
                grouped[j / 64] |= 1ull << (j % 64);
            }
        for (unsigned l = 0; l < PROG_WARP; l++)
            if (base + l >= (k + 1) * cta_threads || !c->live[base + l])
                gone |= 1u << l;
            else if (c->wsw && c->wsw[base + l] == pc && !(here >> l & 1))
                wait |= 1u << l;
        for (unsigned l = 0; c->cta_park[k] && l < PROG_WARP; l++)
            if (!(gone >> l & 1) && c->parked[base + l]) /* bound for the exit: exited in the reference */
                gone |= 1u << l;
        for (uint32_t b = here | wait; b; b &= b - 1) {
            const unsigned l = (unsigned)__builtin_ctz(b);
            lane[l] = &c->th[base + l];
            if (c->scalar) {
                scalar_coll_view(&c->sx, pc, l, lane[l],
                                 &c->srf[(size_t)((base + l) / c->WS) * c->sregs], &view[l]);
                lane[l] = &view[l];
            }
        }
        /* the lanes' waits (their membermasks) matter only for a lane
         * neither here nor gone: read when there is one; in narrow warps
         * an activemask waits for the reference's group (ref.h, am) */
        const int am = p->ins[pc].wsync == 2;
        for (uint32_t b = ~(gone | here | wait) ? here | wait : 0; b; b &= b - 1) {
            const unsigned l = (unsigned)__builtin_ctz(b), t = base + l;
            if (!am)
                need |= p->ops->coll_wait(p, pc, lane[l]);
            else if (c->wsw && o->am && c->tam[t] < o->amn[t - k * cta_threads])
                need |= o->am[t - k * cta_threads][c->tam[t]];
        }
        uint32_t miss = need & ~gone & ~here & ~wait;
        /* (the test hook --inject-fault rdv@C, fault_kind 19: from cycle C
         * a narrow warp's group executes without its members in other
         * hardware warps, which exec_coll or the comparison catches) */
        if (c->wsw && c->P.fault_kind == 19 && c->cycle >= c->P.fault_cycle)
            miss &= wsw_blocks(here, c->WS);
        /* a missing member: refused in warps of PROG_WARP (the issue is the
         * whole warp's); waited for in narrow warps, also in a hardware
         * warp of the issue (a split or path that comes later: a mechanism
         * that never brings it is found by the deadlock line, core.c) */
        if (miss && !c->wsw) {
            prog_wsync_name(&p->ins[pc], name, sizeof name);
            return core_refuse(c,
                               "pc %d (%s:%d): %s: lane %u of warp %u of CTA slot %u is live but "
                               "not in this issue: %s splits a warp's members across issues "
                               "and does not make them rendezvous",
                               pc, p->file, p->ins[pc].line, name, (unsigned)__builtin_ctz(miss),
                               w, k, c->ops->name);
        }
        if (miss) { /* narrow warps: the issue's threads wait for the rest */
            for (uint32_t b = miss; b; b &= b - 1) {
                const unsigned u = (unsigned)__builtin_ctz(b);
                if (!c->at_bar[base + u] || c->wsw[base + u] != -1)
                    continue; /* (held at a rendezvous: waited for) */
                prog_wsync_name(&p->ins[pc], name, sizeof name);
                return core_refuse(c,
                                   "pc %d (%s:%d): %s: a lane of warp %u of CTA slot %u waits for "
                                   "lane %u (membermask 0x%08x), which waits at a CTA barrier: "
                                   "undefined in CUDA",
                                   pc, p->file, p->ins[pc].line, name, w, k, u, need);
            }
            for (uint32_t b = here; b; b &= b - 1) {
                const unsigned l = (unsigned)__builtin_ctz(b);
                prog_effect *e = &eff[idx[l]];
                e->next_pc = pc + 1;
                e->executed = (uint8_t)(p->ins[pc].guard < 0 ||
                                        (int)(lane[l]->r[p->ins[pc].guard] & 1) !=
                                            (int)p->ins[pc].guard_neg);
                e->taken = e->nacc = 0;
                wsw_hold(c, base + l, pc);
            }
            continue;
        }
        const uint32_t grp = here | wait;
        /* activemask: the group must be the reference's (ref.h, am); else
         * which threads are active together depends on how the mechanism
         * orders them -- not established: refused, never compared */
        for (unsigned l = 0; am && l < PROG_WARP; l++) {
            unsigned t = base + l, f = t - k * cta_threads;
            if (!(grp >> l & 1) || !o->am)
                continue;
            uint32_t want = c->tam[t] < o->amn[f] ? o->am[f][c->tam[t]] : 0;
            if (want != grp)
                return core_refuse(c,
                                   "pc %d (%s:%d): activemask: lanes 0x%08x of warp %u of CTA "
                                   "slot %u execute it together, the reference's group was "
                                   "0x%08x: which threads are active together is not "
                                   "established (they reach it at different times, e.g. in "
                                   "different iterations of a loop)",
                                   pc, p->file, p->ins[pc].line, grp, w, k, want);
            c->tam[t]++;
        }
        prog_effect e[PROG_WARP];
        if (p->ops->exec_coll(p, pc, lane, gone, e, msg, sizeof msg))
            return core_refuse(c, "pc %d: %s (the reference ran it: this mechanism grouped the "
                                  "warp's threads otherwise)",
                               pc, msg);
        for (uint32_t b = grp; b; b &= b - 1) {
            const unsigned l = (unsigned)__builtin_ctz(b);
            if (here >> l & 1)
                eff[idx[l]] = e[l];
            if (c->scalar)
                scalar_coll_store(&c->sx, pc, &view[l], &c->th[base + l],
                                  &c->srf[(size_t)((base + l) / c->WS) * c->sregs]);
            if (wait >> l & 1) { /* released where a barrier opens (core_wsw_open) */
                c->wsw[base + l] = -2 - pc;
                c->wsw_open++;
            }
        }
    }
    return 0;
}

/* A lane of an issue whose thread exits (ex) or reaches its CTA's barrier:
 * its flags, its warp's bits and its CTA's counts (core_issue's outcome
 * loops). */
static void lane_leaves(core *c, int pc, unsigned t, unsigned k, unsigned l, int ex,
                        uint64_t *exited, uint64_t *barm)
{
    const unsigned ws = c->WS;
    if (ex) {
        *exited |= 1ull << l;
        c->live[t] = 0;
        c->wlive[t / ws] &= ~(1ull << (t % ws));
        c->cta_live[k]--;
    } else {
        *barm |= 1ull << l;
        c->at_bar[t] = 1;
        c->wbar[t / ws] |= 1ull << (t % ws);
        c->cta_bar[k]++;
        c->cta_red[k] = pc; /* for prog_ops.bar_release (core_barriers) */
    }
    bar_note(c, t / ws);
}

/* One lane's outcome in own_outcomes' and map_outcomes' loops (as a macro:
 * their code as it was when written out in each): lane l's next PC,
 * branch, exit or barrier arrival (thread slot T of CTA slot K, the leaves
 * into *EXITED, *BARM), and when it executed its destinations' ready cycle
 * `ready` in row ROW of tready; ex: whether it executed */
#define LANE_OUTCOME(PC, T, K, ROW, EXITED, BARM)                                               \
    const prog_effect *e = &eff[i];                                                             \
    const int32_t npc = e->next_pc;                                                             \
    const unsigned ex = e->executed;                                                            \
    next_pc[l] = npc;                                                                           \
    if (bra)                                                                                    \
        taken |= (uint64_t)(e->taken != 0) << l;                                                \
    if (npc == end || (bar && ex))                                                              \
        lane_leaves(c, PC, T, K, l, npc == end, EXITED, BARM);                                  \
    const uint64_t ready = ready0 + (byshift ? l >> wsh : wave_of[i]);                          \
    if (ex) {                                                                                   \
        uint64_t *tr = &tready[(size_t)(ROW) * nregs];                                          \
        for (unsigned j = 0; j < nd; j++)                                                       \
            tr[dreg[j]] = ready;                                                                \
    }

/* core_issue's outcome loop for a warp's own lanes (issue_warp: one CTA,
 * lane l in slot base + l): each lane's next PC, branch, exit or barrier
 * arrival, and the destinations' ready cycles of the lanes that executed
 * (rmax: the latest of every lane; anyx: some lane executed).  Lane i's
 * wave is wave_of[i], or with byshift lanes[i] >> wsh (not written to
 * wave_of).  bra, bar, nd and byshift are constants at each call. */
typedef struct {
    core_out *o;
    int pc;
    unsigned base, k;
    int end;
    uint64_t ready0;
    uint64_t *tready; /* slot base's row */
    size_t nregs;
    uint64_t taken, exited, barm, rmax;
    unsigned anyx;
} own_out;

static PROG_ALWAYS_INLINE void own_outcomes(core *c, own_out *w, const prog_effect *eff,
                                            const unsigned *lanes, const unsigned *wave_of,
                                            unsigned nl, const int bra, const int bar,
                                            const unsigned nd, const unsigned *dreg,
                                            const int byshift, const unsigned wsh,
                                            const uint32_t *const ptid)
{
    int32_t *const next_pc = w->o->next_pc;
    uint64_t *const tready = w->tready;
    const size_t nregs = w->nregs;
    const uint64_t ready0 = w->ready0;
    const int end = w->end;
    uint64_t taken = 0, rmax = 0;
    unsigned anyx = 0;
    for (unsigned i = 0; i < nl; i++) {
        const unsigned l = lanes[i], u = ptid ? ptid[l] - w->base : l;
        LANE_OUTCOME(w->pc, w->base + u, w->k, u, &w->exited, &w->barm)
        anyx |= ex;
        rmax = ready > rmax ? ready : rmax;
    }
    w->taken = taken;
    w->rmax = rmax;
    w->anyx = anyx;
}

/* own_outcomes with what is per instruction constant (bra, bar, nd, dreg,
 * eff, lanes, wave_of and nl in scope): a branch, a barrier, or neither
 * with one destination or another number */
#define OWN_OUTCOMES(W, SH, WSH, PT)                                                            \
    do {                                                                                        \
        if (bra)                                                                                \
            own_outcomes(c, W, eff, lanes, wave_of, nl, 1, 0, nd, dreg, SH, WSH, PT);           \
        else if (bar)                                                                           \
            own_outcomes(c, W, eff, lanes, wave_of, nl, 0, 1, nd, dreg, SH, WSH, PT);           \
        else if (nd == 1)                                                                       \
            own_outcomes(c, W, eff, lanes, wave_of, nl, 0, 0, 1, dreg, SH, WSH, PT);            \
        else                                                                                    \
            own_outcomes(c, W, eff, lanes, wave_of, nl, 0, 0, nd, dreg, SH, WSH, PT);           \
    } while (0)

/* own_outcomes for lanes permuted within the warp slot (lane l in slot
 * ptid[l], issue_warp_perm), out of line as issue_warp_perm */
static __attribute__((noinline)) void own_outcomes_perm(core *c, own_out *w,
                                                        const prog_effect *eff,
                                                        const unsigned *lanes,
                                                        const unsigned *wave_of, unsigned nl,
                                                        int bra, int bar, unsigned nd,
                                                        const unsigned *dreg, int wsh,
                                                        const uint32_t *ptid)
{
    if (wsh >= 0)
        OWN_OUTCOMES(w, 1, (unsigned)wsh, ptid);
    else
        OWN_OUTCOMES(w, 0, 0, ptid);
}

/* core_issue's outcome loop for lanes that are not a warp's own (issue_lanes'
 * mapped lanes, a thread list): own_outcomes' work per lane with each
 * lane's slot tids[i] and CTA slot kk[i], and the CTAs' latest ready
 * cycles: m->kmax that of the run of lanes of m->kc's CTA so far, written
 * to cta_ready when the run ends (the last run's by the caller); m->last
 * the latest of every lane.  bra, bar, nd and byshift are constants at
 * each call (MAP_OUTCOMES). */
typedef struct {
    uint64_t taken, exited, barm, last, kmax;
    unsigned kc;
} map_out;

static PROG_ALWAYS_INLINE void map_outcomes(core *c, core_out *o, int pc, int end,
                                            const prog_effect *eff, const unsigned *lanes,
                                            const unsigned *tids, const unsigned *kk,
                                            const unsigned *wave_of, unsigned nl,
                                            const int bra, const int bar, const unsigned nd,
                                            const unsigned *dreg, const int byshift,
                                            const unsigned wsh, uint64_t ready0, size_t nregs,
                                            map_out *w)
{
    int32_t *const next_pc = o->next_pc;
    uint64_t *const tready = c->tready, *const cta_ready = c->cta_ready;
    uint64_t taken = 0, last = w->last, kmax = w->kmax;
    unsigned kc = 0, kcur = nl ? kk[0] : 0;
    for (unsigned i = 0; i < nl; i++) {
        const unsigned l = lanes[i], t = tids[i], k = kk[i];
        LANE_OUTCOME(pc, t, k, t, &w->exited, &w->barm)
        last = ready > last ? ready : last;
        if (k != kcur) { /* another CTA: the last one's latest is written */
            if (kmax > cta_ready[kcur])
                cta_ready[kcur] = kmax;
            kc = i;
            kcur = k;
            kmax = cta_ready[k];
        }
        kmax = ready > kmax ? ready : kmax;
    }
    w->taken = taken;
    w->last = last;
    w->kmax = kmax;
    w->kc = kc;
}

#undef LANE_OUTCOME

/* map_outcomes with what is per instruction constant in scope (as
 * OWN_OUTCOMES) */
#define MAP_OUTCOMES(W, SH, WSH)                                                                \
    do {                                                                                        \
        if (bra)                                                                                \
            map_outcomes(c, o, r->pc, end, eff, lanes, tids, kk, wave_of, nl, 1, 0, nd, dreg,   \
                         SH, WSH, ready0, nregs, W);                                            \
        else if (bar)                                                                           \
            map_outcomes(c, o, r->pc, end, eff, lanes, tids, kk, wave_of, nl, 0, 1, nd, dreg,   \
                         SH, WSH, ready0, nregs, W);                                            \
        else if (nd == 1)                                                                       \
            map_outcomes(c, o, r->pc, end, eff, lanes, tids, kk, wave_of, nl, 0, 0, 1, dreg,    \
                         SH, WSH, ready0, nregs, W);                                            \
        else                                                                                    \
            map_outcomes(c, o, r->pc, end, eff, lanes, tids, kk, wave_of, nl, 0, 0, nd, dreg,   \
                         SH, WSH, ready0, nregs, W);                                            \
    } while (0)

/* An early return before a barrier (prog.h, exit_bound): a lane of an
 * issue whose thread goes on to an exit-bound PC is parked, counted as
 * arrived by its CTA's barriers (core_barriers) and gone for a
 * warp-synchronous instruction (wsync_issue) until it exits; a thread
 * that has just reached a barrier is not (the barrier counts it, and its
 * last barrier it is).  The only marking of parked threads; core_issue
 * calls it at the PCs where parking can change (c->pk), out of line to
 * keep the common issue's code as it was. */
static __attribute__((noinline)) void park_lanes(core *c, const prog_effect *eff,
                                                 const unsigned *tids, const unsigned *kk,
                                                 unsigned nl)
{
    const int end = (int)c->p->n;
    for (unsigned i = 0; i < nl; i++) {
        const unsigned t = tids[i];
        const int pc = eff[i].next_pc;
        if (pc == end ? c->parked[t] : !c->parked[t] && c->eb[pc] && !c->at_bar[t]) {
            c->parked[t] ^= 1;
            if (c->parked[t])
                c->cta_park[kk[i]]++;
            else
                c->cta_park[kk[i]]--; /* exited: cta_live went down (lane_leaves) */
        }
    }
}

int core_issue(core *c, unsigned port, const core_req *r, core_out *o)
{
    const prog *p = c->p;
    const prog_insn *in = &p->ins[r->pc];
    /* the outcome: next_pc of the warp's lanes only (no lane at or above
     * warp_size is active, and no caller reads one) */
    o->taken = o->exited = o->bar = 0;
    memset(o->next_pc, 0, c->WS * sizeof o->next_pc[0]);
    o->port = (int)port;
    /* the mechanism asked core_ready before it issued: asked again under
     * --check (an internal check, as the structures' invariants) */
    if ((c->P.check && core_ready(c, port, r) != CORE_OK) ||
        (r->with >= 0 && !c->dec[r->with].valid))
        return core_fail(c, "internal: warp %u pc %d issued on port %u while not ready (%d)",
                         r->warp, r->pc, port, (int)core_ready(c, port, r));
    enum { NX = CORE_MAX_WARP * 16 };
    if (r->nthreads && (is_mem(in) || r->nthreads > NX))
        return core_fail(c, "internal: a thread list (%u threads) for pc %d", r->nthreads, r->pc);
    static prog_effect eff[NX];
    static unsigned lanes[NX], tids[NX];
    unsigned nl = 0;
    char msg[300];
    unsigned cnt = r->nthreads ? r->nthreads : popc(r->mask);
    uint64_t rest = r->mask;
    static prog_thread *xs[NX];
    static const prog_mem *ms[NX];
    static unsigned kk[NX]; /* each thread's CTA slot */
    const issue_ctx x = {in, c->cycle, c->CW * c->WS, c->nregs, !c->ref->atom_flow};
    const unsigned ws = c->WS, T = c->T;
    prog_thread *const ths = c->th;
    const prog_mem *const mem = c->mem;
    /* a mask (no thread list): issue_lanes, the loop below's checks with
     * what is per issue or per CTA read once; a warp's own lanes when the
     * warp's bits show them all live and none at a barrier (else the loop
     * below names the lane) */
    const uint64_t wm = ws >= 64 ? ~0ull : (1ull << ws) - 1u;
    int lr = 1, onecta = 0;
    /* a warp's own lanes: lane l is slot own_base + l of CTA slot own_k
     * (with r->tid, lane l is slot r->tid[l] of warp slot r->warp) */
    const unsigned own_base = r->warp * ws, own_k = own_base / x.cta_threads;
    if (r->nthreads)
        ;
    else if (__builtin_expect(r->tid && r->perm_threads, 0))
        lr = issue_warp_perm(c, &x, r, xs, ms, kk, lanes, tids, &nl, &onecta);
    else if (r->tid) {
        lr = issue_lanes(c, &x, r, xs, ms, kk, lanes, tids, &nl);
        /* mapped lanes all of warp slot r->warp (one run: a dwf warp of
         * one static warp's threads) go on as its own lanes permuted, as
         * issue_warp_perm's: one CTA's memory, own_outcomes_perm, one
         * wready row (not under scalarization) */
        onecta = !lr && lanes_nslot == 1 && lanes_slot[0] == r->warp && !c->scalar;
    } else if (!(r->mask & ~wm) && r->warp < c->W && (r->warp + 1) * ws <= T &&
             !(r->mask & ~c->wlive[r->warp]) && !(r->mask & c->wbar[r->warp])) {
        onecta = 1;
        lr = in->nsrc + in->ndst - 1u < 4u ? issue_warp(c, &x, r, 1, NULL, xs, lanes, &nl)
                                           : issue_warp(c, &x, r, 0, NULL, xs, lanes, &nl);
        /* the per-thread lists, for the paths that take them */
        for (unsigned i = 0; lr == 0 && (in->wsync || c->scalar) && i < nl; i++) {
            tids[i] = own_base + lanes[i];
            ms[i] = &mem[own_k];
            kk[i] = own_k;
        }
    }
    if (lr < 0)
        return -1;
    if (!lr)
        cnt = 0; /* the loop below has nothing to do */
    for (unsigned i = 0; i < cnt && i < NX; i++) {
        unsigned l, t;
        if (r->nthreads) {
            t = r->threads[i];
            l = i % ws;
        } else {
            l = ctz(rest);
            rest &= rest - 1;
            t = tid_of(c, r, l);
        }
        if (t >= T)
            return core_fail(c, "internal: lane %u of warp %u names thread slot %u", l, r->warp, t);
        unsigned k = t / x.cta_threads;
        if (check_thread(c, &x, t, k, r->pc))
            return -1;
        xs[nl] = &ths[t];
        xs[nl]->clock = x.cycle;
        ms[nl] = &mem[k];
        kk[nl] = k;
        lanes[nl] = l;
        tids[nl] = t;
        nl++;
    }
    /* execution: every thread of the issue in lane order, the instruction
     * decoded and dispatched once (prog_exec_warp: warp-level), or through
     * the scalar unit's path thread by thread (scalar.h).  The checks above
     * all run first: a failing check stops the run before any thread of
     * the issue executes, and a thread list naming a slot twice whose first
     * entry exits or reaches a barrier is caught by the PC-sequence check
     * (or, when the grid keeps only each thread's length and PC hash, at
     * its CTA's retirement), not by the live/barrier check, which looks at
     * the state before the issue. */
    if (in->wsync) {
        if (wsync_issue(c, r->pc, nl, tids, kk, eff))
            return -1;
    } else if (c->scalar && onecta && nl <= SCALAR_WARP_MAX && c->sx.wok[r->pc]) {
        /* a warp's own lanes (issue_warp): the issue at once (scalar.h) */
        if (scalar_exec_warp(&c->sx, r->pc, xs, nl, &c->srf[(size_t)r->warp * c->sregs], ms,
                             eff, msg, sizeof msg))
            return core_fail(c, "%s", msg);
    } else if (c->scalar) {
        scalar_issue sis; /* scalarization's state of this issue (scalar.h) */
        memset(&sis, 0, sizeof sis);
        for (unsigned i = 0; i < nl; i++)
            if (scalar_exec_thread(&c->sx, r->pc, xs[i], (unsigned)c->gtid[tids[i]],
                                   &c->srf[(size_t)(tids[i] / c->WS) * c->sregs], ms[i], &sis,
                                   &eff[i], msg, sizeof msg))
                return core_fail(c, "%s", msg);
    } else if (onecta) {
        unsigned done;
        if (prog_exec_cta(p, r->pc, xs, &mem[own_k], nl, eff, &done, msg, sizeof msg))
            return core_fail(c, "%s", msg);
    } else {
        unsigned done;
        if (prog_exec_warp(p, r->pc, xs, ms, nl, eff, &done, msg, sizeof msg))
            return core_fail(c, "%s", msg);
    }
    /* when each thread's result is ready */
    static unsigned pos[NX], wave_of[NX];
    unsigned waves;
    int wsh = -1; /* >= 0: wave_of[i] is lanes[i] >> wsh, not written (own_outcomes) */
    unsigned width = r->lanes_per_wave ? r->lanes_per_wave : c->alu_w;
    if (in->unit == PU_SFU && !r->lanes_per_wave)
        width = c->P.simd_width ? c->P.simd_width : c->WS;
    if (width < 1)
        width = 1;
    if (r->nthreads) {
        for (unsigned i = 0; i < nl; i++)
            wave_of[i] = 0;
        waves = 1;
    } else if (r->compact) {
        uint64_t seen = 0;
        for (unsigned i = 0; i < nl; i++)
            seen |= 1ull << (lanes[i] / width);
        for (unsigned i = 0; i < nl; i++)
            wave_of[i] = popc(seen & ((1ull << (lanes[i] / width)) - 1u));
        waves = popc(seen);
    } else if (!(width & (width - 1))) {
        /* own_outcomes and map_outcomes shift the lane themselves */
        wsh = (int)ctz(width);
        waves = (c->WS + width - 1) >> wsh;
    } else {
        for (unsigned i = 0; i < nl; i++)
            wave_of[i] = lanes[i] / width;
        waves = (c->WS + width - 1) / width;
    }
    /* a scalar instruction runs once: one thread's wave (scalar.h; on a
     * temporal lane only with scalar destinations, core_scalar_once) */
    int sca = core_scalar_once(c, r->pc);
    if (sca) {
        c->st.scalar_issues++;
        wsh = -1;
        for (unsigned i = 0; i < nl; i++)
            wave_of[i] = 0;
        waves = 1;
    }
    uint64_t start = c->cycle + r->delay;
    unsigned lat = lat_of(c, in), group = 0xffff;
    if (is_mem(in)) {
        waves = core_lsu_schedule(c, eff, NULL, nl, lanes, pos);
        /* a packet joining a slot queues behind the LSU's work */
        uint64_t from = c->lsu_until > c->cycle ? c->lsu_until : c->cycle;
        wsh = -1;
        for (unsigned i = 0; i < nl; i++)
            wave_of[i] = pos[i] + (unsigned)(from - c->cycle);
        c->lsu_until = from + waves;
    } else if (on_scalar_unit(c, r->pc)) {
        if (c->cycle + r->delay + 1 > c->sca_until[port])
            c->sca_until[port] = c->cycle + r->delay + 1;
    } else {
        int g;
        if (r->with >= 0 && unit_class(&p->ins[c->dec[r->with].pc]) == unit_class(in))
            g = c->dec[r->with].group;
        else
            g = free_group(c, in, r);
        uint64_t *until = on_sfu(in, r) ? c->sfu_until : c->alu_until;
        /* the group is busy [issue + delay, issue + delay + waves); the
         * delay is a pipeline stage every issue of the mechanism to this
         * group passes, so the next issue may come `waves` cycles later
         * (TSIMT's hand-over: a lane takes its next instruction in the
         * last cycle of the current one) */
        if (c->cycle + waves > until[g])
            until[g] = c->cycle + waves;
        group = (unsigned)g;
        c->st.group_busy += waves;
        c->st.lane_busy += sca ? 1 : nl;
    }
    /* each thread's outcome (exit, barrier) and its result's ready cycle
     * (nothing above reads the threads' flags) */
    uint64_t last = x.cycle + 1;
    const int bra = in->unit == PU_BRA, bar = in->unit == PU_BAR, end = (int)p->n;
    uint64_t *const tready = c->tready, *const cta_ready = c->cta_ready;
    uint64_t taken = 0, exited = 0, barm = 0;
    core_dec *const d = &c->dec[port]; /* the port's decision (below) */
    /* read once: the destinations, the ready cycle less the wave, and the
     * CTA's latest ready cycle while the threads are of one CTA (kc) */
    const unsigned nd = in->ndst;
    unsigned dreg[PROG_MAX_DST];
    for (unsigned j = 0; j < nd; j++)
        dreg[j] = in->dst[j];
    const size_t nregs = x.nregs;
    const uint64_t ready0 = start + lat;
    unsigned kc = 0;
    const unsigned k0 = onecta ? own_k : nl ? kk[0] : 0; /* the first thread's CTA slot */
    uint64_t kmax = nl ? cta_ready[k0] : 0;
    /* wready (core_int.h): for a warp's own lanes (issue_warp: one CTA,
     * onecta) when any executed (wexe), the warp's row takes the latest
     * ready cycle of the issue's lanes (rmax: an upper bound of the ones
     * that executed), written once below; any other issue that writes
     * tready raises the rows of its lanes' warp slots (wready_raise_slots) */
    uint64_t *const wready = c->wready, rmax = 0;
    int wexe = 0;
    /* a warp's own lanes: the same without the CTA's changes of kc and
     * with one wready row */
    if (onecta) {
        own_out w = {o, r->pc, own_base, own_k, end, ready0, tready + (size_t)own_base * nregs,
                     nregs, 0, 0, 0, 0, 0};
        if (__builtin_expect(r->tid != NULL, 0)) /* permuted lanes (issue_warp_perm) */
            own_outcomes_perm(c, &w, eff, lanes, wave_of, nl, bra, bar, nd, dreg, wsh, r->tid);
        else if (wsh >= 0)
            OWN_OUTCOMES(&w, 1, (unsigned)wsh, NULL);
        else
            OWN_OUTCOMES(&w, 0, 0, NULL);
        taken = w.taken;
        exited = w.exited;
        barm = w.barm;
        rmax = w.rmax;
        wexe = w.anyx != 0;
        last = rmax > last ? rmax : last;
        kmax = rmax > kmax ? rmax : kmax;
    }
    if (!onecta) {
        map_out w = {0, 0, 0, last, kmax, 0};
        if (wsh >= 0)
            MAP_OUTCOMES(&w, 1, (unsigned)wsh);
        else
            MAP_OUTCOMES(&w, 0, 0);
        taken = w.taken;
        exited = w.exited;
        barm = w.barm;
        last = w.last;
        kmax = w.kmax;
        kc = w.kc;
    }
    const unsigned klast = onecta ? own_k : nl ? kk[kc] : 0;
    if (nl && kmax > cta_ready[klast])
        cta_ready[klast] = kmax;
    if (c->pk && c->pk[r->pc]) {
        if (onecta && !r->tid && !(in->wsync || c->scalar)) /* issue_warp left them unfilled */
            for (unsigned i = 0; i < nl; i++) {
                tids[i] = own_base + lanes[i];
                kk[i] = own_k;
            }
        park_lanes(c, eff, tids, kk, nl);
    }
    if (onecta && wexe) { /* rmax: the latest ready cycle of every lane */
        uint64_t *const ww = &wready[(size_t)r->warp * nregs];
        for (unsigned j = 0; j < nd; j++)
            ww[dreg[j]] = rmax > ww[dreg[j]] ? rmax : ww[dreg[j]];
    } else if (!onecta && nl && nd) {
        wready_raise_slots(c, !r->nthreads && r->tid, tids, nl, dreg, nd, last);
    }
    o->taken = taken;
    o->exited = exited;
    o->bar = barm;
    o->ready = last;
    o->waves = waves;
    core_note_ready(c, last);
    /* fault kind 5 (test hook, issue 24 item 4): from fault_cycle on the
     * scoreboard forgets each thread's position (wave, lane group,
     * segment): the result counts as ready at issue + delay + latency */
    uint64_t sb_at = c->P.fault_kind == 5 && c->cycle >= c->P.fault_cycle ? start + lat : last;
    if (!r->nosb && !(c->ops->flags & MECH_OWN_SB))
        for (unsigned j = 0; j < in->ndst; j++) {
            uint64_t *e = &c->sb[(size_t)r->warp * c->nregs + in->dst[j]];
            if (sb_at > *e)
                *e = sb_at;
        }
    /* barrel processing: the warp is fetched again in the cycle its
     * instruction completes, so its next instruction issues a cycle later
     * (004 l.193-200: selected in the fetch stage after it completes) */
    if (c->P.barrel && !r->nosb && !(c->ops->flags & MECH_OWN_SB) && last + 1 > c->bar_until[r->warp])
        c->bar_until[r->warp] = last + 1;
    if (r->warp < c->W)
        c->sbc_pc[r->warp] = -1; /* its row or bar_until may have moved */
    if ((in->unit == PU_LD || in->unit == PU_ATOM) && is_mem(in) && r->unit_warp < c->W &&
        last > c->ld_until[r->unit_warp])
        c->ld_until[r->unit_warp] = last;
    /* the fetch buffer's head is consumed */
    if (!r->nofetch && !(c->ops->flags & MECH_OWN_FETCH) && c->ops->fetch_pc) {
        fetchbuf *b = &c->fb[r->warp * c->nctx + r->ctx];
        for (unsigned i = 1; i < b->n; i++) /* a few entries: no library call */
            b->t[i - 1] = b->t[i];
        b->n--;
        b->pc++;
        fb_dirty(c, r->warp);
        /* refill on issue (issue 24 item 6): the slot the head leaves takes
         * the next sequential instruction in this same cycle, from what is
         * left of this cycle's fetch width; it issues next cycle at the
         * earliest, so a buffer of one entry issues every cycle.  After a
         * branch or exit nothing is fetched (the next PC is the stack's);
         * when the context's PC moves elsewhere (a reconvergence) the next
         * fetch stage flushes it: the same one bubble as a taken branch */
        int tail = b->pc + (int)b->n; /* the PC after the buffered ones */
        if (c->fetch_left && b->n < c->P.ibuf && !is_ctl(p, tail - 1) && tail < (int)p->n) {
            b->t[b->n++] = c->cycle;
            c->st.fetches++;
            c->fetch_left--;
        }
    }
    if (c->P.fault_kind == 8 && c->cycle >= c->P.fault_cycle && !c->fault_done)
        c->fault_done = 1; /* the test hook: this update is skipped */
    else
        core_rdy_update(c, r->warp); /* its buffer's head, scoreboard row, bar_until */
    /* statistics and the decision */
    energy_count_issue(&c->en, in->nsrc, in->ndst, nl, sca,
                       !r->nosb && !(c->ops->flags & MECH_OWN_SB),
                       !r->nofetch && !(c->ops->flags & MECH_OWN_FETCH) && c->ops->fetch_pc);
    unsigned th = nl;
    c->st.thread_insts += nl;
    if (r->with >= 0) {
        c->slot_mask[r->with] |= r->mask;
        /* the slot's histogram entry grows by these threads */
        unsigned before = popc(c->slot_mask[r->with] & ~r->mask);
        c->st.hist[before]--;
        c->st.hist[popc(c->slot_mask[r->with])]++;
    } else {
        c->slot_mask[port] = r->mask;
        c->st.warp_insts += r->slots ? r->slots : 1;
        unsigned sl = r->slots ? r->slots : 1, per = (nl + sl - 1) / sl;
        c->st.hist[per > CORE_MAX_WARP ? CORE_MAX_WARP : per] += sl;
    }
    d->valid = 1;
    d->ctx = (uint8_t)r->ctx;
    d->with = (int8_t)r->with;
    d->warp = (uint16_t)r->unit_warp;
    d->pc = r->pc;
    d->mask = r->mask;
    d->threads = th;
    d->group = (uint16_t)(r->with >= 0 ? c->dec[r->with].group : group);
    c->last_issue = c->cycle;
    c->issued_ports++;
    return 0;
}
#undef OWN_OUTCOMES
