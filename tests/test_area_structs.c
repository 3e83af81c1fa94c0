/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_area_structs.c -- tests of the area descriptions of the structures
 * (area/structs*.c) and of the module table (area logic, area sweep).
 *
 * What it checks: each description follows its C model's cfg -- its bits
 * are the model's own count (pc_warp_lut_state_bits(), hct_cct_heap_bits(),
 * warp_pool_bits() for every policy, ...), its ports are the RTL's, its
 * parts add up to the whole, and more entries, lanes or bits grow it; the
 * modules Yosys is compared against are found by name with their
 * parameters; each sweep point is the module built at that value.
 * Published numbers come from area/papers.c (area_pub_find), never typed
 * here; tolerances are stated at each check.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../area/array.h"
#include "../area/calib.h"
#include "../area/logic.h"
#include "../area/papers.h"
#include "../area/report.h"
#include "../area/structs.h"
#include "../area/sweep.h"
#include "../area/tech.h"
#include "../rtl_c/dwf.h"
#include "../rtl_c/hct_cct_heap.h"
#include "../rtl_c/pc_warp_lut.h"
#include "../rtl_c/simt_stack.h"
#include "../rtl_c/warp_pool.h"
#include "area_check.h"
#include "check.h"

/* ------------------------------------------------------- descriptions */

TEST(simt_stack_description_follows_cfg)
{
    simt_stack_cfg cfg = simt_stack_default_cfg();
    area_desc d, d2;
    area_tech t = T(40);
    area_result r, r2;
    CHECK(area_desc_simt_stack(&cfg, 0, &d) == NULL);
    CHECK_EQ(d.entry_bits, 96); /* SPEC 3.1 at 32-bit PC, 32 lanes */
    CHECK_EQ(d.storage_bits, (unsigned long)cfg.warps * cfg.depth * 96 +
                                 (unsigned long)cfg.warps * simt_stack_depth_w(&cfg));
    CHECK(area_desc_eval(&t, &d, &r, NULL) == NULL);
    CHECK(r.total_mm2 > 0);
    cfg.depth = 8;
    CHECK(area_desc_simt_stack(&cfg, 0, &d2) == NULL);
    CHECK(area_desc_eval(&t, &d2, &r2, NULL) == NULL);
    CHECK(r2.total_mm2 < r.total_mm2);
    cfg.lanes = 64;
    CHECK(area_desc_simt_stack(&cfg, 0, &d2) == NULL);
    CHECK_EQ(d2.entry_bits, 128);
    cfg.warps = 0;
    CHECK(area_desc_simt_stack(&cfg, 0, &d2) != NULL); /* the model's cfg_check */
}

TEST(dpe_stack_and_shadow_scoreboard_descriptions)
{
    area_desc d;
    unsigned w, l, dd, p, e;
    area_dpe_stack_defaults(&w, &l, &dd, &p, &e);
    CHECK_EQ(e, 3 * p + 2 * l + 2);
    CHECK(area_desc_dpe_stack(0, 0, 0, 0, 0, &d) == NULL);
    CHECK_EQ(d.entry_bits, 162);
    CHECK(d.storage_bits >= (unsigned long)w * dd * e);
    CHECK(area_desc_dpe_stack(0, 0, 99, 0, 0, &d) != NULL);
    {
        unsigned sw, se, sr, sb, sh;
        area_shadow_scoreboard_defaults(&sw, &se, &sr, &sb, &sh);
        CHECK(area_desc_shadow_scoreboard(0, 0, 0, 0, &d) == NULL);
        CHECK_EQ(d.storage_bits, (unsigned long)sw * 2 * se * sb);
        CHECK(area_desc_shadow_scoreboard(0, 0, 1000, 0, &d) != NULL);
    }
}

