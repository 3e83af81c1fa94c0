/*
 * array.c -- SRAM, CAM and flip-flop array area (see array.h for the model).
 *
 * Source: CACTI 6.5 (HPL-2009-85): cell law, mats/subarrays, periphery
 * strips; geometry in F so that every term scales with F^2.  Validity and
 * departures: array.h.  All intermediate geometry is in F (lengths) and
 * F^2 (areas); the conversion to mm^2 and the class multipliers of the
 * profile are applied once, in area_result_finish.
 */
#include "array.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../rtl_c/bits.h"
#include "logic.h"

const char *area_kind_name(area_kind k)
{
    switch (k) {
    case AK_RAM: return "ram";
    case AK_CAM: return "cam";
    case AK_FF: return "ff";
    case AK_AUTO: return "auto";
    case AK_LOGIC: return "logic";
    }
    return "?";
}

const char *area_array_check(const area_array *a)
{
    unsigned bl = a->rw + a->rd + a->wr;
    if (a->kind > AK_AUTO)
        return "kind must be ram, cam or ff";
    if (a->entries < 1 || a->entries > AREA_MAX_ENTRIES)
        return "entries must be 1..4194304";
    if (a->width < 1 || a->width > AREA_MAX_WIDTH)
        return "width must be 1..4096 bits";
    if (a->rw > AREA_MAX_PORTS || a->rd > AREA_MAX_PORTS || a->wr > AREA_MAX_PORTS ||
        bl > AREA_MAX_PORTS)
        return "ports: rw + rd + wr must be at most 16";
    if (a->banks < 1 || a->banks > AREA_MAX_BANKS)
        return "banks must be 1..4096";
    if (a->banks > a->entries)
        return "banks must not exceed entries";
    if (a->rw + a->wr < 1)
        return "ports: at least one write or read/write port is needed";
    if (a->kind == AK_CAM) {
        if (a->search < 1 || a->search > AREA_MAX_SEARCH)
            return "search ports must be 1..8 for a cam";
        if (a->tag_bits > a->width)
            return "tag bits must be 0..width";
        if (a->ways > 0 && a->ways > a->entries)
            return "ways must be 0 (fully associative) or 1..entries";
        if (a->ways > 64)
            return "ways must be at most 64";
    } else {
        if (a->search != 0)
            return "search ports are only for --kind cam";
        if (a->ways != 0 || a->tag_bits != 0)
            return "ways and tag bits are only for --kind cam";
        if (a->kind != AK_FF && a->rw + a->rd < 1)
            return "ports: a ram needs a read or read/write port";
    }
    return NULL;
}

void area_result_zero(area_result *r)
{
    memset(r, 0, sizeof *r);
}

void area_result_add(area_result *a, const area_result *b, double times)
{
    unsigned i;
    for (i = 0; i < AC_N; i++)
        a->cls[i] += b->cls[i] * times;
    a->total_mm2 += b->total_mm2 * times;
    a->storage_mm2 += b->storage_mm2 * times;
    a->ge += b->ge * times;
    a->flops += (unsigned long)((double)b->flops * times + 0.5);
    a->efficiency = a->total_mm2 > 0 ? a->storage_mm2 / a->total_mm2 : 0;
}

/* raw: F^2 per class except AC_LOGIC which is in GE. */
void area_result_finish(const area_tech *t, area_result *r, const double raw[AC_N],
                        double storage_f2)
{
    unsigned i;
    r->total_mm2 = 0;
    for (i = 0; i < AC_N; i++) {
        double mm2 = i == AC_LOGIC ? area_ge_to_mm2(t, raw[i]) : raw[i] * t->f2_mm2;
        r->cls[i] = mm2 * t->prof.k[i];
        r->total_mm2 += r->cls[i];
    }
    r->ge = raw[AC_LOGIC];
    if (r->kind == AK_FF)
        r->storage_mm2 = area_ge_to_mm2(t, (double)r->flops * t->c.ge_dff) * t->prof.k[AC_LOGIC];
    else
        r->storage_mm2 = storage_f2 * t->f2_mm2 * t->prof.k[AC_CELLS];
    r->efficiency = r->total_mm2 > 0 ? r->storage_mm2 / r->total_mm2 : 0;
}

/* ------------------------------------------------------------ cell arrays */

