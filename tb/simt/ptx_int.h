/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ptx_int.h -- the PTX front end's own program (prog.impl): decoded
 * instructions, operands and symbols, shared by the parser (ptx.c,
 * ptx_lex.c, ptx_insn.c) and the instruction semantics (ptx_exec.c).  Not part of the SM model's contract
 * (that is prog.h); nothing outside tb/simt/ptx*.c includes it.
 *
 * Generic addressing (ld/st/atom without a state space, cvta): a generic
 * address is a global address when it is below PTX_SHARED_WIN, a shared
 * address plus PTX_SHARED_WIN when it lies in [PTX_SHARED_WIN,
 * PTX_LOCAL_WIN), and a local address plus PTX_LOCAL_WIN above that (each
 * thread sees its own local window, as on the hardware).  Global memory is
 * therefore limited to PTX_SHARED_WIN bytes (1 TiB).
 */
#ifndef SIMT_PTX_INT_H
#define SIMT_PTX_INT_H

#include <stdint.h>
#include <string.h>

#include "prog.h"
#include "ptx.h"

#define PTX_SHARED_WIN (1ull << 40)
#define PTX_LOCAL_WIN (2ull << 40)

/* Types: kind in the high nibble, log2(bytes) in the low one. */
/* TK_H: .f16 (2 bytes) and .f16x2 (4: two halves, the first in the low
 * bits); TK_BH: .bf16 and .bf16x2 (ptx_half.c) */
enum { TK_B = 0, TK_U, TK_S, TK_F, TK_PRED, TK_H, TK_BH };
#define TY(k, lg) ((uint8_t)(((k) << 4) | (lg)))
#define TY_KIND(t) ((t) >> 4)
#define TY_BYTES(t) (1u << ((t) & 15))
enum {
    T_NONE = 0xff,
    T_B8 = TY(TK_B, 0), T_B16 = TY(TK_B, 1), T_B32 = TY(TK_B, 2), T_B64 = TY(TK_B, 3),
    T_U8 = TY(TK_U, 0), T_U16 = TY(TK_U, 1), T_U32 = TY(TK_U, 2), T_U64 = TY(TK_U, 3),
    T_S8 = TY(TK_S, 0), T_S16 = TY(TK_S, 1), T_S32 = TY(TK_S, 2), T_S64 = TY(TK_S, 3),
    T_F32 = TY(TK_F, 2), T_F64 = TY(TK_F, 3),
    T_PRED = TY(TK_PRED, 0),
    T_F16 = TY(TK_H, 1), T_F16X2 = TY(TK_H, 2), T_BF16 = TY(TK_BH, 1), T_BF16X2 = TY(TK_BH, 2)
};

enum ptx_op {
    OP_MOV, OP_ADD, OP_SUB, OP_MUL, OP_MAD, OP_FMA, OP_DIV, OP_REM, OP_NEG, OP_ABS, OP_MIN,
    OP_MAX, OP_AND, OP_OR, OP_XOR, OP_NOT, OP_CNOT, OP_SHL, OP_SHR, OP_SHF, OP_BFE, OP_BFI,
    OP_POPC, OP_CLZ, OP_BREV, OP_PRMT, OP_SELP, OP_SLCT, OP_SETP, OP_CVT, OP_CVTA, OP_RCP,
    OP_SQRT, OP_RSQRT, OP_LG2, OP_EX2, OP_SIN, OP_COS, OP_TANH, OP_COPYSIGN, OP_TESTP, OP_LD,
    OP_ST, OP_ATOM, OP_RED, OP_BAR, OP_MEMBAR, OP_BRA, OP_RET, OP_EXIT,
    /* warp-synchronous (prog_insn.wsync; ptx_warp.c): shfl.sync, vote.sync,
     * activemask, bar.warp.sync, redux.sync (ptx_ins.aop: A_ADD..A_XOR),
     * match.sync (cmp: MA_*) */
    OP_SHFL, OP_VOTE, OP_ACTMASK, OP_WBAR, OP_REDUX, OP_MATCH,
    /* bar.red's result after the release (ptx_insn.c lowers bar.red into
     * the barrier and this; prog_ops.bar_release) */
    OP_BARRES,
    /* a call of a library function the module declares (.extern .func):
     * C99 math, libdevice's __nv_ names, vprintf, __assertfail
     * (ptx_lib.c; ptx_ins.lib names it) */
    OP_LIB,
    /* bfind (ptx_ins.cmp 1: .shiftamt) */
    OP_BFIND,
    /* trap: stops the run with one line; cmp 1: brx.idx's index outside its
     * .branchtargets list (ptx_call.c: a[0] the index, a[1] the count) */
    OP_TRAP,
    /* lop3.b32 (a[3] the immediate truth table), dp4a and dp2a (type and
     * type2 a's and b's; dp2a's F_LO/F_HI: b's bytes 0-1 or 2-3) */
    OP_LOP3, OP_DP4A, OP_DP2A,
    /* sad.type d, a, b, c: c + |a - b| (a and b signed for .s16/.s32/.s64) */
    OP_SAD, OP_NOPS
};
/* prmt's modes (ptx_ins.cmp): the generic form, then .f4e ... .rc16 */
enum { PM_GENERIC, PM_F4E, PM_B4E, PM_RC8, PM_ECL, PM_ECR, PM_RC16 };
/* shfl.sync, vote.sync and match.sync modes (ptx_ins.cmp) */
enum { SH_UP, SH_DOWN, SH_BFLY, SH_IDX };
enum { VO_ALL, VO_ANY, VO_UNI, VO_BALLOT };
enum { MA_ANY, MA_ALL };
/* OP_BAR's and OP_BARRES's cmp: bar.sync, or bar.red's reduction; their
 * counters in the CTA's shared memory at PTX_RED_SLOT(in) (ptx_insn.c) */
