// SPDX-License-Identifier: Apache-2.0
// lane_shuffle.v -- the SWI thread-to-lane permutation (001 sec. 4, Table 1):
// combinational map (thread-in-warp id, warp id) -> physical lane, and its
// inverse (physical lane -> thread).  Twin of rtl_c/lane_shuffle.{h,c},
// which documents the behaviour and the choices in full.
//
//   | parameter | default | meaning                                        |
//   |-----------|---------|------------------------------------------------|
//   | LANES     | 32      | lanes = threads per warp, power of two 2..64   |
//   | WARPS     | 24      | warps, 1..64 (m of Table 1)                    |
//   | TID_W, WID_W | derived, do not override: log2(LANES), clog2(WARPS)  |
//
// Table 1 with n = LANES-1, m = WARPS, w = the low TID_W bits of wid:
//   0 Identity   tid
//   1 MirrorOdd  n - tid if wid odd          (= tid ^ n: LANES is 2^TID_W)
//   2 MirrorHalf n - tid if 2*wid > m        (literal "wid > m/2", exact)
//   3 Xor        tid ^ w
//   4 XorRev     tid ^ bitrev(w), bitrev over TID_W bits
// Each is tid ^ c(func, wid): a permutation and an involution, so the inverse
// map is the same XOR applied to in_lane.
//
// Timing: purely combinational; clk and rst are ports only so that every
// structure has the same harness interface (they drive nothing).
// Illegal input (err, act NONE, lane = inv_tid = 0): FUNC 1 in_func > 4,
// then WID 2 in_wid >= WARPS.
//
// Departures from 001: n, m and the bitrev width are not defined in the
// paper (choices above); Xor/XorRev alias warps wid and wid + LANES.
//
// Worked example (LANES = 4, WARPS = 4, XorRev): thread 0 of warps 0..3 runs
// on lanes 0, 2, 1, 3; warp 1 maps threads 0..3 to lanes 2, 3, 0, 1.
module lane_shuffle #(
    parameter LANES = 32,
    parameter WARPS = 24,
    parameter TID_W = (LANES <= 1) ? 1 : $clog2(LANES),
    parameter WID_W = (WARPS <= 1) ? 1 : $clog2(WARPS)
) (
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire             clk,
    input  wire             rst,
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire [2:0]       in_func,
    input  wire [WID_W-1:0] in_wid,
    input  wire [TID_W-1:0] in_tid,
    input  wire [TID_W-1:0] in_lane,
    output reg  [TID_W-1:0] lane,
    output reg  [TID_W-1:0] inv_tid,
    output reg              err,
    output reg  [1:0]       err_code,
    output reg  [2:0]       act
);

    localparam [2:0] F_IDENTITY    = 3'd0;
    localparam [2:0] F_MIRROR_ODD  = 3'd1;
    localparam [2:0] F_MIRROR_HALF = 3'd2;
    localparam [2:0] F_XOR         = 3'd3;
    localparam [2:0] F_XOR_REV     = 3'd4;
    localparam [2:0] ACT_NONE      = 3'd5;

    localparam [1:0] ERR_NONE = 2'd0;
    localparam [1:0] ERR_FUNC = 2'd1;
    localparam [1:0] ERR_WID  = 2'd2;

    // w: the low TID_W bits of wid (zero-extended when WID_W < TID_W);
    // rev: w with its TID_W bits reversed (wiring only)
    wire [TID_W-1:0] w;
    wire [TID_W-1:0] rev;
    genvar b;
    generate
        for (b = 0; b < TID_W; b = b + 1) begin : g_bit
            if (b < WID_W) begin : g_wid
                assign w[b] = in_wid[b];
            end else begin : g_zero
                assign w[b] = 1'b0;
            end
            assign rev[b] = w[TID_W-1-b];
        end
    endgenerate

    wire [31:0] wid32  = {{(32-WID_W){1'b0}}, in_wid};
    wire [31:0] wid2   = {wid32[30:0], 1'b0};
    wire        half   = wid2 > WARPS;       // 2*wid > m, exact
    wire        wid_ok = wid32 < WARPS;

    // the XOR operand of the selected function
    reg [TID_W-1:0] c;
    always @* begin
        case (in_func)
            F_MIRROR_ODD:  c = in_wid[0] ? {TID_W{1'b1}} : {TID_W{1'b0}};
            F_MIRROR_HALF: c = half ? {TID_W{1'b1}} : {TID_W{1'b0}};
            F_XOR:         c = w;
            F_XOR_REV:     c = rev;
            F_IDENTITY:    c = {TID_W{1'b0}};
            default:       c = {TID_W{1'b0}};   // illegal codes (err)
        endcase
    end

    always @* begin
        if (in_func > F_XOR_REV)
            err_code = ERR_FUNC;
        else if (!wid_ok)
            err_code = ERR_WID;
        else
            err_code = ERR_NONE;
        err = err_code != ERR_NONE;
        if (err) begin
            act     = ACT_NONE;
            lane    = {TID_W{1'b0}};
            inv_tid = {TID_W{1'b0}};
        end else begin
            act     = in_func;
            lane    = in_tid ^ c;
            inv_tid = in_lane ^ c;
        end
    end

`ifdef FORMAL
    // ------------------------------------------------ formal properties
    // (make formal, docs/formal.md).  No state: no reset or keep property;
    // every input is legal (a bad one is answered with err).
`include "formal.vh"

    wire [TID_W-1:0] f_n = {TID_W{1'b1}};   // n = LANES - 1
    // the properties' own view of the inputs (not the design's wires)
    wire [31:0]      f_wid = {{(32-WID_W){1'b0}}, in_wid};
    always @*
        if (f_past) begin
            // err exactly on a bad function or warp, and then no answer
            p_err: assert(err == (in_func > 3'd4 || f_wid >= WARPS) &&
                          (!err || (act == ACT_NONE && lane == {TID_W{1'b0}} &&
                                    inv_tid == {TID_W{1'b0}})));
            // the inverse undoes the map: a permutation of the lanes, so no
            // two threads of a warp share a lane and none is lost
            if (!err && in_lane == lane)
                p_inverse: assert(inv_tid == in_tid);
            // Table 1, each function in its own words
            if (!err && in_func == F_IDENTITY)
                p_identity: assert(lane == in_tid);
            if (!err && in_func == F_MIRROR_ODD)
                p_mirror_odd: assert(lane == (in_wid[0] ? f_n - in_tid : in_tid));
            if (!err && in_func == F_MIRROR_HALF)
                p_mirror_half: assert(lane == (2 * f_wid > WARPS ? f_n - in_tid : in_tid));
            if (!err && in_func == F_XOR)
                p_xor: assert(lane == (in_tid ^ f_wid[TID_W-1:0]));
        end
`endif

endmodule
