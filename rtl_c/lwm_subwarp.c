/* SPDX-License-Identifier: Apache-2.0 */
/*
 * lwm_subwarp.c -- the LWM sub-warping unit (004 sec. 3.1, 3.4).  Behaviour,
 * choices and the illegal inputs are documented in lwm_subwarp.h.
 */
#include "lwm_subwarp.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "bits.h"
#include "../vcd/vcd.h"

static const struct param_def lwm_subwarp_param_defs[] = {
    {"LARGE_WARPS", "large_warps", offsetof(lwm_subwarp_cfg, large_warps), 1, 16, 4, 0},
    {"K", "rows", offsetof(lwm_subwarp_cfg, rows), 1, 16, 8, 0},
    {"N", "cols", offsetof(lwm_subwarp_cfg, cols), 1, 64, 32, 0},
    {"DEPTH", "depth", offsetof(lwm_subwarp_cfg, depth), 1, LWM_MAX_DEPTH, 8, 0},
    {"PC_W", "pc_bits", offsetof(lwm_subwarp_cfg, pc_bits), 2, 64, 32, 0},
    {"MERGE", "merge", offsetof(lwm_subwarp_cfg, merge), 0, 1, 1, 0},
};

static const char *lwm_subwarp_rules(const void *p)
{
    const lwm_subwarp_cfg *cfg = (const lwm_subwarp_cfg *)p;
    if (cfg->rows * cfg->cols > LWM_MAX_BITS)
        return "lwm_subwarp: K*N (cfg rows*cols) must be at most 1024";
    return NULL;
}

/* lwm_subwarp_params, lwm_subwarp_default_cfg() and lwm_subwarp_cfg_check() */
PARAM_TABLE(lwm_subwarp, lwm_subwarp_rules)

unsigned lwm_subwarp_row_w(const lwm_subwarp_cfg *cfg) { return bits_index_width(cfg->rows); }
unsigned lwm_subwarp_lw_w(const lwm_subwarp_cfg *cfg)
{
    return bits_index_width(cfg->large_warps);
}
unsigned lwm_subwarp_pend_w(const lwm_subwarp_cfg *cfg)
{
    return bits_width_for((uint64_t)cfg->rows * cfg->cols + 1u);
}
unsigned lwm_subwarp_depth_w(const lwm_subwarp_cfg *cfg) { return bits_width_for(cfg->depth); }
unsigned lwm_subwarp_copy_bits(const lwm_subwarp_cfg *cfg) { return cfg->rows * cfg->cols; }
unsigned lwm_subwarp_inflight_bits(const lwm_subwarp_cfg *cfg)
{
    return cfg->large_warps * cfg->rows * cfg->cols;
}
unsigned lwm_subwarp_buffer_bits(const lwm_subwarp_cfg *cfg) { return 2u * cfg->rows * cfg->cols; }

unsigned lwm_subwarp_count(const lwm_subwarp_cfg *cfg, const uint64_t *mask)
{
    unsigned c, r, best = 0;
    for (c = 0; c < cfg->cols; c++) {
        unsigned n = 0;
        for (r = 0; r < cfg->rows; r++)
            n += lwm_bit(mask, r * cfg->cols + c);
        if (n > best)
            best = n;
    }
    return best;
}

/* Words a K*N-bit map occupies; the words above stay 0 in every array of
 * the state and of the outputs, so the per-cycle work visits only these. */
static unsigned map_words(const lwm_subwarp_cfg *cfg)
{
    return (cfg->rows * cfg->cols + 63u) / 64u;
}

/* no bit set in the first n words */
static int words_zero_n(const uint64_t *v, unsigned n)
{
    uint64_t any = 0;
    unsigned i;
    for (i = 0; i < n; i++)
        any |= v[i];
    return any == 0u;
}

static int words_zero(const uint64_t *v) { return words_zero_n(v, LWM_WORDS); }

/* v = 0 over all LWM_WORDS words.  A copy from a constant: the compiler
 * makes it 16-byte stores, where a memset of this size becomes a string
 * store (rep stos) with a start-up cost of tens of cycles. */
static const uint64_t words_0[LWM_WORDS];
static void words_clear_all(uint64_t *v)
{
    memcpy(v, words_0, sizeof words_0);
}

/* d = v over the first n words, one word at a time.  What eval writes word
 * by word (a copy it then edits bit by bit) step must read word by word:
 * a memcpy's 16-byte loads cannot be forwarded from 8-byte stores still in
 * flight, and the next cycle would wait for them to retire (issue 17).  A
 * loop of unknown trip count is not vectorised at -O2. */
static void words_copy(uint64_t *d, const uint64_t *v, unsigned n)
{
    unsigned i;
    for (i = 0; i < n; i++)
        d[i] = v[i];
}

/* v truncated to `bits` bits (1..LWM_MAX_BITS) */
static void words_trunc(uint64_t *d, const uint64_t *v, unsigned bits)
{
    const unsigned n = (bits + 63u) / 64u;
    memcpy(d, v, n * sizeof *d);
    d[n - 1u] &= bits_mask(bits - (n - 1u) * 64u);
    memset(d + n, 0, (LWM_WORDS - n) * sizeof *d);
}

/* Bits [lsb, lsb + n) of a word array (n <= 64): one row of a K x N map. */
static inline uint64_t words_get(const uint64_t *v, unsigned lsb, unsigned n)
{
    /* without a branch on where the field falls: the word above is read
     * only when the field reaches into it (else word k again, masked off);
     * (w << 1) << (63 - o) is w << (64 - o), 0 when o = 0 */
    const unsigned k = lsb / 64u, o = lsb % 64u, spill = o + n > 64u;
    const uint64_t hi = ((v[k + spill] << 1) << (63u - o)) & (0u - (uint64_t)spill);
    return bits_trunc((v[k] >> o) | hi, n);
}

