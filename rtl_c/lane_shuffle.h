/* SPDX-License-Identifier: Apache-2.0 */
/*
 * lane_shuffle.h -- the thread-to-lane permutation of Simultaneous Warp
 * Interweaving: a combinational map from (thread-in-warp id tid, warp id
 * wid) to the physical lane that runs the thread, and its inverse (physical
 * lane -> tid).  Paper 001 (Brunie, Collange, Diamos, "Simultaneous Branch
 * and Warp Interweaving for Sustained GPU Performance", ISCA 2012), sec. 4
 * and Table 1: with shuffled lanes, the threads that stay active after a
 * divergence are spread differently in each warp, so the secondary SWI
 * scheduler more often finds a warp whose mask fits in the lanes the primary
 * leaves free.  Twin: verilog/lane_shuffle.v (same parameters, ports,
 * behaviour).
 *
 * Configurations (cfg field = Verilog parameter):
 *
 *   | field | param | default | range                                      |
 *   |-------|-------|---------|--------------------------------------------|
 *   | lanes | LANES | 32      | power of two, 2..64 (threads per warp =    |
 *   |       |       |         | physical lanes of the SIMD group)          |
 *   | warps | WARPS | 24      | 1..64 warps (001 Table 2/3: 24 warps)      |
 *
 *   Derived: TID_W = log2(LANES) (tid and lane width), WID_W = clog2(WARPS)
 *   (at least 1).
 *
 * Table 1 of 001, with the choices the text leaves open (n and m are not
 * defined there):
 *   n = LANES - 1 (the highest lane), m = WARPS (the number of warps),
 *   w = wid mod LANES (the low TID_W bits of wid), L = TID_W:
 *
 *   | func | name       | physical lane                        |
 *   |------|------------|--------------------------------------|
 *   | 0    | Identity   | tid                                  |
 *   | 1    | MirrorOdd  | n - tid if wid is odd, else tid      |
 *   | 2    | MirrorHalf | n - tid if wid > m/2, else tid       |
 *   | 3    | Xor        | tid XOR w                            |
 *   | 4    | XorRev     | tid XOR bitrev_L(w)                  |
 *
 *   - "wid > m/2" is taken literally and evaluated exactly as 2*wid > m (no
 *     rounding): with m = 24, warps 13..23 are mirrored and warp 12 is not.
 *     (001 gives no reason to read it as >=; the literal form is kept.)
 *   - Xor and XorRev use only the low TID_W bits of wid: a wider XOR would
 *     leave the lane range, and 001's Xor figure has as many warps as lanes.
 *     Warps wid and wid + LANES therefore share a shuffle.
 *   - bitrev reverses the L = log2(LANES) low bits of wid (the issue's
 *     reading; 001 does not give the width).
 *   - LANES must be a power of two so that n - tid = ~tid (L bits) and XOR
 *     stays in range; every function is then a permutation of 0..n for every
 *     wid, and an involution: applying it twice gives tid back.  So the
 *     inverse map (lane -> tid) is the same circuit fed with the lane; it is
 *     a second, independent copy here (port in_lane -> inv_tid) so that a
 *     writeback or a mask re-expansion can use it in the same cycle.
 *
 * Storage: none.  Logic (per map, two maps): a TID_W-bit XOR with a
 * 5-way TID_W-bit select of the XOR operand {0, all-ones, all-ones,
 * w, bitrev(w)} gated by its condition: the MirrorOdd condition is wid[0],
 * the MirrorHalf condition a WID_W-bit constant compare (2*wid > WARPS),
 * bitrev is wiring.  Shared: the function decode and the err compare.
 *
 * Ports.
 *   in:  in_func (3 bits: 0..4 as above), in_wid (WID_W), in_tid (TID_W),
 *        in_lane (TID_W: a physical lane for the inverse map).
 *   out: lane (TID_W: the physical lane of thread in_tid of warp in_wid),
 *        inv_tid (TID_W: the thread of warp in_wid that runs on in_lane),
 *        err, err_code (2 bits), act (3 bits: the function applied, or NONE).
 *   No storage: clk and rst exist only because every structure of the
 *   co-simulation has them; the outputs do not depend on them.
 *
 * Illegal input (err = 1, act = NONE, lane = inv_tid = 0).  First match:
 *   FUNC 1  in_func > 4
 *   WID  2  in_wid >= WARPS (a warp that does not exist)
 *
 * act (3 bits): IDENTITY 0, MIRROR_ODD 1, MIRROR_HALF 2, XOR 3, XOR_REV 4
 * (the function applied; the co-simulation counts each), NONE 5 (err).
 *
 * Contract of step (issue 17): lane_shuffle_step(cfg, s, in, out) takes the
 * eval output of the cycle; there is no state, so it does nothing.
 *
 * Worked example (LANES = 4, WARPS = 4, XorRev; bitrev over 2 bits: 0->0,
 * 1->2, 2->1, 3->3): warp 0 maps threads 0,1,2,3 to lanes 0,1,2,3; warp 1 to
 * 2,3,0,1; warp 2 to 1,0,3,2; warp 3 to 3,2,1,0.  Thread 0 of the four warps
 * lands on lanes 0, 2, 1, 3: four different lanes, which is what 001 wants
 * (a thread that stays active alone lands on a different lane in each warp).
 * MirrorHalf at WARPS = 4: only warp 3 (2*3 > 4) is mirrored.
 */
