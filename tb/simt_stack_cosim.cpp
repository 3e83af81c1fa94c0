// simt_stack_cosim.cpp -- co-simulation of rtl_c/simt_stack (C) against
// verilog/simt_stack.v (Verilated), cycle by cycle.  Framework: tb/cosim.h.
//
// Stimulus, per cycle (one operation on one warp):
//   - the golden sequence of 000 Fig. 5 on an idle warp at cycle 0 and
//     every 5000 cycles, with the expected act asserted at each step;
//   - constrained-random legal traffic: 70% of operations go to 4 "hot"
//     warps so stacks grow deep and overflow; each warp alternates a growing
//     phase (mostly divergences) and a shrinking phase (mostly
//     reconvergences); half the divergences split one thread off, so
//     nesting reaches the full depth; divergences draw nested rpcs, rpc == TOS.rpc (SPLIT),
//     sides already at the rpc (if without else) and exits;
//   - 4% illegal operations of every kind, each with its expected err_code;
//   - the read port sweeps every warp and depth, out-of-range ids included.
// Harness invariants (beyond simt_stack_check): expected err codes, the
// golden acts, and conservation: while a warp is live its base entry holds
// exactly the threads it was launched with, and it only finishes by a POP.
#include "cosim.h"

#include "Vsimt_stack.h"

extern "C" {
#include "../rtl_c/simt_stack.h"
}

struct SimtStackModel {
    typedef simt_stack_cfg cfg_t;
    typedef simt_stack_state state_t;
    typedef simt_stack_in in_t;
    typedef simt_stack_out out_t;
    typedef Vsimt_stack rtl_t;

    static const char *name() { return "simt_stack"; }
    static cfg_t default_cfg() { return simt_stack_default_cfg(); }
    static void reset(const cfg_t &c, state_t &s) { simt_stack_reset(&c, &s); }
    static void eval(const cfg_t &c, const state_t *s, const in_t *i, out_t *o) {
        simt_stack_eval(&c, s, i, o);
    }
    static void step(const cfg_t &c, state_t *s, const in_t *i, const out_t *o) {
        (void)o;
        simt_stack_step(&c, s, i);
    }
    static const char *check(const cfg_t &c, const state_t *s) { return simt_stack_check(&c, s); }
    static void ports(const cfg_t &c, const in_t *i, const out_t *o, port_visit_fn f, void *x) {
        simt_stack_ports(&c, i, o, f, x);
    }
    static void trace(vcd_writer *w, const cfg_t &c, const state_t *s, const in_t *i,
                      const out_t *o) {
        simt_stack_trace(w, &c, s, i, o);
    }
    static bool err(const out_t &o) { return o.err != 0; }
    static bool ready(const out_t &o) { return o.ready != 0; }

    static void drive(rtl_t *r, const in_t &i) {
        r->op = i.op & 3u;
        r->op_warp = i.op_warp & 0x3fu;
        r->op_mask = static_cast<uint32_t>(i.op_mask);
        r->op_pc = static_cast<uint32_t>(i.op_pc);
        r->op_npc = static_cast<uint32_t>(i.op_npc);
        r->op_rpc = static_cast<uint32_t>(i.op_rpc);
        r->rd_warp = i.rd_warp & 0x3fu;
        r->rd_idx = i.rd_idx & 0xfu;
    }
    static void sample(rtl_t *r, out_t *o) {
        o->ready = r->ready;
        o->err = r->err;
        o->err_code = r->err_code;
        o->act = r->act;
        o->op_depth = r->op_depth;
        o->tos_pc = r->tos_pc;
        o->tos_mask = r->tos_mask;
        o->tos_rpc = r->tos_rpc;
        o->rd_depth = r->rd_depth;
        o->rd_valid = r->rd_valid;
        o->rd_pc = r->rd_pc;
        o->rd_mask = r->rd_mask;
        o->rd_rpc = r->rd_rpc;
    }
    static const char *decode(const char *port, uint64_t v) {
        if (!std::strcmp(port, "act"))
            return simt_stack_act_name(static_cast<unsigned>(v));
        if (!std::strcmp(port, "err_code"))
            return simt_stack_err_name(static_cast<unsigned>(v));
        if (!std::strcmp(port, "op")) {
            static const char *const ops[] = {"NOP", "LAUNCH", "BRANCH", "BAD"};
            return ops[v & 3u];
        }
        return NULL;
    }
};

// The 000 Fig. 5 sequence, 4 threads: one op per step and the act it must
// produce.  Masks are bit i = thread i (the paper writes t0 first: 1110 = 0x7).
enum { PC_A = 0x100, PC_B = 0x200, PC_C = 0x300, PC_D = 0x400, PC_E = 0x500,
       PC_F = 0x600, PC_G = 0x700, PC_X = 0x800 };
