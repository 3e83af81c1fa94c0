/* SPDX-License-Identifier: Apache-2.0 */
/*
 * report.c -- builds area reports and writes them as text, Markdown, CSV,
 * JSON or an SVG bar chart.
 *
 * What it models: nothing itself; it lays out the rows papers.c builds.
 * Each paper is computed at its own node (000: 90 nm, 001/002: 40 nm,
 * 003/004: no node stated, 40 nm) unless --tech overrides it; then
 * published areas are scaled by F^2.  Validity: as the models.  The SVG is
 * a horizontal bar chart on a log scale (the figures span four decades),
 * one pair of bars (ours, published) per row measured in mm^2.
 */
#include "report.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "papers.h"

const char *area_row_status_name(area_row_status s)
{
    switch (s) {
    case RS_MODELLED: return "modelled";
    case RS_BASELINE: return "baseline";
    case RS_NOT_MODELLED: return "not modelled yet";
    case RS_SUMMARY: return "summary";
    }
    return "?";
}

typedef void (*paper_fn)(area_paper_report *, const area_tech *, double);

static const struct {
    const char *id;
    double nm;
    paper_fn fn;
} paper_list[] = {
    {"000", 90.0, area_paper_000}, {"001", 40.0, area_paper_001}, {"002", 40.0, area_paper_002},
    {"003", 40.0, area_paper_003}, {"004", 40.0, area_paper_004},
};

const char *area_report_build(const char *paper, double tech_nm, const area_profile *prof,
                              const char *profile_name, area_report *r)
{
    return area_report_build_goal(paper, tech_nm, prof, profile_name, AREA_GOAL_DELAY, r);
}

const char *area_report_build_goal(const char *paper, double tech_nm, const area_profile *prof,
                                   const char *profile_name, area_goal goal, area_report *r)
{
    unsigned i, n = (unsigned)(sizeof paper_list / sizeof paper_list[0]);
    int all = strcmp(paper, "all") == 0, any = 0;
    memset(r, 0, sizeof *r);
    snprintf(r->profile, sizeof r->profile, "%.120s, goal %s",
             profile_name ? profile_name : "default constants", area_goal_name(goal));
    for (i = 0; i < n; i++) {
        area_tech t;
        area_paper_report *p;
        double nm = tech_nm > 0 ? tech_nm : paper_list[i].nm;
        const char *e;
        if (!all && strcmp(paper, paper_list[i].id) != 0)
            continue;
        any = 1;
        e = area_tech_at(nm, prof, &t);
        if (e)
            return e;
        t.goal = goal;
        p = &r->p[r->n++];
        snprintf(p->paper, sizeof p->paper, "%s", paper_list[i].id);
        p->tech_nm = nm;
        p->paper_nm = paper_list[i].nm;
        paper_list[i].fn(p, &t, (nm / paper_list[i].nm) * (nm / paper_list[i].nm));
    }
    if (!any)
        return "--paper must be 000, 001, 002, 003, 004 or all";
    return NULL;
}

int area_report_format_ok(const char *f)
{
    return strcmp(f, "text") == 0 || strcmp(f, "md") == 0 || strcmp(f, "csv") == 0 ||
           strcmp(f, "json") == 0 || strcmp(f, "svg") == 0;
}

/* ------------------------------------------------------------ formatting */

static const char *fmt_val(char *buf, size_t n, const char *unit, double v, int with_unit)
{
    if (isnan(v))
        snprintf(buf, n, "-");
    else if (strcmp(unit, "mm2") == 0)
        snprintf(buf, n, with_unit ? "%.4g mm2" : "%.4g", v);
    else if (strcmp(unit, "bits") == 0)
        snprintf(buf, n, with_unit ? "%.0f bits" : "%.0f", v);
    else if (strcmp(unit, "%") == 0)
        snprintf(buf, n, "%.2f%%", v);
    else /* entries, regs, count */
        snprintf(buf, n, with_unit ? "%.4g %s" : "%.4g", v, unit);
    return buf;
}

static const char *fmt_pub(char *buf, size_t n, const area_row *r, int with_unit)
{
    if (r->pub_text[0]) {
        snprintf(buf, n, "%s", r->pub_text);
        return buf;
    }
    return fmt_val(buf, n, r->unit, r->published, with_unit);
}

