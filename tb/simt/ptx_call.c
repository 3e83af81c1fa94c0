/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ptx_call.c -- `call` of a .func: every call site is inlined into its
 * caller while the entry is parsed, so that the SM model, the reference,
 * the post-dominator reconvergence (prog_cfg.c), the divergence analysis
 * and every mechanism see one flattened control-flow graph, as they would
 * a kernel whose device functions the compiler had inlined itself.
 *
 * What a call site becomes:
 *  - the callee's body is parsed again at each site, inside a scope of its
 *    own: its .reg declarations are fresh registers (its %r1 is not the
 *    caller's %r1), its labels get the suffix "_c<site>", its .local
 *    arrays are allocated per site;
 *  - the .param call sequence: a scalar `.param .bN param0` declared by the
 *    caller becomes a fresh register %__cp<k>; st.param into it (the
 *    caller's argument, the callee's return value) is a mov (a cvt that
 *    zero-extends when the store is narrower), ld.param from it (the
 *    callee's parameter, the caller's return value) a mov or a cvt that
 *    extends as the load's type says (clang passes a char in a .b32 and
 *    loads it with ld.param.s8).  An aggregate (`.param .align A .b8
 *    param0[K]`: a structure by value) becomes a per-site .local array and
 *    its ld/st.param become ld/st.local, byte for byte;
 *  - `ret` in the callee is a branch to the return point (the instruction
 *    after the call); a `ret` that is the callee's last instruction is
 *    dropped (it would branch to the next instruction);
 *  - nested calls are inlined the same way, transitively;
 *  - a guarded call (`@p call ...`, `@!p call ...`) is a branch on the
 *    negated guard to the return point, then the inlined body: the threads
 *    whose guard is false skip it, as a predicated CAL would (the warp
 *    diverges there and reconverges at the return point).
 *
 * Refused with "file:line: unsupported PTX: ...": a function or parameter
 * name of PTX_NAME characters or more (ptx.h: 511 are held; the line gives
 * the length, docs/ptx.md "Long names"), recursion (direct or
 * mutual: a function already being inlined at this site), an indirect call
 * (through a register, or with a .callprototype; a function's address
 * taken, ptx_insn.c), a call of a function the
 * module only declares (.extern, or a prototype without a body) unless it
 * is a library function ptx_lib.c provides (C99 math, libdevice's __nv_
 * names, vprintf, __assertfail: lowered there), the
 * address of a scalar call parameter (an aggregate's, which clang -O0
 * takes, is its .local array's; an ld/st.param through a register in a
 * function body is refused), a vector or offset access to a
 * scalar call parameter, and a call whose argument or return lists do not
 * match the callee's.
 *
 * Timing: an inlined body costs what its instructions cost; the call, the
 * return and the ABI's parameter moves of a real GPU (a CAL/RET pair, the
 * stack pointer, callee-saved registers) are not modelled.  The movs of
 * the parameters remain as ALU instructions.
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx_int.h"

/* ---------------------------------------------------------------- module scan */

/* "( .param .b32 a, .param .align 8 .b8 b[16] )": the names, in order */
static int param_names(ptx_ps *s, char *list, char (**names)[PTX_NAME], unsigned *n)
{
    char *it[256];
    int k = ptx_split_ops(list, it, 256);
    if (k < 0) return UNSUP(s, "a function with more than 256 parameters");
    *names = k ? calloc((size_t)k, sizeof **names) : NULL;
    if (k && !*names) return ptx_fail(s, s->sline, "out of memory");
    *n = (unsigned)k;
    for (int i = 0; i < k; i++) {
        char *w[16];
        int nw = ptx_words(it[i], w, 16);
        if (nw < 2 || strcmp(w[0], ".param")) return ptx_fail(s, s->sline, "bad function parameter '%s'", it[i]);
        char *nm = w[nw - 1];
        char *br = strchr(nm, '[');
        if (br) *br = 0;
        if (!ptx_is_id0((unsigned char)nm[0])) return ptx_fail(s, s->sline, "bad function parameter '%s'", nm);
        if (strlen(nm) >= PTX_NAME)
            return UNSUP(s, "a function parameter name of %zu characters (at most %d): %s", strlen(nm), PTX_NAME - 1, nm);
        snprintf((*names)[i], PTX_NAME, "%s", nm);
    }
    return 0;
}

/* the text between the '(' at *c and its ')' (nul-terminated in place);
 * *c moves past the ')' */
static char *paren(char **c)
{
    char *open = *c, *e = open + 1;
    int depth = 1;
    for (; *e && depth; e++) {
        if (*e == '(') depth++;
        if (*e == ')') depth--;
    }
    if (depth) return NULL;
    e[-1] = 0;
    *c = e;
    return open + 1;
}

