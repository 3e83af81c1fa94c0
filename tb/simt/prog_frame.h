/* SPDX-License-Identifier: Apache-2.0 */
/*
 * prog_frame.h -- clang -O0's frame slots as registers for prog.c's
 * divergence analysis (prog_frame.c has the rule and its limits).
 */
#ifndef PROG_FRAME_H
#define PROG_FRAME_H

#include "prog.h"

/* aug (p->n + 1 entries): p's instructions with each frame slot of p's
 * threads' local memory read and written as register p->nregs + slot
 * (*ns slots) and a register every definition of which is a shared load
 * of one address marked as such.  Returns 1 when aug is to be analysed
 * in p's place, 0 when it is not (no slot, the frame escapes), -1 out of
 * memory. */
int prog_frame_aug(const prog *p, prog_insn *aug, unsigned *ns);

/* prog.c: a shared load (not volatile, relaxed or acquire) whose value
 * every thread of a block sees alike between two barriers */
int prog_shared_load_uniform(const prog_insn *in);

#endif
