// SPDX-License-Identifier: Apache-2.0
// hct_cct_heap_cosim.cpp -- co-simulation of rtl_c/hct_cct_heap (C) against
// verilog/hct_cct_heap.v (Verilated), cycle by cycle.  Framework: tb/cosim.h.
// Hardware: the Hot and Cold Context Tables of 001 sec. 3.3-3.4 (see
// rtl_c/hct_cct_heap.h for the behaviour, timing and departures).
//
// Stimulus, per cycle (one operation on one warp, plus the read port):
//   - the two golden sequences of 001 Fig. 4 (case 1: the secondary at F is
//     suspended; case 2: it runs in parallel with B), alternating, on an idle
//     warp that random traffic leaves alone, due every 5000 cycles from cycle
//     0; every step's act is asserted (a PUSH may be held by a full CCT:
//     STALL, and is retried), and at the sync point the read port is
//     asserted (rd_v2, rd_pc1, rd_pc2, rd_run2);
//   - constrained-random legal traffic: 70% of operations on 6 "hot" warps,
//     each alternating a growing phase (divergences: a few threads of slot 1
//     or 2 split off to a new PC, so lists grow and the 128-entry CCT fills)
//     and a shrinking phase (slot 1 jumps to CPC2 or to the PC of the list
//     head, so contexts merge and lists pop); PCs come from a pool of 24 so
//     equal PCs are common; exits are rare, a finished warp is relaunched;
//     the sorter is often busy, so insertions degrade; a quarter of the
//     updates of a warp whose sorted list has two nodes send slot 2 to the
//     second node's PC (an EXCH the sorter then merges: the only merge a
//     CCT of 2 allows), and in half the cycles where the sorter is about
//     to merge, its warp's list changes (the merge waits); at CCT <= 4,
//     a third of the cycles where the sorter is busy and an entry is
//     free, the sorter's warp diverges (a degraded push);
//   - 4% illegal operations of every kind with their expected err_code;
//   - the read port sweeps every warp (out-of-range ids included) and half
//     the time reads the operated warp, with rd_sync and rd_pc_div chosen
//     around CPC1 (below, equal, above) so both cases of sec. 3.3 and the
//     equal-PC boundary are exercised; 10% of cycles it reads a warp whose
//     lo flag holds a cold PC between CPC1 and CPC2, at a sync there.
// Harness invariants (beyond hct_cct_heap_check): expected err codes, golden
// acts and reads, conservation every cycle (for every warp the HCT masks and
// its list's masks make up exactly its live threads: launched minus exited;
// a FINISH only when no thread is left), deg_cnt counts exactly the
// PUSH_DEG/EXCH_DEG acts, free_cnt moves by one exactly on PUSH/POP and on
// a sorter MERGE, the selective-sync rule on the read port (whenever the
// secondary may run at a sync, no live context of the warp -- the primary
// or a cold one -- has a PC in [PC_div, CPC2); rd_pc_div is often picked at
// or just below a cold PC of the read warp to aim at it), a walk examines at
// most hct_cct_heap_walk_max nodes, and the whole state (Model::state: every
// HCT row, CCT entry, link, flag, the free list and the sorter registers)
// equals the RTL's after every clock edge.  --inject-fault flips a PC bit of
// a free CCT entry (not the free head), which only the state compare sees:
// it is reported the cycle after.
// Coverage keys: max_list (longest CCT list), max_cct_used, degraded
// (= deg_push + deg_exch), merges, pops, exchanges, pushes, stalls (CCT
// full), sync_suspended / sync_released (read port at a sync with v2),
// finishes, illegal, max_walk (most nodes one walk examined) and
// max_walk_cycles (with its waits), sort_aborts (its node popped or
// overwritten), sort_pred_pops (the node in front of it popped),
// sort_merges (the sorter merged equal PCs), sort_merge_waits (a merge
// waited for the free list), joins, lo_set, lo_suspended (held by lo alone)
// and lo_cold_in_range (of those, a cold PC really was in [PC_div, CPC2)),
// dirty_cleared (dcnt back to 0 with the list non-empty), triple_merges
// (three valid update contexts on one PC: two merges in one network),
// golden_case1/2
// (Fig. 4 runs completed), part_dup_12/13/23 (BAD_PART: a thread in
// contexts 1 and 2, 1 and 3, 2 and 3) and part_exit_1/2/3 (BAD_PART: an
// exiting thread that stays in context 1, 2, 3), and one key per error
// code (err_NAME) and per act (act_NAME).
#include "cosim.h"

#include "Vhct_cct_heap.h"
#include "Vhct_cct_heap___024root.h"

extern "C" {
#include "../rtl_c/hct_cct_heap.h"
}

// The CCT entries that hold a context: those on a warp's cold list.  A free
// entry's PC and mask are don't-care (the RTL never resets them: under
// --x-initial unique they power up random), so only these are compared.
static void cct_in_use(const hct_cct_heap_cfg &c, const hct_cct_heap_state &s, bool *used)
{
    for (unsigned e = 0; e < c.cct; e++)
        used[e] = false;
    for (unsigned w = 0; w < c.warps; w++) {
        if (!s.hv[w])
            continue;
        unsigned e = s.head[w];
        for (unsigned k = 0; k < c.cct && e < c.cct && !used[e]; k++) {
            used[e] = true;
            if (!s.nv[e])
                break;
            e = s.nxt[e];
        }
    }
}

struct HctCctHeapModel {
    COSIM_MODEL(hct_cct_heap, Vhct_cct_heap)

