/* SPDX-License-Identifier: Apache-2.0 */
/*
 * structs.c -- per-structure descriptions (arrays + logic) from the cfgs:
 * the shared helpers, the SPE stack, the baselines, the module table and
 * the energy per structure.  Each paper's structures are in structs_NNN.c
 * (000 DWF, 001 SBI/SWI, 002 TSIMT, 003 DPE, 004 LWM).
 *
 * What it models: see structs.h.  Each description counts what the RTL
 * does in one cycle: one array read port per field read in the cycle, one
 * write port per field written, one comparator per comparison.  Source:
 * verilog/simt_stack.v (SPE), verilog/dpe_stack.v (DPE),
 * verilog/lane_regfile.v (costed per organisation of 000 Fig. 10, as its
 * header asks), verilog/pc_warp_lut.v, verilog/hct_cct_heap.v,
 * verilog/warp_pool.v, verilog/dwf.v, verilog/tsimt_lane.v,
 * verilog/tsimt_frontend.v, verilog/two_level_sched.v,
 * verilog/lwm_subwarp.v, verilog/lane_shuffle.v, verilog/swi_sched.v,
 * verilog/sbi_scoreboard.v and verilog/shadow_scoreboard.v.  Validity:
 * whatever the cfg_check of the model accepts.  Departures: the debug/scheduler read port (rd_*) of
 * each stack is counted as a full read port; a production design would cache the TOS in registers
 * and bank the fields, which the report notes.
 */
#include "structs.h"
#include "structs_int.h"

#include <stdio.h>
#include <string.h>

#include "../rtl_c/bits.h"
#include "../rtl_c/dpe_stack.h"
#include "../rtl_c/dwf.h"
#include "../rtl_c/lane_regfile.h"
#include "../rtl_c/lane_shuffle.h"
#include "../rtl_c/lwm_subwarp.h"
#include "../rtl_c/sbi_scoreboard.h"
#include "../rtl_c/shadow_scoreboard.h"
#include "../rtl_c/swi_sched.h"
#include "../rtl_c/tsimt_frontend.h"
#include "../rtl_c/tsimt_lane.h"
#include "../rtl_c/two_level_sched.h"
#include "logic.h"

/* ------------------------------------------------------------ helpers */

void area_desc_start(area_desc *d, const char *name, const char *title)
{
    memset(d, 0, sizeof *d);
    snprintf(d->name, sizeof d->name, "%s", name);
    snprintf(d->title, sizeof d->title, "%s", title);
}

area_item *area_add_item(area_desc *d, area_item_type type, const char *name, const char *what)
{
    area_item *it;
    if (d->n >= AREA_DESC_MAX)
        return NULL;
    it = &d->item[d->n++];
    memset(it, 0, sizeof *it);
    it->type = type;
    it->count = 1;
    snprintf(it->name, sizeof it->name, "%s", name);
    snprintf(it->what, sizeof it->what, "%s", what);
    return it;
}

void area_add_array(area_desc *d, const char *name, const char *what, area_kind kind,
                    unsigned long entries, unsigned width, unsigned rd, unsigned wr, unsigned banks,
                    unsigned count)
{
    area_item *it = area_add_item(d, AI_ARRAY, name, what);
    if (!it)
        return;
    it->count = count;
    it->arr.kind = kind;
    it->arr.entries = entries;
    it->arr.width = width;
    it->arr.rd = rd;
    it->arr.wr = wr;
    it->arr.banks = banks;
    d->storage_bits += entries * width * count;
}

void area_add_logic(area_desc *d, const char *name, const char *what, double ge)
{
    area_item *it = area_add_item(d, AI_LOGIC, name, what);
    if (it)
        it->ge = ge;
}

