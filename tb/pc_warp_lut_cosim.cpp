// SPDX-License-Identifier: Apache-2.0
// pc_warp_lut_cosim.cpp -- co-simulation of rtl_c/pc_warp_lut (C) against
// verilog/pc_warp_lut.v (Verilated), cycle by cycle.  Framework: tb/cosim.h.
// The LUT is the PC-warp lookup table of dynamic warp formation (000 sec.
// 4.2, Fig. 11(b)); see rtl_c/pc_warp_lut.h for its behaviour.
//
// The stimulus plays the rest of the DWF core around the LUT: a model of
// the warp pool (which indices are free, which are live warps, with their
// PC and occupied lanes) and its allocator (a FIFO free list offering its
// first two entries, alloc_avail = min(free, 2)), the issue logic (inv =
// the warp the pool issues) and the writeback (lk0/lk1 = the committing
// warp's taken / not-taken PCs with disjoint REQ masks).  Per cycle:
//   - lookups: lk0 90%, lk1 45%, PCs from a working set of 3 PCs per set
//     (48 PCs over 16 sets, more than the 32 entries: evictions), 40% from
//     3 hot sets, lk1 in lk0's set 35% of the time (same-set double
//     lookups); REQ = a random split of the committing warp's active lanes;
//   - issue: a live warp (40% one the LUT points to, and 30% of those with
//     a lookup of its PC in the same cycle: the bypass), at a rate that
//     goes through fill / balanced / drain phases, so the pool runs full
//     (alloc_avail 0/1, push back) and empties; 6% of cycles the allocator
//     offers fewer than it has (more push back); an index not offered
//     sometimes carries any value, beyond the pool too (a don't-care);
//   - 5% of cycles, both lookups in one set that holds a warp: two hits
//     (both ways valid), or a hit and a miss (one valid, a warp offered),
//     the hits on lanes free in their warps;
//   - at 16 lanes, a golden sequence every 5000 cycles (first at cycle 50) in a set of
//     its own PCs, with the expected outputs asserted at each step: miss,
//     join, lane conflict + same-set miss, join into the new warp, issue of
//     that warp with a same-cycle lookup (bypass: miss, no eviction), two
//     misses in one set (two evictions), push back with nothing offered,
//     the same lookup accepted;
//   - 3% illegal input of every kind, with the expected err_code (BAD_REQ
//     on either lookup port; BAD_IDX, on inv_idx or either offered index,
//     only when POOL < 2^IDX_W: not at the default POOL 256; the unit tests
//     cover it at POOL 200);
//   - the read port sweeps the entries (and 30% random ones).
// Harness invariants (beyond pc_warp_lut_check), every cycle: expected err
// codes; on push back need_cnt > alloc_avail; every lookup's join and new
// masks split REQ exactly; hit / join_idx / conflict agree with an
// independent search of the pre-cycle state (with the bypass); a join goes
// into a live warp with the same PC, onto free lanes, never the issuing
// warp; a new warp takes the offered indices in order and they were free;
// the issued warp was live; and after the edge every valid LUT entry points
// to a live, not-yet-issued warp with the same PC whose lanes are exactly
// OCC.
#include "cosim.h"

#include <algorithm>
#include <vector>

#include "Vpc_warp_lut.h"
#include "Vpc_warp_lut___024root.h"
#include "rtl_peek.h"

extern "C" {
#include "../rtl_c/pc_warp_lut.h"
}

struct PcWarpLutModel {
    COSIM_MODEL(pc_warp_lut, Vpc_warp_lut)

    // the whole architectural state against the RTL registers (rtl_peek.h)
    static void state(rtl_t *r, const cfg_t &c, const state_t &s, StateCmp &cmp) {
        static LutPeek peek;
        if (!peek.ready())
            peek.init(r->contextp(), "pc_warp_lut");
        peek.cmp(c, s, cmp);
    }
    static bool err(const out_t &o) { return o.err != 0; }
    static bool ready(const out_t &o) { return o.ready != 0; }

    static const char *decode(const char *port, uint64_t v) {
        if (!std::strcmp(port, "err_code"))
            return pc_warp_lut_err_name(static_cast<unsigned>(v));
        return NULL;
    }
};

// The golden sequence, in set gset_ with its own PCs gpc_[0..4] (A..E).
enum { G_MISS, G_JOIN, G_CONFLICT, G_JOIN_NEW, G_BYPASS, G_TWO_MISSES, G_PUSHBACK, G_ACCEPT,
       G_STEPS };

