/* SPDX-License-Identifier: Apache-2.0 */
#define _POSIX_C_SOURCE 200809L
/*
 * kernel.c -- .k parser, CFG, immediate post-dominators, static checks and
 * the one-instruction interpreter shared by the reference and every
 * mechanism (see kernel.h).
 */
#include "kernel.h"
#include "prog.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const op_names[K_NOPS] = {"mov", "add", "sub", "mul", "and", "or",
                                             "xor", "shl", "shr", "min", "max", "setp",
                                             "bra", "ld",  "st",  "bar", "exit"};
static const char *const cmp_names[6] = {"eq", "ne", "lt", "le", "gt", "ge"};

const char *kernel_op_name(unsigned op) { return op < K_NOPS ? op_names[op] : "?"; }
const char *kernel_cmp_name(unsigned cmp) { return cmp < 6 ? cmp_names[cmp] : "?"; }

typedef struct {
    const char *file;
    int line;
    char *err;
    size_t errlen;
    int failed;
} pctx;

static int perr(pctx *c, int line, const char *fmt, ...)
{
    if (c->failed)
        return -1;
    int n = snprintf(c->err, c->errlen, "%s:%d: ", c->file, line);
    va_list ap;
    va_start(ap, fmt);
    if (n >= 0 && (size_t)n < c->errlen)
        vsnprintf(c->err + n, c->errlen - (size_t)n, fmt, ap);
    va_end(ap);
    c->failed = 1;
    return -1;
}

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t l = strlen(s);
    while (l && isspace((unsigned char)s[l - 1]))
        s[--l] = 0;
    return s;
}

/* Integer: decimal (optionally negative) or 0x hex; fits in 32 bits. */
static int parse_int(const char *s, uint32_t *v)
{
    int neg = 0;
    if (*s == '-') {
        neg = 1;
        s++;
    } else if (*s == '+')
        s++;
    if (!*s)
        return -1;
    char *end;
    errno = 0;
    unsigned long long x;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        if (!isxdigit((unsigned char)s[2]))
            return -1;
        x = strtoull(s + 2, &end, 16);
    } else {
        if (!isdigit((unsigned char)*s))
            return -1;
        x = strtoull(s, &end, 10);
    }
    if (*end || errno)
        return -1;
    if (neg ? x > 0x80000000ull : x > 0xffffffffull)
        return -1;
    *v = neg ? (uint32_t)(0u - (uint32_t)x) : (uint32_t)x;
    return 0;
}

static int parse_reg(pctx *c, const char *s, char letter, unsigned max, unsigned *out)
{
    if (s[0] != letter || !isdigit((unsigned char)s[1]))
        return 1; /* not this kind */
    uint32_t v;
    if (parse_int(s + 1, &v) || s[1] == '-' || s[1] == '+')
        return perr(c, c->line, "bad operand '%s'", s);
    if (v >= max)
        return perr(c, c->line, "%s out of range (%c0..%c%u)", s, letter, letter, max - 1);
    *out = v;
    return 0;
}

static int parse_operand(pctx *c, const char *s, k_operand *o, int reg_only)
{
    unsigned r = 0;
    int rc = parse_reg(c, s, 'r', K_REGS, &r);
    if (rc < 0)
        return -1;
    if (rc == 0) {
        o->kind = KO_REG;
        o->v = r;
        return 0;
    }
    if (reg_only)
        return perr(c, c->line, "expected a register r0..r%d, got '%s'", K_REGS - 1, s);
    if (!strcmp(s, "%tid"))
        o->kind = KO_TID;
    else if (!strcmp(s, "%ntid"))
        o->kind = KO_NTID;
    else if (!strcmp(s, "%lane"))
        o->kind = KO_LANE;
    else if (!strcmp(s, "%warp"))
        o->kind = KO_WARP;
    else if (s[0] == '%')
        return perr(c, c->line, "unknown special register '%s' (%%tid %%ntid %%lane %%warp)", s);
    else if (s[0] == 'p' && isdigit((unsigned char)s[1]))
        return perr(c, c->line, "a predicate ('%s') is not a value operand", s);
    else {
        uint32_t v;
        if (parse_int(s, &v))
            return perr(c, c->line, "bad operand '%s'", s);
        o->kind = KO_IMM;
        o->v = v;
    }
    return 0;
}

