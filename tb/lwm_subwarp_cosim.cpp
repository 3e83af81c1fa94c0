// SPDX-License-Identifier: Apache-2.0
// lwm_subwarp_cosim.cpp -- lockstep co-simulation of rtl_c/lwm_subwarp against
// verilog/lwm_subwarp.v (004 sec. 3.1, 3.4).  Framework: tb/cosim.h.
//
// Stimulus: a front end and a back end around the unit.  Each cycle a fetch
// of a random large warp that may be fetched (OP 60%, conditional BRANCH
// 30%, JUMP 10%, 3 in 10 of them with f_exit: an EXIT, checked against its
// rule, keys exits, exit_pops, exit_done; f_exit on 5% of the other kinds,
// which ignore it, exit_ignored; a quarter of the fetches of a large warp
// whose stack has the shape an EXIT that pops several entries needs become
// EXITs, exit_biased; a quarter of them with f_wsync, the row
// mode; masks full,
// sparse, one row, one column, random) is offered
// with a probability that changes every 1000 cycles; the emitted sub-warps
// wait in a back-end list and one of them (any, not only the oldest)
// completes with probability 1/2 per cycle, with random branch outcomes.
// About 3% of the cycles carry one illegal input instead (a fetch of a
// waiting large warp, of kind 3 or with an empty mask; a completion of a
// large warp with nothing in flight or of a thread not in flight (a column
// outside the sub-warp, or a row >= K where K is not a power of two:
// coverage key row_beyond_k); a
// non-branch sub-warp completed as a branch while its large warp has no
// branch in flight, often while another one has (coverage key
// branch_claim_other_warp), or while its large warp's branch gathers
// (branch_claim_op_subwarp: threads the branch has not in flight); an
// outcome outside the sub-warp's columns or
// on a non-branch sub-warp; a completion no sub-warp in flight can be,
// BAD_DONE, a branch sub-warp completed as a non-branch one included: see
// bad_done below; an empty c_branch completion while the gathering branch
// has no sub-warp out, or a completion repeating a thread the branch has
// gathered: see branch_stale below).
//
// Harness checks (beyond lwm_subwarp_check): the expected err code; every
// sub-warp holds only active threads of its instruction not packed before,
// one per column in its home lane; when the copy empties every active
// thread was packed; every branch commit carries exactly the outcomes given;
// in row mode each sub-warp is all that is left of one row, and every lower
// row with threads left has one in flight (coverage keys row_subwarps,
// row_skipped, row_blocked).
// Model::state compares every register (wide ones word by word).
#include "cosim.h"

#include "Vlwm_subwarp.h"
#include "vl_state.h"

extern "C" {
#include "../rtl_c/lwm_subwarp.h"
}

struct LwmSubwarpModel {
    COSIM_MODEL(lwm_subwarp, Vlwm_subwarp)

    static bool err(const out_t &o) { return o.err != 0; }
    // A fetch pushed back (f_ready = 0) is simply not taken; the unit keeps
    // working, so the harness' "held back, state unchanged" does not apply.
    static bool ready(const out_t &o) {
        (void)o;
        return true;
    }

    static void wide(StateCmp &cmp, const char *name, int i, const uint64_t *cv,
                     const VlReg &reg, size_t idx, unsigned bits) {
        for (unsigned lsb = 0; lsb < bits; lsb += 64) {
            unsigned w = bits - lsb < 64 ? bits - lsb : 64;
            cmp(name, i, static_cast<int>(lsb / 64), bits_trunc(cv[lsb / 64], w),
                reg.get(idx, lsb, w));
        }
    }

