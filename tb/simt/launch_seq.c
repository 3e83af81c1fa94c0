/* SPDX-License-Identifier: Apache-2.0 */
/*
 * launch_seq.c -- sequences of launches, a multi-kernel application's host
 * loop (the format: launch.h): the sequence's keys as launch_load meets
 * them (launch, for/end, do/while, store, max_iterations, and a step's
 * keys kept as text), the ${EXPR} expressions (64-bit integers, + - * / %
 * and parentheses over numbers, loop variables and buffer addresses), and
 * the run of the steps in order on one global memory (launch_seq_run).  A
 * step's key without ${} is checked when it is read, so that its error
 * names its line; a loop that makes max_iterations passes stops the run.
 */
#define _POSIX_C_SOURCE 200809L
#include "launch_int.h"

typedef struct {
    const char *s;
    const launch *l;
    const seq_scope *sc;
    int check;          /* parse only: no division by zero */
    const char *bad;    /* what went wrong */
    char name[64];
} seq_expr;

static int64_t ex_sum(seq_expr *e);

static void ex_ws(seq_expr *e)
{
    while (*e->s == ' ' || *e->s == '\t') e->s++;
}

static int64_t ex_prim(seq_expr *e)
{
    ex_ws(e);
    if (e->bad) return 0;
    if (*e->s == '(') {
        e->s++;
        int64_t v = ex_sum(e);
        ex_ws(e);
        if (*e->s != ')') {
            if (!e->bad) e->bad = "a ')' is missing";
            return 0;
        }
        e->s++;
        return v;
    }
    if (*e->s == '-') {
        e->s++;
        return (int64_t)(0 - (uint64_t)ex_prim(e));
    }
    if (isdigit((unsigned char)*e->s)) {
        char *end;
        errno = 0;
        uint64_t v = strtoull(e->s, &end, 0);
        if (errno || isalnum((unsigned char)*end) || *end == '_') {
            e->bad = "a bad number";
            return 0;
        }
        e->s = end;
        return (int64_t)v;
    }
    if (isalpha((unsigned char)*e->s) || *e->s == '_') {
        size_t n = 0;
        while (isalnum((unsigned char)e->s[n]) || e->s[n] == '_') n++;
        snprintf(e->name, sizeof e->name, "%.*s", (int)(n < 63 ? n : 63), e->s);
        e->s += n;
        for (unsigned i = e->sc ? e->sc->n : 0; i-- > 0;)
            if (!strcmp(e->sc->name[i], e->name)) return e->sc->val[i];
        for (unsigned i = 0; i < e->l->nbuf; i++)
            if (!strcmp(e->l->buf[i].name, e->name)) return (int64_t)e->l->buf[i].addr;
        e->bad = "unknown";
        return 0;
    }
    e->bad = *e->s ? "an unexpected character" : "an operand is missing";
    return 0;
}

static int64_t ex_prod(seq_expr *e)
{
    int64_t v = ex_prim(e);
    for (;;) {
        ex_ws(e);
        char op = *e->s;
        if (e->bad || (op != '*' && op != '/' && op != '%')) return v;
        e->s++;
        int64_t r = ex_prim(e);
        if (op == '*') v = (int64_t)((uint64_t)v * (uint64_t)r);
        else if (r == 0) {
            if (!e->check) e->bad = "a division by zero";
            v = 0;
        } else if (r == -1) v = op == '/' ? (int64_t)(0 - (uint64_t)v) : 0;
        else v = op == '/' ? v / r : v % r;
    }
}

static int64_t ex_sum(seq_expr *e)
{
    int64_t v = ex_prod(e);
    for (;;) {
        ex_ws(e);
        char op = *e->s;
        if (e->bad || (op != '+' && op != '-')) return v;
        e->s++;
        int64_t r = ex_prod(e);
        v = (int64_t)(op == '+' ? (uint64_t)v + (uint64_t)r : (uint64_t)v - (uint64_t)r);
    }
}

