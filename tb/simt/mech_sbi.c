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
 * (LAUNCH), nothing issues; otherwise the warps in order: the heap row is
 * read (rd_*), the scoreboard's read port gives the two contexts' hazards,
 * core_ready each context; the UPDATE with both contexts' next PCs (at
 * most one divergence a cycle, 001 l.130) goes to the heap, the issue to
 * the scoreboard (its D(t, t+1) from the heap update), and if both take it
 * the contexts issue.  The writeback port frees one completed write a
 * cycle (the earliest), in the cycle before its result is usable.
 */
#include <stdlib.h>
#include <string.h>

#include "../../area/structs.h"
#include "../../rtl_c/hct_cct_heap.h"
#include "../../rtl_c/sbi_scoreboard.h"
#include "../../vcd/vcd.h"
#include "mech.h"

typedef struct {
    hct_cct_heap_cfg hc;
    hct_cct_heap_state hs;
    hct_cct_heap_in hi;
    hct_cct_heap_out ho;
    sbi_scoreboard_cfg sbc;
    sbi_scoreboard_state sbs;
    sbi_scoreboard_in sbin;
    sbi_scoreboard_out sbo;
    uint64_t (*sb_done)[SBI_SB_MAX_DEPTH][2]; /* per warp and position: when each write completes */
    mech_launchq lq;
    uint64_t peak, sec_insts, sec_suspended;
} sbi_state;

static const char *const sbi_structs[] = {"hct_cct_heap", "sbi_scoreboard", NULL};

static const char *sbi_init(core *c, void *vm)
{
    sbi_state *m = vm;
    static char msg[256];
    const prog *p = core_prog(c);
    unsigned W = core_warps(c), rw = 1;
    while ((1u << rw) < p->nregs)
        rw++;
    if (rw < 5)
        rw = 5;
    m->hc = (hct_cct_heap_cfg){W, core_warp_size(c), core_config(c)->cct, 32};
    m->sbc = (sbi_scoreboard_cfg){W, 6, rw};
    const char *e = core_apply_params(c, &hct_cct_heap_params, &m->hc);
    if (!e)
        e = core_apply_params(c, &sbi_scoreboard_params, &m->sbc);
    if (!e)
        e = hct_cct_heap_cfg_check(&m->hc);
    if (!e)
        e = sbi_scoreboard_cfg_check(&m->sbc);
    if (e)
        return e;
    if (m->hc.warps < W || m->hc.lanes != core_warp_size(c) || m->sbc.warps < W ||
        (1u << m->sbc.reg_w) < p->nregs) {
        snprintf(msg, sizeof msg, "hct_cct_heap WARPS=%u LANES=%u, sbi_scoreboard WARPS=%u "
                 "REG_W=%u do not hold this run's %u warps of %u threads and %u registers",
                 m->hc.warps, m->hc.lanes, m->sbc.warps, m->sbc.reg_w, W, core_warp_size(c),
                 p->nregs);
        return msg;
    }
    for (unsigned pc = 0; pc < p->n; pc++)
        if (p->ins[pc].ndst > 1 || p->ins[pc].nsrc > 3) {
            snprintf(msg, sizeof msg, "sbi_scoreboard: line %d reads %u and writes %u registers "
                     "(3 and 1 per context)", p->ins[pc].line, p->ins[pc].nsrc, p->ins[pc].ndst);
            return msg;
        }
    hct_cct_heap_reset(&m->hc, &m->hs);
    sbi_scoreboard_reset(&m->sbc, &m->sbs);
    m->sb_done = calloc(W, sizeof *m->sb_done);
    return NULL;
}

static void sbi_launch(core *c, void *vm, unsigned w, uint64_t mask)
{
    (void)c;
    mech_lq_push(&((sbi_state *)vm)->lq, w, mask);
}

