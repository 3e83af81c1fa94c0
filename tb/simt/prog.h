/* SPDX-License-Identifier: Apache-2.0 */
/*
 * prog.h -- the one program representation the SM model runs (issues 24,
 * 25, 26).
 *
 * Every front end lowers its input into a `prog`: the `.k` teaching format
 * (tb/simt/kernel.c) and PTX from clang or NVIDIA's tools (tb/simt/ptx*.c).
 * The SM model and every mechanism see only this header: an instruction's
 * timing class, the registers it reads and writes (the scoreboards' ids),
 * its branch target and reconvergence PC, and one function that executes it
 * for one thread.  The scalar reference (tb/simt/ref.c) executes the same
 * function, so there is one set of instruction semantics.
 *
 * Program counters are instruction indices 0..n-1; PC n is the virtual exit
 * node every `exit`/`ret` goes to.
 *
 * Registers: a thread has `nregs` registers of up to 64 bits, numbered
 * 0..nregs-1 (PTX virtual registers of every class, predicates included;
 * `.k`'s r0..r15 then p0..p3).  A register's number is its scoreboard id.
 * Each register holds its value zero-extended to 64 bits in a uint64_t.
 *
 * Memory (byte-addressed, little-endian):
 *   global  one array per launch, addresses 0 .. global_bytes-1, shared by
 *           every CTA; `.k` word w is bytes 4w .. 4w+3;
 *   shared  one array per resident CTA (static then dynamic `.extern`);
 *   local   one array per thread;
 *   param   the kernel's parameter block, read-only.
 * An access outside its space is an error of the run (prog_exec returns -1
 * with "thread T: pc P (file:line): <space> address A out of range"), never
 * a read or write outside the simulator's arrays.
 *
 * Atomics execute when their thread executes (the SM: at issue, in lane
 * order; the reference: in thread order).
 *
 * Warp-synchronous instructions (prog_insn.wsync: PTX shfl.sync,
 * vote.sync, activemask, bar.warp.sync).  A logical warp is PROG_WARP (32)
 * consecutive threads of a CTA in flat order; lane l is flat % 32.  Such an
 * instruction is a rendezvous: it executes for the threads of one logical
 * warp that wait at it together (ops->exec_coll), after every thread that
 * ops->coll_wait names has arrived (its membermask, less the lanes that
 * have exited); the results come from the values all of them held before
 * it.  What CUDA leaves undefined stops the run with one line
 * "file:line: shfl.sync: lane N of warp W ..." (exec_coll's err): a member
 * that does not take part, a thread outside its own membermask, a shuffle
 * reading a lane that does not execute it.  The reference (ref.c) runs
 * every thread to its next rendezvous; the SM executes one when the issuing
 * group holds every waited-for thread (core_issue.c), in narrower hardware
 * warps when those of the logical warp have met (the core's rendezvous);
 * a warp size that neither divides PROG_WARP nor is a multiple of it is
 * refused (tb/simt/cli.c).
 */
#ifndef SIMT_PROG_H
#define SIMT_PROG_H

#include <stddef.h>
#include <stdint.h>

#define PROG_MAX_SRC 8  /* st.v4 [base], {a,b,c,d} with a guard: 6 */
#define PROG_MAX_DST 4  /* ld.v4 */
#define PROG_MAX_ACC 4  /* memory accesses one thread makes in one instruction */
#define PROG_WARP 32    /* threads of a logical warp (warp-synchronous instructions) */

/* The pipeline an instruction uses, and so its latency class. */
enum prog_unit {
    PU_ALU = 0,  /* integer and simple float arithmetic, moves, setp, selp, cvt */
    PU_SFU,      /* div, rem, sqrt, rcp, transcendental (.approx) */
    PU_LD,       /* load (space says where) */
    PU_ST,       /* store */
    PU_ATOM,     /* atom / red: read-modify-write */
    PU_BRA,      /* bra (guarded or not) */
    PU_BAR,      /* bar.sync / barrier.sync / bar.red: CTA barrier
                  * (prog_ops.bar_release) */
    PU_EXIT,     /* exit / ret from the entry */
    PU_NOP,      /* membar and other instructions with no effect on state */
    PU_N
};

