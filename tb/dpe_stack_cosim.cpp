// dpe_stack_cosim.cpp -- co-simulation of rtl_c/dpe_stack (C) against
// verilog/dpe_stack.v (Verilated), cycle by cycle.  Framework: tb/cosim.h.
//
// Stimulus, per cycle (one operation on one warp):
//   - the golden sequence of SPEC 3.2 / 003 Fig. 4 on an idle warp at cycle 0
//     and every 5000 cycles, with the expected act asserted at each step;
//   - constrained-random legal traffic: 70% of operations go to 4 "hot"
//     warps so stacks grow deep and overflow; each branch runs on a valid
//     path of the TOS (either one when both are valid, so the other one is
//     suspended by a divergence); each warp alternates a growing phase
//     (mostly divergences) and a shrinking phase (mostly reconvergences);
//     half the divergences split one thread off, so nesting reaches the full
//     depth; divergences draw nested rpcs, rpc == TOS.rpc (SPLIT, or a
//     DIVERGE that leaves P invalid, or a divergence to the exit at the
//     base), sides already at the rpc (if without else) and both sides at it;
//   - 4% illegal operations of every kind, each with its expected err_code;
//   - the read port sweeps every warp and depth, out-of-range ids included,
//     and half the time reads the operated warp; tos_* shows the TOS of
//     every operated warp.
// Harness invariants (beyond dpe_stack_check): expected err codes, the
// golden acts, and conservation: while a warp is live its base entry holds
// exactly the threads it was launched with (L.mask | R.mask), it only
// finishes by a POP, and a POP lowers the depth by one (or by two, to 0,
// only from depth 2: the chained pop of a base that waits at the exit).
#include "cosim.h"

#include "Vdpe_stack.h"

extern "C" {
#include "../rtl_c/dpe_stack.h"
}

struct DpeStackModel {
    typedef dpe_stack_cfg cfg_t;
    typedef dpe_stack_state state_t;
    typedef dpe_stack_in in_t;
    typedef dpe_stack_out out_t;
    typedef Vdpe_stack rtl_t;

    static const char *name() { return "dpe_stack"; }
    static cfg_t default_cfg() { return dpe_stack_default_cfg(); }
    static void reset(const cfg_t &c, state_t &s) { dpe_stack_reset(&c, &s); }
    static void eval(const cfg_t &c, const state_t *s, const in_t *i, out_t *o) {
        dpe_stack_eval(&c, s, i, o);
    }
    static void step(const cfg_t &c, state_t *s, const in_t *i, const out_t *o) {
        (void)o;
        dpe_stack_step(&c, s, i);
    }
    static const char *check(const cfg_t &c, const state_t *s) { return dpe_stack_check(&c, s); }
    static void ports(const cfg_t &c, const in_t *i, const out_t *o, port_visit_fn f, void *x) {
        dpe_stack_ports(&c, i, o, f, x);
    }
    static void trace(vcd_writer *w, const cfg_t &c, const state_t *s, const in_t *i,
                      const out_t *o) {
        dpe_stack_trace(w, &c, s, i, o);
    }
    static bool err(const out_t &o) { return o.err != 0; }
    static bool ready(const out_t &o) { return o.ready != 0; }

