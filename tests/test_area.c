/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_area.c -- unit and calibration tests of the area estimator (area/).
 *
 * What it checks (issue 7): 002 Table I per-bank SRAM within +-35% with
 * the default constants; area monotonic in entries, width and ports; the
 * per-port growth follows the cell-pitch law within 15%; F^2 scaling
 * between nodes within 10%; flip-flops win only below the documented
 * crossover; `calibrate` fitted to the 000 CACTI 4.2 figures improves the
 * residual; tiny and heavily multi-ported arrays give finite positive
 * areas; out-of-range input is rejected; structure descriptions follow
 * their cfg (the PC-warp LUT's bits are pc_warp_lut_state_bits(), its area
 * grows with every field; the HCT/CCT heap's bits are hct_cct_heap_bits(),
 * its ports the RTL's, its HCT and CCT parts add up to the whole, more CCT
 * entries grow it; the warp pool's bits are warp_pool_bits() for every
 * policy, its pool, allocator and issue parts add up to the whole, its
 * ports are the RTL's, more entries/lanes/bits grow it); the 000 report's
 * DWF rows (all five Table 1 parts modelled) and totals with ratios; the 001
 * report's HCT and CCT rows, overhead and totals; every report format is
 * produced.
 * Published numbers come from the table in area/papers.c (area_pub_find),
 * never typed here; tolerances are stated at each check.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../area/array.h"
#include "../area/calib.h"
#include "../area/logic.h"
#include "../area/papers.h"
#include "../area/report.h"
#include "../area/structs.h"
#include "../area/sweep.h"
#include "../area/tech.h"
#include "../rtl_c/dwf.h"
#include "../rtl_c/hct_cct_heap.h"
#include "../rtl_c/pc_warp_lut.h"
#include "../rtl_c/simt_stack.h"
#include "../rtl_c/warp_pool.h"
#include "area_check.h"
#include "check.h"

/* The crossover documented in area/README.md: a 32-bit 1R1W array is
 * smaller in flip-flops below this many entries, in SRAM from it on. */
#define DOC_CROSSOVER_32_1R1W 3ul

static double area_of(const area_tech *t, area_array a)
{
    area_result r;
    const char *e = area_array_eval(t, &a, &r);
    if (e) {
        printf("  eval error: %s\n", e);
        return NAN;
    }
    return r.total_mm2;
}

static int within(double ours, double ref, double tol)
{
    return ours > 0 && ref > 0 && fabs(ours / ref - 1.0) <= tol;
}

/* ------------------------------------------------------------------ 002 */

TEST(t002_banks_within_35pct_default_constants)
{
    area_tech t = T(40);
    const area_pub *p256 = area_pub_find("002.t1.bank256");
    const area_pub *p32 = area_pub_find("002.t1.bank32");
    double a256, a32;
    CHECK(p256 && p32 && p256->has_geom && p32->has_geom);
    if (!p256 || !p32)
        return;
    a256 = area_of(&t, p256->geom); /* 256 x 256 b, 1 RW port */
    a32 = area_of(&t, p32->geom);   /* 256 x 32 b, 1 RW port */
    printf("  002 bank 8KB@256b: ours %.5f published %.5f ratio %.3f\n", a256, p256->value,
           a256 / p256->value);
    printf("  002 bank 1KB@32b:  ours %.5f published %.5f ratio %.3f\n", a32, p32->value,
           a32 / p32->value);
    CHECK(within(a256, p256->value, 0.35));
    CHECK(within(a32, p32->value, 0.35));
}


/* ------------------------------------------- CACTI 7 accuracy (issue 19) */

/* tests/data/cacti7_tuning.csv: 36 CACTI 7.0 runs (its settings are in
 * tests/data/README.md).  The circuit constants of area/tech.c were fitted
 * on the rows whose index is not 2 mod 3 (24 rows) and only checked on the
 * other 12; the issue's bounds are asserted on all 36 and on each part. */
#define CACTI_CSV "tests/data/cacti7_tuning.csv"

static int cmp_dbl(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static void err_stats(double *e, unsigned n, double *median, double *worst)
{
    qsort(e, n, sizeof e[0], cmp_dbl);
    *median = n % 2 ? e[n / 2] : (e[n / 2 - 1] + e[n / 2]) / 2.0;
    *worst = e[n - 1];
}

TEST(cacti7_tuning_runs_within_20pct_median_50pct_worst)
{
    static area_ref rows[64];
    unsigned n = 0, i, na = 0, nt = 0, nh = 0;
    char err[256];
    double all[64], tun[64], held[64], med, worst;
    const char *e = area_refs_load(CACTI_CSV, rows, 64, &n, err, sizeof err);
    if (e) {
        e = area_refs_load("../" CACTI_CSV, rows, 64, &n, err, sizeof err);
        if (e)
            printf("  %s\n", err);
    }
    CHECK(e == NULL);
    CHECK_EQ(n, 36);
    if (e)
        return;
    for (i = 0; i < n; i++) {
        double ours = area_ref_eval(&rows[i], NULL), rel = ours / rows[i].area_mm2 - 1.0;
        CHECK(isfinite(ours) && ours > 0);
        printf("  %c %-38s %4g nm  cacti %9.4g  ours %9.4g  %+6.1f%%\n", i % 3 == 2 ? 'H' : 'T',
               rows[i].label, rows[i].nm, rows[i].area_mm2, ours, rel * 100.0);
        all[na++] = fabs(rel);
        if (i % 3 == 2)
            held[nh++] = fabs(rel);
        else
            tun[nt++] = fabs(rel);
    }
    err_stats(tun, nt, &med, &worst);
    printf("  tuned on (%u rows): median %.1f%%, worst %.1f%%\n", nt, med * 100, worst * 100);
    CHECK(med <= 0.20 && worst <= 0.50);
    err_stats(held, nh, &med, &worst);
    printf("  held out (%u rows): median %.1f%%, worst %.1f%%\n", nh, med * 100, worst * 100);
    CHECK(med <= 0.20 && worst <= 0.50);
    err_stats(all, na, &med, &worst);
    printf("  all %u rows: median %.1f%%, worst %.1f%%\n", na, med * 100, worst * 100);
    CHECK(med <= 0.20 && worst <= 0.50);
}

/* More banks of the same total: every bank has its own periphery and the
 * network between them grows, so the area grows (issue 19: the inter-bank
 * H-tree); one bank has no network at all. */
TEST(monotonic_in_banks_and_interbank_network)
{
    area_tech t = T(40);
    static const unsigned long ns[] = {256, 2048, 65536};
    static const unsigned ws[] = {8, 32, 256};
    unsigned i, j, b;
    int bad = 0;
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) {
            double prev = 0;
            for (b = 1; b <= 64 && b <= ns[i]; b *= 2) {
                area_array a = A(AK_RAM, ns[i], ws[j], 0, 2, 1, 0, b);
                area_result r;
                double v;
                area_array_eval(&t, &a, &r);
                v = r.total_mm2;
                if (!(v > prev) && bad++ < 5)
                    printf("  n=%lu w=%u banks %u: %.6g <= %.6g\n", ns[i], ws[j], b, v, prev);
                /* the network is in the routing class: more than one bank's worth */
                if (b > 1) {
                    area_array one = A(AK_RAM, ns[i] / b, ws[j], 0, 2, 1, 0, 1);
                    area_result r1;
                    area_array_eval(&t, &one, &r1);
                    if (!(r.cls[AC_ROUTE] > b * r1.cls[AC_ROUTE]) && bad++ < 5)
                        printf("  n=%lu w=%u banks %u: no inter-bank wiring\n", ns[i], ws[j], b);
                }
                prev = v;
            }
        }
    CHECK(bad == 0);
}

/* The goal: the least-area organisation is never larger than the default
 * (delay) one, and is smaller for arrays the delay goal splits; the delay
 * goal keeps its subarrays within its limits. */
TEST(goal_area_never_larger_than_goal_delay)
{
    area_tech td = T(40), ta = T(40);
    static const unsigned long ns[] = {16, 256, 1024, 8192, 65536};
    static const unsigned ws[] = {8, 32, 128, 1024};
    unsigned i, j, smaller = 0;
    int bad = 0;
    ta.goal = AREA_GOAL_AREA;
    CHECK_EQ(td.goal, AREA_GOAL_DELAY);
    for (i = 0; i < 5; i++)
        for (j = 0; j < 4; j++) {
            area_array a = A(AK_RAM, ns[i], ws[j], 1, 0, 0, 0, 1);
            area_result rd, ra;
            area_array_eval(&td, &a, &rd);
            area_array_eval(&ta, &a, &ra);
            if (!(ra.total_mm2 <= rd.total_mm2 * (1 + 1e-12)) && bad++ < 5)
                printf("  n=%lu w=%u: area goal %.5g > delay goal %.5g\n", ns[i], ws[j],
                       ra.total_mm2, rd.total_mm2);
            smaller += ra.total_mm2 < rd.total_mm2 * 0.99;
            if ((rd.sub_rows > td.c.delay_max_rows || rd.sub_cols > td.c.delay_max_cols) &&
                bad++ < 5)
                printf("  n=%lu w=%u: delay subarray %u x %u\n", ns[i], ws[j], rd.sub_rows,
                       rd.sub_cols);
        }
    printf("  least area smaller than the delay goal for %u of 20 arrays\n", smaller);
    CHECK(bad == 0);
    CHECK(smaller >= 5);
}


/* The laws on random arrays (a fixed pseudo-random sequence): one more
 * entry, bit, read port or twice the banks never makes a RAM smaller, at
 * either goal; nor one more entry, bit or search port a CAM of up to 4096
 * entries. */
static unsigned long rnd(unsigned long *x, unsigned long n)
{
    *x = *x * 6364136223846793005ul + 1442695040888963407ul;
    return (*x >> 33) % n;
}

TEST(monotonic_on_random_arrays)
{
    unsigned long x = 12345;
    unsigned it, g;
    int bad = 0;
    for (g = 0; g < 2; g++) {
        area_tech t = T(40);
        t.goal = g ? AREA_GOAL_AREA : AREA_GOAL_DELAY;
        for (it = 0; it < 200; it++) {
            int cam = it % 4 == 3;
            unsigned long n_max = cam ? 4096 : (rnd(&x, 2) ? 300 : 70000);
            unsigned long n = 1 + rnd(&x, n_max);
            unsigned w_max = rnd(&x, 2) ? 64 : 1024;
            unsigned wd = 1 + (unsigned)rnd(&x, w_max);
            unsigned rw = (unsigned)rnd(&x, 3), rd = (unsigned)rnd(&x, 4), wr = (unsigned)rnd(&x, 3);
            unsigned se = cam ? 1 + (unsigned)rnd(&x, 3) : 0;
            unsigned bk = cam ? 1 : 1u << rnd(&x, 4);
            area_array a = A(cam ? AK_CAM : AK_RAM, n, wd, rw, rd, wr, se, bk);
            area_array b;
            double v, w;
            if (a.rw + a.wr == 0)
                a.wr = 1;
            if (a.rw + a.rd == 0)
                a.rd = 1;
            if (a.banks > a.entries)
                a.banks = 1;
            v = area_of(&t, a);
            b = a;
            b.entries++;
            w = area_of(&t, b);
            if (!(w >= v * (1 - 1e-12)) && bad++ < 5)
                printf("  %s n=%lu w=%u banks %u: one more entry %.6g < %.6g\n",
                       area_kind_name(a.kind), a.entries, a.width, a.banks, w, v);
            b = a;
            b.width++;
            w = area_of(&t, b);
            if (!(w >= v * (1 - 1e-12)) && bad++ < 5)
                printf("  %s n=%lu w=%u: one more bit %.6g < %.6g\n", area_kind_name(a.kind),
                       a.entries, a.width, w, v);
            b = a;
            if (cam)
                b.search++;
            else
                b.rd++;
            w = area_of(&t, b);
            if (!(w >= v * (1 - 1e-12)) && bad++ < 5)
                printf("  %s n=%lu w=%u: one more port %.6g < %.6g\n", area_kind_name(a.kind),
                       a.entries, a.width, w, v);
            b = a;
            b.banks *= 2;
            if (!cam && b.banks <= b.entries) {
                w = area_of(&t, b);
                if (!(w >= v * (1 - 1e-12)) && bad++ < 5)
                    printf("  ram n=%lu w=%u: %u banks %.6g < %u banks %.6g\n", a.entries,
                           a.width, b.banks, w, a.banks, v);
            }
        }
    }
    CHECK(bad == 0);
}

/* ------------------------------------------------------------ monotonic */

TEST(monotonic_in_entries)
{
    area_tech t = T(40);
    static const unsigned widths[] = {1, 8, 32, 96};
    static const unsigned ports[][4] = {{1, 0, 0, 0}, {0, 1, 1, 0}, {0, 2, 1, 0}, {2, 4, 2, 0}};
    unsigned wi, pi, k;
    int bad = 0;
    for (k = 0; k < 3; k++)
        for (wi = 0; wi < 4; wi++)
            for (pi = 0; pi < 4; pi++) {
                unsigned long n;
                double prev = 0;
                for (n = 1; n <= 1200; n++) {
                    area_kind kind = k == 0 ? AK_RAM : k == 1 ? AK_CAM : AK_FF;
                    area_array a = A(kind, n, widths[wi], ports[pi][0], ports[pi][1],
                                     ports[pi][2], kind == AK_CAM ? 1 : 0, 1);
                    double v = area_of(&t, a);
                    if (!(v >= prev)) {
                        if (bad++ < 5)
                            printf("  %s w=%u ports %u/%u/%u: n=%lu area %.6g < %.6g\n",
                                   area_kind_name(kind), widths[wi], ports[pi][0], ports[pi][1],
                                   ports[pi][2], n, v, prev);
                    }
                    prev = v;
                }
                /* strictly larger when doubling */
                for (n = 2; n <= 65536; n *= 2) {
                    area_kind kind = k == 0 ? AK_RAM : k == 1 ? AK_CAM : AK_FF;
                    area_array a = A(kind, n, widths[wi], ports[pi][0], ports[pi][1],
                                     ports[pi][2], kind == AK_CAM ? 1 : 0, 1);
                    area_array b = a;
                    b.entries = n / 2;
                    if (!(area_of(&t, a) > area_of(&t, b)) && bad++ < 5)
                        printf("  doubling %lu not larger\n", n / 2);
                }
            }
    CHECK(bad == 0);
}

TEST(monotonic_in_width)
{
    area_tech t = T(65);
    static const unsigned long ns[] = {2, 16, 256, 4096};
    unsigned i, k, w;
    int bad = 0;
    for (k = 0; k < 3; k++)
        for (i = 0; i < 4; i++) {
            double prev = 0;
            for (w = 1; w <= 600; w++) {
                area_kind kind = k == 0 ? AK_RAM : k == 1 ? AK_CAM : AK_FF;
                double v = area_of(&t, A(kind, ns[i], w, 1, 1, 0, kind == AK_CAM ? 1 : 0, 1));
                if (!(v >= prev) && bad++ < 5)
                    printf("  %s n=%lu: width %u area %.6g < %.6g\n", area_kind_name(kind), ns[i],
                           w, v, prev);
                prev = v;
            }
        }
    CHECK(bad == 0);
}

TEST(monotonic_in_ports)
{
    area_tech t = T(45);
    static const unsigned long ns[] = {2, 64, 512, 8192};
    static const unsigned ws[] = {4, 32, 128};
    unsigned i, j, p, k;
    int bad = 0;
    for (i = 0; i < 4; i++)
        for (j = 0; j < 3; j++) {
            for (k = 0; k < 3; k++) { /* add rd, wr or rw ports one at a time */
                double prev = 0;
                for (p = 0; p < 12; p++) {
                    area_array a = A(AK_RAM, ns[i], ws[j], 1, 0, 0, 0, 1);
                    double v;
                    if (k == 0)
                        a.rd = p;
                    else if (k == 1)
                        a.wr = p;
                    else
                        a.rw = 1 + p;
                    v = area_of(&t, a);
                    if (!(v > prev) && bad++ < 5)
                        printf("  ram n=%lu w=%u +%u ports (type %u): %.6g <= %.6g\n", ns[i],
                               ws[j], p, k, v, prev);
                    prev = v;
                    a.kind = AK_FF;
                }
            }
            { /* cam search ports */
                double prev = 0;
                for (p = 1; p <= 8; p++) {
                    double v = area_of(&t, A(AK_CAM, ns[i], ws[j], 1, 0, 0, p, 1));
                    if (!(v > prev) && bad++ < 5)
                        printf("  cam search %u not larger\n", p);
                    prev = v;
                }
            }
            { /* flip-flops: read and write ports */
                double prev = 0;
                for (p = 0; p < 8; p++) {
                    double v = area_of(&t, A(AK_FF, ns[i], ws[j], 0, 1 + p, 1 + p, 0, 1));
                    if (!(v > prev) && bad++ < 5)
                        printf("  ff ports %u not larger\n", p);
                    prev = v;
                }
            }
        }
    CHECK(bad == 0);
}

/* ------------------------------------------------------ cell-pitch law */

TEST(per_port_growth_follows_cell_pitch_law_15pct)
{
    /* CACTI: every extra port adds two local pitches (5 F) to the cell's
     * height and width.  For a large array the area ratio between P+1 and P
     * ports must follow the cell-area ratio within 15%. */
    area_tech t = T(40);
    double h0 = sqrt(t.node.cell_f2 / t.node.cell_aspect), w0 = h0 * t.node.cell_aspect;
    double pl2 = 2 * t.node.pitch_local_f;
    static const unsigned long ns[] = {4096, 16384};
    static const unsigned ws[] = {32, 128};
    unsigned i, P, kind;
    double worst = 0;
    for (kind = 0; kind < 2; kind++)
        for (i = 0; i < 2; i++)
            for (P = 1; P < 12; P++) {
                /* kind 0: add read ports to 1 rw; kind 1: add rw ports */
                area_array a = A(AK_RAM, ns[i], ws[i], 1, 0, 0, 0, 1), b;
                double law, got, dev;
                if (kind == 0)
                    a.rd = P - 1;
                else
                    a.rw = P;
                b = a;
                if (kind == 0)
                    b.rd = P;
                else
                    b.rw = P + 1;
                law = ((h0 + pl2 * P) * (w0 + pl2 * P)) /
                      ((h0 + pl2 * (P - 1)) * (w0 + pl2 * (P - 1)));
                got = area_of(&t, b) / area_of(&t, a);
                dev = fabs(got / law - 1);
                if (dev > worst)
                    worst = dev;
                if (dev > 0.15)
                    printf("  n=%lu w=%u ports %u->%u: growth %.3f, cell law %.3f\n", ns[i], ws[i],
                           P, P + 1, got, law);
            }
    printf("  worst deviation from the cell-pitch law: %.1f%%\n", worst * 100);
    CHECK(worst <= 0.15);
}

/* ---------------------------------------------------------- F^2 scaling */

TEST(f2_scaling_between_nodes_10pct)
{
    static const double pairs[][2] = {{90, 45}, {65, 32}, {40, 22}, {90, 22}, {45, 40}, {28, 22}};
    area_array arrays[5];
    unsigned i, j;
    double worst = 0;
    arrays[0] = A(AK_RAM, 512, 32, 0, 2, 1, 0, 1);
    arrays[1] = A(AK_RAM, 8192, 64, 1, 0, 0, 0, 8);
    arrays[2] = A(AK_CAM, 32, 40, 0, 0, 4, 4, 1);
    arrays[3] = A(AK_FF, 48, 96, 0, 2, 2, 0, 1);
    arrays[4] = A(AK_RAM, 2, 8, 1, 0, 0, 0, 1);
    for (i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        area_tech a = T(pairs[i][0]), b = T(pairs[i][1]);
        double f2 = (pairs[i][0] / pairs[i][1]) * (pairs[i][0] / pairs[i][1]);
        area_result xa, xb;
        for (j = 0; j < 5; j++) {
            double dev = fabs(area_of(&a, arrays[j]) / area_of(&b, arrays[j]) / f2 - 1);
            if (dev > worst)
                worst = dev;
        }
        area_xbar_eval(&a, 8, 8, 64, &xa);
        area_xbar_eval(&b, 8, 8, 64, &xb);
        worst = fmax(worst, fabs(xa.total_mm2 / xb.total_mm2 / f2 - 1));
        area_logic_eval(&a, 1000, &xa);
        area_logic_eval(&b, 1000, &xb);
        worst = fmax(worst, fabs(xa.total_mm2 / xb.total_mm2 / f2 - 1));
    }
    printf("  worst deviation from F^2 scaling: %.2f%%\n", worst * 100);
    CHECK(worst <= 0.10);
}

TEST(interpolated_node_between_neighbours)
{
    area_tech t32 = T(32), t28 = T(28), t22 = T(22);
    area_array a = A(AK_RAM, 1024, 32, 1, 0, 0, 0, 1);
    double v32 = area_of(&t32, a), v28 = area_of(&t28, a), v22 = area_of(&t22, a);
    CHECK(v28 < v32 && v28 > v22);
}

/* ---------------------------------------------------- ff/SRAM crossover */

TEST(flipflops_win_only_below_documented_crossover)
{
    area_tech t = T(40);
    unsigned long x = area_ff_crossover(&t, 32, 0, 1, 1), n;
    static const unsigned ws[] = {8, 32, 96};
    unsigned i;
    int bad = 0;
    printf("  crossover, 32-bit 1R1W: %lu entries (documented %lu)\n", x, DOC_CROSSOVER_32_1R1W);
    CHECK_EQ(x, DOC_CROSSOVER_32_1R1W);
    /* the same at every node (everything scales with F^2) */
    {
        area_tech t90 = T(90), t22 = T(22);
        CHECK_EQ(area_ff_crossover(&t90, 32, 0, 1, 1), x);
        CHECK_EQ(area_ff_crossover(&t22, 32, 0, 1, 1), x);
    }
    /* one crossing: ff smaller strictly below, SRAM smaller from it on */
    for (i = 0; i < 3; i++) {
        unsigned long xi = area_ff_crossover(&t, ws[i], 0, 1, 1);
        CHECK(xi > 1);
        for (n = 1; n <= 4096; n++) {
            double ram = area_of(&t, A(AK_RAM, n, ws[i], 0, 1, 1, 0, 1));
            double ff = area_of(&t, A(AK_FF, n, ws[i], 0, 1, 1, 0, 1));
            if ((n < xi) != (ff < ram) && bad++ < 5)
                printf("  w=%u n=%lu: ff %.5g ram %.5g, crossover %lu\n", ws[i], n, ff, ram, xi);
        }
    }
    CHECK(bad == 0);
    /* auto picks the smaller */
    {
        area_result r;
        area_array a = A(AK_AUTO, DOC_CROSSOVER_32_1R1W - 1, 32, 0, 1, 1, 0, 1);
        area_array_eval(&t, &a, &r);
        CHECK_EQ(r.kind, AK_FF);
        a.entries = 1024;
        area_array_eval(&t, &a, &r);
        CHECK_EQ(r.kind, AK_RAM);
    }
}

/* -------------------------------------------------------- calibration */

static char *refs_text(const char *paper)
{
    FILE *f = tmpfile();
    long len;
    char *s;
    if (!f)
        return NULL;
    area_refs_write(f, paper);
    len = ftell(f);
    rewind(f);
    s = calloc((size_t)len + 1, 1);
    if (s && fread(s, 1, (size_t)len, f) != (size_t)len) {
        free(s);
        s = NULL;
    }
    fclose(f);
    return s;
}

TEST(calibrate_to_000_cacti42_improves_residual)
{
    static area_ref rows[AREA_REFS_MAX];
    static area_fit fit;
    unsigned n = 0, i;
    char err[256];
    char *text = refs_text("000");
    CHECK(text != NULL);
    if (!text)
        return;
    CHECK(area_refs_parse(text, "refs000", rows, AREA_REFS_MAX, &n, err, sizeof err) == NULL);
    free(text);
    CHECK_EQ(n, 7); /* update regs, LUT, pool, allocator, issue logic, 2 register files */
    CHECK(area_calibrate(rows, n, NULL, &fit) == NULL);
    printf("  000 (CACTI 4.2): rms relative error %.3f -> %.3f, worst factor %.2f -> %.2f\n",
           fit.rms_before, fit.rms_after, pow(10, fit.worst_before), pow(10, fit.worst_after));
    for (i = 0; i < AC_N; i++)
        printf("  k_%s = %.4g\n", area_class_name(i), fit.fitted.k[i]);
    CHECK(fit.rms_after < fit.rms_before);
    CHECK(fit.worst_after < fit.worst_before);
    /* the default constants are NOT tuned to CACTI 4.2: far off before */
    CHECK(fit.rms_before > 0.3);
    /* the fitted profile reproduces the fit's predictions through the model */
    for (i = 0; i < n; i++) {
        double v = area_ref_eval(&rows[i], &fit.fitted);
        CHECK(fabs(v / fit.after[i] - 1) < 1e-9);
    }
}

TEST(calibrate_recovers_a_known_profile)
{
    /* synthetic references made by the model with known multipliers */
    static area_ref rows[16];
    static area_fit fit;
    area_profile truth;
    static const area_array geo[] = {
        {AK_RAM, 256, 256, 1, 0, 0, 0, 1, 0, 0},  {AK_RAM, 256, 32, 1, 0, 0, 0, 1, 0, 0},
        {AK_RAM, 8192, 32, 0, 2, 1, 0, 16, 0, 0}, {AK_RAM, 512, 512, 0, 2, 1, 0, 1, 0, 0},
        {AK_CAM, 32, 40, 0, 0, 4, 4, 1, 0, 32},   {AK_FF, 16, 64, 0, 2, 1, 0, 1, 0, 0},
        {AK_RAM, 64, 16, 0, 4, 2, 0, 1, 0, 0},    {AK_CAM, 64, 56, 0, 0, 2, 2, 1, 2, 32},
        {AK_RAM, 4096, 128, 1, 0, 0, 0, 4, 0, 0}, {AK_RAM, 2, 8, 1, 0, 0, 0, 1, 0, 0},
    };
    unsigned n = sizeof geo / sizeof geo[0], i;
    area_profile_default(&truth);
    truth.k[AC_CELLS] = 1.3;
    truth.k[AC_DECODE] = 0.8;
    truth.k[AC_COLUMN] = 1.5;
    truth.k[AC_CONTROL] = 0.7;
    truth.k[AC_ROUTE] = 2.0;
    truth.k[AC_LOGIC] = 1.1;
    for (i = 0; i < n; i++) {
        memset(&rows[i], 0, sizeof rows[i]);
        rows[i].a = geo[i];
        rows[i].nm = 40;
        rows[i].area_mm2 = area_ref_eval(&rows[i], &truth);
    }
    CHECK(area_calibrate(rows, n, NULL, &fit) == NULL);
    CHECK(fit.rms_after < 1e-6);
    for (i = 0; i < AC_N; i++)
        CHECK(fabs(fit.fitted.k[i] / truth.k[i] - 1) < 1e-3);
}

TEST(refs_csv_errors_are_reported)
{
    static area_ref rows[8];
    unsigned n;
    char err[256];
    const char *good = "# c\nram,40,256,32,1,0,0,0,1,0.0036\n";
    CHECK(area_refs_parse(good, "x", rows, 8, &n, err, sizeof err) == NULL);
    CHECK_EQ(n, 1);
    CHECK(area_refs_parse("rom,40,256,32,1,0,0,0,1,0.1\n", "x", rows, 8, &n, err, sizeof err));
    CHECK(strstr(err, "kind") != NULL);
    CHECK(area_refs_parse("ram,40,0,32,1,0,0,0,1,0.1\n", "x", rows, 8, &n, err, sizeof err));
    CHECK(area_refs_parse("ram,12,256,32,1,0,0,0,1,0.1\n", "x", rows, 8, &n, err, sizeof err));
    CHECK(strstr(err, "tech") != NULL);
    CHECK(area_refs_parse("ram,40,256,32,1,0,0,0,1,-1\n", "x", rows, 8, &n, err, sizeof err));
    CHECK(area_refs_parse("ram,40,256,32\n", "x", rows, 8, &n, err, sizeof err));
    CHECK(area_refs_parse("kind,tech_nm,entries\nram,40,2\n", "x", rows, 8, &n, err, sizeof err));
    CHECK(strstr(err, "header lacks") != NULL);
    CHECK(area_refs_parse("# nothing\n", "x", rows, 8, &n, err, sizeof err));
    /* header in another order */
    CHECK(area_refs_parse("area_mm2,kind,tech_nm,entries,width_bits,rw_ports,rd_ports,wr_ports,"
                          "search_ports,banks\n0.5,ram,90,512,32,0,2,1,0,1\n",
                          "x", rows, 8, &n, err, sizeof err) == NULL);
    CHECK(n == 1 && rows[0].a.rd == 2 && rows[0].nm == 90 && rows[0].area_mm2 == 0.5);
    /* issue 19 item 2: out-of-range and non-finite areas, extra fields, a
     * repeated header column are each named */
    CHECK(area_refs_parse("ram,40,256,32,1,0,0,0,1,1e-300\n", "x", rows, 8, &n, err, sizeof err));
    CHECK(strstr(err, "area_mm2") != NULL);
    CHECK(area_refs_parse("ram,40,256,32,1,0,0,0,1,1e308\n", "x", rows, 8, &n, err, sizeof err));
    CHECK(strstr(err, "area_mm2") != NULL);
    CHECK(area_refs_parse("ram,40,256,32,1,0,0,0,1,inf\n", "x", rows, 8, &n, err, sizeof err));
    CHECK(area_refs_parse("ram,40,256,32,1,0,0,0,1,nan\n", "x", rows, 8, &n, err, sizeof err));
    CHECK(area_refs_parse("kind,tech_nm,entries,width_bits,rw_ports,rd_ports,wr_ports,"
                          "search_ports,banks,area_mm2\nram,40,256,32,1,0,0,0,1,0.0036,9\n",
                          "x", rows, 8, &n, err, sizeof err));
    CHECK(strstr(err, "line 2") != NULL && strstr(err, "11 fields") != NULL);
    CHECK(area_refs_parse("ram,40,256,32,1,0,0,0,1,0.0036,0,0,l,x\n", "x", rows, 8, &n, err,
                          sizeof err));
    CHECK(strstr(err, "14 fields") != NULL);
    CHECK(area_refs_parse("kind,tech_nm,entries,width_bits,rw_ports,rd_ports,wr_ports,"
                          "search_ports,banks,area_mm2,entries\nram,40,256,32,1,0,0,0,1,0.1,2\n",
                          "x", rows, 8, &n, err, sizeof err));
    CHECK(strstr(err, "duplicate column 'entries'") != NULL);
    CHECK(area_refs_parse("kind,tech_nm,entries,width_bits,rw_ports,rd_ports,wr_ports,"
                          "search_ports,banks,area_mm2,type\nram,40,256,32,1,0,0,0,1,0.1,ram\n",
                          "x", rows, 8, &n, err, sizeof err));
    CHECK(strstr(err, "duplicate column 'type'") != NULL);
    /* a CACTI run table as it comes (name, type, access_ns; fa_cache) */
    CHECK(area_refs_parse("name,type,tech_nm,entries,width_bits,rw_ports,rd_ports,wr_ports,"
                          "search_ports,banks,area_mm2,access_ns\n"
                          "r1,ram,90,256,8,1,0,0,0,1,0.004,0.47\n"
                          "f1,fa_cache,90,32,48,0,4,4,0,1,0.2,1.1\n",
                          "x", rows, 8, &n, err, sizeof err) == NULL);
    CHECK(n == 2 && strcmp(rows[0].label, "r1") == 0 && rows[1].a.kind == AK_CAM &&
          rows[1].a.search == 4 && rows[1].a.rd == 4 && rows[1].a.wr == 4);
}

TEST(profile_roundtrip)
{
    area_profile p, q;
    char err[256];
    const char *path = "out/test_area_profile.tmp";
    FILE *f = fopen(path, "w");
    unsigned i;
    if (!f) {
        path = "test_area_profile.tmp";
        f = fopen(path, "w");
    }
    CHECK(f != NULL);
    if (!f)
        return;
    fclose(f);
    area_profile_default(&p);
    for (i = 0; i < AC_N; i++)
        p.k[i] = 0.5 + i;
    CHECK_EQ(area_profile_save(path, &p, "test"), 0);
    CHECK(area_profile_load(path, &q, err, sizeof err) == NULL);
    for (i = 0; i < AC_N; i++)
        CHECK(fabs(q.k[i] - p.k[i]) < 1e-6);
    f = fopen(path, "w");
    if (f) {
        fputs("k_cells banana\n", f);
        fclose(f);
        CHECK(area_profile_load(path, &q, err, sizeof err) != NULL);
    }
    f = fopen(path, "w");
    if (f) {
        fputs("k_nonsense 2\n", f);
        fclose(f);
        CHECK(area_profile_load(path, &q, err, sizeof err) != NULL);
        CHECK(strstr(err, "unknown key") != NULL);
    }
    remove(path);
    CHECK(area_profile_load("/nonexistent/x.prof", &q, err, sizeof err) != NULL);
}

/* --------------------------------------------------- range and extremes */

TEST(tiny_and_heavily_ported_arrays_are_finite_positive)
{
    area_tech t = T(22);
    static const area_array cases[] = {
        {AK_RAM, 1, 1, 1, 0, 0, 0, 1, 0, 0},     {AK_RAM, 2, 1, 1, 0, 0, 0, 1, 0, 0},
        {AK_RAM, 2, 8, 0, 1, 1, 0, 2, 0, 0},     {AK_CAM, 2, 4, 1, 0, 0, 1, 1, 0, 0},
        {AK_CAM, 2, 4, 0, 0, 1, 1, 1, 2, 4},     {AK_FF, 1, 1, 0, 0, 1, 0, 1, 0, 0},
        {AK_FF, 2, 1, 0, 1, 1, 0, 1, 0, 0},      {AK_RAM, 64, 32, 4, 8, 4, 0, 1, 0, 0},
        {AK_RAM, 16, 64, 0, 12, 4, 0, 1, 0, 0},  {AK_CAM, 64, 32, 8, 4, 4, 8, 1, 0, 16},
        {AK_FF, 32, 32, 8, 8, 0, 0, 1, 0, 0},    {AK_RAM, 4194304, 4096, 16, 0, 0, 0, 4096, 0, 0},
        {AK_CAM, 4096, 64, 1, 0, 0, 8, 1, 64, 0},
    };
    unsigned i;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        area_result r;
        const char *e = area_array_eval(&t, &cases[i], &r);
        if (e)
            printf("  case %u: %s\n", i, e);
        CHECK(e == NULL);
        CHECK(isfinite(r.total_mm2) && r.total_mm2 > 0);
        CHECK(r.efficiency > 0 && r.efficiency <= 1);
    }
    /* 16 ports cost more than one, and not absurdly more than the cell law */
    {
        double one = area_of(&t, A(AK_RAM, 64, 32, 1, 0, 0, 0, 1));
        double many = area_of(&t, A(AK_RAM, 64, 32, 4, 8, 4, 0, 1));
        CHECK(many > one && many < one * 60);
    }
}