    static void state(rtl_t *r, const cfg_t &c, const state_t &s, StateCmp &cmp) {
        static VlRegCache<rtl_t> k;
        static VlReg busy, first, row, cur, kind, copy, infl, wait, jmp, pend, bb, bw, bp, bl, tk, nt;
        static VlReg bpc, bnpc, brpc, sp, pc, mask, rpc;
        if (k.stale(r)) {
            const char *m = "lwm_subwarp";
            busy = VlReg(r->contextp(), m, "busy_q");
            first = VlReg(r->contextp(), m, "first_q");
            row = VlReg(r->contextp(), m, "row_q");
            cur = VlReg(r->contextp(), m, "cur_q");
            kind = VlReg(r->contextp(), m, "kind_q");
            copy = VlReg(r->contextp(), m, "copy_q");
            infl = VlReg(r->contextp(), m, "inflight_q");
            wait = VlReg(r->contextp(), m, "wait_q");
            jmp = VlReg(r->contextp(), m, "jmp_q");
            pend = VlReg(r->contextp(), m, "pend_q");
            bb = VlReg(r->contextp(), m, "br_busy_q");
            bw = VlReg(r->contextp(), m, "br_warp_q");
            bp = VlReg(r->contextp(), m, "br_packed_q");
            bl = VlReg(r->contextp(), m, "br_left_q");
            tk = VlReg(r->contextp(), m, "taken_q");
            nt = VlReg(r->contextp(), m, "ntaken_q");
            bpc = VlReg(r->contextp(), m, "br_pc_q");
            bnpc = VlReg(r->contextp(), m, "br_npc_q");
            brpc = VlReg(r->contextp(), m, "br_rpc_q");
            sp = VlReg(r->contextp(), m, "sp_q");
            pc = VlReg(r->contextp(), m, "pc_q");
            mask = VlReg(r->contextp(), m, "mask_q");
            rpc = VlReg(r->contextp(), m, "rpc_q");
        }
        const unsigned kn = c.rows * c.cols, lw = lwm_subwarp_lw_w(&c),
                       pw = lwm_subwarp_pend_w(&c);
        cmp("busy_q", -1, -1, s.busy_q, busy.get(0, 1));
        cmp("first_q", -1, -1, s.first_q, first.get(0, 1));
        cmp("row_q", -1, -1, s.row_q, row.get(0, 1));
        cmp("cur_q", -1, -1, s.cur_q, cur.get(0, lw));
        cmp("kind_q", -1, -1, s.kind_q, kind.get(0, 2));
        wide(cmp, "copy_q", -1, s.copy_q, copy, 0, kn);
        cmp("wait_q", -1, -1, s.wait_q, wait.get(0, c.large_warps));
        cmp("jmp_q", -1, -1, s.jmp_q, jmp.get(0, c.large_warps));
        for (unsigned w = 0; w < c.large_warps; w++) {
            wide(cmp, "inflight_q", static_cast<int>(w), s.inflight_q[w], infl, w, kn);
            cmp("pend_q", static_cast<int>(w), -1, s.pend_q[w], pend.get(w, pw));
        }
        cmp("br_busy_q", -1, -1, s.br_busy_q, bb.get(0, 1));
        cmp("br_warp_q", -1, -1, s.br_warp_q, bw.get(0, lw));
        cmp("br_packed_q", -1, -1, s.br_packed_q, bp.get(0, 1));
        cmp("br_left_q", -1, -1, s.br_left_q, bl.get(0, pw));
        wide(cmp, "taken_q", -1, s.taken_q, tk, 0, kn);
        wide(cmp, "ntaken_q", -1, s.ntaken_q, nt, 0, kn);
        cmp("br_pc_q", -1, -1, s.br_pc_q, bpc.get(0, c.pc_bits));
        cmp("br_npc_q", -1, -1, s.br_npc_q, bnpc.get(0, c.pc_bits));
        cmp("br_rpc_q", -1, -1, s.br_rpc_q, brpc.get(0, c.pc_bits));
        // the stacks: the depth, and every entry below it (the RAM above a
        // depth is never reset nor observable)
        const unsigned dw = lwm_subwarp_depth_w(&c);
        for (unsigned w = 0; w < c.large_warps; w++) {
            cmp("sp_q", static_cast<int>(w), -1, s.sp_q[w], sp.get(w, dw));
            for (unsigned e = 0; e < s.sp_q[w] && e < c.depth; e++) {
                const size_t a = static_cast<size_t>(w) * c.depth + e;
                const int id = static_cast<int>(a);
                cmp("pc_q", id, -1, s.pc_q[w][e], pc.get(a, c.pc_bits));
                cmp("rpc_q", id, -1, s.rpc_q[w][e], rpc.get(a, c.pc_bits));
                wide(cmp, "mask_q", id, s.mask_q[w][e], mask, a, kn);
            }
        }
    }
    static const char *decode(const char *port, uint64_t v) {
        if (!std::strcmp(port, "act"))
            return lwm_subwarp_act_name(static_cast<unsigned>(v));
        if (!std::strcmp(port, "err_code"))
            return lwm_subwarp_err_name(static_cast<unsigned>(v));
        return NULL;
    }
};

static unsigned row_at(const lwm_subwarp_cfg &c, const uint64_t *rows, unsigned col) {
    unsigned rw = lwm_subwarp_row_w(&c), r = 0;
    for (unsigned b = 0; b < rw; b++)
        r |= lwm_bit(rows, col * rw + b) << b;
    return r;
}

struct Sw {
    lwm_subwarp_out o;
    uint64_t taken;
};

class LwmSubwarpStim {
public:
    void reset(const lwm_subwarp_cfg &cfg) {
        (void)cfg;
        q_.clear();
        pick_ = -1;
        expect_err_ = 0;
        offer_ = 50;
        row_mode_ = 0;
        std::memset(want_, 0, sizeof want_);
        std::memset(packed_, 0, sizeof packed_);
        std::memset(etk_, 0, sizeof etk_);
        std::memset(ent_, 0, sizeof ent_);
        static const char *const keys[] = {
            "act_IDLE", "act_PICK", "act_LAST", "act_JUMP", "act_BLOCKED", "act_ERR",
            "err_BAD_WARP", "err_BAD_FETCH", "err_NOT_IN_FLIGHT", "err_BAD_OUTCOME",
            "err_WARP_IDLE", "err_BAD_LAUNCH", "err_BAD_DONE",
            "full_masks", "jumps", "branch_commits", "divergent_across_subwarps",
            "pushed_back", "refetch_before_done", "max_subwarps",
            "f_LAUNCH", "f_ADVANCE", "f_POP", "f_STALL", "br_ADVANCE", "br_POP", "br_DIVERGE",
            "br_SPLIT", "br_MERGE", "merge_biased", "warps_finished", "max_depth", "branch_claim_other_warp", "branch_claim_op_subwarp", "row_beyond_k", "bad_warp_branch",
            "branch_none_out", "branch_regather_c", "branch_regather_op",
            "empty_done_first", "empty_done_branch", "empty_done_jump", "false_first",
            "branch_as_op", "row_subwarps", "row_skipped", "row_blocked",
            "exits", "exit_pops", "exit_done", "exit_ignored", "exit_biased"};
        for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
            cov_[keys[k]] = 0;
    }

