// SPDX-License-Identifier: Apache-2.0
// swi_sched_cosim.cpp -- lockstep co-simulation of rtl_c/swi_sched against
// verilog/swi_sched.v (001 sec. 4).
//
// Stimulus: a fetch unit refills free entries (with a probability that
// changes by phase) with masks drawn from full warps, halves, single lanes,
// random sparse masks and the complements of recently filled masks (so that
// fits exist); ready bits are random per warp with a phase-dependent density
// (90%, 35% or 8%: with one fill per cycle and up to two issues, only the
// low density lets the buffer fill up).
// Half the fills that can go into an entry leaving the buffer in that cycle
// (the primary's pick or I2) do (issue 24: a warp's next instruction is
// fetched as it is picked).  A few percent of the cycles offer an illegal
// fill (WARP, BUSY into an entry that stays, EMPTY).
// alt_free (another SIMD group of I1's class is free, 001 l.150) is offered
// in a phase-dependent share (0%, 50% or 90%) of the cycles with a live I1;
// a few percent of the cycles without one assert it anyway (GROUP).
//
// Harness invariants (beyond swi_sched_check), every cycle, from the state
// before the edge: the expected err code; i1_mask & i2_mask = 0; I2's PC
// and mask are its entry's; I1 is the instruction the primary picked the
// cycle before, with its mask or with mask 0 after a conflict; the primary is
// the ready valid entry filled earliest (a fill sequence number kept here);
// the secondary is a legal candidate (valid, ready, not the stage's warp, in
// set (p mod SETS + 1) mod SETS unless substituting, mask within the free
// lanes, or any mask with alt_free) with the largest fit of all legal
// candidates, among those of that fit one within I1's free lanes if there
// is one, and it is the one the LFSR rule picks (an LFSR stepped here from
// the stated polynomial and seed); i2_alt exactly when it is not within
// I1's free lanes; conflict is flagged exactly when the two picks coincide.  No
// instruction lost or issued twice: each fill is issued once with its whole
// mask (as I2, or as I1 with a non-empty mask from the stage, tracked apart
// from the refilled entry).  Model::state compares every
// register after every edge.
//
// The substitute (stage empty or discarded) is a legal candidate minus the
// primary's pick of the same cycle, and a substitution cycle never
// conflicts.
//
// Coverage: act_* and err_* counts, conflicts, alt_lanes (lanes of the I2s
// issued to the other group), and the secondary fill rate of the one-group
// lookup (live cycles without alt_free): free_lanes (lanes a live primary
// leaves free) and filled_lanes (lanes its secondary fills).  fill_setsS:
// the lanes the same lookup would fill on the same buffer with S sets, for
// every power of two S dividing WARPS and for S = WARPS (direct-mapped);
// fill_setsS / free_lanes is the fill rate at
// that associativity (fill_sets1 fully associative), and the harness checks
// every cycle that it never grows with S and equals filled_lanes' share at
// S = SETS.
#include "cosim.h"

#include "Vswi_sched.h"
#include "Vswi_sched___024root.h"

extern "C" {
#include "../rtl_c/swi_sched.h"
}

struct SwiSchedModel {
    COSIM_MODEL(swi_sched, Vswi_sched)

    static bool err(const out_t &o) { return o.err != 0; }
    static bool ready(const out_t &o) {
        (void)o;
        return true; // a fill is taken or rejected (err), never held back
    }
    static void state(rtl_t *r, const cfg_t &c, const state_t &s, StateCmp &cmp) {
        Vswi_sched___024root *p = r->rootp;
        unsigned n = swi_sched_warps(&c);
        cmp("v_q", -1, -1, s.v_q, p->swi_sched__DOT__v_q);
        for (unsigned w = 0; w < n; w++) {
            int i = static_cast<int>(w);
            cmp("pc_q", i, -1, s.pc_q[w], p->swi_sched__DOT__pc_q[w]);
            cmp("mask_q", i, -1, s.mask_q[w], p->swi_sched__DOT__mask_q[w]);
            cmp("age_q", i, -1, s.age_q[w], p->swi_sched__DOT__age_q[w]);
        }
        cmp("s_v_q", -1, -1, s.s_v_q, p->swi_sched__DOT__s_v_q);
        cmp("s_warp_q", -1, -1, s.s_warp_q, p->swi_sched__DOT__s_warp_q);
        cmp("s_pc_q", -1, -1, s.s_pc_q, p->swi_sched__DOT__s_pc_q);
        cmp("s_mask_q", -1, -1, s.s_mask_q, p->swi_sched__DOT__s_mask_q);
        cmp("lfsr_q", -1, -1, s.lfsr_q, p->swi_sched__DOT__lfsr_q);
    }
    static const char *decode(const char *port, uint64_t v) {
        if (!std::strcmp(port, "act"))
            return swi_sched_act_name(static_cast<unsigned>(v));
        if (!std::strcmp(port, "err_code"))
            return swi_sched_err_name(static_cast<unsigned>(v));
        return NULL;
    }
};

