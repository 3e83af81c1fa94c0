// SPDX-License-Identifier: Apache-2.0
// warp_pool_cosim.cpp -- co-simulation of rtl_c/warp_pool (C) against
// verilog/warp_pool.v (Verilated), cycle by cycle.  Framework: tb/cosim.h.
// The hardware (000 sec. 4.1-4.3: warp pool, free-list allocator, issue
// logic) is documented in rtl_c/warp_pool.h.
//
// Configuration: any legal parameter set (tb/cosim.h); the defaults are 16
// lanes, 256 entries, TID 8, PC 32, DMaj, swizzle on, 32-slot majority
// table.  Other issue policies are other design points:
// make cosim STRUCT=warp_pool PARAMS="POLICY=2" (tools/warp_pool_policies.sh
// runs the four).
//
// Stimulus: the harness plays the pipeline and the PC-warp LUT around the
// pool.  Threads of static warps 0..13 circulate: an issued warp comes back
// after 1..24 cycles as a committing warp whose threads go to one or two
// next PCs (a divergent branch); for each PC the stimulus forms the groups
// the LUT would (join the lanes free in the warp being formed at that PC,
// a new warp at free_idx0 / free_idx1 for the conflicting lanes or on a
// miss; a warp issuing this cycle counts as a miss).  The PC space changes
// mode every 3000 cycles: 6 PCs (convergent), 24, 96 PCs with frequent
// divergence (more PCs than the 32-slot table: overflow and the untracked
// fallback), or 4000 PCs with random next PCs where branches often split
// one thread off (warps shatter into singletons: a near-full pool).  Issue stalls of 100..600
// cycles (iss_req = 0) let the pool fill.  At PC_W < 16 the walk is narrow
// (dwf_traffic.h: PCs 0..2^PC_W-1, so that they recur and warps join at
// them; the wide PCs cut to PC_W bits never matched the harness' own) with
// short issue stalls (2..31 cycles, 1% of the cycles), so that the few
// threads of a small pool wait for each other.  Right after every reset an
// issue request on the empty pool (ISS_EMPTY).  With POOL = THREADS a legal
// stream can never fill the pool (see warp_pool.h), so `pushbacks` stays 0
// here; back-pressure is tested in tests/test_warp_pool.c (POOL < THREADS).
// Golden run (000 Fig. 9 at 16 lanes, every 5000 cycles, threads of static
// warps 14 and 15 reserved for it): W14 sends lanes 0-7 to GA and 8-15 to GB
// (two new warps); next cycle (iss_req = 0) W15 sends lanes 0-7 to GB and
// 8-15 to GA (two joins, no new warp); both warps must then be full, with
// the TIDs asserted lane by lane, and issue with all 16 lanes.
// Illegal input (4% of cycles): every err code, expected code asserted.
// Harness invariants (beyond warp_pool_check): thread conservation (a
// thread is in the pool iff the harness put it there and it has not issued
// since), the issued warp is exactly the pool entry (PC, lanes, TIDs),
// ready = 0 only when the new groups outnumber free_cnt, a held write with
// an issue changes only what the issue changes, the issue order and wait
// bounds (PoolIssueCheck, dwf_traffic.h: a running batch issues only its
// marked warps, every table pick is the true majority/minority PC counted
// from the pool entries, the overflow bounds of warp_pool.h), and after
// every clock edge the whole architectural state against the RTL's
// registers (Model::state, tb/rtl_peek.h).  Coverage: one key per error
// code (err_*) and per issue source (src_*).
#include "cosim.h"
#include "dwf_traffic.h"
#include "rtl_peek.h"

#include <cstdlib>

#include "Vwarp_pool.h"
#include "Vwarp_pool___024root.h"

extern "C" {
#include "../rtl_c/warp_pool.h"
}

struct WarpPoolModel {
    COSIM_MODEL(warp_pool, Vwarp_pool)

    // the whole architectural state against the RTL registers (rtl_peek.h)
    static void state(rtl_t *r, const cfg_t &c, const state_t &s, StateCmp &cmp) {
        static PoolPeek peek;
        if (!peek.ready())
            peek.init(r->contextp(), "warp_pool", c);
        peek.cmp(c, s, cmp);
    }
    static bool err(const out_t &o) { return o.err != 0; }
    // The harness compares the whole C state when ready = 0.  A held write
    // with an issue in the same cycle changes the state (the issue goes on),
    // so such a cycle counts as "not held" here and the stimulus checks it
    // instead: the state must be exactly the issue-only update.
    static bool ready(const out_t &o) { return o.ready != 0 || o.iss_valid != 0; }

