/* SPDX-License-Identifier: Apache-2.0 */
/*
 * papers_000.c -- the area report of paper 000 (dynamic warp formation):
 * Table 1's DWF structures, the register files of Fig. 10 and sec. 4.4.
 *
 * What the rows model, their sources and departures: see papers.c's header;
 * the row helpers are in papers_int.h.
 */
#include "papers.h"
#include "papers_int.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../rtl_c/dwf.h"
#include "../rtl_c/hct_cct_heap.h"
#include "../rtl_c/lwm_subwarp.h"
#include "../rtl_c/sbi_scoreboard.h"
#include "../rtl_c/swi_sched.h"
#include "../rtl_c/simt_stack.h"
#include "../rtl_c/tsimt_frontend.h"
#include "../rtl_c/tsimt_lane.h"
#include "../rtl_c/two_level_sched.h"
#include "../rtl_c/warp_pool.h"
#include "structs.h"

/* ------------------------------------------------------------------ 000 */

/* 000 Table 1, one line per DWF structure.  `desc` builds it at 000's
 * configuration (16 lanes, 256 threads per core, 32-bit PCs) from its C
 * model's cfg; NULL while there is no C model (the row then shows the
 * published figure only).  Adding a structure: its area_desc_NAME in
 * structs_000.c, a dwf_NAME below, and its `desc`/`note` here; the totals and
 * overhead notes follow from this table. */
typedef const char *(*dwf_desc_fn)(area_desc *d);

/* 000's configuration is dwf_default_cfg(): 16 lanes, 8-bit TIDs (256
 * threads per core, a pool entry per thread), 32-bit PCs, 8 bits of
 * scheduler data, DMaj with 32 slots, a 32-entry 2-way LUT (checked by the
 * tests).  Every part comes from it, through dwf_lut_cfg / dwf_pool_cfg,
 * as the composed C model and verilog/dwf.v build their units. */
static dwf_cfg dwf_cfg_000(void) { return dwf_default_cfg(); }

static const char *dwf_pc_warp_lut(area_desc *d)
{
    dwf_cfg dc = dwf_cfg_000();
    pc_warp_lut_cfg cfg = dwf_lut_cfg(&dc);
    return area_desc_pc_warp_lut(&cfg, 0, d);
}

static const char *dwf_update_regs(area_desc *d)
{
    dwf_cfg dc = dwf_cfg_000();
    return area_desc_dwf(&dc, AREA_DWF_UPDATE, 0, d);
}

static const char *dwf_pool(area_desc *d)
{
    dwf_cfg dc = dwf_cfg_000();
    warp_pool_cfg cfg = dwf_pool_cfg(&dc);
    return area_desc_warp_pool(&cfg, AREA_WP_POOL, 0, d);
}

static const char *dwf_alloc(area_desc *d)
{
    dwf_cfg dc = dwf_cfg_000();
    warp_pool_cfg cfg = dwf_pool_cfg(&dc);
    return area_desc_warp_pool(&cfg, AREA_WP_ALLOC, 0, d);
}

static const char *dwf_issue(area_desc *d)
{
    dwf_cfg dc = dwf_cfg_000();
    warp_pool_cfg cfg = dwf_pool_cfg(&dc);
    return area_desc_warp_pool(&cfg, AREA_WP_ISSUE, 0, d);
}

/* Table 1's storage column from the cfgs: what the RTL holds in the bits
 * Table 1 counts (the update registers: one TID row, see area_desc_dwf). */
static double dwf_bits(unsigned part)
{
    dwf_cfg dc = dwf_cfg_000();
    pc_warp_lut_cfg lc = dwf_lut_cfg(&dc);
    warp_pool_cfg pc = dwf_pool_cfg(&dc);
    warp_pool_bitcount b = warp_pool_bits(&pc);
    switch (part) {
    case 0: return area_dwf_update_reg_bits(&dc);
    case 1: return pc_warp_lut_table_bits(&lc);
    case 2: return b.pool;
    case 3: return b.allocator;
    default: return b.majority;
    }
}

