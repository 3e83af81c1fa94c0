/* SPDX-License-Identifier: Apache-2.0 */
// stack_traffic.h -- the stimulus and harness checks both reconvergence-stack
// co-simulations share (tb/simt_stack_cosim.cpp, tb/dpe_stack_cosim.cpp).
//
// The two stacks take the same operations (NOP, LAUNCH, BRANCH, op 3
// illegal or EXIT: kExit below) with the same error codes (dpe_stack adds BAD_PATH); they differ in
// what a TOS holds.  The traffic sees a TOS as two paths, L and R (a
// single-path stack has path L only), so one generator serves both.  A
// structure supplies a small traits class T:
//
//   types     cfg_t state_t in_t out_t (cfg_t has warps, lanes, depth,
//             pc_bits; op_warp and rd_warp are clog2(WARPS) bits wide, rd_idx
//             clog2(DEPTH), each at least 1 (in_t has op, op_warp, op_mask,
//             op_pc, op_npc, op_rpc, rd_warp, rd_idx; out_t has err_code
//             and act; state_t has sp[])
//   kDual     true when the stack has two paths (op_side, BAD_PATH)
//   kExit     true when op 3 is EXIT (lanes of the TOS leave the warp:
//             cleared from every entry, the empty ones popped; simt_stack.h),
//             false when op 3 is illegal (BAD_OP)
//   entry(s, w, e, &tos)         entry e of warp w as a StackTos (paths, rpc)
//   base_mask(s, w)              the threads of the warp's base entry
//   put_side(in, side)           sets op_side (a no-op without one)
//   act_name, err_name           names ("?" past the last code), for
//                                coverage keys and messages; the traffic
//                                finds the acts POP, DIVERGE, SPLIT, STALL
//                                by name
//   golden(&n)                   its golden sequence (StackGolden steps;
//                                stack_golden() returns a table)
//
// Stimulus, per cycle (one operation on one warp):
//   - the golden sequence on an idle warp at cycle 0 and every 5000 cycles
//     (when a warp >= 4 is idle, LANES >= 4 and PC_W >= 12), the expected
//     act asserted at each step;
//   - constrained-random legal traffic: 70% of operations go to 4 "hot"
//     warps so stacks grow deep and overflow; each branch runs on a valid
//     path P of the TOS (either one when both are valid); each warp
//     alternates a growing phase (mostly divergences) and a shrinking phase
//     (mostly reconvergences); half the divergences split one thread off,
//     so nesting reaches the full depth;
//   - divergences draw nested rpcs, rpc == TOS.rpc (SPLIT), a side already at
//     the rpc (if without else), one side at rpc == TOS.rpc (a SPLIT that
//     replaces the TOS by one entry, or a base's DIVERGE to its own rpc that
//     leaves it waiting: what a stack of DEPTH 2 can hold of both), both
//     sides at the rpc, and both targets at
//     the TOS's rpc (with op_rpc == TOS.rpc: a jump to the reconvergence
//     point; with a new op_rpc: two pushed sides that start at TOS.rpc);
//   - uniform branches (all taken or none) carry op_pc != op_npc most of the
//     time, the unused target often the TOS's rpc, so an RTL that follows
//     the wrong one advances or pops wrongly;
//   - reconvergences reach the TOS's rpc by falling through (mask 0,
//     op_npc = rpc) or by an all-taken branch straight to it (mask = P.mask,
//     op_pc = rpc, op_npc something else);
//   - with kExit, 5% of the legal operations on a live warp are EXITs of
//     the TOS's lanes (3 in 4 all of them, else a random non-empty subset);
//   - 4% illegal operations of every kind, each with its expected err_code;
//   - the read port sweeps every warp id the port can carry (out-of-range
//     ones too) and every rd_idx, and half the time reads the operated warp.
// Harness invariants (beyond the model's check): the expected err code, the
// golden acts, and conservation: while a warp is live its base entry holds
// exactly the threads it was launched with, it only finishes by a POP, and
// a POP lowers the depth by one (or by two, to 0, only from depth 2: the
// chained pop of a base that waits at the exit); an EXIT takes its lanes out
// of the launched threads, leaves them in no entry, and may pop any number.
// Coverage keys: max_depth, div_interleavable (both sides of a divergence
// live), div_single (one side already at the rpc), single_at_tos_rpc (of
// those, one with rpc == TOS.rpc), uniform_split_targets
// (a uniform branch with op_pc != op_npc), div_targets_at_tos_rpc,
// taken_to_tos_rpc (an all-taken branch straight to the TOS's rpc),
// chained_pops, golden, with kExit exit (EXITs), exit_chain (an EXIT that
// popped two or more entries) and exit_partial (one that popped none),
// then act_<NAME> for every act and err_<NAME> for every error code.
#ifndef STACK_TRAFFIC_H
#define STACK_TRAFFIC_H

