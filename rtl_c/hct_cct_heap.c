/* SPDX-License-Identifier: Apache-2.0 */
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

/* hct_cct_heap_params, hct_cct_heap_default_cfg() and hct_cct_heap_cfg_check() */
PARAM_TABLE(hct_cct_heap, NULL)


unsigned hct_cct_heap_warp_w(const hct_cct_heap_cfg *cfg) { return bits_index_width(cfg->warps); }
unsigned hct_cct_heap_ptr_w(const hct_cct_heap_cfg *cfg) { return bits_index_width(cfg->cct); }
unsigned hct_cct_heap_cnt_w(const hct_cct_heap_cfg *cfg) { return bits_width_for(cfg->cct); }
unsigned hct_cct_heap_dcnt_w(const hct_cct_heap_cfg *cfg) { return bits_width_for(cfg->lanes); }

unsigned hct_cct_heap_walk_max(const hct_cct_heap_cfg *cfg)
{
    /* a walk starts with two valid HCT contexts, so the list holds at most
     * LANES - 2 nodes (disjoint non-empty masks) and at most CCT; the walk
     * examines the nodes after its own, and none is ever added behind it */
    unsigned len = cfg->lanes >= 2u ? cfg->lanes - 2u : 0u;
    if (len > cfg->cct)
        len = cfg->cct;
    return len >= 1u ? len - 1u : 0u;
}