static const char *fmt_ratio(char *buf, size_t n, double v)
{
    if (isnan(v))
        snprintf(buf, n, "-");
    else
        snprintf(buf, n, "%.2f", v);
    return buf;
}

static void paper_node_line(char *buf, size_t n, const area_paper_report *p)
{
    if (p->paper[2] == '3' || p->paper[2] == '4')
        snprintf(buf, n, "ours at %g nm (the paper states no node)", p->tech_nm);
    else if (fabs(p->tech_nm - p->paper_nm) < 1e-9)
        snprintf(buf, n, "ours and published at %g nm", p->tech_nm);
    else
        snprintf(buf, n, "ours at %g nm; published figures scaled by F^2 from %g nm", p->tech_nm,
                 p->paper_nm);
}

/* What the energy columns assume at the paper's node (issue 29: the
 * activity factor and the energy of a gate equivalent are stated). */
static void energy_line(char *buf, size_t n, const area_paper_report *p)
{
    area_tech t;
    buf[0] = '\0';
    if (area_tech_at(p->tech_nm, NULL, &t))
        return;
    snprintf(buf, n, "energy at %g nm: Vdd %.2f V, one gate equivalent switching %.2f fJ, logic "
             "activity %.2f (logic nJ = GE x activity x that), leakage at 360 K (i_off %.0f "
             "nA/um); per access of one port",
             p->tech_nm, t.node.vdd, area_fj_nj(&t, t.c.c_ge) * 1e6, t.c.act_logic, t.node.i_off);
}

/* The energy cells of a row ("-" without our breakdown). */
static void energy_cells(char *buf, size_t n, const area_row *w, const char *sep)
{
    if (!w->has_detail || strcmp(w->unit, "mm2") != 0) {
        snprintf(buf, n, "-%s-%s-%s-%s-", sep, sep, sep, sep);
        return;
    }
    snprintf(buf, n, "%.4g%s%.4g%s%.4g%s%.4g%s%.4g", w->detail.read_nj, sep, w->detail.write_nj,
             sep, w->detail.search_nj, sep, w->detail.op_nj, sep, w->detail.leak_mw);
}

static void write_text(FILE *f, const area_report *r)
{
    unsigned i, j;
    fprintf(f, "area report (%s)\n", r->profile);
    for (i = 0; i < r->n; i++) {
        const area_paper_report *p = &r->p[i];
        char node[160];
        paper_node_line(node, sizeof node, p);
        fprintf(f, "\n== %s: %s\n   %s; overhead baseline: %s\n", p->paper, p->title, node,
                p->baseline);
        if (r->energy) {
            char el[256];
            energy_line(el, sizeof el, p);
            fprintf(f, "   %s\n", el);
        }
        fprintf(f, "   %-52s %-16s %14s %16s %6s  %s%s\n", "component", "status", "ours", "published",
                "ratio", r->energy ? "read_nJ write_nJ search_nJ logic_nJ leak_mW | " : "",
                "source / config / note");
        for (j = 0; j < p->nrows; j++) {
            const area_row *w = &p->rows[j];
            char a[48], b[64], c[16], en[128] = "";
            if (r->energy) {
                energy_cells(en, sizeof en - 4, w, " ");
                strcat(en, " | ");
            }
            fprintf(f, "   %-52s %-16s %14s %16s %6s  %s%s%s%s%s%s\n", w->label,
                    area_row_status_name(w->status), fmt_val(a, sizeof a, w->unit, w->ours, 1),
                    fmt_pub(b, sizeof b, w, 1), fmt_ratio(c, sizeof c, w->ratio), en, w->source,
                    w->source[0] && w->config[0] ? " | " : "", w->config,
                    (w->source[0] || w->config[0]) && w->note[0] ? " | " : "", w->note);
        }
    }
}

static void md_cell(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (*s == '|')
            fputs("\\|", f);
        else
            fputc(*s, f);
    }
}

