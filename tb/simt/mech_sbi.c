/* SPDX-License-Identifier: Apache-2.0 */
/*
 * mech_sbi.c -- sbi: simultaneous branch interweaving (001 sec. 3), on
 * rtl_c/hct_cct_heap and rtl_c/sbi_scoreboard.
 *
 * What it adds to the core: per warp the sorted heap of warp-splits (the
 * HCT row with the two active contexts CPC1/CPC2 and the CCT below them,
 * 001 sec. 3.2; CCT = cct entries), selective synchronisation at
 * reconvergence points (001 sec. 3.3, rd_run2), and the dependency-matrix
 * scoreboard (001 sec. 3.4, Table 3), which replaces the core's per-warp
 * scoreboard (MECH_OWN_SB).  Its two front ends (001 l.99: "2 front-ends
 * on one warp's CPC1/CPC2") are the core's first two issue ports: port 0
 * issues a warp's primary context (the warps of every pool in --sched's
 * order, MECH_ONE_POOL), port 1 its secondary context in the same slot and
 * SIMD group, on the other lanes (with = 0); a fetch buffer per context
 * (nctx = 2).  The secondary issues alone when the primary cannot.
 *
 * Per cycle: a warp waiting to launch enters through the heap's port
 * (LAUNCH), nothing issues; otherwise the warps in order (those whose kept
 * ready bit says no split can issue are passed over: mech_sbi_ready): the
 * heap row is read (rd_*), the scoreboard's read port gives the two
 * contexts' hazards, core_ready each context; the UPDATE with both contexts' next PCs (at
 * most one divergence a cycle, 001 l.130) goes to the heap, the issue to
 * the scoreboard (its D(t, t+1) from the heap update), and if both take it
 * the contexts issue.  The writeback port frees one completed write a
 * cycle (the earliest), in the cycle before its result is usable.
 *
 * Timing (001 Table 2, SBI column): scheduler latency 1 cycle, as the
 * baseline; instruction delivery 1 cycle against the baseline's 0 (sec.
 * 3.2, l.99: delivery "is extended to broadcast both instruction I1 and
 * I2 to all processing lanes"; sec. 5.1, l.179's extra stage for its wire
 * delay): every context issues with core delay 1, so its SIMD group is
 * busy and its result ready one cycle later than the baseline's.
 *
 * The heap and the scoreboard form a bank (mech_sbi_bank, mech.h): sbi has
 * one, sbi+swi (mech_sbi_swi.c) two.  Choice where 001 is silent: when the
 * primary split waits at its CTA's barrier, selective synchronisation no
 * longer holds the secondary (mech_sbi_read): the primary cannot reach the
 * reconvergence point before the barrier opens, and the barrier may wait
 * for the secondary's threads (001's constraints are optional, l.109-132).
 */
#include <stdlib.h>
#include <string.h>

#include "../../area/structs.h"
#include "../../vcd/vcd.h"
#include "mech.h"

typedef struct {
    mech_sbi_bank b;
    mech_launchq lq;
    int idle; /* the last cycle was idle (sbi_quiet) */
} sbi_state;

static const char *const sbi_structs[] = {"hct_cct_heap", "sbi_scoreboard", NULL};

/* ------------------------------------------------ a bank (sbi, sbi+swi) */
/* The scoreboard's id of register r (the allocated one past 2^8). */
static uint64_t sb_id(const mech_sbi_bank *b, unsigned r)
{
    return b->map ? b->map[r] : r;
}

/* The distinct scoreboard ids an instruction reads or writes (its read-port
 * query: RAW on the sources, WAW on the destinations), at most max of them
 * into ids; returns how many there are (also beyond max). */
static unsigned sb_regs(const mech_sbi_bank *b, const prog_insn *ki, uint64_t *ids, unsigned max)
{
    uint64_t all[PROG_MAX_SRC + PROG_MAX_DST];
    unsigned n = 0;
    for (unsigned j = 0; j < (unsigned)ki->nsrc + ki->ndst; j++) {
        uint64_t id = sb_id(b, j < ki->nsrc ? ki->src[j] : ki->dst[j - ki->nsrc]);
        unsigned k = 0;
        while (k < n && all[k] != id)
            k++;
        if (k == n)
            all[n++] = id;
    }
    for (unsigned k = 0; k < n && k < max; k++)
        ids[k] = all[k];
    return n;
}

static void sb_query(const mech_sbi_bank *b, const prog *p, int pc, uint64_t *rv, uint64_t *r);

const char *mech_sbi_bank_init(core *c, mech_sbi_bank *b, unsigned rows, unsigned cct,
                               unsigned stride, unsigned idx)
{
    static char msg[256];
    const prog *p = core_prog(c);
    unsigned rw = 1, regs = p->nregs;
    if (regs > 1u << 8) {
        /* more than REG_W's 8 bits name: the allocated registers, as
         * mech_dpe.c (its header says why that is safe) */
        b->map = calloc(p->nregs + 1u, sizeof *b->map);
        if (!b->map)
            return "out of memory";
        regs = mech_alloc_regs(p, b->map);
    }
    while ((1u << rw) < regs)
        rw++;
    if (rw < 5)
        rw = 5;
    /* the scoreboard sized for the kernel (as REG_W): NDST its most
     * destinations (ld.v4: 4), QREGS its most registers per instruction
     * (st.v4 with a guard: 6), each at least the default (001's structure) */
    unsigned nd = 1, nq = sbi_scoreboard_default_cfg().qregs, wide = 0;
    for (unsigned pc = 0; pc < p->n; pc++) {
        uint64_t ids[SBI_SB_MAX_QREGS];
        unsigned n = sb_regs(b, &p->ins[pc], ids, SBI_SB_MAX_QREGS);
        if (p->ins[pc].ndst > nd)
            nd = p->ins[pc].ndst;
        if (n > nq) {
            nq = n;
            wide = pc;
        }
    }
    if (nq > SBI_SB_MAX_QREGS) {
        snprintf(msg, sizeof msg, "sbi_scoreboard: line %d names %u registers, the read port at "
                 "most %u (QREGS)", p->ins[wide].line, nq, SBI_SB_MAX_QREGS);
        return msg;
    }
    b->stride = stride;
    for (b->sh = 0; (1u << b->sh) < stride; b->sh++)
        ;
    if ((1u << b->sh) != stride)
        return "sbi: a bank's stride must be a power of two";
    b->idx = idx;
    b->rows = rows;
    b->hc = (hct_cct_heap_cfg){rows, core_warp_size(c), cct, 32};
    b->sbc = (sbi_scoreboard_cfg){rows, 6, rw, nd, nq};
    const char *e = core_apply_params(c, &hct_cct_heap_params, &b->hc);
    if (!e)
        e = core_apply_params(c, &sbi_scoreboard_params, &b->sbc);
    if (!e)
        e = hct_cct_heap_cfg_check(&b->hc);
    if (!e)
        e = sbi_scoreboard_cfg_check(&b->sbc);
    if (e)
        return e;
    char why[160];
    snprintf(why, sizeof why, "this run has %u warps%s", rows, stride > 1 ? " per bank" : "");
    if (b->hc.warps < rows)
        return mech_param_small(c, msg, sizeof msg, "hct_cct_heap.WARPS", b->hc.warps, rows, 0,
                                why);
    if (b->sbc.warps < rows)
        return mech_param_small(c, msg, sizeof msg, "sbi_scoreboard.WARPS", b->sbc.warps, rows,
                                0, why);
    snprintf(why, sizeof why, "this run's warps have %u threads", core_warp_size(c));
    if (b->hc.lanes != core_warp_size(c))
        return mech_param_small(c, msg, sizeof msg, "hct_cct_heap.LANES", b->hc.lanes,
                                core_warp_size(c), 1, why);
    snprintf(why, sizeof why, "the kernel's threads use %u registers", regs);
    if ((1u << b->sbc.reg_w) < regs)
        return mech_param_small(c, msg, sizeof msg, "sbi_scoreboard.REG_W", b->sbc.reg_w, rw, 0,
                                why);
    snprintf(why, sizeof why, "an instruction of the kernel writes %u destinations", nd);
    if (b->sbc.ndst < nd)
        return mech_param_small(c, msg, sizeof msg, "sbi_scoreboard.NDST", b->sbc.ndst, nd, 0,
                                why);
    snprintf(why, sizeof why, "an instruction of the kernel names %u registers", nq);
    if (b->sbc.qregs < nq)
        return mech_param_small(c, msg, sizeof msg, "sbi_scoreboard.QREGS", b->sbc.qregs, nq, 0,
                                why);
    hct_cct_heap_reset(&b->hc, &b->hs);
    sbi_scoreboard_reset(&b->sbc, &b->sbs);
    b->sb_done = calloc(rows, sizeof *b->sb_done);
    b->rdue = calloc(rows, sizeof *b->rdue);
    b->row = calloc(rows, sizeof *b->row);
    uint64_t (*qry)[2] = calloc(p->n + 1u, sizeof *qry);
    if (!b->sb_done || !b->rdue || !b->row || !qry) {
        free(qry);
        return "sbi_scoreboard: out of memory";
    }
    for (unsigned pc = 0; pc < p->n; pc++)
        sb_query(b, p, (int)pc, &qry[pc][0], &qry[pc][1]);
    b->qry = qry;
    return NULL;
}