/* One expression (the whole of s) into *v; -1 with "where: ..." */
static int ex_eval(const launch *l, const seq_scope *sc, int check, const char *s, int64_t *v,
                   const char *where, char *err, size_t errlen)
{
    seq_expr e = {.s = s, .l = l, .sc = sc, .check = check};
    *v = ex_sum(&e);
    ex_ws(&e);
    if (!e.bad && *e.s) e.bad = *e.s == ')' ? "an unmatched ')'" : "an unexpected character";
    if (!e.bad) return 0;
    if (!strcmp(e.bad, "unknown"))
        return lerr(err, errlen, where, "'%s' in '%s': unknown (neither a variable of an enclosing "
                    "for nor a buffer declared above)", e.name, s);
    return lerr(err, errlen, where, "bad expression '%s': %s", s, e.bad);
}

/* text with each ${EXPR} replaced by its value (decimal) */
static int ex_subst(const launch *l, const seq_scope *sc, int check, const char *in, char *out,
                    size_t n, const char *where, char *err, size_t errlen)
{
    size_t k = 0;
    for (const char *c = in; *c;) {
        if (c[0] == '$' && c[1] == '{') {
            const char *close = strchr(c + 2, '}');
            if (!close) return lerr(err, errlen, where, "'${' without its '}'");
            char ex[1040];
            snprintf(ex, sizeof ex, "%.*s", (int)(close - c - 2), c + 2);
            int64_t v;
            if (ex_eval(l, sc, check, ex, &v, where, err, errlen)) return -1;
            int w = snprintf(out + k, n - k, "%lld", (long long)v);
            if (w < 0 || (size_t)w >= n - k) return lerr(err, errlen, where, "line too long");
            k += (size_t)w;
            c = close + 1;
            continue;
        }
        if (k + 1 >= n) return lerr(err, errlen, where, "line too long");
        out[k++] = *c++;
    }
    out[k] = 0;
    return 0;
}

/* "BUF" or "BUF+OFF" (after substitution): the word's address */
static int seq_addr(const launch *l, const char *t, uint64_t *addr, const char *where, char *err, size_t errlen)
{
    char name[128];
    size_t n = strcspn(t, "+");
    snprintf(name, sizeof name, "%.*s", (int)(n < 127 ? n : 127), t);
    int64_t off = 0;
    if (t[n]) {
        char *e;
        errno = 0;
        off = strtoll(t + n + 1, &e, 0);
        if (errno || *e || !t[n + 1] || off < 0)
            return lerr(err, errlen, where, "bad offset in '%s' (BUFFER or BUFFER+BYTES)", t);
    }
    for (unsigned i = 0; i < l->nbuf; i++)
        if (!strcmp(l->buf[i].name, name)) {
            if (off % 4 || (uint64_t)off + 4 > l->buf[i].bytes)
                return lerr(err, errlen, where, "'%s': offset %lld is not a 32-bit word inside buffer '%s' "
                            "(%llu bytes)", t, (long long)off, name, (unsigned long long)l->buf[i].bytes);
            *addr = l->buf[i].addr + (uint64_t)off;
            return 0;
        }
    return lerr(err, errlen, where, "'%s': no buffer '%s' (BUFFER or BUFFER+BYTES)", t, name);
}

/* `while`/`store` text after substitution into its parts; cond: 1 !=, 2 == */
static int seq_word_op(const launch *l, const launch_op *op, const char *t, uint64_t *addr, int *cond,
                       uint32_t *val, char *err, size_t errlen)
{
    char buf[1040], *w[8];
    snprintf(buf, sizeof buf, "%s", t);
    int nw = fields(buf, w, 8), want = op->kind == LOP_WHILE ? 3 : 2;
    if (nw != want)
        return lerr(err, errlen, op->where, op->kind == LOP_WHILE ? "while takes BUFFER[+BYTES] != VALUE (or ==)"
                                                                  : "store takes BUFFER[+BYTES] VALUE");
    if (seq_addr(l, w[0], addr, op->where, err, errlen)) return -1;
    *cond = 0;
    if (want == 3) {
        *cond = !strcmp(w[1], "!=") ? 1 : !strcmp(w[1], "==") ? 2 : 0;
        if (!*cond) return lerr(err, errlen, op->where, "while compares with != or ==, not '%s'", w[1]);
    }
    const char *v = w[want - 1];
    char *e;
    errno = 0;
    long long x = strtoll(v, &e, 0);
    if (*e || errno || !*v || x < -2147483648ll || x > 0xffffffffll)
        return lerr(err, errlen, op->where, "bad 32-bit value '%s'", v);
    *val = (uint32_t)x;
    return 0;
}

