/* SPDX-License-Identifier: Apache-2.0 */
/*
 * structs.h -- per-structure descriptions for the area estimator.
 *
 * What it models: each structure the project has a C model for, described
 * as the arrays (entries, width, ports, kind) and logic blocks its hardware
 * is made of, derived from the very `cfg` struct the C model and the
 * Verilog use (one source of truth: change the cfg, the area follows).
 * The organisation follows the project's RTL (verilog/<name>.v): the same
 * fields, the same number of reads and writes per cycle, the debug read
 * port included.  Storage arrays are `auto` (the smaller of SRAM and
 * flip-flops) unless `force_ff` asks for flip-flops only, which is what
 * Yosys builds from the RTL (used by `area logic` / `make area-yosys`).
 *
 * Also here: the baseline register files of papers 000, 001, 002 and 004,
 * described directly as plain SRAM arrays (and crossbars) from the geometry
 * the papers state -- a description of their hardware, not a published area.
 *
 * Every structure with a C model is described; the report lists the
 * published figures of hardware without one as "not modelled yet".  001's
 * instruction buffers and baseline warp pool have no C model: papers.c
 * describes them from Table 3's geometry.
 */
#ifndef AREA_STRUCTS_H
#define AREA_STRUCTS_H

#include <stddef.h>

#include "../rtl_c/dpe_stack.h"
#include "../rtl_c/dwf.h"
#include "../rtl_c/hct_cct_heap.h"
#include "../rtl_c/lane_regfile.h"
#include "../rtl_c/lane_shuffle.h"
#include "../rtl_c/lwm_subwarp.h"
#include "../rtl_c/pc_warp_lut.h"
#include "../rtl_c/sbi_scoreboard.h"
#include "../rtl_c/simt_stack.h"
#include "../rtl_c/swi_sched.h"
#include "../rtl_c/tsimt_frontend.h"
#include "../rtl_c/tsimt_lane.h"
#include "../rtl_c/two_level_sched.h"
#include "../rtl_c/warp_pool.h"
#include "array.h"
#include "tech.h"

