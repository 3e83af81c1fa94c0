/* SPDX-License-Identifier: Apache-2.0 */
/*
 * core_int.h -- the SM core's private state and the helpers its files
 * share (core.c, core_cta.c, core_fetch.c, core_sched.c, core_issue.c,
 * core_lsu.c, core_trace.c); not part of the core's interface (core.h).
 * The hot helpers are static inline here; build/simt's -O3 -flto inlines
 * the rest across the files (docs/bench.md).
 */
#ifndef TB_SIMT_CORE_INT_H
#define TB_SIMT_CORE_INT_H

#include "core.h"

#include <stdio.h>

#include "../../rtl_c/bits.h"
#include "../../rtl_c/two_level_sched.h"
#include "../vec.h"
#include "energy.h"
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

#define FB_WORDS ((CORE_MAX_WARPS * CORE_MAX_CTX + 63) / 64)
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
    /* the reference's results of each resident CTA's threads (ref.h),
     * taken when the CTA is dispatched, compared when it retires: views
     * of ref's every-thread arrays (ref_view: REFP_GRID), else run by the
     * reference stream beside the core */
    refp_stream rs;
    refp_cta_out *rout;
    int ref_view;
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
    uint32_t *tam;                     /* activemasks executed per slot (refp_cta_out.am) */
    uint8_t *live, *at_bar;
    uint64_t *wlive; /* W: each warp's live lanes, live[]'s bits (compared under --check) */
    uint64_t *wbar;  /* W: each warp's lanes waiting at a barrier, at_bar[]'s bits */
    /* core_barred_set: bit w when warp w has live threads and every one
     * waits at a barrier (bar_note; compared under --check) */
    uint64_t barred[CORE_MAX_WARPS / 64];
    uint64_t *tready;                  /* T x nregs: the oracle */
    /* (W + 1) x nregs: row w, for each register, an upper bound of the
     * ready cycles written to tready for warp slot w's threads (CTA starts
     * do not lower it), kept by every issue that writes tready (a warp's
     * own lanes, lanes mapped by r->tid, a thread list) and valid while
     * wready_off is 0.  issue_warp and issue_lanes skip the per-thread
     * oracle reads when the row shows none of the instruction's registers
     * late */
    uint64_t *wready;
    int wready_off;
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
    scalar_info sinfo;                 /* a copy of the program's cached one
                                        * (scalar_cached: its arrays are the
                                        * cache's), or the core's own */
    int sinfo_own;                     /* sinfo's arrays are the core's (the
                                        * fault hook's): core_free frees them */
    scalar_exec_cfg sx;
    uint64_t *srf;                     /* W x sregs */
    unsigned sregs;
    unsigned rf_vregs, rf_sregs;       /* the allocation the SM's file is sized by (core.h) */
    uint64_t sca_until[CORE_MAX_PORTS]; /* MECH_SCALAR_UNIT: each port's scalar unit */
    /* CTA slots */
    int64_t *cta_of;                   /* CTA in each slot, -1 free */
    unsigned *cta_live, *cta_bar;
    /* early returns before a barrier (prog.h, exit_bound; eb NULL: the
     * program has none): parked[t] when live thread t's next PC is
     * exit-bound, cta_park the CTA's parked threads, which core_barriers
     * counts as arrived (core_issue.c, park_lanes) */
    const uint8_t *eb;
    uint8_t *pk;       /* n: pc can change a thread's parking (an edge from a
                        * PC that is not exit-bound into one, or an exit);
                        * NULL when eb is */
    uint8_t *parked;
    unsigned *cta_park;
    int *cta_red;                      /* the barrier its threads wait at, -1 none */
    /* narrow warps (warp_size < PROG_WARP) with warp-synchronous
     * instructions: the PC each thread slot waits at in the rendezvous of
     * its logical warp, -1 none (core_issue.c, wsync_issue); NULL else */
    int *wsw;
    unsigned wsw_open; /* threads released since the last core_wsw_open */
    uint64_t bar_clears;               /* times at_bar bits were cleared (core_bar_clears) */
    uint64_t *cta_ready;
    uint8_t *shared;                   /* nslots x shared_bytes */
    prog_mem *mem;                     /* per CTA slot */
    uint8_t *global;
    /* fetch */
    fetchbuf *fb;                      /* W x nctx */
    unsigned nctx, fetch_rr;
    int own_fetch, own_sb;             /* MECH_OWN_FETCH or no fetch_pc; MECH_OWN_SB */
    unsigned ndec;                     /* core_dec_ports() */
    unsigned fetch_left;               /* this cycle's fetch slots not yet used */
    /* context i's fetch state: fcand, it may take a fetch this cycle (room,
     * a live warp, the buffer not ended by a branch); fdirty, its warp
     * issued or launched since the last fetch stage (its PC may have moved) */
    uint64_t fcand[FB_WORDS];
    uint64_t fdirty[FB_WORDS];
    /* the ready set (core_ready_set, core_sched.c): context i's buffered
     * head may issue from cycle rdy_at[i] on as far as its fetch buffer
     * and the per-warp scoreboard go (UINT64_MAX: an empty buffer),
     * recomputed where the buffer's head, the warp's scoreboard row or
     * bar_until change (core_rdy_update); rdy: rdy_at <= cycle; rdy_wait:
     * the others with a finite rdy_at, the earliest of which is rdy_next
     * (core_rdy_wake moves them when the cycle reaches it; a bit of a
     * context that left the wait since is cleared there) */
    int rdy_on;                        /* kept (core_new: MECH_READY_SET or --check) */
    uint64_t *rdy_at;                  /* W x nctx */
    uint64_t rdy[FB_WORDS], rdy_wait[FB_WORDS];
    uint64_t rdy_next;
    /* execution */
    unsigned alu_n, alu_w, sfu_n;
    uint64_t alu_until[CORE_MAX_GROUPS * 8], sfu_until[CORE_MAX_GROUPS];
    uint64_t alu_mask[CORE_MAX_GROUPS * 8]; /* lanes issued into the group this cycle */
    uint64_t lsu_until;
    uint8_t *ucls;                     /* per pc: its CORE_UC_* (core_unit_classes) */
    /* scheduling */
    unsigned unit_warps;
    unsigned rr[CORE_MAX_PORTS];
    /* core_order's round robin: port q's pool (units q, q + P, ... below
     * rr_seq_n[q], P = rr_seq_P[q] pools) twice in a row; 0: not built */
    unsigned rr_seq[CORE_MAX_PORTS][2 * CORE_MAX_WARPS];
    unsigned rr_seq_n[CORE_MAX_PORTS], rr_seq_P[CORE_MAX_PORTS];
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
    int refused;           /* core_refuse: the mechanism cannot run the kernel */
    char err[700];
    const char *stall_why; /* core_stall_stack: what filled up, for the deadlock line, */
    uint64_t stall_why_cycle; /* and when it last did */
    char stall_buf[240];      /* core_stall_why's line */
    core_stats st;
    energy_counts en;                  /* access counts (energy.h) */
    /* quiet cycles (core.h; core.c, core_quiet): what the cycle's start
     * saw of the counters a cycle changes (q_sig); under --check the
     * cycles declared quiet [qv_from, qv_until) (qv_until 0: none), with
     * the idle cycles and access counts when they were declared */
    uint64_t q_sig[6];
    uint64_t qv_from, qv_until, qv_idle;
    energy_counts qv_en;
    /* outputs */
    struct vcd_writer *vcd;
    FILE *log;
    const char *trace_dir;
    recorder *rec;                     /* CORE_REC_MAX, allocated with --trace-dir */
};