TEST(out_of_range_input_is_rejected)
{
    area_tech t;
    area_result r;
    area_array a;
    CHECK(area_tech_at(21.9, NULL, &t) != NULL);
    CHECK(area_tech_at(90.1, NULL, &t) != NULL);
    CHECK(area_tech_at(0, NULL, &t) != NULL);
    CHECK(area_tech_at(NAN, NULL, &t) != NULL);
    CHECK(area_tech_at(22, NULL, &t) == NULL);
    CHECK(area_tech_at(90, NULL, &t) == NULL);
    a = A(AK_RAM, 0, 32, 1, 0, 0, 0, 1);
    CHECK(area_array_eval(&t, &a, &r) != NULL);
    a = A(AK_RAM, 16, 0, 1, 0, 0, 0, 1);
    CHECK(area_array_check(&a) != NULL);
    a = A(AK_RAM, 16, 4097, 1, 0, 0, 0, 1);
    CHECK(area_array_check(&a) != NULL);
    a = A(AK_RAM, 16, 32, 8, 8, 1, 0, 1);
    CHECK(area_array_check(&a) != NULL); /* 17 ports */
    a = A(AK_RAM, 16, 32, 0, 1, 0, 0, 1);
    CHECK(area_array_check(&a) != NULL); /* no write port */
    a = A(AK_RAM, 16, 32, 0, 0, 1, 0, 1);
    CHECK(area_array_check(&a) != NULL); /* no read port */
    a = A(AK_RAM, 16, 32, 1, 0, 0, 1, 1);
    CHECK(area_array_check(&a) != NULL); /* search on a ram */
    a = A(AK_CAM, 16, 32, 1, 0, 0, 0, 1);
    CHECK(area_array_check(&a) != NULL); /* cam without search */
    a = A(AK_RAM, 16, 32, 1, 0, 0, 0, 17);
    CHECK(area_array_check(&a) != NULL); /* more banks than entries */
    a = A(AK_RAM, 16, 32, 1, 0, 0, 0, 0);
    CHECK(area_array_check(&a) != NULL);
    a = A(AK_CAM, 16, 32, 1, 0, 0, 1, 1);
    a.tag_bits = 33;
    CHECK(area_array_check(&a) != NULL);
    a = A(AK_RAM, 16, 32, 1, 0, 0, 0, 1);
    a.kind = (area_kind)7;
    CHECK(area_array_check(&a) != NULL);
}

