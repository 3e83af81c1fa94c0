/* SPDX-License-Identifier: Apache-2.0 */
/*
 * pc_warp_lut.h -- the PC-warp lookup table of dynamic warp formation (DWF).
 *
 * Hardware: a small 2-way set-associative table that maps the next PC of
 * committing threads to the warp being formed for that PC in the warp pool.
 * Entry {valid, PC, OCC (lanes already taken in that warp), IDX (its warp
 * pool index)}, one LRU bit per set.  Two lookups per cycle, the taken and
 * the not-taken PC of the committing warp (lk0, lk1), each with REQ = the
 * lanes (home lanes) of the threads going to that PC.  Paper: 000 sec. 4.1
 * (lane-aware formation), sec. 4.2 / Fig. 11(b) (the LUT, OCC vs REQ), Table
 * 1 (32 entries x {PC 32, OCC 16, IDX 8} = 1792 bits, 2-way set-assoc., 2 RP
 * 2 WP); SPEC 3.4; the port contract is rtl_c/dwf.h's Wiring (the
 * warp_pool on the other side).  The Verilog twin is verilog/pc_warp_lut.v:
 * same parameters, same ports, same behaviour, cycle for cycle.
 *
 * Configurations (cfg field = Verilog parameter):
 *
 *   | field   | param   | default | range              | meaning               |
 *   |---------|---------|---------|--------------------|-----------------------|
 *   | entries | ENTRIES | 32      | 4..128, power of 2 | LUT entries           |
 *   | ways    | WAYS    | 2       | 2 only             | associativity         |
 *   | lanes   | LANES   | 16      | 1..64              | SIMD width (REQ, OCC) |
 *   | pc_bits | PC_W    | 32      | 4..64              | PC width              |
 *   | pool    | POOL    | 256     | 2..4096            | warp pool entries     |
 *
 *   Derived (do not override in Verilog): SETS = ENTRIES/2; SET_W =
 *   clog2(SETS); ENT_W = clog2(ENTRIES) (rd_entry); IDX_W = clog2(POOL)
 *   (8 at the defaults).  Entry number e = set * 2 + way.
 *
 *   Bits: pc_warp_lut_table_bits() = ENTRIES * (PC_W + LANES + IDX_W), the
 *   content the paper's Table 1 counts (1792 at the defaults);
 *   pc_warp_lut_state_bits() adds the valid bits and the LRU bits (ENTRIES +
 *   SETS: 1840 at the defaults): every register of this model.
 *
 * Hash (set index).  PCs are taken as word addresses: set = XOR-fold of
 * pc[PC_W-1:2] into SET_W bits, i.e. set bit k = XOR of pc[2 + k + SET_W*m]
 * over all m (pc_warp_lut_hash()).  At the defaults: set = pc[5:2] ^
 * pc[9:6] ^ ... ^ pc[29:26] ^ {2'b0, pc[31:30]}.  The tag is the whole PC.
 *
 * One lookup j (lkj_valid, lkj_pc, lkj_req), against the registered state:
 *   BYPASS first: an entry whose IDX equals this cycle's inv_idx (inv_valid:
 *   the pool issues that warp this cycle) already counts as invalid, so a
 *   lookup never joins a warp that is issuing; the entry is invalidated at
 *   the clock edge.  "effectively valid" below means valid and not that.
 *   hit (an effectively valid entry in set(pc) holds pc), OCC & REQ == 0:
 *       join_mask = REQ, join_idx = IDX; OCC |= REQ.
 *   hit with a lane conflict (REQ & OCC != 0): join_mask = REQ & ~OCC (may be
 *       0) to join_idx = IDX; new = 1, new_mask = REQ & OCC, new_idx = an
 *       allocated pool index; the entry's IDX := new_idx, OCC := REQ & OCC
 *       (the old warp stays in the pool, issuable, and is not filled again).
 *   miss: a way of set(pc) is allocated: the first effectively invalid way
 *       (way 0 first), else the LRU way; evict = 1 when that way was
 *       effectively valid (its warp stays in the pool, issuable, no longer
 *       filled).  new = 1, new_mask = REQ, new_idx allocated; the entry :=
 *       {valid, pc, OCC = REQ, IDX = new_idx}.
 *   LRU: the set's bit is made to point away from the way the lookup used
 *       (hit, conflict or allocation); lk1 counts as the later access.
 *
 * Two lookups in the SAME SET in one cycle (PCs differ; equal PCs are
 * illegal).  They act as if lk0 came first, except that neither may take the
 * way the other one uses:
 *   - both hit: two different ways; both updated; LRU := !way(lk1).
 *   - one hits way h, the other misses: the miss takes the other way, !h,
 *     whatever the LRU bit says (evicting it if it is effectively valid);
 *     LRU := !way(lk1).
 *   - both miss: lk0 chooses first (invalid first, else LRU), lk1 takes the
 *     other way; both may evict; LRU := !way(lk1) = way(lk0).
 *   lk0 and lk1 therefore never write the same entry.
 *
 * Allocation of pool warps.  need_cnt = number of valid lookups that need a
 * new warp (miss or conflict), 0..2.  The allocator offers alloc_avail
 * (0..2) indices, alloc_idx0 then alloc_idx1; lk0's new warp takes
 * alloc_idx0, lk1's takes the next one offered (alloc_idx0 if lk0 needs
 * none, else alloc_idx1).  need_cnt > alloc_avail: ready = 0 (push back):
 * NOTHING updates, not the lookups and not the invalidation either, and
 * every lkj_* output and inv_hit read 0 (need_cnt still shows the need).
 * A user that can see ready = 0 must hold the committing warp AND the issue
 * of that cycle (the entry of a warp that issues anyway would stay valid).
 * Note for the composed dwf: ready depends combinationally on
 * inv_valid/inv_idx (the bypass can turn a hit into a miss), so gating
 * iss_req with ready would be a combinational loop.  It is not needed: with
 * POOL = threads per core every pool warp holds >= 1 thread, so free_cnt >=
 * the threads outside the pool >= the committing warp's threads >= the
 * lookups (each has REQ != 0, disjoint) >= need_cnt, and min(free_cnt, 2)
 * always covers it; ready = 0 cannot occur there (the dwf may assert it).
 * This unit's cosim offers fewer indices to exercise the push back.
 *
 * How the LUT learns that its warp issued: inv_valid/inv_idx (the pool's
 * iss_valid/iss_idx) is compared with every entry's IDX (one comparator per
 * entry); the matching entry (at most one: IDXs are distinct) is bypassed
 * this cycle and invalidated at the edge; inv_hit = 1 says it was there.
 * A write by a lookup to that entry (a miss allocating into it) wins over
 * the invalidation.
 *
 * Timing.  All outputs are combinational from the registered state and
 * this cycle's inputs (always @*).  The table updates at the rising edge of
 * clk.  rd_entry is a debug read port (the state before this cycle's
 * update): rd_valid/rd_pc/rd_occ/rd_idx of entry rd_entry and rd_lru of its
 * set, raw (an invalid entry shows its stale fields; reset clears all).
 * Reset is synchronous, active high, and clears every entry and LRU bit.
 *
 * Illegal input (err = 1, err_code, ready = 1, every other output but
 * rd_* 0, state unchanged), in priority order:
 *   BAD_AVAIL   alloc_avail == 3
 *   SAME_PC     lk0_valid && lk1_valid && lk0_pc == lk1_pc (the warp update
 *               register merges equal PCs into one lookup)
 *   BAD_REQ     a valid lookup with REQ == 0 (it would form an empty warp)
 *   BAD_IDX     an index out of the pool: inv_valid && inv_idx >= POOL, or
 *               an offered alloc_idxN (N < alloc_avail) >= POOL (never at
 *               POOL = 2^IDX_W)
 *   IDX_IN_USE  an offered alloc index that cannot be free: it is the IDX of
 *               a valid entry (that warp is in the pool), or it equals
 *               inv_idx (inv_valid: that warp is issuing), or alloc_idx0 ==
 *               alloc_idx1 with alloc_avail == 2
 *
 * Departures from / additions to the paper: the paper leaves the hash, the
 * replacement and the same-set double lookup open (footnote 5: "a small
 * dual-ported set associative structure"); the choices are above.  The
 * valid and LRU bits are not in Table 1's count.  The debug read port,
 * need_cnt, lkj_set/lkj_way, lkj_hit/conflict/evict and inv_hit are for
 * debugging and coverage.  Only WAYS = 2 is modelled (one LRU bit per set).
 *
 * Cost per cycle (issue 17; callgrind on `cosim_pc_warp_lut --bench`,
 * defaults): pc_warp_lut_eval ~530 instructions, pc_warp_lut_step ~40,
 * against ~5,200 for the Verilated RTL (a small 32-entry table); C/RTL went
 * from ~5-7x to ~9-11x, short of 12x.  One decision per cycle: step writes
 * each lookup's entry whole as out->dec carries it (PC, OCC and IDX after
 * the edge) and reads neither the inputs nor any entry but the ones it
 * writes.  Eval's cost is now spread evenly: the two lookups (hash, both
 * ways' tag compares, way choice: ~40% with the new-warp test), their
 * twenty output ports (~25%), the illegal-input checks (~15%, computed
 * without short-circuit branches: the owner map stands for the IDX
 * comparators of every entry) and the widths and input masks.  The hash
 * is a log-step XOR fold (v ^= v >> SET_W, 2 SET_W, 4 SET_W, ... below PC_W
 * - 2: three steps at the defaults) instead of one step per chunk.  What is
 * left is about as much work as the table's interface has outputs; the
 * remaining gap to 12x is the RTL's small size.  An invalid lookup is not
 * looked up (no hash, no tag compare, no way choice): every port it drives
 * is gated by its valid and reads 0, and it writes no entry; in the dwf
 * most cycles have one lookup (a commit without divergence) or none (an
 * issue alone) (docs/bench.md, "dwf, seventh pass").
 *
 * Invariants (pc_warp_lut_check): every field within its width, LRU bits 0
 * or 1, valid in {0,1}, IDX < POOL; a valid entry has OCC != 0 and sits in
 * the set its PC hashes to; no two valid entries share a PC; no two valid
 * entries share an IDX.  (The cosim adds, with its model of the pool:
 * every valid entry points to a live, not-yet-issued pool warp with the
 * same PC whose lanes are exactly OCC.)
 *
 * Worked example (lanes = 4, masks written lane 0 first: "1100" = lanes
 * 0,1; the lane-conflict case of 000 sec. 4.2):
 *   lk0 A req 1100, offered 7:  miss          -> new 7 "1100"; A:{OCC 1100, IDX 7}
 *   lk0 A req 0010:             hit           -> join 7 "0010"; A:{1110, 7}
 *   lk0 A req 0110, offered 9:  hit, conflict -> join 7 "0000", new 9 "0110";
 *                                                A:{OCC 0110, IDX 9}
 *   lk0 A req 1001, inv 9:      bypass: miss  -> new (offered) "1001"; entry
 *                                                rewritten, no eviction
 */
