/* SPDX-License-Identifier: Apache-2.0 */
/*
 * port.c -- the parameter tables of port.h: defaults, range checks, K=V
 * parsing and the canonical "K=V,K=V" text.  One implementation for every
 * structure, used by the C models' foo_cfg_check, the co-simulation's
 * --param, the build's -G overrides and the vector files.
 */
#include "port.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char msg[320];

unsigned params_get(const struct param_def *d, const void *cfg)
{
    unsigned v;
    memcpy(&v, (const char *)cfg + d->offset, sizeof v);
    return v;
}

static void put(const struct param_def *d, void *cfg, unsigned v)
{
    memcpy((char *)cfg + d->offset, &v, sizeof v);
}

void params_default(const struct param_table *t, void *cfg)
{
    unsigned i;
    for (i = 0; i < t->n; i++)
        put(&t->defs[i], cfg, t->defs[i].def);
}

char *params_range(const struct param_def *d, char *buf, size_t n)
{
    if (d->min == d->max)
        snprintf(buf, n, "%u (fixed)", d->min);
    else if (d->flags & PARAM_POW2)
        snprintf(buf, n, "a power of two in %u..%u", d->min, d->max);
    else
        snprintf(buf, n, "%u..%u", d->min, d->max);
    return buf;
}

static int in_range(const struct param_def *d, unsigned long long v)
{
    if (v < d->min || v > d->max)
        return 0;
    if ((d->flags & PARAM_POW2) && (v & (v - 1u)) != 0u)
        return 0;
    return 1;
}

static const char *range_msg(const struct param_table *t, const struct param_def *d,
                             const char *value)
{
    char r[64];
    snprintf(msg, sizeof msg, "%s: parameter %s (cfg %s) = %s is out of range; allowed: %s",
             t->structure, d->name, d->field, value, params_range(d, r, sizeof r));
    return msg;
}

const char *params_check(const struct param_table *t, const void *cfg)
{
    unsigned i;
    for (i = 0; i < t->n; i++) {
        const struct param_def *d = &t->defs[i];
        unsigned v = params_get(d, cfg);
        if (!in_range(d, v)) {
            char s[24];
            snprintf(s, sizeof s, "%u", v);
            return range_msg(t, d, s);
        }
    }
    return t->rules ? t->rules(cfg) : NULL;
}

const struct param_def *params_find(const struct param_table *t, const char *name)
{
    unsigned i;
    for (i = 0; i < t->n; i++)
        if (strcmp(t->defs[i].name, name) == 0)
            return &t->defs[i];
    return NULL;
}

static const char *unknown(const struct param_table *t, const char *name, size_t len)
{
    unsigned i;
    size_t k;
    char r[64];
    k = (size_t)snprintf(msg, sizeof msg, "%s: unknown parameter '%.*s' (parameters:",
                         t->structure, (int)(len > 40 ? 40 : len), name);
    for (i = 0; i < t->n && k < sizeof msg; i++)
        k += (size_t)snprintf(msg + k, sizeof msg - k, "%s %s %s", i ? "," : "",
                              t->defs[i].name, params_range(&t->defs[i], r, sizeof r));
    if (k < sizeof msg)
        snprintf(msg + k, sizeof msg - k, ")");
    return msg;
}

/* One K=V of length len (not NUL-terminated). */
static const char *set_one(const struct param_table *t, void *cfg, const char *kv, size_t len)
{
    char name[48], val[48], *end = NULL;
    const char *eq = memchr(kv, '=', len);
    const struct param_def *d;
    unsigned long long v;
    size_t nl, vl;
    if (!eq) {
        snprintf(msg, sizeof msg, "%s: parameter '%.*s' is not NAME=VALUE", t->structure,
                 (int)(len > 40 ? 40 : len), kv);
        return msg;
    }
    nl = (size_t)(eq - kv);
    vl = len - nl - 1u;
    if (nl == 0 || nl >= sizeof name)
        return unknown(t, kv, nl);
    memcpy(name, kv, nl);
    name[nl] = '\0';
    d = params_find(t, name);
    if (!d)
        return unknown(t, kv, nl);
    if (vl == 0 || vl >= sizeof val) {
        snprintf(val, sizeof val, "%.*s", (int)(vl > 40 ? 40 : vl), eq + 1);
        return range_msg(t, d, vl ? val : "(empty)");
    }
    memcpy(val, eq + 1, vl);
    val[vl] = '\0';
    errno = 0;
    v = (val[0] < '0' || val[0] > '9') ? 0 : strtoull(val, &end, 0);
    if (val[0] < '0' || val[0] > '9' || !end || *end != '\0') {
        /* "abc", "-3", "1x": not a number at all, whatever the range */
        char r[64];
        snprintf(msg, sizeof msg,
                 "%s: parameter %s (cfg %s) = %s is not a number (decimal or 0x hex); "
                 "allowed: %s",
                 t->structure, d->name, d->field, val, params_range(d, r, sizeof r));
        return msg;
    }
    if (errno != 0 || !in_range(d, v))
        return range_msg(t, d, val);
    put(d, cfg, (unsigned)v);
    return NULL;
}

const char *params_set(const struct param_table *t, void *cfg, const char *kv)
{
    return set_one(t, cfg, kv, strlen(kv));
}

const char *params_set_list(const struct param_table *t, void *cfg, const char *list)
{
    const char *p = list;
    const char *why;
    if (p) {
        for (;;) {
            size_t len;
            while (*p == ' ' || *p == ',' || *p == '\t' || *p == '\n')
                p++;
            if (!*p)
                break;
            len = strcspn(p, " ,\t\n");
            if ((why = set_one(t, cfg, p, len)) != NULL)
                return why;
            p += len;
        }
    }
    return params_check(t, cfg);
}

char *params_format(const struct param_table *t, const void *cfg, int all, char *buf,
                    size_t n)
{
    unsigned i;
    size_t k = 0;
    if (n)
        buf[0] = '\0';
    for (i = 0; i < t->n && k < n; i++) {
        unsigned v = params_get(&t->defs[i], cfg);
        if (!all && v == t->defs[i].def)
            continue;
        k += (size_t)snprintf(buf + k, n - k, "%s%s=%u", k ? "," : "", t->defs[i].name, v);
    }
    return buf;
}
