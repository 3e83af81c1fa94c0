// SPDX-License-Identifier: Apache-2.0
// tsimt_frontend_cosim.cpp -- lockstep co-simulation of rtl_c/tsimt_frontend
// (over rtl_c/tsimt_lane) against verilog/tsimt_frontend.v (which
// instantiates verilog/tsimt_lane.v), 002 sec. 3.1, 3.3, 5.6.
//
// Stimulus: a fetch unit and a scoreboard around the front end.  Phases of
// 1000 cycles change the fill rate (every cycle / often / rarely), the share
// of warps the scoreboard blocks, the masks (sparse: many short instructions
// and conflicts; full warps; random; whole aligned groups) and which lanes
// the fetch favours (balanced or skewed to a few lanes).  About 2% of the
// cycles carry an illegal fill (BAD_WARP when WARPS is not a power of two,
// SLOT_FULL into a slot that does not issue, EMPTY); a legal fill goes to
// an empty slot or, half the time it can, into the slot that issues in the
// same cycle (issue 24 item 3).  Golden runs (every 5000 cycles): stop fetching, drain,
// then the hand-made Table IV schedule of the unit tests: min(L, 4) lanes
// each get one 1-thread instruction, released together: conflict must read
// min(L,4)-1, ..., 1, 0 in consecutive cycles.
//
// Scalar instructions (fill_scalar, 002 sec. 4.1): a phase fills none, one
// in eight or half of its instructions as scalar; fill_scalar is also
// driven on cycles without a fill (it must change nothing).  The harness
// checks iss_scalar against the slot's bit, that a lane executing a scalar
// instruction runs one thread in one cycle (done), and counts a scalar
// issue as one thread in the conservation below.
// Harness invariants (beyond tsimt_frontend_check): expected err codes;
// requests recomputed independently from the state (a lane is ready when
// idle or when exactly one non-empty group is left at or above pos_q; it
// requests with a buffered, scoreboard-ready warp of its own); conflict =
// min(R - 1, 3); an issue iff R > 0, to a requesting lane, of a warp of that
// lane; no lane err; counters step exactly by conflict; fairness (a
// requesting lane waits at most LANES - 1 cycles; an issuable warp is
// passed over at most WPL - 1 times by its lane); thread conservation
// (threads issued = threads executed + threads still to run in the lanes);
// the buffer's valid bits and the filled slot (its scalar bit included)
// after every edge.
// Model::state compares the buffer, pointers, counters and every lane's six
// registers with the RTL after every clock edge.
//
// Design points: any legal parameter set (docs/cosim.md), e.g.
//   make cosim STRUCT=tsimt_frontend PARAMS="LANES=16 K=2"
// (a WARPS that is not a power of two makes the BAD_WARP fill reachable).
#include "cosim.h"

#include "Vtsimt_frontend.h"
#include "Vtsimt_frontend___024root.h"
#include "verilated_syms.h"

extern "C" {
#include "../rtl_c/tsimt_frontend.h"
}

// The lanes' registers, read through Verilator's scope table (the lanes sit
// in a generate loop whose length is a parameter, so their flat member names
// cannot be written out once for every LANES).  Looked up once per model.
static const char *const kLaneRegs[] = {"instr_q", "warp_q", "mask_q",
                                        "busy_q",  "pos_q",  "scalar_q"};
enum { N_LANE_REGS = 6 };
struct LaneRegs {
    const Vtsimt_frontend *model = NULL;
    const VerilatedVar *var[TSIMT_FE_MAX_LANES][N_LANE_REGS];
};

static uint64_t read_var(const VerilatedVar *v) {
    if (!v)
        return ~0ull; // not found: reads as a mismatch
    switch (v->vltype()) {
    case VLVT_UINT8:
        return *static_cast<const uint8_t *>(v->datap());
    case VLVT_UINT16:
        return *static_cast<const uint16_t *>(v->datap());
    case VLVT_UINT32:
        return *static_cast<const uint32_t *>(v->datap());
    case VLVT_UINT64:
        return *static_cast<const uint64_t *>(v->datap());
    default:
        return ~0ull;
    }
}

