/* SPDX-License-Identifier: Apache-2.0 */
/*
 * lwm_subwarp.c -- the LWM sub-warping unit (004 sec. 3.1, 3.4).  Behaviour,
 * choices and the illegal inputs are documented in lwm_subwarp.h.
 */
#include "lwm_subwarp.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "bits.h"
#include "../vcd/vcd.h"

static const struct param_def lwm_subwarp_param_defs[] = {
    {"LARGE_WARPS", "large_warps", offsetof(lwm_subwarp_cfg, large_warps), 1, 16, 4, 0},
    {"K", "rows", offsetof(lwm_subwarp_cfg, rows), 1, 16, 8, 0},
    {"N", "cols", offsetof(lwm_subwarp_cfg, cols), 1, 64, 32, 0},
};

static const char *lwm_subwarp_rules(const void *p)
{
    const lwm_subwarp_cfg *cfg = (const lwm_subwarp_cfg *)p;
    if (cfg->rows * cfg->cols > LWM_MAX_BITS)
        return "lwm_subwarp: K*N (cfg rows*cols) must be at most 1024";
    return NULL;
}

const struct param_table lwm_subwarp_params = {
    "lwm_subwarp", lwm_subwarp_param_defs,
    sizeof lwm_subwarp_param_defs / sizeof lwm_subwarp_param_defs[0], lwm_subwarp_rules};

lwm_subwarp_cfg lwm_subwarp_default_cfg(void)
{
    lwm_subwarp_cfg c;
    params_default(&lwm_subwarp_params, &c);
    return c;
}

const char *lwm_subwarp_cfg_check(const lwm_subwarp_cfg *cfg)
{
    return params_check(&lwm_subwarp_params, cfg);
}

unsigned lwm_subwarp_row_w(const lwm_subwarp_cfg *cfg) { return bits_index_width(cfg->rows); }
unsigned lwm_subwarp_lw_w(const lwm_subwarp_cfg *cfg)
{
    return bits_index_width(cfg->large_warps);
}
unsigned lwm_subwarp_pend_w(const lwm_subwarp_cfg *cfg)
{
    return bits_width_for((uint64_t)cfg->rows * cfg->cols + 1u);
}
unsigned lwm_subwarp_copy_bits(const lwm_subwarp_cfg *cfg) { return cfg->rows * cfg->cols; }
unsigned lwm_subwarp_inflight_bits(const lwm_subwarp_cfg *cfg)
{
    return cfg->large_warps * cfg->rows * cfg->cols;
}
unsigned lwm_subwarp_buffer_bits(const lwm_subwarp_cfg *cfg) { return 2u * cfg->rows * cfg->cols; }

unsigned lwm_subwarp_count(const lwm_subwarp_cfg *cfg, const uint64_t *mask)
{
    unsigned c, r, best = 0;
    for (c = 0; c < cfg->cols; c++) {
        unsigned n = 0;
        for (r = 0; r < cfg->rows; r++)
            n += lwm_bit(mask, r * cfg->cols + c);
        if (n > best)
            best = n;
    }
    return best;
}

static int words_zero(const uint64_t *v)
{
    unsigned i;
    for (i = 0; i < LWM_WORDS; i++)
        if (v[i])
            return 0;
    return 1;
}

/* v truncated to `bits` bits */
static void words_trunc(uint64_t *d, const uint64_t *v, unsigned bits)
{
    unsigned i;
    for (i = 0; i < LWM_WORDS; i++) {
        unsigned lo = i * 64u;
        d[i] = lo >= bits ? 0u : bits - lo >= 64u ? v[i] : bits_trunc(v[i], bits - lo);
    }
}

/* Bits [lsb, lsb + n) of a word array (n <= 64): one row of a K x N map. */
static uint64_t words_get(const uint64_t *v, unsigned lsb, unsigned n)
{
    const unsigned k = lsb / 64u, o = lsb % 64u;
    uint64_t x = v[k] >> o;
    if (o != 0u && o + n > 64u)
        x |= v[k + 1u] << (64u - o);
    return bits_trunc(x, n);
}

/* Clears the bits of `m` (n <= 64 bits) at [lsb, lsb + n) of a word array. */
static void words_clear(uint64_t *v, unsigned lsb, uint64_t m)
{
    const unsigned k = lsb / 64u, o = lsb % 64u;
    v[k] &= ~(m << o);
    if (o != 0u && (m >> (64u - o)) != 0u)
        v[k + 1u] &= ~(m >> (64u - o));
}