    static const char *decode(const char *port, uint64_t v) {
        if (!std::strcmp(port, "err_code"))
            return warp_pool_err_name(static_cast<unsigned>(v));
        if (!std::strcmp(port, "iss_src"))
            return warp_pool_src_name(static_cast<unsigned>(v));
        return NULL;
    }
};

namespace {

const unsigned kMaxL = WARP_POOL_MAX_LANES;
const uint64_t kGoldA = DwfTraffic::kPcEnd, kGoldB = kGoldA + 0x40;
const unsigned kGoldenWarp = 14; // static warps 14 and 15 are the golden run's

typedef DwfWarp Warp;

struct Path {
    uint64_t pc, mask;
};

} // namespace

class WarpPoolStim {
public:
    void reset(const warp_pool_cfg &cfg) {
        const unsigned L = cfg.lanes;
        traffic_.reset(cfg.pc_bits);
        pipe_.clear();
        for (unsigned w = 0; w < kGoldenWarp && (w + 1) * L <= warp_pool_threads(&cfg); w++) {
            Warp x;
            std::memset(&x, 0, sizeof x);
            x.ready = w;
            x.pc = traffic_.pc_of(0);
            x.mask = bits_mask(L);
            static_tids(cfg, w, x.tid);
            pipe_.push_back(x);
        }
        std::memset(in_pool_, 0, sizeof in_pool_);
        std::memset(forming_, 0xff, sizeof forming_);
        stall_ = 0;
        probe_empty_ = true;
        golden_step_ = 0;
        golden_due_ = 0;
        golden_out_ = 0;
        expect_err_ = 0;
        commit_ = -1;
        golden_expect_ = 0;
        cyc_ = 0;
        std::string pol = warp_pool_policy_name(cfg.policy);
        issues_key_ = "issues_" + pol;
        static const char *const keys[] = {
            "occ_hw",      "occ_ge_3_4",  "ovf_cycles",  "src_UNTRACKED", "src_LOCK",
            "src_PICK",    "picks_true",  "sz1",         "sz2_4",         "sz5_8",
            "sz9_15",      "sz16",        "joins",       "news",          "pushbacks",
            "holds",       "golden",      "golden_full_issues", "stalls"};
        for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
            cov_[keys[k]] = 0;
        cov_[issues_key_.c_str()] = 0;
        // every error code its own key (ISS_EMPTY..GROUP_KIND)
        for (unsigned e = 1; e <= WP_ERR_GROUP_KIND; e++)
            cov_[err_key(e)] = 0;
        order_.reset(cov_);
    }

    warp_pool_in next(const warp_pool_cfg &cfg, const warp_pool_state &s, Rng &rng,
                      uint64_t cyc) {
        warp_pool_in in;
        std::memset(&in, 0, sizeof in);
        expect_err_ = 0;
        commit_ = -1;
        golden_expect_ = 0;
        cyc_ = cyc;
        const unsigned used = cfg.entries - s.fcnt;

        // PC-space mode and issue stalls (a narrow walk: short ones, often,
        // so that the few threads of a small pool wait for each other)
        traffic_.phase(cyc, rng);
        const bool wide = traffic_.wide();
        if (stall_ == 0 && rng.below(wide ? 2500 : 100) == 0) {
            stall_ = wide ? 100 + static_cast<unsigned>(rng.below(500))
                          : 2 + static_cast<unsigned>(rng.below(30));
            cov_["stalls"]++;
        }
        bool want_iss = stall_ == 0 && rng.chance(92);
        if (stall_)
            stall_--;
        in.iss_req = want_iss && used > 0;
        // random garbage in every lane; the written lanes are set below
        for (unsigned k = 0; k < warp_pool_words(&cfg); k++)
            in.wr_tids[k] = rng.next();

        // right after a reset the pool is empty: an issue request then is
        // ISS_EMPTY (the only time a pool in traffic is surely empty)
        if (probe_empty_) {
            probe_empty_ = false;
            if (used == 0) {
                in.iss_req = 1;
                expect_err_ = WP_ERR_ISS_EMPTY;
                cov_[err_key(expect_err_)]++;
                return in;
            }
        }

        // the golden run
        if (golden_step_ == 0 && golden_out_ == 0 && cyc >= golden_due_ &&
            used + 2 <= cfg.entries && golden_ok(cfg)) {
            golden_step_ = 1;
            golden_due_ = cyc - cyc % 5000 + 5000;
        }
        if (golden_step_ != 0) {
            golden(cfg, s, in);
            return in;
        }
        if (rng.chance(4)) {
            illegal(cfg, s, rng, in);
            return in;
        }
        // the committing warp: the earliest one due
        int best = -1;
        for (size_t k = 0; k < pipe_.size(); k++)
            if (pipe_[k].ready <= cyc && (best < 0 || pipe_[k].ready < pipe_[best].ready))
                best = static_cast<int>(k);
        if (best >= 0 && rng.chance(90)) {
            commit_ = best;
            Path p[2];
            unsigned np = next_pcs(cfg, pipe_[best], rng, p);
            form(cfg, s, in, pipe_[best], p, np, rng);
        }
        // hold (1%): the pool is frozen, the write held, nothing issues;
        // the harness checks that the state did not change (ready = 0)
        if (rng.chance(1)) {
            in.hold = 1;
            cov_["holds"]++;
        }
        return in;
    }