TEST(pc_warp_lut_description_follows_cfg)
{
    pc_warp_lut_cfg cfg = pc_warp_lut_default_cfg(), c2;
    const area_pub *t1 = area_pub_find("000.t1.lut");
    area_desc d, d2;
    area_tech t = T(90);
    double a, a2, comb, comb2;
    unsigned long flops;
    unsigned i, ff, cams = 0;
    for (ff = 0; ff < 2; ff++) {
        CHECK(area_desc_pc_warp_lut(&cfg, (int)ff, &d) == NULL);
        /* the arrays hold every register of the model: table + valid + LRU */
        CHECK_EQ(d.storage_bits, pc_warp_lut_state_bits(&cfg));
        CHECK_EQ((unsigned long)d.entry_bits * cfg.entries, pc_warp_lut_table_bits(&cfg));
        if (ff) { /* every array as flops: what Yosys builds from the RTL */
            area_desc_logic_view(&t, &d, &comb, &flops);
            CHECK_EQ(flops, pc_warp_lut_state_bits(&cfg));
        }
        a = desc_mm2(&d, 90);
        CHECK(a > 0);
        /* doubling the entries grows it, and so does every field */
        for (i = 0; i < 5; i++) {
            c2 = cfg;
            if (i == 0)
                c2.entries *= 2;
            else if (i == 1)
                c2.lanes *= 2;
            else if (i == 2)
                c2.pc_bits *= 2;
            else if (i == 3)
                c2.pool *= 2; /* one more IDX bit */
            else
                c2.entries /= 2;
            CHECK(area_desc_pc_warp_lut(&c2, (int)ff, &d2) == NULL);
            CHECK_EQ(d2.storage_bits, pc_warp_lut_state_bits(&c2));
            a2 = desc_mm2(&d2, 90);
            if (i < 4)
                CHECK(a2 > a);
            else
                CHECK(a2 < a);
        }
        /* monotonic over the whole entry range */
        c2 = cfg;
        a = 0;
        for (c2.entries = 4; c2.entries <= PC_WARP_LUT_MAX_ENTRIES; c2.entries *= 2) {
            CHECK(area_desc_pc_warp_lut(&c2, (int)ff, &d2) == NULL);
            a2 = desc_mm2(&d2, 90);
            CHECK(a2 > a);
            a = a2;
        }
    }
    /* the organisation of the RTL: {PC, OCC} searched by the two lookups
     * (tag = PC), read by the debug port, written by both lookups */
    CHECK(area_desc_pc_warp_lut(&cfg, 0, &d) == NULL);
    for (i = 0; i < d.n; i++) {
        const area_array *g = &d.item[i].arr;
        if (d.item[i].type != AI_ARRAY || g->kind != AK_CAM)
            continue;
        cams++;
        CHECK_EQ(g->ways, cfg.ways);
        CHECK_EQ(g->search, 2);
        CHECK_EQ(g->rd, 1);
        CHECK_EQ(g->wr, 2);
        CHECK_EQ(g->tag_bits, cfg.pc_bits);
        CHECK_EQ(g->entries, cfg.entries);
        CHECK_EQ(g->width, cfg.pc_bits + cfg.lanes);
    }
    CHECK_EQ(cams, 1);
    /* the logic (IDX comparators, ...) grows with the IDX width */
    CHECK(area_desc_pc_warp_lut(&cfg, 1, &d) == NULL);
    area_desc_logic_view(&t, &d, &comb, &flops);
    c2 = cfg;
    c2.pool *= 4;
    CHECK(area_desc_pc_warp_lut(&c2, 1, &d2) == NULL);
    area_desc_logic_view(&t, &d2, &comb2, &flops);
    CHECK(comb2 > comb);
    /* 000's configuration holds exactly Table 1's bits (32 x 56) */
    CHECK(t1 != NULL && t1->has_geom);
    if (t1)
        CHECK_EQ(pc_warp_lut_table_bits(&cfg), t1->geom.entries * t1->geom.width);
    /* the model's cfg_check decides what is legal */
    c2 = cfg;
    c2.entries = 6;
    CHECK(area_desc_pc_warp_lut(&c2, 0, &d2) != NULL);
    c2 = cfg;
    c2.ways = 4;
    CHECK(area_desc_pc_warp_lut(&c2, 0, &d2) != NULL);
}

/* the array item called `name` in d, NULL (and a failed check) if none */
static const area_array *desc_array(const area_desc *d, const char *name)
{
    unsigned i;
    for (i = 0; i < d->n; i++)
        if (d->item[i].type == AI_ARRAY && strcmp(d->item[i].name, name) == 0)
            return &d->item[i].arr;
    printf("  no array '%s' in %s\n", name, d->name);
    CHECK(0);
    return NULL;
}

/* the sum of every field of warp_pool_bits(): the RTL module's registers */
static unsigned long wp_all_bits(const warp_pool_cfg *cfg)
{
    warp_pool_bitcount b = warp_pool_bits(cfg);
    return (unsigned long)b.pool + b.allocator + b.majority + b.pool_ctrl + b.majority_ctrl +
           b.in_pool + b.counters;
}

