/* SPDX-License-Identifier: Apache-2.0 */
/*
 * area_main.c -- the `area` command line (built as build/area).
 *
 * What it does: the CACTI-style estimator of area/ behind five commands:
 *   array      one array's area and breakdown; last line `area_mm2 <value>`
 *   report     every paper's structures beside the published figures
 *   calibrate  least-squares fit of the constants to a reference CSV
 *   refs       the published single-array figures as a reference CSV
 *   logic      a module's logic and flip-flops, for Yosys comparison
 *   energy     a module's energy per access and leakage, item by item (issue 29)
 *   energy-fit the energy constants against CACTI runs, with cross-validation
 *   fit-area   the area circuit constants against CACTI runs, with cross-validation
 *              (both: --worst N, the runs worst held out with our organisation;
 *              energy-fit --terms: their energy split by the model's terms;
 *              --parts: each run's read split as CACTI 7 splits it, beside ours)
 *   tech       the technology table
 * Source: issue 7 (the command-line contract), SPEC sec. 6.  Validity: see
 * area/README.md.  A bad flag or value gets one line on stderr naming the
 * problem and exit status 2; success exits 0.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "afit.h"
#include "calib.h"
#include "efit.h"
#include "papers.h"
#include "report.h"
#include "structs.h"
#include "sweep.h"
#include "tech.h"

static const char *prog_cmd = "area";
/* An output file opened but not finished: removed if the command fails. */
static const char *pending_out;

static void usage(FILE *f)
{
    fputs("usage:\n"
          "  area array --kind ram|cam|ff --entries N --width BITS [--rw-ports P] [--rd-ports P]\n"
          "             [--wr-ports P] [--search-ports P] [--banks B] [--ways W] [--tag-bits T]\n"
          "             --tech NM [--goal delay|area] [--profile FILE] [--energy]\n"
          "  area report [--paper 000|001|002|003|004|all] [--tech NM] [--goal delay|area]\n"
          "              [--view papers|node] [--energy]\n"
          "              [--format text|md|csv|json|svg] [-o FILE] [--profile FILE]\n"
          "  area calibrate --refs FILE.csv [-o PROFILE] [--profile START]\n"
          "  area energy-fit --refs FILE.csv [--folds K] [--worst N [--terms]] [--parts]\n"
          "  area fit-area --refs FILE.csv [--refs FILE2.csv]... [--folds K] [--evals N]\n"
          "                [--worst N]\n"
          "  area refs [--paper 000|001|002|003|004|all] [-o FILE]\n"
          "  area logic --module NAME [--param NAME=VALUE]... [--tech NM] [--profile FILE]\n"
          "  area energy --module NAME [--param NAME=VALUE]... [--tech NM] [--profile FILE]\n"
          "  area sweep --module NAME[,NAME...] --param K=V1,V2,... [--param K2=V]... [--tech NM]\n"
          "             [--goal delay|area] [--format text|csv|svg] [-o FILE] [--svg FILE]\n"
          "             [--profile FILE]\n"
          "  area tech\n"
          "  area rf --vregs V --sregs S --warps W --warp T --lanes L [--k K] [--banks B]\n"
          "          [--tech NM]\n"
          "Ports default to one read/write port; a cam gets one search port. NM is 22..90.\n"
          "report --view node: every paper's area rows and each mechanism's added area in one\n"
          "table at one node (--tech, default 40).\n"
          "rf: the vector and scalar register files of an allocation (V vector registers per\n"
          "thread, S scalar registers per warp; 002 sec. 4.1): K ALUs per register-file lane\n"
          "(default 1, TSIMT's per-lane files; L = one monolithic file), B banks (default 8),\n"
          "NM default 40; areas, bits and energy per access.\n"
          "energy-fit, fit-area --worst N: the N runs with the largest error (held out under\n"
          "--folds), with the organisation our model chose and its area shares; energy-fit\n"
          "--terms: each such run's read, write (and search) energy under the refit on all\n"
          "runs, split by the model's terms (constant x feature; logic). energy-fit --parts:\n"
          "for runs whose table carries CACTI 7's read-energy parts (tests/data/\n"
          "cacti7_energy_parts.csv), the read split as CACTI splits it beside ours.\n"
          "--param values are at least 1, but MERGE (simt_stack, lwm_subwarp: merge on push;\n"
          "dpe_stack: the sibling suspension's COMPACT; default 1) also takes 0.\n"
          "sweep: one parameter takes a list of values (the x axis); the others one value each;\n"
          "modules sharing the parameter are drawn side by side; --svg writes the chart beside\n"
          "the table. Modules (parameters as in their Verilog):\n",
          f);
    {
        const char *const *m = area_modules();
        unsigned i, col = 0;
        for (i = 0; m[i]; i++) {
            size_t l = strlen(m[i]) + 1;
            if (col + l > 78) {
                fputc('\n', f);
                col = 0;
            }
            fprintf(f, " %s", m[i]);
            col += (unsigned)l;
        }
        fputc('\n', f);
    }
    fputs("--goal: the organisation of every SRAM/CAM bank: delay (default, as CACTI's default\n"
          "objective: short bitlines and wordlines) or area (the least-area organisation).\n",
          f);
}

/* One line on stderr, exit 2. */
static void die(const char *fmt, const char *a, const char *b)
{
    fprintf(stderr, "%s: ", prog_cmd);
    fprintf(stderr, fmt, a, b);
    fputc('\n', stderr);
    if (pending_out)
        remove(pending_out);
    exit(2);
}

static unsigned long get_ulong(const char *flag, const char *v, unsigned long lo, unsigned long hi)
{
    char *end;
    unsigned long x;
    char range[64];
    snprintf(range, sizeof range, "%lu..%lu", lo, hi);
    errno = 0;
    if (*v == '\0' || *v == '-' || *v == '+')
        x = 0, end = (char *)v;
    else
        x = strtoul(v, &end, 10);
    if (end == v || *end != '\0' || errno || x < lo || x > hi) {
        fprintf(stderr, "%s: %s: expected an integer %s, got '%s'\n", prog_cmd, flag, range, v);
        exit(2);
    }
    return x;
}

static double get_tech(const char *v)
{
    char *end;
    double x;
    errno = 0;
    x = strtod(v, &end);
    if (end != v && (strcmp(end, "nm") == 0))
        end += 2;
    if (end == v || *end != '\0' || errno || !(x >= AREA_TECH_MIN_NM && x <= AREA_TECH_MAX_NM))
        die("--tech: expected a node in nm, 22..90 (table: 90 65 45 40 32 22), got '%s'%s", v,
            "");
    return x;
}

static area_goal get_goal(const char *v)
{
    if (strcmp(v, "delay") == 0)
        return AREA_GOAL_DELAY;
    if (strcmp(v, "area") == 0)
        return AREA_GOAL_AREA;
    die("--goal: expected delay or area, got '%s'%s", v, "");
    return AREA_GOAL_DELAY;
}

static void load_profile(const char *path, area_profile *p)
{
    char err[512];
    if (area_profile_load(path, p, err, sizeof err))
        die("%s%s", err, "");
}

static FILE *open_out(const char *path)
{
    FILE *f;
    if (!path || strcmp(path, "-") == 0)
        return stdout;
    f = fopen(path, "w");
    if (!f)
        die("-o %s: cannot open for writing: %s", path, strerror(errno));
    pending_out = path;
    return f;
}