static launch_op *seq_add(launch *l, int kind, const char *where, char *err, size_t errlen)
{
    launch_op *n = realloc(l->op, (l->nop + 1) * sizeof *n);
    if (!n) {
        lerr(err, errlen, where, "out of memory");
        return NULL;
    }
    l->op = n;
    launch_op *o = &l->op[l->nop++];
    memset(o, 0, sizeof *o);
    o->kind = kind;
    snprintf(o->where, sizeof o->where, "%s", where);
    return o;
}


int launch_seq_key(launch *l, seq_parse *ps, const char *k, const char *v, const char *where, char *err,
                   size_t errlen)
{
    char buf[2048], *w[8], vt[1040];
    while (isspace((unsigned char)*v)) v++;
    if (strlen(v) >= sizeof vt) return lerr(err, errlen, where, "line too long");
    size_t vl = strlen(v);
    while (vl && isspace((unsigned char)v[vl - 1])) vl--;
    snprintf(vt, sizeof vt, "%.*s", (int)vl, v);
    v = vt;
    int seqkw = !strcmp(k, "launch") || !strcmp(k, "for") || !strcmp(k, "end") || !strcmp(k, "do") ||
                !strcmp(k, "while") || !strcmp(k, "store") || !strcmp(k, "max_iterations");
    if (!seqkw && !is_step_key(k)) {
        ps->in_step = 0;
        return 1; /* a global key */
    }
    if (is_step_key(k) && !l->nop) {
        /* a one-launch file's key (an error if a launch line follows) */
        if (!ps->first_step_key[0]) snprintf(ps->first_step_key, sizeof ps->first_step_key, "%s", where);
        return 1;
    }
    char chk[2048];
    if (strcmp(k, "max_iterations") && ex_subst(l, &ps->sc, 1, v, chk, sizeof chk, where, err, errlen))
        return -1;
    if (!strcmp(k, "launch")) {
        if (ps->first_step_key[0])
            return lerr(err, errlen, ps->first_step_key, "a launch step's key before any 'launch' line (%s "
                        "starts one): in a sequence file entry, grid, block, shared_dynamic and param "
                        "follow their step's 'launch' line", where);
        snprintf(buf, sizeof buf, "%s", v);
        int nw = fields(buf, w, 8);
        if (nw > 1) return lerr(err, errlen, where, "launch takes one entry name (or none: an entry line after it)");
        launch_op *o = seq_add(l, LOP_LAUNCH, where, err, errlen);
        if (!o) return -1;
        if (nw == 1 && strlen(w[0]) >= sizeof o->name)
            return lerr(err, errlen, where, "an entry name of %zu characters (at most %zu)", strlen(w[0]), sizeof o->name - 1);
        if (nw == 1) snprintf(o->name, sizeof o->name, "%s", w[0]);
        ps->in_step = 1;
        return 0;
    }
    if (is_step_key(k)) {
        if (!ps->in_step)
            return lerr(err, errlen, where, "%s outside a launch step (a step's keys follow its 'launch' "
                        "line, before the next for, end, do, while or store)", k);
        launch_op *o = &l->op[l->nop - 1];
        /* checked now where it has no ${}: an error names this line */
        if (!strstr(v, "${")) {
            launch t;
            launch_init(&t);
            int r = launch_set(&t, k, v, where, 0, err, errlen);
            launch_free(&t);
            if (r) return -1;
        }
        if (!strcmp(k, "entry")) {
            if (o->name[0]) return lerr(err, errlen, where, "entry given twice in one step (first at %s)", o->where);
            snprintf(buf, sizeof buf, "%s", v);
            if (fields(buf, w, 8) != 1 || strstr(v, "${")) return lerr(err, errlen, where, "entry takes one name");
            if (strlen(w[0]) >= sizeof o->name)
                return lerr(err, errlen, where, "an entry name of %zu characters (at most %zu)", strlen(w[0]), sizeof o->name - 1);
            snprintf(o->name, sizeof o->name, "%s", w[0]);
            return 0;
        }
        launch_kv *n = realloc(o->kv, (o->nkv + 1) * sizeof *n);
        if (!n) return lerr(err, errlen, where, "out of memory");
        o->kv = n;
        launch_kv *kv = &o->kv[o->nkv++];
        snprintf(kv->key, sizeof kv->key, "%.23s", k);
        snprintf(kv->value, sizeof kv->value, "%s", v);
        snprintf(kv->where, sizeof kv->where, "%s", where);
        return 0;
    }
    ps->in_step = 0;
    if (!strcmp(k, "max_iterations")) {
        uint64_t n;
        if (parse_u64(v, &n) || !n) return lerr(err, errlen, where, "max_iterations takes a count above 0");
        l->max_iter = n;
        return 0;
    }
    if (!strcmp(k, "for") || !strcmp(k, "do")) {
        if (ps->nopen == 32) return lerr(err, errlen, where, "loops nested more than 32 deep");
        launch_op *o = seq_add(l, k[0] == 'f' ? LOP_FOR : LOP_DO, where, err, errlen);
        if (!o) return -1;
        if (k[0] == 'd') {
            if (*v) return lerr(err, errlen, where, "do takes nothing (its condition is on the 'while' line)");
        } else {
            snprintf(buf, sizeof buf, "%s", chk);
            int nw = fields(buf, w, 8);
            if (nw < 3 || nw > 4) return lerr(err, errlen, where, "for takes VAR FROM TO [STEP] (an expression with spaces inside ${})");
            if (!(isalpha((unsigned char)w[0][0]) || w[0][0] == '_') || strlen(w[0]) > 63 ||
                w[0][strspn(w[0], "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")])
                return lerr(err, errlen, where, "bad loop variable '%s'", w[0]);
            for (unsigned i = 0; i < ps->sc.n; i++)
                if (!strcmp(ps->sc.name[i], w[0]))
                    return lerr(err, errlen, where, "loop variable '%s' is already an enclosing loop's", w[0]);
            snprintf(o->name, sizeof o->name, "%s", w[0]);
            /* FROM TO STEP: each one expression (${} optional) */
            for (int i = 1; i < nw; i++) {
                int64_t x;
                if (ex_eval(l, &ps->sc, 1, w[i], &x, where, err, errlen)) return -1;
            }
            /* FROM TO [STEP] as written (${} expanded when the loop starts) */
            snprintf(o->text, sizeof o->text, "%s", v + strlen(o->name) + strspn(v + strlen(o->name), " \t,"));
            snprintf(ps->sc.name[ps->sc.n], sizeof ps->sc.name[0], "%.63s", w[0]);
            ps->sc.val[ps->sc.n++] = 0;
        }
        ps->open[ps->nopen++] = l->nop - 1;
        return 0;
    }
    if (!strcmp(k, "end") || !strcmp(k, "while")) {
        int want = k[0] == 'e' ? LOP_FOR : LOP_DO;
        if (!ps->nopen || l->op[ps->open[ps->nopen - 1]].kind != want) {
            if (ps->nopen)
                return lerr(err, errlen, where, "%s inside the %s at %s (close it first)", k,
                            want == LOP_FOR ? "do" : "for", l->op[ps->open[ps->nopen - 1]].where);
            return lerr(err, errlen, where, "%s without a %s", k, want == LOP_FOR ? "for" : "do");
        }
        if (want == LOP_FOR && *v) return lerr(err, errlen, where, "end takes nothing");
        unsigned head = ps->open[--ps->nopen];
        launch_op *o = seq_add(l, want == LOP_FOR ? LOP_END : LOP_WHILE, where, err, errlen);
        if (!o) return -1;
        o->match = head;
        l->op[head].match = l->nop - 1;
        if (want == LOP_FOR) ps->sc.n--;
        else {
            uint64_t a;
            int c;
            uint32_t x;
            snprintf(o->text, sizeof o->text, "%s", v);
            if (!strstr(v, "${") && seq_word_op(l, o, v, &a, &c, &x, err, errlen)) return -1;
        }
        return 0;
    }
    if (!strcmp(k, "store")) {
        launch_op *o = seq_add(l, LOP_STORE, where, err, errlen);
        if (!o) return -1;
        snprintf(o->text, sizeof o->text, "%s", v);
        uint64_t a;
        int c;
        uint32_t x;
        if (!strstr(v, "${") && seq_word_op(l, o, v, &a, &c, &x, err, errlen)) return -1;
        return 0;
    }
    return 1; /* not a sequence keyword */
}