/* Column c's ROW_W-bit row field of a packed rows bus (c_rows, sw_rows),
 * read and written as one field (it may straddle two words). */
static unsigned row_of(const lwm_subwarp_cfg *cfg, const uint64_t *rows, unsigned c)
{
    const unsigned rw = lwm_subwarp_row_w(cfg);
    return (unsigned)words_get(rows, c * rw, rw);
}

static void row_put(const lwm_subwarp_cfg *cfg, uint64_t *rows, unsigned c, unsigned r)
{
    const unsigned rw = lwm_subwarp_row_w(cfg), lsb = c * rw, k = lsb / 64u, o = lsb % 64u;
    const uint64_t f = bits_trunc(r, rw);
    words_clear(rows, lsb, bits_mask(rw));
    rows[k] |= f << o;
    if (o != 0u && o + rw > 64u)
        rows[k + 1u] |= f >> (64u - o);
}

void lwm_subwarp_reset(const lwm_subwarp_cfg *cfg, lwm_subwarp_state *s)
{
    (void)cfg;
    memset(s, 0, sizeof *s);
}

static unsigned fetch_err(const lwm_subwarp_cfg *cfg, const lwm_subwarp_state *s,
                          const lwm_subwarp_in *in, const uint64_t *fmask)
{
    if (!in->f_valid)
        return LWM_ERR_NONE;
    if (in->f_kind > LWM_JUMP || (in->f_kind != LWM_JUMP && words_zero(fmask)) ||
        ((s->wait_q >> in->f_warp) & 1u))
        return LWM_ERR_BAD_FETCH;
    (void)cfg;
    return LWM_ERR_NONE;
}

static unsigned complete_err(const lwm_subwarp_cfg *cfg, const lwm_subwarp_state *s,
                             const lwm_subwarp_in *in)
{
    unsigned w = (unsigned)in->c_warp;
    uint64_t cols = bits_trunc(in->c_cols, cfg->cols), m;
    uint64_t taken = bits_trunc(in->c_taken, cfg->cols);
    if (!in->c_valid)
        return LWM_ERR_NONE;
    if (s->pend_q[w] == 0u)
        return LWM_ERR_NOT_IN_FLIGHT;
    for (m = cols; m != 0u; m &= m - 1u) { /* the completed columns only */
        const unsigned c = bits_ffs(m), r = row_of(cfg, in->c_rows, c);
        if (r >= cfg->rows || !lwm_bit(s->inflight_q[w], r * cfg->cols + c))
            return LWM_ERR_NOT_IN_FLIGHT;
    }
    if (in->c_branch && !(s->br_busy_q && s->br_warp_q == w && s->br_left_q != 0u))
        return LWM_ERR_NOT_IN_FLIGHT;
    if (!bits_subset(taken, cols) || (taken != 0u && !in->c_branch))
        return LWM_ERR_BAD_OUTCOME;
    return LWM_ERR_NONE;
}