enum prog_space { PS_NONE = 0, PS_GLOBAL, PS_SHARED, PS_LOCAL, PS_PARAM, PS_N };

/* The frame view of an instruction (prog_insn.fop), for the divergence
 * analysis' frame slots (prog_analyse): clang -O0 keeps every variable in
 * the thread's local memory (the stack frame, `.local __local_depot`,
 * addressed as %SP/%SPL + k).  An address of local memory is a "local"
 * one (an offset into the thread's local memory, as ld.local takes it) or
 * a "generic" one (cvta.local of it).  dst[0] is the instruction's only
 * destination. */
enum prog_frame_op {
    PF_NONE = 0,
    PF_SYM,    /* dst[0] = the local address fimm (mov of a .local symbol) */
    PF_SYMGEN, /* dst[0] = the generic address of local address fimm */
    PF_ADD,    /* dst[0] = freg + fimm, 64 bits (add or sub of a constant, mov) */
    PF_OR,     /* dst[0] = freg | fimm, 64 bits (fimm >= 0) */
    PF_TOGEN,  /* dst[0] = the generic address of local address freg (cvta.local) */
    PF_TOLOC,  /* dst[0] = the local address of generic address freg (cvta.to.local) */
    PF_MEMGEN, /* a generic ld/st/atom of fbytes at freg + fimm (freg >= 0): a
                * frame access when freg holds a generic frame address */
    PF_MEMLOC, /* an access of fbytes to local memory at local address
                * freg + fimm (freg -1: at fimm): ld/st/atom.local, or a
                * generic access at a constant address in the local window */
    PF_OPAQUE, /* reads or writes local memory where the front end cannot
                * say which bytes (the frame slots are not tracked) */
    PF_SHGEN,  /* dst[0] = the generic address of shared address freg (-1: a
                * symbol's; cvta.shared) */
    PF_ADDX    /* dst[0] = freg + register fimm, 64 bits (add of two registers) */
};

typedef struct {
    uint8_t unit;              /* enum prog_unit */
    uint8_t space;             /* enum prog_space (PU_LD, PU_ST, PU_ATOM) */
    uint8_t nsrc, ndst;
    uint16_t src[PROG_MAX_SRC];/* registers read, the guard predicate included */
    uint16_t dst[PROG_MAX_DST];/* registers written */
    int32_t guard;             /* guard predicate register, -1 none */
    uint8_t guard_neg;         /* @!p */
    uint8_t uniform;           /* PU_BRA: every thread of a warp takes the same
                                * way (unguarded, or a guard the divergence
                                * analysis proves uniform; set by
                                * prog_analyse; bra.uni is taken on trust
                                * only where the analysis agrees) */
    uint8_t varying;           /* the result may differ between threads whose
                                * sources are equal: reads %tid, %laneid,
                                * %warpid or %clock, loads from any space but
                                * param, atomics (the divergence analysis'
                                * seeds; %ctaid, %nctaid, %ntid and
                                * parameters are uniform) */
    uint8_t wsync;             /* warp-synchronous (shfl.sync, vote.sync,
                                * bar.warp.sync: 1; activemask: 2, its
                                * result is the set of threads that arrive
                                * together): executed for a logical warp at
                                * once by ops->exec_coll, never by exec (see
                                * "Warp-synchronous instructions" above) */
    uint8_t bytes;             /* PU_LD/ST/ATOM: bytes per access element */
    uint8_t fop;               /* the frame view (enum prog_frame_op; the
                                * front end sets it, 0 none): how the
                                * instruction computes or uses an address
                                * of the thread's local memory */
    uint8_t fbytes;            /* PF_MEMGEN/PF_MEMLOC: bytes accessed (all
                                * the elements of a vector) */
    uint8_t last_wins;         /* PU_ATOM: the word's final value depends on
                                * the order of the atomics on it (cas,
                                * exch; not add, min, ...): ref_taint.c's taint */
    uint8_t fadd;              /* PU_ATOM: an add on floats, whose rounding
                                * depends on the order unless every partial
                                * sum is exact: 4 (.f32), 8 (.f64), 1 another
                                * float type (ref_fadd.c) */
    int32_t areg;              /* PU_LD/ST/ATOM, from the PTX front end: 1 +
                                * the address register, -1 a constant
                                * address, 0 not said (any source may be
                                * the address): ref_taint.c's taint widening */
    int32_t aoff;              /* the address's constant (offset or address) */
    uint8_t abytes;            /* bytes accessed, every element (0 not said) */
    uint8_t ageneric;          /* a generic address (global, shared or local) */
    uint8_t shuni;             /* PU_LD of shared memory whose value the
                                * divergence analysis takes as uniform
                                * (prog_shared_load_uniform, its address
                                * uniform; set by prog_analyse): the
                                * reference stops a run in which another
                                * thread writes the bytes it reads in the
                                * same barrier interval (ref.c, refp_shuni) */
    int32_t freg;              /* the address register fop reads, -1 none */
    int32_t fimm;              /* fop's constant */
    int32_t target;            /* PU_BRA: taken PC */
    int32_t rpc;               /* PU_BRA: immediate post-dominator (n = exit) */
    int line;                  /* source line of the front end's file */
    char text[48];             /* disassembly for logs and traces */
} prog_insn;

