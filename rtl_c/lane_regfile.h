/* SPDX-License-Identifier: Apache-2.0 */
/*
 * lane_regfile.h -- banked per-lane register file: one SRAM bank per lane,
 * each with its own row decoder, plus an optional thread-to-bank crossbar.
 *
 * Hardware: LANES banks of ENTRIES x WIDTH bits, 2 read ports and 1 write
 * port per bank (2R1W), synchronous read.  A thread's registers live in one
 * bank, its "home" bank, at a fixed offset.  Papers: 000 sec. 4.1 and Fig. 10
 * (register file organisations for static warps, naive and lane-aware
 * dynamic warp formation; thread swizzling), 004 sec. 3.1 and Fig. 5-6
 * (per-lane banks let a large warp's sub-warps take one thread per column,
 * each at its own row), 002 sec. 3.7 (per-lane 32-bit register files).
 * SPEC sec. 3.6.  The Verilog twin is verilog/lane_regfile.v: same
 * parameters, same ports, same behaviour, cycle for cycle.
 *
 * Configurations (cfg field = Verilog parameter):
 *
 *   | field       | param       | default | range              | meaning                      |
 *   |-------------|-------------|---------|--------------------|------------------------------|
 *   | lanes       | LANES       | 16      | 1,2,4,8,16,32      | SIMD lanes = banks           |
 *   | entries     | ENTRIES     | 512     | 2..2048            | rows (registers) per bank    |
 *   | width       | WIDTH       | 32      | 1..32              | bits per register            |
 *   | regs        | REGS        | 32      | 1..entries         | registers per thread         |
 *   | read_ports  | READ_PORTS  | 2       | 2 (fixed)          | read ports per bank          |
 *   | write_ports | WRITE_PORTS | 1       | 1 (fixed)          | write ports per bank         |
 *   | sregs       | SREGS       | 0       | 0..entries - regs  | scalar registers per warp    |
 *   |             |             |         |                    | (002 sec. 4.1); 0: no scalar |
 *   |             |             |         |                    | addressing mode (000/004)    |
 *
 *   Defaults are 000's core (Table 2, sec. 4.4): 16-wide SIMD, 256 threads,
 *   8192 x 32-bit registers as 16 banks of 512 x 32, 2R1W.  So REGS = 8192 /
 *   256 = 32 registers per thread and SLOTS = ENTRIES / REGS = 16 threads per
 *   bank; THREADS = LANES * SLOTS = 256.  (004 sec. 3.4 uses 16 registers per
 *   thread; set regs = 16 for that.)  read_ports / write_ports are fixed at
 *   2 / 1: the fields exist so the area estimator reads the port count from
 *   the one cfg the model uses (cfg_check rejects anything else).
 *
 *   Derived widths (do not override in Verilog):
 *     LANE_W = clog2(LANES) (at least 1)
 *     ROW_W  = clog2(ENTRIES) = REG_W: a register number is as wide as a row
 *              index (the register field can name any row of a bank; numbers
 *              >= REGS are out of range), 9 bits at the defaults;
 *     TID_W  = clog2(LANES * ENTRIES): a thread id can name as many threads
 *              as the file has registers; ids >= THREADS are out of range,
 *              13 bits at the defaults.
 *
 * Scalar addressing mode (002 sec. 4.1, l.578-582: "An additional addressing
 * mode in the register file is needed for scalar registers. Scalar registers
 * can be packed more densely as we only need to store one value per warp
 * instead of one value per thread").  With SREGS > 0 every static warp
 * (slot) also owns SREGS scalar registers, one WIDTH-bit value each for the
 * whole warp.  Each operand of a request names a vector or a scalar
 * register by its own mode bit (ra0_s, ra1_s, wa_s; the compiler of 002
 * sec. 4.2 marks each register one or the other).  A scalar register
 * number is checked against SREGS, a vector one against REGS.
 *   Where they live: all scalar registers of slot w sit in bank
 *   sbank(w) = w mod LANES, rows SBASE + (w / LANES) * SREGS + s, where
 *   SBASE = SLOTS * REGS is the first row above the vector registers.  So
 *   LANES warps' scalar registers take SREGS rows of every bank, the dense
 *   packing 002 asks for (one value per warp, not per thread), and
 *   SLOTS = the largest s with s * REGS + ceil(s / LANES) * SREGS <= ENTRIES
 *   (ENTRIES / REGS when SREGS = 0, the old configuration).
 *   Why one bank per warp: a request's scalar operands then come from one
 *   bank whose two read ports and one write port are free for them, since a
 *   port that reads a scalar register reads no vector register in that
 *   request (ra0_s is the instruction's, not a lane's); the bank's other
 *   port still serves its own lane's vector operand.  No extra bank port:
 *   what 002 adds is the row decoder's second address source (the scalar
 *   row) and the broadcast of one bank's read register to every lane (a
 *   per-port select beside the crossbar's rsel).
 *   Which warp: the slot of the valid lanes; a request with a scalar
 *   operand must have all its valid lanes in one slot (err SCALAR_WARP),
 *   which a static warp always has, a dynamic warp (000) or a large warp's
 *   sub-warp (004) may not.
 *   Reads: a scalar port reads the warp's register once (bank sbank, its
 *   port 0 for ra0, port 1 for ra1) and every granted lane shows it the
 *   next cycle: the broadcast network of 002 sec. 4.1, l.574-576.
 *   Write: wa_s = 1 writes the warp's scalar register wa with the wdata of
 *   the one writing lane (002: a scalar instruction runs as an instruction
 *   with a single active thread, l.582-584); two or more writing lanes
 *   would be two writes to one entry: err SCALAR_WRITE.  No lane writes a
 *   vector register in that request.
 *   Read-first applies as for vector registers (a scalar read of the row
 *   the same request's scalar write writes returns the old value).
 *   With SREGS = 0 every scalar operand is out of range (BAD_REG), so the
 *   old configuration behaves as before; the mode bits are ports at every
 *   SREGS (a Verilog-2005 port list cannot depend on a parameter).
 *
 * Where a thread's registers live (000 sec. 4.1):
 *   col(tid)  = tid mod LANES, slot(tid) = tid / LANES (the static warp the
 *               thread was created in), LANES a power of two;
 *   home(tid) = col(tid) ^ (swizzle & slot(tid) & 1) with LANES >= 2, else 0:
 *               with thread swizzling on, odd static warps swap the home lanes
 *               of even and odd threads (000 sec. 4.1, last paragraph);
 *   row(tid, r) = slot(tid) * REGS + r, in bank home(tid).
 *   Distinct threads own distinct entries; rows >= SLOTS * REGS hold the
 *   scalar registers (above); the rows of neither are unused.
 *
 * Configuration inputs (quasi-static, as a kernel-launch control register
 * would drive them; change them only while no request is in progress):
 *   mode     0 SINGLE_DECODER  000 Fig. 10c: one row address for all lanes.
 *                              Every valid lane must hold the thread homed in
 *                              that lane, and all valid threads must sit in
 *                              one slot (one static warp), else err.
 *            1 PER_LANE        000 Fig. 10d, 004 Fig. 5b: a decoder per bank,
 *                              each lane at its own row.  Every valid lane
 *                              must hold a thread homed in that lane
 *                              (lane-aware warp formation), else err.
 *            2 CROSSBAR        000 Fig. 10b: any thread in any lane; a
 *                              crossbar routes each lane to its thread's home
 *                              bank.  Threads homed in one bank conflict and
 *                              are served over several cycles (below).
 *            3                 illegal (err BAD_MODE).
 *   swizzle  thread swizzling on (1) / off (0).
 *   Why inputs and not parameters: one Verilated binary then exercises all
 *   three organisations and both mappings in one co-simulation run, and the
 *   RTL is the superset (crossbar and a decoder per bank) of which the other
 *   two modes are restrictions: a chip built for single_decoder would drop
 *   the crossbar and 15 of the 16 decoders, for per_lane the crossbar.  The
 *   area estimator costs each organisation from cfg plus the organisation it
 *   is asked for; this model only checks each mode's legality.
 *   Picking a mode: the pipeline drives `mode`.  The co-simulation
 *   (tb/lane_regfile_cosim.cpp) rotates all three by default, in phases
 *   between requests; LANE_REGFILE_MODE=single_decoder|per_lane|crossbar in
 *   the environment pins its legal traffic to one (any other value: one-line
 *   error, exit 2), e.g.
 *     LANE_REGFILE_MODE=crossbar build/cosim_lane_regfile --cycles 1000000
 *
 * Request (one per cycle; all ports combinational into `decide`):
 *   lane_valid[l]    lane l carries a thread this cycle
 *   tid[l]           that thread's id (Verilog: tid[l*TID_W +: TID_W])
 *   ra0, ra1         the two source register numbers (one per read port),
 *                    the same for every lane (one instruction); every valid
 *                    lane reads both
 *   wa               the destination register number, the same for all lanes
 *   ra0_s, ra1_s,    1: ra0 / ra1 / wa names a scalar register of the
 *   wa_s             warp (scalar addressing mode, above), 0: a vector
 *                    register of each lane's thread
 *   wen[l]           lane l writes wdata[l] to register wa of its thread
 *                    (ignored on a lane that is not valid)
 *   wdata[l]         (Verilog: wdata[l*WIDTH +: WIDTH])
 *   A cycle with no valid lane is idle (no access, not an error).
 *
 * Serving a request.  pending = lane_valid & ~done (done: lanes of the
 * request in progress already served).  Each bank serves, this cycle, the
 * lowest-numbered pending lane whose thread is homed in it: 2 reads (ra0,
 * ra1) and, with wen, 1 write (wa), the bank's full 2R1W.  grant = the lanes
 * served.  If pending lanes remain (two or more threads homed in one bank,
 * crossbar mode only) `stall` is 1, done |= grant, and the pipeline must
 * present the SAME request next cycle; the next pass serves the next lane of
 * each bank.  The request completes in max over banks of (threads homed
 * there) cycles, lanes of a bank in lane order: nothing is lost, reordered
 * or served twice.  In single_decoder and per_lane modes home == lane, so
 * every request completes in one cycle.
 *   conflicts: a 32-bit counter (wraps) of bank-conflict stall cycles, +1 for
 *   every cycle with stall = 1 and no err.  Two threads homed in one bank:
 *   2 cycles, conflicts + 1; k threads in one bank: k cycles, + (k - 1).
 *
 * Timing.  err, err_code, stall and grant are combinational from the state
 * and this cycle's inputs.  Reads are synchronous: each bank registers its
 * two read ports at the rising edge; the cycle after a lane is granted,
 * rvalid[l] = 1 and rdata0[l], rdata1[l] hold registers ra0, ra1 of its
 * thread (through the crossbar: lane l shows the read register of the bank
 * it was served by, rsel[l]).  rvalid[l] = 0 -> rdata0[l] = rdata1[l] = 0.
 * A request served over k cycles delivers each lane's data in the cycle
 * after that lane's pass.  Writes land at the rising edge.  Reset is
 * synchronous, active high, and clears rvalid, done, req, swz, conflicts, s0,
 * s1 and sb; the
 * banks, the bank read registers and rsel are not reset (SRAM and its
 * output latches; the C model zeroes them, which no output can tell apart:
 * rvalid is 0 and Verilator starts memories at 0 as the C model does).
 *
 * Read-during-write: read-first.  A read in the same cycle as a write to the
 * same entry (one thread with ra0 or ra1 == wa and wen) returns the OLD value
 * (the SRAM reads before it writes in the cycle); the new value is read from
 * the next cycle on.  Different threads never share an entry, and a thread
 * appears in at most one lane, so no other case arises.
 *
 * Illegal input (err = 1, err_code below, grant = 0, no access, every state
 * bit unchanged; stall = 1 only if a request is in progress, which the
 * pipeline must then present again unchanged).  Checked in this order:
 *   BAD_MODE     mode == 3
 *   BUSY_CHANGE  a request is in progress (done != 0) and mode is no longer
 *                CROSSBAR, or swizzle differs from the request's, or
 *                lane_valid differs from the request's (req: a lane served
 *                or still waiting was dropped, which would lose it, or a lane
 *                was added); the request changed.  tid/register/data changes
 *                are not detected: that would cost a copy of the whole
 *                request, while the lane mask costs LANES bits (req)
 *   BAD_TID      a valid lane's tid >= THREADS
 *   BAD_REG      ra0 or ra1 >= REGS with a valid lane, or wa >= REGS with a
 *                valid writing lane
 *   WRONG_LANE   single_decoder / per_lane: a valid lane holds a thread not
 *                homed in that lane
 *   ROW_MISMATCH single_decoder: valid lanes at different rows
 *   DUP_TID      one thread in two valid lanes (crossbar only; it would be
 *                two writes to, or a read racing a write of, one entry)
 *   SCALAR_WARP  a scalar operand (ra0_s or ra1_s with a valid lane, wa_s
 *                with a valid writing lane) and valid lanes of different
 *                slots: whose scalar register is it?
 *   SCALAR_WRITE wa_s with two or more valid writing lanes
 *   (err_code is 4 bits wide.)
 *   Consequence of "state unchanged": after an err cycle rvalid/rdata repeat
 *   the previous cycle's values (the rejected request read nothing and left
 *   the read registers as they were).  A correct pipeline never sends
 *   illegal input; this answer is defined, not useful.
 *
 * Invariants (lane_regfile_check): rvalid, done and req within LANES bits;
 * done a subset of req, and req == 0 exactly when done == 0; swz, s0, s1 bits;
 * rsel[l] < LANES, sb < LANES; every memory word and bank read register
 * within WIDTH bits; rows that hold neither a vector nor a scalar register
 * never written (still 0).  Harness
 * invariants (tb/lane_regfile_cosim.cpp): memory equals the stimulus'
 * shadow copy; every read returns the shadow value (read-first); grant and
 * stall match an independently computed schedule; conflicts equals an
 * independent count.
 *
 * Departures from the papers: the papers give organisations and area, not
 * an interface; the request format, the lane-order pass schedule, the
 * conflict counter and the error checks are ours.  One instruction per
 * request (reads and write share the thread ids), which models the bank
 * ports, not a pipeline's separate read and writeback stages.  mode and
 * swizzle are inputs, not build parameters (above).  A conflicting thread
 * costs a whole extra cycle even if it only reads (each lane's access uses
 * the bank's full 2R1W); a crossbar that merged accesses of one row, or an
 * operand collector, would do better.  Swizzling swaps lane pairs (l, l^1)
 * in odd static warps, our reading of 000's "alternately swap the position
 * of even and odd thread's home lanes every other warp".
 *
 * Worked example (lanes = 4, entries = 8, regs = 2: SLOTS = 4, THREADS = 16;
 * swizzle off; crossbar mode):
 *   request tid = {lane0: 1, lane1: 5, lane2: 2, lane3: 7}, ra0 = ra1 = 0,
 *   wa = 1, wen = 1111.  Homes: 1->1, 5->1, 2->2, 7->3: bank 1 holds two.
 *   cycle 0: grant = lanes 0,2,3 (lane 1 waits), stall = 1; writes bank 1
 *            row 0*2+1 = 1 (tid 1), bank 2 row 1 (tid 2), bank 3 row 1*2+1 = 3
 *            (tid 7);
 *   cycle 1: the same request; grant = lane 1 (tid 5 -> bank 1 row 3),
 *            stall = 0, conflicts + 1; rvalid = lanes 0,2,3 with their data;
 *   cycle 2: rvalid = lane 1, rdata0[1] = tid 5's register 0 (from bank 1).
 */
