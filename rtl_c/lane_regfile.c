/* SPDX-License-Identifier: Apache-2.0 */
/*
 * lane_regfile.c -- banked per-lane register file.  Behaviour, timing and
 * departures from the papers are documented in lane_regfile.h; this file and
 * verilog/lane_regfile.v implement the same decision, written the same way:
 * one combinational `decide` (always @*) and one clock edge (always @posedge).
 */
#include "lane_regfile.h"

#include <stddef.h>
#include <string.h>

#include "bits.h"
#include "../vcd/vcd.h"


/* The parameters (port.h): Verilog name, cfg field, min, max, default. */
static const struct param_def lane_regfile_param_defs[] = {
    {"LANES", "lanes", offsetof(lane_regfile_cfg, lanes), 1, LANE_REGFILE_MAX_LANES, 16, PARAM_POW2},
    {"ENTRIES", "entries", offsetof(lane_regfile_cfg, entries), 2, LANE_REGFILE_MAX_ENTRIES, 512, 0},
    {"WIDTH", "width", offsetof(lane_regfile_cfg, width), 1, 32, 32, 0},
    {"REGS", "regs", offsetof(lane_regfile_cfg, regs), 1, LANE_REGFILE_MAX_ENTRIES, 32, 0},
    {"READ_PORTS", "read_ports", offsetof(lane_regfile_cfg, read_ports), 2, 2, 2, 0},
    {"WRITE_PORTS", "write_ports", offsetof(lane_regfile_cfg, write_ports), 1, 1, 1, 0},
    {"SREGS", "sregs", offsetof(lane_regfile_cfg, sregs), 0, LANE_REGFILE_MAX_ENTRIES - 1, 0, 0},
};

static const char *lane_regfile_rules(const void *p)
{
    const lane_regfile_cfg *cfg = (const lane_regfile_cfg *)p;
    if (cfg->regs > cfg->entries)
        return "lane_regfile: parameter REGS (cfg regs) must be at most ENTRIES (cfg entries)";
    if (cfg->regs + cfg->sregs > cfg->entries)
        return "lane_regfile: parameter SREGS (cfg sregs) must be at most ENTRIES - REGS "
               "(cfg entries - regs): one warp's registers fit";
    return NULL;
}

/* lane_regfile_params, lane_regfile_default_cfg() and lane_regfile_cfg_check() */
PARAM_TABLE(lane_regfile, lane_regfile_rules)


unsigned lane_regfile_lane_w(const lane_regfile_cfg *cfg) { return bits_index_width(cfg->lanes); }
unsigned lane_regfile_row_w(const lane_regfile_cfg *cfg) { return bits_index_width(cfg->entries); }
unsigned lane_regfile_tid_w(const lane_regfile_cfg *cfg)
{
    return bits_index_width((uint64_t)cfg->lanes * cfg->entries);
}
/* Groups of LANES slots take LANES * REGS vector rows and SREGS scalar rows
 * (one bank's worth each); the rows left over hold `extra` more slots and
 * their scalar registers, fewer than LANES since a whole group does not fit. */
unsigned lane_regfile_slots(const lane_regfile_cfg *cfg)
{
    const unsigned group = cfg->lanes * cfg->regs + cfg->sregs;
    const unsigned full = cfg->entries / group, rem = cfg->entries - full * group;
    /* (SREGS = 0: full * LANES + rem / REGS = ENTRIES / REGS) */
    return full * cfg->lanes + (rem >= cfg->sregs + cfg->regs ? (rem - cfg->sregs) / cfg->regs : 0u);
}
unsigned lane_regfile_srow(const lane_regfile_cfg *cfg, unsigned slot, uint64_t reg)
{
    const uint64_t r = (uint64_t)lane_regfile_slots(cfg) * cfg->regs +
                       (uint64_t)(slot >> bits_ffs(cfg->lanes)) * cfg->sregs + reg;
    return (unsigned)bits_trunc(r, lane_regfile_row_w(cfg));
}
unsigned lane_regfile_sbank(const lane_regfile_cfg *cfg, unsigned slot)
{
    return slot & (cfg->lanes - 1u);
}
unsigned lane_regfile_threads(const lane_regfile_cfg *cfg)
{
    return cfg->lanes * lane_regfile_slots(cfg);
}