#include <string>

#include "cosim.h"

// A warp's depth and its TOS as two paths (path R never valid on a
// single-path stack).
struct StackTos {
    unsigned depth;
    bool valid[2];
    uint64_t mask[2];
    uint64_t rpc;
};

// One operation in the encoding both stacks share.
struct StackOp {
    uint64_t op, warp, side, mask, pc, npc, rpc, rd_warp, rd_idx;
};
enum { STACK_OP_NOP = 0, STACK_OP_LAUNCH = 1, STACK_OP_BRANCH = 2, STACK_OP_BAD = 3 };
// Error codes 1..6 are the same in both stacks; 7 is dpe_stack's BAD_PATH.
enum {
    STACK_ERR_BAD_OP = 1,
    STACK_ERR_BAD_WARP = 2,
    STACK_ERR_WARP_BUSY = 3,
    STACK_ERR_WARP_IDLE = 4,
    STACK_ERR_BAD_MASK = 5,
    STACK_ERR_BAD_LAUNCH = 6,
    STACK_ERR_BAD_PATH = 7
};

// One golden step: the operation, the act (the structure's code) it must
// produce, and the path it runs on (last, so a single-path table leaves it
// out).
struct StackGolden {
    unsigned op;
    uint64_t mask, pc, npc, rpc;
    unsigned act, side;
};

// The basic blocks of the papers' examples (000 Fig. 5, 003 Fig. 4): A..G
// and the kernel's exit X, 12-bit PCs.
enum { PC_A = 0x100, PC_B = 0x200, PC_C = 0x300, PC_D = 0x400, PC_E = 0x500,
       PC_F = 0x600, PC_G = 0x700, PC_X = 0x800 };

template <size_t N>
const StackGolden *stack_golden(const StackGolden (&g)[N], unsigned *n)
{
    *n = static_cast<unsigned>(N);
    return g;
}

template <class T>
class StackTraffic {
public:
    typedef typename T::cfg_t cfg_t;
    typedef typename T::state_t state_t;
    typedef typename T::in_t in_t;
    typedef typename T::out_t out_t;

