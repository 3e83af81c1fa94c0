// SPDX-License-Identifier: Apache-2.0
// sbi_scoreboard_cosim.cpp -- lockstep co-simulation of rtl_c/sbi_scoreboard
// against verilog/sbi_scoreboard.v (001 sec. 3.4).
//
// Stimulus: issues on random warps with D(t, t+1) drawn from the shapes the
// heap produces (identity, a swap of the two hot contexts, a divergence
// into cold, a pop from cold, a merge, random), destinations present with a
// phase-dependent probability, each instruction writing 1 .. NDST registers
// (the unused ids repeat the first, as the header asks; or NDST random
// ids); writebacks of random pending writes (one or both of an entry's);
// queries on random warps whose QREGS registers are biased towards the
// destination ids (any of the NDST) pending in that warp (so that compares
// hit).
// The issue/writeback balance changes every 400 cycles, so rows fill up and
// issues are pushed back.  A few percent of the cycles offer each illegal
// input (BAD_WARP, BAD_QWARP, BAD_WB, WB_IDLE).
//
// Harness invariants (beyond sbi_scoreboard_check), every cycle: the
// expected err code (err: act HOLD, quiet outputs); dep1/dep2/hz1/hz2
// recomputed by brute force from the state before the edge; ready = 0
// exactly when an issue with a destination meets a row that is full after
// this cycle's writeback, and then the row changes only by that writeback;
// wb_free exactly when no write of the entry stays pending; a mirror of every
// row (issue sequence number, destinations, matrix multiplied here with a
// column formulation of the product) equals the model's valid entries, and
// the sequence numbers decrease with the position (issue order kept).
// Model::state compares every register after every edge.
//
// Coverage: act_* and err_* counts, hz1/hz2 (queries flagged), dep_hits
// (entries flagged), wb_free, cold_entries (issues whose newest entry had
// threads in the cold context), max_rows_full_hwm.
#include "cosim.h"

#include "Vsbi_scoreboard.h"
#include "Vsbi_scoreboard___024root.h"

extern "C" {
#include "../rtl_c/sbi_scoreboard.h"
}

struct SbiScoreboardModel {
    COSIM_MODEL(sbi_scoreboard, Vsbi_scoreboard)

    static bool err(const out_t &o) { return o.err != 0; }
    static bool ready(const out_t &o) {
        (void)o;
        return true; // a pushed-back issue still lets the writeback through (checked by the Stim)
    }
    static void state(rtl_t *r, const cfg_t &c, const state_t &s, StateCmp &cmp) {
        Vsbi_scoreboard___024root *p = r->rootp;
        for (unsigned w = 0; w < c.warps; w++) {
            int i = static_cast<int>(w);
            cmp("dv1_q", i, -1, s.dv1_q[w], p->sbi_scoreboard__DOT__dv1_q[w]);
            cmp("dv2_q", i, -1, s.dv2_q[w], p->sbi_scoreboard__DOT__dv2_q[w]);
            for (unsigned k = 0; k < c.depth; k++) {
                unsigned e = w * c.depth + k;
                int j = static_cast<int>(k);
                cmp("dst1_q", i, j, s.dst1_q[e], p->sbi_scoreboard__DOT__dst1_q[e]);
                cmp("dst2_q", i, j, s.dst2_q[e], p->sbi_scoreboard__DOT__dst2_q[e]);
                cmp("mat_q", i, j, s.mat_q[e], p->sbi_scoreboard__DOT__mat_q[e]);
            }
        }
    }
    static const char *decode(const char *port, uint64_t v) {
        if (!std::strcmp(port, "act"))
            return sbi_scoreboard_act_name(static_cast<unsigned>(v));
        if (!std::strcmp(port, "err_code"))
            return sbi_scoreboard_err_name(static_cast<unsigned>(v));
        return NULL;
    }
};

class SbiScoreboardStim {
public:
    void reset(const sbi_scoreboard_cfg &cfg) {
        (void)cfg;
        std::memset(mv1_, 0, sizeof mv1_);
        std::memset(mv2_, 0, sizeof mv2_);
        std::memset(mseq_, 0, sizeof mseq_);
        std::memset(md1_, 0, sizeof md1_);
        std::memset(md2_, 0, sizeof md2_);
        std::memset(mm_, 0, sizeof mm_);
        seq_ = 1;
        expect_err_ = 0;
        iss_p_ = 50;
        wb_p_ = 50;
        dst_p_ = 70;
        static const char *const keys[] = {
            "act_IDLE", "act_PUSH", "act_MOVE", "act_STALL", "act_WB", "act_HOLD",
            "err_BAD_WARP", "err_BAD_QWARP", "err_BAD_WB", "err_WB_IDLE", "hz1", "hz2",
            "dep_hits", "wb_free", "cold_entries", "max_rows_full_hwm"};
        for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
            cov_[keys[k]] = 0; // the harness has merged the counts so far
    }

