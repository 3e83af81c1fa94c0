// SPDX-License-Identifier: Apache-2.0
// lane_shuffle_cosim.cpp -- lockstep co-simulation of rtl_c/lane_shuffle
// against verilog/lane_shuffle.v (001 sec. 4, Table 1).
//
// Stimulus: half of the cycles walk an exhaustive sweep of every (in_func
// 0..7, in_wid 0..2^WID_W-1, in_tid 0..LANES-1) with in_lane cycling through
// the lanes (illegal function codes and warp ids included, so both err codes
// are covered); the other half are random over all input bits.  A sweep takes
// 8 * 2^WID_W * LANES cycles x 2 (at most 65,536): a 100,000-cycle run
// covers the whole input space of lane, and of inv_tid at the defaults.
//
// Harness invariants: a reference written from 001 Table 1's text with
// ordinary arithmetic (n - tid, wid odd, 2*wid > m, tid XOR (wid mod LANES),
// a bit-by-bit reversal) gives the lane, and the inverse is found by search
// (the tid whose lane is in_lane: exactly one must exist); err codes and act
// are checked against the rules of the header.  No state: nothing to compare
// after the edge (Model::state is omitted on purpose).
#include "cosim.h"

#include "Vlane_shuffle.h"

extern "C" {
#include "../rtl_c/lane_shuffle.h"
}

struct LaneShuffleModel {
    COSIM_MODEL(lane_shuffle, Vlane_shuffle)

    static bool err(const out_t &o) { return o.err != 0; }
    static bool ready(const out_t &o) {
        (void)o;
        return true; // combinational: nothing is ever held back
    }
    static const char *decode(const char *port, uint64_t v) {
        if (!std::strcmp(port, "act"))
            return lane_shuffle_act_name(static_cast<unsigned>(v));
        if (!std::strcmp(port, "err_code"))
            return lane_shuffle_err_name(static_cast<unsigned>(v));
        return NULL;
    }
};

// 001 Table 1 from the text, independent of the model's XOR formulation.
static unsigned ref_lane(unsigned lanes, unsigned warps, unsigned f, unsigned wid, unsigned tid) {
    unsigned n = lanes - 1, l = 0, w = wid % lanes, r = 0;
    while ((1u << l) < lanes)
        l++;
    for (unsigned i = 0; i < l; i++)
        if ((w >> i) & 1u)
            r |= 1u << (l - 1 - i);
    switch (f) {
    case 0: return tid;
    case 1: return wid % 2 == 1 ? n - tid : tid;
    case 2: return 2 * wid > warps ? n - tid : tid; // wid > m/2, exactly
    case 3: return tid ^ w;
    default: return tid ^ r;
    }
}

class LaneShuffleStim {
public:
    void reset(const lane_shuffle_cfg &cfg) {
        (void)cfg;
        static const char *const keys[] = {"act_IDENTITY", "act_MIRROR_ODD", "act_MIRROR_HALF",
                                           "act_XOR", "act_XOR_REV", "act_NONE", "err_FUNC",
                                           "err_WID", "moved", "sweeps"};
        for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
            cov_[keys[k]] = 0;
    }

    lane_shuffle_in next(const lane_shuffle_cfg &cfg, const lane_shuffle_state &s, Rng &rng,
                         uint64_t cyc) {
        (void)s;
        lane_shuffle_in in;
        std::memset(&in, 0, sizeof in);
        unsigned tw = lane_shuffle_tid_w(&cfg), ww = lane_shuffle_wid_w(&cfg);
        if (cyc % 2 == 0) {
            uint64_t k = sweep_++;
            in.in_tid = k % cfg.lanes;
            k /= cfg.lanes;
            in.in_wid = k % (1ull << ww);
            k /= 1ull << ww;
            in.in_func = k % 8;
            in.in_lane = (in.in_tid + k / 8 + sweep_ / (8ull << ww)) % cfg.lanes;
            if (sweep_ == (8ull << ww) * cfg.lanes) {
                sweep_ = 0;
                cov_["sweeps"]++;
            }
        } else {
            in.in_func = rng.chance(90) ? rng.below(5) : rng.bits(3);
            in.in_wid = rng.chance(90) ? rng.below(cfg.warps) : rng.bits(ww);
            in.in_tid = rng.bits(tw);
            in.in_lane = rng.bits(tw);
        }
        return in;
    }

