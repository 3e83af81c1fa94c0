/* SPDX-License-Identifier: Apache-2.0 */
/*
 * cli_seq.c -- build/simt on a launch file of several launches (launch.h:
 * `launch`, `for`, `do`/`while`, `store`): each launch is one run of
 * cli.c's (the reference, then every mechanism from reset), on the memory
 * the previous launch left; the report is cli_report.c's, of the sums.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli_int.h"
#include "layout.h"

/* A launch file of several launches (launch.h): each launch is one run as
 * above (the reference, then every mechanism from reset, compared with
 * the reference) on the memory the previous launch left; the statistics
 * are summed.  A difference stops the sequence and names the launch, so
 * every run's memory equals the reference's at each launch boundary and
 * the loops' decisions (taken on the reference's memory) are each run's. */
typedef struct {
    opts *o;
    uint8_t *mem;
    uint64_t bytes;
    result sum[MAXM];
    unsigned n;           /* launches run */
    loaded last;          /* the last launch (the report's kernel line) */
    int have_last;
    unsigned order_dep;   /* launches whose memory or flow depends on the order */
    char order_first[1200];
    /* what is not compared in them, by entry (the summary's lines) */
    struct {
        char name[sizeof ((prog *)0)->name];
        unsigned n, mem, flow, regs; /* launches; of them: bytes, flow, registers left out */
        uint64_t bytes;              /* the most bytes one of them left out */
    } od[16];
    unsigned nod;
    loaded *kept;         /* --bench: every launch, loaded, its reference run */
    unsigned nkept;
} seq_ctx;

/* The memory the reference left after launch L: the next launch's */
static void seq_carry(seq_ctx *c, const loaded *L)
{
    if (L->ref.global_bytes > c->bytes) {
        uint8_t *m = realloc(c->mem, L->ref.global_bytes);
        if (!m)
            die2("out of memory");
        c->mem = m;
    }
    c->bytes = L->ref.global_bytes;
    memcpy(c->mem, L->ref.global, L->ref.global_bytes);
}

static uint8_t *seq_mem(void *v, uint64_t *bytes)
{
    seq_ctx *c = v;
    *bytes = c->bytes;
    return c->mem;
}

static void seq_add(seq_ctx *c, const result *res, const char *desc)
{
    for (unsigned i = 0; i < c->o->ns; i++) {
        result *s = &c->sum[i];
        const result *r = &res[i];
        if (!r->ran) {
            if (!c->n || s->ran)
                snprintf(s->why, sizeof s->why, "%.150s: %.240s", desc, r->why);
            s->ran = 0;
            continue;
        }
        if (!c->n) {
            *s = *r;
            continue;
        }
        if (!s->ran)
            continue;
        uint64_t *a = (uint64_t *)&s->st;
        const uint64_t *b = (const uint64_t *)&r->st;
        for (size_t k = 0; k < sizeof s->st / sizeof *a; k++)
            a[k] += b[k];
        s->cols = r->cols; /* the mechanism's own columns: the last launch's */
        s->area = r->area;
        energy_result *e = &s->en;
        if (!e->cycles || !r->en.cycles || e->n != r->en.n) {
            e->cycles = 0;
            if (!s->en_why[0])
                snprintf(s->en_why, sizeof s->en_why, "not estimated for every launch");
            continue;
        }
        e->cycles += r->en.cycles;
        e->runtime_us += r->en.runtime_us;
        e->dyn_nj += r->en.dyn_nj;
        e->leak_nj += r->en.leak_nj;
        e->energy_nj += r->en.energy_nj;
        e->power_mw = e->runtime_us > 0 ? e->energy_nj / e->runtime_us : 0;
        e->edp = e->energy_nj * e->runtime_us;
        for (unsigned k = 0; k < e->n; k++) {
            e->item[k].dyn_nj += r->en.item[k].dyn_nj;
            e->item[k].leak_nj += r->en.item[k].leak_nj;
        }
        energy_items_str(e, s->en_what, sizeof s->en_what);
        snprintf(s->en_counts, sizeof s->en_counts, "%s", r->en_counts);
    }
}

/* path with ".N" before its extension (after its last '/') */
static const char *seq_numbered(char *out, size_t n, const char *path, unsigned k)
{
    const char *sl = strrchr(path, '/'), *dot = strrchr(path, '.');
    if (!dot || (sl && dot < sl) || dot == (sl ? sl + 1 : path))
        snprintf(out, n, "%s.%u", path, k);
    else
        snprintf(out, n, "%.*s.%u%s", (int)(dot - path), path, k, dot);
    return out;
}

