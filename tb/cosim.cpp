// SPDX-License-Identifier: Apache-2.0
// cosim.cpp -- the non-template half of the co-simulation harness: option
// parsing, the port map between the C model's port list and the Verilated
// ports, coverage counters and merging, value formatting and the bench
// report.  See cosim.h.
#include "cosim.h"

#include <cerrno>
#include <cstdlib>
#include <ctime>

#include <sys/stat.h>

// ------------------------------------------------------------------ options

static const char *const kUsage =
    "usage: cosim_%s [flags] [+verilator+...]\n"
    "  lockstep co-simulation of the C model rtl_c/%s.c against the Verilated\n"
    "  verilog/%s.v at this binary's parameters (%s)\n"
    "  --cycles N        cycles to run (default 100000; with --replay: the whole file)\n"
    "  --seed S          stimulus seed (default 1)\n"
    "  --param K=V       a parameter (repeatable); must match the build: other\n"
    "                    design points are built by make cosim STRUCT=%s PARAMS=\"K=V ...\"\n"
    "  --vcd FILE        VCD of the C model (scope c, with its state) and the RTL ports (scope rtl)\n"
    "  --fst FILE        Verilator FST of the whole RTL\n"
    "  --record FILE     write each cycle's inputs and the C outputs as a vector file\n"
    "  --replay FILE     drive both models from a vector file instead of the stimulus\n"
    "  --json FILE       append the summary as one JSON line\n"
    "  --out-dir DIR     directory for the files the run writes (relative --vcd/--fst/\n"
    "                    --record/--json names and the mismatch waveform); created if\n"
    "                    missing (default: out/ for the mismatch waveform)\n"
    "  --reset-every N   assert reset at random cycles, on average every N (default 25000; 0: never)\n"
    "  --inject-fault C  flip a bit of the C state after cycle C (the run must fail)\n"
    "  --bench           cycles/s of the C model alone and the RTL alone, same stimulus\n"
    "  --quiet           only the summary line\n"
    "  --list-coverage   print every coverage key, error code and act, run nothing\n"
    "  --help            this text\n"
    "exit status: 0 clean, 1 mismatch or invariant failure, 2 bad usage or file\n";

static void usage_error(const char *name, const char *what, const char *arg)
{
    fprintf(stderr, "cosim_%s: %s '%s' (try --help)\n", name, what, arg ? arg : "");
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
    o.argc = argc;
    o.argv = argv;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        const char *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (a == "--help" || a == "-h") {
            printf(kUsage, name, name, name, *cosim_build_params ? cosim_build_params : "the defaults",
                   name);
            exit(0);
        } else if (a.compare(0, 11, "+verilator+") == 0) {
            continue; // Verilator's own (VerilatedContext::commandArgs)
        } else if (a == "--cycles") {
            o.cycles = parse_u64(name, "--cycles", val);
            o.cycles_given = true;
            if (o.cycles == 0)
                usage_error(name, "cycles must be at least 1:", val);
            i++;
        } else if (a == "--seed") {
            o.seed = parse_u64(name, "--seed", val);
            i++;
        } else if (a == "--reset-every") {
            o.reset_every = parse_u64(name, "--reset-every", val);
            i++;
        } else if (a == "--param") {
            if (!val || !*val)
                usage_error(name, "missing NAME=VALUE after", a.c_str());
            o.params.push_back(val);
            i++;
        } else if (a == "--vcd" || a == "--fst" || a == "--record" || a == "--replay" ||
                   a == "--json" || a == "--out-dir") {
            if (!val || !*val)
                usage_error(name, "missing file name after", a.c_str());
            if (a == "--vcd")
                o.vcd = val;
            else if (a == "--fst")
                o.fst = val;
            else if (a == "--record")
                o.record = val;
            else if (a == "--replay")
                o.replay = val;
            else if (a == "--json")
                o.json = val;
            else {
                o.out_dir = val;
                o.out_dir_given = true;
            }
            i++;
        } else if (a == "--inject-fault") {
            o.inject_fault = static_cast<int64_t>(parse_u64(name, "--inject-fault", val));
            i++;
        } else if (a == "--quiet") {
            o.quiet = true;
        } else if (a == "--bench") {
            o.bench = true;
        } else if (a == "--list-coverage") {
            o.list_coverage = true;
        } else {
            usage_error(name, "unknown option", a.c_str());
        }
    }
    if (!o.replay.empty() && o.inject_fault >= 0)
        usage_error(name, "--inject-fault needs the stimulus, not", "--replay");
    if (o.out_dir_given) {
        int e = cosim_mkdirs(o.out_dir);
        if (e) {
            fprintf(stderr, "cosim_%s: cannot create --out-dir '%s': %s\n", name,
                    o.out_dir.c_str(), strerror(e));
            exit(2);
        }
    }
    return o;
}

