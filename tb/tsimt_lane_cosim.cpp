// SPDX-License-Identifier: Apache-2.0
// tsimt_lane_cosim.cpp -- lockstep co-simulation of rtl_c/tsimt_lane against
// verilog/tsimt_lane.v (002 sec. 3.1-3.2).
//
// Stimulus: an execution unit's view of one lane.  An instruction is offered
// whenever the lane is ready with a probability that changes by phase (eager
// phases keep the lane fed through its hand-over cycle, lazy ones let it go
// idle); masks mix full warps, sparse ones, random ones, masks with aligned
// all-zero groups, single groups, and 002 sec. 3.2's patterns.  A few percent
// of the cycles are hold cycles or illegal offers (BUSY, EMPTY, HELD).
// About one offer in six is scalar (in_scalar, 002 sec. 4.1): the reference
// then expects one execution cycle for the lowest active thread, with
// ex_scalar = 1; in_scalar is also driven at random on cycles without an
// offer, where it must change nothing.
// Golden runs (every 4000 cycles): the 002 sec. 3.2 masks back to back, with
// their group counts asserted (at K = 4, WARP = 32: 7, 4, 8, 8, 3).
//
// Harness invariants (beyond tsimt_lane_check): the expected err code; a
// reference sequencer (the non-empty aligned groups of each accepted mask,
// ascending) that every execution cycle must match (ex_base, ex_valid, done,
// ex_warp, ex_instr); no thread lost or run twice: at done every active
// thread of the instruction ran exactly once.  Model::state compares all
// five registers with the RTL after every clock edge.
//
// Design points: any legal parameter set (docs/cosim.md), e.g.
//   make cosim STRUCT=tsimt_lane PARAMS="K=4"     (the 002 sec. 3.2 golden counts
// are asserted at K = 4, WARP = 32; every point runs the reference sequencer).
#include "cosim.h"

#include "Vtsimt_lane.h"
#include "Vtsimt_lane___024root.h"

extern "C" {
#include "../rtl_c/tsimt_lane.h"
}

struct TsimtLaneModel {
    COSIM_MODEL(tsimt_lane, Vtsimt_lane)

    static bool err(const out_t &o) { return o.err != 0; }
    // The harness' "held back, state unchanged" test does not apply: the
    // lane's ready says whether it takes an instruction, while it keeps
    // sequencing; an offer it cannot take is an err (checked above), never
    // a push-back.
    static bool ready(const out_t &o) {
        (void)o;
        return true;
    }

    static void state(rtl_t *r, const cfg_t &c, const state_t &s, StateCmp &cmp) {
        (void)c;
        Vtsimt_lane___024root *p = r->rootp;
        cmp("instr_q", -1, -1, s.instr_q, p->tsimt_lane__DOT__instr_q);
        cmp("warp_q", -1, -1, s.warp_q, p->tsimt_lane__DOT__warp_q);
        cmp("mask_q", -1, -1, s.mask_q, p->tsimt_lane__DOT__mask_q);
        cmp("busy_q", -1, -1, s.busy_q, p->tsimt_lane__DOT__busy_q);
        cmp("pos_q", -1, -1, s.pos_q, p->tsimt_lane__DOT__pos_q);
        cmp("scalar_q", -1, -1, s.scalar_q, p->tsimt_lane__DOT__scalar_q);
    }
    static const char *decode(const char *port, uint64_t v) {
        if (!std::strcmp(port, "act"))
            return tsimt_lane_act_name(static_cast<unsigned>(v));
        if (!std::strcmp(port, "err_code"))
            return tsimt_lane_err_name(static_cast<unsigned>(v));
        return NULL;
    }
};

// 002 sec. 3.2's masks (thread 0 first), extended to WARP threads: literal
// prefix then ones, period 8, "10" repeated, "100111010" repeated, the
// unaligned prefix followed by zeros.
static uint64_t paper_mask(unsigned which, unsigned warp) {
    static const char *const pat[] = {"111100001111", "11110000", "10", "100111010",
                                      "1000011110000"};
    static const int tail[] = {1, -1, -1, -1, 0}; // 1: ones after, 0: zeros, -1: repeat
    const char *p = pat[which];
    unsigned len = static_cast<unsigned>(std::strlen(p));
    uint64_t v = 0;
    for (unsigned t = 0; t < warp; t++) {
        char ch = t < len ? p[t] : tail[which] == 1 ? '1' : tail[which] == 0 ? '0' : p[t % len];
        if (ch == '1')
            v |= 1ull << t;
    }
    return v;
}
static const unsigned kPaperMasks = 5;
static const unsigned kPaperCyclesK4W32[kPaperMasks] = {7, 4, 8, 8, 3};