    // A reset in the middle of traffic keeps the table contents, as the RTL
    // does (RAM: HCT and CCT PCs and masks); everything else resets.
    static void warm_reset(const cfg_t &c, state_t &s) {
        state_t keep = s;
        hct_cct_heap_reset(&c, &s);
        std::memcpy(s.pc1, keep.pc1, sizeof s.pc1);
        std::memcpy(s.m1, keep.m1, sizeof s.m1);
        std::memcpy(s.pc2, keep.pc2, sizeof s.pc2);
        std::memcpy(s.m2, keep.m2, sizeof s.m2);
        std::memcpy(s.cpc, keep.cpc, sizeof s.cpc);
        std::memcpy(s.cmask, keep.cmask, sizeof s.cmask);
    }
    // Whole-state compare: every HCT row, CCT entry, link, flag, the free
    // list and every sorter register, by its Verilog register name.
    static void state(rtl_t *r, const cfg_t &c, const state_t &s, StateCmp &cmp) {
        const Vhct_cct_heap___024root *v = r->rootp;
        for (unsigned w = 0; w < c.warps; w++) {
            const int i = static_cast<int>(w);
            // an invalid context's PC and mask are don't-care (never reset)
            if (s.v1[w]) {
                cmp("pc1_q", i, -1, s.pc1[w], v->hct_cct_heap__DOT__pc1_q[w]);
                cmp("m1_q", i, -1, s.m1[w], v->hct_cct_heap__DOT__m1_q[w]);
            }
            cmp("v1_q", i, -1, s.v1[w], vbit(v->hct_cct_heap__DOT__v1_q, w));
            if (s.v2[w]) {
                cmp("pc2_q", i, -1, s.pc2[w], v->hct_cct_heap__DOT__pc2_q[w]);
                cmp("m2_q", i, -1, s.m2[w], v->hct_cct_heap__DOT__m2_q[w]);
            }
            cmp("v2_q", i, -1, s.v2[w], vbit(v->hct_cct_heap__DOT__v2_q, w));
            cmp("head_q", i, -1, s.head[w], v->hct_cct_heap__DOT__head_q[w]);
            cmp("hv_q", i, -1, s.hv[w], vbit(v->hct_cct_heap__DOT__hv_q, w));
            cmp("lo_q", i, -1, s.lo[w], vbit(v->hct_cct_heap__DOT__lo_q, w));
            cmp("dcnt_q", i, -1, s.dcnt[w], v->hct_cct_heap__DOT__dcnt_q[w]);
        }
        bool used[HCH_MAX_CCT];
        cct_in_use(c, s, used);
        for (unsigned e = 0; e < c.cct; e++) {
            const int i = static_cast<int>(e);
            if (used[e]) {
                cmp("cpc_q", i, -1, s.cpc[e], v->hct_cct_heap__DOT__cpc_q[e]);
                cmp("cmask_q", i, -1, s.cmask[e], v->hct_cct_heap__DOT__cmask_q[e]);
            }
            cmp("nxt_q", i, -1, s.nxt[e], v->hct_cct_heap__DOT__nxt_q[e]);
            cmp("nv_q", i, -1, s.nv[e], vbit(v->hct_cct_heap__DOT__nv_q, e));
            cmp("cu_q", i, -1, s.cu[e], vbit(v->hct_cct_heap__DOT__cu_q, e));
        }
        cmp("free_head_q", -1, -1, s.free_head, v->hct_cct_heap__DOT__free_head_q);
        cmp("free_cnt_q", -1, -1, s.free_cnt, v->hct_cct_heap__DOT__free_cnt_q);
        cmp("s_busy_q", -1, -1, s.s_busy, v->hct_cct_heap__DOT__s_busy_q);
        cmp("s_warp_q", -1, -1, s.s_warp, v->hct_cct_heap__DOT__s_warp_q);
        cmp("s_node_q", -1, -1, s.s_node, v->hct_cct_heap__DOT__s_node_q);
        cmp("s_pc_q", -1, -1, s.s_pc, v->hct_cct_heap__DOT__s_pc_q);
        cmp("s_pred_head_q", -1, -1, s.s_pred_head, v->hct_cct_heap__DOT__s_pred_head_q);
        cmp("s_pred_q", -1, -1, s.s_pred, v->hct_cct_heap__DOT__s_pred_q);
        cmp("s_cur_q", -1, -1, s.s_cur, v->hct_cct_heap__DOT__s_cur_q);
        cmp("s_prev_v_q", -1, -1, s.s_prev_v, v->hct_cct_heap__DOT__s_prev_v_q);
        cmp("s_prev_q", -1, -1, s.s_prev, v->hct_cct_heap__DOT__s_prev_q);
        cmp("deg_cnt_q", -1, -1, s.deg_cnt, v->hct_cct_heap__DOT__deg_cnt_q);
    }
    // Bit i of a Verilated packed vector (an integer up to 64 bits, or VlWide).
    template <class T> static uint64_t vbit(const T &x, unsigned i) {
        return (static_cast<uint64_t>(x) >> i) & 1u;
    }
    template <std::size_t N> static uint64_t vbit(const VlWide<N> &x, unsigned i) {
        return (x[i / 32u] >> (i % 32u)) & 1u;
    }
    static bool err(const out_t &o) { return o.err != 0; }
    static bool ready(const out_t &o) { return o.ready != 0; }

    static const char *decode(const char *port, uint64_t v) {
        if (!std::strcmp(port, "act"))
            return hct_cct_heap_act_name(static_cast<unsigned>(v));
        if (!std::strcmp(port, "err_code"))
            return hct_cct_heap_err_name(static_cast<unsigned>(v));
        if (!std::strcmp(port, "op")) {
            static const char *const ops[] = {"NOP", "LAUNCH", "UPDATE", "BAD"};
            return ops[v & 3u];
        }
        return NULL;
    }
};

// 001 Fig. 4 laid out by PC: A ends with the outer branch (B | C), C ends
// with the inner branch at C_END (D | E); D, E -> F; B, F -> G.  4 threads,
// bit i = thread i.
enum { PC_A = 0x100, PC_B = 0x200, PC_C = 0x300, PC_C_END = 0x3fc, PC_D = 0x400,
       PC_E = 0x500, PC_F = 0x600, PC_G = 0x700 };
enum { G_LAUNCH, G_UPDATE, G_READ };
struct GoldenStep {
    unsigned kind;
    uint64_t pc1, m1, pc2, m2, pc3, m3, exitm; // READ: pc1/pc2 expected, m1 = run2
    unsigned act;
};
static const GoldenStep kCase1[] = {
    {G_LAUNCH, PC_A, 0xf, 0, 0, 0, 0, 0, HCH_ACT_LAUNCH},
    {G_UPDATE, PC_B, 0x3, 0, 0, PC_C, 0xc, 0, HCH_ACT_UPDATE},   // A diverges
    {G_UPDATE, PC_G, 0x3, PC_C, 0xc, 0, 0, 0, HCH_ACT_UPDATE},   // B -> G
    {G_UPDATE, PC_D, 0x4, PC_G, 0x3, PC_E, 0x8, 0, HCH_ACT_PUSH}, // C diverges, G cold
    {G_UPDATE, PC_D, 0x4, PC_F, 0x8, 0, 0, 0, HCH_ACT_UPDATE},   // E -> F
    {G_READ, PC_D, 0, PC_F, 0, 0, 0, 0, 0},                      // case 1: F suspended
    {G_UPDATE, PC_F, 0x4, PC_F, 0x8, 0, 0, 0, HCH_ACT_POP},      // D -> F: merge, G pops
    {G_UPDATE, PC_G, 0xc, PC_G, 0x3, 0, 0, 0, HCH_ACT_UPDATE},   // F -> G: merge
    {G_UPDATE, 0, 0, 0, 0, 0, 0, 0xf, HCH_ACT_FINISH},
};
static const GoldenStep kCase2[] = {
    {G_LAUNCH, PC_A, 0xf, 0, 0, 0, 0, 0, HCH_ACT_LAUNCH},
    {G_UPDATE, PC_B, 0x3, 0, 0, PC_C, 0xc, 0, HCH_ACT_UPDATE},    // A diverges
    {G_UPDATE, PC_B, 0x3, PC_C_END, 0xc, 0, 0, 0, HCH_ACT_UPDATE}, // C runs, B waits
    {G_UPDATE, PC_B, 0x3, PC_D, 0x4, PC_E, 0x8, 0, HCH_ACT_PUSH},  // C diverges, E cold
    {G_UPDATE, PC_B, 0x3, PC_F, 0x4, 0, 0, 0, HCH_ACT_EXCH},      // D -> F: E comes up
    {G_UPDATE, PC_B, 0x3, PC_F, 0x8, 0, 0, 0, HCH_ACT_POP},       // E -> F: merge, pop
    {G_READ, PC_B, 1, PC_F, 0, 0, 0, 0, 0},                       // case 2: F runs
    {G_UPDATE, PC_B + 4, 0x3, PC_G, 0xc, 0, 0, 0, HCH_ACT_UPDATE}, // B and F in parallel
    {G_UPDATE, PC_G, 0x3, PC_G, 0xc, 0, 0, 0, HCH_ACT_UPDATE},    // merge at G
    {G_UPDATE, 0, 0, 0, 0, 0, 0, 0xf, HCH_ACT_FINISH},
};