/* one .func header: [(.param ... retval)] name [(params)] [.noreturn] */
static int func_header(ptx_ps *s, char *hdr, ptx_func *f)
{
    char *c = strstr(hdr, ".func");
    unsigned many = 0;
    c += 5;
    while (isspace((unsigned char)*c)) c++;
    if (*c == '(') {
        char *r = paren(&c);
        if (!r) return ptx_fail(s, s->sline, "bad .func return list");
        char (*rn)[PTX_NAME] = NULL;
        unsigned nr = 0;
        if (param_names(s, r, &rn, &nr)) { free(rn); return -1; }
        if (nr > 1) many = nr;
        else if (nr) snprintf(f->rname, sizeof f->rname, "%s", rn[0]);
        f->nret = nr;
        free(rn);
        while (isspace((unsigned char)*c)) c++;
    }
    size_t k = 0;
    while (c[k] && !isspace((unsigned char)c[k]) && c[k] != '(') k++;
    if (!k || k >= sizeof f->name) return ptx_fail(s, s->sline, "bad .func name");
    memcpy(f->name, c, k);
    f->name[k] = 0;
    if (many) return UNSUP(s, "a function with %u return values", many);
    c += k;
    while (isspace((unsigned char)*c)) c++;
    if (*c == '(') {
        char *p = paren(&c);
        if (!p) return ptx_fail(s, s->sline, "bad .func parameter list");
        if (param_names(s, p, &f->pname, &f->nparam)) return -1;
    }
    return 0;
}

int ptx_scan_funcs(ptx_ps *s)
{
    size_t pos0 = s->pos;
    int line0 = s->line;
    char *buf = malloc(8192);
    if (!buf) return ptx_fail(s, 1, "out of memory");
    int rc = 0;
    for (;;) {
        int k = ptx_next_stmt(s, buf, 8192);
        if (s->failed) { rc = -1; break; }
        if (k == ST_EOF) break;
        if (k == ST_OPEN) { ptx_skip_body(s); continue; }
        if (k != ST_TEXT) continue;
        char *t = ptx_trim(buf);
        char *w = t;
        while (!strncmp(w, ".visible", 8) || !strncmp(w, ".weak", 5) || !strncmp(w, ".extern", 7)) {
            while (*w && !isspace((unsigned char)*w)) w++;
            while (isspace((unsigned char)*w)) w++;
        }
        if (strncmp(w, ".func", 5) || !(isspace((unsigned char)w[5]) || w[5] == '(')) continue;
        s->funcs = ptx_grow(s->funcs, &s->capfuncs, s->nfuncs + 1, sizeof *s->funcs);
        ptx_func *f = &s->funcs[s->nfuncs];
        memset(f, 0, sizeof *f);
        f->line = s->sline;
        if (func_header(s, w, f)) {
            /* a header it cannot use is an error only where it is called
             * (a .func nobody calls is skipped) */
            free(f->pname);
            f->pname = NULL;
            f->nparam = 0;
            f->bad = strdup(s->err);
            s->failed = 0;
            s->err[0] = 0;
            if (!f->bad) { rc = ptx_fail(s, s->sline, "out of memory"); break; }
        }
        s->nfuncs++;
        /* a definition is followed by '{'; a declaration ended with ';' */
        size_t q = s->pos;
        int nl = 0;
        while (q < s->len && isspace((unsigned char)s->text[q])) nl += s->text[q++] == '\n';
        if (q < s->len && s->text[q] == '{' && s->text[s->pos - 1] != ';') {
            f->defined = 1;
            f->body = q + 1;
            f->body_line = s->line + nl;
            s->pos = q + 1;
            s->line += nl;
            ptx_skip_body(s);
        }
    }
    free(buf);
    s->pos = pos0;
    s->line = line0;
    return rc;
}

void ptx_free_funcs(ptx_ps *s)
{
    for (unsigned i = 0; i < s->nfuncs; i++) {
        free(s->funcs[i].pname);
        free(s->funcs[i].bad);
    }
    free(s->funcs);
    free(s->cp);
}

/* ---------------------------------------------------------------- call parameters */

/* `.param [.align A] .type name[K]` inside a body: a call-site parameter */
int ptx_call_param_decl(ptx_ps *s, char *stmt)
{
    char copy[256];
    snprintf(copy, sizeof copy, "%s", stmt);
    char *w[16];
    int nw = ptx_words(copy, w, 16);
    if (nw < 3) return ptx_fail(s, s->sline, "bad .param declaration");
    uint64_t align = 0;
    uint8_t ty = T_NONE;
    for (int i = 1; i < nw - 1; i++) {
        if (!strcmp(w[i], ".align")) {
            if (i + 1 >= nw - 1 || ptx_parse_int(w[i + 1], &align) || !align || (align & (align - 1)))
                return ptx_fail(s, s->sline, "bad .align");
            i++;
        } else if (w[i][0] == '.') {
            if (ptx_is_unsupported_type(w[i] + 1)) return UNSUP(s, "type %s", w[i]);
            ty = ptx_type_of(w[i] + 1);
            if (ty == T_NONE || ty == T_PRED) return UNSUP(s, ".param with %s", w[i]);
        } else return ptx_fail(s, s->sline, "bad .param declaration");
    }
    if (ty == T_NONE) return ptx_fail(s, s->sline, "bad .param declaration");
    char *nm = w[nw - 1];
    char *br = strchr(nm, '[');
    uint64_t count = 1;
    if (br) {
        char *e = strchr(br, ']');
        if (!e || e[1] || (*e = 0, ptx_parse_int(br + 1, &count)) || !count || count > 65536)
            return ptx_fail(s, s->sline, "bad array size in '%s'", nm);
        *br = 0;
    }
    if (!ptx_is_id0((unsigned char)nm[0]) || strlen(nm) >= sizeof s->cp[0].name)
        return ptx_fail(s, s->sline, "bad .param name '%s'", nm);
    s->cp = ptx_grow(s->cp, &s->capcp, s->ncp + 1, sizeof *s->cp);
    ptx_cparam *c = &s->cp[s->ncp];
    memset(c, 0, sizeof *c);
    snprintf(c->name, sizeof c->name, "%s", nm);
    c->bytes = (uint32_t)(count * TY_BYTES(ty));
    unsigned id = s->ncpall++;
    char decl[128];
    if (!br && TY_BYTES(ty) <= 8) {
        c->reg = 1;
        snprintf(c->sub, sizeof c->sub, "%%__cp%u", id);
        snprintf(decl, sizeof decl, ".reg .b%u %s", 8u * c->bytes, c->sub);
        if (ptx_declare_regs(s, decl)) return -1;
    } else {
        snprintf(c->sub, sizeof c->sub, "__cp%u", id);
        snprintf(decl, sizeof decl, ".local .align %llu .b8 %s[%u]",
                 (unsigned long long)(align ? align : TY_BYTES(ty)), c->sub, c->bytes);
        if (ptx_decl_var(s, decl, 1)) return -1;
    }
    s->ncp++;
    return 0;
}

