// SPDX-License-Identifier: Apache-2.0
// shadow_scoreboard_cosim.cpp -- co-simulation of rtl_c/shadow_scoreboard (C)
// against verilog/shadow_scoreboard.v (Verilated), cycle by cycle.
// Framework: tb/cosim.h.
//
// The stimulus keeps a model of the in-flight instructions: per warp and
// side the destination registers issued and not yet written back, each with
// the shadow bit the paper's rules give it.  From it, per cycle (every port
// may be busy in the same cycle):
//   - the golden script of 003 Fig. 6/7 (the 20 steps of the header's worked
//     example) on an idle warp at cycle 0 and every 5000 cycles, driving all
//     ports on half of the cycles until it ends, with the expected hazard
//     outputs and entry counts asserted at each step;
//   - a query: 70% on 4 "hot" warps, sources and destination drawn partly
//     from the registers pending in either table of the warp (so that
//     same-side and cross-side shadow hazards are frequent);
//   - an issue: the queried instruction when the model says it has no
//     hazard (85%), otherwise, in a "fill" phase, a blind allocation of a
//     non-pending register on a hot warp, so that tables fill and stall;
//   - writebacks on both ports, of random in-flight instructions, at a rate
//     that alternates between fill phases (30% per port) and drain phases
//     (80%), phases of 500..3500 cycles;
//   - divergences (3%) and reconvergences (2%), 70% on hot warps;
//   - 3% of the cycles carry one illegal item of a kind chosen at random,
//     on top of the legal traffic, with its expected err_code (any error
//     drops the whole cycle: the harness checks the state is unchanged);
//   - the read port sweeps every table and entry, out-of-range warps too.
// Harness invariants (beyond shadow_scoreboard_check): expected err codes;
// hazard, hz_ops, hz_same, hz_shadow and stall recomputed from the
// in-flight model; after each cycle every touched table (all tables every
// 1024 cycles) holds exactly the in-flight registers of its side with their
// shadow bits, and its entry count equals the in-flight count; the golden
// expectations.
//
// Coverage keys: divergences_pending / reconvergences_pending (events that
// found valid entries to shadow), shadow_hazards_left / _right (a query on
// that side blocked by a shadow entry of the other side), same_side_hazards,
// structural_stalls, full_tables (allocations that filled a table),
// writebacks, golden (scripts completed), and err_<NAME> for each error
// code (rejected cycles).  BAD_REG needs REGS below 2^REG_W: the default
// REGS = 64 cannot raise it; the odd design point (tb/design_points,
// REGS = 48), which make test runs, can.
#include "cosim.h"

#include "Vshadow_scoreboard.h"
#include "vl_state.h"

extern "C" {
#include "../rtl_c/shadow_scoreboard.h"
}

struct ShadowScoreboardModel {
    COSIM_MODEL(shadow_scoreboard, Vshadow_scoreboard)

    // Whole-state compare: the valid and shadow bits of every table, and the
    // register id of every valid entry (an invalid entry's id is not state:
    // the RTL does not reset it).  Table t = 2 * warp + side, as the Verilog
    // packs valid_q / shadow_q (ENTRIES bits per table) and indexes reg_q.
    static void state(rtl_t *r, const cfg_t &c, const state_t &s, StateCmp &cmp) {
        static VlRegCache<rtl_t> k;
        static VlReg valid, shadow, regs;
        if (k.stale(r)) {
            valid = VlReg(r->contextp(), "shadow_scoreboard", "valid_q");
            shadow = VlReg(r->contextp(), "shadow_scoreboard", "shadow_q");
            regs = VlReg(r->contextp(), "shadow_scoreboard", "reg_q");
        }
        const unsigned E = c.entries, rw = shadow_scoreboard_reg_w(&c);
        for (unsigned t = 0; t < 2 * c.warps; t++) {
            const unsigned w = t / 2, sd = t % 2;
            const int ti = static_cast<int>(t);
            cmp("valid_q", ti, -1, s.valid[w][sd], valid.get(0, t * E, E));
            cmp("shadow_q", ti, -1, s.shadow[w][sd], shadow.get(0, t * E, E));
            for (unsigned e = 0; e < E; e++)
                if ((s.valid[w][sd] >> e) & 1u)
                    cmp("reg_q", ti, static_cast<int>(e), s.reg[w][sd][e],
                        regs.get(t, e * rw, rw));
        }
    }
    static bool err(const out_t &o) { return o.err != 0; }
    // stall holds back only the issue; the writebacks and events of a
    // stalled cycle do happen, so the harness' "ready = 0 leaves the state
    // unchanged" rule does not apply.  The Stim checks instead that a
    // stalled issue allocated nothing and that the rest of the cycle did.
    static bool ready(const out_t &o) {
        (void)o;
        return true;
    }

