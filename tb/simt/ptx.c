/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ptx.c -- the PTX parser's directives and the module loader: .version,
 * .target, .address_size, module and entry variables (.global, .const,
 * .shared, .extern .shared, .local with their initialisers), .reg
 * declarations, the chosen .entry's parameters and body (its instructions:
 * ptx_insn.c), label resolution, and ptx_parse/ptx_load, which lower the
 * module into prog (prog.h) with the decoded instructions in ptx_impl
 * (ptx_int.h) and build their fast form (ptx_exec.c).  Lexing: ptx_lex.c.
 * Semantics: ptx_exec.c.  What is accepted: ptx.h and docs/ptx.md.
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx_int.h"

/* A variable declaration after its state space word:
 *   [.align N] .type name[K][L]... [= {init}]
 * Fills name, elt type, bytes, align; init text (after '=') or NULL. */
static int parse_var(ptx_ps *s, char **w, int nw, int first, char *name, size_t namesz, uint8_t *ty,
                     uint64_t *bytes, uint64_t *align, int *is_array_unsized)
{
    *align = 0;
    *ty = T_NONE;
    *is_array_unsized = 0;
    int i = first;
    for (; i < nw; i++) {
        if (!strcmp(w[i], ".align")) {
            uint64_t a;
            if (i + 1 >= nw || ptx_parse_int(w[i + 1], &a) || !a || (a & (a - 1)))
                return ptx_fail(s, s->sline, "bad .align");
            *align = a;
            i++;
        } else if (!strcmp(w[i], ".ptr") || !strcmp(w[i], ".global") || !strcmp(w[i], ".shared") ||
                   !strcmp(w[i], ".const") || !strcmp(w[i], ".local")) {
            /* NVIDIA's .param .u64 .ptr .global .align 4 name */
        } else if (w[i][0] == '.') {
            if (ptx_is_unsupported_type(w[i] + 1)) return UNSUP(s, "type %s", w[i]);
            *ty = ptx_type_of(w[i] + 1);
            if (*ty == T_NONE || *ty == T_PRED) return UNSUP(s, "declaration with %s", w[i]);
        } else break;
    }
    if (i >= nw || *ty == T_NONE) return ptx_fail(s, s->sline, "bad declaration");
    char *nm = w[i];
    char *br = strchr(nm, '[');
    uint64_t count = 1;
    if (br) {
        char *b = br;
        while (*b == '[') {
            char *e = strchr(b, ']');
            if (!e) return ptx_fail(s, s->sline, "bad array size in '%s'", nm);
            *e = 0;
            if (b[1] == 0) {
                *is_array_unsized = 1;
                count = 0;
            } else {
                uint64_t k;
                if (ptx_parse_int(b + 1, &k) || !k || k > (1ull << 40))
                    return ptx_fail(s, s->sline, "bad array size in '%s'", nm);
                count *= k;
            }
            b = e + 1;
        }
        if (*b) return ptx_fail(s, s->sline, "bad array declaration");
        *br = 0;
    }
    if (!ptx_is_id0((unsigned char)nm[0]) || strlen(nm) >= namesz) return ptx_fail(s, s->sline, "bad name '%s'", nm);
    snprintf(name, namesz, "%s", nm);
    *bytes = count * TY_BYTES(*ty);
    if (!*align) *align = TY_BYTES(*ty);
    return i + 1;
}

