/* SPDX-License-Identifier: Apache-2.0 */
/*
 * core.c -- the SM core (see core.h for the pipeline, the timing and the
 * metrics; mech.h for what a mechanism adds).  Written once for every
 * mechanism: CTA dispatch, barriers, fetch buffers, issue ports, SIMD
 * groups and waves, the load/store unit (coalescing, banks), the per-warp
 * scoreboard, the per-thread timing oracle, the reference check, the
 * statistics, the decision trace (VCD, --log) and the vector recorder.
 */
#include "core.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../rtl_c/bits.h"
#include "../../rtl_c/two_level_sched.h"
#include "../../vcd/vcd.h"
#include "../vec.h"
#include "mech.h"
#include "scalar.h"

/* --trace-dir: one vector file per structure (tb/vec.h) */
typedef struct {
    vec_writer *w;
    char path[1100];
    unsigned n;
    struct vec_field f[VEC_MAX_FIELDS];
    const uint64_t *v[VEC_MAX_FIELDS];
    const uint64_t *vals[VEC_MAX_FIELDS + 1];
    char structure[40]; /* the structure it records (a second unit: STRUCT1) */
    int bad;
} recorder;

typedef struct {
    int pc;          /* PC of the buffer's head */
    unsigned n;      /* instructions buffered (pc, pc+1, ...) */
    uint64_t t[8];   /* the cycle each was fetched */
} fetchbuf;

struct core {
    const mech_ops *ops;
    void *m;
    const prog *p;
    const refp_result *ref;
    /* the reference beside the core (ref.h): each resident CTA's threads'
     * results, run when the CTA is dispatched, compared when it retires */
    refp_stream rs;
    refp_cta_out *rout;
    core_cfg P;
    /* geometry */
    unsigned WS, W, T, CT, CW, nslots; /* warp size, warp slots, thread slots, CTA threads and
                                        * warps, CTA slots */
    uint64_t nctas, next_cta;          /* grid CTAs, the next to dispatch */
    unsigned nregs;
    /* thread slots */
    prog_thread *th;
    uint64_t *regs;                    /* T x nregs */
    uint8_t *local;                    /* T x local_bytes */
    uint64_t *gtid;                    /* global thread id, UINT64_MAX none */
    uint64_t *tpos, *thash;            /* executed count and PC hash per slot */
    uint8_t *live, *at_bar;
    uint64_t *tready;                  /* T x nregs: the oracle */
    uint64_t *sb;                      /* W x nregs: the per-warp scoreboard */
    /* core_sb_ready's answer per warp slot: the cycle from which the
     * registers of instruction sbc_pc[w] (and barrel processing) are ready,
     * the latest of their scoreboard entries; -1 when the row or bar_until
     * changed since (core_issue, cta_start) */
    int *sbc_pc;
    uint64_t *sbc_at;
    unsigned rstride;                  /* entries of a thread's register array */
    /* scalarization (MECH_SCALAR_*): each thread's r is its vector file
     * (scalar_vec_regs entries), each warp slot has a scalar file */
    unsigned scalar;                   /* the mechanism's MECH_SCALAR_* flag, 0 off */
    scalar_info sinfo;
    scalar_exec_cfg sx;
    uint64_t *srf;                     /* W x sregs */
    unsigned sregs;
    unsigned rf_vregs, rf_sregs;       /* the allocation the SM's file is sized by (core.h) */
    uint64_t sca_until[CORE_MAX_PORTS]; /* MECH_SCALAR_UNIT: each port's scalar unit */
    /* CTA slots */
    int64_t *cta_of;                   /* CTA in each slot, -1 free */
    unsigned *cta_live, *cta_bar;
    uint64_t *cta_ready;
    uint8_t *shared;                   /* nslots x shared_bytes */
    prog_mem *mem;                     /* per CTA slot */
    uint8_t *global;
    /* fetch */
    fetchbuf *fb;                      /* W x nctx */
    unsigned nctx, fetch_rr;
    int own_fetch, own_sb;             /* MECH_OWN_FETCH or no fetch_pc; MECH_OWN_SB */
    unsigned ndec;                     /* dec_ports() */
    unsigned fetch_left;               /* this cycle's fetch slots not yet used */
    uint64_t fcand[(CORE_MAX_WARPS * CORE_MAX_CTX + 63) / 64];
    uint64_t fdirty[(CORE_MAX_WARPS * CORE_MAX_CTX + 63) / 64];
    /* execution */
    unsigned alu_n, alu_w, sfu_n;
    uint64_t alu_until[CORE_MAX_GROUPS * 8], sfu_until[CORE_MAX_GROUPS];
    uint64_t alu_mask[CORE_MAX_GROUPS * 8]; /* lanes issued into the group this cycle */
    uint64_t lsu_until;
    uint8_t *ucls;                     /* per pc: its CORE_UC_* (core_unit_classes) */
    /* scheduling */
    unsigned unit_warps;
    unsigned rr[CORE_MAX_PORTS];
    two_level_sched_cfg tlc[CORE_MAX_PORTS];
    two_level_sched_state tls[CORE_MAX_PORTS];
    unsigned tl_n[CORE_MAX_PORTS];     /* units in the model (0: not built) */
    uint64_t *ld_until;                /* per unit */
    uint64_t *bar_until;               /* per warp slot: barrel processing (core_cfg.barrel) */
    /* this cycle */
    uint64_t cycle;
    core_dec dec[CORE_MAX_PORTS];
    uint64_t slot_mask[CORE_MAX_PORTS];
    unsigned issued_ports;
    uint64_t last_issue, last_ready;
    int failed, done, fault_done;
    char err[700];
    core_stats st;
    energy_counts en;                  /* access counts (energy.h) */
    /* outputs */
    struct vcd_writer *vcd;
    FILE *log;
    const char *trace_dir;
    recorder *rec;                     /* CORE_REC_MAX, allocated with --trace-dir */
};

/* ------------------------------------------------------------ helpers */
int core_fail(core *c, const char *fmt, ...)
{
    if (c->failed)
        return -1;
    int n = snprintf(c->err, sizeof c->err, "%s: ", c->ops->name);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->err + n, sizeof c->err - (size_t)n, fmt, ap);
    va_end(ap);
    c->failed = 1;
    return -1;
}

static unsigned popc(uint64_t x) { return bits_popcount(x); } /* inline (bits.h) */
static unsigned ctz(uint64_t x) { return (unsigned)__builtin_ctzll(x); }

unsigned core_warp_size(const core *c) { return c->WS; }
unsigned core_warps(const core *c) { return c->W; }
unsigned core_threads(const core *c) { return c->T; }
unsigned core_ports(const core *c) { return c->P.schedulers; }
const prog *core_prog(const core *c) { return c->p; }
const core_cfg *core_config(const core *c) { return &c->P; }
uint64_t core_now(const core *c) { return c->cycle; }
void *core_mech_state(const core *c) { return c->m; }
const char *core_error(const core *c) { return c->err; }
const core_stats *core_get_stats(const core *c) { return &c->st; }
const mech_ops *core_mech(const core *c) { return c->ops; }
void core_set_vcd(core *c, struct vcd_writer *w) { c->vcd = w; }
struct vcd_writer *core_vcd(const core *c) { return c->vcd; }
void core_set_log(core *c, FILE *f) { c->log = f; }
void core_set_trace_dir(core *c, const char *dir)
{
    c->trace_dir = dir;
    if (dir && !c->rec)
        c->rec = calloc(CORE_REC_MAX, sizeof *c->rec);
}
uint64_t core_reg(const core *c, unsigned t, unsigned r)
{
    if (t >= c->T || r >= c->nregs)
        return 0;
    if (c->scalar)
        return scalar_reg(&c->sinfo, r, c->th[t].r, &c->srf[(size_t)(t / c->WS) * c->sregs]);
    return c->th[t].r[r];
}
const struct scalar_info_s *core_scalar(const core *c) { return c->scalar ? &c->sinfo : NULL; }

void core_rf_alloc(const core *c, unsigned *vregs, unsigned *sregs)
{
    *vregs = c->rf_vregs;
    *sregs = c->rf_sregs;
}

unsigned core_cta_slots(const core *c) { return c->nslots; }
unsigned core_cta_warps(const core *c) { return c->CW; }

int core_scalar_once(const core *c, int pc)
{
    if (!c->scalar || pc < 0 || (unsigned)pc >= c->p->n || c->sinfo.ins_vector[pc])
        return 0;
    if (c->scalar == MECH_SCALAR_LANE) {
        const prog_insn *in = &c->p->ins[pc];
        for (unsigned j = 0; j < in->ndst; j++)
            if (c->sinfo.reg_vector[in->dst[j]])
                return 0;
    }
    return 1;
}
int core_at_bar(const core *c, unsigned t) { return t < c->T && c->at_bar[t]; }
int core_exited(const core *c, unsigned t) { return t >= c->T || !c->live[t]; }
void core_stall(core *c) { c->st.full_stalls++; }
void core_note_ready(core *c, uint64_t cyc)
{
    if (cyc > c->last_ready)
        c->last_ready = cyc;
}
int core_sb_blind(const core *c) { return c->P.fault_kind == 4 && c->cycle >= c->P.fault_cycle; }
int core_drop(core *c, int issued)
{
    if (c->P.fault_kind == 3 && issued && c->cycle >= c->P.fault_cycle && !c->fault_done) {
        c->fault_done = 1;
        return 1;
    }
    return 0;
}
void core_set_unit_warps(core *c, unsigned k) { c->unit_warps = k ? k : 1; }
void core_set_alu_groups(core *c, unsigned n, unsigned width)
{
    c->alu_n = n;
    c->alu_w = width;
}