void lwm_subwarp_eval(const lwm_subwarp_cfg *cfg, const lwm_subwarp_state *s,
                      const lwm_subwarp_in *in, lwm_subwarp_out *out)
{
    const unsigned K = cfg->rows, N = cfg->cols, KN = K * N;
    const uint64_t lwm = bits_mask(cfg->large_warps);
    uint64_t fmask[LWM_WORDS];
    lwm_subwarp_in t = *in; /* the inputs as the ports see them */
    unsigned err = LWM_ERR_NONE, r;
    int last = 0, emit = 0;

    t.f_valid = bits_trunc(in->f_valid, 1);
    t.c_valid = bits_trunc(in->c_valid, 1);
    t.f_warp = bits_trunc(in->f_warp, lwm_subwarp_lw_w(cfg));
    t.c_warp = bits_trunc(in->c_warp, lwm_subwarp_lw_w(cfg));
    t.f_kind = bits_trunc(in->f_kind, 2);
    t.c_first = bits_trunc(in->c_first, 1);
    t.c_branch = bits_trunc(in->c_branch, 1);
    words_trunc(fmask, in->f_mask, KN);

    memset(out, 0, sizeof *out);
    out->can_fetch = ~s->wait_q & lwm;
    memcpy(out->nx_copy, s->copy_q, sizeof out->nx_copy);

    if ((t.f_valid && t.f_warp >= cfg->large_warps) ||
        (t.c_valid && t.c_warp >= cfg->large_warps))
        err = LWM_ERR_BAD_WARP;
    if (err == LWM_ERR_NONE)
        err = fetch_err(cfg, s, &t, fmask);
    if (err == LWM_ERR_NONE)
        err = complete_err(cfg, s, &t);

    /* the pick (computed even under err for f_ready; applied only without) */
    if (s->busy_q) {
        if (s->kind_q == LWM_JUMP) {
            emit = 1;
            last = 1;
        } else {
            /* each column's lowest row whose thread is in the copy and not
             * in flight, row by row on whole N-bit rows (columns already
             * picked drop out): the same pick as a per-column priority
             * encoder over the rows */
            uint64_t left = bits_mask(N);
            for (r = 0; r < K && left != 0u; r++) {
                const uint64_t avail = words_get(s->copy_q, r * N, N) &
                                       ~words_get(s->inflight_q[s->cur_q], r * N, N) & left;
                uint64_t m;
                if (avail == 0u)
                    continue;
                out->sw_cols |= avail;
                left &= ~avail;
                words_clear(out->nx_copy, r * N, avail);
                for (m = avail; m != 0u; m &= m - 1u)
                    row_put(cfg, out->sw_rows, bits_ffs(m), r);
            }
            emit = out->sw_cols != 0u;
            last = words_zero(out->nx_copy);
        }
    }
    out->f_ready = (uint64_t)((!s->busy_q || last) &&
                              !(t.f_kind == LWM_BRANCH && s->br_busy_q));
    out->err = err != LWM_ERR_NONE;
    out->err_code = err;
    if (err != LWM_ERR_NONE) {
        out->act = LWM_ACT_ERR;
        out->sw_cols = 0;
        memset(out->sw_rows, 0, sizeof out->sw_rows);
        memcpy(out->nx_copy, s->copy_q, sizeof out->nx_copy);
        out->fetch_stall = s->busy_q;
        return;
    }
    out->fetch_stall = (uint64_t)(s->busy_q && !last);
    if (!s->busy_q)
        out->act = LWM_ACT_IDLE;
    else if (s->kind_q == LWM_JUMP)
        out->act = LWM_ACT_JUMP;
    else
        out->act = !emit ? LWM_ACT_BLOCKED : last ? LWM_ACT_LAST : LWM_ACT_PICK;
    if (emit) {
        out->sw_valid = 1;
        out->sw_warp = s->cur_q;
        out->sw_first = s->first_q;
        out->sw_branch = (uint64_t)(s->kind_q == LWM_BRANCH);
        out->sw_jump = (uint64_t)(s->kind_q == LWM_JUMP);
    }
    out->nx_accept = (uint64_t)(t.f_valid && out->f_ready);
    /* the branch commit */
    if (t.c_valid && t.c_branch && s->br_packed_q && s->br_left_q == 1u) {
        uint64_t cols = bits_trunc(t.c_cols, N), tk = bits_trunc(t.c_taken, N);
        out->br_commit = 1;
        out->br_warp = s->br_warp_q;
        memcpy(out->br_taken, s->taken_q, sizeof out->br_taken);
        memcpy(out->br_ntaken, s->ntaken_q, sizeof out->br_ntaken);
        for (; cols != 0u; cols &= cols - 1u) { /* the completed columns only */
            const unsigned c = bits_ffs(cols), i = row_of(cfg, t.c_rows, c) * N + c;
            lwm_set(bits_get(tk, c) ? out->br_taken : out->br_ntaken, i, 1);
        }
        out->br_diverged = (uint64_t)(!words_zero(out->br_taken) && !words_zero(out->br_ntaken));
    }
}