typedef struct {
    unsigned long rows_in; /* words in this bank */
    unsigned data_bits;    /* SRAM-cell bits per word */
    unsigned tag_bits;     /* CAM-cell bits per word (0 for a RAM) */
    unsigned rw, rd, wr;   /* decoded ports */
    unsigned search;       /* search ports (CAM) */
    int allow_fold;
} bank_spec;

typedef struct {
    double raw[AC_N];      /* F^2 (logic: GE) */
    double storage_f2;
    unsigned rows, cols, mux, nsub, sub_rows, sub_cols;
    double cell_w, cell_h; /* F */
} bank_geom;

static unsigned ceil_div_u(unsigned long a, unsigned long b)
{
    return (unsigned)((a + b - 1) / b);
}

/* One organisation (mux degree m) of a bank; returns its total F^2. */
static double bank_org(const area_tech *t, const bank_spec *s, unsigned m, bank_geom *g)
{
    const area_consts *c = &t->c;
    const area_node *n = &t->node;
    unsigned ports = s->rw + s->rd + s->wr;
    double pl2 = 2.0 * n->pitch_local_f;
    /* SRAM cell: every bitline port adds two local pitches each way;
     * a CAM data cell is also read by the search ports (match line). */
    unsigned sram_extra = ports + (s->tag_bits ? s->search : 0) - 1;
    double h0 = sqrt(n->cell_f2 / n->cell_aspect), w0 = h0 * n->cell_aspect;
    double sh = h0 + pl2 * sram_extra, sw = w0 + pl2 * sram_extra;
    double ch = 0, cw = 0, row_h, row_w_cells;
    unsigned rows, cols, ndbl, ndwl, sr, sc, nsub, abits;
    double dec_w, col_h, cells, dec, col, ctrl, route, bank_w, bank_h;

    memset(g, 0, sizeof *g);
    if (s->tag_bits) {
        double hc = sqrt(n->cam_f2 / n->cam_aspect), wc = hc * n->cam_aspect;
        unsigned cam_extra = (ports - 1) + (s->search - 1);
        ch = hc + pl2 * cam_extra;
        cw = wc + pl2 * cam_extra;
    }
    rows = ceil_div_u(s->rows_in, m);
    cols = (s->data_bits + s->tag_bits) * m;
    row_h = s->tag_bits ? (ch > sh ? ch : sh) : sh;
    /* width of one row of one word-column group, in F */
    row_w_cells = (double)s->data_bits * sw + (double)s->tag_bits * cw;

    ndbl = ceil_div_u(rows, c->sub_max_rows);
    ndwl = ceil_div_u(cols, c->sub_max_cols);
    sr = ceil_div_u(rows, ndbl);
    sc = ceil_div_u(cols, ndwl);
    nsub = ndbl * ndwl;
    abits = bits_index_width(sr);

    /* cells: every subarray is sr rows of sc columns */
    {
        double avg_col_w = row_w_cells / (double)(s->data_bits + s->tag_bits);
        cells = (double)nsub * sr * row_h * sc * avg_col_w;
        g->storage_f2 = cells;
        /* decoder strip per decoded port, along each subarray's rows */
        dec_w = (c->dec_base_f + c->dec_bit_f * abits) * ports;
        dec = (double)nsub * sr * row_h * dec_w;
        /* column strip along each subarray's columns */
        col_h = s->rw * (c->col_pre_f + (c->col_sa_f + c->col_wd_f) / m) +
                s->rd * (c->col_pre_f + c->col_sa_f / m) + s->wr * (c->col_pre_f + c->col_wd_f / m);
        col = (double)nsub * sc * avg_col_w * col_h;
        if (s->tag_bits) /* search-line drivers over the tag columns */
            col += (double)ndbl * s->tag_bits * cw * c->col_sld_f * s->search;
        /* control per subarray per port, and the bank's own */
        ctrl = (double)nsub * c->ctrl_f2 * (ports + s->search) + c->bank_ctrl_f2;
        /* buses: the address (and CAM search data) of every port to every
         * subarray, and the data of subarrays stacked above the bottom row
         * down over the ones below (horizontally split words need none) */
        route = 0;
        bank_w = ndwl * (sc * avg_col_w + dec_w);
        bank_h = ndbl * (sr * row_h + col_h);
        if (nsub > 1) {
            double addr = (double)ports * bits_index_width(s->rows_in) +
                          (double)s->search * s->tag_bits;
            route += addr * n->pitch_semi_f * (bank_w + bank_h) / 2.0;
        }
        if (ndbl > 1) {
            double data = (double)ports * (s->data_bits + s->tag_bits) + s->search;
            route += data * n->pitch_semi_f * bank_h * (ndbl - 1) / ndbl;
        }
    }
    g->raw[AC_CELLS] = cells;
    g->raw[AC_DECODE] = dec;
    g->raw[AC_COLUMN] = col;
    g->raw[AC_CONTROL] = ctrl;
    g->raw[AC_ROUTE] = route;
    /* I/O latches of the bank: data in per write port, data out per read
     * port (both for a read/write port); a CAM latches the search key */
    g->raw[AC_LOGIC] = (double)(s->data_bits + s->tag_bits) * (2.0 * s->rw + s->rd + s->wr) *
                       c->ge_dff;
    if (s->tag_bits) { /* search key latch, match-line sense per row, priority encoder */
        g->raw[AC_LOGIC] += (double)s->search *
                            ((double)s->tag_bits * c->ge_dff + (double)s->rows_in * c->ge_ml_sense +
                             area_ge_prio_enc(c, (unsigned)s->rows_in));
    }
    g->rows = rows;
    g->cols = cols;
    g->mux = m;
    g->nsub = nsub;
    g->sub_rows = sr;
    g->sub_cols = sc;
    g->cell_w = s->tag_bits ? cw : sw;
    g->cell_h = s->tag_bits ? ch : sh;
    return cells + dec + col + ctrl + route +
           g->raw[AC_LOGIC] * n->ge_f2 / c->logic_util;
}