void mech_sbi_bank_free(mech_sbi_bank *b)
{
    free(b->sb_done);
    free(b->rdue);
    free(b->map);
    free(b->qry);
    free(b->row);
}

/* ------------------------------------------- the heap (sbi, sbi+swi) */
void mech_sbi_ctx_add(void *vin, unsigned *n, uint64_t pc, uint64_t m)
{
    hct_cct_heap_in *in = vin;
    if (!m)
        return;
    if (*n == 0) {
        in->op_v1 = 1;
        in->op_pc1 = pc;
        in->op_m1 = m;
    } else if (*n == 1) {
        in->op_v2 = 1;
        in->op_pc2 = pc;
        in->op_m2 = m;
    } else {
        in->op_v3 = 1;
        in->op_pc3 = pc;
        in->op_m3 = m;
    }
    (*n)++;
}

mech_sbi_next mech_sbi_split(const prog *p, int pc, uint64_t mask, uint64_t taken)
{
    mech_sbi_next r = {0, 0, 0, -1, -1};
    const prog_insn *ki = &p->ins[pc];
    if (ki->unit == PU_EXIT) {
        r.m_exit = mask;
    } else if (ki->unit == PU_BRA) {
        uint64_t t = taken & mask, nt = mask & ~t;
        if (!t) {
            r.m_a = nt;
            r.pc_a = pc + 1;
        } else if (!nt || ki->target == pc + 1) {
            r.m_a = mask;
            r.pc_a = ki->target;
        } else {
            r.m_a = t;
            r.pc_a = ki->target;
            r.m_b = nt;
            r.pc_b = pc + 1;
        }
    } else {
        r.m_a = mask;
        r.pc_a = pc + 1;
    }
    return r;
}

void mech_sbi_rd(const prog *p, const void *vhs, unsigned w, void *vin)
{
    const hct_cct_heap_state *hs = vhs;
    hct_cct_heap_in *in = vin;
    in->rd_warp = w; /* the row */
    int pc2 = (int)hs->pc2[w];
    if (hs->v2[w] && pc2 <= (int)p->n && p->sync_div[pc2] >= 0) {
        in->rd_sync = 1;
        in->rd_pc_div = (uint64_t)p->sync_div[pc2];
    }
}

/* -------------------------------------------------------- scoreboard */
/* The read-port query of the instruction at pc: its registers (sb_regs),
 * packed QREGS ids with their valid bits. */
static void sb_query(const mech_sbi_bank *b, const prog *p, int pc, uint64_t *rv, uint64_t *r)
{
    if (b->qry) { /* built at init (mech_sbi_bank_init) */
        *rv = b->qry[pc][0];
        *r = b->qry[pc][1];
        return;
    }
    uint64_t ids[SBI_SB_MAX_QREGS];
    unsigned n = sb_regs(b, &p->ins[pc], ids, b->sbc.qregs);
    *rv = 0;
    *r = 0;
    for (unsigned j = 0; j < n && j < b->sbc.qregs; j++) {
        *r |= ids[j] << (j * b->sbc.reg_w);
        *rv |= 1u << j;
    }
}

/* An issue's destination ids, packed NDST ids: the unused ones repeat its
 * first (rtl_c/sbi_scoreboard.h: a repeated id changes no hazard). */
static uint64_t sb_dsts(const mech_sbi_bank *b, const prog_insn *ki)
{
    uint64_t r = 0;
    for (unsigned n = 0; n < b->sbc.ndst; n++)
        r |= sb_id(b, ki->dst[n < ki->ndst ? n : 0]) << (n * b->sbc.reg_w);
    return r;
}

/* When row w's earliest pending write completes (UINT64_MAX: none). */
static uint64_t row_due(const mech_sbi_bank *b, unsigned w)
{
    uint64_t due = UINT64_MAX;
    for (unsigned i = 0; i < 2; i++)
        for (uint64_t dv = i ? b->sbs.dv2_q[w] : b->sbs.dv1_q[w]; dv; dv &= dv - 1) {
            uint64_t d = b->sb_done[w][__builtin_ctzll(dv)][i];
            if (d < due)
                due = d;
        }
    return due;
}

/* The writeback port: the earliest completing write, one cycle before its
 * result is usable (both writes of the entry when both have completed); of
 * equal ones the lowest row's, then I1's, then the lowest position. */
void mech_sbi_bank_begin(core *c, mech_sbi_bank *b)
{
    sbi_scoreboard_in *in = &b->sbin;
    uint64_t now = core_now(c);
    /* b->hi: written whole by the launch, the update or the idle commit;
     * b->sbin is all zero unless sbin_nz (every write of a non-zero input
     * sets it; under --check compared) */
    static const sbi_scoreboard_in zero;
    if (b->sbin_nz)
        memset(in, 0, sizeof *in);
    else if (core_config(c)->check && memcmp(in, &zero, sizeof zero))
        core_fail(c, "internal: the scoreboard's inputs are not zero without sbin_nz");
    b->sbin_nz = 0;
    b->op = 0;
    /* a barrier opened (or a CTA started) since a kept ready bit read a set
     * barrier bit: those bits go */
    if (b->rdy_bar && core_bar_clears(c) != b->rdy_clears) {
        b->rdy_v &= ~b->rdy_bar;
        b->rdy_bar = 0;
    }
    if (!b->busy || b->due > now + 1)
        return; /* no write completes by the next cycle */
    /* the rows with a write pending: their earliest (kept per row, found
     * again for the rows the scoreboard's step wrote) */
    for (uint64_t rows = b->busy & b->rdirty; rows; rows &= rows - 1) {
        unsigned w = (unsigned)__builtin_ctzll(rows);
        b->rdue[w] = row_due(b, w);
    }
    b->rdirty = 0;
    uint64_t due = UINT64_MAX;
    unsigned bw = 0;
    for (uint64_t rows = b->busy; rows; rows &= rows - 1) {
        unsigned w = (unsigned)__builtin_ctzll(rows);
        if (b->rdue[w] < due) {
            due = b->rdue[w];
            bw = w;
        }
    }
    b->due = due;
    if (due <= now + 1)
        for (unsigned i = 0; i < 2 && !in->wb_v; i++)
            for (uint64_t dv = i ? b->sbs.dv2_q[bw] : b->sbs.dv1_q[bw]; dv; dv &= dv - 1) {
                unsigned k = (unsigned)__builtin_ctzll(dv);
                if (b->sb_done[bw][k][i] == due) {
                    in->wb_v = 1;
                    in->wb_warp = bw;
                    in->wb_pos = k;
                    in->wb_sel = 1u << i;
                    break;
                }
            }
    b->sbin_nz = (uint8_t)in->wb_v;
    if (in->wb_v) {
        unsigned w = (unsigned)in->wb_warp, k = (unsigned)in->wb_pos, o = in->wb_sel == 1u;
        uint64_t dv = o ? b->sbs.dv2_q[w] : b->sbs.dv1_q[w];
        if (((dv >> k) & 1u) && b->sb_done[w][k][o] <= now + 1)
            in->wb_sel = 3;
    }
}