void lwm_subwarp_step(const lwm_subwarp_cfg *cfg, lwm_subwarp_state *s,
                      const lwm_subwarp_in *in, const lwm_subwarp_out *out)
{
    const unsigned N = cfg->cols;
    if (out->err)
        return;
    /* completion: in-flight bits clear, outcome gathers */
    if (bits_trunc(in->c_valid, 1)) {
        unsigned w = (unsigned)bits_trunc(in->c_warp, lwm_subwarp_lw_w(cfg));
        uint64_t cols = bits_trunc(in->c_cols, N), tk = bits_trunc(in->c_taken, N);
        uint64_t m;
        s->pend_q[w]--;
        for (m = cols; m != 0u; m &= m - 1u) { /* the completed columns only */
            const unsigned c = bits_ffs(m), i = row_of(cfg, in->c_rows, c) * N + c;
            lwm_set(s->inflight_q[w], i, 0);
            if (in->c_branch & 1u)
                lwm_set(bits_get(tk, c) ? s->taken_q : s->ntaken_q, i, 1);
        }
        if (in->c_branch & 1u)
            s->br_left_q--;
        if ((in->c_first & 1u) && !(in->c_branch & 1u))
            s->wait_q &= ~((uint64_t)1 << w);
    }
    if (out->br_commit) {
        s->wait_q &= ~((uint64_t)1 << out->br_warp);
        s->br_busy_q = s->br_packed_q = s->br_left_q = 0;
        memset(s->taken_q, 0, sizeof s->taken_q);
        memset(s->ntaken_q, 0, sizeof s->ntaken_q);
    }
    /* emission: in-flight bits set, copy shrinks */
    if (out->sw_valid) {
        unsigned w = (unsigned)s->cur_q;
        uint64_t m;
        s->pend_q[w]++;
        for (m = out->sw_cols; m != 0u; m &= m - 1u) { /* the emitted columns only */
            const unsigned c = bits_ffs(m);
            lwm_set(s->inflight_q[w], row_of(cfg, out->sw_rows, c) * N + c, 1);
        }
        s->first_q = 0;
        if (out->sw_branch) {
            s->br_left_q++;
            if (out->act == LWM_ACT_LAST)
                s->br_packed_q = 1;
        }
    }
    memcpy(s->copy_q, out->nx_copy, sizeof s->copy_q);
    if (s->busy_q && (out->act == LWM_ACT_LAST || out->act == LWM_ACT_JUMP))
        s->busy_q = 0;
    if (out->nx_accept) {
        unsigned w = (unsigned)bits_trunc(in->f_warp, lwm_subwarp_lw_w(cfg));
        unsigned kind = (unsigned)bits_trunc(in->f_kind, 2);
        s->busy_q = 1;
        s->cur_q = w;
        s->kind_q = kind;
        s->first_q = 1;
        s->wait_q |= (uint64_t)1 << w;
        if (kind == LWM_JUMP)
            memset(s->copy_q, 0, sizeof s->copy_q);
        else
            words_trunc(s->copy_q, in->f_mask, cfg->rows * N);
        if (kind == LWM_BRANCH) {
            s->br_busy_q = 1;
            s->br_warp_q = w;
            s->br_packed_q = 0;
            s->br_left_q = 0;
        }
    }
}

const char *lwm_subwarp_check(const lwm_subwarp_cfg *cfg, const lwm_subwarp_state *s)
{
    static char msg[160];
    const unsigned KN = cfg->rows * cfg->cols;
    uint64_t t[LWM_WORDS];
    unsigned w, i;
    words_trunc(t, s->copy_q, KN);
    if (memcmp(t, s->copy_q, sizeof t) != 0 || (!s->busy_q && !words_zero(s->copy_q))) {
        snprintf(msg, sizeof msg, "lwm_subwarp: copy_q beyond K*N bits or set while idle");
        return msg;
    }
    if (s->busy_q && s->kind_q != LWM_JUMP && words_zero(s->copy_q)) {
        snprintf(msg, sizeof msg, "lwm_subwarp: busy with an empty copy");
        return msg;
    }
    for (w = 0; w < LWM_MAX_LW; w++) {
        words_trunc(t, s->inflight_q[w], KN);
        if (memcmp(t, s->inflight_q[w], sizeof t) != 0 ||
            (w >= cfg->large_warps && (!words_zero(s->inflight_q[w]) || s->pend_q[w]))) {
            snprintf(msg, sizeof msg, "lwm_subwarp: in-flight bits of warp %u out of range", w);
            return msg;
        }
        if (s->pend_q[w] == 0u && !words_zero(s->inflight_q[w])) {
            snprintf(msg, sizeof msg, "lwm_subwarp: warp %u threads in flight, no sub-warp", w);
            return msg;
        }
    }
    for (i = 0; i < LWM_WORDS; i++)
        if (s->taken_q[i] & s->ntaken_q[i]) {
            snprintf(msg, sizeof msg, "lwm_subwarp: a thread both taken and not taken");
            return msg;
        }
    if (!s->br_busy_q && (s->br_left_q || s->br_packed_q || !words_zero(s->taken_q) ||
                          !words_zero(s->ntaken_q))) {
        snprintf(msg, sizeof msg, "lwm_subwarp: branch buffers hold state with no branch");
        return msg;
    }
    if (s->br_busy_q && s->br_left_q > s->pend_q[s->br_warp_q]) {
        snprintf(msg, sizeof msg, "lwm_subwarp: more branch sub-warps than sub-warps in flight");
        return msg;
    }
    return NULL;
}

