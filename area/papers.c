/* SPDX-License-Identifier: Apache-2.0 */
/*
 * papers.c -- the table of published figures and the helpers of the
 * per-paper reports (rows, summaries, the rows every paper builds alike).
 * Each paper's report is built in papers_NNN.c (area_paper_000 ... _004).
 *
 * What it models: for each paper, the rows of its area report (see
 * report.h): structures modelled from their cfg (the SPE stack at each
 * paper's configuration, the DPE stack, the shadow scoreboard, the lane
 * register file, 000's DWF structures that have a C model, each beside the
 * bare array Table 1 describes for it, 001's HCT and CCT, also with every
 * array in flip-flops as a synthesis flow builds them, and their Table 3
 * storage, 002 Table I's register files from the TSIMT core's cfg),
 * baselines described from the paper's stated geometry (register files),
 * and published-only rows for structures not modelled
 * yet.  Sources: SPEC sec. 6 and the
 * papers' sections named in the table.  Validity: the configurations are
 * the papers' (000: 16 lanes, 256 threads per core; 001: Fermi SM, 48
 * warps of 32; 002: 8 lanes; 003: 48 warps of 32; 004: 32 lanes, 1024
 * threads).  Departures: 003 and 004 give no process node; their figures
 * are computed at 40 nm (Fermi's), which the report says.  Register-file
 * port counts not stated by a paper are taken as 2R1W, as 000 states for
 * its own.
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

/* geometry helper for the table */
#define GEOM(k, n, w, rw_, rd_, wr_, se, b, wy, tg)                                              \
    1, { (k), (n), (w), (rw_), (rd_), (wr_), (se), (b), (wy), (tg) }
#define NOGEOM 0, { AK_RAM, 0, 0, 0, 0, 0, 0, 0, 0, 0 }