static void write_md(FILE *f, const area_report *r)
{
    unsigned i, j;
    fprintf(f, "# Area report\n\nConstants: %s. Ratio = ours / published. "
               "See area/README.md for how to read it.\n",
            r->profile);
    for (i = 0; i < r->n; i++) {
        const area_paper_report *p = &r->p[i];
        char node[160];
        paper_node_line(node, sizeof node, p);
        fprintf(f, "\n## %s: ", p->paper);
        md_cell(f, p->title);
        fprintf(f, "\n\n%s. Overhead baseline: %s.\n\n", node, p->baseline);
        if (r->energy) {
            char el[256];
            energy_line(el, sizeof el, p);
            fprintf(f, "Columns Read..Leak: %s.\n\n", el);
        }
        fprintf(f, "| Component | Status | Ours | Published | Ratio | %sSource | Ours from | Note |\n",
                r->energy ? "Read nJ | Write nJ | Search nJ | Logic nJ | Leak mW | " : "");
        fprintf(f, "|---|---|---:|---:|---:|%s---|---|---|\n",
                r->energy ? "---:|---:|---:|---:|---:|" : "");
        for (j = 0; j < p->nrows; j++) {
            const area_row *w = &p->rows[j];
            char a[48], b[64], c[16];
            fputs("| ", f);
            md_cell(f, w->label);
            fprintf(f, " | %s | %s | ", area_row_status_name(w->status),
                    fmt_val(a, sizeof a, w->unit, w->ours, 1));
            md_cell(f, fmt_pub(b, sizeof b, w, 1));
            fprintf(f, " | %s | ", fmt_ratio(c, sizeof c, w->ratio));
            if (r->energy) {
                char en[128];
                energy_cells(en, sizeof en, w, " | ");
                fprintf(f, "%s | ", en);
            }
            md_cell(f, w->source);
            fputs(" | ", f);
            md_cell(f, w->config);
            fputs(" | ", f);
            md_cell(f, w->note);
            fputs(" |\n", f);
        }
    }
}

static void csv_field(FILE *f, const char *s)
{
    if (strpbrk(s, ",\"\n")) {
        fputc('"', f);
        for (; *s; s++) {
            if (*s == '"')
                fputc('"', f);
            fputc(*s, f);
        }
        fputc('"', f);
    } else {
        fputs(s, f);
    }
}

static void csv_num(FILE *f, double v)
{
    if (!isnan(v))
        fprintf(f, "%.6g", v);
}

static void write_csv(FILE *f, const area_report *r)
{
    unsigned i, j;
    fprintf(f, "paper,tech_nm,paper_nm,component,status,unit,ours,published,published_text,ratio,"
               "source,config,note%s\n",
            r->energy ? ",read_nJ,write_nJ,search_nJ,logic_nJ,leak_mW" : "");
    for (i = 0; i < r->n; i++) {
        const area_paper_report *p = &r->p[i];
        for (j = 0; j < p->nrows; j++) {
            const area_row *w = &p->rows[j];
            fprintf(f, "%s,%g,%g,", p->paper, p->tech_nm, p->paper_nm);
            csv_field(f, w->label);
            fprintf(f, ",%s,%s,", area_row_status_name(w->status), w->unit);
            csv_num(f, w->ours);
            fputc(',', f);
            csv_num(f, w->published);
            fputc(',', f);
            csv_field(f, w->pub_text);
            fputc(',', f);
            csv_num(f, w->ratio);
            fputc(',', f);
            csv_field(f, w->source);
            fputc(',', f);
            csv_field(f, w->config);
            fputc(',', f);
            csv_field(f, w->note);
            if (r->energy) {
                char en[128];
                energy_cells(en, sizeof en, w, ",");
                if (en[0] == '-')
                    strcpy(en, ",,,,");
                fprintf(f, ",%s", en);
            }
            fputc('\n', f);
        }
    }
}

static void json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\')
            fprintf(f, "\\%c", ch);
        else if (ch < 0x20)
            fprintf(f, "\\u%04x", ch);
        else
            fputc(ch, f);
    }
    fputc('"', f);
}

static void json_num(FILE *f, double v)
{
    if (isnan(v) || isinf(v))
        fputs("null", f);
    else
        fprintf(f, "%.6g", v);
}