static inline unsigned popc(uint64_t x) { return bits_popcount(x); }
static inline unsigned ctz(uint64_t x) { return (unsigned)__builtin_ctzll(x); }

/* ------------------------------------------------------- instructions */
/* a load, store or atomic that goes to the load/store unit */
static inline int is_mem(const prog_insn *in)
{
    return (in->unit == PU_LD || in->unit == PU_ST || in->unit == PU_ATOM) &&
           in->space != PS_PARAM;
}

/* 0 ALU, 1 SFU, 2 load/store unit */
static inline int unit_class(const prog_insn *in)
{
    return is_mem(in) ? 2 : in->unit == PU_SFU ? 1 : 0;
}

/* the latency of an instruction's result */
static inline unsigned lat_of(const core *c, const prog_insn *in)
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

/* the instruction at pc ends a run of sequential fetches (or pc is past
 * the program) */
static inline int is_ctl(const prog *p, int pc)
{
    return pc >= (int)p->n || p->ins[pc].unit == PU_BRA || p->ins[pc].unit == PU_EXIT;
}

/* narrow warps' rendezvous of warp-synchronous instructions
 * (core_issue.c): the threads released this cycle run on (as a barrier
 * opens: before core_barriers) */
void core_wsw_open(core *c);
/* 1 if thread slot t is held at that rendezvous (at_bar set, but not at a
 * CTA barrier: counted apart in the VCD's at_wsync and the deadlock and
 * cycle-limit lines) */
static inline int core_held(const core *c, unsigned t) { return c->wsw && c->wsw[t] != -1; }

/* ------------------------------------------------------------ fetch */
static inline void fb_bit(uint64_t *v, unsigned i, int on)
{
    if (on)
        v[i / 64] |= 1ull << (i % 64);
    else
        v[i / 64] &= ~(1ull << (i % 64));
}

/* warp w's barred bit after its live or barrier lanes changed */
static inline void bar_note(core *c, unsigned w)
{
    const int on = c->wlive[w] && !(c->wlive[w] & ~c->wbar[w]);
    /* the test hook (--inject-fault barred@C, fault_kind 10): the first
     * change of a barred bit from cycle C on is skipped */
    if (c->P.fault_kind == 10 && c->cycle >= c->P.fault_cycle && !c->fault_done &&
        on != (int)bits_array_get(c->barred, w)) {
        c->fault_done = 1;
        return;
    }
    fb_bit(c->barred, w, on);
}

