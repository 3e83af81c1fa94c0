/* SPDX-License-Identifier: Apache-2.0 */
/*
 * papers_002.c -- the area report of paper 002 (temporal SIMT): Table I's
 * register files and the TSIMT core.
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
    if (area_alloc_rf_cost(t, &a, fc->width, banks, &lane) ||
        area_alloc_rf_cost(t, &a, kmono, banks, &mono))
        return;
    a.vregs = regs + 1u;
    if (area_alloc_rf_cost(t, &a, fc->width, banks, &lane1))
        return;
    a.vregs = regs;
    a.sregs = 1;
    if (area_alloc_rf_cost(t, &a, fc->width, banks, &sca1))
        return;
    area_desc vd, sd;
    r = paper_row_new(p, "Allocation: vector RF, per-lane 32-bit files", RS_MODELLED, "mm2");
    r->ours = lane.vec_mm2;
    if (!area_desc_alloc_rf(&a, fc->width, banks, &vd, &sd)) /* its breakdown and energy */
        paper_row_desc(r, t, &vd);
    snprintf(r->config, sizeof r->config, "%s; %u vector regs per thread, k = %u", cfg, regs,
             fc->width);
    paper_row_pub(r, "002.t1.total32", s);
    paper_row_note(r,
                   "Table I's allocation (16 vector registers, no scalar) through the allocation's "
                   "sizing: the same geometry as the row of the core's cfg above");
    r = paper_row_new(p, "Allocation: vector RF, monolithic 256-bit file", RS_MODELLED, "mm2");
    r->ours = mono.vec_mm2;
    if (!area_desc_alloc_rf(&a, kmono, banks, &vd, &sd))
        paper_row_desc(r, t, &vd);
    snprintf(r->config, sizeof r->config, "%s; %u vector regs per thread, k = %u", cfg, regs,
             kmono);
    paper_row_pub(r, "002.t1.total256", s);
    r = paper_summary(p, "Allocation: per-lane vs monolithic vector RF", "%",
                      lane.vec_mm2 / mono.vec_mm2 * 100.0);
    r->published =
        area_pub_find("002.t1.total32")->value / area_pub_find("002.t1.total256")->value * 100.0;
    snprintf(r->source, sizeof r->source, "002 Table I (0.4943 / 2.2667, derived)");
    r = paper_summary(p, "One more vector register per thread (per-lane files)", "mm2",
                      lane1.vec_mm2 - lane.vec_mm2);
    snprintf(r->config, sizeof r->config, "%s; %u -> %u vector regs: %lu more bits", cfg, regs,
             regs + 1u, lane1.vec_bits - lane.vec_bits);
    paper_row_note(r, "002 gives no area for a register; the rows round up to whole banks");
    r = paper_summary(p, "One scalar register per warp (per-lane files)", "mm2", sca1.sca_mm2);
    snprintf(r->config, sizeof r->config, "%s; 1 scalar reg: %lu bits in %u lanes", cfg,
             sca1.sca_bits, fc->lanes);
    paper_row_note(r,
                   "002 sec. 4.1: one value per warp instead of one per thread, in a 1R1W array "
                   "per lane (flip-flops or SRAM, the smaller); a small array costs more per bit");
    r = paper_summary(p, "Energy: a vector register of a warp, per-lane files", "pJ",
                      lane.vec_warp_read_nj * 1e3);
    snprintf(r->config, sizeof r->config, "%s; %u row reads of %u b + crossbar transfers", cfg,
             (fc->warp + fc->width - 1u) / fc->width, 32u * fc->width);
    paper_row_note(r, "area_desc_energy; 002 gives no energy per access");
    r = paper_summary(p, "Energy: a vector register of a warp, monolithic file", "pJ",
                      mono.vec_warp_read_nj * 1e3);
    snprintf(r->config, sizeof r->config, "%s; %u row reads of %u b + crossbar transfers", cfg,
             (fc->warp + kmono - 1u) / kmono, 32u * kmono);
    r = paper_summary(p, "Energy: a scalar register of a warp (one read)", "pJ",
                      sca1.sca_read_nj * 1e3);
    snprintf(r->config, sizeof r->config, "%s; the per-lane scalar array, one 32-bit read", cfg);
    paper_row_note(r, "a scalar operand is read once per warp instead of once per thread");
}

/* Table I's rows of one register file organisation: one SRAM bank, all
 * its banks, one 8x8 crossbar (d->item[0] the banks, d->item[1] the
 * crossbars, res their areas); bank is the bank's size ("8 KB"), bits the
 * width ("256"), which also keys the published figures (002.t1.bankBITS,
 * .banksBITS, .xbarBITS). */