/*
 * Cost per cycle (issue 17; callgrind on `cosim_lane_regfile --bench`,
 * defaults): lane_regfile_eval ~1,120 instructions, lane_regfile_step ~400,
 * against ~19,000 for the Verilated RTL (every lane, every bank); C/RTL went
 * from ~6x to ~12-14x.  What dominates now is the one pass over the LANES
 * lanes that maps each thread (home bank, slot base row) and accumulates
 * the legality flags without a branch (~30 instructions a lane); then, in
 * the crossbar only and only when some lane is off its home bank, the
 * grant pass (each bank's lowest pending lane) and the duplicate-thread
 * compare, which looks only at the lanes homed in the same bank; then the
 * read crossbar over the lanes that read last cycle (rvalid) and step's two
 * reads and one write per granted lane, in the granted lanes' banks only.
 * The data-dependent branches of the per-lane checks, not the instruction
 * count, were most of the old model's time; the 512 bytes of rdata ports
 * are cleared in 64-byte pieces (plain stores: a whole-array memset became
 * a `rep stos`, which cost ~10% of the cycle to start).  An idle cycle (no
 * valid lane, no request in progress, a legal mode) can raise no err and
 * grants nothing: eval then skips the per-lane pass and gives only the read
 * crossbar (in dwf's SM model 55% of the register file's cycles are idle;
 * docs/bench.md, "dwf, second pass").
 */
