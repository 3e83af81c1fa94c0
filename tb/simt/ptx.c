/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ptx.c -- the PTX parser: module directives, the chosen .entry's
 * declarations and instructions, lowered into prog (prog.h) with the
 * decoded instructions in ptx_impl (ptx_int.h).  Semantics: ptx_exec.c.
 * What is accepted: ptx.h and docs/ptx.md.
 */
#define _POSIX_C_SOURCE 200809L
#include "ptx.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx_int.h"

#define MAX_INS (1u << 20)
#define MAX_REGS 60000u /* prog_insn.src is uint16_t */

typedef struct {
    char name[64];
    uint8_t space;  /* PS_* */
    uint64_t addr;  /* in its space */
    uint64_t bytes;
} sym;

typedef struct {
    char prefix[24];
    uint32_t count;  /* %r<count>; 0: a plain name */
    uint32_t base;   /* register number of %prefix0 (or the name) */
} regdecl;

typedef struct {
    char name[64];
    int pc, line;
} pending;

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
    sym *syms;
    unsigned nsyms, capsyms;
    unsigned module_syms; /* symbols of module scope (entry's come after) */
    uint64_t shared_static;
    uint32_t extern_align;
    char extern_name[64];
    uint64_t local_bytes;
    uint8_t *ginit;
    uint64_t gend;
    /* entry */
    regdecl *decls;
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
    pending *pend;
    unsigned npend, cappend;
    ptx_info *info;
} ps;

static int fail(ps *s, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(ps *s, int line, const char *fmt, ...)
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
#define UNSUP(s, ...) fail((s), (s)->sline, "unsupported PTX: " __VA_ARGS__)

static void *grow(void *p, unsigned *cap, unsigned need, size_t elt)
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
static void strip_comments(char *t)
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

static int is_id0(int c) { return isalpha(c) || c == '_' || c == '$' || c == '%' || c == '.'; }
static int is_id(int c) { return isalnum(c) || c == '_' || c == '$' || c == '%' || c == '.'; }

/* Appends the { ... } at the cursor (nested braces included) to buf. */
static void copy_braced(ps *s, char *buf, size_t *n, size_t bufsz)
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

/* Statement kinds */
enum { ST_EOF, ST_OPEN, ST_CLOSE, ST_LABEL, ST_TEXT };

/* Next statement into buf (without its ';').  Lines of .loc / .file end at
 * the newline. */
static int next_stmt(ps *s, char *buf, size_t bufsz)
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
        if (is_id0((unsigned char)s->text[q]) && s->text[q] != '.' && s->text[q] != '%') {
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
static void skip_body(ps *s)
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
static int words(char *t, char **w, int max)
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

static char *trim(char *c)
{
    while (*c && isspace((unsigned char)*c)) c++;
    char *e = c + strlen(c);
    while (e > c && isspace((unsigned char)e[-1])) *--e = 0;
    return c;
}

/* ------------------------------------------------------------ types */

static uint8_t type_of(const char *t)
{
    static const struct { const char *n; uint8_t t; } tab[] = {
        {"b8", T_B8}, {"b16", T_B16}, {"b32", T_B32}, {"b64", T_B64},
        {"u8", T_U8}, {"u16", T_U16}, {"u32", T_U32}, {"u64", T_U64},
        {"s8", T_S8}, {"s16", T_S16}, {"s32", T_S32}, {"s64", T_S64},
        {"f32", T_F32}, {"f64", T_F64}, {"pred", T_PRED}};
    for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++)
        if (!strcmp(t, tab[i].n)) return tab[i].t;
    return T_NONE;
}

static int is_unsupported_type(const char *t)
{
    return !strcmp(t, "f16") || !strcmp(t, "f16x2") || !strcmp(t, "bf16") || !strcmp(t, "bf16x2") ||
           !strcmp(t, "b128") || !strcmp(t, "tf32") || !strncmp(t, "e4m3", 4) || !strncmp(t, "e5m2", 4);
}

/* integers: decimal, 0x hex, 0b binary, leading-0 octal, optional U suffix */
static int parse_int(const char *t, uint64_t *v)
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
    *v = neg ? (uint64_t)(-(int64_t)x) : x;
    return 0;
}

/* 0fXXXXXXXX (f32 bits), 0dXXXXXXXXXXXXXXXX (f64 bits); *fbits = 32 or 64 */
static int parse_fhex(const char *t, uint64_t *v, int *fbits)
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

static int parse_fdec(const char *t, double *d)
{
    if (!strchr(t, '.') && !strchr(t, 'e') && !strchr(t, 'E')) return -1;
    char *e;
    *d = strtod(t, &e);
    return *e ? -1 : 0;
}

/* ------------------------------------------------------------ symbols */

static sym *find_sym(ps *s, const char *name)
{
    for (unsigned i = s->nsyms; i-- > 0;)
        if (!strcmp(s->syms[i].name, name)) return &s->syms[i];
    return NULL;
}

static int add_sym(ps *s, const char *name, uint8_t space, uint64_t addr, uint64_t bytes)
{
    if (strlen(name) >= sizeof s->syms[0].name) return fail(s, s->sline, "name too long: %s", name);
    for (unsigned i = s->nsyms; i-- > 0;)
        if (!strcmp(s->syms[i].name, name) && (i >= s->module_syms || s->nsyms == s->module_syms))
            return fail(s, s->sline, "'%s' declared twice", name);
    s->syms = grow(s->syms, &s->capsyms, s->nsyms + 1, sizeof *s->syms);
    sym *y = &s->syms[s->nsyms++];
    snprintf(y->name, sizeof y->name, "%s", name);
    y->space = space;
    y->addr = addr;
    y->bytes = bytes;
    return 0;
}

static uint64_t align_up(uint64_t x, uint64_t a) { return a ? (x + a - 1) / a * a : x; }

/* A variable declaration after its state space word:
 *   [.align N] .type name[K][L]... [= {init}]
 * Fills name, elt type, bytes, align; init text (after '=') or NULL. */
