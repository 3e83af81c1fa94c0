/* SPDX-License-Identifier: Apache-2.0 */
/*
 * main.c -- build/simt: run a kernel through every mechanism on the SM core,
 * check each against the scalar reference, report the papers' metrics and
 * area side by side (issues 13, 24).  Exit status: 0 every mechanism equal
 * to the reference, 1 one differs or deadlocks, 2 bad input (one line).
 *
 * Command line (getopt_long; issue 24 "What to build" 2, 5).  This is the
 * specification the rebuild implements; until core.c replaces sm.c, --help
 * lists what this build accepts:
 *   build/simt [--kernel] FILE [options]   FILE: a .k kernel (a directory
 *                                          is refused with one line)
 *   --config NAME|FILE     a preset: 000 001 002 003 004 (each paper's
 *                          methodology table, tb/simt/configs/NAME.cfg, one
 *                          key a line with its paper line) or default; any
 *                          key=value file.  Applied first, whatever its place.
 *   --set KEY=VALUE        one configuration key (after --config); every key
 *                          also has its flag --KEY-WITH-DASHES VALUE, and the
 *                          old names stay: --lanes (warp_size), --depth
 *                          (spe_depth), --alu-lat, --mem-lat, --dpe-depth,
 *                          --sb-entries, --cct, --lut-entries, --maj,
 *                          --sched-bits, --policy, --swizzle, --regfile,
 *                          --tsimt-width, --sched.  --help lists the keys
 *                          from the key table (core_keys[]).
 *   --show-config          print the effective configuration and exit
 *   --mech all|LIST        mechanisms from mech_table[] (--help lists them
 *                          from the table).  Under `all`, a mechanism that
 *                          cannot hold the kernel (its structure too small,
 *                          --sched two-level on a self-scheduling one) is a
 *                          row saying why; named explicitly it is exit 2.
 *   --sched rr|two-level|oldest
 *   --param STRUCT.NAME=V  a structure's Verilog parameter; STRUCT from the
 *                          mechanisms' structs lists
 *   --format text|md|csv|json, --svg FILE, --vcd FILE, --fst FILE,
 *   --trace-dir DIR, --log FILE|-, --dump-mem FILE, --tech NM,
 *   --inject-fault reg|mem|pc|sb@CYCLE, --no-check,
 *   --max-steps N, --max-cycles N, --random N [--seed S] [--max-threads N],
 *   --gen SEED, --show-cfg FILE, --bench [FILE], --grid N (copies of a .k
 *   CTA: the CTA dispatch test), --quiet, --help.  Implemented in cli.c.
 *   Every output path (--svg, --vcd, --fst, --dump-mem, --log)
 *   is opened before any work: an unwritable one is one line, exit 2.
 *
 * Metrics (one row per mechanism; csv/json columns in this order, then the
 * mechanisms' own columns, mech.h's mech_cols, as the union):
 *   mech, cycles, warp_insts (issue slots), thread_insts, ipc
 *   (thread_insts / cycles, the papers' metric), simd_eff (thread_insts /
 *   (warp_insts x warp_size), asserted <= 1 every run), lane_util (lane-
 *   cycles executing a thread / (cycles x ALU and SFU lanes)), idle_cycles
 *   (no issue on any port), full_stalls, segments (128-byte transactions),
 *   bank_conflicts, ctas, area_mm2, area_overhead_pct (over spe), status
 *   ("ok", or why the mechanism could not run).  Every run also asserts
 *   that thread_insts equals the reference's count and that the issue
 *   histogram sums to warp_insts.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../../rtl_c/warp_pool.h"
#include "../../vcd/vcd.h"
#include "gen.h"
#include "kernel.h"
#include "ref.h"
#include "sm.h"
#include "cli.h"
#include "core.h"
#include "mech.h"

static const char *usage_text =
    "usage: build/simt [--kernel] FILE [options]     run FILE through the mechanisms\n"
    "       build/simt --show-cfg FILE               blocks, edges, reconvergence PCs\n"
    "       build/simt --random N [--seed S]         N generated kernels through every mechanism\n"
    "       build/simt --gen SEED                    print one generated kernel\n"
    "       build/simt --bench [FILE]                warp-instructions per second per mechanism\n"
    "options:\n"
    "  --mech LIST          spe,dpe,dwf,sbi,tsimt,stsimt,lwm or all (default all)\n"
    "  --sched S            rr|two-level: the warp order of spe, dpe, sbi and lwm\n"
    "                       (two-level: 004's fetch groups, two_level_sched; groups of\n"
    "                       8 warps or 1 large warp; default rr).  dwf, tsimt and\n"
    "                       stsimt schedule themselves: without --mech they are left\n"
    "                       out under two-level, named they are an error\n"
    "  --tsimt-width K      stsimt lane width: 1, 2, 4 or 8, at most --lanes (default 4,\n"
    "                       or --lanes if smaller); tsimt is K = 1\n"
    "  --format FMT         text|md|csv|json (default text)\n"
    "  --lanes N            warp width for every mechanism: 2..64, a power of two\n"
    "                       (dwf up to 32; default 16)\n"
    "  --alu-lat N          cycles from issue to a usable ALU result, 1..64 (default 4)\n"
    "  --mem-lat N          cycles from issue to a usable load result, 1..1000 (default 40)\n"
    "  --depth N            spe stack entries per warp, 1..32 (default 16)\n"
    "  --dpe-depth N        dpe stack entries per warp, 1..32 (default 8)\n"
    "  --sb-entries N       dpe shadow scoreboard entries per warp and path, 1..16 (default 6)\n"
    "  --cct N              sbi CCT entries, 2..256 (default 128)\n"
    "  --lut-entries N      dwf PC-warp LUT entries, 4..128 power of two (default 32)\n"
    "  --maj N              dwf majority table entries, 2..32 (default 32)\n"
    "  --sched-bits N       dwf scheduler data bits, 1..16 (default 8)\n"
    "  --policy P           dwf issue: dmaj|dmin|dtime|dpc|dpdpri (default dmaj)\n"
    "  --swizzle on|off     dwf thread swizzling (default on)\n"
    "  --regfile R          dwf register file: per_lane|crossbar (default per_lane)\n"
    "  --param S.K=V        a structure's Verilog parameter, as make cosim PARAMS= (same\n"
    "                       names, ranges, messages), e.g. dpe_stack.DEPTH=4,\n"
    "                       lane_regfile.REGS=32; applied after the flags above\n"
    "  --tech NM            technology node for the area column, 22..90 (default 45)\n"
    "  --svg FILE           warp-size histogram of each mechanism\n"
    "  --vcd FILE           every cycle's decisions and structures (VCD) and FILE.gtkw\n"
    "  --fst FILE           the same as FST (through vcd2fst) and FILE.gtkw\n"
"  --trace-dir DIR      write each structure's inputs and outputs, every cycle, as\n"
    "                       DIR/MECH-STRUCT.vec for build/cosim_STRUCT --replay\n"
    "  --log FILE           one line per issue and mechanism ('-' = stdout)\n"
    "  --dump-mem FILE      final memory as the reference computed it, one hex word a line\n"
    "  --max-steps N        reference limit in thread-instructions (default 10000000)\n"
    "  --max-cycles N       per mechanism (default 50000000)\n"
    "  --max-threads N      --random: kernels of 1..N threads, 1..256 (default 96)\n"
    "  --inject-fault K@C   test hook: at cycle C corrupt a register (reg), memory (mem),\n"
    "                       drop one structure update (pc), or ignore the scoreboard from\n"
    "                       then on (sb); the check must then fail\n"
    "  --no-check           skip the models' invariant checks each cycle (--bench does)\n"
    "  --quiet              --random: only the summary line\n"
    "  --help               this text\n"
    "the rebuilt SM core (issue 24; tb/simt/core.c, mech.h):\n"
    "  --core               run on the core: the mechanisms of its table (below), the\n"
    "                       kernel lowered to prog.h, the reference on prog\n"
    "  --config NAME|FILE   a preset: default 000 001 002 003 004 (tb/simt/configs)\n"
    "  --set KEY=VALUE      one key (after --config); also --KEY-WITH-DASHES VALUE; the\n"
    "                       old flags map: --lanes warp_size, --depth spe_depth, ...\n"
    "  --show-config        print the effective configuration\n"
    "  --grid N             N copies of a .k kernel's CTA (CTA dispatch; idempotent kernels)\n"
    "  --sched oldest       001's oldest-first (core only)\n";

static void die2(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
static void out_ok(const char *flag, const char *path);
static void die2(const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "simt: ");
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(2);
}

/* An output file the run will write: refused with one line before any
 * work when it is a directory or cannot be created (a file made here for
 * the test is removed again). */
