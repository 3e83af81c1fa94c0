/* SPDX-License-Identifier: Apache-2.0 */
// dwf_traffic.h -- the program walk shared by the DWF harnesses
// (tb/warp_pool_cosim.cpp, tb/dwf_cosim.cpp): how committing warps move
// through a synthetic PC space, so both units see the same kind of control
// flow.
//
// PCs are kPcBase + 4k, k in 0..mode_k-1.  A warp at k falls through to
// k+1 and branches to 7k+3 (mod mode_k); 8% of branches go to a random k.
// Every 3000 cycles the PC space changes mode: 6 PCs (convergent), 24, 96
// PCs with frequent divergence (more PCs than the 32-slot majority table),
// or 4000 PCs where 90% of successors are random and half of the
// divergences split one thread off (warps shatter: a near-full pool).
// A PC outside the walked range (a golden run's) counts as k = 0.
// A unit whose PCs are narrower than the walk's (reset(pc_bits) with
// pc_bits < kWideBits) walks a narrow space instead: PCs are k itself,
// 0..2^pc_bits-1, and each mode's PC count is capped at 2^pc_bits (the
// modes keep their divergence and shattering): the PCs recur at every
// width, so warps meet at them (joins), where the wide PCs cut to PC_W
// bits would never equal the harness' full ones (warp_pool's harness
// compares them).  The same random draws either way: a wide unit's
// stimulus is unchanged.  The dwf's harness keeps the wide walk at every
// PC_W: the dwf itself compares the PCs cut to PC_W bits, which recur (its
// small point, PC_W = 4, has LUT hits either way, fewer with the narrow
// walk's 16 PCs than with the 4 the cut leaves).
#ifndef DWF_TRAFFIC_H
#define DWF_TRAFFIC_H

#include "cosim.h"

extern "C" {
#include "../rtl_c/warp_pool.h"
}

// A warp in the harness' pipeline model: it committed (or will) at `ready`.
struct DwfWarp {
    uint64_t ready;     // cycle it commits at
    uint64_t pc;        // the instruction it executed
    uint64_t mask;
    unsigned tid[WARP_POOL_MAX_LANES];
};

// The TIDs of static warp w, each at its home lane home(t).
template <class HomeFn>
inline void dwf_static_tids_by(unsigned lanes, HomeFn home, unsigned w, unsigned *tid)
{
    for (unsigned i = 0; i < lanes; i++) {
        unsigned t = w * lanes + i;
        tid[home(t)] = t;
    }
}

inline void dwf_static_tids(unsigned lanes, unsigned swizzle, unsigned w, unsigned *tid)
{
    dwf_static_tids_by(lanes, [=](unsigned t) { return warp_pool_home_lane(t, lanes, swizzle); }, w,
                       tid);
}

// A thread id below `threads` whose home lane is not l (for HOME_LANE
// stimulus), or -1 when there is none (LANES = 1: every thread is home).
// Flipping bit 0 moves a thread to another lane at any LANES >= 2, with or
// without the swizzle, and keeps it below `threads` (a power of two).
// home(t) is the home lane of thread t; every map used here (000's swizzle,
// 001 Table 1 through the dwf) is t's low bits XOR a value of its warp, so
// the flip moves it.
template <class HomeFn>
inline int dwf_foreign_tid_by(unsigned threads, unsigned lanes, HomeFn home, unsigned l, Rng &rng)
{
    if (lanes < 2u)
        return -1;
    unsigned t = static_cast<unsigned>(rng.below(threads));
    if (home(t) == l)
        t ^= 1u;
    return static_cast<int>(t);
}

inline int dwf_foreign_tid(unsigned threads, unsigned lanes, unsigned swizzle, unsigned l, Rng &rng)
{
    return dwf_foreign_tid_by(threads, lanes,
                              [=](unsigned t) { return warp_pool_home_lane(t, lanes, swizzle); }, l, rng);
}

class DwfTraffic {
public:
    static const uint64_t kPcBase = 0x1000;
    static const uint64_t kPcEnd = 0x8000; // golden runs use PCs from here on
    // the PC width from which the walk's PCs and the golden runs' fit
    static const unsigned kWideBits = 16;