    static const char *decode(const char *port, uint64_t v) {
        if (!std::strcmp(port, "err_code"))
            return shadow_scoreboard_err_name(static_cast<unsigned>(v));
        const char *side = std::strstr(port, "_side");
        if (side && side[5] == '\0')
            return (v & 1u) ? "R" : "L";
        return NULL;
    }
};

// --------------------------------------------------------- golden script
// 003 Fig. 6/7 on one warp, the steps of the worked example in
// rtl_c/shadow_scoreboard.h.  -1 = port idle.  Expected: hazard outputs of
// the query (when there is one) and the entry counts of L and R afterwards.
enum { SL = SHADOW_SB_L, SR = SHADOW_SB_R };
struct GoldenStep {
    int q_side;
    unsigned sv, s0, s1, s2;
    int dst;
    int iss_side, iss_reg;
    int wb0_side, wb0_reg, wb1_side, wb1_reg;
    int div_side;
    int rec;
    unsigned hz_ops, hz_same, hz_shadow;
    unsigned n_l, n_r;
};
static const GoldenStep kGolden[] = {
    // q_side sv s0 s1 s2 dst | iss | wb0 | wb1 | div rec | hz ops same shadow | nL nR
    {SL, 0, 0, 0, 0, 0, SL, 0, -1, 0, -1, 0, -1, 0, 0, 0, 0, 1, 0},  //  1 A: load r0
    {-1, 0, 0, 0, 0, -1, -1, 0, -1, 0, -1, 0, SL, 0, 0, 0, 0, 1, 0}, //  2 BR_B-C
    {SL, 0, 0, 0, 0, 1, SL, 1, -1, 0, -1, 0, -1, 0, 0, 0, 0, 2, 0},  //  3 B: load r1
    {SR, 3, 0, 2, 0, 5, -1, 0, -1, 0, -1, 0, -1, 0, 1, 0, 1, 2, 0},  //  4 C: r0 shadow
    {SR, 3, 0, 2, 0, 5, -1, 0, SL, 0, -1, 0, -1, 0, 1, 0, 1, 1, 0},  //  5 wb L r0
    {SR, 3, 0, 2, 0, 5, SR, 5, -1, 0, -1, 0, -1, 0, 0, 0, 0, 1, 1},  //  6 C: add r5
    {-1, 0, 0, 0, 0, -1, -1, 0, -1, 0, -1, 0, SR, 0, 0, 0, 0, 1, 1}, //  7 BR_D-E
    {SL, 3, 1, 3, 0, 4, -1, 0, -1, 0, -1, 0, -1, 0, 1, 1, 0, 1, 1},  //  8 D: false r1
    {SR, 3, 1, 3, 0, 4, SR, 4, -1, 0, -1, 0, -1, 0, 0, 0, 0, 1, 2},  //  9 E: sub r4
    {-1, 0, 0, 0, 0, -1, -1, 0, -1, 0, SL, 1, -1, 0, 0, 0, 0, 0, 2}, // 10 wb L r1
    {SL, 3, 1, 3, 0, 4, SL, 4, -1, 0, -1, 0, -1, 0, 0, 0, 0, 1, 2},  // 11 D: add r4
    {-1, 0, 0, 0, 0, -1, -1, 0, -1, 0, -1, 0, -1, 1, 0, 0, 0, 1, 2}, // 12 D, E at F
    {SR, 0, 0, 0, 0, 7, SR, 7, -1, 0, -1, 0, -1, 0, 0, 0, 0, 1, 3},  // 13 F: load r7
    {-1, 0, 0, 0, 0, -1, -1, 0, SL, 4, SR, 4, -1, 0, 0, 0, 0, 0, 2}, // 14 wb r4 x2
    {-1, 0, 0, 0, 0, -1, -1, 0, SR, 5, -1, 0, -1, 0, 0, 0, 0, 0, 1}, // 15 wb R r5
    {-1, 0, 0, 0, 0, -1, -1, 0, -1, 0, -1, 0, -1, 1, 0, 0, 0, 0, 1}, // 16 B, F at G
    {SL, 3, 1, 7, 0, 8, -1, 0, -1, 0, -1, 0, -1, 0, 2, 0, 1, 0, 1},  // 17 G: r7 shadow
    {-1, 0, 0, 0, 0, -1, -1, 0, SR, 7, -1, 0, -1, 0, 0, 0, 0, 0, 0}, // 18 wb R r7
    {SL, 3, 1, 7, 0, 8, SL, 8, -1, 0, -1, 0, -1, 0, 0, 0, 0, 1, 0},  // 19 G: add r8
    {-1, 0, 0, 0, 0, -1, -1, 0, SL, 8, -1, 0, -1, 0, 0, 0, 0, 0, 0}, // 20 wb L r8
};
static const unsigned kGoldenLen = sizeof kGolden / sizeof kGolden[0];

