/* SPDX-License-Identifier: Apache-2.0 */
/*
 * mutate_gen.c -- operator mutants of a Verilog file, for tools/mutate.sh
 * (issue 11 item 13).  One mutant changes one operator occurrence:
 *
 *   eq    == <-> !=             logic  && <-> ||        bit  & <-> | (binary
 *                                                        or reduction)
 *   xor   ^ -> | (binary or reduction; not ~^ or ^~): a kind of its own,
 *         so the bit mutants' OCC numbers and keys are unchanged
 *   inc   + 1 <-> - 1 (1 written as 1, 1'b1, N'd1, N'b1, N'h1)
 *   const N'b0 <-> N'b1, N'd0 <-> N'd1, N'h0 <-> N'h1
 *   neg   a ! or ~ dropped
 *   swap  the two operands of <, <=, >, >= swapped (simple operands only:
 *         names, sized numbers, with one optional [index] each)
 *
 * Not mutated: comments (// and block comments such as the Verilator
 * metacomments), `parameter` lines (the harness' port widths depend on
 * them), `for (` lines (a mutated loop bound may never end), part-select
 * ranges [a:b] and replication counts {n{...}} (width changes are
 * stillborn), the non-blocking assignment `<=` (a `<=` is a comparison
 * inside parentheses, after an `=`, or on an `assign` line), and the
 * formal properties: the lines from `ifdef FORMAL to its `endif (they are
 * no hardware; make formal plants its faults in the hardware).
 *
 *   mutate_gen list FILE              one line per mutant:
 *                                     ID<TAB>LINE<TAB>KIND<TAB>OCC<TAB>FROM -> TO<TAB>line text
 *                                     (OCC: the how-manieth mutant of that
 *                                     kind and FROM on that line, from 1)
 *   mutate_gen apply FILE ID OUT      writes FILE with mutant ID applied
 *
 * Bad arguments: one line naming the problem, exit status 2.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LINES 20000
#define MAX_LINE 1024

typedef struct {
    int line;         /* 0-based */
    int col, len;     /* the replaced span */
    char kind[8];
    char from[96], to[96];
    int occ;
} mutant;

static char *lines[MAX_LINES];
static int nlines;
static mutant *muts;
static int nmuts, capmuts;

static void die(const char *what, const char *arg)
{
    fprintf(stderr, "mutate_gen: %s%s%s\n", what, arg ? " " : "", arg ? arg : "");
    exit(2);
}

static void add(int line, int col, int len, const char *kind, const char *to)
{
    mutant *m;
    int i;
    if (nmuts == capmuts) {
        capmuts = capmuts ? 2 * capmuts : 256;
        muts = realloc(muts, (size_t)capmuts * sizeof *muts);
        if (!muts)
            die("out of memory", NULL);
    }
    m = &muts[nmuts++];
    m->line = line;
    m->col = col;
    m->len = len;
    snprintf(m->kind, sizeof m->kind, "%s", kind);
    snprintf(m->from, sizeof m->from, "%.*s", len, lines[line] + col);
    snprintf(m->to, sizeof m->to, "%s", to);
    m->occ = 1;
    for (i = 0; i < nmuts - 1; i++)
        if (muts[i].line == line && !strcmp(muts[i].kind, kind) && !strcmp(muts[i].from, m->from))
            m->occ++;
}

static int is_word(int c) { return isalnum(c) || c == '_' || c == '\'' || c == '$'; }

/* code[i] = 1 where the character is Verilog code we may mutate */
static void code_mask(const char *s, char *code, int *in_block)
{
    int n = (int)strlen(s), i, depth_br = 0;
    for (i = 0; i < n; i++) {
        if (*in_block) {
            code[i] = 0;
            if (s[i] == '*' && s[i + 1] == '/') {
                code[i + 1] = 0;
                i++;
                *in_block = 0;
            }
            continue;
        }
        if (s[i] == '/' && s[i + 1] == '*') {
            *in_block = 1;
            code[i] = 0;
            continue;
        }
        if (s[i] == '/' && s[i + 1] == '/') {
            for (; i < n; i++)
                code[i] = 0;
            break;
        }
        code[i] = 1;
    }
    /* part-select ranges [a:b] and replication counts {n{ */
    for (i = 0; i < n; i++) {
        if (code[i] && s[i] == '[') {
            int j, colon = 0, d = 0;
            for (j = i; j < n; j++) {
                if (s[j] == '[')
                    d++;
                if (s[j] == ']' && --d == 0)
                    break;
                if (s[j] == ':' && d == 1)
                    colon = 1;
            }
            if (colon)
                for (; i <= j && i < n; i++)
                    code[i] = 0;
        }
        if (code[i] && s[i] == '{') {
            int j, d = 0;
            for (j = i + 1; j < n && s[j] != '{' && s[j] != '}'; j++)
                ;
            if (j < n && s[j] == '{') /* replication {n{...}}: mask n */
                for (d = i; d < j; d++)
                    code[d] = 0;
        }
    }
    (void)depth_br;
}