/* Clears the bits of `m` (n <= 64 bits) at [lsb, lsb + n) of a word array. */
static inline void words_clear(uint64_t *v, unsigned lsb, uint64_t m)
{
    const unsigned k = lsb / 64u, o = lsb % 64u;
    v[k] &= ~(m << o);
    if (o != 0u && (m >> (64u - o)) != 0u)
        v[k + 1u] &= ~(m >> (64u - o));
}

/* Column c's row field of a packed rows port (ROW_W bits per column;
 * N * ROW_W <= 256 bits): one field read. */
static inline unsigned row_of(unsigned rw, const uint64_t *rows, unsigned c)
{
    return (unsigned)words_get(rows, c * rw, rw);
}

/* v |= m << lsb over a word array (m: n <= 64 bits, one row of a map) */
static inline void words_or(uint64_t *v, unsigned lsb, uint64_t m)
{
    const unsigned k = lsb / 64u, o = lsb % 64u;
    v[k] |= m << o;
    if (o != 0u && (m >> (64u - o)) != 0u)
        v[k + 1u] |= m >> (64u - o);
}

/* A rows port's field layout, 8 columns at a time: SPREAD_TAB[rw - 1][b]
 * has bit i of the byte b at bit i * rw (the lsb of column i's row field),
 * rw = ROW_W = 1..4; times a row r < 2^rw it is r in each of those fields
 * (no carry between fields).  Built by the compiler. */
#define SPREAD_B(b, s)                                                                   \
    ((((b) >> 0 & 1u) << 0) | (((b) >> 1 & 1u) << (s)) | (((b) >> 2 & 1u) << 2 * (s)) |   \
     (((b) >> 3 & 1u) << 3 * (s)) | (((b) >> 4 & 1u) << 4 * (s)) |                        \
     (((b) >> 5 & 1u) << 5 * (s)) | (((b) >> 6 & 1u) << 6 * (s)) | (((b) >> 7 & 1u) << 7 * (s)))
#define SPREAD_4(b, s) SPREAD_B(b, s), SPREAD_B(b + 1u, s), SPREAD_B(b + 2u, s), SPREAD_B(b + 3u, s)
#define SPREAD_16(b, s)                                                                  \
    SPREAD_4(b, s), SPREAD_4(b + 4u, s), SPREAD_4(b + 8u, s), SPREAD_4(b + 12u, s)
#define SPREAD_64(b, s)                                                                  \
    SPREAD_16(b, s), SPREAD_16(b + 16u, s), SPREAD_16(b + 32u, s), SPREAD_16(b + 48u, s)
#define SPREAD_256(s) {SPREAD_64(0u, s), SPREAD_64(64u, s), SPREAD_64(128u, s), SPREAD_64(192u, s)}
static const uint32_t SPREAD_TAB[4][256] = {SPREAD_256(1u), SPREAD_256(2u), SPREAD_256(3u),
                                            SPREAD_256(4u)};

/* ORs r (< 2^rw) into the row field of each column of m (N <= 64 columns)
 * of a rows port: a byte of columns at a time, no walk over them. */
static inline void fields_or(unsigned rw, uint64_t *rows, uint64_t m, uint64_t r)
{
    const uint32_t *tab = SPREAD_TAB[rw - 1u];
    unsigned lsb;
    for (lsb = 0; m != 0u; m >>= 8, lsb += 8u * rw) {
        const uint64_t v = (uint64_t)tab[m & 0xffu] * r; /* < 2^(8 rw) <= 2^32 */
        const unsigned k = lsb / 64u, o = lsb % 64u;
        rows[k] |= v << o;
        if (o + 8u * rw > 64u)
            rows[k + 1u] |= v >> (64u - o);
    }
}

unsigned lwm_subwarp_rows_split(const lwm_subwarp_cfg *cfg, const uint64_t *rows, uint64_t cols,
                                uint64_t *rm)
{
    const unsigned rw = lwm_subwarp_row_w(cfg);
    const uint32_t *tab = SPREAD_TAB[rw - 1u];
    uint64_t diff = 0, m;
    unsigned r, found = 0, lsb;
    cols = bits_trunc(cols, cfg->cols);
    if (cols == 0u)
        return 0;
    /* the common case: every column in one row (a whole row, or the rest
     * of the columns from one row; one column): the fields of cols, 8 at a
     * time (bytes with none passed over), each equal to the lowest
     * column's */
    r = row_of(rw, rows, bits_ffs(cols));
    for (m = cols & (cols - 1u) ? cols : 0u, lsb = 0; m != 0u; m >>= 8, lsb += 8u * rw)
        if (m & 0xffu) {
            const uint64_t t = tab[m & 0xffu];
            diff |= (words_get(rows, lsb, 8u * rw) & (t * bits_mask(rw))) ^ (t * r);
        }
    if (diff == 0u) {
        rm[r] = cols;
        return 1u << r;
    }
    for (; cols != 0u; cols &= cols - 1u) {
        const unsigned c = bits_ffs(cols);
        r = row_of(rw, rows, c);
        if (!((found >> r) & 1u)) {
            found |= 1u << r;
            rm[r] = 0;
        }
        rm[r] |= (uint64_t)1 << c;
    }
    return found;
}

void lwm_subwarp_reset(const lwm_subwarp_cfg *cfg, lwm_subwarp_state *s)
{
    (void)cfg;
    memset(s, 0, sizeof *s);
}

static unsigned fetch_err(const lwm_subwarp_cfg *cfg, const lwm_subwarp_state *s,
                          const lwm_subwarp_in *in, int fmask_zero)
{
    const uint64_t pcm = bits_mask(cfg->pc_bits);
    if (!in->f_valid)
        return LWM_ERR_NONE;
    if (in->f_kind == LWM_LAUNCH)
        return s->sp_q[in->f_warp] != 0u || fmask_zero ||
                       (in->f_pc & pcm) == (in->f_rpc & pcm)
                   ? LWM_ERR_BAD_LAUNCH
                   : LWM_ERR_NONE;
    if (s->sp_q[in->f_warp] == 0u)
        return LWM_ERR_WARP_IDLE;
    if ((s->wait_q >> in->f_warp) & 1u)
        return LWM_ERR_BAD_FETCH;
    return LWM_ERR_NONE;
}

