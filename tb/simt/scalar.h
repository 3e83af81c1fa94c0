/* SPDX-License-Identifier: Apache-2.0 */
/*
 * scalar.h -- scalarization (002 §4.2, Fig. 3) and the register allocator
 * (002 §4.3) on the SM model's program representation (prog.h).
 *
 * The analysis, as 002 states it (l.592-615 of the paper file):
 *   1. every register and instruction starts scalar;
 *   2. instructions that read thread-local memory or the thread-id
 *      registers are vector;
 *   3. instructions that read a vector register are vector, and registers
 *      written by a vector instruction are vector;
 *   4. a register with a control-flow dependence on a vector value is
 *      vector, unless it goes dead before the reconvergence point (002's
 *      refinement over Lee et al.);
 *   5. steps 3-4 repeat until nothing changes.
 *
 * Our reading of each step on prog.h, and where 002 is silent:
 *   Step 2 seeds: an instruction whose `varying` mark comes from %tid,
 *     %laneid, %warpid or %clock (every `varying` instruction that is not a
 *     load from global, shared or param memory), every load or store of
 *     local memory, every atomic, and every warp-synchronous instruction
 *     (prog.h: shfl, vote, activemask, bar.warp.sync combine the lanes'
 *     values, so they are never run once per warp).  Atomics are 002-silent: threads that
 *     add to one address must each add once, so an atomic is never run once
 *     per warp, and its result differs per thread.  Control instructions
 *     (bra, bar, exit, membar) compute no value: the warp's stack and
 *     sequencer handle them, so they are left vector and never run on a
 *     scalar unit (whether a branch diverges is step 4's business, decided
 *     by its guard register).
 *   Loads from global, shared or param memory are not seeds: 002's Step 2
 *     names only local memory and the thread id, so a load at a scalar
 *     address is scalar.  This is safe because one warp instruction reads
 *     one address for every active thread at one time: each thread would
 *     read the same bytes.  (A program whose other threads write that
 *     address concurrently has a race whatever the hardware.)
 *   Step 3 includes the guard predicate: an instruction guarded by a vector
 *     predicate writes only some threads, so it is vector.
 *   Step 4: for a divergent branch B (its guard is vector) with
 *     reconvergence PC rpc, take each register R written by an instruction
 *     in B's influence region (reachable from one side of B without passing
 *     rpc).  "Goes dead before the reconvergence point" we read as: R is not
 *     live at rpc, and R is not live at the entry of another side of B from
 *     the one the write is reached from.  The second half is needed for
 *     correctness and 002 does not state it: with one copy of R per warp, a
 *     write on one path would overwrite the value the threads of the other
 *     path (run later by the stack) still read.  A loop whose exit is
 *     divergent keeps a scalar counter that is dead after the loop: its
 *     exit side does not read it.
 *
 * Register allocation (002 §4.3): liveness per instruction (a guarded
 * write does not kill), an interference graph (a register written at an
 * instruction interferes with every other register live after it; the
 * registers live at entry, which hold their initial zero, interfere with
 * each other), and graph colouring by the smallest-last ordering of Matula
 * and Beck with a greedy first fit, run once per class: vector data,
 * scalar data, vector predicates, scalar predicates.  Data registers are
 * allocated in 32-bit units; a 64-bit register takes an aligned pair.  The
 * extra edges 002 requires (l.662-672): a scalar register live at the first
 * instruction of one side of a divergent branch interferes with every
 * scalar register live at, or written by, any instruction of the other
 * side's region, since the stack brings it back after that side has run.
 * Vector registers need no such edges: a masked write touches only the
 * threads of its own path.
 *
 * Worked example (tests/test_simt_scalar.c, `.k`; 8 threads):
 *     0     mov r1, 4          SCALAR  immediate
 *     1     add r2, r1, %tid   vector  thread id (step 2)
 *     2     setp.lt p0, r2, 6  vector  reads r2 (step 3)
 *     3     @p0 bra A          vector  divergent; reconverges at B (pc 9)
 *     4     mov r3, 7          SCALAR  r3 dead at B, written on one side only
 *     5     st [r3], r1        SCALAR
 *     6     mov r4, 1          SCALAR  but r4 is vector (step 4: live at B)
 *     7     bra B              vector  control (step 2)
 *     8  A: mov r4, 2          SCALAR  (r4 vector)
 *     9  B: add r5, r4, r1     vector  reads r4
 *    10     st [r2+8], r5      vector
 *    11     exit               vector  control
 * A scalar instruction whose destination is vector runs once and its
 * value is written into the register of every active thread.
 */
