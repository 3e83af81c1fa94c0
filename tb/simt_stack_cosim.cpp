// SPDX-License-Identifier: Apache-2.0
// simt_stack_cosim.cpp -- co-simulation of rtl_c/simt_stack (C) against
// verilog/simt_stack.v (Verilated), cycle by cycle.  Framework: tb/cosim.h.
//
// The stimulus, its harness checks and coverage keys are shared with the
// dual-path stack: tb/stack_traffic.h (a TOS here is one path, L).  This file
// adds the glue, the 000 Fig. 5 golden sequence and the fault injection.
#include "cosim.h"
#include "stack_traffic.h"

#include "Vsimt_stack.h"
#include "vl_state.h"

extern "C" {
#include "../rtl_c/simt_stack.h"
#include "../rtl_c/simt_rule.h"
}

struct SimtStackModel {
    COSIM_MODEL(simt_stack, Vsimt_stack)

    // Whole-state compare: every warp's depth and every entry below it (the
    // entries above a depth are not state: the RTL does not reset them).
    static void state(rtl_t *r, const cfg_t &c, const state_t &s, StateCmp &cmp) {
        static VlRegCache<rtl_t> k;
        static VlReg sp, pc, mask, rpc;
        if (k.stale(r)) {
            sp = VlReg(r->contextp(), "simt_stack", "sp_q");
            pc = VlReg(r->contextp(), "simt_stack", "pc_q");
            mask = VlReg(r->contextp(), "simt_stack", "mask_q");
            rpc = VlReg(r->contextp(), "simt_stack", "rpc_q");
        }
        const unsigned dw = simt_stack_depth_w(&c);
        for (unsigned w = 0; w < c.warps; w++) {
            cmp("sp_q", static_cast<int>(w), -1, s.sp[w], sp.get(w, dw));
            for (unsigned e = 0; e < s.sp[w] && e < c.depth; e++) {
                const size_t a = static_cast<size_t>(w) * c.depth + e;
                cmp("pc_q", static_cast<int>(w), static_cast<int>(e), s.ent[w][e].pc,
                    pc.get(a, c.pc_bits));
                cmp("mask_q", static_cast<int>(w), static_cast<int>(e), s.ent[w][e].mask,
                    mask.get(a, c.lanes));
                cmp("rpc_q", static_cast<int>(w), static_cast<int>(e), s.ent[w][e].rpc,
                    rpc.get(a, c.pc_bits));
            }
        }
    }
    static bool err(const out_t &o) { return o.err != 0; }
    static bool ready(const out_t &o) { return o.ready != 0; }

    static const char *decode(const char *port, uint64_t v) {
        if (!std::strcmp(port, "act"))
            return simt_stack_act_name(static_cast<unsigned>(v));
        if (!std::strcmp(port, "err_code"))
            return simt_stack_err_name(static_cast<unsigned>(v));
        if (!std::strcmp(port, "op")) {
            static const char *const ops[] = {"NOP", "LAUNCH", "BRANCH", "EXIT"};
            return ops[v & 3u];
        }
        return NULL;
    }
};

// The 000 Fig. 5 sequence, 4 threads: one op per step and the act it must
// produce.  Masks are bit i = thread i (the paper writes t0 first: 1110 = 0x7).
static const StackGolden kGolden[] = {
    {SIMT_OP_LAUNCH, 0xF, PC_A, 0, PC_X, SIMT_ACT_LAUNCH},
    {SIMT_OP_BRANCH, 0x7, PC_B, PC_F, PC_G, SIMT_ACT_DIVERGE},   // A: 1110->B, 0001->F
    {SIMT_OP_BRANCH, 0x1, PC_C, PC_D, PC_E, SIMT_ACT_DIVERGE},   // B: 1000->C, 0110->D
    {SIMT_OP_BRANCH, 0x0, 0, PC_E, 0, SIMT_ACT_POP},              // C reaches E
    {SIMT_OP_BRANCH, 0x0, 0, PC_E, 0, SIMT_ACT_POP},              // D reaches E
    {SIMT_OP_BRANCH, 0x0, 0, PC_G, 0, SIMT_ACT_POP},              // E reaches G
    {SIMT_OP_BRANCH, 0x0, 0, PC_G, 0, SIMT_ACT_POP},              // F reaches G
    {SIMT_OP_BRANCH, 0x0, 0, PC_X, 0, SIMT_ACT_POP},              // G reaches the exit
};

// What tb/stack_traffic.h needs of the single-path stack: a TOS is path L.
struct SimtStackTraffic : SimtStackModel {
    static const bool kDual = false;
    static const bool kExit = true; // op 3 (simt_stack.h)
    static const unsigned kGoldenDepth = 5; // after B: {G} {F} {E} {D} {C}
    static void entry(const state_t &s, unsigned w, unsigned e, StackTos *t) {
        t->valid[0] = true;
        t->mask[0] = s.ent[w][e].mask;
        t->rpc = s.ent[w][e].rpc;
    }
    static uint64_t base_mask(const state_t &s, unsigned w) { return s.ent[w][0].mask; }
    static unsigned side(const in_t &) { return 0; }
    static void put_side(in_t &, uint64_t) {}
    static const char *act_name(unsigned a) { return simt_stack_act_name(a); }
    static const char *err_name(unsigned e) { return simt_stack_err_name(e); }
    static const StackGolden *golden(unsigned *n) { return stack_golden(kGolden, n); }
};