class TsimtLaneStim {
public:
    void reset(const tsimt_lane_cfg &cfg) {
        (void)cfg;
        exp_n_ = exp_i_ = 0;
        exp_mask_ = ran_ = 0;
        exp_warp_ = exp_instr_ = 0;
        eager_ = 80;
        golden_due_ = 0;
        golden_i_ = -1;
        expect_err_ = 0;
        static const char *const keys[] = {
            "act_IDLE", "act_LOAD", "act_RUN", "act_LAST", "act_HANDOVER", "act_HOLD",
            "err_BUSY", "err_EMPTY", "err_HELD", "holds", "skipped_groups", "full_warps",
            "golden", "scalar", "scalar_multi_thread", "scalar_idle_input"};
        for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
            cov_[keys[k]] = 0;
    }

    tsimt_lane_in next(const tsimt_lane_cfg &cfg, const tsimt_lane_state &s, Rng &rng,
                       uint64_t cyc) {
        tsimt_lane_in in;
        std::memset(&in, 0, sizeof in);
        expect_err_ = 0;
        tsimt_lane_out peek;
        tsimt_lane_eval(&cfg, &s, &in, &peek);
        bool ready = peek.ready != 0;
        if (cyc % 1000 == 0)
            eager_ = rng.chance(50) ? 95 : 30;
        if (golden_i_ < 0 && cyc >= golden_due_) {
            golden_i_ = 0;
            golden_due_ = cyc - cyc % 4000 + 4000;
        }
        if (golden_i_ >= 0) {
            // the paper's masks back to back, offered as soon as the lane is ready
            if (ready) {
                in.in_valid = 1;
                in.in_mask = paper_mask(static_cast<unsigned>(golden_i_), cfg.warp);
                in.in_warp = rng.bits(cfg.wid_bits);
                in.in_instr = rng.bits(cfg.instr_bits);
                golden_mask_ = true;
                if (++golden_i_ == static_cast<int>(kPaperMasks))
                    golden_i_ = -1;
            }
            return in;
        }
        unsigned r = static_cast<unsigned>(rng.below(100));
        if (r < 3) {
            in.hold = 1;
            return in;
        }
        if (r < 6) {
            illegal(cfg, ready, rng, in);
            return in;
        }
        if (ready && rng.chance(eager_)) {
            in.in_valid = 1;
            in.in_mask = pick_mask(cfg, rng);
            in.in_warp = rng.bits(cfg.wid_bits);
            in.in_instr = rng.bits(cfg.instr_bits);
            in.in_scalar = rng.chance(16);
        } else if (rng.chance(20)) {
            in.in_scalar = 1; // no offer: must change nothing
            cov_["scalar_idle_input"]++;
        }
        return in;
    }