static void close_out(FILE *f, const char *path)
{
    if (f == stdout) {
        if (fflush(f) != 0)
            die("cannot write the output%s%s", "", "");
        return;
    }
    if (ferror(f) || fclose(f) != 0)
        die("-o %s: write error", path, "");
    pending_out = NULL;
}

/* `area CMD --help` (or -h): the usage on stdout, exit 0. */
static void help_flag(const char *f)
{
    if (strcmp(f, "--help") == 0 || strcmp(f, "-h") == 0) {
        usage(stdout);
        exit(0);
    }
}

/* Iterates "--flag value" pairs; returns the value, or dies if missing. */
static const char *need_value(int argc, char **argv, int *i)
{
    if (*i + 1 >= argc)
        die("%s needs a value", argv[*i], "");
    (*i)++;
    return argv[*i];
}

/* ------------------------------------------------------------------ array */

static int cmd_array(int argc, char **argv)
{
    area_array a;
    area_profile prof;
    area_tech t;
    area_result r;
    double nm = 0;
    int i, have_ports = 0, have_search = 0, have_kind = 0, have_entries = 0, have_width = 0, energy = 0;
    area_goal goal = AREA_GOAL_DELAY;
    const char *e;
    unsigned c;
    memset(&a, 0, sizeof a);
    a.banks = 1;
    area_profile_default(&prof);
    for (i = 2; i < argc; i++) {
        const char *f = argv[i];
        help_flag(f);
        if (strcmp(f, "--kind") == 0) {
            const char *v = need_value(argc, argv, &i);
            if (strcmp(v, "ram") == 0)
                a.kind = AK_RAM;
            else if (strcmp(v, "cam") == 0)
                a.kind = AK_CAM;
            else if (strcmp(v, "ff") == 0)
                a.kind = AK_FF;
            else if (strcmp(v, "auto") == 0)
                a.kind = AK_AUTO;
            else
                die("--kind: expected ram, cam or ff, got '%s'%s", v, "");
            have_kind = 1;
        } else if (strcmp(f, "--entries") == 0) {
            a.entries = get_ulong(f, need_value(argc, argv, &i), 1, AREA_MAX_ENTRIES);
            have_entries = 1;
        } else if (strcmp(f, "--width") == 0) {
            a.width = (unsigned)get_ulong(f, need_value(argc, argv, &i), 1, AREA_MAX_WIDTH);
            have_width = 1;
        } else if (strcmp(f, "--rw-ports") == 0) {
            a.rw = (unsigned)get_ulong(f, need_value(argc, argv, &i), 0, AREA_MAX_PORTS);
            have_ports = 1;
        } else if (strcmp(f, "--rd-ports") == 0) {
            a.rd = (unsigned)get_ulong(f, need_value(argc, argv, &i), 0, AREA_MAX_PORTS);
            have_ports = 1;
        } else if (strcmp(f, "--wr-ports") == 0) {
            a.wr = (unsigned)get_ulong(f, need_value(argc, argv, &i), 0, AREA_MAX_PORTS);
            have_ports = 1;
        } else if (strcmp(f, "--search-ports") == 0) {
            a.search = (unsigned)get_ulong(f, need_value(argc, argv, &i), 0, AREA_MAX_SEARCH);
            have_search = 1;
        } else if (strcmp(f, "--banks") == 0) {
            a.banks = (unsigned)get_ulong(f, need_value(argc, argv, &i), 1, AREA_MAX_BANKS);
        } else if (strcmp(f, "--ways") == 0) {
            a.ways = (unsigned)get_ulong(f, need_value(argc, argv, &i), 0, 64);
        } else if (strcmp(f, "--tag-bits") == 0) {
            a.tag_bits = (unsigned)get_ulong(f, need_value(argc, argv, &i), 0, AREA_MAX_WIDTH);
        } else if (strcmp(f, "--tech") == 0) {
            nm = get_tech(need_value(argc, argv, &i));
        } else if (strcmp(f, "--goal") == 0) {
            goal = get_goal(need_value(argc, argv, &i));
        } else if (strcmp(f, "--profile") == 0) {
            load_profile(need_value(argc, argv, &i), &prof);
        } else if (strcmp(f, "--energy") == 0) {
            energy = 1;
        } else {
            die("unknown option '%s' (see area --help)%s", f, "");
        }
    }
    if (!have_kind)
        die("--kind is required (ram, cam or ff)%s%s", "", "");
    if (!have_entries)
        die("--entries is required%s%s", "", "");
    if (!have_width)
        die("--width is required%s%s", "", "");
    if (nm == 0)
        die("--tech is required (22..90 nm)%s%s", "", "");
    if (!have_ports)
        a.rw = 1;
    if (a.kind == AK_CAM && !have_search)
        a.search = 1;
    e = area_array_check(&a);
    if (e)
        die("%s%s", e, "");
    area_tech_at(nm, &prof, &t);
    t.goal = goal;
    area_array_eval(&t, &a, &r);
    if (energy && (e = area_array_energy_check(&a, &r)))
        die("%s%s", e, "");
    printf("array: %s, %lu entries x %u bits, ports rw=%u rd=%u wr=%u search=%u, banks %u, %g nm, "
           "goal %s\n", area_kind_name(a.kind), a.entries, a.width, a.rw, a.rd, a.wr, a.search,
           a.banks, nm, area_goal_name(goal));
    if (a.kind == AK_AUTO)
        printf("kind: auto chose %s\n", area_kind_name(r.kind));
    if (r.kind == AK_FF) {
        printf("organisation: %u bank(s) of %lu x %u flip-flops\n", r.banks, r.bank_entries,
               a.width);
        printf("flipflops %lu\n", r.flops);
    } else {
        printf("organisation: %u bank(s); each %lu entries as %u rows x %u columns (%u word(s) "
               "per row), %u subarray(s) of %u x %u\n",
               r.banks, r.bank_entries, r.rows, r.cols, r.mux, r.subarrays, r.sub_rows, r.sub_cols);
        printf("bit_cell %.2f F x %.2f F = %.1f F^2 = %.4g um^2%s\n", r.cell_w_f, r.cell_h_f,
               r.cell_w_f * r.cell_h_f, r.cell_w_f * r.cell_h_f * t.f_um * t.f_um,
               a.kind == AK_CAM && a.ways == 0 ? " (CAM tag cell)" : "");
        if (a.kind == AK_CAM)
            printf("associativity %s\n", a.ways ? "set-associative" : "fully associative");
    }
    for (c = 0; c < AC_N; c++)
        printf("%s_mm2 %.6g\n", area_class_name(c), r.cls[c]);
    printf("periphery_mm2 %.6g\n", r.total_mm2 - r.storage_mm2);
    printf("efficiency %.3f\n", r.efficiency);
    if (a.kind != AK_CAM && a.rw + a.rd >= 1) {
        unsigned long x = area_ff_crossover(&t, a.width, a.rw, a.rd, a.wr);
        if (x)
            printf("ff_sram_crossover_entries %lu (flip-flops are smaller below it)\n", x);
        else
            printf("ff_sram_crossover_entries none up to 65536\n");
    }
    if (energy) {
        printf("energy_node %g nm, Vdd %.2f V, i_off %.0f nA/um at 360 K; logic activity %.2f\n",
               nm, t.node.vdd, t.node.i_off, t.c.act_logic);
        printf("read_nJ %.6g\n", r.read_nj);
        printf("write_nJ %.6g\n", r.write_nj);
        printf("search_nJ %.6g\n", r.search_nj);
        printf("leak_mW %.6g\n", r.leak_mw);
        if (r.banks > 1)
            printf("leak_one_bank_mW %.6g (one bank and the network: CACTI's convention)\n",
                   r.leak_bank_mw);
    }
    printf("area_mm2 %.6g\n", r.total_mm2);
    return 0;
}

