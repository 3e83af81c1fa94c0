// SPDX-License-Identifier: Apache-2.0
// two_level_sched_cosim.cpp -- lockstep co-simulation of rtl_c/two_level_sched
// against verilog/two_level_sched.v (004 sec. 3.2-3.3).  Framework: tb/cosim.h.
//
// Stimulus: a small core around the scheduler.  Each warp is ready, waiting
// a few cycles after an issue (its instruction in the pipeline: barrel
// processing), or stalled on a long-latency load (20..300 cycles).  An
// issued instruction misses with a probability that changes every 2000
// cycles, or for 2*TIMEOUT cycles now and then (0%: no misses, so the top group holds the top until its timeout;
// 5%; 30%: groups stall and rotate often), and in some phases whole
// groups are parked (not ready, not stalled) to exercise issue from lower
// groups.  2% of the cycles no warp is ready (coverage no_ready: act IDLE
// from the start of a run).  About 1% of the cycles are illegal (a warp
// ready and stalled).
//
// Harness invariants (beyond two_level_sched_check): the expected err; a
// reference scheduler kept here (its own top group, per-group last issued
// warp and tenure count, written from 004's rules, not from the model)
// gives the warp that must issue, whether the order rotates and why (act
// ROTATE / TIMEOUT), and the top group; an issued warp was ready.  Model::state
// compares top_q, cnt_q and every ptr_q with the RTL after every clock edge.
#include "cosim.h"

#include "Vtwo_level_sched.h"
#include "vl_state.h"

extern "C" {
#include "../rtl_c/two_level_sched.h"
}

struct TwoLevelSchedModel {
    COSIM_MODEL(two_level_sched, Vtwo_level_sched)

    static bool err(const out_t &o) { return o.err != 0; }
    // no push-back: the scheduler takes its inputs every cycle
    static bool ready(const out_t &o) {
        (void)o;
        return true;
    }

    static void state(rtl_t *r, const cfg_t &c, const state_t &s, StateCmp &cmp) {
        static VlRegCache<rtl_t> k;
        static VlReg top, cnt, ptr;
        if (k.stale(r)) {
            top = VlReg(r->contextp(), "two_level_sched", "top_q");
            cnt = VlReg(r->contextp(), "two_level_sched", "cnt_q");
            ptr = VlReg(r->contextp(), "two_level_sched", "ptr_q");
        }
        cmp("top_q", -1, -1, s.top_q, top.get(0, two_level_sched_grp_w(&c)));
        cmp("cnt_q", -1, -1, s.cnt_q, cnt.get(0, two_level_sched_cnt_w(&c)));
        for (unsigned g = 0; g < two_level_sched_groups(&c); g++)
            cmp("ptr_q", static_cast<int>(g), -1, s.ptr_q[g],
                ptr.get(g, two_level_sched_ptr_w(&c)));
    }
    static const char *decode(const char *port, uint64_t v) {
        if (!std::strcmp(port, "act"))
            return two_level_sched_act_name(static_cast<unsigned>(v));
        if (!std::strcmp(port, "err_code"))
            return two_level_sched_err_name(static_cast<unsigned>(v));
        return NULL;
    }
};

class TwoLevelSchedStim {
public:
    void reset(const two_level_sched_cfg &cfg) {
        for (unsigned w = 0; w < cfg.warps; w++)
            wait_[w] = stall_[w] = 0;
        ref_top_ = ref_cnt_ = 0;
        for (unsigned g = 0; g < 64; g++)
            ref_next_[g] = 0;
        parked_ = 0;
        miss_pct_ = 5;
        phase_end_ = 0;
        expect_err_ = 0;
        static const char *const keys[] = {
            "act_IDLE", "act_TOP", "act_LOWER", "act_ROTATE", "act_TIMEOUT", "act_ERR",
            "err_CONFLICT", "rotate_with_issue", "group_wraps", "misses", "no_ready"};
        for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
            cov_[keys[k]] = 0;
    }