uint64_t core_warp_mask(const core *c, unsigned w)
{
    uint64_t m = 0;
    for (unsigned l = 0; l < c->WS; l++)
        if (c->live[w * c->WS + l])
            m |= 1ull << l;
    return m;
}

const char *core_apply_params(const core *c, const struct param_table *t, void *cfg)
{
    size_t n = strlen(t->structure);
    for (unsigned i = 0; i < c->P.nparam; i++)
        if (!strncmp(c->P.param[i], t->structure, n) && c->P.param[i][n] == '.') {
            const char *e = params_set(t, cfg, c->P.param[i] + n + 1);
            if (e)
                return e;
        }
    return NULL;
}

int core_param_given(const core *c, const char *sn)
{
    size_t n = strlen(sn);
    for (unsigned i = 0; i < c->P.nparam; i++)
        if (!strncmp(c->P.param[i], sn, n) && c->P.param[i][n] == '=')
            return 1;
    return 0;
}

/* ------------------------------------------------------------- latency */
static int is_mem(const prog_insn *in)
{
    return (in->unit == PU_LD || in->unit == PU_ST || in->unit == PU_ATOM) &&
           in->space != PS_PARAM;
}

/* 0 ALU, 1 SFU, 2 load/store unit */
static int unit_class(const prog_insn *in)
{
    return is_mem(in) ? 2 : in->unit == PU_SFU ? 1 : 0;
}

static unsigned lat_of(const core *c, const prog_insn *in)
{
    switch (in->unit) {
    case PU_SFU: return c->P.sfu_lat;
    case PU_LD:
    case PU_ATOM:
        return in->space == PS_SHARED ? c->P.shared_lat
               : in->space == PS_PARAM ? c->P.alu_lat : c->P.mem_lat;
    default: return c->P.alu_lat;
    }
}

static void fb_dirty(core *c, unsigned w);

/* ----------------------------------------------------------- CTAs */
static int cta_start(core *c, unsigned k, uint64_t cta)
{
    const prog *p = c->p;
    char err[512];
    if (refp_stream_run(&c->rs, cta, 0, &c->rout[k], err, sizeof err))
        return core_fail(c, "the reference beside the core stopped on CTA %llu: %s",
                         (unsigned long long)cta, err);
    c->cta_of[k] = (int64_t)cta;
    c->cta_live[k] = c->CT;
    c->cta_bar[k] = 0;
    c->cta_ready[k] = 0;
    memset(c->shared + (size_t)k * p->shared_bytes, 0, p->shared_bytes);
    uint32_t cid[3] = {(uint32_t)(cta % p->grid[0]), (uint32_t)(cta / p->grid[0] % p->grid[1]),
                       (uint32_t)(cta / ((uint64_t)p->grid[0] * p->grid[1]))};
    for (unsigned f = 0; f < c->CW * c->WS; f++) {
        unsigned t = k * c->CW * c->WS + f;
        prog_thread *x = &c->th[t];
        c->tpos[t] = 0;
        c->thash[t] = REFP_HASH0;
        c->at_bar[t] = 0;
        if (f >= c->CT) {
            c->live[t] = 0;
            c->gtid[t] = UINT64_MAX;
            continue;
        }
        c->live[t] = 1;
        c->gtid[t] = cta * c->CT + f;
        memset(x->r, 0, c->rstride * sizeof(uint64_t));
        memset(&c->tready[(size_t)t * c->nregs], 0, c->nregs * sizeof(uint64_t));
        if (p->local_bytes)
            memset(x->local, 0, p->local_bytes);
        x->tid[0] = f % p->block[0];
        x->tid[1] = f / p->block[0] % p->block[1];
        x->tid[2] = f / (p->block[0] * p->block[1]);
        for (int d = 0; d < 3; d++) {
            x->ntid[d] = p->block[d];
            x->ctaid[d] = cid[d];
            x->nctaid[d] = p->grid[d];
        }
        x->flat = f;
        x->laneid = f % c->WS;
        x->warpid = f / c->WS;
    }
    for (unsigned j = 0; j < c->CW; j++) {
        unsigned w = k * c->CW + j;
        memset(&c->sb[(size_t)w * c->nregs], 0, c->nregs * sizeof(uint64_t));
        c->sbc_pc[w] = -1;
        if (c->scalar)
            memset(&c->srf[(size_t)w * c->sregs], 0, c->sregs * sizeof(uint64_t));
        for (unsigned x = 0; x < c->nctx; x++)
            c->fb[w * c->nctx + x].n = 0;
        fb_dirty(c, w);
        c->ops->launch(c, c->m, w, core_warp_mask(c, w));
    }
    c->st.ctas++;
    return 0;
}

/* A CTA's threads have all exited: their final registers and PC sequences
 * against the reference. */
static int cta_check(core *c, unsigned k)
{
    const refp_result *r = c->ref;
    const refp_cta_out *o = &c->rout[k];
    uint64_t cta = (uint64_t)c->cta_of[k];
    if (o->cta != cta)
        return core_fail(c, "CTA slot %u retires CTA %llu, the reference ran CTA %llu there", k,
                         (unsigned long long)cta, (unsigned long long)o->cta);
    /* an atomic's returned value steers the threads, or the reference's
     * thread orders ran different sequences: their sequences and registers
     * depend on the order (ref.h, refp_order_check) */
    for (unsigned f = 0; f < c->CT && !r->atom_flow; f++) {
        unsigned t = k * c->CW * c->WS + f;
        uint64_t g = c->gtid[t];
        if (c->tpos[t] != o->len[f])
            return core_fail(c, "thread %llu: executed %llu instructions, the reference %llu",
                             (unsigned long long)g, (unsigned long long)c->tpos[t],
                             (unsigned long long)o->len[f]);
        if (!o->trace && c->thash[t] != o->hash[f])
            return core_fail(c, "thread %llu: its PC sequence differs from the reference's",
                             (unsigned long long)g);
        const uint64_t *rr = &o->regs[(size_t)f * c->nregs];
        /* under scalarization the files hold the allocated registers: the
         * memory and the PC sequences are compared, not the registers */
        for (unsigned q = 0; q < c->nregs && !c->scalar; q++)
            if (c->th[t].r[q] != rr[q] && (!r->reg_cmp || r->reg_cmp[cta * c->nregs + q]))
                return core_fail(c, "thread %llu: final register %u = 0x%llx, the reference has "
                                    "0x%llx",
                                 (unsigned long long)g, q, (unsigned long long)c->th[t].r[q],
                                 (unsigned long long)rr[q]);
    }
    return 0;
}

/* The mechanism holds work of CTA slot k's warps (ops->busy_warp), or,
 * for a mechanism that cannot tell whose work it holds, of any warp. */
static int cta_busy(const core *c, unsigned k)
{
    if (!c->ops->busy_warp)
        return c->ops->busy && c->ops->busy(c, c->m);
    for (unsigned j = 0; j < c->CW; j++)
        if (c->ops->busy_warp(c, c->m, k * c->CW + j))
            return 1;
    return 0;
}

static int dispatch(core *c)
{
    for (unsigned k = 0; k < c->nslots; k++) {
        /* a CTA retires when its threads have exited, their results are
         * written back and the mechanism holds no work of its warps
         * (cta_busy) */
        if (c->cta_of[k] >= 0 && !c->cta_live[k] && c->cycle >= c->cta_ready[k] &&
            !cta_busy(c, k)) {
            if (cta_check(c, k))
                return -1;
            c->cta_of[k] = -1;
            if (c->next_cta >= c->nctas)
                refp_out_free(&c->rout[k]); /* the slot takes no more CTAs */
        }
        if (c->cta_of[k] < 0 && c->next_cta < c->nctas && cta_start(c, k, c->next_cta++))
            return -1;
        if (c->next_cta >= c->nctas)
            refp_stream_free(&c->rs); /* every CTA's reference ran */
    }
    return 0;
}

static void barriers(core *c)
{
    for (unsigned k = 0; k < c->nslots; k++) {
        if (c->cta_of[k] < 0 || !c->cta_bar[k] || c->cta_bar[k] != c->cta_live[k])
            continue;
        unsigned base = k * c->CW * c->WS;
        for (unsigned f = 0; f < c->CW * c->WS; f++)
            c->at_bar[base + f] = 0;
        c->cta_bar[k] = 0;
    }
}

