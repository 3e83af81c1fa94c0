/* SPDX-License-Identifier: Apache-2.0 */
/*
 * mech_dwf_rv.c -- dwf in the SM model (mech_dwf.c): the rendezvous of
 * warp-synchronous code (shfl.sync, vote.sync, activemask, bar.warp.sync).
 * OUR EXTENSION: 000 has no such instructions, neither in the pool nor in
 * the PC-warp LUT.  A thread that would issue one before its logical warp
 * is complete is parked outside the pool (mdwf_rv_split); a complete group
 * issues as a warp of its own threads in their home lanes, ahead of the
 * pool's candidate (mdwf_rv_pick); mdwf_rv_leave takes a finished group's
 * threads back.  mech_dwf.c's header says how this sits in the unit's
 * cycle; docs/dwf.md, "Warp-synchronous instructions in the SM model".
 */
#include <stdlib.h>
#include <string.h>

#include "mech_dwf_int.h"

/* ------------------------------ the rendezvous of warp-synchronous code */
/* shfl.sync, vote.sync, activemask and bar.warp.sync read the values of a
 * logical warp's threads (prog.h), which dwf's dynamic warps split across
 * issues.  Our extension (000 has none): a thread that would issue one
 * before its logical warp is ready is parked outside the pool, as a thread
 * at a closed barrier is, and the group executes when it is complete, as a
 * warp of its own threads in their home lanes (docs/dwf.md, "Warp-
 * synchronous instructions").  It runs in warps of 32 threads only, where a
 * logical warp is a static warp: the pool's local static warp j is threads
 * j * 32 .. j * 32 + 31.  In narrower warps a logical warp spans several
 * static warps, in both pools at two schedulers, and dwf meets at the
 * core's rendezvous instead (mech_dwf.c, mdwf_unhold); at 64 dwf refuses
 * every kernel (its register file's lanes). */

/* 1 if local thread t can run on: live, not parked here, not waiting at a
 * closed CTA barrier */
static int mdwf_rv_runs(const core *c, const mdwf_unit *u, unsigned t)
{
    unsigned s = u->slot[t];
    return !core_exited(c, s) && u->rvpc[t] < 0 && !core_at_bar(c, s);
}

static void mdwf_rv_park(mdwf_unit *u, unsigned t, int pc, uint32_t need)
{
    u->rvpc[t] = pc;
    u->rvgo[t] = 0;
    u->rvneed[t] = need;
    u->rvbits[t / PROG_WARP] |= 1u << (t % PROG_WARP);
    u->rvngrp[t / PROG_WARP] = 0xff;
    u->rvn[t / PROG_WARP]++;
    u->nrv++;
}

/* The waits (membermasks, core_coll_wait) of r's lanes `lanes` at pc into
 * lneed[lane]; their OR returned */
static uint32_t mdwf_rv_needs(const core *c, const mdwf_unit *u, int pc, uint64_t lanes,
                              const uint16_t *lt, uint32_t *lneed)
{
    uint32_t need = 0;
    for (uint64_t m2 = lanes; m2; m2 &= m2 - 1) {
        const unsigned l = (unsigned)__builtin_ctzll(m2);
        lneed[l] = core_coll_wait(c, pc, u->slot[lt[l]]);
        need |= lneed[l];
    }
    return need;
}

/* The pool issues r (local TIDs lt) at a warp-synchronous instruction.
 * Each logical warp in it executes now when none of its threads is parked
 * at that PC and every live thread it waits for is in the issue (shfl,
 * vote, bar.warp.sync: the membermasks), or every other live thread of
 * the warp is blocked (activemask: parked, at a CTA barrier); else its
 * threads in r are parked.  Returns the parked lanes of r.  The tests are
 * pure, so only the ones that can decide are made: the parked threads'
 * PCs (rvbits, which --check compares with rvpc in mdwf_rv_pick), the
 * threads not in the issue, and the waits only when such a thread
 * needs them or the lanes park (a warp wholly in the issue reads none). */
