/* SPDX-License-Identifier: Apache-2.0 */
/*
 * structs.c -- per-structure descriptions (arrays + logic) from the cfgs.
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
 * whatever the cfg_check of the model accepts.  Departures: the debug/scheduler read port (rd_*) of each
 * stack is counted as a full read port; a production design would cache the
 * TOS in registers and bank the fields, which the report notes.
 */
#include "structs.h"

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

static void desc_init(area_desc *d, const char *name, const char *title)
{
    memset(d, 0, sizeof *d);
    snprintf(d->name, sizeof d->name, "%s", name);
    snprintf(d->title, sizeof d->title, "%s", title);
}

static area_item *add_item(area_desc *d, area_item_type type, const char *name, const char *what)
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

static void add_array(area_desc *d, const char *name, const char *what, area_kind kind,
                      unsigned long entries, unsigned width, unsigned rd, unsigned wr,
                      unsigned banks, unsigned count)
{
    area_item *it = add_item(d, AI_ARRAY, name, what);
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

static void add_logic(area_desc *d, const char *name, const char *what, double ge)
{
    area_item *it = add_item(d, AI_LOGIC, name, what);
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

/* ------------------------------------------------------------ SPE stack */

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
    desc_init(d, "simt_stack", "SIMT stack, single path (SPE)");
    snprintf(d->config, sizeof d->config, "%u warps, %u lanes, depth %u, %u-bit PC", cfg->warps,
             L, cfg->depth, P);
    d->entry_bits = area_simt_stack_entry_bits(cfg);
    /* verilog/simt_stack.v: pc_q/mask_q/rpc_q of WARPS*DEPTH entries, sp_q per warp */
    add_array(d, "pc field", "entry PCs; reads: TOS, base entry, rd port; writes: TOS.pc, 2 pushes",
              k, ent, P, 3, 3, 1, 1);
    add_array(d, "mask field", "active masks; reads: TOS, rd port; writes: 2 pushes", k, ent, L, 2,
              2, 1, 1);
    add_array(d, "rpc field", "reconvergence PCs; reads: TOS, base entry, rd port; writes: 2 pushes",
              k, ent, P, 3, 2, 1, 1);
    add_array(d, "depth counters", "one per warp; reads: op warp, rd warp", AK_FF, cfg->warps, dw,
              2, 1, 1, 1);
    /* branch decision: 5 PC comparisons (target==rpc, pc!=rpc, npc!=rpc,
     * op_rpc==TOS.rpc, base pc==rpc), the mask split and subset check,
     * the target/push muxes, the depth update and overflow check */
    ge = 5.0 * area_ge_eq_cmp(c, P) + 2.0 * L * c->ge_and2 + 3.0 * area_ge_reduce(c, L) +
         area_ge_mux(c, 2, P) * 2.0 + area_ge_mux(c, 2, L) + 2.0 * area_ge_incdec(c, dw) +
         area_ge_mux(c, 4, dw) + area_ge_mag_cmp(c, dw + 1);
    add_logic(d, "branch logic", "PC comparators, mask split/subset, push muxes, depth update", ge);
    /* entry addresses: warp*DEPTH + sp - 1 (TOS), + sp (push), + 1, rd address */
    add_logic(d, "address arithmetic", "TOS, push and read-port entry addresses",
              5.0 * area_ge_adder(c, aw));
    /* outputs gated by op_live / rd_hit */
    add_logic(d, "output gating", "TOS and read-port outputs forced to 0 when not live",
              2.0 * (2.0 * P + L) * c->ge_and2);
    return NULL;
}

/* ------------------------------------------------------------ DPE stack */


void area_dpe_stack_defaults(unsigned *warps, unsigned *lanes, unsigned *depth,
                             unsigned *pc_bits, unsigned *entry_bits)
{
    dpe_stack_cfg cfg = dpe_stack_default_cfg();
    *warps = cfg.warps;
    *lanes = cfg.lanes;
    *depth = cfg.depth;
    *pc_bits = cfg.pc_bits;
    *entry_bits = dpe_stack_entry_bits(&cfg);
}

const char *area_desc_dpe_stack(unsigned warps, unsigned lanes, unsigned depth, unsigned pc_bits,
                                int force_ff, area_desc *d)
{
    const area_consts *c = area_default_consts();
    dpe_stack_cfg cfg = dpe_stack_default_cfg();
    const char *e;
    unsigned long ent;
    unsigned P, L, dw, aw;
    area_kind k = force_ff ? AK_FF : AK_AUTO;
    double ge;
    if (warps)
        cfg.warps = warps;
    if (lanes)
        cfg.lanes = lanes;
    if (depth)
        cfg.depth = depth;
    if (pc_bits)
        cfg.pc_bits = pc_bits;
    e = dpe_stack_cfg_check(&cfg);
    if (e)
        return e;
    P = cfg.pc_bits;
    L = cfg.lanes;
    dw = dpe_stack_depth_w(&cfg);
    ent = (unsigned long)cfg.warps * cfg.depth;
    aw = bits_index_width(ent);
    desc_init(d, "dpe_stack", "Dual-path stack (DPE)");
    snprintf(d->config, sizeof d->config, "%u warps, %u lanes, depth %u, %u-bit PC", cfg.warps, L,
             cfg.depth, P);
    d->entry_bits = dpe_stack_entry_bits(&cfg);
    /* verilog/dpe_stack.v: per-field arrays of WARPS*DEPTH entries.  The
     * TOS path P gets {pc, valid} (wr_p) and one whole entry is written at
     * the push/split address (wr_ent); reads: the TOS masks, valids and
     * rpc, the base entry's valids, and the rd port (every field). */
    add_array(d, "path pc fields", "L.pc, R.pc; reads: rd port; writes: TOS path P, new entry", k,
              ent, 2 * P, 1, 2, 1, 1);
    add_array(d, "path mask fields", "L.mask, R.mask; reads: TOS, rd port; writes: new entry", k,
              ent, 2 * L, 2, 1, 1, 1);
    add_array(d, "rpc field", "reconvergence PCs; reads: TOS, rd port; writes: new entry", k, ent,
              P, 2, 1, 1, 1);
    add_array(d, "path valid bits", "L.valid, R.valid; reads: TOS, base entry, rd port; writes: "
              "TOS path P, new entry", k, ent, 2, 3, 2, 1, 1);
    add_array(d, "depth counters", "one per warp; reads: op warp, rd warp", AK_FF, cfg.warps, dw,
              2, 1, 1, 1);
    /* 4 PC comparisons (op_pc!=op_rpc, op_npc!=op_rpc, target!=TOS.rpc,
     * op_rpc==TOS.rpc), path select of P's mask and valid, mask split and
     * subset check, new-entry and P.pc muxes, depth update and full check */
    ge = 4.0 * area_ge_eq_cmp(c, P) + area_ge_mux(c, 2, L + 2) + 2.0 * L * c->ge_and2 +
         3.0 * area_ge_reduce(c, L) + area_ge_mux(c, 3, P) + area_ge_mux(c, 2, 2 * P + 2 * L) +
         2.0 * area_ge_incdec(c, dw) + area_ge_mux(c, 4, dw) + area_ge_mag_cmp(c, dw + 1);
    add_logic(d, "branch logic", "PC comparators, path select, mask split/subset, depth update",
              ge);
    add_logic(d, "address arithmetic", "TOS, push and read-port entry addresses",
              3.0 * area_ge_adder(c, aw));
    add_logic(d, "output gating", "read-port outputs forced to 0 when not valid",
              (3.0 * P + 2.0 * L + 2.0) * c->ge_and2);
    return NULL;
}

/* ---------------------------------------------------- shadow scoreboard */


void area_shadow_scoreboard_defaults(unsigned *warps, unsigned *entries, unsigned *regs,
                                     unsigned *entry_bits, unsigned *shadow_bits)
{
    shadow_scoreboard_cfg cfg = shadow_scoreboard_default_cfg();
    *warps = cfg.warps;
    *entries = cfg.entries;
    *regs = cfg.regs;
    *entry_bits = 2u + shadow_scoreboard_reg_w(&cfg); /* {valid, shadow, reg} */
    *shadow_bits = 1u;
}

unsigned area_shadow_scoreboard_entry_bits(unsigned regs)
{
    shadow_scoreboard_cfg cfg = shadow_scoreboard_default_cfg();
    if (regs)
        cfg.regs = regs;
    if (shadow_scoreboard_cfg_check(&cfg))
        return 0;
    return 2u + shadow_scoreboard_reg_w(&cfg); /* {valid, shadow, reg} */
}

const char *area_desc_shadow_scoreboard(unsigned warps, unsigned entries, unsigned regs,
                                        int force_ff, area_desc *d)
{
    const area_consts *c = area_default_consts();
    shadow_scoreboard_cfg cfg = shadow_scoreboard_default_cfg();
    const char *e;
    unsigned E, R, W;
    area_kind k = force_ff ? AK_FF : AK_AUTO;
    double ge;
    if (warps)
        cfg.warps = warps;
    if (entries)
        cfg.entries = entries;
    if (regs)
        cfg.regs = regs;
    e = shadow_scoreboard_cfg_check(&cfg);
    if (e)
        return e;
    W = cfg.warps;
    E = cfg.entries;
    R = shadow_scoreboard_reg_w(&cfg);
    desc_init(d, "shadow_scoreboard", "Scoreboard with shadow bits (DPE)");
    snprintf(d->config, sizeof d->config, "%u warps x 2 sides x %u entries, %u registers", W, E,
             cfg.regs);
    /* one row per (warp, side) table.  Reads per cycle: the query's two
     * tables, the two writebacks' tables, the issue's table, the rd port. */
    add_array(d, "register ids", "a table per warp and side; reads: query L+R, 2 writebacks, "
              "issue (duplicate check), rd port; writes: allocation",
              k, 2ul * W, E * R, 6, 1, 1, 1);
    /* valid and shadow bits change in whole rows (divergence, reconvergence)
     * and by several ports at once: flip-flops */
    add_array(d, "valid+shadow bits", "per table; reads: query, writebacks, issue, rd port; "
              "writes: issue, 2 writebacks, divergence, reconvergence",
              AK_FF, 2ul * W, 2 * E, 6, 5, 1, 1);
    /* query: 4 operands against 2E entries; writebacks: 2 x E; duplicate
     * allocation check: E; hazard reductions, free-entry priority encoder */
    ge = (4.0 * 2.0 * E + 2.0 * E + E) * area_ge_eq_cmp(c, R) + 4.0 * area_ge_reduce(c, 2 * E) +
         area_ge_prio_enc(c, E) + area_ge_reduce(c, E) + 2.0 * E * 4.0 * c->ge_and2;
    add_logic(d, "hazard and update logic",
              "operand comparators, hazard reduce, free-entry encoder, shadow set/clear", ge);
    return NULL;
}

/* -------------------------------------------------------- PC-warp LUT */

/* verilog/pc_warp_lut.v, per cycle: two lookups (lk0, lk1), each hashing
 * its PC to a set and reading that set's two ways (valid, PC tag, OCC,
 * IDX, the set's LRU bit); at most two entries written (one per lookup,
 * never the same); every entry's IDX compared with inv_idx (the issued
 * warp's invalidation) and with the two offered allocator indices (the
 * IDX_IN_USE check); the debug read port reads one entry and its LRU bit. */
const char *area_desc_pc_warp_lut(const pc_warp_lut_cfg *cfg, int force_ff, area_desc *d)
{
    const area_consts *c = area_default_consts();
    const char *e = pc_warp_lut_cfg_check(cfg);
    unsigned E, S, P, L, I, SW, fold;
    unsigned long table;
    double ge;
    if (e)
        return e;
    E = cfg->entries;
    S = pc_warp_lut_sets(cfg);
    P = cfg->pc_bits;
    L = cfg->lanes;
    I = pc_warp_lut_idx_w(cfg);
    SW = pc_warp_lut_set_w(cfg);
    desc_init(d, "pc_warp_lut", "PC-warp LUT (DWF)");
    snprintf(d->config, sizeof d->config,
             "%u entries, %u-way, {PC %u, OCC %u, IDX %u} = %u table bits, 2 lookups/cycle", E,
             cfg->ways, P, L, I, pc_warp_lut_table_bits(cfg));
    d->entry_bits = pc_warp_lut_table_bits(cfg) / E; /* Table 1's entry: PC + OCC + IDX */
    if (force_ff) {
        /* what the RTL is: flops; a lookup reads both ways' tags of its set
         * (a set mux), the OCC of the way it picked (an entry mux) */
        add_array(d, "PC tags", "per set, both ways; reads: lk0 set, lk1 set, rd port; writes: "
                  "lk0, lk1 allocations", AK_FF, S, 2 * P, 3, 2, 1, 1);
        add_array(d, "OCC fields", "reads: lk0 and lk1 entry, rd port; writes: lk0, lk1", AK_FF, E,
                  L, 3, 2, 1, 1);
    } else {
        /* the paper's 2-way set-associative 2RP 2WP table: an SRAM of sets x
         * (2 ways x {PC, OCC}) searched by the two lookups (each reads a set,
         * compares both tags, muxes the hit way), written by both, plus the
         * debug read port */
        area_item *it;
        add_array(d, "PC tags + OCC", "2-way set-assoc.: 2 search ports (lk0, lk1, tag = PC), "
                  "1 read port (rd), 2 write ports", AK_CAM, E, P + L, 1, 2, 1, 1);
        it = &d->item[d->n - 1];
        it->arr.search = 2;
        it->arr.ways = cfg->ways;
        it->arr.tag_bits = P;
    }
    /* IDX is compared in every entry every cycle: flip-flops, not SRAM */
    add_array(d, "IDX fields", "flip-flops (every entry compared each cycle); reads: lk0 and lk1 "
              "entry, rd port; writes: lk0, lk1", AK_FF, E, I, 3, 2, 1, 1);
    table = d->storage_bits;
    add_array(d, "valid bits", "per set, both ways; reads: lk0 set, lk1 set, rd port; writes: "
              "lk0, lk1 (the invalidation clear is in the logic)", AK_FF, S, cfg->ways, 3, 2, 1, 1);
    add_array(d, "LRU bits", "one per set; reads: lk0, lk1, rd port; writes: lk0, lk1", AK_FF, S,
              1, 3, 2, 1, 1);
    /* one source of truth: the arrays hold exactly the model's bits */
    if (table != pc_warp_lut_table_bits(cfg) || d->storage_bits != pc_warp_lut_state_bits(cfg))
        return "pc_warp_lut: the area description's bits differ from pc_warp_lut_state_bits()";
    /* per entry: IDX == inv_idx (invalidation; the bypass valid & ~match),
     * IDX == alloc_idx0 / alloc_idx1 (IDX_IN_USE), each gated by valid; the
     * three OR trees (inv_hit, live0, live1) */
    ge = 3.0 * E * (area_ge_eq_cmp(c, I) + c->ge_and2) + E * c->ge_and2 +
         3.0 * area_ge_reduce(c, E);
    add_logic(d, "IDX comparators", "3 per entry: the issued warp's IDX (invalidation) and the "
              "two offered indices (IDX_IN_USE check)", ge);
    /* per lookup: the XOR-fold hash of PC[PC_W-1:2] into SET_W bits */
    fold = P - 2 > SW ? P - 2 - SW : 0;
    ge = 2.0 * fold * c->ge_xor2;
    if (force_ff) /* the tag compare the CAM model holds: 2 ways per lookup */
        ge += 4.0 * (area_ge_eq_cmp(c, P) + c->ge_and2) + 2.0 * (c->ge_or2 + c->ge_and2);
    /* same-set and SAME_PC compares, REQ == 0, lane conflict (REQ & OCC),
     * OCC next value (OCC | REQ, REQ & OCC or REQ), join/new masks */
    ge += area_ge_eq_cmp(c, SW) + area_ge_eq_cmp(c, P) +
          2.0 * (area_ge_reduce(c, L) + L * c->ge_and2 + area_ge_reduce(c, L)) +
          2.0 * (2.0 * L * c->ge_and2 + L * c->ge_or2 + area_ge_mux(c, 3, L)) +
          4.0 * L * c->ge_and2;
    /* way choice (hit way, invalid way first, LRU, same-set exclusion) and
     * LRU next value, per lookup */
    ge += 2.0 * (8.0 * c->ge_and2 + 4.0 * c->ge_or2);
    /* indices: lk1's new index mux, output gating, the offered indices
     * against inv_idx and each other, the pool range (POOL < 2^IDX_W) */
    ge += area_ge_mux(c, 2, I) + 4.0 * I * c->ge_and2 + 3.0 * (area_ge_eq_cmp(c, I) + c->ge_and2);
    if (cfg->pool < (1u << I))
        ge += 3.0 * area_ge_mag_cmp(c, I);
    /* need count vs alloc_avail, error priority, fire */
    ge += 2.0 * c->ge_ha + area_ge_mag_cmp(c, 2) + 12.0 * c->ge_and2;
    add_logic(d, "lookup logic", "PC hash, compares, lane conflict, OCC update, way choice, "
              "allocation and error checks", ge);
    return NULL;
}

/* -------------------------------------------- HCT and CCT (SBI heap) */

/* verilog/hct_cct_heap.v, per cycle: one operation on op_warp (its HCT row's
 * masks, valid bits, head and hv read; the row rewritten; at most one CCT
 * node written -- pushed at free_head or exchanged in place at the head --
 * or the head popped to the free list); the scheduler read port on rd_warp
 * (pc1/pc2, masks, valid, hv, lo, dcnt); the sideband sorter's step (reads
 * the walk node's cpc/nxt/nv; on a relink reads nxt of the moved node and
 * nxt/nv of its new predecessor and writes three links, or the warp's head
 * when the moved node's predecessor is the head). */
const char *area_desc_hct_cct_heap(const hct_cct_heap_cfg *cfg, area_hch_part part, int force_ff,
                                   area_desc *d)
{
    static const char *const part_name[] = {"hct_cct_heap", "hct_cct_heap.hct",
                                            "hct_cct_heap.cct"};
    static const char *const part_title[] = {"Hot and Cold Context Tables (SBI sorted heap)",
                                             "Hot Context Table + HCT sorter (SBI)",
                                             "Cold Context Table + sideband sorter (SBI)"};
    const area_consts *c = area_default_consts();
    const char *e = hct_cct_heap_cfg_check(cfg);
    area_kind k = force_ff ? AK_FF : AK_AUTO;
    hct_cct_heap_storage b;
    unsigned W, L, P, PW, WW, CW, FW, list_regs, sorter_regs;
    int hct, cct;
    unsigned long want;
    double ge;
    if (e)
        return e;
    if (part > AREA_HCH_CCT)
        return "hct_cct_heap: part must be all, HCT or CCT";
    hct = part != AREA_HCH_CCT;
    cct = part != AREA_HCH_HCT;
    W = cfg->warps;
    L = cfg->lanes;
    P = cfg->pc_bits;
    PW = hct_cct_heap_ptr_w(cfg);
    WW = hct_cct_heap_warp_w(cfg);
    CW = hct_cct_heap_cnt_w(cfg);
    FW = 2u + hct_cct_heap_dcnt_w(cfg); /* per-warp list flags: hv, lo, dcnt */
    b = hct_cct_heap_bits(cfg);
    desc_init(d, part_name[part], part_title[part]);
    snprintf(d->config, sizeof d->config,
             "%u warps x %u lanes, %u CCT entries, %u-bit PC: HCT %u x %u b, CCT %u x %u b", W, L,
             cfg->cct, P, b.hct_rows, b.hct_row_bits, b.cct_rows, b.cct_row_bits);
    d->entry_bits = part == AREA_HCH_CCT ? b.cct_row_bits : b.hct_row_bits;
    /* the registers beside the tables (verilog/hct_cct_heap.v): free_head,
     * free_cnt, deg_cnt (16 bits: the deg_cnt port); the sorter's s_busy,
     * s_warp, s_node, s_pc, s_pred_head, s_pred, s_cur, s_prev_v, s_prev */
    list_regs = PW + CW + 16u;
    sorter_regs = 1u + WW + PW + P + 1u + PW + PW + 1u + PW;

    if (hct) {
        add_array(d, "HCT PCs", "{CPC1, CPC2} per warp; reads: scheduler port; writes: op warp",
                  k, W, 2 * P, 1, 1, 1, 1);
        add_array(d, "HCT masks", "{m1, m2} per warp; reads: op warp (partition check), "
                  "scheduler port; writes: op warp", k, W, 2 * L, 2, 1, 1, 1);
        add_array(d, "HCT valid bits", "{v1, v2} per warp; reads: op warp, scheduler port; "
                  "writes: op warp", AK_FF, W, 2, 2, 1, 1, 1);
        add_array(d, "HCT CCT head pointers", "per warp; reads: op warp; writes: op (push, pop), "
                  "sorter (relink of a list head)", AK_FF, W, PW, 1, 2, 1, 1);
        add_array(d, "list flags", "hv, lo and the unsorted-node count dcnt per warp; reads: "
                  "op warp, scheduler port; writes: op warp", AK_FF, W, FW, 2, 1, 1, 1);
        /* the sorting network (verilog hct_cct_heap_net), instantiated
         * twice: 3 merge compares and 3 compare-exchanges over {PC, mask,
         * valid} (area_ge_sort3), the merged masks gated by their merge,
         * the valid-aware exchange conditions, the invalid outputs zeroed,
         * the merge count */
        ge = area_ge_sort3(c, P, L + 1) + 3.0 * L * c->ge_and2 + 3.0 * 4.0 * c->ge_and2 +
             3.0 * (P + L) * c->ge_and2 + 2.0 * c->ge_ha;
        add_logic(d, "HCT sorting networks", "001 Fig. 5b: sort, merge equal PCs, compact; "
                  "stage 1 (the 3 inputs) and stage 2 (s1, s2, the list head)", ge);
        d->item[d->n - 1].count = 2;
        /* update decision: input masks gated by valid, the partition check
         * (pairwise ANDs, exit overlap, the union against m1|m2 of the row),
         * empty-mask checks, k, head PC > s2, CCT full, the HCT next value
         * (stage 1, stage 2 or launch) and the pushed context (s3 or t3),
         * op_warp range, act/err priority */
        ge = 3.0 * L * c->ge_and2 + 3.0 * L * c->ge_and2 + 2.0 * L * c->ge_or2 +
             L * c->ge_and2 + 3.0 * L * c->ge_or2 + area_ge_reduce(c, L) + L * c->ge_or2 +
             2.0 * L * c->ge_and2 + L * c->ge_or2 + area_ge_eq_cmp(c, L) +
             3.0 * area_ge_reduce(c, L) + 2.0 * c->ge_ha + area_ge_mag_cmp(c, P) +
             area_ge_reduce(c, CW) + 2.0 * area_ge_mux(c, 3, P + L + 1) +
             area_ge_mux(c, 2, P + L) + 40.0 * c->ge_and2;
        if (W < (1u << WW))
            ge += area_ge_mag_cmp(c, WW);
        add_logic(d, "HCT update logic", "partition and mask checks, push/pop decision, "
                  "next-state and pushed-context muxes, act/err", ge);
        /* scheduler port: rd_run2 = v2 && !(sync && pc_div <= CPC1 < CPC2),
         * the outputs gated by valid, rd_warp range */
        ge = 2.0 * area_ge_mag_cmp(c, P) + 4.0 * c->ge_and2 +
             (2.0 * P + 2.0 * L + 4.0) * c->ge_and2;
        if (W < (1u << WW))
            ge += area_ge_mag_cmp(c, WW);
        add_logic(d, "HCT read port", "selective synchronization (001 sec. 3.3) compares, "
                  "output gating", ge);
    }
    if (cct) {
        add_array(d, "CCT PCs", "reads: op warp's list head, sorter walk; writes: push at the "
                  "free head or exchange at the list head", k, cfg->cct, P, 2, 1, 1, 1);
        /* the sorter's merge reads the walk node's and the moved node's
         * masks and ORs them into the walk node (a second write port: it
         * may coincide with another warp's exchange or join) */
        add_array(d, "CCT masks", "reads: op warp's list head, sorter walk node, moved node; "
                  "writes: push, exchange or join; sorter merge", k, cfg->cct, L, 3, 2, 1, 1);
        add_array(d, "CCT next pointers", "reads: list head, walk node, moved node, its new "
                  "predecessor, free head; writes: op, 3 sorter relinks", AK_FF, cfg->cct, PW, 5,
                  4, 1, 1);
        add_array(d, "CCT next-valid bits", "reads: list head, walk node, new predecessor; "
                  "writes: op, 2 sorter relinks", AK_FF, cfg->cct, 1, 3, 3, 1, 1);
        add_array(d, "CCT unsorted bits", "cu per entry; reads: list head, walk node; writes: "
                  "op (push or exchange)", AK_FF, cfg->cct, 1, 2, 1, 1, 1);
        add_array(d, "free list and counter", "free_head, free_cnt, deg_cnt", AK_FF, 1, list_regs,
                  0, 1, 1, 1);
        add_array(d, "sideband sorter registers", "busy, warp, node, pc, pred, walk position, "
                  "previous node", AK_FF, 1, sorter_regs, 0, 1, 1, 1);
        /* list updates: the written node and its link (push: free head, old
         * head; pop: head, free head), the new head (free head or the
         * popped node's next), the cpc/cmask write address, free-list next
         * head and count, the degraded counter, the sorter's touch checks
         * (same warp, popped node is the moved node or its predecessor) */
        ge = 2.0 * area_ge_mux(c, 2, PW) + area_ge_reduce(c, CW) + c->ge_mux2 +
             area_ge_mux(c, 2, PW) + area_ge_mux(c, 2, PW) + area_ge_mux(c, 2, PW) +
             area_ge_incdec(c, CW) + 16.0 * c->ge_ha + area_ge_eq_cmp(c, WW) +
             2.0 * area_ge_eq_cmp(c, PW) + 10.0 * c->ge_and2;
        /* JOIN (h_mask | x_mask) and the sorter merge (cur_mask | moved
         * mask): the OR and the write-data mux; the merge frees the moved
         * node (free head and count from a third source) */
        ge += 2.0 * L * c->ge_or2 + area_ge_mux(c, 3, L) + area_ge_mux(c, 3, PW) +
              area_ge_mux(c, 3, CW);
        add_logic(d, "CCT list logic", "push/pop/exchange links, free list, degraded counter, "
                  "sorter touch checks", ge);
        /* the sorter FSM: cur_pc < s_pc and cur_pc == s_pc (merge), the
         * insertion point (walk node or previous), walk/done/relink/merge,
         * the start values (node, walk position from the new node's
         * successor), predecessor tracking */
        ge = area_ge_mag_cmp(c, P) + area_ge_eq_cmp(c, P) + area_ge_mux(c, 2, PW) +
             10.0 * c->ge_and2 + area_ge_mux(c, 3, PW) + area_ge_mux(c, 2, PW) +
             area_ge_mux(c, 2, PW) + 10.0 * c->ge_and2;
        add_logic(d, "CCT sideband sorter", "insertion-sort walk, one node per cycle: compare, "
                  "insertion point, relink control", ge);
    }
    /* one source of truth: the arrays hold exactly the model's bits */
    want = (hct ? (unsigned long)b.hct_rows * b.hct_row_bits + (unsigned long)FW * W : 0) +
           (cct ? (unsigned long)b.cct_rows * b.cct_row_bits + b.ctrl_bits - (unsigned long)FW * W
                : 0);
    if (FW * W + cfg->cct + list_regs + sorter_regs != b.ctrl_bits || d->storage_bits != want)
        return "hct_cct_heap: the area description's bits differ from hct_cct_heap_bits()";
    return NULL;
}

/* ------------------------------------------- warp pool (DWF, 000 4.2) */

/* verilog/warp_pool.v, per cycle: one committing warp's four groups (g0/g2
 * join an entry: its valid, lanes and PC are read for the checks and the
 * lanes ORed in; g1/g3 start an entry: PC, lanes, sched written), each lane
 * writes its TID into its own memory at its group's row; one issue: the
 * candidate's lanes, PC and TIDs read, its entry cleared, its index pushed
 * at the free list's tail, its threads' in-pool bits cleared; the majority
 * table updated by both pairs' PCs and the issue (no sort: a compare tree
 * picks by count). */
const char *area_desc_warp_pool(const warp_pool_cfg *cfg, area_wp_part part, int force_ff,
                                area_desc *d)
{
    static const char *const part_name[] = {"warp_pool", "warp_pool.pool", "warp_pool.alloc",
                                            "warp_pool.issue"};
    static const char *const part_title[] = {
        "Warp pool, allocator and issue logic (DWF)", "Warp pool (DWF)",
        "Warp allocator (DWF)", "Issue logic (DWF)"};
    const area_consts *c = area_default_consts();
    const char *e = warp_pool_cfg_check(cfg);
    area_kind k = force_ff ? AK_FF : AK_AUTO;
    warp_pool_bitcount b;
    unsigned L, E, T, P, S, M, I, F, TH, LG, CW, MW, pol;
    int table, pool, alloc, issue;
    unsigned long want = 0;
    double ge;
    if (e)
        return e;
    if (part > AREA_WP_ISSUE)
        return "warp_pool: part must be all, pool, allocator or issue";
    pool = part == AREA_WP_ALL || part == AREA_WP_POOL;
    alloc = part == AREA_WP_ALL || part == AREA_WP_ALLOC;
    issue = part == AREA_WP_ALL || part == AREA_WP_ISSUE;
    L = cfg->lanes;
    E = cfg->entries;
    T = cfg->tid_bits;
    P = cfg->pc_bits;
    S = cfg->sched_bits;
    M = cfg->maj_entries;
    I = warp_pool_idx_w(cfg);
    F = warp_pool_free_w(cfg);
    TH = warp_pool_threads(cfg);
    LG = bits_index_width(L);
    CW = T + 2u; /* the table's count arithmetic */
    MW = bits_index_width(M);
    pol = cfg->policy;
    table = pol == WP_POL_DMAJ || pol == WP_POL_DMIN;
    b = warp_pool_bits(cfg);
    desc_init(d, part_name[part], part_title[part]);
    snprintf(d->config, sizeof d->config,
             "%u entries x {%u TIDs x %u, PC %u, sched %u}, %u lanes, %s%s", E, L, T, P, S, L,
             warp_pool_policy_name(pol), table ? "" : " (no table)");
    if (table) {
        size_t l = strlen(d->config);
        snprintf(d->config + l, sizeof d->config - l, " with %u x {PC %u, count %u}", M, P, T);
    }
    if (part == AREA_WP_ALLOC)
        snprintf(d->config, sizeof d->config, "free list %u x %u-bit pool indices, 2 offered per "
                 "cycle", E, I);
    else if (part == AREA_WP_ISSUE && table)
        snprintf(d->config, sizeof d->config, "%s: %u x {PC %u, count %u}, pool of %u",
                 warp_pool_policy_name(pol), M, P, T, E);
    else if (part == AREA_WP_ISSUE)
        snprintf(d->config, sizeof d->config, "%s: selection over the pool of %u",
                 warp_pool_policy_name(pol), E);
    d->entry_bits = part == AREA_WP_ALLOC   ? I
                    : part == AREA_WP_ISSUE ? (table ? P + T : 0)
                                            : b.pool_entry;
    if (pool) {
        area_item *it;
        /* 000 Table 1's per-lane decoders: a memory per lane */
        add_array(d, "TID memories", "one per lane (its own row decoder); write: the lane's "
                  "group row; read: the issue candidate", k, (unsigned long)L * E, T, 1, 1, L, 1);
        d->item[d->n - 1].lockstep = 1; /* every lane's TID at once */
        if (table && !force_ff) {
            add_array(d, "entry rows {PC, sched}", "fully assoc., tag = PC: 1 search (the "
                      "chosen PC), 3 reads (candidate, g0, g2 joins), 2 writes (g1, g3 new)",
                      AK_CAM, E, P + S, 3, 2, 1, 1);
            it = &d->item[d->n - 1];
            it->arr.search = 1;
            it->arr.tag_bits = P;
        } else {
            /* DPC compares every PC, DTime/DPdPri every sched: flip-flops */
            add_array(d, "entry PCs", "reads: candidate, g0 and g2 joins; writes: g1, g3 new",
                      (force_ff || pol == WP_POL_DPC) ? AK_FF : k, E, P, 3, 2, 1, 1);
            add_array(d, "entry sched data", table || pol == WP_POL_DPC
                      ? "written by g1, g3 (read by no policy built here)"
                      : "every entry compared by the policy; writes: g1, g3 new",
                      AK_FF, E, S, 0, 2, 1, 1);
        }
        /* valid and untracked gate every entry's match each cycle: flops */
        add_array(d, "entry valid/untracked", "flip-flops (every entry's match is gated); reads: "
                  "g0, g2 joins; writes: issue clear, g1, g3", AK_FF, E, 2, 2, 3, 1, 1);
        add_array(d, "lane-valid bits", "reads: candidate, g0, g2 joins; writes: issue clear, "
                  "g1, g3 new, g0, g2 join (OR in)", k, E, L, 3, 5, 1, 1);
        /* set by a compare on the written TID of its home lane, cleared by
         * one on the issued TID: a decoder per direction */
        add_array(d, "in-pool vector", "one bit per thread; set: written TIDs, clear: issued TIDs",
                  AK_FF, TH, 1, 0, 2, 1, 1);
        want += (unsigned long)b.pool + b.pool_ctrl + b.in_pool;
        ge = 0.0;
        if (table && force_ff) /* the CAM's search port: PC compares, lowest match */
            ge += E * area_ge_eq_cmp(c, P) + area_ge_prio_enc(c, E);
        /* per entry: m_pc / m_un gating by valid and untracked */
        ge += 3.0 * E * c->ge_and2;
        /* in-pool: lane gating of the set/clear, TID_IN_POOL hit reduce */
        ge += 3.0 * TH * c->ge_and2 + area_ge_reduce(c, TH);
        add_logic(d, "pool match and in-pool logic", "per-entry match gating, in-pool "
                  "set/clear gating and TID_IN_POOL", ge);
        /* per lane: home-lane check (swizzle), row select among 4 groups
         * and write enable; group checks: GROUP_KIND, OVERLAP (6 pairs),
         * PAIR_PC, NEW_EMPTY, HOME_LANE, written-lane mask; the two joins'
         * JOIN_INVALID/ISSUING/PC and LANE_OCC; the error priority; the
         * issue outputs gated by the issue */
        ge = L * (area_ge_eq_cmp(c, LG) + c->ge_xor2 + area_ge_mux(c, 4, I) + 6.0 * c->ge_and2) +
             12.0 * c->ge_and2 + 6.0 * (L * c->ge_and2 + area_ge_reduce(c, L) + c->ge_and2) +
             2.0 * area_ge_eq_cmp(c, P) + 4.0 * area_ge_reduce(c, L) +
             L * c->ge_and2 + area_ge_reduce(c, L) + 4.0 * L * c->ge_and2 + 3.0 * L * c->ge_or2 +
             2.0 * (area_ge_eq_cmp(c, I) + area_ge_eq_cmp(c, P) + L * c->ge_and2 +
                    area_ge_reduce(c, L) + 4.0 * c->ge_and2) +
             area_ge_prio_enc(c, 13) + (P + L + I + (double)L * T + 4.0) * c->ge_and2;
        add_logic(d, "pool write checks", "home lanes, per-lane row select, group and join "
                  "checks, error priority, issue output gating", ge);
    }
    if (alloc) {
        add_array(d, "free list", "circular FIFO of pool indices; reads: head, head + 1; write: "
                  "the issued entry at the tail", k, E, I, 2, 1, 1, 1);
        add_array(d, "allocator registers", "head, free count", AK_FF, 1, I + F, 0, 1, 1, 1);
        want += (unsigned long)b.allocator + I + F;
        /* head + 1, tail = head + count, head += new groups, count - new +
         * issue, ISS_EMPTY (count = POOL), ready (new <= count), the new
         * groups' count and order, NEW_IDX (2 compares, offered-index mux) */
        ge = area_ge_incdec(c, I) + 2.0 * area_ge_adder(c, I) + 2.0 * area_ge_adder(c, F) +
             area_ge_reduce(c, F) + area_ge_mag_cmp(c, F) + area_ge_popcount(c, 4) +
             4.0 * area_ge_adder(c, 2) + 2.0 * area_ge_eq_cmp(c, I) + area_ge_mux(c, 2, I) +
             8.0 * c->ge_and2;
        add_logic(d, "allocator logic", "head/tail/count arithmetic, back-pressure, NEW_IDX", ge);
    }
    if (issue) {
        unsigned regs = 0;
        if (table) {
            add_array(d, "majority table PCs", "per slot; read: the chosen slot's PC; rewritten "
                      "each cycle (allocation, sort)", AK_FF, M, P, 1, 1, 1, 1);
            add_array(d, "majority table counts", "count - 1 per slot, rewritten each cycle",
                      AK_FF, M, T, 0, 1, 1, 1);
            add_array(d, "majority table flags", "valid per slot", AK_FF, M, 1, 0, 1, 1, 1);
            add_array(d, "issue batch marks", "one per pool entry (DMaj lock, overflow drain)",
                      AK_FF, E, 1, 0, 1, 1, 1);
            regs = (T + 1u) + MW + 1u; /* untr_cnt, lslot, turn */
            want += (unsigned long)b.majority + b.majority_ctrl;
            /* searches: each pair's PC in every slot; hit and slot encode;
             * free-slot choice per pair; lock and pick encoders; the slot
             * decoders (pair 0, pair 1, chosen slot); per slot the count
             * update (+ n0 + n1 - issued, the stored minus one both ways,
             * zero test) and the alloc and swap muxes of {PC, count, flags};
             * MAJ-1 compare-swaps; popcounts of the pairs and the issue; the
             * pair merge; the chosen slot's mux */
            ge = 2.0 * M * (area_ge_eq_cmp(c, P) + c->ge_and2) + 2.0 * area_ge_prio_enc(c, M) +
                 2.0 * (area_ge_prio_enc(c, M) + area_ge_eq_cmp(c, MW)) +
                 2.0 * area_ge_prio_enc(c, M) + M * c->ge_and2 + 3.0 * area_ge_decoder(c, M) +
                 M * (3.0 * area_ge_adder(c, CW) + area_ge_incdec(c, CW) + area_ge_incdec(c, T) +
                      area_ge_reduce(c, CW) + area_ge_mux(c, 3, P) +
                      area_ge_mux(c, 3, P + CW + 2u) + 6.0 * c->ge_and2) +
                 (M - 1u) * (area_ge_mag_cmp(c, CW) + c->ge_and2) + area_ge_popcount(c, L) +
                 2.0 * area_ge_popcount(c, 2u * L) + area_ge_eq_cmp(c, P) +
                 area_ge_adder(c, CW) + 2.0 * area_ge_mux(c, 2, P) + area_ge_mux(c, 2, MW);
            /* (the MAJ-1 compare-selects are the pick's compare tree, which
             * replaced the odd-even sort phase: the same comparator count) */
            add_logic(d, "majority table logic", "2 PC searches, pick/free-slot encoders, "
                      "per-slot count adders, the pick's compare tree, popcounts", ge);
            /* batches and the untracked fallback: counter update, the
             * lowest marked / untracked / picked warp over the pool, the
             * marks' set/clear, the one-hot choice and its binary encode,
             * the issue source (costed as the round robin it replaced) */
            ge = 3.0 * area_ge_adder(c, T + 1u) + area_ge_reduce(c, T + 1u) +
                 area_ge_decoder(c, E) + E * (c->ge_or2 + c->ge_and2) +
                 2.0 * area_ge_prio_enc(c, E) + area_ge_mux(c, 3, E) + area_ge_incdec(c, I) +
                 20.0 * c->ge_and2;
            add_logic(d, "batches, fallback and choice", "untracked count, batch marks, "
                      "lowest warp over the pool, candidate one-hot and encode, issue source", ge);
        } else {
            /* the selection over every valid entry: a chain of POOL-1
             * compare-selects (key and index); DTime's ages and stamp */
            unsigned key = pol == WP_POL_DPC ? P : S;
            ge = (E - 1u) * (area_ge_mag_cmp(c, key) + area_ge_mux(c, 2, key + I) +
                             3.0 * c->ge_and2) +
                 area_ge_decoder(c, E);
            if (pol == WP_POL_DTIME) {
                ge += E * area_ge_adder(c, S) + area_ge_adder(c, S) + 4.0 * area_ge_adder(c, S);
                regs = S; /* stamp */
            }
            add_logic(d, "issue selection", pol == WP_POL_DTIME ? "oldest warp: ages, "
                      "compare-select chain, allocation stamps" : pol == WP_POL_DPC
                      ? "smallest PC: compare-select chain" : "smallest priority: "
                      "compare-select chain", ge);
        }
        if (regs)
            add_array(d, "issue registers", table ? "untracked count, last pick's slot, "
                      "drain turn" : "allocation stamp", AK_FF, 1, regs, 0, 1, 1, 1);
        want += regs;
    }
    /* one source of truth: the arrays hold exactly the model's bits */
    if (b.counters != I + F + (table ? (T + 1u) + MW + 1u : 0u) +
                          (pol == WP_POL_DTIME ? S : 0u) ||
        d->storage_bits != want)
        return "warp_pool: the area description's bits differ from warp_pool_bits()";
    return NULL;
}

/* Appends every item of src to d, its name prefixed; NULL or a message. */
static const char *desc_append(area_desc *d, const area_desc *src, const char *prefix)
{
    unsigned i;
    for (i = 0; i < src->n; i++) {
        area_item *it = add_item(d, src->item[i].type, "", src->item[i].what);
        if (!it)
            return "area description: too many items";
        *it = src->item[i];
        snprintf(it->name, sizeof it->name, "%s%.40s", prefix, src->item[i].name);
    }
    d->storage_bits += src->storage_bits;
    return NULL;
}

unsigned area_dwf_update_reg_bits(const dwf_cfg *cfg)
{
    return cfg->lanes * cfg->tid_bits + 2u * (cfg->pc_bits + cfg->lanes + cfg->sched_bits);
}

/* verilog/dwf.v: ur_tids_q (one TID row: the two sides' REQs are disjoint),
 * ur_pc0/1_q, ur_req0/1_q, ur_prio0/1_q, written whole at a commit and read
 * by the two lookups and the pool's four groups (no decoder); the live bit
 * per thread (set at a commit, cleared at issue); the commit checks (every
 * TID at its home lane, TIDs not live, disjoint masks) and the equal-PC
 * merge of the two sides. */
const char *area_desc_dwf(const dwf_cfg *cfg, area_dwf_part part, int force_ff, area_desc *d)
{
    const area_consts *c = area_default_consts();
    const char *e = dwf_cfg_check(cfg);
    unsigned L, T, P, S, TH, LW;
    if (e)
        return e;
    L = cfg->lanes;
    T = cfg->tid_bits;
    P = cfg->pc_bits;
    S = cfg->sched_bits;
    TH = dwf_threads(cfg);
    LW = bits_index_width(L);
    desc_init(d, part == AREA_DWF_UPDATE ? "dwf_update_regs" : "dwf",
              part == AREA_DWF_UPDATE ? "Warp update registers (DWF)"
                                      : "Dynamic warp formation (update registers, LUT, pool)");
    snprintf(d->config, sizeof d->config,
             "dwf_cfg: %u lanes, %u-bit TIDs (%u threads), %u-bit PC, %u-bit sched, LUT %u, MAJ %u",
             L, T, TH, P, S, cfg->lut_entries, cfg->maj_entries);
    d->entry_bits = area_dwf_update_reg_bits(cfg);
    add_array(d, "update registers", "ur_tids_q (one TID row) + 2 x {ur_pc, ur_req, ur_prio}: "
              "written whole at a commit, read by the lookups and the pool (no decoder)",
              AK_FF, 1, area_dwf_update_reg_bits(cfg), 0, 1, 1, 1);
    if (part == AREA_DWF_UPDATE)
        return NULL;
    add_array(d, "live vector", "one bit per thread: set at a commit, cleared at issue", AK_FF, 1,
              TH, 0, 2, 1, 1);
    /* commit checks: per lane its TID's home lane (LW compare), its live
     * bit (a TH:1 mux), the mask overlap; the merge compare and muxes */
    add_logic(d, "commit checks", "home lane, live and overlap checks per lane, equal-PC merge",
              L * (area_ge_eq_cmp(c, LW) + area_ge_mux(c, TH, 1) + 2.0 * c->ge_and2) +
                  area_ge_reduce(c, L) + area_ge_eq_cmp(c, P) +
                  area_ge_mux(c, 2, P + L + S) * 2.0);
    {
        pc_warp_lut_cfg lc = dwf_lut_cfg(cfg);
        warp_pool_cfg pc = dwf_pool_cfg(cfg);
        area_desc sub;
        if ((e = area_desc_pc_warp_lut(&lc, force_ff, &sub)) != NULL ||
            (e = desc_append(d, &sub, "LUT ")) != NULL)
            return e;
        if ((e = area_desc_warp_pool(&pc, AREA_WP_ALL, force_ff, &sub)) != NULL ||
            (e = desc_append(d, &sub, "pool ")) != NULL)
            return e;
    }
    return NULL;
}

/* ------------------------------------------------ TSIMT lane, front end */

/* verilog/tsimt_lane.v: the registers {instr_q, warp_q, mask_q, busy_q,
 * pos_q, scalar_q} loaded whole at an accept (busy_q and pos_q also every
 * execution cycle); the scalar load path (in_mask & -in_mask: bit t is
 * in_mask[t] and no lower bit set, a WARP-input OR prefix chain, WARP ANDs,
 * and a WARP-bit 2:1 mux); G K-input ORs (group occupancy), the G-bit thermometer from pos_q,
 * a G-input priority encoder (the group in flight) and the "any group
 * above" OR tree, the K-bit group mux, the GRP_W incrementer, the load
 * muxes (the flip-flop array's write port), the output gating and the act/err
 * control.  Checked against Yosys at WARP 8, K 1, INSTR_W 8, WID_W 2: the
 * same 23 flip-flops. */
unsigned area_tsimt_lane_bits(const tsimt_lane_cfg *cfg)
{
    return cfg->instr_bits + cfg->wid_bits + cfg->warp + 2u + tsimt_lane_grp_w(cfg);
}

const char *area_desc_tsimt_lane(const tsimt_lane_cfg *cfg, int force_ff, area_desc *d)
{
    const area_consts *c = area_default_consts();
    const char *e = tsimt_lane_cfg_check(cfg);
    unsigned G, K, GW, TW;
    double ge;
    (void)force_ff; /* registers only: flip-flops either way */
    if (e)
        return e;
    G = tsimt_lane_groups(cfg);
    K = cfg->width;
    GW = tsimt_lane_grp_w(cfg);
    TW = tsimt_lane_tid_w(cfg);
    desc_init(d, "tsimt_lane", "Temporal-SIMT lane: instruction/mask registers, sequencer (002)");
    snprintf(d->config, sizeof d->config, "tsimt_lane_cfg: warp %u, K %u (%u groups), %u-bit "
             "instruction, %u-bit warp id", cfg->warp, K, G, cfg->instr_bits, cfg->wid_bits);
    add_array(d, "lane registers",
              "instr_q, warp_q, mask_q, busy_q, pos_q, scalar_q: loaded at an accept",
              AK_FF, 1, area_tsimt_lane_bits(cfg), 0, 1, 1, 1);
    ge = G * area_ge_reduce(c, K) + area_ge_decoder(c, G) + G * c->ge_or2 +
         G * c->ge_and2 + area_ge_prio_enc(c, G) + area_ge_reduce(c, G) +
         area_ge_mux(c, G, K) + area_ge_incdec(c, GW) +
         (K + TW + cfg->wid_bits + cfg->instr_bits + 1u) * c->ge_and2 + 8.0 * c->ge_nand2 +
         area_ge_reduce(c, cfg->warp) + cfg->warp * c->ge_and2 + area_ge_mux(c, 2, cfg->warp);
    /* the registers' load muxes are the flip-flop array's write port */
    add_logic(d, "sequencer", "group occupancy, thermometer, priority encoder, last-group OR, "
              "group mux, position incrementer, output gating, control, scalar lowest-thread "
              "isolate", ge);
    return NULL;
}

/* verilog/tsimt_frontend.v: the instruction buffer (WARPS slots of {instr,
 * mask}, written by the fill port, read by the issue mux: one write, one
 * read port; the valid bits in flops), rr_q, wp_q per lane, three conflict
 * counters; per lane a WPL-input round-robin picker, an L-input round-robin
 * picker, the fill decoder, the request popcount, the saturating counters,
 * the ex_threads adder tree, the rd_lane mux; and LANES tsimt_lane units
 * built from tsimt_frontend_lane_cfg (items prefixed "lane ", count x L). */
const char *area_desc_tsimt_frontend(const tsimt_frontend_cfg *cfg, int force_ff, area_desc *d)
{
    const area_consts *c = area_default_consts();
    const char *e = tsimt_frontend_cfg_check(cfg);
    area_kind k = force_ff ? AK_FF : AK_AUTO;
    tsimt_lane_cfg lc;
    area_desc lane;
    unsigned L, W, WPL, LW, SW, first, i;
    double ge;
    if (e)
        return e;
    L = cfg->lanes;
    W = cfg->warps;
    WPL = tsimt_frontend_wpl(cfg);
    LW = tsimt_frontend_lane_w(cfg);
    SW = tsimt_frontend_slot_w(cfg);
    lc = tsimt_frontend_lane_cfg(cfg);
    desc_init(d, "tsimt_frontend", "Temporal-SIMT front end and lanes (002)");
    snprintf(d->config, sizeof d->config, "tsimt_frontend_cfg: %u lanes, %u warps of %u, K %u, "
             "%u-bit instruction, %u-bit counters", L, W, cfg->warp, cfg->width, cfg->instr_bits,
             cfg->cnt_bits);
    add_array(d, "instruction buffer",
              "a slot per warp {instr, mask, scalar}: fill port 1W, issue 1R", k, W,
              cfg->instr_bits + cfg->warp + 1u, 1, 1, 1, 1);
    add_array(d, "slot valid bits", "ib_v_q: set by a fill, cleared by an issue", AK_FF, 1, W, 0,
              2, 1, 1);
    add_array(d, "arbitration and counters", "rr_q, wp_q per lane, conf1..3", AK_FF, 1,
              LW + L * SW + 3 * cfg->cnt_bits, 0, 1, 1, 1);
    ge = L * (2.0 * area_ge_prio_enc(c, WPL) + 2.0 * WPL * c->ge_and2 + area_ge_decoder(c, WPL)) +
         2.0 * area_ge_prio_enc(c, L) + 2.0 * L * c->ge_and2 + area_ge_decoder(c, L) +
         area_ge_popcount(c, L) +
         3.0 * (area_ge_incdec(c, cfg->cnt_bits) + area_ge_reduce(c, cfg->cnt_bits)) +
         area_ge_popcount(c, L * cfg->width) +
         area_ge_mux(c, L, 4 + cfg->width + tsimt_lane_tid_w(&lc) + lc.wid_bits + lc.instr_bits) +
         W * c->ge_and2 + 8.0 * c->ge_nand2;
    /* the fill decoder is the instruction buffer's write port */
    add_logic(d, "issue logic", "round-robin pickers per lane and over lanes, "
              "conflict popcount, saturating counters, ex_threads adder, rd_lane mux", ge);
    if ((e = area_desc_tsimt_lane(&lc, force_ff, &lane)) != NULL)
        return e;
    first = d->n;
    if ((e = desc_append(d, &lane, "lane ")) != NULL)
        return e;
    for (i = first; i < d->n; i++)
        d->item[i].count = L;
    d->storage_bits += (unsigned long)(L - 1) * lane.storage_bits;
    return NULL;
}

/* ------------------------------------- two-level scheduler (004 3.2-3.3) */

/* verilog/two_level_sched.v, per cycle: every group's round-robin
 * candidate from its own pointer (each group reads its ptr_q directly), the
 * groups taken in priority order from top_q, the top group's all-stalled
 * test, the timeout counter, one pointer written. */
const char *area_desc_two_level_sched(const two_level_sched_cfg *cfg, int force_ff, area_desc *d)
{
    const area_consts *c = area_default_consts();
    const char *e = two_level_sched_cfg_check(cfg);
    unsigned W, GS, G, GW, PW, CW;
    double ge;
    (void)force_ff; /* every register is a flip-flop already */
    if (e)
        return e;
    W = cfg->warps;
    GS = cfg->group_size;
    G = two_level_sched_groups(cfg);
    GW = two_level_sched_grp_w(cfg);
    PW = two_level_sched_ptr_w(cfg);
    CW = two_level_sched_cnt_w(cfg);
    desc_init(d, "two_level_sched", "Two-level round-robin warp scheduler (004)");
    snprintf(d->config, sizeof d->config,
             "%u warps in %u groups of %u, timeout %u: top %u b, %u pointers of %u b, count %u b",
             W, G, GS, cfg->timeout, GW, G, PW, CW);
    add_array(d, "top group", "top_q: the whole priority order (a rotation)", AK_FF, 1, GW, 0, 1,
              1, 1);
    add_array(d, "group pointers", "ptr_q per group, each read by its own candidate logic; "
              "written: the issuing group's", AK_FF, G, PW, 0, 1, 1, 1);
    add_array(d, "timeout counter", "cnt_q: the top group's issues this tenure", AK_FF, 1, CW, 0,
              1, 1, 1);
    if (d->storage_bits != two_level_sched_state_bits(cfg))
        return "two_level_sched: the area description's bits differ from "
               "two_level_sched_state_bits()";
    /* per group: the ready bits rotated by its pointer (a barrel of
     * GROUP_SIZE x log2 stages), a priority encoder, the local index back
     * (pointer + offset mod GROUP_SIZE) */
    ge = G * ((double)GS * PW * c->ge_mux2 + area_ge_prio_enc(c, GS) + area_ge_adder(c, PW) +
              area_ge_mag_cmp(c, PW + 1u));
    add_logic(d, "group candidates", "per group: round robin from its pointer (rotate, priority "
              "encoder, index back)", ge);
    /* groups in priority order from top_q: the same rotate-encode-add over
     * G; the chosen group's candidate (a G-way mux); the top group's
     * stalled bits (a G-way mux of GROUP_SIZE bits) and their AND; the
     * ready/stalled conflict; the timeout count, compare and rotation; the
     * new pointer; act and the outputs */
    ge = (double)G * GW * c->ge_mux2 + area_ge_prio_enc(c, G) + area_ge_adder(c, GW) +
         area_ge_mux(c, G, PW) + area_ge_mux(c, G, GS) + area_ge_reduce(c, GS) +
         W * c->ge_and2 + area_ge_reduce(c, W) + area_ge_incdec(c, CW) +
         area_ge_eq_cmp(c, CW) + area_ge_mux(c, 2, CW) + area_ge_incdec(c, GW) +
         area_ge_mux(c, 2, GW) + area_ge_incdec(c, PW) + area_ge_decoder(c, G) +
         (double)(two_level_sched_warp_w(cfg) + GW + 8u) * c->ge_and2;
    add_logic(d, "group priority and control", "groups in rotated order, all-stalled test, "
              "conflict check, timeout counter, rotation, pointer update", ge);
    return NULL;
}

/* ------------------------------------------- large-warp sub-warping (004) */

unsigned area_lwm_subwarp_ctrl_bits(const lwm_subwarp_cfg *cfg)
{
    unsigned LW = cfg->large_warps, LWW = lwm_subwarp_lw_w(cfg), PEW = lwm_subwarp_pend_w(cfg);
    /* busy, first, cur, kind (2), wait and jmp (per large warp), pend (per
     * large warp), br_busy, br_warp, br_packed, br_left, and the branch kept
     * for its commit: br_pc, br_npc, br_rpc */
    return 1u + 1u + LWW + 2u + 2u * LW + LW * PEW + 1u + LWW + 1u + PEW + 3u * cfg->pc_bits;
}

/* The large warps' divergence stacks of verilog/lwm_subwarp.v: LARGE_WARPS *
 * DEPTH entries {pc, K*N mask, rpc} and a depth counter per large warp. */
unsigned long area_lwm_subwarp_stack_bits(const lwm_subwarp_cfg *cfg)
{
    return (unsigned long)cfg->large_warps * cfg->depth *
               (2ul * cfg->pc_bits + (unsigned long)cfg->rows * cfg->cols) +
           (unsigned long)cfg->large_warps * lwm_subwarp_depth_w(cfg);
}

/* verilog/lwm_subwarp.v, per cycle: the picker reads the copy and the
 * current large warp's in-flight row, each column takes its lowest-row
 * thread; the completion decodes its rows, checks and clears the completing
 * large warp's in-flight row and gathers a branch outcome into the two
 * buffers; the copy is reloaded by a fetch or cleared by the pick. */
const char *area_desc_lwm_subwarp(const lwm_subwarp_cfg *cfg, int force_ff, area_desc *d)
{
    const area_consts *c = area_default_consts();
    const char *e = lwm_subwarp_cfg_check(cfg);
    unsigned LW, K, N, KN, RW, LWW, PEW;
    unsigned long want;
    double ge;
    area_kind k = force_ff ? AK_FF : AK_AUTO; /* the stacks; the rest is read whole every cycle */
    unsigned long ent;
    if (e)
        return e;
    LW = cfg->large_warps;
    K = cfg->rows;
    N = cfg->cols;
    KN = K * N;
    RW = lwm_subwarp_row_w(cfg);
    LWW = lwm_subwarp_lw_w(cfg);
    PEW = lwm_subwarp_pend_w(cfg);
    desc_init(d, "lwm_subwarp", "Large-warp sub-warping unit (004 LWM)");
    snprintf(d->config, sizeof d->config,
             "%u large warps of %u x %u threads: copy %u, in-flight %u, buffers %u bits (004 "
             "sec. 3.4)", LW, K, N, lwm_subwarp_copy_bits(cfg), lwm_subwarp_inflight_bits(cfg),
             lwm_subwarp_buffer_bits(cfg));
    d->entry_bits = KN;
    /* 004 sec. 3.4's three additions, each read in full every cycle */
    add_array(d, "sub-warping copy", "copy_q: the mask being broken down; every bit read by "
              "the picker; written whole (fetch load or the pick's clear)", AK_FF, 1, KN, 0, 1,
              1, 1);
    add_array(d, "in-flight bits", "one per thread; reads: the picked large warp's row, the "
              "completing one's; writes: set by the pick, cleared by the completion", AK_FF, LW,
              KN, 2, 2, 1, 1);
    add_array(d, "branch outcome buffers", "taken_q and ntaken_q: gather a branch's outcome "
              "across its sub-warps, written whole", AK_FF, 1, 2 * KN, 0, 1, 1, 1);
    want = (unsigned long)lwm_subwarp_copy_bits(cfg) + lwm_subwarp_inflight_bits(cfg) +
           lwm_subwarp_buffer_bits(cfg);
    if (d->storage_bits != want)
        return "lwm_subwarp: the area description's bits differ from 004 sec. 3.4's";
    add_array(d, "control registers", "busy, first, cur, kind, branch state (busy, warp, "
              "packed, sub-warps left)", AK_FF, 1, 1 + 1 + LWW + 2 + 1 + LWW + 1 + PEW, 0, 1, 1,
              1);
    add_array(d, "per-large-warp state", "wait (relaxed barrel re-fetch), jmp (its jump's "
              "sub-warp is out) and the sub-warps in flight; reads: the completing large warp's",
              AK_FF, LW, 2 + PEW, 1, 1, 1, 1);
    add_array(d, "kept branch", "br_pc, br_npc, br_rpc: the branch's targets and rpc, read at "
              "its commit", AK_FF, 1, 3u * cfg->pc_bits, 1, 1, 1, 1);
    if (d->storage_bits != want + area_lwm_subwarp_ctrl_bits(cfg))
        return "lwm_subwarp: the area description's control bits differ from the RTL's";
    /* the divergence stacks (simt_stack's fields, one stack per large warp):
     * reads: the fetching warp's TOS, the committing warp's TOS, the tos_*
     * outputs; writes: the fetch's TOS.pc or a launch's base entry, the
     * commit's TOS.pc and its two pushes */
    ent = (unsigned long)LW * cfg->depth;
    add_array(d, "stack pc field", "entry PCs; reads: fetch TOS, commit TOS, tos_pc; writes: "
              "fetch TOS.pc or launch, commit TOS.pc, 2 pushes", k, ent, cfg->pc_bits, 3, 3, 1, 1);
    add_array(d, "stack mask field", "K x N active masks; reads: commit TOS, tos_mask; writes: "
              "launch, 2 pushes", k, ent, KN, 2, 3, 1, 1);
    add_array(d, "stack rpc field", "reconvergence PCs; reads: fetch TOS, commit TOS; writes: "
              "launch, 2 pushes", k, ent, cfg->pc_bits, 2, 3, 1, 1);
    add_array(d, "depth counters", "one per large warp; reads: fetch, commit, tos_depth",
              AK_FF, LW, lwm_subwarp_depth_w(cfg), 3, 2, 1, 1);
    if (d->storage_bits != want + area_lwm_subwarp_ctrl_bits(cfg) + area_lwm_subwarp_stack_bits(cfg))
        return "lwm_subwarp: the area description's stack bits differ from the RTL's";
    /* the stack decision (simt_rule: PC compares against the TOS rpc, the
     * push/pop select) for the fetch and for the commit */
    ge = 2.0 * (3.0 * area_ge_eq_cmp(c, cfg->pc_bits) + area_ge_mux(c, 3, cfg->pc_bits) +
                area_ge_incdec(c, lwm_subwarp_depth_w(cfg)) + 8.0 * c->ge_and2) +
         2.0 * area_ge_reduce(c, KN);
    add_logic(d, "stack decisions", "simt_rule at fetch (OP, JUMP) and at the branch commit: "
              "pops at the TOS rpc, pushes when the large warp diverged", ge);
    /* the pick: per column, copy & ~in-flight over its K rows, a priority
     * encoder (lowest row), the one-hot picked thread; the next copy and
     * its emptiness, the emitted columns */
    ge = KN * 2.0 * c->ge_and2 + N * (area_ge_prio_enc(c, K) + K * c->ge_and2) +
         KN * c->ge_and2 + area_ge_reduce(c, KN) + area_ge_reduce(c, N) +
         area_ge_mux(c, 2, KN);
    add_logic(d, "column picker", "one thread per column, lowest row first; the copy's next "
              "value and the fetch stall", ge);
    /* the completion: per column the row decoded and gated by c_cols, the
     * in-flight check and the taken split; the gathered masks (OR into the
     * buffers), their emptiness (diverged) and the commit's output gating;
     * the error checks */
    ge = N * (area_ge_decoder(c, K) + K * c->ge_and2) + KN * 3.0 * c->ge_and2 +
         area_ge_reduce(c, KN) + 2.0 * KN * c->ge_or2 + 2.0 * area_ge_reduce(c, KN) +
         2.0 * KN * c->ge_and2 + N * 2.0 * c->ge_and2 + 2.0 * area_ge_reduce(c, N) +
         area_ge_reduce(c, KN) + 2.0 * area_ge_mag_cmp(c, LWW + 1u) + area_ge_eq_cmp(c, LWW) +
         area_ge_reduce(c, PEW) + area_ge_eq_cmp(c, PEW) + N * RW * c->ge_and2;
    add_logic(d, "completion and branch gathering", "row decode, in-flight check, taken/not-"
              "taken gather, commit and its masks, error checks", ge);
    /* per large warp: its in-flight row's clear/set selects, the pending
     * count's +1/-1, the wait bit's set/clear; the branch's sub-warps left */
    ge = LW * (2.0 * area_ge_eq_cmp(c, LWW) + 2.0 * area_ge_incdec(c, PEW) + 4.0 * c->ge_and2) +
         2.0 * area_ge_incdec(c, PEW) + 3.0 * area_ge_decoder(c, LW) + 12.0 * c->ge_and2;
    add_logic(d, "per-large-warp control", "in-flight row selects, pending counters, re-fetch "
              "(wait) bits, branch counters", ge);
    return NULL;
}

/* ----------------------------------------- lane shuffle (001 Table 1) */

/* verilog/lane_shuffle.v: no state; two identical maps (tid -> lane and
 * lane -> tid, the functions are involutions), each an XOR of the TID_W-bit
 * input with an operand chosen among {0, ~0 (MirrorOdd, MirrorHalf), w,
 * bitrev(w)} gated by its condition; shared: the function decode, the
 * MirrorHalf compare 2*wid > WARPS, the wid range check, the outputs'
 * gating by err. */
const char *area_desc_lane_shuffle(const lane_shuffle_cfg *cfg, int force_ff, area_desc *d)
{
    const area_consts *c = area_default_consts();
    const char *e = lane_shuffle_cfg_check(cfg);
    unsigned TW, WW;
    double ge;
    (void)force_ff;
    if (e)
        return e;
    TW = lane_shuffle_tid_w(cfg);
    WW = lane_shuffle_wid_w(cfg);
    desc_init(d, "lane_shuffle", "Lane shuffle, map and inverse (001 Table 1)");
    snprintf(d->config, sizeof d->config, "%u lanes (%u-bit tid), %u warps (%u-bit wid), no "
             "storage", cfg->lanes, TW, cfg->warps, WW);
    /* per bit: op = mirror | (xor & w) | (xorrev & bitrev(w)), an AND-OR
     * (the all-ones operand is the condition itself), then the XOR */
    ge = 2.0 * TW * (c->ge_xor2 + 2.0 * c->ge_and2 + 2.0 * c->ge_or2);
    add_logic(d, "maps", "lane = tid ^ op and its inverse (the same circuit on the lane)", ge);
    /* WARPS is a constant: 2*wid > WARPS and wid < WARPS are constant
     * compares (an AND-OR tree over wid's bits each) */
    ge = area_ge_decoder(c, 5) + 2.0 * c->ge_and2 + 2.0 * area_ge_reduce(c, WW + 1u) +
         (2.0 * TW + 4.0) * c->ge_and2;
    add_logic(d, "decode and checks", "function decode, 2*wid > WARPS, wid < WARPS, func <= 4, "
              "err gating", ge);
    return NULL;
}

/* ---------------------------------------- SWI cascaded schedulers (001 4) */

unsigned area_swi_sched_bits(const swi_sched_cfg *cfg)
{
    unsigned W = swi_sched_warps(cfg), WW = swi_sched_wid_w(cfg);
    return W * (1u + cfg->pc_w + cfg->lanes + W) + 1u + WW + cfg->pc_w + cfg->lanes + 16u;
}

/* verilog/swi_sched.v, per cycle: the primary reads every entry's age row
 * (oldest ready), the picked entry's PC and mask move to the stage; the
 * secondary tests every entry's mask against the free lanes, counts its
 * lanes, keeps the best fit of its set, breaks ties from the LFSR; the
 * winner's PC and mask are read out; a fill writes one entry and its age
 * row and clears its column in the others. */
const char *area_desc_swi_sched(const swi_sched_cfg *cfg, int force_ff, area_desc *d)
{
    const area_consts *c = area_default_consts();
    const char *e = swi_sched_cfg_check(cfg);
    area_kind k = force_ff ? AK_FF : AK_AUTO;
    unsigned W, WW, L, P, S, SW, PB;
    double ge;
    if (e)
        return e;
    W = swi_sched_warps(cfg);
    WW = swi_sched_wid_w(cfg);
    L = cfg->lanes;
    P = cfg->pc_w;
    S = cfg->sets;
    SW = S > 1 ? bits_index_width(S) : 0;
    PB = bits_width_for(L); /* a popcount of LANES bits */
    desc_init(d, "swi_sched", "SWI cascaded schedulers and instruction buffer (001 sec. 4)");
    snprintf(d->config, sizeof d->config, "%u warps (%u sets x %u ways), %u lanes, %u-bit PC: "
             "buffer %u x {PC, mask}, %u x %u age matrix", W, S, cfg->ways, L, P, W, W, W);
    d->entry_bits = P + L;
    add_array(d, "buffer PCs", "pc_q per warp; reads: the primary's pick (to the stage), the "
              "secondary's (I2); writes: fill, fill2 (001 Table 3: dual-ported)", k, W, P, 2, 2,
              1, 1);
    /* every mask is tested against the free lanes each cycle: flops (the
     * lookup's tags, 001: "similar to a cache tag lookup") */
    add_array(d, "buffer masks", "mask_q per warp, flip-flops (every entry's fit tested each "
              "cycle); reads: primary's pick, I2; writes: fill, fill2", AK_FF, W, L, 2, 2, 1, 1);
    add_array(d, "valid bits", "v_q: set by a fill, cleared by both issues", AK_FF, 1, W, 0, 1,
              1, 1);
    add_array(d, "age matrix", "age_q: row per entry read in full by the oldest-ready select; "
              "written: the filled row, its column cleared in the others", AK_FF, W, W, 0, 1, 1,
              1);
    add_array(d, "stage and LFSR", "the primary's instruction waiting for its secondary "
              "{valid, warp, PC, mask}; the 16-bit tie-break LFSR", AK_FF, 1,
              1 + WW + P + L + 16, 0, 1, 1, 1);
    if (d->storage_bits != area_swi_sched_bits(cfg))
        return "swi_sched: the area description's bits differ from its header's storage";
    /* primary: per entry, is any older candidate left (age row AND the
     * candidates, an OR tree), the one-hot encoded; the age column clear */
    ge = W * ((double)W * c->ge_and2 + area_ge_reduce(c, W) + 2.0 * c->ge_and2) +
         area_ge_prio_enc(c, W) + (double)W * W * c->ge_and2;
    add_logic(d, "primary scheduler", "oldest ready: age-matrix select over every entry, its "
              "encoder, the age update", ge);
    /* secondary: per entry the subset test (mask & ~free), the popcount,
     * the set membership and candidate gating (the substitute also ANDs
     * the primary's "an older entry is ready" term: it leaves the
     * primary's pick alone), the tie (pop == best); the max over the fits;
     * the LFSR-started pick (a thermometer from r and two encoders) */
    ge = W * (L * c->ge_and2 + area_ge_reduce(c, L) + area_ge_popcount(c, L) +
              (SW ? area_ge_eq_cmp(c, SW) : 0.0) + area_ge_eq_cmp(c, WW) +
              area_ge_eq_cmp(c, PB) + 5.0 * c->ge_and2 + c->ge_or2) +
         (W - 1u) * (area_ge_mag_cmp(c, PB) + area_ge_mux(c, 2, PB)) + area_ge_decoder(c, W) +
         W * (c->ge_or2 + c->ge_and2) + 2.0 * area_ge_prio_enc(c, W) + area_ge_mux(c, 2, WW) +
         area_ge_mag_cmp(c, WW + 1u) + area_ge_adder(c, WW) + 3.0 * c->ge_xor2;
    add_logic(d, "secondary scheduler", "mask-fit test, popcounts, best fit of the set, "
              "LFSR tie-break", ge);
    /* the conflict compare, the stage's next value (the primary's pick or
     * a discarded copy), fill checks and decode, the valid update, output
     * gating of both issues */
    ge = area_ge_eq_cmp(c, WW) + area_ge_mux(c, 2, WW + P + L) + area_ge_mag_cmp(c, WW + 1u) +
         area_ge_reduce(c, L) + area_ge_decoder(c, W) + W * 4.0 * c->ge_and2 +
         (2.0 * (WW + P + L) + 8.0) * c->ge_and2;
    add_logic(d, "control", "conflict, stage update, fill checks, valid update, outputs", ge);
    return NULL;
}

/* What SWI adds to a baseline scheduler: swi_sched without the primary's
 * age matrix and oldest-ready select (a baseline picks the oldest ready
 * instruction too); the buffer's {PC, mask} copies the lookup searches,
 * the stage, the LFSR, the secondary and the control stay. */
const char *area_desc_swi_secondary(const swi_sched_cfg *cfg, int force_ff, area_desc *d)
{
    area_desc all;
    unsigned i;
    const char *e = area_desc_swi_sched(cfg, force_ff, &all);
    if (e)
        return e;
    desc_init(d, "swi_sched.secondary", "SWI's additions to a baseline scheduler (001 sec. 4)");
    snprintf(d->config, sizeof d->config, "%.110s; without the primary's age matrix and select",
             all.config);
    d->entry_bits = all.entry_bits;
    for (i = 0; i < all.n; i++) {
        const area_item *it = &all.item[i];
        if (strcmp(it->name, "age matrix") == 0 || strcmp(it->name, "primary scheduler") == 0)
            continue;
        d->item[d->n++] = *it;
        if (it->type == AI_ARRAY)
            d->storage_bits += it->arr.entries * it->arr.width * it->count;
    }
    return NULL;
}

/* SWI's Hot Context Table (001 Table 3: 24 x 104 b): the SBI heap's HCT
 * with one hot context per warp, from hct_cct_heap_cfg: {CPC, mask, valid,
 * CCT head} = PC_W + LANES + 1 + PTR_W bits per warp (104 at 001's 32-bit
 * PCs, 64 lanes, 128 CCT entries), the {hv} flag beside it; a branch
 * compares the new context with the list head (one compare-exchange, not
 * the 3-input network), the scheduler reads the row.  No RTL: this is the
 * two-context HCT of verilog/hct_cct_heap.v with one context. */
const char *area_desc_swi_hct(const hct_cct_heap_cfg *cfg, int force_ff, area_desc *d)
{
    const area_consts *c = area_default_consts();
    const char *e = hct_cct_heap_cfg_check(cfg);
    area_kind k = force_ff ? AK_FF : AK_AUTO;
    unsigned W, L, P, PW;
    double ge;
    if (e)
        return e;
    W = cfg->warps;
    L = cfg->lanes;
    P = cfg->pc_bits;
    PW = hct_cct_heap_ptr_w(cfg);
    desc_init(d, "swi_hct", "Hot Context Table, one context per warp (SWI)");
    snprintf(d->config, sizeof d->config, "hct_cct_heap_cfg with one hot context: %u warps x "
             "{CPC %u, mask %u, valid, head %u} = %u b", W, P, L, PW, P + L + 1u + PW);
    d->entry_bits = P + L + 1u + PW;
    add_array(d, "HCT PCs", "CPC per warp; reads: scheduler; write: op warp", k, W, P, 1, 1, 1,
              1);
    add_array(d, "HCT masks", "per warp; reads: op warp, scheduler; write: op warp", k, W, L, 2,
              1, 1, 1);
    add_array(d, "HCT valid, head and flag", "valid, CCT head pointer, list non-empty",
              AK_FF, W, 2u + PW, 2, 2, 1, 1);
    /* the hot context against the list head: PC compare, exchange muxes,
     * mask split and checks; the scheduler port's output gating */
    ge = area_ge_mag_cmp(c, P) + area_ge_eq_cmp(c, P) + 2.0 * area_ge_mux(c, 2, P + L + 1u) +
         3.0 * L * c->ge_and2 + 2.0 * area_ge_reduce(c, L) + L * c->ge_or2 +
         (P + L + 1.0) * c->ge_and2 + 20.0 * c->ge_and2;
    add_logic(d, "HCT update and read port", "hot context against the list head "
              "(compare-exchange), mask checks, scheduler port", ge);
    return NULL;
}

/* ------------------------------------- SBI dependency-matrix scoreboard */


void area_sbi_scoreboard_defaults(unsigned *warps, unsigned *depth, unsigned *reg_w)
{
    sbi_scoreboard_cfg cfg = sbi_scoreboard_default_cfg();
    *warps = cfg.warps;
    *depth = cfg.depth;
    *reg_w = cfg.reg_w;
}

/* rtl_c/sbi_scoreboard.h, per cycle: the issuing warp's row is read whole,
 * every entry's matrix multiplied by D(t, t+1) and the entries shifted up
 * to the lowest free position, a new entry written at position 0; the
 * query warp's row is read for the hazard (every entry's 2 NDST destination
 * ids against the up to QREGS registers of each context, ANDed with the
 * matrix bit); the writeback clears one entry's pending bits.  The baseline
 * (001: 2 x 24 x 48 b) is, from the same cfg, two pools of a destination
 * (1 + NDST REG_W bits) per entry, no matrix: one pool per warp of a pair. */
const char *area_desc_sbi_scoreboard(const sbi_scoreboard_cfg *cfg_in, int baseline, int force_ff,
                                     area_desc *d)
{
    const area_consts *c = area_default_consts();
    sbi_scoreboard_cfg cfg = cfg_in ? *cfg_in : sbi_scoreboard_default_cfg();
    sbi_scoreboard_storage st;
    area_kind k = force_ff ? AK_FF : AK_AUTO;
    const char *e;
    unsigned W, D, R, N, Q, WW;
    double ge, cmps;
    e = sbi_scoreboard_cfg_check(&cfg);
    if (e)
        return e;
    st = sbi_scoreboard_bits(&cfg);
    W = cfg.warps;
    D = cfg.depth;
    R = cfg.reg_w;
    N = cfg.ndst;
    Q = cfg.qregs;
    WW = sbi_scoreboard_warp_w(&cfg);
    if (baseline) {
        desc_init(d, "sbi_scoreboard.base", "Scoreboard, baseline (a register id per entry)");
        snprintf(d->config, sizeof d->config, "sbi_scoreboard_cfg baseline: %u pools x %u warps "
                 "x %u entries x {pending, %u x %u-bit register}", st.base_pools, st.base_rows, D,
                 N, R);
        d->entry_bits = st.base_row_bits;
        add_array(d, "destination registers", "per warp and pool; reads: query warp, issuing "
                  "warp (free entry); write: issue", k, W, D * N * R, 2, 1, 1, st.base_pools);
        add_array(d, "pending bits", "per entry; reads: query, issue, writeback warps; writes: "
                  "issue, writeback", AK_FF, W, D, 3, 2, 1, st.base_pools);
        if (d->storage_bits != (unsigned long)st.base_pools * st.base_rows * st.base_row_bits)
            return "sbi_scoreboard: the baseline description's bits differ from "
                   "sbi_scoreboard_bits()";
        /* per pool: every entry's NDST ids against the query's QREGS - 1
         * registers, ANDed with pending, the hazard OR; the free-entry
         * encoder; the writeback's entry decode */
        cmps = (double)N * (Q - 1u ? Q - 1u : 1u);
        ge = st.base_pools * (D * (cmps * area_ge_eq_cmp(c, R) + (cmps + 1.0) * c->ge_and2 +
                                   c->ge_or2) +
                              area_ge_reduce(c, D) + area_ge_prio_enc(c, D) +
                              area_ge_decoder(c, D) + 2.0 * area_ge_mag_cmp(c, WW + 1u));
        add_logic(d, "hazard and allocation", "register compares, hazard OR, free entry, "
                  "writeback decode", ge);
        return NULL;
    }
    desc_init(d, "sbi_scoreboard", "Scoreboard, dependency matrices (SBI)");
    snprintf(d->config, sizeof d->config, "sbi_scoreboard_cfg: %u warps x %u entries x {dv1, "
             "dst1 %u x %u, dv2, dst2 %u x %u, M 6} = %u x %u b, QREGS %u", W, D, N, R, N, R,
             st.rows, st.row_bits, Q);
    d->entry_bits = st.row_bits;
    /* the issuing warp's entries are all rewritten (product, shift), the
     * query warp's all read: a row per warp */
    add_array(d, "destinations and matrices", "{dst1, dst2, M} of every entry, a row per warp; "
              "reads: issuing warp, query warp; write: issuing warp", k, W,
              D * (2u * N * R + st.matrix_bits), 2, 1, 1, 1);
    add_array(d, "pending bits", "dv1, dv2 per entry; reads: issuing, query, writeback warps; "
              "writes: issue (shift), writeback", AK_FF, W, 2u * D, 3, 2, 1, 1);
    if (d->storage_bits != (unsigned long)st.rows * st.row_bits)
        return "sbi_scoreboard: the area description's bits differ from sbi_scoreboard_bits()";
    /* on issue, per entry: M (x) D (each of 6 bits an OR of 3 ANDs), the
     * collapsing shift (hold, from the entry below, or the new entry), the
     * lowest free position after the writeback (encoder and thermometer),
     * full; the writeback's decode and clear */
    ge = D * (6.0 * (3.0 * c->ge_and2 + 2.0 * c->ge_or2) +
              area_ge_mux(c, 3, st.entry_bits) + 2.0 * c->ge_and2 + c->ge_or2) +
         area_ge_prio_enc(c, D) + area_ge_reduce(c, D) + area_ge_decoder(c, D) +
         2.0 * D * c->ge_and2;
    add_logic(d, "issue: products and shift", "M x D(t, t+1) per entry, collapsing shift, free "
              "position, full, writeback clear", ge);
    /* the hazard: per entry, each of the 2 NDST destination ids against
     * each context's QREGS registers (at the defaults 2 x 2 x 4 = 16
     * comparators, each gated by its query valid bit), ANDed with dv and
     * the M bit; the two dependency vectors and their ORs; the error
     * checks */
    cmps = 4.0 * N * Q;
    ge = D * (cmps * area_ge_eq_cmp(c, R) + cmps * c->ge_and2 + 4.0 * (c->ge_or2 + c->ge_and2)) +
         2.0 * area_ge_reduce(c, D) + 3.0 * area_ge_mag_cmp(c, WW + 1u) +
         area_ge_mag_cmp(c, sbi_scoreboard_pos_w(&cfg) + 1u) + 8.0 * c->ge_and2;
    add_logic(d, "hazard", "register compares ANDed with the dependency bits (001 sec. 3.4), "
              "dep1/dep2, hz1/hz2, error checks", ge);
    return NULL;
}

/* ------------------------------------------------ lane register file */


const char *area_desc_lane_regfile(unsigned lanes, unsigned entries, unsigned width,
                                   unsigned regs, area_lrf_org org, int force_ff, area_desc *d)
{
    lane_regfile_cfg cfg = lane_regfile_default_cfg();
    if (lanes)
        cfg.lanes = lanes;
    if (entries)
        cfg.entries = entries;
    if (width)
        cfg.width = width;
    if (regs)
        cfg.regs = regs;
    return area_desc_lane_regfile_cfg(&cfg, org, force_ff, d);
}

const char *area_desc_lane_regfile_cfg(const lane_regfile_cfg *cfgp, area_lrf_org org,
                                       int force_ff, area_desc *d)
{
    static const char *const org_name[] = {"single decoder (000 Fig. 10c)",
                                           "a decoder per lane (000 Fig. 10d)",
                                           "per-lane banks + crossbar (000 Fig. 10b)"};
    const area_consts *c = area_default_consts();
    const lane_regfile_cfg cfg = *cfgp;
    const char *e;
    unsigned L, N, W, RW, LW, TW, rp, wp;
    area_kind k = force_ff ? AK_FF : AK_RAM;
    area_item *it;
    double ge;
    e = lane_regfile_cfg_check(&cfg);
    if (e)
        return e;
    if (org > LRF_ORG_CROSSBAR)
        return "lane_regfile: organisation must be single decoder, per lane or crossbar";
    L = cfg.lanes;
    N = cfg.entries;
    W = cfg.width;
    RW = lane_regfile_row_w(&cfg);
    LW = lane_regfile_lane_w(&cfg);
    TW = lane_regfile_tid_w(&cfg);
    rp = cfg.read_ports;
    wp = cfg.write_ports;
    desc_init(d, "lane_regfile", "Banked per-lane register file");
    snprintf(d->config, sizeof d->config, "%u lanes x %u x %u-bit, %uR%uW, %s%s", L, N, W, rp, wp,
             org_name[org], cfg.sregs ? ", scalar addressing mode (002 sec. 4.1)" : "");
    if (org == LRF_ORG_SINGLE_DECODER)
        add_array(d, "register array", "one row = one register of every lane, one decoder", k, N,
                  L * W, rp, wp, 1, 1);
    else
    {
        add_array(d, "lane banks", "one bank per lane, each with its own row decoder", k,
                  (unsigned long)L * N, W, rp, wp, L, 1);
        d->item[d->n - 1].lockstep = 1; /* a warp's access reaches every lane's bank */
    }
    if (force_ff) /* the SRAM model has its read latches; flip-flop banks need them */
        add_array(d, "bank read registers", "the synchronous read ports' registers", AK_FF, L,
                  rp * W, 0, 1, 1, 1);
    /* per lane: the thread's home bank and row (slot * REGS + r) for ra0,
     * ra1, wa, and the legality checks of the request */
    ge = 3.0 * (org == LRF_ORG_SINGLE_DECODER ? 1.0 : L) * area_ge_adder(c, RW) +
         L * (area_ge_eq_cmp(c, LW) + area_ge_mag_cmp(c, TW) + LW * c->ge_xor2);
    if (org == LRF_ORG_SINGLE_DECODER) /* all valid lanes in one slot */
        ge += L * area_ge_eq_cmp(c, TW - LW);
    add_logic(d, "address and check logic", "home bank, rows, request legality", ge);
    add_array(d, "request state", "rvalid per lane", AK_FF, 1, L, 0, 1, 1, 1);
    if (org == LRF_ORG_CROSSBAR) {
        add_array(d, "crossbar state", "done mask, the request's lanes (req_q), per-lane bank "
                  "select, swizzle, conflict counter", AK_FF, 1, 2 * L + L * LW + 1 + 32, 0, 1, 1,
                  1);
        /* each bank grants its lowest pending lane homed in it */
        add_logic(d, "bank arbitration",
                  "home decode per lane, a priority encoder per bank, conflict counter",
                  L * area_ge_decoder(c, L) + L * area_ge_prio_enc(c, L) +
                      area_ge_incdec(c, 32));
        it = add_item(d, AI_XBAR, "address crossbars", "ra0/ra1/wa rows, lanes to banks");
        if (it) {
            it->count = 3;
            it->xin = L;
            it->xout = L;
            it->xwidth = RW;
        }
        it = add_item(d, AI_XBAR, "data crossbars", "write data to banks, 2 read ports back");
        if (it) {
            it->count = rp + wp;
            it->xin = L;
            it->xout = L;
            it->xwidth = W;
        }
    }
    /* the scalar ports' state is in the RTL at every SREGS (its ports are;
     * Yosys keeps these flip-flops at SREGS = 0 too) */
    add_array(d, "scalar port state", "s0/s1 (a port read a scalar register), the warp's bank sb",
              AK_FF, 1, 2 + LW, 0, 1, 1, 1);
    if (cfg.sregs) {
        /* 002 sec. 4.1's scalar addressing mode (rtl_c/lane_regfile.h): no
         * extra bank port and no extra rows (the scalar registers share the
         * ENTRIES rows); the scalar row address (SBASE + slot / LANES *
         * SREGS + r: a constant multiply as one adder per set bit of SREGS,
         * then an adder per operand), a 2:1 row-address mux per bank port,
         * the register-number range checks against SREGS, the
         * one-warp check (valid lanes' slots against the first) and the
         * one-writer check (a popcount >= 2) */
        ge = (bits_popcount(cfg.sregs) + 3.0) * area_ge_adder(c, RW) +
             (double)L * (rp + wp) * area_ge_mux(c, 2, RW) + 3.0 * area_ge_mag_cmp(c, RW) +
             L * area_ge_eq_cmp(c, TW - LW) + area_ge_popcount(c, L);
        add_logic(d, "scalar addressing",
                  "scalar row addresses, per-bank row-address muxes, SREGS range, one-warp and "
                  "one-writer checks (002 sec. 4.1)", ge);
        /* the broadcast network of 002 sec. 4.1 (l.574-576): per read port,
         * the warp's bank's read register to every lane, and a 2:1 mux per
         * lane between it and the lane's own bank */
        it = add_item(d, AI_XBAR, "scalar broadcast", "the scalar bank's read data to every lane");
        if (it) {
            it->count = rp;
            it->xin = L;
            it->xout = 1;
            it->xwidth = W;
        }
        add_logic(d, "broadcast select", "per lane and read port: own bank or the scalar bank",
                  (double)L * rp * area_ge_mux(c, 2, W));
    }
    return NULL;
}

/* ------------------------------------------------------------ baselines */

void area_desc_regfile(area_desc *d, const char *title, unsigned long regs, unsigned width,
                       unsigned lanes, unsigned rd, unsigned wr, int single_decoder)
{
    desc_init(d, single_decoder ? "rf_single_decoder" : "rf_per_lane", title);
    if (single_decoder) {
        snprintf(d->config, sizeof d->config,
                 "%lu x %u-bit registers, one decoder, rows of %u registers, %uR%uW", regs, width,
                 lanes, rd, wr);
        add_array(d, "register array", "one row = one register of every lane", AK_RAM,
                  regs / lanes, width * lanes, rd, wr, 1, 1);
    } else {
        snprintf(d->config, sizeof d->config,
                 "%u banks of %lu x %u-bit, a decoder per lane, %uR%uW", lanes, regs / lanes,
                 width, rd, wr);
        add_array(d, "lane banks", "one bank per lane, each with its own row decoder", AK_RAM,
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
    desc_init(d, "rf_banked", title);
    snprintf(d->config, sizeof d->config,
             "%u single-ported banks of %u B at %u bits + %u crossbar(s) %ux%u x %u bits", nbanks,
             bank_bytes, bank_width, nxbar, xports, xports, bank_width);
    add_array(d, "SRAM banks", "single-ported (one read/write port) banks", AK_RAM, entries,
              bank_width, 0, 0, 1, nbanks);
    d->item[d->n - 1].arr.rw = 1;
    it = add_item(d, AI_XBAR, "crossbars", "operand crossbars between banks and collectors");
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
    desc_init(vec, "alloc_vector_rf", "Vector register file, sized from an allocation");
    desc_init(sca, "alloc_scalar_rf", "Scalar register file, sized from an allocation (002 4.1)");
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
        add_array(sca, "scalar registers", "a 32-bit value per warp and scalar register: 1R 1W",
                  AK_AUTO, (unsigned long)wpl * a->sregs, 32, 1, 1, 1, files);
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
    if ((e = area_desc_energy(t, &vec, &ev)) != NULL || (e = area_desc_energy(t, &sca, &es)) != NULL)
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

static const char *mod_simt_stack(const unsigned *v, int force_ff, area_desc *d)
{
    simt_stack_cfg cfg = simt_stack_default_cfg();
    SET(warps, 0);
    SET(lanes, 1);
    SET(depth, 2);
    SET(pc_bits, 3);
    return area_desc_simt_stack(&cfg, force_ff, d);
}

static const char *mod_dpe_stack(const unsigned *v, int force_ff, area_desc *d)
{
    return area_desc_dpe_stack(v[0], v[1], v[2], v[3], force_ff, d);
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
#undef SET

static const struct {
    const char *name;
    const char *params[AREA_MODULE_PARAMS]; /* Verilog parameter names */
    module_fn build;
} modules[] = {
    {"simt_stack", {"WARPS", "LANES", "DEPTH", "PC_W"}, mod_simt_stack},
    {"dpe_stack", {"WARPS", "LANES", "DEPTH", "PC_W"}, mod_dpe_stack},
    {"shadow_scoreboard", {"WARPS", "ENTRIES", "REGS"}, mod_shadow_scoreboard},
    {"lane_regfile", {"LANES", "ENTRIES", "WIDTH", "REGS", "SREGS"}, mod_lane_regfile},
    {"pc_warp_lut", {"ENTRIES", "WAYS", "LANES", "PC_W", "POOL"}, mod_pc_warp_lut},
    {"hct_cct_heap", {"WARPS", "LANES", "CCT", "PC_W"}, mod_hct_cct_heap},
    /* POLICY 0 (DMaj) is the default; --param takes 1..4 for the others */
    {"warp_pool", {"LANES", "POOL", "TID_W", "PC_W", "SCHED_W", "MAJ", "POLICY"},
     mod_warp_pool},
    {"dwf", {"LANES", "TID_W", "PC_W", "SCHED_W", "MAJ", "LUT_ENTRIES", "POLICY"}, mod_dwf},
    {"tsimt_lane", {"WARP", "K", "INSTR_W", "WID_W"}, mod_tsimt_lane},
    {"tsimt_frontend", {"LANES", "WARPS", "WARP", "K", "INSTR_W", "CNT_W"}, mod_tsimt_frontend},
    {"two_level_sched", {"WARPS", "GROUP_SIZE", "TIMEOUT"}, mod_two_level_sched},
    {"lwm_subwarp", {"LARGE_WARPS", "K", "N", "DEPTH", "PC_W"}, mod_lwm_subwarp},
    {"lane_shuffle", {"LANES", "WARPS"}, mod_lane_shuffle},
    {"swi_sched", {"SETS", "WAYS", "LANES", "PC_W"}, mod_swi_sched},
    {"sbi_scoreboard", {"WARPS", "DEPTH", "REG_W", "NDST", "QREGS"}, mod_sbi_scoreboard},
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
