// SPDX-License-Identifier: Apache-2.0
// sbi_scoreboard.v -- the dependency-matrix scoreboard of SBI (001 sec. 3.4,
// l.137-144; Table 2: 6 entries per warp; Table 3: 24 x 144 bits).  Per
// warp DEPTH entries {dv1, dst1, dv2, dst2, M}: the destinations of the I1
// and I2 a warp issued together and M = rows I1, I2 of D(t-k, t) over the
// contexts {1 primary, 2 secondary, 3 all cold}.  On issue every M of the
// warp becomes M (x) D(t, t+1) (boolean product) and a new entry enters
// position 0 (collapsing shift into the lowest free position).  Hazard of
// context j = register-id compare AND M[.][.][j].  Twin of
// rtl_c/sbi_scoreboard.{h,c}, which documents behaviour, the derivation of
// D(t, t+1) from the heap's update, choices and a worked example.
//
//   | parameter | default | meaning                                        |
//   |-----------|---------|------------------------------------------------|
//   | WARPS     | 24      | warps (table rows), 1..64                      |
//   | DEPTH     | 6       | entries per warp, 1..16                        |
//   | REG_W     | 6       | register id bits, 1..8                         |
//   | NDST      | 1       | destination ids per instruction, 1..4          |
//   | QREGS     | 4       | registers per context on the read port, 1..8   |
//   | WARP_W, POS_W | derived: clog2(WARPS), clog2(DEPTH) (>= 1)         |
//
// Multi-destination instructions (departure from 001 sec. 3.4, one
// destination per instruction): dst1/dst2 hold NDST register ids each (id n
// at [n*REG_W +: REG_W]), all pending while dv1/dv2 is set and freed by one
// writeback; an instruction writing fewer repeats one (no per-id valid
// bit).  A ld.v4 is one entry slot at NDST = 4; the read port compares
// every id of every entry with the QREGS query registers of each context.
// The C header gives the alternatives and why this one.
//
// Bit layout: M bit 3i + j (i: 0 = I1, 1 = I2; j: 0 ctx1, 1 ctx2, 2 cold);
// iss_d bit 3m + j (m, j: 0 ctx1, 1 ctx2, 2 cold).  Timing: outputs
// combinational from the state and the inputs; update at the rising edge;
// rst synchronous, active high, clears every entry.  A writeback is never
// held; an issue with a destination into a full row (after this cycle's
// writeback) is pushed back: ready = 0, act STALL.  err (state unchanged):
// BAD_WARP 1, BAD_QWARP 2, BAD_WB 3, WB_IDLE 4, first match.
//
// Worked example: see rtl_c/sbi_scoreboard.h (001 Fig. 4, 4 threads).
module sbi_scoreboard #(
    parameter WARPS  = 24,
    parameter DEPTH  = 6,
    parameter REG_W  = 6,
    parameter NDST   = 1,
    parameter QREGS  = 4,
    parameter WARP_W = (WARPS <= 1) ? 1 : $clog2(WARPS),
    parameter POS_W  = (DEPTH <= 1) ? 1 : $clog2(DEPTH)
) (
    input  wire              clk,
    input  wire              rst,
    input  wire              iss_v,
    input  wire [WARP_W-1:0] iss_warp,
    input  wire [8:0]        iss_d,
    input  wire              iss_dv1,
    input  wire [NDST*REG_W-1:0] iss_dst1,
    input  wire              iss_dv2,
    input  wire [NDST*REG_W-1:0] iss_dst2,
    input  wire              wb_v,
    input  wire [WARP_W-1:0] wb_warp,
    input  wire [POS_W-1:0]  wb_pos,
    input  wire [1:0]        wb_sel,
    input  wire [WARP_W-1:0] q_warp,
    input  wire [QREGS-1:0]  q1_rv,
    input  wire [QREGS*REG_W-1:0] q1_r,
    input  wire [QREGS-1:0]  q2_rv,
    input  wire [QREGS*REG_W-1:0] q2_r,
    output reg               ready,
    output reg               err,
    output reg  [2:0]        err_code,
    output reg  [2:0]        act,
    output reg               wb_free,
    output reg  [DEPTH-1:0]  dep1,
    output reg  [DEPTH-1:0]  dep2,
    output reg               hz1,
    output reg               hz2
);

    localparam [2:0] ERR_NONE      = 3'd0;
    localparam [2:0] ERR_BAD_WARP  = 3'd1;
    localparam [2:0] ERR_BAD_QWARP = 3'd2;
    localparam [2:0] ERR_BAD_WB    = 3'd3;
    localparam [2:0] ERR_WB_IDLE   = 3'd4;

    localparam [2:0] ACT_IDLE  = 3'd0;
    localparam [2:0] ACT_PUSH  = 3'd1;
    localparam [2:0] ACT_MOVE  = 3'd2;
    localparam [2:0] ACT_STALL = 3'd3;
    localparam [2:0] ACT_WB    = 3'd4;
    localparam [2:0] ACT_HOLD  = 3'd5;

    localparam ENTRIES = WARPS * DEPTH;
    localparam DST_W   = NDST * REG_W;

    // ---------------------------------------------------------------- state
    reg [DEPTH-1:0] dv1_q  [0:WARPS-1]   /*verilator public_flat_rd*/;
    reg [DEPTH-1:0] dv2_q  [0:WARPS-1]   /*verilator public_flat_rd*/;
    reg [DST_W-1:0] dst1_q [0:ENTRIES-1] /*verilator public_flat_rd*/;
    reg [DST_W-1:0] dst2_q [0:ENTRIES-1] /*verilator public_flat_rd*/;
    reg [5:0]       mat_q  [0:ENTRIES-1] /*verilator public_flat_rd*/;

    // boolean product of an entry's rows I1, I2 with D(t, t+1)
    function [5:0] mul;
        input [5:0] m;
        input [8:0] d;
        integer i, j, k;
        begin
            mul = 6'd0;
            for (i = 0; i < 2; i = i + 1)
                for (j = 0; j < 3; j = j + 1)
                    for (k = 0; k < 3; k = k + 1)
                        if (m[3*i+k] && d[3*k+j])
                            mul[3*i+j] = 1'b1;
        end
    endfunction

    // one of the NDST ids of dst among the valid query registers
    function hit;
        input [DST_W-1:0]       dst;
        input [QREGS-1:0]       rv;
        input [QREGS*REG_W-1:0] r;
        integer n, m;
        begin
            hit = 1'b0;
            for (n = 0; n < NDST; n = n + 1)
                for (m = 0; m < QREGS; m = m + 1)
                    if (rv[m] && dst[n*REG_W +: REG_W] == r[m*REG_W +: REG_W])
                        hit = 1'b1;
        end
    endfunction

    wire [31:0] iw32 = {{(32-WARP_W){1'b0}}, iss_warp};
    wire [31:0] qw32 = {{(32-WARP_W){1'b0}}, q_warp};
    wire [31:0] bw32 = {{(32-WARP_W){1'b0}}, wb_warp};
    wire [31:0] bp32 = {{(32-POS_W){1'b0}}, wb_pos};
    // in-range indices (an out-of-range one is an err cycle: no effect)
    wire [31:0] iws  = (iw32 < WARPS) ? iw32 : 32'd0;
    wire [31:0] qws  = (qw32 < WARPS) ? qw32 : 32'd0;
    wire [31:0] bws  = (bw32 < WARPS) ? bw32 : 32'd0;
    wire [31:0] bps  = (bp32 < DEPTH) ? bp32 : 32'd0;
    wire        query = (q1_rv | q2_rv) != {QREGS{1'b0}};
    wire [DEPTH-1:0] wb_dv1 = dv1_q[bws];
    wire [DEPTH-1:0] wb_dv2 = dv2_q[bws];
    wire [DEPTH-1:0] wb_one = {{(DEPTH-1){1'b0}}, 1'b1} << bps;
    wire        wb_p1 = (wb_dv1 & wb_one) != {DEPTH{1'b0}};
    wire        wb_p2 = (wb_dv2 & wb_one) != {DEPTH{1'b0}};
    wire        wb_frees = !((wb_p1 && !wb_sel[0]) || (wb_p2 && !wb_sel[1]));

    // ------------------------------------------------------------- decide
    reg [2:0] err_code_d;
    always @* begin
        err_code_d = ERR_NONE;
        if (iss_v && iw32 >= WARPS)
            err_code_d = ERR_BAD_WARP;
        else if (query && qw32 >= WARPS)
            err_code_d = ERR_BAD_QWARP;
        else if (wb_v && (bw32 >= WARPS || bp32 >= DEPTH || wb_sel == 2'd0))
            err_code_d = ERR_BAD_WB;
        else if (wb_v && ((wb_sel[0] && !wb_p1) || (wb_sel[1] && !wb_p2)))
            err_code_d = ERR_WB_IDLE;
    end
    wire go = err_code_d == ERR_NONE;

    // read port: dependency masks
    reg [DEPTH-1:0] dep1_d;
    reg [DEPTH-1:0] dep2_d;
    reg [3:0] qm; // the columns of contexts 1 and 2: {I2->2, I2->1, I1->2, I1->1}
    integer q;
    always @* begin
        dep1_d = {DEPTH{1'b0}};
        dep2_d = {DEPTH{1'b0}};
        for (q = 0; q < DEPTH; q = q + 1) begin
            qm = {mat_q[qws * DEPTH + q][4:3], mat_q[qws * DEPTH + q][1:0]};
            dep1_d[q] = (dv1_q[qws][q] && hit(dst1_q[qws * DEPTH + q], q1_rv, q1_r) && qm[0]) ||
                        (dv2_q[qws][q] && hit(dst2_q[qws * DEPTH + q], q1_rv, q1_r) && qm[2]);
            dep2_d[q] = (dv1_q[qws][q] && hit(dst1_q[qws * DEPTH + q], q2_rv, q2_r) && qm[1]) ||
                        (dv2_q[qws][q] && hit(dst2_q[qws * DEPTH + q], q2_rv, q2_r) && qm[3]);
        end
        if (!query) begin
            dep1_d = {DEPTH{1'b0}};
            dep2_d = {DEPTH{1'b0}};
        end
    end

    // the issuing warp's row after this cycle's writeback, and its next value
    wire        same   = wb_v && bws == iws;
    wire [DEPTH-1:0] dv1w = dv1_q[iws] & ~((same && wb_sel[0]) ? wb_one : {DEPTH{1'b0}});
    wire [DEPTH-1:0] dv2w = dv2_q[iws] & ~((same && wb_sel[1]) ? wb_one : {DEPTH{1'b0}});
    wire [DEPTH-1:0] vrow = dv1w | dv2w;
    wire        push   = iss_dv1 || iss_dv2;
    wire        full   = &vrow;
    wire        stall  = iss_v && push && full;
    wire        take   = go && iss_v && !stall;

    reg [31:0]      hole;
    reg             hf;
    reg [DEPTH-1:0] nd1;
    reg [DEPTH-1:0] nd2;
    reg [DST_W-1:0] ndst1 [0:DEPTH-1];
    reg [DST_W-1:0] ndst2 [0:DEPTH-1];
    reg [5:0]       nmat  [0:DEPTH-1];
    integer k, src;
    always @* begin
        hole = 32'd0;
        hf = 1'b0;
        for (k = 0; k < DEPTH; k = k + 1)
            if (!hf && !vrow[k]) begin
                hf = 1'b1;
                hole = k;
            end
        for (k = 0; k < DEPTH; k = k + 1) begin
            src = (push && k > 0 && k <= hole) ? k - 1 : k;
            nd1[k]   = dv1w[src];
            nd2[k]   = dv2w[src];
            ndst1[k] = dst1_q[iws * DEPTH + src];
            ndst2[k] = dst2_q[iws * DEPTH + src];
            nmat[k]  = mul(mat_q[iws * DEPTH + src], iss_d);
        end
        if (push) begin
            nd1[0]   = iss_dv1;
            nd2[0]   = iss_dv2;
            ndst1[0] = iss_dst1;
            ndst2[0] = iss_dst2;
            nmat[0]  = iss_d[5:0];
        end
    end

    // -------------------------------------------------------------- outputs
    always @* begin
        err      = !go;
        err_code = err_code_d;
        ready    = 1'b1;
        wb_free  = 1'b0;
        dep1     = {DEPTH{1'b0}};
        dep2     = {DEPTH{1'b0}};
        hz1      = 1'b0;
        hz2      = 1'b0;
        act      = ACT_HOLD;
        if (go) begin
            dep1    = dep1_d;
            dep2    = dep2_d;
            hz1     = dep1_d != {DEPTH{1'b0}};
            hz2     = dep2_d != {DEPTH{1'b0}};
            wb_free = wb_v && wb_frees;
            if (iss_v) begin
                ready = !stall;
                act   = stall ? ACT_STALL : (push ? ACT_PUSH : ACT_MOVE);
            end else
                act = wb_v ? ACT_WB : ACT_IDLE;
        end
    end

    // ----------------------------------------------------------- clock edge
    // one register set per warp row and per entry (constant indices)
    genvar gw, ge;
    generate
        for (gw = 0; gw < WARPS; gw = gw + 1) begin : g_row
            always @(posedge clk) begin
                if (rst) begin
                    dv1_q[gw] <= {DEPTH{1'b0}};
                    dv2_q[gw] <= {DEPTH{1'b0}};
                end else if (take && iws == gw) begin
                    // the issue's row includes this cycle's writeback
                    dv1_q[gw] <= nd1;
                    dv2_q[gw] <= nd2;
                end else if (go && wb_v && bws == gw) begin
                    if (wb_sel[0])
                        dv1_q[gw] <= wb_dv1 & ~wb_one;
                    if (wb_sel[1])
                        dv2_q[gw] <= wb_dv2 & ~wb_one;
                end
            end
        end
        for (ge = 0; ge < ENTRIES; ge = ge + 1) begin : g_entry
            always @(posedge clk) begin
                if (rst) begin
                    dst1_q[ge] <= {DST_W{1'b0}};
                    dst2_q[ge] <= {DST_W{1'b0}};
                    mat_q[ge]  <= 6'd0;
                end else if (take && iws == ge / DEPTH) begin
                    dst1_q[ge] <= ndst1[ge % DEPTH];
                    dst2_q[ge] <= ndst2[ge % DEPTH];
                    mat_q[ge]  <= nmat[ge % DEPTH];
                end
            end
        end
    endgenerate

`ifdef FORMAL
    // ------------------------------------------------ formal properties
    // (make formal, docs/formal.md).  Contract: none beyond the reset that
    // starts every trace; every input is legal (a bad one is answered with
    // err, a push into a full row with ready = 0).
`include "formal.vh"

    // the architectural state, and each warp's pending destinations
    localparam F_ENT_W = 2 * DST_W + 6;
    reg [2*WARPS*DEPTH-1:0]     f_dv;
    reg [ENTRIES*F_ENT_W-1:0]   f_ent;
    reg [WARPS*8-1:0]           f_cnt;     // dv1 + dv2 bits of each warp
    integer f_w, f_k;
    always @* begin
        f_cnt = {(WARPS*8){1'b0}};
        for (f_w = 0; f_w < WARPS; f_w = f_w + 1) begin
            f_dv[2*DEPTH*f_w +: 2*DEPTH] = {dv2_q[f_w], dv1_q[f_w]};
            for (f_k = 0; f_k < DEPTH; f_k = f_k + 1)
                f_cnt[8*f_w +: 8] = f_cnt[8*f_w +: 8] + {7'd0, dv1_q[f_w][f_k]} + {7'd0, dv2_q[f_w][f_k]};
        end
        for (f_k = 0; f_k < ENTRIES; f_k = f_k + 1)
            f_ent[F_ENT_W*f_k +: F_ENT_W] = {dst1_q[f_k], dst2_q[f_k], mat_q[f_k]};
    end

    // each warp's count after this cycle: its writeback frees the bits it
    // selects (they were pending: WB_IDLE otherwise), its push adds the
    // destinations it has
    reg [WARPS*8-1:0] f_cnt_d;
    always @* begin
        for (f_w = 0; f_w < WARPS; f_w = f_w + 1)
            f_cnt_d[8*f_w +: 8] = f_cnt[8*f_w +: 8]
                - ((wb_v && bw32 == f_w) ? {7'd0, wb_sel[0]} + {7'd0, wb_sel[1]} : 8'd0)
                + ((iss_v && ready && iw32 == f_w) ? {7'd0, iss_dv1} + {7'd0, iss_dv2} : 8'd0);
    end

    always @(posedge clk)
        if (f_past) begin
            if ($past(rst))
                p_reset: assert(f_dv == {(2*WARPS*DEPTH){1'b0}} && f_ent == {ENTRIES{{F_ENT_W{1'b0}}}});
            // illegal input: nothing changes
            if (!$past(rst) && $past(err))
                p_err_keeps: assert(f_dv == $past(f_dv) && f_ent == $past(f_ent));
            // a held issue (ready = 0) writes no entry and sets no valid
            // bit (the cycle's writeback still frees its destination)
            if (!$past(rst) && !$past(err) && !$past(ready))
                p_stall_keeps: assert(f_ent == $past(f_ent) && (f_dv & ~$past(f_dv)) == {(2*WARPS*DEPTH){1'b0}});
            // no pending destination is lost or duplicated: every warp's
            // count moves by its writeback and its push only
            if (!$past(rst) && !$past(err))
                p_count: assert(f_cnt == $past(f_cnt_d));
            // a push enters position 0 of its warp with its destinations
            // and its rows of D(t-1, t+1)
            if (!$past(rst) && !$past(err) && $past(ready) && $past(iss_v) && ($past(iss_dv1) || $past(iss_dv2)))
                p_push: assert(f_dv[2*DEPTH*$past(iws)] == $past(iss_dv1) &&
                               f_dv[2*DEPTH*$past(iws) + DEPTH] == $past(iss_dv2) &&
                               f_ent[F_ENT_W*DEPTH*$past(iws) +: F_ENT_W] ==
                               {$past(iss_dst1), $past(iss_dst2), $past(iss_d[5:0])});
        end

    // the read port by brute force: entry k of the query warp is flagged
    // for context j exactly when one of the NDST ids of a pending I_i
    // equals a valid query register of context j and M[k][i][j] is set
    reg [DEPTH-1:0] f_dep1;
    reg [DEPTH-1:0] f_dep2;
    integer f_q, f_n, f_m;
    always @* begin
        f_dep1 = {DEPTH{1'b0}};
        f_dep2 = {DEPTH{1'b0}};
        for (f_q = 0; f_q < DEPTH; f_q = f_q + 1)
            for (f_n = 0; f_n < NDST; f_n = f_n + 1)
                for (f_m = 0; f_m < QREGS; f_m = f_m + 1) begin
                    if (dv1_q[qws][f_q] && mat_q[qws*DEPTH + f_q][0] && q1_rv[f_m] &&
                        dst1_q[qws*DEPTH + f_q][f_n*REG_W +: REG_W] == q1_r[f_m*REG_W +: REG_W])
                        f_dep1[f_q] = 1'b1;
                    if (dv2_q[qws][f_q] && mat_q[qws*DEPTH + f_q][3] && q1_rv[f_m] &&
                        dst2_q[qws*DEPTH + f_q][f_n*REG_W +: REG_W] == q1_r[f_m*REG_W +: REG_W])
                        f_dep1[f_q] = 1'b1;
                    if (dv1_q[qws][f_q] && mat_q[qws*DEPTH + f_q][1] && q2_rv[f_m] &&
                        dst1_q[qws*DEPTH + f_q][f_n*REG_W +: REG_W] == q2_r[f_m*REG_W +: REG_W])
                        f_dep2[f_q] = 1'b1;
                    if (dv2_q[qws][f_q] && mat_q[qws*DEPTH + f_q][4] && q2_rv[f_m] &&
                        dst2_q[qws*DEPTH + f_q][f_n*REG_W +: REG_W] == q2_r[f_m*REG_W +: REG_W])
                        f_dep2[f_q] = 1'b1;
                end
    end

    always @*
        if (f_past && !err)
            // every destination id of every pending entry is guarded
            p_dep: assert(dep1 == f_dep1 && dep2 == f_dep2 &&
                          hz1 == (f_dep1 != {DEPTH{1'b0}}) && hz2 == (f_dep2 != {DEPTH{1'b0}}));

    always @*
        if (f_past)
            // err exactly with an error code; an error holds, reports no
            // hazard and frees nothing; ready = 0 only as a stall
            p_err_code: assert(err == (err_code != ERR_NONE) &&
                               (!err || (act == ACT_HOLD && ready && !wb_free && !hz1 && !hz2)) &&
                               ready == (act != ACT_STALL));
`endif

endmodule