/* ------------------------------------------------------------ fetch */
static int is_ctl(const prog *p, int pc)
{
    return pc >= (int)p->n || p->ins[pc].unit == PU_BRA || p->ins[pc].unit == PU_EXIT;
}

/* Context i's fetch state: cand (may take a fetch this cycle: room, a live
 * warp, the buffer not ended by a branch), dirty (its warp issued or
 * launched since the last fetch stage: its PC may have moved). */
#define FB_WORDS ((CORE_MAX_WARPS * CORE_MAX_CTX + 63) / 64)
static void fb_bit(uint64_t *v, unsigned i, int on)
{
    if (on)
        v[i / 64] |= 1ull << (i % 64);
    else
        v[i / 64] &= ~(1ull << (i % 64));
}

static void fb_recheck(core *c, unsigned i)
{
    const fetchbuf *b = &c->fb[i];
    unsigned w = i / c->nctx;
    int live = 0;
    for (unsigned l = 0; l < c->WS && !live; l++)
        live = c->live[w * c->WS + l];
    int ok = live && b->n < c->P.ibuf &&
             (!b->n || (!is_ctl(c->p, b->pc + (int)b->n - 1) && b->pc + (int)b->n < (int)c->p->n));
    fb_bit(c->fcand, i, ok);
}

/* warp w's contexts: their PC may have moved */
static void fb_dirty(core *c, unsigned w)
{
    for (unsigned x = 0; x < c->nctx; x++) {
        fb_bit(c->fdirty, w * c->nctx + x, 1);
        fb_bit(c->fcand, w * c->nctx + x, 1);
    }
}

static void fetch(core *c)
{
    if ((c->ops->flags & MECH_OWN_FETCH) || !c->ops->fetch_pc)
        return;
    unsigned nctx = c->W * c->nctx, nwd = (nctx + 63) / 64;
    unsigned budget = c->P.fetch_width ? c->P.fetch_width : c->P.schedulers;
    /* flush the buffers whose context moved elsewhere */
    for (unsigned wd = 0; wd < nwd; wd++)
        for (uint64_t d = c->fdirty[wd]; d; d &= d - 1) {
            unsigned i = wd * 64 + ctz(d);
            fetchbuf *b = &c->fb[i];
            if (b->n && c->ops->fetch_pc(c, c->m, i / c->nctx, i % c->nctx) != b->pc) {
                b->n = 0;
                c->st.flushes++;
            }
            fb_recheck(c, i);
        }
    memset(c->fdirty, 0, sizeof c->fdirty);
    /* round robin over the candidates after the last context fetched */
    unsigned start = c->fetch_rr + 1 >= nctx ? 0 : c->fetch_rr + 1;
    for (unsigned pass = 0; pass < 2 && budget; pass++) {
        unsigned lo = pass ? 0 : start, hi = pass ? start : nctx;
        for (unsigned wd = lo / 64; wd * 64 < hi && budget; wd++) {
            uint64_t bits = c->fcand[wd];
            if (wd == lo / 64 && lo % 64)
                bits &= ~0ull << (lo % 64);
            for (; bits && budget; bits &= bits - 1) {
                unsigned i = wd * 64 + ctz(bits);
                if (i >= hi)
                    break;
                fetchbuf *b = &c->fb[i];
                if (!b->n) {
                    int pc = c->ops->fetch_pc(c, c->m, i / c->nctx, i % c->nctx);
                    if (pc < 0 || pc >= (int)c->p->n)
                        continue; /* nothing to fetch yet (launching, waiting) */
                    b->pc = pc;
                }
                b->t[b->n++] = c->cycle;
                c->st.fetches++;
                budget--;
                c->fetch_rr = i;
                fb_recheck(c, i);
            }
        }
    }
    c->fetch_left = budget;
}

/* -------------------------------------------------------- scheduling */
/* Scheduling unit u: warps [first, end) -- units of unit_warps warps
 * within each CTA, the last one of a CTA possibly shorter. */
static void unit_range(const core *c, unsigned u, unsigned *first, unsigned *end)
{
    unsigned per = (c->CW + c->unit_warps - 1) / c->unit_warps, k = u / per, j = u % per;
    *first = k * c->CW + j * c->unit_warps;
    *end = *first + c->unit_warps;
    if (*end > (k + 1) * c->CW)
        *end = (k + 1) * c->CW;
}

static int unit_live(const core *c, unsigned u)
{
    unsigned a, b;
    unit_range(c, u, &a, &b);
    for (unsigned w = a; w < b && w < c->W; w++)
        for (unsigned l = 0; l < c->WS; l++)
            if (c->live[w * c->WS + l])
                return 1;
    return 0;
}

static const char *two_level_init(core *c, unsigned port, unsigned n)
{
    unsigned gs;
    if (c->P.group_size)
        gs = c->unit_warps > 1 ? c->P.group_size / c->unit_warps : c->P.group_size;
    else
        gs = c->unit_warps > 1 ? 1 : n / 4;
    if (gs < 1)
        gs = 1;
    while (n % gs)
        gs--;
    two_level_sched_cfg *t = &c->tlc[port];
    *t = two_level_sched_default_cfg();
    t->warps = n;
    t->group_size = gs;
    if (c->P.timeout)
        t->timeout = c->P.timeout;
    const char *e = core_apply_params(c, &two_level_sched_params, t);
    if (!e)
        e = two_level_sched_cfg_check(t);
    if (e)
        return e;
    two_level_sched_reset(t, &c->tls[port]);
    c->tl_n[port] = n;
    return NULL;
}

/* issue slots the mechanism may use this run: a second one per scheduler
 * (sbi's second front end, swi's I2 of pool q in slot schedulers + q) */
static unsigned dec_ports(const core *c)
{
    unsigned n = 2 * c->P.schedulers;
    return n > CORE_MAX_PORTS ? CORE_MAX_PORTS : n;
}

static unsigned pools(const core *c)
{
    return (c->ops->flags & MECH_ONE_POOL) ? 1 : c->P.schedulers;
}

unsigned core_order(core *c, unsigned port, unsigned n, unsigned *ord)
{
    /* the pool: units port, port + P, ... below n */
    unsigned P = pools(c), pool[256], np = port < n ? (n - port + P - 1) / P : 0, k = 0;
    if (!np)
        return 0;
    /* rr[port] is a unit of this pool (or none): the next one starts */
    unsigned start = c->rr[port] < n && c->rr[port] % P == port ? c->rr[port] / P + 1 : 0;
    if (start >= np)
        start = 0;
    const int two_level = c->P.sched == CORE_SCHED_TWO_LEVEL && np <= 64;
    const int oldest = c->P.sched == CORE_SCHED_OLDEST && c->unit_warps == 1 &&
                       !(c->ops->flags & MECH_OWN_FETCH);
    if (!two_level && !oldest) { /* round robin from start */
        for (unsigned i = start; i < np; i++)
            ord[k++] = port + i * P;
        for (unsigned i = 0; i < start; i++)
            ord[k++] = port + i * P;
        return k;
    }
    for (unsigned i = 0; i < np; i++)
        pool[i] = port + i * P;
    if (two_level) {
        if (c->tl_n[port] != np && two_level_init(c, port, np)) {
            /* reported by core_new's dry run; fall back to rr */
        }
        uint64_t st = 0;
        for (unsigned i = 0; i < np; i++)
            if (c->ld_until[pool[i]] > c->cycle || !unit_live(c, pool[i]))
                st |= 1ull << i;
        uint64_t all = np >= 64 ? ~0ull : (1ull << np) - 1u;
        two_level_sched_in in = {all & ~st, st};
        two_level_sched_out o;
        while (in.ready) {
            two_level_sched_eval(&c->tlc[port], &c->tls[port], &in, &o);
            if (o.err || !o.valid)
                break;
            ord[k++] = pool[o.warp];
            in.ready &= ~(1ull << o.warp);
        }
        for (unsigned i = 0; i < np; i++) {
            unsigned j = (start + i) % np;
            if (st >> j & 1u)
                ord[k++] = pool[j];
        }
        return k;
    }
    /* oldest: the unit whose buffered instruction was fetched first; ties in
     * round-robin order */
    for (unsigned i = 0; i < np; i++)
        ord[k++] = pool[(start + i) % np];
    for (unsigned i = 1; i < k; i++) {
        unsigned u = ord[i], j = i;
        const fetchbuf *b = &c->fb[u * c->nctx];
        uint64_t a = b->n ? b->t[0] : UINT64_MAX;
        while (j > 0) {
            const fetchbuf *d = &c->fb[ord[j - 1] * c->nctx];
            if ((d->n ? d->t[0] : UINT64_MAX) <= a)
                break;
            ord[j] = ord[j - 1];
            j--;
        }
        ord[j] = u;
    }
    return k;
}