int mech_sbi_bank_launch(core *c, mech_sbi_bank *b, unsigned w, uint64_t mask)
{
    hct_cct_heap_in *in = &b->hi;
    memset(in, 0, sizeof *in);
    in->op = HCH_OP_LAUNCH;
    in->op_warp = w >> b->sh;
    in->op_m1 = mask;
    in->op_v1 = 1;
    hct_cct_heap_eval(&b->hc, &b->hs, in, &b->ho);
    b->ho_nop = b->idle_ok = 0;
    if (b->ho.err)
        return core_fail(c, "hct_cct_heap rejected LAUNCH of warp %u: %s", w,
                         hct_cct_heap_err_name((unsigned)b->ho.err_code));
    b->op = 2;
    return 0;
}

/* ------------------------------------------------------------- issue */
/* The heap's UPDATE and the scoreboard's issue for warp w when the
 * primary (p_ok) and the secondary (*s_ok) of k issue; evaluated into b->ho
 * and b->sbo (the scoreboard's read port from k's kept answer, b->sbin
 * holding k's query; under --check read again and compared).  *s_ok drops
 * when both would diverge (001 l.130).  0 or -1. */
static int sbi_update(core *c, mech_sbi_bank *b, unsigned w, int p_ok, int *s_ok,
                      const mech_sbi_cand *k)
{
    const prog *p = core_prog(c);
    const core_req *r1 = &k->r[0], *r2 = &k->r[1];
    const int v2 = k->v2;
    hct_cct_heap_in *in = &b->hi;
    unsigned row = w >> b->sh;
    mech_sbi_next a = {0, 0, 0, -1, -1}, d = {0, 0, 0, -1, -1};
    if (p_ok)
        a = mech_sbi_split(p, r1->pc, r1->mask, core_taken(c, r1));
    if (*s_ok) {
        d = mech_sbi_split(p, r2->pc, r2->mask, core_taken(c, r2));
        if (p_ok && a.m_b && d.m_b)
            *s_ok = 0; /* at most one divergence per cycle */
    }
    unsigned n = 0;
    memset(in, 0, sizeof *in);
    mech_sbi_rd(p, &b->hs, row, in);
    in->op = HCH_OP_UPDATE;
    in->op_warp = row;
    if (p_ok)
        mech_sbi_ctx_add(in, &n, (uint64_t)a.pc_a, a.m_a);
    else
        mech_sbi_ctx_add(in, &n, (uint64_t)r1->pc, r1->mask);
    if (v2) {
        if (*s_ok)
            mech_sbi_ctx_add(in, &n, (uint64_t)d.pc_a, d.m_a);
        else
            mech_sbi_ctx_add(in, &n, (uint64_t)r2->pc, r2->mask);
    }
    if (p_ok)
        mech_sbi_ctx_add(in, &n, (uint64_t)a.pc_b, a.m_b);
    if (*s_ok)
        mech_sbi_ctx_add(in, &n, (uint64_t)d.pc_b, d.m_b);
    in->op_exit = (p_ok ? a.m_exit : 0) | (*s_ok ? d.m_exit : 0);
    hct_cct_heap_eval(&b->hc, &b->hs, in, &b->ho);
    b->ho_nop = b->sbo_zero = b->idle_ok = 0;
    b->sbin_nz = 1;
    if (b->ho.err)
        return core_fail(c, "hct_cct_heap rejected the update of warp %u (pc %d/%d): %s", w,
                         r1->pc, r2->pc, hct_cct_heap_err_name((unsigned)b->ho.err_code));
    /* the issue on the scoreboard: D(t, t+1) from this heap update */
    const prog_insn *k1 = &p->ins[r1->pc < (int)p->n ? r1->pc : 0];
    const prog_insn *k2 = &p->ins[r2->pc < (int)p->n ? r2->pc : 0];
    sbi_scoreboard_in *q = &b->sbin;
    q->iss_v = b->ho.ready != 0;
    q->iss_warp = row;
    q->iss_d = sbi_scoreboard_dmat(&b->hc, &b->hs, in, &b->ho);
    q->iss_dv1 = p_ok && k1->ndst;
    q->iss_dst1 = q->iss_dv1 ? sb_dsts(b, k1) : 0u;
    q->iss_dv2 = *s_ok && k2->ndst;
    q->iss_dst2 = q->iss_dv2 ? sb_dsts(b, k2) : 0u;
    if (!core_config(c)->check) {
        sbi_scoreboard_eval_read(&b->sbc, &b->sbs, q, k->dep1, k->dep2, &b->sbo);
    } else {
        sbi_scoreboard_eval(&b->sbc, &b->sbs, q, &b->sbo);
        if (!b->sbo.err && (b->sbo.dep1 != k->dep1 || b->sbo.dep2 != k->dep2))
            return core_fail(c, "internal: the scoreboard's kept answer for warp %u is stale "
                                "at its issue", w);
    }
    if (b->sbo.err)
        return core_fail(c, "sbi_scoreboard rejected the issue of warp %u: %s", w,
                         sbi_scoreboard_err_name((unsigned)b->sbo.err_code));
    if (!b->ho.ready || !b->sbo.ready)
        q->iss_v = 0;
    return 0;
}

/* The heap's read port of warp w's row into e's heap part (and the
 * scoreboard query of its two PCs); the scoreboard's part invalid.  Under
 * --check the read port is compared with the whole eval's. */