#ifndef LANE_REGFILE_H
#define LANE_REGFILE_H

#include <stdint.h>

#include "port.h"

#ifdef __cplusplus
extern "C" {
#endif

struct vcd_writer;

#define LANE_REGFILE_MAX_LANES 32
/* 2048 rows: 002's 64 KB file over its 8 lanes (issue 24; docs/cosim.md
 * "Paper configurations") */
#define LANE_REGFILE_MAX_ENTRIES 2048
#define LANE_REGFILE_CNT_W 32 /* conflicts counter width */

enum lane_regfile_mode {
    LRF_MODE_SINGLE = 0,   /* single_decoder, 000 Fig. 10c */
    LRF_MODE_PER_LANE = 1, /* per_lane, 000 Fig. 10d, 004 Fig. 5b */
    LRF_MODE_CROSSBAR = 2, /* crossbar, 000 Fig. 10b */
    LRF_MODE_BAD = 3       /* never legal: err BAD_MODE */
};

enum lane_regfile_err {
    LRF_ERR_NONE = 0,
    LRF_ERR_BAD_MODE = 1,
    LRF_ERR_BUSY_CHANGE = 2,
    LRF_ERR_BAD_TID = 3,
    LRF_ERR_BAD_REG = 4,
    LRF_ERR_WRONG_LANE = 5,
    LRF_ERR_ROW_MISMATCH = 6,
    LRF_ERR_DUP_TID = 7,
    LRF_ERR_SCALAR_WARP = 8,
    LRF_ERR_SCALAR_WRITE = 9
};
#define LANE_REGFILE_ERR_W 4 /* err_code width */

typedef struct {
    unsigned lanes;
    unsigned entries;
    unsigned width;
    unsigned regs;
    unsigned read_ports;
    unsigned write_ports;
    unsigned sregs; /* scalar registers per warp, 0: none (002 sec. 4.1) */
} lane_regfile_cfg;

typedef struct {
    uint32_t mem[LANE_REGFILE_MAX_LANES][LANE_REGFILE_MAX_ENTRIES]; /* [bank][row] */
    uint32_t rd0_q[LANE_REGFILE_MAX_LANES]; /* bank read registers, port 0 */
    uint32_t rd1_q[LANE_REGFILE_MAX_LANES]; /* port 1 */
    uint8_t rsel_q[LANE_REGFILE_MAX_LANES]; /* lane l's data comes from bank rsel_q[l] */
    uint64_t rvalid_q;                      /* lanes granted last cycle */
    uint64_t done_q;                        /* lanes of the request in progress served */
    uint64_t req_q;                         /* its lane_valid (0 when none in progress) */
    uint8_t swz_q;                          /* swizzle of the last request served */
    uint32_t conflicts_q;                   /* bank-conflict stall cycles */
    /* the scalar ports of the last cycle that granted a lane: lanes' port 0
     * (1) data comes from bank sb_q when s0_q (s1_q) is 1 */
    uint8_t s0_q, s1_q, sb_q;
} lane_regfile_state;

typedef struct {
    uint64_t mode;       /* 2 bits, enum lane_regfile_mode */
    uint64_t swizzle;    /* 1 bit */
    uint64_t lane_valid; /* LANES bits */
    uint64_t tid[LANE_REGFILE_MAX_LANES];   /* TID_W each */
    uint64_t ra0;        /* REG_W */
    uint64_t ra1;        /* REG_W */
    uint64_t wa;         /* REG_W */
    uint64_t ra0_s;      /* 1 bit: ra0 is a scalar register of the warp */
    uint64_t ra1_s;      /* 1 bit */
    uint64_t wa_s;       /* 1 bit */
    uint64_t wen;        /* LANES bits */
    uint64_t wdata[LANE_REGFILE_MAX_LANES]; /* WIDTH each */
} lane_regfile_in;

typedef struct {
    uint64_t err;
    uint64_t err_code; /* 4 bits, enum lane_regfile_err */
    uint64_t stall;    /* the request needs more cycles: present it again */
    uint64_t grant;    /* LANES: lanes served this cycle */
    uint64_t rvalid;   /* LANES: lanes whose read data is on rdata0/rdata1 */
    uint64_t rdata0[LANE_REGFILE_MAX_LANES]; /* WIDTH each */
    uint64_t rdata1[LANE_REGFILE_MAX_LANES];
    uint64_t conflicts; /* 32 bits */
    /* The cycle's decision, for lane_regfile_step (internal: not ports, not
     * visited by lane_regfile_ports), meaningful when err is 0: each granted
     * lane l reads rows d_row0[l], d_row1[l] of bank d_home[l] and, with bit
     * l of d_wen, writes row d_roww[l]; done, req become d_done_next,
     * d_req_next; swz becomes d_swz when d_valid (lane_valid) is not 0.
     * d_home and the rows are set for the valid lanes only.  Scalar
     * ports: d_s0 / d_s1 read rows d_srow0 / d_srow1 of bank d_sbank,
     * d_ws writes row d_sroww there with the writing lane's data. */
    uint64_t d_done_next, d_req_next, d_valid, d_wen;
    uint16_t d_ra0, d_ra1, d_wa;
    uint16_t d_srow0, d_srow1, d_sroww;
    uint8_t d_swz, d_s0, d_s1, d_ws, d_sbank;
    uint8_t d_home[LANE_REGFILE_MAX_LANES];
    uint16_t d_base[LANE_REGFILE_MAX_LANES];
} lane_regfile_out;

/* The parameter table and its glue (PARAM_DECLS in port.h): defaults,
 * ranges, Verilog names; its cfg_check gives NULL or one line naming the
 * field and its range. */
PARAM_DECLS(lane_regfile)

unsigned lane_regfile_lane_w(const lane_regfile_cfg *cfg); /* clog2(LANES), >= 1 */
unsigned lane_regfile_row_w(const lane_regfile_cfg *cfg);  /* clog2(ENTRIES) = REG_W */
unsigned lane_regfile_tid_w(const lane_regfile_cfg *cfg);  /* clog2(LANES*ENTRIES) */
/* the largest s with s * REGS + ceil(s / LANES) * SREGS <= ENTRIES */
unsigned lane_regfile_slots(const lane_regfile_cfg *cfg);
/* The row of scalar register `reg` of slot `slot`, in bank
 * lane_regfile_sbank(slot); no range checks. */
unsigned lane_regfile_srow(const lane_regfile_cfg *cfg, unsigned slot, uint64_t reg);
unsigned lane_regfile_sbank(const lane_regfile_cfg *cfg, unsigned slot);
unsigned lane_regfile_threads(const lane_regfile_cfg *cfg); /* LANES * SLOTS */

/* The mapping of a thread's registers (header comment), for stimulus and
 * tests; no range checks. */
unsigned lane_regfile_home(const lane_regfile_cfg *cfg, uint64_t tid, unsigned swizzle);
unsigned lane_regfile_row(const lane_regfile_cfg *cfg, uint64_t tid, uint64_t reg);
/* The thread of slot `slot` homed in lane `lane`: inverse of home/slot. */
uint64_t lane_regfile_tid_at(const lane_regfile_cfg *cfg, unsigned slot, unsigned lane,
                             unsigned swizzle);

/* The reset state is all zero bytes: a calloc'ed state needs no reset (the
 * SM model relies on it; tests/test_lane_regfile.c checks it). */
void lane_regfile_reset(const lane_regfile_cfg *cfg, lane_regfile_state *s);
/* The synchronous reset of a running register file, as the Verilog does it:
 * clears rvalid, done, req, swz, conflicts, s0, s1 and sb and leaves the banks, the bank
 * read registers and rsel unchanged (lane_regfile_reset also zeroes those,
 * as a power-up state that Verilator's zeroed memories match). */
void lane_regfile_warm_reset(const lane_regfile_cfg *cfg, lane_regfile_state *s);
/* The state back to all zero bytes after a run with cfg since it was all
 * zero bytes (C only, no behaviour of its own): the LANES banks' rows
 * below ENTRIES, the read registers and the control registers; with
 * lean_only (stepped by lane_regfile_step_lean alone: no bank or read
 * register written) the control registers only, lane_regfile_warm_reset.
 * The SM model keeps a run's state (256 KB of banks) for the next one
 * (tests/test_lane_regfile.c checks every byte is 0 after random traffic,
 * full and lean). */
void lane_regfile_clear_used(const lane_regfile_cfg *cfg, lane_regfile_state *s, int lean_only);
void lane_regfile_eval(const lane_regfile_cfg *cfg, const lane_regfile_state *s,
                       const lane_regfile_in *in, lane_regfile_out *out);
/* The clock edge.  Contract: `out` is what lane_regfile_eval returned for
 * this state and `in` this cycle; step applies the decision it carries
 * (grant, stall and out->d_*), touching only the banks of the granted lanes,
 * and does not recompute it (it reads only wdata from `in`). */
void lane_regfile_step(const lane_regfile_cfg *cfg, lane_regfile_state *s,
                       const lane_regfile_in *in, const lane_regfile_out *out);
const char *lane_regfile_check(const lane_regfile_cfg *cfg, const lane_regfile_state *s);

/* Timing only (C only, no Verilog: a shortcut of eval and step, no
 * behaviour of its own), for a user that drives legal requests only and
 * reads no data (dwf's SM model with its checks off and no trace): eval_lean
 * raises no err (it checks nothing), leaves rdata0/rdata1 and the per-lane
 * decision rows (d_home, d_base) as they were, and computes the homes only in
 * the crossbar (each pending lane's, for the grant pass); step_lean touches
 * no bank, read register or rsel.  On every input without an err their
 * outputs but rdata and the state but those data fields are eval's and
 * step's: lane_regfile_lean_same (ports and the decision step reads) and
 * lane_regfile_lean_state_same (rvalid, done, req, swz, conflicts, s0, s1,
 * sb) compare them; tests/test_lane_regfile.c does in every cycle of its
 * tests, and build/simt under --check in every dwf cycle. */
void lane_regfile_eval_lean(const lane_regfile_cfg *cfg, const lane_regfile_state *s,
                            const lane_regfile_in *in, lane_regfile_out *out);
void lane_regfile_step_lean(const lane_regfile_cfg *cfg, lane_regfile_state *s,
                            const lane_regfile_out *out);
int lane_regfile_lean_same(const lane_regfile_out *lean, const lane_regfile_out *full);
int lane_regfile_lean_state_same(const lane_regfile_state *a, const lane_regfile_state *b);

/* Visits every Verilog port in a fixed order (see port.h).  The wide
 * per-lane buses tid, wdata, rdata0 and rdata1 are visited one lane at a
 * time as `<port>_lNN` = <port>[NN*W +: W] (a port value is at most 64 bits),
 * lane 0 first; every other port is visited whole under its Verilog name. */
void lane_regfile_ports(const lane_regfile_cfg *cfg, const lane_regfile_in *in,
                        const lane_regfile_out *out, port_visit_fn visit, void *ctx);
/* Ports, then a `state` scope: done, rvalid, swz, conflicts, s0, s1, sb, rsel per lane,
 * and register 0 of slot 0 (row 0) of every bank. */
void lane_regfile_trace(struct vcd_writer *w, const lane_regfile_cfg *cfg,
                        const lane_regfile_state *s, const lane_regfile_in *in,
                        const lane_regfile_out *out);

const char *lane_regfile_err_name(unsigned code);
const char *lane_regfile_mode_name(unsigned mode);

#ifdef __cplusplus
}
#endif

#endif /* LANE_REGFILE_H */
