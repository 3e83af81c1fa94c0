/* SPDX-License-Identifier: Apache-2.0 */
/*
 * two_level_sched.h -- the two-level round-robin warp scheduler of 004
 * (Narasiman et al., "Improving GPU Performance via Large Warps and
 * Two-Level Warp Scheduling", MICRO 2011), sec. 3.2 (fetch groups, round
 * robin inside the top group, round robin of group priorities) and sec. 3.3
 * (the timeout that switches a group out when it has held the top too long).
 * Twin: verilog/two_level_sched.v (same parameters, ports, behaviour, cycle
 * for cycle).
 *
 * Configurations (cfg field = Verilog parameter):
 *
 *   | field      | param      | default | range                             |
 *   |------------|------------|---------|-----------------------------------|
 *   | warps      | WARPS      | 32      | 1..64 warps scheduled             |
 *   | group_size | GROUP_SIZE | 8       | 1..64, divides WARPS (004 sec.    |
 *   |            |            |         | 5.1: 8; with large warps 1)       |
 *   | timeout    | TIMEOUT    | 32768   | 1..1048576 instructions a group   |
 *   |            |            |         | may issue per tenure at the top   |
 *
 *   Derived: G = WARPS/GROUP_SIZE groups (group g = warps g*GROUP_SIZE ..
 *   g*GROUP_SIZE+GROUP_SIZE-1, 004's "fixed size fetch groups" of
 *   consecutive warps); GRP_W = clog2(G), PTR_W = clog2(GROUP_SIZE),
 *   WARP_W = clog2(WARPS), CNT_W = clog2(TIMEOUT) (each at least 1).
 *
 * State (what the area model counts): top_q (GRP_W): the group with the
 * highest priority; the order is top_q, top_q+1, ..., mod G (a rotation, so
 * one register says the whole order, 004: "fetch group 1 the highest
 * priority, fetch group 2 the next highest, and so on"); ptr_q[G] (PTR_W
 * each): per group, the group-local index of the warp that comes first in
 * that group's round robin (one past its last issued warp); cnt_q (CNT_W):
 * instructions the top group has issued since it became top.  Total
 * GRP_W + G*PTR_W + CNT_W bits: 2 + 4*3 + 15 = 29 at the defaults (004 sec.
 * 3.4: "Two-level warp scheduling does not require any additional storage
 * cost" -- it counts only storage on the scale of masks; the round-robin
 * pointer exists in the baseline too).
 *
 * Ports.
 *   in:  ready (WARPS: warp w has an instruction that may issue this
 *        cycle), stalled (WARPS: warp w waits on a long-latency operation,
 *        e.g. a cache miss).
 *   out: err, err_code (2 bits), act (3 bits), valid (a warp issues),
 *        warp (WARP_W: which; 0 when !valid), top (GRP_W: the top group this
 *        cycle = the whole priority order), rotate (the order rotates at the
 *        clock edge ending this cycle).
 *
 * Decision, every cycle (all combinational from state and inputs):
 *   1. Group g's candidate: its first ready warp in round-robin order from
 *      ptr_q[g] (local index ptr_q[g], ptr_q[g]+1, ... mod GROUP_SIZE).
 *   2. The issued warp is the candidate of the first group, in priority
 *      order top_q, top_q+1, ..., that has one.  ptr_q of that group moves
 *      to one past the issued warp.
 *   3. The order rotates (top_q+1 mod G, cnt_q = 0) when every warp of the
 *      top group is stalled (ACT ROTATE; 004 sec. 3.2), or when the top
 *      group issues its TIMEOUT-th instruction of this tenure (ACT TIMEOUT;
 *      004 sec. 3.3).  Otherwise cnt_q counts the top group's issues.
 *   The rotation takes effect from the next cycle: this cycle's pick uses
 *   the current order (when the top group is all stalled it has nothing
 *   ready, so this cycle already issues from the next group in order).
 *
 * Timing: one decision per cycle, outputs combinational from the registered
 * state and the inputs; synchronous active-high reset: top_q = 0, every
 * ptr_q = 0, cnt_q = 0.
 *
 * Illegal input (err = 1, valid = 0, rotate = 0, act = ERR, state
 * unchanged):
 *   CONFLICT 1  a warp is both ready and stalled on a long-latency operation.
 *
 * act (3 bits): IDLE 0 (nothing issues, no rotation), TOP 1 (the top group
 * issues), LOWER 2 (a lower group issues: the top group has nothing ready
 * but is not all stalled), ROTATE 3 (the top group is all stalled: rotate;
 * a lower group may issue in the same cycle, valid says so), TIMEOUT 4 (the
 * top group issues its TIMEOUT-th instruction and is switched out), ERR 5.
 *
 * Choices where 004 is silent (interpretations):
 *  - Lower groups MAY issue when the top group has nothing ready but is not
 *    all stalled (short dependences, a warp that has finished): 004 says
 *    only that the top group's warps "are given priority over warps in other
 *    fetch groups" (sec. 3.2), and a priority that idled the pipeline while
 *    another warp could issue would waste exactly the cycles the scheme is
 *    meant to save.  Such issues do not count toward the top's timeout.
 *  - "Stalled on a long latency operation" is the stalled input: the core
 *    decides what is long (004 gives a cache miss as the example).  A warp
 *    that has finished should be reported stalled (it will never issue), so
 *    a group of finished warps rotates away.
 *  - The timeout counts instructions ISSUED by the top group during its
 *    tenure (not cycles, not lower groups' issues); it restarts at 0 on
 *    every rotation, whatever the cause.  "More than TIMEOUT" is read as:
 *    a group issues at most TIMEOUT instructions per tenure, and the
 *    rotation happens at the edge after its TIMEOUT-th.  TIMEOUT = 32768
 *    (004's "32K", read as 2^15).
 *  - Each group keeps its own round-robin pointer, so a group resumes
 *    where it left off when it returns to the top.
 *  - G = 1 (GROUP_SIZE = WARPS): rotation and timeout leave the order as it
 *    is, and the scheduler is plain round robin over all warps (004 sec.
 *    5.3: "by definition equivalent to the baseline round-robin policy";
 *    tests/test_two_level_sched.c checks it against a reference).
 *
 * Departures from 004: the scheduler picks the warp that issues; 004 places
 * it in the 1-wide fetch stage with barrel processing (a warp is not
 * fetched again until its instruction completes).  The core reports that as
 * ready = 0, so the rule lives outside this block.
 *
 * Invariants (two_level_sched_check): top_q < G, every ptr_q < GROUP_SIZE,
 * cnt_q < TIMEOUT.
 *
 * Contract of step (one decision per cycle, issue 17):
 * two_level_sched_step(cfg, s, in, out) applies the decision carried in
 * `out`, which must be what two_level_sched_eval returned for the same state
 * and inputs this cycle; it does not recompute it.  out's nx_* fields are
 * that decision (not ports).
 *
 * Worked example (WARPS = 16, GROUP_SIZE = 8, 004 Fig. 7): after reset the
 * order is group 0, group 1.  With every warp ready, warps 0, 1, ..., 7, 0,
 * 1, ... issue (act TOP).  As warps of group 0 miss and become stalled, the
 * rest of group 0 keeps issuing; when all 8 are stalled, act = ROTATE and
 * warp 8 issues in that very cycle; from the next cycle group 1 is top and
 * warps 9, 10, ... issue while group 0's loads are outstanding, so group
 * 1's computation overlaps group 0's memory latency.
 */