void core_sched_issued(core *c, unsigned port, unsigned unit)
{
    c->rr[port] = unit;
    if (c->P.sched != CORE_SCHED_TWO_LEVEL || !c->tl_n[port])
        return;
    unsigned P = pools(c), idx = unit / P;
    uint64_t st = 0;
    for (unsigned i = 0; i < c->tl_n[port]; i++) {
        unsigned u = port + i * P;
        if (c->ld_until[u] > c->cycle || !unit_live(c, u))
            st |= 1ull << i;
    }
    two_level_sched_in in = {1ull << idx, st & ~(1ull << idx)};
    two_level_sched_out o;
    two_level_sched_eval(&c->tlc[port], &c->tls[port], &in, &o);
    two_level_sched_step(&c->tlc[port], &c->tls[port], &in, &o);
}

/* ---------------------------------------------------------- readiness */
int core_sb_ready(const core *c, unsigned w, int pc)
{
    if (core_sb_blind(c))
        return 1;
    if (c->sbc_pc[w] != pc) {
        /* the latest of the entries pc reads and writes, and barrel
         * processing's (the warp's last instruction completes): fixed until
         * warp w issues again (core_issue) or its CTA starts (cta_start) */
        const prog_insn *in = &c->p->ins[pc];
        const uint64_t *row = &c->sb[(size_t)w * c->nregs];
        uint64_t at = c->P.barrel ? c->bar_until[w] : 0;
        for (unsigned j = 0; j < in->nsrc; j++)
            if (row[in->src[j]] > at)
                at = row[in->src[j]];
        for (unsigned j = 0; j < in->ndst; j++)
            if (row[in->dst[j]] > at)
                at = row[in->dst[j]];
        c->sbc_pc[w] = pc; /* a cache of the row, not state of the machine */
        c->sbc_at[w] = at;
    }
    return c->sbc_at[w] <= c->cycle;
}

static unsigned tid_of(const core *c, const core_req *r, unsigned l)
{
    return r->tid ? r->tid[l] : r->warp * c->WS + l;
}

/* A scalar instruction of a MECH_SCALAR_UNIT mechanism: it goes to the
 * scalar unit, not a SIMD group. */
static int on_scalar_unit(const core *c, int pc)
{
    return c->scalar == MECH_SCALAR_UNIT && !c->sinfo.ins_vector[pc] &&
           !is_mem(&c->p->ins[pc]);
}

/* An SFU instruction goes to an SFU group, except on temporal lanes
 * (lanes_per_wave set: TSIMT, STSIMT), where the warp's lane executes it
 * at the SFU's latency: 002's lanes are the only execution units a warp
 * has (tsimt_frontend models no separate SFU). */
static int on_sfu(const prog_insn *in, const core_req *r)
{
    return in->unit == PU_SFU && !r->lanes_per_wave;
}

static int free_group(const core *c, const prog_insn *in, const core_req *r)
{
    int want = r->group;
    if (want >= 0) { /* that group only */
        const uint64_t *until = on_sfu(in, r) ? c->sfu_until : c->alu_until;
        unsigned n = on_sfu(in, r) ? c->sfu_n : c->alu_n;
        return (unsigned)want < n && until[want] <= c->cycle ? want : -1;
    }
    if (on_sfu(in, r)) {
        for (unsigned g = 0; g < c->sfu_n; g++)
            if (c->sfu_until[g] <= c->cycle)
                return (int)g;
        return -1;
    }
    for (unsigned g = 0; g < c->alu_n; g++)
        if (c->alu_until[g] <= c->cycle)
            return (int)g;
    return -1;
}

/* The checks in the order of their reasons; the flags of the run
 * (own_fetch, own_sb, ndec) and the unit class of each pc (ucls) are set
 * in core_new. */
enum core_why core_ready(const core *c, unsigned port, const core_req *r)
{
    if (port >= c->ndec || c->dec[port].valid)
        return CORE_PORT;
    if (r->with >= 0 && c->dec[r->with].valid && (c->slot_mask[r->with] & r->mask))
        return CORE_LANES; /* (a slot not issued yet: checked at its issue) */
    if (r->nthreads ? core_at_bar(c, r->threads[0])
                    : r->mask && core_at_bar(c, tid_of(c, r, ctz(r->mask))))
        return CORE_BARRIER;
    if (!r->nofetch && !c->own_fetch) {
        const fetchbuf *b = &c->fb[r->warp * c->nctx + r->ctx];
        if (!b->n || b->pc != r->pc || b->t[0] >= c->cycle)
            return CORE_NOT_FETCHED;
    }
    if (!r->nosb && !c->own_sb && !core_sb_ready(c, r->warp, r->pc))
        return CORE_SB;
    if (r->with >= 0) {
        /* joining a slot: its SIMD group when the same class, the LSU's
         * queue when a memory access; a slot not issued yet is checked when
         * it joins */
        const prog_insn *in = &c->p->ins[r->pc];
        if (!c->dec[r->with].valid || is_mem(in))
            return CORE_OK;
        if (unit_class(&c->p->ins[c->dec[r->with].pc]) == unit_class(in))
            return CORE_OK;
    }
    return core_unit_free(c, port, r);
}

enum core_why core_unit_free(const core *c, unsigned port, const core_req *r)
{
    switch (c->ucls[r->pc]) {
    case CORE_UC_LSU: return c->lsu_until > c->cycle ? CORE_LSU : CORE_OK;
    case CORE_UC_SCALAR: return c->sca_until[port] > c->cycle ? CORE_NO_GROUP : CORE_OK;
    default: return free_group(c, &c->p->ins[r->pc], r) < 0 ? CORE_NO_GROUP : CORE_OK;
    }
}

const uint8_t *core_unit_classes(const core *c) { return c->ucls; }

unsigned core_free_units(const core *c, unsigned port)
{
    unsigned m = 0;
    if (c->lsu_until <= c->cycle)
        m |= 1u << CORE_UC_LSU;
    if (c->sca_until[port] <= c->cycle)
        m |= 1u << CORE_UC_SCALAR;
    for (unsigned g = 0; g < c->sfu_n; g++)
        if (c->sfu_until[g] <= c->cycle) {
            m |= 1u << CORE_UC_SFU;
            break;
        }
    for (unsigned g = 0; g < c->alu_n; g++)
        if (c->alu_until[g] <= c->cycle) {
            m |= 1u << CORE_UC_ALU;
            break;
        }
    return m;
}

uint64_t core_taken(const core *c, const core_req *r)
{
    const prog_insn *in = &c->p->ins[r->pc];
    if (in->unit != PU_BRA)
        return 0;
    if (in->guard < 0)
        return r->mask;
    uint64_t t = 0;
    for (uint64_t m = r->mask; m; m &= m - 1) {
        unsigned l = ctz(m);
        if (((core_reg(c, tid_of(c, r, l), (unsigned)in->guard) & 1u) ^ in->guard_neg) != 0)
            t |= 1ull << l;
    }
    return t;
}

/* ------------------------------------------------------------- issue */
static int check_thread(core *c, unsigned t, int pc)
{
    const prog_insn *in = &c->p->ins[pc];
    uint64_t g = c->gtid[t];
    if (!c->live[t])
        return core_fail(c, "thread slot %u: executed pc %d (line %d) but holds no live thread",
                         t, pc, in->line);
    /* core_ready looks at one thread of the request; every thread of it
     * must have passed its barrier (a waiting thread issued again would
     * count twice at its CTA's barrier, which then never opens) */
    if (c->at_bar[t])
        return core_fail(c, "thread %llu: executed pc %d (line %d) while it waits at a barrier",
                         (unsigned long long)g, pc, in->line);
    const refp_cta_out *o = &c->rout[t / (c->CW * c->WS)];
    unsigned f = t % (c->CW * c->WS);
    if (o->trace && !c->ref->atom_flow) {
        if (c->tpos[t] >= o->len[f])
            return core_fail(c, "thread %llu: executed pc %d (line %d) as instruction #%llu, but "
                                "the reference sequence has only %llu (a PC executed twice?)",
                             (unsigned long long)g, pc, in->line, (unsigned long long)c->tpos[t],
                             (unsigned long long)o->len[f]);
        uint32_t want = o->trace[f][c->tpos[t]];
        if ((int)want != pc)
            return core_fail(c, "thread %llu: instruction #%llu is pc %d (line %d), the reference "
                                "executed pc %u (line %d)",
                             (unsigned long long)g, (unsigned long long)c->tpos[t], pc, in->line,
                             want, want < c->p->n ? c->p->ins[want].line : 0);
    }
    /* the timing oracle: every register read or overwritten is ready */
    const uint64_t *rd = &c->tready[(size_t)t * c->nregs];
    for (unsigned j = 0; j < in->nsrc + in->ndst; j++) {
        unsigned id = j < in->nsrc ? in->src[j] : in->dst[j - in->nsrc];
        if (rd[id] > c->cycle)
            return core_fail(c, "thread %llu: pc %d (line %d) %s register %u in cycle %llu, but "
                                "the result in flight to it is ready only in cycle %llu (hazard "
                                "not detected)",
                             (unsigned long long)g, pc, in->line,
                             j < in->nsrc ? "reads" : "overwrites", id,
                             (unsigned long long)c->cycle, (unsigned long long)rd[id]);
    }
    c->tpos[t]++;
    if (!o->trace) /* with the trace each PC was compared above */
        c->thash[t] = refp_hash_step(c->thash[t], (uint32_t)pc);
    return 0;
}