static void row_heap(core *c, mech_sbi_bank *b, unsigned w, struct mech_sbi_row *e)
{
    const prog *p = core_prog(c);
    hct_cct_heap_in in;
    hct_cct_heap_out ho;
    unsigned row = w >> b->sh;
    /* the heap's read port alone (hct_cct_heap_read: what its eval gives on
     * rd_* for these inputs, without deciding an operation) */
    in.rd_sync = in.rd_pc_div = 0;
    mech_sbi_rd(p, &b->hs, row, &in);
    hct_cct_heap_read(&b->hc, &b->hs, in.rd_warp, in.rd_sync, in.rd_pc_div, &ho);
    if (core_config(c)->check) { /* --check: the read port as the whole eval gives it */
        hct_cct_heap_out eo;
        hct_cct_heap_in ei;
        memset(&ei, 0, sizeof ei);
        mech_sbi_rd(p, &b->hs, row, &ei);
        hct_cct_heap_eval(&b->hc, &b->hs, &ei, &eo);
        if (eo.rd_v1 != ho.rd_v1 || eo.rd_pc1 != ho.rd_pc1 || eo.rd_m1 != ho.rd_m1 ||
            eo.rd_v2 != ho.rd_v2 || eo.rd_pc2 != ho.rd_pc2 || eo.rd_m2 != ho.rd_m2 ||
            eo.rd_run2 != ho.rd_run2 || eo.rd_cold != ho.rd_cold ||
            eo.rd_degraded != ho.rd_degraded)
            core_fail(c, "internal: hct_cct_heap_read of row %u differs from its eval", row);
    }
    e->v1 = (uint8_t)ho.rd_v1;
    e->pc1 = (int)ho.rd_pc1;
    e->m1 = ho.rd_m1;
    e->v2 = (uint8_t)ho.rd_v2;
    e->pc2 = (int)ho.rd_pc2;
    e->m2 = ho.rd_m2;
    e->run2 = (uint8_t)ho.rd_run2;
    /* the scoreboard's read port query: the registers at both PCs */
    sb_query(b, p, e->pc1 < (int)p->n ? e->pc1 : 0, &e->q1rv, &e->q1r);
    if (e->v2 && ho.rd_pc2 < p->n)
        sb_query(b, p, e->pc2, &e->q2rv, &e->q2r);
    else
        e->q2rv = e->q2r = 0;
    e->heap = 1;
    e->sb = 0;
}

/* The scoreboard's read port for e's query into e's scoreboard part: no
 * hazard on a row with no write in flight.  Under --check compared with
 * the whole eval's (this cycle's writeback, no issue). */
static void row_sb(core *c, mech_sbi_bank *b, unsigned w, struct mech_sbi_row *e)
{
    unsigned row = w >> b->sh;
    e->dep1 = e->dep2 = 0;
    e->sb = 1;
    if (!(b->sbs.dv1_q[row] | b->sbs.dv2_q[row]))
        return;
    sbi_scoreboard_out o;
    sbi_scoreboard_read(&b->sbc, &b->sbs, row, e->q1rv, e->q1r, e->q2rv, e->q2r, &o);
    e->dep1 = (uint16_t)o.dep1;
    e->dep2 = (uint16_t)o.dep2;
    if (core_config(c)->check) {
        sbi_scoreboard_out eo;
        sbi_scoreboard_in eq = b->sbin; /* this cycle's writeback, no issue */
        eq.iss_v = 0;
        eq.q_warp = row;
        eq.q1_rv = e->q1rv;
        eq.q1_r = e->q1r;
        eq.q2_rv = e->q2rv;
        eq.q2_r = e->q2r;
        sbi_scoreboard_eval(&b->sbc, &b->sbs, &eq, &eo);
        if (!eo.err &&
            (eo.dep1 != o.dep1 || eo.dep2 != o.dep2 || eo.hz1 != o.hz1 || eo.hz2 != o.hz2))
            core_fail(c, "internal: sbi_scoreboard_read of row %u differs from its eval", row);
    }
}

/* Warp w's kept read-port answers (mech_sbi_bank.row), the scoreboard's
 * part too when `hazards`, read again where the row changed.  Under
 * --check every call reads afresh and fails the run on a kept answer that
 * differs (a row changed without its answer being dropped). */
static const struct mech_sbi_row *sbi_row(core *c, mech_sbi_bank *b, unsigned w, int hazards)
{
    struct mech_sbi_row *e = &b->row[w >> b->sh];
    if (!core_config(c)->check) {
        if (!e->heap)
            row_heap(c, b, w, e);
        if (hazards && !e->sb)
            row_sb(c, b, w, e);
        return e;
    }
    struct mech_sbi_row f = *e; /* the fields row_heap does not write (the
                                 * scoreboard's part) as the kept row has
                                 * them, as without --check */
    row_heap(c, b, w, &f);
    if (e->heap && (e->v1 != f.v1 || e->pc1 != f.pc1 || e->m1 != f.m1 || e->v2 != f.v2 ||
                    e->pc2 != f.pc2 || e->m2 != f.m2 || e->run2 != f.run2 ||
                    e->q1rv != f.q1rv || e->q1r != f.q1r || e->q2rv != f.q2rv ||
                    e->q2r != f.q2r))
        core_fail(c, "internal: the heap's kept answer for warp %u is stale", w);
    if (!e->heap)
        *e = f;
    if (hazards) {
        row_sb(c, b, w, &f);
        if (e->sb && (e->dep1 != f.dep1 || e->dep2 != f.dep2))
            core_fail(c, "internal: the scoreboard's kept answer for warp %u is stale", w);
        e->dep1 = f.dep1;
        e->dep2 = f.dep2;
        e->sb = 1;
    }
    return e;
}

/* The thread slot of the first lane of mask in warp w. */
static unsigned first_tid(const core *c, unsigned w, uint64_t mask)
{
    return w * core_warp_size(c) + (unsigned)__builtin_ctzll(mask);
}

/* rd_run2, released when the primary split waits at its CTA's barrier: it
 * cannot reach the reconvergence point before every thread arrives, so
 * the selective synchronisation lets the secondary go (001 sec. 3.3's
 * constraints are optional, order never affects correctness, l.132); else
 * a secondary (or a cold split) holding threads the barrier waits for
 * would never run. */
static int run2_now(const core *c, unsigned w, const struct mech_sbi_row *e)
{
    return e->run2 || (e->v2 && e->v1 && e->m1 && core_at_bar(c, first_tid(c, w, e->m1)));
}

/* mech_sbi_read's body, inline in sbi_try */
static inline void sbi_read(core *c, mech_sbi_bank *b, unsigned w,
                                                           mech_sbi_cand *k, int hazards)
{
    const prog *p = core_prog(c);
    const struct mech_sbi_row *e = sbi_row(c, b, w, hazards);
    k->v2 = e->v2;
    k->run2 = run2_now(c, w, e);
    memset(k->r, 0, sizeof k->r);
    for (unsigned i = 0; i < 2; i++) {
        k->r[i].warp = k->r[i].unit_warp = w;
        k->r[i].ctx = i;
        k->r[i].group = k->r[i].with = -1;
        k->r[i].nosb = 1;
        k->r[i].delay = 1; /* 001 Table 2: one instruction-delivery cycle */
    }
    k->r[0].pc = e->pc1;
    k->r[0].mask = e->m1;
    k->r[1].pc = e->pc2;
    k->r[1].mask = e->m2;
    k->ok[0] = k->ok[1] = 0;
    if (!hazards)
        return;
    k->q.q_warp = w >> b->sh;
    k->q.q1_rv = e->q1rv;
    k->q.q1_r = e->q1r;
    k->q.q2_rv = e->q2rv;
    k->q.q2_r = e->q2r;
    k->dep1 = e->dep1;
    k->dep2 = e->dep2;
    int blind = core_sb_blind(c);
    k->ok[0] = e->v1 && e->pc1 < (int)p->n && (!e->dep1 || blind);
    k->ok[1] = k->v2 && k->run2 && e->pc2 < (int)p->n && (!e->dep2 || blind);
}

void mech_sbi_read(core *c, mech_sbi_bank *b, unsigned w, mech_sbi_cand *k, int hazards)
{
    sbi_read(c, b, w, k, hazards);
}

