/* SPDX-License-Identifier: Apache-2.0 */
/*
 * prog_exit.c -- the exit analyses of prog_analyse (prog.c): a barrier the
 * divergence analysis refuses is accepted when the threads that skip it
 * leave the kernel (prog_exit_accept), and post-dominators get virtual
 * nodes for loops left only by a return (prog_vloops, called by prog.c's
 * postdom).  Moved out of prog.c; the rules are unchanged.
 *
 * An early return before a barrier (`if (i >= n) return; ...
 * __syncthreads()`): PTX's barrier waits for the threads that have not
 * exited.  A barrier the divergence analysis refuses is accepted when the
 * only threads that skip it are bound for the exit unseen -- every path
 * from their next PC reaches the exit with no barrier, store, atomic,
 * load of shared or global memory or warp-synchronous instruction
 * (prog_exit_bound) -- and no branch that splits the other threads holds
 * one side across the barrier (analyse_exit_bound).  The SM core then
 * counts such threads as arrived (prog.h, exit_bound; core_issue.c,
 * park_lanes).  A returning side that stores runs under the stacks' EXIT
 * (analyse_exit_pop, p->exit_pop).
 *
 * Loops left only by a return (`for (;;) { if (c) return; ...
 * __syncthreads(); }`, docs/ptx.md "Loops left only by a return"): in
 * analyse_exit_pop's copy, where the returning edges are gone, such a loop
 * has no way to the exit and its post-dominators are undefined.  The rule:
 * each loop of the copy whose instructions all reach the exit in the
 * program (a strongly connected set S with no edge to another such
 * instruction outside it; prog_vloops) gets a virtual node h' before its
 * header h, the first instruction of S found from the entry: the edges of
 * S into h go to h', and h' goes to h and to the exit.  An iteration then
 * ends at h', which post-dominates all of S, and a branch in the loop
 * reconverges where it would if the loop's way out were at its back edge;
 * a point h' reads as h.  The virtual edge is postdom's alone: the regions
 * the divergence analysis checks follow the copy's own edges, so a barrier
 * between a thread-dependent branch and its point is refused as before.  A
 * thread that returns leaves the warp at its ret and no longer counts at a
 * barrier, as PTX and the reference have it.  Sides that share code with
 * the loop: a side is gone when the predicates its threads carry (the
 * branch's guard, a constant `mov.pred` flag) send them only to the exit
 * at every later branch on them (gone_side).  A loop without a way out in
 * the program itself stays a dead end.
 *
 * Paper: none of the mechanisms' papers; PTX's rule that a barrier waits
 * for the threads that have not exited, and the SIMT stack's EXIT (docs/
 * ptx.md "Early returns before a barrier", "Early returns that leave the
 * stack", "Loops left only by a return").  Timing: none (an analysis of
 * the program before any run).  Parameters: none.  Departures: the
 * analyses are conservative -- a barrier they cannot show is reached by
 * every thread that stays remains refused (prog_analyse's one line).
 */
#include "prog.h"
#include "prog_exit.h"

#include "../../rtl_c/bits.h"

#include <stdlib.h>
#include <string.h>

/* What an instruction does that keeps its thread from being exit-bound
 * (prog_exit_bound): 1 for a barrier, a store, an atomic, a load from
 * memory other threads write, a warp-synchronous instruction. */
static int exit_blocks(const prog_insn *in)
{
    switch (in->unit) {
    case PU_ST:
    case PU_ATOM:
    case PU_BAR: return 1;
    case PU_LD: return in->space != PS_PARAM && in->space != PS_LOCAL;
    default: return in->wsync != 0;
    }
}

void prog_exit_bound(const prog *p, uint8_t *eb)
{
    const int n = (int)p->n;
    for (int pc = 0; pc < n; pc++) /* the greatest fixed point: loops stay in */
        eb[pc] = p->reachable[pc] && !exit_blocks(&p->ins[pc]);
    eb[n] = 1;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int pc = n - 1; pc >= 0; pc--)
            for (int j = 0; eb[pc] && j < 2; j++)
                if (p->succ[pc][j] >= 0 && !eb[p->succ[pc][j]]) {
                    eb[pc] = 0;
                    changed = 1;
                }
    }
}