#ifdef __cplusplus
extern "C" {
#endif

#define AREA_DESC_MAX 48
#define AREA_MODULE_PARAMS 8

typedef enum { AI_ARRAY = 0, AI_LOGIC = 1, AI_XBAR = 2 } area_item_type;

typedef struct {
    area_item_type type;
    char name[48];
    char what[160];
    unsigned count;       /* identical copies */
    area_array arr;       /* AI_ARRAY */
    double ge;            /* AI_LOGIC: gate equivalents */
    unsigned xin, xout, xwidth; /* AI_XBAR */
    unsigned lockstep;    /* AI_ARRAY with banks: 1 if every access reaches every bank at
                           * once (a bank per lane, 000 Fig. 10d): its energy per access is
                           * banks x one bank's (issue 29); the area is the same */
} area_item;

typedef struct {
    char name[32];        /* module / structure name */
    char title[96];
    char config[160];     /* the cfg it was built from, in words */
    unsigned n;
    area_item item[AREA_DESC_MAX];
    unsigned long storage_bits; /* bits of state (all arrays) */
    unsigned entry_bits;  /* bits of one stack or table entry, 0 if none */
} area_desc;

/* Evaluates every item; per_item may be NULL (else AREA_DESC_MAX long).
 * Returns NULL or a message. */
const char *area_desc_eval(const area_tech *t, const area_desc *d, area_result *total,
                           area_result *per_item);

/* Logic-only view for Yosys comparison: combinational GE (array muxes,
 * decoders and logic blocks, flip-flops excluded) and flip-flop count, with
 * every array built from flip-flops. */
void area_desc_logic_view(const area_tech *t, const area_desc *d, double *comb_ge,
                          unsigned long *flops);

/* ------------------------------------------------ modelled structures */
/* SPE stack (rtl_c/simt_stack.h). */
const char *area_desc_simt_stack(const simt_stack_cfg *cfg, int force_ff, area_desc *d);
unsigned area_simt_stack_entry_bits(const simt_stack_cfg *cfg);

/* DPE stack (rtl_c/dpe_stack.h). */
/* cfg fields as for the SPE stack; 0 = the model's default. */
const char *area_desc_dpe_stack(unsigned warps, unsigned lanes, unsigned depth, unsigned pc_bits,
                                int force_ff, area_desc *d);
/* The same from a whole cfg (MERGE too: the sibling suspension's COMPACT;
 * the one above takes the model's default, MERGE = 1). */
const char *area_desc_dpe_stack_cfg(const dpe_stack_cfg *cfg, int force_ff, area_desc *d);
/* The DPE model's default cfg and entry bits (0s when absent). */
void area_dpe_stack_defaults(unsigned *warps, unsigned *lanes, unsigned *depth,
                             unsigned *pc_bits, unsigned *entry_bits);

/* Shadow scoreboard (rtl_c/shadow_scoreboard.h).  0 = the model's
 * default. */
const char *area_desc_shadow_scoreboard(unsigned warps, unsigned entries, unsigned regs,
                                        int force_ff, area_desc *d);
/* Bits per entry ({valid, shadow, register id}) at `regs` registers per
 * thread (0: the default); 0 when absent or rejected. */
unsigned area_shadow_scoreboard_entry_bits(unsigned regs);
/* Default cfg, bits per entry and shadow bits per entry (0s when absent). */
void area_shadow_scoreboard_defaults(unsigned *warps, unsigned *entries, unsigned *regs,
                                     unsigned *entry_bits, unsigned *shadow_bits);

/* PC-warp LUT of DWF (rtl_c/pc_warp_lut.h; 000 sec. 4.2, Table 1).  The
 * organisation of verilog/pc_warp_lut.v: {PC, OCC} in a 2-way
 * set-associative table with 2 search ports (the two lookups), 1 read port
 * (debug) and 2 write ports; IDX, valid and LRU bits in flip-flops (IDX is
 * compared in every entry every cycle: with inv_idx for the issued warp's
 * invalidation and with the two offered indices for IDX_IN_USE, logic).
 * force_ff: {PC, OCC} as flip-flops too, with the tag comparators as logic
 * (what Yosys builds).  Bits: the arrays hold pc_warp_lut_table_bits() +
 * the valid and LRU bits = pc_warp_lut_state_bits() (checked). */
const char *area_desc_pc_warp_lut(const pc_warp_lut_cfg *cfg, int force_ff, area_desc *d);

/* Hot and Cold Context Tables of SBI (rtl_c/hct_cct_heap.h; 001 sec. 3.4,
 * Tables 3-4).  The organisation of verilog/hct_cct_heap.v, one array per
 * field with the reads and writes the RTL makes in one cycle:
 *   HCT (per warp)  {pc1, pc2} 1R (scheduler port) 1W; {m1, m2} and
 *                   {v1, v2} 2R (the op warp's partition check, scheduler
 *                   port) 1W; head 1R (op warp) 2W (the op, the sorter's
 *                   relink of a list head); {hv, dirty} flags 2R 1W
 *   CCT             cpc 2R (the op warp's list head, the sorter's walk) 1W;
 *                   cmask 3R (list head; the sorter's merge reads the
 *                   walk node and the moved node) 2W (the op, the merge);
 *                   next pointer 5R (head, walk, the moved node, its new
 *                   predecessor, the free-list head) 4W (the op, the
 *                   sorter's three relink writes); nv 3R 3W
 *   registers       free-list head and count, degraded counter; the
 *                   sideband sorter's registers
 *   logic           the 3-input sorting network twice (stage 1, and stage 2
 *                   with the list head), the update decision (partition
 *                   and mask checks, next-state muxes, act/err), the
 *                   scheduler read port (selective synchronization
 *                   compares, output gating); the list updates (free list,
 *                   pointer muxes, the sorter's touch checks) and the
 *                   sorter FSM (walk compare, relink muxes).
 * part: the HCT (its arrays, the {hv, dirty} flags, the sorting networks,
 * update decision and read port) or the CCT (its arrays, the registers, the
 * list update logic and the sideband sorter), or both.  Bits: HCT part
 * hct_rows x hct_row_bits + 2 flags per warp; CCT part cct_rows x
 * cct_row_bits + the rest of ctrl_bits; both = hct_cct_heap_bits() in full
 * (checked).  force_ff: every array as flip-flops (what Yosys builds);
 * otherwise each is `auto` (SRAM or flops, the smaller). */
typedef enum { AREA_HCH_ALL = 0, AREA_HCH_HCT = 1, AREA_HCH_CCT = 2 } area_hch_part;
const char *area_desc_hct_cct_heap(const hct_cct_heap_cfg *cfg, area_hch_part part, int force_ff,
                                   area_desc *d);

/* Warp pool, warp allocator and issue logic of DWF (rtl_c/warp_pool.h;
 * 000 sec. 4.2-4.3, Table 1).  The organisation of verilog/warp_pool.v:
 *   pool       the TIDs as one memory per lane (LANES banks of POOL x TID_W,
 *              1 write port driven by the lane's row decoder -- 000 Table
 *              1's per-lane decoders -- and 1 read port, the issue
 *              candidate); the entry row {PC, sched}: with DMaj/DMin a
 *              fully associative CAM, tag = PC, 1 search port (every entry's
 *              PC against the chosen PC; its match lines and priority
 *              encoder pick the lowest matching entry), 3 read ports (the
 *              candidate and the two join groups' entries) and 2 write
 *              ports (the two new groups); DPC compares every PC (flops),
 *              DTime/DPdPri every sched (flops); valid and untracked bits
 *              in flops (gating every entry's match; 2 reads, 3 writes),
 *              lane-valid bits (3 reads: candidate, 2 joins; 5 writes:
 *              issue clear, 2 new groups, 2 joins ORing lanes in); the
 *              in-pool vector (one flop per
 *              thread, set and cleared by a compare on its home lane's
 *              TID); the write checks and per-lane row selects.
 *   allocator  the free list POOL x IDX_W (2 reads: head, head + 1; 1
 *              write: the issued entry at the tail), head and count.
 *   issue      DMaj/DMin: the majority table in flops (MAJ x {PC, count},
 *              valid, cur: every slot is rewritten each cycle by the
 *              odd-even transposition phase), 2 PC searches (the two pairs'
 *              PCs), lock/pick/free-slot priority encoders, per-slot count
 *              adders, MAJ-1 compare-swaps, popcounts, the untracked
 *              counter and round robin over the pool; DTime/DPC/DPdPri: the
 *              selection tree over every entry (no table).
 * part: ALL is the whole RTL module (warp_pool_bits() in full, checked);
 * POOL holds pool + pool_ctrl + in_pool bits, ALLOC allocator + head and
 * free count, ISSUE majority + majority_ctrl + the other counters.
 * force_ff: every array in flip-flops, the CAM's compares and encoder as
 * logic (what Yosys builds); otherwise each storage array is `auto`. */
typedef enum {
    AREA_WP_ALL = 0,
    AREA_WP_POOL = 1,
    AREA_WP_ALLOC = 2,
    AREA_WP_ISSUE = 3
} area_wp_part;
const char *area_desc_warp_pool(const warp_pool_cfg *cfg, area_wp_part part, int force_ff,
                                area_desc *d);
/* Dynamic warp formation composed (rtl_c/dwf.h, verilog/dwf.v; 000 sec.
 * 4.2, Table 1).  AREA_DWF_UPDATE: the warp update registers alone, from
 * dwf_cfg as the RTL holds them: one TID row (LANES x TID_W; the two
 * sides' REQs are disjoint, Table 1 counts a row per register) and per
 * side {PC, REQ (LANES), prio (SCHED_W)} = area_dwf_update_reg_bits(),
 * flip-flops written whole at a commit, no decoder.  AREA_DWF_ALL: those,
 * the live bit per thread, the commit checks, and the PC-warp LUT and the
 * warp pool built from dwf_lut_cfg / dwf_pool_cfg (items prefixed "LUT ",
 * "pool "). */
typedef enum { AREA_DWF_ALL = 0, AREA_DWF_UPDATE = 1 } area_dwf_part;
unsigned area_dwf_update_reg_bits(const dwf_cfg *cfg);
const char *area_desc_dwf(const dwf_cfg *cfg, area_dwf_part part, int force_ff, area_desc *d);

/* Temporal-SIMT lane and front end (rtl_c/tsimt_lane.h, rtl_c/tsimt_frontend.h;
 * 002 sec. 3.1-3.3).  The lane: its registers {instr, warp id, mask, busy,
 * position, scalar} = area_tsimt_lane_bits() in flip-flops and the density-time
 * sequencer's logic.  The front end: the instruction buffer (a slot per
 * warp {instr, mask, scalar}, 1W 1R, `auto`), its valid bits, the arbitration pointers and
 * conflict counters, the pickers and counters' logic, and LANES lanes from
 * tsimt_frontend_lane_cfg (items prefixed "lane ", count LANES). */
unsigned area_tsimt_lane_bits(const tsimt_lane_cfg *cfg);
const char *area_desc_tsimt_lane(const tsimt_lane_cfg *cfg, int force_ff, area_desc *d);
const char *area_desc_tsimt_frontend(const tsimt_frontend_cfg *cfg, int force_ff, area_desc *d);

/* The register file of a (S)TSIMT core, 002 sec. 3.7 and Table I, from the
 * core's cfg: every lane holds the registers of its own warps, (WARPS /
 * LANES) x WARP threads x `regs` registers of 32 bits, in `banks`
 * single-ported SRAM banks of 32 x K bits (a K-wide lane reads one register
 * of K threads per access), and one banks x banks crossbar of 32 x K bits
 * between its banks and its operand collector.  002's two designs are two
 * cfgs of one core of 8 ALUs, 32 warps of 32 threads, 16 registers (64 KB),
 * 8 banks per lane: LANES = 8, K = 1 (8 lanes of 32 bits, 64 banks of 1 KB,
 * 8 crossbars 8x8 x 32 b) and LANES = 1, K = 8 (one 256-bit lane, 8 banks of
 * 8 KB, one crossbar 8x8 x 256 b).  Returns NULL or a one-line message (a
 * cfg tsimt_frontend_cfg_check rejects, regs or banks 0, a lane's registers
 * that do not fill its banks in whole rows). */
const char *area_desc_tsimt_regfile(const tsimt_frontend_cfg *cfg, unsigned regs, unsigned banks,
                                    area_desc *d);

/* Scalarization's two register files, sized from an allocation (002 sec.
 * 4.1 and 4.3; issue 26 sec. 4).  The SM model's allocator (tb/simt/
 * scalar.h) gives vector 32-bit registers per thread and scalar 32-bit
 * registers per warp; the core gives warps, threads per warp and 32-bit
 * ALU lanes.  The files are organised as area_desc_tsimt_regfile's, in
 * register-file lanes of K ALUs (k = 1: 002's per-lane 32-bit files of
 * TSIMT; k = lanes: the monolithic 256-bit file of Table I at 8 lanes; k =
 * 4: STSIMT4), each lane holding the registers of its own warps (warps
 * divided evenly over lanes / k, as tsimt_frontend binds them):
 *   vector  per lane, (warps / files) x ceil(warp / k) x vregs rows of 32k
 *           bits (a row holds one register of k threads of one warp, the k
 *           a lane reads at once), in `banks` single-ported banks (rows
 *           rounded up to whole banks), and one banks x banks crossbar of
 *           32k bits, as Table I;
 *   scalar  002 sec. 4.1's "additional addressing mode": one 32-bit value
 *           per warp and scalar register, (warps / files) x sregs rows of 32
 *           bits per lane in one array of 1 read and 1 write port (a scalar
 *           instruction reads its operands and writes once; `auto`, SRAM or
 *           flip-flops, whichever is smaller), beside the lane's banks and
 *           behind its crossbar (one 32-bit value broadcast to the k
 *           slots: no crossbar of its own).  sregs = 0: an empty
 *           description (no scalar file).
 * The scalar file is a separate array, not rows of the vector banks: a
 * 32-bit scalar in a 32k-bit bank row would waste k - 1 slots (002: scalar
 * registers "can be packed more densely"), and a separate array is what
 * lets a scalar and a vector operand be read in one cycle.  vregs 1..1024,
 * sregs 0..1024, warps 1..64, warp 1..64, lanes 1..64, k a power of two
 * dividing lanes, lanes / k dividing warps, banks 1..64; else a one-line
 * message. */
typedef struct {
    unsigned vregs; /* vector 32-bit registers per thread */
    unsigned sregs; /* scalar 32-bit registers per warp */
    unsigned warps; /* resident warps */
    unsigned warp;  /* threads per warp */
    unsigned lanes; /* 32-bit ALU lanes */
} area_rf_alloc;
const char *area_desc_alloc_rf(const area_rf_alloc *a, unsigned k, unsigned banks, area_desc *vec,
                               area_desc *sca);
/* Their cost at t: areas, bits, and energy per access from
 * area_desc_energy.  A vector register of a whole warp is ceil(warp / k)
 * bank-row accesses and as many crossbar transfers; a scalar register is
 * one access of the scalar array (002's point: a scalar instruction reads
 * its operands once per warp, not once per thread). */
typedef struct {
    unsigned long vec_bits, sca_bits;
    double vec_mm2, sca_mm2;
    double vec_row_read_nj, vec_row_write_nj, xbar_nj; /* one bank row, one transfer */
    double sca_read_nj, sca_write_nj;                   /* one scalar register */
    double vec_warp_read_nj;  /* one vector register of a warp: rows + transfers */
    double vec_warp_write_nj;
    double leak_mw;           /* both files */
} area_rf_cost;
const char *area_alloc_rf_cost(const area_tech *t, const area_rf_alloc *a, unsigned k,
                               unsigned banks, area_rf_cost *c);

/* Banked per-lane register file (rtl_c/lane_regfile.h), costed in one of
 * the organisations of 000 Fig. 10 (the RTL is their superset).  0 = the
 * model's default. */
typedef enum {
    LRF_ORG_SINGLE_DECODER = 0, /* Fig. 10c: one decoder, rows of LANES registers */
    LRF_ORG_PER_LANE = 1,       /* Fig. 10d: a decoder per bank */
    LRF_ORG_CROSSBAR = 2        /* Fig. 10b: per-bank decoders + thread-to-bank crossbars */
} area_lrf_org;
const char *area_desc_lane_regfile(unsigned lanes, unsigned entries, unsigned width,
                                   unsigned regs, area_lrf_org org, int force_ff, area_desc *d);
/* The same from a whole cfg: with cfg->sregs > 0 it adds the scalar
 * addressing mode of 002 sec. 4.1 (row-address muxes, the scalar rows'
 * adders and checks, the broadcast of the warp's bank to every lane). */
const char *area_desc_lane_regfile_cfg(const lane_regfile_cfg *cfg, area_lrf_org org,
                                       int force_ff, area_desc *d);

/* Two-level round-robin scheduler (rtl_c/two_level_sched.h; 004 sec.
 * 3.2-3.3): top_q, a pointer per group, the timeout counter (=
 * two_level_sched_state_bits(), checked), the per-group round-robin
 * candidates, the groups in rotated priority order, the all-stalled test
 * and the timeout. */
const char *area_desc_two_level_sched(const two_level_sched_cfg *cfg, int force_ff, area_desc *d);

/* Large-warp sub-warping unit (rtl_c/lwm_subwarp.h; 004 sec. 3.1, 3.4):
 * the sub-warping copy (K x N), the in-flight bits (LARGE_WARPS x K x N)
 * and the two branch-outcome buffers (2 x K x N) -- 004 sec. 3.4's storage,
 * from lwm_subwarp_copy/inflight/buffer_bits (checked) -- in flip-flops
 * (every bit is read each cycle), the control registers
 * (area_lwm_subwarp_ctrl_bits), the column picker, the completion and
 * branch gathering, the per-large-warp counters. */
unsigned area_lwm_subwarp_ctrl_bits(const lwm_subwarp_cfg *cfg);
unsigned long area_lwm_subwarp_stack_bits(const lwm_subwarp_cfg *cfg);
const char *area_desc_lwm_subwarp(const lwm_subwarp_cfg *cfg, int force_ff, area_desc *d);

/* Lane shuffle (rtl_c/lane_shuffle.h; 001 Table 1): no storage; the map
 * and its inverse (an XOR with a selected operand each), the function
 * decode and checks. */
const char *area_desc_lane_shuffle(const lane_shuffle_cfg *cfg, int force_ff, area_desc *d);

/* SWI cascaded schedulers (rtl_c/swi_sched.h; 001 sec. 4): the buffer's
 * PCs (`auto`, 2R 1W: the primary's and the secondary's picks), masks
 * (flip-flops: every entry's fit is tested each cycle), valid bits, the
 * age matrix, the stage and the LFSR (= area_swi_sched_bits(), the
 * header's storage formula, checked), the primary (oldest ready), the
 * secondary (mask fit, popcounts, best fit of the set, tie-break) and the
 * control. */
unsigned area_swi_sched_bits(const swi_sched_cfg *cfg);
const char *area_desc_swi_sched(const swi_sched_cfg *cfg, int force_ff, area_desc *d);

/* What SWI adds to a baseline scheduler (001 Table 4's "+27.4"): swi_sched
 * without the primary's age matrix and oldest-ready select. */
const char *area_desc_swi_secondary(const swi_sched_cfg *cfg, int force_ff, area_desc *d);

/* SWI's Hot Context Table (001 Table 3: 24 x 104 b) from hct_cct_heap_cfg:
 * the heap's HCT with one hot context per warp ({CPC, mask, valid, CCT
 * head}).  Described, not an RTL module. */
const char *area_desc_swi_hct(const hct_cct_heap_cfg *cfg, int force_ff, area_desc *d);

/* SBI's dependency-matrix scoreboard (rtl_c/sbi_scoreboard.h; 001 sec.
 * 3.4, Table 3).  A row per warp of DEPTH
 * entries {dst1, dst2, M} (`auto`: the issuing warp's row is rewritten
 * whole, the query warp's read whole) and their pending bits dv1, dv2
 * (flip-flops: 3 reads, 2 writes) = sbi_scoreboard_bits() (checked); the
 * products and the collapsing shift, the hazard compares.  baseline: 001's
 * baseline scoreboard from the same cfg, two pools of a {pending, register}
 * per entry.  cfg NULL = the model's defaults.  At WARPS=4 DEPTH=4 REG_W=4 its
 * 256 flip-flops are Yosys's count of verilog/sbi_scoreboard.v (checked
 * against the sbi branch before it landed). */
void area_sbi_scoreboard_defaults(unsigned *warps, unsigned *depth, unsigned *reg_w);
const char *area_desc_sbi_scoreboard(const sbi_scoreboard_cfg *cfg, int baseline, int force_ff,
                                     area_desc *d);

/* --------------------------------------- baselines described directly */
/* A register file of `regs` registers of `width` bits for `lanes` lanes
 * with rd read and wr write ports.  single_decoder: one row holds one
 * register of every lane (rows = regs/lanes, width*lanes bits per row, 000
 * Fig. 10c); else one bank per lane with its own decoder (Fig. 10d). */
void area_desc_regfile(area_desc *d, const char *title, unsigned long regs, unsigned width,
                       unsigned lanes, unsigned rd, unsigned wr, int single_decoder);
/* 002 Table I: banks of `bank_bytes` at `bank_width` bits (single-ported)
 * and `nxbar` crossbars of xports x xports at bank_width bits. */
void area_desc_banked_rf_xbar(area_desc *d, const char *title, unsigned nbanks,
                              unsigned bank_bytes, unsigned bank_width, unsigned nxbar,
                              unsigned xports);

/* ------------------------------------------ energy per structure (issue 29)
 * What the SM model calls to turn its access counts into energy.  Each
 * item of a structure (an array, a logic block, a crossbar; `count`
 * identical copies) has its energy per access on ONE port of ONE copy
 * (array.h: read_nj, write_nj, search_nj; logic and crossbars: op_nj, one
 * operation or one transfer) and its leakage (every copy, all banks).  The
 * structure's own figures are one access of every item:
 *   read_nj   sum over array items of count x read   (e.g. a stack pop
 *             reads every field of the top entry once)
 *   write_nj  sum of count x write, search_nj sum of count x search
 *   op_nj     sum over logic and crossbar items of count x op (the
 *             structure's logic evaluated once: charge it per cycle the
 *             structure is active)
 *   leak_mw   every item's leakage (charge it every cycle at the clock).
 * A model that knows which field a port touches uses the items; one that
 * only counts "a read of the structure" uses the sums. */
typedef struct {
    char name[48];
    area_item_type type;
    unsigned count;
    area_kind kind;        /* arrays: ram, cam or ff as resolved */
    double area_mm2;       /* one copy */
    double read_nj, write_nj, search_nj, op_nj; /* one access of one copy */
    double leak_mw;        /* one copy */
} area_item_energy;

typedef struct {
    char name[32];
    double nm;
    double area_mm2;
    double read_nj, write_nj, search_nj, op_nj, leak_mw; /* as above */
    unsigned n;
    area_item_energy item[AREA_DESC_MAX];
} area_energy_report;

/* The energy of a description at the technology t. */
const char *area_desc_energy(const area_tech *t, const area_desc *d, area_energy_report *out);

/* The energy of module `name` (area_modules(): "simt_stack", "dpe_stack",
 * "warp_pool", ...) built from its defaults overridden by Verilog
 * parameters (pnames/pvalues, n of them; n = 0 for the defaults) at `nm`
 * (22..90), the organisation goal of the area report (delay).  Returns NULL
 * or a one-line message in err. */
const char *area_struct_energy(const char *name, const char *const *pnames,
                               const unsigned *pvalues, unsigned n, double nm,
                               area_energy_report *out, char *err, size_t errlen);

/* ------------------------------------ modules for `area logic --module` */
/* Names of the modules with a description ("simt_stack", ...), NULL-terminated. */
const char *const *area_modules(void);
/* The Verilog parameter names of module `name` (AREA_MODULE_PARAMS long,
 * NULL after the last), or NULL for an unknown module. */
const char *const *area_module_params(const char *name);
/* Builds module `name` from its defaults overridden by Verilog parameters
 * (names, values, n of them).  Returns NULL or a one-line message. */
const char *area_desc_module(const char *name, const char *const *pnames,
                             const unsigned *pvalues, unsigned n, int force_ff, area_desc *d,
                             char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif /* AREA_STRUCTS_H */
