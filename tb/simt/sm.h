/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sm.h -- the SM timing model shared by every mechanism (issue 13 sec. 3).
 *
 * One kernel, one block of threads, one SM.  Each mechanism (spe, dpe, dwf,
 * sbi, tsimt, stsimt, lwm, swi, sbi+swi) drives the project's C models of
 * its structures (rtl_c/) cycle by cycle: eval, then step with that eval's
 * output, one decision per cycle (swi, sbi+swi: one per issued warp for
 * the stack or heap, see sm.c).
 * The timing model is documented in tb/kernels/README.md ("Timing model").
 *
 * Every executed thread-instruction is checked on the spot against the
 * reference's PC sequence for that thread; sm_finish() compares the final
 * registers, predicates and memory.  The first difference is the run's
 * error: "mechanism: thread T: what differs".
 *
 * Parameters (sm_params; the CLI flags of build/simt, ranges as the models'
 * cfg checks): lanes 2..64 (dwf 2..32), alu_lat 1..64 (4), mem_lat 1..1000
 * (40), spe_depth 1..32 (16), dpe_depth 1..32 (8), sb_entries 1..16 (6),
 * cct 2..256 (128), lut_entries 4..128 (32), maj 2..32 (32), sched_bits
 * 1..16 (8), policy (DMaj), swizzle (1), regfile per_lane|crossbar.
 *
 * Worked example (tb/kernels/fig2_001.k, 001 Fig. 2, --lanes 4, defaults):
 * warps 0 and 1 launch in cycles 0 and 1, issue pc 0 in cycles 2 and 3, the
 * load (pc 1) in 6 and 7 (alu-lat 4 after the mov), the setp 40 cycles
 * after the load.  After the branch (cycle 50/51) spe runs warp 0's taken
 * side (pc 8-10, lanes 1,2) then the other (4-7, lanes 0,3): 7 issues at
 * half width; dpe alternates the two paths (4 8 5 9 6 10 7); sbi issues
 * 4+8, 5+9, 6+10 as primary + secondary in one slot each, then 7 alone
 * (the secondary at the reconvergence PC 11 is held), then 11 with all four
 * lanes.  Cycles: spe 85, dpe 77, sbi 75.
 */
#ifndef SIMT_SM_H
#define SIMT_SM_H

#include <stdint.h>
#include <stdio.h>

#include "kernel.h"
#include "ref.h"
#include "../../area/tech.h"

struct vcd_writer;

enum sm_mech { SM_SPE = 0, SM_DPE = 1, SM_DWF = 2, SM_SBI = 3, SM_TSIMT = 4, SM_STSIMT = 5,
               SM_LWM = 6, SM_SWI = 7, SM_SBISWI = 8, SM_NMECH = 9 };

/* --sched: the order the warps are offered to the structures (spe, dpe,
 * sbi, lwm; dwf's warp pool, the tsimt front ends and swi's scheduler
 * schedule themselves) */
enum sm_sched { SM_SCHED_RR = 0, SM_SCHED_TWO_LEVEL = 1 };

enum sm_regfile { SM_RF_PER_LANE = 0, SM_RF_CROSSBAR = 1 };

typedef struct {
    unsigned lanes;       /* warp width, every mechanism */
    unsigned alu_lat;     /* cycles from issue to a usable ALU result */
    unsigned mem_lat;     /* cycles from issue to a usable load result */
    unsigned spe_depth;   /* simt_stack depth */
    unsigned dpe_depth;   /* dpe_stack depth */
    unsigned sb_entries;  /* shadow_scoreboard entries per warp and side */
    unsigned cct;         /* hct_cct_heap CCT entries */
    unsigned lut_entries; /* dwf PC-warp LUT entries */
    unsigned maj;         /* dwf majority table entries */
    unsigned sched_bits;  /* dwf scheduler data bits */
    unsigned policy;      /* dwf issue policy (warp_pool_policy) */
    unsigned swizzle;     /* dwf thread swizzling */
    unsigned regfile;     /* enum sm_regfile (dwf) */
    unsigned tsimt_width; /* stsimt lane width k (1, 2, 4, 8); 0: min(4, lanes) */
    unsigned check;       /* run every model's invariant check every cycle */
    unsigned sched;       /* enum sm_sched */
    uint64_t max_cycles;
    /* test hook (--inject-fault): at cycle fault_cycle, 1 flips bit 0 of
     * r1 of the last thread, 2 flips bit 0 of memory word 0, 3 drops the
     * stack/heap/pool update of an issue (the same PC issues again), so
     * the reference check must fail; 4 from that cycle on ignores the
     * scoreboard (dwf: commits at issue), which the timing oracle must
     * catch; 0 none */
    unsigned fault_kind;
    uint64_t fault_cycle;
    /* --param STRUCT.NAME=VALUE: a structure's Verilog parameter, applied
     * through the model's parameter table (the ranges and messages of
     * `make cosim PARAMS=`) after the values above */
    unsigned nparam;
    const char *param[32];
} sm_params;

