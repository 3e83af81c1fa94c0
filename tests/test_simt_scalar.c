/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_simt_scalar.c -- scalarization (002 §4.2) and register allocation
 * (002 §4.3) on the SM model's programs (tb/simt/scalar.{h,c}).
 *
 * The header's worked example mark by mark; a divergent loop whose counter
 * stays scalar when it is dead after the loop and turns vector when it is
 * read after it; the write-on-one-side, read-on-the-other case (vector);
 * the all-vector baseline; the allocation: no two registers of one class
 * that share a physical register are live at one PC, 64-bit registers take
 * aligned pairs, 002's divergent-branch edges keep a scalar register the
 * stack brings back apart from the other side's registers; a guarded write
 * that does not kill; the program's
 * cached analysis dropped when it is analysed again; and every built-in
 * kernel and 200 generated ones analysed and allocated with those
 * properties checked, their liveness against an instruction-wise fixed
 * point and their cached analyses against fresh ones.
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
#include "../tb/simt/scalar.c"
#include "check.h"
#include "simt_kernels.h"

static char err[1024];

#define HDR ".kernel s\n.threads 8\n.mem 64\n"

/* 0 when text parses and lowers; else one failed CHECK (the caller returns). */
static int load(kernel *k, prog *p, const char *text)
{
    if (kernel_parse("s.k", text, k, err, sizeof err)) {
        printf("  %s\n", err);
        CHECK(0);
        return -1;
    }
    if (kernel_to_prog(k, p, err, sizeof err)) {
        printf("  %s\n", err);
        CHECK(0);
        kernel_free(k);
        return -1;
    }
    return 0;
}

/* The marks as a string: 'S' scalar, 'v' vector, one per instruction. */
static void marks(const scalar_info *s, char *buf)
{
    for (unsigned pc = 0; pc < s->n; pc++)
        buf[pc] = s->ins_vector[pc] ? 'v' : 'S';
    buf[s->n] = 0;
}

TEST(worked_example)
{
    kernel k;
    prog p;
    scalar_info s;
    char m[64];
    if (load(&k, &p,
                HDR "    mov r1, 4\n    add r2, r1, %tid\n    setp.lt p0, r2, 6\n    @p0 bra A\n"
                    "    mov r3, 7\n    st [r3], r1\n    mov r4, 1\n    bra B\n"
                    "A:  mov r4, 2\nB:  add r5, r4, r1\n    st [r2+8], r5\n    exit\n"))
        return;
    scalar_analyse(&p, &s, 0);
    marks(&s, m);
    CHECK(!strcmp(m, "SvvvSSSvSvvv"));
    CHECK(!s.reg_vector[1] && s.reg_vector[2] && !s.reg_vector[3] && s.reg_vector[4]);
    CHECK(s.reg_vector[5] && s.reg_vector[K_REGS + 0]);
    scalar_free(&s);
    scalar_analyse(&p, &s, 1); /* the baseline: all vector */
    marks(&s, m);
    CHECK(!strcmp(m, "vvvvvvvvvvvv"));
    scalar_free(&s);
    prog_free(&p);
    kernel_free(&k);
}

TEST(divergent_loop_counter)
{
    kernel k;
    prog p;
    scalar_info s;
    /* r6 counts iterations of a loop each thread leaves at its own time */
    const char *dead = HDR "    mov r6, 0\n    mov r2, %tid\nL:  add r6, r6, 1\n"
                           "    setp.lt p1, r6, r2\n    @p1 bra L\n    st [r2], r2\n    exit\n";
    const char *read = HDR "    mov r6, 0\n    mov r2, %tid\nL:  add r6, r6, 1\n"
                           "    setp.lt p1, r6, r2\n    @p1 bra L\n    st [r2], r6\n    exit\n";
    if (load(&k, &p, dead))
        return;
    scalar_analyse(&p, &s, 0);
    CHECK(!s.reg_vector[6] && !s.ins_vector[2]); /* dead after the loop: scalar */
    scalar_free(&s);
    prog_free(&p);
    kernel_free(&k);
    if (load(&k, &p, read))
        return;
    scalar_analyse(&p, &s, 0);
    CHECK(s.reg_vector[6] && s.ins_vector[2]); /* live at the reconvergence PC */
    scalar_free(&s);
    prog_free(&p);
    kernel_free(&k);
}

