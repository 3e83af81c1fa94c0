/*
 * sm.c -- the SM timing model and the four mechanisms (see sm.h and the
 * "Timing model" section of tb/kernels/README.md).
 *
 * Per cycle, every mechanism: releases a complete barrier, chooses what to
 * issue (loose round-robin over the warps, starting after the last warp
 * that issued), evaluates its structures with that choice, and if they
 * accept it executes the instruction for the active threads (functionally,
 * at issue: a branch is resolved at issue) and steps the structures with
 * the same eval outputs.  A choice a structure pushes back (a full stack,
 * scoreboard or CCT) is counted as a full-table stall and the next
 * candidate is tried.
 */
#include "sm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../rtl_c/dpe_stack.h"
#include "../../rtl_c/dwf.h"
#include "../../rtl_c/hct_cct_heap.h"
#include "../../rtl_c/lane_regfile.h"
#include "../../rtl_c/shadow_scoreboard.h"
#include "../../rtl_c/simt_stack.h"
#include "../../vcd/vcd.h"
#include "../../area/structs.h"

/* One decision per cycle (issue 17): step applies what eval decided.  The
 * models' step takes the eval output as its 4th argument once they adopt
 * it; these wrappers are the one place that knows the signature. */
#define STEP(name, c, s, i, o) name##_step(c, s, i, o)
#define STEP3(name, c, s, i, o) (name##_step(c, s, i), (void)(o)) /* not adopted yet */
/* the main structure's step, unless the test hook drops it this cycle */
#define DROPPED(s, issued) ((s)->P.fault_kind == 3 && (issued) && (s)->cycle >= (s)->P.fault_cycle && !(s)->fault_done && ((s)->fault_done = 1))

const char *const sm_mech_name[SM_NMECH] = {"spe", "dpe", "dwf", "sbi"};

#define MAXL 32

typedef struct {
    uint64_t cyc;
    unsigned warp, side, reg;
} wb_item;

typedef struct {
    uint64_t ready;
    uint16_t tid[MAXL];
    uint64_t mask_t, mask_nt;
    uint32_t pc_t, pc_nt; /* instruction PCs */
    int bar;              /* the threads executed bar */
    uint64_t gen;         /* barrier generation at issue */
} commit_item;

struct sm {
    enum sm_mech m;
    const kernel *k;
    const ref_result *ref;
    sm_params P;
    unsigned T, W, L;
    uint64_t cycle;
    uint32_t (*regs)[K_REGS];
    uint8_t (*preds)[K_PREDS];
    uint32_t *mem;
    uint32_t *tpos;
    uint8_t *exited, *at_bar;
    unsigned nexited, narrived;
    uint64_t bar_gen;
    uint64_t *sb_ready; /* spe, sbi: [W][K_SB_REGS] cycle the register is usable */
    unsigned rr;
    unsigned launched;
    uint64_t last_completion, last_issue;
    sm_stats st;
    char err[600];
    int failed, done, fault_done;
    struct vcd_writer *vcd;
    /* this cycle's decision, for the waveform */
    struct {
        unsigned valid, warp, side, pc, valid2, pc2, threads;
        uint64_t mask, mask2;
    } dec;
    /* spe */
    simt_stack_cfg sc;
    simt_stack_state ss;
    simt_stack_in si;
    simt_stack_out so;
    /* dpe */
    dpe_stack_cfg dc;
    dpe_stack_state ds;
    dpe_stack_in di;
    dpe_stack_out dout;
    shadow_scoreboard_cfg bc;
    shadow_scoreboard_state bs;
    shadow_scoreboard_in bi;
    shadow_scoreboard_out bo;
    uint8_t last_side[64];
    wb_item *wbq;
    unsigned nwb, capwb;
    uint64_t paths_sum, paths_n;
    /* dwf */
    dwf_cfg wc;
    dwf_state *ws;
    dwf_in wi;
    dwf_out wo;
    lane_regfile_cfg rc;
    lane_regfile_state *rs;
    lane_regfile_in ri;
    lane_regfile_out ro;
    unsigned rf_swz, rf_active, rf_rd0, rf_rd1;
    uint32_t rf_exp0[MAXL], rf_exp1[MAXL], rf_pend0[MAXL], rf_pend1[MAXL];
    uint64_t rf_pend_valid;
    commit_item cur;       /* the instruction in the register file */
    uint64_t cur_lat;
    commit_item *cq;
    unsigned ncq, capcq;
    uint16_t *waitpc;      /* per thread: pc after the bar it waits at (dwf), else 0xffff */
    unsigned nwait;
    /* sbi */
    hct_cct_heap_cfg hc;
    hct_cct_heap_state hs;
    hct_cct_heap_in hi;
    hct_cct_heap_out ho;
};

void sm_default_params(sm_params *p)
{
    memset(p, 0, sizeof *p);
    p->lanes = 16;
    p->alu_lat = 4;
    p->mem_lat = 40;
    p->spe_depth = 16;
    p->dpe_depth = 8;
    p->sb_entries = 6;
    p->cct = 128;
    p->lut_entries = 32;
    p->maj = 32;
    p->sched_bits = 8;
    p->policy = WP_POL_DMAJ;
    p->swizzle = 1;
    p->regfile = SM_RF_PER_LANE;
    p->check = 1;
    p->max_cycles = 50000000ull;
}

static int fail(sm *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
#include <stdarg.h>
static int fail(sm *s, const char *fmt, ...)
{
    if (s->failed)
        return -1;
    int n = snprintf(s->err, sizeof s->err, "%s: ", sm_mech_name[s->m]);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->err + n, sizeof s->err - (size_t)n, fmt, ap);
    va_end(ap);
    s->failed = 1;
    return -1;
}

static unsigned popc(uint64_t x) { return (unsigned)__builtin_popcountll(x); }

static unsigned lat_of(const sm *s, int pc)
{
    return s->k->ins[pc].op == K_LD ? s->P.mem_lat : s->P.alu_lat;
}

static uint64_t warp_mask(const sm *s, unsigned w)
{
    unsigned n = s->T - w * s->L;
    if (n > s->L)
        n = s->L;
    return n >= 64 ? ~0ull : ((1ull << n) - 1u);
}

