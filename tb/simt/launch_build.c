/* SPDX-License-Identifier: Apache-2.0 */
/*
 * launch_build.c -- a launch's program (launch_build; issue 25, sections 1
 * and 3), in steps that launch_cache.c repeats for a sequence: the checks
 * that need no file (the block, grid, shared and global sizes against the
 * configuration, buffers inside mem_bytes and apart), the CUDA source
 * compiled (launch_cuda.c), the module's entry loaded, the launch's data
 * (the parameters checked against the entry's and packed, grid, block,
 * shared bytes, global memory and the module's variables after it), and
 * the analysis with the access regions of the buffers and variables.  A
 * barrier the divergence analysis refuses because a condition is loaded
 * from memory gets a hint naming the kind of load (clang -O0's stack
 * frame, or shared memory), and one after an early return says which
 * part of it stops it from running (prog.h, prog_exit_bound).
 */
#define _POSIX_C_SOURCE 200809L
#include "launch_int.h"

#include <unistd.h>

static int type_compatible(const launch_param *lp, const ptx_param *pp)
{
    uint8_t lt = lp->type;
    if (lp->blob) return pp->bytes == lp->blob;
    if (pp->bytes != TY_BYTES(lt)) return 0;
    if (pp->type == T_B8 && pp->bytes > 1) return 0; /* an aggregate */
    int pf = TY_KIND(pp->type) == TK_F, lf = TY_KIND(lt) == TK_F;
    if (TY_KIND(pp->type) == TK_B || TY_KIND(lt) == TK_B) return 1;
    return pf == lf;
}

/* A barrier the divergence analysis refuses because a loop's or a
 * branch's condition is loaded from clang -O0's stack frame (ld [%SP+k]:
 * every variable lives there; a load is a seed of thread-dependence):
 * when the analysis passes with those loads taken as uniform (their
 * addresses still tracked), the refusal names the frame.  (A shared load
 * at a uniform address is no seed since 2026-11-30, persist: the hint
 * that named shared memory could not fire and is gone, reftaint.) */
static int frame_loads_cause(prog *p)
{
    uint8_t *was = calloc(p->n, 1);
    if (!was) return 0;
    unsigned k = 0;
    for (unsigned pc = 0; pc < p->n; pc++) {
        prog_insn *in = &p->ins[pc];
        if (in->unit == PU_LD && in->varying && strstr(in->text, "[%SP") != NULL) {
            was[pc] = 1;
            in->varying = 0;
            k++;
        }
    }
    char e2[512];
    int ok = k && !prog_analyse(p, e2, sizeof e2);
    for (unsigned pc = 0; pc < p->n; pc++)
        if (was[pc]) p->ins[pc].varying = 1;
    free(was);
    return ok;
}

/* A refused barrier after an early return (`if (i >= n) return;` before
 * __syncthreads(), or an edge to `ret` that no thread takes but clang left
 * in the graph: tests/data/cuda/gotobar): a thread-dependent branch (the failed analysis left
 * `uniform` set on every branch) whose reconvergence point is the exit,
 * one side running only to the exit with no barrier (it may share the
 * exit instruction itself), the other reaching a barrier.  PTX releases a
 * barrier when the threads that have not exited arrive; prog_analyse
 * accepts it when the returning side is exit-bound (prog_exit_bound) and
 * nothing else splits the threads that stay across the barrier
 * (docs/ptx.md, "Early returns before a barrier").  2 when there is one
 * whose returning side is not exit-bound (it stores, reads global or
 * shared memory, or synchronises its warp before the exit), 1 when there
 * is one, 0 none. */
static int return_cause(const prog *p)
{
    const int n = (int)p->n;
    uint8_t *m0 = malloc((size_t)n + 1), *m1 = malloc((size_t)n + 1), *eb = malloc((size_t)n + 1);
    int *list = malloc(((size_t)n + 1) * sizeof(int)), found = 0;
    if (eb) prog_exit_bound(p, eb);
    for (int pc = 0; m0 && m1 && eb && list && found < 2 && pc < n; pc++) {
        const prog_insn *in = &p->ins[pc];
        int r = in->rpc;
        if (!p->reachable[pc] || in->unit != PU_BRA || in->guard < 0 || in->uniform || p->succ[pc][1] < 0 ||
            (r != n && (r < 0 || p->ins[r].unit != PU_EXIT || p->ins[r].guard >= 0)))
            continue;
        prog_region_pcs(p, p->succ[pc][0], n, m0, list);
        prog_region_pcs(p, p->succ[pc][1], n, m1, list);
        int bar0 = 0, bar1 = 0, joined = 0;
        for (int v = 0; v < n; v++) {
            joined |= m0[v] && m1[v] && p->ins[v].unit != PU_EXIT;
            bar0 |= m0[v] && p->ins[v].unit == PU_BAR;
            bar1 |= m1[v] && p->ins[v].unit == PU_BAR;
        }
        if (!joined && bar0 != bar1)
            found = eb[p->succ[pc][bar0 ? 1 : 0]] ? (found ? found : 1) : 2;
    }
    free(eb);
    free(m0);
    free(m1);
    free(list);
    return found;
}

