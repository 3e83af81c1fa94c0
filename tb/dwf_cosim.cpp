// SPDX-License-Identifier: Apache-2.0
// dwf_cosim.cpp -- co-simulation of rtl_c/dwf (C: the composition of
// rtl_c/pc_warp_lut and rtl_c/warp_pool) against verilog/dwf.v (Verilated,
// instantiating verilog/pc_warp_lut.v and verilog/warp_pool.v), cycle by
// cycle.  Framework: tb/cosim.h.  The hardware (000 Fig. 11: warp update
// registers -> PC-warp LUT -> warp pool, issue -> LUT invalidation) is
// documented in rtl_c/dwf.h.
//
// Configuration: the defaults (16 lanes, 256 threads = pool entries, TID 8,
// PC 32, DMaj, swizzle on, 32-slot majority table, 32-entry LUT);
// the other issue policies are design points of the same harness
// (`make cosim STRUCT=dwf PARAMS=POLICY=n`; tests/run.sh runs all four).
//
// Stimulus: the harness plays the SIMT pipeline around the dwf.  All 256
// threads (static warps 0..15) circulate: an issued warp comes back after
// 1..24 cycles as a committing warp whose threads go to one or two next PCs
// (cm_mask_t / cm_mask_nt), sometimes with a thread exiting (in neither
// mask; not in the shattering mode); exited threads are relaunched as a new
// warp (one exited thread per home lane) at the start PC whenever no
// committing warp is due.  As in the pool's cosim the PC
// space changes mode every 3000 cycles: 6 PCs (convergent), 24, 96 PCs with
// frequent divergence (LUT evictions, majority-table overflow), or 4000 PCs
// where branches often split one thread off (warps shatter: a near-full
// pool); equal taken / not-taken PCs (merged in the update registers) also
// occur.  Issue stalls of 100..600 cycles (iss_req = 0) let the pool fill;
// in the shattering mode, away from a golden run, "fills" (stalls of
// 1200..1800 cycles) let every thread reach the pool as small warps: at
// least 90% occupancy (coverage occ_ge_90pct).  In the convergent mode the
// issue slot is requested 45% of cycles instead of 92%, so threads gather
// and full 16-thread warps issue often (sz16).
// Golden runs (every 5000 cycles, alternating): the threads of static
// warps 14 and 15 are collected (kept out of circulation as they issue or
// exit) and, with iss_req = 0, W14 commits, next cycle W15 commits, one
// cycle to drain; W14's lookups must miss and W15's hit without a lane
// conflict; both warps GA, GB must then issue full, TIDs asserted lane by
// lane.  000 Fig. 9 at 16 lanes: W14 lanes 0-7 -> GA, 8-15 -> GB, W15 lanes
// 0-7 -> GB, 8-15 -> GA.  000 Fig. 7 with swizzling (the default): threads
// with an even TID -> GA, odd -> GB; W15 is swizzled, so its even TIDs sit
// in the odd lanes and both warps fill (without swizzling they could not:
// tests/test_dwf.c).
// Half the cycles without a commit carry stale data on the commit port
// (masks, PCs, priorities with cm_valid = 0: idle_port_stale_data), which
// must latch nothing.
// Illegal input (3% of cycles): OVERLAP, HOME_LANE, TID_LIVE (a thread in
// the update registers or the pool), ISS_EMPTY (at reset); expected code
// asserted, one coverage key per code (INTERNAL, a sub-unit's err, cannot
// occur: dwf_check asserts it); the harness checks the whole C state is
// unchanged.
// Harness invariants (beyond dwf_check, which checks the sub-units, the
// register/live/pool consistency, LUT -> pool pointers and readiness):
// thread conservation (every thread is in flight, exited, reserved for the
// golden run, or live in the dwf -- exactly where the harness put it),
// cm_ready = 1 always, the issued warp is exactly the pool entry, every
// issued thread was live, the pool's issue order and wait bounds
// (PoolIssueCheck, dwf_traffic.h: true majority/minority picks, the
// overflow bounds of warp_pool.h), and after every clock edge the whole
// architectural state against the RTL's registers (Model::state).
#include "cosim.h"
#include "dwf_traffic.h"
#include "rtl_peek.h"

#include "Vdwf.h"
#include "Vdwf___024root.h"

extern "C" {
#include "../rtl_c/dwf.h"
}

struct DwfModel {
    COSIM_MODEL(dwf, Vdwf)

