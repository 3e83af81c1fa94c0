/* SPDX-License-Identifier: Apache-2.0 */
/*
 * efit.c -- least-squares fit of the energy constants (model: efit.h).
 *
 * Source of the method: constrained linear least squares by coordinate
 * descent (convex), alternated with a closed-form scale per node for the
 * leakage.  Departures: the fit cannot change an organisation (the area
 * model picks it); it weighs every run equally.
 */
#include "efit.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"

#define NP (AREA_EFIT_DYN + AREA_EFIT_LEAK)

static const char *const pnames[NP] = {
    "e_dec", "e_wl", "e_bl_rd", "e_bl_wr", "e_sa", "e_wd", "e_wire", "e_abc", "e_sl", "e_ml",
    "e_mls",
    "l_cell", "l_port", "l_peri", "l_route",
};

const char *area_eparam_name(unsigned j) { return j < NP ? pnames[j] : "?"; }

static double *cfield(area_consts *c, unsigned j)
{
    double *f[NP] = {&c->e_dec,  &c->e_wl,  &c->e_bl_rd, &c->e_bl_wr, &c->e_sa, &c->e_wd,
                     &c->e_wire, &c->e_abc, &c->e_sl,    &c->e_ml,    &c->e_mls,
                     &c->l_cell, &c->l_port, &c->l_peri, &c->l_route};
    return f[j];
}

void area_eparams_builtin(area_eparams *p)
{
    unsigned j, n;
    const area_node *tab = area_tech_table(&n);
    area_consts c = *area_default_consts();
    for (j = 0; j < AREA_EFIT_DYN; j++)
        p->dyn[j] = *cfield(&c, j);
    for (j = 0; j < AREA_EFIT_LEAK; j++)
        p->leak[j] = *cfield(&c, AREA_EFIT_DYN + j);
    for (j = 0; j < AREA_EFIT_NODES && j < n; j++)
        p->i_off[j] = tab[j].i_off;
}

void area_eparams_apply(const area_eparams *p, area_tech *t)
{
    unsigned j, row;
    double u;
    for (j = 0; j < AREA_EFIT_DYN; j++)
        *cfield(&t->c, j) = p->dyn[j];
    for (j = 0; j < AREA_EFIT_LEAK; j++)
        *cfield(&t->c, AREA_EFIT_DYN + j) = p->leak[j];
    area_tech_interp(t->node.nm, &row, &u);
    t->node.i_off = row + 1 < AREA_EFIT_NODES
                        ? p->i_off[row] + (p->i_off[row + 1] - p->i_off[row]) * u
                        : p->i_off[row];
}

/* ------------------------------------------------------------- features */

typedef struct {
    unsigned node;                         /* table row */
    double e0[3], phi[3][AREA_EFIT_DYN];   /* read, write, search */
    double psi[AREA_EFIT_LEAK];            /* leakage at i_off = 1 */
    double ref[AREA_EQ_N];                 /* CACTI (0: absent) */
} feat;

static const char *eval_with(const area_ref *row, const area_consts *c, area_result *r)
{
    area_tech t;
    const char *e = area_tech_at(row->nm, NULL, &t);
    if (e)
        return e;
    t.c = *c;
    t.node.i_off = 1.0;
    return area_array_eval(&t, &row->a, r);
}

static const char *features(const area_ref *row, feat *f)
{
    area_consts c0 = *area_default_consts(), c;
    area_result r;
    unsigned j, row_i;
    double u;
    const char *e;
    memset(f, 0, sizeof *f);
    area_tech_interp(row->nm, &row_i, &u);
    if (u > 1e-9 && u < 1 - 1e-9)
        return "energy fit: a run's node is not a row of the technology table";
    f->node = u > 0.5 ? row_i + 1 : row_i;
    for (j = 0; j < NP; j++)
        *cfield(&c0, j) = 0.0;
    if ((e = eval_with(row, &c0, &r)))
        return e;
    f->e0[0] = r.read_nj;
    f->e0[1] = r.write_nj;
    f->e0[2] = r.search_nj;
    for (j = 0; j < NP; j++) {
        c = c0;
        *cfield(&c, j) = 1.0;
        if ((e = eval_with(row, &c, &r)))
            return e;
        if (j < AREA_EFIT_DYN) {
            f->phi[0][j] = r.read_nj - f->e0[0];
            f->phi[1][j] = r.write_nj - f->e0[1];
            f->phi[2][j] = r.search_nj - f->e0[2];
        } else {
            f->psi[j - AREA_EFIT_DYN] = r.leak_bank_mw;
        }
    }
    f->ref[AREA_EQ_READ] = row->read_nj;
    f->ref[AREA_EQ_WRITE] = row->write_nj;
    f->ref[AREA_EQ_SEARCH] = row->a.kind == AK_CAM ? row->search_nj : 0.0;
    f->ref[AREA_EQ_LEAK] = row->leak_mw;
    return NULL;
}

