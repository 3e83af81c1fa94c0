/*
 * hct_cct_heap.c -- Hot and Cold Context Tables (sorted heap of warp-splits).
 * Behaviour, timing and departures from the paper are documented in
 * hct_cct_heap.h; this file and verilog/hct_cct_heap.v implement the same
 * decision, written the same way: one combinational `decide` (always @*)
 * and one clock edge (always @posedge), the sorter step computed from the
 * state before the edge.
 */
#include "hct_cct_heap.h"

#include <stdio.h>
#include <stddef.h>
#include <string.h>

#include "bits.h"
#include "../vcd/vcd.h"

#define DEG_W 16u

/* The parameters (port.h): Verilog name, cfg field, min, max, default. */
static const struct param_def hct_cct_heap_param_defs[] = {
    {"WARPS", "warps", offsetof(hct_cct_heap_cfg, warps), 1, HCH_MAX_WARPS, 24, 0},
    {"LANES", "lanes", offsetof(hct_cct_heap_cfg, lanes), 1, 64, 64, 0},
    {"CCT", "cct", offsetof(hct_cct_heap_cfg, cct), 2, HCH_MAX_CCT, 128, 0},
    {"PC_W", "pc_bits", offsetof(hct_cct_heap_cfg, pc_bits), 2, 64, 32, 0},
};

const struct param_table hct_cct_heap_params = {"hct_cct_heap", hct_cct_heap_param_defs,
    sizeof hct_cct_heap_param_defs / sizeof hct_cct_heap_param_defs[0], NULL};

hct_cct_heap_cfg hct_cct_heap_default_cfg(void)
{
    hct_cct_heap_cfg c;
    params_default(&hct_cct_heap_params, &c);
    return c;
}

const char *hct_cct_heap_cfg_check(const hct_cct_heap_cfg *cfg)
{
    return params_check(&hct_cct_heap_params, cfg);
}


unsigned hct_cct_heap_warp_w(const hct_cct_heap_cfg *cfg) { return bits_index_width(cfg->warps); }
unsigned hct_cct_heap_ptr_w(const hct_cct_heap_cfg *cfg) { return bits_index_width(cfg->cct); }
unsigned hct_cct_heap_cnt_w(const hct_cct_heap_cfg *cfg) { return bits_width_for(cfg->cct); }

hct_cct_heap_storage hct_cct_heap_bits(const hct_cct_heap_cfg *cfg)
{
    hct_cct_heap_storage b;
    unsigned pw = hct_cct_heap_ptr_w(cfg), ww = hct_cct_heap_warp_w(cfg);
    b.hct_rows = cfg->warps;
    b.hct_row_bits = 2u * (cfg->pc_bits + cfg->lanes + 1u) + pw;
    b.cct_rows = cfg->cct;
    b.cct_row_bits = cfg->pc_bits + cfg->lanes + pw + 1u;
    /* hv + dirty per warp; free_head, free_cnt; sorter: busy, warp, node,
     * pc, pred_head, pred, cur, prev_v, prev; deg_cnt */
    b.ctrl_bits = 2u * cfg->warps + pw + hct_cct_heap_cnt_w(cfg) + 1u + ww + pw +
                  cfg->pc_bits + 1u + pw + pw + 1u + pw + DEG_W;
    return b;
}

void hct_cct_heap_reset(const hct_cct_heap_cfg *cfg, hct_cct_heap_state *s)
{
    unsigned i;
    memset(s, 0, sizeof *s);
    for (i = 0; i < cfg->cct; i++) {
        s->nxt[i] = (uint16_t)(i + 1u < cfg->cct ? i + 1u : 0u);
        s->nv[i] = (uint8_t)(i + 1u < cfg->cct);
    }
    s->free_head = 0;
    s->free_cnt = cfg->cct;
}

/* ------------------------------------------------------------ the network */

typedef hct_cct_heap_ctx ctx;

static void cmpx(ctx *a, ctx *b)
{
    if ((!a->v && b->v) || (a->v && b->v && b->pc < a->pc)) {
        ctx t = *a;
        *a = *b;
        *b = t;
    }
}

/* Merge pairs (a,b), (a,c), (b,c) in that order, then a 3-comparator
 * sorting network with invalid as +infinity; invalid outputs zeroed. */
