/* SPDX-License-Identifier: Apache-2.0 */
/*
 * prog.c -- control-flow analysis of a prog (see prog.h): successors,
 * reachability, immediate post-dominators (the reconvergence PCs), the
 * divergence analysis and the reconvergence-point tables SBI and DPdPri use.
 * clang -O0's frame slots, which the divergence analysis reads as
 * registers, are found in prog_frame.c.
 *
 * Early returns before a barrier and loops left only by a return: the
 * exit analyses that prog_analyse tries on a barrier the divergence
 * analysis refuses, and postdom's virtual loop nodes, are in prog_exit.c
 * (its header has the rules).
 *
 * Block-uniform values in shared memory (prog_shared_load_uniform,
 * divergence; docs/ptx.md "Block-uniform values in shared memory"): a load
 * from shared memory at a uniform address -- plain, volatile, relaxed or
 * acquire -- is no seed of thread-dependence.  The rule: when no thread
 * writes the bytes such a load reads in the same barrier interval (between
 * two releases of the CTA barrier, or from the CTA's start), every thread
 * reads what the block left there, one value (the persistent-block queue:
 * thread 0 writes the item, __syncthreads, every thread reads it).  Its
 * assumptions: the interval's writes are the only way the bytes change (no
 * other CTA, no host), and the analysis' other claims hold, so the threads
 * reach the same barriers.  The analysis does not prove the "no write";
 * the loads whose value reaches the guard of a branch taken as uniform
 * (prog_insn.shuni) are checked by the reference on every run
 * (ref_shuni.c), which stops a run that breaks the rule with one line
 * before any mechanism runs.
 *
 * Post-dominators: Cooper, Harvey and Kennedy's iterative algorithm on the
 * reverse CFG, rooted at the virtual exit node n.
 *
 * Dead ends: an instruction reachable from the entry from which no path
 * reaches the exit (a loop without a way out; clang -O3 -ffast-math leaves
 * own_batchlu one, an unrolled copy of a loop that is never entered) is
 * part of no run that finishes: a thread that reaches it never exits.  The
 * analyses treat it as unreachable (reachable[pc] = 0): a branch into it
 * reconverges as if that side were absent, and its barriers, stores and
 * registers count for nothing.  A thread that does enter one runs on until
 * the reference stops it at --max-steps (one line, exit 1), before any
 * mechanism runs.  A kernel whose entry reaches no exit at all is refused.
 */
#include "prog.h"
#include "prog_exit.h"
#include "prog_frame.h"

#include "../../rtl_c/bits.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int aerr(const prog *p, char *err, size_t errlen, int line, const char *fmt, ...)
{
    int o = snprintf(err, errlen, "%s:%d: ", p->file, line);
    if (o < 0 || (size_t)o >= errlen)
        return -1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err + o, errlen - (size_t)o, fmt, ap);
    va_end(ap);
    return -1;
}

void prog_free_cfg(prog *p)
{
    free(p->succ);
    free(p->ipdom);
    free(p->reachable);
    free(p->is_rpc);
    free(p->sync_div);
    free(p->prio);
    free(p->exit_bound);
    free(p->live);
    for (unsigned i = 0; p->cache && i < PROG_CACHE_SLOTS; i++)
        if (p->cache->slot[i])
            p->cache->release[i](p->cache->slot[i]);
    free(p->cache);
    p->live = NULL;
    p->live_words = 0;
    p->cache = NULL;
    p->succ = NULL;
    p->ipdom = NULL;
    p->reachable = NULL;
    p->is_rpc = NULL;
    p->sync_div = NULL;
    p->prio = NULL;
    p->exit_bound = NULL;
    p->exit_pop = 0;
}

/* succ[] from the instructions. */
static void build_succ(prog *p)
{
    int n = (int)p->n;
    for (int pc = 0; pc <= n; pc++) {
        p->succ[pc][0] = p->succ[pc][1] = -1;
        if (pc == n)
            break;
        const prog_insn *in = &p->ins[pc];
        switch (in->unit) {
        case PU_BRA:
            p->succ[pc][0] = in->target;
            if (in->guard >= 0 && in->target != pc + 1)
                p->succ[pc][1] = pc + 1;
            break;
        case PU_EXIT:
            p->succ[pc][0] = n;
            break;
        default:
            p->succ[pc][0] = pc + 1;
            break;
        }
    }
}

/* Forward reachability from PC 0; -1 when control falls off the end. */
static int reach(prog *p, int *stack, char *err, size_t errlen)
{
    int n = (int)p->n, sp = 0;
    stack[sp++] = 0;
    p->reachable[0] = 1;
    while (sp) {
        int pc = stack[--sp];
        if (pc == n)
            continue;
        for (int j = 0; j < 2; j++) {
            int s = p->succ[pc][j];
            if (s < 0)
                continue;
            if (s == n && p->ins[pc].unit != PU_EXIT)
                return aerr(p, err, errlen, p->ins[pc].line,
                            "control falls off the end of the kernel (end with exit, ret or bra)");
            if (!p->reachable[s]) {
                p->reachable[s] = 1;
                stack[sp++] = s;
            }
        }
    }
    return 0;
}

/* The line to blame for a loop with no way out: the reachable branch that
 * cannot reach the exit and jumps backwards furthest (the loop's back edge),
 * else the first such instruction. */
static int stuck_line(const prog *p, const uint8_t *to_exit)
{
    int best = -1, first = -1;
    for (int pc = 0; pc < (int)p->n; pc++) {
        if (!p->reachable[pc] || to_exit[pc])
            continue;
        if (first < 0)
            first = pc;
        const prog_insn *in = &p->ins[pc];
        if (in->unit == PU_BRA && in->target <= pc && (best < 0 || pc > best))
            best = pc;
    }
    return p->ins[best >= 0 ? best : first].line;
}


/* Immediate post-dominators over the reachable nodes; -1 when the exit
 * is not reachable.  A reachable instruction that cannot reach the exit
 * (a dead end) is marked unreachable: the analyses ignore it.  keep (NULL
 * but for analyse_exit_pop's copy): a loop of such instructions that all
 * reach the exit in keep's program gets its virtual node (prog_vloops,
 * prog_exit.c). */