/* A basic block ends after a branch (guarded or not) or an exit. */
static inline int prog_ends_block(const prog_insn *in)
{
    return in->unit == PU_BRA || in->unit == PU_EXIT;
}

struct prog;

/* One thread's architectural state and identity. */
typedef struct {
    uint64_t *r;               /* nregs registers */
    uint32_t tid[3], ntid[3];  /* %tid, %ntid */
    uint32_t ctaid[3], nctaid[3];
    uint32_t laneid, warpid;   /* position in its warp (warp size of the run) */
    uint32_t flat;             /* thread index within its CTA (x fastest) */
    uint64_t clock;            /* %clock: the cycle the SM issues it; the reference's step */
    uint8_t *local;            /* local_bytes */
} prog_thread;

/* The memory spaces one thread sees. */
typedef struct {
    uint8_t *global;
    uint64_t global_bytes;
    uint8_t *shared;           /* this thread's CTA's */
    uint64_t shared_bytes;
    const uint8_t *param;
    uint64_t param_bytes;
    uint64_t local_bytes;
} prog_mem;

/* What one execution did: where control goes and what it touched (for the
 * load/store unit's coalescing and bank model, and for traces). */
typedef struct {
    int32_t next_pc;           /* n after exit */
    uint8_t executed;          /* the guard held (0: a predicated-off no-op) */
    uint8_t taken;             /* PU_BRA: the branch was taken */
    uint8_t nacc;
    struct {
        uint64_t addr;         /* byte address within its space */
        uint8_t bytes, write, space;
    } acc[PROG_MAX_ACC];
    uint64_t aold, aval;       /* PU_ATOM: the old value and the operand
                                * (ref_fadd.c: a float add's addends) */
} prog_effect;