int mech_sbi_ready(core *c, mech_sbi_bank *b, unsigned w)
{
    const int n = (int)core_prog(c)->n, blind = core_sb_blind(c);
    struct mech_sbi_row *e = &b->row[w >> b->sh];
    sbi_row(c, b, w, 1);
    /* as mech_sbi_read's ok[i] with its split's first thread not at the
     * barrier, for each split (cls: the unit classes of those that pass,
     * core_unit_classes; when the primary passes, every class if the
     * secondary may: its barrier bits are not read); bar: a barrier bit
     * consulted was set (opening the barrier may change the answer) */
    const uint8_t *ucls = core_unit_classes(c);
    unsigned cls = 0;
    int bar = 0;
    if (e->v1 && e->pc1 < n && (!e->dep1 || blind) && e->m1) {
        if (core_at_bar(c, first_tid(c, w, e->m1)))
            bar = 1;
        else
            cls |= 1u << ucls[e->pc1];
    }
    if (cls && e->v2 && e->pc2 < n && (!e->dep2 || blind) && e->m2) {
        cls = 15u;
    } else if (e->v2 && e->pc2 < n && (!e->dep2 || blind) && e->m2) {
        int run2 = e->run2;
        if (!run2 && e->v1 && e->m1 && core_at_bar(c, first_tid(c, w, e->m1)))
            run2 = bar = 1; /* run2_now */
        if (run2) {
            if (core_at_bar(c, first_tid(c, w, e->m2)))
                bar = 1;
            else
                cls |= 1u << ucls[e->pc2];
        }
    }
    const int r = cls != 0;
    if (w >= 64)
        return r;
    const uint64_t bit = 1ull << w;
    if (b->rdy_blind != blind) { /* the kept answers were for the other */
        b->rdy_v = 0;
        b->rdy_blind = blind;
    }
    if ((b->rdy_v & bit) && (!(b->rdy & bit) != !r || b->rdy_cls[w] != cls))
        core_fail(c, "internal: the kept ready bit of warp %u is stale", w); /* --check */
    b->rdy_cls[w] = (uint8_t)cls;
    b->rdy_v |= bit;
    b->rdy = r ? b->rdy | bit : b->rdy & ~bit;
    b->rdy_bar = bar ? b->rdy_bar | bit : b->rdy_bar & ~bit;
    if (bar)
        b->rdy_clears = core_bar_clears(c);
    return r;
}

uint64_t mech_sbi_footprint(core *c, mech_sbi_bank *b, unsigned w, int *pc1)
{
    const int n = (int)core_prog(c)->n;
    const struct mech_sbi_row *e = sbi_row(c, b, w, 0);
    *pc1 = e->pc1;
    return (e->m1 && e->pc1 < n ? e->m1 : 0) |
           (e->v2 && e->pc2 < n && run2_now(c, w, e) ? e->m2 : 0);
}

/* Issues what mech_sbi_issue decided for k (k->p_ok, k->s_ok; the bank's
 * update evaluated for them). */
static int sbi_take(core *c, mech_sbi_bank *b, unsigned w, mech_sbi_cand *k, unsigned pa,
                    unsigned pb)
{
    core_req *r1 = &k->r[0], *r2 = &k->r[1];
    int p_ok = k->p_ok, s_ok = k->s_ok;
    core_out o1, o2; /* core_issue fills an issue's; ready 0 for a split that does not issue */
    o1.ready = o2.ready = 0;
    if (p_ok && core_issue(c, pa, r1, &o1))
        return -1;
    if (p_ok && s_ok && core_ready(c, pb, r2) != CORE_OK) {
        /* the slot's resources do not take the secondary: without it */
        s_ok = 0;
        if (sbi_update(c, b, w, p_ok, &s_ok, k))
            return -1;
        if (!b->ho.ready || !b->sbo.ready)
            return core_fail(c, "warp %u: the heap took the update with the secondary, not "
                                "without it", w);
    }
    if (s_ok) {
        if (core_issue(c, p_ok ? pb : pa, r2, &o2))
            return -1;
        b->sec_insts++;
    }
    unsigned row = w >> b->sh;
    if (b->sbo.nx_push) {
        unsigned h = b->sbo.nx_hole;
        for (unsigned j = h; j > 0; j--) {
            b->sb_done[row][j][0] = b->sb_done[row][j - 1][0];
            b->sb_done[row][j][1] = b->sb_done[row][j - 1][1];
        }
        b->sb_done[row][0][0] = o1.ready;
        b->sb_done[row][0][1] = o2.ready;
        if (b->sbin.iss_dv1 && o1.ready < b->due)
            b->due = o1.ready;
        if (b->sbin.iss_dv2 && o2.ready < b->due)
            b->due = o2.ready;
    }
    if (k->v2 && !k->run2)
        b->sec_suspended++;
    b->op = 1;
    return p_ok + s_ok;
}

/* mech_sbi_issue's body, inline in sbi_try (sbi's one caller per cycle) */
static inline int sbi_issue(core *c, mech_sbi_bank *b, unsigned w,
                                                           mech_sbi_cand *k, unsigned pa,
                                                           unsigned pb, int with, int commit)
{
    core_req *r1 = &k->r[0], *r2 = &k->r[1];
    r1->with = with;
    int p_ok = k->ok[0] && core_ready(c, pa, r1) == CORE_OK;
    int s_ok = k->ok[1];
    if (s_ok) {
        /* the second front end joins the slot, or issues alone */
        r2->with = p_ok ? (with >= 0 ? with : (int)pa) : with;
        s_ok = core_ready(c, p_ok ? pb : pa, r2) == CORE_OK;
    }
    k->p_ok = k->s_ok = 0;
    if (!p_ok && !s_ok)
        return 0;
    /* the read port's query stays on the scoreboard's inputs (--trace-dir) */
    b->sbin.q_warp = k->q.q_warp;
    b->sbin.q1_rv = k->q.q1_rv;
    b->sbin.q1_r = k->q.q1_r;
    b->sbin.q2_rv = k->q.q2_rv;
    b->sbin.q2_r = k->q.q2_r;
    b->sbin_nz = 1;
    if (sbi_update(c, b, w, p_ok, &s_ok, k))
        return -1;
    if (!b->ho.ready && p_ok && s_ok) {
        /* a full CCT takes no third context; one split alone may need
         * none (a primary that does not diverge beside a secondary that
         * does, or the other way round): the primary alone, else the
         * secondary alone on the first port.  Without this a warp was
         * held while it could issue a split, and once every warp was
         * held so, nothing freed an entry (realworld5's cxx at 8
         * resident CTAs: a deadlock with half its warps able to issue) */
        int alone = 0;
        if (sbi_update(c, b, w, p_ok, &alone, k))
            return -1;
        if (b->ho.ready)
            s_ok = 0;
        else {
            r2->with = with;
            alone = core_ready(c, pa, r2) == CORE_OK;
            if (alone && sbi_update(c, b, w, 0, &alone, k))
                return -1;
            if (alone && b->ho.ready)
                p_ok = 0;
        }
    }
    if (!b->ho.ready || !b->sbo.ready) {
        if (commit && !b->ho.ready) /* a full CCT: pushed back */
            core_stall_why(c, "the CCT (%u entries for this warp's bank; --set cct, halved per bank "
                              "under sbi+swi) is full: every warp holding entries waits on a split "
                              "that needs one more", b->hc.cct);
        else if (commit)
            core_stall(c); /* a full scoreboard row: pushed back */
        return MECH_SBI_FULL;
    }
    k->p_ok = p_ok;
    k->s_ok = s_ok;
    return commit ? sbi_take(c, b, w, k, pa, pb) : p_ok + s_ok;
}

int mech_sbi_issue(core *c, mech_sbi_bank *b, unsigned w, mech_sbi_cand *k, unsigned pa,
                   unsigned pb, int with, int commit)
{
    return sbi_issue(c, b, w, k, pa, pb, with, commit);
}

