// SPDX-License-Identifier: Apache-2.0
// tsimt_lane.v -- one temporal-SIMT lane: instruction and mask registers and
// the density-time sequencer (002 sec. 3.1-3.2, 3.6).  Twin of
// rtl_c/tsimt_lane.{h,c}, which documents the behaviour in full; both make
// the same decision in one combinational block and one clock edge.
//
//   | parameter | default | meaning                                        |
//   |-----------|---------|------------------------------------------------|
//   | WARP      | 32      | threads per warp = mask bits (1..64)           |
//   | K         | 1       | lane width: power of two dividing WARP         |
//   |           |         | (1 = TSIMT, 2/4/8 = STSIMT)                    |
//   | INSTR_W   | 32      | instruction-register width (1..64)             |
//   | WID_W     | 5       | warp-id width (1..8)                           |
//   | G, GRP_W, TID_W | derived, do not override: WARP/K groups,       |
//   |           |         | clog2(G) and clog2(WARP) (each at least 1)     |
//
// State: instr_q, warp_q, mask_q (the whole active mask, held while the
// instruction runs), busy_q, pos_q (first aligned group not yet executed),
// scalar_q (the instruction is scalar).
//
// Scalar (002 sec. 4.1, a scalar instruction runs "with a single active
// thread"): accepted with in_scalar = 1, the instruction is latched with
// mask_q = the lowest active thread of in_mask (in_mask & -in_mask) and
// scalar_q = 1, so it runs one cycle as a one-thread instruction with
// ex_scalar = 1 (the register-file slice uses its scalar addressing mode).
// in_scalar is ignored without in_valid; with in_scalar = 0 the lane is
// the lane without the port, bit for bit.
//
// Sequencing: group g = threads g*K .. g*K+K-1.  Each execution cycle runs
// the lowest non-empty group at or above pos_q (ascending thread order) and
// moves pos_q past it; all-zero aligned groups are skipped, nothing else is
// compacted.  n non-empty groups -> exactly n cycles (K = 1: popcount).
//
// Timing (pipelined hand-over): outputs are combinational from the state and
// this cycle's inputs, ready from the state only.  Accepted in cycle t ->
// groups run in t+1 .. t+n, done in t+n; ready = !busy_q || last, so the
// next instruction taken in t+n runs from t+n+1 with no idle cycle.  rst is
// synchronous, active high, and clears every register.
//
// hold = 1 freezes the lane for the cycle (act HOLD, nothing executes or
// loads).  err (state unchanged, act HOLD, nothing executes), first match:
// HELD (in_valid && hold), BUSY (in_valid && !ready), EMPTY (in_valid &&
// in_mask == 0).
//
// Departures from 002: no operand collector, register-file slice or
// execution pipeline (ex_* is what the sequencer hands them); one cycle per
// group; the warp id travels with the instruction.
//
// Worked example (K = 4, WARP = 32, thread 0 first): accept mask
// 1111 0000 1111 1111 1111 1111 1111 1111 in cycle 0; cycles 1..7 run
// ex_base 0, 8, 12, 16, 20, 24, 28 with ex_valid 1111 (group 1 skipped);
// done and ready in cycle 7.
module tsimt_lane #(
    parameter WARP    = 32,
    parameter K       = 1,
    parameter INSTR_W = 32,
    parameter WID_W   = 5,
    parameter G       = WARP / K,
    parameter GRP_W   = (G > 1) ? $clog2(G) : 1,
    parameter TID_W   = (WARP > 1) ? $clog2(WARP) : 1
) (
    input  wire               clk,
    input  wire               rst,
    input  wire               in_valid,
    input  wire [WID_W-1:0]   in_warp,
    input  wire [INSTR_W-1:0] in_instr,
    input  wire [WARP-1:0]    in_mask,
    input  wire               in_scalar,
    input  wire               hold,
    output reg                ready,
    output reg                err,
    output reg  [1:0]         err_code,
    output reg  [2:0]         act,
    output reg  [K-1:0]       ex_valid,
    output reg  [TID_W-1:0]   ex_base,
    output reg  [WID_W-1:0]   ex_warp,
    output reg  [INSTR_W-1:0] ex_instr,
    output reg                ex_scalar,
    output reg                done
);

    localparam [1:0] ERR_NONE  = 2'd0;
    localparam [1:0] ERR_BUSY  = 2'd1;
    localparam [1:0] ERR_EMPTY = 2'd2;
    localparam [1:0] ERR_HELD  = 2'd3;

    localparam [2:0] ACT_IDLE     = 3'd0;
    localparam [2:0] ACT_LOAD     = 3'd1;
    localparam [2:0] ACT_RUN      = 3'd2;
    localparam [2:0] ACT_LAST     = 3'd3;
    localparam [2:0] ACT_HANDOVER = 3'd4;
    localparam [2:0] ACT_HOLD     = 3'd5;

    // ---------------------------------------------------------------- state
    reg [INSTR_W-1:0] instr_q /*verilator public_flat_rd*/;
    reg [WID_W-1:0]   warp_q  /*verilator public_flat_rd*/;
    reg [WARP-1:0]    mask_q  /*verilator public_flat_rd*/;
    reg               busy_q  /*verilator public_flat_rd*/;
    reg [GRP_W-1:0]   pos_q   /*verilator public_flat_rd*/;
    reg               scalar_q /*verilator public_flat_rd*/;

    // a scalar instruction keeps its lowest active thread only
    localparam [WARP-1:0] ONE = 1;
    wire [WARP-1:0] in_first = in_mask & (~in_mask + ONE);
    wire [WARP-1:0] mask_d   = in_scalar ? in_first : in_mask;

    // ------------------------------------------- group occupancy, thermometer
    wire [G-1:0] occ;
    wire [G-1:0] above;   // groups at or above pos_q
    genvar g;
    generate
        for (g = 0; g < G; g = g + 1) begin : g_grp
            assign occ[g]   = |mask_q[g*K +: K];
            assign above[g] = g >= pos_q;
        end
    endgenerate
    wire [G-1:0] cand = occ & above;

    // priority encoder: the lowest candidate group, and whether another follows
    reg [GRP_W-1:0] cur;
    reg             found;
    reg             more;
    integer i;
    always @* begin
        cur   = {GRP_W{1'b0}};
        found = 1'b0;
        more  = 1'b0;
        for (i = 0; i < G; i = i + 1) begin
            if (cand[i]) begin
                if (found)
                    more = 1'b1;
                else begin
                    cur   = i[GRP_W-1:0];
                    found = 1'b1;
                end
            end
        end
    end

    // --------------------------------------------------------------- decide
    wire       run      = busy_q && found;
    wire       last     = run && !more;
    wire       ready_d  = !busy_q || last;
    reg  [1:0] err_code_d;
    reg        go;
    reg        accept;
    reg        busy_d;
    reg  [GRP_W-1:0] pos_d;
    reg  [2:0] act_d;

    always @* begin
        if (in_valid && hold)
            err_code_d = ERR_HELD;
        else if (in_valid && !ready_d)
            err_code_d = ERR_BUSY;
        else if (in_valid && in_mask == {WARP{1'b0}})
            err_code_d = ERR_EMPTY;
        else
            err_code_d = ERR_NONE;
        go     = !hold && err_code_d == ERR_NONE;
        accept = go && in_valid;
        if (!go)
            act_d = ACT_HOLD;
        else if (run)
            act_d = last ? (accept ? ACT_HANDOVER : ACT_LAST) : ACT_RUN;
        else
            act_d = accept ? ACT_LOAD : ACT_IDLE;
        if (accept) begin
            busy_d = 1'b1;
            pos_d  = {GRP_W{1'b0}};
        end else if (go && run) begin
            busy_d = !last;
            pos_d  = last ? {GRP_W{1'b0}} : cur + 1'b1;
        end else begin
            busy_d = busy_q;
            pos_d  = pos_q;
        end
    end

    // -------------------------------------------------------------- outputs
    // cur * K in 32 bits, truncated to TID_W: the upper bits are zero by
    // construction (cur * K < WARP)
    /* verilator lint_off UNUSEDSIGNAL */
    wire [31:0] base_x = {{(32-GRP_W){1'b0}}, cur} * K;
    /* verilator lint_on UNUSEDSIGNAL */

    always @* begin
        ready    = ready_d;
        err      = err_code_d != ERR_NONE;
        err_code = err_code_d;
        act      = act_d;
        ex_valid = {K{1'b0}};
        ex_base  = {TID_W{1'b0}};
        ex_warp  = {WID_W{1'b0}};
        ex_instr = {INSTR_W{1'b0}};
        ex_scalar = 1'b0;
        done     = 1'b0;
        if (go && run) begin
            ex_valid = mask_q[base_x[TID_W-1:0] +: K];
            ex_base  = base_x[TID_W-1:0];
            ex_warp  = warp_q;
            ex_instr = instr_q;
            ex_scalar = scalar_q;
            done     = last;
        end
    end

    // ----------------------------------------------------------- clock edge
    always @(posedge clk) begin
        if (rst) begin
            instr_q <= {INSTR_W{1'b0}};
            warp_q  <= {WID_W{1'b0}};
            mask_q  <= {WARP{1'b0}};
            busy_q  <= 1'b0;
            pos_q   <= {GRP_W{1'b0}};
            scalar_q <= 1'b0;
        end else begin
            if (accept) begin
                instr_q <= in_instr;
                warp_q  <= in_warp;
                mask_q  <= mask_d;
                scalar_q <= in_scalar;
            end
            busy_q <= busy_d;
            pos_q  <= pos_d;
        end
    end

`ifdef FORMAL
    // ------------------------------------------------ formal properties
    // (make formal, docs/formal.md).  Contract: none beyond the reset that
    // starts every trace; every input is legal (a bad one is answered with
    // err).
`include "formal.vh"

    wire [INSTR_W+WID_W+WARP+1+GRP_W-1:0] f_state = {instr_q, warp_q, mask_q, busy_q, pos_q};
    // the threads this cycle executes, as a mask
    wire [WARP-1:0] f_ex = {{(WARP-K){1'b0}}, ex_valid} << ex_base;
    // the threads executed since the instruction was accepted, and the
    // execution cycles it took, counted apart from the design
    reg  [WARP-1:0] f_exec = {WARP{1'b0}};
    reg  [31:0]     f_runs = 32'd0;
    always @(posedge clk)
        if (rst || accept) begin
            f_exec <= {WARP{1'b0}};
            f_runs <= 32'd0;
        end else if (go && run) begin
            f_exec <= f_exec | f_ex;
            f_runs <= f_runs + 32'd1;
        end
    // the threads below pos_q
    wire [31:0]     f_pos_k = {{(32-GRP_W){1'b0}}, pos_q} * K;
    wire [WARP-1:0] f_below = ~({WARP{1'b1}} << f_pos_k);

    always @(posedge clk)
        if (f_past) begin
            if ($past(rst))
                p_reset: assert(f_state == {(INSTR_W+WID_W+WARP+1+GRP_W){1'b0}});
            // illegal input, or hold: nothing changes
            if (!$past(rst) && ($past(err) || $past(hold)))
                p_err_keeps: assert(f_state == $past(f_state));
        end

    always @*
        if (f_past) begin
            p_pos_range: assert({{(32-GRP_W){1'b0}}, pos_q} < G);
            // a busy lane always has a group left to run
            if (busy_q)
                p_busy_work: assert(found);
            // each active thread executed exactly once: never twice, never
            // an inactive one, and all of them by done
            p_exec_once: assert((f_ex & f_exec) == {WARP{1'b0}} && (f_ex & ~mask_q) == {WARP{1'b0}});
            if (done)
                p_exec_all: assert((f_exec | f_ex) == mask_q);
            if (busy_q)
                p_exec_pos: assert(f_exec == (mask_q & f_below));
            // bounded liveness: an instruction runs at most G cycles
            // (one per non-empty group)
            if (busy_q)
                p_bound: assert(f_runs < G && f_runs <= {{(32-GRP_W){1'b0}}, pos_q});
        end
`endif

endmodule