/* the call parameter a name in an ld/st.param address means here: a
 * callee's parameter or return value (through the site's mapping), else a
 * .param the current function declared; NULL: none (a kernel parameter) */
static ptx_cparam *find_cparam(ptx_ps *s, const char *name)
{
    ptx_inl *in = s->inl;
    if (in) {
        const ptx_func *f = &s->funcs[in->func];
        for (unsigned i = 0; i < f->nparam; i++)
            if (!strcmp(f->pname[i], name)) return &s->cp[in->arg[i]];
        if (f->nret && !strcmp(f->rname, name)) return &s->cp[in->ret];
    }
    for (unsigned i = s->ncp; i-- > s->cp_floor;)
        if (!strcmp(s->cp[i].name, name)) return &s->cp[i];
    return NULL;
}

/* guard, opcode and operands of a statement (t is modified) */
static void split_stmt(char *t, char **guard, char **opc, char **rest)
{
    *guard = "";
    if (t[0] == '@') {
        *guard = t;
        while (*t && !isspace((unsigned char)*t)) t++;
        if (*t) *t++ = 0;
        while (isspace((unsigned char)*t)) t++;
    }
    *opc = t;
    while (*t && !isspace((unsigned char)*t)) t++;
    if (*t) *t++ = 0;
    *rest = ptx_trim(t);
}

/* ld/st.param on a call parameter: the instruction it becomes, in out.
 * 1: rewritten; 0: not a call parameter; -1: refused */
static int param_access(ptx_ps *s, const char *stmt, char *out, size_t outsz)
{
    char t[4096];
    snprintf(t, sizeof t, "%s", stmt);
    char *guard, *opc, *rest;
    split_stmt(t, &guard, &opc, &rest);
    int ld = !strncmp(opc, "ld.", 3), st = !strncmp(opc, "st.", 3);
    if (!(ld || st) || !strstr(opc, ".param")) return 0;
    char *ops[4];
    int n = ptx_split_ops(rest, ops, 4);
    if (n != 2) return 0; /* ptx_instruction reports it */
    char *addr = ops[ld ? 1 : 0], *val = ops[ld ? 0 : 1];
    size_t L = strlen(addr);
    if (L < 3 || addr[0] != '[' || addr[L - 1] != ']') return 0;
    char nm[PTX_NAME];
    uint64_t off = 0;
    {
        char a[PTX_NAME + 32];
        snprintf(a, sizeof a, "%.*s", (int)(L - 2), addr + 1);
        char *plus = strchr(a, '+');
        if (plus) {
            *plus = 0;
            if (ptx_parse_int(ptx_trim(plus + 1), &off)) return 0;
        }
        snprintf(nm, sizeof nm, "%s", ptx_trim(a));
    }
    ptx_cparam *c = find_cparam(s, nm);
    if (!c && s->inl && (nm[0] == '%' || ptx_find_reg(s, nm) >= 0))
        return UNSUP(s, "%s through a register in a function body (a call parameter's address)", opc);
    if (!c) return 0;
    /* the opcode's parts */
    char o[128];
    snprintf(o, sizeof o, "%s", opc);
    uint8_t ty = T_NONE;
    int vec = 1;
    for (char *p = strtok(o, "."); p; p = strtok(NULL, ".")) {
        if (!strcmp(p, "v2")) vec = 2;
        else if (!strcmp(p, "v4")) vec = 4;
        else if (ptx_type_of(p) != T_NONE) ty = ptx_type_of(p);
    }
    if (ty == T_NONE || ty == T_PRED) return 0;
    if (!c->reg) { /* a per-site .local array */
        char o2[128];
        const char *pp = strstr(opc, ".param");
        snprintf(o2, sizeof o2, "%.*s.local%s", (int)(pp - opc), opc, pp + 6);
        char a2[128];
        snprintf(a2, sizeof a2, "[%s+%llu]", c->sub, (unsigned long long)off);
        if (ld) snprintf(out, outsz, "%s %s %s, %s", guard, o2, val, a2);
        else snprintf(out, outsz, "%s %s %s, %s", guard, o2, a2, val);
        return 1;
    }
    unsigned B = c->bytes, S = TY_BYTES(ty);
    if (vec != 1 || off) return UNSUP(s, "%s access at offset %llu of the scalar call parameter '%s'",
                                      vec != 1 ? "vector" : "an", (unsigned long long)off, nm);
    if (S > B) return UNSUP(s, "%u-byte access to the %u-byte call parameter '%s'", S, B, nm);
    int fl = TY_KIND(ty) == TK_F;
    if (fl && S != B) return UNSUP(s, "%u-byte float access to the %u-byte call parameter '%s'", S, B, nm);
    if (st) {
        if (S == B && S >= 2) snprintf(out, outsz, "%s mov.%s%u %s, %s", guard, fl ? "f" : "b", 8 * S, c->sub, val);
        else snprintf(out, outsz, "%s cvt.u%u.u%u %s, %s", guard, 8 * (B < 2 ? 2 : B), 8 * S, c->sub, val);
        return 1;
    }
    int r = ptx_find_reg(s, val);
    unsigned W = r >= 0 ? s->regw[r] : S;
    if (fl || (S == W && S >= 2)) snprintf(out, outsz, "%s mov.b%u %s, %s", guard, 8 * S, val, c->sub);
    else {
        char k = TY_KIND(ty) == TK_S ? 's' : 'u';
        snprintf(out, outsz, "%s cvt.%c%u.%c%u %s, %s", guard, k, 8 * (W < 2 ? 2 : W), k, 8 * S, val, c->sub);
    }
    return 1;
}

