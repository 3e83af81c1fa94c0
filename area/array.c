/* SPDX-License-Identifier: Apache-2.0 */
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
#include <stdlib.h>
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

const char *area_array_energy_check(const area_array *a, const area_result *r)
{
    unsigned long per = (a->entries + a->banks - 1) / a->banks;
    if (r->kind == AK_FF || r->kind == AK_LOGIC)
        return NULL;
    if (per < AREA_E_MIN_ENTRIES || per > AREA_E_MAX_ENTRIES)
        return "energy: a RAM/CAM bank must hold 16..16384 entries (the range checked against CACTI 7)";
    if (a->width > AREA_E_MAX_WIDTH)
        return "energy: width must be at most 2048 bits (the range checked against CACTI 7)";
    if (a->rw + a->rd + a->wr > AREA_E_MAX_PORTS)
        return "energy: at most 8 bitline ports (the range checked against CACTI 7)";
    if (a->search > AREA_E_MAX_SEARCH)
        return "energy: at most 4 search ports (the range checked against CACTI 7)";
    if (a->banks > AREA_E_MAX_BANKS)
        return "energy: at most 64 banks (the range checked against CACTI 7)";
    return NULL;
}

const char *area_read_part_name(unsigned k)
{
    static const char *const nm[AREA_RP_N] = {"decoder", "wordline", "address", "bitline",
                                              "sense_amp", "data", "network", "logic"};
    return k < AREA_RP_N ? nm[k] : "?";
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
    a->read_nj += b->read_nj * times;
    a->write_nj += b->write_nj * times;
    a->search_nj += b->search_nj * times;
    a->op_nj += b->op_nj * times;
    a->leak_mw += b->leak_mw * times;
    a->leak_bank_mw += b->leak_bank_mw * times;
    for (i = 0; i < AREA_RP_N; i++)
        a->read_part[i] += b->read_part[i] * times;
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
    double bank_w, bank_h; /* F */
    double net_f2;         /* the network between banks (whole array), F^2 */
    /* for the energy model */
    unsigned ndbl, ndwl;   /* subarrays down and across one stack of the fold */
    unsigned abits;        /* row address bits of a subarray */
    double row_h, col_w;   /* a row's height, a column's mean width (F) */
    double tag_cell_w;     /* a CAM cell's width (F), 0 for a RAM */
    double l_addr_tree;    /* the bank's address H-tree, every branch (F) */
    double net_path;       /* the network's path from the array's edge to one bank (F) */
} bank_geom;

static unsigned ceil_div_u(unsigned long a, unsigned long b)
{
    return (unsigned)((a + b - 1) / b);
}

/* Address bits that select one of n rows (0 for a single row). */
static unsigned addr_bits(unsigned long n)
{
    return n <= 1 ? 0u : bits_index_width(n);
}

/* Total wire length (F) of an H-tree from the centre of an nx x ny grid of
 * leaves, each lw x lh F, to every leaf: the region is halved, a trunk
 * joins the two halves' centres (half the region across), and each half is
 * a tree of its own.  Which way to halve follows a rule on the leaf counts
 * alone (halve across x while nx >= r * ny, for a fixed set of ratios r,
 * x first and y first included), and the shortest of those trees is taken:
 * each is linear in lw and lh with fixed coefficients, so the length grows
 * with the leaves' size and count, and the best adapts to their shape.
 * Counts are halved as real numbers (a 3-wide grid is two halves of 1.5). */
static double htree_wlen(double nx, double ny, double lw, double lh, double a, double d,
                         int halve);

static double htree_len(double nx, double ny, double lw, double lh)
{
    return htree_wlen(nx, ny, lw, lh, 1.0, 0.0, 0);
}

/* The tree htree_len takes, its wires weighted: a signals on every branch
 * and d signals, halving at every level when `halve` (each half of a region
 * carries the data of its own leaves only, as CACTI's channels do: the
 * network between banks, area/README.md eleventh pass). */
