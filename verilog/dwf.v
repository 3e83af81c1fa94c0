// SPDX-License-Identifier: Apache-2.0
// dwf.v -- dynamic warp formation, the composed top (000 Fig. 11): warp
// update registers -> pc_warp_lut (two lookups) -> warp_pool (four groups);
// the pool's issue -> the LUT's invalidation.  Twin of rtl_c/dwf.{h,c},
// which documents the wiring, timing, illegal input, push-back argument and
// invariants in full.  Instantiates verilog/pc_warp_lut.v and
// verilog/warp_pool.v (same parameters passed down; Verilator and Icarus
// find them with -y verilog), and verilog/lane_shuffle.v per lane and per
// thread when SWIZZLE >= 2 (the pool then keeps ids {wid, home lane}).
//
//   | parameter   | default | meaning                                      |
//   |-------------|---------|----------------------------------------------|
//   | LANES       | 16      | SIMD width, power of two 2..32               |
//   | TID_W       | 8       | TID width; THREADS = POOL = 2^TID_W <= 2048  |
//   | PC_W        | 32      | PC width                                     |
//   | SCHED_W     | 8       | pool scheduler data (DTime / DPdPri)         |
//   | POLICY      | 0       | 0 DMaj 1 DMin 2 DTime 3 DPC 4 DPdPri         |
//   | SWIZZLE     | 1       | home lanes: 0 none, 1 000 4.1 even/odd swap, |
//   |             |         | 2..6 001 Table 1 (Identity, MirrorOdd,       |
//   |             |         | MirrorHalf, Xor, XorRev) via lane_shuffle    |
//   | MAJ         | 32      | majority table slots                         |
//   | LUT_ENTRIES | 32      | PC-warp LUT entries (2-way)                  |
//   | POOL, IDX_W, FREE_W, TW, THREADS | derived, do not override        |
//
// Timing: outputs combinational from the registered state and this cycle's
// inputs; the update registers, the live vector and both units change at
// the rising edge; rst synchronous, active high.  err (own checks: ISS_EMPTY,
// OVERLAP, HOME_LANE, TID_LIVE; INTERNAL = a sub-unit err, never) holds the
// commit and the registers; the sub-units see an idle cycle (no lookup, no
// group, no issue) and the pool is frozen by its hold input (hold = !go), so
// after an err the whole state is the state before, bit for bit.
//
// Yosys `synth` at the defaults (tools/lint.sh reads the sub-units through
// `hierarchy -libdir verilog` and synthesizes all three): minutes, nearly
// all of it warp_pool and pc_warp_lut, which their own lint synthesizes
// too; the dwf's own logic (496 flip-flops: update registers and live
// vector; 4577 cells) takes a small fraction of that
// with the sub-units read as black boxes (read_verilog -lib).
//
// LUT invalidation: inv_valid = go && iss_req && the pool's cand_valid,
// inv_idx = cand_idx (the pool's issue choice from its registered state),
// which equal the pool's iss_valid/iss_idx whenever the pool has no err
// (always here; dwf_check asserts it).  The pool's iss_valid itself is gated
// by its err, which depends on its groups, i.e. on the LUT: wiring it to
// inv_valid would be a combinational loop.
module dwf #(
    parameter LUT_ENTRIES = 32,
    parameter LANES       = 16,
    parameter TID_W       = 8,
    parameter PC_W        = 32,
    parameter SCHED_W     = 8,
    parameter POLICY      = 0,
    parameter SWIZZLE     = 1,
    parameter MAJ         = 32,
    parameter POOL        = 1 << TID_W,
    parameter THREADS     = 1 << TID_W,
    parameter IDX_W       = TID_W,
    parameter FREE_W      = TID_W + 1,
    parameter TW          = LANES * TID_W
) (
    input  wire               clk,
    input  wire               rst,
    input  wire               iss_req,
    input  wire               cm_valid,
    input  wire [TW-1:0]      cm_tids,
    input  wire [LANES-1:0]   cm_mask_t,
    input  wire [LANES-1:0]   cm_mask_nt,
    input  wire [PC_W-1:0]    cm_pc_t,
    input  wire [PC_W-1:0]    cm_pc_nt,
    input  wire [SCHED_W-1:0] cm_prio_t,
    input  wire [SCHED_W-1:0] cm_prio_nt,
    output wire               cm_ready,
    output wire               err,
    output wire [2:0]         err_code,
    output wire               ur_valid,
    output wire [FREE_W-1:0]  free_cnt,
    output wire               ovf,
    output wire               iss_valid,
    output wire [1:0]         iss_src,
    output wire [IDX_W-1:0]   iss_idx,
    output wire [PC_W-1:0]    iss_pc,
    output wire [LANES-1:0]   iss_mask,
    output wire [TW-1:0]      iss_tids,
    output wire               lk0_hit,
    output wire               lk0_conflict,
    output wire               lk0_evict,
    output wire               lk1_hit,
    output wire               lk1_conflict,
    output wire               lk1_evict,
    output wire               inv_hit
);
    localparam LW = $clog2(LANES);
    localparam SETS = LUT_ENTRIES / 2;
    localparam SET_W = $clog2(SETS);
    localparam ENT_W = $clog2(LUT_ENTRIES);
    localparam NW = THREADS / LANES;                   // static warps
    localparam WW = (NW <= 1) ? 1 : $clog2(NW);
    localparam integer FUNC_I = (SWIZZLE >= 2) ? SWIZZLE - 2 : 0;
    localparam [2:0] FUNC = FUNC_I[2:0];                // 001 Table 1 function
    localparam POOL_SWIZZLE = (SWIZZLE >= 2) ? 0 : SWIZZLE;
    localparam [2:0] E_NONE = 3'd0, E_ISS_EMPTY = 3'd1, E_OVERLAP = 3'd2,
                     E_HOME_LANE = 3'd3, E_TID_LIVE = 3'd4, E_INTERNAL = 3'd7;

    // ---------------------------------------------- warp update registers
    reg  [TW-1:0]      ur_tids_q  /*verilator public_flat_rd*/;
    reg  [PC_W-1:0]    ur_pc0_q   /*verilator public_flat_rd*/;
    reg  [PC_W-1:0]    ur_pc1_q   /*verilator public_flat_rd*/;
    reg  [LANES-1:0]   ur_req0_q  /*verilator public_flat_rd*/;
    reg  [LANES-1:0]   ur_req1_q  /*verilator public_flat_rd*/;
    reg  [SCHED_W-1:0] ur_prio0_q /*verilator public_flat_rd*/;
    reg  [SCHED_W-1:0] ur_prio1_q /*verilator public_flat_rd*/;

    // ------------------------------------------------------- sub-units
    wire              lut_ready, lut_err;
    wire [2:0]        lut_err_code;
    wire [1:0]        lut_need_cnt;
    wire [SET_W-1:0]  lk0_set, lk1_set;
    wire              lk0_way, lk1_way;
    wire [LANES-1:0]  lk0_join_mask, lk0_new_mask, lk1_join_mask, lk1_new_mask;
    wire [IDX_W-1:0]  lk0_join_idx, lk0_new_idx, lk1_join_idx, lk1_new_idx;
    wire              lk0_new, lk1_new;
    wire              rd_valid, rd_lru;
    wire [PC_W-1:0]   rd_pc;
    wire [LANES-1:0]  rd_occ;
    wire [IDX_W-1:0]  rd_idx;
    wire              pool_ready, pool_err;
    wire [3:0]        pool_err_code;
    wire [IDX_W-1:0]  free_idx0, free_idx1;
    wire              cand_valid;
    wire [IDX_W-1:0]  cand_idx;
