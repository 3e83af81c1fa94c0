// SPDX-License-Identifier: Apache-2.0
// lane_regfile_cosim.cpp -- co-simulation of rtl_c/lane_regfile (C) against
// verilog/lane_regfile.v (Verilated), cycle by cycle.  Framework: tb/cosim.h.
//
// Modes.  mode and swizzle are quasi-static inputs of the module, so one
// binary covers every organisation: by default the stimulus runs phases of
// 500..5000 cycles (the first three ~200), rotating single_decoder -> per_lane -> crossbar with a
// random swizzle per phase (switching only between requests).  To pin the
// legal traffic to one mode, set the environment variable
//     LANE_REGFILE_MODE=single_decoder|per_lane|crossbar
// (e.g. `LANE_REGFILE_MODE=crossbar build/cosim_lane_regfile --cycles
// 1000000`); any other value is a one-line error with exit status 2.
// (An environment variable because the shared harness has no per-structure
// flags; a generic `--param name=value` in tb/cosim.* would replace it.)
//
// Stimulus, per cycle (one request, held while `stall`):
//   - golden sequences at cycle 0 and every 5000 cycles, between requests:
//     a static warp written and read back in every mode; a lane-aware
//     dynamic warp (each lane at its own row) accepted in per_lane and
//     rejected (ROW_MISMATCH) in single_decoder; a crossbar request with two
//     threads homed in one bank (2 cycles, stall then done, one conflict);
//     the sub-warps of a large warp as in 004 Fig. 6 (4 static warps, each
//     cycle one active thread per column, each at its own row) in per_lane;
//   - constrained-random legal traffic per mode: 70% of accesses go to 4 hot
//     thread slots and 8 hot registers so data is read back after it is
//     written; single_decoder static warps, per_lane lane-aware warps,
//     crossbar warps that are lane-aware, random (random conflicts) or built
//     with 2..6 threads homed in one bank (the conflict histogram); 25% of
//     writes target a register the same request reads (read-during-write);
//     invalid lanes carry garbage tids and write enables; idle cycles (5%,
//     no valid lane) carry random operand fields of the ports' full width
//     and random scalar mode bits (ra0_s, ra1_s, wa_s), all don't-cares
//     (coverage idle_scalar_operand); a request no
//     valid lane writes with sometimes carries an out-of-range wa (a
//     don't-care: no BAD_REG; coverage unused_wa_out_of_range);
//   - with SREGS > 0 (002 sec. 4.1's scalar addressing mode), 30% of the
//     requests whose valid lanes share one slot get scalar operands: ra0_s,
//     ra1_s (the warp's register broadcast to every lane) and wa_s with one
//     writing lane, 25% of those writes to a register the request reads
//     (scalar read-during-write); a golden sequence per 5000 cycles writes
//     a scalar register from one lane and reads it back in every lane
//     (coverage scalar_*);
//   - 4% illegal requests of every kind, each with its expected err_code
//     (scalar: a scalar register number >= SREGS, BAD_REG, which at SREGS =
//     0 is every scalar operand; SCALAR_WARP; SCALAR_WRITE),
//     and 3% of the cycles of a request in progress a changed request
//     (BUSY_CHANGE: mode, swizzle, a served or a waiting lane dropped, a
//     lane added; coverage busy_*).
// Harness invariants (beyond lane_regfile_check): expected err codes; grant
// and stall equal an independently computed pass schedule (each bank serves
// its threads in lane order); every read returns the stimulus' shadow copy
// (read-first, the cycle after the grant); after every cycle the whole
// memory equals the shadow copy; every bank's read registers equal the C
// model's at every cycle once loaded (a stray bank read shows); conflicts equals an independent count of
// stall cycles; the golden steps' expected stall, err and cycle count.
#include "cosim.h"

#include <cstdlib>

#include "Vlane_regfile.h"
#include "vl_state.h"

extern "C" {
#include "../rtl_c/lane_regfile.h"
}


struct LaneRegfileModel {
    COSIM_MODEL(lane_regfile, Vlane_regfile)

    // A reset in the middle of traffic leaves the banks (SRAM) as they are.
    static void warm_reset(const cfg_t &c, state_t &s) { lane_regfile_warm_reset(&c, &s); }