    const char *check(const warp_pool_cfg &cfg, const warp_pool_state &before,
                      const warp_pool_state &after, const warp_pool_in &in,
                      const warp_pool_out &o) {
        static char msg[256];
        const unsigned L = cfg.lanes, T = warp_pool_threads(&cfg);
        if (o.err_code != expect_err_) {
            snprintf(msg, sizeof msg, "expected err_code %s, model gave %s",
                     warp_pool_err_name(expect_err_),
                     warp_pool_err_name(static_cast<unsigned>(o.err_code)));
            return msg;
        }
        // back-pressure only when the new groups outnumber the free entries
        unsigned nnew = 0;
        for (unsigned g = 0; g < WARP_POOL_GROUPS; g++)
            nnew += in.g_valid[g] && in.g_new[g];
        if (!o.err && !o.ready && !in.hold && nnew <= before.fcnt)
            return "ready = 0 with enough free entries";
        if (in.hold && (o.ready || o.iss_valid))
            return "hold with ready or iss_valid";
        if (!o.err && o.ready == 0 && o.iss_valid) {
            // a held write: the state is exactly the issue-only update
            warp_pool_in only;
            std::memset(&only, 0, sizeof only);
            only.iss_req = 1;
            warp_pool_state exp = before;
            warp_pool_out oo;
            warp_pool_eval(&cfg, &exp, &only, &oo);
            warp_pool_step(&cfg, &exp, &only, &oo);
            if (std::memcmp(&exp, &after, sizeof exp) != 0)
                return "ready = 0: the state differs from the issue-only update";
        }
        const bool accepted = !o.err && o.ready;
        // the issued warp is exactly the pool entry
        if (o.iss_valid) {
            const unsigned x = static_cast<unsigned>(o.iss_idx);
            if (!before.valid[x] || before.pc[x] != o.iss_pc || before.lv[x] != o.iss_mask)
                return "issued warp differs from its pool entry (valid, pc or lanes)";
            for (unsigned l = 0; l < L; l++) {
                unsigned t = warp_pool_get_tid(o.iss_tids, l, cfg.tid_bits);
                if (bits_get(o.iss_mask, l) ? t != before.tid[x][l] : t != 0) {
                    snprintf(msg, sizeof msg, "issued tid in lane %u is %u, entry %u holds %u",
                             l, t, x, before.tid[x][l]);
                    return msg;
                }
            }
            const char *why = order_.issue(cfg, before, x, o.iss_pc,
                                           static_cast<unsigned>(o.iss_src), cov_);
            if (why)
                return why;
        }
        // conservation: update the harness' view, compare with the pool's
        if (accepted)
            for (unsigned g = 0; g < WARP_POOL_GROUPS; g++)
                if (in.g_valid[g])
                    for (unsigned l = 0; l < L; l++)
                        if (bits_get(in.g_mask[g], l))
                            in_pool_[warp_pool_get_tid(in.wr_tids, l, cfg.tid_bits)] = 1;
        if (o.iss_valid)
            for (unsigned l = 0; l < L; l++)
                if (bits_get(o.iss_mask, l))
                    in_pool_[warp_pool_get_tid(o.iss_tids, l, cfg.tid_bits)] = 0;
        for (unsigned t = 0; t < T; t++)
            if (in_pool_[t] != after.in_pool[t]) {
                snprintf(msg, sizeof msg, "thread %u: harness says %s the pool, model says %s",
                         t, in_pool_[t] ? "in" : "out of", after.in_pool[t] ? "in" : "out of");
                return msg;
            }
        const char *why = golden_check(cfg, after, o, accepted);
        if (why)
            return why;
        observe(cfg, before, after, in, o, accepted);
        if (accepted)
            for (unsigned g = 0; g < WARP_POOL_GROUPS; g++)
                if (in.g_valid[g] && in.g_new[g])
                    order_.born(static_cast<unsigned>(in.g_idx[g] & (cfg.entries - 1)));
        return order_.bounds(cfg, after);
    }

