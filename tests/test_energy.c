/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_energy.c -- the energy model of area/ (issue 29).
 *
 * What it checks: against the CACTI 7 runs of
 * tests/data/cacti7_energy_tuning.csv (the constants of area/tech.c were
 * fitted to them) the built-in constants meet the aims (dynamic read
 * energy within 25% median and 60% worst, leakage within 35% median), and
 * so does a 5-fold cross-validation, each fold predicted by a fit on the
 * other four (the proxy for the held-out runs); a refit lands near the
 * built-in constants (they are that fit, rounded); energy never falls with
 * a larger node, nor with more ports, entries or width where the area
 * model keeps the organisation (on the grids here it does; on random
 * arrays about half the changes keep it; energy_depends_on_the_fold pins
 * a case where it does not and a larger array reads for less);
 * leakage grows with the bits stored, on grids and on random arrays; one bank is the unbanked array,
 * leak_bank_mw is one bank's share; flip-flop arrays and logic blocks
 * follow their gate counts; the per-structure API
 * (area_struct_energy) sums its items and grows with the structure; a
 * configuration outside the checked range is refused.
 * Bounds are the aims; no published energy appears here.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../area/afit.h"
#include "../area/array.h"
#include "../area/calib.h"
#include "../area/efit.h"
#include "../area/logic.h"
#include "../area/report.h"
#include "../area/structs.h"
#include "../area/tech.h"
#include "area_check.h"
#include "check.h"

#define ECSV "tests/data/cacti7_energy_tuning.csv"

static area_ref rows[AREA_REFS_MAX];
static unsigned nrows;

static int load(void)
{
    char err[256];
    if (nrows)
        return 0;
    if (area_refs_load(ECSV, rows, AREA_REFS_MAX, &nrows, err, sizeof err) &&
        area_refs_load("../" ECSV, rows, AREA_REFS_MAX, &nrows, err, sizeof err)) {
        printf("  %s\n", err);
        return -1;
    }
    return 0;
}

static void show(const char *what, const area_estat st[AREA_EQ_N])
{
    printf("  %s: read %.1f%%/%.1f%%  write %.1f%%/%.1f%%  search %.1f%%/%.1f%% (%u)  leakage "
           "%.1f%%/%.1f%% (median/worst)\n",
           what, st[0].median * 100, st[0].worst * 100, st[1].median * 100, st[1].worst * 100,
           st[2].median * 100, st[2].worst * 100, st[2].n, st[3].median * 100, st[3].worst * 100);
}

TEST(cacti7_energy_runs_meet_the_aims)
{
    area_eparams p;
    area_estat st[AREA_EQ_N];
    CHECK(load() == 0);
    if (!nrows)
        return;
    CHECK_EQ(nrows, 45);
    area_eparams_builtin(&p);
    CHECK(area_energy_stats(rows, nrows, NULL, &p, st) == NULL);
    show("built-in constants, 45 runs", st);
    CHECK_EQ(st[AREA_EQ_READ].n, 45);
    CHECK_EQ(st[AREA_EQ_LEAK].n, 45);
    CHECK(st[AREA_EQ_SEARCH].n >= 4);
    CHECK(st[AREA_EQ_READ].median <= 0.25 && st[AREA_EQ_READ].worst <= 0.60);
    CHECK(st[AREA_EQ_LEAK].median <= 0.35);
    CHECK(st[AREA_EQ_WRITE].median <= 0.25 && st[AREA_EQ_SEARCH].median <= 0.25);
}

TEST(crossvalidation_meets_the_aims)
{
    area_estat st[AREA_EQ_N];
    CHECK(load() == 0);
    if (!nrows)
        return;
    {
        /* the per-run held-out errors (energy-fit --worst) are the pooled ones */
        static double held[AREA_REFS_MAX * AREA_EQ_N];
        unsigned i, eq;
        for (i = 0; i < nrows * AREA_EQ_N; i++)
            held[i] = 7.0;
        CHECK(area_energy_crossval(rows, nrows, 5, st, held) == NULL);
        for (eq = 0; eq < AREA_EQ_N; eq++) {
            double big = 0;
            unsigned cnt = 0;
            for (i = 0; i < nrows; i++) {
                double d = held[i * AREA_EQ_N + eq];
                CHECK(d != 7.0);
                if (!isnan(d)) {
                    cnt++;
                    big = fmax(big, fabs(d));
                }
            }
            CHECK_EQ(cnt, st[eq].n);
            CHECK(big == st[eq].worst);
        }
    }
    show("5-fold cross-validation", st);
    CHECK(st[AREA_EQ_READ].median <= 0.25 && st[AREA_EQ_READ].worst <= 0.60);
    CHECK(st[AREA_EQ_LEAK].median <= 0.35);
    /* the folds are reproducible: a second run gives the same figures */
    {
        area_estat st2[AREA_EQ_N];
        CHECK(area_energy_crossval(rows, nrows, 5, st2, NULL) == NULL);
        CHECK(st2[AREA_EQ_READ].median == st[AREA_EQ_READ].median);
    }
    /* bad fold counts are refused */
    CHECK(area_energy_crossval(rows, nrows, 1, st, NULL) != NULL);
    CHECK(area_energy_crossval(rows, nrows, nrows + 1, st, NULL) != NULL);
}

/* energy-fit --terms: the terms of a run's dynamic energy (each constant
 * times its feature, and the logic's part) are non-negative and sum to the
 * prediction, for every run and access under the built-in and a refit
 * constant set; leakage is not split. */