static int postdom(prog *p, char *err, size_t errlen, const uint8_t *keep)
{
    int n = (int)p->n, rc = 0, N = 2 * n + 2;
    int (*sg)[2] = malloc((size_t)N * sizeof *sg);
    int *hdr = malloc(((size_t)n + 1) * sizeof(int));
    uint8_t *live = calloc((size_t)N, 1);
    int *npred = calloc((size_t)N, sizeof(int));
    int **pred = calloc((size_t)N, sizeof(int *));
    int *order = malloc((size_t)N * sizeof(int)), no = 0;
    int *rpo_idx = malloc((size_t)N * sizeof(int));
    int *ip = malloc((size_t)N * sizeof(int));
    int *stack = malloc((size_t)N * sizeof(int));
    uint8_t *seen = calloc((size_t)N, 1);
    int *it = calloc((size_t)N, sizeof(int));
    if (!sg || !hdr || !live || !npred || !pred || !order || !rpo_idx || !ip || !stack || !seen ||
        !it) {
        rc = aerr(p, err, errlen, 1, "out of memory");
        N = 0;
        goto out;
    }
    for (int v = 0; v <= n; v++) {
        sg[v][0] = p->succ[v][0];
        sg[v][1] = p->succ[v][1];
        live[v] = v == n || p->reachable[v];
    }
    N = keep ? prog_vloops(p, keep, sg, live, seen, hdr) : n + 1;
    for (int v = 0; v < N; v++)
        if (live[v] && v != n)
            for (int j = 0; j < 2; j++)
                if (sg[v][j] >= 0)
                    npred[sg[v][j]]++;
    for (int v = 0; v < N; v++) {
        pred[v] = malloc((size_t)(npred[v] + 1) * sizeof(int));
        npred[v] = 0;
    }
    for (int v = 0; v < N; v++)
        if (live[v] && v != n)
            for (int j = 0; j < 2; j++)
                if (sg[v][j] >= 0)
                    pred[sg[v][j]][npred[sg[v][j]]++] = v;
    /* post-order of the reverse CFG from the exit (iterative DFS) */
    memset(seen, 0, (size_t)N);
    int sp = 0;
    stack[sp++] = n;
    seen[n] = 1;
    while (sp) {
        int v = stack[sp - 1];
        if (it[v] < npred[v]) {
            int u = pred[v][it[v]++];
            if (!seen[u]) {
                seen[u] = 1;
                stack[sp++] = u;
            }
        } else {
            order[no++] = v;
            sp--;
        }
    }
    if (!p->reachable[n] && N == n + 1)
        rc = aerr(p, err, errlen, stuck_line(p, seen), "no reachable exit (a loop without a way out)");
    else { /* dead ends: no run that finishes passes them (file header) */
        p->reachable[n] = 1;
        for (int pc = 0; pc < n; pc++)
            if (p->reachable[pc] && !seen[pc])
                p->reachable[pc] = 0;
    }
    if (!rc) {
        for (int i = 0; i < N; i++)
            rpo_idx[i] = -1;
        for (int i = 0; i < no; i++)
            rpo_idx[order[i]] = i; /* the exit has the largest index */
        for (int i = 0; i < N; i++)
            ip[i] = -1;
        ip[n] = n;
        int changed = 1;
        while (changed) {
            changed = 0;
            for (int i = no - 2; i >= 0; i--) { /* reverse post-order, exit first */
                int v = order[i], nd = -1;
                for (int j = 0; j < 2; j++) {
                    int s = sg[v][j];
                    if (s < 0 || ip[s] < 0)
                        continue;
                    if (nd < 0) {
                        nd = s;
                        continue;
                    }
                    int a = s, b = nd;
                    while (a != b) {
                        while (rpo_idx[a] < rpo_idx[b])
                            a = ip[a];
                        while (rpo_idx[b] < rpo_idx[a])
                            b = ip[b];
                    }
                    nd = a;
                }
                if (nd >= 0 && ip[v] != nd) {
                    ip[v] = nd;
                    changed = 1;
                }
            }
        }
        for (int v = 0; v <= n; v++) /* a virtual node reads as its header */
            p->ipdom[v] = ip[v] > n ? hdr[ip[v] - n - 1] : ip[v];
        for (int pc = 0; pc < n; pc++)
            if (p->ins[pc].unit == PU_BRA)
                p->ins[pc].rpc = p->ipdom[pc] < 0 ? n : p->ipdom[pc];
    }
out:
    for (int v = 0; pred && v < N; v++)
        free(pred[v]);
    free(pred);
    free(sg);
    free(hdr);
    free(live);
    free(order);
    free(rpo_idx);
    free(ip);
    free(stack);
    free(seen);
    free(it);
    free(npred);
    return rc;
}

unsigned prog_region_pcs(const prog *p, int from, int stop, uint8_t *mark, int *list)
{
    int n = (int)p->n;
    unsigned cnt = 0;
    memset(mark, 0, (size_t)n + 1);
    if (from < 0 || from == stop)
        return 0;
    mark[from] = 1;
    list[cnt++] = from;
    for (unsigned i = 0; i < cnt; i++) { /* the list is its own work queue */
        int v = list[i];
        if (v == n)
            continue;
        for (int j = 0; j < 2; j++) {
            int s = p->succ[v][j];
            if (s >= 0 && s != stop && !mark[s]) {
                mark[s] = 1;
                list[cnt++] = s;
            }
        }
    }
    if (mark[n]) { /* the exit node is never in the region */
        mark[n] = 0;
        unsigned k = 0;
        for (unsigned i = 0; i < cnt; i++)
            if (list[i] != n)
                list[k++] = list[i];
        cnt = k;
    }
    return cnt;
}

void prog_region(const prog *p, int from, int stop, uint8_t *mark, int *stack)
{
    prog_region_pcs(p, from, stop, mark, stack);
}

/* One instruction's transfer, in place: row becomes the registers live
 * at pc's entry when it held the ones live after pc (a guarded write does
 * not kill). */
static void live_step(const prog_insn *in, uint64_t *row)
{
    if (in->guard < 0)
        for (unsigned d = 0; d < in->ndst; d++)
            bits_array_clear(row, in->dst[d]);
    for (unsigned k = 0; k < in->nsrc; k++)
        bits_array_set(row, in->src[k]);
}