/* more than one thread in the first n words of the mask (a branch of one
 * thread cannot diverge) */
static int words_multi(const uint64_t *v, unsigned n)
{
    unsigned i, seen = 0;
    for (i = 0; i < n; i++) {
        if (v[i] & (v[i] - 1u))
            return 1;
        if (v[i]) {
            if (seen)
                return 1;
            seen = 1;
        }
    }
    return 0;
}

/* the base entry of large warp w waits at its rpc under one entry */
static int base_waits(const lwm_subwarp_state *s, unsigned w)
{
    return s->sp_q[w] == 2u && s->pc_q[w][0] == s->rpc_q[w][0];
}

/* merge on push (simt_rule.h): the entry of large warp w's TOS run a
 * divergent branch's not-taken side (npc) would merge into, or 0; only
 * with MERGE = 1, a branch to the TOS's rpc, a live fall-through and a
 * sibling below the TOS */
static unsigned merge_at(const lwm_subwarp_cfg *cfg, const lwm_subwarp_state *s, unsigned w,
                         uint64_t npc, uint64_t rpc)
{
    const unsigned sp = (unsigned)s->sp_q[w];
    if (!cfg->merge || sp < 3u || npc == rpc || rpc != s->rpc_q[w][sp - 1u])
        return 0;
    return simt_rule_merge_at(sp - 1u, s->pc_q[w], s->rpc_q[w], 1u, npc);
}

/* A completion that cannot be any sub-warp of large warp w in flight
 * (BAD_DONE).  Only the jump's sub-warp has no threads, and it is the
 * first sub-warp of its jump, not a branch one: an empty completion needs
 * jmp_q[w], c_first and not c_branch.  A non-branch c_first with threads
 * must be the first sub-warp of w's OP: w waits (wait_q), not on a branch
 * (br_busy_q for w: its sub-warps are c_branch), nor on an instruction
 * whose first sub-warp is not out yet (busy_q, cur_q = w, first_q), nor
 * on a jump (its first sub-warp has no threads).  c_first of a branch
 * sub-warp changes nothing and is not checked. */
static int bad_done(const lwm_subwarp_state *s, unsigned w, int threads, int first, int branch)
{
    const int jump = (int)((s->jmp_q >> w) & 1u);
    if (!threads)
        return !(jump && first && !branch);
    if (!first || branch)
        return 0;
    return jump || !((s->wait_q >> w) & 1u) || (s->br_busy_q && s->br_warp_q == w) ||
           (s->busy_q && s->cur_q == w && s->first_q);
}

/* The threads the gathering branch of large warp w has in flight, word i
 * (the in-flight bits aside): in its mask (w's TOS, which cannot change
 * until the commit), out of its copy while the copy holds it (a thread
 * still there is in flight for an earlier OP sub-warp), not gathered yet.
 * A c_branch completion's threads must all be in it (formal's p_outcome
 * counterexample, docs/formal.md); a completion without c_branch must hold
 * none of them (it would be a branch sub-warp whose outcome is lost). */
static uint64_t branch_own(const lwm_subwarp_state *s, unsigned w, unsigned i)
{
    const uint64_t copy = s->busy_q && s->kind_q == LWM_BRANCH ? s->copy_q[i] : 0u;
    return s->mask_q[w][s->sp_q[w] - 1u][i] & ~(copy | s->taken_q[i] | s->ntaken_q[i]);
}

/* done's overlap with the gathering branch's threads of large warp w:
 * outside (a thread not the branch's) or inside it */
static int branch_overlap(const lwm_subwarp_cfg *cfg, const lwm_subwarp_state *s, unsigned w,
                          const uint64_t *done, int inside)
{
    unsigned i;
    for (i = 0; i < map_words(cfg); i++)
        if (done[i] & (inside ? branch_own(s, w, i) : ~branch_own(s, w, i)))
            return 1;
    return 0;
}

/* Also gathers the completion's threads into done (and the taken ones into
 * done_tk), map words, zeroed by the caller: step applies them word-wise. */
static unsigned complete_err(const lwm_subwarp_cfg *cfg, const lwm_subwarp_state *s,
                             const lwm_subwarp_in *in, uint64_t *done, uint64_t *done_tk)
{
    const unsigned w = (unsigned)in->c_warp;
    uint64_t cols = bits_trunc(in->c_cols, cfg->cols);
    uint64_t taken = bits_trunc(in->c_taken, cfg->cols);
    uint64_t rm[16];
    unsigned found;
    if (!in->c_valid)
        return LWM_ERR_NONE;
    if (s->pend_q[w] == 0u)
        return LWM_ERR_NOT_IN_FLIGHT;
    /* the completed columns by row: each row's threads in flight, then
     * gathered (a row's columns at once, no walk over them) */
    for (found = lwm_subwarp_rows_split(cfg, in->c_rows, cols, rm); found; found &= found - 1u) {
        const unsigned r = bits_ffs(found), lsb = r * cfg->cols;
        if (r >= cfg->rows || (words_get(s->inflight_q[w], lsb, cfg->cols) & rm[r]) != rm[r])
            return LWM_ERR_NOT_IN_FLIGHT;
        words_or(done, lsb, rm[r]);
        words_or(done_tk, lsb, rm[r] & taken);
    }
    if (in->c_branch && !(s->br_busy_q && s->br_warp_q == w && s->br_left_q != 0u))
        return LWM_ERR_NOT_IN_FLIGHT;
    if (in->c_branch && branch_overlap(cfg, s, w, done, 0))
        return LWM_ERR_NOT_IN_FLIGHT;
    if (!bits_subset(taken, cols) || (taken != 0u && !in->c_branch))
        return LWM_ERR_BAD_OUTCOME;
    if (bad_done(s, w, cols != 0u, in->c_first != 0u, in->c_branch != 0u))
        return LWM_ERR_BAD_DONE;
    /* the reverse lie: a sub-warp of w's gathering branch without c_branch */
    if (!in->c_branch && s->br_busy_q && s->br_warp_q == w && branch_overlap(cfg, s, w, done, 1))
        return LWM_ERR_BAD_DONE;
    return LWM_ERR_NONE;
}