TEST(energy_terms_sum_to_the_prediction)
{
    area_eparams ps[2];
    unsigned i, k, eq, j, bad = 0;
    CHECK(load() == 0);
    if (!nrows)
        return;
    area_eparams_builtin(&ps[0]);
    CHECK(area_energy_fit(rows, nrows, NULL, NULL, &ps[1]) == NULL);
    for (k = 0; k < 2; k++)
        for (i = 0; i < nrows; i++) {
            double p[AREA_EQ_N], t[AREA_EFIT_DYN + 1];
            CHECK(area_energy_predict(&rows[i], &ps[k], p) == NULL);
            for (eq = AREA_EQ_READ; eq <= AREA_EQ_SEARCH; eq++) {
                double sum = 0;
                CHECK(area_energy_terms(&rows[i], &ps[k], eq, t) == NULL);
                for (j = 0; j <= AREA_EFIT_DYN; j++) {
                    sum += t[j];
                    if (!(t[j] >= 0) && bad++ < 5)
                        printf("  %s eq %u: term %u = %g\n", rows[i].label, eq, j, t[j]);
                }
                if (!(fabs(sum - p[eq]) <= 1e-12 + 1e-9 * p[eq]) && bad++ < 5)
                    printf("  %s eq %u: terms %.9g, prediction %.9g\n", rows[i].label, eq, sum,
                           p[eq]);
            }
            /* the logic's part is there (latches, timing) and is not everything */
            CHECK(area_energy_terms(&rows[i], &ps[k], AREA_EQ_READ, t) == NULL);
            if (!(t[AREA_EFIT_DYN] > 0 && t[AREA_EFIT_DYN] < p[AREA_EQ_READ]) && bad++ < 5)
                printf("  %s: logic part %g of %g\n", rows[i].label, t[AREA_EFIT_DYN],
                       p[AREA_EQ_READ]);
        }
    CHECK(bad == 0);
    {
        double t[AREA_EFIT_DYN + 1];
        CHECK(area_energy_terms(&rows[0], &ps[0], AREA_EQ_LEAK, t) != NULL);
    }
}

TEST(refit_lands_near_the_builtin_constants)
{
    area_eparams b, p;
    unsigned j, far = 0;
    CHECK(load() == 0);
    if (!nrows)
        return;
    area_eparams_builtin(&b);
    CHECK(area_energy_fit(rows, nrows, NULL, NULL, &p) == NULL);
    for (j = 0; j < AREA_EFIT_DYN; j++)
        if (fabs(p.dyn[j] / b.dyn[j] - 1) > 0.30 && far++ < 5)
            printf("  %s: built-in %g refit %g\n", area_eparam_name(j), b.dyn[j], p.dyn[j]);
    for (j = 0; j < AREA_EFIT_LEAK; j++)
        if (fabs(p.leak[j] / b.leak[j] - 1) > 0.30 && far++ < 5)
            printf("  %s: built-in %g refit %g\n", area_eparam_name(AREA_EFIT_DYN + j), b.leak[j],
                   p.leak[j]);
    for (j = 0; j < AREA_EFIT_NODES; j++)
        if (fabs(p.i_off[j] / b.i_off[j] - 1) > 0.30 && far++ < 5)
            printf("  i_off row %u: built-in %g refit %g\n", j, b.i_off[j], p.i_off[j]);
    CHECK(far == 0);
    /* a fit to half the runs predicts the other half with finite figures */
    {
        unsigned char use[AREA_REFS_MAX];
        area_estat st[AREA_EQ_N];
        for (j = 0; j < nrows; j++)
            use[j] = j % 2;
        CHECK(area_energy_fit(rows, nrows, use, NULL, &p) == NULL);
        for (j = 0; j < nrows; j++)
            use[j] = !(j % 2);
        CHECK(area_energy_stats(rows, nrows, use, &p, st) == NULL);
        CHECK(isfinite(st[AREA_EQ_READ].median) && st[AREA_EQ_READ].n > 0);
    }
}

/* ----------------------------------------------------------- monotonicity */

static area_result E(const area_tech *t, area_array a)
{
    area_result r;
    if (area_array_eval(t, &a, &r))
        memset(&r, 0, sizeof r);
    return r;
}

/* 1 if every energy of b is at least a's (and leakage strictly more when
 * `more_bits`) */
static int not_less(const area_result *a, const area_result *b, int more_bits)
{
    const double tol = 1e-12;
    return b->read_nj >= a->read_nj * (1 - tol) && b->write_nj >= a->write_nj * (1 - tol) &&
           b->search_nj >= a->search_nj * (1 - tol) &&
           (more_bits ? b->leak_mw > a->leak_mw : b->leak_mw >= a->leak_mw * (1 - tol));
}

static void report_bad(int *bad, const char *what, const area_array *a, const area_result *x,
                       const area_result *y)
{
    if ((*bad)++ < 6)
        printf("  %s: %s %lu x %u rw%u rd%u wr%u s%u b%u: read %.4g->%.4g write %.4g->%.4g "
               "search %.4g->%.4g leak %.4g->%.4g\n",
               what, area_kind_name(a->kind), a->entries, a->width, a->rw, a->rd, a->wr,
               a->search, a->banks, x->read_nj, y->read_nj, x->write_nj, y->write_nj,
               x->search_nj, y->search_nj, x->leak_mw, y->leak_mw);
}