    void reset(const cfg_t &cfg) {
        (void)cfg;
        for (unsigned w = 0; w < 64; w++) {
            launched_[w] = 0;
            grow_[w] = true;
        }
        golden_warp_ = -1;
        golden_due_ = 0;
        golden_step_ = 0;
        expect_err_ = 0;
        expect_act_ = -1;
        golden_ = T::golden(&golden_len_);
        cov_ = Coverage();
        static const char *const keys[] = {
            "max_depth",         "div_interleavable",      "div_single",
            "single_at_tos_rpc", "uniform_split_targets", "div_targets_at_tos_rpc",
            "taken_to_tos_rpc",  "chained_pops",      "golden"};
        for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
            cov_[keys[k]] = 0;
        if (T::kExit) {
            cov_["exit"] = 0;
            cov_["exit_chain"] = 0;
            cov_["exit_partial"] = 0;
        }
        act_pop_ = act_diverge_ = act_split_ = act_stall_ = 99;
        for (n_acts_ = 0; n_acts_ < 8 && std::strcmp(T::act_name(n_acts_), "?"); n_acts_++) {
            const std::string n = T::act_name(n_acts_);
            cov_[(act_key_[n_acts_] = "act_" + n).c_str()] = 0;
            unsigned *code = n == "POP" ? &act_pop_ : n == "DIVERGE" ? &act_diverge_
                           : n == "SPLIT" ? &act_split_ : n == "STALL" ? &act_stall_ : NULL;
            if (code)
                *code = n_acts_;
        }
        for (n_errs_ = 1; n_errs_ < 8 && std::strcmp(T::err_name(n_errs_), "?"); n_errs_++)
            cov_[(err_key_[n_errs_] = std::string("err_") + T::err_name(n_errs_)).c_str()] = 0;
    }

    in_t next(const cfg_t &cfg, const state_t &s, Rng &rng, uint64_t cyc) {
        StackOp op;
        std::memset(&op, 0, sizeof op);
        expect_err_ = 0;
        expect_act_ = -1;
        op.rd_warp = rng.chance(5) ? rng.bits(warp_w(cfg)) : rng.below(cfg.warps);
        op.rd_idx = rng.chance(70) ? 0 : rng.bits(idx_w(cfg));
        const bool rd_follow = rng.chance(50);

        // a golden run is due every 5000 cycles; it starts at the first
        // cycle from then on that finds an idle warp
        if (golden_warp_ < 0 && cyc >= golden_due_) {
            start_golden(cfg, s, rng);
            if (golden_warp_ >= 0)
                golden_due_ = cyc - cyc % 5000 + 5000;
        }
        if (golden_warp_ >= 0 && rng.chance(50)) {
            const StackGolden &g = golden_[golden_step_];
            op.op = g.op;
            op.warp = static_cast<unsigned>(golden_warp_);
            op.side = g.side;
            op.mask = g.mask;
            op.pc = g.pc;
            op.npc = g.npc;
            op.rpc = g.rpc;
            expect_act_ = static_cast<int>(g.act);
            if (++golden_step_ == golden_len_) {
                golden_warp_ = -1;
                cov_["golden"]++;
            }
        } else if (rng.chance(4)) {
            illegal(cfg, s, rng, op);
        } else if (rng.chance(5)) {
            return to_in(op); // NOP
        } else {
            unsigned w = rng.chance(70) ? static_cast<unsigned>(rng.below(4) % cfg.warps)
                                        : static_cast<unsigned>(rng.below(cfg.warps));
            if (static_cast<int>(w) == golden_warp_)
                return to_in(op);
            legal(cfg, s, rng, op, w);
        }
        if (rd_follow)
            op.rd_warp = op.warp;
        return to_in(op);
    }