    // Flips a scheduler-data bit of a valid pool entry that is not the issue
    // candidate (it stays valid through the next edge): under DMaj no port
    // and no invariant sees it, so only the whole-state compare
    // (state.sched_q) catches it, at the clock edge right after.
    void inject_fault(const warp_pool_cfg &cfg, warp_pool_state &s, Rng &rng) {
        warp_pool_out o;
        warp_pool_eval_state(&cfg, &s, &o);
        for (unsigned i = cfg.entries; i-- > 0;)
            if (s.valid[i] && !(o.cand_valid && o.cand_idx == i)) {
                s.sched[i] ^= static_cast<uint16_t>(1u << rng.below(cfg.sched_bits));
                return;
            }
        s.fcnt ^= 1u;
    }

    std::string coverage() { return cov_.str(); }

    // The decision kinds this point allows (tb/cosim.h hook 5): a run of
    // COSIM_COVER_CYCLES without one of them fails.  New warps, joins (the
    // LUT's hit on a warp still forming: at every width, the narrow walk of
    // dwf_traffic.h included), holds, issue stalls, issues under the
    // point's policy, and every error code the
    // point can raise: HOME_LANE needs two lanes; LANE_OCC a thread outside
    // the pool whose home lane a warp holds (more threads than lanes).
    // Under DMaj/DMin the table's picks; LOCK (the rest of a picked batch)
    // under DMaj, with two warps at one PC (more threads than lanes; DMin
    // picks the PC with the fewest threads, as a rule one warp); overflow (more
    // PCs in the pool than table slots) needs more entries, threads and
    // walked PCs than slots.  Issue sizes up to the lanes; the golden run
    // where it fits.  Not required: pushbacks (0 with POOL = THREADS, see
    // the header); occ_ge_3_4 (a pool 3/4 full takes a shattering phase
    // that meets a long stall: 0 at the defaults in 40,000 cycles at seed 1);
    // ovf_cycles and src_UNTRACKED (more PCs in the pool than table slots
    // takes a long shattering phase too: 0 at the defaults in 20,000 cycles
    // at seed 3, docs_gen's run, and 950 in 40,000).
    void required(const warp_pool_cfg &cfg, std::vector<std::string> &keys) const {
        cosim_require(keys, {"news", "joins", "holds", "stalls", "sz1"});
        keys.push_back(issues_key_);
        const unsigned T = warp_pool_threads(&cfg);
        for (unsigned e = 1; e <= WP_ERR_GROUP_KIND; e++)
            if ((e != WP_ERR_HOME_LANE || cfg.lanes >= 2) && (e != WP_ERR_LANE_OCC || T > cfg.lanes))
                keys.push_back(err_key(e));
        const bool table = cfg.policy == WP_POL_DMAJ || cfg.policy == WP_POL_DMIN;
                cosim_require(keys, {"src_PICK", "picks_true"}, table);
        cosim_require(keys, {"src_LOCK"}, cfg.policy == WP_POL_DMAJ && T > cfg.lanes);
        cosim_require(keys, {"sz2_4"}, cfg.lanes >= 2);
        cosim_require(keys, {"sz5_8"}, cfg.lanes >= 5);
        cosim_require(keys, {"sz9_15"}, cfg.lanes >= 9);
        cosim_require(keys, {"sz16"}, cfg.lanes >= 16);
        cosim_require(keys, {"golden", "golden_full_issues"}, golden_ok(cfg));
    }

private:
    static const char *err_key(unsigned e) {
        static std::string names[16];
        if (names[e].empty())
            names[e] = std::string("err_") + warp_pool_err_name(e);
        return names[e].c_str();
    }

    static void static_tids(const warp_pool_cfg &cfg, unsigned w, unsigned *tid) {
        dwf_static_tids(cfg.lanes, cfg.swizzle, w, tid);
    }

    bool golden_ok(const warp_pool_cfg &cfg) const {
        return cfg.lanes >= 2 && (kGoldenWarp + 2) * cfg.lanes <= warp_pool_threads(&cfg) &&
               traffic_.wide();
    }