static void out_ok(const char *flag, const char *path)
{
    struct stat sb;
    if (!path)
        return;
    int existed = !stat(path, &sb);
    if (existed && S_ISDIR(sb.st_mode))
        die2("%s: '%s' is a directory", flag, path);
    FILE *f = fopen(path, "a");
    if (!f)
        die2("%s: cannot write '%s': %s", flag, path, strerror(errno));
    fclose(f);
    if (!existed)
        remove(path);
}

static unsigned long long num(const char *flag, const char *v, unsigned long long lo,
                              unsigned long long hi)
{
    char *end;
    errno = 0;
    if (!v || !*v || *v == '-')
        die2("%s: expected a number %llu..%llu, got '%s'", flag, lo, hi, v ? v : "");
    unsigned long long x = strtoull(v, &end, 0);
    if (*end || errno || x < lo || x > hi)
        die2("%s: expected a number %llu..%llu, got '%s'", flag, lo, hi, v);
    return x;
}

typedef struct {
    const char *kernel;
    unsigned mech_mask;
    int format; /* 0 text 1 md 2 csv 3 json */
    sm_params P;
    double tech;
    const char *svg, *vcd, *fst, *dump_mem, *log, *trace_dir;
    uint64_t max_steps;
    int show_cfg, bench, quiet;
    unsigned long long random_n, seed, gen_seed;
    int gen;
    unsigned max_threads;
    int core, show_config; /* --core: run on the rebuilt SM core (issue 24) */
    int oldest;
    unsigned grid;         /* --core --grid N: N copies of a .k kernel's CTA */
} opts;