/* The reference check of one executed thread-instruction. */
static int check_pc(sm *s, unsigned t, int pc)
{
    const ref_result *r = s->ref;
    if (s->exited[t])
        return fail(s, "thread %u: executed pc %d after it exited", t, pc);
    if (s->tpos[t] >= r->len[t])
        return fail(s, "thread %u: executed pc %d (line %d) as instruction #%u, but the "
                       "reference sequence has only %u instructions (a PC executed twice?)",
                    t, pc, s->k->ins[pc].line, s->tpos[t], r->len[t]);
    if ((int)r->trace[t][s->tpos[t]] != pc)
        return fail(s, "thread %u: instruction #%u is pc %d (line %d), the reference executed "
                       "pc %u (line %d)",
                    t, s->tpos[t], pc, s->k->ins[pc].line, r->trace[t][s->tpos[t]],
                    s->k->ins[r->trace[t][s->tpos[t]]].line);
    s->tpos[t]++;
    return 0;
}

/* Executes pc for thread t on registers r (the thread's own, or a copy);
 * returns the next PC, or -1 on a reference mismatch. */
static int exec_thread(sm *s, unsigned t, int pc, uint32_t *r, int *wr, uint32_t *wv)
{
    if (check_pc(s, t, pc))
        return -1;
    int taken;
    int nx = kernel_exec(s->k, pc, t, s->L, r, s->preds[t], s->mem, wr, wv, &taken);
    s->st.thread_insts++;
    if (s->k->ins[pc].op == K_BAR) {
        s->at_bar[t] = 1;
        s->narrived++;
    }
    if (nx == (int)s->k->n) {
        s->exited[t] = 1;
        s->nexited++;
    }
    return nx;
}

static void note_issue(sm *s, int pc, unsigned nthreads)
{
    uint64_t done = s->cycle + lat_of(s, pc);
    if (done > s->last_completion)
        s->last_completion = done;
    s->last_issue = s->cycle;
    (void)nthreads;
}

/* per-warp destination-register scoreboard (spe, sbi) */
static int sb_ready(const sm *s, unsigned w, int pc)
{
    const k_insn *in = &s->k->ins[pc];
    const uint64_t *row = s->sb_ready + (size_t)w * K_SB_REGS;
    for (int j = 0; j < 3; j++)
        if (in->src_sb[j] >= 0 && row[in->src_sb[j]] > s->cycle)
            return 0;
    if (in->dst_sb >= 0 && row[in->dst_sb] > s->cycle)
        return 0;
    return 1;
}

static void sb_issue(sm *s, unsigned w, int pc)
{
    const k_insn *in = &s->k->ins[pc];
    if (in->dst_sb >= 0)
        s->sb_ready[(size_t)w * K_SB_REGS + in->dst_sb] = s->cycle + lat_of(s, pc);
}

/* the taken mask of a branch at pc over the lanes of `mask` in static warp w */
static uint64_t taken_mask(const sm *s, unsigned w, int pc, uint64_t mask)
{
    const k_insn *in = &s->k->ins[pc];
    if (in->op != K_BRA)
        return 0;
    if (in->guard < 0)
        return mask;
    uint64_t t = 0;
    for (uint64_t m = mask; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        unsigned tid = w * s->L + l;
        if (s->preds[tid][in->guard] ^ in->guard_neg)
            t |= 1ull << l;
    }
    return t;
}

static int blocked(const sm *s, unsigned w, uint64_t mask)
{
    if (!mask)
        return 0;
    return s->at_bar[w * s->L + (unsigned)__builtin_ctzll(mask)];
}

/* executes pc on the lanes of mask of static warp w */
static int exec_static(sm *s, unsigned w, int pc, uint64_t mask)
{
    for (uint64_t m = mask; m; m &= m - 1) {
        unsigned t = w * s->L + (unsigned)__builtin_ctzll(m);
        int wr;
        uint32_t wv;
        if (exec_thread(s, t, pc, s->regs[t], &wr, &wv) < 0)
            return -1;
    }
    return 0;
}

static void count_issue(sm *s, unsigned w, unsigned side, int pc, uint64_t mask)
{
    s->st.warp_insts++;
    s->st.hist[popc(mask)]++;
    s->dec.valid = 1;
    s->dec.warp = w;
    s->dec.side = side;
    s->dec.pc = (unsigned)pc;
    s->dec.mask = mask;
    s->dec.threads = popc(mask);
    note_issue(s, pc, popc(mask));
}

static void release_barrier(sm *s)
{
    if (!s->narrived || s->narrived + s->nexited != s->T)
        return;
    memset(s->at_bar, 0, s->T);
    s->narrived = 0;
    s->bar_gen++;
    if (s->m == SM_DWF && s->nwait) {
        /* threads that completed their bar rejoin, one commit per static warp */
        for (unsigned w = 0; w < s->W; w++) {
            commit_item c;
            memset(&c, 0, sizeof c);
            for (unsigned l = 0; l < s->L; l++) {
                unsigned t = w * s->L + l;
                if (t >= s->T || s->waitpc[t] == 0xffff)
                    continue;
                unsigned h = warp_pool_home_lane(t, s->L, s->P.swizzle);
                c.tid[h] = (uint16_t)t;
                c.mask_t |= 1ull << h;
                c.pc_t = s->waitpc[t];
                s->waitpc[t] = 0xffff;
                s->nwait--;
            }
            if (!c.mask_t)
                continue;
            c.ready = s->cycle;
            if (s->ncq == s->capcq)
                s->cq = realloc(s->cq, (s->capcq = s->capcq * 2 + 16) * sizeof *s->cq);
            s->cq[s->ncq++] = c;
        }
    }
}

/* ------------------------------------------------------------------ trace */
static void trace_dec(sm *s)
{
    struct vcd_writer *w = s->vcd;
    vcd_sig(w, "issue_valid", 1, s->dec.valid);
    vcd_sig(w, "issue_warp", 8, s->dec.warp);
    if (s->m == SM_DPE)
        vcd_sig(w, "issue_side", 1, s->dec.side);
    vcd_sig(w, "issue_pc", 16, s->dec.pc);
    vcd_sig(w, "issue_mask", s->L, s->dec.mask);
    vcd_sig(w, "issue_threads", 8, s->dec.threads);
    if (s->m == SM_SBI) {
        vcd_sig(w, "issue2_valid", 1, s->dec.valid2);
        vcd_sig(w, "issue2_pc", 16, s->dec.pc2);
        vcd_sig(w, "issue2_mask", s->L, s->dec.mask2);
    }
    vcd_sig(w, "exited", 11, s->nexited);
    vcd_sig(w, "at_barrier", 11, s->narrived);
    vcd_sig(w, "done", 1, (uint64_t)s->done);
}