    unsigned next_pcs(const warp_pool_cfg &cfg, const Warp &w, Rng &rng, Path *p) {
        uint64_t succ, tgt;
        traffic_.successors(w.pc, rng, &succ, &tgt);
        if (bits_popcount(w.mask) >= 2 && rng.chance(traffic_.div_pct) && tgt != succ) {
            const uint64_t t = traffic_.split(w.mask, rng);
            p[0].pc = tgt;
            p[0].mask = t;
            p[1].pc = succ;
            p[1].mask = w.mask & ~t;
            return 2;
        }
        p[0].pc = rng.chance(85) ? succ : tgt;
        p[0].mask = w.mask;
        (void)cfg;
        return 1;
    }

    int forming_find(uint64_t pc) const {
        for (unsigned i = 0; i < kForm; i++)
            if (forming_[i].pc == pc)
                return static_cast<int>(i);
        return -1;
    }
    void forming_set(uint64_t pc, unsigned idx) {
        int f = forming_find(pc);
        unsigned slot = f >= 0 ? static_cast<unsigned>(f) : static_cast<unsigned>(pc / 4) % kForm;
        forming_[slot].pc = pc;
        forming_[slot].idx = idx;
    }

    // The issue candidate of this cycle (registered state only).
    static int iss_candidate(const warp_pool_cfg &cfg, const warp_pool_state &s, bool req) {
        if (!req)
            return -1;
        warp_pool_in q;
        warp_pool_out qo;
        std::memset(&q, 0, sizeof q);
        q.iss_req = 1;
        warp_pool_eval(&cfg, &s, &q, &qo);
        return qo.iss_valid ? static_cast<int>(qo.iss_idx) : -1;
    }

    // The groups the LUT would produce for paths p[0..np-1] of warp w.
    void form(const warp_pool_cfg &cfg, const warp_pool_state &s, warp_pool_in &in,
              const Warp &w, const Path *p, unsigned np, Rng &rng) {
        const int cand = iss_candidate(cfg, s, in.iss_req != 0);
        unsigned k = 0;
        unsigned pair0 = np == 1 ? static_cast<unsigned>(rng.below(2)) : 0;
        for (unsigned l = 0; l < cfg.lanes; l++)
            if (bits_get(w.mask, l))
                warp_pool_put_tid(in.wr_tids, l, cfg.tid_bits, w.tid[l]);
        for (unsigned j = 0; j < np; j++) {
            const unsigned pr = (pair0 + j) & 1u;
            const unsigned gj = 2 * pr, gn = 2 * pr + 1;
            const uint64_t prio = (traffic_.wide() ? p[j].pc / 4 : p[j].pc) % 7;
            int f = forming_find(p[j].pc);
            bool hit = f >= 0 && s.valid[forming_[f].idx] && s.pc[forming_[f].idx] == p[j].pc &&
                       static_cast<int>(forming_[f].idx) != cand;
            uint64_t join = 0, nw = p[j].mask;
            if (hit) {
                const unsigned x = forming_[f].idx;
                join = p[j].mask & ~s.lv[x];
                nw = p[j].mask & s.lv[x];
                if (join) {
                    in.g_valid[gj] = 1;
                    in.g_idx[gj] = x;
                    in.g_pc[gj] = p[j].pc;
                    in.g_mask[gj] = join;
                    in.g_prio[gj] = prio;
                }
            }
            if (nw) {
                in.g_valid[gn] = 1;
                in.g_new[gn] = 1;
                in.g_idx[gn] = s.fifo[(s.head + k) & (cfg.entries - 1)];
                in.g_pc[gn] = p[j].pc;
                in.g_mask[gn] = nw;
                in.g_prio[gn] = prio;
                k++;
            }
        }
    }

    void golden(const warp_pool_cfg &cfg, const warp_pool_state &s, warp_pool_in &in) {
        const unsigned L = cfg.lanes, half = L / 2;
        const uint64_t lo = bits_mask(half), hi = bits_mask(L) & ~lo;
        unsigned tid[kMaxL];
        in.iss_req = 0;  // neither golden warp may issue before it is full
        if (golden_step_ == 1) {
            static_tids(cfg, kGoldenWarp, tid);
            for (unsigned l = 0; l < L; l++)
                warp_pool_put_tid(in.wr_tids, l, cfg.tid_bits, tid[l]);
            gidx_[0] = s.fifo[s.head];
            gidx_[1] = s.fifo[(s.head + 1) & (cfg.entries - 1)];
            in.g_valid[1] = 1; in.g_new[1] = 1; in.g_idx[1] = gidx_[0];
            in.g_pc[1] = kGoldA; in.g_mask[1] = lo;
            in.g_valid[3] = 1; in.g_new[3] = 1; in.g_idx[3] = gidx_[1];
            in.g_pc[3] = kGoldB; in.g_mask[3] = hi;
        } else {
            static_tids(cfg, kGoldenWarp + 1, tid);
            for (unsigned l = 0; l < L; l++)
                warp_pool_put_tid(in.wr_tids, l, cfg.tid_bits, tid[l]);
            in.g_valid[0] = 1; in.g_idx[0] = gidx_[0];
            in.g_pc[0] = kGoldA; in.g_mask[0] = hi;
            in.g_valid[2] = 1; in.g_idx[2] = gidx_[1];
            in.g_pc[2] = kGoldB; in.g_mask[2] = lo;
        }
        golden_expect_ = golden_step_;
    }

