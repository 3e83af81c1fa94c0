/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gen.h -- random structured-kernel generator (issue 13 sec. 2): nested
 * if/else, if without else, loops with uniform and divergent trip counts,
 * break and continue, early exit, loads and stores, top-level barriers.
 * Race-free by construction (gen.c says how).  The same seed gives the
 * same kernel.
 */
#ifndef SIMT_GEN_H
#define SIMT_GEN_H

#include <stdint.h>

/* A .k kernel as text (malloc'd), 1..max_threads threads. */
char *gen_kernel(uint64_t seed, unsigned max_threads);

#endif
