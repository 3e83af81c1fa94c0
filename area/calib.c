/* SPDX-License-Identifier: Apache-2.0 */
/*
 * calib.c -- reference CSV reader and least-squares fit of the profile.
 *
 * Model and validity: see calib.h.  Source of the method: ordinary
 * constrained linear least squares (projected coordinate descent on a
 * convex quadratic).  Departures: the fit scales whole component classes;
 * it cannot change how an array is organised, only what each part costs.
 */
#include "calib.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define K_MIN 0.01
#define K_MAX 100.0

enum col {
    C_KIND, C_TECH, C_ENTRIES, C_WIDTH, C_RW, C_RD, C_WR, C_SEARCH, C_BANKS, C_AREA, C_WAYS,
    C_TAG, C_LABEL, C_ACCESS, C_RD_E, C_WR_E, C_SE_E, C_LEAK, C_GLEAK,
    C_PART0, C_ORG0 = C_PART0 + AREA_CP_N, C_GEOM0 = C_ORG0 + AREA_CO_N,
    C_N = C_GEOM0 + AREA_CG_N
};
static const char *const col_names[C_N] = {
    "kind", "tech_nm", "entries", "width_bits", "rw_ports", "rd_ports", "wr_ports",
    "search_ports", "banks", "area_mm2", "ways", "tag_bits", "label", "access_ns",
    "read_energy_nJ", "write_energy_nJ", "search_energy_nJ", "leakage_mW", "gate_leakage_mW",
    "decoder_nJ", "wordline_nJ", "bitline_mux_nJ", "sa_mux_nJ", "precharge_nJ", "bitlines_nJ",
    "sense_amp_nJ", "subarray_out_nJ", "htree_nJ", "other_nJ",
    "ndwl", "ndbl", "nspd", "ndcm",
    "mat_h_mm", "mat_w_mm", "sub_h_mm", "sub_w_mm",
};
/* The column names of CACTI run tables (tests/data/cacti7_tuning.csv) */
static const struct {
    const char *alias;
    enum col col;
} col_aliases[] = {{"type", C_KIND}, {"name", C_LABEL}};
#define C_REQUIRED 10
/* Columns without a header: the first 13 named above (not access_ns or the
 * energy columns) */
#define C_NOHDR C_ACCESS

static int col_lookup(const char *s)
{
    unsigned c;
    for (c = 0; c < C_N; c++)
        if (strcmp(s, col_names[c]) == 0)
            return (int)c;
    for (c = 0; c < sizeof col_aliases / sizeof col_aliases[0]; c++)
        if (strcmp(s, col_aliases[c].alias) == 0)
            return (int)col_aliases[c].col;
    return -1;
}

static char *trim(char *s)
{
    char *e;
    while (*s == ' ' || *s == '\t')
        s++;
    e = s + strlen(s);
    while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r' || e[-1] == '\n'))
        *--e = '\0';
    return s;
}

static int parse_ulong(const char *s, unsigned long max, unsigned long *out)
{
    char *end;
    unsigned long v;
    if (*s == '\0' || *s == '-' || *s == '+')
        return -1;
    errno = 0;
    v = strtoul(s, &end, 10);
    if (errno || *end != '\0' || v > max)
        return -1;
    *out = v;
    return 0;
}

static int parse_double(const char *s, double *out)
{
    char *end;
    double v;
    if (*s == '\0')
        return -1;
    errno = 0;
    v = strtod(s, &end);
    if (errno || *end != '\0' || !isfinite(v))
        return -1;
    *out = v;
    return 0;
}

/* Splits at commas in place; returns the field count (at most max). */
static unsigned split(char *line, char **f, unsigned max)
{
    unsigned n = 0;
    char *s = line;
    while (n < max) {
        char *c = strchr(s, ',');
        f[n++] = s;
        if (!c)
            break;
        *c = '\0';
        s = c + 1;
    }
    return n;
}