class PcWarpLutStim {
public:
    void reset(const pc_warp_lut_cfg &cfg) {
        pool_ = cfg.pool;
        free_.clear();
        for (unsigned i = 0; i < PC_WARP_LUT_MAX_POOL; i++) {
            live_[i] = 0;
            wpc_[i] = 0;
            lanes_[i] = 0;
        }
        for (unsigned i = 0; i < pool_; i++)
            free_.push_back(i);
        n_live_ = 0;
        phase_ = 0;
        phase_left_ = 3000;
        held_ = false;
        // working-set PCs, 3 per set, and 5 golden PCs in one set of their own
        const unsigned sets = pc_warp_lut_sets(&cfg);
        for (unsigned s = 0; s < PC_WARP_LUT_MAX_SETS; s++)
            pcs_[s].clear();
        // word-aligned PCs where the PC space allows (PC_W >= 8), else
        // every PC.  Drawn at random where every set has 3 candidates; where
        // the space is too small for that (the XOR fold of PC[PC_W-1:2]
        // reaches 4 of the 16 default sets at PC_W = 4, 8 at PC_W = 5) the
        // first 3 of each set, and a set without a candidate stays empty
        const bool aligned = cfg.pc_bits >= 8u;
        if (small_space(cfg)) {
            for (uint64_t k = 0; k < candidates(cfg); k++) {
                const uint64_t pc = candidate(cfg, k);
                std::vector<uint64_t> &v = pcs_[pc_warp_lut_hash(&cfg, pc)];
                if (v.size() < 3 && std::find(v.begin(), v.end(), pc) == v.end())
                    v.push_back(pc);
            }
        } else {
            Rng r(2024);
            unsigned filled = 0;
            while (filled < sets) {
                uint64_t pc = bits_trunc(aligned ? (r.next() & 0xfffcull) | 0x1000ull : r.next(), cfg.pc_bits);
                unsigned s = pc_warp_lut_hash(&cfg, pc);
                bool dup = false;
                for (size_t k = 0; k < pcs_[s].size(); k++)
                    dup |= pcs_[s][k] == pc;
                if (dup || pcs_[s].size() >= 3)
                    continue;
                pcs_[s].push_back(pc);
                filled += pcs_[s].size() == 3;
            }
        }
        live_sets_.clear();
        for (unsigned s = 0; s < sets; s++)
            if (!pcs_[s].empty())
                live_sets_.push_back(s);
        // the golden set: the first from set 5 on with 5 PCs outside the
        // working set (none at PC_W = 4: 4 PCs a set; no golden run there)
        golden_ok_ = golden_pcs(cfg, gset_, gpc_);
        gstep_ = -1;
        gdue_ = 50;
        gissued_ = -1;
        expect_err_ = 0;
        static const char *const keys[] = {
            "hits", "joins", "misses", "evictions", "conflicts", "conflicts_all_new",
            "pushbacks", "same_set_2miss", "same_set_hit_miss", "same_set_2hit",
            "bypass_inv", "inv_hits", "issues", "pool_hwm", "pool_full_cycles", "golden"};
        for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
            cov_[keys[k]] = 0;
        // every error code its own key (BAD_IDX needs POOL < 2^IDX_W)
        for (unsigned e = 1; e <= PWL_ERR_IDX_IN_USE; e++)
            cov_[err_key(e)] = 0;
    }

    pc_warp_lut_in next(const pc_warp_lut_cfg &cfg, const pc_warp_lut_state &s, Rng &rng,
                        uint64_t cyc) {
        pc_warp_lut_in in;
        std::memset(&in, 0, sizeof in);
        expect_err_ = 0;
        gissued_ = -1;
        in.rd_entry = rng.chance(30) ? rng.below(cfg.entries) : cyc % cfg.entries;
        offer(cfg, in, rng, false);
        if (free_.empty())
            cov_["pool_full_cycles"]++;

        // the golden masks are the paper's 16-lane example
        if (gstep_ < 0 && golden_ok_ && cyc >= gdue_ && free_.size() >= golden_free() &&
            cfg.lanes == 16) {
            gstep_ = 0;
            gdue_ = cyc - cyc % 5000 + 5000;
        }
        if (gstep_ >= 0) {
            golden(cfg, s, in);
            return in;
        }
        if (--phase_left_ == 0) {
            phase_ = (phase_ + 1) % 3;
            phase_left_ = 1500 + static_cast<unsigned>(rng.below(3000));
        }
        if (rng.chance(3)) {
            illegal(cfg, s, rng, in);
            return in;
        }
        legal(cfg, s, rng, in);
        garble_unoffered(cfg, in, rng);
        return in;
    }

