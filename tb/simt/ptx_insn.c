/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ptx_insn.c -- the PTX parser's instructions: one statement of an entry's
 * body (guard, opcode and modifiers, operands) checked and lowered into a
 * decoded ptx_ins (ptx_int.h) and its prog_insn (prog.h: unit, sources,
 * destination, branch target), and the
 * body's labels.  What is accepted: ptx.h and docs/ptx.md; everything else
 * is refused with "file:line: unsupported PTX: ...".
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx_half.h"
#include "ptx_int.h"

/* A register by name: the innermost declaration of the current function
 * (an inlined callee sees its own registers, not its caller's), or one of
 * the call parameters' registers (ptx_call.c), which all of them see. */
int ptx_find_reg(ptx_ps *s, const char *name)
{
    size_t L = strlen(name);
    size_t q = L;
    while (q > 0 && isdigit((unsigned char)name[q - 1])) q--;
    unsigned floor = strncmp(name, "%__cp", 5) ? s->decl_floor : 0;
    for (unsigned i = s->ndecls; i-- > floor;) {
        ptx_regdecl *d = &s->decls[i];
        if (!d->count) {
            if (!strcmp(d->prefix, name)) return (int)d->base;
        } else if (q < L && strlen(d->prefix) == q && !strncmp(d->prefix, name, q)) {
            if (name[q] == '0' && q + 1 < L) continue;
            unsigned long k = strtoul(name + q, NULL, 10);
            if (k < d->count) return (int)(d->base + k);
        }
    }
    return -1;
}

/* ------------------------------------------------------------ operands */

static int parse_sreg(const char *t, ptx_opnd *o)
{
    static const struct { const char *n; uint8_t sr; int dims; } tab[] = {
        {"%tid", SR_TID, 1}, {"%ntid", SR_NTID, 1}, {"%ctaid", SR_CTAID, 1},
        {"%nctaid", SR_NCTAID, 1}, {"%laneid", SR_LANEID, 0}, {"%warpid", SR_WARPID, 0},
        {"%clock", SR_CLOCK, 0}, {"%clock64", SR_CLOCK64, 0}, {"%nwarpid", SR_NWARPID, 0}};
    for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++) {
        size_t L = strlen(tab[i].n);
        if (strncmp(t, tab[i].n, L)) continue;
        if (tab[i].dims) {
            if (t[L] != '.' || !t[L + 1] || t[L + 2] || !strchr("xyz", t[L + 1])) continue;
            o->sdim = (uint8_t)(t[L + 1] - 'x');
        } else if (t[L]) continue;
        o->kind = O_SREG;
        o->sreg = tab[i].sr;
        return 0;
    }
    return -1;
}

/* A scalar operand: register, !pred, special register, immediate, symbol
 * (its address), label (bra), or _ */
static int parse_scalar(ptx_ps *s, char *t, ptx_opnd *o, int want_label)
{
    memset(o, 0, sizeof *o);
    t = ptx_trim(t);
    if (!*t) return ptx_fail(s, s->sline, "empty operand");
    if (!strcmp(t, "_")) { o->kind = O_SINK; return 0; }
    if (t[0] == '!') {
        o->neg = 1;
        t = ptx_trim(t + 1);
    }
    if (t[0] == '%') {
        int r = ptx_find_reg(s, t);
        if (r >= 0) {
            o->kind = O_REG;
            o->reg = r;
            return 0;
        }
        if (!parse_sreg(t, o)) {
            if (o->neg) return ptx_fail(s, s->sline, "'!' on a special register");
            return 0;
        }
        if (!strncmp(t, "%envreg", 7) || !strncmp(t, "%smid", 5) || !strncmp(t, "%nsmid", 6) ||
            !strncmp(t, "%lanemask", 9) || !strncmp(t, "%gridid", 7) || !strncmp(t, "%globaltimer", 12) ||
            !strncmp(t, "%pm", 3) || !strncmp(t, "%dynamic_smem_size", 18) ||
            !strncmp(t, "%total_smem_size", 16) || !strncmp(t, "%cluster", 8))
            return UNSUP(s, "special register %s", t);
        return ptx_fail(s, s->sline, "undeclared register %s", t);
    }
    if (o->neg) return ptx_fail(s, s->sline, "'!' on a non-register");
    int fb;
    double d;
    if (!ptx_parse_fhex(t, &o->imm, &fb)) {
        o->kind = O_IMM;
        o->fimm = (uint8_t)fb; /* 32/64: bits of that width */
        return 0;
    }
    if (!ptx_parse_int(t, &o->imm)) {
        o->kind = O_IMM;
        return 0;
    }
    if (!ptx_parse_fdec(t, &d)) {
        o->kind = O_IMM;
        o->fimm = 1;
        memcpy(&o->imm, &d, 8);
        return 0;
    }
    if (ptx_is_id0((unsigned char)t[0])) {
        int r = ptx_find_reg(s, t); /* a register declared without '%' */
        if (r >= 0) {
            o->kind = O_REG;
            o->reg = r;
            return 0;
        }
        if (want_label) {
            o->kind = O_LABEL;
            return 0;
        }
        ptx_sym *y = ptx_find_sym(s, t);
        int fi = y ? -1 : ptx_func_find(s, t);
        if (fi >= 0) { /* a function's address, for an indirect call (ptx_call.c) */
            o->kind = O_IMM;
            o->imm = PTX_FUNC_ADDR(fi);
            return 0;
        }
        if (!y) return ptx_fail(s, s->sline, "unknown symbol '%s'", t);
        /* a kernel parameter's address is its offset in the parameter
         * space: clang takes it (mov.b64 %rd, k_param_3) for a structure
         * passed by value and reads the fields with ld.param [%rd+k] */
        o->kind = O_IMM;
        o->imm = y->addr;
        o->lsym = y->space == PS_LOCAL;
        if (y->space == PS_SHARED && y->addr == UINT64_MAX) { /* extern: placed at the end */
            o->imm = 0;
            o->ext = 1;
        }
        return 0;
    }
    return ptx_fail(s, s->sline, "bad operand '%s'", t);
}

/* [reg], [reg+imm], [sym], [sym+imm], [imm]; space: the instruction's */
static int parse_addr(ptx_ps *s, char *t, uint8_t space, ptx_opnd *o)
{
    memset(o, 0, sizeof *o);
    o->kind = O_MEM;
    o->reg = -1;
    size_t L = strlen(t);
    if (L < 2 || t[0] != '[' || t[L - 1] != ']') return ptx_fail(s, s->sline, "bad address '%s'", t);
    t[L - 1] = 0;
    char *c = t + 1;
    int nterm = 0;
    while (*c) {
        while (*c && isspace((unsigned char)*c)) c++;
        int neg = 0;
        while (*c == '+' || *c == '-' || isspace((unsigned char)*c)) {
            if (*c == '-') neg = !neg;
            c++;
        }
        char *tok = c;
        while (*c && *c != '+' && *c != '-' && !isspace((unsigned char)*c)) c++;
        char save = *c;
        *c = 0;
        if (!*tok) {
            *c = save;
            if (!*c) break;
            continue;
        }
        uint64_t v;
        nterm++;
        if (tok[0] == '%' || (ptx_is_id0((unsigned char)tok[0]) && ptx_find_reg(s, tok) >= 0)) {
            int r = ptx_find_reg(s, tok);
            if (r < 0) return ptx_fail(s, s->sline, "undeclared register %s", tok);
            if (o->reg >= 0 || neg) return ptx_fail(s, s->sline, "bad address");
            o->reg = r;
            o->a32 = s->regw[r] == 4;
        } else if (!ptx_parse_int(tok, &v)) {
            o->imm += neg ? (uint64_t)(-(int64_t)v) : v;
        } else if (ptx_is_id0((unsigned char)tok[0])) {
            ptx_sym *y = ptx_find_sym(s, tok);
            if (!y) return ptx_fail(s, s->sline, "unknown symbol '%s'", tok);
            if (neg) return ptx_fail(s, s->sline, "bad address");
            uint64_t a = y->addr;
            if (y->space == PS_SHARED && a == UINT64_MAX) {
                o->ext = 1; /* the .extern array: patched when its offset is known */
                a = 0;
            }
            if (space == PS_NONE) { /* generic: the symbol's generic address */
                if (y->space == PS_SHARED) a += PTX_SHARED_WIN;
                else if (y->space == PS_LOCAL) a += PTX_LOCAL_WIN;
                else if (y->space == PS_PARAM) return UNSUP(s, "generic access to a parameter");
            } else if (y->space != space) {
                return ptx_fail(s, s->sline, "'%s' is not in the instruction's state space", tok);
            }
            o->imm += a;
        } else return ptx_fail(s, s->sline, "bad address term '%s'", tok);
        *c = save;
    }
    if (!nterm) return ptx_fail(s, s->sline, "empty address");
    return 0;
}

