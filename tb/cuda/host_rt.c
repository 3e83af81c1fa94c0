/* SPDX-License-Identifier: Apache-2.0 */
/*
 * host_rt.c -- the host runtime of a CUDA kernel's host reference (issue
 * 25, section 4): the kernel's own source compiled for the host with
 * tb/cuda/warphw_cuda.h (host half), run over the launch file's grid the
 * way the reference runs PTX: CTAs one after another in linear order (x
 * fastest), each CTA's threads as coroutines (ucontext) in flat order, one
 * after another, each until __syncthreads() or its end; when every thread
 * still running waits at the barrier, all continue.  Memory and parameters
 * come from the same launch file (tb/simt/launch.c), so the host reference
 * and the PTX run start from the same bytes.
 *
 *   build/cuda_host/NAME --launch FILE --dump-mem OUT
 *
 * Linked with a generated C++ file that includes the kernel and defines
 * warphw_entry_names (the entries the launch file names, NULL-terminated),
 * warphw_thread_entry(k) (calls entry k with the launch's parameters) and
 * warphw_entry_nargs(k).  A sequence file (launch.h) runs its steps in
 * order on one memory, as build/simt does (launch_seq_run).  Module
 * variables (__device__ globals) live in the
 * host program, not in the dumped memory: the dump is the launch's
 * mem_bytes, which is what a comparison with the PTX run looks at.
 * Exit: 0, 1 when threads wait at a barrier nobody else reaches, 2 on a bad
 * flag or launch file.
 */
#define _XOPEN_SOURCE 700
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>

#include "../simt/launch.h"

typedef struct {
    unsigned x, y, z;
} warphw_u3;

warphw_u3 warphw_threadIdx, warphw_blockIdx, warphw_blockDim, warphw_gridDim;
unsigned char *warphw_mem;
unsigned char *warphw_dyn_shared;

extern const char *const warphw_entry_names[];
void warphw_thread_entry(unsigned k);
unsigned warphw_entry_nargs(unsigned k);

static const launch *g_launch;
static unsigned g_entry;
static ucontext_t sched_ctx;
static ucontext_t *tctx;
static uint8_t *tstate; /* 0 runnable, 1 at the barrier, 2 done */
static unsigned cur;

#define STACK_BYTES (256u * 1024u)