/*
 * Cost per cycle (issue 17): two_level_sched_eval does not loop over groups
 * or warps.  The group order from the top group round the ring is the
 * group of the lowest ready warp at or above the top group's first warp,
 * else of the lowest ready warp (one mask, one count-trailing-zeros, one
 * divide by GROUP_SIZE); inside the group the warp is a rotating priority
 * encoder (ready bits at or above the pointer, else the lowest).  What
 * dominates is that divide and the branches on err/rotate/timeout; step
 * writes one pointer and two registers.
 */
#ifndef TWO_LEVEL_SCHED_H
#define TWO_LEVEL_SCHED_H

#include <stdint.h>

#include "port.h"

#ifdef __cplusplus
extern "C" {
#endif

struct vcd_writer;

#define TWO_LEVEL_SCHED_MAX_WARPS 64u

enum two_level_sched_err {
    TWO_LEVEL_SCHED_ERR_NONE = 0,
    TWO_LEVEL_SCHED_ERR_CONFLICT = 1
};

enum two_level_sched_act {
    TWO_LEVEL_SCHED_ACT_IDLE = 0,
    TWO_LEVEL_SCHED_ACT_TOP = 1,
    TWO_LEVEL_SCHED_ACT_LOWER = 2,
    TWO_LEVEL_SCHED_ACT_ROTATE = 3,
    TWO_LEVEL_SCHED_ACT_TIMEOUT = 4,
    TWO_LEVEL_SCHED_ACT_ERR = 5
};

typedef struct {
    unsigned warps;
    unsigned group_size;
    unsigned timeout;
} two_level_sched_cfg;

typedef struct {
    uint64_t top_q;
    uint64_t ptr_q[TWO_LEVEL_SCHED_MAX_WARPS];
    uint64_t cnt_q;
} two_level_sched_state;

typedef struct {
    uint64_t ready;   /* WARPS */
    uint64_t stalled; /* WARPS */
} two_level_sched_in;

typedef struct {
    uint64_t err;
    uint64_t err_code; /* 2 bits, enum two_level_sched_err */
    uint64_t act;      /* 3 bits, enum two_level_sched_act */
    uint64_t valid;
    uint64_t warp;     /* WARP_W */
    uint64_t top;      /* GRP_W */
    uint64_t rotate;
    /* the decision of the cycle (not ports): the next state */
    uint64_t nx_top;
    uint64_t nx_cnt;
    uint64_t nx_grp;   /* the group whose pointer moves (when valid) */
    uint64_t nx_ptr;   /* its new pointer */
} two_level_sched_out;

/* The parameter table and its glue (PARAM_DECLS in port.h): defaults,
 * ranges, Verilog names; its cfg_check gives NULL or one line naming the
 * field and its range. */
PARAM_DECLS(two_level_sched)

unsigned two_level_sched_groups(const two_level_sched_cfg *cfg); /* G */
unsigned two_level_sched_grp_w(const two_level_sched_cfg *cfg);
unsigned two_level_sched_ptr_w(const two_level_sched_cfg *cfg);
unsigned two_level_sched_warp_w(const two_level_sched_cfg *cfg);
unsigned two_level_sched_cnt_w(const two_level_sched_cfg *cfg);
/* Storage bits: GRP_W + G*PTR_W + CNT_W. */
unsigned two_level_sched_state_bits(const two_level_sched_cfg *cfg);

void two_level_sched_reset(const two_level_sched_cfg *cfg, two_level_sched_state *s);
void two_level_sched_eval(const two_level_sched_cfg *cfg, const two_level_sched_state *s,
                          const two_level_sched_in *in, two_level_sched_out *out);
void two_level_sched_step(const two_level_sched_cfg *cfg, two_level_sched_state *s,
                          const two_level_sched_in *in, const two_level_sched_out *out);
const char *two_level_sched_check(const two_level_sched_cfg *cfg,
                                  const two_level_sched_state *s);

void two_level_sched_ports(const two_level_sched_cfg *cfg, const two_level_sched_in *in,
                           const two_level_sched_out *out, port_visit_fn visit, void *ctx);
/* Ports, then a `state` scope with top_q, cnt_q and ptr_q_lNN. */
void two_level_sched_trace(struct vcd_writer *w, const two_level_sched_cfg *cfg,
                           const two_level_sched_state *s, const two_level_sched_in *in,
                           const two_level_sched_out *out);

const char *two_level_sched_err_name(unsigned code);
const char *two_level_sched_act_name(unsigned act);

#ifdef __cplusplus
}
#endif

#endif /* TWO_LEVEL_SCHED_H */