    lwm_subwarp_in next(const lwm_subwarp_cfg &cfg, const lwm_subwarp_state &s, Rng &rng,
                        uint64_t cyc) {
        lwm_subwarp_in in;
        std::memset(&in, 0, sizeof in);
        expect_err_ = 0;
        pick_ = -1;
        if (cyc % 1000 == 0)
            offer_ = rng.chance(50) ? 90 : 25;
        if (rng.chance(3) && illegal(cfg, s, rng, in))
            return in;
        // the gathering branch with no sub-warp out while its large warp
        // has others is short-lived (a cycle or two after the accept, or
        // while later sub-warps wait for threads still out): 0 of 20,000
        // cycles at the defaults met it through the 3% above
        if (branch_none_out(s, rng, in, 25))
            return in;
        // and a thread gathered, while the branch gathers, at 1 to 11 of
        // 20,000 cycles through the 3% above (0 at edge_n1, seed 4)
        if (s.br_busy_q && rng.chance(3) && branch_regather(cfg, s, rng, in))
            return in;
        if (rng.chance(offer_)) {
            unsigned w = static_cast<unsigned>(rng.below(cfg.large_warps));
            const unsigned sp = static_cast<unsigned>(s.sp_q[w]);
            if (sp == 0) {
                if (rng.chance(50)) { // a new kernel on a finished large warp
                    in.f_valid = 1;
                    in.f_warp = w;
                    in.f_kind = LWM_LAUNCH;
                    mask(cfg, rng, in.f_mask);
                    launch_pcs(cfg, rng, in);
                }
            } else if (!((s.wait_q >> w) & 1u)) {
                // an instruction; its PCs land on the TOS's rpc often
                // enough for pops, SPLITs and warps that finish
                const uint64_t trpc = s.rpc_q[w][sp - 1];
                unsigned k = static_cast<unsigned>(rng.below(10));
                in.f_valid = 1;
                in.f_warp = w;
                in.f_kind = k < 6 ? LWM_OP : k < 9 ? LWM_BRANCH : LWM_JUMP;
                in.f_pc = rng.chance(25) ? trpc : pc(cfg, rng);
                in.f_npc = rng.chance(20) ? trpc : pc(cfg, rng);
                // a warp-synchronous instruction (row mode), on any kind:
                // a JUMP ignores it
                in.f_wsync = rng.chance(25);
                // a return (EXIT): 3 in 10 jumps; on another kind f_exit
                // is ignored
                in.f_exit = rng.chance(in.f_kind == LWM_JUMP ? 30 : 5);
                if (in.f_kind == LWM_BRANCH) {
                    in.f_rpc = rng.chance(30) ? trpc : pc(cfg, rng);
                    if (rng.chance(15))
                        in.f_pc = in.f_rpc;
                    if (rng.chance(15))
                        in.f_npc = in.f_rpc;
                    // merge on push: a third of the branches to the TOS's
                    // rpc fall through to the pc of an entry below the TOS
                    // (mostly of its run, where it merges)
                    if (in.f_rpc == trpc && sp >= 3 && rng.chance(33)) {
                        unsigned bottom = sp - 1;
                        while (bottom > 1 && s.rpc_q[w][bottom - 1] == trpc)
                            bottom--;
                        const unsigned e =
                            bottom < sp - 1 && rng.chance(75)
                                ? bottom + static_cast<unsigned>(rng.below(sp - 1 - bottom))
                                : 1 + static_cast<unsigned>(rng.below(sp - 2));
                        if (s.pc_q[w][e] != in.f_rpc) {
                            in.f_npc = s.pc_q[w][e];
                            cov_["merge_biased"]++;
                        }
                    }
                }
                // where the large warp has few threads (K*N <= 8) the
                // biased branches above seldom meet a shape that merges
                // (br_MERGE 0 to 3 times in 40,000 cycles at K=3 N=1
                // DEPTH=4): half the fetches of a large warp whose TOS of
                // two threads or more has a sibling below it (an entry of
                // its run) are such a branch, to the sibling's pc
                if (cfg.rows * cfg.cols <= 8 && sp >= 3 && s.rpc_q[w][sp - 2] == trpc &&
                    s.pc_q[w][sp - 2] != trpc && mask_count(s.mask_q[w][sp - 1]) >= 2 &&
                    rng.chance(50)) {
                    in.f_kind = LWM_BRANCH;
                    in.f_rpc = trpc;
                    in.f_npc = s.pc_q[w][sp - 2];
                    cov_["merge_biased"]++;
                }
                // EXITs where the stack has the shape for exit_pops (rare
                // on the random kinds: 0 at DEPTH 4 in 40,000 cycles, seed
                // 1): a quarter of the fetches of a large warp whose TOS has
                // a sibling below it (the first EXIT: the sibling is left
                // with the threads of its parent) or whose entry below the
                // TOS holds only the TOS's threads (the second: it pops both)
                if (sp >= 3 && (s.rpc_q[w][sp - 1] == s.rpc_q[w][sp - 2] ||
                                mask_within(s.mask_q[w][sp - 2], s.mask_q[w][sp - 1])) &&
                    rng.chance(25)) {
                    in.f_kind = LWM_JUMP;
                    in.f_exit = 1;
                    cov_["exit_biased"]++;
                }
                if (s.pend_q[w])
                    cov_["refetch_before_done"]++;
            }
        }
        if (!q_.empty() && rng.chance(50)) {
            pick_ = static_cast<int>(rng.below(q_.size()));
            complete(in, q_[pick_]);
        }
        return in;
    }