    static void state(rtl_t *r, const cfg_t &c, const state_t &s, StateCmp &cmp) {
        static PoolPeek pool;
        static LutPeek lut;
        static RtlReg ur[7], live[WARP_POOL_MAX_ENTRIES];
        const warp_pool_cfg pc = dwf_pool_cfg(&c);
        const pc_warp_lut_cfg lc = dwf_lut_cfg(&c);
        const unsigned T = dwf_threads(&c);
        if (!pool.ready()) {
            static const char *const n[7] = {"ur_tids_q", "ur_pc0_q", "ur_pc1_q", "ur_req0_q",
                                             "ur_req1_q", "ur_prio0_q", "ur_prio1_q"};
            pool.init(r->contextp(), "dwf.u_pool", pc);
            lut.init(r->contextp(), "dwf.u_lut");
            for (int k = 0; k < 7; k++)
                ur[k].find(r->contextp(), "dwf", n[k]);
            for (unsigned t = 0; t < T; t++)
                live[t].find(r->contextp(), "dwf.thr[" + std::to_string(t) + "]", "lv");
        }
        for (unsigned l = 0; l < c.lanes; l++)
            cmp("ur_tids_q", static_cast<int>(l), -1,
                warp_pool_get_tid(s.ur_tids, l, c.tid_bits),
                ur[0].field(static_cast<uint64_t>(l) * c.tid_bits, c.tid_bits));
        cmp("ur_pc0_q", -1, -1, s.ur_pc[0], ur[1].field(0, c.pc_bits));
        cmp("ur_pc1_q", -1, -1, s.ur_pc[1], ur[2].field(0, c.pc_bits));
        cmp("ur_req0_q", -1, -1, s.ur_mask[0], ur[3].field(0, c.lanes));
        cmp("ur_req1_q", -1, -1, s.ur_mask[1], ur[4].field(0, c.lanes));
        cmp("ur_prio0_q", -1, -1, s.ur_prio[0], ur[5].field(0, c.sched_bits));
        cmp("ur_prio1_q", -1, -1, s.ur_prio[1], ur[6].field(0, c.sched_bits));
        for (unsigned t = 0; t < T && !cmp.bad; t++)
            cmp("thr.lv", static_cast<int>(t), -1, s.live[t], live[t].get());
        lut.cmp(lc, s.lut, cmp);
        pool.cmp(pc, s.pool, cmp);
    }
    // On err the whole composition is held (the pool by its hold input), so
    // the harness' memcmp of the state before and after applies (dwf.h).
    static bool err(const out_t &o) { return o.err != 0; }
    // cm_ready = 0 never happens (dwf.h); were it 0 the issue would still
    // change the state, so the harness' memcmp is not applied to it and the
    // stimulus asserts cm_ready = 1 instead.
    static bool ready(const out_t &o) { (void)o; return true; }

    static const char *decode(const char *port, uint64_t v) {
        if (!std::strcmp(port, "err_code"))
            return dwf_err_name(static_cast<unsigned>(v));
        if (!std::strcmp(port, "iss_src"))
            return warp_pool_src_name(static_cast<unsigned>(v));
        return NULL;
    }
};

namespace {

const unsigned kMaxL = WARP_POOL_MAX_LANES;
const unsigned kMaxT = WARP_POOL_MAX_ENTRIES;
const uint64_t kPcBase = DwfTraffic::kPcBase;
const uint64_t kGoldA = DwfTraffic::kPcEnd, kGoldB = kGoldA + 0x44;
// The golden PCs GA (b = 0) and GB as the dwf holds them, cut to PC_W
// bits.  Below 16 bits the cut would put 0x8000 and 0x8044 on PCs of the
// walk (at PC_W = 4 only 16 PCs are left), whose warps sit in the LUT, so
// W14's lookups would hit: there they are 0x8001 and 0x8045, whose low
// bits 01 no walk PC has (DwfTraffic::low_bits), and which stay apart
// (bit 2) from PC_W = 4 on.
static uint64_t gold_pc(const dwf_cfg &cfg, unsigned b) {
    return bits_trunc((b ? kGoldB : kGoldA) + (cfg.pc_bits < 16 ? 1u : 0u), cfg.pc_bits);
}
const unsigned kGoldenWarp = 14; // static warps 14 and 15 form the golden run

enum Where { W_FLIGHT = 0, W_LIVE = 1, W_EXITED = 2, W_RESERVE = 3 };

typedef DwfWarp Warp;

} // namespace

