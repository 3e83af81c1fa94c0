/* SPDX-License-Identifier: Apache-2.0 */
// vl_state.h -- reads a Verilated model's state registers by their Verilog
// names, for a harness Model's state() hook (the whole-state compare of
// tb/cosim.h).
//
// The registers are marked /*verilator public_flat_rd*/ in the Verilog, so
// Verilator lists them in its scope table: VlReg finds one once, by scope
// ("TOP.<module>" or "TOP.<module>.<generate block>[i].<instance>") and name,
// and reads it as bits of the little-endian storage Verilator uses for every
// width (1, 2, 4 or 8 bytes, or 32-bit words above 64 bits), element by
// element for an unpacked array.  This works at every parameter set: no
// generated member names appear in a harness.
#ifndef VL_STATE_H
#define VL_STATE_H

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include <verilated.h>
#include <verilated_sym_props.h>

class VlReg {
public:
    VlReg() : p_(NULL), ent_(0), n_(0) {}

    // The register `name` of scope `scope` (below TOP); exits with a message
    // if the build does not have it (a register not marked public).
    VlReg(const VerilatedContext *ctx, const std::string &scope, const char *name) {
        const std::string full = "TOP." + scope;
        const VerilatedScope *sc = ctx->scopeFind(full.c_str());
        const VerilatedVar *v = sc ? sc->varFind(name) : NULL;
        if (!v) {
            fprintf(stderr, "vl_state: no public register %s in scope %s\n", name, full.c_str());
            std::exit(2);
        }
        p_ = static_cast<const uint8_t *>(v->datap());
        ent_ = v->entSize();
        n_ = ent_ ? v->totalSize() / ent_ : 0;
    }

    // `width` bits (1..64) at bit `lsb` of element `idx` (0 if not an array).
    uint64_t get(size_t idx, unsigned lsb, unsigned width) const {
        const uint8_t *b = p_ + idx * ent_;
        const unsigned first = lsb / 8u, last = (lsb + width - 1u) / 8u;
        unsigned __int128 acc = 0;
        for (unsigned k = last + 1u; k-- > first;)
            acc = (acc << 8) | b[k];
        acc >>= lsb % 8u;
        return static_cast<uint64_t>(acc) & (width >= 64u ? ~0ull : ((1ull << width) - 1u));
    }
    uint64_t get(size_t idx, unsigned width) const { return get(idx, 0, width); }

    // The raw storage of element idx and its size in bytes (a fast compare).
    const uint8_t *raw(size_t idx) const { return p_ + idx * ent_; }
    size_t entry_bytes() const { return ent_; }
    size_t elements() const { return n_; }

private:
    const uint8_t *p_;
    size_t ent_, n_;
};

// The registers of one model instance, looked up again only when the harness
// hands over another instance.
template <class Rtl>
struct VlRegCache {
    const Rtl *seen = NULL;
    bool stale(const Rtl *r) {
        if (seen == r)
            return false;
        seen = r;
        return true;
    }
};

#endif // VL_STATE_H