typedef struct prog_ops {
    /* Executes instruction pc for thread t.  0 on success; -1 on a run
     * error (out-of-range access, division trap the front end defines as an
     * error) with one line in err. */
    int (*exec)(const struct prog *p, int pc, prog_thread *t, const prog_mem *m, prog_effect *e,
                char *err, size_t errlen);
    void (*free_impl)(struct prog *p);
    /* Optional (NULL: prog_exec_warp calls exec per thread): executes
     * instruction pc for the threads t[0..n-1] in that order, thread i
     * with memory m[i] and effect e[i], exactly as n calls of exec would
     * (the same registers, memory, effects and messages; a thread may be
     * named twice).  0 when every thread ran; -1 when thread *done failed
     * (err as exec's), the threads before it having run and the ones after
     * it not.  Warp-level execution: the instruction is decoded and
     * dispatched once for all the threads (the SM core's issue); the
     * reference (ref.c) keeps calling exec, one thread at a time. */
    int (*exec_warp)(const struct prog *p, int pc, prog_thread *const *t,
                     const prog_mem *const *m, unsigned n, prog_effect *e, unsigned *done,
                     char *err, size_t errlen);
    /* Warp-synchronous instructions (NULL: the front end has none).
     * coll_wait: the lanes (bit l: lane l of its logical warp) thread t
     * waits for at pc before it can execute it -- its membermask when its
     * guard holds, 0 when it does not or the instruction names no members
     * (activemask).  exec_coll: executes pc for one logical warp: lane[l]
     * is the thread of lane l that takes part (waits at pc), NULL for one
     * that does not; gone: the lanes whose thread has exited or does not
     * exist.  Every source is read before any destination is written.
     * e[l] is lane l's effect (taking-part lanes only).  0, or -1 with one
     * line in err when CUDA leaves the result undefined (prog.h above); no
     * thread's state changes then. */
    uint32_t (*coll_wait)(const struct prog *p, int pc, const prog_thread *t);
    int (*exec_coll)(const struct prog *p, int pc, prog_thread *const *lane, uint32_t gone,
                     prog_effect *e, char *err, size_t errlen);
    /* Optional (NULL: nothing happens at a release): called when the CTA
     * barrier at pc releases its CTA's threads, with that CTA's shared
     * memory, by the reference (ref.c) and the SM core (core_barriers).
     * PTX's bar.red (CUDA's __syncthreads_count/_and/_or) uses it: each
     * thread's execution of the barrier counts it and its predicate in the
     * CTA's shared memory, the release turns the counts into the result
     * the instruction after the barrier reads (ptx_insn.c). */
    void (*bar_release)(const struct prog *p, int pc, uint8_t *shared);
    /* Optional (NULL: prog_exec_cta calls exec_warp): exec_warp with every
     * thread's memory m (threads of one CTA: the SM core's issue of a
     * warp's own lanes, with no memory pointer to copy per thread). */
    int (*exec_cta)(const struct prog *p, int pc, prog_thread *const *t, const prog_mem *m,
                    unsigned n, prog_effect *e, unsigned *done, char *err, size_t errlen);
} prog_ops;

