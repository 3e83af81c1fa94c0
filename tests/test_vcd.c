/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_vcd.c -- tests of the C VCD writer (vcd/vcd.c).
 *
 * A small VCD reader below parses a dump back into (time, signal, value)
 * samples; the tests check that what was written is what is read, that only
 * changes are dumped, that misuse is reported, and that GTKWave's vcd2fst
 * accepts the output and fst2vcd gives the same values back.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../rtl_c/bits.h"
#include "../vcd/vcd.h"
#include "check.h"

#define MAXSIG 16
#define STEPS 60

/* ------------------------------------------------------------ the reader */
typedef struct {
    int nsig;
    char name[MAXSIG][200]; /* full hierarchical name, e.g. top.sub.x */
    char id[MAXSIG][80];
    unsigned width[MAXSIG];
    uint64_t value[STEPS][MAXSIG]; /* value at time 10*k, held between changes */
    int seen_time[STEPS];
    unsigned changes; /* value-change lines after $dumpvars */
} vcd_dump;

static int find_id(const vcd_dump *d, const char *id)
{
    int i;
    for (i = 0; i < d->nsig; i++)
        if (strcmp(d->id[i], id) == 0)
            return i;
    return -1;
}

static uint64_t parse_bin(const char *s)
{
    uint64_t v = 0;
    for (; *s == '0' || *s == '1'; s++)
        v = (v << 1) | (uint64_t)(*s - '0');
    return v;
}

/* Reads a VCD whose times are multiples of 10 below 10*STEPS. 0 on success. */
static int vcd_read(const char *path, vcd_dump *d)
{
    FILE *f = fopen(path, "r");
    char line[512], scope[8][80];
    int depth = 0, k, in_defs = 1, in_dumpvars = 0;
    uint64_t cur[MAXSIG];
    long t = -1;
    if (!f)
        return -1;
    memset(d, 0, sizeof *d);
    memset(cur, 0, sizeof cur);
    while (fgets(line, sizeof line, f)) {
        char a[80], b[80], c[80], e[80];
        unsigned w;
        if (in_defs) {
            if (sscanf(line, " $scope %63s %63s", a, b) == 2 && depth < 8) {
                snprintf(scope[depth++], sizeof scope[0], "%s", b);
            } else if (strstr(line, "$upscope")) {
                depth--;
            } else if (sscanf(line, " $var %63s %u %63s %63s", a, &w, c, e) == 4) {
                int i = d->nsig++;
                char full[200] = "";
                if (i >= MAXSIG)
                    return -2;
                for (k = 0; k < depth; k++) {
                    strncat(full, scope[k], sizeof full - strlen(full) - 2);
                    strcat(full, ".");
                }
                strncat(full, e, sizeof full - strlen(full) - 1);
                snprintf(d->name[i], sizeof d->name[i], "%s", full);
                snprintf(d->id[i], sizeof d->id[i], "%s", c);
                d->width[i] = w;
            } else if (strstr(line, "$enddefinitions")) {
                in_defs = 0;
            }
            continue;
        }
        if (line[0] == '#') {
            long nt = atol(line + 1);
            for (k = (int)(t < 0 ? 0 : t / 10); k < STEPS && k * 10L < nt; k++)
                memcpy(d->value[k], cur, sizeof cur);
            t = nt;
            if (nt % 10 == 0 && nt / 10 < STEPS)
                d->seen_time[nt / 10] = 1;
        } else if (strstr(line, "$dumpvars")) {
            in_dumpvars = 1;
        } else if (strstr(line, "$end")) {
            in_dumpvars = 0;
        } else if (line[0] == 'b' && sscanf(line, "b%79s %79s", a, b) == 2) {
            int i = find_id(d, b);
            if (i < 0)
                return -3;
            cur[i] = parse_bin(a);
            d->changes += !in_dumpvars && t > 0;
        } else if ((line[0] == '0' || line[0] == '1') && sscanf(line + 1, "%63s", b) == 1) {
            int i = find_id(d, b);
            if (i < 0)
                return -3;
            cur[i] = (uint64_t)(line[0] - '0');
            d->changes += !in_dumpvars && t > 0;
        }
    }
    for (k = (int)(t < 0 ? 0 : t / 10); k < STEPS; k++)
        memcpy(d->value[k], cur, sizeof cur);
    fclose(f);
    return 0;
}