unsigned hct_cct_heap_net(const ctx in[3], ctx out[3])
{
    ctx a = in[0], b = in[1], c = in[2];
    unsigned mg = 0, i;
    a.v &= 1u;
    b.v &= 1u;
    c.v &= 1u;
    if (a.v && b.v && a.pc == b.pc) {
        a.mask |= b.mask;
        b.v = 0;
        mg++;
    }
    if (a.v && c.v && a.pc == c.pc) {
        a.mask |= c.mask;
        c.v = 0;
        mg++;
    }
    if (b.v && c.v && b.pc == c.pc) {
        b.mask |= c.mask;
        c.v = 0;
        mg++;
    }
    cmpx(&a, &b);
    cmpx(&b, &c);
    cmpx(&a, &b);
    out[0] = a;
    out[1] = b;
    out[2] = c;
    for (i = 0; i < 3; i++)
        if (!out[i].v) {
            out[i].pc = 0;
            out[i].mask = 0;
        }
    return mg;
}

/* ------------------------------------------------------------- decision */

enum { CCT_NONE = 0, CCT_PUSH = 1, CCT_POP = 2, CCT_EXCH = 3 };

typedef struct {
    unsigned err_code, act, merge;
    unsigned warp;
    unsigned wr_hct; /* write HCT row `warp` with n1, n2 */
    ctx n1, n2;
    unsigned launch; /* also clears dirty */
    unsigned cct;    /* CCT_*: list operation on `warp` */
    unsigned deg;    /* PUSH/EXCH left unsorted */
    unsigned start;  /* start the sideband sorter */
    uint64_t x_pc, x_mask; /* PUSH / EXCH: context written into the node */
} dec;

static hct_cct_heap_in port_view(const hct_cct_heap_cfg *cfg, const hct_cct_heap_in *in)
{
    hct_cct_heap_in v;
    unsigned ww = hct_cct_heap_warp_w(cfg), pw = cfg->pc_bits, lw = cfg->lanes;
    v.op = bits_trunc(in->op, 2);
    v.op_warp = bits_trunc(in->op_warp, ww);
    v.op_pc1 = bits_trunc(in->op_pc1, pw);
    v.op_m1 = bits_trunc(in->op_m1, lw);
    v.op_v1 = bits_trunc(in->op_v1, 1);
    v.op_pc2 = bits_trunc(in->op_pc2, pw);
    v.op_m2 = bits_trunc(in->op_m2, lw);
    v.op_v2 = bits_trunc(in->op_v2, 1);
    v.op_pc3 = bits_trunc(in->op_pc3, pw);
    v.op_m3 = bits_trunc(in->op_m3, lw);
    v.op_v3 = bits_trunc(in->op_v3, 1);
    v.op_exit = bits_trunc(in->op_exit, lw);
    v.rd_warp = bits_trunc(in->rd_warp, ww);
    v.rd_sync = bits_trunc(in->rd_sync, 1);
    v.rd_pc_div = bits_trunc(in->rd_pc_div, pw);
    return v;
}

