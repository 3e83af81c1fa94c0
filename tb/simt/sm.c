/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sm.c -- the SM timing model and the five mechanisms (see sm.h and the
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

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../rtl_c/bits.h"
#include "../../rtl_c/dpe_stack.h"
#include "../../rtl_c/dwf.h"
#include "../../rtl_c/hct_cct_heap.h"
#include "../../rtl_c/lane_regfile.h"
#include "../../rtl_c/lwm_subwarp.h"
#include "../../rtl_c/sbi_scoreboard.h"
#include "../../rtl_c/shadow_scoreboard.h"
#include "../../rtl_c/simt_stack.h"
#include "../../rtl_c/swi_sched.h"
#include "../../rtl_c/tsimt_frontend.h"
#include "../../rtl_c/two_level_sched.h"
#include "../../vcd/vcd.h"
#include "../../area/structs.h"
#include "../vec.h"

/*
 * One decision per cycle (issue 17): step applies what eval decided.  Issue
 * 17 changes foo_step(cfg, st, in) to foo_step(cfg, st, in, out), one model
 * at a time.  STEP calls whichever the linked model has: _Generic on
 * the function's type picks a wrapper, and only the picked wrapper (whose
 * call matches the real type) ever runs.  The pointer is kept as void (*)(void),
 * C's generic function pointer (volatile: the compiler never sees the other
 * arity called).
 */
#define STEP_WRAPPERS(name)                                                                 \
    typedef void (*name##_step3_t)(const name##_cfg *, name##_state *, const name##_in *);  \
    typedef void (*name##_step4_t)(const name##_cfg *, name##_state *, const name##_in *,   \
                                   const name##_out *);                                     \
    static void (*volatile const name##_fp)(void) = (void (*)(void))name##_step;            \
    static inline void name##_call3(const name##_cfg *c, name##_state *s, const name##_in *i, \
                                    const name##_out *o)                                    \
    {                                                                                       \
        (void)o;                                                                            \
        ((name##_step3_t)name##_fp)(c, s, i);                             \
    }                                                                                       \
    static inline void name##_call4(const name##_cfg *c, name##_state *s, const name##_in *i, \
                                    const name##_out *o)                                    \
    {                                                                                       \
        ((name##_step4_t)name##_fp)(c, s, i, o);                          \
    }
STEP_WRAPPERS(simt_stack)
STEP_WRAPPERS(dpe_stack)
STEP_WRAPPERS(shadow_scoreboard)
STEP_WRAPPERS(hct_cct_heap)
STEP_WRAPPERS(dwf)
STEP_WRAPPERS(lane_regfile)
STEP_WRAPPERS(tsimt_frontend)
STEP_WRAPPERS(lwm_subwarp)
#define STEP(name, c, s, i, o)                                                              \
    _Generic(&name##_step, name##_step3_t: name##_call3, default: name##_call4)(c, s, i, o)
/* the main structure's step, unless the test hook drops it this cycle */
#define DROPPED(s, issued) ((s)->P.fault_kind == 3 && (issued) && (s)->cycle >= (s)->P.fault_cycle && !(s)->fault_done && ((s)->fault_done = 1))

const char *const sm_mech_name[SM_NMECH] = {"spe", "dpe", "dwf", "sbi", "tsimt",
                                              "stsimt", "lwm", "swi", "sbi+swi"};

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

/* ------------------------------------------------------------ recorder */
/* --trace-dir: one vector file (tb/vec.h, docs/cosim.md) per structure of
 * the mechanism, the inputs the structure got and the outputs it gave each
 * cycle, in the order of its foo_ports, after one reset cycle.
 * `cosim_foo --replay FILE` drives the Verilog with it. */
#define REC_MAX 3
typedef struct {
    vec_writer *w;
    char path[1100];
    unsigned n;                              /* ports visited this cycle */
    struct vec_field f[VEC_MAX_FIELDS];
    const uint64_t *v[VEC_MAX_FIELDS];
    const uint64_t *vals[VEC_MAX_FIELDS + 1];
    int bad;
} recorder;

static const uint64_t rec_zero[PORT_MAX_WORDS];

static void rec_visit(void *ctx, const char *name, unsigned width, const uint64_t *value,
                      enum port_dir dir)
{
    recorder *r = ctx;
    if (r->n >= VEC_MAX_FIELDS - 1) {
        r->bad = 1;
        return;
    }
    r->f[r->n] = vec_field_make(name, width, dir);
    r->v[r->n] = value;
    r->n++;
}

/* After foo_ports filled r: write the cycle (the header and a reset cycle
 * first).  Returns NULL or a message. */
static const char *rec_cycle(recorder *r, const char *dir, const char *mech,
                             const struct param_table *t, const void *cfg)
{
    static char msg[1300];
    if (r->bad)
        return "too many ports for a vector file";
    unsigned k = 0;
    if (!r->w) {
        struct vec_field hf[VEC_MAX_FIELDS];
        char params[512], err[512];
        hf[k++] = vec_field_make("rst", 1, PORT_IN);
        for (unsigned i = 0; i < r->n; i++)
            if (r->f[i].dir == PORT_IN)
                hf[k++] = r->f[i];
        for (unsigned i = 0; i < r->n; i++)
            if (r->f[i].dir == PORT_OUT)
                hf[k++] = r->f[i];
        params_format(t, cfg, 1, params, sizeof params);
        snprintf(r->path, sizeof r->path, "%s/%s-%s.vec", dir, mech, t->structure);
        r->w = vec_create(r->path, t->structure, params, hf, k, err, sizeof err);
        if (!r->w) {
            snprintf(msg, sizeof msg, "--trace-dir: %s", err);
            return msg;
        }
        static const uint64_t one = 1;
        k = 0;
        r->vals[k++] = &one;
        for (unsigned i = 0; i < r->n; i++)
            if (r->f[i].dir == PORT_IN)
                r->vals[k++] = rec_zero;
        for (unsigned i = 0; i < r->n; i++)
            if (r->f[i].dir == PORT_OUT)
                r->vals[k++] = NULL; /* x in the reset cycle */
        vec_write(r->w, r->vals);
    }
    k = 0;
    r->vals[k++] = rec_zero;
    for (unsigned i = 0; i < r->n; i++)
        if (r->f[i].dir == PORT_IN)
            r->vals[k++] = r->v[i];
    for (unsigned i = 0; i < r->n; i++)
        if (r->f[i].dir == PORT_OUT)
            r->vals[k++] = r->v[i];
    vec_write(r->w, r->vals);
    r->n = 0;
    return NULL;
}

/* Records structure `name` of this cycle: its ports, then the cycle. */
#define RECORD(s, idx, name, cfgp, inp, outp)                                                \
    do {                                                                                   \
        if ((s)->trace_dir) {                                                              \
            name##_ports(cfgp, inp, outp, rec_visit, &(s)->rec[idx]);                      \
            const char *re_ = rec_cycle(&(s)->rec[idx], (s)->trace_dir, sm_mech_name[(s)->m], \
                                        &name##_params, cfgp);                             \
            if (re_)                                                                       \
                return fail(s, "%s", re_);                                                 \
        }                                                                                  \
    } while (0)

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
    uint64_t *tready;   /* [T][K_SB_REGS]: the same per thread, the timing oracle */
    unsigned rr;
    unsigned launched;
    uint64_t last_completion, last_issue;
    sm_stats st;
    char err[600];
    int failed, done, fault_done;
    struct vcd_writer *vcd;
    const char *trace_dir;
    recorder rec[REC_MAX];
    /* this cycle's decision, for the waveform */
    struct {
        unsigned valid, warp, side, pc, valid2, pc2, threads;
        uint64_t mask, mask2;
        uint16_t tids[MAXL]; /* dwf: the thread in each lane */
        unsigned valid3, warp3, pc3; /* swi, sbi+swi: the secondary warp */
        uint64_t mask3;
    } dec;
    FILE *log;
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
    /* tsimt (the stack is ss/sc above) */
    tsimt_frontend_cfg tc;
    tsimt_frontend_state *ts;
    tsimt_frontend_in ti;
    tsimt_frontend_out to;
    unsigned fill_rr;
    uint64_t groups_issued; /* lane-cycles the issued instructions need (groups_of) */
    /* sbi */
    hct_cct_heap_cfg hc;
    hct_cct_heap_state hs;
    hct_cct_heap_in hi;
    hct_cct_heap_out ho;
    /* lwm: large warps of K static warps (rows) x L lanes (columns) */
    lwm_subwarp_cfg lc;
    lwm_subwarp_state *ls;
    lwm_subwarp_in li;
    lwm_subwarp_out lo;
    unsigned LW;
    struct lwm_flight {   /* a sub-warp in the pipeline */
        uint64_t ready;   /* the cycle it leaves the last stage */
        uint64_t warp, cols, first, branch, taken;
        uint64_t rows[4];
    } *lq;
    unsigned nlq, caplq;
    int lw_pc;            /* the instruction being broken into sub-warps */
    uint64_t lw_jmask[LWM_WORDS]; /* its threads (a jump's one sub-warp runs them all) */
    /* --sched: this cycle's candidate order; two-level's model */
    unsigned ord[64], nord;
    uint64_t ld_until[64]; /* per (large) warp: its last load's result cycle */
    two_level_sched_cfg tlc;
    two_level_sched_state tls;
    /* swi, sbi+swi (with ss/sc or hs/hc above) */
    swi_sched_cfg xc;
    swi_sched_state xs;
    swi_sched_in xi;
    swi_sched_out xo;
    unsigned xfill_rr;
    /* sbi: the dependency-matrix scoreboard (001 sec. 3.4) and, per entry,
     * the cycle each pending write completes (kept in its positions) */
    sbi_scoreboard_cfg sbc;
    sbi_scoreboard_state sbs;
    sbi_scoreboard_in sbin;
    sbi_scoreboard_out sbo;
    uint64_t sb_done[SBI_SB_MAX_WARPS][SBI_SB_MAX_DEPTH][2];
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
    /* timing oracle, independent of every scoreboard: a thread never reads
     * or overwrites a register before the result in flight to it is ready */
    const k_insn *ki = &s->k->ins[pc];
    uint64_t *rd = s->tready + (size_t)t * K_SB_REGS;
    for (int j = 0; j < 4; j++) {
        int id = j < 3 ? ki->src_sb[j] : ki->dst_sb;
        if (id >= 0 && rd[id] > s->cycle)
            return fail(s, "thread %u: pc %d (line %d) %s %s%d in cycle %llu, but the result in "
                           "flight to it is ready only in cycle %llu (hazard not detected)",
                        t, pc, ki->line, j < 3 ? "reads" : "overwrites", id < K_REGS ? "r" : "p",
                        id < K_REGS ? id : id - K_REGS, (unsigned long long)s->cycle,
                        (unsigned long long)rd[id]);
    }
    if (ki->dst_sb >= 0)
        rd[ki->dst_sb] = s->cycle + lat_of(s, pc);
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

static void note_issue(sm *s, int pc)
{
    uint64_t done = s->cycle + lat_of(s, pc);
    if (done > s->last_completion)
        s->last_completion = done;
    s->last_issue = s->cycle;
}

/* per-warp destination-register scoreboard (spe, sbi) */
static int sb_ready(const sm *s, unsigned w, int pc)
{
    if (s->P.fault_kind == 4 && s->cycle >= s->P.fault_cycle)
        return 1; /* test hook: the scoreboard sees nothing */
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
    if (in->dst_sb >= 0) {
        /* sbi's primary and secondary may both write a register in one
         * cycle: the register is busy until the later of the two */
        uint64_t *e = &s->sb_ready[(size_t)w * K_SB_REGS + in->dst_sb];
        uint64_t r = s->cycle + lat_of(s, pc);
        if (r > *e)
            *e = r;
    }
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
    note_issue(s, pc);
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
                unsigned h = dwf_home_lane(&s->wc, t);
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
    if (s->m == SM_TSIMT || s->m == SM_STSIMT)
        vcd_sig(w, "issue_lane", 6, s->dec.side);
    vcd_sig(w, "issue_pc", 16, s->dec.pc);
    vcd_sig(w, "issue_mask", s->L, s->dec.mask);
    vcd_sig(w, "issue_threads", 8, s->dec.threads);
    if (s->m == SM_SBI) {
        vcd_sig(w, "issue2_valid", 1, s->dec.valid2);
        vcd_sig(w, "issue2_pc", 16, s->dec.pc2);
        vcd_sig(w, "issue2_mask", s->L, s->dec.mask2);
    }
    if (s->m == SM_SWI || s->m == SM_SBISWI) {
        if (s->m == SM_SBISWI) {
            vcd_sig(w, "issue2_valid", 1, s->dec.valid2);
            vcd_sig(w, "issue2_pc", 16, s->dec.pc2);
            vcd_sig(w, "issue2_mask", s->L, s->dec.mask2);
        }
        vcd_sig(w, "issue3_valid", 1, s->dec.valid3);
        vcd_sig(w, "issue3_warp", 8, s->dec.warp3);
        vcd_sig(w, "issue3_pc", 16, s->dec.pc3);
        vcd_sig(w, "issue3_mask", s->L, s->dec.mask3);
    }
    vcd_sig(w, "exited", 11, s->nexited);
    vcd_sig(w, "at_barrier", 11, s->narrived);
    vcd_sig(w, "done", 1, (uint64_t)s->done);
}

/* ==================================================================== spe */
/* spe's stack operation for warp w issuing pc on mask (spe, swi) */
static void spe_stack_op(const sm *s, unsigned w, int pc, uint64_t mask, simt_stack_in *in)
{
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
}

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
        for (unsigned i = 1; i <= s->nord && !issued; i++) {
            unsigned w = s->ord[i - 1];
            unsigned sp = s->ss.sp[w];
            if (!sp)
                continue;
            int pc = (int)s->ss.ent[w][sp - 1].pc;
            uint64_t mask = s->ss.ent[w][sp - 1].mask;
            if (blocked(s, w, mask) || !sb_ready(s, w, pc))
                continue;
            spe_stack_op(s, w, pc, mask, in);
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
    RECORD(s, 0, simt_stack, &s->sc, in, &s->so);
    if (!DROPPED(s, issued))
        STEP(simt_stack, &s->sc, &s->ss, in, &s->so);
    if (in->op != SIMT_OP_NOP && s->ss.sp[in->op_warp] > s->st.peak)
        s->st.peak = s->ss.sp[in->op_warp];
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
            s->paths_sum += s->ds.ent[w][sp - 1].p[0].valid + s->ds.ent[w][sp - 1].p[1].valid;
        }
        for (unsigned i = 0; i < 2 * s->nord && !issued; i++) {
            unsigned w = s->ord[i / 2];
            unsigned sp = s->ds.sp[w];
            if (!sp)
                continue;
            unsigned side = (i & 1) ? s->last_side[w] : !s->last_side[w];
            unsigned t = sp - 1;
            if (!(side ? s->ds.ent[w][t].p[1].valid : s->ds.ent[w][t].p[0].valid))
                continue;
            int pc = (int)(side ? s->ds.ent[w][t].p[1].pc : s->ds.ent[w][t].p[0].pc);
            uint64_t mask = side ? s->ds.ent[w][t].p[1].mask : s->ds.ent[w][t].p[0].mask;
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
            if (s->bo.hazard && !(s->P.fault_kind == 4 && s->cycle >= s->P.fault_cycle))
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
    RECORD(s, 0, dpe_stack, &s->dc, in, &s->dout);
    RECORD(s, 1, shadow_scoreboard, &s->bc, &s->bi, &s->bo);
    if (!DROPPED(s, issued))
        STEP(dpe_stack, &s->dc, &s->ds, in, &s->dout);
    STEP(shadow_scoreboard, &s->bc, &s->bs, &s->bi, &s->bo);
    if (in->op != DPE_OP_NOP && s->ds.sp[in->op_warp] > s->st.peak)
        s->st.peak = s->ds.sp[in->op_warp];
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

/* The registers pc's instruction reads and writes, on the scoreboard's read
 * port: q_rv bits 0-2 the sources, bit 3 the destination. */
static void sbi_sb_query(const sm *s, int pc, uint64_t *rv, uint64_t *r0, uint64_t *r1,
                         uint64_t *r2, uint64_t *r3)
{
    const k_insn *ki = &s->k->ins[pc];
    uint64_t *r[3] = {r0, r1, r2};
    *rv = 0;
    for (int j = 0; j < 3; j++) {
        *r[j] = ki->src_sb[j] >= 0 ? (uint64_t)ki->src_sb[j] : 0u;
        if (ki->src_sb[j] >= 0)
            *rv |= 1u << j;
    }
    *r3 = ki->dst_sb >= 0 ? (uint64_t)ki->dst_sb : 0u;
    if (ki->dst_sb >= 0)
        *rv |= 8u;
}

/* The read port for warp w's two contexts: hz1/hz2 in s->sbo. */
static void sbi_sb_read(sm *s, unsigned w, int pc1, int v2, int pc2)
{
    sbi_scoreboard_in *q = &s->sbin;
    q->q_warp = w;
    sbi_sb_query(s, pc1, &q->q1_rv, &q->q1_r0, &q->q1_r1, &q->q1_r2, &q->q1_r3);
    if (v2)
        sbi_sb_query(s, pc2, &q->q2_rv, &q->q2_r0, &q->q2_r1, &q->q2_r2, &q->q2_r3);
    else
        q->q2_rv = 0;
    sbi_scoreboard_eval(&s->sbc, &s->sbs, q, &s->sbo);
}

/* The writeback port: one completing write a cycle (the earliest), one
 * cycle before its result is usable, so an instruction reading it issues in
 * the cycle it completes (as the per-warp scoreboard of spe lets it). */
static void sbi_sb_wb(sm *s)
{
    sbi_scoreboard_in *in = &s->sbin;
    uint64_t best = UINT64_MAX;
    for (unsigned w = 0; w < s->sbc.warps; w++)
        for (unsigned k = 0; k < s->sbc.depth; k++)
            for (unsigned i = 0; i < 2; i++) {
                uint64_t dv = i ? s->sbs.dv2_q[w] : s->sbs.dv1_q[w];
                uint64_t d = s->sb_done[w][k][i];
                if (((dv >> k) & 1u) && d <= s->cycle + 1 && d < best) {
                    best = d;
                    in->wb_v = 1;
                    in->wb_warp = w;
                    in->wb_pos = k;
                    in->wb_sel = 1u << i;
                }
            }
    if (in->wb_v) { /* both writes of the entry, when both have completed */
        unsigned w = (unsigned)in->wb_warp, k = (unsigned)in->wb_pos, o = in->wb_sel == 1u;
        uint64_t dv = o ? s->sbs.dv2_q[w] : s->sbs.dv1_q[w];
        if (((dv >> k) & 1u) && s->sb_done[w][k][o] <= s->cycle + 1)
            in->wb_sel = 3;
    }
}

static int sbi_cycle(sm *s)
{
    hct_cct_heap_in *in = &s->hi;
    memset(in, 0, sizeof *in);
    memset(&s->sbin, 0, sizeof s->sbin);
    sbi_sb_wb(s);
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
        for (unsigned i = 1; i <= s->nord && !issued; i++) {
            unsigned w = s->ord[i - 1];
            if (!s->hs.v1[w])
                continue;
            memset(in, 0, sizeof *in);
            sbi_rd(s, w, in);
            hct_cct_heap_eval(&s->hc, &s->hs, in, &s->ho);
            int pc1 = (int)s->ho.rd_pc1, pc2 = (int)s->ho.rd_pc2;
            uint64_t m1 = s->ho.rd_m1, m2 = s->ho.rd_m2;
            /* hazards: the dependency-matrix scoreboard's read port */
            s->sbin.iss_v = 0;
            sbi_sb_read(s, w, pc1, (int)s->ho.rd_v2, pc2);
            int blind = s->P.fault_kind == 4 && s->cycle >= s->P.fault_cycle; /* test hook */
            int p_ok = !blocked(s, w, m1) && (!s->sbo.hz1 || blind);
            int s_ok = s->ho.rd_v2 && s->ho.rd_run2 && !blocked(s, w, m2) && (!s->sbo.hz2 || blind);
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
            /* the issue on the scoreboard: D(t, t+1) from this heap update */
            {
                const k_insn *k1 = &s->k->ins[pc1], *k2 = &s->k->ins[pc2];
                sbi_scoreboard_in *q = &s->sbin;
                q->iss_v = 1;
                q->iss_warp = w;
                q->iss_d = sbi_scoreboard_dmat(&s->hc, &s->hs, in, &s->ho);
                q->iss_dv1 = p_ok && k1->dst_sb >= 0;
                q->iss_dst1 = q->iss_dv1 ? (uint64_t)k1->dst_sb : 0u;
                q->iss_dv2 = s_ok && k2->dst_sb >= 0;
                q->iss_dst2 = q->iss_dv2 ? (uint64_t)k2->dst_sb : 0u;
                sbi_scoreboard_eval(&s->sbc, &s->sbs, q, &s->sbo);
                if (s->sbo.err)
                    return fail(s, "sbi_scoreboard rejected the issue of warp %u: %s", w,
                                sbi_scoreboard_err_name((unsigned)s->sbo.err_code));
                if (!s->sbo.ready) { /* the warp's row is full: pushed back */
                    q->iss_v = 0;
                    continue;
                }
                if (s->sbo.nx_push) {
                    unsigned h = s->sbo.nx_hole;
                    for (unsigned k = h; k > 0; k--) {
                        s->sb_done[w][k][0] = s->sb_done[w][k - 1][0];
                        s->sb_done[w][k][1] = s->sb_done[w][k - 1][1];
                    }
                    s->sb_done[w][0][0] = s->cycle + lat_of(s, pc1);
                    s->sb_done[w][0][1] = s->cycle + lat_of(s, pc2);
                }
            }
            uint64_t used = 0;
            if (p_ok) {
                if (exec_static(s, w, pc1, m1))
                    return -1;
                sb_issue(s, w, pc1);
                note_issue(s, pc1);
                used |= m1;
            }
            if (s_ok) {
                if (exec_static(s, w, pc2, m2))
                    return -1;
                sb_issue(s, w, pc2);
                note_issue(s, pc2);
                used |= m2;
                s->st.sec_insts++;
            }
            s->st.warp_insts++;
            s->st.hist[popc(used)]++;
            if (s->ho.rd_v2 && !s->ho.rd_run2)
                s->st.sec_suspended++;
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
    RECORD(s, 0, hct_cct_heap, &s->hc, in, &s->ho);
    if (!DROPPED(s, issued))
        STEP(hct_cct_heap, &s->hc, &s->hs, in, &s->ho);
    /* the scoreboard's cycle: this cycle's writeback, and the issue (if any) */
    if (!issued)
        s->sbin.iss_v = 0;
    sbi_scoreboard_eval(&s->sbc, &s->sbs, &s->sbin, &s->sbo);
    if (s->sbo.err)
        return fail(s, "sbi_scoreboard: %s", sbi_scoreboard_err_name((unsigned)s->sbo.err_code));
    RECORD(s, 1, sbi_scoreboard, &s->sbc, &s->sbin, &s->sbo);
    sbi_scoreboard_step(&s->sbc, &s->sbs, &s->sbin, &s->sbo);
    uint64_t used = s->hc.cct - s->hs.free_cnt;
    if (used > s->st.peak)
        s->st.peak = used;
    if (s->P.check) {
        const char *e = hct_cct_heap_check(&s->hc, &s->hs);
        if (e)
            return fail(s, "hct_cct_heap invariant: %s", e);
        if ((e = sbi_scoreboard_check(&s->sbc, &s->sbs)))
            return fail(s, "sbi_scoreboard invariant: %s", e);
    }
    return issued;
}

/* ============================================================ swi, sbi+swi */
/*
 * SWI (001 sec. 4) on the project's swi_sched model.  Each warp offers one
 * issue unit to the instruction buffer (fetch writes it into the warp's
 * entry, one fill per cycle, round-robin over the warps whose entry is free
 * and whose unit is not in the secondary stage); the primary picks the
 * oldest ready entry, which issues the next cycle as I1; in that cycle the
 * secondary issues I2, a ready entry of another warp whose lanes fit in
 * the lanes I1 leaves free.  Both issue in one slot of the SIMD group.
 *
 *   swi      the unit of warp w is its simt_stack top (spe's stacks): pc and
 *            active mask; ready = not at a barrier, the scoreboard clear,
 *            and the stack able to take the update.
 *   sbi+swi  the unit of warp w is the primary context of its hct_cct_heap
 *            row (SBI): pc1, m1; ready = the primary can issue (sbi's rule)
 *            and the heap can take the update.  As I1, the warp issues its
 *            primary and, by sbi's rules, its secondary context when that
 *            is ready and off I2's lanes (else it waits in the heap); as I2,
 *            its primary only.  So a slot holds up to three instructions on
 *            disjoint lanes.  001 says SBI and SWI combine but not how; here
 *            a secondary context issues only beside its primary (sbi also
 *            issues it alone when the primary is not ready).
 *
 * The buffered unit is a tag: what issues is read again from the stack or
 * heap at issue time (the warp has nothing else in flight, so it is what was
 * buffered; checked).  The two issued warps update their own stacks (heap
 * rows) in the same cycle: two update ports, modelled as two eval/step of
 * the one-port model, I1's warp first (recorded as two vector cycles with
 * --trace-dir).  If the structure refuses an update at issue (sbi+swi: the
 * first warp's update took the last CCT entries), that warp does not issue
 * (a full-table stall) and fetch offers its unchanged unit again later.
 * During the launch cycles the stack or heap port launches and nothing is
 * ready.
 */
typedef struct {
    int ok, pc;
    uint64_t mask;
} swi_unit;


/* sbi's update of warp w (the body of sbi_cycle for one warp): reads the
 * heap row, decides which contexts issue, builds the UPDATE in *in and
 * evaluates it into s->ho.  Returns 0 when neither context can issue. */
static int swi_sbi_op(sm *s, unsigned w, uint64_t busy, hct_cct_heap_in *in, int *p_ok,
                      int *s_ok, sbi_next *a, sbi_next *b)
{
    memset(in, 0, sizeof *in);
    sbi_rd(s, w, in);
    hct_cct_heap_eval(&s->hc, &s->hs, in, &s->ho);
    int pc1 = (int)s->ho.rd_pc1, pc2 = (int)s->ho.rd_pc2;
    uint64_t m1 = s->ho.rd_m1, m2 = s->ho.rd_m2;
    *p_ok = s->ho.rd_v1 && !blocked(s, w, m1) && sb_ready(s, w, pc1);
    /* the secondary context rides with the primary, on lanes no other
     * warp takes in this slot */
    *s_ok = *p_ok && s->ho.rd_v2 && s->ho.rd_run2 && !(m2 & busy) && !blocked(s, w, m2) &&
            sb_ready(s, w, pc2);
    if (!*p_ok)
        return 0;
    *a = (sbi_next){0, 0, 0, -1, -1};
    *b = (sbi_next){0, 0, 0, -1, -1};
    if (*p_ok)
        *a = sbi_split(s, w, pc1, m1);
    if (*s_ok) {
        *b = sbi_split(s, w, pc2, m2);
        if (*p_ok && a->m_b && b->m_b)
            *s_ok = 0; /* at most one divergence per cycle */
    }
    unsigned n = 0;
    int v2 = (int)s->ho.rd_v2;
    in->op = HCH_OP_UPDATE;
    in->op_warp = w;
    if (*p_ok)
        sbi_ctx_add(in, &n, (uint64_t)a->pc_a, a->m_a);
    else
        sbi_ctx_add(in, &n, (uint64_t)pc1, m1);
    if (v2) {
        if (*s_ok)
            sbi_ctx_add(in, &n, (uint64_t)b->pc_a, b->m_a);
        else
            sbi_ctx_add(in, &n, (uint64_t)pc2, m2);
    }
    if (*p_ok)
        sbi_ctx_add(in, &n, (uint64_t)a->pc_b, a->m_b);
    if (*s_ok)
        sbi_ctx_add(in, &n, (uint64_t)b->pc_b, b->m_b);
    in->op_exit = (*p_ok ? a->m_exit : 0) | (*s_ok ? b->m_exit : 0);
    hct_cct_heap_eval(&s->hc, &s->hs, in, &s->ho);
    return 1;
}

/* The unit warp w offers to fetch. */
static swi_unit swi_offer(const sm *s, unsigned w)
{
    swi_unit u = {0, 0, 0};
    if (s->m == SM_SWI) {
        unsigned sp = s->ss.sp[w];
        if (sp && s->ss.ent[w][sp - 1].pc < s->k->n) {
            u.ok = 1;
            u.pc = (int)s->ss.ent[w][sp - 1].pc;
            u.mask = s->ss.ent[w][sp - 1].mask;
        }
    } else if (s->hs.v1[w]) {
        u.ok = 1;
        u.pc = (int)s->hs.pc1[w];
        u.mask = s->hs.m1[w];
    }
    return u;
}

/* Whether warp w's buffered unit may issue now; *full: only a full table
 * holds it back. */
static int swi_ready(sm *s, unsigned w, int *full)
{
    *full = 0;
    if (s->m == SM_SWI) {
        int pc = (int)s->xs.pc_q[w];
        uint64_t mask = s->xs.mask_q[w];
        simt_stack_in in;
        simt_stack_out o;
        if (blocked(s, w, mask) || !sb_ready(s, w, pc))
            return 0;
        spe_stack_op(s, w, pc, mask, &in);
        simt_stack_eval(&s->sc, &s->ss, &in, &o);
        *full = !o.err && !o.ready;
        return !o.err && o.ready;
    }
    hct_cct_heap_in in;
    int p_ok, s_ok;
    sbi_next a, b;
    if (!swi_sbi_op(s, w, 0, &in, &p_ok, &s_ok, &a, &b))
        return 0;
    *full = !s->ho.err && !s->ho.ready;
    return !s->ho.err && s->ho.ready;
}

/* Issues warp w's unit (buffered as pc, mask): updates its stack / heap row
 * and executes.  *used: the lanes that executed (0: refused, a full table).
 * *pc_out: the (primary) PC issued; *pc2_out, *m2_out: sbi+swi's secondary
 * context (-1 none).  Returns -1 on a failure. */
static int swi_issue(sm *s, unsigned w, int pc, uint64_t mask, uint64_t busy, uint64_t *used,
                     int *pc_out, uint64_t *m_out, int *pc2_out, uint64_t *m2_out)
{
    *used = 0;
    *pc_out = *pc2_out = -1;
    *m_out = *m2_out = 0;
    if (s->m == SM_SWI) {
        swi_unit u = swi_offer(s, w);
        if (!u.ok || u.pc != pc || u.mask != mask)
            return fail(s, "warp %u: the buffered instruction (pc %d) is not its stack top (pc %d)",
                        w, pc, u.pc);
        spe_stack_op(s, w, pc, mask, &s->si);
        simt_stack_eval(&s->sc, &s->ss, &s->si, &s->so);
        if (s->so.err)
            return fail(s, "simt_stack rejected warp %u at pc %d: %s", w, pc,
                        simt_stack_err_name((unsigned)s->so.err_code));
        if (!s->so.ready) {
            s->st.full_stalls++;
            return 0;
        }
        if (exec_static(s, w, pc, mask))
            return -1;
        sb_issue(s, w, pc);
        note_issue(s, pc);
        *used = mask;
        *pc_out = pc;
        *m_out = mask;
        RECORD(s, 0, simt_stack, &s->sc, &s->si, &s->so);
        if (!DROPPED(s, 1))
            STEP(simt_stack, &s->sc, &s->ss, &s->si, &s->so);
        if (s->ss.sp[w] > s->st.peak)
            s->st.peak = s->ss.sp[w];
        return 0;
    }
    int p_ok, s_ok;
    sbi_next a, b;
    swi_unit u = swi_offer(s, w);
    if (!u.ok || u.pc != pc || u.mask != mask)
        return fail(s, "warp %u: the buffered heap row (pc %d) is not its row now (pc %d)", w, pc,
                    u.pc);
    if (!swi_sbi_op(s, w, busy, &s->hi, &p_ok, &s_ok, &a, &b))
        return fail(s, "warp %u: picked ready, but its primary context cannot issue", w);
    if (s->ho.err)
        return fail(s, "hct_cct_heap rejected the update of warp %u: %s", w,
                    hct_cct_heap_err_name((unsigned)s->ho.err_code));
    if (!s->ho.ready) {
        s->st.full_stalls++;
        return 0;
    }
    int pc1 = (int)s->ho.rd_pc1, pc2 = (int)s->ho.rd_pc2;
    uint64_t m1 = s->ho.rd_m1, m2 = s->ho.rd_m2;
    if (p_ok) {
        if (exec_static(s, w, pc1, m1))
            return -1;
        sb_issue(s, w, pc1);
        note_issue(s, pc1);
        *used |= m1;
        *pc_out = pc1;
        *m_out = m1;
    }
    if (s_ok) {
        if (exec_static(s, w, pc2, m2))
            return -1;
        sb_issue(s, w, pc2);
        note_issue(s, pc2);
        *used |= m2;
        *pc2_out = pc2;
        *m2_out = m2;
        s->st.sec_insts++;
    }
    if (s->ho.rd_v2 && !s->ho.rd_run2)
        s->st.sec_suspended++;
    RECORD(s, 0, hct_cct_heap, &s->hc, &s->hi, &s->ho);
    if (!DROPPED(s, 1))
        STEP(hct_cct_heap, &s->hc, &s->hs, &s->hi, &s->ho);
    if (s->hc.cct - s->hs.free_cnt > s->st.peak)
        s->st.peak = s->hc.cct - s->hs.free_cnt;
    return 0;
}

/* The stack / heap port idle or launching this cycle (no issue). */
static int swi_port_other(sm *s, int launch)
{
    if (s->m == SM_SWI) {
        simt_stack_in *in = &s->si;
        memset(in, 0, sizeof *in);
        if (launch) {
            in->op = SIMT_OP_LAUNCH;
            in->op_warp = s->launched;
            in->op_mask = warp_mask(s, s->launched);
            in->op_pc = 0;
            in->op_rpc = s->k->n;
        }
        simt_stack_eval(&s->sc, &s->ss, in, &s->so);
        if (s->so.err)
            return fail(s, "simt_stack rejected LAUNCH of warp %u: %s", s->launched,
                        simt_stack_err_name((unsigned)s->so.err_code));
        RECORD(s, 0, simt_stack, &s->sc, in, &s->so);
        STEP(simt_stack, &s->sc, &s->ss, in, &s->so);
    } else {
        hct_cct_heap_in *in = &s->hi;
        memset(in, 0, sizeof *in);
        if (launch) {
            in->op = HCH_OP_LAUNCH;
            in->op_warp = s->launched;
            in->op_pc1 = 0;
            in->op_m1 = warp_mask(s, s->launched);
            in->op_v1 = 1;
        }
        hct_cct_heap_eval(&s->hc, &s->hs, in, &s->ho);
        if (s->ho.err)
            return fail(s, "hct_cct_heap rejected LAUNCH of warp %u: %s", s->launched,
                        hct_cct_heap_err_name((unsigned)s->ho.err_code));
        RECORD(s, 0, hct_cct_heap, &s->hc, in, &s->ho);
        STEP(hct_cct_heap, &s->hc, &s->hs, in, &s->ho);
    }
    if (launch)
        s->launched++;
    return 0;
}

static int swi_cycle(sm *s)
{
    swi_sched_in *xi = &s->xi;
    memset(xi, 0, sizeof *xi);
    int launch = !s->done && s->launched < s->W;
    /* fetch: one free entry per cycle, round-robin */
    for (unsigned i = 1; i <= s->launched && !s->done; i++) {
        unsigned w = (s->xfill_rr + i) % s->launched;
        if (bits_get(s->xs.v_q, w) || (s->xs.s_v_q && s->xs.s_mask_q && s->xs.s_warp_q == w))
            continue;
        swi_unit u = swi_offer(s, w);
        if (!u.ok)
            continue;
        xi->fill_valid = 1;
        xi->fill_warp = w;
        xi->fill_pc = (uint64_t)u.pc;
        xi->fill_mask = u.mask;
        s->xfill_rr = w;
        break;
    }
    if (!launch && !s->done)
        for (unsigned w = 0; w < s->W; w++) {
            int full;
            if (bits_get(s->xs.v_q, w) && swi_ready(s, w, &full))
                xi->ready |= 1ull << w;
        }
    swi_sched_eval(&s->xc, &s->xs, xi, &s->xo);
    if (s->xo.err)
        return fail(s, "swi_sched rejected the fill of warp %u: %s", (unsigned)xi->fill_warp,
                    swi_sched_err_name((unsigned)s->xo.err_code));
    const swi_sched_out *o = &s->xo;
    uint64_t used = 0, u;
    int issued = 0, ops = 0, pc, pc2;
    uint64_t m, m2;
    if (o->i1_valid && o->i1_mask) {
        /* I2's lanes are taken in this slot: I1's secondary context
         * (sbi+swi) stays off them; I2 issues its primary only */
        if (swi_issue(s, (unsigned)o->i1_warp, (int)o->i1_pc, o->i1_mask,
                      o->i2_valid ? o->i2_mask : 0, &u, &pc, &m, &pc2, &m2))
            return -1;
        ops++;
        if (u) {
            used |= u;
            s->dec.valid = pc >= 0;
            s->dec.warp = (unsigned)o->i1_warp;
            s->dec.pc = pc >= 0 ? (unsigned)pc : 0;
            s->dec.mask = pc >= 0 ? m : 0;
            s->dec.valid2 = pc2 >= 0;
            s->dec.pc2 = pc2 >= 0 ? (unsigned)pc2 : 0;
            s->dec.mask2 = m2;
        }
    }
    if (o->i2_valid) {
        if (swi_issue(s, (unsigned)o->i2_warp, (int)o->i2_pc, o->i2_mask, ~(uint64_t)0, &u, &pc,
                      &m, &pc2, &m2))
            return -1;
        ops++;
        if (u) {
            if (u & used)
                return fail(s, "warps %u and %u issued on the same lanes", (unsigned)o->i1_warp,
                            (unsigned)o->i2_warp);
            used |= u;
            s->dec.valid3 = 1;
            s->dec.warp3 = (unsigned)o->i2_warp;
            s->dec.pc3 = pc >= 0 ? (unsigned)pc : (unsigned)pc2;
            s->dec.mask3 = u;
            if (o->act == SWI_SCHED_ACT_PAIR)
                s->st.swi_insts++; /* beside a live primary (not substituting) */
        }
    }
    if (used) {
        s->st.warp_insts++;
        s->st.hist[popc(used)]++;
        s->dec.threads = popc(used);
        issued = 1;
    }
    if (o->conflict)
        s->st.swi_conflicts++;
    if (!ops && swi_port_other(s, launch))
        return -1;
    if (s->vcd) {
        /* one pass per cycle: the stack / heap with its last operation */
        trace_dec(s);
        if (s->m == SM_SWI) {
            vcd_scope(s->vcd, "simt_stack");
            simt_stack_trace(s->vcd, &s->sc, &s->ss, &s->si, &s->so);
        } else {
            vcd_scope(s->vcd, "hct_cct_heap");
            hct_cct_heap_trace(s->vcd, &s->hc, &s->hs, &s->hi, &s->ho);
        }
        vcd_upscope(s->vcd);
        vcd_scope(s->vcd, "swi_sched");
        swi_sched_trace(s->vcd, &s->xc, &s->xs, xi, &s->xo);
        vcd_upscope(s->vcd);
    }
    RECORD(s, 1, swi_sched, &s->xc, xi, &s->xo);
    swi_sched_step(&s->xc, &s->xs, xi, &s->xo);
    if (s->P.check) {
        const char *e = s->m == SM_SWI ? simt_stack_check(&s->sc, &s->ss)
                                       : hct_cct_heap_check(&s->hc, &s->hs);
        if (!e)
            e = swi_sched_check(&s->xc, &s->xs);
        if (e)
            return fail(s, "invariant: %s", e);
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
            unsigned h = dwf_home_lane(&s->wc, t);
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
            /* the operands, as the banks hold them now (read-first) */
            uint32_t regs[K_REGS];
            s->rf_exp0[l] = rf_get(s, t, (unsigned)r->ra0);
            s->rf_exp1[l] = rf_get(s, t, (unsigned)r->ra1);
            regs[r->ra0] = s->rf_exp0[l];
            regs[r->ra1] = s->rf_exp1[l];
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
        memcpy(s->dec.tids, s->cur.tid, sizeof s->dec.tids);
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
    RECORD(s, 0, dwf, &s->wc, in, &s->wo);
    RECORD(s, 1, lane_regfile, &s->rc, r, &s->ro);
    if (!DROPPED(s, issued))
        STEP(dwf, &s->wc, s->ws, in, &s->wo);
    STEP(lane_regfile, &s->rc, s->rs, r, &s->ro);
    if (s->rf_active && !s->ro.stall) {
        s->rf_active = 0;
        s->cur.ready = s->cycle + s->cur_lat;
        if (s->P.fault_kind == 4 && s->cycle >= s->P.fault_cycle)
            s->cur.ready = s->cycle; /* test hook: commit before the result */
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


/* ================================================================== tsimt */
/* Aligned groups of k threads with at least one active thread (002 sec.
 * 3.2): the cycles a k-wide lane spends on `mask`; k = 1: popcount. */
static unsigned groups_of(uint64_t mask, unsigned k)
{
    unsigned g = 0;
    for (unsigned b = 0; b < 64; b += k)
        g += (mask >> b & ((k >= 64 ? 0 : 1ull << k) - 1u)) != 0;
    return g;
}

/* The stack operation for the instruction at the top of warp w. */
static void spe_op(const sm *s, unsigned w, simt_stack_in *in)
{
    unsigned sp = s->ss.sp[w];
    int pc = (int)s->ss.ent[w][sp - 1].pc;
    uint64_t mask = s->ss.ent[w][sp - 1].mask;
    spe_stack_op(s, w, pc, mask, in);
}

static int tsimt_cycle(sm *s)
{
    simt_stack_in *in = &s->si;
    tsimt_frontend_in *fi = &s->ti;
    memset(in, 0, sizeof *in);
    memset(fi, 0, sizeof *fi);
    int issued = 0;
    if (!s->done && s->launched < s->W) {
        in->op = SIMT_OP_LAUNCH;
        in->op_warp = s->launched;
        in->op_mask = warp_mask(s, s->launched);
        in->op_pc = 0;
        in->op_rpc = s->k->n;
    }
    if (!s->done) {
        /* fetch: one warp's next instruction (its top of stack) into its
         * empty buffer slot, round-robin; a slot empties when it issues and
         * the stack is updated at that same edge */
        for (unsigned i = 1; i <= s->W; i++) {
            unsigned w = (s->fill_rr + i) % s->W;
            unsigned sp = s->ss.sp[w];
            if (!sp || (s->ts->ib_v_q >> w & 1u) || (in->op == SIMT_OP_LAUNCH && in->op_warp == w))
                continue;
            uint64_t mask = s->ss.ent[w][sp - 1].mask;
            if (blocked(s, w, mask))
                continue;
            fi->fill_valid = 1;
            fi->fill_warp = w;
            fi->fill_instr = s->ss.ent[w][sp - 1].pc;
            fi->fill_mask = mask;
            s->fill_rr = w;
            break;
        }
        /* the scoreboard's verdict on each buffered instruction */
        if (in->op != SIMT_OP_LAUNCH)
            for (unsigned w = 0; w < s->W; w++)
                if ((s->ts->ib_v_q >> w & 1u) && sb_ready(s, w, (int)s->ts->ib_instr_q[w]))
                    fi->sb_ok |= 1ull << w;
    }
    for (;;) {
        tsimt_frontend_eval(&s->tc, s->ts, fi, &s->to);
        if (s->to.err)
            return fail(s, "tsimt_frontend error %s",
                        tsimt_frontend_err_name((unsigned)s->to.err_code));
        if (!s->to.iss_valid)
            break;
        unsigned w = (unsigned)s->to.iss_warp;
        spe_op(s, w, in);
        if ((int)s->to.iss_instr != (int)s->ss.ent[w][s->ss.sp[w] - 1].pc ||
            s->to.iss_mask != s->ss.ent[w][s->ss.sp[w] - 1].mask)
            return fail(s, "internal: warp %u issued pc %llu, its stack top is pc %llu", w,
                        (unsigned long long)s->to.iss_instr,
                        (unsigned long long)s->ss.ent[w][s->ss.sp[w] - 1].pc);
        simt_stack_eval(&s->sc, &s->ss, in, &s->so);
        if (s->so.err)
            return fail(s, "simt_stack rejected warp %u: %s", w,
                        simt_stack_err_name((unsigned)s->so.err_code));
        if (s->so.ready) {
            issued = 1;
            break;
        }
        /* the stack is full: this warp cannot issue this cycle */
        s->st.full_stalls++;
        fi->sb_ok &= ~(1ull << w);
        memset(in, 0, sizeof *in);
    }
    /* this cycle's stack operation: the issue's, a launch, or none */
    simt_stack_eval(&s->sc, &s->ss, in, &s->so);
    if (s->so.err)
        return fail(s, "simt_stack rejected %s of warp %llu: %s",
                    in->op == SIMT_OP_LAUNCH ? "LAUNCH" : "the issue",
                    (unsigned long long)in->op_warp,
                    simt_stack_err_name((unsigned)s->so.err_code));
    if (issued) {
        unsigned w = (unsigned)s->to.iss_warp;
        int pc = (int)s->to.iss_instr;
        uint64_t mask = s->to.iss_mask;
        if (exec_static(s, w, pc, mask))
            return -1;
        /* the lane runs one aligned group of k threads per cycle from the
         * next cycle on, skipping the empty groups (k = 1: one thread per
         * cycle): the warp's result is complete that many cycles later,
         * + latency; counted here, independently of the lane model */
        unsigned n = groups_of(mask, s->tc.width);
        s->groups_issued += n;
        const k_insn *ki = &s->k->ins[pc];
        if (ki->dst_sb >= 0) {
            uint64_t *e = &s->sb_ready[(size_t)w * K_SB_REGS + ki->dst_sb];
            uint64_t r = s->cycle + n + lat_of(s, pc);
            if (r > *e)
                *e = r;
        }
        count_issue(s, w, 0, pc, mask);
        if (s->cycle + n + lat_of(s, pc) > s->last_completion)
            s->last_completion = s->cycle + n + lat_of(s, pc);
        s->dec.side = (unsigned)s->to.iss_lane;
    } else if (in->op == SIMT_OP_LAUNCH) {
        s->launched++;
    }
    s->st.issue_conflicts += s->to.conflict != 0;
    if (s->to.conflict)
        s->st.issue_conf[s->to.conflict - 1]++;
    s->st.lane_busy += popc(s->to.lane_ex);
    s->st.lane_threads += s->to.ex_threads;
    if (s->vcd) {
        trace_dec(s);
        vcd_scope(s->vcd, "tsimt_frontend");
        tsimt_frontend_trace(s->vcd, &s->tc, s->ts, fi, &s->to);
        vcd_upscope(s->vcd);
        vcd_scope(s->vcd, "simt_stack");
        simt_stack_trace(s->vcd, &s->sc, &s->ss, in, &s->so);
        vcd_upscope(s->vcd);
    }
    RECORD(s, 0, simt_stack, &s->sc, in, &s->so);
    RECORD(s, 1, tsimt_frontend, &s->tc, fi, &s->to);
    if (!DROPPED(s, issued))
        STEP(simt_stack, &s->sc, &s->ss, in, &s->so);
    STEP(tsimt_frontend, &s->tc, s->ts, fi, &s->to);
    if (in->op != SIMT_OP_NOP && s->ss.sp[in->op_warp] > s->st.peak)
        s->st.peak = s->ss.sp[in->op_warp];
    if (s->P.check) {
        const char *e = simt_stack_check(&s->sc, &s->ss);
        if (!e)
            e = tsimt_frontend_check(&s->tc, s->ts);
        if (e)
            return fail(s, "tsimt invariant: %s", e);
    }
    return issued;
}

/* ================================================================= common */
const char *const sm_param_structs[] = {"simt_stack",   "dpe_stack",    "shadow_scoreboard",
                                        "hct_cct_heap", "dwf",          "lane_regfile",
                                        "tsimt_frontend", "sbi_scoreboard", "lwm_subwarp",
                                        "two_level_sched", "swi_sched", NULL};

/* Applies the --param entries of structure t->structure to cfg. */
/* ================================================================ --sched */
/* The order in which this cycle's mechanism offers its n warps (large warps
 * for lwm) to its structures: ord[0] first.  rr: loose round robin after the
 * last warp that issued.  two-level: what rtl_c/two_level_sched would pick
 * with every warp ready, then with that one removed, and so on (its rule:
 * the top group round robin, then the lower groups by priority); stalled =
 * a warp whose last load is still in flight (004's long-latency operation). */
static uint64_t sched_stalled(const sm *s, unsigned n)
{
    uint64_t st = 0;
    for (unsigned w = 0; w < n; w++)
        if (s->ld_until[w] > s->cycle)
            st |= 1ull << w;
    return st;
}

static void sched_order(sm *s, unsigned n)
{
    s->nord = 0;
    if (s->P.sched != SM_SCHED_TWO_LEVEL) {
        for (unsigned i = 0; i < n; i++)
            s->ord[s->nord++] = (s->rr + 1 + i) % n;
        return;
    }
    const uint64_t all = n >= 64 ? ~0ull : (1ull << n) - 1u, st = sched_stalled(s, n);
    two_level_sched_in in = {all & ~st, st}; /* the model: never both */
    two_level_sched_out o;
    while (in.ready) {
        two_level_sched_eval(&s->tlc, &s->tls, &in, &o);
        if (o.err || !o.valid)
            break;
        s->ord[s->nord++] = (unsigned)o.warp;
        in.ready &= ~(1ull << o.warp);
    }
    /* then the warps with a load in flight (an independent instruction may
     * still issue), round robin */
    for (unsigned i = 0; i < n; i++) {
        unsigned w = (s->rr + 1 + i) % n;
        if (st >> w & 1u)
            s->ord[s->nord++] = w;
    }
}

/* After the cycle: two-level steps with the warp that issued (the one ready
 * warp: the same decision as with the others it passed over; a warp that
 * issued is not stalled) or none. */
static void sched_commit(sm *s, unsigned n, int issued, unsigned w)
{
    if (s->P.sched != SM_SCHED_TWO_LEVEL)
        return;
    two_level_sched_in in = {issued ? 1ull << w : 0, sched_stalled(s, n)};
    two_level_sched_out o;
    in.stalled &= ~in.ready;
    two_level_sched_eval(&s->tlc, &s->tls, &in, &o);
    two_level_sched_step(&s->tlc, &s->tls, &in, &o);
}

/* ==================================================================== lwm */
/* Large warp g, row r, column c is thread (g*K + r)*L + c: row = the static
 * warp it would be in, column = its lane (004 Fig. 4). */
static unsigned lwm_tid(const sm *s, unsigned g, unsigned r, unsigned c)
{
    return (g * s->lc.rows + r) * s->L + c;
}

static void lwm_launch_mask(const sm *s, unsigned g, uint64_t *m)
{
    memset(m, 0, sizeof(uint64_t) * LWM_WORDS);
    for (unsigned r = 0; r < s->lc.rows; r++)
        for (unsigned c = 0; c < s->L; c++)
            if (lwm_tid(s, g, r, c) < s->T)
                lwm_set(m, r * s->L + c, 1);
}

/* a large warp waits at a barrier: its first active thread arrived there */
static int lwm_blocked(const sm *s, unsigned g, const uint64_t *m)
{
    for (unsigned i = 0; i < s->lc.rows * s->L; i++)
        if (lwm_bit(m, i))
            return s->at_bar[lwm_tid(s, g, i / s->L, i % s->L)];
    return 0;
}

static unsigned lwm_row(const sm *s, const uint64_t *rows, unsigned c)
{
    unsigned rw = lwm_subwarp_row_w(&s->lc), r = 0;
    for (unsigned b = 0; b < rw; b++)
        r |= lwm_bit(rows, c * rw + b) << b;
    return r;
}

/* One cycle of the large-warp core (004 sec. 3.1): the front end fetches one
 * instruction of a large warp the unit may take (LAUNCH first, one large
 * warp per cycle), lwm_subwarp emits one sub-warp a cycle, which executes
 * at issue (its threads in their home lanes) and leaves the pipeline
 * lat_of(pc) cycles later: one sub-warp completes per cycle, the oldest due
 * first, clearing its threads' in-flight bits (so a thread never runs ahead
 * of its own result: no scoreboard is needed).  An unconditional bra is a
 * JUMP (one sub-warp for all the threads), a guarded bra a BRANCH (its
 * per-thread outcome returns with each sub-warp), exit an OP to the exit PC. */
static int lwm_cycle(sm *s)
{
    lwm_subwarp_in *in = &s->li;
    const unsigned L = s->L;
    int issued = 0, cq = -1, fpc = -1;
    uint64_t fmask[LWM_WORDS];
    memset(in, 0, sizeof *in);
    for (unsigned i = 0; i < s->nlq; i++)
        if (s->lq[i].ready <= s->cycle && (cq < 0 || s->lq[i].ready < s->lq[cq].ready))
            cq = (int)i;
    if (cq >= 0) {
        const struct lwm_flight *f = &s->lq[cq];
        in->c_valid = 1;
        in->c_warp = f->warp;
        in->c_cols = f->cols;
        memcpy(in->c_rows, f->rows, sizeof in->c_rows);
        in->c_first = f->first;
        in->c_branch = f->branch;
        in->c_taken = f->taken;
    }
    if (s->done) {
        /* idle */
    } else if (s->launched < s->LW) {
        in->f_valid = 1;
        in->f_warp = s->launched;
        in->f_kind = LWM_LAUNCH;
        in->f_pc = 0;
        in->f_rpc = s->k->n;
        lwm_launch_mask(s, s->launched, in->f_mask);
    } else {
        for (unsigned i = 0; i < s->nord && fpc < 0; i++) {
            unsigned g = s->ord[i], sp = (unsigned)s->ls->sp_q[g];
            if (!sp || (s->ls->wait_q >> g & 1u))
                continue;
            int pc = (int)s->ls->pc_q[g][sp - 1];
            const uint64_t *m = s->ls->mask_q[g][sp - 1];
            if (lwm_blocked(s, g, m))
                continue;
            const k_insn *ki = &s->k->ins[pc];
            in->f_valid = 1;
            in->f_warp = g;
            in->f_npc = ki->op == K_EXIT ? s->k->n : (uint64_t)pc + 1;
            in->f_kind = LWM_OP;
            if (ki->op == K_BRA) {
                in->f_kind = ki->guard < 0 ? LWM_JUMP : LWM_BRANCH;
                in->f_pc = (uint64_t)ki->target;
                in->f_rpc = (uint64_t)ki->rpc;
            }
            lwm_subwarp_eval(&s->lc, s->ls, in, &s->lo);
            if (s->lo.err)
                return fail(s, "lwm_subwarp rejected large warp %u at pc %d: %s", g, pc,
                            lwm_subwarp_err_name((unsigned)s->lo.err_code));
            if (s->lo.nx_accept) {
                fpc = pc;
                memcpy(fmask, m, sizeof fmask);
                break;
            }
            if (s->lo.f_act == LWM_ST_STALL)
                s->st.full_stalls++;
            in->f_valid = in->f_warp = in->f_kind = in->f_pc = in->f_npc = in->f_rpc = 0;
            if (s->lo.fetch_stall)
                break; /* the unit is still breaking an instruction down */
        }
    }
    lwm_subwarp_eval(&s->lc, s->ls, in, &s->lo);
    if (s->lo.err)
        return fail(s, "lwm_subwarp rejected %s: %s", in->f_kind == LWM_LAUNCH ? "a launch" :
                    in->f_valid ? "a fetch" : "a completion",
                    lwm_subwarp_err_name((unsigned)s->lo.err_code));
    if (s->lo.sw_valid) {
        /* the sub-warp executes at issue */
        const lwm_subwarp_out *o = &s->lo;
        const unsigned g = (unsigned)o->sw_warp, pc = (unsigned)s->lw_pc;
        const k_insn *ki = &s->k->ins[pc];
        struct lwm_flight f;
        unsigned n = 0;
        memset(&f, 0, sizeof f);
        if (o->sw_jump) {
            for (unsigned i = 0; i < s->lc.rows * L; i++)
                if (lwm_bit(s->lw_jmask, i)) {
                    int wr;
                    uint32_t wv;
                    unsigned t = lwm_tid(s, g, i / L, i % L);
                    if (exec_thread(s, t, (int)pc, s->regs[t], &wr, &wv) < 0)
                        return -1;
                    n++;
                }
        } else {
            for (unsigned c = 0; c < L; c++)
                if (o->sw_cols >> c & 1u) {
                    int wr;
                    uint32_t wv;
                    unsigned t = lwm_tid(s, g, lwm_row(s, o->sw_rows, c), c);
                    if (o->sw_branch && (s->preds[t][ki->guard] ^ ki->guard_neg))
                        f.taken |= 1ull << c;
                    if (exec_thread(s, t, (int)pc, s->regs[t], &wr, &wv) < 0)
                        return -1;
                    n++;
                }
        }
        s->st.warp_insts++;
        s->st.hist[n < 64 ? n : 64]++;
        s->dec.valid = 1;
        s->dec.warp = g;
        s->dec.pc = pc;
        s->dec.mask = o->sw_cols;
        s->dec.threads = n;
        note_issue(s, (int)pc);
        f.ready = s->cycle + lat_of(s, (int)pc);
        if (s->P.fault_kind == 4 && s->cycle >= s->P.fault_cycle)
            f.ready = s->cycle + 1; /* test hook: in-flight bits clear too early */
        f.warp = g;
        f.cols = o->sw_cols;
        memcpy(f.rows, o->sw_rows, sizeof f.rows);
        f.first = o->sw_first;
        f.branch = o->sw_branch;
        if (s->nlq == s->caplq)
            s->lq = realloc(s->lq, (s->caplq = s->caplq * 2 + 16) * sizeof *s->lq);
        s->lq[s->nlq++] = f;
        issued = 1;
    }
    if (s->vcd) {
        trace_dec(s);
        vcd_scope(s->vcd, "lwm_subwarp");
        lwm_subwarp_trace(s->vcd, &s->lc, s->ls, in, &s->lo);
        vcd_upscope(s->vcd);
    }
    RECORD(s, 0, lwm_subwarp, &s->lc, in, &s->lo);
    if (!DROPPED(s, issued))
        STEP(lwm_subwarp, &s->lc, s->ls, in, &s->lo);
    if (cq >= 0)
        s->lq[cq] = s->lq[--s->nlq];
    if (s->lo.nx_accept && in->f_kind == LWM_LAUNCH)
        s->launched++;
    else if (s->lo.nx_accept) {
        s->lw_pc = fpc;
        memcpy(s->lw_jmask, fmask, sizeof fmask);
    }
    for (unsigned g = 0; g < s->LW; g++)
        if (s->ls->sp_q[g] > s->st.peak)
            s->st.peak = s->ls->sp_q[g];
    if (s->P.check) {
        const char *e = lwm_subwarp_check(&s->lc, s->ls);
        if (e)
            return fail(s, "lwm_subwarp invariant: %s", e);
    }
    return issued;
}

static const char *apply_params(const sm_params *p, const struct param_table *t, void *cfg)
{
    size_t n = strlen(t->structure);
    for (unsigned i = 0; i < p->nparam; i++)
        if (!strncmp(p->param[i], t->structure, n) && p->param[i][n] == '.') {
            const char *e = params_set(t, cfg, p->param[i] + n + 1);
            if (e)
                return e;
        }
    return NULL;
}

/* A parameter the kernel fixes (warps, lanes, thread ids) that --param set
 * to something else. */
static const char *kernel_fixed(const char *st, const char *name, unsigned have, unsigned need,
                                int at_least)
{
    static char msg[256];
    if (at_least ? have >= need : have == need)
        return NULL;
    snprintf(msg, sizeof msg, "%s: parameter %s = %u does not fit this kernel (it needs %s%u)", st,
             name, have, at_least ? "at least " : "", need);
    return msg;
}

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
        if (!e && (e = apply_params(p, &simt_stack_params, &s->sc)))
            break;
        if (!e && (e = simt_stack_cfg_check(&s->sc)))
            break;
        if (!e && ((e = kernel_fixed("simt_stack", "WARPS", s->sc.warps, s->W, 1)) ||
                   (e = kernel_fixed("simt_stack", "LANES", s->sc.lanes, s->L, 0))))
            break;
        simt_stack_reset(&s->sc, &s->ss);
        break;
    case SM_DPE:
        s->dc = (dpe_stack_cfg){s->W, s->L, p->dpe_depth, 32};
        s->bc = (shadow_scoreboard_cfg){s->W, p->sb_entries, 32};
        if (!e && (e = apply_params(p, &dpe_stack_params, &s->dc)))
            break;
        if (!e && (e = apply_params(p, &shadow_scoreboard_params, &s->bc)))
            break;
        if (!e && (e = dpe_stack_cfg_check(&s->dc)))
            break;
        if (!e && (e = shadow_scoreboard_cfg_check(&s->bc)))
            break;
        if (!e && ((e = kernel_fixed("dpe_stack", "WARPS", s->dc.warps, s->W, 1)) ||
                   (e = kernel_fixed("dpe_stack", "LANES", s->dc.lanes, s->L, 0)) ||
                   (e = kernel_fixed("shadow_scoreboard", "WARPS", s->bc.warps, s->W, 1)) ||
                   (e = kernel_fixed("shadow_scoreboard", "REGS", s->bc.regs, K_SB_REGS, 1))))
            break;
        dpe_stack_reset(&s->dc, &s->ds);
        shadow_scoreboard_reset(&s->bc, &s->bs);
        break;
    case SM_TSIMT:
    case SM_STSIMT: {
        /* one TSIMT lane per SIMD lane (the same ALU count), but a warp
         * lives in one lane: at most one lane per warp.  stsimt: lanes of
         * k ALUs (--tsimt-width; default 4, 002's STSIMT4, or the warp width
         * if smaller), L / k of them */
        unsigned kw = m != SM_STSIMT ? 1 : p->tsimt_width ? p->tsimt_width : s->L < 4 ? s->L : 4;
        unsigned tl = 1;
        if (!e && (kw < 1 || kw > 8 || (kw & (kw - 1)) || kw > s->L)) {
            snprintf(msg, sizeof msg,
                     "stsimt: --tsimt-width %u: expected 1, 2, 4 or 8, at most --lanes %u", kw,
                     s->L);
            e = msg;
            break;
        }
        while (tl * 2 * kw <= s->L && tl * 2 <= s->W)
            tl *= 2;
        s->sc = (simt_stack_cfg){s->W, s->L, p->spe_depth, 32};
        s->tc = tsimt_frontend_default_cfg();
        s->tc.lanes = tl;
        s->tc.warps = (s->W + tl - 1) / tl * tl;
        s->tc.warp = s->L;
        s->tc.width = kw;
        s->tc.instr_bits = 32;
        if (!e && (e = apply_params(p, &simt_stack_params, &s->sc)))
            break;
        if (!e && (e = apply_params(p, &tsimt_frontend_params, &s->tc)))
            break;
        if (!e && (e = simt_stack_cfg_check(&s->sc)))
            break;
        if (!e && (e = tsimt_frontend_cfg_check(&s->tc)))
            break;
        if (!e && ((e = kernel_fixed("simt_stack", "WARPS", s->sc.warps, s->W, 1)) ||
                   (e = kernel_fixed("simt_stack", "LANES", s->sc.lanes, s->L, 0)) ||
                   (e = kernel_fixed("tsimt_frontend", "WARPS", s->tc.warps, s->W, 1)) ||
                   (e = kernel_fixed("tsimt_frontend", "WARP", s->tc.warp, s->L, 0)) ||
                   (e = kernel_fixed("tsimt_frontend", "K", s->tc.width, kw, 0))))
            break;
        tl = s->tc.lanes;
        simt_stack_reset(&s->sc, &s->ss);
        s->ts = calloc(1, sizeof *s->ts);
        tsimt_frontend_reset(&s->tc, s->ts);
        s->fill_rr = s->W - 1;
        s->st.tsimt_lanes = tl;
        s->st.tsimt_width = kw;
        break;
    }
    case SM_SBI:
        s->hc = (hct_cct_heap_cfg){s->W, s->L, p->cct, 32};
        if (!e && (e = apply_params(p, &hct_cct_heap_params, &s->hc)))
            break;
        if (!e && (e = hct_cct_heap_cfg_check(&s->hc)))
            break;
        if (!e && ((e = kernel_fixed("hct_cct_heap", "WARPS", s->hc.warps, s->W, 1)) ||
                   (e = kernel_fixed("hct_cct_heap", "LANES", s->hc.lanes, s->L, 0))))
            break;
        hct_cct_heap_reset(&s->hc, &s->hs);
        /* register ids r0..r15, p0..p3 (K_SB_REGS = 20): 5 bits */
        s->sbc = (sbi_scoreboard_cfg){s->W, 6, 5};
        if (!e && (e = apply_params(p, &sbi_scoreboard_params, &s->sbc)))
            break;
        if (!e && (e = sbi_scoreboard_cfg_check(&s->sbc)))
            break;
        if (!e && ((e = kernel_fixed("sbi_scoreboard", "WARPS", s->sbc.warps, s->W, 1)) ||
                   (e = kernel_fixed("sbi_scoreboard", "REG_W", s->sbc.reg_w, 5, 1))))
            break;
        sbi_scoreboard_reset(&s->sbc, &s->sbs);
        break;
    case SM_SWI:
    case SM_SBISWI:
        /* the buffer: 001's 4 x 6 (24 warps) up to 24 warps, else 4 sets of
         * enough ways; --param swi_sched.SETS/WAYS (SETS=1: fully
         * associative); entries beyond the kernel's warps stay empty */
        s->xc = swi_sched_default_cfg();
        if (s->W > s->xc.sets * s->xc.ways)
            s->xc.ways = (s->W + s->xc.sets - 1) / s->xc.sets;
        s->xc.lanes = s->L;
        if (m == SM_SWI)
            s->sc = (simt_stack_cfg){s->W, s->L, p->spe_depth, 32};
        else
            s->hc = (hct_cct_heap_cfg){s->W, s->L, p->cct, 32};
        if (!e && (e = apply_params(p, &swi_sched_params, &s->xc)))
            break;
        if (!e && (e = swi_sched_cfg_check(&s->xc)))
            break;
        if (!e && ((e = kernel_fixed("swi_sched", "SETS x WAYS", swi_sched_warps(&s->xc), s->W, 1)) ||
                   (e = kernel_fixed("swi_sched", "LANES", s->xc.lanes, s->L, 0))))
            break;
        if (m == SM_SWI) {
            if (!e && (e = apply_params(p, &simt_stack_params, &s->sc)))
                break;
            if (!e && (e = simt_stack_cfg_check(&s->sc)))
                break;
            if (!e && ((e = kernel_fixed("simt_stack", "WARPS", s->sc.warps, s->W, 1)) ||
                       (e = kernel_fixed("simt_stack", "LANES", s->sc.lanes, s->L, 0))))
                break;
            simt_stack_reset(&s->sc, &s->ss);
        } else {
            if (!e && (e = apply_params(p, &hct_cct_heap_params, &s->hc)))
                break;
            if (!e && (e = hct_cct_heap_cfg_check(&s->hc)))
                break;
            if (!e && ((e = kernel_fixed("hct_cct_heap", "WARPS", s->hc.warps, s->W, 1)) ||
                       (e = kernel_fixed("hct_cct_heap", "LANES", s->hc.lanes, s->L, 0))))
                break;
            hct_cct_heap_reset(&s->hc, &s->hs);
        }
        swi_sched_reset(&s->xc, &s->xs);
        s->xfill_rr = (unsigned)-1;
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
        if (!e && (e = apply_params(p, &dwf_params, &s->wc)))
            break;
        if (!e && (e = dwf_cfg_check(&s->wc)))
            break;
        if (!e && ((e = kernel_fixed("dwf", "LANES", s->wc.lanes, s->L, 0)) ||
                   (e = kernel_fixed("dwf", "TID_W", s->wc.tid_bits, tb, 1))))
            break;
        if (!e && s->wc.swizzle > DWF_SWIZZLE_000 && p->regfile != SM_RF_CROSSBAR) {
            e = "dwf: SWIZZLE 2..6 (001 Table 1) needs --regfile crossbar (the per-lane register "
                "file homes threads by 000's swizzle only)";
            break;
        }
        s->rc = lane_regfile_default_cfg();
        s->rc.lanes = s->L;
        s->rc.regs = K_REGS;
        s->rc.entries = K_REGS * (s->W < 1 ? 1 : s->W);
        if (s->rc.entries < 2)
            s->rc.entries = 2;
        if (!e && (e = apply_params(p, &lane_regfile_params, &s->rc)))
            break;
        {
            int fixed = 0; /* ENTRIES given: keep it; else follow REGS */
            for (unsigned i = 0; i < p->nparam; i++)
                fixed |= !strncmp(p->param[i], "lane_regfile.ENTRIES=", 21);
            if (!fixed && s->rc.regs * s->W >= 2)
                s->rc.entries = s->rc.regs * s->W;
        }
        if (!e && (e = lane_regfile_cfg_check(&s->rc)))
            break;
        if (!e && ((e = kernel_fixed("lane_regfile", "LANES", s->rc.lanes, s->L, 0)) ||
                   (e = kernel_fixed("lane_regfile", "REGS", s->rc.regs, K_REGS, 1)) ||
                   (e = kernel_fixed("lane_regfile", "ENTRIES", s->rc.entries,
                                     s->rc.regs * s->W, 1))))
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
    case SM_LWM: {
        int lw_given = 0;
        for (unsigned i = 0; i < p->nparam; i++)
            lw_given |= !strncmp(p->param[i], "lwm_subwarp.LARGE_WARPS=", 24);
        s->lc = lwm_subwarp_default_cfg();
        s->lc.cols = s->L;
        s->lc.rows = s->W < 8 ? s->W : 8; /* 004: large warps of 8 warps */
        s->lc.depth = p->spe_depth < LWM_MAX_DEPTH ? p->spe_depth : LWM_MAX_DEPTH;
        s->lc.pc_bits = 32;
        if (!e && (e = apply_params(p, &lwm_subwarp_params, &s->lc)))
            break;
        s->LW = (s->W + s->lc.rows - 1) / s->lc.rows;
        if (!lw_given)
            s->lc.large_warps = s->LW;
        if (!e && (e = lwm_subwarp_cfg_check(&s->lc)))
            break;
        if (!e && ((e = kernel_fixed("lwm_subwarp", "N", s->lc.cols, s->L, 0)) ||
                   (e = kernel_fixed("lwm_subwarp", "LARGE_WARPS", s->lc.large_warps, s->LW, 1))))
            break;
        s->ls = calloc(1, sizeof *s->ls);
        lwm_subwarp_reset(&s->lc, s->ls);
        break;
    }
    default:
        e = "unknown mechanism";
    }
    if (!e && p->sched == SM_SCHED_TWO_LEVEL) {
        /* 004: fetch groups of 8 warps, or of one large warp */
        unsigned n = m == SM_LWM ? s->LW : s->W, gs = 1;
        if (m == SM_DWF || m == SM_TSIMT || m == SM_STSIMT) {
            snprintf(msg, sizeof msg, "%s: --sched two-level: its own structure schedules the "
                     "warps (%s); use --sched rr", sm_mech_name[m],
                     m == SM_DWF ? "the warp pool" : "the tsimt front end");
            e = msg;
        }
        for (unsigned d = 1; d <= 8 && m != SM_LWM; d++)
            if (n % d == 0)
                gs = d;
        s->tlc = two_level_sched_default_cfg();
        s->tlc.warps = n;
        s->tlc.group_size = gs;
        if (!e)
            e = apply_params(p, &two_level_sched_params, &s->tlc);
        if (!e)
            e = two_level_sched_cfg_check(&s->tlc);
        if (!e)
            e = kernel_fixed("two_level_sched", "WARPS", s->tlc.warps, n, 0);
        if (!e)
            two_level_sched_reset(&s->tlc, &s->tls);
    }
    if (e) {
        if (e != msg) {
            size_t nl = strlen(sm_mech_name[m]);
            int named = !strncmp(e, sm_mech_name[m], nl) && e[nl] == ':';
            snprintf(msg, sizeof msg, "%s%s%.900s", named ? "" : sm_mech_name[m],
                     named ? "" : ": ", e);
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
    s->tready = calloc((size_t)s->T * K_SB_REGS, sizeof(uint64_t));
    s->rr = s->W - 1;
    *out = s;
    return NULL;
}

static void log_mask(sm *s, uint64_t mask)
{
    fputc(' ', s->log);
    for (unsigned l = 0; l < s->L; l++)
        fputc(mask >> l & 1u ? '1' : '.', s->log);
}

/* One line per issue: cycle, mechanism, what issued, PC, lanes (lane 0
 * first) and, for dwf, the threads in them. */
static void log_issue(sm *s)
{
    FILE *f = s->log;
    const kernel *k = s->k;
    fprintf(f, "%6llu %s ", (unsigned long long)s->cycle, sm_mech_name[s->m]);
    if (s->m == SM_DWF)
        fprintf(f, "pool %-3u", s->dec.warp);
    else if (!s->dec.valid && !s->dec.valid2 && s->dec.valid3)
        fprintf(f, "warp %-3s", "-"); /* swi: the secondary substitutes */
    else
        fprintf(f, "warp %-3u", s->dec.warp);
    if (s->m == SM_DPE)
        fprintf(f, " %c", s->dec.side ? 'R' : 'L');
    if (s->m == SM_TSIMT || s->m == SM_STSIMT)
        fprintf(f, " lane %-2u", s->dec.side);
    if (s->dec.valid) {
        fprintf(f, " pc %-4u %-5s line %-4d", s->dec.pc, kernel_op_name(k->ins[s->dec.pc].op),
                k->ins[s->dec.pc].line);
        log_mask(s, s->dec.mask);
    }
    if (s->dec.valid2) {
        fprintf(f, " secondary pc %-4u line %-4d", s->dec.pc2, k->ins[s->dec.pc2].line);
        log_mask(s, s->dec.mask2);
    }
    if (s->dec.valid3) {
        fprintf(f, " swi warp %u pc %-4u line %-4d", s->dec.warp3, s->dec.pc3,
                k->ins[s->dec.pc3].line);
        log_mask(s, s->dec.mask3);
    }
    if (s->m == SM_DWF) {
        fprintf(f, " tids");
        for (uint64_t m = s->dec.mask; m; m &= m - 1)
            fprintf(f, "%s%u", m == s->dec.mask ? " " : ",", s->dec.tids[__builtin_ctzll(m)]);
    }
    fputc('\n', f);
}

void sm_set_log(sm *s, FILE *f) { s->log = f; }

void sm_set_trace_dir(sm *s, const char *dir) { s->trace_dir = dir; }

int sm_trace_files(sm *s, const char **paths, unsigned max)
{
    unsigned n = 0;
    int rc = 0;
    for (unsigned i = 0; i < REC_MAX; i++) {
        if (!s->rec[i].w)
            continue;
        if (vec_close_writer(s->rec[i].w))
            rc = -1;
        s->rec[i].w = NULL;
        if (n < max)
            paths[n++] = s->rec[i].path;
    }
    return rc ? -1 : (int)n;
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
    const unsigned nsched = s->m == SM_LWM ? s->LW : s->W;
    sched_order(s, nsched);
    switch (s->m) {
    case SM_LWM: rc = lwm_cycle(s); break;
    case SM_SPE: rc = spe_cycle(s); break;
    case SM_DPE: rc = dpe_cycle(s); break;
    case SM_DWF: rc = dwf_cycle(s); break;
    case SM_SBI: rc = sbi_cycle(s); break;
    case SM_SWI:
    case SM_SBISWI: rc = swi_cycle(s); break;
    case SM_TSIMT:
    case SM_STSIMT: rc = tsimt_cycle(s); break;
    default: break;
    }
    if (rc < 0 || s->failed)
        return -1;
    if (s->dec.valid && s->dec.warp < 64 && s->k->ins[s->dec.pc].op == K_LD &&
        s->cycle + s->P.mem_lat > s->ld_until[s->dec.warp])
        s->ld_until[s->dec.warp] = s->cycle + s->P.mem_lat;
    sched_commit(s, nsched, (int)s->dec.valid, s->dec.warp);
    if (s->done)
        return 1;
    if (s->log && (s->dec.valid || s->dec.valid2 || s->dec.valid3))
        log_issue(s);
    if (!s->dec.valid && !s->dec.valid2 && !s->dec.valid3)
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
    /* density time (002 sec. 3.2): every thread-instruction executed
     * exactly once in a lane, and the lanes spent exactly one cycle per
     * non-empty aligned group of k threads (K = 1: per thread-instruction),
     * empty groups none */
    if ((s->m == SM_TSIMT || s->m == SM_STSIMT) && s->st.lane_threads != s->st.thread_insts)
        return fail(s, "lanes executed %llu thread-cycles for %llu thread-instructions",
                    (unsigned long long)s->st.lane_threads,
                    (unsigned long long)s->st.thread_insts);
    if ((s->m == SM_TSIMT || s->m == SM_STSIMT) && s->st.lane_busy != s->groups_issued)
        return fail(s, "lanes were busy %llu lane-cycles for %llu non-empty %u-thread groups",
                    (unsigned long long)s->st.lane_busy, (unsigned long long)s->groups_issued,
                    s->tc.width);
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
    for (unsigned i = 0; i < REC_MAX; i++)
        if (s->rec[i].w)
            vec_close_writer(s->rec[i].w);
    free(s->regs);
    free(s->preds);
    free(s->mem);
    free(s->tpos);
    free(s->exited);
    free(s->at_bar);
    free(s->sb_ready);
    free(s->tready);
    free(s->wbq);
    free(s->ws);
    free(s->rs);
    free(s->ts);
    free(s->cq);
    free(s->waitpc);
    free(s->ls);
    free(s->lq);
    free(s);
}

/* Area of the mechanism's structures at this design point: the control
 * structures of the mechanism plus the register file organisation it needs
 * (spe, dpe, sbi: one row decoder, 000 Fig. 10c; dwf: a decoder per bank,
 * or per-bank decoders and crossbars with --regfile crossbar), same
 * geometry for all.  -1 and the reason in what when area/ cannot size one
 * of them at this design point. */
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
        ADD(area_desc_sbi_scoreboard(s->sbc.warps, s->sbc.depth, s->sbc.reg_w, 0, 0, &d));
        break;
    case SM_TSIMT:
    case SM_STSIMT:
        ADD(area_desc_simt_stack(&s->sc, 0, &d));
        ADD(area_desc_tsimt_frontend(&s->tc, 0, &d));
        /* each TSIMT lane reads its own warps' registers: a decoder per bank */
        org = LRF_ORG_PER_LANE;
        break;
    case SM_LWM:
        /* area/'s lwm_subwarp (004 sec. 3.4's storage and its control); a
         * register bank per lane with its own decoder (004 sec. 3.4) */
        ADD(area_desc_lwm_subwarp(&s->lc, 0, &d));
        org = LRF_ORG_PER_LANE;
        break;
    case SM_SWI:
    case SM_SBISWI:
        if (s->m == SM_SWI)
            ADD(area_desc_simt_stack(&s->sc, 0, &d));
        else
            ADD(area_desc_hct_cct_heap(&s->hc, AREA_HCH_ALL, 0, &d));
        ADD(area_desc_swi_sched(&s->xc, 0, &d));
        break;
    case SM_DWF:
        ADD(area_desc_dwf(&s->wc, AREA_DWF_ALL, 0, &d));
        org = s->P.regfile == SM_RF_CROSSBAR ? LRF_ORG_CROSSBAR : LRF_ORG_PER_LANE;
        break;
    default:
        break;
    }
    if (s->m == SM_DWF)
        ADD(area_desc_lane_regfile(s->rc.lanes, s->rc.entries, s->rc.width, s->rc.regs, org, 0, &d));
    else
        ADD(area_desc_lane_regfile(s->L, entries, 32, K_REGS, org, 0, &d));
#undef ADD
    if (e) {
        snprintf(what, len, "not estimated: %s", e);
        return -1;
    }
    return mm2;
}
