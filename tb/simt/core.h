/* SPDX-License-Identifier: Apache-2.0 */
/*
 * core.h -- the SM core every mechanism plugs into (issue 24), written once.
 *
 * The core runs one `prog` (tb/simt/prog.h: the .k lowering or PTX) on one
 * SM.  It owns everything a mechanism's paper takes as its baseline, and a
 * mechanism (tb/simt/mech.h, one file each) adds only the structures, stages
 * and ports its paper adds.
 *
 * Pipeline, per cycle (core_cycle):
 *   1. CTA dispatch: a finished CTA's slot is freed once every thread has
 *      exited and every result of its threads is written back; the next CTA
 *      of the grid starts in it: its warps are offered to the mechanism
 *      (ops->launch), which enters them through its structure's port.
 *      Resident CTAs = min(grid, max_ctas, max_threads / CTA threads,
 *      max_warps / CTA warps, shared_bytes / CTA shared bytes, rf_regs /
 *      CTA registers); a CTA that fits in none of them is refused (one
 *      line, exit 2).  CTA registers (rf_regs > 0): the CTA's warps x
 *      (warp_size x vector registers per thread + scalar registers per
 *      warp), 32-bit registers from 002 sec. 4.3's allocator (scalar.h):
 *      the scalarizing mechanisms' vector and scalar classes, every other
 *      mechanism's allocation with every register vector (the baseline
 *      without scalarization; 002 l.625-633: occupancy follows from the
 *      allocated count, not the PTX virtual registers).  Predicates are
 *      not counted (a predicate file of their own).  Whole warps are
 *      allocated (a partial warp takes a warp's registers).
 *   2. Barriers, per CTA: when every live thread of a CTA has arrived at
 *      its `bar`, they all go on (an exited thread counts as arrived, and
 *      so does one bound for the exit after an early return: prog.h,
 *      exit_bound).
 *   3. Fetch and decode (mechanisms without MECH_OWN_FETCH): every warp
 *      context (ctx: dpe's two paths, sbi's two splits; 1 for spe) has an
 *      instruction buffer of `ibuf` entries holding instructions at
 *      sequential PCs.  `fetch_width` instructions a cycle are fetched,
 *      round robin over the contexts with room: into an empty buffer the
 *      context's next PC (ops->fetch_pc), else the PC after the last
 *      buffered one, unless that is a branch or exit (the next PC is known
 *      only when it issues).  An instruction fetched in cycle c issues in
 *      c+1 at the earliest.  Refill on issue (issue 24 item 6, as
 *      swi_sched's and tsimt_frontend's entries): the slot an issue frees
 *      takes the next sequential instruction in the issue's own cycle, from
 *      what the fetch stage left of the cycle's fetch_width, so a buffer of
 *      one entry issues every cycle.  When a context's PC is not its buffer's head
 *      (a taken branch, a reconvergence), the buffer is flushed and
 *      refilled: one bubble, the same for every mechanism.  With two
 *      contexts a warp (dpe's paths, sbi's CPC1/CPC2), a buffer whose head
 *      is now the other context's PC moves there instead (core_fetch.c,
 *      fb_settle): a path that falls into its reconvergence point keeps its
 *      prefetched instruction when the stack pops, as the one-context
 *      stack's does; a path waiting there keeps its buffer (it takes no
 *      fetch while it waits) so that it can move when the entry pops.
 *   4. The mechanism's cycle (ops->cycle): candidates, issue, commit (see
 *      mech.h).  Up to `schedulers` issue ports; port p schedules the warps
 *      w with w mod schedulers == p (001's even/odd pools).  An issued
 *      instruction goes to a free SIMD group of its class (ALU: alu_groups
 *      groups, SFU: sfu_groups, both `simd_width` lanes wide; loads,
 *      stores and atomics: the load/store unit).  A warp wider than its
 *      group goes through in waves: lanes [i*width, (i+1)*width) in wave i,
 *      ceil(warp_size / width) cycles in which the group takes nothing else
 *      (002's and 001's waves); a `compact` issue skips waves with no
 *      active lane (TSIMT, 002 sec. 3.2).
 *   5. Execution is functional at issue (prog_exec_warp: the active
 *      threads in lane order in one call, after each thread's checks below
 *      passed; a warp-synchronous instruction, prog.h, for each logical
 *      warp of the issue at once when the issue holds all its members,
 *      else the mechanism is refused: core_refuse); every thread-instruction is checked on the spot against
 *      the reference's PC sequence of that thread (kept in full while the
 *      grid's threads fit max_threads; a larger grid keeps each thread's
 *      length and PC hash, checked as its CTA retires, so memory follows
 *      the resident CTAs: issue 25 sec. 6).
 *
 * Latencies and the timing oracle (item 4 of issue 24).  A thread's result
 * is ready at issue + delay + w + latency, where w is the wave (or, under
 * compact, the position among the non-empty waves) that holds its lane and
 * latency is alu_lat (PU_ALU, PU_BRA, PU_NOP, PU_BAR, PU_EXIT, ld.param),
 * sfu_lat (PU_SFU), or for memory: global and local mem_lat + s, where s
 * is the index of the 128-byte segment (seg_bytes) the thread's access is
 * in, in the order the load/store unit sends them (one segment a cycle,
 * first access first, 001 sec. 2); shared shared_lat + k, where k is the
 * access's position in its bank's queue (banks of bank_bytes, two
 * accesses to one word of one bank are one access: a broadcast).  The LSU
 * takes a new instruction when its last segment (bank cycle) has gone.
 * The per-thread ready times are the oracle: a thread that reads or
 * overwrites a register before its result is ready fails the run,
 * whatever the mechanism's scoreboard said.
 *
 * Scoreboard (core_sb_*): per warp slot and register, the cycle its last
 * write is ready (the latest thread's).  Mechanisms with their own
 * scoreboard (dpe's shadow scoreboard, sbi's dependency matrix) set
 * MECH_OWN_SB and do not call it; the oracle still runs.
 *
 * Quiet cycles (core.c, core_quiet; issue 25 sec. 6).  A launch that
 * leaves the SM mostly idle (bfs at 001: 64 threads in 48 warp slots,
 * about 22 cycles per warp-instruction) spends most cycles on work that
 * finds nothing to do.  When a cycle issued nothing and changed nothing
 * (no fetch, flush, moved buffer, CTA start, full-table stall or barrier
 * release; no context of a warp that is not barred in the ready set) and
 * the mechanism's hook (mech_ops.quiet) says its own cycle was idle too,
 * every later cycle is the same until a clock says otherwise: the ready
 * set's wake (rdy_next: a buffered head's fetch and scoreboard), a
 * finished CTA's retirement (cta_ready), the test hook's cycle, the
 * mechanism's own clock (its hook's answer), and one cycle before the
 * end-of-cycle checks could fire (completion at last_ready, the deadlock
 * line, max_cycles).  The core jumps to the earliest of them, counting
 * the cycles it passes as idle cycles and having the hook account its
 * structures' idle commits (energy steps) in bulk: every report, log line,
 * error message and cycle count is the one of a run of every cycle.  It
 * never jumps with a VCD or a trace directory (they show every cycle);
 * --log writes only issues, so it jumps with --log.  Under --check every
 * cycle runs: each stretch the core would have jumped is declared and
 * checked cycle by cycle (nothing issues or changes, the hook stays
 * quiet), and at its end the hook's bulk account is compared with the
 * access counts and idle cycles the cycles left (core_fail "internal:
 * ..."; --inject-fault quiet@C plants a prediction twice too long).
 * `--set quiet_skip=off` runs every cycle.  A mechanism without the hook
 * is never jumped over; one that fetches itself (MECH_OWN_FETCH) has its
 * hook say when any of its warps can go.  With the hook: spe and
 * simt+scalar (mech_spe.c); tsimt, stsimt and their +scalar forms
 * (mech_tsimt.c: a buffered warp's scoreboard and load/store unit clocks,
 * core_sb_at and core_class_free_at, and its lane's readiness); dwf and
 * lwm (a unit waits for a writeback or completion, or its pool's candidate
 * for its unit: core_unit_free_at); sbi, swi and sbi+swi (mech_sbi.c,
 * mech_swi.c, mech_sbi_swi.c: their scoreboards' writebacks, the per-warp
 * scoreboard for swi's entries, core_sb_at); dpe (mech_dpe.c: its shadow
 * scoreboard's next writeback, the units of its paths' classes:
 * core_class_free_at).  One with its own scoreboard that the core fetches
 * for (sbi, dpe) sets MECH_QUIET_SB: its hook answers for the contexts of
 * the ready set (when its scoreboard lets them go, and their units:
 * core_unit_free_at).
 *
 * Metrics (core_stats): cycles; warp_insts (issue slots: a packet and the
 * packets issued `with` it are one); thread_insts; IPC = thread_insts /
 * cycles (the papers' metric); SIMD efficiency = thread_insts /
 * (warp_insts x warp_size); lane utilisation = lane-cycles that executed a
 * thread / (cycles x lanes of every ALU and SFU group).  Every run asserts
 * simd_eff <= 1, that thread_insts equals the reference's and that the
 * issue histogram sums to warp_insts (core_finish).
 */
