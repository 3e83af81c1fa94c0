// cosim.h -- lockstep co-simulation of a C model against its Verilated RTL.
//
// One harness serves every structure.  A structure supplies two small
// classes and a main() of one line (see tb/simt_stack_cosim.cpp):
//
//   Model  -- glue: the C model's types and functions, and how its in/out
//             structs map to the Verilated ports (drive / sample).
//   Stim   -- the stimulus: constrained-random legal traffic, the golden
//             sequences and deliberate illegal input, plus the harness-level
//             invariants (expected error codes, thread conservation), fault
//             injection and coverage counters.
//
// Each cycle:  Stim::next picks the inputs from the C model's state;
// both models evaluate their combinational outputs; every port (visited
// through Model::ports, the C model's one port list) is compared; the C
// model's invariants and the stimulus' own checks run; a rejected (err) or
// held-back (!ready) operation must leave the C state bit-for-bit unchanged;
// then both models take the clock edge.
//
// On the first mismatch or invariant failure the harness prints the seed,
// cycle, signal, C and RTL values (hex and decoded), the last 8 cycles of
// inputs, runs 4 more cycles and writes out/mismatch_<name>_<seed>.vcd with
// both models' ports for the last 40 cycles, then exits 1.
//
// Flags: --cycles N (100000) --seed S (1) --vcd FILE (C under scope `c`
// with its state, RTL ports under `rtl`) --fst FILE (Verilator FST of the
// whole RTL) --quiet --inject-fault CYCLE --bench.  Bad flags: exit 2.
#ifndef COSIM_H
#define COSIM_H

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <deque>
#include <string>
#include <vector>

#include <verilated.h>
#include <verilated_fst_c.h>