const char *area_desc_eval(const area_tech *t, const area_desc *d, area_result *total,
                           area_result *per_item)
{
    unsigned i;
    area_result_zero(total);
    total->kind = AK_LOGIC;
    for (i = 0; i < d->n; i++) {
        const area_item *it = &d->item[i];
        area_result r;
        const char *e = NULL;
        if (it->type == AI_ARRAY) {
            e = area_array_eval(t, &it->arr, &r);
            if (!e && it->lockstep && it->arr.banks > 1) {
                r.read_nj *= it->arr.banks;
                r.write_nj *= it->arr.banks;
                r.search_nj *= it->arr.banks;
            }
        } else if (it->type == AI_LOGIC)
            area_logic_eval(t, it->ge, &r);
        else
            e = area_xbar_eval(t, it->xin, it->xout, it->xwidth, &r);
        if (e)
            return e;
        if (per_item)
            per_item[i] = r;
        area_result_add(total, &r, (double)it->count);
    }
    return NULL;
}

void area_desc_logic_view(const area_tech *t, const area_desc *d, double *comb_ge,
                          unsigned long *flops)
{
    unsigned i;
    *comb_ge = 0;
    *flops = 0;
    for (i = 0; i < d->n; i++) {
        const area_item *it = &d->item[i];
        area_result r;
        if (it->type == AI_ARRAY) {
            area_array a = it->arr;
            a.kind = AK_FF;
            if (area_array_eval(t, &a, &r))
                continue;
            *comb_ge += (r.ge - (double)r.flops * t->c.ge_dff) * it->count;
            *flops += r.flops * it->count;
        } else if (it->type == AI_LOGIC) {
            *comb_ge += it->ge * it->count;
        } else {
            *comb_ge += (double)it->xin * it->xout * it->xwidth * t->c.ge_mux2 * it->count;
        }
    }
}

/* Appends every item of src to d, its name prefixed; NULL or a message. */
const char *area_desc_append(area_desc *d, const area_desc *src, const char *prefix)
{
    unsigned i;
    for (i = 0; i < src->n; i++) {
        area_item *it = area_add_item(d, src->item[i].type, "", src->item[i].what);
        if (!it)
            return "area description: too many items";
        *it = src->item[i];
        snprintf(it->name, sizeof it->name, "%s%.40s", prefix, src->item[i].name);
    }
    d->storage_bits += src->storage_bits;
    return NULL;
}

/* ------------------------------------------------------------ SPE stack */

double area_ge_stack_merge(unsigned searches, unsigned depth, unsigned pc_bits, unsigned mask_bits,
                           unsigned addr_bits)
{
    const area_consts *c = area_default_consts();
    return searches * (depth * (2.0 * area_ge_eq_cmp(c, pc_bits) + 2.0 * c->ge_and2) +
                       area_ge_prio_enc(c, depth)) +
           area_ge_adder(c, addr_bits) + mask_bits * c->ge_or2;
}

unsigned area_simt_stack_entry_bits(const simt_stack_cfg *cfg)
{
    return 2u * cfg->pc_bits + cfg->lanes; /* simt_stack.h: Entry = 2*PC_W + LANES */
}