static void write_json(FILE *f, const area_report *r)
{
    unsigned i, j, k;
    fputs("{\n  \"tool\": \"area\",\n  \"constants\": ", f);
    json_str(f, r->profile);
    fputs(",\n  \"papers\": [", f);
    for (i = 0; i < r->n; i++) {
        const area_paper_report *p = &r->p[i];
        fprintf(f, "%s\n    {\n      \"paper\": ", i ? "," : "");
        json_str(f, p->paper);
        fputs(",\n      \"title\": ", f);
        json_str(f, p->title);
        fputs(",\n      \"tech_nm\": ", f);
        json_num(f, p->tech_nm);
        fputs(",\n      \"paper_nm\": ", f);
        json_num(f, p->paper_nm);
        fputs(",\n      \"baseline\": ", f);
        json_str(f, p->baseline);
        fputs(",\n      \"rows\": [", f);
        for (j = 0; j < p->nrows; j++) {
            const area_row *w = &p->rows[j];
            fprintf(f, "%s\n        {\"component\": ", j ? "," : "");
            json_str(f, w->label);
            fputs(", \"status\": ", f);
            json_str(f, area_row_status_name(w->status));
            fputs(", \"unit\": ", f);
            json_str(f, w->unit);
            fputs(", \"ours\": ", f);
            json_num(f, w->ours);
            fputs(", \"published\": ", f);
            json_num(f, w->published);
            fputs(", \"published_text\": ", f);
            json_str(f, w->pub_text);
            fputs(", \"ratio\": ", f);
            json_num(f, w->ratio);
            fputs(", \"source\": ", f);
            json_str(f, w->source);
            fputs(", \"config\": ", f);
            json_str(f, w->config);
            fputs(", \"note\": ", f);
            json_str(f, w->note);
            if (w->has_detail) {
                fputs(", \"breakdown_mm2\": {", f);
                for (k = 0; k < AC_N; k++) {
                    fprintf(f, "%s", k ? ", " : "");
                    json_str(f, area_class_name(k));
                    fputs(": ", f);
                    json_num(f, w->detail.cls[k]);
                }
                fputs("}, \"energy\": {\"read_nJ\": ", f);
                json_num(f, w->detail.read_nj);
                fputs(", \"write_nJ\": ", f);
                json_num(f, w->detail.write_nj);
                fputs(", \"search_nJ\": ", f);
                json_num(f, w->detail.search_nj);
                fputs(", \"logic_nJ\": ", f);
                json_num(f, w->detail.op_nj);
                fputs(", \"leak_mW\": ", f);
                json_num(f, w->detail.leak_mw);
                fputs("}", f);
            }
            fputs("}", f);
        }
        fputs("\n      ]\n    }", f);
    }
    fputs("\n  ]\n}\n", f);
}

/* ------------------------------------------------------------------ SVG */

static void svg_text(FILE *f, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        default: fputc(*s, f);
        }
    }
}

static int chartable(const area_row *w)
{
    return strcmp(w->unit, "mm2") == 0 &&
           ((!isnan(w->ours) && w->ours > 0) || (!isnan(w->published) && w->published > 0));
}

/* A paper's heading in a chart, at y (with its title when `title`). */
static void svg_paper_head(FILE *f, double y, const area_paper_report *p, int title)
{
    fprintf(f, "<text x=\"20\" y=\"%.0f\" font-weight=\"bold\" font-size=\"13\">", y + 20);
    svg_text(f, p->paper);
    fprintf(f, " (%g nm)%s", p->tech_nm, title ? ": " : "");
    if (title)
        svg_text(f, p->title);
    fprintf(f, "</text>\n");
}

/* The energy chart (issue 29): for every row with our breakdown, one
 * access of every array and logic block (read + logic, nJ) and the
 * leakage (mW), each on its own log scale. */
static int energy_row(const area_row *w)
{
    return w->has_detail && strcmp(w->unit, "mm2") == 0 && !isnan(w->ours) && w->ours > 0 &&
           w->detail.read_nj + w->detail.op_nj > 0 && w->detail.leak_mw > 0;
}

static double svg_energy_height(const area_report *r)
{
    unsigned i, j, n = 0;
    for (i = 0; i < r->n; i++)
        for (j = 0; j < r->p[i].nrows; j++)
            n += energy_row(&r->p[i].rows[j]);
    return n ? 90.0 + 30.0 * n + r->n * 30.0 : 0.0;
}