    sbi_scoreboard_in next(const sbi_scoreboard_cfg &cfg, const sbi_scoreboard_state &s, Rng &rng,
                           uint64_t cyc) {
        sbi_scoreboard_in in;
        std::memset(&in, 0, sizeof in);
        unsigned W = cfg.warps, D = cfg.depth, ww = sbi_scoreboard_warp_w(&cfg),
                 pw = sbi_scoreboard_pos_w(&cfg);
        expect_err_ = 0;
        if (cyc % 400 == 0) {
            iss_p_ = rng.chance(50) ? 85 : 40;
            wb_p_ = rng.chance(50) ? 80 : 30;
            dst_p_ = rng.chance(70) ? 80 : 30;
        }
        // issue
        if (rng.chance(iss_p_)) {
            in.iss_v = 1;
            in.iss_warp = rng.below(W);
            in.iss_d = pick_d(rng);
            in.iss_dv1 = rng.chance(dst_p_);
            in.iss_dst1 = dsts(cfg, rng);
            in.iss_dv2 = rng.chance(dst_p_ / 2);
            in.iss_dst2 = dsts(cfg, rng);
        }
        // writeback of a pending write
        if (rng.chance(wb_p_)) {
            unsigned w = static_cast<unsigned>(rng.below(W));
            uint64_t v = s.dv1_q[w] | s.dv2_q[w];
            if (!v && in.iss_v) {
                w = static_cast<unsigned>(in.iss_warp);
                v = s.dv1_q[w] | s.dv2_q[w];
            }
            if (v) {
                unsigned k;
                do
                    k = static_cast<unsigned>(rng.below(D));
                while (!((v >> k) & 1u));
                in.wb_v = 1;
                in.wb_warp = w;
                in.wb_pos = k;
                in.wb_sel = ((s.dv1_q[w] >> k) & 1u) | (((s.dv2_q[w] >> k) & 1u) << 1);
                if (in.wb_sel == 3 && rng.chance(40))
                    in.wb_sel = 1 + rng.below(2);
            }
        }
        // query: registers biased to the warp's pending destinations
        if (rng.chance(85)) {
            unsigned w = static_cast<unsigned>(rng.below(W));
            in.q_warp = w;
            in.q1_rv = rng.bits(cfg.qregs);
            in.q2_rv = rng.bits(cfg.qregs);
            for (unsigned c = 0; c < 2; c++)
                for (unsigned n = 0; n < cfg.qregs; n++) {
                    unsigned k = static_cast<unsigned>(rng.below(D));
                    unsigned e = w * D + k;
                    uint64_t d = rng.chance(50) ? s.dst1_q[e] : s.dst2_q[e];
                    uint64_t id = rng.chance(60) ? field(cfg, d, static_cast<unsigned>(rng.below(cfg.ndst)))
                                                 : rng.bits(cfg.reg_w);
                    (c ? in.q2_r : in.q1_r) |= id << (n * cfg.reg_w);
                }
        }
        // illegal input
        if (rng.chance(6)) {
            unsigned k = static_cast<unsigned>(rng.below(4));
            if (k == 0 && (1ull << ww) > W) {
                in.iss_v = 1;
                in.iss_warp = W + rng.below((1ull << ww) - W);
                expect_err_ = SBI_SB_ERR_BAD_WARP;
            } else if (k == 1 && (1ull << ww) > W) {
                in.iss_v = 0;
                in.q_warp = W + rng.below((1ull << ww) - W);
                in.q1_rv |= 1;
                expect_err_ = SBI_SB_ERR_BAD_QWARP;
            } else if (k == 2) {
                in.iss_v = 0;
                in.q1_rv = in.q2_rv = 0;
                in.wb_v = 1;
                in.wb_warp = rng.below(W);
                in.wb_pos = rng.below(D);
                in.wb_sel = 0;
                if ((1ull << pw) > D && rng.chance(50)) {
                    in.wb_pos = D + rng.below((1ull << pw) - D);
                    in.wb_sel = 1 + rng.below(3);
                } else if ((1ull << ww) > W && rng.chance(50)) {
                    in.wb_warp = W + rng.below((1ull << ww) - W);
                    in.wb_sel = 1 + rng.below(3);
                }
                expect_err_ = SBI_SB_ERR_BAD_WB;
            } else {
                // a writeback of a write that is not pending
                unsigned w = static_cast<unsigned>(rng.below(W)), p = static_cast<unsigned>(rng.below(D));
                unsigned p1 = (s.dv1_q[w] >> p) & 1u, p2 = (s.dv2_q[w] >> p) & 1u;
                if (p1 && p2)
                    return in;
                in.iss_v = 0;
                in.q1_rv = in.q2_rv = 0;
                in.wb_v = 1;
                in.wb_warp = w;
                in.wb_pos = p;
                in.wb_sel = !p1 ? (rng.chance(50) ? 1 : 3) : 2;
                expect_err_ = SBI_SB_ERR_WB_IDLE;
            }
        }
        return in;
    }

