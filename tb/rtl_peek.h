/* SPDX-License-Identifier: Apache-2.0 */
// rtl_peek.h -- reads the Verilated RTL's registers by their Verilog names
// for the whole-state compare (Model::state, tb/cosim.h), and the state
// compares of the DWF structures (warp_pool, pc_warp_lut; dwf uses both on
// its sub-units).
//
// The registers are marked /*verilator public_flat_rd*/ in the Verilog, so
// Verilator registers them in its scope table under their hierarchical
// names ("TOP.warp_pool.ent[3]" . "pcr"); RtlReg finds one once (a map
// lookup) and then reads it through a pointer every cycle.  Generate-block
// registers have one scope per block instance, which is why the names are
// looked up at run time instead of written as C++ member names.
#ifndef RTL_PEEK_H
#define RTL_PEEK_H

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <verilated.h>
#include <verilated_syms.h>

#include "cosim.h"

extern "C" {
#include "../rtl_c/pc_warp_lut.h"
#include "../rtl_c/warp_pool.h"
}

// One public register (scalar, packed vector or unpacked array of them).
struct RtlReg {
    const void *p = nullptr;
    int type = 0;
    int words = 0;       // VLVT_WDATA: 32-bit words per element

    void find(VerilatedContext *ctx, const std::string &scope, const char *var) {
        std::string s = "TOP." + scope;
        const VerilatedScope *sc = ctx->scopeFind(s.c_str());
        const VerilatedVar *v = sc ? sc->varFind(var) : nullptr;
        if (!v) {
            fprintf(stderr, "rtl_peek: no public register %s.%s (mark it "
                            "/*verilator public_flat_rd*/)\n", s.c_str(), var);
            std::exit(2);
        }
        p = v->datap();
        type = v->vltype();
        words = static_cast<int>(v->entSize() / 4u);
    }
    // element i (unpacked index), the low 64 bits
    uint64_t get(unsigned i = 0) const {
        switch (type) {
        case VLVT_UINT8: return static_cast<const uint8_t *>(p)[i];
        case VLVT_UINT16: return static_cast<const uint16_t *>(p)[i];
        case VLVT_UINT32: return static_cast<const uint32_t *>(p)[i];
        case VLVT_UINT64: return static_cast<const uint64_t *>(p)[i];
        default: return field(static_cast<uint64_t>(i) * words * 32u, 64);
        }
    }
    // bits [lsb +: width] (width <= 64) of a packed vector
    uint64_t field(uint64_t lsb, unsigned width) const {
        if (type != VLVT_WDATA) {
            uint64_t v = get(0);
            return lsb >= 64 ? 0 : bits_trunc(v >> lsb, width);
        }
        const uint32_t *w = static_cast<const uint32_t *>(p);
        uint64_t v = 0;
        for (unsigned b = 0; b < width; b += 32) {
            uint64_t k = (lsb + b) / 32u, o = (lsb + b) % 32u;
            uint64_t x = w[k] >> o;
            if (o && (k + 1) * 32u < lsb + width)
                x |= static_cast<uint64_t>(w[k + 1]) << (32u - o);
            v |= bits_trunc(x, 32) << b;
        }
        return bits_trunc(v, width);
    }
    unsigned bit(unsigned i) const { return static_cast<unsigned>(field(i, 1)); }
};

// warp_pool: every pool entry (valid, untracked, batch mark, lanes; PC,
// scheduler data and the TIDs of its valid lanes -- the rest is never read
// and not reset), the free list, the in-pool vector, the majority table
// (valid slots' PC and count) and the counters.  `top` is the pool's scope
// ("warp_pool" or "dwf.u_pool").
class PoolPeek {
public:
    void init(VerilatedContext *ctx, const std::string &top, const warp_pool_cfg &c) {
        const unsigned E = c.entries, L = c.lanes, T = warp_pool_threads(&c);
        ent_.resize(E);
        for (unsigned e = 0; e < E; e++) {
            std::string s = top + ".ent[" + std::to_string(e) + "]";
            const char *names[6] = {"v", "u", "mk", "pcr", "lvr", "sc"};
            for (int k = 0; k < 6; k++)
                ent_[e][k].find(ctx, s, names[k]);
        }
        fifo_.resize(E);
        for (unsigned e = 0; e < E; e++)
            fifo_[e].find(ctx, top + ".fslot[" + std::to_string(e) + "]", "f");
        ip_.resize(T);
        for (unsigned t = 0; t < T; t++)
            ip_[t].find(ctx, top + ".thr[" + std::to_string(t) + "]", "ip");
        mem_.resize(L);
        for (unsigned l = 0; l < L; l++)
            mem_[l].find(ctx, top + ".lane[" + std::to_string(l) + "]", "mem");
        const char *regs[9] = {"head_q", "fcnt_q", "stamp_q", "tv_q", "tpc_q",
                               "tcm1_q", "untr_cnt_q", "turn_q", "lslot_q"};
        for (int k = 0; k < 9; k++)
            reg_[k].find(ctx, top, regs[k]);
        ready_ = true;
    }
    bool ready() const { return ready_; }