std::string cosim_path(const CosimOpts &o, const std::string &file)
{
    if (!o.out_dir_given || file.empty() || file[0] == '/')
        return file;
    return o.out_dir + "/" + file;
}

void cosim_check_writable(const char *name, const char *flag, const std::string &path,
                          bool append)
{
    struct stat st;
    const bool existed = stat(path.c_str(), &st) == 0;
    if (existed && S_ISDIR(st.st_mode)) {
        fprintf(stderr, "cosim_%s: cannot write %s file '%s': it is a directory\n", name, flag,
                path.c_str());
        exit(2);
    }
    FILE *f = fopen(path.c_str(), append ? "a" : "w");
    if (!f) {
        fprintf(stderr, "cosim_%s: cannot write %s file '%s': %s\n", name, flag, path.c_str(),
                strerror(errno));
        exit(2);
    }
    fclose(f);
    if (append && !existed)
        remove(path.c_str());
}

int cosim_mkdirs(const std::string &dir)
{
    std::string cur;
    size_t i = 0;
    while (i <= dir.size()) {
        size_t j = dir.find('/', i);
        if (j == std::string::npos)
            j = dir.size();
        cur = dir.substr(0, j);
        if (!cur.empty() && mkdir(cur.c_str(), 0777) != 0 && errno != EEXIST)
            return errno;
        i = j + 1;
    }
    struct stat st;
    if (stat(dir.c_str(), &st) != 0)
        return errno;
    return S_ISDIR(st.st_mode) ? 0 : ENOTDIR;
}

// ------------------------------------------------------------------ coverage

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

static bool high_water(const std::string &k)
{
    size_t n = k.size();
    return k.compare(0, 4, "max_") == 0 || (n > 3 && k.compare(n - 3, 3, "_hw") == 0) ||
           (n > 4 && k.compare(n - 4, 4, "_hwm") == 0);
}

void cosim_cov_merge(std::vector<std::pair<std::string, uint64_t> > &acc, const std::string &s)
{
    size_t i = 0;
    while (i < s.size()) {
        size_t j = s.find(',', i);
        if (j == std::string::npos)
            j = s.size();
        std::string kv = s.substr(i, j - i);
        size_t eq = kv.find('=');
        if (eq != std::string::npos) {
            std::string k = kv.substr(0, eq);
            uint64_t v = strtoull(kv.c_str() + eq + 1, NULL, 10);
            size_t a = 0;
            while (a < acc.size() && acc[a].first != k)
                a++;
            if (a == acc.size())
                acc.push_back(std::make_pair(k, (uint64_t)0));
            if (high_water(k))
                acc[a].second = v > acc[a].second ? v : acc[a].second;
            else
                acc[a].second += v;
        }
        i = j + 1;
    }
}

std::string cosim_cov_str(const std::vector<std::pair<std::string, uint64_t> > &acc)
{
    std::string s;
    for (size_t i = 0; i < acc.size(); i++)
        s += std::string(i ? "," : "") + acc[i].first + "=" + std::to_string(acc[i].second);
    return s;
}

std::vector<std::string> cosim_cov_keys(const std::string &s)
{
    std::vector<std::pair<std::string, uint64_t> > acc;
    cosim_cov_merge(acc, s);
    std::vector<std::string> keys;
    for (size_t i = 0; i < acc.size(); i++)
        keys.push_back(acc[i].first);
    return keys;
}

// ------------------------------------------------------------------ values

std::string cosim_fmt(const uint64_t *v, unsigned width, const char *port, decode_fn decode)
{
    char buf[40];
    unsigned n = PORT_WORDS(width), top = n;
    uint64_t last = bits_trunc(v[n - 1], width - 64u * (n - 1u));
    while (top > 1 && (top == n ? last : v[top - 1]) == 0)
        top--;
    snprintf(buf, sizeof buf, "0x%llx", (unsigned long long)(top == n ? last : v[top - 1]));
    std::string s = buf;
    for (unsigned k = top - 1; k > 0; k--) {
        snprintf(buf, sizeof buf, "_%016llx", (unsigned long long)v[k - 1]);
        s += buf;
    }
    const char *d = (decode && n == 1) ? decode(port, last) : NULL;
    if (d)
        s += std::string("(") + d + ")";
    return s;
}