typedef struct prog {
    char file[256];            /* for messages: file:line */
    char name[512];            /* kernel / entry name (ptx.h PTX_NAME) */
    unsigned n;                /* instructions; PC n = virtual exit */
    prog_insn *ins;
    char (*label)[32];         /* label at each PC ("" none), n+1 rows */
    unsigned nregs;
    uint8_t *reg_bits;         /* nregs: each register's width, 1 (a
                                * predicate), 16, 32 or 64; NULL: all 32 */
    char (*reg_name)[24];      /* nregs: the front end's names (.k r0..r15,
                                * p0..p3; PTX %r1, %rd2, %p3, ...); NULL: none */
    /* control-flow graph (filled by prog_analyse) */
    int (*succ)[2];            /* successors, -1 none */
    int *ipdom;                /* immediate post-dominator, n+1 entries, ipdom[n] = n */
    uint8_t *reachable;        /* from the entry, and reaches the exit (a
                                * dead end is not: prog.c) */
    uint8_t *is_rpc;           /* pc is the reconvergence PC of some branch */
    int *sync_div;             /* rpc: smallest branch PC reconverging there, else -1 */
    unsigned nwsync;           /* reachable warp-synchronous instructions (prog_analyse) */
    unsigned *prio;            /* DPdPri: reconvergence points at or before pc */
    uint8_t *exit_bound;       /* n+1 entries, or NULL: set by prog_analyse
                                * only when a barrier passes because of it
                                * (an early return before a barrier,
                                * prog_exit_bound) or the program has
                                * warp-synchronous instructions: the PCs a
                                * thread goes on from to the exit unseen,
                                * which the SM core counts as exited at a
                                * barrier and as gone at a warp-synchronous
                                * instruction */
    uint8_t exit_pop;          /* 1: an early return reconverges before the
                                * exit (prog_analyse, docs/ptx.md "Early
                                * returns that leave the stack"): its threads
                                * leave the warp at their ret, which needs a
                                * mechanism that drops them from its stack
                                * (mech.h MECH_EXIT_POP) */
    uint64_t *live;            /* prog_liveness's rows, computed once by
                                * prog_analyse (read them with prog_live) */
    unsigned live_words;
    struct prog_cache *cache;  /* analyses of the program computed on first
                                * use (prog_cache below; prog_analyse makes
                                * it empty) */
    /* launch (a .k kernel: one CTA of `threads` threads, 1-D) */
    uint32_t grid[3], block[3];
    uint64_t shared_bytes;     /* static + dynamic, per CTA */
    uint64_t local_bytes;      /* per thread */
    uint64_t global_bytes;
    uint8_t *global_init;      /* global_bytes */
    uint8_t *param;            /* the parameter block */
    uint64_t param_bytes;
    const prog_ops *ops;
    /* global memory's regions (the launch's buffers, then the module's
     * variables): ngbuf (address, bytes) pairs, owned by impl; 0: none
     * declared (ref_taint.c's taint widening takes the whole memory) */
    const uint64_t *gbuf;
    unsigned ngbuf;
    void *impl;                /* the front end's own program */
    int borrowed;              /* the instructions, the analyses, the cache
                                * and impl belong to a launch cache
                                * (launch.h launch_build_cached), shared by
                                * every launch of the entry: prog_free frees
                                * only this launch's param and global_init */
} prog;

/* The analyses that depend only on the analysed program (and not on a
 * run's configuration): computed once, on first use, by whoever needs one
 * (scalar.c's scalarization and allocations: scalar_cached), and shared by
 * every core of every mechanism that runs the program.  The cache owns
 * them: prog_free_cfg (so prog_analyse, prog_free) calls each slot's
 * release.  The program must not change while they are held: whoever
 * changes its instructions analyses it again (layout.c does). */
enum { PROG_CACHE_SCALAR = 0, PROG_CACHE_ALL_VECTOR, PROG_CACHE_SLOTS };
typedef struct prog_cache {
    void *slot[PROG_CACHE_SLOTS];
    void (*release[PROG_CACHE_SLOTS])(void *);
} prog_cache;

/* Fills succ, ipdom, reachable, is_rpc, sync_div, prio, live, an empty
 * cache, every branch's rpc
 * and `uniform` from ins[].unit/target/guard/src/dst/varying (PU_BRA falls
 * through when it is guarded, PU_EXIT goes to n).  The divergence analysis
 * is conservative and tracks definitions (reaching definitions: clang
 * reuses a register for values that never meet): a definition is divergent
 * when it is `varying`, reads a divergent definition, or lies in the
 * influence region of a divergent branch (the instructions reachable from
 * it without passing its reconvergence PC); a read is divergent when a
 * divergent definition of its register reaches it; a guarded branch is
 * divergent when its guard is.  One refinement: a definition in such a region leaves
 * its register uniform when every definition of the register is the same
 * uniform computation (an ALU op or a parameter load with the same text,
 * no guard) from sources that hold one value while the warp is split
 * (defined at most once, outside every divergent region, never read before
 * written), and the register is never read before it is written: clang
 * writes a loop's bound on both sides of a divergent branch.  0 on success, else one line in err: "file:line: ..."
 * for control falling off the end, no reachable exit (at the loop's
 * back-edge branch), or a barrier under divergent control (SPE
 * would deadlock: threads of one warp would wait at it while others are
 * held elsewhere on the stack) -- unless only threads bound for the exit
 * skip it (prog_exit_bound; exit_bound is set then). */