static const LaneRegs &lane_regs(Vtsimt_frontend *r, unsigned lanes) {
    static LaneRegs lr;
    if (lr.model == r)
        return lr;
    lr.model = r;
    for (unsigned l = 0; l < lanes; l++) {
        char scope[96];
        snprintf(scope, sizeof scope, "%s.tsimt_frontend.g_lane[%u].u_lane", r->name(), l);
        const VerilatedScope *sp = r->contextp()->scopeFind(scope);
        for (unsigned k = 0; k < N_LANE_REGS; k++)
            lr.var[l][k] = sp ? sp->varFind(kLaneRegs[k]) : NULL;
    }
    return lr;
}

struct TsimtFrontendModel {
    COSIM_MODEL(tsimt_frontend, Vtsimt_frontend)

    static bool err(const out_t &o) { return o.err != 0; }
    // No push-back on this interface: the fill port is governed by ib_full
    // (a fill into a full slot is an err) and the lanes sequence on while
    // nothing issues, so "held back, state unchanged" does not apply.
    static bool ready(const out_t &o) {
        (void)o;
        return true;
    }

    static void state(rtl_t *r, const cfg_t &c, const state_t &s, StateCmp &cmp) {
        Vtsimt_frontend___024root *p = r->rootp;
        cmp("ib_v_q", -1, -1, s.ib_v_q, p->tsimt_frontend__DOT__ib_v_q);
        cmp("ib_s_q", -1, -1, s.ib_s_q, p->tsimt_frontend__DOT__ib_s_q);
        for (unsigned w = 0; w < c.warps; w++) {
            cmp("ib_instr_q", static_cast<int>(w), -1, s.ib_instr_q[w],
                p->tsimt_frontend__DOT__ib_instr_q[w]);
            cmp("ib_mask_q", static_cast<int>(w), -1, s.ib_mask_q[w],
                p->tsimt_frontend__DOT__ib_mask_q[w]);
        }
        cmp("rr_q", -1, -1, s.rr_q, p->tsimt_frontend__DOT__rr_q);
        for (unsigned l = 0; l < c.lanes; l++)
            cmp("wp_q", static_cast<int>(l), -1, s.wp_q[l], p->tsimt_frontend__DOT__wp_q[l]);
        cmp("conf1_q", -1, -1, s.conf1_q, p->tsimt_frontend__DOT__conf1_q);
        cmp("conf2_q", -1, -1, s.conf2_q, p->tsimt_frontend__DOT__conf2_q);
        cmp("conf3_q", -1, -1, s.conf3_q, p->tsimt_frontend__DOT__conf3_q);
        const LaneRegs &lr = lane_regs(r, c.lanes);
        for (unsigned l = 0; l < c.lanes; l++) {
            const tsimt_lane_state &ls = s.lane[l];
            const uint64_t cv[N_LANE_REGS] = {ls.instr_q, ls.warp_q, ls.mask_q, ls.busy_q,
                                              ls.pos_q,   ls.scalar_q};
            static const char *const names[N_LANE_REGS] = {
                "g_lane.u_lane.instr_q", "g_lane.u_lane.warp_q", "g_lane.u_lane.mask_q",
                "g_lane.u_lane.busy_q", "g_lane.u_lane.pos_q", "g_lane.u_lane.scalar_q"};
            for (unsigned k = 0; k < N_LANE_REGS; k++)
                cmp(names[k], static_cast<int>(l), -1, cv[k], read_var(lr.var[l][k]));
        }
    }
    static const char *decode(const char *port, uint64_t v) {
        if (!std::strcmp(port, "act"))
            return tsimt_frontend_act_name(static_cast<unsigned>(v));
        if (!std::strcmp(port, "err_code"))
            return tsimt_frontend_err_name(static_cast<unsigned>(v));
        if (!std::strcmp(port, "rd_act"))
            return tsimt_lane_act_name(static_cast<unsigned>(v));
        return NULL;
    }
};

