/* SPDX-License-Identifier: Apache-2.0 */
/*
 * prog_check.h -- helpers of the tests that compare two executions of a
 * program (tb/simt/prog.h): prog_ops.exec_warp against exec thread after
 * thread (tests/test_ptx.c, tests/test_simt_prog.c), and the PTX fast path
 * against the general path.  Include after prog.h.
 */
#ifndef PROG_CHECK_H
#define PROG_CHECK_H

#include <stdint.h>

/* xorshift64: the tests' reproducible random stream */
static inline uint64_t prog_check_rand(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* 1 when two effects are the same: next PC, executed, taken and every
 * access (address, bytes, direction, space) */
static inline int prog_effects_same(const prog_effect *a, const prog_effect *b)
{
    if (a->next_pc != b->next_pc || a->executed != b->executed || a->taken != b->taken ||
        a->nacc != b->nacc)
        return 0;
    for (unsigned i = 0; i < a->nacc; i++)
        if (a->acc[i].addr != b->acc[i].addr || a->acc[i].bytes != b->acc[i].bytes ||
            a->acc[i].write != b->acc[i].write || a->acc[i].space != b->acc[i].space)
            return 0;
    return 1;
}

/* exec_warp's thread and memory lists: thread i is t[slot[i]] (a slot may
 * be named twice), every thread on memory m */
static inline void prog_warp_lists(prog_thread *t, const unsigned *slot, unsigned n,
                                   const prog_mem *m, prog_thread **tp, const prog_mem **mp)
{
    for (unsigned i = 0; i < n; i++) {
        tp[i] = &t[slot[i]];
        mp[i] = m;
    }
}

#endif