    const char *check(const lane_shuffle_cfg &cfg, const lane_shuffle_state &before,
                      const lane_shuffle_state &after, const lane_shuffle_in &in,
                      const lane_shuffle_out &o) {
        static char msg[200];
        (void)before;
        (void)after;
        unsigned f = static_cast<unsigned>(in.in_func), wid = static_cast<unsigned>(in.in_wid);
        unsigned tid = static_cast<unsigned>(in.in_tid), ln = static_cast<unsigned>(in.in_lane);
        unsigned ec = f > 4 ? 1u : wid >= cfg.warps ? 2u : 0u;
        if (o.err_code != ec || o.err != (ec != 0)) {
            snprintf(msg, sizeof msg, "expected err_code %s, model gave %s",
                     lane_shuffle_err_name(ec), lane_shuffle_err_name((unsigned)o.err_code));
            return msg;
        }
        if (ec) {
            cov_[ec == 1 ? "err_FUNC" : "err_WID"]++;
            cov_["act_NONE"]++;
            if (o.act != 5 || o.lane != 0 || o.inv_tid != 0)
                return "an illegal input must give act NONE and lane = inv_tid = 0";
            return NULL;
        }
        if (o.act != f)
            return "act is not the function applied";
        cov_[lane_shuffle_act_key(f)]++;
        unsigned want = ref_lane(cfg.lanes, cfg.warps, f, wid, tid);
        if (o.lane != want) {
            snprintf(msg, sizeof msg, "Table 1: func %s wid %u tid %u -> lane %u, model gave %llu",
                     lane_shuffle_act_name(f), wid, tid, want, (unsigned long long)o.lane);
            return msg;
        }
        if (want != tid)
            cov_["moved"]++;
        unsigned hits = 0, inv = 0;
        for (unsigned t = 0; t < cfg.lanes; t++)
            if (ref_lane(cfg.lanes, cfg.warps, f, wid, t) == ln) {
                hits++;
                inv = t;
            }
        if (hits != 1 || o.inv_tid != inv) {
            snprintf(msg, sizeof msg,
                     "inverse: func %s wid %u lane %u: %u threads map there, model gave tid %llu",
                     lane_shuffle_act_name(f), wid, ln, hits, (unsigned long long)o.inv_tid);
            return msg;
        }
        return NULL;
    }

    // No state to corrupt: a fault is injected into the only field (the
    // model's check must flag it).
    void inject_fault(const lane_shuffle_cfg &cfg, lane_shuffle_state &s, Rng &rng) {
        (void)cfg;
        (void)rng;
        s.none = 1;
    }

    std::string coverage() { return cov_.str(); }

    // The decision kinds this point allows (tb/cosim.h hook 5): every
    // function and the illegal one (act NONE, err FUNC); a warp id beyond
    // WARPS where the port can carry one; a thread that moves (two lanes,
    // and a second warp: every function maps warp 0 to its own lanes); a
    // whole sweep where one fits in COSIM_COVER_CYCLES.
    void required(const lane_shuffle_cfg &cfg, std::vector<std::string> &keys) const {
        const unsigned ww = lane_shuffle_wid_w(&cfg);
        cosim_require(keys, {"act_IDENTITY", "act_MIRROR_ODD", "act_MIRROR_HALF", "act_XOR",
                             "act_XOR_REV", "act_NONE", "err_FUNC"});
        cosim_require(keys, {"err_WID"}, (1ull << ww) > cfg.warps);
        cosim_require(keys, {"moved"}, cfg.lanes >= 2 && cfg.warps >= 2);
        cosim_require(keys, {"sweeps"}, (16ull << ww) * cfg.lanes <= COSIM_COVER_CYCLES);
    }

private:
    static const char *lane_shuffle_act_key(unsigned f) {
        static const char *const k[] = {"act_IDENTITY", "act_MIRROR_ODD", "act_MIRROR_HALF",
                                        "act_XOR", "act_XOR_REV"};
        return k[f];
    }
    uint64_t sweep_ = 0;
    Coverage cov_;
};

int main(int argc, char **argv)
{
    return cosim_main<LaneShuffleModel, LaneShuffleStim>(argc, argv);
}