enum { BR_NONE, BR_POPC, BR_AND, BR_OR };
#define PTX_RED_SLOT(in) ((in)->a[2].imm)

/* setp comparisons */
enum { C_EQ, C_NE, C_LT, C_LE, C_GT, C_GE, C_LO, C_LS, C_HI, C_HS, C_EQU, C_NEU, C_LTU, C_LEU,
       C_GTU, C_GEU, C_NUM, C_NAN, C_N };
/* combining / logical operators */
enum { B_NONE, B_AND, B_OR, B_XOR };
/* rounding */
enum { R_NONE, R_RN, R_RZ, R_RM, R_RP, R_RNI, R_RZI, R_RMI, R_RPI };
/* atom operations */
enum { A_NONE, A_ADD, A_MIN, A_MAX, A_AND, A_OR, A_XOR, A_EXCH, A_CAS, A_INC, A_DEC };
/* special registers */
enum { SR_TID, SR_NTID, SR_CTAID, SR_NCTAID, SR_LANEID, SR_WARPID, SR_CLOCK, SR_CLOCK64,
       SR_NWARPID };

/* flags */
#define F_HI 0x01
#define F_LO 0x02
#define F_WIDE 0x04
#define F_SAT 0x08
#define F_FTZ 0x10
#define F_APPROX 0x20
#define F_TO 0x40     /* cvta.to */
#define F_SHF_L 0x80  /* shf.l (else shf.r) */
#define F_CLAMP 0x100 /* shf.clamp */
#define F_HALF 0x200  /* computes on .f16/.bf16: ptx_half_exec (ptx_half.c) */
#define F_CC 0x800    /* add.cc, sub.cc, mad.cc, addc.cc ...: the carry out written to d[1] */
#define F_CIN 0x1000  /* addc, subc, madc: the carry in read from a[na - 1] */
#define F_SETV 0x400  /* set (OP_SETP writing a value): type the compared type, type2 the result's */

enum { O_NONE = 0, O_REG, O_IMM, O_SREG, O_MEM, O_SINK, O_LABEL };

typedef struct {
    uint8_t kind;
    uint8_t neg;   /* !%p */
    uint8_t sreg;  /* O_SREG: SR_*; sdim 0..2 */
    uint8_t sdim;
    uint8_t fimm;  /* O_IMM written as a decimal float (converted by type) */
    uint8_t ext;   /* parser only: add the .extern .shared array's offset */
    uint8_t lsym;  /* O_IMM: the address of a .local symbol (the frame view, prog.h) */
    uint8_t a32;   /* O_MEM: a 32-bit base register (-fcuda-short-ptr): the address wraps at 2^32 */
    int32_t reg;   /* O_REG register; O_MEM base register or -1 */
    uint64_t imm;  /* O_IMM bits; O_MEM offset (symbol address included) */
} ptx_opnd;