TEST(warp_pool_description_follows_cfg)
{
    static const area_wp_part parts[3] = {AREA_WP_POOL, AREA_WP_ALLOC, AREA_WP_ISSUE};
    warp_pool_cfg cfg = warp_pool_default_cfg(), c2;
    warp_pool_bitcount b = warp_pool_bits(&cfg);
    area_desc d, dp, d2;
    area_tech t = T(90);
    const area_array *g;
    double a, a2, sum, comb, comb2;
    unsigned long flops, nbits;
    unsigned i, ff, pol, n;
    for (ff = 0; ff < 2; ff++) {
        for (pol = 0; pol <= WP_POL_DPDPRI; pol++) {
            c2 = cfg;
            c2.policy = pol;
            /* the arrays hold every register of the model, and the three
             * parts split them and add up to the whole */
            CHECK(area_desc_warp_pool(&c2, AREA_WP_ALL, (int)ff, &d) == NULL);
            CHECK_EQ(d.storage_bits, wp_all_bits(&c2));
            if (ff) {
                area_desc_logic_view(&t, &d, &comb, &flops);
                CHECK_EQ(flops, wp_all_bits(&c2));
            }
            a = desc_mm2(&d, 90);
            sum = 0;
            nbits = 0;
            n = 0;
            for (i = 0; i < 3; i++) {
                CHECK(area_desc_warp_pool(&c2, parts[i], (int)ff, &dp) == NULL);
                sum += desc_mm2(&dp, 90);
                nbits += dp.storage_bits;
                n += dp.n;
                if (parts[i] == AREA_WP_POOL) /* Table 1's pool bits + flags + in-pool */
                    CHECK_EQ(dp.storage_bits, (unsigned long)warp_pool_bits(&c2).pool +
                                                  warp_pool_bits(&c2).pool_ctrl +
                                                  warp_pool_bits(&c2).in_pool);
            }
            CHECK(fabs(sum - a) < 1e-12 * a);
            CHECK_EQ(nbits, d.storage_bits);
            CHECK_EQ(n, d.n);
        }
        CHECK(area_desc_warp_pool(&cfg, AREA_WP_ALL, (int)ff, &d) == NULL);
        a = desc_mm2(&d, 90);
        /* more entries, lanes, TID, PC or sched bits, table slots grow it;
         * fewer entries shrink it */
        for (i = 0; i < 7; i++) {
            c2 = cfg;
            if (i == 0)
                c2.entries /= 2;
            else if (i == 1)
                c2.lanes *= 2;
            else if (i == 2)
                c2.tid_bits += 1;
            else if (i == 3)
                c2.pc_bits *= 2;
            else if (i == 4)
                c2.sched_bits *= 2;
            else if (i == 5)
                c2.maj_entries /= 2;
            else
                c2.lanes /= 2;
            CHECK(area_desc_warp_pool(&c2, AREA_WP_ALL, (int)ff, &d2) == NULL);
            CHECK_EQ(d2.storage_bits, wp_all_bits(&c2));
            a2 = desc_mm2(&d2, 90);
            if (i == 0 || i >= 5)
                CHECK(a2 < a);
            else
                CHECK(a2 > a);
        }
        /* monotonic in the pool size over the model's whole range, for the
         * pool and the allocator */
        for (i = 0; i < 2; i++) {
            c2 = cfg;
            c2.tid_bits = 10; /* THREADS >= entries */
            a = 0;
            for (c2.entries = 2; c2.entries <= WARP_POOL_MAX_ENTRIES; c2.entries *= 2) {
                CHECK(area_desc_warp_pool(&c2, parts[i], (int)ff, &d2) == NULL);
                a2 = desc_mm2(&d2, 90);
                CHECK(a2 > a);
                a = a2;
            }
        }
        /* the issue logic grows with the table */
        c2 = cfg;
        a = 0;
        for (c2.maj_entries = 2; c2.maj_entries <= WARP_POOL_MAX_MAJ; c2.maj_entries *= 2) {
            CHECK(area_desc_warp_pool(&c2, AREA_WP_ISSUE, (int)ff, &d2) == NULL);
            a2 = desc_mm2(&d2, 90);
            CHECK(a2 > a);
            a = a2;
        }
    }
    /* the RTL's organisation: a TID memory per lane (its own decoder), 1R1W;
     * the {PC, sched} row searched by the chosen PC, read by the candidate
     * and both joins, written by both new groups; the free list read at
     * head and head + 1, written at the tail */
    CHECK(area_desc_warp_pool(&cfg, AREA_WP_ALL, 0, &d) == NULL);
    if ((g = desc_array(&d, "TID memories")) != NULL) {
        CHECK_EQ(g->banks, cfg.lanes);
        CHECK_EQ(g->entries, (unsigned long)cfg.lanes * cfg.entries);
        CHECK_EQ(g->width, cfg.tid_bits);
        CHECK(g->rd == 1 && g->wr == 1);
    }
    if ((g = desc_array(&d, "entry rows {PC, sched}")) != NULL) {
        CHECK_EQ(g->kind, AK_CAM);
        CHECK_EQ(g->entries, cfg.entries);
        CHECK_EQ(g->width, cfg.pc_bits + cfg.sched_bits);
        CHECK_EQ(g->tag_bits, cfg.pc_bits);
        CHECK(g->search == 1 && g->rd == 3 && g->wr == 2);
    }
    if ((g = desc_array(&d, "free list")) != NULL) {
        CHECK_EQ(g->entries, cfg.entries);
        CHECK_EQ(g->width, warp_pool_idx_w(&cfg));
        CHECK(g->rd == 2 && g->wr == 1);
    }
    if ((g = desc_array(&d, "majority table PCs")) != NULL) {
        CHECK_EQ(g->kind, AK_FF);
        CHECK_EQ(g->entries, cfg.maj_entries);
    }
    /* Table 1's bits per part, from warp_pool_bits */
    CHECK(area_desc_warp_pool(&cfg, AREA_WP_POOL, 0, &dp) == NULL);
    CHECK_EQ((unsigned long)dp.entry_bits * cfg.entries, b.pool);
    CHECK(area_desc_warp_pool(&cfg, AREA_WP_ALLOC, 0, &dp) == NULL);
    CHECK_EQ((unsigned long)dp.entry_bits * cfg.entries, b.allocator);
    CHECK(area_desc_warp_pool(&cfg, AREA_WP_ISSUE, 0, &dp) == NULL);
    CHECK_EQ((unsigned long)dp.entry_bits * cfg.maj_entries, b.majority);
    /* without a table (DTime/DPC/DPdPri) there is no majority table and the
     * issue logic is the selection chain over the pool */
    c2 = cfg;
    c2.policy = WP_POL_DPC;
    CHECK(area_desc_warp_pool(&c2, AREA_WP_ISSUE, 0, &dp) == NULL);
    for (i = 0; i < dp.n; i++)
        CHECK(strstr(dp.item[i].name, "majority") == NULL);
    CHECK_EQ(dp.storage_bits, 0);
    /* the logic grows with the PC width (searches, compares) */
    CHECK(area_desc_warp_pool(&cfg, AREA_WP_ALL, 1, &d) == NULL);
    area_desc_logic_view(&t, &d, &comb, &flops);
    c2 = cfg;
    c2.pc_bits += 8;
    CHECK(area_desc_warp_pool(&c2, AREA_WP_ALL, 1, &d2) == NULL);
    area_desc_logic_view(&t, &d2, &comb2, &flops);
    CHECK(comb2 > comb);
    /* the update registers from dwf_cfg as verilog/dwf.v holds them: one
     * TID row and 2 x {PC, REQ, prio} */
    {
        dwf_cfg dc = dwf_default_cfg(), dc2;
        CHECK(area_desc_dwf(&dc, AREA_DWF_UPDATE, 0, &d) == NULL);
        CHECK_EQ(d.storage_bits, (unsigned long)dc.lanes * dc.tid_bits +
                                     2ul * (dc.pc_bits + dc.lanes + dc.sched_bits));
        CHECK_EQ(area_dwf_update_reg_bits(&dc), 240); /* 000's configuration */
        a = desc_mm2(&d, 90);
        dc2 = dc;
        dc2.lanes *= 2;
        CHECK(area_desc_dwf(&dc2, AREA_DWF_UPDATE, 0, &d2) == NULL);
        CHECK(desc_mm2(&d2, 90) > a);
        dc2 = dc;
        dc2.lanes = 3;
        CHECK(area_desc_dwf(&dc2, AREA_DWF_UPDATE, 0, &d2) != NULL);
        /* the whole dwf holds the update registers, the live vector, the
         * LUT's and the pool's bits */
        CHECK(area_desc_dwf(&dc, AREA_DWF_ALL, 0, &d2) == NULL);
        {
            pc_warp_lut_cfg lc = dwf_lut_cfg(&dc);
            warp_pool_cfg pc = dwf_pool_cfg(&dc);
            warp_pool_bitcount b = warp_pool_bits(&pc);
            CHECK_EQ(d2.storage_bits,
                     area_dwf_update_reg_bits(&dc) + dwf_threads(&dc) +
                         pc_warp_lut_state_bits(&lc) + b.pool + b.allocator + b.majority +
                         b.pool_ctrl + b.majority_ctrl + b.in_pool + b.counters);
            CHECK(desc_mm2(&d2, 90) > a);
        }
    }
    /* the model's cfg_check decides what is legal */
    c2 = cfg;
    c2.lanes = 3;
    CHECK(area_desc_warp_pool(&c2, AREA_WP_ALL, 0, &d2) != NULL);
    c2 = cfg;
    c2.entries = 4096; /* above WARP_POOL_MAX_ENTRIES (2048) */
    CHECK(area_desc_warp_pool(&c2, AREA_WP_POOL, 0, &d2) != NULL);
    CHECK(area_desc_warp_pool(&cfg, (area_wp_part)4, 0, &d2) != NULL);
}