double cosim_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double cosim_cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void cosim_bench_report(const char *name, const char *params, uint64_t cycles, double c_sec,
                        double rtl_sec, uint64_t sink)
{
    double c_cps = c_sec > 0 ? (double)cycles / c_sec : 0;
    double r_cps = rtl_sec > 0 ? (double)cycles / rtl_sec : 0;
    printf("bench %s params=%s cycles=%llu c_cps=%.0f rtl_cps=%.0f c_over_rtl=%.2f "
           "(checksum %llu)\n",
           name, params, (unsigned long long)cycles, c_cps, r_cps,
           r_cps > 0 ? c_cps / r_cps : 0.0, (unsigned long long)sink);
}

// ------------------------------------------------------------------ ports

static uint64_t raw_get(const RtlPort &p, unsigned w32)
{
    switch (p.kind) {
    case RtlPort::K8: return w32 ? 0 : *static_cast<const CData *>(p.p);
    case RtlPort::K16: return w32 ? 0 : *static_cast<const SData *>(p.p);
    case RtlPort::K32: return w32 ? 0 : *static_cast<const IData *>(p.p);
    case RtlPort::K64:
        return w32 > 1 ? 0 : (*static_cast<const QData *>(p.p) >> (32 * w32)) & 0xffffffffull;
    default: return w32 < p.words32 ? static_cast<const EData *>(p.p)[w32] : 0;
    }
}

void RtlPort::get(uint64_t *v, unsigned lsb, unsigned w) const
{
    // fast paths (issue 17: the co-simulation samples every port every
    // cycle): a whole narrow port, and a field within one word of a wide
    // port (a lane element of a packed bus)
    if (lsb == 0 && kind != KW) {
        uint64_t x;
        switch (kind) {
        case K8: x = *static_cast<const CData *>(p); break;
        case K16: x = *static_cast<const SData *>(p); break;
        case K32: x = *static_cast<const IData *>(p); break;
        default: x = *static_cast<const QData *>(p); break;
        }
        v[0] = bits_trunc(x, w);
        return;
    }
    if (w <= 32u && lsb % 32u + w <= 32u && (kind == KW || kind == K32)) {
        const uint32_t *q = static_cast<const uint32_t *>(p);
        v[0] = bits_trunc(q[lsb / 32u] >> (lsb % 32u), w);
        return;
    }
    for (unsigned k = 0; k < PORT_WORDS(w); k++)
        v[k] = 0;
    for (unsigned done = 0; done < w;) {
        unsigned bit = lsb + done, word = bit / 32u, off = bit % 32u;
        unsigned n = 32u - off < w - done ? 32u - off : w - done;
        uint64_t chunk = (raw_get(*this, word) >> off) & bits_mask(n);
        // chunk goes to bits [done, done + n) of v
        unsigned vw = done / 64u, vo = done % 64u;
        v[vw] |= chunk << vo;
        if (vo + n > 64u)
            v[vw + 1] |= chunk >> (64u - vo);
        done += n;
    }
}

void RtlPort::put(const uint64_t *v, unsigned lsb, unsigned w) const
{
    if (kind != KW && lsb == 0) {
        // a whole narrow port: write it masked to the width (Verilator does
        // not truncate an input wider than its port)
        uint64_t x = bits_trunc(v[0], w);
        switch (kind) {
        case K8: *static_cast<CData *>(p) = static_cast<CData>(x); return;
        case K16: *static_cast<SData *>(p) = static_cast<SData>(x); return;
        case K32: *static_cast<IData *>(p) = static_cast<IData>(x); return;
        default: *static_cast<QData *>(p) = x; return;
        }
    }
    for (unsigned done = 0; done < w;) {
        unsigned bit = lsb + done, word = bit / 32u, off = bit % 32u;
        unsigned n = 32u - off < w - done ? 32u - off : w - done;
        unsigned vw = done / 64u, vo = done % 64u;
        uint64_t chunk = v[vw] >> vo;
        if (vo + n > 64u)
            chunk |= v[vw + 1] << (64u - vo);
        chunk &= bits_mask(n);
        uint64_t m = bits_mask(n) << off;
        switch (kind) {
        case K8: { CData &d = *static_cast<CData *>(p); d = static_cast<CData>((d & ~m) | (chunk << off)); break; }
        case K16: { SData &d = *static_cast<SData *>(p); d = static_cast<SData>((d & ~m) | (chunk << off)); break; }
        case K32: { IData &d = *static_cast<IData *>(p); d = static_cast<IData>((d & ~m) | (chunk << off)); break; }
        case K64: {
            QData &d = *static_cast<QData *>(p);
            uint64_t m64 = m << (32u * word), c64 = (chunk << off) << (32u * word);
            d = (d & ~m64) | c64;
            break;
        }
        default: {
            EData &d = static_cast<EData *>(p)[word];
            d = static_cast<EData>((d & ~m) | (chunk << off));
            break;
        }
        }
        done += n;
    }
}