/* One block a..z (the last PC before the next leader) of the backward
 * pass: its out-set from its successors' entry rows, then each
 * instruction's transfer in place.  With fill, every PC's row is stored;
 * else only the entry row a's.  1 when that row changed. */
static int live_block(const prog *p, uint64_t *in, uint64_t *row, unsigned W, unsigned a,
                      unsigned z, int fill)
{
    int changed = 0;
    memset(row, 0, W * sizeof *row);
    for (int j = 0; j < 2; j++) {
        int sc = p->succ[z][j];
        if (sc >= 0)
            for (unsigned w = 0; w < W; w++)
                row[w] |= in[(size_t)sc * W + w];
    }
    for (unsigned pc = z + 1; pc-- > a;) {
        live_step(&p->ins[pc], row);
        if (fill || pc == a) {
            uint64_t *dst = &in[(size_t)pc * W];
            if (!fill && memcmp(dst, row, W * sizeof *row))
                changed = 1;
            memcpy(dst, row, W * sizeof *row);
        }
    }
    return changed;
}

/* Backward dataflow on the basic blocks (a block starts at PC 0, at a
 * branch target and after a branch or an exit), iterated to the least
 * fixed point on the blocks' entry rows alone; one last pass then fills
 * every PC's row.  A block's pass costs its out-set (W words) and a few
 * bit operations per instruction, so a round is O(blocks * W + n), not
 * O(n * W). */
uint64_t *prog_liveness(const prog *p, unsigned *words)
{
    unsigned W = (p->nregs + 63u) / 64u, n = p->n, nb = 0;
    uint64_t *in = calloc(((size_t)n + 1) * W + 1, sizeof(uint64_t));
    uint64_t *row = calloc((size_t)W + 1, sizeof(uint64_t));
    uint8_t *lead = calloc((size_t)n + 1, 1);
    unsigned *first = malloc(((size_t)n + 1) * sizeof(unsigned));
    unsigned *last = malloc(((size_t)n + 1) * sizeof(unsigned));
    *words = W;
    lead[0] = 1;
    for (unsigned pc = 0; pc < n; pc++) {
        const prog_insn *x = &p->ins[pc];
        if (x->unit == PU_BRA && x->target >= 0 && (unsigned)x->target < n)
            lead[x->target] = 1;
        if (prog_ends_block(x))
            lead[pc + 1] = 1;
    }
    for (unsigned pc = 0; pc < n; pc++)
        if (lead[pc] && p->reachable[pc]) {
            unsigned z = pc;
            while (z + 1 < n && !lead[z + 1])
                z++;
            first[nb] = pc;
            last[nb++] = z;
        }
    int changed = 1;
    while (changed) {
        changed = 0;
        for (unsigned k = nb; k-- > 0;)
            changed |= live_block(p, in, row, W, first[k], last[k], 0);
    }
    for (unsigned k = nb; k-- > 0;)
        live_block(p, in, row, W, first[k], last[k], 1);
    free(row);
    free(lead);
    free(first);
    free(last);
    return in;
}

const uint64_t *prog_live(const prog *p, unsigned *words)
{
    *words = p->live_words;
    return p->live;
}

/* Registers every definition of which is one and the same uniform
 * computation (prog.h): an ALU operation or a parameter load with no guard,
 * not `varying`, one destination, and the same untruncated text at every
 * definition, the register never read before it is written (not live at
 * entry).  same[r] = 1 for them; ndef[r] counts the reachable definitions
 * (2 meaning two or more), def1[r] is the first. */
static void same_value_regs(const prog *p, const uint64_t *live, uint8_t *same, uint8_t *ndef,
                            int *def1)
{
    for (unsigned r = 0; r < p->nregs; r++) {
        same[r] = !bits_array_get(live, r);
        ndef[r] = 0;
        def1[r] = -1;
    }
    for (unsigned pc = 0; pc < p->n; pc++) {
        const prog_insn *in = &p->ins[pc];
        if (!p->reachable[pc])
            continue;
        int simple = in->ndst == 1 && in->guard < 0 && !in->varying &&
                     (in->unit == PU_ALU || (in->unit == PU_LD && in->space == PS_PARAM)) &&
                     strlen(in->text) + 1 < sizeof in->text;
        for (unsigned j = 0; j < in->ndst; j++) {
            unsigned r = in->dst[j];
            if (!simple || (def1[r] >= 0 && strcmp(p->ins[def1[r]].text, in->text)))
                same[r] = 0;
            if (def1[r] < 0)
                def1[r] = (int)pc;
            if (ndef[r] < 2)
                ndef[r]++;
        }
    }
}

/* Reaching definitions: clang reuses a virtual register for values that
 * never meet (the pivot loop's bound, later a counter only thread 0
 * runs), so divergence is a property of a definition (pc, destination),
 * not of a register: a read is divergent when a divergent definition of
 * its register reaches it.  def_at[pc] is pc's first definition id (its
 * destinations in order), kill[r] the definitions of register r, rin[pc]
 * the definitions reaching pc, ddef the divergent ones (bitsets of W
 * words). */
typedef struct {
    unsigned nd, W;
    int *def_at;     /* n + 1 */
    uint64_t *kill;  /* nregs rows */
    uint64_t *rin;   /* n rows */
    uint64_t *ddef;  /* one row */
} prog_defs;

static void defs_free(prog_defs *df)
{
    free(df->def_at);
    free(df->kill);
    free(df->rin);
    free(df->ddef);
}