    two_level_sched_in next(const two_level_sched_cfg &cfg, const two_level_sched_state &s,
                            Rng &rng, uint64_t cyc) {
        (void)s;
        two_level_sched_in in;
        std::memset(&in, 0, sizeof in);
        const unsigned G = two_level_sched_groups(&cfg);
        if (cyc >= phase_end_) {
            static const unsigned pct[] = {0, 5, 30, 5};
            miss_pct_ = pct[rng.below(4)];
            phase_end_ = cyc + 2000;
            // now and then a long miss-free phase: the top group keeps the top
            // until its timeout (at TIMEOUT = 32768, a few per million cycles)
            if (miss_pct_ == 0 && rng.chance(30))
                phase_end_ = cyc + 2u * cfg.timeout + 100u;
            parked_ = 0;
            if (rng.chance(30)) // park a random set of whole groups
                for (unsigned g = 0; g < G; g++)
                    if (rng.chance(40))
                        parked_ |= bits_mask(cfg.group_size) << (g * cfg.group_size);
            // never every group (a whole phase of IDLE cycles, up to 2*TIMEOUT
            // long, tests nothing): one random group stays in play
            if ((parked_ & bits_mask(cfg.warps)) == bits_mask(cfg.warps))
                parked_ &= ~(bits_mask(cfg.group_size) << (rng.below(G) * cfg.group_size));
        }
        draw_ = rng.next();
        for (unsigned w = 0; w < cfg.warps; w++) {
            if (stall_[w])
                in.stalled |= 1ull << w;
            else if (!wait_[w] && !((parked_ >> w) & 1u))
                in.ready |= 1ull << w;
        }
        // now and then a cycle with no warp ready (act IDLE): the pointers
        // and the top group's tenure must hold
        if (rng.chance(2)) {
            in.ready = 0;
            cov_["no_ready"]++;
        }
        expect_err_ = 0;
        if (rng.chance(1)) {
            unsigned w = static_cast<unsigned>(rng.below(cfg.warps));
            in.ready |= 1ull << w;
            in.stalled |= 1ull << w;
            expect_err_ = TWO_LEVEL_SCHED_ERR_CONFLICT;
        }
        return in;
    }

    const char *check(const two_level_sched_cfg &cfg, const two_level_sched_state &before,
                      const two_level_sched_state &after, const two_level_sched_in &in,
                      const two_level_sched_out &o) {
        static char msg[240];
        (void)before;
        (void)after;
        const unsigned G = two_level_sched_groups(&cfg), gs = cfg.group_size;
        if (o.err_code != expect_err_) {
            snprintf(msg, sizeof msg, "expected err_code %s, model gave %s",
                     two_level_sched_err_name(expect_err_),
                     two_level_sched_err_name(static_cast<unsigned>(o.err_code)));
            return msg;
        }
        cov_[act_key(static_cast<unsigned>(o.act))]++;
        if (o.err) {
            cov_["err_CONFLICT"]++;
            if (o.valid || o.rotate) {
                snprintf(msg, sizeof msg, "err with valid or rotate set");
                return msg;
            }
            advance(cfg, o);
            return NULL;
        }
        if (o.top != ref_top_) {
            snprintf(msg, sizeof msg, "reference: top group %u, model %llu", ref_top_,
                     (unsigned long long)o.top);
            return msg;
        }
        // the reference pick: first group in order top, top+1, ... with a ready
        // warp; in it, the first ready warp after the group's last issued one
        int exp_w = -1;
        bool exp_top = false;
        for (unsigned k = 0; k < G && exp_w < 0; k++) {
            unsigned g = (ref_top_ + k) % G;
            for (unsigned j = 0; j < gs; j++) {
                unsigned l = (ref_next_[g] + j) % gs;
                if ((in.ready >> (g * gs + l)) & 1u) {
                    exp_w = static_cast<int>(g * gs + l);
                    exp_top = k == 0;
                    break;
                }
            }
        }
        if (o.valid != (exp_w >= 0) || (exp_w >= 0 && o.warp != static_cast<uint64_t>(exp_w))) {
            snprintf(msg, sizeof msg, "reference: warp %d should issue; model valid %llu warp %llu",
                     exp_w, (unsigned long long)o.valid, (unsigned long long)o.warp);
            return msg;
        }
        bool all_st = bits_field(in.stalled, ref_top_ * gs, gs) == bits_mask(gs);
        bool tmo = exp_top && ref_cnt_ + 1 == cfg.timeout;
        unsigned exp_act = all_st ? TWO_LEVEL_SCHED_ACT_ROTATE
                           : tmo  ? TWO_LEVEL_SCHED_ACT_TIMEOUT
                           : exp_w < 0 ? TWO_LEVEL_SCHED_ACT_IDLE
                           : exp_top   ? TWO_LEVEL_SCHED_ACT_TOP
                                       : TWO_LEVEL_SCHED_ACT_LOWER;
        if (o.rotate != static_cast<uint64_t>(all_st || tmo) || o.act != exp_act) {
            snprintf(msg, sizeof msg, "reference: act %s rotate %d; model act %s rotate %llu",
                     two_level_sched_act_name(exp_act), all_st || tmo,
                     two_level_sched_act_name(static_cast<unsigned>(o.act)),
                     (unsigned long long)o.rotate);
            return msg;
        }
        if (exp_w >= 0) {
            unsigned g = static_cast<unsigned>(exp_w) / gs;
            ref_next_[g] = (static_cast<unsigned>(exp_w) % gs + 1) % gs;
        }
        if (all_st || tmo) {
            if (exp_w >= 0)
                cov_["rotate_with_issue"]++;
            ref_top_ = (ref_top_ + 1) % G;
            ref_cnt_ = 0;
            if (ref_top_ == 0)
                cov_["group_wraps"]++;
        } else if (exp_top) {
            ref_cnt_++;
        }
        advance(cfg, o);
        return NULL;
    }