int mech_sbi_issue_probed(core *c, mech_sbi_bank *b, unsigned w, mech_sbi_cand *k, unsigned pa,
                          unsigned pb)
{
    if (!k->p_ok && !k->s_ok)
        return core_fail(c, "internal: warp %u issues what its probe did not find", w);
    return sbi_take(c, b, w, k, pa, pb);
}

/* Row r's kept ready bit goes (with a part of its row's answers). */
static void rdy_drop(mech_sbi_bank *b, unsigned r)
{
    unsigned w = (r << b->sh) | b->idx;
    if (w < 64)
        b->rdy_v &= ~(1ull << w);
}

/* The scoreboard's step wrote row r (wb: only the writeback of position
 * pos; freed: it left neither write of that entry pending): its kept
 * dependencies go, except after a writeback (it only clears pending bits:
 * no other entry's dependency changes) of an entry neither names, or one
 * it freed (a freed entry names no dependency: its bit goes from both
 * masks, and the ready bit, read from them again, with it). Its busy bit
 * follows its valid bits. */
static inline void sb_wrote(mech_sbi_bank *b, unsigned r, int wb, unsigned pos, int freed)
{
    struct mech_sbi_row *e = &b->row[r];
    b->rdirty |= 1ull << r; /* its earliest pending write */
    if (wb && freed && ((e->dep1 | e->dep2) >> pos & 1u)) {
        e->dep1 &= (uint16_t) ~(1u << pos);
        e->dep2 &= (uint16_t) ~(1u << pos);
        rdy_drop(b, r);
    } else if (!wb || ((e->dep1 | e->dep2) >> pos & 1u)) {
        e->sb = 0;
        rdy_drop(b, r);
    }
    if (b->sbs.dv1_q[r] | b->sbs.dv2_q[r])
        b->busy |= 1ull << r;
    else
        b->busy &= ~(1ull << r);
}

/* mech_sbi_bank_commit but for an idle commit after an idle one */
static __attribute__((noinline)) int bank_commit(core *c, mech_sbi_bank *b, unsigned rec,
                                                 int issued)
{
    hct_cct_heap_in *in = &b->hi;
    const int check = core_config(c)->check;
    /* an idle cycle after an idle cycle whose sorter was idle: b->hi, b->ho
     * hold the NOP and its eval, which the state has not changed since (a
     * NOP step with the sorter idle writes nothing); an idle scoreboard
     * (no writeback, no query: all inputs 0) after one: b->sbo holds the
     * eval, which does not depend on the state, and its step writes
     * nothing.  Both kept; under --check evaluated again and compared. */
    const int heap_kept = !b->op && b->ho_nop && !check;
    const int sb_idle = b->op != 1 && !b->sbin_nz, sb_kept = sb_idle && b->sbo_zero && !check;
    if (!b->en_h) {
        b->en_h = energy_row(core_energy_counts(c), "hct_cct_heap");
        b->en_s = energy_row(core_energy_counts(c), "sbi_scoreboard");
    }
    /* (--check: mech_sbi_bank_commit's account of an idle commit after
     * one, compared with what the whole commit counts) */
    const int idle = check && !b->op && !b->sbin_nz && b->ho_nop && b->sbo_zero && b->en_h;
    energy_cnt h0 = {0}, s0 = {0};
    if (idle) {
        h0 = *b->en_h;
        s0 = *b->en_s;
    }
    if (!b->op) {
        b->sbin.iss_v = 0;
        if (!heap_kept) {
            hct_cct_heap_out kept;
            memcpy(&kept, &b->ho, sizeof kept);
            memset(in, 0, sizeof *in);
            hct_cct_heap_eval(&b->hc, &b->hs, in, &b->ho);
            if (b->ho_nop && memcmp(&kept, &b->ho, sizeof kept)) /* --check */
                return core_fail(c, "internal: the heap's kept idle eval is stale");
        }
    }
    if (CORE_RECORD(c, rec, hct_cct_heap, &b->hc, in, &b->ho))
        return -1;
    if (!heap_kept && !core_drop(c, issued && b->op == 1))
        hct_cct_heap_step(&b->hc, &b->hs, in, &b->ho);
    b->ho_nop = in->op == HCH_OP_NOP && b->ho.d_srt == HCH_SRT_IDLE;
    if (in->op != HCH_OP_NOP && in->op_warp < b->rows) { /* its row's kept answers */
        b->row[in->op_warp].heap = b->row[in->op_warp].sb = 0;
        rdy_drop(b, (unsigned)in->op_warp);
    }
    /* the scoreboard's cycle: this cycle's writeback and the issue (if any);
     * an issue's update evaluated it already on these inputs (sbi_update) */
    if (b->op != 1 && !sb_kept) {
        sbi_scoreboard_out kept;
        memcpy(&kept, &b->sbo, sizeof kept);
        sbi_scoreboard_eval(&b->sbc, &b->sbs, &b->sbin, &b->sbo);
        if (sb_idle && b->sbo_zero && memcmp(&kept, &b->sbo, sizeof kept)) /* --check */
            return core_fail(c, "internal: the scoreboard's kept idle eval is stale");
    }
    b->sbo_zero = (uint8_t)sb_idle;
    b->idle_ok = b->ho_nop && b->sbo_zero && !check && !core_tracing(c);
    if (b->sbo.err)
        return core_fail(c, "sbi_scoreboard: %s", sbi_scoreboard_err_name((unsigned)b->sbo.err_code));
    if (CORE_RECORD(c, rec + 1, sbi_scoreboard, &b->sbc, &b->sbin, &b->sbo))
        return -1;
    if (!sb_kept)
        sbi_scoreboard_step(&b->sbc, &b->sbs, &b->sbin, &b->sbo);
    if (b->sbo.nx_go) { /* the rows the step wrote: their kept hazards, busy bits */
        if (b->sbo.nx_wb && b->sbo.nx_bw < b->rows)
            sb_wrote(b, b->sbo.nx_bw, 1, b->sbo.nx_bp, b->sbo.wb_free);
        if (b->sbo.nx_iss && b->sbo.nx_iw < b->rows)
            sb_wrote(b, b->sbo.nx_iw, 0, 0, 0);
    }
    uint64_t used = b->hc.cct - b->hs.free_cnt;
    if (used > b->peak)
        b->peak = used;
    if (idle &&
        (b->en_h->steps != h0.steps + 1 || b->en_h->rd != h0.rd + 1 || b->en_h->wr != h0.wr ||
         b->en_h->srch != h0.srch || b->en_h->act != h0.act || b->en_s->steps != s0.steps + 1 ||
         b->en_s->rd != s0.rd || b->en_s->wr != s0.wr || b->en_s->srch != s0.srch ||
         b->en_s->act != s0.act || !b->ho_nop || !b->sbo_zero || b->sbo.nx_wb || b->sbo.nx_iss))
        return core_fail(c, "internal: an idle commit after an idle one counted or changed more "
                            "than one step");
    if (core_config(c)->fault_kind == 21 && core_now(c) == core_config(c)->fault_cycle)
        b->hs.free_cnt = b->hs.free_cnt ? b->hs.free_cnt - 1u : 1u; /* the test hook */
    if (check) {
        const char *e = hct_cct_heap_check(&b->hc, &b->hs);
        if (!e)
            e = sbi_scoreboard_check(&b->sbc, &b->sbs);
        uint64_t busy = 0;
        for (unsigned r = 0; r < b->sbc.warps && !e; r++)
            busy |= (uint64_t)((b->sbs.dv1_q[r] | b->sbs.dv2_q[r]) != 0) << r;
        if (!e && busy != b->busy)
            e = "the rows with a write pending are not the kept ones";
        for (uint64_t rows = b->busy & ~b->rdirty; rows && !e; rows &= rows - 1)
            if (b->rdue[__builtin_ctzll(rows)] != row_due(b, (unsigned)__builtin_ctzll(rows)))
                e = "a row's kept earliest pending write is stale";
        for (unsigned r = 0; r < b->rows && !e; r++)
            for (unsigned k = 0; k < b->sbc.depth; k++)
                if (((b->sbs.dv1_q[r] >> k & 1u) && b->sb_done[r][k][0] < b->due) ||
                    ((b->sbs.dv2_q[r] >> k & 1u) && b->sb_done[r][k][1] < b->due))
                    e = "a pending write completes before the kept earliest cycle";
        if (e)
            return core_fail(c, "sbi invariant (cycle %llu): %s", (unsigned long long)core_now(c),
                             e);
    }
    return 0;
}

