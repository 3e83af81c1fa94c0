/* SPDX-License-Identifier: Apache-2.0 */
/*
 * prog_cfg.c -- `build/simt --show-cfg`: a program's basic blocks, its
 * control-flow edges and each branch's reconvergence PC (the immediate
 * post-dominator prog_analyse found), for every front end (.k, PTX, CUDA).
 *
 * One listing for all front ends: kernel_show_cfg (.k) prints its header
 * line and calls prog_show_cfg on the lowered program; the PTX/CUDA path
 * prints the entry's header and does the same.  A branch is "divergent"
 * when it has a guard the divergence analysis could not prove uniform,
 * "uniform predicate" when it could, "uniform" when it has no guard.
 */
#include "prog.h"
#include "layout.h"

#include <stdio.h>
#include <stdlib.h>

static void pc_name(const prog *p, int pc, char *buf, size_t len)
{
    if (pc == (int)p->n)
        snprintf(buf, len, "%d (exit)", pc);
    else if (p->label && p->label[pc][0])
        snprintf(buf, len, "%d (%s)", pc, p->label[pc]);
    else
        snprintf(buf, len, "%d", pc);
}

/* The guard as the front end spells it: "@%p3 ", "@!p0 ", or "". */
static void guard_text(const prog *p, const prog_insn *in, char *buf, size_t len)
{
    if (in->guard < 0)
        buf[0] = 0;
    else if (p->reg_name)
        snprintf(buf, len, "@%s%s ", in->guard_neg ? "!" : "", p->reg_name[in->guard]);
    else
        snprintf(buf, len, "@%sr%d ", in->guard_neg ? "!" : "", in->guard);
}

void prog_show_cfg(const prog *p, void *file)
{
    FILE *f = file;
    int n = (int)p->n;
    uint8_t *leader = calloc((size_t)n + 1, 1);
    int *blk = malloc(((size_t)n + 1) * sizeof(int));
    leader[0] = 1;
    for (int pc = 0; pc < n; pc++) {
        const prog_insn *in = &p->ins[pc];
        if (in->unit == PU_BRA)
            leader[in->target] = 1;
        if (prog_ends_block(in))
            leader[pc + 1] = 1;
    }
    int b = 0;
    for (int pc = 0; pc < n; pc++) {
        if (leader[pc] && pc)
            b++;
        blk[pc] = b;
    }
    blk[n] = -1;
    fprintf(f, "blocks:\n");
    for (int pc = 0; pc < n;) {
        int end = pc;
        while (end + 1 < n && !leader[end + 1])
            end++;
        char nm[64];
        pc_name(p, pc, nm, sizeof nm);
        fprintf(f, "  B%d  pc %s..%d  lines %d..%d%s  ->", blk[pc], nm, end, p->ins[pc].line,
                p->ins[end].line, p->reachable[pc] ? "" : "  (unreachable)");
        for (int j = 0; j < 2; j++) {
            int s = p->succ[end][j];
            if (s < 0 || (j == 1 && s == p->succ[end][0]))
                continue;
            if (s == n)
                fprintf(f, " EXIT");
            else
                fprintf(f, " B%d", blk[s]);
        }
        fprintf(f, "\n");
        pc = end + 1;
    }
    fprintf(f, "edges:\n");
    for (int pc = 0; pc < n; pc++)
        for (int j = 0; j < 2; j++) {
            int s = p->succ[pc][j];
            if (s < 0 || (s == pc + 1 && !leader[s] && s != n))
                continue;
            if (j == 1 && s == p->succ[pc][0])
                continue;
            char a[64], bb[64];
            pc_name(p, pc, a, sizeof a);
            pc_name(p, s, bb, sizeof bb);
            fprintf(f, "  pc %s -> pc %s%s\n", a, bb,
                    p->ins[pc].unit == PU_BRA ? (j == 0 ? "  taken" : "  fall-through") : "");
        }
    fprintf(f, "branches (reconvergence = immediate post-dominator):\n");
    for (int pc = 0; pc < n; pc++) {
        const prog_insn *in = &p->ins[pc];
        if (in->unit != PU_BRA)
            continue;
        char a[64], t[64], r[64], g[40];
        pc_name(p, pc, a, sizeof a);
        pc_name(p, in->target, t, sizeof t);
        pc_name(p, in->rpc, r, sizeof r);
        guard_text(p, in, g, sizeof g);
        fprintf(f, "  pc %s line %d: %sbra %s  reconverges at pc %s%s\n", a, in->line, g, t, r,
                in->guard < 0 ? "  (uniform)" : (in->uniform ? "  (uniform predicate)" : "  (divergent)"));
    }
    int br = -1, at = -1, nv = prog_tf_violations(p, &br, &at);
    if (nv > 0) {
        char a[64], r[64], v[64];
        pc_name(p, br, a, sizeof a);
        pc_name(p, p->ins[br].rpc, r, sizeof r);
        pc_name(p, at, v, sizeof v);
        fprintf(f, "thread-frontier order: no (%d branches; pc %s reconverges at pc %s, and pc %s "
                   "of its sides is not below it; --layout tf)\n", nv, a, r, v);
    } else if (!nv) {
        fprintf(f, "thread-frontier order: yes (every divergent branch reconverges above its sides)\n");
    }
    free(leader);
    free(blk);
}
