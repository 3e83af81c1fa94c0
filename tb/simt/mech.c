/* SPDX-License-Identifier: Apache-2.0 */
/*
 * mech.c -- the mechanism table (mech.h) and the bookkeeping every
 * mechanism shares: the launch queue, simt_stack's operations, the
 * register file's area.
 *
 * Adding a mechanism: write tb/simt/mech_NAME.c (const mech_ops mech_NAME)
 * and add one row to mech_table[] below.
 */
#include "mech.h"
#include "scalar.h"

#include <stdio.h>
#include <string.h>

#include "../../area/structs.h"
#include "../../rtl_c/dpe_stack.h"
#include "../../rtl_c/dwf.h"
#include "../../rtl_c/hct_cct_heap.h"
#include "../../rtl_c/lane_regfile.h"
#include "../../rtl_c/lane_shuffle.h"
#include "../../rtl_c/lwm_subwarp.h"
#include "../../rtl_c/sbi_scoreboard.h"
#include "../../rtl_c/shadow_scoreboard.h"
#include "../../rtl_c/simt_stack.h"
#include "../../rtl_c/swi_sched.h"
#include "../../rtl_c/tsimt_frontend.h"
#include "../../rtl_c/two_level_sched.h"

extern const mech_ops mech_spe, mech_dpe, mech_dwf, mech_sbi, mech_lwm, mech_simt_scalar;
extern const mech_ops mech_tsimt, mech_stsimt, mech_swi, mech_sbi_swi, mech_tsimt_scalar,
    mech_stsimt_scalar;

const mech_ops *const mech_table[] = {
    &mech_spe,
    &mech_dpe,
    &mech_dwf,
    &mech_sbi,
    &mech_tsimt,
    &mech_stsimt,
    &mech_lwm,
    &mech_swi,
    &mech_sbi_swi,
    &mech_simt_scalar,
    &mech_tsimt_scalar,
    &mech_stsimt_scalar,
    NULL,
};

void mech_scalar_cols(const core *c, mech_cols *k)
{
    const scalar_info *s = core_scalar(c);
    const core_stats *st = core_get_stats(c);
    if (!s || k->n + 5 > MECH_MAX_COLS)
        return;
    unsigned stat = 0, reach = 0;
    const prog *p = core_prog(c);
    for (unsigned pc = 0; pc < p->n; pc++)
        if (p->reachable[pc]) {
            reach++;
            stat += !s->ins_vector[pc];
        }
    k->name[k->n] = "scalar_issues";
    snprintf(k->value[k->n++], sizeof k->value[0], "%llu", (unsigned long long)st->scalar_issues);
    k->name[k->n] = "scalar_frac";
    snprintf(k->value[k->n++], sizeof k->value[0], "%.4f",
             st->warp_insts ? (double)st->scalar_issues / (double)st->warp_insts : 0.0);
    k->name[k->n] = "static_scalar";
    snprintf(k->value[k->n++], sizeof k->value[0], "%u/%u", stat, reach);
    k->name[k->n] = "vregs";
    snprintf(k->value[k->n++], sizeof k->value[0], "%u", s->units[SC_VEC_DATA]);
    k->name[k->n] = "sregs";
    snprintf(k->value[k->n++], sizeof k->value[0], "%u", s->units[SC_SCA_DATA]);
}

void mech_rf_cols(const core *c, mech_cols *k)
{
    unsigned v, s;
    if (k->n + 2 > MECH_MAX_COLS)
        return;
    core_rf_alloc(c, &v, &s);
    k->name[k->n] = "cta_slots";
    snprintf(k->value[k->n++], sizeof k->value[0], "%u", core_cta_slots(c));
    k->name[k->n] = "rf_regs_cta";
    snprintf(k->value[k->n++], sizeof k->value[0], "%llu",
             (unsigned long long)core_cta_warps(c) * ((unsigned long long)core_warp_size(c) * v + s));
}

const mech_ops *mech_find(const char *name)
{
    for (unsigned i = 0; mech_table[i]; i++)
        if (!strcmp(mech_table[i]->name, name))
            return mech_table[i];
    return NULL;
}

/* Every structure --param may name (the parameter tables of rtl_c). */
static const struct param_table *const param_tables[] = {
    &simt_stack_params,     &dpe_stack_params, &shadow_scoreboard_params, &hct_cct_heap_params,
    &sbi_scoreboard_params, &dwf_params,       &lane_regfile_params,      &lwm_subwarp_params,
    &two_level_sched_params, &tsimt_frontend_params, &swi_sched_params, &lane_shuffle_params,
};