    const char *check(const tsimt_lane_cfg &cfg, const tsimt_lane_state &before,
                      const tsimt_lane_state &after, const tsimt_lane_in &in,
                      const tsimt_lane_out &o) {
        static char msg[240];
        (void)before;
        (void)after;
        if (o.err_code != expect_err_) {
            snprintf(msg, sizeof msg, "expected err_code %s, model gave %s",
                     tsimt_lane_err_name(expect_err_),
                     tsimt_lane_err_name(static_cast<unsigned>(o.err_code)));
            return msg;
        }
        cov_[act_key(static_cast<unsigned>(o.act))]++;
        if (o.err)
            cov_[o.err_code == TSIMT_LANE_ERR_BUSY    ? "err_BUSY"
                 : o.err_code == TSIMT_LANE_ERR_EMPTY ? "err_EMPTY"
                                                      : "err_HELD"]++;
        else if (in.hold)
            cov_["holds"]++;
        // the reference sequencer
        if (o.ex_valid != 0) {
            if (exp_i_ >= exp_n_) {
                snprintf(msg, sizeof msg, "a group executes but the reference has none left");
                return msg;
            }
            bool last = exp_i_ + 1 == exp_n_;
            if (o.ex_base != exp_base_[exp_i_] || o.ex_valid != exp_valid_[exp_i_] ||
                o.done != static_cast<uint64_t>(last) || o.ex_warp != exp_warp_ ||
                o.ex_instr != exp_instr_ || o.ex_scalar != exp_scalar_) {
                snprintf(msg, sizeof msg,
                         "reference: group %u of %u should be base %u valid %llx done %d; model "
                         "gave base %llu valid %llx done %llu",
                         exp_i_, exp_n_, exp_base_[exp_i_],
                         (unsigned long long)exp_valid_[exp_i_], last ? 1 : 0,
                         (unsigned long long)o.ex_base, (unsigned long long)o.ex_valid,
                         (unsigned long long)o.done);
                return msg;
            }
            if (ran_ & (o.ex_valid << o.ex_base)) {
                snprintf(msg, sizeof msg, "a thread ran twice");
                return msg;
            }
            ran_ |= o.ex_valid << o.ex_base;
            exp_i_++;
            if (last) {
                if (ran_ != exp_mask_) {
                    snprintf(msg, sizeof msg, "done with threads %llx run of %llx",
                             (unsigned long long)ran_, (unsigned long long)exp_mask_);
                    return msg;
                }
                if (golden_check_ && cfg.warp == 32 && cfg.width == 4 &&
                    exp_n_ != kPaperCyclesK4W32[golden_idx_]) {
                    snprintf(msg, sizeof msg, "002 sec. 3.2 mask %u took %u cycles, not %u",
                             golden_idx_, exp_n_, kPaperCyclesK4W32[golden_idx_]);
                    return msg;
                }
                if (golden_check_ && golden_idx_ + 1 == kPaperMasks)
                    cov_["golden"]++;
            }
        } else if (o.done || o.ex_scalar) {
            snprintf(msg, sizeof msg, "done or ex_scalar without a group in flight");
            return msg;
        }
        if (o.act == TSIMT_LANE_ACT_LOAD || o.act == TSIMT_LANE_ACT_HANDOVER) {
            if (exp_i_ != exp_n_) {
                snprintf(msg, sizeof msg, "accepted while the reference has %u groups left",
                         exp_n_ - exp_i_);
                return msg;
            }
            load_reference(cfg, in);
        }
        return NULL;
    }

    // Flips a bit of the instruction register (no invariant sees it: only
    // the state compare can), or of the mask while busy.
    void inject_fault(const tsimt_lane_cfg &cfg, tsimt_lane_state &s, Rng &rng) {
        if (rng.chance(20))
            s.scalar_q ^= 1u;
        else if (rng.chance(50))
            s.instr_q ^= 1ull << rng.below(cfg.instr_bits);
        else
            s.mask_q ^= 1ull << rng.below(cfg.warp);
    }

    std::string coverage() { return cov_.str(); }

    // The decision kinds this point allows (tb/cosim.h hook 5): an idle
    // lane, a load, the last group with and without a hand-over, a hold,
    // the illegal offers EMPTY and HELD, a full warp, a scalar offer and an
    // idle in_scalar, the golden masks.  A middle group (RUN), a skipped
    // empty group and an offer to a busy lane (BUSY) need two groups
    // (WARP > K: with one the lane takes an offer every cycle); a scalar
    // offer with more than one thread active needs WARP >= 2.
    void required(const tsimt_lane_cfg &cfg, std::vector<std::string> &keys) const {
        cosim_require(keys, {"act_IDLE", "act_LOAD", "act_LAST", "act_HANDOVER", "act_HOLD",
                             "err_EMPTY", "err_HELD", "holds", "full_warps",
                             "golden", "scalar", "scalar_idle_input"});
        cosim_require(keys, {"act_RUN", "skipped_groups", "err_BUSY"}, cfg.warp > cfg.width);
        cosim_require(keys, {"scalar_multi_thread"}, cfg.warp >= 2);
    }

private:
    static const char *act_key(unsigned a) {
        static const char *const k[] = {"act_IDLE", "act_LOAD",     "act_RUN",
                                        "act_LAST", "act_HANDOVER", "act_HOLD"};
        return a < 6 ? k[a] : "act_HOLD";
    }