/* splits operands (or a call's lists, a parameter list) at commas outside
 * [ ], { } and ( ) */
int ptx_split_ops(char *t, char **op, int max)
{
    int n = 0, depth = 0;
    char *start = t;
    if (!*ptx_trim(t)) return 0;
    for (char *c = t;; c++) {
        if (*c == '[' || *c == '{' || *c == '(') depth++;
        if (*c == ']' || *c == '}' || *c == ')') depth--;
        if ((*c == ',' && depth == 0) || !*c) {
            if (n == max) return -1;
            int end = !*c;
            *c = 0;
            op[n++] = ptx_trim(start);
            start = c + 1;
            if (end) break;
        }
    }
    return n;
}

/* {a, b, c, d} or a scalar; returns the count */
static int parse_vec(ptx_ps *s, char *t, ptx_opnd *o, int max)
{
    size_t L = strlen(t);
    if (t[0] != '{') return parse_scalar(s, t, o, 0) ? -1 : 1;
    if (L < 2 || t[L - 1] != '}') return ptx_fail(s, s->sline, "bad vector '%s'", t);
    t[L - 1] = 0;
    char *e[8];
    int n = ptx_split_ops(t + 1, e, 8);
    if (n < 2 || n > max) return ptx_fail(s, s->sline, "bad vector operand");
    for (int i = 0; i < n; i++)
        if (parse_scalar(s, e[i], &o[i], 0)) return -1;
    return n;
}

/* ------------------------------------------------------------ opcodes */

static const struct { const char *n; uint8_t op; } optab[] = {
    {"mov", OP_MOV}, {"add", OP_ADD}, {"sub", OP_SUB}, {"mul", OP_MUL}, {"mad", OP_MAD},
    {"fma", OP_FMA}, {"div", OP_DIV}, {"rem", OP_REM}, {"neg", OP_NEG}, {"abs", OP_ABS},
    {"min", OP_MIN}, {"max", OP_MAX}, {"and", OP_AND}, {"or", OP_OR}, {"xor", OP_XOR},
    {"not", OP_NOT}, {"cnot", OP_CNOT}, {"shl", OP_SHL}, {"shr", OP_SHR}, {"shf", OP_SHF},
    {"bfe", OP_BFE}, {"bfi", OP_BFI}, {"popc", OP_POPC}, {"clz", OP_CLZ}, {"brev", OP_BREV},
    {"prmt", OP_PRMT}, {"selp", OP_SELP}, {"slct", OP_SLCT}, {"setp", OP_SETP}, {"set", OP_SETP}, {"cvt", OP_CVT},
    {"cvta", OP_CVTA}, {"rcp", OP_RCP}, {"sqrt", OP_SQRT}, {"rsqrt", OP_RSQRT}, {"lg2", OP_LG2},
    {"ex2", OP_EX2}, {"sin", OP_SIN}, {"cos", OP_COS}, {"tanh", OP_TANH},
    {"copysign", OP_COPYSIGN}, {"testp", OP_TESTP}, {"ld", OP_LD}, {"ldu", OP_LD},
    {"st", OP_ST}, {"atom", OP_ATOM}, {"red", OP_RED}, {"bar", OP_BAR}, {"barrier", OP_BAR},
    {"membar", OP_MEMBAR}, {"fence", OP_MEMBAR}, {"prefetch", OP_MEMBAR},
    {"prefetchu", OP_MEMBAR}, {"bra", OP_BRA}, {"ret", OP_RET}, {"exit", OP_EXIT},
    {"shfl", OP_SHFL}, {"vote", OP_VOTE}, {"activemask", OP_ACTMASK}, {"redux", OP_REDUX},
    {"match", OP_MATCH}, {"bfind", OP_BFIND}, {"trap", OP_TRAP}, {"addc", OP_ADD},
    {"subc", OP_SUB}, {"madc", OP_MAD}, {"lop3", OP_LOP3}, {"dp4a", OP_DP4A}, {"dp2a", OP_DP2A},
    {"sad", OP_SAD}};

static const char *const cmpname[C_N] = {"eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi",
                                         "hs", "equ", "neu", "ltu", "leu", "gtu", "geu", "num",
                                         "nan"};

