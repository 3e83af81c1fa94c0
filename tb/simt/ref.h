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

#endif
