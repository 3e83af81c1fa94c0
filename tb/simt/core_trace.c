/* SPDX-License-Identifier: Apache-2.0 */
/*
 * core_trace.c -- what the SM core records: the vector files of --trace-dir
 * (one per structure, tb/vec.h, replayed against the RTL), each cycle's
 * issue decisions in the VCD and the --log line per issue.
 */
#include <string.h>

#include "core_int.h"
#include "../../vcd/vcd.h"

/* ------------------------------------------------------------ record */
int core_tracing(const core *c) { return c->trace_dir != NULL && !c->failed; }
energy_counts *core_energy_counts(const core *c) { return (energy_counts *)&c->en; }
void *core_rec(core *c, unsigned idx) { return &c->rec[idx < CORE_REC_MAX ? idx : 0]; }

void core_rec_visit(void *ctx, const char *name, unsigned width, const uint64_t *value,
                    enum port_dir dir)
{
    recorder *r = ctx;
    if (r->n >= VEC_MAX_FIELDS - 1) {
        r->bad = 1;
        return;
    }
    r->f[r->n] = vec_field_make(name, width, dir);
    r->v[r->n] = value;
    r->n++;
}

static const uint64_t rec_zero[PORT_MAX_WORDS];

int core_rec_cycle(core *c, unsigned idx, const struct param_table *t, const void *cfg)
{
    recorder *r = core_rec(c, idx);
    if (r->bad)
        return core_fail(c, "--trace-dir: too many ports for a vector file");
    unsigned k = 0;
    if (!r->w) {
        struct vec_field hf[VEC_MAX_FIELDS];
        char params[512], err[512];
        hf[k++] = vec_field_make("rst", 1, PORT_IN);
        for (unsigned i = 0; i < r->n; i++)
            if (r->f[i].dir == PORT_IN)
                hf[k++] = r->f[i];
        for (unsigned i = 0; i < r->n; i++)
            if (r->f[i].dir == PORT_OUT)
                hf[k++] = r->f[i];
        params_format(t, cfg, 1, params, sizeof params);
        /* a second unit of the same structure (one per scheduler): STRUCT1 */
        unsigned same = 0;
        for (unsigned j = 0; j < CORE_REC_MAX; j++)
            same += &c->rec[j] != r && c->rec[j].w && !strcmp(c->rec[j].structure, t->structure);
        snprintf(r->structure, sizeof r->structure, "%s", t->structure);
        if (same)
            snprintf(r->path, sizeof r->path, "%s/%s-%s%u.vec", c->trace_dir, c->ops->name,
                     t->structure, same);
        else
            snprintf(r->path, sizeof r->path, "%s/%s-%s.vec", c->trace_dir, c->ops->name,
                     t->structure);
        r->w = vec_create(r->path, t->structure, params, hf, k, err, sizeof err);
        if (!r->w)
            return core_fail(c, "--trace-dir: %s", err);
        static const uint64_t one = 1;
        k = 0;
        r->vals[k++] = &one;
        for (unsigned i = 0; i < r->n; i++)
            if (r->f[i].dir == PORT_IN)
                r->vals[k++] = rec_zero;
        for (unsigned i = 0; i < r->n; i++)
            if (r->f[i].dir == PORT_OUT)
                r->vals[k++] = NULL;
        vec_write(r->w, r->vals);
    }
    k = 0;
    r->vals[k++] = rec_zero;
    for (unsigned i = 0; i < r->n; i++)
        if (r->f[i].dir == PORT_IN)
            r->vals[k++] = r->v[i];
    for (unsigned i = 0; i < r->n; i++)
        if (r->f[i].dir == PORT_OUT)
            r->vals[k++] = r->v[i];
    vec_write(r->w, r->vals);
    r->n = 0;
    return 0;
}