TEST(energy_grows_with_entries_width_and_ports)
{
    static const double nodes[] = {90, 45, 22};
    static const unsigned ws[] = {8, 32, 128, 512};
    static const unsigned long ns[] = {16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192};
    int bad = 0;
    unsigned k, i, j, p;
    for (k = 0; k < 3; k++) {
        area_tech t = T(nodes[k]);
        for (i = 0; i < 4; i++)
            for (j = 0; j + 1 < 10; j++) {
                area_array a = A(AK_RAM, ns[j], ws[i], 0, 2, 1, 0, 1), b = a;
                area_result x, y;
                b.entries = ns[j + 1];
                x = E(&t, a);
                y = E(&t, b);
                if (!not_less(&x, &y, 1))
                    report_bad(&bad, "entries", &b, &x, &y);
                b = a;
                if (i + 1 < 4) {
                    b.width = ws[i + 1];
                    y = E(&t, b);
                    if (!not_less(&x, &y, 1))
                        report_bad(&bad, "width", &b, &x, &y);
                }
                for (p = 0; p < 3; p++) {
                    b = a;
                    if (p == 0)
                        b.rd++;
                    else if (p == 1)
                        b.wr++;
                    else
                        b.rw++;
                    y = E(&t, b);
                    if (!not_less(&x, &y, 0))
                        report_bad(&bad, "ports", &b, &x, &y);
                }
            }
        /* CAMs: entries, width (tag) and search ports */
        for (j = 0; j + 1 < 8; j++) {
            area_array a = A(AK_CAM, ns[j], 32, 0, 1, 1, 1, 1), b = a;
            area_result x = E(&t, a), y;
            b.entries = ns[j + 1];
            y = E(&t, b);
            if (!not_less(&x, &y, 1))
                report_bad(&bad, "cam entries", &b, &x, &y);
            b = a;
            b.width = 48;
            y = E(&t, b);
            if (!not_less(&x, &y, 1))
                report_bad(&bad, "cam width", &b, &x, &y);
            b = a;
            b.search = 2;
            b.rd = 2;
            y = E(&t, b);
            if (!not_less(&x, &y, 0))
                report_bad(&bad, "cam search ports", &b, &x, &y);
        }
    }
    CHECK(bad == 0);
}

TEST(energy_monotonic_on_random_arrays)
{
    unsigned s = 12345, i, same = 0;
    int bad = 0;
    for (i = 0; i < 300; i++) {
        area_tech t;
        area_array a, b;
        area_result x, y;
        unsigned what;
        double nm;
        static const double nodes[] = {90, 65, 45, 40, 32, 22};
        s = s * 1103515245u + 12345u;
        nm = nodes[(s >> 8) % 6];
        t = T(nm);
        a = A(AK_RAM, 16ul + (s >> 4) % 4000, 1 + (s >> 12) % 600, (s >> 3) & 1, (s >> 5) % 3,
              (s >> 7) % 3, 0, 1);
        if (a.rw + a.wr == 0)
            a.wr = 1;
        if (a.rw + a.rd == 0)
            a.rd = 1;
        s = s * 1103515245u + 12345u;
        what = (s >> 10) % 4;
        b = a;
        if (what == 0)
            b.entries += 1 + (s >> 14) % 3000;
        else if (what == 1)
            b.width += 1 + (s >> 14) % 500;
        else if (what == 2)
            b.rd++;
        else
            b.wr++;
        x = E(&t, a);
        y = E(&t, b);
        /* leakage always grows with the bits; dynamic energy where the area
         * model kept the organisation (fold and subarrays: a read swings
         * mux x word bitlines, so a larger array the area goal folds less
         * reads fewer; energy_depends_on_the_fold below); so for a port more */
        if (what < 2 && !(y.leak_mw > x.leak_mw))
            report_bad(&bad, "random leakage", &b, &x, &y);
        {
            int kept = x.mux == y.mux && x.subarrays == y.subarrays && x.sub_cols == y.sub_cols;
            if (kept && !not_less(&x, &y, what < 2))
                report_bad(&bad, "random", &b, &x, &y);
            same += kept;
        }
    }
    printf("  %u of 300 changes kept the organisation\n", same);
    CHECK(bad == 0 && same > 100);
}

/* The known departure from "never costs less": the area goal picks the
 * least-area fold, and a read drives every bitline of the active row, so a
 * larger array folded less can read for less.  Pinned here so that a change
 * of the organisation choice shows up. */
TEST(energy_depends_on_the_fold)
{
    area_tech t = T(40);
    area_result a = E(&t, A(AK_RAM, 900, 508, 0, 2, 2, 0, 1));
    area_result b = E(&t, A(AK_RAM, 1100, 508, 0, 2, 2, 0, 1));
    printf("  900 x 508 2R2W: mux %u read %.4g nJ; 1100 x 508: mux %u read %.4g nJ\n", a.mux,
           a.read_nj, b.mux, b.read_nj);
    CHECK(a.mux == 8 && b.mux == 4);
    CHECK(b.read_nj < a.read_nj && b.total_mm2 > a.total_mm2 && b.leak_mw > a.leak_mw);
    /* CACTI's own organisations do it too: its 512 x 32 RAM at 90 nm writes
     * for less than its 256 x 32 (tests/data/cacti7_energy_tuning.csv) */
    CHECK(load() == 0);
    {
        const area_ref *r256 = NULL, *r512 = NULL;
        unsigned i;
        for (i = 0; i < nrows; i++) {
            if (strcmp(rows[i].label, "ram_256x32_1rw_90nm") == 0)
                r256 = &rows[i];
            if (strcmp(rows[i].label, "ram_512x32_1rw_90nm") == 0)
                r512 = &rows[i];
        }
        CHECK(r256 && r512 && r512->write_nj < r256->write_nj);
    }
}