/* A copy of p with the instructions ins and none of p's analysis, for
 * prog_analyse_copy (analyse_exit_bound, analyse_exit_pop; prog_free_cfg frees
 * what that fills in). */
static prog analysis_copy(const prog *p, prog_insn *ins)
{
    prog q = *p;
    q.ins = ins;
    q.succ = NULL;
    q.ipdom = NULL;
    q.reachable = q.is_rpc = NULL;
    q.sync_div = NULL;
    q.prio = NULL;
    q.exit_bound = NULL;
    q.live = NULL;
    q.live_words = 0;
    q.cache = NULL;
    return q;
}

/* A barrier refused by the divergence analysis: the analysis of a copy of
 * p in which the threads bound for the exit leave (prog_exit_bound) --
 * each thread-dependent way into an exit-bound PC from a PC that is not
 * from which a barrier is reachable is dropped (a guarded branch then
 * goes only its other way), and the exit-bound PCs are exits.  The threads that do not leave run the
 * copy's paths exactly, so a barrier the copy's analysis accepts is
 * reached by all of them; the ones that leave are counted as exited by
 * the SM core.  The mechanisms reconverge at p's rpc: a branch that
 * splits the staying threads (divergent in the copy) must have no barrier
 * before p's rpc either.  On success p->exit_bound is set (p's own
 * analysis, rpc and `uniform` stay as they are); -1 when the copy is
 * refused, drops nothing, or has such a branch.  A loop whose only way out is such a branch (for
 * (;;) { if (c) return; ... }) leaves no exit in the copy: refused here, run by analyse_exit_pop. */
static int analyse_exit_bound(prog *p)
{
    const int n = (int)p->n;
    uint8_t *eb = malloc((size_t)n + 1), *bar = malloc((size_t)n + 1);
    prog_insn *ins = malloc((size_t)n * sizeof *ins);
    int dropped = 0, rc = -1;
    if (eb && bar && ins) {
        prog_exit_bound(p, eb);
        /* bar[pc]: a barrier is reachable from pc.  Past the last barrier
         * no edge is dropped: every thread leaves there, and dropping a
         * loop's way out into the exit-bound tail would leave the copy a
         * loop with no exit (a padding loop after the last barrier,
         * tb/kernels/cuda/realworld10/earlyst.cu es_plain) */
        for (int pc = 0; pc < n; pc++)
            bar[pc] = p->reachable[pc] && p->ins[pc].unit == PU_BAR;
        bar[n] = 0;
        for (int changed = 1; changed;) {
            changed = 0;
            for (int pc = n - 1; pc >= 0; pc--)
                for (int j = 0; !bar[pc] && p->reachable[pc] && j < 2; j++)
                    if (p->succ[pc][j] >= 0 && bar[p->succ[pc][j]])
                        bar[pc] = changed = 1;
        }
        memcpy(ins, p->ins, (size_t)n * sizeof *ins);
        for (int pc = 0; pc < n; pc++) {
            prog_insn *in = &ins[pc];
            if (!p->reachable[pc])
                continue;
            if (eb[pc]) { /* an exit of the copy */
                in->unit = PU_EXIT;
                in->guard = -1;
                in->nsrc = in->ndst = 0;
                in->varying = in->wsync = 0;
                in->fop = PF_NONE;
                in->freg = -1;
            } else if (in->unit == PU_BRA && in->guard >= 0 && p->succ[pc][1] >= 0 &&
                       eb[in->target] != eb[pc + 1] && bar[pc]) {
                if (eb[in->target]) /* falls through only */
                    in->unit = PU_NOP;
                in->guard = -1; /* else: taken only */
                dropped = 1;
            }
        }
    }
    if (dropped) {
        prog q = analysis_copy(p, ins);
        rc = prog_analyse_copy(&q, NULL);
        prog_free_cfg(&q);
        for (int pc = 0; !rc && pc < n; pc++) /* loads the copy takes as uniform */
            p->ins[pc].shuni |= ins[pc].shuni;
    }
    /* the mechanisms reconverge at p's rpc, not the copy's: a branch that
     * splits the threads that stay (divergent in the copy) must not hold
     * one side on a stack across a barrier until p's rpc (an exit edge
     * that no thread takes moves it past the barrier: tests/data/cuda/
     * gotobar) */
    uint8_t *mark = rc ? NULL : malloc((size_t)n + 1);
    int *list = rc ? NULL : malloc(((size_t)n + 2) * sizeof(int));
    if (!rc && (!mark || !list))
        rc = -1;
    for (int pc = 0; !rc && pc < n; pc++)
        if (p->reachable[pc] && ins[pc].unit == PU_BRA && ins[pc].guard >= 0 && !ins[pc].uniform &&
            p->succ[pc][1] >= 0)
            for (int j = 0; !rc && j < 2; j++) {
                unsigned cnt = prog_region_pcs(p, p->succ[pc][j], p->ins[pc].rpc, mark, list);
                for (unsigned i = 0; !rc && i < cnt; i++)
                    if (p->ins[list[i]].unit == PU_BAR)
                        rc = -1;
            }
    free(mark);
    free(list);
    free(ins);
    free(bar);
    if (!rc) {
        free(p->exit_bound);
        p->exit_bound = eb;
    } else
        free(eb);
    return rc;
}