/* after the last line: every loop closed, something to launch */
int launch_seq_finish(launch *l, seq_parse *ps, char *err, size_t errlen)
{
    if (ps->nopen) {
        const launch_op *o = &l->op[ps->open[ps->nopen - 1]];
        return lerr(err, errlen, o->where, "%s without its %s", o->kind == LOP_FOR ? "for" : "do",
                    o->kind == LOP_FOR ? "end" : "while");
    }
    if (!l->nop) return 0;
    unsigned nl = 0;
    for (unsigned i = 0; i < l->nop; i++) {
        const launch_op *o = &l->op[i];
        if (o->kind != LOP_LAUNCH) continue;
        nl++;
        if (!o->name[0]) return lerr(err, errlen, o->where, "launch step without an entry (launch ENTRY)");
    }
    if (!nl) return lerr(err, errlen, l->op[0].where, "%s without any launch step", l->op[0].kind == LOP_STORE ? "store" : "a loop");
    return 0;
}

unsigned launch_entries(const launch *l, const char **names, unsigned n)
{
    unsigned k = 0;
    if (!l->nop) {
        if (n && l->entry[0]) names[k++] = l->entry;
        return k;
    }
    for (unsigned i = 0; i < l->nop; i++) {
        if (l->op[i].kind != LOP_LAUNCH) continue;
        unsigned j = 0;
        while (j < k && strcmp(names[j], l->op[i].name)) j++;
        if (j == k && k < n) names[k++] = l->op[i].name;
    }
    return k;
}