/* Is the token at s[i..] (len) the constant one? */
static int const_one(const char *s, int i, int *len)
{
    int j = i;
    while (isdigit((unsigned char)s[j]))
        j++;
    if (s[j] == '\'' && strchr("bdhBDH", s[j + 1])) {
        j += 2;
        if (s[j] != '1' || is_word(s[j + 1]))
            return 0;
        *len = j + 1 - i;
        return 1;
    }
    if (j == i + 1 && s[i] == '1' && !is_word(s[j])) {
        *len = 1;
        return 1;
    }
    return 0;
}

/* Extent of a simple operand ending just before position e (exclusive),
 * after spaces; returns its start or -1. */
static int operand_left(const char *s, const char *code, int e, int *end)
{
    int j = e - 1;
    while (j >= 0 && s[j] == ' ')
        j--;
    *end = j + 1;
    if (j < 0 || !code[j])
        return -1;
    if (s[j] == ']') {
        int d = 0;
        for (; j >= 0; j--) {
            if (s[j] == ']')
                d++;
            if (s[j] == '[' && --d == 0)
                break;
        }
        j--;
    }
    if (j < 0 || !is_word((unsigned char)s[j]))
        return -1;
    while (j >= 0 && is_word((unsigned char)s[j]))
        j--;
    {
        int k = j;
        while (k >= 0 && s[k] == ' ')
            k--;
        if (k >= 0 && !strchr("(=?,;&|!:", s[k]))
            return -1;
    }
    return j + 1;
}

static int operand_right(const char *s, const char *code, int b, int *start)
{
    int j = b, n = (int)strlen(s);
    while (j < n && s[j] == ' ')
        j++;
    *start = j;
    if (j >= n || !code[j] || !is_word((unsigned char)s[j]))
        return -1;
    while (j < n && is_word((unsigned char)s[j]))
        j++;
    if (s[j] == '[') {
        int d = 0;
        for (; j < n; j++) {
            if (s[j] == '[')
                d++;
            if (s[j] == ']' && --d == 0)
                break;
        }
        if (j >= n)
            return -1;
        j++;
    }
    {
        int k = j;
        while (k < n && s[k] == ' ')
            k++;
        if (k < n && !strchr(")?;,&|:", s[k]))
            return -1;
    }
    return j;
}

static void scan_line(int ln, const char *code)
{
    const char *s = lines[ln];
    int n = (int)strlen(s), i, depth = 0, assign_seen = 0;
    const char *t = s;
    while (*t == ' ')
        t++;
    if (!strncmp(t, "parameter", 9) || !strncmp(t, "for (", 5) || strstr(s, " for ("))
        return;
    if (!strncmp(t, "assign", 6))
        assign_seen = 1;
    for (i = 0; i < n; i++) {
        char c = s[i], d = s[i + 1];
        if (!code[i])
            continue;
        if (c == '(')
            depth++;
        else if (c == ')')
            depth--;
        if (c == '=' && d == '=' && s[i + 2] != '=') {
            add(ln, i, 2, "eq", "!=");
            i++;
        } else if (c == '!' && d == '=' && s[i + 2] != '=') {
            add(ln, i, 2, "eq", "==");
            i++;
        } else if (c == '&' && d == '&') {
            add(ln, i, 2, "logic", "||");
            i++;
        } else if (c == '|' && d == '|') {
            add(ln, i, 2, "logic", "&&");
            i++;
        } else if (c == '&') {
            add(ln, i, 1, "bit", "|");
        } else if (c == '|') {
            add(ln, i, 1, "bit", "&");
        } else if (c == '^' && d != '~' && (i == 0 || s[i - 1] != '~')) {
            add(ln, i, 1, "xor", "|");
        } else if ((c == '+' || c == '-') && d != ':') {
            int j = i + 1, len;
            while (s[j] == ' ')
                j++;
            if (code[j] && const_one(s, j, &len))
                add(ln, i, 1, "inc", c == '+' ? "-" : "+");
        } else if (c == '\'' && strchr("bdhBDH", d) && (s[i + 2] == '0' || s[i + 2] == '1') &&
                   !is_word((unsigned char)s[i + 3])) {
            add(ln, i + 2, 1, "const", s[i + 2] == '0' ? "1" : "0");
        } else if ((c == '!' && d != '=') || c == '~') {
            add(ln, i, 1, "neg", "");
        } else if ((c == '<' || c == '>') && d != c && s[i - 1] != c &&
                   !(c == '>' && i > 0 && s[i - 1] == '-')) {
            int oplen = d == '=' ? 2 : 1, ls, le, rs, re;
            int is_cmp = 1;
            if (c == '<' && d == '=')
                is_cmp = depth > 0 || assign_seen;
            if (is_cmp) {
                ls = operand_left(s, code, i, &le);
                re = operand_right(s, code, i + oplen, &rs);
                if (ls >= 0 && re >= 0) {
                    char to[96];
                    /* the span: left operand .. right operand */
                    snprintf(to, sizeof to, "%.*s %.*s %.*s", re - rs, s + rs, oplen, s + i,
                             le - ls, s + ls);
                    add(ln, ls, re - ls, "swap", to);
                }
            }
            i += oplen - 1;
        } else if (c == '=' && d != '=' && (i == 0 || !strchr("<>!=", s[i - 1]))) {
            assign_seen = 1;
        }
    }
}