// Merge on push (simt_rule.h): random PCs almost never give a SPLIT whose
// fall-through equals a waiting entry's pc, so a quarter of the legal
// SPLITs (op_rpc == TOS.rpc, depth >= 3) take op_npc from an entry of the
// TOS's run (3 in 4) or any entry below the TOS (past the run: no merge
// there), and a third of those send the taken
// side to the rpc (a merge that lowers the depth).  Keys: merge_biased
// (branches so biased), act_MERGE (merges done), merge_deep (a merge past
// a sibling with another pc), merge_taken_at_rpc (depth -1), merge_off
// (biased branches that split because MERGE = 0).
typedef StackTraffic<SimtStackTraffic> SimtStackBase;

class SimtStackStim : public SimtStackBase {
public:
    void reset(const simt_stack_cfg &cfg) {
        SimtStackBase::reset(cfg);
        static const char *const keys[] = {"merge_biased", "merge_deep", "merge_taken_at_rpc",
                                           "merge_off"};
        for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
            cov()[keys[k]] = 0;
    }

    simt_stack_in next(const simt_stack_cfg &cfg, const simt_stack_state &s, Rng &rng,
                       uint64_t cyc) {
        simt_stack_in in = SimtStackBase::next(cfg, s, rng, cyc);
        if (in.op != SIMT_OP_BRANCH || in.op_warp >= cfg.warps)
            return in;
        const unsigned w = static_cast<unsigned>(in.op_warp), sp = s.sp[w];
        if (sp < 3)
            return in;
        const simt_stack_entry &t = s.ent[w][sp - 1];
        if (in.op_rpc != t.rpc || in.op_mask == 0 || in.op_mask == t.mask ||
            (in.op_mask & ~t.mask) != 0 || in.op_npc == in.op_rpc || !rng.chance(25))
            return in;
        // mostly an entry of the run (bottom = its lowest entry), else any
        // entry below the TOS: past the run a merge would be wrong, which the
        // lockstep compare and the invariants catch
        unsigned bottom = sp - 1;
        while (bottom > 1 && s.ent[w][bottom - 1].rpc == t.rpc)
            bottom--;
        const unsigned e = bottom < sp - 1 && rng.chance(75)
                               ? bottom + static_cast<unsigned>(rng.below(sp - 1 - bottom))
                               : 1 + static_cast<unsigned>(rng.below(sp - 2));
        if (s.ent[w][e].pc == in.op_rpc)
            return in;
        in.op_npc = s.ent[w][e].pc;
        if (rng.chance(33) && in.op_pc != in.op_rpc)
            in.op_pc = in.op_rpc;
        cov()["merge_biased"]++;
        return in;
    }

    const char *check(const simt_stack_cfg &cfg, const simt_stack_state &before,
                      const simt_stack_state &after, const simt_stack_in &in,
                      const simt_stack_out &o) {
        if (o.act == SIMT_ACT_MERGE) {
            const unsigned w = static_cast<unsigned>(in.op_warp), sp = before.sp[w];
            static char msg[160];
            if (in.op_pc == in.op_rpc)
                cov()["merge_taken_at_rpc"]++;
            if (sp >= 3 && before.ent[w][sp - 2].pc != in.op_npc)
                cov()["merge_deep"]++;
            // the depth: -1 with the taken side at the rpc, else unchanged
            if (after.sp[w] != sp - (in.op_pc == in.op_rpc ? 1u : 0u)) {
                snprintf(msg, sizeof msg, "warp %u: MERGE from depth %u left depth %u", w, sp,
                         after.sp[w]);
                return msg;
            }
        } else if (o.act == SIMT_ACT_SPLIT && !cfg.merge && in.op_npc != in.op_rpc &&
                   in.op_warp < cfg.warps && before.sp[in.op_warp] >= 3 &&
                   simt_rule_merge_at(before.sp[in.op_warp] - 1, &before.ent[in.op_warp][0].pc,
                                      &before.ent[in.op_warp][0].rpc, 3, in.op_npc)) {
            cov()["merge_off"]++;
        }
        return SimtStackBase::check(cfg, before, after, in, o);
    }

    // MERGE needs 3 lanes (a sibling and a TOS that diverges) and 3
    // entries; with MERGE = 0 the same branches must split.
    void required(const simt_stack_cfg &cfg, std::vector<std::string> &keys) const {
        SimtStackBase::required(cfg, keys);
        const bool can = cfg.lanes >= 3 && cfg.depth >= 3;
        cosim_require(keys, {"merge_biased"}, can);
        // (merge_deep, a few per 20,000 cycles at the defaults, is counted,
        // not required: a short run may have none)
        cosim_require(keys, {"act_MERGE", "merge_taken_at_rpc"}, can && cfg.merge);
        cosim_require(keys, {"merge_off"}, can && !cfg.merge);
    }

    // Flips one PC bit of the TOS of a live warp (or a depth bit).  A PC bit
    // breaks no invariant, so only the lockstep compare can catch it.
    void inject_fault(const simt_stack_cfg &cfg, simt_stack_state &s, Rng &rng) {
        for (unsigned k = 0; k < cfg.warps; k++) {
            unsigned w = (k + static_cast<unsigned>(rng.below(cfg.warps))) % cfg.warps;
            if (s.sp[w]) {
                s.ent[w][s.sp[w] - 1].pc ^= 1ull << rng.below(cfg.pc_bits);
                return;
            }
        }
        s.sp[0] ^= 1u;
    }
};

int main(int argc, char **argv)
{
    return cosim_main<SimtStackModel, SimtStackStim>(argc, argv);
}
