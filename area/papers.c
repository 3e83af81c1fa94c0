/* SPDX-License-Identifier: Apache-2.0 */
/*
 * papers.c -- the table of published figures and the per-paper reports.
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

static area_row *row_new(area_paper_report *p, const char *label, area_row_status st,
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
static void row_pub(area_row *r, const char *id, double scale)
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

static void row_note(area_row *r, const char *note)
{
    size_t l = strlen(r->note);
    snprintf(r->note + l, sizeof r->note - l, "%s%s", l ? "; " : "", note);
}

static double row_desc(area_row *r, const area_tech *t, const area_desc *d)
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
static const area_result *row_detail(const area_paper_report *p, const char *label)
{
    unsigned i;
    for (i = 0; i < p->nrows; i++)
        if (strcmp(p->rows[i].label, label) == 0)
            return p->rows[i].has_detail ? &p->rows[i].detail : NULL;
    return NULL;
}

/* A row that is `times` copies (or a share) of a structure costed once:
 * its breakdown, energy included, is that one's scaled. */
static void row_scaled(area_row *r, const area_result *one, double times)
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
static void mech_detail(area_row *r, const area_result *const *plus, unsigned np,
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

static area_row *summary(area_paper_report *p, const char *label, const char *unit, double ours);

/* Area and energy of each mechanism over the baseline parts it is measured
 * against (its row's `mech`, mech_detail's minus), side by side (issue 29
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
        r = summary(p, lab, "%", 100.0 * a->total_mm2 / b->total_mm2);
        snprintf(note, sizeof note, "%.4g mm2 added over %.4g mm2 of baseline parts (%.60s)",
                 a->total_mm2, b->total_mm2, m->label);
        row_note(r, note);
        snprintf(lab, sizeof lab, "%.48s: energy over its baseline", m->mech);
        r = summary(p, lab, "%", 100.0 * (a->read_nj + a->op_nj) / (b->read_nj + b->op_nj));
        snprintf(note, sizeof note,
                 "one access of every part: %+.4g nJ over %.4g nJ; leakage %+.4g mW over %.4g mW "
                 "(%+.1f%%); a run's energy: build/simt energy_overhead_pct",
                 a->read_nj + a->op_nj, b->read_nj + b->op_nj, a->leak_mw, b->leak_mw,
                 100.0 * a->leak_mw / b->leak_mw);
        row_note(r, note);
    }
}

static void finish(area_paper_report *p)
{
    unsigned i;
    mech_overheads(p);
    for (i = 0; i < p->nrows; i++) {
        area_row *r = &p->rows[i];
        if (!r->partial && !isnan(r->ours) && !isnan(r->published) && r->published != 0)
            r->ratio = r->ours / r->published;
    }
}

static void not_modelled(area_paper_report *p, const char *label, const char *id, double scale)
{
    area_row *r = row_new(p, label, RS_NOT_MODELLED, area_pub_find(id)->unit);
    row_pub(r, id, scale);
}

static simt_stack_cfg spe_cfg(unsigned warps, unsigned lanes, unsigned depth)
{
    simt_stack_cfg c = simt_stack_default_cfg();
    if (warps)
        c.warps = warps;
    if (lanes)
        c.lanes = lanes;
    if (depth)
        c.depth = depth;
    return c;
}

static double spe_row(area_paper_report *p, const area_tech *t, const char *label,
                      const simt_stack_cfg *cfg, area_row_status st)
{
    area_desc d;
    area_row *r = row_new(p, label, st, "mm2");
    if (area_desc_simt_stack(cfg, 0, &d)) {
        row_note(r, "cfg rejected by simt_stack_cfg_check");
        return NAN;
    }
    return row_desc(r, t, &d);
}

static double rf_row(area_paper_report *p, const area_tech *t, const char *label,
                     unsigned long regs, unsigned width, unsigned lanes, unsigned rd, unsigned wr,
                     int single, const char *pub_id, double scale, double divide)
{
    area_desc d;
    area_row *r = row_new(p, label, RS_BASELINE, "mm2");
    double a;
    area_desc_regfile(&d, label, regs, width, lanes, rd, wr, single);
    a = row_desc(r, t, &d);
    if (divide > 1) {
        area_result whole = r->detail;
        r->ours = a / divide;
        snprintf(r->config, sizeof r->config, "one of %g banks of %lu x %u-bit, %uR%uW", divide,
                 regs / lanes, width, rd, wr);
        row_scaled(r, &whole, 1.0 / divide);
    }
    if (pub_id)
        row_pub(r, pub_id, scale);
    return a;
}

/* A register file of `lanes` banks of `entries` x 32 bits, 2R1W: from
 * lane_regfile_cfg, or described directly from the paper's geometry where
 * that cfg rejects the point.  divide > 1: one bank's share. */
static double lrf_row(area_paper_report *p, const area_tech *t, const char *label,
                     unsigned lanes, unsigned entries, unsigned regs, area_lrf_org org,
                     const char *pub_id, double scale, double divide)
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
    r = row_new(p, label, RS_MODELLED, "mm2");
    a = row_desc(r, t, &d);
    if (divide > 1) {
        area_result whole = r->detail;
        r->ours = a / divide;
        snprintf(r->config, sizeof r->config, "one of %g lanes: %.120s", divide, d.config);
        row_scaled(r, &whole, 1.0 / divide);
    }
    if (pub_id)
        row_pub(r, pub_id, scale);
    return a;
}

/* Energy per access of the register-file organisations 000 Fig. 10 and 004
 * Fig. 5 compare (issue 29): one summary row (pJ) per organisation, the
 * read of one register of a whole warp; the note adds a write, the read of
 * ONE active thread's register (a single decoder still reads the whole row
 * of every lane; a per-lane or crossbar file one bank, plus for the
 * crossbar one transfer each way), the leakage and the area. */
static void lrf_energy_rows(area_paper_report *p, const area_tech *t, const char *what,
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
        area_row *r = summary(p, label, "pJ", 1e3 * (er.read_nj + er.op_nj));
        snprintf(r->config, sizeof r->config, "%.190s", d.config);
        snprintf(note, sizeof note,
                 "one register of every lane (logic included); write %.1f pJ; one active "
                 "thread's register %.1f pJ%s; leakage %.3g mW; area %.4g mm2",
                 1e3 * (er.write_nj + er.op_nj), 1e3 * (thread + 2 * xfer),
                 org == LRF_ORG_SINGLE_DECODER ? " (the whole row)"
                 : org == LRF_ORG_CROSSBAR    ? " (a bank + a transfer each way)"
                                              : " (its bank)",
                 er.leak_mw, er.area_mm2);
        row_note(r, note);
    }
}

/* "<label>: the paper's array alone": our area of the single array the
 * published figure `pub_id` describes (its calibration geometry), beside
 * that figure.  Nothing when the figure has no geometry. */
static void bare_array_row(area_paper_report *p, const area_tech *t, const char *label,
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
    r = row_new(p, l, RS_BASELINE, "mm2");
    r->ours = res.total_mm2;
    r->detail = res;
    r->has_detail = 1;
    snprintf(r->config, sizeof r->config,
             "%s's geometry: %s %lu x %u b, %u-way, tag %u b, ports %uRW %uR %uW %uS",
             pub->where, area_kind_name(g->kind), g->entries, g->width, g->ways, g->tag_bits,
             g->rw, g->rd, g->wr, g->search);
    row_pub(r, pub_id, scale);
    row_note(r, "ours for the bare array the figure describes (none of the RTL's additions): "
                "how far our constants are from the tool's");
}

static area_row *summary(area_paper_report *p, const char *label, const char *unit, double ours)
{
    area_row *r = row_new(p, label, RS_SUMMARY, unit);
    r->ours = ours;
    return r;
}

/* A storage row (bits) from a cfg's bit count, beside a published size. */
static void bits_row(area_paper_report *p, const char *label, double bits, const char *config,
                     const char *pub_id)
{
    area_row *r = row_new(p, label, RS_MODELLED, "bits");
    r->ours = bits;
    snprintf(r->config, sizeof r->config, "%s", config);
    row_pub(r, pub_id, 1);
}

/* A published figure whose structure is not modelled: its status names the
 * structure that will model it (or says that none is planned).  When that
 * structure lands, its row becomes a `row_desc` from its area_desc_NAME. */
