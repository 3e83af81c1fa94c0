// SPDX-License-Identifier: Apache-2.0
// warp_pool.v -- dynamic warp formation: warp pool, warp allocator free list
// and issue logic (DMaj, DMin, DTime, DPC, DPdPri).
//
// Follows 000 sec. 4.1-4.3, Fig. 11(c)-(d) and Table 1 (SPEC 3.4).  Twin of
// rtl_c/warp_pool.{h,c}, which documents the behaviour in full (policies,
// the majority table and its compare tree, batches, the overflow fallback
// and the wait bounds, the worked example of 000 Fig. 9); both are written
// as the same decision (always @*) and the same clock edge.  
// Port contract with pc_warp_lut: rtl_c/dwf.h.
//
//   | parameter | default | meaning                                         |
//   |-----------|---------|-------------------------------------------------|
//   | LANES     | 16      | SIMD width, power of two 2..32                  |
//   | POOL      | 256     | pool entries = threads per core, pow2 2..2048   |
//   | TID_W     | 8       | TID width, log2(LANES)..11; THREADS = 2^TID_W   |
//   | PC_W      | 32      | PC width 2..64                                  |
//   | SCHED_W   | 8       | scheduler data per entry (DTime stamp / DPdPri) |
//   | POLICY    | 0       | 0 DMaj 1 DMin 2 DTime 3 DPC 4 DPdPri            |
//   | SWIZZLE   | 1       | thread swizzling (000 4.1)                      |
//   | MAJ       | 32      | majority table slots 2..32 (DMaj/DMin)          |
//   | IDX_W, FREE_W, TW   | derived, do not override                  |
//
// Storage (000 Table 1): pool 256 x (16 x 8 TID + 32 PC + 8 sched) = 43008
// bits, allocator 256 x 8 = 2048, majority table 32 x (32 + 8) = 1280 (the
// count is stored minus one).  Beyond Table 1: per entry valid, untracked,
// batch mark (DMaj/DMin) and 16 lane-valid bits; the in-pool vector (one bit
// per thread); per slot a valid bit; untr_cnt_q, turn_q, lslot_q.
//
// Issue choice (DMaj/DMin): a batch in progress (marked warps) first, else a
// drain of the untracked warps when it is their turn, else the table's pick
// from a compare tree over the slot counts (largest for DMaj, smallest for
// DMin, ties to the lower slot); a DMaj pick marks the PC's other warps (the
// lock), a drain the other untracked warps.  Wait bounds: rtl_c/warp_pool.h.  The TIDs are one memory per lane (POOL x TID_W: one
// write port, driven by the lane's row decoder -- 000 Table 1's per-lane
// decoders -- and one read port, the issue candidate).  PC, lane-valid,
// valid and untracked bits are per-entry registers: every entry's PC is
// compared with the chosen PC (DMaj/DMin), and the candidate's and the two
// join groups' entries are read by one-hot AND-OR reads.  Yosys `synth` at
// the defaults: minutes (the TIDs as registers with an AND-OR read took
// half as long again; variable-index reads of register arrays, Yosys
// shifters, far longer).
//
// Timing: every output is combinational from the registered state and this
// cycle's inputs; free_cnt/free_idx0/free_idx1 and the issue choice depend on
// the registered state only (no bypass).  iss_valid = iss_req && a warp is
// chosen && !err.  The pool, free list and table change at the rising edge.
// rst is synchronous and active high: empty pool, free list 0..POOL-1.
// The PC, scheduler data and TID memories are not reset (only read for
// valid entries / valid lanes), nor are the PCs of free table slots.
//
// Illegal input: err, err_code (see the C header for the order), no state
// change, no issue.  Back-pressure: more valid new groups than free_cnt:
// ready = 0, nothing written, the issue still goes.  hold = 1: ready = 0,
// iss_valid = 0, no state change at all.
//
// cand_valid/cand_idx: the warp the issue logic would take, from the
// registered state only (not gated by iss_req or err), so a user can feed it
// forward (the dwf's LUT invalidation) without a path through err.
//
// Wide buses: wr_tids and iss_tids are LANES*TID_W bits, lane l at
// [l*TID_W +: TID_W]; the C port list shows them as 64-bit words _w0, _w1.
//
// Departures from the paper: see rtl_c/warp_pool.h (in-pool vector,
// untracked fallback with batches, a compare tree instead of a swap-sorted
// table, the DMaj lock covers the warps present at the pick, no DMin lock,
// lane-valid bits, group-pair PC rule, a held write does not hold the issue).
// The state registers are /*verilator public_flat_rd*/ so the co-simulation
// can compare the whole state with the C model every cycle.
module warp_pool #(
    parameter LANES   = 16,
    parameter POOL    = 256,
    parameter TID_W   = 8,
    parameter PC_W    = 32,
    parameter SCHED_W = 8,
    parameter POLICY  = 0,
    parameter SWIZZLE = 1,
    parameter MAJ     = 32,
    parameter IDX_W   = $clog2(POOL),
    parameter FREE_W  = $clog2(POOL + 1),
    parameter TW      = LANES * TID_W
) (
    input  wire               clk,
    input  wire               rst,
    input  wire               hold,
    input  wire               iss_req,
    input  wire [TW-1:0]      wr_tids,
    input  wire               g0_valid,
    input  wire               g0_new,
    input  wire [IDX_W-1:0]   g0_idx,
    input  wire [PC_W-1:0]    g0_pc,
    input  wire [LANES-1:0]   g0_mask,
    input  wire [SCHED_W-1:0] g0_prio,
    input  wire               g1_valid,
    input  wire               g1_new,
    input  wire [IDX_W-1:0]   g1_idx,
    input  wire [PC_W-1:0]    g1_pc,
    input  wire [LANES-1:0]   g1_mask,
    input  wire [SCHED_W-1:0] g1_prio,
    input  wire               g2_valid,
    input  wire               g2_new,
    input  wire [IDX_W-1:0]   g2_idx,
    input  wire [PC_W-1:0]    g2_pc,
    input  wire [LANES-1:0]   g2_mask,
    input  wire [SCHED_W-1:0] g2_prio,
    input  wire               g3_valid,
    input  wire               g3_new,
    input  wire [IDX_W-1:0]   g3_idx,
    input  wire [PC_W-1:0]    g3_pc,
    input  wire [LANES-1:0]   g3_mask,
    input  wire [SCHED_W-1:0] g3_prio,
    output reg                ready,
    output reg                err,
    output reg  [3:0]         err_code,
    output wire [FREE_W-1:0]  free_cnt,
    output wire [IDX_W-1:0]   free_idx0,
    output wire [IDX_W-1:0]   free_idx1,
    output wire               ovf,
    output reg                iss_valid,
    output reg  [1:0]         iss_src,
    output reg  [IDX_W-1:0]   iss_idx,
    output reg  [PC_W-1:0]    iss_pc,
    output reg  [LANES-1:0]   iss_mask,
    output reg  [TW-1:0]      iss_tids,
`ifdef FORMAL
    // formal only (verilog/dwf.v's strengthening properties): the in-pool
    // bits and each entry's valid bit, PC and lanes (not hardware ports)
    output wire [(1<<TID_W)-1:0] f_ip_o,
    output wire [POOL-1:0]       f_v_o,
    output wire [POOL*PC_W-1:0]  f_pc_o,
    output wire [POOL*LANES-1:0] f_lv_o,
`endif
    output wire               cand_valid,
    output wire [IDX_W-1:0]   cand_idx
);

    localparam THREADS = 1 << TID_W;
    localparam LG_L    = $clog2(LANES);
    localparam MAJ_W   = (MAJ > 1) ? $clog2(MAJ) : 1;
    localparam CW      = TID_W + 2;       // table count arithmetic width
    localparam HAS_TABLE = (POLICY == 0) || (POLICY == 1);
    localparam [LG_L-1:0] ONE_L = 1;

    localparam [3:0] ERR_NONE         = 4'd0;
    localparam [3:0] ERR_ISS_EMPTY    = 4'd1;
    localparam [3:0] ERR_OVERLAP      = 4'd2;
    localparam [3:0] ERR_PAIR_PC      = 4'd3;
    localparam [3:0] ERR_NEW_EMPTY    = 4'd4;
    localparam [3:0] ERR_HOME_LANE    = 4'd5;
    localparam [3:0] ERR_TID_IN_POOL  = 4'd6;
    localparam [3:0] ERR_JOIN_INVALID = 4'd7;
    localparam [3:0] ERR_JOIN_ISSUING = 4'd8;
    localparam [3:0] ERR_JOIN_PC      = 4'd9;
    localparam [3:0] ERR_LANE_OCC     = 4'd10;
    localparam [3:0] ERR_NEW_IDX      = 4'd11;
    localparam [3:0] ERR_GROUP_KIND   = 4'd12;

    localparam [1:0] SRC_NONE  = 2'd0;
    localparam [1:0] SRC_LOCK  = 2'd1;
    localparam [1:0] SRC_PICK  = 2'd2;
    localparam [1:0] SRC_UNTR  = 2'd3;

    // ---------------------------------------------------------------- state
    // pool entries, free-list slots and in-pool bits are registers in the
    // generate blocks `ent`, `fslot` and `thr` below (one write enable each); these are their outputs
    wire [POOL-1:0]    valid_q;
    wire [PC_W-1:0]    pc_q    [0:POOL-1];
    wire [SCHED_W-1:0] sched_q [0:POOL-1];
    reg [IDX_W-1:0]   head_q     /*verilator public_flat_rd*/;
    reg [FREE_W-1:0]  fcnt_q     /*verilator public_flat_rd*/;
    reg [SCHED_W-1:0] stamp_q    /*verilator public_flat_rd*/;
    reg [MAJ-1:0]     tv_q       /*verilator public_flat_rd*/;
    reg [PC_W-1:0]    tpc_q   [0:MAJ-1] /*verilator public_flat_rd*/;
    reg [TID_W-1:0]   tcm1_q  [0:MAJ-1] /*verilator public_flat_rd*/;
    reg [TID_W:0]     untr_cnt_q /*verilator public_flat_rd*/;
    reg               turn_q     /*verilator public_flat_rd*/; // the last batch begun was a drain
    reg [MAJ_W-1:0]   lslot_q    /*verilator public_flat_rd*/; // table slot of the last pick

    // ------------------------------------------------------- input arrays
    wire             g_valid [0:3];
    wire             g_new   [0:3];
    wire [IDX_W-1:0] g_idx   [0:3];
    wire [PC_W-1:0]  g_pc    [0:3];
    wire [LANES-1:0] g_mask  [0:3];
    wire [SCHED_W-1:0] g_prio [0:3];
    assign g_valid[0] = g0_valid; assign g_new[0] = g0_new; assign g_idx[0] = g0_idx;
    assign g_pc[0] = g0_pc; assign g_mask[0] = g0_mask; assign g_prio[0] = g0_prio;
    assign g_valid[1] = g1_valid; assign g_new[1] = g1_new; assign g_idx[1] = g1_idx;
    assign g_pc[1] = g1_pc; assign g_mask[1] = g1_mask; assign g_prio[1] = g1_prio;
    assign g_valid[2] = g2_valid; assign g_new[2] = g2_new; assign g_idx[2] = g2_idx;
    assign g_pc[2] = g2_pc; assign g_mask[2] = g2_mask; assign g_prio[2] = g2_prio;
    assign g_valid[3] = g3_valid; assign g_new[3] = g3_new; assign g_idx[3] = g3_idx;
    assign g_pc[3] = g3_pc; assign g_mask[3] = g3_mask; assign g_prio[3] = g3_prio;

    // per-lane TID in, home-lane check; the TIDs of the issue candidate
    wire [TID_W-1:0] wr_tid  [0:LANES-1];
    wire [LANES-1:0] home_ok;
    wire [TID_W-1:0] cand_tid [0:LANES-1];
    reg  [IDX_W-1:0] cand;                   // the issue candidate's index
    reg  [POOL-1:0]  cand_oh;                // ... one-hot (0: none)
    reg  [LANES-1:0] cand_lv;
    reg  [PC_W-1:0]  cand_pc;

    genvar gl;
    generate
        for (gl = 0; gl < LANES; gl = gl + 1) begin : lane
            wire [TID_W:0]   t_ext = {1'b0, wr_tids[gl*TID_W +: TID_W]};
            localparam [LG_L-1:0] LANE_ID = gl;
            wire [LG_L-1:0]  home  = t_ext[LG_L-1:0] ^
                                     (((SWIZZLE != 0) && t_ext[LG_L]) ? ONE_L : {LG_L{1'b0}});
            assign wr_tid[gl]   = wr_tids[gl*TID_W +: TID_W];
            assign home_ok[gl]  = home == LANE_ID;
            // lane gl's TID memory: one write port (the lane's row decoder,
            // 000 Table 1), one read port (the issue candidate)
            reg  [TID_W-1:0] mem [0:POOL-1] /*verilator public_flat_rd*/;
            reg              we;
            reg  [IDX_W-1:0] row;
            always @* begin : lane_row
                integer q;
                we  = 1'b0;
                row = {IDX_W{1'b0}};
                for (q = 3; q >= 0; q = q - 1)
                    if (g_valid[q] && g_mask[q][gl]) begin
                        we  = accept && !rst;
                        row = g_idx[q];
                    end
            end
            always @(posedge clk)
                if (we)
                    mem[row] <= wr_tid[gl];
            assign cand_tid[gl] = mem[cand];
        end
    endgenerate

    // ------------------------------------------------------- issue choice
    reg [1:0]       src;
    reg             found;
    reg             pick_f;
    reg [MAJ_W-1:0] pick_s, sel_slot;
    reg [PC_W-1:0]  sel_pc;
    reg             st_drain, st_lock;   // this issue begins a drain / lock batch
    reg [IDX_W-1:0] best;
    reg [PC_W-1:0]  best_pc;
    reg [SCHED_W-1:0] best_sc, age;

    // DMaj/DMin: the table's pick by the counts themselves, a compare tree
    // over the slots (leaves padded to MP = 2^MAJ_W; an empty leaf never
    // wins): DMaj the largest count, DMin the smallest; a tie keeps the
    // left (lower) slot, so the result is the lowest slot among the best.
    // Node k (1..MP-1) has children 2k, 2k+1; leaves are MP..2MP-1.
    localparam MP = 1 << MAJ_W;
    reg             nd_v [1:2*MP-1];
    reg [CW-1:0]    nd_c [1:2*MP-1];
    reg [MAJ_W-1:0] nd_i [1:2*MP-1];
    wire            lf_v [0:MP-1];
    wire [CW-1:0]   lf_c [0:MP-1];
    genvar gm;
    generate
        for (gm = 0; gm < MP; gm = gm + 1) begin : leaf
            if (gm < MAJ) begin : slot
                assign lf_v[gm] = tv_q[gm];
                assign lf_c[gm] = {2'b00, tcm1_q[gm]} + 1'b1;
            end else begin : pad
                assign lf_v[gm] = 1'b0;
                assign lf_c[gm] = {CW{1'b0}};
            end
        end
    endgenerate
    reg             take_r;
    always @* begin : table_pick
        integer k;
        take_r = 1'b0;
        for (k = 0; k < MP; k = k + 1) begin
            nd_v[MP+k] = lf_v[k];
            nd_c[MP+k] = lf_c[k];
            nd_i[MP+k] = k[MAJ_W-1:0];
        end
        for (k = MP - 1; k >= 1; k = k - 1) begin
            take_r  = nd_v[2*k+1] && (!nd_v[2*k] ||
                      ((POLICY == 0) ? (nd_c[2*k+1] > nd_c[2*k]) : (nd_c[2*k+1] < nd_c[2*k])));
            nd_v[k] = nd_v[2*k] || nd_v[2*k+1];
            nd_c[k] = take_r ? nd_c[2*k+1] : nd_c[2*k];
            nd_i[k] = take_r ? nd_i[2*k+1] : nd_i[2*k];
        end
        pick_f = nd_v[1];
        pick_s = nd_i[1];
        sel_pc = tpc_q[pick_s];
    end

    // the lowest set bit of a POOL-bit vector, binary coded: isolate it
    // (v & -v), then OR the positions whose index has bit b set (flat logic,
    // no 256-deep priority chain)
    function [POOL-1:0] lowest;
        input [POOL-1:0] v;
        lowest = v & (~v + 1'b1);
    endfunction
    function [IDX_W-1:0] enc_oh;
        input [POOL-1:0] oh;
        reg [POOL-1:0] mk;
        integer b, j;
        begin
            enc_oh = {IDX_W{1'b0}};
            for (b = 0; b < IDX_W; b = b + 1) begin
                for (j = 0; j < POOL; j = j + 1)
                    mk[j] = ((j >> b) & 1) == 1;
                enc_oh[b] = |(oh & mk);
            end
        end
    endfunction

    // per-entry match vectors (computed in the generate block `ent`)
    wire [POOL-1:0] m_pc;    // valid, tracked, pc == sel_pc (the table's pick)
    wire [POOL-1:0] m_un;    // valid, untracked
    wire [POOL-1:0] m_mk;    // in the current batch (marked)

    always @* begin : choose
        integer i;
        src      = SRC_NONE;
        found    = 1'b0;
        st_drain = 1'b0;
        st_lock  = 1'b0;
        sel_slot = lslot_q;
        cand     = {IDX_W{1'b0}};
        cand_oh  = {POOL{1'b0}};
        best     = {IDX_W{1'b0}};
        best_pc  = {PC_W{1'b0}};
        best_sc  = {SCHED_W{1'b0}};
        age      = {SCHED_W{1'b0}};
        if (HAS_TABLE) begin
            if (m_mk != {POOL{1'b0}}) begin
                // a batch in progress: its lowest marked warp
                found   = 1'b1;
                cand_oh = lowest(m_mk);
                src     = ((cand_oh & m_un) != {POOL{1'b0}}) ? SRC_UNTR : SRC_LOCK;
            end else if (untr_cnt_q != {(TID_W+1){1'b0}} && (!turn_q || !pick_f)) begin
                // a drain batch begins: every untracked warp
                found    = m_un != {POOL{1'b0}};
                cand_oh  = lowest(m_un);
                src      = SRC_UNTR;
                st_drain = 1'b1;
            end else if (pick_f) begin
                // the table's pick; DMaj locks the PC's other warps
                found    = m_pc != {POOL{1'b0}};
                cand_oh  = lowest(m_pc);
                src      = SRC_PICK;
                sel_slot = pick_s;
                st_lock  = POLICY == 0;
            end
        end else begin
            for (i = 0; i < POOL; i = i + 1)
                if (valid_q[i]) begin
                    age = stamp_q - 1'b1 - sched_q[i];
                    if (POLICY == 2) begin          // DTime: largest age
                        if (!found || age > best_sc) begin
                            found   = 1'b1;
                            best    = i[IDX_W-1:0];
                            best_sc = age;
                        end
                    end else if (POLICY == 3) begin // DPC: smallest PC
                        if (!found || pc_q[i] < best_pc) begin
                            found   = 1'b1;
                            best    = i[IDX_W-1:0];
                            best_pc = pc_q[i];
                        end
                    end else begin                  // DPdPri: smallest prio
                        if (!found || sched_q[i] < best_sc) begin
                            found   = 1'b1;
                            best    = i[IDX_W-1:0];
                            best_sc = sched_q[i];
                        end
                    end
                end
            src = SRC_PICK;
        end
        if (!HAS_TABLE)
            cand_oh = found ? ({{(POOL-1){1'b0}}, 1'b1} << best) : {POOL{1'b0}};
        if (!found) begin
            src      = SRC_NONE;
            st_drain = 1'b0;
            st_lock  = 1'b0;
        end
        else
            cand = HAS_TABLE ? enc_oh(cand_oh) : best;
    end

    // ----------------------------------------------------------- decision
    reg [3:0]        err_d;
    reg              iss_cand;
    // the lanes written this cycle (every valid group)
    wire [LANES-1:0] wmask = (g0_valid ? g0_mask : {LANES{1'b0}}) |
                             (g1_valid ? g1_mask : {LANES{1'b0}}) |
                             (g2_valid ? g2_mask : {LANES{1'b0}}) |
                             (g3_valid ? g3_mask : {LANES{1'b0}});
    reg [2:0]        nnew;            // valid new groups (0..4)
    reg [FREE_W-1:0] nnew_f;          // the same count at the widths it is used at
    reg [IDX_W-1:0]  nnew_i;
    reg [SCHED_W-1:0] nnew_s;
    reg [IDX_W-1:0]  kk;
    reg [SCHED_W-1:0] new_k [0:3];    // order of group g among this cycle's new groups
    reg              ready_d, iss_d, accept, active;
    reg [IDX_W-1:0]  jx;

    always @* begin : decide
        integer k;
        err_d    = ERR_NONE;
        iss_cand = iss_req && found;
        nnew     = 3'd0;
        nnew_f   = {FREE_W{1'b0}};
        nnew_i   = {IDX_W{1'b0}};
        nnew_s   = {SCHED_W{1'b0}};
        kk       = {IDX_W{1'b0}};
        jx       = {IDX_W{1'b0}};
        for (k = 0; k < 4; k = k + 1) begin
            new_k[k] = nnew_s;
            if (g_valid[k] && g_new[k]) begin
                nnew   = nnew + 3'd1;
                nnew_f = nnew_f + 1'b1;
                nnew_i = nnew_i + 1'b1;
                nnew_s = nnew_s + 1'b1;
            end
        end
        if (iss_req && fcnt_q == POOL[FREE_W-1:0])
            err_d = ERR_ISS_EMPTY;
        else if ((g_valid[0] && g_new[0]) || (g_valid[1] && !g_new[1]) ||
                 (g_valid[2] && g_new[2]) || (g_valid[3] && !g_new[3]))
            err_d = ERR_GROUP_KIND;
        else if ((g_valid[0] && g_valid[1] && (g_mask[0] & g_mask[1]) != {LANES{1'b0}}) ||
                 (g_valid[0] && g_valid[2] && (g_mask[0] & g_mask[2]) != {LANES{1'b0}}) ||
                 (g_valid[0] && g_valid[3] && (g_mask[0] & g_mask[3]) != {LANES{1'b0}}) ||
                 (g_valid[1] && g_valid[2] && (g_mask[1] & g_mask[2]) != {LANES{1'b0}}) ||
                 (g_valid[1] && g_valid[3] && (g_mask[1] & g_mask[3]) != {LANES{1'b0}}) ||
                 (g_valid[2] && g_valid[3] && (g_mask[2] & g_mask[3]) != {LANES{1'b0}}))
            err_d = ERR_OVERLAP;
        else if ((g_valid[0] && g_valid[1] && g_pc[0] != g_pc[1]) ||
                 (g_valid[2] && g_valid[3] && g_pc[2] != g_pc[3]))
            err_d = ERR_PAIR_PC;
        else if ((g_valid[0] && g_new[0] && g_mask[0] == {LANES{1'b0}}) ||
                 (g_valid[1] && g_new[1] && g_mask[1] == {LANES{1'b0}}) ||
                 (g_valid[2] && g_new[2] && g_mask[2] == {LANES{1'b0}}) ||
                 (g_valid[3] && g_new[3] && g_mask[3] == {LANES{1'b0}}))
            err_d = ERR_NEW_EMPTY;
        else if ((wmask & ~home_ok) != {LANES{1'b0}})
            err_d = ERR_HOME_LANE;
        else if (in_pool_hit != {THREADS{1'b0}})
            err_d = ERR_TID_IN_POOL;
        for (k = 0; k < 4; k = k + 2) begin    // the join groups g0, g2
            jx = g_idx[k];
            if (err_d == ERR_NONE && g_valid[k]) begin
                if (!j_valid[k/2])
                    err_d = ERR_JOIN_INVALID;
                else if (iss_cand && cand == jx)
                    err_d = ERR_JOIN_ISSUING;
                else if (g_pc[k] != j_pc[k/2])
                    err_d = ERR_JOIN_PC;
                else if ((g_mask[k] & j_lv[k/2]) != {LANES{1'b0}})
                    err_d = ERR_LANE_OCC;
            end
        end
        ready_d = !hold && ((err_d != ERR_NONE) || ({29'd0, nnew} <= {{(32-FREE_W){1'b0}}, fcnt_q}));
        if (err_d == ERR_NONE && ready_d) begin
            for (k = 0; k < 4; k = k + 1) begin
                if (g_valid[k] && g_new[k]) begin
                    if (g_idx[k] != f_idx[kk[0]])
                        err_d = ERR_NEW_IDX;
                    kk = kk + 1'b1;
                end
            end
        end
        iss_d  = iss_cand && err_d == ERR_NONE && !hold;
        accept = err_d == ERR_NONE && ready_d;
        active = err_d == ERR_NONE && (ready_d || iss_d);
    end

    // --------------------------------------------------------- table plan
    reg [CW-1:0]    n_p    [0:1];
    reg [PC_W-1:0]  pc_p   [0:1];
    reg             act_p  [0:1];
    reg             hit_p  [0:1];
    reg             alloc_p[0:1];
    reg             untr_p [0:1];
    reg [MAJ_W-1:0] slot_p [0:1];
    reg             merged;
    reg [CW-1:0]    n_iss;
    reg [CW-1:0]    cnt_n  [0:MAJ-1];
    reg [PC_W-1:0]  tpc_n  [0:MAJ-1];
    reg [MAJ-1:0]   tv_n;
    reg [CW-1:0]    c_tmp;

    always @* begin : plan
        integer k, p, s;
        merged = 1'b0;
        n_iss  = {CW{1'b0}};
        c_tmp  = {CW{1'b0}};
        for (k = 0; k < LANES; k = k + 1)
            if (cand_lv[k])
                n_iss = n_iss + 1'b1;
        for (p = 0; p < 2; p = p + 1) begin
            n_p[p] = {CW{1'b0}};
            for (k = 0; k < LANES; k = k + 1) begin
                if (g_valid[2*p] && g_mask[2*p][k])
                    n_p[p] = n_p[p] + 1'b1;
                if (g_valid[2*p+1] && g_mask[2*p+1][k])
                    n_p[p] = n_p[p] + 1'b1;
            end
            pc_p[p]    = g_valid[2*p] ? g_pc[2*p] : g_pc[2*p+1];
            act_p[p]   = HAS_TABLE && accept && n_p[p] != {CW{1'b0}};
            hit_p[p]   = 1'b0;
            alloc_p[p] = 1'b0;
            slot_p[p]  = {MAJ_W{1'b0}};
        end
        if (act_p[0] && act_p[1] && pc_p[0] == pc_p[1]) begin
            merged   = 1'b1;
            n_p[0]   = n_p[0] + n_p[1];
            act_p[1] = 1'b0;
            n_p[1]   = {CW{1'b0}};
        end
        for (p = 0; p < 2; p = p + 1) begin
            if (act_p[p]) begin
                for (s = 0; s < MAJ; s = s + 1)
                    if (tv_q[s] && tpc_q[s] == pc_p[p]) begin
                        hit_p[p]  = 1'b1;
                        slot_p[p] = s[MAJ_W-1:0];
                    end
                if (!hit_p[p] && untr_cnt_q == {(TID_W+1){1'b0}}) begin
                    // the free slot nearest the bottom, not the one pair 0 took
                    for (s = 0; s < MAJ; s = s + 1)
                        if (!tv_q[s] && !(p == 1 && alloc_p[0] && slot_p[0] == s[MAJ_W-1:0])) begin
                            alloc_p[p] = 1'b1;
                            slot_p[p]  = s[MAJ_W-1:0];
                        end
                end
            end
            untr_p[p] = !hit_p[p] && !alloc_p[p];
        end
        // count updates (the slots do not move)
        for (s = 0; s < MAJ; s = s + 1) begin
            c_tmp = tv_q[s] ? {2'b00, tcm1_q[s]} + 1'b1 : {CW{1'b0}};
            tpc_n[s] = tpc_q[s];
            for (p = 0; p < 2; p = p + 1)
                if (act_p[p] && !untr_p[p] && slot_p[p] == s[MAJ_W-1:0]) begin
                    c_tmp = c_tmp + n_p[p];
                    if (alloc_p[p])
                        tpc_n[s] = pc_p[p];
                end
            if (iss_d && (src == SRC_LOCK || src == SRC_PICK) && sel_slot == s[MAJ_W-1:0])
                c_tmp = c_tmp - n_iss;
            cnt_n[s] = c_tmp;
            tv_n[s]  = c_tmp != {CW{1'b0}};
        end
    end

    // ------------------------------------------------ per-lane write rows
    reg             untr_g  [0:3];   // a new warp of group g is untracked
    reg [SCHED_W-1:0] sched_g [0:3]; // its scheduler data

    always @* begin : rows
        integer p;
        for (p = 0; p < 4; p = p + 1) begin
            untr_g[p]  = HAS_TABLE && ((p < 2 || merged) ? untr_p[0] : untr_p[1]);
            sched_g[p] = (POLICY == 2) ? stamp_q + new_k[p] : g_prio[p];
        end
    end

    // ------------------------------------------------------ one-hot reads
    // A read at a computed index (the issue candidate, each group's entry,
    // the free list at head+k) is a decoder and an AND-OR over the entries,
    // as a RAM's word line and bit line: each entry drives its word onto a
    // flat bus when selected, and the buses are ORed.  (Variable-index reads
    // of wire arrays become huge shifters in Yosys.)
    localparam CRW = LANES + PC_W;           // candidate read: lanes, PC
    localparam JRW = 1 + LANES + PC_W;       // group read: valid, lanes, PC
    wire [CRW-1:0]   rd_c  [0:POOL-1];       // entry e's word on the candidate bus
    wire [JRW-1:0]   rd_j0 [0:POOL-1];       // ... on g0's bus
    wire [JRW-1:0]   rd_j2 [0:POOL-1];       // ... on g2's bus
    wire [IDX_W-1:0] rd_f0 [0:POOL-1];       // free-list slot j at head
    wire [IDX_W-1:0] rd_f1 [0:POOL-1];       // ... at head + 1
    reg  [CRW-1:0]   c_acc;
    reg  [JRW-1:0]   j_acc [0:1];
    reg              j_valid [0:1];
    reg  [LANES-1:0] j_lv    [0:1];
    reg  [PC_W-1:0]  j_pc    [0:1];
    reg  [IDX_W-1:0] f_idx   [0:1];          // free list at head + k

    always @* begin : reads
        integer e, q;
        c_acc    = {CRW{1'b0}};
        j_acc[0] = {JRW{1'b0}};
        j_acc[1] = {JRW{1'b0}};
        for (e = 0; e < POOL; e = e + 1) begin
            c_acc    = c_acc    | rd_c[e];
            j_acc[0] = j_acc[0] | rd_j0[e];
            j_acc[1] = j_acc[1] | rd_j2[e];
        end
        cand_pc   = c_acc[PC_W-1:0];
        cand_lv   = c_acc[PC_W +: LANES];
        for (q = 0; q < 2; q = q + 1) begin
            j_pc[q]    = j_acc[q][PC_W-1:0];
            j_lv[q]    = j_acc[q][PC_W +: LANES];
            j_valid[q] = j_acc[q][JRW-1];
        end
    end

    // The free list's two head entries: a block of their own, state only (in
    // the block above they would share it with the group reads, and a user
    // that feeds free_idx forward into the groups -- the dwf, through the
    // LUT -- would see a combinational loop in Verilator's block graph).
    always @* begin : free_reads
        integer e;
        f_idx[0] = {IDX_W{1'b0}};
        f_idx[1] = {IDX_W{1'b0}};
        for (e = 0; e < POOL; e = e + 1) begin
            f_idx[0] = f_idx[0] | rd_f0[e];
            f_idx[1] = f_idx[1] | rd_f1[e];
        end
    end

    // ------------------------------------------- pool entries, free list
    wire [IDX_W-1:0] head1   = head_q + 1'b1;
    wire [IDX_W-1:0] fcnt_lo = fcnt_q[IDX_W-1:0];   // POOL wraps to 0: never used full
    wire [IDX_W-1:0] tail    = head_q + fcnt_lo;    // where the issued entry goes

    // Entry e: cleared when it issues, written whole by a new group, ORed
    // with the lanes of every group that joins it (its row decoders).
    genvar ge;
    generate
        for (ge = 0; ge < POOL; ge = ge + 1) begin : ent
            localparam [IDX_W-1:0] E = ge;
            reg               v   /*verilator public_flat_rd*/;
            reg               u   /*verilator public_flat_rd*/;
            reg               mk  /*verilator public_flat_rd*/;  // in the current batch
            reg [PC_W-1:0]    pcr /*verilator public_flat_rd*/;
            reg [LANES-1:0]   lvr /*verilator public_flat_rd*/;
            reg [SCHED_W-1:0] sc  /*verilator public_flat_rd*/;
            // this entry's row select for each group (the row decoders)
            wire              sel0 = g0_valid && g0_idx == E;   // joins
            wire              sel2 = g2_valid && g2_idx == E;
            wire              sel1 = g1_valid && g1_idx == E;   // new warps
            wire              sel3 = g3_valid && g3_idx == E;
            wire              new_hit = sel1 || sel3;           // never both (NEW_IDX)
            wire [LANES-1:0]  join_m = (sel0 ? g0_mask : {LANES{1'b0}}) |
                                       (sel2 ? g2_mask : {LANES{1'b0}});
            assign valid_q[ge] = v;
            assign m_pc[ge]    = v && !u && pcr == sel_pc;
            assign m_un[ge]    = v && u;
            assign m_mk[ge]    = mk;
            // marked when an issue begins a batch of its kind (not itself)
            wire   mark = (st_drain && v && u) || (st_lock && m_pc[ge]);
            always @(posedge clk)
                if (rst)
                    mk <= 1'b0;
                else if (active && iss_d)
                    mk <= (cand == E) ? 1'b0 : (mk || mark);
            assign pc_q[ge]    = pcr;
            // one-hot reads: the issue candidate, and the entry of each group
            assign rd_j0[ge] = (g0_idx == E) ? {v, lvr, pcr} : {JRW{1'b0}};
            assign rd_j2[ge] = (g2_idx == E) ? {v, lvr, pcr} : {JRW{1'b0}};
            assign sched_q[ge] = sc;
            assign rd_c[ge] = cand_oh[ge] ? {lvr, pcr} : {CRW{1'b0}};
            always @(posedge clk) begin
                if (rst) begin
                    v   <= 1'b0;
                    u   <= 1'b0;
                    lvr <= {LANES{1'b0}};
                end else if (active) begin
                    if (iss_d && cand == E) begin
                        v   <= 1'b0;
                        u   <= 1'b0;
                        lvr <= {LANES{1'b0}};
                    end else if (accept && new_hit) begin
                        v   <= 1'b1;
                        u   <= sel3 ? untr_g[3]  : untr_g[1];
                        pcr <= sel3 ? g3_pc      : g1_pc;
                        lvr <= sel3 ? g3_mask    : g1_mask;
                        sc  <= sel3 ? sched_g[3] : sched_g[1];
                    end else if (accept) begin
                        lvr <= lvr | join_m;
                    end
                end
            end
        end
        // free-list slot j: reset to j; the issued entry is written at the tail
        for (ge = 0; ge < POOL; ge = ge + 1) begin : fslot
            localparam [IDX_W-1:0] J = ge;
            reg [IDX_W-1:0] f /*verilator public_flat_rd*/;
            assign rd_f0[ge] = (head_q == J) ? f : {IDX_W{1'b0}};
            assign rd_f1[ge] = (head1 == J) ? f : {IDX_W{1'b0}};
            always @(posedge clk)
                if (rst)
                    f <= J;
                else if (active && iss_d && tail == J)
                    f <= cand;
        end
    endgenerate

    // -------------------------------------------------------------- outputs
    assign free_cnt  = fcnt_q;
    assign free_idx0 = f_idx[0];
    assign free_idx1 = f_idx[1];
    assign ovf       = untr_cnt_q != {(TID_W+1){1'b0}};
    // the issue choice from the registered state alone (no iss_req, no err)
    assign cand_valid = found;
    assign cand_idx   = cand;

    always @* begin : outs
        integer k;
        ready     = ready_d;
        err       = err_d != ERR_NONE;
        err_code  = err_d;
        iss_valid = iss_d;
        iss_src   = iss_d ? src : SRC_NONE;
        iss_idx   = iss_d ? cand : {IDX_W{1'b0}};
        iss_pc    = iss_d ? cand_pc : {PC_W{1'b0}};
        iss_mask  = iss_d ? cand_lv : {LANES{1'b0}};
        for (k = 0; k < LANES; k = k + 1)
            iss_tids[k*TID_W +: TID_W] = (iss_d && cand_lv[k]) ? cand_tid[k] : {TID_W{1'b0}};
    end

    // ------------------------------------------------------ in-pool vector
    // Thread t can only be written or issued in its home lane H, so its bit
    // needs one TID comparator per direction (no TID-indexed write port):
    // set when a written lane H carries t, cleared when the issued warp's
    // lane H carries t (never both: that is TID_IN_POOL).
    wire [THREADS-1:0] in_pool_hit;   // t written this cycle and already in the pool
    genvar gt;
    generate
        for (gt = 0; gt < THREADS; gt = gt + 1) begin : thr
            localparam [TID_W-1:0] TT = gt;
            localparam integer H = (gt % LANES) ^
                                   (((SWIZZLE != 0) && ((gt / LANES) % 2 == 1)) ? 1 : 0);
            reg  ip /*verilator public_flat_rd*/;
            wire wr_hit  = wmask[H] && wr_tid[H] == TT;
            wire iss_hit = cand_lv[H] && cand_tid[H] == TT;
            assign in_pool_hit[gt] = ip && wr_hit;
            always @(posedge clk)
                if (rst)
                    ip <= 1'b0;
                else if (active && iss_d && iss_hit)
                    ip <= 1'b0;
                else if (accept && wr_hit)
                    ip <= 1'b1;
        end
    endgenerate

    // ----------------------------------------------------------- clock edge

    always @(posedge clk) begin : clock_edge
        integer i;
        if (rst) begin
            head_q     <= {IDX_W{1'b0}};
            fcnt_q     <= POOL[FREE_W-1:0];
            stamp_q    <= {SCHED_W{1'b0}};
            tv_q       <= {MAJ{1'b0}};
            for (i = 0; i < MAJ; i = i + 1)
                tcm1_q[i] <= {TID_W{1'b0}};
            untr_cnt_q <= {(TID_W+1){1'b0}};
            turn_q     <= 1'b0;
            lslot_q    <= {MAJ_W{1'b0}};
        end else if (active) begin
            if (HAS_TABLE) begin
                tv_q   <= tv_n;
                for (i = 0; i < MAJ; i = i + 1) begin
                    tpc_q[i]  <= tpc_n[i];
                    tcm1_q[i] <= tv_n[i] ? cnt_n[i][TID_W-1:0] - 1'b1 : {TID_W{1'b0}};
                end
                untr_cnt_q <= untr_cnt_q
                              - ((iss_d && src == SRC_UNTR) ? n_iss[TID_W:0] : {(TID_W+1){1'b0}})
                              + ((act_p[0] && untr_p[0]) ? n_p[0][TID_W:0] : {(TID_W+1){1'b0}})
                              + ((act_p[1] && untr_p[1]) ? n_p[1][TID_W:0] : {(TID_W+1){1'b0}});
                if (iss_d && st_drain)
                    turn_q <= 1'b1;
                if (iss_d && src == SRC_PICK) begin
                    turn_q  <= 1'b0;
                    lslot_q <= pick_s;
                end
            end
            if (accept) begin
                head_q <= head_q + nnew_i;
                if (POLICY == 2)
                    stamp_q <= stamp_q + nnew_s;
            end
            fcnt_q <= fcnt_q - (accept ? nnew_f : {FREE_W{1'b0}})
                             + (iss_d ? {{(FREE_W-1){1'b0}}, 1'b1} : {FREE_W{1'b0}});
        end
    end

`ifdef FORMAL
    // ------------------------------------------------ formal properties
    // (make formal, docs/formal.md).  Contract: none beyond the reset that
    // starts every trace; every input is legal (a bad one is answered with
    // err, too few free entries with ready = 0, hold freezes).  The same
    // properties hold inside the dwf (verilog/dwf.v), where they are
    // checked again at the dwf's point.
`include "formal.vh"

    // the architectural state, flat: per entry valid, untracked, mark, PC,
    // lanes, scheduler data and every lane's TID; the in-pool bits; the
    // free list; the counters and the table
    wire [POOL-1:0]           f_v, f_u, f_mk;
    wire [POOL*PC_W-1:0]      f_pc;
    wire [POOL*LANES-1:0]     f_lv;
    wire [POOL*SCHED_W-1:0]   f_sc;
    wire [POOL*IDX_W-1:0]     f_fl;
    wire [LANES*POOL*TID_W-1:0] f_mem;   // lane l, entry e at (l*POOL+e)*TID_W
    wire [THREADS-1:0]        f_ip;
    reg  [MAJ*PC_W-1:0]       f_tpc;
    reg  [MAJ*TID_W-1:0]      f_tcm;
    genvar fe, fl2, ft;
    generate
        for (fe = 0; fe < POOL; fe = fe + 1) begin : f_ent
            assign f_v[fe]  = ent[fe].v;
            assign f_u[fe]  = ent[fe].u;
            assign f_mk[fe] = ent[fe].mk;
            assign f_pc[fe*PC_W +: PC_W]          = ent[fe].pcr;
            assign f_lv[fe*LANES +: LANES]        = ent[fe].lvr;
            assign f_sc[fe*SCHED_W +: SCHED_W]    = ent[fe].sc;
            assign f_fl[fe*IDX_W +: IDX_W]        = fslot[fe].f;
            for (fl2 = 0; fl2 < LANES; fl2 = fl2 + 1) begin : f_lane
                assign f_mem[(fl2*POOL+fe)*TID_W +: TID_W] = lane[fl2].mem[fe];
            end
        end
        for (ft = 0; ft < THREADS; ft = ft + 1) begin : f_thr
            assign f_ip[ft] = thr[ft].ip;
        end
    endgenerate
    wire [IDX_W+FREE_W+SCHED_W+MAJ+TID_W+1+1+MAJ_W-1:0] f_ctr =
        {head_q, fcnt_q, stamp_q, tv_q, untr_cnt_q, turn_q, lslot_q};
    wire [2*POOL+POOL*(LANES+SCHED_W)-1:0] f_ent_s = {f_v, f_u, f_lv, f_sc};
    assign f_ip_o = f_ip;
    assign f_v_o  = f_v;
    assign f_pc_o = f_pc;
    assign f_lv_o = f_lv;

    // the home lane of a thread, as the header states it: tid mod LANES,
    // its low bit flipped when the static warp tid / LANES is odd (SWIZZLE)
    function [LG_L-1:0] f_home;
        input [TID_W:0] t;   // one bit wider: TID_W may equal log2(LANES)
        f_home = t[LG_L-1:0] ^ (((SWIZZLE != 0) && t[LG_L]) ? ONE_L : {LG_L{1'b0}});
    endfunction
    localparam F_NW = $clog2(POOL * LANES + 1) + 1;   // thread counts

    reg         f_ent_ok, f_home_ok, f_place_ok, f_free_ok, f_table_ok;
    reg [F_NW-1:0]  f_n, f_c, f_nv, f_un;
    reg [IDX_W-1:0] f_x, f_y, f_hk, f_hj;
    integer     f_e, f_l, f_t, f_k, f_j, f_s, f_r;
    always @* begin
        f_ent_ok   = 1'b1;
        f_home_ok  = 1'b1;
        f_place_ok = 1'b1;
        f_free_ok  = 1'b1;
        f_table_ok = 1'b1;
        f_nv = {F_NW{1'b0}};
        f_un = {F_NW{1'b0}};
        f_c  = {F_NW{1'b0}};
        f_x  = {IDX_W{1'b0}};
        f_y  = {IDX_W{1'b0}};
        f_hk = {IDX_W{1'b0}};
        f_hj = {IDX_W{1'b0}};
        for (f_s = 0; f_s < MAJ; f_s = f_s + 1) begin
            f_tpc[f_s*PC_W +: PC_W]   = tpc_q[f_s];
            f_tcm[f_s*TID_W +: TID_W] = tcm1_q[f_s];
        end
        for (f_e = 0; f_e < POOL; f_e = f_e + 1) begin
            // an entry: a valid warp has a thread; a free one has no lane,
            // no untracked bit; a batch mark only on a valid warp
            if (f_v[f_e] ? f_lv[f_e*LANES +: LANES] == {LANES{1'b0}}
                         : (f_lv[f_e*LANES +: LANES] != {LANES{1'b0}} || f_u[f_e]))
                f_ent_ok = 1'b0;
            if (f_mk[f_e] && !f_v[f_e])
                f_ent_ok = 1'b0;
            if (f_v[f_e]) begin
                f_nv = f_nv + 1'b1;
                for (f_l = 0; f_l < LANES; f_l = f_l + 1)
                    if (f_lv[f_e*LANES + f_l]) begin
                        if (f_u[f_e])
                            f_un = f_un + 1'b1;
                        if (f_home({1'b0, f_mem[(f_l*POOL+f_e)*TID_W +: TID_W]}) != f_l[LG_L-1:0])
                            f_home_ok = 1'b0;
                    end
            end
        end
        // each thread in exactly one place: in one lane of one valid warp
        // when its in-pool bit is set, in none otherwise
        for (f_t = 0; f_t < THREADS; f_t = f_t + 1) begin
            // (only its home lane can hold it: p_home)
            f_n = {F_NW{1'b0}};
            for (f_e = 0; f_e < POOL; f_e = f_e + 1)
                for (f_l = 0; f_l < LANES; f_l = f_l + 1)
                    if (f_v[f_e] && f_lv[f_e*LANES + f_l] &&
                        f_mem[(f_l*POOL+f_e)*TID_W +: TID_W] == f_t[TID_W-1:0])
                        f_n = f_n + 1'b1;
            if (f_n != {{(F_NW-1){1'b0}}, f_ip[f_t]})
                f_place_ok = 1'b0;
        end
        // the free list: fcnt entries from head, distinct, none valid; with
        // the valid warps they are the whole pool
        if (fcnt_q > POOL[FREE_W-1:0] ||
            {{(F_NW > FREE_W ? F_NW - FREE_W : 1){1'b0}}, fcnt_q} + f_nv != POOL[F_NW-1:0])
            f_free_ok = 1'b0;
        for (f_k = 0; f_k < POOL; f_k = f_k + 1)
            if (f_k < fcnt_q) begin
                f_hk = head_q + f_k[IDX_W-1:0];   // wraps at POOL
                f_x  = f_fl[f_hk*IDX_W +: IDX_W];
                if (f_v[f_x])
                    f_free_ok = 1'b0;
                for (f_j = 0; f_j < f_k; f_j = f_j + 1) begin
                    f_hj = head_q + f_j[IDX_W-1:0];
                    f_y  = f_fl[f_hj*IDX_W +: IDX_W];
                    if (f_x == f_y)
                        f_free_ok = 1'b0;
                end
            end
        // DMaj/DMin's table: a valid slot's count is its PC's tracked
        // threads, a free slot's is 0; no PC in two slots; a tracked warp's
        // PC is in the table, an untracked one's is not; untr_cnt counts
        // the untracked threads; lslot < MAJ
        if (HAS_TABLE) begin
            if ({{(F_NW > TID_W + 1 ? F_NW - TID_W - 1 : 1){1'b0}}, untr_cnt_q} != f_un ||
                {{(32-MAJ_W){1'b0}}, lslot_q} >= MAJ)
                f_table_ok = 1'b0;
            for (f_s = 0; f_s < MAJ; f_s = f_s + 1) begin
                f_c = {F_NW{1'b0}};
                for (f_e = 0; f_e < POOL; f_e = f_e + 1)
                    if (f_v[f_e] && !f_u[f_e] && f_pc[f_e*PC_W +: PC_W] == tpc_q[f_s])
                        for (f_l = 0; f_l < LANES; f_l = f_l + 1)
                            if (f_lv[f_e*LANES + f_l])
                                f_c = f_c + 1'b1;
                if (tv_q[f_s] ? f_c != {{(F_NW > TID_W ? F_NW - TID_W : 1){1'b0}}, tcm1_q[f_s]} + 1'b1
                              : tcm1_q[f_s] != {TID_W{1'b0}})
                    f_table_ok = 1'b0;
                for (f_j = 0; f_j < f_s; f_j = f_j + 1)
                    if (tv_q[f_s] && tv_q[f_j] && tpc_q[f_s] == tpc_q[f_j])
                        f_table_ok = 1'b0;
            end
            // a batch's marked tracked warps are at the locked PC, which
            // holds slot lslot (the invariant a LOCK issue's count needs)
            for (f_e = 0; f_e < POOL; f_e = f_e + 1)
                if (f_mk[f_e] && !f_u[f_e] &&
                    !(tv_q[lslot_q] && tpc_q[lslot_q] == f_pc[f_e*PC_W +: PC_W]))
                    f_table_ok = 1'b0;
            for (f_e = 0; f_e < POOL; f_e = f_e + 1)
                if (f_v[f_e]) begin
                    f_n = {F_NW{1'b0}};
                    for (f_s = 0; f_s < MAJ; f_s = f_s + 1)
                        if (tv_q[f_s] && tpc_q[f_s] == f_pc[f_e*PC_W +: PC_W])
                            f_n = {{(F_NW-1){1'b0}}, 1'b1};
                    if (f_n[0] == f_u[f_e])
                        f_table_ok = 1'b0;
                end
        end
    end

    // the free list's reset order 0, 1, .., POOL-1
    reg [POOL*IDX_W-1:0] f_fl_reset;
    always @* begin
        for (f_r = 0; f_r < POOL; f_r = f_r + 1)
            f_fl_reset[f_r*IDX_W +: IDX_W] = f_r[IDX_W-1:0];
    end

    // bounded liveness (warp_pool.h "Wait bounds", as the co-simulation's
    // PoolIssueCheck counts them): issues since each warp's creation, and
    // issues since the last table pick (0 while no tracked warp waits)
    localparam F_CW = $clog2(4 * POOL + 1);
    // "while tracked warps wait": the gap restarts in a state with none
    wire           f_tracked = (f_v & ~f_u) != {POOL{1'b0}};
    reg [F_CW-1:0] f_wait [0:POOL-1];
    reg [F_CW-1:0] f_gap;
    reg            f_wait_ok;
    integer        f_w;
    always @(posedge clk) begin : f_count
        reg [F_CW-1:0] g;
        g = f_tracked ? f_gap : {F_CW{1'b0}};
        if (iss_valid)
            g = (iss_src == SRC_PICK) ? {F_CW{1'b0}} : (&g ? g : g + 1'b1);
        for (f_w = 0; f_w < POOL; f_w = f_w + 1)
            if (rst || (accept && ((g1_valid && {{(32-IDX_W){1'b0}}, g1_idx} == f_w) ||
                                   (g3_valid && {{(32-IDX_W){1'b0}}, g3_idx} == f_w))))
                f_wait[f_w] <= {F_CW{1'b0}};
            else if (iss_valid && !(&f_wait[f_w]))
                f_wait[f_w] <= f_wait[f_w] + 1'b1;
        f_gap <= rst ? {F_CW{1'b0}} : g;
    end
    // the strengthening invariants of the two bounds (the batch state):
    // the marks are of one kind, the running batch's (drain marks,
    // untracked, only after a drain began: turn_q; lock marks, tracked,
    // only after a pick); the gap since the pick plus the marked warps
    // still to issue is at most E-1 in a lock batch (or before any
    // batch), 2E-2 after a drain began; an untracked warp's wait plus
    // the marked warps is at most 3E-2 when it is marked (it issues in
    // this drain), 2E-2 when unmarked and no drain began since the pick
    // (the rest of the lock batch, then the drain that holds it), E-1
    // when unmarked after a drain began (that batch, a pick with its
    // lock, then its drain)
    reg [F_CW-1:0] f_nmk, f_gap_e;
    reg            f_mkind_ok, f_gap_ok;
    always @* begin
        f_nmk = {F_CW{1'b0}};
        for (f_w = 0; f_w < POOL; f_w = f_w + 1)
            if (f_mk[f_w])
                f_nmk = f_nmk + 1'b1;
        f_mkind_ok = turn_q ? (f_mk & ~f_u) == {POOL{1'b0}} : (f_mk & f_u) == {POOL{1'b0}};
        f_gap_e    = f_tracked ? f_gap : {F_CW{1'b0}};
        f_gap_ok   = {{(32-F_CW){1'b0}}, f_gap_e} + {{(32-F_CW){1'b0}}, f_nmk} <=
                     (turn_q ? 2 * POOL - 2 : POOL - 1);
        f_wait_ok = 1'b1;
        for (f_w = 0; f_w < POOL; f_w = f_w + 1)
            if (HAS_TABLE && f_v[f_w] && f_u[f_w] &&
                ({{(32-F_CW){1'b0}}, f_wait[f_w]} > 3 * POOL - 3 ||
                 {{(32-F_CW){1'b0}}, f_wait[f_w]} + {{(32-F_CW){1'b0}}, f_nmk} >
                 (f_mk[f_w] ? 3 * POOL - 2 : turn_q ? POOL - 1 : 2 * POOL - 2)))
                f_wait_ok = 1'b0;
    end

    always @(posedge clk)
        if (f_past) begin
            if ($past(rst))
                p_reset: assert(f_v == {POOL{1'b0}} && f_u == {POOL{1'b0}} && f_mk == {POOL{1'b0}} &&
                                f_lv == {(POOL*LANES){1'b0}} && f_ip == {THREADS{1'b0}} &&
                                head_q == {IDX_W{1'b0}} && fcnt_q == POOL[FREE_W-1:0] &&
                                stamp_q == {SCHED_W{1'b0}} && tv_q == {MAJ{1'b0}} &&
                                f_tcm == {(MAJ*TID_W){1'b0}} && untr_cnt_q == {(TID_W+1){1'b0}} &&
                                !turn_q && lslot_q == {MAJ_W{1'b0}} && f_fl == f_fl_reset);
            // illegal input, or hold: nothing changes, not even a PC or TID
            if (!$past(rst) && ($past(err) || $past(hold)))
                p_err_keeps: assert(f_ctr == $past(f_ctr) && f_ent_s == $past(f_ent_s) &&
                                    f_mk == $past(f_mk) && f_pc == $past(f_pc) &&
                                    f_fl == $past(f_fl) && f_mem == $past(f_mem) &&
                                    f_ip == $past(f_ip) && f_tpc == $past(f_tpc) &&
                                    f_tcm == $past(f_tcm));
            // back-pressure (ready = 0, no err): nothing written -- no lane
            // or in-pool bit set, no TID, no allocation (the issue still goes)
            if (!$past(rst) && !$past(ready) && !$past(err))
                p_stall_keeps: assert(head_q == $past(head_q) && f_mem == $past(f_mem) &&
                                      (f_lv & ~$past(f_lv)) == {(POOL*LANES){1'b0}} &&
                                      (f_ip & ~$past(f_ip)) == {THREADS{1'b0}});
        end

    always @*
        if (f_past) begin
            p_entry: assert(f_ent_ok);
            p_home: assert(f_home_ok);
            p_one_place: assert(f_place_ok);
            p_free: assert(f_free_ok);
            p_table: assert(f_table_ok);
            // the issued warp is a valid entry, sent whole (its PC, lanes
            // and TIDs), UNTRACKED exactly when it is untracked; a batch in
            // progress issues its own marked warps only
            if (iss_valid)
                p_issue: assert(f_v[iss_idx] && iss_pc == f_pc[iss_idx*PC_W +: PC_W] &&
                                iss_mask == f_lv[iss_idx*LANES +: LANES] &&
                                (!HAS_TABLE || ((iss_src == SRC_UNTR) == f_u[iss_idx])) &&
                                (f_mk == {POOL{1'b0}} || f_mk[iss_idx]));
            // bounded liveness: an untracked warp issues within 3 POOL - 2
            // issues of its creation; the table picks at least once every
            // 2 POOL issues while tracked warps wait (each with its
            // strengthening invariant, above)
            p_wait: assert(f_wait_ok);
            if (HAS_TABLE)
                p_pick_gap: assert(f_mkind_ok && f_gap_ok &&
                                   (!f_tracked || {{(32-F_CW){1'b0}}, f_gap} <= 2 * POOL - 1));
            p_err_code: assert(err == (err_code != ERR_NONE) && (!err || ((ready || hold) && !iss_valid)) &&
                               (!hold || (!ready && !iss_valid)));
        end
`endif

endmodule