const char *area_desc_simt_stack(const simt_stack_cfg *cfg, int force_ff, area_desc *d)
{
    const area_consts *c = area_default_consts();
    const char *e = simt_stack_cfg_check(cfg);
    unsigned long ent;
    unsigned P, L, dw, aw;
    area_kind k = force_ff ? AK_FF : AK_AUTO;
    double ge;
    if (e)
        return e;
    P = cfg->pc_bits;
    L = cfg->lanes;
    dw = simt_stack_depth_w(cfg);
    ent = (unsigned long)cfg->warps * cfg->depth;
    aw = bits_index_width(ent);
    area_desc_start(d, "simt_stack", "SIMT stack, single path (SPE)");
    snprintf(d->config, sizeof d->config, "%u warps, %u lanes, depth %u, %u-bit PC", cfg->warps,
             L, cfg->depth, P);
    d->entry_bits = area_simt_stack_entry_bits(cfg);
    /* verilog/simt_stack.v: pc_q/mask_q/rpc_q of WARPS*DEPTH entries, sp_q per warp */
    /* merge on push (MERGE): the op warp's entries are read for the
     * compare (one more read port of the pc and rpc fields; the port is a
     * row of DEPTH entries, counted as one port), the merged entry's mask
     * read and written (one more of each) */
    area_add_array(d, "pc field",
                   cfg->merge ? "entry PCs; reads: TOS, base entry, rd port, the warp's entries "
                                "(merge); writes: TOS.pc, 2 pushes"
                              : "entry PCs; reads: TOS, base entry, rd port; writes: TOS.pc, 2 pushes",
                   k, ent, P, 3 + cfg->merge, 3, 1, 1);
    area_add_array(d, "mask field",
                   cfg->merge ? "active masks; reads: TOS, rd port, merged entry; writes: 2 "
                                "pushes, merged entry"
                              : "active masks; reads: TOS, rd port; writes: 2 pushes",
                   k, ent, L, 2 + cfg->merge, 2 + cfg->merge, 1, 1);
    area_add_array(d, "rpc field",
                   cfg->merge ? "reconvergence PCs; reads: TOS, base entry, rd port, the warp's "
                                "entries (merge); writes: 2 pushes"
                              : "reconvergence PCs; reads: TOS, base entry, rd port; writes: 2 pushes",
                   k, ent, P, 3 + cfg->merge, 2, 1, 1);
    area_add_array(d, "depth counters", "one per warp; reads: op warp, rd warp", AK_FF, cfg->warps,
                   dw, 2, 1, 1, 1);
    /* branch decision: 5 PC comparisons (target==rpc, pc!=rpc, npc!=rpc,
     * op_rpc==TOS.rpc, base pc==rpc), the mask split and subset check,
     * the target/push muxes, the depth update and overflow check */
    ge = 5.0 * area_ge_eq_cmp(c, P) + 2.0 * L * c->ge_and2 + 3.0 * area_ge_reduce(c, L) +
         area_ge_mux(c, 2, P) * 2.0 + area_ge_mux(c, 2, L) + 2.0 * area_ge_incdec(c, dw) +
         area_ge_mux(c, 4, dw) + area_ge_mag_cmp(c, dw + 1);
    area_add_logic(d, "branch logic", "PC comparators, mask split/subset, push muxes, depth update",
                   ge);
    if (cfg->merge)
        area_add_logic(d, "merge on push",
                       "the TOS's run (rpc == TOS.rpc) searched for op_npc: DEPTH pc and rpc "
                       "comparators, the run's chain, a priority pick, the OR into the mask",
                       area_ge_stack_merge(1, cfg->depth, P, L, aw));
    /* entry addresses: warp*DEPTH + sp - 1 (TOS), + sp (push), + 1, rd address */
    area_add_logic(d, "address arithmetic", "TOS, push and read-port entry addresses",
                   5.0 * area_ge_adder(c, aw));
    /* outputs gated by op_live / rd_hit */
    area_add_logic(d, "output gating", "TOS and read-port outputs forced to 0 when not live",
                   2.0 * (2.0 * P + L) * c->ge_and2);
    return NULL;
}

/* ------------------------------------------------------------ baselines */

void area_desc_regfile(area_desc *d, const char *title, unsigned long regs, unsigned width,
                       unsigned lanes, unsigned rd, unsigned wr, int single_decoder)
{
    area_desc_start(d, single_decoder ? "rf_single_decoder" : "rf_per_lane", title);
    if (single_decoder) {
        snprintf(d->config, sizeof d->config,
                 "%lu x %u-bit registers, one decoder, rows of %u registers, %uR%uW", regs, width,
                 lanes, rd, wr);
        area_add_array(d, "register array", "one row = one register of every lane", AK_RAM,
                       regs / lanes, width * lanes, rd, wr, 1, 1);
    } else {
        snprintf(d->config, sizeof d->config,
                 "%u banks of %lu x %u-bit, a decoder per lane, %uR%uW", lanes, regs / lanes,
                 width, rd, wr);
        area_add_array(d, "lane banks", "one bank per lane, each with its own row decoder", AK_RAM,
                       regs, width, rd, wr, lanes, 1);
        d->item[d->n - 1].lockstep = 1; /* a warp's access reaches every lane's bank */
    }
}