static void decide(const hct_cct_heap_cfg *cfg, const hct_cct_heap_state *s,
                   const hct_cct_heap_in *in, dec *d)
{
    unsigned w = (unsigned)in->op_warp, k, mg;
    uint64_t a1, a2, a3, ax, old;
    ctx i3[3], st[3], t[3];

    memset(d, 0, sizeof *d);
    d->act = HCH_ACT_IDLE;
    d->warp = w;
    if (in->op == HCH_OP_NOP)
        return;
    if (in->op == HCH_OP_BAD) {
        d->err_code = HCH_ERR_BAD_OP;
        return;
    }
    if (w >= cfg->warps) {
        d->err_code = HCH_ERR_BAD_WARP;
        return;
    }
    if (in->op == HCH_OP_LAUNCH) {
        if (s->v1[w] || s->hv[w])
            d->err_code = HCH_ERR_WARP_BUSY;
        else if (in->op_m1 == 0u)
            d->err_code = HCH_ERR_BAD_MASK;
        else {
            d->act = HCH_ACT_LAUNCH;
            d->wr_hct = 1;
            d->launch = 1;
            d->n1.pc = in->op_pc1;
            d->n1.mask = in->op_m1;
            d->n1.v = 1;
        }
        return;
    }
    /* UPDATE */
    if (!s->v1[w]) {
        d->err_code = HCH_ERR_WARP_IDLE;
        return;
    }
    if ((in->op_v1 && in->op_m1 == 0u) || (in->op_v2 && in->op_m2 == 0u) ||
        (in->op_v3 && in->op_m3 == 0u)) {
        d->err_code = HCH_ERR_BAD_MASK;
        return;
    }
    a1 = in->op_v1 ? in->op_m1 : 0u;
    a2 = in->op_v2 ? in->op_m2 : 0u;
    a3 = in->op_v3 ? in->op_m3 : 0u;
    ax = in->op_exit;
    old = s->m1[w] | s->m2[w];
    if ((a1 & a2) | (a1 & a3) | (a2 & a3) | (ax & (a1 | a2 | a3)) ||
        (a1 | a2 | a3 | ax) != old) {
        d->err_code = HCH_ERR_BAD_PART;
        return;
    }
    i3[0].pc = in->op_pc1;
    i3[0].mask = in->op_m1;
    i3[0].v = (unsigned)in->op_v1;
    i3[1].pc = in->op_pc2;
    i3[1].mask = in->op_m2;
    i3[1].v = (unsigned)in->op_v2;
    i3[2].pc = in->op_pc3;
    i3[2].mask = in->op_m3;
    i3[2].v = (unsigned)in->op_v3;
    mg = hct_cct_heap_net(i3, st);
    k = st[0].v + st[1].v + st[2].v;
    d->wr_hct = 1;
    d->n1 = st[0];
    d->n2 = st[1];
    if (k == 3u) {
        if (s->free_cnt == 0u) {
            d->act = HCH_ACT_STALL;
            d->wr_hct = 0;
            d->merge = mg != 0u;
            return;
        }
        d->cct = CCT_PUSH;
        d->x_pc = st[2].pc;
        d->x_mask = st[2].mask;
        d->deg = s->s_busy && s->hv[w];
        d->start = !s->s_busy && s->hv[w];
        d->act = d->deg ? HCH_ACT_PUSH_DEG : HCH_ACT_PUSH;
    } else if (!s->hv[w]) {
        d->act = k == 0u ? HCH_ACT_FINISH : HCH_ACT_UPDATE;
    } else {
        unsigned h = s->head[w];
        ctx hc;
        hc.pc = s->cpc[h];
        hc.mask = s->cmask[h];
        hc.v = 1;
        if (k == 2u && hc.pc > st[1].pc) {
            d->act = HCH_ACT_UPDATE;
        } else {
            ctx i2[3];
            i2[0] = st[0];
            i2[1] = st[1];
            i2[2] = hc;
            mg += hct_cct_heap_net(i2, t);
            d->n1 = t[0];
            d->n2 = t[1];
            if (t[2].v) {
                d->cct = CCT_EXCH;
                d->x_pc = t[2].pc;
                d->x_mask = t[2].mask;
                d->deg = s->s_busy && s->nv[h];
                d->start = !s->s_busy && s->nv[h];
                d->act = d->deg ? HCH_ACT_EXCH_DEG : HCH_ACT_EXCH;
            } else {
                d->cct = CCT_POP;
                d->act = HCH_ACT_POP;
            }
        }
    }
    d->merge = mg != 0u;
}