static unsigned parse_mechs(const char *v)
{
    if (!v)
        die2("--mech: expected spe,dpe,dwf,sbi,tsimt,stsimt,lwm,swi,sbi+swi or all");
    if (!strcmp(v, "all"))
        return (1u << SM_NMECH) - 1u;
    unsigned m = 0;
    char *c = strdup(v), *save = NULL;
    for (char *t = strtok_r(c, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        int f = -1;
        for (int i = 0; i < SM_NMECH; i++)
            if (!strcmp(t, sm_mech_name[i]))
                f = i;
        if (f < 0)
            die2("--mech: unknown mechanism '%s' (spe dpe dwf sbi tsimt stsimt lwm swi sbi+swi all)", t);
        m |= 1u << f;
    }
    free(c);
    if (!m)
        die2("--mech: expected spe,dpe,dwf,sbi,tsimt,stsimt,lwm,swi,sbi+swi or all");
    return m;
}


/* --KEY-WITH-DASHES of a core configuration key (the --core flags) */
static int old_key_flag(const char *name)
{
    for (const core_key *k = core_keys; k->key; k++) {
        size_t i = 0;
        for (; k->key[i] && name[i]; i++)
            if (name[i] != (k->key[i] == '_' ? '-' : k->key[i]))
                break;
        if (!k->key[i] && !name[i])
            return 1;
    }
    return 0;
}

static void parse_args(int argc, char **argv, opts *o)
{
    int mech_given = 0;
    memset(o, 0, sizeof *o);
    sm_default_params(&o->P);
    o->mech_mask = (1u << SM_NMECH) - 1u;
    o->tech = 45;
    o->max_steps = 10000000ull;
    o->seed = 1;
    o->max_threads = 96;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
#define VAL() (i + 1 < argc ? argv[++i] : (die2("%s needs a value", a), (char *)NULL))
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fputs(usage_text, stdout);
            printf("core mechanisms (mech_table):\n");
            for (unsigned j = 0; mech_table[j]; j++)
                printf("  %-8s %s (%s)\n", mech_table[j]->name, mech_table[j]->summary,
                       mech_table[j]->paper);
            printf("core configuration keys (core_keys; default = tb/simt/configs/default.cfg):\n");
            for (const core_key *k = core_keys; k->key; k++)
                printf("  %-13s %s\n", k->key, k->help);
            exit(0);
        } else if (!strcmp(a, "--kernel")) {
            o->kernel = VAL();
        } else if (!strcmp(a, "--show-cfg")) {
            o->show_cfg = 1;
        } else if (!strcmp(a, "--mech")) {
            o->mech_mask = parse_mechs(VAL());
            mech_given = 1;
        } else if (!strcmp(a, "--sched")) {
            const char *s = VAL();
            if (s && !strcmp(s, "rr"))
                o->P.sched = SM_SCHED_RR;
            else if (s && (!strcmp(s, "two-level") || !strcmp(s, "two_level")))
                o->P.sched = SM_SCHED_TWO_LEVEL;
            else if (s && !strcmp(s, "oldest"))
                o->oldest = 1; /* the core's (--core) */
            else
                die2("--sched: expected rr or two-level, got '%s'", s ? s : "");
        } else if (!strcmp(a, "--format")) {
            const char *f = VAL();
            if (!strcmp(f, "text"))
                o->format = 0;
            else if (!strcmp(f, "md"))
                o->format = 1;
            else if (!strcmp(f, "csv"))
                o->format = 2;
            else if (!strcmp(f, "json"))
                o->format = 3;
            else
                die2("--format: expected text, md, csv or json, got '%s'", f);
        } else if (!strcmp(a, "--lanes")) {
            unsigned l = (unsigned)num(a, VAL(), 2, 64);
            if (l & (l - 1))
                die2("--lanes: expected 2, 4, 8, 16, 32 or 64 (dwf: up to 32), got '%s'", argv[i]);
            o->P.lanes = l;
        } else if (!strcmp(a, "--tsimt-width")) {
            unsigned kw = (unsigned)num(a, VAL(), 1, 8);
            if (kw & (kw - 1))
                die2("--tsimt-width: expected 1, 2, 4 or 8, got '%s'", argv[i]);
            o->P.tsimt_width = kw;
        } else if (!strcmp(a, "--alu-lat")) {
            o->P.alu_lat = (unsigned)num(a, VAL(), 1, 64);
        } else if (!strcmp(a, "--mem-lat")) {
            o->P.mem_lat = (unsigned)num(a, VAL(), 1, 1000);
        } else if (!strcmp(a, "--depth")) {
            o->P.spe_depth = (unsigned)num(a, VAL(), 1, 32);
        } else if (!strcmp(a, "--dpe-depth")) {
            o->P.dpe_depth = (unsigned)num(a, VAL(), 1, 32);
        } else if (!strcmp(a, "--sb-entries")) {
            o->P.sb_entries = (unsigned)num(a, VAL(), 1, 16);
        } else if (!strcmp(a, "--cct")) {
            o->P.cct = (unsigned)num(a, VAL(), 2, 256);
        } else if (!strcmp(a, "--lut-entries")) {
            unsigned e = (unsigned)num(a, VAL(), 4, 128);
            if (e & (e - 1))
                die2("--lut-entries: expected a power of two 4..128, got '%s'", argv[i]);
            o->P.lut_entries = e;
        } else if (!strcmp(a, "--maj")) {
            o->P.maj = (unsigned)num(a, VAL(), 2, 32);
        } else if (!strcmp(a, "--sched-bits")) {
            o->P.sched_bits = (unsigned)num(a, VAL(), 1, 16);
        } else if (!strcmp(a, "--policy")) {
            const char *p = VAL();
            int pol = warp_pool_policy_parse(p);
            if (pol < 0 || strchr("0123456789", p[0]))
                die2("--policy: expected dmaj, dmin, dtime, dpc or dpdpri, got '%s'", p);
            o->P.policy = (unsigned)pol;
        } else if (!strcmp(a, "--swizzle")) {
            const char *s = VAL();
            if (!strcmp(s, "on"))
                o->P.swizzle = 1;
            else if (!strcmp(s, "off"))
                o->P.swizzle = 0;
            else
                die2("--swizzle: expected on or off, got '%s'", s);
        } else if (!strcmp(a, "--regfile")) {
            const char *s = VAL();
            if (!strcmp(s, "per_lane") || !strcmp(s, "per-lane"))
                o->P.regfile = SM_RF_PER_LANE;
            else if (!strcmp(s, "crossbar"))
                o->P.regfile = SM_RF_CROSSBAR;
            else
                die2("--regfile: expected per_lane or crossbar, got '%s'", s);
        } else if (!strcmp(a, "--tech")) {
            o->tech = (double)num(a, VAL(), 22, 90);
        } else if (!strcmp(a, "--svg")) {
            o->svg = VAL();
        } else if (!strcmp(a, "--vcd")) {
            o->vcd = VAL();
        } else if (!strcmp(a, "--fst")) {
            o->fst = VAL();
        } else if (!strcmp(a, "--param")) {
            const char *kv = VAL();
            const char *dot = strchr(kv, '.');
            int known = 0;
            for (unsigned j = 0; dot && sm_param_structs[j]; j++)
                if ((size_t)(dot - kv) == strlen(sm_param_structs[j]) &&
                    !strncmp(kv, sm_param_structs[j], (size_t)(dot - kv)))
                    known = 1;
            if (!known || !strchr(dot, '='))
                die2("--param: expected STRUCT.NAME=VALUE with STRUCT one of simt_stack "
                     "dpe_stack shadow_scoreboard hct_cct_heap dwf lane_regfile tsimt_frontend "
                     "sbi_scoreboard, "
                     "got '%s'", kv);
            if (o->P.nparam == sizeof o->P.param / sizeof o->P.param[0])
                die2("--param: at most %zu", sizeof o->P.param / sizeof o->P.param[0]);
            o->P.param[o->P.nparam++] = kv;
        } else if (!strcmp(a, "--trace-dir")) {
            o->trace_dir = VAL();
        } else if (!strcmp(a, "--log")) {
            o->log = VAL();
        } else if (!strcmp(a, "--dump-mem")) {
            o->dump_mem = VAL();
        } else if (!strcmp(a, "--max-steps")) {
            o->max_steps = num(a, VAL(), 1, 1ull << 40);
        } else if (!strcmp(a, "--max-cycles")) {
            o->P.max_cycles = num(a, VAL(), 1, 1ull << 40);
        } else if (!strcmp(a, "--max-threads")) {
            o->max_threads = (unsigned)num(a, VAL(), 1, 256);
        } else if (!strcmp(a, "--random")) {
            o->random_n = num(a, VAL(), 1, 100000000ull);
        } else if (!strcmp(a, "--seed")) {
            o->seed = num(a, VAL(), 0, ~0ull >> 1);
        } else if (!strcmp(a, "--gen")) {
            o->gen = 1;
            o->gen_seed = num(a, VAL(), 0, ~0ull >> 1);
        } else if (!strcmp(a, "--bench")) {
            o->bench = 1;
        } else if (!strcmp(a, "--inject-fault")) {
            const char *f = VAL();
            char kind[8];
            unsigned long long cyc;
            char tail;
            if (sscanf(f, "%7[a-z]@%llu%c", kind, &cyc, &tail) != 2 ||
                (strcmp(kind, "reg") && strcmp(kind, "mem") && strcmp(kind, "pc") &&
                 strcmp(kind, "sb")))
                die2("--inject-fault: expected reg@CYCLE, mem@CYCLE, pc@CYCLE or sb@CYCLE, got '%s'", f);
            o->P.fault_kind = !strcmp(kind, "reg") ? 1 : !strcmp(kind, "mem") ? 2 : !strcmp(kind, "pc") ? 3 : 4;
            o->P.fault_cycle = cyc;
        } else if (!strcmp(a, "--no-check")) {
            o->P.check = 0;
        } else if (!strcmp(a, "--quiet")) {
            o->quiet = 1;
        } else if (!strcmp(a, "--core")) {
            o->core = 1;
        } else if (!strcmp(a, "--grid")) {
            o->grid = (unsigned)num(a, VAL(), 1, 65535);
        } else if (!strcmp(a, "--show-config")) {
            o->show_config = 1;
        } else if (!strcmp(a, "--config") || !strcmp(a, "--set")) {
            (void)VAL(); /* applied by core_config_from_args */
        } else if (a[0] == '-' && a[1] == '-' && old_key_flag(a + 2)) {
            (void)VAL(); /* a configuration key: the core's (--core) */
        } else if (a[0] == '-' && a[1]) {
            die2("unknown option '%s' (see --help)", a);
        } else if (!o->kernel) {
            o->kernel = a;
        } else
            die2("more than one kernel given ('%s' and '%s')", o->kernel, a);
        (void)v;
#undef VAL
    }
    if (o->P.sched == SM_SCHED_TWO_LEVEL && !mech_given)
        o->mech_mask &= ~((1u << SM_DWF) | (1u << SM_TSIMT) | (1u << SM_STSIMT));
}