class TsimtFrontendStim {
public:
    void reset(const tsimt_frontend_cfg &cfg) {
        (void)cfg;
        std::memset(lane_wait_, 0, sizeof lane_wait_);
        std::memset(passed_, 0, sizeof passed_);
        issued_thr_ = executed_thr_ = 0;
        expect_err_ = 0;
        fill_pct_ = 90;
        block_pct_ = 10;
        mask_kind_ = 0;
        scalar_pct_ = 12;
        skew_ = false;
        golden_due_ = 5000;
        golden_phase_ = 0;
        golden_step_ = 0;
        static const char *const keys[] = {
            "act_IDLE",  "act_ISSUE",     "act_CONFLICT", "act_HOLD",  "err_BAD_WARP",
            "err_SLOT_FULL", "err_EMPTY", "conflict_1",   "conflict_2", "conflict_3",
            "handovers", "max_lane_wait", "all_lanes_busy", "golden", "fill_on_issue",
            "fill_on_issue_scalar_flip", "scalar_issues", "scalar_exec", "scalar_idle_input"};
        for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
            cov_[keys[k]] = 0;
    }

    tsimt_frontend_in next(const tsimt_frontend_cfg &cfg, const tsimt_frontend_state &s,
                           Rng &rng, uint64_t cyc) {
        tsimt_frontend_in in;
        std::memset(&in, 0, sizeof in);
        expect_err_ = 0;
        expect_conflict_ = -1;
        const uint64_t all = bits_mask(cfg.warps);
        in.rd_lane = rng.below(cfg.lanes + (rng.chance(5) ? 4 : 0));
        if (cyc % 1000 == 0) {
            static const unsigned fills[] = {100, 70, 25};
            static const unsigned blocks[] = {0, 20, 60};
            fill_pct_ = fills[rng.below(3)];
            block_pct_ = blocks[rng.below(3)];
            mask_kind_ = static_cast<unsigned>(rng.below(4));
            static const unsigned scalars[] = {0, 12, 50};
            scalar_pct_ = scalars[rng.below(3)];
            skew_ = rng.chance(30);
        }
        if (golden_phase_ == 0 && cyc >= golden_due_) {
            golden_phase_ = 1; // drain
            golden_due_ = cyc - cyc % 5000 + 5000;
        }
        if (golden_phase_ != 0)
            return golden(cfg, s, in);

        in.sb_ok = all;
        for (unsigned w = 0; w < cfg.warps; w++)
            if (rng.chance(block_pct_))
                in.sb_ok &= ~(1ull << w);
        if (rng.chance(2) && illegal(cfg, s, rng, in))
            return in;
        // the warp that issues this cycle (the pick reads no fill input):
        // its slot may be refilled at the same edge
        const uint64_t iss = issuing(cfg, s, in);
        uint64_t empty = all & ~s.ib_v_q;
        if (iss && rng.chance(50))
            empty |= iss;
        if (empty && rng.chance(fill_pct_)) {
            uint64_t pick = empty;
            if (skew_) {
                uint64_t fav = 0;
                for (unsigned w = 0; w < cfg.warps; w++)
                    if (tsimt_frontend_lane_of(&cfg, w) < (cfg.lanes + 3) / 4)
                        fav |= 1ull << w;
                if (empty & fav)
                    pick = empty & fav;
            }
            in.fill_valid = 1;
            in.fill_warp = nth_bit(pick, static_cast<unsigned>(rng.below(bits_popcount(pick))));
            in.fill_mask = pick_mask(cfg, rng);
            in.fill_instr = rng.bits(cfg.instr_bits);
            in.fill_scalar = rng.chance(scalar_pct_);
        } else if (rng.chance(10)) {
            in.fill_scalar = 1; // no fill: must change nothing
            cov_["scalar_idle_input"]++;
        }
        return in;
    }

