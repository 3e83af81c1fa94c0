/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sweep.c -- design-point sweeps (see sweep.h): each point is a structure
 * built from its cfg by area_desc_module() and costed by area_desc_eval().
 * The chart is plain SVG 1.1 (polylines, circles, text), checked in the
 * tests by converting it with rsvg-convert.
 */
#include "sweep.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

const char *area_sweep_run(const char *const *modules, unsigned nmod, const char *param,
                           const unsigned *xs, unsigned nx, const char *const *fnames,
                           const unsigned *fvalues, unsigned nfixed, const area_tech *t,
                           area_sweep *s, char *err, size_t errlen)
{
    const char *pn[AREA_SWEEP_MAX_FIXED + 1];
    unsigned pv[AREA_SWEEP_MAX_FIXED + 1], m, i, k;
    memset(s, 0, sizeof *s);
    if (nmod < 1 || nmod > AREA_SWEEP_MAX_MODULES) {
        snprintf(err, errlen, "--module: 1..%u modules", AREA_SWEEP_MAX_MODULES);
        return err;
    }
    if (nx < 2 || nx > AREA_SWEEP_MAX_POINTS) {
        snprintf(err, errlen, "--param %s: 2..%u values to sweep", param, AREA_SWEEP_MAX_POINTS);
        return err;
    }
    if (nfixed > AREA_SWEEP_MAX_FIXED) {
        snprintf(err, errlen, "--param: at most %u fixed parameters", AREA_SWEEP_MAX_FIXED);
        return err;
    }
    snprintf(s->param, sizeof s->param, "%s", param);
    s->nx = nx;
    s->nmod = nmod;
    s->nm = t->node.nm;
    s->goal = t->goal;
    for (k = 0; k < nfixed; k++) {
        size_t l = strlen(s->fixed);
        if (strcmp(fnames[k], param) == 0) {
            snprintf(err, errlen, "--param %s: given both as the swept and a fixed parameter",
                     param);
            return err;
        }
        snprintf(s->fixed + l, sizeof s->fixed - l, "%s%s=%u", l ? " " : "", fnames[k],
                 fvalues[k]);
        pn[k] = fnames[k];
        pv[k] = fvalues[k];
    }
    pn[nfixed] = param;
    for (i = 0; i < nx; i++)
        s->x[i] = xs[i];
    for (m = 0; m < nmod; m++) {
        snprintf(s->module[m], sizeof s->module[m], "%s", modules[m]);
        for (i = 0; i < nx; i++) {
            area_desc d;
            char e2[400];
            const char *e;
            pv[nfixed] = xs[i];
            if (area_desc_module(modules[m], pn, pv, nfixed + 1, 0, &d, e2, sizeof e2)) {
                snprintf(err, errlen, "%s at %s=%u: %s", modules[m], param, xs[i], e2);
                return err;
            }
            e = area_desc_eval(t, &d, &s->res[m][i], NULL);
            if (e || !isfinite(s->res[m][i].total_mm2) || !(s->res[m][i].total_mm2 > 0)) {
                snprintf(err, errlen, "%s at %s=%u: %s", modules[m], param, xs[i],
                         e ? e : "no finite positive area");
                return err;
            }
            s->bits[m][i] = d.storage_bits;
            snprintf(s->config[m][i], sizeof s->config[m][i], "%s", d.config);
        }
    }
    return NULL;
}

int area_sweep_format_ok(const char *f)
{
    return strcmp(f, "text") == 0 || strcmp(f, "csv") == 0 || strcmp(f, "svg") == 0;
}

static void write_text(FILE *f, const area_sweep *s)
{
    unsigned m, i, c;
    fprintf(f, "sweep of %s at %g nm, goal %s%s%s\n", s->param, s->nm, area_goal_name(s->goal),
            s->fixed[0] ? ", fixed " : "", s->fixed);
    fprintf(f, "%8s  %-18s %12s %12s", s->param, "module", "area_mm2", "storage_bits");
    for (c = 0; c < AC_N; c++)
        fprintf(f, " %13s", area_class_name(c));
    fprintf(f, "  config\n");
    for (i = 0; i < s->nx; i++)
        for (m = 0; m < s->nmod; m++) {
            const area_result *r = &s->res[m][i];
            fprintf(f, "%8u  %-18s %12.5g %12lu", s->x[i], s->module[m], r->total_mm2,
                    s->bits[m][i]);
            for (c = 0; c < AC_N; c++)
                fprintf(f, " %13.4g", r->cls[c]);
            fprintf(f, "  %s\n", s->config[m][i]);
        }
}

static void write_csv(FILE *f, const area_sweep *s)
{
    unsigned m, i, c;
    fprintf(f, "%s,module,tech_nm,goal,area_mm2,storage_bits", s->param);
    for (c = 0; c < AC_N; c++)
        fprintf(f, ",%s_mm2", area_class_name(c));
    fprintf(f, ",config\n");
    for (i = 0; i < s->nx; i++)
        for (m = 0; m < s->nmod; m++) {
            const area_result *r = &s->res[m][i];
            fprintf(f, "%u,%s,%g,%s,%.6g,%lu", s->x[i], s->module[m], s->nm,
                    area_goal_name(s->goal), r->total_mm2, s->bits[m][i]);
            for (c = 0; c < AC_N; c++)
                fprintf(f, ",%.6g", r->cls[c]);
            fprintf(f, ",\"%s\"\n", s->config[m][i]);
        }
}

/* A "nice" tick step (1, 2 or 5 x 10^k) giving about n intervals over span. */
static double nice_step(double span, unsigned n)
{
    double raw = span / n, p = pow(10.0, floor(log10(raw))), q = raw / p;
    return (q <= 1.0 ? 1.0 : q <= 2.0 ? 2.0 : q <= 5.0 ? 5.0 : 10.0) * p;
}