void hct_cct_heap_eval(const hct_cct_heap_cfg *cfg, const hct_cct_heap_state *s,
                       const hct_cct_heap_in *in_raw, hct_cct_heap_out *out)
{
    hct_cct_heap_in in = port_view(cfg, in_raw);
    dec d;
    unsigned r = (unsigned)in.rd_warp;

    decide(cfg, s, &in, &d);
    memset(out, 0, sizeof *out);
    out->err = d.err_code != HCH_ERR_NONE;
    out->err_code = d.err_code;
    out->act = d.act;
    out->ready = d.act != HCH_ACT_STALL;
    out->merge = d.merge;
    if (r < cfg->warps) {
        out->rd_v1 = s->v1[r];
        out->rd_pc1 = s->v1[r] ? s->pc1[r] : 0u;
        out->rd_m1 = s->v1[r] ? s->m1[r] : 0u;
        out->rd_v2 = s->v2[r];
        out->rd_pc2 = s->v2[r] ? s->pc2[r] : 0u;
        out->rd_m2 = s->v2[r] ? s->m2[r] : 0u;
        out->rd_run2 = s->v2[r] && !(in.rd_sync && in.rd_pc_div <= s->pc1[r] &&
                                     s->pc1[r] < s->pc2[r]);
        out->rd_cold = s->hv[r];
        out->rd_degraded = s->dirty[r];
    }
    out->sort_busy = s->s_busy;
    out->sort_warp = s->s_warp;
    out->free_cnt = s->free_cnt;
    out->deg_cnt = s->deg_cnt;
}

void hct_cct_heap_step(const hct_cct_heap_cfg *cfg, hct_cct_heap_state *s,
                       const hct_cct_heap_in *in_raw)
{
    hct_cct_heap_in in = port_view(cfg, in_raw);
    dec d;
    unsigned w, h, touch;
    /* sorter decision, from the state before the edge */
    unsigned sw_step = 0, sw_walk = 0, sw_relink = 0, sw_done = 0, sa = 0;
    unsigned old_fn = 0, old_an = 0, old_anv = 0;

    decide(cfg, s, &in, &d);
    if (d.err_code != HCH_ERR_NONE || d.act == HCH_ACT_STALL)
        return; /* frozen: a refused or held cycle changes nothing */
    w = d.warp;
    h = w < cfg->warps ? s->head[w] : 0u;
    touch = s->s_busy && d.cct != CCT_NONE && w == s->s_warp;

    if (s->s_busy && !touch) {
        unsigned cur = (unsigned)s->s_cur;
        sw_step = 1;
        if (s->s_pc >= s->cpc[cur]) {
            if (s->nv[cur])
                sw_walk = 1;
            else {
                sw_relink = 1;
                sa = cur;
            }
        } else if (!s->s_prev_v) {
            sw_done = 1;
        } else {
            sw_relink = 1;
            sa = (unsigned)s->s_prev;
        }
        if (sw_relink) {
            old_fn = s->nxt[s->s_node];
            old_an = s->nxt[sa];
            old_anv = s->nv[sa];
        }
    }

    /* ---- the operation */
    if (d.wr_hct) {
        s->pc1[w] = d.n1.pc;
        s->m1[w] = d.n1.mask;
        s->v1[w] = (uint8_t)d.n1.v;
        s->pc2[w] = d.n2.pc;
        s->m2[w] = d.n2.mask;
        s->v2[w] = (uint8_t)d.n2.v;
    }
    if (d.launch)
        s->dirty[w] = 0;
    if (d.cct == CCT_PUSH) {
        unsigned n = (unsigned)s->free_head;
        unsigned old_head = s->head[w], old_hv = s->hv[w];
        s->free_head = s->nxt[n];
        s->free_cnt--;
        s->cpc[n] = d.x_pc;
        s->cmask[n] = d.x_mask;
        s->nxt[n] = (uint16_t)old_head;
        s->nv[n] = (uint8_t)old_hv;
        s->head[w] = (uint16_t)n;
        s->hv[w] = 1;
        if (touch && s->s_pred_head) {
            s->s_pred = n;
            s->s_pred_head = 0;
        }
        if (d.start) {
            s->s_busy = 1;
            s->s_warp = w;
            s->s_node = n;
            s->s_pc = d.x_pc;
            s->s_pred_head = 1;
            s->s_cur = old_head;
            s->s_prev_v = 0;
        }
    } else if (d.cct == CCT_POP) {
        unsigned fh = (unsigned)s->free_head, fc = (unsigned)s->free_cnt;
        s->head[w] = s->nxt[h];
        s->hv[w] = s->nv[h];
        if (!s->nv[h])
            s->dirty[w] = 0;
        s->nxt[h] = (uint16_t)fh;
        s->nv[h] = (uint8_t)(fc != 0u);
        s->free_head = h;
        s->free_cnt = fc + 1u;
        if (touch) {
            if (h == s->s_node)
                s->s_busy = 0;
            else if (!s->s_pred_head && h == s->s_pred)
                s->s_pred_head = 1;
        }
    } else if (d.cct == CCT_EXCH) {
        s->cpc[h] = d.x_pc;
        s->cmask[h] = d.x_mask;
        if (touch && h == s->s_node)
            s->s_busy = 0;
        if (d.start) {
            s->s_busy = 1;
            s->s_warp = w;
            s->s_node = h;
            s->s_pc = d.x_pc;
            s->s_pred_head = 1;
            s->s_cur = s->nxt[h];
            s->s_prev_v = 0;
        }
    }
    if (d.deg) {
        s->dirty[w] = 1;
        s->deg_cnt = bits_trunc(s->deg_cnt + 1u, DEG_W);
    }

    /* ---- the sorter (never on the nodes or the head the operation wrote) */
    if (sw_step) {
        if (sw_walk) {
            s->s_prev = s->s_cur;
            s->s_prev_v = 1;
            s->s_cur = s->nxt[s->s_cur];
        } else if (sw_done) {
            s->s_busy = 0;
        } else if (sw_relink) {
            unsigned n = (unsigned)s->s_node;
            if (s->s_pred_head)
                s->head[s->s_warp] = (uint16_t)old_fn;
            else
                s->nxt[s->s_pred] = (uint16_t)old_fn;
            s->nxt[n] = (uint16_t)old_an;
            s->nv[n] = (uint8_t)old_anv;
            s->nxt[sa] = (uint16_t)n;
            s->nv[sa] = 1;
            s->s_busy = 0;
        }
    }
}