    const char *check(const cfg_t &cfg, const state_t &before, const state_t &after,
                      const in_t &in, const out_t &o) {
        static char msg[200];
        if (o.err_code != expect_err_) {
            snprintf(msg, sizeof msg, "expected err_code %s, model gave %s",
                     T::err_name(expect_err_), T::err_name(static_cast<unsigned>(o.err_code)));
            return msg;
        }
        if (expect_act_ >= 0 && o.act != static_cast<uint64_t>(expect_act_)) {
            snprintf(msg, sizeof msg, "golden step expected act %s, model gave %s",
                     T::act_name(static_cast<unsigned>(expect_act_)),
                     T::act_name(static_cast<unsigned>(o.act)));
            return msg;
        }
        observe(cfg, before, after, in, o);
        const bool exited = T::kExit && in.op == STACK_OP_BAD && o.err_code == 0;
        if (exited) {
            const unsigned w = static_cast<unsigned>(in.op_warp);
            launched_[w] &= ~in.op_mask;
            for (unsigned e = 0; e < after.sp[w]; e++) {
                StackTos t;
                std::memset(&t, 0, sizeof t);
                T::entry(after, w, e, &t);
                if ((t.mask[0] | t.mask[1]) & in.op_mask) {
                    snprintf(msg, sizeof msg, "warp %u entry %u: holds a lane that exited", w, e);
                    return msg;
                }
            }
        }
        for (unsigned w = 0; w < cfg.warps; w++) {
            const bool popped_here = o.act == act_pop_ && in.op_warp == w && !exited;
            if (after.sp[w] == 0) {
                if (before.sp[w] != 0 && !popped_here && !(exited && in.op_warp == w)) {
                    snprintf(msg, sizeof msg, "warp %u emptied without a POP", w);
                    return msg;
                }
                if (popped_here && before.sp[w] > 2) {
                    snprintf(msg, sizeof msg, "warp %u emptied from depth %u by one POP", w,
                             before.sp[w]);
                    return msg;
                }
                launched_[w] = 0;
                continue;
            }
            if (popped_here && after.sp[w] + 1u != before.sp[w]) {
                snprintf(msg, sizeof msg, "warp %u: POP from depth %u left depth %u", w,
                         before.sp[w], after.sp[w]);
                return msg;
            }
            const uint64_t base = T::base_mask(after, w);
            if (before.sp[w] == 0)
                launched_[w] = base;
            if (base != launched_[w]) {
                snprintf(msg, sizeof msg,
                         "warp %u lost threads: base entry mask %llx, launched with %llx", w,
                         (unsigned long long)base, (unsigned long long)launched_[w]);
                return msg;
            }
        }
        return NULL;
    }

    std::string coverage() { return cov_.str(); }

