/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ptx_lex.c -- the PTX parser's lexical layer: comments, statements (with
 * their line numbers for file:line: messages), words, numbers (integers,
 * 0f/0d float bits, decimal floats), type names, and the symbol table of
 * the module and the entry.  No semantics: the statements' meaning is
 * ptx.c's (directives) and ptx_insn.c's (instructions).
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx_int.h"

int ptx_fail(ptx_ps *s, int line, const char *fmt, ...)
{
    if (s->failed) return -1;
    s->failed = 1;
    int k = snprintf(s->err, s->errlen, "%s:%d: ", s->file, line);
    if (k < 0) k = 0;
    if ((size_t)k < s->errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(s->err + k, s->errlen - (size_t)k, fmt, ap);
        va_end(ap);
    }
    return -1;
}

void *ptx_grow(void *p, unsigned *cap, unsigned need, size_t elt)
{
    if (need <= *cap) return p;
    unsigned c = *cap ? *cap : 16;
    while (c < need) c *= 2;
    void *q = realloc(p, c * elt);
    if (!q) {
        fprintf(stderr, "ptx: out of memory\n");
        exit(1);
    }
    memset((char *)q + (size_t)*cap * elt, 0, (size_t)(c - *cap) * elt);
    *cap = c;
    return q;
}

/* ------------------------------------------------------------ lexing */

/* Blanks out comments, keeping newlines (line numbers stay right). */
void ptx_strip_comments(char *t)
{
    for (char *c = t; *c; c++) {
        if (*c == '"') { /* strings (.file, .pragma) */
            for (c++; *c && *c != '"' && *c != '\n'; c++) {}
            if (!*c) return;
        } else if (c[0] == '/' && c[1] == '/') {
            while (*c && *c != '\n') *c++ = ' ';
            if (!*c) return;
        } else if (c[0] == '/' && c[1] == '*') {
            *c++ = ' ';
            *c = ' ';
            for (c++; *c && !(c[0] == '*' && c[1] == '/'); c++)
                if (*c != '\n') *c = ' ';
            if (!*c) return;
            c[0] = ' ';
            c[1] = ' ';
            c++;
        }
    }
}

static int is_id(int c) { return isalnum(c) || c == '_' || c == '$' || c == '%' || c == '.'; }

/* Appends the { ... } at the cursor (nested braces included) to buf. */
static void copy_braced(ptx_ps *s, char *buf, size_t *n, size_t bufsz)
{
    int depth = 0;
    while (s->pos < s->len) {
        char c = s->text[s->pos];
        if (c == '{') depth++;
        if (c == '}') depth--;
        if (c == '\n') {
            s->line++;
            c = ' ';
        }
        if (*n + 1 < bufsz) buf[(*n)++] = c;
        s->pos++;
        if (depth == 0) break;
    }
}


/* Next statement into buf (without its ';').  Lines of .loc / .file end at
 * the newline. */