    const char *check(const pc_warp_lut_cfg &cfg, const pc_warp_lut_state &before,
                      const pc_warp_lut_state &after, const pc_warp_lut_in &in,
                      const pc_warp_lut_out &o) {
        static char msg[256];
        if (o.err_code != expect_err_) {
            snprintf(msg, sizeof msg, "expected err_code %s, model gave %s",
                     pc_warp_lut_err_name(expect_err_),
                     pc_warp_lut_err_name(static_cast<unsigned>(o.err_code)));
            return msg;
        }
        if (gissued_ >= 0) {
            const char *g = golden_check(o);
            if (g) {
                snprintf(msg, sizeof msg, "golden step %d: %s", gissued_, g);
                return msg;
            }
        }
        if (o.err)
            return pool_invariant(cfg, after); // the harness checks the state is unchanged
        if (!o.ready) {
            if (o.need_cnt <= in.alloc_avail) {
                snprintf(msg, sizeof msg, "ready=0 with need_cnt %u <= alloc_avail %u",
                         (unsigned)o.need_cnt, (unsigned)in.alloc_avail);
                return msg;
            }
            cov_["pushbacks"]++;
            held_ = true;
            return pool_invariant(cfg, after);
        }
        if (o.need_cnt > in.alloc_avail)
            return "ready=1 with need_cnt > alloc_avail";
        if (in.lk0_valid || in.lk1_valid)
            held_ = false;
        // the lookups, against an independent search of the pre-cycle state
        const uint64_t pcs[2] = {in.lk0_pc, in.lk1_pc}, reqs[2] = {in.lk0_req, in.lk1_req};
        const unsigned vs[2] = {(unsigned)in.lk0_valid, (unsigned)in.lk1_valid};
        const Lk out[2] = {lk_out(o, 0), lk_out(o, 1)};
        unsigned next_offer = 0, hitv[2] = {0, 0};
        for (unsigned j = 0; j < 2; j++) {
            const Lk &l = out[j];
            if (!vs[j]) {
                if (l.hit | l.is_new | l.join_mask | l.new_mask)
                    return "an invalid lookup has outputs";
                continue;
            }
            int he = -1;
            bool bypass = false;
            for (unsigned e = 0; e < cfg.entries; e++) {
                if (!before.valid[e] || before.pc[e] != pcs[j])
                    continue;
                if (in.inv_valid && before.idx[e] == in.inv_idx)
                    bypass = true;
                else
                    he = static_cast<int>(e);
            }
            if ((l.join_mask | l.new_mask) != reqs[j] || (l.join_mask & l.new_mask) != 0) {
                snprintf(msg, sizeof msg, "lk%u: join %llx + new %llx do not split REQ %llx", j,
                         (unsigned long long)l.join_mask, (unsigned long long)l.new_mask,
                         (unsigned long long)reqs[j]);
                return msg;
            }
            if ((l.new_mask != 0) != (l.is_new != 0))
                return "new and new_mask disagree";
            if (l.hit != (he >= 0)) {
                snprintf(msg, sizeof msg, "lk%u pc %llx: hit=%u but the table %s it", j,
                         (unsigned long long)pcs[j], (unsigned)l.hit,
                         he >= 0 ? "holds" : "does not hold");
                return msg;
            }
            if (he >= 0) {
                const uint64_t occ = before.occ[he];
                if (l.join_idx != before.idx[he] || l.conflict != ((reqs[j] & occ) != 0) ||
                    l.join_mask != (reqs[j] & ~occ)) {
                    snprintf(msg, sizeof msg, "lk%u: hit on entry %d (idx %u occ %llx) but join "
                             "%llx to %u, conflict %u", j, he, before.idx[he],
                             (unsigned long long)occ, (unsigned long long)l.join_mask,
                             (unsigned)l.join_idx, (unsigned)l.conflict);
                    return msg;
                }
                cov_["hits"]++;
                if (l.join_mask)
                    cov_["joins"]++;
                if (l.conflict) {
                    cov_["conflicts"]++;
                    if (!l.join_mask)
                        cov_["conflicts_all_new"]++;
                }
            } else {
                cov_["misses"]++;
                if (l.evict)
                    cov_["evictions"]++;
                if (bypass)
                    cov_["bypass_inv"]++;
            }
            hitv[j] = l.hit;
            if (l.join_mask) {
                const unsigned w = static_cast<unsigned>(l.join_idx);
                if (!live_[w] || wpc_[w] != pcs[j] || (lanes_[w] & l.join_mask) ||
                    (in.inv_valid && in.inv_idx == w)) {
                    snprintf(msg, sizeof msg, "lk%u joins lanes %llx into warp %u (live %u pc "
                             "%llx lanes %llx%s)", j, (unsigned long long)l.join_mask, w,
                             live_[w], (unsigned long long)wpc_[w],
                             (unsigned long long)lanes_[w],
                             in.inv_valid && in.inv_idx == w ? ", issuing" : "");
                    return msg;
                }
                lanes_[w] |= l.join_mask;
            }
            if (l.is_new) {
                const uint64_t want = next_offer == 0 ? in.alloc_idx0 : in.alloc_idx1;
                if (next_offer >= in.alloc_avail || l.new_idx != want || free_.empty() ||
                    free_.front() != want || live_[want]) {
                    snprintf(msg, sizeof msg, "lk%u: new warp %u, but offer %u is %llx", j,
                             (unsigned)l.new_idx, next_offer, (unsigned long long)want);
                    return msg;
                }
                next_offer++;
                free_.pop_front();
                live_[want] = 1;
                wpc_[want] = pcs[j];
                lanes_[want] = l.new_mask;
                n_live_++;
            }
        }
        if (vs[0] && vs[1] && o.lk0_set == o.lk1_set) {
            if (!hitv[0] && !hitv[1])
                cov_["same_set_2miss"]++;
            else if (hitv[0] && hitv[1])
                cov_["same_set_2hit"]++;
            else
                cov_["same_set_hit_miss"]++;
        }
        // the issue
        bool inv_in_lut = false;
        for (unsigned e = 0; e < cfg.entries; e++)
            inv_in_lut |= in.inv_valid && before.valid[e] && before.idx[e] == in.inv_idx;
        if (o.inv_hit != inv_in_lut)
            return "inv_hit disagrees with the table";
        if (in.inv_valid) {
            const unsigned w = static_cast<unsigned>(in.inv_idx);
            if (!live_[w]) {
                snprintf(msg, sizeof msg, "issued warp %u is not live", w);
                return msg;
            }
            live_[w] = 0;
            lanes_[w] = 0;
            n_live_--;
            free_.push_back(w);
            cov_["issues"]++;
            if (o.inv_hit)
                cov_["inv_hits"]++;
        }
        uint64_t &hwm = cov_["pool_hwm"];
        if (n_live_ > hwm)
            hwm = n_live_;
        if (gissued_ == G_STEPS - 1) {
            gstep_ = -1;
            cov_["golden"]++;
        }
        return pool_invariant(cfg, after);
    }