TEST(dynamic_energy_grows_with_the_node_and_leakage_follows_the_table)
{
    static const double nodes[] = {22, 32, 40, 45, 65, 90};
    static const area_array arrs[] = {
        {AK_RAM, 256, 32, 1, 0, 0, 0, 1, 0, 0},   {AK_RAM, 4096, 64, 0, 2, 1, 0, 1, 0, 0},
        {AK_RAM, 512, 256, 0, 4, 4, 0, 1, 0, 0},  {AK_CAM, 64, 32, 0, 2, 1, 2, 1, 0, 0},
        {AK_RAM, 2048, 32, 0, 2, 1, 0, 8, 0, 0},  {AK_FF, 8, 32, 0, 2, 1, 0, 1, 0, 0},
    };
    unsigned i, k;
    int bad = 0;
    for (i = 0; i < sizeof arrs / sizeof arrs[0]; i++)
        for (k = 0; k + 1 < 6; k++) {
            area_tech t0 = T(nodes[k]), t1 = T(nodes[k + 1]);
            area_result x = E(&t0, arrs[i]), y = E(&t1, arrs[i]);
            double per_w0 = t0.f_um * t0.node.i_off * t0.node.vdd;
            double per_w1 = t1.f_um * t1.node.i_off * t1.node.vdd;
            if (!(y.read_nj > x.read_nj && y.write_nj > x.write_nj &&
                  y.search_nj >= x.search_nj) && bad++ < 5)
                printf("  array %u: %g -> %g nm: read %.4g -> %.4g\n", i, nodes[k], nodes[k + 1],
                       x.read_nj, y.read_nj);
            /* leakage per transistor width is CACTI's per node (not monotonic:
             * its 65 nm devices leak more than its 90 nm ones); the array's
             * leakage follows that factor exactly: same widths in F */
            if (fabs((y.leak_mw / per_w1) / (x.leak_mw / per_w0) - 1) > 1e-9 && bad++ < 5)
                printf("  array %u: leakage width differs between %g and %g nm\n", i, nodes[k],
                       nodes[k + 1]);
        }
    CHECK(bad == 0);
}

TEST(banks_ff_and_logic)
{
    area_tech t = T(40);
    area_array one = A(AK_RAM, 2048, 32, 0, 2, 1, 0, 1), eight = one;
    area_result r1, r8, rb;
    eight.banks = 8;
    r1 = E(&t, one);
    r8 = E(&t, eight);
    /* one bank: leak_bank_mw is the whole */
    CHECK(r1.leak_bank_mw == r1.leak_mw);
    /* eight banks: every bank leaks; one bank's share is less than all */
    CHECK(r8.leak_bank_mw < r8.leak_mw && r8.leak_bank_mw > r8.leak_mw / 8);
    /* an access reaches one bank: less than 8 banks' worth of one bank */
    rb = E(&t, A(AK_RAM, 256, 32, 0, 2, 1, 0, 1));
    CHECK(r8.read_nj > rb.read_nj && r8.read_nj < 8 * rb.read_nj);
    /* flip-flops: a read is the mux, a write clocks the word */
    {
        area_result f8 = E(&t, A(AK_FF, 8, 32, 0, 1, 1, 0, 1));
        area_result f16 = E(&t, A(AK_FF, 16, 32, 0, 1, 1, 0, 1));
        double mux8 = area_ge_op_nj(&t, area_ge_mux(&t.c, 8, 32));
        CHECK(fabs(f8.read_nj - mux8) < 1e-15);
        CHECK(f16.read_nj > f8.read_nj && f16.write_nj > f8.write_nj && f16.leak_mw > f8.leak_mw);
        CHECK(fabs(f8.leak_mw - area_ge_leak_mw(&t, f8.ge)) < 1e-12 * f8.leak_mw + 1e-18);
    }
    /* logic: GE x activity x c_ge x F x Vdd^2 */
    {
        area_result l;
        area_logic_eval(&t, 1000.0, &l);
        CHECK(fabs(l.op_nj - 1000.0 * t.c.act_logic * t.c.c_ge * t.f_um * t.node.vdd *
                                 t.node.vdd * 1e-6) < 1e-15);
        CHECK(l.read_nj == 0 && l.leak_mw > 0);
    }
    /* crossbar: a wider transfer costs more than in proportion (wires grow too) */
    {
        area_result x32, x64;
        CHECK(area_xbar_eval(&t, 8, 8, 32, &x32) == NULL);
        CHECK(area_xbar_eval(&t, 8, 8, 64, &x64) == NULL);
        CHECK(x64.op_nj > 2 * x32.op_nj && x64.leak_mw > x32.leak_mw);
    }
}

TEST(struct_energy_api_sums_its_items)
{
    const char *const *m = area_modules();
    unsigned i, j;
    char err[256];
    for (i = 0; m[i]; i++) {
        area_energy_report r;
        double rd = 0, wr = 0, se = 0, op = 0, lk = 0, ar = 0;
        const char *e = area_struct_energy(m[i], NULL, NULL, 0, 40, &r, err, sizeof err);
        if (e)
            printf("  %s: %s\n", m[i], e);
        CHECK(e == NULL);
        if (e)
            continue;
        for (j = 0; j < r.n; j++) {
            const area_item_energy *it = &r.item[j];
            rd += it->read_nj * it->count;
            wr += it->write_nj * it->count;
            se += it->search_nj * it->count;
            op += it->op_nj * it->count;
            lk += it->leak_mw * it->count;
            ar += it->area_mm2 * it->count;
            CHECK(it->type != AI_ARRAY || (it->read_nj > 0 || it->kind == AK_FF));
        }
        CHECK(fabs(rd - r.read_nj) <= 1e-12 * r.read_nj + 1e-18);
        CHECK(fabs(wr - r.write_nj) <= 1e-12 * r.write_nj + 1e-18);
        CHECK(fabs(se - r.search_nj) <= 1e-12 * r.search_nj + 1e-18);
        CHECK(fabs(op - r.op_nj) <= 1e-12 * r.op_nj + 1e-18);
        CHECK(fabs(lk - r.leak_mw) <= 1e-12 * r.leak_mw);
        CHECK(fabs(ar - r.area_mm2) <= 1e-9 * r.area_mm2);
        CHECK(r.leak_mw > 0 && r.op_nj + r.read_nj > 0);
        printf("  %-18s %8.4f mm2  read %.3g write %.3g search %.3g logic %.3g nJ  leak %.3g mW\n",
               m[i], r.area_mm2, r.read_nj, r.write_nj, r.search_nj, r.op_nj, r.leak_mw);
    }
    /* a deeper stack reads, writes and leaks more */
    {
        static const char *const pn[] = {"DEPTH"};
        unsigned d4 = 4, d16 = 16;
        area_energy_report a, b;
        CHECK(area_struct_energy("simt_stack", pn, &d4, 1, 40, &a, err, sizeof err) == NULL);
        CHECK(area_struct_energy("simt_stack", pn, &d16, 1, 40, &b, err, sizeof err) == NULL);
        CHECK(b.leak_mw > a.leak_mw && b.read_nj >= a.read_nj && b.write_nj >= a.write_nj);
    }
    /* errors: unknown module, bad parameter, bad node */
    {
        area_energy_report r;
        static const char *const bad[] = {"NOPE"};
        unsigned v = 4;
        CHECK(area_struct_energy("no_such", NULL, NULL, 0, 40, &r, err, sizeof err) != NULL);
        CHECK(area_struct_energy("simt_stack", bad, &v, 1, 40, &r, err, sizeof err) != NULL);
        CHECK(area_struct_energy("simt_stack", NULL, NULL, 0, 120, &r, err, sizeof err) != NULL);
    }
}