    // Whole-state compare: rvalid, done, req, swz, conflicts; rsel where a
    // valid read shows it; every used row (< SLOTS * REGS) of every bank;
    // and every bank's two read registers at every cycle once both models
    // have loaded them.  The RTL never resets those (SRAM port registers),
    // so they are compared from the first read the C model shows (its
    // register changed, or rvalid names it: both hold that read's value
    // then); from there on only a read changes them, in both, so a stray
    // bank read (a bank enabled on a cycle no lane uses it, e.g. an idle
    // cycle's scalar operand) is a difference the cycle it happens.
    static void state(rtl_t *r, const cfg_t &c, const state_t &s, StateCmp &cmp) {
        static VlRegCache<rtl_t> k;
        static VlReg rvalid, done, req, swz, conf, rsel, s0, s1, sb;
        static VlReg q0[LANE_REGFILE_MAX_LANES], q1[LANE_REGFILE_MAX_LANES],
            mem[LANE_REGFILE_MAX_LANES];
        static uint64_t loaded0, loaded1;  // banks whose read register is loaded
        static uint32_t last0[LANE_REGFILE_MAX_LANES], last1[LANE_REGFILE_MAX_LANES];
        if (k.stale(r)) {
            loaded0 = loaded1 = 0;
            std::memcpy(last0, s.rd0_q, sizeof last0);
            std::memcpy(last1, s.rd1_q, sizeof last1);
            rvalid = VlReg(r->contextp(), "lane_regfile", "rvalid_q");
            done = VlReg(r->contextp(), "lane_regfile", "done_q");
            req = VlReg(r->contextp(), "lane_regfile", "req_q");
            swz = VlReg(r->contextp(), "lane_regfile", "swz_q");
            conf = VlReg(r->contextp(), "lane_regfile", "conflicts_q");
            rsel = VlReg(r->contextp(), "lane_regfile", "rsel_q");
            s0 = VlReg(r->contextp(), "lane_regfile", "s0_q");
            s1 = VlReg(r->contextp(), "lane_regfile", "s1_q");
            sb = VlReg(r->contextp(), "lane_regfile", "sb_q");
            for (unsigned b = 0; b < c.lanes; b++) {
                const std::string bank = "lane_regfile.bank[" + std::to_string(b) + "].u_bank";
                q0[b] = VlReg(r->contextp(), bank, "q0");
                q1[b] = VlReg(r->contextp(), bank, "q1");
                mem[b] = VlReg(r->contextp(), bank, "mem");
            }
        }
        const unsigned L = c.lanes, lw = lane_regfile_lane_w(&c), W = c.width;
        // the vector rows and the scalar rows (ceil(SLOTS / LANES) warps' worth)
        const unsigned slots = lane_regfile_slots(&c);
        const unsigned used = slots * c.regs + (slots + L - 1u) / L * c.sregs;
        cmp("rvalid_q", -1, -1, s.rvalid_q, rvalid.get(0, L));
        cmp("done_q", -1, -1, s.done_q, done.get(0, L));
        cmp("req_q", -1, -1, s.req_q, req.get(0, L));
        cmp("swz_q", -1, -1, s.swz_q, swz.get(0, 1));
        cmp("conflicts_q", -1, -1, s.conflicts_q, conf.get(0, 32));
        cmp("s0_q", -1, -1, s.s0_q, s0.get(0, 1));
        cmp("s1_q", -1, -1, s.s1_q, s1.get(0, 1));
        cmp("sb_q", -1, -1, s.sb_q, sb.get(0, lw));
        for (unsigned l = 0; l < L; l++) {
            if (!((s.rvalid_q >> l) & 1u))
                continue;
            const unsigned b = s.rsel_q[l];
            const unsigned b0 = s.s0_q ? s.sb_q : b, b1 = s.s1_q ? s.sb_q : b;
            cmp("rsel_q", static_cast<int>(l), -1, b, rsel.get(0, l * lw, lw));
            if (b0 < L)
                loaded0 |= 1ull << b0;
            if (b1 < L)
                loaded1 |= 1ull << b1;
        }
        for (unsigned b = 0; b < L; b++) {
            if (s.rd0_q[b] != last0[b])
                loaded0 |= 1ull << b;
            if (s.rd1_q[b] != last1[b])
                loaded1 |= 1ull << b;
            last0[b] = s.rd0_q[b];
            last1[b] = s.rd1_q[b];
            if ((loaded0 >> b) & 1u)
                cmp("bank.q0", static_cast<int>(b), -1, s.rd0_q[b], q0[b].get(0, W));
            if ((loaded1 >> b) & 1u)
                cmp("bank.q1", static_cast<int>(b), -1, s.rd1_q[b], q1[b].get(0, W));
        }
        for (unsigned b = 0; b < L; b++) {
            if (mem[b].entry_bytes() == sizeof s.mem[b][0] &&
                std::memcmp(mem[b].raw(0), s.mem[b], used * sizeof s.mem[b][0]) == 0) {
                cmp.items += used; // the whole bank agrees
                continue;
            }
            for (unsigned row = 0; row < used; row++)
                cmp("bank.mem", static_cast<int>(b), static_cast<int>(row), s.mem[b][row],
                    mem[b].get(row, W));
        }
    }
    static bool err(const out_t &o) { return o.err != 0; }
    // A stall cycle is not a held-back input: it serves part of the request
    // and changes the state (banks, done, counter), so the harness' "ready=0
    // leaves the state unchanged" rule does not apply.  The stimulus checks
    // stall against its own schedule instead.
    static bool ready(const out_t &o) {
        (void)o;
        return true;
    }

    static const char *decode(const char *port, uint64_t v) {
        if (!std::strcmp(port, "err_code"))
            return lane_regfile_err_name(static_cast<unsigned>(v));
        if (!std::strcmp(port, "mode"))
            return lane_regfile_mode_name(static_cast<unsigned>(v));
        return NULL;
    }
};

// ---------------------------------------------------------------- stimulus

enum { HOT_SLOTS = 4, HOT_REGS = 8 };

// One golden step: the request and what it must produce.
struct GoldStep {
    lane_regfile_in in;
    unsigned err;      // expected err_code
    int stall;         // expected stall of the first cycle, or -1 (not asserted)
    int passes;        // expected cycles to serve, or -1
};

class LaneRegfileStim {
public:
    // A reset in the middle of traffic: the banks keep their contents, so
    // the shadow copy does too.
    void warm_reset(const lane_regfile_cfg &cfg) {
        std::vector<uint32_t> keep(&shadow_[0][0], &shadow_[0][0] + sizeof shadow_ / sizeof shadow_[0][0]);
        reset(cfg);
        std::memcpy(shadow_, keep.data(), sizeof shadow_);
    }

    void reset(const lane_regfile_cfg &cfg) {
        cfg_ = cfg;
        L_ = cfg.lanes;
        log2l_ = bits_ffs(cfg.lanes);
        sregs_ = cfg.sregs;
        // SLOTS written out again: the most slots whose vector registers and
        // scalar registers (SREGS rows per LANES slots, rounded up) fit
        slots_ = 0;
        while ((slots_ + 1u) * cfg.regs + (slots_ + L_) / L_ * sregs_ <= cfg.entries)
            slots_++;
        sbase_ = slots_ * cfg.regs;
        threads_ = L_ * slots_;
        tid_w_ = lane_regfile_tid_w(&cfg);
        row_w_ = lane_regfile_row_w(&cfg);
        std::memset(shadow_, 0, sizeof shadow_);
        std::memset(&req_, 0, sizeof req_);
        std::memset(exp_rd0_, 0, sizeof exp_rd0_);
        std::memset(exp_rd1_, 0, sizeof exp_rd1_);
        exp_rvalid_ = 0;
        in_progress_ = false;
        pass_ = npasses_ = 0;
        conf_ = 0;
        expect_err_ = 0;
        gold_.clear();
        gold_pos_ = 0;
        gold_stall_ = -1;
        gold_passes_ = -1;
        lw_active_ = false;
        gold_due_ = false;
        const char *pin = std::getenv("LANE_REGFILE_MODE");
        pinned_ = -1;
        if (pin && *pin) {
            for (unsigned m = 0; m < 3; m++)
                if (!std::strcmp(pin, kModeNames[m]))
                    pinned_ = static_cast<int>(m);
            if (pinned_ < 0) {
                fprintf(stderr,
                        "cosim_lane_regfile: LANE_REGFILE_MODE must be single_decoder, "
                        "per_lane or crossbar, not '%s'\n",
                        pin);
                std::exit(2);
            }
        }
        mode_ = pinned_ >= 0 ? static_cast<unsigned>(pinned_) : 0u;
        swz_ = 0;
        phase_left_ = 200;
        phases_ = 0;
        static const char *const keys[] = {
            "requests_single", "requests_per_lane", "requests_crossbar", "conflicts",
            "conflict_cycles_1", "conflict_cycles_2", "conflict_cycles_3",
            "conflict_cycles_4plus", "read_during_write", "subwarps", "golden",
            "busy_mode", "busy_swizzle", "busy_drop_served", "busy_drop_waiting",
            "busy_add_lane", "unused_wa_out_of_range", "scalar_read", "scalar_broadcast",
            "scalar_write", "scalar_read_during_write", "scalar_golden",
            "idle_scalar_operand"};
        for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
            cov_[keys[k]] = 0;
        for (unsigned e = 1; e < kErrs; e++)
            cov_[(err_key_[e] = std::string("err_") + lane_regfile_err_name(e)).c_str()] = 0;
    }