typedef struct {
    uint8_t op;
    uint8_t type;     /* the instruction's type (cvt: destination) */
    uint8_t type2;    /* cvt: source; */
    uint8_t cmp;      /* setp; shfl: SH_*; vote: VO_*; match: MA_*; bar: BR_* */
    uint8_t bop;      /* setp.and/or/xor; and/or/xor on .pred */
    uint8_t rnd;
    uint8_t space;    /* ld/st/atom/red/cvta: PS_*; PS_NONE = generic */
    uint8_t vec;      /* 1, 2 or 4 */
    uint8_t aop;      /* atom/red */
    uint16_t flags;
    uint16_t lib;     /* OP_LIB: the function (ptx_lib.c's table) */
    uint8_t nd, na;
    ptx_opnd d[4];    /* destinations (ld.v4: four; setp: p and q) */
    ptx_opnd a[6];    /* sources (st: a[0] address, a[1..vec] values) */
} ptx_ins;

typedef struct {
    char name[PTX_NAME];
    uint64_t addr, bytes;
} ptx_region;

/* The pre-decoded form ptx_exec runs (ptx_fast_build, once per program):
 * for each instruction the case of the semantics it takes, chosen once,
 * with its operands resolved so that executing it for one thread needs no
 * decoding.  A source operand j reads (r[rg[j]] & m[j]) | imm[j]: a
 * register has m = all ones and imm 0, an immediate m = 0 (rg 0, read and
 * discarded); a result v is written as (int64)(v << sh) >> sh & dm, which
 * is the register write of ptx_exec.c's general path (the type's low bits,
 * sign-extended for .s types narrower than the register, then the
 * register's width; a predicate: bit 0).  Everything the fast cases do not
 * cover (special-register sources other than mov, negated predicates,
 * rounding modes, .ftz, .sat, generic addresses, atomics, bit fields, ...)
 * has FK_GENERAL and runs the general path, which is also taken whenever a
 * fast case meets an error (a misaligned or out-of-range access, a
 * division by zero), so every message comes from one place. */
enum ptx_fast_kind {
    FK_NOP, FK_BRA, FK_EXIT, FK_MOV, FK_SREG, FK_ADD, FK_SUB, FK_MUL, FK_MAD, FK_AND, FK_OR,
    FK_XOR, FK_NOT, FK_NEG, FK_XORC, FK_ANDC, FK_SHL, FK_SHR_U, FK_SHR_S, FK_MULWIDE,
    FK_MADWIDE, FK_MULHI, FK_MINMAX, FK_SETP_I, FK_SETP_F32, FK_SETP_F64, FK_SELP, FK_CVT_I,
    FK_CVT_F64_F32, FK_CVT_F32_S, FK_CVT_F32_U, FK_CVT_F64_S, FK_CVT_F64_U, FK_CVTA,
    FK_FADD32, FK_FSUB32, FK_FMUL32, FK_FDIV32, FK_FADD64, FK_FSUB64, FK_FMUL64, FK_FDIV64,
    /* from here on the cases that call functions (ptx_exec.c: fast_calls) */
    FK_DIV_U, FK_REM_U, FK_FFMA32, FK_FFMA64, FK_LD, FK_ST, FK_GENERAL, FK_N
};

typedef struct {
    uint8_t k;          /* FK_* */
    uint8_t sh;         /* destination: shift (above) */
    uint8_t ssh;        /* sources: the type's value is (int64)(x << ssh) >> ssh & sm */
    uint8_t bits;       /* the type's bits (shifts) */
    uint8_t tbl;        /* setp, min/max: the truth table (FK_SETP_*: bit 0 a < b,
                         * 1 a == b, 2 a > b, 3 unordered; FK_MINMAX: 1 max) */
    uint8_t bytes;      /* ld/st: bytes per element */
    uint8_t vec;        /* ld/st: elements */
    uint8_t space;      /* ld/st: PS_GLOBAL, PS_SHARED, PS_LOCAL, PS_PARAM */
    int32_t guard;      /* as prog_insn */
    uint8_t guard_neg;
    uint8_t nd;         /* destinations written (setp: 1 or 2; ld: vec) */
    uint32_t d[4];      /* destination registers */
    uint32_t rg[4];     /* source operands (st: the values) */
    uint64_t m[4], imm[4];
    uint64_t dm;        /* destination mask */
    uint64_t sm;        /* source mask after the extension */
    uint64_t flip;      /* integer compare: sign bit for a signed order, else 0 */
    uint64_t x;         /* cvta: the window to add; ld/st: the address offset; FK_SREG: kind | dim << 8 */
    uint32_t ar;        /* ld/st: address base register (am 0: none) */
    uint64_t am;
} ptx_fx;