class DwfStim {
public:
    void reset(const dwf_cfg &cfg) {
        const unsigned L = cfg.lanes, T = dwf_threads(&cfg);
        pipe_.clear();
        for (unsigned w = 0; w * L < T; w++) {
            Warp x;
            std::memset(&x, 0, sizeof x);
            x.ready = w;
            x.pc = kPcBase;
            x.mask = bits_mask(L);
            static_tids(cfg, w, x.tid);
            pipe_.push_back(x);
        }
        std::memset(where_, 0, sizeof where_);
        traffic_.reset();
        traffic_.low_bits(cfg.pc_bits < DwfTraffic::kWideBits);
        stall_ = 0;
        golden_step_ = 0;
        golden_due_ = 2000;
        golden_out_ = 0;
        golden_kind_ = 0;
        expect_err_ = 0;
        commit_ = -1;
        launch_ = false;
        cyc_ = 0;
        static const char *const keys[] = {
            "lk_hits",   "lk_misses",  "lk_evicts",  "lk_conflicts", "inv_hits",
            "merged",    "exits",      "launches",   "occ_hw",       "occ_ge_90pct",
            "ovf_cycles", "src_UNTRACKED", "src_LOCK", "src_PICK",   "sz1",
            "sz2_4",     "sz5_8",      "sz9_15",     "sz16",         "err_ISS_EMPTY",
            "err_OVERLAP", "err_HOME_LANE", "err_TID_LIVE", "golden_fig9",
            "golden_fig7_swizzled", "golden_full_issues", "stalls", "fills", "idle_port_stale_data"};
        for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
            cov_[keys[k]] = 0;
        order_.reset(cov_);
    }

    dwf_in next(const dwf_cfg &cfg, const dwf_state &s, Rng &rng, uint64_t cyc) {
        dwf_in in;
        std::memset(&in, 0, sizeof in);
        expect_err_ = 0;
        commit_ = -1;
        launch_ = false;
        cyc_ = cyc;
        const unsigned T = dwf_threads(&cfg);
        const bool empty = s.pool.fcnt == T;

        traffic_.phase(cyc, rng);
        // issue stalls let the pool fill; in the shattering mode (4000 PCs,
        // mostly singletons) they are longer, so the pool comes near full
        // fills: in the shattering mode, away from a golden run (whose 32
        // reserved threads would cap the pool), a long stall lets every
        // thread commit into the pool as small warps (>= 90% occupancy)
        // (late in the phase, when most warps have shattered to singletons)
        const bool fill_ok = traffic_.shattering() && cyc % 3000 >= 1500 && golden_step_ == 0 &&
                             golden_out_ == 0 && cyc + 2000 < golden_due_;
        if (stall_ == 0 && rng.below(fill_ok ? 300 : 2500) == 0) {
            stall_ = fill_ok ? 1200 + static_cast<unsigned>(rng.below(600))
                             : 100 + static_cast<unsigned>(rng.below(500));
            cov_[fill_ok ? "fills" : "stalls"]++;
        }
        // in the convergent mode (6 PCs) the issue slot is used less often,
        // so threads at one PC gather in the pool and form full warps
        bool want_iss = stall_ == 0 && rng.chance(traffic_.mode_k == 6 ? 45 : 92);
        if (stall_)
            stall_--;
        in.iss_req = want_iss && !empty;
        const warp_pool_cfg pc = dwf_pool_cfg(&cfg);
        for (unsigned k = 0; k < warp_pool_words(&pc); k++)
            in.cm_tids[k] = rng.next(); // garbage outside the committed lanes

        if (cyc == 0) { // the pool is empty at reset
            in.iss_req = 1;
            expect_err_ = DWF_ERR_ISS_EMPTY;
            cov_["err_ISS_EMPTY"]++;
            return in;
        }
        // the golden run
        if (golden_step_ == 0 && golden_out_ == 0 && cyc >= golden_due_ &&
            reserved(cfg) == 2 * cfg.lanes) {
            golden_step_ = 1;
            golden_due_ = cyc - cyc % 5000 + 5000;
        }
        if (golden_step_ != 0) {
            golden(cfg, in);
            return in;
        }
        if (rng.chance(3)) {
            illegal(cfg, s, rng, in);
            if (expect_err_)
                return in;
        }
        // the committing warp: the earliest one due, or a launch
        int best = -1;
        for (size_t k = 0; k < pipe_.size(); k++)
            if (pipe_[k].ready <= cyc && (best < 0 || pipe_[k].ready < pipe_[best].ready))
                best = static_cast<int>(k);
        if (best >= 0 && rng.chance(90)) {
            commit_ = best;
            form(cfg, pipe_[best], rng, in);
        } else if (best < 0) {
            launch(cfg, rng, in); // exited threads come back as soon as the port is free
        }
        if (!in.cm_valid && rng.chance(50)) {
            // an idle commit port with stale data on it (masks, PCs,
            // priorities): nothing may be latched
            in.cm_mask_t = rng.bits(cfg.lanes);
            in.cm_mask_nt = rng.bits(cfg.lanes) & ~in.cm_mask_t;
            in.cm_pc_t = rng.bits(cfg.pc_bits);
            in.cm_pc_nt = rng.bits(cfg.pc_bits);
            in.cm_prio_t = rng.bits(cfg.sched_bits);
            in.cm_prio_nt = rng.bits(cfg.sched_bits);
            cov_["idle_port_stale_data"]++;
        }
        return in;
    }