/* ------------------------------------------------------------ logic */

TEST(logic_blocks_grow_and_crossbars_scale_with_width_squared)
{
    const area_consts *c = area_default_consts();
    area_tech t = T(40);
    area_result r8, r16;
    unsigned n;
    for (n = 2; n < 256; n++) {
        CHECK(area_ge_eq_cmp(c, n) > area_ge_eq_cmp(c, n - 1));
        CHECK(area_ge_prio_enc(c, n) > area_ge_prio_enc(c, n - 1));
        CHECK(area_ge_popcount(c, n) >= area_ge_popcount(c, n - 1));
        CHECK(area_ge_mux(c, n, 8) > area_ge_mux(c, n - 1, 8));
    }
    CHECK(area_ge_sort3(c, 32, 64) > 3 * area_ge_mag_cmp(c, 32));
    CHECK(area_xbar_eval(&t, 8, 8, 128, &r8) == NULL);
    CHECK(area_xbar_eval(&t, 8, 8, 256, &r16) == NULL);
    CHECK(fabs(r16.total_mm2 / r8.total_mm2 - 4.0) < 0.05); /* wire grid ~ width^2 */
    CHECK(area_xbar_eval(&t, 0, 8, 8, &r8) != NULL);
}

/* ------------------------------------------------------- descriptions */

TEST(simt_stack_description_follows_cfg)
{
    simt_stack_cfg cfg = simt_stack_default_cfg();
    area_desc d, d2;
    area_tech t = T(40);
    area_result r, r2;
    CHECK(area_desc_simt_stack(&cfg, 0, &d) == NULL);
    CHECK_EQ(d.entry_bits, 96); /* SPEC 3.1 at 32-bit PC, 32 lanes */
    CHECK_EQ(d.storage_bits, (unsigned long)cfg.warps * cfg.depth * 96 +
                                 (unsigned long)cfg.warps * simt_stack_depth_w(&cfg));
    CHECK(area_desc_eval(&t, &d, &r, NULL) == NULL);
    CHECK(r.total_mm2 > 0);
    cfg.depth = 8;
    CHECK(area_desc_simt_stack(&cfg, 0, &d2) == NULL);
    CHECK(area_desc_eval(&t, &d2, &r2, NULL) == NULL);
    CHECK(r2.total_mm2 < r.total_mm2);
    cfg.lanes = 64;
    CHECK(area_desc_simt_stack(&cfg, 0, &d2) == NULL);
    CHECK_EQ(d2.entry_bits, 128);
    cfg.warps = 0;
    CHECK(area_desc_simt_stack(&cfg, 0, &d2) != NULL); /* the model's cfg_check */
}

TEST(dpe_stack_and_shadow_scoreboard_descriptions)
{
    area_desc d;
    unsigned w, l, dd, p, e;
    area_dpe_stack_defaults(&w, &l, &dd, &p, &e);
    CHECK_EQ(e, 3 * p + 2 * l + 2);
    CHECK(area_desc_dpe_stack(0, 0, 0, 0, 0, &d) == NULL);
    CHECK_EQ(d.entry_bits, 162);
    CHECK(d.storage_bits >= (unsigned long)w * dd * e);
    CHECK(area_desc_dpe_stack(0, 0, 99, 0, 0, &d) != NULL);
    {
        unsigned sw, se, sr, sb, sh;
        area_shadow_scoreboard_defaults(&sw, &se, &sr, &sb, &sh);
        CHECK(area_desc_shadow_scoreboard(0, 0, 0, 0, &d) == NULL);
        CHECK_EQ(d.storage_bits, (unsigned long)sw * 2 * se * sb);
        CHECK(area_desc_shadow_scoreboard(0, 0, 1000, 0, &d) != NULL);
    }
}

/* area of a description at `nm` (fails the test on an evaluation error) */
static double desc_mm2(const area_desc *d, double nm)
{
    area_tech t = T(nm);
    area_result r;
    const char *e = area_desc_eval(&t, d, &r, NULL);
    CHECK(e == NULL);
    return e ? NAN : r.total_mm2;
}

TEST(pc_warp_lut_description_follows_cfg)
{
    pc_warp_lut_cfg cfg = pc_warp_lut_default_cfg(), c2;
    const area_pub *t1 = area_pub_find("000.t1.lut");
    area_desc d, d2;
    area_tech t = T(90);
    double a, a2, comb, comb2;
    unsigned long flops;
    unsigned i, ff, cams = 0;
    for (ff = 0; ff < 2; ff++) {
        CHECK(area_desc_pc_warp_lut(&cfg, (int)ff, &d) == NULL);
        /* the arrays hold every register of the model: table + valid + LRU */
        CHECK_EQ(d.storage_bits, pc_warp_lut_state_bits(&cfg));
        CHECK_EQ((unsigned long)d.entry_bits * cfg.entries, pc_warp_lut_table_bits(&cfg));
        if (ff) { /* every array as flops: what Yosys builds from the RTL */
            area_desc_logic_view(&t, &d, &comb, &flops);
            CHECK_EQ(flops, pc_warp_lut_state_bits(&cfg));
        }
        a = desc_mm2(&d, 90);
        CHECK(a > 0);
        /* doubling the entries grows it, and so does every field */
        for (i = 0; i < 5; i++) {
            c2 = cfg;
            if (i == 0)
                c2.entries *= 2;
            else if (i == 1)
                c2.lanes *= 2;
            else if (i == 2)
                c2.pc_bits *= 2;
            else if (i == 3)
                c2.pool *= 2; /* one more IDX bit */
            else
                c2.entries /= 2;
            CHECK(area_desc_pc_warp_lut(&c2, (int)ff, &d2) == NULL);
            CHECK_EQ(d2.storage_bits, pc_warp_lut_state_bits(&c2));
            a2 = desc_mm2(&d2, 90);
            if (i < 4)
                CHECK(a2 > a);
            else
                CHECK(a2 < a);
        }
        /* monotonic over the whole entry range */
        c2 = cfg;
        a = 0;
        for (c2.entries = 4; c2.entries <= PC_WARP_LUT_MAX_ENTRIES; c2.entries *= 2) {
            CHECK(area_desc_pc_warp_lut(&c2, (int)ff, &d2) == NULL);
            a2 = desc_mm2(&d2, 90);
            CHECK(a2 > a);
            a = a2;
        }
    }
    /* the organisation of the RTL: {PC, OCC} searched by the two lookups
     * (tag = PC), read by the debug port, written by both lookups */
    CHECK(area_desc_pc_warp_lut(&cfg, 0, &d) == NULL);
    for (i = 0; i < d.n; i++) {
        const area_array *g = &d.item[i].arr;
        if (d.item[i].type != AI_ARRAY || g->kind != AK_CAM)
            continue;
        cams++;
        CHECK_EQ(g->ways, cfg.ways);
        CHECK_EQ(g->search, 2);
        CHECK_EQ(g->rd, 1);
        CHECK_EQ(g->wr, 2);
        CHECK_EQ(g->tag_bits, cfg.pc_bits);
        CHECK_EQ(g->entries, cfg.entries);
        CHECK_EQ(g->width, cfg.pc_bits + cfg.lanes);
    }
    CHECK_EQ(cams, 1);
    /* the logic (IDX comparators, ...) grows with the IDX width */
    CHECK(area_desc_pc_warp_lut(&cfg, 1, &d) == NULL);
    area_desc_logic_view(&t, &d, &comb, &flops);
    c2 = cfg;
    c2.pool *= 4;
    CHECK(area_desc_pc_warp_lut(&c2, 1, &d2) == NULL);
    area_desc_logic_view(&t, &d2, &comb2, &flops);
    CHECK(comb2 > comb);
    /* 000's configuration holds exactly Table 1's bits (32 x 56) */
    CHECK(t1 != NULL && t1->has_geom);
    if (t1)
        CHECK_EQ(pc_warp_lut_table_bits(&cfg), t1->geom.entries * t1->geom.width);
    /* the model's cfg_check decides what is legal */
    c2 = cfg;
    c2.entries = 6;
    CHECK(area_desc_pc_warp_lut(&c2, 0, &d2) != NULL);
    c2 = cfg;
    c2.ways = 4;
    CHECK(area_desc_pc_warp_lut(&c2, 0, &d2) != NULL);
}

static const area_row *find_row(const area_paper_report *p, const char *label)
{
    unsigned i;
    for (i = 0; i < p->nrows; i++)
        if (strcmp(p->rows[i].label, label) == 0)
            return &p->rows[i];
    printf("  no row '%s' in %s\n", label, p->paper);
    return NULL;
}