/* The structures --param may name; NULL-terminated. */
extern const char *const sm_param_structs[];

typedef struct {
    uint64_t cycles;
    uint64_t warp_insts;   /* issue slots used (sbi: primary and secondary share one) */
    uint64_t thread_insts;
    uint64_t idle_cycles;  /* cycles with no issue */
    uint64_t full_stalls;  /* a chosen instruction held back by a full table */
    uint64_t sec_insts;    /* sbi, sbi+swi: secondary issues (the same warp) */
    uint64_t swi_insts;    /* swi, sbi+swi: issues of the secondary warp (SWI) */
    uint64_t swi_conflicts;/* swi, sbi+swi: swi_sched conflicts (a discarded primary copy) */
    uint64_t sec_suspended;/* sbi: issues whose warp had a secondary that selective sync held */
    uint64_t peak;         /* stack depth / pool warps / CCT entries in use */
    uint64_t rf_conflicts; /* dwf: register-file bank-conflict cycles */
    uint64_t lut_evictions;/* dwf */
    uint64_t issue_conflicts; /* tsimt: cycles with a ready lane left waiting (002 Table IV) */
    uint64_t issue_conf[3]; /* tsimt: cycles with 1, 2, >= 3 ready lanes left waiting */
    uint64_t lane_busy;    /* tsimt, stsimt: lane-cycles executing a thread or group */
    uint64_t lane_threads; /* tsimt, stsimt: thread-cycles executed by the lanes */
    unsigned tsimt_lanes;  /* tsimt, stsimt: lanes (min(lanes / k, warps), a power of two) */
    unsigned tsimt_width;  /* tsimt, stsimt: lane width k */
    double avg_paths;      /* dpe: schedulable paths per active warp per cycle */
    uint64_t hist[65];     /* issue slots by active threads */
} sm_stats;

typedef struct sm sm;

extern const char *const sm_mech_name[SM_NMECH];

void sm_default_params(sm_params *p);
/* NULL on success (then *out is set), else a one-line message (a bad
 * parameter for this kernel: exit 2). */
const char *sm_new(enum sm_mech m, const kernel *k, const ref_result *ref, const sm_params *p,
                   sm **out);
/* One clock cycle.  Returns 0 while running, 1 when done (further calls
 * idle, still tracing), -1 on a failure (sm_error). */
int sm_cycle(sm *s);
/* Runs to completion; 0 done, -1 failure. */
int sm_run(sm *s);
/* Compares the final state with the reference; 0 equal, -1 (sm_error). */
int sm_finish(sm *s);
const char *sm_error(const sm *s);
const sm_stats *sm_get_stats(const sm *s);
/* Attach a VCD writer: every later sm_cycle traces this mechanism's
 * decisions and its structures' ports and state under scope `name`. */
void sm_set_vcd(sm *s, struct vcd_writer *w);
/* Print one line per issue to f (the --log format, tb/kernels/README.md). */
void sm_set_log(sm *s, FILE *f);
/* Record every structure's inputs and outputs into DIR/MECH-STRUCT.vec
 * (the co-simulation's vector format, tb/vec.h) from the next cycle on. */
void sm_set_trace_dir(sm *s, const char *dir);
/* Closes the vector files; their paths (valid until sm_free) into paths.
 * Returns their number, -1 if a write failed. */
int sm_trace_files(sm *s, const char **paths, unsigned max);
/* mm^2 of the mechanism's structures and register file (what names them);
 * -1 with the reason in what when area/ cannot size one of them. */
double sm_area(const sm *s, const area_tech *t, char *what, size_t len);
void sm_free(sm *s);

#endif