static const area_pub pubs[] = {
    /* 000 Table 1 and sec. 4.4: CACTI 4.2, 90 nm, 16-wide, 256 threads per core */
    {"000.t1.update", "000", "Warp update registers (2 x 168 b, no decoder)", 0.008, "mm2", 90,
     "CACTI 4.2", "Table 1", GEOM(AK_FF, 2, 168, 0, 0, 1, 0, 1, 0, 0)},
    {"000.t1.lut", "000", "PC-warp LUT (32 x 56 b, 2-way, 2RP 2WP)", 0.189, "mm2", 90, "CACTI 4.2",
     "Table 1", GEOM(AK_CAM, 32, 56, 0, 0, 2, 2, 1, 2, 32)},
    {"000.t1.pool", "000", "Warp pool (256 x 168 b, 17 decoders, 1RWP 2WP)", 0.702, "mm2", 90,
     "CACTI 4.2", "Table 1", GEOM(AK_RAM, 4352, 10, 1, 0, 2, 0, 17, 0, 0)},
    {"000.t1.alloc", "000", "Warp allocator (256 x 8 b)", 0.061, "mm2", 90, "CACTI 4.2", "Table 1",
     GEOM(AK_RAM, 256, 8, 0, 1, 1, 0, 1, 0, 0)},
    {"000.t1.issue", "000", "Majority issue logic (32 x 40 b, fully assoc., 4RP 4WP)", 1.511,
     "mm2", 90, "CACTI 4.2", "Table 1", GEOM(AK_CAM, 32, 40, 0, 0, 4, 4, 1, 0, 32)},
    {"000.t1.total", "000", "DWF scheduler total", 2.471, "mm2", 90, "CACTI 4.2", "Table 1",
     NOGEOM},
    /* Table 1's storage column (bits) and sec. 4.4's total for 8 cores */
    {"000.t1.update.bits", "000", "Warp update registers storage (2 x {TIDs 16 x 8, PC 32, REQ 8})",
     336, "bits", 0, "text", "Table 1", NOGEOM},
    {"000.t1.lut.bits", "000", "PC-warp LUT storage (32 x {PC 32, OCC 16, IDX 8})", 1792, "bits",
     0, "text", "Table 1", NOGEOM},
    {"000.t1.pool.bits", "000", "Warp pool storage (256 x {TIDs 16 x 8, PC 32, sched 8})", 43008,
     "bits", 0, "text", "Table 1", NOGEOM},
    {"000.t1.alloc.bits", "000", "Warp allocator storage (256 x IDX 8)", 2048, "bits", 0, "text",
     "Table 1", NOGEOM},
    {"000.t1.issue.bits", "000", "Majority issue logic storage (32 x {PC 32, count 8})", 1280,
     "bits", 0, "text", "Table 1", NOGEOM},
    {"000.t1.total.bits", "000", "DWF scheduler storage, total", 48464, "bits", 0, "text",
     "Table 1", NOGEOM},
    {"000.rf.single", "000", "Register file 8192 x 32 b, one decoder, 2R1W", 5.7085, "mm2", 90,
     "CACTI 4.2", "sec. 4.4", GEOM(AK_RAM, 512, 512, 0, 2, 1, 0, 1, 0, 0)},
    {"000.rf.bank", "000", "Register file bank 512 x 32 b, 2R1W", 0.3773, "mm2", 90, "CACTI 4.2",
     "sec. 4.4", GEOM(AK_RAM, 512, 32, 0, 2, 1, 0, 1, 0, 0)},
    {"000.rf.banked", "000", "Register file 16 banks of 512 x 32 b, 2R1W", 6.037, "mm2", 90,
     "CACTI 4.2", "sec. 4.4", NOGEOM},
    {"000.dwf.core", "000", "DWF overhead per core", 2.799, "mm2", 90, "CACTI 4.2", "sec. 4.4",
     NOGEOM},
    {"000.dwf.chip", "000", "DWF overhead, 8 cores of a 480 mm^2 chip", 4.7, "%", 90, "CACTI 4.2",
     "sec. 4.4", NOGEOM},
    {"000.dwf.8cores", "000", "DWF overhead, 8 cores", 22.39, "mm2", 90, "CACTI 4.2", "sec. 4.4",
     NOGEOM},
    /* 001 Tables 3-4: synthesis, scaled to 40 nm; x1000 um^2 converted to mm^2 */
    {"001.t4.base.scoreboard", "001", "Scoreboard, baseline (2 x 24 x 48 b)", 0.0876, "mm2", 40,
     "synthesis", "Table 4", NOGEOM},
    {"001.t4.base.hct", "001", "Warp pool, baseline (2 x 24 x 64 b)", 0.0668, "mm2", 40,
     "synthesis", "Table 4", NOGEOM},
    {"001.t4.base.stack", "001", "Stack, baseline (144 x 256 b)", 0.5844, "mm2", 40, "synthesis",
     "Table 4", NOGEOM},
    {"001.t4.base.ibuf", "001", "Instruction buffer, baseline (48 x 64 b)", 0.0528, "mm2", 40,
     "synthesis", "Table 4", NOGEOM},
    {"001.t4.sbi.scoreboard", "001", "Scoreboard, SBI (24 x 144 b)", 0.0656, "mm2", 40,
     "synthesis", "Table 4", NOGEOM},
    {"001.t4.sbi.hct", "001", "HCT, SBI (24 x 201 b)", 0.0888, "mm2", 40, "synthesis", "Table 4",
     NOGEOM},
    {"001.t4.sbi.cct", "001", "CCT, SBI (128 x 104 b)", 0.4808, "mm2", 40, "synthesis", "Table 4",
     NOGEOM},
    {"001.t3.hct", "001", "HCT storage, SBI (24 x 201 b)", 4824, "bits", 0, "text", "Table 3",
     NOGEOM},
    {"001.t3.cct", "001", "CCT storage, SBI (128 x 104 b)", 13312, "bits", 0, "text", "Table 3",
     NOGEOM},
    {"001.t4.rf", "001", "Register file segmentation (per-lane decoders)", 0.570, "mm2", 40,
     "scaled from 000", "sec. 5.2, Table 4", NOGEOM},
    {"001.pct.sbi", "001", "SBI overhead of a 15.6 mm^2 SM", 3.0, "%", 40, "synthesis", "sec. 5.2",
     NOGEOM},
    {"001.pct.swi", "001", "SWI overhead of a 15.6 mm^2 SM", 2.9, "%", 40, "synthesis", "sec. 5.2",
     NOGEOM},
    {"001.pct.both", "001", "SBI+SWI overhead of a 15.6 mm^2 SM", 3.7, "%", 40, "synthesis",
     "sec. 5.2", NOGEOM},
    /* the rest of 001 Table 4 (x1000 um^2 as mm^2): totals, overheads and
     * the SWI and SBI+SWI columns */
#define T4(col, comp, lab, v) \
    {"001.t4." col "." comp, "001", lab, v, "mm2", 40, "synthesis", "Table 4", NOGEOM}
    T4("base", "total", "Total, baseline", 0.7916),
    T4("sbi", "ibuf", "Instruction buffer, SBI (48 x 64 b)", 0.0528),
    T4("sbi", "total", "Total, SBI", 1.258),
    T4("sbi", "overhead", "Overhead, SBI", 0.4664),
    T4("swi", "rf", "Register file segmentation, SWI", 0.570),
    T4("swi", "scoreboard", "Scoreboard, SWI (2 x 24 x 48 b)", 0.0876),
    T4("swi", "scheduler", "Scheduler, SWI (associative lookup)", 0.0274),
    T4("swi", "hct", "HCT, SWI (24 x 104 b)", 0.0438),
    T4("swi", "cct", "CCT, SWI (128 x 104 b)", 0.4808),
    T4("swi", "ibuf", "Instruction buffer, SWI (24 x 64 b, dual-ported)", 0.0334),
    T4("swi", "total", "Total, SWI", 1.243),
    T4("swi", "overhead", "Overhead, SWI", 0.4514),
    T4("both", "rf", "Register file segmentation, SBI+SWI", 0.570),
    T4("both", "scoreboard", "Scoreboard, SBI+SWI (24 x 288 b)", 0.1312),
    T4("both", "scheduler", "Scheduler, SBI+SWI (associative lookup)", 0.0274),
    T4("both", "hct", "HCT, SBI+SWI (24 x 201 b, banked)", 0.0888),
    T4("both", "cct", "CCT, SBI+SWI (128 x 104 b)", 0.4808),
    T4("both", "ibuf", "Instruction buffer, SBI+SWI (48 x 64 b, dual-ported)", 0.0674),
    T4("both", "total", "Total, SBI+SWI", 1.3656),
    T4("both", "overhead", "Overhead, SBI+SWI", 0.574),
#undef T4
    /* 001 Table 3's sizes as bits */
#define T3(id, lab, v) {id, "001", lab, v, "bits", 0, "text", "Table 3", NOGEOM}
    T3("001.t3.base.scoreboard", "Scoreboard storage, baseline (2 x 24 x 48 b)", 2304),
    T3("001.t3.sbi.scoreboard", "Scoreboard storage, SBI (24 x 144 b)", 3456),
    T3("001.t3.swi.scoreboard", "Scoreboard storage, SWI (2 x 24 x 48 b)", 2304),
    T3("001.t3.both.scoreboard", "Scoreboard storage, SBI+SWI (24 x 288 b)", 6912),
    T3("001.t3.base.pool", "Warp pool storage, baseline (2 x 24 x 64 b)", 3072),
    T3("001.t3.swi.hct", "HCT storage, SWI (24 x 104 b)", 2496),
    T3("001.t3.both.hct", "HCT storage, SBI+SWI (24 x 201 b, banked)", 4824),
    T3("001.t3.base.stack", "Stack storage, baseline (144 x 256 b)", 36864),
    T3("001.t3.swi.cct", "CCT storage, SWI (128 x 104 b)", 13312),
    T3("001.t3.both.cct", "CCT storage, SBI+SWI (128 x 104 b)", 13312),
    T3("001.t3.base.ibuf", "Instruction buffer storage, baseline (48 x 64 b)", 3072),
    T3("001.t3.sbi.ibuf", "Instruction buffer storage, SBI (48 x 64 b)", 3072),
    T3("001.t3.swi.ibuf", "Instruction buffer storage, SWI (24 x 64 b, dual-ported)", 1536),
    T3("001.t3.both.ibuf", "Instruction buffer storage, SBI+SWI (48 x 64 b, dual-ported)", 3072),
#undef T3
    /* 002 Table I: CACTI 6.5, 40 nm */
    {"002.t1.bank256", "002", "SRAM bank 8 KB at 256 b (one of 8)", 0.0296, "mm2", 40, "CACTI 6.5",
     "Table I", GEOM(AK_RAM, 256, 256, 1, 0, 0, 0, 1, 0, 0)},
    {"002.t1.banks256", "002", "SRAM, 8 banks of 8 KB at 256 b", 0.2365, "mm2", 40, "CACTI 6.5",
     "Table I", NOGEOM},
    {"002.t1.xbar256", "002", "Crossbar 8x8 at 256 b", 2.0302, "mm2", 40, "CACTI 6.5", "Table I",
     NOGEOM},
    {"002.t1.total256", "002", "Monolithic 256-bit register file total", 2.2667, "mm2", 40,
     "CACTI 6.5", "Table I", NOGEOM},
    {"002.t1.bank32", "002", "SRAM bank 1 KB at 32 b (one of 64)", 0.0036, "mm2", 40, "CACTI 6.5",
     "Table I", GEOM(AK_RAM, 256, 32, 1, 0, 0, 0, 1, 0, 0)},
    {"002.t1.banks32", "002", "SRAM, 64 banks of 1 KB at 32 b", 0.2279, "mm2", 40, "CACTI 6.5",
     "Table I", NOGEOM},
    {"002.t1.xbar32", "002", "Crossbar 8x8 at 32 b (one of 8)", 0.0333, "mm2", 40, "CACTI 6.5",
     "Table I", NOGEOM},
    {"002.t1.xbars32", "002", "Crossbars, 8 of 8x8 at 32 b", 0.2664, "mm2", 40, "CACTI 6.5",
     "Table I", NOGEOM},
    {"002.t1.total32", "002", "8 x 32-bit lane register files total", 0.4943, "mm2", 40,
     "CACTI 6.5", "Table I", NOGEOM},
    /* 003 sec. 6.5 */
    {"003.entry.spe", "003", "SPE stack entry", 96, "bits", 0, "text", "sec. 6.5", NOGEOM},
    {"003.entry.dpe", "003", "DPE stack entry", 160, "bits", 0, "text", "sec. 6.5", NOGEOM},
    {"003.shadow.lo", "003", "Shadow bits, share of scoreboard storage (low)", 7, "%", 0, "text",
     "sec. 6.5", NOGEOM},
    {"003.shadow.hi", "003", "Shadow bits, share of scoreboard storage (high)", 14, "%", 0, "text",
     "sec. 6.5", NOGEOM},
    {"003.depth.spe", "003", "Deepest SPE stack observed", 11, "entries", 0, "text", "sec. 6.5",
     NOGEOM},
    {"003.depth.dpe", "003", "Deepest DPE stack observed", 7, "entries", 0, "text", "sec. 6.5",
     NOGEOM},
    {"003.entry.pc", "003", "PC and mask bits per path in a DPE entry", 32, "bits", 0, "text",
     "sec. 6.5", NOGEOM},
    {"003.regs.lo", "003", "Registers per thread, Fermi", 64, "regs", 0, "text", "sec. 6.5",
     NOGEOM},
    {"003.regs.hi", "003", "Registers per thread, Kepler", 256, "regs", 0, "text", "sec. 6.5",
     NOGEOM},
    {"003.bench", "003", "Benchmarks evaluated in detail", 14, "count", 0, "text", "sec. 6.5",
     NOGEOM},
    /* 004 sec. 3.4 */
    {"004.lwm.bits", "004", "Large-warp extra storage per core (256+512+1024 = 224 bytes)", 1792,
     "bits", 0, "text", "sec. 3.4", NOGEOM},
    {"004.lwm.copy", "004", "Sub-warping copy of the active mask (256-thread large warp)", 256,
     "bits", 0, "text", "sec. 3.4", NOGEOM},
    {"004.lwm.tmp", "004", "Temporary active-mask buffers, one per branch path", 512, "bits", 0,
     "text", "sec. 3.4", NOGEOM},
    {"004.lwm.inflight", "004", "In-flight bit per thread (1024 threads)", 1024, "bits", 0, "text",
     "sec. 3.4", NOGEOM},
    {"004.tls.bits", "004", "Two-level scheduling extra storage", 0, "bits", 0, "text",
     "sec. 3.4", NOGEOM},
    {"004.rf.lo", "004", "Per-lane decoders, register file increase [10] (low)", 11, "%", 0,
     "text", "sec. 3.4", NOGEOM},
    {"004.rf.hi", "004", "Per-lane decoders, register file increase [10] (high)", 18, "%", 0,
     "text", "sec. 3.4", NOGEOM},
    {"004.rf.fung", "004", "Per-lane decoders, register file increase [8]", 18.7, "%", 0, "text",
     "sec. 3.4", NOGEOM},
    {"004.chip.lo", "004", "Per-lane decoders, chip area [10] (low)", 1.5, "%", 0, "text",
     "sec. 3.4", NOGEOM},
    {"004.chip.hi", "004", "Per-lane decoders, chip area [10] (high)", 3, "%", 0, "text",
     "sec. 3.4", NOGEOM},
    {"004.chip.fung", "004", "Per-lane decoders, GPU area [8]", 2.5, "%", 0, "text", "sec. 3.4",
     NOGEOM},
};