/* log2(LANES): LANES is a power of two */
static unsigned log2_lanes(const lane_regfile_cfg *cfg)
{
    return bits_ffs(cfg->lanes);
}

unsigned lane_regfile_home(const lane_regfile_cfg *cfg, uint64_t tid, unsigned swizzle)
{
    unsigned col = (unsigned)(tid & (cfg->lanes - 1u));
    unsigned odd = (unsigned)((tid >> log2_lanes(cfg)) & 1u);
    if (cfg->lanes >= 2u)
        col ^= swizzle & odd & 1u;
    return col;
}

unsigned lane_regfile_row(const lane_regfile_cfg *cfg, uint64_t tid, uint64_t reg)
{
    uint64_t slot = tid >> log2_lanes(cfg);
    return (unsigned)bits_trunc(slot * cfg->regs + reg, lane_regfile_row_w(cfg));
}

uint64_t lane_regfile_tid_at(const lane_regfile_cfg *cfg, unsigned slot, unsigned lane,
                             unsigned swizzle)
{
    unsigned col = lane;
    if (cfg->lanes >= 2u)
        col ^= swizzle & slot & 1u;
    return ((uint64_t)slot << log2_lanes(cfg)) | col;
}

void lane_regfile_reset(const lane_regfile_cfg *cfg, lane_regfile_state *s)
{
    (void)cfg;
    memset(s, 0, sizeof *s);
}

void lane_regfile_warm_reset(const lane_regfile_cfg *cfg, lane_regfile_state *s)
{
    (void)cfg;
    s->rvalid_q = 0;
    s->done_q = 0;
    s->req_q = 0;
    s->swz_q = 0;
    s->conflicts_q = 0;
    s->s0_q = s->s1_q = s->sb_q = 0;
}

void lane_regfile_clear_used(const lane_regfile_cfg *cfg, lane_regfile_state *s, int lean_only)
{
    unsigned b;
    for (b = 0; !lean_only && b < cfg->lanes; b++)
        memset(s->mem[b], 0, cfg->entries * sizeof s->mem[b][0]);
    if (!lean_only) {
        memset(s->rd0_q, 0, sizeof s->rd0_q);
        memset(s->rd1_q, 0, sizeof s->rd1_q);
        memset(s->rsel_q, 0, sizeof s->rsel_q);
    }
    lane_regfile_warm_reset(cfg, s);
}

/* The read crossbar: lane l shows bank rsel[l]'s read registers (lanes
 * that did not read, and lanes >= LANES, show 0; cleared in 64-byte pieces:
 * one whole-array memset becomes a `rep stos`, slower to start than the
 * stores it replaces). */
static void read_out(const lane_regfile_state *s, lane_regfile_out *out)
{
    unsigned l;
    out->rvalid = s->rvalid_q;
    for (l = 0; l < LANE_REGFILE_MAX_LANES; l += 8u) {
        memset(&out->rdata0[l], 0, 8u * sizeof out->rdata0[0]);
        memset(&out->rdata1[l], 0, 8u * sizeof out->rdata1[0]);
    }
    for (uint64_t v = s->rvalid_q; v != 0u; v &= v - 1u) {
        const unsigned k = bits_ffs(v), b = s->rsel_q[k] & (LANE_REGFILE_MAX_LANES - 1u);
        const unsigned sb = s->sb_q & (LANE_REGFILE_MAX_LANES - 1u);
        out->rdata0[k] = s->rd0_q[s->s0_q ? sb : b]; /* a scalar port: the broadcast */
        out->rdata1[k] = s->rd1_q[s->s1_q ? sb : b];
    }
    out->conflicts = s->conflicts_q;
}