uint64_t mdwf_rv_split(const core *c, mdwf_unit *u, const core_req *r,
                       const uint16_t *lt)
{
    const int pc = r->pc, am = core_prog(c)->ins[pc].wsync == 2;
    uint64_t park = 0, seen = 0;
    uint32_t lneed[64]; /* each lane's wait, kept when it parks */
    for (uint64_t mk = r->mask; mk; mk &= mk - 1) {
        unsigned l0 = (unsigned)__builtin_ctzll(mk);
        if (seen >> l0 & 1)
            continue;
        unsigned j = lt[l0] / PROG_WARP, base = j * PROG_WARP;
        uint64_t lanes = 0;
        uint32_t here = 0, need = 0;
        int read = 0; /* need and lneed hold the lanes' waits */
        for (uint64_t m2 = mk; m2; m2 &= m2 - 1) {
            unsigned l = (unsigned)__builtin_ctzll(m2);
            if (lt[l] / PROG_WARP != j)
                continue;
            lanes |= 1ull << l;
            here |= 1u << (lt[l] % PROG_WARP);
        }
        seen |= lanes;
        int now = 1;
        for (uint32_t b = u->rvbits[j]; now && b; b &= b - 1)
            now = u->rvpc[base + (unsigned)__builtin_ctz(b)] != pc;
        for (uint32_t b = now ? ~here : 0; now && b; b &= b - 1) {
            const unsigned x = (unsigned)__builtin_ctz(b), t = base + x;
            if (am)
                now = !mdwf_rv_runs(c, u, t);
            else {
                if (!read) {
                    need = mdwf_rv_needs(c, u, pc, lanes, lt, lneed);
                    read = 1;
                }
                now = !(need >> x & 1) || core_exited(c, u->slot[t]);
            }
        }
        if (now)
            continue;
        if (!read)
            mdwf_rv_needs(c, u, pc, lanes, lt, lneed);
        park |= lanes;
        for (uint64_t m2 = lanes; m2; m2 &= m2 - 1) {
            const unsigned l = (unsigned)__builtin_ctzll(m2);
            /* (the test hook --inject-fault rv@C: from cycle C a parked
             * thread's wait is kept as none, which --check catches) */
            const int stale = core_config(c)->fault_kind == 13 &&
                              core_now(c) >= core_config(c)->fault_cycle;
            mdwf_rv_park(u, lt[l], pc, stale ? 0 : lneed[l]);
        }
    }
    return park;
}

/* Local static warp j's parked threads grouped by the PC they wait at, in
 * the order of each group's lowest thread: gr[0..n-1], n returned. */
static unsigned mdwf_rv_groups(const mdwf_unit *u, unsigned j, struct mdwf_rvgrp *gr)
{
    const unsigned base = j * PROG_WARP;
    unsigned n = 0;
    uint32_t done = 0;
    for (uint32_t b = u->rvbits[j]; b; b &= ~done) {
        const int pc = u->rvpc[base + (unsigned)__builtin_ctz(b)];
        uint32_t g = 0, need = 0;
        for (uint32_t b2 = b; b2; b2 &= b2 - 1) {
            const unsigned y = (unsigned)__builtin_ctz(b2);
            if (u->rvpc[base + y] == pc) {
                g |= 1u << y;
                need |= u->rvneed[base + y];
            }
        }
        gr[n].pc = pc;
        gr[n].g = g;
        gr[n++].need = need;
        done |= g;
    }
    return n;
}

/* A parked group that may execute now, into u->rv_r (its slots rv_tid,
 * local TIDs rv_lt, by home lane): 1; 0 none; -1 refused.  A group at
 * shfl.sync, vote.sync or bar.warp.sync goes when every live lane its
 * threads' membermasks name is parked there with it; one at activemask
 * when its warp is quiescent (no live thread of it can run on: the
 * reference's rule, ref.c), with the threads parked there at that moment
 * (latched: rvgo).  A quiescent warp with a group that can never go (a
 * member parked at another instruction or at a CTA barrier) is what CUDA
 * leaves undefined: one line, as the reference's. */