const area_pub *area_pubs(unsigned *n)
{
    if (n)
        *n = (unsigned)(sizeof pubs / sizeof pubs[0]);
    return pubs;
}

const area_pub *area_pub_find(const char *id)
{
    unsigned i, n;
    const area_pub *p = area_pubs(&n);
    for (i = 0; i < n; i++)
        if (strcmp(p[i].id, id) == 0)
            return &p[i];
    return NULL;
}

unsigned area_refs_write(FILE *f, const char *paper)
{
    unsigned i, n, rows = 0;
    const area_pub *p = area_pubs(&n);
    fprintf(f, "# published single-array areas (SPEC sec. 6), for `area calibrate --refs`\n");
    fprintf(f, "kind,tech_nm,entries,width_bits,rw_ports,rd_ports,wr_ports,search_ports,banks,"
               "area_mm2,ways,tag_bits,label\n");
    for (i = 0; i < n; i++) {
        const area_array *g = &p[i].geom;
        if (!p[i].has_geom)
            continue;
        if (strcmp(paper, "all") != 0 && strcmp(paper, p[i].paper) != 0)
            continue;
        fprintf(f, "%s,%g,%lu,%u,%u,%u,%u,%u,%u,%g,%u,%u,%s %s: %s\n", area_kind_name(g->kind),
                p[i].nm, g->entries, g->width, g->rw, g->rd, g->wr, g->search, g->banks,
                p[i].value, g->ways, g->tag_bits, p[i].paper, p[i].where, p[i].id);
        rows++;
    }
    return rows;
}