static int sig_index(const vcd_dump *d, const char *name)
{
    int i;
    for (i = 0; i < d->nsig; i++)
        if (strcmp(d->name[i], name) == 0)
            return i;
    return -1;
}

/* ------------------------------------------------------------- the writer */
static const char *const names[] = {"top.clk1", "top.v7", "top.sub.v32", "top.sub.deep.v64",
                                    "top.after"};
static const unsigned widths[] = {1, 7, 32, 64, 3};

static uint64_t expected[STEPS][5];

static void fill_expected(void)
{
    uint64_t x = 0x1234567u;
    int k, i;
    for (k = 0; k < STEPS; k++)
        for (i = 0; i < 5; i++) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            /* hold values for a few steps so "only changes" is visible */
            expected[k][i] = (k % 3 == 0 || k == 0) ? bits_trunc(x, widths[i])
                                                    : expected[k - 1][i];
        }
    expected[5][3] = ~(uint64_t)0; /* all 64 bits set */
    expected[6][3] = 0;
}

static int write_sample(const char *path)
{
    vcd_writer *w = vcd_open(path, "1ns");
    int k;
    if (!w)
        return -1;
    for (k = 0; k < STEPS; k++) {
        vcd_time(w, (uint64_t)k * 10u);
        vcd_scope(w, "top");
        vcd_sig(w, "clk1", 1, expected[k][0]);
        vcd_sig(w, "v7", 7, expected[k][1]);
        vcd_scope(w, "sub");
        vcd_sig(w, "v32", 32, expected[k][2]);
        vcd_scope(w, "deep");
        vcd_sig(w, "v64", 64, expected[k][3]);
        vcd_upscope(w);
        vcd_upscope(w);
        vcd_sig(w, "after", 3, expected[k][4]);
        vcd_upscope(w);
    }
    CHECK(vcd_error(w) == NULL);
    CHECK_EQ(vcd_count(w), 5);
    return vcd_close(w);
}

static void compare_dump(const vcd_dump *d)
{
    int i, k;
    for (i = 0; i < 5; i++) {
        int j = sig_index(d, names[i]);
        if (j < 0)
            printf("  signal %s not found\n", names[i]);
        CHECK(j >= 0);
        if (j < 0)
            continue;
        CHECK_EQ(d->width[j], widths[i]);
        for (k = 0; k < STEPS; k++)
            if (d->value[k][j] != expected[k][i]) {
                CHECK_EQ(d->value[k][j], expected[k][i]); /* report the first only */
                printf("  (signal %s at time %d)\n", names[i], k * 10);
                break;
            }
    }
}

TEST(values_survive_our_reader)
{
    vcd_dump d;
    unsigned k, i, changes = 0;
    CHECK_EQ(write_sample("out/test_vcd.vcd"), 0);
    CHECK_EQ(vcd_read("out/test_vcd.vcd", &d), 0);
    CHECK_EQ(d.nsig, 5);
    compare_dump(&d);
    /* only changed values are dumped */
    for (k = 1; k < STEPS; k++)
        for (i = 0; i < 5; i++)
            changes += expected[k][i] != expected[k - 1][i];
    CHECK_EQ(d.changes, changes);
    /* time stamps only where something changed */
    CHECK_EQ(d.seen_time[1], 0);
    CHECK_EQ(d.seen_time[3], 1);
}

TEST(header_has_timescale_and_nested_scopes)
{
    FILE *f = fopen("out/test_vcd.vcd", "r");
    char buf[4096];
    size_t n;
    CHECK(f != NULL);
    if (!f)
        return;
    n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    CHECK(strstr(buf, "$timescale 1ns $end") != NULL);
    CHECK(strstr(buf, "$scope module deep $end") != NULL);
    CHECK(strstr(buf, "$var wire 64 ") != NULL);
    CHECK(strstr(buf, "$enddefinitions $end") != NULL);
}

