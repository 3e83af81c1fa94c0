/* SPDX-License-Identifier: Apache-2.0 */
/*
 * kernel.h -- the .k kernel: parsed program, control-flow graph, immediate
 * post-dominators (reconvergence PCs) and the static checks.
 *
 * The format is documented in tb/kernels/README.md.  A kernel is a list of
 * instructions; the PC of an instruction is its index; PC n (n = number of
 * instructions) is the virtual exit node: every `exit` goes there.
 *
 * kernel_load() parses a file and runs every check; on any problem it
 * writes one line "file:line: problem" into err and returns non-zero.
 * Checks: syntax (unknown op, bad operand, register or predicate out of
 * range, undefined or duplicate label, .data outside .mem), missing
 * .threads / .mem / instructions, no reachable exit, control that falls
 * off the last instruction, and a `bar` under divergent control (below).
 * A loop without a way out under a branch (a dead end) is taken as
 * unreachable (tb/simt/prog.c); a thread that enters it is stopped by the
 * reference.
 *
 * Divergence analysis (for `bar`): flow-insensitive and conservative.  A
 * value is divergent when it may differ between the threads of the block:
 * %tid, %lane and %warp are divergent, %ntid and immediates are uniform; a
 * loaded value is divergent; a register or predicate is divergent when any
 * of its definitions has a divergent source or lies in the influence region
 * of a divergent branch (the instructions reachable from the branch without
 * passing its immediate post-dominator).  A predicated branch is divergent
 * when its predicate is.  Iterated to a fixed point.  A `bar` in the
 * influence region of a divergent branch is rejected: some threads could
 * wait at it while others of their warp are held elsewhere in the same
 * stack (SPE would deadlock).  Early exits before a barrier under a
 * divergent condition are therefore rejected too; exits after the last
 * barrier, and uniform exits, are fine.
 */
#ifndef SIMT_KERNEL_H
#define SIMT_KERNEL_H

#include <stddef.h>
#include <stdint.h>

#define K_REGS 16          /* r0..r15 */
#define K_PREDS 4          /* p0..p3 */
#define K_SB_REGS (K_REGS + K_PREDS) /* scoreboard ids: r0..r15, then p0..p3 */
#define K_MAX_THREADS 1024
#define K_MAX_INSNS 4096
#define K_MAX_MEM (1u << 22)

enum k_op {
    K_MOV, K_ADD, K_SUB, K_MUL, K_AND, K_OR, K_XOR, K_SHL, K_SHR, K_MIN, K_MAX,
    K_SETP, K_BRA, K_LD, K_ST, K_BAR, K_EXIT, K_NOPS
};

enum k_cmp { K_EQ, K_NE, K_LT, K_LE, K_GT, K_GE };

enum k_opnd { KO_NONE = 0, KO_REG, KO_IMM, KO_TID, KO_NTID, KO_LANE, KO_WARP };

typedef struct {
    uint8_t kind; /* enum k_opnd */
    uint32_t v;   /* register number or immediate */
} k_operand;

typedef struct {
    uint8_t op;       /* enum k_op */
    uint8_t cmp;      /* setp */
    uint8_t dst;      /* rD, or pN for setp */
    int8_t guard;     /* bra: -1 uniform, else predicate number */
    uint8_t guard_neg;/* @!pN */
    k_operand a, b;   /* sources; ld: a = base; st: a = base, b = value */
    int32_t off;      /* ld/st immediate offset */
    int target;       /* bra */
    int line;
    /* derived */
    int rpc;          /* bra: immediate post-dominator (n = virtual exit) */
    int8_t src_sb[3]; /* scoreboard ids read (-1 = none) */
    int8_t dst_sb;    /* scoreboard id written (-1 = none) */
} k_insn;

typedef struct {
    char file[256];
    char name[64];
    unsigned threads;
    unsigned mem_words;
    uint32_t *mem_init;     /* mem_words words */
    unsigned n;             /* instructions; PC n = virtual exit */
    k_insn *ins;
    char (*label)[32];      /* label at each PC ("" if none), n+1 rows */
    int kernel_line;
    /* CFG over PCs: succ[pc][0..1], -1 none; ipdom[pc] */
    int (*succ)[2];
    int *ipdom;             /* n+1 entries; ipdom[n] = n */
    uint8_t *reachable;
    uint8_t *div_branch;    /* predicated branch whose predicate is divergent */
    uint8_t *is_rpc;        /* pc is the reconvergence PC of some branch */
    int *sync_div;          /* pc is an rpc: smallest branch PC reconverging there, else -1 */
    unsigned *prio;         /* DPdPri priority: reconvergence points at or before pc */
} kernel;

/* Parses and checks.  0 on success; else err holds "file:line: msg". */
int kernel_load(const char *path, kernel *k, char *err, size_t errlen);
/* Same from a string (name is used as the file name in messages). */
int kernel_parse(const char *name, const char *text, kernel *k, char *err, size_t errlen);
void kernel_free(kernel *k);

/* Prints the blocks, the edges and every branch's reconvergence PC. */
void kernel_show_cfg(const kernel *k, void *file /* FILE* */);

/* Executes instruction pc for thread tid (registers r, predicates p, memory
 * mem) and returns the thread's next PC (n after exit).  lanes gives %lane
 * and %warp.  *wr = scoreboard id written (-1 none), *wval its value.
 * *taken = 1 when a branch is taken. */
int kernel_exec(const kernel *k, int pc, unsigned tid, unsigned lanes, uint32_t *r, uint8_t *p,
                uint32_t *mem, int *wr, uint32_t *wval, int *taken);

/* The next PC a thread at pc would go to, from its predicates (branch
 * resolved at issue; pure). */
int kernel_next_pc(const kernel *k, int pc, const uint8_t *p);

const char *kernel_op_name(unsigned op);
const char *kernel_cmp_name(unsigned cmp);
/* The value of an ALU op or setp (1/0) on its two operands: the .k
 * semantics, shared by kernel_exec and the prog lowering. */
static inline uint32_t kernel_alu(unsigned op, unsigned cmp, uint32_t a, uint32_t b)
{
    switch (op) {
    case K_MOV: return a;
    case K_ADD: return a + b;
    case K_SUB: return a - b;
    case K_MUL: return a * b;
    case K_AND: return a & b;
    case K_OR: return a | b;
    case K_XOR: return a ^ b;
    case K_SHL: return a << (b & 31u);
    case K_SHR: return a >> (b & 31u);
    case K_MIN: return (int32_t)a < (int32_t)b ? a : b;
    case K_MAX: return (int32_t)a > (int32_t)b ? a : b;
    case K_SETP: {
        int32_t x = (int32_t)a, y = (int32_t)b;
        switch (cmp) {
        case K_EQ: return x == y;
        case K_NE: return x != y;
        case K_LT: return x < y;
        case K_LE: return x <= y;
        case K_GT: return x > y;
        default: return x >= y;
        }
    }
    default: return 0;
    }
}

struct prog;
/* Lowers k into the SM model's program representation (prog.h, kprog.c);
 * p->impl points at k, which must outlive p.  0 on success, else one line
 * in err. */
int kernel_to_prog(const kernel *k, struct prog *p, char *err, size_t errlen);

#endif