/* an unused stack decision (nx_f, nx_b when not written) */
static const simt_rule_dec dec_none;

void lwm_subwarp_eval(const lwm_subwarp_cfg *cfg, const lwm_subwarp_state *s,
                      const lwm_subwarp_in *in, lwm_subwarp_out *out)
{
    const unsigned K = cfg->rows, N = cfg->cols, KN = K * N, nw = map_words(cfg);
    const unsigned rw = lwm_subwarp_row_w(cfg);
    const uint64_t lwm = bits_mask(cfg->large_warps), pcm = bits_mask(cfg->pc_bits);
    int fmask_zero; /* f_mask as its K*N-bit port sees it has no thread */
    lwm_subwarp_in t = *in; /* the inputs as the ports see them */
    unsigned err = LWM_ERR_NONE, c, r, fw, fsp, w;
    int last = 0, emit = 0, room = 1;

    t.f_valid = bits_trunc(in->f_valid, 1);
    t.c_valid = bits_trunc(in->c_valid, 1);
    t.f_warp = bits_trunc(in->f_warp, lwm_subwarp_lw_w(cfg));
    t.c_warp = bits_trunc(in->c_warp, lwm_subwarp_lw_w(cfg));
    t.f_kind = bits_trunc(in->f_kind, 2);
    t.f_pc = in->f_pc & pcm;
    t.f_npc = in->f_npc & pcm;
    t.f_rpc = in->f_rpc & pcm;
    t.c_first = bits_trunc(in->c_first, 1);
    t.c_branch = bits_trunc(in->c_branch, 1);
    fmask_zero = words_zero_n(in->f_mask, nw - 1u) &&
                 (in->f_mask[nw - 1u] & bits_mask(KN - (nw - 1u) * 64u)) == 0u;

    /* every output written once: the scalars here, the word arrays where
     * they are decided (not a memset of the whole struct, ~900 bytes, first:
     * most of it is written again below) */
    out->f_ready = out->err = out->err_code = out->act = 0;
    out->sw_valid = out->sw_warp = out->sw_cols = 0;
    out->sw_rows[0] = out->sw_rows[1] = out->sw_rows[2] = out->sw_rows[3] = 0;
    out->sw_first = out->sw_branch = out->sw_jump = 0;
    out->fetch_stall = out->can_fetch = 0;
    out->br_commit = out->br_warp = out->br_diverged = 0;
    out->tos_pc = out->tos_depth = 0;
    out->f_act = out->br_act = 0;
    out->nx_accept = out->nx_f_write = out->nx_b_write = out->nx_exit = 0;
    out->nx_f = out->nx_b = dec_none;
    for (w = 0; w < cfg->large_warps; w++)
        if (s->sp_q[w] != 0u)
            out->can_fetch |= (uint64_t)1 << w;
    out->can_fetch &= ~s->wait_q & lwm;
    words_copy(out->nx_copy, s->copy_q, nw);
    words_clear_all(out->nx_done); /* (a zeroing loop would become two memset calls) */
    words_clear_all(out->nx_done_tk);

    /* the fetched large warp's stack (f_warp's TOS: what the front end
     * reads to fetch; warp 0's stack is read for an id beyond LARGE_WARPS) */
    fw = t.f_warp < cfg->large_warps ? (unsigned)t.f_warp : 0u;
    fsp = (unsigned)s->sp_q[fw];
    if (t.f_warp < cfg->large_warps && fsp) {
        out->tos_depth = fsp;
        out->tos_pc = s->pc_q[fw][fsp - 1u];
        memcpy(out->tos_mask, s->mask_q[fw][fsp - 1u], sizeof out->tos_mask);
    } else {
        words_clear_all(out->tos_mask);
    }
    /* a branch reserves the room its divergence would need (its stack
     * cannot change until it commits); one thread cannot diverge.  Only a
     * branch's f_ready and f_act read room: other kinds skip the rule. */
    if (t.f_kind == LWM_BRANCH && fsp != 0u && words_multi(s->mask_q[fw][fsp - 1u], nw)) {
        simt_rule_dec d =
            simt_rule(cfg->depth, fsp, base_waits(s, fw), s->rpc_q[fw][fsp - 1u], 0, 0, t.f_pc,
                      t.f_npc, t.f_rpc, merge_at(cfg, s, fw, t.f_npc, t.f_rpc));
        room = d.act != SIMT_RULE_STALL;
    }

    if ((t.f_valid && t.f_warp >= cfg->large_warps) ||
        (t.c_valid && t.c_warp >= cfg->large_warps))
        err = LWM_ERR_BAD_WARP;
    if (err == LWM_ERR_NONE)
        err = fetch_err(cfg, s, &t, fmask_zero);
    if (err == LWM_ERR_NONE)
        err = complete_err(cfg, s, &t, out->nx_done, out->nx_done_tk);

    /* the pick (computed even under err for f_ready; applied only without) */
    if (s->busy_q) {
        if (s->kind_q == LWM_JUMP) {
            emit = 1;
            last = 1;
        } else if (s->row_q) {
            /* row mode (f_wsync): the lowest row of the copy none of whose
             * threads is in flight, whole, in its home lanes */
            uint64_t fl[LWM_WORDS]; /* the copy's threads in flight */
            for (c = 0; c < nw; c++)
                fl[c] = s->copy_q[c] & s->inflight_q[s->cur_q][c];
            for (r = 0; r < K; r++) {
                const uint64_t row = words_get(s->copy_q, r * N, N);
                if (row == 0u || words_get(fl, r * N, N) != 0u)
                    continue;
                out->sw_cols = row;
                words_clear(out->nx_copy, r * N, row);
                fields_or(rw, out->sw_rows, row, r);
                break;
            }
            emit = out->sw_cols != 0u;
            last = words_zero_n(out->nx_copy, nw);
        } else {
            /* each column's lowest row whose thread is in the copy and not
             * in flight, row by row on whole N-bit rows (columns already
             * picked drop out): the same pick as a per-column priority
             * encoder over the rows */
            uint64_t left = bits_mask(N), av[LWM_WORDS];
            for (c = 0; c < nw; c++) /* the copy's threads not in flight */
                av[c] = s->copy_q[c] & ~s->inflight_q[s->cur_q][c];
            for (r = 0; r < K && left != 0u; r++) {
                const uint64_t avail = words_get(av, r * N, N) & left;
                if (avail == 0u)
                    continue;
                out->sw_cols |= avail;
                left &= ~avail;
                words_clear(out->nx_copy, r * N, avail);
                fields_or(rw, out->sw_rows, avail, r);
            }
            emit = out->sw_cols != 0u;
            last = words_zero_n(out->nx_copy, nw);
        }
    }
    if (t.f_kind == LWM_LAUNCH)
        out->f_ready = 1;
    else
        out->f_ready = (uint64_t)((!s->busy_q || last) &&
                                  !(t.f_kind == LWM_BRANCH && (s->br_busy_q || !room)));
    out->err = err != LWM_ERR_NONE;
    out->err_code = err;
    if (err != LWM_ERR_NONE) {
        out->act = LWM_ACT_ERR;
        out->sw_cols = 0;
        memset(out->sw_rows, 0, sizeof out->sw_rows);
        words_copy(out->nx_copy, s->copy_q, nw);
        words_clear_all(out->br_taken);
        words_clear_all(out->br_ntaken);
        out->fetch_stall = s->busy_q;
        return;
    }
    out->fetch_stall = (uint64_t)(s->busy_q && !last);
    if (!s->busy_q)
        out->act = LWM_ACT_IDLE;
    else if (s->kind_q == LWM_JUMP)
        out->act = LWM_ACT_JUMP;
    else
        out->act = !emit ? LWM_ACT_BLOCKED : last ? LWM_ACT_LAST : LWM_ACT_PICK;
    if (emit) {
        out->sw_valid = 1;
        out->sw_warp = s->cur_q;
        out->sw_first = s->first_q;
        out->sw_branch = (uint64_t)(s->kind_q == LWM_BRANCH);
        out->sw_jump = (uint64_t)(s->kind_q == LWM_JUMP);
    }
    out->nx_accept = (uint64_t)(t.f_valid && out->f_ready);
    /* the fetch's stack update: an OP moves the TOS to f_npc, a JUMP to
     * f_pc (popping at the TOS's rpc); a LAUNCH writes the base entry */
    if (t.f_valid && t.f_kind == LWM_BRANCH && !room)
        out->f_act = LWM_ST_STALL;
    else if (out->nx_accept && t.f_kind == LWM_LAUNCH)
        out->f_act = LWM_ST_LAUNCH;
    else if (out->nx_accept && t.f_kind == LWM_JUMP && (in->f_exit & 1u)) {
        /* EXIT: the TOS's threads x leave every entry; the entries left
         * empty pop (from the lowest one, keep: masks nest), a base waiting
         * at its rpc with nothing left above it too; the TOS always goes */
        const uint64_t *x = s->mask_q[fw][fsp - 1u];
        unsigned keep = fsp, e, i;
        for (e = fsp; e-- > 0u;) {
            uint64_t left = 0;
            for (i = 0; i < nw; i++)
                left |= s->mask_q[fw][e][i] & ~x[i];
            if (left == 0u)
                keep = e;
        }
        if (keep == 1u && s->pc_q[fw][0] == s->rpc_q[fw][0])
            keep = 0;
        out->nx_f.act = SIMT_RULE_POP;
        out->nx_f.sp_next = keep;
        out->nx_f_write = out->nx_exit = 1;
        out->f_act = SIMT_RULE_POP;
    } else if (out->nx_accept && t.f_kind != LWM_BRANCH) {
        out->nx_f = simt_rule(cfg->depth, fsp, base_waits(s, fw), s->rpc_q[fw][fsp - 1u],
                              t.f_kind == LWM_OP, t.f_kind == LWM_JUMP, t.f_pc, t.f_npc, 0, 0);
        out->nx_f_write = 1;
        out->f_act = out->nx_f.act;
    }
    /* the branch commit */
    if (t.c_valid && t.c_branch && s->br_packed_q && s->br_left_q == 1u) {
        const unsigned bw = (unsigned)s->br_warp_q, bsp = (unsigned)s->sp_q[bw];
        out->br_commit = 1;
        out->br_warp = bw;
        /* this cycle's sub-warp: its threads as complete_err gathered them
         * (without err, every one), the taken ones and the rest */
        for (c = 0; c < LWM_WORDS; c++) {
            out->br_taken[c] = s->taken_q[c] | out->nx_done_tk[c];
            out->br_ntaken[c] = s->ntaken_q[c] | (out->nx_done[c] & ~out->nx_done_tk[c]);
        }
        out->br_diverged =
            (uint64_t)(!words_zero_n(out->br_taken, nw) && !words_zero_n(out->br_ntaken, nw));
        /* the large warp's PC, mask and stack: simt_stack's decision */
        out->nx_b = simt_rule(cfg->depth, bsp, base_waits(s, bw), s->rpc_q[bw][bsp - 1u],
                              words_zero_n(out->br_taken, nw), words_zero_n(out->br_ntaken, nw),
                              s->br_pc_q, s->br_npc_q, s->br_rpc_q,
                              merge_at(cfg, s, bw, s->br_npc_q, s->br_rpc_q));
        out->nx_b_write = 1;
        out->br_act = out->nx_b.act;
    } else {
        words_clear_all(out->br_taken);
        words_clear_all(out->br_ntaken);
    }
}