static int defs_build(const prog *p, prog_defs *df)
{
    unsigned n = p->n, R = p->nregs ? p->nregs : 1, nd = 0;
    memset(df, 0, sizeof *df);
    if (!(df->def_at = calloc((size_t)n + 1, sizeof(int))))
        return -1;
    for (unsigned pc = 0; pc < n; pc++) {
        df->def_at[pc] = (int)nd;
        nd += p->reachable[pc] ? p->ins[pc].ndst : 0;
    }
    df->def_at[n] = (int)nd;
    df->nd = nd;
    unsigned W = df->W = (nd + 63u) / 64u + 1u;
    df->kill = calloc((size_t)R * W, sizeof(uint64_t));
    df->rin = calloc(((size_t)n + 1) * W, sizeof(uint64_t));
    df->ddef = calloc(W, sizeof(uint64_t));
    uint64_t *out = calloc(W, sizeof(uint64_t));
    if (!df->kill || !df->rin || !df->ddef || !out) {
        free(out);
        return -1;
    }
    for (unsigned pc = 0; pc < n; pc++)
        for (unsigned j = 0; p->reachable[pc] && j < p->ins[pc].ndst; j++)
            bits_array_set(&df->kill[(size_t)p->ins[pc].dst[j] * W], (unsigned)df->def_at[pc] + j);
    int changed = 1;
    while (changed) { /* forward: in[succ] |= gen(pc) + (in[pc] - kill(pc)) */
        changed = 0;
        for (unsigned pc = 0; pc < n; pc++) {
            if (!p->reachable[pc])
                continue;
            const prog_insn *in = &p->ins[pc];
            memcpy(out, &df->rin[(size_t)pc * W], W * sizeof *out);
            for (unsigned j = 0; in->guard < 0 && j < in->ndst; j++) /* a guarded write keeps the old */
                for (unsigned w = 0; w < W; w++)
                    out[w] &= ~df->kill[(size_t)in->dst[j] * W + w];
            for (unsigned j = 0; j < in->ndst; j++)
                bits_array_set(out, (unsigned)df->def_at[pc] + j);
            for (int k = 0; k < 2; k++) {
                int sc = p->succ[pc][k];
                if (sc < 0 || sc >= (int)n)
                    continue;
                uint64_t *row = &df->rin[(size_t)sc * W];
                for (unsigned w = 0; w < W; w++)
                    if (out[w] & ~row[w]) {
                        row[w] |= out[w];
                        changed = 1;
                    }
            }
        }
    }
    free(out);
    return 0;
}

/* source k of pc reads a divergent definition */
static int src_div(const prog *p, const prog_defs *df, int pc, unsigned k)
{
    const uint64_t *row = &df->rin[(size_t)pc * df->W];
    const uint64_t *kr = &df->kill[(size_t)p->ins[pc].src[k] * df->W];
    for (unsigned w = 0; w < df->W; w++)
        if (row[w] & kr[w] & df->ddef[w])
            return 1;
    return 0;
}

/* covered_def's state over the divergence analysis: each divergent
 * branch's influence region as a bitset (filled where the branch is found
 * divergent), the branches in that order, a memo per definition (valid
 * while no branch is added) and a stamped visit array for its search. */
typedef struct {
    unsigned W;        /* words of a region bitset */
    uint64_t **region; /* n: NULL unless the branch is divergent */
    int *list, nlist;  /* the divergent branches */
    int *memo_n;       /* n: nlist when memo_v was computed, -1 never */
    uint8_t *memo_v;
    int *rmw_n;        /* the same for covered_rmw */
    uint8_t *rmw_v;
    unsigned *seen, stamp;
} prog_cover;

static int cover_init(prog_cover *cv, unsigned n)
{
    memset(cv, 0, sizeof *cv);
    cv->W = (n + 64u) / 64u;
    cv->region = calloc((size_t)n + 1, sizeof *cv->region);
    cv->list = malloc(((size_t)n + 1) * sizeof(int));
    cv->memo_n = malloc(((size_t)n + 1) * sizeof(int));
    cv->memo_v = calloc((size_t)n + 1, 1);
    cv->rmw_n = malloc(((size_t)n + 1) * sizeof(int));
    cv->rmw_v = calloc((size_t)n + 1, 1);
    cv->seen = calloc((size_t)n + 1, sizeof(unsigned));
    if (!cv->region || !cv->list || !cv->memo_n || !cv->memo_v || !cv->rmw_n || !cv->rmw_v ||
        !cv->seen)
        return -1;
    for (unsigned v = 0; v <= n; v++)
        cv->memo_n[v] = cv->rmw_n[v] = -1;
    return 0;
}

static void cover_free(prog_cover *cv, unsigned n)
{
    for (unsigned v = 0; cv->region && v <= n; v++)
        free(cv->region[v]);
    free(cv->region);
    free(cv->list);
    free(cv->memo_n);
    free(cv->memo_v);
    free(cv->rmw_n);
    free(cv->rmw_v);
    free(cv->seen);
}

/* definition id of register r at pc is pc's computation (same text,
 * unguarded, one destination) */
static int cover_same(const prog *p, int v, const prog_insn *in)
{
    const prog_insn *w = &p->ins[v];
    return w->ndst == 1 && w->guard < 0 && !strcmp(w->text, in->text);
}

/* pc, one definition in the influence region of a divergent branch, whose
 * register other definitions give other values (so not same_value_regs'),
 * leaves the register uniform all the same when, for each divergent branch
 * b whose region holds pc, every definition of the register in b's region
 * is pc's computation (the same text, unguarded, one destination), and,
 * when some path from b to its reconvergence point writes no such
 * definition, so is every definition that reaches b: at the reconvergence
 * point every thread that was at b holds the one value.  clang -O2 writes
 * a loop's "go on" predicate this way: `mov.pred %p43, %p18` (true) at
 * the end of each path of a divergent body, `mov.pred %p43, %p42` (false)
 * before the loop's uniform exit (realworld6/eigbisect).  pc's sources
 * are checked by the caller (benign_def); def_pc maps a definition id to
 * its pc. */