TEST(other_side_reads)
{
    kernel k;
    prog p;
    scalar_info s;
    /* r7 is set before the branch, overwritten on the taken side and read
     * on the other: one copy per warp would hand the fall-through threads
     * the taken side's value.  Dead at the reconvergence PC, still vector. */
    if (load(&k, &p,
                HDR "    mov r7, 3\n    mov r2, %tid\n    setp.lt p0, r2, 4\n    @p0 bra A\n"
                    "    st [r2], r7\n    bra B\nA:  mov r7, 9\n    st [r2], r7\n"
                    "B:  exit\n"))
        return;
    scalar_analyse(&p, &s, 0);
    CHECK(s.reg_vector[7]);
    scalar_free(&s);
    prog_free(&p);
    kernel_free(&k);
}

/* The allocation's properties on p: every used register has a physical
 * register; two registers of one class whose units overlap are never live
 * at one PC (live-in, or written while the other is live after); pairs
 * are aligned; the count covers every unit. */
static int alloc_ok(const prog *p, const scalar_info *s, const char *what)
{
    unsigned W;
    uint64_t *live = prog_liveness(p, &W);
    int bad = 0;
    for (unsigned r = 0; r < s->nregs && !bad; r++) {
        if (!s->reg_used[r])
            continue;
        unsigned ur = units_of(p, r);
        if (s->phys[r] < 0 || (ur == 2 && (s->phys[r] & 1)) ||
            (unsigned)s->phys[r] + ur > s->units[s->cls[r]]) {
            printf("  %s: register %u phys %d\n", what, r, s->phys[r]);
            bad = 1;
        }
        for (unsigned q = r + 1; q < s->nregs && !bad; q++) {
            if (!s->reg_used[q] || s->cls[q] != s->cls[r])
                continue;
            int a = s->phys[r], b = s->phys[q];
            if (a + (int)ur <= b || b + (int)units_of(p, q) <= a)
                continue;
            for (unsigned pc = 0; pc <= p->n && !bad; pc++)
                if (bits_array_get(&live[(size_t)pc * W], r) && bits_array_get(&live[(size_t)pc * W], q)) {
                    printf("  %s: registers %u and %u share %d, both live at pc %u\n", what, r,
                           q, a, pc);
                    bad = 1;
                }
        }
    }
    free(live);
    return bad;
}

/* r8 (scalar) is live on the fall-through side only; the taken side uses
 * r9 (scalar) while r8 is dead there. */
static const char *const two_sides =
    HDR "    mov r8, 5\n    mov r2, %tid\n    setp.lt p0, r2, 4\n    @p0 bra A\n"
        "    st [r2], r8\n    bra B\nA:  mov r9, 6\n    st [r2], r9\n"
        "B:  exit\n";

TEST(allocation_divergent_edges)
{
    kernel k;
    prog p;
    scalar_info s;
    /* two_sides: without 002's edge r8 and r9 could share a register,
     * and the stack's second path would read r9's value as r8. */
    if (load(&k, &p, two_sides))
        return;
    scalar_analyse(&p, &s, 0);
    scalar_alloc(&p, &s);
    CHECK(!s.reg_vector[8] && !s.reg_vector[9]);
    CHECK(s.phys[8] != s.phys[9]);
    CHECK(s.extra_edges > 0);
    CHECK(!alloc_ok(&p, &s, "edges"));
    scalar_free(&s);
    /* all vector: no extra edges, and r8 and r9 may share */
    scalar_analyse(&p, &s, 1);
    scalar_alloc(&p, &s);
    CHECK_EQ(s.extra_edges, 0);
    CHECK(s.phys[8] == s.phys[9]);
    CHECK(!alloc_ok(&p, &s, "edges, all vector"));
    scalar_free(&s);
    prog_free(&p);
    kernel_free(&k);
}

