// SPDX-License-Identifier: Apache-2.0
// tsimt_frontend.v -- the issue front end of a temporal-SIMT core: per-warp
// instruction buffer, one issue per cycle to one of LANES tsimt_lane units,
// static warp-to-lane map, round-robin arbitration, issue-conflict counters
// (002 sec. 3.1, 3.3, 5.2, 5.6, Table IV).  Twin of
// rtl_c/tsimt_frontend.{h,c}, which documents the behaviour in full.
// Instantiates verilog/tsimt_lane.v LANES times (g_lane[l].u_lane): the
// sequencing logic is written once.
//
//   | parameter | default | meaning                                        |
//   |-----------|---------|------------------------------------------------|
//   | LANES     | 8       | lanes (1..64), divides WARPS                   |
//   | WARPS     | 32      | warps per core (1..64)                         |
//   | WARP      | 32      | threads per warp (tsimt_lane WARP)             |
//   | K         | 1       | lane width (tsimt_lane K)                      |
//   | INSTR_W   | 32      | instruction width (1..64)                      |
//   | CNT_W     | 32      | conflict-counter width (1..64), saturating     |
//   | WPL, WID_W, LANE_W, SLOT_W, TID_W, THR_W | derived, do not override |
//
// Map: warp w -> lane w mod LANES, slot w div LANES.
// Issue: lane l requests when its tsimt_lane is ready (idle or in its last
// execution cycle) and a warp of it has ib_v_q & sb_ok; each lane picks the
// first such slot at or after wp_q[l], the front end the first requesting
// lane at or after rr_q (both cyclic).  At the edge: the slot empties, rr_q
// := lane + 1, wp_q[lane] := slot + 1.
// Conflicts (Table IV): R requesting lanes -> R - 1 left waiting; conflict
// = min(R - 1, 3); conf1/2/3 count cycles with 1, 2, >= 3 (saturating).
// Fill: into an empty slot or the slot that issues this cycle (issue 24
// item 3: a warp can issue every cycle).
// err (BAD_WARP 1, SLOT_FULL 2, EMPTY 3 on the fill port): act HOLD, no
// fill, no issue, no counter or pointer change, every lane held (hold = 1).
// Scalar (002 sec. 4.1): fill_scalar is kept per slot (ib_s_q) and goes
// with the issue (iss_scalar) to the lane's in_scalar: the lane runs the
// instruction once, for the lowest active thread; rd_ex_scalar shows the
// lane's ex_scalar.  fill_scalar = 0: the front end without the port.
// Timing: outputs combinational from the state and this cycle's inputs;
// lane_ready, ib_full and conf* from the state only.  rst synchronous,
// active high; clears every register (buffer contents included).
//
// Departures from 002: fetch/decode and scoreboard outside (fill port,
// sb_ok); no memory back-pressure; counters are hardware here, simulator
// statistics in 002.
//
// Worked example (LANES = 2, WARPS = 4): warps 0, 1 buffered with 2-thread
// masks, sb_ok = 1111.  c0: lanes 0, 1 request, rr_q = 0 -> warp 0 to lane 0,
// conflict 1.  c1: warp 1 to lane 1 (lane 0 is running).  c2: lane 0 runs
// its last thread; nothing to issue.  conf1 = 1.
module tsimt_frontend #(
    parameter LANES   = 8,
    parameter WARPS   = 32,
    parameter WARP    = 32,
    parameter K       = 1,
    parameter INSTR_W = 32,
    parameter CNT_W   = 32,
    parameter WPL     = WARPS / LANES,
    parameter WID_W   = (WARPS > 1) ? $clog2(WARPS) : 1,
    parameter LANE_W  = (LANES > 1) ? $clog2(LANES) : 1,
    parameter SLOT_W  = (WPL > 1) ? $clog2(WPL) : 1,
    parameter TID_W   = (WARP > 1) ? $clog2(WARP) : 1,
    parameter THR_W   = $clog2(LANES * K + 1)
) (
    input  wire               clk,
    input  wire               rst,
    input  wire               fill_valid,
    input  wire [WID_W-1:0]   fill_warp,
    input  wire [INSTR_W-1:0] fill_instr,
    input  wire [WARP-1:0]    fill_mask,
    input  wire               fill_scalar,
    input  wire [WARPS-1:0]   sb_ok,
    input  wire [LANE_W-1:0]  rd_lane,
    output reg                err,
    output reg  [1:0]         err_code,
    output reg  [1:0]         act,
    output reg                iss_valid,
    output reg  [LANE_W-1:0]  iss_lane,
    output reg  [WID_W-1:0]   iss_warp,
    output reg  [INSTR_W-1:0] iss_instr,
    output reg  [WARP-1:0]    iss_mask,
    output reg                iss_scalar,
    output reg  [1:0]         conflict,
    output wire [WARPS-1:0]   ib_full,
    output wire [LANES-1:0]   lane_ready,
    output reg  [LANES-1:0]   lane_req,
    output wire [LANES-1:0]   lane_ex,
    output wire [LANES-1:0]   lane_done,
    output wire [LANES-1:0]   lane_err,
    output reg  [THR_W-1:0]   ex_threads,
    output wire [CNT_W-1:0]   conf1,
    output wire [CNT_W-1:0]   conf2,
    output wire [CNT_W-1:0]   conf3,
    output reg  [2:0]         rd_act,
    output reg  [K-1:0]       rd_ex_valid,
    output reg  [TID_W-1:0]   rd_ex_base,
    output reg  [WID_W-1:0]   rd_ex_warp,
    output reg  [INSTR_W-1:0] rd_ex_instr,
    output reg                rd_ex_scalar
);

    localparam [1:0] ERR_NONE      = 2'd0;
    localparam [1:0] ERR_BAD_WARP  = 2'd1;
    localparam [1:0] ERR_SLOT_FULL = 2'd2;
    localparam [1:0] ERR_EMPTY     = 2'd3;

    localparam [1:0] ACT_IDLE     = 2'd0;
    localparam [1:0] ACT_ISSUE    = 2'd1;
    localparam [1:0] ACT_CONFLICT = 2'd2;
    localparam [1:0] ACT_HOLD     = 2'd3;

    // ---------------------------------------------------------------- state
    reg [WARPS-1:0]   ib_v_q                  /*verilator public_flat_rd*/;
    reg [INSTR_W-1:0] ib_instr_q [0:WARPS-1]  /*verilator public_flat_rd*/;
    reg [WARP-1:0]    ib_mask_q  [0:WARPS-1]  /*verilator public_flat_rd*/;
    reg [WARPS-1:0]   ib_s_q                  /*verilator public_flat_rd*/;
    reg [LANE_W-1:0]  rr_q                    /*verilator public_flat_rd*/;
    reg [SLOT_W-1:0]  wp_q       [0:LANES-1]  /*verilator public_flat_rd*/;
    reg [CNT_W-1:0]   conf1_q                 /*verilator public_flat_rd*/;
    reg [CNT_W-1:0]   conf2_q                 /*verilator public_flat_rd*/;
    reg [CNT_W-1:0]   conf3_q                 /*verilator public_flat_rd*/;

    assign ib_full = ib_v_q;
    assign conf1   = conf1_q;
    assign conf2   = conf2_q;
    assign conf3   = conf3_q;

    // ------------------------------------- per-lane slot pick (round-robin)
    wire [WARPS-1:0]        elig = ib_v_q & sb_ok;
    reg  [LANES*SLOT_W-1:0] lane_slot;
    reg  [LANES-1:0]        lane_has;
    integer l, k, j;
    always @* begin
        lane_slot = {(LANES*SLOT_W){1'b0}};
        lane_has  = {LANES{1'b0}};
        for (l = 0; l < LANES; l = l + 1) begin
            for (k = 0; k < WPL; k = k + 1) begin
                j = {{(32-SLOT_W){1'b0}}, wp_q[l]} + k;
                if (j >= WPL)
                    j = j - WPL;
                if (!lane_has[l] && elig[j * LANES + l]) begin
                    lane_has[l] = 1'b1;
                    lane_slot[l*SLOT_W +: SLOT_W] = j[SLOT_W-1:0];
                end
            end
        end
    end

    // ----------------------------------------- lane pick (round-robin), issue
    reg [LANE_W-1:0] sel_lane;
    reg              any_req;
    reg [6:0]        nreq;
    reg [SLOT_W-1:0] sel_slot;
    reg [31:0]       sel_warp_x;
    integer m, n;
    always @* begin
        lane_req = lane_ready & lane_has;
        sel_lane = {LANE_W{1'b0}};
        any_req  = 1'b0;
        nreq     = 7'd0;
        for (n = 0; n < LANES; n = n + 1)
            nreq = nreq + {6'd0, lane_req[n]};
        for (n = 0; n < LANES; n = n + 1) begin
            m = {{(32-LANE_W){1'b0}}, rr_q} + n;
            if (m >= LANES)
                m = m - LANES;
            if (!any_req && lane_req[m]) begin
                any_req  = 1'b1;
                sel_lane = m[LANE_W-1:0];
            end
        end
        sel_slot   = lane_slot[{{(32-LANE_W){1'b0}}, sel_lane} * SLOT_W +: SLOT_W];
        sel_warp_x = {{(32-SLOT_W){1'b0}}, sel_slot} * LANES + {{(32-LANE_W){1'b0}}, sel_lane};
    end

    /* verilator lint_off UNUSEDSIGNAL */
    wire [31:0] sel_warp_u = sel_warp_x; // < WARPS by construction: upper bits zero
    /* verilator lint_on UNUSEDSIGNAL */
    wire [WID_W-1:0] sel_warp = sel_warp_u[WID_W-1:0];

    // ------------------------------------------------------------ fill check
    // A slot may be filled when empty or when its instruction issues this
    // cycle (read and rewritten at the same edge); the pick above reads no
    // fill input.
    wire [31:0] fill_warp_x = {{(32-WID_W){1'b0}}, fill_warp};
    wire        fill_warp_ok = fill_warp_x < WARPS;
    wire [WID_W-1:0] fill_w = fill_warp_ok ? fill_warp : {WID_W{1'b0}};
    reg  [1:0]  err_code_d;
    always @* begin
        if (fill_valid && !fill_warp_ok)
            err_code_d = ERR_BAD_WARP;
        else if (fill_valid && ib_v_q[fill_w] && !(any_req && sel_warp == fill_w))
            err_code_d = ERR_SLOT_FULL;
        else if (fill_valid && fill_mask == {WARP{1'b0}})
            err_code_d = ERR_EMPTY;
        else
            err_code_d = ERR_NONE;
    end
    wire go = err_code_d == ERR_NONE;
    wire issue = go && any_req;

    always @* begin
        err       = !go;
        err_code  = err_code_d;
        if (!go)
            act = ACT_HOLD;
        else if (nreq == 7'd0)
            act = ACT_IDLE;
        else if (nreq == 7'd1)
            act = ACT_ISSUE;
        else
            act = ACT_CONFLICT;
        if (go && nreq > 7'd1)
            conflict = (nreq - 7'd1 > 7'd3) ? 2'd3 : nreq[1:0] - 2'd1;
        else
            conflict = 2'd0;
        iss_valid = issue;
        iss_lane  = issue ? sel_lane : {LANE_W{1'b0}};
        iss_warp  = issue ? sel_warp : {WID_W{1'b0}};
        iss_instr = issue ? ib_instr_q[sel_warp] : {INSTR_W{1'b0}};
        iss_mask  = issue ? ib_mask_q[sel_warp] : {WARP{1'b0}};
        iss_scalar = issue && ib_s_q[sel_warp];
    end

    // ------------------------------------------------------------- the lanes
    wire [LANES*K-1:0]       l_ex_valid;
    wire [LANES*TID_W-1:0]   l_ex_base;
    wire [LANES*WID_W-1:0]   l_ex_warp;
    wire [LANES*INSTR_W-1:0] l_ex_instr;
    wire [LANES-1:0]         l_ex_scalar;
    wire [LANES*3-1:0]       l_act;
    wire [LANES*2-1:0]       l_err_code;

    genvar g;
    generate
        for (g = 0; g < LANES; g = g + 1) begin : g_lane
            tsimt_lane #(
                .WARP    (WARP),
                .K       (K),
                .INSTR_W (INSTR_W),
                .WID_W   (WID_W)
            ) u_lane (
                .clk      (clk),
                .rst      (rst),
                .in_valid (issue && sel_lane == g),
                .in_warp  (iss_warp),
                .in_instr (iss_instr),
                .in_mask  (iss_mask),
                .in_scalar (iss_scalar),
                .hold     (!go),
                .ready    (lane_ready[g]),
                .err      (lane_err[g]),
                .err_code (l_err_code[g*2 +: 2]),
                .act      (l_act[g*3 +: 3]),
                .ex_valid (l_ex_valid[g*K +: K]),
                .ex_base  (l_ex_base[g*TID_W +: TID_W]),
                .ex_warp  (l_ex_warp[g*WID_W +: WID_W]),
                .ex_instr (l_ex_instr[g*INSTR_W +: INSTR_W]),
                .ex_scalar (l_ex_scalar[g]),
                .done     (lane_done[g])
            );
            assign lane_ex[g] = |l_ex_valid[g*K +: K];
        end
    endgenerate

    // l_err_code is carried for waveforms only (lane_err is the port)
    /* verilator lint_off UNUSEDSIGNAL */
    wire [LANES*2-1:0] l_err_code_u = l_err_code;
    /* verilator lint_on UNUSEDSIGNAL */

    // ------------------------------------------- threads in flight, read port
    wire [31:0] rd_lane_x = {{(32-LANE_W){1'b0}}, rd_lane};
    integer t;
    always @* begin
        ex_threads = {THR_W{1'b0}};
        for (t = 0; t < LANES * K; t = t + 1)
            ex_threads = ex_threads + {{(THR_W-1){1'b0}}, l_ex_valid[t]};
        rd_act      = 3'd0;
        rd_ex_valid = {K{1'b0}};
        rd_ex_base  = {TID_W{1'b0}};
        rd_ex_warp  = {WID_W{1'b0}};
        rd_ex_instr = {INSTR_W{1'b0}};
        rd_ex_scalar = 1'b0;
        if (rd_lane_x < LANES) begin
            rd_act      = l_act[rd_lane_x*3 +: 3];
            rd_ex_valid = l_ex_valid[rd_lane_x*K +: K];
            rd_ex_base  = l_ex_base[rd_lane_x*TID_W +: TID_W];
            rd_ex_warp  = l_ex_warp[rd_lane_x*WID_W +: WID_W];
            rd_ex_instr = l_ex_instr[rd_lane_x*INSTR_W +: INSTR_W];
            rd_ex_scalar = l_ex_scalar[rd_lane_x];
        end
    end

    // ----------------------------------------------------------- clock edge
    wire [CNT_W-1:0] cnt_max = {CNT_W{1'b1}};
    integer i;
    always @(posedge clk) begin
        if (rst) begin
            ib_v_q  <= {WARPS{1'b0}};
            ib_s_q  <= {WARPS{1'b0}};
            rr_q    <= {LANE_W{1'b0}};
            conf1_q <= {CNT_W{1'b0}};
            conf2_q <= {CNT_W{1'b0}};
            conf3_q <= {CNT_W{1'b0}};
            for (i = 0; i < WARPS; i = i + 1) begin
                ib_instr_q[i] <= {INSTR_W{1'b0}};
                ib_mask_q[i]  <= {WARP{1'b0}};
            end
            for (i = 0; i < LANES; i = i + 1)
                wp_q[i] <= {SLOT_W{1'b0}};
        end else if (go) begin
            if (issue) begin
                ib_v_q[sel_warp] <= 1'b0;
                rr_q <= ({{(32-LANE_W){1'b0}}, sel_lane} == LANES - 1) ? {LANE_W{1'b0}}
                                                                       : sel_lane + 1'b1;
                wp_q[sel_lane] <= ({{(32-SLOT_W){1'b0}}, sel_slot} == WPL - 1) ? {SLOT_W{1'b0}}
                                                                              : sel_slot + 1'b1;
            end
            // after the issue's clear: a fill into the issuing slot wins
            if (fill_valid) begin
                ib_v_q[fill_w]     <= 1'b1;
                ib_instr_q[fill_w] <= fill_instr;
                ib_mask_q[fill_w]  <= fill_mask;
                ib_s_q[fill_w]     <= fill_scalar;
            end
            if (conflict == 2'd1 && conf1_q != cnt_max)
                conf1_q <= conf1_q + 1'b1;
            if (conflict == 2'd2 && conf2_q != cnt_max)
                conf2_q <= conf2_q + 1'b1;
            if (conflict == 2'd3 && conf3_q != cnt_max)
                conf3_q <= conf3_q + 1'b1;
        end
    end

`ifdef FORMAL
    // ------------------------------------------------ formal properties
    // (make formal, docs/formal.md).  Contract: none beyond the reset that
    // starts every trace; every input is legal (a bad fill is answered
    // with err).  The lanes carry their own properties (tsimt_lane.v),
    // checked here too.
`include "formal.vh"

    // the front end's architectural state
    reg [WARPS*(INSTR_W+WARP)-1:0] f_ib;
    reg [LANES*SLOT_W-1:0]         f_wp;
    reg                            f_wp_ok, f_mask_ok, f_fair_ok, f_bound_ok;
    integer f_i;
    // bounded liveness: cycles lane l has requested without being picked
    // (err cycles do not count: nothing moves), and its distance from rr_q
    reg [7:0]  f_wait [0:LANES-1];
    reg [31:0] f_dist;
    wire [31:0] f_rr = {{(32-LANE_W){1'b0}}, rr_q};
    always @(posedge clk)
        for (f_i = 0; f_i < LANES; f_i = f_i + 1)
            if (rst || (go && (!lane_req[f_i] || (issue && {{(32-LANE_W){1'b0}}, sel_lane} == f_i))))
                f_wait[f_i] <= 8'd0;
            else if (go)
                f_wait[f_i] <= f_wait[f_i] + 8'd1;
    always @* begin
        f_wp_ok = 1'b1;
        f_mask_ok = 1'b1;
        f_fair_ok = 1'b1;
        f_bound_ok = 1'b1;
        for (f_i = 0; f_i < WARPS; f_i = f_i + 1) begin
            f_ib[f_i*(INSTR_W+WARP) +: INSTR_W+WARP] = {ib_instr_q[f_i], ib_mask_q[f_i]};
            if (ib_v_q[f_i] && ib_mask_q[f_i] == {WARP{1'b0}})
                f_mask_ok = 1'b0;
        end
        for (f_i = 0; f_i < LANES; f_i = f_i + 1) begin
            f_wp[f_i*SLOT_W +: SLOT_W] = wp_q[f_i];
            if ({{(32-SLOT_W){1'b0}}, wp_q[f_i]} >= WPL)
                f_wp_ok = 1'b0;
            f_dist = (f_i >= f_rr) ? f_i - f_rr : f_i + LANES - f_rr;
            if ({24'd0, f_wait[f_i]} + f_dist > LANES - 1)
                f_fair_ok = 1'b0;
            if ({24'd0, f_wait[f_i]} >= LANES)
                f_bound_ok = 1'b0;
        end
    end
    wire [3*CNT_W-1:0] f_conf = {conf1_q, conf2_q, conf3_q};

    always @(posedge clk)
        if (f_past) begin
            if ($past(rst))
                p_reset: assert(ib_v_q == {WARPS{1'b0}} && ib_s_q == {WARPS{1'b0}} &&
                                f_ib == {(WARPS*(INSTR_W+WARP)){1'b0}} && rr_q == {LANE_W{1'b0}} &&
                                f_wp == {(LANES*SLOT_W){1'b0}} && f_conf == {(3*CNT_W){1'b0}});
            // illegal input: nothing changes
            if (!$past(rst) && $past(err))
                p_err_keeps: assert(ib_v_q == $past(ib_v_q) && ib_s_q == $past(ib_s_q) &&
                                    f_ib == $past(f_ib) && rr_q == $past(rr_q) &&
                                    f_wp == $past(f_wp) && f_conf == $past(f_conf));
            // the saturating counters never wrap
            if (!$past(rst))
                p_conf_sat: assert(conf1_q >= $past(conf1_q) && conf2_q >= $past(conf2_q) &&
                                   conf3_q >= $past(conf3_q));
        end

    always @*
        if (f_past) begin
            p_ranges: assert({{(32-LANE_W){1'b0}}, rr_q} < LANES && f_wp_ok);
            p_mask: assert(f_mask_ok);
            // lanes never double-booked: an issue goes to a ready lane, the
            // lane of its warp (w mod LANES), from a full slot
            p_issue: assert(!iss_valid ||
                            (lane_ready[iss_lane] &&
                             {{(32-WID_W){1'b0}}, iss_warp} % LANES == {{(32-LANE_W){1'b0}}, iss_lane} &&
                             ib_v_q[iss_warp] && sb_ok[iss_warp]));
            // bounded liveness: a requesting lane is picked within LANES
            // cycles (round robin: each pick ahead of it moves rr_q closer)
            p_fair: assert(f_fair_ok);
            p_bound: assert(f_bound_ok);
            p_err_code: assert(err == (err_code != ERR_NONE) && (!err || (!iss_valid && act == ACT_HOLD)));
        end
`endif

endmodule
