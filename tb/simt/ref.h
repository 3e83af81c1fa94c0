/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ref.h -- the scalar reference interpreter (the oracle of issue 13 sec. 2).
 *
 * Every thread runs alone, one after another in tid order, until it
 * executes `bar` (it stops after it) or `exit`.  When every thread that has
 * not exited is stopped at a barrier, all of them continue; a thread that
 * has exited counts as arrived at every later barrier.  The result is the
 * final registers, predicates and memory and each thread's sequence of
 * executed PCs (every instruction, branches, bar and exit included).
 * Race-free kernels give the same result under any interleaving that
 * respects the barriers, which is what lets it judge every mechanism.
 */
#ifndef SIMT_REF_H
#define SIMT_REF_H

#include "kernel.h"
#include "prog.h"

typedef struct {
    unsigned threads;
    uint32_t (*regs)[K_REGS];
    uint8_t (*preds)[K_PREDS];
    uint32_t *mem;
    uint32_t **trace;   /* trace[t][i]: i-th PC thread t executed */
    uint32_t *len;      /* trace length per thread */
    uint64_t thread_insts;
} ref_result;

/* 0 on success; -1 with a one-line "file:line: msg" in err when a thread
 * exceeds max_steps instructions or threads wait at different barriers. */
int ref_run(const kernel *k, unsigned lanes, uint64_t max_steps, ref_result *r, char *err,
            size_t errlen);
void ref_free(ref_result *r);

/* ---- The reference on the program representation (prog.h): every front
 * end (.k, PTX).  The CTAs of the grid run one after another in linear
 * order (x fastest); within a CTA the threads run as above, in flat order
 * (x fastest), between barriers.  Shared memory is zeroed when a CTA
 * starts, local memory when a thread starts.  %clock is the number of
 * thread-instructions the reference has executed.  Atomics execute in this
 * order.  A thread's global index is its CTA's linear index times the
 * threads per CTA plus its flat index.  Each thread's PC sequence is kept
 * as a length and a hash (refp_hash_step from REFP_HASH0 over its PCs),
 * and in full when traces are kept.
 *
 * Memory (issue 25 sec. 6): the reference holds one CTA's threads at a
 * time (refp_stream, refp_cta_out).  refp_run keeps the final global
 * memory and, only with REFP_GRID (tests, and grids within the SM's
 * thread slots: build/simt), every thread's results.  The SM core takes
 * each CTA's results when the CTA is dispatched and compares them when it
 * retires: from refp_run's REFP_GRID arrays when they were kept
 * (refp_out_view, no copy), else from a refp_stream of its own run beside
 * it, one CTA's results per resident CTA slot (in linear order, as the
 * reference runs them); so per-thread state follows the resident CTAs
 * (or the SM's thread slots), not the grid.
 * What stays per CTA of the grid is the order check's: nregs + 1 digest
 * words per CTA while it runs, then one byte per (CTA, register).
 * refp_mem_peak reports both high-water marks, and a third: the order
 * taint's atomics map (ref_taint.c), which follows the bytes atomics
 * write and, for each, the CTAs and barrier phases that write it. */
#define REFP_HASH0 0xcbf29ce484222325ull