    static void drive(rtl_t *r, const in_t &i) {
        r->op = i.op & 3u;
        r->op_warp = i.op_warp & 0x3fu;
        r->op_side = i.op_side & 1u;
        r->op_mask = static_cast<uint32_t>(i.op_mask);
        r->op_pc = static_cast<uint32_t>(i.op_pc);
        r->op_npc = static_cast<uint32_t>(i.op_npc);
        r->op_rpc = static_cast<uint32_t>(i.op_rpc);
        r->rd_warp = i.rd_warp & 0x3fu;
        r->rd_idx = i.rd_idx & 0x7u;
    }
    static void sample(rtl_t *r, out_t *o) {
        o->ready = r->ready;
        o->err = r->err;
        o->err_code = r->err_code;
        o->act = r->act;
        o->op_depth = r->op_depth;
        o->tos_l_valid = r->tos_l_valid;
        o->tos_l_pc = r->tos_l_pc;
        o->tos_l_mask = r->tos_l_mask;
        o->tos_r_valid = r->tos_r_valid;
        o->tos_r_pc = r->tos_r_pc;
        o->tos_r_mask = r->tos_r_mask;
        o->tos_rpc = r->tos_rpc;
        o->rd_depth = r->rd_depth;
        o->rd_valid = r->rd_valid;
        o->rd_l_valid = r->rd_l_valid;
        o->rd_l_pc = r->rd_l_pc;
        o->rd_l_mask = r->rd_l_mask;
        o->rd_r_valid = r->rd_r_valid;
        o->rd_r_pc = r->rd_r_pc;
        o->rd_r_mask = r->rd_r_mask;
        o->rd_rpc = r->rd_rpc;
    }
    static const char *decode(const char *port, uint64_t v) {
        if (!std::strcmp(port, "act"))
            return dpe_stack_act_name(static_cast<unsigned>(v));
        if (!std::strcmp(port, "err_code"))
            return dpe_stack_err_name(static_cast<unsigned>(v));
        if (!std::strcmp(port, "op")) {
            static const char *const ops[] = {"NOP", "LAUNCH", "BRANCH", "BAD"};
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
enum { PC_A = 0x100, PC_B = 0x200, PC_C = 0x300, PC_D = 0x400, PC_E = 0x500,
       PC_F = 0x600, PC_G = 0x700, PC_X = 0x800 };
struct GoldenStep {
    unsigned op, side;
    uint64_t mask, pc, npc, rpc;
    unsigned act;
};
static const GoldenStep kGolden[] = {
    {DPE_OP_LAUNCH, 0, 0xF, PC_A, 0, PC_X, DPE_ACT_LAUNCH},
    {DPE_OP_BRANCH, 0, 0x3, PC_B, PC_C, PC_G, DPE_ACT_DIVERGE},   // A: 1100->B, 0011->C
    {DPE_OP_BRANCH, 1, 0x4, PC_D, PC_E, PC_F, DPE_ACT_DIVERGE},   // C: 0010->D, 0001->E
    {DPE_OP_BRANCH, 0, 0x0, 0, PC_F, 0, DPE_ACT_RECONV},           // D reaches F
    {DPE_OP_BRANCH, 1, 0x0, 0, PC_F, 0, DPE_ACT_POP},              // E reaches F
    {DPE_OP_BRANCH, 0, 0x0, 0, PC_B + 4, 0, DPE_ACT_ADVANCE},      // B runs
    {DPE_OP_BRANCH, 1, 0x0, 0, PC_F + 4, 0, DPE_ACT_ADVANCE},      // F runs, interleaved
    {DPE_OP_BRANCH, 0, 0x0, 0, PC_G, 0, DPE_ACT_RECONV},           // B reaches G
    {DPE_OP_BRANCH, 1, 0x0, 0, PC_G, 0, DPE_ACT_POP},              // F reaches G
    {DPE_OP_BRANCH, 0, 0x0, 0, PC_G + 4, 0, DPE_ACT_ADVANCE},      // G runs with 1111
    {DPE_OP_BRANCH, 0, 0x0, 0, PC_X, 0, DPE_ACT_POP},              // G reaches the exit
};
static const unsigned kGoldenLen = sizeof kGolden / sizeof kGolden[0];

class DpeStackStim {
public:
    void reset(const dpe_stack_cfg &cfg) {
        for (unsigned w = 0; w < DPE_STACK_MAX_WARPS; w++) {
            launched_[w] = 0;
            grow_[w] = true;
        }
        golden_warp_ = -1;
        golden_due_ = 0;
        golden_step_ = 0;
        expect_err_ = 0;
        expect_act_ = -1;
        (void)cfg;
        static const char *const keys[] = {"max_depth", "div_interleavable", "div_single",
                                           "splits",    "pops",              "reconv",
                                           "chained_pops", "stalls",         "illegal",
                                           "golden"};
        for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
            cov_[keys[k]] = 0;
    }

    dpe_stack_in next(const dpe_stack_cfg &cfg, const dpe_stack_state &s, Rng &rng,
                      uint64_t cyc) {
        dpe_stack_in in;
        std::memset(&in, 0, sizeof in);
        expect_err_ = 0;
        expect_act_ = -1;
        in.rd_warp = rng.chance(5) ? rng.below(64) : rng.below(cfg.warps);
        in.rd_idx = rng.chance(70) ? 0 : rng.below(cfg.depth);
        bool rd_follow = rng.chance(50);

        // a golden run is due every 5000 cycles; it starts at the first
        // cycle from then on that finds an idle warp
        if (golden_warp_ < 0 && cyc >= golden_due_) {
            start_golden(cfg, s, rng);
            if (golden_warp_ >= 0)
                golden_due_ = cyc - cyc % 5000 + 5000;
        }
        if (golden_warp_ >= 0 && rng.chance(50)) {
            const GoldenStep &g = kGolden[golden_step_];
            in.op = g.op;
            in.op_warp = golden_warp_;
            in.op_side = g.side;
            in.op_mask = g.mask;
            in.op_pc = g.pc;
            in.op_npc = g.npc;
            in.op_rpc = g.rpc;
            expect_act_ = g.act;
            if (++golden_step_ == kGoldenLen) {
                golden_warp_ = -1;
                cov_["golden"]++;
            }
            if (rd_follow)
                in.rd_warp = in.op_warp;
            return in;
        }
        if (rng.chance(4)) {
            illegal(cfg, s, rng, in);
            if (rd_follow)
                in.rd_warp = in.op_warp;
            return in;
        }
        if (rng.chance(5))
            return in; // NOP
        unsigned w = rng.chance(70) ? static_cast<unsigned>(rng.below(4) % cfg.warps)
                                    : static_cast<unsigned>(rng.below(cfg.warps));
        if (static_cast<int>(w) == golden_warp_)
            return in;
        legal(cfg, s, rng, in, w);
        if (rd_follow)
            in.rd_warp = in.op_warp;
        return in;
    }

    const char *check(const dpe_stack_cfg &cfg, const dpe_stack_state &before,
                      const dpe_stack_state &after, const dpe_stack_in &in,
                      const dpe_stack_out &o) {
        static char msg[200];
        if (o.err_code != expect_err_) {
            snprintf(msg, sizeof msg, "expected err_code %s, model gave %s",
                     dpe_stack_err_name(expect_err_),
                     dpe_stack_err_name(static_cast<unsigned>(o.err_code)));
            return msg;
        }
        if (expect_act_ >= 0 && o.act != static_cast<uint64_t>(expect_act_)) {
            snprintf(msg, sizeof msg, "golden step expected act %s, model gave %s",
                     dpe_stack_act_name(static_cast<unsigned>(expect_act_)),
                     dpe_stack_act_name(static_cast<unsigned>(o.act)));
            return msg;
        }
        observe(cfg, before, after, in, o);
        for (unsigned w = 0; w < cfg.warps; w++) {
            const bool popped_here = o.act == DPE_ACT_POP && in.op_warp == w;
            if (after.sp[w] == 0) {
                if (before.sp[w] != 0 && !popped_here) {
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
            const uint64_t base = after.l_mask[w][0] | after.r_mask[w][0];
            if (before.sp[w] == 0)
                launched_[w] = base;
            if (base != launched_[w]) {
                snprintf(msg, sizeof msg,
                         "warp %u lost threads: base entry L|R mask %llx, launched with %llx", w,
                         (unsigned long long)base, (unsigned long long)launched_[w]);
                return msg;
            }
        }
        return NULL;
    }

    // Flips one PC bit of a valid path of the TOS of a live warp, a hot one
    // if possible (or a depth bit).  That breaks no invariant, so only the
    // lockstep compare can catch it (tos_* on the next operation of the
    // warp, or the read port).
    void inject_fault(const dpe_stack_cfg &cfg, dpe_stack_state &s, Rng &rng) {
        for (unsigned pass = 0; pass < 2; pass++) {
            unsigned n = pass == 0 ? (cfg.warps < 4 ? cfg.warps : 4) : cfg.warps;
            unsigned start = static_cast<unsigned>(rng.below(n));
            for (unsigned k = 0; k < n; k++) {
                unsigned w = (start + k) % n;
                if (s.sp[w]) {
                    unsigned t = s.sp[w] - 1u;
                    uint64_t bit = 1ull << (2 + rng.below(cfg.pc_bits - 2));
                    if (s.l_valid[w][t])
                        s.l_pc[w][t] ^= bit;
                    else
                        s.r_pc[w][t] ^= bit;
                    return;
                }
            }
        }
        s.sp[0] ^= 1u;
    }

    std::string coverage() { return cov_.str(); }

private:
    void start_golden(const dpe_stack_cfg &cfg, const dpe_stack_state &s, Rng &rng) {
        unsigned start = static_cast<unsigned>(rng.below(cfg.warps));
        for (unsigned k = 0; k < cfg.warps; k++) {
            unsigned w = (start + k) % cfg.warps;
            if (w >= 4 && s.sp[w] == 0 && cfg.lanes >= 4) {
                golden_warp_ = static_cast<int>(w);
                golden_step_ = 0;
                return;
            }
        }
    }

    static uint64_t pick_pc(const dpe_stack_cfg &cfg, Rng &rng) {
        return bits_trunc(rng.next() & ~3ull, cfg.pc_bits);
    }

    // A random non-empty proper subset of m (m has at least 2 bits).
    static uint64_t proper_subset(uint64_t m, Rng &rng) {
        for (;;) {
            uint64_t t = m & rng.next();
            if (t != 0 && t != m)
                return t;
        }
    }

    // A valid path of the TOS of warp w (sp > 0): either one if both are.
    static unsigned pick_side(const dpe_stack_state &s, unsigned w, Rng &rng) {
        const unsigned tos = s.sp[w] - 1;
        const bool lv = s.l_valid[w][tos] != 0, rv = s.r_valid[w][tos] != 0;
        if (lv && rv)
            return static_cast<unsigned>(rng.below(2));
        return rv ? DPE_SIDE_R : DPE_SIDE_L;
    }

    void legal(const dpe_stack_cfg &cfg, const dpe_stack_state &s, Rng &rng,
               dpe_stack_in &in, unsigned w) {
        in.op_warp = w;
        unsigned sp = s.sp[w];
        if (sp == 0) {
            in.op = DPE_OP_LAUNCH;
            in.op_mask = rng.chance(60) ? bits_mask(cfg.lanes) : rng.bits(cfg.lanes);
            if (in.op_mask == 0)
                in.op_mask = 1;
            in.op_pc = pick_pc(cfg, rng);
            do
                in.op_rpc = pick_pc(cfg, rng);
            while (in.op_rpc == in.op_pc);
            in.op_side = rng.below(2); // ignored by LAUNCH
            grow_[w] = true;
            return;
        }
        const unsigned tos = sp - 1;
        const unsigned side = pick_side(s, w, rng);
        const uint64_t m = side ? s.r_mask[w][tos] : s.l_mask[w][tos];
        const uint64_t rpc = s.rpc[w][tos];
        in.op = DPE_OP_BRANCH;
        in.op_side = side;
        if (grow_[w] ? rng.chance(2) : (sp <= 1 || rng.chance(5)))
            grow_[w] = !grow_[w];
        unsigned p_div = grow_[w] ? 60 : 15, p_adv = 15;
        unsigned r = static_cast<unsigned>(rng.below(100));
        if (r < p_div && bits_popcount(m) >= 2) {
            // half the time one thread leaves, so nesting can go deep
            in.op_mask = rng.chance(50) ? proper_subset(m, rng) : (m & ~bits_lowest(m));
            in.op_pc = pick_pc(cfg, rng);
            in.op_npc = pick_pc(cfg, rng);
            unsigned kind = static_cast<unsigned>(rng.below(10));
            if (kind == 0)
                in.op_rpc = rpc;                      // SPLIT, or P left invalid, or exit
            else
                in.op_rpc = pick_pc(cfg, rng);        // a new, nested rpc
            if (kind == 1)
                in.op_pc = in.op_rpc;                 // taken side is the rpc
            else if (kind == 2)
                in.op_npc = in.op_rpc;                // if without else
            else if (kind == 3)
                in.op_pc = in.op_npc = in.op_rpc;     // both sides at the rpc
        } else if (r < p_div + p_adv) {
            in.op_mask = rng.chance(50) ? 0 : m;      // uniform, either direction
            do
                in.op_pc = in.op_npc = pick_pc(cfg, rng);
            while (in.op_pc == rpc);
        } else {
            in.op_mask = 0;                           // path P reconverges
            in.op_npc = rpc;
        }
    }

    void illegal(const dpe_stack_cfg &cfg, const dpe_stack_state &s, Rng &rng,
                 dpe_stack_in &in) {
        unsigned w = static_cast<unsigned>(rng.below(cfg.warps));
        unsigned sp = s.sp[w];
        in.op_warp = w;
        in.op_side = rng.below(2);
        in.op_pc = pick_pc(cfg, rng);
        in.op_npc = pick_pc(cfg, rng);
        in.op_rpc = in.op_pc ^ 4u;
        in.op_mask = 1;
        switch (rng.below(7)) {
        case 0:
            in.op = DPE_OP_BAD;
            expect_err_ = DPE_ERR_BAD_OP;
            break;
        case 1:
            if (cfg.warps >= 64)
                return; // every warp id is in range: nothing illegal to send
            in.op = rng.chance(50) ? DPE_OP_LAUNCH : DPE_OP_BRANCH;
            in.op_warp = cfg.warps + rng.below(64 - cfg.warps);
            expect_err_ = DPE_ERR_BAD_WARP;
            break;
        case 2:
            in.op = sp ? DPE_OP_LAUNCH : DPE_OP_BRANCH;
            expect_err_ = sp ? DPE_ERR_WARP_BUSY : DPE_ERR_WARP_IDLE;
            break;
        case 3:
            if (sp) {
                const unsigned side = pick_side(s, w, rng);
                const uint64_t pm = side ? s.r_mask[w][sp - 1] : s.l_mask[w][sp - 1];
                uint64_t outside = bits_mask(cfg.lanes) & ~pm;
                if (outside == 0)
                    return; // P holds every lane: no mask can be outside it
                in.op = DPE_OP_BRANCH;
                in.op_side = side;
                in.op_mask = bits_lowest(outside) | (rng.next() & bits_mask(cfg.lanes));
                expect_err_ = DPE_ERR_BAD_MASK;
            } else {
                in.op = DPE_OP_LAUNCH;
                in.op_mask = 0;
                expect_err_ = DPE_ERR_BAD_MASK;
            }
            break;
        case 4: {
            if (!sp)
                return;
            const unsigned tos = sp - 1;
            if (s.l_valid[w][tos] && s.r_valid[w][tos])
                return; // both paths valid: no path to branch on illegally
            in.op = DPE_OP_BRANCH;
            in.op_side = s.l_valid[w][tos] ? DPE_SIDE_R : DPE_SIDE_L;
            in.op_mask = rng.bits(cfg.lanes); // BAD_PATH wins over BAD_MASK
            expect_err_ = DPE_ERR_BAD_PATH;
            break;
        }
        default:
            if (sp)
                return;
            in.op = DPE_OP_LAUNCH;
            in.op_rpc = in.op_pc;
            expect_err_ = DPE_ERR_BAD_LAUNCH;
            break;
        }
        cov_["illegal"]++;
    }

    void observe(const dpe_stack_cfg &cfg, const dpe_stack_state &before,
                 const dpe_stack_state &after, const dpe_stack_in &in,
                 const dpe_stack_out &o) {
        (void)cfg;
        switch (o.act) {
        case DPE_ACT_DIVERGE:
        case DPE_ACT_SPLIT: {
            unsigned live = (in.op_pc != in.op_rpc) + (in.op_npc != in.op_rpc);
            cov_[live == 2 ? "div_interleavable" : "div_single"]++;
            if (o.act == DPE_ACT_SPLIT)
                cov_["splits"]++;
            break;
        }
        case DPE_ACT_POP:
            cov_["pops"]++;
            if (in.op_warp < DPE_STACK_MAX_WARPS && before.sp[in.op_warp] == 2 &&
                after.sp[in.op_warp] == 0)
                cov_["chained_pops"]++;
            break;
        case DPE_ACT_RECONV:
            cov_["reconv"]++;
            break;
        case DPE_ACT_STALL:
            cov_["stalls"]++;
            grow_[in.op_warp] = false;
            break;
        default:
            break;
        }
        if (in.op_warp < DPE_STACK_MAX_WARPS) {
            uint64_t &md = cov_["max_depth"];
            if (after.sp[in.op_warp] > md)
                md = after.sp[in.op_warp];
        }
    }

    uint64_t launched_[DPE_STACK_MAX_WARPS];
    bool grow_[DPE_STACK_MAX_WARPS];
    int golden_warp_;
    uint64_t golden_due_;
    unsigned golden_step_;
    unsigned expect_err_;
    int expect_act_;
    Coverage cov_;
};

int main(int argc, char **argv)
{
    return cosim_main<DpeStackModel, DpeStackStim>(argc, argv);
}
