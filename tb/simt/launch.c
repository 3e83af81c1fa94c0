/* SPDX-License-Identifier: Apache-2.0 */
/*
 * launch.c -- the launch file (issue 25, section 1; the format: launch.h):
 * reading a file a line at a time (launch_load: `#` comments, file:line in
 * every message), one key's value (launch_set: a launch's keys, buffers
 * and their initialisers, parameters; a key of one value given twice in
 * the file is an error, a flag overrides it), and a driver's launch flags
 * (launch_take_args).  A sequence's keys are launch_seq.c's; a launch's
 * memory and parameter values launch_mem.c's; its program launch_build.c's
 * (launch_int.h: what these files share).
 */
#define _POSIX_C_SOURCE 200809L
#include "launch_int.h"

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
        if (nw != 1) return lerr(err, errlen, where, "entry takes one name");
        if (strlen(w[0]) >= sizeof l->entry)
            return lerr(err, errlen, where, "an entry name of %zu characters (at most %zu)", strlen(w[0]), sizeof l->entry - 1);
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
        int r = launch_seq_key(l, &ps, k, c, where, err, errlen);
        if (r < 0 || (r > 0 && launch_set(l, k, c, where, 0, err, errlen))) {
            fclose(f);
            return -1;
        }
    }
    fclose(f);
    return launch_seq_finish(l, &ps, err, errlen);
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