    // every valid entry points to a live, not-yet-issued warp with the same
    // PC whose lanes are exactly OCC (checked every cycle)
    const char *pool_invariant(const pc_warp_lut_cfg &cfg, const pc_warp_lut_state &after) {
        static char msg[256];
        for (unsigned e = 0; e < cfg.entries; e++) {
            if (!after.valid[e])
                continue;
            const unsigned w = after.idx[e];
            if (!live_[w] || wpc_[w] != after.pc[e] || lanes_[w] != after.occ[e]) {
                snprintf(msg, sizeof msg, "entry %u (pc %llx occ %llx) points to warp %u: live "
                         "%u pc %llx lanes %llx", e, (unsigned long long)after.pc[e],
                         (unsigned long long)after.occ[e], w, live_[w],
                         (unsigned long long)wpc_[w], (unsigned long long)lanes_[w]);
                return msg;
            }
        }
        return NULL;
    }

    // Flips the LRU bit of one set: no port shows it until a miss in that
    // set, and no invariant can, so the whole-state compare (state.lru_q)
    // catches it, at the clock edge right after.
    void inject_fault(const pc_warp_lut_cfg &cfg, pc_warp_lut_state &s, Rng &rng) {
        s.lru[rng.below(pc_warp_lut_sets(&cfg))] ^= 1u;
    }

    std::string coverage() { return cov_.str(); }

    // The decision kinds this point allows (tb/cosim.h hook 5): hits,
    // misses, lane conflicts (one with every lane new), the bypass of a
    // same-cycle issue, invalidations that hit, issues, the illegal inputs
    // BAD_AVAIL, SAME_PC, BAD_REQ, IDX_IN_USE, and BAD_IDX where the index
    // port can carry one beyond POOL.  An eviction needs more live warps
    // than ways (POOL > WAYS); a join and both lookups in one set (two
    // misses, a hit and a miss, two hits: lk1 holds the lanes lk0 does not)
    // a second lane; the golden sequence 16 lanes and 6 warps of the pool
    // (golden_free) and a set with 5 PCs of its own (golden_pcs: not at
    // PC_W = 4, whose sets have 4 PCs); push-back and a full pool
    // a pool the fill phases fill (checked up to the default POOL 256: not
    // required beyond).
    void required(const pc_warp_lut_cfg &cfg, std::vector<std::string> &keys) const {
        cosim_require(keys, {"hits", "misses", "conflicts", "conflicts_all_new", "bypass_inv",
                             "inv_hits", "issues", "err_BAD_AVAIL", "err_SAME_PC", "err_BAD_REQ",
                             "err_IDX_IN_USE"});
        cosim_require(keys, {"evictions"}, cfg.pool > cfg.ways);
        cosim_require(keys, {"err_BAD_IDX"}, (1ull << pc_warp_lut_idx_w(&cfg)) > cfg.pool);
        cosim_require(keys, {"joins", "same_set_2miss", "same_set_hit_miss", "same_set_2hit"},
                      cfg.lanes >= 2);
        cosim_require(keys, {"golden"}, cfg.lanes == 16 && cfg.pool >= kGoldenWarps && golden_ok_);
        cosim_require(keys, {"pushbacks", "pool_full_cycles"}, cfg.pool <= 256);
    }

private:
    struct Lk {
        uint64_t hit, conflict, evict, join_mask, join_idx, is_new, new_mask, new_idx;
    };
    static Lk lk_out(const pc_warp_lut_out &o, unsigned j) {
        Lk l;
        l.hit = j ? o.lk1_hit : o.lk0_hit;
        l.conflict = j ? o.lk1_conflict : o.lk0_conflict;
        l.evict = j ? o.lk1_evict : o.lk0_evict;
        l.join_mask = j ? o.lk1_join_mask : o.lk0_join_mask;
        l.join_idx = j ? o.lk1_join_idx : o.lk0_join_idx;
        l.is_new = j ? o.lk1_new : o.lk0_new;
        l.new_mask = j ? o.lk1_new_mask : o.lk0_new_mask;
        l.new_idx = j ? o.lk1_new_idx : o.lk0_new_idx;
        return l;
    }