/* Writes an initialiser list into dst (elements of type ty). */
static int parse_init(ptx_ps *s, char *t, uint8_t ty, uint8_t *dst, uint64_t bytes)
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
        if (i >= n) return ptx_fail(s, s->sline, "too many initialisers");
        uint64_t v;
        double d;
        int fb;
        if (!ptx_parse_int(tok, &v)) {
            if (TY_KIND(ty) == TK_F) {
                d = (double)(int64_t)v;
                goto fl;
            }
        } else if (!ptx_parse_fhex(tok, &v, &fb)) {
            if (fb == 32 && ty == T_F64) {
                float f;
                uint32_t u = (uint32_t)v;
                memcpy(&f, &u, 4);
                d = f;
                goto fl;
            }
        } else if (!ptx_parse_fdec(tok, &d)) {
        fl:
            if (ty == T_F32) {
                float f = (float)d;
                uint32_t u;
                memcpy(&u, &f, 4);
                v = u;
            } else if (ty == T_F64) {
                memcpy(&v, &d, 8);
            } else return ptx_fail(s, s->sline, "float initialiser for an integer");
        } else {
            int fi = ptx_func_find(s, tok);
            if (fi < 0) return UNSUP(s, "initialiser '%s'", tok);
            if (TY_BYTES(ty) != 8) /* a table of function pointers holds 64-bit addresses */
                return UNSUP(s, "initialiser '%s': a function's address in a %u-byte element", tok, TY_BYTES(ty));
            v = PTX_FUNC_ADDR(fi);
        }
        for (unsigned b = 0; b < TY_BYTES(ty); b++) dst[i * TY_BYTES(ty) + b] = (uint8_t)(v >> (8 * b));
        i++;
    }
    return 0;
}

/* .global / .const / .shared / .local / .extern .shared variable */
int ptx_decl_var(ptx_ps *s, char *stmt, int in_entry)
{
    char *init = strchr(stmt, '=');
    if (init) *init++ = 0;
    char *w[32];
    int nw = ptx_words(stmt, w, 32);
    if (nw < 0) return ptx_fail(s, s->sline, "declaration too long");
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
    char name[PTX_NAME];
    uint8_t ty;
    uint64_t bytes, align;
    int unsized;
    int r = parse_var(s, w, nw, i, name, sizeof name, &ty, &bytes, &align, &unsized);
    if (r < 0) return -1;
    if (r != nw) return ptx_fail(s, s->sline, "unexpected '%s'", w[r]);
    if (ext) {
        if (space != PS_SHARED) return UNSUP(s, ".extern variable outside .shared");
        if (!unsized) return UNSUP(s, ".extern .shared with a size");
        /* every .extern .shared array starts at the dynamic area, as in
         * CUDA (a module whose kernels each name their own extern
         * __shared__ array: they alias), aligned for the strictest */
        if (!s->extern_align) snprintf(s->extern_name, sizeof s->extern_name, "%s", name);
        if (align > s->extern_align) s->extern_align = (uint32_t)align;
        return ptx_add_sym(s, name, PS_SHARED, UINT64_MAX, 0); /* placed at the end */
    }
    if (unsized) return ptx_fail(s, s->sline, "array '%s' without a size", name);
    if (space == PS_SHARED) {
        if (init) return UNSUP(s, "initialised .shared");
        uint64_t a = ptx_align_up(s->shared_static, align);
        s->shared_static = a + bytes;
        return ptx_add_sym(s, name, PS_SHARED, a, bytes);
    }
    if (space == PS_LOCAL) {
        if (!in_entry) return UNSUP(s, ".local at module scope");
        if (init) return UNSUP(s, "initialised .local");
        uint64_t a = ptx_align_up(s->local_bytes, align);
        s->local_bytes = a + bytes;
        return ptx_add_sym(s, name, PS_LOCAL, a, bytes);
    }
    /* .global / .const: in global memory from global_base */
    uint64_t a = ptx_align_up(s->gend, align < 4 ? 4 : align);
    uint64_t end = a + bytes;
    if (end >= PTX_SHARED_WIN || bytes > (1ull << 32)) return ptx_fail(s, s->sline, "'%s' too large", name);
    uint8_t *g = realloc(s->ginit, end - s->global_base + 1);
    if (!g) return ptx_fail(s, s->sline, "out of memory");
    memset(g + (s->gend - s->global_base), 0, end - s->gend + 1);
    s->ginit = g;
    s->gend = end;
    if (init && parse_init(s, init, ty, g + (a - s->global_base), bytes)) return -1;
    ptx_info *in = s->info;
    ptx_var *v = realloc(in->gvar, (in->ngvar + 1) * sizeof *v);
    if (!v) return ptx_fail(s, s->sline, "out of memory");
    in->gvar = v;
    snprintf(v[in->ngvar].name, sizeof v[0].name, "%s", name);
    v[in->ngvar].addr = a;
    v[in->ngvar].bytes = bytes;
    in->ngvar++;
    return ptx_add_sym(s, name, PS_GLOBAL, a, bytes);
}

