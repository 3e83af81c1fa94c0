// SPDX-License-Identifier: Apache-2.0
// dpe_stack_cosim.cpp -- co-simulation of rtl_c/dpe_stack (C) against
// verilog/dpe_stack.v (Verilated), cycle by cycle.  Framework: tb/cosim.h.
//
// The stimulus, its harness checks and coverage keys are shared with the
// single-path stack: tb/stack_traffic.h.  This file adds the glue, the SPEC
// 3.2 / 003 Fig. 4 golden sequence and the fault injection.
#include "cosim.h"
#include "stack_traffic.h"

#include "Vdpe_stack.h"
#include "vl_state.h"

extern "C" {
#include "../rtl_c/dpe_stack.h"
}

struct DpeStackModel {
    COSIM_MODEL(dpe_stack, Vdpe_stack)

    // Whole-state compare: every warp's depth and every entry below it (the
    // entries above a depth are not state: the RTL does not reset them).
    static void state(rtl_t *r, const cfg_t &c, const state_t &s, StateCmp &cmp) {
        static VlRegCache<rtl_t> k;
        static VlReg sp, lpc, lmask, lvalid, rpathpc, rmask, rvalid, rpc;
        if (k.stale(r)) {
            sp = VlReg(r->contextp(), "dpe_stack", "sp_q");
            lpc = VlReg(r->contextp(), "dpe_stack", "l_pc_q");
            lmask = VlReg(r->contextp(), "dpe_stack", "l_mask_q");
            lvalid = VlReg(r->contextp(), "dpe_stack", "l_valid_q");
            rpathpc = VlReg(r->contextp(), "dpe_stack", "r_pc_q");
            rmask = VlReg(r->contextp(), "dpe_stack", "r_mask_q");
            rvalid = VlReg(r->contextp(), "dpe_stack", "r_valid_q");
            rpc = VlReg(r->contextp(), "dpe_stack", "rpc_q");
        }
        const unsigned dw = dpe_stack_depth_w(&c), pw = c.pc_bits, lw = c.lanes;
        for (unsigned w = 0; w < c.warps; w++) {
            const int wi = static_cast<int>(w);
            cmp("sp_q", wi, -1, s.sp[w], sp.get(w, dw));
            for (unsigned e = 0; e < s.sp[w] && e < c.depth; e++) {
                const size_t a = static_cast<size_t>(w) * c.depth + e;
                const int ei = static_cast<int>(e);
                cmp("l_valid_q", wi, ei, s.ent[w][e].p[0].valid, lvalid.get(a, 1));
                cmp("l_pc_q", wi, ei, s.ent[w][e].p[0].pc, lpc.get(a, pw));
                cmp("l_mask_q", wi, ei, s.ent[w][e].p[0].mask, lmask.get(a, lw));
                cmp("r_valid_q", wi, ei, s.ent[w][e].p[1].valid, rvalid.get(a, 1));
                cmp("r_pc_q", wi, ei, s.ent[w][e].p[1].pc, rpathpc.get(a, pw));
                cmp("r_mask_q", wi, ei, s.ent[w][e].p[1].mask, rmask.get(a, lw));
                cmp("rpc_q", wi, ei, s.ent[w][e].rpc, rpc.get(a, pw));
            }
        }
    }
    static bool err(const out_t &o) { return o.err != 0; }
    static bool ready(const out_t &o) { return o.ready != 0; }

    static const char *decode(const char *port, uint64_t v) {
        if (!std::strcmp(port, "act"))
            return dpe_stack_act_name(static_cast<unsigned>(v));
        if (!std::strcmp(port, "err_code"))
            return dpe_stack_err_name(static_cast<unsigned>(v));
        if (!std::strcmp(port, "op")) {
            static const char *const ops[] = {"NOP", "LAUNCH", "BRANCH", "EXIT"};
            return ops[v & 3u];
        }
        if (!std::strcmp(port, "op_side"))
            return (v & 1u) ? "R" : "L";
        return NULL;
    }
};

