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
};

static const char *lane_regfile_rules(const void *p)
{
    const lane_regfile_cfg *cfg = (const lane_regfile_cfg *)p;
    if (cfg->regs > cfg->entries)
        return "lane_regfile: parameter REGS (cfg regs) must be at most ENTRIES (cfg entries)";
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
unsigned lane_regfile_slots(const lane_regfile_cfg *cfg) { return cfg->entries / cfg->regs; }
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
}

void lane_regfile_eval(const lane_regfile_cfg *cfg, const lane_regfile_state *s,
                       const lane_regfile_in *in, lane_regfile_out *out)
{
    /* the inputs as the ports see them (truncated to their widths) */
    const unsigned L = cfg->lanes, log2l = log2_lanes(cfg), threads = lane_regfile_threads(cfg);
    const uint64_t lanes = bits_mask(L), rm = bits_mask(lane_regfile_row_w(cfg));
    const unsigned mode = (unsigned)(in->mode & 3u), sw = (unsigned)(in->swizzle & 1u);
    const uint64_t valid = in->lane_valid & lanes, wen = in->wen & lanes;
    const uint64_t ra0 = in->ra0 & rm, ra1 = in->ra1 & rm, wa = in->wa & rm;
    uint64_t tm = 0; /* the tid port's mask, needed only for ids >= THREADS */
    unsigned first = 1;
    uint64_t bank_lanes[LANE_REGFILE_MAX_LANES], taken = 0, grant = 0, pending;
    unsigned bad_tid = 0, bad_wrong = 0, bad_row = 0, bad_dup = 0, err = LRF_ERR_NONE;
    unsigned slot0 = 0, l;
    uint64_t tid[LANE_REGFILE_MAX_LANES];

    /* per valid lane: its thread's home bank and rows (a lane that is not
     * valid is never read); duplicates can only share a home bank */
    for (l = 0; l < L; l++)
        bank_lanes[l] = 0;
    for (l = 0; l < L; l++) {
        uint64_t t, same;
        unsigned slot, h, k;
        if (!((valid >> l) & 1u))
            continue;
        t = in->tid[l];
        if (t >= threads) {
            if (tm == 0u)
                tm = bits_mask(lane_regfile_tid_w(cfg));
            t &= tm;
        }
        slot = (unsigned)(t >> log2l);
        h = (unsigned)(t & (L - 1u));
        if (L >= 2u)
            h ^= sw & slot & 1u;
        tid[l] = t;
        out->d_home[l] = (uint8_t)h;
        out->d_row0[l] = (uint16_t)((slot * cfg->regs + ra0) & rm);
        out->d_row1[l] = (uint16_t)((slot * cfg->regs + ra1) & rm);
        out->d_roww[l] = (uint16_t)((slot * cfg->regs + wa) & rm);
        bad_tid |= t >= threads;
        bad_wrong |= h != l;
        if (first) /* the lowest valid lane */
            slot0 = slot;
        else
            bad_row |= slot != slot0;
        first = 0;
        for (same = bank_lanes[h], k = 0; same != 0u; same >>= 1, k++)
            bad_dup |= (same & 1u) && tid[k] == t;
        bank_lanes[h] |= (uint64_t)1 << l;
    }

    if (mode == LRF_MODE_BAD)
        err = LRF_ERR_BAD_MODE;
    else if (s->done_q != 0u &&
             (mode != LRF_MODE_CROSSBAR || sw != s->swz_q || valid != s->req_q))
        err = LRF_ERR_BUSY_CHANGE;
    else if (bad_tid)
        err = LRF_ERR_BAD_TID;
    else if ((valid != 0u && (ra0 >= cfg->regs || ra1 >= cfg->regs)) ||
             ((valid & wen) != 0u && wa >= cfg->regs))
        err = LRF_ERR_BAD_REG;
    else if (mode != LRF_MODE_CROSSBAR && bad_wrong)
        err = LRF_ERR_WRONG_LANE;
    else if (mode == LRF_MODE_SINGLE && bad_row)
        err = LRF_ERR_ROW_MISMATCH;
    else if (bad_dup)
        err = LRF_ERR_DUP_TID;

    out->err = err != LRF_ERR_NONE;
    out->err_code = err;
    if (err != LRF_ERR_NONE) {
        out->stall = s->done_q != 0u;
        out->grant = 0;
    } else {
        /* each bank serves its lowest pending lane */
        pending = valid & ~s->done_q;
        for (l = 0; l < L; l++) {
            if (((pending >> l) & 1u) && !((taken >> out->d_home[l]) & 1u)) {
                taken |= (uint64_t)1 << out->d_home[l];
                grant |= (uint64_t)1 << l;
            }
        }
        out->grant = grant;
        out->stall = (pending & ~grant) != 0u;
        out->d_done_next = out->stall ? (s->done_q | grant) : 0u;
        out->d_req_next = out->stall ? valid : 0u;
        out->d_valid = valid;
        out->d_wen = wen;
        out->d_swz = (uint8_t)sw;
    }
    out->rvalid = s->rvalid_q;
    for (l = 0; l < L; l++) {
        if ((s->rvalid_q >> l) & 1u) {
            out->rdata0[l] = s->rd0_q[s->rsel_q[l]];
            out->rdata1[l] = s->rd1_q[s->rsel_q[l]];
        } else {
            out->rdata0[l] = out->rdata1[l] = 0;
        }
    }
    if (L < LANE_REGFILE_MAX_LANES) { /* no such lanes: 0 */
        memset(&out->rdata0[L], 0, (LANE_REGFILE_MAX_LANES - L) * sizeof out->rdata0[0]);
        memset(&out->rdata1[L], 0, (LANE_REGFILE_MAX_LANES - L) * sizeof out->rdata1[0]);
    }
    out->conflicts = s->conflicts_q;
}