/* ------------------------------------------------------------- running */
typedef struct {
    int ran;
    sm_stats st;
    double area;
    char area_what[256];
} mech_result;

/* Runs the selected mechanisms; 0 all equal to the reference, 1 a
 * difference (message printed to stderr unless msg is given), 2 a bad
 * parameter for this kernel. */
static int run_mechs(const kernel *k, const ref_result *ref, const opts *o, unsigned mask,
                     mech_result *res, const char *vcd_path, char *msg, size_t msglen)
{
    sm *s[SM_NMECH] = {0};
    area_tech tech;
    area_tech_at(o->tech, NULL, &tech);
    for (int m = 0; m < SM_NMECH; m++) {
        if (!(mask >> m & 1u))
            continue;
        const char *e = sm_new((enum sm_mech)m, k, ref, &o->P, &s[m]);
        if (e) {
            for (int j = 0; j < m; j++)
                sm_free(s[j]);
            if (msg)
                snprintf(msg, msglen, "%s", e);
            else
                fprintf(stderr, "simt: %s\n", e);
            return 2;
        }
    }
    int rc = 0;
    FILE *logf = NULL;
    if (o->log && !msg) {
        logf = strcmp(o->log, "-") ? fopen(o->log, "w") : stdout;
        if (!logf)
            die2("--log: cannot write '%s'", o->log);
        for (int m = 0; m < SM_NMECH; m++)
            if (s[m])
                sm_set_log(s[m], logf);
    }
    if (o->trace_dir && !msg)
        for (int m = 0; m < SM_NMECH; m++)
            if (s[m])
                sm_set_trace_dir(s[m], o->trace_dir);
    if (vcd_path) {
        vcd_writer *w = vcd_open(vcd_path, "1ns");
        if (!w)
            die2("--vcd: cannot write '%s'", vcd_path);
        for (int m = 0; m < SM_NMECH; m++)
            if (s[m])
                sm_set_vcd(s[m], w);
        for (uint64_t t = 0;; t++) {
            vcd_time(w, t);
            vcd_sig(w, "cycle", 32, t);
            int all_done = 1;
            for (int m = 0; m < SM_NMECH && !rc; m++) {
                if (!s[m])
                    continue;
                vcd_scope(w, sm_mech_name[m]);
                int r = sm_cycle(s[m]);
                vcd_upscope(w);
                if (r < 0)
                    rc = 1;
                else if (r == 0)
                    all_done = 0;
            }
            if (rc || all_done)
                break;
        }
        if (vcd_close(w))
            die2("--vcd: writing '%s' failed", vcd_path);
    } else {
        for (int m = 0; m < SM_NMECH && !rc; m++)
            if (s[m] && sm_run(s[m]))
                rc = 1;
    }
    if (logf && logf != stdout)
        fclose(logf);
    for (int m = 0; m < SM_NMECH; m++) {
        if (!s[m])
            continue;
        if (!rc && sm_finish(s[m]))
            rc = 1;
        if (rc && sm_error(s[m])[0] && (!msg || !msg[0])) {
            if (msg)
                snprintf(msg, msglen, "%s", sm_error(s[m]));
            else if (rc == 1) {
                fprintf(stderr, "simt: %s: %s\n", k->file, sm_error(s[m]));
                rc = 3; /* printed */
            }
        }
        if (o->trace_dir && !msg) {
            const char *paths[4];
            int n = sm_trace_files(s[m], paths, 4);
            if (n < 0)
                die2("--trace-dir: writing the vector files failed");
            for (int j = 0; j < n && o->format == 0 && !rc; j++)
                printf("trace %s\n", paths[j]);
        }
        res[m].ran = 1;
        res[m].st = *sm_get_stats(s[m]);
        res[m].area = sm_area(s[m], &tech, res[m].area_what, sizeof res[m].area_what);
        sm_free(s[m]);
    }
    return rc == 3 ? 1 : rc;
}