typedef struct {
    ptx_ins *ins;             /* prog.n */
    ptx_fx *fx;               /* prog.n: the pre-decoded form */
    uint8_t *regw;            /* bytes of each register (pred: 0) */
    char (*regname)[24];      /* for messages */
    /* global memory regions an access may touch: the launch's buffers and
     * the module's .global/.const variables; none: all of global memory */
    ptx_region *region;
    unsigned nregion;
    unsigned last_region;     /* where the last global access was found (a hint) */
    uint64_t *gpair;          /* the regions as prog.gbuf's (address, bytes) pairs */
    void *out;                /* FILE * vprintf writes to (ptx_set_output; NULL: none) */
} ptx_impl;

extern const prog_ops ptx_ops;

/* Builds im->fx from im->ins, im->regw and p->ins; 0, or -1 out of memory. */
int ptx_fast_build(ptx_impl *im, const prog *p);
/* ptx_ops.exec through the general path only (every instruction as if it
 * were FK_GENERAL): tests compare the two. */
int ptx_exec_general(const prog *p, int pc, prog_thread *t, const prog_mem *m, prog_effect *e,
                     char *err, size_t errlen);

/* ---------------------------------------------------------------- parser
 * The parser's state and helpers, shared by its three files: ptx_lex.c
 * (statements, words, numbers, types, the symbol table), ptx_insn.c
 * (operands and instructions) and ptx.c (directives, declarations, the
 * entry and the module loader).  Every error goes through ptx_fail, which
 * writes "file:line: message" once (the first error wins) and returns -1. */

#include <ctype.h>
#include <stddef.h>

#include "ptx.h"

#define MAX_INS (1u << 20)
#define MAX_REGS 60000u /* prog_insn.src is uint16_t */

typedef struct {
    char name[PTX_NAME];
    uint8_t space;  /* PS_* */
    uint64_t addr;  /* in its space */
    uint64_t bytes;
} ptx_sym;

typedef struct {
    char prefix[24];
    uint32_t count;  /* %r<count>; 0: a plain name */
    uint32_t base;   /* register number of %prefix0 (or the name) */
} ptx_regdecl;

typedef struct {
    char name[64];
    int pc, line;
} ptx_pending;

/* a .func of the module (ptx_call.c) */
typedef struct {
    char name[PTX_NAME];
    char rname[PTX_NAME];    /* the return value's .param (nret 1) */
    char (*pname)[PTX_NAME]; /* the parameters' names, in order */
    unsigned nparam, nret;
    int defined;             /* has a body (else .extern or a prototype) */
    size_t body;             /* text offset after its '{' */
    int line, body_line;
    char *bad;               /* the header's error ("file:line: ..."), reported at a call */
} ptx_func;

/* a .param a body declares for a call: a register or a per-site .local array */
typedef struct {
    char name[PTX_NAME];
    char sub[24];            /* the register (%__cpN) or the .local array (__cpN) */
    uint32_t bytes;
    uint8_t reg;
} ptx_cparam;

/* one call site being inlined (ptx_call.c) */
typedef struct ptx_inl {
    struct ptx_inl *up;      /* the site that inlined the caller (NULL: the entry) */
    unsigned func;           /* index in ptx_ps.funcs */
    unsigned site;
    unsigned *arg;           /* the callee's parameter i is the call parameter cp[arg[i]] */
    unsigned ret;
    char suffix[16];         /* appended to the callee's labels */
    char ret_label[24];      /* the return point */
} ptx_inl;