#ifndef SIMT_CORE_H
#define SIMT_CORE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "../../rtl_c/port.h"
#include "energy.h"
#include "prog.h"
#include "ref.h"

#define CORE_MAX_WARP 64   /* threads per warp: masks are 64-bit */
#define CORE_MAX_PORTS 4   /* schedulers (issue ports) */
#define CORE_MAX_GROUPS 16 /* SIMD groups of a class */
#define CORE_MAX_WARPS 256 /* warp slots */
#define CORE_MAX_CTX 2     /* fetch contexts per warp */
#define CORE_MAX_PARAM 32  /* --param entries */

struct vcd_writer;
struct mech_ops;

enum core_sched { CORE_SCHED_RR = 0, CORE_SCHED_TWO_LEVEL = 1, CORE_SCHED_OLDEST = 2 };
enum core_regfile { CORE_RF_PER_LANE = 0, CORE_RF_CROSSBAR = 1 };

/* The machine.  Every field is a key of core_keys[] (the preset files,
 * --set KEY=VALUE, and the per-key flags --KEY-WITH-DASHES VALUE). */
typedef struct core_cfg {
    /* shape */
    unsigned warp_size;    /* threads per warp */
    unsigned simd_width;   /* lanes per SIMD group (0: warp_size) */
    unsigned schedulers;   /* issue ports per cycle */
    unsigned alu_groups;   /* ALU SIMD groups (0: schedulers) */
    unsigned sfu_groups;   /* SFU SIMD groups */
    unsigned fetch_width;  /* instructions fetched per cycle (0: schedulers) */
    unsigned ibuf;         /* instruction buffer entries per warp context */
    unsigned barrel;       /* barrel processing (000 l.213-220, 004 l.193-200): a warp
                            * is not fetched again until its last instruction has
                            * completed (its latest result is ready), so it issues
                            * again a cycle after that (the fetch): part of the
                            * per-warp scoreboard (core_sb_ready), so the mechanisms
                            * on it (spe, swi, tsimt, ...); dwf's pool and lwm's
                            * in-flight bits are their papers' per-thread forms of it;
                            * dpe's and sbi's own scoreboards do not model it */
    /* SM limits */
    unsigned max_threads, max_warps, max_ctas;
    unsigned shared_bytes; /* shared memory per SM */
    unsigned rf_regs;      /* 32-bit registers per SM (0: no limit) */
    /* latencies (cycles from issue to a usable result) */
    unsigned alu_lat, sfu_lat, mem_lat, shared_lat;
    /* memory */
    unsigned seg_bytes;    /* coalescing segment */
    unsigned banks, bank_bytes;
    /* scheduling */
    unsigned sched;        /* enum core_sched */
    unsigned group_size;   /* two-level fetch group in warps (0: a quarter of the warps);
                            * lwm: group_size / lwm_k large warps, at least 1 */
    unsigned timeout;      /* two-level timeout, instructions (0: two_level_sched's default) */
    /* mechanism structure sizes */
    unsigned spe_depth, dpe_depth, sb_entries, cct, lut_entries, maj, sched_bits, policy,
        swizzle, regfile, tsimt_width, lwm_k, swi_sets, swi_ways, shuffle;
    unsigned stack_merge;  /* merge on push in the {pc,mask,rpc} stacks (simt_rule.h) */
    /* energy (energy.h): the clock leakage and power are charged at */
    unsigned clock_mhz;
    /* run control */
    unsigned check;        /* every structure's invariant check every cycle */
    unsigned quiet_skip;   /* skip quiet cycles (core.h, "Quiet cycles"); off: run each */
    unsigned layout;       /* enum prog_layout (layout.h): the program's block order */
    uint64_t max_cycles;
    /* test hook (--inject-fault): at cycle fault_cycle, 1 flips bit 0 of
     * register 1 of the last thread slot, 2 flips bit 0 of global byte 0,
     * 3 drops one structure update of an issue (core_drop), 4 from then on
     * blinds every scoreboard (core_sb_blind), 5 from then on makes the
     * per-warp scoreboard forget each thread's position (wave, lane group,
     * segment: ready at issue + delay + latency, issue 24 item 4), 6
     * (scalarizing mechanisms) plants an unsound scalarization: the first
     * instruction that reads the thread id is marked scalar, 7 (cli.c:
     * --layout's moved fall-throughs left unpatched), 8 skips the
     * ready set's update of the first issue from then on (core_ready_set;
     * the core keeps the set under --check), 9 (mech_lwm.c) does not ask
     * lwm's row mode for warp-synchronous instructions from then on (the
     * unit packs them by column), 10 skips the first change of a warp's
     * barred bit from then on (core_barred_set, read by tsimt and stsimt;
     * kept under --check), 11 (mech_dwf.c) gives dwf's lean evaluation
     * (dwf_eval_lean) the commit's TIDs with the lowest committed lane's
     * bit 0 flipped from then on (compared with dwf_eval under --check),
     * and tsimt's lean answer loses its lowest ready lane (mech_tsimt.c),
     * 12 from then on declares every quiet stretch (core.h, "Quiet
     * cycles") twice as long as it is (verified under --check), 13
     * (mech_dwf.c) keeps a parked thread's membermask wait as none, 14
     * (core_cta.c) leaves a starting CTA's first thread's registers
     * uncleared (core_new fills them under --check), 15 (ref_taint.c, with
     * --inject-fault taint@K) takes one of the reference's order-taint
     * widenings away, 16 (mech_swi.c) names one thread too few in an
     * issue's perm_threads from then on (core_issue checks the map under
     * --check), 17 (ref_taint.c, with --inject-fault hook@K) takes one rule of
     * the order taint's plain-load seed away, 18 (ref_taint.c, with
     * --inject-fault atom@K) takes one of the taint's atomics rules
     * away (an atomic's result from tainted bytes, the atomics map's
     * --mem-peak count), 22 (ref_shuni.c,
     * --inject-fault shuni@0) turns the reference's check of the shared
     * loads taken as uniform off (a race on such a load then reaches the
     * mechanisms), 19 (core_issue.c, --inject-fault rdv@C) from then on
     * executes a narrow warp's warp-synchronous group without waiting for
     * its members in other hardware warps, 20 (mech_dwf.c, --inject-fault
     * held@C) from then on commits into dwf's pool the threads a narrow
     * warp's rendezvous held without the write pass of their results
     * (their register-file banks keep the old values), 21 (--inject-fault state@C:
     * mech_dwf.c, mech_sbi.c) corrupts a structure's state in place at
     * cycle C alone, before that cycle's invariant check (dwf: the first
     * pool's in-pool bit of its last thread flipped; sbi, sbi+swi: the
     * heap's free count one lower, or 1 when 0), which must report it in that
     * cycle ("... invariant (cycle C)"; the checks' fast paths,
     * docs/bench.md "The invariant checks' cost"), 23 (ref_fadd.c, with
     * --inject-fault fadd@K) takes the taint's float-add seed away (1) or
     * taints every float atomic add's word (2):
     * the checks must fail */
    unsigned fault_kind;
    uint64_t fault_cycle;
    /* --param STRUCT.NAME=VALUE, applied by the mechanisms (core_apply_params) */
    unsigned nparam;
    const char *param[CORE_MAX_PARAM];
} core_cfg;

