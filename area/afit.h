/* SPDX-License-Identifier: Apache-2.0 */
/*
 * afit.h -- fitting the area model's circuit constants to CACTI runs
 * (issue 29 item 3).
 *
 * What it models: `area fit-area`.  The continuous circuit constants of
 * tech.h (decoder strip, column strip, CAM periphery, bank-edge latches and
 * timing) are fitted to reference areas by minimizing
 * the mean squared log error, sum_i log(ours_i / ref_i)^2 / n, plus a weak
 * pull (AREA_AFIT_RIDGE x the squared log distance) toward the starting
 * constants.  Every evaluation re-chooses each array's organisation with
 * the trial constants, so the fit is a derivative-free search
 * (Nelder-Mead on the logs of the constants, restarted until it stops
 * improving).  The cell, wire pitches and subarray limits are not fitted.
 * Cross-validation: k folds by row position, as efit.h.
 * Validity: as the reference CSV (calib.h); at most AREA_REFS_MAX rows.
 */
#ifndef AREA_AFIT_H
#define AREA_AFIT_H

#include "calib.h"
#include "tech.h"

#ifdef __cplusplus
extern "C" {
#endif

#define AREA_AFIT_N 12
#define AREA_AFIT_RIDGE 0.002

typedef struct {
    unsigned n;
    double median, worst; /* |ours / ref - 1| */
} area_astat;

const char *area_aconst_name(unsigned j);
double *area_aconst_field(area_consts *c, unsigned j);

/* Area of a reference row under constants c (NAN on error). */
double area_ref_eval_consts(const area_ref *row, const area_consts *c);
/* Statistics of c on the rows with use[i] (NULL: all). */
void area_consts_stats(const area_ref *rows, unsigned n, const unsigned char *use,
                       const area_consts *c, area_astat *st);
/* Fits out to the rows with use[i] (NULL: all), starting from start
 * (NULL: the built-in constants), within max_evals evaluations. */
const char *area_fit_consts(const area_ref *rows, unsigned n, const unsigned char *use,
                            const area_consts *start, unsigned max_evals, area_consts *out);
/* k-fold cross-validation: each fold predicted by a fit on the others
 * (row i is in fold i % k).  held (NULL: not wanted, else n values): row
 * i's held-out signed error, ours / CACTI - 1, from the fit without its
 * fold (`fit-area --worst`: which runs stay worst when held out). */
const char *area_fit_crossval(const area_ref *rows, unsigned n, unsigned k, unsigned max_evals,
                              area_astat *st, double *held);

#ifdef __cplusplus
}
#endif

#endif /* AREA_AFIT_H */