TEST(report_000_models_the_pc_warp_lut)
{
    static area_report r;
    const area_row *lut, *bare;
    area_desc d;
    pc_warp_lut_cfg cfg = pc_warp_lut_default_cfg();
    CHECK(area_report_build("000", 0, NULL, NULL, &r) == NULL);
    lut = find_row(&r.p[0], "PC-warp LUT");
    bare = find_row(&r.p[0], "PC-warp LUT: Table 1's array alone");
    CHECK(lut && bare);
    if (!(lut && bare))
        return;
    /* the row is computed from the cfg (000's configuration is the model's
     * default), beside Table 1's figure, with its ratio */
    CHECK_EQ(lut->status, RS_MODELLED);
    CHECK(area_desc_pc_warp_lut(&cfg, 0, &d) == NULL);
    CHECK(fabs(lut->ours - desc_mm2(&d, 90)) < 1e-12);
    CHECK(fabs(lut->published - area_pub_find("000.t1.lut")->value) < 1e-12);
    CHECK(fabs(lut->ratio - lut->ours / lut->published) < 1e-12);
    /* the RTL adds to Table 1's bare array (debug port, IDX comparators,
     * lookup logic); CACTI 4.2 runs larger than our constants on both */
    CHECK_EQ(bare->status, RS_BASELINE);
    CHECK(bare->ours < lut->ours);
    CHECK(lut->ratio < 1.0 && bare->ratio < lut->ratio);
}

/* the array item called `name` in d, NULL (and a failed check) if none */
static const area_array *desc_array(const area_desc *d, const char *name)
{
    unsigned i;
    for (i = 0; i < d->n; i++)
        if (d->item[i].type == AI_ARRAY && strcmp(d->item[i].name, name) == 0)
            return &d->item[i].arr;
    printf("  no array '%s' in %s\n", name, d->name);
    CHECK(0);
    return NULL;
}

/* the sum of every field of warp_pool_bits(): the RTL module's registers */
static unsigned long wp_all_bits(const warp_pool_cfg *cfg)
{
    warp_pool_bitcount b = warp_pool_bits(cfg);
    return (unsigned long)b.pool + b.allocator + b.majority + b.pool_ctrl + b.majority_ctrl +
           b.in_pool + b.counters;
}

TEST(warp_pool_description_follows_cfg)
{
    static const area_wp_part parts[3] = {AREA_WP_POOL, AREA_WP_ALLOC, AREA_WP_ISSUE};
    warp_pool_cfg cfg = warp_pool_default_cfg(), c2;
    warp_pool_bitcount b = warp_pool_bits(&cfg);
    area_desc d, dp, d2;
    area_tech t = T(90);
    const area_array *g;
    double a, a2, sum, comb, comb2;
    unsigned long flops, nbits;
    unsigned i, ff, pol, n;
    for (ff = 0; ff < 2; ff++) {
        for (pol = 0; pol <= WP_POL_DPDPRI; pol++) {
            c2 = cfg;
            c2.policy = pol;
            /* the arrays hold every register of the model, and the three
             * parts split them and add up to the whole */
            CHECK(area_desc_warp_pool(&c2, AREA_WP_ALL, (int)ff, &d) == NULL);
            CHECK_EQ(d.storage_bits, wp_all_bits(&c2));
            if (ff) {
                area_desc_logic_view(&t, &d, &comb, &flops);
                CHECK_EQ(flops, wp_all_bits(&c2));
            }
            a = desc_mm2(&d, 90);
            sum = 0;
            nbits = 0;
            n = 0;
            for (i = 0; i < 3; i++) {
                CHECK(area_desc_warp_pool(&c2, parts[i], (int)ff, &dp) == NULL);
                sum += desc_mm2(&dp, 90);
                nbits += dp.storage_bits;
                n += dp.n;
                if (parts[i] == AREA_WP_POOL) /* Table 1's pool bits + flags + in-pool */
                    CHECK_EQ(dp.storage_bits, (unsigned long)warp_pool_bits(&c2).pool +
                                                  warp_pool_bits(&c2).pool_ctrl +
                                                  warp_pool_bits(&c2).in_pool);
            }
            CHECK(fabs(sum - a) < 1e-12 * a);
            CHECK_EQ(nbits, d.storage_bits);
            CHECK_EQ(n, d.n);
        }
        CHECK(area_desc_warp_pool(&cfg, AREA_WP_ALL, (int)ff, &d) == NULL);
        a = desc_mm2(&d, 90);
        /* more entries, lanes, TID, PC or sched bits, table slots grow it;
         * fewer entries shrink it */
        for (i = 0; i < 7; i++) {
            c2 = cfg;
            if (i == 0)
                c2.entries /= 2;
            else if (i == 1)
                c2.lanes *= 2;
            else if (i == 2)
                c2.tid_bits += 1;
            else if (i == 3)
                c2.pc_bits *= 2;
            else if (i == 4)
                c2.sched_bits *= 2;
            else if (i == 5)
                c2.maj_entries /= 2;
            else
                c2.lanes /= 2;
            CHECK(area_desc_warp_pool(&c2, AREA_WP_ALL, (int)ff, &d2) == NULL);
            CHECK_EQ(d2.storage_bits, wp_all_bits(&c2));
            a2 = desc_mm2(&d2, 90);
            if (i == 0 || i >= 5)
                CHECK(a2 < a);
            else
                CHECK(a2 > a);
        }
        /* monotonic in the pool size over the model's whole range, for the
         * pool and the allocator */
        for (i = 0; i < 2; i++) {
            c2 = cfg;
            c2.tid_bits = 10; /* THREADS >= entries */
            a = 0;
            for (c2.entries = 2; c2.entries <= WARP_POOL_MAX_ENTRIES; c2.entries *= 2) {
                CHECK(area_desc_warp_pool(&c2, parts[i], (int)ff, &d2) == NULL);
                a2 = desc_mm2(&d2, 90);
                CHECK(a2 > a);
                a = a2;
            }
        }
        /* the issue logic grows with the table */
        c2 = cfg;
        a = 0;
        for (c2.maj_entries = 2; c2.maj_entries <= WARP_POOL_MAX_MAJ; c2.maj_entries *= 2) {
            CHECK(area_desc_warp_pool(&c2, AREA_WP_ISSUE, (int)ff, &d2) == NULL);
            a2 = desc_mm2(&d2, 90);
            CHECK(a2 > a);
            a = a2;
        }
    }
    /* the RTL's organisation: a TID memory per lane (its own decoder), 1R1W;
     * the {PC, sched} row searched by the chosen PC, read by the candidate
     * and both joins, written by both new groups; the free list read at
     * head and head + 1, written at the tail */
    CHECK(area_desc_warp_pool(&cfg, AREA_WP_ALL, 0, &d) == NULL);
    if ((g = desc_array(&d, "TID memories")) != NULL) {
        CHECK_EQ(g->banks, cfg.lanes);
        CHECK_EQ(g->entries, (unsigned long)cfg.lanes * cfg.entries);
        CHECK_EQ(g->width, cfg.tid_bits);
        CHECK(g->rd == 1 && g->wr == 1);
    }
    if ((g = desc_array(&d, "entry rows {PC, sched}")) != NULL) {
        CHECK_EQ(g->kind, AK_CAM);
        CHECK_EQ(g->entries, cfg.entries);
        CHECK_EQ(g->width, cfg.pc_bits + cfg.sched_bits);
        CHECK_EQ(g->tag_bits, cfg.pc_bits);
        CHECK(g->search == 1 && g->rd == 3 && g->wr == 2);
    }
    if ((g = desc_array(&d, "free list")) != NULL) {
        CHECK_EQ(g->entries, cfg.entries);
        CHECK_EQ(g->width, warp_pool_idx_w(&cfg));
        CHECK(g->rd == 2 && g->wr == 1);
    }
    if ((g = desc_array(&d, "majority table PCs")) != NULL) {
        CHECK_EQ(g->kind, AK_FF);
        CHECK_EQ(g->entries, cfg.maj_entries);
    }
    /* Table 1's bits per part, from warp_pool_bits */
    CHECK(area_desc_warp_pool(&cfg, AREA_WP_POOL, 0, &dp) == NULL);
    CHECK_EQ((unsigned long)dp.entry_bits * cfg.entries, b.pool);
    CHECK(area_desc_warp_pool(&cfg, AREA_WP_ALLOC, 0, &dp) == NULL);
    CHECK_EQ((unsigned long)dp.entry_bits * cfg.entries, b.allocator);
    CHECK(area_desc_warp_pool(&cfg, AREA_WP_ISSUE, 0, &dp) == NULL);
    CHECK_EQ((unsigned long)dp.entry_bits * cfg.maj_entries, b.majority);
    /* without a table (DTime/DPC/DPdPri) there is no majority table and the
     * issue logic is the selection chain over the pool */
    c2 = cfg;
    c2.policy = WP_POL_DPC;
    CHECK(area_desc_warp_pool(&c2, AREA_WP_ISSUE, 0, &dp) == NULL);
    for (i = 0; i < dp.n; i++)
        CHECK(strstr(dp.item[i].name, "majority") == NULL);
    CHECK_EQ(dp.storage_bits, 0);
    /* the logic grows with the PC width (searches, compares) */
    CHECK(area_desc_warp_pool(&cfg, AREA_WP_ALL, 1, &d) == NULL);
    area_desc_logic_view(&t, &d, &comb, &flops);
    c2 = cfg;
    c2.pc_bits += 8;
    CHECK(area_desc_warp_pool(&c2, AREA_WP_ALL, 1, &d2) == NULL);
    area_desc_logic_view(&t, &d2, &comb2, &flops);
    CHECK(comb2 > comb);
    /* the update registers from dwf_cfg as verilog/dwf.v holds them: one
     * TID row and 2 x {PC, REQ, prio} */
    {
        dwf_cfg dc = dwf_default_cfg(), dc2;
        CHECK(area_desc_dwf(&dc, AREA_DWF_UPDATE, 0, &d) == NULL);
        CHECK_EQ(d.storage_bits, (unsigned long)dc.lanes * dc.tid_bits +
                                     2ul * (dc.pc_bits + dc.lanes + dc.sched_bits));
        CHECK_EQ(area_dwf_update_reg_bits(&dc), 240); /* 000's configuration */
        a = desc_mm2(&d, 90);
        dc2 = dc;
        dc2.lanes *= 2;
        CHECK(area_desc_dwf(&dc2, AREA_DWF_UPDATE, 0, &d2) == NULL);
        CHECK(desc_mm2(&d2, 90) > a);
        dc2 = dc;
        dc2.lanes = 3;
        CHECK(area_desc_dwf(&dc2, AREA_DWF_UPDATE, 0, &d2) != NULL);
        /* the whole dwf holds the update registers, the live vector, the
         * LUT's and the pool's bits */
        CHECK(area_desc_dwf(&dc, AREA_DWF_ALL, 0, &d2) == NULL);
        {
            pc_warp_lut_cfg lc = dwf_lut_cfg(&dc);
            warp_pool_cfg pc = dwf_pool_cfg(&dc);
            warp_pool_bitcount b = warp_pool_bits(&pc);
            CHECK_EQ(d2.storage_bits,
                     area_dwf_update_reg_bits(&dc) + dwf_threads(&dc) +
                         pc_warp_lut_state_bits(&lc) + b.pool + b.allocator + b.majority +
                         b.pool_ctrl + b.majority_ctrl + b.in_pool + b.counters);
            CHECK(desc_mm2(&d2, 90) > a);
        }
    }
    /* the model's cfg_check decides what is legal */
    c2 = cfg;
    c2.lanes = 3;
    CHECK(area_desc_warp_pool(&c2, AREA_WP_ALL, 0, &d2) != NULL);
    c2 = cfg;
    c2.entries = 4096; /* above WARP_POOL_MAX_ENTRIES (2048) */
    CHECK(area_desc_warp_pool(&c2, AREA_WP_POOL, 0, &d2) != NULL);
    CHECK(area_desc_warp_pool(&cfg, (area_wp_part)4, 0, &d2) != NULL);
}

TEST(report_000_models_every_dwf_part)
{
    static area_report r;
    static const char *labels[5] = {"Warp update registers", "PC-warp LUT", "Warp pool",
                                    "Warp allocator", "Majority issue logic"};
    static const char *ids[5] = {"000.t1.update", "000.t1.lut", "000.t1.pool", "000.t1.alloc",
                                 "000.t1.issue"};
    const area_row *row[5], *tot, *mod, *stack, *dec, *core, *chip;
    warp_pool_cfg cfg = warp_pool_default_cfg(); /* 000's configuration */
    area_desc d;
    double dwf = 0;
    unsigned i;
    CHECK(area_report_build("000", 0, NULL, NULL, &r) == NULL);
    for (i = 0; i < 5; i++) {
        row[i] = find_row(&r.p[0], labels[i]);
        CHECK(row[i] != NULL);
        if (!row[i])
            return;
        /* each part computed from its cfg, beside Table 1, with its ratio */
        CHECK_EQ(row[i]->status, RS_MODELLED);
        CHECK(fabs(row[i]->published - area_pub_find(ids[i])->value) < 1e-12);
        CHECK(isfinite(row[i]->ours) && row[i]->ours > 0);
        CHECK(fabs(row[i]->ratio - row[i]->ours / row[i]->published) < 1e-12);
        dwf += row[i]->ours;
    }
    CHECK(area_desc_warp_pool(&cfg, AREA_WP_POOL, 0, &d) == NULL);
    CHECK(fabs(row[2]->ours - desc_mm2(&d, 90)) < 1e-12);
    CHECK(area_desc_warp_pool(&cfg, AREA_WP_ALLOC, 0, &d) == NULL);
    CHECK(fabs(row[3]->ours - desc_mm2(&d, 90)) < 1e-12);
    CHECK(area_desc_warp_pool(&cfg, AREA_WP_ISSUE, 0, &d) == NULL);
    CHECK(fabs(row[4]->ours - desc_mm2(&d, 90)) < 1e-12);
    {
        dwf_cfg dc = dwf_default_cfg();
        CHECK(area_desc_dwf(&dc, AREA_DWF_UPDATE, 0, &d) == NULL);
        CHECK(fabs(row[0]->ours - desc_mm2(&d, 90)) < 1e-12);
        CHECK(strstr(row[0]->note, "dwf_cfg") != NULL);
    }
    /* CACTI 4.2 runs far larger than our constants on the majority table
     * (a 4-search 4-write CAM there, flops and adders here) */
    CHECK(row[4]->ratio < 0.5);
    tot = find_row(&r.p[0], "DWF scheduler total (Table 1)");
    mod = find_row(&r.p[0], "Total, structures modelled from cfgs");
    stack = find_row(&r.p[0], "SIMT stack (PDOM, sec. 3.2)");
    dec = find_row(&r.p[0], "Per-lane decoders: register file increase");
    core = find_row(&r.p[0], "DWF overhead per core");
    chip = find_row(&r.p[0], "Overhead of a 480 mm^2 chip, 8 cores");
    CHECK(tot && mod && stack && dec && core && chip);
    if (!(tot && mod && stack && dec && core && chip))
        return;
    /* every Table 1 part is modelled: real totals with ratios */
    CHECK_EQ(tot->status, RS_SUMMARY);
    CHECK(!tot->partial && fabs(tot->ours - dwf) < 1e-12);
    CHECK(fabs(tot->ratio - dwf / area_pub_find("000.t1.total")->value) < 1e-12);
    CHECK(strstr(tot->note, "not modelled") == NULL);
    CHECK(fabs(mod->ours - (stack->ours + dwf)) < 1e-12);
    CHECK(fabs(core->ours - (dec->ours + dwf)) < 1e-12);
    CHECK(!core->partial && fabs(core->ratio - core->ours / core->published) < 1e-12);
    CHECK(fabs(chip->ours - 8.0 * core->ours / 480.0 * 100.0) < 1e-9);
    CHECK(!chip->partial && fabs(chip->ratio - chip->ours / chip->published) < 1e-12);
    CHECK(core->ratio < 1.0);
}

