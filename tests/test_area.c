/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_area.c -- tests of the array and logic model of the area estimator
 * (area/array.c, tech.c, logic.c, calib.c, afit.c).
 *
 * What it checks (issues 7, 19, 29): 002 Table I per-bank SRAM within
 * +-35% with the default constants; the CACTI 7 runs within the stated
 * median and worst errors; area monotonic in entries, width, ports, banks
 * and on random arrays; the per-port growth follows the cell-pitch law
 * within 15%; F^2 scaling between nodes within 10%; flip-flops win only
 * below the documented crossover; `calibrate` fitted to the 000 CACTI 4.2
 * figures improves the residual and recovers a known profile; tiny and
 * heavily multi-ported arrays give finite positive areas; out-of-range
 * input is rejected; logic and crossbars scale.  The structure
 * descriptions are tested in test_area_structs.c, the per-paper reports in
 * test_area_papers.c.  Published numbers come from the table in
 * area/papers.c (area_pub_find), never typed here; tolerances are stated
 * at each check.
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
 * other 12; the bounds are asserted on all 36 and on each part. */
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
                /* the network: b banks cost more than b single banks, and
                 * (without the channel floor, whose wires are in the routing
                 * class too and can absorb a bank's own) the routing class
                 * holds more than b banks' worth */
                if (b > 1) {
                    area_array one = A(AK_RAM, ns[i] / b, ws[j], 0, 2, 1, 0, 1);
                    area_result r1, r0, r10;
                    area_tech t0 = t;
                    t0.c.chan_k = 0.0;
                    area_array_eval(&t, &one, &r1);
                    area_array_eval(&t0, &a, &r0);
                    area_array_eval(&t0, &one, &r10);
                    if (!(r.total_mm2 > b * r1.total_mm2) && bad++ < 5)
                        printf("  n=%lu w=%u banks %u: not above %u single banks\n", ns[i], ws[j],
                               b, b);
                    if (!(r0.cls[AC_ROUTE] > b * r10.cls[AC_ROUTE]) && bad++ < 5)
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
/* The channel floor (issue 29 item 3, area/README.md eleventh pass): a
 * shallow, wide, multi-ported bank is at least its cells plus a channel of
 * every port's address and word across one word's width.  It raises 000's
 * warp pool (256 x 1280, 1RW + 2W, 90 nm) to within 10% of CACTI 7's
 * 4.809 mm2 (2.12 without it), leaves a narrow single-port array alone, puts
 * the extra area in the routing class, and changes no energy or leakage
 * (they follow the organisation, which the floor does not pick here). */
TEST(channel_floor_on_wide_multiport_banks)
{
    area_tech t = T(90), t0 = T(90);
    area_array wp = A(AK_RAM, 256, 1280, 1, 0, 2, 0, 1), narrow = A(AK_RAM, 256, 32, 1, 0, 0, 0, 1);
    area_result r, r0, n1, n0;
    t0.c.chan_k = 0.0;
    CHECK(t.c.chan_k == 1.0);
    area_array_eval(&t, &wp, &r);
    area_array_eval(&t0, &wp, &r0);
    printf("  warp pool 256 x 1280 1RW+2W at 90 nm: %.3f mm2 (without the floor %.3f; CACTI 7 4.809)\n",
           r.total_mm2, r0.total_mm2);
    CHECK(fabs(r.total_mm2 / 4.809 - 1) < 0.10 && r0.total_mm2 / 4.809 - 1 < -0.5);
    CHECK(r.cls[AC_ROUTE] - r0.cls[AC_ROUTE] > 0.99 * (r.total_mm2 - r0.total_mm2));
    CHECK(r.read_nj == r0.read_nj && r.write_nj == r0.write_nj && r.leak_mw == r0.leak_mw);
    CHECK(r.mux == r0.mux && r.subarrays == r0.subarrays);
    area_array_eval(&t, &narrow, &n1);
    area_array_eval(&t0, &narrow, &n0);
    CHECK(n1.total_mm2 == n0.total_mm2);
}

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

int main(int argc, char **argv)
{
    test_args(argc, argv);
    test_needs_out(argv[0]);
    RUN(t002_banks_within_35pct_default_constants);
    RUN(monotonic_in_entries);
    RUN(monotonic_in_width);
    RUN(monotonic_in_ports);
    RUN(monotonic_in_banks_and_interbank_network);
    RUN(monotonic_on_random_arrays);
    RUN(channel_floor_on_wide_multiport_banks);
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
    return test_summary();
}