/* ------------------------------------------------------------ row helpers */

area_row *paper_row_new(area_paper_report *p, const char *label, area_row_status st,
                        const char *unit)
{
    area_row *r;
    if (p->nrows >= AREA_REPORT_MAX_ROWS)
        return &p->rows[AREA_REPORT_MAX_ROWS - 1]; /* never: builders stay below */
    r = &p->rows[p->nrows++];
    memset(r, 0, sizeof *r);
    snprintf(r->label, sizeof r->label, "%s", label);
    snprintf(r->unit, sizeof r->unit, "%s", unit);
    r->status = st;
    r->ours = NAN;
    r->published = NAN;
    r->ratio = NAN;
    return r;
}

/* Sets the published figure `id`; mm2 figures are scaled by `scale`. */
void paper_row_pub(area_row *r, const char *id, double scale)
{
    const area_pub *p = area_pub_find(id);
    if (!p)
        return;
    r->published = strcmp(p->unit, "mm2") == 0 ? p->value * scale : p->value;
    if (p->nm > 0)
        snprintf(r->source, sizeof r->source, "%s %s (%s, %g nm)", p->paper, p->where, p->tool,
                 p->nm);
    else
        snprintf(r->source, sizeof r->source, "%s %s", p->paper, p->where);
    if (strcmp(p->unit, "mm2") == 0 && fabs(scale - 1.0) > 1e-9)
        snprintf(r->note + strlen(r->note), sizeof r->note - strlen(r->note),
                 "%spublished scaled by F^2 from %g nm", r->note[0] ? "; " : "", p->nm);
}