/* ----------------------------------------------------------------- report */

static int cmd_report(int argc, char **argv)
{
    const char *paper = "all", *format = "text", *out = NULL, *profile_path = NULL;
    double nm = 0;
    area_profile prof;
    static area_report rep;
    area_goal goal = AREA_GOAL_DELAY;
    int node_view = 0, energy = 0;
    const char *e;
    FILE *f;
    int i;
    char pname[200];
    area_profile_default(&prof);
    for (i = 2; i < argc; i++) {
        const char *fl = argv[i];
        help_flag(fl);
        if (strcmp(fl, "--paper") == 0) {
            paper = need_value(argc, argv, &i);
            if (strcmp(paper, "all") && strcmp(paper, "000") && strcmp(paper, "001") &&
                strcmp(paper, "002") && strcmp(paper, "003") && strcmp(paper, "004"))
                die("--paper: expected 000, 001, 002, 003, 004 or all, got '%s'%s", paper, "");
        } else if (strcmp(fl, "--tech") == 0) {
            nm = get_tech(need_value(argc, argv, &i));
        } else if (strcmp(fl, "--goal") == 0) {
            goal = get_goal(need_value(argc, argv, &i));
        } else if (strcmp(fl, "--view") == 0) {
            const char *v = need_value(argc, argv, &i);
            if (strcmp(v, "papers") == 0)
                node_view = 0;
            else if (strcmp(v, "node") == 0)
                node_view = 1;
            else
                die("--view: expected papers or node, got '%s'%s", v, "");
        } else if (strcmp(fl, "--format") == 0) {
            format = need_value(argc, argv, &i);
            if (!area_report_format_ok(format))
                die("--format: expected text, md, csv, json or svg, got '%s'%s", format, "");
        } else if (strcmp(fl, "-o") == 0) {
            out = need_value(argc, argv, &i);
        } else if (strcmp(fl, "--profile") == 0) {
            profile_path = need_value(argc, argv, &i);
            load_profile(profile_path, &prof);
        } else if (strcmp(fl, "--energy") == 0) {
            energy = 1;
        } else {
            die("unknown option '%s' (see area --help)%s", fl, "");
        }
    }
    if (profile_path)
        snprintf(pname, sizeof pname, "profile %s", profile_path);
    else
        snprintf(pname, sizeof pname, "default constants");
    if (node_view) {
        if (!area_report_node_format_ok(format))
            die("--view node: expected --format text, md or csv, got '%s'%s", format, "");
        if (nm == 0)
            nm = 40; /* every paper at one node: Fermi's unless told */
    }
    e = area_report_build_goal(paper, nm, &prof, pname, goal, &rep);
    if (e)
        die("%s%s", e, "");
    rep.energy = energy;
    f = open_out(out);
    if ((node_view ? area_report_write_node(f, &rep, format) : area_report_write(f, &rep, format)) !=
        0)
        die("cannot write the report%s%s", "", "");
    close_out(f, out);
    return 0;
}

/* -------------------------------------------------------------- calibrate */

static int cmd_calibrate(int argc, char **argv)
{
    const char *refs = NULL, *out = NULL;
    area_profile start;
    static area_ref rows[AREA_REFS_MAX];
    static area_fit fit;
    FILE *pf = NULL;
    unsigned n, i, g;
    char err[512];
    int a;
    const area_consts *c = area_default_consts();
    area_profile_default(&start);
    for (a = 2; a < argc; a++) {
        help_flag(argv[a]);
        if (strcmp(argv[a], "--refs") == 0)
            refs = need_value(argc, argv, &a);
        else if (strcmp(argv[a], "-o") == 0)
            out = need_value(argc, argv, &a);
        else if (strcmp(argv[a], "--profile") == 0)
            load_profile(need_value(argc, argv, &a), &start);
        else
            die("unknown option '%s' (see area --help)%s", argv[a], "");
    }
    if (!refs)
        die("--refs FILE.csv is required%s%s", "", "");
    /* the profile file is opened before anything is read or printed */
    if (out && !(pf = fopen(out, "w")))
        die("-o %s: cannot open for writing: %s", out, strerror(errno));
    pending_out = out;
    if (area_refs_load(refs, rows, AREA_REFS_MAX, &n, err, sizeof err))
        die("%s%s", err, "");
    {
        const char *e = area_calibrate(rows, n, &start, &fit);
        if (e)
            die("%s%s", e, "");
    }
    printf("calibrate: %u reference rows from %s\n", n, refs);
    printf("fitted class multipliers (k = 1 is the default constants):\n");
    for (g = 0; g < AC_N; g++)
        printf("  k_%-14s %10.4g%s   %s\n", area_class_name(g), fit.fitted.k[g],
               fit.used[g] ? "" : " (not in the references: kept)", area_class_desc(g));
    for (g = 0; g < AC_N; g++)
        if (fit.used[g] && (fit.fitted.k[g] <= 0.0100001 || fit.fitted.k[g] >= 99.999))
            printf("note: k_%s sits at its bound: the references do not pin it down "
                   "physically\n",
                   area_class_name(g));
    printf("effective constants:\n");
    printf("  SRAM cell            %.4g F^2 (default 146)\n", 146.0 * fit.fitted.k[AC_CELLS]);
    printf("  decoder strip        %.4g F + %.4g F per address bit, per port\n",
           c->dec_base_f * fit.fitted.k[AC_DECODE], c->dec_bit_f * fit.fitted.k[AC_DECODE]);
    printf("  sense amp / driver   %.4g F / %.4g F per port (column-strip heights)\n",
           c->col_sa_f * fit.fitted.k[AC_COLUMN], c->col_wd_f * fit.fitted.k[AC_COLUMN]);
    printf("  control              x%.4g of the subarray corners, timing and address latches\n",
           fit.fitted.k[AC_CONTROL]);
    printf("  routing              x%.4g of the bus/crossbar wire area\n", fit.fitted.k[AC_ROUTE]);
    printf("  gate equivalent      %.4g F^2 (default 394)\n", 394.0 * fit.fitted.k[AC_LOGIC]);
    printf("residuals (ours / reference):\n");
    printf("  %-44s %6s %10s %10s %8s %10s %8s\n", "row", "nm", "reference", "before", "ratio",
           "after", "ratio");
    for (i = 0; i < n; i++)
        printf("  %-44.44s %6g %10.4g %10.4g %8.3f %10.4g %8.3f\n", rows[i].label, rows[i].nm,
               rows[i].area_mm2, fit.before[i], fit.before[i] / rows[i].area_mm2, fit.after[i],
               fit.after[i] / rows[i].area_mm2);
    printf("rms_relative_error before %.4f after %.4f\n", fit.rms_before, fit.rms_after);
    printf("worst_factor before %.3f after %.3f\n", pow(10.0, fit.worst_before),
           pow(10.0, fit.worst_after));
    if (out) {
        char comment[400];
        snprintf(comment, sizeof comment, "fitted to %s (%u rows): rms relative error %.4f -> %.4f",
                 refs, n, fit.rms_before, fit.rms_after);
        if (area_profile_write(pf, &fit.fitted, comment) != 0)
            die("-o %s: cannot write the profile%s", out, "");
        pending_out = NULL;
        printf("profile written to %s (use it with --profile)\n", out);
    }
    return 0;
}