    lane_regfile_in next(const lane_regfile_cfg &cfg, const lane_regfile_state &s, Rng &rng,
                         uint64_t cyc) {
        (void)s;
        lane_regfile_in in;
        expect_err_ = 0;
        if (cyc % 5000 == 0)
            gold_due_ = true;
        if (in_progress_) {
            in = req_;
            if (rng.chance(3))
                busy_change(rng, in);
            return in;
        }
        // between requests: golden steps, phase changes, new traffic
        gold_stall_ = gold_passes_ = -1;
        if (gold_due_ && gold_pos_ >= gold_.size() && !lw_active_) {
            gold_due_ = false;
            start_golden(rng);
        }
        if (lw_active_)
            return subwarp(rng);
        if (gold_pos_ < gold_.size()) {
            const GoldStep &g = gold_[gold_pos_++];
            in = g.in;
            expect_err_ = g.err;
            gold_stall_ = g.stall;
            gold_passes_ = g.passes;
            if (gold_pos_ == gold_.size()) {
                if (cfg.lanes >= 2 && slots_ >= HOT_SLOTS && pinned_ != LRF_MODE_CROSSBAR &&
                    pinned_ != LRF_MODE_SINGLE)
                    start_large_warp(rng);
                else
                    cov_["golden"]++;
            }
            return begin(in);
        }
        if (phase_left_ == 0) {
            mode_ = pinned_ >= 0 ? static_cast<unsigned>(pinned_) : (mode_ + 1u) % 3u;
            swz_ = rng.chance(50);
            // the first phases are short so a short waveform shows every mode
            phase_left_ = ++phases_ < 3 ? 150 + rng.below(100) : 500 + rng.below(4500);
        }
        phase_left_--;
        std::memset(&in, 0, sizeof in);
        in.mode = mode_;
        in.swizzle = swz_;
        if (rng.chance(5)) {
            garbage_lanes(rng, in);
            in.lane_valid = 0;  // idle
            garbage_operands(rng, in);
            return begin(in);
        }
        legal(rng, in);
        if (sregs_ > 0 && one_slot(in) && rng.chance(30))
            scalarize(rng, in);
        if (rng.chance(4)) {
            illegal(rng, in);
        } else if ((in.lane_valid & in.wen) == 0 && cfg.regs < (1ull << row_w_) &&
                   rng.chance(25)) {
            // nobody writes: wa is a don't-care, out of range too
            in.wa = cfg.regs + rng.below((1ull << row_w_) - cfg.regs);
            cov_["unused_wa_out_of_range"]++;
        }
        return begin(in);
    }

    const char *check(const lane_regfile_cfg &cfg, const lane_regfile_state &before,
                      const lane_regfile_state &after, const lane_regfile_in &in,
                      const lane_regfile_out &o) {
        static char msg[240];
        (void)before;
        if (o.err_code != expect_err_) {
            snprintf(msg, sizeof msg, "expected err_code %s, model gave %s",
                     lane_regfile_err_name(expect_err_),
                     lane_regfile_err_name(static_cast<unsigned>(o.err_code)));
            return msg;
        }
        // this cycle's read data: what the previous cycle read from the shadow
        if (o.rvalid != exp_rvalid_) {
            snprintf(msg, sizeof msg, "rvalid %llx, expected %llx",
                     (unsigned long long)o.rvalid, (unsigned long long)exp_rvalid_);
            return msg;
        }
        for (unsigned l = 0; l < L_; l++) {
            uint64_t e0 = bits_get(exp_rvalid_, l) ? exp_rd0_[l] : 0;
            uint64_t e1 = bits_get(exp_rvalid_, l) ? exp_rd1_[l] : 0;
            if (o.rdata0[l] != e0 || o.rdata1[l] != e1) {
                snprintf(msg, sizeof msg,
                         "lane %u read %llx/%llx, the shadow copy says %llx/%llx", l,
                         (unsigned long long)o.rdata0[l], (unsigned long long)o.rdata1[l],
                         (unsigned long long)e0, (unsigned long long)e1);
                return msg;
            }
        }
        if (o.conflicts != conf_) {
            snprintf(msg, sizeof msg, "conflicts %llu, independent count %u",
                     (unsigned long long)o.conflicts, conf_);
            return msg;
        }
        if (o.err) {
            if (o.err_code < kErrs)
                cov_[err_key_[o.err_code].c_str()]++;
            if (o.stall != (in_progress_ ? 1u : 0u) || o.grant != 0)
                return "err: expected grant 0 and stall only with a request in progress";
            // rejected: nothing read, the read outputs repeat next cycle
            return sweep(cfg, after);
        }
        const bool idle = bits_trunc(in.lane_valid, L_) == 0;
        if (idle) {
            if (o.grant != 0 || o.stall != 0)
                return "idle cycle granted or stalled";
            exp_rvalid_ = 0;
            return sweep(cfg, after);
        }
        // independent schedule: lane l is served in pass pass_of_[l]
        uint64_t want = 0;
        for (unsigned l = 0; l < L_; l++)
            if (bits_get(in.lane_valid, l) && pass_of_[l] == pass_)
                want |= 1ull << l;
        const bool more = pass_ + 1 < npasses_;
        if (o.grant != want || o.stall != (more ? 1u : 0u)) {
            snprintf(msg, sizeof msg,
                     "pass %u of %u: grant %llx stall %llu, expected grant %llx stall %u", pass_,
                     npasses_, (unsigned long long)o.grant, (unsigned long long)o.stall,
                     (unsigned long long)want, more ? 1u : 0u);
            return msg;
        }
        if (pass_ == 0 && gold_stall_ >= 0 && o.stall != static_cast<uint64_t>(gold_stall_))
            return "golden step: unexpected stall";
        if (pass_ == 0 && gold_passes_ >= 0 && npasses_ != static_cast<unsigned>(gold_passes_))
            return "golden step: wrong number of cycles";
        // reads (read-first), then writes, into the shadow copy; a scalar
        // operand is the warp's (the slot of the lowest valid lane)
        const unsigned w = static_cast<unsigned>(in.tid[bits_ffs(in.lane_valid)] / L_);
        const unsigned sb = w % L_;
        for (unsigned l = 0; l < L_; l++) {
            if (!bits_get(want, l))
                continue;
            unsigned b = home(in.tid[l], in.swizzle);
            exp_rd0_[l] = in.ra0_s ? shadow_[sb][srow(w, in.ra0)] : shadow_[b][row(in.tid[l], in.ra0)];
            exp_rd1_[l] = in.ra1_s ? shadow_[sb][srow(w, in.ra1)] : shadow_[b][row(in.tid[l], in.ra1)];
        }
        for (unsigned l = 0; l < L_; l++) {
            if (!bits_get(want, l) || !bits_get(in.wen, l))
                continue;
            const uint32_t v = static_cast<uint32_t>(bits_trunc(in.wdata[l], cfg.width));
            if (in.wa_s) {
                if ((in.ra0_s && in.wa == in.ra0) || (in.ra1_s && in.wa == in.ra1))
                    cov_["scalar_read_during_write"]++;
                cov_["scalar_write"]++;
                shadow_[sb][srow(w, in.wa)] = v;
                continue;
            }
            if ((!in.ra0_s && in.wa == in.ra0) || (!in.ra1_s && in.wa == in.ra1))
                cov_["read_during_write"]++;
            shadow_[home(in.tid[l], in.swizzle)][row(in.tid[l], in.wa)] = v;
        }
        if (pass_ == 0 && (in.ra0_s || in.ra1_s)) {
            cov_["scalar_read"]++;
            if ((want & (want - 1u)) != 0u)
                cov_["scalar_broadcast"]++;
        }
        exp_rvalid_ = want;
        if (more)
            conf_++;
        if (pass_ == 0) {
            static const char *const names[] = {"requests_single", "requests_per_lane",
                                                "requests_crossbar"};
            cov_[names[in.mode & 3u]]++;
            if (npasses_ > 1) {
                static const char *const hist[] = {"conflict_cycles_1", "conflict_cycles_2",
                                                   "conflict_cycles_3",
                                                   "conflict_cycles_4plus"};
                cov_["conflicts"]++;
                cov_[hist[npasses_ - 2 < 3 ? npasses_ - 2 : 3]]++;
            }
        }
        pass_++;
        in_progress_ = more;
        if (!more)
            gold_stall_ = gold_passes_ = -1;
        return sweep(cfg, after);
    }