    void reset(unsigned pc_bits = 64) {
        wide_ = pc_bits >= kWideBits;
        cap_ = wide_ ? ~0u : 1u << pc_bits;
        shatter_ = false;
        mode_k = 24 < cap_ ? 24 : cap_;
        div_pct = 30;
    }
    // every 3000 cycles a new mode (one random draw)
    void phase(uint64_t cyc, Rng &rng) {
        if (cyc % 3000 != 0)
            return;
        unsigned m = static_cast<unsigned>(rng.below(4));
        mode_k = m == 0 ? 6 : m == 1 ? 24 : m == 2 ? 96 : 4000;
        if (mode_k > cap_)
            mode_k = cap_;
        shatter_ = m == 3;
        div_pct = m == 0 ? 15 : m == 1 ? 30 : m == 2 ? 70 : 95;
    }
    bool shattering() const { return shatter_; }
    bool wide() const { return wide_; }
    // The dwf's harness below 16 bits (after reset): the wide walk's PCs
    // get low bits 00, 10 or 11 (k mod 3), so that cut to PC_W bits a set
    // of its LUT sees three PCs of the walk (at PC_W = 4, 4-aligned PCs
    // leave one a set, and a set of two ways never evicts), and low bits
    // 01 stay free for the golden runs' PCs.  k is still (pc - base) / 4.
    void low_bits(bool on) { low_ = on; }
    uint64_t pc_of(unsigned k) const {
        static const uint64_t kLow[3] = {0, 2, 3};
        return wide_ ? kPcBase + 4ull * k + (low_ ? kLow[k % 3] : 0) : k % cap_;
    }
    // k of a PC of the walk (a golden run's or any other PC: 0)
    unsigned index(uint64_t pc) const {
        if (!wide_)
            return static_cast<unsigned>(pc < cap_ ? pc : 0);
        return static_cast<unsigned>((pc >= kPcBase && pc < kPcEnd ? pc - kPcBase : 0) / 4);
    }

    // fall-through and branch target of the instruction at pc
    void successors(uint64_t pc, Rng &rng, uint64_t *succ, uint64_t *tgt) const {
        unsigned k = index(pc) % mode_k;
        *succ = pc_of((k + 1) % mode_k);
        *tgt = pc_of((k * 7 + 3) % mode_k);
        if (rng.chance(8))
            *tgt = pc_of(static_cast<unsigned>(rng.below(mode_k)));
        if (shattering() && rng.chance(90)) {
            *succ = pc_of(static_cast<unsigned>(rng.below(mode_k)));
            *tgt = pc_of(static_cast<unsigned>(rng.below(mode_k)));
        }
    }
    // the taken lanes of a divergence of `mask` (>= 2 threads): a proper,
    // non-empty subset; when shattering, half the time one thread alone
    uint64_t split(uint64_t mask, Rng &rng) const {
        uint64_t t;
        if (shattering() && rng.chance(50))
            return bits_lowest(mask);
        do
            t = mask & rng.next();
        while (t == 0 || t == mask);
        return t;
    }

    unsigned mode_k, div_pct;

private:
    bool wide_ = true, shatter_ = false, low_ = false;
    unsigned cap_ = ~0u;   // the PCs of a narrow walk: 2^pc_bits
};

