/* SPDX-License-Identifier: Apache-2.0 */
/*
 * launch.c -- the launch file (format: launch.h), the memory image format
 * of mem_init and --dump-mem, and the clang step of --cuda.
 */
#define _POSIX_C_SOURCE 200809L
#include "launch.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ptx_int.h"

static int lerr(char *err, size_t errlen, const char *where, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static int lerr(char *err, size_t errlen, const char *where, const char *fmt, ...)
{
    int k = snprintf(err, errlen, "%s: ", where);
    if (k < 0) k = 0;
    if ((size_t)k < errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err + k, errlen - (size_t)k, fmt, ap);
        va_end(ap);
    }
    return -1;
}

void launch_init(launch *l)
{
    memset(l, 0, sizeof *l);
    for (int i = 0; i < 3; i++) l->grid[i] = l->block[i] = 1;
    snprintf(l->dir, sizeof l->dir, ".");
    l->max_iter = 1000000;
}

void launch_default_limits(launch_limits *lim)
{
    lim->max_block_threads = 1024;
    lim->max_grid[0] = 0x7fffffffu;
    lim->max_grid[1] = lim->max_grid[2] = 65535;
    lim->max_shared = 48 * 1024;
    lim->max_mem = 1ull << 30;
}

void launch_free(launch *l)
{
    free(l->buf);
    free(l->param);
    for (unsigned i = 0; i < l->nop; i++) free(l->op[i].kv);
    free(l->op);
    l->op = NULL;
    l->nop = 0;
    l->buf = NULL;
    l->param = NULL;
    l->nbuf = l->nparam = 0;
}

static int parse_u64(const char *t, uint64_t *v)
{
    if (!*t || *t == '-') return -1;
    char *e;
    errno = 0;
    *v = strtoull(t, &e, 0);
    return (errno || *e) ? -1 : 0;
}

static uint8_t ltype(const char *t)
{
    static const struct { const char *n; uint8_t t; } tab[] = {
        {"u8", T_U8}, {"u16", T_U16}, {"u32", T_U32}, {"u64", T_U64}, {"s8", T_S8},
        {"s16", T_S16}, {"s32", T_S32}, {"s64", T_S64}, {"b8", T_B8}, {"b16", T_B16},
        {"b32", T_B32}, {"b64", T_B64}, {"f32", T_F32}, {"f64", T_F64}};
    for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++)
        if (!strcmp(t, tab[i].n)) return tab[i].t;
    return T_NONE;
}

static const char *tname(uint8_t t)
{
    static const char *const n[4][4] = {{"b8", "b16", "b32", "b64"},
                                        {"u8", "u16", "u32", "u64"},
                                        {"s8", "s16", "s32", "s64"},
                                        {"f8", "f16", "f32", "f64"}};
    if (t == T_PRED) return "pred";
    return n[TY_KIND(t) & 3][t & 3];
}

/* splits at spaces and commas */
static int fields(char *t, char **w, int max)
{
    int n = 0;
    for (char *c = t; *c;) {
        while (*c && (isspace((unsigned char)*c) || *c == ',')) c++;
        if (!*c) break;
        if (n == max) return -1;
        w[n++] = c;
        while (*c && !isspace((unsigned char)*c) && *c != ',') c++;
        if (*c) *c++ = 0;
    }
    return n;
}

/* dir/path into out (path alone when absolute or dir is empty or "."); -1
 * when it does not fit in n bytes (the caller names the path: a truncated
 * path would open another file) */
static int join_path(char *out, size_t n, const char *dir, const char *path)
{
    size_t ld = (path[0] == '/' || !strcmp(dir, ".")) ? 0 : strlen(dir), lp = strlen(path);
    size_t at = ld ? ld + 1 : 0;
    if (at + lp >= n) return -1;
    if (ld) {
        memcpy(out, dir, ld);
        out[ld] = '/';
    }
    memcpy(out + at, path, lp + 1);
    return 0;
}

static int dims(char **w, int nw, uint32_t d[3], const char *where, const char *key, char *err,
                size_t errlen)
{
    if (nw < 1 || nw > 3) return lerr(err, errlen, where, "%s takes 1 to 3 numbers", key);
    for (int i = 0; i < 3; i++) {
        uint64_t v = 1;
        if (i < nw && (parse_u64(w[i], &v) || v == 0 || v > 0xffffffffu))
            return lerr(err, errlen, where, "bad %s dimension '%s'", key, w[i]);
        d[i] = (uint32_t)v;
    }
    return 0;
}

static int set_param(launch_param *p, char **w, int nw, const char *where, char *err, size_t errlen)
{
    if (nw < 2 || nw > 3) return lerr(err, errlen, where, "param takes TYPE VALUE [NAME]");
    if (!strcmp(w[0], "bytes")) {
        size_t L = strlen(w[1]);
        int ok = L >= 2 && L % 2 == 0 && L <= 2 * 512;
        for (size_t i = 0; ok && i < L; i++) ok = isxdigit((unsigned char)w[1][i]);
        if (!ok) return lerr(err, errlen, where, "param bytes takes 1 to 512 bytes as hex digit pairs");
        memset(p, 0, sizeof *p);
        p->type = T_B8;
        p->blob = (uint32_t)(L / 2);
        snprintf(p->value, sizeof p->value, "%s", w[1]);
        if (nw == 3) snprintf(p->name, sizeof p->name, "%.63s", w[2]);
        snprintf(p->where, sizeof p->where, "%s", where);
        return 0;
    }
    uint8_t t = ltype(w[0]);
    if (t == T_NONE) return lerr(err, errlen, where, "bad param type '%s' (u8..u64, s8..s64, b8..b64, f32, f64, bytes)", w[0]);
    memset(p, 0, sizeof *p);
    p->type = t;
    if (strlen(w[1]) >= sizeof p->value) return lerr(err, errlen, where, "param value too long");
    snprintf(p->value, sizeof p->value, "%s", w[1]);
    if (nw == 3) snprintf(p->name, sizeof p->name, "%.63s", w[2]);
    snprintf(p->where, sizeof p->where, "%s", where);
    return 0;
}

