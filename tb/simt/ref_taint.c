/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ref_taint.c -- the reference's order taint (split from ref.c; ref.h,
 * ref_int.h): refp_order_check runs the reference's other orders (ref.c
 * refp_run_order) and, when a cas's or exch's result is read or an
 * atomic and a plain load are both reachable, the taint passes
 * (refp_taint_fixed, refp_taint_pass, refp_taint_step per instruction)
 * whose marked bytes are not compared (issue 25 sec. 3: a kernel whose
 * result depends on the atomics' order is reported, not compared).
 * Timing: none (the reference's oracle).  Parameters: REFP_TAINT_PASSES
 * (below), REFP_TAINT_DEPTH (ref.h).  Departures: what the argument
 * assumes (below).
 *
 * The order taint (refp_order_check, refp_taint_fixed; docs/ptx.md "The
 * order taint made sound").  When a cas's or exch's returned value is read
 * (whether or not the reference's orders disagree), the first order runs
 * again with taint, and the global bytes it marks are not compared.
 *
 * The rule.  Seeds: the value a cas or exch returns, and the bytes such an
 * atomic writes.  A register is tainted when an instruction writes it from
 * a tainted source or byte (an atomic of any kind, fetch-and-op included,
 * returns the old value of the bytes it reads: tainted when one of them
 * is; 2026-11-30, reftaint), or while its thread runs inside the region of
 * a branch on a tainted value (from the branch to its reconvergence PC),
 * or when that region could write it (either side).  A byte is tainted
 * when it is written from a tainted value or at a tainted address, inside
 * such a region, or by a cas or exch; and when a store the run did not
 * execute could write it: a store in such a branch's region (either side)
 * or one held off by a tainted guard, or one at a tainted address.  Such a
 * store taints its own bytes when its address is known (a constant, or an
 * untainted register the region does not set, plus a constant); else, in
 * global memory, every byte of the launch's regions (its buffers and the
 * module's variables; all of global memory when none is declared) its
 * address may point into; in shared memory, all of the CTA's; in local
 * memory, all of the thread's; a generic store both global and shared.
 * Where an address may point: each register carries a set of regions --
 * a constant, a special register or a parameter the region of its value,
 * a 64-bit value loaded at a tainted address or from tainted bytes any,
 * otherwise the union of its sources'; a register a tainted branch's
 * region may set adds what the region's definitions may give (to a fixed
 * point over the region).  An empty set at a store means any region.
 * Finally the run repeats, each time starting from the global and shared
 * bytes the last one ended with tainted, until a run adds none (at most
 * REFP_TAINT_PASSES; past that every byte is tainted).
 *
 * Why it covers every order.  Take any legal order (any CTA order, any
 * interleaving of a CTA's threads between barriers).  By induction over
 * the instructions each thread executes in it: while a thread has not
 * passed a branch on a tainted value, it executes the reference's
 * instructions, and each untainted register holds the reference's value --
 * its sources are untainted, and an untainted byte it reads holds the
 * reference's value in that order as well, because a write that would
 * change it is a tainted write (a byte tainted at any time in the run is
 * tainted from the start of the last, so the read is no earlier than the
 * write in any order).  An atomic reads too: what it returns is its
 * bytes' old value, so it is untainted only when those bytes are; then
 * it differs from the reference's only by which other threads' atomics on
 * them came first, and (1) below is what makes that the orders' to judge
 * (before 2026-11-30 a fetch-and-op's result was not tainted by its
 * bytes: tests/data/cuda/atomtaint.cu, a cas-decided value read back by
 * atomicAdd(p, 0), made the mechanisms fail).  At a branch on a tainted
 * value it may take the other side; everything that side can write is
 * tainted above (registers by the region's definitions, bytes by its
 * stores), and at the reconvergence PC its untainted registers again hold
 * the reference's values.  A store it executes with an untainted address and value under
 * no tainted branch writes the reference's bytes; any other store writes
 * bytes tainted above.  So an untainted byte ends with the reference's
 * value in every order.
 *
 * What the argument assumes (docs/ptx.md): (1) only cas and exch are
 * seeds: a fetch-and-add (add, inc, dec, min, max, and, or, xor) on
 * untainted bytes hands out its values whatever the order (on tainted
 * bytes its result is tainted, above), an index from it a permutation
 * that the reference's orders shuffle themselves; a kernel whose result depends on
 * which thread got which such value is judged by the orders alone
 * (evidence, as in ref.h); (2) an address computed from a pointer stays
 * in that pointer's region (C's rule; the simulator stops an access
 * outside every region), and no pointer is rebuilt from 32-bit halves;
 * (3) a race between plain stores of untainted values (no atomics) is the
 * orders' to show, as before.
 *
 * The plain-load seed (2026-11-30, unionfind; docs/ptx.md "The plain-load
 * seed").  A plain load (ld, global or shared, generic included) of a
 * byte that an atomic of another thread (any atom or red: each may write)
 * writes in the same barrier phase of the same CTA, or, in global memory,
 * that an atomic of another CTA writes in any phase, reads a value that
 * depends on the interleaving: its value is tainted, like a cas's result
 * (union-find's root walks over parent[] while other threads hook into it
 * with atomicMin).  Any load seeded makes the flow and the registers not
 * compared (refp_result.atom_flow 3, unless already set).  The taint now
 * runs whenever an atomic and a plain load of global or shared memory are
 * both reachable; when no cas's or exch's result is read, with this seed
 * alone (the rules above carry its taint).  The first pass records, per byte, the atomics' (CTA, phase, thread)
 * (refp_amap); every pass reads that map, so a load the first order runs
 * before the atomic is seeded from the second pass on (every pass runs
 * the same first order, and the fixed point needs two passes at least).
 * Why it is enough: an atomic that is tainted (address, guard, value or
 * a tainted branch it runs under) writes tainted bytes, and a store the
 * run did not execute is widened, as above; an untainted atomic runs in
 * every order at the reference's address, in the same phase (barriers
 * are CTA-wide, and an untainted thread passes the same ones), so the map
 * names every untainted atomic write of every order.  A load no untainted
 * atomic of another thread can reach without a barrier between them, and
 * that reads no tainted byte, sees the same atomic writes in every order:
 * those of earlier phases, its own thread's earlier ones (program order),
 * none of later phases.  Phases: when a thread takes a tainted branch
 * whose region holds a barrier, another order may pass a different
 * number of barriers, and the next passes ignore phases (any phase of
 * another thread of the CTA conflicts) until the fixed point.
 * A branch inside a retry loop whose region is too (histo8's saturation
 * test on the guess a plain load gives) belongs to the read-modify-write:
 * what its region sets is tainted, its control is not (as for the loop's
 * own branch).  What the seed assumes, beyond (1)..(3): (4) atomics of
 * different threads on the same bytes with no barrier between them
 * commute (the same fetch-and-op: add, min, max, and, or, xor, inc or
 * dec with one bound, on integers), or the orders show it: an add and a
 * min mixed are the orders' to show; a float atomicAdd's rounding is the
 * float-add seed's (ref_fadd.c: its word is tainted unless no order can
 * round); (5) a plain store racing another thread's atomic is (3)'s plain
 * race, the orders' to show; (6) an order-independent result computed
 * from racing loads (sssp's distances, a fixed point in every order) is
 * left out: the taint cannot see convergence.
 */
#include "ref.h"
#include "ref_int.h"
#include "prog_frame.h"

#include <stdlib.h>
#include <string.h>

static const uint8_t *refp_taint_region(refp_stream *s, int pc);

/* The taint run (refp_taint_pass): the taint arrays of s (refp_stream), all clear */
static void refp_taint_init(refp_stream *s)
{
    const prog *p = s->p;
    unsigned T = p->block[0] * p->block[1] * p->block[2];
    s->tg = calloc(1, p->global_bytes + 1);
    s->ts = calloc(1, p->shared_bytes + 1);
    s->tl = calloc(1, s->local_bytes + 1);
    s->tr = calloc((size_t)T * p->nregs + 1, 1);
    s->tc = calloc(T + 1, 1);
    s->tk = calloc((size_t)T * REFP_TAINT_DEPTH + 1, sizeof *s->tk);
    s->tdef = calloc(p->n + 1, sizeof *s->tdef);
    s->tpcs = calloc(p->n + 1, sizeof *s->tpcs);
    s->tb = calloc((size_t)T * p->nregs + 1, sizeof *s->tb);
    s->tm = calloc((size_t)p->nregs + 1, sizeof *s->tm);
    s->tsu = calloc(1, p->shared_bytes + 1);
    s->tph = calloc(T + 1, sizeof *s->tph);
    s->tfa = refp_fadd_wanted(p) ? refp_fadd_new(p) : NULL; /* ref_fadd.c */
    /* clang -O0 keeps a retry loop's variables in the frame: its slots
     * as registers, with their liveness (refp_taint_region) */
    unsigned ns = 0;
    s->taug = p->succ && p->reachable ? malloc((p->n + 1) * sizeof *s->taug) : NULL;
    if (s->taug && prog_frame_aug(p, s->taug, &ns) > 0 && ns) {
        prog q = *p;
        q.ins = s->taug;
        q.nregs = p->nregs + ns;
        s->tflive = prog_liveness(&q, &s->tflw);
    }
    if (!s->tflive) {
        free(s->taug);
        s->taug = NULL;
    }
    /* the cas and exch of retry loops (refp_taint_region) */
    s->tra = calloc(p->n + 1, 1);
    s->tinr = calloc(p->n + 1, 1);
    s->tnest = calloc(p->n + 1, 1);
    for (unsigned pc = 0; p->succ && pc < p->n; pc++)
        if (p->ins[pc].unit == PU_BRA && p->ins[pc].guard >= 0 &&
            (!p->reachable || p->reachable[pc]) && refp_taint_region(s, (int)pc)[p->nregs + 1])
            for (int i = 1; i <= s->tpcs[pc][0]; i++) {
                s->tinr[s->tpcs[pc][i]] = 1;
                if (p->ins[s->tpcs[pc][i]].last_wins)
                    s->tra[s->tpcs[pc][i]] = 1;
            }
}

/* The taint run: what the region of the branch at pc (every instruction a
 * path from its successors reaches before its reconvergence point) may
 * write: s->tdef[pc], the registers, then whether it stores to local
 * memory.  A thread that did not take a path still depends on it: the
 * variables the other path would have set keep their old values only
 * because of the branch (clang -O0: every variable in the frame). */
static const uint8_t *refp_taint_region(refp_stream *s, int pc)
{
    const prog *p = s->p;
    if (s->tdef[pc])
        return s->tdef[pc];
    uint8_t *d = calloc(p->nregs + 3, 1), *seen = calloc(p->n + 1, 1);
    int *work = malloc((p->n + 1) * sizeof(int)), nw = 0, stop = p->ins[pc].rpc;
    int *list = malloc((p->n + 2) * sizeof(int)), nl = 0;
    for (int k = 0; k < 2 && p->succ; k++)
        if (p->succ[pc][k] >= 0 && p->succ[pc][k] != stop && !seen[p->succ[pc][k]]) {
            seen[p->succ[pc][k]] = 1;
            work[nw++] = p->succ[pc][k];
        }
    while (nw) {
        int q = work[--nw];
        if (q >= (int)p->n)
            continue;
        list[1 + nl++] = q;
        const prog_insn *in = &p->ins[q];
        for (unsigned i = 0; i < in->ndst; i++)
            d[in->dst[i]] = 1;
        d[p->nregs + 2] |= in->unit == PU_BAR;
        if ((in->unit == PU_ST || in->unit == PU_ATOM) &&
            (in->space == PS_LOCAL || in->fop == PF_MEMGEN || in->fop == PF_MEMLOC ||
             in->fop == PF_OPAQUE))
            d[p->nregs] = 1;
        for (int k = 0; k < 2; k++) {
            int u = p->succ[q][k];
            if (u >= 0 && u != stop && !seen[u]) {
                seen[u] = 1;
                work[nw++] = u;
            }
        }
    }
    /* a retry loop: the region stores nothing but by cas or exch (one at
     * least) and to frame slots (clang -O0's variables: s->taug), has no
     * barrier or warp-synchronous instruction, and sets no register and
     * no frame slot live at the reconvergence point */
    int retry = 0, fslot = 0;
    for (int i = 0; i < nl; i++) {
        int q = list[1 + i];
        const prog_insn *in = &p->ins[q];
        int frame = in->unit == PU_ST && s->taug && s->taug[q].ndst == 1 &&
                    s->taug[q].dst[0] >= p->nregs && refp_taint_fault != 7;
        fslot |= frame;
        if ((in->unit == PU_ST && !frame) || in->unit == PU_BAR || in->wsync ||
            (in->unit == PU_ATOM && !in->last_wins)) {
            retry = 0;
            break;
        }
        retry |= in->unit == PU_ATOM;
    }
    unsigned W = 0;
    const uint64_t *live = retry ? prog_live(p, &W) : NULL;
    int at = stop < 0 ? (int)p->n : stop;
    const uint64_t *row = live ? live + (size_t)at * W : NULL;
    for (unsigned v = 0; retry && v < p->nregs; v++)
        if (d[v] && (!row || (row[v / 64] >> (v % 64) & 1)))
            retry = 0;
    /* the slots the region's frame stores write, live there (the frame
     * rows: registers, then slots) */
    const uint64_t *frow = fslot ? s->tflive + (size_t)at * s->tflw : NULL;
    for (int i = 0; retry && fslot && i < nl && refp_taint_fault != 8; i++) {
        const prog_insn *a = &s->taug[list[1 + i]];
        if (p->ins[list[1 + i]].unit == PU_ST && a->ndst == 1 && a->dst[0] >= p->nregs &&
            (frow[a->dst[0] / 64] >> (a->dst[0] % 64) & 1))
            retry = 0;
    }
    d[p->nregs + 1] = (uint8_t)retry;
    free(seen);
    free(work);
    list[0] = nl;
    s->tpcs[pc] = list;
    return s->tdef[pc] = d;
}

int refp_taint_fault;

/* The taint run's widening: where a store may write in another order when
 * this run cannot say (refp_taint_step).  The regions of global memory
 * (prog.gbuf) holding address a: bit i the i-th (REFP_BUF_ALL past 62). */
static uint64_t refp_buf_of(const prog *p, uint64_t a)
{
    uint64_t m = 0;
    for (unsigned i = 0; i < p->ngbuf; i++)
        if (a - p->gbuf[2 * i] < p->gbuf[2 * i + 1])
            m |= i < 63 ? 1ull << i : REFP_BUF_ALL;
    return m;
}

/* taints the global regions of mask m; all of global memory when no
 * region is declared, m is 0 (an address from no region's pointer) or
 * holds REFP_BUF_ALL */
static void refp_taint_regions(refp_stream *s, uint64_t m)
{
    const prog *p = s->p;
    if (!p->ngbuf || !m || (m & REFP_BUF_ALL)) {
        memset(s->tg, 1, p->global_bytes);
        return;
    }
    for (unsigned i = 0; i < p->ngbuf && i < 63; i++)
        if (m >> i & 1) {
            uint64_t a = p->gbuf[2 * i], b = p->gbuf[2 * i + 1];
            if (a < p->global_bytes)
                memset(s->tg + a, 1, b < p->global_bytes - a ? b : p->global_bytes - a);
        }
}

/* instruction q reads no register but its guard: a constant, a special
 * register or a parameter */
static int refp_no_reg_src(const prog_insn *in)
{
    return in->nsrc == (in->guard >= 0 ? 1u : 0u);
}

/* The regions destination di of instruction q may point into when thread
 * x executes q where this run did not (mk: the registers' masks): the
 * union of its sources' (an address computed from a pointer stays in the
 * pointer's region), and for an instruction that reads no register (a
 * constant, a symbol's address, a parameter) its value's, evaluated on a
 * copy of the thread's registers with the guard held; a 64-bit value from
 * memory (a pointer loaded) may point anywhere. */
static uint64_t refp_def_mask(refp_stream *s, const prog_thread *x, const prog_mem *m, int q,
                              unsigned di, const uint64_t *mk)
{
    const prog *p = s->p;
    const prog_insn *in = &p->ins[q];
    unsigned d = in->dst[di];
    int wide = !p->reg_bits || p->reg_bits[d] == 64;
    if ((in->unit == PU_LD && in->space != PS_PARAM) || in->unit == PU_ATOM || in->wsync)
        return wide ? REFP_BUF_ALL : 0;
    uint64_t r = 0;
    for (unsigned i = 0; i < in->nsrc; i++)
        r |= mk[in->src[i]];
    if (refp_no_reg_src(in) && wide) {
        uint64_t *regs = malloc(((size_t)p->nregs + 1) * sizeof *regs);
        memcpy(regs, x->r, (size_t)p->nregs * sizeof *regs);
        if (in->guard >= 0)
            regs[in->guard] = !in->guard_neg;
        prog_thread y = *x;
        y.r = regs;
        prog_effect e;
        char err[160];
        if (p->ops->exec(p, q, &y, m, &e, err, sizeof err) || !e.executed)
            r |= REFP_BUF_ALL;
        else
            r |= refp_buf_of(p, regs[d]);
        free(regs);
    } else if (in->unit == PU_LD) /* a parameter at a computed address: any */
        r |= wide ? REFP_BUF_ALL : 0;
    return r;
}

/* The store (st, atom, red) q that thread t (registers x->r, masks mk)
 * may execute in another order where this run did not, or at another
 * address: what it may write is tainted.  Its bytes exactly when its
 * address is a constant, or a register (known: not set in the region of
 * the branch that hides the store, nor tainted) plus a constant; else the
 * regions its address register may point into (refp_def_mask), all of the
 * CTA's shared memory for a shared store, both for a generic one, the
 * thread's local memory for a local one. */
static void refp_taint_store(refp_stream *s, unsigned t, const prog_thread *x, int q,
                             const uint64_t *mk, int known)
{
    const prog *p = s->p;
    const prog_insn *in = &p->ins[q];
    if (in->space == PS_LOCAL) {
        memset(s->tl + (size_t)t * p->local_bytes, 1, p->local_bytes);
        return;
    }
    int sh = in->space == PS_SHARED || in->ageneric, gl = in->space != PS_SHARED || in->ageneric;
    if (!in->ageneric && in->abytes && (in->areg < 0 || (in->areg > 0 && known))) {
        uint64_t a = (uint64_t)(int64_t)in->aoff + (in->areg > 0 ? x->r[in->areg - 1] : 0);
        uint8_t *m = sh ? s->ts : s->tg;
        uint64_t size = sh ? p->shared_bytes : p->global_bytes;
        if (a < size && in->abytes <= size - a) {
            memset(m + a, 1, in->abytes);
            return;
        }
    }
    if (sh && refp_taint_fault != 3)
        memset(s->ts, 1, p->shared_bytes);
    if (gl) {
        uint64_t r = 0;
        if (in->areg > 0)
            r = mk[in->areg - 1];
        else
            for (unsigned i = 0; in->areg == 0 && i < in->nsrc; i++)
                r |= mk[in->src[i]];
        refp_taint_regions(s, r);
    }
}

int refp_hook_fault;
int refp_atom_fault;

/* The plain-load seed (this file's header): which bytes atomics write, by
 * CTA, barrier phase and thread.  A table by byte (global, or shared with
 * the CTA in each entry) of lists of (CTA, phase, thread) entries, newest
 * first; one entry per (CTA, phase), its thread REFP_AM_MANY once two
 * threads write the byte then.  The slot: the first CTA to write the byte
 * and whether another did too (multi).  A global byte that atomics of two
 * CTAs write conflicts with every plain load (refp_am_hit answers from
 * multi alone), so its list is handed to the free list (free1: an index
 * + 1, 0 none) and it records no more: the global entries follow the
 * bytes written, not the grid (2026-12-01, smallfix).  A shared byte's
 * entries stay, one list per byte for every CTA of the grid (each CTA
 * has its own shared memory, and every pass reads them). */
#define REFP_AM_MANY UINT32_MAX
typedef struct {
    uint64_t cta;
    uint32_t phase, thread;
    int64_t next;
} refp_am_entry;

typedef struct {
    uint64_t key; /* (byte << 1 | shared) + 1; 0 empty */
    uint64_t cta0;
    int64_t head;
    int multi; /* CTAs other than cta0 write it too */
} refp_am_slot;

struct refp_amap {
    refp_am_slot *slot;
    uint64_t cap, used;
    refp_am_entry *e;
    uint64_t ne, ecap, free1;
    int nophase, nophase_next; /* phases not the same in every order (refp_taint_step) */
    int build;                 /* this pass records the atomics (the first) */
    uint64_t seeded;           /* plain loads seeded in the pass under way */
};

static uint64_t refp_am_hash(uint64_t k)
{
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdull;
    return k ^ (k >> 29);
}

static refp_am_slot *refp_am_find(const struct refp_amap *m, uint64_t key)
{
    if (!m->cap)
        return NULL;
    for (uint64_t i = refp_am_hash(key) & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
        if (m->slot[i].key == key || !m->slot[i].key)
            return &m->slot[i];
    }
}

/* the map's bytes for --mem-peak (refp_mem_peak(2)): none counted with
 * --inject-fault atom@2 */
static void refp_am_count(int64_t bytes)
{
    if (refp_atom_fault != 2)
        refp_count(2, bytes);
}

static void refp_am_grow(struct refp_amap *m)
{
    refp_am_slot *old = m->slot;
    uint64_t oc = m->cap;
    m->cap = oc ? oc * 2 : 1024;
    refp_am_count((int64_t)((m->cap - oc) * sizeof *m->slot));
    m->slot = calloc(m->cap, sizeof *m->slot);
    for (uint64_t i = 0; i < oc; i++)
        if (old[i].key)
            *refp_am_find(m, old[i].key) = old[i];
    free(old);
}

/* an entry for a list: from the free list, else a new one */
static int64_t refp_am_take(struct refp_amap *m)
{
    if (m->free1) {
        int64_t i = (int64_t)m->free1 - 1;
        m->free1 = (uint64_t)(m->e[i].next + 1);
        return i;
    }
    if (m->ne == m->ecap) {
        uint64_t oe = m->ecap;
        m->ecap = m->ecap ? m->ecap * 2 : 1024;
        refp_am_count((int64_t)((m->ecap - oe) * sizeof *m->e));
        m->e = realloc(m->e, m->ecap * sizeof *m->e);
    }
    return (int64_t)m->ne++;
}

/* slot s's list to the free list (s keeps no entry) */
static void refp_am_release(struct refp_amap *m, refp_am_slot *s)
{
    while (s->head >= 0) {
        int64_t i = s->head;
        s->head = m->e[i].next;
        m->e[i].next = (int64_t)m->free1 - 1;
        m->free1 = (uint64_t)i + 1;
    }
}

/* thread t of CTA cta in barrier phase ph writes byte a (shared sh) by
 * an atomic */
static void refp_am_record(struct refp_amap *m, int sh, uint64_t a, uint64_t cta, uint32_t ph,
                           uint32_t t)
{
    if (2 * (m->used + 1) > m->cap)
        refp_am_grow(m);
    uint64_t key = (a << 1 | (uint64_t)sh) + 1;
    refp_am_slot *s = refp_am_find(m, key);
    if (!s->key) {
        s->key = key;
        s->cta0 = cta;
        s->head = -1;
        m->used++;
    }
    s->multi |= s->cta0 != cta;
    if (!sh && s->multi) { /* nothing more to store for it (above) */
        refp_am_release(m, s);
        return;
    }
    refp_am_entry *h = s->head >= 0 ? &m->e[s->head] : NULL;
    if (h && h->cta == cta && h->phase == ph) { /* the run's order: (CTA, phase) in turn */
        if (h->thread != t)
            h->thread = REFP_AM_MANY;
        return;
    }
    int64_t i = refp_am_take(m);
    m->e[i] = (refp_am_entry){cta, ph, t, s->head};
    s->head = i;
}

/* a plain access by thread t of CTA cta in phase ph to byte a (shared
 * sh) may see another thread's atomic write of it either way: another
 * thread of the CTA writes it by an atomic in the same phase (any phase
 * when the phases are not the same in every order), or, in global
 * memory, another CTA does in any phase */
static int refp_am_hit(const struct refp_amap *m, int sh, uint64_t a, uint64_t cta, uint32_t ph,
                       uint32_t t)
{
    const refp_am_slot *s = refp_am_find(m, (a << 1 | (uint64_t)sh) + 1);
    if (!s || !s->key)
        return 0;
    if (!sh && (s->multi || s->cta0 != cta) && refp_hook_fault != 2)
        return 1;
    int anyphase = m->nophase || refp_hook_fault == 4;
    for (int64_t i = s->head; i >= 0; i = m->e[i].next) {
        const refp_am_entry *e = &m->e[i];
        if (e->cta < cta) /* newest first: the CTAs ran in linear order */
            break;
        if (e->cta == cta && (anyphase || e->phase == ph) && e->thread != t)
            return 1;
    }
    return 0;
}

static void refp_am_free(struct refp_amap *m)
{
    if (!m)
        return;
    refp_am_count(-(int64_t)(m->cap * sizeof *m->slot + m->ecap * sizeof *m->e + sizeof *m));
    free(m->slot);
    free(m->e);
    free(m);
}

/* At a branch on a tainted value (pc) thread t may take the other way in
 * another order: the registers its region may set may point into what
 * their definitions there may (refp_def_mask, to a fixed point over the
 * region), and every store of the region may write (refp_taint_store). */
static void refp_taint_widen(refp_stream *s, unsigned t, const prog_thread *x, const prog_mem *m,
                             int pc, const uint8_t *rd)
{
    const prog *p = s->p;
    const int *list = s->tpcs[pc];
    uint64_t *tb = &s->tb[(size_t)t * p->nregs], *mk = s->tm;
    memcpy(mk, tb, (size_t)p->nregs * sizeof *mk);
    for (int changed = 1; changed;) {
        changed = 0;
        for (int i = 1; i <= list[0]; i++) {
            const prog_insn *in = &p->ins[list[i]];
            for (unsigned di = 0; di < in->ndst; di++) {
                uint64_t v = mk[in->dst[di]] | refp_def_mask(s, x, m, list[i], di, mk);
                changed |= v != mk[in->dst[di]];
                mk[in->dst[di]] = v;
            }
        }
    }
    for (unsigned v = 0; v < p->nregs; v++)
        tb[v] |= mk[v];
    if (refp_taint_fault == 1)
        return;
    const uint8_t *tr = &s->tr[(size_t)t * p->nregs];
    for (int i = 1; i <= list[0]; i++) {
        const prog_insn *in = &p->ins[list[i]];
        if (in->unit == PU_ST || in->unit == PU_ATOM)
            refp_taint_store(s, t, x, list[i], mk,
                             in->areg > 0 && !rd[in->areg - 1] && !tr[in->areg - 1]);
    }
}

/* The branch at pc and every instruction of its region lie inside retry
 * loops (s->tinr): the branch does not taint control (refp_taint_step) */
static int refp_taint_nested(refp_stream *s, int pc)
{
    if (!s->tinr[pc] || refp_taint_fault == 6 || refp_hook_fault == 5)
        return 0;
    if (!s->tnest[pc]) {
        const int *list = s->tpcs[pc];
        int in = 1;
        for (int i = 1; in && i <= list[0]; i++)
            in = s->tinr[list[i]];
        s->tnest[pc] = (uint8_t)(in ? 2 : 1);
    }
    return s->tnest[pc] == 2;
}

/* The taint run (the rule: this file's header): thread t (of the CTA
 * under way) executed pc with effect e.  The seeds are the results of the
 * atomics whose last writer wins (cas, exch: prog_insn.last_wins): they
 * say which thread won, and so what it does next.  The branches on a
 * tainted value a thread runs under: s->tc[t], their reconvergence points
 * on s->tk (past REFP_TAINT_DEPTH the thread stays tainted to its end). */
/* (not inlined: refp_cta_phase's loop, which runs every reference
 * thread-instruction, stays as lean as without the taint) */
__attribute__((noinline)) void refp_taint_step(refp_stream *s, unsigned t, const prog_thread *x,
                                               const prog_mem *mem, int pc, const prog_effect *e)
{
    const prog *p = s->p;
    const prog_insn *in = &p->ins[pc];
    uint8_t *tr = &s->tr[(size_t)t * p->nregs];
    uint64_t *tb = &s->tb[(size_t)t * p->nregs];
    int32_t *tk = &s->tk[(size_t)t * REFP_TAINT_DEPTH];
    const int lw = in->last_wins && s->tlw; /* a seed (refp_order_check) */
    while (s->tc[t] && s->tc[t] <= REFP_TAINT_DEPTH && tk[s->tc[t] - 1] == pc)
        s->tc[t]--; /* the reconvergence point of a tainted branch */
    int tin = s->tc[t] != 0;
    for (unsigned i = 0; i < in->nsrc; i++)
        tin |= tr[in->src[i]];
    /* the address is tainted (a store there may write elsewhere in
     * another order, or one its tainted guard held off may write:
     * refp_taint_store), or the bytes read */
    int ta = in->areg > 0 ? tr[in->areg - 1] : 0, tm = 0;
    for (unsigned i = 0; in->areg == 0 && i < in->nsrc; i++)
        ta |= tr[in->src[i]];
    /* a retry loop's cas or exch is a read-modify-write of its word: its
     * bytes are tainted by its address or the branches it runs under */
    int tw = s->tra[pc] && refp_taint_fault != 6 ? s->tc[t] || ta : tin || lw;
    int tv = tin || (lw && in->ndst);
    struct refp_amap *am = s->tam;
    if ((in->unit == PU_ST || in->unit == PU_ATOM) && refp_taint_fault != 2 &&
        (ta || (!e->executed && in->guard >= 0 && tr[in->guard])))
        refp_taint_store(s, t, x, pc, tb, !ta);
    for (unsigned i = 0; i < e->nacc; i++) {
        uint64_t a = e->acc[i].addr;
        uint8_t *m = e->acc[i].space == PS_GLOBAL   ? s->tg
                     : e->acc[i].space == PS_SHARED ? s->ts
                     : e->acc[i].space == PS_LOCAL  ? s->tl + (size_t)t * p->local_bytes
                                                    : NULL;
        if (!m)
            continue;
        int gs = e->acc[i].space == PS_GLOBAL || e->acc[i].space == PS_SHARED;
        int sh = e->acc[i].space == PS_SHARED;
        if (e->acc[i].write || in->unit == PU_ATOM) {
            /* an atomic returns the bytes' old value: tainted bytes give
             * a tainted result (this file's header), read before its own
             * write marks them */
            for (unsigned k = 0; in->unit == PU_ATOM && refp_atom_fault != 1 && k < e->acc[i].bytes;
                 k++)
                tm |= m[a + k];
            if (tw || (in->fadd && s->tfa && gs && refp_fadd_step(s->tfa, sh, a, in, e)))
                memset(m + a, 1, e->acc[i].bytes); /* ref_fadd.c: a float add that may round */
            for (unsigned k = 0; am && am->build && gs && in->unit == PU_ATOM && k < e->acc[i].bytes;
                 k++)
                refp_am_record(am, sh, a + k, s->tcta, s->tph[t], t);
        } else {
            for (unsigned k = 0; k < e->acc[i].bytes; k++)
                tm |= m[a + k];
            /* the plain-load seed: bytes another thread's atomic writes
             * where no barrier orders the two (this file's header) */
            int hit = 0;
            for (unsigned k = 0; am && gs && !hit && k < e->acc[i].bytes; k++)
                hit = refp_am_hit(am, sh, a + k, s->tcta, s->tph[t], t);
            tm |= hit;
            if (hit)
                am->seeded++;
        }
    }
    tv |= tm;
    for (unsigned i = 0; i < in->ndst; i++) {
        unsigned d = in->dst[i];
        if (e->executed) {
            /* the regions it may point into: a value from memory, a
             * constant, a special register or a parameter its own (a
             * pointer from memory any when its address or bytes are
             * tainted); else its sources' */
            int wide = !p->reg_bits || p->reg_bits[d] == 64;
            uint64_t b = 0;
            if (in->unit == PU_LD || in->unit == PU_ATOM || refp_no_reg_src(in))
                b = !wide                                             ? 0
                    : (ta || tm || in->unit == PU_ATOM) && in->space != PS_PARAM &&
                              in->unit != PU_ALU ? REFP_BUF_ALL
                                                 : refp_buf_of(p, x->r[d]);
            else
                for (unsigned k = 0; k < in->nsrc; k++)
                    b |= tb[in->src[k]];
            tb[d] = b;
        } else if (in->guard >= 0 && tr[in->guard])
            tb[d] |= refp_def_mask(s, x, mem, pc, i, tb);
        tr[d] = e->executed ? (uint8_t)tv : (uint8_t)(tr[d] | tin);
    }
    const uint8_t *rd = in->unit == PU_BRA && tin && in->guard >= 0 ? refp_taint_region(s, pc) : NULL;
    if (rd && !(rd[p->nregs + 1] && refp_taint_fault != 6) && refp_taint_nested(s, pc)) {
        /* a branch inside a retry loop, its region too (histo8's
         * saturation test on a guess from a plain load): part of the
         * read-modify-write; what its region sets is tainted */
        for (unsigned v = 0; v < p->nregs; v++)
            tr[v] |= rd[v];
        if (rd[p->nregs])
            memset(s->tl + (size_t)t * p->local_bytes, 1, p->local_bytes);
    } else if (rd && !(rd[p->nregs + 1] && refp_taint_fault != 6)) { /* not a retry loop's */
        int d = s->tc[t], known = 0;
        for (int k = 0; k < d && k < REFP_TAINT_DEPTH; k++)
            known |= tk[k] == in->rpc;
        if (!known && d <= REFP_TAINT_DEPTH) { /* past the depth: tainted to the end */
            if (d < REFP_TAINT_DEPTH)
                tk[d] = in->rpc < 0 ? (int32_t)p->n : in->rpc;
            s->tc[t] = (uint8_t)(d + 1);
        }
        /* what the region may set depends on the branch, taken or not */
        refp_taint_widen(s, t, x, mem, pc, rd);
        for (unsigned v = 0; v < p->nregs; v++)
            tr[v] |= rd[v];
        /* a barrier the region may pass: a phase of this run need not
         * be one in another order (refp_am_hit then ignores phases) */
        if (am && rd[p->nregs + 2])
            am->nophase_next = 1;
        if (rd[p->nregs])
            memset(s->tl + (size_t)t * p->local_bytes, 1, p->local_bytes);
    }
    if (in->unit == PU_BAR && e->executed)
        s->tph[t]++;
}


/* The taint arrays of s (refp_stream_free) */
void refp_taint_free(refp_stream *s)
{
    free(s->tg);
    free(s->ts);
    free(s->tl);
    free(s->tr);
    free(s->tc);
    free(s->tk);
    for (unsigned pc = 0; s->tdef && pc < s->p->n; pc++) {
        free(s->tdef[pc]);
        free(s->tpcs[pc]);
    }
    free(s->tdef);
    free(s->tpcs);
    free(s->tb);
    free(s->tm);
    free(s->tsu);
    free(s->tra);
    free(s->tinr);
    free(s->tnest);
    free(s->taug);
    free(s->tflive);
    free(s->tph); /* s->tam is refp_taint_fixed's */
    refp_fadd_free(s->tfa);
}

/* A CTA starts (refp_cta_begin): its own taint starts clean (its shared
 * memory from the last pass's: refp_taint_fixed) */
void refp_taint_cta_begin(refp_stream *s, uint64_t cta)
{
    const prog *p = s->p;
    unsigned T = p->block[0] * p->block[1] * p->block[2];
    if (s->ts0)
        memcpy(s->ts, s->ts0, p->shared_bytes);
    else
        memset(s->ts, 0, p->shared_bytes);
    memset(s->tb, 0, (size_t)T * p->nregs * sizeof *s->tb);
    memset(s->tl, 0, (size_t)T * p->local_bytes);
    memset(s->tr, 0, (size_t)T * p->nregs);
    memset(s->tc, 0, T);
    memset(s->tph, 0, T * sizeof *s->tph);
    if (s->tfa)
        refp_fadd_cta_begin(s->tfa);
    s->tcta = cta;
}

/* A CTA ends (refp_stream_run): its final shared taint or'ed into s->tsu */
void refp_taint_cta_end(refp_stream *s)
{
    for (uint64_t a = 0; a < s->p->shared_bytes; a++)
        s->tsu[a] |= s->ts[a];
}

/* The rendezvous of a warp-synchronous instruction at `at` (ref.c
 * refp_rendezvous), the group `here` of the logical warp from thread w0:
 * a lane's tainted source (or a tainted branch it runs under) taints
 * every lane's result (before exec_coll: 1 when so) */
int refp_taint_coll_src(const refp_stream *s, int at, unsigned w0, uint32_t here)
{
    const prog *p = s->p;
    int gt = 0;
    for (unsigned k = 0; k < PROG_WARP; k++)
        if (here >> k & 1) {
            gt |= s->tc[w0 + k];
            for (unsigned i = 0; i < p->ins[at].nsrc; i++)
                gt |= s->tr[(size_t)(w0 + k) * p->nregs + p->ins[at].src[i]];
        }
    return gt;
}

/* after exec_coll: the group's results tainted when gt, and the regions
 * a pointer from a lane may point into */
void refp_taint_coll_dst(refp_stream *s, int at, unsigned w0, uint32_t here,
                         const prog_thread *th, int gt)
{
    const prog *p = s->p;
    for (unsigned k = 0; gt && k < PROG_WARP; k++)
        if (here >> k & 1)
            for (unsigned i = 0; i < p->ins[at].ndst; i++)
                s->tr[(size_t)(w0 + k) * p->nregs + p->ins[at].dst[i]] = 1;
    for (unsigned k = 0; s->tb && k < PROG_WARP; k++) /* a pointer from a lane */
        if (here >> k & 1)
            for (unsigned i = 0; i < p->ins[at].ndst; i++) {
                unsigned d = p->ins[at].dst[i];
                int wide = !p->reg_bits || p->reg_bits[d] == 64;
                s->tb[(size_t)(w0 + k) * p->nregs + d] =
                    wide ? (gt ? REFP_BUF_ALL : 0) | refp_buf_of(p, th[w0 + k].r[d]) : 0;
            }
}

/* One run in the first order with the taint, from global
 * taint g0 and every CTA's shared taint from s0 (NULL: none): the final
 * global taint into *tg, every CTA's final shared taint or'ed into *ts
 * (the caller frees both).  0, or -1 when the run stops. */
static int refp_taint_pass(const prog *p, unsigned warp_size, uint64_t max_steps,
                           const uint8_t *g0, const uint8_t *s0, uint8_t **tg, uint8_t **ts,
                           int lw, struct refp_amap *am)
{
    refp_stream s;
    refp_cta_out o;
    refp_stream_init(&s, p, warp_size, max_steps);
    refp_out_init(&o, p, 0);
    refp_taint_init(&s);
    s.tlw = lw;
    s.tam = am;
    if (g0)
        memcpy(s.tg, g0, p->global_bytes);
    s.ts0 = s0;
    char err[512];
    int rc = 0;
    for (uint64_t c = 0; c < s.ctas && !rc; c++)
        rc = refp_stream_run(&s, c, 0, &o, err, sizeof err);
    *tg = s.tg;
    *ts = s.tsu;
    s.tg = s.tsu = NULL;
    refp_out_free(&o);
    refp_stream_free(&s);
    return rc ? -1 : 0;
}

/* The taint of refp_order_check: passes of refp_taint_pass, each from the
 * last one's final global and shared taint, until a pass ends where it
 * began (a byte tainted at any time is then tainted from the start: a
 * read before its tainted write in this order may come after it in
 * another).  REFP_TAINT_PASSES without that, or a pass that stops:
 * every byte.  The caller frees the result (global_bytes + 1). */
#define REFP_TAINT_PASSES 8
static uint8_t *refp_taint_fixed(const prog *p, unsigned warp_size, uint64_t max_steps, int lw,
                                 int hook, int *seeded)
{
    uint8_t *g = NULL, *sh = NULL;
    int ok = 0;
    /* the plain-load seed's map of the atomics: built by the first pass
     * (every pass runs the same first order), read by all */
    struct refp_amap *am = hook ? calloc(1, sizeof *am) : NULL;
    if (am)
        refp_am_count((int64_t)sizeof *am);
    *seeded = 0;
    for (int pass = 0; pass < REFP_TAINT_PASSES && !ok; pass++) {
        uint8_t *g1, *s1;
        if (am) {
            am->build = !pass;
            am->seeded = 0;
            am->nophase_next = 0;
        }
        int rc = refp_taint_pass(p, warp_size, max_steps, g, sh, &g1, &s1, lw, am);
        int same_phases = !am || am->nophase_next <= am->nophase;
        ok = !rc && ((g && same_phases && !memcmp(g, g1, p->global_bytes) &&
                      !memcmp(sh, s1, p->shared_bytes)) ||
                     refp_taint_fault == 5);
        if (am) {
            am->nophase |= am->nophase_next;
            *seeded = am->seeded != 0;
        }
        free(g);
        free(sh);
        g = g1;
        sh = s1;
        if (rc)
            break;
    }
    if (!ok) {
        memset(g, 1, p->global_bytes);
        *seeded = hook;
    }
    free(sh);
    refp_am_free(am);
    return g;
}

void refp_order_check(const prog *p, unsigned warp_size, uint64_t max_steps, refp_result *r)
{
    int lw = 0; /* a cas's or exch's returned value is read: the taint's seeds */
    for (unsigned pc = 0; pc < p->n; pc++)
        lw |= p->ins[pc].last_wins && p->ins[pc].ndst && (!p->reachable || p->reachable[pc]);
    for (unsigned pc = 0; pc < p->n; pc++)
        if (p->ins[pc].unit == PU_ATOM && (!p->reachable || p->reachable[pc])) {
            r->has_atomics = 1;
            /* ptx.c lowers an atom whose old value nothing reads to a red
             * (no destination): a destination here is read */
            if (p->ins[pc].ndst)
                r->atom_flow = 1;
        }
    uint64_t nd = r->ctas * (r->nregs + 1), nr = r->ctas * r->nregs;
    uint64_t *d0 = r->dig;
    r->dig = NULL;
    if (!d0)
        d0 = refp_alloc(1, nd * sizeof(uint64_t));
    r->mem_cmp = malloc(r->global_bytes + 1);
    memset(r->mem_cmp, 1, r->global_bytes + 1);
    r->reg_cmp = refp_alloc(1, nr + 1);
    memset(r->reg_cmp, 1, nr + 1);
    r->reg_cmp_bytes = nr + 1;
    /* the first order again for its digests when the run that made r kept
     * none (REFP_DIGEST): the same bytes, the same registers */
    char e0[512];
    /* the one-after-another orders, the CTAs side by side (more than one),
     * and with atomics the round robin at each atomic */
    int kinds[5], nk = 0;
    for (int kind = r->ran_digest ? 1 : 0; kind <= (r->ctas > 1 ? 3 : 2); kind++)
        kinds[nk++] = kind;
    if (r->has_atomics)
        kinds[nk++] = REFP_ORDER_RR;
    for (int ki = 0; ki < nk; ki++) {
        int kind = kinds[ki];
        refp_result o;
        if (refp_run_order(p, warp_size, max_steps, 0, kind, &o, d0, kind ? r : NULL,
                           kind ? r->order_err : e0, kind ? sizeof r->order_err : sizeof e0)) {
            /* the kernel stops in another order (a race): reported; the
             * first order's memory is compared whole.  Its flow is one of
             * the orders' and not the only one (the other stopped, or spun
             * until max_steps: a thread waiting on a flag another warp of
             * the CTA raises without a barrier, realworld7's spinflag), so
             * PC sequences, instruction counts and registers are not */
            refp_free(&o);
            free(r->mem_cmp);
            refp_release(1, r->reg_cmp, r->reg_cmp_bytes);
            r->mem_cmp = r->reg_cmp = NULL;
            r->atom_flow = 2;
            refp_release(1, d0, nd * sizeof(uint64_t));
            return;
        }
        if (kind) {
            /* a word with a byte that differs is not compared as a whole: a
             * byte of a value can agree by chance */
            for (uint64_t a = 0; a < r->global_bytes; a++)
                if (r->global[a] != o.global[a])
                    memset(&r->mem_cmp[a & ~(uint64_t)3], 0,
                           a - (a & ~(uint64_t)3) + 4 > r->global_bytes - (a & ~(uint64_t)3)
                               ? r->global_bytes - (a & ~(uint64_t)3) : 4);
        }
        refp_free(&o);
    }
    refp_release(1, d0, nd * sizeof(uint64_t));
    r->order_bytes = r->order_regs = r->taint_bytes = 0;
    for (uint64_t a = 0; a < r->global_bytes; a++)
        r->order_bytes += !r->mem_cmp[a];
    /* a cas's or exch's returned value read (whether or not the orders
     * disagree: they are not every order): how far the order reaches, by
     * taint (ref.h) */
    int tlw = r->atom_flow == 1 && lw && (r->order_bytes || refp_taint_fault != 4);
    /* the plain-load seed: an atomic and a plain load of global or shared
     * memory both reachable */
    int hook = 0;
    for (unsigned pc = 0; r->has_atomics && pc < p->n && refp_hook_fault != 1; pc++)
        hook |= p->ins[pc].unit == PU_LD && p->ins[pc].space != PS_PARAM &&
                p->ins[pc].space != PS_LOCAL && (!p->reachable || p->reachable[pc]);
    /* the float-add seed (ref_fadd.c): a float atomic add's word */
    int fa = refp_fadd_wanted(p);
    if (tlw || hook || fa) {
        int seeded = 0;
        uint8_t *tg = refp_taint_fixed(p, warp_size, max_steps, tlw, hook, &seeded);
        r->taint_seeds = (tlw ? 1 : 0) | (seeded ? 2 : 0) | (fa ? 4 : 0);
        /* a seeded load: what the threads compute may differ (flow, registers) */
        if (seeded && !r->atom_flow && refp_hook_fault != 3)
            r->atom_flow = 3;
        for (uint64_t a = 0; a < r->global_bytes; a++)
            if (tg[a] && r->mem_cmp[a]) {
                uint64_t w = a & ~(uint64_t)3, nb = r->global_bytes - w < 4 ? r->global_bytes - w : 4;
                for (uint64_t b = w; b < w + nb; b++)
                    r->taint_bytes += r->mem_cmp[b] != 0;
                memset(&r->mem_cmp[w], 0, nb);
            }
        free(tg);
        r->order_bytes += r->taint_bytes;
    }
    for (uint64_t i = 0; i < nr; i++)
        r->order_regs += !r->reg_cmp[i];
}