int ptx_next_stmt(ptx_ps *s, char *buf, size_t bufsz)
{
    for (;;) {
        while (s->pos < s->len && isspace((unsigned char)s->text[s->pos])) {
            if (s->text[s->pos] == '\n') s->line++;
            s->pos++;
        }
        if (s->pos >= s->len) return ST_EOF;
        s->sline = s->line;
        char c = s->text[s->pos];
        if (c == '{') { s->pos++; return ST_OPEN; }
        if (c == '}') { s->pos++; return ST_CLOSE; }
        if (c == ';') { s->pos++; continue; }
        const char *t = s->text + s->pos;
        if ((!strncmp(t, ".loc", 4) && isspace((unsigned char)t[4])) ||
            (!strncmp(t, ".file", 5) && isspace((unsigned char)t[5])) || !strncmp(t, ".section", 8)) {
            if (!strncmp(t, ".section", 8)) { /* debug sections: skip to the matching } */
                int depth = 0;
                while (s->pos < s->len) {
                    char d = s->text[s->pos++];
                    if (d == '\n') s->line++;
                    if (d == '{') depth++;
                    if (d == '}' && --depth == 0) break;
                }
                continue;
            }
            while (s->pos < s->len && s->text[s->pos] != '\n') s->pos++;
            continue;
        }
        if (!strncmp(t, ".version", 8) || !strncmp(t, ".target", 7) || !strncmp(t, ".address_size", 13)) {
            /* module directives end at the end of their line */
            size_t n = 0;
            while (s->pos < s->len && s->text[s->pos] != '\n' && s->text[s->pos] != ';') {
                if (n + 1 < bufsz) buf[n++] = s->text[s->pos];
                s->pos++;
            }
            buf[n] = 0;
            return ST_TEXT;
        }
        /* a label: identifier then ':' */
        size_t q = s->pos;
        if (ptx_is_id0((unsigned char)s->text[q]) && s->text[q] != '.' && s->text[q] != '%') {
            while (q < s->len && is_id((unsigned char)s->text[q])) q++;
            size_t r = q;
            while (r < s->len && (s->text[r] == ' ' || s->text[r] == '\t')) r++;
            if (r < s->len && s->text[r] == ':') {
                size_t n = q - s->pos;
                if (n >= bufsz) n = bufsz - 1;
                memcpy(buf, s->text + s->pos, n);
                buf[n] = 0;
                s->pos = r + 1;
                return ST_LABEL;
            }
        }
        size_t n = 0;
        int instr = 0;
        while (s->pos < s->len) {
            c = s->text[s->pos];
            if (c == '"') instr = !instr;
            if (!instr && c == '{' && n > 0 && memchr(buf, '=', n)) {
                copy_braced(s, buf, &n, bufsz); /* an initialiser: = { ... } */
                continue;
            }
            if (!instr && (c == ';' || c == '{' || c == '}')) break;
            if (c == '{' || c == '}') break;
            if (c == '\n') {
                s->line++;
                c = ' ';
            }
            if (n + 1 < bufsz) buf[n++] = c;
            s->pos++;
        }
        /* a vector operand {a, b} inside an instruction: keep going */
        while (s->pos < s->len && s->text[s->pos] == '{' && n > 0 && buf[0] != '.') {
            copy_braced(s, buf, &n, bufsz);
            while (s->pos < s->len && s->text[s->pos] != ';' && s->text[s->pos] != '{' &&
                   s->text[s->pos] != '}') {
                c = s->text[s->pos];
                if (c == '\n') { s->line++; c = ' '; }
                if (n + 1 < bufsz) buf[n++] = c;
                s->pos++;
            }
        }
        if (s->pos < s->len && s->text[s->pos] == ';') s->pos++;
        buf[n] = 0;
        return ST_TEXT;
    }
}

/* Skips a { ... } body (the '{' already read). */
void ptx_skip_body(ptx_ps *s)
{
    int depth = 1;
    int instr = 0;
    while (s->pos < s->len && depth > 0) {
        char c = s->text[s->pos++];
        if (c == '\n') s->line++;
        if (c == '"') instr = !instr;
        if (instr) continue;
        if (c == '{') depth++;
        if (c == '}') depth--;
    }
}

/* Tokens separated by white space */
int ptx_words(char *t, char **w, int max)
{
    int n = 0;
    char *c = t;
    while (*c) {
        while (*c && isspace((unsigned char)*c)) c++;
        if (!*c) break;
        if (n == max) return -1;
        w[n++] = c;
        while (*c && !isspace((unsigned char)*c)) c++;
        if (*c) *c++ = 0;
    }
    return n;
}

char *ptx_trim(char *c)
{
    while (*c && isspace((unsigned char)*c)) c++;
    char *e = c + strlen(c);
    while (e > c && isspace((unsigned char)e[-1])) *--e = 0;
    return c;
}

/* ------------------------------------------------------------ types */

