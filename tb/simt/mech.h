/* SPDX-License-Identifier: Apache-2.0 */
/*
 * mech.h -- the interface between the SM core (core.h) and a mechanism
 * (issue 24): what one paper adds to the baseline core.
 *
 * A mechanism is one file tb/simt/mech_NAME.c that defines
 *
 *     const struct mech_ops mech_NAME = { .name = "NAME", ... };
 *
 * and one row in mech_table[] (tb/simt/mech.c).  Nothing else: --mech,
 * --help's mechanism list, the report's rows and extra columns, the VCD
 * scopes, the GTKWave save file, --trace-dir files, --param's structure
 * list and the area column all come from the table.  So a tenth mechanism
 * is one new file and one table row.
 *
 * The file opens with a header naming its paper and section, and which
 * structures, pipeline stages and ports it adds to the core (core.h's
 * baseline: fetch into per-warp buffers, N schedulers, SIMD groups with
 * waves, a per-warp scoreboard, the coalescing load/store unit, shared
 * memory banks, CTA dispatch).  It sees the program only through prog.h
 * (prog_insn: unit, src/dst, target, rpc; never kernel.h), so PTX and .k
 * kernels run through it alike.
 *
 * A cycle of a mechanism (ops->cycle) has three phases:
 *   candidates  evaluate the structures' read ports and list what each
 *               warp (context) could issue, in the scheduler's order
 *               (core_order gives --sched's order of the units of a port);
 *   issue       for each issue port, the first candidate that core_ready
 *               accepts and the structure takes (its eval with the issue's
 *               inputs; core_taken gives a branch's outcome before it
 *               executes) goes to core_issue, which executes it; a
 *               candidate the structure pushes back is core_stall'ed and
 *               the next one tried;
 *   commit      step every structure with the eval of this cycle (an idle
 *               eval if nothing issued), unless core_drop(c, issued) says
 *               the test hook drops it; record it (CORE_RECORD); run the
 *               structure's invariant check when core_config(c)->check.
 * Launches (ops->launch) queue warps; the mechanism enters them through
 * its structure's port in later cycles (the port the issue also uses:
 * nothing of that structure issues in a launch cycle).
 *
 * Completions: a mechanism whose structure waits for results (dwf's
 * writeback commit, lwm's sub-warp completion, dpe's scoreboard
 * writeback) keeps its own queue of core_out.ready times and serves it at
 * the start of its cycle; it reports work in flight through ops->busy so
 * the run does not end early, and calls core_note_ready.
 *
 * Statistics: the core counts cycles, issue slots, thread-instructions,
 * idle cycles, full-table stalls, lanes, segments and the histogram.
 * ops->stats adds the mechanism's own columns (name, value) to the report
 * (csv/json/md columns are the union over the mechanisms run).
 */
#ifndef SIMT_MECH_H
#define SIMT_MECH_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "../../area/tech.h"
#include "core.h"

struct vcd_writer;

/* flags */
#define MECH_OWN_FETCH 1u /* its structure is the front end (dwf's pool, lwm's fetch) */
#define MECH_OWN_SCHED 2u /* its structure orders the warps: --sched two-level is refused */
#define MECH_OWN_SB    4u /* its own scoreboard (the core's per-warp one unused) */
#define MECH_ONE_POOL  8u /* port 0 schedules every warp (core_order's pools collapse);
                           * its other ports join port 0's slot (sbi's second front end) */