    const char *check(const tsimt_frontend_cfg &cfg, const tsimt_frontend_state &before,
                      const tsimt_frontend_state &after, const tsimt_frontend_in &in,
                      const tsimt_frontend_out &o) {
        static char msg[240];
        const unsigned L = cfg.lanes, wpl = tsimt_frontend_wpl(&cfg);
        if (o.err_code != expect_err_) {
            snprintf(msg, sizeof msg, "expected err_code %s, model gave %s",
                     tsimt_frontend_err_name(expect_err_),
                     tsimt_frontend_err_name(static_cast<unsigned>(o.err_code)));
            return msg;
        }
        if (o.lane_err) {
            snprintf(msg, sizeof msg, "lane err %llx: a lane was served while not ready",
                     (unsigned long long)o.lane_err);
            return msg;
        }
        static const char *const acts[] = {"act_IDLE", "act_ISSUE", "act_CONFLICT", "act_HOLD"};
        cov_[acts[o.act & 3u]]++;
        if (o.err) {
            static const char *const errs[] = {"", "err_BAD_WARP", "err_SLOT_FULL", "err_EMPTY"};
            cov_[errs[o.err_code & 3u]]++;
            if (o.lane_ex || o.iss_valid) {
                snprintf(msg, sizeof msg, "err cycle issued or executed");
                return msg;
            }
            return NULL; // the harness checks the state is unchanged
        }
        // independent request computation
        uint64_t req = 0, elig = before.ib_v_q & bits_trunc(in.sb_ok, cfg.warps);
        for (unsigned l = 0; l < L; l++) {
            const tsimt_lane_state &ls = before.lane[l];
            unsigned left = 0;
            for (unsigned g = static_cast<unsigned>(ls.pos_q); g < cfg.warp / cfg.width; g++)
                left += bits_field(ls.mask_q, g * cfg.width, cfg.width) != 0;
            bool ready = !ls.busy_q || left == 1;
            bool has = false;
            for (unsigned j = 0; j < wpl; j++)
                has |= bits_get(elig, tsimt_frontend_warp_at(&cfg, l, j)) != 0;
            if (ready && has)
                req |= 1ull << l;
        }
        unsigned R = bits_popcount(req);
        unsigned want = R > 1 ? (R - 1 > 3 ? 3 : R - 1) : 0;
        if (o.lane_req != req || o.conflict != want || o.iss_valid != (R > 0)) {
            snprintf(msg, sizeof msg,
                     "reference: requests %llx (conflict %u, issue %d); model %llx (%llu, %llu)",
                     (unsigned long long)req, want, R > 0, (unsigned long long)o.lane_req,
                     (unsigned long long)o.conflict, (unsigned long long)o.iss_valid);
            return msg;
        }
        // the buffer at the edge: the issued slot empties, the filled one
        // holds the fill, its scalar bit included (also when it is the
        // issued one); no other slot's scalar bit changes
        {
            uint64_t want_v = before.ib_v_q, want_s = before.ib_s_q;
            if (o.iss_valid)
                want_v &= ~(1ull << o.iss_warp);
            if (in.fill_valid) {
                const unsigned fw = static_cast<unsigned>(in.fill_warp);
                want_v |= 1ull << fw;
                want_s = (want_s & ~(1ull << fw)) | (in.fill_scalar & 1ull) << fw;
                if (o.iss_valid && o.iss_warp == in.fill_warp &&
                    o.iss_scalar != (in.fill_scalar & 1u))
                    cov_["fill_on_issue_scalar_flip"]++;
                if (after.ib_instr_q[fw] != bits_trunc(in.fill_instr, cfg.instr_bits) ||
                    after.ib_mask_q[fw] != bits_trunc(in.fill_mask, cfg.warp)) {
                    snprintf(msg, sizeof msg, "warp %u's slot does not hold its fill", fw);
                    return msg;
                }
                if (o.iss_valid && o.iss_warp == in.fill_warp)
                    cov_["fill_on_issue"]++;
            }
            if (after.ib_v_q != want_v) {
                snprintf(msg, sizeof msg, "buffer valid bits %llx, expected %llx",
                         (unsigned long long)after.ib_v_q, (unsigned long long)want_v);
                return msg;
            }
            if (after.ib_s_q != want_s) {
                snprintf(msg, sizeof msg, "buffer scalar bits %llx, expected %llx",
                         (unsigned long long)after.ib_s_q, (unsigned long long)want_s);
                return msg;
            }
        }
        if (expect_conflict_ >= 0 && o.conflict != static_cast<uint64_t>(expect_conflict_)) {
            snprintf(msg, sizeof msg, "golden schedule step %u: conflict %llu, expected %d",
                     golden_step_, (unsigned long long)o.conflict, expect_conflict_);
            return msg;
        }
        if (o.iss_valid && (!bits_get(req, static_cast<unsigned>(o.iss_lane)) ||
                            tsimt_frontend_lane_of(&cfg, static_cast<unsigned>(o.iss_warp)) !=
                                o.iss_lane ||
                            !bits_get(elig, static_cast<unsigned>(o.iss_warp)))) {
            snprintf(msg, sizeof msg, "issued warp %llu to lane %llu: not a request of it",
                     (unsigned long long)o.iss_warp, (unsigned long long)o.iss_lane);
            return msg;
        }
        if (after.conf1_q != before.conf1_q + (want == 1 && before.conf1_q != bits_mask(cfg.cnt_bits)) ||
            after.conf2_q != before.conf2_q + (want == 2 && before.conf2_q != bits_mask(cfg.cnt_bits)) ||
            after.conf3_q != before.conf3_q + (want == 3 && before.conf3_q != bits_mask(cfg.cnt_bits))) {
            snprintf(msg, sizeof msg, "a conflict counter did not step by this cycle's class");
            return msg;
        }
        if (want)
            cov_[want == 1 ? "conflict_1" : want == 2 ? "conflict_2" : "conflict_3"]++;
        // fairness
        for (unsigned l = 0; l < L; l++) {
            if (bits_get(req, l) && !(o.iss_valid && o.iss_lane == l)) {
                if (++lane_wait_[l] > L - 1) {
                    snprintf(msg, sizeof msg, "lane %u waited %u cycles (> LANES - 1)", l,
                             lane_wait_[l]);
                    return msg;
                }
                uint64_t &mw = cov_["max_lane_wait"];
                if (lane_wait_[l] > mw)
                    mw = lane_wait_[l];
            } else {
                lane_wait_[l] = 0;
            }
        }
        if (o.iss_valid) {
            for (unsigned j = 0; j < wpl; j++) {
                unsigned w = tsimt_frontend_warp_at(&cfg, static_cast<unsigned>(o.iss_lane), j);
                if (w == o.iss_warp || !bits_get(elig, w))
                    passed_[w] = 0;
                else if (++passed_[w] > wpl - 1) {
                    snprintf(msg, sizeof msg, "warp %u passed over %u times by its lane", w,
                             passed_[w]);
                    return msg;
                }
            }
            if (o.iss_scalar != bits_get(before.ib_s_q, static_cast<unsigned>(o.iss_warp))) {
                snprintf(msg, sizeof msg, "iss_scalar %llu, but warp %llu's slot holds %d",
                         (unsigned long long)o.iss_scalar, (unsigned long long)o.iss_warp,
                         bits_get(before.ib_s_q, static_cast<unsigned>(o.iss_warp)) ? 1 : 0);
                return msg;
            }
            // a scalar instruction runs once: one thread
            issued_thr_ += o.iss_scalar ? 1u : bits_popcount(o.iss_mask);
            if (o.iss_scalar)
                cov_["scalar_issues"]++;
            if (o.lout[o.iss_lane].act == TSIMT_LANE_ACT_HANDOVER)
                cov_["handovers"]++;
        }
        if (o.lane_ex == bits_mask(L))
            cov_["all_lanes_busy"]++;
        // lout is written for the lanes evaluated (nx_work) only: every other
        // lane is idle, and an idle lane executes nothing
        for (unsigned l = 0; l < L; l++) {
            if (!(o.nx_work >> l & 1u))
                continue;
            const tsimt_lane_out &lo = o.lout[l];
            if (!lo.ex_scalar)
                continue;
            if (bits_popcount(lo.ex_valid) != 1 || !lo.done || !before.lane[l].scalar_q) {
                snprintf(msg, sizeof msg,
                         "lane %u: scalar execution with ex_valid %llx done %llu (one thread, "
                         "one cycle expected)", l, (unsigned long long)lo.ex_valid,
                         (unsigned long long)lo.done);
                return msg;
            }
            cov_["scalar_exec"]++;
        }
        // conservation
        executed_thr_ += o.ex_threads;
        uint64_t pending = 0;
        for (unsigned l = 0; l < L; l++) {
            const tsimt_lane_state &ls = after.lane[l];
            if (ls.busy_q)
                pending += bits_popcount(ls.mask_q &
                                         ~bits_mask(static_cast<unsigned>(ls.pos_q) * cfg.width));
        }
        if (issued_thr_ != executed_thr_ + pending) {
            snprintf(msg, sizeof msg, "threads issued %llu != executed %llu + pending %llu",
                     (unsigned long long)issued_thr_, (unsigned long long)executed_thr_,
                     (unsigned long long)pending);
            return msg;
        }
        if (golden_phase_ == 3 && expect_conflict_ == 0 && golden_step_ >= golden_n_) {
            cov_["golden"]++;
            golden_phase_ = 0;
        }
        return NULL;
    }