    const char *check(const sbi_scoreboard_cfg &cfg, const sbi_scoreboard_state &b,
                      const sbi_scoreboard_state &a, const sbi_scoreboard_in &in,
                      const sbi_scoreboard_out &o) {
        static char msg[240];
        unsigned D = cfg.depth;
        if (o.err_code != expect_err_) {
            snprintf(msg, sizeof msg, "expected err_code %s, model gave %s",
                     sbi_scoreboard_err_name(expect_err_),
                     sbi_scoreboard_err_name(static_cast<unsigned>(o.err_code)));
            return msg;
        }
        cov_[act_key(static_cast<unsigned>(o.act))]++;
        if (o.err) {
            static const char *const ek[] = {"", "err_BAD_WARP", "err_BAD_QWARP", "err_BAD_WB",
                                             "err_WB_IDLE"};
            cov_[ek[o.err_code]]++;
            if (o.act != SBI_SB_ACT_HOLD || o.dep1 || o.dep2 || o.hz1 || o.hz2 || o.wb_free || !o.ready)
                return "an err cycle has a decision on its outputs";
            return NULL;
        }
        // read port, brute force
        uint64_t e1 = 0, e2 = 0;
        if (in.q1_rv || in.q2_rv) {
            unsigned w = static_cast<unsigned>(in.q_warp);
            for (unsigned k = 0; k < D; k++) {
                unsigned e = w * D + k;
                bool v1 = (b.dv1_q[w] >> k) & 1u, v2 = (b.dv2_q[w] >> k) & 1u;
                uint64_t m = b.mat_q[e];
                for (unsigned n = 0; n < cfg.qregs; n++) {
                    uint64_t qa = field(cfg, in.q1_r, n), qb = field(cfg, in.q2_r, n);
                    for (unsigned t = 0; t < cfg.ndst; t++) {
                        uint64_t r1 = field(cfg, b.dst1_q[e], t), r2 = field(cfg, b.dst2_q[e], t);
                        if ((in.q1_rv >> n) & 1u) {
                            if ((v1 && r1 == qa && (m & 1u)) || (v2 && r2 == qa && ((m >> 3) & 1u)))
                                e1 |= 1ull << k;
                        }
                        if ((in.q2_rv >> n) & 1u) {
                            if ((v1 && r1 == qb && ((m >> 1) & 1u)) || (v2 && r2 == qb && ((m >> 4) & 1u)))
                                e2 |= 1ull << k;
                        }
                    }
                }
            }
        }
        if (o.dep1 != e1 || o.dep2 != e2 || o.hz1 != (e1 != 0) || o.hz2 != (e2 != 0))
            return "dep1/dep2/hz1/hz2 differ from the brute-force compare";
        cov_["hz1"] += o.hz1;
        cov_["hz2"] += o.hz2;
        cov_["dep_hits"] += static_cast<uint64_t>(__builtin_popcountll(e1) + __builtin_popcountll(e2));
        // writeback
        unsigned bw = static_cast<unsigned>(in.wb_warp), bp = static_cast<unsigned>(in.wb_pos);
        uint64_t wb1 = 0, wb2 = 0;
        if (in.wb_v) {
            bool p1 = (b.dv1_q[bw] >> bp) & 1u, p2 = (b.dv2_q[bw] >> bp) & 1u;
            bool fr = !((p1 && !(in.wb_sel & 1u)) || (p2 && !(in.wb_sel & 2u)));
            if (o.wb_free != static_cast<uint64_t>(fr))
                return "wb_free wrong";
            cov_["wb_free"] += fr;
            wb1 = (in.wb_sel & 1u) ? 1ull << bp : 0;
            wb2 = (in.wb_sel & 2u) ? 1ull << bp : 0;
            mv1_[bw] &= ~wb1;
            mv2_[bw] &= ~wb2;
        } else if (o.wb_free)
            return "wb_free without a writeback";
        // issue: stall exactly when full after the writeback
        if (in.iss_v) {
            unsigned w = static_cast<unsigned>(in.iss_warp);
            uint64_t v = (b.dv1_q[w] & ~(bw == w ? wb1 : 0)) | (b.dv2_q[w] & ~(bw == w ? wb2 : 0));
            bool push = in.iss_dv1 || in.iss_dv2;
            bool full = v == bits_mask(D);
            if (o.ready != static_cast<uint64_t>(!(push && full)))
                return "ready is not 'no issue with a destination into a full row'";
            if (!o.ready) {
                for (unsigned k = 0; k < D; k++)
                    if (a.mat_q[w * D + k] != b.mat_q[w * D + k] ||
                        a.dst1_q[w * D + k] != b.dst1_q[w * D + k])
                        return "a pushed-back issue changed its row";
            } else {
                // the mirror: products, then the collapsing shift
                for (unsigned k = 0; k < D; k++)
                    mm_[w][k] = prod(mm_[w][k], in.iss_d);
                if (push) {
                    unsigned h = 0;
                    while ((v >> h) & 1u)
                        h++;
                    for (unsigned k = h; k > 0; k--) {
                        mseq_[w][k] = mseq_[w][k - 1];
                        md1_[w][k] = md1_[w][k - 1];
                        md2_[w][k] = md2_[w][k - 1];
                        mm_[w][k] = mm_[w][k - 1];
                    }
                    uint64_t lo = bits_mask(h), lo1 = bits_mask(h + 1);
                    mv1_[w] = (mv1_[w] & ~lo1) | ((mv1_[w] & lo) << 1) | in.iss_dv1;
                    mv2_[w] = (mv2_[w] & ~lo1) | ((mv2_[w] & lo) << 1) | in.iss_dv2;
                    mseq_[w][0] = seq_++;
                    md1_[w][0] = in.iss_dst1;
                    md2_[w][0] = in.iss_dst2;
                    mm_[w][0] = in.iss_d & 0x3F;
                }
                if (b.mat_q[w * D] & 0x24u) // an entry had threads in the cold context
                    cov_["cold_entries"]++;
            }
        }
        // the mirror equals the model's valid entries, in issue order
        unsigned full_rows = 0;
        for (unsigned w = 0; w < cfg.warps; w++) {
            if (mv1_[w] != a.dv1_q[w] || mv2_[w] != a.dv2_q[w]) {
                snprintf(msg, sizeof msg, "warp %u: valid bits %llx/%llx, mirror %llx/%llx", w,
                         (unsigned long long)a.dv1_q[w], (unsigned long long)a.dv2_q[w],
                         (unsigned long long)mv1_[w], (unsigned long long)mv2_[w]);
                return msg;
            }
            uint64_t last = ~0ull;
            for (unsigned k = 0; k < D; k++) {
                bool v1 = (mv1_[w] >> k) & 1u, v2 = (mv2_[w] >> k) & 1u;
                if (!v1 && !v2)
                    continue;
                unsigned e = w * D + k;
                if ((v1 && a.dst1_q[e] != md1_[w][k]) || (v2 && a.dst2_q[e] != md2_[w][k]) ||
                    a.mat_q[e] != mm_[w][k]) {
                    snprintf(msg, sizeof msg, "warp %u entry %u: destination or matrix differs from the mirror", w, k);
                    return msg;
                }
                if (mseq_[w][k] >= last)
                    return "entries out of issue order";
                last = mseq_[w][k];
            }
            full_rows += (mv1_[w] | mv2_[w]) == bits_mask(D);
        }
        uint64_t &hw = cov_["max_rows_full_hwm"];
        if (full_rows > hw)
            hw = full_rows;
        return NULL;
    }