/* the step's complete launch: l's global keys, the step's keys expanded */
static int seq_step(const launch *l, const launch_op *o, const seq_scope *sc, launch *s, char *err, size_t errlen)
{
    *s = *l;
    s->op = NULL;
    s->nop = 0;
    s->param = NULL;
    s->nparam = 0;
    s->shared_dynamic = 0;
    for (int i = 0; i < 3; i++) s->grid[i] = s->block[i] = 1;
    s->w_grid[0] = s->w_block[0] = s->w_shared[0] = s->w_params[0] = 0;
    snprintf(s->entry, sizeof s->entry, "%s", o->name);
    snprintf(s->w_entry, sizeof s->w_entry, "%s", o->where);
    for (unsigned i = 0; i < o->nkv; i++) {
        char v[2048];
        if (ex_subst(l, sc, 0, o->kv[i].value, v, sizeof v, o->kv[i].where, err, errlen) ||
            launch_set(s, o->kv[i].key, v, o->kv[i].where, 0, err, errlen)) {
            free(s->param);
            s->param = NULL;
            return -1;
        }
        /* a key given twice in one step: the file's rule (the earlier line is named) */
    }
    return 0;
}

/* the end of a loop's pass (o: its end or while): back to the loop's first
 * step while `again` (1), on past it (0), or -3 with one line when the loop
 * has made max_iterations passes */
static int seq_next_pass(const launch *l, const launch_op *o, int again, uint64_t *iters, uint64_t maxi,
                         unsigned *pc, char *err, size_t errlen)
{
    if (again && ++*iters >= maxi)
        return lerr(err, errlen, l->op[o->match].where, "the loop ran %llu iterations without ending "
                    "(max_iterations %llu; the key raises it)", (unsigned long long)maxi,
                    (unsigned long long)maxi) - 2;
    *pc = again ? o->match + 1 : *pc + 1;
    return again;
}