static int parse_var(ps *s, char **w, int nw, int first, char *name, size_t namesz, uint8_t *ty,
                     uint64_t *bytes, uint64_t *align, int *is_array_unsized)
{
    *align = 0;
    *ty = T_NONE;
    *is_array_unsized = 0;
    int i = first;
    for (; i < nw; i++) {
        if (!strcmp(w[i], ".align")) {
            uint64_t a;
            if (i + 1 >= nw || parse_int(w[i + 1], &a) || !a || (a & (a - 1)))
                return fail(s, s->sline, "bad .align");
            *align = a;
            i++;
        } else if (!strcmp(w[i], ".ptr") || !strcmp(w[i], ".global") || !strcmp(w[i], ".shared") ||
                   !strcmp(w[i], ".const") || !strcmp(w[i], ".local")) {
            /* NVIDIA's .param .u64 .ptr .global .align 4 name */
        } else if (w[i][0] == '.') {
            if (is_unsupported_type(w[i] + 1)) return UNSUP(s, "type %s", w[i]);
            *ty = type_of(w[i] + 1);
            if (*ty == T_NONE || *ty == T_PRED) return UNSUP(s, "declaration with %s", w[i]);
        } else break;
    }
    if (i >= nw || *ty == T_NONE) return fail(s, s->sline, "bad declaration");
    char *nm = w[i];
    char *br = strchr(nm, '[');
    uint64_t count = 1;
    if (br) {
        char *b = br;
        while (*b == '[') {
            char *e = strchr(b, ']');
            if (!e) return fail(s, s->sline, "bad array size in '%s'", nm);
            *e = 0;
            if (b[1] == 0) {
                *is_array_unsized = 1;
                count = 0;
            } else {
                uint64_t k;
                if (parse_int(b + 1, &k) || !k || k > (1ull << 40))
                    return fail(s, s->sline, "bad array size in '%s'", nm);
                count *= k;
            }
            b = e + 1;
        }
        if (*b) return fail(s, s->sline, "bad array declaration");
        *br = 0;
    }
    if (!is_id0((unsigned char)nm[0]) || strlen(nm) >= namesz) return fail(s, s->sline, "bad name '%s'", nm);
    snprintf(name, namesz, "%s", nm);
    *bytes = count * TY_BYTES(*ty);
    if (!*align) *align = TY_BYTES(*ty);
    return i + 1;
}

/* Writes an initialiser list into dst (elements of type ty). */
static int parse_init(ps *s, char *t, uint8_t ty, uint8_t *dst, uint64_t bytes)
{
    uint64_t n = bytes / TY_BYTES(ty), i = 0;
    for (char *c = t; *c; c++)
        if (*c == '{' || *c == '}' || *c == ',') *c = ' ';
    char *w[1];
    char *c = t;
    for (;;) {
        while (*c && isspace((unsigned char)*c)) c++;
        if (!*c) break;
        char *tok = c;
        while (*c && !isspace((unsigned char)*c)) c++;
        if (*c) *c++ = 0;
        (void)w;
        if (i >= n) return fail(s, s->sline, "too many initialisers");
        uint64_t v;
        double d;
        int fb;
        if (!parse_int(tok, &v)) {
            if (TY_KIND(ty) == TK_F) {
                d = (double)(int64_t)v;
                goto fl;
            }
        } else if (!parse_fhex(tok, &v, &fb)) {
            if (fb == 32 && ty == T_F64) {
                float f;
                uint32_t u = (uint32_t)v;
                memcpy(&f, &u, 4);
                d = f;
                goto fl;
            }
        } else if (!parse_fdec(tok, &d)) {
        fl:
            if (ty == T_F32) {
                float f = (float)d;
                uint32_t u;
                memcpy(&u, &f, 4);
                v = u;
            } else if (ty == T_F64) {
                memcpy(&v, &d, 8);
            } else return fail(s, s->sline, "float initialiser for an integer");
        } else return UNSUP(s, "initialiser '%s'", tok);
        for (unsigned b = 0; b < TY_BYTES(ty); b++) dst[i * TY_BYTES(ty) + b] = (uint8_t)(v >> (8 * b));
        i++;
    }
    return 0;
}

/* .global / .const / .shared / .local / .extern .shared variable */
static int decl_var(ps *s, char *stmt, int in_entry)
{
    char *init = strchr(stmt, '=');
    if (init) *init++ = 0;
    char *w[32];
    int nw = words(stmt, w, 32);
    if (nw < 0) return fail(s, s->sline, "declaration too long");
    int i = 0, ext = 0;
    uint8_t space = PS_NONE;
    for (; i < nw; i++) {
        if (!strcmp(w[i], ".visible") || !strcmp(w[i], ".weak") || !strcmp(w[i], ".common")) continue;
        if (!strcmp(w[i], ".extern")) { ext = 1; continue; }
        if (!strcmp(w[i], ".global") || !strcmp(w[i], ".const")) space = PS_GLOBAL;
        else if (!strcmp(w[i], ".shared")) space = PS_SHARED;
        else if (!strcmp(w[i], ".local")) space = PS_LOCAL;
        else return UNSUP(s, "directive %s", w[i]);
        i++;
        break;
    }
    char name[64];
    uint8_t ty;
    uint64_t bytes, align;
    int unsized;
    int r = parse_var(s, w, nw, i, name, sizeof name, &ty, &bytes, &align, &unsized);
    if (r < 0) return -1;
    if (r != nw) return fail(s, s->sline, "unexpected '%s'", w[r]);
    if (ext) {
        if (space != PS_SHARED) return UNSUP(s, ".extern variable outside .shared");
        if (!unsized) return UNSUP(s, ".extern .shared with a size");
        if (s->extern_align) return UNSUP(s, "two .extern .shared arrays");
        s->extern_align = (uint32_t)align;
        snprintf(s->extern_name, sizeof s->extern_name, "%s", name);
        return add_sym(s, name, PS_SHARED, UINT64_MAX, 0); /* placed at the end */
    }
    if (unsized) return fail(s, s->sline, "array '%s' without a size", name);
    if (space == PS_SHARED) {
        if (init) return UNSUP(s, "initialised .shared");
        uint64_t a = align_up(s->shared_static, align);
        s->shared_static = a + bytes;
        return add_sym(s, name, PS_SHARED, a, bytes);
    }
    if (space == PS_LOCAL) {
        if (!in_entry) return UNSUP(s, ".local at module scope");
        if (init) return UNSUP(s, "initialised .local");
        uint64_t a = align_up(s->local_bytes, align);
        s->local_bytes = a + bytes;
        return add_sym(s, name, PS_LOCAL, a, bytes);
    }
    /* .global / .const: in global memory from global_base */
    uint64_t a = align_up(s->gend, align < 4 ? 4 : align);
    uint64_t end = a + bytes;
    if (end >= PTX_SHARED_WIN || bytes > (1ull << 32)) return fail(s, s->sline, "'%s' too large", name);
    uint8_t *g = realloc(s->ginit, end - s->global_base + 1);
    if (!g) return fail(s, s->sline, "out of memory");
    memset(g + (s->gend - s->global_base), 0, end - s->gend + 1);
    s->ginit = g;
    s->gend = end;
    if (init && parse_init(s, init, ty, g + (a - s->global_base), bytes)) return -1;
    ptx_info *in = s->info;
    ptx_var *v = realloc(in->gvar, (in->ngvar + 1) * sizeof *v);
    if (!v) return fail(s, s->sline, "out of memory");
    in->gvar = v;
    snprintf(v[in->ngvar].name, sizeof v[0].name, "%s", name);
    v[in->ngvar].addr = a;
    v[in->ngvar].bytes = bytes;
    in->ngvar++;
    return add_sym(s, name, PS_GLOBAL, a, bytes);
}

/* ------------------------------------------------------------ registers */