void lane_regfile_eval(const lane_regfile_cfg *cfg, const lane_regfile_state *s,
                       const lane_regfile_in *in, lane_regfile_out *out)
{
    /* An idle cycle (no valid lane, no request in progress, a legal mode):
     * no check can fire (each needs a valid lane, a request in progress or
     * mode 3) and nothing is granted, so the per-lane pass is skipped.  The
     * decision fields step reads with no grant are set as the full pass
     * sets them; the per-lane and scalar rows are read for granted lanes
     * only and are left as they were. */
    if ((in->lane_valid & bits_mask(cfg->lanes)) == 0u && s->done_q == 0u &&
        (in->mode & 3u) != LRF_MODE_BAD) {
        out->err = 0;
        out->err_code = LRF_ERR_NONE;
        out->stall = 0;
        out->grant = 0;
        out->d_done_next = 0;
        out->d_req_next = 0;
        out->d_valid = 0;
        out->d_wen = in->wen & bits_mask(cfg->lanes);
        out->d_swz = (uint8_t)(in->swizzle & 1u);
        out->d_s0 = (uint8_t)(in->ra0_s & 1u);
        out->d_s1 = (uint8_t)(in->ra1_s & 1u);
        out->d_ws = (uint8_t)(in->wa_s & 1u);
        read_out(s, out);
        return;
    }
    /* the inputs as the ports see them (truncated to their widths) */
    const unsigned L = cfg->lanes, log2l = log2_lanes(cfg), R = cfg->regs, SR = cfg->sregs;
    const unsigned slots = lane_regfile_slots(cfg);
    const unsigned last_base = (slots - 1u) * R; /* slot * REGS of the last slot */
    const uint64_t lanes = bits_mask(L), rm = bits_mask(lane_regfile_row_w(cfg));
    const uint64_t tm = bits_mask(lane_regfile_tid_w(cfg)); /* the tid port */
    const unsigned mode = (unsigned)(in->mode & 3u), sw = (unsigned)(in->swizzle & 1u);
    const unsigned swap = L >= 2u ? sw : 0u; /* swizzling needs two lanes */
    const uint64_t valid = in->lane_valid & lanes, wen = in->wen & lanes;
    const uint64_t ra0 = in->ra0 & rm, ra1 = in->ra1 & rm, wa = in->wa & rm;
    const unsigned s0 = (unsigned)(in->ra0_s & 1u), s1 = (unsigned)(in->ra1_s & 1u);
    const unsigned ws = (unsigned)(in->wa_s & 1u);
    const uint64_t wr = valid & wen; /* the writing lanes */
    const uint64_t pending = valid & ~s->done_q;
    uint64_t grant = pending, later = 0, off = 0, v = valid;
    uint64_t bank_lanes[LANE_REGFILE_MAX_LANES]; /* valid lanes homed in each bank (crossbar) */
    unsigned top = 0, err = LRF_ERR_NONE;
    unsigned slot0, l;

    /* the slot of the lowest valid lane: single_decoder's one row */
    slot0 = valid != 0u ? (unsigned)((in->tid[bits_ffs(valid)] & tm) >> log2l) : 0u;

    /* Every lane at once, without a branch: its thread's home bank and slot
     * base row (for an invalid lane too: only valid lanes' flags count, and
     * step reads only granted lanes), and the legality flags: `top`, the
     * highest base row of a valid lane (a thread id is < THREADS, that is its
     * slot < SLOTS, exactly when slot * REGS <= ENTRIES - REGS), and `off`,
     * bits 0..7 not 0 when a valid lane is off its home bank, bits 8 and up
     * not 0 when one is at another slot than the lowest valid lane.  An id <
     * THREADS already fits the port, so masking it is the port's truncation. */
    for (l = 0; l < L; l++, v >>= 1) {
        const uint64_t t = in->tid[l] & tm;
        const unsigned slot = (unsigned)(t >> log2l);
        const unsigned h = (unsigned)(t ^ (slot & swap)) & (L - 1u);
        const unsigned base = slot * R;
        const uint64_t vm = (uint64_t)0 - (v & 1u);
        out->d_home[l] = (uint8_t)h;
        out->d_base[l] = (uint16_t)base;
        top = (base & vm) > top ? base : top;
        off |= vm & (((uint64_t)(slot ^ slot0) << 8) | (h ^ l));
    }
    const unsigned off_home = (unsigned)(off & 0xffu), off_row = (unsigned)(off >> 8);
    /* In single_decoder and per_lane a legal request has every lane at its
     * home bank: all pending lanes are served now and no thread can repeat
     * (off_home != 0 is an error there, so the grant does not matter).  In
     * the crossbar each bank serves its lowest pending lane (`taken`: banks
     * given to a lower pending lane), and `later` are the valid lanes whose
     * bank a lower valid lane also uses, the only lanes that can repeat a
     * lower lane's thread. */
    if (mode == LRF_MODE_CROSSBAR && off_home != 0u) {
        uint64_t taken = 0, vtaken = 0;
        grant = 0;
        /* cleared in 64-byte pieces, which compile to plain stores (one
         * whole-array memset becomes a `rep stos`, slower to start than the
         * stores it replaces) */
        for (l = 0; l < LANE_REGFILE_MAX_LANES; l += 8u)
            memset(&bank_lanes[l], 0, 8u * sizeof bank_lanes[0]);
        for (l = 0; l < L; l++) {
            const unsigned h = out->d_home[l];
            const unsigned vl = (unsigned)(valid >> l) & 1u, p = (unsigned)(pending >> l) & 1u;
            grant |= (uint64_t)(p & ~(unsigned)(taken >> h) & 1u) << l;
            taken |= (uint64_t)p << h;
            later |= (uint64_t)(vl & (unsigned)(vtaken >> h) & 1u) << l;
            vtaken |= (uint64_t)vl << h;
            bank_lanes[h] |= (uint64_t)vl << l;
        }
    }

    if (mode == LRF_MODE_BAD)
        err = LRF_ERR_BAD_MODE;
    else if (s->done_q != 0u &&
             (mode != LRF_MODE_CROSSBAR || sw != s->swz_q || valid != s->req_q))
        err = LRF_ERR_BUSY_CHANGE;
    else if (top > last_base)
        err = LRF_ERR_BAD_TID;
    else if ((valid != 0u && (ra0 >= (s0 ? SR : R) || ra1 >= (s1 ? SR : R))) ||
             (wr != 0u && wa >= (ws ? SR : R)))
        err = LRF_ERR_BAD_REG;
    else if (mode != LRF_MODE_CROSSBAR && off_home != 0u)
        err = LRF_ERR_WRONG_LANE;
    else if (mode == LRF_MODE_SINGLE && off_row != 0u)
        err = LRF_ERR_ROW_MISMATCH;
    else if (later != 0u) {
        /* DUP_TID: one thread in two valid lanes.  Equal ids share a home
         * bank, so only a lane whose bank a lower valid lane uses can repeat
         * a lower lane's id (none when home == lane, the other two modes,
         * and `later` is then 0): compare it with those lanes. */
        uint64_t x, y;
        unsigned dup = 0;
        for (x = later; x != 0u; x &= x - 1u) {
            const unsigned k = bits_ffs(x);
            for (y = bank_lanes[out->d_home[k]] & bits_mask(k); y != 0u; y &= y - 1u)
                dup |= ((in->tid[bits_ffs(y)] ^ in->tid[k]) & tm) == 0u;
        }
        if (dup)
            err = LRF_ERR_DUP_TID;
    }
    if (err == LRF_ERR_NONE && off_row != 0u &&
        ((valid != 0u && (s0 | s1)) || (wr != 0u && ws)))
        err = LRF_ERR_SCALAR_WARP;
    else if (err == LRF_ERR_NONE && ws && (wr & (wr - 1u)) != 0u)
        err = LRF_ERR_SCALAR_WRITE;

    out->err = err != LRF_ERR_NONE;
    out->err_code = err;
    if (err != LRF_ERR_NONE) {
        out->stall = s->done_q != 0u;
        out->grant = 0;
    } else {
        const unsigned stall = (pending & ~grant) != 0u;
        out->grant = grant;
        out->stall = stall;
        out->d_done_next = stall ? (s->done_q | grant) : 0u;
        out->d_req_next = stall ? valid : 0u;
        out->d_valid = valid;
        out->d_wen = wen;
        out->d_ra0 = (uint16_t)ra0;
        out->d_ra1 = (uint16_t)ra1;
        out->d_wa = (uint16_t)wa;
        out->d_swz = (uint8_t)sw;
        /* the scalar ports: the warp of the valid lanes (slot0) */
        out->d_s0 = (uint8_t)s0;
        out->d_s1 = (uint8_t)s1;
        out->d_ws = (uint8_t)ws;
        /* lane_regfile_srow(cfg, slot0, r) for each operand, the base once */
        const uint64_t sbase = (uint64_t)slots * R + (uint64_t)(slot0 >> log2l) * SR;
        out->d_sbank = (uint8_t)lane_regfile_sbank(cfg, slot0);
        out->d_srow0 = (uint16_t)((sbase + ra0) & rm);
        out->d_srow1 = (uint16_t)((sbase + ra1) & rm);
        out->d_sroww = (uint16_t)((sbase + wa) & rm);
    }
    read_out(s, out);
}