void area_desc_banked_rf_xbar(area_desc *d, const char *title, unsigned nbanks,
                              unsigned bank_bytes, unsigned bank_width, unsigned nxbar,
                              unsigned xports)
{
    area_item *it;
    unsigned long entries = (unsigned long)bank_bytes * 8u / bank_width;
    area_desc_start(d, "rf_banked", title);
    snprintf(d->config, sizeof d->config,
             "%u single-ported banks of %u B at %u bits + %u crossbar(s) %ux%u x %u bits", nbanks,
             bank_bytes, bank_width, nxbar, xports, xports, bank_width);
    area_add_array(d, "SRAM banks", "single-ported (one read/write port) banks", AK_RAM, entries,
                   bank_width, 0, 0, 1, nbanks);
    d->item[d->n - 1].arr.rw = 1;
    it = area_add_item(d, AI_XBAR, "crossbars", "operand crossbars between banks and collectors");
    if (it) {
        it->count = nxbar;
        it->xin = xports;
        it->xout = xports;
        it->xwidth = bank_width;
    }
}

const char *area_desc_tsimt_regfile(const tsimt_frontend_cfg *cfg, unsigned regs, unsigned banks,
                                    area_desc *d)
{
    static char msg[160];
    const char *e = tsimt_frontend_cfg_check(cfg);
    unsigned long lane_bits, bank_width, rows;
    if (e)
        return e;
    if (regs < 1 || regs > 1024 || banks < 1 || banks > 64) {
        snprintf(msg, sizeof msg, "tsimt register file: regs %u (1..1024), banks %u (1..64)", regs,
                 banks);
        return msg;
    }
    /* the registers of one lane's warps, and one bank's rows */
    lane_bits = (unsigned long)(cfg->warps / cfg->lanes) * cfg->warp * regs * 32ul;
    bank_width = 32ul * cfg->width;
    if (lane_bits % ((unsigned long)banks * bank_width)) {
        snprintf(msg, sizeof msg,
                 "tsimt register file: %lu bits per lane do not fill %u banks of %lu-bit rows",
                 lane_bits, banks, bank_width);
        return msg;
    }
    rows = lane_bits / (banks * bank_width);
    area_desc_banked_rf_xbar(d, "TSIMT lane register files", cfg->lanes * banks,
                             (unsigned)(rows * bank_width / 8), (unsigned)bank_width, cfg->lanes,
                             banks);
    snprintf(d->name, sizeof d->name, "tsimt_regfile");
    snprintf(d->config, sizeof d->config,
             "%u lane(s) of %u: %u warps x %u threads x %u regs; %u banks of %lu x %lu b and a "
             "%ux%u x %lu b crossbar per lane",
             cfg->lanes, cfg->width, cfg->warps, cfg->warp, regs, banks, rows, bank_width, banks,
             banks, bank_width);
    if (d->storage_bits != lane_bits * cfg->lanes)
        return "tsimt register file: banks do not hold the lanes' registers";
    return NULL;
}

const char *area_desc_alloc_rf(const area_rf_alloc *a, unsigned k, unsigned banks, area_desc *vec,
                               area_desc *sca)
{
    static char msg[200];
    unsigned files, wpl;
    unsigned long rows, bank_rows, bank_width;
    area_desc_start(vec, "alloc_vector_rf", "Vector register file, sized from an allocation");
    area_desc_start(sca, "alloc_scalar_rf",
                    "Scalar register file, sized from an allocation (002 4.1)");
    if (a->vregs < 1 || a->vregs > 1024 || a->sregs > 1024 || a->warps < 1 || a->warps > 64 ||
        a->warp < 1 || a->warp > 64 || a->lanes < 1 || a->lanes > 64 || banks < 1 || banks > 64) {
        snprintf(msg, sizeof msg,
                 "register files: vregs %u (1..1024), sregs %u (0..1024), warps %u (1..64), warp "
                 "%u (1..64), lanes %u (1..64), banks %u (1..64)",
                 a->vregs, a->sregs, a->warps, a->warp, a->lanes, banks);
        return msg;
    }
    if (k < 1 || (k & (k - 1u)) || a->lanes % k || a->warps % (a->lanes / k)) {
        snprintf(msg, sizeof msg,
                 "register files: lane width k %u must be a power of two dividing lanes %u, and "
                 "lanes / k must divide warps %u",
                 k, a->lanes, a->warps);
        return msg;
    }
    files = a->lanes / k;
    wpl = a->warps / files;
    bank_width = 32ul * k;
    rows = (unsigned long)wpl * ((a->warp + k - 1u) / k) * a->vregs;
    bank_rows = (rows + banks - 1u) / banks;
    area_desc_banked_rf_xbar(vec, "Vector register file, sized from an allocation", files * banks,
                             (unsigned)(bank_rows * bank_width / 8u), (unsigned)bank_width, files,
                             banks);
    snprintf(vec->name, sizeof vec->name, "alloc_vector_rf");
    snprintf(vec->config, sizeof vec->config,
             "%u vector regs x %u threads x %u warps; %u lane(s) of %u ALUs, each %u banks of "
             "%lu x %lu b and a %ux%u crossbar",
             a->vregs, a->warp, a->warps, files, k, banks, bank_rows, bank_width, banks, banks);
    if (a->sregs) {
        area_add_array(sca, "scalar registers",
                       "a 32-bit value per warp and scalar register: 1R 1W", AK_AUTO,
                       (unsigned long)wpl * a->sregs, 32, 1, 1, 1, files);
        snprintf(sca->config, sizeof sca->config,
                 "%u scalar regs x %u warps; %u lane(s), each %u x 32 b", a->sregs, a->warps,
                 files, wpl * a->sregs);
    } else {
        snprintf(sca->config, sizeof sca->config, "no scalar registers");
    }
    return NULL;
}

