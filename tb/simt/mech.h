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
#include "../../rtl_c/hct_cct_heap.h"
#include "../../rtl_c/sbi_scoreboard.h"
#include "../../rtl_c/swi_sched.h"

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
#define MECH_FETCH_KEPT 128u /* its fetch_pc moves only where the core marks the warp (its
                             * issue, its CTA's start) or where it calls core_fetch_moved
                             * (dpe's stack writes, sbi's heap operations): a context the
                             * fetch stage finds with nothing to fetch (no PC, or a path
                             * that waits) leaves the candidates until its warp is marked
                             * again.  The same fetches as without the flag (such a context
                             * takes none and costs no fetch slot); --check asks every
                             * context left out after each fetch stage (core_fetch.c) */
#define MECH_SCALAR_LANE 32u /* scalarization on TSIMT: a scalar instruction with scalar
                              * destinations runs once in the warp's lane, tsimt_frontend's
                              * fill_scalar (002 sec. 4.1; core_scalar_once) */
#define MECH_READY_SET 256u /* its scan reads the core's ready set (core_ready_set): the
                            * core keeps it for this mechanism only (its cost per issue) */
#define MECH_QUIET_SB 512u /* (MECH_OWN_SB with a quiet hook) its hook answers for the
                           * contexts of the core's ready set: when its scoreboard and
                           * their units (core_unit_free_at) let them go; the core keeps
                           * the ready set for its fetch clock (sbi, dpe) */

#define MECH_EXIT_POP 1024u /* runs a program whose early return reconverges before the exit
                            * (prog.h exit_pop; the comment at mech_stack_exit): a stack's
                            * `ret` there takes its lanes out of the warp (spe, swi, tsimt,
                            * stsimt, +scalar: simt_stack's EXIT; dpe: dpe_stack's EXIT on
                            * the issuing path; lwm: a JUMP fetched with f_exit); dwf, sbi
                            * and sbi+swi hold no such entry and run it as they are.  Every
                            * mechanism has it today; without the flag such a program is
                            * refused (core_new, one line naming the mechanism) */

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
    /* NULL, or 1 while the structures hold work of warp slot w (its
     * launch queued, an instruction buffered or staged, a write pending in
     * the mechanism's scoreboard).  A CTA retires, and its slot takes the
     * next CTA, when none of its own warps has any: the work of the other
     * CTAs' warps does not hold it (without busy_warp it waits until busy
     * says nothing is in flight on the whole SM). */
    int (*busy_warp)(const core *c, const void *m, unsigned w);
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
    /* NULL (the core runs every cycle), or quiet cycles (core.h, "Quiet
     * cycles").  With n == 0, asked after a cycle in which nothing issued
     * and the core's state did not change: the first cycle >= core_now(c)
     * at which cycle() could do more than an idle cycle's bookkeeping while
     * the core's state stays as it is; core_now(c) when its last cycle did
     * anything (a launch entered, a completion served, a structure written)
     * or it cannot tell; UINT64_MAX when only the core can wake it.  With
     * n > 0: accounts n idle cycles from core_now(c) on in bulk, exactly as
     * n calls of cycle() with nothing to issue would have (its structures'
     * idle commits: energy_row steps and counts, idle counters), touching
     * nothing else; returns 0.  --check runs every cycle and checks both
     * answers (core.c, core_quiet).  Placed in each mechanism's file right
     * before its mech_ops table. */
    uint64_t (*quiet)(core *c, void *m, uint64_t n);
} mech_ops;

/* ------------------------------------------- shared bookkeeping (mech.c) */
/* Appends n report columns names[i] = v[i] (unsigned numbers) to k. */
void mech_cols_u64(mech_cols *k, const char *const *names, const uint64_t *v, unsigned n);
/* Round robin over the set bits of a mask: from bit `from` up, then from
 * bit 0 (swi's and sbi+swi's fills).  mech_rr_next gives the next bit's
 * index, -1 after the last. */