/* A refused barrier that one side of a thread-dependent branch skips,
 * the two sides joining only past every barrier: what clang -O2 makes of
 * an early return whose returning side stores to the address the others
 * store to after the barrier (if (t >= w) { out[i] = 0; return; } ...
 * out[i] = v;): the store sinks into a tail both sides share, and the
 * PTX has no early return left (tb/kernels/cuda/realworld10/earlyst.cu,
 * es_store).  1 when there is such a branch, 0 none. */
static int skip_cause(const prog *p)
{
    const int n = (int)p->n;
    uint8_t *m = malloc((size_t)n + 1), *past = malloc((size_t)n + 1);
    int *list = malloc(((size_t)n + 1) * sizeof(int)), found = 0;
    for (int pc = 0; m && past && list && !found && pc < n; pc++) {
        const prog_insn *in = &p->ins[pc];
        const int r = in->rpc;
        if (!p->reachable[pc] || in->unit != PU_BRA || in->guard < 0 || in->uniform || p->succ[pc][1] < 0 ||
            r < 0 || r >= n)
            continue;
        int bar[2] = {0, 0}, later = 0, store = 0, loop = 0;
        for (int j = 0; j < 2; j++) {
            const unsigned cnt = prog_region_pcs(p, p->succ[pc][j], r, m, list);
            for (unsigned i = 0; i < cnt; i++) {
                bar[j] |= p->ins[list[i]].unit == PU_BAR;
                for (int k = 0; k < 2; k++) /* a back edge inside: a loop */
                    loop |= p->succ[list[i]][k] >= 0 && p->succ[list[i]][k] <= list[i] && m[p->succ[list[i]][k]];
            }
            /* a loop's test (o0loop's tidloop), or a loop on the barrier's
             * side (sharedflag_hoisted): not this shape */
            loop |= m[pc];
        }
        const unsigned cnt = prog_region_pcs(p, r, -1, past, list); /* from the join on */
        for (unsigned i = 0; i < cnt; i++) {
            later |= p->ins[list[i]].unit == PU_BAR;
            store |= p->ins[list[i]].unit == PU_ST || p->ins[list[i]].unit == PU_ATOM;
        }
        /* the side without the barrier goes straight to the join, which
         * stores on the way out */
        found = bar[0] != bar[1] && p->succ[pc][bar[0] ? 1 : 0] == r && store && !later && !loop;
    }
    free(m);
    free(past);
    free(list);
    return found;
}

static void barrier_hint(prog *p, char *err, size_t errlen)
{
    char *c = strstr(err, " (inside a branch on a thread-dependent condition)");
    if (!c || !p->n) return;
    int ret = return_cause(p); /* before frame_loads_cause analyses again */
    int skip = ret ? 0 : skip_cause(p);
    if (frame_loads_cause(p))
        snprintf(c, errlen - (size_t)(c - err),
                 ": the condition is loaded from the stack frame (ld [%%SP+k], where clang -O0 "
                 "keeps every variable), whose slots the divergence analysis cannot follow once "
                 "the frame's address escapes (a local array at a variable index, the address "
                 "stored or passed on); compile with -O1 or more");
    else if (ret == 2)
        snprintf(c, errlen - (size_t)(c - err),
                 " after a branch to the exit on a thread-dependent condition (an early return, "
                 "if (i >= n) return; before __syncthreads()) whose returning side stores, reads "
                 "global or shared memory, or synchronises its warp before the exit: a barrier "
                 "counts a returning thread as exited only when nothing it still does can be "
                 "seen by, or see, another thread; move that work after the barrier or keep every "
                 "thread to the barrier (if (i < n) { ... })");
    else if (skip)
        snprintf(c, errlen - (size_t)(c - err),
                 " (inside a branch on a thread-dependent condition: one side skips the barrier "
                 "and the two join only after it, in a tail that stores; where the source has an "
                 "early return whose returning side stores, if (t >= w) { out[i] = 0; return; } "
                 "before __syncthreads() and out[i] = v; after it, clang sank that store into the "
                 "tail both sides share, so the PTX has no return there and the threads that skip "
                 "wait at the join while the others wait at the barrier; keep every thread to the "
                 "barrier and store after it)");
    else if (ret)
        snprintf(c, errlen - (size_t)(c - err),
                 " after a branch to the exit on a thread-dependent condition (an early return, "
                 "if (i >= n) return; before __syncthreads(), or an exit edge clang left in the "
                 "graph): the threads that stay are split by another thread-dependent branch "
                 "that reconverges only after the barrier (or leave a loop only by returning), "
                 "and a stack-based mechanism would hold one side of them while the other waits "
                 "at the barrier; keep every thread to the barrier (if (i < n) { ... })");
}