static int decode_opcode(ptx_ps *s, char *opc, ptx_ins *in, int *uni, int *barsync)
{
    char *m[16];
    int nm = 0;
    for (char *c = opc, *tok = opc;; c++) {
        if (*c == '.' || !*c) {
            int end = !*c;
            *c = 0;
            if (nm == 16) return UNSUP(s, "opcode with too many modifiers");
            m[nm++] = tok;
            tok = c + 1;
            if (end) break;
        }
    }
    int op = -1;
    for (size_t i = 0; i < sizeof optab / sizeof optab[0]; i++)
        if (!strcmp(m[0], optab[i].n)) op = optab[i].op;
    if (op < 0) {
        /* the video instructions: clang emits none (the header's SIMD
         * intrinsics, tb/cuda/include/warphw_simd.h, are ordinary integer
         * code); inline asm using them is refused by name */
        static const char *const vid[] = {"vadd", "vsub", "vabsdiff", "vmin", "vmax", "vshl", "vshr",
                                          "vmad", "vset", "vavrg", "vadd2", "vsub2", "vavrg2",
                                          "vabsdiff2", "vmin2", "vmax2", "vset2", "vadd4", "vsub4",
                                          "vavrg4", "vabsdiff4", "vmin4", "vmax4", "vset4"};
        for (size_t i = 0; i < sizeof vid / sizeof vid[0]; i++)
            if (!strcmp(m[0], vid[i]))
                return UNSUP(s, "video instruction '%s' (CUDA's __v* SIMD intrinsics are in the project's header)", m[0]);
        return UNSUP(s, "instruction '%s'", m[0]);
    }
    in->op = (uint8_t)op;
    if (!strcmp(m[0], "set")) in->flags |= F_SETV; /* set: setp's compare, a value written */
    if (!strcmp(m[0], "addc") || !strcmp(m[0], "subc") || !strcmp(m[0], "madc"))
        in->flags |= F_CIN; /* the carry in */
    in->type = in->type2 = T_NONE;
    in->vec = 1;
    in->space = PS_NONE;
    int ntypes = 0, mode = 0;
    for (int i = 1; i < nm; i++) {
        char *t = m[i];
        if (!*t) {
            /* "::" in names like shared::cta split into "shared", "", "cta" */
            continue;
        }
        /* warp-synchronous instructions (ptx_warp.c): bar.warp.sync,
         * shfl.sync.MODE.b32, vote.sync.MODE.TYPE, activemask.b32 */
        if (op == OP_BAR && i == 1 && !strcmp(t, "warp")) {
            op = in->op = OP_WBAR;
            continue;
        }
        if (op == OP_SHFL || op == OP_VOTE || op == OP_WBAR || op == OP_REDUX || op == OP_MATCH) {
            static const char *const sm[] = {"up", "down", "bfly", "idx"};
            static const char *const vm[] = {"all", "any", "uni", "ballot"};
            static const char *const mm[] = {"any", "all"};
            static const char *const rm[] = {"add", "min", "max", "and", "or", "xor"};
            if (!strcmp(t, "sync")) { *barsync = 1; continue; }
            int k = -1;
            for (int q = 0; q < 6 && op == OP_REDUX; q++)
                if (!strcmp(t, rm[q])) k = q;
            if (k >= 0 && !mode) { in->aop = (uint8_t)(A_ADD + k); mode = 1; continue; }
            for (int q = 0; q < (op == OP_MATCH ? 2 : 4) && (op == OP_SHFL || op == OP_VOTE || op == OP_MATCH); q++)
                if (!strcmp(t, op == OP_SHFL ? sm[q] : op == OP_MATCH ? mm[q] : vm[q])) k = q;
            if (k >= 0 && !mode) { in->cmp = (uint8_t)k; mode = 1; continue; }
        }
        /* bar.red.{popc,and,or} (barrier.red): a CTA barrier whose release
         * delivers a reduction of the threads' predicates (prog_ops.bar_release) */
        if (op == OP_BAR && !strcmp(t, "red") && !mode) { *barsync = 1; mode = 1; continue; }
        if (op == OP_BAR && mode == 1 && !in->cmp &&
            (!strcmp(t, "popc") || !strcmp(t, "and") || !strcmp(t, "or"))) {
            in->cmp = (uint8_t)(t[0] == 'p' ? BR_POPC : t[0] == 'a' ? BR_AND : BR_OR);
            continue;
        }
        if (op == OP_BAR && !strcmp(t, "cta")) continue; /* bar.cta.sync: the CTA's barrier */
        uint8_t ty = ptx_type_of(t);
        if (ty != T_NONE) {
            if (ntypes == 0) in->type = ty;
            else if (ntypes == 1) in->type2 = ty;
            else return UNSUP(s, "three types in one opcode");
            ntypes++;
            continue;
        }
        if (ptx_is_unsupported_type(t)) return UNSUP(s, "type .%s", t);
        int c = -1;
        for (int k = 0; k < C_N; k++)
            if (!strcmp(t, cmpname[k])) c = k;
        if (c >= 0 && op == OP_SETP) { in->cmp = (uint8_t)c; in->bop |= 0x80; continue; }
        if (op == OP_SETP && (!strcmp(t, "and") || !strcmp(t, "or") || !strcmp(t, "xor"))) {
            in->bop = (uint8_t)((in->bop & 0x80) | (t[0] == 'a' ? B_AND : t[0] == 'o' ? B_OR : B_XOR));
            continue;
        }
        if (op == OP_ATOM || op == OP_RED) {
            static const char *const an[] = {"", "add", "min", "max", "and", "or", "xor", "exch",
                                             "cas", "inc", "dec"};
            int a = -1;
            for (int k = 1; k <= A_DEC; k++)
                if (!strcmp(t, an[k])) a = k;
            if (a > 0) { in->aop = (uint8_t)a; continue; }
        }
        if (!strcmp(t, "cc") && (op == OP_ADD || op == OP_SUB || op == OP_MAD)) { in->flags |= F_CC; continue; }
        if (!strcmp(t, "rn")) { in->rnd = R_RN; continue; }
        if (!strcmp(t, "rz")) { in->rnd = R_RZ; continue; }
        if (!strcmp(t, "rm")) { in->rnd = R_RM; continue; }
        if (!strcmp(t, "rp")) { in->rnd = R_RP; continue; }
        if (!strcmp(t, "rni")) { in->rnd = R_RNI; continue; }
        if (!strcmp(t, "rzi")) { in->rnd = R_RZI; continue; }
        if (!strcmp(t, "rmi")) { in->rnd = R_RMI; continue; }
        if (!strcmp(t, "rpi")) { in->rnd = R_RPI; continue; }
        if (!strcmp(t, "hi") && op != OP_SETP) { in->flags |= F_HI; continue; }
        if (!strcmp(t, "lo") && op != OP_SETP) { in->flags |= F_LO; continue; }
        if (!strcmp(t, "wide")) { in->flags |= F_WIDE; continue; }
        if (!strcmp(t, "sat")) { in->flags |= F_SAT; continue; }
        if (!strcmp(t, "ftz")) { in->flags |= F_FTZ; continue; }
        if (!strcmp(t, "approx")) { in->flags |= F_APPROX; continue; }
        if (!strcmp(t, "full")) continue; /* div.full.f32: computed IEEE-exactly (within its 2 ulp) */
        if (!strcmp(t, "to") && op == OP_CVTA) { in->flags |= F_TO; continue; }
        if (op == OP_SHF && (!strcmp(t, "l") || !strcmp(t, "r"))) {
            if (t[0] == 'l') in->flags |= F_SHF_L;
            continue;
        }
        if (op == OP_SHF && !strcmp(t, "clamp")) { in->flags |= F_CLAMP; continue; }
        if (op == OP_BFIND && !strcmp(t, "shiftamt")) { in->cmp = 1; continue; }
        if (op == OP_PRMT) { /* prmt's modes (ptx_int.h: PM_*) */
            static const char *const pm[] = {"", "f4e", "b4e", "rc8", "ecl", "ecr", "rc16"};
            int k = 0;
            for (int q = 1; q <= PM_RC16; q++)
                if (!strcmp(t, pm[q])) k = q;
            if (k && in->cmp) return UNSUP(s, "prmt with two modes");
            if (k) { in->cmp = (uint8_t)k; continue; }
        }
        if (op == OP_SHF && !strcmp(t, "wrap")) continue;
        if (!strcmp(t, "uni")) { *uni = 1; continue; }
        if (!strcmp(t, "global")) { in->space = PS_GLOBAL; continue; }
        if (!strcmp(t, "const")) { in->space = PS_GLOBAL; continue; }
        if (!strcmp(t, "shared")) {
            if (i + 2 < nm && !m[i + 1][0] && strcmp(m[i + 2], "cta"))
                return UNSUP(s, "shared::%s", m[i + 2]);
            if (i + 2 < nm && !m[i + 1][0]) i += 2;
            in->space = PS_SHARED;
            continue;
        }
        if (!strcmp(t, "local")) { in->space = PS_LOCAL; continue; }
        if (!strcmp(t, "param")) { in->space = PS_PARAM; continue; }
        if (!strcmp(t, "v2")) { in->vec = 2; continue; }
        if (!strcmp(t, "v4")) { in->vec = 4; continue; }
        if (op == OP_BAR && (!strcmp(t, "sync") || !strcmp(t, "aligned"))) {
            *barsync = 1;
            continue;
        }
        if (op == OP_TESTP) {
            static const char *const tp[] = {"finite", "infinite", "number", "notanumber",
                                             "normal", "subnormal"};
            int k = -1;
            for (int q = 0; q < 6; q++)
                if (!strcmp(t, tp[q])) k = q;
            if (k >= 0) { in->cmp = (uint8_t)k; continue; }
        }
        /* ordering, caching and scope qualifiers: no effect on one SM's
         * sequentially consistent memory */
        static const char *const ign[] = {"sync", "aligned", "nc", "ca", "cg", "cs", "lu", "cv",
                                          "wb", "wt", "volatile", "relaxed", "acquire", "release",
                                          "acq_rel", "sc", "weak", "sys", "gpu", "cta", "gl",
                                          "noftz", "L1", "L2", "evict_normal", "evict_last",
                                          "evict_first", "no_allocate", "evict_unchanged",
                                          "64B", "128B", "256B"};
        int ok = 0;
        for (size_t k = 0; k < sizeof ign / sizeof ign[0]; k++)
            if (!strcmp(t, ign[k])) ok = 1;
        if (ok && (op == OP_LD || op == OP_ST || op == OP_ATOM || op == OP_RED || op == OP_MEMBAR ||
                   (op == OP_BAR && 0))) {
            if ((op == OP_LD || op == OP_ST) && (!strcmp(t, "L1") || !strcmp(t, "L2"))) {
                /* L2::64B etc.: skip the "" and the next part */
                if (i + 2 < nm && !m[i + 1][0]) i += 2;
            }
            continue;
        }
        if (op == OP_MEMBAR && (!strcmp(t, "cta") || !strcmp(t, "gl") || !strcmp(t, "sys")))
            continue;
        if (op == OP_BAR && !strcmp(t, "warp")) return UNSUP(s, "bar.warp.sync");
        if (op == OP_BAR && !strcmp(t, "arrive")) return UNSUP(s, "bar.%s", t);
        if (!strcmp(t, "proxy") || !strcmp(t, "async") || !strcmp(t, "cluster") ||
            !strcmp(t, "mmio") || !strcmp(t, "tensormap"))
            return UNSUP(s, "%s.%s", m[0], t);
        return UNSUP(s, "modifier .%s on %s", t, m[0]);
    }
    if ((op == OP_BAR) && !*barsync) return UNSUP(s, "bar without .sync");
    if ((op == OP_SHFL || op == OP_VOTE || op == OP_WBAR) && !*barsync)
        return UNSUP(s, "%s without .sync (the legacy form before PTX 6.0; %s.sync is supported)",
                     op == OP_WBAR ? "bar.warp" : m[0], op == OP_WBAR ? "bar.warp" : m[0]);
    if ((op == OP_SHFL || op == OP_VOTE || op == OP_MATCH || op == OP_REDUX) && !mode)
        return ptx_fail(s, s->sline, "%s.sync without a mode", m[0]);
    if ((op == OP_MATCH || op == OP_REDUX) && !*barsync) return UNSUP(s, "%s without .sync", m[0]);
    if (op == OP_BAR && mode && !in->cmp) return ptx_fail(s, s->sline, "bar.red without .popc, .and or .or");
    return 0;
}