/* --------------------------------------------------------------- report */
static const char *peak_name(int m)
{
    switch (m) {
    case SM_SPE:
    case SM_DPE: return "stack_depth";
    case SM_DWF: return "pool_warps";
    case SM_SBI:
    case SM_SBISWI: return "cct_entries";
    default: return "stack_depth";
    }
}

static void report(const kernel *k, const opts *o, const mech_result *res)
{
    double spe_area = res[SM_SPE].ran ? res[SM_SPE].area : 0;
    area_tech tech;
    area_tech_at(o->tech, NULL, &tech);
    if (!res[SM_SPE].ran) {
        /* the overhead is over spe at the same design point: size it */
        ref_result dummy;
        memset(&dummy, 0, sizeof dummy);
        sm *s;
        if (!sm_new(SM_SPE, k, &dummy, &o->P, &s)) {
            char w[256];
            spe_area = sm_area(s, &tech, w, sizeof w);
            sm_free(s);
        }
    }
    const char *cols[] = {"mech", "cycles", "warp_insts", "thread_insts", "simd_eff",
                          "idle_cycles", "full_stalls", "peak_stack_depth", "peak_pool_warps",
                          "peak_cct_entries", "avg_paths", "sec_insts", "rf_conflicts",
                          "area_mm2", "area_overhead_pct", "sec_suspended",
                          "issue_conflicts", "lane_util", "swi_insts", "swi_conflicts"};
    const int ncol = (int)(sizeof cols / sizeof cols[0]);
    unsigned L = o->P.lanes;
    if (o->format == 0)
        printf("kernel %s (%s): %u threads, %u lanes, alu-lat %u, mem-lat %u, %g nm\n", k->name,
               k->file, k->threads, L, o->P.alu_lat, o->P.mem_lat, o->tech);
    if (o->format == 0)
        printf("%-7s %9s %10s %12s %8s %9s %8s %6s %-12s %9s %8s %8s %9s\n", "mech", "cycles",
               "warp_insts", "thread_insts", "simd_eff", "idle", "full_stl", "peak", "(what)",
               "avg_paths", "sec_insts", "area_mm2", "overhead");
    else if (o->format == 1) {
        printf("|");
        for (int c = 0; c < ncol; c++)
            printf(" %s |", cols[c]);
        printf("\n|");
        for (int c = 0; c < ncol; c++)
            printf("%s", c ? "---:|" : "---|");
        printf("\n");
    } else if (o->format == 2) {
        for (int c = 0; c < ncol; c++)
            printf("%s%s", c ? "," : "", cols[c]);
        printf("\n");
    } else
        printf("{\"kernel\": \"%s\", \"threads\": %u, \"lanes\": %u, \"tech_nm\": %g, \"rows\": [\n",
               k->name, k->threads, L, o->tech);
    int first = 1;
    for (int m = 0; m < SM_NMECH; m++) {
        if (!res[m].ran)
            continue;
        const sm_stats *st = &res[m].st;
        double eff = st->warp_insts ? (double)st->thread_insts / ((double)st->warp_insts * L) : 0;
        double ovh = spe_area > 0 ? 100.0 * (res[m].area - spe_area) / spe_area : 0;
        char v[20][48];
        snprintf(v[0], 48, "%s", sm_mech_name[m]);
        snprintf(v[1], 48, "%llu", (unsigned long long)st->cycles);
        snprintf(v[2], 48, "%llu", (unsigned long long)st->warp_insts);
        snprintf(v[3], 48, "%llu", (unsigned long long)st->thread_insts);
        snprintf(v[4], 48, "%.4f", eff);
        snprintf(v[5], 48, "%llu", (unsigned long long)st->idle_cycles);
        snprintf(v[6], 48, "%llu", (unsigned long long)st->full_stalls);
        for (int c = 7; c <= 12; c++)
            v[c][0] = 0;
        snprintf(v[m == SM_DWF ? 8 : (m == SM_SBI || m == SM_SBISWI) ? 9 : 7], 48, "%llu",
                 (unsigned long long)st->peak);
        if (m == SM_DPE)
            snprintf(v[10], 48, "%.3f", st->avg_paths);
        if (m == SM_SBI || m == SM_SBISWI)
            snprintf(v[11], 48, "%llu", (unsigned long long)st->sec_insts);
        if (m == SM_DWF)
            snprintf(v[12], 48, "%llu", (unsigned long long)st->rf_conflicts);
        v[13][0] = v[14][0] = 0;
        if (res[m].area >= 0)
            snprintf(v[13], 48, "%.5f", res[m].area);
        if (res[m].area >= 0 && spe_area > 0)
            snprintf(v[14], 48, "%.1f", ovh);
        v[15][0] = v[16][0] = v[17][0] = 0;
        if (m == SM_SBI || m == SM_SBISWI)
            snprintf(v[15], 48, "%llu", (unsigned long long)st->sec_suspended);
        v[18][0] = v[19][0] = 0;
        if (m == SM_SWI || m == SM_SBISWI) {
            snprintf(v[18], 48, "%llu", (unsigned long long)st->swi_insts);
            snprintf(v[19], 48, "%llu", (unsigned long long)st->swi_conflicts);
        }
        if (m == SM_TSIMT || m == SM_STSIMT) {
            snprintf(v[16], 48, "%llu", (unsigned long long)st->issue_conflicts);
            snprintf(v[17], 48, "%.4f",
                     st->cycles ? (double)st->lane_busy / ((double)st->cycles * st->tsimt_lanes) : 0);
        }
        if (o->format == 0) {
            printf("%-7s %9s %10s %12s %8s %9s %8s %6s %-12s %9s %8s %8s %8s%s\n", v[0], v[1], v[2],
                   v[3], v[4], v[5], v[6],
                   v[m == SM_DWF ? 8 : (m == SM_SBI || m == SM_SBISWI) ? 9 : 7], peak_name(m),
                   m == SM_DPE ? v[10] : "-",
                   (m == SM_SBI || m == SM_SBISWI) ? v[11] : m == SM_SWI ? v[18] : "-",
                   v[13][0] ? v[13] : "-",
                   v[14][0] ? v[14] : "-", v[14][0] ? "%" : "");
        } else if (o->format == 1) {
            printf("|");
            for (int c = 0; c < ncol; c++)
                printf(" %s |", v[c][0] ? v[c] : "-");
            printf("\n");
        } else if (o->format == 2) {
            for (int c = 0; c < ncol; c++)
                printf("%s%s", c ? "," : "", v[c]);
            printf("\n");
        } else {
            printf("%s  {", first ? "" : ",\n");
            for (int c = 0; c < ncol; c++) {
                if (c == 0)
                    printf("\"%s\": \"%s\"", cols[c], v[c]);
                else
                    printf(", \"%s\": %s", cols[c], v[c][0] ? v[c] : "null");
            }
            printf(", \"area_structs\": \"%s\"}", res[m].area_what);
        }
        first = 0;
    }
    if (o->format == 3)
        printf("\n]}\n");
    else if (o->format == 0) {
        if (res[SM_DWF].ran)
            printf("dwf: policy %s, swizzle %s, regfile %s, %llu bank-conflict cycles, %llu LUT "
                   "evictions\n",
                   warp_pool_policy_name(o->P.policy), o->P.swizzle ? "on" : "off",
                   o->P.regfile ? "crossbar" : "per_lane",
                   (unsigned long long)res[SM_DWF].st.rf_conflicts,
                   (unsigned long long)res[SM_DWF].st.lut_evictions);
        for (int m = SM_TSIMT; m <= SM_STSIMT; m++)
            if (res[m].ran) {
                const sm_stats *st = &res[m].st;
                printf("%s: %u lanes of %u, lane_util %.4f, issue conflicts %llu cycles (1 lane "
                       "waiting: %llu, 2: %llu, 3 or more: %llu)\n",
                       sm_mech_name[m], st->tsimt_lanes, st->tsimt_width,
                       st->cycles ? (double)st->lane_busy / ((double)st->cycles * st->tsimt_lanes)
                                  : 0,
                       (unsigned long long)st->issue_conflicts,
                       (unsigned long long)st->issue_conf[0], (unsigned long long)st->issue_conf[1],
                       (unsigned long long)st->issue_conf[2]);
            }
        for (int m = 0; m < SM_NMECH; m++)
            if (res[m].ran && res[m].area < 0)
                printf("%s area %s\n", sm_mech_name[m], res[m].area_what);
        printf("all mechanisms match the reference (registers, predicates, memory, every "
               "thread's PC sequence)\n");
    }
}