TEST(hct_cct_heap_description_follows_cfg)
{
    hct_cct_heap_cfg cfg = hct_cct_heap_default_cfg(), c2;
    hct_cct_heap_storage b = hct_cct_heap_bits(&cfg), b2;
    area_desc d, dh, dc, d2;
    area_tech t = T(40);
    const area_array *g;
    double a, a2, ah, ac, comb, comb2;
    unsigned long flops, all_bits;
    unsigned i, ff, nets = 0;
    all_bits = (unsigned long)b.hct_rows * b.hct_row_bits +
               (unsigned long)b.cct_rows * b.cct_row_bits + b.ctrl_bits;
    for (ff = 0; ff < 2; ff++) {
        CHECK(area_desc_hct_cct_heap(&cfg, AREA_HCH_ALL, (int)ff, &d) == NULL);
        CHECK(area_desc_hct_cct_heap(&cfg, AREA_HCH_HCT, (int)ff, &dh) == NULL);
        CHECK(area_desc_hct_cct_heap(&cfg, AREA_HCH_CCT, (int)ff, &dc) == NULL);
        /* the arrays hold every register of the model, and the two parts
         * split them: HCT rows (+ hv, lo, dcnt per warp), CCT rows + the rest */
        CHECK_EQ(d.storage_bits, all_bits);
        CHECK_EQ(dh.storage_bits, (unsigned long)b.hct_rows * b.hct_row_bits +
                                      (2ul + hct_cct_heap_dcnt_w(&cfg)) * cfg.warps);
        CHECK_EQ(dh.storage_bits + dc.storage_bits, d.storage_bits);
        CHECK_EQ(dh.entry_bits, b.hct_row_bits);
        CHECK_EQ(dc.entry_bits, b.cct_row_bits);
        CHECK_EQ(d.n, dh.n + dc.n);
        if (ff) {
            area_desc_logic_view(&t, &d, &comb, &flops);
            CHECK_EQ(flops, all_bits);
        }
        /* the parts add up to the whole */
        a = desc_mm2(&d, 40);
        ah = desc_mm2(&dh, 40);
        ac = desc_mm2(&dc, 40);
        CHECK(ah > 0 && ac > 0);
        CHECK(fabs(ah + ac - a) < 1e-12 * a);
        /* more CCT entries grow the CCT and the whole; and so does every
         * field; fewer CCT entries shrink it */
        for (i = 0; i < 5; i++) {
            c2 = cfg;
            if (i == 0)
                c2.cct *= 2;
            else if (i == 1)
                c2.warps *= 2;
            else if (i == 2)
                c2.lanes /= 2;
            else if (i == 3)
                c2.pc_bits *= 2;
            else
                c2.cct /= 2;
            b2 = hct_cct_heap_bits(&c2);
            CHECK(area_desc_hct_cct_heap(&c2, AREA_HCH_ALL, (int)ff, &d2) == NULL);
            CHECK_EQ(d2.storage_bits, (unsigned long)b2.hct_rows * b2.hct_row_bits +
                                          (unsigned long)b2.cct_rows * b2.cct_row_bits +
                                          b2.ctrl_bits);
            a2 = desc_mm2(&d2, 40);
            if (i == 2 || i == 4)
                CHECK(a2 < a);
            else
                CHECK(a2 > a);
            if (i == 0) {
                CHECK(area_desc_hct_cct_heap(&c2, AREA_HCH_CCT, (int)ff, &d2) == NULL);
                CHECK(desc_mm2(&d2, 40) > ac);
            }
        }
        /* monotonic in the CCT size over the model's whole range */
        c2 = cfg;
        a = 0;
        for (c2.cct = 2; c2.cct <= HCH_MAX_CCT; c2.cct *= 2) {
            CHECK(area_desc_hct_cct_heap(&c2, AREA_HCH_CCT, (int)ff, &d2) == NULL);
            a2 = desc_mm2(&d2, 40);
            CHECK(a2 > a);
            a = a2;
        }
    }
    /* the RTL's ports: the HCT row is read by the op warp (masks, valid,
     * head) and the scheduler port (PCs, masks, valid), written by the op
     * (the head also by the sorter); the CCT's cpc is read at the list head
     * and at the sorter's walk node, its links by five readers and four
     * writers (the op and the sorter's three relinks) */
    CHECK(area_desc_hct_cct_heap(&cfg, AREA_HCH_ALL, 0, &d) == NULL);
    if ((g = desc_array(&d, "HCT PCs")) != NULL) {
        CHECK_EQ(g->entries, cfg.warps);
        CHECK_EQ(g->width, 2 * cfg.pc_bits);
        CHECK(g->rd == 1 && g->wr == 1);
    }
    if ((g = desc_array(&d, "HCT masks")) != NULL) {
        CHECK_EQ(g->width, 2 * cfg.lanes);
        CHECK(g->rd == 2 && g->wr == 1);
    }
    if ((g = desc_array(&d, "HCT CCT head pointers")) != NULL) {
        CHECK_EQ(g->width, hct_cct_heap_ptr_w(&cfg));
        CHECK(g->rd == 1 && g->wr == 2);
    }
    if ((g = desc_array(&d, "CCT PCs")) != NULL) {
        CHECK_EQ(g->entries, cfg.cct);
        CHECK(g->rd == 2 && g->wr == 1);
    }
    /* cmask: the list head, and the sorter's merge (walk node | moved
     * node, written into the walk node: verilog s_merge) */
    if ((g = desc_array(&d, "CCT masks")) != NULL)
        CHECK(g->rd == 3 && g->wr == 2);
    if ((g = desc_array(&d, "CCT next pointers")) != NULL) {
        CHECK_EQ(g->kind, AK_FF);
        CHECK(g->rd == 5 && g->wr == 4);
    }
    if ((g = desc_array(&d, "CCT next-valid bits")) != NULL)
        CHECK(g->rd == 3 && g->wr == 3);
    /* the sorting network is instantiated twice (stage 1, stage 2) */
    for (i = 0; i < d.n; i++)
        if (d.item[i].type == AI_LOGIC && strstr(d.item[i].name, "sorting") != NULL) {
            nets++;
            CHECK_EQ(d.item[i].count, 2);
            CHECK(d.item[i].ge >= area_ge_sort3(area_default_consts(), cfg.pc_bits, cfg.lanes));
        }
    CHECK_EQ(nets, 1);
    /* the logic (comparators of the networks, the sorter, the read port)
     * grows with the PC width */
    CHECK(area_desc_hct_cct_heap(&cfg, AREA_HCH_ALL, 1, &d) == NULL);
    area_desc_logic_view(&t, &d, &comb, &flops);
    c2 = cfg;
    c2.pc_bits += 8;
    CHECK(area_desc_hct_cct_heap(&c2, AREA_HCH_ALL, 1, &d2) == NULL);
    area_desc_logic_view(&t, &d2, &comb2, &flops);
    CHECK(comb2 > comb);
    /* 001's configuration (the model's default) holds Table 3's bits */
    CHECK(fabs((double)b.hct_rows * b.hct_row_bits - area_pub_find("001.t3.hct")->value) < 0.5);
    CHECK(fabs((double)b.cct_rows * b.cct_row_bits - area_pub_find("001.t3.cct")->value) < 0.5);
    /* the model's cfg_check decides what is legal */
    c2 = cfg;
    c2.cct = 1;
    CHECK(area_desc_hct_cct_heap(&c2, AREA_HCH_ALL, 0, &d2) != NULL);
    c2 = cfg;
    c2.warps = HCH_MAX_WARPS + 1;
    CHECK(area_desc_hct_cct_heap(&c2, AREA_HCH_HCT, 0, &d2) != NULL);
    CHECK(area_desc_hct_cct_heap(&cfg, (area_hch_part)3, 0, &d2) != NULL);
}