/* Liveness the plain way, as the oracle of prog_liveness's block-wise
 * solution: every reachable instruction in turn, out = its successors'
 * rows, in = the sources plus out less the unguarded destinations, until
 * no row changes.  1 when p's rows (prog_live, kept by prog_analyse) and a
 * fresh prog_liveness both equal it. */
static int live_ok(const prog *p, const char *what)
{
    unsigned W, W2, n = p->n;
    const uint64_t *kept = prog_live(p, &W);
    uint64_t *fresh = prog_liveness(p, &W2);
    uint64_t *o = calloc(((size_t)n + 1) * W + 1, sizeof(uint64_t));
    uint64_t *v = calloc((size_t)W + 1, sizeof(uint64_t));
    for (int again = 1; again;) {
        again = 0;
        for (unsigned pc = 0; pc < n; pc++) {
            const prog_insn *in = &p->ins[pc];
            if (!p->reachable[pc])
                continue;
            memset(v, 0, W * sizeof *v);
            for (int k = 0; k < 2; k++)
                for (unsigned w = 0; p->succ[pc][k] >= 0 && w < W; w++)
                    v[w] |= o[(size_t)p->succ[pc][k] * W + w];
            for (unsigned j = 0; in->guard < 0 && j < in->ndst; j++)
                v[in->dst[j] / 64] &= ~(1ull << (in->dst[j] % 64));
            for (unsigned j = 0; j < in->nsrc; j++)
                v[in->src[j] / 64] |= 1ull << (in->src[j] % 64);
            if (memcmp(v, &o[(size_t)pc * W], W * sizeof *v)) {
                memcpy(&o[(size_t)pc * W], v, W * sizeof *v);
                again = 1;
            }
        }
    }
    size_t bytes = ((size_t)n + 1) * W * sizeof *o;
    int ok = kept && W == W2 && !memcmp(kept, o, bytes) && !memcmp(fresh, o, bytes);
    if (!ok)
        printf("  %s: liveness differs from the instruction-wise fixed point\n", what);
    free(o);
    free(v);
    free(fresh);
    return ok;
}

static void check_kernel(kernel *k, const char *what)
{
    prog p;
    scalar_info s;
    CHECK(!kernel_to_prog(k, &p, err, sizeof err));
    CHECK(live_ok(&p, what));
    for (int all = 0; all < 2; all++) {
        scalar_analyse(&p, &s, all);
        scalar_alloc(&p, &s);
        CHECK(!alloc_ok(&p, &s, what));
        /* the program's cached analysis (shared by every core) is this
         * fresh one, and the same one on every call */
        const scalar_info *c = scalar_cached(&p, all);
        CHECK(c && c == scalar_cached(&p, all) && scalar_same(c, &s));
        /* the instructions reading %tid are vector */
        for (unsigned pc = 0; pc < p.n; pc++)
            if (p.reachable[pc] && p.ins[pc].varying && p.ins[pc].unit != PU_LD)
                CHECK(s.ins_vector[pc]);
        scalar_free(&s);
    }
    prog_free(&p);
}

/* ---- execution: a lockstep runner for the tests.  One CTA of the
 * program in warps of ws threads, each warp on a PDOM stack (pc, rpc,
 * mask), the warps round robin one instruction each until every warp
 * waits at the barrier or has exited; every thread-instruction through
 * scalar_exec_thread with the allocated files.  The final global memory
 * goes to out.  0, or -1 with err. */
typedef struct {
    int pc, rpc;
    uint64_t mask;
} stk_entry;