/* What a launch must satisfy before any file is read: 0, or -1 with one
 * line in err. */
int launch_build_check(const launch *l, const launch_limits *lim, char *err, size_t errlen)
{
    const char *lf = l->file[0] ? l->file : l->is_cuda ? "--cuda" : "--ptx";
    if (!l->ptx[0]) return lerr(err, errlen, lf, "no ptx (or cuda) file given");
    if (!l->entry[0])
        return lerr(err, errlen, lf, "no entry given (an 'entry NAME' line or --entry NAME)");
    if (!l->mem_bytes && l->nbuf) return lerr(err, errlen, lf, "buffers without mem_bytes");
    if (l->mem_bytes > lim->max_mem)
        return lerr(err, errlen, l->w_mem, "mem_bytes %llu above the limit %llu",
                    (unsigned long long)l->mem_bytes, (unsigned long long)lim->max_mem);
    uint64_t threads = (uint64_t)l->block[0] * l->block[1] * l->block[2];
    if (threads > lim->max_block_threads)
        return lerr(err, errlen, l->w_block[0] ? l->w_block : lf, "block of %llu threads, above the configuration's %u",
                    (unsigned long long)threads, lim->max_block_threads);
    for (int i = 0; i < 3; i++)
        if (l->grid[i] > lim->max_grid[i])
            return lerr(err, errlen, l->w_grid[0] ? l->w_grid : lf, "grid dimension %c = %u above the configuration's %u",
                        "xyz"[i], l->grid[i], lim->max_grid[i]);
    for (unsigned i = 0; i < l->nbuf; i++) {
        const launch_buffer *b = &l->buf[i];
        if (b->addr > l->mem_bytes || b->bytes > l->mem_bytes - b->addr)
            return lerr(err, errlen, b->where, "buffer '%s' [0x%llx, 0x%llx) outside mem_bytes %llu", b->name,
                        (unsigned long long)b->addr, (unsigned long long)(b->addr + b->bytes),
                        (unsigned long long)l->mem_bytes);
        for (unsigned j = 0; j < i; j++) {
            const launch_buffer *c = &l->buf[j];
            if (b->addr < c->addr + c->bytes && c->addr < b->addr + b->bytes)
                return lerr(err, errlen, b->where, "buffer '%s' overlaps '%s'", b->name, c->name);
        }
    }
    return 0;
}

/* A CUDA launch's source compiled into tmp ("/tmp/warphw_cuda_XXXXXX",
 * made here): 0, or -1 with one line in err (nothing left behind). */
int launch_build_compile(const launch *l, char *tmp, char *err, size_t errlen)
{
    int fd = mkstemp(tmp);
    if (fd < 0) return lerr(err, errlen, l->ptx, "cannot make a temporary file");
    close(fd);
    if (launch_compile_cuda(l->ptx, tmp, err, errlen)) {
        unlink(tmp);
        return -1;
    }
    return 0;
}

/* The module's entry (the PTX at ptxpath: l's, or its CUDA source's
 * compiled PTX) into p, without launch data (ptx_load).  0, or -1 with
 * one line in err. */
int launch_build_module(const launch *l, const char *ptxpath, prog *p, ptx_info *info, char *err,
                        size_t errlen)
{
    const char *lf = l->file[0] ? l->file : l->is_cuda ? "--cuda" : "--ptx";
    int rc = ptx_load(ptxpath, l->entry, l->mem_bytes, p, info, err, errlen);
    if (rc == -2) {
        char msg[700];
        snprintf(msg, sizeof msg, "%s", err);
        const char *q = strstr(msg, "no .entry");
        return lerr(err, errlen, l->w_entry[0] ? l->w_entry : lf, "%s", q ? q : msg);
    }
    if (rc) return -1;
    if (l->is_cuda) snprintf(p->file, sizeof p->file, "%.255s", l->ptx);
    return 0;
}

/* The launch's own data into p, whose shared_bytes holds the entry's
 * static .shared bytes: the parameter block (checked against the entry's
 * parameters), grid, block, shared bytes, global memory.  0, or -1 with
 * one line in err (p's param and global_init may be allocated). */