TEST(energy_range_is_refused_outside)
{
    area_tech t = T(40);
    area_array ok = A(AK_RAM, 256, 32, 1, 0, 0, 0, 1);
    area_array tiny = A(AK_RAM, 8, 32, 1, 0, 0, 0, 1), deep = A(AK_RAM, 65536, 32, 1, 0, 0, 0, 1);
    area_array ports = A(AK_RAM, 256, 32, 0, 8, 4, 0, 1), ff = A(AK_FF, 4, 32, 0, 1, 1, 0, 1);
    area_result r;
    area_array_eval(&t, &ok, &r);
    CHECK(area_array_energy_check(&ok, &r) == NULL);
    area_array_eval(&t, &tiny, &r);
    CHECK(area_array_energy_check(&tiny, &r) != NULL);
    area_array_eval(&t, &deep, &r);
    CHECK(area_array_energy_check(&deep, &r) != NULL);
    area_array_eval(&t, &ports, &r);
    CHECK(area_array_energy_check(&ports, &r) != NULL);
    area_array_eval(&t, &ff, &r);
    CHECK(area_array_energy_check(&ff, &r) == NULL);
}

/* The one-node view's mechanisms carry their energy: the breakdown of
 * each is its parts' sum less its baseline's, so its area is the row's */
TEST(every_structure_and_mechanism_row_has_energy)
{
    static area_report r;
    unsigned i, j, n = 0;
    CHECK(area_report_build("all", 40, NULL, NULL, &r) == NULL);
    for (i = 0; i < r.n; i++)
        for (j = 0; j < r.p[i].nrows; j++) {
            const area_row *w = &r.p[i].rows[j];
            if (!w->mech[0])
                continue;
            n++;
            if (!w->has_detail) {
                printf("  %s: no energy\n", w->mech);
                CHECK(0);
                continue;
            }
            CHECK(fabs(w->detail.total_mm2 - w->ours) <= 1e-9 * fabs(w->ours) + 1e-12);
            CHECK(isfinite(w->detail.read_nj) && isfinite(w->detail.leak_mw));
            CHECK(w->detail.op_nj != 0 && w->detail.leak_mw != 0);
        }
    CHECK_EQ(n, 7);
    /* every structure row (modelled or baseline, in mm2) carries its energy */
    n = 0;
    for (i = 0; i < r.n; i++)
        for (j = 0; j < r.p[i].nrows; j++) {
            const area_row *w = &r.p[i].rows[j];
            if ((w->status != RS_MODELLED && w->status != RS_BASELINE) ||
                strcmp(w->unit, "mm2") != 0 || isnan(w->ours))
                continue;
            n++;
            if (!w->has_detail || !(w->detail.leak_mw > 0) ||
                fabs(w->detail.total_mm2 - w->ours) > 1e-9 * w->ours) {
                printf("  %s / %s: no energy or a breakdown that is not its area\n", r.p[i].paper,
                       w->label);
                CHECK(0);
            }
        }
    printf("  %u structure rows, each with its energy\n", n);
    CHECK(n > 50);
}

/* A register file with a bank per lane: a warp's access reads every lane's
 * bank, so its energy is the lanes' banks', not one bank's */
TEST(per_lane_banks_are_accessed_together)
{
    area_desc d;
    area_energy_report e;
    area_tech t = T(40);
    area_array one = A(AK_RAM, 512, 32, 0, 2, 1, 0, 16);
    area_result r1;
    area_desc_regfile(&d, "t", 16 * 512, 32, 16, 2, 1, 0);
    CHECK(d.item[0].lockstep == 1 && d.item[0].arr.banks == 16);
    CHECK(area_desc_energy(&t, &d, &e) == NULL);
    one.entries = 16 * 512;
    area_array_eval(&t, &one, &r1);
    CHECK(fabs(e.read_nj - 16 * r1.read_nj) <= 1e-12 * e.read_nj);
    CHECK(fabs(e.write_nj - 16 * r1.write_nj) <= 1e-12 * e.write_nj);
    CHECK(fabs(e.leak_mw - r1.leak_mw) <= 1e-12 * e.leak_mw); /* leakage: all banks, once */
    /* the single-decoder file reads one row of every lane's register */
    area_desc_regfile(&d, "t", 16 * 512, 32, 16, 2, 1, 1);
    CHECK(d.item[0].lockstep == 0 && d.item[0].arr.width == 16 * 32);
    CHECK(area_desc_energy(&t, &d, &e) == NULL && e.read_nj > 0);
}

/* The areas of both CACTI files (69 distinct runs): today's accuracy, as a
 * guard against regressions (the aim for the worst case, 25%, is
 * not met: area/README.md, "Area: the worst case") */