TEST(module_lookup_for_yosys)
{
    area_desc d;
    char err[256];
    const char *pn[4] = {"WARPS", "LANES", "DEPTH", "PC_W"};
    unsigned pv[4] = {4, 8, 4, 8};
    double comb;
    unsigned long flops;
    area_tech t = T(40);
    CHECK(area_desc_module("simt_stack", pn, pv, 4, 1, &d, err, sizeof err) == NULL);
    area_desc_logic_view(&t, &d, &comb, &flops);
    /* what verilog/simt_stack.v holds: 16 entries x 24 bits + 4 x 3-bit depths */
    CHECK_EQ(flops, 4 * 4 * 24 + 4 * 3);
    CHECK(comb > 0);
    {
        const char *ln[4] = {"LANES", "ENTRIES", "WIDTH", "REGS"};
        unsigned lv[4] = {4, 8, 8, 2};
        area_desc s1, s2, s3;
        area_result a1, a2, a3;
        CHECK(area_desc_module("lane_regfile", ln, lv, 4, 1, &d, err, sizeof err) == NULL);
        area_desc_logic_view(&t, &d, &comb, &flops);
        /* verilog/lane_regfile.v: banks 4x8x8, read registers 4x2x8, rvalid,
         * done, req (the request's lanes), rsel (4 x 2 bits), swizzle, 32-bit
         * conflict counter, the scalar ports' s0, s1, sb (2 bits) = 377,
         * Yosys's count (make area-yosys) */
        CHECK_EQ(flops, 256 + 64 + 4 + 4 + 4 + 8 + 1 + 32 + 2 + 2);
        {
            /* 002 sec. 4.1: the scalar addressing mode costs logic, not
             * storage (the scalar registers share the banks' rows) */
            const char *sn[5] = {"LANES", "ENTRIES", "WIDTH", "REGS", "SREGS"};
            unsigned sv[5] = {4, 8, 8, 2, 1};
            double comb0 = comb, comb1;
            unsigned long flops1;
            area_desc ds;
            CHECK(area_desc_module("lane_regfile", sn, sv, 5, 1, &ds, err, sizeof err) == NULL);
            area_desc_logic_view(&t, &ds, &comb1, &flops1);
            CHECK_EQ(flops1, flops);
            CHECK(comb1 > comb0);
            CHECK(strstr(ds.config, "scalar addressing") != NULL);
            sv[4] = 7; /* REGS + SREGS > ENTRIES */
            CHECK(area_desc_module("lane_regfile", sn, sv, 5, 1, &ds, err, sizeof err) != NULL);
        }
        /* 000 Fig. 10: one decoder < a decoder per lane < crossbar */
        CHECK(area_desc_lane_regfile(0, 0, 0, 0, LRF_ORG_SINGLE_DECODER, 0, &s1) == NULL);
        CHECK(area_desc_lane_regfile(0, 0, 0, 0, LRF_ORG_PER_LANE, 0, &s2) == NULL);
        CHECK(area_desc_lane_regfile(0, 0, 0, 0, LRF_ORG_CROSSBAR, 0, &s3) == NULL);
        CHECK_EQ(s1.storage_bits, 16ul * 512 * 32 + 16 + 2 + 4); /* + rvalid per lane, s0, s1, sb */
        area_desc_eval(&t, &s1, &a1, NULL);
        area_desc_eval(&t, &s2, &a2, NULL);
        area_desc_eval(&t, &s3, &a3, NULL);
        CHECK(a1.total_mm2 < a2.total_mm2 && a2.total_mm2 < a3.total_mm2);
        CHECK(area_desc_lane_regfile(3, 0, 0, 0, LRF_ORG_PER_LANE, 0, &s1) != NULL);
    }
    {
        const char *wn[5] = {"ENTRIES", "LANES", "PC_W", "POOL", "WAYS"};
        unsigned wv[5] = {8, 4, 8, 16, 2};
        CHECK(area_desc_module("pc_warp_lut", wn, wv, 5, 1, &d, err, sizeof err) == NULL);
        area_desc_logic_view(&t, &d, &comb, &flops);
        /* verilog/pc_warp_lut.v: 8 x {PC 8, OCC 4, IDX 4}, 8 valid, 4 LRU */
        CHECK_EQ(flops, 8 * (8 + 4 + 4) + 8 + 4);
        CHECK(comb > 0);
        wv[4] = 4; /* only 2-way is modelled */
        CHECK(area_desc_module("pc_warp_lut", wn, wv, 5, 1, &d, err, sizeof err) != NULL);
    }
    {
        const char *hn[4] = {"WARPS", "LANES", "CCT", "PC_W"};
        unsigned hv[4] = {4, 8, 8, 8};
        CHECK(area_desc_module("hct_cct_heap", hn, hv, 4, 1, &d, err, sizeof err) == NULL);
        area_desc_logic_view(&t, &d, &comb, &flops);
        /* verilog/hct_cct_heap.v: HCT 4 x {pc1, m1, v1, pc2, m2, v2, head 3},
         * CCT 8 x {cpc, cmask, nxt 3, nv, cu}, hv, lo and dcnt (4 bits) per
         * warp, free_head 3, free_cnt 4, deg_cnt 16, the sorter's busy,
         * warp 2, node 3, pc 8, pred_head, pred 3, cur 3, prev_v, prev 3 */
        CHECK_EQ(flops, 4 * (2 * (8 + 8 + 1) + 3) + 8 * (8 + 8 + 3 + 1 + 1) + 6 * 4 + 3 + 4 +
                            16 + (1 + 2 + 3 + 8 + 1 + 3 + 3 + 1 + 3));
        CHECK(comb > 0);
        hv[2] = 1; /* cct must be 2..256 (hct_cct_heap_cfg_check) */
        CHECK(area_desc_module("hct_cct_heap", hn, hv, 4, 1, &d, err, sizeof err) != NULL);
        hn[0] = "DEPTH";
        hv[2] = 8;
        CHECK(area_desc_module("hct_cct_heap", hn, hv, 4, 1, &d, err, sizeof err) != NULL);
    }
    {
        const char *pn2[6] = {"LANES", "POOL", "TID_W", "PC_W", "SCHED_W", "MAJ"};
        unsigned pv2[6] = {4, 16, 4, 8, 4, 4};
        CHECK(area_desc_module("warp_pool", pn2, pv2, 6, 1, &d, err, sizeof err) == NULL);
        area_desc_logic_view(&t, &d, &comb, &flops);
        /* verilog/warp_pool.v: 16 entries x {4 TIDs x 4, PC 8, sched 4},
         * valid, untracked, 4 lane-valid; 16 in-pool bits; free list 16 x 4,
         * head 4, free count 5; table 4 x {PC 8, count 4}, valid; a batch
         * mark per entry; untr_cnt 5, lslot 2, turn */
        CHECK_EQ(flops, 16 * (4 * 4 + 8 + 4) + 16 * 6 + 16 + 16 * 4 + 4 + 5 + 4 * (8 + 4) +
                            4 + 16 + 5 + 2 + 1);
        CHECK(comb > 0);
        pv2[1] = 12; /* POOL must be a power of two */
        CHECK(area_desc_module("warp_pool", pn2, pv2, 6, 1, &d, err, sizeof err) != NULL);
        pn2[0] = "SWIZZLE"; /* no area effect: not a --param */
        pv2[1] = 16;
        CHECK(area_desc_module("warp_pool", pn2, pv2, 6, 1, &d, err, sizeof err) != NULL);
    }
    pn[0] = "BOGUS";
    CHECK(area_desc_module("simt_stack", pn, pv, 1, 1, &d, err, sizeof err) != NULL);
    CHECK(area_desc_module("nope", pn, pv, 0, 1, &d, err, sizeof err) != NULL);
}