static int seq_one(void *v, const launch *step, const char *desc)
{
    seq_ctx *c = v;
    opts *o = c->o;
    o->lch = *step;
    o->seq_mem = c->mem;
    o->seq_mem_bytes = c->bytes;
    loaded L;
    char msg[1200] = "";
    int rc = load(o, o->kernel, NULL, &L, msg, sizeof msg);
    if (rc) {
        fprintf(stderr, "%s (%s)\n", msg, desc);
        return rc;
    }
    if (o->bench) { /* kept for bench_loaded, which runs the mechanisms */
        loaded *k = realloc(c->kept, (c->nkept + 1) * sizeof *k);
        if (!k)
            die2("out of memory");
        c->kept = k;
        c->kept[c->nkept++] = L;
        c->n++;
        seq_carry(c, &L);
        return 0;
    }
    /* waveforms and traces: each launch's its own (FILE.vcd -> FILE.N.vcd,
     * DIR -> DIR/launchN) */
    const char *vcd0 = o->vcd, *fst0 = o->fst, *tr0 = o->trace_dir;
    char vcd[1100], fst[1100], tr[1100];
    if (vcd0)
        o->vcd = seq_numbered(vcd, sizeof vcd, vcd0, c->n + 1);
    if (fst0)
        o->fst = seq_numbered(fst, sizeof fst, fst0, c->n + 1);
    if (tr0) {
        snprintf(tr, sizeof tr, "%s/launch%u", tr0, c->n + 1);
        if (mkdir(tr, 0777) && errno != EEXIST)
            die2("--trace-dir: cannot create '%s': %s", tr, strerror(errno));
        o->trace_dir = tr;
    }
    result res[MAXM];
    rc = run_all(o, &L, res, 1, msg, sizeof msg);
    o->vcd = vcd0;
    o->fst = fst0;
    o->trace_dir = tr0;
    if (rc) {
        if (rc == 2)
            fprintf(stderr, "simt: %s (%s)\n", msg, desc);
        else
            fprintf(stderr, "simt: %s: %s: %s\n", L.p.file, desc, msg);
        unload(&L);
        return rc;
    }
    seq_add(c, res, desc);
    c->n++;
    seq_carry(c, &L);
    const refp_result *rf = &L.ref;
    if ((rf->mem_cmp && (rf->order_bytes || rf->atom_flow || rf->order_regs)) ||
        rf->order_err[0]) { /* order_err: another order stopped (atom_flow 2) */
        if (!c->order_dep++)
            snprintf(c->order_first, sizeof c->order_first, "%s", desc);
        unsigned k = 0;
        while (k < c->nod && strcmp(c->od[k].name, L.p.name))
            k++;
        if (k == c->nod && c->nod < 16)
            snprintf(c->od[c->nod++].name, sizeof c->od[k].name, "%s", L.p.name);
        if (k < c->nod) {
            c->od[k].n++;
            c->od[k].mem += rf->order_bytes != 0;
            c->od[k].flow += rf->atom_flow != 0;
            c->od[k].regs += !rf->atom_flow && rf->order_regs;
            if (rf->order_bytes > c->od[k].bytes)
                c->od[k].bytes = rf->order_bytes;
        }
    }
    if (c->have_last)
        unload(&c->last);
    c->last = L;
    c->have_last = 1;
    return 0;
}

