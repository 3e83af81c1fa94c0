/* SPDX-License-Identifier: Apache-2.0 */
/*
 * warp_pool.h -- dynamic warp formation: the warp pool, the warp allocator's
 * free list and the issue logic (DMaj, DMin, DTime, DPC, DPdPri).
 *
 * Hardware (paper 000 sec. 4.1-4.3, Fig. 11(c)-(d), Table 1; SPEC 3.4):
 *   - warp pool: one entry per thread of the core; entry {valid, PC, a TID
 *     per lane with a lane-valid bit, scheduler data, untracked bit}.  The
 *     per-lane row decoders of Table 1 ("17 decoders") let every lane write
 *     its TID into the row of its own destination group in one cycle.
 *   - warp allocator: a circular free list (FIFO) of pool indices.  It
 *     hands out its two head entries (free_idx0, free_idx1); a warp that
 *     issues is pushed at its tail at the clock edge.
 *   - issue logic: one warp per cycle (iss_req), chosen by POLICY from the
 *     registered state only; the issued entry returns to the free list at
 *     the edge.  DMaj/DMin use the PC/count table (below).
 *   - in-pool vector: one bit per thread (THREADS = 2^TID_W), set while the
 *     thread's TID is in the pool.  Not in the paper: it is what lets the
 *     pool reject a TID that is already in the pool with one bit read per
 *     lane instead of a search of the whole pool (THREADS bits, 256 at the
 *     defaults).  Invariant: bit set <=> the TID is in exactly one warp.
 * Twin: verilog/warp_pool.v (same parameters, ports and behaviour, cycle for
 * cycle).  The PC-warp LUT is rtl_c/pc_warp_lut (another unit); the port
 * contract between the two is in rtl_c/dwf.h (Wiring) and docs/dwf.md.
 *
 * Configurations (cfg field = Verilog parameter):
 *
 *   | field       | param   | default | range                         |
 *   |-------------|---------|---------|-------------------------------|
 *   | lanes       | LANES   | 16      | 2,4,8,16,32 (power of two)    |
 *   | entries     | POOL    | 256     | 2..2048, power of two         |
 *   | tid_bits    | TID_W   | 8       | log2(LANES)..11; THREADS=2^TID_W |
 *   | pc_bits     | PC_W    | 32      | 2..64                         |
 *   | sched_bits  | SCHED_W | 8       | 1..16 (DTime: >= log2(POOL))  |
 *   | policy      | POLICY  | 0 DMaj  | 0 DMaj 1 DMin 2 DTime 3 DPC 4 DPdPri |
 *   | swizzle     | SWIZZLE | 1       | 0, 1                          |
 *   | maj_entries | MAJ     | 32      | 2..32 (DMaj/DMin table)       |
 *
 *   Derived: IDX_W = clog2(POOL) (pool index), FREE_W = clog2(POOL+1)
 *   (free_cnt), CNT_W = TID_W (table count, stored minus one), MAJ_W =
 *   clog2(MAJ).  Default POOL = THREADS = 256: "enough entries for each
 *   thread in a shader processor core to have its own entry" (000 4.2).
 *
 * Bit counts (warp_pool_bits; the area estimator's source of truth):
 *   pool entry = LANES*TID_W + PC_W + SCHED_W = 168, x POOL = 43008 (000
 *   Table 1); allocator POOL*IDX_W = 2048 (Table 1); majority table
 *   MAJ*(PC_W+CNT_W) = 1280 (Table 1; 0 for DTime/DPC/DPdPri, which have no
 *   table).  Not in Table 1 and reported separately: per pool entry a valid,
 *   an untracked and LANES lane-valid bits (18 x 256); DMaj/DMin: per table
 *   slot a valid bit and per pool entry a batch mark (majority_ctrl = MAJ +
 *   POOL); the in-pool vector (THREADS); counters (free-list head and
 *   count, DTime stamp; DMaj/DMin: untracked count, lslot, turn).
 *
 * Home lanes (000 4.1; warp_pool_home_lane): lane = tid mod LANES, and with
 * SWIZZLE the even/odd lanes are swapped (lane ^ 1) when the static warp
 * number tid / LANES is odd.  A TID written in another lane is illegal.
 *
 * Wide buses.  wr_tids and iss_tids are LANES*TID_W bits (128 at the
 * defaults; lane l's TID at bits [l*TID_W +: TID_W]).  In C they are arrays
 * of uint64_t words, LSB word first, and warp_pool_ports visits them as
 * 64-bit words named wr_tids_w0, wr_tids_w1, ... (the last word holds the
 * remaining bits); the Verilog port is one bus (Verilator: a VlWide array of
 * 32-bit words).
 *
 * TIMING.  Every output is combinational from the registered state and this
 * cycle's inputs; the state changes at the rising edge of clk.  free_cnt,
 * free_idx0/1 and the issue choice (iss_idx, iss_pc, iss_mask, iss_tids,
 * iss_src) depend on the registered state only: no bypass from this cycle's
 * writes, so a warp created or filled this cycle can issue next cycle at the
 * earliest, and an entry freed by this cycle's issue is offered from the
 * next cycle on.  iss_valid = iss_req && a warp is chosen && !err, so err
 * (which depends on the write inputs) gates it.  Reset (synchronous, active
 * high): empty pool, free list 0,1,..,POOL-1, empty table.
 *
 * Write side: one committing warp per cycle, up to 4 destination groups g
 * (contract order: lk0 join, lk0 new, lk1 join, lk1 new), each gN_valid,
 * gN_new, gN_idx, gN_pc, gN_mask (lanes of wr_tids for this warp), gN_prio
 * (the DPdPri priority, below).  g0 and g2 are joins (gN_new = 0) and g1
 * and g3 new warps (gN_new = 1), as the contract orders them; the other
 * kind is illegal (GROUP_KIND): this keeps the pool at two join read ports
 * and two allocations per cycle (000 Table 1: "1 RWP, 2 WP").  A join ORs
 * its lanes into warp gN_idx; a new group starts warp gN_idx, which must be
 * the allocator's next entry in group order (the first new group takes
 * free_idx0, the second free_idx1).  Groups 0,1 carry one PC (lk0's) and groups 2,3 one PC (lk1's):
 * two valid groups of a pair with different PCs are illegal.  A valid join
 * with mask 0 is legal and writes nothing (the dwf should not send one).
 *
 * Back-pressure.  When the valid new groups outnumber free_cnt, ready = 0
 * and NO write happens (the committing warp is held, never dropped); the
 * issue side still works that cycle (a full pool drains by issuing, so this
 * cannot deadlock).  With POOL = THREADS a legal stream never sees ready =
 * 0: every pool warp holds a thread, so free entries >= threads outside the
 * pool >= new groups.  It shows with POOL < THREADS (tests/test_warp_pool).
 *
 * Hold.  hold = 1 freezes the pool for the cycle: ready = 0, iss_valid = 0,
 * and no state changes at all.  err and the state-only outputs (cand_*, free_*) are still given.  The dwf
 * drives it with its own err, so an illegal commit leaves the whole
 * composition exactly as it was.
 *
 * Illegal input: err = 1, err_code below, iss_valid = 0, ready = 1, and no
 * state change at all (no write, no issue).  First match wins:
 *   ISS_EMPTY    iss_req with an empty pool
 *   GROUP_KIND   a valid g0/g2 with gN_new = 1, or a valid g1/g3 with gN_new = 0
 *   OVERLAP      two valid groups' masks overlap
 *   PAIR_PC      g0,g1 (or g2,g3) both valid with different PCs
 *   NEW_EMPTY    a valid new group with mask 0
 *   HOME_LANE    a written TID (a lane of a valid group) not at its home lane
 *   TID_IN_POOL  a written TID already in the pool
 *   JOIN_INVALID a join into an entry that is not a valid warp
 *   JOIN_ISSUING a join into the warp chosen for issue this cycle
 *   JOIN_PC      a join whose gN_pc differs from the warp's PC
 *   LANE_OCC     a join onto a lane the warp already holds
 *   (then back-pressure, ready = 0, is decided; then)
 *   NEW_IDX      a new group not at the allocator's next index in order
 *   (JOIN_* checks run for g0, then g2, each in the order listed.)
 *
 * Issue policies (000 sec. 4.3; POLICY is a parameter, one selector is
 * built).  A warp is issued only when iss_req; the choice is registered
 * state only.
 *   DTime  the oldest warp: sched data holds an allocation stamp (a counter
 *          of allocations, SCHED_W bits); age = stamp_q - 1 - sched mod
 *          2^SCHED_W; the warp of largest age issues.  Exact, because the
 *          oldest warp always issues first, so live stamps span fewer than
 *          POOL <= 2^SCHED_W allocations.
 *   DPC    the smallest PC (ties: lowest pool index).
 *   DPdPri sched data = gN_prio of the group that created the warp (joins
 *          keep it): the number of immediate post-dominators the threads
 *          have gone past (their reconvergence depth as the compiler counts
 *          it).  The smallest value issues first (000: "priority set lower
 *          for warps that have gone beyond more post-dominators"); ties:
 *          lowest index.
 *   DMaj / DMin: the PC/count table ("majority table", 000 4.3), MAJ slots
 *          {valid, PC, count-1 (CNT_W bits)}.  Every accepted group adds its
 *          thread count to the slot of its PC (allocating a free slot on a
 *          miss: the free slot nearest the bottom, the second new PC of the
 *          cycle the next one up); an issue subtracts the issued warp's
 *          thread count; a slot whose count reaches 0 becomes free.  Slots
 *          never move.  The table's pick is by the counts themselves: a
 *          compare tree over the valid slots (MAJ-1 comparators, depth
 *          log2(MAJ)) gives DMaj the largest count and DMin the smallest,
 *          ties to the lowest slot, so a pick is the true majority
 *          (minority) PC of the tracked warps, in the very cycle after a
 *          count changes (warp_pool_table_pick).
 *   Batches.  Each pool entry has a batch mark bit mk.  The choice, first
 *          match (registered state only):
 *          1. a batch in progress (some warp marked): its lowest-index
 *             marked warp (iss_src LOCK when tracked, UNTRACKED when not);
 *          2. untracked threads exist (untr_cnt != 0) and (turn = 0 or the
 *             table is empty): a DRAIN batch begins: the lowest untracked
 *             warp issues and every other untracked warp is marked; turn := 1;
 *          3. the table is not empty: PICK: the lowest warp at the picked
 *             PC issues; DMaj marks every other warp at that PC (the LOCK:
 *             "issuing all warps at this PC before choosing a new PC", 000
 *             4.3); turn := 0, lslot := the picked slot.
 *          Marks are set at the edge of the issue that begins the batch,
 *          from the registered state: a warp that arrives at the locked PC,
 *          or becomes untracked, during a batch is not in it (it waits for
 *          the next pick or drain).  A LOCK issue subtracts from slot lslot.
 *          DMin has no lock (000 gives it none): every DMin table issue is
 *          a fresh pick; issuing the least frequent PC's warp keeps it the
 *          least frequent, so its warps still tend to go together.
 *   Fallback when the table overflows (more PCs in flight than MAJ): a
 *          group whose PC misses with no free slot, or that misses while
 *          untracked threads exist (untr_cnt != 0), is untracked: its
 *          warp's untracked bit is set and untr_cnt counts its threads.
 *          While untr_cnt != 0 no new PC is allocated, so a PC never has
 *          tracked and untracked threads at once: every table count is
 *          exact.  Untracked warps leave in drain batches ("draining the
 *          threads from the majority logic", 000 4.3), alternating with
 *          table picks (turn), so neither side starves the other.  ovf
 *          output = untr_cnt != 0.
 *   Wait bounds, in issues (cycles in which the pool issues a warp), E =
 *          POOL; a batch holds at most E-1 warps besides any given one:
 *          - an untracked warp issues within 3E-2 issues of its creation:
 *            at most the rest of the running batch (E-1), one pick with its
 *            lock (E-1), then the drain that holds it (E-1 before it); 766
 *            at the defaults;
 *          - while tracked warps exist the table picks at least once every
 *            2E issues: between two picks at most the lock's E-1 and one
 *            drain's E;
 *          - DTime: a warp issues within E issues (oldest first);
 *          - a tracked warp's own wait under DMaj/DMin/DPC/DPdPri is the
 *            policy's: a PC that never becomes the majority waits as long
 *            as that holds.  000 sec. 6 reports exactly this starvation of
 *            minority threads under DMaj (Black Scholes); we keep the
 *            policies as the paper defines them.
 *          Both co-simulations check the first three every cycle and report
 *          the longest waits seen (coverage wait_max, untr_wait_max,
 *          pick_gap_max).
 *
 * cand_valid / cand_idx: the issue choice itself, from the registered state
 * only: not gated by iss_req nor by err (iss_valid = iss_req && cand_valid
 * && !err, iss_idx = cand_idx when iss_valid).  err depends on the write
 * groups, so a unit that feeds the issue forward into what drives the groups
 * (the dwf: issue -> LUT invalidation -> groups) must use these, or it has
 * a combinational loop through err.
 *
 * iss_src: 0 none, 1 LOCK (a DMaj locked batch), 2 PICK (a table pick,
 * also every DTime/DPC/DPdPri issue), 3 UNTRACKED (a drain batch).
 *
 * Invariants (warp_pool_check): every valid warp has a lane; each of its
 * lanes holds a TID whose home lane it is and whose in-pool bit is set;
 * every TID with the bit set is in exactly one (warp, lane); the free list's
 * free_cnt entries are distinct invalid entries and free_cnt + valid warps
 * = POOL; DMaj/DMin: table PCs distinct, each slot's count = threads in the
 * pool at its PC, every tracked warp's PC in the table, no untracked warp's
 * PC in the table, untr_cnt = threads in untracked warps, marks only on
 * valid warps and all of one kind (all untracked, or all DMaj-locked at
 * slot lslot's PC), mk_cnt (a C-only count of the marks, so the model need
 * not scan the pool for a batch) = the marks; DTime: stamps of valid warps
 * distinct.  Widths masked everywhere.
 *
 * Departures from the paper (and SPEC 3.4): the in-pool vector and the
 * untracked bit (not in Fig. 11); count stored minus one so 8 bits cover
 * 256 threads; the untracked fallback with batches and the bounds above
 * (the paper never needed one); the table is not kept sorted by neighbour
 * swaps (000 4.3, SPEC 3.4): a swap-sorted table's top slot is the
 * majority only some cycles after a change (issue 11 item 6 measured the
 * top slot holding the largest count in about a third of cycles), so the
 * pick reads the counts through a compare tree instead -- same table, no
 * swap network, exact every cycle; the DMaj lock covers the warps at the
 * PC when it was picked (per-entry marks), not later arrivals, which
 * bounds it; DMin has no lock; lane-valid bits per entry (Table 1 counts
 * TIDs only); fixed group kinds (g0/g2 joins, g1/g3 new warps) and the
 * group-pair PC rule; a held write does not hold the issue; the issue
 * choice within a PC (lowest pool index) and the tie-breaks are ours.
 *
 * Co-simulation: tb/warp_pool_cosim.cpp (DMaj build); the other policies
 * are separate Verilator builds, tools/warp_pool_policies.sh.
 *
 * Cost per cycle (issue 17; perf on `cosim_warp_pool --bench`, defaults,
 * DMaj): one decision per cycle -- warp_pool_eval decides, warp_pool_step
 * applies out->dec.  About 55% of the model's time is the write checks of
 * warp_pool_eval_inputs (the committing warp's TIDs read lane by lane for
 * HOME_LANE and TID_IN_POOL, the group checks, port truncation), 25% the
 * issue choice (the 32-slot compare, then the scan for the lowest warp at
 * the picked PC, which stops at the first match but may walk the pool),
 * 20% the clock edge, which touches only the written and issued entries,
 * the (at most 3) table slots they name, and the pool-wide mark loop only
 * in the cycle a batch begins.  C/RTL: 30-43x on this machine (13-20x
 * before).  Issue 24 (build/simt --mech dwf, callgrind): the pool-wide
 * searches -- the batch's lowest marked warp, the drain's lowest untracked
 * warp, the lowest warp at the picked PC, the marks a batch sets, the
 * table's valid slots -- walk C-only bitsets of the tracked, untracked and
 * marked warps and of the valid slots (bits_ffs over the set bits)
 * instead of every entry, and the input truncation takes each width's mask
 * once: warp_pool_eval 3,850 -> 2,080 and warp_pool_step 1,490 -> 850
 * instructions per warp-instruction of the SM model (16 generated kernels,
 * POOL = 128; together with dwf's idle cycles, which skip the pool in
 * about 30% of the cycles: docs/bench.md "dwf").  A cycle with no valid
 * group (an issue alone) skips the group checks, none of which can fire
 * without one.  The edge's write reads the groups' fields through the
 * ports' masks directly, not through a second copy of the port view.
 * The write checks (HOME_LANE, TID_IN_POOL), the in-pool clear and
 * the edge's TID writes visit the set lanes of their masks (bits_ffs), not
 * every lane up to the highest, and the group checks read the valid and
 * new groups as two 4-bit masks (OVERLAP: each valid group's lanes against
 * the union of the lower ones, one pass instead of the six pairs; docs/
 * bench.md, "dwf, fourth pass").  HOME_LANE and TID_IN_POOL read each
 * written lane's TID once, in one pass, and the port view does not copy
 * wr_tids: the written lanes' fields lie below LANES x TID_W bits, where
 * the raw bus equals the view (docs/bench.md, "dwf, seventh pass").
 *
 * Worked example (000 Fig. 9, 4 lanes, swizzle off, threads 0..7):
 *   W0 commits: lanes 0,1 -> A (new at free_idx0 = 0), lanes 2,3 -> B (new
 *   at free_idx1 = 1).  W1 commits: lanes 0,1 (tids 4,5) join B (entry 1),
 *   lanes 2,3 (tids 6,7) join A (entry 0).  Pool: entry 0 {A: 0,1,6,7}
 *   entry 1 {B: 4,5,2,3}, both full; two issues of 4 threads instead of
 *   four of 2.
 */
