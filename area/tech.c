/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tech.c -- technology table, interpolation and calibration profiles.
 *
 * Models: the process constants of tech.h.  Sources: CACTI 6.5/7.0
 * tech_params (cells and wire pitches in F), NanGate 45 nm Open Cell
 * Library (gate equivalents).  Validity: 22..90 nm, interpolated in log F.
 * Departures: cell and wire constants are the same F-normalized values at
 * every node, as in CACTI; the circuit constants (decoder strip, sense amp,
 * write driver, their load terms, the bank-edge latches and timing, the
 * delay goal's subarray limits) are our own physical parameters in F and
 * GE, fitted once (issue 19) to 24 of the 36 CACTI 7.0 runs of
 * tests/data/cacti7_tuning.csv (a least-squares fit in log area, pulled
 * toward round starting values) and rounded; the other 12 runs only check
 * them.  No paper's published area appears here (see README.md).
 */
#include "tech.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* F-normalized rows, one per node.  The values are the CACTI ones at every
 * node (CACTI itself does not vary them); they are a table so that a node
 * can be given its own values without touching the models. */
static const area_node tech_table[] = {
    /*  nm   cell  asp   cam  asp   loc  semi glob  ge_f2  vdd  i_off */
    {90.0, 146.0, 1.46, 292.0, 2.92, 2.5, 4.0, 8.0, 394.0, 1.20, 503},
    {65.0, 146.0, 1.46, 292.0, 2.92, 2.5, 4.0, 8.0, 394.0, 1.10, 2329},
    {45.0, 146.0, 1.46, 292.0, 2.92, 2.5, 4.0, 8.0, 394.0, 1.00, 3230},
    {40.0, 146.0, 1.46, 292.0, 2.92, 2.5, 4.0, 8.0, 394.0, 0.96, 3305},
    {32.0, 146.0, 1.46, 292.0, 2.92, 2.5, 4.0, 8.0, 394.0, 0.90, 2807},
    {22.0, 146.0, 1.46, 292.0, 2.92, 2.5, 4.0, 8.0, 394.0, 0.80, 2093},
};

static const area_consts default_consts = {
    .dec_base_f = 100.0,
    .dec_bit_f = 25.0,
    .dec_load_f = 0.10,
    .col_pre_f = 16.0,
    .col_sa_f = 130.0,
    .col_wd_f = 72.0,
    .col_load_f = 0.11,
    .col_sld_f = 40.0,
    .ml_sense_f = 60.0,
    .io_ge = 5.4,
    .addr_ge = 7.5,
    .timing_ge = 37.0,
    .area_max_rows = 512,
    .area_max_cols = 1024,
    .delay_max_rows = 128,
    .delay_max_cols = 128,
    .max_mux = 16,
    .chan_k = 1.0,
    .logic_util = 0.70,
    .xbar_tracks = 2.0,
    .ge_inv = 0.67,
    .ge_nand2 = 1.00,
    .ge_and2 = 1.33,
    .ge_or2 = 1.33,
    .ge_xor2 = 2.00,
    .ge_mux2 = 2.33,
    .ge_ha = 3.33,
    .ge_fa = 5.33,
    .ge_dff = 5.67,
    .ge_ml_sense = 2.0,
    .e_dec = 33.5,
    .e_wl = 0.474,
    .e_bl_rd = 0.107,
    .e_bl_wr = 0.271,
    .e_sa = 24.4,
    .e_wd = 210,
    .e_wire = 0.115,
    .e_abc = 0.104,
    .e_sl = 0.135,
    .e_ml = 1.28,
    .e_mls = 83,
    .c_ge = 110.0,
    .act_logic = 0.15,
    .l_cell = 1,
    .l_port = 0.0542,
    .l_peri = 0.0012,
    .l_route = 3.66e-05,
};

static const char *const class_names[AC_N] = {
    "cells", "decoders", "sense_drivers", "control", "routing", "logic",
};

static const char *const class_descs[AC_N] = {
    "SRAM/CAM bit cells",
    "row decoders and wordline drivers",
    "precharge, column mux, sense amps, write and search-line drivers",
    "subarray corners (decoder x column strip), timing, address latches",
    "H-trees inside and between banks, crossbar wiring",
    "standard cells: flip-flops, muxes, comparators, match and priority logic",
};

const area_node *area_tech_table(unsigned *n)
{
    if (n)
        *n = (unsigned)(sizeof tech_table / sizeof tech_table[0]);
    return tech_table;
}

/* The built-in constants, with the measuring switch applied (issue 29
 * item 3): AREA_X_CHAN, when set, overrides chan_k. */
const area_consts *area_default_consts(void)
{
    static area_consts c;
    static int done;
    if (!done) {
        const char *x = getenv("AREA_X_CHAN");
        c = default_consts;
        if (x && *x)
            c.chan_k = atof(x);
        done = 1;
    }
    return &c;
}

void area_profile_default(area_profile *p)
{
    unsigned i;
    for (i = 0; i < AC_N; i++)
        p->k[i] = 1.0;
}

const char *area_goal_name(area_goal g) { return g == AREA_GOAL_AREA ? "area" : "delay"; }

const char *area_class_name(unsigned cls) { return cls < AC_N ? class_names[cls] : "?"; }
const char *area_class_desc(unsigned cls) { return cls < AC_N ? class_descs[cls] : "?"; }

static double lerp(double a, double b, double u) { return a + (b - a) * u; }

void area_tech_interp(double nm, unsigned *row, double *u)
{
    unsigned n, i;
    const area_node *tab = area_tech_table(&n);
    for (i = 0; i + 1 < n; i++)
        if (nm <= tab[i].nm && nm >= tab[i + 1].nm)
            break;
    if (i + 1 >= n) {
        *row = n - 1;
        *u = 0.0;
    } else {
        *row = i;
        *u = (log(tab[i].nm) - log(nm)) / (log(tab[i].nm) - log(tab[i + 1].nm));
    }
}

const char *area_tech_at(double nm, const area_profile *p, area_tech *t)
{
    unsigned n, i;
    double u;
    const area_node *tab = area_tech_table(&n);
    if (!(nm >= AREA_TECH_MIN_NM && nm <= AREA_TECH_MAX_NM))
        return "tech must be 22..90 nm (the table covers 90, 65, 45, 40, 32, 22)";
    memset(t, 0, sizeof *t);
    area_tech_interp(nm, &i, &u);
    if (u == 0.0) {
        t->node = tab[i];
    } else {
        const area_node *a = &tab[i], *b = &tab[i + 1];
        t->node.nm = nm;
        t->node.cell_f2 = lerp(a->cell_f2, b->cell_f2, u);
        t->node.cell_aspect = lerp(a->cell_aspect, b->cell_aspect, u);
        t->node.cam_f2 = lerp(a->cam_f2, b->cam_f2, u);
        t->node.cam_aspect = lerp(a->cam_aspect, b->cam_aspect, u);
        t->node.pitch_local_f = lerp(a->pitch_local_f, b->pitch_local_f, u);
        t->node.pitch_semi_f = lerp(a->pitch_semi_f, b->pitch_semi_f, u);
        t->node.pitch_global_f = lerp(a->pitch_global_f, b->pitch_global_f, u);
        t->node.ge_f2 = lerp(a->ge_f2, b->ge_f2, u);
        t->node.vdd = lerp(a->vdd, b->vdd, u);
        t->node.i_off = lerp(a->i_off, b->i_off, u);
    }
    t->node.nm = nm;
    t->c = *area_default_consts();
    if (p)
        t->prof = *p;
    else
        area_profile_default(&t->prof);
    t->goal = AREA_GOAL_DELAY;
    t->f_um = nm / 1000.0;
    t->f2_mm2 = t->f_um * t->f_um * 1e-6;
    return NULL;
}

double area_ge_to_mm2(const area_tech *t, double ge)
{
    return ge * t->node.ge_f2 * t->f2_mm2 / t->c.logic_util;
}

double area_fj_nj(const area_tech *t, double c)
{
    return c * t->f_um * t->node.vdd * t->node.vdd * 1e-6;
}

double area_ge_op_nj(const area_tech *t, double ge)
{
    return area_fj_nj(t, ge * t->c.c_ge * t->c.act_logic);
}

double area_width_leak_mw(const area_tech *t, double w)
{
    /* w F of width = w * F_um um; nA * V = nW = 1e-6 mW */
    return w * t->f_um * t->node.i_off * t->node.vdd * 1e-6;
}

double area_ge_leak_mw(const area_tech *t, double ge)
{
    return area_width_leak_mw(t, ge * t->node.ge_f2 / t->c.logic_util * t->c.l_peri);
}

const char *area_profile_load(const char *path, area_profile *p, char *err, size_t errlen)
{
    FILE *f = fopen(path, "r");
    char line[512];
    unsigned lineno = 0, seen = 0;
    area_profile_default(p);
    if (!f) {
        snprintf(err, errlen, "--profile %s: cannot open: %s", path, strerror(errno));
        return err;
    }
    while (fgets(line, sizeof line, f)) {
        char key[64];
        char *s = line, *end;
        unsigned i;
        double v;
        int found = 0;
        lineno++;
        while (*s == ' ' || *s == '\t')
            s++;
        if (*s == '#' || *s == '\n' || *s == '\r' || *s == '\0')
            continue;
        if (sscanf(s, "%63s", key) != 1)
            continue;
        s += strlen(key);
        errno = 0;
        v = strtod(s, &end);
        while (*end == ' ' || *end == '\t' || *end == '\r' || *end == '\n')
            end++;
        if (end == s || *end != '\0' || errno != 0 || !(v > 0.0) || !(v < 1e6)) {
            snprintf(err, errlen, "--profile %s line %u: '%s' needs a positive number", path,
                     lineno, key);
            fclose(f);
            return err;
        }
        for (i = 0; i < AC_N; i++) {
            char want[64];
            snprintf(want, sizeof want, "k_%s", class_names[i]);
            if (strcmp(want, key) == 0) {
                p->k[i] = v;
                found = 1;
                seen++;
            }
        }
        if (!found) {
            snprintf(err, errlen, "--profile %s line %u: unknown key '%s'", path, lineno, key);
            fclose(f);
            return err;
        }
    }
    fclose(f);
    if (seen == 0) {
        snprintf(err, errlen, "--profile %s: no k_<class> lines", path);
        return err;
    }
    return NULL;
}

int area_profile_save(const char *path, const area_profile *p, const char *comment)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    return area_profile_write(f, p, comment);
}

int area_profile_write(FILE *f, const area_profile *p, const char *comment)
{
    unsigned i;
    for (i = 0; i < AC_N; i++)
        if (!isfinite(p->k[i]) || !(p->k[i] > 0)) {
            fclose(f);
            return -1;
        }
    fprintf(f, "# area estimator profile: one multiplier per component class\n");
    if (comment)
        fprintf(f, "# %s\n", comment);
    for (i = 0; i < AC_N; i++)
        fprintf(f, "k_%s %.6g\n", class_names[i], p->k[i]);
    return fclose(f) == 0 ? 0 : -1;
}