static unsigned pop(uint64_t v) {
    unsigned n = 0;
    for (; v; v &= v - 1)
        n++;
    return n;
}

class SwiSchedStim {
public:
    void reset(const swi_sched_cfg &cfg) {
        std::memset(seq_, 0, sizeof seq_);
        std::memset(pending_, 0, sizeof pending_);
        stage_pend_ = false;
        seqn_ = 1;
        lfsr_ = 0xACE1;
        prev_p_ = false;
        prev_pw_ = 0;
        prev_conf_ = false;
        last_mask_ = 0;
        expect_err_ = 0;
        fill_p_ = 60;
        ready_p_ = 60;
        alt_p_ = 50;
        static const char *const keys[] = {
            "act_IDLE", "act_SOLO", "act_PAIR", "act_SUBST", "act_NONE_SUB", "act_HOLD",
            "act_ALT", "err_BUSY", "err_EMPTY", "err_WARP", "err_GROUP", "conflicts",
            "free_lanes", "filled_lanes", "alt_lanes", "alt_offered", "issued",
            "fill_on_leave", "refills", "fill2"};
        for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
            cov_[keys[k]] = 0;
        // associativities for the fill-rate shadow: powers of two dividing
        // WARPS, then WARPS itself (direct-mapped)
        unsigned n = swi_sched_warps(&cfg);
        nassoc_ = 0;
        for (unsigned S = 1; S < n; S *= 2)
            if (n % S == 0)
                assoc_[nassoc_++] = S;
        assoc_[nassoc_++] = n;
        for (unsigned k = 0; k < nassoc_; k++) {
            fill_key_[k] = "fill_sets" + std::to_string(assoc_[k]);
            cov_[fill_key_[k].c_str()] = 0;
        }
    }