/* the edge's control registers (step and step_lean): the grant read
 * next cycle, the request in progress, the conflict count, the swizzle */
static void latch_control(lane_regfile_state *s, const lane_regfile_out *out)
{
    s->rvalid_q = out->grant;
    s->done_q = out->d_done_next;
    s->req_q = out->d_req_next;
    s->conflicts_q = (uint32_t)bits_trunc((uint64_t)s->conflicts_q + out->stall, LANE_REGFILE_CNT_W);
    if (out->d_valid != 0u)
        s->swz_q = out->d_swz;
}

void lane_regfile_step(const lane_regfile_cfg *cfg, lane_regfile_state *s,
                       const lane_regfile_in *in, const lane_regfile_out *out)
{
    const uint32_t wm = (uint32_t)bits_mask(cfg->width);
    uint64_t g;
    if (out->err) /* rejected: every state bit as it was */
        return;
    /* the scalar reads first (read-first: before any write of this edge),
     * once, in the warp's scalar bank */
    if (out->grant != 0u) {
        const unsigned sb = out->d_sbank;
        if (out->d_s0)
            s->rd0_q[sb] = s->mem[sb][out->d_srow0];
        if (out->d_s1)
            s->rd1_q[sb] = s->mem[sb][out->d_srow1];
        s->s0_q = out->d_s0;
        s->s1_q = out->d_s1;
        s->sb_q = (uint8_t)sb;
    }
    /* the granted lanes, each at its home bank: read-first, the reads see
     * the bank before this edge's write.  No error means every granted
     * thread's rows are below SLOTS * REGS, so base + register needs no
     * truncation; a lane that does not write stores the row's own value
     * back (wa may then be a don't-care, still a row of the bank). */
    for (g = out->grant; g != 0u; g &= g - 1u) {
        const unsigned l = bits_ffs(g), b = out->d_home[l], base = out->d_base[l];
        const unsigned row_w = (base + out->d_wa) & (LANE_REGFILE_MAX_ENTRIES - 1u);
        const uint32_t keep = (uint32_t)0 - (uint32_t)((~out->d_wen >> l) & 1u);
        if (!out->d_s0)
            s->rd0_q[b] = s->mem[b][(base + out->d_ra0) & (LANE_REGFILE_MAX_ENTRIES - 1u)];
        if (!out->d_s1)
            s->rd1_q[b] = s->mem[b][(base + out->d_ra1) & (LANE_REGFILE_MAX_ENTRIES - 1u)];
        if (!out->d_ws) {
            const uint32_t old = s->mem[b][row_w];
            s->mem[b][row_w] = (old & keep) | ((uint32_t)in->wdata[l] & wm & ~keep);
        } else if ((out->d_wen >> l) & 1u) { /* the one writer: the warp's scalar register */
            s->mem[out->d_sbank][out->d_sroww] = (uint32_t)in->wdata[l] & wm;
        }
        s->rsel_q[l] = (uint8_t)b;
    }
    latch_control(s, out);
}

