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
        const uint64_t *live = prog_live(p, &W);
        uint8_t *side[2] = {calloc(n + 1, 1), calloc(n + 1, 1)};
        int *list[2] = {malloc(((size_t)n + 2) * sizeof(int)), malloc(((size_t)n + 2) * sizeof(int))};
        unsigned cnt[2];
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
                    cnt[k] = prog_region_pcs(p, p->succ[b][k], rpc, side[k], list[k]);
                /* the instructions of either side (one on both sides is
                 * seen twice, to the same outcome) */
                for (unsigned i = 0; i < cnt[0] + cnt[1]; i++) {
                    int pc = i < cnt[0] ? list[0][i] : list[1][i - cnt[0]];
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
        free(list[0]);
        free(list[1]);
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

/* Edges from a to every register of the bitset set (W words), each new
 * one counted once. */
static void edges_to_set(graph *g, unsigned a, const uint64_t *set, uint64_t *count)
{
    uint64_t *ra = &g->adj[(size_t)a * g->W];
    for (unsigned w = 0; w < g->W; w++) {
        uint64_t nw = set[w] & ~ra[w];
        while (nw) {
            unsigned b = w * 64u + bits_ffs(nw);
            nw &= nw - 1;
            edge(g, a, b, count);
        }
    }
}

static unsigned units_of(const prog *p, unsigned r)
{
    return reg_bits(p, r) > 32 ? 2u : 1u;
}

/* A binary min-heap of registers keyed by (degree, register number): the
 * smallest-last order's next vertex is the one of smallest degree, the
 * lowest-numbered of those. */
typedef struct {
    unsigned *h, *pos, n; /* pos[r]: r's index in h */
    const unsigned *deg;
} dheap;

static int dless(const dheap *q, unsigned a, unsigned b)
{
    return q->deg[a] < q->deg[b] || (q->deg[a] == q->deg[b] && a < b);
}

static void dswap(dheap *q, unsigned i, unsigned j)
{
    unsigned t = q->h[i];
    q->h[i] = q->h[j];
    q->h[j] = t;
    q->pos[q->h[i]] = i;
    q->pos[q->h[j]] = j;
}

static void dup(dheap *q, unsigned i)
{
    while (i && dless(q, q->h[i], q->h[(i - 1) / 2])) {
        dswap(q, i, (i - 1) / 2);
        i = (i - 1) / 2;
    }
}

static void ddown(dheap *q, unsigned i)
{
    for (;;) {
        unsigned m = i, l = 2 * i + 1, r = l + 1;
        if (l < q->n && dless(q, q->h[l], q->h[m]))
            m = l;
        if (r < q->n && dless(q, q->h[r], q->h[m]))
            m = r;
        if (m == i)
            return;
        dswap(q, i, m);
        i = m;
    }
}

/* Smallest-last order and greedy first fit for the registers of class c
 * (mask: their bitset). */
static unsigned colour(const prog *p, scalar_info *s, const graph *g, unsigned c, uint64_t *mask)
{
    unsigned R = s->nregs, W = g->W, cnt = 0, max_unit = 0;
    unsigned *deg = calloc(R + 1, sizeof(unsigned));
    unsigned *order = malloc((R + 1) * sizeof(unsigned));
    dheap q = {malloc((R + 1) * sizeof(unsigned)), malloc((R + 1) * sizeof(unsigned)), 0, deg};
    memset(mask, 0, W * sizeof *mask);
    for (unsigned r = 0; r < R; r++)
        if (s->cls[r] == c && s->reg_used[r])
            bits_array_set(mask, r);
    for (unsigned r = 0; r < R; r++) {
        if (!bits_array_get(mask, r))
            continue;
        cnt++;
        const uint64_t *ar = &g->adj[(size_t)r * W];
        for (unsigned w = 0; w < W; w++)
            deg[r] += bits_popcount(ar[w] & mask[w]);
        q.pos[r] = q.n;
        q.h[q.n++] = r;
        dup(&q, q.n - 1);
    }
    /* remove the vertex of smallest degree, last in the colouring order;
     * mask keeps the ones not removed */
    for (unsigned k = cnt; k > 0; k--) {
        unsigned best = q.h[0];
        dswap(&q, 0, --q.n);
        ddown(&q, 0);
        bits_array_clear(mask, best);
        order[k - 1] = best;
        const uint64_t *ab = &g->adj[(size_t)best * W];
        for (unsigned w = 0; w < W; w++)
            for (uint64_t v = ab[w] & mask[w]; v; v &= v - 1) {
                unsigned r = w * 64u + bits_ffs(v);
                deg[r]--;
                dup(&q, q.pos[r]);
            }
    }
    /* first fit; busy[u] == k + 1: unit u is a coloured neighbour's */
    unsigned *busy = calloc(2 * (size_t)R + 4, sizeof(unsigned));
    for (unsigned k = 0; k < cnt; k++) {
        unsigned r = order[k], u = units_of(p, r);
        const uint64_t *ar = &g->adj[(size_t)r * W];
        for (unsigned w = 0; w < W; w++)
            for (uint64_t v = ar[w]; v; v &= v - 1) {
                unsigned x = w * 64u + bits_ffs(v);
                if (s->phys[x] >= 0 && s->cls[x] == c)
                    for (unsigned j = 0; j < units_of(p, x); j++)
                        busy[s->phys[x] + j] = k + 1;
            }
        unsigned base = 0;
        while (busy[base] == k + 1 || (u == 2 && (busy[base + 1] == k + 1 || (base & 1u))))
            base++;
        s->phys[r] = (int32_t)base;
        if (base + u > max_unit)
            max_unit = base + u;
    }
    s->virt[c] = cnt;
    free(busy);
    free(deg);
    free(order);
    free(q.h);
    free(q.pos);
    return max_unit;
}

void scalar_alloc(const prog *p, scalar_info *s)
{
    unsigned R = s->nregs, n = p->n, W;
    const uint64_t *live = prog_live(p, &W);
    graph g = {R, calloc((size_t)R * W + 1, sizeof(uint64_t)), W};
    uint64_t *sca = calloc((size_t)W + 1, sizeof(uint64_t)); /* the scalar registers */
    uint64_t *set = calloc((size_t)W + 1, sizeof(uint64_t));
    s->phys = malloc((R + 1) * sizeof(int32_t));
    s->cls = calloc(R + 1, 1);
    for (unsigned r = 0; r < R; r++) {
        int pred = reg_bits(p, r) == 1;
        s->phys[r] = -1;
        s->cls[r] = (uint8_t)(pred ? (s->reg_vector[r] ? SC_VEC_PRED : SC_SCA_PRED)
                                   : (s->reg_vector[r] ? SC_VEC_DATA : SC_SCA_DATA));
        if (!s->reg_vector[r])
            bits_array_set(sca, r);
    }
    /* the registers live at entry hold their initial value together */
    for (unsigned a = bits_array_next(live, W, 0); a < R; a = bits_array_next(live, W, a + 1))
        edges_to_set(&g, a, live, &s->edges);
    for (unsigned pc = 0; pc < n; pc++) {
        const prog_insn *in = &p->ins[pc];
        if (!p->reachable[pc])
            continue;
        for (unsigned j = 0; j < in->ndst; j++)
            for (int k = 0; k < 2; k++) {
                int sc = p->succ[pc][k];
                if (sc >= 0)
                    edges_to_set(&g, in->dst[j], &live[(size_t)sc * W], &s->edges);
            }
        /* two results of one instruction are live together */
        for (unsigned j = 0; j < in->ndst; j++)
            for (unsigned k = j + 1; k < in->ndst; k++)
                edge(&g, in->dst[j], in->dst[k], &s->edges);
    }
    /* 002's edges for the scalar registers the stack brings back: each
     * scalar register live at side k's entry with every scalar register
     * live at, or written by, an instruction of the other side (set) */
    uint8_t *side = calloc(n + 1, 1);
    int *list[2] = {malloc(((size_t)n + 2) * sizeof(int)), malloc(((size_t)n + 2) * sizeof(int))};
    unsigned cnt[2];
    uint64_t before = s->edges;
    for (unsigned b = 0; b < n; b++) {
        const prog_insn *br = &p->ins[b];
        if (!p->reachable[b] || br->unit != PU_BRA || br->guard < 0 || !s->reg_vector[br->guard])
            continue;
        int has[2] = {0, 0}; /* a scalar register live at side k's entry */
        for (int k = 0; k < 2; k++)
            for (unsigned w = 0; p->succ[b][k] >= 0 && w < W; w++)
                has[k] |= (live[(size_t)p->succ[b][k] * W + w] & sca[w]) != 0;
        if (!has[0] && !has[1])
            continue; /* no edge to add (every branch, when all is vector) */
        for (int k = 0; k < 2; k++)
            cnt[k] = prog_region_pcs(p, p->succ[b][k], br->rpc, side, list[k]);
        for (int k = 0; k < 2; k++) {
            int e = p->succ[b][k];
            if (e < 0 || !has[k])
                continue;
            memset(set, 0, W * sizeof *set);
            for (unsigned i = 0; i < cnt[!k]; i++) {
                int pc = list[!k][i];
                const prog_insn *in = &p->ins[pc];
                const uint64_t *lr = &live[(size_t)pc * W];
                for (unsigned w = 0; w < W; w++)
                    set[w] |= lr[w];
                for (unsigned j = 0; j < in->ndst; j++)
                    bits_array_set(set, in->dst[j]);
            }
            for (unsigned w = 0; w < W; w++)
                set[w] &= sca[w];
            const uint64_t *le = &live[(size_t)e * W];
            for (unsigned w = 0; w < W; w++)
                for (uint64_t v = le[w] & sca[w]; v; v &= v - 1)
                    edges_to_set(&g, w * 64u + bits_ffs(v), set, &s->edges);
        }
    }
    s->extra_edges = s->edges - before;
    for (unsigned c = 0; c < SC_NCLASS; c++)
        s->units[c] = colour(p, s, &g, c, set);
    free(side);
    free(list[0]);
    free(list[1]);
    free(g.adj);
    free(sca);
    free(set);
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

static void release_info(void *v)
{
    scalar_free(v);
    free(v);
}

const scalar_info *scalar_cached(const prog *p, int all_vector)
{
    unsigned k = all_vector ? PROG_CACHE_ALL_VECTOR : PROG_CACHE_SCALAR;
    if (!p->cache)
        return NULL;
    if (!p->cache->slot[k]) {
        scalar_info *s = malloc(sizeof *s);
        scalar_analyse(p, s, all_vector);
        scalar_alloc(p, s);
        p->cache->slot[k] = s;
        p->cache->release[k] = release_info;
    }
    return p->cache->slot[k];
}

int scalar_same(const scalar_info *a, const scalar_info *b)
{
    if (a->nregs != b->nregs || a->n != b->n || a->edges != b->edges ||
        a->extra_edges != b->extra_edges || memcmp(a->units, b->units, sizeof a->units) ||
        memcmp(a->virt, b->virt, sizeof a->virt) ||
        memcmp(a->ins_vector, b->ins_vector, a->n) ||
        memcmp(a->reg_vector, b->reg_vector, a->nregs) ||
        memcmp(a->reg_used, b->reg_used, a->nregs) || !a->phys != !b->phys)
        return 0;
    return !a->phys || (!memcmp(a->phys, b->phys, a->nregs * sizeof *a->phys) &&
                        !memcmp(a->cls, b->cls, a->nregs));
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
    c->off = calloc(p->nregs + 1, sizeof *c->off);
    c->sca = calloc(p->nregs + 1, 1);
    for (unsigned v = 0; c->off && c->sca && v < p->nregs && v < s->nregs; v++) {
        /* entry()'s four cases */
        const int vec = s->cls[v] == SC_VEC_DATA || s->cls[v] == SC_VEC_PRED;
        const unsigned first = s->cls[v] == SC_VEC_PRED   ? s->units[SC_VEC_DATA]
                               : s->cls[v] == SC_SCA_PRED ? s->units[SC_SCA_DATA]
                                                          : 0u;
        c->sca[v] = (uint8_t)!vec;
        c->off[v] = (int32_t)first + s->phys[v];
    }
    /* scalar_exec_warp: which pcs it takes, and the widest pc's span */
    unsigned span = 1;
    c->wok = calloc(p->n + 1, 1);
    for (unsigned pc = 0; c->wok && c->sca && pc < p->n && pc < s->n; pc++) {
        const prog_insn *in = &p->ins[pc];
        unsigned lo = p->nregs, hi = 0, scadst = 0;
        for (unsigned j = 0; j < in->nsrc; j++) {
            lo = in->src[j] < lo ? in->src[j] : lo;
            hi = in->src[j] > hi ? in->src[j] : hi;
        }
        for (unsigned j = 0; j < in->ndst; j++) {
            lo = in->dst[j] < lo ? in->dst[j] : lo;
            hi = in->dst[j] > hi ? in->dst[j] : hi;
            scadst |= c->sca[in->dst[j]];
        }
        if (hi >= lo && hi - lo + 1 > span)
            span = hi - lo + 1;
        c->wok[pc] = (uint8_t)(s->ins_vector[pc] ? !scadst : !checked);
    }
    /* not cleared: scalar_exec_warp writes every entry the instruction
     * reads (its sources and destinations) before it runs */
    c->rows = malloc(((size_t)p->nregs + 1 + (size_t)SCALAR_WARP_MAX * span) * sizeof(uint64_t));
    if (!c->rows && c->wok)
        memset(c->wok, 0, p->n + 1);
}

void scalar_exec_free(scalar_exec_cfg *c)
{
    free(c->scratch);
    free(c->coll);
    free(c->off);
    free(c->sca);
    free(c->wok);
    free(c->rows);
    c->wok = NULL;
    c->rows = NULL;
    c->scratch = c->coll = NULL;
    c->off = NULL;
    c->sca = NULL;
}

/* The entry of virtual register v: in the thread's file or the warp's. */
static PROG_ALWAYS_INLINE uint64_t *entry(const scalar_info *s, unsigned v, uint64_t *vrf,
                                          uint64_t *srf)
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
    const int32_t *const phys = c->s->phys;
    *view = *x;
    /* scalar_reg through the tables (entry() as off and sca) */
#define SX_REG(v) (phys[v] < 0 ? 0 : (c->sca[v] ? srf : x->r)[c->off[v]])
    for (unsigned j = 0; j < in->nsrc; j++)
        r[in->src[j]] = SX_REG(in->src[j]);
    for (unsigned j = 0; j < in->ndst; j++)
        r[in->dst[j]] = SX_REG(in->dst[j]);
#undef SX_REG
    view->r = r;
}

void scalar_coll_store(const scalar_exec_cfg *c, int pc, const prog_thread *view, prog_thread *x,
                       uint64_t *srf)
{
    const prog_insn *in = &c->p->ins[pc];
    for (unsigned j = 0; j < in->ndst; j++)
        if (c->s->phys[in->dst[j]] >= 0)
            (c->sca[in->dst[j]] ? srf : x->r)[c->off[in->dst[j]]] = view->r[in->dst[j]];
}

int scalar_exec_thread(const scalar_exec_cfg *c, int pc, prog_thread *x, unsigned thread,
                       uint64_t *srf, const prog_mem *m, scalar_issue *st, prog_effect *e,
                       char *err, size_t errlen)
{
    const prog_insn *in = &c->p->ins[pc];
    const scalar_info *s = c->s;
    if (s->ins_vector[pc]) {
        /* run_one with no scalar issue, the entries from the table and the
         * thread itself pointed at the scratch registers (no copy) */
        uint64_t *const vrf = x->r, *const sc = c->scratch;
#define SX_ENTRY(v) ((c->sca[v] ? srf : vrf) + c->off[v])
        for (unsigned j = 0; j < in->nsrc; j++)
            sc[in->src[j]] = *SX_ENTRY(in->src[j]);
        for (unsigned j = 0; j < in->ndst; j++)
            sc[in->dst[j]] = *SX_ENTRY(in->dst[j]);
        x->r = sc;
        const int rc = c->p->ops->exec(c->p, pc, x, m, e, err, errlen);
        x->r = vrf;
        if (rc)
            return -1;
        for (unsigned j = 0; j < in->ndst; j++)
            *SX_ENTRY(in->dst[j]) = sc[in->dst[j]];
#undef SX_ENTRY
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

int scalar_exec_warp(const scalar_exec_cfg *c, int pc, prog_thread *const *x, unsigned n,
                     uint64_t *srf, const prog_mem *const *m, prog_effect *e, char *err,
                     size_t errlen)
{
    const prog_insn *in = &c->p->ins[pc];
    const unsigned ns = in->nsrc, nd = in->ndst;
    if (!n)
        return 0;
    if (!c->s->ins_vector[pc]) {
        /* scalar_exec_thread's first thread, then its broadcast to the
         * others (outside checked mode: no thread is compared) */
        scalar_issue st;
        memset(&st, 0, sizeof st);
        if (scalar_exec_thread(c, pc, x[0], 0, srf, m[0], &st, &e[0], err, errlen))
            return -1;
        for (unsigned i = 1; i < n; i++) {
            uint64_t *const vrf = x[i]->r;
            for (unsigned j = 0; j < nd; j++)
                (c->sca[in->dst[j]] ? srf : vrf)[c->off[in->dst[j]]] = st.val[j];
            e[i] = st.eff;
            e[i].nacc = 0;
        }
        return 0;
    }
    /* a vector instruction: each thread's operands (sources, then
     * destinations: a guarded write keeps the old value) in a row of its
     * own, rows span entries apart from the lowest register read or
     * written, read by prog_exec_warp, the destinations written back */
    unsigned reg[PROG_MAX_SRC + PROG_MAX_DST], lo = c->p->nregs, hi = 0;
    int32_t off[PROG_MAX_SRC + PROG_MAX_DST];
    uint64_t sval[PROG_MAX_SRC + PROG_MAX_DST];
    unsigned nv = 0, nsv = 0, sreg[PROG_MAX_SRC + PROG_MAX_DST];
    for (unsigned j = 0; j < ns + nd; j++) {
        const unsigned v = j < ns ? in->src[j] : in->dst[j - ns];
        lo = v < lo ? v : lo;
        hi = v > hi ? v : hi;
        if (c->sca[v]) { /* a scalar source: one value for the warp */
            sreg[nsv] = v;
            sval[nsv++] = srf[c->off[v]];
        } else {
            reg[nv] = v;
            off[nv++] = c->off[v];
        }
    }
    const size_t span = hi >= lo ? hi - lo + 1u : 1u;
    uint64_t *const base = c->rows + c->p->nregs + 1 - lo;
    uint64_t *vrf[SCALAR_WARP_MAX];
    for (unsigned i = 0; i < n; i++) {
        uint64_t *const r = base + i * span, *const f = x[i]->r;
        vrf[i] = f;
        for (unsigned j = 0; j < nsv; j++)
            r[sreg[j]] = sval[j];
        for (unsigned j = 0; j < nv; j++)
            r[reg[j]] = f[off[j]];
        x[i]->r = r;
    }
    unsigned done = n;
    const int rc = prog_exec_warp(c->p, pc, x, m, n, e, &done, err, errlen);
    /* the destinations (every one vector: c->wok) are the last nd of reg */
    for (unsigned i = 0; i < n; i++) {
        const uint64_t *const r = x[i]->r;
        uint64_t *const f = vrf[i];
        x[i]->r = f;
        for (unsigned j = nv - nd; i < done && j < nv; j++)
            f[off[j]] = r[reg[j]];
    }
    return rc ? -1 : 0;
}