/* ==================================================================== spe */
static int spe_cycle(sm *s)
{
    simt_stack_in *in = &s->si;
    memset(in, 0, sizeof *in);
    int issued = 0;
    if (s->done) {
        /* idle */
    } else if (s->launched < s->W) {
        in->op = SIMT_OP_LAUNCH;
        in->op_warp = s->launched;
        in->op_mask = warp_mask(s, s->launched);
        in->op_pc = 0;
        in->op_rpc = s->k->n;
        simt_stack_eval(&s->sc, &s->ss, in, &s->so);
        if (s->so.err)
            return fail(s, "simt_stack rejected LAUNCH of warp %u: %s", s->launched,
                        simt_stack_err_name((unsigned)s->so.err_code));
        s->launched++;
    } else {
        for (unsigned i = 1; i <= s->W && !issued; i++) {
            unsigned w = (s->rr + i) % s->W;
            unsigned sp = s->ss.sp[w];
            if (!sp)
                continue;
            int pc = (int)s->ss.pc[w][sp - 1];
            uint64_t mask = s->ss.mask[w][sp - 1];
            if (blocked(s, w, mask) || !sb_ready(s, w, pc))
                continue;
            const k_insn *ki = &s->k->ins[pc];
            memset(in, 0, sizeof *in);
            in->op = SIMT_OP_BRANCH;
            in->op_warp = w;
            in->op_npc = (uint64_t)pc + 1;
            in->op_rpc = ki->op == K_BRA ? (uint64_t)ki->rpc : s->k->n;
            if (ki->op == K_BRA) {
                in->op_mask = taken_mask(s, w, pc, mask);
                in->op_pc = (uint64_t)ki->target;
            } else if (ki->op == K_EXIT) {
                in->op_mask = mask;
                in->op_pc = s->k->n;
            }
            simt_stack_eval(&s->sc, &s->ss, in, &s->so);
            if (s->so.err)
                return fail(s, "simt_stack rejected warp %u at pc %d: %s", w, pc,
                            simt_stack_err_name((unsigned)s->so.err_code));
            if (!s->so.ready) {
                s->st.full_stalls++;
                continue;
            }
            if (exec_static(s, w, pc, mask))
                return -1;
            sb_issue(s, w, pc);
            count_issue(s, w, 0, pc, mask);
            s->rr = w;
            issued = 1;
        }
        if (!issued) {
            memset(in, 0, sizeof *in);
            simt_stack_eval(&s->sc, &s->ss, in, &s->so);
        }
    }
    if (s->vcd) {
        trace_dec(s);
        vcd_scope(s->vcd, "simt_stack");
        simt_stack_trace(s->vcd, &s->sc, &s->ss, in, &s->so);
        vcd_upscope(s->vcd);
    }
    if (!DROPPED(s, issued))
        STEP(simt_stack, &s->sc, &s->ss, in, &s->so);
    if (issued) {
        unsigned w = (unsigned)in->op_warp;
        if (s->ss.sp[w] > s->st.peak)
            s->st.peak = s->ss.sp[w];
    }
    if (s->P.check) {
        const char *e = simt_stack_check(&s->sc, &s->ss);
        if (e)
            return fail(s, "simt_stack invariant: %s", e);
    }
    return issued;
}

/* ==================================================================== dpe */
static void dpe_sb_base(sm *s)
{
    shadow_scoreboard_in *b = &s->bi;
    memset(b, 0, sizeof *b);
    unsigned n = 0;
    for (unsigned i = 0; i < s->nwb;) {
        if (s->wbq[i].cyc == s->cycle) {
            wb_item it = s->wbq[i];
            if (n == 0) {
                b->wb0_valid = 1;
                b->wb0_warp = it.warp;
                b->wb0_side = it.side;
                b->wb0_reg = it.reg;
            } else {
                b->wb1_valid = 1;
                b->wb1_warp = it.warp;
                b->wb1_side = it.side;
                b->wb1_reg = it.reg;
            }
            n++;
            s->wbq[i] = s->wbq[--s->nwb];
        } else
            i++;
    }
    if (n > 2)
        fail(s, "internal: %u writebacks in one cycle (the scoreboard has 2 ports)", n);
}