    const char *check(const dwf_cfg &cfg, const dwf_state &before, const dwf_state &after,
                      const dwf_in &in, const dwf_out &o) {
        static char msg[256];
        const unsigned L = cfg.lanes, T = dwf_threads(&cfg);
        if (o.err_code != expect_err_) {
            snprintf(msg, sizeof msg, "expected err_code %s, model gave %s",
                     dwf_err_name(expect_err_), dwf_err_name(static_cast<unsigned>(o.err_code)));
            return msg;
        }
        if (!o.cm_ready)
            return "cm_ready = 0 (impossible with POOL = THREADS)";
        const bool accepted = !o.err;
        if (o.err && o.iss_valid)
            return "err with iss_valid";
        if (o.iss_valid) {
            const unsigned x = static_cast<unsigned>(o.iss_idx);
            const warp_pool_state &p = before.pool;
            if (!p.valid[x] || p.pc[x] != o.iss_pc || p.lv[x] != o.iss_mask)
                return "issued warp differs from its pool entry (valid, pc or lanes)";
            for (unsigned l = 0; l < L; l++) {
                unsigned t = warp_pool_get_tid(o.iss_tids, l, cfg.tid_bits);
                if (bits_get(o.iss_mask, l) ? t != dwf_from_pool_tid(&cfg, p.tid[x][l], l) : t != 0)
                    return "issued TIDs differ from the pool entry";
                if (bits_get(o.iss_mask, l) && where_[t] != W_LIVE) {
                    snprintf(msg, sizeof msg, "thread %u issued but the harness has it %s", t,
                             where_[t] == W_EXITED ? "exited" : "in flight");
                    return msg;
                }
            }
        }
        const warp_pool_cfg pcfg = dwf_pool_cfg(&cfg);
        if (o.iss_valid) {
            const char *w = order_.issue(pcfg, before.pool, static_cast<unsigned>(o.iss_idx),
                                         o.iss_pc, static_cast<unsigned>(o.iss_src), cov_);
            if (w)
                return w;
        }
        // new pool warps of this cycle: the LUT's new groups, as wired
        if (accepted) {
            if (o.w.pool_in.g_valid[1])
                order_.born(static_cast<unsigned>(o.w.pool_in.g_idx[1]));
            if (o.w.pool_in.g_valid[3])
                order_.born(static_cast<unsigned>(o.w.pool_in.g_idx[3]));
        }
        const char *why = golden_check(cfg, o);
        if (why)
            return why;
        if ((why = order_.bounds(pcfg, after.pool)) != NULL)
            return why;
        observe(cfg, before, after, in, o, accepted);
        for (unsigned t = 0; t < T; t++)
            if ((where_[t] == W_LIVE) != (after.live[t] != 0)) {
                snprintf(msg, sizeof msg, "thread %u: harness says %s, dwf live=%u", t,
                         where_[t] == W_LIVE ? "live" : where_[t] == W_EXITED ? "exited"
                         : where_[t] == W_RESERVE ? "reserved" : "in flight", after.live[t]);
                return msg;
            }
        return NULL;
    }