static int declare_regs(ps *s, char *stmt)
{
    char *w[4];
    char *rest = stmt + 4; /* after .reg */
    while (*rest && isspace((unsigned char)*rest)) rest++;
    char *sp = rest;
    while (*sp && !isspace((unsigned char)*sp)) sp++;
    if (*sp) *sp++ = 0;
    (void)w;
    if (rest[0] != '.') return fail(s, s->sline, "bad .reg");
    if (!strcmp(rest, ".v2") || !strcmp(rest, ".v4")) return UNSUP(s, "vector registers");
    if (is_unsupported_type(rest + 1)) return UNSUP(s, "type %s", rest);
    uint8_t ty = type_of(rest + 1);
    if (ty == T_NONE) return fail(s, s->sline, "bad register type %s", rest);
    uint8_t width = ty == T_PRED ? 0 : (uint8_t)TY_BYTES(ty);
    if (ty == T_B8 || ty == T_U8 || ty == T_S8) width = 2; /* 8-bit registers hold 16 bits */
    for (char *tok = strtok(sp, ","); tok; tok = strtok(NULL, ",")) {
        tok = trim(tok);
        /* %name, or a plain identifier (inline PTX's `.reg .pred q;`,
         * clang's call sequence's temp_param_reg) */
        if (tok[0] != '%' && !is_id0((unsigned char)tok[0]))
            return fail(s, s->sline, "bad register name '%s'", tok);
        char *lt = strchr(tok, '<');
        uint32_t count = 0;
        if (lt) {
            uint64_t k;
            char *gt = strchr(lt, '>');
            if (!gt || gt[1]) return fail(s, s->sline, "bad register range '%s'", tok);
            *gt = 0;
            if (parse_int(lt + 1, &k) || k == 0 || k > MAX_REGS)
                return fail(s, s->sline, "bad register range '%s'", tok);
            *lt = 0;
            count = (uint32_t)k;
        }
        if (strlen(tok) >= sizeof s->decls[0].prefix) return fail(s, s->sline, "register name too long");
        uint32_t need = count ? count : 1;
        if (s->nregs + need > MAX_REGS) return fail(s, s->sline, "more than %u registers", MAX_REGS);
        s->decls = grow(s->decls, &s->capdecls, s->ndecls + 1, sizeof *s->decls);
        regdecl *d = &s->decls[s->ndecls++];
        snprintf(d->prefix, sizeof d->prefix, "%s", tok);
        d->count = count;
        d->base = s->nregs;
        s->regw = grow(s->regw, &s->capregs, s->nregs + need, 1);
        unsigned cap2 = s->capregs;
        (void)cap2;
        s->regname = realloc(s->regname, (size_t)s->capregs * sizeof *s->regname);
        if (!s->regname) return fail(s, s->sline, "out of memory");
        for (uint32_t k = 0; k < need; k++) {
            s->regw[s->nregs + k] = width;
            if (count) snprintf(s->regname[s->nregs + k], sizeof s->regname[0], "%.12s%u", tok, k);
            else snprintf(s->regname[s->nregs + k], sizeof s->regname[0], "%s", tok);
        }
        s->nregs += need;
    }
    return 0;
}

static int find_reg(ps *s, const char *name)
{
    size_t L = strlen(name);
    size_t q = L;
    while (q > 0 && isdigit((unsigned char)name[q - 1])) q--;
    for (unsigned i = s->ndecls; i-- > 0;) {
        regdecl *d = &s->decls[i];
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
static int parse_scalar(ps *s, char *t, ptx_opnd *o, int want_label)
{
    memset(o, 0, sizeof *o);
    t = trim(t);
    if (!*t) return fail(s, s->sline, "empty operand");
    if (!strcmp(t, "_")) { o->kind = O_SINK; return 0; }
    if (t[0] == '!') {
        o->neg = 1;
        t = trim(t + 1);
    }
    if (t[0] == '%') {
        int r = find_reg(s, t);
        if (r >= 0) {
            o->kind = O_REG;
            o->reg = r;
            return 0;
        }
        if (!parse_sreg(t, o)) {
            if (o->neg) return fail(s, s->sline, "'!' on a special register");
            return 0;
        }
        if (!strncmp(t, "%envreg", 7) || !strncmp(t, "%smid", 5) || !strncmp(t, "%nsmid", 6) ||
            !strncmp(t, "%lanemask", 9) || !strncmp(t, "%gridid", 7) || !strncmp(t, "%globaltimer", 12) ||
            !strncmp(t, "%pm", 3) || !strncmp(t, "%dynamic_smem_size", 18) ||
            !strncmp(t, "%total_smem_size", 16) || !strncmp(t, "%cluster", 8))
            return UNSUP(s, "special register %s", t);
        return fail(s, s->sline, "undeclared register %s", t);
    }
    if (o->neg) return fail(s, s->sline, "'!' on a non-register");
    int fb;
    double d;
    if (!parse_fhex(t, &o->imm, &fb)) {
        o->kind = O_IMM;
        o->fimm = (uint8_t)fb; /* 32/64: bits of that width */
        return 0;
    }
    if (!parse_int(t, &o->imm)) {
        o->kind = O_IMM;
        return 0;
    }
    if (!parse_fdec(t, &d)) {
        o->kind = O_IMM;
        o->fimm = 1;
        memcpy(&o->imm, &d, 8);
        return 0;
    }
    if (is_id0((unsigned char)t[0])) {
        int r = find_reg(s, t); /* a register declared without '%' */
        if (r >= 0) {
            o->kind = O_REG;
            o->reg = r;
            return 0;
        }
        if (want_label) {
            o->kind = O_LABEL;
            return 0;
        }
        sym *y = find_sym(s, t);
        if (!y) return fail(s, s->sline, "unknown symbol '%s'", t);
        /* a kernel parameter's address is its offset in the parameter
         * space: clang takes it (mov.b64 %rd, k_param_3) for a structure
         * passed by value and reads the fields with ld.param [%rd+k] */
        o->kind = O_IMM;
        o->imm = y->addr;
        if (y->space == PS_SHARED && y->addr == UINT64_MAX) { /* extern: placed at the end */
            o->imm = 0;
            o->ext = 1;
        }
        return 0;
    }
    return fail(s, s->sline, "bad operand '%s'", t);
}

/* [reg], [reg+imm], [sym], [sym+imm], [imm]; space: the instruction's */
static int parse_addr(ps *s, char *t, uint8_t space, ptx_opnd *o)
{
    memset(o, 0, sizeof *o);
    o->kind = O_MEM;
    o->reg = -1;
    size_t L = strlen(t);
    if (L < 2 || t[0] != '[' || t[L - 1] != ']') return fail(s, s->sline, "bad address '%s'", t);
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
        if (tok[0] == '%' || (is_id0((unsigned char)tok[0]) && find_reg(s, tok) >= 0)) {
            int r = find_reg(s, tok);
            if (r < 0) return fail(s, s->sline, "undeclared register %s", tok);
            if (o->reg >= 0 || neg) return fail(s, s->sline, "bad address");
            o->reg = r;
        } else if (!parse_int(tok, &v)) {
            o->imm += neg ? (uint64_t)(-(int64_t)v) : v;
        } else if (is_id0((unsigned char)tok[0])) {
            sym *y = find_sym(s, tok);
            if (!y) return fail(s, s->sline, "unknown symbol '%s'", tok);
            if (neg) return fail(s, s->sline, "bad address");
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
                return fail(s, s->sline, "'%s' is not in the instruction's state space", tok);
            }
            o->imm += a;
        } else return fail(s, s->sline, "bad address term '%s'", tok);
        *c = save;
    }
    if (!nterm) return fail(s, s->sline, "empty address");
    return 0;
}