static int parse_pred(pctx *c, const char *s, unsigned *out)
{
    int rc = parse_reg(c, s, 'p', K_PREDS, out);
    if (rc > 0)
        return perr(c, c->line, "expected a predicate p0..p%d, got '%s'", K_PREDS - 1, s);
    return rc;
}

/* [rA], [rA+IMM], [rA-IMM] */
static int parse_addr(pctx *c, const char *s, k_operand *base, int32_t *off)
{
    size_t l = strlen(s);
    if (l < 3 || s[0] != '[' || s[l - 1] != ']')
        return perr(c, c->line, "expected an address [rA+IMM], got '%s'", s);
    char buf[64];
    if (l - 2 >= sizeof buf)
        return perr(c, c->line, "bad address '%s'", s);
    memcpy(buf, s + 1, l - 2);
    buf[l - 2] = 0;
    char *pm = NULL;
    for (char *q = buf + 1; *q; q++)
        if (*q == '+' || *q == '-') {
            pm = q;
            break;
        }
    *off = 0;
    if (pm) {
        uint32_t v;
        char sign = *pm;
        *pm = 0;
        char *num = trim(pm + 1);
        if (parse_int(num, &v) || num[0] == '-' || num[0] == '+')
            return perr(c, c->line, "bad address offset in '%s'", s);
        if (v > 0x7fffffffu)
            return perr(c, c->line, "address offset out of range in '%s'", s);
        *off = sign == '-' ? -(int32_t)v : (int32_t)v;
    }
    return parse_operand(c, trim(buf), base, 1);
}

/* Splits "a, b, c" into at most 4 trimmed fields; returns the count. */
static int split_ops(char *s, char **f, int max)
{
    int n = 0;
    s = trim(s);
    if (!*s)
        return 0;
    for (;;) {
        char *comma = strchr(s, ',');
        if (n == max)
            return max + 1;
        if (comma)
            *comma = 0;
        f[n++] = trim(s);
        if (!comma)
            break;
        s = comma + 1;
    }
    return n;
}

static int valid_label(const char *s)
{
    if (!(isalpha((unsigned char)*s) || *s == '_' || *s == '.'))
        return 0;
    for (; *s; s++)
        if (!(isalnum((unsigned char)*s) || *s == '_' || *s == '.'))
            return 0;
    return 1;
}

typedef struct {
    char name[32];
    int pc, line;
} label_def;

typedef struct {
    int insn;
    char name[32];
} label_ref;