    // Flips a scheduler-data bit of a valid pool warp that is not the issue
    // candidate (it stays valid through the next edge): under DMaj no port
    // and no invariant sees it, so only the whole-state compare (state.
    // sched_q of the pool) catches it, at the clock edge right after.
    void inject_fault(const dwf_cfg &cfg, dwf_state &s, Rng &rng) {
        const warp_pool_cfg pc = dwf_pool_cfg(&cfg);
        warp_pool_out o;
        warp_pool_eval_state(&pc, &s.pool, &o);
        for (unsigned i = dwf_threads(&cfg); i-- > 0;)
            if (s.pool.valid[i] && !(o.cand_valid && o.cand_idx == i)) {
                s.pool.sched[i] ^= static_cast<uint16_t>(1u << rng.below(cfg.sched_bits));
                return;
            }
        s.pool.fcnt ^= 1u;
    }

    std::string coverage() { return cov_.str(); }

    // The decision kinds this point allows (tb/cosim.h hook 5): LUT hits
    // (joins) and misses, invalidations that hit, exits and launches,
    // issues of one and of two or more threads, issue stalls, stale data on
    // the idle commit port, the illegal inputs ISS_EMPTY (cycle 0),
    // OVERLAP, HOME_LANE, TID_LIVE.  Under DMaj/DMin the table's picks;
    // with more threads than lanes (two warps at one PC, two warps on a
    // lane): under DMaj LOCK issues (DMin picks the PC with the fewest
    // threads: one warp, no rest of a batch; 0 in 40,000 cycles at the odd
    // point), LUT lane conflicts and evictions, merged
    // taken/not-taken PCs; overflow where more PCs than table slots can be
    // in the pool; issue sizes up to the lanes.  The golden runs and the
    // golden warps' full issues need static warps 14 and 15 (at any PC_W:
    // gold_pc).  Not required: fills and occ_ge_90pct (a fill needs the
    // shattering mode away from a golden run: 1 or 2 per 40,000 cycles at
    // the defaults, and at seed 1 its pool peaks at 157 of 256 entries).
    void required(const dwf_cfg &cfg, std::vector<std::string> &keys) const {
        const unsigned T = dwf_threads(&cfg), L = cfg.lanes;
        const bool table = cfg.policy == WP_POL_DMAJ || cfg.policy == WP_POL_DMIN;
        const bool golden = T >= (kGoldenWarp + 2) * L;
        const uint64_t pcs = cfg.pc_bits >= 16 ? 96 : 1ull << (cfg.pc_bits - 2);
        cosim_require(keys, {"lk_hits", "lk_misses", "inv_hits", "exits", "launches", "sz1",
                             "sz2_4", "stalls", "idle_port_stale_data", "err_ISS_EMPTY",
                             "err_OVERLAP", "err_HOME_LANE", "err_TID_LIVE"});
        cosim_require(keys, {"src_PICK", "picks_true"}, table);
        cosim_require(keys, {"src_LOCK"}, cfg.policy == WP_POL_DMAJ && T > L);
        cosim_require(keys, {"lk_conflicts", "lk_evicts", "merged"}, T > L);
        cosim_require(keys, {"ovf_cycles", "src_UNTRACKED"},
                      table && cfg.maj_entries < T && cfg.maj_entries < pcs);
        cosim_require(keys, {"sz5_8"}, L >= 5);
        cosim_require(keys, {"sz9_15"}, L >= 9);
        cosim_require(keys, {"sz16"}, L >= 16);
        cosim_require(keys, {"golden_fig9", "golden_fig7_swizzled"}, golden);
        cosim_require(keys, {"golden_full_issues"}, golden);
    }

private:
    static void static_tids(const dwf_cfg &cfg, unsigned w, unsigned *tid) {
        dwf_static_tids_by(cfg.lanes, [&cfg](unsigned t) { return dwf_home_lane(&cfg, t); }, w, tid);
    }
    bool golden_thread(const dwf_cfg &cfg, unsigned t) const {
        return t / cfg.lanes == kGoldenWarp || t / cfg.lanes == kGoldenWarp + 1;
    }
    unsigned reserved(const dwf_cfg &cfg) const {
        unsigned n = 0;
        for (unsigned t = 0; t < dwf_threads(&cfg); t++)
            n += where_[t] == W_RESERVE;
        return n;
    }
    // golden threads are collected while a golden run is due
    bool collecting(const dwf_cfg &cfg, unsigned t) const {
        return golden_thread(cfg, t) && cyc_ >= golden_due_ && golden_step_ == 0;
    }

