/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sweep.h -- design-point sweeps: a structure's area across one parameter.
 *
 * What it models: `area sweep` (issue 19 item 4).  Each point is the
 * structure built by area_desc_module() -- the same cfg its C model and its
 * Verilog use, with the named Verilog parameter set to the point's value
 * and the other parameters at their defaults or at the fixed values given
 * -- and costed at one node with one organisation goal.  Several modules
 * that share the parameter are swept side by side (one line each).
 * Output: a text table, CSV, or an SVG line chart (area in mm^2 against the
 * parameter, one polyline and legend entry per module, linear axes from 0,
 * tick labels on both).
 *
 * Validity: 2..AREA_SWEEP_MAX_POINTS values, 1..AREA_SWEEP_MAX_MODULES
 * modules; a value a structure's cfg_check rejects is an error naming the
 * module, the parameter and the value (nothing is skipped).
 */
#ifndef AREA_SWEEP_H
#define AREA_SWEEP_H

#include <stddef.h>
#include <stdio.h>

#include "structs.h"
#include "tech.h"

#ifdef __cplusplus
extern "C" {
#endif

#define AREA_SWEEP_MAX_POINTS 64
#define AREA_SWEEP_MAX_MODULES 4
#define AREA_SWEEP_MAX_FIXED 8

typedef struct {
    char param[32];
    unsigned nx;
    unsigned x[AREA_SWEEP_MAX_POINTS];
    unsigned nmod;
    char module[AREA_SWEEP_MAX_MODULES][32];
    char config[AREA_SWEEP_MAX_MODULES][AREA_SWEEP_MAX_POINTS][160];
    area_result res[AREA_SWEEP_MAX_MODULES][AREA_SWEEP_MAX_POINTS];
    unsigned long bits[AREA_SWEEP_MAX_MODULES][AREA_SWEEP_MAX_POINTS];
    char fixed[160];  /* the fixed parameters, "NAME=V ..." or "" */
    double nm;
    area_goal goal;
} area_sweep;

/* Costs every module at every value of `param` (the other parameters in
 * fnames/fvalues, nfixed of them).  Returns NULL or a one-line message
 * (written into err). */
const char *area_sweep_run(const char *const *modules, unsigned nmod, const char *param,
                           const unsigned *xs, unsigned nx, const char *const *fnames,
                           const unsigned *fvalues, unsigned nfixed, const area_tech *t,
                           area_sweep *s, char *err, size_t errlen);

/* format: "text", "csv" or "svg".  Returns 0 on success. */
int area_sweep_write(FILE *f, const area_sweep *s, const char *format);
int area_sweep_format_ok(const char *format);

#ifdef __cplusplus
}
#endif

#endif /* AREA_SWEEP_H */
