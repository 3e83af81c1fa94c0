/* SPDX-License-Identifier: Apache-2.0 */
/*
 * layout.c -- the thread-frontier program layout (layout.h).
 *
 * The order: a priority list scheduling of the CFG's basic blocks without
 * its back edges (the edges to a block on the depth-first search's stack,
 * from block 0).  A block is ready when every predecessor along a forward
 * edge is placed; of the ready blocks the next one is
 *   1. the one sharing the smallest loop with the block placed last (a
 *      loop's blocks stay together: its exits wait until the body is
 *      placed), then
 *   2. the fall-through successor of the block placed last (no `bra` to
 *      insert), then
 *   3. the one first in the given order.
 * A loop is a back edge's header with the blocks that reach the edge's
 * source without passing the header (the natural loop; back edges with one
 * header make one loop).  Every block then follows its forward
 * predecessors, so a branch's reconvergence point (its immediate
 * post-dominator, reached from both sides by forward edges within a loop)
 * lies at a higher PC than the branch and every block of its two sides.
 * Unreachable blocks go last, in the given order.
 *
 * The laid-out program (ops layout_ops) runs the front end's program at
 * the instruction's old PC and maps the next PC: exit to exit, a taken
 * branch to its new target, anything else (the instruction's fall-through)
 * to the next new PC, which is the old successor or the inserted `bra`
 * to it.
 */
#include "layout.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    prog inner;    /* the front end's program in the given order */
    int *old_of;   /* new PC -> old PC (-1: an inserted bra), n + 1 entries */
    int *new_of;   /* old PC -> new PC, inner.n + 1 entries */
} layout_impl;

static void map_next(const prog *p, const layout_impl *L, int pc, int o, prog_effect *e)
{
    int nx = e->next_pc;
    if (nx >= (int)L->inner.n)
        e->next_pc = (int)p->n;
    else if (p->ins[pc].unit == PU_BRA && e->taken)
        e->next_pc = p->ins[pc].target;
    else if (nx == o + 1)
        e->next_pc = pc + 1;
    else
        e->next_pc = L->new_of[nx];
}

/* An error of the front end's program names its instruction by the old PC
 * ("pc O (file:line)"); the user reads the laid-out program's PCs
 * (--show-cfg with --layout tf): the message names both. */
static int lay_err(int pc, int o, char *err, size_t errlen)
{
    char key[32], buf[512];
    snprintf(key, sizeof key, "pc %d (", o);
    char *at = err && errlen ? strstr(err, key) : NULL;
    if (!at)
        return -1;
    *at = 0;
    snprintf(buf, sizeof buf, "%spc %d of the laid-out program (pc %d in the file's order, %s", err, pc,
             o, at + strlen(key));
    snprintf(err, errlen, "%s", buf);
    return -1;
}

static void bra_effect(const prog *p, int pc, prog_effect *e)
{
    memset(e, 0, sizeof *e);
    e->next_pc = p->ins[pc].target;
    e->executed = 1;
    e->taken = 1;
}

static int lay_exec(const prog *p, int pc, prog_thread *t, const prog_mem *m, prog_effect *e,
                    char *err, size_t errlen)
{
    const layout_impl *L = p->impl;
    int o = L->old_of[pc];
    if (o < 0) {
        bra_effect(p, pc, e);
        return 0;
    }
    if (L->inner.ops->exec(&L->inner, o, t, m, e, err, errlen))
        return lay_err(pc, o, err, errlen);
    map_next(p, L, pc, o, e);
    return 0;
}

static int lay_exec_warp(const prog *p, int pc, prog_thread *const *t, const prog_mem *const *m,
                         unsigned n, prog_effect *e, unsigned *done, char *err, size_t errlen)
{
    const layout_impl *L = p->impl;
    int o = L->old_of[pc];
    if (o < 0) {
        for (unsigned i = 0; i < n; i++)
            bra_effect(p, pc, &e[i]);
        *done = n;
        return 0;
    }
    int rc = prog_exec_warp(&L->inner, o, t, m, n, e, done, err, errlen);
    for (unsigned i = 0; i < *done; i++)
        map_next(p, L, pc, o, &e[i]);
    return rc ? lay_err(pc, o, err, errlen) : 0;
}

static uint32_t lay_coll_wait(const prog *p, int pc, const prog_thread *t)
{
    const layout_impl *L = p->impl;
    int o = L->old_of[pc];
    return o < 0 ? 0 : L->inner.ops->coll_wait(&L->inner, o, t);
}