// The SPEC 3.2 sequence (003 Fig. 4), 4 threads: one op per step and the
// act it must produce.  Masks are bit i = thread i (the paper writes t0
// first: 1100 = 0x3).
enum { L = DPE_SIDE_L, R = DPE_SIDE_R };
static const StackGolden kGolden[] = {
    {DPE_OP_LAUNCH, 0xF, PC_A, 0, PC_X, DPE_ACT_LAUNCH, L},
    {DPE_OP_BRANCH, 0x3, PC_B, PC_C, PC_G, DPE_ACT_DIVERGE, L},   // A: 1100->B, 0011->C
    {DPE_OP_BRANCH, 0x4, PC_D, PC_E, PC_F, DPE_ACT_DIVERGE, R},   // C: 0010->D, 0001->E
    {DPE_OP_BRANCH, 0x0, 0, PC_F, 0, DPE_ACT_RECONV, L},           // D reaches F
    {DPE_OP_BRANCH, 0x0, 0, PC_F, 0, DPE_ACT_POP, R},              // E reaches F
    {DPE_OP_BRANCH, 0x0, 0, PC_B + 4, 0, DPE_ACT_ADVANCE, L},      // B runs
    {DPE_OP_BRANCH, 0x0, 0, PC_F + 4, 0, DPE_ACT_ADVANCE, R},      // F runs, interleaved
    {DPE_OP_BRANCH, 0x0, 0, PC_G, 0, DPE_ACT_RECONV, L},           // B reaches G
    {DPE_OP_BRANCH, 0x0, 0, PC_G, 0, DPE_ACT_POP, R},              // F reaches G
    {DPE_OP_BRANCH, 0x0, 0, PC_G + 4, 0, DPE_ACT_ADVANCE, L},      // G runs with 1111
    {DPE_OP_BRANCH, 0x0, 0, PC_X, 0, DPE_ACT_POP, L},              // G reaches the exit
};

// What tb/stack_traffic.h needs of the dual-path stack.
struct DpeStackTraffic : DpeStackModel {
    static const bool kDual = true;
    static const bool kExit = false; // op 3 is illegal (BAD_OP)
    static const unsigned kGoldenDepth = 3; // after C: {G: A..} {F: B|C} {D|E}
    static void entry(const state_t &s, unsigned w, unsigned e, StackTos *t) {
        t->valid[0] = s.ent[w][e].p[0].valid != 0;
        t->valid[1] = s.ent[w][e].p[1].valid != 0;
        t->mask[0] = s.ent[w][e].p[0].mask;
        t->mask[1] = s.ent[w][e].p[1].mask;
        t->rpc = s.ent[w][e].rpc;
    }
    static uint64_t base_mask(const state_t &s, unsigned w) {
        return s.ent[w][0].p[0].mask | s.ent[w][0].p[1].mask;
    }
    static unsigned side(const in_t &i) { return static_cast<unsigned>(i.op_side & 1u); }
    static void put_side(in_t &i, uint64_t side) { i.op_side = side; }
    static const char *act_name(unsigned a) { return dpe_stack_act_name(a); }
    static const char *err_name(unsigned e) { return dpe_stack_err_name(e); }
    static const StackGolden *golden(unsigned *n) { return stack_golden(kGolden, n); }
};

// COMPACT (dpe_stack.h, "Forward progress"): 1 in 4 branches of a warp
// whose TOS has both paths valid and at least 3 entries become a sibling
// divergence (op_rpc = TOS.rpc, both sides live), the case that compacts
// into the TOS's run when it has a slot.  Keys: compact_biased (branches so
// biased), compact_slot (Q took a free slot), compact_join (Q joined a
// suspended path at its pc; counted, rare on random pcs), compact_off
// (MERGE = 0: a run had a slot and the branch pushed or stalled).
//
// EXIT (dpe_stack.h "Early returns", op 3): 3 in 100 branches of a live
// warp become an EXIT of path P (all of P's threads half the time, else a
// random non-empty subset of them); the shared traffic's illegal op 3
// (BAD_OP, which no op raises any more) becomes an illegal EXIT instead
// (WARP_IDLE, BAD_WARP, BAD_PATH, or BAD_MASK: outside P, or empty).  Each EXIT is checked here
// against the rule, written apart from the model: every live entry after
// it is the one before with op_mask cleared from both paths' masks, a
// valid path left empty invalid at its entry's rpc; the entries popped had
// no valid path with a thread left, the top one left has one; act POP when
// the depth drops, else RECONV when P lost every thread, else ADVANCE; an
// illegal one changes nothing.  Keys: exit_advance (P keeps threads),
// exit_reconv, exit_pop (one entry), exit_pops (several, the warp still
// live), exit_done (the warp finished), exit_err.
typedef StackTraffic<DpeStackTraffic> DpeStackBase;