/* The least-area organisation of a bank. */
static void bank_eval(const area_tech *t, const bank_spec *s, bank_geom *best)
{
    unsigned m, max_m = s->allow_fold ? t->c.max_mux : 1;
    double best_a = -1;
    /* every mux degree is a candidate whatever the depth (a shallow bank
     * may leave part of its one row unused): the least area over a fixed
     * set of organisations is monotonic in entries, width and ports */
    for (m = 1; m <= max_m; m *= 2) {
        bank_geom g;
        double a = bank_org(t, s, m, &g);
        if (best_a < 0 || a < best_a * (1.0 - 1e-12)) {
            best_a = a;
            *best = g;
        }
    }
    if (best_a < 0)
        bank_org(t, s, 1, best);
}

/* Fills r from one bank's geometry, replicated over `banks`, and finishes it. */
static void bank_result(const area_tech *t, area_kind kind, unsigned long bank_entries, unsigned banks,
                        const bank_geom *g, const double raw[], area_result *r)
{
    r->kind = kind;
    r->bank_entries = bank_entries;
    r->banks = banks;
    r->rows = g->rows;
    r->cols = g->cols;
    r->mux = g->mux;
    r->subarrays = g->nsub;
    r->sub_rows = g->sub_rows;
    r->sub_cols = g->sub_cols;
    r->cell_w_f = g->cell_w;
    r->cell_h_f = g->cell_h;
    area_result_finish(t, r, raw, g->storage_f2 * banks);
}

static void ram_eval(const area_tech *t, const area_array *a, area_result *r)
{
    bank_spec s;
    bank_geom g;
    double raw[AC_N];
    unsigned i;
    memset(&s, 0, sizeof s);
    s.rows_in = ceil_div_u(a->entries, a->banks);
    s.data_bits = a->width;
    s.rw = a->rw;
    s.rd = a->rd;
    s.wr = a->wr;
    s.allow_fold = 1;
    bank_eval(t, &s, &g);
    for (i = 0; i < AC_N; i++)
        raw[i] = g.raw[i] * a->banks;
    bank_result(t, AK_RAM, s.rows_in, a->banks, &g, raw, r);
}