static area_row *pending(area_paper_report *p, const char *label, const char *id, double scale,
                         const char *why)
{
    area_row *r = row_new(p, label, RS_NOT_MODELLED, area_pub_find(id)->unit);
    char note[240];
    row_pub(r, id, scale);
    snprintf(note, sizeof note, "not modelled yet: %s", why);
    row_note(r, note);
    return r;
}

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
    simt_stack_cfg cfg = spe_cfg(256 / 16, 16, 0); /* 16-wide SIMD, 256 threads per core */
    double stack, single, banked, dec, dwf = 0.0, issue = NAN, qlo = INFINITY, qhi = 0.0;
    int modelled[N_DWF_PARTS];
    char have[120], missing[120], note[400], why000[300]; /* notes are cut to area_row.note */
    unsigned i, nhave;
    area_row *r;
    snprintf(p->title, sizeof p->title,
             "Dynamic warp formation (Fung et al., MICRO 2007): 16 lanes, 256 threads/core");
    snprintf(p->baseline, sizeof p->baseline,
             "the 000 register file (8192 x 32 b, 2R1W) and a 480 mm^2 chip of 8 cores");
    stack = spe_row(p, t, "SIMT stack (PDOM, sec. 3.2)", &cfg, RS_MODELLED);
    for (i = 0; i < N_DWF_PARTS; i++) {
        area_desc d;
        double a;
        modelled[i] = 0;
        if (!dwf_parts[i].desc) {
            not_modelled(p, dwf_parts[i].label, dwf_parts[i].pub_id, s);
            continue;
        }
        r = row_new(p, dwf_parts[i].label, RS_MODELLED, "mm2");
        if (dwf_parts[i].desc(&d) != NULL || isnan(a = row_desc(r, t, &d))) {
            row_note(r, "cfg rejected by the model's cfg_check");
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
        row_pub(r, dwf_parts[i].pub_id, s);
        if (dwf_parts[i].note)
            row_note(r, dwf_parts[i].note);
        /* the bare array Table 1 describes, at our constants: separates the
         * tool (CACTI 4.2 vs ours) from what the RTL adds to that array */
        bare_array_row(p, t, dwf_parts[i].label, dwf_parts[i].pub_id, s);
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
            bits_row(p, l, dwf_bits(i), bit_src[i], bit_ids[i]);
            sum += dwf_bits(i);
        }
        row_note(&p->rows[p->nrows - N_DWF_PARTS],
                 "one TID row where Table 1 counts two, and a REQ bit per lane (16) where "
                 "Table 1 prints 8, plus each side's prio (8)");
        r = summary(p, "DWF scheduler storage, total (Table 1)", "bits", sum);
        row_pub(r, "000.t1.total.bits", 1);
        row_note(r, "the five storage rows above (the RTL's flags, valid bits and counters, not "
                    "in Table 1, are in the areas but not here)");
    }
    if (nhave == 0) {
        not_modelled(p, "DWF scheduler total (Table 1)", "000.t1.total", s);
    } else {
        r = summary(p, "DWF scheduler total (Table 1)", "mm2", dwf);
        row_pub(r, "000.t1.total", s);
        r->partial = missing[0] != '\0';
        snprintf(note, sizeof note, "ours: the %s only (not modelled yet: %s), no ratio", have,
                 missing);
        if (r->partial)
            row_note(r, note);
        else
            row_note(r, "every Table 1 part from dwf_cfg");
        /* why about half of 000's, in numbers the report shows */
        snprintf(why000, sizeof why000,
                 "Why lower: 000's CACTI 4.2 costs the majority issue logic as a 4-search "
                 "4-write CAM, 1.511 of its 2.471 mm2 at 90 nm, where our RTL keeps that "
                 "32-entry table in flip-flops with a compare tree (%.3f mm2 at 90 nm); the "
                 "other parts are %.2f-%.2fx Table 1's (rows above)", issue / s, qlo, qhi);
        if (!r->partial && isfinite(issue))
            row_note(r, why000);
    }
    /* 8192 x 32-bit registers: 16 lanes x 512, 32 per thread (lane_regfile defaults) */
    single = lrf_row(p, t, "Register file, one decoder (Fig. 10c)", 16, 512, 32,
                     LRF_ORG_SINGLE_DECODER, "000.rf.single", s, 0);
    lrf_row(p, t, "Register file bank, 512 x 32 b", 16, 512, 32, LRF_ORG_PER_LANE, "000.rf.bank",
            s, 16);
    banked = lrf_row(p, t, "Register file, a decoder per lane (Fig. 10d)", 16, 512, 32,
                     LRF_ORG_PER_LANE, "000.rf.banked", s, 0);
    lrf_row(p, t, "Register file, crossbar (Fig. 10b)", 16, 512, 32, LRF_ORG_CROSSBAR, NULL, s, 0);
    lrf_energy_rows(p, t, "Register file", 16, 512, 32);
    dec = banked - single;
    r = summary(p, "Per-lane decoders: register file increase", "mm2", dec);
    r->published = (area_pub_find("000.rf.banked")->value - area_pub_find("000.rf.single")->value) *
                   s;
    snprintf(r->source, sizeof r->source, "000 sec. 4.4 (6.037 - 5.7085, derived)");
    r = summary(p, "Total, structures modelled from cfgs", "mm2", stack + dwf);
    if (nhave)
        snprintf(note, sizeof note, "the SIMT stack and the %s (the register files above are "
                 "the baseline)%s%s", have, missing[0] ? "; not modelled yet: " : "", missing);
    else
        snprintf(note, sizeof note, "the SIMT stack (the register files above are the "
                 "baseline); the DWF structures are not modelled yet");
    row_note(r, note);
    /* 000 sec. 4.4: DWF overhead = Table 1 + the per-lane decoders */
    r = summary(p, "DWF overhead per core", "mm2", dec + dwf);
    row_pub(r, "000.dwf.core", s);
    snprintf(r->mech, sizeof r->mech, "DWF: Table 1 + per-lane decoders");
    {
        const area_result *plus[8], *minus[1];
        unsigned k, np = 0;
        plus[np++] = row_detail(p, "Register file, a decoder per lane (Fig. 10d)");
        for (k = 0; k < sizeof dwf_parts / sizeof dwf_parts[0] && np < 8; k++)
            plus[np++] = row_detail(p, dwf_parts[k].label);
        minus[0] = row_detail(p, "Register file, one decoder (Fig. 10c)");
        mech_detail(r, plus, np, minus, 1);
    }
    r->partial = missing[0] != '\0';
    if (r->partial) {
        snprintf(note, sizeof note, "ours: register-file decoders%s%s (not modelled yet: %s), "
                 "no ratio", nhave ? " + " : " only", have, missing);
        row_note(r, note);
    } else {
        row_note(r, "as 000 sec. 4.4: Table 1's parts + the per-lane register-file decoders");
        if (isfinite(issue))
            row_note(r, why000);
    }
    r = summary(p, "DWF overhead, 8 cores", "mm2", 8.0 * (dec + dwf));
    row_pub(r, "000.dwf.8cores", s);
    r->partial = missing[0] != '\0';
    row_note(r, "8 x the DWF overhead per core");
    r = summary(p, "Overhead of a 480 mm^2 chip, 8 cores", "%",
                8.0 * (dec + dwf) / (480.0 * s) * 100.0);
    row_pub(r, "000.dwf.chip", s);
    r->partial = missing[0] != '\0';
    if (r->partial) {
        snprintf(note, sizeof note, "ours: register-file decoders%s%s, no ratio",
                 nhave ? " + " : " only", have);
        row_note(r, note);
    } else {
        row_note(r, "8 x the DWF overhead per core / 480 mm^2");
        if (isfinite(issue))
            row_note(r, why000);
    }
    finish(p);
}

/* ------------------------------------------------------------------ 001 */

/* One part of the SBI heap (HCT or CCT) from hct_cct_heap_cfg, beside its
 * 001 Table 4 figure; returns its area (NAN if the cfg is rejected).
 * force_ff: every array in flip-flops, as a synthesis flow builds the RTL. */
static double hch_row(area_paper_report *p, const area_tech *t, const hct_cct_heap_cfg *cfg,
                      const char *label, area_hch_part part, int force_ff, const char *pub_id,
                      double s, const char *note)
{
    area_desc d;
    area_row *r = row_new(p, label, RS_MODELLED, "mm2");
    double a = NAN;
    if (area_desc_hct_cct_heap(cfg, part, force_ff, &d) != NULL)
        row_note(r, "cfg rejected by hct_cct_heap_cfg_check");
    else
        a = row_desc(r, t, &d);
    row_pub(r, pub_id, s);
    row_note(r, note);
    return a;
}

/* 001's scoreboards from sbi_scoreboard_cfg (its defaults: 24 warps, 6
 * entries, 6-bit registers); the published figure with its status if
 * that cfg rejects the point.  kind 0: the baseline (two pools of a
 * register id per entry: 001's 2 x 24 x 48), 1: SBI's dependency matrices
 * (24 x 144), 2: SBI+SWI (24 x 288: SWI doubles the instructions a warp has
 * in flight, so twice the entries; our choice, 001 gives no layout).
 * Returns the area, NAN when not modelled. */
static double sb_row(area_paper_report *p, const area_tech *t, const char *label, int kind,
                     const char *pub_id, double s, const char *why)
{
    unsigned w, dp, rw;
    area_desc d;
    area_row *r;
    double a = NAN;
    sbi_scoreboard_cfg sc = sbi_scoreboard_default_cfg();
    area_sbi_scoreboard_defaults(&w, &dp, &rw);
    sc.depth = kind == 2 ? 2 * dp : dp;
    if (area_desc_sbi_scoreboard(&sc, kind == 0, 0, &d) != NULL) {
        pending(p, label, pub_id, s, why);
        return NAN;
    }
    r = row_new(p, label, RS_MODELLED, "mm2");
    a = row_desc(r, t, &d);
    row_pub(r, pub_id, s);
    if (kind == 2)
        row_note(r, "SWI's second issue doubles the entries in flight per warp (our reading of "
                    "Table 3's 24 x 288 = 2 x 144)");
    return a;
}