static const struct {
    const char *label;  /* the row */
    const char *name;   /* in notes */
    const char *pub_id;
    dwf_desc_fn desc;
    const char *note;
} dwf_parts[] = {
    {"Warp update registers", "warp update registers", "000.t1.update", dwf_update_regs,
     "from dwf_cfg as verilog/dwf.v holds them: one TID row (the two sides' REQs are disjoint; "
     "Table 1 counts a row per register) + 2 x {PC, REQ of LANES bits, prio}; flip-flops, no "
     "decoder"},
    {"PC-warp LUT", "PC-warp LUT", "000.t1.lut", dwf_pc_warp_lut,
     "dwf_lut_cfg(dwf_cfg), organisation of verilog/pc_warp_lut.v: {PC, OCC} 2-way set-assoc. "
     "with 2 search, 1 debug read, 2 write ports; IDX, valid, LRU in flops, 3 IDX comparators "
     "per entry"},
    {"Warp pool", "warp pool", "000.t1.pool", dwf_pool,
     "dwf_pool_cfg(dwf_cfg), verilog/warp_pool.v: TIDs in a memory per lane (1R1W, its own "
     "decoder); {PC, sched} CAM, 1 search 3R 2W; valid/untracked flops 2R 3W; lane-valid 3R 5W; "
     "in-pool bit per thread; write checks"},
    {"Warp allocator", "warp allocator", "000.t1.alloc", dwf_alloc,
     "dwf_pool_cfg(dwf_cfg), verilog/warp_pool.v: free list 256 x 8, 2R (head, head + 1) 1W "
     "(tail); head, count, back-pressure"},
    {"Majority issue logic", "majority issue logic", "000.t1.issue", dwf_issue,
     "verilog/warp_pool.v: table 32 x {PC, count} in flops, 2 PC searches, per-slot adders, "
     "a 31-comparator pick tree; batch marks and the untracked drain"},
};
#define N_DWF_PARTS (sizeof dwf_parts / sizeof dwf_parts[0])

/* Appends the names of the DWF parts modelled (want = 1) or not (want = 0)
 * to buf, comma-separated; returns how many. */
static unsigned dwf_names(const int *modelled, int want, char *buf, size_t len)
{
    unsigned i, n = 0;
    buf[0] = '\0';
    for (i = 0; i < N_DWF_PARTS; i++) {
        size_t l = strlen(buf);
        if (!modelled[i] != !want)
            continue;
        snprintf(buf + l, len - l, "%s%s", n ? ", " : "", dwf_parts[i].name);
        n++;
    }
    return n;
}