/* applies a stack decision to large warp w: TOS.pc, pushes of the sides */
static void stack_apply(lwm_subwarp_state *s, unsigned w, const simt_rule_dec *d, uint64_t pc,
                        uint64_t npc, uint64_t rpc, const uint64_t *tk, const uint64_t *nt,
                        unsigned nw)
{
    unsigned i;
    if (d->act == SIMT_RULE_STALL)
        return;
    if (d->wr_tos)
        s->pc_q[w][s->sp_q[w] - 1u] = d->tos_pc;
    for (i = 0; i < d->n_push; i++) {
        const unsigned e = d->push_base + i, nt_side = i == 0u && d->first_nt;
        s->pc_q[w][e] = nt_side ? npc : pc;
        s->rpc_q[w][e] = rpc;
        words_copy(s->mask_q[w][e], nt_side ? nt : tk, nw);
    }
    if (d->merge_at) /* MERGE: the not-taken side joins its sibling */
        for (i = 0; i < nw; i++)
            s->mask_q[w][d->merge_at][i] |= nt[i];
    s->sp_q[w] = d->sp_next;
}

void lwm_subwarp_step(const lwm_subwarp_cfg *cfg, lwm_subwarp_state *s,
                      const lwm_subwarp_in *in, const lwm_subwarp_out *out)
{
    const unsigned N = cfg->cols, nw = map_words(cfg);
    const uint64_t pcm = bits_mask(cfg->pc_bits);
    if (out->err)
        return;
    /* completion: in-flight bits clear, outcome gathers */
    if (bits_trunc(in->c_valid, 1)) {
        unsigned w = (unsigned)bits_trunc(in->c_warp, lwm_subwarp_lw_w(cfg));
        unsigned i;
        s->pend_q[w]--;
        /* eval gathered the completed threads (row_of(c_rows, c) of each
         * column c of c_cols) into nx_done, the taken ones into nx_done_tk */
        for (i = 0; i < nw; i++)
            s->inflight_q[w][i] &= ~out->nx_done[i];
        if (in->c_branch & 1u)
            for (i = 0; i < nw; i++) {
                s->taken_q[i] |= out->nx_done_tk[i];
                s->ntaken_q[i] |= out->nx_done[i] & ~out->nx_done_tk[i];
            }
        if (in->c_branch & 1u)
            s->br_left_q--;
        if ((in->c_first & 1u) && !(in->c_branch & 1u))
            s->wait_q &= ~((uint64_t)1 << w);
        if (bits_trunc(in->c_cols, N) == 0u) /* the jump's sub-warp (eval checked) */
            s->jmp_q &= ~((uint64_t)1 << w);
    }
    if (out->br_commit) {
        s->wait_q &= ~((uint64_t)1 << out->br_warp);
        s->br_busy_q = s->br_packed_q = s->br_left_q = 0;
        words_clear_all(s->taken_q);
        words_clear_all(s->ntaken_q);
    }
    if (out->nx_b_write) /* the committed branch's large warp */
        stack_apply(s, (unsigned)out->br_warp, &out->nx_b, s->br_pc_q, s->br_npc_q, s->br_rpc_q,
                    out->br_taken, out->br_ntaken, nw);
    /* emission: in-flight bits set, copy shrinks */
    if (out->sw_valid) {
        unsigned w = (unsigned)s->cur_q, i;
        s->pend_q[w]++;
        /* the emitted threads are the bits the pick took out of the copy
         * (eval cleared exactly row_of(sw_rows, c) of each column c of
         * sw_cols from nx_copy): word-wise, no walk over the columns */
        for (i = 0; i < nw; i++)
            s->inflight_q[w][i] |= s->copy_q[i] & ~out->nx_copy[i];
        s->first_q = 0;
        if (out->sw_jump)
            s->jmp_q |= (uint64_t)1 << w;
        if (out->sw_branch) {
            s->br_left_q++;
            if (out->act == LWM_ACT_LAST)
                s->br_packed_q = 1;
        }
    }
    words_copy(s->copy_q, out->nx_copy, nw);
    if (s->busy_q && (out->act == LWM_ACT_LAST || out->act == LWM_ACT_JUMP))
        s->busy_q = s->row_q = 0;
    if (out->nx_accept) {
        unsigned w = (unsigned)bits_trunc(in->f_warp, lwm_subwarp_lw_w(cfg));
        unsigned kind = (unsigned)bits_trunc(in->f_kind, 2);
        if (kind == LWM_LAUNCH) {
            s->sp_q[w] = 1;
            s->pc_q[w][0] = in->f_pc & pcm;
            s->rpc_q[w][0] = in->f_rpc & pcm;
            words_trunc(s->mask_q[w][0], in->f_mask, cfg->rows * N);
        } else {
            s->busy_q = 1;
            s->cur_q = w;
            s->kind_q = kind;
            s->row_q = bits_trunc(in->f_wsync, 1);
            s->first_q = 1;
            s->wait_q |= (uint64_t)1 << w;
            if (kind == LWM_JUMP)
                memset(s->copy_q, 0, sizeof s->copy_q);
            else /* the instruction's threads: the TOS mask before any update */
                memcpy(s->copy_q, s->mask_q[w][s->sp_q[w] - 1u], sizeof s->copy_q);
            if (kind == LWM_BRANCH) {
                s->br_busy_q = 1;
                s->br_warp_q = w;
                s->br_packed_q = 0;
                s->br_left_q = 0;
                s->br_pc_q = in->f_pc & pcm;
                s->br_npc_q = in->f_npc & pcm;
                s->br_rpc_q = in->f_rpc & pcm;
            }
        }
    }
    if (out->nx_f_write) {
        const unsigned w = (unsigned)bits_trunc(in->f_warp, lwm_subwarp_lw_w(cfg));
        if (out->nx_exit) { /* EXIT: the TOS's threads leave the entries below it */
            const uint64_t *x = s->mask_q[w][s->sp_q[w] - 1u];
            unsigned e, i;
            for (e = 0; e + 1u < s->sp_q[w]; e++)
                for (i = 0; i < nw; i++)
                    s->mask_q[w][e][i] &= ~x[i];
        }
        stack_apply(s, w, &out->nx_f, 0, 0, 0, NULL, NULL, nw);
    }
}

