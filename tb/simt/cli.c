/* SPDX-License-Identifier: Apache-2.0 */
/*
 * cli.c -- build/simt on the SM core (issue 24): the command line
 * (getopt_long), the runs, the waveform and the random kernels; the
 * benchmark is cli_bench.c's, the launch sequences cli_seq.c's, the
 * report, the SVG histogram and --dump-mem cli_report.c's, the types and
 * functions they share cli_int.h's.  The specification is at the top of
 * main.c, whose main() is simt_main().
 *
 * Everything named by the tables comes from them: the mechanisms
 * (mech_table: --mech, --help, report rows and their extra columns, the
 * GTKWave lines, the VCD scopes), the configuration keys (core_keys: the
 * preset files, --set, the per-key flags, --help) and the --param
 * structures (each mechanism's structs list).
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../../vcd/vcd.h"
#include "core.h"
#include "gen.h"
#include "kernel.h"
#include "launch.h"
#include "layout.h"
#include "mech.h"
#include "scalar.h"
#include "prog.h"
#include "ref.h"
#include "cli_int.h"

void die2(const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "simt: ");
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(2);
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

/* "s" after a count other than one */

/* The width of the mechanism column in text output: the longest name of
 * mech_table (at least "mech" and 8), so every row lines up. */


/* ------------------------------------------------------------- usage */
static void usage(void)
{
    printf("usage: build/simt [--kernel] FILE [options]   run FILE through the mechanisms\n"
           "       build/simt --show-cfg FILE             blocks, edges, reconvergence PCs (a .k\n"
           "                                              FILE, or --ptx/--cuda/--launch FILE)\n"
           "       build/simt --show-scalar FILE          002's scalarization: each instruction's\n"
           "                                              mark, the registers by class, the allocation\n"
           "       build/simt --random N [--seed S]       N generated kernels through them\n"
           "       build/simt --gen SEED                  print one generated kernel\n"
           "       build/simt --bench [FILE]              warp-instructions per second\n"
           "       build/simt --launch FILE [options]     a PTX or CUDA kernel as its launch file\n"
           "                                              describes it, or a sequence of launches\n"
           "                                              (launch, for, do/while lines; docs/ptx.md)\n"
           "       build/simt --ptx|--cuda FILE --entry NAME --launch-set 'KEY VALUE' ...\n"
           "                                              the same, the launch given by flags\n"
           "options:\n"
           "  --entry NAME         the .entry to run (a launch's entry key)\n"
           "  --launch-set 'K V'   any launch-file key, e.g. 'grid 4 2', 'block 64',\n"
           "                       'param 1=64' (one parameter), 'params u64 0, s32 9'\n"
           "  --config NAME|FILE   a preset: default 000 001 002 003 004 (tb/simt/configs/),\n"
           "                       or a key = value file; applied first\n"
           "  --set KEY=VALUE      one configuration key; also --KEY-WITH-DASHES VALUE\n"
           "  --lanes N            warp_size N (simd_width at most N); --depth N: spe_depth\n"
           "  --show-config        print the effective configuration and exit\n"
           "  --mech all|LIST      the mechanisms (below; default all)\n"
           "  --param S.K=V        a structure's Verilog parameter (structures below)\n"
           "  --format FMT         text|md|csv|json (default text)\n"
           "  --svg FILE           issue-slot histogram per mechanism\n"
           "  --vcd FILE / --fst FILE  every cycle's decisions and structures, and FILE.gtkw\n"
           "  --trace-dir DIR      every structure's ports per cycle, DIR/MECH-STRUCT.vec\n"
           "  --log FILE           one line per issue ('-' = stdout)\n"
           "  --dump-mem FILE      the reference's final memory, one hex word a line\n"
           "  --tech NM            technology node of the area column, 22..90 (default 45)\n"
           "  --inject-fault K@C   test hook: reg, mem, pc (a dropped update), sb (blind\n"
           "                       scoreboards) or lane (the scoreboard forgets each thread's\n"
           "                       wave, lane position or segment) at cycle C, ready (one\n"
           "                       update of the core's ready set skipped), or scalar@0\n"
           "                       (an unsound scalarization); the checks must then fail\n"
           "                       layout@0: --layout tf leaves a moved fall-through unpatched\n"
           "                       wsync: lwm packs a warp-synchronous instruction by column\n"
           "                       barred: one change of the core's barred set skipped\n"
           "                       lean: dwf's lean evaluation sees a commit TID flipped,\n"
           "                       tsimt's loses a ready lane\n"
           "                       quiet: quiet stretches declared twice too long (--check)\n"
           "                       rv: dwf keeps a parked thread's membermask wait as none\n"
           "                       rows: a CTA's first thread starts with its registers\n"
           "                       uncleared (filled under --check)\n"
           "                       taint@K: the reference's order taint without one\n"
           "                       widening (ref.h refp_taint_fault)\n"
           "                       hook@K: the taint's plain-load seed without one rule\n"
           "                       (ref.h refp_hook_fault)\n"
           "                       atom@K: the taint's atomics: 1 an atomic's result\n"
           "                       not tainted by the bytes it reads, 2 the atomics map\n"
           "                       not counted in --mem-peak (ref.h refp_atom_fault)\n"
           "                       fadd@K: the taint's float-add seed: 1 off, 2 every\n"
           "                       float atomic add's word tainted (ref.h refp_fadd_fault)\n"
           "                       perm: swi names one thread too few of its shuffled lanes\n"
           "                       shuni@0: the reference does not check the shared loads\n"
           "                       the divergence analysis takes as uniform (ref_shuni.c)\n"
           "                       rdv: a narrow warp's shuffle or vote executes without\n"
           "                       its members in other hardware warps (core_issue.c)\n"
           "                       state: dwf's pool or sbi's heap corrupted in place at\n"
           "                       cycle C alone; its check must name cycle C\n"
           "                       held: dwf commits a thread the rendezvous holds without\n"
           "                       writing the group's result into its bank (mech_dwf.c)\n"
           "  --no-check           skip the structures' invariant checks each cycle\n"
           "  --max-steps N        reference limit, thread-instructions (default 10000000)\n"
           "  --max-cycles N       per mechanism (default 50000000)\n"
           "  --mem-peak           print the reference's memory high-water marks (per thread\n"
           "                       state, per grid CTA records) after the run\n"
           "  --max-threads N      --random: kernels of 1..N threads (default 96)\n"
           "  --grid N             N copies of a .k kernel's CTA on one memory (refused when the\n"
           "                       result depends on the CTAs' order); with a launch: grid N\n"
           "  --quiet, --help\n");
    printf("mechanisms (mech_table):\n");
    for (unsigned j = 0; mech_table[j]; j++)
        printf("  %-*s %s (%s)\n", name_width(), mech_table[j]->name, mech_table[j]->summary,
               mech_table[j]->paper);
    printf("--param structures:");
    for (unsigned i = 0; mech_param_struct(i); i++)
        printf(" %s", mech_param_struct(i));
    printf("\nconfiguration keys (core_keys; default: configs/default.cfg):\n");
    for (const core_key *k = core_keys; k->key; k++) {
        printf("  %-13s %s", k->key, k->help);
        if (k->words) {
            printf(" (");
            for (unsigned i = 0; k->words[i]; i++)
                printf("%s%s", i ? "|" : "", k->words[i]);
            printf(")");
        }
        printf("\n");
    }
}