static int lay_exec_coll(const prog *p, int pc, prog_thread *const *lane, uint32_t gone,
                         prog_effect *e, char *err, size_t errlen)
{
    const layout_impl *L = p->impl;
    int o = L->old_of[pc];
    if (o < 0 || L->inner.ops->exec_coll(&L->inner, o, lane, gone, e, err, errlen))
        return o < 0 ? 0 : lay_err(pc, o, err, errlen);
    for (unsigned l = 0; l < PROG_WARP; l++)
        if (lane[l])
            map_next(p, L, pc, o, &e[l]);
    return 0;
}

static void lay_free(prog *p)
{
    layout_impl *L = p->impl;
    if (!L)
        return;
    /* shared with p, which frees them */
    L->inner.reg_bits = NULL;
    L->inner.reg_name = NULL;
    L->inner.global_init = NULL;
    L->inner.param = NULL;
    prog_free(&L->inner);
    free(L->old_of);
    free(L->new_of);
    free(L);
    p->impl = NULL;
}

/* bar.red's release (prog_ops.bar_release) at the barrier's old PC */
static void lay_bar_release(const prog *p, int pc, uint8_t *shared)
{
    const layout_impl *L = p->impl;
    int o = L->old_of[pc];
    if (o >= 0 && L->inner.ops->bar_release)
        L->inner.ops->bar_release(&L->inner, o, shared);
}

static const prog_ops layout_ops = {lay_exec, lay_free, lay_exec_warp, NULL, NULL,
                                    lay_bar_release, NULL};
static const prog_ops layout_ops_coll = {lay_exec, lay_free, lay_exec_warp, lay_coll_wait,
                                         lay_exec_coll, lay_bar_release, NULL};

/* ------------------------------------------------------------ the order */
typedef struct {
    int nb;
    int *start, *end;  /* each block's first and last PC */
    int *blk;          /* PC -> block, n + 1 entries (n: -1) */
    int (*bs)[2];      /* block successors (-1 none; the exit is none) */
    int *ft;           /* fall-through successor block, -1 none, -2 off the end */
    int *mem;          /* the one allocation the arrays above are in */
} cfg_blocks;

static int blocks_build(const prog *p, cfg_blocks *b)
{
    int n = (int)p->n;
    uint8_t *leader = calloc((size_t)n + 1, 1);
    b->mem = malloc(((size_t)n * 6 + 1) * sizeof(int));
    if (!leader || !b->mem) {
        free(leader);
        return -1;
    }
    b->start = b->mem;
    b->end = b->start + n;
    b->ft = b->end + n;
    b->bs = (int(*)[2])(b->ft + n);
    b->blk = b->ft + 3 * n;
    leader[0] = 1;
    for (int pc = 0; pc < n; pc++) {
        if (p->ins[pc].unit == PU_BRA)
            leader[p->ins[pc].target] = 1;
        if (prog_ends_block(&p->ins[pc]))
            leader[pc + 1] = 1;
    }
    b->nb = 0;
    for (int pc = 0; pc < n; pc++) {
        if (leader[pc]) {
            b->start[b->nb] = pc;
            b->nb++;
        }
        b->blk[pc] = b->nb - 1;
        b->end[b->nb - 1] = pc;
    }
    b->blk[n] = -1;
    for (int i = 0; i < b->nb; i++) {
        int e = b->end[i];
        const prog_insn *in = &p->ins[e];
        for (int j = 0; j < 2; j++) {
            int s = p->succ[e][j];
            b->bs[i][j] = s >= 0 && s < n ? b->blk[s] : -1;
        }
        /* the successor the instruction reaches by not jumping */
        int falls = !prog_ends_block(in) || in->guard >= 0;
        b->ft[i] = !falls ? -1 : e + 1 < n ? b->blk[e + 1] : -2;
    }
    free(leader);
    return 0;
}