static int warp_run(const prog *p, const scalar_info *s, int checked, unsigned ws, uint8_t *out,
                    char *msg, size_t len)
{
    unsigned T = p->block[0], nw = (T + ws - 1) / ws, n = p->n;
    scalar_exec_cfg c;
    scalar_exec_init(&c, p, s, checked);
    prog_thread *th = calloc(T, sizeof *th);
    uint64_t **srf = calloc(nw, sizeof *srf);
    stk_entry(*stk)[65] = calloc(nw, sizeof *stk);
    unsigned *sp = calloc(nw, sizeof(unsigned));
    uint64_t *exited = calloc(nw, sizeof(uint64_t));
    uint8_t *wait = calloc(nw, 1), *shared = calloc(p->shared_bytes + 1, 1);
    memcpy(out, p->global_init, p->global_bytes);
    prog_mem m = {out, p->global_bytes, shared, p->shared_bytes, p->param, p->param_bytes, 0};
    for (unsigned t = 0; t < T; t++) {
        th[t].r = calloc(scalar_vec_regs(s) + 1, sizeof(uint64_t));
        th[t].tid[0] = th[t].flat = t;
        th[t].ntid[0] = T;
        th[t].ntid[1] = th[t].ntid[2] = th[t].nctaid[0] = th[t].nctaid[1] = th[t].nctaid[2] = 1;
        th[t].laneid = t % ws;
        th[t].warpid = t / ws;
    }
    for (unsigned w = 0; w < nw; w++) {
        unsigned k = w + 1 < nw ? ws : T - w * ws;
        srf[w] = calloc(scalar_sca_regs(s) + 1, sizeof(uint64_t));
        stk[w][0] = (stk_entry){0, (int)n, k == 64 ? ~0ull : (1ull << k) - 1};
        sp[w] = 1;
    }
    int rc = 0;
    unsigned live = nw;
    while (live && !rc) {
        unsigned moved = 0;
        for (unsigned w = 0; w < nw && !rc; w++) {
            if (!sp[w] || wait[w])
                continue;
            stk_entry *top = &stk[w][sp[w] - 1];
            uint64_t mask = top->mask & ~exited[w];
            moved = 1;
            if (!mask || top->pc == top->rpc || top->pc == (int)n) {
                if (--sp[w] == 0)
                    live--;
                continue;
            }
            int pc = top->pc;
            const prog_insn *in = &p->ins[pc];
            scalar_issue st;
            memset(&st, 0, sizeof st);
            uint64_t taken = 0, nt = 0;
            int bar = 0;
            for (unsigned l = 0; l < 64 && !rc; l++) {
                if (!((mask >> l) & 1))
                    continue;
                unsigned t = w * ws + l;
                prog_effect e;
                rc = scalar_exec_thread(&c, pc, &th[t], t, srf[w], &m, &st, &e, msg, len);
                if (e.next_pc == (int)n)
                    exited[w] |= 1ull << l;
                else if (in->unit == PU_BRA)
                    *(e.taken ? &taken : &nt) |= 1ull << l;
                bar |= in->unit == PU_BAR && e.executed;
            }
            if (in->unit != PU_BRA) {
                top->pc = pc + 1;
            } else if (!nt) {
                top->pc = in->target;
            } else if (!taken) {
                top->pc = pc + 1;
            } else {
                top->pc = in->rpc;
                stk[w][sp[w]++] = (stk_entry){pc + 1, in->rpc, nt};
                stk[w][sp[w]++] = (stk_entry){in->target, in->rpc, taken};
            }
            wait[w] = (uint8_t)bar;
        }
        if (!moved) /* every live warp waits at the barrier */
            memset(wait, 0, nw);
    }
    for (unsigned t = 0; t < T; t++)
        free(th[t].r);
    for (unsigned w = 0; w < nw; w++)
        free(srf[w]);
    free(th);
    free(srf);
    free(stk);
    free(sp);
    free(exited);
    free(wait);
    free(shared);
    scalar_exec_free(&c);
    return rc;
}

/* Runs p through warp_run at warp size ws and compares its memory with the
 * reference's: 0 equal, 1 different, -1 a run error (msg). */