/* issue 19 item 4: each sweep point is the module built from its cfg at
 * that value, the lines follow the structures, bad points are errors. */
TEST(sweep_points_are_the_modules_at_each_value)
{
    static area_sweep sw;
    static const char *const mods[2] = {"dpe_stack", "simt_stack"};
    static const unsigned xs[4] = {4, 7, 11, 16};
    const char *fn[1] = {"WARPS"};
    unsigned fv[1] = {8}, m, i;
    char err[256];
    area_tech t = T(40);
    CHECK(area_sweep_run(mods, 2, "DEPTH", xs, 4, fn, fv, 1, &t, &sw, err, sizeof err) == NULL);
    for (m = 0; m < 2; m++)
        for (i = 0; i < 4; i++) {
            const char *pn[2] = {"WARPS", "DEPTH"};
            unsigned pv[2] = {8, xs[i]};
            area_desc d;
            area_result r;
            CHECK(area_desc_module(mods[m], pn, pv, 2, 0, &d, err, sizeof err) == NULL);
            CHECK(area_desc_eval(&t, &d, &r, NULL) == NULL);
            CHECK(fabs(sw.res[m][i].total_mm2 - r.total_mm2) < 1e-15);
            CHECK_EQ(sw.bits[m][i], d.storage_bits);
            if (i)
                CHECK(sw.res[m][i].total_mm2 > sw.res[m][i - 1].total_mm2);
        }
    /* a value the cfg rejects, a module without the parameter, one point */
    {
        static const unsigned bad[2] = {64, 100};
        const char *wp[1] = {"warp_pool"};
        CHECK(area_sweep_run(wp, 1, "POOL", bad, 2, NULL, NULL, 0, &t, &sw, err, sizeof err));
        CHECK(strstr(err, "POOL=100") != NULL);
        CHECK(area_sweep_run(mods, 2, "CCT", xs, 2, NULL, NULL, 0, &t, &sw, err, sizeof err));
        CHECK(area_sweep_run(mods, 2, "DEPTH", xs, 1, NULL, NULL, 0, &t, &sw, err, sizeof err));
    }
}