int kernel_parse(const char *name, const char *text, kernel *k, char *err, size_t errlen)
{
    memset(k, 0, sizeof *k);
    snprintf(k->file, sizeof k->file, "%s", name);
    pctx c = {name, 0, err, errlen, 0};
    err[0] = 0;
    size_t cap = 64, nlab = 0, nref = 0, capl = 16, capr = 16;
    k->ins = calloc(cap, sizeof *k->ins);
    label_def *labs = calloc(capl, sizeof *labs);
    label_ref *refs = calloc(capr, sizeof *refs);
    char *copy = strdup(text);
    int threads_line = 0, mem_line = 0, have_kernel = 0, last_line = 1;
    struct data_line {
        int line;
        uint32_t addr;
        uint32_t *v;
        unsigned n;
    } *datas = NULL;
    size_t ndata = 0;
    char *save = NULL;
    int line = 0;
    for (char *ln = copy; ln && !c.failed; ln = save) {
        save = strchr(ln, '\n');
        if (save)
            *save++ = 0;
        line++;
        c.line = line;
        char *hash = strchr(ln, '#');
        if (hash)
            *hash = 0;
        char *s = trim(ln);
        if (!*s)
            continue;
        last_line = line;
        /* labels */
        for (;;) {
            char *colon = strchr(s, ':');
            if (!colon)
                break;
            char *sp = s;
            while (*sp && !isspace((unsigned char)*sp) && sp < colon)
                sp++;
            if (sp != colon)
                break; /* a colon later on the line: not a label */
            *colon = 0;
            if (!valid_label(s) || strlen(s) >= 32) {
                perr(&c, line, "bad label '%s'", s);
                break;
            }
            for (size_t i = 0; i < nlab; i++)
                if (!strcmp(labs[i].name, s)) {
                    perr(&c, line, "label '%s' already defined at line %d", s, labs[i].line);
                    break;
                }
            if (nlab == capl)
                labs = realloc(labs, (capl *= 2) * sizeof *labs);
            snprintf(labs[nlab].name, 32, "%s", s);
            labs[nlab].pc = (int)k->n;
            labs[nlab].line = line;
            nlab++;
            s = trim(colon + 1);
        }
        if (c.failed || !*s)
            continue;
        char *rest = s;
        while (*rest && !isspace((unsigned char)*rest))
            rest++;
        if (*rest)
            *rest++ = 0;
        rest = trim(rest);
        if (s[0] == '.') {
            char *f[260];
            int nf = 0;
            for (char *t = strtok(rest, " \t"); t; t = strtok(NULL, " \t")) {
                if (nf == 258) {
                    perr(&c, line, ".data: at most 256 values per line");
                    break;
                }
                f[nf++] = t;
            }
            if (c.failed)
                break;
            uint32_t v;
            if (!strcmp(s, ".kernel")) {
                if (nf != 1 || strlen(f[0]) >= sizeof k->name || !valid_label(f[0]))
                    perr(&c, line, ".kernel takes one name (letters, digits, _ and .)");
                else if (have_kernel)
                    perr(&c, line, ".kernel given twice");
                else {
                    snprintf(k->name, sizeof k->name, "%s", f[0]);
                    have_kernel = 1;
                    k->kernel_line = line;
                }
            } else if (!strcmp(s, ".threads")) {
                if (nf != 1 || parse_int(f[0], &v) || v < 1 || v > K_MAX_THREADS)
                    perr(&c, line, ".threads takes a count 1..%d", K_MAX_THREADS);
                else if (threads_line)
                    perr(&c, line, ".threads given twice (line %d)", threads_line);
                else {
                    k->threads = v;
                    threads_line = line;
                }
            } else if (!strcmp(s, ".mem")) {
                if (nf != 1 || parse_int(f[0], &v) || v < 1 || v > K_MAX_MEM)
                    perr(&c, line, ".mem takes a word count 1..%u", K_MAX_MEM);
                else if (mem_line)
                    perr(&c, line, ".mem given twice (line %d)", mem_line);
                else {
                    k->mem_words = v;
                    mem_line = line;
                }
            } else if (!strcmp(s, ".data")) {
                if (nf < 2)
                    perr(&c, line, ".data takes an address and at least one value");
                else if (parse_int(f[0], &v) || f[0][0] == '-')
                    perr(&c, line, ".data: bad address '%s'", f[0]);
                else {
                    datas = realloc(datas, (ndata + 1) * sizeof *datas);
                    datas[ndata].line = line;
                    datas[ndata].addr = v;
                    datas[ndata].n = (unsigned)nf - 1;
                    datas[ndata].v = calloc((size_t)nf, sizeof(uint32_t));
                    for (int i = 1; i < nf; i++)
                        if (parse_int(f[i], &datas[ndata].v[i - 1])) {
                            perr(&c, line, ".data: bad value '%s'", f[i]);
                            break;
                        }
                    ndata++;
                }
            } else
                perr(&c, line, "unknown directive '%s' (.kernel .threads .mem .data)", s);
            continue;
        }
        /* instruction */
        if (k->n >= K_MAX_INSNS) {
            perr(&c, line, "too many instructions (at most %d)", K_MAX_INSNS);
            break;
        }
        if (k->n == cap)
            k->ins = realloc(k->ins, (cap *= 2) * sizeof *k->ins);
        k_insn *in = &k->ins[k->n];
        memset(in, 0, sizeof *in);
        in->line = line;
        in->guard = -1;
        in->target = -1;
        char *opw = s;
        if (opw[0] == '@') {
            unsigned p;
            int neg = opw[1] == '!';
            if (parse_pred(&c, opw + 1 + neg, &p))
                break;
            in->guard = (int8_t)p;
            in->guard_neg = (uint8_t)neg;
            opw = rest;
            rest = opw;
            while (*rest && !isspace((unsigned char)*rest))
                rest++;
            if (*rest)
                *rest++ = 0;
            rest = trim(rest);
            if (strcmp(opw, "bra")) {
                perr(&c, line, "only bra may be predicated (got '@p %s')", opw);
                break;
            }
        }
        char *f[5];
        int nf = split_ops(rest, f, 4);
        int op = -1;
        char *dot = strchr(opw, '.');
        if (dot && !strncmp(opw, "setp.", 5)) {
            op = K_SETP;
            int cm = -1;
            for (int i = 0; i < 6; i++)
                if (!strcmp(dot + 1, cmp_names[i]))
                    cm = i;
            if (cm < 0) {
                perr(&c, line, "unknown comparison '%s' (eq ne lt le gt ge)", dot + 1);
                break;
            }
            in->cmp = (uint8_t)cm;
        } else {
            for (int i = 0; i < K_NOPS; i++)
                if (i != K_SETP && !strcmp(opw, op_names[i]))
                    op = i;
            if (op < 0) {
                if (!strcmp(opw, "setp"))
                    perr(&c, line, "setp needs a comparison (setp.eq ...)");
                else
                    perr(&c, line, "unknown op '%s'", opw);
                break;
            }
        }
        in->op = (uint8_t)op;
        unsigned r;
        switch (op) {
        case K_MOV:
            if (nf != 2) {
                perr(&c, line, "mov takes rD, A");
                break;
            }
            if (parse_operand(&c, f[0], &in->a, 1))
                break;
            in->dst = (uint8_t)in->a.v;
            parse_operand(&c, f[1], &in->a, 0);
            break;
        case K_SETP:
            if (nf != 3) {
                perr(&c, line, "setp takes pN, A, B");
                break;
            }
            if (parse_pred(&c, f[0], &r))
                break;
            in->dst = (uint8_t)r;
            if (!parse_operand(&c, f[1], &in->a, 0))
                parse_operand(&c, f[2], &in->b, 0);
            break;
        case K_BRA:
            if (nf != 1 || !valid_label(f[0]) || strlen(f[0]) >= 32) {
                perr(&c, line, "bra takes a label");
                break;
            }
            if (nref == capr)
                refs = realloc(refs, (capr *= 2) * sizeof *refs);
            refs[nref].insn = (int)k->n;
            snprintf(refs[nref].name, 32, "%s", f[0]);
            nref++;
            break;
        case K_LD:
            if (nf != 2) {
                perr(&c, line, "ld takes rD, [rA+IMM]");
                break;
            }
            if (parse_operand(&c, f[0], &in->b, 1))
                break;
            in->dst = (uint8_t)in->b.v;
            in->b.kind = KO_NONE;
            parse_addr(&c, f[1], &in->a, &in->off);
            break;
        case K_ST:
            if (nf != 2) {
                perr(&c, line, "st takes [rA+IMM], rS");
                break;
            }
            if (!parse_addr(&c, f[0], &in->a, &in->off))
                parse_operand(&c, f[1], &in->b, 0);
            break;
        case K_BAR:
        case K_EXIT:
            if (nf != 0)
                perr(&c, line, "%s takes no operands", op_names[op]);
            break;
        default: /* binary ALU */
            if (nf != 3) {
                perr(&c, line, "%s takes rD, A, B", op_names[op]);
                break;
            }
            if (parse_operand(&c, f[0], &in->a, 1))
                break;
            in->dst = (uint8_t)in->a.v;
            if (!parse_operand(&c, f[1], &in->a, 0))
                parse_operand(&c, f[2], &in->b, 0);
            break;
        }
        k->n++;
    }
    free(copy);
    if (!c.failed) {
        for (size_t i = 0; i < nref && !c.failed; i++) {
            int pc = -1;
            for (size_t j = 0; j < nlab; j++)
                if (!strcmp(labs[j].name, refs[i].name))
                    pc = labs[j].pc;
            if (pc < 0)
                perr(&c, k->ins[refs[i].insn].line, "undefined label '%s'", refs[i].name);
            else if (pc >= (int)k->n)
                perr(&c, k->ins[refs[i].insn].line, "label '%s' is past the last instruction",
                     refs[i].name);
            else
                k->ins[refs[i].insn].target = pc;
        }
    }
    int hdr = k->kernel_line ? k->kernel_line : 1;
    if (!c.failed && !have_kernel)
        perr(&c, 1, "missing .kernel NAME");
    if (!c.failed && !threads_line)
        perr(&c, hdr, "missing .threads");
    if (!c.failed && !mem_line)
        perr(&c, hdr, "missing .mem");
    if (!c.failed && k->n == 0)
        perr(&c, last_line, "no instructions");
    if (!c.failed) {
        k->mem_init = calloc(k->mem_words, sizeof(uint32_t));
        for (size_t i = 0; i < ndata && !c.failed; i++) {
            if ((uint64_t)datas[i].addr + datas[i].n > k->mem_words)
                perr(&c, datas[i].line, ".data: words %u..%u outside .mem %u", datas[i].addr,
                     datas[i].addr + datas[i].n - 1, k->mem_words);
            else
                memcpy(k->mem_init + datas[i].addr, datas[i].v, datas[i].n * sizeof(uint32_t));
        }
    }
    for (size_t i = 0; i < ndata; i++)
        free(datas[i].v);
    free(datas);
    k->label = calloc(k->n + 1, sizeof *k->label);
    for (size_t j = 0; j < nlab; j++)
        if (labs[j].pc <= (int)k->n && !k->label[labs[j].pc][0])
            snprintf(k->label[labs[j].pc], 32, "%s", labs[j].name);
    free(labs);
    free(refs);
    if (c.failed) {
        kernel_free(k); /* the caller gets an empty kernel, as on success it must free it */
        return -1;
    }

    /* ---- scoreboard ids */
    int n = (int)k->n;
    for (int pc = 0; pc < n; pc++) {
        k_insn *in = &k->ins[pc];
        in->rpc = -1;
        in->src_sb[0] = in->src_sb[1] = in->src_sb[2] = -1;
        in->dst_sb = -1;
        int ns = 0;
        if (in->a.kind == KO_REG)
            in->src_sb[ns++] = (int8_t)in->a.v;
        if (in->b.kind == KO_REG)
            in->src_sb[ns++] = (int8_t)in->b.v;
        if (in->op == K_BRA && in->guard >= 0)
            in->src_sb[ns++] = (int8_t)(K_REGS + in->guard);
        else if (in->op == K_SETP)
            in->dst_sb = (int8_t)(K_REGS + in->dst);
        else if (in->op != K_BRA && in->op != K_EXIT && in->op != K_ST && in->op != K_BAR)
            in->dst_sb = (int8_t)in->dst;
    }
    /* ---- the control-flow and divergence analysis: prog_analyse on the
     * lowered program (one analysis for every front end), its results kept
     * in the kernel for kernel_show_cfg and the tests */
    prog p;
    if (kernel_to_prog(k, &p, err, errlen)) {
        kernel_free(k);
        return -1;
    }
    size_t rows = (size_t)n + 1;
    k->succ = malloc(rows * sizeof *k->succ);
    memcpy(k->succ, p.succ, rows * sizeof *k->succ);
    k->ipdom = malloc(rows * sizeof(int));
    memcpy(k->ipdom, p.ipdom, rows * sizeof(int));
    k->reachable = malloc(rows);
    memcpy(k->reachable, p.reachable, rows);
    k->is_rpc = malloc(rows);
    memcpy(k->is_rpc, p.is_rpc, rows);
    k->sync_div = malloc(rows * sizeof(int));
    memcpy(k->sync_div, p.sync_div, rows * sizeof(int));
    k->prio = malloc(rows * sizeof(unsigned));
    memcpy(k->prio, p.prio, rows * sizeof(unsigned));
    k->div_branch = calloc(rows, 1);
    for (int pc = 0; pc < n; pc++)
        if (k->ins[pc].op == K_BRA) {
            k->ins[pc].rpc = p.ins[pc].rpc;
            k->div_branch[pc] = k->ins[pc].guard >= 0 && !p.ins[pc].uniform;
        }
    prog_free(&p);
    return 0;
}

