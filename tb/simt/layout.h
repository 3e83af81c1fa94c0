/* SPDX-License-Identifier: Apache-2.0 */
/*
 * layout.h -- the thread-frontier program layout (`--layout tf`, config key
 * `layout`): reorders an analysed program's basic blocks so that every
 * block comes after its predecessors except along back edges, with each
 * loop's blocks contiguous (Diamos et al., "SIMD re-convergence at thread
 * frontiers", MICRO 2011).  001 sec. 3.3 (l.109) assumes this layout: a
 * reconvergence point lies at a higher PC than its divergence point, so
 * sbi's selective synchronisation (CPC1 in [PC_div, PC_rec]) can act.
 *
 * The pass works on any front end's prog (prog.h): the laid-out program
 * keeps the front end's semantics function and calls it at the old PC
 * (the instruction's own code), mapping the next PC it returns into the
 * new order.  A block whose fall-through successor no longer follows it
 * gets an unguarded `bra` to it (one inserted instruction, a real issue
 * in every mechanism, as a compiler's layout would add).  The program is
 * then analysed again (prog_analyse: post-dominators, divergence).
 *
 * The reference (ref.c) runs the laid-out program, so the per-thread PC
 * sequences the SM core compares are the new PCs; build/simt also runs
 * the reference on the given order and requires the same final memory
 * (cli.c, load).
 */
#ifndef SIMT_LAYOUT_H
#define SIMT_LAYOUT_H

#include "prog.h"

#include <stddef.h>
#include <stdint.h>

/* The config key's values (core_cfg.layout).  scramble and scramble_tf are
 * test hooks: a seeded random block order (not a thread-frontier one),
 * then, for scramble_tf, the thread-frontier pass on that. */
enum prog_layout { LAYOUT_GIVEN = 0, LAYOUT_TF = 1, LAYOUT_SCRAMBLE = 2, LAYOUT_SCRAMBLE_TF = 3 };

/* Lays out p (analysed) in thread-frontier order (kind LAYOUT_TF) or in
 * the test hook's random order (LAYOUT_SCRAMBLE, from seed).  When the
 * order is the given one (no block moves), p is left as it is.  *inserted
 * (may be NULL) counts the `bra` instructions added.  0 on success, else
 * -1 with one line in err.  fault (a test hook, 0 normally): 1 leaves
 * every moved fall-through unpatched (the planted fault the layout tests
 * must catch). */
int prog_layout(prog *p, int kind, uint64_t seed, unsigned *inserted, int fault, char *err,
                size_t errlen);

/* Guarded reachable branches whose reconvergence PC r (before the exit)
 * is not above the branch and both of its sides (prog_region up to r):
 * 0 in a thread-frontier order.  The first such branch and the PC at or
 * above r go to *first_br, *first_at (may be NULL); -1 out of memory.
 * p must have been analysed. */
int prog_tf_violations(const prog *p, int *first_br, int *first_at);

#endif