struct GoldenStep {
    unsigned op;
    uint64_t mask, pc, npc, rpc;
    unsigned act;
};
static const GoldenStep kGolden[] = {
    {SIMT_OP_LAUNCH, 0xF, PC_A, 0, PC_X, SIMT_ACT_LAUNCH},
    {SIMT_OP_BRANCH, 0x7, PC_B, PC_F, PC_G, SIMT_ACT_DIVERGE},   // A: 1110->B, 0001->F
    {SIMT_OP_BRANCH, 0x1, PC_C, PC_D, PC_E, SIMT_ACT_DIVERGE},   // B: 1000->C, 0110->D
    {SIMT_OP_BRANCH, 0x0, 0, PC_E, 0, SIMT_ACT_POP},              // C reaches E
    {SIMT_OP_BRANCH, 0x0, 0, PC_E, 0, SIMT_ACT_POP},              // D reaches E
    {SIMT_OP_BRANCH, 0x0, 0, PC_G, 0, SIMT_ACT_POP},              // E reaches G
    {SIMT_OP_BRANCH, 0x0, 0, PC_G, 0, SIMT_ACT_POP},              // F reaches G
    {SIMT_OP_BRANCH, 0x0, 0, PC_X, 0, SIMT_ACT_POP},              // G reaches the exit
};
static const unsigned kGoldenLen = sizeof kGolden / sizeof kGolden[0];

class SimtStackStim {
public:
    void reset(const simt_stack_cfg &cfg) {
        for (unsigned w = 0; w < SIMT_STACK_MAX_WARPS; w++) {
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
                                           "splits",    "pops",          "stalls",
                                           "illegal",   "golden"};
        for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
            cov_[keys[k]] = 0;
    }

    simt_stack_in next(const simt_stack_cfg &cfg, const simt_stack_state &s, Rng &rng,
                       uint64_t cyc) {
        simt_stack_in in;
        std::memset(&in, 0, sizeof in);
        expect_err_ = 0;
        expect_act_ = -1;
        in.rd_warp = rng.chance(5) ? rng.below(64) : rng.below(cfg.warps);
        in.rd_idx = rng.chance(70) ? 0 : rng.below(cfg.depth);

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
            in.op_mask = g.mask;
            in.op_pc = g.pc;
            in.op_npc = g.npc;
            in.op_rpc = g.rpc;
            expect_act_ = g.act;
            if (++golden_step_ == kGoldenLen) {
                golden_warp_ = -1;
                cov_["golden"]++;
            }
            return in;
        }
        if (rng.chance(4)) {
            illegal(cfg, s, rng, in);
            return in;
        }
        if (rng.chance(5))
            return in; // NOP
        unsigned w = rng.chance(70) ? static_cast<unsigned>(rng.below(4) % cfg.warps)
                                    : static_cast<unsigned>(rng.below(cfg.warps));
        if (static_cast<int>(w) == golden_warp_)
            return in;
        legal(cfg, s, rng, in, w);
        return in;
    }

    const char *check(const simt_stack_cfg &cfg, const simt_stack_state &before,
                      const simt_stack_state &after, const simt_stack_in &in,
                      const simt_stack_out &o) {
        static char msg[200];
        if (o.err_code != expect_err_) {
            snprintf(msg, sizeof msg, "expected err_code %s, model gave %s",
                     simt_stack_err_name(expect_err_),
                     simt_stack_err_name(static_cast<unsigned>(o.err_code)));
            return msg;
        }
        if (expect_act_ >= 0 && o.act != static_cast<uint64_t>(expect_act_)) {
            snprintf(msg, sizeof msg, "golden step expected act %s, model gave %s",
                     simt_stack_act_name(static_cast<unsigned>(expect_act_)),
                     simt_stack_act_name(static_cast<unsigned>(o.act)));
            return msg;
        }
        observe(cfg, before, after, in, o);
        for (unsigned w = 0; w < cfg.warps; w++) {
            if (after.sp[w] == 0) {
                if (before.sp[w] != 0 && !(o.act == SIMT_ACT_POP && in.op_warp == w)) {
                    snprintf(msg, sizeof msg, "warp %u emptied without a POP", w);
                    return msg;
                }
                launched_[w] = 0;
                continue;
            }
            if (before.sp[w] == 0)
                launched_[w] = after.mask[w][0];
            if (after.mask[w][0] != launched_[w]) {
                snprintf(msg, sizeof msg,
                         "warp %u lost threads: base entry mask %llx, launched with %llx", w,
                         (unsigned long long)after.mask[w][0],
                         (unsigned long long)launched_[w]);
                return msg;
            }
        }
        return NULL;
    }

    // Flips one PC bit of the TOS of a live warp (or a depth bit).  A PC bit
    // breaks no invariant, so only the lockstep compare can catch it.
    void inject_fault(const simt_stack_cfg &cfg, simt_stack_state &s, Rng &rng) {
        for (unsigned k = 0; k < cfg.warps; k++) {
            unsigned w = (k + static_cast<unsigned>(rng.below(cfg.warps))) % cfg.warps;
            if (s.sp[w]) {
                s.pc[w][s.sp[w] - 1] ^= 1ull << (2 + rng.below(cfg.pc_bits - 2));
                return;
            }
        }
        s.sp[0] ^= 1u;
    }

    std::string coverage() { return cov_.str(); }

