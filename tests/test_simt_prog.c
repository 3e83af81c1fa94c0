/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_simt_prog.c -- the program representation of the SM model
 * (tb/simt/prog.{h,c}), the .k lowering (kprog.c) and the reference on it
 * (ref.c refp_*).
 *
 * The .k front end runs prog_analyse on its lowered program, so the
 * analysis' known answers (reconvergence PCs of known CFGs, the divergence
 * check) are tested through kernel_parse in test_simt_kernel.c.  Here every
 * built-in kernel and 300 generated ones are lowered, and the reference on
 * the lowered program must give the same memory, registers, predicates and
 * per-thread PC sequences (in full and as a hash) as the .k reference
 * (ref_run, which executes kernel_exec, not the lowering).  Then prog_analyse's own errors on hand-built programs: a
 * loop with no way out under a branch taken as unreachable (a dead end),
 * a kernel with no reachable exit reported at its back edge, control falling off the
 * end, a barrier under divergent control, and a CTA grid in the reference
 * (each CTA's shared memory separate, %ctaid and %ntid seen).
 *
 * The driver's sources are not in libmodels.a; this test compiles them in.
 */
#include "../tb/simt/kernel.c" /* first: it sets _POSIX_C_SOURCE */
#include "../tb/simt/gen.c"
#include "../tb/simt/kprog.c"
#include "../tb/simt/prog.c"
#include "../tb/simt/prog_cfg.c"
#include "../tb/simt/prog_exit.c"
#include "../tb/simt/prog_frame.c"
#include "../tb/simt/layout.c" /* prog_cfg.c's --show-cfg verdict */
#include "../tb/simt/ref.c"
#include "../tb/simt/ref_taint.c"
#include "../tb/simt/ref_fadd.c"
#include "../tb/simt/ref_shuni.c"
#include "check.h"
#include "prog_check.h"
#include "simt_kernels.h"

static char err[1024];

/* 0 when the two references agree on everything. */
static int same_reference(const kernel *k, const ref_result *a, const refp_result *b,
                          const char *what)
{
    if (a->thread_insts != b->thread_insts || b->threads != k->threads) {
        printf("  %s: thread_insts %llu/%llu\n", what, (unsigned long long)a->thread_insts,
               (unsigned long long)b->thread_insts);
        return 1;
    }
    for (unsigned w = 0; w < k->mem_words; w++) {
        uint32_t v;
        memcpy(&v, b->global + 4u * w, 4);
        if (v != a->mem[w]) {
            printf("  %s: mem[%u] %u/%u\n", what, w, a->mem[w], v);
            return 1;
        }
    }
    for (unsigned t = 0; t < k->threads; t++) {
        const uint64_t *r = &b->regs[(size_t)t * b->nregs];
        uint64_t h = REFP_HASH0;
        for (unsigned i = 0; i < K_REGS; i++)
            if (r[i] != a->regs[t][i]) {
                printf("  %s: thread %u r%u %u/%llu\n", what, t, i, a->regs[t][i],
                       (unsigned long long)r[i]);
                return 1;
            }
        for (unsigned i = 0; i < K_PREDS; i++)
            if (r[K_REGS + i] != a->preds[t][i]) {
                printf("  %s: thread %u p%u\n", what, t, i);
                return 1;
            }
        if (a->len[t] != b->len[t]) {
            printf("  %s: thread %u length %u/%llu\n", what, t, a->len[t],
                   (unsigned long long)b->len[t]);
            return 1;
        }
        for (unsigned i = 0; i < a->len[t]; i++) {
            if (a->trace[t][i] != b->trace[t][i]) {
                printf("  %s: thread %u step %u pc %u/%u\n", what, t, i, a->trace[t][i],
                       b->trace[t][i]);
                return 1;
            }
            h = refp_hash_step(h, a->trace[t][i]);
        }
        if (h != b->hash[t]) {
            printf("  %s: thread %u hash\n", what, t);
            return 1;
        }
    }
    return 0;
}

/* Lowers k and compares the two references at warp size lanes. */
static void lowered_equal(kernel *k, unsigned lanes, const char *what)
{
    prog p;
    ref_result a;
    refp_result b;
    int rc = kernel_to_prog(k, &p, err, sizeof err);
    if (rc)
        printf("  %s: %s\n", what, err);
    CHECK(!rc);
    if (rc)
        return;
    CHECK(!ref_run(k, lanes, 10000000, &a, err, sizeof err));
    rc = refp_run(&p, lanes, 10000000, REFP_GRID, &b, err, sizeof err);
    if (rc)
        printf("  %s: %s\n", what, err);
    CHECK(!rc);
    if (!rc)
        CHECK(!same_reference(k, &a, &b, what));
    ref_free(&a);
    refp_free(&b);
    prog_free(&p);
}

static void lowered_both_widths(kernel *k, const char *path)
{
    lowered_equal(k, 4, path);
    lowered_equal(k, 32, path);
}

TEST(builtin_kernels_lowered)
{
    CHECK(for_each_builtin_kernel(lowered_both_widths) >= 8);
}

TEST(generated_kernels_lowered)
{
    for (uint64_t seed = 1; seed <= 300; seed++) {
        char *t = gen_kernel(seed, 200), what[32];
        kernel k;
        snprintf(what, sizeof what, "seed %llu", (unsigned long long)seed);
        CHECK(!kernel_parse("g.k", t, &k, err, sizeof err));
        lowered_equal(&k, 16, what);
        kernel_free(&k);
        free(t);
    }
}

/* A hand-built program: ALU ops reading and writing register 0, with
 * branches and exits placed by the caller. */
static void mk(prog *p, unsigned n)
{
    memset(p, 0, sizeof *p);
    snprintf(p->file, sizeof p->file, "h.ptx");
    p->n = n;
    p->nregs = 4;
    p->ins = calloc(n, sizeof *p->ins);
    for (unsigned i = 0; i < n; i++) {
        p->ins[i].line = 10 + (int)i;
        p->ins[i].guard = -1;
    }
}

static void bra(prog *p, unsigned pc, int target, int guard)
{
    p->ins[pc].unit = PU_BRA;
    p->ins[pc].target = target;
    p->ins[pc].guard = guard;
    if (guard >= 0) {
        p->ins[pc].src[0] = (uint16_t)guard;
        p->ins[pc].nsrc = 1;
    }
}

TEST(analyse_errors)
{
    prog p;
    /* 0: r1 = varying; 1 @r1 bra 4; 2 bar; 3 bra 2: a loop with no way
     * out (a dead end, as clang -O3 -ffast-math leaves own_batchlu); 4 bar;
     * 5 exit.  The dead end is part of no run that finishes: it is taken
     * as unreachable, the branch reconverges at 4 (its other side), and
     * neither barrier is under divergent control */
    mk(&p, 6);
    p.ins[0].varying = 1;
    p.ins[0].dst[0] = 1;
    p.ins[0].ndst = 1;
    bra(&p, 1, 4, 1);
    p.ins[2].unit = PU_BAR;
    bra(&p, 3, 2, -1);
    p.ins[4].unit = PU_BAR;
    p.ins[5].unit = PU_EXIT;
    CHECK(prog_analyse(&p, err, sizeof err) == 0);
    CHECK(p.ins[1].rpc == 4);
    CHECK(p.reachable[1] && !p.reachable[2] && !p.reachable[3] && p.reachable[4]);
    CHECK(!p.is_rpc[5]);
    prog_free(&p);

    mk(&p, 2); /* no exit at all: blamed on the back edge */
    bra(&p, 1, 0, -1);
    CHECK(prog_analyse(&p, err, sizeof err) != 0);
    CHECK(strstr(err, "h.ptx:11: no reachable exit") != NULL);
    prog_free(&p);

    mk(&p, 2);
    p.ins[0].unit = PU_EXIT;
    bra(&p, 0, 1, 0); /* a guarded branch to the last ALU op, which falls off */
    CHECK(prog_analyse(&p, err, sizeof err) != 0);
    CHECK(strstr(err, "h.ptx:11: control falls off the end") != NULL);
    prog_free(&p);

    /* 0 r1 = varying; 1 @r1 bra 3; 2 bar; 3 st; 4 exit: the side that
     * skips the barrier stores on its way out, an early return that leaves
     * the stack (analyse_exit_pop: it reconverges at the barrier, 2) */
    mk(&p, 5);
    p.ins[0].varying = 1;
    p.ins[0].dst[0] = 1;
    p.ins[0].ndst = 1;
    bra(&p, 1, 3, 1);
    p.ins[2].unit = PU_BAR;
    p.ins[3].unit = PU_ST;
    p.ins[3].space = PS_GLOBAL;
    p.ins[4].unit = PU_EXIT;
    CHECK(!prog_analyse(&p, err, sizeof err) && p.exit_pop && !p.exit_bound &&
          p.ins[1].rpc == 2 && !p.ins[1].uniform);
    /* with a barrier on the way out too, bar 2 is under divergence: the
     * threads that skip it wait at another one (3) */
    p.ins[3].unit = PU_BAR;
    CHECK(prog_analyse(&p, err, sizeof err) != 0 && !p.exit_pop);
    CHECK(strstr(err, "h.ptx:12: barrier under divergent control") != NULL);
    p.ins[3].unit = PU_ST;
    /* the same with a uniform guard is fine, and the branch is uniform */
    p.ins[0].varying = 0;
    CHECK(!prog_analyse(&p, err, sizeof err));
    CHECK(p.ins[1].uniform && p.ins[1].rpc == 3 && p.is_rpc[3] && p.sync_div[3] == 1);
    prog_free(&p);
}

/* pc: register dst = f(src) (src -1: no source) */
static void set_alu(prog *p, unsigned pc, unsigned dst, int src)
{
    p->ins[pc].dst[0] = (uint16_t)dst;
    p->ins[pc].ndst = 1;
    if (src >= 0) {
        p->ins[pc].src[0] = (uint16_t)src;
        p->ins[pc].nsrc = 1;
    }
}

/* pc: bar; pc+1: r = r - 1; pc+2: r0 = r > 0; pc+3: @r0 bra pc */
static void bar_loop(prog *p, unsigned pc, unsigned r)
{
    p->ins[pc].unit = PU_BAR;
    set_alu(p, pc + 1, r, (int)r);
    set_alu(p, pc + 2, 0, (int)r);
    bra(p, pc + 3, (int)pc, 0);
}

/* Clang's loop bound written on both sides of a divergent branch:
 *  0 r1 = %tid (varying)    1 @r1 bra 4        2 r2 = 8 ("mov r2, 8")
 *  3 bra 5                  4 r2 = 8 (same)    5 r3 = r2
 *  6 bar                    7 r3 = r3 - 1      8 r0 = r3 > 0
 *  9 @r0 bra 6             10 bar                 11 exit
 * r2 holds 8 whichever side ran, so the loop around the barrier is
 * uniform; with different values on the two sides it is not.  (The
 * barrier at 10 keeps the loop's way out from being a return: a loop left
 * by a return runs since forret, docs/ptx.md "Loops left only by a
 * return".) */
static void mk_bound(prog *p, const char *second)
{
    mk(p, 12);
    p->ins[0].varying = 1;
    p->ins[0].dst[0] = 1;
    p->ins[0].ndst = 1;
    bra(p, 1, 4, 1);
    for (unsigned pc = 2; pc <= 4; pc += 2) {
        p->ins[pc].dst[0] = 2;
        p->ins[pc].ndst = 1;
        snprintf(p->ins[pc].text, sizeof p->ins[pc].text, "%s", pc == 2 ? "mov r2, 8" : second);
    }
    bra(p, 3, 5, -1);
    set_alu(p, 5, 3, 2);
    bar_loop(p, 6, 3);
    p->ins[10].unit = PU_BAR;
    p->ins[11].unit = PU_EXIT;
}

TEST(divergence_same_value_on_both_sides)
{
    prog p;
    mk_bound(&p, "mov r2, 8");
    int rc = prog_analyse(&p, err, sizeof err);
    if (rc)
        printf("  %s\n", err);
    CHECK(!rc);
    CHECK(!p.ins[1].uniform && p.ins[9].uniform);
    prog_free(&p);
    mk_bound(&p, "mov r2, 9"); /* the sides disagree: the loop diverges */
    CHECK(prog_analyse(&p, err, sizeof err) != 0);
    CHECK(strstr(err, "h.ptx:16: barrier under divergent control") != NULL);
    prog_free(&p);
    /* the same value, but its source is written inside the divergent region */
    mk_bound(&p, "mov r2, 8");
    p.ins[2].src[0] = p.ins[4].src[0] = 1;
    p.ins[2].nsrc = p.ins[4].nsrc = 1;
    CHECK(prog_analyse(&p, err, sizeof err) != 0);
    prog_free(&p);
}

/* A register clang reuses: a uniform loop counter around a barrier, then,
 * after the loop, the same register written inside a divergent branch
 * (gaussian.cu's back substitution by thread 0 reuses the pivot loop's
 * bound register):
 *  0 r1 = %tid (varying)  1 r2 = 3            2 bar
 *  3 r2 = r2 - 1          4 r0 = r2 > 0       5 @r0 bra 2
 *  6 @r1 bra 8            7 r2 = r1           8 exit
 * The divergent value at 7 never reaches the loop's reads of r2, so the
 * loop is uniform (the analysis tracks definitions, not registers); when
 * it does reach them (7 branches back to 2) the loop diverges. */
static void mk_reuse(prog *p)
{
    mk(p, 9);
    p->ins[0].varying = 1;
    set_alu(p, 0, 1, -1);
    set_alu(p, 1, 2, -1);
    bar_loop(p, 2, 2);
    bra(p, 6, 8, 1);
    set_alu(p, 7, 2, 1);
    p->ins[8].unit = PU_EXIT;
}

TEST(divergence_register_reused_after_region)
{
    prog p;
    mk_reuse(&p);
    int rc = prog_analyse(&p, err, sizeof err);
    if (rc)
        printf("  %s\n", err);
    CHECK(!rc);
    CHECK(p.ins[5].uniform && !p.ins[6].uniform);
    prog_free(&p);
    /* the divergent definition flows back into the loop: refused (9 bar,
     * 10 exit: the way out is not a return, which since forret would
     * make the loop one left only by a return) */
    mk_reuse(&p);
    p.ins[8].unit = PU_BRA;
    p.ins[8].target = 2;
    p.ins = realloc(p.ins, 11 * sizeof *p.ins);
    memset(&p.ins[9], 0, 2 * sizeof p.ins[9]);
    p.ins[9].line = 19;
    p.ins[9].guard = -1;
    p.ins[9].unit = PU_BAR;
    p.ins[10].line = 20;
    p.ins[10].guard = -1;
    p.ins[10].unit = PU_EXIT;
    p.n = 11;
    bra(&p, 6, 9, 1);
    CHECK(prog_analyse(&p, err, sizeof err) != 0);
    CHECK(strstr(err, "h.ptx:12: barrier under divergent control") != NULL);
    prog_free(&p);
}

/* A grid program: r0 = ctaid.x * ntid.x + tid.x; shared[tid] = r0; bar;
 * r1 = shared[ntid-1-tid]; global[4*r0] = r1 + ctaid; exit. */
static int grid_exec(const prog *p, int pc, prog_thread *t, const prog_mem *m, prog_effect *e,
                     char *err, size_t errlen)
{
    e->next_pc = pc + 1;
    e->executed = 1;
    e->taken = 0;
    e->nacc = 0;
    uint32_t v;
    switch (pc) {
    case 0: t->r[0] = t->ctaid[0] * t->ntid[0] + t->tid[0]; break;
    case 1:
        v = (uint32_t)t->r[0];
        memcpy(m->shared + 4 * t->tid[0], &v, 4);
        break;
    case 2: break;
    case 3:
        memcpy(&v, m->shared + 4 * (t->ntid[0] - 1 - t->tid[0]), 4);
        t->r[1] = v;
        break;
    case 4:
        if (4 * t->r[0] + 4 > m->global_bytes) {
            snprintf(err, errlen, "%s:%d: out of range", p->file, p->ins[pc].line);
            return -1;
        }
        v = (uint32_t)t->r[1] + t->ctaid[0];
        memcpy(m->global + 4 * t->r[0], &v, 4);
        break;
    default: e->next_pc = (int)p->n; break;
    }
    return 0;
}

static const prog_ops grid_ops = {grid_exec, NULL, NULL, NULL, NULL, NULL, NULL};

TEST(reference_grid)
{
    prog p;
    refp_result r;
    mk(&p, 6);
    p.ins[2].unit = PU_BAR;
    p.ins[5].unit = PU_EXIT;
    p.ops = &grid_ops;
    p.grid[0] = 3;
    p.grid[1] = p.grid[2] = 1;
    p.block[0] = 8;
    p.block[1] = p.block[2] = 1;
    p.shared_bytes = 32;
    p.global_bytes = 4 * 24;
    p.global_init = calloc(24, 4);
    CHECK(!prog_analyse(&p, err, sizeof err));
    CHECK(!refp_run(&p, 4, 1000, REFP_GRID, &r, err, sizeof err));
    CHECK_EQ(r.threads, 24);
    CHECK_EQ(r.thread_insts, 24 * 6);
    for (unsigned g = 0; g < 24; g++) {
        uint32_t v, c = g / 8, t = g % 8;
        memcpy(&v, r.global + 4 * g, 4);
        CHECK_EQ(v, c * 8 + (7 - t) + c); /* the mirror thread of the same CTA */
        CHECK_EQ(r.len[g], 6);
    }
    /* what the SM core reads for each CTA (refp_out_view of the REFP_GRID
     * arrays) is what the reference stream gives when it runs the CTAs in
     * linear order beside the core: registers (which differ by CTA),
     * lengths, hashes and traces; forgetting a view frees nothing */
    refp_stream s;
    refp_cta_out so, v;
    refp_stream_init(&s, &p, 4, 1000);
    refp_out_init(&so, &p, 1);
    for (uint64_t c = 0; c < 3; c++) {
        CHECK(!refp_stream_run(&s, c, 0, &so, err, sizeof err));
        refp_out_view(&v, &r, c);
        CHECK_EQ(v.cta, c);
        CHECK_EQ(v.threads, 8);
        CHECK_EQ(v.nregs, p.nregs);
        for (unsigned t = 0; t < 8; t++) {
            CHECK_EQ(v.len[t], so.len[t]);
            CHECK_EQ(v.hash[t], so.hash[t]);
            for (unsigned q = 0; q < p.nregs; q++)
                CHECK_EQ(v.regs[t * p.nregs + q], so.regs[t * p.nregs + q]);
            for (uint64_t i = 0; i < so.len[t]; i++)
                CHECK_EQ(v.trace[t][i], so.trace[t][i]);
        }
        refp_out_free(&v);
        CHECK(v.regs == NULL && v.trace == NULL);
    }
    CHECK(!memcmp(s.global, r.global, p.global_bytes));
    refp_out_free(&so);
    refp_stream_free(&s);
    refp_free(&r);
    /* the same grid one thread short of memory: the run error comes back */
    p.global_bytes -= 4;
    CHECK(refp_run(&p, 4, 1000, 0, &r, err, sizeof err) != 0);
    CHECK(strstr(err, "h.ptx:14: out of range") != NULL);
    refp_free(&r);
    prog_free(&p);
}

/* prog_ops.exec_warp of the .k front end (kprog_exec_warp: the opcode
 * chosen once, a loop per opcode) against exec thread after thread: every
 * instruction of the built-in kernels and of 40 generated ones, 1 to 32
 * threads with random registers and predicates (a thread sometimes named
 * twice) on one random memory; the same registers, effects and memory.
 * Every opcode must occur. */
static unsigned kwarp_bad, kwarp_seen[K_NOPS];
static uint64_t kw_state = 0x2545f4914f6cdd1dull;
static uint64_t kw_rand(void) { return prog_check_rand(&kw_state); }

static void kwarp_compare(kernel *k, const char *what)
{
    enum { NT = 32 };
    prog p;
    if (kernel_to_prog(k, &p, err, sizeof err)) {
        printf("  %s: %s\n", what, err);
        kwarp_bad++;
        return;
    }
    CHECK(p.ops->exec_warp != NULL);
    size_t mb = (size_t)k->mem_words * 4;
    uint8_t *g1 = malloc(mb), *g2 = malloc(mb);
    static uint64_t r1[NT][K_SB_REGS], r2[NT][K_SB_REGS];
    for (unsigned pc = 0; pc < p.n && kwarp_bad < 5; pc++) {
        kwarp_seen[k->ins[pc].op]++;
        for (int trial = 0; trial < 8; trial++) {
            unsigned n = 1 + (unsigned)(kw_rand() % NT), slot[NT];
            prog_thread t1[NT], t2[NT], *tp[NT];
            const prog_mem *mp[NT];
            prog_mem m1 = {g1, mb, NULL, 0, NULL, 0, 0}, m2 = {g2, mb, NULL, 0, NULL, 0, 0};
            for (size_t i = 0; i < mb; i++) g1[i] = g2[i] = (uint8_t)kw_rand();
            memset(t1, 0, sizeof t1);
            for (unsigned i = 0; i < n; i++) {
                slot[i] = i > 0 && kw_rand() % 8 == 0 ? (unsigned)(kw_rand() % i) : i;
                for (unsigned j = 0; j < K_SB_REGS; j++)
                    r1[i][j] = r2[i][j] = j < K_REGS ? (uint32_t)kw_rand() : kw_rand() & 1;
                t1[i].flat = (uint32_t)(kw_rand() % 1024);
                t1[i].ntid[0] = 1024;
                t1[i].laneid = i;
                t1[i].warpid = (uint32_t)(kw_rand() % 8);
                t2[i] = t1[i];
                t1[i].r = r1[i];
                t2[i].r = r2[i];
            }
            prog_warp_lists(t2, slot, n, &m2, tp, mp);
            prog_effect e1[NT], e2[NT];
            memset(e1, 0x5a, sizeof e1);
            memset(e2, 0x5a, sizeof e2);
            unsigned done = 12345;
            for (unsigned i = 0; i < n; i++)
                CHECK(!p.ops->exec(&p, (int)pc, &t1[slot[i]], &m1, &e1[i], err, sizeof err));
            CHECK(!p.ops->exec_warp(&p, (int)pc, tp, mp, n, e2, &done, err, sizeof err));
            int same = done == n && !memcmp(r1, r2, sizeof r1) && !memcmp(g1, g2, mb);
            for (unsigned i = 0; same && i < n; i++) same = prog_effects_same(&e1[i], &e2[i]);
            if (!same && kwarp_bad++ < 5)
                printf("  %s: pc %u (%s), %u threads: warp-level and per-thread execution differ\n",
                       what, pc, kernel_op_name(k->ins[pc].op), n);
        }
    }
    free(g1);
    free(g2);
    prog_free(&p);
}

TEST(kprog_warp_exec_equals_thread_exec)
{
    kwarp_bad = 0;
    memset(kwarp_seen, 0, sizeof kwarp_seen);
    CHECK(for_each_builtin_kernel(kwarp_compare) >= 8);
    for (uint64_t seed = 1; seed <= 40; seed++) {
        char *t = gen_kernel(seed, 200);
        kernel k;
        CHECK(!kernel_parse("g.k", t, &k, err, sizeof err));
        kwarp_compare(&k, "generated");
        kernel_free(&k);
        free(t);
    }
    CHECK_EQ(kwarp_bad, 0);
    for (unsigned op = 0; op < K_NOPS; op++) {
        if (!kwarp_seen[op]) printf("  opcode %s never occurs\n", kernel_op_name(op));
        CHECK(kwarp_seen[op] > 0);
    }
}

/* An early return before a barrier (prog.h, prog_exit_bound): accepted
 * when the returning side is exit-bound, with exit_bound set for the SM
 * core; refused when that side stores, loads shared memory or is split
 * from the barrier by another divergent branch. */
/* n instructions: 0 r1 = varying; 1 @r1 bra target; 2 bar; 3 exit */
static void mk_early_return(prog *p, unsigned n, int target)
{
    mk(p, n);
    set_alu(p, 0, 1, -1);
    p->ins[0].varying = 1;
    bra(p, 1, target, 1);
    p->ins[2].unit = PU_BAR;
    p->ins[3].unit = PU_EXIT;
}

TEST(exit_bound_barrier)
{
    prog p;
    mk_early_return(&p, 4, 3);
    CHECK(!prog_analyse(&p, err, sizeof err) && !err[0]);
    CHECK(p.exit_bound && p.exit_bound[3] && p.exit_bound[4] && !p.exit_bound[2] &&
          !p.exit_bound[1] && !p.exit_bound[0]);
    CHECK(!p.ins[1].uniform && p.ins[1].rpc == 3); /* p's own analysis kept */
    prog_free(&p);
    /* the returning side loops on arithmetic and reads its parameters
     * (exit-bound: the greatest fixed point keeps the loop) or loads
     * shared memory (not) before its exit:
     * 0 r1 = varying; 1 @r1 bra 4; 2 bar; 3 exit; 4 ld.param r2;
     * 5 r2 = f(r2); 6 @r2 bra 5; 7 exit */
    for (int sh = 0; sh < 2; sh++) {
        mk_early_return(&p, 8, 4);
        p.ins[4].unit = PU_LD;
        p.ins[4].space = sh ? PS_SHARED : PS_PARAM;
        set_alu(&p, 4, 2, -1);
        set_alu(&p, 5, 2, 2);
        bra(&p, 6, 5, 2);
        p.ins[7].unit = PU_EXIT;
        int rc = prog_analyse(&p, err, sizeof err);
        if (!sh) {
            CHECK(!rc && p.exit_bound && p.exit_bound[4] && p.exit_bound[5] && p.exit_bound[6]);
        } else { /* not exit-bound: it leaves the stack, reconverging at 2 */
            CHECK(!rc && !p.exit_bound && p.exit_pop && p.ins[1].rpc == 2 && p.ins[6].rpc == 7);
        }
        prog_free(&p);
    }
    /* the return under another divergent branch whose other side reaches
     * the barrier: 0 r1 = varying; 1 @r1 bra 4; 2 @r1 bra 6; 3 bra 4;
     * 4 bar; 5 exit; 6 exit.  Branch 1 reconverges at the exit (its
     * path through 2 may leave), after the barrier: refused by the
     * exit-bound analysis; analyse_exit_pop runs it, branch 1 reconverging
     * at the barrier and branch 2 at its staying side, 3 */
    mk(&p, 7);
    set_alu(&p, 0, 1, -1);
    p.ins[0].varying = 1;
    bra(&p, 1, 4, 1);
    bra(&p, 2, 6, 1);
    bra(&p, 3, 4, -1);
    p.ins[4].unit = PU_BAR;
    p.ins[5].unit = PU_EXIT;
    p.ins[6].unit = PU_EXIT;
    CHECK(!prog_analyse(&p, err, sizeof err) && !p.exit_bound && p.exit_pop &&
          p.ins[1].rpc == 4 && p.ins[2].rpc == 3);
    prog_free(&p);
    /* a loop left only by the return (0 r1 = varying; 1 @r1 bra 4; 2 bar;
     * 3 bra 1; 4 exit): refused until forret (the copy had no exit); its
     * virtual node before the header 1 ends an iteration: branch 1
     * reconverges at its staying side 2, the back edge at the header */
    mk(&p, 5);
    set_alu(&p, 0, 1, -1);
    p.ins[0].varying = 1;
    bra(&p, 1, 4, 1);
    p.ins[2].unit = PU_BAR;
    bra(&p, 3, 1, -1);
    p.ins[4].unit = PU_EXIT;
    CHECK(!prog_analyse(&p, err, sizeof err) && p.exit_pop && !p.exit_bound && p.ins[1].rpc == 2 &&
          p.ins[3].rpc == 1 && p.reachable[2] && p.reachable[3]);
    prog_free(&p);
    /* the return after the barrier, a split before it: 0 r1 = varying;
     * 1 r2 = varying; 2 @r2 bra 4; 3 r3 = r3; 4 bar; 5 @r1 bra 7; 6 bra 2;
     * 7 exit.  The header is 2 (found first from the entry): branch 2
     * reconverges at 4, before the barrier (at the dropped branch 5 it
     * would hold the barrier: refused), 5 at its staying side 6 */
    mk(&p, 8);
    set_alu(&p, 0, 1, -1);
    p.ins[0].varying = 1;
    set_alu(&p, 1, 2, -1);
    p.ins[1].varying = 1;
    bra(&p, 2, 4, 2);
    set_alu(&p, 3, 3, 3);
    p.ins[4].unit = PU_BAR;
    bra(&p, 5, 7, 1);
    bra(&p, 6, 2, -1);
    p.ins[7].unit = PU_EXIT;
    CHECK(!prog_analyse(&p, err, sizeof err) && p.exit_pop && p.ins[2].rpc == 4 &&
          !p.ins[2].uniform && p.ins[5].rpc == 6 && p.ins[6].rpc == 2);
    prog_free(&p);
    /* sides that meet only at the next iteration, the barrier at the
     * header: 0 r1 = varying; 1 r2 = varying; 2 bar; 3 @r1 bra 7;
     * 4 @r2 bra 6; 5 bra 2; 6 bra 2; 7 exit.  Branch 4 reconverges at
     * the virtual node, which reads as the header 2 (the barrier is its
     * point, outside its sides); read as the exit, or with the loop's
     * header taken elsewhere (6), its sides would hold the barrier */
    mk(&p, 8);
    set_alu(&p, 0, 1, -1);
    p.ins[0].varying = 1;
    set_alu(&p, 1, 2, -1);
    p.ins[1].varying = 1;
    p.ins[2].unit = PU_BAR;
    bra(&p, 3, 7, 1);
    bra(&p, 4, 6, 2);
    bra(&p, 5, 2, -1);
    bra(&p, 6, 2, -1);
    p.ins[7].unit = PU_EXIT;
    CHECK(!prog_analyse(&p, err, sizeof err) && p.exit_pop && p.ins[3].rpc == 4 &&
          p.ins[4].rpc == 2 && !p.ins[4].uniform);
    prog_free(&p);
    /* the returning side shares the loop's latch, which tests the same
     * guard (clang's fr_work): 0 r1 = varying; 1 @r1 bra 4; 2 st; 3 bra 6;
     * 4 bar; 5 r2 = r2; 6 @r1 bra 1; 7 exit.  The threads of 2 hold r1
     * false: 6 sends them to the exit (gone_side); 1 reconverges at 4 */
    mk(&p, 8);
    set_alu(&p, 0, 1, -1);
    p.ins[0].varying = 1;
    bra(&p, 1, 4, 1);
    p.ins[2].unit = PU_ST;
    p.ins[2].space = PS_GLOBAL;
    bra(&p, 3, 6, -1);
    p.ins[4].unit = PU_BAR;
    set_alu(&p, 5, 2, 2);
    bra(&p, 6, 1, 1);
    p.ins[7].unit = PU_EXIT;
    CHECK(!prog_analyse(&p, err, sizeof err) && p.exit_pop && p.ins[1].rpc == 4 &&
          p.ins[6].rpc == 1);
    prog_free(&p);
    /* ... and refused when r1 is written on the way (5 r1 = r1 moved to 2:
     * the latch's guard is no longer the one the branch tested) */
    mk(&p, 8);
    set_alu(&p, 0, 1, -1);
    p.ins[0].varying = 1;
    bra(&p, 1, 4, 1);
    set_alu(&p, 2, 1, 2);
    bra(&p, 3, 6, -1);
    p.ins[4].unit = PU_BAR;
    set_alu(&p, 5, 2, 2);
    bra(&p, 6, 1, 1);
    p.ins[7].unit = PU_EXIT;
    CHECK(prog_analyse(&p, err, sizeof err) != 0 && !p.exit_pop);
    prog_free(&p);
}

/* The shared loads the divergence analysis takes as uniform and the
 * reference checks (prog_insn.shuni, ref_shuni.c): 0 ld.shared r1 (a
 * constant address; "varying" as the front end marks every load); 1 r2 =
 * f(r1); 2 @r2 bra 4; 3 bar; 4 exit.  Volatile or not, the load is no
 * seed: the branch is uniform, the barrier accepted, and the load, whose
 * value decides the branch, is checked.  The branch on a parameter
 * instead (r3): the load decides nothing and is not checked.  The
 * address thread-dependent (r0 = %tid): the load and the branch are
 * thread-dependent (the barrier passes as an early return's, whatever the
 * exit-bound analysis decides) and nothing is checked. */
TEST(shared_load_uniform_checked)
{
    for (int v = 0; v < 4; v++) {
        prog p;
        mk(&p, 6);
        set_alu(&p, 0, 0, -1);
        p.ins[0].varying = v == 3; /* %tid: the address at v 3 */
        p.ins[1].unit = PU_LD;
        p.ins[1].space = PS_SHARED;
        p.ins[1].varying = 1;
        set_alu(&p, 1, 1, v == 3 ? 0 : -1);
        snprintf(p.ins[1].text, sizeof p.ins[1].text, "ld%s.shared.u32 %%r1, [sh]",
                 v == 1 ? ".volatile" : "");
        set_alu(&p, 2, 2, v == 2 ? 3 : 1);
        bra(&p, 3, 5, 2);
        p.ins[4].unit = PU_BAR;
        p.ins[5].unit = PU_EXIT;
        int rc = prog_analyse(&p, err, sizeof err);
        if (v < 3)
            CHECK(!rc && p.ins[3].uniform && p.ins[1].shuni == (v < 2));
        else
            CHECK(!p.ins[3].uniform && !p.ins[1].shuni);
        for (int pc = 0; pc < 6; pc++)
            CHECK(pc == 1 || !p.ins[pc].shuni);
        prog_free(&p);
    }
}

int main(int argc, char **argv)
{
    test_args(argc, argv);
    RUN(builtin_kernels_lowered);
    RUN(generated_kernels_lowered);
    RUN(analyse_errors);
    RUN(divergence_same_value_on_both_sides);
    RUN(divergence_register_reused_after_region);
    RUN(reference_grid);
    RUN(kprog_warp_exec_equals_thread_exec);
    RUN(exit_bound_barrier);
    RUN(shared_load_uniform_checked);
    return test_summary();
}
