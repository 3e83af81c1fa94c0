// SPDX-License-Identifier: Apache-2.0
// lane_regfile.v -- banked per-lane register file: one 2R1W SRAM bank per
// lane with its own row decoder, plus a thread-to-bank crossbar.
//
// Follows 000 sec. 4.1 / Fig. 10 (static, naive and lane-aware dynamic warp
// register files; thread swizzling), 004 sec. 3.1 / Fig. 5-6 (per-lane banks
// for large-warp sub-warps) and 002 sec. 3.7.  Twin of
// rtl_c/lane_regfile.{h,c}, which documents the behaviour in full; both are
// written as the same `decide` block and the same clock edge.
//
//   | parameter   | default | meaning                                      |
//   |-------------|---------|----------------------------------------------|
//   | LANES       | 16      | lanes = banks (power of two, 1..32)          |
//   | ENTRIES     | 512     | rows per bank (2..2048)                      |
//   | WIDTH       | 32      | bits per register (1..32)                    |
//   | REGS        | 32      | registers per thread (1..ENTRIES)            |
//   | READ_PORTS  | 2       | fixed: read ports per bank (for the area     |
//   | WRITE_PORTS | 1       |   estimator's cfg; the RTL is 2R1W)          |
//   | SREGS       | 0       | scalar registers per warp, 0..ENTRIES-REGS   |
//   |             |         | (002 sec. 4.1); 0: no scalar addressing mode |
//   | LANE_W, ROW_W, TID_W | derived, do not override: clog2(LANES),      |
//   |             |         | clog2(ENTRIES) (= register number width),    |
//   |             |         | clog2(LANES*ENTRIES)                         |
//   Defaults: 000's core, 16 lanes x 512 x 32 bit = 8192 registers for 256
//   threads (32 registers each, 16 thread slots per bank).
//
// Mapping: slot = tid / LANES, col = tid % LANES, home bank = col ^ (swizzle
// & slot[0]) (000's thread swizzling; none at LANES = 1), row = slot * REGS +
// register.  THREADS = LANES * SLOTS; tid >= THREADS and register numbers
// >= REGS are out of range.  SLOTS = ENTRIES / REGS without scalar
// registers.
//
// Scalar addressing mode (002 sec. 4.1; rtl_c/lane_regfile.h in full): with
// SREGS > 0 each slot (static warp) w also owns SREGS scalar registers, one
// value per warp, in bank w % LANES at rows SBASE + (w / LANES) * SREGS + s,
// SBASE = SLOTS * REGS; SLOTS is then the largest s with s * REGS +
// ceil(s / LANES) * SREGS <= ENTRIES.  ra0_s / ra1_s / wa_s mark an operand
// scalar: the port reads the warp's register once, in its bank, and every
// granted lane shows it the next cycle (broadcast; s0_q/s1_q/sb_q select it
// beside rsel); a scalar write takes the one writing lane's data.  Scalar
// numbers are checked against SREGS (BAD_REG); SCALAR_WARP: a scalar operand
// with valid lanes of different slots; SCALAR_WRITE: wa_s with two writers.
//
// mode (input, quasi-static): 0 single_decoder (Fig. 10c: every valid lane
// holds the thread homed there, all in one slot), 1 per_lane (Fig. 10d:
// homed in its lane, any slot), 2 crossbar (Fig. 10b: any lane; threads
// homed in one bank are served one per cycle), 3 illegal.  swizzle is a
// quasi-static input too.  Both are inputs so one build covers every
// organisation; this RTL is the superset (crossbar and a decoder per bank).
// The co-simulation rotates the modes; LANE_REGFILE_MODE=single_decoder|
// per_lane|crossbar pins it to one (see rtl_c/lane_regfile.h).
//
// Timing: err, err_code, stall and grant are combinational.  Each bank serves
// its lowest pending lane (valid & ~done) per cycle: reads ra0 and ra1 of
// that thread into its read registers and, with wen, writes wa.  stall = 1:
// lanes remain, present the same request again (done remembers the lanes
// served, req the request's lanes).  Reads are synchronous:
// rvalid/rdata0/rdata1 of a lane appear the
// cycle after it is granted, through the crossbar (rsel).  Read-during-write
// is read-first: the old value.  conflicts counts stall cycles (32 bits,
// wraps).  rst (synchronous, active high) clears rvalid, done, req, swz and
// conflicts, s0, s1 and sb; the banks, bank read registers and rsel are not reset (SRAM;
// rvalid = 0 hides them).
//
// Illegal input: err with err_code (BAD_MODE, BUSY_CHANGE, BAD_TID, BAD_REG,
// WRONG_LANE, ROW_MISMATCH, DUP_TID, SCALAR_WARP, SCALAR_WRITE, in that
// priority), no access, no state
// change; stall stays 1 while a request is in progress.  BUSY_CHANGE: a
// request in progress presented with another mode, swizzle or lane_valid
// (a waiting lane dropped would never be served).
//
// Structure: the banks are a submodule, lane_regfile_bank, so that Yosys
// synthesizes one bank once and instantiates it LANES times.  Yosys 0.23's
// generic `synth` always runs memory_map, so each bank becomes flip-flops
// (16 x 16448 DFFE + ~35K MUX per bank at the defaults; 843K cells in all);
// with the bank module `synth -top lane_regfile; check -assert` takes ~45 s
// of CPU, while the same banks inlined in the top module took > 3.5 minutes
// for the memories alone.  Each bank is written as an inferable memory: one
// always block, synchronous 2-port read with enable (non-transparent, i.e.
// read-first), one write port; `proc; memory -nomap` keeps it as one
// $mem_v2 cell per bank (16 at the defaults), which an SRAM flow would map
// to a 512 x 32 2R1W macro.
//
// Departures from the papers: the request interface, the lane-order pass
// schedule, the conflict counter and the error checks are ours.
//
// The state registers are marked /*verilator public_flat_rd*/ (a comment to
// every other tool) so the co-simulation compares the whole state with the C
// model's after every clock edge (tb/vl_state.h).
module lane_regfile #(
    parameter LANES       = 16,
    parameter ENTRIES     = 512,
    parameter WIDTH       = 32,
    parameter REGS        = 32,
    // The port counts are fixed (2R1W); they are parameters so the Verilog
    // carries the same parameter list as lane_regfile_cfg.
    /* verilator lint_off UNUSEDPARAM */
    parameter READ_PORTS  = 2,
    parameter WRITE_PORTS = 1,
    /* verilator lint_on UNUSEDPARAM */
    parameter SREGS       = 0,
    parameter LANE_W      = (LANES > 1) ? $clog2(LANES) : 1,
    parameter ROW_W       = $clog2(ENTRIES),
    parameter TID_W       = $clog2(LANES * ENTRIES)
) (
    input  wire                     clk,
    input  wire                     rst,
    input  wire [1:0]               mode,
    input  wire                     swizzle,
    input  wire [LANES-1:0]         lane_valid,
    input  wire [LANES*TID_W-1:0]   tid,
    input  wire [ROW_W-1:0]         ra0,
    input  wire [ROW_W-1:0]         ra1,
    input  wire [ROW_W-1:0]         wa,
    input  wire                     ra0_s,
    input  wire                     ra1_s,
    input  wire                     wa_s,
    input  wire [LANES-1:0]         wen,
    input  wire [LANES*WIDTH-1:0]   wdata,
    output reg                      err,
    output reg  [3:0]               err_code,
    output reg                      stall,
    output reg  [LANES-1:0]         grant,
    output reg  [LANES-1:0]         rvalid,
    output reg  [LANES*WIDTH-1:0]   rdata0,
    output reg  [LANES*WIDTH-1:0]   rdata1,
    output reg  [31:0]              conflicts
);

    localparam [1:0] MODE_SINGLE   = 2'd0;
    localparam [1:0] MODE_CROSSBAR = 2'd2;
    localparam [1:0] MODE_BAD      = 2'd3;

    localparam [3:0] ERR_NONE         = 4'd0;
    localparam [3:0] ERR_BAD_MODE     = 4'd1;
    localparam [3:0] ERR_BUSY_CHANGE  = 4'd2;
    localparam [3:0] ERR_BAD_TID      = 4'd3;
    localparam [3:0] ERR_BAD_REG      = 4'd4;
    localparam [3:0] ERR_WRONG_LANE   = 4'd5;
    localparam [3:0] ERR_ROW_MISMATCH = 4'd6;
    localparam [3:0] ERR_DUP_TID      = 4'd7;
    localparam [3:0] ERR_SCALAR_WARP  = 4'd8;
    localparam [3:0] ERR_SCALAR_WRITE = 4'd9;

    localparam LOG2L   = (LANES > 1) ? $clog2(LANES) : 0;
    // slots: groups of LANES slots (LANES * REGS vector rows + SREGS scalar
    // rows each), then the slots the rows left over still hold
    localparam GROUP   = LANES * REGS + SREGS;
    localparam FULL    = ENTRIES / GROUP;
    localparam REM     = ENTRIES - FULL * GROUP;
    // (SREGS = 0: FULL * LANES + REM / REGS = ENTRIES / REGS)
    localparam SLOTS   = FULL * LANES + ((REM >= SREGS + REGS) ? (REM - SREGS) / REGS : 0);
    localparam THREADS = LANES * SLOTS;
    localparam SBASE   = SLOTS * REGS;  // first scalar row

    // ---------------------------------------------------------------- state
    reg [LANES-1:0]        rvalid_q /*verilator public_flat_rd*/;
    reg [LANES-1:0]        done_q /*verilator public_flat_rd*/;
    reg [LANES-1:0]        req_q /*verilator public_flat_rd*/;        // lane_valid of the request in progress
    reg                    swz_q /*verilator public_flat_rd*/;
    reg [31:0]             conflicts_q /*verilator public_flat_rd*/;
    reg [LANES*LANE_W-1:0] rsel_q /*verilator public_flat_rd*/;       // lane l reads bank rsel_q[l]
    reg                    s0_q /*verilator public_flat_rd*/;         // port 0 data: bank sb_q's (scalar)
    reg                    s1_q /*verilator public_flat_rd*/;         // port 1
    reg [LANE_W-1:0]       sb_q /*verilator public_flat_rd*/;         // the warp's scalar bank
    wire [LANES*WIDTH-1:0] bank_q0;      // bank read registers, port 0
    wire [LANES*WIDTH-1:0] bank_q1;      // port 1

    // --------------------------------------------------------------- decide
    reg [3:0]              err_d;
    reg                    stall_d;
    reg [LANES-1:0]        grant_d;
    reg [LANES-1:0]        done_d;
    reg [LANES-1:0]        pending;
    reg [LANES*LANE_W-1:0] home;         // home bank of lane l's thread
    reg [LANES*ROW_W-1:0]  row0;         // lane l's rows for ra0, ra1, wa
    reg [LANES*ROW_W-1:0]  row1;
    reg [LANES*ROW_W-1:0]  roww;
    reg [LANES-1:0]        bank_re0;     // bank b reads port 0 / port 1 this cycle
    reg [LANES-1:0]        bank_re1;
    reg [LANES-1:0]        bank_we;
    reg [LANES*ROW_W-1:0]  bank_a0;
    reg [LANES*ROW_W-1:0]  bank_a1;
    reg [LANES*ROW_W-1:0]  bank_aw;
    reg [LANES*WIDTH-1:0]  bank_wd;
    reg                    bad_tid, bad_wrong, bad_row, bad_dup, found, have0;
    reg [LANES-1:0]        wr;           // valid writing lanes
    reg                    scalar_use;   // a scalar operand in use
    reg [LANE_W-1:0]       sbank;        // the warp's scalar bank
    reg [ROW_W-1:0]        srow0, srow1, sroww;  // its scalar rows
    // 32-bit address arithmetic, truncated to the port widths; the upper
    // bits are zero for legal input and unused otherwise.
    /* verilator lint_off UNUSEDSIGNAL */
    reg [31:0]             tx, tk, slot_x, slot0_x, col_x, home_x, r_x, sr_x, sb_x;
    /* verilator lint_on UNUSEDSIGNAL */
    wire [31:0]            ra0_x = {{(32-ROW_W){1'b0}}, ra0};
    wire [31:0]            ra1_x = {{(32-ROW_W){1'b0}}, ra1};
    wire [31:0]            wa_x  = {{(32-ROW_W){1'b0}}, wa};
    integer                l, k, b;

    always @* begin
        err_d   = ERR_NONE;
        home    = {(LANES*LANE_W){1'b0}};
        row0    = {(LANES*ROW_W){1'b0}};
        row1    = {(LANES*ROW_W){1'b0}};
        roww    = {(LANES*ROW_W){1'b0}};
        bad_tid = 1'b0;
        bad_wrong = 1'b0;
        bad_row = 1'b0;
        bad_dup = 1'b0;
        have0   = 1'b0;
        slot0_x = 32'd0;
        tk      = 32'd0;
        for (l = 0; l < LANES; l = l + 1) begin
            tx     = {{(32-TID_W){1'b0}}, tid[l*TID_W +: TID_W]};
            slot_x = tx >> LOG2L;
            col_x  = tx & (LANES - 1);
            home_x = (LANES > 1) ? (col_x ^ {31'd0, swizzle & slot_x[0]}) : 32'd0;
            home[l*LANE_W +: LANE_W] = home_x[LANE_W-1:0];
            r_x = slot_x * REGS + ra0_x;
            row0[l*ROW_W +: ROW_W] = r_x[ROW_W-1:0];
            r_x = slot_x * REGS + ra1_x;
            row1[l*ROW_W +: ROW_W] = r_x[ROW_W-1:0];
            r_x = slot_x * REGS + wa_x;
            roww[l*ROW_W +: ROW_W] = r_x[ROW_W-1:0];
            if (lane_valid[l]) begin
                if (tx >= THREADS)
                    bad_tid = 1'b1;
                if (home_x != l)
                    bad_wrong = 1'b1;
                if (!have0) begin
                    have0   = 1'b1;
                    slot0_x = slot_x;
                end else if (slot_x != slot0_x)
                    bad_row = 1'b1;
                for (k = l + 1; k < LANES; k = k + 1) begin
                    tk = {{(32-TID_W){1'b0}}, tid[k*TID_W +: TID_W]};
                    if (lane_valid[k] && tk == tx)
                        bad_dup = 1'b1;
                end
            end
        end

        // the scalar ports: the warp of the lowest valid lane (slot0)
        wr = lane_valid & wen;
        scalar_use = (lane_valid != {LANES{1'b0}} && (ra0_s || ra1_s)) ||
                     (wr != {LANES{1'b0}} && wa_s);
        sb_x  = slot0_x & (LANES - 1);
        sbank = sb_x[LANE_W-1:0];
        sr_x  = SBASE + (slot0_x >> LOG2L) * SREGS;
        r_x   = sr_x + ra0_x;
        srow0 = r_x[ROW_W-1:0];
        r_x   = sr_x + ra1_x;
        srow1 = r_x[ROW_W-1:0];
        r_x   = sr_x + wa_x;
        sroww = r_x[ROW_W-1:0];

        if (mode == MODE_BAD)
            err_d = ERR_BAD_MODE;
        else if (done_q != {LANES{1'b0}} &&
                 (mode != MODE_CROSSBAR || swizzle != swz_q ||
                  lane_valid != req_q))
            err_d = ERR_BUSY_CHANGE;
        else if (bad_tid)
            err_d = ERR_BAD_TID;
        else if ((lane_valid != {LANES{1'b0}} &&
                  (ra0_x >= (ra0_s ? SREGS : REGS) || ra1_x >= (ra1_s ? SREGS : REGS))) ||
                 (wr != {LANES{1'b0}} && wa_x >= (wa_s ? SREGS : REGS)))
            err_d = ERR_BAD_REG;
        else if (mode != MODE_CROSSBAR && bad_wrong)
            err_d = ERR_WRONG_LANE;
        else if (mode == MODE_SINGLE && bad_row)
            err_d = ERR_ROW_MISMATCH;
        else if (bad_dup)
            err_d = ERR_DUP_TID;
        else if (scalar_use && bad_row)
            err_d = ERR_SCALAR_WARP;
        else if (wa_s && (wr & (wr - 1'b1)) != {LANES{1'b0}})
            err_d = ERR_SCALAR_WRITE;

        // each bank serves its lowest pending lane
        pending = lane_valid & ~done_q;
        grant_d = {LANES{1'b0}};
        bank_re0 = {LANES{1'b0}};
        bank_re1 = {LANES{1'b0}};
        bank_we = {LANES{1'b0}};
        bank_a0 = {(LANES*ROW_W){1'b0}};
        bank_a1 = {(LANES*ROW_W){1'b0}};
        bank_aw = {(LANES*ROW_W){1'b0}};
        bank_wd = {(LANES*WIDTH){1'b0}};
        for (b = 0; b < LANES; b = b + 1) begin
            found = 1'b0;
            for (l = 0; l < LANES; l = l + 1) begin
                if (!found && pending[l] && home[l*LANE_W +: LANE_W] == b[LANE_W-1:0]) begin
                    found      = 1'b1;
                    grant_d[l] = 1'b1;
                    bank_re0[b] = !ra0_s;
                    bank_re1[b] = !ra1_s;
                    bank_we[b] = wen[l] && !wa_s;
                    bank_a0[b*ROW_W +: ROW_W] = row0[l*ROW_W +: ROW_W];
                    bank_a1[b*ROW_W +: ROW_W] = row1[l*ROW_W +: ROW_W];
                    bank_aw[b*ROW_W +: ROW_W] = roww[l*ROW_W +: ROW_W];
                    bank_wd[b*WIDTH +: WIDTH] = wdata[l*WIDTH +: WIDTH];
                end
            end
        end
        // the scalar ports, in the warp's bank: the reads once, the write
        // with the granted writer's data (the vector ports of that bank
        // serve its own lane's other operands)
        for (b = 0; b < LANES; b = b + 1) begin
            if (grant_d != {LANES{1'b0}} && sbank == b[LANE_W-1:0]) begin
                if (ra0_s) begin
                    bank_re0[b] = 1'b1;
                    bank_a0[b*ROW_W +: ROW_W] = srow0;
                end
                if (ra1_s) begin
                    bank_re1[b] = 1'b1;
                    bank_a1[b*ROW_W +: ROW_W] = srow1;
                end
            end
        end
        for (l = 0; l < LANES; l = l + 1) begin
            if (wa_s && grant_d[l] && wen[l]) begin
                bank_we[sbank] = 1'b1;
                bank_aw[sbank*ROW_W +: ROW_W] = sroww;
                bank_wd[sbank*WIDTH +: WIDTH] = wdata[l*WIDTH +: WIDTH];
            end
        end
        stall_d = (pending & ~grant_d) != {LANES{1'b0}};
        done_d  = stall_d ? (done_q | grant_d) : {LANES{1'b0}};
        if (err_d != ERR_NONE || rst) begin
            grant_d = {LANES{1'b0}};
            bank_re0 = {LANES{1'b0}};
            bank_re1 = {LANES{1'b0}};
            bank_we = {LANES{1'b0}};
            stall_d = done_q != {LANES{1'b0}};
            done_d  = done_q;
        end
    end

    // -------------------------------------------------------------- outputs
    reg [LANE_W-1:0] rs, rs0, rs1;

    always @* begin
        err       = err_d != ERR_NONE;
        err_code  = err_d;
        stall     = stall_d;
        grant     = grant_d;
        rvalid    = rvalid_q;
        conflicts = conflicts_q;
        rdata0    = {(LANES*WIDTH){1'b0}};
        rdata1    = {(LANES*WIDTH){1'b0}};
        rs        = {LANE_W{1'b0}};
        rs0       = {LANE_W{1'b0}};
        rs1       = {LANE_W{1'b0}};
        for (l = 0; l < LANES; l = l + 1) begin
            rs  = rsel_q[l*LANE_W +: LANE_W];
            rs0 = s0_q ? sb_q : rs;   // a scalar port: the broadcast
            rs1 = s1_q ? sb_q : rs;
            if (rvalid_q[l]) begin
                rdata0[l*WIDTH +: WIDTH] = bank_q0[rs0*WIDTH +: WIDTH];
                rdata1[l*WIDTH +: WIDTH] = bank_q1[rs1*WIDTH +: WIDTH];
            end
        end
    end

    // ---------------------------------------------------------------- banks
    genvar g;
    generate
        for (g = 0; g < LANES; g = g + 1) begin : bank
            lane_regfile_bank #(
                .ENTRIES(ENTRIES),
                .WIDTH(WIDTH),
                .ROW_W(ROW_W)
            ) u_bank (
                .clk(clk),
                .re0(bank_re0[g]),
                .re1(bank_re1[g]),
                .we(bank_we[g]),
                .a0(bank_a0[g*ROW_W +: ROW_W]),
                .a1(bank_a1[g*ROW_W +: ROW_W]),
                .aw(bank_aw[g*ROW_W +: ROW_W]),
                .wd(bank_wd[g*WIDTH +: WIDTH]),
                .q0(bank_q0[g*WIDTH +: WIDTH]),
                .q1(bank_q1[g*WIDTH +: WIDTH])
            );
        end
    endgenerate

    // ----------------------------------------------------------- clock edge
    always @(posedge clk) begin
        if (rst) begin
            rvalid_q    <= {LANES{1'b0}};
            done_q      <= {LANES{1'b0}};
            req_q       <= {LANES{1'b0}};
            swz_q       <= 1'b0;
            conflicts_q <= 32'd0;
            s0_q        <= 1'b0;
            s1_q        <= 1'b0;
            sb_q        <= {LANE_W{1'b0}};
        end else if (err_d == ERR_NONE) begin
            if (grant_d != {LANES{1'b0}}) begin
                s0_q <= ra0_s;
                s1_q <= ra1_s;
                sb_q <= sbank;
            end
            for (l = 0; l < LANES; l = l + 1)
                if (grant_d[l])
                    rsel_q[l*LANE_W +: LANE_W] <= home[l*LANE_W +: LANE_W];
            rvalid_q    <= grant_d;
            done_q      <= done_d;
            req_q       <= (done_d != {LANES{1'b0}}) ? lane_valid : {LANES{1'b0}};
            conflicts_q <= conflicts_q + {31'd0, stall_d};
            if (lane_valid != {LANES{1'b0}})
                swz_q <= swizzle;
        end
    end

`ifdef FORMAL
    // ------------------------------------------------ formal properties
    // (make formal, docs/formal.md).  Contract: none beyond the reset that
    // starts every trace; every request is legal input (a bad one is
    // answered with err).  The banks are reached only through their ports
    // (bank_re0/1, bank_we, addresses): the properties read those.
`include "formal.vh"

    // rows a legal access can reach: the vector rows, then each group of
    // LANES slots' scalar rows
    localparam F_USED = SLOTS * REGS + ((SLOTS + LANES - 1) / LANES) * SREGS;
    reg [LANES-1:0] f_once_ok;          // bank b serves at most one lane
    reg [7:0]       f_done_n;           // lanes served so far
    reg             f_rows_ok;
    integer f_b, f_l, f_n;
    always @* begin
        f_rows_ok = 1'b1;
        f_done_n  = 8'd0;
        for (f_b = 0; f_b < LANES; f_b = f_b + 1) begin
            f_n = 0;
            for (f_l = 0; f_l < LANES; f_l = f_l + 1)
                if (grant[f_l] && {{(32-LANE_W){1'b0}}, home[f_l*LANE_W +: LANE_W]} == f_b)
                    f_n = f_n + 1;
            f_once_ok[f_b] = f_n <= 1;
            if (bank_we[f_b] && {{(32-ROW_W){1'b0}}, bank_aw[f_b*ROW_W +: ROW_W]} >= F_USED)
                f_rows_ok = 1'b0;
            if ((bank_re0[f_b] && {{(32-ROW_W){1'b0}}, bank_a0[f_b*ROW_W +: ROW_W]} >= F_USED) ||
                (bank_re1[f_b] && {{(32-ROW_W){1'b0}}, bank_a1[f_b*ROW_W +: ROW_W]} >= F_USED))
                f_rows_ok = 1'b0;
            f_done_n = f_done_n + {7'd0, done_q[f_b]};
        end
    end

    // bounded liveness: the stalled cycles of the request in progress
    // (err cycles of a request do not count: they change nothing)
    reg [7:0] f_run = 8'd0;
    always @(posedge clk)
        if (rst || (!err && !stall))
            f_run <= 8'd0;
        else if (!err)
            f_run <= f_run + 8'd1;

    always @(posedge clk)
        if (f_past) begin
            if ($past(rst))
                p_reset: assert(rvalid_q == {LANES{1'b0}} && done_q == {LANES{1'b0}} &&
                                req_q == {LANES{1'b0}} && !swz_q && conflicts_q == 32'd0 &&
                                !s0_q && !s1_q && sb_q == {LANE_W{1'b0}});
            // illegal input: no register changes, no bank is read or written
            if (!$past(rst) && $past(err))
                p_err_keeps: assert(rvalid_q == $past(rvalid_q) && done_q == $past(done_q) &&
                                    req_q == $past(req_q) && swz_q == $past(swz_q) &&
                                    conflicts_q == $past(conflicts_q) && rsel_q == $past(rsel_q) &&
                                    s0_q == $past(s0_q) && s1_q == $past(s1_q) && sb_q == $past(sb_q) &&
                                    $past(bank_re0) == {LANES{1'b0}} && $past(bank_re1) == {LANES{1'b0}} &&
                                    $past(bank_we) == {LANES{1'b0}});
            // the conflict counter counts the stalled cycles
            if (!$past(rst) && !$past(err))
                p_conflicts: assert(conflicts_q == $past(conflicts_q) + {31'd0, $past(stall)});
        end

    always @*
        if (f_past) begin
            // the lanes served are lanes of the request in progress
            p_done_req: assert((done_q & ~req_q) == {LANES{1'b0}} &&
                               (done_q == {LANES{1'b0}}) == (req_q == {LANES{1'b0}}));
            // a granted lane was waiting (valid, not yet served), and no
            // bank serves two lanes in a cycle
            p_grant: assert((grant & ~(lane_valid & ~done_q)) == {LANES{1'b0}} &&
                            f_once_ok == {LANES{1'b1}});
            // no access beyond the rows of THREADS x REGS
            p_rows: assert(f_rows_ok);
            // bounded liveness: every stalled cycle serves a lane, so a
            // request stalls fewer than LANES cycles
            p_progress: assert(f_run <= f_done_n);
            p_bound: assert({24'd0, f_run} < LANES);
            p_err_code: assert(err == (err_code != ERR_NONE) && (!err || grant == {LANES{1'b0}}));
        end
`endif

endmodule

// One bank: ENTRIES x WIDTH, two synchronous read ports, each with its own
// enable (a scalar operand reads one port of the warp's bank), and one write port, read-first (a read and a write of one row in the same
// cycle read the old value).  Written so Yosys infers one $mem cell.
/* verilator lint_off DECLFILENAME */
module lane_regfile_bank #(
    parameter ENTRIES = 512,
    parameter WIDTH   = 32,
    parameter ROW_W   = 9
) (
    input  wire             clk,
    input  wire             re0,
    input  wire             re1,
    input  wire             we,
    input  wire [ROW_W-1:0] a0,
    input  wire [ROW_W-1:0] a1,
    input  wire [ROW_W-1:0] aw,
    input  wire [WIDTH-1:0] wd,
    output reg  [WIDTH-1:0] q0 /*verilator public_flat_rd*/,
    output reg  [WIDTH-1:0] q1 /*verilator public_flat_rd*/
);
    reg [WIDTH-1:0] mem [0:ENTRIES-1] /*verilator public_flat_rd*/;

    // Power-up contents: zero, as the C model's lane_regfile_reset (an SRAM
    // has no reset; without this a row never written reads as X in Icarus
    // and as random data in an X-randomised build).
    integer i;
    initial
        for (i = 0; i < ENTRIES; i = i + 1)
            mem[i] = {WIDTH{1'b0}};

    always @(posedge clk) begin
        if (we)
            mem[aw] <= wd;
        if (re0)
            q0 <= mem[a0];
        if (re1)
            q1 <= mem[a1];
    end
endmodule
/* verilator lint_on DECLFILENAME */