/* ------------------------------------------------------------ registers */

int ptx_declare_regs(ptx_ps *s, char *stmt)
{
    char *w[4];
    char *rest = stmt + 4; /* after .reg */
    while (*rest && isspace((unsigned char)*rest)) rest++;
    char *sp = rest;
    while (*sp && !isspace((unsigned char)*sp)) sp++;
    if (*sp) *sp++ = 0;
    (void)w;
    if (rest[0] != '.') return ptx_fail(s, s->sline, "bad .reg");
    if (!strcmp(rest, ".v2") || !strcmp(rest, ".v4")) return UNSUP(s, "vector registers");
    if (ptx_is_unsupported_type(rest + 1)) return UNSUP(s, "type %s", rest);
    uint8_t ty = ptx_type_of(rest + 1);
    if (ty == T_NONE) return ptx_fail(s, s->sline, "bad register type %s", rest);
    uint8_t width = ty == T_PRED ? 0 : (uint8_t)TY_BYTES(ty);
    if (ty == T_B8 || ty == T_U8 || ty == T_S8) width = 2; /* 8-bit registers hold 16 bits */
    for (char *tok = strtok(sp, ","); tok; tok = strtok(NULL, ",")) {
        tok = ptx_trim(tok);
        /* %name, or a plain identifier (inline PTX's `.reg .pred q;`,
         * clang's call sequence's temp_param_reg) */
        if (tok[0] != '%' && !ptx_is_id0((unsigned char)tok[0]))
            return ptx_fail(s, s->sline, "bad register name '%s'", tok);
        char *lt = strchr(tok, '<');
        uint32_t count = 0;
        if (lt) {
            uint64_t k;
            char *gt = strchr(lt, '>');
            if (!gt || gt[1]) return ptx_fail(s, s->sline, "bad register range '%s'", tok);
            *gt = 0;
            if (ptx_parse_int(lt + 1, &k) || k == 0 || k > MAX_REGS)
                return ptx_fail(s, s->sline, "bad register range '%s'", tok);
            *lt = 0;
            count = (uint32_t)k;
        }
        if (strlen(tok) >= sizeof s->decls[0].prefix) return ptx_fail(s, s->sline, "register name too long");
        uint32_t need = count ? count : 1;
        if (s->nregs + need > MAX_REGS) return ptx_fail(s, s->sline, "more than %u registers", MAX_REGS);
        s->decls = ptx_grow(s->decls, &s->capdecls, s->ndecls + 1, sizeof *s->decls);
        ptx_regdecl *d = &s->decls[s->ndecls++];
        snprintf(d->prefix, sizeof d->prefix, "%s", tok);
        d->count = count;
        d->base = s->nregs;
        s->regw = ptx_grow(s->regw, &s->capregs, s->nregs + need, 1);
        unsigned cap2 = s->capregs;
        (void)cap2;
        s->regname = realloc(s->regname, (size_t)s->capregs * sizeof *s->regname);
        if (!s->regname) return ptx_fail(s, s->sline, "out of memory");
        for (uint32_t k = 0; k < need; k++) {
            s->regw[s->nregs + k] = width;
            if (count) snprintf(s->regname[s->nregs + k], sizeof s->regname[0], "%.12s%u", tok, k);
            else snprintf(s->regname[s->nregs + k], sizeof s->regname[0], "%s", tok);
        }
        s->nregs += need;
    }
    return 0;
}
static int entry_params(ptx_ps *s, char *hdr)
{
    ptx_info *in = s->info;
    char *lp = strchr(hdr, '(');
    if (!lp) return 0;
    char *rp = strrchr(hdr, ')');
    if (!rp || rp < lp) return ptx_fail(s, s->sline, "bad parameter list");
    *rp = 0;
    char *list[256];
    int n = ptx_split_ops(lp + 1, list, 256);
    if (n < 0) return UNSUP(s, "more than 256 parameters");
    uint32_t off = 0;
    for (int i = 0; i < n; i++) {
        char *w[16];
        int nw = ptx_words(list[i], w, 16);
        if (nw < 2 || strcmp(w[0], ".param")) return ptx_fail(s, s->sline, "bad parameter '%s'", list[i]);
        char name[PTX_NAME];
        uint8_t ty;
        uint64_t bytes, align;
        int unsized;
        int r = parse_var(s, w, nw, 1, name, sizeof name, &ty, &bytes, &align, &unsized);
        if (r < 0) return -1;
        if (r != nw || unsized) return ptx_fail(s, s->sline, "bad parameter '%s'", name);
        if (bytes > 4096) return UNSUP(s, "parameter '%s' larger than 4096 bytes", name);
        off = (uint32_t)ptx_align_up(off, align);
        ptx_param *pv = realloc(in->param, (in->nparam + 1) * sizeof *pv);
        if (!pv) return ptx_fail(s, s->sline, "out of memory");
        in->param = pv;
        ptx_param *p = &pv[in->nparam++];
        memset(p, 0, sizeof *p);
        snprintf(p->name, sizeof p->name, "%s", name);
        p->type = ty;
        p->bytes = (uint32_t)bytes;
        p->align = (uint32_t)align;
        p->offset = off;
        p->line = s->sline;
        if (ptx_add_sym(s, name, PS_PARAM, off, bytes)) return -1;
        off += (uint32_t)bytes;
    }
    in->param_bytes = off;
    return 0;
}