static int run_vs_reference(const prog *p, const scalar_info *s, int checked, unsigned ws,
                            char *msg, size_t len)
{
    refp_result r;
    uint8_t *mem = malloc(p->global_bytes + 1);
    int rc = refp_run(p, ws, 10000000, 0, &r, msg, len);
    if (!rc)
        rc = warp_run(p, s, checked, ws, mem, msg, len);
    if (!rc && memcmp(mem, r.global, p->global_bytes))
        rc = 1;
    refp_free(&r);
    free(mem);
    return rc;
}

TEST(execution_worked_example)
{
    kernel k;
    prog p;
    scalar_info s;
    char msg[512];
    if (load(&k, &p,
             HDR "    mov r1, 4\n    add r2, r1, %tid\n    setp.lt p0, r2, 6\n    @p0 bra A\n"
                 "    mov r3, 7\n    st [r3], r1\n    mov r4, 1\n    bra B\n"
                 "A:  mov r4, 2\nB:  add r5, r4, r1\n    st [r2+8], r5\n    exit\n"))
        return;
    scalar_analyse(&p, &s, 0);
    scalar_alloc(&p, &s);
    CHECK_EQ(run_vs_reference(&p, &s, 1, 8, msg, sizeof msg), 0);
    CHECK_EQ(run_vs_reference(&p, &s, 1, 4, msg, sizeof msg), 0);
    /* plant an unsound mark: the %tid-dependent add scalar */
    s.ins_vector[1] = 0;
    CHECK_EQ(run_vs_reference(&p, &s, 1, 8, msg, sizeof msg), -1);
    CHECK(strstr(msg, "s.k:5: pc 1: scalar instruction 'add r2, r1, %tid': thread 1 gives 5, "
                      "thread 0 gave 4 (the scalarization is unsound)") != NULL);
    CHECK_EQ(run_vs_reference(&p, &s, 0, 8, msg, sizeof msg), 1); /* unchecked: wrong memory */
    scalar_free(&s);
    prog_free(&p);
    kernel_free(&k);
}

TEST(execution_needs_divergent_edges)
{
    kernel k;
    prog p;
    scalar_info s;
    char msg[512];
    if (load(&k, &p,
             HDR "    mov r8, 5\n    mov r2, %tid\n    setp.lt p0, r2, 4\n    @p0 bra A\n"
                 "    st [r2], r8\n    bra B\nA:  mov r9, 6\n    st [r2], r9\n"
                 "B:  exit\n"))
        return;
    scalar_analyse(&p, &s, 0);
    scalar_alloc(&p, &s);
    CHECK_EQ(run_vs_reference(&p, &s, 1, 8, msg, sizeof msg), 0);
    /* plant the allocation without 002's edge: r9 shares r8's register;
     * the taken side (run first) overwrites it before the other side
     * reads r8 */
    s.phys[9] = s.phys[8];
    CHECK_EQ(run_vs_reference(&p, &s, 1, 8, msg, sizeof msg), 1);
    scalar_free(&s);
    prog_free(&p);
    kernel_free(&k);
}

static void run_kernel_scalar(kernel *k, const char *what)
{
    prog p;
    scalar_info s;
    char msg[512];
    CHECK(!kernel_to_prog(k, &p, err, sizeof err));
    for (int all = 0; all < 2; all++) {
        scalar_analyse(&p, &s, all);
        scalar_alloc(&p, &s);
        for (unsigned ws = 4; ws <= 32; ws *= 8) {
            int rc = run_vs_reference(&p, &s, 1, ws, msg, sizeof msg);
            if (rc)
                printf("  %s (warp %u, %s): %s\n", what, ws, all ? "all vector" : "scalarized",
                       rc < 0 ? msg : "memory differs from the reference");
            CHECK_EQ(rc, 0);
        }
        scalar_free(&s);
    }
    prog_free(&p);
}

