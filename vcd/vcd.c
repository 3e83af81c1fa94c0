/* SPDX-License-Identifier: Apache-2.0 */
/*
 * vcd.c -- Value Change Dump writer (see vcd.h for the calling pattern).
 *
 * Output follows IEEE 1364-2005 sec. 18.2: $timescale, nested $scope module
 * blocks, $var wire declarations, $enddefinitions, an initial $dumpvars,
 * then #time blocks holding only the values that changed.
 */
#include "vcd.h"

#include <stdlib.h>
#include <string.h>

#include "../rtl_c/bits.h"

enum vcd_phase { VCD_DEFINE, VCD_DUMP, VCD_DEAD };

struct vcd_sigdef {
    char *name;     /* declared name, kept to check later passes */
    unsigned width;
    unsigned depth; /* scope nesting at declaration */
    uint64_t value[VCD_MAX_WORDS]; /* last value written, LSB word first */
};

/* Declarations are recorded as a list of events (scope/var/upscope) so the
 * header can be written in order at the end of the first pass. */
enum vcd_ev_kind { EV_SCOPE, EV_UPSCOPE, EV_VAR };
struct vcd_ev {
    enum vcd_ev_kind kind;
    char *name;   /* scope name for EV_SCOPE */
    unsigned sig; /* signal index for EV_VAR */
};

struct vcd_writer {
    FILE *f;
    char timescale[16];
    enum vcd_phase phase;
    int started;       /* vcd_time() seen */
    uint64_t t_first;  /* time of the first pass */
    uint64_t t_now;
    int t_written;     /* "#t_now" already written */
    unsigned depth;
    struct vcd_sigdef *sigs;
    unsigned nsigs, capsigs;
    struct vcd_ev *evs;
    unsigned nevs, capevs;
    unsigned cursor;   /* next signal index in the current pass */
    char err[160];
    int io_err;
};

static char *dup_str(const char *s)
{
    size_t n = strlen(s) + 1u;
    char *d = (char *)malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}

static void fail(vcd_writer *w, const char *what, const char *name)
{
    if (w->err[0] == '\0')
        snprintf(w->err, sizeof w->err, "vcd: %s%s%s", what, name ? ": " : "", name ? name : "");
    w->phase = VCD_DEAD;
}

/* The identifier code of signal i: base-94 digits over '!'..'~'. */
static void id_code(unsigned i, char out[8])
{
    unsigned n = 0;
    do {
        out[n++] = (char)('!' + (i % 94u));
        i /= 94u;
    } while (i && n < 7u);
    out[n] = '\0';
}

static void put_value(vcd_writer *w, unsigned i)
{
    char id[8];
    const struct vcd_sigdef *s = &w->sigs[i];
    id_code(i, id);
    if (s->width == 1u) {
        fprintf(w->f, "%u%s\n", (unsigned)(s->value[0] & 1u), id);
    } else {
        char buf[VCD_MAX_WIDTH + 8u];
        unsigned b, n = 0, top = 0, k;
        for (k = VCD_WORDS(s->width); k > 0u; k--)
            if (s->value[k - 1u]) {
                top = 64u * (k - 1u) + bits_fls(s->value[k - 1u]);
                break;
            }
        /* top: index of the highest set bit (0 for the value 0, printed b0) */
        for (b = top + 1u; b > 0u; b--)
            buf[n++] = (char)('0' + bits_get(s->value[(b - 1u) / 64u], (b - 1u) % 64u));
        buf[n] = '\0';
        fprintf(w->f, "b%s %s\n", buf, id);
    }
}

static int push_ev(vcd_writer *w, enum vcd_ev_kind k, const char *name, unsigned sig)
{
    if (w->nevs == w->capevs) {
        unsigned cap = w->capevs ? 2u * w->capevs : 64u;
        struct vcd_ev *e = (struct vcd_ev *)realloc(w->evs, cap * sizeof *e);
        if (!e)
            return -1;
        w->evs = e;
        w->capevs = cap;
    }
    w->evs[w->nevs].kind = k;
    w->evs[w->nevs].name = name ? dup_str(name) : NULL;
    w->evs[w->nevs].sig = sig;
    if (name && !w->evs[w->nevs].name)
        return -1;
    w->nevs++;
    return 0;
}

vcd_writer *vcd_open(const char *path, const char *timescale)
{
    vcd_writer *w = (vcd_writer *)calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->f = fopen(path, "w");
    if (!w->f) {
        free(w);
        return NULL;
    }
    snprintf(w->timescale, sizeof w->timescale, "%s", timescale ? timescale : "1ns");
    w->phase = VCD_DEFINE;
    return w;
}

void vcd_scope(vcd_writer *w, const char *name)
{
    if (w->phase == VCD_DEFINE && w->started) {
        if (push_ev(w, EV_SCOPE, name, 0) != 0)
            fail(w, "out of memory", NULL);
    }
    w->depth++;
}

void vcd_upscope(vcd_writer *w)
{
    if (w->depth == 0u) {
        fail(w, "vcd_upscope without a scope", NULL);
        return;
    }
    if (w->phase == VCD_DEFINE && w->started) {
        if (push_ev(w, EV_UPSCOPE, NULL, 0) != 0)
            fail(w, "out of memory", NULL);
    }
    w->depth--;
}

void vcd_sig(vcd_writer *w, const char *name, unsigned width, uint64_t value)
{
    if (width > 64u) {
        fail(w, "vcd_sig: signal width must be 1..64 (vcd_sig_words for wider)", name);
        return;
    }
    vcd_sig_words(w, name, width, &value);
}

