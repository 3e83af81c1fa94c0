/* SPDX-License-Identifier: Apache-2.0 */
/*
 * scalar.c -- scalarization and register allocation (see scalar.h).
 */
#include "scalar.h"

#include "../../rtl_c/bits.h"

#include <stdlib.h>
#include <string.h>

static unsigned reg_bits(const prog *p, unsigned r) { return p->reg_bits ? p->reg_bits[r] : 32u; }

/* Step 2's seeds (scalar.h). */
static int seed_vector(const prog_insn *in)
{
    if (in->unit == PU_ATOM || in->unit == PU_BRA || in->unit == PU_BAR || in->unit == PU_EXIT ||
        in->unit == PU_NOP)
        return 1;
    if (in->wsync) /* shfl, vote, activemask, bar.warp.sync: across the lanes (prog.h) */
        return 1;
    if ((in->unit == PU_LD || in->unit == PU_ST) && in->space == PS_LOCAL)
        return 1;
    if (in->unit == PU_LD &&
        (in->space == PS_GLOBAL || in->space == PS_SHARED || in->space == PS_PARAM))
        return 0; /* a load is varying only through its address */
    return in->varying;
}

void scalar_analyse(const prog *p, scalar_info *s, int all_vector)
{
    unsigned n = p->n, R = p->nregs, W;
    memset(s, 0, sizeof *s);
    s->n = n;
    s->nregs = R;
    s->reg_vector = calloc(R + 1, 1);
    s->ins_vector = calloc(n + 1, 1);
    s->reg_used = calloc(R + 1, 1);
    for (unsigned pc = 0; pc < n; pc++) {
        const prog_insn *in = &p->ins[pc];
        if (!p->reachable[pc])
            continue;
        for (unsigned j = 0; j < in->nsrc; j++)
            s->reg_used[in->src[j]] = 1;
        for (unsigned j = 0; j < in->ndst; j++)
            s->reg_used[in->dst[j]] = 1;
    }
    if (all_vector) {
        memset(s->reg_vector, 1, R);
        memset(s->ins_vector, 1, n);
    } else {
        uint64_t *live = prog_liveness(p, &W);
        uint8_t *side[2], *mark = calloc(n + 1, 1);
        int *stack = malloc(((size_t)n + 2) * sizeof(int));
        side[0] = calloc(n + 1, 1);
        side[1] = calloc(n + 1, 1);
        for (unsigned pc = 0; pc < n; pc++) /* step 2 */
            s->ins_vector[pc] = (uint8_t)seed_vector(&p->ins[pc]);
        int changed = 1;
        while (changed) { /* steps 3-5 */
            changed = 0;
            for (unsigned pc = 0; pc < n; pc++) {
                const prog_insn *in = &p->ins[pc];
                if (!p->reachable[pc])
                    continue;
                int v = s->ins_vector[pc];
                for (unsigned j = 0; j < in->nsrc && !v; j++)
                    v = s->reg_vector[in->src[j]];
                if (v && !s->ins_vector[pc]) {
                    s->ins_vector[pc] = 1;
                    changed = 1;
                }
                for (unsigned j = 0; v && j < in->ndst; j++)
                    if (!s->reg_vector[in->dst[j]]) {
                        s->reg_vector[in->dst[j]] = 1;
                        changed = 1;
                    }
            }
            /* step 4: control-flow dependence on a vector guard */
            for (unsigned b = 0; b < n; b++) {
                const prog_insn *br = &p->ins[b];
                if (!p->reachable[b] || br->unit != PU_BRA || br->guard < 0 ||
                    !s->reg_vector[br->guard])
                    continue;
                int rpc = br->rpc;
                for (int k = 0; k < 2; k++)
                    prog_region(p, p->succ[b][k], rpc, side[k], stack);
                for (unsigned pc = 0; pc < n; pc++) {
                    if (!side[0][pc] && !side[1][pc])
                        continue;
                    const prog_insn *in = &p->ins[pc];
                    for (unsigned j = 0; j < in->ndst; j++) {
                        unsigned r = in->dst[j];
                        if (s->reg_vector[r])
                            continue;
                        int vec = bits_array_get(&live[(size_t)rpc * W], r);
                        for (int k = 0; k < 2 && !vec; k++) {
                            /* live at side k's entry, written from the other side */
                            int e = p->succ[b][k];
                            if (e < 0 || !bits_array_get(&live[(size_t)e * W], r))
                                continue;
                            if (side[!k][pc])
                                vec = 1;
                        }
                        if (vec) {
                            s->reg_vector[r] = 1;
                            changed = 1;
                        }
                    }
                }
            }
        }
        free(live);
        free(mark);
        free(stack);
        free(side[0]);
        free(side[1]);
    }
}