    // the allocator's offer: its first two free indices; sometimes fewer
    void offer(const pc_warp_lut_cfg &cfg, pc_warp_lut_in &in, Rng &rng, bool exact) {
        unsigned n = free_.size() >= 2 ? 2u : static_cast<unsigned>(free_.size());
        in.alloc_avail = n;
        if (!exact && n && rng.chance(6))
            in.alloc_avail = rng.below(n);
        in.alloc_idx0 = n >= 1 ? free_[0] : rng.below(pool_);
        in.alloc_idx1 = n >= 2 ? free_[1] : rng.below(pool_);
    }

    // An index not offered is a don't-care: now and then any IDX_W-bit value,
    // beyond the pool too (no BAD_IDX).  Legal traffic only (an illegal case
    // may raise alloc_avail over the offered indices).
    void garble_unoffered(const pc_warp_lut_cfg &cfg, pc_warp_lut_in &in, Rng &rng) {
        const uint64_t idx_space = 1ull << pc_warp_lut_idx_w(&cfg);
        if (in.alloc_avail < 1 && rng.chance(30))
            in.alloc_idx0 = rng.below(idx_space);
        if (in.alloc_avail < 2 && rng.chance(30))
            in.alloc_idx1 = rng.below(idx_space);
    }

    uint64_t pick_pc(const pc_warp_lut_cfg &cfg, Rng &rng) {
        unsigned sets = pc_warp_lut_sets(&cfg);
        unsigned s = rng.chance(40) ? static_cast<unsigned>(rng.below(3)) * 4u % sets
                                    : static_cast<unsigned>(rng.below(sets));
        if (pcs_[s].empty()) // a set no PC of the working set hashes to
            s = live_sets_[s % live_sets_.size()];
        return pcs_[s][rng.below(pcs_[s].size())];
    }

    // The working set's candidate PCs, k < candidates(cfg): word-aligned
    // (bit 12 set, as the random draw) from PC_W = 8 on, else every PC.
    static uint64_t candidates(const pc_warp_lut_cfg &cfg) {
        return cfg.pc_bits >= 8u ? 1ull << 14 : 1ull << cfg.pc_bits;
    }
    static uint64_t candidate(const pc_warp_lut_cfg &cfg, uint64_t k) {
        return cfg.pc_bits >= 8u ? bits_trunc((k << 2) | 0x1000ull, cfg.pc_bits) : k;
    }
    // Whether some set has fewer than 3 distinct candidates (the random
    // draw would never end).
    static bool small_space(const pc_warp_lut_cfg &cfg) {
        const unsigned sets = pc_warp_lut_sets(&cfg);
        std::vector<std::vector<uint64_t>> v(sets);
        for (uint64_t k = 0; k < candidates(cfg); k++) {
            const uint64_t pc = candidate(cfg, k);
            std::vector<uint64_t> &c = v[pc_warp_lut_hash(&cfg, pc)];
            if (c.size() < 3 && std::find(c.begin(), c.end(), pc) == c.end())
                c.push_back(pc);
        }
        for (unsigned s = 0; s < sets; s++)
            if (v[s].size() < 3)
                return true;
        return false;
    }
    // The golden sequence's 5 PCs (A..E) in one set, none of them in the
    // working set: from set 5 % sets on, the first set that has them.
    // PCs 0xF0000000 + 4k (+ k below PC_W 8), k bounded by the PC space.
    bool golden_pcs(const pc_warp_lut_cfg &cfg, unsigned &set, uint64_t *g) const {
        const unsigned sets = pc_warp_lut_sets(&cfg);
        const bool aligned = cfg.pc_bits >= 8u;
        const uint64_t span = 1ull << (cfg.pc_bits < 22u ? cfg.pc_bits : 22u);
        for (unsigned t = 0; t < sets; t++) {
            set = (5 + t) % sets;
            const std::vector<uint64_t> &w = pcs_[set];
            unsigned ng = 0;
            for (uint64_t k = 0; ng < 5 && k < span; k++) {
                uint64_t pc = bits_trunc(0xF0000000ull + (aligned ? 4 * k : k), cfg.pc_bits);
                if (pc_warp_lut_hash(&cfg, pc) == set &&
                    std::find(w.begin(), w.end(), pc) == w.end() &&
                    std::find(g, g + ng, pc) == g + ng)
                    g[ng++] = pc;
            }
            if (ng == 5)
                return true;
        }
        set = 5 % sets;
        return false;
    }

    // a random live warp (n_live_ > 0)
    unsigned pick_live(Rng &rng) {
        unsigned start = static_cast<unsigned>(rng.below(pool_));
        for (unsigned k = 0; k < pool_; k++) {
            unsigned w = (start + k) % pool_;
            if (live_[w])
                return w;
        }
        return 0;
    }