void paper_row_note(area_row *r, const char *note)
{
    size_t l = strlen(r->note);
    snprintf(r->note + l, sizeof r->note - l, "%s%s", l ? "; " : "", note);
}

double paper_row_desc(area_row *r, const area_tech *t, const area_desc *d)
{
    area_result res;
    if (area_desc_eval(t, d, &res, NULL))
        return NAN;
    r->ours = res.total_mm2;
    r->detail = res;
    r->has_detail = 1;
    snprintf(r->config, sizeof r->config, "%s", d->config);
    return res.total_mm2;
}

/* ------------------------------------------------ mechanisms' energy */

/* Our breakdown of the row labelled `label` in this paper (NULL if none). */
const area_result *paper_row_detail(const area_paper_report *p, const char *label)
{
    unsigned i;
    for (i = 0; i < p->nrows; i++)
        if (strcmp(p->rows[i].label, label) == 0)
            return p->rows[i].has_detail ? &p->rows[i].detail : NULL;
    return NULL;
}

/* A row that is `times` copies (or a share) of a structure costed once:
 * its breakdown, energy included, is that one's scaled. */
void paper_row_scaled(area_row *r, const area_result *one, double times)
{
    if (!one)
        return;
    area_result_zero(&r->detail);
    r->detail.kind = one->kind;
    area_result_add(&r->detail, one, times);
    r->has_detail = 1;
}