    // Flips one bit of a hot register in the C model's banks: no output shows
    // it until the register is read, so the shadow compare catches it (the
    // next cycle) or a read's lockstep compare does.
    void inject_fault(const lane_regfile_cfg &cfg, lane_regfile_state &s, Rng &rng) {
        unsigned b = static_cast<unsigned>(rng.below(cfg.lanes));
        unsigned slot = static_cast<unsigned>(rng.below(slots_ < HOT_SLOTS ? slots_ : HOT_SLOTS));
        unsigned reg = static_cast<unsigned>(rng.below(cfg.regs < HOT_REGS ? cfg.regs : HOT_REGS));
        s.mem[b][slot * cfg.regs + reg] ^= 1u << rng.below(cfg.width);
    }

    std::string coverage() { return cov_.str(); }

    // The decision kinds this point allows (tb/cosim.h hook 5): requests in
    // each mode, read-during-write, the golden sequences, the don't-care
    // operands (an unused wa beyond REGS where the port can carry one, idle
    // scalar bits), and the illegal requests BAD_MODE, BAD_REG, and
    // BAD_TID where the tid port can carry an id beyond THREADS (at REGS=1
    // and SREGS=0 every row is a slot, THREADS = LANES * ENTRIES =
    // 2^TID_W: every tid the port carries names a thread).
    // WRONG_LANE and DUP_TID need two lanes; bank conflicts, a request
    // changed while it waits (BUSY_CHANGE: its mode, swizzle, a served or a
    // waiting lane dropped) and ROW_MISMATCH two lanes and two thread
    // slots per lane (ENTRIES >= 2*REGS: the large point has one);
    // conflicts of k+1 cycles k+1 threads in one bank; the sub-warps of a
    // large warp 4 slots per lane.  The scalar
    // mode's accesses, golden and errors need SREGS > 0, and two lanes its
    // broadcast, SCALAR_WARP (lanes of two slots) and SCALAR_WRITE (two
    // writing lanes).  With LANE_REGFILE_MODE pinning one mode, only what
    // that mode does: its requests; conflicts, BUSY_CHANGE and DUP_TID in
    // crossbar; WRONG_LANE outside it; ROW_MISMATCH in single_decoder; the
    // sub-warps in per_lane.  Not required: busy_add_lane (1..5 per 40,000
    // cycles at the defaults).
    void required(const lane_regfile_cfg &cfg, std::vector<std::string> &keys) const {
        const bool two = cfg.lanes >= 2, any = pinned_ < 0;
        const bool slots2 = two && lane_regfile_slots(&cfg) >= 2;
        const bool single = any || pinned_ == LRF_MODE_SINGLE,
                   per_lane = any || pinned_ == LRF_MODE_PER_LANE,
                   xbar = slots2 && (any || pinned_ == LRF_MODE_CROSSBAR);
        cosim_require(keys, {"read_during_write", "golden", "idle_scalar_operand", "err_BAD_MODE",
                             "err_BAD_REG"});
        cosim_require(keys, {"err_BAD_TID"},
                      lane_regfile_threads(&cfg) < (1ull << lane_regfile_tid_w(&cfg)));
        cosim_require(keys, {"unused_wa_out_of_range"},
                      cfg.regs < (1ull << lane_regfile_row_w(&cfg)));
        cosim_require(keys, {"requests_single"}, single);
        cosim_require(keys, {"requests_per_lane"}, per_lane);
        cosim_require(keys, {"requests_crossbar"}, any || pinned_ == LRF_MODE_CROSSBAR);
        cosim_require(keys, {"conflicts", "conflict_cycles_1", "busy_mode", "busy_swizzle",
                             "busy_drop_served", "busy_drop_waiting", "err_BUSY_CHANGE"},
                      xbar);
        cosim_require(keys, {"err_DUP_TID"}, two && (any || pinned_ == LRF_MODE_CROSSBAR));
        cosim_require(keys, {"err_WRONG_LANE"}, two && pinned_ != LRF_MODE_CROSSBAR);
        cosim_require(keys, {"err_ROW_MISMATCH"}, slots2 && single);
        cosim_require(keys, {"conflict_cycles_2"}, xbar && cfg.lanes >= 3);
        cosim_require(keys, {"conflict_cycles_3"}, xbar && cfg.lanes >= 4);
        cosim_require(keys, {"conflict_cycles_4plus"}, xbar && cfg.lanes >= 5);
        cosim_require(keys, {"subwarps"},
                      two && per_lane && lane_regfile_slots(&cfg) >= HOT_SLOTS);
        cosim_require(keys, {"scalar_read", "scalar_write", "scalar_read_during_write",
                             "scalar_golden"},
                      cfg.sregs > 0);
        cosim_require(keys, {"scalar_broadcast", "err_SCALAR_WARP", "err_SCALAR_WRITE"},
                      two && cfg.sregs > 0);
    }

private:
    static const char *const kModeNames[3];