const char *area_refs_parse(const char *text, const char *name, area_ref *rows, unsigned max,
                            unsigned *n, char *err, size_t errlen)
{
    int map[C_N];
    int have_header = 0, first = 1;
    unsigned lineno = 0, i, ncols = C_NOHDR;
    const char *p = text;
    *n = 0;
    for (i = 0; i < C_N; i++)
        map[i] = (int)i; /* default order */
    while (*p) {
        char buf[1024], *line, *fields[C_N + 1];
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        unsigned nf;
        int is_header;
        area_ref r;
        unsigned long u;
        int fa = 0, dm = 0;
        lineno++;
        if (len >= sizeof buf) {
            snprintf(err, errlen, "%s line %u: line too long", name, lineno);
            return err;
        }
        memcpy(buf, p, len);
        buf[len] = '\0';
        p = nl ? nl + 1 : p + len;
        line = trim(buf);
        if (*line == '\0' || *line == '#')
            continue;
        {
            unsigned commas = 0;
            const char *q;
            for (q = line; *q; q++)
                commas += *q == ',';
            if (commas >= C_N) {
                snprintf(err, errlen, "%s line %u: %u fields, more than the %u columns known",
                         name, lineno, commas + 1, (unsigned)C_N);
                return err;
            }
        }
        nf = split(line, fields, C_N);
        for (i = 0; i < nf; i++)
            fields[i] = trim(fields[i]);
        is_header = first && col_lookup(fields[0]) >= 0; /* a header line names columns */
        if (is_header) {
            for (i = 0; i < C_N; i++)
                map[i] = -1;
            for (i = 0; i < nf; i++) {
                int c = col_lookup(fields[i]);
                if (c < 0) {
                    snprintf(err, errlen, "%s line %u: unknown column '%s'", name, lineno,
                             fields[i]);
                    return err;
                }
                if (map[c] >= 0) {
                    snprintf(err, errlen, "%s line %u: duplicate column '%s'", name, lineno,
                             fields[i]);
                    return err;
                }
                map[c] = (int)i;
            }
            ncols = nf;
            for (i = 0; i < C_REQUIRED; i++)
                if (map[i] < 0) {
                    snprintf(err, errlen, "%s line %u: header lacks column '%s'", name, lineno,
                             col_names[i]);
                    return err;
                }
            have_header = 1;
            first = 0;
            continue;
        }
        first = 0;
        if (nf > ncols) {
            snprintf(err, errlen, "%s line %u: %u fields, more than the %u columns%s", name,
                     lineno, nf, ncols, have_header ? " of the header" : " known");
            return err;
        }
        if (*n >= max) {
            snprintf(err, errlen, "%s line %u: more than %u reference rows", name, lineno, max);
            return err;
        }
        memset(&r, 0, sizeof r);
        r.line = lineno;
        r.has_parts = 1;
        for (i = C_PART0; i < C_N; i++)
            if (map[i] < 0 || (unsigned)map[i] >= nf || *fields[map[i]] == '\0')
                r.has_parts = 0;
        for (i = 0; i < C_N; i++) {
            const char *v;
            int ok = 0;
            if (map[i] < 0 || (unsigned)map[i] >= nf) {
                if (i < C_REQUIRED) {
                    snprintf(err, errlen, "%s line %u: missing column '%s'", name, lineno,
                             col_names[i]);
                    return err;
                }
                continue;
            }
            v = fields[map[i]];
            if (*v == '\0' && i >= C_REQUIRED)
                continue; /* an optional column left empty (a RAM's tag_bits, ...) */
            switch (i) {
            case C_KIND:
                ok = 1;
                if (strcmp(v, "ram") == 0)
                    r.a.kind = AK_RAM;
                else if (strcmp(v, "cam") == 0)
                    r.a.kind = AK_CAM;
                else if (strcmp(v, "fa_cache") == 0) /* CACTI's fully associative cache */
                    r.a.kind = AK_CAM, fa = 1;
                else if (strcmp(v, "cache_dm") == 0) /* CACTI's direct-mapped cache: */
                    r.a.kind = AK_RAM, dm = 1; /* one array of tag and data, read by index */
                else if (strcmp(v, "ff") == 0)
                    r.a.kind = AK_FF;
                else
                    ok = 0;
                break;
            case C_TECH: ok = parse_double(v, &r.nm) == 0; break;
            case C_AREA:
                ok = parse_double(v, &r.area_mm2) == 0;
                if (ok && !(r.area_mm2 >= AREA_REF_MIN_MM2 && r.area_mm2 <= AREA_REF_MAX_MM2)) {
                    snprintf(err, errlen, "%s line %u: column 'area_mm2': '%s' is outside "
                             "%g..%g mm2", name, lineno, v, AREA_REF_MIN_MM2, AREA_REF_MAX_MM2);
                    return err;
                }
                break;
            case C_ACCESS: ok = 1; break; /* CACTI's access time: not used */
            case C_GLEAK: ok = 1; break;  /* CACTI's gate leakage: not modelled */
            case C_RD_E:
            case C_WR_E:
            case C_SE_E:
            case C_LEAK: {
                double e;
                ok = parse_double(v, &e) == 0 && e > 0 && e < 1e6;
                if (ok)
                    *(i == C_RD_E ? &r.read_nj
                                  : i == C_WR_E ? &r.write_nj
                                                : i == C_SE_E ? &r.search_nj : &r.leak_mw) = e;
                break;
            }
            case C_LABEL:
                snprintf(r.label, sizeof r.label, "%s", v);
                ok = 1;
                break;
            default:
                if (i >= C_PART0 && i < C_ORG0) {
                    double e;
                    ok = parse_double(v, &e) == 0 && e >= 0 && e < 1e6;
                    if (ok)
                        r.cacti_part[i - C_PART0] = e;
                    break;
                }
                if (i >= C_GEOM0) {
                    double e;
                    ok = parse_double(v, &e) == 0 && e > 0 && e < 1e3;
                    if (ok)
                        r.cacti_geom[i - C_GEOM0] = e;
                    break;
                }
                if (i >= C_ORG0) {
                    ok = parse_ulong(v, 65536, &u) == 0 && u > 0;
                    if (ok)
                        r.cacti_org[i - C_ORG0] = (unsigned)u;
                    break;
                }
                ok = parse_ulong(v, AREA_MAX_ENTRIES, &u) == 0;
                if (ok) {
                    if (i == C_ENTRIES)
                        r.a.entries = u;
                    else if (i == C_WIDTH)
                        r.a.width = (unsigned)u;
                    else if (i == C_RW)
                        r.a.rw = (unsigned)u;
                    else if (i == C_RD)
                        r.a.rd = (unsigned)u;
                    else if (i == C_WR)
                        r.a.wr = (unsigned)u;
                    else if (i == C_SEARCH)
                        r.a.search = (unsigned)u;
                    else if (i == C_BANKS)
                        r.a.banks = (unsigned)u;
                    else if (i == C_WAYS)
                        r.a.ways = (unsigned)u;
                    else if (i == C_TAG)
                        r.a.tag_bits = (unsigned)u;
                }
                break;
            }
            if (!ok) {
                snprintf(err, errlen, "%s line %u: column '%s': bad value '%s'", name, lineno,
                         col_names[i], v);
                return err;
            }
        }
        /* a fully associative cache searches its tags on every read port,
         * then reads the matching line: a CAM of the whole entry */
        if (fa && r.a.search == 0)
            r.a.search = r.a.rd;
        if (dm) /* its tag is read and compared outside the array */
            r.a.tag_bits = 0;
        if (!(r.nm >= AREA_TECH_MIN_NM && r.nm <= AREA_TECH_MAX_NM)) {
            snprintf(err, errlen, "%s line %u: tech_nm must be 22..90", name, lineno);
            return err;
        }
        {
            const char *e = area_array_check(&r.a);
            if (e) {
                snprintf(err, errlen, "%s line %u: %s", name, lineno, e);
                return err;
            }
        }
        if (!r.label[0])
            snprintf(r.label, sizeof r.label, "line %u", lineno);
        rows[(*n)++] = r;
    }
    (void)have_header;
    if (*n == 0) {
        snprintf(err, errlen, "%s: no reference rows", name);
        return err;
    }
    return NULL;
}