    // The decision kinds this point allows (tb/cosim.h hook 5): launch,
    // advance, pop, a NOP cycle (IDLE), uniform branches with two targets
    // and all-taken ones straight to the TOS's rpc, and every illegal
    // operation (BAD_WARP where the port can carry a warp beyond WARPS;
    // the dual-path stack's BAD_PATH).  What a divergence needs (a branch
    // of two lanes or more; docs/cosim.md "Coverage at the smallest
    // points" has the reasoning, the traffic reaches each where it can be):
    //   - DIVERGE and its coverage (div_single, single_at_tos_rpc; the
    //     dual-path stack's RECONV), DEPTH >= 2: at DEPTH 1 every divergence
    //     needs an entry the stack has not, a STALL;
    //   - div_interleavable (both sides live): two entries above the TOS
    //     on the single-path stack (a DIVERGE pushes both sides, a SPLIT
    //     one more than it replaces), DEPTH >= 3; one entry on the
    //     dual-path one (both sides in it), DEPTH >= 2;
    //   - SPLIT: a TOS (a path, on the dual-path stack) of two threads or
    //     more above the base, and every entry (path) above the base holds
    //     fewer threads than the one it was pushed from, so LANES >= 3
    //     (and DEPTH >= 2: at DEPTH 2 on the single-path stack only with
    //     one side at the rpc, kinds 12-13);
    //   - chained_pops: a base that waits at its rpc under one entry, a
    //     DIVERGE of the base to its own rpc with one side at it (kinds
    //     12-13 at DEPTH 2), DEPTH >= 2; with kExit, exit_chain the same
    //     (that entry's threads all EXIT), exit_partial a part of a TOS's
    //     threads, the base's at DEPTH 1;
    //   - STALL: a TOS of two threads on a full stack.  The deepest TOS of
    //     two threads is at 2*LANES - 3 on the single-path stack (each
    //     DIVERGE that peels one thread off adds two entries; none can add
    //     more per thread) and LANES - 1 on the dual-path one (one entry
    //     per thread peeled; deeper needs COMPACT joins to gather threads
    //     below the TOS, not derived here: 0 STALLs at LANES = DEPTH = 4, 5,
    //     6 in 100,000 cycles), so DEPTH <= 2*LANES - 2 or LANES - 1;
    //     checked up to DEPTH 16, the simt_stack's default (not required
    //     deeper, where the random traffic seldom fills a stack).
    // The golden run needs 4 lanes, 12 PC bits, a fifth warp and
    // T::kGoldenDepth entries (golden_fits).
    void required(const cfg_t &cfg, std::vector<std::string> &keys) const {
        const bool div = cfg.lanes >= 2;
        const unsigned stall_max = T::kDual ? cfg.lanes - 1 : 2 * cfg.lanes - 2;
        cosim_require(keys, {"act_IDLE", "act_LAUNCH", "act_ADVANCE", "act_POP",
                             "uniform_split_targets", "taken_to_tos_rpc",
                             "err_WARP_BUSY", "err_WARP_IDLE", "err_BAD_MASK", "err_BAD_LAUNCH"});
        cosim_require(keys, {"err_BAD_OP"}, !T::kExit);
        cosim_require(keys, {"exit"}, T::kExit);
        cosim_require(keys, {"exit_partial"}, T::kExit && div);
        cosim_require(keys, {"exit_chain"}, T::kExit && div && cfg.depth >= 2);
        cosim_require(keys, {"err_BAD_WARP"}, cfg.warps < (1ull << warp_w(cfg)));
        cosim_require(keys, {"err_BAD_PATH"}, T::kDual);
        cosim_require(keys, {"div_targets_at_tos_rpc"}, div);
        cosim_require(keys, {"act_DIVERGE", "div_single", "single_at_tos_rpc", "chained_pops"},
                      div && cfg.depth >= 2);
        cosim_require(keys, {"act_RECONV"}, div && T::kDual && cfg.depth >= 2);
        cosim_require(keys, {"div_interleavable"}, div && cfg.depth >= (T::kDual ? 2u : 3u));
        cosim_require(keys, {"act_SPLIT"}, cfg.lanes >= 3 && cfg.depth >= 2);
        cosim_require(keys, {"act_STALL"}, div && cfg.depth <= 16 && cfg.depth <= stall_max);
        cosim_require(keys, {"golden"}, golden_fits(cfg));
    }

protected:
    // the coverage counters, for a structure's own keys (simt_stack's merges)
    Coverage &cov() { return cov_; }
    // whether a structure may bias this cycle's op on warp w (not a planned
    // error, not the golden sequence's warp)
    bool may_bias(unsigned w) const { return expect_err_ == 0 && static_cast<int>(w) != golden_warp_; }

    // A structure's own operation (dpe_stack's EXIT), generated and checked
    // by the structure instead of check(): its act and err coverage keys and
    // max_depth, and, when legal, the threads `gone` that left warp w's base
    // entry (the conservation check expects the rest from now on).
    void own_op(const state_t &after, const out_t &o, unsigned w, uint64_t gone) {
        const unsigned act = static_cast<unsigned>(o.act);
        if (act < n_acts_)
            cov_[act_key_[act].c_str()]++;
        if (o.err_code > 0 && o.err_code < n_errs_)
            cov_[err_key_[o.err_code].c_str()]++;
        if (o.err_code != 0 || w >= 64)
            return;
        launched_[w] = after.sp[w] ? launched_[w] & ~gone : 0;
    }

    // port widths of op_warp / rd_warp and rd_idx (both stacks' headers)
    static unsigned warp_w(const cfg_t &c) { return bits_index_width(c.warps); }
    static unsigned idx_w(const cfg_t &c) { return bits_index_width(c.depth); }

    static StackTos tos(const state_t &s, unsigned w) {
        StackTos t;
        std::memset(&t, 0, sizeof t);
        t.depth = s.sp[w];
        if (t.depth)
            T::entry(s, w, t.depth - 1, &t);
        return t;
    }