int kernel_load(const char *path, kernel *k, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        memset(k, 0, sizeof *k);
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return -1;
    }
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap);
    size_t r;
    while (buf && (r = fread(buf + len, 1, cap - len - 1, f)) > 0) {
        len += r;
        if (len + 1 == cap) {
            char *nb = realloc(buf, cap *= 2);
            if (!nb)
                free(buf);
            buf = nb;
        }
    }
    fclose(f);
    if (!buf || memchr(buf, 0, len)) {
        memset(k, 0, sizeof *k);
        snprintf(err, errlen, "%s: %s", path, buf ? "not a text file (NUL byte)" : "out of memory");
        free(buf);
        return -1;
    }
    buf[len] = 0;
    int rc = kernel_parse(path, buf, k, err, errlen);
    free(buf);
    return rc;
}

void kernel_free(kernel *k)
{
    free(k->ins);
    free(k->mem_init);
    free(k->label);
    free(k->succ);
    free(k->ipdom);
    free(k->reachable);
    free(k->div_branch);
    free(k->is_rpc);
    free(k->sync_div);
    free(k->prio);
    memset(k, 0, sizeof *k);
}

void kernel_show_cfg(const kernel *k, void *file)
{
    FILE *f = file;
    fprintf(f, "kernel %s: %u instructions, %u threads, %u words of memory; exit = pc %u\n",
            k->name, k->n, k->threads, k->mem_words, k->n);
    prog p;
    char err[256];
    if (kernel_to_prog(k, &p, err, sizeof err)) {
        /* kernel_load already lowered it once: cannot fail here */
        fprintf(f, "%s\n", err);
        return;
    }
    prog_show_cfg(&p, f);
    prog_free(&p);
}