static const unsigned kHot = 4;

class ShadowScoreboardStim {
public:
    void reset(const shadow_scoreboard_cfg &cfg) {
        for (unsigned w = 0; w < SHADOW_SB_MAX_WARPS; w++)
            for (unsigned s = 0; s < 2; s++)
                fl_[w][s].clear();
        golden_warp_ = -1;
        golden_warp_now_ = -1;
        golden_due_ = false;
        golden_step_ = 0;
        golden_now_ = -1;
        expect_err_ = 0;
        fill_ = true;
        phase_left_ = 2000;
        checks_ = 0;
        (void)cfg;
        static const char *const keys[] = {
            "divergences_pending", "reconvergences_pending", "shadow_hazards_left",
            "shadow_hazards_right", "same_side_hazards", "structural_stalls",
            "full_tables", "writebacks", "golden"};
        for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
            cov_[keys[k]] = 0;
        for (unsigned e = 1; e < kErrs; e++)
            cov_[(err_key_[e] = std::string("err_") + shadow_scoreboard_err_name(e)).c_str()] = 0;
    }

    shadow_scoreboard_in next(const shadow_scoreboard_cfg &cfg,
                              const shadow_scoreboard_state &s, Rng &rng, uint64_t cyc) {
        shadow_scoreboard_in in;
        std::memset(&in, 0, sizeof in);
        expect_err_ = 0;
        golden_now_ = -1;
        in.rd_warp = rng.chance(5) ? rng.bits(shadow_scoreboard_warp_w(&cfg))
                                   : (rng.chance(50) ? pick_warp(cfg, rng) : rng.below(cfg.warps));
        in.rd_side = rng.below(2);
        in.rd_idx = rng.bits(shadow_scoreboard_idx_w(&cfg));
        if (--phase_left_ == 0) {
            fill_ = !fill_;
            phase_left_ = 500 + rng.below(3000);
        }

        if (golden_warp_ < 0 && cyc % 5000 == 0)
            golden_due_ = true;
        if (golden_due_)
            start_golden(cfg); // as soon as some warp is idle
        if (golden_warp_ >= 0 && rng.chance(50)) {
            golden(in);
            return in;
        }

        legal(cfg, s, rng, in);
        if (rng.chance(3))
            illegal(cfg, rng, in);
        return in;
    }