`ifdef FORMAL
    // the pool's state for the strengthening properties (formal only)
    wire [THREADS-1:0]     f_pool_ip;
    wire [POOL-1:0]        f_pool_v;
    wire [POOL*PC_W-1:0]   f_pool_pc;
    wire [POOL*LANES-1:0]  f_pool_lv;
    wire [LUT_ENTRIES-1:0]       f_lut_v;
    wire [LUT_ENTRIES*PC_W-1:0]  f_lut_pc;
    wire [LUT_ENTRIES*LANES-1:0] f_lut_occ;
    wire [LUT_ENTRIES*IDX_W-1:0] f_lut_idx;
`endif

    // ------------------------------------------------ own checks (err)
    reg  [2:0]  own_code;
    wire [LANES-1:0] cm_m = cm_mask_t | cm_mask_nt;
    wire [THREADS-1:0] live_hit;    // thread t committed in its home lane while live
    wire [LANES-1:0] home_bad;
    wire [TW-1:0]    pool_wr_tids;   // the registers' TIDs as the pool keeps them
    wire [TW-1:0]    pool_iss_tids;  // the pool's issued ids
    // Swizzle (rtl_c/dwf.h): 0 none, 1 000's even/odd swap (the pool's own
    // SWIZZLE), 2..6 001 Table 1 function SWIZZLE-2 through lane_shuffle; then
    // the pool runs unswizzled on ids {wid, home lane}, translated here.
    genvar gl;
    generate
        for (gl = 0; gl < LANES; gl = gl + 1) begin : lane
            localparam [LW-1:0] LID = gl;
            wire [TID_W-1:0] t  = cm_tids[gl*TID_W +: TID_W];
            wire [TID_W-1:0] ut = ur_tids_q[gl*TID_W +: TID_W];
            wire [TID_W-1:0] pt = pool_iss_tids[gl*TID_W +: TID_W];
            wire [LW-1:0]    h;              // the home lane of t
            if (SWIZZLE >= 2) begin : g_001
                wire [WW-1:0]    t_hi, pt_hi;    // the static warps of t and pt
                wire [LW-1:0]    inv;        // the thread of warp pt_hi on this lane
                wire [LW-1:0]    x_inv, x_lane;
                wire             x_err0, x_err1;
                wire [1:0]       x_code0, x_code1;
                wire [2:0]       x_act0, x_act1;
                lane_shuffle #(
                    .LANES(LANES),
                    .WARPS(NW)
                ) u_home (
                    .clk(clk),
                    .rst(rst),
                    .in_func(FUNC),
                    .in_wid(t_hi),
                    .in_tid(t[LW-1:0]),
                    .in_lane(LID),
                    .lane(h),
                    .inv_tid(x_inv),
                    .err(x_err0),
                    .err_code(x_code0),
                    .act(x_act0)
                );
                lane_shuffle #(
                    .LANES(LANES),
                    .WARPS(NW)
                ) u_back (
                    .clk(clk),
                    .rst(rst),
                    .in_func(FUNC),
                    .in_wid(pt_hi),
                    .in_tid(LID),
                    .in_lane(LID),
                    .lane(x_lane),
                    .inv_tid(inv),
                    .err(x_err1),
                    .err_code(x_code1),
                    .act(x_act1)
                );
                // wid < THREADS/LANES and FUNC <= 4: the maps never err
                /* verilator lint_off UNUSED */
                wire unused_sh = &{1'b0, x_inv, x_lane, x_err0, x_err1, x_code0, x_code1,
                                   x_act0, x_act1};
                /* verilator lint_on UNUSED */
                // {wid, home lane} in, {wid, inverse} out
                wire [TID_W-1:0] ut_p, pt_t;
                if (TID_W > LW) begin : g_wid
                    assign t_hi = t[TID_W-1:LW];
                    assign pt_hi = pt[TID_W-1:LW];
                    assign ut_p = {ut[TID_W-1:LW], LID};
                    assign pt_t = {pt[TID_W-1:LW], inv};
                end else begin : g_nowid
                    assign t_hi = 1'b0;
                    assign pt_hi = 1'b0;
                    assign ut_p = LID;
                    assign pt_t = inv;
                end
                assign pool_wr_tids[gl*TID_W +: TID_W] =
                    (ur_req0_q[gl] || ur_req1_q[gl]) ? ut_p : ut;
                assign iss_tids[gl*TID_W +: TID_W] = iss_mask[gl] ? pt_t : pt;
            end else begin : g_000
                wire odd = (TID_W > LW) ? t[LW % TID_W] : 1'b0; // static warp t / LANES is odd
                assign h = t[LW-1:0] ^ (((SWIZZLE != 0) && odd) ? {{(LW-1){1'b0}}, 1'b1}
                                                                : {LW{1'b0}});
                assign pool_wr_tids[gl*TID_W +: TID_W] = ut;
                assign iss_tids[gl*TID_W +: TID_W] = pt;
            end
            assign home_bad[gl] = cm_m[gl] && (h != LID);
        end
    endgenerate
    always @* begin
        if (iss_req && free_cnt == POOL[FREE_W-1:0])
            own_code = E_ISS_EMPTY;
        else if (!cm_valid)
            own_code = E_NONE;
        else if ((cm_mask_t & cm_mask_nt) != {LANES{1'b0}})
            own_code = E_OVERLAP;
        else if (home_bad != {LANES{1'b0}})
            own_code = E_HOME_LANE;
        else if (live_hit != {THREADS{1'b0}})
            own_code = E_TID_LIVE;
        else
            own_code = E_NONE;
    end
    wire go = own_code == E_NONE;

    assign err      = !go || lut_err || pool_err;
    assign err_code = !go ? own_code : (lut_err || pool_err) ? E_INTERNAL : E_NONE;
    assign cm_ready = !go || (lut_ready && pool_ready); // err: 1, as every unit
    assign ur_valid = (ur_req0_q | ur_req1_q) != {LANES{1'b0}};

    wire [1:0] avail = (free_cnt >= 2) ? 2'd2 : free_cnt[1:0];

    pc_warp_lut #(
        .ENTRIES(LUT_ENTRIES),
        .WAYS(2),
        .LANES(LANES),
        .PC_W(PC_W),
        .POOL(POOL)
    ) u_lut (
        .clk(clk),
        .rst(rst),
        .lk0_valid(go && ur_req0_q != {LANES{1'b0}}),
        .lk0_pc(ur_pc0_q),
        .lk0_req(ur_req0_q),
        .lk1_valid(go && ur_req1_q != {LANES{1'b0}}),
        .lk1_pc(ur_pc1_q),
        .lk1_req(ur_req1_q),
        .alloc_idx0(free_idx0),
        .alloc_idx1(free_idx1),
        .alloc_avail(avail),
        .inv_valid(go && iss_req && cand_valid),
        .inv_idx(cand_idx),
        .rd_entry({ENT_W{1'b0}}),
        .ready(lut_ready),
        .err(lut_err),
        .err_code(lut_err_code),
        .need_cnt(lut_need_cnt),
        .lk0_hit(lk0_hit),
        .lk0_conflict(lk0_conflict),
        .lk0_evict(lk0_evict),
        .lk0_set(lk0_set),
        .lk0_way(lk0_way),
        .lk0_join_mask(lk0_join_mask),
        .lk0_join_idx(lk0_join_idx),
        .lk0_new(lk0_new),
        .lk0_new_mask(lk0_new_mask),
        .lk0_new_idx(lk0_new_idx),
        .lk1_hit(lk1_hit),
        .lk1_conflict(lk1_conflict),
        .lk1_evict(lk1_evict),
        .lk1_set(lk1_set),
        .lk1_way(lk1_way),
        .lk1_join_mask(lk1_join_mask),
        .lk1_join_idx(lk1_join_idx),
        .lk1_new(lk1_new),
        .lk1_new_mask(lk1_new_mask),
        .lk1_new_idx(lk1_new_idx),
        .inv_hit(inv_hit),
`ifdef FORMAL
        .f_valid_o(f_lut_v),
        .f_pc_o(f_lut_pc),
        .f_occ_o(f_lut_occ),
        .f_idx_o(f_lut_idx),
`endif
        .rd_valid(rd_valid),
        .rd_pc(rd_pc),
        .rd_occ(rd_occ),
        .rd_idx(rd_idx),
        .rd_lru(rd_lru)
    );

    warp_pool #(
        .LANES(LANES),
        .POOL(POOL),
        .TID_W(TID_W),
        .PC_W(PC_W),
        .SCHED_W(SCHED_W),
        .POLICY(POLICY),
        .SWIZZLE(POOL_SWIZZLE),
        .MAJ(MAJ)
    ) u_pool (
        .clk(clk),
        .rst(rst),
        .hold(!go),
        .iss_req(go && iss_req),
        .wr_tids(pool_wr_tids),
        .g0_valid(lk0_join_mask != {LANES{1'b0}}),
        .g0_new(1'b0),
        .g0_idx(lk0_join_idx),
        .g0_pc(ur_pc0_q),
        .g0_mask(lk0_join_mask),
        .g0_prio(ur_prio0_q),
        .g1_valid(lk0_new),
        .g1_new(1'b1),
        .g1_idx(lk0_new_idx),
        .g1_pc(ur_pc0_q),
        .g1_mask(lk0_new_mask),
        .g1_prio(ur_prio0_q),
        .g2_valid(lk1_join_mask != {LANES{1'b0}}),
        .g2_new(1'b0),
        .g2_idx(lk1_join_idx),
        .g2_pc(ur_pc1_q),
        .g2_mask(lk1_join_mask),
        .g2_prio(ur_prio1_q),
        .g3_valid(lk1_new),
        .g3_new(1'b1),
        .g3_idx(lk1_new_idx),
        .g3_pc(ur_pc1_q),
        .g3_mask(lk1_new_mask),
        .g3_prio(ur_prio1_q),
        .ready(pool_ready),
        .err(pool_err),
        .err_code(pool_err_code),
        .free_cnt(free_cnt),
        .free_idx0(free_idx0),
        .free_idx1(free_idx1),
        .ovf(ovf),
        .iss_valid(iss_valid),
        .iss_src(iss_src),
        .iss_idx(iss_idx),
        .iss_pc(iss_pc),
        .iss_mask(iss_mask),
        .iss_tids(pool_iss_tids),
`ifdef FORMAL
        .f_ip_o(f_pool_ip),
        .f_v_o(f_pool_v),
        .f_pc_o(f_pool_pc),
        .f_lv_o(f_pool_lv),
`endif
        .cand_valid(cand_valid),
        .cand_idx(cand_idx)
    );

    // Debug/coverage outputs of the sub-units the dwf does not use.
    /* verilator lint_off UNUSED */
    wire unused_ok = &{1'b0, lut_err_code, lut_need_cnt, lk0_set, lk1_set, lk0_way, lk1_way,
                       rd_valid, rd_pc, rd_occ, rd_idx, rd_lru, pool_err_code};
    /* verilator lint_on UNUSED */

    // --------------------------------------------------------- live vector
    // Thread t can only be committed or issued in its home lane H: one TID
    // comparator per direction and thread.
    genvar gt;
    generate
        for (gt = 0; gt < THREADS; gt = gt + 1) begin : thr
            localparam [TID_W-1:0] TT = gt;
            wire [LW-1:0] H;                 // thread gt's home lane (a constant)
            if (SWIZZLE >= 2) begin : g_001
                localparam integer TT_HI = gt / LANES;
                wire [LW-1:0] x_inv;
                wire          x_err;
                wire [1:0]    x_code;
                wire [2:0]    x_act;
                lane_shuffle #(
                    .LANES(LANES),
                    .WARPS(NW)
                ) u_home (
                    .clk(clk),
                    .rst(rst),
                    .in_func(FUNC),
                    .in_wid(TT_HI[WW-1:0]),
                    .in_tid(TT[LW-1:0]),
                    .in_lane(TT[LW-1:0]),
                    .lane(H),
                    .inv_tid(x_inv),
                    .err(x_err),
                    .err_code(x_code),
                    .act(x_act)
                );
                /* verilator lint_off UNUSED */
                wire unused_sh = &{1'b0, x_inv, x_err, x_code, x_act};
                /* verilator lint_on UNUSED */
            end else begin : g_000
                localparam integer H0 = (gt % LANES) ^
                                        (((SWIZZLE != 0) && ((gt / LANES) % 2 == 1)) ? 1 : 0);
                assign H = H0[LW-1:0];
            end
            reg  lv /*verilator public_flat_rd*/;
            wire cm_hit  = cm_m[H] && cm_tids[H*TID_W +: TID_W] == TT;
            wire iss_hit = iss_valid && iss_mask[H] && iss_tids[H*TID_W +: TID_W] == TT;
            assign live_hit[gt] = lv && cm_hit;
            always @(posedge clk)
                if (rst)
                    lv <= 1'b0;
                else if (go && cm_ready && cm_valid && cm_hit)
                    lv <= 1'b1;
                else if (go && iss_hit)
                    lv <= 1'b0;
        end
    endgenerate

    // ------------------------------------------------------- clock edge
    wire merge = cm_mask_t != {LANES{1'b0}} && cm_mask_nt != {LANES{1'b0}} &&
                 cm_pc_t == cm_pc_nt;
    wire [LANES-1:0] req0_d = merge ? cm_m : cm_mask_t;
    wire [LANES-1:0] req1_d = merge ? {LANES{1'b0}} : cm_mask_nt;
    reg  [TW-1:0] tids_d;
    always @* begin : tids_mask
        integer l;
        for (l = 0; l < LANES; l = l + 1)
            tids_d[l*TID_W +: TID_W] = cm_m[l] ? cm_tids[l*TID_W +: TID_W] : {TID_W{1'b0}};
    end
    wire take = cm_valid && cm_m != {LANES{1'b0}};

    always @(posedge clk) begin
        if (rst) begin
            ur_tids_q  <= {TW{1'b0}};
            ur_pc0_q   <= {PC_W{1'b0}};
            ur_pc1_q   <= {PC_W{1'b0}};
            ur_req0_q  <= {LANES{1'b0}};
            ur_req1_q  <= {LANES{1'b0}};
            ur_prio0_q <= {SCHED_W{1'b0}};
            ur_prio1_q <= {SCHED_W{1'b0}};
        end else if (go && cm_ready) begin
            ur_tids_q  <= take ? tids_d : {TW{1'b0}};
            ur_req0_q  <= take ? req0_d : {LANES{1'b0}};
            ur_req1_q  <= take ? req1_d : {LANES{1'b0}};
            ur_pc0_q   <= (take && req0_d != {LANES{1'b0}}) ? cm_pc_t : {PC_W{1'b0}};
            ur_pc1_q   <= (take && req1_d != {LANES{1'b0}}) ? cm_pc_nt : {PC_W{1'b0}};
            ur_prio0_q <= (take && req0_d != {LANES{1'b0}}) ? cm_prio_t : {SCHED_W{1'b0}};
            ur_prio1_q <= (take && req1_d != {LANES{1'b0}}) ? cm_prio_nt : {SCHED_W{1'b0}};
        end
    end

`ifdef FORMAL
    // ------------------------------------------------ formal properties
    // (make formal, docs/formal.md).  Contract: none beyond the reset that
    // starts every trace; every input is legal (a bad commit is answered
    // with err).  The pool's and the LUT's own properties (verilog/warp_pool.v,
    // verilog/pc_warp_lut.v) are read with these and checked in the same
    // run, at the dwf's parameters: they are not repeated here.  p_inp and
    // p_lut_pool tie the dwf's view to the sub-units' state (read through
    // their formal-only f_*_o ports): the strengthening that makes the
    // rest inductive (docs/formal.md, "dwf").
`include "formal.vh"

    wire [TW+2*PC_W+2*LANES+2*SCHED_W-1:0] f_ur =
        {ur_tids_q, ur_pc0_q, ur_pc1_q, ur_req0_q, ur_req1_q, ur_prio0_q, ur_prio1_q};
    wire [THREADS-1:0] f_lv, f_ih;
    genvar ft;
    generate
        for (ft = 0; ft < THREADS; ft = ft + 1) begin : f_thr
            assign f_lv[ft] = thr[ft].lv;
            assign f_ih[ft] = thr[ft].iss_hit;
        end
    endgenerate

    // thread t's home lane (SWIZZLE 0 or 1; rtl_c/dwf.h)
    function [LW-1:0] f_home;
        input [TID_W:0] t;
        f_home = t[LW-1:0] ^ (((SWIZZLE == 1) && TID_W > LW && t[LW % TID_W]) ?
                              {{(LW-1){1'b0}}, 1'b1} : {LW{1'b0}});
    endfunction
    // which threads the pool holds, as the dwf sees it (not a register of
    // the hardware): set when the registers' threads go to the pool, clear
    // when the pool issues them
    wire [LANES-1:0] f_req = ur_req0_q | ur_req1_q;
    reg  [THREADS-1:0] f_inp, f_inur;
    reg              f_ur_ok;
    integer f_t, f_l;
    always @* begin
        f_inur  = {THREADS{1'b0}};
        f_ur_ok = (ur_req0_q & ur_req1_q) == {LANES{1'b0}} &&
                  !(ur_req0_q != {LANES{1'b0}} && ur_req1_q != {LANES{1'b0}} && ur_pc0_q == ur_pc1_q);
        for (f_l = 0; f_l < LANES; f_l = f_l + 1)
            if (f_req[f_l]) begin
                if (f_inur[ur_tids_q[f_l*TID_W +: TID_W]] ||
                    f_home({1'b0, ur_tids_q[f_l*TID_W +: TID_W]}) != f_l[LW-1:0])
                    f_ur_ok = 1'b0;
                f_inur[ur_tids_q[f_l*TID_W +: TID_W]] = 1'b1;
            end else if (ur_tids_q[f_l*TID_W +: TID_W] != {TID_W{1'b0}})
                f_ur_ok = 1'b0;
    end
    // the LUT's entries against the pool: a valid entry names a valid
    // warp of the pool with the entry's PC and exactly its lanes
    reg f_lut_ok;
    integer f_e;
    always @* begin
        f_lut_ok = 1'b1;
        for (f_e = 0; f_e < LUT_ENTRIES; f_e = f_e + 1)
            if (f_lut_v[f_e] &&
                !(f_pool_v[f_lut_idx[f_e*IDX_W +: IDX_W]] &&
                  f_pool_pc[f_lut_idx[f_e*IDX_W +: IDX_W]*PC_W +: PC_W] == f_lut_pc[f_e*PC_W +: PC_W] &&
                  f_pool_lv[f_lut_idx[f_e*IDX_W +: IDX_W]*LANES +: LANES] ==
                  f_lut_occ[f_e*LANES +: LANES]))
                f_lut_ok = 1'b0;
    end
    always @(posedge clk)
        for (f_t = 0; f_t < THREADS; f_t = f_t + 1)
            if (rst)
                f_inp[f_t] <= 1'b0;
            else if (go && cm_ready && f_inur[f_t])
                f_inp[f_t] <= 1'b1;
            else if (go && f_ih[f_t])
                f_inp[f_t] <= 1'b0;

    always @(posedge clk)
        if (f_past) begin
            if ($past(rst))
                p_reset: assert(f_ur == {(TW+2*PC_W+2*LANES+2*SCHED_W){1'b0}} && f_lv == {THREADS{1'b0}});
            // illegal input: the registers and the live vector keep their
            // values; the pool is held (its own p_err_keeps) and the LUT
            // sees an idle cycle (pc_warp_lut's p_err_keeps)
            if (!$past(rst) && $past(err))
                p_err_keeps: assert(f_ur == $past(f_ur) && f_lv == $past(f_lv));
        end

    always @*
        if (f_past) begin
            // the update registers: REQs disjoint, two PCs merged, each
            // thread at its home lane and once, rows outside REQ zero
            p_ur: assert(f_ur_ok);
            // each thread live exactly when in the registers or the pool,
            // never both (dwf_check)
            p_live: assert(f_lv == (f_inur | f_inp) && (f_inur & f_inp) == {THREADS{1'b0}});
            // strengthening: the threads the dwf has sent to the pool are
            // the pool's in-pool threads (the pool's ids are the TIDs at
            // SWIZZLE 0 and 1, the block's range as f_home's; at 2..6 the
            // pool keeps {wid, home lane}: not stated there)
            if (SWIZZLE < 2)
                p_inp: assert(f_inp == f_pool_ip);
            // strengthening: the LUT's entries are warps of the pool
            p_lut_pool: assert(f_lut_ok);
            // the wired sub-units never refuse or push back (dwf_check):
            // INTERNAL never happens (on the dwf's own err the pool is held,
            // ready = 0 by its contract)
            if (go)
                p_internal: assert(!lut_err && !pool_err && lut_ready && pool_ready);
            p_err_code: assert((err == (err_code != E_NONE)) && (!err || cm_ready) &&
                               (iss_valid == (go && iss_req && cand_valid)));
        end
`endif

endmodule
