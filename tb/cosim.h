/* SPDX-License-Identifier: Apache-2.0 */
// cosim.h -- lockstep co-simulation of a C model against its Verilated RTL,
// at any legal parameter set.  User guide: docs/cosim.md.
//
// ======================================================= adopting it (hooks)
// A structure `foo` (rtl_c/foo.{h,c}, verilog/foo.v) needs:
//
//  In the C model (rtl_c/foo.{h,c}):
//   1. `const struct param_table foo_params` (rtl_c/port.h): one row per
//      Verilog parameter {NAME, cfg field, offsetof, min, max, default,
//      flags}, plus an optional `rules` function for the rules between
//      parameters.  foo_default_cfg() is params_default(&foo_params, ...)
//      and foo_cfg_check() is params_check(&foo_params, ...).
//   2. `foo_ports(cfg, in, out, visit, ctx)` visits every Verilog port but
//      clk and rst with its name, width at this cfg, the ADDRESS of its
//      in/out field (a uint64_t, or an array of uint64_t words for a port
//      wider than 64 bits) and PORT_IN / PORT_OUT.  Lane elements of a packed
//      bus may be visited as BUS_lNN (see port.h).  Nothing else: drive,
//      sample, compare, traces and vector files are all derived from it.
//   3. foo_trace() traces the ports with `foo_ports(cfg, in, out, vcd_port, w)`
//      (vcd/vcd.h) and then whatever state it likes.
//
//  In the harness (tb/foo_cosim.cpp):
//   4. A Model:   struct FooModel { COSIM_MODEL(foo, Vfoo)
//                     static bool err(const out_t &o);    // err port set
//                     static bool ready(const out_t &o);  // 0: input held back
//                     static const char *decode(const char *port, uint64_t v);
//                 };
//      COSIM_MODEL supplies the types, name, params, default_cfg, reset,
//      eval, step (3- or 4-argument foo_step, whichever the model has),
//      check, ports and trace.  Optional: `static void state(rtl_t *,
//      const cfg_t &, const state_t &, StateCmp &)` (whole-state compare
//      after every clock edge, see StateCmp below); `static void
//      warm_reset(const cfg_t &, state_t &)` when the reset leaves some state
//      as it is (SRAM banks): used for resets in the middle of traffic, with
//      Stim::warm_reset(cfg) likewise (else reset is used for both).
//   5. A Stim with reset(cfg), next(cfg, state, rng, cycle) -> in_t,
//      check(cfg, before, after, in, out) -> NULL or a message,
//      inject_fault(cfg, state, rng) and coverage() -> "k=v,k=v".  It must
//      derive every width and count from the cfg (never from a constant):
//      the same Stim runs at every design point.  After a mid-traffic reset
//      the harness calls Stim::reset again and keeps the coverage counted so
//      far (keys max_*, *_hw and *_hwm are high-water marks, merged by max;
//      every other key is a count, merged by sum).  The harness itself adds
//      a key err_NAME / act_NAME for every error code and act in the
//      model's name tables (Model::decode of the err_code and act ports)
//      that the stimulus does not count: the cycles in which the C model's
//      port carried it, 0 included, so every code shows on the line.
//      Optional: `void required(const cfg_t &cfg, std::vector<std::string>
//      &keys) const` appends the coverage keys (its own or err_/act_ ones)
//      that this design point allows and the stimulus makes occur (the
//      decision kinds): a run of COSIM_COVER_CYCLES cycles or more (not
//      --replay) in which one of them stayed 0 FAILS (invariants=FAIL, one
//      INVARIANT line per key, exit 1), so coverage cannot silently vanish.
//   6. main():    return cosim_main<FooModel, FooStim>(argc, argv);
//   7. A row per design point in tb/design_points (smallest, largest, odd,
//      and two bench points).
//
// The Makefile generates the RTL half of the port glue from the Verilated
// header (tools/rtl_ports.sh: one RtlPort per Verilog port, with Verilator's
// CData/SData/IData/QData/VlWide types), and the harness matches it to
// foo_ports by name once at start-up, checking every width.  A port missing
// on either side, or of another width, stops the run with one line (exit 2).
//
// ==================================================================== a cycle
// Stim::next picks the inputs from the C model's state (or --replay reads
// them); both models evaluate their combinational outputs; every output
// port is compared; the C model's invariants and the stimulus' checks run;
// a rejected (err) or held-back (!ready) operation must leave the C state
// bit-for-bit unchanged; both models take the clock edge; Model::state (if
// any) compares the whole state.  At random cycles (--reset-every) reset is
// asserted in the middle of traffic instead: both models reset, outputs are
// not compared that cycle, and they must agree from the next cycle on (the
// whole state is compared right after that reset edge, as after every edge).
// The whole state is also compared right after the initial reset, before
// cycle 0: a wrong reset value is a fault even where traffic overwrites it
// before anything reads it.
//
// On the first mismatch or invariant failure the harness prints the seed,
// cycle, signal, C and RTL values (hex and decoded), the last 8 cycles of
// inputs, runs 4 more cycles and writes <out-dir>/mismatch_<name>_<seed>.vcd
// with both models' ports for the last 40 cycles, then exits 1.  The
// summary's cycles= is then the cycle of the failure (the cycles that ran
// clean before it), not the cycles simulated.
//
// Flags (--help): --cycles N --seed S --param K=V (repeatable) --vcd FILE
// --fst FILE --record FILE --replay FILE --json FILE --out-dir DIR
// --reset-every N --quiet --inject-fault CYCLE --bench --list-coverage;
// +verilator+... flags
// go to Verilator.  Bad flags: one line, exit 2.
#ifndef COSIM_H
#define COSIM_H

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <string>
#include <vector>

#include <verilated.h>
#include <verilated_fst_c.h>

extern "C" {
#include "../rtl_c/bits.h"
#include "../rtl_c/port.h"
#include "../vcd/vcd.h"
#include "vec.h"
}

// ------------------------------------------------------------------ basics