void area_paper_000(area_paper_report *p, const area_tech *t, double s)
{
    simt_stack_cfg cfg = paper_spe_cfg(256 / 16, 16, 0); /* 16-wide SIMD, 256 threads per core */
    double stack, single, banked, dec, dwf = 0.0, issue = NAN, qlo = INFINITY, qhi = 0.0;
    int modelled[N_DWF_PARTS];
    char have[120], missing[120], note[400], why000[300]; /* notes are cut to area_row.note */
    unsigned i, nhave;
    area_row *r;
    snprintf(p->title, sizeof p->title,
             "Dynamic warp formation (Fung et al., MICRO 2007): 16 lanes, 256 threads/core");
    snprintf(p->baseline, sizeof p->baseline,
             "the 000 register file (8192 x 32 b, 2R1W) and a 480 mm^2 chip of 8 cores");
    stack = paper_spe_row(p, t, "SIMT stack (PDOM, sec. 3.2)", &cfg, RS_MODELLED);
    for (i = 0; i < N_DWF_PARTS; i++) {
        area_desc d;
        double a;
        modelled[i] = 0;
        if (!dwf_parts[i].desc) {
            paper_not_modelled(p, dwf_parts[i].label, dwf_parts[i].pub_id, s);
            continue;
        }
        r = paper_row_new(p, dwf_parts[i].label, RS_MODELLED, "mm2");
        if (dwf_parts[i].desc(&d) != NULL || isnan(a = paper_row_desc(r, t, &d))) {
            paper_row_note(r, "cfg rejected by the model's cfg_check");
        } else {
            dwf += a;
            modelled[i] = 1;
            if (strcmp(dwf_parts[i].pub_id, "000.t1.issue") == 0) {
                issue = a;
            } else {
                double q = a / (area_pub_find(dwf_parts[i].pub_id)->value * s);
                qlo = fmin(qlo, q);
                qhi = fmax(qhi, q);
            }
        }
        paper_row_pub(r, dwf_parts[i].pub_id, s);
        if (dwf_parts[i].note)
            paper_row_note(r, dwf_parts[i].note);
        /* the bare array Table 1 describes, at our constants: separates the
         * tool (CACTI 4.2 vs ours) from what the RTL adds to that array */
        paper_bare_array_row(p, t, dwf_parts[i].label, dwf_parts[i].pub_id, s);
    }
    nhave = dwf_names(modelled, 1, have, sizeof have);
    dwf_names(modelled, 0, missing, sizeof missing);
    /* Table 1's storage column */
    {
        static const char *const bit_ids[N_DWF_PARTS] = {
            "000.t1.update.bits", "000.t1.lut.bits", "000.t1.pool.bits", "000.t1.alloc.bits",
            "000.t1.issue.bits"};
        static const char *const bit_src[N_DWF_PARTS] = {
            "area_dwf_update_reg_bits(dwf_cfg)", "pc_warp_lut_table_bits(dwf_lut_cfg)",
            "warp_pool_bits(dwf_pool_cfg).pool", "warp_pool_bits(dwf_pool_cfg).allocator",
            "warp_pool_bits(dwf_pool_cfg).majority"};
        double sum = 0;
        char l[96];
        for (i = 0; i < N_DWF_PARTS; i++) {
            snprintf(l, sizeof l, "%s storage", dwf_parts[i].label);
            paper_bits_row(p, l, dwf_bits(i), bit_src[i], bit_ids[i]);
            sum += dwf_bits(i);
        }
        paper_row_note(&p->rows[p->nrows - N_DWF_PARTS],
                       "one TID row where Table 1 counts two, and a REQ bit per lane (16) where "
                       "Table 1 prints 8, plus each side's prio (8)");
        r = paper_summary(p, "DWF scheduler storage, total (Table 1)", "bits", sum);
        paper_row_pub(r, "000.t1.total.bits", 1);
        paper_row_note(r,
                       "the five storage rows above (the RTL's flags, valid bits and counters, not "
                       "in Table 1, are in the areas but not here)");
    }
    if (nhave == 0) {
        paper_not_modelled(p, "DWF scheduler total (Table 1)", "000.t1.total", s);
    } else {
        r = paper_summary(p, "DWF scheduler total (Table 1)", "mm2", dwf);
        paper_row_pub(r, "000.t1.total", s);
        r->partial = missing[0] != '\0';
        snprintf(note, sizeof note, "ours: the %s only (not modelled yet: %s), no ratio", have,
                 missing);
        if (r->partial)
            paper_row_note(r, note);
        else
            paper_row_note(r, "every Table 1 part from dwf_cfg");
        /* why about half of 000's, in numbers the report shows */
        snprintf(why000, sizeof why000,
                 "Why lower: 000's CACTI 4.2 costs the majority issue logic as a 4-search "
                 "4-write CAM, 1.511 of its 2.471 mm2 at 90 nm, where our RTL keeps that "
                 "32-entry table in flip-flops with a compare tree (%.3f mm2 at 90 nm); the "
                 "other parts are %.2f-%.2fx Table 1's (rows above)", issue / s, qlo, qhi);
        if (!r->partial && isfinite(issue))
            paper_row_note(r, why000);
    }
    /* 8192 x 32-bit registers: 16 lanes x 512, 32 per thread (lane_regfile defaults) */
    single = paper_lrf_row(p, t, "Register file, one decoder (Fig. 10c)", 16, 512, 32,
                           LRF_ORG_SINGLE_DECODER, "000.rf.single", s, 0);
    paper_lrf_row(p, t, "Register file bank, 512 x 32 b", 16, 512, 32, LRF_ORG_PER_LANE,
                  "000.rf.bank", s, 16);
    banked = paper_lrf_row(p, t, "Register file, a decoder per lane (Fig. 10d)", 16, 512, 32,
                           LRF_ORG_PER_LANE, "000.rf.banked", s, 0);
    paper_lrf_row(p, t, "Register file, crossbar (Fig. 10b)", 16, 512, 32, LRF_ORG_CROSSBAR, NULL,
                  s, 0);
    paper_lrf_energy_rows(p, t, "Register file", 16, 512, 32);
    dec = banked - single;
    r = paper_summary(p, "Per-lane decoders: register file increase", "mm2", dec);
    r->published = (area_pub_find("000.rf.banked")->value - area_pub_find("000.rf.single")->value) *
                   s;
    snprintf(r->source, sizeof r->source, "000 sec. 4.4 (6.037 - 5.7085, derived)");
    r = paper_summary(p, "Total, structures modelled from cfgs", "mm2", stack + dwf);
    if (nhave)
        snprintf(note, sizeof note, "the SIMT stack and the %s (the register files above are "
                 "the baseline)%s%s", have, missing[0] ? "; not modelled yet: " : "", missing);
    else
        snprintf(note, sizeof note, "the SIMT stack (the register files above are the "
                 "baseline); the DWF structures are not modelled yet");
    paper_row_note(r, note);
    /* 000 sec. 4.4: DWF overhead = Table 1 + the per-lane decoders */
    r = paper_summary(p, "DWF overhead per core", "mm2", dec + dwf);
    paper_row_pub(r, "000.dwf.core", s);
    snprintf(r->mech, sizeof r->mech, "DWF: Table 1 + per-lane decoders");
    {
        const area_result *plus[8], *minus[1];
        unsigned k, np = 0;
        plus[np++] = paper_row_detail(p, "Register file, a decoder per lane (Fig. 10d)");
        for (k = 0; k < sizeof dwf_parts / sizeof dwf_parts[0] && np < 8; k++)
            plus[np++] = paper_row_detail(p, dwf_parts[k].label);
        minus[0] = paper_row_detail(p, "Register file, one decoder (Fig. 10c)");
        paper_mech_detail(r, plus, np, minus, 1);
    }
    r->partial = missing[0] != '\0';
    if (r->partial) {
        snprintf(note, sizeof note, "ours: register-file decoders%s%s (not modelled yet: %s), "
                 "no ratio", nhave ? " + " : " only", have, missing);
        paper_row_note(r, note);
    } else {
        paper_row_note(r, "as 000 sec. 4.4: Table 1's parts + the per-lane register-file decoders");
        if (isfinite(issue))
            paper_row_note(r, why000);
    }
    r = paper_summary(p, "DWF overhead, 8 cores", "mm2", 8.0 * (dec + dwf));
    paper_row_pub(r, "000.dwf.8cores", s);
    r->partial = missing[0] != '\0';
    paper_row_note(r, "8 x the DWF overhead per core");
    r = paper_summary(p, "Overhead of a 480 mm^2 chip, 8 cores", "%",
                      8.0 * (dec + dwf) / (480.0 * s) * 100.0);
    paper_row_pub(r, "000.dwf.chip", s);
    r->partial = missing[0] != '\0';
    if (r->partial) {
        snprintf(note, sizeof note, "ours: register-file decoders%s%s, no ratio",
                 nhave ? " + " : " only", have);
        paper_row_note(r, note);
    } else {
        paper_row_note(r, "8 x the DWF overhead per core / 480 mm^2");
        if (isfinite(issue))
            paper_row_note(r, why000);
    }
    paper_finish(p);
}