#define MECH_SCALAR_UNIT 16u /* scalarization (002 sec. 4, scalar.h): a scalar instruction
                              * runs once per warp on a scalar unit beside the SIMD groups
                              * (GCN-like, 002 sec. 4.1's conventional SIMT) */
#define MECH_SCALAR_LANE 32u /* scalarization on TSIMT: a scalar instruction with scalar
                              * destinations runs once in the warp's lane, tsimt_frontend's
                              * fill_scalar (002 sec. 4.1; core_scalar_once) */

#define MECH_MAX_COLS 12

typedef struct {
    const char *name[MECH_MAX_COLS];   /* csv/json column names, e.g. "peak_stack_depth" */
    char value[MECH_MAX_COLS][32];     /* formatted; "" = not applicable */
    unsigned n;
} mech_cols;

typedef struct mech_ops {
    const char *name;      /* --mech NAME */
    const char *paper;     /* "003 sec. 3" */
    const char *summary;   /* one line for --help */
    const char *const *structs; /* rtl_c structures it drives, NULL-terminated
                                 * (--param STRUCT.NAME, --trace-dir files) */
    unsigned flags;        /* MECH_* */
    unsigned nctx;         /* fetch contexts per warp (1; dpe, sbi: 2) */
    size_t size;           /* bytes of its state (zeroed by the core) */

    /* Sizes and resets the structures for this run (core_warps,
     * core_warp_size, core_config, --param through core_apply_params).
     * NULL, or one line "what: problem" (exit 2). */
    const char *(*init)(core *c, void *m);
    /* Warp slot w of a new CTA holds the threads of lanes `mask`. */
    void (*launch)(core *c, void *m, unsigned w, uint64_t mask);
    /* NULL unless fetched by the core: the PC context ctx of warp w issues
     * next, -1 none (empty, waiting, exited). */
    int (*fetch_pc)(const core *c, const void *m, unsigned w, unsigned ctx);
    /* One cycle: candidates, issue, commit.  0, or -1 (core_fail). */
    int (*cycle)(core *c, void *m);
    /* 1 while the structures hold work the core cannot see (queued
     * launches, results in flight, threads waiting to rejoin). */
    int (*busy)(const core *c, const void *m);
    /* Its structures' ports and state into the VCD (scope per structure). */
    void (*trace)(core *c, void *m, struct vcd_writer *w);
    /* Its lines of the GTKWave save file (after the core's decision lines),
     * signal paths under scope `scope`. */
    void (*gtkw)(const core *c, const void *m, FILE *f, const char *scope);
    /* Its report columns. */
    void (*stats)(const core *c, const void *m, mech_cols *cols);
    /* mm^2 of its structures and the register file organisation it needs
     * (area/); what names them; -1 with the reason in what. */
    double (*area)(const core *c, const void *m, const area_tech *t, char *what,
                   size_t len);
    /* End of run: its own checks (structures empty, counts agree).  0/-1. */
    int (*finish)(core *c, void *m);
    /* Frees what init allocated beyond `size`. */
    void (*free)(void *m);
} mech_ops;

/* ------------------------------------------- shared bookkeeping (mech.c) */
/* Appends n report columns names[i] = v[i] (unsigned numbers) to k. */
void mech_cols_u64(mech_cols *k, const char *const *names, const uint64_t *v, unsigned n);
/* Warps launched by the core, waiting for the structure's port (FIFO). */
typedef struct {
    uint16_t w[CORE_MAX_WARPS];
    uint64_t mask[CORE_MAX_WARPS];
    unsigned head, n;
} mech_launchq;
void mech_lq_push(mech_launchq *q, unsigned w, uint64_t mask);
/* The oldest launch whose warp is in port `port`'s pool (w mod ports ==
 * port; ports 0: any): 1 and removed, else 0. */
int mech_lq_pop(mech_launchq *q, unsigned port, unsigned ports, unsigned *w, uint64_t *mask);

/* simt_stack (spe, tsimt, stsimt, swi): the BRANCH operation for warp w
 * issuing pc on mask with `taken` lanes taken (core_taken): a non-branch
 * advances to pc+1, a branch goes to its target / pc+1 and reconverges at
 * its rpc, an exit goes to the exit PC n on every lane. */
void mech_stack_branch(const prog *p, unsigned w, int pc, uint64_t mask, uint64_t taken,
                       void *simt_stack_in);
/* The LAUNCH operation of warp w on mask at PC 0, reconverging at exit. */
void mech_stack_launch(const prog *p, unsigned w, uint64_t mask, void *simt_stack_in);
/* The stack's commit of this cycle's operation (evaluated into out):
 * recorded for --trace-dir as structure idx, stepped unless the test hook
 * drops the update of an issue, the peak depth kept.  0 or -1. */
int mech_stack_commit(core *c, unsigned idx, const void *simt_stack_cfg, void *simt_stack_state,
                      const void *simt_stack_in, const void *simt_stack_out, int issued,
                      uint64_t *peak);
/* End of run: every warp's stack is empty.  0 or -1 (core_fail). */
int mech_stack_finish(core *c, const void *simt_stack_cfg, const void *simt_stack_state);

/* sbi's heap (sbi, sbi+swi; mech_sbi.c).  The next PCs of a context that
 * issues pc on mask with `taken` lanes taken: a (the taken side, or the
 * only one), b (the fall-through of a divergent branch), the exiting
 * lanes. */
typedef struct {
    uint64_t m_a, m_b, m_exit;
    int pc_a, pc_b;
} mech_sbi_next;
mech_sbi_next mech_sbi_split(const prog *p, int pc, uint64_t mask, uint64_t taken);
/* Adds context {pc, m} (if m) to hct_cct_heap_in's op_v1..3 (n counts). */
void mech_sbi_ctx_add(void *hct_cct_heap_in, unsigned *n, uint64_t pc, uint64_t m);
/* The heap's read port for warp w, with the selective synchronisation of
 * the instruction at CPC2 (001 sec. 3.3). */
void mech_sbi_rd(const prog *p, const void *hct_cct_heap_state, unsigned w,
                 void *hct_cct_heap_in);

/* Adds one structure's area (area_desc_*'s result e and its description
 * desc, an area_desc) into *mm2 and its name into what ("a+b").  0, or -1
 * with the reason in what. */
int mech_area_add(const area_tech *t, const char *e, const void *desc, double *mm2, char *what,
                  size_t len);
/* The register file's area beside the structures: organisation org
 * (area_lrf_org) for the run's warps and lanes, sized by the allocation
 * (core_rf_alloc: 002 sec. 4.3's registers per thread, and with
 * scalarization the scalar registers per warp in lane_regfile's scalar
 * addressing mode, 002 sec. 4.1): a bank per lane of a warp, rows for the
 * W resident warps' vector registers and ceil(W / lanes) x sregs scalar
 * rows; adds into *mm2 and names it in what.  0, or -1 with the reason in
 * what. */
int mech_area_regfile(const core *c, unsigned org, const area_tech *t, double *mm2,
                      char *what, size_t len);

/* A scalarizing mechanism's report columns (scalar_issues, scalar_frac:
 * the dynamic fraction of issues that were scalar, static_scalar, vregs:
 * 32-bit vector registers per thread, sregs: scalar registers per warp);
 * nothing when the mechanism does not scalarize. */
void mech_scalar_cols(const core *c, mech_cols *k);
/* Every mechanism's occupancy columns (cli.c adds them after the
 * mechanism's own): cta_slots, the CTAs an SM holds (core.h: limited by
 * rf_regs too), and rf_regs_cta, the 32-bit registers a CTA's warps take
 * from the allocation. */
void mech_rf_cols(const core *c, mech_cols *k);

/* The table (tb/simt/mech.c), in report order; NULL-terminated. */
extern const mech_ops *const mech_table[];
/* The row named name, NULL if none. */
const mech_ops *mech_find(const char *name);
unsigned mech_count(void);
/* "STRUCT.NAME=VALUE": NULL when STRUCT is a structure of rtl_c and NAME
 * one of its parameters in range, else one line. */
const char *mech_param_check(const char *kv);

#endif