/* ------------------------------------------------------------ instructions */

static uint8_t unit_of(const ptx_ins *in)
{
    switch (in->op) {
    case OP_DIV: case OP_REM:
        return TY_KIND(in->type) == TK_F ? PU_SFU : PU_SFU;
    case OP_RCP: case OP_SQRT: case OP_RSQRT: case OP_LG2: case OP_EX2: case OP_SIN: case OP_COS:
    case OP_TANH:
        return PU_SFU;
    case OP_LD: return PU_LD;
    case OP_ST: return PU_ST;
    case OP_ATOM: case OP_RED: return PU_ATOM;
    case OP_BRA: return PU_BRA;
    case OP_BAR: return PU_BAR;
    case OP_RET: case OP_EXIT: return PU_EXIT;
    case OP_MEMBAR: return PU_NOP;
    default: return PU_ALU;
    }
}

/* expected operand counts (destinations+sources as written) */
static int check_count(ptx_ps *s, const ptx_ins *in, int n)
{
    int want = -1;
    switch (in->op) {
    case OP_MOV: case OP_NEG: case OP_ABS: case OP_NOT: case OP_CNOT: case OP_POPC: case OP_CLZ:
    case OP_BREV: case OP_CVT: case OP_CVTA: case OP_RCP: case OP_SQRT: case OP_RSQRT:
    case OP_LG2: case OP_EX2: case OP_SIN: case OP_COS: case OP_TANH: case OP_TESTP: case OP_LD:
    case OP_ST: case OP_RED: case OP_BFIND:
        want = 2; break;
    case OP_ADD: case OP_SUB: case OP_MUL: case OP_DIV: case OP_REM: case OP_MIN: case OP_MAX:
    case OP_AND: case OP_OR: case OP_XOR: case OP_SHL: case OP_SHR: case OP_COPYSIGN:
        want = 3; break;
    case OP_MAD: case OP_FMA: case OP_BFE: case OP_PRMT: case OP_SHF: case OP_SELP: case OP_SLCT:
        want = 4; break;
    case OP_BFI: case OP_LOP3: want = 5; break;
    case OP_DP4A: case OP_DP2A: case OP_SAD: want = 4; break;
    case OP_SETP: if (n != 3 && n != 4) want = 3; break;
    case OP_ATOM: if (n != 3 && n != 4) want = 3; break;
    case OP_BAR:
        if (in->cmp ? n < 3 || n > 4 : n < 1 || n > 2) want = in->cmp ? 3 : 1;
        break;
    case OP_SHFL: want = 5; break;
    case OP_REDUX: case OP_MATCH: want = 3; break;
    case OP_VOTE: want = 3; break;
    case OP_ACTMASK: case OP_WBAR: want = 1; break;
    case OP_BRA: want = 1; break;
    case OP_RET: case OP_EXIT: case OP_MEMBAR: case OP_TRAP: want = 0; break;
    }
    if (in->op == OP_CVT && ptx_half_type(in->type) && TY_BYTES(in->type) == 4)
        want = 3; /* cvt.rn.f16x2.f32 d, a, b: two sources packed */
    if (want >= 0 && n != want) return ptx_fail(s, s->sline, "expected %d operands, got %d", want, n);
    return 0;
}

/* the destination/source register width check: a register narrower than the
 * type (except predicates) is an error; wider is allowed where PTX allows it */
static int reg_fits(ptx_ps *s, const ptx_opnd *o, uint8_t ty, const char *what)
{
    if (o->kind != O_REG || ty == T_NONE) return 0;
    uint8_t w = s->regw[o->reg];
    if (ty == T_PRED) {
        if (w != 0) return ptx_fail(s, s->sline, "%s %s is not a predicate", what, s->regname[o->reg]);
        return 0;
    }
    if (w == 0) return ptx_fail(s, s->sline, "%s %s is a predicate", what, s->regname[o->reg]);
    if (w < TY_BYTES(ty) && !(w == 2 && TY_BYTES(ty) == 1))
        return ptx_fail(s, s->sline, "%s %s is narrower than .%s", what, s->regname[o->reg],
                    TY_KIND(ty) == TK_F ? (ty == T_F32 ? "f32" : "f64") : "type");
    return 0;
}

int ptx_add_label(ptx_ps *s, const char *name)
{
    for (unsigned i = 0; i < s->nldef; i++)
        if (!strcmp(s->ldef[i].name, name)) return ptx_fail(s, s->sline, "label '%s' defined twice", name);
    if (strlen(name) >= 64) return ptx_fail(s, s->sline, "label too long");
    s->ldef = ptx_grow(s->ldef, &s->capldef, s->nldef + 1, sizeof *s->ldef);
    snprintf(s->ldef[s->nldef].name, sizeof s->ldef[0].name, "%.63s", name);
    s->ldef[s->nldef].pc = (int)s->n;
    s->nldef++;
    s->labels = ptx_grow(s->labels, &s->caplabels, s->n + 2, sizeof *s->labels);
    snprintf(s->labels[s->n], sizeof s->labels[0], "%.31s", name);
    return 0;
}

int ptx_insn_room(ptx_ps *s)
{
    if (s->n >= MAX_INS) return ptx_fail(s, s->sline, "more than %u instructions", MAX_INS);
    s->ins = ptx_grow(s->ins, &s->capins, s->n + 1, sizeof *s->ins);
    s->pins = realloc(s->pins, (size_t)s->capins * sizeof *s->pins);
    if (!s->pins) return ptx_fail(s, s->sline, "out of memory");
    s->labels = ptx_grow(s->labels, &s->caplabels, s->n + 2, sizeof *s->labels);
    memset(&s->ins[s->n], 0, sizeof *s->ins);
    memset(&s->pins[s->n], 0, sizeof *s->pins);
    return 0;
}

static void add_src(prog_insn *pi, int reg)
{
    if (reg < 0) return;
    for (unsigned i = 0; i < pi->nsrc; i++)
        if (pi->src[i] == reg) return;
    if (pi->nsrc < PROG_MAX_SRC) pi->src[pi->nsrc++] = (uint16_t)reg;
}

/* bar.red d, 0, p (just parsed, at s->n - 1) becomes two instructions:
 * the barrier, which counts its thread and p in the CTA's shared memory
 * (ptx_exec.c), and after it, guarded alike, OP_BARRES, which reads the
 * result the release left there into d (prog_ops.bar_release).  The
 * slot's address is set when the entry is complete (ptx.c). */
static int bar_red_result(ptx_ps *s)
{
    if (ptx_insn_room(s)) return -1;
    ptx_ins *b = &s->ins[s->n - 1], *in = &s->ins[s->n];
    prog_insn *pb = &s->pins[s->n - 1], *pi = &s->pins[s->n];
    in->op = OP_BARRES;
    in->type = b->type;
    in->type2 = T_NONE;
    in->cmp = b->cmp;
    in->vec = 1;
    in->d[0] = b->d[0];
    in->nd = 1;
    b->nd = 0;
    *pi = *pb;
    pi->unit = PU_ALU;
    pi->nsrc = pi->ndst = 0;
    if (pi->guard >= 0) add_src(pi, pi->guard);
    pi->dst[pi->ndst++] = (uint16_t)in->d[0].reg;
    pi->varying = 0; /* one value for the CTA */
    pb->ndst = 0;
    snprintf(pi->text, sizeof pi->text, "%s%s%s%sbar.red.result %s", pi->guard >= 0 ? "@" : "",
             pi->guard_neg ? "!" : "", pi->guard >= 0 ? s->regname[pi->guard] : "",
             pi->guard >= 0 ? " " : "", s->regname[in->d[0].reg]);
    s->n++;
    return 0;
}

