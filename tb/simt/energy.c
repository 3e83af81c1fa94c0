/* SPDX-License-Identifier: Apache-2.0 */
/*
 * energy.c -- access counts of every structure from its ports, and the
 * run's energy from area/'s energy per access (energy.h).
 *
 * Counting rules, per structure (one call per commit, from the cycle's
 * in/out; "act" = its logic evaluated a request this cycle):
 *   simt_stack, dpe_stack  an operation reads the warp's top of stack;
 *                      the writes are the entries the decision changes:
 *                      LAUNCH 1, ADVANCE/RECONV 1 (the TOS pc), POP 0,
 *                      SPLIT 1 + pushes, DIVERGE 1 + pushes; dpe_stack's
 *                      COMPACT (a SPLIT whose path write goes to a slot
 *                      below the TOS) one more, the slot; simt_stack's
 *                      MERGE (merge on push) one more read (the warp's
 *                      entries searched) and writes the merged entry and
 *                      the taken side (1 or 2); a legal EXIT writes
 *                      every entry of the warp (its lanes cleared)
 *   shadow_scoreboard  a query is a search of the warp's table, each
 *                      writeback a search (by register) and a write, an
 *                      allocation a write, divergence/reconvergence a
 *                      write of the shadow bits
 *   dwf                an issue request reads the pool, a commit searches
 *                      the PC-warp LUT twice (both outcomes) and writes the
 *                      pool and LUT once per non-empty outcome
 *   lane_regfile       per granted lane: two bank reads (ra0, ra1) and a
 *                      write per lane of wen (bank accesses)
 *   lwm_subwarp        a fetch reads the stack and the copy, a sub-warp
 *                      pick reads the copy and writes it back, a
 *                      completion writes the in-flight bits, a stack
 *                      change (fetch or branch commit) writes the stack
 *                      (an EXIT every entry of the large warp's),
 *                      a merge (merge on push) reads and writes one more
 *   hct_cct_heap       the read port reads one HCT row every cycle; an
 *                      accepted operation writes the HCT row, a CCT list
 *                      operation reads and writes one node
 *   sbi_scoreboard     a query reads the warp's row (two instructions), an
 *                      accepted issue and a writeback write it
 *   swi_sched          a fill writes an entry, each pick (I1, I2) reads
 *                      one; the secondary's fit test searches the set
 *   tsimt_frontend     a fill writes the warp's slot, an issue reads it
 */
#include "energy.h"

#include <stdio.h>
#include <string.h>

#include "../../area/logic.h"
#include "../../area/structs.h"
#include "../../rtl_c/bits.h"
#include "../../rtl_c/dpe_stack.h"
#include "../../rtl_c/dwf.h"
#include "../../rtl_c/hct_cct_heap.h"
#include "../../rtl_c/lane_regfile.h"
#include "../../rtl_c/lwm_subwarp.h"
#include "../../rtl_c/sbi_scoreboard.h"
#include "../../rtl_c/shadow_scoreboard.h"
#include "../../rtl_c/simt_stack.h"
#include "../../rtl_c/swi_sched.h"
#include "../../rtl_c/tsimt_frontend.h"
#include "core.h"
#include "mech.h"
#include "scalar.h"

static unsigned popc(uint64_t x) { return bits_popcount(x); } /* inline (bits.h) */

energy_cnt *energy_row(energy_counts *e, const char *name)
{
    /* every commit of a structure passes the same name (CORE_RECORD's
     * string): the rows are found by the pointer, by the text only when a
     * new pointer comes (a row is created once per name either way) */
    for (unsigned i = 0; i < e->ns; i++)
        if (e->name[i] == name)
            return &e->s[i];
    for (unsigned i = 0; i < e->ns; i++)
        if (!strcmp(e->name[i], name))
            return &e->s[i];
    if (e->ns == ENERGY_MAX_STRUCTS)
        return &e->s[ENERGY_MAX_STRUCTS - 1];
    e->name[e->ns] = name;
    return &e->s[e->ns++];
}