    static in_t to_in(const StackOp &o) {
        in_t i;
        std::memset(&i, 0, sizeof i);
        i.op = o.op;
        i.op_warp = o.warp;
        i.op_mask = o.mask;
        i.op_pc = o.pc;
        i.op_npc = o.npc;
        i.op_rpc = o.rpc;
        i.rd_warp = o.rd_warp;
        i.rd_idx = o.rd_idx;
        T::put_side(i, o.side);
        return i;
    }

    static uint64_t pick_pc(const cfg_t &cfg, Rng &rng) {
        const uint64_t pc = rng.bits(cfg.pc_bits);
        return cfg.pc_bits > 4 ? pc & ~3ull : pc; // word-aligned where there is room
    }

    // A random non-empty proper subset of m (m has at least 2 bits).
    static uint64_t proper_subset(uint64_t m, Rng &rng) {
        for (;;) {
            uint64_t t = m & rng.next();
            if (t != 0 && t != m)
                return t;
        }
    }

    // A valid path of the TOS: either one if both are.
    static unsigned pick_side(const StackTos &t, Rng &rng) {
        if (t.valid[0] && t.valid[1])
            return static_cast<unsigned>(rng.below(2));
        return t.valid[1] ? 1u : 0u;
    }

private:
    // the golden masks need 4 lanes, its PCs 12 bits, its warp a fifth one
    // (warps 0..3 take most of the random traffic) and its deepest step
    // T::kGoldenDepth entries (without them the step is a STALL, not the
    // act the paper's figure shows)
    static bool golden_fits(const cfg_t &cfg) {
        return cfg.lanes >= 4 && cfg.pc_bits >= 12 && cfg.warps > 4 && cfg.depth >= T::kGoldenDepth;
    }

    void start_golden(const cfg_t &cfg, const state_t &s, Rng &rng) {
        if (!golden_fits(cfg))
            return;
        unsigned start = static_cast<unsigned>(rng.below(cfg.warps));
        for (unsigned k = 0; k < cfg.warps; k++) {
            unsigned w = (start + k) % cfg.warps;
            if (w >= 4 && s.sp[w] == 0) {
                golden_warp_ = static_cast<int>(w);
                golden_step_ = 0;
                return;
            }
        }
    }