/* The storage of the same scoreboards, beside Table 3's sizes. */
static void sb_bits_row(area_paper_report *p, const char *label, int kind, const char *pub_id,
                        const char *why)
{
    unsigned w, dp, rw;
    area_desc d;
    area_row *r;
    char note[300];
    sbi_scoreboard_cfg sc = sbi_scoreboard_default_cfg();
    area_sbi_scoreboard_defaults(&w, &dp, &rw);
    sc.depth = kind == 2 ? 2 * dp : dp;
    if (area_desc_sbi_scoreboard(&sc, kind == 0, 0, &d) != NULL) {
        pending(p, label, pub_id, 1, why);
        return;
    }
    r = row_new(p, label, RS_MODELLED, "bits");
    r->ours = (double)d.storage_bits;
    snprintf(r->config, sizeof r->config, "%s", d.config);
    row_pub(r, pub_id, 1);
    if (kind == 0)
        snprintf(note, sizeof note, "Why fewer: ours is {pending, %u-bit register} = %u bits per "
                 "entry, 001's 48-bit rows over %u entries give 8, which 001 does not explain",
                 rw, rw + 1u, dp);
    else
        snprintf(note, sizeof note, "Why fewer: an entry is {dv1, dst1, dv2, dst2} and rows I1, "
                 "I2 of the 3 x 3 matrix, %u bits; 001's 144 / %u = 24 bits would hold all 3 "
                 "rows and a valid bit, but I3 issues nothing and valid is dv1 | dv2 "
                 "(rtl_c/sbi_scoreboard.h)", d.entry_bits / (kind == 2 ? 2 * dp : dp), dp);
    row_note(r, note);
}

#define NO_SBI_SB "structure sbi_scoreboard (001's dependency-matrix scoreboard) does not exist"
#define NO_BASE_SB "structure sbi_scoreboard does not exist (001's baseline scoreboard, 2 x 24 x " \
                   "48 b, is its baseline configuration)"
/* 001's instruction buffers and baseline warp pool: no RTL structure holds
 * them (swi_sched stores {PC, mask}, not the 64-bit instruction word), so
 * they are described from Table 3's geometry, with the read ports their
 * schedulers use: one, or two for SWI's primary and secondary picks
 * (swi_sched's two buffer reads).  Returns the area. */
static double geom_row(area_paper_report *p, const area_tech *t, const char *label,
                       unsigned entries, unsigned width, unsigned rd, const char *what,
                       const char *pub_id, double s, const char *note)
{
    area_desc d;
    area_row *r = row_new(p, label, RS_BASELINE, "mm2");
    double a;
    memset(&d, 0, sizeof d);
    snprintf(d.name, sizeof d.name, "geometry");
    d.n = 1;
    d.item[0].type = AI_ARRAY;
    d.item[0].count = 1;
    d.item[0].arr.kind = AK_AUTO;
    d.item[0].arr.entries = entries;
    d.item[0].arr.width = width;
    d.item[0].arr.rd = rd;
    d.item[0].arr.wr = 1;
    d.item[0].arr.banks = 1;
    snprintf(d.config, sizeof d.config, "%s: %u x %u b, %uR 1W (Table 3's geometry)", what,
             entries, width, rd);
    a = row_desc(r, t, &d);
    row_pub(r, pub_id, s);
    row_note(r, note);
    return a;
}

/* A storage row from Table 3's geometry (a structure we describe but have
 * no RTL for). */
static void geom_bits_row(area_paper_report *p, const char *label, unsigned entries,
                          unsigned width, const char *what, const char *pub_id)
{
    area_row *r = row_new(p, label, RS_BASELINE, "bits");
    r->ours = (double)entries * width;
    snprintf(r->config, sizeof r->config, "%s: %u x %u b (Table 3's geometry)", what, entries,
             width);
    row_pub(r, pub_id, 1);
}

#define GEOM_NOTE "described from Table 3's geometry: no RTL structure holds it"

/* 001's columns of Tables 3 and 4. */
enum { C001_BASE, C001_SBI, C001_SWI, C001_BOTH, C001_N };
static const char *const col001_id[C001_N] = {"base", "sbi", "swi", "both"};
static const char *const col001_name[C001_N] = {"baseline", "SBI", "SWI", "SBI+SWI"};
static const char *const pct001_id[C001_N] = {NULL, "001.pct.sbi", "001.pct.swi", "001.pct.both"};