/* ---------------------------------------------------------- allocation */

typedef struct {
    unsigned R;
    uint64_t *adj; /* R x W bitset */
    unsigned W;
} graph;

static void edge(graph *g, unsigned a, unsigned b, uint64_t *count)
{
    if (a == b || bits_array_get(&g->adj[(size_t)a * g->W], b))
        return;
    bits_array_set(&g->adj[(size_t)a * g->W], b);
    bits_array_set(&g->adj[(size_t)b * g->W], a);
    (*count)++;
}

static unsigned units_of(const prog *p, unsigned r)
{
    return reg_bits(p, r) > 32 ? 2u : 1u;
}

/* Smallest-last order and greedy first fit for the registers of class c. */
static unsigned colour(const prog *p, scalar_info *s, const graph *g, unsigned c)
{
    unsigned R = s->nregs, cnt = 0, max_unit = 0;
    unsigned *deg = calloc(R + 1, sizeof(unsigned));
    unsigned *order = malloc((R + 1) * sizeof(unsigned));
    uint8_t *done = calloc(R + 1, 1);
    for (unsigned r = 0; r < R; r++) {
        if (s->cls[r] != c || !s->reg_used[r]) {
            done[r] = 1;
            continue;
        }
        cnt++;
        for (unsigned q = 0; q < R; q++)
            if (q != r && s->cls[q] == c && s->reg_used[q] && bits_array_get(&g->adj[(size_t)r * g->W], q))
                deg[r]++;
    }
    /* remove the vertex of smallest degree, last in the colouring order */
    for (unsigned k = cnt; k > 0; k--) {
        unsigned best = R;
        for (unsigned r = 0; r < R; r++)
            if (!done[r] && (best == R || deg[r] < deg[best]))
                best = r;
        done[best] = 1;
        order[k - 1] = best;
        for (unsigned q = 0; q < R; q++)
            if (!done[q] && bits_array_get(&g->adj[(size_t)best * g->W], q))
                deg[q]--;
    }
    uint8_t *busy = malloc(2 * (size_t)R + 4);
    for (unsigned k = 0; k < cnt; k++) {
        unsigned r = order[k], u = units_of(p, r);
        memset(busy, 0, 2 * (size_t)R + 4);
        for (unsigned q = 0; q < R; q++)
            if (s->phys[q] >= 0 && s->cls[q] == c && bits_array_get(&g->adj[(size_t)r * g->W], q))
                for (unsigned j = 0; j < units_of(p, q); j++)
                    busy[s->phys[q] + j] = 1;
        unsigned base = 0;
        while (busy[base] || (u == 2 && (busy[base + 1] || (base & 1u))))
            base++;
        s->phys[r] = (int32_t)base;
        if (base + u > max_unit)
            max_unit = base + u;
    }
    s->virt[c] = cnt;
    free(busy);
    free(deg);
    free(order);
    free(done);
    return max_unit;
}