    const char *check(const shadow_scoreboard_cfg &cfg, const shadow_scoreboard_state &before,
                      const shadow_scoreboard_state &after, const shadow_scoreboard_in &in,
                      const shadow_scoreboard_out &o) {
        static char msg[240];
        if (o.err_code != expect_err_) {
            snprintf(msg, sizeof msg, "expected err_code %s, model gave %s",
                     shadow_scoreboard_err_name(expect_err_),
                     shadow_scoreboard_err_name(static_cast<unsigned>(o.err_code)));
            return msg;
        }
        // the query, from the in-flight model
        unsigned ops, same, shad;
        ref_hazard(cfg, in, &ops, &same, &shad);
        if (o.hz_ops != ops || o.hz_same != same || o.hz_shadow != shad ||
            o.hazard != (ops != 0)) {
            snprintf(msg, sizeof msg,
                     "query warp %u side %u: model hz_ops %llx same %llu shadow %llu, "
                     "in-flight model %x %u %u",
                     (unsigned)in.q_warp, (unsigned)in.q_side, (unsigned long long)o.hz_ops,
                     (unsigned long long)o.hz_same, (unsigned long long)o.hz_shadow, ops, same,
                     shad);
            return msg;
        }
        const bool ok = o.err == 0;
        const bool alloc = ok && in.iss_valid && in.iss_alloc;
        const unsigned iw = static_cast<unsigned>(in.iss_warp) % SHADOW_SB_MAX_WARPS;
        const unsigned is = static_cast<unsigned>(in.iss_side) & 1u;
        const bool full = alloc && fl_[iw][is].size() == cfg.entries;
        if (o.stall != (alloc && full ? 1u : 0u)) {
            snprintf(msg, sizeof msg, "stall %llu, but warp %u side %u holds %zu of %u",
                     (unsigned long long)o.stall, iw, is, fl_[iw][is].size(), cfg.entries);
            return msg;
        }
        if (golden_now_ >= 0) {
            const char *why = check_golden_outputs(o);
            if (why)
                return why;
        }
        if (ok)
            apply(cfg, before, in, o, alloc && !full);
        else if (o.err_code < kErrs)
            cov_[err_key_[o.err_code].c_str()]++;
        if (ops != 0) {
            if (same)
                cov_["same_side_hazards"]++;
            if (shad)
                cov_[in.q_side ? "shadow_hazards_right" : "shadow_hazards_left"]++;
        }

        // the model's tables against the in-flight model
        const char *why = NULL;
        if (++checks_ % 1024 == 0) {
            for (unsigned w = 0; w < cfg.warps && !why; w++)
                for (unsigned sd = 0; sd < 2 && !why; sd++)
                    why = compare_table(cfg, after, w, sd);
        } else {
            const uint64_t tw[] = {in.iss_warp, in.wb0_warp, in.wb1_warp, in.div_warp,
                                   in.rec_warp, in.q_warp};
            for (size_t k = 0; k < sizeof tw / sizeof tw[0] && !why; k++)
                if (tw[k] < cfg.warps)
                    for (unsigned sd = 0; sd < 2 && !why; sd++)
                        why = compare_table(cfg, after, static_cast<unsigned>(tw[k]), sd);
        }
        if (why)
            return why;
        if (golden_now_ >= 0) {
            const GoldenStep &g = kGolden[golden_now_];
            const unsigned gw = static_cast<unsigned>(golden_warp_now_);
            if (fl_[gw][SL].size() != g.n_l || fl_[gw][SR].size() != g.n_r) {
                snprintf(msg, sizeof msg,
                         "golden step %d: warp %u holds %zu (L) / %zu (R), expected %u / %u",
                         golden_now_ + 1, gw, fl_[gw][SL].size(), fl_[gw][SR].size(), g.n_l,
                         g.n_r);
                return msg;
            }
        }
        return NULL;
    }

    // Flips the shadow bit of a valid entry of a hot warp (or, with none, a
    // valid bit).  Breaks no invariant of the model itself: the lockstep
    // compare (rd_*, hazards) or the in-flight model must catch it.
    void inject_fault(const shadow_scoreboard_cfg &cfg, shadow_scoreboard_state &s, Rng &rng) {
        for (unsigned k = 0; k < 2 * cfg.warps; k++) {
            unsigned t = (k + static_cast<unsigned>(rng.below(2 * kHot))) % (2 * cfg.warps);
            unsigned w = t / 2, sd = t % 2;
            if (s.valid[w][sd]) {
                unsigned e = bits_ffs(s.valid[w][sd]);
                s.shadow[w][sd] = static_cast<uint16_t>(s.shadow[w][sd] ^ (1u << e));
                return;
            }
        }
        s.valid[0][0] ^= 1u;
    }

    std::string coverage() { return cov_.str(); }

    // The decision kinds this point allows (tb/cosim.h hook 5): writebacks,
    // same-side hazards, allocations that fill a table and the stalls a full
    // table causes (an allocation of a register not pending: REGS > ENTRIES)
    // where a table has at most 8 entries (the large point's 16 filled 2
    // and 0 times in 40,000 cycles at seeds 1 and 2), divergences and reconvergences that shadow valid entries, a
    // query blocked by a shadow entry of either side, the illegal items
    // WB_TWICE, WB_NOT_PENDING, DUP_ALLOC, BAD_WARP and BAD_REG where the
    // ports can carry an id beyond WARPS / REGS, and the golden script where
    // it fits (ENTRIES >= 3, REGS >= 9, a warp beyond the hot four).  A
    // full table needs REGS >= ENTRIES as well: a table never holds a
    // register twice (DUP_ALLOC refuses it; shadow_scoreboard_check), so it
    // holds at most REGS entries (at REGS=1, one of the 6: never full).
    void required(const shadow_scoreboard_cfg &cfg, std::vector<std::string> &keys) const {
        cosim_require(keys, {"writebacks", "same_side_hazards", "divergences_pending",
                             "reconvergences_pending", "shadow_hazards_left",
                             "shadow_hazards_right", "err_WB_TWICE", "err_WB_NOT_PENDING",
                             "err_DUP_ALLOC"});
        cosim_require(keys, {"err_BAD_WARP"},
                      cfg.warps < (1ull << shadow_scoreboard_warp_w(&cfg)));
        cosim_require(keys, {"err_BAD_REG"}, cfg.regs < (1ull << shadow_scoreboard_reg_w(&cfg)));
        cosim_require(keys, {"full_tables"}, cfg.entries <= 8 && cfg.regs >= cfg.entries);
        cosim_require(keys, {"structural_stalls"}, cfg.regs > cfg.entries && cfg.entries <= 8);
        cosim_require(keys, {"golden"}, cfg.entries >= 3 && cfg.regs >= 9 && cfg.warps > kHot);
    }

private:
    struct Flight {
        uint8_t reg;
        bool shadow;
    };