class DpeStackStim : public DpeStackBase {
public:
    void reset(const dpe_stack_cfg &cfg) {
        DpeStackBase::reset(cfg);
        static const char *const keys[] = {"compact_biased", "compact_slot", "compact_join",
                                           "compact_off", "exit_advance", "exit_reconv",
                                           "exit_pop", "exit_pops", "exit_done", "exit_err"};
        for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
            cov()[keys[k]] = 0;
        own_ = false;
    }

    dpe_stack_in next(const dpe_stack_cfg &cfg, const dpe_stack_state &s, Rng &rng,
                      uint64_t cyc) {
        dpe_stack_in in = DpeStackBase::next(cfg, s, rng, cyc);
        own_ = false;
        if (in.op == DPE_OP_EXIT)
            return bad_exit(cfg, s, rng, in);
        if (in.op != DPE_OP_BRANCH || in.op_warp >= cfg.warps)
            return in;
        if (s.sp[in.op_warp] && may_bias(static_cast<unsigned>(in.op_warp)) && rng.chance(3)) {
            const dpe_stack_entry &t = s.ent[in.op_warp][s.sp[in.op_warp] - 1];
            const uint64_t pm = t.p[in.op_side & 1u].mask;
            own_ = true;
            exp_err_ = DPE_ERR_NONE;
            in.op = DPE_OP_EXIT;
            in.op_mask = rng.chance(50) ? pm : pm & rng.next();
            if (in.op_mask == 0)
                in.op_mask = pm & (0 - pm); // (an empty one is BAD_MASK)
            return in;
        }
        const unsigned w = static_cast<unsigned>(in.op_warp), sp = s.sp[w];
        if (sp < 3 || !may_bias(w) || !rng.chance(25))
            return in;
        const dpe_stack_entry &t = s.ent[w][sp - 1];
        const unsigned side = static_cast<unsigned>(in.op_side & 1u);
        const uint64_t pm = t.p[side].mask;
        if (!t.p[0].valid || !t.p[1].valid || (pm & (pm - 1)) == 0 || (in.op_mask & ~pm) != 0)
            return in;
        uint64_t tk = pm & rng.next();
        if (tk == 0 || tk == pm)
            tk = pm & (0 - pm); // the lowest thread alone
        in.op_mask = tk;
        in.op_rpc = t.rpc;
        in.op_pc = (t.rpc + 4u + 4u * rng.below(8)) & (cfg.pc_bits >= 64 ? ~0ull : (1ull << cfg.pc_bits) - 1);
        in.op_npc = (t.rpc + 8u + 4u * rng.below(8)) & (cfg.pc_bits >= 64 ? ~0ull : (1ull << cfg.pc_bits) - 1);
        if (in.op_pc == t.rpc || in.op_npc == t.rpc)
            return in;
        cov()["compact_biased"]++;
        return in;
    }

    const char *check(const dpe_stack_cfg &cfg, const dpe_stack_state &before,
                      const dpe_stack_state &after, const dpe_stack_in &in,
                      const dpe_stack_out &o) {
        const unsigned w = static_cast<unsigned>(in.op_warp);
        if (own_)
            return check_exit(cfg, before, after, in, o);
        if (in.op == DPE_OP_BRANCH && !o.err && w < cfg.warps && before.sp[w] >= 3) {
            const unsigned sp = before.sp[w], side = static_cast<unsigned>(in.op_side & 1u);
            const dpe_stack_entry &t = before.ent[w][sp - 1];
            const uint64_t pm = t.p[side].mask;
            const bool sib = t.p[side ^ 1u].valid && in.op_rpc == t.rpc && in.op_mask != 0 &&
                             in.op_mask != pm &&
                             (in.op_pc != in.op_rpc || in.op_npc != in.op_rpc);
            bool slot = false, join = false;
            for (unsigned e = sp - 1; sib && e-- > 1 && before.ent[w][e].rpc == t.rpc;) {
                const dpe_stack_entry &x = before.ent[w][e];
                join = (x.p[0].valid && x.p[0].pc == t.p[side ^ 1u].pc) ||
                       (x.p[1].valid && x.p[1].pc == t.p[side ^ 1u].pc);
                if (join || !x.p[0].valid || !x.p[1].valid) {
                    slot = true;
                    break;
                }
            }
            if (sib && slot && cfg.merge) {
                static char msg[160];
                if (o.act != DPE_ACT_SPLIT || after.sp[w] != sp) {
                    snprintf(msg, sizeof msg, "warp %u: a compaction at depth %u gave act %s, depth %u",
                             w, sp, dpe_stack_act_name(static_cast<unsigned>(o.act)), after.sp[w]);
                    return msg;
                }
                cov()[join ? "compact_join" : "compact_slot"]++;
            } else if (sib && slot)
                cov()["compact_off"]++;
        }
        return DpeStackBase::check(cfg, before, after, in, o);
    }