static void write_svg(const char *path, const opts *o, const kernel *k, const mech_result *res)
{
    FILE *f = fopen(path, "w");
    if (!f)
        die2("--svg: cannot write '%s'", path);
    unsigned L = o->P.lanes, n = 0;
    for (int m = 0; m < SM_NMECH; m++)
        n += (unsigned)res[m].ran;
    int pw = 360, ph = 200, W = pw * (int)(n ? n : 1) + 20;
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
               "font-family=\"sans-serif\" font-size=\"11\">\n",
            W, ph + 60);
    fprintf(f, "<text x=\"10\" y=\"16\" font-size=\"13\">%s: issue slots by active threads "
               "(warp size), %u lanes</text>\n",
            k->name, L);
    int x0 = 10;
    for (int m = 0; m < SM_NMECH; m++) {
        if (!res[m].ran)
            continue;
        const sm_stats *st = &res[m].st;
        uint64_t tot = 0, mx = 1;
        for (unsigned i = 0; i <= L; i++) {
            tot += st->hist[i];
            if (st->hist[i] > mx)
                mx = st->hist[i];
        }
        int bx = x0 + 40, by = 40, bw = pw - 50, bh = ph - 40;
        fprintf(f, "<text x=\"%d\" y=\"34\">%s (%llu slots)</text>\n", bx,
                sm_mech_name[m], (unsigned long long)tot);
        fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
                   "stroke=\"#888\"/>\n",
                bx, by, bw, bh);
        double cw = (double)bw / L;
        for (unsigned i = 1; i <= L; i++) {
            double fr = tot ? (double)st->hist[i] / (double)tot : 0;
            double h = (double)st->hist[i] / (double)mx * (bh - 4);
            fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
                       "fill=\"#4a7ab5\"><title>%u threads: %llu slots (%.1f%%)</title></rect>\n",
                    bx + (i - 1) * cw + 1, by + bh - h, cw - 2, h, i,
                    (unsigned long long)st->hist[i], 100 * fr);
            if (L <= 16 || i % 4 == 0 || i == 1)
                fprintf(f, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%u</text>\n",
                        bx + (i - 0.5) * cw, by + bh + 12, i);
        }
        fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%llu</text>\n", bx - 3,
                by + 8, (unsigned long long)mx);
        fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">0</text>\n", bx - 3, by + bh);
        x0 += pw;
    }
    fprintf(f, "</svg>\n");
    fclose(f);
}

/* The GTKWave save file beside a waveform: the decisions of each
 * mechanism, then each structure's operation and action by name. */