/* A mechanism row's breakdown, energy included (issue 29): the sum of the
 * `plus` results less the `minus` ones, so that the one-node view puts
 * its energy beside its area.  Left without one if any part is missing. */
void paper_mech_detail(area_row *r, const area_result *const *plus, unsigned np,
                       const area_result *const *minus, unsigned nm)
{
    area_result d;
    unsigned i;
    for (i = 0; i < np; i++)
        if (!plus[i])
            return;
    for (i = 0; i < nm; i++)
        if (!minus[i])
            return;
    area_result_zero(&d);
    d.kind = AK_LOGIC;
    for (i = 0; i < np; i++)
        area_result_add(&d, plus[i], 1.0);
    for (i = 0; i < nm; i++)
        area_result_add(&d, minus[i], -1.0);
    r->detail = d;
    r->has_detail = 1;
    area_result_zero(&r->base);
    r->base.kind = AK_LOGIC;
    for (i = 0; i < nm; i++)
        area_result_add(&r->base, minus[i], 1.0);
    r->has_base = 1;
}

/* Area and energy of each mechanism over the baseline parts it is measured
 * against (its row's `mech`, paper_mech_detail's minus), side by side (issue 29
 * sec. 4): area, one access of every part (read of every array once plus
 * one logic operation) and leakage, as percentages of the baseline's.  The
 * run-level energy of a mechanism (dynamic + leakage over a kernel) is
 * build/simt's energy_overhead_pct; 002 Fig. 12's is in docs/energy.md. */
static void mech_overheads(area_paper_report *p)
{
    unsigned i, n = p->nrows;
    for (i = 0; i < n; i++) {
        const area_row *m = &p->rows[i];
        const area_result *a = &m->detail, *b = &m->base;
        char lab[96], note[300];
        area_row *r;
        if (!m->mech[0] || !m->has_base || !m->has_detail || b->total_mm2 <= 0 ||
            b->read_nj + b->op_nj <= 0 || b->leak_mw <= 0)
            continue;
        snprintf(lab, sizeof lab, "%.48s: area over its baseline", m->mech);
        r = paper_summary(p, lab, "%", 100.0 * a->total_mm2 / b->total_mm2);
        snprintf(note, sizeof note, "%.4g mm2 added over %.4g mm2 of baseline parts (%.60s)",
                 a->total_mm2, b->total_mm2, m->label);
        paper_row_note(r, note);
        snprintf(lab, sizeof lab, "%.48s: energy over its baseline", m->mech);
        r = paper_summary(p, lab, "%", 100.0 * (a->read_nj + a->op_nj) / (b->read_nj + b->op_nj));
        snprintf(note, sizeof note,
                 "one access of every part: %+.4g nJ over %.4g nJ; leakage %+.4g mW over %.4g mW "
                 "(%+.1f%%); a run's energy: build/simt energy_overhead_pct",
                 a->read_nj + a->op_nj, b->read_nj + b->op_nj, a->leak_mw, b->leak_mw,
                 100.0 * a->leak_mw / b->leak_mw);
        paper_row_note(r, note);
    }
}

void paper_finish(area_paper_report *p)
{
    unsigned i;
    mech_overheads(p);
    for (i = 0; i < p->nrows; i++) {
        area_row *r = &p->rows[i];
        if (!r->partial && !isnan(r->ours) && !isnan(r->published) && r->published != 0)
            r->ratio = r->ours / r->published;
    }
}

