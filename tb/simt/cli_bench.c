/* SPDX-License-Identifier: Apache-2.0 */
/*
 * cli_bench.c -- build/simt --bench: warp-instructions simulated per
 * second of process CPU time, per mechanism, on one kernel or on the 16
 * generated kernels (docs/bench.md).  The loading and the runs are
 * cli.c's.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "cli_int.h"
#include "gen.h"

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* warp-instructions (issue slots) simulated per second of process CPU
 * time per mechanism, the structures' invariant checks off, the reference
 * check on (docs/bench.md) */
int run_bench(opts *o)
{
    unsigned nk = o->kernel ? 1 : 16;
    loaded *Ls = calloc(nk, sizeof *Ls);
    char err[1024];
    o->C.check = 0;
    for (unsigned i = 0; i < nk; i++) {
        char *t = o->kernel ? NULL : gen_kernel(1000 + i, 256);
        int rc = load(o, o->kernel ? o->kernel : "bench", t, &Ls[i], err, sizeof err);
        free(t);
        if (rc)
            die2("%s", err);
    }
    int rc = bench_loaded(o, Ls, nk, o->kernel ? o->kernel : "16 generated kernels (seeds 1000..1015)");
    for (unsigned i = 0; i < nk; i++)
        unload(&Ls[i]);
    free(Ls);
    return rc;
}

int bench_loaded(opts *o, const loaded *Ls, unsigned nk, const char *what)
{
    o->C.check = 0;
    int rc = 0;
    double logsum = 0;
    unsigned nrun = 0;
    const char *why[MAXM] = {0};
    for (unsigned j = 0; j < o->ns; j++) {
        /* a mechanism that cannot hold a kernel: a row under --mech all
         * (as in a report); one line and exit 2 before any work when named */
        for (unsigned i = 0; i < nk && !why[j]; i++) {
            core *c;
            if (!(why[j] = core_new(o->sel[j], &Ls[i].p, &Ls[i].ref, &o->C, &c)))
                core_free(c);
        }
        if (why[j] && (!o->all || param_names(o, o->sel[j])))
            die2("%s", why[j]);
    }
    printf("bench: %s, warp %u, simd %u, %u scheduler%s, invariant checks off, reference check "
           "on, process CPU time\n",
           what, o->C.warp_size,
           o->C.simd_width ? o->C.simd_width : o->C.warp_size, o->C.schedulers,
           plural(o->C.schedulers));
    printf("%-*s %14s %12s %10s %16s\n", name_width(), "mech", "warp_insts", "cycles", "cpu_s",
           "warp_insts/s");
    for (unsigned j = 0; j < o->ns; j++) {
        const char *e = why[j];
        if (e) {
            printf("%-*s cannot run: %s\n", name_width(), o->sel[j]->name, e);
            continue;
        }
        nrun++;
        uint64_t wi = 0, cyc = 0;
        double t0 = now_s(), t1 = t0;
        int reps = 0;
        do {
            for (unsigned i = 0; i < nk; i++) {
                core *c;
                if ((e = core_new(o->sel[j], &Ls[i].p, &Ls[i].ref, &o->C, &c)))
                    die2("%s", e);
                if (core_run(c) || core_finish(c)) {
                    fprintf(stderr, "simt: %s\n", core_error(c));
                    rc = 1;
                }
                wi += core_get_stats(c)->warp_insts;
                cyc += core_get_stats(c)->cycles;
                core_free(c);
            }
            reps++;
            t1 = now_s();
        } while (t1 - t0 < 1.0 && reps < 1000);
        double rate = (double)wi / (t1 - t0);
        printf("%-*s %14llu %12llu %10.3f %16.0f\n", name_width(), o->sel[j]->name, (unsigned long long)wi,
               (unsigned long long)cyc, t1 - t0, rate);
        logsum += log(rate);
    }
    if (nrun)
        printf("%-*s %55.0f\n", name_width(), "geomean", exp(logsum / nrun));
    return rc;
}