    const char *check(const lwm_subwarp_cfg &cfg, const lwm_subwarp_state &before,
                      const lwm_subwarp_state &after, const lwm_subwarp_in &in,
                      const lwm_subwarp_out &o) {
        static char msg[200];
        const unsigned N = cfg.cols, kn = cfg.rows * N;
        if (o.err_code != expect_err_) {
            snprintf(msg, sizeof msg, "expected err_code %s, model gave %s",
                     lwm_subwarp_err_name(expect_err_),
                     lwm_subwarp_err_name(static_cast<unsigned>(o.err_code)));
            return msg;
        }
        // no thread the gathering branch has gathered is in flight: it was
        // packed once from the branch's copy, its sub-warp came back, and
        // its large warp is fetched again only after the commit.  So every
        // completion naming one is NOT_IN_FLIGHT for not being in flight,
        // before the branch's own test (br_own, which leaves out gathered
        // threads) is read: mutant [85] of docs/mutate.md is equivalent
        if (after.br_busy_q)
            for (unsigned i = 0; i < LWM_WORDS; i++)
                if ((after.taken_q[i] | after.ntaken_q[i]) &
                    after.inflight_q[after.br_warp_q][i]) {
                    snprintf(msg, sizeof msg, "a thread the branch of large warp %u gathered "
                             "is in flight", static_cast<unsigned>(after.br_warp_q));
                    return msg;
                }
        static const char *const ak[] = {"act_IDLE", "act_PICK", "act_LAST",
                                         "act_JUMP", "act_BLOCKED", "act_ERR"};
        cov_[ak[o.act < 6 ? o.act : 5]]++;
        if (o.err) {
            static const char *const ek[] = {"", "err_BAD_WARP", "err_BAD_FETCH",
                                             "err_NOT_IN_FLIGHT", "err_BAD_OUTCOME",
                                             "err_WARP_IDLE", "err_BAD_LAUNCH", "err_BAD_DONE"};
            cov_[ek[o.err_code]]++;
            return NULL;
        }
        if (in.f_valid && !o.f_ready)
            cov_["pushed_back"]++;
        static const char *const fk[] = {"", "f_LAUNCH", "f_ADVANCE", "f_POP",
                                         "", "", "f_STALL", ""};
        static const char *const bk[] = {"", "", "br_ADVANCE", "br_POP",
                                         "br_DIVERGE", "br_SPLIT", "", "br_MERGE"};
        if (*fk[o.f_act & 7])
            cov_[fk[o.f_act & 7]]++;
        if (*bk[o.br_act & 7])
            cov_[bk[o.br_act & 7]]++;
        for (unsigned w = 0; w < cfg.large_warps; w++) {
            if (before.sp_q[w] && !after.sp_q[w])
                cov_["warps_finished"]++;
            if (after.sp_q[w] > cov_["max_depth"])
                cov_["max_depth"] = after.sp_q[w];
        }
        // EXIT against its rule, written apart from the model: the TOS's
        // threads x leave every entry; the entries from the lowest one left
        // empty up pop, and a base waiting at its rpc with nothing above
        if (o.nx_accept && (in.f_exit & 1u) && in.f_kind != LWM_LAUNCH) {
            const unsigned w = static_cast<unsigned>(in.f_warp), sp = before.sp_q[w];
            if (in.f_kind != LWM_JUMP) {
                cov_["exit_ignored"]++;
            } else {
                const uint64_t *x = before.mask_q[w][sp - 1];
                unsigned keep = 0;
                while (keep < sp) {
                    bool left = false;
                    for (unsigned i = 0; i < LWM_WORDS; i++)
                        left = left || (before.mask_q[w][keep][i] & ~x[i]) != 0;
                    if (!left)
                        break;
                    keep++;
                }
                if (keep == 1 && before.pc_q[w][0] == before.rpc_q[w][0])
                    keep = 0;
                if (after.sp_q[w] != keep || o.f_act != LWM_ST_POP) {
                    snprintf(msg, sizeof msg, "EXIT of large warp %u: depth %u -> %u, act %u; "
                             "the rule says depth %u, POP", w, sp,
                             static_cast<unsigned>(after.sp_q[w]), static_cast<unsigned>(o.f_act), keep);
                    return msg;
                }
                for (unsigned e = 0; e < keep; e++)
                    for (unsigned i = 0; i < LWM_WORDS; i++)
                        if (after.mask_q[w][e][i] != (before.mask_q[w][e][i] & ~x[i]) ||
                            after.pc_q[w][e] != before.pc_q[w][e] ||
                            after.rpc_q[w][e] != before.rpc_q[w][e]) {
                            snprintf(msg, sizeof msg, "EXIT of large warp %u: entry %u is not the "
                                     "one before less the TOS's threads", w, e);
                            return msg;
                        }
                cov_["exits"]++;
                if (keep == 0)
                    cov_["exit_done"]++;
                else if (keep + 1 < sp)
                    cov_["exit_pops"]++;
            }
        }
        // the fetch's read of its large warp: the TOS
        if (in.f_warp < cfg.large_warps) {
            const unsigned w = static_cast<unsigned>(in.f_warp), sp = before.sp_q[w];
            if (o.tos_depth != sp || (sp && o.tos_pc != before.pc_q[w][sp - 1])) {
                snprintf(msg, sizeof msg, "tos_depth/tos_pc of large warp %u differ from its stack", w);
                return msg;
            }
        }
        if (pick_ >= 0) {
            q_[pick_] = q_.back();
            q_.pop_back();
        }
        if (before.busy_q && before.row_q != row_mode_) {
            snprintf(msg, sizeof msg, "row_q %u, but the instruction was fetched with f_wsync %u",
                     static_cast<unsigned>(before.row_q), static_cast<unsigned>(row_mode_));
            return msg;
        }
        if (before.row_q && o.act == LWM_ACT_BLOCKED)
            cov_["row_blocked"]++;
        if (o.sw_valid && before.row_q && !o.sw_jump) {
            // row mode: one whole row, the lowest whose unsent threads are
            // none in flight (the rows below it each have one in flight)
            const unsigned r0 = row_at(cfg, o.sw_rows, static_cast<unsigned>(bits_ffs(o.sw_cols)));
            bool skipped = false;
            for (unsigned r = 0; r <= r0 && r < cfg.rows; r++) {
                uint64_t left = 0, fl = 0;
                for (unsigned c = 0; c < N; c++) {
                    const unsigned i = r * N + c;
                    const uint64_t b = lwm_bit(want_, i) && !lwm_bit(packed_, i);
                    left |= b << c;
                    fl |= (b & lwm_bit(before.inflight_q[before.cur_q], i)) << c;
                }
                if (r < r0 && left && !fl) {
                    snprintf(msg, sizeof msg, "row mode emitted row %u before row %u, which has "
                             "no thread in flight", r0, r);
                    return msg;
                }
                skipped = skipped || (r < r0 && left);
                if (r == r0 && left != o.sw_cols) {
                    snprintf(msg, sizeof msg, "row mode: the sub-warp is not row %u's threads", r0);
                    return msg;
                }
            }
            for (unsigned c = 0; c < N; c++)
                if (((o.sw_cols >> c) & 1u) && row_at(cfg, o.sw_rows, c) != r0) {
                    snprintf(msg, sizeof msg, "row mode: the sub-warp spans rows %u and %u", r0,
                             row_at(cfg, o.sw_rows, c));
                    return msg;
                }
            cov_["row_subwarps"]++;
            if (skipped)
                cov_["row_skipped"]++;
        }
        if (o.sw_valid) {
            Sw e;
            e.o = o;
            e.taken = 0;
            for (unsigned c = 0; c < N; c++)
                if ((o.sw_cols >> c) & 1u) {
                    unsigned i = row_at(cfg, o.sw_rows, c) * N + c;
                    if (!lwm_bit(want_, i) || lwm_bit(packed_, i)) {
                        snprintf(msg, sizeof msg, "sub-warp takes thread %u: %s", i,
                                 lwm_bit(want_, i) ? "packed twice" : "not active");
                        return msg;
                    }
                    lwm_set(packed_, i, 1);
                }
            if (o.sw_branch) {
                e.taken = o.sw_cols & (before.cur_q * 0x9E3779B97F4A7C15ull ^ rng_.next());
                for (unsigned c = 0; c < N; c++)
                    if ((o.sw_cols >> c) & 1u)
                        lwm_set((e.taken >> c) & 1u ? etk_ : ent_,
                                row_at(cfg, o.sw_rows, c) * N + c, 1);
            }
            nsw_++;
            if (o.act == LWM_ACT_LAST) {
                if (std::memcmp(packed_, want_, sizeof want_) != 0) {
                    snprintf(msg, sizeof msg, "copy empty but not every active thread packed");
                    return msg;
                }
                if (nsw_ > cov_["max_subwarps"])
                    cov_["max_subwarps"] = nsw_;
            }
            if (o.sw_jump)
                cov_["jumps"]++;
            q_.push_back(e);
        }
        if (o.br_commit) {
            if (std::memcmp(o.br_taken, etk_, sizeof etk_) != 0 ||
                std::memcmp(o.br_ntaken, ent_, sizeof ent_) != 0) {
                snprintf(msg, sizeof msg, "branch commit differs from the outcomes given");
                return msg;
            }
            // the outcome covers exactly the threads of the large warp's TOS
            const unsigned bw = static_cast<unsigned>(o.br_warp), bsp = before.sp_q[bw];
            for (unsigned k = 0; k < LWM_WORDS; k++)
                if (bsp == 0 || (o.br_taken[k] | o.br_ntaken[k]) != before.mask_q[bw][bsp - 1][k]) {
                    snprintf(msg, sizeof msg, "branch outcome of large warp %u is not its TOS mask", bw);
                    return msg;
                }
            if (o.br_act == LWM_ST_STALL) {
                snprintf(msg, sizeof msg, "a committed branch found no room on its stack");
                return msg;
            }
            cov_["branch_commits"]++;
            if (o.br_diverged && br_subwarps_ > 1)
                cov_["divergent_across_subwarps"]++;
            std::memset(etk_, 0, sizeof etk_);
            std::memset(ent_, 0, sizeof ent_);
        }
        if (o.nx_accept && in.f_kind != LWM_LAUNCH) {
            const unsigned fw = static_cast<unsigned>(in.f_warp);
            nsw_ = 0;
            row_mode_ = in.f_wsync & 1u;
            if (in.f_kind == LWM_JUMP) {
                std::memset(want_, 0, sizeof want_);
            } else {
                std::memcpy(want_, before.mask_q[fw][before.sp_q[fw] - 1], sizeof want_);
                bool full = true;
                for (unsigned i = 0; i < kn; i++)
                    full = full && lwm_bit(want_, i);
                if (full)
                    cov_["full_masks"]++;
            }
            if (in.f_kind == LWM_BRANCH)
                br_subwarps_ = lwm_subwarp_count(&cfg, want_);
            std::memset(packed_, 0, sizeof packed_);
        }
        return NULL;
    }