    swi_sched_in next(const swi_sched_cfg &cfg, const swi_sched_state &s, Rng &rng,
                      uint64_t cyc) {
        swi_sched_in in;
        std::memset(&in, 0, sizeof in);
        unsigned n = swi_sched_warps(&cfg), ww = swi_sched_wid_w(&cfg);
        expect_err_ = 0;
        if (cyc % 500 == 0) {
            fill_p_ = rng.chance(50) ? 90 : 40;
            // scoreboard pressure: mostly ready, half ready, or mostly
            // stalled (then the buffer fills up and the lookups have a
            // full set to search)
            unsigned k = static_cast<unsigned>(rng.below(3));
            ready_p_ = k == 0 ? 90 : k == 1 ? 35 : 8;
            k = static_cast<unsigned>(rng.below(3));
            alt_p_ = k == 0 ? 0 : k == 1 ? 50 : 90;
        }
        for (unsigned w = 0; w < n; w++)
            if (rng.chance(ready_p_))
                in.ready |= 1ull << w;
        // another free group: offered beside a live I1; now and then
        // asserted with none (GROUP, the first check)
        if (s.s_v_q && s.s_mask_q) {
            in.alt_free = rng.chance(alt_p_);
            cov_["alt_offered"] += in.alt_free;
        } else if (rng.chance(3)) {
            in.alt_free = 1;
            expect_err_ = SWI_SCHED_ERR_GROUP;
            if (rng.chance(50)) { // with a fill, legal or not: GROUP first
                in.fill_valid = 1;
                in.fill_warp = rng.below(1ull << ww);
                in.fill_pc = rng.bits(cfg.pc_w);
                in.fill_mask = pick_mask(cfg, rng);
            }
            return in;
        }
        // the entries that leave the buffer this cycle (the primary's pick,
        // I2): the picks read no fill input, so the C model's probe tells;
        // a fill may rewrite them at the same edge
        const uint64_t leave = leaving(cfg, s, in);
        const uint64_t busy = s.v_q & ~leave;
        if (rng.chance(4)) { // illegal fill
            in.fill_valid = 1;
            in.fill_pc = rng.bits(cfg.pc_w);
            in.fill_mask = pick_mask(cfg, rng);
            unsigned k = static_cast<unsigned>(rng.below(3));
            if (k == 0 && (1ull << ww) > n) {
                in.fill_warp = n + rng.below((1ull << ww) - n);
                expect_err_ = SWI_SCHED_ERR_WARP;
            } else if (k == 1 && busy) {
                unsigned w;
                do
                    w = static_cast<unsigned>(rng.below(n));
                while (!((busy >> w) & 1u));
                in.fill_warp = w;
                expect_err_ = SWI_SCHED_ERR_BUSY;
            } else if (s.v_q != bits_mask(n)) {
                in.fill_warp = free_warp(cfg, s, rng);
                in.fill_mask = 0;
                expect_err_ = SWI_SCHED_ERR_EMPTY;
            } else {
                in.fill_valid = 0;
            }
            return in;
        }
        if ((s.v_q != bits_mask(n) || leave) && rng.chance(fill_p_)) {
            in.fill_valid = 1;
            if (leave && (s.v_q == bits_mask(n) || rng.chance(50))) {
                unsigned w;
                do
                    w = static_cast<unsigned>(rng.below(n));
                while (!((leave >> w) & 1u));
                in.fill_warp = w;
                cov_["fill_on_leave"]++;
            } else
                in.fill_warp = free_warp(cfg, s, rng);
            in.fill_pc = rng.bits(cfg.pc_w);
            in.fill_mask = pick_mask(cfg, rng);
        }
        // the second write port: another empty or leaving entry (an
        // illegal one now and then: fill's entry, a busy one, no mask)
        const uint64_t open = (~s.v_q | leave) & bits_mask(n) &
                              ~(in.fill_valid ? 1ull << in.fill_warp : 0);
        if (in.fill_valid && rng.chance(3)) {
            in.fill2_valid = 1;
            in.fill2_pc = rng.bits(cfg.pc_w);
            in.fill2_mask = pick_mask(cfg, rng);
            if (rng.chance(50) || !busy) {
                in.fill2_warp = in.fill_warp;
                expect_err_ = SWI_SCHED_ERR_BUSY;
            } else {
                unsigned w;
                do
                    w = static_cast<unsigned>(rng.below(n));
                while (!((busy >> w) & 1u));
                in.fill2_warp = w;
                expect_err_ = SWI_SCHED_ERR_BUSY;
            }
        } else if (open && rng.chance(fill_p_ / 2)) {
            unsigned w;
            do
                w = static_cast<unsigned>(rng.below(n));
            while (!((open >> w) & 1u));
            in.fill2_valid = 1;
            in.fill2_warp = w;
            in.fill2_pc = rng.bits(cfg.pc_w);
            in.fill2_mask = pick_mask(cfg, rng);
            cov_["fill2"]++;
        }
        return in;
    }