#ifndef PC_WARP_LUT_H
#define PC_WARP_LUT_H

#include <stdint.h>

#include "port.h"

#ifdef __cplusplus
extern "C" {
#endif

struct vcd_writer;

#define PC_WARP_LUT_MAX_ENTRIES 128
#define PC_WARP_LUT_MAX_SETS (PC_WARP_LUT_MAX_ENTRIES / 2)
#define PC_WARP_LUT_MAX_POOL 4096

enum pc_warp_lut_err {
    PWL_ERR_NONE = 0,
    PWL_ERR_BAD_AVAIL = 1,
    PWL_ERR_SAME_PC = 2,
    PWL_ERR_BAD_REQ = 3,
    PWL_ERR_BAD_IDX = 4,
    PWL_ERR_IDX_IN_USE = 5
};

typedef struct {
    unsigned entries;
    unsigned ways;
    unsigned lanes;
    unsigned pc_bits;
    unsigned pool;
} pc_warp_lut_cfg;

typedef struct {
    uint8_t valid[PC_WARP_LUT_MAX_ENTRIES];
    uint64_t pc[PC_WARP_LUT_MAX_ENTRIES];
    uint64_t occ[PC_WARP_LUT_MAX_ENTRIES];
    uint16_t idx[PC_WARP_LUT_MAX_ENTRIES];
    uint8_t lru[PC_WARP_LUT_MAX_SETS]; /* the way a miss evicts next (0/1) */
    /* C only, not a register: owner[x] = 1 + the valid entry whose IDX is x
     * (0: none).  It stands for the per-entry IDX comparators (invalidation
     * bypass, IDX_IN_USE) with one read each; equal to them because valid
     * entries' IDXs are distinct (an invariant pc_warp_lut_check asserts,
     * with the map's consistency). */
    uint8_t owner[PC_WARP_LUT_MAX_POOL];
} pc_warp_lut_state;

typedef struct {
    uint64_t lk0_valid;   /* 1 */
    uint64_t lk0_pc;      /* PC_W */
    uint64_t lk0_req;     /* LANES */
    uint64_t lk1_valid;
    uint64_t lk1_pc;
    uint64_t lk1_req;
    uint64_t alloc_idx0;  /* IDX_W: the allocator's next free index */
    uint64_t alloc_idx1;  /* IDX_W: the one after */
    uint64_t alloc_avail; /* 2 bits: how many are offered, 0..2 */
    uint64_t inv_valid;   /* 1: the pool issues warp inv_idx this cycle */
    uint64_t inv_idx;     /* IDX_W */
    uint64_t rd_entry;    /* ENT_W: debug read port */
} pc_warp_lut_in;

/* The cycle's decision, computed once by pc_warp_lut_eval and applied by
 * pc_warp_lut_step (not ports: pc_warp_lut_ports does not visit it). */
typedef struct {
    uint8_t fire;          /* no err and ready: the table updates */
    uint8_t inv_own;       /* 1 + the entry holding inv_idx (inv_valid), 0: none */
    uint8_t valid[2];      /* lookup j is valid: it writes entry e[j] */
    uint8_t e[2];          /* the entry it uses: set * 2 + way */
    uint16_t idx[2];       /* that entry's IDX after the edge */
    uint64_t occ[2];       /* its OCC after the edge */
    uint64_t pc[2];        /* its PC (the lookup's, as the port sees it) */
} pc_warp_lut_dec;

typedef struct {
    uint64_t ready;        /* 0: push back, nothing updates */
    uint64_t err;
    uint64_t err_code;     /* 3 bits, enum pc_warp_lut_err */
    uint64_t need_cnt;     /* 2 bits: new warps the lookups need (0 on err) */
    uint64_t lk0_hit;
    uint64_t lk0_conflict; /* hit and REQ & OCC != 0 */
    uint64_t lk0_evict;    /* miss that replaced an effectively valid entry */
    uint64_t lk0_set;      /* SET_W */
    uint64_t lk0_way;      /* 1: way hit or allocated */
    uint64_t lk0_join_mask; /* LANES: threads joining warp lk0_join_idx */
    uint64_t lk0_join_idx;  /* IDX_W (the hit entry's IDX; 0 on a miss) */
    uint64_t lk0_new;       /* 1: a new warp at lk0_new_idx */
    uint64_t lk0_new_mask;  /* LANES */
    uint64_t lk0_new_idx;   /* IDX_W */
    uint64_t lk1_hit;
    uint64_t lk1_conflict;
    uint64_t lk1_evict;
    uint64_t lk1_set;
    uint64_t lk1_way;
    uint64_t lk1_join_mask;
    uint64_t lk1_join_idx;
    uint64_t lk1_new;
    uint64_t lk1_new_mask;
    uint64_t lk1_new_idx;
    uint64_t inv_hit;      /* an entry held inv_idx: invalidated at the edge */
    uint64_t rd_valid;     /* entry rd_entry (raw) */
    uint64_t rd_pc;
    uint64_t rd_occ;
    uint64_t rd_idx;
    uint64_t rd_lru;       /* LRU bit of rd_entry's set */
    pc_warp_lut_dec dec;   /* not a port: for pc_warp_lut_step */
} pc_warp_lut_out;

/* The parameter table and its glue (PARAM_DECLS in port.h): defaults,
 * ranges, Verilog names; its cfg_check gives NULL or one line naming the
 * field and its range. */
PARAM_DECLS(pc_warp_lut)

unsigned pc_warp_lut_sets(const pc_warp_lut_cfg *cfg);  /* ENTRIES / WAYS */
unsigned pc_warp_lut_set_w(const pc_warp_lut_cfg *cfg); /* clog2(SETS) */
unsigned pc_warp_lut_ent_w(const pc_warp_lut_cfg *cfg); /* clog2(ENTRIES) */
unsigned pc_warp_lut_idx_w(const pc_warp_lut_cfg *cfg); /* clog2(POOL) */
/* 000 Table 1's count: ENTRIES * (PC_W + LANES + IDX_W); 1792 at defaults. */
unsigned pc_warp_lut_table_bits(const pc_warp_lut_cfg *cfg);
/* Every register bit: table bits + ENTRIES valid bits + SETS LRU bits. */
unsigned pc_warp_lut_state_bits(const pc_warp_lut_cfg *cfg);
/* The set a PC maps to (see "Hash" above). */
unsigned pc_warp_lut_hash(const pc_warp_lut_cfg *cfg, uint64_t pc);

/* The reset state is all zero bytes (dwf_reset_zeroed relies on it;
 * tests/test_pc_warp_lut.c checks it). */
void pc_warp_lut_reset(const pc_warp_lut_cfg *cfg, pc_warp_lut_state *s);
/* The state back to all zero bytes after a run with cfg since it was all
 * zero bytes (C only, no behaviour of its own): the entries, the sets'
 * LRU bits and cfg's POOL owner slots (tests/test_dwf.c checks it through
 * dwf_clear_used). */
void pc_warp_lut_clear_used(const pc_warp_lut_cfg *cfg, pc_warp_lut_state *s);
void pc_warp_lut_eval(const pc_warp_lut_cfg *cfg, const pc_warp_lut_state *s,
                      const pc_warp_lut_in *in, pc_warp_lut_out *out);
/* pc_warp_lut_eval for a user that drives legal inputs only (C only, no
 * behaviour of its own; the composed dwf, whose wiring cannot raise an err,
 * evaluates lean with the checks off: dwf_eval_lean): the illegal-input
 * checks are not made (err and err_code read 0) and the debug read port is
 * not driven (rd_* left as they were).  On every input without an err its
 * other outputs and the decision are pc_warp_lut_eval's
 * (pc_warp_lut_lean_same; tests/test_pc_warp_lut.c compares them on random
 * traffic), so pc_warp_lut_step takes either. */
void pc_warp_lut_eval_lean(const pc_warp_lut_cfg *cfg, const pc_warp_lut_state *s,
                           const pc_warp_lut_in *in, pc_warp_lut_out *out);
/* 1 if a and b hold the same ports but the debug read port's and the same
 * decision (compared field by field: the decision has padding) */
int pc_warp_lut_lean_same(const pc_warp_lut_out *a, const pc_warp_lut_out *b);
/* The clock edge.  Contract: `out` is what pc_warp_lut_eval returned for
 * this state and these inputs in this cycle; step applies the decision in
 * out->dec and does not recompute it (in is not read). */
void pc_warp_lut_step(const pc_warp_lut_cfg *cfg, pc_warp_lut_state *s,
                      const pc_warp_lut_in *in, const pc_warp_lut_out *out);
const char *pc_warp_lut_check(const pc_warp_lut_cfg *cfg, const pc_warp_lut_state *s);

/* Visits every Verilog port in a fixed order (see port.h). */
void pc_warp_lut_ports(const pc_warp_lut_cfg *cfg, const pc_warp_lut_in *in,
                       const pc_warp_lut_out *out, port_visit_fn visit, void *ctx);
/* Ports, then a `state` scope: eNN_valid/pc/occ/idx per entry, sNN_lru. */
void pc_warp_lut_trace(struct vcd_writer *w, const pc_warp_lut_cfg *cfg,
                       const pc_warp_lut_state *s, const pc_warp_lut_in *in,
                       const pc_warp_lut_out *out);

const char *pc_warp_lut_err_name(unsigned code);

#ifdef __cplusplus
}
#endif

#endif /* PC_WARP_LUT_H */