uint8_t ptx_type_of(const char *t)
{
    static const struct { const char *n; uint8_t t; } tab[] = {
        {"b8", T_B8}, {"b16", T_B16}, {"b32", T_B32}, {"b64", T_B64},
        {"u8", T_U8}, {"u16", T_U16}, {"u32", T_U32}, {"u64", T_U64},
        {"s8", T_S8}, {"s16", T_S16}, {"s32", T_S32}, {"s64", T_S64},
        {"f32", T_F32}, {"f64", T_F64}, {"pred", T_PRED},
        {"f16", T_F16}, {"f16x2", T_F16X2}, {"bf16", T_BF16}, {"bf16x2", T_BF16X2}};
    for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++)
        if (!strcmp(t, tab[i].n)) return tab[i].t;
    return T_NONE;
}

int ptx_is_unsupported_type(const char *t)
{
    return !strcmp(t, "b128") || !strcmp(t, "tf32") || !strncmp(t, "e4m3", 4) || !strncmp(t, "e5m2", 4);
}

/* integers: decimal, 0x hex, 0b binary, leading-0 octal, optional U suffix */
int ptx_parse_int(const char *t, uint64_t *v)
{
    int neg = 0;
    if (*t == '-') { neg = 1; t++; }
    else if (*t == '+') t++;
    if (!isdigit((unsigned char)*t)) return -1;
    char *e;
    uint64_t x;
    errno = 0;
    if (t[0] == '0' && (t[1] == 'x' || t[1] == 'X')) x = strtoull(t + 2, &e, 16);
    else if (t[0] == '0' && (t[1] == 'b' || t[1] == 'B')) x = strtoull(t + 2, &e, 2);
    else if (t[0] == '0' && t[1]) x = strtoull(t + 1, &e, 8);
    else x = strtoull(t, &e, 10);
    if (errno) return -1;
    if (*e == 'U' || *e == 'u') e++;
    if (*e) return -1;
    *v = neg ? (uint64_t)0 - x : x; /* two's complement, -2^63 included */
    return 0;
}

/* 0fXXXXXXXX (f32 bits), 0dXXXXXXXXXXXXXXXX (f64 bits); *fbits = 32 or 64 */
int ptx_parse_fhex(const char *t, uint64_t *v, int *fbits)
{
    int neg = 0;
    if (*t == '-') { neg = 1; t++; }
    if (t[0] != '0' || (t[1] != 'f' && t[1] != 'F' && t[1] != 'd' && t[1] != 'D')) return -1;
    size_t nd = (t[1] == 'f' || t[1] == 'F') ? 8 : 16;
    if (strlen(t + 2) != nd) return -1;
    for (size_t i = 0; i < nd; i++)
        if (!isxdigit((unsigned char)t[2 + i])) return -1;
    *v = strtoull(t + 2, NULL, 16);
    *fbits = nd == 8 ? 32 : 64;
    if (neg) *v ^= nd == 8 ? 0x80000000ull : 0x8000000000000000ull;
    return 0;
}

int ptx_parse_fdec(const char *t, double *d)
{
    if (!strchr(t, '.') && !strchr(t, 'e') && !strchr(t, 'E')) return -1;
    char *e;
    *d = strtod(t, &e);
    return *e ? -1 : 0;
}

/* ------------------------------------------------------------ symbols */

ptx_sym *ptx_find_sym(ptx_ps *s, const char *name)
{
    for (unsigned i = s->nsyms; i-- > 0;)
        if (!strcmp(s->syms[i].name, name)) return &s->syms[i];
    return NULL;
}

int ptx_add_sym(ptx_ps *s, const char *name, uint8_t space, uint64_t addr, uint64_t bytes)
{
    if (strlen(name) >= sizeof s->syms[0].name) return ptx_fail(s, s->sline, "name too long: %s", name);
    for (unsigned i = s->nsyms; i-- > 0;)
        if (!strcmp(s->syms[i].name, name) && (i >= s->module_syms || s->nsyms == s->module_syms))
            return ptx_fail(s, s->sline, "'%s' declared twice", name);
    s->syms = ptx_grow(s->syms, &s->capsyms, s->nsyms + 1, sizeof *s->syms);
    ptx_sym *y = &s->syms[s->nsyms++];
    snprintf(y->name, sizeof y->name, "%s", name);
    y->space = space;
    y->addr = addr;
    y->bytes = bytes;
    return 0;
}