    // Flips a bit of a buffered instruction (no invariant sees it: only the
    // state compare can) or of a lane's instruction register.
    void inject_fault(const tsimt_frontend_cfg &cfg, tsimt_frontend_state &s, Rng &rng) {
        for (unsigned k = 0; k < cfg.warps; k++) {
            unsigned w = (k + static_cast<unsigned>(rng.below(cfg.warps))) % cfg.warps;
            if (bits_get(s.ib_v_q, w)) {
                s.ib_instr_q[w] ^= 1ull << rng.below(cfg.instr_bits);
                return;
            }
        }
        s.lane[rng.below(cfg.lanes)].instr_q ^= 1u;
    }

    std::string coverage() { return cov_.str(); }

    // The decision kinds this point allows (tb/cosim.h hook 5): an idle
    // cycle, an issue, a hold, a hand-over, a fill into
    // the slot that issues (with the scalar bit flipped too), a scalar issue
    // and its execution, an idle fill_scalar, the golden schedule, the
    // illegal fills SLOT_FULL and EMPTY, and BAD_WARP where the port can
    // carry a warp beyond WARPS.  Conflicts need two lanes (conflict = R-1,
    // capped at 3: conflict_k needs k+1 lanes).  Every lane busy at once
    // needs instructions at least LANES cycles long (WARP/K groups: one
    // issue a cycle), e.g. not at the odd point's 3 groups and 6 lanes.
    void required(const tsimt_frontend_cfg &cfg, std::vector<std::string> &keys) const {
        cosim_require(keys, {"act_IDLE", "act_ISSUE", "act_HOLD", "handovers",
                             "fill_on_issue", "fill_on_issue_scalar_flip", "scalar_issues",
                             "scalar_exec", "scalar_idle_input", "golden", "err_SLOT_FULL",
                             "err_EMPTY"});
        cosim_require(keys, {"err_BAD_WARP"}, (1ull << tsimt_frontend_wid_w(&cfg)) > cfg.warps);
        cosim_require(keys, {"all_lanes_busy"}, cfg.warp / cfg.width >= cfg.lanes);
        cosim_require(keys, {"act_CONFLICT", "conflict_1"}, cfg.lanes >= 2);
        cosim_require(keys, {"conflict_2"}, cfg.lanes >= 3);
        cosim_require(keys, {"conflict_3"}, cfg.lanes >= 4);
    }

private:
    static unsigned nth_bit(uint64_t v, unsigned n) {
        for (unsigned i = 0; i < 64; i++)
            if ((v >> i) & 1u) {
                if (n == 0)
                    return i;
                n--;
            }
        return 0;
    }