    // Flips first_q (no invariant sees it: only the state compare can) or a
    // bit of the in-flight mask of a large warp.
    void inject_fault(const lwm_subwarp_cfg &cfg, lwm_subwarp_state &s, Rng &rng) {
        unsigned w = static_cast<unsigned>(rng.below(cfg.large_warps));
        if (s.sp_q[w] && rng.chance(30))
            s.rpc_q[w][0] ^= 1; // the base entry's rpc (a reconvergence target)
        else if (s.busy_q && rng.chance(20))
            s.row_q ^= 1; // the row mode of the instruction being picked
        else if (rng.chance(50) || s.pend_q[w] == 0)
            s.first_q ^= 1;
        else { // flipped, not set: a bit already set would leave the state as it was
            unsigned b = static_cast<unsigned>(rng.below(cfg.rows * cfg.cols));
            lwm_set(s.inflight_q[w], b, !lwm_bit(s.inflight_q[w], b));
        }
    }

    std::string coverage() { return cov_.str(); }

    // The decision kinds this point allows (tb/cosim.h hook 5): a run of
    // COSIM_COVER_CYCLES without one of them fails.  Every act but those
    // that need a column of two threads (PICK, BLOCKED: K >= 2); every
    // stack decision but DIVERGE (K*N >= 2); the completion lies; a
    // push-back (two large warps or more); BAD_WARP where the port can name
    // a large warp beyond LARGE_WARPS.  Not required: WARP_IDLE (a fetch of
    // a finished large warp: rare where large warps seldom finish, 0 at
    // the defaults in 40,000 cycles), SPLIT and STALL (they need stack
    // shapes the random PCs reach at some points only).  MERGE (merge on
    // push) is required where the stack can hold one: the stimulus biases
    // fall-throughs to the pcs of the entries below the TOS.
    void required(const lwm_subwarp_cfg &cfg, std::vector<std::string> &keys) const {
        cosim_require(keys, {"act_IDLE", "act_LAST", "act_JUMP", "act_ERR", "err_BAD_FETCH",
                             "err_NOT_IN_FLIGHT", "err_BAD_OUTCOME", "err_BAD_LAUNCH",
                             "err_BAD_DONE", "jumps", "branch_commits", "f_LAUNCH", "f_ADVANCE",
                             "f_POP", "br_ADVANCE", "br_POP", "warps_finished",
                             "empty_done_first", "empty_done_jump", "branch_as_op",
                             "row_subwarps"});
        cosim_require(keys, {"act_PICK", "act_BLOCKED", "divergent_across_subwarps",
                             "row_blocked"},
                      cfg.rows >= 2);
        // a skipped row is never row 0: an instruction's first sub-warp
        // takes every row-0 thread of its copy (no row-0 thread is in flight
        // when it picks: by induction, since the large warp is fetched again
        // only once that first sub-warp completed, after a BRANCH once all
        // did), so a row skipped below the one emitted is row 1 or higher,
        // K >= 3 (docs/cosim.md, "Coverage at the smallest points")
        cosim_require(keys, {"row_skipped"}, cfg.rows >= 3);
        // a completion claiming the gathering branch while it has no
        // sub-warp out but its large warp has others (an OP's later
        // sub-warps), or repeating a thread it gathered: both need an
        // instruction of two sub-warps or more, K >= 2 (mutants [85] and
        // [149] of docs/mutate.md's "lwm_subwarp stimulus holes closed")
        cosim_require(keys, {"branch_none_out", "branch_regather_c", "branch_regather_op"},
                      cfg.rows >= 2);
        // (at DEPTH 1 every divergent branch is pushed back: f_STALL)
        cosim_require(keys, {"br_DIVERGE"}, cfg.rows * cfg.cols >= 2 && cfg.depth >= 2);
        // EXIT: one that pops several entries and leaves the large warp
        // live needs an entry e >= 1, two or more below the TOS, whose
        // threads are all the TOS's: an entry above e is either a child of
        // e (fewer threads: the rest wait in e at its pc, and no TOS holds
        // them while the child is there) or a sibling of another (disjoint),
        // so e's last other threads can leave only as a sibling run of two
        // above e that EXITs one sibling and then the other: e + 3 entries,
        // DEPTH >= 4 (unreachable at DEPTH 3; 1 to 5 times in 100,000
        // cycles at DEPTH 4, LARGE_WARPS=2..3 K=2, before exit_biased), and
        // e two threads, so three in the large warp (e pushed from the base)
        cosim_require(keys, {"exits", "exit_done", "exit_ignored"});
        cosim_require(keys, {"exit_pops"}, cfg.rows * cfg.cols >= 3 && cfg.depth >= 4);
        cosim_require(keys, {"exit_biased"}, cfg.rows * cfg.cols >= 2 && cfg.depth >= 3);
        // merge on push: the biased fall-throughs reach it wherever a stack
        // holds a sibling under a TOS of two threads
        cosim_require(keys, {"merge_biased"}, cfg.rows * cfg.cols >= 3 && cfg.depth >= 3);
        cosim_require(keys, {"br_MERGE"}, cfg.merge && cfg.rows * cfg.cols >= 3 && cfg.depth >= 3);
        cosim_require(keys, {"pushed_back"}, cfg.large_warps >= 2);
        cosim_require(keys, {"err_BAD_WARP"},
                      (1u << lwm_subwarp_lw_w(&cfg)) > cfg.large_warps);
    }

private:
    void complete(lwm_subwarp_in &in, const Sw &e) {
        in.c_valid = 1;
        in.c_warp = e.o.sw_warp;
        in.c_cols = e.o.sw_cols;
        std::memcpy(in.c_rows, e.o.sw_rows, sizeof in.c_rows);
        in.c_first = e.o.sw_first;
        in.c_branch = e.o.sw_branch;
        in.c_taken = e.taken;
    }