static int sbi_fetch_pc(const core *c, const void *vm, unsigned w, unsigned ctx)
{
    const sbi_state *m = vm;
    uint64_t v = ctx ? m->hs.v2[w] : m->hs.v1[w], pc = ctx ? m->hs.pc2[w] : m->hs.pc1[w];
    return v && pc < core_prog(c)->n ? (int)pc : -1;
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
    in->rd_warp = w;
    int pc2 = (int)hs->pc2[w];
    if (hs->v2[w] && pc2 <= (int)p->n && p->sync_div[pc2] >= 0) {
        in->rd_sync = 1;
        in->rd_pc_div = (uint64_t)p->sync_div[pc2];
    }
}

/* -------------------------------------------------------- scoreboard */
static void sb_query(const prog *p, int pc, uint64_t *rv, uint64_t *r0, uint64_t *r1,
                     uint64_t *r2, uint64_t *r3)
{
    const prog_insn *ki = &p->ins[pc];
    uint64_t *r[3] = {r0, r1, r2};
    *rv = 0;
    for (unsigned j = 0; j < 3; j++) {
        *r[j] = j < ki->nsrc ? ki->src[j] : 0u;
        if (j < ki->nsrc)
            *rv |= 1u << j;
    }
    *r3 = ki->ndst ? ki->dst[0] : 0u;
    if (ki->ndst)
        *rv |= 8u;
}

/* The writeback port: the earliest completing write, one cycle before its
 * result is usable (both writes of the entry when both have completed). */
static void sb_wb(const core *c, sbi_state *m)
{
    sbi_scoreboard_in *in = &m->sbin;
    uint64_t best = UINT64_MAX, now = core_now(c);
    for (unsigned w = 0; w < m->sbc.warps; w++)
        for (unsigned i = 0; i < 2; i++)
            for (uint64_t dv = i ? m->sbs.dv2_q[w] : m->sbs.dv1_q[w]; dv; dv &= dv - 1) {
                unsigned k = (unsigned)__builtin_ctzll(dv);
                uint64_t d = m->sb_done[w][k][i];
                if (d <= now + 1 && d < best) {
                    best = d;
                    in->wb_v = 1;
                    in->wb_warp = w;
                    in->wb_pos = k;
                    in->wb_sel = 1u << i;
                }
            }
    if (in->wb_v) {
        unsigned w = (unsigned)in->wb_warp, k = (unsigned)in->wb_pos, o = in->wb_sel == 1u;
        uint64_t dv = o ? m->sbs.dv2_q[w] : m->sbs.dv1_q[w];
        if (((dv >> k) & 1u) && m->sb_done[w][k][o] <= now + 1)
            in->wb_sel = 3;
    }
}

/* ------------------------------------------------------------- cycle */
/* The heap's UPDATE and the scoreboard's issue for warp w when the
 * primary (p_ok) and the secondary (*s_ok) issue; evaluated into m->ho and
 * m->sbo.  *s_ok drops when both would diverge (001 l.130).  0 or -1. */