static void write_gtkw(const char *wave, unsigned mask, unsigned L, const mech_result *res)
{
    char path[1100];
    snprintf(path, sizeof path, "%s.gtkw", wave);
    FILE *f = fopen(path, "w");
    if (!f)
        die2("cannot write '%s'", path);
    fprintf(f, "[*] build/simt decisions: the issued warp/path/split, its PC and mask, per "
               "mechanism\n[dumpfile] \"%s\"\n[timestart] 0\n[size] 1600 900\n"
               "[signals_width] 320\n[sst_expanded] 1\n",
            wave);
    fprintf(f, "@24\n+{cycle} cycle[31:0]\n");
    for (int m = 0; m < SM_NMECH; m++) {
        if (!(mask >> m & 1u))
            continue;
        const char *n = sm_mech_name[m];
        fprintf(f, "@800200\n-%s\n@28\n+{%s issue} %s.issue_valid\n@24\n"
                   "+{%s warp} %s.issue_warp[7:0]\n",
                n, n, n, n, n);
        if (m == SM_DPE)
            fprintf(f, "@2028\n^1 vcd/filters/dpe_stack_side.txt\n+{dpe path} dpe.issue_side\n");
        fprintf(f, "@24\n+{%s pc} %s.issue_pc[15:0]\n@22\n+{%s mask} %s.issue_mask[%u:0]\n"
                   "@24\n+{%s threads} %s.issue_threads[7:0]\n",
                n, n, n, n, L - 1, n, n);
        if (m == SM_SBI || m == SM_SBISWI)
            fprintf(f, "@28\n+{%s secondary} %s.issue2_valid\n@24\n+{%s pc2} "
                       "%s.issue2_pc[15:0]\n@22\n+{%s mask2} %s.issue2_mask[%u:0]\n",
                    n, n, n, n, n, n, L - 1);
        if (m == SM_SWI || m == SM_SBISWI)
            fprintf(f, "@28\n+{%s swi warp issues} %s.issue3_valid\n@24\n+{%s swi warp} "
                       "%s.issue3_warp[7:0]\n+{%s swi pc} %s.issue3_pc[15:0]\n@22\n"
                       "+{%s swi mask} %s.issue3_mask[%u:0]\n@2024\n"
                       "^5 vcd/filters/swi_sched_act.txt\n+{%s swi act} %s.swi_sched.act[2:0]\n",
                    n, n, n, n, n, n, n, n, L - 1, n, n);
        if (m == SM_SPE)
            fprintf(f, "@2024\n^2 vcd/filters/simt_stack_act.txt\n+{spe stack act} "
                       "spe.simt_stack.act[2:0]\n");
        if (m == SM_DPE)
            fprintf(f, "@2024\n^3 vcd/filters/dpe_stack_act.txt\n+{dpe stack act} "
                       "dpe.dpe_stack.act[2:0]\n@28\n+{dpe sb hazard} "
                       "dpe.shadow_scoreboard.hazard\n");
        if (m == SM_DWF)
            fprintf(f, "@2024\n^4 vcd/filters/warp_pool_src.txt\n+{dwf issue src} "
                       "dwf.dwf.iss_src[1:0]\n@28\n+{dwf commit} dwf.dwf.cm_valid\n"
                       "+{dwf rf stall} dwf.lane_regfile.stall\n");
        if (m == SM_TSIMT || m == SM_STSIMT)
        {
            char r[16] = "";
            unsigned tl = res[m].st.tsimt_lanes;
            if (tl > 1)
                snprintf(r, sizeof r, "[%u:0]", tl - 1);
            fprintf(f, "@24\n+{%s lane} %s.issue_lane[5:0]\n@22\n+{%s lanes busy} "
                       "%s.tsimt_frontend.lane_ex%s\n@24\n+{%s conflict} "
                       "%s.tsimt_frontend.conflict[1:0]\n",
                    n, n, n, n, r, n, n);
        }
        if (m == SM_LWM)
            fprintf(f, "@2024\n^9 vcd/filters/lwm_subwarp_act.txt\n+{lwm sub-warping} "
                       "lwm.lwm_subwarp.act[2:0]\n@2024\n^10 vcd/filters/lwm_subwarp_stack.txt\n"
                       "+{lwm fetch stack act} lwm.lwm_subwarp.f_act[2:0]\n@2024\n"
                       "^10 vcd/filters/lwm_subwarp_stack.txt\n+{lwm commit stack act} "
                       "lwm.lwm_subwarp.br_act[2:0]\n@28\n+{lwm fetch stall} "
                       "lwm.lwm_subwarp.fetch_stall\n");
        if (m == SM_SBI)
            fprintf(f, "@2024\n^5 vcd/filters/hct_cct_heap_act.txt\n+{sbi heap act} "
                       "sbi.hct_cct_heap.act[3:0]\n@28\n+{sbi run2} sbi.hct_cct_heap.rd_run2\n");
        fprintf(f, "@1000200\n-%s\n", n);
    }
    fclose(f);
}

static int dump_mem(const char *path, const kernel *k, const ref_result *r)
{
    FILE *f = fopen(path, "w");
    if (!f)
        die2("--dump-mem: cannot write '%s'", path);
    for (unsigned a = 0; a < k->mem_words; a++)
        fprintf(f, "%08x\n", r->mem[a]);
    return fclose(f) ? (die2("--dump-mem: writing '%s' failed", path), 2) : 0;
}

/* ---------------------------------------------------------------- random */
static int run_random(const opts *o)
{
    unsigned long long fails = 0;
    uint64_t insts = 0;
    for (unsigned long long i = 0; i < o->random_n; i++) {
        uint64_t seed = o->seed + i;
        char *text = gen_kernel(seed, o->max_threads);
        kernel k;
        char err[1024] = "";
        ref_result ref;
        memset(&ref, 0, sizeof ref);
        int bad = 0;
        char name[64];
        snprintf(name, sizeof name, "gen%llu.k", (unsigned long long)seed);
        if (kernel_parse(name, text, &k, err, sizeof err))
            bad = 1;
        else if (ref_run(&k, o->P.lanes, o->max_steps, &ref, err, sizeof err))
            bad = 1;
        else {
            mech_result res[SM_NMECH];
            memset(res, 0, sizeof res);
            int rc = run_mechs(&k, &ref, o, o->mech_mask, res, NULL, err, sizeof err);
            if (rc)
                bad = 1;
            for (int m = 0; m < SM_NMECH; m++)
                insts += res[m].st.warp_insts;
            /* the papers' claim, on every kernel: dpe issues what spe issues */
            if (!rc && res[SM_SPE].ran && res[SM_DPE].ran &&
                (res[SM_SPE].st.warp_insts != res[SM_DPE].st.warp_insts ||
                 res[SM_SPE].st.thread_insts != res[SM_DPE].st.thread_insts)) {
                snprintf(err, sizeof err,
                         "dpe issued %llu warp- / %llu thread-instructions, spe %llu / %llu",
                         (unsigned long long)res[SM_DPE].st.warp_insts,
                         (unsigned long long)res[SM_DPE].st.thread_insts,
                         (unsigned long long)res[SM_SPE].st.warp_insts,
                         (unsigned long long)res[SM_SPE].st.thread_insts);
                bad = 1;
            }
        }
        if (bad) {
            fails++;
            printf("FAIL random seed %llu: %s\n--- kernel (build/simt --gen %llu) ---\n%s---\n",
                   (unsigned long long)seed, err, (unsigned long long)seed, text);
        } else if (!o->quiet)
            printf("ok random seed %llu\n", (unsigned long long)seed);
        ref_free(&ref);
        kernel_free(&k);
        free(text);
        if (fails >= 5)
            break;
    }
    printf("random: %llu kernels from seed %llu, lanes %u, mechanisms", o->random_n,
           (unsigned long long)o->seed, o->P.lanes);
    for (int m = 0; m < SM_NMECH; m++)
        if (o->mech_mask >> m & 1u)
            printf(" %s", sm_mech_name[m]);
    printf(": %llu failed (%llu warp-instructions simulated)\n", fails, (unsigned long long)insts);
    return fails ? 1 : 0;
}