    // the committing warp: active lanes split between the two next PCs
    void lookups(const pc_warp_lut_cfg &cfg, Rng &rng, pc_warp_lut_in &in) {
        uint64_t act = rng.chance(50) ? bits_mask(cfg.lanes) : rng.bits(cfg.lanes);
        if (act == 0)
            act = bits_lowest(rng.next() | (1ull << (cfg.lanes - 1)));
        if (!in.lk0_valid) {
            in.lk0_valid = rng.chance(90);
            in.lk0_pc = pick_pc(cfg, rng);
        }
        if (!in.lk0_valid)
            return;
        in.lk0_req = act;
        if (!rng.chance(45) || bits_popcount(act) < 2)
            return;
        uint64_t t = act & rng.next();
        if (t == 0 || t == act)
            t = bits_lowest(act);
        in.lk0_req = t;
        in.lk1_req = act & ~t;
        in.lk1_valid = 1;
        for (int tries = 0; tries < 8; tries++) {
            const unsigned s = pc_warp_lut_hash(&cfg, in.lk0_pc);
            if (!pcs_[s].empty() && rng.chance(35)) {
                in.lk1_pc = pcs_[s][rng.below(pcs_[s].size())];
            } else {
                in.lk1_pc = pick_pc(cfg, rng);
            }
            if (in.lk1_pc != in.lk0_pc)
                return;
        }
        in.lk1_valid = 0;
        in.lk1_req = 0;
        in.lk0_req = act;
    }

    // Both lookups in one set that holds a warp: each hits a valid way with
    // lanes free in its warp, or (one way valid, a free warp offered) one
    // hits and the other misses; the REQs are disjoint.  Rare in the random
    // lookups when the pool holds few warps (POOL=2: both warps live, in one
    // set, looked up together, their REQs clear of both OCCs; or one warp
    // live and the other free): same_set_2hit, same_set_hit_miss.  No issue
    // this cycle (an issued warp's PC would miss: the bypass).
    bool same_set(const pc_warp_lut_cfg &cfg, const pc_warp_lut_state &s, Rng &rng,
                  pc_warp_lut_in &in) {
        const unsigned sets = pc_warp_lut_sets(&cfg), start = static_cast<unsigned>(rng.below(sets));
        const uint64_t all = bits_mask(cfg.lanes);
        for (unsigned k = 0; k < sets; k++) {
            const unsigned set = (start + k) % sets, e0 = set * 2u, e1 = e0 + 1u;
            if (s.valid[e0] == s.valid[e1] && !s.valid[e0])
                continue;
            const bool both = s.valid[e0] && s.valid[e1];
            const unsigned eh = s.valid[e0] ? e0 : e1, eo = eh == e0 ? e1 : e0;
            uint64_t pc1 = 0;
            if (both) {
                pc1 = s.pc[eo];
            } else {
                if (in.alloc_avail < 1)
                    continue;
                bool found = false;
                for (size_t p = 0; p < pcs_[set].size() && !found; p++)
                    if (pcs_[set][p] != s.pc[eh]) {
                        pc1 = pcs_[set][p];
                        found = true;
                    }
                if (!found)
                    continue;
            }
            const uint64_t f0 = all & ~s.occ[eh], f1 = both ? all & ~s.occ[eo] : all;
            uint64_t r0 = f0 & rng.next();
            if (r0 == 0 || r0 == f1)
                r0 = bits_lowest(f0);
            uint64_t r1 = f1 & ~r0;
            if (r0 == 0 || r1 == 0)
                continue;
            const uint64_t t = r1 & rng.next();
            r1 = t ? t : bits_lowest(r1);
            if (rng.chance(50)) // which port hits eh
                set_lk(in, 1, s.pc[eh], r0, 1, pc1, r1);
            else
                set_lk(in, 1, pc1, r1, 1, s.pc[eh], r0);
            return true;
        }
        return false;
    }

    void legal(const pc_warp_lut_cfg &cfg, const pc_warp_lut_state &s, Rng &rng,
               pc_warp_lut_in &in) {
        static const unsigned issue_pct[3] = {40, 65, 90}; // fill, balanced, drain
        // after a push back the core drains: often a cycle with an issue and
        // no committing warp (the held warp waits)
        const bool drain = held_ && rng.chance(60);
        if (!drain && rng.chance(5) && same_set(cfg, s, rng, in))
            return;
        if (n_live_ && (drain || rng.chance(issue_pct[phase_]))) {
            in.inv_valid = 1;
            in.inv_idx = pick_live(rng);
            if (rng.chance(40)) {
                unsigned start = static_cast<unsigned>(rng.below(cfg.entries));
                for (unsigned k = 0; k < cfg.entries; k++) {
                    unsigned e = (start + k) % cfg.entries;
                    if (s.valid[e]) {
                        in.inv_idx = s.idx[e];
                        if (!drain && rng.chance(30)) { // its PC arrives in the same cycle
                            in.lk0_valid = 1;
                            in.lk0_pc = s.pc[e];
                        }
                        break;
                    }
                }
            }
        }
        if (!drain)
            lookups(cfg, rng, in);
    }

