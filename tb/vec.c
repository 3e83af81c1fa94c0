/* SPDX-License-Identifier: Apache-2.0 */
/*
 * vec.c -- vector file reader and writer (format: vec.h).
 */
#define _POSIX_C_SOURCE 200809L /* fileno, fstat */
#include "vec.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define VEC_MAGIC "#cosim-vectors"
#define VEC_VERSION 1

struct vec_writer {
    FILE *f;
    unsigned n;
    struct vec_field f_[VEC_MAX_FIELDS];
    int io_err;
};

struct vec_reader {
    FILE *f;
    char path[512];
    uint64_t line;
    struct vec_header h;
    char *buf;
    size_t cap;
};

struct vec_field vec_field_make(const char *name, unsigned width, enum port_dir dir)
{
    struct vec_field f;
    memset(&f, 0, sizeof f);
    snprintf(f.name, sizeof f.name, "%s", name);
    f.width = width;
    f.dir = dir;
    return f;
}

vec_writer *vec_create(const char *path, const char *structure, const char *params,
                       const struct vec_field *f, unsigned n, char *err, size_t errn)
{
    vec_writer *w;
    unsigned k;
    int in_done = 0;
    if (n > VEC_MAX_FIELDS) {
        snprintf(err, errn, "cannot write %s: %u fields, at most %u", path, n, VEC_MAX_FIELDS);
        return NULL;
    }
    w = (vec_writer *)calloc(1, sizeof *w);
    if (!w) {
        snprintf(err, errn, "cannot write %s: out of memory", path);
        return NULL;
    }
    w->f = fopen(path, "w");
    if (!w->f) {
        snprintf(err, errn, "cannot write %s: %s", path, strerror(errno));
        free(w);
        return NULL;
    }
    w->n = n;
    memcpy(w->f_, f, n * sizeof *f);
    fprintf(w->f, "%s %d %s %s in", VEC_MAGIC, VEC_VERSION, structure,
            params && *params ? params : "-");
    for (k = 0; k < n; k++) {
        if (f[k].dir == PORT_OUT && !in_done) {
            fprintf(w->f, " out");
            in_done = 1;
        }
        fprintf(w->f, " %s:%u", f[k].name, f[k].width);
    }
    if (!in_done)
        fprintf(w->f, " out");
    fprintf(w->f, "\n");
    return w;
}

static void put_hex(FILE *f, const uint64_t *v, unsigned width)
{
    uint64_t m[PORT_MAX_WORDS];
    unsigned nw = PORT_WORDS(width), k, top;
    memcpy(m, v, nw * sizeof *m);
    if (width % 64u)
        m[nw - 1u] &= (1ull << (width % 64u)) - 1u;
    for (top = nw; top > 1u && m[top - 1u] == 0u; top--)
        ;
    fprintf(f, "%llx", (unsigned long long)m[top - 1u]);
    for (k = top - 1u; k > 0u; k--)
        fprintf(f, "%016llx", (unsigned long long)m[k - 1u]);
}

void vec_write(vec_writer *w, const uint64_t *const *values)
{
    unsigned k;
    for (k = 0; k < w->n; k++) {
        if (k)
            fputc(' ', w->f);
        if (!values[k])
            fputc('x', w->f);
        else
            put_hex(w->f, values[k], w->f_[k].width);
    }
    if (fputc('\n', w->f) == EOF)
        w->io_err = 1;
}

int vec_close_writer(vec_writer *w)
{
    int rc = w->io_err ? -1 : 0;
    if (ferror(w->f))
        rc = -1;
    if (fclose(w->f) != 0)
        rc = -1;
    free(w);
    return rc;
}

/* ---------------------------------------------------------------- reader */

static const char *next_tok(const char **p, char *tok, size_t n)
{
    size_t k = 0;
    while (**p == ' ' || **p == '\t')
        (*p)++;
    if (!**p)
        return NULL;
    while (**p && **p != ' ' && **p != '\t') {
        if (k + 1 < n)
            tok[k++] = **p;
        (*p)++;
    }
    tok[k] = '\0';
    return tok;
}

