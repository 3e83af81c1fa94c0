/* SPDX-License-Identifier: Apache-2.0 */
/*
 * core_cfg.c -- the SM core's configuration keys (core.h): one table gives
 * the preset files (tb/simt/configs/NAME.cfg), --set KEY=VALUE, the per-key
 * flags and --help's key list.
 */
#include "core.h"

#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const w_sched[] = {"rr", "two-level", "oldest", NULL};
static const char *const w_onoff[] = {"off", "on", NULL};
static const char *const w_layout[] = {"given", "tf", "scramble", "scramble_tf", NULL};
static const char *const w_regfile[] = {"per_lane", "crossbar", NULL};
static const char *const w_policy[] = {"dmaj", "dmin", "dtime", "dpc", "dpdpri", NULL};
/* lane_shuffle's functions, in its order (001 Table 1) */
static const char *const w_shuffle[] = {"identity", "mirrorodd", "mirrorhalf", "xor", "xorrev",
                                        NULL};

#define K(name, lo, hi, words, help) {#name, offsetof(core_cfg, name), lo, hi, words, help}
const core_key core_keys[] = {
    K(warp_size, 2, 64, NULL, "threads per warp (a power of two)"),
    K(simd_width, 0, 64, NULL, "lanes per SIMD group; a wider warp goes through in waves (0: warp_size)"),
    K(schedulers, 1, CORE_MAX_PORTS, NULL, "issue ports (warp schedulers) per cycle"),
    K(alu_groups, 0, CORE_MAX_GROUPS, NULL, "ALU SIMD groups (0: one per scheduler)"),
    K(sfu_groups, 1, CORE_MAX_GROUPS, NULL, "SFU SIMD groups"),
    K(fetch_width, 0, 8, NULL, "instructions fetched per cycle (0: one per scheduler)"),
    K(ibuf, 1, 8, NULL, "instruction buffer entries per warp (context)"),
    K(barrel, 0, 1, w_onoff, "barrel processing: a warp waits for its last instruction to complete"),
    K(max_threads, 1, 65536, NULL, "threads an SM holds"),
    K(max_warps, 1, CORE_MAX_WARPS, NULL, "warps an SM holds"),
    K(max_ctas, 1, 64, NULL, "CTAs an SM holds"),
    K(shared_bytes, 0, 1u << 24, NULL, "shared memory per SM, bytes"),
    K(rf_regs, 0, 1u << 20, NULL, "32-bit registers per SM, from the allocation (0: no limit)"),
    K(alu_lat, 1, 1000, NULL, "cycles from issue to a usable ALU result"),
    K(sfu_lat, 1, 1000, NULL, "cycles from issue to a usable SFU result"),
    K(mem_lat, 1, 10000, NULL, "cycles from the first segment to a usable global load"),
    K(shared_lat, 1, 1000, NULL, "cycles from issue to a usable shared load"),
    K(seg_bytes, 4, 4096, NULL, "coalescing segment of the load/store unit, bytes"),
    K(banks, 1, 64, NULL, "shared memory banks"),
    K(bank_bytes, 1, 16, NULL, "bytes per bank word"),
    K(sched, 0, 2, w_sched, "warp order: rr, two-level (004), oldest (001)"),
    K(group_size, 0, CORE_MAX_WARPS, NULL, "two-level fetch group, warps (0: a quarter of the warps)"),
    K(timeout, 0, 1u << 20, NULL, "two-level timeout, instructions (0: two_level_sched's default)"),
    K(spe_depth, 1, 32, NULL, "simt_stack entries per warp"),
    K(stack_merge, 0, 1, w_onoff, "simt_stack/lwm_subwarp merge on push, dpe_stack compaction (MERGE)"),
    K(dpe_depth, 1, 32, NULL, "dpe_stack entries per warp"),
    K(sb_entries, 1, 16, NULL, "dpe shadow scoreboard entries per warp and path"),
    K(cct, 2, 256, NULL, "sbi CCT entries"),
    K(lut_entries, 4, 128, NULL, "dwf PC-warp LUT entries (a power of two)"),
    K(maj, 2, 32, NULL, "dwf majority table entries"),
    K(sched_bits, 1, 16, NULL, "dwf scheduler data bits"),
    K(policy, 0, 4, w_policy, "dwf issue heuristic"),
    K(swizzle, 0, 1, w_onoff, "dwf thread swizzling"),
    K(regfile, 0, 1, w_regfile, "dwf register file"),
    K(tsimt_width, 1, 8, NULL, "stsimt lane width k (1, 2, 4, 8)"),
    K(lwm_k, 0, 8, NULL, "lwm warps per large warp (0: a quarter of the warps, 2..8)"),
    K(swi_sets, 1, 16, NULL, "swi instruction buffer sets"),
    K(swi_ways, 0, 64, NULL, "swi ways per set (0: enough for every warp)"),
    K(shuffle, 0, 4, w_shuffle, "swi lane shuffle (001 Table 1)"),
    K(clock_mhz, 100, 5000, NULL, "core clock, MHz: leakage energy and power (energy.h)"),
    K(check, 0, 1, w_onoff, "every structure's invariant check every cycle"),
    K(quiet_skip, 0, 1, w_onoff, "jump over cycles in which nothing can happen (identical results)"),
    K(layout, 0, 3, w_layout, "block order: given, tf (thread-frontier, layout.h); test hooks scramble, scramble_tf"),
    {NULL, 0, 0, 0, NULL, NULL},
};
#undef K

static unsigned *field(core_cfg *c, const core_key *k) { return (unsigned *)((char *)c + k->off); }