/* The timing alone (lane_regfile.h, "Timing only"): the full decision's
 * grant, stall and d_* fields without the legality checks and without the
 * data (no read crossbar, no bank access).  Legal input has every valid
 * lane at its home bank but in the crossbar, so only the crossbar needs the
 * homes: each bank serves its lowest pending lane, as decide's grant pass. */
void lane_regfile_eval_lean(const lane_regfile_cfg *cfg, const lane_regfile_state *s,
                            const lane_regfile_in *in, lane_regfile_out *out)
{
    const unsigned L = cfg->lanes, log2l = log2_lanes(cfg);
    const uint64_t lanes = bits_mask(L), tm = bits_mask(lane_regfile_tid_w(cfg));
    const uint64_t rm = bits_mask(lane_regfile_row_w(cfg));
    const uint64_t valid = in->lane_valid & lanes, pending = valid & ~s->done_q;
    const unsigned sw = (unsigned)(in->swizzle & 1u), swap = L >= 2u ? sw : 0u;
    uint64_t grant = pending;
    unsigned slot0 = 0;
    if (valid != 0u)
        slot0 = (unsigned)((in->tid[bits_ffs(valid)] & tm) >> log2l);
    if ((in->mode & 3u) == LRF_MODE_CROSSBAR && pending != 0u) {
        uint64_t taken = 0;
        grant = 0;
        for (uint64_t p = pending; p != 0u; p &= p - 1u) {
            const unsigned l = bits_ffs(p);
            const uint64_t t = in->tid[l] & tm;
            const unsigned h = (unsigned)(t ^ ((t >> log2l) & swap)) & (L - 1u);
            grant |= (uint64_t)(~(unsigned)(taken >> h) & 1u) << l;
            taken |= (uint64_t)1 << h;
        }
    }
    const unsigned stall = (pending & ~grant) != 0u;
    out->err = 0;
    out->err_code = LRF_ERR_NONE;
    out->grant = grant;
    out->stall = stall;
    out->rvalid = s->rvalid_q;
    out->conflicts = s->conflicts_q;
    out->d_done_next = stall ? (s->done_q | grant) : 0u;
    out->d_req_next = stall ? valid : 0u;
    out->d_valid = valid;
    out->d_wen = in->wen & lanes;
    out->d_ra0 = (uint16_t)(in->ra0 & rm);
    out->d_ra1 = (uint16_t)(in->ra1 & rm);
    out->d_wa = (uint16_t)(in->wa & rm);
    out->d_swz = (uint8_t)sw;
    out->d_s0 = (uint8_t)(in->ra0_s & 1u);
    out->d_s1 = (uint8_t)(in->ra1_s & 1u);
    out->d_ws = (uint8_t)(in->wa_s & 1u);
    out->d_sbank = (uint8_t)lane_regfile_sbank(cfg, slot0);
}

