/* SPDX-License-Identifier: Apache-2.0 */
/*
 * lane_shuffle.c -- 001 Table 1 lane shuffle functions.  Behaviour, choices
 * and departures are documented in lane_shuffle.h; verilog/lane_shuffle.v
 * computes the same map with the same XOR-operand formulation.
 */
#include "lane_shuffle.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "bits.h"
#include "../vcd/vcd.h"

static const struct param_def lane_shuffle_param_defs[] = {
    {"LANES", "lanes", offsetof(lane_shuffle_cfg, lanes), 2, 64, 32, PARAM_POW2},
    {"WARPS", "warps", offsetof(lane_shuffle_cfg, warps), 1, 64, 24, 0},
};

/* lane_shuffle_params, lane_shuffle_default_cfg() and lane_shuffle_cfg_check() */
PARAM_TABLE(lane_shuffle, NULL)

unsigned lane_shuffle_tid_w(const lane_shuffle_cfg *cfg) { return bits_index_width(cfg->lanes); }
unsigned lane_shuffle_wid_w(const lane_shuffle_cfg *cfg) { return bits_index_width(cfg->warps); }

/* The value XORed into tid: all-ones mirrors (n - tid = ~tid on TID_W bits
 * because LANES is a power of two), w or bitrev(w) for the XOR functions. */
static unsigned xor_operand(const lane_shuffle_cfg *cfg, unsigned func, unsigned wid)
{
    unsigned l = lane_shuffle_tid_w(cfg);
    unsigned n = cfg->lanes - 1u;
    unsigned w = wid & n;
    switch (func) {
    case LANE_SHUFFLE_MIRROR_ODD:
        return (wid & 1u) ? n : 0u;
    case LANE_SHUFFLE_MIRROR_HALF:
        return 2u * wid > cfg->warps ? n : 0u;
    case LANE_SHUFFLE_XOR:
        return w;
    case LANE_SHUFFLE_XOR_REV:
        return (unsigned)bits_reverse(w, l);
    default:
        return 0u;
    }
}

unsigned lane_shuffle_map(const lane_shuffle_cfg *cfg, unsigned func, unsigned wid,
                          unsigned tid)
{
    return (tid ^ xor_operand(cfg, func, wid)) & (cfg->lanes - 1u);
}

/* Every function is an involution (tid XOR c, c fixed per warp), so the
 * inverse is the same map applied to the lane. */
unsigned lane_shuffle_inverse(const lane_shuffle_cfg *cfg, unsigned func, unsigned wid,
                              unsigned lane)
{
    return (lane ^ xor_operand(cfg, func, wid)) & (cfg->lanes - 1u);
}

const unsigned char lane_shuffle_rev6[64] = {
    0, 32, 16, 48, 8,  40, 24, 56, 4, 36, 20, 52, 12, 44, 28, 60,
    2, 34, 18, 50, 10, 42, 26, 58, 6, 38, 22, 54, 14, 46, 30, 62,
    1, 33, 17, 49, 9,  41, 25, 57, 5, 37, 21, 53, 13, 45, 29, 61,
    3, 35, 19, 51, 11, 43, 27, 59, 7, 39, 23, 55, 15, 47, 31, 63};

void lane_shuffle_reset(const lane_shuffle_cfg *cfg, lane_shuffle_state *s)
{
    (void)cfg;
    memset(s, 0, sizeof *s);
}

const char *lane_shuffle_check(const lane_shuffle_cfg *cfg, const lane_shuffle_state *s)
{
    (void)cfg;
    return s->none != 0u ? "lane_shuffle: the (empty) state is not zero" : NULL;
}

void lane_shuffle_ports(const lane_shuffle_cfg *cfg, const lane_shuffle_in *in,
                        const lane_shuffle_out *out, port_visit_fn visit, void *ctx)
{
    unsigned tw = lane_shuffle_tid_w(cfg);
    visit(ctx, "in_func", 3, &in->in_func, PORT_IN);
    visit(ctx, "in_wid", lane_shuffle_wid_w(cfg), &in->in_wid, PORT_IN);
    visit(ctx, "in_tid", tw, &in->in_tid, PORT_IN);
    visit(ctx, "in_lane", tw, &in->in_lane, PORT_IN);
    visit(ctx, "lane", tw, &out->lane, PORT_OUT);
    visit(ctx, "inv_tid", tw, &out->inv_tid, PORT_OUT);
    visit(ctx, "err", 1, &out->err, PORT_OUT);
    visit(ctx, "err_code", 2, &out->err_code, PORT_OUT);
    visit(ctx, "act", 3, &out->act, PORT_OUT);
}

void lane_shuffle_trace(struct vcd_writer *w, const lane_shuffle_cfg *cfg,
                        const lane_shuffle_state *s, const lane_shuffle_in *in,
                        const lane_shuffle_out *out)
{
    (void)s;
    lane_shuffle_ports(cfg, in, out, vcd_port, w);
}

const char *lane_shuffle_err_name(unsigned code)
{
    static const char *const names[] = {"NONE", "FUNC", "WID"};
    return code < sizeof names / sizeof names[0] ? names[code] : "?";
}

const char *lane_shuffle_act_name(unsigned act)
{
    static const char *const names[] = {"IDENTITY", "MIRROR_ODD", "MIRROR_HALF", "XOR",
                                        "XOR_REV", "NONE"};
    return act < sizeof names / sizeof names[0] ? names[act] : "?";
}