void cosim_collect_port(void *ctx, const char *name, unsigned width, const uint64_t *value,
                        enum port_dir dir)
{
    CPort c;
    c.name = name;
    c.width = width;
    c.dir = dir;
    c.p = value;
    static_cast<std::vector<CPort> *>(ctx)->push_back(c);
}

// BUS_lNN: element NN of BUS; returns NN and the BUS length, or -1.
static int lane_element(const char *name, size_t *bus_len)
{
    size_t n = strlen(name);
    if (n < 5 || name[n - 4] != '_' || name[n - 3] != 'l' || name[n - 2] < '0' ||
        name[n - 2] > '9' || name[n - 1] < '0' || name[n - 1] > '9')
        return -1;
    *bus_len = n - 4;
    return (name[n - 2] - '0') * 10 + (name[n - 1] - '0');
}

std::vector<PortMap> cosim_port_map(const char *name, const RtlPorts &rtl,
                                    const std::vector<CPort> &c, const void *in,
                                    size_t in_size, const void *out, size_t out_size)
{
    std::vector<PortMap> m;
    std::vector<unsigned> covered(rtl.size(), 0);
    for (size_t k = 0; k < c.size(); k++) {
        const CPort &p = c[k];
        const char *base = static_cast<const char *>(p.dir == PORT_IN ? in : out);
        size_t size = p.dir == PORT_IN ? in_size : out_size;
        const char *addr = reinterpret_cast<const char *>(p.p);
        if (p.width < 1 || p.width > PORT_MAX_WIDTH) {
            fprintf(stderr, "cosim_%s: port %s: width %u is not 1..%u\n", name, p.name, p.width,
                    PORT_MAX_WIDTH);
            exit(2);
        }
        if (addr < base || addr + 8 * PORT_WORDS(p.width) > base + size) {
            fprintf(stderr, "cosim_%s: port %s: %s_ports must pass the address of the %s "
                            "struct's field, not a copy\n",
                    name, p.name, name, p.dir == PORT_IN ? "in" : "out");
            exit(2);
        }
        PortMap e;
        e.name = p.name;
        e.width = p.width;
        e.dir = p.dir;
        e.off = static_cast<size_t>(addr - base);
        e.rtl = -1;
        e.lsb = 0;
        for (size_t r = 0; r < rtl.size() && e.rtl < 0; r++)
            if (!strcmp(rtl[r].name, p.name))
                e.rtl = static_cast<int>(r);
        size_t bl = 0;
        int lane = e.rtl < 0 ? lane_element(p.name, &bl) : -1;
        if (lane >= 0)
            for (size_t r = 0; r < rtl.size() && e.rtl < 0; r++)
                if (strlen(rtl[r].name) == bl && !strncmp(rtl[r].name, p.name, bl)) {
                    e.rtl = static_cast<int>(r);
                    e.lsb = static_cast<unsigned>(lane) * p.width;
                }
        if (e.rtl < 0) {
            fprintf(stderr, "cosim_%s: port %s of %s_ports is not a port of the Verilated "
                            "verilog/%s.v\n",
                    name, p.name, name, name);
            exit(2);
        }
        const RtlPort &r = rtl[e.rtl];
        if (r.dir != p.dir || e.lsb + p.width > r.width || (lane < 0 && p.width != r.width)) {
            fprintf(stderr, "cosim_%s: port %s: the C model has %s [%u bits%s], the Verilog "
                            "%s %s [%u bits] at these parameters\n",
                    name, p.name, p.dir == PORT_IN ? "input" : "output", p.width,
                    lane >= 0 ? ", a lane element" : "", r.dir == PORT_IN ? "input" : "output",
                    r.name, r.width);
            exit(2);
        }
        covered[e.rtl] += p.width;
        m.push_back(e);
    }
    for (size_t r = 0; r < rtl.size(); r++)
        if (covered[r] != rtl[r].width) {
            fprintf(stderr, "cosim_%s: Verilog port %s [%u bits] is %s by %s_ports (%u bits)\n",
                    name, rtl[r].name, rtl[r].width,
                    covered[r] ? "not wholly covered" : "not visited", name, covered[r]);
            exit(2);
        }
    return m;
}