typedef struct {
    const char *file;
    char *text;
    size_t pos, len;
    int line;
    int sline;          /* line of the current statement */
    char *err;
    size_t errlen;
    int failed;
    uint64_t global_base;
    /* module */
    ptx_sym *syms;
    unsigned nsyms, capsyms;
    unsigned module_syms; /* symbols of module scope (entry's come after) */
    uint64_t shared_static;
    uint64_t red_slot;  /* bar.red's shared slot + 1 (ptx.c), 0 none yet */
    uint32_t extern_align;
    char extern_name[PTX_NAME];
    uint64_t local_bytes;
    uint8_t *ginit;
    uint64_t gend;
    /* entry */
    ptx_regdecl *decls;
    unsigned ndecls, capdecls;
    uint32_t nregs, capregs;
    uint8_t *regw;
    char (*regname)[24];
    ptx_ins *ins;
    prog_insn *pins;
    unsigned n, capins;
    char (*labels)[32];  /* label at each pc */
    unsigned caplabels;
    struct { char name[64]; int pc; } *ldef;
    unsigned nldef, capldef;
    ptx_pending *pend;
    unsigned npend, cappend;
    ptx_info *info;
    /* calls (ptx_call.c) */
    ptx_func *funcs;
    unsigned nfuncs, capfuncs;
    ptx_cparam *cp;
    unsigned ncp, capcp, ncpall;
    unsigned cp_floor;       /* the current function's call parameters start here */
    unsigned decl_floor;     /* and its register declarations here */
    unsigned nsites;
    ptx_inl *inl;            /* the site being inlined (NULL: the entry's own body) */
    /* .branchtargets lists (ptx_call.c): each a name (with the site's
     * suffix in an inlined body) and n labels from btlab[first] */
    struct ptx_btl { char name[80]; unsigned first, n; int line; } *btl;
    unsigned nbtl, capbtl;
    char (*btlab)[64];
    unsigned nbtlab, capbtlab;
    unsigned nbrx;           /* brx.idx sites lowered so far */
    unsigned nicall;         /* indirect calls lowered so far (ptx_call.c) */
} ptx_ps;

/* The value of a .func's address (`mov.u64 %rd, f`, an initialiser `{f,
 * g}`): an indirect call compares with it (ptx_call.c); outside every
 * buffer, so a load or store through it stops the run */
#define PTX_FUNC_ADDR(fi) (0xfff0000000000000ull + 0x10ull * ((uint64_t)(fi) + 1u))


/* Statement kinds (ptx_next_stmt) */
enum { ST_EOF, ST_OPEN, ST_CLOSE, ST_LABEL, ST_TEXT };

int ptx_fail(ptx_ps *s, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
#define UNSUP(s, ...) ptx_fail((s), (s)->sline, "unsupported PTX: " __VA_ARGS__)
/* realloc to at least need elements, zero-filled; exits on out of memory */
void *ptx_grow(void *p, unsigned *cap, unsigned need, size_t elt);
static inline int ptx_is_id0(int c) { return isalpha(c) || c == '_' || c == '$' || c == '%' || c == '.'; }
static inline uint64_t ptx_align_up(uint64_t x, uint64_t a) { return a ? (x + a - 1) / a * a : x; }

/* ptx_lex.c */
void ptx_strip_comments(char *t);
int ptx_next_stmt(ptx_ps *s, char *buf, size_t bufsz);
void ptx_skip_body(ptx_ps *s);
int ptx_words(char *t, char **w, int max);
char *ptx_trim(char *c);
uint8_t ptx_type_of(const char *t);
int ptx_is_unsupported_type(const char *t);
int ptx_parse_int(const char *t, uint64_t *v);
int ptx_parse_fhex(const char *t, uint64_t *v, int *fbits);
int ptx_parse_fdec(const char *t, double *d);
ptx_sym *ptx_find_sym(ptx_ps *s, const char *name);
int ptx_add_sym(ptx_ps *s, const char *name, uint8_t space, uint64_t addr, uint64_t bytes);

/* ptx.c */
int ptx_declare_regs(ptx_ps *s, char *stmt);
int ptx_decl_var(ptx_ps *s, char *stmt, int in_entry);
/* an entry's or an inlined function's body, after its '{', up to the
 * matching '}' */
int ptx_body(ptx_ps *s);

/* ptx_call.c: calls inlined at their sites */
int ptx_scan_funcs(ptx_ps *s);          /* every .func of the module (before the entry is parsed) */
void ptx_free_funcs(ptx_ps *s);
int ptx_call_param_decl(ptx_ps *s, char *stmt); /* `.param` in a body */
/* a statement of a body that is a call, an access to a call parameter or,
 * in an inlined body, a ret or a branch: handled (*done = 1) or not */
int ptx_call_stmt(ptx_ps *s, char *t, int *done);
int ptx_call_label(ptx_ps *s, const char *name);
/* `NAME: .branchtargets L0, L1, ...;` (rest: after the directive; name:
 * the label just before it, NULL when there is none) */
int ptx_branchtargets(ptx_ps *s, const char *name, char *rest);
int ptx_callprototype(ptx_ps *s, const char *name);
int ptx_func_find(const ptx_ps *s, const char *name);

/* ptx_insn.c */
int ptx_find_reg(ptx_ps *s, const char *name);
int ptx_split_ops(char *t, char **op, int max);
int ptx_add_label(ptx_ps *s, const char *name);
int ptx_instruction(ptx_ps *s, char *stmt);
/* room for instruction s->n (ins, pins, labels), both zeroed: 0, or -1
 * with the error (more than MAX_INS, out of memory) */
int ptx_insn_room(ptx_ps *s);

/* little-endian bytes of memory (ptx_exec.c, ptx_coll.c) */
static inline uint64_t ptx_load_le(const uint8_t *q, unsigned bytes)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < bytes; i++) v |= (uint64_t)q[i] << (8 * i);
    return v;
}

