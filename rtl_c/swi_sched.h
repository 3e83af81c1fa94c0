/* SPDX-License-Identifier: Apache-2.0 */
/*
 * swi_sched.h -- the cascaded schedulers of Simultaneous Warp Interweaving:
 * an instruction buffer (one entry per warp), a primary scheduler that picks
 * the oldest ready instruction, and a secondary scheduler that, one stage
 * later, looks up a ready instruction of another warp whose mask fits in the
 * lanes the primary leaves free, so both issue together on one SIMD group,
 * or, when the core says another SIMD group of I1's class is free, any
 * ready instruction of its set, which issues to that group (001 l.150).
 * Paper 001 (Brunie, Collange, Diamos, ISCA 2012) sec. 4: cascaded
 * schedulers (l.150), mask-fit lookup with limited associativity (l.173),
 * age-based primary and best-fit secondary with pseudo-random tie-breaking
 * (l.171), a-posteriori conflict detection (l.167).  Twin:
 * verilog/swi_sched.v (same parameters, ports, behaviour, cycle for cycle).
 *
 * Configurations (cfg field = Verilog parameter):
 *
 *   | field | param | default | range                                     |
 *   |-------|-------|---------|-------------------------------------------|
 *   | sets  | SETS  | 4       | power of two 1..64: lookup sets (banks)   |
 *   | ways  | WAYS  | 6       | 1..64 warps per set; SETS*WAYS <= 64      |
 *   | lanes | LANES | 32      | 1..64 lanes = mask bits                   |
 *   | pc_w  | PC_W  | 32      | 1..64 PC bits                             |
 *
 *   Derived: WARPS = SETS*WAYS (default 24, 001 Table 2); WID_W =
 *   clog2(WARPS) (>= 1).  Warp w sits in set w mod SETS (its low bits), way
 *   w / SETS.  SETS = WARPS is direct-mapped, SETS = 1 fully associative.
 *   001 does not give the default associativity (Fig. 9 is missing): 4 sets
 *   of 6 ways is our choice.
 *
 * State: per warp v_q (valid), pc_q (PC_W), mask_q (LANES), age_q (WARPS
 * bits: bit j = entry j was filled before this one and is still valid then);
 * the secondary stage s_v_q, s_warp_q (WID_W), s_pc_q, s_mask_q (the primary
 * instruction waiting one cycle for its secondary); lfsr_q (16 bits).
 * Storage = WARPS*(1 + PC_W + LANES + WARPS) + 1 + WID_W + PC_W + LANES + 16
 * bits (the buffer is 001's "24 x 64-bit" instruction buffer plus our age
 * matrix; the instruction word itself is not modelled, only PC and mask).
 * Logic: primary = WARPS-input ready & valid & age-matrix oldest select
 * (WARPS x WARPS AND-OR), secondary = per warp a LANES-bit subset test
 * (mask & ~free == 0) ORed with alt_free, a LANES-bit popcount, a set-membership compare of the
 * low log2(SETS) warp bits, the substitute's use of the primary's per-entry
 * "an older entry is ready" terms, a max tree over WARPS 7-bit fits, and a WARPS-
 * input rotating priority encoder after the "I1's group first" tie filter
 * (WARPS ANDs, an OR tree, a WARPS-bit mux); WARPS-way muxes for PC and
 * mask; a 16-bit LFSR; a WID_W comparator for the conflict.
 *
 * Ports.
 *   in:  ready (WARPS bits: the scoreboard says warp w's buffered
 *        instruction may issue; the entry's ready bit is this input, not
 *        stored), fill_valid, fill_warp (WID_W), fill_pc (PC_W), fill_mask
 *        (LANES): fetch writes warp fill_warp's next instruction (into an
 *        empty entry, or one leaving the buffer this cycle; issue 24);
 *        fill2_valid, fill2_warp, fill2_pc, fill2_mask: a second write
 *        port, the same rules, into another entry than fill_warp's; its
 *        entry is younger than fill's (001 Table 3: SWI's buffer is
 *        dual-ported, and the baseline fetches two instructions a cycle,
 *        l.71: a one-pool SWI refills the two entries a pair leaves);
 *        alt_free: another SIMD group of I1's class than I1's is free
 *        this cycle (the core's answer once I1 has its group; 001 l.150:
 *        "another free SIMD group"); legal only with a live I1 (GROUP).
 *   out: i1_valid, i1_warp, i1_pc, i1_mask (primary instruction issued now;
 *        i1_mask = 0 when its copy was discarded by a conflict), i2_valid,
 *        i2_warp, i2_pc, i2_mask (secondary), i2_alt (I2 goes to the other
 *        free group, in its own issue slot; 0: beside I1 on I1's group, or
 *        as the substitute), p_valid, p_warp (primary pick of this cycle,
 *        issued next cycle), conflict, err, err_code (3), act (3).
 *
 * Timing (001 Table 2: SWI scheduler latency 2).  Cycle t: the primary picks
 * P = the oldest valid ready entry (by age_q), and P moves to the stage at the
 * edge (its entry becomes invalid; fetch may refill it at that same edge,
 * so a warp can be picked every cycle).  Cycle
 * t+1: the stage issues P as I1 with mask m1, and the secondary picks I2 among
 * the entries that are valid, ready, not of P's warp, in the set (p mod SETS
 * + 1) mod SETS, and whose mask is a subset of ~m1: best fit = most lanes,
 * ties broken by the LFSR (below).  I2 issues in the same cycle and its entry
 * becomes invalid.  The set is indexed by the low bits of the primary warp
 * id (001 l.173); we take the NEXT set so that the primary's entry and the
 * secondary's set are in different banks when SETS >= 2 (001's banking
 * argument), and so that a direct-mapped lookup still has a candidate.
 *
 * Another free SIMD group (001 l.150: "Alternatively, it can be scheduled
 * to another free SIMD group, as in a conventional multiple-issue SIMD
 * processor").  With alt_free = 1 (and a live I1) a candidate of the set
 * fits either in I1's group (mask within ~m1) or in the other group (any
 * mask: all its lanes are free).  The secondary keeps one rule, 001's best
 * fit = most lanes issued (l.171: "maximize occupancy"), over both: the
 * candidate with the most lanes wins; among the candidates of that fit,
 * those that fit in I1's group go first (they leave the other group free
 * for the next cycle's I1: a group takes ceil(warp / width) cycles); then
 * the LFSR breaks the tie as below.  i2_alt = 1 when the winner does not
 * fit in I1's lanes (it takes the other group).  With alt_free = 0 every
 * fit is within ~m1 and the rule is the one-group rule above, unchanged.
 * Our choices (001 says only that both cases exist): the same set, the
 * same lookup and the same conflict handling serve both cases (one
 * secondary, a set-associative lookup); the structure does not know
 * classes: the core asserts alt_free only for a group of I1's class, and
 * keeps out of the ready bits the entries of another class (001's second
 * group of a class is the second MAD group, l.75, l.199; the SFU and the
 * load/store unit are one each).  In a substitution cycle alt_free must be
 * 0 (there is no I1 to be beside: GROUP), the substitute issues as a
 * primary on a group of its own. *
 * Substitution: when the stage holds no instruction or a discarded one
 * (m1 = 0), the secondary "substitutes itself to the primary scheduler"
 * (001 l.167): its free mask is all lanes and every warp is in its set,
 * except the primary's pick of the same cycle (the oldest ready entry).
 * This exclusion is our choice; 001 is silent.  Without it the substitute
 * and the primary are two unrestricted pickers over the same buffer: when
 * one entry is ready, or the oldest is also the biggest, they take the same
 * one, the conflict discards the primary's copy, the next cycle substitutes
 * again, and conflicts feed themselves (the cosim counted 39k conflicts
 * against 1.3k pairs in 100k cycles).  In hardware the exclusion costs no
 * serial path through the primary's encoder: the primary's age select
 * already forms, per entry, "some older entry is ready" (age_q[w] & cand !=
 * 0); the substitute ANDs that term into its candidates (it is exactly "not
 * the primary's pick" while age_q is a total order).  A live cycle's
 * mask-fit lookup stays independent of the primary, as 001 wants (l.167-171:
 * no tighter coupling, conflicts detected a posteriori), so conflicts
 * remain, but only in live cycles: a substitution cycle never conflicts and
 * no conflict follows another.
 *
 * Conflict (a posteriori, 001 l.167): in one cycle the secondary (for the
 * stage) and the primary (for the next stage) may pick the same entry.  Then
 * the secondary's copy issues now as I2, and the primary's copy enters the
 * stage with an empty mask: next cycle I1 issues with i1_mask = 0 and the
 * secondary substitutes.  conflict = 1 in the cycle it is detected.
 *
 * Tie-break LFSR (identical in C and Verilog): 16-bit Fibonacci, x^16 + x^14
 * + x^13 + x^11 + 1, next = {q[14:0], q[15]^q[13]^q[12]^q[10]}, reset seed
 * 0xACE1; it advances once in every cycle without err.  r = the low WID_W
 * bits of lfsr_q, minus WARPS if >= WARPS; among the candidates of the best
 * fit the one with the lowest index >= r wins, else the lowest index.
 *
 * Illegal input (err = 1, act = HOLD, nothing issues or is picked, state
 * unchanged).  First match:
 *   GROUP 4  alt_free with no live I1 in the stage (s_v_q = 0 or s_mask_q
 *            = 0: the substitute has no I1 whose group another could be)
 *   WARP  3  fill_valid with fill_warp >= WARPS
 *   BUSY  1  fill_valid into a valid entry that neither the primary picks
 *            nor I2 takes this cycle (the picks read no fill input, so
 *            this check depends on them, never the other way)
 *   EMPTY 2  fill_valid with fill_mask = 0
 * then the same three for fill2 (WARP, BUSY also when fill2_warp =
 * fill_warp with both valid, EMPTY).
 *
 * act (3 bits): IDLE 0 (nothing issues), SOLO 1 (I1 alone: no fit), PAIR 2
 * (I1 and I2 on I1's group), SUBST 3 (no live I1, the secondary issues as
 * primary), NONE_SUB 4 (no live I1 and nothing for the substitute), HOLD 5
 * (err), ALT 6 (I1, and I2 on the other free group).
 *
 * Invariants (swi_sched_check; the cosim checks the outputs every cycle):
 * i1_mask & i2_mask = 0 unless i2_alt; i2_alt only with alt_free, a live
 * I1 and i2_mask & i1_mask != 0 (the other group only when I1's cannot
 * take it); each issued mask is a subset of its entry's mask;
 * conflict = 0 in SUBST and NONE_SUB cycles;
 * age_q is a strict total order on the valid entries; no bits beyond widths;
 * s_mask_q = 0 only with a discarded copy.
 *
 * Departures from 001: instruction words are not stored (PC and mask
 * stand for them); the secondary never takes the stage's own warp (a warp's
 * two instructions never issue together).
 *
 * Contract of step (issue 17): swi_sched_step(cfg, s, in, out) applies the
 * decision in `out` (what swi_sched_eval returned this cycle); nx_* fields
 * are that decision, not ports.
 *
 * Cost per cycle (issue 24 item 6; callgrind on `build/simt --bench
 * --mech sbi+swi`): swi_sched_eval about 340 instructions: the primary's
 * and the secondary's loops visit the set bits of their candidate masks,
 * the secondary's set is one bit every SETS bits doubled up to WARPS
 * (swi_sched_set_members: no loop over the warps, no division), and the
 * fill check runs after the picks.  swi_sched_refill (the fills of a cycle
 * whose picks were made) is the fill check alone, about 40; step clears a
 * refilled entry's column of the age matrix over all WARPS rows.
 *
 * Worked example (SETS = 2, WAYS = 2, LANES = 4; masks lane 0 first;
 * tests/test_swi_sched.c worked_example): the stage holds warp 0 (1100);
 * warps 2, 1, 3 were filled in that order with masks 0010, 0011, 1000; all
 * ready.  Cycle 1: I1 = warp 0 (1100); the secondary searches set 1 (warps
 * 1, 3): warp 1 (0011) fills 2 lanes, warp 3 (1000) overlaps lane 0, so I2 =
 * warp 1, PAIR; the primary picks warp 2 (the oldest).  Cycle 2: I1 = warp 2
 * (0010); set 1 now holds only warp 3 (1000), which fits: PAIR; but the
 * primary picks warp 3 as well (the only entry left): conflict.  Cycle 3:
 * I1 = warp 3 with mask 0 (its copy was discarded; warp 3 already issued as
 * I2), the substitute finds nothing: NONE_SUB.  Cycle 4: IDLE.
 *
 * Worked example, another free group (same geometry; tests/test_swi_sched.c
 * worked_example_alt; set 0 = warps 0, 2, set 1 = warps 1, 3): the stage
 * holds warp 0 (1111, a full warp); warps 1, 3, 2 were filled in that order
 * with masks 1111, 0011, 1100; all ready.  Cycle 1, alt_free = 0: I1 =
 * warp 0 leaves no lane free, nothing in set 1 fits: SOLO; the primary
 * picks warp 1.  Cycle 2, alt_free = 1: I1 = warp 1 (1111); in set 0 warp
 * 2 (1100) fits only in the other group: ALT, i2_alt = 1; the primary
 * picks warp 3; fill writes warp 0 (1100), fill2 warp 2 (0111, the entry
 * I2 leaves).  Cycle 3, alt_free = 1: I1 = warp 3 (0011); in set 0 warp 0
 * (1100) fits in I1's free lanes with 2, warp 2 (0111) only in the other
 * group with 3: the most lanes win, ALT with warp 2 (alt_free = 0 would
 * have paired warp 0); the primary picks warp 0; fill writes warp 3
 * (1100), fill2 warp 1 (0011).  Cycle 4, alt_free = 1: I1 = warp 0 (1100);
 * in set 1 warp 1 (0011) fits in I1's group, warp 3 (1100) only in the
 * other, both 2 lanes: I1's group first, PAIR with warp 1 whatever the
 * LFSR; the primary picks warp 3.  Cycle 5: I1 = warp 3, set 0 is empty:
 * SOLO.  Cycle 6: the stage is empty; alt_free = 1 is GROUP (err, state
 * unchanged); with alt_free = 0, IDLE.
 */