static const unsigned kHot = 6;

// Widths from the configuration (any legal design point): the number of
// op_warp/rd_warp codes, the hot warps (fewer on a small design), and PCs
// from a pool that fits PC_W (the default pools need 14 bits; narrower
// PCs fold them, so equal PCs only get more common).
static unsigned warp_codes(const hct_cct_heap_cfg &c) { return 1u << hct_cct_heap_warp_w(&c); }
static unsigned hot_warps(const hct_cct_heap_cfg &c) {
    return c.warps > kHot ? kHot : c.warps > 1 ? c.warps - 1 : 1;
}

class HctCctHeapStim {
public:
    void reset(const hct_cct_heap_cfg &cfg) {
        pc_bits_ = cfg.pc_bits;
        for (unsigned w = 0; w < HCH_MAX_WARPS; w++) {
            live_[w] = 0;
            grow_[w] = true;
        }
        golden_warp_ = -1;
        golden_due_ = 0;
        golden_case_ = 0;
        golden_step_ = 0;
        golden_now_ = false;
        expect_err_ = 0;
        walk_ = 0;
        walk_nodes_ = 0;
        avoid_warp_ = -1;
        static const char *const keys[] = {
            "max_list",  "max_cct_used", "degraded",    "deg_push",      "deg_exch",
            "merges",    "pops",         "exchanges",   "pushes",        "stalls",
            "sync_suspended", "sync_released", "finishes", "illegal",    "max_walk",
            "max_walk_cycles", "sort_aborts", "sort_pred_pops", "sort_merges",
            "sort_merge_waits", "joins", "lo_set", "lo_suspended", "lo_cold_in_range",
            "dirty_cleared", "triple_merges", "golden_case1", "golden_case2",
            "part_dup_12", "part_dup_13", "part_dup_23", "part_exit_1", "part_exit_2",
            "part_exit_3"};
        for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
            cov_[keys[k]] = 0;
        // every error code and every act is its own key (issue 11 item 10)
        for (unsigned e = HCH_ERR_BAD_OP; e <= HCH_ERR_BAD_PART; e++)
            cov_[key("err_", hct_cct_heap_err_name(e))] = 0;
        for (unsigned a = HCH_ACT_IDLE; a <= HCH_ACT_JOIN; a++)
            cov_[key("act_", hct_cct_heap_act_name(a))] = 0;
    }

    hct_cct_heap_in next(const hct_cct_heap_cfg &cfg, const hct_cct_heap_state &s, Rng &rng,
                         uint64_t cyc) {
        hct_cct_heap_in in;
        std::memset(&in, 0, sizeof in);
        expect_err_ = 0;
        golden_now_ = false;
        bool rd_follow = rng.chance(50);
        in.rd_warp = rng.chance(5) ? rng.below(warp_codes(cfg)) : rng.below(cfg.warps);

        if (golden_warp_ < 0 && cyc >= golden_due_) {
            start_golden(cfg, s, rng);
            if (golden_warp_ >= 0)
                golden_due_ = cyc - cyc % 5000 + 5000;
        }
        if (golden_warp_ >= 0 && rng.chance(50)) {
            golden(in);
            golden_now_ = true;
        } else if (rng.chance(4)) {
            illegal(cfg, s, rng, in);
            if (rd_follow)
                in.rd_warp = in.op_warp;
        } else if (!rng.chance(8)) {
            unsigned w = rng.chance(70) ? static_cast<unsigned>(rng.below(hot_warps(cfg)))
                                        : static_cast<unsigned>(rng.below(cfg.warps));
            // the sorter is about to merge: half the time its warp's list
            // changes in this cycle, and the merge waits
            const bool wait = merge_due(s) && rng.chance(50);
            // with few CCT entries a degraded push is rare: at CCT=3 only
            // the sorter's own warp can push while it is busy (its list
            // holds two entries, another warp's list would need a third
            // beside the free one); a third of the cycles the sorter is
            // busy with an entry free, its warp diverges
            const bool crowd = !wait && cfg.cct <= 4 && s.s_busy && s.free_cnt > 0 &&
                               rng.chance(33);
            if (wait || crowd)
                w = static_cast<unsigned>(s.s_warp);
            if (static_cast<int>(w) != golden_warp_ && static_cast<int>(w) != avoid_warp_) {
                if (wait)
                    merge_wait(cfg, s, rng, in, w);
                else if (crowd)
                    busy_push(cfg, s, rng, in, w);
                else
                    legal(cfg, s, rng, in, w);
                if (rd_follow)
                    in.rd_warp = in.op_warp;
            }
        }
        if (!golden_now_ || kind() != G_READ) {
            pick_sync(cfg, s, rng, in);
            if (rng.chance(10))
                aim_cold(cfg, s, in);
        }
        avoid_warp_ = -1;
        return in;
    }