TEST(round_trip_through_gtkwave_fst)
{
    vcd_dump d;
    int rc;
    CHECK_EQ(write_sample("out/test_vcd.vcd"), 0);
    rc = system("vcd2fst out/test_vcd.vcd out/test_vcd.fst >out/test_vcd.log 2>&1");
    CHECK_EQ(rc, 0);
    rc = system("fst2vcd out/test_vcd.fst >out/test_vcd_back.vcd 2>>out/test_vcd.log");
    CHECK_EQ(rc, 0);
    CHECK_EQ(vcd_read("out/test_vcd_back.vcd", &d), 0);
    compare_dump(&d);
}

TEST(misuse_is_reported)
{
    vcd_writer *w = vcd_open("out/test_vcd_bad.vcd", "1ps");
    CHECK(w != NULL);
    if (!w)
        return;
    vcd_time(w, 0);
    vcd_sig(w, "a", 4, 3);
    vcd_sig(w, "b", 1, 1);
    vcd_time(w, 1);
    vcd_sig(w, "a", 4, 5);
    vcd_sig(w, "c", 1, 0); /* not the declared name */
    CHECK(vcd_error(w) != NULL);
    CHECK_EQ(vcd_close(w), -1);

    w = vcd_open("out/test_vcd_bad.vcd", "1ps");
    vcd_time(w, 5);
    vcd_sig(w, "a", 65, 0); /* too wide */
    CHECK(vcd_error(w) != NULL);
    vcd_close(w);

    w = vcd_open("out/test_vcd_bad.vcd", "1ps");
    vcd_time(w, 5);
    vcd_sig(w, "a", 1, 0);
    vcd_time(w, 5); /* time must increase */
    CHECK(vcd_error(w) != NULL);
    vcd_close(w);

    CHECK(vcd_open("/nonexistent-dir/x.vcd", "1ns") == NULL);
}

TEST(bits_helpers)
{
    CHECK_EQ(bits_mask(0), 0);
    CHECK_EQ(bits_mask(5), 0x1f);
    CHECK_EQ(bits_mask(64), ~(uint64_t)0);
    CHECK_EQ(bits_popcount(0xf0f0), 8);
    CHECK_EQ(bits_popcount(~(uint64_t)0), 64);
    CHECK_EQ(bits_ffs(0), 64);
    CHECK_EQ(bits_ffs(0x50), 4);
    CHECK_EQ(bits_ffs((uint64_t)1 << 63), 63);
    CHECK_EQ(bits_fls(0x50), 6);
    CHECK_EQ(bits_fls(0), 64);
    CHECK_EQ(bits_lowest(0x58), 0x8);
    CHECK_EQ(bits_field(0xabcd, 4, 8), 0xbc);
    CHECK_EQ(bits_insert(0xabcd, 4, 8, 0x12), 0xa12d);
    CHECK_EQ(bits_insert(0, 60, 8, 0xff), 0xf000000000000000ull);
    CHECK_EQ(bits_get(0x4, 2), 1);
    CHECK_EQ(bits_get(0x4, 64), 0);
    CHECK_EQ(bits_put(0, 63, 1), 0x8000000000000000ull);
    CHECK(bits_subset(0x5, 0x7));
    CHECK(!bits_subset(0x9, 0x7));
    CHECK_EQ(bits_width_for(16), 5);
    CHECK_EQ(bits_width_for(15), 4);
    CHECK_EQ(bits_width_for(0), 1);
    CHECK_EQ(bits_index_width(48), 6);
    CHECK_EQ(bits_index_width(64), 6);
    CHECK_EQ(bits_index_width(1), 1);
    CHECK_EQ(bits_trunc(0x1ff, 8), 0xff);
}

int main(int argc, char **argv)
{
    test_args(argc, argv);
    test_needs_out(argv[0]);
    (void)system("mkdir -p out");
    fill_expected();
    RUN(values_survive_our_reader);
    RUN(header_has_timescale_and_nested_scopes);
    RUN(round_trip_through_gtkwave_fst);
    RUN(misuse_is_reported);
    RUN(bits_helpers);
    return test_summary();
}
