/* SPDX-License-Identifier: Apache-2.0 */
/*
 * structs_000.c -- area descriptions of paper 000 (dynamic warp formation):
 * the PC-warp LUT, the warp pool, dwf (LUT + pool + update registers) and
 * the lane register file (000 Fig. 10, 004 Fig. 5 organisations).
 *
 * What each description counts and its sources: see structs.c's header and
 * structs.h; the helpers (area_desc_start, area_add_array, ...) are in
 * structs_int.h.
 */
#include "structs.h"
#include "structs_int.h"

#include <stdio.h>
#include <string.h>

#include "../rtl_c/bits.h"
#include "../rtl_c/dpe_stack.h"
#include "../rtl_c/dwf.h"
#include "../rtl_c/lane_regfile.h"
#include "../rtl_c/lane_shuffle.h"
#include "../rtl_c/lwm_subwarp.h"
#include "../rtl_c/sbi_scoreboard.h"
#include "../rtl_c/shadow_scoreboard.h"
#include "../rtl_c/swi_sched.h"
#include "../rtl_c/tsimt_frontend.h"
#include "../rtl_c/tsimt_lane.h"
#include "../rtl_c/two_level_sched.h"
#include "logic.h"

/* -------------------------------------------------------- PC-warp LUT */

/* verilog/pc_warp_lut.v, per cycle: two lookups (lk0, lk1), each hashing
 * its PC to a set and reading that set's two ways (valid, PC tag, OCC,
 * IDX, the set's LRU bit); at most two entries written (one per lookup,
 * never the same); every entry's IDX compared with inv_idx (the issued
 * warp's invalidation) and with the two offered allocator indices (the
 * IDX_IN_USE check); the debug read port reads one entry and its LRU bit. */
