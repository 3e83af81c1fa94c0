/* SPDX-License-Identifier: Apache-2.0 */
/*
 * prog_frame.c -- clang -O0's frame slots (constant-offset ld/st of a
 * thread's own .local frame) as registers, so that prog.c's divergence
 * analysis follows a loop bound or a branch condition kept in the frame.
 * Moved out of prog.c (prog_analyse's divergence_frame calls
 * prog_frame_aug); the rule is unchanged.
 */
#include "prog_frame.h"

#include "../../rtl_c/bits.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The frame slots (prog_analyse): clang -O0 keeps every variable of a
 * thread in its local memory, so a loop's bound or a branch's condition
 * is a load from the frame (ld [%SP+k]).  While the frame's address does
 * not escape, each thread's frame is its own and only its own constant-
 * address loads and stores touch it, so a slot (a byte range of local
 * memory that the accesses' overlaps join) is a register for the
 * divergence analysis: a store defines it, a load reads it.  The frame
 * addresses are the registers every definition of which is a frame op
 * (prog.h, enum prog_frame_op) on a frame address, with one constant
 * value (fa[r], a local or generic address, kind[r]).  The frame escapes,
 * and the slots are not used, when a frame address is read by anything
 * but those ops and the address of a ld/st (stored, passed, compared, an
 * index added, a guarded definition...), a local access's address is not
 * a frame address plus a constant, a generic access's address is a local
 * frame address (a local address taken as generic), an atomic touches the
 * frame, an access lies outside local_bytes, or the front end marks an
 * access PF_OPAQUE.  A generic access through any other register is taken
 * as not reaching the frame: as in CUDA, a thread's local addresses come
 * only from its frame.  Local memory starts zeroed in every thread, so a
 * slot read before it is written holds one value.  Returns the number of
 * slots, with slot[pc] (-1 none) and part[pc] (a store that writes only
 * part of its slot, which then keeps the rest: it reads the slot too);
 * 0 when there is no frame access or it escapes. */
typedef struct {
    int64_t lo, hi;
    int pc;
} frame_acc;

static int frame_acc_cmp(const void *a, const void *b)
{
    const frame_acc *x = a, *y = b;
    return x->lo < y->lo ? -1 : x->lo > y->lo ? 1 : x->pc - y->pc;
}

/* the frame address instruction in computes from fa[]/kind[] (kind 1
 * local, 2 generic; 0 none) */
static int frame_def(const prog_insn *in, const uint8_t *kind, const int64_t *fa, uint8_t *k,
                     int64_t *v)
{
    int kf = in->freg >= 0 ? kind[in->freg] : 0;
    int64_t f = kf ? fa[in->freg] : 0;
    switch (in->fop) {
    case PF_SYM: *k = 1; *v = in->fimm; return 1;
    case PF_SYMGEN: *k = 2; *v = in->fimm; return 1;
    case PF_ADD: *k = (uint8_t)kf; *v = f + in->fimm; return kf != 0;
    case PF_OR: *k = (uint8_t)kf; *v = f | in->fimm; return kf != 0 && f >= 0;
    case PF_TOGEN: *k = 2; *v = f; return kf == 1;
    case PF_TOLOC: *k = 1; *v = f; return kf == 2;
    default: return 0;
    }
}

static int frame_slots(const prog *p, int *slot, uint8_t *part)
{
    unsigned n = p->n, R = p->nregs ? p->nregs : 1;
    uint8_t *kind = calloc(R, 1);
    int64_t *fa = calloc(R, sizeof(int64_t));
    frame_acc *acc = malloc(((size_t)n + 1) * sizeof *acc);
    unsigned na = 0;
    int ok = kind && fa && acc, ns = 0;
    for (unsigned pc = 0; pc < n; pc++) {
        slot[pc] = -1;
        part[pc] = 0;
    }
    for (int changed = 1; ok && changed;) { /* the frame addresses */
        changed = 0;
        for (unsigned pc = 0; ok && pc < n; pc++) {
            const prog_insn *in = &p->ins[pc];
            uint8_t k;
            int64_t v;
            if (!p->reachable[pc] || !frame_def(in, kind, fa, &k, &v))
                continue;
            unsigned r = in->dst[0];
            if (in->ndst != 1 || in->guard >= 0 || v < 0 || v > (int64_t)1 << 40 ||
                (kind[r] && (kind[r] != k || fa[r] != v)))
                ok = 0; /* two values, or a guarded one */
            else if (!kind[r]) {
                kind[r] = k;
                fa[r] = v;
                changed = 1;
            }
        }
    }
    for (unsigned pc = 0; ok && pc < n; pc++) {
        const prog_insn *in = &p->ins[pc];
        if (!p->reachable[pc])
            continue;
        uint8_t k;
        int64_t v;
        int def = frame_def(in, kind, fa, &k, &v);
        for (unsigned j = 0; j < in->ndst; j++) /* every definition of a frame address is one */
            if (kind[in->dst[j]] && !def)
                ok = 0;
        unsigned uses = 0;
        for (unsigned j = 0; j < in->nsrc; j++)
            uses += kind[in->src[j]] != 0;
        int fr = in->freg >= 0 && kind[in->freg];
        int mem = in->fop == PF_MEMGEN || in->fop == PF_MEMLOC;
        if (uses > (unsigned)(fr && (def || mem)) || in->fop == PF_OPAQUE)
            ok = 0; /* the frame's address escapes */
        if (!ok || !mem)
            continue;
        if (in->fop == PF_MEMGEN && !fr)
            continue; /* not the frame */
        if (fr && kind[in->freg] != (in->fop == PF_MEMGEN ? 2 : 1)) {
            ok = 0;
            continue;
        }
        if (in->fop == PF_MEMLOC && in->freg >= 0 && !fr) {
            ok = 0; /* a local access at an address the analysis does not know */
            continue;
        }
        int64_t lo = (fr ? fa[in->freg] : 0) + in->fimm;
        if ((in->unit != PU_LD && in->unit != PU_ST) || lo < 0 || !in->fbytes ||
            (uint64_t)lo + in->fbytes > p->local_bytes) {
            ok = 0;
            continue;
        }
        acc[na++] = (frame_acc){lo, lo + in->fbytes, (int)pc};
    }
    if (ok && na) {
        qsort(acc, na, sizeof *acc, frame_acc_cmp);
        for (unsigned i = 0; i < na;) {
            unsigned j = i + 1;
            int64_t hi = acc[i].hi;
            while (j < na && acc[j].lo < hi) {
                if (acc[j].hi > hi)
                    hi = acc[j].hi;
                j++;
            }
            for (unsigned m = i; m < j; m++) {
                slot[acc[m].pc] = ns;
                part[acc[m].pc] = acc[m].lo != acc[i].lo || acc[m].hi != hi;
            }
            ns++;
            i = j;
        }
    }
    free(kind);
    free(fa);
    free(acc);
    return ok ? ns : 0;
}

/* Registers that hold a generic address of shared memory (sh[r] = 1): every
 * definition of r is cvta.shared, or adds a constant or another register
 * to such a register (PF_ADD, PF_ADDX), unguarded, and r is not live at
 * entry: the greatest such set (a cycle of additions has a first one,
 * which would read a register live at entry).  As in CUDA, arithmetic on a pointer to a
 * shared array stays in the array.  clang -O0 reads a shared variable
 * through a generic address (mov of the symbol, cvta.shared), where -O2
 * writes ld.shared; such a load is a shared load to prog_shared_load_uniform.
 * Returns whether any register is one. */
static int shared_regs(const prog *p, uint8_t *sh)
{
    unsigned n = p->n, R = p->nregs, W;
    const uint64_t *live = prog_live(p, &W);
    memset(sh, 0, R);
    for (unsigned pc = 0; pc < n; pc++) {
        const prog_insn *in = &p->ins[pc];
        if (p->reachable[pc] && in->ndst == 1 &&
            (in->fop == PF_SHGEN || in->fop == PF_ADD || in->fop == PF_ADDX))
            sh[in->dst[0]] = 1;
    }
    for (unsigned pc = 0; pc < n; pc++) { /* candidates: every definition of a shared-capable kind */
        const prog_insn *in = &p->ins[pc];
        if (!p->reachable[pc])
            continue;
        int form = in->ndst == 1 && in->guard < 0 &&
                   (in->fop == PF_SHGEN || in->fop == PF_ADD || in->fop == PF_ADDX);
        for (unsigned j = 0; j < in->ndst; j++)
            if (!form)
                sh[in->dst[j]] = 0;
    }
    for (unsigned r = 0; r < R; r++)
        if (bits_array_get(live, r))
            sh[r] = 0;
    int any = 0;
    for (int changed = 1; changed;) { /* drop a definition whose source is not one */
        changed = 0;
        any = 0;
        for (unsigned pc = 0; pc < n; pc++) {
            const prog_insn *in = &p->ins[pc];
            if (!p->reachable[pc] || in->ndst != 1 || !sh[in->dst[0]])
                continue;
            int ok = in->fop == PF_SHGEN ||
                     (in->fop == PF_ADD && in->freg >= 0 && sh[in->freg]) ||
                     (in->fop == PF_ADDX && in->freg >= 0 && in->fimm >= 0 &&
                      (unsigned)in->fimm < R && sh[in->freg] + sh[in->fimm] == 1);
            if (!ok) {
                sh[in->dst[0]] = 0;
                changed = 1;
            } else
                any = 1;
        }
    }
    return any;
}

/* Instructions a and b compute one value for every thread of the CTA, at
 * every run: no guard, no register source, not a seed, one destination,
 * the same text but for the destination (mov of %ntid.x, of an immediate,
 * ld.param) */
static int const_def(const prog_insn *in)
{
    return in->ndst == 1 && in->nsrc == 0 && in->guard < 0 && !in->varying &&
           (in->unit == PU_ALU || (in->unit == PU_LD && in->space == PS_PARAM)) &&
           strlen(in->text) + 1 < sizeof in->text && strchr(in->text, ',');
}

static int same_const(const prog_insn *a, const prog_insn *b)
{
    size_t oa = strcspn(a->text, " "), ob = strcspn(b->text, " ");
    return oa == ob && !strncmp(a->text, b->text, oa) && !strcmp(strchr(a->text, ','), strchr(b->text, ','));
}

/* Frame slots that hold one value in every thread whenever they are read
 * (cslot[s] = 1): every store to the slot writes all of it, unguarded, with
 * one opcode, a register every definition of which is one const_def
 * computation (the same one for every store), and the register is never
 * read before it is written.  clang -O0 stores blockDim into the frame
 * (a dim3) wherever the source reads it, also inside divergent loops; a
 * store there leaves the slot uniform all the same.  (The slot's own
 * liveness, a read before any store, is same_value_regs' check.) */
static void const_slots(const prog *p, const int *slot, const uint8_t *part, int ns, uint8_t *cslot)
{
    unsigned n = p->n, R = p->nregs, W;
    const uint64_t *live = prog_live(p, &W);
    int *rdef = malloc(((size_t)R + 1) * sizeof(int)), *sst = malloc(((size_t)ns + 1) * sizeof(int));
    if (!rdef || !sst) {
        memset(cslot, 0, (size_t)ns);
        free(rdef);
        free(sst);
        return;
    }
    for (unsigned r = 0; r < R; r++)
        rdef[r] = bits_array_get(live, r) ? -1 : -2; /* -2 no definition yet */
    for (unsigned pc = 0; pc < n; pc++) {
        const prog_insn *in = &p->ins[pc];
        for (unsigned j = 0; p->reachable[pc] && j < in->ndst; j++) {
            unsigned r = in->dst[j];
            if (rdef[r] == -1)
                continue;
            if (!const_def(in) || (rdef[r] >= 0 && !same_const(&p->ins[rdef[r]], in)))
                rdef[r] = -1;
            else if (rdef[r] == -2)
                rdef[r] = (int)pc;
        }
    }
    memset(cslot, 1, (size_t)ns);
    for (int k = 0; k < ns; k++)
        sst[k] = -1;
    for (unsigned pc = 0; pc < n; pc++) {
        const prog_insn *in = &p->ins[pc];
        if (!p->reachable[pc] || slot[pc] < 0 || in->unit != PU_ST)
            continue;
        int k = slot[pc], v = -1, nv = 0; /* the stored register */
        for (unsigned j = 0; j < in->nsrc; j++)
            if ((int)in->src[j] != in->freg) {
                v = (int)in->src[j];
                nv++;
            }
        if (part[pc] || in->guard >= 0 || nv != 1 || rdef[v] < 0) {
            cslot[k] = 0;
            continue;
        }
        if (sst[k] < 0) {
            sst[k] = (int)pc;
            continue;
        }
        const prog_insn *f = &p->ins[sst[k]];
        int fv = -1;
        for (unsigned j = 0; j < f->nsrc; j++)
            if ((int)f->src[j] != f->freg)
                fv = (int)f->src[j];
        size_t oa = strcspn(in->text, " ");
        if (strncmp(f->text, in->text, oa + 1) || !same_const(&p->ins[rdef[fv]], &p->ins[rdef[v]]))
            cslot[k] = 0;
    }
    free(rdef);
    free(sst);
}

/* The copy of p's instructions the divergence analysis runs on
 * (divergence_frame): a generic load of shared memory (sh) is a shared
 * load, and with ns frame slots, a frame load reads its slot's register
 * (p->nregs + slot) and is no seed, a frame store writes it (and reads it
 * when it writes part of it).  Returns whether it differs from p's, or -1
 * when an instruction has no room for its slot. */
static int aug_build(const prog *p, prog_insn *aug, const int *slot, const uint8_t *part, int ns,
                     const uint8_t *cslot, const uint8_t *sh)
{
    int any = ns > 0;
    memcpy(aug, p->ins, (size_t)p->n * sizeof *aug);
    for (unsigned pc = 0; pc < p->n; pc++) {
        prog_insn *in = &aug[pc];
        if (sh && in->fop == PF_MEMGEN && in->unit == PU_LD && in->freg >= 0 && sh[in->freg]) {
            prog_insn t = *in;
            t.space = PS_SHARED;
            if (in->varying && prog_shared_load_uniform(&t)) {
                in->varying = 0;
                in->shuni = 1; /* a candidate (prog.c, divergence) */
                any = 1;
            }
        }
        if (ns <= 0 || slot[pc] < 0)
            continue;
        uint16_t s = (uint16_t)(p->nregs + (unsigned)slot[pc]);
        if (in->unit == PU_ST && cslot[slot[pc]]) { /* one computation at every store */
            in->unit = PU_ALU;
            in->nsrc = 0;
            in->ndst = 1;
            in->dst[0] = s;
            snprintf(in->text, sizeof in->text, "(frame slot %d's constant)", slot[pc]);
            continue;
        }
        if (in->unit == PU_LD)
            in->varying = 0;
        else {
            in->dst[0] = s;
            in->ndst = 1;
        }
        if (in->unit == PU_LD || part[pc]) {
            if (in->nsrc >= PROG_MAX_SRC)
                return -1;
            in->src[in->nsrc++] = s;
        }
    }
    return any;
}

int prog_frame_aug(const prog *p, prog_insn *aug, unsigned *ns_out)
{
    unsigned n = p->n, R = p->nregs;
    int *slot = malloc(((size_t)n + 1) * sizeof(int));
    uint8_t *part = calloc((size_t)n + 1, 1);
    uint8_t *sh = calloc((size_t)R + 1, 1);
    int ok = slot && part && sh;
    int ns = ok ? frame_slots(p, slot, part) : 0;
    if (R + (unsigned)ns > 65535u)
        ns = 0;
    if (ok && !shared_regs(p, sh)) {
        free(sh);
        sh = NULL;
    }
    uint8_t *cslot = calloc((size_t)ns + 1, 1);
    if (ns > 0 && cslot)
        const_slots(p, slot, part, ns, cslot);
    int use = ok && cslot ? aug_build(p, aug, slot, part, ns, cslot, sh) : 0;
    if (use < 0) {
        ns = 0;
        use = aug_build(p, aug, slot, part, 0, cslot, sh);
    }
    free(slot);
    free(part);
    free(sh);
    free(cslot);
    *ns_out = (unsigned)ns;
    return use;
}