/* ----------------------------------------------------------- invariants */

unsigned hct_cct_heap_list_len(const hct_cct_heap_cfg *cfg, const hct_cct_heap_state *s,
                               unsigned w)
{
    unsigned n = 0, p;
    if (w >= cfg->warps || !s->hv[w])
        return 0;
    p = s->head[w];
    for (;;) {
        n++;
        if (!s->nv[p] || n > cfg->cct)
            return n;
        p = s->nxt[p];
    }
}

const char *hct_cct_heap_check(const hct_cct_heap_cfg *cfg, const hct_cct_heap_state *s)
{
    static char msg[240];
    /* owner[i]: 0 unvisited, 1..warps = warp+1, 255 = free list */
    uint8_t owner[HCH_MAX_CCT];
    unsigned w, i, p, n;
    uint64_t lanes = bits_mask(cfg->lanes), pcs = bits_mask(cfg->pc_bits);
    unsigned pw = hct_cct_heap_ptr_w(cfg);

    memset(owner, 0, sizeof owner);
    if (s->free_cnt > cfg->cct || s->free_head >= cfg->cct) {
        snprintf(msg, sizeof msg, "free list: count %llu / head %llu out of range",
                 (unsigned long long)s->free_cnt, (unsigned long long)s->free_head);
        return msg;
    }
    for (i = 0; i < cfg->cct; i++)
        if (s->nxt[i] >= cfg->cct || s->nv[i] > 1u || !bits_subset(s->cpc[i], pcs) ||
            !bits_subset(s->cmask[i], lanes)) {
            snprintf(msg, sizeof msg, "CCT entry %u: a field beyond its width", i);
            return msg;
        }
    /* free list */
    p = (unsigned)s->free_head;
    for (n = 0; n < s->free_cnt; n++) {
        if (owner[p]) {
            snprintf(msg, sizeof msg, "free list: entry %u reached twice (cycle)", p);
            return msg;
        }
        owner[p] = 255;
        if (n + 1u < s->free_cnt) {
            if (!s->nv[p]) {
                snprintf(msg, sizeof msg, "free list ends after %u of %llu entries", n + 1u,
                         (unsigned long long)s->free_cnt);
                return msg;
            }
            p = s->nxt[p];
        }
    }
    for (w = 0; w < cfg->warps; w++) {
        uint64_t seen = 0;
        unsigned len = 0;
        if (s->v1[w] > 1u || s->v2[w] > 1u || s->hv[w] > 1u || s->dirty[w] > 1u ||
            s->head[w] >= cfg->cct || !bits_subset(s->pc1[w] | s->pc2[w], pcs) ||
            !bits_subset(s->m1[w] | s->m2[w], lanes)) {
            snprintf(msg, sizeof msg, "warp %u: an HCT field beyond its width", w);
            return msg;
        }
        if ((!s->v1[w] && (s->pc1[w] || s->m1[w])) || (!s->v2[w] && (s->pc2[w] || s->m2[w]))) {
            snprintf(msg, sizeof msg, "warp %u: an invalid HCT slot is not zero", w);
            return msg;
        }
        if (s->v2[w] && !s->v1[w]) {
            snprintf(msg, sizeof msg, "warp %u: slot 2 valid but slot 1 not", w);
            return msg;
        }
        if (s->hv[w] && !s->v1[w]) {
            snprintf(msg, sizeof msg, "warp %u: CCT entries but no valid HCT context", w);
            return msg;
        }
        if ((s->v1[w] && s->m1[w] == 0u) || (s->v2[w] && s->m2[w] == 0u)) {
            snprintf(msg, sizeof msg, "warp %u: a valid HCT context with an empty mask", w);
            return msg;
        }
        if (s->v2[w] && !(s->pc1[w] < s->pc2[w])) {
            snprintf(msg, sizeof msg, "warp %u: HCT not sorted: CPC1 %llx, CPC2 %llx", w,
                     (unsigned long long)s->pc1[w], (unsigned long long)s->pc2[w]);
            return msg;
        }
        if (s->m1[w] & s->m2[w]) {
            snprintf(msg, sizeof msg, "warp %u: m1 %llx and m2 %llx overlap", w,
                     (unsigned long long)s->m1[w], (unsigned long long)s->m2[w]);
            return msg;
        }
        seen = s->m1[w] | s->m2[w];
        if (!s->hv[w])
            continue;
        p = s->head[w];
        {
            int have_last = 0;
            uint64_t last = 0;
            int skip_n = s->s_busy && s->s_warp == w;
            for (;;) {
                if (owner[p]) {
                    snprintf(msg, sizeof msg,
                             "warp %u: CCT entry %u is in two lists or its list has a cycle",
                             w, p);
                    return msg;
                }
                owner[p] = (uint8_t)(w + 1u);
                len++;
                if (s->cmask[p] == 0u || (s->cmask[p] & seen)) {
                    snprintf(msg, sizeof msg,
                             "warp %u: CCT entry %u mask %llx empty or overlapping others", w,
                             p, (unsigned long long)s->cmask[p]);
                    return msg;
                }
                seen |= s->cmask[p];
                if (!s->dirty[w] && !(skip_n && p == s->s_node)) {
                    if (have_last && s->cpc[p] < last) {
                        snprintf(msg, sizeof msg,
                                 "warp %u: list not sorted at entry %u (pc %llx after %llx)",
                                 w, p, (unsigned long long)s->cpc[p],
                                 (unsigned long long)last);
                        return msg;
                    }
                    last = s->cpc[p];
                    have_last = 1;
                }
                if (!s->nv[p])
                    break;
                p = s->nxt[p];
            }
        }
        if (len > cfg->lanes) {
            snprintf(msg, sizeof msg, "warp %u: list of %u entries (more than LANES)", w, len);
            return msg;
        }
    }
    for (i = 0; i < cfg->cct; i++)
        if (!owner[i]) {
            snprintf(msg, sizeof msg, "CCT entry %u is in no list (leaked)", i);
            return msg;
        }
    /* sorter */
    if (s->s_busy > 1u || s->s_pred_head > 1u || s->s_prev_v > 1u ||
        s->deg_cnt > bits_mask(DEG_W)) {
        snprintf(msg, sizeof msg, "sorter: a flag or deg_cnt beyond its width");
        return msg;
    }
    if (s->s_busy) {
        unsigned sw = (unsigned)s->s_warp, nn = (unsigned)s->s_node;
        int found_pred = 0, after = 0, found_prev = 0, found_cur = 0;
        if (sw >= cfg->warps || nn >= cfg->cct || s->s_cur >= cfg->cct ||
            s->s_pred >= cfg->cct || s->s_prev >= cfg->cct) {
            snprintf(msg, sizeof msg, "sorter: a register out of range");
            return msg;
        }
        if (owner[nn] != sw + 1u || s->cpc[nn] != s->s_pc || !s->nv[nn]) {
            snprintf(msg, sizeof msg,
                     "sorter: node %u is not a non-tail node of warp %u with pc %llx", nn, sw,
                     (unsigned long long)s->s_pc);
            return msg;
        }
        if (s->s_pred_head != (s->head[sw] == nn)) {
            snprintf(msg, sizeof msg, "sorter: pred_head %llu but head of warp %u is %u",
                     (unsigned long long)s->s_pred_head, sw, (unsigned)s->head[sw]);
            return msg;
        }
        p = s->head[sw];
        for (n = 0; n <= cfg->cct; n++) {
            if (p == nn)
                after = 1;
            else if (!after && !s->s_pred_head && p == s->s_pred && s->nxt[p] == nn &&
                     s->nv[p])
                found_pred = 1;
            else if (after) {
                if (p == s->s_cur) {
                    found_cur = 1;
                    break;
                }
                if (s->cpc[p] > s->s_pc) {
                    snprintf(msg, sizeof msg,
                             "sorter: walked past entry %u (pc %llx) larger than %llx", p,
                             (unsigned long long)s->cpc[p], (unsigned long long)s->s_pc);
                    return msg;
                }
                if (s->s_prev_v && p == s->s_prev && s->nxt[p] == s->s_cur && s->nv[p])
                    found_prev = 1;
            }
            if (!s->nv[p])
                break;
            p = s->nxt[p];
        }
        if (!found_cur || (!s->s_pred_head && !found_pred) || (s->s_prev_v && !found_prev) ||
            (!s->s_prev_v && s->nxt[nn] != s->s_cur)) {
            snprintf(msg, sizeof msg,
                     "sorter: pred %llu / prev %llu / cur %llu do not fit node %u in warp %u",
                     (unsigned long long)s->s_pred, (unsigned long long)s->s_prev,
                     (unsigned long long)s->s_cur, nn, sw);
            return msg;
        }
    }
    (void)pw;
    return NULL;
}