/* A predicate move clang writes for a loop's "go on" flag: 1 for `mov.pred
 * d, s` (src: s), 2 for `mov.pred d, C` (*c: C's value), else 0. */
static int pred_move(const prog_insn *in, int *c)
{
    if (in->unit != PU_ALU || in->guard >= 0 || in->ndst != 1 || strncmp(in->text, "mov.pred ", 9))
        return 0;
    if (in->nsrc == 1)
        return 1;
    const char *k = strrchr(in->text, ',');
    if (in->nsrc || !k)
        return 0;
    while (*++k == ' ')
        ;
    if (strcmp(k, "0") && strcmp(k, "1") && strcmp(k, "-1"))
        return 0;
    *c = strcmp(k, "0") != 0;
    return 2;
}

/* A side s of a guarded branch whose threads take it with the guard g
 * holding val, not gone by rb alone: 1 when they reach the exit through no
 * barrier and no warp-synchronous instruction all the same, because the
 * predicates they carry send them only one way at a later branch.  The
 * walk keeps, at each PC, the predicates (bit k: register pr[k], at most
 * 64) known on every way there: g from the branch, a `mov.pred d, C`, a
 * `mov.pred d, s` of a known s or of a register every definition of which
 * is one constant (cst); any other write forgets.  clang tests a loop's
 * condition again at a latch the returning side shares with the loop
 * (tb/kernels/cuda/forret fr_work), or moves a constant into the loop's
 * "go on" flag on the returning side (fr_shared).  entered[] gets the PCs
 * the side's threads may run.  vis: n + 1 bytes; kn, kv: n + 1 words. */
static int gone_side(const prog *p, const uint8_t *rb, int s, unsigned g, int val, const int *pk,
                     const int8_t *cst, uint8_t *vis, uint64_t *kn, uint64_t *kv, uint8_t *entered)
{
    const int n = (int)p->n;
    int top = 0, ok = 1;
    int *stack = malloc(((size_t)n + 2) * 4 * sizeof(int)), cap = (n + 2) * 4;
    if (!stack)
        return 0;
    memset(vis, 0, (size_t)n + 1);
    vis[s] = 1;
    kn[s] = pk[g] >= 0 ? 1ull << pk[g] : 0;
    kv[s] = val && pk[g] >= 0 ? 1ull << pk[g] : 0;
    stack[top++] = s;
    while (top && ok) {
        const int v = stack[--top];
        if (v == n)
            continue;
        const prog_insn *in = &p->ins[v];
        if (!p->reachable[v] || in->unit == PU_BAR || in->wsync) {
            ok = 0;
            break;
        }
        uint64_t K = kn[v], V = kv[v];
        for (unsigned j = 0; j < in->ndst; j++) {
            int d = pk[in->dst[j]], c = 0, m = pred_move(in, &c);
            if (d < 0)
                continue;
            K &= ~(1ull << d);
            V &= ~(1ull << d);
            if (m == 1 && pk[in->src[0]] >= 0 && (kn[v] >> pk[in->src[0]] & 1))
                c = (int)(kv[v] >> pk[in->src[0]] & 1), m = 2;
            else if (m == 1 && cst[in->src[0]] >= 0)
                c = cst[in->src[0]], m = 2;
            if (m == 2) {
                K |= 1ull << d;
                V |= (uint64_t)c << d;
            }
        }
        int way = -1; /* the one way a known guard sends them */
        if (in->unit == PU_BRA && in->guard >= 0 && p->succ[v][1] >= 0) {
            int q = pk[in->guard], gv = -1;
            if (q >= 0 && (K >> q & 1))
                gv = (int)(V >> q & 1);
            else if (cst[in->guard] >= 0)
                gv = cst[in->guard];
            if (gv >= 0)
                way = (gv ^ in->guard_neg) ? in->target : v + 1;
        }
        for (int j = 0; j < 2 && ok; j++) {
            int w = p->succ[v][j];
            if (w < 0 || (way >= 0 && w != way))
                continue;
            if (!vis[w]) {
                vis[w] = 1;
                kn[w] = K;
                kv[w] = V;
            } else {
                uint64_t k2 = kn[w] & K & ~(kv[w] ^ V);
                if (k2 == kn[w])
                    continue;
                kn[w] = k2;
                kv[w] &= k2;
            }
            if (top >= cap)
                ok = 0; /* (no more room: refused, never wrong) */
            else
                stack[top++] = w;
        }
    }
    (void)rb;
    for (int v = 0; ok && v < n; v++)
        entered[v] |= vis[v];
    free(stack);
    return ok;
}