static void svg_esc(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (*s == '<')
            fputs("&lt;", f);
        else if (*s == '>')
            fputs("&gt;", f);
        else if (*s == '&')
            fputs("&amp;", f);
        else if (*s == '"')
            fputs("&quot;", f);
        else
            fputc(*s, f);
    }
}

static void write_svg(FILE *f, const area_sweep *s)
{
    static const char *const colour[AREA_SWEEP_MAX_MODULES] = {"#1f77b4", "#d62728", "#2ca02c",
                                                               "#9467bd"};
    const double W = 760, H = 480, L = 90, R = 200, T = 60, B = 70;
    double xmin = s->x[0], xmax = s->x[0], ymax = 0, xs, ys, v;
    unsigned m, i;
    for (i = 0; i < s->nx; i++) {
        xmin = fmin(xmin, s->x[i]);
        xmax = fmax(xmax, s->x[i]);
        for (m = 0; m < s->nmod; m++)
            ymax = fmax(ymax, s->res[m][i].total_mm2);
    }
    if (xmax <= xmin)
        xmax = xmin + 1;
    ys = nice_step(ymax, 5);
    ymax = ceil(ymax / ys) * ys;
    xs = nice_step(xmax - xmin, 8);
    if (xs < 1)
        xs = 1;
#define PX(x) (L + ((x) - xmin) / (xmax - xmin) * (W - L - R))
#define PY(y) (H - B - (y) / ymax * (H - T - B))
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    fprintf(f,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
            "viewBox=\"0 0 %.0f %.0f\" font-family=\"DejaVu Sans, Arial, sans-serif\" "
            "font-size=\"12\">\n",
            W, H, W, H);
    fprintf(f, "<rect x=\"0\" y=\"0\" width=\"%.0f\" height=\"%.0f\" fill=\"white\"/>\n", W, H);
    fprintf(f, "<text x=\"%.0f\" y=\"26\" font-size=\"15\" font-weight=\"bold\">Area against ",
            L);
    svg_esc(f, s->param);
    fprintf(f, " at %g nm (goal %s)</text>\n", s->nm, area_goal_name(s->goal));
    fprintf(f, "<text x=\"%.0f\" y=\"44\" fill=\"#555\">", L);
    if (s->fixed[0]) {
        fputs("fixed: ", f);
        svg_esc(f, s->fixed);
        fputs("; ", f);
    }
    fputs("each point built from the structure's cfg (area sweep)</text>\n", f);
    /* grid and y ticks */
    for (v = 0; v <= ymax * (1 + 1e-9); v += ys) {
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n", L,
                PY(v), W - R, PY(v));
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%.4g</text>\n", L - 6,
                PY(v) + 4, v);
    }
    /* x ticks: every swept value when few, else a nice step */
    if (s->nx <= 12) {
        for (i = 0; i < s->nx; i++)
            fprintf(f,
                    "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#999\"/>"
                    "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%u</text>\n",
                    PX(s->x[i]), H - B, PX(s->x[i]), H - B + 5, PX(s->x[i]), H - B + 19, s->x[i]);
    } else {
        for (v = ceil(xmin / xs) * xs; v <= xmax + 1e-9; v += xs)
            fprintf(f,
                    "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#999\"/>"
                    "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%.6g</text>\n",
                    PX(v), H - B, PX(v), H - B + 5, PX(v), H - B + 19, v);
    }
    /* axes and their labels */
    fprintf(f,
            "<line x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\" stroke=\"black\"/>\n"
            "<line x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\" stroke=\"black\"/>\n",
            L, H - B, W - R, H - B, L, T, L, H - B);
    fprintf(f, "<text x=\"%.0f\" y=\"%.0f\" text-anchor=\"middle\">", (L + W - R) / 2, H - B + 42);
    svg_esc(f, s->param);
    fputs("</text>\n", f);
    fprintf(f,
            "<text x=\"22\" y=\"%.0f\" text-anchor=\"middle\" transform=\"rotate(-90 22 %.0f)\">"
            "area (mm&#178;)</text>\n",
            (T + H - B) / 2, (T + H - B) / 2);
    /* one line per module, a dot per point, a legend entry */
    for (m = 0; m < s->nmod; m++) {
        fprintf(f, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\" points=\"",
                colour[m]);
        for (i = 0; i < s->nx; i++)
            fprintf(f, "%s%.1f,%.1f", i ? " " : "", PX(s->x[i]), PY(s->res[m][i].total_mm2));
        fputs("\"/>\n", f);
        for (i = 0; i < s->nx; i++)
            fprintf(f,
                    "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\"><title>%s %s=%u: "
                    "%.4g mm2</title></circle>\n",
                    PX(s->x[i]), PY(s->res[m][i].total_mm2), colour[m], s->module[m], s->param,
                    s->x[i], s->res[m][i].total_mm2);
        fprintf(f,
                "<line x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\" stroke=\"%s\" "
                "stroke-width=\"3\"/><text x=\"%.0f\" y=\"%.0f\">",
                W - R + 16, T + 10 + 22.0 * m, W - R + 40, T + 10 + 22.0 * m, colour[m],
                W - R + 46, T + 14 + 22.0 * m);
        svg_esc(f, s->module[m]);
        fputs("</text>\n", f);
    }
#undef PX
#undef PY
    fputs("</svg>\n", f);
}

int area_sweep_write(FILE *f, const area_sweep *s, const char *format)
{
    if (strcmp(format, "text") == 0)
        write_text(f, s);
    else if (strcmp(format, "csv") == 0)
        write_csv(f, s);
    else if (strcmp(format, "svg") == 0)
        write_svg(f, s);
    else
        return -1;
    return ferror(f) ? -1 : 0;
}