const char *mech_param_check(const char *kv)
{
    static char msg[300];
    const char *dot = strchr(kv, '.');
    for (unsigned i = 0; dot && i < sizeof param_tables / sizeof param_tables[0]; i++) {
        const struct param_table *t = param_tables[i];
        if ((size_t)(dot - kv) != strlen(t->structure) || strncmp(kv, t->structure, (size_t)(dot - kv)))
            continue;
        uint64_t cfg[64]; /* any structure's cfg (unsigned fields) */
        params_default(t, cfg);
        const char *e = params_set(t, cfg, dot + 1);
        if (e)
            snprintf(msg, sizeof msg, "--param %s: %s", kv, e);
        return e ? msg : NULL;
    }
    snprintf(msg, sizeof msg, "--param: expected STRUCT.NAME=VALUE with STRUCT one of the "
             "structures build/simt --help lists, got '%s'", kv);
    return msg;
}

const char *mech_param_small(const core *c, char *msg, size_t len, const char *sp,
                             unsigned have, unsigned need, int eq, const char *why)
{
    const char *p = strchr(sp, '.');
    int given = core_param_given(c, sp);
    snprintf(msg, len, "%s%s=%u%s %s: %s (%s %s %u)", given ? "--param " : "", sp, have,
             given ? "" : " (the configuration's)", eq ? "does not fit" : "is too small", why,
             p ? p + 1 : sp, eq ? "must be" : ">=", need);
    return msg;
}

const char *mech_param_struct(unsigned i)
{
    return i < sizeof param_tables / sizeof param_tables[0] ? param_tables[i]->structure : NULL;
}

unsigned mech_count(void)
{
    unsigned n = 0;
    while (mech_table[n])
        n++;
    return n;
}

void mech_lq_push(mech_launchq *q, unsigned w, uint64_t mask)
{
    unsigned i = (q->head + q->n) % CORE_MAX_WARPS;
    q->w[i] = (uint16_t)w;
    q->mask[i] = mask;
    q->n++;
}

int mech_lq_pop(mech_launchq *q, unsigned port, unsigned ports, unsigned *w, uint64_t *mask)
{
    for (unsigned j = 0; j < q->n; j++) {
        unsigned i = (q->head + j) % CORE_MAX_WARPS;
        if (ports && q->w[i] % ports != port)
            continue;
        *w = q->w[i];
        *mask = q->mask[i];
        /* close the gap: the entries before it move up one */
        for (unsigned k = j; k > 0; k--) {
            unsigned a = (q->head + k) % CORE_MAX_WARPS, b = (q->head + k - 1) % CORE_MAX_WARPS;
            q->w[a] = q->w[b];
            q->mask[a] = q->mask[b];
        }
        q->head = (q->head + 1) % CORE_MAX_WARPS;
        q->n--;
        return 1;
    }
    return 0;
}

int mech_lq_has(const mech_launchq *q, unsigned w)
{
    for (unsigned j = 0; j < q->n; j++)
        if (q->w[(q->head + j) % CORE_MAX_WARPS] == w)
            return 1;
    return 0;
}

void mech_stack_branch(const prog *p, unsigned w, int pc, uint64_t mask, uint64_t taken,
                       void *vin)
{
    simt_stack_in *in = vin;
    const prog_insn *ki = &p->ins[pc];
    memset(in, 0, sizeof *in);
    in->op = SIMT_OP_BRANCH;
    in->op_warp = w;
    in->op_npc = (uint64_t)pc + 1;
    in->op_rpc = ki->unit == PU_BRA ? (uint64_t)ki->rpc : p->n;
    if (ki->unit == PU_BRA) {
        in->op_mask = taken & mask;
        in->op_pc = (uint64_t)ki->target;
    } else if (ki->unit == PU_EXIT) {
        in->op_mask = mask;
        in->op_pc = p->n;
    }
}

void mech_stack_exit(const prog *p, int pc, uint64_t tos_rpc, void *vin)
{
    simt_stack_in *in = vin;
    if (p->exit_pop && p->ins[pc].unit == PU_EXIT && tos_rpc != p->n)
        in->op = SIMT_OP_EXIT;
}

