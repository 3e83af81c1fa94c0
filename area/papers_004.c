/* SPDX-License-Identifier: Apache-2.0 */
/*
 * papers_004.c -- the area report of paper 004 (large warps, two-level
 * scheduling): the sub-warping unit, the two-level scheduler and the
 * register files of Fig. 5.
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

/* ------------------------------------------------------------------ 004 */

void area_paper_004(area_paper_report *p, const area_tech *t, double s)
{
    simt_stack_cfg cfg = paper_spe_cfg(1024 / 32, 32, 0); /* 32 lanes, 1024 threads per core */
    double stack, single, banked, lwm = NAN, tls = NAN;
    area_row *r;
    (void)s;
    snprintf(p->title, sizeof p->title,
             "Large warps and two-level scheduling (Narasiman et al., MICRO 2011): 32 lanes, "
             "1024 threads");
    snprintf(p->baseline, sizeof p->baseline,
             "the modelled parts of the baseline core: SIMT stack + single-decoder register file");
    stack = paper_spe_row(p, t, "SIMT stack, baseline (sec. 2.3)", &cfg, RS_MODELLED);
    /* 64 KB: 16 registers per thread x 1024 threads x 32 bits */
    /* 64 KB: 32 lanes x 512 x 32 bits, 16 registers per thread (004 Table 1) */
    double c1, c2;
    single = paper_lrf_row(p, t, "Register file 64 KB, one decoder", 32, 512, 16,
                           LRF_ORG_SINGLE_DECODER, NULL, s, 0);
    c1 = p->rows[p->nrows - 1].detail.cls[AC_CELLS];
    paper_row_note(&p->rows[p->nrows - 1], "004 Table 1 geometry; 2R1W as the lane_regfile model");
    banked = paper_lrf_row(p, t, "Register file 64 KB, a decoder per lane (Fig. 5)", 32, 512, 16,
                           LRF_ORG_PER_LANE, NULL, s, 0);
    c2 = p->rows[p->nrows - 1].detail.cls[AC_CELLS];
    paper_lrf_energy_rows(p, t, "Register file 64 KB", 32, 512, 16);
    {
        static const char *const ids[] = {"004.rf.lo", "004.rf.hi", "004.rf.fung"};
        char why004[400];
        /* the same cells, 32 banks' periphery: what the percentage measures
         * (c1, c2: the two register-file rows' cells) */
        if (banked >= single)
            snprintf(why004, sizeof why004,
                     "Why higher: the cited figures are other designs ([10] Imagine, [8] 000 at 16 "
                     "lanes); ours splits one 512-row array into 32 banks of 512 x 32 b, each with "
                     "its own decoders, drivers and edge latches: cells %.3f -> %.3f mm2, the rest "
                     "%.3f -> %.3f mm2", c1, c2, single - c1, banked - c2);
        else /* the single decoder's 1024-bit word: its channel floor (issue 29) */
            snprintf(why004, sizeof why004,
                     "Why lower: one 512 x 1024 b 2R1W bank carries 3 ports' address and 1024-bit "
                     "word across its width (CACTI 7's mat channel; CACTI 7 too costs it above the "
                     "32 banks), more than 32 banks' own periphery: cells %.3f -> %.3f mm2, the "
                     "rest %.3f -> %.3f mm2", c1, c2, single - c1, banked - c2);
        static const char *const labs[] = {
            "Per-lane decoders: register file increase, [10] low",
            "Per-lane decoders: register file increase, [10] high",
            "Per-lane decoders: register file increase, [8]"};
        unsigned k;
        for (k = 0; k < 3; k++) {
            r = paper_summary(p, labs[k], "%", (banked - single) / single * 100.0);
            paper_row_pub(r, ids[k], 1);
            snprintf(r->source, sizeof r->source, "004 sec. 3.4 (cited estimate)");
            paper_row_note(r, "ours: the per-lane register file over the single-decoder one above");
            paper_row_note(r, why004);
        }
    }
    r = paper_row_new(p, "Per-lane decoders: chip area, [10] low", RS_SUMMARY, "%");
    paper_row_pub(r, "004.chip.lo", 1);
    paper_row_note(r, "not modelled: a share of a whole chip (Imagine), which we do not cost");
    r = paper_row_new(p, "Per-lane decoders: chip area, [10] high", RS_SUMMARY, "%");
    paper_row_pub(r, "004.chip.hi", 1);
    paper_row_note(r, "not modelled: a share of a whole chip (Imagine), which we do not cost");
    r = paper_row_new(p, "Per-lane decoders: GPU area, [8]", RS_SUMMARY, "%");
    paper_row_pub(r, "004.chip.fung", 1);
    paper_row_note(r, "not modelled: a share of a whole GPU; 000's own figure, 4.7%, is in the 000 "
                      "report");
    /* 004 sec. 3.4's storage, from lwm_subwarp_cfg at 004's configuration
     * (its defaults: 4 large warps of 8 x 32 = 256 threads, 1024 threads) */
    {
        lwm_subwarp_cfg lc = lwm_subwarp_default_cfg();
        two_level_sched_cfg tc = two_level_sched_default_cfg();
        lc.merge = 0; /* 004's stacks push always (as paper_spe_cfg) */
        area_desc d;
        char cfgtxt[200], why[400];
        double bits = (double)lwm_subwarp_copy_bits(&lc) + lwm_subwarp_buffer_bits(&lc) +
                      lwm_subwarp_inflight_bits(&lc);
        snprintf(cfgtxt, sizeof cfgtxt, "lwm_subwarp_cfg: %u large warps of K %u x N %u: K*N",
                 lc.large_warps, lc.rows, lc.cols);
        paper_bits_row(p, "Sub-warping copy of the active mask", lwm_subwarp_copy_bits(&lc), cfgtxt,
                       "004.lwm.copy");
        snprintf(cfgtxt, sizeof cfgtxt, "lwm_subwarp_cfg: taken_q + ntaken_q = 2*K*N (K %u, N %u)",
                 lc.rows, lc.cols);
        paper_bits_row(p, "Temporary active-mask buffers (2 paths)", lwm_subwarp_buffer_bits(&lc),
                       cfgtxt, "004.lwm.tmp");
        snprintf(cfgtxt, sizeof cfgtxt, "lwm_subwarp_cfg: LARGE_WARPS*K*N = %u x %u x %u",
                 lc.large_warps, lc.rows, lc.cols);
        paper_bits_row(p, "In-flight bit per thread", lwm_subwarp_inflight_bits(&lc), cfgtxt,
                       "004.lwm.inflight");
        snprintf(cfgtxt, sizeof cfgtxt, "lwm_subwarp_cfg: K*N + 2*K*N + LARGE_WARPS*K*N = %g "
                 "bytes (004: 224)", bits / 8.0);
        paper_bits_row(p, "Large-warp extra storage per core", bits, cfgtxt, "004.lwm.bits");
        paper_row_note(&p->rows[p->nrows - 1],
                       "the unit's control registers (busy, current large "
                       "warp, sub-warp counts, branch state) are not in 004's count");
        r = paper_row_new(p, "Large-warp sub-warping unit (lwm_subwarp)", RS_MODELLED, "mm2");
        lwm = area_desc_lwm_subwarp(&lc, 0, &d) ? NAN : paper_row_desc(r, t, &d);
        paper_row_note(r,
                       "004 gives no area; verilog/lwm_subwarp.v: the three arrays in flip-flops "
                       "(every bit read each cycle), picker, completion and branch gathering");
        snprintf(cfgtxt, sizeof cfgtxt, "two_level_sched_cfg: %u warps in groups of %u: top "
                 "%u + %u pointers x %u + counter %u (timeout %u)", tc.warps, tc.group_size,
                 two_level_sched_grp_w(&tc), two_level_sched_groups(&tc),
                 two_level_sched_ptr_w(&tc), two_level_sched_cnt_w(&tc), tc.timeout);
        paper_bits_row(p, "Two-level scheduling extra storage", two_level_sched_state_bits(&tc),
                       cfgtxt, "004.tls.bits");
        /* 004 says none; ours holds registers: say why, checkably */
        snprintf(why, sizeof why,
                 "Why not 0: 004 counts only mask-scale storage, but the scheduler must "
                 "remember the top group (%u b), a round-robin pointer per group (%u x %u b, "
                 "where round robin over all warps needs one of %u b) and the %u-instruction "
                 "timeout count (%u b)", two_level_sched_grp_w(&tc), two_level_sched_groups(&tc),
                 two_level_sched_ptr_w(&tc), two_level_sched_warp_w(&tc), tc.timeout,
                 two_level_sched_cnt_w(&tc));
        paper_row_note(&p->rows[p->nrows - 1], why);
        r = paper_row_new(p, "Two-level scheduler (two_level_sched)", RS_MODELLED, "mm2");
        tls = area_desc_two_level_sched(&tc, 0, &d) ? NAN : paper_row_desc(r, t, &d);
        paper_row_note(r, "004 gives no area (\"a simple logic block in the fetch stage\"); the "
                          "baseline's round-robin scheduler is not modelled, so this is not a "
                          "difference");
    }
    r = paper_summary(p, "LWM: per-lane decoders + sub-warping unit (mm2)", "mm2",
                      banked - single + lwm);
    snprintf(r->mech, sizeof r->mech, "LWM: decoders + sub-warping");
    {
        const area_result *plus[2] = {
            paper_row_detail(p, "Register file 64 KB, a decoder per lane (Fig. 5)"),
            paper_row_detail(p, "Large-warp sub-warping unit (lwm_subwarp)")};
        const area_result *minus[1] = {paper_row_detail(p, "Register file 64 KB, one decoder")};
        paper_mech_detail(r, plus, 2, minus, 1);
    }
    paper_row_note(r,
                   "the per-lane register-file decoders (004 Fig. 5) and lwm_subwarp; 004 gives no "
                   "area");
    r = paper_summary(p, "Total, structures modelled from cfgs", "mm2", stack + lwm + tls);
    paper_row_note(r, "the SIMT stack, lwm_subwarp and two_level_sched");
    r = paper_summary(p, "Overhead vs baseline core (modelled parts)", "%",
                      (banked - single + lwm) / (stack + single) * 100.0);
    paper_row_note(r,
                   "ours: per-lane decoders and the sub-warping unit over the baseline stack and "
                   "single-decoder register file");
    paper_finish(p);
}