    uint64_t pick_mask(const tsimt_frontend_cfg &cfg, Rng &rng) {
        uint64_t full = bits_mask(cfg.warp), m = 0;
        unsigned kind = rng.chance(70) ? mask_kind_ : static_cast<unsigned>(rng.below(4));
        switch (kind) {
        case 0: // sparse: 1..4 threads
            for (unsigned i = 0, n = 1 + static_cast<unsigned>(rng.below(4)); i < n; i++)
                m |= 1ull << rng.below(cfg.warp);
            return m;
        case 1:
            return full;
        case 2: // whole aligned groups
            for (unsigned g = 0; g < cfg.warp / cfg.width; g++)
                if (rng.chance(40))
                    m |= bits_mask(cfg.width) << (g * cfg.width);
            return m ? m : full;
        default:
            m = rng.bits(cfg.warp);
            return m ? m : 1;
        }
    }

    // The warp the front end issues this cycle with these scoreboard bits
    // (as a bit; 0 when none): the C model's pick, which reads no fill
    // input -- the check recomputes the requests independently.
    static uint64_t issuing(const tsimt_frontend_cfg &cfg, const tsimt_frontend_state &s,
                            const tsimt_frontend_in &in) {
        tsimt_frontend_in probe = in;
        probe.fill_valid = 0;
        static tsimt_frontend_out o;
        tsimt_frontend_eval(&cfg, &s, &probe, &o);
        return o.iss_valid ? 1ull << o.iss_warp : 0;
    }