    const char *check(const hct_cct_heap_cfg &cfg, const hct_cct_heap_state &before,
                      const hct_cct_heap_state &after, const hct_cct_heap_in &in,
                      const hct_cct_heap_out &o) {
        static char msg[240];
        if (o.err_code != expect_err_) {
            snprintf(msg, sizeof msg, "expected err_code %s, model gave %s",
                     hct_cct_heap_err_name(expect_err_),
                     hct_cct_heap_err_name(static_cast<unsigned>(o.err_code)));
            return msg;
        }
        if (golden_now_) {
            const char *why = golden_check(o);
            if (why)
                return why;
        }
        observe(cfg, before, after, in, o);
        // accounting of the accepted operation
        const unsigned w = static_cast<unsigned>(in.op_warp);
        const bool accepted = !o.err && o.ready && in.op != HCH_OP_NOP;
        if (accepted && in.op == HCH_OP_LAUNCH)
            live_[w] = in.op_m1;
        if (accepted && in.op == HCH_OP_UPDATE)
            live_[w] &= ~in.op_exit;
        if (o.act == HCH_ACT_FINISH && live_[w] != 0) {
            snprintf(msg, sizeof msg, "warp %u finished with live threads %llx", w,
                     (unsigned long long)live_[w]);
            return msg;
        }
        // selective sync (001 sec. 3.3, issue 11 item 2): whenever the
        // secondary may run at a sync, no live context of the warp (the
        // primary or a cold one) has a PC in [PC_div, CPC2)
        if (in.rd_warp < cfg.warps && in.rd_sync && o.rd_run2) {
            const unsigned r = static_cast<unsigned>(in.rd_warp);
            const uint64_t div = bits_trunc(in.rd_pc_div, cfg.pc_bits), c2 = before.pc2[r];
            if (before.pc1[r] >= div && before.pc1[r] < c2) {
                snprintf(msg, sizeof msg, "warp %u: secondary runs with CPC1 %llx in [%llx, %llx)",
                         r, (unsigned long long)before.pc1[r], (unsigned long long)div,
                         (unsigned long long)c2);
                return msg;
            }
            unsigned len = hct_cct_heap_list_len(&cfg, &before, r), p = before.head[r];
            for (unsigned j = 0; j < len; j++, p = before.nxt[p])
                if (before.cpc[p] >= div && before.cpc[p] < c2) {
                    snprintf(msg, sizeof msg,
                             "warp %u: secondary runs with cold pc %llx in [%llx, %llx)", r,
                             (unsigned long long)before.cpc[p], (unsigned long long)div,
                             (unsigned long long)c2);
                    return msg;
                }
        }
        // the sorter examines at most hct_cct_heap_walk_max nodes per walk
        if (walk_nodes_ > hct_cct_heap_walk_max(&cfg)) {
            snprintf(msg, sizeof msg, "sorter examined %llu nodes in one walk (bound %u)",
                     (unsigned long long)walk_nodes_, hct_cct_heap_walk_max(&cfg));
            return msg;
        }
        const uint64_t deg = (o.act == HCH_ACT_PUSH_DEG || o.act == HCH_ACT_EXCH_DEG) ? 1 : 0;
        if (after.deg_cnt != bits_trunc(before.deg_cnt + deg, 16)) {
            snprintf(msg, sizeof msg, "deg_cnt %llu -> %llu on act %s",
                     (unsigned long long)before.deg_cnt, (unsigned long long)after.deg_cnt,
                     hct_cct_heap_act_name(static_cast<unsigned>(o.act)));
            return msg;
        }
        int64_t dfree = static_cast<int64_t>(after.free_cnt) - static_cast<int64_t>(before.free_cnt);
        int64_t want = (o.act == HCH_ACT_PUSH || o.act == HCH_ACT_PUSH_DEG) ? -1
                       : o.act == HCH_ACT_POP                               ? 1
                                                                            : 0;
        if (o.d_srt == HCH_SRT_MERGE)
            want++; // the sorter freed its node
        if (dfree != want) {
            snprintf(msg, sizeof msg, "free_cnt moved by %lld on act %s (sorter %u)",
                     (long long)dfree, hct_cct_heap_act_name(static_cast<unsigned>(o.act)),
                     static_cast<unsigned>(o.d_srt));
            return msg;
        }
        // conservation: every warp's contexts are exactly its live threads
        for (unsigned v = 0; v < cfg.warps; v++) {
            uint64_t u = (after.v1[v] ? after.m1[v] : 0) | (after.v2[v] ? after.m2[v] : 0);
            unsigned len = hct_cct_heap_list_len(&cfg, &after, v), p = after.head[v];
            for (unsigned j = 0; j < len; j++, p = after.nxt[p])
                u |= after.cmask[p];
            if (u != live_[v]) {
                snprintf(msg, sizeof msg,
                         "warp %u: contexts hold threads %llx but its live threads are %llx", v,
                         (unsigned long long)u, (unsigned long long)live_[v]);
                return msg;
            }
            if (len > cov_["max_list"])
                cov_["max_list"] = len;
        }
        if (cfg.cct - after.free_cnt > cov_["max_cct_used"])
            cov_["max_cct_used"] = cfg.cct - after.free_cnt;
        return NULL;
    }

    // Flips one state bit (see below); the next cycle's whole-state compare
    // (Model::state) must report it.
    void inject_fault(const hct_cct_heap_cfg &cfg, hct_cct_heap_state &s, Rng &rng) {
        // Preferably a PC bit of a cold context behind a list head: no port
        // reads it this cycle, and the sorter keeps it where it is (a
        // corrupted PC only reorders it later); the whole-state compare
        // reports it the cycle after.
        bool used[HCH_MAX_CCT];
        cct_in_use(cfg, s, used);
        for (unsigned w = 0; w < cfg.warps; w++)
            if (s.hv[w] && s.nv[s.head[w]] && used[s.nxt[s.head[w]]] && !s.s_busy) {
                s.cpc[s.nxt[s.head[w]]] ^= 1ull << rng.below(cfg.pc_bits);
                avoid_warp_ = static_cast<int>(w); // not rewritten next cycle
                return;
            }
        for (unsigned pass = 0; pass < 2; pass++) {
            unsigned n = pass == 0 ? hot_warps(cfg) : cfg.warps;
            unsigned start = static_cast<unsigned>(rng.below(n));
            for (unsigned k = 0; k < n; k++) {
                unsigned w = (start + k) % n;
                if (s.v1[w]) {
                    s.pc1[w] ^= 1ull << rng.below(cfg.pc_bits);
                    avoid_warp_ = static_cast<int>(w); // not rewritten next cycle
                    return;
                }
            }
        }
        s.free_cnt ^= 1u;
    }

    std::string coverage() { return cov_.str(); }