const char *area_desc_pc_warp_lut(const pc_warp_lut_cfg *cfg, int force_ff, area_desc *d)
{
    const area_consts *c = area_default_consts();
    const char *e = pc_warp_lut_cfg_check(cfg);
    unsigned E, S, P, L, I, SW, fold;
    unsigned long table;
    double ge;
    if (e)
        return e;
    E = cfg->entries;
    S = pc_warp_lut_sets(cfg);
    P = cfg->pc_bits;
    L = cfg->lanes;
    I = pc_warp_lut_idx_w(cfg);
    SW = pc_warp_lut_set_w(cfg);
    area_desc_start(d, "pc_warp_lut", "PC-warp LUT (DWF)");
    snprintf(d->config, sizeof d->config,
             "%u entries, %u-way, {PC %u, OCC %u, IDX %u} = %u table bits, 2 lookups/cycle", E,
             cfg->ways, P, L, I, pc_warp_lut_table_bits(cfg));
    d->entry_bits = pc_warp_lut_table_bits(cfg) / E; /* Table 1's entry: PC + OCC + IDX */
    if (force_ff) {
        /* what the RTL is: flops; a lookup reads both ways' tags of its set
         * (a set mux), the OCC of the way it picked (an entry mux) */
        area_add_array(d, "PC tags",
                       "per set, both ways; reads: lk0 set, lk1 set, rd port; writes: "
                       "lk0, lk1 allocations",
                       AK_FF, S, 2 * P, 3, 2, 1, 1);
        area_add_array(d, "OCC fields", "reads: lk0 and lk1 entry, rd port; writes: lk0, lk1",
                       AK_FF, E, L, 3, 2, 1, 1);
    } else {
        /* the paper's 2-way set-associative 2RP 2WP table: an SRAM of sets x
         * (2 ways x {PC, OCC}) searched by the two lookups (each reads a set,
         * compares both tags, muxes the hit way), written by both, plus the
         * debug read port */
        area_item *it;
        area_add_array(d, "PC tags + OCC",
                       "2-way set-assoc.: 2 search ports (lk0, lk1, tag = PC), "
                       "1 read port (rd), 2 write ports",
                       AK_CAM, E, P + L, 1, 2, 1, 1);
        it = &d->item[d->n - 1];
        it->arr.search = 2;
        it->arr.ways = cfg->ways;
        it->arr.tag_bits = P;
    }
    /* IDX is compared in every entry every cycle: flip-flops, not SRAM */
    area_add_array(d, "IDX fields",
                   "flip-flops (every entry compared each cycle); reads: lk0 and lk1 "
                   "entry, rd port; writes: lk0, lk1",
                   AK_FF, E, I, 3, 2, 1, 1);
    table = d->storage_bits;
    area_add_array(d, "valid bits",
                   "per set, both ways; reads: lk0 set, lk1 set, rd port; writes: "
                   "lk0, lk1 (the invalidation clear is in the logic)",
                   AK_FF, S, cfg->ways, 3, 2, 1, 1);
    area_add_array(d, "LRU bits", "one per set; reads: lk0, lk1, rd port; writes: lk0, lk1", AK_FF,
                   S, 1, 3, 2, 1, 1);
    /* one source of truth: the arrays hold exactly the model's bits */
    if (table != pc_warp_lut_table_bits(cfg) || d->storage_bits != pc_warp_lut_state_bits(cfg))
        return "pc_warp_lut: the area description's bits differ from pc_warp_lut_state_bits()";
    /* per entry: IDX == inv_idx (invalidation; the bypass valid & ~match),
     * IDX == alloc_idx0 / alloc_idx1 (IDX_IN_USE), each gated by valid; the
     * three OR trees (inv_hit, live0, live1) */
    ge = 3.0 * E * (area_ge_eq_cmp(c, I) + c->ge_and2) + E * c->ge_and2 +
         3.0 * area_ge_reduce(c, E);
    area_add_logic(d, "IDX comparators",
                   "3 per entry: the issued warp's IDX (invalidation) and the "
                   "two offered indices (IDX_IN_USE check)",
                   ge);
    /* per lookup: the XOR-fold hash of PC[PC_W-1:2] into SET_W bits */
    fold = P - 2 > SW ? P - 2 - SW : 0;
    ge = 2.0 * fold * c->ge_xor2;
    if (force_ff) /* the tag compare the CAM model holds: 2 ways per lookup */
        ge += 4.0 * (area_ge_eq_cmp(c, P) + c->ge_and2) + 2.0 * (c->ge_or2 + c->ge_and2);
    /* same-set and SAME_PC compares, REQ == 0, lane conflict (REQ & OCC),
     * OCC next value (OCC | REQ, REQ & OCC or REQ), join/new masks */
    ge += area_ge_eq_cmp(c, SW) + area_ge_eq_cmp(c, P) +
          2.0 * (area_ge_reduce(c, L) + L * c->ge_and2 + area_ge_reduce(c, L)) +
          2.0 * (2.0 * L * c->ge_and2 + L * c->ge_or2 + area_ge_mux(c, 3, L)) +
          4.0 * L * c->ge_and2;
    /* way choice (hit way, invalid way first, LRU, same-set exclusion) and
     * LRU next value, per lookup */
    ge += 2.0 * (8.0 * c->ge_and2 + 4.0 * c->ge_or2);
    /* indices: lk1's new index mux, output gating, the offered indices
     * against inv_idx and each other, the pool range (POOL < 2^IDX_W) */
    ge += area_ge_mux(c, 2, I) + 4.0 * I * c->ge_and2 + 3.0 * (area_ge_eq_cmp(c, I) + c->ge_and2);
    if (cfg->pool < (1u << I))
        ge += 3.0 * area_ge_mag_cmp(c, I);
    /* need count vs alloc_avail, error priority, fire */
    ge += 2.0 * c->ge_ha + area_ge_mag_cmp(c, 2) + 12.0 * c->ge_and2;
    area_add_logic(d, "lookup logic",
                   "PC hash, compares, lane conflict, OCC update, way choice, "
                   "allocation and error checks",
                   ge);
    return NULL;
}

/* ------------------------------------------- warp pool (DWF, 000 4.2) */