const char *vec_parse_header(const char *line, struct vec_header *h)
{
    static char msg[200];
    char tok[600];
    const char *p = line;
    int dir = -1;
    memset(h, 0, sizeof *h);
    if (!next_tok(&p, tok, sizeof tok) || strcmp(tok, VEC_MAGIC) != 0)
        return "the header must start with " VEC_MAGIC;
    if (!next_tok(&p, tok, sizeof tok) || strcmp(tok, "1") != 0)
        return "unsupported version (this reader knows version 1)";
    if (!next_tok(&p, tok, sizeof tok) || strlen(tok) >= sizeof h->structure)
        return "missing structure name";
    strcpy(h->structure, tok);
    if (!next_tok(&p, tok, sizeof tok) || strlen(tok) >= sizeof h->params)
        return "missing parameter list (NAME=VALUE,... or -)";
    if (strcmp(tok, "-") != 0)
        strcpy(h->params, tok);
    while (next_tok(&p, tok, sizeof tok)) {
        char *colon, *end = NULL;
        unsigned long w;
        if (!strcmp(tok, "in")) {
            dir = PORT_IN;
            continue;
        }
        if (!strcmp(tok, "out")) {
            dir = PORT_OUT;
            continue;
        }
        if (dir < 0)
            return "fields before `in`";
        colon = strchr(tok, ':');
        if (!colon || colon == tok || (size_t)(colon - tok) >= VEC_NAME) {
            snprintf(msg, sizeof msg, "field '%.60s' is not NAME:WIDTH", tok);
            return msg;
        }
        errno = 0;
        w = strtoul(colon + 1, &end, 10);
        if (errno || !end || *end || w < 1 || w > PORT_MAX_WIDTH) {
            snprintf(msg, sizeof msg, "field '%.60s': width must be 1..%u", tok, PORT_MAX_WIDTH);
            return msg;
        }
        if (h->n == VEC_MAX_FIELDS)
            return "too many fields";
        *colon = '\0';
        h->f[h->n] = vec_field_make(tok, (unsigned)w, (enum port_dir)dir);
        h->n++;
    }
    if (h->n == 0)
        return "no fields";
    return NULL;
}

/* Reads one line into r->buf (without the newline); 0 at EOF. */
static int get_line(vec_reader *r)
{
    size_t n = 0;
    int c;
    while ((c = fgetc(r->f)) != EOF && c != '\n') {
        if (n + 2 > r->cap) {
            size_t cap = r->cap ? 2 * r->cap : 4096;
            char *b = (char *)realloc(r->buf, cap);
            if (!b)
                return -1;
            r->buf = b;
            r->cap = cap;
        }
        r->buf[n++] = (char)c;
    }
    if (c == EOF && n == 0)
        return 0;
    if (!r->buf) {
        r->buf = (char *)malloc(16);
        if (!r->buf)
            return -1;
        r->cap = 16;
    }
    if (n && r->buf[n - 1] == '\r')
        n--;
    r->buf[n] = '\0';
    r->line++;
    return 1;
}