/* Every built-in kernel and 200 generated ones: the allocation's
 * properties, then the execution against the reference. */
static void check_and_run(kernel *k, const char *what)
{
    check_kernel(k, what);
    run_kernel_scalar(k, what);
}

/* A guarded write keeps the old value for the threads whose guard fails:
 * the register stays live above it (a `.k` guard is on branches only, so
 * the guard is put on a mov here, as PTX's @p mov). */
TEST(guarded_write_does_not_kill)
{
    kernel k;
    prog p;
    unsigned W;
    if (load(&k, &p,
                HDR "    mov r1, 4\n    mov r2, %tid\n    setp.lt p0, r2, 4\n    mov r1, 7\n"
                    "    st [r2], r1\n    exit\n"))
        return;
    const uint64_t *live = prog_live(&p, &W);
    CHECK(!bits_array_get(&live[3 * W], 1) && !bits_array_get(&live[1 * W], 1));
    prog_insn *in = &p.ins[3];
    in->guard = K_REGS + 0;
    in->src[in->nsrc++] = K_REGS + 0;
    CHECK(!prog_analyse(&p, err, sizeof err));
    live = prog_live(&p, &W);
    CHECK(bits_array_get(&live[3 * W], 1) && bits_array_get(&live[3 * W], K_REGS + 0));
    CHECK(bits_array_get(&live[1 * W], 1) && !bits_array_get(&live[0], 1));
    CHECK(live_ok(&p, "guarded mov"));
    prog_free(&p);
    kernel_free(&k);
}

/* The cache belongs to one analysis of the program: analysing it again
 * (layout.c does, after changing its instructions) drops it, and the next
 * use computes it from the program as it is then. */
TEST(cache_follows_the_analysis)
{
    kernel k;
    prog p;
    scalar_info s;
    if (load(&k, &p, two_sides))
        return;
    const scalar_info *a = scalar_cached(&p, 0), *v = scalar_cached(&p, 1);
    CHECK(a && v && a != v && !a->reg_vector[8] && v->reg_vector[8]);
    p.ins[0].varying = 1; /* mov r8 now as if it read %tid */
    CHECK(!prog_analyse(&p, err, sizeof err));
    CHECK(!p.cache->slot[PROG_CACHE_SCALAR] && !p.cache->slot[PROG_CACHE_ALL_VECTOR]);
    a = scalar_cached(&p, 0);
    scalar_analyse(&p, &s, 0);
    scalar_alloc(&p, &s);
    CHECK(a && a->reg_vector[8] && a->ins_vector[0] && scalar_same(a, &s));
    scalar_free(&s);
    /* scalar_same tells them apart */
    scalar_analyse(&p, &s, 1);
    scalar_alloc(&p, &s);
    CHECK(!scalar_same(a, &s) && scalar_same(scalar_cached(&p, 1), &s));
    scalar_free(&s);
    prog_free(&p);
    CHECK(!p.cache && !p.live);
    kernel_free(&k);
}

TEST(kernels_allocated_and_executed)
{
    CHECK(for_each_builtin_kernel(check_and_run) >= 8);
    for (uint64_t seed = 1; seed <= 200; seed++) {
        char *t = gen_kernel(seed, 64), what[32];
        kernel k;
        snprintf(what, sizeof what, "seed %llu", (unsigned long long)seed);
        CHECK(!kernel_parse("g.k", t, &k, err, sizeof err));
        check_and_run(&k, what);
        kernel_free(&k);
        free(t);
    }
}

int main(int argc, char **argv)
{
    test_args(argc, argv);
    RUN(worked_example);
    RUN(divergent_loop_counter);
    RUN(other_side_reads);
    RUN(allocation_divergent_edges);
    RUN(execution_worked_example);
    RUN(execution_needs_divergent_edges);
    RUN(guarded_write_does_not_kill);
    RUN(cache_follows_the_analysis);
    RUN(kernels_allocated_and_executed);
    return test_summary();
}