static uint32_t opval(const kernel *k, const k_operand *o, unsigned tid, unsigned lanes,
                      const uint32_t *r)
{
    switch (o->kind) {
    case KO_REG:
        return r[o->v];
    case KO_IMM:
        return o->v;
    case KO_TID:
        return tid;
    case KO_NTID:
        return k->threads;
    case KO_LANE:
        return tid % lanes;
    case KO_WARP:
        return tid / lanes;
    default:
        return 0;
    }
}

int kernel_next_pc(const kernel *k, int pc, const uint8_t *p)
{
    const k_insn *in = &k->ins[pc];
    if (in->op == K_EXIT)
        return (int)k->n;
    if (in->op != K_BRA)
        return pc + 1;
    if (in->guard < 0)
        return in->target;
    return (p[in->guard] ^ in->guard_neg) ? in->target : pc + 1;
}

int kernel_exec(const kernel *k, int pc, unsigned tid, unsigned lanes, uint32_t *r, uint8_t *p,
                uint32_t *mem, int *wr, uint32_t *wval, int *taken)
{
    const k_insn *in = &k->ins[pc];
    uint32_t a = opval(k, &in->a, tid, lanes, r);
    uint32_t b = opval(k, &in->b, tid, lanes, r);
    uint32_t v = 0;
    *wr = in->dst_sb;
    *taken = 0;
    switch (in->op) {
    case K_SETP:
        v = kernel_alu(K_SETP, in->cmp, a, b);
        p[in->dst] = (uint8_t)v;
        *wval = v;
        return pc + 1;
    case K_LD:
        v = mem[(uint32_t)(a + (uint32_t)in->off) % k->mem_words];
        break;
    case K_ST:
        mem[(uint32_t)(a + (uint32_t)in->off) % k->mem_words] = b;
        return pc + 1;
    case K_BRA: {
        *taken = in->guard < 0 || (p[in->guard] ^ in->guard_neg) != 0;
        return kernel_next_pc(k, pc, p);
    }
    case K_BAR:
        return pc + 1;
    case K_EXIT:
        return (int)k->n;
    default:
        v = kernel_alu(in->op, in->cmp, a, b);
        break;
    }
    r[in->dst] = v;
    *wval = v;
    return pc + 1;
}