static inline void ptx_store_le(uint8_t *q, uint64_t v, unsigned bytes)
{
    for (unsigned i = 0; i < bytes; i++) q[i] = (uint8_t)(v >> (8 * i));
}

/* a register's bits as a float or a double, and back (ptx_exec.c, ptx_lib.c) */
static inline float ptx_f32(uint64_t v)
{
    uint32_t u = (uint32_t)v;
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static inline double ptx_f64(uint64_t v)
{
    double d;
    memcpy(&d, &v, 8);
    return d;
}

static inline uint64_t ptx_bf32(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static inline uint64_t ptx_bf64(double d)
{
    uint64_t u;
    memcpy(&u, &d, 8);
    return u;
}

/* an operand's value for thread t, and a register write of type ty
 * (ptx_exec.c) */
uint64_t ptx_val(const ptx_opnd *o, const prog_thread *t);
void ptx_wr(const ptx_impl *im, prog_thread *t, const ptx_opnd *o, uint64_t v, uint8_t ty);
/* the warp-synchronous instructions and bar.red's release (ptx_coll.c) */
uint32_t ptx_coll_wait(const prog *p, int pc, const prog_thread *t);
int ptx_exec_coll(const prog *p, int pc, prog_thread *const *lane, uint32_t gone,
                  prog_effect *e, char *err, size_t errlen);
void ptx_bar_release(const prog *p, int pc, uint8_t *shared);
/* an access of `bytes` at addr in space sp (PS_NONE: generic) resolved to
 * a pointer and recorded in e, or NULL with the run's one-line error
 * (ptx_exec.c) */
uint8_t *ptx_access(const prog *p, int pc, prog_thread *t, const prog_mem *m, prog_effect *e,
                    uint8_t sp, uint64_t addr, unsigned bytes, unsigned align, int write,
                    char *err, size_t errlen);
/* library calls (ptx_lib.c): the lowering of a call of a function the
 * module only declares (args: the call parameters, ret NULL for none;
 * refused with one line when the name or the parameters are not a known
 * function's), and OP_LIB's semantics for one thread */
int ptx_lib_call(ptx_ps *s, const char *name, const ptx_cparam *ret, const ptx_cparam *const *args,
                 unsigned nargs);
int ptx_lib_exec(const prog *p, int pc, prog_thread *t, const prog_mem *m, char *err, size_t errlen);
/* .f16/.f16x2/.bf16/.bf16x2 (ptx_half.c): 1 for those types; the parser's
 * check of an instruction using one (sets F_HALF where it computes; 0, or
 * -1 with the error); F_HALF's semantics for one thread */
int ptx_half_type(uint8_t ty);
int ptx_half_check(ptx_ps *s, ptx_ins *in, const char *opc);
int ptx_half_exec(const ptx_impl *im, const ptx_ins *in, prog_thread *t);

#endif