static void svg_energy(FILE *f, const area_report *r, double y, double W, double X0, double X1)
{
    double elo = 1e300, ehi = 0, llo = 1e300, lhi = 0, XM = (X0 + X1) / 2;
    unsigned i, j;
    (void)W;
    for (i = 0; i < r->n; i++)
        for (j = 0; j < r->p[i].nrows; j++) {
            const area_row *w = &r->p[i].rows[j];
            if (!energy_row(w))
                continue;
            elo = fmin(elo, w->detail.read_nj + w->detail.op_nj);
            ehi = fmax(ehi, w->detail.read_nj + w->detail.op_nj);
            llo = fmin(llo, w->detail.leak_mw);
            lhi = fmax(lhi, w->detail.leak_mw);
        }
    if (ehi <= 0)
        return;
    elo = floor(log10(elo));
    ehi = fmax(ceil(log10(ehi)), elo + 1);
    llo = floor(log10(llo));
    lhi = fmax(ceil(log10(lhi)), llo + 1);
    fprintf(f, "<text x=\"20\" y=\"%.0f\" font-size=\"18\" font-weight=\"bold\">Energy: one access "
               "of every array and logic block (nJ) and leakage (mW), log scales</text>\n",
            y);
    fprintf(f, "<text x=\"20\" y=\"%.0f\" fill=\"#444\">Per row: read of every array once plus "
               "one logic operation (activity %.2f); leakage of everything at 360 K. No paper "
               "publishes these.</text>\n",
            y + 20, area_default_consts()->act_logic);
    fprintf(f, "<rect x=\"%.0f\" y=\"%.0f\" width=\"14\" height=\"10\" fill=\"#2f855a\"/>"
               "<text x=\"%.0f\" y=\"%.0f\">nJ per access (1e%.0f..1e%.0f)</text>\n",
            X0, y + 30, X0 + 20, y + 39, elo, ehi);
    fprintf(f, "<rect x=\"%.0f\" y=\"%.0f\" width=\"14\" height=\"10\" fill=\"#805ad5\"/>"
               "<text x=\"%.0f\" y=\"%.0f\">mW leakage (1e%.0f..1e%.0f)</text>\n",
            XM + 10, y + 30, XM + 30, y + 39, llo, lhi);
    y += 60;
    for (i = 0; i < r->n; i++) {
        const area_paper_report *p = &r->p[i];
        int head = 0;
        for (j = 0; j < p->nrows; j++) {
            const area_row *w = &p->rows[j];
            double e, l, xe, xl;
            if (!energy_row(w))
                continue;
            if (!head) {
                head = 1;
                svg_paper_head(f, y, p, 0);
                y += 30;
            }
            e = w->detail.read_nj + w->detail.op_nj;
            l = w->detail.leak_mw;
            xe = X0 + (log10(e) - elo) / (ehi - elo) * (XM - X0 - 60);
            xl = XM + 10 + (log10(l) - llo) / (lhi - llo) * (X1 - XM - 70);
            fprintf(f, "<text x=\"30\" y=\"%.0f\">", y + 14);
            svg_text(f, w->label);
            fprintf(f, "</text>\n");
            fprintf(f, "<rect x=\"%.0f\" y=\"%.0f\" width=\"%.1f\" height=\"11\" fill=\"#2f855a\"/>"
                       "<text x=\"%.1f\" y=\"%.0f\" font-size=\"10\">%.3g</text>\n",
                    X0, y + 4, fmax(xe - X0, 1.0), fmax(xe, X0 + 1) + 4, y + 13, e);
            fprintf(f, "<rect x=\"%.0f\" y=\"%.0f\" width=\"%.1f\" height=\"11\" fill=\"#805ad5\"/>"
                       "<text x=\"%.1f\" y=\"%.0f\" font-size=\"10\">%.3g</text>\n",
                    XM + 10, y + 4, fmax(xl - XM - 10, 1.0), fmax(xl, XM + 11) + 4, y + 13, l);
            y += 30;
        }
    }
}