int launch_seq_run(const launch *l, const launch_seq_ops *ops, void *ctx, unsigned *nlaunch, char *err,
                   size_t errlen)
{
    *nlaunch = 0;
    if (!l->nop) {
        int r = ops->run(ctx, l, "");
        if (!r) *nlaunch = 1;
        return r;
    }
    struct {
        unsigned op;
        int64_t to, step;
        uint64_t iters;
    } fr[32];
    unsigned nf = 0;
    seq_scope sc = {.n = 0};
    uint64_t maxi = l->max_iter ? l->max_iter : 1000000;
    for (unsigned pc = 0; pc < l->nop;) {
        const launch_op *o = &l->op[pc];
        switch (o->kind) {
        case LOP_LAUNCH: {
            launch s;
            if (seq_step(l, o, &sc, &s, err, errlen)) return -1;
            char desc[1200];
            int k = snprintf(desc, sizeof desc, "launch %u (%s at %s", *nlaunch + 1, o->name, o->where);
            for (unsigned i = 0; i < sc.n && k > 0 && (size_t)k < sizeof desc; i++)
                k += snprintf(desc + k, sizeof desc - (size_t)k, "%s %s=%lld", i ? "," : ";", sc.name[i],
                              (long long)sc.val[i]);
            int first = sc.n == 0;
            for (unsigned i = 0; i < nf && k > 0 && (size_t)k < sizeof desc; i++)
                if (l->op[fr[i].op].kind == LOP_DO) {
                    k += snprintf(desc + k, sizeof desc - (size_t)k, "%s do at %s: pass %llu", first ? ";" : ",",
                                  l->op[fr[i].op].where, (unsigned long long)fr[i].iters + 1);
                    first = 0;
                }
            if (k > 0 && (size_t)k < sizeof desc - 1) snprintf(desc + k, sizeof desc - (size_t)k, ")");
            int r = ops->run(ctx, &s, desc);
            free(s.param);
            if (r) return r;
            ++*nlaunch;
            pc++;
            break;
        }
        case LOP_FOR: {
            char t[2048], *w[8];
            if (ex_subst(l, &sc, 0, o->text, t, sizeof t, o->where, err, errlen)) return -1;
            int nw = fields(t, w, 8);
            int64_t v[3] = {0, 0, 1};
            if (nw < 2 || nw > 3) return lerr(err, errlen, o->where, "for takes VAR FROM TO [STEP]");
            for (int i = 0; i < nw; i++)
                if (ex_eval(l, &sc, 0, w[i], &v[i], o->where, err, errlen)) return -1;
            if (!v[2]) return lerr(err, errlen, o->where, "for: STEP 0 never ends");
            if (v[2] > 0 ? v[0] >= v[1] : v[0] <= v[1]) {
                pc = o->match + 1;
                break;
            }
            fr[nf].op = pc;
            fr[nf].to = v[1];
            fr[nf].step = v[2];
            fr[nf++].iters = 0;
            snprintf(sc.name[sc.n], sizeof sc.name[0], "%.63s", o->name);
            sc.val[sc.n++] = v[0];
            pc++;
            break;
        }
        case LOP_END: {
            int64_t *x = &sc.val[sc.n - 1];
            *x = (int64_t)((uint64_t)*x + (uint64_t)fr[nf - 1].step);
            int r = seq_next_pass(l, o, fr[nf - 1].step > 0 ? *x < fr[nf - 1].to : *x > fr[nf - 1].to,
                                  &fr[nf - 1].iters, maxi, &pc, err, errlen);
            if (r < 0) return r;
            if (!r) {
                nf--;
                sc.n--;
            }
            break;
        }
        case LOP_DO:
            fr[nf].op = pc;
            fr[nf++].iters = 0;
            pc++;
            break;
        case LOP_WHILE:
        case LOP_STORE: {
            char t[2048];
            uint64_t a, bytes = 0;
            int cond;
            uint32_t val;
            if (ex_subst(l, &sc, 0, o->text, t, sizeof t, o->where, err, errlen) ||
                seq_word_op(l, o, t, &a, &cond, &val, err, errlen))
                return -1;
            uint8_t *m = ops->mem(ctx, &bytes);
            if (!m || a + 4 > bytes) return lerr(err, errlen, o->where, "address 0x%llx outside the memory", (unsigned long long)a);
            if (o->kind == LOP_STORE) {
                for (unsigned i = 0; i < 4; i++) m[a + i] = (uint8_t)(val >> (8 * i));
                pc++;
                break;
            }
            uint32_t x = (uint32_t)m[a] | (uint32_t)m[a + 1] << 8 | (uint32_t)m[a + 2] << 16 | (uint32_t)m[a + 3] << 24;
            int r = seq_next_pass(l, o, cond == 1 ? x != val : x == val, &fr[nf - 1].iters, maxi, &pc, err,
                                  errlen);
            if (r < 0) return r;
            if (!r) nf--;
            break;
        }
        }
    }
    return 0;
}