const char *lwm_subwarp_check(const lwm_subwarp_cfg *cfg, const lwm_subwarp_state *s)
{
    static char msg[160];
    const unsigned KN = cfg->rows * cfg->cols;
    uint64_t t[LWM_WORDS];
    unsigned w, i;
    words_trunc(t, s->copy_q, KN);
    if (memcmp(t, s->copy_q, sizeof t) != 0 || (!s->busy_q && !words_zero(s->copy_q))) {
        snprintf(msg, sizeof msg, "lwm_subwarp: copy_q beyond K*N bits or set while idle");
        return msg;
    }
    if (s->row_q && !s->busy_q) {
        snprintf(msg, sizeof msg, "lwm_subwarp: row mode while idle");
        return msg;
    }
    if (s->busy_q && s->kind_q != LWM_JUMP && words_zero(s->copy_q)) {
        snprintf(msg, sizeof msg, "lwm_subwarp: busy with an empty copy");
        return msg;
    }
    for (w = 0; w < LWM_MAX_LW; w++) {
        words_trunc(t, s->inflight_q[w], KN);
        if (memcmp(t, s->inflight_q[w], sizeof t) != 0 ||
            (w >= cfg->large_warps && (!words_zero(s->inflight_q[w]) || s->pend_q[w]))) {
            snprintf(msg, sizeof msg, "lwm_subwarp: in-flight bits of warp %u out of range", w);
            return msg;
        }
        if (s->pend_q[w] == 0u && !words_zero(s->inflight_q[w])) {
            snprintf(msg, sizeof msg, "lwm_subwarp: warp %u threads in flight, no sub-warp", w);
            return msg;
        }
    }
    for (w = 0; w < LWM_MAX_LW; w++)
        if (((s->jmp_q >> w) & 1u) && (w >= cfg->large_warps || s->pend_q[w] == 0u ||
                                       !((s->wait_q >> w) & 1u))) {
            snprintf(msg, sizeof msg, "lwm_subwarp: warp %u jump in flight without a sub-warp "
                     "out or a wait", w);
            return msg;
        }
    for (i = 0; i < LWM_WORDS; i++)
        if (s->taken_q[i] & s->ntaken_q[i]) {
            snprintf(msg, sizeof msg, "lwm_subwarp: a thread both taken and not taken");
            return msg;
        }
    if (!s->br_busy_q && (s->br_left_q || s->br_packed_q || !words_zero(s->taken_q) ||
                          !words_zero(s->ntaken_q))) {
        snprintf(msg, sizeof msg, "lwm_subwarp: branch buffers hold state with no branch");
        return msg;
    }
    if (s->br_busy_q && s->br_left_q > s->pend_q[s->br_warp_q]) {
        snprintf(msg, sizeof msg, "lwm_subwarp: more branch sub-warps than sub-warps in flight");
        return msg;
    }
    if (s->br_busy_q && s->sp_q[s->br_warp_q] == 0u) {
        snprintf(msg, sizeof msg, "lwm_subwarp: a branch gathers for a large warp with no stack");
        return msg;
    }
    /* the stacks, as simt_stack_check: entries non-empty within K*N, only a
     * waiting base holds pc == rpc, runs of equal rpc disjoint within the
     * entry below them */
    for (w = 0; w < LWM_MAX_LW; w++) {
        const unsigned sp = (unsigned)s->sp_q[w];
        unsigned e = 1;
        if (sp > cfg->depth || (w >= cfg->large_warps && sp)) {
            snprintf(msg, sizeof msg, "lwm_subwarp: warp %u depth %u out of range", w, sp);
            return msg;
        }
        for (i = 0; i < sp; i++) {
            words_trunc(t, s->mask_q[w][i], KN);
            if (words_zero(s->mask_q[w][i]) || memcmp(t, s->mask_q[w][i], sizeof t) != 0) {
                snprintf(msg, sizeof msg, "lwm_subwarp: warp %u entry %u mask empty or beyond K*N",
                         w, i);
                return msg;
            }
            if (s->pc_q[w][i] == s->rpc_q[w][i] && !(i == 0u && sp >= 2u)) {
                snprintf(msg, sizeof msg, "lwm_subwarp: warp %u entry %u pc == rpc, not popped",
                         w, i);
                return msg;
            }
        }
        while (e < sp) {
            unsigned r = e, k;
            uint64_t uni[LWM_WORDS];
            memset(uni, 0, sizeof uni);
            while (r < sp && s->rpc_q[w][r] == s->rpc_q[w][e]) {
                for (k = 0; k < LWM_WORDS; k++) {
                    if (uni[k] & s->mask_q[w][r][k]) {
                        snprintf(msg, sizeof msg, "lwm_subwarp: warp %u entry %u overlaps a "
                                 "sibling", w, r);
                        return msg;
                    }
                    uni[k] |= s->mask_q[w][r][k];
                }
                r++;
            }
            for (k = 0; k < LWM_WORDS; k++)
                if (uni[k] & ~s->mask_q[w][e - 1u][k]) {
                    snprintf(msg, sizeof msg, "lwm_subwarp: warp %u entries %u..%u not within "
                             "entry %u", w, e, r - 1u, e - 1u);
                    return msg;
                }
            e = r;
        }
    }
    return NULL;
}