void area_paper_001(area_paper_report *p, const area_tech *t, double s)
{
    /* Fermi-like baseline: 48 warps of 32 threads; stack of 3 blocks of 4 */
    simt_stack_cfg cfg = spe_cfg(48, 32, 12);
    /* SBI pairs them: 24 warps of 64 threads, 128 CCT entries, 32-bit PCs
     * (the hct_cct_heap model's defaults are 001's configuration) */
    hct_cct_heap_cfg heap = hct_cct_heap_default_cfg();
    hct_cct_heap_storage hb = hct_cct_heap_bits(&heap);
    /* SWI at 001's configuration: swi_sched's default 4 sets x 6 ways = 24
     * warps, with the heap's 64-thread warps and PCs */
    swi_sched_cfg swc = swi_sched_default_cfg();
    double stack, single, banked, seg, hct, cct, sm = 15.6 * s;
    double pool, sched = NAN, swi_hct = NAN, swi_hct_bits = NAN, both_hct = NAN, ibuf[C001_N];
    double tot[C001_N], over[C001_N], sb[C001_N];
    int have_sb;
    area_desc d;
    char id[48], lab[96], cfgtxt[200], note[480];
    unsigned c;
    area_row *r;
    swc.lanes = heap.lanes;
    swc.pc_w = heap.pc_bits;
    snprintf(p->title, sizeof p->title,
             "SBI/SWI (Brunie et al., ISCA 2012): Fermi SM, 48 warps of 32 threads");
    snprintf(p->baseline, sizeof p->baseline, "a 15.6 mm^2 Fermi SM");

    /* ---- Table 4, baseline column */
    stack = spe_row(p, t, "Stack, baseline (our SPE RTL)", &cfg, RS_MODELLED);
    r = &p->rows[p->nrows - 1];
    row_pub(r, "001.t4.base.stack", s);
    row_note(r, "001: 64-bit entries, 3 blocks of 4 per warp; ours: 96-bit {pc,mask,rpc} "
                "entries with the RTL's 3R3W fields");
    sb[C001_BASE] = sb_row(p, t, "Scoreboard, baseline", 0, "001.t4.base.scoreboard", s,
                           NO_BASE_SB);
    pool = geom_row(p, t, "Warp pool, baseline", 2 * 24, 64, 1, "{PC, mask} per warp",
                    "001.t4.base.hct", s, GEOM_NOTE "; read by the scheduler, written on "
                    "branches");
    ibuf[C001_BASE] = geom_row(p, t, "Instruction buffer, baseline", 48, 64, 1,
                               "an instruction per warp", "001.t4.base.ibuf", s, GEOM_NOTE);

    /* ---- Table 4, SBI column */
    sb[C001_SBI] = sb_row(p, t, "Scoreboard, SBI", 1, "001.t4.sbi.scoreboard", s, NO_SBI_SB);
    hct = hch_row(p, t, &heap, "HCT, SBI", AREA_HCH_HCT, 0, "001.t4.sbi.hct", s,
                  "verilog/hct_cct_heap.v: {CPC, mask} fields 1-2R 1W, valid/head/flags in flops; "
                  "2 sorting networks, update logic, read port");
    cct = hch_row(p, t, &heap, "CCT, SBI", AREA_HCH_CCT, 0, "001.t4.sbi.cct", s,
                  "verilog/hct_cct_heap.v: cpc 2R1W, cmask 3R2W, links in flops (5R4W); free "
                  "list, sideband sorter registers and FSM");
    /* 001's figures are synthesized: every table is flip-flops there.  The
     * same descriptions with no SRAM separate that choice from the rest */
    hch_row(p, t, &heap, "HCT, SBI, every array in flip-flops", AREA_HCH_HCT, 1, "001.t4.sbi.hct",
            s, "as a synthesis flow builds the RTL (001's figures are synthesized); not in the "
               "totals");
    hch_row(p, t, &heap, "CCT, SBI, every array in flip-flops", AREA_HCH_CCT, 1, "001.t4.sbi.cct",
            s, "as a synthesis flow builds the RTL (001's figures are synthesized); not in the "
               "totals");
    ibuf[C001_SBI] = geom_row(p, t, "Instruction buffer, SBI", 48, 64, 1,
                              "an instruction per warp and front end", "001.t4.sbi.ibuf", s,
                              GEOM_NOTE);

    /* ---- Table 4, SWI and SBI+SWI columns: swi_sched at 001's
     * configuration (24 warps of 64 threads, as the heap), its HCT with one
     * context per warp from hct_cct_heap_cfg */
    sb[C001_SWI] = sb_row(p, t, "Scoreboard, SWI", 0, "001.t4.swi.scoreboard", s, NO_BASE_SB);
    /* 001's "+27.4" is what SWI adds to the baseline's scheduler: swi_sched
     * without its primary (a baseline also picks the oldest ready) */
    r = row_new(p, "Scheduler, SWI (swi_sched less its primary)", RS_MODELLED, "mm2");
    sched = area_desc_swi_secondary(&swc, 0, &d) ? NAN : row_desc(r, t, &d);
    row_pub(r, "001.t4.swi.scheduler", s);
    row_note(r, "verilog/swi_sched.v without the primary's age matrix and oldest-ready select, "
                "which a baseline scheduler has too: the {PC, mask} copies the lookup searches, "
                "the stage, the LFSR, the secondary");
    r = row_new(p, "Scheduler, SWI, all of swi_sched", RS_MODELLED, "mm2");
    if (area_desc_swi_sched(&swc, 0, &d) == NULL)
        row_desc(r, t, &d);
    row_pub(r, "001.t4.swi.scheduler", s);
    row_note(r, "verilog/swi_sched.v whole, with its primary; not in the totals");
    r = row_new(p, "HCT, SWI (one context per warp)", RS_MODELLED, "mm2");
    swi_hct = area_desc_swi_hct(&heap, 0, &d) ? NAN : row_desc(r, t, &d);
    swi_hct_bits = (double)d.entry_bits * heap.warps;
    row_pub(r, "001.t4.swi.hct", s);
    row_note(r, "hct_cct_heap_cfg with one hot context: {CPC, mask, valid, CCT head}; a "
                "description, not an RTL module");
    r = row_new(p, "CCT, SWI (the SBI heap's CCT)", RS_MODELLED, "mm2");
    r->ours = cct;
    row_scaled(r, row_detail(p, "CCT, SBI"), 1.0);
    snprintf(r->config, sizeof r->config, "hct_cct_heap_cfg: the same 128 x 104 b table as SBI's");
    row_pub(r, "001.t4.swi.cct", s);
    ibuf[C001_SWI] = geom_row(p, t, "Instruction buffer, SWI (dual-ported)",
                              swi_sched_warps(&swc), 64, 2, "an instruction per warp, read by "
                              "swi_sched's primary and secondary", "001.t4.swi.ibuf", s,
                              GEOM_NOTE "; entries and the 2 reads are swi_sched's");
    sb[C001_BOTH] = sb_row(p, t, "Scoreboard, SBI+SWI", 2, "001.t4.both.scoreboard", s,
                           NO_SBI_SB);
    r = row_new(p, "Scheduler, SBI+SWI (swi_sched less its primary)", RS_MODELLED, "mm2");
    r->ours = sched;
    row_scaled(r, row_detail(p, "Scheduler, SWI (swi_sched less its primary)"), 1.0);
    snprintf(r->config, sizeof r->config, "the SWI scheduler's additions above");
    row_pub(r, "001.t4.both.scheduler", s);
    /* SBI+SWI: SBI's HCT banked by swi_sched's sets, one more read port
     * per bank (the secondary's warp, another set than the primary's) */
    r = row_new(p, "HCT, SBI+SWI (banked)", RS_MODELLED, "mm2");
    if (area_desc_hct_cct_heap(&heap, AREA_HCH_HCT, 0, &d) == NULL) {
        unsigned i;
        for (i = 0; i < d.n; i++)
            if (d.item[i].type == AI_ARRAY) {
                d.item[i].arr.banks = swc.sets;
                d.item[i].arr.rd += 1;
            }
        snprintf(d.config + strlen(d.config), sizeof d.config - strlen(d.config),
                 "; %u banks (swi_sched's sets), +1 read port", swc.sets);
        both_hct = row_desc(r, t, &d);
    }
    row_pub(r, "001.t4.both.hct", s);
    row_note(r, "SBI's HCT in swi_sched's sets as banks, each with a read port for the "
                "secondary's warp");
    r = row_new(p, "CCT, SBI+SWI (the SBI heap's CCT)", RS_MODELLED, "mm2");
    r->ours = cct;
    row_scaled(r, row_detail(p, "CCT, SBI"), 1.0);
    snprintf(r->config, sizeof r->config, "hct_cct_heap_cfg: the same 128 x 104 b table as SBI's");
    row_pub(r, "001.t4.both.cct", s);
    ibuf[C001_BOTH] = geom_row(p, t, "Instruction buffer, SBI+SWI (dual-ported)", 48, 64, 2,
                               "an instruction per warp and front end, 2 reads as SWI's",
                               "001.t4.both.ibuf", s, GEOM_NOTE);

    /* ---- Table 3's sizes */
    sb_bits_row(p, "Scoreboard storage, baseline", 0, "001.t3.base.scoreboard", NO_BASE_SB);
    sb_bits_row(p, "Scoreboard storage, SBI", 1, "001.t3.sbi.scoreboard", NO_SBI_SB);
    sb_bits_row(p, "Scoreboard storage, SWI", 0, "001.t3.swi.scoreboard", NO_BASE_SB);
    sb_bits_row(p, "Scoreboard storage, SBI+SWI", 2, "001.t3.both.scoreboard", NO_SBI_SB);
    geom_bits_row(p, "Warp pool storage, baseline", 2 * 24, 64, "{PC, mask} per warp",
                  "001.t3.base.pool");
    snprintf(cfgtxt, sizeof cfgtxt, "hct_cct_heap_bits(): %u x %u b", hb.hct_rows,
             hb.hct_row_bits);
    bits_row(p, "HCT storage, SBI", (double)hb.hct_rows * hb.hct_row_bits, cfgtxt, "001.t3.hct");
    snprintf(cfgtxt, sizeof cfgtxt, "hct_cct_heap_cfg, one context: %u x {CPC %u, mask %u, "
             "valid, head %u}", heap.warps, heap.pc_bits, heap.lanes, hct_cct_heap_ptr_w(&heap));
    bits_row(p, "HCT storage, SWI", swi_hct_bits, cfgtxt, "001.t3.swi.hct");
    snprintf(cfgtxt, sizeof cfgtxt, "hct_cct_heap_bits(): %u x %u b", hb.hct_rows,
             hb.hct_row_bits);
    bits_row(p, "HCT storage, SBI+SWI", (double)hb.hct_rows * hb.hct_row_bits, cfgtxt,
             "001.t3.both.hct");
    row_note(&p->rows[p->nrows - 1], "the SBI HCT's bits: banking changes its ports, not its "
                                     "bits");
    snprintf(cfgtxt, sizeof cfgtxt, "simt_stack_cfg: 48 warps x depth 12 x %u-bit entries",
             area_simt_stack_entry_bits(&cfg));
    bits_row(p, "Stack storage, baseline", (double)cfg.warps * cfg.depth *
                                               area_simt_stack_entry_bits(&cfg),
             cfgtxt, "001.t3.base.stack");
    row_note(&p->rows[p->nrows - 1], "001's entries are 64 bits, ours {pc, mask, rpc} 96");
    snprintf(cfgtxt, sizeof cfgtxt, "hct_cct_heap_bits(): %u x %u b", hb.cct_rows,
             hb.cct_row_bits);
    bits_row(p, "CCT storage, SBI", (double)hb.cct_rows * hb.cct_row_bits, cfgtxt, "001.t3.cct");
    bits_row(p, "CCT storage, SWI", (double)hb.cct_rows * hb.cct_row_bits, cfgtxt,
             "001.t3.swi.cct");
    bits_row(p, "CCT storage, SBI+SWI", (double)hb.cct_rows * hb.cct_row_bits, cfgtxt,
             "001.t3.both.cct");
    geom_bits_row(p, "Instruction buffer storage, baseline", 48, 64, "an instruction per warp",
                  "001.t3.base.ibuf");
    geom_bits_row(p, "Instruction buffer storage, SBI", 48, 64,
                  "an instruction per warp and front end", "001.t3.sbi.ibuf");
    geom_bits_row(p, "Instruction buffer storage, SWI", swi_sched_warps(&swc), 64,
                  "swi_sched_warps() instructions", "001.t3.swi.ibuf");
    geom_bits_row(p, "Instruction buffer storage, SBI+SWI", 48, 64,
                  "an instruction per warp and front end", "001.t3.both.ibuf");

    /* ---- register file: Fermi's 32768 x 32-bit registers (128 KB per SM)
     * as 32 lanes x 1024; 48 warps -> 21 registers per thread */
    single = lrf_row(p, t, "Register file, one decoder", 32, 1024, 21, LRF_ORG_SINGLE_DECODER,
                     NULL, s, 0);
    row_note(&p->rows[p->nrows - 1], "Fermi SM: 32768 x 32-bit registers, 32 lanes; 2R1W as the "
                                     "lane_regfile model");
    banked = lrf_row(p, t, "Register file, a decoder per lane", 32, 1024, 21, LRF_ORG_PER_LANE,
                     NULL, s, 0);
    seg = banked - single;
    r = summary(p, "Register file segmentation", "mm2", seg);
    row_pub(r, "001.t4.rf", s);
    row_note(r, "001 bounds it by 000's CACTI 4.2 estimate, scaled; ours: per-lane minus "
                "single-decoder register file above (the same for SBI, SWI and SBI+SWI)");
    r = summary(p, "Register file segmentation, SWI", "mm2", seg);
    row_pub(r, "001.t4.swi.rf", s);
    row_note(r, "the same segmentation as SBI's");
    r = summary(p, "Register file segmentation, SBI+SWI", "mm2", seg);
    row_pub(r, "001.t4.both.rf", s);
    row_note(r, "the same segmentation as SBI's");

    /* ---- totals and overheads: every part, the scoreboards included */
    have_sb = 1;
    for (c = 0; c < C001_N; c++)
        if (isnan(sb[c]))
            have_sb = 0;
    tot[C001_BASE] = stack + pool + ibuf[C001_BASE];
    tot[C001_SBI] = seg + hct + cct + ibuf[C001_SBI];
    tot[C001_SWI] = seg + sched + swi_hct + cct + ibuf[C001_SWI];
    tot[C001_BOTH] = seg + sched + both_hct + cct + ibuf[C001_BOTH];
    if (have_sb)
        for (c = 0; c < C001_N; c++)
            tot[c] += sb[c];
    /* as 001 takes the overhead: the column minus the baseline column */
    for (c = 0; c < C001_N; c++)
        over[c] = tot[c] - tot[C001_BASE];
    r = summary(p, "Total, structures modelled from cfgs", "mm2",
                stack + hct + cct + sched + swi_hct +
                    (have_sb ? sb[C001_BASE] + sb[C001_SBI] : 0.0));
    row_note(r, have_sb ? "the baseline stack and scoreboard, SBI's HCT, CCT and scoreboard, "
                          "swi_sched less its primary, SWI's HCT (the register files above are "
                          "the baseline)"
                        : "the baseline stack, SBI's HCT and CCT, swi_sched less its primary, "
                          "SWI's HCT (the register files above are the baseline); not modelled "
                          "yet: the scoreboards (sbi_scoreboard)");
    for (c = 0; c < C001_N; c++) {
        snprintf(id, sizeof id, "001.t4.%s.total", col001_id[c]);
        snprintf(lab, sizeof lab, "Table 4 total, %s column", col001_name[c]);
        r = summary(p, lab, "mm2", tot[c]);
        row_pub(r, id, s);
        r->partial = !have_sb;
        snprintf(note, sizeof note, "ours: %s (%s)%s",
                 have_sb ? "every part" : "every part but the scoreboard",
                 c == C001_BASE  ? "stack, warp pool, instruction buffer"
                 : c == C001_SBI ? "segmentation, HCT, CCT, instruction buffer"
                                 : "segmentation, scheduler, HCT, CCT, instruction buffer",
                 have_sb ? " and the scoreboard"
                         : ", no ratio; not modelled yet: the scoreboard (sbi_scoreboard)");
        row_note(r, note);
    }
    for (c = C001_SBI; c < C001_N; c++) {
        snprintf(id, sizeof id, "001.t4.%s.overhead", col001_id[c]);
        snprintf(lab, sizeof lab, "Table 4 overhead, %s", col001_name[c]);
        r = summary(p, lab, "mm2", over[c]);
        row_pub(r, id, s);
        snprintf(r->mech, sizeof r->mech, "%s: Table 4 minus baseline", col001_name[c]);
        {
            static const char *const cols[C001_N][4] = {
                {"Stack, baseline (our SPE RTL)", "Warp pool, baseline",
                 "Instruction buffer, baseline", "Scoreboard, baseline"},
                {"HCT, SBI", "CCT, SBI", "Instruction buffer, SBI", "Scoreboard, SBI"},
                {"HCT, SWI (one context per warp)", "CCT, SBI",
                 "Instruction buffer, SWI (dual-ported)", "Scoreboard, SWI"},
                {"HCT, SBI+SWI (banked)", "CCT, SBI", "Instruction buffer, SBI+SWI (dual-ported)",
                 "Scoreboard, SBI+SWI"}};
            const area_result *plus[6], *minus[4];
            unsigned k, np = 0;
            for (k = 0; k < 4; k++) {
                plus[np++] = row_detail(p, cols[c][k]);
                minus[k] = row_detail(p, cols[C001_BASE][k]);
            }
            /* the segmentation: per-lane minus single-decoder register file */
            plus[np++] = row_detail(p, "Register file, a decoder per lane");
            if (c != C001_SBI)
                plus[np++] = row_detail(p, "Scheduler, SWI (swi_sched less its primary)");
            if (have_sb) {
                const area_result *m2[5] = {minus[0], minus[1], minus[2], minus[3],
                                            row_detail(p, "Register file, one decoder")};
                mech_detail(r, plus, np, m2, 5);
            }
        }
        r->partial = !have_sb;
        row_note(r, have_sb ? "ours: the column minus the baseline column"
                            : "ours: the column minus the baseline column, both without their "
                              "scoreboards (sbi_scoreboard not modelled yet), no ratio");
        snprintf(lab, sizeof lab, "%s overhead of a 15.6 mm^2 SM", col001_name[c]);
        r = summary(p, lab, "%", over[c] / sm * 100.0);
        row_pub(r, pct001_id[c], s);
        r->partial = !have_sb;
        snprintf(r->config, sizeof r->config, "(column %.4f - baseline %.4f) mm2 / %.4g mm2%s",
                 tot[c], tot[C001_BASE], sm, have_sb ? "" : ", scoreboards not modelled");
        /* why ours differs from 001's figure, in numbers a reader can check */
        snprintf(note, sizeof note,
                 "as 001, the column minus the baseline%s. Why "
                 "lower than %.1f%%: 001's %.3f mm2 is mostly its 0.57 mm2 register-file "
                 "segmentation, taken from 000's CACTI 4.2 estimate; ours costs the per-lane "
                 "decoders on our SRAM model at %.3f mm2 (%.2fx of 0.57), and puts the heap's "
                 "tables in SRAM where smaller (CCT %.3f mm2) where 001 synthesized flip-flops "
                 "(CCT 0.481 mm2)",
                 have_sb ? "" : ", without scoreboards, no ratio",
                 area_pub_find(pct001_id[c])->value,
                 area_pub_find(c == C001_SBI ? "001.t4.sbi.overhead"
                               : c == C001_SWI ? "001.t4.swi.overhead"
                                               : "001.t4.both.overhead")->value,
                 seg / s, seg / (0.570 * s), cct / s);
        row_note(r, note);
    }
    finish(p);
}