/* ---------------------------------------------------------------- ports */

void hct_cct_heap_ports(const hct_cct_heap_cfg *cfg, const hct_cct_heap_in *in,
                        const hct_cct_heap_out *out, port_visit_fn visit, void *ctx)
{
    unsigned ww = hct_cct_heap_warp_w(cfg), pw = cfg->pc_bits, lw = cfg->lanes;
    unsigned cw = hct_cct_heap_cnt_w(cfg);

    visit(ctx, "op", 2, &in->op, PORT_IN);
    visit(ctx, "op_warp", ww, &in->op_warp, PORT_IN);
    visit(ctx, "op_pc1", pw, &in->op_pc1, PORT_IN);
    visit(ctx, "op_m1", lw, &in->op_m1, PORT_IN);
    visit(ctx, "op_v1", 1, &in->op_v1, PORT_IN);
    visit(ctx, "op_pc2", pw, &in->op_pc2, PORT_IN);
    visit(ctx, "op_m2", lw, &in->op_m2, PORT_IN);
    visit(ctx, "op_v2", 1, &in->op_v2, PORT_IN);
    visit(ctx, "op_pc3", pw, &in->op_pc3, PORT_IN);
    visit(ctx, "op_m3", lw, &in->op_m3, PORT_IN);
    visit(ctx, "op_v3", 1, &in->op_v3, PORT_IN);
    visit(ctx, "op_exit", lw, &in->op_exit, PORT_IN);
    visit(ctx, "rd_warp", ww, &in->rd_warp, PORT_IN);
    visit(ctx, "rd_sync", 1, &in->rd_sync, PORT_IN);
    visit(ctx, "rd_pc_div", pw, &in->rd_pc_div, PORT_IN);
    visit(ctx, "ready", 1, &out->ready, PORT_OUT);
    visit(ctx, "err", 1, &out->err, PORT_OUT);
    visit(ctx, "err_code", 3, &out->err_code, PORT_OUT);
    visit(ctx, "act", 4, &out->act, PORT_OUT);
    visit(ctx, "merge", 1, &out->merge, PORT_OUT);
    visit(ctx, "rd_v1", 1, &out->rd_v1, PORT_OUT);
    visit(ctx, "rd_pc1", pw, &out->rd_pc1, PORT_OUT);
    visit(ctx, "rd_m1", lw, &out->rd_m1, PORT_OUT);
    visit(ctx, "rd_v2", 1, &out->rd_v2, PORT_OUT);
    visit(ctx, "rd_pc2", pw, &out->rd_pc2, PORT_OUT);
    visit(ctx, "rd_m2", lw, &out->rd_m2, PORT_OUT);
    visit(ctx, "rd_run2", 1, &out->rd_run2, PORT_OUT);
    visit(ctx, "rd_cold", 1, &out->rd_cold, PORT_OUT);
    visit(ctx, "rd_degraded", 1, &out->rd_degraded, PORT_OUT);
    visit(ctx, "sort_busy", 1, &out->sort_busy, PORT_OUT);
    visit(ctx, "sort_warp", ww, &out->sort_warp, PORT_OUT);
    visit(ctx, "free_cnt", cw, &out->free_cnt, PORT_OUT);
    visit(ctx, "deg_cnt", DEG_W, &out->deg_cnt, PORT_OUT);
}