static int fits32(int64_t v) { return v >= INT32_MIN && v <= INT32_MAX; }

/* The frame view of instruction in (prog.h, enum prog_frame_op): what the
 * divergence analysis needs to follow clang -O0's stack frame and its
 * generic addresses of shared memory.  A 64-bit mov, add or sub of a
 * constant, or of a constant, add of two registers, mov of a .local
 * symbol, cvta.local, cvta.shared; ld, st, atom and red on generic or
 * local addresses (a store of its own address register is left out).
 * Anything else that reads a frame address is left PF_NONE, and the
 * analysis then takes the frame as escaped. */
static void frame_view(const ptx_ins *in, prog_insn *pi)
{
    pi->freg = -1;
    const ptx_opnd *a = in->a;
    int wide = TY_BYTES(in->type) == 8 && in->type != T_NONE;
    if (in->op == OP_LD || in->op == OP_ST || in->op == OP_ATOM || in->op == OP_RED) {
        if (in->space != PS_NONE && in->space != PS_LOCAL) return;
        if (a[0].kind != O_MEM) return;
        if (in->op == OP_ST)
            for (int i = 1; i < in->na; i++)
                if (a[i].kind == O_REG && a[i].reg == a[0].reg) return; /* its own address stored */
        unsigned bytes = TY_BYTES(in->type) * (in->vec ? in->vec : 1);
        pi->fbytes = (uint8_t)(bytes < 255 ? bytes : 255);
        int64_t off = (int64_t)a[0].imm;
        if (in->space == PS_LOCAL) {
            pi->fop = fits32(off) ? PF_MEMLOC : PF_OPAQUE;
            pi->freg = a[0].reg;
        } else if (a[0].imm >= PTX_LOCAL_WIN) { /* a constant in the local window */
            off = (int64_t)(a[0].imm - PTX_LOCAL_WIN);
            pi->fop = a[0].reg < 0 && fits32(off) ? PF_MEMLOC : PF_OPAQUE;
        } else if (a[0].reg >= 0 && fits32(off)) {
            pi->fop = PF_MEMGEN;
            pi->freg = a[0].reg;
        } else
            return;
        pi->fimm = (int32_t)off;
        return;
    }
    if (in->nd != 1 || in->d[0].kind != O_REG || !wide || (in->flags & (F_CC | F_CIN))) return;
    if (in->op == OP_MOV && in->na == 1) {
        if (a[0].kind == O_REG) {
            pi->fop = PF_ADD;
            pi->freg = a[0].reg;
        } else if (a[0].kind == O_IMM && a[0].lsym && fits32((int64_t)a[0].imm)) {
            pi->fop = PF_SYM;
            pi->fimm = (int32_t)a[0].imm;
        }
    } else if (in->op == OP_CVTA && in->space == PS_LOCAL && in->na == 1) {
        int to = (in->flags & F_TO) != 0;
        if (a[0].kind == O_REG) {
            pi->fop = to ? PF_TOLOC : PF_TOGEN;
            pi->freg = a[0].reg;
        } else if (!to && a[0].kind == O_IMM && a[0].lsym && fits32((int64_t)a[0].imm)) {
            pi->fop = PF_SYMGEN;
            pi->fimm = (int32_t)a[0].imm;
        }
    } else if (in->op == OP_CVTA && in->space == PS_SHARED && !(in->flags & F_TO) && in->na == 1) {
        pi->fop = PF_SHGEN;
        if (a[0].kind == O_REG) pi->freg = a[0].reg;
    } else if (in->op == OP_ADD && in->na == 2 && a[0].kind == O_REG && a[1].kind == O_REG) {
        pi->fop = PF_ADDX;
        pi->freg = a[0].reg;
        pi->fimm = a[1].reg;
    } else if ((in->op == OP_ADD || in->op == OP_SUB || in->op == OP_OR) && in->na == 2) {
        int r = a[0].kind == O_REG && a[1].kind == O_IMM ? 0
                : a[1].kind == O_REG && a[0].kind == O_IMM && in->op != OP_SUB ? 1 : -1;
        if (r < 0) return;
        int64_t k = (int64_t)a[1 - r].imm;
        if (!fits32(k)) return;
        if (in->op == OP_SUB) k = -k;
        if (!fits32(k) || (in->op == OP_OR && k < 0)) return;
        pi->fop = in->op == OP_OR ? PF_OR : PF_ADD;
        pi->freg = a[r].reg;
        pi->fimm = (int32_t)k;
    }
}