    void form(const dwf_cfg &cfg, const Warp &w, Rng &rng, dwf_in &in) {
        const unsigned L = cfg.lanes;
        uint64_t mask = w.mask;
        // sometimes a thread exits (not while shattering: a fill wants them all)
        if (!traffic_.shattering() && rng.chance(2)) {
            uint64_t r = w.mask & rng.next();
            mask &= ~bits_lowest(r ? r : w.mask);
        }
        for (unsigned l = 0; l < L; l++)
            if (bits_get(mask, l))
                warp_pool_put_tid(in.cm_tids, l, cfg.tid_bits, w.tid[l]);
        uint64_t succ, tgt;
        traffic_.successors(w.pc, rng, &succ, &tgt);
        in.cm_valid = 1;
        in.cm_prio_t = rng.bits(8);
        in.cm_prio_nt = rng.bits(8);
        if (bits_popcount(mask) >= 2 && rng.chance(traffic_.div_pct)) {
            const uint64_t t = traffic_.split(mask, rng);
            in.cm_mask_t = t;
            in.cm_mask_nt = mask & ~t;
            in.cm_pc_t = tgt;
            in.cm_pc_nt = rng.chance(3) ? tgt : succ; // equal PCs: merged
        } else if (rng.chance(50)) {
            in.cm_mask_nt = mask;
            in.cm_pc_nt = succ;
            in.cm_pc_t = tgt;
        } else {
            in.cm_mask_t = mask;
            in.cm_pc_t = rng.chance(85) ? succ : tgt;
            in.cm_pc_nt = rng.bits(32);
        }
    }

    // a new warp of exited threads, one per home lane, at the start PC
    void launch(const dwf_cfg &cfg, Rng &rng, dwf_in &in) {
        const unsigned T = dwf_threads(&cfg);
        uint64_t m = 0;
        unsigned start = static_cast<unsigned>(rng.below(T));
        for (unsigned i = 0; i < T; i++) {
            unsigned t = (start + i) % T;
            unsigned l = dwf_home_lane(&cfg, t);
            if (where_[t] == W_EXITED && !bits_get(m, l)) {
                m |= 1ull << l;
                warp_pool_put_tid(in.cm_tids, l, cfg.tid_bits, t);
            }
        }
        if (!m)
            return;
        in.cm_valid = 1;
        in.cm_mask_t = m;
        in.cm_pc_t = kPcBase;
        in.cm_pc_nt = kPcBase + 4;
        launch_ = true;
    }

    // The taken-side lanes of W14 (k = 0) / W15 (k = 1) in this golden run:
    // Fig. 9 (even runs): W14 low half, W15 high half; Fig. 7 (odd runs):
    // W14's lanes holding an even TID (with 000's swizzling W14's are the even
    // lanes and W15's the odd ones, so the taken and not-taken warps come out
    // full), and for W15 the complement of W14's.
    uint64_t golden_taken(const dwf_cfg &cfg, unsigned k) const {
        const unsigned L = cfg.lanes;
        const uint64_t lo = bits_mask(L / 2), hi = bits_mask(L) & ~lo;
        if (golden_kind_ == 0)
            return k ? hi : lo;
        unsigned tid[kMaxL];
        uint64_t m = 0;
        static_tids(cfg, kGoldenWarp, tid);
        for (unsigned l = 0; l < L; l++)
            if (tid[l] % 2 == 0)
                m |= 1ull << l;
        // W15: the other lanes (with 000's swizzle exactly its even TIDs;
        // under SWIZZLE 0 or some 001 functions W15's even TIDs sit in the
        // same lanes as W14's, and the complement keeps both warps full)
        return k ? bits_mask(L) & ~m : m;
    }

    void golden(const dwf_cfg &cfg, dwf_in &in) {
        const unsigned L = cfg.lanes;
        unsigned tid[kMaxL];
        in.iss_req = 0; // neither golden warp may issue before it is full
        if (golden_step_ <= 2) {
            const unsigned k = golden_step_ - 1;
            static_tids(cfg, kGoldenWarp + k, tid);
            for (unsigned l = 0; l < L; l++)
                warp_pool_put_tid(in.cm_tids, l, cfg.tid_bits, tid[l]);
            in.cm_valid = 1;
            in.cm_mask_t = golden_taken(cfg, k);
            in.cm_mask_nt = bits_mask(L) & ~in.cm_mask_t;
            in.cm_pc_t = gold_pc(cfg, 0);
            in.cm_pc_nt = gold_pc(cfg, 1);
        }
    }