    // The decision kinds this point allows (tb/cosim.h hook 5): launch,
    // update, finish, an idle cycle, the illegal operations (BAD_OP,
    // WARP_BUSY, BAD_MASK, BAD_PART of its kinds that one thread allows;
    // WARP_IDLE with a second warp: a single warp is relaunched at once;
    // BAD_WARP where the port can carry a warp beyond WARPS).  Everything
    // a divergence starts needs two lanes: pushes (degraded ones included),
    // pops, exchanges, merges, joins, the
    // sorter's merges, aborts and waits, the read port's suspended and
    // released syncs, the lo flag's cases, a list made clean again, and the
    // BAD_PART kinds of a second context; three lanes for three contexts
    // (a triple merge, BAD_PART in context 3).  The golden runs need 4
    // lanes, 11 PC bits and a warp beyond the hot ones.  A push into a full
    // CCT (STALL) where the CCT holds at most two contexts per lane (the
    // defaults, 128 at 64 lanes: the hot warps' lists fill it; at the odd
    // point, 45 at 12 lanes, at most 37 are ever used in 40,000 cycles: a
    // coverage hole of the stimulus there), and where the warps can fill
    // it at all: a warp's list holds fewer than LANES nodes (masks
    // disjoint and non-empty, beside hot context 1, valid whenever the
    // list is: hv -> v1), so CCT <= WARPS * (LANES - 1) (at WARPS=1 the 64
    // lanes fill at most 63 of the 128 entries: a STALL cannot happen),
    // and, with few PC bits, where a sorted list of distinct PCs could:
    // CCT <= WARPS * (2^PC_W - 1) (at PC_W = 2, 72 of 128 entries; only
    // unsorted duplicates, not yet merged by the sorter, could hold more:
    // not derived here, 0 STALLs in 40,000 cycles, seeds 1 and 7).  A
    // degraded push needs CCT >= 3: it needs a free entry while the sorter
    // is busy, and a busy sorter holds two entries (its node and the one it
    // examines: it gives up when its node is popped or overwritten, the
    // node it examines follows it, and only the head pops), so at CCT 2 the
    // push stalls.  Not required: sort_pred_pops
    // (11-13 per 40,000 cycles at the defaults).
    void required(const hct_cct_heap_cfg &cfg, std::vector<std::string> &keys) const {
        const bool div = cfg.lanes >= 2;
        cosim_require(keys, {"act_IDLE", "act_LAUNCH", "act_UPDATE", "act_FINISH", "finishes",
                             "illegal", "err_BAD_OP", "err_WARP_BUSY", "err_BAD_MASK",
                             "err_BAD_PART", "part_dup_12", "part_dup_13", "part_exit_1"});
        cosim_require(keys, {"err_WARP_IDLE"}, cfg.warps >= 2);
        cosim_require(keys, {"err_BAD_WARP"}, cfg.warps < (1ull << hct_cct_heap_warp_w(&cfg)));
        cosim_require(keys, {"deg_push", "act_PUSH_DEG"}, div && cfg.cct >= 3);
        cosim_require(keys, {"pushes", "act_PUSH", "degraded", "deg_exch", "act_EXCH_DEG", "pops", "act_POP",
                             "exchanges", "act_EXCH", "merges", "joins", "act_JOIN",
                             "sort_merges", "sort_aborts", "sort_merge_waits", "sync_suspended",
                             "sync_released", "lo_set", "lo_suspended", "lo_cold_in_range",
                             "dirty_cleared", "part_dup_23", "part_exit_2"},
                      div);
        cosim_require(keys, {"stalls", "act_STALL"},
                      div && cfg.cct <= 2 * cfg.lanes && cfg.cct <= cfg.warps * (cfg.lanes - 1) &&
                          (cfg.pc_bits >= 8 || cfg.cct <= cfg.warps * ((1u << cfg.pc_bits) - 1)));
        cosim_require(keys, {"triple_merges", "part_exit_3"}, cfg.lanes >= 3);
        cosim_require(keys, {"golden_case1", "golden_case2"},
                      cfg.lanes >= 4 && cfg.pc_bits >= 11 && cfg.warps > hot_warps(cfg));
    }

private:
    static const char *key(const char *prefix, const char *name) {
        static char buf[64];
        snprintf(buf, sizeof buf, "%s%s", prefix, name);
        return buf;
    }

    const GoldenStep *gseq() const { return golden_case_ == 0 ? kCase1 : kCase2; }
    unsigned glen() const {
        return golden_case_ == 0 ? sizeof kCase1 / sizeof kCase1[0]
                                 : sizeof kCase2 / sizeof kCase2[0];
    }
    unsigned kind() const { return gseq()[golden_step_].kind; }

    void start_golden(const hct_cct_heap_cfg &cfg, const hct_cct_heap_state &s, Rng &rng) {
        unsigned start = static_cast<unsigned>(rng.below(cfg.warps));
        if (cfg.lanes < 4 || cfg.pc_bits < 11) // the Fig. 4 PCs need 11 bits
            return;
        for (unsigned k = 0; k < cfg.warps; k++) {
            unsigned w = (start + k) % cfg.warps;
            if (w >= hot_warps(cfg) && !s.v1[w]) {
                golden_warp_ = static_cast<int>(w);
                golden_step_ = 0;
                return;
            }
        }
    }

    void golden(hct_cct_heap_in &in) {
        const GoldenStep &g = gseq()[golden_step_];
        const unsigned w = static_cast<unsigned>(golden_warp_);
        if (g.kind == G_READ) {
            in.rd_warp = w;
            in.rd_sync = 1;
            in.rd_pc_div = PC_C_END; // the sync at F points at the end of C
            return;
        }
        in.op_warp = w;
        in.op = g.kind == G_LAUNCH ? HCH_OP_LAUNCH : HCH_OP_UPDATE;
        in.op_pc1 = g.pc1;
        in.op_m1 = g.m1;
        in.op_v1 = g.m1 != 0;
        in.op_pc2 = g.pc2;
        in.op_m2 = g.m2;
        in.op_v2 = g.m2 != 0;
        in.op_pc3 = g.pc3;
        in.op_m3 = g.m3;
        in.op_v3 = g.m3 != 0;
        in.op_exit = g.exitm;
        in.rd_warp = w;
    }

    const char *golden_check(const hct_cct_heap_out &o) {
        static char msg[200];
        const GoldenStep &g = gseq()[golden_step_];
        if (g.kind == G_READ) {
            if (!o.rd_v1 || !o.rd_v2 || o.rd_pc1 != g.pc1 || o.rd_pc2 != g.pc2 ||
                o.rd_run2 != g.m1) {
                snprintf(msg, sizeof msg,
                         "golden case %u read: v1 %llu pc1 %llx v2 %llu pc2 %llx run2 %llu, "
                         "expected pc1 %llx pc2 %llx run2 %llu",
                         golden_case_ + 1, (unsigned long long)o.rd_v1,
                         (unsigned long long)o.rd_pc1, (unsigned long long)o.rd_v2,
                         (unsigned long long)o.rd_pc2, (unsigned long long)o.rd_run2,
                         (unsigned long long)g.pc1, (unsigned long long)g.pc2,
                         (unsigned long long)g.m1);
                return msg;
            }
        } else if (o.act != g.act && !(g.act == HCH_ACT_PUSH && o.act == HCH_ACT_STALL)) {
            snprintf(msg, sizeof msg, "golden case %u step %u: expected act %s, model gave %s",
                     golden_case_ + 1, golden_step_, hct_cct_heap_act_name(g.act),
                     hct_cct_heap_act_name(static_cast<unsigned>(o.act)));
            return msg;
        }
        if (o.act == HCH_ACT_STALL)
            return NULL; // held by a full CCT: the same step again later
        if (++golden_step_ == glen()) {
            cov_[golden_case_ == 0 ? "golden_case1" : "golden_case2"]++;
            golden_warp_ = -1;
            golden_case_ ^= 1u;
        }
        return NULL;
    }

    // The read port at a warp whose lo flag alone holds its secondary: a
    // cold PC in (CPC1, CPC2) while lo is set, read with PC_div at that PC
    // (lo_cold_in_range: a sync 001's rule alone would release).  The
    // state is short-lived where lists are short (CCT=2: 0 to 4 such reads
    // in 40,000 cycles of random reads); a search of the warps finds it.
    static void aim_cold(const hct_cct_heap_cfg &cfg, const hct_cct_heap_state &s,
                         hct_cct_heap_in &in) {
        for (unsigned r = 0; r < cfg.warps; r++) {
            if (!s.lo[r] || !s.v2[r] || !s.hv[r])
                continue;
            unsigned len = hct_cct_heap_list_len(&cfg, &s, r), p = s.head[r];
            for (unsigned j = 0; j < len; j++, p = s.nxt[p])
                if (s.cpc[p] > s.pc1[r] && s.cpc[p] < s.pc2[r]) {
                    in.rd_warp = r;
                    in.rd_sync = 1;
                    in.rd_pc_div = s.cpc[p];
                    return;
                }
        }
    }

