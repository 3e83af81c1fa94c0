/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ptxref.c -- build/ptxref: runs a PTX or CUDA kernel through the scalar
 * reference on prog (tb/simt/ref.c refp_run) with the PTX front end
 * (tb/simt/ptx*.c) and the launch file (tb/simt/launch.c), without the SM
 * model: the front end's end-to-end check (issue 25).
 *
 *   build/ptxref --launch FILE [--dump-mem OUT] [--expect MEMFILE] [--KEY VALUE]...
 *   build/ptxref --ptx FILE --entry NAME [--KEY VALUE]...     (no launch file)
 *
 * The launch flags are launch_take_args' (launch.h: --launch, --ptx, --cuda,
 * --entry, --launch-set "KEY VALUE"), as in build/simt; here --KEY VALUE
 * also overrides a launch key (grid, block, shared_dynamic, mem_bytes,
 * mem_init, buffer, params "TYPE VALUE, ..."; --param I=VALUE or
 * NAME=VALUE changes one parameter).  --expect compares
 * the final global memory with a mem_init-format file (a host reference):
 * "ptxref: equal" or the first differing word, exit 1.  A sequence file
 * (launch.h) runs its steps in order, each on the memory the previous one
 * left, a line each; --dump-mem and --expect see the memory after the
 * last.  Exit status: 0 ok,
 * 1 a run error (out-of-range access: thread, PC, PTX line, address) or a
 * difference, 2 a bad flag, launch file or PTX (one line).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simt/launch.h"
#include "simt/ref.h"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: build/ptxref --launch FILE [--dump-mem OUT] [--expect MEMFILE] [--KEY VALUE]...\n"
            "       build/ptxref --ptx FILE --entry NAME [--KEY VALUE]...\n"
            "  --dump-mem FILE    final global memory, one 32-bit hex word a line\n"
            "  --expect FILE      compare the final global memory with FILE (exit 1 on a difference)\n"
            "  --max-steps N      thread-instructions per thread (default 100000000)\n"
            "  --warp N           warp size for %%laneid/%%warpid (default 32)\n"
            "  --ptx FILE, --cuda FILE, --entry NAME   the kernel (or the launch file's keys)\n"
            "  --launch-set \"KEY VALUE\"  any launch key, after the file (as build/simt)\n"
            "  --KEY VALUE        the same: grid block shared_dynamic mem_bytes mem_init buffer\n"
            "                     params; --param I=VALUE or NAME=VALUE\n");
}

static int die2(const char *msg)
{
    fprintf(stderr, "%s\n", msg);
    return 2;
}

/* the memory carried from launch to launch */
typedef struct {
    unsigned warp;
    uint64_t max_steps, insts, bytes;
    uint8_t *mem;
    launch_cache *cache;  /* each entry's program, loaded once (launch.h) */
} ref_seq;

static uint8_t *ref_mem(void *v, uint64_t *bytes)
{
    ref_seq *q = v;
    *bytes = q->bytes;
    return q->mem;
}

/* one launch through the reference: 0, or the exit status (its line printed) */
static int ref_step(void *v, const launch *l, const char *desc)
{
    ref_seq *q = v;
    char err[2048];
    launch_limits lim;
    launch_default_limits(&lim);
    prog p;
    if (launch_build_cached(q->cache, l, &lim, &p, err, sizeof err)) {
        fprintf(stderr, "%s%s%s%s\n", err, desc[0] ? " (" : "", desc, desc[0] ? ")" : "");
        return 2;
    }
    if (p.nwsync && q->warp != PROG_WARP) { /* warp-synchronous: warps of 32 (prog.h) */
        fprintf(stderr, "%s: shfl/vote/activemask/bar.warp.sync need warps of %u threads (--warp %u)\n",
                p.file, PROG_WARP, q->warp);
        prog_free(&p);
        return 2;
    }
    if (q->bytes) /* a sequence's launch: the memory the previous one left */
        memcpy(p.global_init, q->mem, q->bytes < p.global_bytes ? q->bytes : p.global_bytes);
    refp_result r;
    ptx_set_output(&p, stdout); /* device printf (tb/simt/ptx_lib.c) */
    int rr = refp_run(&p, q->warp, q->max_steps, 0, &r, err, sizeof err);
    fflush(stdout);
    if (rr) {
        fprintf(stderr, "%s%s%s%s\n", err, desc[0] ? " (" : "", desc, desc[0] ? ")" : "");
        refp_free(&r); /* what the reference allocated before it stopped */
        prog_free(&p);
        return rr == -2 ? 2 : 1; /* -2: a warp-synchronous instruction CUDA leaves undefined */
    }
    printf("ptxref: %s %s grid %u,%u,%u block %u,%u,%u: %llu thread-instructions%s%s%s\n", p.file, p.name,
           p.grid[0], p.grid[1], p.grid[2], p.block[0], p.block[1], p.block[2],
           (unsigned long long)r.thread_insts, desc[0] ? " (" : "", desc, desc[0] ? ")" : "");
    q->insts += r.thread_insts;
    if (r.global_bytes > q->bytes) {
        uint8_t *m = realloc(q->mem, r.global_bytes);
        if (!m) {
            fprintf(stderr, "ptxref: out of memory\n");
            refp_free(&r);
            prog_free(&p);
            return 1;
        }
        q->mem = m;
    }
    q->bytes = r.global_bytes;
    memcpy(q->mem, r.global, r.global_bytes);
    refp_free(&r);
    prog_free(&p);
    return 0;
}

