// simt_stack_cosim.cpp -- co-simulation of rtl_c/simt_stack (C) against
// verilog/simt_stack.v (Verilated), cycle by cycle.  Framework: tb/cosim.h.
//
// The stimulus, its harness checks and coverage keys are shared with the
// dual-path stack: tb/stack_traffic.h (a TOS here is one path, L).  This file
// adds the glue, the 000 Fig. 5 golden sequence and the fault injection.
#include "cosim.h"
#include "stack_traffic.h"

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
        simt_stack_step(&c, s, i, o);
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
    static void entry(const state_t &s, unsigned w, unsigned e, StackTos *t) {
        t->valid[0] = true;
        t->mask[0] = s.mask[w][e];
        t->rpc = s.rpc[w][e];
    }
    static uint64_t base_mask(const state_t &s, unsigned w) { return s.mask[w][0]; }
    static unsigned side(const in_t &) { return 0; }
    static void put_side(in_t &, uint64_t) {}
    static const char *act_name(unsigned a) { return simt_stack_act_name(a); }
    static const char *err_name(unsigned e) { return simt_stack_err_name(e); }
    static const StackGolden *golden(unsigned *n) { return stack_golden(kGolden, n); }
};

class SimtStackStim : public StackTraffic<SimtStackTraffic> {
public:
    // Flips one PC bit of the TOS of a live warp (or a depth bit).  A PC bit
    // breaks no invariant, so only the lockstep compare can catch it.
    void inject_fault(const simt_stack_cfg &cfg, simt_stack_state &s, Rng &rng) {
        for (unsigned k = 0; k < cfg.warps; k++) {
            unsigned w = (k + static_cast<unsigned>(rng.below(cfg.warps))) % cfg.warps;
            if (s.sp[w]) {
                s.pc[w][s.sp[w] - 1] ^= 1ull << rng.below(cfg.pc_bits);
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