static void cam_eval(const area_tech *t, const area_array *a, area_result *r)
{
    const area_consts *c = &t->c;
    unsigned tag = a->tag_bits ? a->tag_bits : a->width;
    unsigned long per_bank = ceil_div_u(a->entries, a->banks);
    bank_spec s;
    bank_geom g;
    double raw[AC_N];
    unsigned i;
    memset(&s, 0, sizeof s);
    if (a->ways == 0) {
        s.rows_in = per_bank;
        s.tag_bits = tag;
        s.data_bits = a->width - tag;
        s.rw = a->rw;
        s.rd = a->rd;
        s.wr = a->wr;
        s.search = a->search;
        s.allow_fold = 0;
        bank_eval(t, &s, &g);
        for (i = 0; i < AC_N; i++)
            raw[i] = g.raw[i] * a->banks;
    } else {
        /* set-associative: sets x (ways * width) SRAM, each search reads a set */
        unsigned ways = a->ways;
        s.rows_in = ceil_div_u(per_bank, ways);
        s.data_bits = ways * a->width;
        s.rw = a->rw;
        s.rd = a->rd + a->search;
        s.wr = a->wr;
        s.allow_fold = 1;
        bank_eval(t, &s, &g);
        for (i = 0; i < AC_N; i++)
            raw[i] = g.raw[i] * a->banks;
        raw[AC_LOGIC] += (double)a->banks * a->search *
                         (ways * area_ge_eq_cmp(c, tag) + area_ge_prio_enc(c, ways) +
                          area_ge_mux(c, ways, a->width));
    }
    bank_result(t, AK_CAM, per_bank, a->banks, &g, raw, r);
}

static void ff_eval(const area_tech *t, const area_array *a, area_result *r)
{
    const area_consts *c = &t->c;
    unsigned long n = ceil_div_u(a->entries, a->banks);
    unsigned wp = a->rw + a->wr, rp = a->rw + a->rd;
    double bits = (double)n * a->width, ge = 0, raw[AC_N];
    memset(raw, 0, sizeof raw);
    ge += bits * c->ge_dff;
    ge += bits * wp * c->ge_mux2;                      /* write data/enable muxes */
    if (n > 1)
        ge += (double)wp * area_ge_decoder(c, (unsigned)n); /* write-select decoders */
    ge += (double)rp * area_ge_mux(c, (unsigned)(n > 0xffffffffu ? 0xffffffffu : n), a->width);
    raw[AC_LOGIC] = ge * a->banks;
    r->kind = AK_FF;
    r->flops = (unsigned long)bits * a->banks;
    r->bank_entries = n;
    r->banks = a->banks;
    r->rows = (unsigned)n;
    r->cols = a->width;
    r->mux = 1;
    r->subarrays = 1;
    r->sub_rows = (unsigned)n;
    r->sub_cols = a->width;
    area_result_finish(t, r, raw, 0);
}

const char *area_array_eval(const area_tech *t, const area_array *a, area_result *r)
{
    const char *e = area_array_check(a);
    area_result_zero(r);
    if (e)
        return e;
    switch (a->kind) {
    case AK_LOGIC: break;
    case AK_RAM: ram_eval(t, a, r); break;
    case AK_CAM: cam_eval(t, a, r); break;
    case AK_FF: ff_eval(t, a, r); break;
    case AK_AUTO: {
        area_result rr, rf;
        area_array b = *a;
        area_result_zero(&rr);
        area_result_zero(&rf);
        ff_eval(t, a, &rf);
        if (a->rw + a->rd >= 1) {
            b.kind = AK_RAM;
            ram_eval(t, &b, &rr);
            *r = rr.total_mm2 < rf.total_mm2 ? rr : rf;
        } else {
            *r = rf;
        }
        break;
    }
    }
    return NULL;
}

unsigned long area_ff_crossover(const area_tech *t, unsigned width, unsigned rw, unsigned rd,
                                unsigned wr)
{
    unsigned long n;
    area_array a;
    memset(&a, 0, sizeof a);
    a.width = width;
    a.rw = rw;
    a.rd = rd;
    a.wr = wr;
    a.banks = 1;
    if (rw + rd < 1 || rw + wr < 1)
        return 0;
    for (n = 1; n <= 65536ul; n++) {
        area_result rr, rf;
        a.entries = n;
        a.kind = AK_RAM;
        if (area_array_eval(t, &a, &rr))
            return 0;
        a.kind = AK_FF;
        area_array_eval(t, &a, &rf);
        if (rr.total_mm2 < rf.total_mm2)
            return n;
    }
    return 0;
}
