/* SPDX-License-Identifier: Apache-2.0 */
/*
 * dwf.h -- dynamic warp formation, the composed top: warp update registers
 * -> PC-warp LUT (two lookups) -> warp pool (four groups); warp pool issue
 * -> LUT invalidation.  Paper 000 Fig. 11 (sec. 4.1-4.3, Table 1: "warp
 * update register 2 x {TIDs x 16, PC, REQ}"); SPEC 3.4; issue 4; the
 * sub-unit contract is the Wiring below (docs/dwf.md).  Twin: verilog/dwf.v, which
 * instantiates verilog/pc_warp_lut.v and verilog/warp_pool.v.
 *
 * COMPOSITION, NOT RE-IMPLEMENTATION.  dwf_state holds a pc_warp_lut_state,
 * a warp_pool_state and the dwf's own registers; dwf_eval / dwf_step call
 * pc_warp_lut_eval/step and warp_pool_eval/step with the inputs the wiring
 * below gives them, and dwf_check calls both sub-checks.  All the LUT and
 * pool behaviour (hash, replacement, lane conflicts, allocation, issue
 * policies, majority table, fallback) is theirs: see rtl_c/pc_warp_lut.h and
 * rtl_c/warp_pool.h.
 *
 * Configurations (cfg field = Verilog parameter; passed down to both units):
 *
 *   | field       | param       | default | range                           |
 *   |-------------|-------------|---------|---------------------------------|
 *   | lanes       | LANES       | 16      | 2..32, power of two             |
 *   | tid_bits    | TID_W       | 8       | log2(LANES)..11 (2048 threads)  |
 *   | pc_bits     | PC_W        | 32      | 4..64                           |
 *   | sched_bits  | SCHED_W     | 8       | as warp_pool                    |
 *   | policy      | POLICY      | 0 DMaj  | as warp_pool (0..4)             |
 *   | swizzle     | SWIZZLE     | 1       | 0..6, see Swizzle below         |
 *   | maj_entries | MAJ         | 32      | 2..32                           |
 *   | lut_entries | LUT_ENTRIES | 32      | 4..128, power of two            |
 *
 *   Derived: THREADS = 2^TID_W = POOL (pool entries: one per thread of the
 *   core, 000 4.2; the dwf requires POOL = THREADS, see "Push-back"), IDX_W
 *   = TID_W, FREE_W = TID_W + 1, TW = LANES * TID_W.
 *
 * Swizzle (the home lane of thread t; static warp wid = t / LANES, tid =
 * t mod LANES; dwf_home_lane):
 *   0    none: lane = tid
 *   1    000 sec. 4.1 (default, the behaviour before 001's functions were
 *        added): lane = tid XOR 1 when wid is odd, else tid
 *   2..6 001 Table 1 through lane_shuffle (rtl_c/lane_shuffle.h, with n =
 *        LANES - 1 and m = THREADS / LANES static warps): 2 Identity (= 0),
 *        3 MirrorOdd, 4 MirrorHalf, 5 Xor, 6 XorRev; function = SWIZZLE - 2
 *   000's swizzle is none of the five: it is tid XOR (wid mod 2), while Xor
 *   is tid XOR (wid mod LANES) and MirrorOdd tid XOR (LANES-1) on odd warps;
 *   they agree only at LANES = 2 (MirrorOdd) or while wid < 2 (Xor).  So 1
 *   stays the default and the five are added beside it.
 *   The pool understands 0 and 1 itself (warp_pool's SWIZZLE).  For 2..6 the
 *   pool runs with SWIZZLE = 0 and the dwf translates: a thread enters the
 *   pool as {wid, lane} (its low bits replaced by its home lane, which the
 *   pool's lane-major storage then checks as lane = low bits), and an issued
 *   lane l holding {wid, l} leaves as {wid, inverse(wid, l)} (lane_shuffle's
 *   inverse map, one LANES-wide XOR per lane).  Every Table 1 function is a
 *   permutation of the lanes for each wid, so the translation is a bijection
 *   on the threads, and the pool's in-pool vector is indexed by the
 *   translated id (dwf_pool_tid).  The dwf's own HOME_LANE check and live
 *   vector use the shuffled home lane.
 *
 * Ports.
 *   commit (writeback -> warp update registers): cm_valid, cm_tids (TW bits,
 *     lane l's TID at [l*TID_W +: TID_W]; in C 64-bit words cm_tids_w0..),
 *     cm_mask_t / cm_mask_nt (lanes going to the taken / not-taken next PC;
 *     lanes of exited threads in neither), cm_pc_t, cm_pc_nt, cm_prio_t,
 *     cm_prio_nt (SCHED_W: the DPdPri priority of each path, passed to the
 *     pool's gN_prio; unused by DMaj), out cm_ready.
 *   issue: iss_req in; iss_valid, iss_src, iss_idx, iss_pc, iss_mask,
 *     iss_tids out (the pool's).
 *   status: err, err_code (3 bits), ur_valid (the update registers hold a
 *     commit), free_cnt, ovf (pool: untracked threads exist), and for
 *     coverage the LUT's lk0_/lk1_ hit, conflict, evict and inv_hit.
 *
 * Wiring (000 Fig. 11).  Two warp update registers, UR0 = {PC, REQ, prio}
 * of the taken side and UR1 of the not-taken side, and one TID row (the two
 * REQs are disjoint, so one TID per lane holds both registers' TIDs; Table 1
 * counts a TID row per register: a departure in storage only).  An
 * accepted commit is latched at the edge; equal PCs are merged into UR0
 * (REQ0 = mask_t | mask_nt, REQ1 = 0); an empty side has REQ = 0.  In the
 * next cycle the registers drive:
 *   LUT: lkj_valid = REQj != 0, lkj_pc, lkj_req = REQj; alloc_idx0/1 = the
 *        pool's free_idx0/1, alloc_avail = min(free_cnt, 2); inv_valid =
 *        iss_req && the pool's cand_valid, inv_idx = cand_idx (= the pool's
 *        iss_valid / iss_idx, see below); rd_entry = 0 (unused).
 *   pool: wr_tids = the TID row; g0 = {lk0_join_mask != 0, join, lk0_join_idx,
 *        PC0, lk0_join_mask, prio0}, g1 = {lk0_new, new, lk0_new_idx, PC0,
 *        lk0_new_mask, prio0}, g2/g3 the same for lookup 1 with PC1.
 *   and the registers are emptied at that edge (they drain every cycle).
 * So a committed thread reaches the pool at the end of the cycle after its
 * commit and can issue the cycle after that, at the earliest.
 *
 * Evaluation order (the same as the wires, loop-free): the pool's
 * free_cnt/free_idx and its issue choice (cand_valid, cand_idx) depend on
 * its registered state only (warp_pool.h), so dwf_eval takes them first
 * (warp_pool_eval_state), then evaluates the LUT with them, then the rest of
 * the pool with the LUT's groups (warp_pool_eval_inputs): each unit is
 * evaluated once per cycle, and dwf_step applies the decisions carried in
 * dwf_out.w (one decision per cycle, issue 17).  The LUT's inv_valid is iss_req && cand_valid (with
 * the dwf's err gate) and inv_idx = cand_idx, not the pool's iss_valid /
 * iss_idx: those are gated by the pool's err, which depends on its groups,
 * which come from the LUT -- a combinational loop (Verilator UNOPTFLAT).
 * The two agree whenever the pool has no err, i.e. always here (asserted
 * by dwf_check).  cand_valid/cand_idx were added to warp_pool for this.
 *
 * TIMING.  All outputs are combinational from the registered state and this
 * cycle's inputs.  cm_ready and the LUT/pool outputs do not depend on the
 * commit inputs (the registers drive the sub-units); err does.
 * State changes at the rising edge; reset (synchronous, active high)
 * resets both units and empties the registers and the live vector.
 *
 * Live vector (not in the paper): one bit per thread, set while the thread
 * is in the scheduler (the update registers or a pool warp): set when its
 * commit is accepted, cleared when its warp issues.  It lets the commit port
 * reject a TID that is already in the scheduler with one comparator per
 * thread (the pool's in-pool vector is internal and only covers the pool,
 * one cycle later).  Invariant: live <=> in the registers or in the pool.
 *
 * Illegal input: err = 1, err_code, cm_ready = 1, iss_valid = 0; the commit
 * is not latched, the registers do not drain, the live vector is unchanged,
 * and the sub-units see an idle cycle (no lookup, no group, no issue
 * request) with the pool frozen by its hold input (hold = !go).  So the
 * state after an err is the state before, bit for bit (the cosim harness
 * and the tests assert that); no thread is lost and no work is taken.
 * First match:
 *   ISS_EMPTY  1  iss_req and the pool is empty (free_cnt = POOL); the
 *                 pool's own ISS_EMPTY, decided in the dwf so the whole cycle
 *                 can be held
 *   OVERLAP    2  cm_valid and cm_mask_t & cm_mask_nt != 0
 *   HOME_LANE  3  cm_valid and a TID in a lane of mask_t | mask_nt is not at
 *                 its home lane (dwf_home_lane)
 *   TID_LIVE   4  cm_valid and a TID of those lanes is already live
 *   INTERNAL   7  a sub-unit raised err (never: asserted by dwf_check)
 * "TID >= threads" cannot be expressed: THREADS = 2^TID_W.
 *
 * Push-back.  cm_ready = LUT ready && pool ready: the registers can drain.
 * When cm_ready = 0 the commit is not latched and the registers keep their
 * contents.  It never happens with POOL = THREADS (so the dwf requires it):
 * every pool warp holds >= 1 thread and the registers' threads are outside
 * the pool, so free_cnt >= threads in the registers >= non-empty sides >=
 * new warps the lookups need (each lookup needs at most one), and
 * min(free_cnt, 2) covers the LUT's need_cnt and the pool's new groups.
 * dwf_check asserts free_cnt >= the registers' thread count, and evaluates
 * the composition at the current state (iss_req 0 and 1: the sub-units'
 * inputs do not depend on the commit port) asserting both units ready and
 * err-free.  (Were it ever 0, the issue would still go and the LUT would
 * hold its invalidation: the LUT header's reason why it must not happen.)
 *
 * Invariants (dwf_check): pc_warp_lut_check and warp_pool_check; the
 * register REQs are disjoint, within LANES, their TIDs at their home lanes,
 * the TID row 0 outside them, PC0 != PC1 when both are non-empty; every
 * thread is live iff it is in the registers or in the pool, never both;
 * every valid LUT entry points to a valid pool warp (not yet issued: an
 * issued entry is invalidated at the same edge) with the same PC whose
 * lanes are exactly OCC; readiness as above.  (The cosim adds thread
 * conservation against the pipeline it models: in flight, exited or live.)
 *
 * Idle cycles (C only, no behaviour of its own).  A cycle with no issue
 * request and empty update registers drives the LUT with no lookup and no
 * invalidation and the pool with no group and no issue, whatever the
 * commit port carries (the commit reaches only the registers): the pool
 * then raises no err, is ready (or held, on the dwf's own err) and changes
 * nothing at the edge, and the LUT is ready, changes nothing and raises err
 * only for an offered free entry (alloc_idx0/1) that a LUT entry owns, or
 * two equal offers (never: dwf_check).  So when those two offers are legal
 * (tested on the owner map and the free list), dwf_eval gives the outputs
 * without evaluating the units (cm_ready 1, free_cnt, ovf, err and err_code
 * from the dwf's own commit checks, everything else 0; out->w is all 0 with
 * w.idle = 1 and w.own_err) and dwf_step latches the commit into the
 * registers, as the full step does (nothing on an err).  Exactly the full
 * evaluation's ports and next state (tools/simt_golden.sh: identical issue
 * logs and VCDs; the co-simulation, which drives commits into idle cycles).
 * dwf_trace and dwf_check still wire the units in full.
 *
 * Cost per cycle (issue 17): dwf_eval evaluates each unit once (the pool's
 * state-only half, the LUT, the pool's input half) and dwf_step applies the
 * three decisions it carries; before, the pool was evaluated about five
 * times and the LUT three.  What remains is the sum of the units' costs
 * (warp_pool.h, pc_warp_lut.h: the pool's write checks and issue choice
 * dominate) plus the dwf's own commit checks (one TID read per committed
 * lane for HOME_LANE and TID_LIVE) and the copy of the update registers.
 * dwf_check (not on the bench path) still evaluates the composition twice
 * to assert readiness; it and the units' checks read their arrays
 * word-wise, a branch per element only on a doubt (docs/bench.md, "The
 * invariant checks' cost": they were 90% of a build/simt --mech dwf run
 * under --check).  C/RTL: 29.5x (`--bench --cycles 50000`; 7.8x
 * before, same load).  In the SM model (build/simt --mech dwf, issue 24)
 * about 30% of a pool's cycles are idle (the pool empty while its threads
 * are in flight): the idle path and warp_pool's bitsets took dwf's cost
 * from about 9,450 to about 6,100 instructions per warp-instruction
 * (callgrind; docs/bench.md, "dwf").  The SM model asks dwf_candidate for
 * the warp the pool would issue and raises iss_req only when the core can
 * take it, so a cycle whose SIMD group is busy is evaluated once, not
 * twice (17% of its evaluations were such repeats; docs/bench.md, "dwf,
 * second pass").  A commit alone (no issue request, registers empty: 13%
 * of the units' evaluations that were not idle) is an idle cycle too, and
 * dwf_step reads the commit through the port's widths field by field
 * instead of building the port view again (docs/bench.md, "dwf and dpe,
 * third pass").  The SM model keeps the pool's state-only outputs that
 * dwf_candidate_st read while the pool does not step (an idle cycle does
 * not step it) and evaluates the cycle with dwf_eval_st, which takes them
 * instead of the pool's issue choice a second time; the dwf's own commit
 * checks visit the committed lanes once for both HOME_LANE and TID_LIVE,
 * and dwf_step builds the units' configurations only in a cycle that is
 * not idle (docs/bench.md, "dwf, fourth pass").  dwf_candidate_lanes
 * gives the candidate's TIDs lane by lane, so the SM model does not pack
 * them into the bus and read them back out ("dwf, fifth pass").  The
 * dwf's own checks read the commit through the port's widths field by
 * field (no copy of the port view), keep each committed lane's TID in
 * out->w.cm_tid for the edge's latch (one read of each TID field a
 * commit), the latch ORs the TIDs into the cleared row, and the edge
 * clears the issued threads' live bits from the issued pool entry, not
 * from iss_tids read back out of the bus ("dwf, seventh pass").
 * dwf_eval_lean, for a user that drives legal commits only (the SM model
 * with its checks off), skips the per-lane TID checks (the dwf's HOME_LANE
 * and TID_LIVE, the pool's HOME_LANE and TID_IN_POOL) and the TID
 * bus ("dwf, eighth pass"); dwf_step_lean latches the committed TIDs per
 * lane (ur_lt, C only) and the pool's lean edge writes them from there
 * (warp_pool_step_lean_lt), not through the ur_tids bus ("dwf: the thread
 * IDs per lane"); it evaluates the LUT with pc_warp_lut_eval_lean (no
 * illegal-input checks: this wiring cannot raise a LUT err, and dwf_check
 * asserts it under --check; "dwf at 001: page faults, the lane loops and
 * the lean LUT"), and the pool with warp_pool_eval_inputs_legal (no port
 * view and of the pool's illegal-input checks ISS_EMPTY only: the LUT's
 * groups are legal and every pool input lies within its width, which
 * dwf_check asserts as no pool err; "dwf at 001, eleventh pass").
 *
 * Worked example (000 Fig. 9, 4 lanes, swizzle off, tests/test_dwf.c):
 *   c0: commit W0 (tids 0-3) mask_t 0011 -> A, mask_nt 1100 -> B
 *   c1: UR: lk0 A miss -> new warp 0 {0,1}, lk1 B miss -> new warp 1 {2,3};
 *       commit W1 (tids 4-7) mask_t 1100 -> A, mask_nt 0011 -> B
 *   c2: UR: lk0 A hit, OCC 0011 & REQ 1100 = 0 -> join warp 0 {6,7};
 *       lk1 B hit -> join warp 1 {4,5}
 *   c3, c4: issue A = {0,1,6,7}, B = {4,5,2,3}: two full warps, where a
 *       per-warp (static) stack issues four warps of two threads.
 */
