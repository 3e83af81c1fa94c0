/* SPDX-License-Identifier: Apache-2.0 */
/*
 * papers_int.h -- helpers shared by the per-paper area reports (papers.c and
 * papers_NNN.c): rows, published figures, summaries and the rows every paper
 * builds alike (its SPE stack, its register files).  Not part of the area
 * library's interface (papers.h).
 */
#ifndef AREA_PAPERS_INT_H
#define AREA_PAPERS_INT_H

#include "papers.h"
#include "structs.h"
#include "../rtl_c/simt_stack.h"

/* Appends a row to p with its label, status and unit (the builders stay
 * below AREA_REPORT_MAX_ROWS). */
area_row *paper_row_new(area_paper_report *p, const char *label, area_row_status st,
                        const char *unit);

/* Sets the published figure `id`; mm2 figures are scaled by `scale`. */
void paper_row_pub(area_row *r, const char *id, double scale);

/* Sets the row's note (where the figure comes from, what it includes). */
void paper_row_note(area_row *r, const char *note);

/* Costs the description d into the row (area, breakdown, energy); its mm2. */
double paper_row_desc(area_row *r, const area_tech *t, const area_desc *d);

/* Our breakdown of the row labelled `label` in this paper (NULL if none). */
const area_result *paper_row_detail(const area_paper_report *p, const char *label);

/* A row that is `times` copies (or a share) of a structure costed once:
 * its breakdown, energy included, is that one's scaled. */
void paper_row_scaled(area_row *r, const area_result *one, double times);

/* A mechanism row's breakdown, energy included (issue 29): the sum of the
 * `plus` results less the `minus` ones, so that the one-node view puts
 * its energy beside its area.  Left without one if any part is missing. */
void paper_mech_detail(area_row *r, const area_result *const *plus, unsigned np,
                       const area_result *const *minus, unsigned nm);

/* Closes p's report: the mechanisms' overheads and each row's ratio. */
void paper_finish(area_paper_report *p);

/* A published-only row for a structure the project does not model. */
void paper_not_modelled(area_paper_report *p, const char *label, const char *id, double scale);

/* The SPE stack's cfg at a paper's configuration. */
simt_stack_cfg paper_spe_cfg(unsigned warps, unsigned lanes, unsigned depth);

/* A row of the SPE stack at cfg; its mm2. */
double paper_spe_row(area_paper_report *p, const area_tech *t, const char *label,
                     const simt_stack_cfg *cfg, area_row_status st);

/* A register file of `lanes` banks of `entries` x 32 bits, 2R1W: from
 * lane_regfile_cfg, or described directly from the paper's geometry where
 * that cfg rejects the point.  divide > 1: one bank's share. */
double paper_lrf_row(area_paper_report *p, const area_tech *t, const char *label, unsigned lanes,
                     unsigned entries, unsigned regs, area_lrf_org org, const char *pub_id,
                     double scale, double divide);

/* Energy per access of the register-file organisations 000 Fig. 10 and 004
 * Fig. 5 compare (issue 29): one paper_summary row (pJ) per organisation, the
 * read of one register of a whole warp; the note adds a write, the read of
 * ONE active thread's register (a single decoder still reads the whole row
 * of every lane; a per-lane or crossbar file one bank, plus for the
 * crossbar one transfer each way), the leakage and the area. */
void paper_lrf_energy_rows(area_paper_report *p, const area_tech *t, const char *what,
                           unsigned lanes, unsigned entries, unsigned regs);

/* "<label>: the paper's array alone": our area of the single array the
 * published figure `pub_id` describes (its calibration geometry), beside
 * that figure.  Nothing when the figure has no geometry. */
void paper_bare_array_row(area_paper_report *p, const area_tech *t, const char *label,
                          const char *pub_id, double scale);

/* A summary row (a total, a share, an overhead) of the value ours. */
area_row *paper_summary(area_paper_report *p, const char *label, const char *unit, double ours);

/* A storage row (bits) from a cfg's bit count, beside a published size. */
void paper_bits_row(area_paper_report *p, const char *label, double bits, const char *config,
                    const char *pub_id);

/* A published figure whose structure is not modelled: its status names the
 * structure that will model it (or says that none is planned).  When that
 * structure lands, its row becomes a `paper_row_desc` from its area_desc_NAME. */
area_row *paper_pending(area_paper_report *p, const char *label, const char *id, double scale,
                        const char *why);

#endif