    // ---- the register mapping, written out again (independent of the model)
    unsigned home(uint64_t tid, uint64_t swz) const {
        unsigned col = static_cast<unsigned>(tid % L_);
        unsigned slot = static_cast<unsigned>(tid / L_);
        return L_ >= 2 && swz && (slot % 2u) ? col ^ 1u : col;
    }
    unsigned row(uint64_t tid, uint64_t reg) const {
        return static_cast<unsigned>((tid / L_) * cfg_.regs + reg);
    }
    // scalar register `reg` of slot w, in bank w % LANES
    unsigned srow(unsigned w, uint64_t reg) const {
        return static_cast<unsigned>(sbase_ + (w / L_) * sregs_ + reg);
    }
    unsigned pick_sreg(Rng &rng) const {
        unsigned hot = sregs_ < HOT_REGS ? sregs_ : HOT_REGS;
        return static_cast<unsigned>(rng.chance(70) ? rng.below(hot) : rng.below(sregs_));
    }
    unsigned valid_lane(Rng &rng, const lane_regfile_in &in) const {
        unsigned n = static_cast<unsigned>(rng.below(bits_popcount(in.lane_valid)));
        uint64_t v = in.lane_valid;
        while (n--)
            v &= v - 1u;
        return bits_ffs(v);
    }
    bool one_slot(const lane_regfile_in &in) const {
        const uint64_t w = in.tid[bits_ffs(in.lane_valid)] / L_;
        for (unsigned l = 0; l < L_; l++)
            if (bits_get(in.lane_valid, l) && in.tid[l] / L_ != w)
                return false;
        return true;
    }
    // 002 sec. 4.1: scalar operands of the warp the valid lanes share; a
    // scalar write comes from one lane (an instruction with one active thread)
    void scalarize(Rng &rng, lane_regfile_in &in) const {
        in.ra0_s = rng.chance(50);
        in.ra1_s = rng.chance(50);
        in.wa_s = rng.chance(40);
        if (in.ra0_s)
            in.ra0 = pick_sreg(rng);
        if (in.ra1_s)
            in.ra1 = pick_sreg(rng);
        if (in.wa_s) {
            in.wa = pick_sreg(rng);
            if (rng.chance(25) && (in.ra0_s || in.ra1_s))
                in.wa = in.ra0_s ? in.ra0 : in.ra1;
            in.wen &= ~in.lane_valid;  // invalid lanes keep their garbage
            if (rng.chance(70))
                in.wen |= 1ull << valid_lane(rng, in);
        }
    }
    uint64_t tid_at(unsigned slot, unsigned lane, unsigned swz) const {
        unsigned col = L_ >= 2 && swz && (slot % 2u) ? lane ^ 1u : lane;
        return static_cast<uint64_t>(slot) * L_ + col;
    }

    unsigned pick_slot(Rng &rng) const {
        unsigned hot = slots_ < HOT_SLOTS ? slots_ : HOT_SLOTS;
        return static_cast<unsigned>(rng.chance(70) ? rng.below(hot) : rng.below(slots_));
    }
    unsigned pick_reg(Rng &rng) const {
        unsigned hot = cfg_.regs < HOT_REGS ? cfg_.regs : HOT_REGS;
        return static_cast<unsigned>(rng.chance(70) ? rng.below(hot) : rng.below(cfg_.regs));
    }
    uint64_t nonzero_mask(Rng &rng) const {
        uint64_t m = rng.chance(70) ? bits_mask(L_) : rng.bits(L_);
        return m ? m : 1ull << rng.below(L_);
    }

    // Lanes that are not valid carry garbage the module must ignore.
    void garbage_lanes(Rng &rng, lane_regfile_in &in) const {
        for (unsigned l = 0; l < L_; l++) {
            if (bits_get(in.lane_valid, l))
                continue;
            in.tid[l] = rng.bits(tid_w_);
            in.wdata[l] = rng.bits(cfg_.width);
            in.wen = bits_put(in.wen, l, static_cast<unsigned>(rng.below(2)));
        }
    }

    // An idle cycle's operand fields are don't-cares (no lane requests, so
    // none is an error): any register number of the port's width, any
    // scalar mode bits.  Nothing may read or write a bank then (the bank
    // read registers are compared every cycle: LaneRegfileModel::state).
    void garbage_operands(Rng &rng, lane_regfile_in &in) {
        in.ra0 = rng.bits(row_w_);
        in.ra1 = rng.bits(row_w_);
        in.wa = rng.bits(row_w_);
        in.ra0_s = rng.below(2);
        in.ra1_s = rng.below(2);
        in.wa_s = rng.below(2);
        if (in.ra0_s || in.ra1_s || in.wa_s)
            cov_["idle_scalar_operand"]++;
    }

    void registers(Rng &rng, lane_regfile_in &in) const {
        in.ra0 = pick_reg(rng);
        in.ra1 = pick_reg(rng);
        in.wa = pick_reg(rng);
        if (rng.chance(25))
            in.wa = rng.chance(50) ? in.ra0 : in.ra1;   // read-during-write
        in.wen = rng.chance(60) ? (rng.chance(60) ? in.lane_valid : rng.bits(L_)) : 0;
        for (unsigned l = 0; l < L_; l++)
            in.wdata[l] = rng.bits(cfg_.width);
    }

    void legal(Rng &rng, lane_regfile_in &in) const {
        in.lane_valid = nonzero_mask(rng);
        if (mode_ == LRF_MODE_SINGLE) {
            unsigned slot = pick_slot(rng);
            for (unsigned l = 0; l < L_; l++)
                in.tid[l] = tid_at(slot, l, swz_);
        } else if (mode_ == LRF_MODE_PER_LANE) {
            bool stat = rng.chance(10);
            unsigned slot = pick_slot(rng);
            for (unsigned l = 0; l < L_; l++)
                in.tid[l] = tid_at(stat ? slot : pick_slot(rng), l, swz_);
        } else {
            crossbar_tids(rng, in);
        }
        registers(rng, in);
        garbage_lanes(rng, in);
    }