int main(int argc, char **argv)
{
    char err[2048];
    launch l;
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            usage(stdout);
            return 0;
        }
    if (launch_take_args(&l, &argc, argv, err, sizeof err) < 0) return die2(err);
    const char *dump = NULL, *expect = NULL;
    uint64_t max_steps = 100000000ull;
    unsigned warp = 32;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strncmp(a, "--", 2)) {
            fprintf(stderr, "ptxref: unexpected argument '%s'\n", a);
            return 2;
        }
        if (i + 1 >= argc) {
            fprintf(stderr, "ptxref: %s needs a value\n", a);
            return 2;
        }
        const char *v = argv[++i];
        if (!strcmp(a, "--dump-mem")) dump = v;
        else if (!strcmp(a, "--expect")) expect = v;
        else if (!strcmp(a, "--max-steps")) {
            char *e;
            max_steps = strtoull(v, &e, 10);
            if (*e || !max_steps || v[0] == '-') return die2("ptxref: --max-steps takes a positive number");
        } else if (!strcmp(a, "--warp")) {
            char *e;
            unsigned long w = strtoul(v, &e, 10);
            if (*e || w < 1 || w > 64 || (w & (w - 1))) return die2("ptxref: --warp takes 1..64, a power of two");
            warp = (unsigned)w;
        } else {
            char where[64];
            snprintf(where, sizeof where, "%.60s", a);
            if (launch_set(&l, a + 2, v, where, 1, err, sizeof err)) return die2(err);
        }
    }
    /* one launch, or a sequence's steps (launch.h), each on the memory the
     * previous one left (launch_seq_run) */
    ref_seq q = {.warp = warp, .max_steps = max_steps};
    q.bytes = l.nop ? l.mem_bytes : 0; /* one launch: its memory as launch_build makes it */
    q.mem = calloc(q.bytes ? q.bytes : 1, 1);
    if (!q.mem || (l.nop && launch_memory(&l, q.mem, q.bytes, err, sizeof err))) {
        if (!q.mem) snprintf(err, sizeof err, "ptxref: out of memory");
        free(q.mem);
        launch_free(&l);
        return die2(err);
    }
    launch_seq_ops ops = {ref_step, ref_mem};
    unsigned nl;
    if (!(q.cache = launch_cache_new())) {
        free(q.mem);
        launch_free(&l);
        return die2("ptxref: out of memory");
    }
    int rc = launch_seq_run(&l, &ops, &q, &nl, err, sizeof err);
    launch_cache_free(q.cache);
    if (rc < 0) fprintf(stderr, "%s\n", err);
    if (rc) {
        free(q.mem);
        launch_free(&l);
        return rc == -3 ? 1 : rc < 0 ? 2 : rc;
    }
    if (l.nop) printf("ptxref: %s: %u launches, %llu thread-instructions\n", l.file, nl, (unsigned long long)q.insts);
    refp_result r = {.global = q.mem, .global_bytes = q.bytes};
    if (dump && launch_write_mem(dump, r.global, r.global_bytes, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        rc = 2;
    }
    if (!rc && expect) {
        /* the launch's memory (mem_bytes): module variables live after it,
         * and a host reference has them as its own variables */
        uint64_t n = l.mem_bytes < r.global_bytes ? l.mem_bytes : r.global_bytes;
        uint8_t *want = calloc(n ? n : 1, 1);
        uint8_t *got = calloc(n ? n : 1, 1);
        if (!want || !got) {
            fprintf(stderr, "ptxref: out of memory\n");
            rc = 1;
        } else if (launch_read_mem(expect, want, n, err, sizeof err)) {
            fprintf(stderr, "%s\n", err);
            rc = 2;
        } else {
            memcpy(got, r.global, n);
            uint64_t a;
            for (a = 0; a < n; a += 4)
                if (memcmp(want + a, got + a, 4)) break;
            if (a < n) {
                uint32_t w = 0, g = 0;
                for (int k = 0; k < 4; k++) {
                    w |= (uint32_t)want[a + k] << (8 * k);
                    g |= (uint32_t)got[a + k] << (8 * k);
                }
                printf("ptxref: DIFFERENT at byte 0x%llx (word %llu): expected %08x, got %08x\n",
                       (unsigned long long)a, (unsigned long long)(a / 4), w, g);
                rc = 1;
            } else printf("ptxref: equal to %s\n", expect);
        }
        free(want);
        free(got);
    }
    free(q.mem);
    launch_free(&l);
    return rc;
}
