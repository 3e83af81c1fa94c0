/* SPDX-License-Identifier: Apache-2.0 */
/*
 * afit.c -- Nelder-Mead fit of the area model's circuit constants (afit.h).
 *
 * Source of the method: Nelder and Mead's simplex search (reflection,
 * expansion, contraction, shrink), restarted from its best point.
 * Departures: a local search; the objective is piecewise smooth (the
 * organisation changes in steps), which the restarts tolerate.
 */
#include "afit.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"

static const char *const names[AREA_AFIT_N] = {
    "dec_base_f", "dec_bit_f", "dec_load_f", "col_pre_f", "col_sa_f",  "col_wd_f",  "col_load_f",
    "col_sld_f",  "ml_sense_f", "io_ge",     "addr_ge",   "timing_ge",
};

const char *area_aconst_name(unsigned j) { return j < AREA_AFIT_N ? names[j] : "?"; }

double *area_aconst_field(area_consts *c, unsigned j)
{
    double *f[AREA_AFIT_N] = {&c->dec_base_f, &c->dec_bit_f, &c->dec_load_f, &c->col_pre_f,
                              &c->col_sa_f,   &c->col_wd_f,  &c->col_load_f, &c->col_sld_f,
                              &c->ml_sense_f, &c->io_ge,     &c->addr_ge,    &c->timing_ge};
    return j < AREA_AFIT_N ? f[j] : NULL;
}

double area_ref_eval_consts(const area_ref *row, const area_consts *c)
{
    area_tech t;
    area_result r;
    if (area_tech_at(row->nm, NULL, &t))
        return NAN;
    t.c = *c;
    if (area_array_eval(&t, &row->a, &r))
        return NAN;
    return r.total_mm2;
}

void area_consts_stats(const area_ref *rows, unsigned n, const unsigned char *use,
                       const area_consts *c, area_astat *st)
{
    static double e[AREA_REFS_MAX];
    unsigned i, m = 0;
    for (i = 0; i < n; i++)
        if (!use || use[i])
            e[m++] = fabs(area_ref_eval_consts(&rows[i], c) / rows[i].area_mm2 - 1.0);
    st->n = m;
    area_err_stats(e, m, &st->median, &st->worst);
}

typedef struct {
    const area_ref *rows;
    unsigned n;
    const unsigned char *use;
    area_consts base;
} fit_ctx;

/* x: log(constant / start) */
static double objective(const fit_ctx *k, const double *x)
{
    area_consts c = k->base;
    double s = 0, ridge = 0;
    unsigned i, j, m = 0;
    for (j = 0; j < AREA_AFIT_N; j++) {
        double *f = area_aconst_field(&c, j);
        *f *= exp(x[j]);
        ridge += x[j] * x[j];
    }
    for (i = 0; i < k->n; i++) {
        double a;
        if (k->use && !k->use[i])
            continue;
        a = area_ref_eval_consts(&k->rows[i], &c);
        if (!(a > 0) || !isfinite(a))
            return 1e300;
        a = log(a / k->rows[i].area_mm2);
        s += a * a;
        m++;
    }
    return m ? s / m + AREA_AFIT_RIDGE * ridge : 1e300;
}

#define D AREA_AFIT_N

