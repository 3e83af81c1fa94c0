/* SPDX-License-Identifier: Apache-2.0 */
/*
 * shadow_scoreboard.h -- dual-path scoreboard with shadow bits (DPE).
 *
 * Hardware: per warp two small CAM tables of pending destination registers,
 * a left (L, side 0) and a right (R, side 1) one, one per path of the
 * dual-path stack (rtl_c/dpe_stack.h: L = taken, R = not-taken side).  Each
 * entry is {valid, shadow, reg}.  An instruction issued on path P allocates
 * an entry for its destination in table P; its writeback (which carries the
 * side bit down the pipeline) frees it.  Paper: 003 sec. 3.2, Fig. 5(b),
 * Fig. 6 and Fig. 7; SPEC 3.3.  The Verilog twin is
 * verilog/shadow_scoreboard.v: same parameters, same ports, same behaviour,
 * cycle for cycle.
 *
 * Configurations (cfg field = Verilog parameter):
 *
 *   | field   | param   | default | range  | meaning                        |
 *   |---------|---------|---------|--------|--------------------------------|
 *   | warps   | WARPS   | 48      | 1..64  | warps per core, 2 tables each  |
 *   | entries | ENTRIES | 6       | 1..16  | entries per warp per side      |
 *   | regs    | REGS    | 64      | 1..256 | registers per thread           |
 *
 *   Derived widths (each at least 1): WARP_W = clog2(WARPS) (every *_warp
 *   port), REG_W = clog2(REGS) (every register id), IDX_W = clog2(ENTRIES)
 *   (rd_idx, alloc_idx).  Entry = 2 + REG_W bits (8 at the defaults; the
 *   shadow bit is 1/8 of the storage, 003 sec. 6.5 says 7-14%).  Storage =
 *   WARPS * 2 * ENTRIES * (2 + REG_W) = 4608 bits at the defaults.
 *
 * Timing.  All outputs are combinational from the registered tables and
 * this cycle's inputs (`always @*`); every table update happens at the
 * rising edge of clk (`shadow_scoreboard_step`).  NO BYPASS: the hazard
 * query, the structural stall, the duplicate-allocation check and the entry
 * chosen for an allocation all see the tables as they were at the start of
 * the cycle, i.e. before this cycle's writebacks, issue and events.  A
 * writeback in cycle t lets a dependent instruction issue in cycle t+1 (the
 * hazard path does not go through the writeback ports).  Reset is
 * synchronous and active high and clears every valid and shadow bit (the
 * Verilog leaves the register ids unreset: an invalid entry's id is never
 * observable, rd_reg reads 0 for it).
 *
 * Ports, per cycle (all in one cycle, on any warps):
 *   issue       iss_valid, iss_warp, iss_side, iss_alloc, iss_reg: an
 *               instruction issued on path iss_side.  iss_alloc = 1 if it
 *               writes a register (iss_reg): the lowest free entry of table
 *               (iss_warp, iss_side) becomes {valid, shadow 0, iss_reg}.
 *               iss_alloc = 0 (a store, a branch) changes nothing.  The
 *               issue port does not check hazards: the scheduler asks the
 *               query port first.
 *   query       q_warp, q_side, q_src_valid[2:0] with q_src0..q_src2, and
 *               q_dst_valid with q_dst: the instruction about to issue on
 *               path q_side.  Operand i (3 = dst) has a hazard when its
 *               register matches a valid entry of table q_side (RAW / WAW on
 *               the same path), or a valid entry whose shadow bit is set in
 *               the other table (a write pending from before a divergence or
 *               reconvergence).  Outputs: hz_ops[3:0] (bit i = operand i,
 *               bit 3 = dst), hazard = |hz_ops, hz_same (some valid operand
 *               matched its own side), hz_shadow (some valid operand matched
 *               a shadow entry of the other side).  The query is "active"
 *               when any of its valid bits is set; it never changes state.
 *   writeback   wb0_* and wb1_* (valid, warp, side, reg): the entry of
 *               table (warp, side) holding reg gets valid := 0, shadow := 0.
 *   divergence  div_valid, div_warp, div_side: path div_side diverged; every
 *               valid entry of that table gets its shadow bit set, so the
 *               new path on the other side waits for those writes too.
 *   reconverge  rec_valid, rec_warp: the two paths of the TOS reconverged
 *               (the entry popped); every valid entry of both tables gets
 *               its shadow bit set.
 *   read        rd_warp, rd_side, rd_idx: debug/observation port.  rd_valid
 *               and rd_shadow are the ENTRIES-bit valid and shadow vectors of
 *               table (rd_warp, rd_side); rd_reg the register id of entry
 *               rd_idx (0 if that entry is invalid, rd_idx >= ENTRIES, or
 *               rd_warp >= WARPS, which reads as empty tables).
 *
 * Same-cycle ordering (what the clock edge computes; C and Verilog alike):
 *   valid'  = (valid & ~wb0_hit & ~wb1_hit) | alloc_onehot
 *   shadow' = (shadow | all-ones if a divergence of this table or a
 *             reconvergence of this warp) & valid'
 *   - a writeback and a divergence/reconvergence hitting the same entry in
 *     one cycle: the writeback wins (the entry is free, shadow 0);
 *   - an instruction allocated in the same cycle as a divergence of its
 *     table or a reconvergence of its warp gets its shadow bit set: it is
 *     treated as older than the branch (conservative; a correct pipeline
 *     does not issue past an unresolved branch of the same path anyway);
 *   - a divergence and a reconvergence of one warp in one cycle add up;
 *   - the entry an allocation takes is the lowest entry free at the start
 *     of the cycle: an entry freed by a same-cycle writeback is not reused
 *     until the next cycle.
 *
 * Back-pressure.  stall = 1 when an allocating issue finds its table full
 * (all ENTRIES valid at the start of the cycle; a same-cycle writeback does
 * not help, see no bypass).  The issue is then not performed and the
 * pipeline must hold it; the other ports' updates of that cycle (writebacks,
 * events) DO happen: a stall holds only the issue.  stall is 0 when err = 1.
 * alloc_idx is the entry an accepted allocating issue takes (0 otherwise).
 *
 * Illegal input (err = 1, err_code below; ANY error drops the WHOLE cycle's
 * update, every port's, so the state is left exactly as it was; hazard
 * outputs are still given).  When several apply, the lowest code is
 * reported:
 *   1 BAD_WARP        a warp id >= WARPS on a valid port: iss_valid,
 *                     wb0_valid, wb1_valid, div_valid, rec_valid, or an
 *                     active query (for which hazard = 1 and hz_ops = the
 *                     query's valid bits: an unknown warp may never issue).
 *   2 BAD_REG         a register id >= REGS (only possible when REGS is not
 *                     a power of two) on an allocating issue, a valid
 *                     writeback, or a valid query operand.
 *   3 WB_TWICE        both writeback ports name the same (warp, side, reg).
 *   4 WB_NOT_PENDING  a writeback to a register that is not pending in that
 *                     table (never issued, already written back, or issued on
 *                     the other side).
 *   5 DUP_ALLOC       an allocating issue of a register already pending in
 *                     its table.  Forbidden so that a table never holds a
 *                     register twice and a writeback names exactly one entry.
 *                     A correct scheduler never sends it: the query of the
 *                     instruction reports a WAW hazard on its dst.  The same
 *                     register pending in L and in R at once is legal (003
 *                     Fig. 6 r4: two paths, disjoint threads).
 *
 * Departures from the paper (003 sec. 3.2):
 *   - Divergence of path P shadows the valid entries of P only (SPEC 3.3,
 *     and "when a path diverges, the pending bits of its scoreboard are
 *     copied to its shadow bits").  The paper's prose on the false r1
 *     dependency says the left r1 shadow bit is set at BR_D-E (a divergence
 *     of the right path C), stalling both D and E; with the P-only rule r1
 *     (pending on L from path B) stalls D, which runs on L (a same-side false
 *     dependency), but not E on R, whose threads cannot depend on B.  r1
 *     gets its shadow bit at the next reconvergence, as the paper describes
 *     for G.  Both rules are safe; P-only adds fewer false dependencies.
 *   - Entries are a small CAM per warp and side (fixed-size tables with a
 *     structural stall) rather than a pending bit per register; this is the
 *     "6 entries per warp" organisation of SPEC 3.3 / [9].
 *   - Two writeback ports, one issue port and one query port per cycle; the
 *     paper does not fix these numbers.
 *   - A debug read port (rd_*) so that the co-simulation observes the state.
 *   - No "optimistic" mode (003 sec. 6.4): later, as SPEC 3.3 allows.
 *
 * Invariants (shadow_scoreboard_check): shadow implies valid; valid and
 * shadow have no bits at or above ENTRIES; no register is valid twice in one
 * table; every valid register id is < REGS; tables of warps >= WARPS are
 * empty.  The co-simulation also checks that each table's entry count equals
 * the number of in-flight writes the stimulus has issued on that path and
 * not yet written back, and compares every table with its own reference.
 *
 * Worked example (003 Fig. 6/7; warp w, L = 0 and R = 1; table contents as
 * register ids, * = shadow bit set; tests/test_shadow_scoreboard.c and the
 * co-simulation's golden script run exactly these steps):
 *    1 A (L) issues load r0              L {r0}           R {}
 *    2 BR_B-C: divergence of L           L {r0*}          R {}
 *    3 B (L) issues load r1              L {r0*, r1}      R {}
 *    4 C (R) queries add r5,r0,r2        hazard: r0 shadowed in L (hz_shadow)
 *    5 wb L r0                           L {r1}           R {}
 *    6 C (R) issues add r5 (no hazard)   L {r1}           R {r5}
 *    7 BR_D-E: divergence of R           L {r1}           R {r5*}
 *    8 D (L) queries add r4,r1,r3        hazard: r1 in L (hz_same), the
 *                                        conservative false dependency on B
 *    9 E (R) issues sub r4,r1,r3         L {r1}           R {r5*, r4}
 *   10 wb L r1                           L {}             R {r5*, r4}
 *   11 D (L) issues add r4: no hazard, r4 in R is not shadowed (r4 pending
 *      on both paths, no cross-path stall)
 *                                        L {r4}           R {r5*, r4}
 *   12 D, E reconverge at F              L {r4*}          R {r5*, r4*}
 *   13 F (R) issues load r7              L {r4*}          R {r5*, r4*, r7}
 *   14 wb L r4 and wb R r4 (both ports)  L {}             R {r5*, r7}
 *   15 wb R r5                           L {}             R {r7}
 *   16 B, F reconverge at G              L {}             R {r7*}
 *   17 G (L) queries add r8,r1,r7        hazard: r7 shadowed in R (hz_shadow)
 *   18 wb R r7; 19 G issues add r8       L {r8};  20 wb L r8: empty
 */
