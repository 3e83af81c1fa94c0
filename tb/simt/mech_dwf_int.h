/* SPDX-License-Identifier: Apache-2.0 */
/*
 * mech_dwf_int.h -- dwf's SM-model state (mech_dwf.c), shared with
 * mech_dwf_rv.c: the rendezvous of warp-synchronous code, our extension
 * (000 has none; docs/dwf.md, "Warp-synchronous instructions").  Not a
 * public interface: only the two mech_dwf files include it.
 */
#ifndef MECH_DWF_INT_H
#define MECH_DWF_INT_H

#include "../../rtl_c/dwf.h"
#include "../../rtl_c/lane_regfile.h"
#include "mech.h"

/* a group of a local static warp's threads parked at one PC (the
 * rendezvous, mdwf_rv_groups) */
struct mdwf_rvgrp {
    int32_t pc;
    uint32_t g, need; /* its threads (bits), their membermasks' wait */
};

typedef struct {
    uint64_t ready;
    uint64_t mask_t, mask_nt;
    uint64_t held;               /* bar 2: the lanes the rendezvous held at the issue */
    int32_t pc_t, pc_nt;
    int bar;                     /* the threads executed bar (1), or a warp-synchronous
                                  * instruction in narrow warps (2: the core's rendezvous
                                  * may hold them, mdwf_commit_pick) */
    /* pool-local thread ids per lane (below 2^TID_W <= 2^11; LANES <= 32):
     * an item is copied into and out of the commit queue */
    uint16_t tid[LANE_REGFILE_MAX_LANES];
} mdwf_item;