    // The read port: rd_sync and rd_pc_div around CPC1 of rd_warp.
    static void pick_sync(const hct_cct_heap_cfg &cfg, const hct_cct_heap_state &s, Rng &rng,
                          hct_cct_heap_in &in) {
        in.rd_sync = rng.chance(60);
        const unsigned r = static_cast<unsigned>(in.rd_warp);
        const uint64_t pc1 = r < cfg.warps ? s.pc1[r] : 0;
        // a cold PC of the warp, or just below it: PC_div where a cold
        // context below CPC2 would fall inside [PC_div, CPC2)
        if (r < cfg.warps && s.hv[r] && rng.chance(35)) {
            unsigned len = hct_cct_heap_list_len(&cfg, &s, r), p = s.head[r];
            for (unsigned j = static_cast<unsigned>(rng.below(len)); j > 0; j--)
                p = s.nxt[p];
            in.rd_pc_div = bits_trunc(s.cpc[p] - (rng.chance(50) ? 0 : 4), cfg.pc_bits);
            return;
        }
        switch (rng.below(4)) {
        case 0:
            in.rd_pc_div = pc1;
            break;
        case 1:
            in.rd_pc_div = bits_trunc(pc1 - 4, cfg.pc_bits);
            break;
        case 2:
            in.rd_pc_div = bits_trunc(pc1 + 4, cfg.pc_bits);
            break;
        default:
            in.rd_pc_div = rng.bits(cfg.pc_bits);
            break;
        }
    }

    uint64_t pool_pc(Rng &rng) const { return fold(0x1000 + rng.below(24) * 0x40); }
    uint64_t wide_pc(Rng &rng) const { return fold(0x2000 + rng.below(64) * 0x40); }
    // The pools' PCs (0x40 apart) within PC_W: shifted down while that
    // keeps them apart (PC_W >= 8); below, their index bits, so that even
    // PC_W = 2 has four distinct PCs (the shift left one pool PC and one
    // wide one there: no third context, no push ever)
    uint64_t fold(uint64_t pc) const {
        return pc_bits_ >= 14  ? pc
               : pc_bits_ >= 8 ? bits_trunc(pc >> (14 - pc_bits_), pc_bits_)
                               : bits_trunc(pc >> 6, pc_bits_);
    }

    // A random non-empty part of m (m non-zero); small parts are likely.
    static uint64_t some(uint64_t m, Rng &rng) {
        uint64_t t = m & rng.next() & rng.next();
        if (t == 0)
            t = bits_lowest(m);
        return t;
    }

    // The sorter's next step merges its node into an equal sorted one.
    static bool merge_due(const hct_cct_heap_state &s) {
        return s.s_busy && s.s_cur < HCH_MAX_CCT && !s.cu[s.s_cur] && s.cpc[s.s_cur] == s.s_pc;
    }

    // An update that keeps warp w's hot contexts' threads where they are,
    // with new PCs q1 < q2 (both contexts valid).
    void hot_update(const hct_cct_heap_state &s, hct_cct_heap_in &in, unsigned w, uint64_t q1,
                    uint64_t q2) {
        in.op_warp = w;
        in.op = HCH_OP_UPDATE;
        in.op_pc1 = q1;
        in.op_m1 = s.m1[w];
        in.op_v1 = 1;
        in.op_pc2 = q2;
        in.op_m2 = s.m2[w];
        in.op_v2 = 1;
    }

    // In the cycle the sorter would merge (merge_due), an update of its warp
    // that changes the list, so the merge waits (sort_merge_waits): slot 2
    // jumps above the head (EXCH, degraded while the sorter is busy: the
    // only degraded insertion a CCT of 2 allows, whose two nodes are both
    // the sorter's list), or onto the head's PC (a POP that merges it into
    // slot 2).  Both take the sorter's node, the head: it gives up.
    void merge_wait(const hct_cct_heap_cfg &cfg, const hct_cct_heap_state &s, Rng &rng,
                    hct_cct_heap_in &in, unsigned w) {
        if (!s.v1[w] || !s.v2[w] || !s.hv[w])
            return legal(cfg, s, rng, in, w);
        const uint64_t hp = s.cpc[s.head[w]], pc1 = s.pc1[w];
        if (pc1 != hp && rng.chance(50))
            for (int tries = 0; tries < 4; tries++) {
                const uint64_t q2 = rng.chance(50) ? pool_pc(rng) : wide_pc(rng);
                if (q2 > hp && q2 > pc1)
                    return hot_update(s, in, w, pc1, q2);
            }
        if (pc1 < hp)
            return hot_update(s, in, w, pc1, hp);
        legal(cfg, s, rng, in, w);
    }

    // A divergence of warp w (the sorter's, busy): some threads of slot 1
    // leave for a PC of their own, a PUSH the sorter's walk makes degraded
    // (deg_push).
    void busy_push(const hct_cct_heap_cfg &cfg, const hct_cct_heap_state &s, Rng &rng,
                   hct_cct_heap_in &in, unsigned w) {
        if (!s.v1[w] || bits_popcount(s.m1[w]) < 2 || !s.hv[w])
            return legal(cfg, s, rng, in, w);
        const uint64_t hp = s.cpc[s.head[w]];
        for (int tries = 0; tries < 4; tries++) {
            const uint64_t q3 = rng.chance(50) ? pool_pc(rng) : wide_pc(rng);
            if (q3 == hp || q3 == s.pc1[w] || (s.v2[w] && q3 == s.pc2[w]))
                continue;
            uint64_t d = some(s.m1[w], rng);
            if (d == s.m1[w])
                d = bits_lowest(d);
            in.op_warp = w;
            in.op = HCH_OP_UPDATE;
            in.op_pc1 = s.pc1[w];
            in.op_m1 = s.m1[w] & ~d;
            in.op_v1 = 1;
            in.op_pc2 = s.pc2[w];
            in.op_m2 = s.v2[w] ? s.m2[w] : 0;
            in.op_v2 = s.v2[w];
            in.op_pc3 = q3;
            in.op_m3 = d;
            in.op_v3 = 1;
            return;
        }
        legal(cfg, s, rng, in, w);
    }

    // The sorter's merge (sort_merges): on a sorted list of two nodes or
    // more, slot 2 jumps to the PC of the head's successor c.  Stage 2
    // writes it into the head (EXCH: above the head's PC), and the sorter
    // finds c equal.  The only way to a merge with a CCT of 2: a PUSH
    // with the head's PC joins it, and a pushed node's one successor is
    // the head.
    bool sorter_merge(const hct_cct_heap_state &s, Rng &rng, hct_cct_heap_in &in, unsigned w) {
        if (!s.v1[w] || !s.v2[w] || !s.hv[w] || s.s_busy || !s.nv[s.head[w]] || !rng.chance(25))
            return false;
        const unsigned h = s.head[w], c = s.nxt[h];
        const uint64_t hp = s.cpc[h], cp = s.cpc[c], pc1 = s.pc1[w];
        if (s.cu[h] || s.cu[c] || cp <= hp || pc1 >= cp || pc1 == hp)
            return false;
        hot_update(s, in, w, pc1, cp);
        return true;
    }