TEST(hct_cct_heap_description_follows_cfg)
{
    hct_cct_heap_cfg cfg = hct_cct_heap_default_cfg(), c2;
    hct_cct_heap_storage b = hct_cct_heap_bits(&cfg), b2;
    area_desc d, dh, dc, d2;
    area_tech t = T(40);
    const area_array *g;
    double a, a2, ah, ac, comb, comb2;
    unsigned long flops, all_bits;
    unsigned i, ff, nets = 0;
    all_bits = (unsigned long)b.hct_rows * b.hct_row_bits +
               (unsigned long)b.cct_rows * b.cct_row_bits + b.ctrl_bits;
    for (ff = 0; ff < 2; ff++) {
        CHECK(area_desc_hct_cct_heap(&cfg, AREA_HCH_ALL, (int)ff, &d) == NULL);
        CHECK(area_desc_hct_cct_heap(&cfg, AREA_HCH_HCT, (int)ff, &dh) == NULL);
        CHECK(area_desc_hct_cct_heap(&cfg, AREA_HCH_CCT, (int)ff, &dc) == NULL);
        /* the arrays hold every register of the model, and the two parts
         * split them: HCT rows (+ hv, lo, dcnt per warp), CCT rows + the rest */
        CHECK_EQ(d.storage_bits, all_bits);
        CHECK_EQ(dh.storage_bits, (unsigned long)b.hct_rows * b.hct_row_bits +
                                      (2ul + hct_cct_heap_dcnt_w(&cfg)) * cfg.warps);
        CHECK_EQ(dh.storage_bits + dc.storage_bits, d.storage_bits);
        CHECK_EQ(dh.entry_bits, b.hct_row_bits);
        CHECK_EQ(dc.entry_bits, b.cct_row_bits);
        CHECK_EQ(d.n, dh.n + dc.n);
        if (ff) {
            area_desc_logic_view(&t, &d, &comb, &flops);
            CHECK_EQ(flops, all_bits);
        }
        /* the parts add up to the whole */
        a = desc_mm2(&d, 40);
        ah = desc_mm2(&dh, 40);
        ac = desc_mm2(&dc, 40);
        CHECK(ah > 0 && ac > 0);
        CHECK(fabs(ah + ac - a) < 1e-12 * a);
        /* more CCT entries grow the CCT and the whole; and so does every
         * field; fewer CCT entries shrink it */
        for (i = 0; i < 5; i++) {
            c2 = cfg;
            if (i == 0)
                c2.cct *= 2;
            else if (i == 1)
                c2.warps *= 2;
            else if (i == 2)
                c2.lanes /= 2;
            else if (i == 3)
                c2.pc_bits *= 2;
            else
                c2.cct /= 2;
            b2 = hct_cct_heap_bits(&c2);
            CHECK(area_desc_hct_cct_heap(&c2, AREA_HCH_ALL, (int)ff, &d2) == NULL);
            CHECK_EQ(d2.storage_bits, (unsigned long)b2.hct_rows * b2.hct_row_bits +
                                          (unsigned long)b2.cct_rows * b2.cct_row_bits +
                                          b2.ctrl_bits);
            a2 = desc_mm2(&d2, 40);
            if (i == 2 || i == 4)
                CHECK(a2 < a);
            else
                CHECK(a2 > a);
            if (i == 0) {
                CHECK(area_desc_hct_cct_heap(&c2, AREA_HCH_CCT, (int)ff, &d2) == NULL);
                CHECK(desc_mm2(&d2, 40) > ac);
            }
        }
        /* monotonic in the CCT size over the model's whole range */
        c2 = cfg;
        a = 0;
        for (c2.cct = 2; c2.cct <= HCH_MAX_CCT; c2.cct *= 2) {
            CHECK(area_desc_hct_cct_heap(&c2, AREA_HCH_CCT, (int)ff, &d2) == NULL);
            a2 = desc_mm2(&d2, 40);
            CHECK(a2 > a);
            a = a2;
        }
    }
    /* the RTL's ports: the HCT row is read by the op warp (masks, valid,
     * head) and the scheduler port (PCs, masks, valid), written by the op
     * (the head also by the sorter); the CCT's cpc is read at the list head
     * and at the sorter's walk node, its links by five readers and four
     * writers (the op and the sorter's three relinks) */
    CHECK(area_desc_hct_cct_heap(&cfg, AREA_HCH_ALL, 0, &d) == NULL);
    if ((g = desc_array(&d, "HCT PCs")) != NULL) {
        CHECK_EQ(g->entries, cfg.warps);
        CHECK_EQ(g->width, 2 * cfg.pc_bits);
        CHECK(g->rd == 1 && g->wr == 1);
    }
    if ((g = desc_array(&d, "HCT masks")) != NULL) {
        CHECK_EQ(g->width, 2 * cfg.lanes);
        CHECK(g->rd == 2 && g->wr == 1);
    }
    if ((g = desc_array(&d, "HCT CCT head pointers")) != NULL) {
        CHECK_EQ(g->width, hct_cct_heap_ptr_w(&cfg));
        CHECK(g->rd == 1 && g->wr == 2);
    }
    if ((g = desc_array(&d, "CCT PCs")) != NULL) {
        CHECK_EQ(g->entries, cfg.cct);
        CHECK(g->rd == 2 && g->wr == 1);
    }
    /* cmask: the list head, and the sorter's merge (walk node | moved
     * node, written into the walk node: verilog s_merge) */
    if ((g = desc_array(&d, "CCT masks")) != NULL)
        CHECK(g->rd == 3 && g->wr == 2);
    if ((g = desc_array(&d, "CCT next pointers")) != NULL) {
        CHECK_EQ(g->kind, AK_FF);
        CHECK(g->rd == 5 && g->wr == 4);
    }
    if ((g = desc_array(&d, "CCT next-valid bits")) != NULL)
        CHECK(g->rd == 3 && g->wr == 3);
    /* the sorting network is instantiated twice (stage 1, stage 2) */
    for (i = 0; i < d.n; i++)
        if (d.item[i].type == AI_LOGIC && strstr(d.item[i].name, "sorting") != NULL) {
            nets++;
            CHECK_EQ(d.item[i].count, 2);
            CHECK(d.item[i].ge >= area_ge_sort3(area_default_consts(), cfg.pc_bits, cfg.lanes));
        }
    CHECK_EQ(nets, 1);
    /* the logic (comparators of the networks, the sorter, the read port)
     * grows with the PC width */
    CHECK(area_desc_hct_cct_heap(&cfg, AREA_HCH_ALL, 1, &d) == NULL);
    area_desc_logic_view(&t, &d, &comb, &flops);
    c2 = cfg;
    c2.pc_bits += 8;
    CHECK(area_desc_hct_cct_heap(&c2, AREA_HCH_ALL, 1, &d2) == NULL);
    area_desc_logic_view(&t, &d2, &comb2, &flops);
    CHECK(comb2 > comb);
    /* 001's configuration (the model's default) holds Table 3's bits */
    CHECK(fabs((double)b.hct_rows * b.hct_row_bits - area_pub_find("001.t3.hct")->value) < 0.5);
    CHECK(fabs((double)b.cct_rows * b.cct_row_bits - area_pub_find("001.t3.cct")->value) < 0.5);
    /* the model's cfg_check decides what is legal */
    c2 = cfg;
    c2.cct = 1;
    CHECK(area_desc_hct_cct_heap(&c2, AREA_HCH_ALL, 0, &d2) != NULL);
    c2 = cfg;
    c2.warps = HCH_MAX_WARPS + 1;
    CHECK(area_desc_hct_cct_heap(&c2, AREA_HCH_HCT, 0, &d2) != NULL);
    CHECK(area_desc_hct_cct_heap(&cfg, (area_hch_part)3, 0, &d2) != NULL);
}

TEST(report_001_models_hct_and_cct)
{
    static area_report r;
    const area_row *hct, *cct, *hff, *cff, *hbits, *cbits, *stack, *seg, *tot, *sbi;
    hct_cct_heap_cfg cfg = hct_cct_heap_default_cfg();
    hct_cct_heap_storage b = hct_cct_heap_bits(&cfg);
    area_desc d;
    CHECK(area_report_build("001", 0, NULL, NULL, &r) == NULL);
    hct = find_row(&r.p[0], "HCT, SBI");
    cct = find_row(&r.p[0], "CCT, SBI");
    hff = find_row(&r.p[0], "HCT, SBI, every array in flip-flops");
    cff = find_row(&r.p[0], "CCT, SBI, every array in flip-flops");
    hbits = find_row(&r.p[0], "HCT storage, SBI");
    cbits = find_row(&r.p[0], "CCT storage, SBI");
    stack = find_row(&r.p[0], "Stack, baseline (our SPE RTL)");
    seg = find_row(&r.p[0], "Register file segmentation");
    tot = find_row(&r.p[0], "Total, structures modelled from cfgs");
    sbi = find_row(&r.p[0], "SBI overhead of a 15.6 mm^2 SM");
    CHECK(hct && cct && hff && cff && hbits && cbits && stack && seg && tot && sbi);
    if (!(hct && cct && hff && cff && hbits && cbits && stack && seg && tot && sbi))
        return;
    /* each part computed from the cfg, beside Table 4, with its ratio */
    CHECK_EQ(hct->status, RS_MODELLED);
    CHECK_EQ(cct->status, RS_MODELLED);
    CHECK(area_desc_hct_cct_heap(&cfg, AREA_HCH_HCT, 0, &d) == NULL);
    CHECK(fabs(hct->ours - desc_mm2(&d, 40)) < 1e-12);
    CHECK(area_desc_hct_cct_heap(&cfg, AREA_HCH_CCT, 0, &d) == NULL);
    CHECK(fabs(cct->ours - desc_mm2(&d, 40)) < 1e-12);
    CHECK(fabs(hct->published - area_pub_find("001.t4.sbi.hct")->value) < 1e-12);
    CHECK(fabs(cct->published - area_pub_find("001.t4.sbi.cct")->value) < 1e-12);
    CHECK(fabs(hct->ratio - hct->ours / hct->published) < 1e-12);
    CHECK(fabs(cct->ratio - cct->ours / cct->published) < 1e-12);
    /* all flip-flops (as synthesized) is larger than our SRAM/flop choice,
     * and closer to the synthesized figures */
    CHECK(hff->ours > hct->ours && cff->ours > cct->ours);
    CHECK(hff->ratio > hct->ratio && cff->ratio > cct->ratio);
    /* Table 3's storage, from hct_cct_heap_bits */
    CHECK(fabs(hbits->ours - (double)b.hct_rows * b.hct_row_bits) < 0.5);
    CHECK(fabs(cbits->ours - (double)b.cct_rows * b.cct_row_bits) < 0.5);
    CHECK(fabs(hbits->ratio - 1.0) < 1e-12 && fabs(cbits->ratio - 1.0) < 1e-12);
    /* totals and the SBI overhead include them (not the flip-flop rows),
     * the overhead as 001 takes it: SBI minus the baseline it replaces */
    {
        const area_row *sched = find_row(&r.p[0], "Scheduler, SWI (swi_sched less its primary)");
        const area_row *shct = find_row(&r.p[0], "HCT, SWI (one context per warp)");
        const area_row *pool = find_row(&r.p[0], "Warp pool, baseline");
        const area_row *ib0 = find_row(&r.p[0], "Instruction buffer, baseline");
        const area_row *ib1 = find_row(&r.p[0], "Instruction buffer, SBI");
        CHECK(sched && shct && pool && ib0 && ib1);
        if (!(sched && shct && pool && ib0 && ib1))
            return;
        /* the scoreboards, from sbi_scoreboard's cfg */
        const area_row *sb0 = find_row(&r.p[0], "Scoreboard, baseline");
        const area_row *sb1 = find_row(&r.p[0], "Scoreboard, SBI");
        double s0 = 0, s1 = 0;
        CHECK(sb0 && sb1);
        if (!(sb0 && sb1))
            return;
        CHECK(sb0->status == RS_MODELLED && sb1->status == RS_MODELLED);
        s0 = sb0->ours;
        s1 = sb1->ours;
        CHECK(fabs(tot->ours - (stack->ours + hct->ours + cct->ours + sched->ours +
                                shct->ours + s0 + s1)) < 1e-12);
        /* SBI column (segmentation, HCT, CCT, instruction buffer, scoreboard)
         * minus the baseline column (stack, warp pool, instruction buffer,
         * scoreboard) */
        CHECK(fabs(sbi->ours - (seg->ours + hct->ours + cct->ours + ib1->ours + s1 -
                                stack->ours - pool->ours - ib0->ours - s0) /
                                   15.6 * 100.0) < 1e-9);
    }
    CHECK(strstr(tot->note, "HCT") != NULL && strstr(tot->note, "scoreboard") != NULL);
    CHECK(!sbi->partial && isfinite(sbi->ratio));
    CHECK(strstr(sbi->note, "Why lower than 3.0%") != NULL);
}

/* 001's scoreboards from sbi_scoreboard_cfg: its storage (Table 3:
 * 24 x 144 for SBI, 2 x 24 x 48 baseline) with the reason ours is
 * smaller. */
TEST(sbi_scoreboard_rows)
{
    static area_report r;
    const area_row *b0, *b1;
    unsigned w, dp, rw;
    area_desc d;
    CHECK(area_report_build("001", 0, NULL, NULL, &r) == NULL);
    b0 = find_row(&r.p[0], "Scoreboard storage, baseline");
    b1 = find_row(&r.p[0], "Scoreboard storage, SBI");
    CHECK(b0 && b1);
    if (!(b0 && b1))
        return;
    area_sbi_scoreboard_defaults(&w, &dp, &rw);
    CHECK_EQ(w, 24);
    CHECK_EQ(dp, 6);
    CHECK(area_desc_sbi_scoreboard(NULL, 0, 0, &d) == NULL);
    /* {dv1, dst1, dv2, dst2} + 6 matrix bits per entry */
    CHECK_EQ(d.storage_bits, (unsigned long)w * dp * (2u * (1u + rw) + 6u));
    CHECK(fabs(b1->ours - (double)d.storage_bits) < 0.5 && b1->published == 3456);
    CHECK(strstr(b1->note, "Why fewer") != NULL);
    CHECK(area_desc_sbi_scoreboard(NULL, 1, 0, &d) == NULL);
    CHECK_EQ(d.storage_bits, 2ul * w * dp * (1u + rw));
    CHECK(fabs(b0->ours - (double)d.storage_bits) < 0.5 && b0->published == 2304);
    /* deeper tables cost more */
    {
        area_desc d2;
        area_tech t = T(40);
        area_result a1, a2;
        sbi_scoreboard_cfg sc = sbi_scoreboard_default_cfg();
        CHECK(area_desc_sbi_scoreboard(NULL, 0, 0, &d) == NULL);
        sc.depth = 2 * dp;
        CHECK(area_desc_sbi_scoreboard(&sc, 0, 0, &d2) == NULL);
        CHECK(area_desc_eval(&t, &d, &a1, NULL) == NULL && area_desc_eval(&t, &d2, &a2, NULL) == NULL);
        CHECK(a2.total_mm2 > a1.total_mm2);
        /* four destination ids per instruction (ld.v4) and six query
         * registers: each entry 2 x 3 x REG_W bits wider, more compares */
        sc = sbi_scoreboard_default_cfg();
        sc.ndst = 4;
        sc.qregs = 6;
        CHECK(area_desc_sbi_scoreboard(&sc, 0, 0, &d2) == NULL);
        CHECK_EQ(d2.storage_bits, (unsigned long)w * dp * (2u * (1u + 4u * rw) + 6u));
        CHECK(area_desc_eval(&t, &d2, &a2, NULL) == NULL);
        CHECK(a2.total_mm2 > a1.total_mm2);
        CHECK(area_desc_sbi_scoreboard(&sc, 1, 0, &d2) == NULL);
        CHECK_EQ(d2.storage_bits, 2ul * w * dp * (1u + 4u * rw));
    }
}

