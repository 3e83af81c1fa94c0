/* SPDX-License-Identifier: Apache-2.0 */
/*
 * calib.h -- fitting the technology constants to reference areas.
 *
 * What it models: `area calibrate`.  The estimator's area is linear in the
 * six class multipliers of a profile (tech.h): area_i = sum_g A_ig k_g,
 * where A_ig is the default-constant area of class g for reference row i
 * (the organisation of each array is chosen with the default constants and
 * kept).  The fit minimizes the sum of squared relative errors,
 * sum_i (area_i / published_i - 1)^2, with every k_g in [0.01, 100], by
 * projected coordinate descent (the problem is convex, so it converges to
 * the constrained least-squares optimum).  Classes absent from every
 * reference row keep k = 1.
 *
 * Reference CSV: columns kind,tech_nm,entries,width_bits,rw_ports,rd_ports,
 * wr_ports,search_ports,banks,area_mm2 in that order, or any order under a
 * header line naming them; optional ways, tag_bits and label columns ('#'
 * comments and blank lines are skipped).  CACTI run tables are read as they
 * are: `type` is taken for kind (ram, cam, or fa_cache: a fully associative
 * cache, costed as a CAM searched on every read port), `name` for label,
 * and `access_ns` is accepted and ignored; so are `type` cache_dm (a
 * direct-mapped cache: costed as one RAM of its tag and data bits) and the
 * energy columns of cacti7_energy_tuning.csv (read_energy_nJ,
 * write_energy_nJ, search_energy_nJ, leakage_mW: kept in the row for the
 * energy fit; gate_leakage_mW: ignored).  An optional column may be empty.  A row with more fields than
 * the header (or, without one, than the 13 columns above), a repeated
 * header column, or an area outside AREA_REF_MIN_MM2..AREA_REF_MAX_MM2 is
 * an error.  `area refs` writes one from the
 * published table.  Validity: every row must pass the array checks and have
 * a node in 22..90 nm and a positive area; at most AREA_REFS_MAX rows.
 */
#ifndef AREA_CALIB_H
#define AREA_CALIB_H

#include <stddef.h>

#include "array.h"
#include "tech.h"

#ifdef __cplusplus
extern "C" {
#endif

#define AREA_REFS_MAX 256
/* A reference area must lie in this range (mm^2): a bit cell at 22 nm is
 * about 7e-8 mm^2, a whole chip about 1e3 */
#define AREA_REF_MIN_MM2 1e-9
#define AREA_REF_MAX_MM2 1e5

/* CACTI 7's own split of its read energy (nJ) and its organisation, optional
 * columns of a reference table (tests/data/cacti7_energy_parts.csv; printed by
 * CACTI at its detailed print level): decoder, wordline, bitline mux, sense-amp
 * mux, bitline precharge, bitlines, sense amplifiers, sub-array output driver
 * (the data's wires from the subarray to the bank's edge), H-tree (the
 * network between banks and between mats), and the rest of CACTI's total that
 * it does not itemise; then its geometry (mm): mat height and width, subarray
 * height and width.  Set beside ours by `area energy-fit --parts`. */
enum {
    AREA_CP_DEC, AREA_CP_WL, AREA_CP_BLMUX, AREA_CP_SAMUX, AREA_CP_PRE, AREA_CP_BL, AREA_CP_SA,
    AREA_CP_OUT, AREA_CP_HTREE, AREA_CP_OTHER, AREA_CP_N
};
enum { AREA_CO_NDWL, AREA_CO_NDBL, AREA_CO_NSPD, AREA_CO_NDCM, AREA_CO_N };
enum { AREA_CG_MAT_H, AREA_CG_MAT_W, AREA_CG_SUB_H, AREA_CG_SUB_W, AREA_CG_N };

typedef struct {
    area_array a;
    double nm;
    double area_mm2;
    /* CACTI's energy columns when present (0 when absent): read, write and
     * search energy per access (nJ), subthreshold leakage (mW; of one bank
     * and the network for a banked array) */
    double read_nj, write_nj, search_nj, leak_mw;
    /* CACTI's read energy by part, organisation, geometry: has_parts is 1
     * when every one of these columns is present */
    int has_parts;
    double cacti_part[AREA_CP_N];
    unsigned cacti_org[AREA_CO_N];
    double cacti_geom[AREA_CG_N];
    char label[96];
    unsigned line;
} area_ref;

typedef struct {
    area_profile fitted;
    unsigned used[AC_N];             /* 1 if the class occurs in the references */
    double before[AREA_REFS_MAX];    /* our area with the starting profile */
    double after[AREA_REFS_MAX];     /* ... with the fitted one */
    double rms_before, rms_after;    /* RMS of (ours/published - 1) */
    double worst_before, worst_after; /* largest |log10(ours/published)| */
    unsigned sweeps;
} area_fit;

/* Loads a reference CSV.  Returns NULL or a one-line message (in err). */
const char *area_refs_load(const char *path, area_ref *rows, unsigned max, unsigned *n, char *err,
                           size_t errlen);
/* Parses one CSV text (for tests); same contract. */
const char *area_refs_parse(const char *text, const char *name, area_ref *rows, unsigned max,
                            unsigned *n, char *err, size_t errlen);

/* Fits the profile; start = NULL for the defaults.  Returns NULL or a message. */
const char *area_calibrate(const area_ref *rows, unsigned n, const area_profile *start,
                           area_fit *fit);

/* Median and largest of the n values e (sorted in place); 0s for n = 0. */
void area_err_stats(double *e, unsigned n, double *median, double *worst);

/* Area of one reference row under profile p (NAN on error). */
double area_ref_eval(const area_ref *row, const area_profile *p);

#ifdef __cplusplus
}
#endif

#endif /* AREA_CALIB_H */
