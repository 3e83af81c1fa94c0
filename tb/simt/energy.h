/* SPDX-License-Identifier: Apache-2.0 */
/*
 * energy.h -- energy, power and EDP of a run of the SM core (issue 29 sec. 2).
 *
 * Two halves, written once for every mechanism:
 *
 * 1. Access counts.  Every structure a mechanism drives is committed
 *    through CORE_RECORD (core.h), which also calls energy_count_NAME with
 *    the cycle's cfg, in and out: that function reads the structure's own
 *    ports (its operation, its valid/enable ports and the act/decision it
 *    evaluated) and adds the cycle's reads, writes, searches and whether
 *    its logic was active to the run's table (one row per structure name;
 *    the P copies of a per-scheduler structure share a row).  `steps`
 *    counts the commits.  The core counts its own structures in
 *    core_issue and fetch (energy_count_issue): the instruction buffers
 *    (a write per fetch, a read per issue), the register file (per issue:
 *    a row per source and destination register of the warp, and a bank
 *    access per active thread and register; a scalar instruction (002
 *    sec. 4) reads and writes each of its registers once, one 32-bit
 *    register: charged as a 1/warp_size share of a row, or one bank
 *    access), the per-warp scoreboard (a read of
 *    the issuing warp's row, a write per destination at issue and at
 *    writeback) and the SIMD lanes (a lane operation per active thread; a
 *    scalar instruction one).
 *
 * 2. Energy.  energy_eval asks the mechanism's own area function
 *    (ops->area) for its structures: mech_area_add and mech_area_regfile
 *    hand every description they cost to energy_collect, so the energy is
 *    of the SAME organisation and cfg the area column costs.  The core's
 *    structures are described here from core_cfg (area_desc_regfile):
 *    the instruction buffers (W x contexts x ibuf entries of 64 bits, one
 *    read port per scheduler, fetch_width write ports), the scoreboard (a
 *    row of nregs pending bits per warp slot) and the integer lane (a
 *    32-bit adder, a bitwise unit and a 4:1 result select: a stand-in for
 *    the lane's datapath, the same for every mechanism).  Per structure:
 *      dynamic = reads x read_nj + writes x write_nj + searches x search_nj
 *                + active cycles x op_nj          (area_desc_energy)
 *      leakage = leak_mw of every copy x cycles / clock
 *    A structure whose description banks its array per lane in lockstep
 *    (000 Fig. 10d/b, area_item.lockstep) is counted in bank accesses: one
 *    access costs read_nj / lanes; a single-decoder file reads a whole row
 *    (every lane's register) per access whatever the mask: that is the
 *    energy 000 Fig. 10 and 002 sec. 3 trade.
 *    power_mw = energy / (cycles / clock); edp = energy x runtime (nJ us).
 *    The clock is core_cfg.clock_mhz (the presets: 001 1000 MHz, 002
 *    1300 MHz stated; the others not stated, 1000 MHz).
 *
 * Outside the model: instruction cache, L1/shared memory, DRAM, the
 * interconnect, floating-point and SFU datapaths, clock tree: the same
 * for every mechanism at equal work, they dilute overheads (002 Fig. 12's
 * power is of the whole GPU).  Logic energy uses area/'s act_logic.
 */
#ifndef SIMT_ENERGY_H
#define SIMT_ENERGY_H

#include <stddef.h>
#include <stdint.h>

#include "../../area/tech.h"

#define ENERGY_MAX_STRUCTS 8  /* structure rows of one mechanism */
#define ENERGY_MAX_ITEMS 16   /* rows of a report: the mechanism's + the core's */

typedef struct {
    uint64_t rd, wr, srch, act, steps;
} energy_cnt;