static int covered_def(const prog *p, int pc, const prog_defs *df, const int *def_pc,
                       prog_cover *cv, int *stack)
{
    if (cv->memo_n[pc] == cv->nlist)
        return cv->memo_v[pc];
    const prog_insn *in = &p->ins[pc];
    const int n = (int)p->n;
    const unsigned r = in->dst[0];
    const uint64_t *kr = &df->kill[(size_t)r * df->W];
    int ok = 1;
    for (int k = 0; k < cv->nlist && ok; k++) {
        const int b = cv->list[k];
        const uint64_t *reg = cv->region[b];
        if (!bits_array_get(reg, (unsigned)pc))
            continue;
        const unsigned end = df->W * 64u;
        for (unsigned id = bits_array_next(kr, df->W, 0); id < end && ok; /* r's definitions in the region */
             id = bits_array_next(kr, df->W, id + 1))
            if (bits_array_get(reg, (unsigned)def_pc[id]) && !cover_same(p, def_pc[id], in))
                ok = 0;
        if (!ok)
            break;
        /* a path from b to its reconvergence point that writes no definition of r */
        const int stop = p->ins[b].rpc;
        unsigned st = ++cv->stamp;
        int top = 0, open = 0;
        for (int j = 0; j < 2 && !open; j++) {
            int sc = p->succ[b][j];
            if (sc < 0 || sc >= n || sc == stop)
                open |= sc == stop;
            else if (cv->seen[sc] != st) {
                cv->seen[sc] = st;
                stack[top++] = sc;
            }
        }
        while (top && !open) {
            int v = stack[--top];
            const prog_insn *w = &p->ins[v];
            if (w->ndst == 1 && w->dst[0] == r && w->guard < 0)
                continue; /* written here */
            for (int j = 0; j < 2; j++) {
                int sc = p->succ[v][j];
                if (sc == stop)
                    open = 1;
                else if (sc >= 0 && sc < n && cv->seen[sc] != st &&
                         bits_array_get(reg, (unsigned)sc)) {
                    cv->seen[sc] = st;
                    stack[top++] = sc;
                }
            }
        }
        if (!open)
            continue;
        /* the threads on that path keep the value r had at b: it must be
         * written on every path from the entry to b (a register never
         * written holds its initial value, not pc's) */
        st = ++cv->stamp;
        top = 0;
        int bare = 0;
        if (p->reachable[0]) {
            cv->seen[0] = st;
            stack[top++] = 0;
        }
        while (top && !bare) {
            int v = stack[--top];
            if (v == b) {
                bare = 1;
                break;
            }
            const prog_insn *w = &p->ins[v];
            if (w->ndst == 1 && w->dst[0] == r && w->guard < 0)
                continue; /* written here */
            for (int j = 0; j < 2; j++) {
                int sc = p->succ[v][j];
                if (sc >= 0 && sc < n && cv->seen[sc] != st) {
                    cv->seen[sc] = st;
                    stack[top++] = sc;
                }
            }
        }
        if (bare) {
            ok = 0;
            break;
        }
        const uint64_t *row = &df->rin[(size_t)b * df->W]; /* r's definitions reaching b */
        for (unsigned id = bits_array_next(kr, df->W, 0); id < end && ok;
             id = bits_array_next(kr, df->W, id + 1))
            if (bits_array_get(row, id) && !cover_same(p, def_pc[id], in))
                ok = 0;
    }
    cv->memo_n[pc] = cv->nlist;
    cv->memo_v[pc] = (uint8_t)ok;
    return ok;
}

/* pc, one definition in the influence region of a divergent branch whose
 * sources may have other definitions (so not benign_def's first rule),
 * leaves its register uniform when, for each divergent branch b whose
 * region holds pc: every definition of the register in b's region is pc's
 * computation (cover_same); no path inside the region runs from one of
 * them to another (or round to itself), so a thread runs at most one; every
 * path from b to its reconvergence point runs one; and no source of pc
 * other than the register itself is written in the region.  The sources
 * then hold at pc what they held at b, uniform there (the caller checks
 * them with src_div), and every thread computes one value.  clang -O2
 * sinks a loop's `cur ^= 1` into both sides of an `if (threadIdx.x == 0)`
 * this way: `xor.b32 %r54, %r54, 1` on each (realworld7/bfsqueue). */
static int covered_rmw(const prog *p, int pc, const prog_defs *df, const int *def_pc,
                       prog_cover *cv, int *stack)
{
    if (cv->rmw_n[pc] == cv->nlist)
        return cv->rmw_v[pc];
    const prog_insn *in = &p->ins[pc];
    const int n = (int)p->n;
    const unsigned r = in->dst[0], end = df->W * 64u;
    const uint64_t *kr = &df->kill[(size_t)r * df->W];
    int ok = 1, any = 0;
    for (int k = 0; k < cv->nlist && ok; k++) {
        const int b = cv->list[k], stop = p->ins[b].rpc;
        const uint64_t *reg = cv->region[b];
        if (!bits_array_get(reg, (unsigned)pc))
            continue;
        any = 1;
        for (unsigned j = 0; j < in->nsrc && ok; j++) { /* other sources: not written here */
            if (in->src[j] == r)
                continue;
            const uint64_t *ks = &df->kill[(size_t)in->src[j] * df->W];
            for (unsigned id = bits_array_next(ks, df->W, 0); id < end && ok;
                 id = bits_array_next(ks, df->W, id + 1))
                if (bits_array_get(reg, (unsigned)def_pc[id]))
                    ok = 0;
        }
        /* r's definitions in the region: pc's computation, none reaching another */
        for (unsigned id = bits_array_next(kr, df->W, 0); id < end && ok;
             id = bits_array_next(kr, df->W, id + 1)) {
            const int d = def_pc[id];
            if (!bits_array_get(reg, (unsigned)d))
                continue;
            if (!cover_same(p, d, in)) {
                ok = 0;
                break;
            }
            unsigned st = ++cv->stamp;
            int top = 0;
            for (int j = 0; j < 2; j++) {
                int sc = p->succ[d][j];
                if (sc >= 0 && sc < n && sc != stop && bits_array_get(reg, (unsigned)sc) &&
                    cv->seen[sc] != st) {
                    cv->seen[sc] = st;
                    stack[top++] = sc;
                }
            }
            while (top && ok) {
                int v = stack[--top];
                const prog_insn *w = &p->ins[v];
                for (unsigned j = 0; j < w->ndst; j++)
                    if (w->dst[j] == r)
                        ok = 0; /* a second write on one path */
                for (int j = 0; j < 2 && ok; j++) {
                    int sc = p->succ[v][j];
                    if (sc >= 0 && sc < n && sc != stop && bits_array_get(reg, (unsigned)sc) &&
                        cv->seen[sc] != st) {
                        cv->seen[sc] = st;
                        stack[top++] = sc;
                    }
                }
            }
        }
        /* every path from b to its reconvergence point writes r */
        unsigned st = ++cv->stamp;
        int top = 0;
        for (int j = 0; j < 2 && ok; j++) {
            int sc = p->succ[b][j];
            if (sc < 0)
                continue;
            if (sc == stop || sc >= n)
                ok = 0;
            else if (cv->seen[sc] != st) {
                cv->seen[sc] = st;
                stack[top++] = sc;
            }
        }
        while (top && ok) {
            int v = stack[--top];
            const prog_insn *w = &p->ins[v];
            if (w->ndst == 1 && w->dst[0] == r && w->guard < 0)
                continue;
            for (int j = 0; j < 2 && ok; j++) {
                int sc = p->succ[v][j];
                if (sc < 0)
                    continue;
                if (sc == stop || sc == b || sc >= n || !bits_array_get(reg, (unsigned)sc))
                    ok = 0; /* a path that writes nothing (or leaves the region) */
                else if (cv->seen[sc] != st) {
                    cv->seen[sc] = st;
                    stack[top++] = sc;
                }
            }
        }
    }
    ok &= any;
    cv->rmw_n[pc] = cv->nlist;
    cv->rmw_v[pc] = (uint8_t)ok;
    return ok;
}