/* mov of a call parameter's name: clang -O0 takes the address of a
 * structure passed by value (mov.b64 %rd, f_param_1) and reads it with
 * ld.param [f_param_1+k].  An aggregate's address is its per-site .local
 * array's (an ld/st.param through it is refused above); a scalar call
 * parameter, a register here, has none.  1: rewritten; 0: not one; -1:
 * refused */
static int param_address(ptx_ps *s, const char *stmt, char *out, size_t outsz)
{
    char t[4096];
    snprintf(t, sizeof t, "%s", stmt);
    char *guard, *opc, *rest;
    split_stmt(t, &guard, &opc, &rest);
    if (strncmp(opc, "mov.", 4)) return 0;
    char *ops[4];
    if (ptx_split_ops(rest, ops, 4) != 2 || !ptx_is_id0((unsigned char)ops[1][0]) ||
        ptx_find_reg(s, ops[1]) >= 0)
        return 0;
    ptx_cparam *c = find_cparam(s, ops[1]);
    if (!c) return 0;
    if (c->reg) return UNSUP(s, "the address of the scalar call parameter '%s'", ops[1]);
    snprintf(out, outsz, "%s %s %s, %s", guard, opc, ops[0], c->sub);
    return 1;
}

/* ---------------------------------------------------------------- call sites */

/* the caller's .param named in a call's list: its index in s->cp */
static int call_arg(ptx_ps *s, const char *name, unsigned *idx)
{
    for (unsigned i = s->ncp; i-- > s->cp_floor;)
        if (!strcmp(s->cp[i].name, name)) {
            *idx = i;
            return 0;
        }
    if (name[0] == '%' || ptx_find_reg(s, name) >= 0)
        return UNSUP(s, "call argument %s is a register, not a .param", name);
    return ptx_fail(s, s->sline, "call argument '%s' is not a declared .param", name);
}

static int indirect_call(ptx_ps *s, const char *target, char *rets, char *args);