    void inject_fault(const sbi_scoreboard_cfg &cfg, sbi_scoreboard_state &s, Rng &rng) {
        unsigned e = static_cast<unsigned>(rng.below(cfg.warps * cfg.depth));
        if (rng.chance(50))
            s.mat_q[e] ^= 1ull << rng.below(6);
        else
            s.dst1_q[e] ^= 1ull << rng.below(cfg.ndst * cfg.reg_w);
    }

    std::string coverage() { return cov_.str(); }

    // The decision kinds this point allows (tb/cosim.h hook 5): every act
    // (an issue that adds an entry, one that only moves threads, a pushed
    // back issue, a writeback alone, an idle cycle, an err cycle), both
    // hazard outputs and the entries they flag, a writeback that frees its
    // entry, an issue with threads in the cold context, the illegal
    // writebacks (BAD_WB, WB_IDLE) and, where the ports can carry a warp
    // beyond WARPS, BAD_WARP and BAD_QWARP.
    void required(const sbi_scoreboard_cfg &cfg, std::vector<std::string> &keys) const {
        cosim_require(keys, {"act_IDLE", "act_PUSH", "act_MOVE", "act_STALL", "act_WB",
                             "act_HOLD", "err_BAD_WB", "err_WB_IDLE", "hz1", "hz2", "dep_hits",
                             "wb_free", "cold_entries"});
        cosim_require(keys, {"err_BAD_WARP", "err_BAD_QWARP"},
                      (1ull << sbi_scoreboard_warp_w(&cfg)) > cfg.warps);
    }

private:
    static const char *act_key(unsigned a) {
        static const char *const k[] = {"act_IDLE", "act_PUSH", "act_MOVE", "act_STALL", "act_WB",
                                        "act_HOLD"};
        return a < 6 ? k[a] : "act_HOLD";
    }
    // The product column by column: column j of D as a 3-bit set of source
    // contexts; row i of the result has j when it meets row i of M.
    static uint64_t prod(uint64_t m, uint64_t d) {
        uint64_t r = 0;
        for (unsigned j = 0; j < 3; j++) {
            uint64_t col = ((d >> j) & 1u) | (((d >> (3 + j)) & 1u) << 1) | (((d >> (6 + j)) & 1u) << 2);
            for (unsigned i = 0; i < 2; i++)
                if (((m >> (3 * i)) & 7u) & col)
                    r |= 1ull << (3 * i + j);
        }
        return r;
    }
    // id n of a packed field of REG_W-bit ids
    static uint64_t field(const sbi_scoreboard_cfg &cfg, uint64_t v, unsigned n) {
        return (v >> (n * cfg.reg_w)) & bits_mask(cfg.reg_w);
    }
    // an instruction's NDST destination ids: 1 .. NDST distinct-or-not
    // registers, the unused ids a copy of the first (or all NDST random)
    static uint64_t dsts(const sbi_scoreboard_cfg &cfg, Rng &rng) {
        unsigned n = 1 + static_cast<unsigned>(rng.below(cfg.ndst));
        uint64_t first = rng.bits(cfg.reg_w), v = 0;
        if (rng.chance(20))
            return rng.bits(cfg.ndst * cfg.reg_w);
        for (unsigned t = 0; t < cfg.ndst; t++)
            v |= (t == 0 || t >= n ? first : rng.bits(cfg.reg_w)) << (t * cfg.reg_w);
        return v;
    }
    static uint64_t pick_d(Rng &rng) {
        switch (rng.below(7)) {
        case 0: return 0x111;                 // identity: both contexts move on
        case 1: return 0x10A;                 // swap 1 <-> 2 (re-sorted), cold stays
        case 2: return 0x113 | (rng.chance(50) ? 0x004 : 0); // 1 diverges into 1, 2 (and cold)
        case 3: return 0x091 | (rng.chance(50) ? 0x100 : 0); // a pop: cold -> 2 (more stay cold)
        case 4: return 0x009 | (rng.chance(50) ? 0x100 : 0); // merge into 1
        case 5: return rng.bits(9) & (rng.bits(9) | 0x111);
        default: return rng.bits(9);
        }
    }

    uint64_t mv1_[SBI_SB_MAX_WARPS], mv2_[SBI_SB_MAX_WARPS];
    uint64_t mseq_[SBI_SB_MAX_WARPS][SBI_SB_MAX_DEPTH];
    uint64_t md1_[SBI_SB_MAX_WARPS][SBI_SB_MAX_DEPTH], md2_[SBI_SB_MAX_WARPS][SBI_SB_MAX_DEPTH];
    uint64_t mm_[SBI_SB_MAX_WARPS][SBI_SB_MAX_DEPTH];
    uint64_t seq_;
    unsigned expect_err_, iss_p_, wb_p_, dst_p_;
    Coverage cov_;
};

int main(int argc, char **argv)
{
    return cosim_main<SbiScoreboardModel, SbiScoreboardStim>(argc, argv);
}
