/* SPDX-License-Identifier: Apache-2.0 */
/*
 * papers.h -- the published figures, and the paper configurations.
 *
 * What it holds: every area, storage or overhead figure SPEC sec. 6 lists
 * from the five papers, with its tool, node and place in the paper.  This
 * table is the only place published numbers live: the model never reads
 * it; the report puts each beside our figure, `area refs` exports the ones
 * that describe a single array as a calibration CSV, and the tests compare
 * against them with stated tolerances.
 *
 * Sources: 000 Table 1 and sec. 4.4 (CACTI 4.2, 90 nm); 001 Tables 3-4
 * (synthesis scaled to 40 nm); 002 Table I (CACTI 6.5, 40 nm); 003 sec. 6.5;
 * 004 sec. 3.4.  Departures: 000's warp pool has 17 decoders (16 TID
 * columns and the PC): its calibration geometry approximates that as 17
 * banks of 256 x 10 bits (43520 bits for the paper's 43008).
 */
#ifndef AREA_PAPERS_H
#define AREA_PAPERS_H

#include <stdio.h>

#include "array.h"
#include "report.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    const char *id;       /* "002.t1.bank256" */
    const char *paper;    /* "002" */
    const char *label;
    double value;
    const char *unit;     /* "mm2", "bits", "%" */
    double nm;            /* node (0 if not an area) */
    const char *tool;     /* "CACTI 4.2", "CACTI 6.5", "synthesis", "text" */
    const char *where;    /* "Table I" */
    int has_geom;         /* a single array: usable by calibrate */
    area_array geom;
} area_pub;

const area_pub *area_pubs(unsigned *n);
/* The figure with this id; NULL if none. */
const area_pub *area_pub_find(const char *id);

/* Writes the calibration CSV of the single-array figures of `paper`
 * ("000", "002", ... or "all").  Returns the number of rows. */
unsigned area_refs_write(FILE *f, const char *paper);

/* Per-paper builders used by area_report_build. */
void area_paper_000(area_paper_report *p, const area_tech *t, double scale);
void area_paper_001(area_paper_report *p, const area_tech *t, double scale);
void area_paper_002(area_paper_report *p, const area_tech *t, double scale);
void area_paper_003(area_paper_report *p, const area_tech *t, double scale);
void area_paper_004(area_paper_report *p, const area_tech *t, double scale);

#ifdef __cplusplus
}
#endif

#endif /* AREA_PAPERS_H */