TEST(area_on_all_cacti_runs_as_documented)
{
    static area_ref all[AREA_REFS_MAX], more[AREA_REFS_MAX];
    unsigned n = 0, m = 0, i, j;
    char err[256];
    area_astat st;
    CHECK(load() == 0);
    if (area_refs_load("tests/data/cacti7_tuning.csv", more, AREA_REFS_MAX, &m, err, sizeof err) &&
        area_refs_load("../tests/data/cacti7_tuning.csv", more, AREA_REFS_MAX, &m, err,
                       sizeof err))
        m = 0;
    CHECK_EQ(m, 36);
    for (i = 0; i < m + nrows; i++) {
        const area_ref *r = i < m ? &more[i] : &rows[i - m];
        for (j = 0; j < n; j++)
            if (strcmp(all[j].label, r->label) == 0 && all[j].area_mm2 == r->area_mm2)
                break;
        if (j == n)
            all[n++] = *r;
    }
    CHECK_EQ(n, 69);
    area_consts_stats(all, n, NULL, area_default_consts(), &st);
    printf("  69 CACTI runs: area median %.1f%%, worst %.1f%%\n", st.median * 100, st.worst * 100);
    CHECK(st.median <= 0.046 && st.worst <= 0.165);
    /* every run is within 16.5% (the worst, a 64 x 32 CAM at 40 nm,
     * +16.0%): 000's warp pool +9.1% (-55.9% without the channel floor),
     * the two banks of 256 x 256 2R1W -10.0% (-35.4%), the 64 banks of 1 KB
     * +11.3% (+32.0% with every branch of the network between banks
     * carrying the whole bus) */
    for (i = 0; i < n; i++) {
        double e = area_ref_eval_consts(&all[i], area_default_consts()) / all[i].area_mm2 - 1;
        if (!(fabs(e) <= 0.165))
            printf("  %s: %+.1f%%, documented within 16.5%%\n", all[i].label, e * 100);
        CHECK(fabs(e) <= 0.165);
    }
}

/* The project's own RAM arrays (the register files of 000, 003/004 and
 * 001 at 64 lanes, the per-lane banks, the TID banks, the free list) against
 * CACTI 7 runs of the same arrays (tests/data/cacti7_project_arrays.csv):
 * each error is pinned to the one area/README.md documents (within half a
 * point), so a model change that moves them fails here until the README
 * says what it does to the report's own structures.  The wide
 * single-decoder register files, which CACTI costs far more than the
 * model without its channel floor did (area/README.md, "Area: the worst
 * case", third pass), are within 10% with it (eleventh pass). */
TEST(project_arrays_against_cacti7_as_documented)
{
    static const struct {
        const char *label;
        double err; /* ours / CACTI - 1, as documented */
    } doc[] = {
        /* the single-decoder files: with the channel floor (eleventh pass);
         * without it -28.1%, -3.7%, -50.0%, -9.8%, -9.8% */
        {"rf_1dec_32lanes_512x1024_2r1w_40nm", 0.037},  {"rf_1dec_32lanes_1024x1024_2r1w_40nm", 0.005},
        {"rf_1dec_64lanes_512x2048_2r1w_40nm", 0.094},  {"rf_1dec_16lanes_512x512_2r1w_90nm", -0.036},
        /* the banked ones: with the network's data halving per level
         * (eleventh pass); before it +22.7%, +10.2%, +13.6%, +13.7%, +9.4% */
        {"rf_1dec_16lanes_512x512_2r1w_40nm", -0.035},  {"rf_lanes32_16384x32_2r1w_b32_40nm", 0.095},
        {"rf_lanes32_32768x32_2r1w_b32_40nm", 0.016},   {"rf_lanes16_8192x32_2r1w_b16_90nm", 0.046},
        {"rf_lanes16_8192x32_2r1w_b16_40nm", 0.046},    {"tid_banks16_4096x8_1r1w_b16_40nm", 0.059},
        {"free_list_256x8_1r1w_90nm", 0.003},           {"bank_256x256_1rw_40nm", -0.075},
        {"bank_256x32_1rw_40nm", 0.045},
    };
    static area_ref pr[AREA_REFS_MAX];
    unsigned n = 0, i, k, seen = 0;
    char err[256];
    if (area_refs_load("tests/data/cacti7_project_arrays.csv", pr, AREA_REFS_MAX, &n, err,
                       sizeof err) &&
        area_refs_load("../tests/data/cacti7_project_arrays.csv", pr, AREA_REFS_MAX, &n, err,
                       sizeof err)) {
        printf("  %s\n", err);
        n = 0;
    }
    CHECK_EQ(n, sizeof doc / sizeof doc[0]);
    for (i = 0; i < n; i++) {
        double e = area_ref_eval_consts(&pr[i], area_default_consts()) / pr[i].area_mm2 - 1;
        for (k = 0; k < n && strcmp(pr[i].label, doc[k].label); k++)
            ;
        if (k == n) {
            printf("  %s: not documented\n", pr[i].label);
            CHECK(k < n);
            continue;
        }
        seen++;
        printf("  %-38s ours / CACTI 7 %+.1f%% (documented %+.1f%%)\n", pr[i].label, e * 100,
               doc[k].err * 100);
        CHECK(fabs(e - doc[k].err) <= 0.005);
    }
    CHECK_EQ(seen, sizeof doc / sizeof doc[0]);
}

/* The read energy by part (area_result.read_part) sums to the read energy
 * on every tuning run, flip-flop and banked array; CACTI 7's own split of
 * the 38 RAM and 5 CAM runs (tests/data/cacti7_energy_parts.csv, made with the
 * rebuilt CACTI 7 and the tuning runs' settings) sums to its read energy
 * and is the same run as the tuning set's; and the grouped comparison
 * (area_read_groups, `area energy-fit --parts`) is pinned per group to the
 * ratios area/README.md documents (eighth pass), so a model change that
 * moves a part fails here until the README says what it did. */