void lane_regfile_step_lean(const lane_regfile_cfg *cfg, lane_regfile_state *s,
                            const lane_regfile_out *out)
{
    (void)cfg;
    if (out->err)
        return;
    if (out->grant != 0u) {
        s->s0_q = out->d_s0;
        s->s1_q = out->d_s1;
        s->sb_q = out->d_sbank;
    }
    latch_control(s, out);
}

int lane_regfile_lean_same(const lane_regfile_out *a, const lane_regfile_out *b)
{
    if (a->err != b->err || a->err_code != b->err_code || a->stall != b->stall ||
        a->grant != b->grant || a->rvalid != b->rvalid || a->conflicts != b->conflicts)
        return 0;
    if (a->err)
        return 1;
    /* the decision step reads: the valid request's, the scalar bank's with
     * a grant (every field set in both when err is 0) */
    return a->d_done_next == b->d_done_next && a->d_req_next == b->d_req_next &&
           a->d_valid == b->d_valid && a->d_wen == b->d_wen && a->d_swz == b->d_swz &&
           a->d_s0 == b->d_s0 && a->d_s1 == b->d_s1 && a->d_ws == b->d_ws &&
           (!a->grant || a->d_sbank == b->d_sbank);
}

int lane_regfile_lean_state_same(const lane_regfile_state *a, const lane_regfile_state *b)
{
    return a->rvalid_q == b->rvalid_q && a->done_q == b->done_q && a->req_q == b->req_q &&
           a->swz_q == b->swz_q && a->conflicts_q == b->conflicts_q && a->s0_q == b->s0_q &&
           a->s1_q == b->s1_q && a->sb_q == b->sb_q;
}