    const char *check(const swi_sched_cfg &cfg, const swi_sched_state &b,
                      const swi_sched_state &after, const swi_sched_in &in,
                      const swi_sched_out &o) {
        static char msg[240];
        (void)after;
        unsigned n = swi_sched_warps(&cfg), ww = swi_sched_wid_w(&cfg);
        uint64_t lanes = bits_mask(cfg.lanes);
        if (o.err_code != expect_err_) {
            snprintf(msg, sizeof msg, "expected err_code %s, model gave %s",
                     swi_sched_err_name(expect_err_),
                     swi_sched_err_name(static_cast<unsigned>(o.err_code)));
            return msg;
        }
        cov_[act_key(static_cast<unsigned>(o.act))]++;
        if (o.err) {
            cov_[o.err_code == 1   ? "err_BUSY"
                 : o.err_code == 2 ? "err_EMPTY"
                 : o.err_code == 3 ? "err_WARP"
                                   : "err_GROUP"]++;
            if (o.i1_valid || o.i2_valid || o.p_valid)
                return "an err cycle issued or picked";
            return NULL;
        }
        if (o.i1_valid && o.i2_valid && !o.i2_alt && (o.i1_mask & o.i2_mask))
            return "I1 and I2 masks overlap on I1's group";
        // I1: last cycle's primary pick, mask 0 after a conflict
        if (o.i1_valid != static_cast<uint64_t>(prev_p_) || (prev_p_ && o.i1_warp != prev_pw_))
            return "I1 is not last cycle's primary pick";
        if (prev_p_) {
            uint64_t want = prev_conf_ ? 0 : prev_mask_;
            if (o.i1_mask != want || o.i1_pc != prev_pc_)
                return "I1's PC or mask is not the picked entry's (or not empty after a conflict)";
        }
        // primary: earliest filled ready valid entry
        uint64_t cand = b.v_q & bits_trunc(in.ready, n);
        int pw = -1;
        for (unsigned w = 0; w < n; w++)
            if (((cand >> w) & 1u) && (pw < 0 || seq_[w] < seq_[pw]))
                pw = static_cast<int>(w);
        if (o.p_valid != (pw >= 0) || (pw >= 0 && o.p_warp != static_cast<uint64_t>(pw))) {
            snprintf(msg, sizeof msg, "primary: the oldest ready entry is %d, model picked %d/%llu",
                     pw, (int)o.p_valid, (unsigned long long)o.p_warp);
            return msg;
        }
        // secondary
        bool live = b.s_v_q && b.s_mask_q;
        bool alt = live && in.alt_free;
        uint64_t fr = live ? lanes & ~b.s_mask_q : lanes;
        unsigned set = static_cast<unsigned>((b.s_warp_q % cfg.sets + 1) % cfg.sets);
        unsigned best = 0;
        uint64_t legal = 0;
        for (unsigned w = 0; w < n; w++) {
            // the substitute never takes the primary's pick of this cycle
            bool ok = ((cand >> w) & 1u) && !(b.s_v_q && b.s_warp_q == w) &&
                      (live || static_cast<int>(w) != pw) &&
                      (!live || w % cfg.sets == set) && (alt || (b.mask_q[w] & ~fr) == 0);
            if (ok) {
                legal |= 1ull << w;
                if (pop(b.mask_q[w]) > best)
                    best = pop(b.mask_q[w]);
            }
        }
        unsigned r = static_cast<unsigned>(lfsr_ & bits_mask(ww));
        if (r >= n)
            r -= n;
        // among the best fits, those within I1's free lanes first
        uint64_t tie = 0, same = 0;
        for (unsigned w = 0; w < n; w++)
            if (((legal >> w) & 1u) && pop(b.mask_q[w]) == best) {
                tie |= 1ull << w;
                if ((b.mask_q[w] & ~fr) == 0)
                    same |= 1ull << w;
            }
        if (same)
            tie = same;
        int xw = -1;
        for (unsigned k = 0; k < n && xw < 0; k++) {
            unsigned w = (r + k) % n;
            if ((tie >> w) & 1u)
                xw = static_cast<int>(w);
        }
        if (o.i2_valid != (xw >= 0) || (xw >= 0 && o.i2_warp != static_cast<uint64_t>(xw))) {
            snprintf(msg, sizeof msg, "secondary: reference picks %d (fit %u), model %d/%llu",
                     xw, best, (int)o.i2_valid, (unsigned long long)o.i2_warp);
            return msg;
        }
        if (xw >= 0 && (o.i2_pc != b.pc_q[xw] || o.i2_mask != b.mask_q[xw]))
            return "I2's PC or mask is not its entry's";
        bool xalt = xw >= 0 && (b.mask_q[xw] & ~fr) != 0;
        if (o.i2_alt != static_cast<uint64_t>(xalt))
            return "i2_alt is not 'I2 does not fit in I1's free lanes'";
        if (xalt && !alt)
            return "I2 on another group without alt_free";
        bool conf = xw >= 0 && pw == xw;
        if (o.conflict != static_cast<uint64_t>(conf))
            return "conflict flag wrong";
        if (conf && !live)
            return "a substitution cycle conflicts";
        if (xalt)
            cov_["alt_lanes"] += pop(b.mask_q[xw]);
        if (live && !alt) { // the one-group lookup: its fill rate per associativity
            cov_["free_lanes"] += pop(fr);
            if (xw >= 0)
                cov_["filled_lanes"] += pop(b.mask_q[xw]);
            // the same lookup on the same buffer at every associativity S
            // that divides WARPS (powers of two, then direct-mapped S =
            // WARPS): each set is inside the set of the S before it, so
            // the fit never grows along the chain; at S = SETS it is the
            // model's own fit
            unsigned prev = ~0u;
            for (unsigned k = 0; k < nassoc_; k++) {
                unsigned S = assoc_[k], f = 0;
                unsigned ss = static_cast<unsigned>((b.s_warp_q % S + 1) % S);
                for (unsigned w = 0; w < n; w++)
                    if (((cand >> w) & 1u) && w != b.s_warp_q && w % S == ss &&
                        (b.mask_q[w] & ~fr) == 0 && pop(b.mask_q[w]) > f)
                        f = pop(b.mask_q[w]);
                if (f > prev)
                    return "a smaller set found a better fit than the set containing it";
                if (S == cfg.sets && f != (xw >= 0 ? pop(b.mask_q[xw]) : 0u))
                    return "the shadow lookup at SETS disagrees with the secondary's fit";
                prev = f;
                cov_[fill_key_[k].c_str()] += f;
            }
        }
        if (conf)
            cov_["conflicts"]++;
        // no instruction lost or issued twice
        if (o.i1_valid && o.i1_mask) {
            if (!stage_pend_ || stage_w_ != o.i1_warp || o.i1_mask != stage_mask_)
                return "I1 issues an instruction not pending in the stage or not whole";
            stage_pend_ = 0;
            cov_["issued"]++;
        }
        if (xw >= 0) {
            if (!pending_[xw])
                return "I2 issues an instruction not pending";
            pending_[xw] = 0;
            cov_["issued"]++;
        }
        // remember this cycle's pick, step the reference LFSR, record fills
        prev_p_ = pw >= 0;
        prev_pw_ = pw >= 0 ? static_cast<unsigned>(pw) : 0;
        prev_conf_ = conf;
        prev_mask_ = pw >= 0 ? b.mask_q[pw] : 0;
        prev_pc_ = pw >= 0 ? b.pc_q[pw] : 0;
        uint64_t fb = ((lfsr_ >> 15) ^ (lfsr_ >> 13) ^ (lfsr_ >> 12) ^ (lfsr_ >> 10)) & 1u;
        lfsr_ = ((lfsr_ << 1) | fb) & 0xFFFF;
        // the primary's pick moves to the stage (unless I2 took it: a conflict)
        if (pw >= 0 && !conf) {
            if (!pending_[pw] || stage_pend_)
                return "the primary picked an instruction not pending, or the stage is full";
            stage_pend_ = 1;
            stage_w_ = static_cast<unsigned>(pw);
            stage_mask_ = b.mask_q[pw];
        }
        if (pw >= 0)
            pending_[pw] = 0;
        if (in.fill_valid) {
            unsigned f = static_cast<unsigned>(in.fill_warp);
            if (pending_[f])
                return "a fill overwrote an instruction never issued";
            if ((b.v_q >> f) & 1u)
                cov_["refills"]++;
            seq_[f] = seqn_++;
            pending_[f] = 1;
            pmask_[f] = bits_trunc(in.fill_mask, cfg.lanes);
            last_mask_ = pmask_[f];
        }
        if (in.fill2_valid) { // after fill: the younger of the two
            unsigned f = static_cast<unsigned>(in.fill2_warp);
            if (pending_[f])
                return "a second fill overwrote an instruction never issued";
            seq_[f] = seqn_++;
            pending_[f] = 1;
            pmask_[f] = bits_trunc(in.fill2_mask, cfg.lanes);
        }
        return NULL;
    }