TEST(read_parts_beside_cactis_split)
{
    static const struct {
        unsigned g;
        double median, lowest, highest; /* CACTI / ours, as documented */
    } doc[] = {
        {AREA_PG_ROW, 0.57, 0.05, 2.03},  {AREA_PG_BL, 1.46, 0.20, 3.67}, /* row 0.56 before the eleventh pass */
        {AREA_PG_SA, 1.99, 1.18, 1.99},   {AREA_PG_DATA, 1.27, 0.75, 3.59},
        {AREA_PG_NET, 1.35, 0.66, 3.15},
    };
    static area_ref pr[AREA_REFS_MAX];
    static double ratio[AREA_PG_N][AREA_REFS_MAX];
    unsigned cnt[AREA_PG_N] = {0};
    area_eparams built;
    unsigned n = 0, i, j, k, g, bad = 0;
    char err[256];
    area_tech t = T(40);
    CHECK(load() == 0);
    area_eparams_builtin(&built);
    /* ours: the parts sum to the read energy, none negative */
    for (i = 0; i < nrows + 3; i++) {
        area_result r;
        area_tech ti;
        double sum = 0;
        area_array ff = A(AK_FF, 12, 20, 0, 2, 1, 0, 1), bk = A(AK_RAM, 4096, 64, 1, 1, 0, 0, 16);
        area_array sa = A(AK_CAM, 256, 32, 0, 0, 1, 1, 1);
        sa.ways = 4;
        sa.tag_bits = 20;
        if (i < nrows) {
            CHECK(area_tech_at(rows[i].nm, NULL, &ti) == NULL);
            CHECK(area_array_eval(&ti, &rows[i].a, &r) == NULL);
        } else {
            r = E(&t, i == nrows ? ff : i == nrows + 1 ? bk : sa);
        }
        for (k = 0; k < AREA_RP_N; k++) {
            sum += r.read_part[k];
            if (!(r.read_part[k] >= 0) && bad++ < 5)
                printf("  run %u: part %s = %g\n", i, area_read_part_name(k), r.read_part[k]);
        }
        if (!(r.read_nj > 0 && fabs(sum - r.read_nj) <= 1e-9 * r.read_nj) && bad++ < 5)
            printf("  run %u: parts %.9g, read %.9g\n", i, sum, r.read_nj);
    }
    CHECK(bad == 0);
    /* CACTI's: 38 RAM and 5 CAM runs, each the tuning set's run, its parts its read */
    if (area_refs_load("tests/data/cacti7_energy_parts.csv", pr, AREA_REFS_MAX, &n, err,
                       sizeof err) &&
        area_refs_load("../tests/data/cacti7_energy_parts.csv", pr, AREA_REFS_MAX, &n, err,
                       sizeof err)) {
        printf("  %s\n", err);
        n = 0;
    }
    CHECK_EQ(n, 43u);
    for (i = 0; i < n; i++) {
        double c[AREA_PG_N], o[AREA_PG_N], cs = 0, os = 0, p[AREA_EQ_N];
        CHECK(pr[i].has_parts);
        for (j = 0; j < nrows && strcmp(rows[j].label, pr[i].label); j++)
            ;
        if (!(j < nrows && fabs(rows[j].read_nj / pr[i].read_nj - 1) < 1e-5 &&
              rows[j].nm == pr[i].nm && rows[j].a.entries == pr[i].a.entries &&
              rows[j].a.width == pr[i].a.width && rows[j].a.banks == pr[i].a.banks) &&
            bad++ < 5)
            printf("  %s: not the tuning set's run\n", pr[i].label);
        CHECK(area_read_groups(&pr[i], &built, c, o) == NULL);
        CHECK(area_energy_predict(&pr[i], &built, p) == NULL);
        for (g = 0; g < AREA_PG_N; g++) {
            cs += c[g];
            os += o[g];
            if (c[g] > 0 && o[g] > 0)
                ratio[g][cnt[g]++] = c[g] / o[g];
        }
        if (!(fabs(cs / pr[i].read_nj - 1) < 1e-3 && fabs(os / p[AREA_EQ_READ] - 1) < 1e-9) &&
            bad++ < 5)
            printf("  %s: CACTI's parts %.6g of %.6g, ours %.6g of %.6g\n", pr[i].label, cs,
                   pr[i].read_nj, os, p[AREA_EQ_READ]);
    }
    CHECK(bad == 0);
    {
        area_ref none = rows[0];
        double c[AREA_PG_N], o[AREA_PG_N];
        none.has_parts = 0;
        CHECK(area_read_groups(&none, &built, c, o) != NULL);
    }
    for (k = 0; k < sizeof doc / sizeof doc[0]; k++) {
        double med, top, low;
        g = doc[k].g;
        if (!cnt[g]) {
            CHECK(cnt[g] > 0);
            continue;
        }
        area_err_stats(ratio[g], cnt[g], &med, &top);
        low = ratio[g][0];
        printf("  %-8s CACTI / ours median %.2f lowest %.2f highest %.2f (documented %.2f %.2f "
               "%.2f)\n",
               area_read_group_name(g), med, low, top, doc[k].median, doc[k].lowest,
               doc[k].highest);
        CHECK(fabs(med - doc[k].median) <= 0.006 && fabs(low - doc[k].lowest) <= 0.006 &&
              fabs(top - doc[k].highest) <= 0.006);
    }
}

/* area fit-area (issue 29 item 3): from constants 30% off, the search
 * brings the area back toward the built-in fit on a sample of the runs */