/* The TSIMT lane and front end (002) from their cfgs: bits are the RTL's,
 * the front end holds LANES lanes, and grows with warps, lanes and width. */
TEST(tsimt_descriptions_follow_cfg)
{
    tsimt_frontend_cfg fc = tsimt_frontend_default_cfg(), f2;
    tsimt_lane_cfg lc = tsimt_frontend_lane_cfg(&fc);
    area_desc d, dl;
    double a;
    CHECK(area_desc_tsimt_lane(&lc, 0, &dl) == NULL);
    CHECK_EQ(dl.storage_bits, lc.instr_bits + lc.wid_bits + lc.warp + 2u + tsimt_lane_grp_w(&lc));
    CHECK(area_desc_tsimt_frontend(&fc, 0, &d) == NULL);
    CHECK_EQ(d.storage_bits,
             (unsigned long)fc.warps * (fc.instr_bits + fc.warp + 2u) +
                 tsimt_frontend_lane_w(&fc) + fc.lanes * tsimt_frontend_slot_w(&fc) +
                 3ul * fc.cnt_bits + fc.lanes * dl.storage_bits);
    a = desc_mm2(&d, 40);
    CHECK(a > fc.lanes * desc_mm2(&dl, 40));
    f2 = fc;
    f2.warps *= 2;
    CHECK(area_desc_tsimt_frontend(&f2, 0, &d) == NULL && desc_mm2(&d, 40) > a);
    f2 = fc;
    f2.lanes *= 2;
    CHECK(area_desc_tsimt_frontend(&f2, 0, &d) == NULL && desc_mm2(&d, 40) > a);
    /* STSIMT4: 8 groups of 4 instead of 32 of 1: a smaller sequencer (the
     * K-wide execution unit is not part of the lane model) */
    {
        tsimt_lane_cfg l4 = lc;
        area_desc d4;
        l4.width = 4;
        CHECK(area_desc_tsimt_lane(&l4, 0, &d4) == NULL);
        CHECK(d4.item[1].ge < dl.item[1].ge);
        CHECK_EQ(d4.storage_bits, dl.storage_bits - 2); /* pos_q 3 bits instead of 5 */
    }
    f2 = fc;
    f2.lanes = 3;
    CHECK(area_desc_tsimt_frontend(&f2, 0, &d) != NULL);
}

/* The four structures of 004 and 001 sec. 4 (issue 19 item 4, 3): bits
 * equal to the RTL's registers at the points `make area-yosys` synthesizes
 * (Yosys counts the same flip-flops), growth with their parameters, and
 * 004 sec. 3.4's 1,792 bits and 001 Table 3's SWI HCT from the cfgs. */