    // Flips a bit of a group's round-robin pointer or of the top group: only
    // the state compare sees it (the pointer stays a legal value when it can).
    void inject_fault(const two_level_sched_cfg &cfg, two_level_sched_state &s, Rng &rng) {
        unsigned G = two_level_sched_groups(&cfg);
        if (G > 1 && rng.chance(50))
            s.top_q = (s.top_q + 1) % G;
        else if (cfg.group_size > 1)
            s.ptr_q[rng.below(G)] ^= 1;
        else
            s.cnt_q ^= 1;
    }

    std::string coverage() { return cov_.str(); }

    // The decision kinds this point allows (tb/cosim.h hook 5): a cycle
    // without an issue (IDLE), the illegal input (ERR, CONFLICT); an issue
    // from the top group that keeps it (TOP) where TIMEOUT >= 2 (at 1 every
    // such issue ends the tenure: TIMEOUT); a rotation because the top
    // group stalled (ROTATE) where a group has at most 8 warps or the
    // timeout is short (the large point's 32-warp groups all stalled at
    // once: 1 ROTATE in 40,000 cycles at seed 1); a wrap of the order, one
    // rotation per group, only where the timeout is short (at the default
    // point, 4 groups of 8 warps, seeds 1 and 7 rotate once in their first
    // 20,000 cycles, the length of make demo's waveform run: no wrap; by
    // 40,000 cycles seeds 1-8 wrap 3 to 865 times).  An issue from a lower group (LOWER) and a rotation
    // with an issue need two groups, or a timeout that comes within a phase
    // (TIMEOUT <= 64: the top group's tenure ends while it issues).  Not
    // required: TIMEOUT where it is longer (at the default 32768 it needs a
    // miss-free phase of 65,636 cycles started early: 0 or 1 per 40,000).
    void required(const two_level_sched_cfg &cfg, std::vector<std::string> &keys) const {
        const bool lower = two_level_sched_groups(&cfg) >= 2, tmo = cfg.timeout <= 64;
        const bool rot = cfg.group_size <= 8 || tmo;
        cosim_require(keys, {"act_IDLE", "act_ERR", "err_CONFLICT", "misses", "no_ready"});
        cosim_require(keys, {"act_ROTATE"}, rot);
        cosim_require(keys, {"group_wraps"}, tmo);
        cosim_require(keys, {"act_TOP"}, cfg.timeout >= 2);
        cosim_require(keys, {"act_LOWER"}, lower);
        cosim_require(keys, {"rotate_with_issue"}, rot && (lower || tmo));
        cosim_require(keys, {"act_TIMEOUT"}, tmo);
    }

private:
    static const char *act_key(unsigned a) {
        static const char *const k[] = {"act_IDLE",   "act_TOP",     "act_LOWER",
                                        "act_ROTATE", "act_TIMEOUT", "act_ERR"};
        return a < 6 ? k[a] : "act_ERR";
    }

    // One cycle of the workload: counters run down; the issued warp waits a
    // few cycles (its instruction in flight) or misses (long latency).
    void advance(const two_level_sched_cfg &cfg, const two_level_sched_out &o) {
        for (unsigned w = 0; w < cfg.warps; w++) {
            if (stall_[w])
                stall_[w]--;
            if (wait_[w])
                wait_[w]--;
        }
        if (o.valid) {
            unsigned w = static_cast<unsigned>(o.warp);
            if (draw_ % 100 < miss_pct_) {
                stall_[w] = 20 + static_cast<unsigned>((draw_ >> 8) % 281);
                cov_["misses"]++;
            } else {
                wait_[w] = static_cast<unsigned>((draw_ >> 8) % 4);
            }
        }
    }

    unsigned wait_[64], stall_[64];
    unsigned ref_top_, ref_cnt_, ref_next_[64];
    uint64_t parked_, draw_ = 0, phase_end_ = 0;
    unsigned miss_pct_;
    unsigned expect_err_;
    Coverage cov_;
};

int main(int argc, char **argv)
{
    return cosim_main<TwoLevelSchedModel, TwoLevelSchedStim>(argc, argv);
}
