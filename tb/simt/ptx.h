/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ptx.h -- the PTX front end (issue 25): parses a PTX module (from clang's
 * NVPTX back end or NVIDIA's tools) and lowers one .entry into a `prog`
 * (prog.h) whose ops.exec implements the PTX semantics for one thread
 * (ptx_exec.c).
 *
 * Accepted: .version, .target, .address_size 64, .visible/.weak .entry,
 * .func definitions (each call site inlined: ptx_call.c), .extern .func
 * declarations, .reg with %r<N> ranges and plain names, .param (scalars,
 * .align N .b8 arrays, NVIDIA's .ptr attributes), .shared (module scope or
 * in the entry, static; `.extern .shared` arrays placed after the static
 * ones at their alignment), .global/.const variables with or without an
 * initialiser (placed from `global_base` upwards in global memory; ld.const
 * reads them there), .local arrays (per-thread local memory), labels,
 * nested { } scopes, .pragma, .loc/.file, a guard on any instruction, and
 * the instructions of docs/ptx.md.
 *
 * Calls of functions the module only declares (.extern .func) run when
 * they are library functions ptx_lib.c provides (C99 math and libdevice's
 * __nv_ names, vprintf, __assertfail).
 * Anything else -- recursive, indirect or other extern calls, textures,
 * surfaces, the legacy shfl/vote, half-precision forms ptx_half.c does
 * not list, a modifier it does not know -- is
 * refused with
 * "file:line: unsupported PTX: ..." (the caller exits 2), never run wrongly.
 */
#ifndef SIMT_PTX_H
#define SIMT_PTX_H

#include <stddef.h>
#include <stdint.h>

#include "prog.h"

/* PTX_NAME: the room for one identifier (an entry, a parameter, a variable,
 * a function), its nul included.  C++ mangled names of template kernels and
 * of the lambdas they take run to hundreds of characters; a longer name is
 * refused with its length, never cut. */
enum { PTX_NAME = 512 };

typedef struct {
    char name[PTX_NAME];
    uint8_t type;       /* T_* of ptx_int.h (T_B8 for an .align N .b8 x[K] array) */
    uint32_t bytes;     /* total size */
    uint32_t align;
    uint32_t offset;    /* in the parameter block */
    int line;
} ptx_param;

typedef struct {
    char name[PTX_NAME];
    uint64_t addr, bytes;
} ptx_var;

/* What a module says about its entry beyond the prog. */
typedef struct {
    ptx_param *param;
    unsigned nparam;
    uint32_t param_bytes;
    uint64_t shared_static;   /* bytes of static .shared (the .extern array starts here) */
    uint32_t extern_align;    /* alignment of the .extern .shared array (0: none declared) */
    ptx_var *gvar;            /* .global/.const variables, in global memory */
    unsigned ngvar;
    uint64_t gvar_end;        /* first byte after the last variable */
    uint8_t *gvar_init;       /* gvar_end - global_base bytes of initial values */
    char entries[1024];       /* every .entry name, space-separated (for messages) */
} ptx_info;

/* Loads `path`, lowers .entry `entry` into p (instructions, registers,
 * static shared and local sizes, ops = ptx_ops; no launch data: grid,
 * block, params and global memory are the launch's, launch.h).  Module
 * variables are placed at global_base upwards.  Returns 0; -1 with
 * "file:line: msg" on a syntax error or unsupported PTX; -2 when there is no
 * such entry (err lists the entries). */
int ptx_load(const char *path, const char *entry, uint64_t global_base, prog *p, ptx_info *info,
             char *err, size_t errlen);
/* The same from text (name for messages). */
int ptx_parse(const char *name, const char *text, const char *entry, uint64_t global_base,
              prog *p, ptx_info *info, char *err, size_t errlen);
void ptx_info_free(ptx_info *info);

/* Regions of global memory an access may touch (the launch's buffers and
 * the module's variables); with none every address below global_bytes is
 * valid. */
void ptx_set_regions(prog *p, const ptx_var *r, unsigned n);

/* Where device printf (vprintf, tb/simt/ptx_lib.c) writes: a FILE *, or
 * NULL (the default) for nowhere.  build/simt sets its stdout for the
 * reference's run only, so each thread's text is printed once, in the
 * reference's thread order; the SM model's runs print nothing.  Nothing
 * happens for a prog of another front end. */
void ptx_set_output(prog *p, void *file);

#endif