int launch_set(launch *l, const char *key, const char *value, const char *where, int from_flag,
               char *err, size_t errlen)
{
    char buf[2048];
    while (isspace((unsigned char)*value)) value++;
    if (strlen(value) >= sizeof buf) return lerr(err, errlen, where, "line too long");
    snprintf(buf, sizeof buf, "%s", value);
    char *w[64];
    int nw = fields(buf, w, 64);
    if (nw < 0) return lerr(err, errlen, where, "too many fields");
    /* a key of one value given twice in the file (flags override it) */
    const char *first = !strcmp(key, "ptx") || !strcmp(key, "cuda") ? l->w_ptx
                        : !strcmp(key, "entry")                      ? l->w_entry
                        : !strcmp(key, "grid")                       ? l->w_grid
                        : !strcmp(key, "block")                      ? l->w_block
                        : !strcmp(key, "shared_dynamic")             ? l->w_shared
                        : !strcmp(key, "mem_bytes")                  ? l->w_mem
                        : !strcmp(key, "mem_init")                   ? l->w_init
                                                                     : NULL;
    if (!from_flag && first && first[0])
        return lerr(err, errlen, where, "%s given twice (first at %s)", key, first);
    if (!strcmp(key, "ptx") || !strcmp(key, "cuda")) {
        if (nw != 1) return lerr(err, errlen, where, "%s takes one path", key);
        if (join_path(l->ptx, sizeof l->ptx, from_flag ? "" : l->dir, w[0]))
            return lerr(err, errlen, where, "path too long: %s", w[0]);
        l->is_cuda = key[0] == 'c';
        snprintf(l->w_ptx, sizeof l->w_ptx, "%s", where);
    } else if (!strcmp(key, "entry")) {
        if (nw != 1 || strlen(w[0]) >= sizeof l->entry) return lerr(err, errlen, where, "entry takes one name");
        snprintf(l->entry, sizeof l->entry, "%s", w[0]);
        snprintf(l->w_entry, sizeof l->w_entry, "%s", where);
    } else if (!strcmp(key, "grid")) {
        if (dims(w, nw, l->grid, where, key, err, errlen)) return -1;
        snprintf(l->w_grid, sizeof l->w_grid, "%s", where);
    } else if (!strcmp(key, "block")) {
        if (dims(w, nw, l->block, where, key, err, errlen)) return -1;
        snprintf(l->w_block, sizeof l->w_block, "%s", where);
    } else if (!strcmp(key, "shared_dynamic")) {
        if (nw != 1 || parse_u64(w[0], &l->shared_dynamic)) return lerr(err, errlen, where, "shared_dynamic takes a byte count");
        snprintf(l->w_shared, sizeof l->w_shared, "%s", where);
    } else if (!strcmp(key, "mem_bytes")) {
        if (nw != 1 || parse_u64(w[0], &l->mem_bytes) || l->mem_bytes % 4)
            return lerr(err, errlen, where, "mem_bytes takes a byte count, a multiple of 4");
        snprintf(l->w_mem, sizeof l->w_mem, "%s", where);
    } else if (!strcmp(key, "mem_init")) {
        if (nw != 1) return lerr(err, errlen, where, "mem_init takes one path");
        if (join_path(l->mem_init, sizeof l->mem_init, from_flag ? "" : l->dir, w[0]))
            return lerr(err, errlen, where, "path too long: %s", w[0]);
        snprintf(l->w_init, sizeof l->w_init, "%s", where);
    } else if (!strcmp(key, "buffer")) {
        if (nw < 3) return lerr(err, errlen, where, "buffer takes NAME ADDR BYTES [zeros|ramp|random SEED|file PATH]");
        launch_buffer b;
        memset(&b, 0, sizeof b);
        if (strlen(w[0]) >= sizeof b.name || !(isalpha((unsigned char)w[0][0]) || w[0][0] == '_'))
            return lerr(err, errlen, where, "bad buffer name '%s'", w[0]);
        snprintf(b.name, sizeof b.name, "%s", w[0]);
        if (parse_u64(w[1], &b.addr)) return lerr(err, errlen, where, "bad buffer address '%s'", w[1]);
        if (parse_u64(w[2], &b.bytes) || !b.bytes) return lerr(err, errlen, where, "bad buffer size '%s'", w[2]);
        if (nw > 3) {
            if (!strcmp(w[3], "zeros") && nw == 4) b.init = 1;
            else if (!strcmp(w[3], "ramp") && nw == 4) b.init = 2;
            else if (!strcmp(w[3], "random") && nw == 5) {
                uint64_t sd;
                if (parse_u64(w[4], &sd) || sd > 0xffffffffu) return lerr(err, errlen, where, "bad seed '%s'", w[4]);
                b.init = 3;
                b.seed = (uint32_t)sd;
            } else if (!strcmp(w[3], "file") && nw == 5) {
                b.init = 4;
                if (join_path(b.path, sizeof b.path, from_flag ? "" : l->dir, w[4]))
                    return lerr(err, errlen, where, "path too long: %s", w[4]);
            } else return lerr(err, errlen, where, "bad buffer initialiser (zeros | ramp | random SEED | file PATH)");
            if ((b.init == 2 || b.init == 3) && (b.addr % 4 || b.bytes % 4))
                return lerr(err, errlen, where, "ramp and random buffers need 4-byte alignment and size");
        }
        for (unsigned i = 0; i < l->nbuf; i++)
            if (!strcmp(l->buf[i].name, b.name)) return lerr(err, errlen, where, "buffer '%s' declared twice", b.name);
        snprintf(b.where, sizeof b.where, "%s", where);
        launch_buffer *nb = realloc(l->buf, (l->nbuf + 1) * sizeof *nb);
        if (!nb) return lerr(err, errlen, where, "out of memory");
        l->buf = nb;
        l->buf[l->nbuf++] = b;
    } else if (!strcmp(key, "param")) {
        if (from_flag) {
            /* I=VALUE or NAME=VALUE */
            char *eq = strchr(buf, '=');
            if (!eq)
                return lerr(err, errlen, where, "param takes I=VALUE or NAME=VALUE here (the whole list: "
                            "params TYPE VALUE, TYPE VALUE, ...)");
            *eq = 0;
            char *v = eq + 1;
            unsigned i;
            uint64_t idx;
            if (!parse_u64(buf, &idx)) i = (unsigned)idx;
            else
                for (i = 0; i < l->nparam && strcmp(l->param[i].name, buf); i++) {}
            if (i >= l->nparam) return lerr(err, errlen, where, "no parameter '%s'", buf);
            if (strlen(v) >= sizeof l->param[i].value) return lerr(err, errlen, where, "value too long");
            snprintf(l->param[i].value, sizeof l->param[i].value, "%s", v);
            snprintf(l->param[i].where, sizeof l->param[i].where, "%s", where);
            return 0;
        }
        launch_param p;
        if (set_param(&p, w, nw, where, err, errlen)) return -1;
        launch_param *np = realloc(l->param, (l->nparam + 1) * sizeof *np);
        if (!np) return lerr(err, errlen, where, "out of memory");
        l->param = np;
        l->param[l->nparam++] = p;
        snprintf(l->w_params, sizeof l->w_params, "%s", where);
    } else if (!strcmp(key, "params")) {
        /* TYPE VALUE, TYPE VALUE, ... (flags) */
        l->nparam = 0;
        for (int i = 0; i + 1 < nw; i += 2) {
            launch_param p;
            if (set_param(&p, w + i, 2, where, err, errlen)) return -1;
            launch_param *np = realloc(l->param, (l->nparam + 1) * sizeof *np);
            if (!np) return lerr(err, errlen, where, "out of memory");
            l->param = np;
            l->param[l->nparam++] = p;
        }
        if (nw % 2) return lerr(err, errlen, where, "params takes TYPE VALUE pairs");
        snprintf(l->w_params, sizeof l->w_params, "%s", where);
    } else {
        return lerr(err, errlen, where, "unknown key '%s' (ptx, cuda, entry, grid, block, shared_dynamic, "
                    "mem_bytes, mem_init, buffer, param; a sequence: launch, for, end, do, while, store, "
                    "max_iterations)", key);
    }
    return 0;
}

/* the loop variables in scope */
typedef struct {
    char name[32][64]; /* copies: the ops move while the file is read */
    int64_t val[32];
    unsigned n;
} seq_scope;

/* the parser's state across lines of one file */
struct seq_parse {
    unsigned open[32];  /* the open for/do ops */
    unsigned nopen;
    int in_step;        /* the last op is a launch: step keys go to it */
    char first_step_key[300]; /* a step key before any launch */
    seq_scope sc;       /* the open for's variables */
};
static int is_step_key(const char *k)
{
    return !strcmp(k, "entry") || !strcmp(k, "grid") || !strcmp(k, "block") ||
           !strcmp(k, "shared_dynamic") || !strcmp(k, "param");
}

typedef struct seq_parse seq_parse;
static int seq_key(launch *l, seq_parse *ps, const char *k, const char *v, const char *where, char *err,
                   size_t errlen);
static int seq_finish(launch *l, seq_parse *ps, char *err, size_t errlen);

int launch_load(const char *path, launch *l, char *err, size_t errlen)
{
    launch_init(l);
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return -1;
    }
    snprintf(l->file, sizeof l->file, "%s", path);
    const char *sl = strrchr(path, '/');
    if (sl) snprintf(l->dir, sizeof l->dir, "%.*s", (int)(sl - path), path);
    char line[4096];
    int ln = 0;
    static seq_parse ps0;
    seq_parse ps = ps0;
    while (fgets(line, sizeof line, f)) {
        ln++;
        char where[300];
        snprintf(where, sizeof where, "%.280s:%d", path, ln);
        if (!strchr(line, '\n') && !feof(f)) {
            fclose(f);
            /* fgets stopped short of a full buffer: a NUL byte ended the string */
            return lerr(err, errlen, where, strlen(line) + 1 < sizeof line ? "not a text file (NUL byte)"
                                                                         : "line too long");
        }
        char *h = strchr(line, '#');
        if (h) *h = 0;
        char *c = line;
        while (*c && isspace((unsigned char)*c)) c++;
        if (!*c) continue;
        char *k = c;
        while (*c && !isspace((unsigned char)*c)) c++;
        if (*c) *c++ = 0;
        int r = seq_key(l, &ps, k, c, where, err, errlen);
        if (r < 0 || (r > 0 && launch_set(l, k, c, where, 0, err, errlen))) {
            fclose(f);
            return -1;
        }
    }
    fclose(f);
    return seq_finish(l, &ps, err, errlen);
}