void energy_count_issue(energy_counts *e, unsigned nsrc, unsigned ndst, unsigned threads,
                        int scalar, int sb, int ibuf)
{
    if (scalar) {
        e->srf_rd += nsrc;
        e->srf_wr += ndst;
        e->lane_ops += threads ? 1 : 0;
    } else {
        e->rf_row_rd += nsrc;
        e->rf_row_wr += ndst;
        e->rf_lane_rd += (uint64_t)threads * nsrc;
        e->rf_lane_wr += (uint64_t)threads * ndst;
        e->lane_ops += threads;
    }
    if (sb) {
        e->sb_rd++;
        e->sb_wr += 2u * ndst; /* set at issue, cleared at writeback */
    }
    if (ibuf)
        e->ibuf_rd++;
}

/* Each counter: the exported energy_count_NAME charges the structure's row
 * one step and hands the typed ports to count_NAME (the cycle's accesses). */
#define COUNTER(name)                                                                             \
    static void count_##name(energy_cnt *k, const name##_in *i, const name##_out *o);            \
    ENERGY_COUNTER(name)                                                                          \
    {                                                                                             \
        energy_cnt *k = energy_row(e, nm);                                                        \
        (void)cfg;                                                                                \
        k->steps++;                                                                               \
        count_##name(k, in, out);                                                                 \
    }                                                                                             \
    static void count_##name(energy_cnt *k, const name##_in *i, const name##_out *o)

/* a stack's commit (simt_stack, dpe_stack): an operation reads the top of
 * the warp's stack; the decision writes the entries it changes (see the
 * header).  The two stacks' ports are alike: op, act (PFX_LAUNCH, ...),
 * op_depth and the decision's d_write, d_sp_next; OPX the EXIT op (a legal
 * one writes each of the warp's op_depth entries: its lanes cleared, the
 * decision's d_write aside); MERGE is simt_stack's
 * merge act (dpe_stack has none: 8, never an act); EXTRA the writes a
 * decision makes beyond those (dpe_stack's COMPACT: the slot). */