/* ------------------------------------------------------------------- refs */

/* `--worst N` of energy-fit and fit-area (issue 29 item 3): the runs with the
 * largest |key[i]|, largest first, into order[]; returns how many (<= n). */
static unsigned worst_order(const double *key, unsigned n, unsigned want, unsigned *order)
{
    unsigned i, j, m = 0;
    for (i = 0; i < n; i++) {
        double k = isnan(key[i]) ? -1.0 : fabs(key[i]);
        for (j = m; j > 0; j--) {
            double kj = isnan(key[order[j - 1]]) ? -1.0 : fabs(key[order[j - 1]]);
            if (kj >= k)
                break;
            order[j] = order[j - 1];
        }
        order[j] = i;
        m++;
    }
    return want < m ? want : m;
}

/* One run's organisation as the area model chose it (built-in constants):
 * banks, words per row, subarrays per bank and their size, and each class's
 * share of the area -- what a worst run's error is to be read against. */
static void print_org(const area_ref *row)
{
    area_tech t;
    area_result r;
    unsigned g;
    if (area_tech_at(row->nm, NULL, &t) || area_array_eval(&t, &row->a, &r)) {
        printf("  (no organisation)");
        return;
    }
    printf(" %3u %3u %4u %4ux%-5u", r.banks, r.mux, r.subarrays, r.sub_rows, r.sub_cols);
    for (g = 0; g < AC_N; g++)
        printf(" %3.0f", r.total_mm2 > 0 ? r.cls[g] / r.total_mm2 * 100 : 0.0);
}

static void print_org_head(void)
{
    printf(" %3s %3s %4s %10s %3s %3s %3s %3s %3s %3s", "bk", "mux", "subs", "sub_rxc", "cel",
           "dec", "col", "ctl", "rte", "lgc");
}

/* energy-fit --terms: one run's read, write and (CAM) search energy under p,
 * split by the model's terms -- each dynamic constant times its feature, and
 * the logic's part -- in % of our figure, beside CACTI's as a % of ours:
 * which physical term a worst run's error has to be looked for in. */
static void print_energy_terms(const area_ref *row, const area_eparams *p)
{
    static const char *const eq_name[] = {"read", "write", "search"};
    const double ref[] = {row->read_nj, row->write_nj, row->search_nj};
    unsigned eq, j;
    for (eq = AREA_EQ_READ; eq <= AREA_EQ_SEARCH; eq++) {
        double t[AREA_EFIT_DYN + 1], sum = 0;
        if (eq == AREA_EQ_SEARCH && row->a.kind != AK_CAM)
            continue;
        if (area_energy_terms(row, p, eq, t))
            continue;
        for (j = 0; j <= AREA_EFIT_DYN; j++)
            sum += t[j];
        if (!(sum > 0))
            continue;
        printf("    %-6s ours (refit on all) %.4g nJ, CACTI %3.0f%% of it; terms (%%):",
               eq_name[eq], sum, ref[eq] / sum * 100);
        for (j = 0; j < AREA_EFIT_DYN; j++)
            if (t[j] / sum >= 0.005)
                printf(" %s %.0f", area_eparam_name(j), t[j] / sum * 100);
        printf(" logic %.0f\n", t[AREA_EFIT_DYN] / sum * 100);
    }
}

/* energy-fit --parts: each run's read energy in CACTI 7's split beside ours
 * (built-in constants), grouped alike (area_read_groups), with CACTI's
 * organisation beside ours; then per group the ratio CACTI / ours over the
 * runs (median, lowest, highest): a part whose ratio spreads both ways
 * has the wrong length or count for some organisations, not the wrong
 * constant. */
static void print_read_parts(const area_ref *rows, unsigned n, const area_eparams *p)
{
    static double ratio[AREA_PG_N][AREA_REFS_MAX];
    unsigned cnt[AREA_PG_N] = {0}, lo[AREA_PG_N] = {0}, hi[AREA_PG_N] = {0}, i, g, used = 0;
    printf("read energy by part, CACTI 7 / ours (pJ; built-in constants), CACTI's organisation "
           "(Ndwl x Ndbl, Nspd, Ndcm: subarray rows x columns) beside ours (words per row, "
           "subarrays: rows x columns):\n");
    printf("  %-34s %4s %8s %8s", "run", "nm", "CACTI", "ours");
    for (g = 0; g < AREA_PG_N; g++)
        printf(" %15s", area_read_group_name(g));
    printf("  org CACTI | ours\n");
    for (i = 0; i < n; i++) {
        const area_ref *r = &rows[i];
        const unsigned *org = r->cacti_org;
        double c[AREA_PG_N], o[AREA_PG_N], ct = 0, ot = 0;
        unsigned long per_bank = (r->a.entries + r->a.banks - 1) / r->a.banks;
        area_tech t;
        area_result res;
        if (!r->has_parts || area_read_groups(r, p, c, o) || area_tech_at(r->nm, NULL, &t) ||
            area_array_eval(&t, &r->a, &res))
            continue;
        for (g = 0; g < AREA_PG_N; g++) {
            ct += c[g];
            ot += o[g];
        }
        printf("  %-34.34s %4g %8.3f %8.3f", r->label, r->nm, ct * 1e3, ot * 1e3);
        for (g = 0; g < AREA_PG_N; g++) {
            printf(" %7.3f/%-7.3f", c[g] * 1e3, o[g] * 1e3);
            if (c[g] > 0 && o[g] > 0) {
                double q = c[g] / o[g];
                if (!cnt[g] || q < ratio[g][0])
                    lo[g] = i;
                if (!cnt[g] || q > ratio[g][1])
                    hi[g] = i;
                ratio[g][0] = cnt[g] && ratio[g][0] < q ? ratio[g][0] : q;
                ratio[g][1] = cnt[g] && ratio[g][1] > q ? ratio[g][1] : q;
                ratio[g][2 + cnt[g]++] = q;
            }
        }
        printf("  %ux%u %u %u: %lux%lu | %u %u: %ux%u\n", org[AREA_CO_NDWL], org[AREA_CO_NDBL],
               org[AREA_CO_NSPD], org[AREA_CO_NDCM],
               per_bank / ((unsigned long)org[AREA_CO_NDBL] * org[AREA_CO_NSPD]),
               (unsigned long)r->a.width * org[AREA_CO_NSPD] / org[AREA_CO_NDWL], res.mux,
               res.subarrays, res.sub_rows, res.sub_cols);
        used++;
    }
    if (!used) {
        printf("  (no run carries CACTI's read-energy parts)\n");
        return;
    }
    printf("per part, CACTI / ours over the runs where both are nonzero (of %u):\n", used);
    for (g = 0; g < AREA_PG_N; g++) {
        double med, top;
        if (!cnt[g])
            continue;
        area_err_stats(ratio[g] + 2, cnt[g], &med, &top);
        printf("  %-8s %3u runs  median %5.2f  lowest %5.2f (%s)  highest %5.2f (%s)\n",
               area_read_group_name(g), cnt[g], med, ratio[g][0], rows[lo[g]].label, top,
               rows[hi[g]].label);
    }
}

/* area energy-fit: the energy model against CACTI runs (issue 29) */
static void print_estat(const char *what, const area_estat st[AREA_EQ_N])
{
    static const char *const eq[AREA_EQ_N] = {"read", "write", "search", "leakage"};
    unsigned k;
    printf("%s:", what);
    for (k = 0; k < AREA_EQ_N; k++)
        if (st[k].n)
            printf("  %s median %.1f%% worst %.1f%% (%u)", eq[k], st[k].median * 100,
                   st[k].worst * 100, st[k].n);
    printf("\n");
}