#ifndef SIMT_SCALAR_H
#define SIMT_SCALAR_H

#include <stdint.h>
#include <stdio.h>

#include "prog.h"

enum scalar_class { SC_VEC_DATA = 0, SC_SCA_DATA, SC_VEC_PRED, SC_SCA_PRED, SC_NCLASS };

typedef struct scalar_info_s {
    unsigned nregs, n;
    uint8_t *reg_vector;     /* nregs: 1 vector, 0 scalar */
    uint8_t *ins_vector;     /* n: 1 vector, 0 scalar */
    uint8_t *reg_used;       /* nregs: read or written by a reachable instruction */
    /* allocation (scalar_alloc) */
    int32_t *phys;           /* nregs: first unit of its class's file, -1 unused */
    uint8_t *cls;            /* nregs: enum scalar_class */
    unsigned units[SC_NCLASS];/* registers of each class after colouring (32-bit units; predicates) */
    unsigned virt[SC_NCLASS];/* virtual registers of each class */
    uint64_t edges;          /* interference edges */
    uint64_t extra_edges;    /* of them, 002's divergent-branch edges */
} scalar_info;

/* Runs the analysis on p (p must have been through prog_analyse).  When
 * all_vector is set, every register and instruction is
 * vector (the baseline without scalarization, for the allocator's
 * registers per thread). */
void scalar_analyse(const prog *p, scalar_info *s, int all_vector);
/* Liveness, interference and colouring per class; fills phys, cls, units. */
void scalar_alloc(const prog *p, scalar_info *s);
/* --show-scalar: every instruction with its mark, the registers by class
 * and the allocation. */
void scalar_show(const prog *p, const scalar_info *s, FILE *f);
void scalar_free(scalar_info *s);
/* scalar_analyse and scalar_alloc of p (all_vector as there), computed on
 * the first call and kept in p's cache (prog.h: p owns it, prog_free_cfg
 * frees it), so every core of every mechanism that runs p shares one;
 * NULL when p has not been analysed.  The caller must not change or free
 * it. */
const scalar_info *scalar_cached(const prog *p, int all_vector);
/* 1 when a and b hold the same marks, allocation and counts (the cache's
 * consistency check against a fresh analysis). */
int scalar_same(const scalar_info *a, const scalar_info *b);

/* ---- Execution with the allocated register files (issue 26 sec. 3).
 *
 * A thread's vector file (prog_thread.r) holds units[SC_VEC_DATA] data
 * registers then units[SC_VEC_PRED] predicates; a warp's scalar file holds
 * units[SC_SCA_DATA] then units[SC_SCA_PRED].  Each entry is 64 bits; a
 * 64-bit register lives in the first entry of its aligned pair (so a
 * 32-bit register that wrongly shares the pair's second entry is not seen
 * to clobber it: the soundness check covers whole-entry sharing).  Every
 * register starts zero, as in the reference.
 *
 * scalar_exec_thread executes instruction pc for one active thread of a
 * warp issue, in lane order.  A vector instruction runs for every thread,
 * reading its vector registers and the warp's scalar ones.  A scalar
 * instruction runs once, for the first thread of the issue: its scalar
 * result is written once into the warp's file, a vector result into the
 * vector file of every active thread, and the other threads take its
 * effect (next PC, branch outcome) with no memory access of their own.
 * In checked mode each other thread is also evaluated with its own
 * identity and the run fails on the first whose result, branch or address
 * differs: "file:line: pc P: scalar instruction 'text': thread T gives V,
 * thread T0 gave V0 (the scalarization is unsound)". */