/* gone_side's registers: pk[r] = r's bit (the first 64 predicates; every
 * register when the front end gives no widths: .k), else -1; cst[r] = C
 * when every reachable definition of r is `mov.pred r, C` and r is not
 * read before it is written, else -1. */
static void pred_regs(const prog *p, int *pk, int8_t *cst)
{
    int k = 0;
    for (unsigned r = 0; r < p->nregs; r++) {
        pk[r] = (!p->reg_bits || p->reg_bits[r] == 1) && k < 64 ? k++ : -1;
        cst[r] = pk[r] >= 0 && !(p->live && bits_array_get(p->live, r)) ? 2 : -1;
    }
    for (unsigned pc = 0; pc < p->n; pc++) {
        const prog_insn *in = &p->ins[pc];
        int c = 0, m = pred_move(in, &c);
        for (unsigned j = 0; p->reachable[pc] && j < in->ndst; j++) {
            unsigned r = in->dst[j];
            if (m != 2 || in->guard >= 0 || (cst[r] != 2 && cst[r] != c))
                cst[r] = -1;
            else
                cst[r] = (int8_t)c;
        }
    }
    for (unsigned r = 0; r < p->nregs; r++)
        if (cst[r] == 2)
            cst[r] = -1; /* never written: its initial value, not a constant's */
}

/* An early return the stacks run by dropping the threads that leave (the
 * simt_stack's EXIT; docs/ptx.md "Early returns that leave the stack"): a
 * barrier refused by both analyses above.  Its returning side may store,
 * or sit under another thread-dependent branch whose other side goes to
 * the barrier.  ret_bound[pc]: every path from pc reaches the exit through
 * no barrier and no warp-synchronous instruction.  The copy drops each
 * guarded branch's edge into such a PC when its other side is not one (the
 * threads that take it leave); a barrier the copy's analysis accepts is
 * reached by every thread that stays.  Each branch then reconverges at the
 * copy's immediate post-dominator, a dropped one at its staying side's
 * target: the returning threads run on the stack above the staying ones,
 * which wait at that point, and leave it at their `ret` (EXIT) before the
 * staying threads go on to the barrier.  A branch the copy does not reach
 * (inside a returning side) keeps p's point.  Refused (-1): the copy drops
 * nothing or is refused (a loop left only by a return has no exit there:
 * postdom gives it its virtual node, file header), or a branch that
 * returning threads may run reconverges only at the exit
 * (a stack entry would wait at the exit PC).  On success p's rpc and
 * `uniform` are the copy's (a dropped branch: thread-dependent) and
 * p->exit_pop is set; prog_free_cfg clears it. */