    void load_reference(const tsimt_lane_cfg &cfg, const tsimt_lane_in &in) {
        uint64_t mask = bits_trunc(in.in_mask, cfg.warp);
        exp_scalar_ = in.in_scalar & 1u;
        if (exp_scalar_) { // one thread, the lowest active one (by a loop, not the model's trick)
            unsigned t = 0;
            while (!((mask >> t) & 1u))
                t++;
            cov_[bits_popcount(mask) > 1 ? "scalar_multi_thread" : "scalar"]++;
            mask = 1ull << t;
        }
        exp_n_ = exp_i_ = 0;
        for (unsigned g = 0; g < cfg.warp / cfg.width; g++) {
            uint64_t v = 0;
            for (unsigned t = 0; t < cfg.width; t++)
                if ((mask >> (g * cfg.width + t)) & 1u)
                    v |= 1ull << t;
            if (v) {
                exp_base_[exp_n_] = g * cfg.width;
                exp_valid_[exp_n_] = v;
                exp_n_++;
            } else {
                cov_["skipped_groups"]++;
            }
        }
        if (mask == bits_mask(cfg.warp))
            cov_["full_warps"]++;
        exp_mask_ = mask;
        exp_warp_ = bits_trunc(in.in_warp, cfg.wid_bits);
        exp_instr_ = bits_trunc(in.in_instr, cfg.instr_bits);
        ran_ = 0;
        golden_check_ = golden_mask_;
        if (golden_mask_)
            golden_idx_ = golden_seq_++ % kPaperMasks;
        golden_mask_ = false;
    }

    static uint64_t pick_mask(const tsimt_lane_cfg &cfg, Rng &rng) {
        uint64_t full = bits_mask(cfg.warp), m;
        unsigned g = cfg.warp / cfg.width;
        switch (rng.below(7)) {
        case 0:
            return full;
        case 1: // one or two threads
            m = (1ull << rng.below(cfg.warp)) | (rng.chance(50) ? 1ull << rng.below(cfg.warp) : 0);
            return m;
        case 2: // whole aligned groups on or off
            m = 0;
            for (unsigned i = 0; i < g; i++)
                if (rng.chance(50))
                    m |= bits_mask(cfg.width) << (i * cfg.width);
            return m ? m : full;
        case 3: // one group, some of its threads
            m = rng.bits(cfg.width) << (rng.below(g) * cfg.width);
            return m ? m : 1;
        case 4:
            return paper_mask(static_cast<unsigned>(rng.below(kPaperMasks)), cfg.warp);
        default:
            m = rng.bits(cfg.warp) & (rng.chance(50) ? rng.next() : full);
            return m ? m : full;
        }
    }

    void illegal(const tsimt_lane_cfg &cfg, bool ready, Rng &rng, tsimt_lane_in &in) {
        in.in_valid = 1;
        in.in_warp = rng.bits(cfg.wid_bits);
        in.in_instr = rng.bits(cfg.instr_bits);
        in.in_mask = pick_mask(cfg, rng);
        in.in_scalar = rng.chance(30);
        unsigned k = static_cast<unsigned>(rng.below(3));
        if (k == 0) {
            in.hold = 1;
            expect_err_ = TSIMT_LANE_ERR_HELD;
        } else if (!ready) {
            expect_err_ = TSIMT_LANE_ERR_BUSY;
        } else {
            in.in_mask = 0;
            expect_err_ = TSIMT_LANE_ERR_EMPTY;
        }
    }

    unsigned exp_base_[64];
    uint64_t exp_valid_[64];
    unsigned exp_n_, exp_i_;
    uint64_t exp_mask_, ran_, exp_warp_, exp_instr_, exp_scalar_ = 0;
    bool golden_mask_ = false, golden_check_ = false;
    unsigned golden_idx_ = 0, golden_seq_ = 0;
    unsigned eager_;
    uint64_t golden_due_;
    int golden_i_;
    unsigned expect_err_;
    Coverage cov_;
};

int main(int argc, char **argv)
{
    return cosim_main<TsimtLaneModel, TsimtLaneStim>(argc, argv);
}