/* verilog/warp_pool.v, per cycle: one committing warp's four groups (g0/g2
 * join an entry: its valid, lanes and PC are read for the checks and the
 * lanes ORed in; g1/g3 start an entry: PC, lanes, sched written), each lane
 * writes its TID into its own memory at its group's row; one issue: the
 * candidate's lanes, PC and TIDs read, its entry cleared, its index pushed
 * at the free list's tail, its threads' in-pool bits cleared; the majority
 * table updated by both pairs' PCs and the issue (no sort: a compare tree
 * picks by count). */
const char *area_desc_warp_pool(const warp_pool_cfg *cfg, area_wp_part part, int force_ff,
                                area_desc *d)
{
    static const char *const part_name[] = {"warp_pool", "warp_pool.pool", "warp_pool.alloc",
                                            "warp_pool.issue"};
    static const char *const part_title[] = {
        "Warp pool, allocator and issue logic (DWF)", "Warp pool (DWF)",
        "Warp allocator (DWF)", "Issue logic (DWF)"};
    const area_consts *c = area_default_consts();
    const char *e = warp_pool_cfg_check(cfg);
    area_kind k = force_ff ? AK_FF : AK_AUTO;
    warp_pool_bitcount b;
    unsigned L, E, T, P, S, M, I, F, TH, LG, CW, MW, pol;
    int table, pool, alloc, issue;
    unsigned long want = 0;
    double ge;
    if (e)
        return e;
    if (part > AREA_WP_ISSUE)
        return "warp_pool: part must be all, pool, allocator or issue";
    pool = part == AREA_WP_ALL || part == AREA_WP_POOL;
    alloc = part == AREA_WP_ALL || part == AREA_WP_ALLOC;
    issue = part == AREA_WP_ALL || part == AREA_WP_ISSUE;
    L = cfg->lanes;
    E = cfg->entries;
    T = cfg->tid_bits;
    P = cfg->pc_bits;
    S = cfg->sched_bits;
    M = cfg->maj_entries;
    I = warp_pool_idx_w(cfg);
    F = warp_pool_free_w(cfg);
    TH = warp_pool_threads(cfg);
    LG = bits_index_width(L);
    CW = T + 2u; /* the table's count arithmetic */
    MW = bits_index_width(M);
    pol = cfg->policy;
    table = pol == WP_POL_DMAJ || pol == WP_POL_DMIN;
    b = warp_pool_bits(cfg);
    area_desc_start(d, part_name[part], part_title[part]);
    snprintf(d->config, sizeof d->config,
             "%u entries x {%u TIDs x %u, PC %u, sched %u}, %u lanes, %s%s", E, L, T, P, S, L,
             warp_pool_policy_name(pol), table ? "" : " (no table)");
    if (table) {
        size_t l = strlen(d->config);
        snprintf(d->config + l, sizeof d->config - l, " with %u x {PC %u, count %u}", M, P, T);
    }
    if (part == AREA_WP_ALLOC)
        snprintf(d->config, sizeof d->config, "free list %u x %u-bit pool indices, 2 offered per "
                 "cycle", E, I);
    else if (part == AREA_WP_ISSUE && table)
        snprintf(d->config, sizeof d->config, "%s: %u x {PC %u, count %u}, pool of %u",
                 warp_pool_policy_name(pol), M, P, T, E);
    else if (part == AREA_WP_ISSUE)
        snprintf(d->config, sizeof d->config, "%s: selection over the pool of %u",
                 warp_pool_policy_name(pol), E);
    d->entry_bits = part == AREA_WP_ALLOC   ? I
                    : part == AREA_WP_ISSUE ? (table ? P + T : 0)
                                            : b.pool_entry;
    if (pool) {
        area_item *it;
        /* 000 Table 1's per-lane decoders: a memory per lane */
        area_add_array(d, "TID memories",
                       "one per lane (its own row decoder); write: the lane's "
                       "group row; read: the issue candidate",
                       k, (unsigned long)L * E, T, 1, 1, L, 1);
        d->item[d->n - 1].lockstep = 1; /* every lane's TID at once */
        if (table && !force_ff) {
            area_add_array(d, "entry rows {PC, sched}",
                           "fully assoc., tag = PC: 1 search (the "
                           "chosen PC), 3 reads (candidate, g0, g2 joins), 2 writes (g1, g3 new)",
                           AK_CAM, E, P + S, 3, 2, 1, 1);
            it = &d->item[d->n - 1];
            it->arr.search = 1;
            it->arr.tag_bits = P;
        } else {
            /* DPC compares every PC, DTime/DPdPri every sched: flip-flops */
            area_add_array(d, "entry PCs", "reads: candidate, g0 and g2 joins; writes: g1, g3 new",
                           (force_ff || pol == WP_POL_DPC) ? AK_FF : k, E, P, 3, 2, 1, 1);
            area_add_array(d, "entry sched data",
                           table || pol == WP_POL_DPC
                               ? "written by g1, g3 (read by no policy built here)"
                               : "every entry compared by the policy; writes: g1, g3 new",
                           AK_FF, E, S, 0, 2, 1, 1);
        }
        /* valid and untracked gate every entry's match each cycle: flops */
        area_add_array(d, "entry valid/untracked",
                       "flip-flops (every entry's match is gated); reads: "
                       "g0, g2 joins; writes: issue clear, g1, g3",
                       AK_FF, E, 2, 2, 3, 1, 1);
        area_add_array(d, "lane-valid bits",
                       "reads: candidate, g0, g2 joins; writes: issue clear, "
                       "g1, g3 new, g0, g2 join (OR in)",
                       k, E, L, 3, 5, 1, 1);
        /* set by a compare on the written TID of its home lane, cleared by
         * one on the issued TID: a decoder per direction */
        area_add_array(d, "in-pool vector",
                       "one bit per thread; set: written TIDs, clear: issued TIDs", AK_FF, TH, 1, 0,
                       2, 1, 1);
        want += (unsigned long)b.pool + b.pool_ctrl + b.in_pool;
        ge = 0.0;
        if (table && force_ff) /* the CAM's search port: PC compares, lowest match */
            ge += E * area_ge_eq_cmp(c, P) + area_ge_prio_enc(c, E);
        /* per entry: m_pc / m_un gating by valid and untracked */
        ge += 3.0 * E * c->ge_and2;
        /* in-pool: lane gating of the set/clear, TID_IN_POOL hit reduce */
        ge += 3.0 * TH * c->ge_and2 + area_ge_reduce(c, TH);
        area_add_logic(d, "pool match and in-pool logic",
                       "per-entry match gating, in-pool "
                       "set/clear gating and TID_IN_POOL",
                       ge);
        /* per lane: home-lane check (swizzle), row select among 4 groups
         * and write enable; group checks: GROUP_KIND, OVERLAP (6 pairs),
         * PAIR_PC, NEW_EMPTY, HOME_LANE, written-lane mask; the two joins'
         * JOIN_INVALID/ISSUING/PC and LANE_OCC; the error priority; the
         * issue outputs gated by the issue */
        ge = L * (area_ge_eq_cmp(c, LG) + c->ge_xor2 + area_ge_mux(c, 4, I) + 6.0 * c->ge_and2) +
             12.0 * c->ge_and2 + 6.0 * (L * c->ge_and2 + area_ge_reduce(c, L) + c->ge_and2) +
             2.0 * area_ge_eq_cmp(c, P) + 4.0 * area_ge_reduce(c, L) +
             L * c->ge_and2 + area_ge_reduce(c, L) + 4.0 * L * c->ge_and2 + 3.0 * L * c->ge_or2 +
             2.0 * (area_ge_eq_cmp(c, I) + area_ge_eq_cmp(c, P) + L * c->ge_and2 +
                    area_ge_reduce(c, L) + 4.0 * c->ge_and2) +
             area_ge_prio_enc(c, 13) + (P + L + I + (double)L * T + 4.0) * c->ge_and2;
        area_add_logic(d, "pool write checks",
                       "home lanes, per-lane row select, group and join "
                       "checks, error priority, issue output gating",
                       ge);
    }
    if (alloc) {
        area_add_array(d, "free list",
                       "circular FIFO of pool indices; reads: head, head + 1; write: "
                       "the issued entry at the tail",
                       k, E, I, 2, 1, 1, 1);
        area_add_array(d, "allocator registers", "head, free count", AK_FF, 1, I + F, 0, 1, 1, 1);
        want += (unsigned long)b.allocator + I + F;
        /* head + 1, tail = head + count, head += new groups, count - new +
         * issue, ISS_EMPTY (count = POOL), ready (new <= count), the new
         * groups' count and order, NEW_IDX (2 compares, offered-index mux) */
        ge = area_ge_incdec(c, I) + 2.0 * area_ge_adder(c, I) + 2.0 * area_ge_adder(c, F) +
             area_ge_reduce(c, F) + area_ge_mag_cmp(c, F) + area_ge_popcount(c, 4) +
             4.0 * area_ge_adder(c, 2) + 2.0 * area_ge_eq_cmp(c, I) + area_ge_mux(c, 2, I) +
             8.0 * c->ge_and2;
        area_add_logic(d, "allocator logic", "head/tail/count arithmetic, back-pressure, NEW_IDX",
                       ge);
    }
    if (issue) {
        unsigned regs = 0;
        if (table) {
            area_add_array(d, "majority table PCs",
                           "per slot; read: the chosen slot's PC; rewritten "
                           "each cycle (allocation, sort)",
                           AK_FF, M, P, 1, 1, 1, 1);
            area_add_array(d, "majority table counts", "count - 1 per slot, rewritten each cycle",
                           AK_FF, M, T, 0, 1, 1, 1);
            area_add_array(d, "majority table flags", "valid per slot", AK_FF, M, 1, 0, 1, 1, 1);
            area_add_array(d, "issue batch marks", "one per pool entry (DMaj lock, overflow drain)",
                           AK_FF, E, 1, 0, 1, 1, 1);
            regs = (T + 1u) + MW + 1u; /* untr_cnt, lslot, turn */
            want += (unsigned long)b.majority + b.majority_ctrl;
            /* searches: each pair's PC in every slot; hit and slot encode;
             * free-slot choice per pair; lock and pick encoders; the slot
             * decoders (pair 0, pair 1, chosen slot); per slot the count
             * update (+ n0 + n1 - issued, the stored minus one both ways,
             * zero test) and the alloc and swap muxes of {PC, count, flags};
             * MAJ-1 compare-swaps; popcounts of the pairs and the issue; the
             * pair merge; the chosen slot's mux */
            ge = 2.0 * M * (area_ge_eq_cmp(c, P) + c->ge_and2) + 2.0 * area_ge_prio_enc(c, M) +
                 2.0 * (area_ge_prio_enc(c, M) + area_ge_eq_cmp(c, MW)) +
                 2.0 * area_ge_prio_enc(c, M) + M * c->ge_and2 + 3.0 * area_ge_decoder(c, M) +
                 M * (3.0 * area_ge_adder(c, CW) + area_ge_incdec(c, CW) + area_ge_incdec(c, T) +
                      area_ge_reduce(c, CW) + area_ge_mux(c, 3, P) +
                      area_ge_mux(c, 3, P + CW + 2u) + 6.0 * c->ge_and2) +
                 (M - 1u) * (area_ge_mag_cmp(c, CW) + c->ge_and2) + area_ge_popcount(c, L) +
                 2.0 * area_ge_popcount(c, 2u * L) + area_ge_eq_cmp(c, P) +
                 area_ge_adder(c, CW) + 2.0 * area_ge_mux(c, 2, P) + area_ge_mux(c, 2, MW);
            /* (the MAJ-1 compare-selects are the pick's compare tree, which
             * replaced the odd-even sort phase: the same comparator count) */
            area_add_logic(d, "majority table logic",
                           "2 PC searches, pick/free-slot encoders, "
                           "per-slot count adders, the pick's compare tree, popcounts",
                           ge);
            /* batches and the untracked fallback: counter update, the
             * lowest marked / untracked / picked warp over the pool, the
             * marks' set/clear, the one-hot choice and its binary encode,
             * the issue source (costed as the round robin it replaced) */
            ge = 3.0 * area_ge_adder(c, T + 1u) + area_ge_reduce(c, T + 1u) +
                 area_ge_decoder(c, E) + E * (c->ge_or2 + c->ge_and2) +
                 2.0 * area_ge_prio_enc(c, E) + area_ge_mux(c, 3, E) + area_ge_incdec(c, I) +
                 20.0 * c->ge_and2;
            area_add_logic(d, "batches, fallback and choice",
                           "untracked count, batch marks, "
                           "lowest warp over the pool, candidate one-hot and encode, issue source",
                           ge);
        } else {
            /* the selection over every valid entry: a chain of POOL-1
             * compare-selects (key and index); DTime's ages and stamp */
            unsigned key = pol == WP_POL_DPC ? P : S;
            ge = (E - 1u) * (area_ge_mag_cmp(c, key) + area_ge_mux(c, 2, key + I) +
                             3.0 * c->ge_and2) +
                 area_ge_decoder(c, E);
            if (pol == WP_POL_DTIME) {
                ge += E * area_ge_adder(c, S) + area_ge_adder(c, S) + 4.0 * area_ge_adder(c, S);
                regs = S; /* stamp */
            }
            area_add_logic(d, "issue selection",
                           pol == WP_POL_DTIME ? "oldest warp: ages, "
                                                 "compare-select chain, allocation stamps"
                           : pol == WP_POL_DPC ? "smallest PC: compare-select chain"
                                               : "smallest priority: "
                                                 "compare-select chain",
                           ge);
        }
        if (regs)
            area_add_array(d, "issue registers",
                           table ? "untracked count, last pick's slot, "
                                   "drain turn"
                                 : "allocation stamp",
                           AK_FF, 1, regs, 0, 1, 1, 1);
        want += regs;
    }
    /* one source of truth: the arrays hold exactly the model's bits */
    if (b.counters != I + F + (table ? (T + 1u) + MW + 1u : 0u) +
                          (pol == WP_POL_DTIME ? S : 0u) ||
        d->storage_bits != want)
        return "warp_pool: the area description's bits differ from warp_pool_bits()";
    return NULL;
}

