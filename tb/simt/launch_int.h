/* SPDX-License-Identifier: Apache-2.0 */
/*
 * launch_int.h -- what the files of the launch file share (the contract is
 * launch.h; this is not part of it).  launch.c reads a launch file and a
 * driver's launch flags; launch_seq.c a sequence's keys, its ${EXPR}
 * expressions and its run; launch_mem.c the memory image, the initial
 * global memory and the parameters' values; launch_cuda.c the clang step;
 * launch_build.c builds a launch's program step by step, and
 * launch_cache.c repeats those steps for a sequence's launches, each entry
 * loaded once.  Here: the one-line error, the small parsing helpers, the
 * sequence reader's state and the steps of a build.
 */
#ifndef SIMT_LAUNCH_INT_H
#define SIMT_LAUNCH_INT_H

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "launch.h"
#include "ptx_int.h"

/* "where: " and the message into err; returns -1 */
static inline int lerr(char *err, size_t errlen, const char *where, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static inline int lerr(char *err, size_t errlen, const char *where, const char *fmt, ...)
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

/* a count or an address (decimal, 0x hex); -1 for a sign, junk or overflow */
static inline int parse_u64(const char *t, uint64_t *v)
{
    if (!*t || *t == '-') return -1;
    char *e;
    errno = 0;
    *v = strtoull(t, &e, 0);
    return (errno || *e) ? -1 : 0;
}

/* a PTX type's name (T_* of ptx_int.h), for messages */
static inline const char *tname(uint8_t t)
{
    static const char *const n[4][4] = {{"b8", "b16", "b32", "b64"},
                                        {"u8", "u16", "u32", "u64"},
                                        {"s8", "s16", "s32", "s64"},
                                        {"f8", "f16", "f32", "f64"}};
    if (t == T_PRED) return "pred";
    return n[TY_KIND(t) & 3][t & 3];
}

/* splits at spaces and commas */
static inline int fields(char *t, char **w, int max)
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

/* ------------------------------------------ sequences (launch_seq.c) */

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
typedef struct seq_parse seq_parse;
/* the keys of a sequence's launch step (the rest are global) */
static inline int is_step_key(const char *k)
{
    return !strcmp(k, "entry") || !strcmp(k, "grid") || !strcmp(k, "block") ||
           !strcmp(k, "shared_dynamic") || !strcmp(k, "param");
}
/* One line of a launch file, key k and value v, as a sequence reads it:
 * 1 when launch_set is to take it (a global key, or a step's key in a file
 * without a `launch` line), 0 when it was taken, -1 with one line in err. */
int launch_seq_key(launch *l, seq_parse *ps, const char *k, const char *v, const char *where, char *err,
                   size_t errlen);
/* after the file's last line: 0, or -1 with one line in err */
int launch_seq_finish(launch *l, seq_parse *ps, char *err, size_t errlen);

/* ---------------------------------- the steps of a build (launch_build.c) */

/* What a launch must satisfy before any file is read */
int launch_build_check(const launch *l, const launch_limits *lim, char *err, size_t errlen);
/* a CUDA launch's source compiled into tmp ("/tmp/warphw_cuda_XXXXXX",
 * made here; nothing is left behind on an error) */
int launch_build_compile(const launch *l, char *tmp, char *err, size_t errlen);
/* the module's entry (the PTX at ptxpath) into p, without launch data */
int launch_build_module(const launch *l, const char *ptxpath, prog *p, ptx_info *info, char *err,
                        size_t errlen);
/* the launch's own data into p (parameter block, grid, block, shared
 * bytes, global memory); p's param and global_init may be allocated on an
 * error */
int launch_build_data(const launch *l, const launch_limits *lim, const ptx_info *info, prog *p,
                      char *err, size_t errlen);
/* the access regions, then prog_analyse (with a hint for a refused barrier) */
int launch_build_analyse(const launch *l, const ptx_info *info, prog *p, char *err, size_t errlen);
/* Each returns 0, or -1 with one line in err. */

#endif