    unsigned pick_warp(const shadow_scoreboard_cfg &cfg, Rng &rng) const {
        unsigned w = rng.chance(70) ? static_cast<unsigned>(rng.below(kHot) % cfg.warps)
                                    : static_cast<unsigned>(rng.below(cfg.warps));
        return w;
    }
    bool pending(unsigned w, unsigned sd, unsigned reg) const {
        for (size_t i = 0; i < fl_[w][sd].size(); i++)
            if (fl_[w][sd][i].reg == reg)
                return true;
        return false;
    }
    bool shadowed(unsigned w, unsigned sd, unsigned reg) const {
        for (size_t i = 0; i < fl_[w][sd].size(); i++)
            if (fl_[w][sd][i].reg == reg && fl_[w][sd][i].shadow)
                return true;
        return false;
    }
    // A register for a query operand: often one pending on this warp.
    unsigned pick_reg(const shadow_scoreboard_cfg &cfg, Rng &rng, unsigned w) const {
        if (rng.chance(45)) {
            unsigned sd = static_cast<unsigned>(rng.below(2));
            if (fl_[w][sd].empty())
                sd ^= 1u;
            if (!fl_[w][sd].empty())
                return fl_[w][sd][rng.below(fl_[w][sd].size())].reg;
        }
        return static_cast<unsigned>(rng.below(cfg.regs));
    }

    void ref_hazard(const shadow_scoreboard_cfg &cfg, const shadow_scoreboard_in &in,
                    unsigned *ops, unsigned *same, unsigned *shad) const {
        const unsigned qv = static_cast<unsigned>(in.q_src_valid) |
                            (static_cast<unsigned>(in.q_dst_valid) << 3);
        const uint64_t regs[4] = {in.q_src0, in.q_src1, in.q_src2, in.q_dst};
        *ops = *same = *shad = 0;
        if (in.q_warp >= cfg.warps) {
            *ops = qv;
            return;
        }
        const unsigned w = static_cast<unsigned>(in.q_warp), qs = static_cast<unsigned>(in.q_side);
        for (unsigned k = 0; k < 4; k++) {
            if (!((qv >> k) & 1u))
                continue;
            const unsigned r = static_cast<unsigned>(regs[k]);
            const bool a = pending(w, qs, r), b = shadowed(w, qs ^ 1u, r);
            if (a || b)
                *ops |= 1u << k;
            *same |= a;
            *shad |= b;
        }
    }

    void legal(const shadow_scoreboard_cfg &cfg, const shadow_scoreboard_state &s, Rng &rng,
               shadow_scoreboard_in &in) {
        (void)s;
        // query
        unsigned qw = pick_warp(cfg, rng);
        bool issued = false;
        if (static_cast<int>(qw) != golden_warp_ && rng.chance(90)) {
            in.q_warp = qw;
            in.q_side = rng.below(2);
            for (unsigned k = 0; k < 3; k++)
                if (rng.chance(50))
                    in.q_src_valid |= 1u << k;
            in.q_src0 = pick_reg(cfg, rng, qw);
            in.q_src1 = pick_reg(cfg, rng, qw);
            in.q_src2 = pick_reg(cfg, rng, qw);
            in.q_dst_valid = rng.chance(75);
            in.q_dst = rng.chance(20) ? pick_reg(cfg, rng, qw) : rng.below(cfg.regs);
            unsigned ops, same, shad;
            ref_hazard(cfg, in, &ops, &same, &shad);
            if (ops == 0 && rng.chance(85)) {
                in.iss_valid = 1;
                in.iss_warp = qw;
                in.iss_side = in.q_side;
                in.iss_alloc = in.q_dst_valid;
                in.iss_reg = in.q_dst_valid ? in.q_dst : rng.below(cfg.regs);
                issued = true;
            }
        }
        // a blind allocation on a hot warp, to fill tables
        if (!issued && fill_ && rng.chance(40)) {
            unsigned w = static_cast<unsigned>(rng.below(kHot) % cfg.warps);
            unsigned sd = static_cast<unsigned>(rng.below(2));
            unsigned reg = static_cast<unsigned>(rng.below(cfg.regs));
            if (static_cast<int>(w) != golden_warp_ && !pending(w, sd, reg)) {
                in.iss_valid = 1;
                in.iss_warp = w;
                in.iss_side = sd;
                in.iss_alloc = 1;
                in.iss_reg = reg;
            }
        }
        // writebacks of in-flight instructions
        for (unsigned k = 0; k < 2; k++) {
            if (!rng.chance(fill_ ? 30 : 80))
                continue;
            for (unsigned tries = 0; tries < 4; tries++) {
                unsigned w = pick_warp(cfg, rng), sd = static_cast<unsigned>(rng.below(2));
                if (static_cast<int>(w) == golden_warp_ || fl_[w][sd].empty())
                    continue;
                unsigned reg = fl_[w][sd][rng.below(fl_[w][sd].size())].reg;
                if (k == 1 && in.wb0_valid && in.wb0_warp == w && in.wb0_side == sd &&
                    in.wb0_reg == reg)
                    continue;
                set_wb(in, k, w, sd, reg);
                break;
            }
        }
        // control-flow events
        if (rng.chance(3)) {
            unsigned w = pick_warp(cfg, rng);
            if (static_cast<int>(w) != golden_warp_) {
                in.div_valid = 1;
                in.div_warp = w;
                in.div_side = rng.below(2);
            }
        }
        if (rng.chance(2)) {
            unsigned w = pick_warp(cfg, rng);
            if (static_cast<int>(w) != golden_warp_) {
                in.rec_valid = 1;
                in.rec_warp = w;
            }
        }
    }