    // The illegal EXIT in place of the shared traffic's op 3, or a NOP
    // when the kind drawn has no warp to show it on.
    dpe_stack_in bad_exit(const dpe_stack_cfg &cfg, const dpe_stack_state &s, Rng &rng,
                          dpe_stack_in in) {
        const unsigned w = static_cast<unsigned>(rng.below(cfg.warps)), sp = s.sp[w];
        const uint64_t ids = 1ull << bits_index_width(cfg.warps), lanes = bits_mask(cfg.lanes);
        own_ = true;
        exp_err_ = DPE_ERR_NONE;
        in.op_warp = w;
        in.op_side = rng.below(2);
        in.op_mask = rng.bits(cfg.lanes);
        switch (rng.below(4)) {
        case 0:
            if (cfg.warps >= ids)
                break;
            in.op_warp = cfg.warps + rng.below(ids - cfg.warps);
            exp_err_ = DPE_ERR_BAD_WARP;
            return in;
        case 1:
            if (sp)
                break;
            exp_err_ = DPE_ERR_WARP_IDLE;
            return in;
        case 2: {
            if (!sp)
                break;
            const dpe_stack_entry &t = s.ent[w][sp - 1];
            if (t.p[0].valid && t.p[1].valid)
                break;
            in.op_side = t.p[0].valid ? 1u : 0u; // BAD_PATH wins over BAD_MASK
            exp_err_ = DPE_ERR_BAD_PATH;
            return in;
        }
        default: {
            if (!sp)
                break;
            const dpe_stack_entry &t = s.ent[w][sp - 1];
            const unsigned side = t.p[0].valid ? (t.p[1].valid ? in.op_side & 1u : 0u) : 1u;
            const uint64_t out = lanes & ~t.p[side].mask;
            if (out == 0)
                break;
            in.op_side = side;
            in.op_mask = rng.chance(20) ? 0 : (out & (0 - out)) | (in.op_mask & lanes);
            exp_err_ = DPE_ERR_BAD_MASK;
            return in;
        }
        }
        in.op = DPE_OP_NOP;
        return in;
    }

    // An EXIT's outcome against the rule (above), and the conservation
    // check's threads (StackTraffic::own_op).
    const char *check_exit(const dpe_stack_cfg &cfg, const dpe_stack_state &before,
                           const dpe_stack_state &after, const dpe_stack_in &in,
                           const dpe_stack_out &o) {
        static char msg[200];
        const unsigned w = static_cast<unsigned>(in.op_warp);
        const uint64_t x = in.op_mask;
        own_op(after, o, w, in.op == DPE_OP_EXIT ? x : 0);
        if (o.err_code != exp_err_) {
            snprintf(msg, sizeof msg, "EXIT: expected err_code %s, model gave %s",
                     dpe_stack_err_name(exp_err_), dpe_stack_err_name(static_cast<unsigned>(o.err_code)));
            return msg;
        }
        if (in.op != DPE_OP_EXIT)
            return NULL;
        if (o.err_code != DPE_ERR_NONE) {
            cov()["exit_err"]++;
            for (unsigned v = 0; v < cfg.warps; v++)
                if (after.sp[v] != before.sp[v] ||
                    std::memcmp(after.ent[v], before.ent[v], sizeof(dpe_stack_entry) * before.sp[v])) {
                    snprintf(msg, sizeof msg, "EXIT: rejected (%s) but warp %u changed",
                             dpe_stack_err_name(exp_err_), v);
                    return msg;
                }
            return NULL;
        }
        const unsigned sp0 = before.sp[w], sp1 = after.sp[w];
        const dpe_stack_entry *b = before.ent[w], *a = after.ent[w];
        if (sp1 > sp0) {
            snprintf(msg, sizeof msg, "EXIT: warp %u grew from depth %u to %u", w, sp0, sp1);
            return msg;
        }
        for (unsigned e = 0; e < sp0; e++) {
            bool keeps = false;
            for (unsigned k = 0; k < 2; k++) {
                const uint64_t left = b[e].p[k].mask & ~x;
                const bool valid = b[e].p[k].valid && left != 0;
                keeps = keeps || valid;
                if (e < sp1 && (a[e].p[k].mask != left || (a[e].p[k].valid != 0) != valid ||
                                a[e].p[k].pc != (b[e].p[k].valid && !valid ? b[e].rpc : b[e].p[k].pc) ||
                                a[e].rpc != b[e].rpc)) {
                    snprintf(msg, sizeof msg, "EXIT of %llx: warp %u entry %u path %c is not the "
                             "one before less those threads", (unsigned long long)x, w, e, k ? 'R' : 'L');
                    return msg;
                }
            }
            if (e >= sp1 && keeps) {
                snprintf(msg, sizeof msg, "EXIT of %llx: warp %u entry %u popped with threads left",
                         (unsigned long long)x, w, e);
                return msg;
            }
            if (e + 1 == sp1 && !keeps) {
                snprintf(msg, sizeof msg, "EXIT of %llx: warp %u's TOS %u has no thread left",
                         (unsigned long long)x, w, e);
                return msg;
            }
        }
        const uint64_t pm = b[sp0 - 1].p[in.op_side & 1u].mask;
        const unsigned want = sp1 < sp0 ? DPE_ACT_POP : (pm & ~x) == 0 ? DPE_ACT_RECONV : DPE_ACT_ADVANCE;
        if (o.act != want) {
            snprintf(msg, sizeof msg, "EXIT: act %s, the rule says %s",
                     dpe_stack_act_name(static_cast<unsigned>(o.act)), dpe_stack_act_name(want));
            return msg;
        }
        cov()[sp1 == 0 ? "exit_done" : sp1 + 1 < sp0 ? "exit_pops" : sp1 < sp0 ? "exit_pop"
              : want == DPE_ACT_RECONV ? "exit_reconv" : "exit_advance"]++;
        return NULL;
    }