typedef struct {
    uint64_t v, o;
} mech_rr;
static inline mech_rr mech_rr_start(uint64_t cand, unsigned from)
{
    uint64_t later = from < 64 ? cand & (~0ull << from) : 0;
    return (mech_rr){later, cand & ~later};
}
static inline int mech_rr_next(mech_rr *r)
{
    if (!r->v) {
        r->v = r->o;
        r->o = 0;
    }
    if (!r->v)
        return -1;
    int i = __builtin_ctzll(r->v);
    r->v &= r->v - 1;
    return i;
}
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
/* 1 if warp w's launch is queued. */
int mech_lq_has(const mech_launchq *q, unsigned w);

/* simt_stack (spe, tsimt, stsimt, swi): the BRANCH operation for warp w
 * issuing pc on mask with `taken` lanes taken (core_taken): a non-branch
 * advances to pc+1, a branch goes to its target / pc+1 and reconverges at
 * its rpc, an exit goes to the exit PC n on every lane. */
void mech_stack_branch(const prog *p, unsigned w, int pc, uint64_t mask, uint64_t taken,
                       void *simt_stack_in);
/* Early returns that leave the stack (prog.h exit_pop; docs/ptx.md "Early
 * returns that leave the stack").  The core side, for every mechanism:
 *   - prog_analyse may move an early return's reconvergence point before
 *     the exit (p->exit_pop = 1): the returning threads run on the stack
 *     above the staying ones, which wait at that point, and execute their
 *     `ret`/`exit` (PU_EXIT) with a TOS whose rpc is not the exit PC n;
 *   - such a `ret` must take its lanes out of the warp: every entry of the
 *     warp's stack drops them, and the entries left empty go (simt_stack's
 *     EXIT, op 3).  A `ret` under a TOS whose rpc is n stays the BRANCH it
 *     was (the entry pops), so programs without exit_pop run as before;
 *   - the core counts the lanes as exited at their PU_EXIT issue as always
 *     (cta_live, the barrier), nothing else changes there;
 *   - a mechanism that does this sets MECH_EXIT_POP; core_new refuses a
 *     program with exit_pop on any other with one line naming it.
 * mech_stack_exit: after mech_stack_branch, turns an exit's BRANCH into
 * EXIT when the TOS's rpc (tos_rpc) is not n and p->exit_pop is set. */
void mech_stack_exit(const prog *p, int pc, uint64_t tos_rpc, void *simt_stack_in);
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
/* The heap's read port for row `row` (warp w), with the selective
 * synchronisation of the instruction at CPC2 (001 sec. 3.3). */
void mech_sbi_rd(const prog *p, const void *hct_cct_heap_state, unsigned row,
                 void *hct_cct_heap_in);

/* One bank of sbi's structures (mech_sbi.c): the heap and the
 * dependency-matrix scoreboard of the warps w with w mod stride == idx (row
 * w / stride = w >> sh, stride a power of two).  sbi has one bank (stride
 * 1); sbi+swi two, by warp parity
 * (001 Table 3: "banked"). */