    void illegal(const pc_warp_lut_cfg &cfg, const pc_warp_lut_state &s, Rng &rng,
                 pc_warp_lut_in &in) {
        legal(cfg, s, rng, in);
        const uint64_t idx_space = 1ull << pc_warp_lut_idx_w(&cfg);
        switch (rng.below(idx_space > pool_ ? 5 : 4)) {
        case 0:
            in.alloc_avail = 3;
            expect_err_ = PWL_ERR_BAD_AVAIL;
            break;
        case 1:
            in.lk0_valid = in.lk1_valid = 1;
            in.lk0_pc = pick_pc(cfg, rng);
            in.lk1_pc = in.lk0_pc;
            in.lk0_req |= 1;
            in.lk1_req |= 2;
            expect_err_ = PWL_ERR_SAME_PC;
            break;
        case 2: // an empty request, on either lookup port
            if (rng.chance(50)) {
                if (!in.lk0_valid)
                    in.lk0_pc = pick_pc(cfg, rng);
                if (in.lk1_valid && in.lk1_pc == in.lk0_pc)
                    in.lk1_valid = 0;
                in.lk0_valid = 1;
                in.lk0_req = 0;
            } else {
                if (!in.lk1_valid)
                    in.lk1_pc = pick_pc(cfg, rng);
                if (in.lk0_valid && in.lk0_pc == in.lk1_pc)
                    in.lk0_valid = 0;
                in.lk1_valid = 1;
                in.lk1_req = 0;
            }
            expect_err_ = PWL_ERR_BAD_REQ;
            break;
        case 4: // beyond the pool (only when POOL < 2^IDX_W)
            if (rng.chance(30)) {
                in.alloc_avail = 2;
                in.alloc_idx1 = pool_ + rng.below(idx_space - pool_);
            } else if (rng.chance(40)) {
                in.alloc_avail = 1 + rng.below(2);
                in.alloc_idx0 = pool_ + rng.below(idx_space - pool_);
            } else {
                in.inv_valid = 1;
                in.inv_idx = pool_ + rng.below(idx_space - pool_);
            }
            expect_err_ = PWL_ERR_BAD_IDX;
            break;
        default: {
            // an offered index that cannot be free
            unsigned kind = static_cast<unsigned>(rng.below(3));
            int held = -1;
            for (unsigned e = 0; e < cfg.entries && held < 0; e++)
                if (s.valid[e])
                    held = static_cast<int>(e);
            if (kind == 0 && held >= 0) {
                in.alloc_avail = 1 + rng.below(2);
                (in.alloc_avail == 2 && rng.chance(50) ? in.alloc_idx1 : in.alloc_idx0) =
                    s.idx[held];
            } else if (kind == 1 || !in.inv_valid) {
                in.alloc_avail = 2;
                in.alloc_idx1 = in.alloc_idx0;
            } else {
                in.alloc_avail = 1;
                in.alloc_idx0 = in.inv_idx;
            }
            expect_err_ = PWL_ERR_IDX_IN_USE;
            break;
        }
        }
        cov_[err_key(expect_err_)]++;
    }

    static const char *err_key(unsigned e) {
        static std::string names[8];
        if (names[e].empty())
            names[e] = std::string("err_") + pc_warp_lut_err_name(e);
        return names[e].c_str();
    }

    // ------------------------------------------------------------ golden
    // The sequence takes 6 warps from the pool and issues one (A's second
    // warp, before the two misses): A; A's second and B; A's third; C and
    // D; E, with 6 live at its end.  It starts with 8 free (6 when the
    // pool has fewer than 8): no run of it at POOL < 6.
    static const unsigned kGoldenWarps = 6;
    size_t golden_free() const { return pool_ >= 8 ? 8u : kGoldenWarps; }

    void golden(const pc_warp_lut_cfg &cfg, const pc_warp_lut_state &s, pc_warp_lut_in &in) {
        (void)cfg;
        (void)s;
        const uint64_t A = gpc_[0], B = gpc_[1], C = gpc_[2], D = gpc_[3], E = gpc_[4];
        in.alloc_avail = free_.size() >= 2 ? 2 : free_.size();
        // (with 6 free at the start, 1 is left at the last steps: an index
        // not offered is a don't-care)
        in.alloc_idx0 = free_.size() >= 1 ? free_[0] : 0;
        in.alloc_idx1 = free_.size() >= 2 ? free_[1] : 0;
        gissued_ = gstep_;
        gnew0_ = static_cast<unsigned>(in.alloc_idx0);
        gnew1_ = static_cast<unsigned>(in.alloc_idx1);
        switch (gstep_) {
        case G_MISS:
            set_lk(in, 1, A, 0x00ff, 0, 0, 0);
            break;
        case G_JOIN:
            set_lk(in, 1, A, 0xff00, 0, 0, 0);
            break;
        case G_CONFLICT:
            set_lk(in, 1, A, 0x0f0f, 1, B, 0x00f0);
            break;
        case G_JOIN_NEW:
            set_lk(in, 1, A, 0xf0f0, 0, 0, 0);
            break;
        case G_BYPASS:
            set_lk(in, 1, A, 0x0001, 0, 0, 0);
            in.inv_valid = 1;
            in.inv_idx = gA2_;
            break;
        case G_TWO_MISSES:
            set_lk(in, 1, C, 0x0003, 1, D, 0x000c);
            break;
        case G_PUSHBACK:
            set_lk(in, 1, E, 0x0030, 0, 0, 0);
            in.alloc_avail = 0;
            break;
        default:
            set_lk(in, 1, E, 0x0030, 0, 0, 0);
            break;
        }
        gstep_++;
    }