/* One configuration key: name, field, range, allowed words (NULL: a
 * number), one line of help, the paper's default. */
typedef struct {
    const char *key;
    size_t off;        /* offsetof(core_cfg, field); the field is unsigned */
    unsigned lo, hi;
    const char *const *words; /* value i is words[i] (NULL-terminated) */
    const char *help;
} core_key;

extern const core_key core_keys[];   /* terminated by key == NULL */

void core_cfg_default(core_cfg *c);
/* KEY=VALUE or KEY and VALUE: NULL, or one line naming the key, the value
 * and the range (static buffer). */
const char *core_cfg_set(core_cfg *c, const char *key, const char *value);
/* A preset file: "key = value  # comment" lines.  NULL, or one line
 * "file:line: problem". */
const char *core_cfg_load(core_cfg *c, const char *path);
/* Cross-key rules (simd_width <= warp_size, ...): NULL or one line. */
const char *core_cfg_check(const core_cfg *c);
/* Writes "key = value" lines (the effective configuration). */
void core_cfg_print(const core_cfg *c, FILE *f);

/* ------------------------------------------------------------ the core */
/* What one issue port did this cycle (the decision: VCD, --log). */
typedef struct {
    uint8_t valid;
    uint8_t ctx;           /* dpe path, sbi split, ... */
    int8_t with;           /* issued in the slot of port `with`, -1 own slot */
    uint16_t warp;         /* scheduling unit (warp slot, pool entry, large warp) */
    int32_t pc;
    uint64_t mask;         /* lanes */
    uint32_t threads;      /* active threads (a large warp's jump: all of them) */
    uint16_t group;        /* SIMD group (class ALU/SFU) or 0xffff the LSU */
} core_dec;