void core_cfg_default(core_cfg *c)
{
    memset(c, 0, sizeof *c);
    c->warp_size = 8;
    c->simd_width = 4;
    c->schedulers = 2;
    c->alu_groups = 2;
    c->sfu_groups = 1;
    c->fetch_width = 2;
    c->ibuf = 2;
    c->max_threads = 1024;
    c->max_warps = 64;
    c->max_ctas = 8;
    c->shared_bytes = 49152;
    c->alu_lat = 4;
    c->sfu_lat = 16;
    c->mem_lat = 40;
    c->shared_lat = 4;
    c->seg_bytes = 128;
    c->banks = 32;
    c->bank_bytes = 4;
    c->spe_depth = 16;
    c->stack_merge = 1;
    c->dpe_depth = 8;
    c->sb_entries = 6;
    c->cct = 128;
    c->lut_entries = 32;
    c->maj = 32;
    c->sched_bits = 8;
    c->swizzle = 1;
    c->tsimt_width = 2;
    c->swi_sets = 4;
    c->clock_mhz = 1000;
    c->check = 1;
    c->quiet_skip = 1;
    c->max_cycles = 50000000ull;
}

static const core_key *find_key(const char *key)
{
    for (const core_key *k = core_keys; k->key; k++)
        if (!strcmp(k->key, key))
            return k;
    return NULL;
}

const char *core_cfg_set(core_cfg *c, const char *key, const char *value)
{
    static char msg[512];
    char kb[64];
    if (!value) {
        const char *eq = strchr(key, '=');
        if (!eq || (size_t)(eq - key) >= sizeof kb) {
            snprintf(msg, sizeof msg, "expected KEY=VALUE, got '%s'", key);
            return msg;
        }
        memcpy(kb, key, (size_t)(eq - key));
        kb[eq - key] = 0;
        key = kb;
        value = eq + 1;
    }
    const core_key *k = find_key(key);
    if (!k) {
        snprintf(msg, sizeof msg, "unknown configuration key '%s' (build/simt --help lists them)",
                 key);
        return msg;
    }
    unsigned long v;
    if (k->words) {
        int f = -1;
        for (int i = 0; k->words[i]; i++)
            if (!strcmp(k->words[i], value) ||
                (!strcmp(k->words[i], "two-level") && !strcmp(value, "two_level")) ||
                (!strcmp(k->words[i], "per_lane") && !strcmp(value, "per-lane")))
                f = i;
        if (f < 0) {
            int n = snprintf(msg, sizeof msg, "%s: expected", key);
            for (int i = 0; k->words[i] && n < (int)sizeof msg; i++)
                n += snprintf(msg + n, sizeof msg - (size_t)n, "%s %s", i ? "," : "", k->words[i]);
            snprintf(msg + n, sizeof msg - (size_t)n, ", got '%s'", value);
            return msg;
        }
        v = (unsigned long)f;
    } else {
        char *end;
        errno = 0;
        v = *value && *value != '-' ? strtoul(value, &end, 0) : 0;
        if (!*value || *value == '-' || *end || errno || v < k->lo || v > k->hi) {
            snprintf(msg, sizeof msg, "%s: expected a number %u..%u, got '%s'", key, k->lo, k->hi,
                     value);
            return msg;
        }
    }
    *field(c, k) = (unsigned)v;
    return NULL;
}

const char *core_cfg_load(core_cfg *c, const char *path)
{
    static char msg[1024];
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(msg, sizeof msg, "%s: cannot read: %s", path, strerror(errno));
        return msg;
    }
    char line[1024];
    int ln = 0;
    while (fgets(line, sizeof line, f)) {
        ln++;
        if (!strchr(line, '\n') && !feof(f)) { /* a NUL byte (fgets stopped short) or a long line */
            snprintf(msg, sizeof msg, "%s:%d: %s", path, ln,
                     strlen(line) + 1 < sizeof line ? "not a text file (NUL byte)" : "line too long");
            fclose(f);
            return msg;
        }
        char *h = strchr(line, '#');
        if (h)
            *h = 0;
        char key[128], val[128], extra[8];
        char *eq = strchr(line, '=');
        if (eq)
            *eq = ' ';
        int n = sscanf(line, "%127s %127s %7s", key, val, extra);
        if (n <= 0)
            continue;
        const char *e = n == 2 && eq ? core_cfg_set(c, key, val) : "expected 'key = value'";
        if (e) {
            snprintf(msg, sizeof msg, "%s:%d: %s", path, ln, e);
            fclose(f);
            return msg;
        }
    }
    fclose(f);
    return NULL;
}

const char *core_cfg_check(const core_cfg *c)
{
    static char msg[256];
    if (c->warp_size & (c->warp_size - 1))
        snprintf(msg, sizeof msg, "warp_size %u: expected a power of two", c->warp_size);
    else if (c->simd_width > c->warp_size)
        snprintf(msg, sizeof msg, "simd_width %u is wider than warp_size %u", c->simd_width,
                 c->warp_size);
    else if (c->tsimt_width & (c->tsimt_width - 1))
        snprintf(msg, sizeof msg, "tsimt_width %u: expected 1, 2, 4 or 8", c->tsimt_width);
    else if (c->lut_entries & (c->lut_entries - 1))
        snprintf(msg, sizeof msg, "lut_entries %u: expected a power of two", c->lut_entries);
    else
        return NULL;
    return msg;
}

void core_cfg_print(const core_cfg *c, FILE *f)
{
    for (const core_key *k = core_keys; k->key; k++) {
        unsigned v = *field((core_cfg *)c, k);
        if (k->words)
            fprintf(f, "%-13s= %s\n", k->key, k->words[v]);
        else
            fprintf(f, "%-13s= %u\n", k->key, v);
    }
}