static double htree_wlen(double nx, double ny, double lw, double lh, double a, double d,
                         int halve)
{
    static const double ratio[] = {0.0, 0.125, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 1e300};
    double best = -1;
    unsigned k;
    for (k = 0; k < sizeof ratio / sizeof ratio[0]; k++) {
        double x = nx, y = ny, len = 0.0, copies = 1.0, dd = d;
        while (x > 1.0 + 1e-9 || y > 1.0 + 1e-9) {
            if (y <= 1.0 + 1e-9 || (x > 1.0 + 1e-9 && x >= ratio[k] * y)) {
                len += copies * x * lw / 2.0 * (a + dd);
                x /= 2.0;
            } else {
                len += copies * y * lh / 2.0 * (a + dd);
                y /= 2.0;
            }
            copies *= 2.0;
            if (halve)
                dd /= 2.0;
        }
        if (best < 0 || len < best)
            best = len;
    }
    return best;
}

/* Whether the network between banks halves its data per level: yes;
 * measuring switch AREA_X_NETH=0 gives every branch the whole bus (the
 * model before the eleventh pass). */
static int net_halving(void)
{
    static int x = -1;
    if (x < 0) {
        const char *e = getenv("AREA_X_NETH");
        x = !(e && *e && atoi(e) == 0);
    }
    return x;
}

/* Signals of one bank that cross its H-tree, counted per port: every
 * port's address, data in (write and read/write ports) and data out (read
 * and read/write ports), a CAM's search key in and match out. */
static void bank_signals(const bank_spec *s, double *addr, double *data)
{
    unsigned ports = s->rw + s->rd + s->wr;
    unsigned bits = s->data_bits + s->tag_bits;
    *addr = (double)ports * addr_bits(s->rows_in) + (double)s->search * s->tag_bits;
    *data = (double)bits * (2.0 * s->rw + s->rd + s->wr) +
            (double)s->search * (1.0 + addr_bits(s->rows_in));
}

/* The network between banks' wire pitch (F): the global pitch.  Measuring
 * switch (issue 29 item 3, area/README.md eleventh pass): AREA_X_NETP=x
 * routes it at x times the semi-global pitch instead. */
static double net_pitch(const area_node *n)
{
    static double x = -1.0;
    if (x < 0.0) {
        const char *e = getenv("AREA_X_NETP");
        x = e && *e ? atof(e) : 0.0;
    }
    return x > 0.0 ? x * n->pitch_semi_f : n->pitch_global_f;
}

/* The network between banks: banks in the grid (bx x by >= banks) with the
 * shortest H-tree from the array's nearer edge to every bank, each bank
 * w x h F; its wire length (F) weighted by the signals, a to every bank and
 * d halving per level when `halve` (htree_wlen), the run from the edge to
 * the centre carrying all of them.  *path: a leaf's path from the edge.  0
 * for one bank. */
static double net_wlen(unsigned banks, double w, double h, double a, double d, int halve,
                       double *path)
{
    double len = -1;
    unsigned bx, by;
    if (path)
        *path = 0.0;
    if (banks <= 1)
        return 0.0;
    for (bx = 1; bx <= banks; bx++) {
        double l;
        by = ceil_div_u(banks, bx);
        l = htree_wlen(bx, by, w, h, a, d, halve) +
            (a + d) * fmin((double)by * h, (double)bx * w) / 2.0;
        if (len < 0 || l < len) {
            len = l;
            /* a leaf's path: from the nearer edge to the centre, then half
             * the grid's width and height (the H-tree's halvings) */
            if (path)
                *path = fmin((double)by * h, (double)bx * w) / 2.0 + (double)bx * w / 2.0 +
                        (double)by * h / 2.0;
        }
        if ((unsigned long)bx * bx >= 4ul * banks)
            break; /* wider grids only lengthen the tree */
    }
    return len;
}

/* F^2 of the network between banks carrying a address-like signals (to
 * every bank) and d data signals, at the network's pitch, the data halving
 * per level (net_halving); *path as net_wlen's. */
static double net_f2_of(const area_node *n, unsigned banks, double w, double h, double a, double d,
                        double *path)
{
    return net_pitch(n) * net_wlen(banks, w, h, a, d, net_halving(), path);
}