void paper_not_modelled(area_paper_report *p, const char *label, const char *id, double scale)
{
    area_row *r = paper_row_new(p, label, RS_NOT_MODELLED, area_pub_find(id)->unit);
    paper_row_pub(r, id, scale);
}

/* The papers' stacks push always: MERGE = 0 (merge on push is the SM
 * model's departure, key stack_merge; area/README.md gives its cost). */
simt_stack_cfg paper_spe_cfg(unsigned warps, unsigned lanes, unsigned depth)
{
    simt_stack_cfg c = simt_stack_default_cfg();
    c.merge = 0;
    if (warps)
        c.warps = warps;
    if (lanes)
        c.lanes = lanes;
    if (depth)
        c.depth = depth;
    return c;
}

double paper_spe_row(area_paper_report *p, const area_tech *t, const char *label,
                     const simt_stack_cfg *cfg, area_row_status st)
{
    area_desc d;
    area_row *r = paper_row_new(p, label, st, "mm2");
    if (area_desc_simt_stack(cfg, 0, &d)) {
        paper_row_note(r, "cfg rejected by simt_stack_cfg_check");
        return NAN;
    }
    return paper_row_desc(r, t, &d);
}

static double rf_row(area_paper_report *p, const area_tech *t, const char *label,
                     unsigned long regs, unsigned width, unsigned lanes, unsigned rd, unsigned wr,
                     int single, const char *pub_id, double scale, double divide)
{
    area_desc d;
    area_row *r = paper_row_new(p, label, RS_BASELINE, "mm2");
    double a;
    area_desc_regfile(&d, label, regs, width, lanes, rd, wr, single);
    a = paper_row_desc(r, t, &d);
    if (divide > 1) {
        area_result whole = r->detail;
        r->ours = a / divide;
        snprintf(r->config, sizeof r->config, "one of %g banks of %lu x %u-bit, %uR%uW", divide,
                 regs / lanes, width, rd, wr);
        paper_row_scaled(r, &whole, 1.0 / divide);
    }
    if (pub_id)
        paper_row_pub(r, pub_id, scale);
    return a;
}

/* A register file of `lanes` banks of `entries` x 32 bits, 2R1W: from
 * lane_regfile_cfg, or described directly from the paper's geometry where
 * that cfg rejects the point.  divide > 1: one bank's share. */
double paper_lrf_row(area_paper_report *p, const area_tech *t, const char *label, unsigned lanes,
                     unsigned entries, unsigned regs, area_lrf_org org, const char *pub_id,
                     double scale, double divide)
{
    area_desc d;
    area_row *r;
    double a;
    if (area_desc_lane_regfile(lanes, entries, 32, regs, org, 0, &d) != NULL) {
        if (org == LRF_ORG_CROSSBAR)
            return NAN;
        return rf_row(p, t, label, (unsigned long)lanes * entries, 32, lanes, 2, 1,
                      org == LRF_ORG_SINGLE_DECODER, pub_id, scale, divide);
    }
    r = paper_row_new(p, label, RS_MODELLED, "mm2");
    a = paper_row_desc(r, t, &d);
    if (divide > 1) {
        area_result whole = r->detail;
        r->ours = a / divide;
        snprintf(r->config, sizeof r->config, "one of %g lanes: %.120s", divide, d.config);
        paper_row_scaled(r, &whole, 1.0 / divide);
    }
    if (pub_id)
        paper_row_pub(r, pub_id, scale);
    return a;
}

/* Energy per access of the register-file organisations 000 Fig. 10 and 004
 * Fig. 5 compare (issue 29): one paper_summary row (pJ) per organisation, the
 * read of one register of a whole warp; the note adds a write, the read of
 * ONE active thread's register (a single decoder still reads the whole row
 * of every lane; a per-lane or crossbar file one bank, plus for the
 * crossbar one transfer each way), the leakage and the area. */
