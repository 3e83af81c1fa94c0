/*
 * lane_regfile.c -- banked per-lane register file.  Behaviour, timing and
 * departures from the papers are documented in lane_regfile.h; this file and
 * verilog/lane_regfile.v implement the same decision, written the same way:
 * one combinational `decide` (always @*) and one clock edge (always @posedge).
 */
#include "lane_regfile.h"

#include <string.h>

#include "bits.h"
#include "../vcd/vcd.h"

#define NONE 0xffu /* "no lane" in dec.sel */

lane_regfile_cfg lane_regfile_default_cfg(void)
{
    lane_regfile_cfg c;
    c.lanes = 16;
    c.entries = 512;
    c.width = 32;
    c.regs = 32;
    c.read_ports = 2;
    c.write_ports = 1;
    return c;
}

const char *lane_regfile_cfg_check(const lane_regfile_cfg *cfg)
{
    if (cfg->lanes < 1u || cfg->lanes > LANE_REGFILE_MAX_LANES ||
        (cfg->lanes & (cfg->lanes - 1u)) != 0u)
        return "lane_regfile: lanes must be a power of two in 1..32";
    if (cfg->entries < 2u || cfg->entries > LANE_REGFILE_MAX_ENTRIES)
        return "lane_regfile: entries must be 2..1024";
    if (cfg->width < 1u || cfg->width > 32u)
        return "lane_regfile: width must be 1..32";
    if (cfg->regs < 1u || cfg->regs > cfg->entries)
        return "lane_regfile: regs must be 1..entries";
    if (cfg->read_ports != 2u)
        return "lane_regfile: read_ports must be 2 (the model is 2R1W)";
    if (cfg->write_ports != 1u)
        return "lane_regfile: write_ports must be 1 (the model is 2R1W)";
    return NULL;
}

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

/* One cycle's decision: everything the clock edge needs. */
typedef struct {
    unsigned err_code;
    uint64_t valid;   /* lane_valid */
    uint64_t grant;   /* lanes served this cycle (0 on err) */
    unsigned stall;
    uint64_t done_next;
    uint8_t sel[LANE_REGFILE_MAX_LANES];   /* bank b serves lane sel[b], or NONE */
    uint8_t home[LANE_REGFILE_MAX_LANES];  /* home bank of lane l's thread */
    unsigned row0[LANE_REGFILE_MAX_LANES]; /* lane l's rows for ra0, ra1, wa */
    unsigned row1[LANE_REGFILE_MAX_LANES];
    unsigned roww[LANE_REGFILE_MAX_LANES];
} lane_regfile_dec;

/* Inputs truncated to their port widths, as the RTL sees them. */
static lane_regfile_in port_view(const lane_regfile_cfg *cfg, const lane_regfile_in *in)
{
    lane_regfile_in v;
    unsigned l, tw = lane_regfile_tid_w(cfg), rw = lane_regfile_row_w(cfg);
    memset(&v, 0, sizeof v);
    v.mode = bits_trunc(in->mode, 2);
    v.swizzle = bits_trunc(in->swizzle, 1);
    v.lane_valid = bits_trunc(in->lane_valid, cfg->lanes);
    v.ra0 = bits_trunc(in->ra0, rw);
    v.ra1 = bits_trunc(in->ra1, rw);
    v.wa = bits_trunc(in->wa, rw);
    v.wen = bits_trunc(in->wen, cfg->lanes);
    for (l = 0; l < cfg->lanes; l++) {
        v.tid[l] = bits_trunc(in->tid[l], tw);
        v.wdata[l] = bits_trunc(in->wdata[l], cfg->width);
    }
    return v;
}

static void decide(const lane_regfile_cfg *cfg, const lane_regfile_state *s,
                   const lane_regfile_in *in, lane_regfile_dec *d)
{
    unsigned l, k, b;
    unsigned threads = lane_regfile_threads(cfg);
    unsigned sw = (unsigned)in->swizzle;
    uint64_t valid = in->lane_valid, writers = in->lane_valid & in->wen, pending;
    unsigned bad_tid = 0, bad_wrong = 0, bad_row = 0, bad_dup = 0;
    int slot0 = -1;

    memset(d, 0, sizeof *d);
    memset(d->sel, NONE, sizeof d->sel);
    d->valid = valid;
    for (l = 0; l < cfg->lanes; l++) {
        uint64_t t = in->tid[l];
        unsigned slot = (unsigned)(t >> log2_lanes(cfg));
        d->home[l] = (uint8_t)lane_regfile_home(cfg, t, sw);
        d->row0[l] = lane_regfile_row(cfg, t, in->ra0);
        d->row1[l] = lane_regfile_row(cfg, t, in->ra1);
        d->roww[l] = lane_regfile_row(cfg, t, in->wa);
        if (!bits_get(valid, l))
            continue;
        if (t >= threads)
            bad_tid = 1;
        if (d->home[l] != l)
            bad_wrong = 1;
        if (slot0 < 0)
            slot0 = (int)slot;
        else if ((unsigned)slot0 != slot)
            bad_row = 1;
        for (k = l + 1u; k < cfg->lanes; k++)
            if (bits_get(valid, k) && in->tid[k] == t)
                bad_dup = 1;
    }

    if (in->mode == LRF_MODE_BAD)
        d->err_code = LRF_ERR_BAD_MODE;
    else if (s->done_q != 0u &&
             (in->mode != LRF_MODE_CROSSBAR || sw != s->swz_q || valid != s->req_q))
        d->err_code = LRF_ERR_BUSY_CHANGE;
    else if (bad_tid)
        d->err_code = LRF_ERR_BAD_TID;
    else if ((valid != 0u && (in->ra0 >= cfg->regs || in->ra1 >= cfg->regs)) ||
             (writers != 0u && in->wa >= cfg->regs))
        d->err_code = LRF_ERR_BAD_REG;
    else if (in->mode != LRF_MODE_CROSSBAR && bad_wrong)
        d->err_code = LRF_ERR_WRONG_LANE;
    else if (in->mode == LRF_MODE_SINGLE && bad_row)
        d->err_code = LRF_ERR_ROW_MISMATCH;
    else if (bad_dup)
        d->err_code = LRF_ERR_DUP_TID;
    if (d->err_code != LRF_ERR_NONE) {
        d->stall = s->done_q != 0u;
        d->done_next = s->done_q;
        return;
    }

    /* each bank serves its lowest pending lane */
    pending = valid & ~s->done_q;
    for (b = 0; b < cfg->lanes; b++) {
        for (l = 0; l < cfg->lanes; l++) {
            if (bits_get(pending, l) && d->home[l] == b) {
                d->sel[b] = (uint8_t)l;
                d->grant |= (uint64_t)1 << l;
                break;
            }
        }
    }
    d->stall = (pending & ~d->grant) != 0u;
    d->done_next = d->stall ? (s->done_q | d->grant) : 0u;
}