    const char *golden_check(const dwf_cfg &cfg, const dwf_out &o) {
        static char msg[200];
        const unsigned L = cfg.lanes;
        if (golden_step_ != 0) {
            if (o.err)
                return "golden: step rejected";
            if (golden_step_ == 3 && (!o.lk0_hit || !o.lk1_hit || o.lk0_conflict ||
                                      o.lk1_conflict))
                return "golden: W15's lookups must hit GA and GB without a lane conflict";
            if (golden_step_ == 2 && (o.lk0_hit || o.lk1_hit))
                return "golden: W14's lookups must miss";
            if (++golden_step_ == 4) {
                golden_step_ = 0;
                golden_out_ = 2;
                cov_[golden_kind_ ? "golden_fig7_swizzled" : "golden_fig9"]++;
            }
        }
        if (o.iss_valid && (o.iss_pc == gold_pc(cfg, 0) || o.iss_pc == gold_pc(cfg, 1))) {
            unsigned t14[kMaxL], t15[kMaxL];
            const bool a = o.iss_pc == gold_pc(cfg, 0);
            const uint64_t m14 = golden_taken(cfg, 0), m15 = golden_taken(cfg, 1);
            if ((m14 ^ m15) != bits_mask(L))
                return "golden: the two warps' taken lanes must tile the warp";
            if (o.iss_mask != bits_mask(L))
                return "golden: a golden warp issued without all its lanes";
            static_tids(cfg, kGoldenWarp, t14);
            static_tids(cfg, kGoldenWarp + 1, t15);
            for (unsigned l = 0; l < L; l++) {
                const bool from14 = bits_get(m14, l) == (a ? 1u : 0u);
                const unsigned want = from14 ? t14[l] : t15[l];
                const unsigned got = warp_pool_get_tid(o.iss_tids, l, cfg.tid_bits);
                if (got != want) {
                    snprintf(msg, sizeof msg, "golden: warp %c lane %u issued tid %u, expected %u",
                             a ? 'A' : 'B', l, got, want);
                    return msg;
                }
            }
            cov_["golden_full_issues"]++;
            if (golden_out_ && --golden_out_ == 0)
                golden_kind_ ^= 1u;
        }
        return NULL;
    }

    // a live thread (in the registers or the pool), or -1
    static int live_tid(const dwf_cfg &cfg, const dwf_state &s, Rng &rng) {
        const unsigned T = dwf_threads(&cfg);
        unsigned start = static_cast<unsigned>(rng.below(T));
        for (unsigned i = 0; i < T; i++)
            if (s.live[(start + i) % T])
                return static_cast<int>((start + i) % T);
        return -1;
    }

    void illegal(const dwf_cfg &cfg, const dwf_state &s, Rng &rng, dwf_in &in) {
        const unsigned L = cfg.lanes;
        const uint64_t all = bits_mask(L);
        const unsigned l = static_cast<unsigned>(rng.below(L));
        in.cm_valid = 1;
        in.cm_pc_t = traffic_.pc_of(static_cast<unsigned>(rng.below(96)));
        in.cm_pc_nt = in.cm_pc_t + 4;
        switch (rng.below(3)) {
        case 0: {
            in.cm_mask_t = (rng.bits(L) | (1ull << l)) & all;
            in.cm_mask_nt = (rng.bits(L) | (1ull << l)) & all;
            expect_err_ = DWF_ERR_OVERLAP;
            cov_["err_OVERLAP"]++;
            break;
        }
        case 1: {
            int bad = dwf_foreign_tid_by(dwf_threads(&cfg), L,
                                         [&cfg](unsigned t) { return dwf_home_lane(&cfg, t); }, l, rng);
            if (bad < 0) {
                in.cm_valid = 0;
                return;
            }
            warp_pool_put_tid(in.cm_tids, l, cfg.tid_bits, static_cast<unsigned>(bad));
            in.cm_mask_nt = 1ull << l;
            expect_err_ = DWF_ERR_HOME_LANE;
            cov_["err_HOME_LANE"]++;
            break;
        }
        default: {
            int t = live_tid(cfg, s, rng);
            if (t < 0) {
                in.cm_valid = 0;
                return;
            }
            unsigned h = dwf_home_lane(&cfg, static_cast<unsigned>(t));
            warp_pool_put_tid(in.cm_tids, h, cfg.tid_bits, static_cast<unsigned>(t));
            in.cm_mask_t = 1ull << h;
            expect_err_ = DWF_ERR_TID_LIVE;
            cov_["err_TID_LIVE"]++;
            break;
        }
        }
    }