void vcd_port(void *ctx, const char *name, unsigned width, const uint64_t *value,
              enum port_dir dir)
{
    (void)dir;
    vcd_sig_words((vcd_writer *)ctx, name, width, value);
}

void vcd_sig_words(vcd_writer *w, const char *name, unsigned width, const uint64_t *words)
{
    uint64_t value[VCD_MAX_WORDS];
    unsigned k, nw = VCD_WORDS(width);
    if (w->phase == VCD_DEAD)
        return;
    if (!w->started) {
        fail(w, "vcd_sig before vcd_time", name);
        return;
    }
    if (width == 0u || width > VCD_MAX_WIDTH) {
        fail(w, "signal width must be 1..1024", name);
        return;
    }
    memset(value, 0, sizeof value);
    for (k = 0; k < nw; k++)
        value[k] = words[k];
    if (width % 64u)
        value[nw - 1u] = bits_trunc(value[nw - 1u], width % 64u);
    if (w->phase == VCD_DEFINE) {
        struct vcd_sigdef *s;
        if (w->nsigs == w->capsigs) {
            unsigned cap = w->capsigs ? 2u * w->capsigs : 64u;
            struct vcd_sigdef *n = (struct vcd_sigdef *)realloc(w->sigs, cap * sizeof *n);
            if (!n) {
                fail(w, "out of memory", NULL);
                return;
            }
            w->sigs = n;
            w->capsigs = cap;
        }
        s = &w->sigs[w->nsigs];
        s->name = dup_str(name);
        s->width = width;
        s->depth = w->depth;
        memcpy(s->value, value, sizeof value);
        if (!s->name || push_ev(w, EV_VAR, NULL, w->nsigs) != 0) {
            fail(w, "out of memory", NULL);
            return;
        }
        w->nsigs++;
        return;
    }
    /* dump phase */
    if (w->cursor >= w->nsigs || w->sigs[w->cursor].width != width ||
        strcmp(w->sigs[w->cursor].name, name) != 0) {
        fail(w, "pass differs from the declaring pass at signal", name);
        return;
    }
    if (memcmp(w->sigs[w->cursor].value, value, nw * sizeof value[0]) != 0) {
        if (!w->t_written) {
            fprintf(w->f, "#%llu\n", (unsigned long long)w->t_now);
            w->t_written = 1;
        }
        memcpy(w->sigs[w->cursor].value, value, sizeof value);
        put_value(w, w->cursor);
    }
    w->cursor++;
}

static void write_header(vcd_writer *w)
{
    unsigned i;
    fprintf(w->f, "$date generated by gpu-warp-hw vcd writer $end\n");
    fprintf(w->f, "$version vcd.c $end\n");
    fprintf(w->f, "$timescale %s $end\n", w->timescale);
    for (i = 0; i < w->nevs; i++) {
        const struct vcd_ev *e = &w->evs[i];
        if (e->kind == EV_SCOPE) {
            fprintf(w->f, "$scope module %s $end\n", e->name);
        } else if (e->kind == EV_UPSCOPE) {
            fprintf(w->f, "$upscope $end\n");
        } else {
            char id[8];
            const struct vcd_sigdef *s = &w->sigs[e->sig];
            id_code(e->sig, id);
            if (s->width == 1u)
                fprintf(w->f, "$var wire 1 %s %s $end\n", id, s->name);
            else
                fprintf(w->f, "$var wire %u %s %s [%u:0] $end\n", s->width, id, s->name,
                        s->width - 1u);
        }
    }
    fprintf(w->f, "$enddefinitions $end\n");
    fprintf(w->f, "#%llu\n$dumpvars\n", (unsigned long long)w->t_first);
    for (i = 0; i < w->nsigs; i++)
        put_value(w, i);
    fprintf(w->f, "$end\n");
}

void vcd_time(vcd_writer *w, uint64_t t)
{
    if (w->phase == VCD_DEAD)
        return;
    if (w->depth != 0u) {
        fail(w, "vcd_time inside a scope (missing vcd_upscope)", NULL);
        return;
    }
    if (!w->started) {
        w->started = 1;
        w->t_first = t;
        w->t_now = t;
        return;
    }
    if (t <= w->t_now) {
        fail(w, "time must increase", NULL);
        return;
    }
    if (w->phase == VCD_DEFINE) {
        if (w->nsigs == 0u) {
            fail(w, "first pass declared no signal", NULL);
            return;
        }
        write_header(w);
        w->phase = VCD_DUMP;
    } else if (w->cursor != w->nsigs) {
        fail(w, "pass set fewer signals than were declared", NULL);
        return;
    }
    w->t_now = t;
    w->t_written = 0;
    w->cursor = 0;
}

unsigned vcd_count(const vcd_writer *w)
{
    return w->nsigs;
}

const char *vcd_error(const vcd_writer *w)
{
    return w->err[0] ? w->err : NULL;
}

int vcd_close(vcd_writer *w)
{
    int rc = 0;
    unsigned i;
    if (!w)
        return -1;
    if (w->phase == VCD_DEFINE && w->nsigs > 0u)
        write_header(w);
    if (w->phase == VCD_DUMP || (w->phase == VCD_DEFINE && w->nsigs > 0u))
        fprintf(w->f, "#%llu\n", (unsigned long long)(w->t_now + 1u));
    if (ferror(w->f) || w->err[0])
        rc = -1;
    if (fclose(w->f) != 0)
        rc = -1;
    for (i = 0; i < w->nsigs; i++)
        free(w->sigs[i].name);
    for (i = 0; i < w->nevs; i++)
        free(w->evs[i].name);
    free(w->sigs);
    free(w->evs);
    free(w);
    return rc;
}