void lwm_subwarp_ports(const lwm_subwarp_cfg *cfg, const lwm_subwarp_in *in,
                       const lwm_subwarp_out *out, port_visit_fn visit, void *ctx)
{
    const unsigned KN = cfg->rows * cfg->cols, lw = lwm_subwarp_lw_w(cfg);
    const unsigned rows_w = cfg->cols * lwm_subwarp_row_w(cfg);
    visit(ctx, "f_valid", 1, &in->f_valid, PORT_IN);
    visit(ctx, "f_warp", lw, &in->f_warp, PORT_IN);
    visit(ctx, "f_kind", 2, &in->f_kind, PORT_IN);
    visit(ctx, "f_pc", cfg->pc_bits, &in->f_pc, PORT_IN);
    visit(ctx, "f_npc", cfg->pc_bits, &in->f_npc, PORT_IN);
    visit(ctx, "f_rpc", cfg->pc_bits, &in->f_rpc, PORT_IN);
    visit(ctx, "f_mask", KN, in->f_mask, PORT_IN);
    visit(ctx, "f_wsync", 1, &in->f_wsync, PORT_IN);
    visit(ctx, "f_exit", 1, &in->f_exit, PORT_IN);
    visit(ctx, "c_valid", 1, &in->c_valid, PORT_IN);
    visit(ctx, "c_warp", lw, &in->c_warp, PORT_IN);
    visit(ctx, "c_cols", cfg->cols, &in->c_cols, PORT_IN);
    visit(ctx, "c_rows", rows_w, in->c_rows, PORT_IN);
    visit(ctx, "c_first", 1, &in->c_first, PORT_IN);
    visit(ctx, "c_branch", 1, &in->c_branch, PORT_IN);
    visit(ctx, "c_taken", cfg->cols, &in->c_taken, PORT_IN);
    visit(ctx, "f_ready", 1, &out->f_ready, PORT_OUT);
    visit(ctx, "err", 1, &out->err, PORT_OUT);
    visit(ctx, "err_code", 3, &out->err_code, PORT_OUT);
    visit(ctx, "act", 3, &out->act, PORT_OUT);
    visit(ctx, "sw_valid", 1, &out->sw_valid, PORT_OUT);
    visit(ctx, "sw_warp", lw, &out->sw_warp, PORT_OUT);
    visit(ctx, "sw_cols", cfg->cols, &out->sw_cols, PORT_OUT);
    visit(ctx, "sw_rows", rows_w, out->sw_rows, PORT_OUT);
    visit(ctx, "sw_first", 1, &out->sw_first, PORT_OUT);
    visit(ctx, "sw_branch", 1, &out->sw_branch, PORT_OUT);
    visit(ctx, "sw_jump", 1, &out->sw_jump, PORT_OUT);
    visit(ctx, "fetch_stall", 1, &out->fetch_stall, PORT_OUT);
    visit(ctx, "can_fetch", cfg->large_warps, &out->can_fetch, PORT_OUT);
    visit(ctx, "br_commit", 1, &out->br_commit, PORT_OUT);
    visit(ctx, "br_warp", lw, &out->br_warp, PORT_OUT);
    visit(ctx, "br_taken", KN, out->br_taken, PORT_OUT);
    visit(ctx, "br_ntaken", KN, out->br_ntaken, PORT_OUT);
    visit(ctx, "br_diverged", 1, &out->br_diverged, PORT_OUT);
    visit(ctx, "br_act", 3, &out->br_act, PORT_OUT);
    visit(ctx, "f_act", 3, &out->f_act, PORT_OUT);
    visit(ctx, "tos_depth", lwm_subwarp_depth_w(cfg), &out->tos_depth, PORT_OUT);
    visit(ctx, "tos_pc", cfg->pc_bits, &out->tos_pc, PORT_OUT);
    visit(ctx, "tos_mask", KN, out->tos_mask, PORT_OUT);
}