static void load(const char *path)
{
    FILE *f = fopen(path, "r");
    char buf[MAX_LINE];
    if (!f)
        die("cannot read", path);
    while (fgets(buf, sizeof buf, f)) {
        size_t n = strlen(buf);
        if (n && buf[n - 1] == '\n')
            buf[--n] = 0;
        if (nlines == MAX_LINES)
            die("file too long:", path);
        lines[nlines] = malloc(n + 4);
        if (!lines[nlines])
            die("out of memory", NULL);
        memcpy(lines[nlines], buf, n + 1);
        lines[nlines][n + 1] = lines[nlines][n + 2] = 0;
        nlines++;
    }
    fclose(f);
}

int main(int argc, char **argv)
{
    int i, in_block = 0, formal = 0;
    if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        printf("usage: mutate_gen list FILE         list the operator mutants of a Verilog file\n"
               "       mutate_gen apply FILE ID OUT  write FILE with mutant ID applied to OUT\n"
               "(driven by tools/mutate.sh: make mutate)\n");
        return 0;
    }
    if (argc < 3 || (strcmp(argv[1], "list") && strcmp(argv[1], "apply")) ||
        (!strcmp(argv[1], "apply") && argc != 5))
        die("usage: mutate_gen list FILE | mutate_gen apply FILE ID OUT", NULL);
    load(argv[2]);
    for (i = 0; i < nlines; i++) {
        char code[MAX_LINE + 4];
        memset(code, 0, sizeof code);
        const char *t = lines[i];
        while (*t == ' ' || *t == '\t')
            t++;
        /* `ifdef FORMAL ... `endif (nested `ifdefs counted) */
        if (formal || !strncmp(t, "`ifdef FORMAL", 13)) {
            if (!strncmp(t, "`ifdef", 6) || !strncmp(t, "`ifndef", 7))
                formal++;
            else if (!strncmp(t, "`endif", 6))
                formal--;
            continue;
        }
        code_mask(lines[i], code, &in_block);
        scan_line(i, code);
    }
    if (!strcmp(argv[1], "list")) {
        for (i = 0; i < nmuts; i++) {
            const char *t = lines[muts[i].line];
            while (*t == ' ')
                t++;
            printf("%d\t%d\t%s\t%d\t%s -> %s\t%s\n", i, muts[i].line + 1, muts[i].kind,
                   muts[i].occ, muts[i].from, muts[i].to[0] ? muts[i].to : "(dropped)", t);
        }
        return 0;
    }
    {
        char *end = NULL;
        long id = strtol(argv[3], &end, 10);
        FILE *o;
        if (!end || *end || id < 0 || id >= nmuts)
            die("no such mutant id:", argv[3]);
        o = fopen(argv[4], "w");
        if (!o)
            die("cannot write", argv[4]);
        for (i = 0; i < nlines; i++) {
            if (i == muts[id].line)
                fprintf(o, "%.*s%s%s\n", muts[id].col, lines[i], muts[id].to,
                        lines[i] + muts[id].col + muts[id].len);
            else
                fprintf(o, "%s\n", lines[i]);
        }
        if (fclose(o) != 0)
            die("error writing", argv[4]);
    }
    return 0;
}