/* ------------------------------------------------------------ options */
enum { O_KERNEL = 256, O_CONFIG, O_SET, O_SHOWCONFIG, O_MECH, O_FORMAT, O_SVG, O_VCD, O_FST,
       O_TRACE, O_LOG, O_DUMP, O_TECH, O_PARAM, O_FAULT, O_NOCHECK, O_MAXSTEPS, O_MAXCYC,
       O_RANDOM, O_SEED, O_MAXTHR, O_GEN, O_SHOWCFG, O_SHOWSCALAR, O_BENCH, O_QUIET, O_GRID, O_HELP, O_LANES,
       O_DEPTH, O_MEMPEAK, O_KEY = 1000 };

/* --config NAME|FILE.  A path (with a '/', or a readable NAME.cfg in the
 * working directory) is used as given.  A preset name is
 * tb/simt/configs/NAME.cfg of the source tree, wherever the command runs
 * from: beside the executable (/proc/self/exe resolved, then argv[0]) at
 * ../tb/simt/configs (build/simt) or ../../tb/simt/configs
 * (build/asan/simt), then the source directory compiled in (SIMT_SRC_DIR,
 * the Makefile's), then the working directory.  NULL when no preset of
 * that name exists anywhere. */
static const char *config_path(const char *argv0, const char *name, char *buf, size_t len)
{
    size_t nl = strlen(name);
    if (strchr(name, '/') || (nl > 4 && !strcmp(name + nl - 4, ".cfg") && !access(name, R_OK)))
        return name;
    char base[256];
    snprintf(base, sizeof base, "%.*s", (int)(nl > 4 && !strcmp(name + nl - 4, ".cfg") ? nl - 4 : nl),
             name);
    char exe[1024] = "", dirs[5][1100];
    unsigned nd = 0;
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    exe[n > 0 ? n : 0] = 0;
    const char *bins[2] = {exe, argv0};
    for (unsigned i = 0; i < 2; i++) {
        char *sl = strrchr(bins[i], '/');
        if (!sl)
            continue;
        int dl = (int)(sl - bins[i]);
        if (snprintf(dirs[nd], sizeof dirs[0], "%.*s/..", dl, bins[i]) < (int)sizeof dirs[0])
            nd++;
        if (snprintf(dirs[nd], sizeof dirs[0], "%.*s/../..", dl, bins[i]) < (int)sizeof dirs[0])
            nd++;
    }
#ifdef SIMT_SRC_DIR
    if (snprintf(dirs[nd], sizeof dirs[0], "%s", SIMT_SRC_DIR) < (int)sizeof dirs[0])
        nd++;
#endif
    for (unsigned i = 0; i < nd; i++) {
        int w = snprintf(buf, len, "%s/tb/simt/configs/%s.cfg", dirs[i], base);
        if (w > 0 && (size_t)w < len && !access(buf, R_OK))
            return buf;
    }
    int w = snprintf(buf, len, "tb/simt/configs/%s.cfg", base);
    return w < 0 || (size_t)w >= len || access(buf, R_OK) ? NULL : buf;
}