typedef struct {
    hct_cct_heap_cfg hc;
    hct_cct_heap_state hs;
    hct_cct_heap_in hi;
    hct_cct_heap_out ho;
    sbi_scoreboard_cfg sbc;
    sbi_scoreboard_state sbs;
    sbi_scoreboard_in sbin;
    sbi_scoreboard_out sbo;
    uint64_t (*sb_done)[SBI_SB_MAX_DEPTH][2]; /* per row and position: when each write completes */
    unsigned stride, sh, idx, rows;
    int op; /* this cycle: 0 idle, 1 an issue's UPDATE, 2 a LAUNCH */
    /* the idle cycle's evals kept (mech_sbi_bank_commit): ho is the NOP's
     * (hi 0) on the current state and its step writes nothing; sbo is the
     * eval of all-zero inputs; sbin holds a non-zero input this cycle */
    uint8_t ho_nop, sbo_zero, sbin_nz;
    uint64_t busy; /* bit r: row r has a write pending (dv1 | dv2), kept from the steps */
    uint64_t due;  /* at most the earliest cycle a pending write completes (sb_done) */
    uint64_t *rdue;  /* per row: the earliest cycle its pending writes complete, kept */
    uint64_t rdirty; /* bit r: the scoreboard's step wrote row r since (rdue[r] to find) */
    uint64_t peak, sec_insts, sec_suspended;
    uint32_t *map; /* past 2^8 registers: register id -> allocated (mech_alloc_regs) */
    /* the read port's query of each pc (rv, r: sb_query), built at init */
    uint64_t (*qry)[2];
    /* per row: the read ports' answers, kept until the row changes (the
     * answers are pure functions of the row and the query; docs/bench.md):
     * the heap's (rd_v1 .. rd_run2, and the scoreboard query of the two
     * PCs) until the heap's step writes the row (an operation on it), the
     * scoreboard's (dep1, dep2) until its step issues on the row, or
     * writes back an entry one of them names and leaves one of its writes
     * pending (a writeback only clears pending bits, so it clears no other
     * entry's dependency; one that frees the entry clears its bit in both
     * masks, kept), or the heap's part is read again.  Under --check every use is compared with
     * a fresh read and the structures' evals. */
    struct mech_sbi_row {
        uint64_t m1, m2, q1rv, q1r, q2rv, q2r;
        int pc1, pc2;
        uint16_t dep1, dep2; /* the read port's dependency masks (DEPTH <= 16) */
        uint8_t heap, sb; /* the heap's, the scoreboard's part is valid */
        uint8_t v1, v2, run2;
    } *row;
    /* mech_sbi_ready's answers, bit w for warp w (< 64) of this bank, for
     * core_sb_blind = rdy_blind: rdy_v the kept ones, rdy their values.
     * Kept while both parts of the row are (they go with them): a thread's
     * barrier bit is set only by an issue of its warp, which changes the
     * row.  It is cleared (a barrier opens) without that: the answers that
     * consulted a set barrier bit (rdy_bar) go at the next cycle's
     * mech_sbi_bank_begin when core_bar_clears is no longer rdy_clears. */
    uint64_t rdy_v, rdy, rdy_bar, rdy_clears;
    int rdy_blind;
    /* with a kept answer of warp w (< 64): the unit classes (bit 1 <<
     * core_unit_classes()[pc]) of its splits that pass (rdy: some do) */
    uint8_t rdy_cls[64];
    /* the access-count rows of the heap and the scoreboard (energy_row;
     * found at the first commit); idle_ok: ho_nop and sbo_zero, neither
     * --check nor --trace-dir (mech_sbi_bank_commit's idle account) */
    energy_cnt *en_h, *en_s;
    uint8_t idle_ok;
} mech_sbi_bank;
/* A warp's two contexts as the bank's read ports give them: the requests
 * (primary r[0], secondary r[1]; group -1, with -1, nosb) and whether the
 * heap (valid, run2) and the scoreboard (no hazard) let each issue. */
typedef struct {
    core_req r[2];
    int ok[2];
    int v2, run2;
    int p_ok, s_ok; /* what mech_sbi_issue found issues (the primary, the secondary) */
    sbi_scoreboard_in q; /* the scoreboard's read port for it: q_warp, q1_*, q2_* only */
    uint64_t dep1, dep2; /* the read port's answer for q (the row's kept one) */
} mech_sbi_cand;
/* Sizes (rows rows, cct CCT entries, --param) and resets the bank.  NULL or
 * one line. */
const char *mech_sbi_bank_init(core *c, mech_sbi_bank *b, unsigned rows, unsigned cct,
                               unsigned stride, unsigned idx);