    void observe(const dwf_cfg &cfg, const dwf_state &before, const dwf_state &after,
                 const dwf_in &in, const dwf_out &o, bool accepted) {
        const unsigned L = cfg.lanes, T = dwf_threads(&cfg);
        const unsigned used = T - after.pool.fcnt;
        uint64_t &hw = cov_["occ_hw"];
        if (used > hw)
            hw = used;
        if (10 * used >= 9 * T)
            cov_["occ_ge_90pct"]++;
        if (o.ovf)
            cov_["ovf_cycles"]++;
        if (accepted) {
            for (unsigned j = 0; j < 2; j++) {
                if (!before.ur_mask[j])
                    continue;
                const bool hit = j ? o.lk1_hit : o.lk0_hit;
                cov_[hit ? "lk_hits" : "lk_misses"]++;
                if (j ? o.lk1_evict : o.lk0_evict)
                    cov_["lk_evicts"]++;
                if (j ? o.lk1_conflict : o.lk0_conflict)
                    cov_["lk_conflicts"]++;
            }
            if (o.inv_hit)
                cov_["inv_hits"]++;
        }
        // the commit
        if (accepted && in.cm_valid) {
            const uint64_t m = (in.cm_mask_t | in.cm_mask_nt) & bits_mask(L);
            if (in.cm_mask_t && in.cm_mask_nt && in.cm_pc_t == in.cm_pc_nt)
                cov_["merged"]++;
            for (unsigned l = 0; l < L; l++)
                if (bits_get(m, l))
                    where_[warp_pool_get_tid(in.cm_tids, l, cfg.tid_bits)] = W_LIVE;
            if (commit_ >= 0) {
                const Warp &w = pipe_[commit_];
                for (unsigned l = 0; l < L; l++)
                    if (bits_get(w.mask & ~m, l)) {
                        where_[w.tid[l]] = collecting(cfg, w.tid[l]) ? W_RESERVE : W_EXITED;
                        cov_["exits"]++;
                    }
                pipe_.erase(pipe_.begin() + commit_);
            }
            if (launch_)
                cov_["launches"]++;
        }
        // the issue: threads back to the pipeline (golden ones collected)
        if (o.iss_valid) {
            cov_[o.iss_src == WP_SRC_UNTRACKED ? "src_UNTRACKED"
                 : o.iss_src == WP_SRC_LOCK    ? "src_LOCK" : "src_PICK"]++;
            unsigned n = bits_popcount(o.iss_mask);
            cov_[n == 1 ? "sz1" : n <= 4 ? "sz2_4" : n <= 8 ? "sz5_8" : n < 16 ? "sz9_15"
                                                                               : "sz16"]++;
            Warp w;
            std::memset(&w, 0, sizeof w);
            w.ready = cyc_ + 1 + (cyc_ * 2654435761u >> 7) % 24;
            w.pc = o.iss_pc;
            for (unsigned l = 0; l < L; l++) {
                if (!bits_get(o.iss_mask, l))
                    continue;
                unsigned t = warp_pool_get_tid(o.iss_tids, l, cfg.tid_bits);
                w.tid[l] = t;
                if (collecting(cfg, t)) {
                    where_[t] = W_RESERVE;
                } else {
                    where_[t] = W_FLIGHT;
                    w.mask |= 1ull << l;
                }
            }
            if (w.mask)
                pipe_.push_back(w);
        }
        // exited golden threads are collected too
        if (cyc_ >= golden_due_ && golden_step_ == 0)
            for (unsigned t = 0; t < T; t++)
                if (where_[t] == W_EXITED && golden_thread(cfg, t))
                    where_[t] = W_RESERVE;
    }

    std::vector<Warp> pipe_;
    uint8_t where_[kMaxT];
    DwfTraffic traffic_;
    unsigned stall_;
    unsigned golden_step_, golden_out_, golden_kind_;
    uint64_t golden_due_;
    unsigned expect_err_;
    int commit_;
    bool launch_;
    uint64_t cyc_;
    PoolIssueCheck order_;
    Coverage cov_;
};

int main(int argc, char **argv)
{
    return cosim_main<DwfModel, DwfStim>(argc, argv);
}