/* The block order into ord[0..nb-1]. */
static int tf_order(const prog *p, const cfg_blocks *b, int *ord)
{
    int nb = b->nb, rc = -1, nl = 0;
    int *state = calloc((size_t)nb, sizeof(int)); /* 0 new, 1 on stack, 2 done */
    int *stk = malloc(((size_t)nb + 1) * sizeof(int)), *it = calloc((size_t)nb, sizeof(int));
    uint8_t *back = calloc((size_t)nb * 2, 1); /* back[2i+j]: edge bs[i][j] is a back edge */
    int *npred = calloc((size_t)nb, sizeof(int));
    int *hdr = malloc((size_t)nb * sizeof(int));      /* each loop's header */
    uint8_t *in_loop = NULL;                          /* nl rows of nb */
    int *lsize = NULL;
    uint8_t *placed = calloc((size_t)nb, 1);
    if (!state || !stk || !it || !back || !npred || !hdr || !placed)
        goto out;
    /* back edges: depth-first from block 0 */
    int sp = 0;
    stk[sp++] = 0;
    state[0] = 1;
    while (sp) {
        int v = stk[sp - 1];
        if (it[v] < 2) {
            int j = it[v]++, s = b->bs[v][j];
            if (s < 0 || (j == 1 && s == b->bs[v][0]))
                continue;
            if (state[s] == 1)
                back[2 * v + j] = 1;
            else if (!state[s]) {
                state[s] = 1;
                stk[sp++] = s;
            }
        } else {
            state[v] = 2;
            sp--;
        }
    }
    /* loops: one per header; body by walking predecessors back from each
     * back edge's source, stopping at the header */
    for (int v = 0; v < nb; v++)
        for (int j = 0; j < 2; j++)
            if (back[2 * v + j]) {
                int h = b->bs[v][j], k;
                for (k = 0; k < nl && hdr[k] != h; k++)
                    ;
                if (k == nl)
                    hdr[nl++] = h;
            }
    in_loop = calloc((size_t)(nl ? nl : 1) * (size_t)nb, 1);
    lsize = calloc((size_t)(nl ? nl : 1), sizeof(int));
    if (!in_loop || !lsize)
        goto out;
    for (int k = 0; k < nl; k++) {
        uint8_t *row = &in_loop[(size_t)k * (size_t)nb];
        int h = hdr[k];
        row[h] = 1;
        sp = 0;
        for (int v = 0; v < nb; v++)
            for (int j = 0; j < 2; j++)
                if (back[2 * v + j] && b->bs[v][j] == h && !row[v]) {
                    row[v] = 1;
                    stk[sp++] = v;
                }
        while (sp) { /* predecessors of v: scan (blocks are few) */
            int v = stk[--sp];
            for (int u = 0; u < nb; u++)
                if (state[u] && !row[u] && (b->bs[u][0] == v || b->bs[u][1] == v)) {
                    row[u] = 1;
                    stk[sp++] = u;
                }
        }
        for (int v = 0; v < nb; v++)
            lsize[k] += row[v];
    }
    /* forward in-degrees among the reachable blocks */
    for (int v = 0; v < nb; v++)
        if (state[v])
            for (int j = 0; j < 2; j++) {
                int s = b->bs[v][j];
                if (s >= 0 && !back[2 * v + j] && !(j == 1 && s == b->bs[v][0]))
                    npred[s]++;
            }
    int no = 0, last = -1;
    while (no < nb) {
        int best = -1, bscore = 0;
        for (int v = 0; v < nb; v++) {
            if (placed[v] || !state[v] || npred[v])
                continue;
            int common = nb + 1; /* the smallest loop holding v and last */
            for (int k = 0; last >= 0 && k < nl; k++)
                if (in_loop[(size_t)k * nb + v] && in_loop[(size_t)k * nb + last] &&
                    lsize[k] < common)
                    common = lsize[k];
            int score = common * 2 + !(last >= 0 && b->ft[last] == v);
            if (best < 0 || score < bscore) { /* ties: the given order */
                best = v;
                bscore = score;
            }
        }
        if (best < 0)
            break; /* only unreachable blocks are left */
        placed[best] = 1;
        ord[no++] = best;
        last = best;
        for (int j = 0; j < 2; j++) {
            int s = b->bs[best][j];
            if (s >= 0 && !back[2 * best + j] && !(j == 1 && s == b->bs[best][0]))
                npred[s]--;
        }
    }
    for (int v = 0; v < nb; v++)
        if (!placed[v])
            ord[no++] = v;
    (void)p;
    rc = 0;
out:
    free(state);
    free(stk);
    free(it);
    free(back);
    free(npred);
    free(hdr);
    free(in_loop);
    free(lsize);
    free(placed);
    return rc;
}

/* The test hook's order: block 0 first, a block that falls off the end
 * (unreachable) last, the others shuffled (xorshift64 from seed). */
static void scramble_order(const cfg_blocks *b, uint64_t seed, int *ord)
{
    int nb = b->nb, k = 0, tail = -1;
    uint64_t x = seed * 0x9e3779b97f4a7c15ull + 1u;
    for (int v = 0; v < nb; v++)
        if (v && b->ft[v] == -2)
            tail = v;
        else
            ord[k++] = v;
    for (int i = k - 1; i > 1; i--) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        int j = 1 + (int)(x % (uint64_t)i), t = ord[i];
        ord[i] = ord[j];
        ord[j] = t;
    }
    if (tail >= 0)
        ord[k] = tail;
}