/* An issue request (core_ready, core_issue). */
typedef struct {
    unsigned warp;         /* warp slot: scoreboard row, fetch buffer, barrier */
    unsigned ctx;          /* fetch context (< ops->nctx) */
    int pc;
    uint64_t mask;         /* active lanes (bit l: lane l) */
    const uint32_t *tid;   /* thread slot of lane l; NULL: warp * warp_size + l */
    unsigned unit_warp;    /* scheduling unit (rr pointer, two-level); usually warp */
    int group;             /* SIMD group to use, -1 any free one of the class */
    int with;              /* >= 0: joins the slot (and SIMD group) of port `with`
                            * on disjoint lanes (sbi's secondary, swi's I2) */
    unsigned delay;        /* cycles from issue to the first wave (001 Table 2) */
    unsigned compact;      /* skip the waves with no active lane (002) */
    unsigned lanes_per_wave; /* 0: simd_width; 1: TSIMT, k: STSIMT lanes */
    unsigned nosb;         /* the mechanism keeps its own scoreboard */
    unsigned nofetch;      /* the mechanism fetches itself */
    const uint32_t *threads; /* nthreads > 0: these thread slots execute (all in
                            * the first wave) instead of the lanes of mask: a
                            * large warp's jump, one sub-warp for all its
                            * threads (004 sec. 3.1) */
    unsigned nthreads;
    unsigned slots;        /* > 0: the issue counts as this many warp-instructions
                            * (a large warp's jump: the sub-warps it replaces,
                            * so that SIMD efficiency stays <= 1, item 14) */
    uint64_t perm_threads; /* with tid, != 0: tid maps the lanes of mask onto
                            * warp slot warp's own threads, each once (swi's
                            * lane shuffling), these bits (bit t: slot
                            * warp * warp_size + t); core_issue then takes a
                            * warp's own lanes' path (checked under --check) */
} core_req;