/* splits operands at depth-0 commas */
static int split_ops(char *t, char **op, int max)
{
    int n = 0, depth = 0;
    char *start = t;
    if (!*trim(t)) return 0;
    for (char *c = t;; c++) {
        if (*c == '[' || *c == '{') depth++;
        if (*c == ']' || *c == '}') depth--;
        if ((*c == ',' && depth == 0) || !*c) {
            if (n == max) return -1;
            int end = !*c;
            *c = 0;
            op[n++] = trim(start);
            start = c + 1;
            if (end) break;
        }
    }
    return n;
}

/* {a, b, c, d} or a scalar; returns the count */
static int parse_vec(ps *s, char *t, ptx_opnd *o, int max)
{
    size_t L = strlen(t);
    if (t[0] != '{') return parse_scalar(s, t, o, 0) ? -1 : 1;
    if (L < 2 || t[L - 1] != '}') return fail(s, s->sline, "bad vector '%s'", t);
    t[L - 1] = 0;
    char *e[8];
    int n = split_ops(t + 1, e, 8);
    if (n < 2 || n > max) return fail(s, s->sline, "bad vector operand");
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
    {"prmt", OP_PRMT}, {"selp", OP_SELP}, {"slct", OP_SLCT}, {"setp", OP_SETP}, {"cvt", OP_CVT},
    {"cvta", OP_CVTA}, {"rcp", OP_RCP}, {"sqrt", OP_SQRT}, {"rsqrt", OP_RSQRT}, {"lg2", OP_LG2},
    {"ex2", OP_EX2}, {"sin", OP_SIN}, {"cos", OP_COS}, {"tanh", OP_TANH},
    {"copysign", OP_COPYSIGN}, {"testp", OP_TESTP}, {"ld", OP_LD}, {"ldu", OP_LD},
    {"st", OP_ST}, {"atom", OP_ATOM}, {"red", OP_RED}, {"bar", OP_BAR}, {"barrier", OP_BAR},
    {"membar", OP_MEMBAR}, {"fence", OP_MEMBAR}, {"prefetch", OP_MEMBAR},
    {"prefetchu", OP_MEMBAR}, {"bra", OP_BRA}, {"ret", OP_RET}, {"exit", OP_EXIT}};

static const char *const cmpname[C_N] = {"eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi",
                                         "hs", "equ", "neu", "ltu", "leu", "gtu", "geu", "num",
                                         "nan"};

static int decode_opcode(ps *s, char *opc, ptx_ins *in, int *uni, int *barsync)
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
    if (op < 0) return UNSUP(s, "instruction '%s'", m[0]);
    in->op = (uint8_t)op;
    in->type = in->type2 = T_NONE;
    in->vec = 1;
    in->space = PS_NONE;
    int ntypes = 0;
    for (int i = 1; i < nm; i++) {
        char *t = m[i];
        if (!*t) {
            /* "::" in names like shared::cta split into "shared", "", "cta" */
            continue;
        }
        uint8_t ty = type_of(t);
        if (ty != T_NONE) {
            if (ntypes == 0) in->type = ty;
            else if (ntypes == 1) in->type2 = ty;
            else return UNSUP(s, "three types in one opcode");
            ntypes++;
            continue;
        }
        if (is_unsupported_type(t)) return UNSUP(s, "type .%s", t);
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
        if (op == OP_BAR && (!strcmp(t, "arrive") || !strcmp(t, "red")))
            return UNSUP(s, "bar.%s", t);
        if (!strcmp(t, "proxy") || !strcmp(t, "async") || !strcmp(t, "cluster") ||
            !strcmp(t, "mmio") || !strcmp(t, "tensormap"))
            return UNSUP(s, "%s.%s", m[0], t);
        return UNSUP(s, "modifier .%s on %s", t, m[0]);
    }
    if ((op == OP_BAR) && !*barsync) return UNSUP(s, "bar without .sync");
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
static int check_count(ps *s, const ptx_ins *in, int n)
{
    int want = -1;
    switch (in->op) {
    case OP_MOV: case OP_NEG: case OP_ABS: case OP_NOT: case OP_CNOT: case OP_POPC: case OP_CLZ:
    case OP_BREV: case OP_CVT: case OP_CVTA: case OP_RCP: case OP_SQRT: case OP_RSQRT:
    case OP_LG2: case OP_EX2: case OP_SIN: case OP_COS: case OP_TANH: case OP_TESTP: case OP_LD:
    case OP_ST: case OP_RED:
        want = 2; break;
    case OP_ADD: case OP_SUB: case OP_MUL: case OP_DIV: case OP_REM: case OP_MIN: case OP_MAX:
    case OP_AND: case OP_OR: case OP_XOR: case OP_SHL: case OP_SHR: case OP_COPYSIGN:
        want = 3; break;
    case OP_MAD: case OP_FMA: case OP_BFE: case OP_PRMT: case OP_SHF: case OP_SELP: case OP_SLCT:
        want = 4; break;
    case OP_BFI: want = 5; break;
    case OP_SETP: if (n != 3 && n != 4) want = 3; break;
    case OP_ATOM: if (n != 3 && n != 4) want = 3; break;
    case OP_BAR: if (n < 1 || n > 2) want = 1; break;
    case OP_BRA: want = 1; break;
    case OP_RET: case OP_EXIT: case OP_MEMBAR: want = 0; break;
    }
    if (want >= 0 && n != want) return fail(s, s->sline, "expected %d operands, got %d", want, n);
    return 0;
}

/* the destination/source register width check: a register narrower than the
 * type (except predicates) is an error; wider is allowed where PTX allows it */
static int reg_fits(ps *s, const ptx_opnd *o, uint8_t ty, const char *what)
{
    if (o->kind != O_REG || ty == T_NONE) return 0;
    uint8_t w = s->regw[o->reg];
    if (ty == T_PRED) {
        if (w != 0) return fail(s, s->sline, "%s %s is not a predicate", what, s->regname[o->reg]);
        return 0;
    }
    if (w == 0) return fail(s, s->sline, "%s %s is a predicate", what, s->regname[o->reg]);
    if (w < TY_BYTES(ty) && !(w == 2 && TY_BYTES(ty) == 1))
        return fail(s, s->sline, "%s %s is narrower than .%s", what, s->regname[o->reg],
                    TY_KIND(ty) == TK_F ? (ty == T_F32 ? "f32" : "f64") : "type");
    return 0;
}

