/* SPDX-License-Identifier: Apache-2.0 */
/*
 * core_lsu.c -- the SM core's load/store unit (core.h, pipeline step 4;
 * 001 sec. 2): a warp's global and local accesses coalesced into
 * seg_bytes segments, one segment a cycle; shared memory in `banks` banks
 * of bank_bytes, where distinct words of one bank serialise and one word
 * read by many lanes is a broadcast.
 */
#include "core_int.h"

/* The LSU's order of one instruction's accesses: per lane, the index of
 * its segment (global, local) or its position in its bank (shared).
 * Returns the cycles the LSU is busy. */
unsigned core_lsu_schedule(core *c, const prog_effect *e, const uint64_t *lanes, unsigned nl,
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