    void cmp(const warp_pool_cfg &c, const warp_pool_state &s, StateCmp &cmp) const {
        const unsigned E = c.entries, L = c.lanes, T = warp_pool_threads(&c);
        const bool table = c.policy == WP_POL_DMAJ || c.policy == WP_POL_DMIN;
        for (unsigned e = 0; e < E && !cmp.bad; e++) {
            const RtlReg *r = ent_[e].data();
            cmp("valid_q", e, -1, s.valid[e], r[0].get());
            cmp("ent.u", e, -1, s.untr[e], r[1].get());
            cmp("ent.mk", e, -1, s.mk[e], r[2].get());
            cmp("ent.lvr", e, -1, s.lv[e], r[4].get());
            if (!s.valid[e])
                continue;
            cmp("pc_q", e, -1, s.pc[e], r[3].get());
            cmp("sched_q", e, -1, s.sched[e], r[5].get());
            for (unsigned l = 0; l < L; l++)
                if (bits_get(s.lv[e], l))
                    cmp("lane.mem", static_cast<int>(l), e, s.tid[e][l], mem_[l].get(e));
        }
        for (unsigned j = 0; j < E && !cmp.bad; j++)
            cmp("fslot.f", j, -1, s.fifo[j], fifo_[j].get());
        for (unsigned t = 0; t < T && !cmp.bad; t++)
            cmp("thr.ip", t, -1, s.in_pool[t], ip_[t].get());
        cmp("head_q", -1, -1, s.head, reg_[0].get());
        cmp("fcnt_q", -1, -1, s.fcnt, reg_[1].get());
        // every register the Verilog resets, under every policy (stamp_q
        // and the table stay at their reset values where the policy does
        // not use them, in both models; an invalid table entry's count is
        // 0 in both): only tpc_q, never reset, is compared where valid
        cmp("stamp_q", -1, -1, s.stamp, reg_[2].get());
        for (unsigned i = 0; i < c.maj_entries && !cmp.bad; i++) {
            cmp("tv_q", i, -1, s.tv[i], reg_[3].bit(i));
            cmp("tcm1_q", i, -1, s.tcm1[i], reg_[5].get(i));
            if (table && s.tv[i])
                cmp("tpc_q", i, -1, s.tpc[i], reg_[4].get(i));
        }
        cmp("untr_cnt_q", -1, -1, s.untr_cnt, reg_[6].get());
        cmp("turn_q", -1, -1, s.turn, reg_[7].get());
        cmp("lslot_q", -1, -1, s.lslot, reg_[8].get());
    }

private:
    bool ready_ = false;
    std::vector<std::array<RtlReg, 6> > ent_;
    std::vector<RtlReg> fifo_, ip_, mem_;
    RtlReg reg_[9];
};

// pc_warp_lut: every entry's valid, PC, OCC and IDX (all reset; an
// invalidated entry keeps its fields in both models) and every LRU bit.
class LutPeek {
public:
    void init(VerilatedContext *ctx, const std::string &top) {
        const char *regs[5] = {"valid_q", "pc_q", "occ_q", "idx_q", "lru_q"};
        for (int k = 0; k < 5; k++)
            reg_[k].find(ctx, top, regs[k]);
        ready_ = true;
    }
    bool ready() const { return ready_; }

    void cmp(const pc_warp_lut_cfg &c, const pc_warp_lut_state &s, StateCmp &cmp) const {
        const unsigned iw = pc_warp_lut_idx_w(&c);
        for (unsigned e = 0; e < c.entries && !cmp.bad; e++) {
            cmp("valid_q", e, -1, s.valid[e], reg_[0].field(e, 1));
            cmp("pc_q", e, -1, s.pc[e], reg_[1].field(static_cast<uint64_t>(e) * c.pc_bits,
                                                      c.pc_bits));
            cmp("occ_q", e, -1, s.occ[e], reg_[2].field(static_cast<uint64_t>(e) * c.lanes,
                                                        c.lanes));
            cmp("idx_q", e, -1, s.idx[e], reg_[3].field(static_cast<uint64_t>(e) * iw, iw));
        }
        for (unsigned k = 0; k < pc_warp_lut_sets(&c) && !cmp.bad; k++)
            cmp("lru_q", k, -1, s.lru[k], reg_[4].field(k, 1));
    }

private:
    bool ready_ = false;
    RtlReg reg_[5];
};

#endif  // RTL_PEEK_H