    // COMPACT needs a run (3 entries) and a TOS of two paths that can split
    // (3 lanes); with MERGE = 0 the same branches push or stall.  Required
    // from 4 lanes and 4 entries (at 3 and 3 a biased branch is rare: a
    // TOS of two valid paths at depth 3 whose P has two threads).
    void required(const dpe_stack_cfg &cfg, std::vector<std::string> &keys) const {
        DpeStackBase::required(cfg, keys);
        const bool can = cfg.lanes >= 4 && cfg.depth >= 4;
        cosim_require(keys, {"compact_biased"}, can);
        cosim_require(keys, {"compact_slot"}, can && cfg.merge);
        cosim_require(keys, {"compact_off"}, can && !cfg.merge);
        // EXIT: no op raises BAD_OP; an EXIT that leaves the warp live needs
        // two lanes, one that reconverges or pops an entry two entries too,
        // one that pops several three entries, and three lanes: with two a
        // stack never holds more than two entries (a path above the base
        // has one thread, it cannot diverge)
        for (size_t k = 0; k < keys.size(); k++)
            if (keys[k] == "err_BAD_OP")
                keys.erase(keys.begin() + static_cast<long>(k--));
        cosim_require(keys, {"exit_done", "exit_err"});
        cosim_require(keys, {"exit_advance"}, cfg.lanes >= 2);
        cosim_require(keys, {"exit_reconv", "exit_pop"}, cfg.lanes >= 2 && cfg.depth >= 2);
        cosim_require(keys, {"exit_pops"}, cfg.lanes >= 3 && cfg.depth >= 3);
    }

    // Flips one PC bit of a valid path of the TOS of a live warp, a hot one
    // if possible (or a depth bit).  That breaks no invariant, so only the
    // lockstep compare can catch it.
    void inject_fault(const dpe_stack_cfg &cfg, dpe_stack_state &s, Rng &rng) {
        for (unsigned pass = 0; pass < 2; pass++) {
            unsigned n = pass == 0 ? (cfg.warps < 4 ? cfg.warps : 4) : cfg.warps;
            unsigned start = static_cast<unsigned>(rng.below(n));
            for (unsigned k = 0; k < n; k++) {
                unsigned w = (start + k) % n;
                if (s.sp[w]) {
                    unsigned t = s.sp[w] - 1u;
                    uint64_t bit = 1ull << rng.below(cfg.pc_bits);
                    if (s.ent[w][t].p[0].valid)
                        s.ent[w][t].p[0].pc ^= bit;
                    else
                        s.ent[w][t].p[1].pc ^= bit;
                    return;
                }
            }
        }
        s.sp[0] ^= 1u;
    }

private:
    bool own_;          // this cycle's op is an EXIT of ours (check_exit)
    unsigned exp_err_;  // its expected err_code
};

int main(int argc, char **argv)
{
    return cosim_main<DpeStackModel, DpeStackStim>(argc, argv);
}