static int add_label(ps *s, const char *name)
{
    for (unsigned i = 0; i < s->nldef; i++)
        if (!strcmp(s->ldef[i].name, name)) return fail(s, s->sline, "label '%s' defined twice", name);
    if (strlen(name) >= 64) return fail(s, s->sline, "label too long");
    s->ldef = grow(s->ldef, &s->capldef, s->nldef + 1, sizeof *s->ldef);
    snprintf(s->ldef[s->nldef].name, sizeof s->ldef[0].name, "%.63s", name);
    s->ldef[s->nldef].pc = (int)s->n;
    s->nldef++;
    s->labels = grow(s->labels, &s->caplabels, s->n + 2, sizeof *s->labels);
    snprintf(s->labels[s->n], sizeof s->labels[0], "%.31s", name);
    return 0;
}

static void add_src(prog_insn *pi, int reg)
{
    if (reg < 0) return;
    for (unsigned i = 0; i < pi->nsrc; i++)
        if (pi->src[i] == reg) return;
    if (pi->nsrc < PROG_MAX_SRC) pi->src[pi->nsrc++] = (uint16_t)reg;
}

static int instruction(ps *s, char *stmt)
{
    char *t = trim(stmt);
    char full[160];
    snprintf(full, sizeof full, "%s", t);
    if (s->n >= MAX_INS) return fail(s, s->sline, "more than %u instructions", MAX_INS);
    s->ins = grow(s->ins, &s->capins, s->n + 1, sizeof *s->ins);
    unsigned capp = s->capins;
    (void)capp;
    s->pins = realloc(s->pins, (size_t)s->capins * sizeof *s->pins);
    if (!s->pins) return fail(s, s->sline, "out of memory");
    s->labels = grow(s->labels, &s->caplabels, s->n + 2, sizeof *s->labels);
    ptx_ins *in = &s->ins[s->n];
    prog_insn *pi = &s->pins[s->n];
    memset(in, 0, sizeof *in);
    memset(pi, 0, sizeof *pi);
    pi->guard = -1;
    pi->line = s->sline;
    /* guard */
    if (t[0] == '@') {
        char *g = t + 1;
        int neg = 0;
        if (*g == '!') { neg = 1; g++; }
        char *e = g;
        while (*e && !isspace((unsigned char)*e)) e++;
        if (!*e) return fail(s, s->sline, "guard without an instruction");
        *e = 0;
        int r = find_reg(s, g);
        if (r < 0) return fail(s, s->sline, "undeclared guard %s", g);
        if (s->regw[r] != 0) return fail(s, s->sline, "guard %s is not a predicate", g);
        pi->guard = r;
        pi->guard_neg = (uint8_t)neg;
        t = trim(e + 1);
    }
    char *opc = t;
    while (*t && !isspace((unsigned char)*t)) t++;
    if (*t) *t++ = 0;
    int uni = 0, barsync = 0;
    if (decode_opcode(s, opc, in, &uni, &barsync)) return -1;
    char *ops[10];
    int n = split_ops(t, ops, 10);
    if (n < 0) return fail(s, s->sline, "too many operands");
    if (check_count(s, in, n)) return -1;
    uint8_t ty = in->type;
    switch (in->op) {
    case OP_LD: {
        int k = parse_vec(s, ops[0], in->d, 4);
        if (k < 0) return -1;
        if (k != in->vec) return fail(s, s->sline, "vector size does not match .v%d", in->vec);
        in->nd = (uint8_t)k;
        if (parse_addr(s, ops[1], in->space, &in->a[0])) return -1;
        in->na = 1;
        break;
    }
    case OP_ST: {
        if (parse_addr(s, ops[0], in->space, &in->a[0])) return -1;
        int k = parse_vec(s, ops[1], &in->a[1], 4);
        if (k < 0) return -1;
        if (k != in->vec) return fail(s, s->sline, "vector size does not match .v%d", in->vec);
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
        if ((in->aop == A_CAS) != (n == 4)) return fail(s, s->sline, "atom.cas takes 4 operands, the others 3");
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
        s->pend = grow(s->pend, &s->cappend, s->npend + 1, sizeof *s->pend);
        snprintf(s->pend[s->npend].name, sizeof s->pend[0].name, "%.63s", trim(ops[0]));
        s->pend[s->npend].pc = (int)s->n;
        s->pend[s->npend].line = s->sline;
        s->npend++;
        break;
    case OP_BAR:
        for (int i = 0; i < n; i++)
            if (parse_scalar(s, ops[i], &in->a[i], 0)) return -1;
        if (in->a[0].kind != O_IMM || in->a[0].imm != 0) return UNSUP(s, "barrier other than 0");
        if (n == 2) return UNSUP(s, "barrier with a thread count");
        in->na = (uint8_t)n;
        break;
    case OP_SETP: {
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
        if (!(in->bop & 0x80)) return fail(s, s->sline, "setp without a comparison");
        in->bop &= 0x7f;
        if ((in->bop != B_NONE) != (n == 4)) return fail(s, s->sline, "setp's combining operand");
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
        if (k > 1 && j > 1) return fail(s, s->sline, "bad mov");
        if (k > 1 || j > 1) {
            unsigned parts = (unsigned)(k > 1 ? k : j);
            if (ty == T_NONE || TY_BYTES(ty) % parts || TY_BYTES(ty) / parts < 2)
                return fail(s, s->sline, "bad vector mov");
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
    case OP_BRA: case OP_RET: case OP_EXIT: case OP_BAR: case OP_MEMBAR:
        if (ty != T_NONE) return fail(s, s->sline, "unexpected type");
        break;
    case OP_CVT:
        if (ty == T_NONE || in->type2 == T_NONE || ty == T_PRED || in->type2 == T_PRED)
            return fail(s, s->sline, "cvt needs two types");
        break;
    default:
        if (ty == T_NONE) return fail(s, s->sline, "missing type");
        if (in->type2 != T_NONE && in->op != OP_SLCT && in->op != OP_SETP)
            return fail(s, s->sline, "two types");
        if (in->op == OP_SETP && in->type2 != T_NONE) return fail(s, s->sline, "two types");
    }
    if (in->op == OP_SLCT && in->type2 != T_S32 && in->type2 != T_F32)
        return fail(s, s->sline, "slct needs .s32 or .f32 as its second type");
    /* refusals */
    if ((in->flags & F_FTZ) && in->type != T_F32 && !(in->op == OP_CVT && in->type2 == T_F32) &&
        !(in->op == OP_SETP && in->type == T_F32))
        return UNSUP(s, ".ftz on a type other than .f32");
    if ((in->flags & F_SAT) && !(in->op == OP_CVT || ((in->op == OP_ADD || in->op == OP_SUB ||
                                                       in->op == OP_MUL || in->op == OP_MAD ||
                                                       in->op == OP_FMA) &&
                                                      (ty == T_F32 || ty == T_S32))))
        return UNSUP(s, ".sat on %s", opc);
    if ((in->op == OP_ADD || in->op == OP_SUB || in->op == OP_MAD) && (in->flags & F_SAT) &&
        ty == T_S32 && in->op == OP_MAD && !(in->flags & F_HI))
        return UNSUP(s, "mad.sat without .hi");
    if ((in->op == OP_SIN || in->op == OP_COS || in->op == OP_LG2 || in->op == OP_EX2 ||
         in->op == OP_TANH || in->op == OP_RSQRT) && !(in->flags & F_APPROX))
        return fail(s, s->sline, "%s needs .approx", opc);
    if ((in->op == OP_SIN || in->op == OP_COS || in->op == OP_LG2 || in->op == OP_EX2 ||
         in->op == OP_TANH) && ty != T_F32)
        return UNSUP(s, "%s on a type other than .f32", opc);
    if ((in->op == OP_ATOM || in->op == OP_RED)) {
        if (in->space == PS_LOCAL || in->space == PS_PARAM) return UNSUP(s, "atom on .local/.param");
        if (in->aop == A_NONE) return fail(s, s->sline, "atom without an operation");
        if (in->vec != 1) return UNSUP(s, "vector atom");
        if (TY_BYTES(ty) < 4) return UNSUP(s, "atom narrower than 32 bits");
        if (TY_KIND(ty) == TK_F && in->aop != A_ADD && in->aop != A_EXCH && in->aop != A_MIN &&
            in->aop != A_MAX)
            return UNSUP(s, "atom.%s on a float", opc);
        if ((in->aop == A_INC || in->aop == A_DEC) && ty != T_U32) return UNSUP(s, "atom.inc/dec other than .u32");
    }
    if (in->op == OP_ST && in->space == PS_PARAM) return UNSUP(s, "st.param (calls are not supported)");
    if ((in->op == OP_LD || in->op == OP_ST) && ty == T_PRED) return fail(s, s->sline, "ld/st of .pred");
    if (in->vec != 1 && in->op != OP_LD && in->op != OP_ST) return UNSUP(s, ".v%d on %s", in->vec, opc);
    if (in->op == OP_CVTA && in->space != PS_GLOBAL && in->space != PS_SHARED && in->space != PS_LOCAL)
        return UNSUP(s, "cvta to or from this space");
    if (in->op == OP_CVTA && ty != T_U64 && ty != T_U32) return fail(s, s->sline, "cvta needs .u32 or .u64");
    if ((in->op == OP_TESTP || in->op == OP_COPYSIGN) && TY_KIND(ty) != TK_F)
        return fail(s, s->sline, "%s needs a float type", opc);
    if (in->op == OP_MAD && TY_KIND(ty) != TK_F && !(in->flags & (F_HI | F_LO | F_WIDE)))
        return fail(s, s->sline, "mad needs .lo, .hi or .wide");
    if (in->op == OP_MUL && TY_KIND(ty) != TK_F && !(in->flags & (F_HI | F_LO | F_WIDE)))
        return fail(s, s->sline, "mul needs .lo, .hi or .wide");
    if ((in->flags & F_WIDE) && TY_BYTES(ty) != 2 && TY_BYTES(ty) != 4)
        return fail(s, s->sline, ".wide needs a 16- or 32-bit type");
    if ((in->op == OP_ADD || in->op == OP_SUB) && (in->flags & (F_HI | F_LO)))
        return UNSUP(s, "add.cc/addc forms");
    if (in->op == OP_MOV && (ty == T_PRED) && (in->nd != 1 || in->na != 1)) return fail(s, s->sline, "bad mov");
    /* register widths */
    uint8_t dty = ty;
    if (in->op == OP_SETP || in->op == OP_TESTP) dty = T_PRED;
    if (in->op == OP_CVT) dty = ty;
    if (in->flags & F_WIDE) dty = (uint8_t)(ty + 1);
    if (in->op == OP_BFE || in->op == OP_POPC || in->op == OP_CLZ) dty = in->op == OP_BFE ? ty : T_U32;
    if (in->op != OP_MOV || in->nd == 1)
        for (int i = 0; i < in->nd; i++)
            if (in->op != OP_ATOM || in->d[i].kind != O_SINK)
                if (reg_fits(s, &in->d[i], in->op == OP_LD && TY_BYTES(ty) < 4 ? ty : dty, "destination"))
                    return -1;
    for (int i = 0; i < in->nd; i++)
        if (in->d[i].kind != O_REG && !(in->d[i].kind == O_SINK &&
                                        (in->op == OP_ATOM || in->op == OP_SETP)))
            return fail(s, s->sline, "destination must be a register");
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
            else return fail(s, s->sline, "float literal in an integer operation");
        } else if (!o->fimm && TY_KIND(oty) == TK_F && in->op != OP_MOV) {
            double d = (double)(int64_t)o->imm;
            if (oty == T_F32) {
                float f = (float)d;
                uint32_t u;
                memcpy(&u, &f, 4);
                o->imm = u;
            } else memcpy(&o->imm, &d, 8);
        }
        o->fimm = 0;
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
    return 0;
}

/* ------------------------------------------------------------ entry */

static int entry_params(ps *s, char *hdr)
{
    ptx_info *in = s->info;
    char *lp = strchr(hdr, '(');
    if (!lp) return 0;
    char *rp = strrchr(hdr, ')');
    if (!rp || rp < lp) return fail(s, s->sline, "bad parameter list");
    *rp = 0;
    char *list[256];
    int n = split_ops(lp + 1, list, 256);
    if (n < 0) return UNSUP(s, "more than 256 parameters");
    uint32_t off = 0;
    for (int i = 0; i < n; i++) {
        char *w[16];
        int nw = words(list[i], w, 16);
        if (nw < 2 || strcmp(w[0], ".param")) return fail(s, s->sline, "bad parameter '%s'", list[i]);
        char name[64];
        uint8_t ty;
        uint64_t bytes, align;
        int unsized;
        int r = parse_var(s, w, nw, 1, name, sizeof name, &ty, &bytes, &align, &unsized);
        if (r < 0) return -1;
        if (r != nw || unsized) return fail(s, s->sline, "bad parameter '%s'", name);
        if (bytes > 4096) return UNSUP(s, "parameter '%s' larger than 4096 bytes", name);
        off = (uint32_t)align_up(off, align);
        ptx_param *pv = realloc(in->param, (in->nparam + 1) * sizeof *pv);
        if (!pv) return fail(s, s->sline, "out of memory");
        in->param = pv;
        ptx_param *p = &pv[in->nparam++];
        memset(p, 0, sizeof *p);
        snprintf(p->name, sizeof p->name, "%s", name);
        p->type = ty;
        p->bytes = (uint32_t)bytes;
        p->align = (uint32_t)align;
        p->offset = off;
        p->line = s->sline;
        if (add_sym(s, name, PS_PARAM, off, bytes)) return -1;
        off += (uint32_t)bytes;
    }
    in->param_bytes = off;
    return 0;
}

static int entry_body(ps *s)
{
    char buf[4096];
    int depth = 1;
    unsigned scope_decls[64];
    unsigned scope_syms[64];
    for (;;) {
        int k = next_stmt(s, buf, sizeof buf);
        if (s->failed) return -1;
        if (k == ST_EOF) return fail(s, s->line, "end of file inside the entry");
        if (k == ST_OPEN) {
            if (depth == 64) return UNSUP(s, "scopes nested deeper than 64");
            scope_decls[depth] = s->ndecls;
            scope_syms[depth] = s->nsyms;
            depth++;
            continue;
        }
        if (k == ST_CLOSE) {
            if (--depth == 0) return 0;
            s->ndecls = scope_decls[depth];
            (void)scope_syms;
            continue;
        }
        if (k == ST_LABEL) {
            if (add_label(s, buf)) return -1;
            continue;
        }
        char *t = trim(buf);
        if (!*t) continue;
        if (!strncmp(t, ".reg", 4) && isspace((unsigned char)t[4])) {
            if (declare_regs(s, t)) return -1;
        } else if (!strncmp(t, ".pragma", 7)) {
        } else if (!strncmp(t, ".local", 6) || !strncmp(t, ".shared", 7) ||
                   !strncmp(t, ".extern", 7)) {
            if (decl_var(s, t, 1)) return -1;
        } else if (!strncmp(t, ".param", 6)) {
            return UNSUP(s, ".param inside the body (calls are not supported)");
        } else if (t[0] == '.') {
            char *e = t;
            while (*e && !isspace((unsigned char)*e)) e++;
            *e = 0;
            return UNSUP(s, "directive %s in a body", t);
        } else if (instruction(s, t)) return -1;
    }
}

static int resolve(ps *s, prog *p)
{
    for (unsigned i = 0; i < s->npend; i++) {
        int pc = -1;
        for (unsigned j = 0; j < s->nldef; j++)
            if (!strcmp(s->ldef[j].name, s->pend[i].name)) pc = s->ldef[j].pc;
        if (pc < 0) return fail(s, s->pend[i].line, "undefined label '%s'", s->pend[i].name);
        s->pins[s->pend[i].pc].target = pc;
    }
    (void)p;
    return 0;
}

int ptx_parse(const char *name, const char *text, const char *entry, uint64_t global_base,
              prog *p, ptx_info *info, char *err, size_t errlen)
{
    ps S;
    ps *s = &S;
    memset(s, 0, sizeof *s);
    memset(p, 0, sizeof *p);
    memset(info, 0, sizeof *info);
    s->file = name;
    s->text = strdup(text);
    if (!s->text) {
        snprintf(err, errlen, "%s: out of memory", name);
        return -1;
    }
    s->len = strlen(s->text);
    s->line = 1;
    s->err = err;
    s->errlen = errlen;
    s->info = info;
    s->global_base = align_up(global_base, 256);
    s->gend = s->global_base;
    strip_comments(s->text);
    char buf[8192];
    int found = 0, addr64 = 0, have_version = 0, rc = -1;
    for (;;) {
        int k = next_stmt(s, buf, sizeof buf);
        if (s->failed) goto out;
        if (k == ST_EOF) break;
        if (k == ST_OPEN) { skip_body(s); continue; }
        if (k == ST_CLOSE) { fail(s, s->sline, "unexpected '}'"); goto out; }
        if (k == ST_LABEL) { fail(s, s->sline, "label outside a function"); goto out; }
        char *t = trim(buf);
        char *w[64];
        char copy[300];
        snprintf(copy, sizeof copy, "%.250s", t);
        /* the words before an entry's parameter list or a variable's
         * initialiser (which decl_var reads from t, whole) */
        char *cut = strpbrk(copy, "(=");
        if (cut) cut[*cut == '(' ? 1 : 0] = 0;
        int nw = words(copy, w, 64);
        if (nw < 0) { fail(s, s->sline, "directive with too many words"); goto out; }
        if (nw == 0) continue;
        if (!strcmp(w[0], ".version")) { have_version = 1; continue; }
        if (!strcmp(w[0], ".target")) {
            for (char *c = t; *c; c++)
                if (!strncmp(c, "texmode", 7) || !strncmp(c, "debug", 5)) { /* fine */ }
            continue;
        }
        if (!strcmp(w[0], ".address_size")) {
            if (nw != 2 || strcmp(w[1], "64")) { UNSUP(s, ".address_size other than 64"); goto out; }
            addr64 = 1;
            continue;
        }
        if (!strcmp(w[0], ".pragma")) continue;
        int i = 0;
        while (i < nw && (!strcmp(w[i], ".visible") || !strcmp(w[i], ".weak") || !strcmp(w[i], ".extern")))
            i++;
        if (i < nw && !strcmp(w[i], ".func")) {
            /* a definition is followed by '{'; a declaration ended with ';' */
            size_t q = s->pos;
            while (q < s->len && isspace((unsigned char)s->text[q])) q++;
            if (q < s->len && s->text[q] == '{' && s->text[s->pos - 1] != ';') {
                s->pos = q + 1;
                skip_body(s);
            }
            continue;
        }
        if (i < nw && !strcmp(w[i], ".entry")) {
            char nm[128];
            snprintf(nm, sizeof nm, "%s", i + 1 < nw ? w[i + 1] : "");
            char *lp = strchr(nm, '(');
            if (lp) *lp = 0;
            if (!*nm) { fail(s, s->sline, "entry without a name"); goto out; }
            size_t el = strlen(info->entries);
            if (el + strlen(nm) + 2 < sizeof info->entries)
                snprintf(info->entries + el, sizeof info->entries - el, "%s%s", el ? " " : "", nm);
            int hdr_line = s->sline;
            k = next_stmt(s, buf, sizeof buf); /* the '{' (or ';' of a declaration) */
            if (k != ST_OPEN) {
                if (k == ST_TEXT && !strchr(t, '(')) {}
                fail(s, hdr_line, "entry '%s' without a body", nm);
                goto out;
            }
            if (found || strcmp(nm, entry)) { skip_body(s); continue; }
            found = 1;
            s->sline = hdr_line;
            s->module_syms = s->nsyms;
            snprintf(p->name, sizeof p->name, "%.63s", nm);
            if (entry_params(s, t)) goto out;
            if (entry_body(s)) goto out;
            if (resolve(s, p)) goto out;
            s->nsyms = s->module_syms; /* the entry's own symbols go */
            continue;
        }
        if (i < nw && (!strcmp(w[i], ".global") || !strcmp(w[i], ".const") || !strcmp(w[i], ".shared"))) {
            if (decl_var(s, t, 0)) goto out;
            continue;
        }
        if (!strcmp(w[0], ".file") || !strcmp(w[0], ".loc")) continue;
        if (w[0][0] == '.') { UNSUP(s, "directive %s", w[0]); goto out; }
        fail(s, s->sline, "unexpected '%s' outside a function", w[0]);
        goto out;
    }
    if (!have_version && 0) {}
    if (!addr64) { fail(s, 1, "unsupported PTX: no .address_size 64"); goto out; }
    if (!found) {
        snprintf(err, errlen, "%s: no .entry '%s' (entries: %s)", name, entry,
                 info->entries[0] ? info->entries : "none");
        rc = -2;
        goto out;
    }
    if (s->n == 0) { fail(s, 1, "entry '%s' has no instructions", entry); goto out; }
    /* An atom whose old value nothing reads becomes a red: the value an
     * atomic returns depends on the order the threads reach it (clang keeps
     * the result register of atomicAdd even when it is unused), and a
     * register no instruction reads is not part of what the kernel computes. */
    {
        uint8_t *readr = calloc(s->nregs + 1, 1);
        if (!readr) { fail(s, 1, "out of memory"); goto out; }
        for (unsigned i = 0; i < s->n; i++)
            for (unsigned j = 0; j < s->pins[i].nsrc; j++) readr[s->pins[i].src[j]] = 1;
        for (unsigned i = 0; i < s->n; i++) {
            ptx_ins *in = &s->ins[i];
            if (in->op == OP_ATOM && in->d[0].kind == O_REG && !readr[in->d[0].reg]) {
                in->d[0].kind = O_SINK;
                s->pins[i].ndst = 0;
            }
        }
        free(readr);
    }
    /* the .extern .shared array goes after the static ones */
    uint64_t ext = s->extern_align ? align_up(s->shared_static, s->extern_align) : s->shared_static;
    for (unsigned i = 0; i < s->n; i++)
        for (int j = 0; j < s->ins[i].na; j++)
            if (s->ins[i].a[j].ext) {
                s->ins[i].a[j].imm += ext;
                s->ins[i].a[j].ext = 0;
            }
    /* prog */
    snprintf(p->file, sizeof p->file, "%s", name);
    p->n = s->n;
    p->ins = s->pins;
    s->pins = NULL;
    p->label = calloc(s->n + 1, sizeof *p->label);
    if (!p->label) { fail(s, 1, "out of memory"); goto out; }
    for (unsigned i = 0; i < s->n; i++)
        if (i < s->caplabels) memcpy(p->label[i], s->labels[i], sizeof p->label[i]);
    if (s->n < s->caplabels) memcpy(p->label[s->n], s->labels[s->n], sizeof p->label[0]);
    p->nregs = s->nregs ? s->nregs : 1;
    p->shared_bytes = ext;
    p->local_bytes = s->local_bytes;
    p->ops = &ptx_ops;
    ptx_impl *im = calloc(1, sizeof *im);
    if (!im) { fail(s, 1, "out of memory"); goto out; }
    im->ins = s->ins;
    s->ins = NULL;
    im->regw = calloc(p->nregs, 1);
    im->regname = calloc(p->nregs, sizeof *im->regname);
    if (!im->regw || !im->regname) { fail(s, 1, "out of memory"); free(im); goto out; }
    if (s->nregs) {
        memcpy(im->regw, s->regw, s->nregs);
        memcpy(im->regname, s->regname, (size_t)s->nregs * sizeof *im->regname);
        /* the names and widths for every front end's users (--show-scalar;
         * scalar.h's allocator: a predicate is no data register, a 64-bit
         * register takes two 32-bit units; regw is in bytes, 0 a predicate) */
        p->reg_name = malloc((size_t)s->nregs * sizeof *p->reg_name);
        if (p->reg_name)
            memcpy(p->reg_name, s->regname, (size_t)s->nregs * sizeof *p->reg_name);
        p->reg_bits = malloc(s->nregs);
        if (p->reg_bits)
            for (unsigned r = 0; r < s->nregs; r++)
                p->reg_bits[r] = s->regw[r] ? (uint8_t)(8u * s->regw[r]) : 1u;
    }
    p->impl = im;
    if (ptx_fast_build(im, p)) { fail(s, 1, "out of memory"); goto out; }
    info->shared_static = s->shared_static;
    info->extern_align = s->extern_align;
    info->gvar_end = s->gend;
    info->gvar_init = s->ginit;
    s->ginit = NULL;
    rc = 0;
out:
    if (rc) {
        if (p->impl) p->ops->free_impl(p);
        free(p->ins);
        free(p->label);
        memset(p, 0, sizeof *p);
        free(info->param); /* -2 keeps only the names of the entries */
        free(info->gvar);
        info->param = NULL;
        info->gvar = NULL;
        info->nparam = info->ngvar = 0;
        if (rc == -1) memset(info, 0, sizeof *info);
    }
    free(s->text);
    free(s->syms);
    free(s->decls);
    free(s->regw);
    free(s->regname);
    free(s->ins);
    free(s->pins);
    free(s->labels);
    free(s->ldef);
    free(s->pend);
    free(s->ginit);
    return rc;
}

int ptx_load(const char *path, const char *entry, uint64_t global_base, prog *p, ptx_info *info,
             char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        memset(p, 0, sizeof *p);
        memset(info, 0, sizeof *info);
        return -1;
    }
    size_t cap = 1 << 16, len = 0;
    char *t = malloc(cap);
    size_t k;
    while (t && (k = fread(t + len, 1, cap - len - 1, f)) > 0) {
        len += k;
        if (len + 1 == cap) {
            char *q = realloc(t, cap *= 2);
            if (!q) { free(t); t = NULL; }
            t = q;
        }
    }
    fclose(f);
    if (!t) {
        snprintf(err, errlen, "%s: out of memory", path);
        return -1;
    }
    t[len] = 0;
    if (strlen(t) != len) {
        free(t);
        snprintf(err, errlen, "%s: not a text file (NUL byte)", path);
        memset(p, 0, sizeof *p);
        memset(info, 0, sizeof *info);
        return -1;
    }
    int rc = ptx_parse(path, t, entry, global_base, p, info, err, errlen);
    free(t);
    return rc;
}

void ptx_info_free(ptx_info *info)
{
    free(info->param);
    free(info->gvar);
    free(info->gvar_init);
    memset(info, 0, sizeof *info);
}

void ptx_set_regions(prog *p, const ptx_var *r, unsigned n)
{
    ptx_impl *im = p->impl;
    free(im->region);
    im->region = NULL;
    im->nregion = 0;
    im->last_region = 0;
    if (!n) return;
    im->region = calloc(n, sizeof *im->region);
    if (!im->region) return;
    for (unsigned i = 0; i < n; i++) {
        snprintf(im->region[i].name, sizeof im->region[i].name, "%s", r[i].name);
        im->region[i].addr = r[i].addr;
        im->region[i].bytes = r[i].bytes;
    }
    im->nregion = n;
}
