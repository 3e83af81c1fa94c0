// SPDX-License-Identifier: Apache-2.0
// lwm_subwarp.v -- the sub-warping unit of the Large Warp Microarchitecture
// (004 sec. 3.1, Fig. 4-6, sec. 3.4): sub-warping copy of the K x N mask, one
// in-flight bit per thread, one thread per column per cycle (lowest row
// first; in-flight threads skipped), relaxed barrel re-fetch, a jump in one
// sub-warp, two temporary buffers gathering a conditional branch's outcome
// with the commit after its last sub-warp.  Twin of rtl_c/lwm_subwarp.{h,c},
// which documents the ports, the choices and the illegal inputs in full.
//
//   | parameter   | default | meaning                                      |
//   |-------------|---------|----------------------------------------------|
//   | LARGE_WARPS | 4       | large warps (1..16)                          |
//   | K           | 8       | rows of the active mask (1..16)              |
//   | N           | 32      | columns = SIMD width (1..64); K*N <= 1024    |
//   | KN, ROW_W, LW_W, PEND_W | derived, do not override: K*N, clog2(K), |
//   |             |         | clog2(LARGE_WARPS) (each >= 1), clog2(KN+2)  |
//
// Thread t of a large warp is mask bit t = row t/N, column t%N.
// Storage: copy_q KN, inflight_q LARGE_WARPS*KN, taken_q + ntaken_q 2*KN
// (004 sec. 3.4: 256 + 1024 + 512 bits at 4 large warps of 8 x 32).
module lwm_subwarp #(
    parameter LARGE_WARPS = 4,
    parameter K           = 8,
    parameter N           = 32,
    parameter KN          = K * N,
    parameter ROW_W       = (K > 1) ? $clog2(K) : 1,
    parameter LW_W        = (LARGE_WARPS > 1) ? $clog2(LARGE_WARPS) : 1,
    parameter PEND_W      = $clog2(KN + 2)
) (
    input  wire                 clk,
    input  wire                 rst,
    input  wire                 f_valid,
    input  wire [LW_W-1:0]      f_warp,
    input  wire [1:0]           f_kind,
    input  wire [KN-1:0]        f_mask,
    input  wire                 c_valid,
    input  wire [LW_W-1:0]      c_warp,
    input  wire [N-1:0]         c_cols,
    input  wire [N*ROW_W-1:0]   c_rows,
    input  wire                 c_first,
    input  wire                 c_branch,
    input  wire [N-1:0]         c_taken,
    output reg                  f_ready,
    output reg                  err,
    output reg  [2:0]           err_code,
    output reg  [2:0]           act,
    output reg                  sw_valid,
    output reg  [LW_W-1:0]      sw_warp,
    output reg  [N-1:0]         sw_cols,
    output reg  [N*ROW_W-1:0]   sw_rows,
    output reg                  sw_first,
    output reg                  sw_branch,
    output reg                  sw_jump,
    output reg                  fetch_stall,
    output reg  [LARGE_WARPS-1:0] can_fetch,
    output reg                  br_commit,
    output reg  [LW_W-1:0]      br_warp,
    output reg  [KN-1:0]        br_taken,
    output reg  [KN-1:0]        br_ntaken,
    output reg                  br_diverged
);

    localparam [1:0] KIND_BRANCH = 2'd1, KIND_JUMP = 2'd2; // OP = 0

    localparam [2:0] ERR_NONE = 3'd0, ERR_BAD_WARP = 3'd1, ERR_BAD_FETCH = 3'd2,
                     ERR_NOT_IN_FLIGHT = 3'd3, ERR_BAD_OUTCOME = 3'd4;

    localparam [2:0] ACT_IDLE = 3'd0, ACT_PICK = 3'd1, ACT_LAST = 3'd2, ACT_JUMP = 3'd3,
                     ACT_BLOCKED = 3'd4, ACT_ERR = 3'd5;

    localparam LW_PAD = 1 << LW_W;

    // ---------------------------------------------------------------- state
    reg              busy_q     /*verilator public_flat_rd*/;
    reg              first_q    /*verilator public_flat_rd*/;
    reg [LW_W-1:0]   cur_q      /*verilator public_flat_rd*/;
    reg [1:0]        kind_q     /*verilator public_flat_rd*/;
    reg [KN-1:0]     copy_q     /*verilator public_flat_rd*/;
    reg [KN-1:0]     inflight_q [0:LARGE_WARPS-1] /*verilator public_flat_rd*/;
    reg [LARGE_WARPS-1:0] wait_q /*verilator public_flat_rd*/;
    reg [PEND_W-1:0] pend_q     [0:LARGE_WARPS-1] /*verilator public_flat_rd*/;
    reg              br_busy_q  /*verilator public_flat_rd*/;
    reg [LW_W-1:0]   br_warp_q  /*verilator public_flat_rd*/;
    reg              br_packed_q /*verilator public_flat_rd*/;
    reg [PEND_W-1:0] br_left_q  /*verilator public_flat_rd*/;
    reg [KN-1:0]     taken_q    /*verilator public_flat_rd*/;
    reg [KN-1:0]     ntaken_q   /*verilator public_flat_rd*/;

    // ------------------------------------------------- indices made safe
    wire [LW_PAD-1:0] wait_x = {{(LW_PAD-LARGE_WARPS){1'b0}}, wait_q};
    wire              f_in   = {{(32-LW_W){1'b0}}, f_warp} < LARGE_WARPS;
    wire              c_in   = {{(32-LW_W){1'b0}}, c_warp} < LARGE_WARPS;
    wire [LW_W-1:0]   cw     = c_in ? c_warp : {LW_W{1'b0}};
    wire [KN-1:0]     c_inf  = inflight_q[cw];
    wire [PEND_W-1:0] c_pend = pend_q[cw];
    wire [KN-1:0]     cur_inf = inflight_q[cur_q];

    // ---------------------------------------- completion: threads, checks
    reg [KN-1:0] c_thr;      // the completing threads (one per column)
    reg [KN-1:0] c_tk;       // of them, those that took the branch
    reg          thr_bad;    // a thread not in flight (or row >= K)
    integer c, r;
    /* verilator lint_off UNUSEDSIGNAL */
    integer i; // < KN <= 1024
    /* verilator lint_on UNUSEDSIGNAL */
    always @* begin
        r       = 0;
        i       = 0;
        c_thr   = {KN{1'b0}};
        c_tk    = {KN{1'b0}};
        thr_bad = 1'b0;
        for (c = 0; c < N; c = c + 1) begin
            if (c_cols[c]) begin
                r = {{(32-ROW_W){1'b0}}, c_rows[c*ROW_W +: ROW_W]};
                if (r >= K) begin
                    thr_bad = 1'b1;
                end else begin
                    i = r * N + c;
                    if (!c_inf[i])
                        thr_bad = 1'b1;
                    c_thr[i] = 1'b1;
                    c_tk[i]  = c_taken[c];
                end
            end
        end
    end

    // --------------------------------------------------------------- errors
    reg [2:0] err_d;
    always @* begin
        if ((f_valid && !f_in) || (c_valid && !c_in))
            err_d = ERR_BAD_WARP;
        else if (f_valid && (f_kind == 2'd3 || (f_kind != KIND_JUMP && f_mask == {KN{1'b0}}) ||
                             wait_x[f_warp]))
            err_d = ERR_BAD_FETCH;
        else if (c_valid && (c_pend == {PEND_W{1'b0}} || thr_bad ||
                             (c_branch && !(br_busy_q && br_warp_q == cw &&
                                            br_left_q != {PEND_W{1'b0}}))))
            err_d = ERR_NOT_IN_FLIGHT;
        else if (c_valid && ((c_taken & ~c_cols) != {N{1'b0}} ||
                             (c_taken != {N{1'b0}} && !c_branch)))
            err_d = ERR_BAD_OUTCOME;
        else
            err_d = ERR_NONE;
    end
    wire ok = err_d == ERR_NONE;

    // ------------------------------------- the pick: one thread per column
    reg [N-1:0]       pk_cols;
    reg [N*ROW_W-1:0] pk_rows;
    reg [KN-1:0]      pk_thr;
    reg               found;
    integer pc, pr;
    /* verilator lint_off UNUSEDSIGNAL */
    integer pi; // < KN <= 1024
    /* verilator lint_on UNUSEDSIGNAL */
    always @* begin
        pk_cols = {N{1'b0}};
        pk_rows = {(N*ROW_W){1'b0}};
        pk_thr  = {KN{1'b0}};
        pi      = 0;
        found   = 1'b0;
        for (pc = 0; pc < N; pc = pc + 1) begin
            found = 1'b0;
            for (pr = 0; pr < K; pr = pr + 1) begin
                pi = pr * N + pc;
                if (!found && copy_q[pi] && !cur_inf[pi]) begin
                    found = 1'b1;
                    pk_cols[pc] = 1'b1;
                    pk_rows[pc*ROW_W +: ROW_W] = pr[ROW_W-1:0];
                    pk_thr[pi] = 1'b1;
                end
            end
        end
    end
    wire          is_jump = kind_q == KIND_JUMP;
    wire [KN-1:0] nx_copy = copy_q & ~pk_thr;
    wire          emit    = busy_q && (is_jump || pk_cols != {N{1'b0}});
    wire          last    = busy_q && (is_jump || nx_copy == {KN{1'b0}});
    wire          accept  = ok && f_valid && f_ready;
    wire          commit  = ok && c_valid && c_branch && br_packed_q &&
                            br_left_q == {{(PEND_W-1){1'b0}}, 1'b1};
    wire [KN-1:0] tk_all  = taken_q | (c_thr & c_tk);
    wire [KN-1:0] nt_all  = ntaken_q | (c_thr & ~c_tk);

    // -------------------------------------------------------------- outputs
    always @* begin
        f_ready     = (!busy_q || last) && !(f_kind == KIND_BRANCH && br_busy_q);
        err         = !ok;
        err_code    = err_d;
        can_fetch   = ~wait_q;
        sw_valid    = 1'b0;
        sw_warp     = {LW_W{1'b0}};
        sw_cols     = {N{1'b0}};
        sw_rows     = {(N*ROW_W){1'b0}};
        sw_first    = 1'b0;
        sw_branch   = 1'b0;
        sw_jump     = 1'b0;
        br_commit   = commit;
        br_warp     = commit ? br_warp_q : {LW_W{1'b0}};
        br_taken    = commit ? tk_all : {KN{1'b0}};
        br_ntaken   = commit ? nt_all : {KN{1'b0}};
        br_diverged = commit && tk_all != {KN{1'b0}} && nt_all != {KN{1'b0}};
        if (!ok) begin
            act         = ACT_ERR;
            fetch_stall = busy_q;
        end else begin
            fetch_stall = busy_q && !last;
            if (!busy_q)
                act = ACT_IDLE;
            else if (is_jump)
                act = ACT_JUMP;
            else
                act = !emit ? ACT_BLOCKED : (last ? ACT_LAST : ACT_PICK);
            if (emit) begin
                sw_valid  = 1'b1;
                sw_warp   = cur_q;
                sw_cols   = is_jump ? {N{1'b0}} : pk_cols;
                sw_rows   = is_jump ? {(N*ROW_W){1'b0}} : pk_rows;
                sw_first  = first_q;
                sw_branch = kind_q == KIND_BRANCH;
                sw_jump   = is_jump;
            end
        end
    end

    // ----------------------------------------------------------- clock edge
    integer w;
    always @(posedge clk) begin
        if (rst) begin
            busy_q      <= 1'b0;
            first_q     <= 1'b0;
            cur_q       <= {LW_W{1'b0}};
            kind_q      <= 2'd0;
            copy_q      <= {KN{1'b0}};
            wait_q      <= {LARGE_WARPS{1'b0}};
            br_busy_q   <= 1'b0;
            br_warp_q   <= {LW_W{1'b0}};
            br_packed_q <= 1'b0;
            br_left_q   <= {PEND_W{1'b0}};
            taken_q     <= {KN{1'b0}};
            ntaken_q    <= {KN{1'b0}};
            for (w = 0; w < LARGE_WARPS; w = w + 1) begin
                inflight_q[w] <= {KN{1'b0}};
                pend_q[w]     <= {PEND_W{1'b0}};
            end
        end else if (ok) begin
            for (w = 0; w < LARGE_WARPS; w = w + 1) begin
                inflight_q[w] <= (inflight_q[w] & ~((c_valid && {{(32-LW_W){1'b0}}, cw} == w) ? c_thr : {KN{1'b0}})) |
                                 ((emit && {{(32-LW_W){1'b0}}, cur_q} == w) ? pk_thr : {KN{1'b0}});
                pend_q[w] <= pend_q[w] - {{(PEND_W-1){1'b0}}, c_valid && {{(32-LW_W){1'b0}}, cw} == w}
                                       + {{(PEND_W-1){1'b0}}, emit && {{(32-LW_W){1'b0}}, cur_q} == w};
            end
            wait_q <= (wait_q
                       & ~((c_valid && c_first && !c_branch) ? ({{(LARGE_WARPS-1){1'b0}}, 1'b1} << cw)
                                                             : {LARGE_WARPS{1'b0}})
                       & ~(commit ? ({{(LARGE_WARPS-1){1'b0}}, 1'b1} << br_warp_q)
                                  : {LARGE_WARPS{1'b0}}))
                      | (accept ? ({{(LARGE_WARPS-1){1'b0}}, 1'b1} << f_warp)
                                : {LARGE_WARPS{1'b0}});
            // branch gathering
            if (accept && f_kind == KIND_BRANCH) begin
                br_busy_q   <= 1'b1;
                br_warp_q   <= f_warp;
                br_packed_q <= 1'b0;
                br_left_q   <= {PEND_W{1'b0}};
            end else if (commit) begin
                br_busy_q   <= 1'b0;
                br_packed_q <= 1'b0;
                br_left_q   <= {PEND_W{1'b0}};
            end else begin
                if (emit && kind_q == KIND_BRANCH && last)
                    br_packed_q <= 1'b1;
                br_left_q <= br_left_q - {{(PEND_W-1){1'b0}}, c_valid && c_branch}
                                       + {{(PEND_W-1){1'b0}}, emit && kind_q == KIND_BRANCH};
            end
            if (commit) begin
                taken_q  <= {KN{1'b0}};
                ntaken_q <= {KN{1'b0}};
            end else if (c_valid && c_branch) begin
                taken_q  <= tk_all;
                ntaken_q <= nt_all;
            end
            if (emit)
                first_q <= 1'b0;
            // the copy and the fetch
            if (accept) begin
                busy_q  <= 1'b1;
                cur_q   <= f_warp;
                kind_q  <= f_kind;
                first_q <= 1'b1;
                copy_q  <= (f_kind == KIND_JUMP) ? {KN{1'b0}} : f_mask;
            end else begin
                copy_q <= nx_copy;
                if (last)
                    busy_q <= 1'b0;
            end
        end
    end

endmodule