    // the threads of a mask of LWM_WORDS words
    static unsigned mask_count(const uint64_t *a) {
        unsigned n = 0;
        for (unsigned i = 0; i < LWM_WORDS; i++)
            n += bits_popcount(a[i]);
        return n;
    }
    // every thread of a is in b (masks of LWM_WORDS words)
    static bool mask_within(const uint64_t *a, const uint64_t *b) {
        for (unsigned i = 0; i < LWM_WORDS; i++)
            if (!bits_subset(a[i], b[i]))
                return false;
        return true;
    }

    static uint64_t pc(const lwm_subwarp_cfg &cfg, Rng &rng) {
        return rng.below(32) & bits_mask(cfg.pc_bits);
    }
    static void launch_pcs(const lwm_subwarp_cfg &cfg, Rng &rng, lwm_subwarp_in &in) {
        in.f_pc = pc(cfg, rng);
        in.f_rpc = pc(cfg, rng);
        if (in.f_rpc == in.f_pc)
            in.f_rpc = (in.f_pc + 1) & bits_mask(cfg.pc_bits);
    }

    static void mask(const lwm_subwarp_cfg &cfg, Rng &rng, uint64_t *m) {
        const unsigned K = cfg.rows, N = cfg.cols, kn = K * N;
        std::memset(m, 0, sizeof(uint64_t) * LWM_WORDS);
        unsigned k = static_cast<unsigned>(rng.below(6)), row = 0, col = 0;
        row = static_cast<unsigned>(rng.below(K));
        col = static_cast<unsigned>(rng.below(N));
        for (unsigned i = 0; i < kn; i++) {
            bool on = k == 0   ? true
                      : k == 1 ? rng.chance(10)
                      : k == 2 ? i / N == row
                      : k == 3 ? i % N == col
                               : rng.chance(60);
            if (on)
                lwm_set(m, i, 1);
        }
        if (lwm_subwarp_count(&cfg, m) == 0)
            lwm_set(m, static_cast<unsigned>(rng.below(kn)), 1);
    }

