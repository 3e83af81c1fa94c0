/* SPDX-License-Identifier: Apache-2.0 */
/*
 * papers_003.c -- the area report of paper 003 (dual-path execution): the
 * DPE stack and shadow scoreboard.
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
    simt_stack_cfg cfg = paper_spe_cfg(0, 0, 0); /* 003's: 48 warps, 32 lanes; MERGE 0 */
    dpe_stack_cfg dpe_cfg = dpe_stack_default_cfg(), dpe_cfg7;
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
    r = paper_row_new(p, "SPE stack entry", RS_MODELLED, "bits");
    r->ours = spe_bits;
    snprintf(r->config, sizeof r->config, "simt_stack_cfg: 2 x %u-bit PC + %u lanes",
             cfg.pc_bits, cfg.lanes);
    paper_row_pub(r, "003.entry.spe", 1);
    area_dpe_stack_defaults(&dw, &dl, &dd, &dp, &de);
    r = paper_row_new(p, "DPE stack entry", RS_MODELLED, "bits");
    r->ours = de;
    snprintf(r->config, sizeof r->config, "dpe_stack_cfg: 3 x %u-bit PC + 2 x %u lanes + 2 valid",
             dp, dl);
    paper_row_pub(r, "003.entry.dpe", 1);
    paper_row_note(r, "the paper counts PCs and masks only, not the two valid bits");
    r = paper_row_new(p, "DPE entry: PC bits per path", RS_MODELLED, "bits");
    r->ours = dp;
    snprintf(r->config, sizeof r->config, "dpe_stack_cfg: PC %u bits, mask %u bits (lanes)", dp,
             dl);
    paper_row_pub(r, "003.entry.pc", 1);
    paper_row_note(r, "the PC; the mask is one bit per lane, 32 at 003's warp width");
    r = paper_row_new(p, "Deepest SPE stack observed", RS_SUMMARY, "entries");
    paper_row_pub(r, "003.depth.spe", 1);
    paper_row_note(r, "measured over 003's benchmarks: not hardware; used as the SPE depth below");
    r = paper_row_new(p, "Deepest DPE stack observed", RS_SUMMARY, "entries");
    paper_row_pub(r, "003.depth.dpe", 1);
    paper_row_note(r, "measured over 003's benchmarks: not hardware; used as the DPE depth below");
    r = paper_row_new(p, "Benchmarks evaluated in detail", RS_SUMMARY, "count");
    paper_row_pub(r, "003.bench", 1);
    paper_row_note(r, "a count of 003's workloads, not hardware");
    spe = paper_spe_row(p, t, "SPE stack", &cfg, RS_MODELLED);
    /* 003's DPE pushes every suspension: MERGE 0, as the SPE stack above
     * (our COMPACT, dpe_stack.h "Forward progress", is a departure) */
    dpe_cfg.merge = 0;
    {
        area_desc d;
        r = paper_row_new(p, "DPE stack", RS_MODELLED, "mm2");
        if (area_desc_dpe_stack_cfg(&dpe_cfg, 0, &d) == NULL)
            dpe = paper_row_desc(r, t, &d);
        paper_row_note(r, "organisation of verilog/dpe_stack.v");
    }
    /* 003 sec. 6.5: deepest stacks observed, 11 (SPE) and 7 (DPE) */
    {
        simt_stack_cfg c11 = paper_spe_cfg(0, 0, d_spe);
        dpe_cfg7 = dpe_cfg;
        dpe_cfg7.depth = d_dpe;
        area_desc d11, d7;
        r = paper_summary(p, "DPE vs SPE stack storage, depths observed (7 vs 11)", "%",
                          (double)d_dpe * de / ((double)d_spe * spe_bits) * 100.0);
        snprintf(r->pub_text, sizeof r->pub_text, "\"very similar\"");
        snprintf(r->source, sizeof r->source, "003 sec. 6.5");
        snprintf(r->config, sizeof r->config, "%u x %u bits against %u x %u bits", d_dpe, de,
                 d_spe, spe_bits);
        r = paper_summary(p, "DPE vs SPE stack area, depths observed (7 vs 11)", "%", NAN);
        snprintf(r->pub_text, sizeof r->pub_text, "\"negligible\"");
        snprintf(r->source, sizeof r->source, "003 sec. 6.5");
        if (area_desc_simt_stack(&c11, 0, &d11) == NULL &&
            area_desc_dpe_stack_cfg(&dpe_cfg7, 0, &d7) == NULL &&
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
            paper_row_note(r, note);
        }
    }
    {
        area_desc d;
        unsigned sw, se, sr, sbits, sshadow, k;
        area_shadow_scoreboard_defaults(&sw, &se, &sr, &sbits, &sshadow);
        r = paper_row_new(p, "Scoreboard with shadow bits (L and R tables)", RS_MODELLED, "mm2");
        if (area_desc_shadow_scoreboard(0, 0, 0, 0, &d) == NULL)
            ssb = paper_row_desc(r, t, &d);
        paper_row_note(r,
                       "organisation from rtl_c/shadow_scoreboard.h (ports: 1 issue, 1 query of 4 "
                       "operands, 2 writebacks)");
        /* the share at the two register counts 003 names: 64 (Fermi), 256 (Kepler) */
        for (k = 0; k < 2; k++) {
            unsigned regs = (unsigned)area_pub_find(k ? "003.regs.hi" : "003.regs.lo")->value;
            unsigned eb = area_shadow_scoreboard_entry_bits(regs);
            char l[96];
            snprintf(l, sizeof l, "Shadow bits, share of storage, %u registers", regs);
            r = paper_row_new(p, l, RS_MODELLED, "%");
            r->ours = eb ? 100.0 * sshadow / eb : NAN;
            snprintf(r->config, sizeof r->config,
                     "shadow_scoreboard_cfg at %u registers: %u of %u bits per entry {valid, "
                     "shadow, register id}", regs, sshadow, eb);
            paper_row_pub(r, k ? "003.shadow.lo" : "003.shadow.hi", 1);
            paper_row_note(r, k ? "003's low end (7%), which it ties to 256 registers"
                                : "003's high end (14%), which it ties to 64 registers");
            if (k) {
                char why[240];
                snprintf(why, sizeof why, "Why higher: our entry is {valid, shadow, %u-bit "
                         "register id}, 1 shadow bit in %u; 003's 7%% implies about 14 bits "
                         "per entry, which it does not break down", eb - 2u, eb);
                paper_row_note(r, why);
            }
        }
        r = paper_row_new(p, "Registers per thread, Fermi", RS_MODELLED, "regs");
        r->ours = sr;
        snprintf(r->config, sizeof r->config, "shadow_scoreboard_default_cfg().regs");
        paper_row_pub(r, "003.regs.lo", 1);
        r = paper_row_new(p, "Registers per thread, Kepler", RS_SUMMARY, "regs");
        paper_row_pub(r, "003.regs.hi", 1);
        paper_row_note(r, "used for the 256-register share above");
    }
    r = paper_row_new(p, "Scoreboard, two paths against one", RS_NOT_MODELLED, "%");
    snprintf(r->pub_text, sizeof r->pub_text, "\"roughly doubles\"");
    snprintf(r->source, sizeof r->source, "003 sec. 6.5");
    paper_row_note(r, "not modelled yet: no single-path scoreboard structure exists (the shadow "
                      "scoreboard above is the two-path one)");
    r = paper_row_new(p, "Warp scheduler, two paths against one", RS_NOT_MODELLED, "%");
    snprintf(r->pub_text, sizeof r->pub_text, "\"roughly doubles\"");
    snprintf(r->source, sizeof r->source, "003 sec. 6.5");
    paper_row_note(r, "not modelled yet: no warp-scheduler or instruction-buffer structure for 003 "
                      "exists");
    r = paper_summary(p, "DPE additions: stack (7) + shadow scoreboard - SPE stack (11)", "mm2",
                      dpe_obs + ssb - spe_obs);
    snprintf(r->mech, sizeof r->mech, "DPE: stack and scoreboard");
    if (have_obs) {
        const area_result *plus[2] = {
            &r7, paper_row_detail(p, "Scoreboard with shadow bits (L and R tables)")};
        const area_result *minus[1] = {&r11};
        paper_mech_detail(r, plus, 2, minus, 1);
    }
    r->partial = 1;
    paper_row_note(r, "stacks at the depths 003 observed; 003 gives no area; the single-path "
                      "scoreboard the shadow one replaces is not modelled (no such structure), so "
                      "this is an upper bound");
    r = paper_summary(p, "Total, structures modelled from cfgs", "mm2",
                      spe + (isnan(dpe) ? 0 : dpe) + (isnan(ssb) ? 0 : ssb));
    paper_row_note(r, "the SPE and DPE stacks and the shadow scoreboard");
    paper_finish(p);
}