static void parse_mechs(opts *o, const char *v)
{
    o->ns = 0;
    o->all = !strcmp(v, "all");
    if (o->all) {
        for (unsigned i = 0; mech_table[i] && o->ns < MAXM; i++)
            o->sel[o->ns++] = mech_table[i];
        return;
    }
    size_t vl = strlen(v);
    if (vl && (v[0] == ',' || v[vl - 1] == ',' || strstr(v, ",,")))
        die2("--mech: an empty name in '%s' (a comma-separated list, or all)", v);
    char *cp = strdup(v), *save = NULL;
    for (char *t = strtok_r(cp, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        const mech_ops *m = mech_find(t);
        for (unsigned j = 0; m && j < o->ns; j++)
            if (o->sel[j] == m)
                die2("--mech: '%s' named twice", t);
        if (!m) {
            char have[512] = "";
            for (unsigned j = 0; mech_table[j]; j++)
                snprintf(have + strlen(have), sizeof have - strlen(have), " %s",
                         mech_table[j]->name);
            die2("--mech: unknown mechanism '%s' (%s, or all)", t, have + 1);
        }
        if (o->ns < MAXM)
            o->sel[o->ns++] = m;
    }
    free(cp);
    if (!o->ns)
        die2("--mech: expected a list of mechanisms or all");
}

/* An output path is opened before any work: one line if it cannot be. */
static FILE *out_file(const char *flag, const char *path)
{
    if (!strcmp(path, "-"))
        return stdout;
    FILE *f = fopen(path, "w");
    if (!f)
        die2("%s: cannot write '%s': %s", flag, path, strerror(errno));
    return f;
}

static void parse(int argc, char **argv, opts *o)
{
    static struct option lo[128];
    static char names[64][40];
    unsigned n = 0, nk = 0;
    static const struct {
        const char *name;
        int has, val;
    } fixed[] = {{"kernel", 1, O_KERNEL}, {"config", 1, O_CONFIG}, {"set", 1, O_SET},
                 {"show-config", 0, O_SHOWCONFIG}, {"mech", 1, O_MECH}, {"format", 1, O_FORMAT},
                 {"svg", 1, O_SVG}, {"vcd", 1, O_VCD}, {"fst", 1, O_FST},
                 {"trace-dir", 1, O_TRACE}, {"log", 1, O_LOG}, {"dump-mem", 1, O_DUMP},
                 {"tech", 1, O_TECH}, {"param", 1, O_PARAM}, {"inject-fault", 1, O_FAULT},
                 {"no-check", 0, O_NOCHECK}, {"max-steps", 1, O_MAXSTEPS},
                 {"max-cycles", 1, O_MAXCYC}, {"random", 1, O_RANDOM}, {"seed", 1, O_SEED},
                 {"max-threads", 1, O_MAXTHR}, {"gen", 1, O_GEN}, {"show-cfg", 0, O_SHOWCFG}, {"show-scalar", 0, O_SHOWSCALAR},
                 {"bench", 0, O_BENCH}, {"quiet", 0, O_QUIET}, {"grid", 1, O_GRID},
                 {"help", 0, O_HELP}, {"lanes", 1, O_LANES}, {"depth", 1, O_DEPTH},
                 {"mem-peak", 0, O_MEMPEAK}};
    for (unsigned i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        lo[n++] = (struct option){fixed[i].name, fixed[i].has, NULL, fixed[i].val};
    for (const core_key *k = core_keys; k->key && nk < 64; k++, nk++) {
        unsigned j = 0;
        for (; k->key[j] && j + 1 < sizeof names[0]; j++)
            names[nk][j] = k->key[j] == '_' ? '-' : k->key[j];
        names[nk][j] = 0;
        if (!strcmp(names[nk], "max-threads"))
            continue; /* --max-threads is the generator's; the key is --set max_threads= */
        lo[n++] = (struct option){names[nk], 1, NULL, O_KEY + (int)(k - core_keys)};
    }
    lo[n] = (struct option){NULL, 0, NULL, 0};
    memset(o, 0, sizeof *o);
    o->argc = argc;
    o->argv = argv;
    core_cfg_default(&o->C);
    o->tech = 45;
    o->max_steps = 10000000ull;
    o->seed = 1;
    o->max_threads = 96;
    parse_mechs(o, "all");
    /* the preset first, wherever it is */
    char buf[1200];
    const char *e;
    for (int i = 1; i + 1 < argc; i++) {
        if (strcmp(argv[i], "--config"))
            continue;
        const char *path = config_path(argv[0], argv[i + 1], buf, sizeof buf);
        if (!path)
            die2("--config: '%s' is neither a preset (default 000 001 002 003 004, "
                 "tb/simt/configs/) nor a file", argv[i + 1]);
        if ((e = core_cfg_load(&o->C, path)))
            die2("--config: %s", e);
    }
    opterr = 0;
    optind = 1;
    int c, mech_given = 0;
    int li;
    char flag[64];
    while ((li = -1, c = getopt_long(argc, argv, ":h", lo, &li)) != -1) {
        /* the flag's own name (argv[optind - 1] is its value when given
         * as a separate word) */
        if (li >= 0)
            snprintf(flag, sizeof flag, "--%s", lo[li].name);
        else
            snprintf(flag, sizeof flag, "%s", argv[optind - 1]);
        const char *a = flag, *v = optarg;
        switch (c) {
        case O_HELP:
        case 'h': usage(); exit(0);
        case O_KERNEL:
            if (o->kernel)
                die2("more than one kernel given ('%s' and '%s')", o->kernel, v);
            o->kernel = v;
            break;
        case O_CONFIG: break; /* applied above */
        case O_SET:
            if ((e = core_cfg_set(&o->C, v, NULL)))
                die2("--set: %s", e);
            break;
        case O_SHOWCONFIG: o->show_config = 1; break;
        case O_MECH:
            parse_mechs(o, v);
            mech_given = 1;
            break;
        case O_FORMAT:
            o->format = !strcmp(v, "text") ? 0 : !strcmp(v, "md") ? 1 : !strcmp(v, "csv") ? 2
                        : !strcmp(v, "json") ? 3 : -1;
            if (o->format < 0)
                die2("--format: expected text, md, csv or json, got '%s'", v);
            break;
        case O_SVG: o->svg = v; break;
        case O_VCD: o->vcd = v; break;
        case O_FST: o->fst = v; break;
        case O_TRACE: o->trace_dir = v; break;
        case O_LOG: o->log = v; break;
        case O_DUMP: o->dump_mem = v; break;
        case O_TECH: o->tech = (double)num(a, v, 22, 90); break;
        case O_PARAM:
            if ((e = mech_param_check(v)))
                die2("%s", e);
            if (o->C.nparam == CORE_MAX_PARAM)
                die2("--param: at most %d", CORE_MAX_PARAM);
            o->C.param[o->C.nparam++] = v;
            break;
        case O_FAULT: {
            char kind[8], tail;
            unsigned long long cyc;
            if (sscanf(v, "%7[a-z]@%llu%c", kind, &cyc, &tail) != 2 ||
                (strcmp(kind, "reg") && strcmp(kind, "mem") && strcmp(kind, "pc") &&
                 strcmp(kind, "sb") && strcmp(kind, "lane") && strcmp(kind, "scalar") &&
                 strcmp(kind, "layout") && strcmp(kind, "ready") && strcmp(kind, "wsync") &&
                 strcmp(kind, "barred") && strcmp(kind, "lean") && strcmp(kind, "quiet") &&
                 strcmp(kind, "rv") && strcmp(kind, "rows") && strcmp(kind, "taint") &&
                 strcmp(kind, "perm") && strcmp(kind, "hook") && strcmp(kind, "shuni") &&
                 strcmp(kind, "atom") && strcmp(kind, "rdv") && strcmp(kind, "fadd") && strcmp(kind, "state") &&
                 strcmp(kind, "held")))
                die2("--inject-fault: expected reg@CYCLE, mem@CYCLE, pc@CYCLE, sb@CYCLE, "
                     "lane@CYCLE, ready@CYCLE, wsync@CYCLE, barred@CYCLE, lean@CYCLE, quiet@CYCLE, "
                     "rv@CYCLE, rows@CYCLE, perm@CYCLE, rdv@CYCLE, held@CYCLE, state@CYCLE, scalar@0, "
                     "layout@0, shuni@0, taint@1..8, hook@1..5, atom@1..2 or fadd@1..2, got '%s'",
                     v);
            o->C.fault_kind = !strcmp(kind, "reg") ? 1 : !strcmp(kind, "mem") ? 2
                              : !strcmp(kind, "pc") ? 3 : !strcmp(kind, "sb") ? 4
                              : !strcmp(kind, "lane") ? 5 : !strcmp(kind, "scalar") ? 6
                              : !strcmp(kind, "layout") ? 7 : !strcmp(kind, "ready") ? 8
                              : !strcmp(kind, "wsync") ? 9 : !strcmp(kind, "barred") ? 10
                              : !strcmp(kind, "lean") ? 11
                              : !strcmp(kind, "quiet") ? 12 : !strcmp(kind, "rv") ? 13
                              : !strcmp(kind, "perm") ? 16 : !strcmp(kind, "rdv") ? 19
                              : !strcmp(kind, "held") ? 20 : !strcmp(kind, "state") ? 21 : 14;
            o->C.fault_cycle = cyc;
            if (!strcmp(kind, "taint")) { /* the reference's taint (ref.h), kind 15 */
                o->C.fault_kind = 15;
                refp_taint_fault = (int)cyc;
            }
            if (!strcmp(kind, "hook")) { /* the taint's plain-load seed (ref.h), kind 17 */
                o->C.fault_kind = 17;
                refp_hook_fault = (int)cyc;
            } else if (!strcmp(kind, "atom")) { /* the taint's atomics (ref.h), kind 18 */
                o->C.fault_kind = 18;
                refp_atom_fault = (int)cyc;
            } else if (!strcmp(kind, "fadd")) { /* the taint's float-add seed (ref_fadd.c), kind 23 */
                o->C.fault_kind = 23;
                refp_fadd_fault = (int)cyc;
            } else if (!strcmp(kind, "shuni")) { /* the reference's shared-load check (ref.h), kind 22 */
                o->C.fault_kind = 22;
                refp_shuni_fault = 1;
            }
            break;
        }
        case O_NOCHECK: o->C.check = 0; break;
        case O_MAXSTEPS: o->max_steps = num(a, v, 1, 1ull << 40); break;
        case O_MEMPEAK: o->mem_peak = 1; break;
        case O_MAXCYC: o->C.max_cycles = num(a, v, 1, 1ull << 40); break;
        case O_RANDOM: o->random_n = num(a, v, 1, 100000000ull); break;
        case O_SEED: o->seed = num(a, v, 0, ~0ull >> 1); break;
        case O_MAXTHR: o->max_threads = (unsigned)num(a, v, 1, K_MAX_THREADS); break;
        case O_GEN:
            o->gen = 1;
            o->gen_seed = num(a, v, 0, ~0ull >> 1);
            break;
        case O_SHOWCFG: o->show_cfg = 1; break;
        case O_SHOWSCALAR: o->show_scalar = 1; break;
        case O_BENCH: o->bench = 1; break;
        case O_QUIET: o->quiet = 1; break;
        case O_GRID: o->grid = (unsigned)num(a, v, 1, 65535); break;
        case O_LANES:
            if ((e = core_cfg_set(&o->C, "warp_size", v)))
                die2("--lanes: %s", e);
            if (o->C.warp_size & (o->C.warp_size - 1))
                die2("--lanes: expected a power of two 2..64, got '%s'", v);
            if (o->C.simd_width > o->C.warp_size)
                o->C.simd_width = o->C.warp_size;
            break;
        case O_DEPTH:
            if ((e = core_cfg_set(&o->C, "spe_depth", v)))
                die2("--depth: %s", e);
            break;
        case ':': die2("%s needs a value", argv[optind - 1]);
        case '?': die2("unknown option '%s' (see --help)", argv[optind - 1]);
        default:
            if (c >= O_KEY) {
                if ((e = core_cfg_set(&o->C, core_keys[c - O_KEY].key, v)))
                    die2("%s: %s", a, e);
            }
            break;
        }
    }
    for (int i = optind; i < argc; i++) {
        if (o->kernel)
            die2("more than one kernel given ('%s' and '%s')", o->kernel, argv[i]);
        o->kernel = argv[i];
    }
    if ((e = core_cfg_check(&o->C)))
        die2("%s", e);
    if (!mech_given && o->C.sched == CORE_SCHED_TWO_LEVEL) {
        /* the mechanisms that schedule themselves sit out */
        unsigned k = 0;
        for (unsigned i = 0; i < o->ns; i++)
            if (!(o->sel[i]->flags & MECH_OWN_SCHED))
                o->sel[k++] = o->sel[i];
        o->ns = k;
    }
    /* every output path before any work */
    if (o->svg)
        o->svg_f = out_file("--svg", o->svg);
    if (o->log)
        o->log_f = out_file("--log", o->log);
    if (o->dump_mem)
        o->dump_f = out_file("--dump-mem", o->dump_mem);
    if (o->vcd)
        fclose(out_file("--vcd", o->vcd));
    if (o->fst)
        fclose(out_file("--fst", o->fst));
    if (o->trace_dir && mkdir(o->trace_dir, 0777) && errno != EEXIST)
        die2("--trace-dir: cannot create '%s': %s", o->trace_dir, strerror(errno));
}

/* ------------------------------------------------------------ kernels */

/* --layout tf (layout.h): the program in thread-frontier order (or the
 * test hooks' orders), after the reference has run the given order; the
 * laid-out program's reference
 * must leave the same final memory (a layout that changed what a thread
 * computes would be caught here: the planted fault --inject-fault
 * layout@0).  0, or 1 / 2 with one line in err. */
static int layout_load(const opts *o, loaded *L, char *err, size_t len)
{
    refp_result given, laid;
    int rc = 0;
    /* a given order that stops is still laid out: the normal run below
     * reports the error on the laid-out program, whose messages name its
     * PC and the given order's (layout.c lay_err) */
    int stops = refp_run(&L->p, o->C.warp_size, o->max_steps, 0, &given, err, len) != 0;
    unsigned ly = o->C.layout;
    uint64_t seed = REFP_HASH0;
    for (const char *c = L->p.name; *c; c++)
        seed = (seed ^ (uint8_t)*c) * 0x100000001b3ull;
    if (((ly == LAYOUT_SCRAMBLE || ly == LAYOUT_SCRAMBLE_TF) &&
         prog_layout(&L->p, LAYOUT_SCRAMBLE, seed ^ L->p.n, NULL, o->C.fault_kind == 7, err, len)) ||
        ((ly == LAYOUT_TF || ly == LAYOUT_SCRAMBLE_TF) &&
         prog_layout(&L->p, LAYOUT_TF, 0, NULL, o->C.fault_kind == 7, err, len))) {
        refp_free(&given);
        return 2;
    }
    if (stops) {
        refp_free(&given);
        return 0;
    }
    if (!refp_run(&L->p, o->C.warp_size, o->max_steps, 0, &laid, err, len)) {
        uint64_t a = 0;
        while (a < given.global_bytes && given.global[a] == laid.global[a])
            a++;
        if (a < given.global_bytes) {
            snprintf(err, len, "%s: --layout tf: the laid-out program's final memory differs "
                     "from the given order's at byte %llu (0x%02x, given 0x%02x)",
                     L->p.file, (unsigned long long)a, laid.global[a], given.global[a]);
            rc = 1;
        }
    } else {
        char e2[600];
        snprintf(e2, sizeof e2, "%s", err);
        snprintf(err, len, "--layout tf: the laid-out program stops where the given order "
                 "does not: %s", e2);
        rc = 1;
    }
    refp_free(&given);
    refp_free(&laid);
    return rc;
}

/* 0, or 2 with one line in err. */
int load(const opts *o, const char *name, const char *text, loaded *L, char *err,
         size_t len)
{
    struct stat sb;
    memset(L, 0, sizeof *L);
    if (!text && !stat(name, &sb) && S_ISDIR(sb.st_mode)) {
        snprintf(err, len, "%s: is a directory, not a kernel file", name);
        return 2;
    }
    if (o->has_launch && !text) {
        /* a PTX or CUDA launch: the configuration's limits per CTA */
        launch_limits lim;
        launch_default_limits(&lim);
        lim.max_block_threads = o->C.max_threads;
        lim.max_shared = o->C.shared_bytes;
        if (o->seq_cache ? launch_build_cached(o->seq_cache, &o->lch, &lim, &L->p, err, len)
                         : launch_build(&o->lch, &lim, &L->p, err, len))
            return 2;
        if (o->seq_mem) /* a launch of a sequence: the memory the previous one left */
            memcpy(L->p.global_init, o->seq_mem,
                   o->seq_mem_bytes < L->p.global_bytes ? o->seq_mem_bytes : L->p.global_bytes);
        if (o->seq_cu)
            snprintf(L->p.file, sizeof L->p.file, "%.255s", o->seq_cu);
    } else {
        if (text ? kernel_parse(name, text, &L->k, err, len) : kernel_load(name, &L->k, err, len))
            return 2;
        if (kernel_to_prog(&L->k, &L->p, err, len)) {
            kernel_free(&L->k);
            return 2;
        }
    }
    if (o->grid)
        L->p.grid[0] = o->grid; /* every CTA the same: the kernel must be idempotent */
    if (o->C.layout != LAYOUT_GIVEN) {
        int lr = layout_load(o, L, err, len);
        if (lr) {
            unload(L);
            return lr;
        }
    }
    /* While the grid fits the SM's thread slots, this run keeps every
     * thread's results, its full PC sequence included (the core names the
     * first instruction that departs from it), and every core reads each
     * CTA's there (REFP_GRID, ref.h refp_out_view): memory bounded by the
     * SM's threads, the reference run once.  A larger grid keeps a length
     * and a hash per thread, checked as each CTA retires, run again by
     * each core's reference stream for its resident CTAs (ref.h), so
     * memory follows the resident CTAs, not the grid (issue 25 sec. 6).
     * This run keeps the final memory and each CTA's digest for the order
     * check. */
    const prog *pg = &L->p;
    uint64_t gthreads = (uint64_t)pg->grid[0] * pg->grid[1] * pg->grid[2] * pg->block[0] *
                        pg->block[1] * pg->block[2];
    int flags = (gthreads <= o->C.max_threads ? REFP_GRID : 0) |
                (o->has_launch && !text ? REFP_DIGEST : 0);
    /* warp-synchronous instructions work on logical warps of PROG_WARP
     * threads (%laneid, the membermasks): the SM runs them when its
     * hardware warps tile them -- a size that divides PROG_WARP (a logical
     * warp spans several, which rendezvous: core_issue.c) or a multiple
     * of it (a hardware warp holds several); another size is refused */
    const unsigned wsz = o->C.warp_size;
    for (unsigned pc = 0; pg->nwsync && wsz % PROG_WARP && PROG_WARP % wsz && pc < pg->n; pc++)
        if (pg->ins[pc].wsync && pg->reachable[pc]) {
            char name[24];
            prog_wsync_name(&pg->ins[pc], name, sizeof name);
            snprintf(err, len,
                     "%s:%d: %s needs warps of a size that divides %u or is a multiple of it; "
                     "this run's warp_size is %u (the preset's warp_size, --lanes or --set "
                     "warp_size)",
                     pg->file, pg->ins[pc].line, name, PROG_WARP, wsz);
            unload(L);
            return 2;
        }
    /* device printf (vprintf) writes to stdout during this run only: once,
     * in the reference's thread order (ptx.h ptx_set_output); to stderr
     * under --format md/csv/json, whose stdout a program reads */
    ptx_set_output(&L->p, o->format == 0 ? stdout : stderr);
    int rr = refp_run(&L->p, o->C.warp_size, o->max_steps, flags, &L->ref, err, len);
    ptx_set_output(&L->p, NULL);
    fflush(stdout);
    if (rr) {
        refp_free(&L->ref);
        prog_free(&L->p);
        kernel_free(&L->k);
        /* a PTX kernel's run error (an access outside every buffer) is the
         * kernel's: exit 1; a .k kernel that does not finish is refused, and
         * so is a warp-synchronous instruction CUDA leaves undefined (-2) */
        return rr == -2 || !o->has_launch || text ? 2 : 1;
    }
    if (o->has_launch && !text)
        refp_order_check(&L->p, o->C.warp_size, o->max_steps, &L->ref);
    else if (o->grid > 1) {
        /* --grid N runs N copies of one CTA on one memory, concurrently on
         * the SM: only a kernel whose result does not depend on the CTAs'
         * order can be judged against the reference's (one after another).
         * The reference in three other orders (two CTA orders one after
         * another, one interleaving them phase by phase: ref.h) must agree
         * on every byte, register and PC sequence; else one line, exit 2. */
        refp_order_check(&L->p, o->C.warp_size, o->max_steps, &L->ref);
        const refp_result *r = &L->ref;
        if (r->order_err[0] || r->order_bytes || r->order_regs || r->atom_flow) {
            char what[600];
            if (r->order_err[0])
                snprintf(what, sizeof what, "in another CTA order the reference stopped: %s",
                         r->order_err);
            else if (r->atom_flow)
                snprintf(what, sizeof what, "the threads' PC sequences depend on the CTAs' order");
            else if (r->order_bytes)
                snprintf(what, sizeof what, "%llu bytes of memory depend on the CTAs' order",
                         (unsigned long long)r->order_bytes);
            else
                snprintf(what, sizeof what, "%llu final registers depend on the CTAs' order",
                         (unsigned long long)r->order_regs);
            snprintf(err, len, "%s: --grid %u: the CTAs are not independent (%s); --grid runs "
                     "copies of one CTA on one memory, so the kernel must give the same result "
                     "in any CTA order",
                     name, o->grid, what);
            unload(L);
            return 2;
        }
    }
    return 0;
}

void unload(loaded *L)
{
    refp_free(&L->ref);
    prog_free(&L->p);
    kernel_free(&L->k);
}

/* The GTKWave save file beside a waveform: each mechanism's decisions,
 * then its structures' lines (ops->gtkw). */
static void write_gtkw(const char *wave, const opts *o, core *const *cs)
{
    char path[1100];
    snprintf(path, sizeof path, "%s.gtkw", wave);
    FILE *f = fopen(path, "w");
    if (!f)
        die2("cannot write '%s'", path);
    fprintf(f, "[*] build/simt decisions: per mechanism the issued warp, its PC and lanes\n"
               "[dumpfile] \"%s\"\n[timestart] 0\n[size] 1600 900\n[signals_width] 320\n"
               "[sst_expanded] 1\n@24\n+{cycle} cycle[31:0]\n",
            wave);
    unsigned WS = o->C.warp_size;
    for (unsigned i = 0; i < o->ns; i++) {
        if (!cs[i])
            continue;
        const char *n = o->sel[i]->name;
        fprintf(f, "@800200\n-%s\n@28\n+{%s issue} %s.issue_valid\n@24\n+{%s warp} "
                   "%s.issue_warp[7:0]\n+{%s pc} %s.issue_pc[15:0]\n@22\n+{%s mask} "
                   "%s.issue_mask[%u:0]\n@24\n+{%s threads} %s.issue_threads[7:0]\n",
                n, n, n, n, n, n, n, n, n, WS - 1, n, n);
        if (o->sel[i]->gtkw)
            o->sel[i]->gtkw(cs[i], core_mech_state(cs[i]), f, n);
        fprintf(f, "@1000200\n-%s\n", n);
    }
    fclose(f);
}

/* ------------------------------------------------------------- runs */

/* Whether a --param names one of m's structures: then the user chose m's
 * design point, and m refusing it is an error (exit 2), not a row. */
int param_names(const opts *o, const mech_ops *m)
{
    for (unsigned i = 0; i < o->C.nparam; i++)
        for (unsigned j = 0; m->structs && m->structs[j]; j++) {
            size_t n = strlen(m->structs[j]);
            if (!strncmp(o->C.param[i], m->structs[j], n) && o->C.param[i][n] == '.')
                return 1;
        }
    return 0;
}

/* A mechanism that stopped because it cannot run the kernel as the
 * reference defines it (core_refuse: a warp-synchronous instruction whose
 * warp it split): under --mech all a row saying why (0, its core freed),
 * as one that cannot hold the kernel; else 2 with its line in msg. */
static int refused_row(const opts *o, result *res, core **cs, unsigned i, char *msg, size_t len)
{
    if (!o->random_n && (!o->all || param_names(o, o->sel[i]))) {
        snprintf(msg, len, "%s", core_error(cs[i]));
        return 2;
    }
    snprintf(res[i].why, sizeof res[i].why, "%s", core_error(cs[i]));
    core_free(cs[i]);
    cs[i] = NULL;
    return 0;
}

/* Runs the selected mechanisms on L; res[i] per o->sel[i].  0 all equal to
 * the reference; 1 a difference (msg); 2 none could run, or one named by
 * --mech or by a --param of its structure could not (msg).  Under --mech
 * all, a mechanism that cannot hold the kernel is a row saying why. */
int run_all(const opts *o, loaded *L, result *res, int outputs, char *msg, size_t len)
{
    core *cs[MAXM] = {0};
    unsigned nok = 0;
    for (unsigned i = 0; i < o->ns; i++) {
        memset(&res[i], 0, sizeof res[i]);
        const char *e = core_new(o->sel[i], &L->p, &L->ref, &o->C, &cs[i]);
        if (e) {
            snprintf(res[i].why, sizeof res[i].why, "%s", e);
            if (!o->random_n && (!o->all || param_names(o, o->sel[i]))) {
                snprintf(msg, len, "%s", e);
                for (unsigned j = 0; j < o->ns; j++)
                    core_free(cs[j]);
                return 2;
            }
        } else
            nok++;
    }
    if (!nok) {
        snprintf(msg, len, "%s", res[0].why);
        return 2;
    }
    vcd_writer *w = NULL;
    char tmp[1100] = "";
    if (outputs && (o->vcd || o->fst)) {
        const char *path = o->vcd;
        if (!path) {
            snprintf(tmp, sizeof tmp, "%s.tmp.vcd", o->fst);
            path = tmp;
        }
        if (!(w = vcd_open(path, "1ns")))
            die2("--vcd: cannot write '%s'", path);
    }
    for (unsigned i = 0; i < o->ns; i++) {
        if (!cs[i] || !outputs)
            continue;
        if (o->log_f)
            core_set_log(cs[i], o->log_f);
        if (o->trace_dir)
            core_set_trace_dir(cs[i], o->trace_dir);
        if (w)
            core_set_vcd(cs[i], w);
    }
    int rc = 0;
    if (w) {
        /* every mechanism in lockstep, side by side (a finished one holds) */
        for (uint64_t t = 0; !rc; t++) {
            vcd_time(w, t);
            vcd_sig(w, "cycle", 32, t);
            int all_done = 1;
            for (unsigned i = 0; i < o->ns && !rc; i++) {
                if (!cs[i])
                    continue;
                vcd_scope(w, o->sel[i]->name);
                int r = core_cycle(cs[i]);
                vcd_upscope(w);
                if (r < 0)
                    rc = core_refused(cs[i]) ? refused_row(o, res, cs, i, msg, len) : 1;
                else if (!r)
                    all_done = 0;
            }
            if (all_done)
                break;
        }
        if (vcd_close(w))
            die2("--vcd: writing failed");
    } else
        for (unsigned i = 0; i < o->ns && !rc; i++)
            if (cs[i] && core_run(cs[i]))
                rc = core_refused(cs[i]) ? refused_row(o, res, cs, i, msg, len) : 1;
    unsigned ran = 0;
    for (unsigned i = 0; i < o->ns; i++)
        ran += cs[i] != NULL;
    if (!rc && !ran) { /* every one refused at run time */
        snprintf(msg, len, "%s", res[0].why);
        rc = 2;
    }
    area_tech tech;
    area_tech_at(o->tech, NULL, &tech);
    for (unsigned i = 0; i < o->ns; i++) {
        core *c = cs[i];
        if (!c)
            continue;
        if (!rc && core_finish(c))
            rc = 1;
        if (rc && core_error(c)[0] && !msg[0])
            snprintf(msg, len, "%s", core_error(c));
        if (outputs && o->trace_dir) {
            const char *paths[CORE_REC_MAX];
            int n = core_trace_files(c, paths, CORE_REC_MAX);
            if (n < 0)
                die2("--trace-dir: writing the vector files failed");
            for (int j = 0; j < n && o->format == 0 && !rc; j++)
                printf("trace %s\n", paths[j]);
        }
        res[i].ran = 1;
        res[i].st = *core_get_stats(c);
        if (o->sel[i]->stats)
            o->sel[i]->stats(c, core_mech_state(c), &res[i].cols);
        mech_rf_cols(c, &res[i].cols);
        res[i].area = o->sel[i]->area ? o->sel[i]->area(c, core_mech_state(c), &tech,
                                                        res[i].area_what,
                                                        sizeof res[i].area_what)
                                      : -1;
        if (!energy_eval(c, &tech, &res[i].en, res[i].en_why, sizeof res[i].en_why))
        {
            energy_items_str(&res[i].en, res[i].en_what, sizeof res[i].en_what);
            energy_counts_str(&res[i].en, res[i].en_counts, sizeof res[i].en_counts);
        } else
            res[i].en.cycles = 0;
    }
    if (!rc && outputs && o->vcd)
        write_gtkw(o->vcd, o, cs);
    if (!rc && outputs && o->fst)
        write_gtkw(o->fst, o, cs);
    for (unsigned i = 0; i < o->ns; i++)
        core_free(cs[i]);
    if (!rc && tmp[0]) {
        pid_t pid = fork();
        if (pid == 0) {
            execlp("vcd2fst", "vcd2fst", tmp, o->fst, (char *)NULL);
            _exit(127);
        }
        int st = 0;
        if (pid < 0 || waitpid(pid, &st, 0) < 0 || !WIFEXITED(st) || WEXITSTATUS(st))
            die2("--fst: vcd2fst failed (is gtkwave installed? make deps)");
        remove(tmp);
    }
    return rc;
}

/* ------------------------------------------------------------ random */
/* The command line that reruns one generated kernel: this run's own
 * arguments with --random 1 --seed SEED after them (the last wins). */
static void print_repro(const opts *o, uint64_t seed)
{
    printf("  reproduce:");
    for (int i = 0; i < o->argc; i++) {
        const char *a = o->argv[i];
        if (a[strspn(a, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.,/=+@:")])
            printf(" '%s'", a); /* quoted (no generator argument holds a quote) */
        else
            printf(" %s", a);
    }
    printf(" --random 1 --seed %llu\n", (unsigned long long)seed);
}

/* 003's claim on every kernel: dpe issues exactly spe's instructions, spe
 * with the papers' push-always stack (stack_merge off: a merge on push
 * lets spe issue fewer).  With stack_merge on, dpe_stack's sibling
 * suspension may join a suspended path at the same PC (rtl_c/dpe_stack.h),
 * which issues the joined threads once: dpe then issues at most spe's
 * warp-instructions (and the same thread-instructions).  spe runs here
 * when the selection has dpe without it, or ran it with stack_merge on.
 * 0, or 1 with msg. */
static int dpe_vs_spe(const opts *o, const loaded *L, const result *res, char *msg, size_t len)
{
    int sp = -1, dp = -1;
    for (unsigned j = 0; j < o->ns; j++) {
        if (!strcmp(o->sel[j]->name, "spe") && res[j].ran && !o->C.stack_merge)
            sp = (int)j;
        if (!strcmp(o->sel[j]->name, "dpe") && res[j].ran)
            dp = (int)j;
    }
    if (dp < 0)
        return 0;
    core_stats spe;
    if (sp >= 0)
        spe = res[sp].st;
    else {
        core *c;
        core_cfg push_always = o->C;
        push_always.stack_merge = 0;
        if (core_new(mech_find("spe"), &L->p, &L->ref, &push_always, &c))
            return 0; /* spe cannot hold it: no comparison */
        int bad = core_run(c) || core_finish(c);
        if (bad)
            snprintf(msg, len, "%s", core_error(c));
        spe = *core_get_stats(c);
        core_free(c);
        if (bad)
            return 1;
    }
    if (res[dp].st.thread_insts == spe.thread_insts &&
        (o->C.stack_merge ? res[dp].st.warp_insts <= spe.warp_insts
                          : res[dp].st.warp_insts == spe.warp_insts))
        return 0;
    snprintf(msg, len, "dpe issued %llu warp- / %llu thread-instructions, spe %llu / %llu",
             (unsigned long long)res[dp].st.warp_insts,
             (unsigned long long)res[dp].st.thread_insts, (unsigned long long)spe.warp_insts,
             (unsigned long long)spe.thread_insts);
    return 1;
}

/* N generated kernels through the selected mechanisms.  A kernel a
 * mechanism cannot hold is a counted skip with the first reason, named or
 * not (the generator cannot know every design point's limits); a
 * mechanism named by --mech that holds none of them is a configuration
 * problem: one line, exit 2.  Every failure prints its reproducing command
 * line; the kernel's text for the first five. */
static int run_random(const opts *o)
{
    unsigned long long fails = 0, left[MAXM] = {0};
    static char left_why[MAXM][400];
    uint64_t insts = 0;
    for (unsigned long long i = 0; i < o->random_n; i++) {
        uint64_t seed = o->seed + i;
        char *text = gen_kernel(seed, o->max_threads), name[64], msg[1024] = "";
        snprintf(name, sizeof name, "gen%llu.k", (unsigned long long)seed);
        loaded L;
        result res[MAXM];
        int rc = load(o, name, text, &L, msg, sizeof msg);
        if (!rc) {
            rc = run_all(o, &L, res, 0, msg, sizeof msg);
            if (rc == 2) /* none could hold it: every one a skip */
                rc = 0;
            for (unsigned j = 0; j < o->ns && !rc; j++) {
                if (!res[j].ran && !left[j]++)
                    snprintf(left_why[j], sizeof left_why[j], "%s", res[j].why);
                insts += res[j].st.warp_insts;
            }
            if (!rc)
                rc = dpe_vs_spe(o, &L, res, msg, sizeof msg);
            unload(&L);
        }
        if (rc) {
            fails++;
            printf("FAIL random seed %llu: %s\n", (unsigned long long)seed, msg);
            print_repro(o, seed);
            if (fails <= 5)
                printf("--- kernel (build/simt --gen %llu --max-threads %u) ---\n%s---\n",
                       (unsigned long long)seed, o->max_threads, text);
        } else if (!o->quiet)
            printf("ok random seed %llu\n", (unsigned long long)seed);
        free(text);
    }
    for (unsigned j = 0; j < o->ns; j++)
        if (!o->all && left[j] == o->random_n)
            die2("--random: %s could not hold any of the %llu generated kernels (the first: %s)",
                 o->sel[j]->name, o->random_n, left_why[j]);
    printf("random: %llu kernels from seed %llu, warp %u, mechanisms", o->random_n,
           (unsigned long long)o->seed, o->C.warp_size);
    for (unsigned j = 0; j < o->ns; j++)
        printf(" %s", o->sel[j]->name);
    printf(": %llu failed (%llu warp-instructions simulated)\n", fails, (unsigned long long)insts);
    for (unsigned j = 0; j < o->ns; j++)
        if (left[j])
            printf("random: %s could not hold %llu of the kernels (the first: %s); --mech LIST "
                   "chooses the mechanisms\n", o->sel[j]->name, left[j], left_why[j]);
    return fails ? 1 : 0;
}

/* s ends with suf (a file's extension) */
static int has_suffix(const char *s, const char *suf)
{
    size_t n = strlen(s), m = strlen(suf);
    return n >= m && !strcmp(s + n - m, suf);
}

/* -------------------------------------------------------------- main */
static int simt_run(int argc, char **argv, const launch *lch, int hl);

/* The launch flags are taken out first; their launch (its buffer and
 * parameter arrays) is freed whatever the run returns. */
int simt_main(int argc, char **argv)
{
    launch lch;
    char lerr[1200];
    int hl = launch_take_args(&lch, &argc, argv, lerr, sizeof lerr);
    if (hl < 0)
        die2("%s", lerr);
    int rc = simt_run(argc, argv, &lch, hl);
    launch_free(&lch);
    return rc;
}

static int simt_run(int argc, char **argv, const launch *lchp, int hl)
{
    opts o;
    const launch lch = *lchp;
    parse(argc, argv, &o);
    o.lch = lch;
    o.has_launch = hl;
    if (hl) {
        if (o.kernel)
            die2("more than one kernel given ('%s' and a launch)", o.kernel);
        o.kernel = lch.file[0] ? lch.file : lch.ptx;
    } else if (o.kernel && (has_suffix(o.kernel, ".ptx") || has_suffix(o.kernel, ".cu")))
        die2("%s: a %s file is not a .k kernel: run it with --%s %s (and --entry, --grid, --block, "
             "--param ...) or --launch FILE",
             o.kernel, has_suffix(o.kernel, ".cu") ? "CUDA" : "PTX",
             has_suffix(o.kernel, ".cu") ? "cuda" : "ptx", o.kernel);
    if (o.show_config) {
        core_cfg_print(&o.C, stdout);
        return 0;
    }
    if (o.gen) {
        char *t = gen_kernel(o.gen_seed, o.max_threads);
        fputs(t, stdout);
        free(t);
        return 0;
    }
    if (o.random_n)
        return run_random(&o);
    if (hl && lch.nop)
        return run_seq(&o);
    if (o.bench)
        return run_bench(&o);
    if (!o.kernel)
        die2("no kernel given (build/simt --kernel FILE; see --help)");
    char msg[1200] = "";
    if (o.show_cfg && (o.has_launch || o.C.layout != LAYOUT_GIVEN)) {
        loaded L;
        int lrc = load(&o, o.kernel, NULL, &L, msg, sizeof msg);
        if (lrc) {
            fprintf(stderr, "%s\n", msg);
            return lrc;
        }
        printf("entry %s (%s): %u instructions, grid %u x %u x %u, block %u x %u x %u; exit = pc %u\n",
               L.p.name, L.p.file, L.p.n, L.p.grid[0], L.p.grid[1], L.p.grid[2], L.p.block[0],
               L.p.block[1], L.p.block[2], L.p.n);
        prog_show_cfg(&L.p, stdout);
        unload(&L);
        return 0;
    }
    if (o.show_cfg) {
        kernel k;
        struct stat sb;
        if (!stat(o.kernel, &sb) && S_ISDIR(sb.st_mode))
            die2("%s: is a directory, not a kernel file", o.kernel);
        if (kernel_load(o.kernel, &k, msg, sizeof msg)) {
            fprintf(stderr, "%s\n", msg);
            return 2;
        }
        kernel_show_cfg(&k, stdout);
        kernel_free(&k);
        return 0;
    }
    loaded L;
    int lrc = load(&o, o.kernel, NULL, &L, msg, sizeof msg);
    if (lrc) {
        fprintf(stderr, "%s\n", msg);
        return lrc;
    }
    if (o.show_scalar) {
        scalar_info si;
        scalar_analyse(&L.p, &si, 0);
        scalar_alloc(&L.p, &si);
        scalar_show(&L.p, &si, stdout);
        scalar_free(&si);
        unload(&L);
        return 0;
    }
    if (o.dump_f) {
        dump_mem(o.dump_f, L.ref.global, L.ref.global_bytes);
        if (o.dump_f != stdout && fclose(o.dump_f))
            die2("--dump-mem: writing '%s' failed", o.dump_mem);
    }
    result res[MAXM];
    int rc = run_all(&o, &L, res, 1, msg, sizeof msg);
    if (o.log_f && o.log_f != stdout)
        fclose(o.log_f);
    if (rc) {
        fprintf(stderr, rc == 2 ? "simt: %s\n" : "simt: %s: %s\n", rc == 2 ? msg : L.p.file,
                msg);
        unload(&L);
        return rc;
    }
    report(&o, &L, res);
    if (o.svg_f) {
        write_svg(o.svg_f, &o, &L, res);
        if (o.svg_f != stdout)
            fclose(o.svg_f);
    }
    unload(&L);
    return 0;
}