const char *lane_regfile_check(const lane_regfile_cfg *cfg, const lane_regfile_state *s)
{
    static char msg[160];
    uint64_t lanes = bits_mask(cfg->lanes);
    const unsigned slots = lane_regfile_slots(cfg), used = slots * cfg->regs;
    unsigned b, r;

    if (!bits_subset(s->rvalid_q, lanes) || !bits_subset(s->done_q, lanes) ||
        !bits_subset(s->req_q, lanes)) {
        snprintf(msg, sizeof msg, "rvalid %llx, done %llx or req %llx beyond LANES",
                 (unsigned long long)s->rvalid_q, (unsigned long long)s->done_q,
                 (unsigned long long)s->req_q);
        return msg;
    }
    if (!bits_subset(s->done_q, s->req_q) || (s->done_q == 0u) != (s->req_q == 0u)) {
        snprintf(msg, sizeof msg, "done %llx not within the request's lanes %llx",
                 (unsigned long long)s->done_q, (unsigned long long)s->req_q);
        return msg;
    }
    if (s->swz_q > 1u || s->s0_q > 1u || s->s1_q > 1u)
        return "swz, s0 or s1 is not a bit";
    if (s->sb_q >= cfg->lanes)
        return "sb beyond LANES";
    for (b = 0; b < cfg->lanes; b++) {
        if (s->rsel_q[b] >= cfg->lanes) {
            snprintf(msg, sizeof msg, "lane %u: rsel %u beyond LANES", b, s->rsel_q[b]);
            return msg;
        }
        if (!bits_subset(s->rd0_q[b], bits_mask(cfg->width)) ||
            !bits_subset(s->rd1_q[b], bits_mask(cfg->width))) {
            snprintf(msg, sizeof msg, "bank %u: read register beyond WIDTH", b);
            return msg;
        }
        /* the scalar rows of bank b: SREGS for each slot w < SLOTS with
         * w mod LANES == b; the rows from `end` on are unused */
        const unsigned nw = slots / cfg->lanes + (b < slots % cfg->lanes);
        const unsigned end = used + nw * cfg->sregs < cfg->entries ? used + nw * cfg->sregs
                                                                    : cfg->entries;
        /* the rows in use: each within WIDTH, a property every row has when
         * WIDTH = 32 (uint32_t), so they are read only when WIDTH < 32; the
         * unused rows: 0, which is within WIDTH too.  The same rows are
         * reported, in the same order, as by one loop over every row with
         * both tests: the check is the per-cycle cost of build/simt --mech
         * dwf under --check (docs/bench.md, "The invariant checks' cost") */
        const uint32_t beyond = (uint32_t)~bits_mask(cfg->width);
        for (r = 0; beyond && r < end; r++)
            if (s->mem[b][r] & beyond) {
                snprintf(msg, sizeof msg, "bank %u row %u: %x beyond WIDTH", b, r,
                         (unsigned)s->mem[b][r]);
                return msg;
            }
        for (r = end; r < cfg->entries; r++)
            if (s->mem[b][r] != 0u) {
                if (s->mem[b][r] & beyond)
                    snprintf(msg, sizeof msg, "bank %u row %u: %x beyond WIDTH", b, r,
                             (unsigned)s->mem[b][r]);
                else
                    snprintf(msg, sizeof msg, "bank %u row %u: unused row (>= %u) written", b,
                             r, used + nw * cfg->sregs);
                return msg;
            }
    }
    return NULL;
}

static const char *const lane_name[4][LANE_REGFILE_MAX_LANES] = {
#define LRF_NAMES(p)                                                                       \
    {p "_l00", p "_l01", p "_l02", p "_l03", p "_l04", p "_l05", p "_l06", p "_l07",       \
     p "_l08", p "_l09", p "_l10", p "_l11", p "_l12", p "_l13", p "_l14", p "_l15",       \
     p "_l16", p "_l17", p "_l18", p "_l19", p "_l20", p "_l21", p "_l22", p "_l23",       \
     p "_l24", p "_l25", p "_l26", p "_l27", p "_l28", p "_l29", p "_l30", p "_l31"}
    LRF_NAMES("tid"), LRF_NAMES("wdata"), LRF_NAMES("rdata0"), LRF_NAMES("rdata1")
#undef LRF_NAMES
};

