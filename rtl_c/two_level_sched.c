/* SPDX-License-Identifier: Apache-2.0 */
/*
 * two_level_sched.c -- two-level round-robin warp scheduler (004 sec.
 * 3.2-3.3).  Behaviour, timing and choices are documented in
 * two_level_sched.h; this file and verilog/two_level_sched.v make the same
 * decision the same way: one combinational evaluation and one clock edge.
 */
#include "two_level_sched.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "bits.h"
#include "../vcd/vcd.h"

static const struct param_def two_level_sched_param_defs[] = {
    {"WARPS", "warps", offsetof(two_level_sched_cfg, warps), 1, 64, 32, 0},
    {"GROUP_SIZE", "group_size", offsetof(two_level_sched_cfg, group_size), 1, 64, 8, 0},
    {"TIMEOUT", "timeout", offsetof(two_level_sched_cfg, timeout), 1, 1048576, 32768, 0},
};

static const char *two_level_sched_rules(const void *p)
{
    const two_level_sched_cfg *cfg = (const two_level_sched_cfg *)p;
    if (cfg->group_size > cfg->warps || cfg->warps % cfg->group_size != 0u)
        return "two_level_sched: parameter GROUP_SIZE (cfg group_size) must divide WARPS "
               "(cfg warps)";
    return NULL;
}

/* two_level_sched_params, two_level_sched_default_cfg() and two_level_sched_cfg_check() */
PARAM_TABLE(two_level_sched, two_level_sched_rules)

unsigned two_level_sched_groups(const two_level_sched_cfg *cfg)
{
    return cfg->warps / cfg->group_size;
}
unsigned two_level_sched_grp_w(const two_level_sched_cfg *cfg)
{
    return bits_index_width(two_level_sched_groups(cfg));
}
unsigned two_level_sched_ptr_w(const two_level_sched_cfg *cfg)
{
    return bits_index_width(cfg->group_size);
}
unsigned two_level_sched_warp_w(const two_level_sched_cfg *cfg)
{
    return bits_index_width(cfg->warps);
}
unsigned two_level_sched_cnt_w(const two_level_sched_cfg *cfg)
{
    return bits_index_width(cfg->timeout);
}
unsigned two_level_sched_state_bits(const two_level_sched_cfg *cfg)
{
    return two_level_sched_grp_w(cfg) + two_level_sched_groups(cfg) * two_level_sched_ptr_w(cfg) +
           two_level_sched_cnt_w(cfg);
}

void two_level_sched_reset(const two_level_sched_cfg *cfg, two_level_sched_state *s)
{
    (void)cfg;
    memset(s, 0, sizeof *s);
}

/* Group g's first ready warp in round-robin order from its pointer: the
 * group-local index, or -1.  Word-wise: the ready warps of the group at or
 * above the pointer, else the lowest ready one (a rotating priority
 * encoder, no loop over the group). */
static int group_pick(const two_level_sched_cfg *cfg, const two_level_sched_state *s,
                      uint64_t ready, unsigned g)
{
    const uint64_t r = bits_field(ready, g * cfg->group_size, cfg->group_size);
    const uint64_t hi = r & ~bits_mask((unsigned)s->ptr_q[g]);
    return r ? (int)bits_ffs(hi ? hi : r) : -1;
}

void two_level_sched_eval(const two_level_sched_cfg *cfg, const two_level_sched_state *s,
                          const two_level_sched_in *in, two_level_sched_out *out)
{
    unsigned G = two_level_sched_groups(cfg), gs = cfg->group_size;
    uint64_t ready = bits_trunc(in->ready, cfg->warps);
    uint64_t stalled = bits_trunc(in->stalled, cfg->warps);
    unsigned top = (unsigned)s->top_q;
    int conflict = (ready & stalled) != 0u;
    int all_stalled = bits_field(stalled, top * gs, gs) == bits_mask(gs);
    int found = 0, from_top = 0, timeout = 0;
    unsigned grp = 0, j = 0;

    out->top = top;
    out->nx_top = s->top_q;
    out->nx_cnt = s->cnt_q;
    out->valid = out->warp = out->rotate = out->nx_grp = out->nx_ptr = 0;
    if (conflict) {
        out->err = 1;
        out->err_code = TWO_LEVEL_SCHED_ERR_CONFLICT;
        out->act = TWO_LEVEL_SCHED_ACT_ERR;
        return;
    }
    out->err = 0;
    out->err_code = TWO_LEVEL_SCHED_ERR_NONE;
    /* the first group, from the top one round the ring, with a ready warp:
     * the group of the lowest ready warp at or above the top group's first
     * warp, else of the lowest ready warp (groups are GROUP_SIZE contiguous
     * warps, so that is the same group order) */
    if (ready != 0u) {
        const uint64_t hi = ready & ~bits_mask(top * gs);
        grp = bits_ffs(hi ? hi : ready) / gs;
        j = (unsigned)group_pick(cfg, s, ready, grp);
        found = 1;
        from_top = grp == top;
    }
    timeout = from_top && s->cnt_q + 1u >= cfg->timeout;
    if (found) {
        out->valid = 1;
        out->warp = (uint64_t)grp * gs + j;
        out->nx_grp = grp;
        out->nx_ptr = j + 1u == gs ? 0u : j + 1u;
    }
    if (all_stalled || timeout) {
        out->rotate = 1;
        out->nx_top = top + 1u == G ? 0u : top + 1u;
        out->nx_cnt = 0;
        out->act = all_stalled ? TWO_LEVEL_SCHED_ACT_ROTATE : TWO_LEVEL_SCHED_ACT_TIMEOUT;
    } else {
        if (from_top)
            out->nx_cnt = s->cnt_q + 1u;
        out->act = !found     ? TWO_LEVEL_SCHED_ACT_IDLE
                   : from_top ? TWO_LEVEL_SCHED_ACT_TOP
                              : TWO_LEVEL_SCHED_ACT_LOWER;
    }
}