extern "C" {
#include "../rtl_c/bits.h"
#include "../rtl_c/port.h"
#include "../vcd/vcd.h"
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

struct PortVal {
    const char *name;
    unsigned width;
    uint64_t value;
    enum port_dir dir;
};
typedef std::vector<PortVal> PortList;

void cosim_collect(void *ctx, const char *name, unsigned width, uint64_t value,
                   enum port_dir dir);

struct CosimOpts {
    uint64_t cycles = 100000;
    uint64_t seed = 1;
    std::string vcd, fst;
    bool quiet = false;
    bool bench = false;
    int64_t inject_fault = -1;
};

// Parses argv; on a bad flag prints one line and exits 2.
CosimOpts cosim_parse(int argc, char **argv, const char *name);

// Coverage counters, printed in insertion order as k=v,k=v.
class Coverage {
public:
    uint64_t &operator[](const char *key);
    std::string str() const;

private:
    std::vector<std::pair<std::string, uint64_t> > kv_;
};

// One recorded cycle for the mismatch window.
struct CycleRec {
    uint64_t cycle;
    PortList c, rtl;
};

// Reporting helpers shared by every harness (cosim.cpp).
typedef const char *(*decode_fn)(const char *port, uint64_t value);
void cosim_print_inputs(const std::deque<CycleRec> &hist, decode_fn decode, size_t last_n);
void cosim_write_window(const std::string &path, const std::deque<CycleRec> &hist);
void cosim_trace_ports(vcd_writer *w, const PortList &ports);
std::string cosim_fmt(uint64_t v, const char *port, decode_fn decode);
void cosim_bench_report(const char *name, uint64_t cycles, double c_sec, double rtl_sec,
                        uint64_t sink);
double cosim_now(void);

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

// ---------------------------------------------------------------- harness

template <class Model, class Stim>
class Cosim {
public:
    typedef typename Model::cfg_t cfg_t;
    typedef typename Model::state_t state_t;
    typedef typename Model::in_t in_t;
    typedef typename Model::out_t out_t;
    typedef typename Model::rtl_t rtl_t;

    Cosim(const CosimOpts &o) : opt_(o), rng_(o.seed), cfg_(Model::default_cfg()) {}

    int run() {
        if (opt_.bench)
            return bench();
        rtl_t *rtl = new rtl_t(&ctx_);
        VerilatedFstC *fst = NULL;
        vcd_writer *vcd = NULL;
        if (!opt_.fst.empty()) {
            ctx_.traceEverOn(true);
            fst = new VerilatedFstC;
            rtl->trace(fst, 99);
            fst->open(opt_.fst.c_str());
        }
        if (!opt_.vcd.empty()) {
            vcd = vcd_open(opt_.vcd.c_str(), "1ns");
            if (!vcd) {
                fprintf(stderr, "cosim_%s: cannot write --vcd file '%s'\n", Model::name(),
                        opt_.vcd.c_str());
                return 2;
            }
        }
        Model::reset(cfg_, st_);
        stim_.reset(cfg_);
        reset_rtl(rtl);

        uint64_t cyc = 0, mismatches = 0, extra = 0;
        bool inv_ok = true, stopping = false;
        for (cyc = 0; cyc < opt_.cycles; cyc++) {
            in_t in = stim_.next(cfg_, st_, rng_, cyc);
            out_t oc, orl;
            Model::eval(cfg_, &st_, &in, &oc);
            Model::drive(rtl, in);
            rtl->clk = 0;
            rtl->eval();
            Model::sample(rtl, &orl);
            if (fst)
                fst->dump(cyc * 10);

            CycleRec rec;
            rec.cycle = cyc;
            Model::ports(cfg_, &in, &oc, cosim_collect, &rec.c);
            Model::ports(cfg_, &in, &orl, cosim_collect, &rec.rtl);
            hist_.push_back(rec);
            if (hist_.size() > 40)
                hist_.pop_front();
            if (vcd)
                trace_cycle(vcd, cyc, in, oc, rec.rtl);

            if (!stopping) {
                const PortVal *bad = first_difference(rec);
                if (bad) {
                    mismatches++;
                    report_mismatch(cyc, *bad, rec);
                    stopping = true;
                }
            }
            state_t before = st_;
            Model::step(cfg_, &st_, &in, &oc);
            const char *why = NULL;
            if (!stopping) {
                if (Model::err(oc) && std::memcmp(&before, &st_, sizeof st_) != 0)
                    why = "err raised but the C state changed";
                else if (!Model::ready(oc) && std::memcmp(&before, &st_, sizeof st_) != 0)
                    why = "ready=0 but the C state changed";
                if (!why)
                    why = Model::check(cfg_, &st_);
                if (!why)
                    why = stim_.check(cfg_, before, st_, in, oc);
                if (why) {
                    inv_ok = false;
                    report_invariant(cyc, why);
                    stopping = true;
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
                }
            }
            if (static_cast<int64_t>(cyc) == opt_.inject_fault) {
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
        if (stopping) {
            char path[256];
            snprintf(path, sizeof path, "out/mismatch_%s_%llu.vcd", Model::name(),
                     (unsigned long long)opt_.seed);
            cosim_write_window(path, hist_);
            fprintf(stderr, "  waveform of the last %zu cycles: %s\n", hist_.size(), path);
        }
        if (vcd && vcd_close(vcd) != 0)
            fprintf(stderr, "cosim_%s: error writing %s\n", Model::name(), opt_.vcd.c_str());
        if (fst) {
            fst->close();
            delete fst;
        }
        rtl->final();
        delete rtl;
        printf("cosim %s seed=%llu cycles=%llu mismatches=%llu invariants=%s coverage=%s\n",
               Model::name(), (unsigned long long)opt_.seed, (unsigned long long)cyc,
               (unsigned long long)mismatches, inv_ok ? "ok" : "FAIL",
               stim_.coverage().c_str());
        return (mismatches == 0 && inv_ok) ? 0 : 1;
    }

private:
    void reset_rtl(rtl_t *rtl) {
        in_t idle;
        std::memset(&idle, 0, sizeof idle);
        Model::drive(rtl, idle);
        rtl->rst = 1;
        rtl->clk = 0;
        rtl->eval();
        rtl->clk = 1;
        rtl->eval();
        rtl->rst = 0;
        rtl->clk = 0;
        rtl->eval();
    }

    void trace_cycle(vcd_writer *w, uint64_t cyc, const in_t &in, const out_t &oc,
                     const PortList &rtl_ports) {
        vcd_time(w, cyc * 10);
        vcd_sig(w, "cycle", 32, cyc);
        vcd_scope(w, "c");
        Model::trace(w, cfg_, &st_, &in, &oc);
        vcd_upscope(w);
        vcd_scope(w, "rtl");
        cosim_trace_ports(w, rtl_ports);
        vcd_upscope(w);
    }

    static const PortVal *first_difference(const CycleRec &r) {
        for (size_t i = 0; i < r.c.size() && i < r.rtl.size(); i++)
            if (r.c[i].dir == PORT_OUT && r.c[i].value != r.rtl[i].value)
                return &r.rtl[i];
        return NULL;
    }

    void report_mismatch(uint64_t cyc, const PortVal &p, const CycleRec &r) {
        uint64_t cv = 0;
        for (size_t i = 0; i < r.c.size(); i++)
            if (std::strcmp(r.c[i].name, p.name) == 0)
                cv = r.c[i].value;
        fprintf(stderr, "MISMATCH %s seed=%llu cycle=%llu signal=%s C=%s RTL=%s\n",
                Model::name(), (unsigned long long)opt_.seed, (unsigned long long)cyc,
                p.name, cosim_fmt(cv, p.name, Model::decode).c_str(),
                cosim_fmt(p.value, p.name, Model::decode).c_str());
        for (size_t i = 0; i < r.c.size() && i < r.rtl.size(); i++)
            if (r.c[i].dir == PORT_OUT && r.c[i].value != r.rtl[i].value)
                fprintf(stderr, "  differs: %-12s C=%s RTL=%s\n", r.c[i].name,
                        cosim_fmt(r.c[i].value, r.c[i].name, Model::decode).c_str(),
                        cosim_fmt(r.rtl[i].value, r.c[i].name, Model::decode).c_str());
        cosim_print_inputs(hist_, Model::decode, 8);
    }

    void report_state_mismatch(uint64_t cyc, const StateCmp &sc) {
        fprintf(stderr, "MISMATCH %s seed=%llu cycle=%llu signal=state.%s C=0x%llx RTL=0x%llx\n",
                Model::name(), (unsigned long long)opt_.seed, (unsigned long long)cyc,
                sc.where.c_str(), (unsigned long long)sc.c, (unsigned long long)sc.r);
        fprintf(stderr, "  differs: architectural state after the clock edge of cycle %llu "
                        "(%llu state items compared, first difference shown)\n",
                (unsigned long long)cyc, (unsigned long long)sc.items);
        cosim_print_inputs(hist_, Model::decode, 8);
    }

    void report_invariant(uint64_t cyc, const char *why) {
        fprintf(stderr, "INVARIANT %s seed=%llu cycle=%llu: %s\n", Model::name(),
                (unsigned long long)opt_.seed, (unsigned long long)cyc, why);
        cosim_print_inputs(hist_, Model::decode, 8);
    }

    // Records the stimulus by running the C model with it, then replays the
    // same inputs through the C model alone and the RTL alone.
    int bench() {
        std::vector<in_t> trace;
        trace.reserve(opt_.cycles);
        Model::reset(cfg_, st_);
        stim_.reset(cfg_);
        for (uint64_t c = 0; c < opt_.cycles; c++) {
            in_t in = stim_.next(cfg_, st_, rng_, c);
            out_t o;
            Model::eval(cfg_, &st_, &in, &o);
            state_t before = st_;
            Model::step(cfg_, &st_, &in, &o);
            (void)stim_.check(cfg_, before, st_, in, o);
            trace.push_back(in);
        }
        uint64_t sink = 0;
        Model::reset(cfg_, st_);
        double t0 = cosim_now();
        for (size_t c = 0; c < trace.size(); c++) {
            out_t o;
            Model::eval(cfg_, &st_, &trace[c], &o);
            sink += Model::ready(o);
            Model::step(cfg_, &st_, &trace[c], &o);
        }
        double t_c = cosim_now() - t0;
        rtl_t *rtl = new rtl_t(&ctx_);
        reset_rtl(rtl);
        out_t o;
        t0 = cosim_now();
        for (size_t c = 0; c < trace.size(); c++) {
            Model::drive(rtl, trace[c]);
            rtl->clk = 0;
            rtl->eval();
            Model::sample(rtl, &o);
            sink += Model::ready(o);
            rtl->clk = 1;
            rtl->eval();
        }
        double t_rtl = cosim_now() - t0;
        rtl->final();
        delete rtl;
        cosim_bench_report(Model::name(), trace.size(), t_c, t_rtl, sink);
        return 0;
    }

    CosimOpts opt_;
    Rng rng_;
    cfg_t cfg_;
    state_t st_;
    Stim stim_;
    VerilatedContext ctx_;
    std::deque<CycleRec> hist_;
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