// The warp pool's issue order and wait bounds (issue 11 items 5-6), checked
// by both DWF harnesses on the pool's state (the dwf's s.pool):
//   - a batch in progress issues only its marked warps; a LOCK issue is at
//     the last pick's PC;
//   - a PICK (no batch) is at the true majority (DMaj) / minority (DMin) PC
//     among the tracked warps, counted here from the pool entries
//     themselves, not from the table (coverage picks_true = src_PICK);
//   - waits, in issues since the warp was created (warp_pool.h "Wait
//     bounds"): an untracked warp waits at most 3*POOL-3 other issues, a
//     DTime warp at most POOL-1, and while tracked warps exist the table
//     picks at least once every 2*POOL issues (2*POOL-1 between picks).
class PoolIssueCheck {
public:
    void reset(Coverage &cov) {
        std::memset(born_, 0, sizeof born_);
        issues_ = 0;
        since_pick_ = 0;
        static const char *const keys[] = {"picks_true", "wait_max", "untr_wait_max",
                                           "pick_gap_max"};
        for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
            cov[keys[k]] = 0;
    }
    // before the edge: the issue of this cycle (iss_valid ...)
    const char *issue(const warp_pool_cfg &cfg, const warp_pool_state &b, unsigned x,
                      uint64_t pc, unsigned src, Coverage &cov) {
        static char msg[200];
        const uint64_t w = issues_ - born_[x];
        uint64_t &wm = cov[b.untr[x] ? "untr_wait_max" : "wait_max"];
        if (w > wm)
            wm = w;
        issues_++;
        const bool table = cfg.policy == WP_POL_DMAJ || cfg.policy == WP_POL_DMIN;
        if (src == WP_SRC_PICK) {
            uint64_t &gm = cov["pick_gap_max"];
            if (table && since_pick_ > gm)
                gm = since_pick_;
            since_pick_ = 0;
        } else {
            since_pick_++;
        }
        if (!table)
            return NULL;
        if (b.mk_cnt != 0 && !b.mk[x])
            return "a batch is in progress but an unmarked warp issued";
        if (src == WP_SRC_LOCK && b.tpc[b.lslot] != pc)
            return "LOCK issue away from the locked PC";
        if (src != WP_SRC_PICK)
            return NULL;
        if (b.mk_cnt != 0)
            return "PICK while a batch is in progress";
        uint64_t pcs[WARP_POOL_MAX_ENTRIES];
        unsigned cnt[WARP_POOL_MAX_ENTRIES], n = 0, mine = 0, best = 0;
        for (unsigned e = 0; e < cfg.entries; e++) {
            if (!b.valid[e] || b.untr[e])
                continue;
            unsigned k = 0;
            while (k < n && pcs[k] != b.pc[e])
                k++;
            if (k == n) {
                pcs[n] = b.pc[e];
                cnt[n++] = 0;
            }
            cnt[k] += bits_popcount(b.lv[e]);
        }
        for (unsigned k = 0; k < n; k++) {
            if (pcs[k] == pc)
                mine = cnt[k];
            if (k == 0 || (cfg.policy == WP_POL_DMAJ ? cnt[k] > best : cnt[k] < best))
                best = cnt[k];
        }
        if (mine == 0 || mine != best) {
            snprintf(msg, sizeof msg, "%s picked pc %llx with %u threads; the %s PC has %u",
                     warp_pool_policy_name(cfg.policy), (unsigned long long)pc, mine,
                     cfg.policy == WP_POL_DMAJ ? "majority" : "minority", best);
            return msg;
        }
        cov["picks_true"]++;
        return NULL;
    }
    // a new warp written at entry x this cycle (after issue() of the cycle)
    void born(unsigned x) { born_[x] = issues_; }
    // after the edge
    const char *bounds(const warp_pool_cfg &cfg, const warp_pool_state &a) {
        static char msg[200];
        const uint64_t E = cfg.entries;
        const bool table = cfg.policy == WP_POL_DMAJ || cfg.policy == WP_POL_DMIN;
        bool tracked = false;
        for (unsigned e = 0; e < cfg.entries; e++) {
            if (!a.valid[e])
                continue;
            const uint64_t w = issues_ - born_[e];
            tracked |= table && !a.untr[e];
            if ((table && a.untr[e] && w > 3 * E - 3) ||
                (cfg.policy == WP_POL_DTIME && w > E - 1)) {
                snprintf(msg, sizeof msg, "entry %u (%s) has waited %llu issues, over the bound",
                         e, a.untr[e] ? "untracked" : "DTime", (unsigned long long)w);
                return msg;
            }
        }
        if (!tracked)
            since_pick_ = 0;
        if (table && since_pick_ > 2 * E - 1) {
            snprintf(msg, sizeof msg, "no table pick for %llu issues with tracked warps waiting",
                     (unsigned long long)since_pick_);
            return msg;
        }
        return NULL;
    }

private:
    uint64_t born_[WARP_POOL_MAX_ENTRIES]; // issues_ when the entry's warp was created
    uint64_t issues_, since_pick_;
};

#endif  // DWF_TRAFFIC_H