/* One organisation (mux degree m, subarrays at most max_rows x max_cols) of
 * a bank; returns its total F^2.  The layout: ndbl x ndwl subarrays, each
 * the bounding box of its cells, one decoder strip per port along its rows
 * (a CAM adds a match-line sense strip per search port), one column strip
 * per port along its columns; the corner where the strips meet is the
 * subarray's control.  An H-tree carries every port's address and data from
 * the bank's edge to the subarrays; latches, drivers and a timing generator
 * per port sit at the edge. */
static double bank_org(const area_tech *t, const bank_spec *s, unsigned long entries,
                       unsigned banks, unsigned m, unsigned ndbl_extra, unsigned ndwl_extra,
                       unsigned max_rows, unsigned max_cols, bank_geom *g)
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
    double ch = 0, cw = 0, row_h, avg_col_w;
    unsigned rows, cols, ndbl, ndwl, sr, sc, nsub, abits, bits = s->data_bits + s->tag_bits;
    double dec_w, ml_w, col_h, cell_w, cell_h, sub_w, sub_h, bank_w, bank_h;
    double cells, dec, col, ctrl, route, a_sig, d_sig, l_addr, l_data, g_sig;

    memset(g, 0, sizeof *g);
    if (s->tag_bits) {
        double hc = sqrt(n->cam_f2 / n->cam_aspect), wc = hc * n->cam_aspect;
        unsigned cam_extra = (ports - 1) + (s->search - 1);
        ch = hc + pl2 * cam_extra;
        cw = wc + pl2 * cam_extra;
    }
    rows = ceil_div_u(s->rows_in, m);
    cols = bits * m;
    row_h = s->tag_bits ? (ch > sh ? ch : sh) : sh;
    avg_col_w = ((double)s->data_bits * sw + (double)s->tag_bits * cw) / (double)bits;

    ndbl = ceil_div_u(rows, max_rows) + ndbl_extra;
    if (ndbl > rows)
        ndbl = rows;
    ndwl = ceil_div_u(cols, max_cols) + ndwl_extra;
    if (ndwl > cols)
        ndwl = cols;
    sr = ceil_div_u(rows, ndbl);
    sc = ceil_div_u(cols, ndwl);
    nsub = ndbl * ndwl;
    abits = addr_bits(sr);

    /* one subarray */
    cell_w = (double)sc * avg_col_w;
    cell_h = (double)sr * row_h;
    /* decoder + wordline driver per port, the driver sized to its wordline */
    dec_w = (c->dec_base_f + c->dec_bit_f * abits + c->dec_load_f * sc) * ports;
    /* match-line sense per search port (a CAM) */
    ml_w = s->tag_bits ? c->ml_sense_f * s->search : 0.0;
    /* column strip per port: precharge and mux, the sense amps and write
     * drivers shared by the mux degree, sized to the bitline they drive */
    col_h = s->rw * (c->col_pre_f + (c->col_sa_f + c->col_wd_f) / m) +
            s->rd * (c->col_pre_f + c->col_sa_f / m) + s->wr * (c->col_pre_f + c->col_wd_f / m) +
            (double)ports * c->col_load_f * sr;
    if (s->tag_bits) /* search-line drivers over the tag columns, sized to the column */
        col_h += (double)s->search * (c->col_sld_f + c->col_load_f * sr) * s->tag_bits / bits;
    sub_w = cell_w + dec_w + ml_w;
    sub_h = cell_h + col_h;
    cells = (double)nsub * cell_w * cell_h;
    dec = (double)nsub * (dec_w + ml_w) * cell_h;
    col = (double)nsub * cell_w * col_h;
    ctrl = (double)nsub * (dec_w + ml_w) * col_h; /* the corners */
    g->storage_f2 = cells;

    /* the bank's wires (semi-global pitch).  The ndbl subarrays stacked in a
     * column may be folded into f side-by-side stacks (a deep bank laid out
     * near square): gx = ndwl * f columns, gy = ndbl / f rows of
     * subarrays.  An H-tree from the bank's nearer edge takes every address
     * bit to every subarray; a data bit runs past every subarray holding it
     * (a spine and a bus per stack, or a spine per row and one trunk).  The
     * fold of least wiring is taken. */
    bank_signals(s, &a_sig, &d_sig);
    /* the network between banks carries them too, and the bank select */
    g_sig = a_sig + d_sig + (double)ports * (addr_bits(entries) - addr_bits(s->rows_in));
    route = 0;
    bank_w = ndwl * sub_w;
    bank_h = ndbl * sub_h;
    g->net_f2 = net_f2_of(n, banks, bank_w, bank_h, g_sig - d_sig, d_sig, &g->net_path);
    g->l_addr_tree = 0.0;
    if (nsub > 1) {
        unsigned f, gy, k;
        double best = -1, best_net = 0, best_path = 0, best_tree = 0;
        /* every fold up to 64 stacks; beyond, tight grids both ways: f a
         * power of two and gy = the rows it needs, or gy a power of two and
         * f = the columns it needs */
        unsigned nk = ndbl <= 64 ? ndbl : 2u * (bits_width_for(2u * ndbl) + 1u);
        for (k = 0; k < nk; k++) {
            double r;
            if (ndbl <= 64) {
                f = k + 1;
                gy = ceil_div_u(ndbl, f);
            } else if (k % 2 == 0) {
                f = 1u << (k / 2);
                gy = ceil_div_u(ndbl, f);
            } else {
                gy = 1u << (k / 2);
                f = ceil_div_u(ndbl, gy);
            }
            if (f > 2 * ndbl || gy < 1)
                continue;
            l_addr = fmin((double)gy * sub_h, (double)ndwl * f * sub_w) / 2.0 +
                     htree_len(ndwl * f, gy, sub_w, sub_h);
            /* a data bit's wire: a spine along the bottom row and a bus up
             * each of the f stacks, or a spine along each of the gy rows and
             * one trunk up: whichever is shorter */
            l_data = fmin((double)(f - 1) * ndwl * sub_w + (double)f * (gy - 1) * sub_h,
                          (double)gy * (f - 1) * ndwl * sub_w + (double)(gy - 1) * sub_h);
            r = n->pitch_semi_f * (a_sig * l_addr + d_sig * l_data);
            /* the fold of least wiring, the network between banks (which
             * depends on the bank's shape) included */
            {
                double path;
                double net = net_f2_of(n, banks, (double)ndwl * f * sub_w, (double)gy * sub_h,
                                       g_sig - d_sig, d_sig, &path);
                if (best < 0 || banks * r + net < banks * best + best_net) {
                    best = r;
                    best_net = net;
                    best_path = path;
                    best_tree = l_addr;
                    bank_w = (double)ndwl * f * sub_w;
                    bank_h = (double)gy * sub_h;
                }
            }
        }
        route = best;
        g->net_f2 = best_net;
        g->net_path = best_path;
        g->l_addr_tree = best_tree;
    }
    g->raw[AC_CELLS] = cells;
    g->raw[AC_DECODE] = dec;
    g->raw[AC_COLUMN] = col;
    g->raw[AC_CONTROL] = ctrl;
    g->raw[AC_ROUTE] = route;
    /* the bank's edge: data latches and drivers per direction per port,
     * address latches and predecoders per port, a timing generator per
     * port (in GE, control class: converted here to F^2) */
    g->raw[AC_CONTROL] += ((double)ports * addr_bits(s->rows_in) * c->addr_ge +
                           (double)(ports + s->search) * c->timing_ge) *
                          n->ge_f2 / c->logic_util;
    g->raw[AC_LOGIC] = (double)bits * (2.0 * s->rw + s->rd + s->wr) * c->io_ge;
    if (s->tag_bits) /* search key latch and priority encoder per search port: one per
                      * subarray, and a second level picking the first subarray that
                      * matched and its local index */
        g->raw[AC_LOGIC] += (double)s->search *
                            ((double)s->tag_bits * c->io_ge + (double)nsub * area_ge_prio_enc(c, sr) +
                             (nsub > 1 ? area_ge_prio_enc(c, nsub) + area_ge_mux(c, nsub, addr_bits(sr) + 1)
                                       : 0.0));
    g->rows = rows;
    g->cols = cols;
    g->mux = m;
    g->nsub = nsub;
    g->sub_rows = sr;
    g->sub_cols = sc;
    g->bank_w = bank_w;
    g->bank_h = bank_h;
    g->cell_w = s->tag_bits ? cw : sw;
    g->cell_h = s->tag_bits ? ch : sh;
    g->ndbl = ndbl;
    g->ndwl = ndwl;
    g->abits = abits;
    g->row_h = row_h;
    g->col_w = avg_col_w;
    g->tag_cell_w = s->tag_bits ? cw : 0.0;
    return cells + dec + col + g->raw[AC_CONTROL] + route +
           g->raw[AC_LOGIC] * n->ge_f2 / c->logic_util;
}