static int dpe_cycle(sm *s)
{
    dpe_stack_in *in = &s->di;
    memset(in, 0, sizeof *in);
    dpe_sb_base(s);
    if (s->failed)
        return -1;
    int issued = 0;
    shadow_scoreboard_in base = s->bi;
    if (!s->done && s->launched < s->W) {
        in->op = DPE_OP_LAUNCH;
        in->op_warp = s->launched;
        in->op_mask = warp_mask(s, s->launched);
        in->op_pc = 0;
        in->op_rpc = s->k->n;
        dpe_stack_eval(&s->dc, &s->ds, in, &s->dout);
        if (s->dout.err)
            return fail(s, "dpe_stack rejected LAUNCH of warp %u: %s", s->launched,
                        dpe_stack_err_name((unsigned)s->dout.err_code));
        s->launched++;
    } else if (!s->done) {
        for (unsigned w = 0; w < s->W; w++) {
            unsigned sp = s->ds.sp[w];
            if (!sp)
                continue;
            s->paths_n++;
            s->paths_sum += s->ds.l_valid[w][sp - 1] + s->ds.r_valid[w][sp - 1];
        }
        for (unsigned i = 0; i < 2 * s->W && !issued; i++) {
            unsigned w = (s->rr + 1 + i / 2) % s->W;
            unsigned sp = s->ds.sp[w];
            if (!sp)
                continue;
            unsigned side = (i & 1) ? s->last_side[w] : !s->last_side[w];
            unsigned t = sp - 1;
            if (!(side ? s->ds.r_valid[w][t] : s->ds.l_valid[w][t]))
                continue;
            int pc = (int)(side ? s->ds.r_pc[w][t] : s->ds.l_pc[w][t]);
            uint64_t mask = side ? s->ds.r_mask[w][t] : s->ds.l_mask[w][t];
            if (blocked(s, w, mask))
                continue;
            const k_insn *ki = &s->k->ins[pc];
            /* hazard query */
            shadow_scoreboard_in *b = &s->bi;
            *b = base;
            b->q_warp = w;
            b->q_side = side;
            for (int j = 0; j < 3; j++)
                if (ki->src_sb[j] >= 0) {
                    b->q_src_valid |= 1u << j;
                    if (j == 0)
                        b->q_src0 = (uint64_t)ki->src_sb[j];
                    else if (j == 1)
                        b->q_src1 = (uint64_t)ki->src_sb[j];
                    else
                        b->q_src2 = (uint64_t)ki->src_sb[j];
                }
            if (ki->dst_sb >= 0) {
                b->q_dst_valid = 1;
                b->q_dst = (uint64_t)ki->dst_sb;
            }
            shadow_scoreboard_eval(&s->bc, &s->bs, b, &s->bo);
            if (s->bo.err)
                return fail(s, "shadow_scoreboard error %s on the query of warp %u side %u pc %d",
                            shadow_scoreboard_err_name((unsigned)s->bo.err_code), w, side, pc);
            if (s->bo.hazard)
                continue;
            memset(in, 0, sizeof *in);
            in->op = DPE_OP_BRANCH;
            in->op_warp = w;
            in->op_side = side;
            in->op_npc = (uint64_t)pc + 1;
            in->op_rpc = ki->op == K_BRA ? (uint64_t)ki->rpc : s->k->n;
            if (ki->op == K_BRA) {
                in->op_mask = taken_mask(s, w, pc, mask);
                in->op_pc = (uint64_t)ki->target;
            } else if (ki->op == K_EXIT) {
                in->op_mask = mask;
                in->op_pc = s->k->n;
            }
            dpe_stack_eval(&s->dc, &s->ds, in, &s->dout);
            if (s->dout.err)
                return fail(s, "dpe_stack rejected warp %u side %u at pc %d: %s", w, side, pc,
                            dpe_stack_err_name((unsigned)s->dout.err_code));
            if (!s->dout.ready) {
                s->st.full_stalls++;
                continue;
            }
            unsigned lat = lat_of(s, pc);
            b->iss_valid = 1;
            b->iss_warp = w;
            b->iss_side = side;
            b->iss_alloc = ki->dst_sb >= 0 && lat > 1;
            b->iss_reg = ki->dst_sb >= 0 ? (uint64_t)ki->dst_sb : 0;
            if (s->dout.act == DPE_ACT_DIVERGE || s->dout.act == DPE_ACT_SPLIT) {
                b->div_valid = 1;
                b->div_warp = w;
                b->div_side = side;
            } else if (s->dout.act == DPE_ACT_POP) {
                b->rec_valid = 1;
                b->rec_warp = w;
            }
            shadow_scoreboard_eval(&s->bc, &s->bs, b, &s->bo);
            if (s->bo.err)
                return fail(s, "shadow_scoreboard error %s on the issue of warp %u side %u pc %d",
                            shadow_scoreboard_err_name((unsigned)s->bo.err_code), w, side, pc);
            if (s->bo.stall) {
                s->st.full_stalls++;
                continue;
            }
            if (exec_static(s, w, pc, mask))
                return -1;
            if (b->iss_alloc) {
                if (s->nwb == s->capwb)
                    s->wbq = realloc(s->wbq, (s->capwb = s->capwb * 2 + 16) * sizeof *s->wbq);
                s->wbq[s->nwb++] = (wb_item){s->cycle + lat - 1, w, side, (unsigned)ki->dst_sb};
            }
            count_issue(s, w, side, pc, mask);
            s->rr = w;
            s->last_side[w] = (uint8_t)side;
            issued = 1;
        }
    }
    if (!issued) {
        if (in->op != DPE_OP_LAUNCH) {
            memset(in, 0, sizeof *in);
            dpe_stack_eval(&s->dc, &s->ds, in, &s->dout);
        }
        s->bi = base;
        shadow_scoreboard_eval(&s->bc, &s->bs, &s->bi, &s->bo);
        if (s->bo.err)
            return fail(s, "shadow_scoreboard error %s on writebacks",
                        shadow_scoreboard_err_name((unsigned)s->bo.err_code));
    }
    if (s->vcd) {
        trace_dec(s);
        vcd_scope(s->vcd, "dpe_stack");
        dpe_stack_trace(s->vcd, &s->dc, &s->ds, in, &s->dout);
        vcd_upscope(s->vcd);
        vcd_scope(s->vcd, "shadow_scoreboard");
        shadow_scoreboard_trace(s->vcd, &s->bc, &s->bs, &s->bi, &s->bo);
        vcd_upscope(s->vcd);
    }
    if (!DROPPED(s, issued))
        STEP(dpe_stack, &s->dc, &s->ds, in, &s->dout);
    STEP(shadow_scoreboard, &s->bc, &s->bs, &s->bi, &s->bo);
    if (issued) {
        unsigned w = (unsigned)in->op_warp;
        if (s->ds.sp[w] > s->st.peak)
            s->st.peak = s->ds.sp[w];
    }
    if (s->P.check) {
        const char *e = dpe_stack_check(&s->dc, &s->ds);
        if (!e)
            e = shadow_scoreboard_check(&s->bc, &s->bs);
        if (e)
            return fail(s, "dpe invariant: %s", e);
    }
    return issued;
}