static int inline_call(ptx_ps *s, char *stmt)
{
    char *opc = stmt, *c = stmt;
    while (*c && !isspace((unsigned char)*c)) c++;
    if (*c) *c++ = 0;
    if (strcmp(opc, "call") && strcmp(opc, "call.uni")) return UNSUP(s, "%s", opc);
    char *it[8];
    int n = ptx_split_ops(c, it, 8);
    if (n < 1) return ptx_fail(s, s->sline, "bad call");
    int k = 0;
    char *rets = NULL, *args = NULL;
    if (it[0][0] == '(') {
        char *q = it[0];
        rets = paren(&q);
        if (!rets) return ptx_fail(s, s->sline, "bad call");
        k = 1;
    }
    if (k >= n || !*it[k]) return ptx_fail(s, s->sline, "call without a function");
    char *target = it[k++];
    if (k < n && it[k][0] == '(') {
        char *q = it[k++];
        args = paren(&q);
        if (!args) return ptx_fail(s, s->sline, "bad call");
    }
    if (target[0] == '%' || ptx_find_reg(s, target) >= 0) {
        if (k >= n) return UNSUP(s, "indirect call through %s without a prototype", target);
        return indirect_call(s, target, rets, args);
    }
    if (k < n) return UNSUP(s, "indirect call (prototype %s)", it[k]);
    int fi = -1;
    for (unsigned i = 0; i < s->nfuncs; i++)
        if (!strcmp(s->funcs[i].name, target)) fi = (int)i;
    if (fi < 0 && strlen(target) >= sizeof s->funcs[0].name) /* func_header could not keep it */
        return UNSUP(s, "call of '%s': a function name of %zu characters (at most %zu)", target, strlen(target),
                     sizeof s->funcs[0].name - 1);
    if (fi < 0) return UNSUP(s, "call of '%s', which the module does not declare", target);
    const ptx_func *f = &s->funcs[fi];
    if (f->bad) { /* its header's error, found by ptx_scan_funcs */
        snprintf(s->err, s->errlen, "%s", f->bad);
        s->failed = 1;
        return -1;
    }
    for (ptx_inl *u = s->inl; u && f->defined; u = u->up)
        if (u->func == (unsigned)fi)
            return UNSUP(s, "recursive call of '%s'%s", target, u == s->inl && !u->up ? "" : " (through other functions)");
    ptx_inl in;
    memset(&in, 0, sizeof in);
    in.up = s->inl;
    in.func = (unsigned)fi;
    in.site = s->nsites++;
    /* the lists against the callee's */
    char *ra[2], *aa[257];
    int nr = rets ? ptx_split_ops(rets, ra, 2) : 0, na = args ? ptx_split_ops(args, aa, 257) : 0;
    if (nr < 0 || (unsigned)nr != f->nret)
        return ptx_fail(s, s->sline, "call of '%s' with %d return values, it has %u", target, nr, f->nret);
    if (na < 0 || (unsigned)na != f->nparam)
        return ptx_fail(s, s->sline, "call of '%s' with %d arguments, it has %u", target, na, f->nparam);
    if (nr && call_arg(s, ra[0], &in.ret)) return -1;
    in.arg = na ? calloc((size_t)na, sizeof *in.arg) : NULL;
    if (na && !in.arg) return ptx_fail(s, s->sline, "out of memory");
    for (int i = 0; i < na; i++)
        if (call_arg(s, aa[i], &in.arg[i])) { free(in.arg); return -1; }
    snprintf(in.suffix, sizeof in.suffix, "_c%u", in.site);
    snprintf(in.ret_label, sizeof in.ret_label, "$__ret_c%u", in.site);
    if (!f->defined) { /* a library function (ptx_lib.c); a guarded call branches to after it */
        const ptx_cparam *av[257];
        for (int i = 0; i < na; i++) av[i] = &s->cp[in.arg[i]];
        free(in.arg);
        if (ptx_lib_call(s, target, nr ? &s->cp[in.ret] : NULL, av, (unsigned)na)) return -1;
        return ptx_add_label(s, in.ret_label);
    }
    /* parse the callee's body here */
    size_t pos = s->pos;
    int line = s->line, sline = s->sline;
    unsigned ndecls = s->ndecls, nsyms = s->nsyms, ncp = s->ncp, decl_floor = s->decl_floor,
             cp_floor = s->cp_floor;
    unsigned start = s->n;
    s->pos = f->body;
    s->line = f->body_line;
    s->decl_floor = s->ndecls;
    s->cp_floor = s->ncp;
    s->inl = &in;
    /* the listing names the callee where its body starts */
    s->labels = ptx_grow(s->labels, &s->caplabels, s->n + 2, sizeof *s->labels);
    if (!s->labels[s->n][0]) snprintf(s->labels[s->n], sizeof s->labels[0], "%.20s%.11s", f->name, in.suffix);
    int rc = ptx_body(s);
    free(in.arg);
    s->inl = in.up;
    s->pos = pos;
    s->line = line;
    s->sline = sline;
    s->ndecls = ndecls;
    s->nsyms = nsyms;
    s->ncp = ncp;
    s->decl_floor = decl_floor;
    s->cp_floor = cp_floor;
    if (rc) return -1;
    /* a ret as the body's last instruction: a branch to the next one */
    if (s->n > start && s->ins[s->n - 1].op == OP_BRA && s->pins[s->n - 1].guard < 0 && s->npend &&
        s->pend[s->npend - 1].pc == (int)s->n - 1 && !strcmp(s->pend[s->npend - 1].name, in.ret_label)) {
        s->n--;
        s->npend--;
        s->labels[s->n][0] = 0;
    }
    return ptx_add_label(s, in.ret_label);
}

/* ------------------------------------------------ brx.idx (a jump table) */

/* `NAME: .branchtargets L0, L1, ...;`: the list, kept for a brx.idx after
 * it; NAME is not a place to branch to */