static double predict(const feat *f, const area_eparams *p, unsigned eq)
{
    unsigned j;
    double s = 0;
    if (eq == AREA_EQ_LEAK) {
        for (j = 0; j < AREA_EFIT_LEAK; j++)
            s += p->leak[j] * f->psi[j];
        return s * p->i_off[f->node];
    }
    s = f->e0[eq];
    for (j = 0; j < AREA_EFIT_DYN; j++)
        s += p->dyn[j] * f->phi[eq][j];
    return s;
}

/* Coordinate descent on sum_r (o_r + a_r . x - 1)^2 + ridge sum_j (x_j/c_j - 1)^2,
 * x >= 0, for m unknowns (those with free[j]). */
static void nnls(unsigned m, unsigned rows, const double *a, const double *o, const double *ctr,
                 const unsigned char *free_, double ridge, double *x)
{
    double G[16][16], b[16];
    unsigned i, j, k, sweep;
    memset(G, 0, sizeof G);
    memset(b, 0, sizeof b);
    for (i = 0; i < rows; i++)
        for (j = 0; j < m; j++) {
            b[j] += a[i * m + j] * (1.0 - o[i]);
            for (k = 0; k < m; k++)
                G[j][k] += a[i * m + j] * a[i * m + k];
        }
    for (j = 0; j < m; j++)
        if (ctr[j] > 0) {
            G[j][j] += ridge / (ctr[j] * ctr[j]);
            b[j] += ridge / ctr[j];
        }
    for (sweep = 0; sweep < 20000; sweep++) {
        double change = 0;
        for (j = 0; j < m; j++) {
            double r = b[j], xn;
            if (!free_[j] || G[j][j] <= 0)
                continue;
            for (k = 0; k < m; k++)
                if (k != j)
                    r -= G[j][k] * x[k];
            xn = r / G[j][j];
            if (xn < 0)
                xn = 0;
            change = fmax(change, fabs(xn - x[j]) / fmax(fabs(x[j]), 1e-12));
            x[j] = xn;
        }
        if (change < 1e-10)
            break;
    }
}