static void t1_bank_rows(area_paper_report *p, double s, const char *cfg, const area_desc *d,
                         const area_result *res, const char *bank, const char *bits)
{
    char label[80], key[32];
    area_row *r;
    snprintf(label, sizeof label, "SRAM bank %s at %s b (1 RW port)", bank, bits);
    r = paper_row_new(p, label, RS_MODELLED, "mm2");
    r->ours = res[0].total_mm2;
    r->detail = res[0];
    r->has_detail = 1;
    snprintf(r->config, sizeof r->config, "%s: ram %lu x %u b, 1 RW port", cfg,
             d->item[0].arr.entries, d->item[0].arr.width);
    snprintf(key, sizeof key, "002.t1.bank%s", bits);
    paper_row_pub(r, key, s);
    snprintf(label, sizeof label, "SRAM, %u banks of %s at %s b", d->item[0].count, bank, bits);
    r = paper_row_new(p, label, RS_MODELLED, "mm2");
    r->ours = res[0].total_mm2 * d->item[0].count;
    paper_row_scaled(r, &res[0], d->item[0].count);
    snprintf(r->config, sizeof r->config, "%s: %u banks", cfg, d->item[0].count);
    snprintf(key, sizeof key, "002.t1.banks%s", bits);
    paper_row_pub(r, key, s);
    snprintf(label, sizeof label, "Crossbar 8x8 at %s b", bits);
    r = paper_row_new(p, label, RS_MODELLED, "mm2");
    r->ours = res[1].total_mm2;
    r->detail = res[1];
    r->has_detail = 1;
    snprintf(r->config, sizeof r->config, "%s: %u x %u ports of %u b, global wires", cfg,
             d->item[1].xin, d->item[1].xout, d->item[1].xwidth);
    snprintf(key, sizeof key, "002.t1.xbar%s", bits);
    paper_row_pub(r, key, s);
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

    t1_bank_rows(p, s, cm, &mono, rm, "8 KB", "256");
    r = paper_row_new(p, "Monolithic 256-bit register file, total", RS_MODELLED, "mm2");
    r->ours = tm.total_mm2;
    r->detail = tm;
    r->has_detail = 1;
    snprintf(r->config, sizeof r->config, "%s", mono.config);
    paper_row_pub(r, "002.t1.total256", s);
    paper_row_note(r, "one 256-bit lane: the 8 ALUs of the TSIMT core as one 8-wide lane (LANES 1, "
                      "K 8), the same warps and registers");

    t1_bank_rows(p, s, cl, &lanes, rl, "1 KB", "32");
    r = paper_row_new(p, "Crossbars, 8 of 8x8 at 32 b", RS_MODELLED, "mm2");
    r->ours = rl[1].total_mm2 * lanes.item[1].count;
    paper_row_scaled(r, &rl[1], lanes.item[1].count);
    snprintf(r->config, sizeof r->config, "%s: %u crossbars, one per lane", cl,
             lanes.item[1].count);
    paper_row_pub(r, "002.t1.xbars32", s);
    r = paper_row_new(p, "8 x 32-bit lane register files, total", RS_MODELLED, "mm2");
    r->ours = tl.total_mm2;
    r->detail = tl;
    r->has_detail = 1;
    snprintf(r->config, sizeof r->config, "%s", lanes.config);
    paper_row_pub(r, "002.t1.total32", s);
    paper_row_note(r,
                   "the TSIMT core's default cfg: each lane's banks hold its own warps' registers");

    r = paper_summary(p, "Lane register files minus monolithic", "mm2",
                      tl.total_mm2 - tm.total_mm2);
    r->published =
        (area_pub_find("002.t1.total32")->value - area_pub_find("002.t1.total256")->value) * s;
    snprintf(r->source, sizeof r->source, "002 Table I (0.4943 - 2.2667, derived)");
    snprintf(r->mech, sizeof r->mech, "TSIMT: lane register files");
    {
        const area_result *plus[1] = {&tl}, *minus[1] = {&tm};
        paper_mech_detail(r, plus, 1, minus, 1);
    }
    paper_row_note(r,
                   "negative: the lane register files save area (Table I's comparison; the lanes' "
                   "sequencers and the front end are the rows below)");
    r = paper_summary(p, "Lane register files vs monolithic", "%",
                      tl.total_mm2 / tm.total_mm2 * 100.0);
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
        r = paper_row_new(p, "TSIMT lane: registers and sequencer (one lane)", RS_MODELLED, "mm2");
        if (area_desc_tsimt_lane(&lc, 0, &d) == NULL)
            paper_row_desc(r, t, &d);
        paper_row_note(
            r, "verilog/tsimt_lane.v: instruction, warp id and mask registers, density-time "
               "sequencer; 002 gives no area");
        r = paper_row_new(p, "TSIMT front end with its lanes", RS_MODELLED, "mm2");
        if (area_desc_tsimt_frontend(&fc, 0, &d) == NULL)
            fe = paper_row_desc(r, t, &d);
        paper_row_note(r, "verilog/tsimt_frontend.v: a buffer slot per warp, round-robin issue, "
                          "conflict counters, and the lanes; 002 gives no area");
        r = paper_summary(p, "Total, structures modelled from cfgs", "mm2", fe);
        paper_row_note(r,
                       "the TSIMT front end and its lanes (the register files above are Table I's "
                       "comparison, from the same cfg, and not added here)");
    }
    paper_finish(p);
}