/* ------------------------------------------------------------------ 002 */

/* Scalarization's register files sized from an allocation (002 sec. 4.1,
 * 4.3; issue 26 sec. 4): area_desc_alloc_rf at Table I's core (fc: 8 lanes
 * of 32 bits, 32 warps of 32 threads; `banks` per lane).  Table I's
 * allocation (regs vector registers, no scalar) first, in both
 * organisations: it must come out as Table I's rows above (the same
 * geometry), then what one more vector register per thread and one scalar
 * register per warp cost, and the energy per access of each. */
static void alloc_rf_rows(area_paper_report *p, const area_tech *t, const tsimt_frontend_cfg *fc,
                          unsigned regs, unsigned banks, double s)
{
    area_rf_alloc a;
    area_rf_cost lane, mono, lane1, sca1;
    const unsigned kmono = fc->lanes * fc->width;
    area_row *r;
    char cfg[96];
    a.vregs = regs;
    a.sregs = 0;
    a.warps = fc->warps;
    a.warp = fc->warp;
    a.lanes = fc->lanes * fc->width;
    snprintf(cfg, sizeof cfg, "alloc_rf: %u warps x %u threads, %u ALU lanes, %u banks",
             a.warps, a.warp, a.lanes, banks);
    if (area_alloc_rf_cost(t, &a, fc->width, banks, &lane) || area_alloc_rf_cost(t, &a, kmono, banks, &mono))
        return;
    a.vregs = regs + 1u;
    if (area_alloc_rf_cost(t, &a, fc->width, banks, &lane1))
        return;
    a.vregs = regs;
    a.sregs = 1;
    if (area_alloc_rf_cost(t, &a, fc->width, banks, &sca1))
        return;
    area_desc vd, sd;
    r = row_new(p, "Allocation: vector RF, per-lane 32-bit files", RS_MODELLED, "mm2");
    r->ours = lane.vec_mm2;
    if (!area_desc_alloc_rf(&a, fc->width, banks, &vd, &sd)) /* its breakdown and energy */
        row_desc(r, t, &vd);
    snprintf(r->config, sizeof r->config, "%s; %u vector regs per thread, k = %u", cfg, regs,
             fc->width);
    row_pub(r, "002.t1.total32", s);
    row_note(r, "Table I's allocation (16 vector registers, no scalar) through the allocation's "
                "sizing: the same geometry as the row of the core's cfg above");
    r = row_new(p, "Allocation: vector RF, monolithic 256-bit file", RS_MODELLED, "mm2");
    r->ours = mono.vec_mm2;
    if (!area_desc_alloc_rf(&a, kmono, banks, &vd, &sd))
        row_desc(r, t, &vd);
    snprintf(r->config, sizeof r->config, "%s; %u vector regs per thread, k = %u", cfg, regs,
             kmono);
    row_pub(r, "002.t1.total256", s);
    r = summary(p, "Allocation: per-lane vs monolithic vector RF", "%",
                lane.vec_mm2 / mono.vec_mm2 * 100.0);
    r->published =
        area_pub_find("002.t1.total32")->value / area_pub_find("002.t1.total256")->value * 100.0;
    snprintf(r->source, sizeof r->source, "002 Table I (0.4943 / 2.2667, derived)");
    r = summary(p, "One more vector register per thread (per-lane files)", "mm2",
                lane1.vec_mm2 - lane.vec_mm2);
    snprintf(r->config, sizeof r->config, "%s; %u -> %u vector regs: %lu more bits", cfg, regs,
             regs + 1u, lane1.vec_bits - lane.vec_bits);
    row_note(r, "002 gives no area for a register; the rows round up to whole banks");
    r = summary(p, "One scalar register per warp (per-lane files)", "mm2", sca1.sca_mm2);
    snprintf(r->config, sizeof r->config, "%s; 1 scalar reg: %lu bits in %u lanes", cfg,
             sca1.sca_bits, fc->lanes);
    row_note(r, "002 sec. 4.1: one value per warp instead of one per thread, in a 1R1W array "
                "per lane (flip-flops or SRAM, the smaller); a small array costs more per bit");
    r = summary(p, "Energy: a vector register of a warp, per-lane files", "pJ",
                lane.vec_warp_read_nj * 1e3);
    snprintf(r->config, sizeof r->config, "%s; %u row reads of %u b + crossbar transfers", cfg,
             (fc->warp + fc->width - 1u) / fc->width, 32u * fc->width);
    row_note(r, "area_desc_energy; 002 gives no energy per access");
    r = summary(p, "Energy: a vector register of a warp, monolithic file", "pJ",
                mono.vec_warp_read_nj * 1e3);
    snprintf(r->config, sizeof r->config, "%s; %u row reads of %u b + crossbar transfers", cfg,
             (fc->warp + kmono - 1u) / kmono, 32u * kmono);
    r = summary(p, "Energy: a scalar register of a warp (one read)", "pJ", sca1.sca_read_nj * 1e3);
    snprintf(r->config, sizeof r->config, "%s; the per-lane scalar array, one 32-bit read", cfg);
    row_note(r, "a scalar operand is read once per warp instead of once per thread");
}