const char *area_alloc_rf_cost(const area_tech *t, const area_rf_alloc *a, unsigned k,
                               unsigned banks, area_rf_cost *c)
{
    static area_desc vec, sca;
    static area_energy_report ev, es;
    const char *e = area_desc_alloc_rf(a, k, banks, &vec, &sca);
    unsigned per_warp;
    memset(c, 0, sizeof *c);
    if (e)
        return e;
    if ((e = area_desc_energy(t, &vec, &ev)) != NULL ||
        (e = area_desc_energy(t, &sca, &es)) != NULL)
        return e;
    per_warp = (a->warp + k - 1u) / k;
    c->vec_bits = vec.storage_bits;
    c->sca_bits = sca.storage_bits;
    c->vec_mm2 = ev.area_mm2;
    c->sca_mm2 = es.area_mm2;
    c->vec_row_read_nj = ev.item[0].read_nj;
    c->vec_row_write_nj = ev.item[0].write_nj;
    c->xbar_nj = ev.item[1].op_nj;
    c->vec_warp_read_nj = per_warp * (c->vec_row_read_nj + c->xbar_nj);
    c->vec_warp_write_nj = per_warp * (c->vec_row_write_nj + c->xbar_nj);
    if (es.n) {
        c->sca_read_nj = es.item[0].read_nj;
        c->sca_write_nj = es.item[0].write_nj;
    }
    c->leak_mw = ev.leak_mw + es.leak_mw;
    return NULL;
}

/* ------------------------------------------------------------ modules */

/* One builder per structure: v[] holds the values of the module's
 * parameters (in the order of its row below), 0 for the model's default.
 * Adding a structure is one function like these and one row in modules[]. */
typedef const char *(*module_fn)(const unsigned *v, int force_ff, area_desc *d);

#define SET(field, i)                                                                            \
    do {                                                                                         \
        if (v[i])                                                                                \
            cfg.field = v[i];                                                                    \
    } while (0)

/* the two stacks' rows: WARPS, LANES, DEPTH, PC_W, MERGE (passed + 1: it
 * may be 0) into cfg's fields of the same names */
#define SET_STACK()                                                                              \
    do {                                                                                         \
        SET(warps, 0);                                                                           \
        SET(lanes, 1);                                                                           \
        SET(depth, 2);                                                                           \
        SET(pc_bits, 3);                                                                         \
        if (v[4])                                                                                \
            cfg.merge = v[4] - 1;                                                                \
    } while (0)

static const char *mod_simt_stack(const unsigned *v, int force_ff, area_desc *d)
{
    simt_stack_cfg cfg = simt_stack_default_cfg();
    SET_STACK();
    return area_desc_simt_stack(&cfg, force_ff, d);
}

static const char *mod_dpe_stack(const unsigned *v, int force_ff, area_desc *d)
{
    dpe_stack_cfg cfg = dpe_stack_default_cfg();
    SET_STACK();
    return area_desc_dpe_stack_cfg(&cfg, force_ff, d);
}