    void inject_fault(const swi_sched_cfg &cfg, swi_sched_state &s, Rng &rng) {
        unsigned w = static_cast<unsigned>(rng.below(swi_sched_warps(&cfg)));
        if (rng.chance(50))
            s.pc_q[w] ^= 1ull << rng.below(cfg.pc_w);
        else
            s.lfsr_q ^= 1ull << rng.below(16);
    }

    std::string coverage() { return cov_.str(); }

    // The decision kinds this point allows (tb/cosim.h hook 5): an idle
    // cycle, a primary alone, a held stage, issues, refills (into an entry
    // that leaves, and a second fill), alt_free offered, the illegal fills
    // BUSY and EMPTY, GROUP, and WARP where the port can carry a warp beyond
    // SETS*WAYS.  The secondary's decisions (PAIR, ALT, conflicts, a
    // substitution and a substitute that finds nothing) need a second warp;
    // one in I1's free lanes (PAIR, filled_lanes) a second lane too.
    void required(const swi_sched_cfg &cfg, std::vector<std::string> &keys) const {
        const unsigned W = swi_sched_warps(&cfg);
        cosim_require(keys, {"act_IDLE", "act_SOLO", "act_HOLD", "issued", "fill_on_leave",
                             "refills", "fill2", "alt_offered", "err_BUSY", "err_EMPTY",
                             "err_GROUP"});
        cosim_require(keys, {"err_WARP"}, (1ull << swi_sched_wid_w(&cfg)) > W);
        cosim_require(keys, {"act_ALT", "alt_lanes", "conflicts", "act_SUBST", "act_NONE_SUB"},
                      W >= 2);
        cosim_require(keys, {"act_PAIR", "free_lanes", "filled_lanes"}, W >= 2 && cfg.lanes >= 2);
    }

private:
    static const char *act_key(unsigned a) {
        static const char *const k[] = {"act_IDLE", "act_SOLO", "act_PAIR", "act_SUBST",
                                        "act_NONE_SUB", "act_HOLD", "act_ALT"};
        return a < 7 ? k[a] : "act_HOLD";
    }
    static unsigned free_warp(const swi_sched_cfg &cfg, const swi_sched_state &s, Rng &rng) {
        unsigned n = swi_sched_warps(&cfg), w;
        do
            w = static_cast<unsigned>(rng.below(n));
        while ((s.v_q >> w) & 1u);
        return w;
    }
    uint64_t pick_mask(const swi_sched_cfg &cfg, Rng &rng) {
        uint64_t full = bits_mask(cfg.lanes), m;
        switch (rng.below(6)) {
        case 0: return full;
        case 1: m = bits_mask(cfg.lanes / 2 ? cfg.lanes / 2 : 1); return rng.chance(50) ? m : full & ~m ? full & ~m : m;
        case 2: return 1ull << rng.below(cfg.lanes);
        case 3: m = full & ~last_mask_; return m ? m : full;
        case 4: m = rng.bits(cfg.lanes) & rng.next() & rng.next(); return m ? m : 1;
        default: m = rng.bits(cfg.lanes); return m ? m : full;
        }
    }

    // The C model's picks for these inputs without a fill (as bits).
    static uint64_t leaving(const swi_sched_cfg &cfg, const swi_sched_state &s,
                            const swi_sched_in &in) {
        swi_sched_in probe = in;
        probe.fill_valid = 0;
        swi_sched_out o;
        swi_sched_eval(&cfg, &s, &probe, &o);
        return (o.p_valid ? 1ull << o.p_warp : 0) | (o.i2_valid ? 1ull << o.i2_warp : 0);
    }

    uint64_t seq_[64], seqn_;
    uint8_t pending_[64];
    bool stage_pend_ = false;
    unsigned stage_w_ = 0;
    uint64_t stage_mask_ = 0;
    uint64_t pmask_[64];
    uint64_t lfsr_;
    bool prev_p_, prev_conf_;
    unsigned prev_pw_;
    uint64_t prev_mask_ = 0, prev_pc_ = 0, last_mask_;
    unsigned expect_err_, fill_p_, ready_p_, alt_p_;
    unsigned assoc_[8], nassoc_ = 0;
    std::string fill_key_[8];
    Coverage cov_;
};

int main(int argc, char **argv)
{
    return cosim_main<SwiSchedModel, SwiSchedStim>(argc, argv);
}