static int cmd_energy_fit(int argc, char **argv)
{
    const char *refs = NULL;
    static area_ref rows[AREA_REFS_MAX];
    area_eparams built, fitted;
    area_estat st[AREA_EQ_N];
    static double held[AREA_REFS_MAX * AREA_EQ_N], key[AREA_REFS_MAX];
    static unsigned order[AREA_REFS_MAX];
    unsigned n, i, j, folds = 5, worst = 0;
    char err[512];
    int a, terms = 0, parts = 0;
    const char *e;
    for (a = 2; a < argc; a++) {
        help_flag(argv[a]);
        if (strcmp(argv[a], "--refs") == 0)
            refs = need_value(argc, argv, &a);
        else if (strcmp(argv[a], "--terms") == 0)
            terms = 1;
        else if (strcmp(argv[a], "--parts") == 0)
            parts = 1;
        else if (strcmp(argv[a], "--folds") == 0)
            folds = (unsigned)get_ulong("--folds", need_value(argc, argv, &a), 2, 64);
        else if (strcmp(argv[a], "--worst") == 0)
            worst = (unsigned)get_ulong("--worst", need_value(argc, argv, &a), 1, AREA_REFS_MAX);
        else
            die("unknown option '%s' (see area --help)%s", argv[a], "");
    }
    if (!refs)
        die("--refs FILE.csv is required%s%s", "", "");
    if (terms && !worst)
        die("--terms: needs --worst N (the runs whose energy it splits)%s%s", "", "");
    if (area_refs_load(refs, rows, AREA_REFS_MAX, &n, err, sizeof err))
        die("%s%s", err, "");
    if (folds > n)
        die("--folds: at most the number of runs in %s%s", refs, "");
    area_eparams_builtin(&built);
    printf("energy-fit: %u runs from %s (ours with the built-in constants)\n", n, refs);
    printf("  %-40s %4s %9s %9s %6s %9s %9s %6s %9s %9s %6s %8s %8s %6s\n", "run", "nm", "read",
           "ours", "err", "write", "ours", "err", "search", "ours", "err", "leak_mW", "ours",
           "err");
    for (i = 0; i < n; i++) {
        double p[AREA_EQ_N], ref[AREA_EQ_N] = {rows[i].read_nj, rows[i].write_nj,
                                              rows[i].search_nj, rows[i].leak_mw};
        if ((e = area_energy_predict(&rows[i], &built, p)))
            die("%s%s", e, "");
        printf("  %-40.40s %4g", rows[i].label, rows[i].nm);
        for (j = 0; j < AREA_EQ_N; j++) {
            if (ref[j] > 0 && (j != AREA_EQ_SEARCH || rows[i].a.kind == AK_CAM))
                printf(" %9.4g %9.4g %+5.0f%%", ref[j], p[j], (p[j] / ref[j] - 1) * 100);
            else
                printf(" %9s %9s %6s", "-", "-", "");
        }
        printf("\n");
    }
    if ((e = area_energy_stats(rows, n, NULL, &built, st)))
        die("%s%s", e, "");
    print_estat("built-in constants on these runs", st);
    if (parts)
        print_read_parts(rows, n, &built);
    if ((e = area_energy_fit(rows, n, NULL, NULL, &fitted)))
        die("%s%s", e, "");
    printf("refit on all %u runs (pulled toward the built-in values, weight %g):\n", n,
           AREA_EFIT_RIDGE);
    for (j = 0; j < AREA_EFIT_DYN + AREA_EFIT_LEAK; j++)
        printf("  %-8s built-in %9.4g  refit %9.4g\n", area_eparam_name(j),
               j < AREA_EFIT_DYN ? built.dyn[j] : built.leak[j - AREA_EFIT_DYN],
               j < AREA_EFIT_DYN ? fitted.dyn[j] : fitted.leak[j - AREA_EFIT_DYN]);
    {
        unsigned nn;
        const area_node *tab = area_tech_table(&nn);
        for (j = 0; j < AREA_EFIT_NODES && j < nn; j++)
            printf("  i_off %2g nm built-in %7.1f  refit %7.1f nA/um\n", tab[j].nm,
                   built.i_off[j], fitted.i_off[j]);
    }
    if ((e = area_energy_stats(rows, n, NULL, &fitted, st)))
        die("%s%s", e, "");
    print_estat("refit on these runs", st);
    if ((e = area_energy_crossval(rows, n, folds, st, held)))
        die("%s%s", e, "");
    {
        char what[80];
        snprintf(what, sizeof what, "%u-fold cross-validation (held-out proxy)", folds);
        print_estat(what, st);
    }
    if (worst) {
        /* ranked by the larger of the held-out read and write errors */
        for (i = 0; i < n; i++) {
            double r = held[i * AREA_EQ_N + AREA_EQ_READ], w = held[i * AREA_EQ_N + AREA_EQ_WRITE];
            key[i] = isnan(w) || fabs(r) >= fabs(w) ? r : w;
        }
        worst = worst_order(key, n, worst, order);
        printf("%u worst runs held out (%u-fold; read or write), with our organisation and area "
               "shares (%%):\n",
               worst, folds);
        printf("  %-40s %4s %6s %6s %6s %6s", "run", "nm", "read", "write", "search", "leak");
        print_org_head();
        printf("\n");
        for (j = 0; j < worst; j++) {
            unsigned eq;
            i = order[j];
            printf("  %-40.40s %4g", rows[i].label, rows[i].nm);
            for (eq = 0; eq < AREA_EQ_N; eq++) {
                double d = held[i * AREA_EQ_N + eq];
                if (isnan(d) || (eq == AREA_EQ_SEARCH && rows[i].a.kind != AK_CAM))
                    printf(" %6s", "-");
                else
                    printf(" %+5.0f%%", d * 100);
            }
            print_org(&rows[i]);
            printf("\n");
            if (terms)
                print_energy_terms(&rows[i], &fitted);
        }
    }
    return 0;
}

