/* SPDX-License-Identifier: Apache-2.0 */
/*
 * prog_exit.h -- the exit analyses of prog_analyse (prog_exit.c has the
 * rules): early returns before a barrier and loops left only by a return.
 * Internal to prog.c and prog_exit.c; the SM model's contract is prog.h
 * (prog_exit_bound is declared there).
 */
#ifndef PROG_EXIT_H
#define PROG_EXIT_H

#include "prog.h"

/* A barrier the divergence analysis refused (p analysed, the analysis
 * returned -2): 0 when the exit analyses accept it -- analyse_exit_bound
 * (p->exit_bound set), else analyse_exit_pop (p's rpc and `uniform` the
 * copy's, p->exit_pop set) -- and -1 when both refuse it. */
int prog_exit_accept(prog *p);

/* postdom's graph sg (two successors a node, -1 none; nodes 0..n, n the
 * exit; live: the nodes it walks; seen: scratch) gets a virtual node for
 * each loop left only by a return: nodes n + 1 .., hdr[k] the header of
 * node n + 1 + k.  keep: the instructions that reach the exit in the
 * program analyse_exit_pop's copy was made from.  sg, live and seen hold
 * 2n + 2 nodes, hdr n + 1.  Returns the node count. */
int prog_vloops(const prog *p, const uint8_t *keep, int (*sg)[2], uint8_t *live, uint8_t *seen,
                int *hdr);

/* prog.c: prog_analyse on a copy an exit analysis built (no error text, no
 * retry of the exit analyses); keep: postdom's (analyse_exit_pop's copy,
 * else NULL). */
int prog_analyse_copy(prog *q, const uint8_t *keep);

#endif
