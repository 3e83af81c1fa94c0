/* SPDX-License-Identifier: Apache-2.0 */
/*
 * hct_cct_heap.h -- sorted heap of warp-splits: Hot and Cold Context Tables.
 *
 * Hardware: per warp a set of warp-splits {CPC, mask, valid}, kept as a
 * sorted heap (thread-frontier reconvergence: the split with the smallest PC
 * runs first).  Paper: 001 (Brunie, Collange, Diamos, ISCA 2012) sec. 3.3
 * (selective synchronization) and sec. 3.4 (sorted heap, Fig. 5, Table 3);
 * SPEC 3.5.  The Verilog twin is verilog/hct_cct_heap.v: same parameters,
 * same ports, same behaviour, cycle for cycle.
 *
 *   HCT (hot context table), indexed by warp: the two smallest-PC contexts
 *       {CPC1, m1, v1}, {CPC2, m2, v2} with CPC1 < CPC2, and `head`, the
 *       pointer to the warp's list in the CCT (plus its valid bit `hv`).
 *   CCT (cold context table): a shared pool of CCT entries {CPC, mask, next,
 *       nv} (nv = `next` is valid, 0 at a list's tail); one linked list per
 *       warp, and a free list (free_head, free_cnt).
 *   HCT sorter: combinational sorting network (001 Fig. 5b) over the three
 *       contexts of the update port; sorts, merges equal PCs (OR of masks),
 *       compacts the valid ones first.
 *   CCT sideband sorter: a state machine that walks one list, one node per
 *       cycle, to move a freshly written head node to its place (insertion
 *       sort).  Not pipelined: one insertion at a time.
 *
 * Configurations (cfg field = Verilog parameter):
 *
 *   | field   | param | default | range   | meaning                         |
 *   |---------|-------|---------|---------|---------------------------------|
 *   | warps   | WARPS | 24      | 1..64   | warps (HCT rows)                |
 *   | lanes   | LANES | 64      | 1..64   | threads per warp (mask bits)    |
 *   | cct     | CCT   | 128     | 2..256  | CCT entries (shared by warps)   |
 *   | pc_bits | PC_W  | 32      | 2..64   | PC width                        |
 *
 *   Derived: WARP_W = clog2(WARPS) (op_warp, rd_warp, sort_warp), PTR_W =
 *   clog2(CCT) (head, next), CNT_W = clog2(CCT+1) (free_cnt), DC_W =
 *   clog2(LANES+1) (dcnt); each >= 1.
 *   Storage (hct_cct_heap_bits): HCT row = 2*(PC_W+LANES+1) + PTR_W = 201
 *   bits, CCT row = PC_W + LANES + PTR_W + 1 (nv) = 104 bits at the
 *   defaults, as 001 Table 3 (24 x 201, 128 x 104).  Table 3 does not say
 *   how an empty list is marked or how degraded order is tracked; beside
 *   the rows we keep per warp a head-valid bit `hv`, the flag `lo` and the
 *   count `dcnt` of unsorted nodes in its list, per CCT entry a bit `cu`
 *   (written unsorted), and the free-list head/count, the sorter registers
 *   and the degraded counter, all counted as `ctrl` (443 bits).
 *
 * Ports.  Operation port (one warp per cycle):
 *   op       2 bits: NOP, LAUNCH, UPDATE, (3 = illegal)
 *   op_warp  WARP_W
 *   op_pc1/op_m1/op_v1, op_pc2/op_m2/op_v2: the new state of the warp's
 *            splits 1 and 2 (from the PC update logic; LAUNCH uses
 *            op_pc1/op_m1 only); op_pc3/op_m3/op_v3: at most one new split
 *            from a divergence (001: "at most one divergence per cycle");
 *   op_exit  LANES: threads of the warp that retire (exit) this cycle.
 *   The masks of invalid inputs are ignored.
 * Scheduler read port (rd_warp): rd_v1/rd_pc1/rd_m1 (primary), rd_v2/
 *   rd_pc2/rd_m2 (secondary), rd_cold (the warp has CCT entries), rd_degraded
 *   (its list holds a node written unsorted: dcnt != 0), rd_run2 (the
 *   secondary may issue).
 *   rd_sync = 1 says the instruction at CPC2 is a synchronization
 *   instruction whose payload is rd_pc_div (so PC_rec = CPC2).
 * Status: sort_busy/sort_warp (sideband sorter), free_cnt, deg_cnt (16-bit
 *   wrapping count of degraded insertions), merge (the operation merged equal
 *   PCs this cycle: in a sorting network or by a JOIN), act, err, err_code,
 *   ready.
 *
 * Selective synchronization (001 sec. 3.3).  rd_run2 = v2 && !(rd_sync &&
 *   PC_div <= CPC1 < PC_rec), PC_rec = CPC2.  Case 1 (PC_div < CPC1 <
 *   PC_rec): suspended.  Case 2 (CPC1 < PC_div): runs.  Equal PCs: CPC1 ==
 *   PC_div is suspended.  The paper's interval [PC_div, PC_rec] includes it,
 *   its case 2 ("CPC1 <= PC_div") would not; we suspend because PC_div is
 *   the last instruction of the immediate dominator, so a primary at PC_div
 *   has not yet branched and its threads may still enter the inner block
 *   (the conservative choice, which guarantees reconvergence).  CPC1 ==
 *   PC_rec cannot happen (CPC1 < CPC2); when it would, the merge releases.
 *   Conservative rule (issue 11 item 2): CPC2 is not always the second
 *   smallest PC of the warp: when both hot contexts jump past cold ones in
 *   one update (e.g. HCT (0x100 | 0x200), cold [0x250, 0x300], both jump to
 *   0x500 / 0x600: (0x250 | 0x500) with 0x300 cold), when a divergence
 *   pushes while the HCT is above the list head (k == 3), or in degraded
 *   mode.  One CCT read per update cannot restore the order in every case
 *   (it would take the two smallest cold nodes), so the rule is made
 *   conservative instead: per warp, `lo` = 1 says a cold PC may lie below
 *   the HCT's top PC (CPC2, or CPC1 when slot 2 is empty), and
 *     rd_run2 = v2 && !(rd_sync && ((PC_div <= CPC1 < CPC2) || lo)).
 *   lo = 0 guarantees every cold PC > CPC2, so no live context of the warp
 *   is in [PC_div, CPC2) whenever the secondary runs at a sync (checked
 *   every cycle by hct_cct_heap_check, and on the read port by the
 *   co-simulation).  lo is recomputed on every accepted UPDATE of the warp
 *   (0 on LAUNCH and when its list empties): it clears when the new top is
 *   known to be below every cold PC: the list was empty; or the head is the
 *   smallest cold PC ("headmin": dcnt == 0 and no walk in the list; then the
 *   list strictly increases) and top < head PC (top <= head PC when the
 *   head leaves the list: POP, EXCH); or lo was clear and the top did not
 *   rise.  Otherwise it is set.  So lo clears at the warp's next update once
 *   its head is above CPC2 (each stage 2 pulls one smaller cold context up).
 *   While lo = 1 the HCT may share a PC with a cold context that is not the
 *   head (they meet, and merge, when it reaches the head's stage 2).
 *
 * What an UPDATE does (warp w, k = number of valid contexts after stage 1):
 *   stage 1: s = net(in1, in2, in3): sorted, merged, compacted.
 *   k == 3: HCT := (s1, s2).  If the list head has s3's PC, s3's mask is
 *           ORed into the head node (act JOIN, merge = 1; no entry needed,
 *           never held).  Otherwise s3 is inserted at the head of w's list
 *           (act PUSH; needs a free entry, else ready = 0, act STALL,
 *           nothing changes); the sideband sorter compares it with the rest
 *           of the list and merges it into a node of equal PC (departure:
 *           001 does not say how the heap meets equal PCs; SPEC 3.5 asks
 *           that no two contexts of a warp share a PC after the sorter).
 *   k <= 2 and w's list is empty: HCT := (s1, s2); act UPDATE, or FINISH
 *           when k == 0 (every thread has exited: the warp is idle).
 *   k <= 2 and the list has a head h (pc hp):
 *      k == 2 and hp > s2.pc: HCT := (s1, s2), act UPDATE.
 *      otherwise stage 2: t = net(s1, s2, h).  HCT := (t1, t2).
 *        t3 valid (k == 2, hp < s2.pc, hp != s1.pc): s2 is written into
 *          node h in place and h comes up into the HCT (act EXCH).  This is
 *          a pop and a push in one, without touching the free list.
 *        t3 invalid: h is popped to the free list (act POP).  This is the
 *          paper's pop into slot 2 (k == 1), and also covers k == 0 (pop
 *          into slot 1) and a popped PC equal to CPC1 or CPC2 (merged:
 *          possible after degraded insertions or a walk in progress) or
 *          smaller than CPC1 (sorted into slot 1).
 *   Stage 2 compares the HCT with the list head only, so CPC1/CPC2 are not
 *   always the two smallest PCs (see lo above).  Departure: 001 only pops
 *   when v2' = 0; we also exchange.
 *
 * CCT sideband sorter.  When a node is written at the head of a list of >= 2
 *   nodes (PUSH, EXCH) and the sorter is idle, it starts on that node n: it
 *   examines one node c per cycle from n's successor on (hct_cct_heap_out.
 *   d_srt): an unsorted node (cu) or pc(c) < pc(n): passed (WALK; at the
 *   tail: RELINK after it); pc(c) == pc(n): MERGE: c's mask |= n's mask, n
 *   is unlinked and freed (free_cnt + 1); pc(c) > pc(n): RELINK n before c
 *   (DONE if c is n's successor).  So the sorted nodes (cu = 0) of a list
 *   strictly increase, and unsorted nodes form its front.  A walk examines
 *   at most hct_cct_heap_walk_max = min(LANES - 2, CCT) - 1 nodes, 61 at
 *   the defaults: it starts with two valid HCT contexts, so the list holds
 *   at most LANES - 2 nodes (disjoint non-empty masks), and it examines
 *   only the nodes after n, to which nothing is ever added (in line with
 *   001's "64 non-pipelined cycles").  It takes one cycle per node plus
 *   the cycles it waits (HOLD): while the accepted operation changes its
 *   warp's list (PUSH_DEG / POP / EXCH_DEG / JOIN on sort_warp), and in a
 *   MERGE cycle while the operation uses the free list (PUSH, POP); then
 *   it tracks the node before n (a degraded push lands before n; a pop of
 *   that node makes n the head), and it gives up when n itself is popped
 *   or overwritten.
 *   Degraded mode: a PUSH or EXCH that needs sorting while the sorter is
 *   busy (on any warp) leaves its node at the head unsorted: act PUSH_DEG /
 *   EXCH_DEG, cu := 1, dcnt[w] + 1, deg_cnt + 1 (the heap degrades to a
 *   stack, 001 sec. 3.4: popping returns the last inserted entry).  Writing
 *   into an empty list (or exchanging in a one-node list) needs no sorting
 *   and is never degraded.  No repair walk: an unsorted node stays at the
 *   front until popped or overwritten (EXCH), which takes it out of dcnt;
 *   so rd_degraded clears as soon as the list is sorted again (issue 11
 *   item 3), not only when it empties.  Equal PCs among unsorted nodes are
 *   merged when they meet in the HCT's networks.
 *
 * Timing.  All outputs are combinational from the state and this cycle's
 *   inputs (`always @*`): ready/err/act/merge describe this cycle's op, rd_*
 *   the state before this cycle's update (no bypass).  State updates at the
 *   rising edge (hct_cct_heap_step).  A rejected (err) or held (ready = 0)
 *   operation freezes the whole structure for that cycle, the sideband sorter
 *   included (one global enable; this keeps a refused cycle a no-op).
 *   Reset is synchronous and active high: every warp idle, all CCT entries
 *   in the free list 0 -> 1 -> ... -> CCT-1, sorter idle, deg_cnt 0.  The
 *   table contents (HCT PCs and masks, CCT PCs and masks: RAM) are not
 *   reset; an invalid slot's or a free entry's contents are don't-care
 *   (hct_cct_heap_reset zeroes them; a reset in the middle of traffic keeps
 *   them, as the RTL does).
 *   C model API: hct_cct_heap_eval makes the whole cycle's decision (ports
 *   and the d_* fields of hct_cct_heap_out, which are not ports); the
 *   contract of hct_cct_heap_step(cfg, s, in, out) is that `out` is what
 *   hct_cct_heap_eval returned for the same state and inputs this cycle:
 *   step applies that decision (it does not recompute it) and touches only
 *   the HCT row, CCT nodes, links and registers the cycle changes.
 *   hct_cct_heap_read gives the scheduler read port alone (rd_*), the
 *   function eval itself uses for those outputs: a reader that probes
 *   many rows a cycle (the SM model's sbi+swi) need not decide an
 *   operation for each.
 *   Cost (issue 17; perf over `cosim_hct_cct_heap --bench --cycles 600000`):
 *   per cycle eval takes about 75% of the model's time, the sorting network
 *   it calls about 17% and step about 10%; inside eval the cost is flat:
 *   the truncation of the 15 inputs to their port widths, the partition
 *   check, the network, and the loads of the operated warp's HCT row and
 *   list head (random warps, so mostly cache misses), plus one CCT node for
 *   the sorter.  Neither function loops over warps or entries, so the cost
 *   per cycle does not grow with WARPS, LANES or CCT (the checker
 *   hct_cct_heap_check does, and is not part of a cycle).  Measured with the
 *   bench's recorded stimulus under the same machine load: before (eval and
 *   step each deciding) 1.7-1.8 M cycles/s, 10.3-10.7x the Verilated RTL;
 *   after 2.7-3.2 M cycles/s, 22.7-24.3x (the RTL is about 20% slower than
 *   before: the new logic and its public state registers).
 *
 * Illegal input (err = 1, err_code, act IDLE, ready = 1, state unchanged),
 * in priority order:
 *   BAD_OP     op == 3
 *   BAD_WARP   op_warp >= WARPS
 *   LAUNCH:  WARP_BUSY (the warp has a valid context), BAD_MASK (op_m1 == 0)
 *   UPDATE:  WARP_IDLE (no valid context), BAD_MASK (a valid input with an
 *            empty mask), BAD_PART (the valid input masks and op_exit are
 *            not pairwise disjoint or their union is not m1|m2 of the HCT:
 *            a thread would be lost, duplicated or invented)
 *
 * Invariants (hct_cct_heap_check): widths; v2 -> v1; v1 and v2 -> CPC1 <
 *   CPC2; a valid context or a list
 *   node has a non-empty mask; all masks of a warp (HCT and list) pairwise
 *   disjoint and within LANES; hv -> v1; every CCT entry in exactly one list
 *   (a warp's or the free list), no cycles, free_cnt = length of the free
 *   list; in every list the sorted nodes (cu = 0) strictly increase, leaving
 *   out the node the sorter is moving (so a settled list -- dcnt = 0, no
 *   walk in it -- has no two contexts with one PC); dcnt = number of cu
 *   nodes in the list; lo = 0 -> every cold PC is above the HCT's top PC
 *   (so then no HCT context shares a PC with a cold one either); an empty
 *   list has dcnt = 0 and lo = 0; the sorter's registers describe a node of its
 *   warp's list, its predecessor, and a walk position after it, with every
 *   sorted node passed having pc < pc(n).  The harness adds: the union of a
 *   warp's masks is exactly its live threads (launched minus exited); the
 *   selective-sync check on the read port; a walk examines at most
 *   hct_cct_heap_walk_max nodes; the whole state equals the RTL's.
 *
 * Worked example (001 Fig. 4; blocks A..G by PC, A ends in the outer branch
 * (to B or C), C ends in the inner one (to D or E), D, E -> F, B, F -> G;
 * 4 threads, t0 first).  HCT shown (CPC1 m1 | CPC2 m2) [CCT list]:
 *   LAUNCH A 1111                 (A 1111 | -)            []
 *   A: 1100->B, 0011->C           (B 1100 | C 0011)       []       UPDATE
 *   B -> G                        (C 0011 | G 1100)       []       UPDATE
 *   C: 0010->D, 0001->E           (D 0010 | E 0001)       [G 1100] PUSH
 *   E -> F (sync, PC_div = end of C): CPC1 = D in (PC_div, F): case 1, F
 *   suspended                     (D 0010 | F 0001)       [G 1100]
 *   D -> F                        (F 0011 | G 1100)       []  merge, POP
 *   F -> G                        (G 1111 | -)            []  merge
 */
