/* SPDX-License-Identifier: Apache-2.0 */
/*
 * launch_cache.c -- the programs of a sequence's launches, each entry
 * loaded and analysed once (launch_build_cached; the contract: launch.h):
 * a list of entries keyed by what a program depends on (the module, the
 * entry, mem_bytes, the buffers), a CUDA source compiled once while the
 * launches use it; every launch adds its own data with launch_build's
 * steps (launch_build.c), so it gets launch_build's messages and first
 * error.
 */
#define _POSIX_C_SOURCE 200809L
#include "launch_int.h"

#include <unistd.h>

/* One entry of a module, loaded and analysed once: the key (what the
 * program depends on: the module, the entry, where the module's variables
 * go, the buffers that make the access regions), the program without
 * launch data, and what the module says about the entry. */
typedef struct {
    char ptx[1024];
    int is_cuda;
    char entry[PTX_NAME];
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
        if (launch_build_compile(l, c->tmp, err, errlen)) {
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
    if (launch_build_module(l, l->is_cuda ? c->tmp : l->ptx, &e->p, &e->info, err, errlen)) {
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
    if (launch_build_check(l, lim, err, errlen)) return -1;
    cache_entry *e = cache_find(c, l, err, errlen);
    if (!e) return -1;
    /* the launch's data first, as launch_build checks it before the
     * analysis (the same first error) */
    prog d;
    memset(&d, 0, sizeof d);
    d.shared_bytes = e->p.shared_bytes;
    if (launch_build_data(l, lim, &e->info, &d, err, errlen)) {
        prog_free(&d);
        return -1;
    }
    if (!e->analysed) {
        if (launch_build_analyse(l, &e->info, &e->p, err, errlen)) {
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