/* refp_run's flags */
#define REFP_GRID 1   /* every thread's registers, length, hash and trace
                       * (the SM core reads each CTA's from them) */
#define REFP_DIGEST 4 /* keep each CTA's digest for refp_order_check */

typedef struct {
    uint64_t threads;       /* grid threads */
    uint64_t ctas;          /* grid CTAs */
    unsigned cta_threads;
    unsigned nregs;
    unsigned warp_size;     /* the run's (%warpid, %laneid) */
    uint8_t *global;        /* final global memory, global_bytes */
    uint64_t global_bytes;
    /* REFP_GRID only (NULL otherwise): */
    uint64_t *regs;         /* final registers: threads x nregs */
    uint32_t **trace;       /* trace[t][i], the i-th PC thread t executed */
    uint64_t *len;          /* instructions each thread executed */
    uint64_t *hash;         /* hash of each thread's PC sequence */
    uint64_t thread_insts;
    uint32_t **am;          /* REFP_GRID, a program with activemask: am[t][i], the
                             * group (lanes) of thread t's i-th activemask; amn[t] */
    uint32_t *amn;
    uint64_t *dig;          /* REFP_DIGEST: ctas x (nregs + 1), until refp_order_check */
    int ran_digest;
    /* refp_order_check: NULL compares every byte of global memory; else
     * mem_cmp[a] = 1 where the thread orders agree (compared), 0 where
     * they differ (order_bytes of them: reported, not compared) */
    uint8_t *mem_cmp;
    uint64_t order_bytes;
    /* reg_cmp[c * nregs + v] = 0: register v of CTA c differs between the
     * orders in some thread of the CTA (order_regs such pairs): not
     * compared in that CTA; NULL: all */
    uint8_t *reg_cmp;
    uint64_t reg_cmp_bytes;
    uint64_t order_regs;
    /* the bytes the orders agree on that the taint of refp_order_check
     * (ref_taint.c refp_taint_fixed) leaves out of the comparison */
    uint64_t taint_bytes;
    /* the seeds that ran (refp_order_check): 1 a cas's or exch's result,
     * 2 a plain load of bytes another thread's atomic writes in its
     * barrier phase (another CTA's: in any phase), 4 a float atomic add
     * (ref_fadd.c) */
    int taint_seeds;
    int has_atomics;    /* a reachable atom/red */
    /* an atomic's returned value is read (atom with a live destination), or
     * the orders ran different PC sequences: the threads' PC sequences,
     * instruction counts and final registers depend on the order and are
     * not compared (the memory is, as above); 1 atomics, 2 the sequences,
     * 3 a plain load read bytes another thread's atomic writes in its
     * phase (the taint's plain-load seed: ref_taint.c's header) */
    int atom_flow;
    /* the reference stopped in another order (its message): nothing above
     * is set but atom_flow (2); the memory is compared against the first
     * order's whole */
    char order_err[512];
} refp_result;

/* One CTA's results in flat thread order. */
typedef struct {
    uint64_t cta;       /* its linear index; UINT64_MAX before the first run */
    unsigned threads, nregs;
    uint64_t *regs;     /* threads x nregs */
    uint64_t *len, *hash;
    uint32_t **trace;   /* keep_trace (refp_out_init); cap: each trace's allocation */
    uint64_t *cap;
    /* a program with a reachable activemask: am[t][i] the group (lanes of
     * its logical warp) thread t's i-th activemask executed with, amn[t]
     * of them (the SM compares its own: core_issue.c, "not established") */
    uint32_t **am, *amn, *amcap;
    int view;           /* refp_out_view: the arrays are a refp_result's */
} refp_cta_out;

/* The reference's state between CTAs: its own global memory, the
 * thread-instruction count (%clock), one CTA's shared and local memory. */
typedef struct {
    const prog *p;
    unsigned warp_size;
    uint64_t max_steps, ctas;
    uint8_t *global;
    uint64_t thread_insts;
    uint8_t *shared, *local;
    uint64_t local_bytes;
    /* refp_taint_pass (NULL otherwise): the global, shared (the CTA's) and local
     * (the CTA's threads') bytes, registers (threads x nregs) and threads
     * (tc: how many branches on a tainted value it runs under) tainted
     * by a cas's or exch's returned value (ref_taint.c refp_taint_step) */
    uint8_t *tg, *ts, *tl, *tr, *tc;
    int32_t *tk; /* each thread's tainted branches' reconvergence points */
    /* what a branch's region (its successors up to its reconvergence
     * point) may write, by branch PC, computed when first needed: the
     * registers (nregs bytes, then 1 when it stores to local memory) */
    uint8_t **tdef;
    int **tpcs;  /* the region's PCs by branch PC: tpcs[pc][0] of them, then the PCs */
    /* tb[t * nregs + v]: the global regions (prog.gbuf; bit i the i-th,
     * REFP_BUF_ALL any) register v of thread t may point into in some
     * order (ref_taint.c refp_taint_widen); tm: nregs of scratch */
    uint64_t *tb, *tm;
    uint8_t *tsu; /* every CTA's final shared-memory taint, or'ed */
    uint8_t *tra; /* by PC: a cas or exch in a retry loop (ref_taint.c refp_taint_region) */
    /* by PC: inside a retry loop's region; tnest: a branch whose region
     * is too (2), is not (1), not yet known (0) (ref_taint.c refp_taint_nested) */
    uint8_t *tinr, *tnest;
    /* clang -O0's frame slots as registers (prog_frame.h; NULL: none, or
     * the frame escapes): taug, the instructions with each slot as
     * register nregs + slot, and tflive, their liveness (tflw words a PC) */
    prog_insn *taug;
    uint64_t *tflive;
    unsigned tflw;
    const uint8_t *ts0; /* each CTA's initial one (NULL: none) */
    /* the plain-load seed (ref_taint.c refp_amap): the bytes atomics write, by
     * CTA, barrier phase and thread (built in the first pass, read in
     * every pass); tlw: a cas's or exch's result is a seed; tph: each
     * thread's barrier phase; tcta: the CTA under way */
    struct refp_amap *tam;
    struct refp_fadd *tfa; /* the float-add seed (ref_fadd.c; NULL: none) */
    int tlw;
    uint32_t *tph;
    uint64_t tcta;
    int shu; /* ref_shuni.c: loads to check (refp_shuni_wanted) */
} refp_stream;
/* ref_shuni.c: the check of the shared loads the divergence analysis
 * takes as uniform (prog_insn.shuni): no other thread writes the bytes
 * such a load reads in the same barrier interval.  refp_shuni_wanted: the
 * program has such a load (0 with the fault below); refp_shuni_new: one
 * CTA run's state (NULL out of memory); refp_shuni_interval starts an
 * interval (a CTA's start, a barrier's release); refp_shuni_step checks
 * one executed instruction of thread t (gt: its index in the grid, for
 * the message): -1 with one line in err. */
typedef struct refp_shuni refp_shuni;
int refp_shuni_wanted(const prog *p);
refp_shuni *refp_shuni_new(const prog *p);
void refp_shuni_free(refp_shuni *h);
void refp_shuni_interval(refp_shuni *h);
int refp_shuni_step(refp_shuni *h, const prog *p, int pc, unsigned t, uint64_t gt,
                    const prog_effect *e, char *err, size_t errlen);
/* The test hook (--inject-fault shuni@0, fault kind 22): no check. */
extern int refp_shuni_fault;
#define REFP_BUF_ALL (1ull << 63)
/* The test hook (--inject-fault taint@K, fault kind 15): K = 1 a region's
 * global stores, 2 a store at a tainted address, 3 shared stores are not
 * widened; 4 no taint pass when the reference's orders agree; 5 one pass
 * (no fixed point over the passes' global taint); 6 no retry loops (every
 * cas and exch taints its bytes, every branch on one its region); 7 no
 * frame-slot stores in retry loops (clang -O0: the loop is not one); 8
 * the frame slots' liveness at the loop's end not checked */
extern int refp_taint_fault;
/* The test hook of the plain-load seed (--inject-fault hook@K, fault kind
 * 17): K = 1 no plain-load seed; 2 not across CTAs (only another thread of
 * the CTA in the same phase); 3 the flow and registers compared although
 * a load was seeded; 4 every phase conflicts (the barriers' order ignored:
 * too much left out); 5 a branch nested in a retry loop taints control
 * (histo8's guess loads then leave its bins out) */
extern int refp_hook_fault;
/* The test hook of the taint's atomics (--inject-fault atom@K, fault
 * kind 18): K = 1 an atomic's returned value is not tainted by the
 * tainted bytes it reads; 2 the plain-load seed's atomics map is not
 * counted in refp_mem_peak(2) */
extern int refp_atom_fault;
/* The test hook of the float-add seed (ref_fadd.c; --inject-fault fadd@K,
 * fault kind 23): K = 1 no float-add seed (the orders alone judge a float
 * atomic add's word, as before); 2 every such word tainted, exact ones too */
extern int refp_fadd_fault;
#define REFP_TAINT_DEPTH 8

void refp_stream_init(refp_stream *s, const prog *p, unsigned warp_size, uint64_t max_steps);
void refp_stream_free(refp_stream *s);
void refp_out_init(refp_cta_out *o, const prog *p, int keep_trace);
void refp_out_free(refp_cta_out *o);
/* o shows CTA cta's results in r, a REFP_GRID run (its arrays, no copy;
 * refp_out_free only forgets them). */
void refp_out_view(refp_cta_out *o, const refp_result *r, uint64_t cta);
/* CTA cta to completion in thread order `order` (0 flat, 1 reversed, 2 by
 * a stride; refp_order_check) into o; 0, or -1 (-2: refp_run) with one
 * line in err. */
int refp_stream_run(refp_stream *s, uint64_t cta, int order, refp_cta_out *o, char *err,
                    size_t errlen);
/* The high-water mark of what the reference allocated per thread
 * (kind 0: CTA scratch and results, REFP_GRID's arrays), per CTA of the
 * grid (1: the order check's digests and bitmap) or in the order taint's
 * atomics map (2: ref_taint.c refp_amap, a slot per byte atomics write
 * and an entry per barrier phase of a shared byte and its CTA, or of a
 * global byte while one CTA writes it), in bytes. */
uint64_t refp_mem_peak(int kind);

/* FNV-1a step over the four bytes of a PC. */
static inline uint64_t refp_hash_step(uint64_t h, uint32_t pc)
{
    /* FNV-1a over the PC's four bytes, low byte first (written out: gcc
     * does not unroll the loop, and this runs per thread-instruction) */
    h = (h ^ (pc & 0xffu)) * 0x100000001b3ull;
    h = (h ^ ((pc >> 8) & 0xffu)) * 0x100000001b3ull;
    h = (h ^ ((pc >> 16) & 0xffu)) * 0x100000001b3ull;
    return (h ^ (pc >> 24)) * 0x100000001b3ull;
}

/* 0 on success; -1 with one line in err: a run error of an instruction
 * (prog_ops.exec's message), a thread past max_steps thread-instructions,
 * or threads of a CTA waiting at different barriers; -2 with one line: a
 * warp-synchronous instruction CUDA leaves undefined (prog.h: a member
 * that waits elsewhere, ...).  Warp-synchronous instructions are a
 * rendezvous of a logical warp's threads (prog.h); a program without them
 * runs as before, thread after thread between barriers. */
int refp_run(const prog *p, unsigned warp_size, uint64_t max_steps, int flags, refp_result *r,
             char *err, size_t errlen);
void refp_free(refp_result *r);

/* Atomics execute in issue order (issue 25 sec. 3): a kernel whose result
 * depends on that order is reported, not compared.  Runs the reference
 * twice more in other valid orders
 * (the CTAs, and each CTA's threads between barriers, last to first; then
 * by a stride coprime with their count), and with more than one CTA a
 * fourth time with the CTAs side by side (groups of up to 8, a barrier
 * phase of each in turn: a race between CTAs that meet only between
 * barriers, which no one-after-another order shows), and marks in
 * r->mem_cmp the global memory all the orders agree on, by aligned
 * 32-bit word (a word with one
 * differing byte is left out whole: a byte can agree by chance); sets
 * r->atom_flow when an atomic's returned value is read or a thread's PC
 * sequence differs, r->reg_cmp for the final registers (per CTA and
 * register, through each CTA's digest: ref.c refp_digest).  When another
 * order stops (a run error, max_steps) its message goes to r->order_err,
 * the first order's memory is compared whole and its flow is taken as
 * order-dependent (r->atom_flow = 2: one order's PC sequences, not the
 * only ones).  A kernel with atomics runs
 * once more (REFP_ORDER_RR): threads in order, each yielding after every
 * atomic it executes, and the CTAs side by side as above, so that the
 * atomics of the threads and CTAs interleave round robin (a persistent-
 * thread work queue then hands its items to every thread, not all to the
 * first).  These orders are
 * evidence, not proof: a word that only another order would change is
 * still compared (and a mechanism that reaches that order fails on it).
 * A race without atomics (warp-synchronous code through volatile shared
 * memory, which the papers' lockstep warps run "right" and a thread-by-
 * thread order does not) shows the same way and is reported the same way.
 * When a cas's or exch's returned value is read, whether or not the orders
 * disagree, the first order runs again with taint (ref_taint.c refp_taint_fixed)
 * and the bytes it marks are left out as well (r->taint_bytes): for what
 * flows from those values this is a proof, not evidence (ref_taint.c's header
 * states the rule, why it covers every order, and what it assumes).
 * The taint also runs when an atomic and a plain load of global or shared
 * memory are both reachable: a plain load of bytes another thread's
 * atomic writes with no barrier between them (another CTA's: any phase)
 * is a seed too (r->taint_seeds; a seeded load sets r->atom_flow 3). */
#define REFP_ORDER_RR 4
void refp_order_check(const prog *p, unsigned warp_size, uint64_t max_steps, refp_result *r);

#endif