#ifndef HCT_CCT_HEAP_H
#define HCT_CCT_HEAP_H

#include <stdint.h>

#include "port.h"

#ifdef __cplusplus
extern "C" {
#endif

struct vcd_writer;

#define HCH_MAX_WARPS 64
#define HCH_MAX_CCT 256

enum hct_cct_heap_op {
    HCH_OP_NOP = 0,
    HCH_OP_LAUNCH = 1,
    HCH_OP_UPDATE = 2,
    HCH_OP_BAD = 3 /* never legal: err BAD_OP */
};

enum hct_cct_heap_err {
    HCH_ERR_NONE = 0,
    HCH_ERR_BAD_OP = 1,
    HCH_ERR_BAD_WARP = 2,
    HCH_ERR_WARP_BUSY = 3,
    HCH_ERR_WARP_IDLE = 4,
    HCH_ERR_BAD_MASK = 5,
    HCH_ERR_BAD_PART = 6
};

enum hct_cct_heap_act {
    HCH_ACT_IDLE = 0,     /* nop, or rejected with err */
    HCH_ACT_LAUNCH = 1,
    HCH_ACT_UPDATE = 2,   /* HCT rewritten, no CCT traffic */
    HCH_ACT_PUSH = 3,     /* s3 into the CCT (sorter started if needed) */
    HCH_ACT_PUSH_DEG = 4, /* s3 to the list head unsorted: sorter busy */
    HCH_ACT_POP = 5,      /* list head up into the HCT, node freed */
    HCH_ACT_EXCH = 6,     /* list head up into the HCT, s2 into its node */
    HCH_ACT_EXCH_DEG = 7, /* the same, node left unsorted: sorter busy */
    HCH_ACT_STALL = 8,    /* CCT full: ready = 0 */
    HCH_ACT_FINISH = 9,   /* the warp's last threads exited */
    HCH_ACT_JOIN = 10     /* s3 has the list head's PC: ORed into the head node */
};

/* What the sideband sorter does in a cycle (hct_cct_heap_out.d_srt). */
enum hct_cct_heap_srt {
    HCH_SRT_IDLE = 0,   /* not busy */
    HCH_SRT_HOLD = 1,   /* busy, waits: the operation changes its list or the free list */
    HCH_SRT_WALK = 2,   /* passes one node */
    HCH_SRT_DONE = 3,   /* the node is already in place */
    HCH_SRT_RELINK = 4, /* the node is moved to its place */
    HCH_SRT_MERGE = 5   /* a node of equal PC found: masks ORed, the node freed */
};

typedef struct {
    unsigned warps;
    unsigned lanes;
    unsigned cct;
    unsigned pc_bits;
} hct_cct_heap_cfg;

/* Storage of the configuration (what the area estimator uses). */
typedef struct {
    unsigned hct_rows, hct_row_bits; /* 24 x 201 at the defaults */
    unsigned cct_rows, cct_row_bits; /* 128 x 104 */
    unsigned ctrl_bits;              /* hv, dirty, free list, sorter, deg_cnt */
} hct_cct_heap_storage;

typedef struct {
    /* HCT, per warp */
    uint64_t pc1[HCH_MAX_WARPS], m1[HCH_MAX_WARPS];
    uint64_t pc2[HCH_MAX_WARPS], m2[HCH_MAX_WARPS];
    /* CCT */
    uint64_t cpc[HCH_MAX_CCT], cmask[HCH_MAX_CCT];
    uint16_t nxt[HCH_MAX_CCT];
    uint16_t head[HCH_MAX_WARPS];
    uint8_t nv[HCH_MAX_CCT];
    uint8_t cu[HCH_MAX_CCT];      /* the node was written unsorted (degraded) */
    uint8_t v1[HCH_MAX_WARPS], v2[HCH_MAX_WARPS];
    uint8_t hv[HCH_MAX_WARPS];    /* head valid: the warp's list is non-empty */
    uint8_t dcnt[HCH_MAX_WARPS];  /* unsorted (cu) nodes in the warp's list */
    uint8_t lo[HCH_MAX_WARPS];    /* a cold PC may be below the HCT's top PC */
    uint64_t free_head, free_cnt;
    /* sideband sorter */
    uint64_t s_busy, s_warp, s_node, s_pc;
    uint64_t s_pred_head, s_pred; /* what points at s_node: head[s_warp] or s_pred */
    uint64_t s_cur, s_prev_v, s_prev;
    uint64_t deg_cnt; /* 16 bits */
} hct_cct_heap_state;

typedef struct {
    uint64_t op;      /* 2 bits, enum hct_cct_heap_op */
    uint64_t op_warp; /* WARP_W */
    uint64_t op_pc1, op_m1, op_v1;
    uint64_t op_pc2, op_m2, op_v2;
    uint64_t op_pc3, op_m3, op_v3;
    uint64_t op_exit; /* LANES */
    uint64_t rd_warp; /* WARP_W */
    uint64_t rd_sync; /* 1: the instruction at CPC2 is a sync with payload rd_pc_div */
    uint64_t rd_pc_div;
} hct_cct_heap_in;

typedef struct {
    uint64_t ready;
    uint64_t err;
    uint64_t err_code; /* 3 bits */
    uint64_t act;      /* 4 bits */
    uint64_t merge;    /* equal PCs merged by the operation this cycle */
    uint64_t rd_v1, rd_pc1, rd_m1;
    uint64_t rd_v2, rd_pc2, rd_m2;
    uint64_t rd_run2;  /* the secondary may issue (selective sync) */
    uint64_t rd_cold;  /* hv of rd_warp */
    uint64_t rd_degraded;
    uint64_t sort_busy, sort_warp;
    uint64_t free_cnt; /* CNT_W */
    uint64_t deg_cnt;  /* 16 */
    /* Not ports: this cycle's decision, which hct_cct_heap_step applies. */
    uint8_t d_en;      /* the operation is accepted (no err, not held) */
    uint8_t d_wr_hct;  /* HCT row d_warp := (n1, n2) */
    uint8_t d_cct;     /* list operation on d_warp: HCH_CCT_* */
    uint8_t d_deg;     /* PUSH/EXCH left unsorted */
    uint8_t d_start;   /* the sideband sorter starts on the written node */
    uint8_t d_lo;      /* next lo[d_warp] */
    uint8_t d_srt;     /* enum hct_cct_heap_srt */
    uint8_t d_n1v, d_n2v;
    uint16_t d_warp;
    uint64_t d_n1pc, d_n1m, d_n2pc, d_n2m;
    uint64_t d_xpc, d_xmask; /* PUSH/EXCH: the node's context; JOIN: the mask ORed in */
} hct_cct_heap_out;

/* The parameter table and its glue (PARAM_DECLS in port.h): defaults,
 * ranges, Verilog names; its cfg_check gives NULL or one line naming the
 * field and its range. */
PARAM_DECLS(hct_cct_heap)

unsigned hct_cct_heap_warp_w(const hct_cct_heap_cfg *cfg);
unsigned hct_cct_heap_ptr_w(const hct_cct_heap_cfg *cfg);
unsigned hct_cct_heap_cnt_w(const hct_cct_heap_cfg *cfg);
hct_cct_heap_storage hct_cct_heap_bits(const hct_cct_heap_cfg *cfg);

void hct_cct_heap_reset(const hct_cct_heap_cfg *cfg, hct_cct_heap_state *s);
void hct_cct_heap_eval(const hct_cct_heap_cfg *cfg, const hct_cct_heap_state *s,
                       const hct_cct_heap_in *in, hct_cct_heap_out *out);
/* The scheduler read port alone: the rd_* fields of `out` (the others
 * untouched) for rd_warp/rd_sync/rd_pc_div (truncated to their port widths
 * as hct_cct_heap_eval does), a pure function of the state.  The same logic
 * hct_cct_heap_eval uses for them (it calls this), without deciding an
 * operation: the SM model probes many warps' rows a cycle (docs/bench.md). */
void hct_cct_heap_read(const hct_cct_heap_cfg *cfg, const hct_cct_heap_state *s,
                       uint64_t rd_warp, uint64_t rd_sync, uint64_t rd_pc_div,
                       hct_cct_heap_out *out);
void hct_cct_heap_step(const hct_cct_heap_cfg *cfg, hct_cct_heap_state *s,
                       const hct_cct_heap_in *in, const hct_cct_heap_out *out);
const char *hct_cct_heap_check(const hct_cct_heap_cfg *cfg, const hct_cct_heap_state *s);

/* List operation of the cycle (hct_cct_heap_out.d_cct). */
enum { HCH_CCT_NONE = 0, HCH_CCT_PUSH = 1, HCH_CCT_POP = 2, HCH_CCT_EXCH = 3, HCH_CCT_JOIN = 4 };

/* Most nodes one walk of the sideband sorter examines (header: Sorter). */
unsigned hct_cct_heap_walk_max(const hct_cct_heap_cfg *cfg);
/* Width of the per-warp unsorted-node count dcnt (DC_W). */
unsigned hct_cct_heap_dcnt_w(const hct_cct_heap_cfg *cfg);

/* Number of nodes in warp w's list (bounded walk; for tests and coverage). */
unsigned hct_cct_heap_list_len(const hct_cct_heap_cfg *cfg, const hct_cct_heap_state *s,
                               unsigned w);

/* The HCT sorting network alone (stage 1): sorts, merges, compacts three
 * contexts; returns the number of merges.  Invalid outputs are {0, 0, 0}. */
typedef struct {
    uint64_t pc, mask;
    unsigned v;
} hct_cct_heap_ctx;
unsigned hct_cct_heap_net(const hct_cct_heap_ctx in[3], hct_cct_heap_ctx out[3]);

void hct_cct_heap_ports(const hct_cct_heap_cfg *cfg, const hct_cct_heap_in *in,
                        const hct_cct_heap_out *out, port_visit_fn visit, void *ctx);
void hct_cct_heap_trace(struct vcd_writer *w, const hct_cct_heap_cfg *cfg,
                        const hct_cct_heap_state *s, const hct_cct_heap_in *in,
                        const hct_cct_heap_out *out);

const char *hct_cct_heap_err_name(unsigned code);
const char *hct_cct_heap_act_name(unsigned act);

#ifdef __cplusplus
}
#endif

#endif /* HCT_CCT_HEAP_H */