void mech_sbi_bank_free(mech_sbi_bank *b);
/* Clears the bank's inputs for a new cycle and sets its writeback port. */
void mech_sbi_bank_begin(core *c, mech_sbi_bank *b);
/* The heap's LAUNCH of warp w on mask (its port this cycle).  0 or -1. */
int mech_sbi_bank_launch(core *c, mech_sbi_bank *b, unsigned w, uint64_t mask);
/* 1 if warp w's heap row holds a valid split (v1; the read port's rd_v1). */
static inline int mech_sbi_live(const mech_sbi_bank *b, unsigned w)
{
    return b->hs.v1[w >> b->sh] != 0;
}
/* Reads warp w's row into k, and its hazards when `hazards` (else ok[] 0). */
void mech_sbi_read(core *c, mech_sbi_bank *b, unsigned w, mech_sbi_cand *k, int hazards);
/* Whether a split of warp w may issue by the heap, the scoreboard and its
 * CTA's barrier: some k->ok[i] of mech_sbi_read (hazards) whose split's
 * first thread is not at the barrier, without building k. */
int mech_sbi_ready(core *c, mech_sbi_bank *b, unsigned w);
/* The warps (bits) whose mech_sbi_ready answer the bank keeps at
 * core_sb_blind = blind (mech_sbi_bank.rdy_v), with their answers in
 * *rdy.  Not under --check, which reads afresh. */
static inline uint64_t mech_sbi_ready_kept(const mech_sbi_bank *b, int blind, uint64_t *rdy)
{
    uint64_t v = b->rdy_blind == blind ? b->rdy_v : 0;
    *rdy = b->rdy & v;
    return v;
}
/* The lanes of warp w's splits that may issue by the heap (mech_sbi_read
 * without hazards: the primary's mask if its pc is an instruction, the
 * secondary's if it runs and its pc is one); *pc1 the primary's pc. */
uint64_t mech_sbi_footprint(core *c, mech_sbi_bank *b, unsigned w, int *pc1);
/* Issues what warp w can of k (read this cycle): the primary on port pa,
 * the secondary beside it on port pb (or alone on pa); with >= 0: both join
 * port with's slot, else the primary owns pa's slot.  commit 0: only
 * whether it would (nothing issued, no state changed; the bank's inputs
 * and eval outputs hold that update).  Returns the instructions issued (or
 * that would issue), 1 or 2; 0 when none can; MECH_SBI_FULL when the heap
 * or the scoreboard pushes the update back (full); -1 failed. */
#define MECH_SBI_FULL 3
int mech_sbi_issue(core *c, mech_sbi_bank *b, unsigned w, mech_sbi_cand *k, unsigned pa,
                   unsigned pb, int with, int commit);
/* Issues what the probe found: mech_sbi_issue(..., commit 0) on this k,
 * pa, pb returned 1 or 2 and nothing changed since (no issue, no other
 * probe of the bank); the same as mech_sbi_issue(..., commit 1) then,
 * without reading and deciding again.  1, 2, or -1 failed. */
int mech_sbi_issue_probed(core *c, mech_sbi_bank *b, unsigned w, mech_sbi_cand *k, unsigned pa,
                          unsigned pb);
/* The bank's commit of this cycle (its update if one issued, else an idle
 * eval): records the heap as structure rec and the scoreboard as rec + 1,
 * steps both, checks them.  0 or -1. */
int mech_sbi_bank_commit(core *c, mech_sbi_bank *b, unsigned rec, int issued);
int mech_sbi_bank_busy(const mech_sbi_bank *b);
/* 1 if warp w (of this bank) has a write pending in its scoreboard. */
int mech_sbi_bank_busy_warp(const mech_sbi_bank *b, unsigned w);
/* Quiet cycles (core.h): the bank's last commit was idle (no operation,
 * the heap's sorter idle, no writeback, no issue: the next is the same);
 * the first cycle >= now of its next writeback (UINT64_MAX: none pending);
 * n idle commits' access counts in bulk (the heap's read port, the steps). */