int mdwf_rv_pick(core *c, mdwf_unit *u, unsigned nw)
{
    const prog *p = core_prog(c);
    const int check = core_config(c)->check;
    for (unsigned j = 0; j < nw; j++) {
        if (!u->rvn[j])
            continue;
        /* the warp's threads by bit: live (its core warp's live lanes: the
         * warp size is PROG_WARP here), parked; quiet when every live one
         * not parked waits at a CTA barrier (none runs on) */
        const unsigned base = j * PROG_WARP;
        const uint32_t parked = u->rvbits[j];
        const uint32_t live = (uint32_t)core_warp_mask(c, u->slot[base] / PROG_WARP);
        uint32_t gone = ~live, quiet = 1;
        for (uint32_t b = live & ~parked; quiet && b; b &= b - 1)
            quiet = core_at_bar(c, u->slot[base + (unsigned)__builtin_ctz(b)]);
        if (check) { /* the bits against the per-thread flags they stand for */
            uint32_t g2 = 0, q2 = 1, pk = 0;
            for (unsigned x = 0; x < PROG_WARP; x++) {
                g2 |= (uint32_t)core_exited(c, u->slot[base + x]) << x;
                q2 &= !mdwf_rv_runs(c, u, base + x);
                pk |= (uint32_t)(u->rvpc[base + x] >= 0) << x;
                if (u->rvpc[base + x] >= 0 &&
                    u->rvneed[base + x] != core_coll_wait(c, u->rvpc[base + x], u->slot[base + x]))
                    return core_fail(c, "internal: parked thread %u (slot %u)'s kept wait 0x%08x "
                                        "differs from its membermask's 0x%08x",
                                     base + x, u->slot[base + x], u->rvneed[base + x],
                                     core_coll_wait(c, u->rvpc[base + x], u->slot[base + x]));
            }
            if (g2 != gone || q2 != quiet || pk != parked || bits_popcount(parked) != u->rvn[j])
                return core_fail(c, "internal: local warp %u's rendezvous bits (gone 0x%08x, "
                                    "quiet %u, parked 0x%08x) differ from its threads' (0x%08x, "
                                    "%u, 0x%08x)",
                                 j, gone, quiet, parked, g2, q2, pk);
        }
        for (uint32_t b = quiet ? parked : 0; b; b &= b - 1) {
            const unsigned t = base + (unsigned)__builtin_ctz(b);
            if (p->ins[u->rvpc[t]].wsync == 2)
                u->rvgo[t] = 1;
        }
        int stuck = -1;
        uint32_t stuck_need = 0, stuck_miss = 0;
        /* the groups, kept since the last park or leave in this warp */
        struct mdwf_rvgrp *grp = &u->rvgrp[(size_t)j * PROG_WARP];
        if (u->rvngrp[j] == 0xff)
            u->rvngrp[j] = (uint8_t)mdwf_rv_groups(u, j, grp);
        if (check) {
            struct mdwf_rvgrp fresh[PROG_WARP];
            const unsigned n = mdwf_rv_groups(u, j, fresh);
            if (n != u->rvngrp[j] || memcmp(fresh, grp, n * sizeof *grp))
                return core_fail(c, "internal: local warp %u's kept rendezvous groups (%u) "
                                    "differ from its parked threads' (%u)",
                                 j, u->rvngrp[j], n);
        }
        for (unsigned i = 0; i < u->rvngrp[j]; i++) {
            const unsigned x = (unsigned)__builtin_ctz(grp[i].g);
            const int pc = grp[i].pc;
            uint32_t g = grp[i].g;
            const uint32_t need = grp[i].need;
            if (p->ins[pc].wsync == 2) {
                for (uint32_t g2 = g; g2; g2 &= g2 - 1)
                    if (!u->rvgo[base + (unsigned)__builtin_ctz(g2)])
                        g &= ~(g2 & -g2);
                if (!g)
                    continue;
            } else if (need & ~gone & ~g) {
                if (stuck < 0) {
                    stuck = (int)x;
                    stuck_need = need;
                    stuck_miss = need & ~gone & ~g;
                }
                continue;
            }
            core_req *rr = &u->rv_r;
            memset(rr, 0, sizeof *rr);
            rr->pc = pc;
            rr->tid = u->rv_tid;
            rr->group = rr->with = -1;
            rr->nosb = rr->nofetch = 1;
            rr->unit_warp = j;
            rr->warp = u->slot[base] / core_warp_size(c);
            for (uint32_t g2 = g; g2; g2 &= g2 - 1) {
                unsigned t = base + (unsigned)__builtin_ctz(g2), h = dwf_home_lane(&u->wc, t);
                rr->mask |= 1ull << h;
                u->rv_tid[h] = u->slot[t];
                u->rv_lt[h] = (uint16_t)t;
            }
            return 1;
        }
        if (quiet && stuck >= 0) {
            unsigned t = base + (unsigned)stuck, m = (unsigned)__builtin_ctz(stuck_miss);
            unsigned s = u->slot[t], cta = core_cta_warps(c) * core_warp_size(c);
            int at = u->rvpc[t], mpc = u->rvpc[base + m];
            char name[24], where[96];
            prog_wsync_name(&p->ins[at], name, sizeof name);
            if (mpc >= 0)
                snprintf(where, sizeof where, "waits at line %d, another instruction",
                         p->ins[mpc].line);
            else if (core_at_bar(c, u->slot[base + m]))
                snprintf(where, sizeof where, "waits at a CTA barrier");
            else
                snprintf(where, sizeof where, "has not arrived (internal)");
            return core_refuse(c,
                               "pc %d (%s:%d): %s: lane %u of warp %u of CTA slot %u waits "
                               "for lane %u (membermask 0x%08x), which %s: undefined in CUDA",
                               at, p->file, p->ins[at].line, name, (unsigned)stuck,
                               s % cta / PROG_WARP, s / cta, m, stuck_need, where);
        }
    }
    return 0;
}

/* The group rv_r issued: its threads leave the rendezvous. */
void mdwf_rv_leave(mdwf_unit *u)
{
    for (uint64_t mk = u->rv_r.mask; mk; mk &= mk - 1) {
        unsigned t = u->rv_lt[__builtin_ctzll(mk)];
        u->rvpc[t] = -1;
        u->rvgo[t] = 0;
        u->rvbits[t / PROG_WARP] &= ~(1u << (t % PROG_WARP));
        u->rvngrp[t / PROG_WARP] = 0xff;
        u->rvn[t / PROG_WARP]--;
        u->nrv--;
    }
}