static int analyse_exit_pop(prog *p)
{
    const int n = (int)p->n;
    uint8_t *rb = malloc((size_t)n + 1), *drop = calloc((size_t)n + 1, 1);
    uint8_t *mark = malloc((size_t)n + 1), *entered = calloc((size_t)n + 1, 1);
    uint8_t *seen = malloc((size_t)n + 1), *ent = calloc((size_t)n + 1, 1);
    int *list = malloc(((size_t)n + 2) * sizeof(int));
    prog_insn *ins = malloc((size_t)n * sizeof *ins);
    uint64_t *kn = malloc(((size_t)n + 1) * sizeof(uint64_t)), *kv = malloc(((size_t)n + 1) * sizeof(uint64_t));
    int *pk = malloc(((size_t)p->nregs + 1) * sizeof(int));
    int8_t *cst = malloc((size_t)p->nregs + 1);
    int dropped = 0, rc = -1;
    prog q;
    if (!rb || !drop || !mark || !entered || !seen || !ent || !list || !ins || !kn || !kv || !pk ||
        !cst)
        goto out;
    pred_regs(p, pk, cst);
    for (int pc = 0; pc < n; pc++)
        rb[pc] = p->reachable[pc] && p->ins[pc].unit != PU_BAR && !p->ins[pc].wsync;
    rb[n] = 1;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int pc = n - 1; pc >= 0; pc--)
            for (int j = 0; rb[pc] && j < 2; j++)
                if (p->succ[pc][j] >= 0 && !rb[p->succ[pc][j]])
                    rb[pc] = 0, changed = 1;
    }
    memcpy(ins, p->ins, (size_t)n * sizeof *ins);
    for (int pc = 0; pc < n; pc++) {
        prog_insn *in = &ins[pc];
        if (!p->reachable[pc] || in->unit != PU_BRA || in->guard < 0 || p->succ[pc][1] < 0)
            continue;
        /* each side: gone by rb, else by the guard's value (gone_side) */
        const unsigned g = (unsigned)in->guard;
        memset(ent, 0, (size_t)n + 1);
        int gt = rb[in->target], gf = rb[pc + 1];
        if (!gt && !gf) {
            gt = gone_side(p, rb, in->target, g, 1 ^ in->guard_neg, pk, cst, seen, kn, kv, ent);
            if (!gt)
                gf = gone_side(p, rb, pc + 1, g, in->guard_neg, pk, cst, seen, kn, kv, ent);
        }
        if (gt == gf)
            continue;
        const int gone = gt ? in->target : pc + 1;
        if (gt) /* falls through only */
            in->unit = PU_NOP;
        in->guard = -1; /* else: taken only */
        drop[pc] = dropped = 1;
        if (rb[gone]) {
            unsigned cnt = prog_region_pcs(p, gone, -1, mark, list);
            for (unsigned i = 0; i < cnt; i++)
                entered[list[i]] = 1;
        } else
            for (int v = 0; v < n; v++)
                entered[v] |= ent[v];
    }
    if (!dropped)
        goto out;
    q = analysis_copy(p, ins);
    rc = prog_analyse_copy(&q, p->reachable);
    for (int pc = 0; !rc && pc < n; pc++) {
        prog_insn *in = &p->ins[pc];
        if (!p->reachable[pc] || in->unit != PU_BRA || in->guard < 0)
            continue;
        int r = in->rpc, u = 0;
        if (drop[pc])
            r = ins[pc].unit == PU_NOP ? pc + 1 : in->target;
        else if (q.reachable[pc])
            r = ins[pc].rpc, u = ins[pc].uniform;
        if (r < 0 || (r == n && entered[pc]))
            rc = -1;
        in->rpc = r;
        in->uniform = (uint8_t)u;
    }
    if (!rc)
        p->exit_pop = 1;
    for (int pc = 0; !rc && pc < n; pc++) /* loads the copy takes as uniform */
        p->ins[pc].shuni |= ins[pc].shuni;
    prog_free_cfg(&q);
out:
    free(rb);
    free(drop);
    free(mark);
    free(entered);
    free(seen);
    free(ent);
    free(list);
    free(ins);
    free(kn);
    free(kv);
    free(pk);
    free(cst);
    return rc;
}

int prog_exit_accept(prog *p) { return !analyse_exit_bound(p) || !analyse_exit_pop(p) ? 0 : -1; }

/* to_exit[v] = 1 when a path from v reaches the exit ex in the graph of
 * nn nodes sg (two successors a node, -1 none), through live nodes only. */