void area_paper_002(area_paper_report *p, const area_tech *t, double s)
{
    /* Table I's two register files as two cfgs of one core (tsimt_frontend's
     * defaults are 002's: 8 lanes of 1, 32 warps of 32 threads, Table III):
     * 8 lanes of 32 bits, and one lane of the same 8 ALUs, 256 bits wide.
     * 16 registers of 32 bits per thread make Table I's 64 KB; 8 banks per
     * lane (its 8x8 crossbars) */
    enum { T1_REGS = 16, T1_BANKS = 8 };
    tsimt_frontend_cfg lc = tsimt_frontend_default_cfg(), mc = lc;
    area_desc mono, lanes;
    area_result rm[AREA_DESC_MAX], rl[AREA_DESC_MAX], tm, tl;
    area_row *r;
    const char *e;
    char cm[160], cl[160];
    mc.lanes = 1;
    mc.width = lc.lanes * lc.width;
    snprintf(p->title, sizeof p->title,
             "Temporal / spatio-temporal SIMT (TACO): register files of Table I");
    snprintf(p->baseline, sizeof p->baseline,
             "the monolithic 256-bit register file (8 banks + one 8x8 crossbar)");
    memset(rm, 0, sizeof rm);
    memset(rl, 0, sizeof rl);
    memset(&tm, 0, sizeof tm);
    memset(&tl, 0, sizeof tl);
    tm.total_mm2 = tl.total_mm2 = NAN;
    rm[0].total_mm2 = rm[1].total_mm2 = rl[0].total_mm2 = rl[1].total_mm2 = NAN;
    if ((e = area_desc_tsimt_regfile(&mc, T1_REGS, T1_BANKS, &mono)) == NULL)
        e = area_desc_eval(t, &mono, &tm, rm);
    if (e)
        snprintf(p->title, sizeof p->title, "002: monolithic register file rejected: %.60s", e);
    if ((e = area_desc_tsimt_regfile(&lc, T1_REGS, T1_BANKS, &lanes)) == NULL)
        e = area_desc_eval(t, &lanes, &tl, rl);
    if (e)
        snprintf(p->title, sizeof p->title, "002: lane register files rejected: %.60s", e);
    snprintf(cm, sizeof cm, "tsimt_frontend_cfg LANES=%u K=%u WARPS=%u WARP=%u, %u regs, %u banks",
             mc.lanes, mc.width, mc.warps, mc.warp, (unsigned)T1_REGS, (unsigned)T1_BANKS);
    snprintf(cl, sizeof cl, "tsimt_frontend_cfg LANES=%u K=%u WARPS=%u WARP=%u, %u regs, %u banks",
             lc.lanes, lc.width, lc.warps, lc.warp, (unsigned)T1_REGS, (unsigned)T1_BANKS);

    r = row_new(p, "SRAM bank 8 KB at 256 b (1 RW port)", RS_MODELLED, "mm2");
    r->ours = rm[0].total_mm2;
    r->detail = rm[0];
    r->has_detail = 1;
    snprintf(r->config, sizeof r->config, "%s: ram %lu x %u b, 1 RW port", cm,
             mono.item[0].arr.entries, mono.item[0].arr.width);
    row_pub(r, "002.t1.bank256", s);
    r = row_new(p, "SRAM, 8 banks of 8 KB at 256 b", RS_MODELLED, "mm2");
    r->ours = rm[0].total_mm2 * mono.item[0].count;
    row_scaled(r, &rm[0], mono.item[0].count);
    snprintf(r->config, sizeof r->config, "%s: %u banks", cm, mono.item[0].count);
    row_pub(r, "002.t1.banks256", s);
    r = row_new(p, "Crossbar 8x8 at 256 b", RS_MODELLED, "mm2");
    r->ours = rm[1].total_mm2;
    r->detail = rm[1];
    r->has_detail = 1;
    snprintf(r->config, sizeof r->config, "%s: %u x %u ports of %u b, global wires", cm,
             mono.item[1].xin, mono.item[1].xout, mono.item[1].xwidth);
    row_pub(r, "002.t1.xbar256", s);
    r = row_new(p, "Monolithic 256-bit register file, total", RS_MODELLED, "mm2");
    r->ours = tm.total_mm2;
    r->detail = tm;
    r->has_detail = 1;
    snprintf(r->config, sizeof r->config, "%s", mono.config);
    row_pub(r, "002.t1.total256", s);
    row_note(r, "one 256-bit lane: the 8 ALUs of the TSIMT core as one 8-wide lane (LANES 1, "
                "K 8), the same warps and registers");

    r = row_new(p, "SRAM bank 1 KB at 32 b (1 RW port)", RS_MODELLED, "mm2");
    r->ours = rl[0].total_mm2;
    r->detail = rl[0];
    r->has_detail = 1;
    snprintf(r->config, sizeof r->config, "%s: ram %lu x %u b, 1 RW port", cl,
             lanes.item[0].arr.entries, lanes.item[0].arr.width);
    row_pub(r, "002.t1.bank32", s);
    r = row_new(p, "SRAM, 64 banks of 1 KB at 32 b", RS_MODELLED, "mm2");
    r->ours = rl[0].total_mm2 * lanes.item[0].count;
    row_scaled(r, &rl[0], lanes.item[0].count);
    snprintf(r->config, sizeof r->config, "%s: %u banks", cl, lanes.item[0].count);
    row_pub(r, "002.t1.banks32", s);
    r = row_new(p, "Crossbar 8x8 at 32 b", RS_MODELLED, "mm2");
    r->ours = rl[1].total_mm2;
    r->detail = rl[1];
    r->has_detail = 1;
    snprintf(r->config, sizeof r->config, "%s: %u x %u ports of %u b, global wires", cl,
             lanes.item[1].xin, lanes.item[1].xout, lanes.item[1].xwidth);
    row_pub(r, "002.t1.xbar32", s);
    r = row_new(p, "Crossbars, 8 of 8x8 at 32 b", RS_MODELLED, "mm2");
    r->ours = rl[1].total_mm2 * lanes.item[1].count;
    row_scaled(r, &rl[1], lanes.item[1].count);
    snprintf(r->config, sizeof r->config, "%s: %u crossbars, one per lane", cl,
             lanes.item[1].count);
    row_pub(r, "002.t1.xbars32", s);
    r = row_new(p, "8 x 32-bit lane register files, total", RS_MODELLED, "mm2");
    r->ours = tl.total_mm2;
    r->detail = tl;
    r->has_detail = 1;
    snprintf(r->config, sizeof r->config, "%s", lanes.config);
    row_pub(r, "002.t1.total32", s);
    row_note(r, "the TSIMT core's default cfg: each lane's banks hold its own warps' registers");

    r = summary(p, "Lane register files minus monolithic", "mm2", tl.total_mm2 - tm.total_mm2);
    r->published = (area_pub_find("002.t1.total32")->value - area_pub_find("002.t1.total256")->value) *
                   s;
    snprintf(r->source, sizeof r->source, "002 Table I (0.4943 - 2.2667, derived)");
    snprintf(r->mech, sizeof r->mech, "TSIMT: lane register files");
    {
        const area_result *plus[1] = {&tl}, *minus[1] = {&tm};
        mech_detail(r, plus, 1, minus, 1);
    }
    row_note(r, "negative: the lane register files save area (Table I's comparison; the lanes' "
                "sequencers and the front end are the rows below)");
    r = summary(p, "Lane register files vs monolithic", "%", tl.total_mm2 / tm.total_mm2 * 100.0);
    r->published =
        area_pub_find("002.t1.total32")->value / area_pub_find("002.t1.total256")->value * 100.0;
    snprintf(r->source, sizeof r->source, "002 Table I (0.4943 / 2.2667, derived)");
    alloc_rf_rows(p, t, &lc, T1_REGS, T1_BANKS, s);
    /* the TSIMT lane and front end from their C models' cfgs (002 has no
     * area for them): 8 lanes, 32 warps of 32 threads (tsimt_frontend's
     * defaults are 002's configuration, Table III) */
    {
        tsimt_frontend_cfg fc = tsimt_frontend_default_cfg();
        tsimt_lane_cfg lc = tsimt_frontend_lane_cfg(&fc);
        area_desc d;
        double fe = NAN;
        r = row_new(p, "TSIMT lane: registers and sequencer (one lane)", RS_MODELLED, "mm2");
        if (area_desc_tsimt_lane(&lc, 0, &d) == NULL)
            row_desc(r, t, &d);
        row_note(r, "verilog/tsimt_lane.v: instruction, warp id and mask registers, density-time "
                    "sequencer; 002 gives no area");
        r = row_new(p, "TSIMT front end with its lanes", RS_MODELLED, "mm2");
        if (area_desc_tsimt_frontend(&fc, 0, &d) == NULL)
            fe = row_desc(r, t, &d);
        row_note(r, "verilog/tsimt_frontend.v: a buffer slot per warp, round-robin issue, "
                    "conflict counters, and the lanes; 002 gives no area");
        r = summary(p, "Total, structures modelled from cfgs", "mm2", fe);
        row_note(r, "the TSIMT front end and its lanes (the register files above are Table I's "
                    "comparison, from the same cfg, and not added here)");
    }
    finish(p);
}

/* ------------------------------------------------------------------ 003 */

/* Area in F^2 of a bit cell with `ports` bitline ports (the array
 * model's cell law, array.h), for the notes. */