int ptx_body(ptx_ps *s)
{
    char buf[4096];
    int depth = 1;
    unsigned scope_decls[64];
    unsigned scope_syms[64];
    unsigned scope_cps[64];
    char lastlab[96] = ""; /* the label just before this statement (.branchtargets) */
    for (;;) {
        int k = ptx_next_stmt(s, buf, sizeof buf);
        char prevlab[sizeof lastlab];
        memcpy(prevlab, lastlab, sizeof lastlab);
        if (k == ST_LABEL) snprintf(lastlab, sizeof lastlab, "%.95s", buf);
        else lastlab[0] = 0;
        if (s->failed) return -1;
        if (k == ST_EOF) return ptx_fail(s, s->line, "end of file inside the entry");
        if (k == ST_OPEN) {
            if (depth == 64) return UNSUP(s, "scopes nested deeper than 64");
            scope_decls[depth] = s->ndecls;
            scope_syms[depth] = s->nsyms;
            scope_cps[depth] = s->ncp;
            depth++;
            continue;
        }
        if (k == ST_CLOSE) {
            if (--depth == 0) return 0;
            s->ndecls = scope_decls[depth];
            s->ncp = scope_cps[depth];
            (void)scope_syms;
            continue;
        }
        if (k == ST_LABEL) {
            if (ptx_call_label(s, buf)) return -1;
            continue;
        }
        char *t = ptx_trim(buf);
        if (!*t) continue;
        if (!strncmp(t, ".reg", 4) && isspace((unsigned char)t[4])) {
            if (ptx_declare_regs(s, t)) return -1;
        } else if (!strncmp(t, ".pragma", 7)) {
        } else if (!strncmp(t, ".local", 6) || !strncmp(t, ".shared", 7) ||
                   !strncmp(t, ".extern", 7)) {
            if (ptx_decl_var(s, t, 1)) return -1;
        } else if (!strncmp(t, ".param", 6) && isspace((unsigned char)t[6])) {
            if (ptx_call_param_decl(s, t)) return -1;
        } else if (!strncmp(t, ".branchtargets", 14) && isspace((unsigned char)t[14])) {
            if (ptx_branchtargets(s, prevlab[0] ? prevlab : NULL, t + 14)) return -1;
        } else if (!strncmp(t, ".callprototype", 14) || strstr(t, ".callprototype")) {
            if (ptx_callprototype(s, prevlab[0] ? prevlab : NULL)) return -1;
        } else if (t[0] == '.') {
            char *e = t;
            while (*e && !isspace((unsigned char)*e)) e++;
            *e = 0;
            return UNSUP(s, "directive %s in a body", t);
        } else {
            int done;
            if (ptx_call_stmt(s, t, &done)) return -1;
            if (!done && ptx_instruction(s, t)) return -1;
        }
    }
}