// splitmix64: small, fast, and the same sequence on every machine.
class Rng {
public:
    explicit Rng(uint64_t seed) : s_(seed) {}
    uint64_t next() {
        uint64_t z = (s_ += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    uint64_t below(uint64_t n) { return n ? next() % n : 0; }   // 0..n-1
    bool chance(unsigned percent) { return below(100) < percent; }
    uint64_t bits(unsigned width) { return bits_trunc(next(), width); }

private:
    uint64_t s_;
};

struct CosimOpts {
    uint64_t cycles = 100000;
    bool cycles_given = false;
    uint64_t seed = 1;
    std::vector<std::string> params;   // --param K=V, in order
    std::string vcd, fst, record, replay, json, out_dir;
    bool out_dir_given = false;
    uint64_t reset_every = 25000;      // mean cycles between mid-traffic resets; 0: none
    bool quiet = false;
    bool bench = false;
    bool list_coverage = false;        // --list-coverage: print the keys and codes, run nothing
    int64_t inject_fault = -1;
    int argc = 0;                      // for Verilator's +verilator+ flags
    char **argv = NULL;
};

// Parses argv; --help prints the usage and exits 0; a bad flag prints one
// line and exits 2.
CosimOpts cosim_parse(int argc, char **argv, const char *name);
// A file the run writes: relative names go under --out-dir when it is given.
std::string cosim_path(const CosimOpts &o, const std::string &file);
// Checks that `path` can be written (creating nothing but the file): on
// failure one line naming the flag, the file and the reason, exit 2.
// append: the file is appended to later (--json): an existing one is kept
// as it is, a new one is not left behind.
void cosim_check_writable(const char *name, const char *flag, const std::string &path,
                          bool append = false);
// mkdir -p; 0 or errno.
int cosim_mkdirs(const std::string &dir);

// Coverage counters, printed in insertion order as k=v,k=v.
class Coverage {
public:
    uint64_t &operator[](const char *key);
    std::string str() const;

private:
    std::vector<std::pair<std::string, uint64_t> > kv_;
};
// Merges "k=v,..." into acc: high-water keys (max_*, *_hw, *_hwm) by max,
// the others by sum.
void cosim_cov_merge(std::vector<std::pair<std::string, uint64_t> > &acc, const std::string &s);
// The keys of "k=v,k=v", in order.
std::vector<std::string> cosim_cov_keys(const std::string &s);
std::string cosim_cov_str(const std::vector<std::pair<std::string, uint64_t> > &acc);

typedef const char *(*decode_fn)(const char *port, uint64_t value);
std::string cosim_fmt(const uint64_t *v, unsigned width, const char *port, decode_fn decode);
void cosim_bench_report(const char *name, const char *params, uint64_t cycles, double c_sec,
                        double rtl_sec, uint64_t sink);
double cosim_now(void);
// CPU time of the calling thread, in seconds (the bench: time another
// process takes on a shared machine is not counted).
double cosim_cpu_now(void);

// ------------------------------------------------------ RTL half of the glue
// One Verilated port: a reference to its CData/SData/IData/QData/VlWide
// member, whatever the width at this parameter set.
struct RtlPort {
    enum Kind { K8, K16, K32, K64, KW };
    const char *name;
    unsigned width;
    enum port_dir dir;
    Kind kind;
    void *p;
    unsigned words32;   // KW: 32-bit words

    RtlPort(const char *n, unsigned w, enum port_dir d, CData &r) : name(n), width(w), dir(d), kind(K8), p(&r), words32(1) {}
    RtlPort(const char *n, unsigned w, enum port_dir d, SData &r) : name(n), width(w), dir(d), kind(K16), p(&r), words32(1) {}
    RtlPort(const char *n, unsigned w, enum port_dir d, IData &r) : name(n), width(w), dir(d), kind(K32), p(&r), words32(1) {}
    RtlPort(const char *n, unsigned w, enum port_dir d, QData &r) : name(n), width(w), dir(d), kind(K64), p(&r), words32(2) {}
    template <std::size_t N>
    RtlPort(const char *n, unsigned w, enum port_dir d, VlWide<N> &r)
        : name(n), width(w), dir(d), kind(KW), p(r.data()), words32(N) {}

    // Bits [lsb +: width] of the port from / into words (LSB word first).
    void put(const uint64_t *v, unsigned lsb, unsigned width) const;
    void get(uint64_t *v, unsigned lsb, unsigned width) const;
};
typedef std::vector<RtlPort> RtlPorts;

// Generated per build from the Verilated header (tools/rtl_ports.sh):
// appends every port of the Verilated model r.
template <class R> void cosim_rtl_ports(R *r, RtlPorts &v);

// One port of the C model's list, matched to its RTL port.
struct PortMap {
    const char *name;
    unsigned width;
    enum port_dir dir;
    size_t off;        // byte offset of the field in in_t / out_t
    int rtl;           // index in RtlPorts
    unsigned lsb;      // bit offset in the RTL port (BUS_lNN elements)
};

// One port as foo_ports visits it (cosim_collect_port gathers them).
struct CPort {
    const char *name;
    unsigned width;
    enum port_dir dir;
    const uint64_t *p;
};
void cosim_collect_port(void *ctx, const char *name, unsigned width, const uint64_t *value,
                        enum port_dir dir);

// Matches the C port list (visited on the structs at in / out) to the RTL
// port list; on any difference one line naming the port, exit 2.
std::vector<PortMap> cosim_port_map(const char *name, const RtlPorts &rtl,
                                    const std::vector<CPort> &c, const void *in,
                                    size_t in_size, const void *out, size_t out_size);

// ------------------------------------------------------- state compare
// The whole architectural state of the C model against the RTL's registers,
// every cycle after the clock edge (a corrupted entry is caught the cycle it
// is written, not when it next reaches a read port).  A Model that provides
//   static void state(rtl_t *r, const cfg_t &c, const state_t &s, StateCmp &cmp)
// calls cmp(name, i, j, c_value, rtl_value) once per state item (i, j: the
// entry's indices, -1 when unused); the RTL side is read through Verilator
// public signals (`/*verilator public_flat_rd*/` on the registers).  The
// first difference is reported by name, e.g. state.pc_q[3][2].
class StateCmp {
public:
    bool bad = false;
    uint64_t items = 0, c = 0, r = 0;
    std::string where;
    void operator()(const char *name, int i, int j, uint64_t cv, uint64_t rv) {
        items++;
        if (bad || cv == rv)
            return;
        bad = true;
        c = cv;
        r = rv;
        char buf[160];
        if (i >= 0 && j >= 0)
            snprintf(buf, sizeof buf, "%s[%d][%d]", name, i, j);
        else if (i >= 0)
            snprintf(buf, sizeof buf, "%s[%d]", name, i);
        else
            snprintf(buf, sizeof buf, "%s", name);
        where = buf;
    }
};

// Calls Model::state when the Model has one (overload resolution picks the
// first form only if the expression is valid).
template <class Model>
auto cosim_state_compare(int, typename Model::rtl_t *r, const typename Model::cfg_t &c,
                         const typename Model::state_t &s, StateCmp &cmp)
    -> decltype(Model::state(r, c, s, cmp), void()) {
    Model::state(r, c, s, cmp);
}
template <class Model>
void cosim_state_compare(long, typename Model::rtl_t *, const typename Model::cfg_t &,
                         const typename Model::state_t &, StateCmp &) {}

// A run at least this long checks the Stim's required coverage keys (hook 5):
// every make test co-simulation at 40,000 cycles does; the short runs
// (waveforms, record/replay at 10,000, Icarus' 3,000) do not.
enum { COSIM_COVER_CYCLES = 20000 };

// For Stim::required: appends the keys of `list` when `when` holds (the
// design point allows those decisions).
inline void cosim_require(std::vector<std::string> &keys, std::initializer_list<const char *> list,
                          bool when = true) {
    if (when)
        keys.insert(keys.end(), list.begin(), list.end());
}

// Stim::required(cfg, keys) when the Stim has one, else nothing required.
template <class Stim, class Cfg>
auto cosim_stim_required(int, const Stim &st, const Cfg &c, std::vector<std::string> &keys)
    -> decltype(st.required(c, keys), void()) {
    st.required(c, keys);
}
template <class Stim, class Cfg>
void cosim_stim_required(long, const Stim &, const Cfg &, std::vector<std::string> &) {}

// A reset in the middle of traffic: Model::warm_reset(cfg, state) when the
// Model has one (a structure whose reset leaves some state, e.g. SRAM, as it
// is), else Model::reset; likewise Stim::warm_reset(cfg), else Stim::reset.
template <class Model>
auto cosim_model_warm_reset(int, const typename Model::cfg_t &c, typename Model::state_t &s)
    -> decltype(Model::warm_reset(c, s), void()) {
    Model::warm_reset(c, s);
}
template <class Model>
void cosim_model_warm_reset(long, const typename Model::cfg_t &c, typename Model::state_t &s) {
    Model::reset(c, s);
}
template <class Stim, class Cfg>
auto cosim_stim_warm_reset(int, Stim &st, const Cfg &c) -> decltype(st.warm_reset(c), void()) {
    st.warm_reset(c);
}
template <class Stim, class Cfg>
void cosim_stim_warm_reset(long, Stim &st, const Cfg &c) {
    st.reset(c);
}

// foo_step with or without the cycle's eval output (issue 17's contract).
template <class C, class S, class I, class O>
inline void cosim_step(void (*f)(const C *, S *, const I *, const O *), const C *c, S *s,
                       const I *i, const O *o) {
    f(c, s, i, o);
}
template <class C, class S, class I, class O>
inline void cosim_step(void (*f)(const C *, S *, const I *), const C *c, S *s, const I *i,
                       const O *) {
    f(c, s, i);
}

// The Model glue every structure shares (hook 4 above).
#define COSIM_MODEL(foo, Vfoo)                                                              \
    typedef foo##_cfg cfg_t;                                                                \
    typedef foo##_state state_t;                                                            \
    typedef foo##_in in_t;                                                                  \
    typedef foo##_out out_t;                                                                \
    typedef Vfoo rtl_t;                                                                     \
    static const char *name() { return #foo; }                                              \
    static const struct param_table &params() { return foo##_params; }                      \
    static cfg_t default_cfg() { return foo##_default_cfg(); }                              \
    static void reset(const cfg_t &c, state_t &s) { foo##_reset(&c, &s); }                 \
    static void eval(const cfg_t &c, const state_t *s, const in_t *i, out_t *o) {           \
        foo##_eval(&c, s, i, o);                                                            \
    }                                                                                       \
    static void step(const cfg_t &c, state_t *s, const in_t *i, const out_t *o) {           \
        cosim_step(foo##_step, &c, s, i, o);                                                \
    }                                                                                       \
    static const char *check(const cfg_t &c, const state_t *s) { return foo##_check(&c, s); } \
    static void ports(const cfg_t &c, const in_t *i, const out_t *o, port_visit_fn f,       \
                      void *x) {                                                            \
        foo##_ports(&c, i, o, f, x);                                                        \
    }                                                                                       \
    static void trace(vcd_writer *w, const cfg_t &c, const state_t *s, const in_t *i,       \
                      const out_t *o) {                                                     \
        foo##_trace(w, &c, s, i, o);                                                        \
    }

// The parameter set the binary was built for ("K=V,..."; "": the defaults)
// and whether its RTL randomises X (--x-initial unique), from the generated
// port file (tools/rtl_ports.sh).
extern const char *const cosim_build_params;
extern const int cosim_build_xrand;

// The cfg of this binary: the defaults, then cosim_build_params.  Each --param
// must name a parameter and a legal value (else the range, exit 2), and
// agree with the build (else the make command that builds it, exit 2).
template <class Model>
typename Model::cfg_t cosim_cfg(const CosimOpts &o) {
    typedef typename Model::cfg_t cfg_t;
    const struct param_table &t = Model::params();
    cfg_t c = Model::default_cfg();
    const char *why = params_set_list(&t, &c, cosim_build_params);
    if (why) {
        fprintf(stderr, "cosim_%s: built with bad parameters: %s\n", Model::name(), why);
        std::exit(2);
    }
    cfg_t want = c;
    for (size_t k = 0; k < o.params.size(); k++) {
        if ((why = params_set(&t, &want, o.params[k].c_str())) != NULL) {
            fprintf(stderr, "cosim_%s: %s\n", Model::name(), why);
            std::exit(2);
        }
    }
    if ((why = params_check(&t, &want)) != NULL) {
        fprintf(stderr, "cosim_%s: %s\n", Model::name(), why);
        std::exit(2);
    }
    if (std::memcmp(&want, &c, sizeof c) != 0) {
        char have[256], need[256];
        params_format(&t, &c, 0, have, sizeof have);
        params_format(&t, &want, 0, need, sizeof need);
        std::string n = need;
        for (size_t k = 0; k < n.size(); k++)
            if (n[k] == ',')
                n[k] = ' ';
        fprintf(stderr, "cosim_%s: this binary is built for %s; build and run the other "
                        "design point with: make cosim STRUCT=%s PARAMS=\"%s\"\n",
                Model::name(), *have ? have : "the default parameters", Model::name(), n.c_str());
        std::exit(2);
    }
    return c;
}

// ---------------------------------------------------------------- harness

template <class Model, class Stim>
class Cosim {
public:
    typedef typename Model::cfg_t cfg_t;
    typedef typename Model::state_t state_t;
    typedef typename Model::in_t in_t;
    typedef typename Model::out_t out_t;
    typedef typename Model::rtl_t rtl_t;

    // One cycle for the mismatch window and the report.
    struct Rec {
        uint64_t cycle;
        bool rst;
        in_t in;
        out_t c, r;
    };
    enum { WINDOW = 40 };

    Cosim(const CosimOpts &o)
        : opt_(o), rng_(o.seed), reset_rng_(o.seed ^ 0x5EED0F5E7ull), cfg_(cosim_cfg<Model>(o)) {
        char buf[512];
        params_ = params_format(&Model::params(), &cfg_, 1, buf, sizeof buf);
        std::memset(&st_, 0, sizeof st_);
        if (opt_.argc)
            ctx_.commandArgs(opt_.argc, opt_.argv);
    }

    int run() {
        if (opt_.list_coverage)
            return list_coverage();
        // every file the run will write is checked before any work starts
        if (!opt_.json.empty())
            cosim_check_writable(Model::name(), "--json", cosim_path(opt_, opt_.json), true);
        rtl_t *rtl = new rtl_t(&ctx_);
        map_ports(rtl);
        if (opt_.bench) {
            int rc = bench(rtl);
            delete rtl;
            return rc;
        }
        VerilatedFstC *fst = NULL;
        vcd_writer *vcd = NULL;
        vec_writer *rec = NULL;
        vec_reader *rep = NULL;
        std::string fst_path, vcd_path;
        if (!opt_.fst.empty()) {
            fst_path = cosim_path(opt_, opt_.fst);
            cosim_check_writable(Model::name(), "--fst", fst_path);
            ctx_.traceEverOn(true);
            fst = new VerilatedFstC;
            rtl->trace(fst, 99);
            fst->open(fst_path.c_str());
        }
        if (!opt_.vcd.empty()) {
            vcd_path = cosim_path(opt_, opt_.vcd);
            cosim_check_writable(Model::name(), "--vcd", vcd_path);
            vcd = vcd_open(vcd_path.c_str(), "1ns");
        }
        if (!opt_.replay.empty())
            rep = open_replay();
        if (!opt_.record.empty())
            rec = open_record();
        uint64_t cycles = opt_.cycles;
        if (rep && !opt_.cycles_given)
            cycles = UINT64_MAX;

        Model::reset(cfg_, st_);
        stim_.reset(cfg_);
        reset_rtl(rtl);
        const std::vector<std::string> declared = cosim_cov_keys(stim_.coverage());

        uint64_t cyc = 0, mismatches = 0, extra = 0, resets = 0, fail_cyc = 0;
        bool inv_ok = true, stopping = false;
        {
            // The whole state right after the initial reset, before any
            // traffic: a wrong reset value of a register that the first
            // cycles rewrite before anything reads it is a fault too (every
            // mid-traffic reset is compared by the check after its edge).
            StateCmp sc;
            cosim_state_compare<Model>(0, rtl, cfg_, st_, sc);
            if (sc.bad) {
                mismatches++;
                report_state_mismatch(0, sc, true);
                stopping = true;
            }
        }
        double t0 = cosim_now();
        std::vector<uint64_t> vals(fields_.size() * PORT_MAX_WORDS);
        std::vector<unsigned char> known(fields_.size());
        for (cyc = 0; cyc < cycles; cyc++) {
            in_t in;
            bool rst = false;
            if (rep) {
                int got = read_replay(rep, &in, &rst, vals, known);
                if (got == 0)
                    break;
            } else {
                in = stim_.next(cfg_, st_, rng_, cyc);
                rst = mid_reset_due(cyc);
            }
            Rec &r = ring_[cyc % WINDOW];
            r.cycle = cyc;
            r.rst = rst;
            r.in = in;
            std::memset(&r.c, 0, sizeof r.c);
            if (!rst)
                Model::eval(cfg_, &st_, &in, &r.c);
            drive(rtl, in);
            rtl->rst = rst;
            rtl->clk = 0;
            rtl->eval();
            sample(rtl, &r.r);
            if (fst)
                fst->dump(cyc * 10);
            if (vcd)
                trace_cycle(vcd, cyc, r);
            if (rec)
                write_record(rec, r);
            filled_ = cyc + 1;
            if (!rst)
                count_codes(r.c);

            if (!stopping && !rst) {
                int bad = first_difference(r.c, r.r);
                const char *rbad = rep ? recorded_difference(r.c, vals, known) : NULL;
                if (bad >= 0 || rbad) {
                    mismatches++;
                    if (bad >= 0)
                        report_mismatch(cyc, bad, r);
                    else
                        report_recorded(cyc, rbad, r.c, vals);
                    stopping = true;
                    fail_cyc = cyc;
                }
            }
            if (rst) {
                // reset in the middle of traffic: both models reset, the
                // stimulus starts over (its coverage so far is kept)
                cosim_model_warm_reset<Model>(0, cfg_, st_);
                if (!rep)   // under --replay the stimulus counts nothing
                    cosim_cov_merge(cov_acc_, stim_.coverage());
                cosim_stim_warm_reset(0, stim_, cfg_);
                resets++;
            } else {
                state_t before = st_;
                Model::step(cfg_, &st_, &in, &r.c);
                const char *why = NULL;
                if (!stopping) {
                    if (Model::err(r.c) && std::memcmp(&before, &st_, sizeof st_) != 0)
                        why = "err raised but the C state changed";
                    else if (!Model::ready(r.c) && std::memcmp(&before, &st_, sizeof st_) != 0)
                        why = "ready=0 but the C state changed";
                    if (!why)
                        why = Model::check(cfg_, &st_);
                    if (!why && !rep)
                        why = stim_.check(cfg_, before, st_, in, r.c);
                    if (why) {
                        inv_ok = false;
                        report_invariant(cyc, why);
                        stopping = true;
                        fail_cyc = cyc;
                    }
                }
            }
            rtl->clk = 1;
            rtl->eval();
            if (fst)
                fst->dump(cyc * 10 + 5);
            if (!stopping) {
                StateCmp sc;
                cosim_state_compare<Model>(0, rtl, cfg_, st_, sc);
                if (sc.bad) {
                    mismatches++;
                    report_state_mismatch(cyc, sc);
                    stopping = true;
                    fail_cyc = cyc;
                }
            }
            if (static_cast<int64_t>(cyc) == opt_.inject_fault && !rep) {
                stim_.inject_fault(cfg_, st_, rng_);
                if (!opt_.quiet)
                    printf("cosim %s: fault injected into the C state at cycle %llu\n",
                           Model::name(), (unsigned long long)cyc);
            }
            if (stopping && ++extra > 4) {
                cyc++;
                break;
            }
        }
        double secs = cosim_now() - t0;
        if (stopping)
            write_window();
        if (vcd && vcd_close(vcd) != 0) {
            fprintf(stderr, "cosim_%s: error writing --vcd file '%s'\n", Model::name(),
                    vcd_path.c_str());
            inv_ok = false;
        }
        if (fst) {
            fst->close();
            delete fst;
        }
        if (rec && vec_close_writer(rec) != 0) {
            fprintf(stderr, "cosim_%s: error writing --record file '%s'\n", Model::name(),
                    opt_.record.c_str());
            inv_ok = false;
        }
        if (rep)
            vec_close_reader(rep);
        rtl->final();
        delete rtl;
        uint64_t reported = stopping ? fail_cyc : cyc;
        char rs[40];
        snprintf(rs, sizeof rs, "resets=%llu", (unsigned long long)resets);
        std::vector<std::pair<std::string, uint64_t> > acc;
        cosim_cov_merge(acc, rs);
        cosim_cov_merge(acc, cosim_cov_str(cov_acc_));
        cosim_cov_merge(acc, rep ? std::string() : stim_.coverage());
        add_code_keys(acc);
        cov_acc_ = acc;
        if (!rep) {
            // every key the stimulus counts is on the line from its reset
            // on, so that --list-coverage (and the generated pages) know it
            for (size_t k = 0; k < cov_acc_.size(); k++) {
                const std::string &key = cov_acc_[k].first;
                bool known = key == "resets";
                for (size_t d = 0; d < declared.size() && !known; d++)
                    known = declared[d] == key;
                for (size_t d = 0; d < code_keys_.size() && !known; d++)
                    known = code_keys_[d].first == key;
                if (!known && inv_ok) {
                    printf("INVARIANT %s seed=%llu: coverage key '%s' is not on the line the "
                           "stimulus gives at reset (declare it in the Stim's reset, "
                           "tb/%s_cosim.cpp)\n",
                           Model::name(), (unsigned long long)opt_.seed, key.c_str(),
                           Model::name());
                    inv_ok = false;
                }
            }
        }
        if (!rep && !stopping && reported >= COSIM_COVER_CYCLES) {
            // the decision kinds this point allows must all have occurred
            std::vector<std::string> req;
            cosim_stim_required(0, stim_, cfg_, req);
            for (size_t q = 0; q < req.size(); q++) {
                size_t a = 0;
                while (a < cov_acc_.size() && cov_acc_[a].first != req[q])
                    a++;
                if (a < cov_acc_.size() && cov_acc_[a].second != 0)
                    continue;
                printf("INVARIANT %s seed=%llu: coverage key '%s' %s in %llu cycles (the design "
                       "point allows it: %s, tb/%s_cosim.cpp)\n",
                       Model::name(), (unsigned long long)opt_.seed, req[q].c_str(),
                       a < cov_acc_.size() ? "never occurred" : "is not on the coverage line",
                       (unsigned long long)reported, params_.c_str(), Model::name());
                inv_ok = false;
            }
        }
        std::string cov = cosim_cov_str(cov_acc_);
        printf("cosim %s seed=%llu params=%s cycles=%llu mismatches=%llu invariants=%s "
               "coverage=%s\n",
               Model::name(), (unsigned long long)opt_.seed, params_.c_str(),
               (unsigned long long)reported, (unsigned long long)mismatches,
               inv_ok ? "ok" : "FAIL", cov.c_str());
        if (!opt_.json.empty())
            write_json(reported, mismatches, inv_ok, secs);
        return (mismatches == 0 && inv_ok) ? 0 : 1;
    }

private:
    // ------------------------------------------------- --list-coverage
    // Every key of the coverage line in its order ("key NAME"), then every
    // error code and act with its value ("err_code V NAME", "act V NAME"),
    // from the same sources as a run: the stimulus' keys at reset, the
    // model's name tables.  tools/docs_gen.sh writes them onto the pages.
    int list_coverage() {
        std::vector<CPort> c;
        std::memset(&probe_in_, 0, sizeof probe_in_);
        std::memset(&probe_out_, 0, sizeof probe_out_);
        Model::ports(cfg_, &probe_in_, &probe_out_, cosim_collect_port, &c);
        Model::reset(cfg_, st_);
        stim_.reset(cfg_);
        std::vector<std::string> keys = cosim_cov_keys(stim_.coverage());
        keys.insert(keys.begin(), std::string("resets"));
        static const char *const ports[2] = {"err_code", "act"};
        static const char *const prefix[2] = {"err_", "act_"};
        std::vector<std::string> codes;
        for (int k = 0; k < 2; k++)
            for (size_t p = 0; p < c.size(); p++) {
                if (c[p].dir != PORT_OUT || std::strcmp(c[p].name, ports[k]) || c[p].width > 8)
                    continue;
                for (unsigned v = (k == 0 ? 1u : 0u); v < (1u << c[p].width); v++) {
                    const char *nm = Model::decode(ports[k], v);
                    if (!nm || !*nm || nm[0] == '?')
                        continue;
                    codes.push_back(std::string(ports[k]) + " " + std::to_string(v) + " " + nm);
                    std::string key = std::string(prefix[k]) + nm;
                    bool have = false;
                    for (size_t j = 0; j < keys.size() && !have; j++)
                        have = keys[j] == key;
                    if (!have)
                        keys.push_back(key);
                }
            }
        for (size_t k = 0; k < keys.size(); k++)
            printf("key %s\n", keys[k].c_str());
        for (size_t k = 0; k < codes.size(); k++)
            printf("%s\n", codes[k].c_str());
        return 0;
    }

    // ------------------------------------------------------------ ports
    void map_ports(rtl_t *rtl) {
        RtlPorts all;
        cosim_rtl_ports<rtl_t>(rtl, all);
        for (size_t k = 0; k < all.size(); k++)
            if (std::strcmp(all[k].name, "clk") && std::strcmp(all[k].name, "rst"))
                rtl_.push_back(all[k]);
        std::memset(&probe_in_, 0, sizeof probe_in_);
        std::memset(&probe_out_, 0, sizeof probe_out_);
        std::vector<CPort> c;
        Model::ports(cfg_, &probe_in_, &probe_out_, cosim_collect_port, &c);
        map_ = cosim_port_map(Model::name(), rtl_, c, &probe_in_, sizeof probe_in_, &probe_out_,
                              sizeof probe_out_);
        for (size_t k = 0; k < map_.size(); k++)
            (map_[k].dir == PORT_IN ? ins_ : outs_).push_back(map_[k]);
        code_ports();
        fields_.clear();
        fields_.push_back(vec_field_make("rst", 1, PORT_IN));
        for (size_t k = 0; k < ins_.size(); k++)
            fields_.push_back(vec_field_make(ins_[k].name, ins_[k].width, PORT_IN));
        for (size_t k = 0; k < outs_.size(); k++)
            fields_.push_back(vec_field_make(outs_[k].name, outs_[k].width, PORT_OUT));
    }

    // ------------------------------------------- error codes and acts
    // Every error code and every act of the structure is a coverage key,
    // err_NAME and act_NAME, from the model's name tables (Model::decode of
    // the err_code and act ports: every value with a name that does not
    // start with '?', err_code 0 = no error excepted), shown even when its
    // count is 0 so that an unreached code is visible.  A key the stimulus
    // counts itself keeps the stimulus' count; any other is the number of
    // cycles (outside reset) in which the C model's port carried the code.
    struct CodePort {
        size_t out;                 // index in outs_
        std::vector<int> key;       // value -> index in code_keys_, or -1
    };
    void code_ports() {
        static const char *const ports[2] = {"err_code", "act"};
        static const char *const prefix[2] = {"err_", "act_"};
        code_ports_.clear();
        code_keys_.clear();
        for (int k = 0; k < 2; k++)
            for (size_t o = 0; o < outs_.size(); o++) {
                if (std::strcmp(outs_[o].name, ports[k]) || outs_[o].width > 8)
                    continue;
                CodePort cp;
                cp.out = o;
                const unsigned n = 1u << outs_[o].width;
                cp.key.assign(n, -1);
                for (unsigned v = (k == 0 ? 1u : 0u); v < n; v++) {
                    const char *nm = Model::decode(ports[k], v);
                    if (!nm || !*nm || nm[0] == '?')
                        continue;
                    cp.key[v] = static_cast<int>(code_keys_.size());
                    code_keys_.push_back(std::make_pair(std::string(prefix[k]) + nm, 0));
                }
                code_ports_.push_back(cp);
            }
    }
    void count_codes(const out_t &c) {
        for (size_t k = 0; k < code_ports_.size(); k++) {
            const CodePort &cp = code_ports_[k];
            const uint64_t v = at(&c, outs_[cp.out])[0];
            if (v < cp.key.size() && cp.key[v] >= 0)
                code_keys_[cp.key[v]].second++;
        }
    }
    void add_code_keys(std::vector<std::pair<std::string, uint64_t> > &acc) const {
        for (size_t k = 0; k < code_keys_.size(); k++) {
            size_t a = 0;
            while (a < acc.size() && acc[a].first != code_keys_[k].first)
                a++;
            if (a == acc.size())
                acc.push_back(code_keys_[k]);
        }
    }

    static const uint64_t *at(const void *base, const PortMap &m) {
        return reinterpret_cast<const uint64_t *>(static_cast<const char *>(base) + m.off);
    }
    static uint64_t *at(void *base, const PortMap &m) {
        return reinterpret_cast<uint64_t *>(static_cast<char *>(base) + m.off);
    }

    void drive(rtl_t *, const in_t &in) {
        for (size_t k = 0; k < ins_.size(); k++)
            rtl_[ins_[k].rtl].put(at(&in, ins_[k]), ins_[k].lsb, ins_[k].width);
    }
    void sample(rtl_t *, out_t *o) {
        std::memset(o, 0, sizeof *o);
        for (size_t k = 0; k < outs_.size(); k++)
            rtl_[outs_[k].rtl].get(at(o, outs_[k]), outs_[k].lsb, outs_[k].width);
    }

    // Equal in the port's width (bits above it do not reach the RTL).
    static bool same(const uint64_t *a, const uint64_t *b, unsigned width) {
        unsigned n = PORT_WORDS(width);
        for (unsigned w = 0; w + 1 < n; w++)
            if (a[w] != b[w])
                return false;
        unsigned top = width - 64u * (n - 1u);
        return bits_trunc(a[n - 1] ^ b[n - 1], top) == 0;
    }

    int first_difference(const out_t &c, const out_t &r) const {
        for (size_t k = 0; k < outs_.size(); k++)
            if (!same(at(&c, outs_[k]), at(&r, outs_[k]), outs_[k].width))
                return static_cast<int>(k);
        return -1;
    }

    std::string fmt(const uint64_t *v, const PortMap &m) const {
        return cosim_fmt(v, m.width, m.name, Model::decode);
    }

    // ------------------------------------------------------------ reset
    void reset_rtl(rtl_t *rtl) {
        in_t idle;
        std::memset(&idle, 0, sizeof idle);
        drive(rtl, idle);
        rtl->rst = 1;
        rtl->clk = 0;
        rtl->eval();
        rtl->clk = 1;
        rtl->eval();
        rtl->rst = 0;
        rtl->clk = 0;
        rtl->eval();
    }

    // A mid-traffic reset: on average every reset_every cycles, never in the
    // first 100 cycles nor within 200 cycles after an injected fault (which
    // must be caught, not wiped).
    bool mid_reset_due(uint64_t cyc) {
        if (!opt_.reset_every || cyc < 100)
            return false;
        bool hit = reset_rng_.below(opt_.reset_every) == 0;
        if (opt_.inject_fault >= 0 && static_cast<int64_t>(cyc) >= opt_.inject_fault &&
            static_cast<int64_t>(cyc) <= opt_.inject_fault + 200)
            return false;
        return hit;
    }

    // ------------------------------------------------------ vector files
    vec_writer *open_record() {
        std::string path = cosim_path(opt_, opt_.record);
        char err[512];
        vec_writer *w = vec_create(path.c_str(), Model::name(), params_.c_str(), fields_.data(),
                                   static_cast<unsigned>(fields_.size()), err, sizeof err);
        if (!w) {
            fprintf(stderr, "cosim_%s: %s\n", Model::name(), err);
            std::exit(2);
        }
        return w;
    }

    void write_record(vec_writer *w, const Rec &r) {
        std::vector<const uint64_t *> v(fields_.size());
        uint64_t one = r.rst ? 1 : 0;
        v[0] = &one;
        for (size_t k = 0; k < ins_.size(); k++)
            v[1 + k] = at(&r.in, ins_[k]);
        for (size_t k = 0; k < outs_.size(); k++)
            v[1 + ins_.size() + k] = r.rst ? NULL : at(&r.c, outs_[k]);
        vec_write(w, v.data());
    }

    vec_reader *open_replay() {
        char err[512];
        vec_reader *rd = vec_open(opt_.replay.c_str(), err, sizeof err);
        if (!rd) {
            fprintf(stderr, "cosim_%s: %s\n", Model::name(), err);
            std::exit(2);
        }
        const struct vec_header *h = vec_header_of(rd);
        if (std::strcmp(h->structure, Model::name()) != 0) {
            fprintf(stderr, "cosim_%s: %s:1: the file records structure '%s', not %s\n",
                    Model::name(), opt_.replay.c_str(), h->structure, Model::name());
            std::exit(2);
        }
        cfg_t rc = Model::default_cfg();
        const char *why = params_set_list(&Model::params(), &rc, h->params);
        if (why) {
            fprintf(stderr, "cosim_%s: %s:1: %s\n", Model::name(), opt_.replay.c_str(), why);
            std::exit(2);
        }
        if (std::memcmp(&rc, &cfg_, sizeof rc) != 0) {
            char need[256];
            std::string n = params_format(&Model::params(), &rc, 0, need, sizeof need);
            for (size_t k = 0; k < n.size(); k++)
                if (n[k] == ',')
                    n[k] = ' ';
            fprintf(stderr, "cosim_%s: %s:1: recorded at %s, this binary is built for %s; "
                            "replay with: make cosim STRUCT=%s PARAMS=\"%s\" REPLAY=%s\n",
                    Model::name(), opt_.replay.c_str(), h->params, params_.c_str(),
                    Model::name(), n.c_str(), opt_.replay.c_str());
            std::exit(2);
        }
        // the fields must be rst, then this model's port list
        bool ok = h->n == fields_.size();
        size_t k = 0;
        for (; ok && k < fields_.size(); k++)
            ok = std::strcmp(h->f[k].name, fields_[k].name) == 0 &&
                 h->f[k].width == fields_[k].width && h->f[k].dir == fields_[k].dir;
        if (!ok) {
            size_t bad = k ? k - 1 : 0;
            if (bad < h->n && bad < fields_.size())
                fprintf(stderr, "cosim_%s: %s:1: field %zu is %s:%u (%s), the model's port "
                                "list has %s:%u (%s) there\n",
                        Model::name(), opt_.replay.c_str(), bad + 1, h->f[bad].name,
                        h->f[bad].width, h->f[bad].dir == PORT_IN ? "in" : "out",
                        fields_[bad].name, fields_[bad].width,
                        fields_[bad].dir == PORT_IN ? "in" : "out");
            else
                fprintf(stderr, "cosim_%s: %s:1: %u fields, the model's port list has %zu\n",
                        Model::name(), opt_.replay.c_str(), h->n, fields_.size());
            std::exit(2);
        }
        return rd;
    }

    int read_replay(vec_reader *rd, in_t *in, bool *rst, std::vector<uint64_t> &vals,
                    std::vector<unsigned char> &known) {
        char err[512];
        int got = vec_read(rd, vals.data(), known.data(), err, sizeof err);
        if (got < 0) {
            fprintf(stderr, "cosim_%s: %s\n", Model::name(), err);
            std::exit(2);
        }
        if (got == 0)
            return 0;
        std::memset(in, 0, sizeof *in);
        *rst = known[0] && vals[0] != 0;
        for (size_t k = 0; k < ins_.size(); k++) {
            if (!known[1 + k]) {
                fprintf(stderr, "cosim_%s: %s:%llu: field %s: an input must have a value\n",
                        Model::name(), opt_.replay.c_str(),
                        (unsigned long long)vec_line(rd), ins_[k].name);
                std::exit(2);
            }
            std::memcpy(at(in, ins_[k]), &vals[(1 + k) * PORT_MAX_WORDS],
                        PORT_WORDS(ins_[k].width) * sizeof(uint64_t));
        }
        return 1;
    }

    // The C outputs against the recorded ones (where the file has them).
    const char *recorded_difference(const out_t &c, const std::vector<uint64_t> &vals,
                                    const std::vector<unsigned char> &known) const {
        size_t base = 1 + ins_.size();
        for (size_t k = 0; k < outs_.size(); k++)
            if (known[base + k] &&
                !same(at(&c, outs_[k]), &vals[(base + k) * PORT_MAX_WORDS], outs_[k].width))
                return outs_[k].name;
        return NULL;
    }

    void report_recorded(uint64_t cyc, const char *port, const out_t &c,
                         const std::vector<uint64_t> &vals) {
        size_t base = 1 + ins_.size();
        for (size_t k = 0; k < outs_.size(); k++)
            if (!std::strcmp(outs_[k].name, port))
                fprintf(stderr, "MISMATCH %s seed=%llu params=%s cycle=%llu signal=%s C=%s "
                                "recorded=%s (the C model differs from %s)\n",
                        Model::name(), (unsigned long long)opt_.seed, params_.c_str(),
                        (unsigned long long)cyc, port, fmt(at(&c, outs_[k]), outs_[k]).c_str(),
                        fmt(&vals[(base + k) * PORT_MAX_WORDS], outs_[k]).c_str(),
                        opt_.replay.c_str());
        print_inputs(8);
    }

    // ------------------------------------------------------ reports
    void trace_cycle(vcd_writer *w, uint64_t cyc, const Rec &r) {
        vcd_time(w, cyc * 10);
        vcd_sig(w, "cycle", 32, cyc);
        vcd_sig(w, "rst", 1, r.rst);
        vcd_scope(w, "c");
        Model::trace(w, cfg_, &st_, &r.in, &r.c);
        vcd_upscope(w);
        vcd_scope(w, "rtl");
        trace_ports(w, r.in, r.r);
        vcd_upscope(w);
    }

    void trace_ports(vcd_writer *w, const in_t &in, const out_t &o) {
        for (size_t k = 0; k < map_.size(); k++) {
            const PortMap &m = map_[k];
            vcd_sig_words(w, m.name, m.width, m.dir == PORT_IN ? at(&in, m) : at(&o, m));
        }
    }

    void print_inputs(size_t last_n) {
        size_t n = filled_ < WINDOW ? filled_ : WINDOW;
        if (n > last_n)
            n = last_n;
        fprintf(stderr, "  last %zu cycles of inputs (oldest first):\n", n);
        for (uint64_t c = filled_ - n; c < filled_; c++) {
            const Rec &r = ring_[c % WINDOW];
            std::string line = r.rst ? " rst=1" : "";
            for (size_t k = 0; k < ins_.size(); k++)
                line += std::string(" ") + ins_[k].name + "=" + fmt(at(&r.in, ins_[k]), ins_[k]);
            fprintf(stderr, "    cycle %llu:%s\n", (unsigned long long)r.cycle, line.c_str());
        }
    }

    void report_mismatch(uint64_t cyc, int bad, const Rec &r) {
        const PortMap &p = outs_[bad];
        fprintf(stderr, "MISMATCH %s seed=%llu params=%s cycle=%llu signal=%s C=%s RTL=%s\n",
                Model::name(), (unsigned long long)opt_.seed, params_.c_str(),
                (unsigned long long)cyc, p.name, fmt(at(&r.c, p), p).c_str(),
                fmt(at(&r.r, p), p).c_str());
        for (size_t k = 0; k < outs_.size(); k++)
            if (!same(at(&r.c, outs_[k]), at(&r.r, outs_[k]), outs_[k].width))
                fprintf(stderr, "  differs: %-12s C=%s RTL=%s\n", outs_[k].name,
                        fmt(at(&r.c, outs_[k]), outs_[k]).c_str(),
                        fmt(at(&r.r, outs_[k]), outs_[k]).c_str());
        print_inputs(8);
    }

    // after_reset: the compare right after the initial reset (cycle 0 has
    // not run yet; the summary then says cycles=0).
    void report_state_mismatch(uint64_t cyc, const StateCmp &sc, bool after_reset = false) {
        fprintf(stderr, "MISMATCH %s seed=%llu params=%s cycle=%llu signal=state.%s C=0x%llx "
                        "RTL=0x%llx\n",
                Model::name(), (unsigned long long)opt_.seed, params_.c_str(),
                (unsigned long long)cyc, sc.where.c_str(), (unsigned long long)sc.c,
                (unsigned long long)sc.r);
        if (after_reset)
            fprintf(stderr, "  differs: architectural state right after the initial reset, "
                            "before cycle 0 (%llu state items compared, first difference "
                            "shown)\n",
                    (unsigned long long)sc.items);
        else
            fprintf(stderr, "  differs: architectural state after the clock edge of cycle %llu "
                            "(%llu state items compared, first difference shown)\n",
                    (unsigned long long)cyc, (unsigned long long)sc.items);
        print_inputs(8);
    }

    void report_invariant(uint64_t cyc, const char *why) {
        fprintf(stderr, "INVARIANT %s seed=%llu params=%s cycle=%llu: %s\n", Model::name(),
                (unsigned long long)opt_.seed, params_.c_str(), (unsigned long long)cyc, why);
        print_inputs(8);
    }

    // Both models' ports of the last WINDOW cycles.
    void write_window() {
        std::string dir = opt_.out_dir_given ? opt_.out_dir : std::string("out");
        char file[160];
        snprintf(file, sizeof file, "mismatch_%s_%llu.vcd", Model::name(),
                 (unsigned long long)opt_.seed);
        std::string path = dir + "/" + file;
        int e = cosim_mkdirs(dir);
        vcd_writer *w = e ? NULL : vcd_open(path.c_str(), "1ns");
        if (!w) {
            fprintf(stderr, "  no waveform written: cannot write %s: %s\n", path.c_str(),
                    std::strerror(e ? e : errno));
            return;
        }
        size_t n = filled_ < WINDOW ? filled_ : WINDOW;
        for (uint64_t c = filled_ - n; c < filled_; c++) {
            const Rec &r = ring_[c % WINDOW];
            vcd_time(w, r.cycle * 10);
            vcd_sig(w, "cycle", 32, r.cycle);
            vcd_sig(w, "rst", 1, r.rst);
            vcd_scope(w, "c");
            trace_ports(w, r.in, r.c);
            vcd_upscope(w);
            vcd_scope(w, "rtl");
            trace_ports(w, r.in, r.r);
            vcd_upscope(w);
        }
        if (vcd_close(w) != 0)
            fprintf(stderr, "  no complete waveform: error writing %s\n", path.c_str());
        else
            fprintf(stderr, "  waveform of the last %zu cycles: %s\n", n, path.c_str());
    }

    void write_json(uint64_t cycles, uint64_t mismatches, bool inv_ok, double secs) {
        std::string path = cosim_path(opt_, opt_.json);
        FILE *f = fopen(path.c_str(), "a");
        if (!f) {
            fprintf(stderr, "cosim_%s: cannot write --json file '%s': %s\n", Model::name(),
                    path.c_str(), std::strerror(errno));
            std::exit(2);
        }
        std::string cov = "{";
        for (size_t k = 0; k < cov_acc_.size(); k++)
            cov += std::string(k ? "," : "") + "\"" + cov_acc_[k].first + "\":" +
                   std::to_string(cov_acc_[k].second);
        cov += "}";
        fprintf(f, "{\"structure\":\"%s\",\"params\":\"%s\",\"seed\":%llu,\"cycles\":%llu,"
                   "\"cycles_asked\":%llu,"
                   "\"mismatches\":%llu,\"invariants\":\"%s\",\"coverage\":%s,\"seconds\":%.3f}\n",
                Model::name(), params_.c_str(), (unsigned long long)opt_.seed,
                (unsigned long long)cycles, (unsigned long long)opt_.cycles,
                (unsigned long long)mismatches,
                inv_ok ? "ok" : "FAIL", cov.c_str(), secs);
        fclose(f);
    }

    // ------------------------------------------------------------ bench
    // The same stimulus for both sides, generated before any timing: the
    // stimulus runs once against the C model and its inputs are recorded,
    // both as in_t (what the C model takes) and as the raw images of the
    // Verilated input members (what the RTL takes: the generic port glue
    // converts each cycle once here, outside the timed loops).  The timed
    // loops then replay them: C = eval + step per cycle; RTL = copy the input
    // members, eval at clk 0 and at clk 1.  Each side adds the first word of
    // the first output port to a checksum (a user reads the outputs; both
    // evals are opaque calls that compute every output anyway).  CPU time of this thread, best of BENCH_RUNS, C and RTL runs
    // interleaved (a shared machine is noisy).
    struct RawIn {
        void *p;
        unsigned bytes, off;
    };
    static void raw_copy(const RawIn &r, const unsigned char *src) {
        switch (r.bytes) {
        case 1: *static_cast<uint8_t *>(r.p) = src[0]; break;
        case 2: std::memcpy(r.p, src, 2); break;
        case 4: std::memcpy(r.p, src, 4); break;
        case 8: std::memcpy(r.p, src, 8); break;
        default: std::memcpy(r.p, src, r.bytes); break;
        }
    }
    static uint64_t raw_first_word(const RtlPort &p) {
        switch (p.kind) {
        case RtlPort::K8: return *static_cast<const CData *>(p.p);
        case RtlPort::K16: return *static_cast<const SData *>(p.p);
        case RtlPort::K32: return *static_cast<const IData *>(p.p);
        case RtlPort::K64: return *static_cast<const QData *>(p.p);
        default: return *static_cast<const EData *>(p.p);
        }
    }
    enum { BENCH_RUNS = 5 };

    int bench(rtl_t *rtl) {
        std::vector<RawIn> raw_in;
        unsigned stride = 0;
        for (size_t k = 0; k < rtl_.size(); k++) {
            const RtlPort &p = rtl_[k];
            if (p.dir == PORT_OUT)
                continue;
            RawIn r;
            r.p = p.p;
            r.bytes = p.kind == RtlPort::K8    ? 1u
                      : p.kind == RtlPort::K16 ? 2u
                      : p.kind == RtlPort::K32 ? 4u
                      : p.kind == RtlPort::K64 ? 8u
                                               : 4u * p.words32;
            r.off = stride;
            stride += (r.bytes + 7u) & ~7u;
            raw_in.push_back(r);
        }
        // the port the checksums read: the C model's first output port
        const RtlPort *first_out = &rtl_[outs_[0].rtl];
        std::vector<in_t> trace;
        trace.reserve(opt_.cycles);
        std::vector<unsigned char> image(static_cast<size_t>(opt_.cycles) * stride);
        Model::reset(cfg_, st_);
        stim_.reset(cfg_);
        reset_rtl(rtl);
        for (uint64_t c = 0; c < opt_.cycles; c++) {
            in_t in = stim_.next(cfg_, st_, rng_, c);
            out_t o;
            Model::eval(cfg_, &st_, &in, &o);
            state_t before = st_;
            Model::step(cfg_, &st_, &in, &o);
            (void)stim_.check(cfg_, before, st_, in, o);
            trace.push_back(in);
            drive(rtl, in);
            for (size_t k = 0; k < raw_in.size(); k++)
                std::memcpy(&image[c * stride + raw_in[k].off], raw_in[k].p, raw_in[k].bytes);
        }
        uint64_t sink_c = 0, sink_r = 0;
        double best_c = 0, best_r = 0;
        for (int k = 0; k < BENCH_RUNS; k++) {
            Model::reset(cfg_, st_);
            double t0 = cosim_cpu_now();
            for (size_t c = 0; c < trace.size(); c++) {
                out_t o;
                Model::eval(cfg_, &st_, &trace[c], &o);
                sink_c += at(&o, outs_[0])[0];
                Model::step(cfg_, &st_, &trace[c], &o);
            }
            double t = cosim_cpu_now() - t0;
            if (k == 0 || t < best_c)
                best_c = t;
            reset_rtl(rtl);
            t0 = cosim_cpu_now();
            const unsigned char *src = image.data();
            for (size_t c = 0; c < trace.size(); c++, src += stride) {
                for (size_t j = 0; j < raw_in.size(); j++)
                    raw_copy(raw_in[j], src + raw_in[j].off);
                rtl->clk = 0;
                rtl->eval();
                sink_r += raw_first_word(*first_out);
                rtl->clk = 1;
                rtl->eval();
            }
            t = cosim_cpu_now() - t0;
            if (k == 0 || t < best_r)
                best_r = t;
        }
        rtl->final();
        cosim_bench_report(Model::name(), params_.c_str(), trace.size(), best_c, best_r,
                           sink_c + sink_r);
        return 0;
    }

    CosimOpts opt_;
    Rng rng_, reset_rng_;
    cfg_t cfg_;
    std::string params_;
    state_t st_;
    Stim stim_;
    VerilatedContext ctx_;
    RtlPorts rtl_;
    std::vector<PortMap> map_, ins_, outs_;
    std::vector<struct vec_field> fields_;
    in_t probe_in_;
    out_t probe_out_;
    Rec ring_[WINDOW];
    uint64_t filled_ = 0;
    std::vector<std::pair<std::string, uint64_t> > cov_acc_;
    std::vector<CodePort> code_ports_;
    std::vector<std::pair<std::string, uint64_t> > code_keys_;   // err_/act_ keys, counts
};

template <class Model, class Stim>
int cosim_main(int argc, char **argv) {
    CosimOpts o = cosim_parse(argc, argv, Model::name());
    Cosim<Model, Stim> *h = new Cosim<Model, Stim>(o);
    int rc = h->run();
    delete h;
    return rc;
}

#endif  // COSIM_H