static int sbi_update(core *c, sbi_state *m, unsigned w, int p_ok, int *s_ok,
                      const core_req *r1, const core_req *r2, int v2)
{
    const prog *p = core_prog(c);
    hct_cct_heap_in *in = &m->hi;
    mech_sbi_next a = {0, 0, 0, -1, -1}, b = {0, 0, 0, -1, -1};
    if (p_ok)
        a = mech_sbi_split(p, r1->pc, r1->mask, core_taken(c, r1));
    if (*s_ok) {
        b = mech_sbi_split(p, r2->pc, r2->mask, core_taken(c, r2));
        if (p_ok && a.m_b && b.m_b)
            *s_ok = 0; /* at most one divergence per cycle */
    }
    unsigned n = 0;
    memset(in, 0, sizeof *in);
    mech_sbi_rd(p, &m->hs, w, in);
    in->op = HCH_OP_UPDATE;
    in->op_warp = w;
    if (p_ok)
        mech_sbi_ctx_add(in, &n, (uint64_t)a.pc_a, a.m_a);
    else
        mech_sbi_ctx_add(in, &n, (uint64_t)r1->pc, r1->mask);
    if (v2) {
        if (*s_ok)
            mech_sbi_ctx_add(in, &n, (uint64_t)b.pc_a, b.m_a);
        else
            mech_sbi_ctx_add(in, &n, (uint64_t)r2->pc, r2->mask);
    }
    if (p_ok)
        mech_sbi_ctx_add(in, &n, (uint64_t)a.pc_b, a.m_b);
    if (*s_ok)
        mech_sbi_ctx_add(in, &n, (uint64_t)b.pc_b, b.m_b);
    in->op_exit = (p_ok ? a.m_exit : 0) | (*s_ok ? b.m_exit : 0);
    hct_cct_heap_eval(&m->hc, &m->hs, in, &m->ho);
    if (m->ho.err)
        return core_fail(c, "hct_cct_heap rejected the update of warp %u (pc %d/%d): %s", w,
                         r1->pc, r2->pc, hct_cct_heap_err_name((unsigned)m->ho.err_code));
    /* the issue on the scoreboard: D(t, t+1) from this heap update */
    const prog_insn *k1 = &p->ins[r1->pc < (int)p->n ? r1->pc : 0];
    const prog_insn *k2 = &p->ins[r2->pc < (int)p->n ? r2->pc : 0];
    sbi_scoreboard_in *q = &m->sbin;
    q->iss_v = m->ho.ready != 0;
    q->iss_warp = w;
    q->iss_d = sbi_scoreboard_dmat(&m->hc, &m->hs, in, &m->ho);
    q->iss_dv1 = p_ok && k1->ndst;
    q->iss_dst1 = q->iss_dv1 ? k1->dst[0] : 0u;
    q->iss_dv2 = *s_ok && k2->ndst;
    q->iss_dst2 = q->iss_dv2 ? k2->dst[0] : 0u;
    sbi_scoreboard_eval(&m->sbc, &m->sbs, q, &m->sbo);
    if (m->sbo.err)
        return core_fail(c, "sbi_scoreboard rejected the issue of warp %u: %s", w,
                         sbi_scoreboard_err_name((unsigned)m->sbo.err_code));
    if (!m->ho.ready || !m->sbo.ready)
        q->iss_v = 0;
    return 0;
}