#ifndef SWI_SCHED_H
#define SWI_SCHED_H

#include <stdint.h>

#include "port.h"

#ifdef __cplusplus
extern "C" {
#endif

struct vcd_writer;

#define SWI_SCHED_MAX_WARPS 64
#define SWI_SCHED_LFSR_SEED 0xACE1u

enum swi_sched_err {
    SWI_SCHED_ERR_NONE = 0,
    SWI_SCHED_ERR_BUSY = 1,
    SWI_SCHED_ERR_EMPTY = 2,
    SWI_SCHED_ERR_WARP = 3,
    SWI_SCHED_ERR_GROUP = 4
};

enum swi_sched_act {
    SWI_SCHED_ACT_IDLE = 0,
    SWI_SCHED_ACT_SOLO = 1,
    SWI_SCHED_ACT_PAIR = 2,
    SWI_SCHED_ACT_SUBST = 3,
    SWI_SCHED_ACT_NONE_SUB = 4,
    SWI_SCHED_ACT_HOLD = 5,
    SWI_SCHED_ACT_ALT = 6
};

typedef struct {
    unsigned sets;
    unsigned ways;
    unsigned lanes;
    unsigned pc_w;
} swi_sched_cfg;

typedef struct {
    uint64_t v_q;                          /* WARPS bits */
    uint64_t pc_q[SWI_SCHED_MAX_WARPS];
    uint64_t mask_q[SWI_SCHED_MAX_WARPS];
    uint64_t age_q[SWI_SCHED_MAX_WARPS];   /* bit j: j is older */
    uint64_t s_v_q, s_warp_q, s_pc_q, s_mask_q;
    uint64_t lfsr_q;
} swi_sched_state;

typedef struct {
    uint64_t ready;      /* WARPS bits */
    uint64_t fill_valid;
    uint64_t fill_warp;
    uint64_t fill_pc;
    uint64_t fill_mask;
    uint64_t fill2_valid; /* the second write port (a dual-ported buffer) */
    uint64_t fill2_warp;
    uint64_t fill2_pc;
    uint64_t fill2_mask;
    uint64_t alt_free;    /* another SIMD group of I1's class is free */
} swi_sched_in;

typedef struct {
    uint64_t i1_valid, i1_warp, i1_pc, i1_mask;
    uint64_t i2_valid, i2_warp, i2_pc, i2_mask, i2_alt;
    uint64_t p_valid, p_warp;
    uint64_t conflict;
    uint64_t err, err_code, act;
    /* the decision (not ports) */
    uint64_t nx_go;   /* 0: err, state unchanged */
} swi_sched_out;

/* The parameter table and its glue (PARAM_DECLS in port.h): defaults,
 * ranges, Verilog names; its cfg_check gives NULL or one line naming the
 * field and its range. */
PARAM_DECLS(swi_sched)

unsigned swi_sched_warps(const swi_sched_cfg *cfg);
unsigned swi_sched_wid_w(const swi_sched_cfg *cfg);
/* The LFSR's next value. */
uint64_t swi_sched_lfsr_next(uint64_t q);
/* The LFSR's value n steps after q (swi_sched_lfsr_next n times, by powers
 * of the linear step: a model-side helper, no port; the quiet hooks of
 * tb/simt's swi and sbi+swi step it over skipped idle edges). */
uint64_t swi_sched_lfsr_ahead(uint64_t q, uint64_t n);
/* The secondary's candidate warps (before fit) for a stage warp p; sub != 0:
 * the substitute (all warps). */
uint64_t swi_sched_set_members(const swi_sched_cfg *cfg, unsigned p, int sub);
/* Bit w set: some entry in `cand` is older than entry w (by age_q).  Among
 * the entries of `cand`, these are all but the primary's pick. */
uint64_t swi_sched_has_older(const swi_sched_cfg *cfg, const swi_sched_state *s, uint64_t cand);
/* The secondary lookup alone: the best-fit warp among `cand` entries of s
 * whose mask fits in `free` (alt != 0: or in another free group, any mask;
 * among equal fits those within `free` first), tie-break start r; returns
 * 64 if none. */
unsigned swi_sched_best_fit(const swi_sched_cfg *cfg, const swi_sched_state *s, uint64_t cand,
                            uint64_t free_lanes, int alt, unsigned r);

void swi_sched_reset(const swi_sched_cfg *cfg, swi_sched_state *s);
void swi_sched_eval(const swi_sched_cfg *cfg, const swi_sched_state *s, const swi_sched_in *in,
                    swi_sched_out *out);
/* The same cycle's eval again with other fill inputs (C only, no RTL
 * port): `out` is what swi_sched_eval gave on state s and inputs whose
 * ready bits and alt_free are in's; *out becomes what it gives on `in`.  The
 * picks read no fill input, so only the fill check runs again (a held
 * cycle's picks are made again).  The SM model fills after it acted on
 * the picks (tb/simt/mech_swi.c: mech_swi_refill, which compares it with
 * the whole eval under --check; tests/test_swi_sched.c every cycle). */
void swi_sched_refill(const swi_sched_cfg *cfg, const swi_sched_state *s,
                      const swi_sched_in *in, swi_sched_out *out);
void swi_sched_step(const swi_sched_cfg *cfg, swi_sched_state *s, const swi_sched_in *in,
                    const swi_sched_out *out);
const char *swi_sched_check(const swi_sched_cfg *cfg, const swi_sched_state *s);

void swi_sched_ports(const swi_sched_cfg *cfg, const swi_sched_in *in, const swi_sched_out *out,
                     port_visit_fn visit, void *ctx);
void swi_sched_trace(struct vcd_writer *w, const swi_sched_cfg *cfg, const swi_sched_state *s,
                     const swi_sched_in *in, const swi_sched_out *out);

const char *swi_sched_err_name(unsigned code);
const char *swi_sched_act_name(unsigned act);

#ifdef __cplusplus
}
#endif

#endif /* SWI_SCHED_H */