typedef struct {
    const char *name[ENERGY_MAX_STRUCTS];
    energy_cnt s[ENERGY_MAX_STRUCTS];
    unsigned ns;
    /* the core's structures */
    uint64_t ibuf_wr, ibuf_rd;
    uint64_t rf_row_rd, rf_row_wr;   /* warp registers (a row of every lane) */
    uint64_t rf_lane_rd, rf_lane_wr; /* bank accesses: active threads x registers */
    uint64_t srf_rd, srf_wr;         /* a scalar instruction's registers, once per warp */
    uint64_t sb_rd, sb_wr;
    uint64_t lane_ops;
} energy_counts;

/* The row of structure `name` (created on first use; the last row is
 * shared when the table is full). */
energy_cnt *energy_row(energy_counts *e, const char *name);

/* One issue of an instruction with nsrc sources and ndst destinations on
 * `threads` active threads; scalar: it runs once (core_scalar_once);
 * sb: the core's scoreboard is used; ibuf: it came from the core's
 * instruction buffer. */
void energy_count_issue(energy_counts *e, unsigned nsrc, unsigned ndst, unsigned threads,
                        int scalar, int sb, int ibuf);

/* Per structure: cfg, in, out of the rtl_c model (const void *: the
 * CORE_RECORD macro passes the model's own types).  A structure committed
 * through CORE_RECORD needs its counter here (energy.c's COUNTER): the
 * build fails without one.  pc_warp_lut and warp_pool (inside dwf),
 * tsimt_lane (inside tsimt_frontend), lane_shuffle (a map applied at
 * launch) and the core's two_level_sched (stepped by the core, not in the
 * area column) have none. */
#define ENERGY_COUNTER(name)                                                                      \
    void energy_count_##name(energy_counts *e, const char *nm, const void *cfg, const void *in,  \
                             const void *out)
ENERGY_COUNTER(simt_stack);
ENERGY_COUNTER(dpe_stack);
ENERGY_COUNTER(shadow_scoreboard);
ENERGY_COUNTER(dwf);
ENERGY_COUNTER(lane_regfile);
ENERGY_COUNTER(lwm_subwarp);
ENERGY_COUNTER(hct_cct_heap);
ENERGY_COUNTER(sbi_scoreboard);
ENERGY_COUNTER(swi_sched);
ENERGY_COUNTER(tsimt_frontend);

/* ------------------------------------------------------------ energy */
typedef struct {
    char name[32];
    unsigned copies;
    energy_cnt n;                /* counts (bank accesses where lane-banked) */
    double dyn_nj, leak_nj;
} energy_item;

typedef struct {
    double clock_mhz, nm;
    uint64_t cycles;
    double runtime_us;
    double dyn_nj, leak_nj, energy_nj, power_mw, edp; /* edp: nJ x us */
    unsigned n;
    energy_item item[ENERGY_MAX_ITEMS];
} energy_result;

struct core;
/* The run's energy at technology t (the area column's).  0, or -1 with
 * one line in err. */
int energy_eval(const struct core *c, const area_tech *t, energy_result *r, char *err,
                size_t len);
/* "name=DYN/LEAK+..." (nJ per structure: dynamic / leakage), into buf. */
void energy_items_str(const energy_result *r, char *buf, size_t len);

/* "name=rd/wr/srch/act/steps+..." (the counts each structure was charged
 * with; the core's structures have no steps; a single-decoder register
 * file's reads and writes are in warp_size-ths of a row), into buf. */
void energy_counts_str(const energy_result *r, char *buf, size_t len);

/* Called by mech_area_add / mech_area_regfile for every description they
 * cost (an area_desc); key: the counts row it is charged with ("rf": the
 * core's register-file counts), NULL: its own name.  Does nothing unless
 * energy_eval is collecting.  A mechanism's register file must come
 * through mech_area_regfile (or energy_collect(d, "rf")), or be a
 * lane_regfile it commits itself: energy_eval refuses a run whose
 * register reads nothing would be charged with.  A structure with no
 * commits (lane_shuffle: a permutation fixed at launch) costs leakage. */
void energy_collect(const void *area_desc, const char *key);

#endif