void lane_regfile_step(const lane_regfile_cfg *cfg, lane_regfile_state *s,
                       const lane_regfile_in *in, const lane_regfile_out *out)
{
    uint64_t g;
    unsigned l;
    if (out->err) /* rejected: every state bit as it was */
        return;
    /* the granted lanes, each at its home bank: read-first, the reads see
     * the bank before this edge's write */
    for (g = out->grant, l = 0; g != 0u; g >>= 1, l++) {
        unsigned b;
        if (!(g & 1u))
            continue;
        b = out->d_home[l];
        s->rd0_q[b] = s->mem[b][out->d_row0[l]];
        s->rd1_q[b] = s->mem[b][out->d_row1[l]];
        if ((out->d_wen >> l) & 1u)
            s->mem[b][out->d_roww[l]] = (uint32_t)bits_trunc(in->wdata[l], cfg->width);
        s->rsel_q[l] = (uint8_t)b;
    }
    s->rvalid_q = out->grant;
    s->done_q = out->d_done_next;
    s->req_q = out->d_req_next;
    s->conflicts_q = (uint32_t)bits_trunc((uint64_t)s->conflicts_q + out->stall, LANE_REGFILE_CNT_W);
    if (out->d_valid != 0u)
        s->swz_q = out->d_swz;
}

const char *lane_regfile_check(const lane_regfile_cfg *cfg, const lane_regfile_state *s)
{
    static char msg[160];
    uint64_t lanes = bits_mask(cfg->lanes);
    unsigned b, r, used = lane_regfile_slots(cfg) * cfg->regs;

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
    if (s->swz_q > 1u)
        return "swz is not a bit";
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
        for (r = 0; r < cfg->entries; r++) {
            if (!bits_subset(s->mem[b][r], bits_mask(cfg->width))) {
                snprintf(msg, sizeof msg, "bank %u row %u: %x beyond WIDTH", b, r,
                         (unsigned)s->mem[b][r]);
                return msg;
            }
            if (r >= used && s->mem[b][r] != 0u) {
                snprintf(msg, sizeof msg, "bank %u row %u: unused row (>= %u) written", b, r,
                         used);
                return msg;
            }
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
    visit(ctx, "wen", n, &in->wen, PORT_IN);
    for (l = 0; l < n; l++)
        visit(ctx, lane_name[1][l], w, &in->wdata[l], PORT_IN);
    visit(ctx, "err", 1, &out->err, PORT_OUT);
    visit(ctx, "err_code", 3, &out->err_code, PORT_OUT);
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
                                        "BAD_REG", "WRONG_LANE", "ROW_MISMATCH", "DUP_TID"};
    return code < sizeof names / sizeof names[0] ? names[code] : "?";
}

const char *lane_regfile_mode_name(unsigned mode)
{
    static const char *const names[] = {"SINGLE_DECODER", "PER_LANE", "CROSSBAR", "BAD"};
    return mode < sizeof names / sizeof names[0] ? names[mode] : "?";
}