/* Tries warp w: 1 issued, 0 not, -1 failed. */
static int sbi_try(core *c, sbi_state *m, unsigned w)
{
    const prog *p = core_prog(c);
    hct_cct_heap_in *in = &m->hi;
    memset(in, 0, sizeof *in);
    mech_sbi_rd(p, &m->hs, w, in);
    hct_cct_heap_eval(&m->hc, &m->hs, in, &m->ho);
    int v2 = (int)m->ho.rd_v2, run2 = (int)m->ho.rd_run2;
    /* hazards: the dependency-matrix scoreboard's read port */
    sbi_scoreboard_in *q = &m->sbin;
    q->iss_v = 0;
    q->q_warp = w;
    sb_query(p, (int)m->ho.rd_pc1 < (int)p->n ? (int)m->ho.rd_pc1 : 0, &q->q1_rv, &q->q1_r0,
             &q->q1_r1, &q->q1_r2, &q->q1_r3);
    if (v2 && m->ho.rd_pc2 < p->n)
        sb_query(p, (int)m->ho.rd_pc2, &q->q2_rv, &q->q2_r0, &q->q2_r1, &q->q2_r2, &q->q2_r3);
    else
        q->q2_rv = 0;
    sbi_scoreboard_eval(&m->sbc, &m->sbs, q, &m->sbo);
    int blind = core_sb_blind(c);
    core_req r1 = {0}, r2 = {0};
    r1.warp = r2.warp = r1.unit_warp = r2.unit_warp = w;
    r1.pc = (int)m->ho.rd_pc1;
    r1.mask = m->ho.rd_m1;
    r2.ctx = 1;
    r2.pc = (int)m->ho.rd_pc2;
    r2.mask = m->ho.rd_m2;
    r1.group = r2.group = r1.with = -1;
    r1.nosb = r2.nosb = 1;
    int p_ok = m->ho.rd_v1 && r1.pc < (int)p->n && (!m->sbo.hz1 || blind) &&
               core_unit_free(c, 0, &r1) == CORE_OK && core_ready(c, 0, &r1) == CORE_OK;
    int s_ok = v2 && run2 && r2.pc < (int)p->n && (!m->sbo.hz2 || blind);
    if (s_ok) {
        r2.with = p_ok ? 0 : -1; /* the second front end joins the slot, or alone */
        s_ok = core_ready(c, p_ok ? 1 : 0, &r2) == CORE_OK;
    }
    if (!p_ok && !s_ok)
        return 0;
    if (sbi_update(c, m, w, p_ok, &s_ok, &r1, &r2, v2))
        return -1;
    if (!m->ho.ready || !m->sbo.ready) {
        core_stall(c); /* a full CCT or a full scoreboard row: pushed back */
        return 0;
    }
    core_out o1 = {0}, o2 = {0};
    if (p_ok && core_issue(c, 0, &r1, &o1))
        return -1;
    if (p_ok && s_ok && core_ready(c, 1, &r2) != CORE_OK) {
        /* the slot's resources do not take the secondary: without it */
        s_ok = 0;
        if (sbi_update(c, m, w, p_ok, &s_ok, &r1, &r2, v2))
            return -1;
        if (!m->ho.ready || !m->sbo.ready)
            return core_fail(c, "warp %u: the heap took the update with the secondary, not "
                                "without it", w);
    }
    if (s_ok) {
        if (core_issue(c, p_ok ? 1 : 0, &r2, &o2))
            return -1;
        m->sec_insts++;
    }
    if (m->sbo.nx_push) {
        unsigned h = m->sbo.nx_hole;
        for (unsigned k = h; k > 0; k--) {
            m->sb_done[w][k][0] = m->sb_done[w][k - 1][0];
            m->sb_done[w][k][1] = m->sb_done[w][k - 1][1];
        }
        m->sb_done[w][0][0] = o1.ready;
        m->sb_done[w][0][1] = o2.ready;
    }
    if (v2 && !run2)
        m->sec_suspended++;
    core_sched_issued(c, 0, w);
    return 1;
}

static int sbi_cycle(core *c, void *vm)
{
    sbi_state *m = vm;
    const prog *p = core_prog(c);
    hct_cct_heap_in *in = &m->hi;
    unsigned ord[256], w;
    uint64_t mask;
    int issued = 0;
    memset(in, 0, sizeof *in);
    memset(&m->sbin, 0, sizeof m->sbin);
    sb_wb(c, m);
    if (mech_lq_pop(&m->lq, 0, 0, &w, &mask)) {
        in->op = HCH_OP_LAUNCH;
        in->op_warp = w;
        in->op_m1 = mask;
        in->op_v1 = 1;
        hct_cct_heap_eval(&m->hc, &m->hs, in, &m->ho);
        if (m->ho.err)
            return core_fail(c, "hct_cct_heap rejected LAUNCH of warp %u: %s", w,
                             hct_cct_heap_err_name((unsigned)m->ho.err_code));
    } else {
        unsigned n = core_order(c, 0, core_warps(c), ord);
        for (unsigned i = 0; i < n && !issued; i++) {
            if (!m->hs.v1[ord[i]])
                continue;
            int rc = sbi_try(c, m, ord[i]);
            if (rc < 0)
                return -1;
            issued = rc;
        }
        if (!issued) {
            memset(in, 0, sizeof *in);
            hct_cct_heap_eval(&m->hc, &m->hs, in, &m->ho);
            m->sbin.iss_v = 0;
        }
    }
    (void)p;
    if (CORE_RECORD(c, 0, hct_cct_heap, &m->hc, in, &m->ho))
        return -1;
    if (!core_drop(c, issued))
        hct_cct_heap_step(&m->hc, &m->hs, in, &m->ho);
    /* the scoreboard's cycle: this cycle's writeback and the issue (if any) */
    sbi_scoreboard_eval(&m->sbc, &m->sbs, &m->sbin, &m->sbo);
    if (m->sbo.err)
        return core_fail(c, "sbi_scoreboard: %s", sbi_scoreboard_err_name((unsigned)m->sbo.err_code));
    if (CORE_RECORD(c, 1, sbi_scoreboard, &m->sbc, &m->sbin, &m->sbo))
        return -1;
    sbi_scoreboard_step(&m->sbc, &m->sbs, &m->sbin, &m->sbo);
    uint64_t used = m->hc.cct - m->hs.free_cnt;
    if (used > m->peak)
        m->peak = used;
    if (core_config(c)->check) {
        const char *e = hct_cct_heap_check(&m->hc, &m->hs);
        if (!e)
            e = sbi_scoreboard_check(&m->sbc, &m->sbs);
        if (e)
            return core_fail(c, "sbi invariant: %s", e);
    }
    return 0;
}