/* The LSU's order of one instruction's accesses: per lane, the index of
 * its segment (global, local) or its position in its bank (shared).
 * Returns the cycles the LSU is busy. */
static unsigned lsu_schedule(core *c, const prog_effect *e, const uint64_t *lanes, unsigned nl,
                             const unsigned *lane_of, unsigned *pos)
{
    uint64_t key[CORE_MAX_WARP * PROG_MAX_ACC];
    unsigned nk = 0, busy = 0;
    uint64_t bank_n[64] = {0};
    uint64_t word[CORE_MAX_WARP * PROG_MAX_ACC];
    unsigned wrank[CORE_MAX_WARP * PROG_MAX_ACC], nw = 0;
    (void)lanes;
    for (unsigned i = 0; i < nl; i++) {
        const prog_effect *x = &e[i];
        unsigned worst = 0;
        for (unsigned a = 0; a < x->nacc; a++) {
            unsigned p = 0;
            if (x->acc[a].space == PS_SHARED) {
                /* position: the word's rank among the distinct words of
                 * its bank (one word to many lanes is a broadcast) */
                uint64_t wd = x->acc[a].addr / c->P.bank_bytes;
                unsigned b = (unsigned)(wd % c->P.banks), j;
                for (j = 0; j < nw && word[j] != wd; j++)
                    ;
                if (j == nw) {
                    word[nw] = wd;
                    wrank[nw++] = (unsigned)bank_n[b]++;
                }
                p = wrank[j];
            } else if (x->acc[a].space == PS_GLOBAL || x->acc[a].space == PS_LOCAL) {
                uint64_t ad = x->acc[a].addr;
                if (x->acc[a].space == PS_LOCAL) /* interleaved: the same word of
                                                  * consecutive lanes is adjacent */
                    ad = ((ad >> 2) * c->WS + lane_of[i]) * 4u + (1ull << 62);
                uint64_t s = ad / c->P.seg_bytes;
                unsigned j;
                for (j = 0; j < nk && key[j] != s; j++)
                    ;
                if (j == nk)
                    key[nk++] = s;
                p = j;
            }
            if (p > worst)
                worst = p;
        }
        pos[i] = worst;
    }
    c->st.segments += nk;
    busy = nk;
    for (unsigned b = 0; b < 64; b++) {
        if (bank_n[b] > busy)
            busy = (unsigned)bank_n[b];
        if (bank_n[b] > 1)
            c->st.bank_conflicts += bank_n[b] - 1;
    }
    return busy ? busy : 1;
}

int core_issue(core *c, unsigned port, const core_req *r, core_out *o)
{
    const prog *p = c->p;
    const prog_insn *in = &p->ins[r->pc];
    memset(o, 0, sizeof *o);
    o->port = (int)port;
    if (core_ready(c, port, r) != CORE_OK || (r->with >= 0 && !c->dec[r->with].valid))
        return core_fail(c, "internal: warp %u pc %d issued on port %u while not ready (%d)",
                         r->warp, r->pc, port, (int)core_ready(c, port, r));
    enum { NX = CORE_MAX_WARP * 16 };
    if (r->nthreads && (is_mem(in) || r->nthreads > NX))
        return core_fail(c, "internal: a thread list (%u threads) for pc %d", r->nthreads, r->pc);
    static prog_effect eff[NX];
    static unsigned lanes[NX], tids[NX];
    unsigned nl = 0;
    char msg[300];
    unsigned cnt = r->nthreads ? r->nthreads : popc(r->mask);
    uint64_t rest = r->mask;
    scalar_issue sis;
    memset(&sis, 0, sizeof sis);
    static prog_thread *xs[NX];
    static const prog_mem *ms[NX];
    for (unsigned i = 0; i < cnt && i < NX; i++) {
        unsigned l, t;
        if (r->nthreads) {
            t = r->threads[i];
            l = i % c->WS;
        } else {
            l = ctz(rest);
            rest &= rest - 1;
            t = tid_of(c, r, l);
        }
        if (t >= c->T)
            return core_fail(c, "internal: lane %u of warp %u names thread slot %u", l, r->warp, t);
        if (check_thread(c, t, r->pc))
            return -1;
        xs[nl] = &c->th[t];
        xs[nl]->clock = c->cycle;
        ms[nl] = &c->mem[t / (c->CW * c->WS)];
        lanes[nl] = l;
        tids[nl] = t;
        nl++;
    }
    /* execution: every thread of the issue in lane order, the instruction
     * decoded and dispatched once (prog_exec_warp: warp-level), or through
     * the scalar unit's path thread by thread (scalar.h) */
    if (c->scalar) {
        for (unsigned i = 0; i < nl; i++)
            if (scalar_exec_thread(&c->sx, r->pc, xs[i], (unsigned)c->gtid[tids[i]],
                                   &c->srf[(size_t)(tids[i] / c->WS) * c->sregs], ms[i], &sis,
                                   &eff[i], msg, sizeof msg))
                return core_fail(c, "%s", msg);
    } else {
        unsigned done;
        if (prog_exec_warp(p, r->pc, xs, ms, nl, eff, &done, msg, sizeof msg))
            return core_fail(c, "%s", msg);
    }
    for (unsigned i = 0; i < nl; i++) {
        unsigned l = lanes[i], t = tids[i], k = t / (c->CW * c->WS);
        o->next_pc[l] = eff[i].next_pc;
        if (in->unit == PU_BRA && eff[i].taken)
            o->taken |= 1ull << l;
        if (eff[i].next_pc == (int)p->n) {
            o->exited |= 1ull << l;
            c->live[t] = 0;
            c->cta_live[k]--;
        } else if (in->unit == PU_BAR && eff[i].executed) {
            o->bar |= 1ull << l;
            c->at_bar[t] = 1;
            c->cta_bar[k]++;
        }
    }
    /* when each thread's result is ready */
    static unsigned pos[NX], wave_of[NX];
    unsigned waves;
    unsigned width = r->lanes_per_wave ? r->lanes_per_wave : c->alu_w;
    if (in->unit == PU_SFU && !r->lanes_per_wave)
        width = c->P.simd_width ? c->P.simd_width : c->WS;
    if (width < 1)
        width = 1;
    if (r->nthreads) {
        for (unsigned i = 0; i < nl; i++)
            wave_of[i] = 0;
        waves = 1;
    } else if (r->compact) {
        uint64_t seen = 0;
        for (unsigned i = 0; i < nl; i++)
            seen |= 1ull << (lanes[i] / width);
        for (unsigned i = 0; i < nl; i++)
            wave_of[i] = popc(seen & ((1ull << (lanes[i] / width)) - 1u));
        waves = popc(seen);
    } else if (!(width & (width - 1))) {
        unsigned sh = ctz(width);
        for (unsigned i = 0; i < nl; i++)
            wave_of[i] = lanes[i] >> sh;
        waves = (c->WS + width - 1) >> sh;
    } else {
        for (unsigned i = 0; i < nl; i++)
            wave_of[i] = lanes[i] / width;
        waves = (c->WS + width - 1) / width;
    }
    /* a scalar instruction runs once: one thread's wave (scalar.h; on a
     * temporal lane only with scalar destinations, core_scalar_once) */
    int sca = core_scalar_once(c, r->pc);
    if (sca) {
        c->st.scalar_issues++;
        for (unsigned i = 0; i < nl; i++)
            wave_of[i] = 0;
        waves = 1;
    }
    uint64_t start = c->cycle + r->delay;
    unsigned lat = lat_of(c, in), group = 0xffff;
    if (is_mem(in)) {
        waves = lsu_schedule(c, eff, NULL, nl, lanes, pos);
        /* a packet joining a slot queues behind the LSU's work */
        uint64_t from = c->lsu_until > c->cycle ? c->lsu_until : c->cycle;
        for (unsigned i = 0; i < nl; i++)
            wave_of[i] = pos[i] + (unsigned)(from - c->cycle);
        c->lsu_until = from + waves;
    } else if (on_scalar_unit(c, r->pc)) {
        if (c->cycle + r->delay + 1 > c->sca_until[port])
            c->sca_until[port] = c->cycle + r->delay + 1;
    } else {
        int g;
        if (r->with >= 0 && unit_class(&p->ins[c->dec[r->with].pc]) == unit_class(in))
            g = c->dec[r->with].group;
        else
            g = free_group(c, in, r);
        uint64_t *until = on_sfu(in, r) ? c->sfu_until : c->alu_until;
        /* the group is busy [issue + delay, issue + delay + waves); the
         * delay is a pipeline stage every issue of the mechanism to this
         * group passes, so the next issue may come `waves` cycles later
         * (TSIMT's hand-over: a lane takes its next instruction in the
         * last cycle of the current one) */
        if (c->cycle + waves > until[g])
            until[g] = c->cycle + waves;
        group = (unsigned)g;
        c->st.group_busy += waves;
        c->st.lane_busy += sca ? 1 : nl;
    }
    uint64_t last = c->cycle + 1;
    for (unsigned i = 0; i < nl; i++) {
        unsigned t = tids[i];
        uint64_t ready = start + wave_of[i] + lat;
        if (eff[i].executed)
            for (unsigned j = 0; j < in->ndst; j++)
                c->tready[(size_t)t * c->nregs + in->dst[j]] = ready;
        if (ready > last)
            last = ready;
        unsigned k = t / (c->CW * c->WS);
        if (ready > c->cta_ready[k])
            c->cta_ready[k] = ready;
    }
    o->ready = last;
    o->waves = waves;
    core_note_ready(c, last);
    /* fault kind 5 (test hook, issue 24 item 4): from fault_cycle on the
     * scoreboard forgets each thread's position (wave, lane group,
     * segment): the result counts as ready at issue + delay + latency */
    uint64_t sb_at = c->P.fault_kind == 5 && c->cycle >= c->P.fault_cycle ? start + lat : last;
    if (!r->nosb && !(c->ops->flags & MECH_OWN_SB))
        for (unsigned j = 0; j < in->ndst; j++) {
            uint64_t *e = &c->sb[(size_t)r->warp * c->nregs + in->dst[j]];
            if (sb_at > *e)
                *e = sb_at;
        }
    /* barrel processing: the warp is fetched again in the cycle its
     * instruction completes, so its next instruction issues a cycle later
     * (004 l.193-200: selected in the fetch stage after it completes) */
    if (c->P.barrel && !r->nosb && !(c->ops->flags & MECH_OWN_SB) && last + 1 > c->bar_until[r->warp])
        c->bar_until[r->warp] = last + 1;
    if (r->warp < c->W)
        c->sbc_pc[r->warp] = -1; /* its row or bar_until may have moved */
    if ((in->unit == PU_LD || in->unit == PU_ATOM) && is_mem(in) && r->unit_warp < c->W &&
        last > c->ld_until[r->unit_warp])
        c->ld_until[r->unit_warp] = last;
    /* the fetch buffer's head is consumed */
    if (!r->nofetch && !(c->ops->flags & MECH_OWN_FETCH) && c->ops->fetch_pc) {
        fetchbuf *b = &c->fb[r->warp * c->nctx + r->ctx];
        memmove(b->t, b->t + 1, (b->n - 1) * sizeof b->t[0]);
        b->n--;
        b->pc++;
        fb_dirty(c, r->warp);
        /* refill on issue (issue 24 item 6): the slot the head leaves takes
         * the next sequential instruction in this same cycle, from what is
         * left of this cycle's fetch width; it issues next cycle at the
         * earliest, so a buffer of one entry issues every cycle.  After a
         * branch or exit nothing is fetched (the next PC is the stack's);
         * when the context's PC moves elsewhere (a reconvergence) the next
         * fetch stage flushes it: the same one bubble as a taken branch */
        int tail = b->pc + (int)b->n; /* the PC after the buffered ones */
        if (c->fetch_left && b->n < c->P.ibuf && !is_ctl(p, tail - 1) && tail < (int)p->n) {
            b->t[b->n++] = c->cycle;
            c->st.fetches++;
            c->fetch_left--;
        }
    }
    /* statistics and the decision */
    energy_count_issue(&c->en, in->nsrc, in->ndst, nl, sca,
                       !r->nosb && !(c->ops->flags & MECH_OWN_SB),
                       !r->nofetch && !(c->ops->flags & MECH_OWN_FETCH) && c->ops->fetch_pc);
    unsigned th = nl;
    c->st.thread_insts += nl;
    core_dec *d;
    if (r->with >= 0) {
        d = &c->dec[port];
        c->slot_mask[r->with] |= r->mask;
        /* the slot's histogram entry grows by these threads */
        unsigned before = popc(c->slot_mask[r->with] & ~r->mask);
        c->st.hist[before]--;
        c->st.hist[popc(c->slot_mask[r->with])]++;
    } else {
        d = &c->dec[port];
        c->slot_mask[port] = r->mask;
        c->st.warp_insts += r->slots ? r->slots : 1;
        unsigned sl = r->slots ? r->slots : 1, per = (nl + sl - 1) / sl;
        c->st.hist[per > CORE_MAX_WARP ? CORE_MAX_WARP : per] += sl;
    }
    d->valid = 1;
    d->ctx = (uint8_t)r->ctx;
    d->with = (int8_t)r->with;
    d->warp = (uint16_t)r->unit_warp;
    d->pc = r->pc;
    d->mask = r->mask;
    d->threads = th;
    d->group = (uint16_t)(r->with >= 0 ? c->dec[r->with].group : group);
    for (unsigned i = 0; i < nl && i < CORE_MAX_WARP; i++)
        d->tid[lanes[i]] = tids[i];
    c->last_issue = c->cycle;
    c->issued_ports++;
    return 0;
}