void two_level_sched_step(const two_level_sched_cfg *cfg, two_level_sched_state *s,
                          const two_level_sched_in *in, const two_level_sched_out *out)
{
    (void)cfg;
    (void)in;
    if (out->err)
        return;
    if (out->valid)
        s->ptr_q[out->nx_grp] = out->nx_ptr;
    s->top_q = out->nx_top;
    s->cnt_q = out->nx_cnt;
}

const char *two_level_sched_check(const two_level_sched_cfg *cfg,
                                  const two_level_sched_state *s)
{
    static char msg[160];
    unsigned G = two_level_sched_groups(cfg), g;
    if (s->top_q >= G) {
        snprintf(msg, sizeof msg, "two_level_sched: top_q %llu >= groups %u",
                 (unsigned long long)s->top_q, G);
        return msg;
    }
    for (g = 0; g < G; g++)
        if (s->ptr_q[g] >= cfg->group_size) {
            snprintf(msg, sizeof msg, "two_level_sched: ptr_q[%u] %llu >= GROUP_SIZE %u", g,
                     (unsigned long long)s->ptr_q[g], cfg->group_size);
            return msg;
        }
    for (; g < TWO_LEVEL_SCHED_MAX_WARPS; g++)
        if (s->ptr_q[g] != 0u) {
            snprintf(msg, sizeof msg, "two_level_sched: ptr_q[%u] of no group is %llu", g,
                     (unsigned long long)s->ptr_q[g]);
            return msg;
        }
    if (s->cnt_q >= cfg->timeout) {
        snprintf(msg, sizeof msg, "two_level_sched: cnt_q %llu >= TIMEOUT %u",
                 (unsigned long long)s->cnt_q, cfg->timeout);
        return msg;
    }
    return NULL;
}

void two_level_sched_ports(const two_level_sched_cfg *cfg, const two_level_sched_in *in,
                           const two_level_sched_out *out, port_visit_fn visit, void *ctx)
{
    visit(ctx, "ready", cfg->warps, &in->ready, PORT_IN);
    visit(ctx, "stalled", cfg->warps, &in->stalled, PORT_IN);
    visit(ctx, "err", 1, &out->err, PORT_OUT);
    visit(ctx, "err_code", 2, &out->err_code, PORT_OUT);
    visit(ctx, "act", 3, &out->act, PORT_OUT);
    visit(ctx, "valid", 1, &out->valid, PORT_OUT);
    visit(ctx, "warp", two_level_sched_warp_w(cfg), &out->warp, PORT_OUT);
    visit(ctx, "top", two_level_sched_grp_w(cfg), &out->top, PORT_OUT);
    visit(ctx, "rotate", 1, &out->rotate, PORT_OUT);
}

void two_level_sched_trace(struct vcd_writer *w, const two_level_sched_cfg *cfg,
                           const two_level_sched_state *s, const two_level_sched_in *in,
                           const two_level_sched_out *out)
{
    unsigned g;
    char name[24];
    two_level_sched_ports(cfg, in, out, vcd_port, w);
    vcd_scope(w, "state");
    vcd_sig(w, "top_q", two_level_sched_grp_w(cfg), s->top_q);
    vcd_sig(w, "cnt_q", two_level_sched_cnt_w(cfg), s->cnt_q);
    for (g = 0; g < two_level_sched_groups(cfg); g++) {
        snprintf(name, sizeof name, "ptr_q_l%02u", g);
        vcd_sig(w, name, two_level_sched_ptr_w(cfg), s->ptr_q[g]);
    }
    vcd_upscope(w);
}

const char *two_level_sched_err_name(unsigned code)
{
    static const char *const names[] = {"NONE", "CONFLICT"};
    return code < sizeof names / sizeof names[0] ? names[code] : "?";
}

const char *two_level_sched_act_name(unsigned act)
{
    static const char *const names[] = {"IDLE", "TOP", "LOWER", "ROTATE", "TIMEOUT", "ERR"};
    return act < sizeof names / sizeof names[0] ? names[act] : "?";
}