static int resolve(ptx_ps *s, prog *p)
{
    for (unsigned i = 0; i < s->npend; i++) {
        int pc = -1;
        for (unsigned j = 0; j < s->nldef; j++)
            if (!strcmp(s->ldef[j].name, s->pend[i].name)) pc = s->ldef[j].pc;
        if (pc < 0) return ptx_fail(s, s->pend[i].line, "undefined label '%s'", s->pend[i].name);
        s->pins[s->pend[i].pc].target = pc;
    }
    (void)p;
    return 0;
}

/* .target's list: any sm_NN or compute_NN (the model is the preset's, not
 * the named GPU's: the same instructions run the same way), texmode_unified
 * and texmode_independent (texture instructions are refused anyway), debug
 * (the DWARF sections are skipped); map_f64_to_f32 would have .f64
 * arithmetic run as .f32, which the front end does not do: refused */
static int ptx_target(ptx_ps *s, const char *list)
{
    char word[64];
    const char *c = list;
    int n = 0;
    for (;;) {
        while (*c == ',' || isspace((unsigned char)*c)) c++;
        if (!*c || *c == ';') break;
        size_t k = 0;
        while (*c && *c != ',' && *c != ';' && !isspace((unsigned char)*c)) {
            if (k + 1 < sizeof word) word[k++] = *c;
            c++;
        }
        word[k] = 0;
        n++;
        int arch = (!strncmp(word, "sm_", 3) && isdigit((unsigned char)word[3])) ||
                   (!strncmp(word, "compute_", 8) && isdigit((unsigned char)word[8]));
        if (arch || !strcmp(word, "texmode_unified") || !strcmp(word, "texmode_independent") ||
            !strcmp(word, "debug"))
            continue;
        if (!strcmp(word, "map_f64_to_f32")) return UNSUP(s, ".target map_f64_to_f32 (.f64 run as .f32)");
        return ptx_fail(s, s->sline, ".target: unknown '%s'", word);
    }
    if (!n) return ptx_fail(s, s->sline, ".target without a target");
    return 0;
}