int mech_sbi_bank_commit(core *c, mech_sbi_bank *b, unsigned rec, int issued)
{
    /* an idle commit after an idle one (mech_sbi_bank_idle: the heap's NOP
     * with its sorter idle, the scoreboard's all-zero inputs) with no
     * operation and no input now: both evals are kept and both steps write
     * nothing (bank_commit), so only the access counts move, by one step
     * of each structure and the heap's read port (energy.c's counters, as
     * mech_sbi_bank_quiet's).  Not while tracing (every cycle is recorded);
     * under --check the whole commit runs and counts, compared with this. */
    if (!b->op && !b->sbin_nz && b->idle_ok) {
        b->en_h->steps++;
        b->en_h->rd++;
        b->en_s->steps++;
        return 0;
    }
    return bank_commit(c, b, rec, issued);
}

int mech_sbi_bank_busy(const mech_sbi_bank *b) { return b->busy != 0; }

int mech_sbi_bank_busy_warp(const mech_sbi_bank *b, unsigned w)
{
    unsigned r = w >> b->sh;
    return r < 64 && (b->busy >> r & 1u);
}

int mech_sbi_bank_idle(const mech_sbi_bank *b) { return b->ho_nop && b->sbo_zero; }

uint64_t mech_sbi_bank_wake(const core *c, const mech_sbi_bank *b)
{
    /* a write completing at b->due is freed in the cycle before
     * (mech_sbi_bank_begin); b->due is at most the earliest (kept low) */
    const uint64_t now = core_now(c);
    if (!b->busy)
        return UINT64_MAX;
    return b->due > now + 1 ? b->due - 1 : now;
}

void mech_sbi_bank_quiet(core *c, uint64_t n)
{
    energy_counts *e = core_energy_counts(c);
    energy_cnt *h = energy_row(e, "hct_cct_heap");
    h->steps += n;
    h->rd += n; /* the read port */
    energy_row(e, "sbi_scoreboard")->steps += n;
}

int mech_sbi_bank_finish(core *c, const mech_sbi_bank *b)
{
    for (unsigned r = 0; r < b->hc.warps; r++)
        if (b->hs.v1[r] || b->hs.v2[r])
            return core_fail(c, "warp %u: its heap row holds contexts at the end",
                             r * b->stride + b->idx);
    return 0;
}

void mech_sbi_bank_trace(mech_sbi_bank *b, struct vcd_writer *w, const char *hs, const char *ss)
{
    vcd_scope(w, hs);
    hct_cct_heap_trace(w, &b->hc, &b->hs, &b->hi, &b->ho);
    vcd_upscope(w);
    vcd_scope(w, ss);
    sbi_scoreboard_trace(w, &b->sbc, &b->sbs, &b->sbin, &b->sbo);
    vcd_upscope(w);
}

int mech_sbi_bank_area(const mech_sbi_bank *b, const area_tech *t, double *mm2, char *what,
                       size_t len)
{
    area_desc d;
    return mech_area_add(t, area_desc_hct_cct_heap(&b->hc, AREA_HCH_ALL, 0, &d), &d, mm2, what,
                         len) ||
                   mech_area_add(t, area_desc_sbi_scoreboard(&b->sbc, 0, 0, &d),
                                 &d, mm2, what, len)
               ? -1
               : 0;
}

/* ------------------------------------------------------------------ sbi */
static const char *sbi_init(core *c, void *vm)
{
    sbi_state *m = vm;
    return mech_sbi_bank_init(c, &m->b, core_warps(c), core_config(c)->cct, 1, 0);
}

static void sbi_launch(core *c, void *vm, unsigned w, uint64_t mask)
{
    (void)c;
    mech_lq_push(&((sbi_state *)vm)->lq, w, mask);
}

static int sbi_fetch_pc(const core *c, const void *vm, unsigned w, unsigned ctx)
{
    const sbi_state *m = vm;
    uint64_t v = ctx ? m->b.hs.v2[w] : m->b.hs.v1[w], pc = ctx ? m->b.hs.pc2[w] : m->b.hs.pc1[w];
    return v && pc < core_prog(c)->n ? (int)pc : -1;
}

/* One warp of sbi_cycle's order tried: 1 when it issued, -1 on a failure,
 * 0 when it did not issue (the next is tried).  kept, rdy:
 * mech_sbi_ready_kept's; units: core_free_units(c, 0) (read when a kept
 * answer is 1: it holds until the issue that ends the visit). */
typedef struct {
    core *c;
    sbi_state *m;
    uint64_t kept, rdy;
    int check;
    unsigned units;
} sbi_try_ctx;

/* 1 when warp w's ready answer, kept (x->kept), says it cannot issue now:
 * no split passes the heap, the scoreboard and the barrier, or none that
 * does finds a unit of its class free on port 0 (mech_sbi_bank.rdy_cls).
 * core_ready then refuses the primary on port 0 and the secondary alone on
 * port 0 (group -1, with -1: its last check is core_unit_free, core.h); the
 * secondary joins the primary's slot only when the primary issues.  So
 * sbi_try would issue nothing and change nothing (mech_sbi_issue returns 0
 * before it writes).  Under --check sbi_try reads each answer afresh and
 * fails the run when a warp this would skip issues. */
static inline int sbi_stop(const sbi_try_ctx *x, unsigned w)
{
    return w < 64 && (x->kept >> w & 1u) &&
           (!(x->rdy >> w & 1u) || !(x->m->b.rdy_cls[w] & x->units));
}

/* --check: warp w issued where sbi_stop said it could not (out of line:
 * sbi_try stays small enough to take mech_sbi_issue inline) */
static __attribute__((noinline, cold)) int sbi_go_stale(core *c, unsigned w)
{
    return core_fail(c, "internal: warp %u issued, but its ready answer said that no split "
                        "finds a free unit", w);
}

static int sbi_try(void *vx, unsigned w)
{
    sbi_try_ctx *x = vx;
    core *c = x->c;
    sbi_state *m = x->m;
    if (!m->b.hs.v1[w])
        return 0;
    if (x->check ? !mech_sbi_ready(c, &m->b, w) : sbi_stop(x, w))
        return 0;
    /* --check: the answer just read, as if kept */
    const int skip = x->check && w < 64 && !(m->b.rdy_cls[w] & x->units);
    mech_sbi_cand k;
    sbi_read(c, &m->b, w, &k, 1);
    int rc = sbi_issue(c, &m->b, w, &k, 0, 1, -1, 1);
    if (rc < 0)
        return -1;
    if (rc && skip)
        return sbi_go_stale(c, w);
    if (rc == 1 || rc == 2) {
        core_sched_issued(c, 0, w);
        return 1;
    }
    if (!x->check && w < 64 && !(x->kept >> w & 1u))
        mech_sbi_ready(c, &m->b, w);
    return 0;
}

