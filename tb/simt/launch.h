/* SPDX-License-Identifier: Apache-2.0 */
/*
 * launch.h -- the launch file of a PTX or CUDA kernel (issue 25, section 1)
 * and what it builds: the prog's grid, block, shared and global memory and
 * parameter block.
 *
 * One key a line, `#` starts a comment, paths relative to the launch file:
 *
 *   ptx PATH                  the PTX module (or: cuda PATH, compiled with clang)
 *   entry NAME                the .entry to run
 *   grid X [Y [Z]]            CTAs (missing dimensions are 1)
 *   block X [Y [Z]]           threads per CTA
 *   shared_dynamic BYTES      size of the .extern .shared array (default 0)
 *   mem_bytes N               global memory: addresses 0 .. N-1 (a multiple of 4)
 *   mem_init PATH             initial global memory: one 32-bit little-endian
 *                             word a line in hex (word i = bytes 4i..4i+3;
 *                             fewer words than memory: the rest is 0)
 *   buffer NAME ADDR BYTES [INIT]   a named region of global memory; INIT is
 *                             zeros | ramp (u32 word i = i) | random SEED (u32
 *                             words of xorshift32 from SEED) | file PATH (the
 *                             mem_init format, at ADDR); applied after mem_init
 *   param TYPE VALUE [NAME]   each kernel parameter in PTX order; TYPE u8..u64,
 *                             s8..s64, b8..b64, f32, f64; VALUE an integer
 *                             (decimal, 0x hex, negative), a float (f32/f64),
 *                             or a buffer's NAME (its address); or
 *                             `param bytes HEX [NAME]` for a structure passed by
 *                             value (.param .align N .b8 x[K]): K bytes, two hex
 *                             digits each, in memory order (at most 512)
 *
 * With buffers declared, an access to global memory outside every buffer
 * (and the module's .global variables) stops the run; without, any address
 * below mem_bytes is valid.  Module .global/.const variables are placed
 * after mem_bytes (256-aligned); the --dump-mem image includes them.
 *
 * Every problem is one line "file:line: ..." (the launch file's, or the
 * PTX's for a PTX problem); the caller exits 2.  A key given twice: the
 * later one wins (flags override the file the same way, launch_set).
 */
#ifndef SIMT_LAUNCH_H
#define SIMT_LAUNCH_H

#include <stddef.h>
#include <stdint.h>

#include "prog.h"
#include "ptx.h"

typedef struct {
    char name[64];
    uint64_t addr, bytes;
    int init;          /* 0 none, 1 zeros, 2 ramp, 3 random, 4 file */
    uint32_t seed;
    char path[1024];
    int line;
    char where[300];   /* "file:line" */
} launch_buffer;

typedef struct {
    uint8_t type;      /* T_* of ptx_int.h (bytes: T_B8) */
    uint32_t blob;     /* `param bytes HEX`: its size (an aggregate); 0 for a scalar */
    char value[1040];
    char name[64];
    char where[300];
} launch_param;

typedef struct {
    char file[1024];   /* the launch file ("" when built from flags only) */
    char dir[1024];    /* its directory: relative paths start there */
    char ptx[1024];
    int is_cuda;       /* ptx names a .cu file to compile */
    char entry[128];
    uint32_t grid[3], block[3];
    uint64_t shared_dynamic;
    uint64_t mem_bytes;
    char mem_init[1024];
    launch_buffer *buf;
    unsigned nbuf;
    launch_param *param;
    unsigned nparam;
    int params_set_by_flags;
    /* where each key was last set, for messages */
    char w_ptx[300], w_entry[300], w_grid[300], w_block[300], w_shared[300], w_mem[300],
        w_init[300], w_params[300];
} launch;

/* Limits of the configuration a launch must fit. */
typedef struct {
    uint32_t max_block_threads;   /* default 1024 */
    uint32_t max_grid[3];         /* default 2^31-1, 65535, 65535 */
    uint64_t max_shared;          /* per CTA, default 48 KiB */
    uint64_t max_mem;             /* default 1 GiB */
} launch_limits;

void launch_init(launch *l);
void launch_default_limits(launch_limits *lim);
/* Reads a launch file.  0, or -1 with "file:line: msg". */
int launch_load(const char *path, launch *l, char *err, size_t errlen);
/* Sets one key from "VALUE..." (a line of the file without its key, or a
 * flag's argument; commas count as spaces); where names the origin
 * ("file:line" or "--flag").  For flags, `param` as "I=VALUE" or
 * "NAME=VALUE" replaces that parameter's value; `params` replaces the whole
 * list ("TYPE VALUE, TYPE VALUE, ..."). */
int launch_set(launch *l, const char *key, const char *value, const char *where, int from_flag,
               char *err, size_t errlen);
/* The launch flags of a driver (build/simt, build/ptxref), taken out of
 * argv: --launch FILE, --ptx FILE, --cuda FILE, --entry NAME and
 * --launch-set "KEY VALUE..." (any key of the file, e.g. --launch-set "grid
 * 4 2"; --launch-set "param 1=64" changes parameter 1).  The launch file is
 * read first wherever it stands; the others apply after it, in order.  argv
 * keeps the other arguments in order and *argc shrinks.  Returns 1 when a
 * kernel was given (--launch, --ptx or --cuda), 0 when none of these flags
 * was, -1 with one line in err (l is then freed). */
int launch_take_args(launch *l, int *argc, char **argv, char *err, size_t errlen);
/* Builds the prog: compiles (cuda) and parses the PTX, checks the
 * parameters against the entry's and packs them, lays out and initialises
 * global memory, runs prog_analyse.  0, or -1 with one line in err. */
int launch_build(const launch *l, const launch_limits *lim, prog *p, char *err, size_t errlen);
void launch_free(launch *l);

/* The initial global memory alone (mem_init and buffer initialisers) into
 * mem (bytes long, zeroed first): for host references. */
int launch_memory(const launch *l, uint8_t *mem, uint64_t bytes, char *err, size_t errlen);
/* A parameter's value as 64 bits (a buffer name gives its address; floats
 * their bits); not for `bytes` parameters. */
int launch_param_bits(const launch *l, unsigned i, uint64_t *bits, char *err, size_t errlen);
/* A parameter's value as the n bytes it occupies (scalars little-endian);
 * -1 when n is not its size. */
int launch_param_bytes(const launch *l, unsigned i, uint8_t *out, size_t n, char *err, size_t errlen);

/* The mem_init / --dump-mem format. */
int launch_write_mem(const char *path, const uint8_t *mem, uint64_t bytes, char *err, size_t errlen);
int launch_read_mem(const char *path, uint8_t *mem, uint64_t bytes, char *err, size_t errlen);

/* Compiles a .cu file to PTX with clang and the project's header
 * (tb/cuda/warphw_cuda.h; found from $WARPHW_CUDA_DIR, else next to the
 * executable's ../tb/cuda, else ./tb/cuda): the command (clang -x
 * cuda --cuda-device-only --cuda-gpu-arch=sm_70 -nocudainc -nocudalib -O2
 * -S) with -ffp-contract=off (warphw_cuda.h says why) and -include of the
 * header.  0, or -1 with clang's first error line. */
int launch_compile_cuda(const char *cu, const char *ptx_out, char *err, size_t errlen);

#endif