void lwm_subwarp_ports(const lwm_subwarp_cfg *cfg, const lwm_subwarp_in *in,
                       const lwm_subwarp_out *out, port_visit_fn visit, void *ctx)
{
    const unsigned KN = cfg->rows * cfg->cols, lw = lwm_subwarp_lw_w(cfg);
    const unsigned rows_w = cfg->cols * lwm_subwarp_row_w(cfg);
    visit(ctx, "f_valid", 1, &in->f_valid, PORT_IN);
    visit(ctx, "f_warp", lw, &in->f_warp, PORT_IN);
    visit(ctx, "f_kind", 2, &in->f_kind, PORT_IN);
    visit(ctx, "f_mask", KN, in->f_mask, PORT_IN);
    visit(ctx, "c_valid", 1, &in->c_valid, PORT_IN);
    visit(ctx, "c_warp", lw, &in->c_warp, PORT_IN);
    visit(ctx, "c_cols", cfg->cols, &in->c_cols, PORT_IN);
    visit(ctx, "c_rows", rows_w, in->c_rows, PORT_IN);
    visit(ctx, "c_first", 1, &in->c_first, PORT_IN);
    visit(ctx, "c_branch", 1, &in->c_branch, PORT_IN);
    visit(ctx, "c_taken", cfg->cols, &in->c_taken, PORT_IN);
    visit(ctx, "f_ready", 1, &out->f_ready, PORT_OUT);
    visit(ctx, "err", 1, &out->err, PORT_OUT);
    visit(ctx, "err_code", 3, &out->err_code, PORT_OUT);
    visit(ctx, "act", 3, &out->act, PORT_OUT);
    visit(ctx, "sw_valid", 1, &out->sw_valid, PORT_OUT);
    visit(ctx, "sw_warp", lw, &out->sw_warp, PORT_OUT);
    visit(ctx, "sw_cols", cfg->cols, &out->sw_cols, PORT_OUT);
    visit(ctx, "sw_rows", rows_w, out->sw_rows, PORT_OUT);
    visit(ctx, "sw_first", 1, &out->sw_first, PORT_OUT);
    visit(ctx, "sw_branch", 1, &out->sw_branch, PORT_OUT);
    visit(ctx, "sw_jump", 1, &out->sw_jump, PORT_OUT);
    visit(ctx, "fetch_stall", 1, &out->fetch_stall, PORT_OUT);
    visit(ctx, "can_fetch", cfg->large_warps, &out->can_fetch, PORT_OUT);
    visit(ctx, "br_commit", 1, &out->br_commit, PORT_OUT);
    visit(ctx, "br_warp", lw, &out->br_warp, PORT_OUT);
    visit(ctx, "br_taken", KN, out->br_taken, PORT_OUT);
    visit(ctx, "br_ntaken", KN, out->br_ntaken, PORT_OUT);
    visit(ctx, "br_diverged", 1, &out->br_diverged, PORT_OUT);
}

void lwm_subwarp_trace(struct vcd_writer *w, const lwm_subwarp_cfg *cfg,
                       const lwm_subwarp_state *s, const lwm_subwarp_in *in,
                       const lwm_subwarp_out *out)
{
    const unsigned lw = lwm_subwarp_lw_w(cfg), pw = lwm_subwarp_pend_w(cfg);
    lwm_subwarp_ports(cfg, in, out, vcd_port, w);
    vcd_scope(w, "state");
    vcd_sig(w, "busy_q", 1, s->busy_q);
    vcd_sig(w, "first_q", 1, s->first_q);
    vcd_sig(w, "cur_q", lw, s->cur_q);
    vcd_sig(w, "kind_q", 2, s->kind_q);
    vcd_sig_words(w, "copy_q", cfg->rows * cfg->cols, s->copy_q);
    vcd_sig(w, "wait_q", cfg->large_warps, s->wait_q);
    vcd_sig(w, "br_busy_q", 1, s->br_busy_q);
    vcd_sig(w, "br_warp_q", lw, s->br_warp_q);
    vcd_sig(w, "br_packed_q", 1, s->br_packed_q);
    vcd_sig(w, "br_left_q", pw, s->br_left_q);
    vcd_upscope(w);
}

const char *lwm_subwarp_err_name(unsigned code)
{
    static const char *const names[] = {"NONE", "BAD_WARP", "BAD_FETCH", "NOT_IN_FLIGHT",
                                        "BAD_OUTCOME"};
    return code < sizeof names / sizeof names[0] ? names[code] : "?";
}

const char *lwm_subwarp_act_name(unsigned act)
{
    static const char *const names[] = {"IDLE", "PICK", "LAST", "JUMP", "BLOCKED", "ERR"};
    return act < sizeof names / sizeof names[0] ? names[act] : "?";
}