static const char *mod_shadow_scoreboard(const unsigned *v, int force_ff, area_desc *d)
{
    return area_desc_shadow_scoreboard(v[0], v[1], v[2], force_ff, d);
}

/* the RTL is the superset of the organisations: costed as crossbar */
static const char *mod_lane_regfile(const unsigned *v, int force_ff, area_desc *d)
{
    lane_regfile_cfg cfg = lane_regfile_default_cfg();
    if (v[0])
        cfg.lanes = v[0];
    if (v[1])
        cfg.entries = v[1];
    if (v[2])
        cfg.width = v[2];
    if (v[3])
        cfg.regs = v[3];
    cfg.sregs = v[4];
    return area_desc_lane_regfile_cfg(&cfg, LRF_ORG_CROSSBAR, force_ff, d);
}

static const char *mod_pc_warp_lut(const unsigned *v, int force_ff, area_desc *d)
{
    pc_warp_lut_cfg cfg = pc_warp_lut_default_cfg();
    SET(entries, 0);
    SET(ways, 1);
    SET(lanes, 2);
    SET(pc_bits, 3);
    SET(pool, 4);
    return area_desc_pc_warp_lut(&cfg, force_ff, d);
}

static const char *mod_hct_cct_heap(const unsigned *v, int force_ff, area_desc *d)
{
    hct_cct_heap_cfg cfg = hct_cct_heap_default_cfg();
    SET(warps, 0);
    SET(lanes, 1);
    SET(cct, 2);
    SET(pc_bits, 3);
    return area_desc_hct_cct_heap(&cfg, AREA_HCH_ALL, force_ff, d);
}

static const char *mod_warp_pool(const unsigned *v, int force_ff, area_desc *d)
{
    warp_pool_cfg cfg = warp_pool_default_cfg();
    SET(lanes, 0);
    SET(entries, 1);
    SET(tid_bits, 2);
    SET(pc_bits, 3);
    SET(sched_bits, 4);
    SET(maj_entries, 5);
    SET(policy, 6);
    return area_desc_warp_pool(&cfg, AREA_WP_ALL, force_ff, d);
}

static const char *mod_tsimt_lane(const unsigned *v, int force_ff, area_desc *d)
{
    tsimt_lane_cfg cfg = tsimt_lane_default_cfg();
    SET(warp, 0);
    SET(width, 1);
    SET(instr_bits, 2);
    SET(wid_bits, 3);
    return area_desc_tsimt_lane(&cfg, force_ff, d);
}

static const char *mod_tsimt_frontend(const unsigned *v, int force_ff, area_desc *d)
{
    tsimt_frontend_cfg cfg = tsimt_frontend_default_cfg();
    SET(lanes, 0);
    SET(warps, 1);
    SET(warp, 2);
    SET(width, 3);
    SET(instr_bits, 4);
    SET(cnt_bits, 5);
    return area_desc_tsimt_frontend(&cfg, force_ff, d);
}

static const char *mod_dwf(const unsigned *v, int force_ff, area_desc *d)
{
    dwf_cfg cfg = dwf_default_cfg();
    SET(lanes, 0);
    SET(tid_bits, 1);
    SET(pc_bits, 2);
    SET(sched_bits, 3);
    SET(maj_entries, 4);
    SET(lut_entries, 5);
    SET(policy, 6);
    return area_desc_dwf(&cfg, AREA_DWF_ALL, force_ff, d);
}
static const char *mod_two_level_sched(const unsigned *v, int force_ff, area_desc *d)
{
    two_level_sched_cfg cfg = two_level_sched_default_cfg();
    SET(warps, 0);
    SET(group_size, 1);
    SET(timeout, 2);
    return area_desc_two_level_sched(&cfg, force_ff, d);
}

static const char *mod_lwm_subwarp(const unsigned *v, int force_ff, area_desc *d)
{
    lwm_subwarp_cfg cfg = lwm_subwarp_default_cfg();
    SET(large_warps, 0);
    SET(rows, 1);
    SET(cols, 2);
    SET(depth, 3);
    SET(pc_bits, 4);
    if (v[5]) /* MERGE, passed + 1 (it may be 0) */
        cfg.merge = v[5] - 1;
    return area_desc_lwm_subwarp(&cfg, force_ff, d);
}