TEST(module_lookup_for_yosys)
{
    area_desc d;
    char err[256];
    const char *pn[4] = {"WARPS", "LANES", "DEPTH", "PC_W"};
    unsigned pv[4] = {4, 8, 4, 8};
    double comb;
    unsigned long flops;
    area_tech t = T(40);
    CHECK(area_desc_module("simt_stack", pn, pv, 4, 1, &d, err, sizeof err) == NULL);
    area_desc_logic_view(&t, &d, &comb, &flops);
    /* what verilog/simt_stack.v holds: 16 entries x 24 bits + 4 x 3-bit depths */
    CHECK_EQ(flops, 4 * 4 * 24 + 4 * 3);
    CHECK(comb > 0);
    {
        const char *ln[4] = {"LANES", "ENTRIES", "WIDTH", "REGS"};
        unsigned lv[4] = {4, 8, 8, 2};
        area_desc s1, s2, s3;
        area_result a1, a2, a3;
        CHECK(area_desc_module("lane_regfile", ln, lv, 4, 1, &d, err, sizeof err) == NULL);
        area_desc_logic_view(&t, &d, &comb, &flops);
        /* verilog/lane_regfile.v: banks 4x8x8, read registers 4x2x8, rvalid,
         * done, req (the request's lanes), rsel (4 x 2 bits), swizzle, 32-bit
         * conflict counter, the scalar ports' s0, s1, sb (2 bits) = 377,
         * Yosys's count (make area-yosys) */
        CHECK_EQ(flops, 256 + 64 + 4 + 4 + 4 + 8 + 1 + 32 + 2 + 2);
        {
            /* 002 sec. 4.1: the scalar addressing mode costs logic, not
             * storage (the scalar registers share the banks' rows) */
            const char *sn[5] = {"LANES", "ENTRIES", "WIDTH", "REGS", "SREGS"};
            unsigned sv[5] = {4, 8, 8, 2, 1};
            double comb0 = comb, comb1;
            unsigned long flops1;
            area_desc ds;
            CHECK(area_desc_module("lane_regfile", sn, sv, 5, 1, &ds, err, sizeof err) == NULL);
            area_desc_logic_view(&t, &ds, &comb1, &flops1);
            CHECK_EQ(flops1, flops);
            CHECK(comb1 > comb0);
            CHECK(strstr(ds.config, "scalar addressing") != NULL);
            sv[4] = 7; /* REGS + SREGS > ENTRIES */
            CHECK(area_desc_module("lane_regfile", sn, sv, 5, 1, &ds, err, sizeof err) != NULL);
        }
        /* 000 Fig. 10: one decoder < a decoder per lane < crossbar */
        CHECK(area_desc_lane_regfile(0, 0, 0, 0, LRF_ORG_SINGLE_DECODER, 0, &s1) == NULL);
        CHECK(area_desc_lane_regfile(0, 0, 0, 0, LRF_ORG_PER_LANE, 0, &s2) == NULL);
        CHECK(area_desc_lane_regfile(0, 0, 0, 0, LRF_ORG_CROSSBAR, 0, &s3) == NULL);
        CHECK_EQ(s1.storage_bits, 16ul * 512 * 32 + 16 + 2 + 4); /* + rvalid per lane, s0, s1, sb */
        area_desc_eval(&t, &s1, &a1, NULL);
        area_desc_eval(&t, &s2, &a2, NULL);
        area_desc_eval(&t, &s3, &a3, NULL);
        CHECK(a1.total_mm2 < a2.total_mm2 && a2.total_mm2 < a3.total_mm2);
        CHECK(area_desc_lane_regfile(3, 0, 0, 0, LRF_ORG_PER_LANE, 0, &s1) != NULL);
    }
    {
        const char *wn[5] = {"ENTRIES", "LANES", "PC_W", "POOL", "WAYS"};
        unsigned wv[5] = {8, 4, 8, 16, 2};
        CHECK(area_desc_module("pc_warp_lut", wn, wv, 5, 1, &d, err, sizeof err) == NULL);
        area_desc_logic_view(&t, &d, &comb, &flops);
        /* verilog/pc_warp_lut.v: 8 x {PC 8, OCC 4, IDX 4}, 8 valid, 4 LRU */
        CHECK_EQ(flops, 8 * (8 + 4 + 4) + 8 + 4);
        CHECK(comb > 0);
        wv[4] = 4; /* only 2-way is modelled */
        CHECK(area_desc_module("pc_warp_lut", wn, wv, 5, 1, &d, err, sizeof err) != NULL);
    }
    {
        const char *hn[4] = {"WARPS", "LANES", "CCT", "PC_W"};
        unsigned hv[4] = {4, 8, 8, 8};
        CHECK(area_desc_module("hct_cct_heap", hn, hv, 4, 1, &d, err, sizeof err) == NULL);
        area_desc_logic_view(&t, &d, &comb, &flops);
        /* verilog/hct_cct_heap.v: HCT 4 x {pc1, m1, v1, pc2, m2, v2, head 3},
         * CCT 8 x {cpc, cmask, nxt 3, nv, cu}, hv, lo and dcnt (4 bits) per
         * warp, free_head 3, free_cnt 4, deg_cnt 16, the sorter's busy,
         * warp 2, node 3, pc 8, pred_head, pred 3, cur 3, prev_v, prev 3 */
        CHECK_EQ(flops, 4 * (2 * (8 + 8 + 1) + 3) + 8 * (8 + 8 + 3 + 1 + 1) + 6 * 4 + 3 + 4 +
                            16 + (1 + 2 + 3 + 8 + 1 + 3 + 3 + 1 + 3));
        CHECK(comb > 0);
        hv[2] = 1; /* cct must be 2..256 (hct_cct_heap_cfg_check) */
        CHECK(area_desc_module("hct_cct_heap", hn, hv, 4, 1, &d, err, sizeof err) != NULL);
        hn[0] = "DEPTH";
        hv[2] = 8;
        CHECK(area_desc_module("hct_cct_heap", hn, hv, 4, 1, &d, err, sizeof err) != NULL);
    }
    {
        const char *pn2[6] = {"LANES", "POOL", "TID_W", "PC_W", "SCHED_W", "MAJ"};
        unsigned pv2[6] = {4, 16, 4, 8, 4, 4};
        CHECK(area_desc_module("warp_pool", pn2, pv2, 6, 1, &d, err, sizeof err) == NULL);
        area_desc_logic_view(&t, &d, &comb, &flops);
        /* verilog/warp_pool.v: 16 entries x {4 TIDs x 4, PC 8, sched 4},
         * valid, untracked, 4 lane-valid; 16 in-pool bits; free list 16 x 4,
         * head 4, free count 5; table 4 x {PC 8, count 4}, valid; a batch
         * mark per entry; untr_cnt 5, lslot 2, turn */
        CHECK_EQ(flops, 16 * (4 * 4 + 8 + 4) + 16 * 6 + 16 + 16 * 4 + 4 + 5 + 4 * (8 + 4) +
                            4 + 16 + 5 + 2 + 1);
        CHECK(comb > 0);
        pv2[1] = 12; /* POOL must be a power of two */
        CHECK(area_desc_module("warp_pool", pn2, pv2, 6, 1, &d, err, sizeof err) != NULL);
        pn2[0] = "SWIZZLE"; /* no area effect: not a --param */
        pv2[1] = 16;
        CHECK(area_desc_module("warp_pool", pn2, pv2, 6, 1, &d, err, sizeof err) != NULL);
    }
    pn[0] = "BOGUS";
    CHECK(area_desc_module("simt_stack", pn, pv, 1, 1, &d, err, sizeof err) != NULL);
    CHECK(area_desc_module("nope", pn, pv, 0, 1, &d, err, sizeof err) != NULL);
}

/* ------------------------------------------------------------ reports */

TEST(report_builds_every_paper_and_format)
{
    static area_report r;
    static const char *fmts[] = {"text", "md", "csv", "json", "svg"};
    unsigned i, j;
    CHECK(area_report_build("all", 0, NULL, NULL, &r) == NULL);
    CHECK_EQ(r.n, 5);
    for (i = 0; i < r.n; i++) {
        CHECK(r.p[i].nrows > 0);
        for (j = 0; j < r.p[i].nrows; j++) {
            const area_row *w = &r.p[i].rows[j];
            if (w->status == RS_MODELLED || w->status == RS_BASELINE)
                CHECK(isfinite(w->ours));
            if (w->status == RS_NOT_MODELLED)
                CHECK(isnan(w->ours));
        }
    }
    for (i = 0; i < 5; i++) {
        FILE *f = tmpfile();
        long len;
        CHECK(f != NULL);
        if (!f)
            continue;
        CHECK_EQ(area_report_write(f, &r, fmts[i]), 0);
        len = ftell(f);
        CHECK(len > 500);
        fclose(f);
    }
    CHECK(area_report_build("007", 0, NULL, NULL, &r) != NULL);
    CHECK(area_report_build("002", 10, NULL, NULL, &r) != NULL);
    /* --tech override scales the published figures by F^2 */
    CHECK(area_report_build("002", 22, NULL, NULL, &r) == NULL);
    CHECK(fabs(r.p[0].rows[0].published / area_pub_find("002.t1.bank256")->value -
               (22.0 / 40) * (22.0 / 40)) < 1e-12);
}


/* issue 19 item 3: every published figure appears in the report beside our
 * figure or an explicit status, the DWF rows come from dwf_cfg, and each
 * headline that contradicts its paper carries the reason. */
TEST(every_published_figure_in_the_report_with_ours_or_a_status)
{
    static area_report r;
    unsigned i, j, k, n, missing = 0;
    const area_pub *pub = area_pubs(&n);
    CHECK(area_report_build("all", 0, NULL, NULL, &r) == NULL);
    CHECK_EQ(r.n, 5);
    for (i = 0; i < n; i++) {
        int found = 0;
        for (j = 0; j < r.n && !found; j++) {
            if (strcmp(r.p[j].paper, pub[i].paper) != 0)
                continue;
            for (k = 0; k < r.p[j].nrows && !found; k++) {
                const area_row *row = &r.p[j].rows[k];
                if (strcmp(row->unit, pub[i].unit) != 0 || isnan(row->published) ||
                    fabs(row->published - pub[i].value) > 1e-9 * fmax(1.0, pub[i].value))
                    continue;
                /* our figure, or a status saying why there is none */
                if (isfinite(row->ours) || row->status == RS_NOT_MODELLED ||
                    strstr(row->note, "not modelled") || strstr(row->note, "not hardware") ||
                    strstr(row->note, "used for"))
                    found = 1;
            }
        }
        if (!found && missing++ < 10)
            printf("  %s (%g %s) is not in the report\n", pub[i].id, pub[i].value, pub[i].unit);
    }
    CHECK_EQ(missing, 0);
    /* a not-modelled row names the structure (or says none is planned) */
    for (j = 0; j < r.n; j++)
        for (k = 0; k < r.p[j].nrows; k++) {
            const area_row *row = &r.p[j].rows[k];
            if (row->status == RS_NOT_MODELLED && !strstr(row->note, "does not exist") &&
                !strstr(row->note, "planned") && !strstr(row->note, "exists") && missing++ < 10)
                printf("  %s: %s has no structure in its status\n", r.p[j].paper, row->label);
        }
    CHECK_EQ(missing, 0);
}

TEST(dwf_rows_from_dwf_cfg_and_headlines_explained)
{
    static area_report r;
    dwf_cfg dc = dwf_default_cfg();
    const area_row *ur, *urb, *sbi, *dpe;
    area_desc d;
    /* dwf_default_cfg is 000's configuration (Table 1) */
    CHECK_EQ(dc.lanes, 16);
    CHECK_EQ(dwf_threads(&dc), 256);
    CHECK_EQ(dc.pc_bits, 32);
    CHECK_EQ(dc.lut_entries, 32);
    CHECK_EQ(dc.maj_entries, 32);
    CHECK(area_report_build("000", 0, NULL, NULL, &r) == NULL);
    ur = find_row(&r.p[0], "Warp update registers");
    urb = find_row(&r.p[0], "Warp update registers storage");
    CHECK(ur && urb);
    if (!(ur && urb))
        return;
    CHECK(area_desc_dwf(&dc, AREA_DWF_UPDATE, 0, &d) == NULL);
    CHECK(fabs(ur->ours - desc_mm2(&d, 90)) < 1e-12);
    CHECK(fabs(urb->ours - area_dwf_update_reg_bits(&dc)) < 0.5);
    CHECK(fabs(urb->published - 336) < 1e-9);
    CHECK(area_report_build("all", 0, NULL, NULL, &r) == NULL);
    sbi = find_row(&r.p[1], "SBI overhead of a 15.6 mm^2 SM");
    dpe = find_row(&r.p[3], "DPE vs SPE stack area, depths observed (7 vs 11)");
    CHECK(sbi && dpe);
    if (!(sbi && dpe))
        return;
    CHECK(strstr(sbi->note, "Why") != NULL && strstr(sbi->note, "segmentation") != NULL);
    CHECK(strstr(dpe->note, "Why") != NULL && strstr(dpe->note, "ports") != NULL);
    /* the headlines do contradict their papers */
    CHECK(sbi->ours < 0.5 * sbi->published);
    CHECK(dpe->ours < -20.0);
}


/* issue 19 item 4: each sweep point is the module built from its cfg at
 * that value, the lines follow the structures, bad points are errors. */
TEST(sweep_points_are_the_modules_at_each_value)
{
    static area_sweep sw;
    static const char *const mods[2] = {"dpe_stack", "simt_stack"};
    static const unsigned xs[4] = {4, 7, 11, 16};
    const char *fn[1] = {"WARPS"};
    unsigned fv[1] = {8}, m, i;
    char err[256];
    area_tech t = T(40);
    CHECK(area_sweep_run(mods, 2, "DEPTH", xs, 4, fn, fv, 1, &t, &sw, err, sizeof err) == NULL);
    for (m = 0; m < 2; m++)
        for (i = 0; i < 4; i++) {
            const char *pn[2] = {"WARPS", "DEPTH"};
            unsigned pv[2] = {8, xs[i]};
            area_desc d;
            area_result r;
            CHECK(area_desc_module(mods[m], pn, pv, 2, 0, &d, err, sizeof err) == NULL);
            CHECK(area_desc_eval(&t, &d, &r, NULL) == NULL);
            CHECK(fabs(sw.res[m][i].total_mm2 - r.total_mm2) < 1e-15);
            CHECK_EQ(sw.bits[m][i], d.storage_bits);
            if (i)
                CHECK(sw.res[m][i].total_mm2 > sw.res[m][i - 1].total_mm2);
        }
    /* a value the cfg rejects, a module without the parameter, one point */
    {
        static const unsigned bad[2] = {64, 100};
        const char *wp[1] = {"warp_pool"};
        CHECK(area_sweep_run(wp, 1, "POOL", bad, 2, NULL, NULL, 0, &t, &sw, err, sizeof err));
        CHECK(strstr(err, "POOL=100") != NULL);
        CHECK(area_sweep_run(mods, 2, "CCT", xs, 2, NULL, NULL, 0, &t, &sw, err, sizeof err));
        CHECK(area_sweep_run(mods, 2, "DEPTH", xs, 1, NULL, NULL, 0, &t, &sw, err, sizeof err));
    }
}