/* The outcome of one issue (core_issue fills it). */
typedef struct {
    uint64_t taken;        /* PU_BRA: lanes whose branch was taken */
    uint64_t exited;       /* PU_EXIT lanes */
    uint64_t bar;          /* PU_BAR lanes */
    int32_t next_pc[CORE_MAX_WARP]; /* per lane */
    uint64_t ready;        /* cycle the last thread's result is ready */
    unsigned waves;        /* cycles the SIMD group (or the LSU) is busy */
    int port;              /* the issue port it used */
} core_out;

typedef struct core_stats {
    uint64_t cycles, warp_insts, thread_insts, idle_cycles, full_stalls;
    uint64_t lane_busy;        /* lane-cycles that executed a thread */
    uint64_t group_busy;       /* SIMD group-cycles busy */
    uint64_t segments, bank_conflicts, fetches, flushes;
    uint64_t fb_moves;         /* buffers that followed their PC to another context */
    uint64_t ctas;             /* CTAs run */
    uint64_t scalar_issues;    /* scalarization: issues of scalar instructions */
    uint64_t hist[CORE_MAX_WARP + 1]; /* issue slots by active threads */
} core_stats;

typedef struct core core;

/* Sizes the SM for p (resident CTAs, warp slots), builds the mechanism's
 * structures (ops->init).  NULL on success, else one line (a kernel that
 * does not fit, a bad --param: exit 2). */
const char *core_new(const struct mech_ops *ops, const prog *p, const refp_result *ref,
                     const core_cfg *cfg, core **out);
/* One cycle: 0 running, 1 done, -1 failed (core_error). */
int core_cycle(core *c);
int core_run(core *c);
/* After the run: the final memory and registers against the reference,
 * the metrics' invariants, the mechanism's own end checks.  0 or -1. */
int core_finish(core *c);
const char *core_error(const core *c);
const core_stats *core_get_stats(const core *c);
const struct mech_ops *core_mech(const core *c);
void core_set_vcd(core *c, struct vcd_writer *w);
void core_set_log(core *c, FILE *f);
void core_set_trace_dir(core *c, const char *dir);
/* Closes the vector files; their paths into paths (valid until core_free). */
int core_trace_files(core *c, const char **paths, unsigned max);
void core_free(core *c);

