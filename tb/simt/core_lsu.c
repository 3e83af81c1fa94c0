/* SPDX-License-Identifier: Apache-2.0 */
/*
 * core_lsu.c -- the SM core's load/store unit (core.h, pipeline step 4;
 * 001 sec. 2): a warp's global and local accesses coalesced into
 * seg_bytes segments, one segment a cycle; shared memory in `banks` banks
 * of bank_bytes, where distinct words of one bank serialise and one word
 * read by many lanes is a broadcast.
 */
#include <string.h>

#include "core_int.h"

/* The index of v among the distinct values vals[0..n-1], n when it is not
 * there: the last one found (*last), else a scan while there are at most
 * LSU_SCAN values, else an open-addressed table h of LSU_H slots (0 empty,
 * else index + 1) that lsu_enter builds when the values pass LSU_SCAN --
 * the same index as a scan, without a scan per new value (32 lanes of
 * consecutive words are 32 new values).  A value not there is entered by
 * the caller at index n (lsu_enter). */
enum { LSU_SCAN = 8, LSU_H = 2 * CORE_MAX_WARP * PROG_MAX_ACC };
static inline unsigned lsu_slot(uint64_t v)
{
    return (unsigned)((v * 0x9e3779b97f4a7c15ull) >> 40) % LSU_H;
}

static inline unsigned lsu_find(const uint16_t *h, const uint64_t *vals, unsigned n,
                                unsigned *last, uint64_t v)
{
    if (*last < n && vals[*last] == v)
        return *last;
    unsigned j = 0;
    if (n <= LSU_SCAN) {
        while (j < n && vals[j] != v)
            j++;
    } else {
        unsigned s = lsu_slot(v);
        while (h[s] && vals[h[s] - 1u] != v)
            s = (s + 1u) % LSU_H;
        j = h[s] ? h[s] - 1u : n;
    }
    *last = j;
    return j;
}

static inline void lsu_put(uint16_t *h, const uint64_t *vals, unsigned j)
{
    unsigned s = lsu_slot(vals[j]);
    while (h[s])
        s = (s + 1u) % LSU_H;
    h[s] = (uint16_t)(j + 1u);
}

static inline void lsu_enter(uint16_t *h, uint64_t *vals, unsigned n, uint64_t v)
{
    vals[n] = v;
    if (n == LSU_SCAN) { /* the table from here on */
        memset(h, 0, LSU_H * sizeof h[0]);
        for (unsigned j = 0; j <= n; j++)
            lsu_put(h, vals, j);
    } else if (n > LSU_SCAN) {
        lsu_put(h, vals, n);
    }
}

/* core_lsu_schedule's common case: one access a lane, all in one space,
 * and the keys (the segment; in shared memory the word) non-decreasing in
 * lane order.  A key equal to the last lane's is that lane's; any other is
 * one not seen before (lsu_find would not find it), so no look-up is
 * needed.  Returns the cycles the LSU is busy, 0 when the issue is not of
 * this kind (nothing counted). */
static unsigned lsu_sorted(core *c, const prog_effect *e, unsigned nl, const unsigned *lane_of,
                           unsigned *pos)
{
    const unsigned sp = nl && e[0].nacc == 1 ? e[0].acc[0].space : PS_NONE;
    if ((sp != PS_SHARED && sp != PS_GLOBAL && sp != PS_LOCAL) || nl > CORE_MAX_WARP)
        return 0;
    uint64_t kv[CORE_MAX_WARP];
    const uint64_t unit = sp == PS_SHARED ? c->P.bank_bytes : c->P.seg_bytes;
    for (unsigned i = 0; i < nl; i++) {
        if (e[i].nacc != 1 || e[i].acc[0].space != sp)
            return 0;
        uint64_t ad = e[i].acc[0].addr;
        if (sp == PS_LOCAL) /* as in core_lsu_schedule */
            ad = ((ad >> 2) * c->WS + lane_of[i]) * 4u + (1ull << 62);
        kv[i] = ad / unit;
        if (i && kv[i] < kv[i - 1])
            return 0;
    }
    unsigned busy = 0, n = 0;
    if (sp != PS_SHARED) {
        for (unsigned i = 0; i < nl; i++) {
            n += !i || kv[i] != kv[i - 1];
            pos[i] = n - 1;
        }
        c->st.segments += n;
        busy = n;
    } else {
        uint64_t bank_n[64];
        memset(bank_n, 0, c->P.banks * sizeof bank_n[0]);
        unsigned rank = 0;
        for (unsigned i = 0; i < nl; i++) {
            if (!i || kv[i] != kv[i - 1])
                rank = (unsigned)bank_n[kv[i] % c->P.banks]++;
            pos[i] = rank;
        }
        for (unsigned b = 0; b < c->P.banks; b++) {
            if (bank_n[b] > busy)
                busy = (unsigned)bank_n[b];
            if (bank_n[b] > 1)
                c->st.bank_conflicts += bank_n[b] - 1;
        }
    }
    return busy ? busy : 1;
}

/* The LSU's order of one instruction's accesses: per lane, the index of
 * its segment (global, local) or its position in its bank (shared).
 * Returns the cycles the LSU is busy. */
unsigned core_lsu_schedule(core *c, const prog_effect *e, const uint64_t *lanes, unsigned nl,
                             const unsigned *lane_of, unsigned *pos)
{
    const unsigned sorted = lsu_sorted(c, e, nl, lane_of, pos);
    if (sorted)
        return sorted;
    uint64_t key[CORE_MAX_WARP * PROG_MAX_ACC];
    unsigned nk = 0, busy = 0;
    uint64_t bank_n[64]; /* cleared at the first shared access (nw == 0) */
    uint64_t word[CORE_MAX_WARP * PROG_MAX_ACC];
    unsigned wrank[CORE_MAX_WARP * PROG_MAX_ACC], nw = 0, lastw = 0, lastk = 0;
    uint16_t hw[LSU_H], hk[LSU_H]; /* word's and key's tables (lsu_find) */
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
                unsigned b = (unsigned)(wd % c->P.banks);
                if (!nw)
                    memset(bank_n, 0, c->P.banks * sizeof bank_n[0]);
                unsigned j = lsu_find(hw, word, nw, &lastw, wd);
                if (j == nw) {
                    lsu_enter(hw, word, nw, wd);
                    wrank[nw++] = (unsigned)bank_n[b]++;
                }
                p = wrank[j];
            } else if (x->acc[a].space == PS_GLOBAL || x->acc[a].space == PS_LOCAL) {
                uint64_t ad = x->acc[a].addr;
                if (x->acc[a].space == PS_LOCAL) /* interleaved: the same word of
                                                  * consecutive lanes is adjacent */
                    ad = ((ad >> 2) * c->WS + lane_of[i]) * 4u + (1ull << 62);
                uint64_t s = ad / c->P.seg_bytes;
                unsigned j = lsu_find(hk, key, nk, &lastk, s);
                if (j == nk)
                    lsu_enter(hk, key, nk++, s);
                p = j;
            }
            if (p > worst)
                worst = p;
        }
        pos[i] = worst;
    }
    c->st.segments += nk;
    busy = nk;
    for (unsigned b = 0; b < (nw ? c->P.banks : 0); b++) {
        if (bank_n[b] > busy)
            busy = (unsigned)bank_n[b];
        if (bank_n[b] > 1)
            c->st.bank_conflicts += bank_n[b] - 1;
    }
    return busy ? busy : 1;
}