#ifndef WARP_POOL_H
#define WARP_POOL_H

#include <stdint.h>

#include "bits.h"
#include "port.h"

#ifdef __cplusplus
extern "C" {
#endif

struct vcd_writer;

#define WARP_POOL_MAX_LANES 32
/* 2048 threads (TID_W 11) hold every paper's core: 000 256, 002 and 004
 * 1024, 001 and 003 1536 (issue 24; docs/cosim.md "Paper configurations") */
#define WARP_POOL_MAX_ENTRIES 2048
#define WARP_POOL_MAX_TID_BITS 11
#define WARP_POOL_MAX_THREADS (1u << WARP_POOL_MAX_TID_BITS)
#define WARP_POOL_MAX_MAJ 32
#define WARP_POOL_GROUPS 4
/* 64-bit words of a LANES*TID_W bus: 32*11 = 352 bits */
#define WARP_POOL_MAX_WORDS 6

enum warp_pool_policy {
    WP_POL_DMAJ = 0,
    WP_POL_DMIN = 1,
    WP_POL_DTIME = 2,
    WP_POL_DPC = 3,
    WP_POL_DPDPRI = 4
};

enum warp_pool_err {
    WP_ERR_NONE = 0,
    WP_ERR_ISS_EMPTY = 1,
    WP_ERR_OVERLAP = 2,
    WP_ERR_PAIR_PC = 3,
    WP_ERR_NEW_EMPTY = 4,
    WP_ERR_HOME_LANE = 5,
    WP_ERR_TID_IN_POOL = 6,
    WP_ERR_JOIN_INVALID = 7,
    WP_ERR_JOIN_ISSUING = 8,
    WP_ERR_JOIN_PC = 9,
    WP_ERR_LANE_OCC = 10,
    WP_ERR_NEW_IDX = 11,
    WP_ERR_GROUP_KIND = 12
};

/* how the issue of this cycle starts a batch (warp_pool_dec.start) */
enum warp_pool_start {
    WP_START_NONE = 0,
    WP_START_DRAIN = 1,   /* marks every other untracked warp */
    WP_START_LOCK = 2     /* DMaj pick: marks every other warp of the PC */
};

enum warp_pool_src {
    WP_SRC_NONE = 0,
    WP_SRC_LOCK = 1,
    WP_SRC_PICK = 2,
    WP_SRC_UNTRACKED = 3
};

typedef struct {
    unsigned lanes;
    unsigned entries;
    unsigned tid_bits;
    unsigned pc_bits;
    unsigned sched_bits;
    unsigned policy;
    unsigned swizzle;
    unsigned maj_entries;
} warp_pool_cfg;

typedef struct {
    /* pool */
    uint8_t valid[WARP_POOL_MAX_ENTRIES];
    uint8_t untr[WARP_POOL_MAX_ENTRIES];     /* PC not tracked by the table */
    uint64_t pc[WARP_POOL_MAX_ENTRIES];
    uint64_t lv[WARP_POOL_MAX_ENTRIES];      /* lane-valid bits */
    uint16_t sched[WARP_POOL_MAX_ENTRIES];   /* DTime stamp / DPdPri prio */
    uint16_t tid[WARP_POOL_MAX_ENTRIES][WARP_POOL_MAX_LANES];
    uint8_t in_pool[WARP_POOL_MAX_THREADS];
    /* allocator: circular free list */
    uint16_t fifo[WARP_POOL_MAX_ENTRIES];
    uint16_t head;
    uint16_t fcnt;                           /* = free_cnt */
    /* DTime */
    uint16_t stamp;                          /* next allocation stamp */
    /* DMaj / DMin table (unordered: the choice is by the counts) */
    uint8_t tv[WARP_POOL_MAX_MAJ];
    uint64_t tpc[WARP_POOL_MAX_MAJ];
    uint16_t tcm1[WARP_POOL_MAX_MAJ];        /* thread count - 1 */
    uint16_t untr_cnt;                       /* threads in untracked warps */
    /* issue batches (DMaj lock, overflow drain) */
    uint8_t mk[WARP_POOL_MAX_ENTRIES];       /* warp is in the current batch */
    uint8_t turn;                            /* the last batch begun was a drain */
    uint8_t lslot;                           /* table slot of the last pick */
    uint16_t mk_cnt;                         /* C only: number of mk bits set */
    /* C only, not registers: valid, untr, mk and tv again as bitsets (bit i
     * of word i / 64), so the pool-wide searches (the batch's lowest warp,
     * the warps at a PC, the marks a batch sets, the table's valid slots)
     * visit the set bits only instead of every entry.  Written by reset and
     * step beside the arrays; warp_pool_check asserts they agree. */
    uint64_t trk_bits[WARP_POOL_MAX_ENTRIES / 64];  /* valid && !untr */
    uint64_t untr_bits[WARP_POOL_MAX_ENTRIES / 64]; /* valid && untr */
    uint64_t mk_bits[WARP_POOL_MAX_ENTRIES / 64];   /* mk */
    uint64_t tv_bits;                                /* tv */
} warp_pool_state;

typedef struct {
    uint64_t hold;                           /* 1: freeze (see header) */
    uint64_t iss_req;
    uint64_t wr_tids[WARP_POOL_MAX_WORDS];   /* LANES*TID_W bits */
    uint64_t g_valid[WARP_POOL_GROUPS];
    uint64_t g_new[WARP_POOL_GROUPS];
    uint64_t g_idx[WARP_POOL_GROUPS];        /* IDX_W */
    uint64_t g_pc[WARP_POOL_GROUPS];         /* PC_W */
    uint64_t g_mask[WARP_POOL_GROUPS];       /* LANES */
    uint64_t g_prio[WARP_POOL_GROUPS];       /* SCHED_W */
} warp_pool_in;

/* The cycle's decision: computed once by warp_pool_eval, applied by
 * warp_pool_step (not ports; warp_pool_ports does not visit it). */
typedef struct {
    uint8_t src;          /* enum warp_pool_src of the candidate (NONE: none) */
    uint8_t start;        /* enum warp_pool_start */
    uint8_t iss;          /* the candidate issues this cycle */
    uint8_t err_code;
    uint8_t ready;
    uint8_t accept;       /* the groups are written */
    uint8_t active;       /* the state moves at all */
    uint8_t nnew;         /* valid new groups */
    uint8_t n_iss;        /* threads of the issued warp */
    uint16_t cand;        /* candidate pool index */
    int8_t sel_slot;      /* table slot the issue subtracts from, -1 none */
    uint8_t act[2];       /* pair p adds n[p] threads at pc[p] */
    uint8_t n[2];
    int8_t slot[2];       /* its slot (hit or allocated), -1 untracked */
    uint8_t alloc[2];
    uint8_t untr[2];
    uint8_t pair_of[WARP_POOL_GROUPS];
    uint64_t pc[2];
} warp_pool_dec;

typedef struct {
    uint64_t ready;
    uint64_t err;
    uint64_t err_code;                       /* 4 bits */
    uint64_t free_cnt;                       /* FREE_W */
    uint64_t free_idx0;                      /* IDX_W */
    uint64_t free_idx1;
    uint64_t ovf;                            /* untracked threads exist */
    uint64_t iss_valid;
    uint64_t iss_src;                        /* 2 bits */
    uint64_t iss_idx;
    uint64_t iss_pc;
    uint64_t iss_mask;
    uint64_t iss_tids[WARP_POOL_MAX_WORDS];
    uint64_t cand_valid;                     /* a warp is chosen (state only) */
    uint64_t cand_idx;                       /* IDX_W: its index (0 if none) */
    warp_pool_dec dec;                       /* not a port: for warp_pool_step */
} warp_pool_out;

/* Bit counts derived from the cfg (see the header comment). */
typedef struct {
    unsigned pool_entry;   /* LANES*TID_W + PC_W + SCHED_W (Table 1: 168) */
    unsigned pool;         /* pool_entry * POOL (43008) */
    unsigned allocator;    /* POOL * IDX_W (2048) */
    unsigned majority;     /* MAJ * (PC_W + CNT_W) (1280), 0 without a table */
    unsigned pool_ctrl;    /* POOL * (LANES + 2): lane-valid, valid, untracked */
    unsigned majority_ctrl;/* MAJ + POOL: slot valid bits, batch marks */
    unsigned in_pool;      /* THREADS */
    unsigned counters;     /* head, free count, stamp, untr_cnt, lslot, turn */
} warp_pool_bitcount;

/* The parameter table and its glue (PARAM_DECLS in port.h): defaults,
 * ranges, Verilog names; its cfg_check gives NULL or one line naming the
 * field and its range. */
PARAM_DECLS(warp_pool)

unsigned warp_pool_idx_w(const warp_pool_cfg *cfg);
unsigned warp_pool_free_w(const warp_pool_cfg *cfg);
unsigned warp_pool_threads(const warp_pool_cfg *cfg);
unsigned warp_pool_words(const warp_pool_cfg *cfg); /* 64-bit words of wr_tids */
warp_pool_bitcount warp_pool_bits(const warp_pool_cfg *cfg);

/* The home lane of a thread (000 sec. 4.1, with thread swizzling). */
static inline unsigned warp_pool_home_lane(unsigned tid, unsigned lanes, unsigned swizzle)
{
    unsigned lane = tid & (lanes - 1u);
    unsigned odd = (tid / lanes) & 1u;
    return (swizzle && odd) ? (lane ^ 1u) : lane;
}

/* Lane l's TID field of a wide bus (words, LSB first).  Inline: the dwf
 * and the SM model read and write a warp's TIDs lane by lane every cycle. */
static inline unsigned warp_pool_get_tid(const uint64_t *words, unsigned lane, unsigned tid_bits)
{
    unsigned lsb = lane * tid_bits, w = lsb / 64u, o = lsb % 64u;
    uint64_t v = words[w] >> o;
    if (o + tid_bits > 64u)
        v |= words[w + 1u] << (64u - o);
    return (unsigned)bits_trunc(v, tid_bits);
}

static inline void warp_pool_put_tid(uint64_t *words, unsigned lane, unsigned tid_bits,
                                     unsigned tid)
{
    unsigned lsb = lane * tid_bits, w = lsb / 64u, o = lsb % 64u;
    uint64_t t = bits_trunc(tid, tid_bits);
    words[w] = bits_insert(words[w], o, tid_bits, t);
    if (o + tid_bits > 64u) {
        unsigned lo = 64u - o;
        words[w + 1u] = bits_insert(words[w + 1u], 0, tid_bits - lo, t >> lo);
    }
}

/* warp_pool_put_tid into a field that is 0 (a bus cleared first): the
 * TID ORed in, no read-modify-write of the field. */
static inline void warp_pool_or_tid(uint64_t *words, unsigned lane, unsigned tid_bits,
                                    unsigned tid)
{
    const unsigned lsb = lane * tid_bits, w = lsb / 64u, o = lsb % 64u;
    const uint64_t t = bits_trunc(tid, tid_bits);
    words[w] |= t << o;
    if (o + tid_bits > 64u)
        words[w + 1u] |= t >> (64u - o);
}

void warp_pool_reset(const warp_pool_cfg *cfg, warp_pool_state *s);
/* warp_pool_reset of a state that is all zero bytes already (calloc): the
 * free list and its count only, without clearing 180 KB again (the SM
 * model allocates a pool per run; tests/test_warp_pool.c checks the two
 * give the same bytes). */
void warp_pool_reset_zeroed(const warp_pool_cfg *cfg, warp_pool_state *s);
/* The state back to all zero bytes after a run with cfg since it was all
 * zero bytes (C only, no behaviour of its own): the bytes such a run can
 * have written are those below cfg's ENTRIES (per entry and the free
 * list), its 2^TID_W threads (in_pool) and the small fields, so only
 * those are cleared (the SM model keeps a run's state for the next one:
 * about half of the 180 KB at 001; tests/test_dwf.c checks every byte is
 * 0 after random runs at its design points). */
void warp_pool_clear_used(const warp_pool_cfg *cfg, warp_pool_state *s);
void warp_pool_eval(const warp_pool_cfg *cfg, const warp_pool_state *s,
                    const warp_pool_in *in, warp_pool_out *out);
/* warp_pool_eval in two halves, for a user that feeds the state-only
 * outputs forward (the dwf): _state fills free_cnt, free_idx0/1, ovf,
 * cand_valid, cand_idx and the issue choice in out->dec from the state
 * alone; _inputs, given that out for the same state, fills the rest. */
void warp_pool_eval_state(const warp_pool_cfg *cfg, const warp_pool_state *s, warp_pool_out *out);
void warp_pool_eval_inputs(const warp_pool_cfg *cfg, const warp_pool_state *s,
                           const warp_pool_in *in, warp_pool_out *out);
/* warp_pool_eval_inputs for a user that guarantees its written TIDs are
 * legal (C only, no behaviour of its own; the SM model with its checks
 * off, docs/bench.md "dwf, eighth pass"): the written lanes' TIDs are not
 * read (no HOME_LANE or TID_IN_POOL check) and iss_tids is 0 (the user
 * reads the issued entry's TIDs itself).  On an input where
 * warp_pool_eval_inputs raises neither of those two errors, every other
 * output and the decision (out->dec) are its; on one where it does, the
 * answer is not defined.  tests/test_warp_pool.c compares the two. */
void warp_pool_eval_inputs_lean(const warp_pool_cfg *cfg, const warp_pool_state *s,
                                const warp_pool_in *in, warp_pool_out *out);
/* warp_pool_eval_inputs_lean for a user that also guarantees its groups
 * are legal and every input within its port width (C only, no behaviour
 * of its own; the dwf's wiring, whose groups the PC-warp LUT forms: dwf.h,
 * dwf_check): no port view is taken and of the illegal-input checks only
 * ISS_EMPTY is made.  On an input within its widths where
 * warp_pool_eval_inputs raises no err but ISS_EMPTY, every output but
 * iss_tids (0) and the decision are its; elsewhere not defined.
 * tests/test_warp_pool.c compares the two every such cycle. */
void warp_pool_eval_inputs_legal(const warp_pool_cfg *cfg, const warp_pool_state *s,
                                 const warp_pool_in *in, warp_pool_out *out);
/* Pool entry x's TIDs as the issue port gives them (iss_tids: lane l's
 * TID at [l*TID_W +: TID_W] for the lanes of its lane-valid bits, 0
 * elsewhere). */
void warp_pool_entry_tids(const warp_pool_cfg *cfg, const warp_pool_state *s, unsigned x,
                          uint64_t *words);
/* The clock edge.  Contract: `out` is what warp_pool_eval returned for this
 * state and these inputs in this cycle; step applies the decision it
 * carries (out->dec) and does not recompute it. */
void warp_pool_step(const warp_pool_cfg *cfg, warp_pool_state *s, const warp_pool_in *in,
                    const warp_pool_out *out);
/* warp_pool_step without the in_pool bits (C only, no behaviour of its
 * own), which only the TID_IN_POOL check (not looked for by
 * warp_pool_eval_inputs_lean), warp_pool_check and the trace read: for a
 * user with its checks off and no trace (the SM model's lean cycles).  The
 * next state but in_pool is warp_pool_step's (tests/test_warp_pool.c
 * compares them every cycle); a state stepped so is not to be checked or
 * evaluated by warp_pool_eval_inputs afterwards. */
void warp_pool_step_lean(const warp_pool_cfg *cfg, warp_pool_state *s, const warp_pool_in *in,
                         const warp_pool_out *out);
/* warp_pool_step_lean with the written TIDs given per lane (C only, no
 * behaviour of its own): lt[l] (WARP_POOL_MAX_LANES entries) is lane l's
 * TID for every lane a valid group writes, and wr_tids is not read (the
 * dwf's lean edge: its update registers keep the TIDs per lane).  The next
 * state is warp_pool_step_lean's with wr_tids' fields lt
 * (tests/test_warp_pool.c compares them every cycle). */
void warp_pool_step_lean_lt(const warp_pool_cfg *cfg, warp_pool_state *s, const warp_pool_in *in,
                            const warp_pool_out *out, const uint16_t *lt);
/* DMaj/DMin: the slot the table would pick now (largest / smallest count,
 * ties to the lowest slot), -1 if the table is empty. */
int warp_pool_table_pick(const warp_pool_cfg *cfg, const warp_pool_state *s);
/* NULL when every invariant above holds, else one line naming the first
 * that does not.  warp_pool_check_full is the invariants as written, one
 * entry, lane and thread at a time; warp_pool_check gives the same answer
 * (C only, no behaviour of its own): a screen reads the state word-wise
 * and with no branch per entry, and on any doubt hands the state to the
 * full check, which names the violation; so the two differ in cost only
 * (tests/test_warp_pool.c compares them on random runs and on every
 * single-field corruption of their states; docs/bench.md, "The invariant
 * checks' cost": the check ran every cycle of build/simt --mech dwf under
 * --check and cost as much as the rest of the run). */
const char *warp_pool_check(const warp_pool_cfg *cfg, const warp_pool_state *s);
const char *warp_pool_check_full(const warp_pool_cfg *cfg, const warp_pool_state *s);

void warp_pool_ports(const warp_pool_cfg *cfg, const warp_pool_in *in,
                     const warp_pool_out *out, port_visit_fn visit, void *ctx);
/* Ports, then a `state` scope: occupancy, free-list head, untr_cnt, the
 * table slots (pc, count, valid, cur) and the first 8 pool entries. */
void warp_pool_trace(struct vcd_writer *w, const warp_pool_cfg *cfg,
                     const warp_pool_state *s, const warp_pool_in *in,
                     const warp_pool_out *out);

const char *warp_pool_err_name(unsigned code);
const char *warp_pool_src_name(unsigned src);
const char *warp_pool_policy_name(unsigned policy);
/* "dmaj", "DMaj", "0", ... -> policy; -1 if unknown */
int warp_pool_policy_parse(const char *s);

#ifdef __cplusplus
}
#endif

#endif /* WARP_POOL_H */