int ptx_parse(const char *name, const char *text, const char *entry, uint64_t global_base,
              prog *p, ptx_info *info, char *err, size_t errlen)
{
    ptx_ps S;
    ptx_ps *s = &S;
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
    s->global_base = ptx_align_up(global_base, 256);
    s->gend = s->global_base;
    ptx_strip_comments(s->text);
    char buf[8192];
    int found = 0, addr64 = 0, have_version = 0, rc = -1;
    if (ptx_scan_funcs(s)) goto out;
    for (;;) {
        int k = ptx_next_stmt(s, buf, sizeof buf);
        if (s->failed) goto out;
        if (k == ST_EOF) break;
        if (k == ST_OPEN) { ptx_skip_body(s); continue; }
        if (k == ST_CLOSE) { ptx_fail(s, s->sline, "unexpected '}'"); goto out; }
        if (k == ST_LABEL) { ptx_fail(s, s->sline, "label outside a function"); goto out; }
        char *t = ptx_trim(buf);
        char *w[64];
        char copy[PTX_NAME + 300];
        if (strcspn(t, "(=") >= sizeof copy) {
            ptx_fail(s, s->sline, "a directive of more than %zu characters before its '(' or '='", sizeof copy - 1);
            goto out;
        }
        snprintf(copy, sizeof copy, "%.*s", (int)(sizeof copy - 1), t);
        /* the words before an entry's parameter list or a variable's
         * initialiser (which decl_var reads from t, whole) */
        char *cut = strpbrk(copy, "(=");
        if (cut) cut[*cut == '(' ? 1 : 0] = 0;
        int nw = ptx_words(copy, w, 64);
        if (nw < 0) { ptx_fail(s, s->sline, "directive with too many words"); goto out; }
        if (nw == 0) continue;
        if (!strcmp(w[0], ".version")) { have_version = 1; continue; }
        if (!strcmp(w[0], ".target")) {
            if (ptx_target(s, t + 7)) goto out;
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
                ptx_skip_body(s);
            }
            continue;
        }
        if (i < nw && !strcmp(w[i], ".entry")) {
            char nm[PTX_NAME];
            const char *en = i + 1 < nw ? w[i + 1] : "";
            if (strcspn(en, "(") >= sizeof nm) {
                UNSUP(s, "an entry name of %zu characters (at most %d)", strcspn(en, "("), PTX_NAME - 1);
                goto out;
            }
            snprintf(nm, sizeof nm, "%s", en);
            char *lp = strchr(nm, '(');
            if (lp) *lp = 0;
            if (!*nm) { ptx_fail(s, s->sline, "entry without a name"); goto out; }
            size_t el = strlen(info->entries);
            if (el + strlen(nm) + 2 < sizeof info->entries)
                snprintf(info->entries + el, sizeof info->entries - el, "%s%s", el ? " " : "", nm);
            int hdr_line = s->sline;
            k = ptx_next_stmt(s, buf, sizeof buf); /* the '{' (or ';' of a declaration) */
            if (k != ST_OPEN) {
                if (k == ST_TEXT && !strchr(t, '(')) {}
                ptx_fail(s, hdr_line, "entry '%s' without a body", nm);
                goto out;
            }
            if (found || strcmp(nm, entry)) { ptx_skip_body(s); continue; }
            found = 1;
            s->sline = hdr_line;
            s->module_syms = s->nsyms;
            snprintf(p->name, sizeof p->name, "%s", nm);
            if (entry_params(s, t)) goto out;
            if (ptx_body(s)) goto out;
            if (resolve(s, p)) goto out;
            s->nsyms = s->module_syms; /* the entry's own symbols go */
            continue;
        }
        if (i < nw && (!strcmp(w[i], ".global") || !strcmp(w[i], ".const") || !strcmp(w[i], ".shared"))) {
            if (ptx_decl_var(s, t, 0)) goto out;
            continue;
        }
        if (!strcmp(w[0], ".file") || !strcmp(w[0], ".loc")) continue;
        if (w[0][0] == '.') { UNSUP(s, "directive %s", w[0]); goto out; }
        ptx_fail(s, s->sline, "unexpected '%s' outside a function", w[0]);
        goto out;
    }
    if (!have_version && 0) {}
    if (!addr64) { ptx_fail(s, 1, "unsupported PTX: no .address_size 64"); goto out; }
    if (!found) {
        snprintf(err, errlen, "%s: no .entry '%s' (entries: %s)", name, entry,
                 info->entries[0] ? info->entries : "none");
        rc = -2;
        goto out;
    }
    if (s->n == 0) { ptx_fail(s, 1, "entry '%s' has no instructions", entry); goto out; }
    /* An atom whose old value nothing reads becomes a red: the value an
     * atomic returns depends on the order the threads reach it (clang keeps
     * the result register of atomicAdd even when it is unused), and a
     * register no instruction reads is not part of what the kernel computes. */
    {
        uint8_t *readr = calloc(s->nregs + 1, 1);
        if (!readr) { ptx_fail(s, 1, "out of memory"); goto out; }
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
    /* A generic ld/st is a global access to the SM's timing (each access
     * finds its own space at run time), and prog_insn.space says global;
     * but once the entry turns a local address into a generic one
     * (cvta.local: clang does for a structure it builds in local memory,
     * e.g. to pass it by value to a .func), a generic access may read the
     * thread's own local memory, where equal addresses in two threads are
     * different words.  Its space is then PS_LOCAL for the analyses
     * (scalar.c treats a local access as per-thread). */
    {
        int local_generic = 0;
        for (unsigned i = 0; i < s->n; i++)
            if (s->ins[i].op == OP_CVTA && s->ins[i].space == PS_LOCAL && !(s->ins[i].flags & F_TO))
                local_generic = 1;
        for (unsigned i = 0; local_generic && i < s->n; i++)
            if ((s->ins[i].op == OP_LD || s->ins[i].op == OP_ST) && s->ins[i].space == PS_NONE)
                s->pins[i].space = PS_LOCAL;
    }
    /* bar.red's counters and result (ptx_insn.c): three words of shared
     * memory after the static variables, one slot for every bar.red (a
     * CTA's barriers release one at a time) */
    for (unsigned i = 0; i < s->n; i++)
        if ((s->ins[i].op == OP_BAR && s->ins[i].cmp != BR_NONE) || s->ins[i].op == OP_BARRES) {
            if (!s->red_slot) {
                s->shared_static = ptx_align_up(s->shared_static, 4) + 12;
                s->red_slot = s->shared_static - 12 + 1;
            }
            PTX_RED_SLOT(&s->ins[i]) = s->red_slot - 1;
        }
    /* the .extern .shared array goes after the static ones */
    uint64_t ext = s->extern_align ? ptx_align_up(s->shared_static, s->extern_align) : s->shared_static;
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
    if (!p->label) { ptx_fail(s, 1, "out of memory"); goto out; }
    for (unsigned i = 0; i < s->n; i++)
        if (i < s->caplabels) memcpy(p->label[i], s->labels[i], sizeof p->label[i]);
    if (s->n < s->caplabels) memcpy(p->label[s->n], s->labels[s->n], sizeof p->label[0]);
    p->nregs = s->nregs ? s->nregs : 1;
    p->shared_bytes = ext;
    p->local_bytes = s->local_bytes;
    p->ops = &ptx_ops;
    ptx_impl *im = calloc(1, sizeof *im);
    if (!im) { ptx_fail(s, 1, "out of memory"); goto out; }
    im->ins = s->ins;
    s->ins = NULL;
    im->regw = calloc(p->nregs, 1);
    im->regname = calloc(p->nregs, sizeof *im->regname);
    if (!im->regw || !im->regname) { ptx_fail(s, 1, "out of memory"); free(im); goto out; }
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
    if (ptx_fast_build(im, p)) { ptx_fail(s, 1, "out of memory"); goto out; }
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
    free(s->btl);
    free(s->btlab);
    free(s->ginit);
    ptx_free_funcs(s);
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
    free(im->gpair);
    im->region = NULL;
    im->gpair = NULL;
    im->nregion = 0;
    im->last_region = 0;
    p->gbuf = NULL;
    p->ngbuf = 0;
    if (!n) return;
    im->region = calloc(n, sizeof *im->region);
    if (!im->region) return;
    for (unsigned i = 0; i < n; i++) {
        snprintf(im->region[i].name, sizeof im->region[i].name, "%s", r[i].name);
        im->region[i].addr = r[i].addr;
        im->region[i].bytes = r[i].bytes;
    }
    im->nregion = n;
    im->gpair = malloc(2 * n * sizeof *im->gpair);
    for (unsigned i = 0; im->gpair && i < n; i++) {
        im->gpair[2 * i] = r[i].addr;
        im->gpair[2 * i + 1] = r[i].bytes;
    }
    p->gbuf = im->gpair;
    p->ngbuf = im->gpair ? n : 0;
}