/* ------------------------------------------------------------- the pass */
int prog_layout(prog *p, int kind, uint64_t seed, unsigned *inserted, int fault, char *err,
                size_t errlen)
{
    cfg_blocks b;
    int n = (int)p->n, rc = -1;
    memset(&b, 0, sizeof b);
    if (inserted)
        *inserted = 0;
    int *ord = malloc((size_t)n * sizeof(int));
    if (!ord || blocks_build(p, &b) ||
        (kind == LAYOUT_SCRAMBLE ? (scramble_order(&b, seed, ord), 0) : tf_order(p, &b, ord))) {
        snprintf(err, errlen, "%s: --layout: out of memory", p->file);
        goto out;
    }
    int nb = b.nb, npatch = 0, moved = 0;
    for (int i = 0; i < nb; i++) {
        int v = ord[i];
        moved |= v != i;
        if (b.ft[v] >= 0 && (i + 1 == nb || ord[i + 1] != b.ft[v]) && !fault)
            npatch++;
    }
    if (!moved) { /* the given order is a thread-frontier order already */
        rc = 0;
        goto out;
    }
    int nn = n + npatch;
    layout_impl *L = calloc(1, sizeof *L);
    prog_insn *ins = calloc((size_t)nn, sizeof *ins);
    char(*label)[32] = calloc((size_t)nn + 1, sizeof *label);
    if (!L || !ins || !label || !(L->old_of = malloc(((size_t)nn + 1) * sizeof(int))) ||
        !(L->new_of = malloc(((size_t)n + 1) * sizeof(int)))) {
        if (L) {
            free(L->old_of);
            free(L->new_of);
        }
        free(L);
        free(ins);
        free(label);
        snprintf(err, errlen, "%s: --layout: out of memory", p->file);
        goto out;
    }
    int q = 0;
    for (int i = 0; i < nb; i++) {
        int v = ord[i];
        for (int pc = b.start[v]; pc <= b.end[v]; pc++) {
            L->old_of[q] = pc;
            L->new_of[pc] = q;
            ins[q] = p->ins[pc];
            if (p->label)
                memcpy(label[q], p->label[pc], sizeof label[q]);
            q++;
        }
        if (b.ft[v] >= 0 && (i + 1 == nb || ord[i + 1] != b.ft[v]) && !fault) {
            L->old_of[q] = -1;
            prog_insn *in = &ins[q];
            memset(in, 0, sizeof *in);
            in->unit = PU_BRA;
            in->guard = -1;
            in->line = p->ins[b.end[v]].line;
            q++;
        }
    }
    L->old_of[nn] = n;
    L->new_of[n] = nn;
    if (p->label)
        memcpy(label[nn], p->label[n], sizeof label[nn]);
    for (int i = 0; i < nn; i++) {
        prog_insn *in = &ins[i];
        int o = L->old_of[i];
        if (o >= 0 && in->unit == PU_BRA) {
            in->target = L->new_of[in->target];
        } else if (o < 0) { /* the patch after block ord[...] whose end is old_of[i - 1] */
            int v = b.blk[L->old_of[i - 1]], s = b.start[b.ft[v]];
            in->target = L->new_of[s];
            if (p->label && p->label[s][0])
                snprintf(in->text, sizeof in->text, "bra %s  (layout)", p->label[s]);
            else
                snprintf(in->text, sizeof in->text, "bra %d  (layout)", in->target);
        }
    }
    /* the front end's semantics need no analysis: the inner program has
     * none, p gets its own from prog_analyse */
    prog_free_cfg(p);
    L->inner = *p;
    p->ops = p->ops->exec_coll ? &layout_ops_coll : &layout_ops;
    p->impl = L;
    p->n = (unsigned)nn;
    p->ins = ins;
    p->label = label;
    if (inserted)
        *inserted = (unsigned)npatch;
    if (prog_analyse(p, err, errlen))
        goto out;
    rc = 0;
out:
    free(ord);
    free(b.mem);
    return rc;
}

/* ------------------------------------------------------------ the check */
int prog_tf_violations(const prog *p, int *first_br, int *first_at)
{
    int n = (int)p->n, bad = 0;
    uint8_t *mark = malloc((size_t)n + 1);
    int *stack = malloc(((size_t)n + 2) * sizeof(int));
    if (!mark || !stack) {
        free(mark);
        free(stack);
        return -1;
    }
    for (int pc = 0; pc < n; pc++) {
        const prog_insn *in = &p->ins[pc];
        if (!p->reachable[pc] || in->unit != PU_BRA || in->guard < 0 || in->rpc >= n)
            continue;
        int at = pc >= in->rpc ? pc : -1;
        for (int j = 0; j < 2 && at < 0; j++) {
            prog_region(p, p->succ[pc][j], in->rpc, mark, stack);
            for (int v = in->rpc; v < n && at < 0; v++)
                if (mark[v] && p->reachable[v]) /* not a dead end (prog.c) */
                    at = v;
        }
        if (at >= 0 && !bad++) {
            if (first_br)
                *first_br = pc;
            if (first_at)
                *first_at = at;
        }
    }
    free(mark);
    free(stack);
    return bad;
}