int ptx_branchtargets(ptx_ps *s, const char *name, char *rest)
{
    if (!name) return ptx_fail(s, s->sline, ".branchtargets without a label naming the list");
    char nm[80];
    snprintf(nm, sizeof nm, "%.63s%.15s", name, s->inl ? s->inl->suffix : "");
    if (s->nldef && !strcmp(s->ldef[s->nldef - 1].name, nm) && s->ldef[s->nldef - 1].pc == (int)s->n) {
        s->nldef--;
        s->labels[s->n][0] = 0;
    }
    char *t = ptx_trim(rest);
    size_t len = strlen(t);
    if (len && t[len - 1] == ';') t[--len] = 0;
    unsigned max = 1;
    for (char *c = t; *c; c++) max += *c == ',';
    char **ops = malloc(max * sizeof *ops);
    if (!ops) return ptx_fail(s, s->sline, "out of memory");
    int n = ptx_split_ops(t, ops, (int)max);
    if (n <= 0) { free(ops); return ptx_fail(s, s->sline, ".branchtargets without labels"); }
    s->btl = ptx_grow(s->btl, &s->capbtl, s->nbtl + 1, sizeof *s->btl);
    s->btlab = ptx_grow(s->btlab, &s->capbtlab, s->nbtlab + (unsigned)n, sizeof *s->btlab);
    struct ptx_btl *l = &s->btl[s->nbtl++];
    snprintf(l->name, sizeof l->name, "%s", nm);
    l->first = s->nbtlab;
    l->n = (unsigned)n;
    l->line = s->sline;
    for (int i = 0; i < n; i++) {
        char *lab = ptx_trim(ops[i]);
        if (!ptx_is_id0((unsigned char)lab[0]) || strlen(lab) >= 48) {
            ptx_fail(s, s->sline, ".branchtargets: bad label '%s'", lab);
            free(ops);
            return -1;
        }
        snprintf(s->btlab[s->nbtlab++], sizeof s->btlab[0], "%s", lab);
    }
    free(ops);
    return 0;
}