/*
 * Cost per cycle (issue 17; callgrind on the co-simulation's recorded
 * stimulus, defaults): shadow_scoreboard_eval ~700 instructions and ~13
 * branch mispredictions, dominated by the CAM searches: the query's four
 * operands against its own and the other table (2 x 4 x ENTRIES compares),
 * then the two writebacks and the duplicate-allocation check (one table
 * each); each CAM visits only the table's valid entries (the other
 * table's valid and shadowed ones for the query), by mask and
 * count-trailing-zeros, not all ENTRIES.  The step touches only the tables the cycle names (at most two
 * writebacks, the issue, the divergence and both tables of a reconvergence),
 * not all 2 x WARPS.  The Verilated RTL evaluates every table's next state
 * every cycle, ~57,000 instructions.
 */
#ifndef SHADOW_SCOREBOARD_H
#define SHADOW_SCOREBOARD_H

#include <stdint.h>

#include "port.h"

#ifdef __cplusplus
extern "C" {
#endif

struct vcd_writer;

#define SHADOW_SB_MAX_WARPS 64
#define SHADOW_SB_MAX_ENTRIES 16
#define SHADOW_SB_MAX_REGS 256

enum shadow_sb_side { SHADOW_SB_L = 0, SHADOW_SB_R = 1 };

enum shadow_sb_err {
    SHADOW_SB_ERR_NONE = 0,
    SHADOW_SB_ERR_BAD_WARP = 1,
    SHADOW_SB_ERR_BAD_REG = 2,
    SHADOW_SB_ERR_WB_TWICE = 3,
    SHADOW_SB_ERR_WB_NOT_PENDING = 4,
    SHADOW_SB_ERR_DUP_ALLOC = 5
};

typedef struct {
    unsigned warps;
    unsigned entries;
    unsigned regs;
} shadow_scoreboard_cfg;

typedef struct {
    uint8_t reg[SHADOW_SB_MAX_WARPS][2][SHADOW_SB_MAX_ENTRIES]; /* REG_W bits */
    uint16_t valid[SHADOW_SB_MAX_WARPS][2];                     /* ENTRIES bits */
    uint16_t shadow[SHADOW_SB_MAX_WARPS][2];                    /* ENTRIES bits */
} shadow_scoreboard_state;

typedef struct {
    uint64_t iss_valid;   /* 1 */
    uint64_t iss_warp;    /* WARP_W */
    uint64_t iss_side;    /* 1 */
    uint64_t iss_alloc;   /* 1: the instruction writes iss_reg */
    uint64_t iss_reg;     /* REG_W */
    uint64_t q_warp;      /* WARP_W */
    uint64_t q_side;      /* 1 */
    uint64_t q_src_valid; /* 3: bit i = q_src<i> is a source */
    uint64_t q_src0;      /* REG_W */
    uint64_t q_src1;      /* REG_W */
    uint64_t q_src2;      /* REG_W */
    uint64_t q_dst_valid; /* 1 */
    uint64_t q_dst;       /* REG_W */
    uint64_t wb0_valid;   /* 1 */
    uint64_t wb0_warp;    /* WARP_W */
    uint64_t wb0_side;    /* 1 */
    uint64_t wb0_reg;     /* REG_W */
    uint64_t wb1_valid;
    uint64_t wb1_warp;
    uint64_t wb1_side;
    uint64_t wb1_reg;
    uint64_t div_valid;   /* 1 */
    uint64_t div_warp;    /* WARP_W */
    uint64_t div_side;    /* 1 */
    uint64_t rec_valid;   /* 1 */
    uint64_t rec_warp;    /* WARP_W */
    uint64_t rd_warp;     /* WARP_W */
    uint64_t rd_side;     /* 1 */
    uint64_t rd_idx;      /* IDX_W */
} shadow_scoreboard_in;

typedef struct {
    uint64_t hazard;    /* 1: some valid query operand has a hazard */
    uint64_t hz_ops;    /* 4: per operand, bits 0..2 = src0..2, bit 3 = dst */
    uint64_t hz_same;   /* 1: a match on the query's own side */
    uint64_t hz_shadow; /* 1: a match on a shadow entry of the other side */
    uint64_t stall;     /* 1: allocating issue, table full: issue not done */
    uint64_t alloc_idx; /* IDX_W: entry an accepted allocation takes */
    uint64_t err;
    uint64_t err_code;  /* 3 bits, enum shadow_sb_err */
    uint64_t rd_valid;  /* ENTRIES */
    uint64_t rd_shadow; /* ENTRIES */
    uint64_t rd_reg;    /* REG_W */
    /* The cycle's decision, for shadow_scoreboard_step (internal: not ports,
     * not visited by shadow_scoreboard_ports), meaningful when d_ok (no
     * error): writeback port k frees the entries d_wb_hit[k] (0: idle) of
     * table (d_wb_w[k], d_wb_s[k]); d_alloc: entry alloc_idx of table
     * (d_iss_w, d_iss_s) becomes {valid, d_iss_reg}; d_div shadows table
     * (d_div_w, d_div_s); d_rec both tables of warp d_rec_w. */
    uint8_t d_ok, d_alloc, d_iss_w, d_iss_s, d_iss_reg, d_div, d_div_w, d_div_s, d_rec, d_rec_w;
    uint8_t d_wb_w[2], d_wb_s[2];
    uint16_t d_wb_hit[2];
} shadow_scoreboard_out;

/* The parameter table and its glue (PARAM_DECLS in port.h): defaults,
 * ranges, Verilog names; its cfg_check gives NULL or one line naming the
 * field and its range. */
PARAM_DECLS(shadow_scoreboard)

unsigned shadow_scoreboard_warp_w(const shadow_scoreboard_cfg *cfg); /* WARP_W */
unsigned shadow_scoreboard_reg_w(const shadow_scoreboard_cfg *cfg);  /* REG_W */
unsigned shadow_scoreboard_idx_w(const shadow_scoreboard_cfg *cfg);  /* IDX_W */

void shadow_scoreboard_reset(const shadow_scoreboard_cfg *cfg, shadow_scoreboard_state *s);
void shadow_scoreboard_eval(const shadow_scoreboard_cfg *cfg, const shadow_scoreboard_state *s,
                            const shadow_scoreboard_in *in, shadow_scoreboard_out *out);
/* The hazard query alone, pure: the part of eval that computes hz_ops,
 * hz_same and hz_shadow.  q_ops bit k asks ops[k] (k = 0..2 the sources q_src<k>,
 * 3 the destination) of warp q_w (< WARPS) on side q_s; returns hz_ops and
 * ORs a same-side match into *same, a shadow match into *shadow.  A user
 * whose cycle so far asks only the query (no issue, writeback, divergence
 * or reconvergence) gets eval's hazard from it when the query is legal
 * (q_w < WARPS, every asked register < REGS); eval reports an illegal one. */
unsigned shadow_scoreboard_hazards(const shadow_scoreboard_cfg *cfg,
                                   const shadow_scoreboard_state *s, unsigned q_w, unsigned q_s,
                                   unsigned q_ops, const unsigned ops[4], unsigned *same,
                                   unsigned *shadow);
/* C only, for a driver that shows no waveform: eval's decision alone (err,
 * err_code, stall, alloc_idx and the d_* fields that step applies), without
 * the hazard query and the read port (hazard, hz_*, rd_* are not written).
 * Precondition: every input within its port's width (eval truncates them,
 * then takes this decision; the lean one does not).  Then equal to eval's on
 * those fields for every state (tests/test_shadow_scoreboard.c, against
 * eval and stepping). */
void shadow_scoreboard_eval_lean(const shadow_scoreboard_cfg *cfg,
                                 const shadow_scoreboard_state *s,
                                 const shadow_scoreboard_in *in, shadow_scoreboard_out *out);
/* The clock edge.  Contract: `out` is what shadow_scoreboard_eval returned
 * for this state and `in` this cycle; step applies the decision it carries
 * (out->d_*, alloc_idx) to the tables the cycle names and does not
 * recompute it. */
void shadow_scoreboard_step(const shadow_scoreboard_cfg *cfg, shadow_scoreboard_state *s,
                            const shadow_scoreboard_in *in, const shadow_scoreboard_out *out);
const char *shadow_scoreboard_check(const shadow_scoreboard_cfg *cfg,
                                    const shadow_scoreboard_state *s);

/* Visits every Verilog port in a fixed order (see port.h). */
void shadow_scoreboard_ports(const shadow_scoreboard_cfg *cfg, const shadow_scoreboard_in *in,
                             const shadow_scoreboard_out *out, port_visit_fn visit, void *ctx);
/* Ports, then a `state` scope: valid and shadow vectors of every table
 * (wNN_L_valid, wNN_L_shadow, wNN_R_...), and the register id of every entry
 * of warps 0..3 (wNN_L_eK_reg). */
void shadow_scoreboard_trace(struct vcd_writer *w, const shadow_scoreboard_cfg *cfg,
                             const shadow_scoreboard_state *s, const shadow_scoreboard_in *in,
                             const shadow_scoreboard_out *out);

const char *shadow_scoreboard_err_name(unsigned code);

#ifdef __cplusplus
}
#endif

#endif /* SHADOW_SCOREBOARD_H */