/* A definition in the influence region of a divergent branch that leaves
 * its register uniform all the same: every definition of the register
 * computes one value (same_value_regs) from sources that are uniform and
 * hold one value while the warp is split (never defined, or defined once,
 * outside every divergent region and never read before).  Clang writes a
 * loop's bound on both sides of a divergent branch this way. */
static int benign_def(const prog *p, int pc, const prog_defs *df, const uint8_t *inreg,
                      const uint8_t *same, const uint8_t *ndef, const int *def1,
                      const uint64_t *live, const int *def_pc, prog_cover *cv, int *stack)
{
    const prog_insn *in = &p->ins[pc];
    if (in->ndst != 1 || in->guard >= 0 || in->varying ||
        !(in->unit == PU_ALU || (in->unit == PU_LD && in->space == PS_PARAM)) ||
        strlen(in->text) + 1 >= sizeof in->text)
        return 0;
    int once = 1; /* every source defined at most once, outside the regions */
    for (unsigned j = 0; j < in->nsrc; j++) {
        unsigned s = in->src[j];
        if (src_div(p, df, pc, j))
            return 0;
        if (ndef[s] > 1 || (ndef[s] == 1 && (inreg[def1[s]] || bits_array_get(live, s))))
            once = 0;
    }
    if (!once)
        return covered_rmw(p, pc, df, def_pc, cv, stack);
    return same[in->dst[0]] || covered_def(p, pc, df, def_pc, cv, stack);
}

/* A load from shared memory that is uniform where its address is: the
 * threads that read a shared word in one barrier interval (between two
 * releases of the CTA barrier; a warp never spans one) all see what the
 * block left in it at the interval's start, when no thread writes it in
 * that interval.  A count, flag or work item that one thread writes and
 * every thread reads after __syncthreads is therefore one value
 * (docs/ptx.md, "A loop on a shared flag" and "Block-uniform values in
 * shared memory").  The analysis does not prove that no write happens in
 * the interval: CUDA's data-race freedom says so for plain loads, and for
 * volatile, relaxed and acquire ones (code reads through them what other
 * threads write meanwhile: spin waits, warp-synchronous code) nothing
 * does.  The reference checks it on every run instead (ref_shuni.c): a
 * load taken as uniform (prog_insn.shuni, set by divergence below) whose
 * bytes another thread writes in the same interval stops the run with one
 * line before any mechanism runs.  So a load of any of these kinds is no
 * seed; one at a thread-dependent address stays thread-dependent, and so
 * unchecked. */
int prog_shared_load_uniform(const prog_insn *in)
{
    return in->unit == PU_LD && in->space == PS_SHARED;
}

/* The divergence analysis (prog.h); -2 on a barrier under divergent control
 * (-1 out of memory).
 * Divergence is tracked per definition (defs_build): a definition is
 * divergent when its instruction is `varying`, reads a divergent
 * definition, or lies in the influence region of a divergent branch
 * (benign_def aside). */