/* one statement of the lowering, as if the body held it */
static int brx_emit(ptx_ps *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int brx_emit(ptx_ps *s, const char *fmt, ...)
{
    char buf[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    int done;
    if (ptx_call_stmt(s, buf, &done)) return -1;
    return !done && ptx_instruction(s, buf) ? -1 : 0;
}

/* brx.idx{.uni} index, list: a chain of two-way branches on a fresh
 * predicate, so that the post-dominator reconvergence, the divergence
 * analysis and every mechanism see ordinary branches (a warp whose
 * threads pick k targets splits k ways, one target at a time, as a
 * hardware BRX serializes its distinct targets):
 *     setp.hs.u32 q, index, n;  @q trap (brx.idx's range, one line)
 *     setp.eq.u32 q, index, i;  @q bra L_i      (i = 0 .. n-2)
 *     bra L_{n-1}
 * A guard is a branch around the chain.  An index outside the list (PTX:
 * undefined) stops the run naming the thread, the pc and the line. */
static int brx_idx(ptx_ps *s, const char *guard, const char *opc, char *rest)
{
    if (strcmp(opc, "brx.idx") && strcmp(opc, "brx.idx.uni")) return UNSUP(s, "%s", opc);
    char *ops[3];
    int n = ptx_split_ops(rest, ops, 3);
    if (n != 2) return ptx_fail(s, s->sline, "brx.idx takes an index and a .branchtargets list");
    char *idx = ptx_trim(ops[0]), nm[80];
    snprintf(nm, sizeof nm, "%.63s%.15s", ptx_trim(ops[1]), s->inl ? s->inl->suffix : "");
    const struct ptx_btl *l = NULL;
    for (unsigned i = s->nbtl; i-- > 0;)
        if (!strcmp(s->btl[i].name, nm)) { l = &s->btl[i]; break; }
    if (!l) return UNSUP(s, "brx.idx on '%s', not a .branchtargets list declared before it", ptx_trim(ops[1]));
    int r = ptx_find_reg(s, idx);
    if (r < 0 || s->regw[r] != 4)
        return ptx_fail(s, s->sline, "brx.idx's index %s is not a 32-bit register", idx);
    unsigned k = s->nbrx++;
    char decl[48];
    snprintf(decl, sizeof decl, ".reg .pred %%__brx%u", k);
    if (ptx_declare_regs(s, decl)) return -1;
    if (*guard && brx_emit(s, "@%s%s bra $__brx_s%u", guard[1] == '!' ? "" : "!", guard + 1 + (guard[1] == '!'), k))
        return -1;
    if (brx_emit(s, "setp.hs.u32 %%__brx%u, %s, %u", k, idx, l->n) || brx_emit(s, "@%%__brx%u trap", k)) return -1;
    ptx_ins *in = &s->ins[s->n - 1];
    prog_insn *pi = &s->pins[s->n - 1];
    in->cmp = 1;
    in->a[0] = s->ins[s->n - 2].a[0];
    in->a[1].kind = O_IMM;
    in->a[1].imm = l->n;
    in->na = 2;
    if (pi->nsrc < PROG_MAX_SRC) pi->src[pi->nsrc++] = (uint16_t)r;
    snprintf(pi->text, sizeof pi->text, "@%%__brx%u trap  (brx.idx %s outside 0..%u)", k, idx, l->n - 1);
    for (unsigned i = 0; i < l->n; i++) {
        if (i + 1 < l->n && brx_emit(s, "setp.eq.u32 %%__brx%u, %s, %u", k, idx, i)) return -1;
        if (i + 1 < l->n ? brx_emit(s, "@%%__brx%u bra %s", k, s->btlab[l->first + i])
                         : brx_emit(s, "bra %s", s->btlab[l->first + i]))
            return -1;
        s->pend[s->npend - 1].line = l->line; /* an unknown label: the list's line */
    }
    if (*guard) {
        char lab[32];
        snprintf(lab, sizeof lab, "$__brx_s%u", k);
        return ptx_call_label(s, lab);
    }
    return 0;
}

/* ------------------------------------------------ indirect calls */

/* `NAME: .callprototype ...`: the call after it names it; the arguments
 * and return values are checked against each function it may reach
 * (indirect_call).  NAME is not a place to branch to. */
int ptx_callprototype(ptx_ps *s, const char *name)
{
    if (!name) return 0;
    char nm[80];
    snprintf(nm, sizeof nm, "%.63s%.15s", name, s->inl ? s->inl->suffix : "");
    if (s->nldef && !strcmp(s->ldef[s->nldef - 1].name, nm) && s->ldef[s->nldef - 1].pc == (int)s->n) {
        s->nldef--;
        s->labels[s->n][0] = 0;
    }
    return 0;
}

/* The module's function NAME (its last declaration: the definition when
 * it has one, as a call finds it), -1 when none */
int ptx_func_find(const ptx_ps *s, const char *name)
{
    int fi = -1;
    for (unsigned i = 0; i < s->nfuncs; i++)
        if (!strcmp(s->funcs[i].name, name)) fi = (int)i;
    return fi;
}

/* Does the module take function NAME's address: the whole word NAME in a
 * mov or in a variable's initialiser (after '= {')? */
static int func_address_taken(const ptx_ps *s, const char *name)
{
    size_t n = strlen(name);
    const char *x = s->text;
    for (const char *q = x; (q = strstr(q, name)); q += n) {
        size_t at = (size_t)(q - x), b = at;
        if ((at && (isalnum((unsigned char)q[-1]) || strchr("_$%.", q[-1]))) || isalnum((unsigned char)q[n]) ||
            q[n] == '_' || q[n] == '$')
            continue;
        while (b && !strchr(";{}", x[b - 1])) b--;
        if (b && x[b - 1] == '{') {
            size_t e = b - 1;
            while (e && isspace((unsigned char)x[e - 1])) e--;
            if (e && x[e - 1] == '=') return 1;
            continue;
        }
        for (;;) { /* past spaces, comments and labels (`$L__BB9_2:`) */
            while (b < at && isspace((unsigned char)x[b])) b++;
            size_t e = b;
            if (x[b] == '/' && x[b + 1] == '/') {
                while (b < at && x[b] != '\n') b++;
                continue;
            }
            while (e < at && (isalnum((unsigned char)x[e]) || strchr("_$.", x[e]))) e++;
            if (e == b || x[e] != ':') break;
            b = e + 1;
        }
        if (x[b] == '@')
            while (b < at && !isspace((unsigned char)x[b])) b++;
        while (b < at && isspace((unsigned char)x[b])) b++;
        if (!strncmp(x + b, "mov", 3)) return 1;
    }
    return 0;
}

/* call (rets), %rd, (args), prototype: a function pointer.  It may reach
 * every function the module defines with that many arguments and return
 * values whose address the module takes (a mov of it, an initialiser of a
 * table); the call becomes a chain of guarded direct calls, each inlined
 * as any call is, so that a warp whose threads hold k different pointers
 * runs the k bodies one after another and reconverges after the last (as
 * a GPU serializes an indirect call's distinct targets):
 *     setp.ne.u64 q, %rd, &f1;  setp.ne.and.u64 q, %rd, &f2, q; ...
 *     @q trap                      (a pointer to none of them: one line)
 *     setp.eq.u64 q, %rd, &f1;  @q call (rets), f1, (args); ...
 * A guard on the call is a branch around the chain. */
static int indirect_call(ptx_ps *s, const char *target, char *rets, char *args)
{
    int r = ptx_find_reg(s, target);
    if (r < 0 || s->regw[r] != 8) return ptx_fail(s, s->sline, "indirect call through %s: not a 64-bit register", target);
    char rl[256], al[2048], tmp[2048], *v[257];
    snprintf(rl, sizeof rl, "%s", rets ? ptx_trim(rets) : "");
    snprintf(al, sizeof al, "%s", args ? ptx_trim(args) : "");
    snprintf(tmp, sizeof tmp, "%s", rl);
    int nr = *rl ? ptx_split_ops(tmp, v, 2) : 0;
    snprintf(tmp, sizeof tmp, "%s", al);
    int na = *al ? ptx_split_ops(tmp, v, 257) : 0;
    if (nr < 0 || na < 0) return ptx_fail(s, s->sline, "bad call");
    unsigned site = s->nsites++, k = s->nicall++, nc = 0;
    unsigned *cand = calloc(s->nfuncs + 1, sizeof *cand);
    if (!cand) return ptx_fail(s, s->sline, "out of memory");
    for (unsigned i = 0; i < s->nfuncs; i++) {
        const ptx_func *f = &s->funcs[i];
        if (f->defined && !f->bad && f->nparam == (unsigned)na && f->nret == (unsigned)nr &&
            ptx_func_find(s, f->name) == (int)i && func_address_taken(s, f->name))
            cand[nc++] = i;
    }
    int rc = 0;
    if (!nc)
        rc = UNSUP(s, "indirect call through %s: the module takes the address of no function with %d "
                      "argument%s and %d return value%s", target, na, na == 1 ? "" : "s", nr, nr == 1 ? "" : "s");
    char decl[48];
    snprintf(decl, sizeof decl, ".reg .pred %%__ic%u", k);
    if (!rc) rc = ptx_declare_regs(s, decl);
    for (unsigned i = 0; i < nc && !rc; i++)
        rc = i ? brx_emit(s, "setp.ne.and.u64 %%__ic%u, %s, %#llx, %%__ic%u", k, target,
                          (unsigned long long)PTX_FUNC_ADDR(cand[i]), k)
               : brx_emit(s, "setp.ne.u64 %%__ic%u, %s, %#llx", k, target, (unsigned long long)PTX_FUNC_ADDR(cand[i]));
    if (!rc && !(rc = brx_emit(s, "@%%__ic%u trap", k))) { /* the pointer and the count, for the message */
        ptx_ins *in = &s->ins[s->n - 1];
        prog_insn *pi = &s->pins[s->n - 1];
        in->cmp = 2;
        in->a[0] = s->ins[s->n - 2].a[0];
        in->a[1].kind = O_IMM;
        in->a[1].imm = nc;
        in->na = 2;
        if (pi->nsrc < PROG_MAX_SRC) pi->src[pi->nsrc++] = (uint16_t)r;
        snprintf(pi->text, sizeof pi->text, "@%%__ic%u trap  (call %.8s: no target)", k, target);
    }
    for (unsigned i = 0; i < nc && !rc; i++) {
        rc = brx_emit(s, "setp.eq.u64 %%__ic%u, %s, %#llx", k, target, (unsigned long long)PTX_FUNC_ADDR(cand[i]));
        if (!rc)
            rc = brx_emit(s, "@%%__ic%u call %s%s%s%s, (%s)", k, nr ? "(" : "", rl, nr ? "), " : "",
                          s->funcs[cand[i]].name, al);
    }
    free(cand);
    if (rc) return -1;
    char lab[32];
    snprintf(lab, sizeof lab, "$__ret_c%u", site);
    return ptx_add_label(s, lab);
}

int ptx_call_stmt(ptx_ps *s, char *t, int *done)
{
    *done = 1;
    char *guard, *opc, *rest;
    char buf[4096];
    {
        char *g = t;
        if (*g == '@') {
            while (*g && !isspace((unsigned char)*g)) g++;
            while (isspace((unsigned char)*g)) g++;
        }
        if (!strncmp(g, "brx", 3) && (g[3] == '.' || isspace((unsigned char)g[3]))) {
            snprintf(buf, sizeof buf, "%s", t);
            split_stmt(buf, &guard, &opc, &rest);
            return brx_idx(s, guard, opc, rest);
        }
    }
    if (!strncmp(t, "call", 4) && (isspace((unsigned char)t[4]) || t[4] == '.'))
        return inline_call(s, t);
    if (t[0] == '@') { /* a guarded call: a branch around the inlined body */
        char *e = t + 1;
        while (*e && !isspace((unsigned char)*e)) e++;
        while (isspace((unsigned char)*e)) e++;
        if (!strncmp(e, "call", 4) && (isspace((unsigned char)e[4]) || e[4] == '.')) {
            int neg = t[1] == '!';
            const char *pred = t + 1 + neg;
            int plen = (int)(e - pred);
            while (plen > 0 && isspace((unsigned char)pred[plen - 1])) plen--;
            /* the site inline_call is about to number: its return point */
            snprintf(buf, sizeof buf, "@%s%.*s bra $__ret_c%u", neg ? "" : "!", plen, pred, s->nsites);
            if (ptx_instruction(s, buf)) return -1;
            return inline_call(s, e);
        }
    }
    int r = param_access(s, t, buf, sizeof buf);
    if (r < 0) return -1;
    if (r == 1) return ptx_instruction(s, buf);
    r = param_address(s, t, buf, sizeof buf);
    if (r < 0) return -1;
    if (r == 1) return ptx_instruction(s, buf);
    if (!s->inl) { *done = 0; return 0; }
    /* in an inlined body: ret goes to the return point, labels get the
     * site's suffix */
    snprintf(buf, sizeof buf, "%s", t);
    split_stmt(buf, &guard, &opc, &rest);
    char out[4096];
    if (!strcmp(opc, "ret") || !strcmp(opc, "ret.uni")) {
        if (*rest) return ptx_fail(s, s->sline, "ret with operands");
        snprintf(out, sizeof out, "%s bra %s", guard, s->inl->ret_label);
        return ptx_instruction(s, out);
    }
    if (!strncmp(opc, "bra", 3) && (!opc[3] || opc[3] == '.') && *rest && rest[0] != '%') {
        snprintf(out, sizeof out, "%s %s %s%s", guard, opc, rest, s->inl->suffix);
        return ptx_instruction(s, out);
    }
    *done = 0;
    return 0;
}

int ptx_call_label(ptx_ps *s, const char *name)
{
    if (!s->inl) return ptx_add_label(s, name);
    char nm[96];
    snprintf(nm, sizeof nm, "%.63s%.15s", name, s->inl->suffix);
    return ptx_add_label(s, nm);
}