int mech_sbi_bank_idle(const mech_sbi_bank *b);
uint64_t mech_sbi_bank_wake(const core *c, const mech_sbi_bank *b);
void mech_sbi_bank_quiet(core *c, uint64_t n);
/* End of run: every row empty.  0 or -1. */
int mech_sbi_bank_finish(core *c, const mech_sbi_bank *b);
/* The bank's heap and scoreboard into the VCD under scopes hs, ss. */
void mech_sbi_bank_trace(mech_sbi_bank *b, struct vcd_writer *w, const char *hs,
                         const char *ss);
/* Adds the bank's structures' area (mech_area_add).  0 or -1. */
int mech_sbi_bank_area(const mech_sbi_bank *b, const area_tech *t, double *mm2, char *what,
                       size_t len);

/* swi_sched for a pool of n warps (swi, sbi+swi; mech_swi.c, issue 24 item
 * 10): SETS = the largest power of two <= min(swi_sets, n), WAYS = swi_ways
 * or enough for every warp, LANES = the warp size, then --param.  NULL or
 * one line. */
const char *mech_swi_sched_cfg(core *c, unsigned n, unsigned pool, swi_sched_cfg *qc);
/* swi_sched's decision on the ready bits: -1 (core_fail) on its err, 0 with
 * no I2, 1 with an I2 in *qo (the caller may take it out of the ready bits
 * and decide again). */
int mech_swi_decide(core *c, const swi_sched_cfg *qc, const swi_sched_state *s,
                    swi_sched_in *qi, uint64_t ready, swi_sched_out *qo);
/* One fill into swi_sched's first free write port (fill, then fill2: 001
 * Table 3's dual-ported buffer).  1 when both ports are now taken. */
int mech_swi_fill(swi_sched_in *qi, unsigned warp, uint64_t pc, uint64_t mask);
/* Decides again with the cycle's fills in qi: the fills must not change the
 * pick (primary and I2) already acted on; *qo takes the new outputs.  0, or
 * -1 (core_fail) if they did. */
int mech_swi_refill(core *c, const swi_sched_cfg *qc, const swi_sched_state *s,
                    const swi_sched_in *qi, swi_sched_out *qo);
/* Adds the area of n swi_sched units qc[] and of the per-lane register file
 * (two instructions on one SIMD group: 001 Table 3's "Segmented") into *mm2
 * (mech_area_add).  0 or -1. */
int mech_swi_area(const core *c, const swi_sched_cfg *qc, unsigned n, const area_tech *t,
                  double *mm2, char *what, size_t len);

/* Adds one structure's area (area_desc_*'s result e and its description
 * desc, an area_desc) into *mm2 and its name into what ("a+b").  0, or -1
 * with the reason in what. */
int mech_area_add(const area_tech *t, const char *e, const void *desc, double *mm2, char *what,
                  size_t len);
/* The registers a thread's register file holds: 002 sec. 4.3's allocator
 * (scalar_alloc) with every register vector, as a compiler colours the
 * kernel's virtual registers (PTX's %r<N> ranges name one per value) into
 * the physical registers of the baseline: 32-bit data units, a 64-bit
 * register an aligned pair, then the predicates.  With map (p->nregs
 * entries), map[v] is virtual register v's physical register (0 for a
 * register no reachable instruction names).  Returns the count (at
 * least 1).  The register files of the mechanisms (their size, their
 * area, dwf's lane-aware banks, the scoreboards' register ids) are the
 * allocated ones: registers are renamed, values stay the core's. */
unsigned mech_alloc_regs(const prog *p, uint32_t *map);
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
/* A structure parameter that does not hold this run, as one line in msg
 * (returned; the core puts the mechanism's name first): "--param S.P=HAVE
 * is too small: WHY (P >= NEED)", or
 * "S.P=HAVE (from the configuration)" when no --param gave it, or with
 * "must be" instead of ">=" when eq is set. */
const char *mech_param_small(const core *c, char *msg, size_t len, const char *sp,
                             unsigned have, unsigned need, int eq, const char *why);
/* The i-th structure --param accepts (its parameter table's name), NULL
 * after the last: --help lists them from this table. */
const char *mech_param_struct(unsigned i);

#endif