unsigned area_dwf_update_reg_bits(const dwf_cfg *cfg)
{
    return cfg->lanes * cfg->tid_bits + 2u * (cfg->pc_bits + cfg->lanes + cfg->sched_bits);
}

/* verilog/dwf.v: ur_tids_q (one TID row: the two sides' REQs are disjoint),
 * ur_pc0/1_q, ur_req0/1_q, ur_prio0/1_q, written whole at a commit and read
 * by the two lookups and the pool's four groups (no decoder); the live bit
 * per thread (set at a commit, cleared at issue); the commit checks (every
 * TID at its home lane, TIDs not live, disjoint masks) and the equal-PC
 * merge of the two sides. */
const char *area_desc_dwf(const dwf_cfg *cfg, area_dwf_part part, int force_ff, area_desc *d)
{
    const area_consts *c = area_default_consts();
    const char *e = dwf_cfg_check(cfg);
    unsigned L, T, P, S, TH, LW;
    if (e)
        return e;
    L = cfg->lanes;
    T = cfg->tid_bits;
    P = cfg->pc_bits;
    S = cfg->sched_bits;
    TH = dwf_threads(cfg);
    LW = bits_index_width(L);
    area_desc_start(d, part == AREA_DWF_UPDATE ? "dwf_update_regs" : "dwf",
                    part == AREA_DWF_UPDATE
                        ? "Warp update registers (DWF)"
                        : "Dynamic warp formation (update registers, LUT, pool)");
    snprintf(d->config, sizeof d->config,
             "dwf_cfg: %u lanes, %u-bit TIDs (%u threads), %u-bit PC, %u-bit sched, LUT %u, MAJ %u",
             L, T, TH, P, S, cfg->lut_entries, cfg->maj_entries);
    d->entry_bits = area_dwf_update_reg_bits(cfg);
    area_add_array(d, "update registers",
                   "ur_tids_q (one TID row) + 2 x {ur_pc, ur_req, ur_prio}: "
                   "written whole at a commit, read by the lookups and the pool (no decoder)",
                   AK_FF, 1, area_dwf_update_reg_bits(cfg), 0, 1, 1, 1);
    if (part == AREA_DWF_UPDATE)
        return NULL;
    area_add_array(d, "live vector", "one bit per thread: set at a commit, cleared at issue", AK_FF,
                   1, TH, 0, 2, 1, 1);
    /* commit checks: per lane its TID's home lane (LW compare), its live
     * bit (a TH:1 mux), the mask overlap; the merge compare and muxes */
    area_add_logic(
        d, "commit checks", "home lane, live and overlap checks per lane, equal-PC merge",
        L * (area_ge_eq_cmp(c, LW) + area_ge_mux(c, TH, 1) + 2.0 * c->ge_and2) +
            area_ge_reduce(c, L) + area_ge_eq_cmp(c, P) + area_ge_mux(c, 2, P + L + S) * 2.0);
    {
        pc_warp_lut_cfg lc = dwf_lut_cfg(cfg);
        warp_pool_cfg pc = dwf_pool_cfg(cfg);
        area_desc sub;
        if ((e = area_desc_pc_warp_lut(&lc, force_ff, &sub)) != NULL ||
            (e = area_desc_append(d, &sub, "LUT ")) != NULL)
            return e;
        if ((e = area_desc_warp_pool(&pc, AREA_WP_ALL, force_ff, &sub)) != NULL ||
            (e = area_desc_append(d, &sub, "pool ")) != NULL)
            return e;
    }
    return NULL;
}

