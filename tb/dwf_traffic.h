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

// The TIDs of static warp w, each at its home lane.
inline void dwf_static_tids(unsigned lanes, unsigned swizzle, unsigned w, unsigned *tid)
{
    for (unsigned i = 0; i < lanes; i++) {
        unsigned t = w * lanes + i;
        tid[warp_pool_home_lane(t, lanes, swizzle)] = t;
    }
}

class DwfTraffic {
public:
    static const uint64_t kPcBase = 0x1000;
    static const uint64_t kPcEnd = 0x8000; // golden runs use PCs from here on

    void reset() {
        mode_k = 24;
        div_pct = 30;
    }
    // every 3000 cycles a new mode (one random draw)
    void phase(uint64_t cyc, Rng &rng) {
        if (cyc % 3000 != 0)
            return;
        unsigned m = static_cast<unsigned>(rng.below(4));
        mode_k = m == 0 ? 6 : m == 1 ? 24 : m == 2 ? 96 : 4000;
        div_pct = m == 0 ? 15 : m == 1 ? 30 : m == 2 ? 70 : 95;
    }
    bool shattering() const { return mode_k > 96; }
    uint64_t pc_of(unsigned k) const { return kPcBase + 4ull * k; }

    // fall-through and branch target of the instruction at pc
    void successors(uint64_t pc, Rng &rng, uint64_t *succ, uint64_t *tgt) const {
        unsigned k = static_cast<unsigned>(
            ((pc >= kPcBase && pc < kPcEnd ? pc - kPcBase : 0) / 4) % mode_k);
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
};

#endif  // DWF_TRAFFIC_H