#define STACK_COUNTER(name, NOP, PFX, OPX, MERGE, EXTRA)                                          \
    COUNTER(name)                                                                                 \
    {                                                                                             \
        if (i->op == NOP)                                                                         \
            return;                                                                               \
        k->act++;                                                                                 \
        k->rd++;                                                                                  \
        if (i->op == (OPX)) { /* a legal EXIT clears its lanes in every entry */                  \
            k->wr += o->err ? 0u : (unsigned)o->op_depth;                                         \
            return;                                                                               \
        }                                                                                         \
        if (o->d_write && o->act == (MERGE)) {                                                    \
            k->rd++;                                                                              \
            k->wr += 1u + (o->d_sp_next == o->op_depth);                                          \
            return;                                                                               \
        }                                                                                         \
        if (o->d_write && o->act != PFX##_POP)                                                    \
            k->wr += o->act == PFX##_LAUNCH ? 1                                                   \
                     : (o->act == PFX##_DIVERGE || o->act == PFX##_SPLIT) &&                      \
                             o->d_sp_next > o->op_depth                                           \
                         ? 1 + o->d_sp_next - o->op_depth                                         \
                         : 1u + (EXTRA);                                                          \
    }
STACK_COUNTER(simt_stack, SIMT_OP_NOP, SIMT_ACT, SIMT_OP_EXIT, SIMT_ACT_MERGE, 0u)
/* a COMPACT writes Q to its slot (entry d_tos) and the new TOS (d_idx): a
 * plain SPLIT writes both to the TOS, one entry */
STACK_COUNTER(dpe_stack, DPE_OP_NOP, DPE_ACT, DPE_OP_EXIT, 8u,
              (unsigned)((o->act == DPE_ACT_SPLIT) & (o->d_tos != o->d_idx)))

COUNTER(shadow_scoreboard)
{
    unsigned q = i->q_src_valid || i->q_dst_valid;
    unsigned wb = (unsigned)(i->wb0_valid != 0) + (unsigned)(i->wb1_valid != 0);
    k->srch += q + wb;
    if (o->d_ok)
        k->wr += wb + o->d_alloc + o->d_div + o->d_rec;
    k->act += q || wb || i->iss_valid || i->div_valid || i->rec_valid;
}

COUNTER(dwf)
{
    if (i->iss_req && o->iss_valid)
        k->rd++;
    if (i->cm_valid) {
        k->srch += 2;
        if (o->cm_ready)
            k->wr += (i->cm_mask_t != 0) + (i->cm_mask_nt != 0);
    }
    k->act += i->iss_req || i->cm_valid;
}

COUNTER(lane_regfile)
{
    if (o->err)
        return;
    k->rd += 2u * popc(o->grant);
    k->wr += popc(o->d_wen & o->grant);
    k->act += i->lane_valid != 0;
}

COUNTER(lwm_subwarp)
{
    if (o->err)
        return;
    unsigned f = i->f_valid && o->nx_accept;
    k->rd += 2u * f + 2u * (o->sw_valid != 0);
    k->wr += (o->sw_valid != 0) + (i->c_valid != 0) + (o->nx_f_write != 0) +
             (o->nx_b_write != 0);
    /* an EXIT clears its threads in every entry of the large warp's stack:
     * tos_depth writes, the fetch's stack write one of them */
    k->wr += o->nx_exit && o->tos_depth ? (unsigned)o->tos_depth - 1u : 0u;
    /* a commit that merged (merge on push) read the large warp's entries
     * and wrote the merged entry's mask too */
    k->rd += o->nx_b_write && o->nx_b.merge_at != 0u;
    k->wr += o->nx_b_write && o->nx_b.merge_at != 0u;
    k->act += i->f_valid || i->c_valid || o->sw_valid;
}

COUNTER(hct_cct_heap)
{
    k->rd++; /* the read port */
    if (o->d_en) {
        k->wr += o->d_wr_hct != 0;
        if (o->d_cct) {
            k->rd++;
            k->wr++;
        }
    }
    k->act += i->op != HCH_OP_NOP;
}

COUNTER(sbi_scoreboard)
{
    unsigned q = i->q1_rv || i->q2_rv;
    k->rd += q;
    if (o->nx_go)
        k->wr += (o->nx_iss != 0) + (o->nx_wb != 0);
    k->act += q || i->iss_v || i->wb_v;
}

COUNTER(swi_sched)
{
    if (o->err)
        return;
    k->wr += i->fill_valid != 0;
    k->rd += (o->i1_valid != 0) + (o->i2_valid != 0);
    k->srch += o->i1_valid != 0; /* the secondary's fit test over the set */
    k->act += i->fill_valid || i->ready;
}

COUNTER(tsimt_frontend)
{
    if (o->err)
        return;
    k->wr += o->nx_fill != 0;
    k->rd += o->iss_valid != 0;
    k->act += i->fill_valid || o->iss_valid || i->sb_ok;
}

/* ------------------------------------------------------------ energy */
#define COLL_MAX 24
static struct {
    int on;
    unsigned n;
    area_desc d[COLL_MAX];
    const char *key[COLL_MAX];
} coll;

void energy_collect(const void *desc, const char *key)
{
    if (!coll.on || coll.n == COLL_MAX)
        return;
    coll.d[coll.n] = *(const area_desc *)desc;
    coll.key[coll.n++] = key;
}

/* lanes an access of d reaches at once (the banks of a lockstep array), else 1 */
static unsigned lockstep_lanes(const area_desc *d)
{
    for (unsigned i = 0; i < d->n; i++)
        if (d->item[i].type == AI_ARRAY && d->item[i].lockstep && d->item[i].arr.banks > 1)
            return d->item[i].arr.banks;
    return 1;
}

/* adds structure `name` (a copy of description d at t) charged with counts
 * n: rd, wr, srch are `per` x the accesses of the whole structure, or with
 * lane set bank accesses of its lockstep array (its other arrays then take
 * one access per active cycle); logic and crossbars op_nj per active cycle */
static const char *add_item(energy_result *r, const area_tech *t, const area_desc *d,
                            const char *name, const energy_cnt *n, int lane, double per)
{
    area_energy_report er;
    const char *e = area_desc_energy(t, d, &er);
    if (e)
        return e;
    energy_item *it = NULL;
    for (unsigned i = 0; i < r->n; i++)
        if (!strcmp(r->item[i].name, name))
            it = &r->item[i];
    if (!it) {
        if (r->n == ENERGY_MAX_ITEMS)
            return "too many structures";
        it = &r->item[r->n++];
        memset(it, 0, sizeof *it);
        snprintf(it->name, sizeof it->name, "%s", name);
        it->n = *n;
        for (unsigned i = 0; i < d->n; i++) {
            const area_item *ai = &d->item[i];
            const area_item_energy *ie = &er.item[i];
            double rd = (double)n->rd, wr = (double)n->wr, sr = (double)n->srch;
            if (ai->type != AI_ARRAY) {
                it->dyn_nj += (double)n->act * ai->count * ie->op_nj;
                continue;
            }
            if (lane && ai->lockstep && ai->arr.banks > 1) {
                double b = ai->arr.banks; /* one bank of the lockstep array */
                rd /= b;
                wr /= b;
                sr /= b;
            } else if (lane)
                rd = wr = sr = (double)n->act;
            it->dyn_nj += ai->count * (rd * ie->read_nj + wr * ie->write_nj + sr * ie->search_nj) / per;
        }
    }
    it->copies++;
    it->leak_nj += er.leak_mw * r->runtime_us; /* mW x us = nJ */
    return NULL;
}

int energy_eval(const core *c, const area_tech *t, energy_result *r, char *err, size_t len)
{
    const mech_ops *ops = core_mech(c);
    const core_cfg *cf = core_config(c);
    const energy_counts *ec = core_energy_counts(c);
    memset(r, 0, sizeof *r);
    r->clock_mhz = cf->clock_mhz;
    r->nm = t->node.nm;
    r->cycles = core_get_stats(c)->cycles;
    r->runtime_us = (double)r->cycles / r->clock_mhz;
    if (!ops->area) {
        snprintf(err, len, "%s: no area description, no energy", ops->name);
        return -1;
    }
    /* the mechanism's structures, as its area column costs them */
    char what[256];
    coll.on = 1;
    coll.n = 0;
    double a = ops->area(c, core_mech_state(c), t, what, sizeof what);
    coll.on = 0;
    if (a < 0) {
        snprintf(err, len, "%s", what);
        return -1;
    }
    const char *e = NULL;
    unsigned rf = 0;
    for (unsigned i = 0; i < coll.n; i++)
        rf += (coll.key[i] && !strcmp(coll.key[i], "rf")) || !strcmp(coll.d[i].name, "lane_regfile");
    if (!rf && ec->rf_row_rd + ec->rf_row_wr) {
        /* the core counted register-file traffic that nothing would be
         * charged with: a register file costed without energy_collect(d, "rf") */
        snprintf(err, len, "%s: energy not estimated: the area column costs no register file "
                 "(%s) to charge its %llu register reads with", ops->name, what,
                 (unsigned long long)ec->rf_row_rd);
        return -1;
    }
    for (unsigned i = 0; i < coll.n && !e; i++) {
        const area_desc *d = &coll.d[i];
        energy_cnt n = {0};
        int lane = 0;
        if (coll.key[i] && !strcmp(coll.key[i], "rf")) {
            /* the core's register-file counts: rows for one decoder, bank
             * accesses for a lane-banked file */
            lane = lockstep_lanes(d) > 1;
            /* a scalar register: one bank access, or a warp_size-th of a row
             * (in row units, scaled by warp_size below) */
            uint64_t ws = cf->warp_size;
            n.rd = lane ? ec->rf_lane_rd + ec->srf_rd : ec->rf_row_rd * ws + ec->srf_rd;
            n.wr = lane ? ec->rf_lane_wr + ec->srf_wr : ec->rf_row_wr * ws + ec->srf_wr;
            n.act = ec->rf_row_rd + ec->rf_row_wr + ec->srf_rd + ec->srf_wr; /* address logic */
            e = add_item(r, t, d, "regfile", &n, lane, lane ? 1 : ws);
            continue;
        }
        for (unsigned j = 0; j < ec->ns; j++)
            if (!strcmp(ec->name[j], d->name))
                n = ec->s[j];
        lane = lockstep_lanes(d) > 1; /* lane_regfile's counts are bank accesses */
        e = add_item(r, t, d, d->name, &n, lane, 1);
    }
    /* the core's own structures */
    static area_desc d;
    unsigned W = core_warps(c), S = cf->schedulers;
    if (!e && !(ops->flags & MECH_OWN_FETCH) && ops->fetch_pc) {
        energy_cnt n = {.rd = ec->ibuf_rd, .wr = core_get_stats(c)->fetches};
        n.act = n.rd + n.wr;
        area_desc_regfile(&d, "instruction buffers", (unsigned long)W * ops->nctx * cf->ibuf, 64,
                          1, S, cf->fetch_width ? cf->fetch_width : S, 1);
        e = add_item(r, t, &d, "ibuf", &n, 0, 1);
    }
    if (!e && !(ops->flags & MECH_OWN_SB)) {
        energy_cnt n = {.rd = ec->sb_rd, .wr = ec->sb_wr};
        unsigned regs = core_prog(c)->nregs;
        area_desc_regfile(&d, "scoreboard", W < 2 ? 2 : W, regs < 2 ? 2 : regs, 1, S, 2 * S, 1);
        e = add_item(r, t, &d, "scoreboard", &n, 0, 1);
    }
    if (!e) {
        /* the SIMD lanes' integer datapath */
        const area_consts *k = area_default_consts();
        unsigned lanes = (cf->alu_groups ? cf->alu_groups : S) *
                         (cf->simd_width ? cf->simd_width : cf->warp_size);
        area_result lr;
        area_logic_eval(t, area_ge_adder(k, 32) + area_ge_mux(k, 4, 32) + 3.0 * 32, &lr);
        energy_item *it = &r->item[r->n < ENERGY_MAX_ITEMS ? r->n++ : ENERGY_MAX_ITEMS - 1];
        memset(it, 0, sizeof *it);
        snprintf(it->name, sizeof it->name, "lanes");
        it->copies = lanes;
        it->n.act = ec->lane_ops;
        it->dyn_nj = (double)ec->lane_ops * lr.op_nj;
        it->leak_nj = lanes * lr.leak_mw * r->runtime_us;
    }
    if (e) {
        snprintf(err, len, "%s: energy not estimated: %s", ops->name, e);
        return -1;
    }
    for (unsigned i = 0; i < r->n; i++) {
        r->dyn_nj += r->item[i].dyn_nj;
        r->leak_nj += r->item[i].leak_nj;
    }
    r->energy_nj = r->dyn_nj + r->leak_nj;
    r->power_mw = r->runtime_us > 0 ? r->energy_nj / r->runtime_us : 0; /* nJ/us = mW */
    r->edp = r->energy_nj * r->runtime_us;
    return 0;
}

void energy_items_str(const energy_result *r, char *buf, size_t len)
{
    size_t u = 0;
    buf[0] = 0;
    for (unsigned i = 0; i < r->n && u < len; i++)
        u += (size_t)snprintf(buf + u, len - u, "%s%s=%.4g/%.4g", i ? "+" : "", r->item[i].name,
                              r->item[i].dyn_nj, r->item[i].leak_nj);
}

void energy_counts_str(const energy_result *r, char *buf, size_t len)
{
    size_t u = 0;
    buf[0] = 0;
    for (unsigned i = 0; i < r->n && u < len; i++) {
        const energy_cnt *n = &r->item[i].n;
        u += (size_t)snprintf(buf + u, len - u, "%s%s=%llu/%llu/%llu/%llu/%llu", i ? "+" : "",
                              r->item[i].name, (unsigned long long)n->rd,
                              (unsigned long long)n->wr, (unsigned long long)n->srch,
                              (unsigned long long)n->act, (unsigned long long)n->steps);
    }
}