/* issue 19 item 5: the one-node view needs one node, and carries every
 * mechanism's added area (one tagged row per mechanism and paper). */
TEST(node_view_one_node_every_mechanism)
{
    static area_report r;
    unsigned i, j, mech[5] = {0, 0, 0, 0, 0};
    FILE *f = tmpfile();
    CHECK(f != NULL);
    if (!f)
        return;
    CHECK(area_report_build("all", 0, NULL, NULL, &r) == NULL); /* 000 at 90, the rest at 40 */
    CHECK_EQ(area_report_write_node(f, &r, "text"), -2);
    CHECK(area_report_build("all", 40, NULL, NULL, &r) == NULL);
    CHECK_EQ(area_report_write_node(f, &r, "text"), 0);
    CHECK_EQ(area_report_write_node(f, &r, "csv"), 0);
    CHECK_EQ(area_report_write_node(f, &r, "json"), -1);
    fclose(f);
    for (i = 0; i < r.n; i++)
        for (j = 0; j < r.p[i].nrows; j++)
            if (r.p[i].rows[j].mech[0]) {
                mech[i]++;
                CHECK(strcmp(r.p[i].rows[j].unit, "mm2") == 0);
                CHECK(isfinite(r.p[i].rows[j].ours));
            }
    for (i = 0; i < 5; i++)
        CHECK(mech[i] >= 1);
    CHECK_EQ(mech[1], 3); /* SBI, SWI, SBI+SWI */
}


/* The TSIMT lane and front end (002) from their cfgs: bits are the RTL's,
 * the front end holds LANES lanes, and grows with warps, lanes and width. */
TEST(tsimt_descriptions_follow_cfg)
{
    tsimt_frontend_cfg fc = tsimt_frontend_default_cfg(), f2;
    tsimt_lane_cfg lc = tsimt_frontend_lane_cfg(&fc);
    area_desc d, dl;
    double a;
    CHECK(area_desc_tsimt_lane(&lc, 0, &dl) == NULL);
    CHECK_EQ(dl.storage_bits, lc.instr_bits + lc.wid_bits + lc.warp + 2u + tsimt_lane_grp_w(&lc));
    CHECK(area_desc_tsimt_frontend(&fc, 0, &d) == NULL);
    CHECK_EQ(d.storage_bits,
             (unsigned long)fc.warps * (fc.instr_bits + fc.warp + 2u) +
                 tsimt_frontend_lane_w(&fc) + fc.lanes * tsimt_frontend_slot_w(&fc) +
                 3ul * fc.cnt_bits + fc.lanes * dl.storage_bits);
    a = desc_mm2(&d, 40);
    CHECK(a > fc.lanes * desc_mm2(&dl, 40));
    f2 = fc;
    f2.warps *= 2;
    CHECK(area_desc_tsimt_frontend(&f2, 0, &d) == NULL && desc_mm2(&d, 40) > a);
    f2 = fc;
    f2.lanes *= 2;
    CHECK(area_desc_tsimt_frontend(&f2, 0, &d) == NULL && desc_mm2(&d, 40) > a);
    /* STSIMT4: 8 groups of 4 instead of 32 of 1: a smaller sequencer (the
     * K-wide execution unit is not part of the lane model) */
    {
        tsimt_lane_cfg l4 = lc;
        area_desc d4;
        l4.width = 4;
        CHECK(area_desc_tsimt_lane(&l4, 0, &d4) == NULL);
        CHECK(d4.item[1].ge < dl.item[1].ge);
        CHECK_EQ(d4.storage_bits, dl.storage_bits - 2); /* pos_q 3 bits instead of 5 */
    }
    f2 = fc;
    f2.lanes = 3;
    CHECK(area_desc_tsimt_frontend(&f2, 0, &d) != NULL);
}

/* 002 Table I's register files from the core's cfg (issue 16): 8 lanes of
 * 32 bits against one 256-bit lane of the same 8 ALUs, the same 32 warps of
 * 32 threads and 16 registers (64 KB), 8 banks per lane.  The geometry is
 * Table I's; the report's rows are these descriptions. */
static const area_row *row_labelled(const area_paper_report *p, const char *label)
{
    unsigned i;
    for (i = 0; i < p->nrows; i++)
        if (!strcmp(p->rows[i].label, label))
            return &p->rows[i];
    return NULL;
}

TEST(t002_regfiles_from_tsimt_cfg)
{
    tsimt_frontend_cfg lc = tsimt_frontend_default_cfg(), mc = lc, sc = lc, bad;
    area_desc dl, dm, ds;
    static area_report r;
    const area_row *row;
    double al, am, as;
    mc.lanes = 1;
    mc.width = 8;
    sc.lanes = 2; /* STSIMT4: 2 lanes of 4, the same 8 ALUs */
    sc.width = 4;
    CHECK(area_desc_tsimt_regfile(&lc, 16, 8, &dl) == NULL);
    CHECK(area_desc_tsimt_regfile(&mc, 16, 8, &dm) == NULL);
    CHECK(area_desc_tsimt_regfile(&sc, 16, 8, &ds) == NULL);
    /* 8 lanes: 64 banks of 256 x 32 b (1 KB), 8 crossbars 8x8 x 32 b */
    CHECK_EQ(dl.item[0].count, 64);
    CHECK_EQ(dl.item[0].arr.entries, 256);
    CHECK_EQ(dl.item[0].arr.width, 32);
    CHECK_EQ(dl.item[0].arr.rw, 1);
    CHECK_EQ(dl.item[1].count, 8);
    CHECK(dl.item[1].xin == 8 && dl.item[1].xout == 8 && dl.item[1].xwidth == 32);
    /* one 256-bit lane: 8 banks of 256 x 256 b (8 KB), one crossbar 8x8 x 256 b */
    CHECK_EQ(dm.item[0].count, 8);
    CHECK_EQ(dm.item[0].arr.entries, 256);
    CHECK_EQ(dm.item[0].arr.width, 256);
    CHECK_EQ(dm.item[1].count, 1);
    CHECK(dm.item[1].xin == 8 && dm.item[1].xout == 8 && dm.item[1].xwidth == 256);
    /* STSIMT4: 16 banks of 256 x 128 b, 2 crossbars x 128 b */
    CHECK(ds.item[0].count == 16 && ds.item[0].arr.entries == 256 && ds.item[0].arr.width == 128);
    CHECK(ds.item[1].count == 2 && ds.item[1].xwidth == 128);
    /* the same 64 KB in every organisation */
    CHECK_EQ(dl.storage_bits, 65536ul * 8);
    CHECK_EQ(dm.storage_bits, dl.storage_bits);
    CHECK_EQ(ds.storage_bits, dl.storage_bits);
    /* narrower lanes, smaller crossbars: 8 x 32 < 2 x 128 < 1 x 256 */
    al = desc_mm2(&dl, 40);
    am = desc_mm2(&dm, 40);
    as = desc_mm2(&ds, 40);
    printf("  002 register files at 40 nm: 8 x 32 b %.4f, 2 x 128 b %.4f, 1 x 256 b %.4f mm2\n",
           al, as, am);
    CHECK(al < as && as < am);
    /* rejected: a cfg the front end rejects, no registers or banks, and
     * registers that do not fill the banks in whole rows */
    bad = lc;
    bad.lanes = 3;
    CHECK(area_desc_tsimt_regfile(&bad, 16, 8, &ds) != NULL);
    CHECK(area_desc_tsimt_regfile(&lc, 0, 8, &ds) != NULL);
    CHECK(area_desc_tsimt_regfile(&lc, 16, 0, &ds) != NULL);
    CHECK(area_desc_tsimt_regfile(&lc, 3, 5, &ds) != NULL); /* 12288 bits, 5 x 32-bit rows */
    /* the report's Table I rows are these descriptions, status modelled */
    CHECK(area_report_build("002", 40, NULL, NULL, &r) == NULL);
    row = row_labelled(&r.p[0], "8 x 32-bit lane register files, total");
    CHECK(row != NULL && row->status == RS_MODELLED && fabs(row->ours - al) < 1e-12);
    CHECK(row != NULL && fabs(row->published - 0.4943) < 1e-12);
    row = row_labelled(&r.p[0], "Monolithic 256-bit register file, total");
    CHECK(row != NULL && row->status == RS_MODELLED && fabs(row->ours - am) < 1e-12);
    CHECK(row != NULL && fabs(row->published - 2.2667) < 1e-12);
    row = row_labelled(&r.p[0], "Crossbars, 8 of 8x8 at 32 b");
    CHECK(row != NULL && row->status == RS_MODELLED && row->ours > 0);
    {
        unsigned i, baseline = 0;
        for (i = 0; i < r.p[0].nrows; i++)
            baseline += r.p[0].rows[i].status == RS_BASELINE;
        CHECK_EQ(baseline, 0); /* no geometry-only rows left in 002 */
    }
}

TEST(published_table_is_complete)
{
    static const char *ids[] = {"000.t1.update", "000.t1.lut", "000.t1.pool", "000.t1.alloc",
                                "000.t1.issue", "000.t1.total", "000.rf.single", "000.rf.bank",
                                "000.rf.banked", "000.dwf.core", "000.dwf.chip",
                                "001.t4.base.scoreboard", "001.t4.base.hct", "001.t4.base.stack",
                                "001.t4.base.ibuf", "001.t4.sbi.scoreboard", "001.t4.sbi.hct",
                                "001.t4.sbi.cct", "001.t4.rf", "001.pct.sbi", "001.pct.swi",
                                "001.pct.both", "001.t3.hct", "001.t3.cct", "002.t1.bank256", "002.t1.banks256",
                                "002.t1.xbar256", "002.t1.total256", "002.t1.bank32",
                                "002.t1.banks32", "002.t1.xbar32", "002.t1.xbars32",
                                "002.t1.total32", "003.entry.spe", "003.entry.dpe",
                                "004.lwm.bits"};
    unsigned i, n;
    const area_pub *p = area_pubs(&n);
    for (i = 0; i < sizeof ids / sizeof ids[0]; i++)
        CHECK(area_pub_find(ids[i]) != NULL);
    /* every calibration geometry is a legal array */
    for (i = 0; i < n; i++)
        if (p[i].has_geom)
            CHECK(area_array_check(&p[i].geom) == NULL);
    /* Table 1's parts add up to its total (a typo guard) */
    CHECK(fabs(area_pub_find("000.t1.update")->value + area_pub_find("000.t1.lut")->value +
               area_pub_find("000.t1.pool")->value + area_pub_find("000.t1.alloc")->value +
               area_pub_find("000.t1.issue")->value - area_pub_find("000.t1.total")->value) <
          1e-9);
}

/* The four structures of 004 and 001 sec. 4 (issue 19 item 4, 3): bits
 * equal to the RTL's registers at the points `make area-yosys` synthesizes
 * (Yosys counts the same flip-flops), growth with their parameters, and
 * 004 sec. 3.4's 1,792 bits and 001 Table 3's SWI HCT from the cfgs. */
TEST(lwm_tls_shuffle_swi_descriptions_follow_cfg)
{
    area_tech t = T(40);
    area_desc d, d2;
    area_result a, b;
    double comb;
    unsigned long flops;
    char err[256];
    lwm_subwarp_cfg lc = lwm_subwarp_default_cfg(), l2;
    two_level_sched_cfg tc = two_level_sched_default_cfg(), t2;
    lane_shuffle_cfg sc = lane_shuffle_default_cfg(), s2;
    swi_sched_cfg wc = swi_sched_default_cfg(), w2;
    hct_cct_heap_cfg hc = hct_cct_heap_default_cfg();
    /* 004 sec. 3.4 at its configuration (the defaults): 256 + 512 + 1024 */
    CHECK_EQ(lc.large_warps, 4);
    CHECK_EQ(lc.rows * lc.cols, 256);
    CHECK_EQ(lwm_subwarp_copy_bits(&lc), 256);
    CHECK_EQ(lwm_subwarp_buffer_bits(&lc), 512);
    CHECK_EQ(lwm_subwarp_inflight_bits(&lc), 1024);
    CHECK(area_desc_lwm_subwarp(&lc, 0, &d) == NULL);
    CHECK_EQ(d.storage_bits,
             1792 + area_lwm_subwarp_ctrl_bits(&lc) + area_lwm_subwarp_stack_bits(&lc));
    /* verilog/lwm_subwarp.v at LARGE_WARPS=2 K=4 N=4 DEPTH=2 PC_W=8: copy 16,
     * in-flight 32, buffers 32, control 1+1+1+2+1+1+1+5, 2 x (wait 1 + jmp
     * 1 + pend 5), the kept branch 3 x 8, the stacks 4 x (8 + 16 + 8) and 2
     * depth counters of 2 bits: 263 flip-flops, as Yosys counts them (synth
     * -nordff, area/yosys_compare.sh) */
    l2 = lc;
    l2.large_warps = 2;
    l2.rows = 4;
    l2.cols = 4;
    l2.depth = 2;
    l2.pc_bits = 8;
    CHECK(area_desc_lwm_subwarp(&l2, 1, &d2) == NULL);
    area_desc_logic_view(&t, &d2, &comb, &flops);
    CHECK_EQ(flops, 263);
    CHECK(area_desc_eval(&t, &d, &a, NULL) == NULL && area_desc_eval(&t, &d2, &b, NULL) == NULL);
    CHECK(a.total_mm2 > b.total_mm2);
    l2 = lc;
    l2.rows = 0;
    CHECK(area_desc_lwm_subwarp(&l2, 0, &d2) != NULL);
    /* two-level: 2 + 4 x 3 + 15 = 29 bits at 004's 32 warps in groups of 8 */
    CHECK(area_desc_two_level_sched(&tc, 0, &d) == NULL);
    CHECK_EQ(d.storage_bits, 29);
    t2 = tc;
    t2.warps = 16;
    t2.group_size = 4;
    t2.timeout = 64;
    CHECK(area_desc_two_level_sched(&t2, 1, &d2) == NULL);
    area_desc_logic_view(&t, &d2, &comb, &flops);
    CHECK_EQ(flops, 2 + 4 * 2 + 6); /* verilog/two_level_sched.v there: Yosys's 16 */
    t2 = tc;
    t2.group_size = 5; /* does not divide 32 */
    CHECK(area_desc_two_level_sched(&t2, 0, &d2) != NULL);
    /* lane shuffle: no storage, logic that grows with the lanes */
    CHECK(area_desc_lane_shuffle(&sc, 0, &d) == NULL);
    CHECK_EQ(d.storage_bits, 0);
    s2 = sc;
    s2.lanes = 8;
    CHECK(area_desc_lane_shuffle(&s2, 0, &d2) == NULL);
    CHECK(area_desc_eval(&t, &d, &a, NULL) == NULL && area_desc_eval(&t, &d2, &b, NULL) == NULL);
    CHECK(a.total_mm2 > b.total_mm2 && b.total_mm2 > 0);
    s2.lanes = 6; /* not a power of two */
    CHECK(area_desc_lane_shuffle(&s2, 0, &d2) != NULL);
    /* SWI: the header's storage formula; at SETS=2 WAYS=2 LANES=8 PC_W=8:
     * 4 x (1 + 8 + 8 + 4) + 1 + 2 + 8 + 8 + 16 = 119 (Yosys's count) */
    CHECK(area_desc_swi_sched(&wc, 0, &d) == NULL);
    CHECK_EQ(d.storage_bits, area_swi_sched_bits(&wc));
    w2 = wc;
    w2.sets = 2;
    w2.ways = 2;
    w2.lanes = 8;
    w2.pc_w = 8;
    CHECK(area_desc_swi_sched(&w2, 1, &d2) == NULL);
    area_desc_logic_view(&t, &d2, &comb, &flops);
    CHECK_EQ(flops, 119);
    /* more ways: more entries to search */
    w2 = wc;
    w2.ways = wc.ways + 2;
    CHECK(area_desc_swi_sched(&w2, 0, &d2) == NULL);
    CHECK(area_desc_eval(&t, &d, &a, NULL) == NULL && area_desc_eval(&t, &d2, &b, NULL) == NULL);
    CHECK(b.total_mm2 > a.total_mm2);
    w2.sets = 3; /* not a power of two */
    CHECK(area_desc_swi_sched(&w2, 0, &d2) != NULL);
    /* SWI's HCT at 001's configuration: Table 3's 24 x 104 */
    CHECK(area_desc_swi_hct(&hc, 0, &d) == NULL);
    CHECK_EQ(d.entry_bits * hc.warps, (unsigned)area_pub_find("001.t3.swi.hct")->value);
    /* every one is a module for `logic` and `sweep` */
    CHECK(area_desc_module("two_level_sched", NULL, NULL, 0, 0, &d, err, sizeof err) == NULL);
    CHECK(area_desc_module("lwm_subwarp", NULL, NULL, 0, 0, &d, err, sizeof err) == NULL);
    CHECK(area_desc_module("lane_shuffle", NULL, NULL, 0, 0, &d, err, sizeof err) == NULL);
    CHECK(area_desc_module("swi_sched", NULL, NULL, 0, 0, &d, err, sizeof err) == NULL);
}