/* The F^2 of an array's classes (raw: F^2, logic in GE). */
static double raw_total_f2(const area_tech *t, const double raw[AC_N])
{
    double tot = 0.0;
    unsigned i;
    for (i = 0; i < AC_N; i++)
        tot += i == AC_LOGIC ? raw[i] * t->node.ge_f2 / t->c.logic_util : raw[i];
    return tot;
}

/* The channel floor of the whole array (issue 29 item 3), F^2: every bank
 * is at least its cells and a channel that carries every port's address and
 * word (a read/write port's word once, a CAM's search key) at the
 * semi-global pitch, chan_k x one word's width long (CACTI 7's mat runs
 * such a channel between its rows of subarrays; in ours a bank of one row
 * of subarrays routes its data at no cost), and the network between banks
 * of that shape (one word wide, the cells' and the channel's height).  The
 * channel's wires can run over the bank's decoder and column strips, so the
 * floor competes with the organisation's area rather than adding to it:
 * the array is the larger of the two (apply_channel_floor).  The floor does
 * not depend on the organisation and grows with entries, width, ports and
 * banks, so the larger of the two stays monotonic, and the organisation
 * (hence the energy) is the one chosen without it.  0 when chan_k is 0. */
static double bank_channel_floor(const area_tech *t, const bank_spec *s, const bank_geom *g,
                                 unsigned long entries, unsigned banks)
{
    const area_node *n = &t->node;
    unsigned ports = s->rw + s->rd + s->wr;
    unsigned bits = s->data_bits + s->tag_bits;
    double tracks, len, cells_h, chan_h, a_sig, d_sig, g_sig;
    if (t->c.chan_k <= 0.0)
        return 0.0;
    tracks = (double)ports * (addr_bits(s->rows_in) + bits) + (double)s->search * s->tag_bits;
    len = (double)bits * g->col_w;
    cells_h = (double)s->rows_in * g->row_h;
    chan_h = t->c.chan_k * n->pitch_semi_f * tracks;
    bank_signals(s, &a_sig, &d_sig);
    g_sig = a_sig + d_sig + (double)ports * (addr_bits(entries) - addr_bits(s->rows_in));
    return (double)banks * len * (cells_h + chan_h) +
           net_f2_of(n, banks, len, cells_h + chan_h, g_sig - d_sig, d_sig, NULL);
}