    void legal(const hct_cct_heap_cfg &cfg, const hct_cct_heap_state &s, Rng &rng,
               hct_cct_heap_in &in, unsigned w) {
        in.op_warp = w;
        if (!s.v1[w]) {
            // cold warps stay idle a while (idle warps for WARP_IDLE)
            if (w >= hot_warps(cfg) && !rng.chance(20))
                return;
            in.op = HCH_OP_LAUNCH;
            in.op_pc1 = pool_pc(rng);
            in.op_m1 = rng.chance(70) ? bits_mask(cfg.lanes) : rng.bits(cfg.lanes);
            if (in.op_m1 == 0)
                in.op_m1 = 1;
            grow_[w] = true;
            return;
        }
        if (sorter_merge(s, rng, in, w))
            return;
        in.op = HCH_OP_UPDATE;
        if (grow_[w] ? rng.chance(3) : rng.chance(6))
            grow_[w] = !grow_[w];
        uint64_t m1 = s.m1[w], m2 = s.v2[w] ? s.m2[w] : 0;
        uint64_t pc1 = s.pc1[w], pc2 = s.pc2[w];
        uint64_t n1 = m1, n2 = m2, n3 = 0, ex = 0;
        uint64_t q1 = pc1, q2 = pc2, q3 = 0;
        const unsigned r = static_cast<unsigned>(rng.below(100));
        if (grow_[w]) {
            // the primary (or the secondary) runs on; a few threads diverge
            if (r < 70) {
                uint64_t &src = (m2 && rng.chance(40)) ? n2 : n1;
                if (bits_popcount(src) >= 2) {
                    uint64_t d = some(src, rng);
                    if (d == src)
                        d = bits_lowest(src);
                    src &= ~d;
                    n3 = d;
                    q3 = rng.chance(50) ? pool_pc(rng) : wide_pc(rng);
                }
            }
            if (rng.chance(60))
                q1 = pool_pc(rng);
            if (m2 && rng.chance(30))
                q2 = pool_pc(rng);
        } else {
            if (r < 35 && m2) {
                q1 = pc2; // the primary reaches CPC2: merge, then a pop
            } else if (r < 60 && s.hv[w]) {
                q1 = s.cpc[s.head[w]]; // reaches the cold head's PC
                if (m2 && rng.chance(50))
                    q2 = q1;
            } else if (r < 75 && m2) {
                q2 = rng.chance(50) ? pool_pc(rng) : pc1; // the secondary moves
            } else {
                q1 = pool_pc(rng);
            }
        }
        // rare exits; a warp may finish
        if (rng.chance(grow_[w] ? 1 : 3)) {
            uint64_t &src = (n2 && rng.chance(50)) ? n2 : n1;
            if (src) {
                uint64_t e = rng.chance(20) ? src : some(src, rng);
                src &= ~e;
                ex |= e;
            }
        }
        // sometimes every context lands on one PC in the same cycle (both
        // hot contexts and the divergence: two merges in one network)
        if (rng.chance(4)) {
            q2 = q1;
            q3 = q1;
        }
        in.op_pc1 = q1;
        in.op_m1 = n1;
        in.op_v1 = n1 != 0;
        in.op_pc2 = q2;
        in.op_m2 = n2;
        in.op_v2 = n2 != 0;
        in.op_pc3 = q3;
        in.op_m3 = n3;
        in.op_v3 = n3 != 0;
        in.op_exit = ex;
        // the masks of invalid inputs are don't-care
        if (!in.op_v2 && rng.chance(20))
            in.op_m2 = rng.bits(cfg.lanes);
        if (!in.op_v3 && rng.chance(20))
            in.op_m3 = rng.bits(cfg.lanes);
        if (!in.op_v3 && rng.chance(50))
            in.op_pc3 = pool_pc(rng);
    }

    void illegal(const hct_cct_heap_cfg &cfg, const hct_cct_heap_state &s, Rng &rng,
                 hct_cct_heap_in &in) {
        unsigned w = static_cast<unsigned>(rng.below(cfg.warps));
        const uint64_t all = bits_mask(cfg.lanes);
        in.op_warp = w;
        in.op_pc1 = pool_pc(rng);
        in.op_pc2 = pool_pc(rng);
        in.op_pc3 = pool_pc(rng);
        const uint64_t u = (s.v1[w] ? s.m1[w] : 0) | (s.v2[w] ? s.m2[w] : 0);
        switch (rng.below(8)) {
        case 0:
            in.op = HCH_OP_BAD;
            expect_err_ = HCH_ERR_BAD_OP;
            break;
        case 1:
            if (cfg.warps >= warp_codes(cfg))
                return;
            in.op = rng.chance(50) ? HCH_OP_LAUNCH : HCH_OP_UPDATE;
            in.op_warp = cfg.warps + rng.below(warp_codes(cfg) - cfg.warps);
            in.op_m1 = 1;
            in.op_v1 = 1;
            expect_err_ = HCH_ERR_BAD_WARP;
            break;
        case 2:
            for (unsigned k = 0, scan = rng.chance(50); scan && k < cfg.warps; k++) {
                unsigned v = (w + k) % cfg.warps;
                if (!s.v1[v] && static_cast<int>(v) != golden_warp_) {
                    w = v;
                    in.op_warp = w;
                    break;
                }
            }
            if (s.v1[w]) {
                in.op = HCH_OP_LAUNCH;
                in.op_m1 = all;
                expect_err_ = HCH_ERR_WARP_BUSY;
            } else {
                in.op = HCH_OP_UPDATE;
                in.op_m1 = 1;
                in.op_v1 = 1;
                expect_err_ = HCH_ERR_WARP_IDLE;
            }
            break;
        case 3:
            if (s.v1[w]) {
                // a valid input with an empty mask (BAD_MASK wins over BAD_PART)
                in.op = HCH_OP_UPDATE;
                in.op_m1 = u;
                in.op_v1 = 1;
                in.op_v3 = 1;
                in.op_m3 = 0;
            } else {
                in.op = HCH_OP_LAUNCH;
                in.op_m1 = 0;
            }
            expect_err_ = HCH_ERR_BAD_MASK;
            break;
        default: {
            if (!s.v1[w])
                return;
            in.op = HCH_OP_UPDATE;
            in.op_m1 = u;
            in.op_v1 = 1;
            const uint64_t outside = all & ~u;
            switch (rng.below(4)) {
            case 0: { // a thread lost
                uint64_t t = bits_lowest(u);
                in.op_m1 = u & ~t;
                in.op_v1 = in.op_m1 != 0;
                break;
            }
            case 1: // a thread invented
                if (!outside)
                    return;
                in.op_m1 = u | bits_lowest(outside);
                break;
            case 2: { // a thread in two contexts: 1 and 2, 1 and 3, or 2 and 3
                const uint64_t t = bits_lowest(u);
                const unsigned pair = static_cast<unsigned>(rng.below(3));
                if (pair == 2 && u == t)
                    return; // 2 and 3 alone need a second thread for context 1
                if (pair == 0) {
                    in.op_m2 = t;
                    in.op_v2 = 1;
                } else if (pair == 1) {
                    in.op_m3 = t;
                    in.op_v3 = 1;
                } else {
                    in.op_m1 = u & ~t;
                    in.op_m2 = t;
                    in.op_v2 = 1;
                    in.op_m3 = t;
                    in.op_v3 = 1;
                }
                cov_[pair == 0 ? "part_dup_12" : pair == 1 ? "part_dup_13" : "part_dup_23"]++;
                break;
            }
            default: { // a thread exits and stays, in context 1, 2 or 3
                const uint64_t t = bits_lowest(u);
                const unsigned ctx = u == t ? 0u : static_cast<unsigned>(rng.below(3));
                if (ctx == 0) {
                    in.op_exit = some(u, rng);
                } else {
                    in.op_m1 = u & ~t;
                    (ctx == 1 ? in.op_m2 : in.op_m3) = t;
                    (ctx == 1 ? in.op_v2 : in.op_v3) = 1;
                    in.op_exit = t;
                }
                cov_[ctx == 0 ? "part_exit_1" : ctx == 1 ? "part_exit_2" : "part_exit_3"]++;
                break;
            }
            }
            expect_err_ = HCH_ERR_BAD_PART;
            break;
        }
        }
        cov_["illegal"]++;
        cov_[key("err_", hct_cct_heap_err_name(expect_err_))]++;
    }