    bool tid_used(const lane_regfile_in &in, unsigned upto, uint64_t t) const {
        for (unsigned k = 0; k < upto; k++)
            if (bits_get(in.lane_valid, k) && in.tid[k] == t)
                return true;
        return false;
    }

    // Distinct threads in any lanes: lane-aware, random, or k homed in one bank.
    void crossbar_tids(Rng &rng, lane_regfile_in &in) const {
        unsigned kind = static_cast<unsigned>(rng.below(10));
        if (kind < 3) {  // lane-aware: no conflict
            for (unsigned l = 0; l < L_; l++)
                in.tid[l] = tid_at(pick_slot(rng), l, swz_);
            return;
        }
        unsigned pool = threads_ < HOT_SLOTS * L_ * 2 ? threads_ : HOT_SLOTS * L_ * 2;
        for (unsigned l = 0; l < L_; l++) {
            if (!bits_get(in.lane_valid, l))
                continue;
            uint64_t t;
            do
                t = rng.chance(80) ? rng.below(pool) : rng.below(threads_);
            while (tid_used(in, l, t));
            in.tid[l] = t;
        }
        if (kind < 7 || slots_ < 2)
            return;
        // k threads homed in bank `bank`, in random lanes, from distinct slots
        unsigned bank = static_cast<unsigned>(rng.below(L_));
        unsigned k = 2 + static_cast<unsigned>(rng.below(5));
        if (k > slots_)
            k = slots_;
        if (k > L_)
            k = L_;
        unsigned s0 = static_cast<unsigned>(rng.below(slots_));
        in.lane_valid = bits_mask(L_);
        uint64_t placed = 0;
        for (unsigned i = 0; i < k; i++) {
            unsigned l;
            do
                l = static_cast<unsigned>(rng.below(L_));
            while (bits_get(placed, l));
            placed |= 1ull << l;
            unsigned slot = (s0 + i) % slots_;
            in.tid[l] = tid_at(slot, bank, swz_);  // homed in `bank`
        }
        // the other lanes: threads lane-aware, not colliding with the placed ones
        for (unsigned l = 0; l < L_; l++) {
            if (bits_get(placed, l))
                continue;
            uint64_t t;
            unsigned tries = 0;
            do
                t = tid_at(static_cast<unsigned>(rng.below(slots_)), l, swz_);
            while (++tries < 64 && tid_in(in, placed, t));
            if (tid_in(in, placed, t))
                in.lane_valid &= ~(1ull << l);
            else
                in.tid[l] = t;
        }
    }

    bool tid_in(const lane_regfile_in &in, uint64_t lanes, uint64_t t) const {
        for (unsigned k = 0; k < L_; k++)
            if (bits_get(lanes, k) && in.tid[k] == t)
                return true;
        return false;
    }

    // Turns a legal request into an illegal one of a random kind.
    void illegal(Rng &rng, lane_regfile_in &in) {
        unsigned v = static_cast<unsigned>(bits_ffs(in.lane_valid));
        switch (rng.below(9)) {
        case 0:
            in.mode = LRF_MODE_BAD;
            expect_err_ = LRF_ERR_BAD_MODE;
            return;
        case 1:
            if (threads_ >= (1ull << tid_w_))
                return;
            in.tid[v] = threads_ + rng.below((1ull << tid_w_) - threads_);
            expect_err_ = LRF_ERR_BAD_TID;
            return;
        case 2: {
            if (cfg_.regs >= (1ull << row_w_))
                return;
            uint64_t bad = cfg_.regs + rng.below((1ull << row_w_) - cfg_.regs);
            unsigned which = static_cast<unsigned>(rng.below(3));
            if (which == 0)
                in.ra0 = bad;
            else if (which == 1)
                in.ra1 = bad;
            else {
                in.wa = bad;
                in.wen |= 1ull << v;
            }
            expect_err_ = LRF_ERR_BAD_REG;
            return;
        }
        case 3:
            if (mode_ == LRF_MODE_CROSSBAR || L_ < 2)
                break;
            // a thread of another lane's home
            in.tid[v] = tid_at(static_cast<unsigned>(in.tid[v] / L_), (v + 1u) % L_, swz_);
            expect_err_ = LRF_ERR_WRONG_LANE;
            return;
        case 4:
            if (mode_ != LRF_MODE_SINGLE || L_ < 2 || slots_ < 2)
                break;
            {
                unsigned l2 = (v + 1u + static_cast<unsigned>(rng.below(L_ - 1u))) % L_;
                unsigned s1 = static_cast<unsigned>(in.tid[v] / L_);
                unsigned s2 = (s1 + 1u + static_cast<unsigned>(rng.below(slots_ - 1u))) % slots_;
                in.lane_valid |= 1ull << l2;
                in.tid[l2] = tid_at(s2, l2, swz_);
                expect_err_ = LRF_ERR_ROW_MISMATCH;
            }
            return;
        case 5:
            break;
        case 6: {
            // a scalar register number >= SREGS (at SREGS = 0: any scalar operand)
            uint64_t bad = sregs_ + rng.below((1ull << row_w_) - sregs_);
            unsigned which = static_cast<unsigned>(rng.below(3));
            if (which == 0) {
                in.ra0_s = 1;
                in.ra0 = bad;
            } else if (which == 1) {
                in.ra1_s = 1;
                in.ra1 = bad;
            } else {
                in.wa_s = 1;
                in.wa = bad;
                in.wen |= 1ull << v;
            }
            expect_err_ = LRF_ERR_BAD_REG;
            return;
        }
        case 7: {
            // SCALAR_WARP: a scalar operand, valid lanes of two slots (both
            // homed in their lanes; single_decoder would say ROW_MISMATCH)
            if (sregs_ == 0 || mode_ == LRF_MODE_SINGLE || L_ < 2 || slots_ < 2)
                break;
            unsigned l2 = (v + 1u + static_cast<unsigned>(rng.below(L_ - 1u))) % L_;
            unsigned s1 = static_cast<unsigned>(in.tid[v] / L_);
            unsigned s2 = (s1 + 1u + static_cast<unsigned>(rng.below(slots_ - 1u))) % slots_;
            uint64_t t = tid_at(s2, l2, swz_);
            if (tid_in(in, in.lane_valid & ~(1ull << l2), t))
                break;
            if (in.tid[v] != tid_at(s1, v, swz_) && mode_ != LRF_MODE_CROSSBAR)
                break;
            in.lane_valid |= 1ull << l2;
            in.tid[l2] = t;
            if (rng.chance(50)) {
                in.ra0_s = 1;
                in.ra0 = pick_sreg(rng);
            } else {
                // one writer, or every valid lane (SCALAR_WARP comes before
                // SCALAR_WRITE)
                in.wa_s = 1;
                in.wa = pick_sreg(rng);
                in.wen = (in.wen & ~in.lane_valid) |
                         (rng.chance(50) ? 1ull << l2 : in.lane_valid);
            }
            expect_err_ = LRF_ERR_SCALAR_WARP;
            return;
        }
        case 8: {
            // SCALAR_WRITE: one static warp, two of its lanes write a scalar register
            if (sregs_ == 0 || L_ < 2)
                break;
            unsigned s1 = static_cast<unsigned>(in.tid[v] / L_);
            unsigned l2 = (v + 1u + static_cast<unsigned>(rng.below(L_ - 1u))) % L_;
            in.lane_valid |= 1ull << l2;
            for (unsigned l = 0; l < L_; l++)
                in.tid[l] = tid_at(s1, l, swz_);
            in.wa_s = 1;
            in.wa = pick_sreg(rng);
            in.wen |= (1ull << v) | (1ull << l2);
            expect_err_ = LRF_ERR_SCALAR_WRITE;
            return;
        }
        default:
            break;
        }
        // DUP_TID: needs crossbar mode and two lanes
        if (mode_ != LRF_MODE_CROSSBAR || L_ < 2)
            return;
        unsigned l2 = (v + 1u + static_cast<unsigned>(rng.below(L_ - 1u))) % L_;
        in.lane_valid |= 1ull << l2;
        in.tid[l2] = in.tid[v];
        expect_err_ = LRF_ERR_DUP_TID;
    }