static double cell_f2(const area_tech *t, unsigned ports)
{
    double h0 = sqrt(t->node.cell_f2 / t->node.cell_aspect), w0 = h0 * t->node.cell_aspect;
    double grow = 2.0 * t->node.pitch_local_f * (ports - 1);
    return (h0 + grow) * (w0 + grow);
}

void area_paper_003(area_paper_report *p, const area_tech *t, double s)
{
    simt_stack_cfg cfg = simt_stack_default_cfg(); /* 003's: 48 warps, 32 lanes */
    double spe, dpe = NAN, ssb = NAN, dpe_obs = NAN, spe_obs = NAN;
    area_result r11, r7;
    int have_obs = 0;
    area_row *r;
    unsigned dw, dl, dd, dp, de, spe_bits = area_simt_stack_entry_bits(&cfg);
    unsigned d_spe = (unsigned)area_pub_find("003.depth.spe")->value;
    unsigned d_dpe = (unsigned)area_pub_find("003.depth.dpe")->value;
    char note[480];
    (void)s;
    snprintf(p->title, sizeof p->title,
             "Dual-path execution (Rhu & Erez, HPCA 2013): 48 warps of 32 threads");
    snprintf(p->baseline, sizeof p->baseline,
             "the SPE stack (a single-path scoreboard is not modelled: no published area either)");
    r = row_new(p, "SPE stack entry", RS_MODELLED, "bits");
    r->ours = spe_bits;
    snprintf(r->config, sizeof r->config, "simt_stack_cfg: 2 x %u-bit PC + %u lanes",
             cfg.pc_bits, cfg.lanes);
    row_pub(r, "003.entry.spe", 1);
    area_dpe_stack_defaults(&dw, &dl, &dd, &dp, &de);
    r = row_new(p, "DPE stack entry", RS_MODELLED, "bits");
    r->ours = de;
    snprintf(r->config, sizeof r->config, "dpe_stack_cfg: 3 x %u-bit PC + 2 x %u lanes + 2 valid",
             dp, dl);
    row_pub(r, "003.entry.dpe", 1);
    row_note(r, "the paper counts PCs and masks only, not the two valid bits");
    r = row_new(p, "DPE entry: PC bits per path", RS_MODELLED, "bits");
    r->ours = dp;
    snprintf(r->config, sizeof r->config, "dpe_stack_cfg: PC %u bits, mask %u bits (lanes)", dp,
             dl);
    row_pub(r, "003.entry.pc", 1);
    row_note(r, "the PC; the mask is one bit per lane, 32 at 003's warp width");
    r = row_new(p, "Deepest SPE stack observed", RS_SUMMARY, "entries");
    row_pub(r, "003.depth.spe", 1);
    row_note(r, "measured over 003's benchmarks: not hardware; used as the SPE depth below");
    r = row_new(p, "Deepest DPE stack observed", RS_SUMMARY, "entries");
    row_pub(r, "003.depth.dpe", 1);
    row_note(r, "measured over 003's benchmarks: not hardware; used as the DPE depth below");
    r = row_new(p, "Benchmarks evaluated in detail", RS_SUMMARY, "count");
    row_pub(r, "003.bench", 1);
    row_note(r, "a count of 003's workloads, not hardware");
    spe = spe_row(p, t, "SPE stack", &cfg, RS_MODELLED);
    {
        area_desc d;
        r = row_new(p, "DPE stack", RS_MODELLED, "mm2");
        if (area_desc_dpe_stack(0, 0, 0, 0, 0, &d) == NULL)
            dpe = row_desc(r, t, &d);
        row_note(r, "organisation of verilog/dpe_stack.v");
    }
    /* 003 sec. 6.5: deepest stacks observed, 11 (SPE) and 7 (DPE) */
    {
        simt_stack_cfg c11 = spe_cfg(0, 0, d_spe);
        area_desc d11, d7;
        r = summary(p, "DPE vs SPE stack storage, depths observed (7 vs 11)", "%",
                    (double)d_dpe * de / ((double)d_spe * spe_bits) * 100.0);
        snprintf(r->pub_text, sizeof r->pub_text, "\"very similar\"");
        snprintf(r->source, sizeof r->source, "003 sec. 6.5");
        snprintf(r->config, sizeof r->config, "%u x %u bits against %u x %u bits", d_dpe, de,
                 d_spe, spe_bits);
        r = summary(p, "DPE vs SPE stack area, depths observed (7 vs 11)", "%", NAN);
        snprintf(r->pub_text, sizeof r->pub_text, "\"negligible\"");
        snprintf(r->source, sizeof r->source, "003 sec. 6.5");
        if (area_desc_simt_stack(&c11, 0, &d11) == NULL &&
            area_desc_dpe_stack(0, 0, d_dpe, 0, 0, &d7) == NULL &&
            area_desc_eval(t, &d11, &r11, NULL) == NULL &&
            area_desc_eval(t, &d7, &r7, NULL) == NULL) {
            r->ours = (r7.total_mm2 / r11.total_mm2 - 1.0) * 100.0;
            dpe_obs = r7.total_mm2;
            spe_obs = r11.total_mm2;
            have_obs = 1;
            snprintf(r->config, sizeof r->config, "DPE depth %u: %.4g mm2, SPE depth %u: %.4g mm2",
                     d_dpe, r7.total_mm2, d_spe, r11.total_mm2);
            /* why ours contradicts "negligible", in numbers a reader can check */
            snprintf(note, sizeof note,
                     "Why not negligible: 003 compares bits (%u x %u vs %u x %u, the row above), "
                     "but area follows the ports: our SPE RTL (verilog/simt_stack.v) reads its pc "
                     "field on 3 ports and writes it on 3, a 6-port cell of %.0f F^2, where the "
                     "DPE RTL's fields have at most 3 ports (%.0f F^2): %.1fx per bit outweighs "
                     "the %.2fx bits",
                     d_dpe, de, d_spe, spe_bits, cell_f2(t, 6), cell_f2(t, 3),
                     cell_f2(t, 6) / cell_f2(t, 3),
                     (double)d_dpe * de / ((double)d_spe * spe_bits));
            row_note(r, note);
        }
    }
    {
        area_desc d;
        unsigned sw, se, sr, sbits, sshadow, k;
        area_shadow_scoreboard_defaults(&sw, &se, &sr, &sbits, &sshadow);
        r = row_new(p, "Scoreboard with shadow bits (L and R tables)", RS_MODELLED, "mm2");
        if (area_desc_shadow_scoreboard(0, 0, 0, 0, &d) == NULL)
            ssb = row_desc(r, t, &d);
        row_note(r, "organisation from rtl_c/shadow_scoreboard.h (ports: 1 issue, 1 query of 4 "
                    "operands, 2 writebacks)");
        /* the share at the two register counts 003 names: 64 (Fermi), 256 (Kepler) */
        for (k = 0; k < 2; k++) {
            unsigned regs = (unsigned)area_pub_find(k ? "003.regs.hi" : "003.regs.lo")->value;
            unsigned eb = area_shadow_scoreboard_entry_bits(regs);
            char l[96];
            snprintf(l, sizeof l, "Shadow bits, share of storage, %u registers", regs);
            r = row_new(p, l, RS_MODELLED, "%");
            r->ours = eb ? 100.0 * sshadow / eb : NAN;
            snprintf(r->config, sizeof r->config,
                     "shadow_scoreboard_cfg at %u registers: %u of %u bits per entry {valid, "
                     "shadow, register id}", regs, sshadow, eb);
            row_pub(r, k ? "003.shadow.lo" : "003.shadow.hi", 1);
            row_note(r, k ? "003's low end (7%), which it ties to 256 registers"
                          : "003's high end (14%), which it ties to 64 registers");
            if (k) {
                char why[240];
                snprintf(why, sizeof why, "Why higher: our entry is {valid, shadow, %u-bit "
                         "register id}, 1 shadow bit in %u; 003's 7%% implies about 14 bits "
                         "per entry, which it does not break down", eb - 2u, eb);
                row_note(r, why);
            }
        }
        r = row_new(p, "Registers per thread, Fermi", RS_MODELLED, "regs");
        r->ours = sr;
        snprintf(r->config, sizeof r->config, "shadow_scoreboard_default_cfg().regs");
        row_pub(r, "003.regs.lo", 1);
        r = row_new(p, "Registers per thread, Kepler", RS_SUMMARY, "regs");
        row_pub(r, "003.regs.hi", 1);
        row_note(r, "used for the 256-register share above");
    }
    r = row_new(p, "Scoreboard, two paths against one", RS_NOT_MODELLED, "%");
    snprintf(r->pub_text, sizeof r->pub_text, "\"roughly doubles\"");
    snprintf(r->source, sizeof r->source, "003 sec. 6.5");
    row_note(r, "not modelled yet: no single-path scoreboard structure exists (the shadow "
                "scoreboard above is the two-path one)");
    r = row_new(p, "Warp scheduler, two paths against one", RS_NOT_MODELLED, "%");
    snprintf(r->pub_text, sizeof r->pub_text, "\"roughly doubles\"");
    snprintf(r->source, sizeof r->source, "003 sec. 6.5");
    row_note(r, "not modelled yet: no warp-scheduler or instruction-buffer structure for 003 "
                "exists");
    r = summary(p, "DPE additions: stack (7) + shadow scoreboard - SPE stack (11)", "mm2",
                dpe_obs + ssb - spe_obs);
    snprintf(r->mech, sizeof r->mech, "DPE: stack and scoreboard");
    if (have_obs) {
        const area_result *plus[2] = {&r7, row_detail(p, "Scoreboard with shadow bits (L and R tables)")};
        const area_result *minus[1] = {&r11};
        mech_detail(r, plus, 2, minus, 1);
    }
    r->partial = 1;
    row_note(r, "stacks at the depths 003 observed; 003 gives no area; the single-path "
                "scoreboard the shadow one replaces is not modelled (no such structure), so "
                "this is an upper bound");
    r = summary(p, "Total, structures modelled from cfgs", "mm2",
                spe + (isnan(dpe) ? 0 : dpe) + (isnan(ssb) ? 0 : ssb));
    row_note(r, "the SPE and DPE stacks and the shadow scoreboard");
    finish(p);
}