void mech_stack_launch(const prog *p, unsigned w, uint64_t mask, void *vin)
{
    simt_stack_in *in = vin;
    memset(in, 0, sizeof *in);
    in->op = SIMT_OP_LAUNCH;
    in->op_warp = w;
    in->op_mask = mask;
    in->op_pc = 0;
    in->op_rpc = p->n;
}

void mech_cols_u64(mech_cols *k, const char *const *names, const uint64_t *v, unsigned n)
{
    for (unsigned i = 0; i < n && k->n < MECH_MAX_COLS; i++) {
        k->name[k->n] = names[i];
        snprintf(k->value[k->n++], sizeof k->value[0], "%llu", (unsigned long long)v[i]);
    }
}

int mech_stack_commit(core *c, unsigned idx, const void *vcfg, void *vs, const void *vin,
                      const void *vout, int issued, uint64_t *peak)
{
    const simt_stack_cfg *cfg = vcfg;
    simt_stack_state *s = vs;
    const simt_stack_in *in = vin;
    const simt_stack_out *out = vout;
    if (CORE_RECORD(c, idx, simt_stack, cfg, in, out))
        return -1;
    if (!core_drop(c, issued))
        simt_stack_step(cfg, s, in, out);
    if (in->op != SIMT_OP_NOP && s->sp[in->op_warp] > *peak)
        *peak = s->sp[in->op_warp];
    return 0;
}

int mech_stack_finish(core *c, const void *vcfg, const void *vs)
{
    const simt_stack_cfg *cfg = vcfg;
    const simt_stack_state *s = vs;
    for (unsigned w = 0; w < cfg->warps; w++)
        if (s->sp[w])
            return core_fail(c, "warp %u: its stack holds %u entries at the end", w,
                             (unsigned)s->sp[w]);
    return 0;
}

int mech_area_add(const area_tech *t, const char *e, const void *desc, double *mm2, char *what,
                  size_t len)
{
    area_result r;
    if (!e)
        e = area_desc_eval(t, desc, &r, NULL);
    if (e) {
        snprintf(what, len, "not estimated: %s", e);
        return -1;
    }
    *mm2 += r.total_mm2;
    energy_collect(desc, NULL);
    size_t u = strlen(what);
    snprintf(what + u, len - u, "%s%s", u ? "+" : "", ((const area_desc *)desc)->name);
    return 0;
}

unsigned mech_alloc_regs(const prog *p, uint32_t *map)
{
    /* the program's all-vector allocation, computed once (scalar_cached) */
    scalar_info own;
    const scalar_info *s = scalar_cached(p, 1);
    if (!s) {
        scalar_analyse(p, &own, 1);
        scalar_alloc(p, &own);
        s = &own;
    }
    unsigned n = scalar_vec_regs(s);
    for (unsigned v = 0; map && v < p->nregs; v++)
        map[v] = s->phys[v] < 0 ? 0
                 : s->cls[v] == SC_VEC_PRED ? s->units[SC_VEC_DATA] + (uint32_t)s->phys[v]
                                            : (uint32_t)s->phys[v];
    if (s == &own)
        scalar_free(&own);
    return n ? n : 1;
}

int mech_area_regfile(const core *c, unsigned org, const area_tech *t, double *mm2, char *what,
                      size_t len)
{
    area_desc d;
    area_result r;
    lane_regfile_cfg rc = lane_regfile_default_cfg();
    unsigned vregs, sregs;
    core_rf_alloc(c, &vregs, &sregs);
    rc.lanes = core_warp_size(c);
    rc.regs = vregs ? vregs : 1;
    rc.sregs = sregs;
    const uint64_t W = core_warps(c), entries = W * rc.regs + (W + rc.lanes - 1) / rc.lanes * sregs;
    rc.entries = entries < 2 ? 2 : entries > UINT32_MAX ? UINT32_MAX : (unsigned)entries;
    const char *e = area_desc_lane_regfile_cfg(&rc, (area_lrf_org)org, 0, &d);
    if (!e)
        e = area_desc_eval(t, &d, &r, NULL);
    size_t u = strlen(what);
    if (e) {
        snprintf(what, len, "not estimated: %s", e);
        return -1;
    }
    *mm2 += r.total_mm2;
    energy_collect(&d, "rf");
    snprintf(what + u, len - u, "%s%s", u ? "+" : "", d.name);
    return 0;
}