static void write_svg(FILE *f, const area_report *r)
{
    const double W = 1180, X0 = 470, X1 = 1080, ROW = 34, HEAD = 30, TOP = 96;
    double lo = 1e300, hi = 0, y, dlo, dhi;
    unsigned i, j, nrows = 0, npapers = 0;
    int d;
    for (i = 0; i < r->n; i++) {
        int any = 0;
        for (j = 0; j < r->p[i].nrows; j++) {
            const area_row *w = &r->p[i].rows[j];
            if (!chartable(w))
                continue;
            any = 1;
            nrows++;
            if (!isnan(w->ours) && w->ours > 0) {
                lo = fmin(lo, w->ours);
                hi = fmax(hi, w->ours);
            }
            if (!isnan(w->published) && w->published > 0) {
                lo = fmin(lo, w->published);
                hi = fmax(hi, w->published);
            }
        }
        npapers += any;
    }
    if (hi <= 0) {
        lo = 1e-3;
        hi = 1;
    }
    dlo = floor(log10(lo));
    dhi = ceil(log10(hi));
    if (dhi <= dlo)
        dhi = dlo + 1;
    {
        double HA = TOP + npapers * HEAD + nrows * ROW + 50, H = HA + svg_energy_height(r);
#define XS(v) (X0 + (log10(v) - dlo) / (dhi - dlo) * (X1 - X0))
        fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        fprintf(f,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
                "viewBox=\"0 0 %.0f %.0f\" font-family=\"DejaVu Sans, Arial, sans-serif\" "
                "font-size=\"12\">\n",
                W, H, W, H);
        fprintf(f, "<rect x=\"0\" y=\"0\" width=\"%.0f\" height=\"%.0f\" fill=\"white\"/>\n", W, H);
        fprintf(f, "<text x=\"20\" y=\"28\" font-size=\"18\" font-weight=\"bold\">Area: ours vs "
                   "published (mm&#178;, log scale)</text>\n");
        fprintf(f, "<text x=\"20\" y=\"48\" fill=\"#444\">Constants: ");
        svg_text(f, r->profile);
        fprintf(f, ". Each paper at its own node unless --tech was given.</text>\n");
        /* legend */
        fprintf(f, "<rect x=\"%.0f\" y=\"58\" width=\"14\" height=\"10\" fill=\"#2b6cb0\"/>"
                   "<text x=\"%.0f\" y=\"67\">ours</text>\n",
                X0, X0 + 20);
        fprintf(f, "<rect x=\"%.0f\" y=\"58\" width=\"14\" height=\"10\" fill=\"#dd8a2b\"/>"
                   "<text x=\"%.0f\" y=\"67\">published</text>\n",
                X0 + 80, X0 + 100);
        /* decade grid */
        for (d = (int)dlo; d <= (int)dhi; d++) {
            double x = XS(pow(10.0, d));
            fprintf(f,
                    "<line x1=\"%.1f\" y1=\"%.0f\" x2=\"%.1f\" y2=\"%.0f\" stroke=\"#ccc\"/>"
                    "<text x=\"%.1f\" y=\"%.0f\" text-anchor=\"middle\" fill=\"#666\" "
                    "font-size=\"10\">1e%d</text>\n",
                    x, TOP - 14, x, HA - 36, x, TOP - 18, d);
            fprintf(f, "<text x=\"%.1f\" y=\"%.0f\" text-anchor=\"middle\" fill=\"#666\" "
                       "font-size=\"10\">1e%d</text>\n",
                    x, HA - 24, d);
        }
        y = TOP;
        for (i = 0; i < r->n; i++) {
            const area_paper_report *p = &r->p[i];
            int head = 0;
            for (j = 0; j < p->nrows; j++) {
                const area_row *w = &p->rows[j];
                char a[48];
                if (!chartable(w))
                    continue;
                if (!head) {
                    head = 1;
                    svg_paper_head(f, y, p, 1);
                    y += HEAD;
                }
                fprintf(f, "<text x=\"30\" y=\"%.0f\">", y + 17);
                svg_text(f, w->label);
                fprintf(f, "</text>\n");
                if (!isnan(w->ours) && w->ours > 0) {
                    double x = XS(w->ours);
                    fprintf(f,
                            "<rect x=\"%.0f\" y=\"%.0f\" width=\"%.1f\" height=\"11\" "
                            "fill=\"#2b6cb0\"/><text x=\"%.1f\" y=\"%.0f\" font-size=\"10\">%s"
                            "</text>\n",
                            X0, y + 4, fmax(x - X0, 1.0), fmax(x, X0 + 1) + 4, y + 13,
                            fmt_val(a, sizeof a, "mm2", w->ours, 0));
                } else {
                    fprintf(f, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"10\" fill=\"#888\">"
                               "not modelled yet</text>\n",
                            X0 + 4, y + 13);
                }
                if (!isnan(w->published) && w->published > 0) {
                    double x = XS(w->published);
                    fprintf(f,
                            "<rect x=\"%.0f\" y=\"%.0f\" width=\"%.1f\" height=\"11\" "
                            "fill=\"#dd8a2b\"/><text x=\"%.1f\" y=\"%.0f\" font-size=\"10\">%s"
                            "</text>\n",
                            X0, y + 17, fmax(x - X0, 1.0), fmax(x, X0 + 1) + 4, y + 26,
                            fmt_val(a, sizeof a, "mm2", w->published, 0));
                } else {
                    fprintf(f, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"10\" fill=\"#888\">"
                               "no published figure</text>\n",
                            X0 + 4, y + 26);
                }
                y += ROW;
            }
        }
#undef XS
        svg_energy(f, r, y + 50, W, X0, X1);
        fprintf(f, "</svg>\n");
    }
}