void hct_cct_heap_trace(struct vcd_writer *w, const hct_cct_heap_cfg *cfg,
                        const hct_cct_heap_state *s, const hct_cct_heap_in *in,
                        const hct_cct_heap_out *out)
{
    unsigned i, pw = hct_cct_heap_ptr_w(cfg);
    char name[32];
    hct_cct_heap_ports(cfg, in, out, vcd_port, w);
    vcd_scope(w, "state");
    vcd_sig(w, "free_head", pw, s->free_head);
    vcd_sig(w, "s_node", pw, s->s_node);
    vcd_sig(w, "s_pc", cfg->pc_bits, s->s_pc);
    vcd_sig(w, "s_cur", pw, s->s_cur);
    vcd_sig(w, "s_prev_v", 1, s->s_prev_v);
    vcd_sig(w, "s_prev", pw, s->s_prev);
    vcd_sig(w, "s_pred_head", 1, s->s_pred_head);
    vcd_sig(w, "s_pred", pw, s->s_pred);
    for (i = 0; i < cfg->warps; i++) {
        snprintf(name, sizeof name, "w%02u_v1", i);
        vcd_sig(w, name, 1, s->v1[i]);
        snprintf(name, sizeof name, "w%02u_pc1", i);
        vcd_sig(w, name, cfg->pc_bits, s->pc1[i]);
        snprintf(name, sizeof name, "w%02u_m1", i);
        vcd_sig(w, name, cfg->lanes, s->m1[i]);
        snprintf(name, sizeof name, "w%02u_v2", i);
        vcd_sig(w, name, 1, s->v2[i]);
        snprintf(name, sizeof name, "w%02u_pc2", i);
        vcd_sig(w, name, cfg->pc_bits, s->pc2[i]);
        snprintf(name, sizeof name, "w%02u_m2", i);
        vcd_sig(w, name, cfg->lanes, s->m2[i]);
        snprintf(name, sizeof name, "w%02u_hv", i);
        vcd_sig(w, name, 1, s->hv[i]);
        snprintf(name, sizeof name, "w%02u_head", i);
        vcd_sig(w, name, pw, s->head[i]);
        snprintf(name, sizeof name, "w%02u_len", i);
        vcd_sig(w, name, 8, hct_cct_heap_list_len(cfg, s, i));
    }
    vcd_upscope(w);
}

const char *hct_cct_heap_err_name(unsigned code)
{
    static const char *const names[] = {"NONE",      "BAD_OP",   "BAD_WARP", "WARP_BUSY",
                                        "WARP_IDLE", "BAD_MASK", "BAD_PART"};
    return code < sizeof names / sizeof names[0] ? names[code] : "?";
}

const char *hct_cct_heap_act_name(unsigned act)
{
    static const char *const names[] = {"IDLE", "LAUNCH",   "UPDATE", "PUSH",  "PUSH_DEG",
                                        "POP",  "EXCH",     "EXCH_DEG", "STALL", "FINISH"};
    return act < sizeof names / sizeof names[0] ? names[act] : "?";
}