hct_cct_heap_storage hct_cct_heap_bits(const hct_cct_heap_cfg *cfg)
{
    hct_cct_heap_storage b;
    unsigned pw = hct_cct_heap_ptr_w(cfg), ww = hct_cct_heap_warp_w(cfg);
    b.hct_rows = cfg->warps;
    b.hct_row_bits = 2u * (cfg->pc_bits + cfg->lanes + 1u) + pw;
    b.cct_rows = cfg->cct;
    b.cct_row_bits = cfg->pc_bits + cfg->lanes + pw + 1u;
    /* hv, lo and dcnt per warp; cu per CCT entry; free_head, free_cnt;
     * sorter: busy, warp, node, pc, pred_head, pred, cur, prev_v, prev;
     * deg_cnt */
    b.ctrl_bits = (2u + hct_cct_heap_dcnt_w(cfg)) * cfg->warps + cfg->cct + pw +
                  hct_cct_heap_cnt_w(cfg) + 1u + ww + pw + cfg->pc_bits + 1u + pw + pw + 1u + pw +
                  DEG_W;
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

/* The inputs as the ports see them (bits above a port's width dropped). */
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

/* The operation's decision (always @* in the Verilog), into the out fields. */
static void decide(const hct_cct_heap_cfg *cfg, const hct_cct_heap_state *s,
                   const hct_cct_heap_in *in, hct_cct_heap_out *o)
{
    unsigned w = (unsigned)in->op_warp, k, mg, h, hv, headmin, leaves;
    uint64_t a1, a2, a3, ax, old, hp, top_old, top_new;
    ctx i3[3], st[3], t[3];

    o->err_code = HCH_ERR_NONE;
    o->act = HCH_ACT_IDLE;
    o->merge = 0;
    o->d_en = 0;
    o->d_wr_hct = 0;
    o->d_cct = HCH_CCT_NONE;
    o->d_deg = 0;
    o->d_start = 0;
    o->d_lo = 0;
    o->d_warp = (uint16_t)w;
    if (in->op == HCH_OP_NOP) {
        o->d_en = 1; /* the sorter runs on */
        return;
    }
    if (in->op == HCH_OP_BAD) {
        o->err_code = HCH_ERR_BAD_OP;
        return;
    }
    if (w >= cfg->warps) {
        o->err_code = HCH_ERR_BAD_WARP;
        return;
    }
    if (in->op == HCH_OP_LAUNCH) {
        if (s->v1[w] || s->hv[w])
            o->err_code = HCH_ERR_WARP_BUSY;
        else if (in->op_m1 == 0u)
            o->err_code = HCH_ERR_BAD_MASK;
        else {
            o->act = HCH_ACT_LAUNCH;
            o->d_en = 1;
            o->d_wr_hct = 1;
            o->d_n1pc = in->op_pc1;
            o->d_n1m = in->op_m1;
            o->d_n1v = 1;
            o->d_n2pc = 0;
            o->d_n2m = 0;
            o->d_n2v = 0;
        }
        return;
    }
    /* UPDATE */
    if (!s->v1[w]) {
        o->err_code = HCH_ERR_WARP_IDLE;
        return;
    }
    if ((in->op_v1 && in->op_m1 == 0u) || (in->op_v2 && in->op_m2 == 0u) ||
        (in->op_v3 && in->op_m3 == 0u)) {
        o->err_code = HCH_ERR_BAD_MASK;
        return;
    }
    a1 = in->op_v1 ? in->op_m1 : 0u;
    a2 = in->op_v2 ? in->op_m2 : 0u;
    a3 = in->op_v3 ? in->op_m3 : 0u;
    ax = in->op_exit;
    old = s->m1[w] | (s->v2[w] ? s->m2[w] : 0u); /* an invalid slot is don't-care */
    if ((a1 & a2) | (a1 & a3) | (a2 & a3) | (ax & (a1 | a2 | a3)) ||
        (a1 | a2 | a3 | ax) != old) {
        o->err_code = HCH_ERR_BAD_PART;
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
    h = s->head[w];
    hv = s->hv[w];
    hp = s->cpc[h];
    /* the head is the smallest cold PC: no unsorted node, no walk in it */
    headmin = hv && s->dcnt[w] == 0u && !(s->s_busy && s->s_warp == w);
    t[0] = st[0];
    t[1] = st[1];
    if (k == 3u) {
        if (hv && st[2].pc == hp) {
            o->d_cct = HCH_CCT_JOIN;
            o->d_xmask = st[2].mask;
            o->act = HCH_ACT_JOIN;
            mg++;
        } else if (s->free_cnt == 0u) {
            o->act = HCH_ACT_STALL;
            o->merge = mg != 0u;
            return;
        } else {
            o->d_cct = HCH_CCT_PUSH;
            o->d_xpc = st[2].pc;
            o->d_xmask = st[2].mask;
            o->d_deg = s->s_busy && hv;
            o->d_start = !s->s_busy && hv;
            o->act = o->d_deg ? HCH_ACT_PUSH_DEG : HCH_ACT_PUSH;
        }
    } else if (!hv) {
        o->act = k == 0u ? HCH_ACT_FINISH : HCH_ACT_UPDATE;
    } else if (k == 2u && hp > st[1].pc) {
        o->act = HCH_ACT_UPDATE;
    } else {
        ctx i2[3];
        i2[0] = st[0];
        i2[1] = st[1];
        i2[2].pc = hp;
        i2[2].mask = s->cmask[h];
        i2[2].v = 1;
        mg += hct_cct_heap_net(i2, t);
        if (t[2].v) {
            o->d_cct = HCH_CCT_EXCH;
            o->d_xpc = t[2].pc;
            o->d_xmask = t[2].mask;
            o->d_deg = s->s_busy && s->nv[h];
            o->d_start = !s->s_busy && s->nv[h];
            o->act = o->d_deg ? HCH_ACT_EXCH_DEG : HCH_ACT_EXCH;
        } else {
            o->d_cct = HCH_CCT_POP;
            o->act = HCH_ACT_POP;
        }
    }
    o->merge = mg != 0u;
    o->d_en = 1;
    o->d_wr_hct = 1;
    o->d_n1pc = t[0].pc;
    o->d_n1m = t[0].mask;
    o->d_n1v = (uint8_t)t[0].v;
    o->d_n2pc = t[1].pc;
    o->d_n2m = t[1].mask;
    o->d_n2v = (uint8_t)t[1].v;
    /* lo: may a cold PC lie below the HCT's top PC (CPC2, or CPC1 when
     * slot 2 is empty)?  Cleared when the new top is known to be below
     * every cold PC: by the head (the smallest when headmin; strictly
     * below the rest of a settled list), because the list was empty (a
     * PUSH's s3 is above s2), or because the cold PCs were above the old
     * top and the top did not rise. */
    top_old = s->v2[w] ? s->pc2[w] : s->pc1[w];
    top_new = t[1].v ? t[1].pc : t[0].pc;
    leaves = o->d_cct == HCH_CCT_POP || o->d_cct == HCH_CCT_EXCH;
    if (o->d_cct == HCH_CCT_PUSH || o->d_cct == HCH_CCT_EXCH || o->d_cct == HCH_CCT_JOIN)
        hv = 1;
    else if (o->d_cct == HCH_CCT_POP)
        hv = s->nv[h];
    o->d_lo = (uint8_t)(hv && !(!s->hv[w] || (headmin && (leaves ? top_new <= hp : top_new < hp)) ||
                                (!s->lo[w] && top_new <= top_old)));
}

/* The sorter's decision for this cycle, from the state and the operation. */
static unsigned sorter_decide(const hct_cct_heap_state *s, const hct_cct_heap_out *o)
{
    unsigned cur = (unsigned)s->s_cur, srt;
    uint64_t cp;
    if (!s->s_busy)
        return HCH_SRT_IDLE;
    cp = s->cpc[cur];
    if (s->cu[cur] || cp < s->s_pc)
        srt = s->nv[cur] ? HCH_SRT_WALK : HCH_SRT_RELINK; /* pass it (or the tail) */
    else if (cp == s->s_pc)
        srt = HCH_SRT_MERGE;
    else
        srt = s->s_prev_v ? HCH_SRT_RELINK : HCH_SRT_DONE;
    /* wait while the operation changes this list, or the free list when
     * this step would free a node */
    if ((o->d_cct != HCH_CCT_NONE && o->d_warp == s->s_warp) ||
        (srt == HCH_SRT_MERGE && (o->d_cct == HCH_CCT_PUSH || o->d_cct == HCH_CCT_POP)))
        srt = HCH_SRT_HOLD;
    return srt;
}

void hct_cct_heap_read(const hct_cct_heap_cfg *cfg, const hct_cct_heap_state *s,
                       uint64_t rd_warp, uint64_t rd_sync, uint64_t rd_pc_div,
                       hct_cct_heap_out *out)
{
    unsigned r;
    rd_warp = bits_trunc(rd_warp, hct_cct_heap_warp_w(cfg));
    rd_sync = bits_trunc(rd_sync, 1);
    rd_pc_div = bits_trunc(rd_pc_div, cfg->pc_bits);
    if (rd_warp >= cfg->warps) {
        out->rd_v1 = out->rd_pc1 = out->rd_m1 = 0;
        out->rd_v2 = out->rd_pc2 = out->rd_m2 = 0;
        out->rd_run2 = out->rd_cold = out->rd_degraded = 0;
        return;
    }
    r = (unsigned)rd_warp;
    out->rd_v1 = s->v1[r];
    out->rd_pc1 = s->v1[r] ? s->pc1[r] : 0u;
    out->rd_m1 = s->v1[r] ? s->m1[r] : 0u;
    out->rd_v2 = s->v2[r];
    out->rd_pc2 = s->v2[r] ? s->pc2[r] : 0u;
    out->rd_m2 = s->v2[r] ? s->m2[r] : 0u;
    /* selective sync (001 sec. 3.3), conservative while lo */
    out->rd_run2 = s->v2[r] && !(rd_sync && ((rd_pc_div <= s->pc1[r] && s->pc1[r] < s->pc2[r]) ||
                                             s->lo[r]));
    out->rd_cold = s->hv[r];
    out->rd_degraded = s->dcnt[r] != 0u;
}

void hct_cct_heap_eval(const hct_cct_heap_cfg *cfg, const hct_cct_heap_state *s,
                       const hct_cct_heap_in *in_raw, hct_cct_heap_out *out)
{
    hct_cct_heap_in in = port_view(cfg, in_raw);

    decide(cfg, s, &in, out);
    out->err = out->err_code != HCH_ERR_NONE;
    out->ready = out->act != HCH_ACT_STALL;
    out->d_srt = out->d_en ? (uint8_t)sorter_decide(s, out)
                           : (uint8_t)(s->s_busy ? HCH_SRT_HOLD : HCH_SRT_IDLE);
    hct_cct_heap_read(cfg, s, in.rd_warp, in.rd_sync, in.rd_pc_div, out);
    out->sort_busy = s->s_busy;
    out->sort_warp = s->s_warp;
    out->free_cnt = s->free_cnt;
    out->deg_cnt = s->deg_cnt;
}

void hct_cct_heap_step(const hct_cct_heap_cfg *cfg, hct_cct_heap_state *s,
                       const hct_cct_heap_in *in, const hct_cct_heap_out *o)
{
    unsigned w = o->d_warp, h, srt = o->d_srt, touch;
    (void)cfg;
    (void)in;
    if (!o->d_en)
        return; /* frozen: a refused or held cycle changes nothing */
    touch = srt == HCH_SRT_HOLD && o->d_warp == s->s_warp && o->d_cct != HCH_CCT_NONE;

    /* ---- the sorter first: it never writes what the operation writes, and
     * it reads nothing the operation writes (it holds otherwise) */
    if (srt == HCH_SRT_WALK) {
        s->s_prev = s->s_cur;
        s->s_prev_v = 1;
        s->s_cur = s->nxt[s->s_cur];
    } else if (srt == HCH_SRT_DONE) {
        s->s_busy = 0;
    } else if (srt == HCH_SRT_RELINK || srt == HCH_SRT_MERGE) {
        unsigned n = (unsigned)s->s_node, fn = s->nxt[n];
        if (s->s_pred_head)
            s->head[s->s_warp] = (uint16_t)fn;
        else
            s->nxt[s->s_pred] = (uint16_t)fn;
        if (srt == HCH_SRT_RELINK) {
            unsigned sa = s->cpc[s->s_cur] > s->s_pc && !s->cu[s->s_cur] ? (unsigned)s->s_prev
                                                                        : (unsigned)s->s_cur;
            s->nxt[n] = s->nxt[sa];
            s->nv[n] = s->nv[sa];
            s->nxt[sa] = (uint16_t)n;
            s->nv[sa] = 1;
        } else {
            s->cmask[s->s_cur] |= s->cmask[n];
            s->nxt[n] = (uint16_t)s->free_head;
            s->nv[n] = (uint8_t)(s->free_cnt != 0u);
            s->free_head = n;
            s->free_cnt++;
        }
        s->s_busy = 0;
    }
    if (w >= HCH_MAX_WARPS || (!o->d_wr_hct && o->d_cct == HCH_CCT_NONE))
        return; /* NOP */

    /* ---- the operation */
    h = s->head[w];
    if (o->d_wr_hct) {
        s->pc1[w] = o->d_n1pc;
        s->m1[w] = o->d_n1m;
        s->v1[w] = o->d_n1v;
        s->pc2[w] = o->d_n2pc;
        s->m2[w] = o->d_n2m;
        s->v2[w] = o->d_n2v;
        s->lo[w] = o->d_lo;
    }
    switch (o->d_cct) {
    case HCH_CCT_PUSH: {
        unsigned n = (unsigned)s->free_head;
        s->free_head = s->nxt[n];
        s->free_cnt--;
        s->cpc[n] = o->d_xpc;
        s->cmask[n] = o->d_xmask;
        s->cu[n] = o->d_deg;
        s->nxt[n] = (uint16_t)h;
        s->nv[n] = s->hv[w];
        s->head[w] = (uint16_t)n;
        s->hv[w] = 1;
        if (touch && s->s_pred_head) {
            s->s_pred = n;
            s->s_pred_head = 0;
        }
        if (o->d_start) {
            s->s_busy = 1;
            s->s_warp = w;
            s->s_node = n;
            s->s_pc = o->d_xpc;
            s->s_pred_head = 1;
            s->s_cur = h;
            s->s_prev_v = 0;
        }
        break;
    }
    case HCH_CCT_POP: {
        unsigned fh = (unsigned)s->free_head, fc = (unsigned)s->free_cnt;
        s->head[w] = s->nxt[h];
        s->hv[w] = s->nv[h];
        s->dcnt[w] = (uint8_t)(s->dcnt[w] - s->cu[h]);
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
        break;
    }
    case HCH_CCT_EXCH:
        s->cpc[h] = o->d_xpc;
        s->cmask[h] = o->d_xmask;
        s->dcnt[w] = (uint8_t)(s->dcnt[w] - s->cu[h]);
        s->cu[h] = o->d_deg;
        if (touch && h == s->s_node)
            s->s_busy = 0;
        if (o->d_start) {
            s->s_busy = 1;
            s->s_warp = w;
            s->s_node = h;
            s->s_pc = o->d_xpc;
            s->s_pred_head = 1;
            s->s_cur = s->nxt[h];
            s->s_prev_v = 0;
        }
        break;
    case HCH_CCT_JOIN:
        s->cmask[h] |= o->d_xmask;
        break;
    default:
        break;
    }
    if (o->d_deg) {
        s->dcnt[w]++;
        s->deg_cnt = bits_trunc(s->deg_cnt + 1u, DEG_W);
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
        unsigned len = 0, ucnt = 0;
        if (s->v1[w] > 1u || s->v2[w] > 1u || s->hv[w] > 1u || s->lo[w] > 1u ||
            s->dcnt[w] > bits_mask(hct_cct_heap_dcnt_w(cfg)) ||
            s->head[w] >= cfg->cct || !bits_subset(s->pc1[w] | s->pc2[w], pcs) ||
            !bits_subset(s->m1[w] | s->m2[w], lanes)) {
            snprintf(msg, sizeof msg, "warp %u: an HCT field beyond its width", w);
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
        if (s->v1[w] && s->v2[w] && (s->m1[w] & s->m2[w])) {
            snprintf(msg, sizeof msg, "warp %u: m1 %llx and m2 %llx overlap", w,
                     (unsigned long long)s->m1[w], (unsigned long long)s->m2[w]);
            return msg;
        }
        seen = (s->v1[w] ? s->m1[w] : 0u) | (s->v2[w] ? s->m2[w] : 0u);
        if (!s->hv[w]) {
            if (s->dcnt[w] || s->lo[w]) {
                snprintf(msg, sizeof msg, "warp %u: empty list with dcnt %u / lo %u", w,
                         (unsigned)s->dcnt[w], (unsigned)s->lo[w]);
                return msg;
            }
            continue;
        }
        p = s->head[w];
        {
            int have_last = 0;
            uint64_t last = 0, top = s->v2[w] ? s->pc2[w] : s->pc1[w];
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
                if (s->cu[p] > 1u) {
                    snprintf(msg, sizeof msg, "CCT entry %u: cu beyond its width", p);
                    return msg;
                }
                ucnt += s->cu[p];
                /* the sorted nodes (all but the unsorted ones and the node
                 * the sorter moves) strictly increase: no two share a PC */
                if (!s->cu[p] && !(skip_n && p == s->s_node)) {
                    if (have_last && s->cpc[p] <= last) {
                        snprintf(msg, sizeof msg,
                                 "warp %u: sorted list nodes not strictly increasing at entry "
                                 "%u (pc %llx after %llx)",
                                 w, p, (unsigned long long)s->cpc[p],
                                 (unsigned long long)last);
                        return msg;
                    }
                    last = s->cpc[p];
                    have_last = 1;
                }
                /* lo clear: every cold PC above the HCT's top PC */
                if (!s->lo[w] && s->cpc[p] <= top) {
                    snprintf(msg, sizeof msg,
                             "warp %u: lo clear but cold entry %u has pc %llx <= top %llx", w, p,
                             (unsigned long long)s->cpc[p], (unsigned long long)top);
                    return msg;
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
        if (ucnt != s->dcnt[w]) {
            snprintf(msg, sizeof msg, "warp %u: dcnt %u but %u unsorted nodes in its list", w,
                     (unsigned)s->dcnt[w], ucnt);
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
        if (owner[nn] != sw + 1u || s->cpc[nn] != s->s_pc || !s->nv[nn] || s->cu[nn]) {
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
                if (!s->cu[p] && s->cpc[p] >= s->s_pc) {
                    snprintf(msg, sizeof msg,
                             "sorter: walked past sorted entry %u (pc %llx) not below %llx", p,
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
        snprintf(name, sizeof name, "w%02u_lo", i);
        vcd_sig(w, name, 1, s->lo[i]);
        snprintf(name, sizeof name, "w%02u_dcnt", i);
        vcd_sig(w, name, hct_cct_heap_dcnt_w(cfg), s->dcnt[i]);
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
    static const char *const names[] = {"IDLE", "LAUNCH", "UPDATE",   "PUSH",  "PUSH_DEG", "POP",
                                        "EXCH", "EXCH_DEG", "STALL", "FINISH", "JOIN"};
    return act < sizeof names / sizeof names[0] ? names[act] : "?";
}