static int divergence(prog *p, int *stack, char *err, size_t errlen)
{
    int n = (int)p->n, rc = 0;
    unsigned R = p->nregs ? p->nregs : 1, W;
    prog_defs df;
    if (defs_build(p, &df)) {
        defs_free(&df);
        return aerr(p, err, errlen, 1, "out of memory");
    }
    uint8_t *divb = calloc((size_t)n + 1, 1);
    uint8_t *inreg = calloc((size_t)n + 1, 1);
    uint8_t *mark = calloc((size_t)n + 1, 1);
    uint8_t *same = calloc(R, 1), *ndef = calloc(R, 1);
    int *def1 = calloc(R, sizeof(int));
    int *def_pc = malloc(((size_t)df.nd + 1) * sizeof(int));
    prog_cover cv;
    if (cover_init(&cv, (unsigned)n) || !def_pc)
        rc = aerr(p, err, errlen, 1, "out of memory");
    for (int pc = 0; !rc && pc < n; pc++)
        for (int id = df.def_at[pc]; id < df.def_at[pc + 1]; id++)
            def_pc[id] = pc;
    const uint64_t *live = prog_live(p, &W); /* row 0: live at entry */
    same_value_regs(p, live, same, ndef, def1);
    int changed = !rc;
    while (changed && !rc) {
        changed = 0;
        for (int pc = 0; pc < n; pc++) {
            if (!p->reachable[pc])
                continue;
            prog_insn *in = &p->ins[pc];
            int d = (inreg[pc] &&
                     !benign_def(p, pc, &df, inreg, same, ndef, def1, live, def_pc, &cv, stack)) ||
                    (in->varying && !prog_shared_load_uniform(in));
            for (unsigned j = 0; j < in->nsrc; j++)
                d |= src_div(p, &df, pc, j);
            for (unsigned j = 0; d && j < in->ndst; j++) {
                unsigned id = (unsigned)df.def_at[pc] + j;
                if (!bits_array_get(df.ddef, id)) {
                    bits_array_set(df.ddef, id);
                    changed = 1;
                }
            }
            int g = -1; /* the guard's source index */
            for (unsigned j = 0; in->guard >= 0 && j < in->nsrc; j++)
                if (in->src[j] == (unsigned)in->guard)
                    g = (int)j;
            if (in->unit == PU_BRA && in->guard >= 0 && (g < 0 || src_div(p, &df, pc, (unsigned)g)) &&
                !divb[pc]) {
                divb[pc] = 1;
                changed = 1;
                uint64_t *rg = cv.region[pc] = calloc(cv.W, sizeof(uint64_t));
                for (int j = 0; j < 2; j++) { /* its influence region */
                    prog_region(p, p->succ[pc][j], in->rpc, mark, stack);
                    for (int v = 0; v < n; v++) {
                        inreg[v] |= mark[v];
                        if (mark[v] && rg)
                            bits_array_set(rg, (unsigned)v);
                    }
                }
                if (!rg) {
                    rc = aerr(p, err, errlen, 1, "out of memory");
                    break;
                }
                cv.list[cv.nlist++] = pc;
            }
        }
    }
    /* rel[pc]: a definition of pc's reaches the guard of a branch taken as
     * uniform through sources (addresses included) -- the loads whose
     * uniformity the branches rely on (a shared load read only by
     * __syncthreads_or's predicate, or stored, relies on nothing) */
    uint8_t *rel = rc ? NULL : calloc((size_t)n + 1, 1);
    int top = 0;
    if (!rc && !rel)
        rc = aerr(p, err, errlen, 1, "out of memory");
    for (int pc = 0; rel && pc < n; pc++)
        if (p->reachable[pc] && p->ins[pc].unit == PU_BRA && p->ins[pc].guard >= 0 && !divb[pc]) {
            rel[pc] = 1;
            stack[top++] = pc;
        }
    while (top) {
        const int v = stack[--top];
        const uint64_t *row = &df.rin[(size_t)v * df.W];
        for (unsigned j = 0; j < p->ins[v].nsrc; j++) {
            const uint64_t *kr = &df.kill[(size_t)p->ins[v].src[j] * df.W];
            for (unsigned id = bits_array_next(kr, df.W, 0); id < df.W * 64u;
                 id = bits_array_next(kr, df.W, id + 1))
                if (bits_array_get(row, id) && !rel[def_pc[id]]) {
                    rel[def_pc[id]] = 1;
                    stack[top++] = def_pc[id];
                }
        }
    }
    for (int pc = 0; pc < n; pc++) {
        prog_insn *in = &p->ins[pc];
        if (in->unit == PU_BRA)
            in->uniform = !divb[pc];
        if (in->unit == PU_LD) { /* the shared loads taken as uniform (refp_shuni) */
            int u = p->reachable[pc] && in->ndst > 0 && rel && rel[pc] &&
                    (in->shuni || (in->varying && prog_shared_load_uniform(in)));
            for (unsigned j = 0; u && j < in->ndst; j++)
                u = !bits_array_get(df.ddef, (unsigned)df.def_at[pc] + j);
            in->shuni = (uint8_t)u;
        }
        if (!rc && p->reachable[pc] && in->unit == PU_BAR && inreg[pc]) {
            aerr(p, err, errlen, in->line,
                 "barrier under divergent control (inside a branch on a thread-dependent "
                 "condition)");
            rc = -2;
        }
    }
    free(rel);
    free(same);
    free(ndef);
    free(def1);
    free(divb);
    free(inreg);
    free(mark);
    cover_free(&cv, (unsigned)n);
    free(def_pc);
    defs_free(&df);
    return rc;
}

/* The divergence analysis on aug_build's copy, with the copy's liveness;
 * the branches' `uniform` go back to p's own instructions. */
static int divergence_frame(prog *p, int *stack, char *err, size_t errlen)
{
    unsigned n = p->n, R = p->nregs, ns = 0;
    prog_insn *aug = malloc(((size_t)n + 1) * sizeof *aug);
    int use = aug ? prog_frame_aug(p, aug, &ns) : 0;
    int rc;
    if (use > 0) {
        prog_insn *ins0 = p->ins;
        uint64_t *live0 = p->live;
        unsigned lw0 = p->live_words;
        p->ins = aug;
        p->nregs = R + ns;
        p->live = prog_liveness(p, &p->live_words);
        rc = p->live ? divergence(p, stack, err, errlen) : aerr(p, err, errlen, 1, "out of memory");
        free(p->live);
        p->ins = ins0;
        p->nregs = R;
        p->live = live0;
        p->live_words = lw0;
        for (unsigned pc = 0; pc < n; pc++) {
            if (ins0[pc].unit == PU_BRA)
                ins0[pc].uniform = aug[pc].uniform;
            ins0[pc].shuni = aug[pc].shuni;
        }
    } else
        rc = divergence(p, stack, err, errlen);
    free(aug);
    return rc;
}

static int analyse(prog *p, char *err, size_t errlen, int retry, const uint8_t *keep);

int prog_analyse(prog *p, char *err, size_t errlen) { return analyse(p, err, errlen, 1, NULL) ? -1 : 0; }

int prog_analyse_copy(prog *q, const uint8_t *keep) { return analyse(q, NULL, 0, 0, keep); }

/* prog_analyse; retry: on a barrier refused, try the exit analyses
 * (prog_exit_accept); keep: postdom's (analyse_exit_pop's copy) */