void lane_regfile_ports(const lane_regfile_cfg *cfg, const lane_regfile_in *in,
                        const lane_regfile_out *out, port_visit_fn visit, void *ctx)
{
    unsigned l, n = cfg->lanes, tw = lane_regfile_tid_w(cfg), rw = lane_regfile_row_w(cfg);
    unsigned w = cfg->width;

    visit(ctx, "mode", 2, &in->mode, PORT_IN);
    visit(ctx, "swizzle", 1, &in->swizzle, PORT_IN);
    visit(ctx, "lane_valid", n, &in->lane_valid, PORT_IN);
    for (l = 0; l < n; l++)
        visit(ctx, lane_name[0][l], tw, &in->tid[l], PORT_IN);
    visit(ctx, "ra0", rw, &in->ra0, PORT_IN);
    visit(ctx, "ra1", rw, &in->ra1, PORT_IN);
    visit(ctx, "wa", rw, &in->wa, PORT_IN);
    visit(ctx, "ra0_s", 1, &in->ra0_s, PORT_IN);
    visit(ctx, "ra1_s", 1, &in->ra1_s, PORT_IN);
    visit(ctx, "wa_s", 1, &in->wa_s, PORT_IN);
    visit(ctx, "wen", n, &in->wen, PORT_IN);
    for (l = 0; l < n; l++)
        visit(ctx, lane_name[1][l], w, &in->wdata[l], PORT_IN);
    visit(ctx, "err", 1, &out->err, PORT_OUT);
    visit(ctx, "err_code", LANE_REGFILE_ERR_W, &out->err_code, PORT_OUT);
    visit(ctx, "stall", 1, &out->stall, PORT_OUT);
    visit(ctx, "grant", n, &out->grant, PORT_OUT);
    visit(ctx, "rvalid", n, &out->rvalid, PORT_OUT);
    for (l = 0; l < n; l++)
        visit(ctx, lane_name[2][l], w, &out->rdata0[l], PORT_OUT);
    for (l = 0; l < n; l++)
        visit(ctx, lane_name[3][l], w, &out->rdata1[l], PORT_OUT);
    visit(ctx, "conflicts", LANE_REGFILE_CNT_W, &out->conflicts, PORT_OUT);
}

void lane_regfile_trace(struct vcd_writer *w, const lane_regfile_cfg *cfg,
                        const lane_regfile_state *s, const lane_regfile_in *in,
                        const lane_regfile_out *out)
{
    unsigned l;
    char name[32];
    lane_regfile_ports(cfg, in, out, vcd_port, w);
    vcd_scope(w, "state");
    vcd_sig(w, "done", cfg->lanes, s->done_q);
    vcd_sig(w, "req", cfg->lanes, s->req_q);
    vcd_sig(w, "rvalid", cfg->lanes, s->rvalid_q);
    vcd_sig(w, "swz", 1, s->swz_q);
    vcd_sig(w, "conflicts", LANE_REGFILE_CNT_W, s->conflicts_q);
    vcd_sig(w, "s0", 1, s->s0_q);
    vcd_sig(w, "s1", 1, s->s1_q);
    vcd_sig(w, "sb", lane_regfile_lane_w(cfg), s->sb_q);
    for (l = 0; l < cfg->lanes; l++) {
        snprintf(name, sizeof name, "rsel_l%02u", l);
        vcd_sig(w, name, lane_regfile_lane_w(cfg), s->rsel_q[l]);
    }
    for (l = 0; l < cfg->lanes; l++) {
        snprintf(name, sizeof name, "b%02u_row0", l);
        vcd_sig(w, name, cfg->width, s->mem[l][0]);
    }
    vcd_upscope(w);
}

const char *lane_regfile_err_name(unsigned code)
{
    static const char *const names[] = {"NONE",    "BAD_MODE",   "BUSY_CHANGE",  "BAD_TID",
                                        "BAD_REG", "WRONG_LANE", "ROW_MISMATCH", "DUP_TID",
                                        "SCALAR_WARP", "SCALAR_WRITE"};
    return code < sizeof names / sizeof names[0] ? names[code] : "?";
}

const char *lane_regfile_mode_name(unsigned mode)
{
    static const char *const names[] = {"SINGLE_DECODER", "PER_LANE", "CROSSBAR", "BAD"};
    return mode < sizeof names / sizeof names[0] ? names[mode] : "?";
}