int launch_take_args(launch *l, int *argc, char **argv, char *err, size_t errlen)
{
    launch_init(l);
    int n = *argc, have = 0, file = -1;
    for (int i = 1; i < n; i++)
        if (!strcmp(argv[i], "--launch")) {
            if (i + 1 >= n) return lerr(err, errlen, "--launch", "needs a file");
            if (file >= 0) return lerr(err, errlen, "--launch", "given twice");
            file = i;
            if (launch_load(argv[i + 1], l, err, errlen)) {
                launch_free(l);
                return -1;
            }
            have = 1;
            i++;
        }
    int out = 1;
    for (int i = 1; i < n; i++) {
        const char *a = argv[i];
        const char *key = NULL;
        if (!strcmp(a, "--ptx")) key = "ptx";
        else if (!strcmp(a, "--cuda")) key = "cuda";
        else if (!strcmp(a, "--entry")) key = "entry";
        else if (!strcmp(a, "--launch-set")) key = "";
        else if (!strcmp(a, "--launch")) {
            i++;
            continue;
        } else {
            argv[out++] = argv[i];
            continue;
        }
        if (i + 1 >= n) {
            launch_free(l);
            return lerr(err, errlen, a, "needs a value");
        }
        const char *v = argv[++i];
        char kbuf[32];
        if (!*key) { /* KEY VALUE... */
            size_t k = strcspn(v, " \t");
            if (!k || k >= sizeof kbuf) {
                launch_free(l);
                return lerr(err, errlen, a, "takes \"KEY VALUE...\"");
            }
            memcpy(kbuf, v, k);
            kbuf[k] = 0;
            key = kbuf;
            v += k;
        }
        if (l->nop && (is_step_key(key) || !strcmp(key, "params"))) {
            lerr(err, errlen, a, "%s describes a sequence of launches: a flag cannot set a step's %s (edit "
                 "the step in the file)", l->file, key);
            launch_free(l);
            return -1;
        }
        if (launch_set(l, key, v, a, 1, err, errlen)) {
            launch_free(l);
            return -1;
        }
        if (!strcmp(key, "ptx") || !strcmp(key, "cuda")) have = 1;
    }
    argv[out] = NULL;
    *argc = out;
    return have;
}

/* ------------------------------------------------------------ memory */

int launch_write_mem(const char *path, const uint8_t *mem, uint64_t bytes, char *err, size_t errlen)
{
    FILE *f = !strcmp(path, "-") ? stdout : fopen(path, "w");
    if (!f) {
        snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
        return -1;
    }
    for (uint64_t a = 0; a < bytes; a += 4) {
        uint32_t w = 0;
        for (unsigned i = 0; i < 4 && a + i < bytes; i++) w |= (uint32_t)mem[a + i] << (8 * i);
        fprintf(f, "%08x\n", w);
    }
    int bad = ferror(f);
    if (f != stdout) bad |= fclose(f);
    else fflush(f);
    if (bad) {
        snprintf(err, errlen, "%s: write error", path);
        return -1;
    }
    return 0;
}

int launch_read_mem(const char *path, uint8_t *mem, uint64_t bytes, char *err, size_t errlen)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return -1;
    }
    char line[256];
    int ln = 0;
    uint64_t a = 0;
    while (fgets(line, sizeof line, f)) {
        ln++;
        char where[300];
        snprintf(where, sizeof where, "%.280s:%d", path, ln);
        if (!strchr(line, '\n') && !feof(f) && strlen(line) + 1 < sizeof line) {
            fclose(f); /* fgets stopped short of a full buffer: a NUL byte */
            return lerr(err, errlen, where, "not a text file (NUL byte)");
        }
        char *h = strchr(line, '#');
        if (h) *h = 0;
        char *c = line;
        while (*c && isspace((unsigned char)*c)) c++;
        char *e = c + strlen(c);
        while (e > c && isspace((unsigned char)e[-1])) *--e = 0;
        if (!*c) continue;
        if (c[0] == '0' && (c[1] == 'x' || c[1] == 'X')) c += 2;
        size_t L = strlen(c);
        int ok = L >= 1 && L <= 8;
        for (size_t i = 0; ok && i < L; i++) ok = isxdigit((unsigned char)c[i]);
        if (!ok) {
            fclose(f);
            return lerr(err, errlen, where, "expected one 32-bit hex word, got '%s'", c);
        }
        if (a + 4 > bytes) {
            fclose(f);
            return lerr(err, errlen, where, "more words than the %llu bytes of memory",
                        (unsigned long long)bytes);
        }
        uint32_t w = (uint32_t)strtoul(c, NULL, 16);
        for (unsigned i = 0; i < 4; i++) mem[a + i] = (uint8_t)(w >> (8 * i));
        a += 4;
    }
    fclose(f);
    return 0;
}

int launch_memory(const launch *l, uint8_t *mem, uint64_t bytes, char *err, size_t errlen)
{
    memset(mem, 0, bytes);
    if (l->mem_init[0] && launch_read_mem(l->mem_init, mem, bytes < l->mem_bytes ? bytes : l->mem_bytes, err, errlen))
        return -1;
    for (unsigned i = 0; i < l->nbuf; i++) {
        const launch_buffer *b = &l->buf[i];
        if (b->addr > bytes || b->bytes > bytes - b->addr) /* launch_build says it first */
            return lerr(err, errlen, b->where, "buffer '%s' [0x%llx, 0x%llx) outside mem_bytes %llu", b->name,
                        (unsigned long long)b->addr, (unsigned long long)(b->addr + b->bytes),
                        (unsigned long long)bytes);
        uint8_t *q = mem + b->addr;
        switch (b->init) {
        case 1: memset(q, 0, b->bytes); break;
        case 2:
            for (uint64_t k = 0; k < b->bytes / 4; k++)
                for (unsigned j = 0; j < 4; j++) q[4 * k + j] = (uint8_t)(k >> (8 * j));
            break;
        case 3: {
            uint32_t x = b->seed ? b->seed : 0x9e3779b9u;
            for (uint64_t k = 0; k < b->bytes / 4; k++) {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                for (unsigned j = 0; j < 4; j++) q[4 * k + j] = (uint8_t)(x >> (8 * j));
            }
            break;
        }
        case 4:
            if (launch_read_mem(b->path, q, b->bytes, err, errlen)) return -1;
            break;
        }
    }
    return 0;
}

static int param_bits(const launch *l, const launch_param *p, uint64_t *bits, char *err, size_t errlen)
{
    const char *v = p->value;
    for (unsigned i = 0; i < l->nbuf; i++)
        if (!strcmp(l->buf[i].name, v)) {
            if (TY_BYTES(p->type) < 8 && l->buf[i].addr >> (8 * TY_BYTES(p->type)))
                return lerr(err, errlen, p->where, "buffer '%s' does not fit a %s", v, tname(p->type));
            *bits = l->buf[i].addr;
            return 0;
        }
    char *e;
    if (TY_KIND(p->type) == TK_F) {
        errno = 0;
        double d = strtod(v, &e);
        if (*e || errno == EINVAL) return lerr(err, errlen, p->where, "bad %s value '%s'", tname(p->type), v);
        if (p->type == T_F32) {
            float f = (float)d;
            uint32_t u;
            memcpy(&u, &f, 4);
            *bits = u;
        } else memcpy(bits, &d, 8);
        return 0;
    }
    errno = 0;
    unsigned bytes = TY_BYTES(p->type);
    if (v[0] == '-') {
        long long x = strtoll(v, &e, 0);
        if (*e || errno || !*v) return lerr(err, errlen, p->where, "bad integer '%s' (or an unknown buffer)", v);
        if (TY_KIND(p->type) == TK_U) return lerr(err, errlen, p->where, "negative value for %s", tname(p->type));
        if (bytes < 8 && (x < -(1ll << (8 * bytes - 1))))
            return lerr(err, errlen, p->where, "%s does not fit a %s", v, tname(p->type));
        *bits = bytes >= 8 ? (uint64_t)x : (uint64_t)x & ((1ull << (8 * bytes)) - 1);
        return 0;
    }
    unsigned long long x = strtoull(v, &e, 0);
    if (*e || errno || !*v) return lerr(err, errlen, p->where, "bad integer '%s' (or an unknown buffer)", v);
    unsigned vb = TY_KIND(p->type) == TK_S ? 8 * bytes - 1 : 8 * bytes;
    if (vb < 64 && (x >> vb)) return lerr(err, errlen, p->where, "%s does not fit a %s", v, tname(p->type));
    *bits = x;
    return 0;
}