void warphw_param_bytes(unsigned i, void *out, size_t n)
{
    char err[512];
    if (launch_param_bytes(g_launch, i, out, n, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        exit(2);
    }
}

void warphw_syncthreads(void)
{
    tstate[cur] = 1;
    swapcontext(&tctx[cur], &sched_ctx);
}

/* __syncthreads_count/_and/_or: each arriving thread counts itself and its
 * predicate in the barrier's generation (two, alternating: a thread reads
 * its generation's counts after the release and before it can arrive at
 * the next barrier, whose release clears the other one) */
static unsigned red_gen, red_yes[2], red_arrived[2];

int warphw_syncthreads_red(int p, int op)
{
    unsigned g = red_gen & 1;
    red_yes[g] += p != 0;
    red_arrived[g]++;
    warphw_syncthreads();
    return op == 0 ? (int)red_yes[g] : op == 1 ? red_yes[g] == red_arrived[g] : red_yes[g] != 0;
}

static void trampoline(void)
{
    warphw_thread_entry(g_entry);
    tstate[cur] = 2;
}

static uint64_t mem_bytes;

static uint8_t *host_mem(void *ctx, uint64_t *bytes)
{
    (void)ctx;
    *bytes = mem_bytes;
    return warphw_mem;
}

/* one launch: the grid's CTAs one after another on warphw_mem */
static int host_launch(void *ctx, const launch *lp, const char *desc)
{
    (void)ctx;
    const launch l = *lp;
    g_launch = lp;
    unsigned k = 0;
    while (warphw_entry_names[k] && strcmp(warphw_entry_names[k], l.entry)) k++;
    if (!warphw_entry_names[k]) {
        fprintf(stderr, "%s: entry '%s' is not one the host reference was built with%s%s\n",
                l.w_entry[0] ? l.w_entry : l.file, l.entry, desc[0] ? " " : "", desc);
        return 2;
    }
    g_entry = k;
    if (l.nparam != warphw_entry_nargs(k)) {
        fprintf(stderr, "%s: the kernel takes %u parameters, the launch gives %u%s%s\n",
                l.w_params[0] ? l.w_params : l.file, warphw_entry_nargs(k), l.nparam,
                desc[0] ? " " : "", desc);
        return 2;
    }
    unsigned nt = l.block[0] * l.block[1] * l.block[2];
    free(tctx);
    free(tstate);
    free(warphw_dyn_shared);
    tctx = calloc(nt, sizeof *tctx);
    tstate = calloc(nt, 1);
    char *stacks = malloc((size_t)nt * STACK_BYTES);
    warphw_dyn_shared = calloc(l.shared_dynamic ? l.shared_dynamic : 1, 1);
    if (!tctx || !tstate || !stacks || !warphw_dyn_shared) {
        fprintf(stderr, "out of memory\n");
        return 2;
    }
    warphw_blockDim = (warphw_u3){l.block[0], l.block[1], l.block[2]};
    warphw_gridDim = (warphw_u3){l.grid[0], l.grid[1], l.grid[2]};
    for (unsigned cz = 0; cz < l.grid[2]; cz++)
        for (unsigned cy = 0; cy < l.grid[1]; cy++)
            for (unsigned cx = 0; cx < l.grid[0]; cx++) {
                warphw_blockIdx = (warphw_u3){cx, cy, cz};
                memset(warphw_dyn_shared, 0, l.shared_dynamic ? l.shared_dynamic : 1);
                red_gen = red_yes[0] = red_yes[1] = red_arrived[0] = red_arrived[1] = 0;
                for (unsigned t = 0; t < nt; t++) {
                    getcontext(&tctx[t]);
                    tctx[t].uc_stack.ss_sp = stacks + (size_t)t * STACK_BYTES;
                    tctx[t].uc_stack.ss_size = STACK_BYTES;
                    tctx[t].uc_link = &sched_ctx;
                    makecontext(&tctx[t], trampoline, 0);
                    tstate[t] = 0;
                }
                for (;;) {
                    for (unsigned t = 0; t < nt; t++) {
                        if (tstate[t] != 0) continue;
                        cur = t;
                        warphw_threadIdx = (warphw_u3){t % l.block[0], (t / l.block[0]) % l.block[1],
                                                       t / (l.block[0] * l.block[1])};
                        swapcontext(&sched_ctx, &tctx[t]);
                    }
                    unsigned waiting = 0;
                    for (unsigned t = 0; t < nt; t++)
                        if (tstate[t] == 1) {
                            waiting++;
                            tstate[t] = 0;
                        }
                    if (!waiting) break;
                    red_gen++; /* a release: the next barrier's counts start at 0 */
                    red_yes[red_gen & 1] = red_arrived[red_gen & 1] = 0;
                }
            }
    free(stacks);
    return 0;
}

int main(int argc, char **argv)
{
    static const char *lf, *dump;
    for (int i = 1; i < argc; i++) {
        if (i + 1 < argc && !strcmp(argv[i], "--launch")) lf = argv[++i];
        else if (i + 1 < argc && !strcmp(argv[i], "--dump-mem")) dump = argv[++i];
        else {
            fprintf(stderr, "%s: usage: %s --launch FILE --dump-mem OUT\n", argv[0], argv[0]);
            return 2;
        }
    }
    if (!lf || !dump) {
        fprintf(stderr, "%s: usage: %s --launch FILE --dump-mem OUT\n", argv[0], argv[0]);
        return 2;
    }
    char err[1400];
    static launch l;
    if (launch_load(lf, &l, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    mem_bytes = l.mem_bytes;
    warphw_mem = calloc(l.mem_bytes ? l.mem_bytes : 1, 1);
    if (!warphw_mem || launch_memory(&l, warphw_mem, l.mem_bytes, err, sizeof err)) {
        fprintf(stderr, "%s\n", warphw_mem ? err : "out of memory");
        return 2;
    }
    launch_seq_ops ops = {host_launch, host_mem};
    unsigned n;
    int rc = launch_seq_run(&l, &ops, NULL, &n, err, sizeof err);
    if (rc < 0) fprintf(stderr, "%s\n", err);
    if (rc) return rc == -3 ? 1 : rc < 0 ? 2 : rc;
    if (launch_write_mem(dump, warphw_mem, l.mem_bytes, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    return 0;
}