    // A request in progress presented changed: mode, swizzle, a served lane
    // or a waiting lane dropped, or a lane added.
    void busy_change(Rng &rng, lane_regfile_in &in) {
        uint64_t served = 0, waiting = 0;
        for (unsigned l = 0; l < L_; l++)
            if (bits_get(in.lane_valid, l))
                (pass_of_[l] < pass_ ? served : waiting) |= 1ull << l;
        const uint64_t absent = bits_mask(L_) & ~in.lane_valid;
        switch (rng.below(5)) {
        case 0:
            in.mode = rng.chance(50) ? LRF_MODE_SINGLE : LRF_MODE_PER_LANE;
            cov_["busy_mode"]++;
            break;
        case 1:
            in.swizzle ^= 1u;
            cov_["busy_swizzle"]++;
            break;
        case 2:
            in.lane_valid &= ~bits_lowest(served);
            cov_["busy_drop_served"]++;
            break;
        case 3:
            in.lane_valid &= ~bits_lowest(waiting); // never served: would be lost
            cov_["busy_drop_waiting"]++;
            break;
        default:
            if (absent == 0) { // every lane is in the request: drop the last one
                in.lane_valid &= ~(1ull << bits_fls(waiting));
                cov_["busy_drop_waiting"]++;
            } else {
                in.lane_valid |= bits_lowest(absent);
                cov_["busy_add_lane"]++;
            }
            break;
        }
        expect_err_ = LRF_ERR_BUSY_CHANGE;
    }

    // Starts a new request: its independent pass schedule.
    lane_regfile_in begin(const lane_regfile_in &in) {
        req_ = in;
        pass_ = 0;
        npasses_ = 1;
        if (expect_err_ != 0)
            return in;  // rejected: nothing to serve
        for (unsigned l = 0; l < L_; l++) {
            pass_of_[l] = 0;
            if (!bits_get(in.lane_valid, l))
                continue;
            unsigned h = home(in.tid[l], in.swizzle);
            for (unsigned k = 0; k < l; k++)
                if (bits_get(in.lane_valid, k) && home(in.tid[k], in.swizzle) == h)
                    pass_of_[l]++;
            if (pass_of_[l] + 1 > npasses_)
                npasses_ = pass_of_[l] + 1;
        }
        return in;
    }

    // The whole memory equals the shadow copy, every cycle (16 x 2 KB of
    // memcmp at the defaults: cheap).
    const char *sweep(const lane_regfile_cfg &cfg, const lane_regfile_state &after) {
        static char msg[160];
        for (unsigned b = 0; b < cfg.lanes; b++) {
            if (std::memcmp(after.mem[b], shadow_[b], cfg.entries * sizeof shadow_[b][0]) == 0)
                continue;
            for (unsigned r = 0; r < cfg.entries; r++) {
                if (after.mem[b][r] != shadow_[b][r]) {
                    snprintf(msg, sizeof msg, "bank %u row %u holds %x, shadow copy %x", b, r,
                             (unsigned)after.mem[b][r], (unsigned)shadow_[b][r]);
                    return msg;
                }
            }
        }
        return NULL;
    }

    // ---- golden sequences
    lane_regfile_in base_req(unsigned mode) const {
        lane_regfile_in in;
        std::memset(&in, 0, sizeof in);
        in.mode = mode;
        in.swizzle = swz_;
        return in;
    }
    bool mode_ok(unsigned mode) const { return pinned_ < 0 || pinned_ == static_cast<int>(mode); }
    void add(const lane_regfile_in &in, unsigned err, int stall, int passes) {
        GoldStep g;
        g.in = in;
        g.err = err;
        g.stall = stall;
        g.passes = passes;
        gold_.push_back(g);
    }

