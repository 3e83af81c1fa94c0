/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sbi_scoreboard.h -- the dependency-matrix scoreboard of Simultaneous Branch
 * Interweaving: per warp a table of DEPTH in-flight entries, each holding the
 * destination registers of the two instructions a warp issued together (I1
 * from the primary warp-split, I2 from the secondary) and the dependency
 * matrix that says in which of the warp's contexts their threads are now.
 * Paper 001 (Brunie, Collange, Diamos, ISCA 2012) sec. 3.4 "Scoreboard"
 * (l.137-144), Table 2 (6 entries per warp), Table 3 (24 x 144 bits).
 * Twin: verilog/sbi_scoreboard.v (same parameters, ports, behaviour, cycle
 * for cycle).  The heap whose updates drive it: rtl_c/hct_cct_heap.h.
 *
 * Configurations (cfg field = Verilog parameter):
 *
 *   | field | param | default | range | meaning                             |
 *   |-------|-------|---------|-------|-------------------------------------|
 *   | warps | WARPS | 24      | 1..64 | warps (table rows), 001 Table 3     |
 *   | depth | DEPTH | 6       | 1..16 | entries per warp, 001 Table 2       |
 *   | reg_w | REG_W | 6       | 1..8  | register id bits (64 registers)     |
 *   | ndst  | NDST  | 1       | 1..4  | destination ids per instruction     |
 *   | qregs | QREGS | 4       | 1..8  | registers per context on the query  |
 *
 *   Derived: WARP_W = clog2(WARPS), POS_W = clog2(DEPTH) (each >= 1).
 *   The defaults are 001's structure (one destination, three sources and
 *   the destination on the read port).  NDST = 2 or 4 takes ld.v2/ld.v4
 *   (and any instruction writing up to NDST registers); QREGS up to 8 takes
 *   st.v4's five sources or ld.v4's address and four destinations (the SM
 *   model sizes both from the kernel, tb/simt/mech_sbi.c).

 * Contexts.  At any time a warp's threads are in three contexts of the heap
 * (001 l.142): 1 = the primary warp-split (HCT slot 1, CPC1), 2 = the
 * secondary (HCT slot 2, CPC2), 3 = "I3", all inactive (cold, CCT) splits
 * lumped together.  The warp's scheduling time t advances by one each time
 * the warp issues (one heap UPDATE of that warp).
 *
 * Entry k (001 l.142): {dv1, dst1, dv2, dst2, M}: dv1/dst1 = I1 of the
 * issue it records writes the registers dst1 (pending), likewise I2; M = the
 * two rows I1, I2 of D(t-k, t): M[i][j] = 1 when a thread that executed I_i
 * then is in context j now.  Row I3 of D(t-k, t) is not stored: I3 issues
 * nothing, so it has no destination to guard (departure: 001 does not give
 * the matrix layout; Table 3's 144 bits = 6 x 24 would be 2 x (1 + 6) + 9
 * + 1, i.e. with a 3 x 3 matrix and an entry valid bit, which we derive from
 * dv1 | dv2).  An entry is valid while dv1 | dv2.
 *
 * Multi-destination instructions (departure: 001 sec. 3.4 keeps one
 * destination register per instruction, "the destination register of each
 * instruction" beside the matrix; its ISA has no vector loads).  dst1 and
 * dst2 are NDST register ids each (id n at bits n REG_W .. n REG_W + REG_W
 * - 1), all pending while dv1 (dv2) is set: one ld.v4 is ONE entry slot
 * whose four registers become free together, by one writeback (a vector
 * load's data returns at once).  An instruction writing fewer than NDST
 * registers repeats one of them (the issuer fills the unused ids with its
 * first destination): a repeated id compares equal to the same register,
 * so it changes no hazard, and no per-id valid bit is stored or compared.
 * Chosen over (a) an entry per destination (a ld.v4 would take four of the
 * warp's six entries, four matrices kept equal and four writebacks) and
 * (b) a base-and-count range (one comparator per id, but it needs the
 * destinations to be consecutive, aligned registers: PTX's virtual
 * registers, and the SM model's reallocated ones, are not).  Cost: the
 * entry grows by 2 (NDST - 1) REG_W bits and each entry compares 2 NDST ids
 * against 2 QREGS query registers; at NDST = 1 the structure is 001's.
 *   Storage (sbi_scoreboard_bits): WARPS rows x DEPTH x (2 (1 + NDST REG_W)
 *   + 6) = 24 x 120 bits at the defaults (001 Table 3: 24 x 144; 24 x 336
 *   at NDST = 4).  Beside it we report the baseline as 001 sizes it, a table
 *   of destination registers per warp, 2 pools x WARPS rows x DEPTH x (1 +
 *   NDST REG_W) = 2 x 24 x 42 (001: 2 x 24 x 48; the paper's 8 bits per
 *   baseline entry are not explained).

 * D(t, t+1), derived from the heap's update (001's Fig. 6 is missing).  Let
 *   the warp's HCT hold a1 (slot 1 mask, 0 if invalid) and a2 before the
 *   update, b1, b2 after; x = the threads that exit in it (op_exit; they
 *   come from a1 | a2: the heap's BAD_PART check); C, C' = the union of the
 *   cold masks before and after.  a1, a2, C partition the live threads L;
 *   b1, b2, C' partition L \ x; cold threads never exit in an update.
 *     D[i][j] (i, j in 1, 2) = (a_i & b_j) != 0         hot -> hot
 *     D[i][3]  = (a_i & ~x & ~(b1 | b2)) != 0            hot -> cold (push)
 *     D[3][j]  = (b_j & ~(a1 | a2)) != 0                 cold -> hot (pop)
 *     D[3][3]  = C & C' != 0 = hv && !((POP or EXCH) && !nv[head])
 *   D[3][j]: a thread of b_j that was not hot was cold.  D[3][3]: an update
 *   moves at most one cold node up (the head, POP/EXCH) and moves it whole;
 *   the sideband sorter only moves cold nodes among cold ones; so an old
 *   cold thread stays cold unless the list was empty or its only node went
 *   up.  Every bit is exact at the granularity of the three contexts.  The
 *   heap computes it with eight LANES-bit AND-reductions on masks it already
 *   has and one bit of the head node (sbi_scoreboard_dmat); the scoreboard
 *   itself never sees a mask, so its cost does not depend on the warp size
 *   (001 l.144).  D[m][j] is input iss_d bit 3(m-1) + (j-1).
 *
 * On issue at time t (001 l.142-144): every entry's M := M (x) D(t, t+1),
 *   the boolean product M'[i][j] = OR_m M[i][m] & D[m][j] (so M' = rows I1,
 *   I2 of D(t-k, t+1): a thread that went i -> m -> j sets the bit; this is
 *   the transitive closure, conservative because two different threads may
 *   meet in m), and a new entry {I1's and I2's destinations, rows 1, 2 of
 *   D(t, t+1)} enters position 0 ("shifted by one position").  Choice: the
 *   shift is collapsing: entries 0 .. h-1 move to 1 .. h, where h is the
 *   lowest free position (after this cycle's writeback), entries above h
 *   stay.  So positions stay in issue order, and a freed entry in the middle
 *   is reused (a plain shift register would push back while holes exist).
 *   An issue without a destination (iss_dv1 = iss_dv2 = 0: stores,
 *   branches) multiplies the matrices and adds no entry (act MOVE); it is
 *   never pushed back.
 *
 * Hazard (001 l.144).  The read port names warp q_warp and the registers of
 *   the instruction each context would issue now, up to QREGS of them (at
 *   the default 4: three sources, as a fused multiply-add has, and the
 *   destination, for RAW and WAW; a ld.v4 needs its address and its four
 *   destinations): q1_r (QREGS ids, id n at bits n REG_W) with valid bits
 *   q1_rv (context 1), q2_* (context 2).  dep_j[k] = OR_i dv_i[k] && (one of
 *   the NDST ids of dst_i[k] in {qj regs}) && M[k][i][j]: "dependency bits
 *   ANDed with the register-id comparison"; hz_j = |dep_j.  An instruction
 *   may issue when hz_j = 0.
 *   The query reads the state before this cycle's edge; so an instruction
 *   issued in cycle t guards the warp from cycle t+1 on.  I1 and I2 of one
 *   issue never depend on each other (disjoint threads).
 *   Soundness: a thread of context j whose register r has a write in flight
 *   from I_i issued k issues ago went i -> ... -> j through one context per
 *   step, each step's D bit is set, so M[k][i][j] = 1 and hz_j = 1
 *   (tests/test_sbi_scoreboard.c checks it against a per-thread tracker
 *   over heap traffic).  Precondition: a warp slot is relaunched only when
 *   its entries have drained (the new threads reuse the lanes' registers).
 *
 * Writeback: wb_v, wb_warp, wb_pos (the entry's position before this
 *   cycle's shift), wb_sel (bit 0: I1's write completed, bit 1: I2's) clears
 *   those dv bits; the entry is free when both are clear (wb_free = 1).  A
 *   writeback is never held: it applies whenever err = 0, also in a cycle
 *   whose issue is pushed back.
 *
 * Full table: an issue with a destination when all DEPTH entries of its warp
 *   are valid after this cycle's writeback: ready = 0, act STALL; the issue
 *   is pushed back (no shift, no product: the heap must not take the update
 *   either), the writeback still applies.  Nothing is dropped.
 *
 * Ports.
 *   in:  iss_v, iss_warp (WARP_W), iss_d (9), iss_dv1, iss_dst1 (NDST
 *        REG_W), iss_dv2, iss_dst2; wb_v, wb_warp, wb_pos (POS_W), wb_sel
 *        (2); q_warp, q1_rv (QREGS), q1_r (QREGS REG_W), q2_rv, q2_r.
 *   out: ready, err, err_code (3), act (3), wb_free, dep1, dep2 (DEPTH),
 *        hz1, hz2.
 *   act: IDLE 0 (no issue, no writeback), PUSH 1 (issue, entry added), MOVE
 *        2 (issue without destination), STALL 3 (issue pushed back), WB 4
 *        (writeback only), HOLD 5 (err).
 *
 * Illegal input (err = 1, act HOLD, ready = 1, state unchanged; dep/hz 0),
 * first match:
 *   BAD_WARP  1  iss_v && iss_warp >= WARPS
 *   BAD_QWARP 2  (q1_rv | q2_rv) != 0 && q_warp >= WARPS
 *   BAD_WB    3  wb_v && (wb_warp >= WARPS || wb_pos >= DEPTH || wb_sel == 0)
 *   WB_IDLE   4  wb_v && wb_sel names a write that is not pending
 *
 * Timing.  Outputs are combinational from the state and this cycle's inputs;
 *   the state updates at the rising edge.  Reset (synchronous, active high)
 *   clears every field of every entry.  Contract of step (issue 17):
 *   sbi_scoreboard_step(cfg, s, in, out) applies the decision in `out`
 *   (what sbi_scoreboard_eval returned this cycle; the nx_* fields, not
 *   ports); it does not recompute it.
 *
 * Invariants (sbi_scoreboard_check): no bits beyond widths; the matrices and
 * registers of invalid entries are whatever they last were (not checked).
 * The harness adds: expected err code, stall exactly when full, dep/hz
 * against a brute-force compare, positions in issue order (a tag per entry),
 * the whole state equal to the RTL's every cycle.
 *
 * Worked example (the heap's, rtl_c/hct_cct_heap.h: 001 Fig. 4, 4 threads,
 * masks t0 first; blocks A..G by PC; one instruction per block;
 * tests/test_sbi_scoreboard.c worked_example).  M rows I1 / I2, columns
 * ctx1 ctx2 cold:
 *   t0 (A 1111 | -) []: A writes r1 and branches 1100 -> B, 0011 -> C.
 *      Heap: (B 1100 | C 0011) [].  a1 = 1111, b1 = 1100, b2 = 0011:
 *      D(0,1) = [110 / 000 / 000].  e0 = {I1 r1, M = [110 / 000]}.
 *   t1 query: B reads r1: e0 M[1][1] = 1: hazard; C reads r1: M[1][2]: hazard.
 *      (r1 written back.)  B writes r2 and jumps to G; C writes r3 and
 *      branches 0010 -> D, 0001 -> E.  Heap: (D 0010 | E 0001) [G 1100]
 *      PUSH.  a1 = 1100, a2 = 0011, b1 = 0010, b2 = 0001, no cold before:
 *      D(1,2) = [001 / 110 / 000].  e1 = {I1 r2, I2 r3, M = [001 / 110]}.
 *   t2 query: D reads r2: e1 M[1][1] = 0: no hazard (B's threads t0, t1
 *      are cold in G; a per-warp scoreboard would stall D); D reads r3:
 *      M[2][1] = 1: hazard (t2 ran C).  D writes r4, E writes r5, both go to
 *      F: merged (F 0011), then the head G pops: (F 0011 | G 1100) [] POP.
 *      a1 = 0010, a2 = 0001, b1 = 0011, b2 = 1100; D[3][2] = 1 (1100 was
 *      cold), D[3][3] = 0 (the only node went up): D(2,3) = [100 / 100 /
 *      010].  e1: M = [001 / 110] (x) D = [010 / 100]: B's threads are in G
 *      (ctx2), C's in F (ctx1).  e2 = {r4, r5, [100 / 100]}.
 *   t3 query: F reads r2: e1 M[1][1] = 0: no hazard; G reads r2: M[1][2] =
 *      1: hazard; F reads r4: e2 M[1][1] = 1: hazard.
 * Vector load (NDST = 4, QREGS = 6; tests/test_sbi_scoreboard.c
 * vector_load_example), one warp, ctx1 = 1111, D given by hand:
 *   t0: I1 = ld.v4 {r4, r5, r6, r7}, [r2]; D = identity [100 / 010 / 001].
 *      e0 = {I1 {r4, r5, r6, r7}, M = [100 / 010]}, one entry.
 *   t1: I1 branches: ctx1 1100 stays, 0011 becomes ctx2: D = [110 / 000 /
 *      000], no destination (MOVE): e0 M = [110 / 000].
 *   t2 query: ctx1 reads r6 (the third destination): hazard; ctx2 writes
 *      r7 (the fourth; WAW): hazard; ctx2 reads r1, r2, r3: none.  ctx2
 *      issues alone ld.v2 {r9, r10} (iss_dst2 = {r9, r10, r9, r9}), D =
 *      identity: e0 = {I2 {r9, r10, r9, r9}, [100 / 010]}, e1 = the ld.v4.
 *   t3: the ld.v4's data returns: wb_pos 1, wb_sel 01 frees all four
 *      registers (wb_free); ctx1 reads r6: no hazard; ctx1 reads r10: none
 *      (row I2 has no ctx1 bit); ctx2 reads r10: hazard.  The same
 *      writeback again is WB_IDLE: err, state unchanged.
 * A false positive: an entry whose I1 ran only t0, with ctx1 = {t0, t1}
 * now (M row I1 = 100); ctx1 splits into ctx1 {t0} and ctx2 {t1}: D = [110
 * / ...], so M row I1 = 110, and ctx2's instruction is flagged although t1
 * never ran I1.  Lumping the cold splits into I3 adds more of the same.
 */
/*
 * Cost per cycle (issue 17; callgrind on `cosim_sbi_scoreboard --bench`,
 * defaults): sbi_scoreboard_eval ~570 instructions, sbi_scoreboard_step
 * ~120, against ~7,200 for the Verilated RTL; C/RTL went from ~6x to
 * ~11-14x (measured at NDST = 1, QREGS = 4, before NDST and QREGS were
 * parameters; each further destination id adds one set lookup per entry).  What dominates now is the dependency read of warp q_warp's
 * DEPTH entries: the up to 2 QREGS query registers are decoded once into
 * one set of register ids (two bits per id, one per context), so each entry
 * costs 2 NDST set lookups (its destination ids) ANDed with its valid bits
 * and matrix bits, no branch and no per-register compare loop.  Step
 * applies the decision (warp, position, select and hole carried in out):
 * the writeback is two masked stores, an issue multiplies the warp's DEPTH
 * matrices (each product row-wise in one word: three AND-ORs) and a push
 * shifts the entries below the hole.  The old model's branches (each
 * entry's mask bits tested before its register compares) cost more than
 * its instructions.
 * 2026-11-29 (issue 24 item 6): the read port (sbi_scoreboard_read, which
 * eval calls) visits only the entries with a write pending (dv1 | dv2; an
 * entry with neither adds no dependency) and decodes only the valid query
 * registers; the SM model queries a row with one or two entries pending, so
 * a read costs about 150 instructions against about 600 (callgrind on
 * `build/simt --bench --mech sbi+swi`).  Same outputs (test_sbi_scoreboard,
 * cosim_sbi_scoreboard).
 * 2026-11-29 (same item, second pass): sbi_scoreboard_eval_read (C only)
 * is the eval given the read port's answer for its query: the SM model
 * keeps each warp's answer and reads it at the issue anyway, so the
 * issue's eval skips its read (about 100 of its about 250 instructions
 * when the row has writes pending).  One decision function (sb_eval) for
 * both; test_sbi_scoreboard compares them in every cycle of the
 * soundness runs.
 */
#ifndef SBI_SCOREBOARD_H
#define SBI_SCOREBOARD_H

#include <stdint.h>

#include "hct_cct_heap.h"
#include "port.h"

#ifdef __cplusplus
extern "C" {
#endif

struct vcd_writer;

#define SBI_SB_MAX_WARPS 64
#define SBI_SB_MAX_DEPTH 16
#define SBI_SB_MAX_NDST 4   /* ld.v4 */
#define SBI_SB_MAX_QREGS 8  /* QREGS x REG_W <= 64 bits */

enum sbi_scoreboard_err {
    SBI_SB_ERR_NONE = 0,
    SBI_SB_ERR_BAD_WARP = 1,
    SBI_SB_ERR_BAD_QWARP = 2,
    SBI_SB_ERR_BAD_WB = 3,
    SBI_SB_ERR_WB_IDLE = 4
};

enum sbi_scoreboard_act {
    SBI_SB_ACT_IDLE = 0,
    SBI_SB_ACT_PUSH = 1,
    SBI_SB_ACT_MOVE = 2,
    SBI_SB_ACT_STALL = 3,
    SBI_SB_ACT_WB = 4,
    SBI_SB_ACT_HOLD = 5
};

typedef struct {
    unsigned warps;
    unsigned depth;
    unsigned reg_w;
    unsigned ndst;  /* destinations per instruction (entry slot) */
    unsigned qregs; /* registers per context on the read port */
} sbi_scoreboard_cfg;

/* Storage of the configuration (what the area estimator uses). */
typedef struct {
    unsigned rows, row_bits;     /* 24 x 120 at the defaults (001 Table 3: 24 x 144) */
    unsigned entry_bits;         /* 2 (1 + NDST x REG_W) + 6 */
    unsigned matrix_bits;        /* 6 per entry: rows I1, I2 of D(t-k, t) */
    unsigned base_pools, base_rows, base_row_bits; /* baseline: 2 x 24 x 42 (001: 2 x 24 x 48);
                                                    * DEPTH x (1 + NDST x REG_W) */
} sbi_scoreboard_storage;

typedef struct {
    uint64_t dv1_q[SBI_SB_MAX_WARPS], dv2_q[SBI_SB_MAX_WARPS]; /* DEPTH bits each */
    uint64_t dst1_q[SBI_SB_MAX_WARPS * SBI_SB_MAX_DEPTH];      /* [w * DEPTH + k]: NDST ids,
                                                                * id n at bits n REG_W */
    uint64_t dst2_q[SBI_SB_MAX_WARPS * SBI_SB_MAX_DEPTH];
    uint64_t mat_q[SBI_SB_MAX_WARPS * SBI_SB_MAX_DEPTH];       /* 6 bits: 3 i + j */
} sbi_scoreboard_state;

typedef struct {
    uint64_t iss_v, iss_warp, iss_d;
    uint64_t iss_dv1, iss_dst1, iss_dv2, iss_dst2;
    uint64_t wb_v, wb_warp, wb_pos, wb_sel;
    uint64_t q_warp;
    uint64_t q1_rv, q1_r;  /* QREGS valid bits, QREGS ids (id n at bits n REG_W) */
    uint64_t q2_rv, q2_r;
} sbi_scoreboard_in;

typedef struct {
    uint64_t ready, err, err_code, act, wb_free;
    uint64_t dep1, dep2, hz1, hz2;
    /* the decision (not ports) */
    uint8_t nx_go;    /* 0: err, state unchanged */
    uint8_t nx_iss;   /* the issue is taken: products (and a push) on iss_warp */
    uint8_t nx_push;  /* an entry is added */
    uint8_t nx_wb;    /* the writeback applies */
    uint8_t nx_hole;  /* lowest free position of iss_warp after the writeback (push) */
    uint8_t nx_iw, nx_bw, nx_bp, nx_sel; /* iss_warp, wb_warp, wb_pos, wb_sel as the ports see them */
} sbi_scoreboard_out;

/* The parameter table and its glue (PARAM_DECLS in port.h): defaults,
 * ranges, Verilog names; its cfg_check gives NULL or one line naming the
 * field and its range. */
PARAM_DECLS(sbi_scoreboard)

unsigned sbi_scoreboard_warp_w(const sbi_scoreboard_cfg *cfg);
unsigned sbi_scoreboard_pos_w(const sbi_scoreboard_cfg *cfg);
sbi_scoreboard_storage sbi_scoreboard_bits(const sbi_scoreboard_cfg *cfg);

/* The boolean product of an entry's 6-bit M (rows I1, I2) with a 9-bit D. */
uint64_t sbi_scoreboard_mul(uint64_t m, uint64_t d);
/* D(t, t+1) of an accepted heap UPDATE (header: derivation): `before` is the
 * heap state before the cycle, `in`/`out` the cycle's inputs and eval
 * output.  Returns 9 bits, bit 3 (m-1) + (j-1). */
uint64_t sbi_scoreboard_dmat(const hct_cct_heap_cfg *hc, const hct_cct_heap_state *before,
                             const hct_cct_heap_in *in, const hct_cct_heap_out *out);

void sbi_scoreboard_reset(const sbi_scoreboard_cfg *cfg, sbi_scoreboard_state *s);
void sbi_scoreboard_eval(const sbi_scoreboard_cfg *cfg, const sbi_scoreboard_state *s,
                         const sbi_scoreboard_in *in, sbi_scoreboard_out *out);
/* The read port alone: dep1, dep2, hz1, hz2 of `out` (the others untouched)
 * for the query q_warp/q1_rv/q1_r/q2_rv/q2_r, a pure function of the state;
 * what sbi_scoreboard_eval gives on them for the same query in a cycle it
 * does not reject (it calls this; a rejected cycle's are 0).  A query of a
 * row >= WARPS answers no dependency (eval rejects it: BAD_QWARP). */
void sbi_scoreboard_read(const sbi_scoreboard_cfg *cfg, const sbi_scoreboard_state *s,
                         uint64_t q_warp, uint64_t q1_rv, uint64_t q1_r, uint64_t q2_rv,
                         uint64_t q2_r, sbi_scoreboard_out *out);
/* sbi_scoreboard_eval when the caller has the read port's answer for in's
 * query already: dep1, dep2 must be what sbi_scoreboard_read gives for
 * in->q_warp, q1_rv, q1_r, q2_rv, q2_r on this state (the SM model keeps
 * each warp's answer until its row changes, docs/bench.md); the same
 * outputs, without reading again.  C only (no port of the RTL). */
void sbi_scoreboard_eval_read(const sbi_scoreboard_cfg *cfg, const sbi_scoreboard_state *s,
                              const sbi_scoreboard_in *in, uint64_t dep1, uint64_t dep2,
                              sbi_scoreboard_out *out);
void sbi_scoreboard_step(const sbi_scoreboard_cfg *cfg, sbi_scoreboard_state *s,
                         const sbi_scoreboard_in *in, const sbi_scoreboard_out *out);
const char *sbi_scoreboard_check(const sbi_scoreboard_cfg *cfg, const sbi_scoreboard_state *s);

void sbi_scoreboard_ports(const sbi_scoreboard_cfg *cfg, const sbi_scoreboard_in *in,
                          const sbi_scoreboard_out *out, port_visit_fn visit, void *ctx);
void sbi_scoreboard_trace(struct vcd_writer *w, const sbi_scoreboard_cfg *cfg,
                          const sbi_scoreboard_state *s, const sbi_scoreboard_in *in,
                          const sbi_scoreboard_out *out);

const char *sbi_scoreboard_err_name(unsigned code);
const char *sbi_scoreboard_act_name(unsigned act);

#ifdef __cplusplus
}
#endif

#endif /* SBI_SCOREBOARD_H */