TEST(area_fit_recovers_from_perturbed_constants)
{
    static area_ref sub[12];
    area_consts start = *area_default_consts(), out;
    area_astat before, after, builtin;
    unsigned i, j;
    CHECK(load() == 0);
    if (!nrows)
        return;
    for (i = 0; i < 12; i++)
        sub[i] = rows[i * 3];
    for (j = 0; j < AREA_AFIT_N; j++)
        *area_aconst_field(&start, j) *= j % 2 ? 1.3 : 0.7;
    area_consts_stats(sub, 12, NULL, area_default_consts(), &builtin);
    area_consts_stats(sub, 12, NULL, &start, &before);
    CHECK(area_fit_consts(sub, 12, NULL, &start, 400, &out) == NULL);
    area_consts_stats(sub, 12, NULL, &out, &after);
    printf("  12 runs: built-in median %.1f%%; perturbed %.1f%% -> refit %.1f%%\n",
           builtin.median * 100, before.median * 100, after.median * 100);
    CHECK(after.median < before.median);
    CHECK(fabs(area_ref_eval_consts(&sub[0], area_default_consts()) -
               area_ref_eval_consts(&sub[0], area_default_consts())) == 0);
    CHECK(area_fit_crossval(sub, 12, 1, 10, &after, NULL) != NULL);
    /* the per-run held-out errors (fit-area --worst) are the ones the
     * statistics pool: every run held out once, the largest |error| the worst */
    {
        double held[12], big = 0;
        for (i = 0; i < 12; i++)
            held[i] = NAN;
        CHECK(area_fit_crossval(sub, 12, 3, 10, &after, held) == NULL);
        for (i = 0; i < 12; i++) {
            CHECK(!isnan(held[i]));
            big = fmax(big, fabs(held[i]));
        }
        CHECK_EQ(after.n, 12u);
        CHECK(big == after.worst);
    }
}

/* 000 Fig. 10 / 004 Fig. 5's register files in the report: one thread's
 * register costs the whole row with one decoder and one bank otherwise;
 * each mechanism's area and energy over its baseline are side by side and
 * are its breakdown over the baseline's. */
static const area_row *find_row(const area_paper_report *p, const char *label)
{
    for (unsigned i = 0; i < p->nrows; i++)
        if (!strcmp(p->rows[i].label, label))
            return &p->rows[i];
    return NULL;
}

static double note_pj(const area_row *r)
{
    const char *q = r ? strstr(r->note, "thread's register ") : NULL;
    return q ? atof(q + strlen("thread's register ")) : NAN;
}

TEST(rf_organisations_energy_and_mechanism_overheads_in_the_report)
{
    static area_report rep;
    CHECK(area_report_build("all", 0, NULL, NULL, &rep) == NULL);
    static const char *const pre[2] = {"Register file read energy, ",
                                       "Register file 64 KB read energy, "};
    unsigned mechs = 0, pairs = 0;
    for (unsigned k = 0; k < rep.n; k++) {
        const area_paper_report *p = &rep.p[k];
        int w = !strcmp(p->paper, "000") ? 0 : !strcmp(p->paper, "004") ? 1 : -1;
        if (w >= 0) {
            char l[3][96];
            const area_row *r[3];
            static const char *const org[3] = {"one decoder", "a decoder per lane", "crossbar"};
            for (unsigned o = 0; o < 3; o++) {
                snprintf(l[o], sizeof l[o], "%s%s", pre[w], org[o]);
                r[o] = find_row(p, l[o]);
                CHECK(r[o] != NULL);
            }
            if (r[0] && r[1] && r[2]) {
                CHECK(r[0]->ours < r[1]->ours && r[1]->ours < r[2]->ours);
                CHECK(note_pj(r[1]) < note_pj(r[0]) / 4 && note_pj(r[2]) > note_pj(r[1]));
                CHECK(note_pj(r[0]) <= r[0]->ours);
            }
        }
        for (unsigned i = 0; i < p->nrows; i++) {
            const area_row *m = &p->rows[i];
            if (!m->mech[0] || !m->has_base)
                continue;
            mechs++;
            char la[96], le[96];
            snprintf(la, sizeof la, "%.48s: area over its baseline", m->mech);
            snprintf(le, sizeof le, "%.48s: energy over its baseline", m->mech);
            const area_row *a = find_row(p, la), *e = find_row(p, le);
            CHECK(a && e);
            if (a && e) {
                pairs++;
                CHECK(fabs(a->ours - 100 * m->detail.total_mm2 / m->base.total_mm2) < 1e-9);
                CHECK(fabs(e->ours - 100 * (m->detail.read_nj + m->detail.op_nj) /
                                         (m->base.read_nj + m->base.op_nj)) < 1e-9);
                CHECK(fabs(m->detail.total_mm2 - m->ours) <= 1e-6 * fabs(m->ours) + 1e-12 ||
                      isnan(m->ours));
            }
        }
    }
    printf("  %u mechanism rows, %u with area and energy over their baseline\n", mechs, pairs);
    CHECK(mechs >= 6 && pairs == mechs);
}

int main(int argc, char **argv)
{
    test_args(argc, argv);
    RUN(cacti7_energy_runs_meet_the_aims);
    RUN(crossvalidation_meets_the_aims);
    RUN(energy_terms_sum_to_the_prediction);
    RUN(refit_lands_near_the_builtin_constants);
    RUN(energy_grows_with_entries_width_and_ports);
    RUN(energy_monotonic_on_random_arrays);
    RUN(energy_depends_on_the_fold);
    RUN(dynamic_energy_grows_with_the_node_and_leakage_follows_the_table);
    RUN(banks_ff_and_logic);
    RUN(struct_energy_api_sums_its_items);
    RUN(energy_range_is_refused_outside);
    RUN(every_structure_and_mechanism_row_has_energy);
    RUN(per_lane_banks_are_accessed_together);
    RUN(area_on_all_cacti_runs_as_documented);
    RUN(project_arrays_against_cacti7_as_documented);
    RUN(read_parts_beside_cactis_split);
    RUN(area_fit_recovers_from_perturbed_constants);
    RUN(rf_organisations_energy_and_mechanism_overheads_in_the_report);
    return test_summary();
}