vec_reader *vec_open(const char *path, char *err, size_t errn)
{
    const char *why;
    vec_reader *r = (vec_reader *)calloc(1, sizeof *r);
    if (!r) {
        snprintf(err, errn, "%s: out of memory", path);
        return NULL;
    }
    snprintf(r->path, sizeof r->path, "%s", path);
    r->f = fopen(path, "r");
    if (!r->f) {
        snprintf(err, errn, "cannot read %s: %s", path, strerror(errno));
        free(r);
        return NULL;
    }
    {
        /* fopen opens a directory for reading on Linux; its first read
         * fails with EISDIR, which would look like an empty file */
        struct stat st;
        if (fstat(fileno(r->f), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISFIFO(st.st_mode) &&
            !S_ISCHR(st.st_mode)) {
            snprintf(err, errn, "cannot read %s: %s", path,
                     S_ISDIR(st.st_mode) ? "is a directory, not a vector file"
                                         : "not a regular file");
            vec_close_reader(r);
            return NULL;
        }
    }
    if (get_line(r) != 1) {
        snprintf(err, errn, "%s:1: empty file (no header)", path);
        vec_close_reader(r);
        return NULL;
    }
    if ((why = vec_parse_header(r->buf, &r->h)) != NULL) {
        snprintf(err, errn, "%s:1: header: %s", path, why);
        vec_close_reader(r);
        return NULL;
    }
    return r;
}

const struct vec_header *vec_header_of(const vec_reader *r) { return &r->h; }
uint64_t vec_line(const vec_reader *r) { return r->line; }

static int hexval(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

int vec_read(vec_reader *r, uint64_t *values, unsigned char *known, char *err, size_t errn)
{
    unsigned k;
    const char *p;
    int got;
    for (;;) {
        got = get_line(r);
        if (got <= 0) {
            if (got < 0)
                snprintf(err, errn, "%s:%llu: out of memory", r->path,
                         (unsigned long long)r->line + 1u);
            return got;
        }
        if (r->buf[0] != '#')
            break;
    }
    p = r->buf;
    for (k = 0; k < r->h.n; k++) {
        const struct vec_field *f = &r->h.f[k];
        uint64_t *v = values + (size_t)k * PORT_MAX_WORDS;
        const char *s, *e;
        unsigned nd, d, maxd = (f->width + 3u) / 4u;
        while (*p == ' ')
            p++;
        s = p;
        while (*p && *p != ' ' && *p != '\t')
            p++;
        e = p;
        memset(v, 0, PORT_MAX_WORDS * sizeof *v);
        if (s == e) {
            snprintf(err, errn, "%s:%llu: field %s: missing (%u fields expected)", r->path,
                     (unsigned long long)r->line, f->name, r->h.n);
            return -1;
        }
        if (e - s == 1 && (*s == 'x' || *s == 'X')) {
            if (f->dir == PORT_IN) {
                snprintf(err, errn, "%s:%llu: field %s: an input must have a value, not x",
                         r->path, (unsigned long long)r->line, f->name);
                return -1;
            }
            known[k] = 0;
            continue;
        }
        while (e - s > 1 && *s == '0')
            s++; /* leading zeros */
        nd = (unsigned)(e - s);
        for (d = 0; d < nd; d++) {
            int h = hexval(s[nd - 1u - d]);
            if (h < 0) {
                snprintf(err, errn, "%s:%llu: field %s: '%.*s' is not hexadecimal", r->path,
                         (unsigned long long)r->line, f->name, (int)(e - s > 40 ? 40 : e - s), s);
                return -1;
            }
            if (d >= maxd) {
                snprintf(err, errn, "%s:%llu: field %s: value wider than %u bits", r->path,
                         (unsigned long long)r->line, f->name, f->width);
                return -1;
            }
            v[d / 16u] |= (uint64_t)h << (4u * (d % 16u));
        }
        if (f->width % 64u && (v[(f->width - 1u) / 64u] >> (f->width % 64u)) != 0u) {
            snprintf(err, errn, "%s:%llu: field %s: value wider than %u bits", r->path,
                     (unsigned long long)r->line, f->name, f->width);
            return -1;
        }
        known[k] = 1;
    }
    while (*p == ' ')
        p++;
    if (*p) {
        snprintf(err, errn, "%s:%llu: field %u: more fields than the header's %u", r->path,
                 (unsigned long long)r->line, r->h.n + 1u, r->h.n);
        return -1;
    }
    return 1;
}

void vec_close_reader(vec_reader *r)
{
    if (!r)
        return;
    if (r->f)
        fclose(r->f);
    free(r->buf);
    free(r);
}