typedef struct {
    const prog *p;
    const scalar_info *s;
    int checked;
    uint64_t *scratch; /* nregs: the virtual registers of one execution */
    uint64_t *coll;    /* PROG_WARP rows of nregs + 1: a warp-synchronous
                        * instruction's views (NULL: the program has none) */
    int32_t *off;      /* nregs: v's entry, off[v] into the warp's scalar file
                        * when sca[v], else into the thread's vector file
                        * (entry() in scalar.c as a table: read per operand) */
    uint8_t *sca;
    /* scalar_exec_warp's state: per pc, 1 when it takes the issue (wok);
     * rows of the lanes' virtual registers (SCALAR_WARP_MAX rows of span
     * entries, span the widest pc's lowest to highest register, after
     * nregs + 1 entries of room) */
    uint8_t *wok;
    uint64_t *rows;
} scalar_exec_cfg;

#define SCALAR_WARP_MAX 64 /* the most threads scalar_exec_warp takes (CORE_MAX_WARP) */

/* The state of one warp issue: reset (memset 0) before its first thread. */
typedef struct {
    int done;
    unsigned first_thread;
    prog_effect eff;
    uint64_t val[PROG_MAX_DST];
    uint64_t *written[PROG_MAX_DST]; /* the scalar entries the first thread wrote */
    uint64_t old[PROG_MAX_DST];      /* and what they held before */
    unsigned nwritten;
} scalar_issue;

/* The value of virtual register v of a thread (vector file vrf) of a warp
 * (scalar file srf). */
uint64_t scalar_reg(const scalar_info *s, unsigned v, uint64_t *vrf, uint64_t *srf);
unsigned scalar_vec_regs(const scalar_info *s); /* entries of a thread's vector file */
unsigned scalar_sca_regs(const scalar_info *s); /* entries of a warp's scalar file */
/* A warp-synchronous instruction (prog.h) under the allocated files: its
 * threads take part through views holding the virtual registers it reads
 * and writes.  scalar_coll_view makes lane l's view of thread x (its
 * warp's scalar file srf) for ops->coll_wait and ops->exec_coll;
 * scalar_coll_store writes the view's destinations back to x's files. */
void scalar_coll_view(const scalar_exec_cfg *c, int pc, unsigned l, const prog_thread *x,
                      uint64_t *srf, prog_thread *view);
void scalar_coll_store(const scalar_exec_cfg *c, int pc, const prog_thread *view, prog_thread *x,
                       uint64_t *srf);
void scalar_exec_init(scalar_exec_cfg *c, const prog *p, const scalar_info *s, int checked);
void scalar_exec_free(scalar_exec_cfg *c);
/* thread is the thread's number for messages.  0, or -1 with one line. */
int scalar_exec_thread(const scalar_exec_cfg *c, int pc, prog_thread *x, unsigned thread,
                       uint64_t *srf, const prog_mem *m, scalar_issue *st, prog_effect *e,
                       char *err, size_t errlen);

/* The same as scalar_exec_thread on x[0], ..., x[n-1] in that order with
 * one scalar_issue (reset before x[0]), for n <= SCALAR_WARP_MAX distinct
 * threads of one warp (scalar file srf) when c->wok[pc]: a vector
 * instruction that writes no scalar register, or a scalar one outside
 * checked mode.  A vector instruction is decoded once for all the threads
 * (prog_exec_warp on rows holding each thread's operands); a scalar one
 * runs for x[0] and its result is written to the others.  On a run error
 * the threads before the failing one have run and written their
 * registers, as with scalar_exec_thread; 0, or -1 with one line. */
int scalar_exec_warp(const scalar_exec_cfg *c, int pc, prog_thread *const *x, unsigned n,
                     uint64_t *srf, const prog_mem *const *m, prog_effect *e, char *err,
                     size_t errlen);

#endif