static const char *fit_feats(const feat *f, unsigned n, const unsigned char *use,
                             const area_eparams *start, area_eparams *p)
{
    static double a[3 * AREA_REFS_MAX * AREA_EFIT_DYN], o[3 * AREA_REFS_MAX];
    unsigned char fr[AREA_EFIT_DYN], frl[AREA_EFIT_LEAK];
    unsigned i, j, eq, m = 0, it;
    *p = *start;
    memset(fr, 1, sizeof fr);
    for (i = 0; i < n; i++) {
        if (use && !use[i])
            continue;
        for (eq = 0; eq < 3; eq++) {
            if (!(f[i].ref[eq] > 0))
                continue;
            for (j = 0; j < AREA_EFIT_DYN; j++)
                a[m * AREA_EFIT_DYN + j] = f[i].phi[eq][j] / f[i].ref[eq];
            o[m] = f[i].e0[eq] / f[i].ref[eq];
            m++;
        }
    }
    if (m == 0)
        return "energy fit: no run with an energy";
    nnls(AREA_EFIT_DYN, m, a, o, start->dyn, fr, AREA_EFIT_RIDGE, p->dyn);
    /* leakage: l_cell fixed (the scale is i_off's); alternate */
    memset(frl, 1, sizeof frl);
    frl[0] = 0;
    for (it = 0; it < 200; it++) {
        unsigned nd;
        m = 0;
        for (i = 0; i < n; i++) {
            if ((use && !use[i]) || !(f[i].ref[AREA_EQ_LEAK] > 0))
                continue;
            for (j = 0; j < AREA_EFIT_LEAK; j++)
                a[m * AREA_EFIT_LEAK + j] = f[i].psi[j] * p->i_off[f[i].node] / f[i].ref[AREA_EQ_LEAK];
            o[m] = 0.0;
            m++;
        }
        if (m == 0)
            break;
        /* the fixed l_cell enters as the offset */
        for (i = 0; i < m; i++) {
            o[i] = a[i * AREA_EFIT_LEAK] * p->leak[0];
            a[i * AREA_EFIT_LEAK] = 0.0;
        }
        nnls(AREA_EFIT_LEAK, m, a, o, start->leak, frl, AREA_EFIT_RIDGE, p->leak);
        for (nd = 0; nd < AREA_EFIT_NODES; nd++) {
            double sq = 0, s2 = 0;
            for (i = 0; i < n; i++) {
                double q;
                if ((use && !use[i]) || f[i].node != nd || !(f[i].ref[AREA_EQ_LEAK] > 0))
                    continue;
                q = predict(&f[i], p, AREA_EQ_LEAK) / f[i].ref[AREA_EQ_LEAK];
                sq += q;
                s2 += q * q;
            }
            if (s2 > 0)
                p->i_off[nd] *= sq / s2;
        }
    }
    for (j = 0; j < AREA_EFIT_DYN; j++)
        if (!isfinite(p->dyn[j]))
            return "energy fit: a constant is not finite";
    return NULL;
}

static const char *all_features(const area_ref *rows, unsigned n, feat **out)
{
    unsigned i;
    const char *e;
    feat *f;
    if (n == 0 || n > AREA_REFS_MAX)
        return "energy fit: need 1..256 runs";
    f = calloc(n, sizeof *f);
    if (!f)
        return "energy fit: out of memory";
    for (i = 0; i < n; i++)
        if ((e = features(&rows[i], &f[i]))) {
            free(f);
            return e;
        }
    *out = f;
    return NULL;
}

const char *area_energy_predict(const area_ref *row, const area_eparams *p, double out[AREA_EQ_N])
{
    feat f;
    unsigned eq;
    const char *e = features(row, &f);
    if (e)
        return e;
    for (eq = 0; eq < AREA_EQ_N; eq++)
        out[eq] = predict(&f, p, eq);
    return NULL;
}

const char *area_read_group_name(unsigned g)
{
    static const char *const nm[AREA_PG_N] = {"row", "bitline", "sense", "data", "network",
                                              "logic"};
    return g < AREA_PG_N ? nm[g] : "?";
}

const char *area_read_groups(const area_ref *row, const area_eparams *p,
                             double cacti[AREA_PG_N], double ours[AREA_PG_N])
{
    const double *cp = row->cacti_part, *op;
    area_tech t;
    area_result r;
    const char *e;
    if (!row->has_parts)
        return "read groups: the run has no CACTI read-energy parts";
    if ((e = area_tech_at(row->nm, NULL, &t)))
        return e;
    area_eparams_apply(p, &t);
    if ((e = area_array_eval(&t, &row->a, &r)))
        return e;
    op = r.read_part;
    cacti[AREA_PG_ROW] = cp[AREA_CP_DEC] + cp[AREA_CP_WL] + cp[AREA_CP_OTHER];
    cacti[AREA_PG_BL] = cp[AREA_CP_PRE] + cp[AREA_CP_BL] + cp[AREA_CP_BLMUX];
    cacti[AREA_PG_SA] = cp[AREA_CP_SA] + cp[AREA_CP_SAMUX];
    cacti[AREA_PG_DATA] = cp[AREA_CP_OUT];
    cacti[AREA_PG_NET] = cp[AREA_CP_HTREE];
    cacti[AREA_PG_LOGIC] = 0.0;
    ours[AREA_PG_ROW] = op[AREA_RP_DEC] + op[AREA_RP_WL] + op[AREA_RP_ADDR];
    ours[AREA_PG_BL] = op[AREA_RP_BL];
    ours[AREA_PG_SA] = op[AREA_RP_SA];
    ours[AREA_PG_DATA] = op[AREA_RP_DATA];
    ours[AREA_PG_NET] = op[AREA_RP_NET];
    ours[AREA_PG_LOGIC] = op[AREA_RP_LOGIC];
    return NULL;
}