    static void set_wb(shadow_scoreboard_in &in, unsigned k, unsigned w, unsigned sd,
                       unsigned reg) {
        if (k == 0) {
            in.wb0_valid = 1;
            in.wb0_warp = w;
            in.wb0_side = sd;
            in.wb0_reg = reg;
        } else {
            in.wb1_valid = 1;
            in.wb1_warp = w;
            in.wb1_side = sd;
            in.wb1_reg = reg;
        }
    }

    // A random in-flight instruction (any warp); false if none was found.
    bool pick_flight(const shadow_scoreboard_cfg &cfg, Rng &rng, unsigned *w, unsigned *sd,
                     unsigned *reg) const {
        for (unsigned tries = 0; tries < 8; tries++) {
            *w = pick_warp(cfg, rng);
            *sd = static_cast<unsigned>(rng.below(2));
            if (!fl_[*w][*sd].empty()) {
                *reg = fl_[*w][*sd][rng.below(fl_[*w][*sd].size())].reg;
                return true;
            }
        }
        return false;
    }

    // One illegal item on top of the cycle's legal traffic.
    void illegal(const shadow_scoreboard_cfg &cfg, Rng &rng, shadow_scoreboard_in &in) {
        unsigned w, sd, reg;
        const unsigned reg_w = shadow_scoreboard_reg_w(&cfg);
        switch (rng.below(5)) {
        case 0: {
            const unsigned ids = 1u << shadow_scoreboard_warp_w(&cfg); // the port can name
            if (cfg.warps >= ids)
                return; // every warp id is in range
            unsigned bad = cfg.warps + static_cast<unsigned>(rng.below(ids - cfg.warps));
            switch (rng.below(6)) {
            case 0:
                in.iss_valid = 1;
                in.iss_warp = bad;
                in.iss_alloc = rng.below(2);
                break;
            case 1:
                set_wb(in, 0, bad, rng.below(2), rng.below(cfg.regs));
                break;
            case 2:
                set_wb(in, 1, bad, rng.below(2), rng.below(cfg.regs));
                break;
            case 3:
                in.div_valid = 1;
                in.div_warp = bad;
                break;
            case 4:
                in.rec_valid = 1;
                in.rec_warp = bad;
                break;
            default:
                in.q_warp = bad;
                in.q_src_valid |= 1u;
                break;
            }
            expect_err_ = SHADOW_SB_ERR_BAD_WARP;
            break;
        }
        case 1: {
            if (cfg.regs >= (1u << reg_w))
                return; // every register id is in range
            const unsigned bad = cfg.regs + static_cast<unsigned>(rng.below((1u << reg_w) - cfg.regs));
            switch (rng.below(5)) {
            case 0:
                in.iss_valid = 1;
                in.iss_alloc = 1;
                in.iss_warp = rng.below(cfg.warps);
                in.iss_reg = bad;
                break;
            case 1:
                set_wb(in, 0, static_cast<unsigned>(rng.below(cfg.warps)), rng.below(2), bad);
                break;
            case 2:
                set_wb(in, 1, static_cast<unsigned>(rng.below(cfg.warps)), rng.below(2), bad);
                break;
            case 3: {
                const unsigned k = static_cast<unsigned>(rng.below(3));
                in.q_warp = rng.below(cfg.warps);
                in.q_src_valid |= 1u << k;
                (k == 0 ? in.q_src0 : k == 1 ? in.q_src1 : in.q_src2) = bad;
                break;
            }
            default:
                in.q_warp = rng.below(cfg.warps);
                in.q_dst_valid = 1;
                in.q_dst = bad;
                break;
            }
            expect_err_ = SHADOW_SB_ERR_BAD_REG;
            break;
        }
        case 2:
            if (!pick_flight(cfg, rng, &w, &sd, &reg))
                return;
            set_wb(in, 0, w, sd, reg);
            set_wb(in, 1, w, sd, reg);
            expect_err_ = SHADOW_SB_ERR_WB_TWICE;
            break;
        case 3:
            w = static_cast<unsigned>(rng.below(cfg.warps));
            sd = static_cast<unsigned>(rng.below(2));
            reg = static_cast<unsigned>(rng.below(cfg.regs));
            for (unsigned tries = 0; tries < cfg.regs && pending(w, sd, reg); tries++)
                reg = (reg + 1) % cfg.regs;
            if (pending(w, sd, reg))
                return; // every register is pending in that table
            set_wb(in, static_cast<unsigned>(rng.below(2)), w, sd, reg);
            expect_err_ = SHADOW_SB_ERR_WB_NOT_PENDING;
            break;
        default:
            if (!pick_flight(cfg, rng, &w, &sd, &reg))
                return;
            in.iss_valid = 1;
            in.iss_alloc = 1;
            in.iss_warp = w;
            in.iss_side = sd;
            in.iss_reg = reg;
            expect_err_ = SHADOW_SB_ERR_DUP_ALLOC;
            break;
        }
    }