    const char *golden_check(const warp_pool_cfg &cfg, const warp_pool_state &after,
                             const warp_pool_out &o, bool accepted) {
        static char msg[200];
        const unsigned L = cfg.lanes, half = L / 2;
        if (golden_expect_ != 0) {
            if (!accepted)
                return "golden step not accepted";
            if (golden_expect_ == 1) {
                golden_step_ = 2;
            } else {
                golden_step_ = 0;
                golden_out_ = 2;
                // A = W14 lanes 0..half-1 + W15 lanes half..L-1; B the other halves
                unsigned t14[kMaxL], t15[kMaxL];
                static_tids(cfg, kGoldenWarp, t14);
                static_tids(cfg, kGoldenWarp + 1, t15);
                for (unsigned w = 0; w < 2; w++) {
                    const unsigned x = gidx_[w];
                    if (!after.valid[x] || after.lv[x] != bits_mask(L) ||
                        after.pc[x] != (w ? kGoldB : kGoldA)) {
                        snprintf(msg, sizeof msg, "golden: warp %c (entry %u) not full: lanes %llx",
                                 w ? 'B' : 'A', x, (unsigned long long)after.lv[x]);
                        return msg;
                    }
                    for (unsigned l = 0; l < L; l++) {
                        const bool from14 = (l < half) == (w == 0);
                        const unsigned want = from14 ? t14[l] : t15[l];
                        if (after.tid[x][l] != want) {
                            snprintf(msg, sizeof msg, "golden: warp %c lane %u holds tid %u, "
                                     "expected %u", w ? 'B' : 'A', l, after.tid[x][l], want);
                            return msg;
                        }
                    }
                }
                cov_["golden"]++;
            }
        }
        if (o.iss_valid && (o.iss_pc == kGoldA || o.iss_pc == kGoldB)) {
            if (o.iss_mask != bits_mask(L))
                return "golden: a golden warp issued without all its lanes";
            cov_["golden_full_issues"]++;
            if (golden_out_)
                golden_out_--;
        }
        return NULL;
    }

    // a thread whose home lane is l and that is outside the pool, or -1
    int outside_tid(const warp_pool_cfg &cfg, const warp_pool_state &s, unsigned l, Rng &rng) {
        const unsigned T = warp_pool_threads(&cfg);
        unsigned start = static_cast<unsigned>(rng.below(T));
        for (unsigned i = 0; i < T; i++) {
            unsigned t = (start + i) % T;
            if (!s.in_pool[t] && warp_pool_home_lane(t, cfg.lanes, cfg.swizzle) == l &&
                t < kGoldenWarp * cfg.lanes)
                return static_cast<int>(t);
        }
        return -1;
    }

    int some_valid(const warp_pool_cfg &cfg, const warp_pool_state &s, Rng &rng) {
        unsigned start = static_cast<unsigned>(rng.below(cfg.entries));
        for (unsigned i = 0; i < cfg.entries; i++) {
            unsigned x = (start + i) % cfg.entries;
            if (s.valid[x])
                return static_cast<int>(x);
        }
        return -1;
    }