typedef struct {
    dwf_cfg wc;
    dwf_state *ws;
    dwf_in wi;
    dwf_out wo;
    lane_regfile_cfg rc;
    lane_regfile_state *rs;
    lane_regfile_in ri;
    lane_regfile_in ri_idle; /* the register file's input while no request is in it */
    lane_regfile_out ro;
    mdwf_item *cq;
    uint64_t *cq_rdy;        /* cq[i].ready, packed for the commit port's scan */
    unsigned ncq, capcq;
    uint64_t cq_due;         /* at most the earliest ready time in cq (0: not known) */
    uint64_t cq_due2;        /* the earliest ready time in cq but the picked item's */
    uint32_t *slot;          /* pool-local thread id -> the core's thread slot */
    /* slot's formula as shifts and masks when WS and P are powers of two
     * (slot_sh >= 0): slot[t] = (t & slot_hi) << slot_sh | slot_q | (t &
     * slot_lo), which a full warp's lanes take in one pass (mdwf_req);
     * compared with the table at init under --check */
    int slot_sh;
    uint32_t slot_hi, slot_lo, slot_q;
    mdwf_item cur;           /* the instruction in the register file */
    uint16_t cm_lt[WARP_POOL_MAX_LANES]; /* the commit's TIDs per lane (mdwf_commit_pick) */
    uint64_t cur_issue;     /* its issue cycle and result time */
    uint64_t cur_ready;
    int rf_active;
    uint32_t rf_exp0[CORE_MAX_WARP], rf_exp1[CORE_MAX_WARP];
    uint32_t rf_pend0[CORE_MAX_WARP], rf_pend1[CORE_MAX_WARP];
    uint64_t rf_pend_valid;
    unsigned rf_chk, rf_chk_next; /* read ports carrying an operand (bit 0, 1) */
    int cur_pc;              /* the instruction in the register file, */
    unsigned rf_pass;        /* and its pass: destination rf_pass is written */
    uint16_t *waitpc;       /* per local thread: pc after the bar it waits at, 0xffff none */
    uint16_t *wwait;        /* per local static warp: its threads in waitpc */
    uint64_t wbits[(CORE_MAX_WARPS + 63) / 64]; /* the local warps whose wwait is not 0 */
    uint16_t *cend;         /* per local static warp: the first local warp of the next CTA slot */
    unsigned nwait;
    uint64_t bar_seen;      /* core_bar_clears at the last look at the waiting threads */
    /* Narrow warps (core_wsync_narrow; our extension, not 000): the threads
     * whose commit found them held at the core's rendezvous of a warp-
     * synchronous instruction (core_issue.c, wsync_issue) wait outside the
     * pool as at a closed barrier, but are released by logical warp, not by
     * CTA (mdwf_unhold): per local thread the PC past the instruction
     * (0xffff none), per local static warp how many, and the core_bar_clears
     * of the last look at them */
    uint16_t *hpc;
    uint16_t *hn;
    unsigned nheld;
    uint64_t held_seen;
    int hlook;              /* a held thread may be released without a new clear: look */
    int narrow;             /* core_wsync_narrow: the core's rendezvous, not mdwf_rv_* */
    mech_launchq lq;
    uint64_t peak, evictions;
    /* Kept answers (C only: each is what an evaluation would give again;
     * under --check it is evaluated again and compared every cycle it is
     * used, `internal: ... stale` otherwise):
     * - cand_ok: cand_have, cand_r and cand_tid are the pool's candidate
     *   (dwf_candidate) and its core request for the pool's state now, and
     *   cand_st the pool's state-only outputs dwf_eval_st takes; the pool
     *   changes only in a cycle that is not idle (dwf.h, "Idle cycles"),
     *   which drops them;
     * - wo_kept: wo is dwf_eval's answer to an all-zero input (no commit, no
     *   issue request) in an idle cycle; such a cycle's step only empties
     *   the empty update registers, so the state and the answer to the same
     *   input stay as they are, and its step is skipped;
     * - ro_kept: ro is lane_regfile_eval's answer to ri_idle on a state with
     *   nothing granted, served or requested (rvalid_q, done_q and req_q 0);
     *   the step of that cycle writes those three 0 again and nothing else
     *   (no grant, no valid request), so the answer stays and the step is
     *   skipped. */
    int cand_ok, cand_have, wo_kept, ro_kept;
    warp_pool_out cand_st;   /* the pool's state-only outputs (dwf_eval_st) */
    core_req cand_r;
    uint32_t cand_tid[CORE_MAX_WARP];
    uint16_t cand_lt[LANE_REGFILE_MAX_LANES]; /* its pool-local TIDs (dwf_candidate_lanes) */
    /* The rendezvous of warp-synchronous instructions (mdwf_rv_*; our
     * extension, not 000): per local thread the PC it is parked at (-1
     * none) and whether it is latched for release (activemask, at its
     * warp's quiescence); per local static warp the threads parked; the
     * group picked to issue this cycle (rv_r, its slots and local TIDs). */
    int32_t *rvpc;
    uint8_t *rvgo;
    uint16_t *rvn;
    unsigned nrv;
    /* per local static warp its parked threads as bits (rvpc[t] >= 0), per
     * local thread its membermask's wait (core_coll_wait) taken when it
     * parked: a parked thread issues nothing, so its registers and the
     * mask stay; under --check both are compared with what they stand for */
    uint32_t *rvbits;
    uint32_t *rvneed;
    /* per local static warp its parked threads grouped by PC (mdwf_rv_groups:
     * PROG_WARP entries each, rvngrp of them; 0xff: to be rebuilt, after a
     * park or a leave), kept between those events */
    struct mdwf_rvgrp *rvgrp;
    uint8_t *rvngrp;
    core_req rv_r;
    uint32_t rv_tid[CORE_MAX_WARP];
    uint16_t rv_lt[LANE_REGFILE_MAX_LANES];
    /* quiet cycles with the checks off whose energy counts (one step of the
     * dwf's row and one of the register file's, nothing else) are not yet
     * added: mdwf_quiet_flush */
    uint64_t quiet_steps;
    energy_cnt *en_dwf, *en_rf; /* their rows (mdwf_quiet_flush; 0: not yet found this run) */
    /* the register file stepped in full (lane_regfile_step) at least once:
     * its banks may hold data (lane_regfile_clear_used at mdwf_free) */
    int rf_full;
} mdwf_unit;

typedef struct {
    unsigned P, swz;
    unsigned regs;  /* allocated registers per thread */
    uint32_t *map;  /* virtual register -> allocated register */
    mdwf_unit u[CORE_MAX_PORTS];
} mdwf_mech;

/* mech_dwf_rv.c: the rendezvous, called from mech_dwf.c's unit cycle */
uint64_t mdwf_rv_split(const core *c, mdwf_unit *u, const core_req *r, const uint16_t *lt);
int mdwf_rv_pick(core *c, mdwf_unit *u, unsigned nw);
void mdwf_rv_leave(mdwf_unit *u);

#endif