/* ------------------------------------------------------------------ 004 */

void area_paper_004(area_paper_report *p, const area_tech *t, double s)
{
    simt_stack_cfg cfg = spe_cfg(1024 / 32, 32, 0); /* 32 lanes, 1024 threads per core */
    double stack, single, banked, lwm = NAN, tls = NAN;
    area_row *r;
    (void)s;
    snprintf(p->title, sizeof p->title,
             "Large warps and two-level scheduling (Narasiman et al., MICRO 2011): 32 lanes, "
             "1024 threads");
    snprintf(p->baseline, sizeof p->baseline,
             "the modelled parts of the baseline core: SIMT stack + single-decoder register file");
    stack = spe_row(p, t, "SIMT stack, baseline (sec. 2.3)", &cfg, RS_MODELLED);
    /* 64 KB: 16 registers per thread x 1024 threads x 32 bits */
    /* 64 KB: 32 lanes x 512 x 32 bits, 16 registers per thread (004 Table 1) */
    single = lrf_row(p, t, "Register file 64 KB, one decoder", 32, 512, 16,
                     LRF_ORG_SINGLE_DECODER, NULL, s, 0);
    row_note(&p->rows[p->nrows - 1], "004 Table 1 geometry; 2R1W as the lane_regfile model");
    banked = lrf_row(p, t, "Register file 64 KB, a decoder per lane (Fig. 5)", 32, 512, 16,
                     LRF_ORG_PER_LANE, NULL, s, 0);
    lrf_energy_rows(p, t, "Register file 64 KB", 32, 512, 16);
    {
        static const char *const ids[] = {"004.rf.lo", "004.rf.hi", "004.rf.fung"};
        char why004[300];
        double c1 = p->rows[p->nrows - 2].detail.cls[AC_CELLS],
               c2 = p->rows[p->nrows - 1].detail.cls[AC_CELLS];
        /* the same cells, 32 banks' periphery: what the percentage measures */
        snprintf(why004, sizeof why004,
                 "Why higher: the cited figures are other designs ([10] Imagine, [8] 000 at 16 "
                 "lanes); ours splits one 512-row array into 32 banks of 512 x 32 b, each with "
                 "its own decoders, drivers and edge latches: cells %.3f -> %.3f mm2, the rest "
                 "%.3f -> %.3f mm2", c1, c2, single - c1, banked - c2);
        static const char *const labs[] = {
            "Per-lane decoders: register file increase, [10] low",
            "Per-lane decoders: register file increase, [10] high",
            "Per-lane decoders: register file increase, [8]"};
        unsigned k;
        for (k = 0; k < 3; k++) {
            r = summary(p, labs[k], "%", (banked - single) / single * 100.0);
            row_pub(r, ids[k], 1);
            snprintf(r->source, sizeof r->source, "004 sec. 3.4 (cited estimate)");
            row_note(r, "ours: the per-lane register file over the single-decoder one above");
            row_note(r, why004);
        }
    }
    r = row_new(p, "Per-lane decoders: chip area, [10] low", RS_SUMMARY, "%");
    row_pub(r, "004.chip.lo", 1);
    row_note(r, "not modelled: a share of a whole chip (Imagine), which we do not cost");
    r = row_new(p, "Per-lane decoders: chip area, [10] high", RS_SUMMARY, "%");
    row_pub(r, "004.chip.hi", 1);
    row_note(r, "not modelled: a share of a whole chip (Imagine), which we do not cost");
    r = row_new(p, "Per-lane decoders: GPU area, [8]", RS_SUMMARY, "%");
    row_pub(r, "004.chip.fung", 1);
    row_note(r, "not modelled: a share of a whole GPU; 000's own figure, 4.7%, is in the 000 "
                "report");
    /* 004 sec. 3.4's storage, from lwm_subwarp_cfg at 004's configuration
     * (its defaults: 4 large warps of 8 x 32 = 256 threads, 1024 threads) */
    {
        lwm_subwarp_cfg lc = lwm_subwarp_default_cfg();
        two_level_sched_cfg tc = two_level_sched_default_cfg();
        area_desc d;
        char cfgtxt[200], why[400];
        double bits = (double)lwm_subwarp_copy_bits(&lc) + lwm_subwarp_buffer_bits(&lc) +
                      lwm_subwarp_inflight_bits(&lc);
        snprintf(cfgtxt, sizeof cfgtxt, "lwm_subwarp_cfg: %u large warps of K %u x N %u: K*N",
                 lc.large_warps, lc.rows, lc.cols);
        bits_row(p, "Sub-warping copy of the active mask", lwm_subwarp_copy_bits(&lc), cfgtxt,
                 "004.lwm.copy");
        snprintf(cfgtxt, sizeof cfgtxt, "lwm_subwarp_cfg: taken_q + ntaken_q = 2*K*N (K %u, N %u)",
                 lc.rows, lc.cols);
        bits_row(p, "Temporary active-mask buffers (2 paths)", lwm_subwarp_buffer_bits(&lc),
                 cfgtxt, "004.lwm.tmp");
        snprintf(cfgtxt, sizeof cfgtxt, "lwm_subwarp_cfg: LARGE_WARPS*K*N = %u x %u x %u",
                 lc.large_warps, lc.rows, lc.cols);
        bits_row(p, "In-flight bit per thread", lwm_subwarp_inflight_bits(&lc), cfgtxt,
                 "004.lwm.inflight");
        snprintf(cfgtxt, sizeof cfgtxt, "lwm_subwarp_cfg: K*N + 2*K*N + LARGE_WARPS*K*N = %g "
                 "bytes (004: 224)", bits / 8.0);
        bits_row(p, "Large-warp extra storage per core", bits, cfgtxt, "004.lwm.bits");
        row_note(&p->rows[p->nrows - 1], "the unit's control registers (busy, current large "
                 "warp, sub-warp counts, branch state) are not in 004's count");
        r = row_new(p, "Large-warp sub-warping unit (lwm_subwarp)", RS_MODELLED, "mm2");
        lwm = area_desc_lwm_subwarp(&lc, 0, &d) ? NAN : row_desc(r, t, &d);
        row_note(r, "004 gives no area; verilog/lwm_subwarp.v: the three arrays in flip-flops "
                    "(every bit read each cycle), picker, completion and branch gathering");
        snprintf(cfgtxt, sizeof cfgtxt, "two_level_sched_cfg: %u warps in groups of %u: top "
                 "%u + %u pointers x %u + counter %u (timeout %u)", tc.warps, tc.group_size,
                 two_level_sched_grp_w(&tc), two_level_sched_groups(&tc),
                 two_level_sched_ptr_w(&tc), two_level_sched_cnt_w(&tc), tc.timeout);
        bits_row(p, "Two-level scheduling extra storage", two_level_sched_state_bits(&tc), cfgtxt,
                 "004.tls.bits");
        /* 004 says none; ours holds registers: say why, checkably */
        snprintf(why, sizeof why,
                 "Why not 0: 004 counts only mask-scale storage, but the scheduler must "
                 "remember the top group (%u b), a round-robin pointer per group (%u x %u b, "
                 "where round robin over all warps needs one of %u b) and the %u-instruction "
                 "timeout count (%u b)", two_level_sched_grp_w(&tc), two_level_sched_groups(&tc),
                 two_level_sched_ptr_w(&tc), two_level_sched_warp_w(&tc), tc.timeout,
                 two_level_sched_cnt_w(&tc));
        row_note(&p->rows[p->nrows - 1], why);
        r = row_new(p, "Two-level scheduler (two_level_sched)", RS_MODELLED, "mm2");
        tls = area_desc_two_level_sched(&tc, 0, &d) ? NAN : row_desc(r, t, &d);
        row_note(r, "004 gives no area (\"a simple logic block in the fetch stage\"); the "
                    "baseline's round-robin scheduler is not modelled, so this is not a "
                    "difference");
    }
    r = summary(p, "LWM: per-lane decoders + sub-warping unit (mm2)", "mm2",
                banked - single + lwm);
    snprintf(r->mech, sizeof r->mech, "LWM: decoders + sub-warping");
    {
        const area_result *plus[2] = {row_detail(p, "Register file 64 KB, a decoder per lane (Fig. 5)"),
                                      row_detail(p, "Large-warp sub-warping unit (lwm_subwarp)")};
        const area_result *minus[1] = {row_detail(p, "Register file 64 KB, one decoder")};
        mech_detail(r, plus, 2, minus, 1);
    }
    row_note(r, "the per-lane register-file decoders (004 Fig. 5) and lwm_subwarp; 004 gives no "
                "area");
    r = summary(p, "Total, structures modelled from cfgs", "mm2", stack + lwm + tls);
    row_note(r, "the SIMT stack, lwm_subwarp and two_level_sched");
    r = summary(p, "Overhead vs baseline core (modelled parts)", "%",
                (banked - single + lwm) / (stack + single) * 100.0);
    row_note(r, "ours: per-lane decoders and the sub-warping unit over the baseline stack and "
                "single-decoder register file");
    finish(p);
}