int core_trace_files(core *c, const char **paths, unsigned max)
{
    unsigned n = 0;
    int rc = 0;
    for (unsigned i = 0; i < CORE_REC_MAX; i++) {
        if (!c->rec || !c->rec[i].w)
            continue;
        if (vec_close_writer(c->rec[i].w))
            rc = -1;
        c->rec[i].w = NULL;
        if (n < max)
            paths[n++] = c->rec[i].path;
    }
    return rc ? -1 : (int)n;
}

/* ------------------------------------------------------ trace and log */
void core_trace_dec(core *c)
{
    struct vcd_writer *w = c->vcd;
    char nm[32];
    for (unsigned q = 0; q < core_dec_ports(c); q++) {
        const core_dec *d = &c->dec[q];
        const char *px = q ? nm : "issue";
        if (q)
            snprintf(nm, sizeof nm, "issue%u", q + 1);
        char s[48];
#define SIG(suffix, width, v)                                                                      \
    do {                                                                                           \
        snprintf(s, sizeof s, "%s_%s", px, suffix);                                                \
        vcd_sig(w, s, width, v);                                                                   \
    } while (0)
        SIG("valid", 1, d->valid);
        SIG("warp", 8, d->warp);
        SIG("ctx", 2, d->ctx);
        SIG("pc", 16, d->valid ? (uint64_t)d->pc : 0);
        SIG("mask", c->WS, d->mask);
        SIG("threads", 8, d->threads);
#undef SIG
    }
    /* at_wsync: the threads held at a narrow warp's rendezvous (core_held),
     * only in a run that has it (then not in at_barrier) */
    unsigned ex = 0, bar = 0, held = 0;
    for (unsigned t = 0; t < c->T; t++) {
        ex += c->gtid[t] != UINT64_MAX && !c->live[t];
        bar += c->at_bar[t];
        held += core_held(c, t);
    }
    vcd_sig(w, "exited", 16, ex);
    vcd_sig(w, "at_barrier", 16, bar - held);
    if (c->wsw)
        vcd_sig(w, "at_wsync", 16, held);
    vcd_sig(w, "done", 1, (uint64_t)c->done);
}

static void log_mask(core *c, uint64_t mask)
{
    fputc(' ', c->log);
    for (unsigned l = 0; l < c->WS; l++)
        fputc(mask >> l & 1u ? '1' : '.', c->log);
}

static void op_name(const prog_insn *in, char *out, size_t n)
{
    size_t i = 0;
    const char *tx = in->text;
    if (tx[0] == '@') /* the guard: the op is the next word */
        while (*tx && *tx != ' ')
            tx++;
    while (*tx == ' ')
        tx++;
    while (tx[i] && tx[i] != ' ' && i + 1 < n) {
        out[i] = tx[i];
        i++;
    }
    out[i] = 0;
}

/* One line per issue port that issued: cycle, mechanism, warp (unit),
 * context, PC, op, source line, lanes (lane 0 first). */
void core_log_cycle(core *c)
{
    for (unsigned q = 0; q < core_dec_ports(c); q++) {
        const core_dec *d = &c->dec[q];
        if (!d->valid || d->with >= 0)
            continue;
        char op[16];
        op_name(&c->p->ins[d->pc], op, sizeof op);
        fprintf(c->log, "%6llu %s warp %-3u", (unsigned long long)c->cycle, c->ops->name,
                d->warp);
        if (c->ops->nctx > 1)
            fprintf(c->log, " %c", "LR"[d->ctx & 1]);
        fprintf(c->log, " pc %-4d %-5s line %-4d", d->pc, op, c->p->ins[d->pc].line);
        log_mask(c, d->mask);
        for (unsigned j = 0; j < core_dec_ports(c); j++) {
            const core_dec *e = &c->dec[j];
            if (!e->valid || e->with != (int)q)
                continue;
            if (e->warp == d->warp)
                fprintf(c->log, " secondary pc %-4d line %-4d", e->pc, c->p->ins[e->pc].line);
            else
                fprintf(c->log, " with warp %u pc %-4d line %-4d", e->warp, e->pc,
                        c->p->ins[e->pc].line);
            log_mask(c, e->mask);
        }
        fputc('\n', c->log);
    }
}