    // An illegal fill; false when none is possible this cycle (every full
    // slot issues and no empty one, nor a warp id out of range, is left).
    bool illegal(const tsimt_frontend_cfg &cfg, const tsimt_frontend_state &s, Rng &rng,
                 tsimt_frontend_in &in) {
        unsigned wid_w = tsimt_frontend_wid_w(&cfg);
        const uint64_t full = s.ib_v_q & ~issuing(cfg, s, in); // a slot that stays full
        in.fill_valid = 1;
        in.fill_instr = rng.bits(cfg.instr_bits);
        in.fill_mask = pick_mask(cfg, rng);
        in.fill_scalar = rng.chance(30);
        unsigned k = static_cast<unsigned>(rng.below(3));
        if (k == 0 && (1u << wid_w) > cfg.warps) {
            in.fill_warp = cfg.warps + rng.below((1u << wid_w) - cfg.warps);
            expect_err_ = TSIMT_FE_ERR_BAD_WARP;
        } else if (k <= 1 && full) {
            in.fill_warp = nth_bit(full, static_cast<unsigned>(rng.below(bits_popcount(full))));
            expect_err_ = TSIMT_FE_ERR_SLOT_FULL;
        } else {
            uint64_t empty = bits_mask(cfg.warps) & ~s.ib_v_q;
            if (!empty && full) {
                in.fill_warp = bits_ffs(full);
                expect_err_ = TSIMT_FE_ERR_SLOT_FULL;
                return true;
            }
            if (!empty) {
                in.fill_valid = 0;
                in.fill_mask = in.fill_instr = 0;
                return false;
            }
            in.fill_warp = bits_ffs(empty);
            in.fill_mask = 0;
            expect_err_ = TSIMT_FE_ERR_EMPTY;
        }
        return true;
    }

    // phase 1: no fetch, scoreboard open: drain until the buffer is empty
    // and every lane idle; phase 2: fill one 1-thread instruction into a warp
    // of each of the first min(L, 4) lanes with the scoreboard closed;
    // phase 3: open it: conflicts n-1, ..., 0.
    tsimt_frontend_in golden(const tsimt_frontend_cfg &cfg, const tsimt_frontend_state &s,
                             tsimt_frontend_in &in) {
        golden_n_ = cfg.lanes < 4 ? cfg.lanes : 4;
        if (golden_phase_ == 1) {
            in.sb_ok = bits_mask(cfg.warps);
            bool idle = s.ib_v_q == 0;
            for (unsigned l = 0; l < cfg.lanes; l++)
                idle = idle && !s.lane[l].busy_q;
            if (idle) {
                golden_phase_ = 2;
                golden_step_ = 0;
            }
            return in;
        }
        if (golden_phase_ == 2) {
            in.sb_ok = 0;
            in.fill_valid = 1;
            in.fill_warp = tsimt_frontend_warp_at(&cfg, golden_step_, golden_step_ % tsimt_frontend_wpl(&cfg));
            in.fill_mask = 1ull << (golden_step_ * 5 % cfg.warp);
            in.fill_instr = 0x600d + golden_step_;
            if (++golden_step_ == golden_n_) {
                golden_phase_ = 3;
                golden_step_ = 0;
            }
            return in;
        }
        in.sb_ok = bits_mask(cfg.warps);
        expect_conflict_ = static_cast<int>(golden_n_ - 1 - golden_step_);
        golden_step_++;
        return in;
    }

    unsigned lane_wait_[TSIMT_FE_MAX_LANES];
    unsigned passed_[TSIMT_FE_MAX_WARPS];
    uint64_t issued_thr_, executed_thr_;
    unsigned expect_err_;
    int expect_conflict_ = -1;
    unsigned fill_pct_, block_pct_, mask_kind_, scalar_pct_;
    bool skew_;
    uint64_t golden_due_;
    unsigned golden_phase_, golden_step_, golden_n_ = 0;
    Coverage cov_;
};

int main(int argc, char **argv)
{
    return cosim_main<TsimtFrontendModel, TsimtFrontendStim>(argc, argv);
}