int ptx_instruction(ptx_ps *s, char *stmt)
{
    char *t = ptx_trim(stmt);
    char full[160];
    snprintf(full, sizeof full, "%s", t);
    if (ptx_insn_room(s)) return -1;
    ptx_ins *in = &s->ins[s->n];
    prog_insn *pi = &s->pins[s->n];
    pi->guard = -1;
    pi->line = s->sline;
    /* guard */
    if (t[0] == '@') {
        char *g = t + 1;
        int neg = 0;
        if (*g == '!') { neg = 1; g++; }
        char *e = g;
        while (*e && !isspace((unsigned char)*e)) e++;
        if (!*e) return ptx_fail(s, s->sline, "guard without an instruction");
        *e = 0;
        int r = ptx_find_reg(s, g);
        if (r < 0) return ptx_fail(s, s->sline, "undeclared guard %s", g);
        if (s->regw[r] != 0) return ptx_fail(s, s->sline, "guard %s is not a predicate", g);
        pi->guard = r;
        pi->guard_neg = (uint8_t)neg;
        t = ptx_trim(e + 1);
    }
    char *opc = t;
    while (*t && !isspace((unsigned char)*t)) t++;
    if (*t) *t++ = 0;
    int uni = 0, barsync = 0;
    if (decode_opcode(s, opc, in, &uni, &barsync)) return -1;
    char *ops[10];
    int n = ptx_split_ops(t, ops, 10);
    if (n < 0) return ptx_fail(s, s->sline, "too many operands");
    if (check_count(s, in, n)) return -1;
    uint8_t ty = in->type;
    switch (in->op) {
    case OP_LD: {
        int k = parse_vec(s, ops[0], in->d, 4);
        if (k < 0) return -1;
        if (k != in->vec) return ptx_fail(s, s->sline, "vector size does not match .v%d", in->vec);
        in->nd = (uint8_t)k;
        if (parse_addr(s, ops[1], in->space, &in->a[0])) return -1;
        in->na = 1;
        break;
    }
    case OP_ST: {
        if (parse_addr(s, ops[0], in->space, &in->a[0])) return -1;
        int k = parse_vec(s, ops[1], &in->a[1], 4);
        if (k < 0) return -1;
        if (k != in->vec) return ptx_fail(s, s->sline, "vector size does not match .v%d", in->vec);
        in->na = (uint8_t)(1 + k);
        break;
    }
    case OP_ATOM:
        if (parse_scalar(s, ops[0], &in->d[0], 0)) return -1;
        in->nd = 1;
        if (parse_addr(s, ops[1], in->space, &in->a[0])) return -1;
        for (int i = 2; i < n; i++)
            if (parse_scalar(s, ops[i], &in->a[i - 1], 0)) return -1;
        in->na = (uint8_t)(n - 1);
        if ((in->aop == A_CAS) != (n == 4)) return ptx_fail(s, s->sline, "atom.cas takes 4 operands, the others 3");
        break;
    case OP_RED:
        if (parse_addr(s, ops[0], in->space, &in->a[0])) return -1;
        if (parse_scalar(s, ops[1], &in->a[1], 0)) return -1;
        in->na = 2;
        if (in->aop == A_CAS || in->aop == A_EXCH) return UNSUP(s, "red.cas/red.exch");
        break;
    case OP_BRA:
        if (parse_scalar(s, ops[0], &in->a[0], 1)) return -1;
        if (in->a[0].kind != O_LABEL) return UNSUP(s, "indirect branch");
        s->pend = ptx_grow(s->pend, &s->cappend, s->npend + 1, sizeof *s->pend);
        snprintf(s->pend[s->npend].name, sizeof s->pend[0].name, "%.63s", ptx_trim(ops[0]));
        s->pend[s->npend].pc = (int)s->n;
        s->pend[s->npend].line = s->sline;
        s->npend++;
        break;
    case OP_BAR: {
        /* bar.sync a{, b}; bar.red.OP d, a{, b}, {!}c: a[0] the barrier,
         * bar.red's predicate a[1] */
        int r = in->cmp != BR_NONE;
        if (r && parse_scalar(s, ops[0], &in->d[0], 0)) return -1;
        in->nd = (uint8_t)r;
        for (int i = r; i < n; i++)
            if (parse_scalar(s, ops[i], &in->a[i - r], 0)) return -1;
        if (in->a[0].kind != O_IMM || in->a[0].imm != 0) return UNSUP(s, "barrier other than 0");
        if (n == 2 + 2 * r) return UNSUP(s, "barrier with a thread count");
        if (r && in->a[1].kind != O_REG)
            return ptx_fail(s, s->sline, "bar.red's operand must be a predicate");
        if (r && reg_fits(s, &in->a[1], T_PRED, "operand")) return -1;
        in->na = (uint8_t)(n - r);
        break;
    }
    case OP_WBAR:
        if (parse_scalar(s, ops[0], &in->a[0], 0)) return -1;
        in->na = 1;
        break;
    case OP_SETP: case OP_SHFL: case OP_MATCH: {
        char *bar = strchr(ops[0], '|');
        if (bar) {
            *bar = 0;
            if (parse_scalar(s, bar + 1, &in->d[1], 0)) return -1;
            in->nd = 2;
        } else in->nd = 1;
        if (parse_scalar(s, ops[0], &in->d[0], 0)) return -1;
        for (int i = 1; i < n; i++)
            if (parse_scalar(s, ops[i], &in->a[i - 1], 0)) return -1;
        in->na = (uint8_t)(n - 1);
        if (in->op == OP_SHFL || in->op == OP_MATCH) break;
        if (!(in->bop & 0x80)) return ptx_fail(s, s->sline, "%s without a comparison", opc);
        if ((in->flags & F_SETV) && in->nd != 1) return ptx_fail(s, s->sline, "set has one destination");
        in->bop &= 0x7f;
        if ((in->bop != B_NONE) != (n == 4)) return ptx_fail(s, s->sline, "setp's combining operand");
        if (n == 4 && reg_fits(s, &in->a[2], T_PRED, "operand")) return -1;
        break;
    }
    case OP_MOV: {
        int k = parse_vec(s, ops[0], in->d, 4);
        if (k < 0) return -1;
        in->nd = (uint8_t)k;
        int j = parse_vec(s, ops[1], in->a, 4);
        if (j < 0) return -1;
        in->na = (uint8_t)j;
        if (k > 1 && j > 1) return ptx_fail(s, s->sline, "bad mov");
        if (k > 1 || j > 1) {
            unsigned parts = (unsigned)(k > 1 ? k : j);
            if (ty == T_NONE || TY_BYTES(ty) % parts || TY_BYTES(ty) / parts < 2)
                return ptx_fail(s, s->sline, "bad vector mov");
        }
        break;
    }
    default:
        if (n > 0) {
            if (parse_scalar(s, ops[0], &in->d[0], 0)) return -1;
            in->nd = 1;
        }
        for (int i = 1; i < n; i++)
            if (parse_scalar(s, ops[i], &in->a[i - 1], 0)) return -1;
        in->na = (uint8_t)(n > 0 ? n - 1 : 0);
    }
    /* types required */
    switch (in->op) {
    case OP_BAR:
        if (in->cmp != BR_NONE && ty != (in->cmp == BR_POPC ? T_U32 : T_PRED))
            return ptx_fail(s, s->sline, "bar.red.%s needs .%s", in->cmp == BR_POPC ? "popc" : in->cmp == BR_AND ? "and" : "or",
                            in->cmp == BR_POPC ? "u32" : "pred");
        if (in->cmp == BR_NONE && ty != T_NONE) return ptx_fail(s, s->sline, "unexpected type");
        break;
    case OP_BRA: case OP_RET: case OP_EXIT: case OP_MEMBAR: case OP_WBAR: case OP_TRAP:
        if (ty != T_NONE) return ptx_fail(s, s->sline, "unexpected type");
        break;
    case OP_CVT:
        if (ty == T_NONE || in->type2 == T_NONE || ty == T_PRED || in->type2 == T_PRED)
            return ptx_fail(s, s->sline, "cvt needs two types");
        break;
    default:
        if (ty == T_NONE) return ptx_fail(s, s->sline, "missing type");
        if (in->type2 != T_NONE && in->op != OP_SLCT && in->op != OP_SETP && in->op != OP_DP4A && in->op != OP_DP2A)
            return ptx_fail(s, s->sline, "two types");
        if (in->op == OP_SETP && !(in->flags & F_SETV) && in->type2 != T_NONE) return ptx_fail(s, s->sline, "two types");
    }
    /* set.CmpOp{.BoolOp}{.ftz}.dtype.stype: setp's compare on stype (kept
     * in type, so every check and the execution below are setp's), its
     * result written as dtype (type2): all ones for .u32/.s32, 1.0 for .f32 */
    if (in->flags & F_SETV) {
        uint8_t dt = in->type, st = in->type2;
        if (st == T_NONE) return ptx_fail(s, s->sline, "set needs two types (.dtype.stype)");
        if (dt != T_U32 && dt != T_S32 && dt != T_F32) {
            if (ptx_half_type(dt)) return UNSUP(s, "set with a half-precision result");
            return ptx_fail(s, s->sline, "set's result type must be .u32, .s32 or .f32");
        }
        if (ptx_half_type(st)) return UNSUP(s, "set on half-precision operands");
        if (st == T_PRED) return ptx_fail(s, s->sline, "set compares numbers, not .pred");
        in->type = ty = st;
        in->type2 = dt;
    }
    /* lop3.b32 d, a, b, c, immLut; dp4a/dp2a{.lo,.hi}.atype.btype d, a, b, c
     * (atype, btype .u32 or .s32) */
    if (in->op == OP_LOP3) {
        if (ty != T_B32) return UNSUP(s, "lop3 other than .b32");
        if (in->a[3].kind != O_IMM || in->a[3].imm > 255) return ptx_fail(s, s->sline, "lop3's table must be an immediate 0..255");
    }
    if (in->op == OP_SAD && TY_KIND(ty) != TK_U && TY_KIND(ty) != TK_S)
        return ptx_fail(s, s->sline, "sad needs an integer type (.u16 .. .s64)");
    if (in->op == OP_DP4A || in->op == OP_DP2A) {
        if ((ty != T_U32 && ty != T_S32) || (in->type2 != T_U32 && in->type2 != T_S32))
            return ptx_fail(s, s->sline, "%s needs two types, each .u32 or .s32", opc);
        if ((in->op == OP_DP2A) == !(in->flags & (F_LO | F_HI)) || (in->flags & (F_LO | F_HI)) == (F_LO | F_HI))
            return ptx_fail(s, s->sline, in->op == OP_DP2A ? "dp2a needs .lo or .hi" : "dp4a takes no .lo/.hi");
    }
    /* the extended-precision forms: add.cc, addc{.cc}, sub.cc, subc{.cc},
     * mad{c}.lo/.hi{.cc} on 32- and 64-bit integers */
    if (in->flags & (F_CC | F_CIN)) {
        if (ty != T_U32 && ty != T_S32 && ty != T_U64 && ty != T_S64)
            return ptx_fail(s, s->sline, "%s%s needs .u32, .s32, .u64 or .s64", opc, (in->flags & F_CC) ? ".cc" : "");
        if (in->flags & (F_SAT | F_WIDE)) return UNSUP(s, "%s%s with .sat or .wide", opc, (in->flags & F_CC) ? ".cc" : "");
    }
    if ((in->op == OP_SHFL || in->op == OP_ACTMASK ||
         (in->op == OP_VOTE && in->cmp == VO_BALLOT)) && ty != T_B32)
        return ptx_fail(s, s->sline, "%s needs .b32", in->op == OP_SHFL ? "shfl.sync" : in->op == OP_VOTE ? "vote.sync.ballot" : "activemask");
    if (in->op == OP_REDUX && (in->aop <= A_MAX ? ty != T_U32 && ty != T_S32 : ty != T_B32))
        return ptx_fail(s, s->sline, "redux.sync.%s needs %s", (const char *[]){"add", "min", "max", "and", "or", "xor"}[in->aop - A_ADD],
                        in->aop <= A_MAX ? ".u32 or .s32" : ".b32");
    if (in->op == OP_MATCH && ty != T_B32 && ty != T_B64)
        return ptx_fail(s, s->sline, "match.sync needs .b32 or .b64");
    if (in->op == OP_MATCH && in->cmp == MA_ANY && in->nd == 2)
        return ptx_fail(s, s->sline, "match.any.sync has no predicate destination");
    if (in->op == OP_VOTE && in->cmp != VO_BALLOT && ty != T_PRED)
        return ptx_fail(s, s->sline, "vote.sync.%s needs .pred", in->cmp == VO_ALL ? "all" : in->cmp == VO_ANY ? "any" : "uni");
    if (in->op == OP_VOTE && (in->a[0].kind != O_REG || reg_fits(s, &in->a[0], T_PRED, "operand")))
        return in->a[0].kind != O_REG ? ptx_fail(s, s->sline, "vote.sync's operand must be a predicate") : -1;
    if (in->op == OP_SLCT && in->type2 != T_S32 && in->type2 != T_F32)
        return ptx_fail(s, s->sline, "slct needs .s32 or .f32 as its second type");
    /* .f16/.bf16 (ptx_half.c): what computes on them is checked there */
    if (ptx_half_type(ty) || ptx_half_type(in->type2)) {
        if (ptx_half_check(s, in, opc)) return -1;
        if (in->flags & F_HALF) goto widths;
    }
    /* refusals */
    /* (rcp.approx.ftz.f64 and rsqrt.approx.ftz.f64 are PTX's f64 forms with
     * .ftz: clang -ffast-math's reciprocal and square root of a double) */
    if ((in->flags & F_FTZ) && in->type != T_F32 && !(in->op == OP_CVT && in->type2 == T_F32) &&
        !(in->op == OP_SETP && in->type == T_F32) &&
        !((in->op == OP_RCP || in->op == OP_RSQRT) && in->type == T_F64 && (in->flags & F_APPROX)))
        return UNSUP(s, ".ftz on a type other than .f32");
    if ((in->flags & F_SAT) && !(in->op == OP_CVT || ((in->op == OP_ADD || in->op == OP_SUB ||
                                                       in->op == OP_MUL || in->op == OP_MAD ||
                                                       in->op == OP_FMA) &&
                                                      (ty == T_F32 || ty == T_S32))))
        return UNSUP(s, ".sat on %s", opc);
    if ((in->op == OP_ADD || in->op == OP_SUB || in->op == OP_MAD) && (in->flags & F_SAT) &&
        ty == T_S32 && in->op == OP_MAD && !(in->flags & F_HI))
        return UNSUP(s, "mad.sat without .hi");
    /* forms the PTX ISA does not define, refused rather than run as
     * something else: integer saturation on mul, a float rem, fma on
     * integers, shf/prmt wider than 32 bits, bfind on anything but
     * u32/s32/u64/s64, a rounding modifier on an integer operation, the
     * integer rounding modifiers (.rni ...) outside cvt */
    if (in->op == OP_MUL && (in->flags & F_SAT) && ty == T_S32) return UNSUP(s, ".sat on %s", opc);
    if ((in->op == OP_REM && TY_KIND(ty) == TK_F) || (in->op == OP_FMA && TY_KIND(ty) != TK_F) ||
        ((in->op == OP_SHF || in->op == OP_PRMT) && TY_BYTES(ty) != 4) ||
        (in->op == OP_BFIND && (TY_KIND(ty) == TK_F || TY_KIND(ty) == TK_B || TY_BYTES(ty) < 4)))
        return UNSUP(s, "%s on .%c%u", opc, "busf"[TY_KIND(ty) & 3], 8 * TY_BYTES(ty));
    if (in->rnd != R_NONE && in->op != OP_CVT && TY_KIND(ty) != TK_F)
        return UNSUP(s, "rounding on an integer %s", opc);
    if (in->rnd >= R_RNI && in->op != OP_CVT) return UNSUP(s, "integer rounding (.rni ...) on %s", opc);
    /* a shift amount, bit position or length is a .u32 (PTX's operand
     * rule: only ld, st and cvt take wider registers); a 64-bit register
     * there would be cut to its low 32 bits, not clamped: an error */
    for (int i = 1; i < in->na; i++)
        if (((in->op == OP_SHL || in->op == OP_SHR) && i == 1) || (in->op == OP_BFE && i >= 1) ||
            (in->op == OP_BFI && i >= 2) || (in->op == OP_SHF && i == 2))
            if (in->a[i].kind == O_REG && s->regw[in->a[i].reg] > 4)
                return ptx_fail(s, s->sline, "operand %s of %s is wider than .u32", s->regname[in->a[i].reg], opc);
    if ((in->op == OP_SIN || in->op == OP_COS || in->op == OP_LG2 || in->op == OP_EX2 ||
         in->op == OP_TANH || in->op == OP_RSQRT) && !(in->flags & F_APPROX))
        return ptx_fail(s, s->sline, "%s needs .approx", opc);
    if ((in->op == OP_SIN || in->op == OP_COS || in->op == OP_LG2 || in->op == OP_EX2 ||
         in->op == OP_TANH) && ty != T_F32)
        return UNSUP(s, "%s on a type other than .f32", opc);
    if ((in->op == OP_ATOM || in->op == OP_RED)) {
        if (in->space == PS_LOCAL || in->space == PS_PARAM) return UNSUP(s, "atom on .local/.param");
        if (in->aop == A_NONE) return ptx_fail(s, s->sline, "atom without an operation");
        if (in->vec != 1) return UNSUP(s, "vector atom");
        if (TY_BYTES(ty) < 4) return UNSUP(s, "atom narrower than 32 bits");
        if (TY_KIND(ty) == TK_F && in->aop != A_ADD && in->aop != A_EXCH && in->aop != A_MIN &&
            in->aop != A_MAX)
            return UNSUP(s, "atom.%s on a float", opc);
        if ((in->aop == A_INC || in->aop == A_DEC) && ty != T_U32) return UNSUP(s, "atom.inc/dec other than .u32");
    }
    if (in->op == OP_ST && in->space == PS_PARAM) return UNSUP(s, "st.param to a kernel parameter");
    if ((in->op == OP_LD || in->op == OP_ST) && ty == T_PRED) return ptx_fail(s, s->sline, "ld/st of .pred");
    if (in->vec != 1 && in->op != OP_LD && in->op != OP_ST) return UNSUP(s, ".v%d on %s", in->vec, opc);
    if (in->op == OP_CVTA && in->space != PS_GLOBAL && in->space != PS_SHARED && in->space != PS_LOCAL)
        return UNSUP(s, "cvta to or from this space");
    if (in->op == OP_CVTA && ty != T_U64 && ty != T_U32) return ptx_fail(s, s->sline, "cvta needs .u32 or .u64");
    if ((in->op == OP_TESTP || in->op == OP_COPYSIGN) && TY_KIND(ty) != TK_F)
        return ptx_fail(s, s->sline, "%s needs a float type", opc);
    if (in->op == OP_MAD && TY_KIND(ty) != TK_F && !(in->flags & (F_HI | F_LO | F_WIDE)))
        return ptx_fail(s, s->sline, "mad needs .lo, .hi or .wide");
    if (in->op == OP_MUL && TY_KIND(ty) != TK_F && !(in->flags & (F_HI | F_LO | F_WIDE)))
        return ptx_fail(s, s->sline, "mul needs .lo, .hi or .wide");
    if ((in->flags & F_WIDE) && TY_BYTES(ty) != 2 && TY_BYTES(ty) != 4)
        return ptx_fail(s, s->sline, ".wide needs a 16- or 32-bit type");
    if ((in->op == OP_ADD || in->op == OP_SUB) && (in->flags & (F_HI | F_LO)))
        return UNSUP(s, "add.cc/addc forms");
    if (in->op == OP_MOV && (ty == T_PRED) && (in->nd != 1 || in->na != 1)) return ptx_fail(s, s->sline, "bad mov");
    /* register widths (half-precision arithmetic joins here) */
widths:;
    uint8_t dty = ty;
    if (in->op == OP_SETP || in->op == OP_TESTP) dty = (in->flags & F_SETV) ? in->type2 : T_PRED;
    if (in->op == OP_CVT) dty = ty;
    if (in->flags & F_WIDE) dty = (uint8_t)(ty + 1);
    if (in->op == OP_BFE || in->op == OP_POPC || in->op == OP_CLZ || in->op == OP_BFIND)
        dty = in->op == OP_BFE ? ty : T_U32;
    if (in->op == OP_MATCH) dty = T_B32; /* the lanes' mask, whatever the compared type */
    if (in->op != OP_MOV || in->nd == 1)
        for (int i = 0; i < in->nd; i++)
            if (in->op != OP_ATOM || in->d[i].kind != O_SINK)
                if (reg_fits(s, &in->d[i], in->op == OP_LD && TY_BYTES(ty) < 4 ? ty
                                           : (in->op == OP_SHFL || in->op == OP_MATCH) && i == 1 ? T_PRED : dty,
                             "destination"))
                    return -1;
    for (int i = 0; i < in->nd; i++)
        if (in->d[i].kind != O_REG && !(in->d[i].kind == O_SINK &&
                                        (in->op == OP_ATOM || in->op == OP_SETP)))
            return ptx_fail(s, s->sline, "destination must be a register");
    /* float immediates become bits of the instruction's type; integer ones
     * in a float operation become that value */
    for (int i = 0; i < in->na; i++) {
        ptx_opnd *o = &in->a[i];
        uint8_t oty = in->op == OP_CVT ? in->type2 : ty;
        if (in->op == OP_SELP && i == 2) continue;
        if (in->op == OP_SLCT && i == 2) oty = in->type2;
        if ((in->op == OP_SHL || in->op == OP_SHR || in->op == OP_BFE || in->op == OP_BFI) && i >= 1)
            oty = T_U32;
        if (o->kind != O_IMM) continue;
        if (o->fimm == 1 || ((o->fimm == 32 || o->fimm == 64) && TY_BYTES(oty) != (unsigned)o->fimm / 8)) {
            double d;
            if (o->fimm == 1) memcpy(&d, &o->imm, 8);
            else if (o->fimm == 32) {
                float f;
                uint32_t u = (uint32_t)o->imm;
                memcpy(&f, &u, 4);
                d = f;
            } else memcpy(&d, &o->imm, 8);
            if (oty == T_F32) {
                float f = (float)d;
                uint32_t u;
                memcpy(&u, &f, 4);
                o->imm = u;
            } else if (oty == T_F64) memcpy(&o->imm, &d, 8);
            else if (oty == T_F16 || oty == T_BF16) o->imm = ptx_h_from_double(d, oty == T_BF16 ? PTX_H_BF16 : PTX_H_F16, PTX_H_RN);
            else return ptx_fail(s, s->sline, "float literal in an integer operation");
        } else if (!o->fimm && (TY_KIND(oty) == TK_F || oty == T_F16 || oty == T_BF16) && in->op != OP_MOV) {
            double d = (double)(int64_t)o->imm;
            if (oty == T_F16 || oty == T_BF16) o->imm = ptx_h_from_double(d, oty == T_BF16 ? PTX_H_BF16 : PTX_H_F16, PTX_H_RN);
            else if (oty == T_F32) {
                float f = (float)d;
                uint32_t u;
                memcpy(&u, &f, 4);
                o->imm = u;
            } else memcpy(&o->imm, &d, 8);
        }
        o->fimm = 0;
    }
    /* the carry (CC.CF) is a hidden predicate register of the function,
     * %__cc: written by the .cc forms (d[1]), read by addc/subc/madc (the
     * last source), so the scoreboard and every mechanism see the chain */
    if (in->flags & (F_CC | F_CIN)) {
        int cc = ptx_find_reg(s, "%__cc");
        if (cc < 0) {
            char decl[] = ".reg .pred %__cc";
            if (ptx_declare_regs(s, decl)) return -1;
            cc = ptx_find_reg(s, "%__cc");
        }
        if (in->flags & F_CIN) in->a[in->na++] = (ptx_opnd){.kind = O_REG, .reg = cc};
        if (in->flags & F_CC) in->d[in->nd++] = (ptx_opnd){.kind = O_REG, .reg = cc};
    }
    /* prog_insn */
    pi->unit = unit_of(in);
    pi->space = (in->op == OP_LD || in->op == OP_ST || in->op == OP_ATOM || in->op == OP_RED)
                    ? (in->space == PS_NONE ? PS_GLOBAL : in->space)
                    : PS_NONE;
    pi->bytes = (pi->unit == PU_LD || pi->unit == PU_ST || pi->unit == PU_ATOM) ? (uint8_t)TY_BYTES(ty) : 0;
    if (pi->guard >= 0) add_src(pi, pi->guard);
    for (int i = 0; i < in->na; i++)
        if (in->a[i].kind == O_REG || (in->a[i].kind == O_MEM && in->a[i].reg >= 0)) add_src(pi, in->a[i].reg);
    for (int i = 0; i < in->nd; i++)
        if (in->d[i].kind == O_REG) pi->dst[pi->ndst++] = (uint16_t)in->d[i].reg;
    frame_view(in, pi);
    /* the address (ref_taint.c's taint widening) */
    if ((in->op == OP_LD || in->op == OP_ST || in->op == OP_ATOM || in->op == OP_RED) &&
        in->a[0].kind == O_MEM && fits32((int64_t)in->a[0].imm)) {
        unsigned ab = TY_BYTES(ty) * (in->vec > 1 ? in->vec : 1);
        pi->areg = in->a[0].reg >= 0 ? in->a[0].reg + 1 : -1;
        pi->aoff = (int32_t)(int64_t)in->a[0].imm;
        pi->abytes = (uint8_t)(ab < 255 ? ab : 0);
        pi->ageneric = in->space == PS_NONE;
    }
    /* a predicated-off instruction leaves its destinations: the SM must
     * treat them as read (a merge) -- they are not added as sources, the
     * scoreboard orders a write after a write on its own */
    /* the divergence analysis' seeds (prog_analyse): thread-dependent
     * special registers, loads from anything but .param, atomics */
    for (int i = 0; i < in->na; i++)
        if (in->a[i].kind == O_SREG && (in->a[i].sreg == SR_TID || in->a[i].sreg == SR_LANEID ||
                                        in->a[i].sreg == SR_WARPID || in->a[i].sreg == SR_CLOCK ||
                                        in->a[i].sreg == SR_CLOCK64))
            pi->varying = 1;
    if ((in->op == OP_LD && in->space != PS_PARAM) || in->op == OP_ATOM) pi->varying = 1;
    pi->last_wins = in->op == OP_ATOM && (in->aop == A_CAS || in->aop == A_EXCH);
    if ((in->op == OP_ATOM || in->op == OP_RED) && in->aop == A_ADD &&
        (TY_KIND(ty) == TK_F || TY_KIND(ty) == TK_H || TY_KIND(ty) == TK_BH))
        pi->fadd = ty == T_F32 ? 4 : ty == T_F64 ? 8 : 1;
    /* a warp-synchronous result depends on the other lanes' values */
    if (in->op == OP_SHFL || in->op == OP_VOTE || in->op == OP_ACTMASK || in->op == OP_WBAR ||
        in->op == OP_REDUX || in->op == OP_MATCH)
        pi->wsync = in->op == OP_ACTMASK ? 2 : 1;
    if (in->op == OP_SHFL || in->op == OP_VOTE || in->op == OP_ACTMASK || in->op == OP_REDUX ||
        in->op == OP_MATCH)
        pi->varying = 1;
    (void)uni; /* bra.uni: prog_analyse decides uniformity itself */
    pi->target = -1;
    pi->rpc = -1;
    /* disassembly */
    char *c = full;
    size_t k = 0;
    int sp = 0;
    while (*c && k + 1 < sizeof pi->text) {
        if (isspace((unsigned char)*c)) {
            if (!sp) pi->text[k++] = ' ';
            sp = 1;
        } else {
            pi->text[k++] = *c;
            sp = 0;
        }
        c++;
    }
    pi->text[k] = 0;
    s->n++;
    if (in->op == OP_BAR && in->cmp != BR_NONE) return bar_red_result(s);
    return 0;
}

/* ------------------------------------------------------------ entry */