int launch_param_bits(const launch *l, unsigned i, uint64_t *bits, char *err, size_t errlen)
{
    if (i >= l->nparam) return lerr(err, errlen, l->file, "no parameter %u", i);
    if (l->param[i].blob) return lerr(err, errlen, l->param[i].where, "parameter %u is bytes, not a scalar", i);
    return param_bits(l, &l->param[i], bits, err, errlen);
}

int launch_param_bytes(const launch *l, unsigned i, uint8_t *out, size_t n, char *err, size_t errlen)
{
    if (i >= l->nparam) return lerr(err, errlen, l->file[0] ? l->file : "launch", "no parameter %u", i);
    const launch_param *p = &l->param[i];
    size_t size = p->blob ? p->blob : TY_BYTES(p->type);
    if (n != size)
        return lerr(err, errlen, p->where, "parameter %u is %zu bytes, the kernel's is %zu", i, size, n);
    if (p->blob) {
        for (size_t k = 0; k < n; k++) {
            char h[3] = {p->value[2 * k], p->value[2 * k + 1], 0};
            out[k] = (uint8_t)strtoul(h, NULL, 16);
        }
        return 0;
    }
    uint64_t b = 0; /* set by param_bits; gcc -flto cannot see it */
    if (param_bits(l, p, &b, err, errlen)) return -1;
    for (size_t k = 0; k < n; k++) out[k] = (uint8_t)(b >> (8 * k));
    return 0;
}

/* ------------------------------------------------------------ clang */

static int file_exists(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0;
}

int launch_compile_cuda(const char *cu, const char *ptx_out, char *err, size_t errlen)
{
    char hdr[2048] = "";
    const char *env = getenv("WARPHW_CUDA_DIR");
    if (env) snprintf(hdr, sizeof hdr, "%s/warphw_cuda.h", env);
    if (!hdr[0] || !file_exists(hdr)) {
        char exe[1024];
        ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
        hdr[0] = 0;
        if (n > 0) {
            exe[n] = 0;
            char *sl = strrchr(exe, '/');
            if (sl) {
                *sl = 0;
                snprintf(hdr, sizeof hdr, "%s/../tb/cuda/warphw_cuda.h", exe);
                if (!file_exists(hdr)) snprintf(hdr, sizeof hdr, "%s/../../tb/cuda/warphw_cuda.h", exe);
            }
        }
        if (!hdr[0] || !file_exists(hdr)) snprintf(hdr, sizeof hdr, "tb/cuda/warphw_cuda.h");
    }
    if (!file_exists(hdr)) {
        snprintf(err, errlen, "%s: the CUDA header tb/cuda/warphw_cuda.h is not found (set WARPHW_CUDA_DIR)", cu);
        return -1;
    }
    if (!file_exists(cu)) {
        snprintf(err, errlen, "%s: cannot open: %s", cu, strerror(ENOENT));
        return -1;
    }
    /* the include directory beside the header (<cuda_runtime.h> and kin) */
    char inc[2100];
    snprintf(inc, sizeof inc, "-I%s", hdr);
    char *sl = strrchr(inc, '/');
    if (sl) snprintf(sl + 1, sizeof inc - (size_t)(sl + 1 - inc), "include");
    else snprintf(inc, sizeof inc, "-Iinclude");
    char log[] = "/tmp/warphw_clang_XXXXXX";
    int fd = mkstemp(log);
    if (fd < 0) {
        snprintf(err, errlen, "%s: cannot make a temporary file", cu);
        return -1;
    }
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fd, 2);
        dup2(fd, 1);
        const char *clang = getenv("CLANG") ? getenv("CLANG") : "clang";
        execlp(clang, clang, "-x", "cuda", "--cuda-device-only", "--cuda-gpu-arch=sm_70", "-nocudainc",
               "-nocudalib", "-O2", "-S", "-ffp-contract=off", inc, "-include", hdr, "-o", ptx_out, cu,
               (char *)NULL);
        dprintf(2, "clang: cannot run: %s\n", strerror(errno));
        _exit(127);
    }
    int st = 0;
    if (pid < 0 || waitpid(pid, &st, 0) < 0) st = -1;
    close(fd);
    int rc = 0;
    if (st != 0) {
        FILE *f = fopen(log, "r");
        char line[1024] = "", first[1024] = "";
        while (f && fgets(line, sizeof line, f)) {
            if (!first[0]) snprintf(first, sizeof first, "%s", line);
            if (strstr(line, "error")) {
                snprintf(first, sizeof first, "%s", line);
                break;
            }
        }
        if (f) fclose(f);
        char *nl = strchr(first, '\n');
        if (nl) *nl = 0;
        if (!first[0]) snprintf(first, sizeof first, "clang failed (status %d)", st);
        /* an include clang cannot find: one line naming it */
        char *nf = strstr(first, "' file not found"), *fe = strstr(first, "fatal error: '");
        if (nf && fe && fe < nf) {
            char where[700], name[256];
            snprintf(name, sizeof name, "%.*s", (int)(nf - fe - 14), fe + 14);
            snprintf(where, sizeof where, "%.*s", (int)(fe - first), first);
            char *c = strrchr(where, ':'); /* FILE:LINE:COL: -> FILE:LINE */
            if (c && c > where) *c = 0;
            c = strrchr(where, ':');
            if (c) *c = 0;
            snprintf(err, errlen, "%s: #include <%s>: not provided (the headers of NVIDIA's CUDA toolkit and its "
                     "libraries are not part of this simulator; docs/ptx.md, \"Compiling CUDA\", lists the "
                     "headers --cuda provides)", where[0] ? where : cu, name);
            unlink(log);
            return -1;
        }
        /* a kernel that declares a math function itself (extern "C"
         * __device__ float expf(float);) meets the header's macro for it */
        char *wm = strstr(first, "'warphw_"), *ce = strstr(first, ": error: ");
        if (wm && ce && !strncmp(first, cu, strlen(cu))) {
            char *c = strchr(first + strlen(cu) + 1, ':'); /* FILE:LINE:COL -> FILE:LINE */
            if (c) *c = 0;
            snprintf(err, errlen, "%s: this line declares a function the project header (tb/cuda/warphw_cuda.h) "
                     "defines as a macro (%.*s): drop the declaration, the header declares the C library; or "
                     "compile the kernel without the header (issue 25's clang command) and run the PTX "
                     "(--ptx, or the `ptx` key)", first, (int)strcspn(wm + 1, "'"), wm + 1);
            unlink(log);
            return -1;
        }
        if (!strncmp(first, cu, strlen(cu))) snprintf(err, errlen, "%s", first);
        else snprintf(err, errlen, "%s: %s", cu, first);
        rc = -1;
    }
    unlink(log);
    return rc;
}

/* ------------------------------------------------------------ build */

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
 * branch's condition is loaded from memory (every load is a seed of
 * thread-dependence): when the analysis passes with the loads of one kind
 * taken as uniform (their addresses still tracked), the refusal names the
 * kind.  kind 0: clang -O0's stack frame (ld [%SP+k]: every variable lives
 * there); kind 1: shared memory (a count or flag every thread reads after
 * a barrier: uniform in fact, not provably). */