/*
 * Cost per cycle (issue 17): lane_shuffle_eval is straight-line and inline
 * (defined below, as is the empty step): no branch on the inputs -- the
 * function decode selects the XOR operand by AND-OR masks, err gates the
 * outputs by a mask -- and in a caller's cycle loop the cfg-derived masks
 * (bits_index_mask, the reversal's shift) are hoisted out, leaving about 40
 * instructions.  Out of line, the two calls (eval, step) cost as much as
 * the logic, and the earlier switch on in_func mispredicted on random
 * functions.  What remains (about 70 instructions in the co-simulation's
 * bench loop) is the decode's compares and masks and the five output
 * stores; the 6-bit reversal is a table lookup.  The Verilated RTL evaluates
 * the same few gates twice per cycle (clk low and high), so the ratio stays
 * near 4-5x (docs/bench.md).
 */
#ifndef LANE_SHUFFLE_H
#define LANE_SHUFFLE_H

#include <stdint.h>

#include "bits.h"
#include "port.h"

#ifdef __cplusplus
extern "C" {
#endif

struct vcd_writer;

enum lane_shuffle_func {
    LANE_SHUFFLE_IDENTITY = 0,
    LANE_SHUFFLE_MIRROR_ODD = 1,
    LANE_SHUFFLE_MIRROR_HALF = 2,
    LANE_SHUFFLE_XOR = 3,
    LANE_SHUFFLE_XOR_REV = 4,
    LANE_SHUFFLE_NONE = 5, /* act only: err */
    LANE_SHUFFLE_FUNCS = 5
};

enum lane_shuffle_err {
    LANE_SHUFFLE_ERR_NONE = 0,
    LANE_SHUFFLE_ERR_FUNC = 1,
    LANE_SHUFFLE_ERR_WID = 2
};

typedef struct {
    unsigned lanes;
    unsigned warps;
} lane_shuffle_cfg;

/* No architectural state (C11 has no empty struct): `none` is always 0. */
typedef struct {
    uint64_t none;
} lane_shuffle_state;

typedef struct {
    uint64_t in_func; /* 3 bits */
    uint64_t in_wid;  /* WID_W */
    uint64_t in_tid;  /* TID_W */
    uint64_t in_lane; /* TID_W */
} lane_shuffle_in;

typedef struct {
    uint64_t lane;     /* TID_W */
    uint64_t inv_tid;  /* TID_W */
    uint64_t err;
    uint64_t err_code; /* 2 bits */
    uint64_t act;      /* 3 bits */
} lane_shuffle_out;

/* The parameter table and its glue (PARAM_DECLS in port.h): defaults,
 * ranges, Verilog names; its cfg_check gives NULL or one line naming the
 * field and its range. */
PARAM_DECLS(lane_shuffle)

unsigned lane_shuffle_tid_w(const lane_shuffle_cfg *cfg); /* log2(LANES) */
unsigned lane_shuffle_wid_w(const lane_shuffle_cfg *cfg); /* clog2(WARPS), >= 1 */

/* The map itself (func 0..4, wid < WARPS, tid < LANES): physical lane. */
unsigned lane_shuffle_map(const lane_shuffle_cfg *cfg, unsigned func, unsigned wid,
                          unsigned tid);
/* The inverse: the tid of warp wid that runs on physical lane `lane`. */
unsigned lane_shuffle_inverse(const lane_shuffle_cfg *cfg, unsigned func, unsigned wid,
                              unsigned lane);

void lane_shuffle_reset(const lane_shuffle_cfg *cfg, lane_shuffle_state *s);
/* bitrev over 6 bits (the widest TID_W) as a constant table: the XOR_REV
 * operand is lane_shuffle_rev6[w] >> (6 - TID_W).  Wiring in hardware; a
 * lookup here, where a word-wise reversal cost about ten of the cycle's
 * ~70 instructions (tests/test_lane_shuffle.c checks every entry against
 * bits_reverse). */
extern const unsigned char lane_shuffle_rev6[64];

/* The combinational logic, defined here (static inline) because it is a
 * few gates: a caller's cycle loop inlines it, and the cfg-derived widths
 * fold into the loop's constants (issue 17: a call would cost as much as
 * the logic).  Straight-line: no branch on the inputs.  Each condition is a
 * 0/1 value, turned into a mask as the gates do it: the function decode
 * picks the XOR operand by AND-OR, err gates the outputs. */
static inline void lane_shuffle_eval(const lane_shuffle_cfg *cfg, const lane_shuffle_state *s,
                                     const lane_shuffle_in *in, lane_shuffle_out *out)
{
    uint64_t n = cfg->lanes - 1u; /* TID_W ones: LANES is a power of two */
    uint64_t func = in->in_func & 7u;
    uint64_t wid = in->in_wid & bits_index_mask(cfg->warps);
    uint64_t w = wid & n;
    /* bit 0: FUNC (in_func > 4), bit 1: WID (no such warp) */
    uint64_t e = (uint64_t)(func >= LANE_SHUFFLE_FUNCS) | ((uint64_t)(wid >= cfg->warps) << 1);
    uint64_t ok = (uint64_t)(e == 0u) * n; /* the output mask: 0 on err */
    /* bit f set: function f mirrors this warp (MirrorOdd: wid odd;
     * MirrorHalf: 2*wid > WARPS) */
    uint64_t mirrors = ((wid & 1u) << LANE_SHUFFLE_MIRROR_ODD) |
                       ((uint64_t)(2u * wid > cfg->warps) << LANE_SHUFFLE_MIRROR_HALF);
    /* the XOR operand (one serves both directions: each map is an
     * involution); bitrev over TID_W = log2(LANES) bits, at most 6 */
    uint64_t x = (n & (0u - ((mirrors >> func) & 1u))) |
                 (w & (0u - (uint64_t)(func == LANE_SHUFFLE_XOR))) |
                 ((uint64_t)(lane_shuffle_rev6[w] >> (6u - bits_ffs(cfg->lanes))) &
                  (0u - (uint64_t)(func == LANE_SHUFFLE_XOR_REV)));
    (void)s;
    out->lane = (in->in_tid ^ x) & ok;
    out->inv_tid = (in->in_lane ^ x) & ok;
    out->err = e != 0u;
    out->err_code = e & ~(e << 1); /* FUNC first, then WID */
    out->act = e != 0u ? (uint64_t)LANE_SHUFFLE_NONE : func;
}
/* No state: the clock edge changes nothing.  Inline, so that a caller's
 * cycle loop does not pay a call for it. */
static inline void lane_shuffle_step(const lane_shuffle_cfg *cfg, lane_shuffle_state *s,
                                     const lane_shuffle_in *in, const lane_shuffle_out *out)
{
    (void)cfg;
    (void)s;
    (void)in;
    (void)out;
}
const char *lane_shuffle_check(const lane_shuffle_cfg *cfg, const lane_shuffle_state *s);

void lane_shuffle_ports(const lane_shuffle_cfg *cfg, const lane_shuffle_in *in,
                        const lane_shuffle_out *out, port_visit_fn visit, void *ctx);
void lane_shuffle_trace(struct vcd_writer *w, const lane_shuffle_cfg *cfg,
                        const lane_shuffle_state *s, const lane_shuffle_in *in,
                        const lane_shuffle_out *out);

const char *lane_shuffle_err_name(unsigned code);
const char *lane_shuffle_act_name(unsigned act); /* also the function names */

#ifdef __cplusplus
}
#endif

#endif /* LANE_SHUFFLE_H */