static void nelder_mead(const fit_ctx *k, double *x0, unsigned max_evals)
{
    double p[D + 1][D], fv[D + 1], c[D], xr[D], xe[D], xc[D];
    unsigned i, j, evals = 0, restart;
    for (restart = 0; restart < 6 && evals < max_evals; restart++) {
        double start_f;
        for (i = 0; i <= D; i++) {
            memcpy(p[i], x0, sizeof p[i]);
            if (i > 0)
                p[i][i - 1] += restart ? 0.15 : 0.4;
            fv[i] = objective(k, p[i]);
            evals++;
        }
        start_f = fv[0];
        while (evals < max_evals) {
            unsigned hi = 0, lo = 0, nh = 0;
            double fr;
            for (i = 0; i <= D; i++) {
                if (fv[i] > fv[hi])
                    hi = i;
                if (fv[i] < fv[lo])
                    lo = i;
            }
            nh = lo;
            for (i = 0; i <= D; i++)
                if (i != hi && fv[i] > fv[nh])
                    nh = i;
            if (fv[hi] - fv[lo] < 1e-9 * (fabs(fv[lo]) + 1e-12))
                break;
            for (j = 0; j < D; j++) {
                c[j] = 0;
                for (i = 0; i <= D; i++)
                    if (i != hi)
                        c[j] += p[i][j] / D;
            }
            for (j = 0; j < D; j++)
                xr[j] = c[j] + (c[j] - p[hi][j]);
            fr = objective(k, xr);
            evals++;
            if (fr < fv[lo]) {
                double fe;
                for (j = 0; j < D; j++)
                    xe[j] = c[j] + 2.0 * (c[j] - p[hi][j]);
                fe = objective(k, xe);
                evals++;
                if (fe < fr) {
                    memcpy(p[hi], xe, sizeof xe);
                    fv[hi] = fe;
                } else {
                    memcpy(p[hi], xr, sizeof xr);
                    fv[hi] = fr;
                }
            } else if (fr < fv[nh]) {
                memcpy(p[hi], xr, sizeof xr);
                fv[hi] = fr;
            } else {
                double fc;
                for (j = 0; j < D; j++)
                    xc[j] = c[j] + 0.5 * (p[hi][j] - c[j]);
                fc = objective(k, xc);
                evals++;
                if (fc < fv[hi]) {
                    memcpy(p[hi], xc, sizeof xc);
                    fv[hi] = fc;
                } else {
                    for (i = 0; i <= D; i++)
                        if (i != lo) {
                            for (j = 0; j < D; j++)
                                p[i][j] = p[lo][j] + 0.5 * (p[i][j] - p[lo][j]);
                            fv[i] = objective(k, p[i]);
                            evals++;
                        }
                }
            }
        }
        {
            unsigned lo = 0;
            for (i = 0; i <= D; i++)
                if (fv[i] < fv[lo])
                    lo = i;
            memcpy(x0, p[lo], sizeof p[lo]);
            if (start_f - fv[lo] < 1e-7)
                break;
        }
    }
}

const char *area_fit_consts(const area_ref *rows, unsigned n, const unsigned char *use,
                            const area_consts *start, unsigned max_evals, area_consts *out)
{
    fit_ctx k;
    double x[D];
    unsigned j;
    if (n == 0 || n > AREA_REFS_MAX)
        return "fit-area: need 1..256 runs";
    k.rows = rows;
    k.n = n;
    k.use = use;
    k.base = start ? *start : *area_default_consts();
    memset(x, 0, sizeof x);
    if (!(objective(&k, x) < 1e300))
        return "fit-area: a run is outside the model's range";
    nelder_mead(&k, x, max_evals);
    *out = k.base;
    for (j = 0; j < D; j++)
        *area_aconst_field(out, j) *= exp(x[j]);
    return NULL;
}

const char *area_fit_crossval(const area_ref *rows, unsigned n, unsigned k, unsigned max_evals,
                              area_astat *st, double *held)
{
    static double e[AREA_REFS_MAX];
    unsigned char use[AREA_REFS_MAX];
    unsigned fold, i, m = 0;
    if (k < 2 || k > n)
        return "fit-area cross-validation: folds must be 2..runs";
    for (fold = 0; fold < k; fold++) {
        area_consts c;
        const char *err;
        for (i = 0; i < n; i++)
            use[i] = i % k != fold;
        if ((err = area_fit_consts(rows, n, use, NULL, max_evals, &c)))
            return err;
        for (i = 0; i < n; i++)
            if (!use[i]) {
                double d = area_ref_eval_consts(&rows[i], &c) / rows[i].area_mm2 - 1.0;
                e[m++] = fabs(d);
                if (held)
                    held[i] = d;
            }
    }
    st->n = m;
    area_err_stats(e, m, &st->median, &st->worst);
    return NULL;
}