    void observe(const hct_cct_heap_cfg &cfg, const hct_cct_heap_state &before,
                 const hct_cct_heap_state &after, const hct_cct_heap_in &in,
                 const hct_cct_heap_out &o) {
        // the sideband sorter: cycles spent on one node, and the cases where
        // the operation pops its node (abandoned) or the node before it
        if (after.s_busy) {
            walk_ = before.s_busy ? walk_ + 1 : 1;
            if (walk_ > cov_["max_walk_cycles"])
                cov_["max_walk_cycles"] = walk_;
        }
        // nodes examined by the current walk (the sorter's steps, not holds)
        if (o.d_srt == HCH_SRT_WALK || o.d_srt == HCH_SRT_DONE || o.d_srt == HCH_SRT_RELINK ||
            o.d_srt == HCH_SRT_MERGE) {
            walk_nodes_++;
            if (walk_nodes_ > cov_["max_walk"])
                cov_["max_walk"] = walk_nodes_;
        }
        if (!after.s_busy || (o.d_en && o.d_start))
            walk_nodes_ = 0;
        if (o.d_srt == HCH_SRT_MERGE)
            cov_["sort_merges"]++;
        if (o.d_srt == HCH_SRT_HOLD && o.d_en && before.s_cur < HCH_MAX_CCT &&
            !before.cu[before.s_cur] && before.cpc[before.s_cur] == before.s_pc)
            cov_["sort_merge_waits"]++;
        cov_[key("act_", hct_cct_heap_act_name(static_cast<unsigned>(o.act)))]++;
        if (o.act == HCH_ACT_JOIN)
            cov_["joins"]++;
        if (in.op_warp < cfg.warps) {
            const unsigned w = static_cast<unsigned>(in.op_warp);
            if (!before.lo[w] && after.lo[w])
                cov_["lo_set"]++;
            if (before.dcnt[w] && !after.dcnt[w] && after.hv[w])
                cov_["dirty_cleared"]++;
        }
        if (in.rd_warp < cfg.warps && in.rd_sync && o.rd_v2 && !o.rd_run2) {
            const unsigned r = static_cast<unsigned>(in.rd_warp);
            const uint64_t div = bits_trunc(in.rd_pc_div, cfg.pc_bits);
            if (!(div <= before.pc1[r] && before.pc1[r] < before.pc2[r])) {
                cov_["lo_suspended"]++;
                // a cold context really is in [PC_div, CPC2): 001's rule alone
                // would have let the secondary run past it
                unsigned len = hct_cct_heap_list_len(&cfg, &before, r), p = before.head[r];
                for (unsigned j = 0; j < len; j++, p = before.nxt[p])
                    if (before.cpc[p] >= div && before.cpc[p] < before.pc2[r]) {
                        cov_["lo_cold_in_range"]++;
                        break;
                    }
            }
        }
        if (before.s_busy && in.op_warp == before.s_warp && in.op_warp < cfg.warps &&
            (o.act == HCH_ACT_POP || o.act == HCH_ACT_EXCH_DEG)) {
            const unsigned h = before.head[in.op_warp];
            if (h == before.s_node)
                cov_["sort_aborts"]++;
            else if (o.act == HCH_ACT_POP && !before.s_pred_head && h == before.s_pred)
                cov_["sort_pred_pops"]++;
        }
        if (o.merge)
            cov_["merges"]++;
        if (in.op == HCH_OP_UPDATE && in.op_v1 && in.op_v2 && in.op_v3 && !o.err &&
            in.op_pc1 == in.op_pc2 && in.op_pc2 == in.op_pc3)
            cov_["triple_merges"]++;
        switch (o.act) {
        case HCH_ACT_PUSH:
            cov_["pushes"]++;
            break;
        case HCH_ACT_PUSH_DEG:
            cov_["pushes"]++;
            cov_["degraded"]++;
            cov_["deg_push"]++;
            break;
        case HCH_ACT_EXCH:
            cov_["exchanges"]++;
            break;
        case HCH_ACT_EXCH_DEG:
            cov_["exchanges"]++;
            cov_["degraded"]++;
            cov_["deg_exch"]++;
            break;
        case HCH_ACT_POP:
            cov_["pops"]++;
            break;
        case HCH_ACT_STALL:
            cov_["stalls"]++;
            if (in.op_warp < HCH_MAX_WARPS)
                grow_[in.op_warp] = false;
            break;
        case HCH_ACT_FINISH:
            cov_["finishes"]++;
            break;
        default:
            break;
        }
        if (in.rd_warp < cfg.warps && o.rd_v2 && in.rd_sync)
            cov_[o.rd_run2 ? "sync_released" : "sync_suspended"]++;
    }

    uint64_t live_[HCH_MAX_WARPS];
    bool grow_[HCH_MAX_WARPS];
    int golden_warp_;
    uint64_t golden_due_;
    unsigned golden_case_;
    unsigned golden_step_;
    bool golden_now_;
    unsigned expect_err_;
    uint64_t walk_;
    uint64_t walk_nodes_;
    int avoid_warp_;
    unsigned pc_bits_;
    Coverage cov_;
};

int main(int argc, char **argv)
{
    return cosim_main<HctCctHeapModel, HctCctHeapStim>(argc, argv);
}