static const char *mod_lane_shuffle(const unsigned *v, int force_ff, area_desc *d)
{
    lane_shuffle_cfg cfg = lane_shuffle_default_cfg();
    SET(lanes, 0);
    SET(warps, 1);
    return area_desc_lane_shuffle(&cfg, force_ff, d);
}

static const char *mod_swi_sched(const unsigned *v, int force_ff, area_desc *d)
{
    swi_sched_cfg cfg = swi_sched_default_cfg();
    SET(sets, 0);
    SET(ways, 1);
    SET(lanes, 2);
    SET(pc_w, 3);
    return area_desc_swi_sched(&cfg, force_ff, d);
}
static const char *mod_sbi_scoreboard(const unsigned *v, int force_ff, area_desc *d)
{
    sbi_scoreboard_cfg cfg = sbi_scoreboard_default_cfg();
    SET(warps, 0);
    SET(depth, 1);
    SET(reg_w, 2);
    SET(ndst, 3);
    SET(qregs, 4);
    return area_desc_sbi_scoreboard(&cfg, 0, force_ff, d);
}
#undef SET_STACK
#undef SET

/* zero_ok: bit j set when parameter j may be 0 (a switch such as MERGE);
 * such a value reaches the builder as value + 1, so that 0 still means
 * "not given: the model's default" */
static const struct {
    const char *name;
    const char *params[AREA_MODULE_PARAMS]; /* Verilog parameter names */
    module_fn build;
    unsigned zero_ok;
} modules[] = {
    {"simt_stack", {"WARPS", "LANES", "DEPTH", "PC_W", "MERGE"}, mod_simt_stack, 1u << 4},
    {"dpe_stack", {"WARPS", "LANES", "DEPTH", "PC_W", "MERGE"}, mod_dpe_stack, 1u << 4},
    {"shadow_scoreboard", {"WARPS", "ENTRIES", "REGS"}, mod_shadow_scoreboard, 0},
    {"lane_regfile", {"LANES", "ENTRIES", "WIDTH", "REGS", "SREGS"}, mod_lane_regfile, 0},
    {"pc_warp_lut", {"ENTRIES", "WAYS", "LANES", "PC_W", "POOL"}, mod_pc_warp_lut, 0},
    {"hct_cct_heap", {"WARPS", "LANES", "CCT", "PC_W"}, mod_hct_cct_heap, 0},
    /* POLICY 0 (DMaj) is the default; --param takes 1..4 for the others */
    {"warp_pool", {"LANES", "POOL", "TID_W", "PC_W", "SCHED_W", "MAJ", "POLICY"},
     mod_warp_pool, 0},
    {"dwf", {"LANES", "TID_W", "PC_W", "SCHED_W", "MAJ", "LUT_ENTRIES", "POLICY"}, mod_dwf, 0},
    {"tsimt_lane", {"WARP", "K", "INSTR_W", "WID_W"}, mod_tsimt_lane, 0},
    {"tsimt_frontend", {"LANES", "WARPS", "WARP", "K", "INSTR_W", "CNT_W"}, mod_tsimt_frontend, 0},
    {"two_level_sched", {"WARPS", "GROUP_SIZE", "TIMEOUT"}, mod_two_level_sched, 0},
    {"lwm_subwarp", {"LARGE_WARPS", "K", "N", "DEPTH", "PC_W", "MERGE"}, mod_lwm_subwarp,
     1u << 5},
    {"lane_shuffle", {"LANES", "WARPS"}, mod_lane_shuffle, 0},
    {"swi_sched", {"SETS", "WAYS", "LANES", "PC_W"}, mod_swi_sched, 0},
    {"sbi_scoreboard", {"WARPS", "DEPTH", "REG_W", "NDST", "QREGS"}, mod_sbi_scoreboard, 0},
};
#define N_MODULES (sizeof modules / sizeof modules[0])