/* ------------------------------------------------------------ record */
int core_tracing(const core *c) { return c->trace_dir != NULL && !c->failed; }
energy_counts *core_energy_counts(const core *c) { return (energy_counts *)&c->en; }
void *core_rec(core *c, unsigned idx) { return &c->rec[idx < CORE_REC_MAX ? idx : 0]; }

void core_rec_visit(void *ctx, const char *name, unsigned width, const uint64_t *value,
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

static const uint64_t rec_zero[PORT_MAX_WORDS];

int core_rec_cycle(core *c, unsigned idx, const struct param_table *t, const void *cfg)
{
    recorder *r = core_rec(c, idx);
    if (r->bad)
        return core_fail(c, "--trace-dir: too many ports for a vector file");
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
        /* a second unit of the same structure (one per scheduler): STRUCT1 */
        unsigned same = 0;
        for (unsigned j = 0; j < CORE_REC_MAX; j++)
            same += &c->rec[j] != r && c->rec[j].w && !strcmp(c->rec[j].structure, t->structure);
        snprintf(r->structure, sizeof r->structure, "%s", t->structure);
        if (same)
            snprintf(r->path, sizeof r->path, "%s/%s-%s%u.vec", c->trace_dir, c->ops->name,
                     t->structure, same);
        else
            snprintf(r->path, sizeof r->path, "%s/%s-%s.vec", c->trace_dir, c->ops->name,
                     t->structure);
        r->w = vec_create(r->path, t->structure, params, hf, k, err, sizeof err);
        if (!r->w)
            return core_fail(c, "--trace-dir: %s", err);
        static const uint64_t one = 1;
        k = 0;
        r->vals[k++] = &one;
        for (unsigned i = 0; i < r->n; i++)
            if (r->f[i].dir == PORT_IN)
                r->vals[k++] = rec_zero;
        for (unsigned i = 0; i < r->n; i++)
            if (r->f[i].dir == PORT_OUT)
                r->vals[k++] = NULL;
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
    return 0;
}

int core_trace_files(core *c, const char **paths, unsigned max)
{
    unsigned n = 0;
    int rc = 0;
    for (unsigned i = 0; i < CORE_REC_MAX; i++) {
        if (!c->rec || !c->rec[i].w)
            continue;
        if (vec_close_writer(c->rec[i].w))
            rc = -1;
        c->rec[i].w = NULL;
        if (n < max)
            paths[n++] = c->rec[i].path;
    }
    return rc ? -1 : (int)n;
}

/* ------------------------------------------------------ trace and log */
static void trace_dec(core *c)
{
    struct vcd_writer *w = c->vcd;
    char nm[32];
    for (unsigned q = 0; q < dec_ports(c); q++) {
        const core_dec *d = &c->dec[q];
        const char *px = q ? nm : "issue";
        if (q)
            snprintf(nm, sizeof nm, "issue%u", q + 1);
        char s[48];
#define SIG(suffix, width, v)                                                                      \
    do {                                                                                           \
        snprintf(s, sizeof s, "%s_%s", px, suffix);                                                \
        vcd_sig(w, s, width, v);                                                                   \
    } while (0)
        SIG("valid", 1, d->valid);
        SIG("warp", 8, d->warp);
        SIG("ctx", 2, d->ctx);
        SIG("pc", 16, d->valid ? (uint64_t)d->pc : 0);
        SIG("mask", c->WS, d->mask);
        SIG("threads", 8, d->threads);
#undef SIG
    }
    unsigned ex = 0, bar = 0;
    for (unsigned t = 0; t < c->T; t++) {
        ex += c->gtid[t] != UINT64_MAX && !c->live[t];
        bar += c->at_bar[t];
    }
    vcd_sig(w, "exited", 16, ex);
    vcd_sig(w, "at_barrier", 16, bar);
    vcd_sig(w, "done", 1, (uint64_t)c->done);
}

static void log_mask(core *c, uint64_t mask)
{
    fputc(' ', c->log);
    for (unsigned l = 0; l < c->WS; l++)
        fputc(mask >> l & 1u ? '1' : '.', c->log);
}

static void op_name(const prog_insn *in, char *out, size_t n)
{
    size_t i = 0;
    const char *tx = in->text;
    if (tx[0] == '@') /* the guard: the op is the next word */
        while (*tx && *tx != ' ')
            tx++;
    while (*tx == ' ')
        tx++;
    while (tx[i] && tx[i] != ' ' && i + 1 < n) {
        out[i] = tx[i];
        i++;
    }
    out[i] = 0;
}

/* One line per issue port that issued: cycle, mechanism, warp (unit),
 * context, PC, op, source line, lanes (lane 0 first). */
static void log_cycle(core *c)
{
    for (unsigned q = 0; q < dec_ports(c); q++) {
        const core_dec *d = &c->dec[q];
        if (!d->valid || d->with >= 0)
            continue;
        char op[16];
        op_name(&c->p->ins[d->pc], op, sizeof op);
        fprintf(c->log, "%6llu %s warp %-3u", (unsigned long long)c->cycle, c->ops->name,
                d->warp);
        if (c->ops->nctx > 1)
            fprintf(c->log, " %c", "LR"[d->ctx & 1]);
        fprintf(c->log, " pc %-4d %-5s line %-4d", d->pc, op, c->p->ins[d->pc].line);
        log_mask(c, d->mask);
        for (unsigned j = 0; j < dec_ports(c); j++) {
            const core_dec *e = &c->dec[j];
            if (!e->valid || e->with != (int)q)
                continue;
            if (e->warp == d->warp)
                fprintf(c->log, " secondary pc %-4d line %-4d", e->pc, c->p->ins[e->pc].line);
            else
                fprintf(c->log, " with warp %u pc %-4d line %-4d", e->warp, e->pc,
                        c->p->ins[e->pc].line);
            log_mask(c, e->mask);
        }
        fputc('\n', c->log);
    }
}

/* ------------------------------------------------------------- cycle */
int core_cycle(core *c)
{
    if (c->failed)
        return -1;
    for (unsigned q = 0; q < CORE_MAX_PORTS; q++) {
        c->dec[q].valid = 0;
        c->dec[q].with = -1;
        c->dec[q].mask = 0;
        c->dec[q].threads = 0;
        c->slot_mask[q] = 0;
    }
    c->issued_ports = 0;
    c->fetch_left = 0;
    if (!c->done) {
        if (dispatch(c))
            return -1;
        barriers(c);
        if (c->P.fault_kind && c->cycle == c->P.fault_cycle) {
            if (c->P.fault_kind == 1)
                c->th[c->T - 1].r[c->nregs > 1 ? 1 : 0] ^= 1u;
            else if (c->P.fault_kind == 2 && c->p->global_bytes)
                c->global[0] ^= 1u;
        }
        fetch(c);
    }
    if (c->ops->cycle(c, c->m) < 0 || c->failed)
        return -1;
    if (c->vcd)
        trace_dec(c);
    if (c->vcd && c->ops->trace)
        c->ops->trace(c, c->m, c->vcd);
    if (c->done)
        return 1;
    if (c->log && c->issued_ports)
        log_cycle(c);
    if (!c->issued_ports)
        c->st.idle_cycles++;
    c->cycle++;
    /* done: every CTA dispatched, no thread live, every result written
     * back and the mechanism holds nothing in flight; the last CTAs are
     * checked as they retire */
    int live = c->next_cta < c->nctas || c->cycle < c->last_ready ||
               (c->ops->busy && c->ops->busy(c, c->m));
    for (unsigned k = 0; k < c->nslots && !live; k++)
        live = c->cta_of[k] >= 0 && c->cta_live[k];
    if (!live) {
        for (unsigned k = 0; k < c->nslots; k++) {
            if (c->cta_of[k] >= 0) {
                if (cta_check(c, k))
                    return -1;
                c->cta_of[k] = -1;
            }
            refp_out_free(&c->rout[k]); /* the reference beside the core is done */
        }
        refp_stream_free(&c->rs);
        c->done = 1;
        c->st.cycles = c->cycle;
        return 1;
    }
    uint64_t quiet = c->cycle - c->last_issue;
    if (quiet > 1000u + 4u * (c->P.mem_lat + c->P.alu_lat + c->P.sfu_lat) &&
        c->cycle > c->last_ready) {
        unsigned ex = 0, bar = 0, n = 0;
        for (unsigned t = 0; t < c->T; t++) {
            n += c->gtid[t] != UINT64_MAX;
            ex += c->gtid[t] != UINT64_MAX && !c->live[t];
            bar += c->at_bar[t];
        }
        return core_fail(c, "deadlock: nothing issued for %llu cycles (cycle %llu; %u of %u "
                            "resident threads exited, %u at a barrier; %llu full-table stalls%s)",
                         (unsigned long long)quiet, (unsigned long long)c->cycle, ex, n, bar,
                         (unsigned long long)c->st.full_stalls,
                         c->st.full_stalls ? ": the structure is too small for this kernel" : "");
    }
    if (c->cycle >= c->P.max_cycles)
        return core_fail(c, "not finished after %llu cycles", (unsigned long long)c->cycle);
    return 0;
}

int core_run(core *c)
{
    int rc;
    while ((rc = core_cycle(c)) == 0)
        ;
    return rc < 0 ? -1 : 0;
}

int core_finish(core *c)
{
    if (c->failed)
        return -1;
    const refp_result *r = c->ref;
    if (memcmp(c->global, r->global, c->p->global_bytes)) {
        /* the bytes two orders of the reference disagree on are not
         * compared (atomics, races: refp_order_check) */
        for (uint64_t a = 0; a < c->p->global_bytes; a++)
            if (c->global[a] != r->global[a] && (!r->mem_cmp || r->mem_cmp[a]))
                return core_fail(c, "global byte %llu (word %llu) = 0x%02x, the reference has "
                                    "0x%02x",
                                 (unsigned long long)a, (unsigned long long)(a / 4), c->global[a],
                                 r->global[a]);
    }
    if (c->st.thread_insts != r->thread_insts && !r->atom_flow)
        return core_fail(c, "issued %llu thread-instructions, the reference executed %llu",
                         (unsigned long long)c->st.thread_insts,
                         (unsigned long long)r->thread_insts);
    uint64_t slots = 0;
    for (unsigned i = 0; i <= CORE_MAX_WARP; i++)
        slots += c->st.hist[i];
    if (slots > c->st.warp_insts)
        return core_fail(c, "the issue histogram holds %llu slots, warp_insts is %llu",
                         (unsigned long long)slots, (unsigned long long)c->st.warp_insts);
    if (c->st.warp_insts && (double)c->st.thread_insts >
                                (double)c->st.warp_insts * (double)c->WS + 0.5)
        return core_fail(c, "SIMD efficiency above 1: %llu thread-instructions in %llu issue "
                            "slots of %u lanes",
                         (unsigned long long)c->st.thread_insts,
                         (unsigned long long)c->st.warp_insts, c->WS);
    if (c->ops->finish && c->ops->finish(c, c->m))
        return -1;
    return 0;
}

/* --------------------------------------------------------------- new */
const char *core_new(const mech_ops *ops, const prog *p, const refp_result *ref,
                     const core_cfg *cfg, core **out)
{
    static char msg[1024];
    const char *e = core_cfg_check(cfg);
    *out = NULL;
    if (e) {
        snprintf(msg, sizeof msg, "%s", e);
        return msg;
    }
    core *c = calloc(1, sizeof *c);
    c->ops = ops;
    c->p = p;
    c->ref = ref;
    c->P = *cfg;
    c->WS = cfg->warp_size;
    c->nregs = p->nregs ? p->nregs : 1;
    c->CT = p->block[0] * p->block[1] * p->block[2];
    c->CW = (c->CT + c->WS - 1) / c->WS;
    c->nctas = (uint64_t)p->grid[0] * p->grid[1] * p->grid[2];
    c->nctx = ops->nctx ? ops->nctx : 1;
    c->unit_warps = 1;
    /* the analysis and allocation of 002 sec. 4.2-4.3: the scalarizing
     * mechanisms' classes, or every register vector (the baseline); the
     * SM's register file holds a CTA's allocation (core.h) */
    c->scalar = ops->flags & (MECH_SCALAR_UNIT | MECH_SCALAR_LANE);
    if (c->scalar) {
        scalar_analyse(p, &c->sinfo, 0);
        if (cfg->fault_kind == 6) /* the test hook: a thread-id read marked scalar */
            for (unsigned pc = 0; pc < p->n; pc++)
                if (p->reachable[pc] && p->ins[pc].varying && p->ins[pc].unit == PU_ALU) {
                    c->sinfo.ins_vector[pc] = 0;
                    break;
                }
        scalar_alloc(p, &c->sinfo);
        c->rf_vregs = c->sinfo.units[SC_VEC_DATA];
        c->rf_sregs = c->sinfo.units[SC_SCA_DATA];
    } else {
        scalar_info base;
        scalar_analyse(p, &base, 1);
        scalar_alloc(p, &base);
        c->rf_vregs = base.units[SC_VEC_DATA];
        c->rf_sregs = 0;
        scalar_free(&base);
    }
    const uint64_t cta_regs = (uint64_t)c->CW * ((uint64_t)c->WS * c->rf_vregs + c->rf_sregs);
    unsigned k = cfg->max_ctas;
    if (cfg->max_threads / c->CT < k)
        k = cfg->max_threads / c->CT;
    if (cfg->max_warps / c->CW < k)
        k = cfg->max_warps / c->CW;
    if (p->shared_bytes && cfg->shared_bytes / p->shared_bytes < k)
        k = (unsigned)(cfg->shared_bytes / p->shared_bytes);
    if (cfg->rf_regs && cta_regs && cfg->rf_regs / cta_regs < k)
        k = (unsigned)(cfg->rf_regs / cta_regs);
    if (c->nctas < k)
        k = (unsigned)c->nctas;
    if (!k) {
        snprintf(msg, sizeof msg,
                 "%s: a CTA of %u threads (%u warps of %u, %llu bytes of shared memory, %llu "
                 "registers) does not fit the SM (max_threads %u, max_warps %u, shared_bytes %u, "
                 "rf_regs %u)",
                 p->file, c->CT, c->CW, c->WS, (unsigned long long)p->shared_bytes,
                 (unsigned long long)cta_regs, cfg->max_threads, cfg->max_warps,
                 cfg->shared_bytes, cfg->rf_regs);
        if (c->scalar)
            scalar_free(&c->sinfo);
        free(c);
        return msg;
    }
    c->nslots = k;
    c->W = k * c->CW;
    c->T = c->W * c->WS;
    c->alu_n = cfg->alu_groups ? cfg->alu_groups : cfg->schedulers;
    c->alu_w = cfg->simd_width ? cfg->simd_width : c->WS;
    c->sfu_n = cfg->sfu_groups;
    c->th = calloc(c->T, sizeof *c->th);
    c->regs = calloc((size_t)c->T * c->nregs, sizeof(uint64_t));
    c->local = calloc((size_t)c->T * p->local_bytes + 1, 1);
    c->gtid = malloc(c->T * sizeof(uint64_t));
    c->tpos = calloc(c->T, sizeof(uint64_t));
    c->thash = calloc(c->T, sizeof(uint64_t));
    c->live = calloc(c->T, 1);
    c->at_bar = calloc(c->T, 1);
    c->tready = calloc((size_t)c->T * c->nregs, sizeof(uint64_t));
    c->sb = calloc((size_t)c->W * c->nregs, sizeof(uint64_t));
    c->sbc_pc = malloc(c->W * sizeof(int));
    c->sbc_at = calloc(c->W, sizeof(uint64_t));
    for (unsigned w = 0; w < c->W; w++)
        c->sbc_pc[w] = -1;
    c->ld_until = calloc(c->W + 1, sizeof(uint64_t));
    c->bar_until = calloc(c->W + 1, sizeof(uint64_t));
    c->fb = calloc((size_t)c->W * c->nctx, sizeof *c->fb);
    c->cta_of = malloc(k * sizeof(int64_t));
    c->cta_live = calloc(k, sizeof(unsigned));
    c->cta_bar = calloc(k, sizeof(unsigned));
    c->cta_ready = calloc(k, sizeof(uint64_t));
    c->shared = calloc((size_t)k * p->shared_bytes + 1, 1);
    refp_stream_init(&c->rs, p, c->WS, UINT64_MAX); /* the reference already finished */
    c->rout = calloc(k, sizeof *c->rout);
    for (unsigned j = 0; j < k; j++)
        refp_out_init(&c->rout[j], p, ref->keep_trace);
    c->mem = calloc(k, sizeof *c->mem);
    c->global = malloc(p->global_bytes + 1);
    memcpy(c->global, p->global_init, p->global_bytes);
    c->rstride = c->nregs;
    if (c->scalar) {
        /* the threads' register arrays become their vector files */
        scalar_exec_init(&c->sx, p, &c->sinfo, (int)cfg->check);
        c->rstride = scalar_vec_regs(&c->sinfo);
        c->sregs = scalar_sca_regs(&c->sinfo);
        if (c->rstride > c->nregs) {
            free(c->regs);
            c->regs = calloc((size_t)c->T * c->rstride + 1, sizeof(uint64_t));
        }
        c->srf = calloc((size_t)c->W * c->sregs + 1, sizeof(uint64_t));
    }
    for (unsigned t = 0; t < c->T; t++) {
        c->th[t].r = &c->regs[(size_t)t * c->rstride];
        c->th[t].local = c->local + (size_t)t * p->local_bytes;
        c->gtid[t] = UINT64_MAX;
    }
    for (unsigned j = 0; j < k; j++) {
        c->cta_of[j] = -1;
        c->mem[j] = (prog_mem){c->global, p->global_bytes, c->shared + (size_t)j * p->shared_bytes,
                               p->shared_bytes, p->param, p->param_bytes, p->local_bytes};
    }
    for (unsigned q = 0; q < CORE_MAX_PORTS; q++)
        c->rr[q] = UINT32_MAX;
    c->own_fetch = (ops->flags & MECH_OWN_FETCH) || !ops->fetch_pc;
    c->own_sb = (ops->flags & MECH_OWN_SB) != 0;
    c->ndec = dec_ports(c);
    /* core_unit_free's class of each instruction, as a request with
     * lanes_per_wave 0 sees it */
    c->ucls = malloc(p->n + 1u);
    for (unsigned pc = 0; pc < p->n; pc++)
        c->ucls[pc] = is_mem(&p->ins[pc])          ? CORE_UC_LSU
                      : on_scalar_unit(c, (int)pc) ? CORE_UC_SCALAR
                      : p->ins[pc].unit == PU_SFU  ? CORE_UC_SFU
                                                   : CORE_UC_ALU;
    c->m = calloc(1, ops->size ? ops->size : 1);
    e = ops->init(c, c->m);
    if (!e && c->P.sched == CORE_SCHED_TWO_LEVEL && (ops->flags & MECH_OWN_SCHED)) {
        snprintf(msg, sizeof msg, "%s: --sched two-level: its own structure schedules the warps; "
                 "use --sched rr", ops->name);
        e = msg;
    }
    if (!e && c->P.sched == CORE_SCHED_TWO_LEVEL) {
        unsigned units = c->nslots * ((c->CW + c->unit_warps - 1) / c->unit_warps);
        for (unsigned q = 0; q < pools(c) && !e; q++) {
            unsigned np = 0;
            for (unsigned u = q; u < units; u += pools(c))
                np++;
            if (np > 64) {
                snprintf(msg, sizeof msg, "--sched two-level: %u warps per scheduler (at most 64)",
                         np);
                e = msg;
            } else if (np)
                e = two_level_init(c, q, np);
        }
    }
    if (!e && (c->alu_n > CORE_MAX_GROUPS * 8 || !c->alu_n || !c->alu_w))
        e = "the ALU groups: 1..128 groups of at least one lane";
    if (e) {
        if (e != msg) {
            size_t nl = strlen(ops->name);
            int named = !strncmp(e, ops->name, nl) && e[nl] == ':';
            char tmp[1024];
            snprintf(tmp, sizeof tmp, "%s%s%.900s", named ? "" : ops->name, named ? "" : ": ", e);
            snprintf(msg, sizeof msg, "%s", tmp);
        }
        core_free(c);
        return msg;
    }
    *out = c;
    return NULL;
}

void core_free(core *c)
{
    if (!c)
        return;
    for (unsigned i = 0; i < CORE_REC_MAX; i++)
        if (c->rec && c->rec[i].w)
            vec_close_writer(c->rec[i].w);
    if (c->m && c->ops->free)
        c->ops->free(c->m);
    free(c->m);
    free(c->rec);
    free(c->th);
    free(c->regs);
    free(c->local);
    free(c->gtid);
    free(c->tpos);
    free(c->thash);
    free(c->live);
    free(c->at_bar);
    free(c->tready);
    free(c->ucls);
    free(c->sb);
    free(c->sbc_pc);
    free(c->sbc_at);
    free(c->ld_until);
    free(c->bar_until);
    free(c->fb);
    free(c->cta_of);
    free(c->cta_live);
    free(c->cta_bar);
    free(c->cta_ready);
    free(c->shared);
    for (unsigned j = 0; c->rout && j < c->nslots; j++)
        refp_out_free(&c->rout[j]);
    free(c->rout);
    refp_stream_free(&c->rs);
    free(c->mem);
    free(c->global);
    if (c->scalar) {
        free(c->srf);
        scalar_exec_free(&c->sx);
        scalar_free(&c->sinfo);
    }
    free(c);
}