TEST(lwm_tls_shuffle_swi_descriptions_follow_cfg)
{
    area_tech t = T(40);
    area_desc d, d2;
    area_result a, b;
    double comb;
    unsigned long flops;
    char err[256];
    lwm_subwarp_cfg lc = lwm_subwarp_default_cfg(), l2;
    two_level_sched_cfg tc = two_level_sched_default_cfg(), t2;
    lane_shuffle_cfg sc = lane_shuffle_default_cfg(), s2;
    swi_sched_cfg wc = swi_sched_default_cfg(), w2;
    hct_cct_heap_cfg hc = hct_cct_heap_default_cfg();
    /* 004 sec. 3.4 at its configuration (the defaults): 256 + 512 + 1024 */
    CHECK_EQ(lc.large_warps, 4);
    CHECK_EQ(lc.rows * lc.cols, 256);
    CHECK_EQ(lwm_subwarp_copy_bits(&lc), 256);
    CHECK_EQ(lwm_subwarp_buffer_bits(&lc), 512);
    CHECK_EQ(lwm_subwarp_inflight_bits(&lc), 1024);
    CHECK(area_desc_lwm_subwarp(&lc, 0, &d) == NULL);
    CHECK_EQ(d.storage_bits,
             1792 + area_lwm_subwarp_ctrl_bits(&lc) + area_lwm_subwarp_stack_bits(&lc));
    /* verilog/lwm_subwarp.v at LARGE_WARPS=2 K=4 N=4 DEPTH=2 PC_W=8: copy 16,
     * in-flight 32, buffers 32, control 1+1+1+1+2+1+1+1+5 (row_q the row
     * mode's), 2 x (wait 1 + jmp 1 + pend 5), the kept branch 3 x 8, the
     * stacks 4 x (8 + 16 + 8) and 2 depth counters of 2 bits: 264
     * flip-flops, as Yosys counts them (synth -nordff, area/yosys_compare.sh) */
    l2 = lc;
    l2.large_warps = 2;
    l2.rows = 4;
    l2.cols = 4;
    l2.depth = 2;
    l2.pc_bits = 8;
    CHECK(area_desc_lwm_subwarp(&l2, 1, &d2) == NULL);
    area_desc_logic_view(&t, &d2, &comb, &flops);
    CHECK_EQ(flops, 264);
    CHECK(area_desc_eval(&t, &d, &a, NULL) == NULL && area_desc_eval(&t, &d2, &b, NULL) == NULL);
    CHECK(a.total_mm2 > b.total_mm2);
    l2 = lc;
    l2.rows = 0;
    CHECK(area_desc_lwm_subwarp(&l2, 0, &d2) != NULL);
    /* two-level: 2 + 4 x 3 + 15 = 29 bits at 004's 32 warps in groups of 8 */
    CHECK(area_desc_two_level_sched(&tc, 0, &d) == NULL);
    CHECK_EQ(d.storage_bits, 29);
    t2 = tc;
    t2.warps = 16;
    t2.group_size = 4;
    t2.timeout = 64;
    CHECK(area_desc_two_level_sched(&t2, 1, &d2) == NULL);
    area_desc_logic_view(&t, &d2, &comb, &flops);
    CHECK_EQ(flops, 2 + 4 * 2 + 6); /* verilog/two_level_sched.v there: Yosys's 16 */
    t2 = tc;
    t2.group_size = 5; /* does not divide 32 */
    CHECK(area_desc_two_level_sched(&t2, 0, &d2) != NULL);
    /* lane shuffle: no storage, logic that grows with the lanes */
    CHECK(area_desc_lane_shuffle(&sc, 0, &d) == NULL);
    CHECK_EQ(d.storage_bits, 0);
    s2 = sc;
    s2.lanes = 8;
    CHECK(area_desc_lane_shuffle(&s2, 0, &d2) == NULL);
    CHECK(area_desc_eval(&t, &d, &a, NULL) == NULL && area_desc_eval(&t, &d2, &b, NULL) == NULL);
    CHECK(a.total_mm2 > b.total_mm2 && b.total_mm2 > 0);
    s2.lanes = 6; /* not a power of two */
    CHECK(area_desc_lane_shuffle(&s2, 0, &d2) != NULL);
    /* SWI: the header's storage formula; at SETS=2 WAYS=2 LANES=8 PC_W=8:
     * 4 x (1 + 8 + 8 + 4) + 1 + 2 + 8 + 8 + 16 = 119 (Yosys's count) */
    CHECK(area_desc_swi_sched(&wc, 0, &d) == NULL);
    CHECK_EQ(d.storage_bits, area_swi_sched_bits(&wc));
    w2 = wc;
    w2.sets = 2;
    w2.ways = 2;
    w2.lanes = 8;
    w2.pc_w = 8;
    CHECK(area_desc_swi_sched(&w2, 1, &d2) == NULL);
    area_desc_logic_view(&t, &d2, &comb, &flops);
    CHECK_EQ(flops, 119);
    /* more ways: more entries to search */
    w2 = wc;
    w2.ways = wc.ways + 2;
    CHECK(area_desc_swi_sched(&w2, 0, &d2) == NULL);
    CHECK(area_desc_eval(&t, &d, &a, NULL) == NULL && area_desc_eval(&t, &d2, &b, NULL) == NULL);
    CHECK(b.total_mm2 > a.total_mm2);
    w2.sets = 3; /* not a power of two */
    CHECK(area_desc_swi_sched(&w2, 0, &d2) != NULL);
    /* SWI's HCT at 001's configuration: Table 3's 24 x 104 */
    CHECK(area_desc_swi_hct(&hc, 0, &d) == NULL);
    CHECK_EQ(d.entry_bits * hc.warps, (unsigned)area_pub_find("001.t3.swi.hct")->value);
    /* every one is a module for `logic` and `sweep` */
    CHECK(area_desc_module("two_level_sched", NULL, NULL, 0, 0, &d, err, sizeof err) == NULL);
    CHECK(area_desc_module("lwm_subwarp", NULL, NULL, 0, 0, &d, err, sizeof err) == NULL);
    CHECK(area_desc_module("lane_shuffle", NULL, NULL, 0, 0, &d, err, sizeof err) == NULL);
    CHECK(area_desc_module("swi_sched", NULL, NULL, 0, 0, &d, err, sizeof err) == NULL);
}

int main(int argc, char **argv)
{
    test_args(argc, argv);
    RUN(simt_stack_description_follows_cfg);
    RUN(dpe_stack_and_shadow_scoreboard_descriptions);
    RUN(pc_warp_lut_description_follows_cfg);
    RUN(warp_pool_description_follows_cfg);
    RUN(hct_cct_heap_description_follows_cfg);
    RUN(lwm_tls_shuffle_swi_descriptions_follow_cfg);
    RUN(module_lookup_for_yosys);
    RUN(tsimt_descriptions_follow_cfg);
    RUN(sweep_points_are_the_modules_at_each_value);
    return test_summary();
}