    // ------------------------------------------------------------ golden
    // The script needs 3 entries per side and 9 registers; it runs on the
    // highest idle warp that is not hot.
    void start_golden(const shadow_scoreboard_cfg &cfg) {
        if (cfg.entries < 3 || cfg.regs < 9)
            return;
        for (unsigned w = cfg.warps; w-- > kHot;) {
            if (fl_[w][0].empty() && fl_[w][1].empty()) {
                golden_warp_ = static_cast<int>(w);
                golden_step_ = 0;
                golden_due_ = false;
                return;
            }
        }
    }

    void golden(shadow_scoreboard_in &in) {
        const GoldenStep &g = kGolden[golden_step_];
        const unsigned w = static_cast<unsigned>(golden_warp_);
        if (g.q_side >= 0) {
            in.q_warp = w;
            in.q_side = static_cast<unsigned>(g.q_side);
            in.q_src_valid = g.sv;
            in.q_src0 = g.s0;
            in.q_src1 = g.s1;
            in.q_src2 = g.s2;
            in.q_dst_valid = g.dst >= 0;
            in.q_dst = g.dst >= 0 ? static_cast<unsigned>(g.dst) : 0u;
        }
        if (g.iss_side >= 0) {
            in.iss_valid = 1;
            in.iss_warp = w;
            in.iss_side = static_cast<unsigned>(g.iss_side);
            in.iss_alloc = 1;
            in.iss_reg = static_cast<unsigned>(g.iss_reg);
        }
        if (g.wb0_side >= 0)
            set_wb(in, 0, w, static_cast<unsigned>(g.wb0_side), static_cast<unsigned>(g.wb0_reg));
        if (g.wb1_side >= 0)
            set_wb(in, 1, w, static_cast<unsigned>(g.wb1_side), static_cast<unsigned>(g.wb1_reg));
        if (g.div_side >= 0) {
            in.div_valid = 1;
            in.div_warp = w;
            in.div_side = static_cast<unsigned>(g.div_side);
        }
        if (g.rec) {
            in.rec_valid = 1;
            in.rec_warp = w;
        }
        golden_now_ = static_cast<int>(golden_step_);
        golden_warp_now_ = golden_warp_;
        if (++golden_step_ == kGoldenLen) {
            golden_warp_ = -1;
            cov_["golden"]++;
        }
    }