/* area fit-area: the area constants against CACTI runs (issue 29 item 3) */
static int cmd_fit_area(int argc, char **argv)
{
    static area_ref rows[AREA_REFS_MAX], more[AREA_REFS_MAX];
    const char *files[8];
    static double held[AREA_REFS_MAX], key[AREA_REFS_MAX];
    static unsigned order[AREA_REFS_MAX];
    unsigned nf = 0, n = 0, i, j, folds = 0, evals = 3000, worst = 0;
    char err[512];
    area_consts fitted;
    area_astat st;
    const char *e;
    int a;
    for (a = 2; a < argc; a++) {
        help_flag(argv[a]);
        if (strcmp(argv[a], "--refs") == 0) {
            if (nf == 8)
                die("--refs: at most 8 files%s%s", "", "");
            files[nf++] = need_value(argc, argv, &a);
        } else if (strcmp(argv[a], "--folds") == 0) {
            folds = (unsigned)get_ulong("--folds", need_value(argc, argv, &a), 2, 64);
        } else if (strcmp(argv[a], "--evals") == 0) {
            evals = (unsigned)get_ulong("--evals", need_value(argc, argv, &a), 1, 1000000);
        } else if (strcmp(argv[a], "--worst") == 0) {
            worst = (unsigned)get_ulong("--worst", need_value(argc, argv, &a), 1, AREA_REFS_MAX);
        } else {
            die("unknown option '%s' (see area --help)%s", argv[a], "");
        }
    }
    if (!nf)
        die("--refs FILE.csv is required%s%s", "", "");
    for (i = 0; i < nf; i++) {
        unsigned m, k;
        if (area_refs_load(files[i], more, AREA_REFS_MAX, &m, err, sizeof err))
            die("%s%s", err, "");
        for (k = 0; k < m; k++) {
            for (j = 0; j < n; j++)
                if (strcmp(rows[j].label, more[k].label) == 0 && rows[j].nm == more[k].nm &&
                    rows[j].area_mm2 == more[k].area_mm2)
                    break;
            if (j < n)
                continue; /* the same run in two files */
            if (n == AREA_REFS_MAX)
                die("--refs: more than %s runs%s", "256", "");
            rows[n++] = more[k];
        }
    }
    if (folds > n)
        die("--folds: at most the number of runs%s%s", "", "");
    printf("fit-area: %u distinct runs\n", n);
    area_consts_stats(rows, n, NULL, area_default_consts(), &st);
    printf("built-in constants: median %.1f%% worst %.1f%% (%u runs)\n", st.median * 100,
           st.worst * 100, st.n);
    for (i = 0; i < n; i++) {
        double o = area_ref_eval_consts(&rows[i], area_default_consts());
        printf("  %-42.42s %4g nm  ref %10.4g  ours %10.4g  %+6.1f%%\n", rows[i].label, rows[i].nm,
               rows[i].area_mm2, o, (o / rows[i].area_mm2 - 1) * 100);
    }
    if ((e = area_fit_consts(rows, n, NULL, NULL, evals, &fitted)))
        die("%s%s", e, "");
    printf("refit (%u evaluations at most, pulled toward the built-in values, weight %g):\n", evals,
           AREA_AFIT_RIDGE);
    for (j = 0; j < AREA_AFIT_N; j++) {
        area_consts b = *area_default_consts();
        printf("  %-11s built-in %9.4g  refit %9.4g\n", area_aconst_name(j),
               *area_aconst_field(&b, j), *area_aconst_field(&fitted, j));
    }
    area_consts_stats(rows, n, NULL, &fitted, &st);
    printf("refit on these runs: median %.1f%% worst %.1f%%\n", st.median * 100, st.worst * 100);
    if (folds) {
        if ((e = area_fit_crossval(rows, n, folds, evals, &st, held)))
            die("%s%s", e, "");
        printf("%u-fold cross-validation (held-out proxy): median %.1f%% worst %.1f%% (%u runs)\n",
               folds, st.median * 100, st.worst * 100, st.n);
    }
    if (worst) {
        /* ranked by the held-out error with --folds, else the built-in one */
        for (i = 0; i < n; i++) {
            double o = area_ref_eval_consts(&rows[i], area_default_consts());
            key[i] = o / rows[i].area_mm2 - 1.0;
            if (!folds)
                held[i] = NAN;
        }
        worst = worst_order(folds ? held : key, n, worst, order);
        printf("%u worst runs (%s), with our organisation and area shares (%%):\n", worst,
               folds ? "by the held-out error" : "by the built-in error");
        printf("  %-42s %4s %8s %8s", "run", "nm", "built-in", "held-out");
        print_org_head();
        printf("\n");
        for (j = 0; j < worst; j++) {
            i = order[j];
            printf("  %-42.42s %4g %+7.1f%%", rows[i].label, rows[i].nm, key[i] * 100);
            if (isnan(held[i]))
                printf(" %8s", "-");
            else
                printf(" %+7.1f%%", held[i] * 100);
            print_org(&rows[i]);
            printf("\n");
        }
    }
    return 0;
}

static int cmd_refs(int argc, char **argv)
{
    const char *paper = "all", *out = NULL;
    FILE *f;
    int i;
    for (i = 2; i < argc; i++) {
        help_flag(argv[i]);
        if (strcmp(argv[i], "--paper") == 0) {
            paper = need_value(argc, argv, &i);
            if (strcmp(paper, "all") && strcmp(paper, "000") && strcmp(paper, "001") &&
                strcmp(paper, "002") && strcmp(paper, "003") && strcmp(paper, "004"))
                die("--paper: expected 000, 001, 002, 003, 004 or all, got '%s'%s", paper, "");
        } else if (strcmp(argv[i], "-o") == 0) {
            out = need_value(argc, argv, &i);
        } else {
            die("unknown option '%s' (see area --help)%s", argv[i], "");
        }
    }
    f = open_out(out);
    area_refs_write(f, paper);
    close_out(f, out);
    return 0;
}

/* ------------------------------------------------------------------ logic */

#define MAX_PARAMS 8

/* `logic` (energy = 0): the Yosys view; `energy` (energy = 1): the module's
 * energy per access and leakage as the SM model gets them
 * (area_struct_energy), every item and the totals. */
static int cmd_logic(int argc, char **argv, int energy)
{
    const char *module = NULL;
    const char *pn[MAX_PARAMS];
    unsigned pv[MAX_PARAMS], np = 0, k;
    char names[MAX_PARAMS][32], err[512];
    double nm = 40, comb;
    unsigned long flops;
    area_profile prof;
    area_tech t;
    area_desc d;
    area_result tot, items[AREA_DESC_MAX];
    int i;
    area_profile_default(&prof);
    for (i = 2; i < argc; i++) {
        help_flag(argv[i]);
        if (strcmp(argv[i], "--module") == 0) {
            module = need_value(argc, argv, &i);
        } else if (strcmp(argv[i], "--param") == 0) {
            const char *v = need_value(argc, argv, &i);
            const char *eq = strchr(v, '=');
            size_t l = eq ? (size_t)(eq - v) : 0;
            if (!eq || l == 0 || l >= sizeof names[0])
                die("--param: expected NAME=VALUE, got '%s'%s", v, "");
            if (np >= MAX_PARAMS)
                die("--param: at most 8 parameters%s%s", "", "");
            memcpy(names[np], v, l);
            names[np][l] = '\0';
            pn[np] = names[np];
            pv[np] = (unsigned)get_ulong("--param", eq + 1, 0, 1u << 20);
            np++;
        } else if (strcmp(argv[i], "--tech") == 0) {
            nm = get_tech(need_value(argc, argv, &i));
        } else if (strcmp(argv[i], "--profile") == 0) {
            load_profile(need_value(argc, argv, &i), &prof);
        } else {
            die("unknown option '%s' (see area --help)%s", argv[i], "");
        }
    }
    if (!module)
        die("--module NAME is required%s%s", "", "");
    if (area_desc_module(module, pn, pv, np, !energy, &d, err, sizeof err))
        die("%s%s", err, "");
    area_tech_at(nm, &prof, &t);
    if (energy) {
        static area_energy_report rep;
        const char *e = area_desc_energy(&t, &d, &rep);
        if (e)
            die("%s%s", e, "");
        printf("module %s (%s), %g nm, Vdd %.2f V; per access of one port of one copy; logic: "
               "one evaluation at activity %.2f; leakage at 360 K\n",
               d.name, d.config, nm, t.node.vdd, t.c.act_logic);
        printf("  %-28s %5s %-5s %10s %10s %10s %10s %10s %9s\n", "item", "count", "kind",
               "area_mm2", "read_nJ", "write_nJ", "search_nJ", "logic_nJ", "leak_mW");
        for (k = 0; k < rep.n; k++) {
            const area_item_energy *it = &rep.item[k];
            printf("  %-28.28s %5u %-5s %10.4g %10.4g %10.4g %10.4g %10.4g %9.4g%s\n", it->name,
                   it->count, it->type == AI_ARRAY ? area_kind_name(it->kind) : "logic",
                   it->area_mm2, it->read_nj, it->write_nj, it->search_nj, it->op_nj, it->leak_mw,
                   d.item[k].lockstep ? " (every bank per access)" : "");
        }
        printf("read_nJ %.6g\nwrite_nJ %.6g\nsearch_nJ %.6g\nlogic_nJ %.6g\nleak_mW %.6g\n",
               rep.read_nj, rep.write_nj, rep.search_nj, rep.op_nj, rep.leak_mw);
        printf("area_mm2 %.6g\n", rep.area_mm2);
        return 0;
    }
    area_desc_eval(&t, &d, &tot, items);
    area_desc_logic_view(&t, &d, &comb, &flops);
    printf("module %s (%s), every array as flip-flops (as Yosys builds the RTL), %g nm\n",
           d.name, d.config, nm);
    for (k = 0; k < d.n; k++)
        printf("  item %-26s %-6s %10.4g mm2  %s\n", d.item[k].name,
               d.item[k].type == AI_ARRAY ? area_kind_name(items[k].kind) : "logic",
               items[k].total_mm2 * d.item[k].count, d.item[k].what);
    printf("storage_bits %lu\n", d.storage_bits);
    printf("flipflops %lu\n", flops);
    printf("comb_ge %.1f\n", comb);
    printf("comb_transistors %.0f\n", comb * 4.0);
    printf("flipflop_transistors %.0f\n", (double)flops * t.c.ge_dff * 4.0);
    printf("area_mm2 %.6g\n", tot.total_mm2);
    return 0;
}