const char *area_refs_load(const char *path, area_ref *rows, unsigned max, unsigned *n, char *err,
                           size_t errlen)
{
    FILE *f = fopen(path, "rb");
    char *text;
    long len;
    const char *e;
    *n = 0;
    if (!f) {
        snprintf(err, errlen, "--refs %s: cannot open: %s", path, strerror(errno));
        return err;
    }
    if (fseek(f, 0, SEEK_END) != 0 || (len = ftell(f)) < 0 || len > (1l << 22) ||
        fseek(f, 0, SEEK_SET) != 0) {
        fclose(f);
        snprintf(err, errlen, "--refs %s: unreadable or larger than 4 MB", path);
        return err;
    }
    text = malloc((size_t)len + 1);
    if (!text) {
        fclose(f);
        snprintf(err, errlen, "--refs %s: out of memory", path);
        return err;
    }
    if (fread(text, 1, (size_t)len, f) != (size_t)len) {
        free(text);
        fclose(f);
        snprintf(err, errlen, "--refs %s: read error", path);
        return err;
    }
    fclose(f);
    text[len] = '\0';
    if (memchr(text, '\0', (size_t)len)) {
        free(text);
        snprintf(err, errlen, "--refs %s: not a text file", path);
        return err;
    }
    e = area_refs_parse(text, path, rows, max, n, err, errlen);
    free(text);
    return e;
}