const char *const *area_modules(void)
{
    static const char *names[N_MODULES + 1];
    unsigned i;
    for (i = 0; i < N_MODULES; i++)
        names[i] = modules[i].name;
    names[N_MODULES] = NULL;
    return names;
}

const char *const *area_module_params(const char *name)
{
    unsigned m;
    for (m = 0; m < N_MODULES; m++)
        if (strcmp(modules[m].name, name) == 0)
            return modules[m].params;
    return NULL;
}

const char *area_desc_module(const char *name, const char *const *pnames,
                             const unsigned *pvalues, unsigned n, int force_ff, area_desc *d,
                             char *err, size_t errlen)
{
    unsigned v[AREA_MODULE_PARAMS], i, j, m;
    const char *e;
    memset(v, 0, sizeof v);
    for (m = 0; m < N_MODULES; m++)
        if (strcmp(modules[m].name, name) == 0)
            break;
    if (m == N_MODULES) {
        const char *const *names = area_modules();
        size_t l;
        snprintf(err, errlen, "--module: unknown module '%s' (known:", name);
        for (i = 0; names[i]; i++) {
            l = strlen(err);
            snprintf(err + l, errlen - l, " %s", names[i]);
        }
        l = strlen(err);
        snprintf(err + l, errlen - l, ")");
        return err;
    }
    for (i = 0; i < n; i++) {
        for (j = 0; j < AREA_MODULE_PARAMS && modules[m].params[j]; j++)
            if (strcmp(pnames[i], modules[m].params[j]) == 0)
                break;
        if (j == AREA_MODULE_PARAMS || !modules[m].params[j]) {
            snprintf(err, errlen, "--param: %s has no parameter '%s'", name, pnames[i]);
            return err;
        }
        if (modules[m].zero_ok >> j & 1u) {
            v[j] = pvalues[i] + 1u;
            continue;
        }
        if (pvalues[i] == 0) {
            snprintf(err, errlen, "--param: %s must be at least 1", pnames[i]);
            return err;
        }
        v[j] = pvalues[i];
    }
    e = modules[m].build(v, force_ff, d);
    if (e) {
        snprintf(err, errlen, "--param: %s", e);
        return err;
    }
    return NULL;
}

/* ------------------------------------------------ energy per structure */

const char *area_desc_energy(const area_tech *t, const area_desc *d, area_energy_report *out)
{
    static area_result per[AREA_DESC_MAX];
    area_result tot;
    unsigned i;
    const char *e = area_desc_eval(t, d, &tot, per);
    memset(out, 0, sizeof *out);
    if (e)
        return e;
    snprintf(out->name, sizeof out->name, "%s", d->name);
    out->nm = t->node.nm;
    out->area_mm2 = tot.total_mm2;
    out->read_nj = tot.read_nj;
    out->write_nj = tot.write_nj;
    out->search_nj = tot.search_nj;
    out->op_nj = tot.op_nj;
    out->leak_mw = tot.leak_mw;
    out->n = d->n;
    for (i = 0; i < d->n; i++) {
        area_item_energy *it = &out->item[i];
        snprintf(it->name, sizeof it->name, "%s", d->item[i].name);
        it->type = d->item[i].type;
        it->count = d->item[i].count;
        it->kind = per[i].kind;
        it->area_mm2 = per[i].total_mm2;
        it->read_nj = per[i].read_nj;
        it->write_nj = per[i].write_nj;
        it->search_nj = per[i].search_nj;
        it->op_nj = per[i].op_nj;
        it->leak_mw = per[i].leak_mw;
    }
    return NULL;
}

const char *area_struct_energy(const char *name, const char *const *pnames,
                               const unsigned *pvalues, unsigned n, double nm,
                               area_energy_report *out, char *err, size_t errlen)
{
    static area_desc d;
    area_tech t;
    const char *e = area_tech_at(nm, NULL, &t);
    memset(out, 0, sizeof *out);
    if (e) {
        snprintf(err, errlen, "%s", e);
        return err;
    }
    if (area_desc_module(name, pnames, pvalues, n, 0, &d, err, errlen))
        return err;
    if ((e = area_desc_energy(&t, &d, out))) {
        snprintf(err, errlen, "%s: %s", name, e);
        return err;
    }
    return NULL;
}