    void illegal(const warp_pool_cfg &cfg, const warp_pool_state &s, Rng &rng,
                 warp_pool_in &in) {
        const unsigned L = cfg.lanes, used = cfg.entries - s.fcnt;
        const uint64_t all = bits_mask(L);
        const unsigned l = static_cast<unsigned>(rng.below(L));
        const uint64_t pc = traffic_.pc_of(static_cast<unsigned>(rng.below(96)));
        const unsigned f0 = s.fifo[s.head];
        int t = outside_tid(cfg, s, l, rng);
        int x = some_valid(cfg, s, rng);
        const int cand = iss_candidate(cfg, s, in.iss_req != 0);
        if (x >= 0 && x == cand)
            in.iss_req = 0; // keep the join checks away from JOIN_ISSUING
        switch (rng.below(12)) {
        case 0:
            if (used != 0)
                return;
            in.iss_req = 1;
            expect_err_ = WP_ERR_ISS_EMPTY;
            break;
        case 1: {
            // two groups share lane l: any of the six pairs (g0/g2 join,
            // g1/g3 new)
            static const unsigned pa[6] = {0, 0, 0, 1, 1, 2}, pb[6] = {1, 2, 3, 2, 3, 3};
            const unsigned k = static_cast<unsigned>(rng.below(6));
            for (unsigned j = 0; j < 2; j++) {
                const unsigned g = j ? pb[k] : pa[k];
                in.g_valid[g] = 1;
                in.g_new[g] = g & 1u;
                in.g_idx[g] = (g & 1u) ? f0 : rng.below(cfg.entries);
                in.g_pc[g] = pc + 4 * j;
                in.g_mask[g] = (rng.bits(L) | (1ull << l)) & all;
            }
            expect_err_ = WP_ERR_OVERLAP;
            break;
        }
        case 2:
            in.g_valid[0] = 1; in.g_idx[0] = rng.bits(8); in.g_pc[0] = pc;
            in.g_mask[0] = 1ull << l;
            // another PC at any PC_W (pc + 4 wraps to pc when PC_W = 2)
            in.g_valid[1] = 1; in.g_new[1] = 1; in.g_idx[1] = f0; in.g_pc[1] = pc ^ 1u;
            in.g_mask[1] = all & ~(1ull << l);
            expect_err_ = WP_ERR_PAIR_PC;
            break;
        case 3: { // either new group (g1 or g3) empty
            const unsigned g = rng.chance(50) ? 1u : 3u;
            in.g_valid[g] = 1; in.g_new[g] = 1; in.g_idx[g] = f0; in.g_pc[g] = pc;
            in.g_mask[g] = 0;
            expect_err_ = WP_ERR_NEW_EMPTY;
            break;
        }
        case 4: {
            // a tid whose home lane is not l
            int bad = dwf_foreign_tid(warp_pool_threads(&cfg), L, cfg.swizzle, l, rng);
            if (bad < 0)
                return;
            warp_pool_put_tid(in.wr_tids, l, cfg.tid_bits, static_cast<unsigned>(bad));
            in.g_valid[1] = 1; in.g_new[1] = 1; in.g_idx[1] = f0; in.g_pc[1] = pc;
            in.g_mask[1] = 1ull << l;
            expect_err_ = WP_ERR_HOME_LANE;
            break;
        }
        case 5: {
            if (x < 0)
                return;
            unsigned ll = static_cast<unsigned>(bits_ffs(s.lv[x]));
            warp_pool_put_tid(in.wr_tids, ll, cfg.tid_bits, s.tid[x][ll]);
            in.g_valid[1] = 1; in.g_new[1] = 1; in.g_idx[1] = f0; in.g_pc[1] = pc;
            in.g_mask[1] = 1ull << ll;
            expect_err_ = WP_ERR_TID_IN_POOL;
            break;
        }
        case 6:
            if (t < 0 || s.fcnt == 0)
                return;
            warp_pool_put_tid(in.wr_tids, l, cfg.tid_bits, static_cast<unsigned>(t));
            in.g_valid[0] = 1; in.g_idx[0] = f0; in.g_pc[0] = pc; in.g_mask[0] = 1ull << l;
            expect_err_ = WP_ERR_JOIN_INVALID;
            break;
        case 7: {
            int c = iss_candidate(cfg, s, true);
            if (c < 0 || s.lv[c] == all)
                return;
            unsigned ll = static_cast<unsigned>(bits_ffs(all & ~s.lv[c]));
            int tt = outside_tid(cfg, s, ll, rng);
            if (tt < 0)
                return;
            in.iss_req = 1;
            warp_pool_put_tid(in.wr_tids, ll, cfg.tid_bits, static_cast<unsigned>(tt));
            in.g_valid[2] = 1; in.g_idx[2] = static_cast<unsigned>(c); in.g_pc[2] = s.pc[c];
            in.g_mask[2] = 1ull << ll;
            expect_err_ = WP_ERR_JOIN_ISSUING;
            break;
        }
        case 8:
        case 9: {
            if (x < 0)
                return;
            const bool occ = rng.chance(50) || s.lv[x] == all;
            unsigned ll = static_cast<unsigned>(bits_ffs(occ ? s.lv[x] : all & ~s.lv[x]));
            int tt = outside_tid(cfg, s, ll, rng);
            if (tt < 0)
                return;
            warp_pool_put_tid(in.wr_tids, ll, cfg.tid_bits, static_cast<unsigned>(tt));
            in.g_valid[0] = 1; in.g_idx[0] = static_cast<unsigned>(x);
            in.g_pc[0] = occ ? s.pc[x] : s.pc[x] ^ 1u; // bit 0 exists at any PC_W
            in.g_mask[0] = 1ull << ll;
            expect_err_ = occ ? WP_ERR_LANE_OCC : WP_ERR_JOIN_PC;
            break;
        }
        case 10:
            // a join on a new-warp group (g1), or a new warp on a join group (g2)
            if (rng.chance(50)) {
                in.g_valid[1] = 1; in.g_idx[1] = f0; in.g_pc[1] = pc;
                in.g_mask[1] = 1ull << l;
            } else {
                in.g_valid[2] = 1; in.g_new[2] = 1; in.g_idx[2] = f0; in.g_pc[2] = pc;
                in.g_mask[2] = 1ull << l;
            }
            expect_err_ = WP_ERR_GROUP_KIND;
            break;
        default:
            if (t < 0 || s.fcnt < 2)
                return;
            warp_pool_put_tid(in.wr_tids, l, cfg.tid_bits, static_cast<unsigned>(t));
            in.g_valid[3] = 1; in.g_new[3] = 1;
            in.g_idx[3] = s.fifo[(s.head + 1) & (cfg.entries - 1)]; // not free_idx0
            in.g_pc[3] = pc; in.g_mask[3] = 1ull << l;
            expect_err_ = WP_ERR_NEW_IDX;
            break;
        }
        cov_[err_key(expect_err_)]++;
    }