static int analyse(prog *p, char *err, size_t errlen, int retry, const uint8_t *keep)
{
    int n = (int)p->n;
    if (err && errlen)
        err[0] = 0;
    if (n <= 0)
        return aerr(p, err, errlen, 1, "no instructions");
    for (int pc = 0; pc < n; pc++) {
        prog_insn *in = &p->ins[pc];
        in->rpc = -1;
        in->shuni = 0;
        if (in->unit >= PU_N)
            return aerr(p, err, errlen, in->line, "internal: bad unit %u", in->unit);
        if (in->unit == PU_BRA && (in->target < 0 || in->target >= n))
            return aerr(p, err, errlen, in->line, "branch target outside the kernel");
        if (in->nsrc > PROG_MAX_SRC || in->ndst > PROG_MAX_DST)
            return aerr(p, err, errlen, in->line, "internal: too many operands");
        for (unsigned j = 0; j < in->nsrc; j++)
            if (in->src[j] >= p->nregs)
                return aerr(p, err, errlen, in->line, "internal: register %u of %u", in->src[j],
                            p->nregs);
        for (unsigned j = 0; j < in->ndst; j++)
            if (in->dst[j] >= p->nregs)
                return aerr(p, err, errlen, in->line, "internal: register %u of %u", in->dst[j],
                            p->nregs);
        if (in->guard >= (int32_t)p->nregs)
            return aerr(p, err, errlen, in->line, "internal: guard register %d", in->guard);
    }
    prog_free_cfg(p);
    p->succ = malloc(((size_t)n + 1) * sizeof *p->succ);
    p->ipdom = malloc(((size_t)n + 1) * sizeof(int));
    p->reachable = calloc((size_t)n + 1, 1);
    p->is_rpc = calloc((size_t)n + 1, 1);
    p->sync_div = malloc(((size_t)n + 1) * sizeof(int));
    p->prio = calloc((size_t)n + 1, sizeof(unsigned));
    int *stack = malloc(((size_t)n + 2) * sizeof(int));
    build_succ(p);
    int rc = reach(p, stack, err, errlen);
    if (!rc)
        rc = postdom(p, err, errlen, keep);
    if (!rc) {
        p->live = prog_liveness(p, &p->live_words);
        p->cache = calloc(1, sizeof *p->cache);
        rc = divergence_frame(p, stack, err, errlen);
        if (rc == -2 && retry && !prog_exit_accept(p)) {
            rc = 0;
            if (err && errlen)
                err[0] = 0;
        }
    }
    free(stack);
    if (rc)
        return rc;
    p->nwsync = 0;
    for (int pc = 0; pc < n; pc++)
        if (p->ins[pc].wsync && p->reachable[pc]) {
            if (!p->ops || !p->ops->exec_coll || !p->ops->coll_wait)
                return aerr(p, err, errlen, p->ins[pc].line,
                            "internal: a warp-synchronous instruction without exec_coll");
            p->nwsync++;
        }
    /* reconvergence points: the sync payload for SBI, priorities for DPdPri */
    for (int pc = 0; pc <= n; pc++)
        p->sync_div[pc] = -1;
    for (int pc = 0; pc < n; pc++)
        if (p->reachable[pc] && p->ins[pc].unit == PU_BRA && p->ins[pc].guard >= 0) {
            int r = p->ins[pc].rpc;
            p->is_rpc[r] = 1;
            if (p->sync_div[r] < 0 || pc < p->sync_div[r])
                p->sync_div[r] = pc;
        }
    unsigned cnt = 0;
    for (int pc = 0; pc <= n; pc++) {
        cnt += p->is_rpc[pc];
        p->prio[pc] = cnt;
    }
    /* a warp-synchronous instruction takes the lanes bound for the exit
     * as gone (core_issue.c wsync_issue, as the reference has them exited):
     * the SM core needs exit_bound for it */
    if (retry && p->nwsync && !p->exit_bound && (p->exit_bound = malloc((size_t)n + 1)))
        prog_exit_bound(p, p->exit_bound);
    return 0;
}

void prog_free(prog *p)
{
    if (!p)
        return;
    if (p->borrowed) {
        free(p->global_init);
        free(p->param);
        memset(p, 0, sizeof *p);
        return;
    }
    if (p->ops && p->ops->free_impl)
        p->ops->free_impl(p);
    prog_free_cfg(p);
    free(p->ins);
    free(p->label);
    free(p->global_init);
    free(p->reg_bits);
    free(p->reg_name);
    free(p->param);
    memset(p, 0, sizeof *p);
}

int prog_exec_warp(const prog *p, int pc, prog_thread *const *t, const prog_mem *const *m,
                   unsigned n, prog_effect *e, unsigned *done, char *err, size_t errlen)
{
    if (p->ops->exec_warp) return p->ops->exec_warp(p, pc, t, m, n, e, done, err, errlen);
    for (unsigned i = 0; i < n; i++)
        if (p->ops->exec(p, pc, t[i], m[i], &e[i], err, errlen)) {
            *done = i;
            return -1;
        }
    *done = n;
    return 0;
}

int prog_exec_cta(const prog *p, int pc, prog_thread *const *t, const prog_mem *m, unsigned n,
                  prog_effect *e, unsigned *done, char *err, size_t errlen)
{
    if (p->ops->exec_cta) return p->ops->exec_cta(p, pc, t, m, n, e, done, err, errlen);
    const prog_mem *mv[64];
    for (unsigned i = 0; i < 64; i++) mv[i] = m;
    for (unsigned b = 0; b < n; b += 64) { /* 64 threads at a time */
        unsigned d, k = n - b < 64 ? n - b : 64;
        if (prog_exec_warp(p, pc, t + b, mv, k, e + b, &d, err, errlen)) {
            *done = b + d;
            return -1;
        }
    }
    *done = n;
    return 0;
}

void prog_thread_identity(prog_thread *x, const prog *p, unsigned flat, const uint32_t cid[3],
                          unsigned warp_size)
{
    x->tid[0] = flat % p->block[0];
    x->tid[1] = flat / p->block[0] % p->block[1];
    x->tid[2] = flat / (p->block[0] * p->block[1]);
    for (int d = 0; d < 3; d++) {
        x->ntid[d] = p->block[d];
        x->ctaid[d] = cid[d];
        x->nctaid[d] = p->grid[d];
    }
    x->flat = flat;
    /* a front end with warp-synchronous instructions (PTX) numbers lanes
     * in logical warps of PROG_WARP whatever the run's warp size (prog.h);
     * .k's %laneid is the position in the hardware warp */
    x->laneid = flat % (p->ops && p->ops->exec_coll ? PROG_WARP : warp_size);
    x->warpid = flat / warp_size;
}

void prog_wsync_name(const prog_insn *in, char *buf, size_t len)
{
    const char *t = in->text;
    if (*t == '@')
        while (*t && *t != ' ')
            t++;
    while (*t == ' ')
        t++;
    size_t n = 0;
    while (t[n] && t[n] != ' ')
        n++;
    const char *sy = strstr(t, ".sync");
    size_t cut = sy && (size_t)(sy - t) < n ? (size_t)(sy - t) + 5 : 0;
    if (!cut)
        for (cut = 0; cut < n && t[cut] != '.'; cut++)
            ;
    snprintf(buf, len, "%.*s", (int)cut, t);
}