    bool illegal(const lwm_subwarp_cfg &cfg, const lwm_subwarp_state &s, Rng &rng,
                 lwm_subwarp_in &in) {
        const unsigned N = cfg.cols;
        switch (rng.below(8)) {
        case 0: { // fetch of a waiting or a finished large warp; a bad launch
            unsigned w = static_cast<unsigned>(rng.below(cfg.large_warps));
            for (unsigned v = 0; v < cfg.large_warps && rng.chance(50); v++)
                if (s.sp_q[v] == 0)
                    w = v; // a finished large warp, when there is one
            in.f_valid = 1;
            in.f_warp = w;
            mask(cfg, rng, in.f_mask);
            launch_pcs(cfg, rng, in);
            switch (rng.below(3)) {
            case 0: // an instruction
                in.f_kind = rng.below(3);
                if (s.sp_q[w] == 0)
                    expect_err_ = LWM_ERR_WARP_IDLE;
                else if ((s.wait_q >> w) & 1u)
                    expect_err_ = LWM_ERR_BAD_FETCH;
                else
                    return false;
                return true;
            case 1: // a launch of a live large warp, or with an empty mask
                in.f_kind = LWM_LAUNCH;
                if (s.sp_q[w] == 0)
                    std::memset(in.f_mask, 0, sizeof in.f_mask);
                expect_err_ = LWM_ERR_BAD_LAUNCH;
                return true;
            default: // a launch that would exit at once (pc == rpc)
                in.f_kind = LWM_LAUNCH;
                in.f_rpc = in.f_pc;
                expect_err_ = LWM_ERR_BAD_LAUNCH;
                return true;
            }
        }
        case 1: { // a completion of a large warp with nothing in flight
            for (unsigned w = 0; w < cfg.large_warps; w++)
                if (s.pend_q[w] == 0) {
                    in.c_valid = 1;
                    in.c_warp = w;
                    expect_err_ = LWM_ERR_NOT_IN_FLIGHT;
                    return true;
                }
            return false;
        }
        case 2: { // a thread not in flight added to an in-flight sub-warp
            if (q_.empty())
                return false;
            const Sw &e = q_[rng.below(q_.size())];
            const unsigned rw = lwm_subwarp_row_w(&cfg);
            if ((1u << rw) > cfg.rows && e.o.sw_cols && rng.chance(50)) {
                // a row >= K in one of its columns (reachable when K is not
                // a power of two): no such thread
                unsigned c = 0;
                while (!((e.o.sw_cols >> c) & 1u))
                    c++;
                complete(in, e);
                unsigned r = cfg.rows + static_cast<unsigned>(rng.below((1u << rw) - cfg.rows));
                for (unsigned b = 0; b < rw; b++)
                    lwm_set(in.c_rows, c * rw + b, (r >> b) & 1u);
                cov_["row_beyond_k"]++;
                expect_err_ = LWM_ERR_NOT_IN_FLIGHT;
                return true;
            }
            for (unsigned c = 0; c < N; c++)
                if (!((e.o.sw_cols >> c) & 1u) &&
                    !lwm_bit(s.inflight_q[e.o.sw_warp], c)) {
                    complete(in, e);
                    in.c_cols |= 1ull << c; // row 0 of that column (c_rows 0 there)
                    in.c_taken = e.o.sw_branch ? in.c_taken : 0;
                    expect_err_ = LWM_ERR_NOT_IN_FLIGHT;
                    return true;
                }
            return false;
        }
        case 3: { // an outcome outside the columns, or on a non-branch sub-warp
            if (q_.empty())
                return false;
            const Sw &e = q_[rng.below(q_.size())];
            uint64_t outside = bits_mask(N) & ~e.o.sw_cols;
            if (e.o.sw_branch ? outside == 0 : e.o.sw_cols == 0)
                return false; // nothing illegal to say about this one: stay legal
            complete(in, e);
            in.c_taken = e.o.sw_branch ? bits_lowest(outside) : e.o.sw_cols;
            expect_err_ = LWM_ERR_BAD_OUTCOME;
            return true;
        }
        case 4: { // a non-branch sub-warp completed as a branch, while no
                  // branch of its large warp is in flight (often while
                  // another large warp's is), or while its own large
                  // warp's branch gathers (branch_claim_op_subwarp: its
                  // threads are still in the branch's copy or outside the
                  // branch's mask; make formal's p_outcome counterexample):
                  // NOT_IN_FLIGHT
            if (q_.empty())
                return false;
            size_t k = rng.below(q_.size());
            if (s.br_busy_q && rng.chance(50))
                for (size_t j = 0; j < q_.size(); j++) // prefer the gathering one's
                    if (q_[j].o.sw_warp == s.br_warp_q && !q_[j].o.sw_branch && q_[j].o.sw_cols)
                        k = j;
            const Sw &e = q_[k];
            if (e.o.sw_branch || e.o.sw_cols == 0)
                return false;
            complete(in, e);
            in.c_branch = 1;
            in.c_taken = rng.chance(50) ? 0 : e.o.sw_cols & rng.next();
            if (s.br_busy_q && s.br_warp_q == e.o.sw_warp)
                cov_["branch_claim_op_subwarp"]++;
            else if (s.br_busy_q)
                cov_["branch_claim_other_warp"]++;
            expect_err_ = LWM_ERR_NOT_IN_FLIGHT;
            return true;
        }
        case 6: return bad_done(s, rng, in);
        case 7: return branch_stale(cfg, s, rng, in);
        default: { // a large warp id beyond LARGE_WARPS (when the port can say one)
            unsigned lw = lwm_subwarp_lw_w(&cfg);
            if ((1u << lw) <= cfg.large_warps)
                return false;
            in.f_valid = 1;
            in.f_warp = cfg.large_warps;
            mask(cfg, rng, in.f_mask);
            // any kind, with PCs: f_ready still answers for it (from warp
            // 0's stack, which a BRANCH's room check reads)
            in.f_kind = rng.below(3);
            in.f_pc = pc(cfg, rng);
            in.f_npc = pc(cfg, rng);
            in.f_rpc = pc(cfg, rng);
            if (in.f_kind == LWM_BRANCH)
                cov_["bad_warp_branch"]++;
            expect_err_ = LWM_ERR_BAD_WARP;
            return true;
        }
        }
    }