    const char *check_golden_outputs(const shadow_scoreboard_out &o) {
        static char msg[200];
        const GoldenStep &g = kGolden[golden_now_];
        if (o.stall != 0 || (g.q_side >= 0 && (o.hz_ops != g.hz_ops || o.hz_same != g.hz_same ||
                                                o.hz_shadow != g.hz_shadow))) {
            snprintf(msg, sizeof msg,
                     "golden step %d: hz_ops %llx same %llu shadow %llu stall %llu, expected "
                     "%x %u %u 0",
                     golden_now_ + 1, (unsigned long long)o.hz_ops,
                     (unsigned long long)o.hz_same, (unsigned long long)o.hz_shadow,
                     (unsigned long long)o.stall, g.hz_ops, g.hz_same, g.hz_shadow);
            return msg;
        }
        return NULL;
    }

    // ------------------------------------------------- in-flight model
    void apply(const shadow_scoreboard_cfg &cfg, const shadow_scoreboard_state &before,
               const shadow_scoreboard_in &in, const shadow_scoreboard_out &o, bool alloc) {
        for (unsigned k = 0; k < 2; k++) {
            const bool v = k ? in.wb1_valid : in.wb0_valid;
            if (!v)
                continue;
            const unsigned w = static_cast<unsigned>(k ? in.wb1_warp : in.wb0_warp);
            const unsigned sd = static_cast<unsigned>(k ? in.wb1_side : in.wb0_side);
            const unsigned reg = static_cast<unsigned>(k ? in.wb1_reg : in.wb0_reg);
            std::vector<Flight> &f = fl_[w][sd];
            for (size_t i = 0; i < f.size(); i++)
                if (f[i].reg == reg) {
                    f.erase(f.begin() + static_cast<long>(i));
                    break;
                }
            cov_["writebacks"]++;
        }
        if (alloc) {
            Flight f;
            f.reg = static_cast<uint8_t>(in.iss_reg);
            f.shadow = false;
            fl_[in.iss_warp][in.iss_side].push_back(f);
            if (fl_[in.iss_warp][in.iss_side].size() == cfg.entries)
                cov_["full_tables"]++;
        }
        if (o.stall)
            cov_["structural_stalls"]++;
        if (in.div_valid) {
            if (before.valid[in.div_warp][in.div_side])
                cov_["divergences_pending"]++;
            shadow_all(fl_[in.div_warp][in.div_side]);
        }
        if (in.rec_valid) {
            if (before.valid[in.rec_warp][0] | before.valid[in.rec_warp][1])
                cov_["reconvergences_pending"]++;
            shadow_all(fl_[in.rec_warp][0]);
            shadow_all(fl_[in.rec_warp][1]);
        }
    }

    static void shadow_all(std::vector<Flight> &f) {
        for (size_t i = 0; i < f.size(); i++)
            f[i].shadow = true;
    }

    const char *compare_table(const shadow_scoreboard_cfg &cfg, const shadow_scoreboard_state &s,
                              unsigned w, unsigned sd) const {
        static char msg[200];
        const std::vector<Flight> &f = fl_[w][sd];
        const unsigned n = bits_popcount(s.valid[w][sd]);
        if (n != f.size()) {
            snprintf(msg, sizeof msg, "warp %u side %s: %u valid entries, %zu writes in flight",
                     w, sd ? "R" : "L", n, f.size());
            return msg;
        }
        for (unsigned e = 0; e < cfg.entries; e++) {
            if (!bits_get(s.valid[w][sd], e))
                continue;
            const unsigned reg = s.reg[w][sd][e], sh = bits_get(s.shadow[w][sd], e);
            bool found = false;
            for (size_t i = 0; i < f.size() && !found; i++)
                if (f[i].reg == reg) {
                    found = true;
                    if (f[i].shadow != (sh != 0)) {
                        snprintf(msg, sizeof msg,
                                 "warp %u side %s entry %u: r%u shadow %u, in-flight model %u",
                                 w, sd ? "R" : "L", e, reg, sh, f[i].shadow ? 1u : 0u);
                        return msg;
                    }
                }
            if (!found) {
                snprintf(msg, sizeof msg, "warp %u side %s entry %u: r%u is not in flight", w,
                         sd ? "R" : "L", e, reg);
                return msg;
            }
        }
        return NULL;
    }

    std::vector<Flight> fl_[SHADOW_SB_MAX_WARPS][2];
    int golden_warp_, golden_warp_now_;
    bool golden_due_;
    unsigned golden_step_;
    int golden_now_;
    unsigned expect_err_;
    bool fill_;
    uint64_t phase_left_;
    uint64_t checks_;
    static const unsigned kErrs = SHADOW_SB_ERR_DUP_ALLOC + 1;
    std::string err_key_[kErrs];
    Coverage cov_;
};

int main(int argc, char **argv)
{
    return cosim_main<ShadowScoreboardModel, ShadowScoreboardStim>(argc, argv);
}