int run_seq(opts *o)
{
    const char *no = o->grid       ? "--grid (copies of one CTA of one launch)"
                     : o->show_cfg ? "--show-cfg (run it on a one-launch file per entry)"
                     : o->show_scalar ? "--show-scalar (run it on a one-launch file per entry)"
                                      : NULL;
    if (no)
        die2("%s: a sequence of launches cannot be run with %s", o->lch.file, no);
    launch lc = o->lch;
    /* a CUDA source: compiled once for every launch */
    char tmp[] = "/tmp/warphw_cuda_XXXXXX", err[1400];
    if (lc.is_cuda) {
        int fd = mkstemp(tmp);
        if (fd < 0)
            die2("%s: cannot make a temporary file", lc.ptx);
        close(fd);
        if (launch_compile_cuda(lc.ptx, tmp, err, sizeof err)) {
            unlink(tmp);
            die2("%s", err);
        }
        snprintf(lc.ptx, sizeof lc.ptx, "%s", tmp);
        lc.is_cuda = 0;
    }
    int cuda = o->lch.is_cuda;
    char cu[sizeof o->lch.ptx];
    snprintf(cu, sizeof cu, "%s", o->lch.ptx);
    if (cuda)
        o->seq_cu = cu;
    seq_ctx c;
    memset(&c, 0, sizeof c);
    c.o = o;
    /* each entry's program is loaded and analysed once, and shared by its
     * launches (launch.h launch_cache); not under --layout, which lays the
     * program out again for each launch (layout.c takes it over) */
    if (o->C.layout == LAYOUT_GIVEN && !(o->seq_cache = launch_cache_new()))
        die2("out of memory");
    c.bytes = lc.mem_bytes;
    c.mem = calloc(c.bytes ? c.bytes : 1, 1);
    if (!c.mem || launch_memory(&lc, c.mem, c.bytes, err, sizeof err))
        die2("%s", c.mem ? err : "out of memory");
    launch_seq_ops ops = {seq_one, seq_mem};
    unsigned n = 0;
    int rc = launch_seq_run(&lc, &ops, &c, &n, err, sizeof err);
    if (cuda)
        unlink(tmp);
    if (rc < 0)
        fprintf(stderr, "%s\n", err);
    if (o->log_f && o->log_f != stdout)
        fclose(o->log_f);
    if (!rc && !n) {
        fprintf(stderr, "%s: the sequence ran no launch (its loops ran no iteration)\n", lc.file);
        rc = 2;
    }
    if (o->bench) {
        /* --bench: the launches the sequence took, each run by every
         * mechanism from reset as in a report, timed together */
        char what[1200];
        snprintf(what, sizeof what, "%s (a sequence of %u launch%s)", lc.file, n,
                 n == 1 ? "" : "es");
        if (!rc)
            rc = bench_loaded(o, c.kept, c.nkept, what);
        for (unsigned i = 0; i < c.nkept; i++)
            unload(&c.kept[i]);
        free(c.kept);
        launch_cache_free(o->seq_cache);
        o->seq_cache = NULL;
        free(c.mem);
        return rc == -3 ? 1 : rc < 0 ? 2 : rc;
    }
    /* the waveform paths as given hold nothing: each launch has its own */
    if (o->vcd)
        remove(o->vcd);
    if (o->fst)
        remove(o->fst);
    if (!rc && o->format == 0 && (o->vcd || o->fst)) {
        char last[1100];
        printf("waveforms: one file a launch, %s .. %s\n",
               seq_numbered(err, sizeof err, o->vcd ? o->vcd : o->fst, 1),
               seq_numbered(last, sizeof last, o->vcd ? o->vcd : o->fst, n));
    }
    if (!rc) {
        if (o->dump_f) {
            dump_mem(o->dump_f, c.mem, c.bytes);
            if (o->dump_f != stdout && fclose(o->dump_f))
                die2("--dump-mem: writing '%s' failed", o->dump_mem);
        }
        const char *en[16];
        unsigned ne = launch_entries(&lc, en, 16);
        if (o->format == 0) {
            printf("sequence %s: %u launch%s of", lc.file, n, n == 1 ? "" : "es");
            for (unsigned i = 0; i < ne; i++)
                printf("%s %s", i ? "," : "", en[i]);
            printf("; the statistics are their sums, the kernel line is the last launch's, "
                   "memory compared after every launch\n");
        }
        o->seq_launches = n;
        report(o, &c.last, c.sum);
        if (o->format == 0 && c.order_dep) {
            printf("order: %u of the %u launches are order-dependent (atomics or a race; the first: "
                   "%s); every run continues from the reference's memory; by entry, what is not "
                   "compared (the rest is):\n",
                   c.order_dep, n, c.order_first);
            for (unsigned k = 0; k < c.nod; k++) {
                char line[600];
                size_t l = 0;
                unsigned cnt[3] = {c.od[k].mem, c.od[k].flow, c.od[k].regs};
                for (int w = 0; w < 3; w++) {
                    if (!cnt[w])
                        continue;
                    char in[40] = "";
                    if (cnt[w] < c.od[k].n)
                        snprintf(in, sizeof in, "in %u of them ", cnt[w]);
                    if (w == 0)
                        l += (size_t)snprintf(line + l, sizeof line - l,
                                              "%s%sup to %llu bytes of global memory",
                                              l ? "; " : "", in,
                                              (unsigned long long)c.od[k].bytes);
                    else
                        l += (size_t)snprintf(line + l, sizeof line - l, "%s%s%s",
                                              l ? "; " : "", in,
                                              w == 1 ? "PC sequences, instruction counts and "
                                                       "final registers"
                                                     : "some final registers (a race)");
                }
                printf("order:   %s (%u launch%s): not compared: %s%s\n", c.od[k].name, c.od[k].n,
                       c.od[k].n == 1 ? "" : "es", line,
                       c.od[k].mem ? "" : "; global memory compared whole");
            }
        }
        if (o->svg_f) {
            write_svg(o->svg_f, o, &c.last, c.sum);
            if (o->svg_f != stdout)
                fclose(o->svg_f);
        }
    }
    if (c.have_last)
        unload(&c.last);
    launch_cache_free(o->seq_cache);
    o->seq_cache = NULL;
    free(c.mem);
    return rc == -3 ? 1 : rc < 0 ? 2 : rc;
}
