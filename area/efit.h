/* SPDX-License-Identifier: Apache-2.0 */
/*
 * efit.h -- fitting the energy constants to CACTI runs (issue 29).
 *
 * What it models: `area energy-fit`.  The energy model of array.h is linear
 * in its dynamic constants once the organisation is fixed (the area model
 * chooses it, energy never does): E = E0 + sum_j k_j phi_j, where phi_j is
 * the energy with constant j alone at 1 and E0 the part from the logic
 * constants (c_ge, act_logic: stated, not fitted).  Leakage is
 * i_off(node) * sum_j l_j psi_j with l_cell fixed at 1 (it sets the scale
 * that i_off absorbs).  The fit minimizes the summed squared relative error
 * of every read, write and search energy given (one system), and of the
 * leakage (alternating between the l_j and each node's i_off, which has a
 * closed form), with every constant >= 0, by coordinate descent; a weak
 * pull (AREA_EFIT_RIDGE) toward the built-in values keeps the constants
 * that few runs constrain (the CAM's, from 4 searches) where physics put
 * them.  Leakage is compared as CACTI reports it: one bank and the network
 * (area_result.leak_bank_mw).
 *
 * Cross-validation: k folds by row position (row i in fold i mod k); each
 * fold is predicted by a fit on the others, and the errors of every
 * prediction are pooled: a proxy for the error on runs the fit has not
 * seen.  Validity: rows must have a node of the technology table (90, 65,
 * 45, 40, 32, 22 nm); at most AREA_REFS_MAX.
 */
#ifndef AREA_EFIT_H
#define AREA_EFIT_H

#include "calib.h"
#include "tech.h"

#ifdef __cplusplus
extern "C" {
#endif

#define AREA_EFIT_DYN 11  /* e_dec .. e_mls */
#define AREA_EFIT_LEAK 4  /* l_cell, l_port, l_peri, l_route */
#define AREA_EFIT_NODES 6 /* the rows of the technology table */
#define AREA_EFIT_RIDGE 0.02

enum { AREA_EQ_READ = 0, AREA_EQ_WRITE = 1, AREA_EQ_SEARCH = 2, AREA_EQ_LEAK = 3, AREA_EQ_N = 4 };

typedef struct {
    double dyn[AREA_EFIT_DYN];
    double leak[AREA_EFIT_LEAK];
    double i_off[AREA_EFIT_NODES]; /* per row of area_tech_table() */
} area_eparams;

typedef struct {
    unsigned n;                    /* predictions compared */
    double median, worst;          /* |ours / CACTI - 1| */
} area_estat;

/* The constant names ("e_dec", ..., "l_route") and the built-in values. */
const char *area_eparam_name(unsigned j); /* 0..AREA_EFIT_DYN+AREA_EFIT_LEAK-1 */
void area_eparams_builtin(area_eparams *p);
/* Puts p into t (its node's i_off from the table row of t's node; a node
 * between rows interpolated as area_tech_at does). */
void area_eparams_apply(const area_eparams *p, area_tech *t);
/* Predicted read, write, search (nJ) and leakage (mW, one bank + network)
 * of one reference row under p.  Returns NULL or a message. */
const char *area_energy_predict(const area_ref *row, const area_eparams *p,
                                double out[AREA_EQ_N]);

/* Where one reference row's predicted dynamic energy comes from (issue 29
 * item 3): terms[j] = p's constant j times its feature phi_j (nJ), one per
 * dynamic constant (area_eparam_name(j)), and terms[AREA_EFIT_DYN] the
 * part from the logic constants (E0).  The terms sum to
 * area_energy_predict's figure for eq (AREA_EQ_READ, _WRITE or _SEARCH). */
const char *area_energy_terms(const area_ref *row, const area_eparams *p, unsigned eq,
                              double terms[AREA_EFIT_DYN + 1]);

/* One reference row's read energy in CACTI 7's split beside ours, grouped
 * alike (issue 29 item 3: which part of a worst run's read is off; the row
 * must carry CACTI's parts, area_ref.has_parts): the row (decoder and
 * wordline; CACTI's un-itemised rest; our address wires), the bitlines
 * (precharge and bitline mux included), the sense amplifiers (and their
 * mux), the data's wires between the subarray and the bank's edge
 * (CACTI's sub-array output driver), the network between banks and mats
 * (CACTI's H-tree), and the logic (our bank-edge latches and timing;
 * CACTI has no such part: 0).  Ours under p; each side sums to its read
 * energy.  Returns NULL or a message. */
enum { AREA_PG_ROW, AREA_PG_BL, AREA_PG_SA, AREA_PG_DATA, AREA_PG_NET, AREA_PG_LOGIC, AREA_PG_N };
const char *area_read_group_name(unsigned g);
const char *area_read_groups(const area_ref *row, const area_eparams *p,
                             double cacti[AREA_PG_N], double ours[AREA_PG_N]);

/* Fits p to the rows with use[i] != 0 (use NULL: every row).  start: the
 * pull's centre and the starting point (NULL: the built-in values). */
const char *area_energy_fit(const area_ref *rows, unsigned n, const unsigned char *use,
                            const area_eparams *start, area_eparams *p);
/* Error statistics of p on the rows with use[i] (NULL: all), per equation. */
const char *area_energy_stats(const area_ref *rows, unsigned n, const unsigned char *use,
                              const area_eparams *p, area_estat st[AREA_EQ_N]);
/* k-fold cross-validation (2 <= k <= n; row i in fold i % k): pooled
 * held-out statistics.  held (NULL: not wanted, else n x AREA_EQ_N values):
 * row i's held-out signed error per equation, ours / CACTI - 1, in
 * held[i * AREA_EQ_N + eq]; NAN where CACTI gives no figure. */
const char *area_energy_crossval(const area_ref *rows, unsigned n, unsigned k,
                                 area_estat st[AREA_EQ_N], double *held);

#ifdef __cplusplus
}
#endif

#endif /* AREA_EFIT_H */