/* 004 sec. 3.4 and 001's SWI column from the cfgs, in the report */
TEST(report_004_storage_and_001_swi_from_cfgs)
{
    static area_report r;
    const area_row *row;
    lwm_subwarp_cfg lc = lwm_subwarp_default_cfg();
    swi_sched_cfg wc = swi_sched_default_cfg();
    hct_cct_heap_cfg hc = hct_cct_heap_default_cfg();
    area_desc d;
    CHECK(area_report_build("004", 0, NULL, NULL, &r) == NULL);
    row = find_row(&r.p[0], "Large-warp extra storage per core");
    CHECK(row && row->status == RS_MODELLED && fabs(row->ours - 1792) < 0.5 &&
          fabs(row->published - 1792) < 1e-9 && fabs(row->ratio - 1.0) < 1e-12);
    row = find_row(&r.p[0], "In-flight bit per thread");
    CHECK(row && fabs(row->ours - lwm_subwarp_inflight_bits(&lc)) < 0.5 &&
          fabs(row->published - 1024) < 1e-9);
    row = find_row(&r.p[0], "Large-warp sub-warping unit (lwm_subwarp)");
    CHECK(row && area_desc_lwm_subwarp(&lc, 0, &d) == NULL &&
          fabs(row->ours - desc_mm2(&d, 40)) < 1e-12);
    /* 004 says two-level needs no storage; ours holds 29 bits and says why */
    row = find_row(&r.p[0], "Two-level scheduling extra storage");
    CHECK(row && fabs(row->ours - 29) < 0.5 && row->published == 0 &&
          strstr(row->note, "Why not 0") != NULL);
    CHECK(area_report_build("001", 0, NULL, NULL, &r) == NULL);
    row = find_row(&r.p[0], "Scheduler, SWI, all of swi_sched");
    wc.lanes = hc.lanes;
    wc.pc_w = hc.pc_bits;
    CHECK(row && row->status == RS_MODELLED && area_desc_swi_sched(&wc, 0, &d) == NULL &&
          fabs(row->ours - desc_mm2(&d, 40)) < 1e-12 &&
          fabs(row->published - area_pub_find("001.t4.swi.scheduler")->value) < 1e-12);
    {
        /* the row in the totals: without the primary, which a baseline has */
        const area_row *add = find_row(&r.p[0], "Scheduler, SWI (swi_sched less its primary)");
        area_desc d2;
        unsigned i, prim = 0;
        CHECK(add && area_desc_swi_secondary(&wc, 0, &d2) == NULL &&
              fabs(add->ours - desc_mm2(&d2, 40)) < 1e-12 && add->ours < row->ours);
        for (i = 0; i < d2.n; i++)
            prim += strcmp(d2.item[i].name, "age matrix") == 0 ||
                    strcmp(d2.item[i].name, "primary scheduler") == 0;
        CHECK_EQ(prim, 0);
        CHECK_EQ(d2.n + 2, d.n);
        CHECK_EQ(d2.storage_bits, d.storage_bits - (unsigned long)swi_sched_warps(&wc) *
                                                       swi_sched_warps(&wc));
    }
    row = find_row(&r.p[0], "HCT, SWI (one context per warp)");
    CHECK(row && row->status == RS_MODELLED && area_desc_swi_hct(&hc, 0, &d) == NULL &&
          fabs(row->ours - desc_mm2(&d, 40)) < 1e-12);
    row = find_row(&r.p[0], "HCT storage, SWI");
    CHECK(row && fabs(row->ours - 2496) < 0.5 && fabs(row->ratio - 1.0) < 1e-12);
    row = find_row(&r.p[0], "Instruction buffer, SWI (dual-ported)");
    CHECK(row && isfinite(row->ours) && strstr(row->config, "24 x 64 b, 2R 1W") != NULL);
    /* each overhead headline says why it is below 001's */
    row = find_row(&r.p[0], "SWI overhead of a 15.6 mm^2 SM");
    CHECK(row && strstr(row->note, "Why lower than 2.9%") != NULL);
    row = find_row(&r.p[0], "SBI+SWI overhead of a 15.6 mm^2 SM");
    CHECK(row && strstr(row->note, "Why lower than 3.7%") != NULL);
    /* the other headlines that contradict their paper say why, too */
    CHECK(area_report_build("000", 0, NULL, NULL, &r) == NULL);
    row = find_row(&r.p[0], "DWF overhead per core");
    CHECK(row && row->ratio < 0.8 && strstr(row->note, "Why lower") != NULL);
    row = find_row(&r.p[0], "Overhead of a 480 mm^2 chip, 8 cores");
    CHECK(row && strstr(row->note, "Why lower") != NULL);
    CHECK(area_report_build("003", 0, NULL, NULL, &r) == NULL);
    row = find_row(&r.p[0], "Shadow bits, share of storage, 256 registers");
    CHECK(row && row->ratio > 1.2 && strstr(row->note, "Why higher") != NULL);
    CHECK(area_report_build("004", 0, NULL, NULL, &r) == NULL);
    row = find_row(&r.p[0], "Per-lane decoders: register file increase, [8]");
    CHECK(row && row->ratio > 1.2 && strstr(row->note, "Why higher") != NULL);
}

/* Scalarization's register files sized from an allocation (issue 26 sec.
 * 4, 002 sec. 4.1).  At Table I's allocation (16 vector registers, no
 * scalar) the vector file is area_desc_tsimt_regfile's, bit for bit and
 * mm2 for mm2, in both organisations; the bits are registers x threads and
 * scalar registers x warps; area grows with every size; a scalar register
 * read costs less energy than one vector register of a warp.  The per-lane
 * vs monolithic ratio is printed beside Table I's, not asserted to it. */
TEST(alloc_rf_sized_from_allocation)
{
    area_tech t = T(40);
    tsimt_frontend_cfg lc = tsimt_frontend_default_cfg(), mc = lc;
    area_rf_alloc a = {16, 0, 32, 32, 8}, b;
    area_rf_cost cl, cm, c2;
    area_desc v, sc, dl, dm;
    const area_pub *p32 = area_pub_find("002.t1.total32"), *p256 = area_pub_find("002.t1.total256");
    unsigned i;
    mc.lanes = 1;
    mc.width = 8;
    CHECK(area_desc_tsimt_regfile(&lc, 16, 8, &dl) == NULL);
    CHECK(area_desc_tsimt_regfile(&mc, 16, 8, &dm) == NULL);
    CHECK(area_alloc_rf_cost(&t, &a, 1, 8, &cl) == NULL);
    CHECK(area_alloc_rf_cost(&t, &a, 8, 8, &cm) == NULL);
    CHECK(fabs(cl.vec_mm2 - desc_mm2(&dl, 40)) < 1e-12);
    CHECK(fabs(cm.vec_mm2 - desc_mm2(&dm, 40)) < 1e-12);
    CHECK_EQ(cl.vec_bits, 16ul * 32 * 32 * 32);
    CHECK_EQ(cm.vec_bits, cl.vec_bits);
    CHECK_EQ(cl.sca_bits, 0);
    CHECK(cl.sca_mm2 == 0.0 && cl.sca_read_nj == 0.0);
    CHECK(p32 && p256);
    printf("  alloc: per-lane %.4f mm2, monolithic %.4f mm2: %.1f%% (002 Table I: %.1f%%)\n",
           cl.vec_mm2, cm.vec_mm2, cl.vec_mm2 / cm.vec_mm2 * 100.0,
           p32->value / p256->value * 100.0);
    printf("  alloc: a warp's vector register %.2f pJ (per-lane), %.2f pJ (monolithic)\n",
           cl.vec_warp_read_nj * 1e3, cm.vec_warp_read_nj * 1e3);
    CHECK(cl.vec_mm2 < cm.vec_mm2); /* Table I's direction */
    /* a scalar allocation: bits sregs x warps x 32, read once per warp */
    b = a;
    b.sregs = 6;
    CHECK(area_desc_alloc_rf(&b, 1, 8, &v, &sc) == NULL);
    CHECK_EQ(sc.storage_bits, 6ul * 32 * 32);
    CHECK_EQ(sc.item[0].count, 8);
    CHECK(area_alloc_rf_cost(&t, &b, 1, 8, &c2) == NULL);
    CHECK(c2.sca_read_nj > 0.0 && c2.sca_write_nj > 0.0);
    CHECK(c2.sca_read_nj < cl.vec_warp_read_nj);
    CHECK(c2.vec_warp_read_nj > cl.vec_row_read_nj);
    CHECK(c2.leak_mw > cl.leak_mw);
    printf("  alloc: a scalar register read %.3f pJ\n", c2.sca_read_nj * 1e3);
    /* monotonic in every size */
    for (i = 0; i < 5; i++) {
        area_rf_cost lo, hi;
        area_rf_alloc x = b, y = b;
        unsigned *fx[5] = {&x.vregs, &x.sregs, &x.warps, &x.warp, &x.lanes};
        unsigned *fy[5] = {&y.vregs, &y.sregs, &y.warps, &y.warp, &y.lanes};
        if (i == 4) { /* more lanes at the same warps: compare total bits only */
            *fy[i] = 16;
            CHECK(area_alloc_rf_cost(&t, &x, 1, 8, &lo) == NULL);
            CHECK(area_alloc_rf_cost(&t, &y, 1, 8, &hi) == NULL);
            CHECK_EQ(hi.vec_bits + hi.sca_bits, lo.vec_bits + lo.sca_bits);
            continue;
        }
        *fy[i] = 2u * *fx[i];
        CHECK(area_alloc_rf_cost(&t, &x, 1, 8, &lo) == NULL);
        CHECK(area_alloc_rf_cost(&t, &y, 1, 8, &hi) == NULL);
        CHECK(hi.vec_mm2 + hi.sca_mm2 > lo.vec_mm2 + lo.sca_mm2);
        CHECK(hi.vec_bits + hi.sca_bits > lo.vec_bits + lo.sca_bits);
    }
    /* one more register of either class costs area */
    b.vregs = 17;
    CHECK(area_alloc_rf_cost(&t, &b, 1, 8, &c2) == NULL && c2.vec_mm2 > cl.vec_mm2);
    /* rows round up to whole banks: 3 registers of 4 warps x 32 threads in
     * 8 banks = 48 rows each */
    b = a;
    b.vregs = 3;
    CHECK(area_desc_alloc_rf(&b, 1, 8, &v, &sc) == NULL);
    CHECK_EQ(v.item[0].arr.entries, 48);
    b.warp = 30; /* 4 x 30 x 3 = 360 rows: 45 per bank */
    CHECK(area_desc_alloc_rf(&b, 1, 8, &v, &sc) == NULL);
    CHECK_EQ(v.item[0].arr.entries, 45);
    /* bad allocations: one message each */
    b = a;
    b.vregs = 0;
    CHECK(area_desc_alloc_rf(&b, 1, 8, &v, &sc) != NULL);
    b = a;
    CHECK(area_desc_alloc_rf(&b, 3, 8, &v, &sc) != NULL);  /* k not a power of two */
    CHECK(area_desc_alloc_rf(&b, 16, 8, &v, &sc) != NULL); /* k does not divide lanes */
    CHECK(area_desc_alloc_rf(&b, 1, 0, &v, &sc) != NULL);
    b.warps = 12; /* 8 lanes do not divide 12 warps */
    CHECK(area_desc_alloc_rf(&b, 1, 8, &v, &sc) != NULL);
    CHECK(area_desc_alloc_rf(&b, 4, 8, &v, &sc) == NULL); /* 2 lanes of 4 do */
    b = a;
    b.sregs = 1025;
    CHECK(area_desc_alloc_rf(&b, 1, 8, &v, &sc) != NULL);
}

int main(int argc, char **argv)
{
    test_args(argc, argv);
    RUN(t002_banks_within_35pct_default_constants);
    RUN(monotonic_in_entries);
    RUN(monotonic_in_width);
    RUN(monotonic_in_ports);
    RUN(monotonic_in_banks_and_interbank_network);
    RUN(monotonic_on_random_arrays);
    RUN(cacti7_tuning_runs_within_20pct_median_50pct_worst);
    RUN(goal_area_never_larger_than_goal_delay);
    RUN(per_port_growth_follows_cell_pitch_law_15pct);
    RUN(f2_scaling_between_nodes_10pct);
    RUN(interpolated_node_between_neighbours);
    RUN(flipflops_win_only_below_documented_crossover);
    RUN(calibrate_to_000_cacti42_improves_residual);
    RUN(calibrate_recovers_a_known_profile);
    RUN(refs_csv_errors_are_reported);
    RUN(profile_roundtrip);
    RUN(tiny_and_heavily_ported_arrays_are_finite_positive);
    RUN(out_of_range_input_is_rejected);
    RUN(logic_blocks_grow_and_crossbars_scale_with_width_squared);
    RUN(simt_stack_description_follows_cfg);
    RUN(dpe_stack_and_shadow_scoreboard_descriptions);
    RUN(pc_warp_lut_description_follows_cfg);
    RUN(report_000_models_the_pc_warp_lut);
    RUN(warp_pool_description_follows_cfg);
    RUN(report_000_models_every_dwf_part);
    RUN(hct_cct_heap_description_follows_cfg);
    RUN(report_001_models_hct_and_cct);
    RUN(sbi_scoreboard_rows);
    RUN(lwm_tls_shuffle_swi_descriptions_follow_cfg);
    RUN(report_004_storage_and_001_swi_from_cfgs);
    RUN(module_lookup_for_yosys);
    RUN(report_builds_every_paper_and_format);
    RUN(published_table_is_complete);
    RUN(tsimt_descriptions_follow_cfg);
    RUN(t002_regfiles_from_tsimt_cfg);
    RUN(alloc_rf_sized_from_allocation);
    RUN(node_view_one_node_every_mechanism);
    RUN(sweep_points_are_the_modules_at_each_value);
    RUN(every_published_figure_in_the_report_with_ours_or_a_status);
    RUN(dwf_rows_from_dwf_cfg_and_headlines_explained);
    return test_summary();
}