private:
    void start_golden(const simt_stack_cfg &cfg, const simt_stack_state &s, Rng &rng) {
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

    static uint64_t pick_pc(const simt_stack_cfg &cfg, Rng &rng) {
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

    void legal(const simt_stack_cfg &cfg, const simt_stack_state &s, Rng &rng,
               simt_stack_in &in, unsigned w) {
        in.op_warp = w;
        unsigned sp = s.sp[w];
        if (sp == 0) {
            in.op = SIMT_OP_LAUNCH;
            in.op_mask = rng.chance(60) ? bits_mask(cfg.lanes) : rng.bits(cfg.lanes);
            if (in.op_mask == 0)
                in.op_mask = 1;
            in.op_pc = pick_pc(cfg, rng);
            do
                in.op_rpc = pick_pc(cfg, rng);
            while (in.op_rpc == in.op_pc);
            grow_[w] = true;
            return;
        }
        const unsigned tos = sp - 1;
        const uint64_t m = s.mask[w][tos], rpc = s.rpc[w][tos];
        in.op = SIMT_OP_BRANCH;
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
                in.op_rpc = rpc;                      // SPLIT (or diverge to the exit)
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
            in.op_mask = 0;                           // reconverge: pop
            in.op_npc = rpc;
        }
    }

    void illegal(const simt_stack_cfg &cfg, const simt_stack_state &s, Rng &rng,
                 simt_stack_in &in) {
        unsigned w = static_cast<unsigned>(rng.below(cfg.warps));
        in.op_warp = w;
        in.op_pc = pick_pc(cfg, rng);
        in.op_npc = pick_pc(cfg, rng);
        in.op_rpc = in.op_pc ^ 4u;
        in.op_mask = 1;
        switch (rng.below(6)) {
        case 0:
            in.op = SIMT_OP_BAD;
            expect_err_ = SIMT_ERR_BAD_OP;
            break;
        case 1:
            if (cfg.warps >= 64)
                return; // every warp id is in range: nothing illegal to send
            in.op = rng.chance(50) ? SIMT_OP_LAUNCH : SIMT_OP_BRANCH;
            in.op_warp = cfg.warps + rng.below(64 - cfg.warps);
            expect_err_ = SIMT_ERR_BAD_WARP;
            break;
        case 2:
            in.op = s.sp[w] ? SIMT_OP_LAUNCH : SIMT_OP_BRANCH;
            expect_err_ = s.sp[w] ? SIMT_ERR_WARP_BUSY : SIMT_ERR_WARP_IDLE;
            break;
        case 3:
            if (s.sp[w]) {
                uint64_t outside = bits_mask(cfg.lanes) & ~s.mask[w][s.sp[w] - 1];
                if (outside == 0)
                    return; // TOS holds every lane: no mask can be outside it
                in.op = SIMT_OP_BRANCH;
                in.op_mask = bits_lowest(outside) | (rng.next() & bits_mask(cfg.lanes));
                expect_err_ = SIMT_ERR_BAD_MASK;
            } else {
                in.op = SIMT_OP_LAUNCH;
                in.op_mask = 0;
                expect_err_ = SIMT_ERR_BAD_MASK;
            }
            break;
        default:
            if (s.sp[w])
                return;
            in.op = SIMT_OP_LAUNCH;
            in.op_rpc = in.op_pc;
            expect_err_ = SIMT_ERR_BAD_LAUNCH;
            break;
        }
        cov_["illegal"]++;
    }

    void observe(const simt_stack_cfg &cfg, const simt_stack_state &before,
                 const simt_stack_state &after, const simt_stack_in &in,
                 const simt_stack_out &o) {
        (void)cfg;
        (void)before;
        switch (o.act) {
        case SIMT_ACT_DIVERGE:
        case SIMT_ACT_SPLIT: {
            unsigned live = (in.op_pc != in.op_rpc) + (in.op_npc != in.op_rpc);
            cov_[live == 2 ? "div_interleavable" : "div_single"]++;
            if (o.act == SIMT_ACT_SPLIT)
                cov_["splits"]++;
            break;
        }
        case SIMT_ACT_POP:
            cov_["pops"]++;
            break;
        case SIMT_ACT_STALL:
            cov_["stalls"]++;
            grow_[in.op_warp] = false;
            break;
        default:
            break;
        }
        if (in.op_warp < SIMT_STACK_MAX_WARPS) {
            uint64_t &md = cov_["max_depth"];
            if (after.sp[in.op_warp] > md)
                md = after.sp[in.op_warp];
        }
    }

    uint64_t launched_[SIMT_STACK_MAX_WARPS];
    bool grow_[SIMT_STACK_MAX_WARPS];
    int golden_warp_;
    uint64_t golden_due_;
    unsigned golden_step_;
    unsigned expect_err_;
    int expect_act_;
    Coverage cov_;
};

int main(int argc, char **argv)
{
    return cosim_main<SimtStackModel, SimtStackStim>(argc, argv);
}