static void to_exit(int nn, const int (*sg)[2], const uint8_t *live, int ex, uint8_t *seen)
{
    memset(seen, 0, (size_t)nn);
    seen[ex] = 1;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int v = nn - 1; v >= 0; v--)
            for (int j = 0; !seen[v] && live[v] && j < 2; j++)
                if (sg[v][j] >= 0 && seen[sg[v][j]])
                    seen[v] = 1, changed = 1;
    }
}

/* A loop left only by a return, in analyse_exit_pop's copy (file header):
 * the set F of instructions that v reaches through `in` nodes alone (F[w] =
 * mark[w] == st, the stamp), and 1 when F is a loop round v -- every node
 * of F reaches v inside F, and one goes to v. */
static int vloop_at(int n, const int (*sg)[2], const uint8_t *in, int v, unsigned *mark,
                    unsigned st, int *list, uint8_t *back)
{
    int cnt = 0, cyc = 0;
    mark[v] = st;
    list[cnt++] = v;
    for (int i = 0; i < cnt; i++)
        for (int j = 0; j < 2; j++) {
            int w = sg[list[i]][j];
            cyc |= w == v;
            if (w >= 0 && w < n && in[w] && mark[w] != st) {
                mark[w] = st;
                list[cnt++] = w;
            }
        }
    if (!cyc)
        return 0;
    for (int i = 0; i < cnt; i++)
        back[list[i]] = list[i] == v;
    for (int changed = 1; changed;) { /* back: reaches v inside F */
        changed = 0;
        for (int i = 0; i < cnt; i++)
            for (int j = 0; !back[list[i]] && j < 2; j++) {
                int w = sg[list[i]][j];
                if (w >= 0 && w < n && mark[w] == st && back[w])
                    back[list[i]] = 1, changed = 1;
            }
    }
    for (int i = 0; i < cnt; i++)
        if (!back[list[i]])
            return 0;
    return 1;
}

/* Gives each loop of the copy left only by a return its virtual node
 * (file header, "Loops left only by a return"): nodes n + 1 .. of sg,
 * hdr[k] the header of node n + 1 + k.  keep: the instructions that reach
 * the exit in the program the copy was made from.  Returns the node count. */
int prog_vloops(const prog *p, const uint8_t *keep, int (*sg)[2], uint8_t *live, uint8_t *seen,
                int *hdr)
{
    const int n = (int)p->n;
    int nn = n + 1;
    int *order = malloc(((size_t)n + 1) * sizeof(int)), *list = malloc(((size_t)n + 1) * sizeof(int));
    unsigned *mark = calloc((size_t)n + 1, sizeof(unsigned)), st = 0;
    uint8_t *in = calloc((size_t)n + 1, 1), *back = calloc((size_t)n + 1, 1);
    int no = 0;
    if (!order || !list || !mark || !in || !back)
        goto out;
    /* the instructions in the order a breadth-first walk from the entry
     * finds them: a loop's header comes before its body */
    mark[0] = ++st;
    order[no++] = 0;
    for (int i = 0; i < no; i++)
        for (int j = 0; j < 2; j++) {
            int w = sg[order[i]][j];
            if (w >= 0 && w < n && mark[w] != st) {
                mark[w] = st;
                order[no++] = w;
            }
        }
    for (int found = 1; found;) {
        found = 0;
        to_exit(nn, (const int (*)[2])sg, live, n, seen);
        for (int v = 0; v < n; v++)
            in[v] = live[v] && !seen[v] && keep[v];
        for (int i = 0; i < no && !found; i++) {
            const int h = order[i];
            if (!in[h] || !vloop_at(n, (const int (*)[2])sg, in, h, mark, ++st, list, back))
                continue;
            for (int v = 0; v < n; v++) /* the loop's edges into h go to h' */
                for (int j = 0; mark[v] == st && j < 2; j++)
                    if (sg[v][j] == h)
                        sg[v][j] = nn;
            sg[nn][0] = h;
            sg[nn][1] = n;
            live[nn] = 1;
            hdr[nn - n - 1] = h;
            nn++;
            found = 1;
        }
    }
out:
    free(order);
    free(list);
    free(mark);
    free(in);
    free(back);
    return nn;
}