void lane_regfile_eval(const lane_regfile_cfg *cfg, const lane_regfile_state *s,
                       const lane_regfile_in *in_raw, lane_regfile_out *out)
{
    lane_regfile_in in = port_view(cfg, in_raw);
    lane_regfile_dec d;
    unsigned l;

    decide(cfg, s, &in, &d);
    memset(out, 0, sizeof *out);
    out->err = d.err_code != LRF_ERR_NONE;
    out->err_code = d.err_code;
    out->stall = d.stall;
    out->grant = d.grant;
    out->rvalid = s->rvalid_q;
    for (l = 0; l < cfg->lanes; l++) {
        if (bits_get(s->rvalid_q, l)) {
            out->rdata0[l] = s->rd0_q[s->rsel_q[l]];
            out->rdata1[l] = s->rd1_q[s->rsel_q[l]];
        }
    }
    out->conflicts = s->conflicts_q;
}

void lane_regfile_step(const lane_regfile_cfg *cfg, lane_regfile_state *s,
                       const lane_regfile_in *in_raw)
{
    lane_regfile_in in = port_view(cfg, in_raw);
    lane_regfile_dec d;
    unsigned b;

    decide(cfg, s, &in, &d);
    if (d.err_code != LRF_ERR_NONE)
        return;
    for (b = 0; b < cfg->lanes; b++) {
        unsigned l = d.sel[b];
        if (l == NONE)
            continue;
        /* read-first: the reads see the bank before this edge's write */
        s->rd0_q[b] = s->mem[b][d.row0[l]];
        s->rd1_q[b] = s->mem[b][d.row1[l]];
        if (bits_get(in.wen, l))
            s->mem[b][d.roww[l]] = (uint32_t)in.wdata[l];
        s->rsel_q[l] = (uint8_t)b;
    }
    s->rvalid_q = d.grant;
    s->done_q = d.done_next;
    s->req_q = d.done_next != 0u ? d.valid : 0u;
    s->conflicts_q = (uint32_t)bits_trunc((uint64_t)s->conflicts_q + d.stall, LANE_REGFILE_CNT_W);
    if (d.valid != 0u)
        s->swz_q = (uint8_t)in.swizzle;
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

    visit(ctx, "mode", 2, in->mode, PORT_IN);
    visit(ctx, "swizzle", 1, in->swizzle, PORT_IN);
    visit(ctx, "lane_valid", n, in->lane_valid, PORT_IN);
    for (l = 0; l < n; l++)
        visit(ctx, lane_name[0][l], tw, in->tid[l], PORT_IN);
    visit(ctx, "ra0", rw, in->ra0, PORT_IN);
    visit(ctx, "ra1", rw, in->ra1, PORT_IN);
    visit(ctx, "wa", rw, in->wa, PORT_IN);
    visit(ctx, "wen", n, in->wen, PORT_IN);
    for (l = 0; l < n; l++)
        visit(ctx, lane_name[1][l], w, in->wdata[l], PORT_IN);
    visit(ctx, "err", 1, out->err, PORT_OUT);
    visit(ctx, "err_code", 3, out->err_code, PORT_OUT);
    visit(ctx, "stall", 1, out->stall, PORT_OUT);
    visit(ctx, "grant", n, out->grant, PORT_OUT);
    visit(ctx, "rvalid", n, out->rvalid, PORT_OUT);
    for (l = 0; l < n; l++)
        visit(ctx, lane_name[2][l], w, out->rdata0[l], PORT_OUT);
    for (l = 0; l < n; l++)
        visit(ctx, lane_name[3][l], w, out->rdata1[l], PORT_OUT);
    visit(ctx, "conflicts", LANE_REGFILE_CNT_W, out->conflicts, PORT_OUT);
}

static void trace_port(void *ctx, const char *name, unsigned width, uint64_t value,
                       enum port_dir dir)
{
    (void)dir;
    vcd_sig((vcd_writer *)ctx, name, width, value);
}

void lane_regfile_trace(struct vcd_writer *w, const lane_regfile_cfg *cfg,
                        const lane_regfile_state *s, const lane_regfile_in *in,
                        const lane_regfile_out *out)
{
    unsigned l;
    char name[32];
    lane_regfile_ports(cfg, in, out, trace_port, w);
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