#ifndef DWF_H
#define DWF_H

#include <stdint.h>

#include "pc_warp_lut.h"
#include "port.h"
#include "warp_pool.h"

#ifdef __cplusplus
extern "C" {
#endif

struct vcd_writer;

enum dwf_err {
    DWF_ERR_NONE = 0,
    DWF_ERR_ISS_EMPTY = 1,
    DWF_ERR_OVERLAP = 2,
    DWF_ERR_HOME_LANE = 3,
    DWF_ERR_TID_LIVE = 4,
    DWF_ERR_INTERNAL = 7
};

typedef struct {
    unsigned lanes;
    unsigned tid_bits;
    unsigned pc_bits;
    unsigned sched_bits;
    unsigned policy;
    unsigned swizzle;
    unsigned maj_entries;
    unsigned lut_entries;
} dwf_cfg;

typedef struct {
    pc_warp_lut_state lut;
    warp_pool_state pool;
    /* warp update registers: one TID row, {PC, REQ, prio} per side */
    uint64_t ur_tids[WARP_POOL_MAX_WORDS];
    uint64_t ur_pc[2];
    uint64_t ur_mask[2];
    uint16_t ur_prio[2];
    uint8_t live[WARP_POOL_MAX_ENTRIES]; /* per thread (THREADS = POOL) */
    /* C only, not a register: the TID row again, one TID per lane (lane l's
     * for the lanes of ur_mask[0] | ur_mask[1]; the other lanes hold no
     * meaning).  Both steps latch it; dwf_step_lean latches only it, not
     * the ur_tids bus, and hands it to the pool's lean edge
     * (warp_pool_step_lean), so a committed TID is not packed into the bus
     * and read back out of it. */
    uint16_t ur_lt[WARP_POOL_MAX_LANES];
} dwf_state;

typedef struct {
    uint64_t iss_req;
    uint64_t cm_valid;
    uint64_t cm_tids[WARP_POOL_MAX_WORDS]; /* TW bits */
    uint64_t cm_mask_t;                    /* LANES */
    uint64_t cm_mask_nt;
    uint64_t cm_pc_t;                      /* PC_W */
    uint64_t cm_pc_nt;
    uint64_t cm_prio_t;                    /* SCHED_W */
    uint64_t cm_prio_nt;
} dwf_in;

/* What the wiring gives the two units this cycle (for tests and traces,
 * and the cycle's decision that dwf_step applies). */
typedef struct {
    unsigned idle;             /* an idle cycle: the units were not evaluated */
    unsigned own_err;          /* enum dwf_err of the dwf's own checks */
    /* each committed lane's TID (cm_tids' field; written when cm_valid and
     * own_err passed its OVERLAP check), read again by dwf_step's latch */
    uint16_t cm_tid[WARP_POOL_MAX_LANES];
    pc_warp_lut_in lut_in;
    pc_warp_lut_out lut_out;
    warp_pool_in pool_in;
    warp_pool_out pool_out;
} dwf_wires;

typedef struct {
    uint64_t cm_ready;
    uint64_t err;
    uint64_t err_code;     /* 3 bits, enum dwf_err */
    uint64_t ur_valid;
    uint64_t free_cnt;     /* FREE_W */
    uint64_t ovf;
    uint64_t iss_valid;
    uint64_t iss_src;      /* 2 bits, warp_pool_src */
    uint64_t iss_idx;      /* IDX_W */
    uint64_t iss_pc;
    uint64_t iss_mask;
    uint64_t iss_tids[WARP_POOL_MAX_WORDS];
    uint64_t lk0_hit;
    uint64_t lk0_conflict;
    uint64_t lk0_evict;
    uint64_t lk1_hit;
    uint64_t lk1_conflict;
    uint64_t lk1_evict;
    uint64_t inv_hit;
    dwf_wires w;           /* not ports: the wiring and both units' decisions */
} dwf_out;


/* The parameter table and its glue (PARAM_DECLS in port.h): defaults,
 * ranges, Verilog names; its cfg_check gives NULL or one line naming the
 * field and its range. */
PARAM_DECLS(dwf)
pc_warp_lut_cfg dwf_lut_cfg(const dwf_cfg *cfg);
warp_pool_cfg dwf_pool_cfg(const dwf_cfg *cfg);
unsigned dwf_threads(const dwf_cfg *cfg);   /* = POOL */
/* SWIZZLE values: 0 none, 1 000's even/odd swap, 2 + f 001 Table 1 function f. */
#define DWF_SWIZZLE_000 1u
#define DWF_SWIZZLE_001 2u
/* The home lane of thread tid under cfg->swizzle. */
unsigned dwf_home_lane(const dwf_cfg *cfg, unsigned tid);
/* The id thread tid has inside the pool ({wid, home lane} for SWIZZLE >= 2,
 * else tid), and back: the thread whose pool id ptid sits in lane `lane`. */
unsigned dwf_pool_tid(const dwf_cfg *cfg, unsigned tid);
unsigned dwf_from_pool_tid(const dwf_cfg *cfg, unsigned ptid, unsigned lane);

/* The warp the issue port gives this cycle when iss_req = 1 and err = 0
 * (C only, no port of its own: the pool's issue choice is a function of
 * the registered state alone, "Evaluation order").  A pipeline that must
 * ask whether that warp can go (its SIMD group free) before it drives
 * iss_req reads it here instead of evaluating the cycle twice.  Returns 0
 * when the pool would issue nothing; else 1 with iss_idx, iss_pc, iss_mask
 * and iss_tids as dwf_eval would give them. */
typedef struct {
    uint64_t idx;
    uint64_t pc;
    uint64_t mask;
    uint64_t tids[WARP_POOL_MAX_WORDS];
} dwf_cand;
int dwf_candidate(const dwf_cfg *cfg, const dwf_state *s, dwf_cand *c);
/* The same, and the pool's state-only outputs it read (st: what
 * warp_pool_eval_state gives for s->pool; every cycle until the pool
 * steps), for dwf_eval_st. */
int dwf_candidate_st(const dwf_cfg *cfg, const dwf_state *s, dwf_cand *c, warp_pool_out *st);
/* dwf_candidate_st with the TIDs lane by lane (C only, no behaviour of its
 * own): tid[l] for each lane l of c->mask is the TID field lane l of
 * dwf_candidate's c->tids carries; c->tids is left as it was (the SM model
 * reads the TIDs per lane: not packed into the bus and read back out;
 * tests/test_dwf.c compares the two every cycle, build/simt under --check). */
int dwf_candidate_lanes(const dwf_cfg *cfg, const dwf_state *s, dwf_cand *c, warp_pool_out *st,
                        uint16_t *tid);

void dwf_reset(const dwf_cfg *cfg, dwf_state *s);
/* dwf_reset of a state that is all zero bytes already (calloc): the
 * pool's free list only (tests/test_dwf.c checks the same bytes). */
void dwf_reset_zeroed(const dwf_cfg *cfg, dwf_state *s);
/* The state back to all zero bytes after a run with cfg since it was all
 * zero bytes, full or lean steps (C only, no behaviour of its own): the
 * units' warp_pool_clear_used and pc_warp_lut_clear_used, the update
 * registers and the live bits of cfg's threads.  The SM model keeps a
 * run's state for the next one and clears it so, not whole (450 KB a unit
 * with the register file; tests/test_dwf.c checks every byte is 0 after
 * random runs at its design points, in flight and after). */
void dwf_clear_used(const dwf_cfg *cfg, dwf_state *s);
void dwf_wire(const dwf_cfg *cfg, const dwf_state *s, const dwf_in *in, dwf_wires *w);
void dwf_eval(const dwf_cfg *cfg, const dwf_state *s, const dwf_in *in, dwf_out *out);
/* dwf_eval with the pool's state-only outputs given (C only, no behaviour
 * of its own): st must be warp_pool_eval_state's answer for s->pool now
 * (dwf_candidate_st's, kept while the pool does not step), and the pool's
 * issue choice is then not taken a second time.  The same outputs as
 * dwf_eval (tests/test_dwf.c compares them every cycle; build/simt under
 * --check too). */
void dwf_eval_st(const dwf_cfg *cfg, const dwf_state *s, const dwf_in *in,
                 const warp_pool_out *st, dwf_out *out);
/* dwf_eval_st for a user that guarantees its commits are legal (C only,
 * no behaviour of its own: the SM model with its checks off, docs/bench.md
 * "dwf, eighth pass"): the committed TIDs are read but not checked (the
 * dwf's HOME_LANE and TID_LIVE, the pool's HOME_LANE and TID_IN_POOL,
 * warp_pool_eval_inputs_lean; nor the pool's group checks, which this
 * wiring cannot fail: warp_pool_eval_inputs_legal), and iss_tids is 0
 * (the user takes the issued TIDs lane by lane from dwf_candidate_lanes).
 * On an input where dwf_eval raises none of those errors every other
 * output and the decisions are
 * dwf_eval's (dwf_lean_same; tests/test_dwf.c compares them every cycle,
 * build/simt under --check); on one where it does, the answer is not
 * defined.  The answer is for dwf_step_lean: its wires do not carry the
 * TID row to the pool (pool_in.wr_tids; the lean edge takes the state's
 * ur_lt), and in an idle cycle it writes of the wires only idle, own_err
 * and the committed lanes' TIDs (the ports all), so dwf_step must not
 * apply it.  st may be NULL, as for dwf_eval_st.  lt, when not NULL,
 * gives each committed lane's TID (lt[l], WARP_POOL_MAX_LANES entries, the
 * committed lanes' read) in place of the cm_tids bus, which is then not read
 * (the SM model does not pack the TIDs it already holds per lane). */
void dwf_eval_lean(const dwf_cfg *cfg, const dwf_state *s, const dwf_in *in,
                   const warp_pool_out *st, const uint16_t *lt, dwf_out *out);
/* 1 if a (dwf_eval_lean's answer to in) and b (dwf_eval's) agree in the
 * ports but iss_tids, the committed lanes' TIDs kept for the edge, the
 * LUT's ports (but its debug read port) and decision, and the pool's
 * decision: everything dwf_step_lean reads. */
int dwf_lean_same(const dwf_in *in, const dwf_out *a, const dwf_out *b);
/* The clock edge.  Contract: `out` is what dwf_eval returned for this state
 * and these inputs in this cycle; step applies the decisions it carries
 * (out->w: both units' eval outputs) and recomputes nothing. */
void dwf_step(const dwf_cfg *cfg, dwf_state *s, const dwf_in *in, const dwf_out *out);
/* dwf_step without the bookkeeping only the checks and the trace read: the
 * live bits (TID_LIVE, dwf_check) and the pool's in_pool bits
 * (warp_pool_step_lean).  C only, no behaviour of its own, for a user with
 * its checks off and no trace that evaluates with dwf_eval_lean (the SM
 * model's lean cycles).  The update registers' TIDs are latched per lane
 * (ur_lt) and not into the ur_tids bus, and the pool's edge writes them
 * from there; so the next state but those bits, ur_tids and ur_lt's lanes
 * outside the registers' masks is dwf_step's (tests/test_dwf.c compares
 * them every cycle, and a run stepped lean alone), and a state stepped so
 * is not to be checked (dwf_check) or evaluated by dwf_eval afterwards. */
void dwf_step_lean(const dwf_cfg *cfg, dwf_state *s, const dwf_in *in, const dwf_out *out);
const char *dwf_check(const dwf_cfg *cfg, const dwf_state *s);

void dwf_ports(const dwf_cfg *cfg, const dwf_in *in, const dwf_out *out,
               port_visit_fn visit, void *ctx);
/* Ports, then a `state` scope (registers, used, live count), then scopes
 * `lut` and `pool` with each unit's own trace (its ports as wired, state). */
void dwf_trace(struct vcd_writer *w, const dwf_cfg *cfg, const dwf_state *s,
               const dwf_in *in, const dwf_out *out);

const char *dwf_err_name(unsigned code);

#ifdef __cplusplus
}
#endif

#endif /* DWF_H */
