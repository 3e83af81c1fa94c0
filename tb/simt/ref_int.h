/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ref_int.h -- what ref.c (the reference interpreter) and ref_taint.c
 * (the order taint) share; not part of ref.h's interface.  Timing: none.
 */
#ifndef SIMT_REF_INT_H
#define SIMT_REF_INT_H

#include "ref.h"

/* ref.c: the reference's allocations, counted for refp_mem_peak (kind 0
 * per thread, 1 per CTA of the grid, 2 the taint's atomics map; zeroed);
 * refp_count: bytes allocated (freed when negative) outside refp_alloc */
void *refp_alloc(int kind, uint64_t bytes);
void refp_release(int kind, void *q, uint64_t bytes);
void refp_count(int kind, int64_t bytes);

/* ref.c: the whole grid in order `kind` (refp_order_check's orders; dig
 * and r0 as there): 0, or -1 with one line in err */
int refp_run_order(const prog *p, unsigned warp_size, uint64_t max_steps, int flags, int kind,
                   refp_result *r, uint64_t *dig, refp_result *r0, char *err, size_t errlen);

/* ref_taint.c: a taint pass's part in the interpreter (s->tg set): after
 * thread t executed pc with effect e; a CTA's start and end; the
 * rendezvous of a warp-synchronous instruction (before exec_coll: whether
 * a lane's source is tainted; after: the group's results); the arrays'
 * release */
void refp_taint_step(refp_stream *s, unsigned t, const prog_thread *x, const prog_mem *mem,
                     int pc, const prog_effect *e);
void refp_taint_cta_begin(refp_stream *s, uint64_t cta);
void refp_taint_cta_end(refp_stream *s);
int refp_taint_coll_src(const refp_stream *s, int at, unsigned w0, uint32_t here);
void refp_taint_coll_dst(refp_stream *s, int at, unsigned w0, uint32_t here,
                         const prog_thread *th, int gt);
void refp_taint_free(refp_stream *s);

/* ref_fadd.c: the taint's float-add seed: whether p has a float atomic
 * add; its state (NULL out of memory) and release; a CTA's start; an
 * executed add at byte a of global (sh 0) or shared (sh 1) memory: 1 when
 * its word is to be tainted */
typedef struct refp_fadd refp_fadd;
int refp_fadd_wanted(const prog *p);
refp_fadd *refp_fadd_new(const prog *p);
void refp_fadd_free(refp_fadd *f);
void refp_fadd_cta_begin(refp_fadd *f);
int refp_fadd_step(refp_fadd *f, int sh, uint64_t a, const prog_insn *in, const prog_effect *e);

#endif