void scalar_alloc(const prog *p, scalar_info *s)
{
    unsigned R = s->nregs, n = p->n, W;
    uint64_t *live = prog_liveness(p, &W);
    graph g = {R, calloc((size_t)R * W + 1, sizeof(uint64_t)), W};
    s->phys = malloc((R + 1) * sizeof(int32_t));
    s->cls = calloc(R + 1, 1);
    for (unsigned r = 0; r < R; r++) {
        int pred = reg_bits(p, r) == 1;
        s->phys[r] = -1;
        s->cls[r] = (uint8_t)(pred ? (s->reg_vector[r] ? SC_VEC_PRED : SC_SCA_PRED)
                                   : (s->reg_vector[r] ? SC_VEC_DATA : SC_SCA_DATA));
    }
    /* the registers live at entry hold their initial value together */
    for (unsigned a = 0; a < R; a++)
        if (bits_array_get(live, a))
            for (unsigned b = a + 1; b < R; b++)
                if (bits_array_get(live, b))
                    edge(&g, a, b, &s->edges);
    for (unsigned pc = 0; pc < n; pc++) {
        const prog_insn *in = &p->ins[pc];
        if (!p->reachable[pc])
            continue;
        for (unsigned j = 0; j < in->ndst; j++)
            for (int k = 0; k < 2; k++) {
                int sc = p->succ[pc][k];
                if (sc < 0)
                    continue;
                for (unsigned r = 0; r < R; r++)
                    if (bits_array_get(&live[(size_t)sc * W], r))
                        edge(&g, in->dst[j], r, &s->edges);
            }
        /* two results of one instruction are live together */
        for (unsigned j = 0; j < in->ndst; j++)
            for (unsigned k = j + 1; k < in->ndst; k++)
                edge(&g, in->dst[j], in->dst[k], &s->edges);
    }
    /* 002's edges for the scalar registers the stack brings back */
    uint8_t *side[2] = {calloc(n + 1, 1), calloc(n + 1, 1)};
    int *stack = malloc(((size_t)n + 2) * sizeof(int));
    uint64_t before = s->edges;
    for (unsigned b = 0; b < n; b++) {
        const prog_insn *br = &p->ins[b];
        if (!p->reachable[b] || br->unit != PU_BRA || br->guard < 0 || !s->reg_vector[br->guard])
            continue;
        for (int k = 0; k < 2; k++)
            prog_region(p, p->succ[b][k], br->rpc, side[k], stack);
        for (int k = 0; k < 2; k++) {
            int e = p->succ[b][k];
            if (e < 0)
                continue;
            for (unsigned r = 0; r < R; r++) {
                if (s->reg_vector[r] || !bits_array_get(&live[(size_t)e * W], r))
                    continue;
                for (unsigned pc = 0; pc < n; pc++) {
                    if (!side[!k][pc])
                        continue;
                    const prog_insn *in = &p->ins[pc];
                    for (unsigned q = 0; q < R; q++)
                        if (!s->reg_vector[q] && bits_array_get(&live[(size_t)pc * W], q))
                            edge(&g, r, q, &s->edges);
                    for (unsigned j = 0; j < in->ndst; j++)
                        if (!s->reg_vector[in->dst[j]])
                            edge(&g, r, in->dst[j], &s->edges);
                }
            }
        }
    }
    s->extra_edges = s->edges - before;
    for (unsigned c = 0; c < SC_NCLASS; c++)
        s->units[c] = colour(p, s, &g, c);
    free(side[0]);
    free(side[1]);
    free(stack);
    free(g.adj);
    free(live);
}

static const char *const class_name[SC_NCLASS] = {"vector", "scalar", "vector predicate",
                                                  "scalar predicate"};

void scalar_show(const prog *p, const scalar_info *s, FILE *f)
{
    unsigned sc = 0, reach = 0;
    fprintf(f, "scalarization of %s (%s), 002 sec. 4.2:\n", p->name, p->file);
    for (unsigned pc = 0; pc < p->n; pc++) {
        if (!p->reachable[pc])
            continue;
        reach++;
        sc += !s->ins_vector[pc];
        fprintf(f, "  %4u  line %-5d %s  %s\n", pc, p->ins[pc].line,
                s->ins_vector[pc] ? "vector" : "SCALAR", p->ins[pc].text);
    }
    fprintf(f, "instructions: %u scalar of %u (%.1f%% static)\n", sc, reach,
            reach ? 100.0 * sc / reach : 0.0);
    fprintf(f, "registers by class, name->physical register (the first 32-bit unit in its "
               "class's file; a 64-bit register takes an aligned pair):\n");
    for (unsigned c = 0; c < SC_NCLASS; c++) {
        fprintf(f, "%s registers:", class_name[c]);
        unsigned k = 0;
        for (unsigned r = 0; r < s->nregs; r++)
            if (s->reg_used[r] && s->cls && s->cls[r] == c) {
                /* the front end's name (.k r3, PTX %rd4), else the virtual number */
                if (p->reg_name && r < p->nregs && p->reg_name[r][0])
                    fprintf(f, " %s", p->reg_name[r]);
                else
                    fprintf(f, " v%u", r);
                if (s->phys && s->phys[r] >= 0)
                    fprintf(f, "->%d", s->phys[r]);
                k++;
            }
        fprintf(f, "%s\n", k ? "" : " none");
    }
    if (s->phys)
        fprintf(f,
                "allocation: %u vector registers per thread, %u scalar registers per warp "
                "(32-bit), %u + %u predicates; %llu interference edges, %llu of them 002's "
                "divergent-branch edges\n",
                s->units[SC_VEC_DATA], s->units[SC_SCA_DATA], s->units[SC_VEC_PRED],
                s->units[SC_SCA_PRED], (unsigned long long)s->edges,
                (unsigned long long)s->extra_edges);
}