/* ----------------------------------------------------------------- bench */
static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int run_bench(const opts *o)
{
    /* the kernel given, or a fixed set of generated ones */
    unsigned nk = o->kernel ? 1 : 16;
    kernel *ks = calloc(nk, sizeof *ks);
    ref_result *refs = calloc(nk, sizeof *refs);
    char err[1024];
    for (unsigned i = 0; i < nk; i++) {
        int rc;
        if (o->kernel)
            rc = kernel_load(o->kernel, &ks[i], err, sizeof err);
        else {
            char *t = gen_kernel(1000 + i, 256);
            rc = kernel_parse("bench", t, &ks[i], err, sizeof err);
            free(t);
        }
        if (rc || ref_run(&ks[i], o->P.lanes, o->max_steps, &refs[i], err, sizeof err)) {
            fprintf(stderr, "simt: %s\n", err);
            return 2;
        }
    }
    opts b = *o;
    b.P.check = 0;
    printf("bench: %s, %u lanes, models' invariant checks off, reference check on, "
           "process CPU time (the machine may be shared)\n",
           o->kernel ? o->kernel : "16 generated kernels (seeds 1000..1015)", o->P.lanes);
    printf("%-7s %14s %12s %10s %16s\n", "mech", "warp_insts", "cycles", "cpu_s",
           "warp_insts/s");
    int rc = 0;
    for (int m = 0; m < SM_NMECH; m++) {
        if (!(o->mech_mask >> m & 1u))
            continue;
        uint64_t wi = 0, cyc = 0;
        double t0 = now_s(), t1 = t0;
        int reps = 0;
        do {
            for (unsigned i = 0; i < nk; i++) {
                sm *s;
                const char *e = sm_new((enum sm_mech)m, &ks[i], &refs[i], &b.P, &s);
                if (e) {
                    fprintf(stderr, "simt: %s\n", e);
                    return 2;
                }
                if (sm_run(s) || sm_finish(s)) {
                    fprintf(stderr, "simt: %s\n", sm_error(s));
                    rc = 1;
                }
                wi += sm_get_stats(s)->warp_insts;
                cyc += sm_get_stats(s)->cycles;
                sm_free(s);
            }
            reps++;
            t1 = now_s();
        } while (t1 - t0 < 1.0 && reps < 1000);
        printf("%-7s %14llu %12llu %10.3f %16.0f\n", sm_mech_name[m], (unsigned long long)wi,
               (unsigned long long)cyc, t1 - t0, (double)wi / (t1 - t0));
    }
    for (unsigned i = 0; i < nk; i++) {
        ref_free(&refs[i]);
        kernel_free(&ks[i]);
    }
    free(ks);
    free(refs);
    return rc;
}


int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--core"))
            return simt_main(argc, argv); /* the rebuilt SM core (cli.c) */
    opts o;
    parse_args(argc, argv, &o);
    if (o.oldest || o.grid)
        die2("%s: only with --core (the rebuilt SM core)", o.oldest ? "--sched oldest" : "--grid");
    if (o.gen) {
        char *t = gen_kernel(o.gen_seed, o.max_threads);
        fputs(t, stdout);
        free(t);
        return 0;
    }
    if (o.random_n)
        return run_random(&o);
    if (o.bench)
        return run_bench(&o);
    if (!o.kernel)
        die2("no kernel given (build/simt --kernel FILE; see --help)");
    kernel k;
    char err[1024];
    if (kernel_load(o.kernel, &k, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    if (o.show_cfg) {
        kernel_show_cfg(&k, stdout);
        kernel_free(&k);
        return 0;
    }
    ref_result ref;
    if (ref_run(&k, o.P.lanes, o.max_steps, &ref, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    if (o.dump_mem)
        dump_mem(o.dump_mem, &k, &ref);
    mech_result res[SM_NMECH];
    memset(res, 0, sizeof res);
    if (o.trace_dir && mkdir(o.trace_dir, 0777) && errno != EEXIST)
        die2("--trace-dir: cannot create '%s': %s", o.trace_dir, strerror(errno));
    /* every output path before any work (issue 30): one line, exit 2 */
    out_ok("--fst", o.fst);
    out_ok("--vcd", o.vcd);
    out_ok("--svg", o.svg);
    out_ok("--log", o.log && strcmp(o.log, "-") ? o.log : NULL);
    char vcdtmp[1100] = "";
    const char *vcd = o.vcd;
    if (o.fst && !vcd) {
        snprintf(vcdtmp, sizeof vcdtmp, "%s.tmp.vcd", o.fst);
        vcd = vcdtmp;
    }
    int rc = run_mechs(&k, &ref, &o, o.mech_mask, res, vcd, NULL, 0);
    if (rc == 0) {
        report(&k, &o, res);
        if (o.svg)
            write_svg(o.svg, &o, &k, res);
        if (o.vcd)
            write_gtkw(o.vcd, o.mech_mask, o.P.lanes, res);
        if (o.fst) {
            pid_t pid = fork();
            if (pid == 0) {
                execlp("vcd2fst", "vcd2fst", vcd, o.fst, (char *)NULL);
                _exit(127);
            }
            int st = 0;
            if (pid < 0 || waitpid(pid, &st, 0) < 0 || !WIFEXITED(st) || WEXITSTATUS(st)) {
                fprintf(stderr, "simt: --fst: vcd2fst failed (is gtkwave installed? make deps)\n");
                rc = 2;
            } else
                write_gtkw(o.fst, o.mech_mask, o.P.lanes, res);
            if (vcdtmp[0])
                remove(vcdtmp);
        }
    }
    ref_free(&ref);
    kernel_free(&k);
    return rc;
}
