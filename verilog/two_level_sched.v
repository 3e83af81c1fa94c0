// SPDX-License-Identifier: Apache-2.0
// two_level_sched.v -- two-level round-robin warp scheduler (004 sec.
// 3.2-3.3: fetch groups, round robin inside the top group, round-robin
// rotation of group priorities when the top group is all stalled on long
// latency, and the timeout).  Twin of rtl_c/two_level_sched.{h,c}, which
// documents the behaviour, the choices where 004 is silent and a worked
// example in full; both make the same decision in one combinational block
// and one clock edge.
//
//   | parameter  | default | meaning                                       |
//   |------------|---------|-----------------------------------------------|
//   | WARPS      | 32      | warps scheduled (1..64)                       |
//   | GROUP_SIZE | 8       | warps per fetch group, divides WARPS (1..64)  |
//   | TIMEOUT    | 32768   | instructions a group may issue per tenure at  |
//   |            |         | the top (1..1048576)                          |
//   | G, GRP_W, PTR_W, WARP_W, CNT_W | derived, do not override: groups,  |
//   |            |         | clog2(G), clog2(GROUP_SIZE), clog2(WARPS),    |
//   |            |         | clog2(TIMEOUT), each at least 1               |
//
// State: top_q (the top group; the order is top_q, top_q+1, ... mod G),
// ptr_q[g] (group g's round-robin pointer, group-local), cnt_q (the top
// group's issues this tenure).
//
// Each cycle: every group's candidate is its first ready warp from ptr_q;
// the first group in priority order with a candidate issues (lower groups
// may issue when the top has nothing ready); the order rotates at the edge
// when the top group is all stalled (act ROTATE) or issues its TIMEOUT-th
// instruction (act TIMEOUT).  A warp both ready and stalled is illegal
// (err CONFLICT, nothing issues, state unchanged).
//
// Departure from 004: barrel processing (no re-fetch before completion) is
// the core's, reported through ready.
module two_level_sched #(
    parameter WARPS      = 32,
    parameter GROUP_SIZE = 8,
    parameter TIMEOUT    = 32768,
    parameter G          = WARPS / GROUP_SIZE,
    parameter GRP_W      = (G > 1) ? $clog2(G) : 1,
    parameter PTR_W      = (GROUP_SIZE > 1) ? $clog2(GROUP_SIZE) : 1,
    parameter WARP_W     = (WARPS > 1) ? $clog2(WARPS) : 1,
    parameter CNT_W      = (TIMEOUT > 1) ? $clog2(TIMEOUT) : 1
) (
    input  wire              clk,
    input  wire              rst,
    input  wire [WARPS-1:0]  ready,
    input  wire [WARPS-1:0]  stalled,
    output reg               err,
    output reg  [1:0]        err_code,
    output reg  [2:0]        act,
    output reg               valid,
    output reg  [WARP_W-1:0] warp,
    output reg  [GRP_W-1:0]  top,
    output reg               rotate
);

    localparam [1:0] ERR_NONE     = 2'd0;
    localparam [1:0] ERR_CONFLICT = 2'd1;

    localparam [2:0] ACT_IDLE    = 3'd0;
    localparam [2:0] ACT_TOP     = 3'd1;
    localparam [2:0] ACT_LOWER   = 3'd2;
    localparam [2:0] ACT_ROTATE  = 3'd3;
    localparam [2:0] ACT_TIMEOUT = 3'd4;
    localparam [2:0] ACT_ERR     = 3'd5;

    // ---------------------------------------------------------------- state
    reg [GRP_W-1:0] top_q /*verilator public_flat_rd*/;
    reg [PTR_W-1:0] ptr_q [0:G-1] /*verilator public_flat_rd*/;
    reg [CNT_W-1:0] cnt_q /*verilator public_flat_rd*/;

    // ------------------------------------- per group: round-robin candidate
    reg [G-1:0]     has;          // group g has a ready warp
    reg [PTR_W-1:0] cand [0:G-1]; // its first ready warp from ptr_q (local)
    integer g, k, idx;
    always @* begin
        for (g = 0; g < G; g = g + 1) begin
            has[g]  = 1'b0;
            cand[g] = {PTR_W{1'b0}};
            for (k = GROUP_SIZE - 1; k >= 0; k = k - 1) begin
                idx = {{(32-PTR_W){1'b0}}, ptr_q[g]} + k;
                if (idx >= GROUP_SIZE)
                    idx = idx - GROUP_SIZE;
                if (ready[g*GROUP_SIZE + idx]) begin
                    has[g]  = 1'b1;
                    cand[g] = idx[PTR_W-1:0];
                end
            end
        end
    end

    // ------------------------------------------- groups in priority order
    reg             found;
    reg             from_top;
    reg [GRP_W-1:0] grp;
    integer q, gi;
    always @* begin
        found    = 1'b0;
        from_top = 1'b0;
        grp      = {GRP_W{1'b0}};
        for (q = 0; q < G; q = q + 1) begin
            gi = {{(32-GRP_W){1'b0}}, top_q} + q;
            if (gi >= G)
                gi = gi - G;
            if (!found && has[gi]) begin
                found    = 1'b1;
                from_top = q == 0;
                grp      = gi[GRP_W-1:0];
            end
        end
    end

    // top group all stalled on long latency
    reg all_stalled;
    integer w;
    always @* begin
        all_stalled = 1'b1;
        for (w = 0; w < GROUP_SIZE; w = w + 1)
            if (!stalled[top_q*GROUP_SIZE + w])
                all_stalled = 1'b0;
    end

    // --------------------------------------------------------------- decide
    wire conflict = |(ready & stalled);
    /* verilator lint_off UNUSEDSIGNAL */
    wire [31:0] cnt_x    = {{(32-CNT_W){1'b0}}, cnt_q};
    wire [31:0] cnt_inc  = cnt_x + 32'd1;
    wire [31:0] top_inc  = {{(32-GRP_W){1'b0}}, top_q} + 32'd1;
    wire [31:0] warp_x   = {{(32-GRP_W){1'b0}}, grp} * GROUP_SIZE
                         + {{(32-PTR_W){1'b0}}, cand[grp]};
    wire [31:0] ptr_inc  = {{(32-PTR_W){1'b0}}, cand[grp]} + 32'd1;
    /* verilator lint_on UNUSEDSIGNAL */
    wire timeout = from_top && cnt_inc >= TIMEOUT;
    wire [GRP_W-1:0] top_next = (top_inc >= G) ? {GRP_W{1'b0}} : top_inc[GRP_W-1:0];
    wire [PTR_W-1:0] ptr_next = (ptr_inc >= GROUP_SIZE) ? {PTR_W{1'b0}} : ptr_inc[PTR_W-1:0];

    reg             rot_d;
    reg [GRP_W-1:0] top_d;
    reg [CNT_W-1:0] cnt_d;
    always @* begin
        err      = conflict;
        err_code = conflict ? ERR_CONFLICT : ERR_NONE;
        top      = top_q;
        valid    = !conflict && found;
        warp     = valid ? warp_x[WARP_W-1:0] : {WARP_W{1'b0}};
        rot_d    = !conflict && (all_stalled || timeout);
        rotate   = rot_d;
        top_d    = rot_d ? top_next : top_q;
        if (conflict || rot_d)
            cnt_d = conflict ? cnt_q : {CNT_W{1'b0}};
        else
            cnt_d = from_top ? cnt_inc[CNT_W-1:0] : cnt_q;
        if (conflict)
            act = ACT_ERR;
        else if (all_stalled)
            act = ACT_ROTATE;
        else if (timeout)
            act = ACT_TIMEOUT;
        else if (!found)
            act = ACT_IDLE;
        else
            act = from_top ? ACT_TOP : ACT_LOWER;
    end

    // ----------------------------------------------------------- clock edge
    integer r;
    always @(posedge clk) begin
        if (rst) begin
            top_q <= {GRP_W{1'b0}};
            cnt_q <= {CNT_W{1'b0}};
            for (r = 0; r < G; r = r + 1)
                ptr_q[r] <= {PTR_W{1'b0}};
        end else begin
            top_q <= top_d;
            cnt_q <= cnt_d;
            if (valid)
                ptr_q[grp] <= ptr_next;
        end
    end

`ifdef FORMAL
    // ------------------------------------------------ formal properties
    // (make formal, docs/formal.md).  Contract: none beyond the reset
    // that starts every trace; any ready/stalled is legal (a conflict is
    // answered with err).
`include "formal.vh"

    // every architectural register, flattened
    reg [G*PTR_W-1:0] f_ptr;
    integer f_g;
    always @*
        for (f_g = 0; f_g < G; f_g = f_g + 1)
            f_ptr[f_g*PTR_W +: PTR_W] = ptr_q[f_g];
    wire [GRP_W+G*PTR_W+CNT_W-1:0] f_state = {top_q, f_ptr, cnt_q};

    // the top group's issues this tenure, counted apart from cnt_q: a
    // tenure ends at a rotation (ROTATE or TIMEOUT) or a reset
    reg [31:0] f_tenure = 32'd0;
    wire       f_top_issue = valid && grp == top_q;
    always @(posedge clk)
        if (rst || rotate)
            f_tenure <= 32'd0;
        else if (f_top_issue)
            f_tenure <= f_tenure + 32'd1;

    always @(posedge clk)
        if (f_past) begin
            // reset: the documented reset state
            if ($past(rst))
                p_reset: assert(top_q == {GRP_W{1'b0}} && cnt_q == {CNT_W{1'b0}} &&
                                f_ptr == {(G*PTR_W){1'b0}});
            // illegal input (ready & stalled): err, and nothing changes
            if (!$past(rst) && $past(err))
                p_err_keeps: assert(f_state == $past(f_state));
        end

    reg f_ptr_ok;
    integer f_r;
    always @* begin
        f_ptr_ok = 1'b1;
        for (f_r = 0; f_r < G; f_r = f_r + 1)
            if ({{(32-PTR_W){1'b0}}, ptr_q[f_r]} >= GROUP_SIZE)
                f_ptr_ok = 1'b0;
    end

    always @*
      if (f_past) begin
        // counters within their ranges
        p_top_range: assert({{(32-GRP_W){1'b0}}, top_q} < G);
        p_ptr_range: assert(f_ptr_ok);
        p_cnt_range: assert({{(32-CNT_W){1'b0}}, cnt_q} < TIMEOUT);
        // err exactly on a conflict, and then nothing issues or rotates
        p_err_iff_conflict: assert(err == |(ready & stalled) && (!err || (!valid && !rotate)));
        // an issued warp is ready, and lower groups issue only while the
        // top group has no ready warp
        if (valid) begin
            p_issue_ready: assert(ready[warp]);
            if (!from_top)
                p_top_first: assert(!has[top_q]);
        end
        // bounded liveness, the timeout: a group issues at most TIMEOUT
        // instructions per tenure at the top (cnt_q counts them)
        p_timeout: assert(f_tenure < TIMEOUT && f_tenure == {{(32-CNT_W){1'b0}}, cnt_q});
        // and its TIMEOUT-th issue rotates the order at that edge
        if (f_top_issue && f_tenure == TIMEOUT - 1)
            p_timeout_rotates: assert(rotate);
      end
`endif

endmodule
