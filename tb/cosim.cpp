// cosim.cpp -- the non-template half of the co-simulation harness: option
// parsing, coverage counters, mismatch reports, the mismatch waveform
// window and the bench report.  See cosim.h.
#include "cosim.h"

#include <cerrno>
#include <cstdlib>
#include <ctime>

void cosim_collect(void *ctx, const char *name, unsigned width, uint64_t value,
                   enum port_dir dir)
{
    PortVal p;
    p.name = name;
    p.width = width;
    p.value = bits_trunc(value, width);
    p.dir = dir;
    static_cast<PortList *>(ctx)->push_back(p);
}

static void usage_error(const char *name, const char *what, const char *arg)
{
    fprintf(stderr, "cosim_%s: %s '%s' (flags: --cycles N --seed S --vcd FILE --fst FILE "
                    "--quiet --inject-fault CYCLE --bench)\n",
            name, what, arg);
    exit(2);
}

static uint64_t parse_u64(const char *name, const char *flag, const char *s)
{
    char *end = NULL;
    errno = 0;
    if (!s || !*s || *s == '-')
        usage_error(name, "expected a non-negative integer after", flag);
    unsigned long long v = strtoull(s, &end, 0);
    if (errno != 0 || *end != '\0')
        usage_error(name, "bad number for", flag);
    return v;
}

CosimOpts cosim_parse(int argc, char **argv, const char *name)
{
    CosimOpts o;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        const char *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (a == "--cycles") {
            o.cycles = parse_u64(name, "--cycles", val);
            if (o.cycles == 0)
                usage_error(name, "cycles must be at least 1:", val);
            i++;
        } else if (a == "--seed") {
            o.seed = parse_u64(name, "--seed", val);
            i++;
        } else if (a == "--vcd" || a == "--fst") {
            if (!val || !*val)
                usage_error(name, "missing file name after", a.c_str());
            (a == "--vcd" ? o.vcd : o.fst) = val;
            i++;
        } else if (a == "--inject-fault") {
            o.inject_fault = static_cast<int64_t>(parse_u64(name, "--inject-fault", val));
            i++;
        } else if (a == "--quiet") {
            o.quiet = true;
        } else if (a == "--bench") {
            o.bench = true;
        } else {
            usage_error(name, "unknown option", a.c_str());
        }
    }
    return o;
}

uint64_t &Coverage::operator[](const char *key)
{
    for (size_t i = 0; i < kv_.size(); i++)
        if (kv_[i].first == key)
            return kv_[i].second;
    kv_.push_back(std::make_pair(std::string(key), (uint64_t)0));
    return kv_.back().second;
}

std::string Coverage::str() const
{
    std::string s;
    for (size_t i = 0; i < kv_.size(); i++) {
        if (i)
            s += ",";
        s += kv_[i].first + "=" + std::to_string(kv_[i].second);
    }
    return s;
}

std::string cosim_fmt(uint64_t v, const char *port, decode_fn decode)
{
    char buf[64];
    snprintf(buf, sizeof buf, "0x%llx", (unsigned long long)v);
    std::string s = buf;
    const char *d = decode ? decode(port, v) : NULL;
    if (d)
        s += std::string("(") + d + ")";
    return s;
}

void cosim_print_inputs(const std::deque<CycleRec> &hist, decode_fn decode, size_t last_n)
{
    size_t start = hist.size() > last_n ? hist.size() - last_n : 0;
    fprintf(stderr, "  last %zu cycles of inputs (oldest first):\n", hist.size() - start);
    for (size_t i = start; i < hist.size(); i++) {
        const CycleRec &r = hist[i];
        std::string line;
        for (size_t k = 0; k < r.c.size(); k++) {
            if (r.c[k].dir != PORT_IN)
                continue;
            line += std::string(" ") + r.c[k].name + "=" + cosim_fmt(r.c[k].value, r.c[k].name, decode);
        }
        fprintf(stderr, "    cycle %llu:%s\n", (unsigned long long)r.cycle, line.c_str());
    }
}

void cosim_trace_ports(vcd_writer *w, const PortList &ports)
{
    for (size_t i = 0; i < ports.size(); i++)
        vcd_sig(w, ports[i].name, ports[i].width, ports[i].value);
}

void cosim_write_window(const std::string &path, const std::deque<CycleRec> &hist)
{
    vcd_writer *w = vcd_open(path.c_str(), "1ns");
    if (!w) {
        fprintf(stderr, "  (cannot write %s: does out/ exist?)\n", path.c_str());
        return;
    }
    for (size_t i = 0; i < hist.size(); i++) {
        vcd_time(w, hist[i].cycle * 10);
        vcd_sig(w, "cycle", 32, hist[i].cycle);
        vcd_scope(w, "c");
        cosim_trace_ports(w, hist[i].c);
        vcd_upscope(w);
        vcd_scope(w, "rtl");
        cosim_trace_ports(w, hist[i].rtl);
        vcd_upscope(w);
    }
    vcd_close(w);
}

double cosim_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void cosim_bench_report(const char *name, uint64_t cycles, double c_sec, double rtl_sec,
                        uint64_t sink)
{
    double c_cps = c_sec > 0 ? (double)cycles / c_sec : 0;
    double r_cps = rtl_sec > 0 ? (double)cycles / rtl_sec : 0;
    printf("bench %s cycles=%llu c_cps=%.0f rtl_cps=%.0f c_over_rtl=%.2f (checksum %llu)\n",
           name, (unsigned long long)cycles, c_cps, r_cps, r_cps > 0 ? c_cps / r_cps : 0.0,
           (unsigned long long)sink);
}