void paper_lrf_energy_rows(area_paper_report *p, const area_tech *t, const char *what,
                           unsigned lanes, unsigned entries, unsigned regs)
{
    static const char *const org_label[] = {"one decoder", "a decoder per lane", "crossbar"};
    area_desc d;
    area_energy_report er;
    for (unsigned org = LRF_ORG_SINGLE_DECODER; org <= LRF_ORG_CROSSBAR; org++) {
        if (area_desc_lane_regfile(lanes, entries, 32, regs, (area_lrf_org)org, 0, &d) ||
            area_desc_energy(t, &d, &er))
            continue;
        double thread = er.read_nj, xfer = 0;
        for (unsigned i = 0; i < d.n; i++) {
            if (d.item[i].type == AI_ARRAY && d.item[i].lockstep && d.item[i].arr.banks > 1)
                thread = er.item[i].read_nj / d.item[i].arr.banks * d.item[i].count;
            if (d.item[i].type == AI_XBAR && xfer == 0)
                xfer = er.item[i].op_nj; /* one transfer of one crossbar */
        }
        char label[96], note[300];
        snprintf(label, sizeof label, "%s read energy, %s", what, org_label[org]);
        area_row *r = paper_summary(p, label, "pJ", 1e3 * (er.read_nj + er.op_nj));
        snprintf(r->config, sizeof r->config, "%.190s", d.config);
        snprintf(note, sizeof note,
                 "one register of every lane (logic included); write %.1f pJ; one active "
                 "thread's register %.1f pJ%s; leakage %.3g mW; area %.4g mm2",
                 1e3 * (er.write_nj + er.op_nj), 1e3 * (thread + 2 * xfer),
                 org == LRF_ORG_SINGLE_DECODER ? " (the whole row)"
                 : org == LRF_ORG_CROSSBAR    ? " (a bank + a transfer each way)"
                                              : " (its bank)",
                 er.leak_mw, er.area_mm2);
        paper_row_note(r, note);
    }
}

/* "<label>: the paper's array alone": our area of the single array the
 * published figure `pub_id` describes (its calibration geometry), beside
 * that figure.  Nothing when the figure has no geometry. */
void paper_bare_array_row(area_paper_report *p, const area_tech *t, const char *label,
                          const char *pub_id, double scale)
{
    const area_pub *pub = area_pub_find(pub_id);
    const area_array *g;
    area_result res;
    area_row *r;
    char l[96];
    if (!pub || !pub->has_geom)
        return;
    g = &pub->geom;
    if (area_array_eval(t, g, &res))
        return;
    snprintf(l, sizeof l, "%.60s: %s's array alone", label, pub->where);
    r = paper_row_new(p, l, RS_BASELINE, "mm2");
    r->ours = res.total_mm2;
    r->detail = res;
    r->has_detail = 1;
    snprintf(r->config, sizeof r->config,
             "%s's geometry: %s %lu x %u b, %u-way, tag %u b, ports %uRW %uR %uW %uS",
             pub->where, area_kind_name(g->kind), g->entries, g->width, g->ways, g->tag_bits,
             g->rw, g->rd, g->wr, g->search);
    paper_row_pub(r, pub_id, scale);
    paper_row_note(r, "ours for the bare array the figure describes (none of the RTL's additions): "
                      "how far our constants are from the tool's");
}

area_row *paper_summary(area_paper_report *p, const char *label, const char *unit, double ours)
{
    area_row *r = paper_row_new(p, label, RS_SUMMARY, unit);
    r->ours = ours;
    return r;
}

/* A storage row (bits) from a cfg's bit count, beside a published size. */
void paper_bits_row(area_paper_report *p, const char *label, double bits, const char *config,
                    const char *pub_id)
{
    area_row *r = paper_row_new(p, label, RS_MODELLED, "bits");
    r->ours = bits;
    snprintf(r->config, sizeof r->config, "%s", config);
    paper_row_pub(r, pub_id, 1);
}

/* A published figure whose structure is not modelled: its status names the
 * structure that will model it (or says that none is planned).  When that
 * structure lands, its row becomes a `paper_row_desc` from its area_desc_NAME. */
area_row *paper_pending(area_paper_report *p, const char *label, const char *id, double scale,
                        const char *why)
{
    area_row *r = paper_row_new(p, label, RS_NOT_MODELLED, area_pub_find(id)->unit);
    char note[240];
    paper_row_pub(r, id, scale);
    snprintf(note, sizeof note, "not modelled yet: %s", why);
    paper_row_note(r, note);
    return r;
}