const char *area_energy_terms(const area_ref *row, const area_eparams *p, unsigned eq,
                              double terms[AREA_EFIT_DYN + 1])
{
    feat f;
    unsigned j;
    const char *e;
    if (eq > AREA_EQ_SEARCH)
        return "energy terms: read, write or search only";
    if ((e = features(row, &f)))
        return e;
    for (j = 0; j < AREA_EFIT_DYN; j++)
        terms[j] = p->dyn[j] * f.phi[eq][j];
    terms[AREA_EFIT_DYN] = f.e0[eq];
    return NULL;
}

const char *area_energy_fit(const area_ref *rows, unsigned n, const unsigned char *use,
                            const area_eparams *start, area_eparams *p)
{
    feat *f;
    area_eparams b;
    const char *e = all_features(rows, n, &f);
    if (e)
        return e;
    if (!start) {
        area_eparams_builtin(&b);
        start = &b;
    }
    e = fit_feats(f, n, use, start, p);
    free(f);
    return e;
}

static void finish_stat(double *err, unsigned n, area_estat *s)
{
    s->n = n;
    area_err_stats(err, n, &s->median, &s->worst);
}

/* Adds |pred/ref - 1| of rows in `use` to the pools. */
static void pool_errors(const feat *f, unsigned n, const unsigned char *use, const area_eparams *p,
                        double *err, unsigned cnt[AREA_EQ_N])
{
    unsigned i, eq;
    for (i = 0; i < n; i++) {
        if (use && !use[i])
            continue;
        for (eq = 0; eq < AREA_EQ_N; eq++)
            if (f[i].ref[eq] > 0)
                err[eq * AREA_REFS_MAX + cnt[eq]++] =
                    fabs(predict(&f[i], p, eq) / f[i].ref[eq] - 1.0);
    }
}

const char *area_energy_stats(const area_ref *rows, unsigned n, const unsigned char *use,
                              const area_eparams *p, area_estat st[AREA_EQ_N])
{
    static double err[AREA_EQ_N * AREA_REFS_MAX];
    unsigned cnt[AREA_EQ_N] = {0}, eq;
    feat *f;
    const char *e = all_features(rows, n, &f);
    if (e)
        return e;
    pool_errors(f, n, use, p, err, cnt);
    for (eq = 0; eq < AREA_EQ_N; eq++)
        finish_stat(err + eq * AREA_REFS_MAX, cnt[eq], &st[eq]);
    free(f);
    return NULL;
}

const char *area_energy_crossval(const area_ref *rows, unsigned n, unsigned k,
                                 area_estat st[AREA_EQ_N], double *held_err)
{
    static double err[AREA_EQ_N * AREA_REFS_MAX];
    unsigned char use[AREA_REFS_MAX], held[AREA_REFS_MAX];
    unsigned cnt[AREA_EQ_N] = {0}, fold, i, eq;
    area_eparams b, p;
    feat *f;
    const char *e;
    if (k < 2 || k > n)
        return "energy cross-validation: folds must be 2..runs";
    if ((e = all_features(rows, n, &f)))
        return e;
    area_eparams_builtin(&b);
    for (fold = 0; fold < k && !e; fold++) {
        for (i = 0; i < n; i++) {
            held[i] = i % k == fold;
            use[i] = !held[i];
        }
        if ((e = fit_feats(f, n, use, &b, &p)))
            break;
        pool_errors(f, n, held, &p, err, cnt);
        for (i = 0; i < n && held_err; i++)
            for (eq = 0; eq < AREA_EQ_N && held[i]; eq++)
                held_err[i * AREA_EQ_N + eq] =
                    f[i].ref[eq] > 0 ? predict(&f[i], &p, eq) / f[i].ref[eq] - 1.0 : NAN;
    }
    for (eq = 0; eq < AREA_EQ_N; eq++)
        finish_stat(err + eq * AREA_REFS_MAX, cnt[eq], &st[eq]);
    free(f);
    return e;
}
