/* SPDX-License-Identifier: Apache-2.0 */
/*
 * report.h -- area reports: our figures beside the published ones.
 *
 * What it models: for each paper (000..004) the structures the project
 * models (area from their cfg), the baselines described from the paper's
 * stated geometry, and the published figures of structures not modelled
 * yet; each row has our value, the published value, their ratio, and the
 * source.  Then the totals and the overhead against the paper's baseline.
 * Formats: text, Markdown, CSV, JSON, SVG (a log-scale bar chart, ours
 * against published, of every row measured in mm^2).
 *
 * Sources: the published figures live only in the table of papers.c (SPEC
 * sec. 6).  Validity: ours are computed at the paper's node unless --tech
 * overrides it, in which case published areas are scaled by F^2 to that
 * node (and the note says so).
 */
#ifndef AREA_REPORT_H
#define AREA_REPORT_H

#include <stdio.h>

#include "array.h"
#include "tech.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    RS_MODELLED = 0,     /* a structure with a C model, area from its cfg */
    RS_BASELINE = 1,     /* a baseline described from the paper's geometry */
    RS_NOT_MODELLED = 2, /* published only: no C model yet */
    RS_SUMMARY = 3       /* totals, differences, overheads */
} area_row_status;

#define AREA_REPORT_MAX_ROWS 96
#define AREA_REPORT_MAX_PAPERS 5

typedef struct {
    char label[96];
    area_row_status status;
    char unit[8];         /* "mm2", "bits" or "%" */
    double ours;          /* NAN when none */
    double published;     /* NAN when none (at the report's node for mm2) */
    char pub_text[48];    /* published figure as text when not a single number */
    double ratio;         /* ours / published, NAN when either is missing */
    char source[128];     /* where the published figure comes from */
    char config[200];     /* what ours was computed from */
    char note[480];
    int partial;          /* ours covers only the modelled parts: no ratio */
    char mech[48];        /* set on the row that is a mechanism's added area (node view) */
    int has_detail;
    area_result detail;   /* our breakdown (mm2 rows) */
    int has_base;
    area_result base;     /* a mechanism's row: the baseline parts it is measured over */
} area_row;

typedef struct {
    char paper[4];
    char title[128];
    double tech_nm;       /* node of our figures */
    double paper_nm;      /* node of the published figures */
    char baseline[200];   /* what the overhead is measured against */
    unsigned nrows;
    area_row rows[AREA_REPORT_MAX_ROWS];
} area_paper_report;

typedef struct {
    unsigned n;
    area_paper_report p[AREA_REPORT_MAX_PAPERS];
    char profile[160];    /* "default constants" or the profile path */
    int energy;           /* text, md, csv: add the energy columns (issue 29): for every
                           * row with our breakdown, one access of every array (read,
                           * write, search, nJ), one operation of its logic (nJ) and
                           * its leakage (mW); JSON always has them, SVG charts them */
} area_report;

const char *area_row_status_name(area_row_status s);

/* Builds the report for `paper` ("000".."004" or "all"); tech_nm 0 means
 * each paper's own node.  Returns NULL or a one-line message. */
const char *area_report_build(const char *paper, double tech_nm, const area_profile *prof,
                              const char *profile_name, area_report *r);

/* The same with an organisation goal (area_report_build: AREA_GOAL_DELAY). */
const char *area_report_build_goal(const char *paper, double tech_nm, const area_profile *prof,
                                   const char *profile_name, area_goal goal, area_report *r);

/* The one-node view (issue 19 item 5): every paper's area rows in one
 * table at the report's node (build it with one tech_nm, e.g. 40), then
 * each mechanism's added area (the rows tagged `mech`) side by side, so
 * that mechanisms can be compared with each other.  format: "text", "md"
 * or "csv".  Returns 0 on success, -1 for another format or a write error,
 * -2 when the papers are not all at one node. */
int area_report_write_node(FILE *f, const area_report *r, const char *format);
int area_report_node_format_ok(const char *format);

/* format: "text", "md", "csv", "json", "svg".  Returns 0 on success. */
int area_report_write(FILE *f, const area_report *r, const char *format);
int area_report_format_ok(const char *format);

#ifdef __cplusplus
}
#endif

#endif /* AREA_REPORT_H */