/* ------------------------------------------------ lane register file */

const char *area_desc_lane_regfile(unsigned lanes, unsigned entries, unsigned width,
                                   unsigned regs, area_lrf_org org, int force_ff, area_desc *d)
{
    lane_regfile_cfg cfg = lane_regfile_default_cfg();
    if (lanes)
        cfg.lanes = lanes;
    if (entries)
        cfg.entries = entries;
    if (width)
        cfg.width = width;
    if (regs)
        cfg.regs = regs;
    return area_desc_lane_regfile_cfg(&cfg, org, force_ff, d);
}

const char *area_desc_lane_regfile_cfg(const lane_regfile_cfg *cfgp, area_lrf_org org,
                                       int force_ff, area_desc *d)
{
    static const char *const org_name[] = {"single decoder (000 Fig. 10c)",
                                           "a decoder per lane (000 Fig. 10d)",
                                           "per-lane banks + crossbar (000 Fig. 10b)"};
    const area_consts *c = area_default_consts();
    const lane_regfile_cfg cfg = *cfgp;
    const char *e;
    unsigned L, N, W, RW, LW, TW, rp, wp;
    area_kind k = force_ff ? AK_FF : AK_RAM;
    area_item *it;
    double ge;
    e = lane_regfile_cfg_check(&cfg);
    if (e)
        return e;
    if (org > LRF_ORG_CROSSBAR)
        return "lane_regfile: organisation must be single decoder, per lane or crossbar";
    L = cfg.lanes;
    N = cfg.entries;
    W = cfg.width;
    RW = lane_regfile_row_w(&cfg);
    LW = lane_regfile_lane_w(&cfg);
    TW = lane_regfile_tid_w(&cfg);
    rp = cfg.read_ports;
    wp = cfg.write_ports;
    area_desc_start(d, "lane_regfile", "Banked per-lane register file");
    snprintf(d->config, sizeof d->config, "%u lanes x %u x %u-bit, %uR%uW, %s%s", L, N, W, rp, wp,
             org_name[org], cfg.sregs ? ", scalar addressing mode (002 sec. 4.1)" : "");
    if (org == LRF_ORG_SINGLE_DECODER)
        area_add_array(d, "register array", "one row = one register of every lane, one decoder", k,
                       N, L * W, rp, wp, 1, 1);
    else
    {
        area_add_array(d, "lane banks", "one bank per lane, each with its own row decoder", k,
                       (unsigned long)L * N, W, rp, wp, L, 1);
        d->item[d->n - 1].lockstep = 1; /* a warp's access reaches every lane's bank */
    }
    if (force_ff) /* the SRAM model has its read latches; flip-flop banks need them */
        area_add_array(d, "bank read registers", "the synchronous read ports' registers", AK_FF, L,
                       rp * W, 0, 1, 1, 1);
    /* per lane: the thread's home bank and row (slot * REGS + r) for ra0,
     * ra1, wa, and the legality checks of the request */
    ge = 3.0 * (org == LRF_ORG_SINGLE_DECODER ? 1.0 : L) * area_ge_adder(c, RW) +
         L * (area_ge_eq_cmp(c, LW) + area_ge_mag_cmp(c, TW) + LW * c->ge_xor2);
    if (org == LRF_ORG_SINGLE_DECODER) /* all valid lanes in one slot */
        ge += L * area_ge_eq_cmp(c, TW - LW);
    area_add_logic(d, "address and check logic", "home bank, rows, request legality", ge);
    area_add_array(d, "request state", "rvalid per lane", AK_FF, 1, L, 0, 1, 1, 1);
    if (org == LRF_ORG_CROSSBAR) {
        area_add_array(d, "crossbar state",
                       "done mask, the request's lanes (req_q), per-lane bank "
                       "select, swizzle, conflict counter",
                       AK_FF, 1, 2 * L + L * LW + 1 + 32, 0, 1, 1, 1);
        /* each bank grants its lowest pending lane homed in it */
        area_add_logic(d, "bank arbitration",
                       "home decode per lane, a priority encoder per bank, conflict counter",
                       L * area_ge_decoder(c, L) + L * area_ge_prio_enc(c, L) +
                           area_ge_incdec(c, 32));
        it = area_add_item(d, AI_XBAR, "address crossbars", "ra0/ra1/wa rows, lanes to banks");
        if (it) {
            it->count = 3;
            it->xin = L;
            it->xout = L;
            it->xwidth = RW;
        }
        it = area_add_item(d, AI_XBAR, "data crossbars", "write data to banks, 2 read ports back");
        if (it) {
            it->count = rp + wp;
            it->xin = L;
            it->xout = L;
            it->xwidth = W;
        }
    }
    /* the scalar ports' state is in the RTL at every SREGS (its ports are;
     * Yosys keeps these flip-flops at SREGS = 0 too) */
    area_add_array(d, "scalar port state",
                   "s0/s1 (a port read a scalar register), the warp's bank sb", AK_FF, 1, 2 + LW, 0,
                   1, 1, 1);
    if (cfg.sregs) {
        /* 002 sec. 4.1's scalar addressing mode (rtl_c/lane_regfile.h): no
         * extra bank port and no extra rows (the scalar registers share the
         * ENTRIES rows); the scalar row address (SBASE + slot / LANES *
         * SREGS + r: a constant multiply as one adder per set bit of SREGS,
         * then an adder per operand), a 2:1 row-address mux per bank port,
         * the register-number range checks against SREGS, the
         * one-warp check (valid lanes' slots against the first) and the
         * one-writer check (a popcount >= 2) */
        ge = (bits_popcount(cfg.sregs) + 3.0) * area_ge_adder(c, RW) +
             (double)L * (rp + wp) * area_ge_mux(c, 2, RW) + 3.0 * area_ge_mag_cmp(c, RW) +
             L * area_ge_eq_cmp(c, TW - LW) + area_ge_popcount(c, L);
        area_add_logic(
            d, "scalar addressing",
            "scalar row addresses, per-bank row-address muxes, SREGS range, one-warp and "
            "one-writer checks (002 sec. 4.1)",
            ge);
        /* the broadcast network of 002 sec. 4.1 (l.574-576): per read port,
         * the warp's bank's read register to every lane, and a 2:1 mux per
         * lane between it and the lane's own bank */
        it = area_add_item(d, AI_XBAR, "scalar broadcast",
                           "the scalar bank's read data to every lane");
        if (it) {
            it->count = rp;
            it->xin = L;
            it->xout = 1;
            it->xwidth = W;
        }
        area_add_logic(d, "broadcast select", "per lane and read port: own bank or the scalar bank",
                       (double)L * rp * area_ge_mux(c, 2, W));
    }
    return NULL;
}