    void legal(const cfg_t &cfg, const state_t &s, Rng &rng, StackOp &op, unsigned w) {
        op.warp = w;
        const StackTos t = tos(s, w);
        if (t.depth == 0) {
            op.op = STACK_OP_LAUNCH;
            op.mask = rng.chance(60) ? bits_mask(cfg.lanes) : rng.bits(cfg.lanes);
            if (op.mask == 0)
                op.mask = 1;
            op.pc = pick_pc(cfg, rng);
            do
                op.rpc = pick_pc(cfg, rng);
            while (op.rpc == op.pc);
            op.side = T::kDual ? rng.below(2) : 0; // ignored by LAUNCH
            grow_[w] = true;
            return;
        }
        const unsigned side = pick_side(t, rng);
        const uint64_t m = t.mask[side], rpc = t.rpc;
        op.side = side;
        if (T::kExit && rng.chance(5)) {
            op.op = STACK_OP_BAD; // EXIT
            op.mask = rng.chance(75) || bits_popcount(m) < 2 ? m : proper_subset(m, rng);
            return;
        }
        op.op = STACK_OP_BRANCH;
        if (grow_[w] ? rng.chance(2) : (t.depth <= 1 || rng.chance(5)))
            grow_[w] = !grow_[w];
        unsigned p_div = grow_[w] ? 60 : 15, p_adv = 15;
        unsigned r = static_cast<unsigned>(rng.below(100));
        if (r < p_div && bits_popcount(m) >= 2) {
            // half the time one thread leaves, so nesting can go deep
            op.mask = rng.chance(50) ? proper_subset(m, rng) : (m & ~bits_lowest(m));
            op.pc = pick_pc(cfg, rng);
            op.npc = pick_pc(cfg, rng);
            unsigned kind = static_cast<unsigned>(rng.below(14));
            if (kind == 0 || kind == 4 || kind >= 12)
                op.rpc = rpc;                        // SPLIT (or diverge to the exit)
            else
                op.rpc = pick_pc(cfg, rng);          // a new, nested rpc
            if (kind == 1 || kind == 12)
                op.pc = op.rpc;                      // taken side is the rpc
            else if (kind == 2 || kind == 13)
                op.npc = op.rpc;                     // if without else
            else if (kind == 3)
                op.pc = op.npc = op.rpc;             // both sides at the rpc
            else if (kind == 4 || kind == 5)
                op.pc = op.npc = rpc;                // both targets at the TOS's rpc
        } else if (r < p_div + p_adv) {
            // uniform, either direction; the unused target is the used one
            // (1 in 4), the TOS's rpc (1 in 4) or any PC
            const bool taken = rng.chance(50);
            uint64_t target, other;
            do
                target = pick_pc(cfg, rng);
            while (target == rpc);
            switch (rng.below(4)) {
            case 0:
                other = target;
                break;
            case 1:
                other = rpc;
                break;
            default:
                other = pick_pc(cfg, rng);
                break;
            }
            op.mask = taken ? m : 0;
            op.pc = taken ? target : other;
            op.npc = taken ? other : target;
        } else if (rng.chance(50)) {
            op.mask = 0;                             // P reconverges: falls through
            op.npc = rpc;
            op.pc = pick_pc(cfg, rng);
        } else {
            op.mask = m;                             // P reconverges: all taken
            op.pc = rpc;
            op.npc = pick_pc(cfg, rng);
        }
    }

    void illegal(const cfg_t &cfg, const state_t &s, Rng &rng, StackOp &op) {
        const unsigned w = static_cast<unsigned>(rng.below(cfg.warps));
        const StackTos t = tos(s, w);
        const uint64_t ids = 1ull << warp_w(cfg);
        op.warp = w;
        op.side = T::kDual ? rng.below(2) : 0;
        op.pc = pick_pc(cfg, rng);
        op.npc = pick_pc(cfg, rng);
        op.rpc = op.pc ^ (1ull << (cfg.pc_bits - 1)); // != op.pc, within PC_W
        op.mask = 1;
        unsigned kind = static_cast<unsigned>(rng.below(T::kDual ? 7 : 6));
        if (!T::kDual && kind == 4)
            kind = 6;
        switch (kind) {
        case 0:
            op.op = STACK_OP_BAD;
            if (!T::kExit) {
                expect_err_ = STACK_ERR_BAD_OP;
                break;
            }
            // an EXIT on an idle warp, or of no lane or lanes outside the TOS
            expect_err_ = t.depth ? STACK_ERR_BAD_MASK : STACK_ERR_WARP_IDLE;
            if (t.depth) {
                const unsigned side = pick_side(t, rng);
                const uint64_t outside = bits_mask(cfg.lanes) & ~t.mask[side];
                op.side = side;
                op.mask = outside && rng.chance(75) ? bits_lowest(outside) | rng.bits(cfg.lanes)
                                                    : 0;
            }
            break;
        case 1:
            if (cfg.warps >= ids)
                return; // every warp id the port carries is in range
            op.op = rng.chance(50) ? STACK_OP_LAUNCH : STACK_OP_BRANCH;
            op.warp = cfg.warps + rng.below(ids - cfg.warps);
            expect_err_ = STACK_ERR_BAD_WARP;
            break;
        case 2:
            op.op = t.depth ? STACK_OP_LAUNCH : STACK_OP_BRANCH;
            expect_err_ = t.depth ? STACK_ERR_WARP_BUSY : STACK_ERR_WARP_IDLE;
            break;
        case 3:
            if (t.depth) {
                const unsigned side = pick_side(t, rng);
                const uint64_t outside = bits_mask(cfg.lanes) & ~t.mask[side];
                if (outside == 0)
                    return; // P holds every lane: no mask can be outside it
                op.op = STACK_OP_BRANCH;
                op.side = side;
                op.mask = bits_lowest(outside) | rng.bits(cfg.lanes);
            } else {
                op.op = STACK_OP_LAUNCH;
                op.mask = 0;
            }
            expect_err_ = STACK_ERR_BAD_MASK;
            break;
        case 4:
            if (!t.depth || (t.valid[0] && t.valid[1]))
                return; // both paths valid: no path to branch on illegally
            op.op = STACK_OP_BRANCH;
            op.side = t.valid[0] ? 1u : 0u;
            op.mask = rng.bits(cfg.lanes); // BAD_PATH wins over BAD_MASK
            expect_err_ = STACK_ERR_BAD_PATH;
            break;
        default:
            if (t.depth)
                return;
            op.op = STACK_OP_LAUNCH;
            op.rpc = op.pc;
            expect_err_ = STACK_ERR_BAD_LAUNCH;
            break;
        }
    }