int prog_analyse(prog *p, char *err, size_t errlen);
/* Exit-bound PCs (an early return before a barrier, `if (i >= n) return;
 * ... __syncthreads()`; docs/ptx.md, "Early returns before a barrier"):
 * eb[pc] = 1 when every path from pc reaches the exit through no barrier,
 * no store, atomic or reduction (any space), no load but of the parameter
 * block or the thread's own local memory, and no warp-synchronous
 * instruction; eb[n] = 1.  What a thread still does from such a PC can
 * neither be seen by another thread nor see what another writes, so the
 * PTX rule "a barrier waits for the threads that have not exited" may
 * count it as exited: prog_analyse accepts a barrier that only threads
 * bound for the exit skip (the divergence analysis again with each
 * thread-dependent branch's edge into such a PC dropped: those threads
 * leave), and then sets p->exit_bound, which the SM core reads (core.c:
 * a thread an issue sends to such a PC is counted at its CTA's barrier,
 * core_park).  p must have its CFG (prog_analyse); eb holds n + 1. */
void prog_exit_bound(const prog *p, uint8_t *eb);
/* Marks in mark[0..n] the instructions reachable from `from` without
 * passing `stop` (a branch's side up to its reconvergence PC; the exit node
 * is never marked); nothing when from < 0 or from == stop.  stack holds
 * n + 2 ints. */
void prog_region(const prog *p, int from, int stop, uint8_t *mark, int *stack);
/* The same marks, and the marked PCs in list (n + 2 ints; in the order
 * found); returns their number. */
unsigned prog_region_pcs(const prog *p, int from, int stop, uint8_t *mark, int *list);
/* Live registers at the entry of every PC (a guarded write does not kill
 * the old value): n + 1 rows of words = (nregs + 63) / 64 bitset words, the
 * exit row empty; the caller frees it.  p must have been analysed. */
uint64_t *prog_liveness(const prog *p, unsigned *words);
/* The same rows, computed once by prog_analyse and owned by p. */
const uint64_t *prog_live(const prog *p, unsigned *words);
void prog_free(prog *p);
/* Frees what prog_analyse filled (succ, ipdom, reachable, is_rpc,
 * sync_div, prio, live, cache) and sets them NULL. */
void prog_free_cfg(prog *p);

/* A thread's identity in its CTA: %tid, %ntid, %ctaid, %nctaid, %laneid,
 * %warpid and its flat index, for thread `flat` of CTA `cid` at warps of
 * warp_size (the reference and the SM core set threads up alike). */
void prog_thread_identity(prog_thread *x, const prog *p, unsigned flat, const uint32_t cid[3],
                          unsigned warp_size);
/* For a front end's per-case semantics function called with a constant
 * case in each loop of its exec_warp (and with the case read at run time
 * by its exec): inlined, so that each loop is its case's code alone. */
#if defined(__GNUC__)
#define PROG_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define PROG_ALWAYS_INLINE inline
#endif

/* ops->exec_warp when the front end has one, else ops->exec per thread:
 * the same contract (prog_ops.exec_warp). */
int prog_exec_warp(const prog *p, int pc, prog_thread *const *t, const prog_mem *const *m,
                   unsigned n, prog_effect *e, unsigned *done, char *err, size_t errlen);

/* ops->exec_cta when the front end has one, else prog_exec_warp with m
 * for every thread: the same contract (prog_ops.exec_cta). */
int prog_exec_cta(const prog *p, int pc, prog_thread *const *t, const prog_mem *m, unsigned n,
                  prog_effect *e, unsigned *done, char *err, size_t errlen);

/* A warp-synchronous instruction's name for messages: "shfl.sync",
 * "vote.sync", "bar.warp.sync", "activemask" (from its text). */
void prog_wsync_name(const prog_insn *in, char *buf, size_t len);

/* --show-cfg's listing (prog_cfg.c): blocks, edges and each branch's
 * reconvergence PC of an analysed program (after prog_analyse). */
void prog_show_cfg(const prog *p, void *file /* FILE* */);

#endif