static int loads_cause(prog *p, int kind)
{
    uint8_t *was = calloc(p->n, 1);
    if (!was) return 0;
    unsigned k = 0;
    for (unsigned pc = 0; pc < p->n; pc++) {
        prog_insn *in = &p->ins[pc];
        if (in->unit == PU_LD && in->varying &&
            (kind ? in->space == PS_SHARED : strstr(in->text, "[%SP") != NULL)) {
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

static void barrier_hint(prog *p, char *err, size_t errlen)
{
    char *c = strstr(err, " (inside a branch on a thread-dependent condition)");
    if (!c || !p->n) return;
    if (loads_cause(p, 0))
        snprintf(c, errlen - (size_t)(c - err),
                 ": the condition is loaded from the stack frame (ld [%%SP+k], where clang -O0 "
                 "keeps every variable), and the divergence analysis takes every load as "
                 "thread-dependent; compile with -O1 or more");
    else if (loads_cause(p, 1))
        snprintf(c, errlen - (size_t)(c - err),
                 ": the condition is loaded from shared memory, which the divergence analysis "
                 "takes as thread-dependent even where every thread reads one word after a "
                 "barrier; decide with __syncthreads_or/_and/_count (bar.red), whose result is "
                 "the block's");
}

/* What a launch must satisfy before any file is read: 0, or -1 with one
 * line in err. */
static int build_check(const launch *l, const launch_limits *lim, char *err, size_t errlen)
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
static int build_compile(const launch *l, char *tmp, char *err, size_t errlen)
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
static int build_module(const launch *l, const char *ptxpath, prog *p, ptx_info *info, char *err,
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
static int build_data(const launch *l, const launch_limits *lim, const ptx_info *info, prog *p,
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
static int build_analyse(const launch *l, const ptx_info *info, prog *p, char *err, size_t errlen)
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
    if (build_check(l, lim, err, errlen)) return -1;
    char tmp[] = "/tmp/warphw_cuda_XXXXXX";
    if (l->is_cuda && build_compile(l, tmp, err, errlen)) return -1;
    ptx_info info;
    int rc = build_module(l, l->is_cuda ? tmp : l->ptx, p, &info, err, errlen);
    if (l->is_cuda) unlink(tmp);
    if (rc) return -1;
    rc = build_data(l, lim, &info, p, err, errlen) || build_analyse(l, &info, p, err, errlen);
    ptx_info_free(&info);
    if (rc) prog_free(p);
    return rc ? -1 : 0;
}

/* ------------------------------------------------------ the program cache */

/* One entry of a module, loaded and analysed once: the key (what the
 * program depends on: the module, the entry, where the module's variables
 * go, the buffers that make the access regions), the program without
 * launch data, and what the module says about the entry. */
typedef struct {
    char ptx[1024];
    int is_cuda;
    char entry[128];
    uint64_t mem_bytes;
    ptx_var *buf;       /* the launch's buffers (name, addr, bytes) */
    unsigned nbuf;
    prog p;
    ptx_info info;
    int analysed;
} cache_entry;

struct launch_cache {
    cache_entry *e;
    unsigned n, cap;
    unsigned loads;
    char cu[1024];      /* the CUDA source compiled last, into tmp */
    char tmp[32];
};

launch_cache *launch_cache_new(void)
{
    return calloc(1, sizeof(launch_cache));
}

unsigned launch_cache_loads(const launch_cache *c)
{
    return c->loads;
}

static int cache_key(const cache_entry *e, const launch *l)
{
    if (strcmp(e->ptx, l->ptx) || e->is_cuda != l->is_cuda || strcmp(e->entry, l->entry) ||
        e->mem_bytes != l->mem_bytes || e->nbuf != l->nbuf)
        return 0;
    for (unsigned i = 0; i < l->nbuf; i++)
        if (strcmp(e->buf[i].name, l->buf[i].name) || e->buf[i].addr != l->buf[i].addr ||
            e->buf[i].bytes != l->buf[i].bytes)
            return 0;
    return 1;
}

static void cache_entry_free(cache_entry *e)
{
    prog_free(&e->p);
    ptx_info_free(&e->info);
    free(e->buf);
}

/* l's entry in c, loaded (its CUDA source compiled once) on its first use. */
static cache_entry *cache_find(launch_cache *c, const launch *l, char *err, size_t errlen)
{
    for (unsigned i = 0; i < c->n; i++)
        if (cache_key(&c->e[i], l)) return &c->e[i];
    const char *lf = l->file[0] ? l->file : l->is_cuda ? "--cuda" : "--ptx";
    if (c->n == c->cap) {
        unsigned cap = c->cap ? 2 * c->cap : 4;
        cache_entry *ne = realloc(c->e, cap * sizeof *ne);
        if (!ne) {
            lerr(err, errlen, lf, "out of memory");
            return NULL;
        }
        c->e = ne;
        c->cap = cap;
    }
    if (l->is_cuda && (!c->tmp[0] || strcmp(c->cu, l->ptx))) {
        if (c->tmp[0]) unlink(c->tmp);
        snprintf(c->tmp, sizeof c->tmp, "/tmp/warphw_cuda_XXXXXX");
        if (build_compile(l, c->tmp, err, errlen)) {
            c->tmp[0] = 0;
            return NULL;
        }
        snprintf(c->cu, sizeof c->cu, "%s", l->ptx);
    }
    cache_entry *e = &c->e[c->n];
    memset(e, 0, sizeof *e);
    e->buf = calloc(l->nbuf ? l->nbuf : 1, sizeof *e->buf);
    if (!e->buf) {
        lerr(err, errlen, lf, "out of memory");
        return NULL;
    }
    if (build_module(l, l->is_cuda ? c->tmp : l->ptx, &e->p, &e->info, err, errlen)) {
        free(e->buf);
        return NULL;
    }
    snprintf(e->ptx, sizeof e->ptx, "%s", l->ptx);
    e->is_cuda = l->is_cuda;
    snprintf(e->entry, sizeof e->entry, "%s", l->entry);
    e->mem_bytes = l->mem_bytes;
    e->nbuf = l->nbuf;
    for (unsigned i = 0; i < l->nbuf; i++) {
        snprintf(e->buf[i].name, sizeof e->buf[i].name, "%s", l->buf[i].name);
        e->buf[i].addr = l->buf[i].addr;
        e->buf[i].bytes = l->buf[i].bytes;
    }
    c->n++;
    c->loads++;
    return e;
}

int launch_build_cached(launch_cache *c, const launch *l, const launch_limits *lim, prog *p,
                        char *err, size_t errlen)
{
    memset(p, 0, sizeof *p);
    if (build_check(l, lim, err, errlen)) return -1;
    cache_entry *e = cache_find(c, l, err, errlen);
    if (!e) return -1;
    /* the launch's data first, as launch_build checks it before the
     * analysis (the same first error) */
    prog d;
    memset(&d, 0, sizeof d);
    d.shared_bytes = e->p.shared_bytes;
    if (build_data(l, lim, &e->info, &d, err, errlen)) {
        prog_free(&d);
        return -1;
    }
    if (!e->analysed) {
        if (build_analyse(l, &e->info, &e->p, err, errlen)) {
            prog_free(&d);
            cache_entry_free(e);
            *e = c->e[--c->n];
            return -1;
        }
        e->analysed = 1;
    }
    *p = e->p;
    for (int i = 0; i < 3; i++) {
        p->grid[i] = d.grid[i];
        p->block[i] = d.block[i];
    }
    p->shared_bytes = d.shared_bytes;
    p->global_bytes = d.global_bytes;
    p->global_init = d.global_init;
    p->param = d.param;
    p->param_bytes = d.param_bytes;
    p->borrowed = 1;
    return 0;
}

void launch_cache_free(launch_cache *c)
{
    if (!c) return;
    for (unsigned i = 0; i < c->n; i++) cache_entry_free(&c->e[i]);
    free(c->e);
    if (c->tmp[0]) unlink(c->tmp);
    free(c);
}

/* ------------------------------------------------------------ sequences */

typedef struct {
    const char *s;
    const launch *l;
    const seq_scope *sc;
    int check;          /* parse only: no division by zero */
    const char *bad;    /* what went wrong */
    char name[64];
} seq_expr;

static int64_t ex_sum(seq_expr *e);

static void ex_ws(seq_expr *e)
{
    while (*e->s == ' ' || *e->s == '\t') e->s++;
}

static int64_t ex_prim(seq_expr *e)
{
    ex_ws(e);
    if (e->bad) return 0;
    if (*e->s == '(') {
        e->s++;
        int64_t v = ex_sum(e);
        ex_ws(e);
        if (*e->s != ')') {
            if (!e->bad) e->bad = "a ')' is missing";
            return 0;
        }
        e->s++;
        return v;
    }
    if (*e->s == '-') {
        e->s++;
        return (int64_t)(0 - (uint64_t)ex_prim(e));
    }
    if (isdigit((unsigned char)*e->s)) {
        char *end;
        errno = 0;
        uint64_t v = strtoull(e->s, &end, 0);
        if (errno || isalnum((unsigned char)*end) || *end == '_') {
            e->bad = "a bad number";
            return 0;
        }
        e->s = end;
        return (int64_t)v;
    }
    if (isalpha((unsigned char)*e->s) || *e->s == '_') {
        size_t n = 0;
        while (isalnum((unsigned char)e->s[n]) || e->s[n] == '_') n++;
        snprintf(e->name, sizeof e->name, "%.*s", (int)(n < 63 ? n : 63), e->s);
        e->s += n;
        for (unsigned i = e->sc ? e->sc->n : 0; i-- > 0;)
            if (!strcmp(e->sc->name[i], e->name)) return e->sc->val[i];
        for (unsigned i = 0; i < e->l->nbuf; i++)
            if (!strcmp(e->l->buf[i].name, e->name)) return (int64_t)e->l->buf[i].addr;
        e->bad = "unknown";
        return 0;
    }
    e->bad = *e->s ? "an unexpected character" : "an operand is missing";
    return 0;
}

static int64_t ex_prod(seq_expr *e)
{
    int64_t v = ex_prim(e);
    for (;;) {
        ex_ws(e);
        char op = *e->s;
        if (e->bad || (op != '*' && op != '/' && op != '%')) return v;
        e->s++;
        int64_t r = ex_prim(e);
        if (op == '*') v = (int64_t)((uint64_t)v * (uint64_t)r);
        else if (r == 0) {
            if (!e->check) e->bad = "a division by zero";
            v = 0;
        } else if (r == -1) v = op == '/' ? (int64_t)(0 - (uint64_t)v) : 0;
        else v = op == '/' ? v / r : v % r;
    }
}

static int64_t ex_sum(seq_expr *e)
{
    int64_t v = ex_prod(e);
    for (;;) {
        ex_ws(e);
        char op = *e->s;
        if (e->bad || (op != '+' && op != '-')) return v;
        e->s++;
        int64_t r = ex_prod(e);
        v = (int64_t)(op == '+' ? (uint64_t)v + (uint64_t)r : (uint64_t)v - (uint64_t)r);
    }
}

/* One expression (the whole of s) into *v; -1 with "where: ..." */
static int ex_eval(const launch *l, const seq_scope *sc, int check, const char *s, int64_t *v,
                   const char *where, char *err, size_t errlen)
{
    seq_expr e = {.s = s, .l = l, .sc = sc, .check = check};
    *v = ex_sum(&e);
    ex_ws(&e);
    if (!e.bad && *e.s) e.bad = *e.s == ')' ? "an unmatched ')'" : "an unexpected character";
    if (!e.bad) return 0;
    if (!strcmp(e.bad, "unknown"))
        return lerr(err, errlen, where, "'%s' in '%s': unknown (neither a variable of an enclosing "
                    "for nor a buffer declared above)", e.name, s);
    return lerr(err, errlen, where, "bad expression '%s': %s", s, e.bad);
}

/* text with each ${EXPR} replaced by its value (decimal) */
static int ex_subst(const launch *l, const seq_scope *sc, int check, const char *in, char *out,
                    size_t n, const char *where, char *err, size_t errlen)
{
    size_t k = 0;
    for (const char *c = in; *c;) {
        if (c[0] == '$' && c[1] == '{') {
            const char *close = strchr(c + 2, '}');
            if (!close) return lerr(err, errlen, where, "'${' without its '}'");
            char ex[1040];
            snprintf(ex, sizeof ex, "%.*s", (int)(close - c - 2), c + 2);
            int64_t v;
            if (ex_eval(l, sc, check, ex, &v, where, err, errlen)) return -1;
            int w = snprintf(out + k, n - k, "%lld", (long long)v);
            if (w < 0 || (size_t)w >= n - k) return lerr(err, errlen, where, "line too long");
            k += (size_t)w;
            c = close + 1;
            continue;
        }
        if (k + 1 >= n) return lerr(err, errlen, where, "line too long");
        out[k++] = *c++;
    }
    out[k] = 0;
    return 0;
}

/* "BUF" or "BUF+OFF" (after substitution): the word's address */
static int seq_addr(const launch *l, const char *t, uint64_t *addr, const char *where, char *err, size_t errlen)
{
    char name[128];
    size_t n = strcspn(t, "+");
    snprintf(name, sizeof name, "%.*s", (int)(n < 127 ? n : 127), t);
    int64_t off = 0;
    if (t[n]) {
        char *e;
        errno = 0;
        off = strtoll(t + n + 1, &e, 0);
        if (errno || *e || !t[n + 1] || off < 0)
            return lerr(err, errlen, where, "bad offset in '%s' (BUFFER or BUFFER+BYTES)", t);
    }
    for (unsigned i = 0; i < l->nbuf; i++)
        if (!strcmp(l->buf[i].name, name)) {
            if (off % 4 || (uint64_t)off + 4 > l->buf[i].bytes)
                return lerr(err, errlen, where, "'%s': offset %lld is not a 32-bit word inside buffer '%s' "
                            "(%llu bytes)", t, (long long)off, name, (unsigned long long)l->buf[i].bytes);
            *addr = l->buf[i].addr + (uint64_t)off;
            return 0;
        }
    return lerr(err, errlen, where, "'%s': no buffer '%s' (BUFFER or BUFFER+BYTES)", t, name);
}

/* `while`/`store` text after substitution into its parts; cond: 1 !=, 2 == */
static int seq_word_op(const launch *l, const launch_op *op, const char *t, uint64_t *addr, int *cond,
                       uint32_t *val, char *err, size_t errlen)
{
    char buf[1040], *w[8];
    snprintf(buf, sizeof buf, "%s", t);
    int nw = fields(buf, w, 8), want = op->kind == LOP_WHILE ? 3 : 2;
    if (nw != want)
        return lerr(err, errlen, op->where, op->kind == LOP_WHILE ? "while takes BUFFER[+BYTES] != VALUE (or ==)"
                                                                  : "store takes BUFFER[+BYTES] VALUE");
    if (seq_addr(l, w[0], addr, op->where, err, errlen)) return -1;
    *cond = 0;
    if (want == 3) {
        *cond = !strcmp(w[1], "!=") ? 1 : !strcmp(w[1], "==") ? 2 : 0;
        if (!*cond) return lerr(err, errlen, op->where, "while compares with != or ==, not '%s'", w[1]);
    }
    const char *v = w[want - 1];
    char *e;
    errno = 0;
    long long x = strtoll(v, &e, 0);
    if (*e || errno || !*v || x < -2147483648ll || x > 0xffffffffll)
        return lerr(err, errlen, op->where, "bad 32-bit value '%s'", v);
    *val = (uint32_t)x;
    return 0;
}

static launch_op *seq_add(launch *l, int kind, const char *where, char *err, size_t errlen)
{
    launch_op *n = realloc(l->op, (l->nop + 1) * sizeof *n);
    if (!n) {
        lerr(err, errlen, where, "out of memory");
        return NULL;
    }
    l->op = n;
    launch_op *o = &l->op[l->nop++];
    memset(o, 0, sizeof *o);
    o->kind = kind;
    snprintf(o->where, sizeof o->where, "%s", where);
    return o;
}



static int seq_key(launch *l, seq_parse *ps, const char *k, const char *v, const char *where, char *err,
                   size_t errlen)
{
    char buf[2048], *w[8], vt[1040];
    while (isspace((unsigned char)*v)) v++;
    if (strlen(v) >= sizeof vt) return lerr(err, errlen, where, "line too long");
    size_t vl = strlen(v);
    while (vl && isspace((unsigned char)v[vl - 1])) vl--;
    snprintf(vt, sizeof vt, "%.*s", (int)vl, v);
    v = vt;
    int seqkw = !strcmp(k, "launch") || !strcmp(k, "for") || !strcmp(k, "end") || !strcmp(k, "do") ||
                !strcmp(k, "while") || !strcmp(k, "store") || !strcmp(k, "max_iterations");
    if (!seqkw && !is_step_key(k)) {
        ps->in_step = 0;
        return 1; /* a global key */
    }
    if (is_step_key(k) && !l->nop) {
        /* a one-launch file's key (an error if a launch line follows) */
        if (!ps->first_step_key[0]) snprintf(ps->first_step_key, sizeof ps->first_step_key, "%s", where);
        return 1;
    }
    char chk[2048];
    if (strcmp(k, "max_iterations") && ex_subst(l, &ps->sc, 1, v, chk, sizeof chk, where, err, errlen))
        return -1;
    if (!strcmp(k, "launch")) {
        if (ps->first_step_key[0])
            return lerr(err, errlen, ps->first_step_key, "a launch step's key before any 'launch' line (%s "
                        "starts one): in a sequence file entry, grid, block, shared_dynamic and param "
                        "follow their step's 'launch' line", where);
        snprintf(buf, sizeof buf, "%s", v);
        int nw = fields(buf, w, 8);
        if (nw > 1) return lerr(err, errlen, where, "launch takes one entry name (or none: an entry line after it)");
        launch_op *o = seq_add(l, LOP_LAUNCH, where, err, errlen);
        if (!o) return -1;
        if (nw == 1) snprintf(o->name, sizeof o->name, "%.127s", w[0]);
        ps->in_step = 1;
        return 0;
    }
    if (is_step_key(k)) {
        if (!ps->in_step)
            return lerr(err, errlen, where, "%s outside a launch step (a step's keys follow its 'launch' "
                        "line, before the next for, end, do, while or store)", k);
        launch_op *o = &l->op[l->nop - 1];
        /* checked now where it has no ${}: an error names this line */
        if (!strstr(v, "${")) {
            launch t;
            launch_init(&t);
            int r = launch_set(&t, k, v, where, 0, err, errlen);
            launch_free(&t);
            if (r) return -1;
        }
        if (!strcmp(k, "entry")) {
            if (o->name[0]) return lerr(err, errlen, where, "entry given twice in one step (first at %s)", o->where);
            snprintf(buf, sizeof buf, "%s", v);
            if (fields(buf, w, 8) != 1 || strstr(v, "${")) return lerr(err, errlen, where, "entry takes one name");
            snprintf(o->name, sizeof o->name, "%.127s", w[0]);
            return 0;
        }
        launch_kv *n = realloc(o->kv, (o->nkv + 1) * sizeof *n);
        if (!n) return lerr(err, errlen, where, "out of memory");
        o->kv = n;
        launch_kv *kv = &o->kv[o->nkv++];
        snprintf(kv->key, sizeof kv->key, "%.23s", k);
        snprintf(kv->value, sizeof kv->value, "%s", v);
        snprintf(kv->where, sizeof kv->where, "%s", where);
        return 0;
    }
    ps->in_step = 0;
    if (!strcmp(k, "max_iterations")) {
        uint64_t n;
        if (parse_u64(v, &n) || !n) return lerr(err, errlen, where, "max_iterations takes a count above 0");
        l->max_iter = n;
        return 0;
    }
    if (!strcmp(k, "for") || !strcmp(k, "do")) {
        if (ps->nopen == 32) return lerr(err, errlen, where, "loops nested more than 32 deep");
        launch_op *o = seq_add(l, k[0] == 'f' ? LOP_FOR : LOP_DO, where, err, errlen);
        if (!o) return -1;
        if (k[0] == 'd') {
            if (*v) return lerr(err, errlen, where, "do takes nothing (its condition is on the 'while' line)");
        } else {
            snprintf(buf, sizeof buf, "%s", chk);
            int nw = fields(buf, w, 8);
            if (nw < 3 || nw > 4) return lerr(err, errlen, where, "for takes VAR FROM TO [STEP] (an expression with spaces inside ${})");
            if (!(isalpha((unsigned char)w[0][0]) || w[0][0] == '_') || strlen(w[0]) > 63 ||
                w[0][strspn(w[0], "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")])
                return lerr(err, errlen, where, "bad loop variable '%s'", w[0]);
            for (unsigned i = 0; i < ps->sc.n; i++)
                if (!strcmp(ps->sc.name[i], w[0]))
                    return lerr(err, errlen, where, "loop variable '%s' is already an enclosing loop's", w[0]);
            snprintf(o->name, sizeof o->name, "%s", w[0]);
            /* FROM TO STEP: each one expression (${} optional) */
            for (int i = 1; i < nw; i++) {
                int64_t x;
                if (ex_eval(l, &ps->sc, 1, w[i], &x, where, err, errlen)) return -1;
            }
            /* FROM TO [STEP] as written (${} expanded when the loop starts) */
            snprintf(o->text, sizeof o->text, "%s", v + strlen(o->name) + strspn(v + strlen(o->name), " \t,"));
            snprintf(ps->sc.name[ps->sc.n], sizeof ps->sc.name[0], "%.63s", w[0]);
            ps->sc.val[ps->sc.n++] = 0;
        }
        ps->open[ps->nopen++] = l->nop - 1;
        return 0;
    }
    if (!strcmp(k, "end") || !strcmp(k, "while")) {
        int want = k[0] == 'e' ? LOP_FOR : LOP_DO;
        if (!ps->nopen || l->op[ps->open[ps->nopen - 1]].kind != want) {
            if (ps->nopen)
                return lerr(err, errlen, where, "%s inside the %s at %s (close it first)", k,
                            want == LOP_FOR ? "do" : "for", l->op[ps->open[ps->nopen - 1]].where);
            return lerr(err, errlen, where, "%s without a %s", k, want == LOP_FOR ? "for" : "do");
        }
        if (want == LOP_FOR && *v) return lerr(err, errlen, where, "end takes nothing");
        unsigned head = ps->open[--ps->nopen];
        launch_op *o = seq_add(l, want == LOP_FOR ? LOP_END : LOP_WHILE, where, err, errlen);
        if (!o) return -1;
        o->match = head;
        l->op[head].match = l->nop - 1;
        if (want == LOP_FOR) ps->sc.n--;
        else {
            uint64_t a;
            int c;
            uint32_t x;
            snprintf(o->text, sizeof o->text, "%s", v);
            if (!strstr(v, "${") && seq_word_op(l, o, v, &a, &c, &x, err, errlen)) return -1;
        }
        return 0;
    }
    if (!strcmp(k, "store")) {
        launch_op *o = seq_add(l, LOP_STORE, where, err, errlen);
        if (!o) return -1;
        snprintf(o->text, sizeof o->text, "%s", v);
        uint64_t a;
        int c;
        uint32_t x;
        if (!strstr(v, "${") && seq_word_op(l, o, v, &a, &c, &x, err, errlen)) return -1;
        return 0;
    }
    return 1; /* not a sequence keyword */
}

/* after the last line: every loop closed, something to launch */
static int seq_finish(launch *l, seq_parse *ps, char *err, size_t errlen)
{
    if (ps->nopen) {
        const launch_op *o = &l->op[ps->open[ps->nopen - 1]];
        return lerr(err, errlen, o->where, "%s without its %s", o->kind == LOP_FOR ? "for" : "do",
                    o->kind == LOP_FOR ? "end" : "while");
    }
    if (!l->nop) return 0;
    unsigned nl = 0;
    for (unsigned i = 0; i < l->nop; i++) {
        const launch_op *o = &l->op[i];
        if (o->kind != LOP_LAUNCH) continue;
        nl++;
        if (!o->name[0]) return lerr(err, errlen, o->where, "launch step without an entry (launch ENTRY)");
    }
    if (!nl) return lerr(err, errlen, l->op[0].where, "%s without any launch step", l->op[0].kind == LOP_STORE ? "store" : "a loop");
    return 0;
}

unsigned launch_entries(const launch *l, const char **names, unsigned n)
{
    unsigned k = 0;
    if (!l->nop) {
        if (n && l->entry[0]) names[k++] = l->entry;
        return k;
    }
    for (unsigned i = 0; i < l->nop; i++) {
        if (l->op[i].kind != LOP_LAUNCH) continue;
        unsigned j = 0;
        while (j < k && strcmp(names[j], l->op[i].name)) j++;
        if (j == k && k < n) names[k++] = l->op[i].name;
    }
    return k;
}

/* the step's complete launch: l's global keys, the step's keys expanded */
static int seq_step(const launch *l, const launch_op *o, const seq_scope *sc, launch *s, char *err, size_t errlen)
{
    *s = *l;
    s->op = NULL;
    s->nop = 0;
    s->param = NULL;
    s->nparam = 0;
    s->shared_dynamic = 0;
    for (int i = 0; i < 3; i++) s->grid[i] = s->block[i] = 1;
    s->w_grid[0] = s->w_block[0] = s->w_shared[0] = s->w_params[0] = 0;
    snprintf(s->entry, sizeof s->entry, "%s", o->name);
    snprintf(s->w_entry, sizeof s->w_entry, "%s", o->where);
    for (unsigned i = 0; i < o->nkv; i++) {
        char v[2048];
        if (ex_subst(l, sc, 0, o->kv[i].value, v, sizeof v, o->kv[i].where, err, errlen) ||
            launch_set(s, o->kv[i].key, v, o->kv[i].where, 0, err, errlen)) {
            free(s->param);
            s->param = NULL;
            return -1;
        }
        /* a key given twice in one step: the file's rule (the earlier line is named) */
    }
    return 0;
}

/* the end of a loop's pass (o: its end or while): back to the loop's first
 * step while `again` (1), on past it (0), or -3 with one line when the loop
 * has made max_iterations passes */
static int seq_next_pass(const launch *l, const launch_op *o, int again, uint64_t *iters, uint64_t maxi,
                         unsigned *pc, char *err, size_t errlen)
{
    if (again && ++*iters >= maxi)
        return lerr(err, errlen, l->op[o->match].where, "the loop ran %llu iterations without ending "
                    "(max_iterations %llu; the key raises it)", (unsigned long long)maxi,
                    (unsigned long long)maxi) - 2;
    *pc = again ? o->match + 1 : *pc + 1;
    return again;
}

int launch_seq_run(const launch *l, const launch_seq_ops *ops, void *ctx, unsigned *nlaunch, char *err,
                   size_t errlen)
{
    *nlaunch = 0;
    if (!l->nop) {
        int r = ops->run(ctx, l, "");
        if (!r) *nlaunch = 1;
        return r;
    }
    struct {
        unsigned op;
        int64_t to, step;
        uint64_t iters;
    } fr[32];
    unsigned nf = 0;
    seq_scope sc = {.n = 0};
    uint64_t maxi = l->max_iter ? l->max_iter : 1000000;
    for (unsigned pc = 0; pc < l->nop;) {
        const launch_op *o = &l->op[pc];
        switch (o->kind) {
        case LOP_LAUNCH: {
            launch s;
            if (seq_step(l, o, &sc, &s, err, errlen)) return -1;
            char desc[1200];
            int k = snprintf(desc, sizeof desc, "launch %u (%s at %s", *nlaunch + 1, o->name, o->where);
            for (unsigned i = 0; i < sc.n && k > 0 && (size_t)k < sizeof desc; i++)
                k += snprintf(desc + k, sizeof desc - (size_t)k, "%s %s=%lld", i ? "," : ";", sc.name[i],
                              (long long)sc.val[i]);
            int first = sc.n == 0;
            for (unsigned i = 0; i < nf && k > 0 && (size_t)k < sizeof desc; i++)
                if (l->op[fr[i].op].kind == LOP_DO) {
                    k += snprintf(desc + k, sizeof desc - (size_t)k, "%s do at %s: pass %llu", first ? ";" : ",",
                                  l->op[fr[i].op].where, (unsigned long long)fr[i].iters + 1);
                    first = 0;
                }
            if (k > 0 && (size_t)k < sizeof desc - 1) snprintf(desc + k, sizeof desc - (size_t)k, ")");
            int r = ops->run(ctx, &s, desc);
            free(s.param);
            if (r) return r;
            ++*nlaunch;
            pc++;
            break;
        }
        case LOP_FOR: {
            char t[2048], *w[8];
            if (ex_subst(l, &sc, 0, o->text, t, sizeof t, o->where, err, errlen)) return -1;
            int nw = fields(t, w, 8);
            int64_t v[3] = {0, 0, 1};
            if (nw < 2 || nw > 3) return lerr(err, errlen, o->where, "for takes VAR FROM TO [STEP]");
            for (int i = 0; i < nw; i++)
                if (ex_eval(l, &sc, 0, w[i], &v[i], o->where, err, errlen)) return -1;
            if (!v[2]) return lerr(err, errlen, o->where, "for: STEP 0 never ends");
            if (v[2] > 0 ? v[0] >= v[1] : v[0] <= v[1]) {
                pc = o->match + 1;
                break;
            }
            fr[nf].op = pc;
            fr[nf].to = v[1];
            fr[nf].step = v[2];
            fr[nf++].iters = 0;
            snprintf(sc.name[sc.n], sizeof sc.name[0], "%.63s", o->name);
            sc.val[sc.n++] = v[0];
            pc++;
            break;
        }
        case LOP_END: {
            int64_t *x = &sc.val[sc.n - 1];
            *x = (int64_t)((uint64_t)*x + (uint64_t)fr[nf - 1].step);
            int r = seq_next_pass(l, o, fr[nf - 1].step > 0 ? *x < fr[nf - 1].to : *x > fr[nf - 1].to,
                                  &fr[nf - 1].iters, maxi, &pc, err, errlen);
            if (r < 0) return r;
            if (!r) {
                nf--;
                sc.n--;
            }
            break;
        }
        case LOP_DO:
            fr[nf].op = pc;
            fr[nf++].iters = 0;
            pc++;
            break;
        case LOP_WHILE:
        case LOP_STORE: {
            char t[2048];
            uint64_t a, bytes = 0;
            int cond;
            uint32_t val;
            if (ex_subst(l, &sc, 0, o->text, t, sizeof t, o->where, err, errlen) ||
                seq_word_op(l, o, t, &a, &cond, &val, err, errlen))
                return -1;
            uint8_t *m = ops->mem(ctx, &bytes);
            if (!m || a + 4 > bytes) return lerr(err, errlen, o->where, "address 0x%llx outside the memory", (unsigned long long)a);
            if (o->kind == LOP_STORE) {
                for (unsigned i = 0; i < 4; i++) m[a + i] = (uint8_t)(val >> (8 * i));
                pc++;
                break;
            }
            uint32_t x = (uint32_t)m[a] | (uint32_t)m[a + 1] << 8 | (uint32_t)m[a + 2] << 16 | (uint32_t)m[a + 3] << 24;
            int r = seq_next_pass(l, o, cond == 1 ? x != val : x == val, &fr[nf - 1].iters, maxi, &pc, err,
                                  errlen);
            if (r < 0) return r;
            if (!r) nf--;
            break;
        }
        }
    }
    return 0;
}