    void observe(const cfg_t &cfg, const state_t &before, const state_t &after, const in_t &in,
                 const out_t &o) {
        const unsigned act = static_cast<unsigned>(o.act);
        if (act < n_acts_)
            cov_[act_key_[act].c_str()]++;
        if (o.err_code > 0 && o.err_code < n_errs_)
            cov_[err_key_[o.err_code].c_str()]++;
        if (T::kExit && o.err_code == 0 && in.op == STACK_OP_BAD) {
            const unsigned w = static_cast<unsigned>(in.op_warp);
            cov_["exit"]++;
            if (after.sp[w] + 2u <= before.sp[w])
                cov_["exit_chain"]++;
            if (after.sp[w] == before.sp[w])
                cov_["exit_partial"]++;
            return;
        }
        if (o.err_code != 0 || in.op != STACK_OP_BRANCH || in.op_warp >= cfg.warps)
            return;
        const unsigned w = static_cast<unsigned>(in.op_warp);
        const StackTos t = tos(before, w);
        const uint64_t pm = t.mask[T::side(in)];
        const bool uniform = in.op_mask == 0 || in.op_mask == pm;
        if (uniform && in.op_pc != in.op_npc)
            cov_["uniform_split_targets"]++;
        if (!uniform && in.op_pc == t.rpc && in.op_npc == t.rpc)
            cov_["div_targets_at_tos_rpc"]++;
        if (in.op_mask == pm && in.op_pc == t.rpc && in.op_npc != t.rpc)
            cov_["taken_to_tos_rpc"]++;
        if (act == act_diverge_ || act == act_split_) {
            unsigned live = (in.op_pc != in.op_rpc) + (in.op_npc != in.op_rpc);
            cov_[live == 2 ? "div_interleavable" : "div_single"]++;
            if (live == 1 && in.op_rpc == t.rpc)
                cov_["single_at_tos_rpc"]++;
        }
        if (act == act_pop_ && before.sp[w] == 2 && after.sp[w] == 0)
            cov_["chained_pops"]++;
        if (act == act_stall_)
            grow_[w] = false;
        uint64_t &md = cov_["max_depth"];
        if (after.sp[w] > md)
            md = after.sp[w];
    }

    uint64_t launched_[64];
    bool grow_[64];
    const StackGolden *golden_;
    unsigned golden_len_;
    int golden_warp_;
    uint64_t golden_due_;
    unsigned golden_step_;
    unsigned expect_err_;
    int expect_act_;
    unsigned n_acts_, n_errs_, act_pop_, act_diverge_, act_split_, act_stall_;
    std::string act_key_[8], err_key_[8];
    Coverage cov_;
};

#endif // STACK_TRAFFIC_H