/* Raises raw[AC_ROUTE] (the whole array's classes, F^2, logic in GE) so
 * that the array's F^2 is at least the channel floor; returns what it
 * added (F^2). */
static double apply_channel_floor(const area_tech *t, const bank_spec *s, const bank_geom *g,
                                  unsigned long entries, unsigned banks, double raw[AC_N])
{
    double floor_f2 = bank_channel_floor(t, s, g, entries, banks), add;
    if (floor_f2 <= 0.0)
        return 0.0;
    add = floor_f2 - raw_total_f2(t, raw);
    if (add <= 0.0)
        return 0.0;
    raw[AC_ROUTE] += add;
    return add;
}

/* The organisation the goal asks for: the least area of the whole array
 * (banks x the bank + the network between them) among the organisations
 * whose subarrays respect the goal's limits.  The network depends on the
 * banks' shape, so the bank's organisation is chosen with it. */
static void bank_eval(const area_tech *t, const bank_spec *s, unsigned long entries,
                      unsigned banks, bank_geom *best)
{
    unsigned m, max_m = s->allow_fold ? t->c.max_mux : 1;
    unsigned mr = t->goal == AREA_GOAL_AREA ? t->c.area_max_rows : t->c.delay_max_rows;
    unsigned mc = t->goal == AREA_GOAL_AREA ? t->c.area_max_cols : t->c.delay_max_cols;
    double best_a = -1;
    /* every mux degree is a candidate whatever the depth (a shallow bank
     * may leave part of its one row unused); so are more subarrays than
     * the limits need (up to twice as many rows of them, at most 16 more,
     * and up to 8 more columns of them): the set of organisations is then
     * the same on both sides of a step in the subarray count, which keeps
     * the least area monotonic in the entries and the width */
    for (m = 1; m <= max_m; m *= 2) {
        unsigned kb, kw, base = ceil_div_u(ceil_div_u(s->rows_in, m), mr);
        unsigned wbase = ceil_div_u((unsigned long)(s->data_bits + s->tag_bits) * m, mc);
        unsigned extra = base < 16 ? base : 16, wextra = wbase < 8 ? wbase : 8;
        for (kb = 0; kb <= extra; kb++)
            for (kw = 0; kw <= wextra; kw++) {
                bank_geom g;
                double a = bank_org(t, s, entries, banks, m, kb, kw, mr, mc, &g) * banks;
                a += g.net_f2;
                if (best_a < 0 || a < best_a * (1.0 - 1e-12)) {
                    best_a = a;
                    *best = g;
                }
            }
    }
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

/* Energy of one access on one port and leakage, from one bank's
 * organisation g (model: array.h).  raw: the whole array's class values
 * (F^2, logic in GE), for the leakage of the periphery and wiring.
 * wbits: bits a write drives (the word). */
static void bank_energy(const area_tech *t, const bank_spec *s, const bank_geom *g,
                        unsigned long entries, unsigned banks, const double raw[AC_N],
                        unsigned wbits, area_result *r)
{
    const area_consts *c = &t->c;
    const area_node *n = &t->node;
    unsigned bits = s->data_bits + s->tag_bits;
    unsigned ports = s->rw + s->rd + s->wr;
    double ab = addr_bits(s->rows_in), bab = addr_bits(entries);
    double act_cols = (double)g->sub_cols * g->ndwl; /* columns of the active row */
    double bl = (double)g->sub_rows * g->row_h;     /* one subarray's bitline, F */
    double wl = (double)g->sub_cols * g->col_w;     /* one subarray's wordline, F */
    double p_addr = g->bank_w / 2.0 + g->bank_h / 2.0;
    double p_data = g->bank_w / 4.0 + g->bank_h / 2.0;
    double net = g->net_path * (bab + bits);        /* one port's signals to one bank */
    double row = c->e_dec * (g->abits + 1.0) * g->ndwl + c->e_wl * wl * g->ndwl +
                 c->e_abc * ab * g->l_addr_tree;
    double rd, wr, edge_rd, edge_wr, cells, peri, route, net_route, leak;
    unsigned extra;

    if (wbits > bits)
        wbits = bits;
    rd = row + c->e_bl_rd * act_cols * bl + c->e_sa * bits +
         c->e_wire * (ab * p_addr + bits * p_data + net);
    wr = row + c->e_bl_rd * (act_cols - wbits) * bl + c->e_bl_wr * wbits * bl + c->e_wd * wbits +
         c->e_wire * (ab * p_addr + wbits * p_data + net);
    /* the bank's edge: the port's data latches, address latches, timing */
    edge_rd = (double)bits * c->io_ge + ab * c->addr_ge + c->timing_ge;
    edge_wr = (double)wbits * c->io_ge + ab * c->addr_ge + c->timing_ge;
    r->read_nj = area_fj_nj(t, rd) + area_ge_op_nj(t, edge_rd);
    r->read_part[AREA_RP_DEC] = area_fj_nj(t, c->e_dec * (g->abits + 1.0) * g->ndwl);
    r->read_part[AREA_RP_WL] = area_fj_nj(t, c->e_wl * wl * g->ndwl);
    r->read_part[AREA_RP_ADDR] =
        area_fj_nj(t, c->e_abc * ab * g->l_addr_tree + c->e_wire * ab * p_addr);
    r->read_part[AREA_RP_BL] = area_fj_nj(t, c->e_bl_rd * act_cols * bl);
    r->read_part[AREA_RP_SA] = area_fj_nj(t, c->e_sa * bits);
    r->read_part[AREA_RP_DATA] = area_fj_nj(t, c->e_wire * bits * p_data);
    r->read_part[AREA_RP_NET] = area_fj_nj(t, c->e_wire * net);
    r->read_part[AREA_RP_LOGIC] = area_ge_op_nj(t, edge_rd);
    r->write_nj = area_fj_nj(t, wr) + area_ge_op_nj(t, edge_wr);
    if (s->tag_bits && s->search) {
        double rows = (double)g->sub_rows * g->ndbl * 1.0; /* every row of the bank */
        double se = c->e_wire * s->tag_bits * (g->l_addr_tree + p_addr + g->net_path) +
                    c->e_sl * s->tag_bits * rows * g->row_h +
                    c->e_ml * rows * s->tag_bits * g->tag_cell_w + c->e_mls * rows;
        double enc = (double)s->tag_bits * c->io_ge + (double)g->ndbl * g->ndwl *
                     area_ge_prio_enc(c, g->sub_rows) + c->timing_ge;
        if (g->nsub > 1)
            enc += area_ge_prio_enc(c, g->nsub) + area_ge_mux(c, g->nsub, g->abits + 1);
        r->search_nj = area_fj_nj(t, se * (banks > 1 ? banks : 1)) +
                       area_ge_op_nj(t, enc * (banks > 1 ? banks : 1));
    }
    /* leakage: cells by bits and ports (a CAM cell leaks as two SRAM
     * cells), periphery and logic by area, wiring by area */
    extra = ports - 1 + (s->tag_bits ? s->search : 0);
    cells = (double)s->rows_in * banks *
            ((double)s->data_bits * (c->l_cell + c->l_port * extra) +
             (double)s->tag_bits * (2.0 * c->l_cell + c->l_port * extra));
    peri = c->l_peri * (raw[AC_DECODE] + raw[AC_COLUMN] + raw[AC_CONTROL] +
                        raw[AC_LOGIC] * n->ge_f2 / c->logic_util);
    net_route = c->l_route * g->net_f2;
    route = c->l_route * raw[AC_ROUTE] - net_route;
    leak = cells + peri + route;
    r->leak_mw = area_width_leak_mw(t, leak + net_route);
    r->leak_bank_mw = area_width_leak_mw(t, leak / banks + net_route);
}

/* A RAM's organisation (s, g) and its classes (raw: F^2, logic in GE) with
 * the channel floor; er: the classes without it (for the energy).  With
 * the halving network, the array is also at least what half its banks
 * cost (and so on down to one bank): a network whose data halve per level
 * can make more banks cost less (a large array's banks shed more wiring
 * than the extra level adds), and this keeps doubling the banks from doing
 * so; the difference is in the routing class.  Returns the F^2. */
static double ram_org(const area_tech *t, const area_array *a, bank_spec *s, bank_geom *g,
                      double raw[AC_N], double er[AC_N])
{
    unsigned i;
    double tot;
    memset(s, 0, sizeof *s);
    s->rows_in = ceil_div_u(a->entries, a->banks);
    s->data_bits = a->width;
    s->rw = a->rw;
    s->rd = a->rd;
    s->wr = a->wr;
    s->allow_fold = 1;
    bank_eval(t, s, a->entries, a->banks, g);
    for (i = 0; i < AC_N; i++)
        raw[i] = g->raw[i] * a->banks;
    raw[AC_ROUTE] += g->net_f2;
    memcpy(er, raw, sizeof(double) * AC_N);
    /* the channel floor adds wires: no energy or leakage of its own here */
    apply_channel_floor(t, s, g, a->entries, a->banks, raw);
    tot = raw_total_f2(t, raw);
    if (net_halving() && a->banks > 1) {
        area_array h = *a;
        bank_spec hs;
        bank_geom hg;
        double hraw[AC_N], her[AC_N], lower;
        h.banks = a->banks / 2;
        lower = ram_org(t, &h, &hs, &hg, hraw, her);
        if (lower > tot) {
            raw[AC_ROUTE] += lower - tot;
            tot = lower;
        }
    }
    return tot;
}

static void ram_eval(const area_tech *t, const area_array *a, area_result *r)
{
    bank_spec s;
    bank_geom g;
    double raw[AC_N], er[AC_N];
    ram_org(t, a, &s, &g, raw, er);
    bank_result(t, AK_RAM, s.rows_in, a->banks, &g, raw, r);
    bank_energy(t, &s, &g, a->entries, a->banks, er, a->width, r);
}

static double ways_ge(const area_consts *c, const area_array *a, unsigned tag)
{
    return a->ways * area_ge_eq_cmp(c, tag) + area_ge_prio_enc(c, a->ways) +
           area_ge_mux(c, a->ways, a->width);
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
        bank_eval(t, &s, a->entries, a->banks, &g);
        for (i = 0; i < AC_N; i++)
            raw[i] = g.raw[i] * a->banks;
        raw[AC_ROUTE] += g.net_f2;
        if (a->banks > 1) /* every bank searches: pick the first bank that matched */
            raw[AC_LOGIC] += (double)a->search *
                             (area_ge_prio_enc(c, a->banks) +
                              area_ge_mux(c, a->banks, addr_bits(per_bank) + 1));
    } else {
        /* set-associative: sets x (ways * width) SRAM, each search reads a set */
        unsigned ways = a->ways;
        s.rows_in = ceil_div_u(per_bank, ways);
        s.data_bits = ways * a->width;
        s.rw = a->rw;
        s.rd = a->rd + a->search;
        s.wr = a->wr;
        s.allow_fold = 1;
        bank_eval(t, &s, a->entries, a->banks, &g);
        for (i = 0; i < AC_N; i++)
            raw[i] = g.raw[i] * a->banks;
        raw[AC_ROUTE] += g.net_f2;
        raw[AC_LOGIC] += (double)a->banks * a->search *
                         (ways * area_ge_eq_cmp(c, tag) + area_ge_prio_enc(c, ways) +
                          area_ge_mux(c, ways, a->width));
    }
    bank_result(t, AK_CAM, per_bank, a->banks, &g, raw, r);
    bank_energy(t, &s, &g, a->entries, a->banks, raw, a->ways ? a->width : s.data_bits + s.tag_bits,
                r);
    if (a->ways) /* a search reads one set and compares its ways */
        r->search_nj = r->read_nj + area_ge_op_nj(t, ways_ge(c, a, tag));
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
    /* a read: one port's mux tree; a write: the word's flops clocked, its
     * write muxes and the write decoder */
    r->read_nj = area_ge_op_nj(t, area_ge_mux(c, (unsigned)(n > 0xffffffffu ? 0xffffffffu : n),
                                              a->width));
    r->read_part[AREA_RP_LOGIC] = r->read_nj;
    r->write_nj = area_fj_nj(t, (double)a->width * c->ge_dff * c->c_ge) +
                  area_ge_op_nj(t, (double)a->width * c->ge_mux2 +
                                       (n > 1 ? area_ge_decoder(c, (unsigned)n) : 0.0));
    r->leak_mw = area_ge_leak_mw(t, ge * a->banks);
    r->leak_bank_mw = area_ge_leak_mw(t, ge);
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