    static void set_lk(pc_warp_lut_in &in, unsigned v0, uint64_t pc0, uint64_t req0,
                       unsigned v1, uint64_t pc1, uint64_t req1) {
        in.lk0_valid = v0;
        in.lk0_pc = pc0;
        in.lk0_req = req0;
        in.lk1_valid = v1;
        in.lk1_pc = pc1;
        in.lk1_req = req1;
    }

#define GEXPECT(cond)                                                                  \
    do {                                                                               \
        if (!(cond))                                                                   \
            return #cond;                                                              \
    } while (0)

    const char *golden_check(const pc_warp_lut_out &o) {
        GEXPECT(o.err == 0);
        if (gissued_ != G_PUSHBACK)
            GEXPECT(o.ready == 1);
        GEXPECT(o.lk0_set == gset_ || gissued_ == G_PUSHBACK);
        switch (gissued_) {
        case G_MISS: // A misses: a new warp with its 8 lanes
            GEXPECT(!o.lk0_hit && o.lk0_new && o.lk0_new_mask == 0x00ff &&
                    o.lk0_new_idx == gnew0_ && o.lk0_join_mask == 0 && o.need_cnt == 1);
            gA_ = gnew0_;
            gway_ = static_cast<unsigned>(o.lk0_way);
            break;
        case G_JOIN: // A hits: the other 8 lanes join, no new warp
            GEXPECT(o.lk0_hit && !o.lk0_conflict && o.lk0_join_mask == 0xff00 &&
                    o.lk0_join_idx == gA_ && !o.lk0_new && o.need_cnt == 0);
            break;
        case G_CONFLICT: // A's warp is full: every lane conflicts; B misses in A's set
            GEXPECT(o.lk0_hit && o.lk0_conflict && o.lk0_join_mask == 0 &&
                    o.lk0_join_idx == gA_ && o.lk0_new && o.lk0_new_mask == 0x0f0f &&
                    o.lk0_new_idx == gnew0_);
            GEXPECT(!o.lk1_hit && o.lk1_new && o.lk1_new_mask == 0x00f0 &&
                    o.lk1_new_idx == gnew1_ && o.lk1_set == gset_ && o.lk1_way != gway_ &&
                    o.need_cnt == 2);
            gA2_ = gnew0_;
            break;
        case G_JOIN_NEW: // IDX moved: the free lanes join the new warp
            GEXPECT(o.lk0_hit && !o.lk0_conflict && o.lk0_join_mask == 0xf0f0 &&
                    o.lk0_join_idx == gA2_ && !o.lk0_new);
            break;
        case G_BYPASS: // A's warp issues: A misses into its own way, no eviction
            GEXPECT(o.inv_hit && !o.lk0_hit && !o.lk0_evict && o.lk0_way == gway_ &&
                    o.lk0_new && o.lk0_new_mask == 0x0001 && o.lk0_new_idx == gnew0_ &&
                    o.lk0_join_mask == 0);
            break;
        case G_TWO_MISSES: // both miss in the full set: both evict, offers in order
            GEXPECT(!o.lk0_hit && !o.lk1_hit && o.lk0_evict && o.lk1_evict &&
                    o.lk0_way != o.lk1_way && o.lk1_set == gset_ && o.lk0_new_idx == gnew0_ &&
                    o.lk1_new_idx == gnew1_ && o.need_cnt == 2);
            break;
        case G_PUSHBACK: // nothing offered: held
            GEXPECT(o.ready == 0 && o.need_cnt == 1 && !o.lk0_new && !o.lk0_hit);
            break;
        default: // offered: it goes, evicting one of C / D
            GEXPECT(!o.lk0_hit && o.lk0_evict && o.lk0_new && o.lk0_new_mask == 0x0030 &&
                    o.lk0_new_idx == gnew0_);
            break;
        }
        return NULL;
    }
#undef GEXPECT

    unsigned pool_;
    uint8_t live_[PC_WARP_LUT_MAX_POOL];
    uint64_t wpc_[PC_WARP_LUT_MAX_POOL];
    uint64_t lanes_[PC_WARP_LUT_MAX_POOL];
    std::deque<unsigned> free_;
    uint64_t n_live_;
    unsigned phase_, phase_left_;
    bool held_; // the last committing warp was pushed back
    std::vector<uint64_t> pcs_[PC_WARP_LUT_MAX_SETS];
    std::vector<unsigned> live_sets_; // the sets with working-set PCs
    bool golden_ok_;                  // a set has 5 PCs for the golden run
    unsigned gset_;
    uint64_t gpc_[5];
    int gstep_, gissued_;
    uint64_t gdue_;
    unsigned gA_, gA2_, gway_, gnew0_, gnew1_;
    unsigned expect_err_;
    Coverage cov_;
};

int main(int argc, char **argv)
{
    return cosim_main<PcWarpLutModel, PcWarpLutStim>(argc, argv);
}
