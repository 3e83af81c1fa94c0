/* SPDX-License-Identifier: Apache-2.0 */
/*
 * structs_001.c -- area descriptions of paper 001 (SBI/SWI): the HCT/CCT
 * heap, the lane shuffle, the SWI cascaded schedulers and the SBI
 * dependency-matrix scoreboard.
 *
 * What each description counts and its sources: see structs.c's header and
 * structs.h; the helpers (area_desc_start, area_add_array, ...) are in
 * structs_int.h.
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
    area_desc_start(d, part_name[part], part_title[part]);
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
        area_add_array(d, "HCT PCs",
                       "{CPC1, CPC2} per warp; reads: scheduler port; writes: op warp", k, W, 2 * P,
                       1, 1, 1, 1);
        area_add_array(d, "HCT masks",
                       "{m1, m2} per warp; reads: op warp (partition check), "
                       "scheduler port; writes: op warp",
                       k, W, 2 * L, 2, 1, 1, 1);
        area_add_array(d, "HCT valid bits",
                       "{v1, v2} per warp; reads: op warp, scheduler port; "
                       "writes: op warp",
                       AK_FF, W, 2, 2, 1, 1, 1);
        area_add_array(d, "HCT CCT head pointers",
                       "per warp; reads: op warp; writes: op (push, pop), "
                       "sorter (relink of a list head)",
                       AK_FF, W, PW, 1, 2, 1, 1);
        area_add_array(d, "list flags",
                       "hv, lo and the unsorted-node count dcnt per warp; reads: "
                       "op warp, scheduler port; writes: op warp",
                       AK_FF, W, FW, 2, 1, 1, 1);
        /* the sorting network (verilog hct_cct_heap_net), instantiated
         * twice: 3 merge compares and 3 compare-exchanges over {PC, mask,
         * valid} (area_ge_sort3), the merged masks gated by their merge,
         * the valid-aware exchange conditions, the invalid outputs zeroed,
         * the merge count */
        ge = area_ge_sort3(c, P, L + 1) + 3.0 * L * c->ge_and2 + 3.0 * 4.0 * c->ge_and2 +
             3.0 * (P + L) * c->ge_and2 + 2.0 * c->ge_ha;
        area_add_logic(d, "HCT sorting networks",
                       "001 Fig. 5b: sort, merge equal PCs, compact; "
                       "stage 1 (the 3 inputs) and stage 2 (s1, s2, the list head)",
                       ge);
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
        area_add_logic(d, "HCT update logic",
                       "partition and mask checks, push/pop decision, "
                       "next-state and pushed-context muxes, act/err",
                       ge);
        /* scheduler port: rd_run2 = v2 && !(sync && pc_div <= CPC1 < CPC2),
         * the outputs gated by valid, rd_warp range */
        ge = 2.0 * area_ge_mag_cmp(c, P) + 4.0 * c->ge_and2 +
             (2.0 * P + 2.0 * L + 4.0) * c->ge_and2;
        if (W < (1u << WW))
            ge += area_ge_mag_cmp(c, WW);
        area_add_logic(d, "HCT read port",
                       "selective synchronization (001 sec. 3.3) compares, "
                       "output gating",
                       ge);
    }
    if (cct) {
        area_add_array(d, "CCT PCs",
                       "reads: op warp's list head, sorter walk; writes: push at the "
                       "free head or exchange at the list head",
                       k, cfg->cct, P, 2, 1, 1, 1);
        /* the sorter's merge reads the walk node's and the moved node's
         * masks and ORs them into the walk node (a second write port: it
         * may coincide with another warp's exchange or join) */
        area_add_array(d, "CCT masks",
                       "reads: op warp's list head, sorter walk node, moved node; "
                       "writes: push, exchange or join; sorter merge",
                       k, cfg->cct, L, 3, 2, 1, 1);
        area_add_array(d, "CCT next pointers",
                       "reads: list head, walk node, moved node, its new "
                       "predecessor, free head; writes: op, 3 sorter relinks",
                       AK_FF, cfg->cct, PW, 5, 4, 1, 1);
        area_add_array(d, "CCT next-valid bits",
                       "reads: list head, walk node, new predecessor; "
                       "writes: op, 2 sorter relinks",
                       AK_FF, cfg->cct, 1, 3, 3, 1, 1);
        area_add_array(d, "CCT unsorted bits",
                       "cu per entry; reads: list head, walk node; writes: "
                       "op (push or exchange)",
                       AK_FF, cfg->cct, 1, 2, 1, 1, 1);
        area_add_array(d, "free list and counter", "free_head, free_cnt, deg_cnt", AK_FF, 1,
                       list_regs, 0, 1, 1, 1);
        area_add_array(d, "sideband sorter registers",
                       "busy, warp, node, pc, pred, walk position, "
                       "previous node",
                       AK_FF, 1, sorter_regs, 0, 1, 1, 1);
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
        area_add_logic(d, "CCT list logic",
                       "push/pop/exchange links, free list, degraded counter, "
                       "sorter touch checks",
                       ge);
        /* the sorter FSM: cur_pc < s_pc and cur_pc == s_pc (merge), the
         * insertion point (walk node or previous), walk/done/relink/merge,
         * the start values (node, walk position from the new node's
         * successor), predecessor tracking */
        ge = area_ge_mag_cmp(c, P) + area_ge_eq_cmp(c, P) + area_ge_mux(c, 2, PW) +
             10.0 * c->ge_and2 + area_ge_mux(c, 3, PW) + area_ge_mux(c, 2, PW) +
             area_ge_mux(c, 2, PW) + 10.0 * c->ge_and2;
        area_add_logic(d, "CCT sideband sorter",
                       "insertion-sort walk, one node per cycle: compare, "
                       "insertion point, relink control",
                       ge);
    }
    /* one source of truth: the arrays hold exactly the model's bits */
    want = (hct ? (unsigned long)b.hct_rows * b.hct_row_bits + (unsigned long)FW * W : 0) +
           (cct ? (unsigned long)b.cct_rows * b.cct_row_bits + b.ctrl_bits - (unsigned long)FW * W
                : 0);
    if (FW * W + cfg->cct + list_regs + sorter_regs != b.ctrl_bits || d->storage_bits != want)
        return "hct_cct_heap: the area description's bits differ from hct_cct_heap_bits()";
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
    area_desc_start(d, "lane_shuffle", "Lane shuffle, map and inverse (001 Table 1)");
    snprintf(d->config, sizeof d->config, "%u lanes (%u-bit tid), %u warps (%u-bit wid), no "
             "storage", cfg->lanes, TW, cfg->warps, WW);
    /* per bit: op = mirror | (xor & w) | (xorrev & bitrev(w)), an AND-OR
     * (the all-ones operand is the condition itself), then the XOR */
    ge = 2.0 * TW * (c->ge_xor2 + 2.0 * c->ge_and2 + 2.0 * c->ge_or2);
    area_add_logic(d, "maps", "lane = tid ^ op and its inverse (the same circuit on the lane)", ge);
    /* WARPS is a constant: 2*wid > WARPS and wid < WARPS are constant
     * compares (an AND-OR tree over wid's bits each) */
    ge = area_ge_decoder(c, 5) + 2.0 * c->ge_and2 + 2.0 * area_ge_reduce(c, WW + 1u) +
         (2.0 * TW + 4.0) * c->ge_and2;
    area_add_logic(d, "decode and checks",
                   "function decode, 2*wid > WARPS, wid < WARPS, func <= 4, "
                   "err gating",
                   ge);
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
 * secondary tests every entry's mask against the free lanes (any mask fits
 * when another SIMD group is free: alt_free), counts its lanes, keeps the
 * best fit of its set, I1's group first among equal fits, breaks ties
 * from the LFSR; the
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
    area_desc_start(d, "swi_sched", "SWI cascaded schedulers and instruction buffer (001 sec. 4)");
    snprintf(d->config, sizeof d->config, "%u warps (%u sets x %u ways), %u lanes, %u-bit PC: "
             "buffer %u x {PC, mask}, %u x %u age matrix", W, S, cfg->ways, L, P, W, W, W);
    d->entry_bits = P + L;
    area_add_array(d, "buffer PCs",
                   "pc_q per warp; reads: the primary's pick (to the stage), the "
                   "secondary's (I2); writes: fill, fill2 (001 Table 3: dual-ported)",
                   k, W, P, 2, 2, 1, 1);
    /* every mask is tested against the free lanes each cycle: flops (the
     * lookup's tags, 001: "similar to a cache tag lookup") */
    area_add_array(d, "buffer masks",
                   "mask_q per warp, flip-flops (every entry's fit tested each "
                   "cycle); reads: primary's pick, I2; writes: fill, fill2",
                   AK_FF, W, L, 2, 2, 1, 1);
    area_add_array(d, "valid bits", "v_q: set by a fill, cleared by both issues", AK_FF, 1, W, 0, 1,
                   1, 1);
    area_add_array(d, "age matrix",
                   "age_q: row per entry read in full by the oldest-ready select; "
                   "written: the filled row, its column cleared in the others",
                   AK_FF, W, W, 0, 1, 1, 1);
    area_add_array(d, "stage and LFSR",
                   "the primary's instruction waiting for its secondary "
                   "{valid, warp, PC, mask}; the 16-bit tie-break LFSR",
                   AK_FF, 1, 1 + WW + P + L + 16, 0, 1, 1, 1);
    if (d->storage_bits != area_swi_sched_bits(cfg))
        return "swi_sched: the area description's bits differ from its header's storage";
    /* primary: per entry, is any older candidate left (age row AND the
     * candidates, an OR tree), the one-hot encoded; the age column clear */
    ge = W * ((double)W * c->ge_and2 + area_ge_reduce(c, W) + 2.0 * c->ge_and2) +
         area_ge_prio_enc(c, W) + (double)W * W * c->ge_and2;
    area_add_logic(d, "primary scheduler",
                   "oldest ready: age-matrix select over every entry, its "
                   "encoder, the age update",
                   ge);
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
    /* another free SIMD group (001 l.150, alt_free): per entry the fit
     * ORed with alt_free; the "I1's group first" filter of the tie (an AND
     * per entry, an OR tree, a WARPS-bit 2:1 mux); i2_alt = the winner's
     * fit bit (a WARPS-way 1-bit mux) */
    ge += W * (c->ge_or2 + c->ge_and2) + area_ge_reduce(c, W) + area_ge_mux(c, 2, W) +
          area_ge_mux(c, W, 1);
    area_add_logic(d, "secondary scheduler",
                   "mask-fit test (or another free group), popcounts, best fit "
                   "of the set, I1's group first, LFSR tie-break",
                   ge);
    /* the conflict compare, the stage's next value (the primary's pick or
     * a discarded copy), fill checks and decode, the valid update, output
     * gating of both issues */
    ge = area_ge_eq_cmp(c, WW) + area_ge_mux(c, 2, WW + P + L) + area_ge_mag_cmp(c, WW + 1u) +
         area_ge_reduce(c, L) + area_ge_decoder(c, W) + W * 4.0 * c->ge_and2 +
         (2.0 * (WW + P + L) + 8.0) * c->ge_and2;
    area_add_logic(d, "control", "conflict, stage update, fill checks, valid update, outputs", ge);
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
    area_desc_start(d, "swi_sched.secondary",
                    "SWI's additions to a baseline scheduler (001 sec. 4)");
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
    area_desc_start(d, "swi_hct", "Hot Context Table, one context per warp (SWI)");
    snprintf(d->config, sizeof d->config, "hct_cct_heap_cfg with one hot context: %u warps x "
             "{CPC %u, mask %u, valid, head %u} = %u b", W, P, L, PW, P + L + 1u + PW);
    d->entry_bits = P + L + 1u + PW;
    area_add_array(d, "HCT PCs", "CPC per warp; reads: scheduler; write: op warp", k, W, P, 1, 1, 1,
                   1);
    area_add_array(d, "HCT masks", "per warp; reads: op warp, scheduler; write: op warp", k, W, L,
                   2, 1, 1, 1);
    area_add_array(d, "HCT valid, head and flag", "valid, CCT head pointer, list non-empty", AK_FF,
                   W, 2u + PW, 2, 2, 1, 1);
    /* the hot context against the list head: PC compare, exchange muxes,
     * mask split and checks; the scheduler port's output gating */
    ge = area_ge_mag_cmp(c, P) + area_ge_eq_cmp(c, P) + 2.0 * area_ge_mux(c, 2, P + L + 1u) +
         3.0 * L * c->ge_and2 + 2.0 * area_ge_reduce(c, L) + L * c->ge_or2 +
         (P + L + 1.0) * c->ge_and2 + 20.0 * c->ge_and2;
    area_add_logic(d, "HCT update and read port",
                   "hot context against the list head "
                   "(compare-exchange), mask checks, scheduler port",
                   ge);
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
        area_desc_start(d, "sbi_scoreboard.base", "Scoreboard, baseline (a register id per entry)");
        snprintf(d->config, sizeof d->config, "sbi_scoreboard_cfg baseline: %u pools x %u warps "
                 "x %u entries x {pending, %u x %u-bit register}", st.base_pools, st.base_rows, D,
                 N, R);
        d->entry_bits = st.base_row_bits;
        area_add_array(d, "destination registers",
                       "per warp and pool; reads: query warp, issuing "
                       "warp (free entry); write: issue",
                       k, W, D * N * R, 2, 1, 1, st.base_pools);
        area_add_array(d, "pending bits",
                       "per entry; reads: query, issue, writeback warps; writes: "
                       "issue, writeback",
                       AK_FF, W, D, 3, 2, 1, st.base_pools);
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
        area_add_logic(d, "hazard and allocation",
                       "register compares, hazard OR, free entry, "
                       "writeback decode",
                       ge);
        return NULL;
    }
    area_desc_start(d, "sbi_scoreboard", "Scoreboard, dependency matrices (SBI)");
    snprintf(d->config, sizeof d->config, "sbi_scoreboard_cfg: %u warps x %u entries x {dv1, "
             "dst1 %u x %u, dv2, dst2 %u x %u, M 6} = %u x %u b, QREGS %u", W, D, N, R, N, R,
             st.rows, st.row_bits, Q);
    d->entry_bits = st.row_bits;
    /* the issuing warp's entries are all rewritten (product, shift), the
     * query warp's all read: a row per warp */
    area_add_array(d, "destinations and matrices",
                   "{dst1, dst2, M} of every entry, a row per warp; "
                   "reads: issuing warp, query warp; write: issuing warp",
                   k, W, D * (2u * N * R + st.matrix_bits), 2, 1, 1, 1);
    area_add_array(d, "pending bits",
                   "dv1, dv2 per entry; reads: issuing, query, writeback warps; "
                   "writes: issue (shift), writeback",
                   AK_FF, W, 2u * D, 3, 2, 1, 1);
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
    area_add_logic(d, "issue: products and shift",
                   "M x D(t, t+1) per entry, collapsing shift, free "
                   "position, full, writeback clear",
                   ge);
    /* the hazard: per entry, each of the 2 NDST destination ids against
     * each context's QREGS registers (at the defaults 2 x 2 x 4 = 16
     * comparators, each gated by its query valid bit), ANDed with dv and
     * the M bit; the two dependency vectors and their ORs; the error
     * checks */
    cmps = 4.0 * N * Q;
    ge = D * (cmps * area_ge_eq_cmp(c, R) + cmps * c->ge_and2 + 4.0 * (c->ge_or2 + c->ge_and2)) +
         2.0 * area_ge_reduce(c, D) + 3.0 * area_ge_mag_cmp(c, WW + 1u) +
         area_ge_mag_cmp(c, sbi_scoreboard_pos_w(&cfg) + 1u) + 8.0 * c->ge_and2;
    area_add_logic(d, "hazard",
                   "register compares ANDed with the dependency bits (001 sec. 3.4), "
                   "dep1/dep2, hz1/hz2, error checks",
                   ge);
    return NULL;
}