    void start_golden(Rng &rng) {
        gold_.clear();
        gold_pos_ = 0;
        unsigned slot = static_cast<unsigned>(rng.below(slots_));
        unsigned reg = static_cast<unsigned>(rng.below(cfg_.regs));
        // a static warp, all lanes at one offset: written, then read back, in every mode
        for (unsigned m = 0; m < 3; m++) {
            if (!mode_ok(m))
                continue;
            lane_regfile_in w = base_req(m);
            w.lane_valid = bits_mask(L_);
            for (unsigned l = 0; l < L_; l++) {
                w.tid[l] = tid_at(slot, l, swz_);
                w.wdata[l] = rng.bits(cfg_.width);
            }
            w.wen = bits_mask(L_);
            w.ra0 = w.ra1 = w.wa = reg;
            add(w, 0, 0, 1);
            lane_regfile_in r = w;
            r.wen = 0;
            add(r, 0, 0, 1);
        }
        // a lane-aware dynamic warp, each lane at its own row
        if (slots_ >= 2 && L_ >= 2) {
            lane_regfile_in d = base_req(LRF_MODE_PER_LANE);
            d.lane_valid = bits_mask(L_);
            for (unsigned l = 0; l < L_; l++)
                d.tid[l] = tid_at(l % slots_, l, swz_);
            d.ra0 = reg;
            if (mode_ok(LRF_MODE_PER_LANE))
                add(d, 0, 0, 1);
            if (mode_ok(LRF_MODE_SINGLE)) {
                d.mode = LRF_MODE_SINGLE;
                add(d, LRF_ERR_ROW_MISMATCH, 0, -1);
            }
        }
        // crossbar: two threads homed in bank 0 (lanes 0 and 1): 2 cycles, 1 conflict
        if (slots_ >= 2 && L_ >= 2 && mode_ok(LRF_MODE_CROSSBAR)) {
            lane_regfile_in x = base_req(LRF_MODE_CROSSBAR);
            x.lane_valid = bits_mask(L_);
            x.tid[0] = tid_at(0, 0, swz_);
            x.tid[1] = tid_at(1, 0, swz_);
            for (unsigned l = 2; l < L_; l++)
                x.tid[l] = tid_at(0, l, swz_);
            x.wen = 0x3;
            x.wa = x.ra0 = reg;
            x.wdata[0] = rng.bits(cfg_.width);
            x.wdata[1] = rng.bits(cfg_.width);
            add(x, 0, 1, 2);
        }
        if (sregs_ > 0)
            golden_scalar(rng, slot);
    }

    // 002 sec. 4.1: one lane writes a scalar register of its warp (a scalar
    // instruction, one active thread); the whole warp then reads it in one
    // request, every lane the same value (the broadcast), while one lane
    // writes it again (read-first: the old value); the same from another
    // warp's lanes mixed in is SCALAR_WARP, two writers SCALAR_WRITE.
    void golden_scalar(Rng &rng, unsigned slot) {
        const unsigned sreg = static_cast<unsigned>(rng.below(sregs_));
        const unsigned m = pinned_ >= 0 ? static_cast<unsigned>(pinned_) : LRF_MODE_SINGLE;
        lane_regfile_in w = base_req(m);
        w.lane_valid = bits_mask(L_);
        for (unsigned l = 0; l < L_; l++) {
            w.tid[l] = tid_at(slot, l, swz_);
            w.wdata[l] = rng.bits(cfg_.width);
        }
        w.wa_s = 1;
        w.wa = sreg;
        w.wen = 1ull << rng.below(L_);
        add(w, 0, 0, 1);
        lane_regfile_in r = w;
        r.ra0_s = 1;
        r.ra0 = sreg;
        r.ra1 = rng.below(cfg_.regs);
        r.wen = 1ull << rng.below(L_);
        for (unsigned l = 0; l < L_; l++)
            r.wdata[l] = rng.bits(cfg_.width);
        add(r, 0, 0, 1);
        r.wen = 0;
        r.ra1_s = 1;
        r.ra1 = sreg;
        add(r, 0, 0, 1);
        if (L_ >= 2) {
            lane_regfile_in two = w;
            two.wen = 3;
            add(two, LRF_ERR_SCALAR_WRITE, 0, -1);
        }
        if (L_ >= 2 && slots_ >= 2 && m != LRF_MODE_SINGLE) {
            lane_regfile_in mix = r;
            mix.tid[1] = tid_at((slot + 1u) % slots_, 1, swz_);
            add(mix, LRF_ERR_SCALAR_WARP, 0, -1);
        }
        cov_["scalar_golden"]++;
    }

    // 004 Fig. 6: a large warp of HOT_SLOTS static warps (rows of the 2-D
    // active mask); each cycle one active thread per column, the first
    // active row of each column, each lane at its own row (per_lane).
    void start_large_warp(Rng &rng) {
        lw_active_ = true;
        lw_base_ = static_cast<unsigned>(rng.below(slots_ - HOT_SLOTS + 1));
        for (unsigned r = 0; r < HOT_SLOTS; r++)
            lw_mask_[r] = rng.bits(L_);
        lw_reg_ = static_cast<unsigned>(rng.below(cfg_.regs));
    }

    lane_regfile_in subwarp(Rng &rng) {
        lane_regfile_in in = base_req(LRF_MODE_PER_LANE);
        for (unsigned l = 0; l < L_; l++) {
            for (unsigned r = 0; r < HOT_SLOTS; r++) {
                if (bits_get(lw_mask_[r], l)) {
                    lw_mask_[r] &= ~(1ull << l);
                    in.lane_valid |= 1ull << l;
                    in.tid[l] = tid_at(lw_base_ + r, l, swz_);
                    break;
                }
            }
        }
        in.ra0 = lw_reg_;
        in.ra1 = rng.below(cfg_.regs);
        in.wa = lw_reg_;
        in.wen = in.lane_valid;
        for (unsigned l = 0; l < L_; l++)
            in.wdata[l] = rng.bits(cfg_.width);
        bool left = false;
        for (unsigned r = 0; r < HOT_SLOTS; r++)
            left = left || lw_mask_[r] != 0;
        if (!left) {
            lw_active_ = false;
            cov_["golden"]++;
        }
        if (in.lane_valid != 0)
            cov_["subwarps"]++;
        gold_stall_ = 0;
        gold_passes_ = 1;
        return begin(in);
    }

    lane_regfile_cfg cfg_;
    unsigned L_, log2l_, slots_, threads_, tid_w_, row_w_, sregs_, sbase_;
    uint32_t shadow_[LANE_REGFILE_MAX_LANES][LANE_REGFILE_MAX_ENTRIES];
    lane_regfile_in req_;
    unsigned pass_of_[LANE_REGFILE_MAX_LANES];
    unsigned pass_, npasses_;
    bool in_progress_;
    uint64_t exp_rvalid_;
    uint64_t exp_rd0_[LANE_REGFILE_MAX_LANES], exp_rd1_[LANE_REGFILE_MAX_LANES];
    uint32_t conf_;
    unsigned expect_err_;
    int pinned_;
    unsigned mode_, swz_;
    uint64_t phase_left_;
    unsigned phases_;
    std::vector<GoldStep> gold_;
    size_t gold_pos_;
    int gold_stall_, gold_passes_;
    bool lw_active_, gold_due_;
    unsigned lw_base_, lw_reg_;
    uint64_t lw_mask_[HOT_SLOTS];
    static const unsigned kErrs = LRF_ERR_SCALAR_WRITE + 1;
    std::string err_key_[kErrs];
    Coverage cov_;
};

const char *const LaneRegfileStim::kModeNames[3] = {"single_decoder", "per_lane", "crossbar"};

int main(int argc, char **argv)
{
    return cosim_main<LaneRegfileModel, LaneRegfileStim>(argc, argv);
}