/* ------------------------------------------- services for the mechanisms */
/* The geometry of this run. */
unsigned core_warp_size(const core *c);   /* threads per warp (lanes) */
unsigned core_warps(const core *c);       /* warp slots W */
unsigned core_threads(const core *c);     /* thread slots W * warp_size */
unsigned core_ports(const core *c);       /* schedulers */
const prog *core_prog(const core *c);
const core_cfg *core_config(const core *c);
uint64_t core_now(const core *c);
void *core_mech_state(const core *c);

/* Fails the run: "mech: message" (returns -1). */
int core_fail(core *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Stops the run because the mechanism cannot run this kernel as the
 * reference defines it (a warp-synchronous instruction whose warp it has
 * split, core_issue.c): "mech: message", and core_refused() is 1 (the
 * caller reports it as the mechanism's "cannot run", exit 2 when it was
 * named).  Returns -1. */
int core_refuse(core *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int core_refused(const core *c);

/* The order this cycle's scheduler offers the n scheduling units of port
 * `port` (n <= 64): --sched rr (loose round robin after the last unit that
 * issued), two-level (two_level_sched: 004 sec. 3.2-3.3, stalled = a load
 * in flight or no live thread) or oldest (the unit whose buffered
 * instruction waited longest, 001).  Returns the count written to ord. */
unsigned core_order(core *c, unsigned port, unsigned n, unsigned *ord);
/* core_order, where under oldest only the units whose bit is set in
 * `among` (a bitset of CORE_MAX_WARPS bits) are sorted and written: the
 * order of those units in core_order's (a stable sort keeps it).  Under rr
 * and two-level every unit is written: a caller that skips the units
 * outside `among` sees the same sequence either way. */
unsigned core_order_among(core *c, unsigned port, unsigned n, unsigned *ord,
                          const uint64_t *among);
/* visit(ctx, u) for the units of core_order_among's order in turn until one
 * returns nonzero (returned); 0 when none did.  Under oldest the next unit
 * is found when it is asked for (a scan for the least (fetch cycle,
 * round-robin position)), not sorted up front: a caller whose first unit
 * issues pays one scan. */
int core_order_visit(core *c, unsigned port, unsigned n, const uint64_t *among,
                     int (*visit)(void *ctx, unsigned u), void *ctx);
/* When this cycle's order of port's pool is round robin (--sched rr, or a
 * run where the others fall back to it): the unit it starts from; the
 * order is then the pool's units (port, port + core_pools, ...) from that
 * one upwards, wrapping (core_order writes the same).  Else -1. */
int core_order_rr(const core *c, unsigned port, unsigned n);
/* The pools the ports draw their units from: port q's pool holds units
 * q, q + pools, ...; 1 for a MECH_ONE_POOL mechanism, else schedulers. */
unsigned core_pools(const core *c);
/* The scheduler's commit: unit issued one instruction (advances rr and
 * steps two-level; a large warp's instruction is one call however many
 * sub-warps it takes, issue 24 item 13). */
void core_sched_issued(core *c, unsigned port, unsigned unit);
/* Warps per scheduling unit (lwm: K); 1 by default.  Units are k
 * consecutive warps of one CTA (a CTA's last unit may be shorter): unit u
 * is the (u mod ceil(CTA warps / k))-th of CTA slot u / ceil(CTA warps / k).
 * A unit is finished (two-level: stalled, item 12) when none of its warps
 * holds a live thread. */
void core_set_unit_warps(core *c, unsigned k);
/* The SIMD groups of the ALU class: n groups of `width` lanes (TSIMT: one
 * lane each).  Default alu_groups x simd_width. */
void core_set_alu_groups(core *c, unsigned n, unsigned width);

/* Whether the request may issue now: 0 yes; else a reason (not fetched,
 * scoreboard, barrier, no free SIMD group, LSU busy, port used).
 * Reads no mechanism state. */
enum core_why { CORE_OK = 0, CORE_NOT_FETCHED, CORE_SB, CORE_BARRIER, CORE_NO_GROUP,
                CORE_LSU, CORE_PORT, CORE_LANES };
enum core_why core_ready(const core *c, unsigned port, const core_req *r);
/* core_ready's last check alone: the unit of the request's class (its SIMD
 * group, the load/store unit, the scalar unit) is free; a scheduler skips
 * with it the candidates that cannot issue before the fuller check. */
enum core_why core_unit_free(const core *c, unsigned port, const core_req *r);
/* The same test for a scheduler that scans many candidates on one port: the
 * unit class of each instruction (core_unit_classes()[pc], one of
 * CORE_UC_*, fixed for the run) and the classes with a free unit on `port`
 * now (core_free_units: bit 1 << class).  For a request with group -1,
 * with -1 and lanes_per_wave 0, core_unit_free(c, port, r) == CORE_OK
 * exactly when core_free_units(c, port) >> core_unit_classes(c)[r->pc] & 1;
 * the mask holds until the next core_issue (docs/bench.md). */
enum { CORE_UC_LSU = 0, CORE_UC_SCALAR, CORE_UC_SFU, CORE_UC_ALU };
const uint8_t *core_unit_classes(const core *c);
unsigned core_free_units(const core *c, unsigned port);
/* The branch outcome of pc on the request's lanes (from the guard
 * predicates; pure): the taken lanes (an unguarded bra: all). */
uint64_t core_taken(const core *c, const core_req *r);
/* Warp w's fetch_pc may have moved outside the core's own marks (an issue
 * of the warp, its CTA's start; MECH_FETCH_KEPT): its contexts are fetch
 * candidates again, and the next fetch stage settles its buffers as after
 * an issue. */
void core_fetch_moved(core *c, unsigned w);
/* The per-warp scoreboard: the registers pc reads and writes are ready for
 * warp w (1) or not (0). */
int core_sb_ready(const core *c, unsigned w, int pc);
/* For the quiet hooks (mech_ops.quiet; core.c, near core_quiet), as the
 * clocks stand until the next core_issue, each at least core_now(c): the
 * first cycle core_sb_ready(c, w, pc) holds; the first cycle a unit of
 * class k (CORE_UC_*) is free in some group or port; the first cycle a
 * unit of pc's class is (a request that waits for its unit: core_ready's
 * CORE_LSU or CORE_NO_GROUP). */
uint64_t core_sb_at(const core *c, unsigned w, int pc);
uint64_t core_class_free_at(const core *c, unsigned k);
uint64_t core_unit_free_at(const core *c, int pc);
/* The ready set (issue 24 item 6): bit w * nctx + x (nctx: the
 * mechanism's contexts per warp) is set when context x of warp w has a
 * buffered head instruction that may issue now as far as the fetch buffer
 * (fetched in an earlier cycle) and, without MECH_OWN_SB, the per-warp
 * scoreboard (and barrel processing) go: core_ready then says neither
 * CORE_NOT_FETCHED nor CORE_SB to a request for that warp, context and
 * the head's pc (nofetch and nosb 0).  A clear bit: core_ready refuses
 * every such request, so a scan may skip it.  Kept by the core where a
 * buffer's head, a scoreboard row or bar_until change (issue, fetch,
 * flush, CTA start) and when a waiting context's cycle comes; --check
 * recomputes it every cycle.  Valid for the cycle (an issue updates its
 * warp's bits).  NULL when there is none (a mechanism without
 * MECH_READY_SET, MECH_OWN_FETCH or no fetch_pc, or the test hook blinded
 * the scoreboard): no warp may be skipped. */
const uint64_t *core_ready_set(const core *c);
/* Bit w (words of 64 warps) is set when warp w has live threads and every
 * one waits at a barrier: core_ready refuses (CORE_BARRIER) every request
 * of warp w whose first lane holds a live thread (a request of a lane
 * with no live thread fails at issue), so a scan may skip it.  Kept where
 * a thread reaches a barrier or exits, a barrier opens and a CTA starts;
 * --check recomputes it every cycle. */
const uint64_t *core_barred_set(const core *c);
/* The test hook blinds every scoreboard (fault kind 4 is active). */
int core_sb_blind(const core *c);
/* The test hook drops this structure update (fault kind 3, once). */
int core_drop(core *c, int issued);
/* Issues r on port `port`: executes every active thread, checks it against
 * the reference and the oracle, books the SIMD group / LSU and the
 * scoreboard, counts the statistics, records the decision.  0 or -1.  The
 * caller asked core_ready first; under --check it is asked again (a
 * request that is not ready fails the run: internal). */
int core_issue(core *c, unsigned port, const core_req *r, core_out *o);
/* A candidate the structure pushed back (a full table). */
void core_stall(core *c);
void core_stall_stack(core *c); /* core_stall for a full divergence stack */
/* core_stall naming what filled up (printf-style), for the deadlock line */
void core_stall_why(core *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The lanes of warp w that hold a live thread (launch masks). */
uint64_t core_warp_mask(const core *c, unsigned w);
/* Register r of thread slot t (a mechanism that models the register file,
 * dwf's lane_regfile, checks its reads against it). */
uint64_t core_reg(const core *c, unsigned t, unsigned r);
/* Scalarization (MECH_SCALAR_*, scalar.h): the analysis and allocation the
 * run uses; NULL when the mechanism does not scalarize. */
struct scalar_info_s;
const struct scalar_info_s *core_scalar(const core *c);
/* The register file the run is sized by (core.h, CTA dispatch): 32-bit
 * vector registers per thread and scalar registers per warp from the
 * allocation (scalar 0 without scalarization), and the CTAs an SM holds. */
void core_rf_alloc(const core *c, unsigned *vregs, unsigned *sregs);
unsigned core_cta_slots(const core *c);
unsigned core_cta_warps(const core *c); /* warps of a CTA */
/* 1 when the run executes instruction pc once per warp and times it so: a
 * scalar instruction (scalar.h), except on temporal lanes
 * (MECH_SCALAR_LANE) one with a vector destination -- the lane writes
 * every active thread's register, so it runs and is timed as a vector
 * instruction (tsimt_frontend.h SCALAR: fill_scalar only for a scalar
 * destination).  The scalar unit (MECH_SCALAR_UNIT) takes every scalar
 * instruction. */
int core_scalar_once(const core *c, int pc);
/* 1 while thread slot t waits at a barrier. */
int core_at_bar(const core *c, unsigned t);
/* Counts the times barrier bits were cleared (a barrier opened, a CTA
 * started in a slot): a thread's core_at_bar goes from 1 to 0 only when
 * this changes, which happens before the mechanism's cycle. */
uint64_t core_bar_clears(const core *c);
/* 1 when thread slot t has exited (or holds no thread). */
int core_exited(const core *c, unsigned t);
/* The lanes of its logical warp thread slot t waits for at warp-synchronous
 * instruction pc (prog_ops.coll_wait on its registers now: its membermask,
 * 0 for activemask or a false guard); 0 when pc is not one. */
uint32_t core_coll_wait(const core *c, int pc, unsigned t);
/* Warp-synchronous instructions in narrow warps (warp_size < PROG_WARP):
 * a logical warp's hardware warps rendezvous (core_issue.c, wsync_issue);
 * a warp held there waits as at a barrier (core_at_bar), and is released
 * alone, not with its CTA (core_bar_clears counts it) */
int core_wsync_narrow(const core *c);
/* The lanes of warp w whose thread waits at a barrier or such a
 * rendezvous (core_at_bar's bits) */
uint64_t core_warp_bar(const core *c, unsigned w);
/* The cycle every result issued so far is ready (mechanisms with their own
 * completion queues extend it: core_note_ready). */
void core_note_ready(core *c, uint64_t cycle);
/* Applies the --param entries of structure `name` to cfg through its
 * parameter table (tb/simt: the ranges and messages of make cosim). */
const char *core_apply_params(const core *c, const struct param_table *t, void *cfg);
/* 1 when --param named STRUCT.NAME (the mechanism then keeps the value). */
int core_param_given(const core *c, const char *struct_dot_name);

/* --trace-dir: records structure `name` of this cycle (its ports through
 * foo_ports, after one header and one reset line) into DIR/MECH-name.vec,
 * the co-simulation's vector format (tb/vec.h).  idx: the mechanism's
 * structure index 0..CORE_REC_MAX-1.  0, or -1 when the run failed. */
#define CORE_REC_MAX 8
int core_tracing(const core *c);                 /* --trace-dir given */
void *core_rec(core *c, unsigned idx);           /* the recorder: foo_ports' ctx */
void core_rec_visit(void *ctx, const char *name, unsigned width, const uint64_t *value,
                    enum port_dir dir);
int core_rec_cycle(core *c, unsigned idx, const struct param_table *t, const void *cfg);
/* Also counts the structure's accesses of the cycle from its ports
 * (energy.h: energy_count_NAME), whether or not the run is traced. */
#define CORE_RECORD(c, idx, name, cfgp, inp, outp)                                               \
    (energy_count_##name(core_energy_counts(c), #name, (cfgp), (inp), (outp)),                   \
     core_tracing(c) ? (name##_ports((cfgp), (inp), (outp), core_rec_visit, core_rec((c), (idx))), \
                        core_rec_cycle((c), (idx), &name##_params, (cfgp)))                       \
                     : 0)
/* The run's access counts (energy.h). */
energy_counts *core_energy_counts(const core *c);
/* The VCD writer while tracing (NULL otherwise). */
struct vcd_writer *core_vcd(const core *c);

#endif
