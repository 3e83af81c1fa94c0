/* SPDX-License-Identifier: Apache-2.0 */
/*
 * logic.c -- gate-equivalent counts of logic blocks, and crossbars.
 *
 * Models and sources: see logic.h (textbook gate structures, CACTI's
 * crossbar).  Validity: any block size >= 1 (size 0 counts 0 GE).
 * Departures: minimum-size gates, no timing-driven upsizing.
 */
#include "logic.h"

#include <math.h>
#include <string.h>

#include "../rtl_c/bits.h"

double area_ge_reduce(const area_consts *c, unsigned n)
{
    return n > 1 ? (double)(n - 1) * c->ge_or2 : 0.0;
}

double area_ge_eq_cmp(const area_consts *c, unsigned bits)
{
    return bits ? bits * c->ge_xor2 + area_ge_reduce(c, bits) : 0.0;
}

double area_ge_mag_cmp(const area_consts *c, unsigned bits)
{
    return bits * c->ge_fa;
}

double area_ge_prio_enc(const area_consts *c, unsigned n)
{
    unsigned ob;
    if (n <= 1)
        return n ? c->ge_inv : 0.0;
    ob = bits_index_width(n);
    /* lowest-set one-hot (ripple of AND/OR) + binary encode + valid */
    return n * (c->ge_and2 + c->ge_or2) + (double)ob * (n / 2.0) * c->ge_or2 +
           area_ge_reduce(c, n);
}

double area_ge_popcount(const area_consts *c, unsigned n)
{
    unsigned ob = bits_width_for(n);
    if (n <= 1)
        return 0.0;
    return (double)(n > ob ? n - ob : 0) * c->ge_fa + (double)ob * c->ge_ha;
}

double area_ge_mux(const area_consts *c, unsigned k, unsigned width)
{
    return k > 1 ? (double)(k - 1) * width * c->ge_mux2 : 0.0;
}

double area_ge_adder(const area_consts *c, unsigned bits)
{
    return bits * c->ge_fa;
}

double area_ge_incdec(const area_consts *c, unsigned bits)
{
    return bits * (c->ge_ha + c->ge_xor2); /* half adder + up/down select */
}

double area_ge_decoder(const area_consts *c, unsigned outputs)
{
    unsigned ab;
    if (outputs <= 1)
        return 0.0;
    ab = bits_index_width(outputs);
    /* one AND tree of ab inputs per output (predecode shares half) */
    return outputs * ((ab > 1 ? (ab - 1) * c->ge_and2 : c->ge_and2) * 0.5 + c->ge_and2) +
           ab * c->ge_inv;
}

double area_ge_sort3(const area_consts *c, unsigned key_bits, unsigned payload_bits)
{
    double ce = area_ge_mag_cmp(c, key_bits) + 2.0 * (key_bits + payload_bits) * c->ge_mux2;
    double merge = 3.0 * area_ge_eq_cmp(c, key_bits) + 3.0 * payload_bits * c->ge_or2;
    return 3.0 * ce + merge;
}

void area_logic_eval(const area_tech *t, double ge, area_result *r)
{
    double raw[AC_N];
    area_result_zero(r);
    memset(raw, 0, sizeof raw);
    raw[AC_LOGIC] = ge;
    r->kind = AK_LOGIC;
    area_result_finish(t, r, raw, 0);
    r->storage_mm2 = 0;
    r->efficiency = 0;
    r->op_nj = area_ge_op_nj(t, ge);
    r->leak_mw = r->leak_bank_mw = area_ge_leak_mw(t, ge);
}

const char *area_xbar_eval(const area_tech *t, unsigned nin, unsigned nout, unsigned width,
                           area_result *r)
{
    double raw[AC_N], pitch, wires_f2, drv_ge, drv_f2;
    area_result_zero(r);
    if (nin < 1 || nin > 256 || nout < 1 || nout > 256)
        return "crossbar ports must be 1..256";
    if (width < 1 || width > AREA_MAX_WIDTH)
        return "crossbar width must be 1..4096 bits";
    memset(raw, 0, sizeof raw);
    pitch = t->node.pitch_global_f * t->c.xbar_tracks;
    wires_f2 = ((double)nin * width * pitch) * ((double)nout * width * pitch);
    drv_ge = (double)nin * nout * width * t->c.ge_mux2;
    drv_f2 = drv_ge * t->node.ge_f2 / t->c.logic_util;
    if (wires_f2 >= drv_f2)
        raw[AC_ROUTE] = wires_f2;
    else
        raw[AC_LOGIC] = drv_ge;
    r->kind = AK_LOGIC;
    area_result_finish(t, r, raw, 0);
    r->storage_mm2 = 0;
    r->efficiency = 0;
    /* one transfer: `width` bits along an input's row and an output's
     * column of the grid, through one column of crosspoint drivers */
    r->op_nj = area_fj_nj(t, t->c.e_wire * width * ((double)nin + nout) * width * pitch) +
               area_ge_op_nj(t, (double)nin * width * t->c.ge_mux2);
    r->leak_mw = r->leak_bank_mw =
        area_ge_leak_mw(t, drv_ge) + area_width_leak_mw(t, t->c.l_route * wires_f2);
    return NULL;
}