int launch_build_data(const launch *l, const launch_limits *lim, const ptx_info *info, prog *p,
                      char *err, size_t errlen)
{
    const char *lf = l->file[0] ? l->file : l->is_cuda ? "--cuda" : "--ptx";
    /* parameters */
    const char *pw = l->w_params[0] ? l->w_params : lf;
    if (l->nparam != info->nparam)
        return lerr(err, errlen, pw, "entry '%s' takes %u parameters, the launch gives %u", l->entry,
                    info->nparam, l->nparam);
    p->param_bytes = info->param_bytes;
    p->param = calloc(info->param_bytes ? info->param_bytes : 1, 1);
    if (!p->param) return lerr(err, errlen, lf, "out of memory");
    for (unsigned i = 0; i < l->nparam; i++) {
        const launch_param *lp = &l->param[i];
        const ptx_param *pp = &info->param[i];
        if (!type_compatible(lp, pp)) {
            int agg = pp->type == T_B8 && pp->bytes > 1;
            char want[64], got[64];
            if (agg) snprintf(want, sizeof want, "a %u-byte aggregate (param bytes HEX)", pp->bytes);
            else snprintf(want, sizeof want, "%s", tname(pp->type));
            if (lp->blob) snprintf(got, sizeof got, "%u bytes", lp->blob);
            else snprintf(got, sizeof got, "%s", tname(lp->type));
            return lerr(err, errlen, lp->where, "parameter %u ('%s') is %s in the PTX, not %s", i,
                        pp->name, want, got);
        }
        if (launch_param_bytes(l, i, p->param + pp->offset, pp->bytes, err, errlen)) return -1;
    }
    /* launch geometry and memory */
    for (int i = 0; i < 3; i++) {
        p->grid[i] = l->grid[i];
        p->block[i] = l->block[i];
    }
    if (l->shared_dynamic && !info->extern_align) {
        /* no .extern .shared array: the bytes are allocated, nothing reads them */
    }
    p->shared_bytes = p->shared_bytes + l->shared_dynamic;
    if (p->shared_bytes > lim->max_shared)
        return lerr(err, errlen, l->w_shared[0] ? l->w_shared : lf,
                    "%llu bytes of shared memory per CTA (%llu static), above the configuration's %llu",
                    (unsigned long long)p->shared_bytes, (unsigned long long)info->shared_static,
                    (unsigned long long)lim->max_shared);
    p->global_bytes = info->ngvar ? (info->gvar_end + 3) / 4 * 4 : l->mem_bytes;
    if (p->global_bytes > lim->max_mem + (1u << 24))
        return lerr(err, errlen, lf, "global memory of %llu bytes is too large",
                    (unsigned long long)p->global_bytes);
    p->global_init = calloc(p->global_bytes ? p->global_bytes : 1, 1);
    if (!p->global_init) return lerr(err, errlen, lf, "out of memory");
    if (launch_memory(l, p->global_init, l->mem_bytes, err, errlen)) return -1;
    if (info->ngvar) {
        uint64_t base = (l->mem_bytes + 255) / 256 * 256;
        memcpy(p->global_init + base, info->gvar_init, info->gvar_end - base);
    }
    return 0;
}

/* The regions of global memory an access may touch (l's buffers and the
 * module's variables), then prog_analyse.  0, or -1 with one line in err. */
int launch_build_analyse(const launch *l, const ptx_info *info, prog *p, char *err, size_t errlen)
{
    const char *lf = l->file[0] ? l->file : l->is_cuda ? "--cuda" : "--ptx";
    if (l->nbuf) {
        ptx_var *r = calloc(l->nbuf + info->ngvar, sizeof *r);
        if (!r) return lerr(err, errlen, lf, "out of memory");
        for (unsigned i = 0; i < l->nbuf; i++) {
            snprintf(r[i].name, sizeof r[i].name, "%s", l->buf[i].name);
            r[i].addr = l->buf[i].addr;
            r[i].bytes = l->buf[i].bytes;
        }
        for (unsigned i = 0; i < info->ngvar; i++) r[l->nbuf + i] = info->gvar[i];
        ptx_set_regions(p, r, l->nbuf + info->ngvar);
        free(r);
    }
    if (prog_analyse(p, err, errlen)) {
        barrier_hint(p, err, errlen);
        return -1;
    }
    return 0;
}

int launch_build(const launch *l, const launch_limits *lim, prog *p, char *err, size_t errlen)
{
    memset(p, 0, sizeof *p);
    if (launch_build_check(l, lim, err, errlen)) return -1;
    char tmp[] = "/tmp/warphw_cuda_XXXXXX";
    if (l->is_cuda && launch_build_compile(l, tmp, err, errlen)) return -1;
    ptx_info info;
    int rc = launch_build_module(l, l->is_cuda ? tmp : l->ptx, p, &info, err, errlen);
    if (l->is_cuda) unlink(tmp);
    if (rc) return -1;
    rc = launch_build_data(l, lim, &info, p, err, errlen) || launch_build_analyse(l, &info, p, err, errlen);
    ptx_info_free(&info);
    if (rc) prog_free(p);
    return rc ? -1 : 0;
}