    // Completions claiming the gathering branch's sub-warp when the branch
    // cannot take them: NOT_IN_FLIGHT.  Half of the time, while the branch
    // has no sub-warp out (br_left_q 0: accepted and none emitted yet, or
    // every emitted one back and more to come) and its large warp has other
    // sub-warps out, an empty completion with c_branch (branch_none_out:
    // the branch then owns no thread, so only a completion with none tests
    // br_left_q itself; with c_first or not).  Otherwise a completion of
    // one thread the branch has already gathered, with c_branch or without
    // (branch_regather_c / branch_regather_op: the thread is in no sub-warp
    // out).
    bool branch_none_out(const lwm_subwarp_state &s, Rng &rng, lwm_subwarp_in &in,
                         unsigned pct) {
        const unsigned w = static_cast<unsigned>(s.br_warp_q);
        if (!s.br_busy_q || s.br_left_q != 0 || s.pend_q[w] == 0 || !rng.chance(pct))
            return false;
        std::memset(&in, 0, sizeof in);
        in.c_valid = 1;
        in.c_warp = w;
        in.c_branch = 1;
        in.c_first = rng.below(2);
        cov_["branch_none_out"]++;
        expect_err_ = LWM_ERR_NOT_IN_FLIGHT;
        return true;
    }
    bool branch_stale(const lwm_subwarp_cfg &cfg, const lwm_subwarp_state &s, Rng &rng,
                      lwm_subwarp_in &in) {
        if (!s.br_busy_q)
            return false;
        if (rng.chance(50))
            return branch_none_out(s, rng, in, 100);
        return branch_regather(cfg, s, rng, in);
    }
    bool branch_regather(const lwm_subwarp_cfg &cfg, const lwm_subwarp_state &s, Rng &rng,
                         lwm_subwarp_in &in) {
        const unsigned w = static_cast<unsigned>(s.br_warp_q), N = cfg.cols,
                       kn = cfg.rows * N;
        const unsigned start = static_cast<unsigned>(rng.below(kn));
        for (unsigned j = 0; j < kn; j++) {
            const unsigned i = (start + j) % kn;
            if (!lwm_bit(s.taken_q, i) && !lwm_bit(s.ntaken_q, i))
                continue;
            const unsigned c = i % N, r = i / N, rw = lwm_subwarp_row_w(&cfg);
            in.c_valid = 1;
            in.c_warp = w;
            in.c_cols = 1ull << c;
            for (unsigned b = 0; b < rw; b++)
                lwm_set(in.c_rows, c * rw + b, (r >> b) & 1u);
            in.c_branch = rng.below(2);
            in.c_taken = in.c_branch && rng.chance(50) ? in.c_cols : 0;
            cov_[in.c_branch ? "branch_regather_c" : "branch_regather_op"]++;
            expect_err_ = LWM_ERR_NOT_IN_FLIGHT;
            return true;
        }
        return false;
    }

    // BAD_DONE (issue 24): a completion no sub-warp in flight can be.  An
    // empty one (c_cols = 0) of a large warp with sub-warps out that is not
    // its jump's: with c_first (empty_done_first: it would let the large
    // warp be fetched again before its first sub-warp completes), with
    // c_branch while its branch gathers (empty_done_branch: the branch would
    // commit with part of its outcome), or the jump's own sub-warp without
    // c_first (empty_done_jump); or an in-flight OP sub-warp with threads
    // completed with c_first when its large warp has no OP's first sub-warp
    // out (false_first); or a sub-warp of the gathering branch completed
    // without c_branch, whole or some of its columns, with or without
    // c_first (branch_as_op: the outcome would be lost).
    bool bad_done(const lwm_subwarp_state &s, Rng &rng, lwm_subwarp_in &in) {
        if (q_.empty())
            return false;
        if (rng.chance(35)) {
            size_t k = rng.below(q_.size()), j;
            for (j = 0; j < q_.size() && !q_[(k + j) % q_.size()].o.sw_branch; j++)
                ;
            if (j < q_.size()) {
                const Sw &b = q_[(k + j) % q_.size()];
                complete(in, b);
                in.c_branch = 0;
                in.c_taken = 0;
                in.c_first = rng.below(2);
                const uint64_t part = b.o.sw_cols & rng.next();
                if (part && rng.chance(50))
                    in.c_cols = part;
                cov_["branch_as_op"]++;
                expect_err_ = LWM_ERR_BAD_DONE;
                return true;
            }
        }
        // a jump's sub-warp, when one is out, half of the time: its
        // large warp's empty completions (empty_done_jump) are rare
        // otherwise (0 in 20,000 cycles at some seeds)
        size_t pick = rng.below(q_.size());
        if (rng.chance(50))
            for (size_t j = 0; j < q_.size(); j++)
                if (q_[(pick + j) % q_.size()].o.sw_jump) {
                    pick = (pick + j) % q_.size();
                    break;
                }
        const Sw &e = q_[pick];
        const unsigned w = static_cast<unsigned>(e.o.sw_warp);
        const bool jmp = (s.jmp_q >> w) & 1u;
        const bool gathers = s.br_busy_q && s.br_warp_q == w && s.br_left_q != 0;
        if (e.o.sw_cols == 0 || rng.chance(60)) {
            in.c_valid = 1;
            in.c_warp = w;
            if (e.o.sw_jump && rng.chance(50)) {
                cov_["empty_done_jump"]++; // the jump's, without c_first
            } else if (gathers && rng.chance(50)) {
                in.c_branch = 1;
                in.c_first = rng.below(2);
                cov_["empty_done_branch"]++;
            } else if (!jmp) {
                in.c_first = 1;
                cov_["empty_done_first"]++;
            } else {
                cov_["empty_done_jump"]++; // not the first: the jump's is
            }
            expect_err_ = LWM_ERR_BAD_DONE;
            return true;
        }
        // a sub-warp with threads as the first: illegal when the large warp
        // waits on no OP whose first sub-warp is out
        const bool op_first = ((s.wait_q >> w) & 1u) && !jmp &&
                              !(s.br_busy_q && s.br_warp_q == w) &&
                              !(s.busy_q && s.cur_q == w && s.first_q);
        if (e.o.sw_branch || e.o.sw_first || op_first)
            return false;
        complete(in, e);
        in.c_first = 1;
        cov_["false_first"]++;
        expect_err_ = LWM_ERR_BAD_DONE;
        return true;
    }

    std::vector<Sw> q_;
    int pick_ = -1;
    unsigned expect_err_ = 0, offer_ = 50;
    uint64_t nsw_ = 0, br_subwarps_ = 0, row_mode_ = 0;
    uint64_t want_[LWM_WORDS], packed_[LWM_WORDS], etk_[LWM_WORDS], ent_[LWM_WORDS];
    Rng rng_{12345};
    Coverage cov_;
};

int main(int argc, char **argv)
{
    return cosim_main<LwmSubwarpModel, LwmSubwarpStim>(argc, argv);
}