/* Class areas of one row at k = 1. */
static int ref_classes(const area_ref *row, double out[AC_N])
{
    area_tech t;
    area_result r;
    unsigned g;
    if (area_tech_at(row->nm, NULL, &t) || area_array_eval(&t, &row->a, &r))
        return -1;
    for (g = 0; g < AC_N; g++)
        out[g] = r.cls[g];
    return 0;
}

double area_ref_eval(const area_ref *row, const area_profile *p)
{
    area_tech t;
    area_result r;
    if (area_tech_at(row->nm, p, &t) || area_array_eval(&t, &row->a, &r))
        return NAN;
    return r.total_mm2;
}

static int cmp_dbl(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

void area_err_stats(double *e, unsigned n, double *median, double *worst)
{
    *median = *worst = 0;
    if (!n)
        return;
    qsort(e, n, sizeof e[0], cmp_dbl);
    *median = n % 2 ? e[n / 2] : (e[n / 2 - 1] + e[n / 2]) / 2.0;
    *worst = e[n - 1];
}

static void stats(const area_ref *rows, unsigned n, const double *pred, double *rms,
                  double *worst)
{
    unsigned i;
    double s = 0;
    *worst = 0;
    for (i = 0; i < n; i++) {
        double q = pred[i] / rows[i].area_mm2;
        s += (q - 1) * (q - 1);
        if (fabs(log10(q)) > *worst)
            *worst = fabs(log10(q));
    }
    *rms = sqrt(s / n);
}

const char *area_calibrate(const area_ref *rows, unsigned n, const area_profile *start,
                           area_fit *fit)
{
    double A[AREA_REFS_MAX][AC_N];
    double k[AC_N];
    unsigned i, g, sweep;
    memset(fit, 0, sizeof *fit);
    if (n == 0 || n > AREA_REFS_MAX)
        return "calibrate: need 1..256 reference rows";
    if (start)
        fit->fitted = *start;
    else
        area_profile_default(&fit->fitted);
    for (i = 0; i < n; i++) {
        if (ref_classes(&rows[i], A[i]))
            return "calibrate: a reference row is outside the model's range";
        for (g = 0; g < AC_N; g++)
            if (A[i][g] > 0)
                fit->used[g] = 1;
    }
    for (g = 0; g < AC_N; g++)
        k[g] = fit->fitted.k[g];
    for (i = 0; i < n; i++) {
        double s = 0;
        for (g = 0; g < AC_N; g++)
            s += A[i][g] * k[g];
        fit->before[i] = s;
    }
    stats(rows, n, fit->before, &fit->rms_before, &fit->worst_before);
    for (sweep = 0; sweep < 20000; sweep++) {
        double change = 0;
        for (g = 0; g < AC_N; g++) {
            double num = 0, den = 0, kn;
            if (!fit->used[g])
                continue;
            for (i = 0; i < n; i++) {
                double a = A[i][g] / rows[i].area_mm2, b = 0;
                unsigned h;
                for (h = 0; h < AC_N; h++)
                    if (h != g)
                        b += A[i][h] * k[h];
                b /= rows[i].area_mm2;
                num += a * (1.0 - b);
                den += a * a;
            }
            if (den <= 0)
                continue;
            kn = num / den;
            if (kn < K_MIN)
                kn = K_MIN;
            if (kn > K_MAX)
                kn = K_MAX;
            change = fmax(change, fabs(kn - k[g]) / fmax(k[g], 1e-9));
            k[g] = kn;
        }
        if (change < 1e-12)
            break;
    }
    fit->sweeps = sweep;
    for (g = 0; g < AC_N; g++)
        fit->fitted.k[g] = k[g];
    for (i = 0; i < n; i++) {
        double s = 0;
        for (g = 0; g < AC_N; g++)
            s += A[i][g] * k[g];
        fit->after[i] = s;
    }
    stats(rows, n, fit->after, &fit->rms_after, &fit->worst_after);
    for (g = 0; g < AC_N; g++)
        if (!isfinite(k[g]))
            return "calibrate: the fit gave a non-finite multiplier";
    for (i = 0; i < n; i++)
        if (!isfinite(fit->before[i]) || !isfinite(fit->after[i]) || !(fit->after[i] > 0))
            return "calibrate: a fitted area is not a finite positive number";
    if (!isfinite(fit->rms_before) || !isfinite(fit->rms_after) || !isfinite(fit->worst_before) ||
        !isfinite(fit->worst_after))
        return "calibrate: the fit's residuals are not finite";
    return NULL;
}