void scalar_free(scalar_info *s)
{
    free(s->reg_vector);
    free(s->ins_vector);
    free(s->reg_used);
    free(s->phys);
    free(s->cls);
    memset(s, 0, sizeof *s);
}

/* ------------------------------------------------------------ execution */

unsigned scalar_vec_regs(const scalar_info *s)
{
    return s->units[SC_VEC_DATA] + s->units[SC_VEC_PRED];
}

unsigned scalar_sca_regs(const scalar_info *s)
{
    return s->units[SC_SCA_DATA] + s->units[SC_SCA_PRED];
}

void scalar_exec_init(scalar_exec_cfg *c, const prog *p, const scalar_info *s, int checked)
{
    c->p = p;
    c->s = s;
    c->checked = checked;
    c->scratch = calloc(p->nregs + 1, sizeof(uint64_t));
    c->coll = p->nwsync ? calloc((size_t)PROG_WARP * (p->nregs + 1), sizeof(uint64_t)) : NULL;
}

void scalar_exec_free(scalar_exec_cfg *c)
{
    free(c->scratch);
    free(c->coll);
    c->scratch = c->coll = NULL;
}

/* The entry of virtual register v: in the thread's file or the warp's. */
static uint64_t *entry(const scalar_info *s, unsigned v, uint64_t *vrf, uint64_t *srf)
{
    switch (s->cls[v]) {
    case SC_VEC_DATA: return &vrf[s->phys[v]];
    case SC_VEC_PRED: return &vrf[s->units[SC_VEC_DATA] + (unsigned)s->phys[v]];
    case SC_SCA_DATA: return &srf[s->phys[v]];
    default: return &srf[s->units[SC_SCA_DATA] + (unsigned)s->phys[v]];
    }
}

/* The value of register v before this issue: what the first thread's
 * scalar write replaced, if it wrote v's entry (st may be NULL). */
static uint64_t before(const scalar_info *s, unsigned v, uint64_t *vrf, uint64_t *srf,
                       const scalar_issue *st)
{
    uint64_t *e = entry(s, v, vrf, srf);
    for (unsigned j = 0; st && j < st->nwritten; j++)
        if (st->written[j] == e)
            return st->old[j];
    return *e;
}

uint64_t scalar_reg(const scalar_info *s, unsigned v, uint64_t *vrf, uint64_t *srf)
{
    return s->phys[v] < 0 ? 0 : *entry(s, v, vrf, srf);
}

/* Gathers the instruction's sources and destinations (a guarded write
 * keeps the old value) as they were before the issue into scratch and runs
 * it on a copy of x. */
static int run_one(const scalar_exec_cfg *c, int pc, const prog_thread *x, uint64_t *srf,
                   const prog_mem *m, const scalar_issue *st, prog_effect *e, char *err,
                   size_t errlen)
{
    const prog_insn *in = &c->p->ins[pc];
    prog_thread t = *x;
    for (unsigned j = 0; j < in->nsrc; j++)
        c->scratch[in->src[j]] = before(c->s, in->src[j], x->r, srf, st);
    for (unsigned j = 0; j < in->ndst; j++)
        c->scratch[in->dst[j]] = before(c->s, in->dst[j], x->r, srf, st);
    t.r = c->scratch;
    return c->p->ops->exec(c->p, pc, &t, m, e, err, errlen);
}