int area_report_write(FILE *f, const area_report *r, const char *format)
{
    if (strcmp(format, "text") == 0)
        write_text(f, r);
    else if (strcmp(format, "md") == 0)
        write_md(f, r);
    else if (strcmp(format, "csv") == 0)
        write_csv(f, r);
    else if (strcmp(format, "json") == 0)
        write_json(f, r);
    else if (strcmp(format, "svg") == 0)
        write_svg(f, r);
    else
        return -1;
    return ferror(f) ? -1 : 0;
}

/* ------------------------------------------------------- one-node view */

int area_report_node_format_ok(const char *f)
{
    return strcmp(f, "text") == 0 || strcmp(f, "md") == 0 || strcmp(f, "csv") == 0;
}

static int node_row(const area_row *w)
{
    return strcmp(w->unit, "mm2") == 0 && (!isnan(w->ours) || !isnan(w->published));
}

int area_report_write_node(FILE *f, const area_report *r, const char *format)
{
    unsigned i, j, pass;
    double nm;
    int md = strcmp(format, "md") == 0, csv = strcmp(format, "csv") == 0;
    if (!area_report_node_format_ok(format))
        return -1;
    if (r->n == 0)
        return -2;
    nm = r->p[0].tech_nm;
    for (i = 1; i < r->n; i++)
        if (fabs(r->p[i].tech_nm - nm) > 1e-9)
            return -2;
    if (csv)
        fprintf(f, "section,paper,tech_nm,component,status,ours_mm2,published_mm2,ratio,"
                   "published_from,note,read_nJ,write_nJ,search_nJ,logic_nJ,leak_mW\n");
    else if (md)
        fprintf(f, "# Area at one node: %g nm\n\nConstants: %s. Every paper's area rows, ours and "
                   "the published figure scaled by F^2 from its own node (000: 90 nm; 001, 002: "
                   "40 nm; 003 and 004 state none).\n",
                nm, r->profile);
    else
        fprintf(f, "area at one node: %g nm (%s); published figures scaled by F^2 from their "
                   "paper's node\n", nm, r->profile);
    /* pass 0: every area row; pass 1: the mechanisms' added areas */
    for (pass = 0; pass < 2; pass++) {
        if (md)
            fprintf(f, pass ? "\n## Mechanisms side by side (added area and energy at %g nm)\n\n"
                              "Energy: what the mechanism adds to one access of every array "
                              "(read, write, nJ), to one evaluation of its logic (nJ) and to the "
                              "leakage (mW); no paper publishes these.\n\n"
                              "| Mechanism | Paper | Row | Ours (mm²) | Published (mm²) | Ratio | "
                              "Read nJ | Write nJ | Logic nJ | Leak mW | "
                              "Note |\n|---|---|---|---:|---:|---:|---:|---:|---:|---:|---|\n"
                            : "\n## Every paper's rows at %g nm\n\n| Paper | Component | Status "
                              "| Ours (mm²) | Published (mm²) | Ratio | Published from |\n"
                              "|---|---|---|---:|---:|---:|---|\n",
                    nm);
        else if (!csv && pass)
            fprintf(f, "\n== mechanisms side by side: added area and energy at %g nm\n   %-34s %-5s "
                       "%12s %12s %6s %10s %10s %10s %9s  %s\n",
                    nm, "mechanism", "paper", "ours mm2", "published", "ratio", "read nJ",
                    "write nJ", "logic nJ", "leak mW", "row");
        else if (!csv)
            fprintf(f, "\n== every paper's rows at %g nm\n   %-5s %-52s %-16s %12s %12s %6s  %s\n",
                    nm, "paper", "component", "status", "ours mm2", "published", "ratio",
                    "published from");
        for (i = 0; i < r->n; i++) {
            const area_paper_report *p = &r->p[i];
            for (j = 0; j < p->nrows; j++) {
                const area_row *w = &p->rows[j];
                char a[48], b[64], c[16];
                if (pass == 0 ? !node_row(w) : !w->mech[0])
                    continue;
                fmt_val(a, sizeof a, "mm2", w->ours, 0);
                fmt_val(b, sizeof b, "mm2", w->published, 0);
                fmt_ratio(c, sizeof c, w->ratio);
                if (csv) {
                    fprintf(f, "%s,%s,%g,", pass ? "mechanism" : "row", p->paper, nm);
                    csv_field(f, pass ? w->mech : w->label);
                    fprintf(f, ",%s,", area_row_status_name(w->status));
                    csv_num(f, w->ours);
                    fputc(',', f);
                    csv_num(f, w->published);
                    fputc(',', f);
                    csv_num(f, w->ratio);
                    fputc(',', f);
                    csv_field(f, w->source);
                    fputc(',', f);
                    csv_field(f, pass ? w->label : "");
                    if (w->has_detail)
                        fprintf(f, ",%.6g,%.6g,%.6g,%.6g,%.6g", w->detail.read_nj,
                                w->detail.write_nj, w->detail.search_nj, w->detail.op_nj,
                                w->detail.leak_mw);
                    else
                        fputs(",,,,,", f);
                    fputc('\n', f);
                } else if (md) {
                    fputs("| ", f);
                    if (pass) {
                        md_cell(f, w->mech);
                        fprintf(f, " | %s | ", p->paper);
                        md_cell(f, w->label);
                        fprintf(f, " | %s | %s | %s | ", a, b, c);
                        if (w->has_detail)
                            fprintf(f, "%.4g | %.4g | %.4g | %.4g | ", w->detail.read_nj,
                                    w->detail.write_nj, w->detail.op_nj, w->detail.leak_mw);
                        else
                            fputs("- | - | - | - | ", f);
                        md_cell(f, w->partial ? "ours: the modelled parts only" : "");
                    } else {
                        fprintf(f, "%s | ", p->paper);
                        md_cell(f, w->label);
                        fprintf(f, " | %s | %s | %s | %s | ", area_row_status_name(w->status), a,
                                b, c);
                        md_cell(f, w->source);
                    }
                    fputs(" |\n", f);
                } else if (pass) {
                    char e[4][24];
                    unsigned k;
                    const double ev[4] = {w->detail.read_nj, w->detail.write_nj, w->detail.op_nj,
                                          w->detail.leak_mw};
                    for (k = 0; k < 4; k++)
                        snprintf(e[k], sizeof e[k], w->has_detail ? "%.4g" : "-", ev[k]);
                    fprintf(f, "   %-34s %-5s %12s %12s %6s %10s %10s %10s %9s  %s%s\n", w->mech,
                            p->paper, a, b, c, e[0], e[1], e[2], e[3], w->label,
                            w->partial ? " (ours: the modelled parts only)" : "");
                } else {
                    fprintf(f, "   %-5s %-52s %-16s %12s %12s %6s  %s\n", p->paper, w->label,
                            area_row_status_name(w->status), a, b, c, w->source);
                }
            }
        }
    }
    return ferror(f) ? -1 : 0;
}