/* ------------------------------------------------------------------ sweep */

/* Splits "A,B,C" into at most max names (each < 32 chars). */
static unsigned split_names(const char *flag, const char *v, char names[][32], unsigned max)
{
    unsigned n = 0;
    const char *p = v;
    for (;;) {
        const char *c = strchr(p, ',');
        size_t l = c ? (size_t)(c - p) : strlen(p);
        if (l == 0 || l >= 32)
            die("%s: expected NAME[,NAME...], got '%s'", flag, v);
        if (n >= max)
            die("%s: at most 4 names, got '%s'", flag, v);
        memcpy(names[n], p, l);
        names[n][l] = '\0';
        n++;
        if (!c)
            break;
        p = c + 1;
    }
    return n;
}

static int cmd_sweep(int argc, char **argv)
{
    char mods[AREA_SWEEP_MAX_MODULES][32], fnames[AREA_SWEEP_MAX_FIXED][32], xname[32] = "";
    char err[512];
    const char *mp[AREA_SWEEP_MAX_MODULES], *fp[AREA_SWEEP_MAX_FIXED];
    const char *format = "text", *out = NULL, *svg = NULL;
    unsigned fv[AREA_SWEEP_MAX_FIXED], xs[AREA_SWEEP_MAX_POINTS], nmod = 0, nfix = 0, nx = 0, k;
    double nm = 40;
    area_goal goal = AREA_GOAL_DELAY;
    area_profile prof;
    area_tech t;
    static area_sweep sw;
    FILE *f, *fs = NULL;
    int i;
    area_profile_default(&prof);
    for (i = 2; i < argc; i++) {
        const char *fl = argv[i];
        help_flag(fl);
        if (strcmp(fl, "--module") == 0) {
            nmod = split_names("--module", need_value(argc, argv, &i), mods,
                               AREA_SWEEP_MAX_MODULES);
        } else if (strcmp(fl, "--param") == 0) {
            const char *v = need_value(argc, argv, &i), *eq = strchr(v, '='), *p;
            size_t l = eq ? (size_t)(eq - v) : 0;
            unsigned vals[AREA_SWEEP_MAX_POINTS], n = 0;
            char name[32];
            if (!eq || l == 0 || l >= sizeof name)
                die("--param: expected NAME=V1,V2,... got '%s'%s", v, "");
            memcpy(name, v, l);
            name[l] = '\0';
            for (p = eq + 1;;) {
                const char *c = strchr(p, ',');
                char one[32];
                size_t ol = c ? (size_t)(c - p) : strlen(p);
                if (ol == 0 || ol >= sizeof one)
                    die("--param: expected NAME=V1,V2,... got '%s'%s", v, "");
                if (n >= AREA_SWEEP_MAX_POINTS)
                    die("--param: at most 64 values, got '%s'%s", v, "");
                memcpy(one, p, ol);
                one[ol] = '\0';
                vals[n++] = (unsigned)get_ulong("--param", one, 0, 1u << 20);
                if (!c)
                    break;
                p = c + 1;
            }
            if (n > 1) {
                if (nx)
                    die("--param: only one parameter may take a list (%s and %s do)", xname,
                        name);
                memcpy(xname, name, sizeof xname);
                memcpy(xs, vals, n * sizeof vals[0]);
                nx = n;
            } else {
                if (nfix >= AREA_SWEEP_MAX_FIXED)
                    die("--param: at most 8 fixed parameters%s%s", "", "");
                memcpy(fnames[nfix], name, sizeof name);
                fv[nfix] = vals[0];
                fp[nfix] = fnames[nfix];
                nfix++;
            }
        } else if (strcmp(fl, "--tech") == 0) {
            nm = get_tech(need_value(argc, argv, &i));
        } else if (strcmp(fl, "--goal") == 0) {
            goal = get_goal(need_value(argc, argv, &i));
        } else if (strcmp(fl, "--format") == 0) {
            format = need_value(argc, argv, &i);
            if (!area_sweep_format_ok(format))
                die("--format: expected text, csv or svg, got '%s'%s", format, "");
        } else if (strcmp(fl, "-o") == 0) {
            out = need_value(argc, argv, &i);
        } else if (strcmp(fl, "--svg") == 0) {
            svg = need_value(argc, argv, &i);
        } else if (strcmp(fl, "--profile") == 0) {
            load_profile(need_value(argc, argv, &i), &prof);
        } else {
            die("unknown option '%s' (see area --help)%s", fl, "");
        }
    }
    if (nmod == 0)
        die("--module NAME is required%s%s", "", "");
    if (nx == 0)
        die("--param NAME=V1,V2,... is required (a parameter with 2 or more values)%s%s", "", "");
    for (k = 0; k < nmod; k++)
        mp[k] = mods[k];
    area_tech_at(nm, &prof, &t);
    t.goal = goal;
    if (area_sweep_run(mp, nmod, xname, xs, nx, fp, fv, nfix, &t, &sw, err, sizeof err))
        die("%s%s", err, "");
    /* both outputs are opened before either is written */
    if (svg && !(fs = fopen(svg, "w")))
        die("--svg %s: cannot open for writing: %s", svg, strerror(errno));
    f = open_out(out);
    if (area_sweep_write(f, &sw, format) != 0)
        die("cannot write the sweep%s%s", "", "");
    close_out(f, out);
    if (fs) {
        if (area_sweep_write(fs, &sw, "svg") != 0 || fclose(fs) != 0)
            die("--svg %s: write error%s", svg, "");
    }
    return 0;
}

/* ------------------------------------------------------------------- tech */