static int same_effect(const prog_effect *a, const prog_effect *b)
{
    if (a->next_pc != b->next_pc || a->executed != b->executed || a->taken != b->taken ||
        a->nacc != b->nacc)
        return 0;
    for (unsigned i = 0; i < a->nacc; i++)
        if (a->acc[i].addr != b->acc[i].addr || a->acc[i].space != b->acc[i].space)
            return 0;
    return 1;
}

void scalar_coll_view(const scalar_exec_cfg *c, int pc, unsigned l, const prog_thread *x,
                      uint64_t *srf, prog_thread *view)
{
    const prog_insn *in = &c->p->ins[pc];
    uint64_t *r = &c->coll[(size_t)l * (c->p->nregs + 1)];
    *view = *x;
    for (unsigned j = 0; j < in->nsrc; j++)
        r[in->src[j]] = scalar_reg(c->s, in->src[j], x->r, srf);
    for (unsigned j = 0; j < in->ndst; j++)
        r[in->dst[j]] = scalar_reg(c->s, in->dst[j], x->r, srf);
    view->r = r;
}

void scalar_coll_store(const scalar_exec_cfg *c, int pc, const prog_thread *view, prog_thread *x,
                       uint64_t *srf)
{
    const prog_insn *in = &c->p->ins[pc];
    for (unsigned j = 0; j < in->ndst; j++)
        if (c->s->phys[in->dst[j]] >= 0)
            *entry(c->s, in->dst[j], x->r, srf) = view->r[in->dst[j]];
}

int scalar_exec_thread(const scalar_exec_cfg *c, int pc, prog_thread *x, unsigned thread,
                       uint64_t *srf, const prog_mem *m, scalar_issue *st, prog_effect *e,
                       char *err, size_t errlen)
{
    const prog_insn *in = &c->p->ins[pc];
    const scalar_info *s = c->s;
    if (s->ins_vector[pc]) {
        if (run_one(c, pc, x, srf, m, NULL, e, err, errlen))
            return -1;
        for (unsigned j = 0; j < in->ndst; j++)
            *entry(s, in->dst[j], x->r, srf) = c->scratch[in->dst[j]];
        return 0;
    }
    if (!st->done) {
        if (run_one(c, pc, x, srf, m, NULL, e, err, errlen))
            return -1;
        st->done = 1;
        st->first_thread = thread;
        st->eff = *e;
        for (unsigned j = 0; j < in->ndst; j++) {
            uint64_t *d = entry(s, in->dst[j], x->r, srf);
            st->val[j] = c->scratch[in->dst[j]];
            if (s->cls[in->dst[j]] == SC_SCA_DATA || s->cls[in->dst[j]] == SC_SCA_PRED) {
                st->written[st->nwritten] = d;
                st->old[st->nwritten++] = *d;
            }
            *d = st->val[j];
        }
        return 0;
    }
    if (c->checked) {
        prog_effect mine;
        if (run_one(c, pc, x, srf, m, st, &mine, err, errlen))
            return -1;
        int same = same_effect(&mine, &st->eff);
        unsigned bad = PROG_MAX_DST;
        for (unsigned j = 0; j < in->ndst; j++)
            if (c->scratch[in->dst[j]] != st->val[j])
                bad = j;
        if (!same || bad < PROG_MAX_DST) {
            char what[96];
            if (bad < PROG_MAX_DST)
                snprintf(what, sizeof what, "gives %llu, thread %u gave %llu",
                         (unsigned long long)c->scratch[in->dst[bad]], st->first_thread,
                         (unsigned long long)st->val[bad]);
            else
                snprintf(what, sizeof what, "goes to pc %d or touches another address than "
                         "thread %u", mine.next_pc, st->first_thread);
            snprintf(err, errlen,
                     "%s:%d: pc %d: scalar instruction '%s': thread %u %s (the scalarization "
                     "is unsound)",
                     c->p->file, in->line, pc, in->text, thread, what);
            return -1;
        }
    }
    for (unsigned j = 0; j < in->ndst; j++)
        *entry(s, in->dst[j], x->r, srf) = st->val[j];
    *e = st->eff;
    e->nacc = 0; /* the one access was the first thread's */
    return 0;
}