    void observe(const warp_pool_cfg &cfg, const warp_pool_state &before,
                 const warp_pool_state &after, const warp_pool_in &in, const warp_pool_out &o,
                 bool accepted) {
        const unsigned used = cfg.entries - after.fcnt;
        uint64_t &hw = cov_["occ_hw"];
        if (used > hw)
            hw = used;
        if (4 * used >= 3 * cfg.entries)
            cov_["occ_ge_3_4"]++;
        if (o.ovf)
            cov_["ovf_cycles"]++;
        if (!o.err && !o.ready && !in.hold)
            cov_["pushbacks"]++;
        if (accepted)
            for (unsigned g = 0; g < WARP_POOL_GROUPS; g++)
                if (in.g_valid[g])
                    cov_[in.g_new[g] ? "news" : "joins"]++;
        if (accepted && commit_ >= 0) {
            pipe_.erase(pipe_.begin() + commit_);
            for (unsigned g = 0; g < WARP_POOL_GROUPS; g++)
                if (in.g_valid[g] && in.g_new[g])
                    forming_set(in.g_pc[g], static_cast<unsigned>(in.g_idx[g]));
        }
        if (o.iss_valid) {
            cov_[issues_key_.c_str()]++;
            cov_[o.iss_src == WP_SRC_UNTRACKED ? "src_UNTRACKED"
                 : o.iss_src == WP_SRC_LOCK    ? "src_LOCK" : "src_PICK"]++;
            unsigned n = bits_popcount(o.iss_mask);
            cov_[n == 1 ? "sz1" : n <= 4 ? "sz2_4" : n <= 8 ? "sz5_8" : n < 16 ? "sz9_15"
                                                                               : "sz16"]++;
            // back to the pipeline, unless it is a golden warp
            if (o.iss_pc != kGoldA && o.iss_pc != kGoldB) {
                Warp w;
                std::memset(&w, 0, sizeof w);
                w.ready = cyc_ + 1 + (cyc_ * 2654435761u >> 7) % 24;
                w.pc = o.iss_pc;
                w.mask = o.iss_mask;
                for (unsigned l = 0; l < cfg.lanes; l++)
                    w.tid[l] = warp_pool_get_tid(o.iss_tids, l, cfg.tid_bits);
                pipe_.push_back(w);
            }
        }
    }

    static const unsigned kForm = 64;
    struct Forming {
        uint64_t pc;
        unsigned idx;
    };
    std::vector<Warp> pipe_;
    uint8_t in_pool_[WARP_POOL_MAX_THREADS];
    Forming forming_[kForm];
    DwfTraffic traffic_;
    unsigned stall_;
    bool probe_empty_;
    unsigned golden_step_, golden_expect_, golden_out_;
    uint64_t golden_due_;
    unsigned gidx_[2];
    unsigned expect_err_;
    int commit_;
    uint64_t cyc_;
    std::string issues_key_;
    PoolIssueCheck order_;
    Coverage cov_;
};

int main(int argc, char **argv)
{
    return cosim_main<WarpPoolModel, WarpPoolStim>(argc, argv);
}