/* warp w's contexts: their PC may have moved */
static inline void fb_dirty(core *c, unsigned w)
{
    for (unsigned x = 0; x < c->nctx; x++) {
        fb_bit(c->fdirty, w * c->nctx + x, 1);
        fb_bit(c->fcand, w * c->nctx + x, 1);
    }
}

/* -------------------------------------------------- issue and groups */
/* the thread slot of lane l of a request */
static inline unsigned tid_of(const core *c, const core_req *r, unsigned l)
{
    return r->tid ? r->tid[l] : r->warp * c->WS + l;
}

/* A scalar instruction of a MECH_SCALAR_UNIT mechanism: it goes to the
 * scalar unit, not a SIMD group. */
static inline int on_scalar_unit(const core *c, int pc)
{
    return c->scalar == MECH_SCALAR_UNIT && !c->sinfo.ins_vector[pc] &&
           !is_mem(&c->p->ins[pc]);
}

/* An SFU instruction goes to an SFU group, except on temporal lanes
 * (lanes_per_wave set: TSIMT, STSIMT), where the warp's lane executes it
 * at the SFU's latency: 002's lanes are the only execution units a warp
 * has (tsimt_frontend models no separate SFU). */
static inline int on_sfu(const prog_insn *in, const core_req *r)
{
    return in->unit == PU_SFU && !r->lanes_per_wave;
}

/* the SIMD group (ALU or SFU) a request would take this cycle, -1 none */
static inline int free_group(const core *c, const prog_insn *in, const core_req *r)
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

/* ------------------------------------------------------ readiness */
/* The cycle from which the registers of pc (and barrel processing: the
 * warp's last instruction completes) are ready for warp w: the latest of
 * the scoreboard entries pc reads and writes. */
static inline uint64_t sb_at(const core *c, unsigned w, int pc)
{
    const prog_insn *in = &c->p->ins[pc];
    const uint64_t *row = &c->sb[(size_t)w * c->nregs];
    uint64_t at = c->P.barrel ? c->bar_until[w] : 0;
    for (unsigned j = 0; j < in->nsrc; j++)
        if (row[in->src[j]] > at)
            at = row[in->src[j]];
    for (unsigned j = 0; j < in->ndst; j++)
        if (row[in->dst[j]] > at)
            at = row[in->dst[j]];
    return at;
}

/* The ready set (core_ready_set): warp w's contexts after a buffer's head,
 * its scoreboard row or bar_until changed.  Fills core_sb_ready's cache
 * for the head it computes. */
static inline void core_rdy_update(core *c, unsigned w)
{
    if (!c->rdy_on || w >= c->W)
        return;
    for (unsigned x = 0; x < c->nctx; x++) {
        unsigned i = w * c->nctx + x;
        const fetchbuf *b = &c->fb[i];
        uint64_t at = UINT64_MAX;
        if (b->n && b->pc >= 0 && b->pc < (int)c->p->n) {
            at = b->t[0] + 1;
            if (!c->own_sb) {
                if (c->sbc_pc[w] != b->pc) {
                    c->sbc_pc[w] = b->pc;
                    c->sbc_at[w] = sb_at(c, w, b->pc);
                }
                if (c->sbc_at[w] > at)
                    at = c->sbc_at[w];
            }
        }
        c->rdy_at[i] = at;
        if (at <= c->cycle)
            c->rdy[i / 64] |= 1ull << (i % 64);
        else {
            c->rdy[i / 64] &= ~(1ull << (i % 64));
            if (at != UINT64_MAX) { /* (a bit left set when it is not: wake clears it) */
                c->rdy_wait[i / 64] |= 1ull << (i % 64);
                if (at < c->rdy_next)
                    c->rdy_next = at;
            }
        }
    }
}

/* ------------------------------------------------- between the files */
/* core_cta.c: CTA dispatch, retirement and barriers */
int core_dispatch(core *c);
int core_cta_check(core *c, unsigned k);
void core_barriers(core *c);
/* core_fetch.c: the fetch stage */
void core_fetch(core *c);
/* core_sched.c: issue slots, pools, the two-level scheduler */
unsigned core_dec_ports(const core *c);
/* the ready set: warp w's contexts after their buffers or scoreboard
 * row changed; the waiting contexts whose cycle has come; under --check
 * the set recomputed (NULL or one line) */
void core_rdy_wake(core *c);
const char *core_rdy_check(const core *c);
const char *core_barred_check(const core *c);
const char *core_two_level_init(core *c, unsigned port, unsigned n);
/* core_lsu.c: the LSU's order of one instruction's accesses */
unsigned core_lsu_schedule(core *c, const prog_effect *e, const uint64_t *lanes, unsigned nl,
                           const unsigned *lane_of, unsigned *pos);
/* core_trace.c: one cycle's decisions in the VCD and the --log */
void core_trace_dec(core *c);
void core_log_cycle(core *c);

#endif