static int sbi_busy(const core *c, const void *vm)
{
    const sbi_state *m = vm;
    (void)c;
    if (m->lq.n)
        return 1;
    for (unsigned w = 0; w < m->sbc.warps; w++)
        if (m->sbs.dv1_q[w] || m->sbs.dv2_q[w])
            return 1;
    return 0;
}

static void sbi_trace(core *c, void *vm, struct vcd_writer *w)
{
    sbi_state *m = vm;
    (void)c;
    vcd_scope(w, "hct_cct_heap");
    hct_cct_heap_trace(w, &m->hc, &m->hs, &m->hi, &m->ho);
    vcd_upscope(w);
    vcd_scope(w, "sbi_scoreboard");
    sbi_scoreboard_trace(w, &m->sbc, &m->sbs, &m->sbin, &m->sbo);
    vcd_upscope(w);
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
    const uint64_t v[] = {m->peak, m->sec_insts, m->sec_suspended};
    (void)c;
    mech_cols_u64(k, names, v, 3);
}

static double sbi_area(const core *c, const void *vm, const area_tech *t, char *what, size_t len)
{
    const sbi_state *m = vm;
    area_desc d;
    double mm2 = 0;
    what[0] = 0;
    if (mech_area_add(t, area_desc_hct_cct_heap(&m->hc, AREA_HCH_ALL, 0, &d), &d, &mm2, what,
                      len) ||
        mech_area_add(t, area_desc_sbi_scoreboard(m->sbc.warps, m->sbc.depth, m->sbc.reg_w, 0, 0,
                                                  &d),
                      &d, &mm2, what, len) ||
        mech_area_regfile(c, LRF_ORG_SINGLE_DECODER, t, &mm2, what, len))
        return -1;
    return mm2;
}

static int sbi_finish(core *c, void *vm)
{
    sbi_state *m = vm;
    for (unsigned w = 0; w < m->hc.warps; w++)
        if (m->hs.v1[w] || m->hs.v2[w])
            return core_fail(c, "warp %u: its heap row holds contexts at the end", w);
    return 0;
}

static void sbi_free(void *vm) { free(((sbi_state *)vm)->sb_done); }

const mech_ops mech_sbi = {
    .name = "sbi",
    .paper = "001 sec. 3",
    .summary = "sorted heap of warp-splits: a warp's two splits issue in one slot",
    .structs = sbi_structs,
    .flags = MECH_OWN_SB | MECH_ONE_POOL,
    .nctx = 2,
    .size = sizeof(sbi_state),
    .init = sbi_init,
    .launch = sbi_launch,
    .fetch_pc = sbi_fetch_pc,
    .cycle = sbi_cycle,
    .busy = sbi_busy,
    .trace = sbi_trace,
    .gtkw = sbi_gtkw,
    .stats = sbi_stats,
    .area = sbi_area,
    .finish = sbi_finish,
    .free = sbi_free,
};
