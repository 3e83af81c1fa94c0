/* SPDX-License-Identifier: Apache-2.0 */
/*
 * launch.h -- the launch file of a PTX or CUDA kernel (issue 25, section 1)
 * and what it builds: the prog's grid, block, shared and global memory and
 * parameter block.  (The code: launch.c the file and the flags,
 * launch_seq.c sequences, launch_mem.c memory and parameter values,
 * launch_cuda.c clang, launch_build.c and launch_cache.c the program;
 * launch_int.h what they share.)
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
 * PTX's for a PTX problem); the caller exits 2.  A key of one value (ptx,
 * cuda, entry, grid, block, shared_dynamic, mem_bytes, mem_init) given
 * twice in the file is such a problem, naming the first line; a flag
 * overrides the file's value (launch_set).
 *
 * A sequence of launches (a host loop of a multi-kernel application): a
 * file with a `launch` line.  The keys above except entry, grid, block,
 * shared_dynamic and param stay global (the module, the memory, the
 * buffers); those five belong to a launch step and may only follow its
 * `launch` line (each step starts from grid 1, block 1, no parameters):
 *
 *   launch [ENTRY]            a launch step (ENTRY, or an entry line after it)
 *   for VAR FROM TO [STEP]    ... `end`: VAR = FROM, FROM+STEP, ... while
 *                             below TO (above TO for a negative STEP), as C's
 *                             for (VAR = FROM; VAR < TO; VAR += STEP)
 *   end                       closes the innermost `for`
 *   do                        ... `while`: the body runs once, then again
 *   while BUF[+OFF] != V      ... while the 32-bit word at buffer BUF (+ OFF
 *   while BUF[+OFF] == V      bytes, a multiple of 4) is (not) V, read after
 *                             the body from the run's global memory
 *   store BUF[+OFF] V         the host writes the 32-bit word V there
 *   max_iterations N          a loop that runs N times without ending stops
 *                             the run with one line (global; default 1000000)
 *
 * `${EXPR}` in any value of a step's keys, of for, while and store stands for
 * an integer: decimal or 0x numbers, the VARs of the enclosing loops, buffer
 * names declared above (their addresses), + - * / % and parentheses, 64-bit
 * signed (e.g. `param u32 ${t}`, `param u64 ${temp + (t % 2) * 4096}`).
 * The steps run in order on one global memory that carries over from
 * launch to launch; each launch starts the SM from reset.  Flags that set a
 * step's keys (--entry, --launch-set of entry/grid/block/shared_dynamic/
 * param/params) are refused for a sequence file.
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
    char entry[PTX_NAME];
    uint32_t grid[3], block[3];
    uint64_t shared_dynamic;
    uint64_t mem_bytes;
    char mem_init[1024];
    launch_buffer *buf;
    unsigned nbuf;
    launch_param *param;
    unsigned nparam;
    int params_set_by_flags;
    /* a sequence file (a `launch` line): its steps; nop == 0 otherwise */
    struct launch_op *op;
    unsigned nop;
    uint64_t max_iter;
    /* where each key was last set, for messages */
    char w_ptx[300], w_entry[300], w_grid[300], w_block[300], w_shared[300], w_mem[300],
        w_init[300], w_params[300];
} launch;

/* One line of a sequence: a launch step (its key lines, expanded when it
 * runs), a loop's head or end, a host store. */
enum { LOP_LAUNCH, LOP_FOR, LOP_END, LOP_DO, LOP_WHILE, LOP_STORE };
typedef struct {
    char key[24];
    char value[1040];
    char where[300];
} launch_kv;
typedef struct launch_op {
    int kind;
    char where[300];   /* "file:line" */
    char name[PTX_NAME]; /* launch: the entry; for: VAR */
    char text[1040];   /* for: FROM TO [STEP]; while: OPERAND OP V; store: OPERAND V */
    unsigned match;    /* for <-> end, do <-> while */
    launch_kv *kv;     /* launch: its key lines */
    unsigned nkv;
} launch_op;

/* Runs a sequence file's steps in order (a file without steps: its one
 * launch).  run is called with each step's complete launch (the global
 * keys, the step's keys expanded; l's buffers, not to be freed) and a
 * description for messages ("launch 3 (Fan2 at f.launch:9; t=1)"); mem
 * gives the run's global memory (its first mem_bytes are the launch's),
 * read by `while`, written by `store`.  Returns 0; run's nonzero return; -1
 * with one line in err (an expression at run time, an address); -3 with
 * one line when a loop reaches max_iterations. */
typedef struct {
    int (*run)(void *ctx, const launch *step, const char *desc);
    uint8_t *(*mem)(void *ctx, uint64_t *bytes);
} launch_seq_ops;
int launch_seq_run(const launch *l, const launch_seq_ops *ops, void *ctx, unsigned *nlaunch,
                   char *err, size_t errlen);
/* The distinct entries of a launch or sequence file, in order of first
 * use, into names (n of them at most); returns how many. */
unsigned launch_entries(const launch *l, const char **names, unsigned n);

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

/* The programs of a sequence's launches, each entry loaded once: the first
 * launch of an entry parses (compiles, for CUDA) its module and analyses
 * it (prog_analyse, then whatever a run computes on first use:
 * scalar_cached); every later launch of it shares that program and adds
 * its own data (the parameter block, grid, block, shared bytes and the
 * initial global memory, as launch_build makes them).  The program depends
 * only on the key of its entry (the ptx or cuda path, the entry, mem_bytes
 * where the module's variables go, and the buffers that make its access
 * regions); not on a parameter's value, the grid, the block or the dynamic
 * shared size.  launch_build_cached gives the same program, messages and
 * first error as launch_build; its prog is `borrowed` (prog.h): prog_free
 * frees the launch's data, launch_cache_free the programs (after every
 * borrowed prog is done with).  A program that is laid out again
 * (prog_layout) must not be borrowed: build it with launch_build. */
typedef struct launch_cache launch_cache;
launch_cache *launch_cache_new(void);
int launch_build_cached(launch_cache *c, const launch *l, const launch_limits *lim, prog *p,
                        char *err, size_t errlen);
/* How many entries c has loaded (parsed and analysed) so far. */
unsigned launch_cache_loads(const launch_cache *c);
void launch_cache_free(launch_cache *c);

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