/* ==================================================================== sbi */
static void sbi_ctx_add(hct_cct_heap_in *in, unsigned *n, uint64_t pc, uint64_t m)
{
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

/* splits of one issued context: next PCs and exits */
typedef struct {
    uint64_t m_a, m_b, m_exit;
    int pc_a, pc_b;
} sbi_next;

static sbi_next sbi_split(const sm *s, unsigned w, int pc, uint64_t mask)
{
    sbi_next r = {0, 0, 0, -1, -1};
    const k_insn *ki = &s->k->ins[pc];
    if (ki->op == K_EXIT) {
        r.m_exit = mask;
    } else if (ki->op == K_BRA) {
        uint64_t t = taken_mask(s, w, pc, mask), nt = mask & ~t;
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

static void sbi_rd(sm *s, unsigned w, hct_cct_heap_in *in)
{
    in->rd_warp = w;
    int pc2 = (int)s->hs.pc2[w];
    if (s->hs.v2[w] && pc2 <= (int)s->k->n && s->k->sync_div[pc2] >= 0) {
        in->rd_sync = 1;
        in->rd_pc_div = (uint64_t)s->k->sync_div[pc2];
    }
}

static int sbi_cycle(sm *s)
{
    hct_cct_heap_in *in = &s->hi;
    memset(in, 0, sizeof *in);
    int issued = 0;
    if (!s->done && s->launched < s->W) {
        in->op = HCH_OP_LAUNCH;
        in->op_warp = s->launched;
        in->op_pc1 = 0;
        in->op_m1 = warp_mask(s, s->launched);
        in->op_v1 = 1;
        hct_cct_heap_eval(&s->hc, &s->hs, in, &s->ho);
        if (s->ho.err)
            return fail(s, "hct_cct_heap rejected LAUNCH of warp %u: %s", s->launched,
                        hct_cct_heap_err_name((unsigned)s->ho.err_code));
        s->launched++;
    } else if (!s->done) {
        for (unsigned i = 1; i <= s->W && !issued; i++) {
            unsigned w = (s->rr + i) % s->W;
            if (!s->hs.v1[w])
                continue;
            memset(in, 0, sizeof *in);
            sbi_rd(s, w, in);
            hct_cct_heap_eval(&s->hc, &s->hs, in, &s->ho);
            int pc1 = (int)s->ho.rd_pc1, pc2 = (int)s->ho.rd_pc2;
            uint64_t m1 = s->ho.rd_m1, m2 = s->ho.rd_m2;
            int p_ok = !blocked(s, w, m1) && sb_ready(s, w, pc1);
            int s_ok = s->ho.rd_v2 && s->ho.rd_run2 && !blocked(s, w, m2) && sb_ready(s, w, pc2);
            if (!p_ok && !s_ok)
                continue;
            sbi_next a = {0, 0, 0, -1, -1}, b = {0, 0, 0, -1, -1};
            if (p_ok)
                a = sbi_split(s, w, pc1, m1);
            if (s_ok) {
                b = sbi_split(s, w, pc2, m2);
                if (p_ok && a.m_b && b.m_b)
                    s_ok = 0; /* at most one divergence per cycle */
            }
            unsigned n = 0;
            in->op = HCH_OP_UPDATE;
            in->op_warp = w;
            if (p_ok)
                sbi_ctx_add(in, &n, (uint64_t)a.pc_a, a.m_a);
            else
                sbi_ctx_add(in, &n, (uint64_t)pc1, m1);
            if (s->ho.rd_v2) {
                if (s_ok)
                    sbi_ctx_add(in, &n, (uint64_t)b.pc_a, b.m_a);
                else
                    sbi_ctx_add(in, &n, (uint64_t)pc2, m2);
            }
            if (p_ok)
                sbi_ctx_add(in, &n, (uint64_t)a.pc_b, a.m_b);
            if (s_ok)
                sbi_ctx_add(in, &n, (uint64_t)b.pc_b, b.m_b);
            in->op_exit = (p_ok ? a.m_exit : 0) | (s_ok ? b.m_exit : 0);
            hct_cct_heap_eval(&s->hc, &s->hs, in, &s->ho);
            if (s->ho.err)
                return fail(s, "hct_cct_heap rejected the update of warp %u (pc %d/%d): %s", w,
                            pc1, pc2, hct_cct_heap_err_name((unsigned)s->ho.err_code));
            if (!s->ho.ready) {
                s->st.full_stalls++;
                continue;
            }
            uint64_t used = 0;
            if (p_ok) {
                if (exec_static(s, w, pc1, m1))
                    return -1;
                sb_issue(s, w, pc1);
                note_issue(s, pc1, popc(m1));
                used |= m1;
            }
            if (s_ok) {
                if (exec_static(s, w, pc2, m2))
                    return -1;
                sb_issue(s, w, pc2);
                note_issue(s, pc2, popc(m2));
                used |= m2;
                s->st.sec_insts++;
            }
            s->st.warp_insts++;
            s->st.hist[popc(used)]++;
            s->dec.valid = (unsigned)p_ok;
            s->dec.warp = w;
            s->dec.pc = p_ok ? (unsigned)pc1 : 0;
            s->dec.mask = p_ok ? m1 : 0;
            s->dec.threads = popc(used);
            s->dec.valid2 = (unsigned)s_ok;
            s->dec.pc2 = s_ok ? (unsigned)pc2 : 0;
            s->dec.mask2 = s_ok ? m2 : 0;
            s->rr = w;
            issued = 1;
        }
        if (!issued) {
            memset(in, 0, sizeof *in);
            hct_cct_heap_eval(&s->hc, &s->hs, in, &s->ho);
        }
    } else {
        hct_cct_heap_eval(&s->hc, &s->hs, in, &s->ho);
    }
    if (s->vcd) {
        trace_dec(s);
        vcd_scope(s->vcd, "hct_cct_heap");
        hct_cct_heap_trace(s->vcd, &s->hc, &s->hs, in, &s->ho);
        vcd_upscope(s->vcd);
    }
    if (!DROPPED(s, issued))
        STEP(hct_cct_heap, &s->hc, &s->hs, in, &s->ho);
    uint64_t used = s->hc.cct - s->hs.free_cnt;
    if (used > s->st.peak)
        s->st.peak = used;
    if (s->P.check) {
        const char *e = hct_cct_heap_check(&s->hc, &s->hs);
        if (e)
            return fail(s, "hct_cct_heap invariant: %s", e);
    }
    return issued;
}

/* ==================================================================== dwf */
static uint32_t rf_get(const sm *s, unsigned t, unsigned r)
{
    unsigned bank = lane_regfile_home(&s->rc, t, s->rf_swz);
    return s->rs->mem[bank][lane_regfile_row(&s->rc, t, r)];
}

static int dwf_commit_pick(sm *s, dwf_in *in)
{
    if (s->launched < s->W) {
        unsigned w = s->launched;
        for (unsigned l = 0; l < s->L; l++) {
            unsigned t = w * s->L + l;
            if (t >= s->T)
                break;
            unsigned h = warp_pool_home_lane(t, s->L, s->P.swizzle);
            warp_pool_put_tid(in->cm_tids, h, s->wc.tid_bits, t);
            in->cm_mask_t |= 1ull << h;
        }
        in->cm_valid = 1;
        in->cm_pc_t = 0;
        in->cm_prio_t = 0;
        return -2;
    }
    for (;;) {
        int best = -1;
        for (unsigned i = 0; i < s->ncq; i++)
            if (s->cq[i].ready <= s->cycle && (best < 0 || s->cq[i].ready < s->cq[best].ready))
                best = (int)i;
        if (best < 0)
            return -1;
        commit_item *c = &s->cq[best];
        if (c->bar && c->gen == s->bar_gen) {
            /* the barrier is still closed: wait outside the scheduler */
            for (uint64_t m = c->mask_t; m; m &= m - 1) {
                unsigned l = (unsigned)__builtin_ctzll(m);
                s->waitpc[c->tid[l]] = (uint16_t)c->pc_t;
                s->nwait++;
            }
            s->cq[best] = s->cq[--s->ncq];
            continue;
        }
        uint64_t smask = (1ull << s->wc.sched_bits) - 1u;
        for (uint64_t m = c->mask_t | c->mask_nt; m; m &= m - 1) {
            unsigned l = (unsigned)__builtin_ctzll(m);
            warp_pool_put_tid(in->cm_tids, l, s->wc.tid_bits, c->tid[l]);
        }
        in->cm_valid = 1;
        in->cm_mask_t = c->mask_t;
        in->cm_mask_nt = c->mask_nt;
        in->cm_pc_t = (uint64_t)c->pc_t * 4u;
        in->cm_pc_nt = (uint64_t)c->pc_nt * 4u;
        unsigned pt = s->k->prio[c->pc_t], pn = s->k->prio[c->pc_nt];
        in->cm_prio_t = pt > smask ? smask : pt;
        in->cm_prio_nt = pn > smask ? smask : pn;
        return best;
    }
}

static int dwf_cycle(sm *s)
{
    dwf_in *in = &s->wi;
    memset(in, 0, sizeof *in);
    int issued = 0, pick = -1;
    unsigned pool = dwf_threads(&s->wc);
    if (!s->done) {
        pick = dwf_commit_pick(s, in);
        in->iss_req = !s->rf_active && s->ws->pool.fcnt < pool;
    }
    dwf_eval(&s->wc, s->ws, in, &s->wo);
    if (s->wo.err)
        return fail(s, "dwf error %s", dwf_err_name((unsigned)s->wo.err_code));
    if (in->cm_valid && !s->wo.cm_ready) {
        s->st.full_stalls++;
        in->cm_valid = 0; /* held: stays queued (never happens with POOL = THREADS) */
        dwf_eval(&s->wc, s->ws, in, &s->wo);
        pick = -1;
    } else if (pick == -2)
        s->launched++;
    else if (pick >= 0)
        s->cq[pick] = s->cq[--s->ncq];
    s->st.lut_evictions += s->wo.lk0_evict + s->wo.lk1_evict;
    if (s->wo.iss_valid) {
        /* the issued dynamic warp reads its operands this cycle */
        int pc = (int)(s->wo.iss_pc / 4u);
        uint64_t mask = s->wo.iss_mask;
        const k_insn *ki = &s->k->ins[pc];
        lane_regfile_in *r = &s->ri;
        memset(r, 0, sizeof *r);
        r->mode = s->P.regfile == SM_RF_CROSSBAR ? LRF_MODE_CROSSBAR : LRF_MODE_PER_LANE;
        r->swizzle = s->rf_swz;
        r->lane_valid = mask;
        s->rf_rd0 = ki->src_sb[0] >= 0 && ki->src_sb[0] < K_REGS;
        s->rf_rd1 = ki->src_sb[1] >= 0 && ki->src_sb[1] < K_REGS;
        r->ra0 = s->rf_rd0 ? (uint64_t)ki->src_sb[0] : 0;
        r->ra1 = s->rf_rd1 ? (uint64_t)ki->src_sb[1] : 0;
        int wreg = ki->dst_sb >= 0 && ki->dst_sb < K_REGS;
        r->wa = wreg ? (uint64_t)ki->dst_sb : 0;
        memset(&s->cur, 0, sizeof s->cur);
        s->cur.bar = ki->op == K_BAR;
        s->cur.gen = s->bar_gen;
        int pc_t = -1, pc_nt = -1;
        for (uint64_t m = mask; m; m &= m - 1) {
            unsigned l = (unsigned)__builtin_ctzll(m);
            unsigned t = warp_pool_get_tid(s->wo.iss_tids, l, s->wc.tid_bits);
            if (t >= s->T)
                return fail(s, "the pool issued tid %u (block has %u threads)", t, s->T);
            r->tid[l] = t;
            uint32_t regs[K_REGS];
            for (unsigned q = 0; q < K_REGS; q++)
                regs[q] = rf_get(s, t, q);
            s->rf_exp0[l] = regs[r->ra0];
            s->rf_exp1[l] = regs[r->ra1];
            int wr;
            uint32_t wv = 0;
            int nx = exec_thread(s, t, pc, regs, &wr, &wv);
            if (nx < 0)
                return -1;
            if (wreg) {
                r->wen |= 1ull << l;
                r->wdata[l] = wv;
            }
            s->cur.tid[l] = (uint16_t)t;
            if (nx == (int)s->k->n)
                continue; /* exited: in neither mask */
            if (pc_t < 0 || nx == pc_t) {
                pc_t = nx;
                s->cur.mask_t |= 1ull << l;
            } else if (pc_nt < 0 || nx == pc_nt) {
                pc_nt = nx;
                s->cur.mask_nt |= 1ull << l;
            } else
                return fail(s, "internal: three next PCs in one warp");
        }
        s->cur.pc_t = (uint32_t)(pc_t < 0 ? 0 : pc_t);
        s->cur.pc_nt = (uint32_t)(pc_nt < 0 ? 0 : pc_nt);
        s->cur_lat = lat_of(s, pc);
        s->rf_active = 1;
        count_issue(s, 0, 0, pc, mask);
        s->dec.warp = (unsigned)s->wo.iss_idx;
        issued = 1;
    }
    /* register file: this cycle's pass of the request in progress */
    lane_regfile_in idle;
    lane_regfile_in *r = &s->ri;
    if (!s->rf_active) {
        memset(&idle, 0, sizeof idle);
        idle.mode = s->P.regfile == SM_RF_CROSSBAR ? LRF_MODE_CROSSBAR : LRF_MODE_PER_LANE;
        idle.swizzle = s->rf_swz;
        r = &idle;
    }
    lane_regfile_eval(&s->rc, s->rs, r, &s->ro);
    if (s->ro.err)
        return fail(s, "lane_regfile error %s", lane_regfile_err_name((unsigned)s->ro.err_code));
    for (uint64_t m = s->ro.rvalid; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        if (!(s->rf_pend_valid >> l & 1u))
            continue;
        if (s->ro.rdata0[l] != s->rf_pend0[l])
            return fail(s, "lane_regfile lane %u read 0x%llx on port 0, expected 0x%x", l,
                        (unsigned long long)s->ro.rdata0[l], s->rf_pend0[l]);
        if (s->ro.rdata1[l] != s->rf_pend1[l])
            return fail(s, "lane_regfile lane %u read 0x%llx on port 1, expected 0x%x", l,
                        (unsigned long long)s->ro.rdata1[l], s->rf_pend1[l]);
    }
    s->rf_pend_valid = 0;
    for (uint64_t m = s->ro.grant; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        s->rf_pend0[l] = s->rf_exp0[l];
        s->rf_pend1[l] = s->rf_exp1[l];
        s->rf_pend_valid |= 1ull << l;
    }
    if (s->vcd) {
        trace_dec(s);
        vcd_scope(s->vcd, "dwf");
        dwf_trace(s->vcd, &s->wc, s->ws, in, &s->wo);
        vcd_upscope(s->vcd);
        vcd_scope(s->vcd, "lane_regfile");
        lane_regfile_trace(s->vcd, &s->rc, s->rs, r, &s->ro);
        vcd_upscope(s->vcd);
    }
    if (!DROPPED(s, issued))
        STEP3(dwf, &s->wc, s->ws, in, &s->wo);
    STEP3(lane_regfile, &s->rc, s->rs, r, &s->ro);
    if (s->rf_active && !s->ro.stall) {
        s->rf_active = 0;
        s->cur.ready = s->cycle + s->cur_lat;
        if (s->cur.ready > s->last_completion)
            s->last_completion = s->cur.ready;
        if (s->cur.mask_t | s->cur.mask_nt) {
            if (s->ncq == s->capcq)
                s->cq = realloc(s->cq, (s->capcq = s->capcq * 2 + 16) * sizeof *s->cq);
            s->cq[s->ncq++] = s->cur;
        }
    }
    s->st.rf_conflicts = s->rs->conflicts_q;
    uint64_t occ = pool - s->ws->pool.fcnt;
    if (occ > s->st.peak)
        s->st.peak = occ;
    if (s->P.check) {
        const char *e = dwf_check(&s->wc, s->ws);
        if (!e)
            e = lane_regfile_check(&s->rc, s->rs);
        if (e)
            return fail(s, "dwf invariant: %s", e);
    }
    return issued || s->rf_active;
}

/* ================================================================= common */
const char *sm_new(enum sm_mech m, const kernel *k, const ref_result *ref, const sm_params *p,
                   sm **out)
{
    static char msg[1024];
    sm *s = calloc(1, sizeof *s);
    s->m = m;
    s->k = k;
    s->ref = ref;
    s->P = *p;
    s->T = k->threads;
    s->L = p->lanes;
    s->W = (s->T + s->L - 1) / s->L;
    const char *e = NULL;
    if (s->W > 64) {
        snprintf(msg, sizeof msg, "%s: %u threads at %u lanes make %u warps (at most 64: raise --lanes)",
                 k->file, s->T, s->L, s->W);
        e = msg;
    }
    switch (m) {
    case SM_SPE:
        s->sc = (simt_stack_cfg){s->W, s->L, p->spe_depth, 32};
        if (!e && (e = simt_stack_cfg_check(&s->sc)))
            break;
        simt_stack_reset(&s->sc, &s->ss);
        break;
    case SM_DPE:
        s->dc = (dpe_stack_cfg){s->W, s->L, p->dpe_depth, 32};
        s->bc = (shadow_scoreboard_cfg){s->W, p->sb_entries, 32};
        if (!e && (e = dpe_stack_cfg_check(&s->dc)))
            break;
        if (!e && (e = shadow_scoreboard_cfg_check(&s->bc)))
            break;
        dpe_stack_reset(&s->dc, &s->ds);
        shadow_scoreboard_reset(&s->bc, &s->bs);
        break;
    case SM_SBI:
        s->hc = (hct_cct_heap_cfg){s->W, s->L, p->cct, 32};
        if (!e && (e = hct_cct_heap_cfg_check(&s->hc)))
            break;
        hct_cct_heap_reset(&s->hc, &s->hs);
        break;
    case SM_DWF: {
        unsigned tb = 1;
        while ((1u << tb) < s->T || (1u << tb) < s->L)
            tb++;
        if (!e && tb > 8) {
            snprintf(msg, sizeof msg,
                     "%s: dwf holds at most 256 threads (its tid_bits <= 8); this kernel has %u",
                     k->file, s->T);
            e = msg;
            break;
        }
        s->wc = dwf_default_cfg();
        s->wc.lanes = s->L;
        s->wc.tid_bits = tb;
        s->wc.pc_bits = 32;
        s->wc.sched_bits = p->sched_bits;
        s->wc.policy = p->policy;
        s->wc.swizzle = p->swizzle;
        s->wc.maj_entries = p->maj;
        s->wc.lut_entries = p->lut_entries;
        if (!e && (e = dwf_cfg_check(&s->wc)))
            break;
        s->rc = lane_regfile_default_cfg();
        s->rc.lanes = s->L;
        s->rc.regs = K_REGS;
        s->rc.entries = K_REGS * (s->W < 1 ? 1 : s->W);
        if (s->rc.entries < 2)
            s->rc.entries = 2;
        if (!e && (e = lane_regfile_cfg_check(&s->rc)))
            break;
        /* crossbar: registers stay in bank tid mod lanes (no swizzle), so a
         * swizzled warp's swapped lanes are bank conflicts (000 Fig. 10b) */
        s->rf_swz = p->regfile == SM_RF_CROSSBAR ? 0 : p->swizzle;
        s->ws = calloc(1, sizeof *s->ws);
        s->rs = calloc(1, sizeof *s->rs);
        dwf_reset(&s->wc, s->ws);
        lane_regfile_reset(&s->rc, s->rs);
        s->waitpc = malloc(s->T * sizeof(uint16_t));
        for (unsigned t = 0; t < s->T; t++)
            s->waitpc[t] = 0xffff;
        break;
    }
    default:
        e = "unknown mechanism";
    }
    if (e) {
        if (e != msg) {
            snprintf(msg, sizeof msg, "%s: %.900s", sm_mech_name[m], e);
            e = msg;
        }
        sm_free(s);
        *out = NULL;
        return e;
    }
    s->regs = calloc(s->T, sizeof *s->regs);
    s->preds = calloc(s->T, sizeof *s->preds);
    s->mem = malloc(k->mem_words * sizeof(uint32_t));
    memcpy(s->mem, k->mem_init, k->mem_words * sizeof(uint32_t));
    s->tpos = calloc(s->T, sizeof *s->tpos);
    s->exited = calloc(s->T, 1);
    s->at_bar = calloc(s->T, 1);
    s->sb_ready = calloc((size_t)s->W * K_SB_REGS, sizeof(uint64_t));
    s->rr = s->W - 1;
    *out = s;
    return NULL;
}

int sm_cycle(sm *s)
{
    if (s->failed)
        return -1;
    memset(&s->dec, 0, sizeof s->dec);
    if (!s->done)
        release_barrier(s);
    int rc = 0;
    if (s->P.fault_kind && s->cycle == s->P.fault_cycle) {
        unsigned t = s->T - 1;
        if (s->P.fault_kind == 1 && s->m == SM_DWF)
            s->rs->mem[lane_regfile_home(&s->rc, t, s->rf_swz)][lane_regfile_row(&s->rc, t, 1)] ^= 1u;
        else if (s->P.fault_kind == 1)
            s->regs[t][1] ^= 1u;
        else if (s->P.fault_kind == 2)
            s->mem[0] ^= 1u;
    }
    switch (s->m) {
    case SM_SPE: rc = spe_cycle(s); break;
    case SM_DPE: rc = dpe_cycle(s); break;
    case SM_DWF: rc = dwf_cycle(s); break;
    case SM_SBI: rc = sbi_cycle(s); break;
    default: break;
    }
    if (rc < 0 || s->failed)
        return -1;
    if (s->done)
        return 1;
    if (!s->dec.valid && !s->dec.valid2)
        s->st.idle_cycles++;
    s->cycle++;
    if (s->nexited == s->T && s->cycle >= s->last_completion &&
        (s->m != SM_DWF || (!s->ncq && !s->rf_active)) && (s->m != SM_DPE || !s->nwb)) {
        s->done = 1;
        s->st.cycles = s->cycle;
        if (s->paths_n)
            s->st.avg_paths = (double)s->paths_sum / (double)s->paths_n;
        return 1;
    }
    uint64_t quiet = s->cycle - s->last_issue;
    if (s->cycle > s->W + 2 && quiet > 1000u + 4u * (s->P.mem_lat + s->P.alu_lat) &&
        s->cycle > s->last_completion)
        return fail(s, "deadlock: nothing issued for %llu cycles (cycle %llu; %u of %u threads "
                       "exited, %u at a barrier; %llu full-table stalls%s)",
                    (unsigned long long)quiet, (unsigned long long)s->cycle, s->nexited, s->T,
                    s->narrived, (unsigned long long)s->st.full_stalls,
                    s->st.full_stalls ? ": the structure is too small for this kernel" : "");
    if (s->cycle >= s->P.max_cycles)
        return fail(s, "not finished after %llu cycles", (unsigned long long)s->cycle);
    return 0;
}

int sm_run(sm *s)
{
    int rc;
    while ((rc = sm_cycle(s)) == 0)
        ;
    return rc < 0 ? -1 : 0;
}

int sm_finish(sm *s)
{
    if (s->failed)
        return -1;
    const ref_result *r = s->ref;
    for (unsigned t = 0; t < s->T; t++) {
        if (s->tpos[t] != r->len[t])
            return fail(s, "thread %u: executed %u instructions, the reference %u (next reference "
                           "pc %u never executed)",
                        t, s->tpos[t], r->len[t],
                        s->tpos[t] < r->len[t] ? r->trace[t][s->tpos[t]] : 0);
        for (unsigned q = 0; q < K_REGS; q++) {
            uint32_t v = s->m == SM_DWF ? rf_get(s, t, q) : s->regs[t][q];
            if (v != r->regs[t][q])
                return fail(s, "thread %u: final r%u = 0x%08x, the reference has 0x%08x", t, q, v,
                            r->regs[t][q]);
        }
        for (unsigned q = 0; q < K_PREDS; q++)
            if (s->preds[t][q] != r->preds[t][q])
                return fail(s, "thread %u: final p%u = %u, the reference has %u", t, q,
                            s->preds[t][q], r->preds[t][q]);
    }
    for (unsigned a = 0; a < s->k->mem_words; a++)
        if (s->mem[a] != r->mem[a])
            return fail(s, "memory word %u = 0x%08x, the reference has 0x%08x", a, s->mem[a],
                        r->mem[a]);
    if (s->m == SM_DPE)
        for (unsigned w = 0; w < s->W; w++)
            if (s->bs.valid[w][0] || s->bs.valid[w][1])
                return fail(s, "warp %u: shadow scoreboard not empty at the end", w);
    return 0;
}

const char *sm_error(const sm *s) { return s->err; }
const sm_stats *sm_get_stats(const sm *s) { return &s->st; }
void sm_set_vcd(sm *s, struct vcd_writer *w) { s->vcd = w; }

void sm_free(sm *s)
{
    if (!s)
        return;
    free(s->regs);
    free(s->preds);
    free(s->mem);
    free(s->tpos);
    free(s->exited);
    free(s->at_bar);
    free(s->sb_ready);
    free(s->wbq);
    free(s->ws);
    free(s->rs);
    free(s->cq);
    free(s->waitpc);
    free(s);
}

/* Area of the mechanism's structures at this design point: the control
 * structures of the mechanism plus the register file organisation it needs
 * (spe, dpe, sbi: one row decoder, 000 Fig. 10c; dwf: a decoder per bank,
 * or per-bank decoders and crossbars with --regfile crossbar), same
 * geometry for all.  0 and a message on failure. */
double sm_area(const sm *s, const area_tech *t, char *what, size_t len)
{
    area_desc d;
    area_result r;
    double mm2 = 0;
    const char *e = NULL;
    unsigned entries = K_REGS * s->W < 2 ? 2 : K_REGS * s->W;
    area_lrf_org org = LRF_ORG_SINGLE_DECODER;
    what[0] = 0;
#define ADD(call)                                                                          \
    do {                                                                                   \
        if (!e && !(e = (call)) && !(e = area_desc_eval(t, &d, &r, NULL))) {               \
            mm2 += r.total_mm2;                                                            \
            size_t u = strlen(what);                                                       \
            snprintf(what + u, len - u, "%s%s", u ? "+" : "", d.name);                     \
        }                                                                                  \
    } while (0)
    switch (s->m) {
    case SM_SPE:
        ADD(area_desc_simt_stack(&s->sc, 0, &d));
        break;
    case SM_DPE:
        ADD(area_desc_dpe_stack(s->dc.warps, s->dc.lanes, s->dc.depth, s->dc.pc_bits, 0, &d));
        ADD(area_desc_shadow_scoreboard(s->bc.warps, s->bc.entries, s->bc.regs, 0, &d));
        break;
    case SM_SBI:
        ADD(area_desc_hct_cct_heap(&s->hc, AREA_HCH_ALL, 0, &d));
        break;
    case SM_DWF: {
        pc_warp_lut_cfg lc = dwf_lut_cfg(&s->wc);
        warp_pool_cfg pc = dwf_pool_cfg(&s->wc);
        ADD(area_desc_pc_warp_lut(&lc, 0, &d));
        ADD(area_desc_warp_pool(&pc, AREA_WP_ALL, 0, &d));
        ADD(area_desc_dwf_update_regs(&pc, &d));
        org = s->P.regfile == SM_RF_CROSSBAR ? LRF_ORG_CROSSBAR : LRF_ORG_PER_LANE;
        break;
    }
    default:
        break;
    }
    ADD(area_desc_lane_regfile(s->L, entries, 32, K_REGS, org, 0, &d));
#undef ADD
    if (e) {
        snprintf(what, len, "%s", e);
        return 0;
    }
    return mm2;
}