static int sbi_cycle(core *c, void *vm)
{
    sbi_state *m = vm;
    unsigned ord[256], w;
    uint64_t mask;
    int issued = 0, launched = 0;
    mech_sbi_bank_begin(c, &m->b);
    if (mech_lq_pop(&m->lq, 0, 0, &w, &mask)) {
        if (mech_sbi_bank_launch(c, &m->b, w, mask))
            return -1;
        launched = 1;
    } else {
        /* the warps whose kept ready bit is 0 cannot issue (mech_sbi_ready:
         * no split passes the heap, the scoreboard and the barrier; a valid
         * split's mask is never empty), so they are not read; a warp without
         * a kept bit is read and tried, and its bit read (and kept) when it
         * does not issue.  Under --check none is kept: every warp's bit is
         * read again first (and compared with the kept one), in core_order's
         * order.  Without --check only the warps sbi_try would try are
         * visited (core_order_visit: the same sequence of them, the next
         * found when asked for; v1 and the kept bits do not change before an
         * issue ends the visit). */
        sbi_try_ctx x = {c, m, 0, 0, core_config(c)->check, 0};
        const unsigned W = core_warps(c);
        int rc;
        if (!x.check && core_config(c)->sched != CORE_SCHED_OLDEST)
            x.kept = mech_sbi_ready_kept(&m->b, core_sb_blind(c), &x.rdy);
        if (x.check || x.rdy)
            x.units = core_free_units(c, 0);
        if (x.check || core_config(c)->sched != CORE_SCHED_OLDEST) {
            /* (round robin: the order costs little, every warp tried in it) */
            unsigned n = core_order(c, 0, W, ord);
            for (unsigned i = 0; i < n && !issued; i++)
                if ((issued = sbi_try(&x, ord[i])) < 0)
                    return -1;
        } else {
            x.kept = mech_sbi_ready_kept(&m->b, core_sb_blind(c), &x.rdy);
            if (x.rdy)
                x.units = core_free_units(c, 0);
            uint64_t among[CORE_MAX_WARPS / 64] = {0};
            for (unsigned u = 0; u < W; u++)
                if (m->b.hs.v1[u] && !sbi_stop(&x, u))
                    among[u / 64] |= 1ull << (u % 64);
            if ((rc = core_order_visit(c, 0, W, among, sbi_try, &x)) < 0)
                return -1;
            issued = rc;
        }
    }
    if (mech_sbi_bank_commit(c, &m->b, 0, issued))
        return -1;
    m->idle = !launched && !issued && mech_sbi_bank_idle(&m->b);
    if (m->b.hi.op != HCH_OP_NOP && m->b.hi.op_warp < m->b.rows)
        core_fetch_moved(c, (unsigned)m->b.hi.op_warp); /* its row: sbi_fetch_pc's */
    return 0;
}

static int sbi_busy(const core *c, const void *vm)
{
    const sbi_state *m = vm;
    (void)c;
    return m->lq.n || mech_sbi_bank_busy(&m->b);
}

static int sbi_busy_warp(const core *c, const void *vm, unsigned w)
{
    const sbi_state *m = vm;
    (void)c;
    return mech_lq_has(&m->lq, w) || mech_sbi_bank_busy_warp(&m->b, w);
}

static void sbi_trace(core *c, void *vm, struct vcd_writer *w)
{
    (void)c;
    mech_sbi_bank_trace(&((sbi_state *)vm)->b, w, "hct_cct_heap", "sbi_scoreboard");
}

static void sbi_gtkw(const core *c, const void *vm, FILE *f, const char *s)
{
    (void)c;
    (void)vm;
    fprintf(f, "@2024\n^5 vcd/filters/hct_cct_heap_act.txt\n+{%s heap act} %s.hct_cct_heap.act[3:0]\n"
               "@28\n+{%s run2} %s.hct_cct_heap.rd_run2\n",
            s, s, s, s);
}

static void sbi_stats(const core *c, const void *vm, mech_cols *k)
{
    const sbi_state *m = vm;
    static const char *const names[] = {"peak_cct_entries", "sec_insts", "sec_suspended"};
    const uint64_t v[] = {m->b.peak, m->b.sec_insts, m->b.sec_suspended};
    (void)c;
    mech_cols_u64(k, names, v, 3);
}

static double sbi_area(const core *c, const void *vm, const area_tech *t, char *what, size_t len)
{
    const sbi_state *m = vm;
    double mm2 = 0;
    what[0] = 0;
    if (mech_sbi_bank_area(&m->b, t, &mm2, what, len) ||
        mech_area_regfile(c, LRF_ORG_SINGLE_DECODER, t, &mm2, what, len))
        return -1;
    return mm2;
}

static int sbi_finish(core *c, void *vm) { return mech_sbi_bank_finish(c, &((sbi_state *)vm)->b); }

static void sbi_free(void *vm) { mech_sbi_bank_free(&((sbi_state *)vm)->b); }

/* Quiet cycles (core.h, "Quiet cycles"; MECH_QUIET_SB: the core keeps the
 * fetch buffers' clock, this hook answers for the warps).  Its last cycle
 * was idle when nothing launched or issued and the heap and the scoreboard
 * committed idle (mech_sbi_bank_idle).  A warp whose split may go by the
 * heap, the scoreboard and the barrier (mech_sbi_ready) then waited for a
 * unit of its splits' class (core_unit_free_at); the others wait for the
 * scoreboard's next writeback (mech_sbi_bank_wake), or for an issue (a
 * barrier, selective synchronisation).  An idle cycle is an idle commit of
 * the heap and the scoreboard (mech_sbi_bank_quiet). */
static uint64_t sbi_quiet(core *c, void *vm, uint64_t n)
{
    sbi_state *m = vm;
    if (n) {
        mech_sbi_bank_quiet(c, n);
        return 0;
    }
    const uint64_t now = core_now(c);
    if (!m->idle || m->lq.n)
        return now;
    const int np = (int)core_prog(c)->n;
    uint64_t at = mech_sbi_bank_wake(c, &m->b);
    for (unsigned w = 0, W = core_warps(c); w < W && at > now; w++) {
        if (!m->b.hs.v1[w] || !mech_sbi_ready(c, &m->b, w))
            continue;
        const struct mech_sbi_row *e = &m->b.row[w];
        uint64_t u = e->pc1 < np ? core_unit_free_at(c, e->pc1) : UINT64_MAX;
        if (e->v2 && e->pc2 < np) {
            uint64_t u2 = core_unit_free_at(c, e->pc2);
            u = u2 < u ? u2 : u;
        }
        at = u < at ? u : at;
    }
    return at;
}

const mech_ops mech_sbi = {
    .name = "sbi",
    .paper = "001 sec. 3",
    .summary = "sorted heap of warp-splits: a warp's two splits issue in one slot",
    .structs = sbi_structs,
    .flags = MECH_OWN_SB | MECH_ONE_POOL | MECH_FETCH_KEPT | MECH_QUIET_SB | MECH_EXIT_POP,
    .nctx = 2,
    .size = sizeof(sbi_state),
    .init = sbi_init,
    .launch = sbi_launch,
    .fetch_pc = sbi_fetch_pc,
    .cycle = sbi_cycle,
    .busy = sbi_busy,
    .busy_warp = sbi_busy_warp,
    .trace = sbi_trace,
    .gtkw = sbi_gtkw,
    .stats = sbi_stats,
    .area = sbi_area,
    .finish = sbi_finish,
    .free = sbi_free,
    .quiet = sbi_quiet,
};