static int cmd_tech(int argc, char **argv)
{
    unsigned n, i;
    if (argc > 2) {
        help_flag(argv[2]);
        die("'%s': tech takes no options (see area --help)%s", argv[2], "");
    }
    const area_node *tab = area_tech_table(&n);
    const area_consts *c = area_default_consts();
    printf("%6s %8s %6s %8s %6s %6s %6s %6s %8s\n", "nm", "cell_F2", "aspect", "cam_F2", "aspect",
           "p_loc", "p_semi", "p_glob", "GE_F2");
    for (i = 0; i < n; i++)
        printf("%6g %8g %6g %8g %6g %6g %6g %6g %8g\n", tab[i].nm, tab[i].cell_f2,
               tab[i].cell_aspect, tab[i].cam_f2, tab[i].cam_aspect, tab[i].pitch_local_f,
               tab[i].pitch_semi_f, tab[i].pitch_global_f, tab[i].ge_f2);
    printf("circuit constants (every node), each periphery block sized by what it drives:\n");
    printf("  row decoder + wordline driver  %g F + %g F per address bit + %g F per column "
           "driven, per port\n", c->dec_base_f, c->dec_bit_f, c->dec_load_f);
    printf("  column strip                   precharge/mux %g F, sense amp %g F, write driver %g "
           "F per port (amps and drivers shared by the mux degree) + %g F per row driven\n",
           c->col_pre_f, c->col_sa_f, c->col_wd_f, c->col_load_f);
    printf("  CAM                            search-line driver %g F (+ %g F per row), "
           "match-line sense %g F per search port\n", c->col_sld_f, c->col_load_f,
           c->ml_sense_f);
    printf("  bank edge                      %g GE per data bit per direction per port, %g GE "
           "per address bit per port, %g GE timing per port\n", c->io_ge, c->addr_ge,
           c->timing_ge);
    printf("  wires                          H-trees inside a bank at the semi-global pitch, "
           "between banks at the global pitch\n");
    printf("  organisation                   goal delay (default): subarrays <= %u x %u; goal "
           "area: <= %u x %u; <= %u words per row\n", c->delay_max_rows, c->delay_max_cols,
           c->area_max_rows, c->area_max_cols, c->max_mux);
    printf("  logic                          utilization %g; crossbar %g global tracks per bit\n",
           c->logic_util, c->xbar_tracks);
    return 0;
}

/* area rf: area_alloc_rf_cost from the command line (what the SM model's
 * allocation costs; area/README.md). */
static int cmd_rf(int argc, char **argv)
{
    area_rf_alloc a;
    area_rf_cost c;
    area_tech t;
    double nm = 40;
    unsigned k = 1, banks = 8, have = 0;
    const char *e;
    int i;
    memset(&a, 0, sizeof a);
    for (i = 2; i < argc; i++) {
        const char *f = argv[i];
        help_flag(f);
        if (strcmp(f, "--vregs") == 0) {
            a.vregs = (unsigned)get_ulong(f, need_value(argc, argv, &i), 1, 1024);
            have |= 1u;
        } else if (strcmp(f, "--sregs") == 0) {
            a.sregs = (unsigned)get_ulong(f, need_value(argc, argv, &i), 0, 1024);
            have |= 2u;
        } else if (strcmp(f, "--warps") == 0) {
            a.warps = (unsigned)get_ulong(f, need_value(argc, argv, &i), 1, 64);
            have |= 4u;
        } else if (strcmp(f, "--warp") == 0) {
            a.warp = (unsigned)get_ulong(f, need_value(argc, argv, &i), 1, 64);
            have |= 8u;
        } else if (strcmp(f, "--lanes") == 0) {
            a.lanes = (unsigned)get_ulong(f, need_value(argc, argv, &i), 1, 64);
            have |= 16u;
        } else if (strcmp(f, "--k") == 0) {
            k = (unsigned)get_ulong(f, need_value(argc, argv, &i), 1, 64);
        } else if (strcmp(f, "--banks") == 0) {
            banks = (unsigned)get_ulong(f, need_value(argc, argv, &i), 1, 64);
        } else if (strcmp(f, "--tech") == 0) {
            nm = get_tech(need_value(argc, argv, &i));
        } else {
            die("unknown flag '%s' (see area --help)%s", f, "");
        }
    }
    if (have != 31u)
        die("needs --vregs, --sregs, --warps, --warp and --lanes%s%s", "", "");
    if ((e = area_tech_at(nm, NULL, &t)) != NULL)
        die("%s%s", e, "");
    if ((e = area_alloc_rf_cost(&t, &a, k, banks, &c)) != NULL)
        die("%s%s", e, "");
    printf("node %g nm; %u warps x %u threads, %u ALU lanes in %u register-file lane(s) of %u\n",
           nm, a.warps, a.warp, a.lanes, a.lanes / k, k);
    printf("vector_rf %u regs/thread: %lu bits, %.6g mm2\n", a.vregs, c.vec_bits, c.vec_mm2);
    printf("scalar_rf %u regs/warp: %lu bits, %.6g mm2\n", a.sregs, c.sca_bits, c.sca_mm2);
    printf("total %.6g mm2, leakage %.6g mW\n", c.vec_mm2 + c.sca_mm2, c.leak_mw);
    printf("energy_pj vector_row_read %.6g vector_row_write %.6g crossbar_transfer %.6g\n",
           c.vec_row_read_nj * 1e3, c.vec_row_write_nj * 1e3, c.xbar_nj * 1e3);
    printf("energy_pj warp_vector_read %.6g warp_vector_write %.6g scalar_read %.6g "
           "scalar_write %.6g\n",
           c.vec_warp_read_nj * 1e3, c.vec_warp_write_nj * 1e3, c.sca_read_nj * 1e3,
           c.sca_write_nj * 1e3);
    return 0;
}

int main(int argc, char **argv)
{
    static char cmdname[64];
    if (argc < 2)
        die("no command given (array, report, calibrate, energy-fit, fit-area, refs, logic, energy, "
            "sweep, tech, rf; see area --help)%s%s", "", "");
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
        strcmp(argv[1], "help") == 0) {
        usage(stdout);
        return 0;
    }
    snprintf(cmdname, sizeof cmdname, "area %s", argv[1]);
    prog_cmd = cmdname;
    if (strcmp(argv[1], "array") == 0)
        return cmd_array(argc, argv);
    if (strcmp(argv[1], "report") == 0)
        return cmd_report(argc, argv);
    if (strcmp(argv[1], "calibrate") == 0)
        return cmd_calibrate(argc, argv);
    if (strcmp(argv[1], "fit-area") == 0)
        return cmd_fit_area(argc, argv);
    if (strcmp(argv[1], "energy-fit") == 0)
        return cmd_energy_fit(argc, argv);
    if (strcmp(argv[1], "refs") == 0)
        return cmd_refs(argc, argv);
    if (strcmp(argv[1], "logic") == 0)
        return cmd_logic(argc, argv, 0);
    if (strcmp(argv[1], "energy") == 0)
        return cmd_logic(argc, argv, 1);
    if (strcmp(argv[1], "tech") == 0)
        return cmd_tech(argc, argv);
    if (strcmp(argv[1], "sweep") == 0)
        return cmd_sweep(argc, argv);
    if (strcmp(argv[1], "rf") == 0)
        return cmd_rf(argc, argv);
    prog_cmd = "area";
    die("unknown command '%s' (array, report, calibrate, energy-fit, fit-area, refs, logic, energy, "
        "sweep, tech, rf)%s", argv[1], "");
    return 2;
}
