/* SPDX-License-Identifier: Apache-2.0 */
/*
 * cli_int.h -- what build/simt's command-line files share: the options
 * (opts), a loaded kernel (loaded), one mechanism's run (result), and the
 * report they print.  cli.c parses the options and runs the kernels,
 * cli_bench.c runs --bench, cli_seq.c a sequence of launches (launch.h),
 * cli_report.c prints the report (text, md, csv, json), the SVG histogram
 * and the --dump-mem file.
 */
#ifndef CLI_INT_H
#define CLI_INT_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "core.h"
#include "energy.h"
#include "kernel.h"
#include "launch.h"
#include "mech.h"
#include "prog.h"
#include "ref.h"

#define MAXM 32

typedef struct {
    const char *kernel;
    launch lch;            /* --launch/--ptx/--cuda (tb/simt/launch.h) */
    int has_launch;
    const mech_ops *sel[MAXM];
    unsigned ns, all;
    int format; /* 0 text 1 md 2 csv 3 json */
    core_cfg C;
    double tech;
    const char *svg, *vcd, *fst, *dump_mem, *log, *trace_dir;
    FILE *svg_f, *log_f, *dump_f;
    uint64_t max_steps;
    int mem_peak; /* --mem-peak */
    int show_cfg, show_config, show_scalar, bench, quiet, gen;
    unsigned long long random_n, seed, gen_seed;
    unsigned max_threads, grid;
    int argc;              /* the command line, for --random's reproduce lines */
    char **argv;
    const uint8_t *seq_mem; /* a sequence's memory after the previous launch (run_seq) */
    uint64_t seq_mem_bytes;
    const char *seq_cu;     /* its CUDA source (compiled once: the PTX is a temporary) */
    unsigned seq_launches;  /* the report of a sequence: how many launches ran */
    launch_cache *seq_cache; /* its programs, each entry loaded once (launch.h) */
} opts;

typedef struct {
    kernel k;
    prog p;
    refp_result ref;
} loaded;

typedef struct {
    int ran;
    char why[400];      /* could not run: why */
    core_stats st;
    mech_cols cols;
    double area;
    char area_what[256];
    energy_result en;   /* en.cycles == 0 with en_why: not estimated */
    char en_why[200], en_what[400], en_counts[400];
} result;

static inline const char *plural(unsigned long long n) { return n == 1 ? "" : "s"; }

static inline int name_width(void)
{
    int w = 8;
    for (unsigned j = 0; mech_table[j]; j++)
        if ((int)strlen(mech_table[j]->name) > w)
            w = (int)strlen(mech_table[j]->name);
    return w;
}

/* cli.c */
/* "simt: " and the message on stderr, exit 2 */
void die2(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
/* Loads a kernel (a .k file, text when given, or o's launch) and runs the
 * reference on it.  0, or 1 / 2 with one line in err. */
int load(const opts *o, const char *name, const char *text, loaded *L, char *err, size_t len);
void unload(loaded *L);
/* Whether a --param names one of m's structures. */
int param_names(const opts *o, const mech_ops *m);
/* Runs the selected mechanisms on L, res[i] per o->sel[i]; outputs: the
 * waveform, the log and the traces.  0 all equal to the reference; 1 a
 * difference; 2 none could run (one line in msg). */
int run_all(const opts *o, loaded *L, result *res, int outputs, char *msg, size_t len);

/* cli_bench.c: --bench on one kernel or the 16 generated ones; on loaded
 * kernels (a sequence's launches: cli_seq.c), what names them */
int run_bench(opts *o);
int bench_loaded(opts *o, const loaded *Ls, unsigned nk, const char *what);

/* cli_seq.c: a launch file with `launch` steps */
int run_seq(opts *o);

/* cli_report.c */
void report(const opts *o, const loaded *L, const result *res);
void write_svg(FILE *f, const opts *o, const loaded *L, const result *res);
void dump_mem(FILE *f, const uint8_t *m, uint64_t bytes);

#endif
