/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ptx_check.h -- the helpers of the PTX front end's tests (tests/test_ptx.c,
 * tests/test_ptx_calls.c and any other tests/test_ptx_*.c):
 *
 *   env e; RUN_OK(e, module_pre, body);   parse body as the entry t (one
 *                                         thread, thread 5 of CTA (2,0,0)) and
 *                                         run it; the test stops if it fails
 *   RUN_KEEP(e, pre, body)                the same with memory preset in e
 *   R(&e, "%r1"), D(&e, "%fd1")           a register's bits, an f64 register
 *                                         (an atom's old value that nothing
 *                                         reads is not written: R() says so;
 *                                         Rsink reads it as left)
 *   w32(e.global + 40)                    a little-endian word of memory
 *   done(&e)                              frees what the run allocated
 *   expect_err(pre, body, rc, "text")     the parse or run must fail with rc
 *                                         and one line containing text
 *   run_out = f                           device printf's output (ptx_set_output)
 *   BOTH_PATHS { ... }                    the body twice: the fast path, then
 *                                         ptx_exec_general (run_exec)
 *   warp_run(T, body, &r), word(&r, k, t) one CTA of T threads through the
 *                                         reference (warp-synchronous code);
 *                                         the word thread t stored in slot k
 *
 * err holds the last error line; DECLS the registers every body may use
 * (%p, %rs, %r, %rd, %f, %fd).  Include it first (it includes check.h and
 * the front end's headers), prog_check.h after it.  The Makefile builds
 * every tests/test_ptx*.c with the front end's objects.
 */
#ifndef PTX_CHECK_H
#define PTX_CHECK_H

#include "../tb/simt/launch.h"
#include "../tb/simt/ptx.h"
#include "../tb/simt/ptx_int.h"
#include "../tb/simt/ref.h"
#include "check.h"

static char err[1024];
/* where the runs' device printf writes (ptx_set_output; NULL: nowhere) */
static FILE *run_out;
/* what run() executes each instruction with (NULL: prog_ops.exec, the fast
 * path; ptx_exec_general: the semantics written per opcode) */
static int (*run_exec)(const prog *, int, prog_thread *, const prog_mem *, prog_effect *, char *,
                       size_t);
/* BOTH_PATHS { body }: the body's two runs, through the fast path (0) and
 * the general path (1); after them run_exec is NULL again */
#define BOTH_PATHS                                              \
    for (int path_ = (run_exec = NULL, 0); path_ < 2;          \
         path_++, run_exec = path_ == 1 ? ptx_exec_general : NULL)

typedef struct {
    prog p;
    ptx_info info;
    uint64_t *r;
    uint8_t global[256], shared[256], local[64];
    prog_effect last;
    int rc;          /* parse: 0 / -1 / -2; run: 0 / -1 */
    unsigned steps;
} env;

static const char *DECLS =
    "\t.reg .pred %p<10>;\n\t.reg .b16 %rs<10>;\n\t.reg .b32 %r<30>;\n"
    "\t.reg .b64 %rd<20>;\n\t.reg .f32 %f<20>;\n\t.reg .f64 %fd<10>;\n";

/* Parses `body` as the entry t(.param .u64 t_p0, .param .u32 t_p1) with the
 * registers above and runs it with global/shared memory preset by the
 * caller; t_p0 = 16, t_p1 = 7. */
static inline int run(env *e, const char *module_pre, const char *body)
{
    char text[16384];
    snprintf(text, sizeof text,
             ".version 7.0\n.target sm_70\n.address_size 64\n%s\n"
             ".visible .entry t(\n\t.param .u64 t_p0,\n\t.param .u32 t_p1\n)\n{\n%s%s\n}\n",
             module_pre ? module_pre : "", DECLS, body);
    e->rc = ptx_parse("t.ptx", text, "t", 256, &e->p, &e->info, err, sizeof err);
    if (e->rc) return e->rc;
    ptx_set_output(&e->p, run_out);
    e->r = calloc(e->p.nregs, sizeof *e->r);
    uint8_t param[12] = {16, 0, 0, 0, 0, 0, 0, 0, 7, 0, 0, 0};
    prog_thread t = {0};
    t.r = e->r;
    t.tid[0] = 5;
    t.ntid[0] = 64;
    t.ntid[1] = t.ntid[2] = 1;
    t.ctaid[0] = 2;
    t.nctaid[0] = 3;
    t.nctaid[1] = t.nctaid[2] = 1;
    t.laneid = 5;
    t.warpid = 0;
    t.flat = 5;
    t.clock = 1234;
    t.local = e->local;
    prog_mem m = {e->global, sizeof e->global, e->shared, sizeof e->shared, param, 12, sizeof e->local};
    int pc = 0;
    e->steps = 0;
    while (pc < (int)e->p.n && e->steps < 10000) {
        e->rc = (run_exec ? run_exec : e->p.ops->exec)(&e->p, pc, &t, &m, &e->last, err, sizeof err);
        if (e->rc) return e->rc;
        pc = e->last.next_pc;
        e->steps++;
    }
    return 0;
}

static inline void done(env *e)
{
    free(e->r);
    prog_free(&e->p);
    ptx_info_free(&e->info);
    memset(e, 0, sizeof *e);
}

static inline int reg(env *e, const char *name)
{
    const ptx_impl *im = e->p.impl;
    for (unsigned i = 0; i < e->p.nregs; i++)
        if (!strcmp(im->regname[i], name)) return (int)i;
    printf("  no register %s\n", name);
    return -1;
}
/* A register's bits as the run left them (Rsink: even the sunk destination
 * of an atom below, to check it is left alone). */
static inline uint64_t Rsink(env *e, const char *name)
{
    int i = reg(e, name);
    return i < 0 ? 0xdeadbeefdeadbeefull : e->r[i];
}
/* A register's bits.  The destination of an atom whose old value no
 * instruction reads is never written: the front end lowers that atom as a
 * red (ptx.c; the old value depends on the threads' order).  Such a
 * register is not part of what the body computes, so R() says so and gives
 * the sentinel, failing the check: read it in the body (e.g. `mov`). */
static inline uint64_t R(env *e, const char *name)
{
    int i = reg(e, name);
    if (i < 0) return 0xdeadbeefdeadbeefull;
    const ptx_impl *im = e->p.impl;
    for (unsigned pc = 0; pc < e->p.n; pc++)
        if (im->ins[pc].op == OP_ATOM && im->ins[pc].d[0].kind == O_SINK &&
            im->ins[pc].d[0].reg == i) {
            printf("  %s: the old value of the atom at line %d, which no instruction reads: not "
                   "written (ptx.c lowers it as a red); read it in the body\n",
                   name, e->p.ins[pc].line);
            return 0xdeadbeefdeadbeefull;
        }
    return e->r[i];
}
static inline double D(env *e, const char *name)
{
    uint64_t u = R(e, name);
    double d;
    memcpy(&d, &u, 8);
    return d;
}
static inline uint32_t w32(const uint8_t *q) { return q[0] | q[1] << 8 | q[2] << 16 | (uint32_t)q[3] << 24; }

/* runs body; the run must succeed (if it fails, the test fails and stops:
 * the checks after it would read registers and memory it never wrote) */
#define RUN_OK(e, pre, body)                                                     \
    do {                                                                         \
        memset(&(e), 0, sizeof(e));                                              \
        RUN_KEEP(e, pre, body);                                                  \
    } while (0)
/* the same with memory preset by the caller */
#define RUN_KEEP(e, pre, body)                                                   \
    do {                                                                         \
        if (run(&(e), pre, body)) {                                              \
            printf("  %s:%d: run failed: %s\n", __FILE__, __LINE__, err);        \
            check_failed_in_test = 1;                                            \
            return; /* the body reads the run's results: none to read */         \
        }                                                                        \
    } while (0)

/* the parser's errors: one line, file:line */
static inline void expect_err(const char *pre, const char *body, int want_rc, const char *want)
{
    env e;
    memset(&e, 0, sizeof e);
    int rc = run(&e, pre, body);
    if (rc != want_rc || !strstr(err, want) || strchr(err, '\n')) {
        printf("  want %d '%s', got %d '%s'\n", want_rc, want, rc, err);
        check_failed_in_test = 1;
    }
    if (!rc || e.r) done(&e); /* e.r: parsed, then failed in the run */
    else ptx_info_free(&e.info);
}

/* Warp-synchronous instructions (prog.h) through the reference: one CTA
 * of T threads running body (its %r1 = %tid.x, %r2 = 7 %tid.x + 1, each
 * result stored at 256 k + 4 %tid.x for k = 0..7 by the body); rc of
 * refp_run, r the result. */
static inline int warp_run(unsigned T, const char *body, refp_result *r)
{
    static char text[8192];
    snprintf(text, sizeof text,
             ".version 7.0\n.target sm_70\n.address_size 64\n.visible .entry w()\n{\n%s"
             "mov.u32 %%r1, %%tid.x;\nmad.lo.u32 %%r2, %%r1, 7, 1;\nmul.wide.u32 %%rd1, %%r1, 4;\n"
             "%s\nret;\n}\n",
             DECLS, body);
    prog p;
    ptx_info info;
    memset(r, 0, sizeof *r);
    if (ptx_parse("w.ptx", text, "w", 4096, &p, &info, err, sizeof err)) return -9;
    ptx_info_free(&info);
    p.grid[0] = p.grid[1] = p.grid[2] = 1;
    p.block[0] = T;
    p.block[1] = p.block[2] = 1;
    p.global_bytes = 2048;
    p.global_init = calloc(1, p.global_bytes);
    int rc = prog_analyse(&p, err, sizeof err);
    if (!rc) rc = refp_run(&p, 32, 100000, 0, r, err, sizeof err);
    prog_free(&p);
    return rc;
}

static inline uint32_t word(const refp_result *r, unsigned k, unsigned t)
{
    uint32_t v;
    memcpy(&v, &r->global[256 * k + 4 * t], 4);
    return v;
}

#endif