void lwm_subwarp_trace(struct vcd_writer *w, const lwm_subwarp_cfg *cfg,
                       const lwm_subwarp_state *s, const lwm_subwarp_in *in,
                       const lwm_subwarp_out *out)
{
    static const uint64_t zero[LWM_WORDS];
    const unsigned lw = lwm_subwarp_lw_w(cfg), pw = lwm_subwarp_pend_w(cfg);
    unsigned i;
    char name[24];
    lwm_subwarp_ports(cfg, in, out, vcd_port, w);
    vcd_scope(w, "state");
    vcd_sig(w, "busy_q", 1, s->busy_q);
    vcd_sig(w, "first_q", 1, s->first_q);
    vcd_sig(w, "cur_q", lw, s->cur_q);
    vcd_sig(w, "kind_q", 2, s->kind_q);
    vcd_sig(w, "row_q", 1, s->row_q);
    vcd_sig_words(w, "copy_q", cfg->rows * cfg->cols, s->copy_q);
    vcd_sig(w, "wait_q", cfg->large_warps, s->wait_q);
    vcd_sig(w, "jmp_q", cfg->large_warps, s->jmp_q);
    vcd_sig(w, "br_busy_q", 1, s->br_busy_q);
    vcd_sig(w, "br_warp_q", lw, s->br_warp_q);
    vcd_sig(w, "br_packed_q", 1, s->br_packed_q);
    vcd_sig(w, "br_left_q", pw, s->br_left_q);
    for (i = 0; i < cfg->large_warps; i++) {
        const unsigned sp = (unsigned)s->sp_q[i];
        snprintf(name, sizeof name, "w%02u_depth", i);
        vcd_sig(w, name, lwm_subwarp_depth_w(cfg), sp);
        snprintf(name, sizeof name, "w%02u_pc", i);
        vcd_sig(w, name, cfg->pc_bits, sp ? s->pc_q[i][sp - 1u] : 0u);
        snprintf(name, sizeof name, "w%02u_rpc", i);
        vcd_sig(w, name, cfg->pc_bits, sp ? s->rpc_q[i][sp - 1u] : 0u);
        snprintf(name, sizeof name, "w%02u_mask", i);
        vcd_sig_words(w, name, cfg->rows * cfg->cols, sp ? s->mask_q[i][sp - 1u] : zero);
    }
    vcd_upscope(w);
}

const char *lwm_subwarp_err_name(unsigned code)
{
    static const char *const names[] = {"NONE",        "BAD_WARP",  "BAD_FETCH", "NOT_IN_FLIGHT",
                                        "BAD_OUTCOME", "WARP_IDLE", "BAD_LAUNCH", "BAD_DONE"};
    return code < sizeof names / sizeof names[0] ? names[code] : "?";
}

const char *lwm_subwarp_act_name(unsigned act)
{
    static const char *const names[] = {"IDLE", "PICK", "LAST", "JUMP", "BLOCKED", "ERR"};
    return act < sizeof names / sizeof names[0] ? names[act] : "?";
}
