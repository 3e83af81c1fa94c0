/* SPDX-License-Identifier: Apache-2.0 */
/*
 * logic.h -- logic blocks in gate equivalents (GE), and crossbars.
 *
 * What it models: the gate count of the small datapath blocks the
 * scheduling structures are made of, built from the standard cells of
 * tech.h (inverter, NAND2, AND2, OR2, XOR2, MUX2, half and full adders, DFF)
 * in their textbook structure (Weste & Harris, CMOS VLSI Design, ch. 11):
 *   equality comparator   n XOR2 + an (n-1)-gate OR tree
 *   magnitude comparator  a subtractor's carry chain: n full adders
 *   priority encoder      one-hot lowest-set (ripple AND/OR, 2 gates/input)
 *                         + binary encode (n/2 OR2 per output bit)
 *   popcount              a carry-save adder tree: n - bits(n) full adders
 *                         + bits(n) half adders
 *   k:1 mux of w bits     (k-1)*w MUX2
 *   adder / incrementer   n full / half adders
 *   sort3                 the 3-input sorting network of 001 sec. 3.4:
 *                         3 compare-exchange units (magnitude comparator
 *                         on the key, two MUX2 per key+payload bit), 3
 *                         equality comparators to merge equal keys and an
 *                         OR of the merged payloads
 *   crossbar n x m of w   the larger of its wire grid (n*w by m*w global
 *                         tracks, CACTI's crossbar model) and its tri-state
 *                         drivers (one MUX2-size driver per crosspoint bit);
 *                         the drivers sit under the wires.
 * Area = GE x (NAND2 area in F^2) x F^2 / placement utilization (tech.h).
 * Energy (issue 29): an operation toggles act_logic of the GEs, each
 * switching c_ge fF per um of F at Vdd^2; a crossbar transfer drives one
 * input row and one output column of wires (e_wire) and a column of
 * drivers.  Leakage: the cells' width by area (l_peri), the grid's by l_route.
 * Validity: any n >= 1; the counts are for unpipelined, minimum-size gates.
 * Departures: no sizing for speed (a real timing-driven netlist is larger,
 * typically 1.2-2x); wiring between blocks is in the utilization factor.
 */
#ifndef AREA_LOGIC_H
#define AREA_LOGIC_H

#include "array.h"
#include "tech.h"

#ifdef __cplusplus
extern "C" {
#endif

double area_ge_reduce(const area_consts *c, unsigned n);            /* n-input AND/OR tree */
double area_ge_eq_cmp(const area_consts *c, unsigned bits);
double area_ge_mag_cmp(const area_consts *c, unsigned bits);
double area_ge_prio_enc(const area_consts *c, unsigned n);
double area_ge_popcount(const area_consts *c, unsigned n);
double area_ge_mux(const area_consts *c, unsigned k, unsigned width);
double area_ge_adder(const area_consts *c, unsigned bits);
double area_ge_incdec(const area_consts *c, unsigned bits);
double area_ge_decoder(const area_consts *c, unsigned outputs);     /* one-hot */
double area_ge_sort3(const area_consts *c, unsigned key_bits, unsigned payload_bits);

/* A logic block of `ge` gate equivalents as an area result (class logic). */
void area_logic_eval(const area_tech *t, double ge, area_result *r);
/* An n x m crossbar of `width`-bit ports. Returns NULL or a message. */
const char *area_xbar_eval(const area_tech *t, unsigned nin, unsigned nout, unsigned width,
                           area_result *r);

#ifdef __cplusplus
}
#endif

#endif /* AREA_LOGIC_H */
