// SPDX-License-Identifier: Apache-2.0
// lwm_subwarp.v -- the sub-warping unit of the Large Warp Microarchitecture
// (004 sec. 3.1, Fig. 4-6, sec. 3.4): sub-warping copy of the K x N mask, one
// in-flight bit per thread, one thread per column per cycle (lowest row
// first; in-flight threads skipped) or, for a warp-synchronous instruction
// (f_wsync, our extension), one whole row per cycle (the lowest with no
// thread in flight), relaxed barrel re-fetch, a jump in one
// sub-warp, two temporary buffers gathering a conditional branch's outcome
// with the commit after its last sub-warp, and per large warp its PC, K x N
// mask and divergence stack {pc, K*N mask, rpc}: an OP/JUMP moves the TOS
// at the fetch, a BRANCH at its commit, by the baseline stack's rule
// (simt_rule.vh, shared with simt_stack.v); a JUMP with f_exit (EXIT, our
// departure) takes the TOS's threads out of every entry and pops the
// entries left empty.  Twin of rtl_c/lwm_subwarp.{h,c},
// which documents the ports, the choices and the illegal inputs in full.
//
//   | parameter   | default | meaning                                      |
//   |-------------|---------|----------------------------------------------|
//   | LARGE_WARPS | 4       | large warps (1..16)                          |
//   | K           | 8       | rows of the active mask (1..16)              |
//   | N           | 32      | columns = SIMD width (1..64); K*N <= 1024    |
//   | DEPTH       | 8       | stack entries per large warp (1..16)         |
//   | PC_W        | 32      | PC width (2..64)                             |
//   | MERGE       | 1       | merge on push (0..1; simt_rule.vh)           |
//   | KN, ROW_W, LW_W, PEND_W, DEPTH_W | derived, do not override: K*N,  |
//   |             |         | clog2(K), clog2(LARGE_WARPS) (each >= 1),    |
//   |             |         | clog2(KN+2), clog2(DEPTH+1)                  |
//
// Thread t of a large warp is mask bit t = row t/N, column t%N.
// Storage: copy_q KN, inflight_q LARGE_WARPS*KN, taken_q + ntaken_q 2*KN
// (004 sec. 3.4: 256 + 1024 + 512 bits at 4 large warps of 8 x 32).
// A BRANCH is pushed back (f_ready = 0, f_act STALL) while its large warp's
// stack lacks the room a divergence would need; the commit never stalls.
// Timing: every output is combinational from the registered state and this
// cycle's inputs; the state updates on one rising clock edge; rst is
// synchronous, active high, and clears every register but the stack entries
// (only sp_q: an entry above a large warp's depth is never observable).
// Departures from 004: rtl_c/lwm_subwarp.h, "Departures and choices".
// Tools: Verilator 5.006's bit-op tree folded the row mode's "no thread of
// the row in flight" test, written (row & inf) == 0, wrongly at N = 1,
// K >= 2 (rows 1 and up never qualified: BLOCKED where Icarus and the C
// model give the next row); it is written (row & ~inf) == row, the same
// test, which Verilator keeps right, so no flag is needed (docs/cosim.md).
module lwm_subwarp #(
    parameter LARGE_WARPS = 4,
    parameter K           = 8,
    parameter N           = 32,
    parameter DEPTH       = 8,
    parameter PC_W        = 32,
    parameter MERGE       = 1,
    parameter KN          = K * N,
    parameter ROW_W       = (K > 1) ? $clog2(K) : 1,
    parameter LW_W        = (LARGE_WARPS > 1) ? $clog2(LARGE_WARPS) : 1,
    parameter PEND_W      = $clog2(KN + 2),
    parameter DEPTH_W     = $clog2(DEPTH + 1)
) (
    input  wire                 clk,
    input  wire                 rst,
    input  wire                 f_valid,
    input  wire [LW_W-1:0]      f_warp,
    input  wire [1:0]           f_kind,
    input  wire [PC_W-1:0]      f_pc,
    input  wire [PC_W-1:0]      f_npc,
    input  wire [PC_W-1:0]      f_rpc,
    input  wire [KN-1:0]        f_mask,
    input  wire                 f_wsync,
    input  wire                 f_exit,
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
    output reg                  br_diverged,
    output reg  [2:0]           br_act,
    output reg  [2:0]           f_act,
    output reg  [DEPTH_W-1:0]   tos_depth,
    output reg  [PC_W-1:0]      tos_pc,
    output reg  [KN-1:0]        tos_mask
);

    localparam [1:0] KIND_OP = 2'd0, KIND_BRANCH = 2'd1, KIND_JUMP = 2'd2, KIND_LAUNCH = 2'd3;

    localparam [2:0] ERR_NONE = 3'd0, ERR_BAD_WARP = 3'd1, ERR_BAD_FETCH = 3'd2,
                     ERR_NOT_IN_FLIGHT = 3'd3, ERR_BAD_OUTCOME = 3'd4, ERR_WARP_IDLE = 3'd5,
                     ERR_BAD_LAUNCH = 3'd6, ERR_BAD_DONE = 3'd7;

    localparam [2:0] ST_IDLE = 3'd0, ST_LAUNCH = 3'd1, ST_POP = 3'd3, ST_STALL = 3'd6; // others: simt_rule

    localparam [2:0] ACT_IDLE = 3'd0, ACT_PICK = 3'd1, ACT_LAST = 3'd2, ACT_JUMP = 3'd3,
                     ACT_BLOCKED = 3'd4, ACT_ERR = 3'd5;

    localparam LW_PAD = 1 << LW_W;

    // ---------------------------------------------------------------- state
    reg              busy_q     /*verilator public_flat_rd*/;
    reg              first_q    /*verilator public_flat_rd*/;
    reg [LW_W-1:0]   cur_q      /*verilator public_flat_rd*/;
    reg [1:0]        kind_q     /*verilator public_flat_rd*/;
    reg              row_q      /*verilator public_flat_rd*/; // row mode (f_wsync)
    reg [KN-1:0]     copy_q     /*verilator public_flat_rd*/;
    reg [KN-1:0]     inflight_q [0:LARGE_WARPS-1] /*verilator public_flat_rd*/;
    reg [LARGE_WARPS-1:0] wait_q /*verilator public_flat_rd*/;
    reg [LARGE_WARPS-1:0] jmp_q  /*verilator public_flat_rd*/; // its jump's sub-warp is out
    reg [PEND_W-1:0] pend_q     [0:LARGE_WARPS-1] /*verilator public_flat_rd*/;
    reg              br_busy_q  /*verilator public_flat_rd*/;
    reg [LW_W-1:0]   br_warp_q  /*verilator public_flat_rd*/;
    reg              br_packed_q /*verilator public_flat_rd*/;
    reg [PEND_W-1:0] br_left_q  /*verilator public_flat_rd*/;
    reg [KN-1:0]     taken_q    /*verilator public_flat_rd*/;
    reg [KN-1:0]     ntaken_q   /*verilator public_flat_rd*/;
    reg [PC_W-1:0]   br_pc_q    /*verilator public_flat_rd*/;
    reg [PC_W-1:0]   br_npc_q   /*verilator public_flat_rd*/;
    reg [PC_W-1:0]   br_rpc_q   /*verilator public_flat_rd*/;
    // the divergence stacks {pc, K*N mask, rpc}: large warp w owns entries
    // w*DEPTH .. w*DEPTH+DEPTH-1, its TOS (PC and active mask) at sp_q-1.
    // Only sp_q is reset: entries above a depth are never observable.
    localparam ENTRIES = LARGE_WARPS * DEPTH;
    localparam ADDR_W  = (ENTRIES > 1) ? $clog2(ENTRIES) : 1;
    reg [PC_W-1:0]    pc_q   [0:ENTRIES-1] /*verilator public_flat_rd*/;
    reg [KN-1:0]      mask_q [0:ENTRIES-1] /*verilator public_flat_rd*/;
    reg [PC_W-1:0]    rpc_q  [0:ENTRIES-1] /*verilator public_flat_rd*/;
    reg [DEPTH_W-1:0] sp_q   [0:LARGE_WARPS-1] /*verilator public_flat_rd*/;

`ifdef FORMAL
    localparam SR_F_MASK_W = KN; // simt_rule.vh's formal functions
`endif
`include "simt_rule.vh"

    // ------------------------------------------------- indices made safe
    wire [LW_PAD-1:0] wait_x = {{(LW_PAD-LARGE_WARPS){1'b0}}, wait_q};
    wire              f_in   = {{(32-LW_W){1'b0}}, f_warp} < LARGE_WARPS;
    wire              c_in   = {{(32-LW_W){1'b0}}, c_warp} < LARGE_WARPS;
    wire [LW_W-1:0]   cw     = c_in ? c_warp : {LW_W{1'b0}};
    wire [KN-1:0]     c_inf  = inflight_q[cw];
    wire [PEND_W-1:0] c_pend = pend_q[cw];
    wire [KN-1:0]     cur_inf = inflight_q[cur_q];
    wire [LW_PAD-1:0] jmp_x  = {{(LW_PAD-LARGE_WARPS){1'b0}}, jmp_q};

    // ------------------------------------- the stacks: fetch side, commit
    /* verilator lint_off UNUSEDSIGNAL */
    // Address arithmetic in 32 bits, truncated to ADDR_W (upper bits zero
    // by construction: entry < LARGE_WARPS*DEPTH).
    wire [LW_W-1:0]    fw       = f_in ? f_warp : {LW_W{1'b0}};
    wire [DEPTH_W-1:0] f_sp     = sp_q[fw];
    wire [31:0]        f_sp_x   = {{(32-DEPTH_W){1'b0}}, f_sp};
    wire [31:0]        f_base_x = {{(32-LW_W){1'b0}}, fw} * DEPTH;
    wire [31:0]        f_tos_x  = f_base_x + f_sp_x - 32'd1;
    wire [DEPTH_W-1:0] b_sp     = sp_q[br_warp_q];
    wire [31:0]        b_sp_x   = {{(32-DEPTH_W){1'b0}}, b_sp};
    wire [31:0]        b_base_x = {{(32-LW_W){1'b0}}, br_warp_q} * DEPTH;
    wire [31:0]        b_tos_x  = b_base_x + b_sp_x - 32'd1;
    /* verilator lint_on UNUSEDSIGNAL */
    wire [ADDR_W-1:0]  f_base_a = f_base_x[ADDR_W-1:0];
    wire [ADDR_W-1:0]  f_tos_a  = f_tos_x[ADDR_W-1:0];
    wire [ADDR_W-1:0]  b_base_a = b_base_x[ADDR_W-1:0];
    wire [ADDR_W-1:0]  b_tos_a  = b_tos_x[ADDR_W-1:0];
    wire               f_live   = f_sp != {DEPTH_W{1'b0}};
    wire [KN-1:0]      f_tmask  = f_live ? mask_q[f_tos_a] : {KN{1'b0}};
    wire [PC_W-1:0]    f_trpc   = f_live ? rpc_q[f_tos_a] : {PC_W{1'b0}};
    wire               f_bw     = f_sp_x == 32'd2 && pc_q[f_base_a] == rpc_q[f_base_a];
    wire               b_bw     = b_sp_x == 32'd2 && pc_q[b_base_a] == rpc_q[b_base_a];
    wire               f_multi  = (f_tmask & (f_tmask - {{(KN-1){1'b0}}, 1'b1})) != {KN{1'b0}};
    // merge on push: the fetched and the committing large warps' entries
    // side by side for the run's compare (simt_rule_merge_at)
    reg  [DEPTH*PC_W-1:0] f_pcs, f_rpcs, b_pcs, b_rpcs;
    /* verilator lint_off UNUSEDSIGNAL */
    reg  [31:0]           fg_x, bg_x;
    /* verilator lint_on UNUSEDSIGNAL */
    integer               g;
    always @* begin
        for (g = 0; g < DEPTH; g = g + 1) begin
            fg_x = f_base_x + g;
            bg_x = b_base_x + g;
            f_pcs[g*PC_W +: PC_W]  = pc_q[fg_x[ADDR_W-1:0]];
            f_rpcs[g*PC_W +: PC_W] = rpc_q[fg_x[ADDR_W-1:0]];
            b_pcs[g*PC_W +: PC_W]  = pc_q[bg_x[ADDR_W-1:0]];
            b_rpcs[g*PC_W +: PC_W] = rpc_q[bg_x[ADDR_W-1:0]];
        end
    end
    wire [SRM_W-1:0]   f_merge_r = simt_rule_merge_at(f_pcs, f_rpcs, f_sp, f_trpc, f_npc);
    wire [SRM_W-1:0]   b_merge_r = simt_rule_merge_at(b_pcs, b_rpcs, b_sp, rpc_q[b_tos_a],
                                                      br_npc_q);
    wire               f_merge   = MERGE != 0 && f_merge_r[DEPTH_W];
    wire               b_merge   = MERGE != 0 && b_merge_r[DEPTH_W];
    /* verilator lint_off UNUSEDSIGNAL */
    wire [31:0]        b_merge_x = b_base_x + {{(32-DEPTH_W){1'b0}}, b_merge_r[DEPTH_W-1:0]};
    /* verilator lint_on UNUSEDSIGNAL */
    wire [ADDR_W-1:0]  b_merge_a = b_merge_x[ADDR_W-1:0];
    // a branch reserves the room its divergence would need (only the act
    // field of this decision is read)
    /* verilator lint_off UNUSEDSIGNAL */
    wire [SR_W-1:0]    f_room_r = simt_rule(f_sp, f_bw, f_trpc, 1'b0, 1'b0, f_pc, f_npc, f_rpc,
                                            f_merge);
    /* verilator lint_on UNUSEDSIGNAL */
    wire               f_room   = !(f_live && f_multi && f_room_r[SR_W-1 -: 3] == ST_STALL);
    // an OP moves the TOS to f_npc, a JUMP to f_pc (popping at its rpc)
    wire [SR_W-1:0]    f_rule   = simt_rule(f_sp, f_bw, f_trpc, f_kind == KIND_OP,
                                            f_kind == KIND_JUMP, f_pc, f_npc, {PC_W{1'b0}},
                                            1'b0);
    // EXIT (f_exit with a JUMP): the TOS's threads leave every entry of
    // the large warp; x_keep = the lowest entry left empty (the entries
    // from it up pop: masks nest), 0 when that is entry 1 and the base
    // waits at its rpc (rtl_c/lwm_subwarp.c)
    wire               f_ex     = f_kind == KIND_JUMP && f_exit;
    reg  [DEPTH_W-1:0] x_keep;
    /* verilator lint_off UNUSEDSIGNAL */
    reg  [31:0]        xg_x;
    /* verilator lint_on UNUSEDSIGNAL */
    integer            xg;
    always @* begin
        x_keep = f_sp;
        xg_x   = 32'd0;
        for (xg = DEPTH - 1; xg >= 0; xg = xg - 1) begin
            xg_x = f_base_x + xg;
            if (xg < f_sp_x && (mask_q[xg_x[ADDR_W-1:0]] & ~f_tmask) == {KN{1'b0}})
                x_keep = xg[DEPTH_W-1:0];
        end
        if (x_keep == {{(DEPTH_W-1){1'b0}}, 1'b1} && pc_q[f_base_a] == rpc_q[f_base_a])
            x_keep = {DEPTH_W{1'b0}};
    end
    wire               f_r_wr   = f_rule[SR_W-4];
    wire [DEPTH_W-1:0] f_r_sp   = f_rule[PC_W +: DEPTH_W];
    wire [PC_W-1:0]    f_r_pc   = f_rule[PC_W-1:0];
    reg  [LARGE_WARPS-1:0] live;
    integer lv;
    always @* begin
        for (lv = 0; lv < LARGE_WARPS; lv = lv + 1)
            live[lv] = sp_q[lv] != {DEPTH_W{1'b0}};
    end

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

    // The threads the gathering branch has in flight (the in-flight bits
    // aside): in its mask (br_warp's TOS, unchanged until the commit), out
    // of its copy while the copy holds it (a thread still there is out for
    // an earlier OP's sub-warp), not gathered yet.  A c_branch completion's
    // threads must all be in it (make formal's p_outcome counterexample);
    // one without c_branch must hold none of them.
    wire [KN-1:0] br_copy = (busy_q && kind_q == KIND_BRANCH) ? copy_q : {KN{1'b0}};
    wire [KN-1:0] br_own  = mask_q[b_tos_a] & ~(br_copy | taken_q | ntaken_q);
    wire          c_brbad = (c_thr & ~br_own) != {KN{1'b0}};
    wire          c_brlie = br_busy_q && br_warp_q == cw && (c_thr & br_own) != {KN{1'b0}};

    // A completion no sub-warp in flight can be (BAD_DONE): no threads
    // unless it is the large warp's jump sub-warp (c_first, not c_branch);
    // c_first with threads, not c_branch, unless an OP's first sub-warp of
    // the large warp is out (it waits, not on a branch, on an instruction
    // whose first sub-warp is not emitted yet, or on a jump); without
    // c_branch, a thread of the large warp's gathering branch (c_brlie).
    wire c_none  = c_cols == {N{1'b0}};
    wire c_jmp   = jmp_x[cw];
    wire c_opfst = wait_x[cw] && !c_jmp && !(br_busy_q && br_warp_q == cw) &&
                   !(busy_q && cur_q == cw && first_q);
    wire c_bad   = c_none ? !(c_jmp && c_first && !c_branch)
                          : !c_branch && ((c_first && !c_opfst) || c_brlie);

    // --------------------------------------------------------------- errors
    reg [2:0] err_d;
    always @* begin
        if ((f_valid && !f_in) || (c_valid && !c_in))
            err_d = ERR_BAD_WARP;
        else if (f_valid && f_kind == KIND_LAUNCH && (f_live || f_mask == {KN{1'b0}} ||
                                                      f_pc == f_rpc))
            err_d = ERR_BAD_LAUNCH;
        else if (f_valid && f_kind != KIND_LAUNCH && !f_live)
            err_d = ERR_WARP_IDLE;
        else if (f_valid && f_kind != KIND_LAUNCH && wait_x[f_warp])
            err_d = ERR_BAD_FETCH;
        else if (c_valid && (c_pend == {PEND_W{1'b0}} || thr_bad ||
                             (c_branch && !(br_busy_q && br_warp_q == cw &&
                                            br_left_q != {PEND_W{1'b0}} && !c_brbad))))
            err_d = ERR_NOT_IN_FLIGHT;
        else if (c_valid && ((c_taken & ~c_cols) != {N{1'b0}} ||
                             (c_taken != {N{1'b0}} && !c_branch)))
            err_d = ERR_BAD_OUTCOME;
        else if (c_valid && c_bad)
            err_d = ERR_BAD_DONE;
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

    // ------------------- row mode (f_wsync, our extension to 004): the
    // lowest row of the copy none of whose threads is in flight, whole
    reg [N-1:0]       rw_cols;
    reg [N*ROW_W-1:0] rw_rows;
    reg [KN-1:0]      rw_thr;
    reg               rw_found;
    integer rr, rc;
    always @* begin
        rw_cols  = {N{1'b0}};
        rw_rows  = {(N*ROW_W){1'b0}};
        rw_thr   = {KN{1'b0}};
        rw_found = 1'b0;
        for (rr = 0; rr < K; rr = rr + 1)
            // (row & ~inf) == row, not (row & inf) == 0: Verilator 5.006
            // folds the latter wrongly at N = 1 (header, "Tools")
            if (!rw_found && copy_q[rr*N +: N] != {N{1'b0}} &&
                (copy_q[rr*N +: N] & ~cur_inf[rr*N +: N]) == copy_q[rr*N +: N]) begin
                rw_found = 1'b1;
                rw_cols  = copy_q[rr*N +: N];
                rw_thr[rr*N +: N] = copy_q[rr*N +: N];
                for (rc = 0; rc < N; rc = rc + 1)
                    if (copy_q[rr*N + rc])
                        rw_rows[rc*ROW_W +: ROW_W] = rr[ROW_W-1:0];
            end
    end
    wire [N-1:0]       sp_cols = row_q ? rw_cols : pk_cols;
    wire [N*ROW_W-1:0] sp_rows = row_q ? rw_rows : pk_rows;
    wire [KN-1:0]      sp_thr  = row_q ? rw_thr : pk_thr;

    wire          is_jump = kind_q == KIND_JUMP;
    wire [KN-1:0] nx_copy = copy_q & ~sp_thr;
    wire          emit    = busy_q && (is_jump || sp_cols != {N{1'b0}});
    wire          last    = busy_q && (is_jump || nx_copy == {KN{1'b0}});
    wire          accept  = ok && f_valid && f_ready;
    wire          launch  = accept && f_kind == KIND_LAUNCH;
    wire          accept_i = accept && f_kind != KIND_LAUNCH; // an instruction
    wire          commit  = ok && c_valid && c_branch && br_packed_q &&
                            br_left_q == {{(PEND_W-1){1'b0}}, 1'b1};
    wire [KN-1:0] tk_all  = taken_q | (c_thr & c_tk);
    wire [KN-1:0] nt_all  = ntaken_q | (c_thr & ~c_tk);
    // the commit: the large warp's PC, mask and stack (simt_stack's rule)
    wire [SR_W-1:0]    b_rule     = simt_rule(b_sp, b_bw, rpc_q[b_tos_a], tk_all == {KN{1'b0}},
                                              nt_all == {KN{1'b0}}, br_pc_q, br_npc_q, br_rpc_q,
                                              b_merge);
    wire               b_r_wr     = b_rule[SR_W-4];
    wire [1:0]         b_r_np     = b_rule[SR_W-5 -: 2];
    wire               b_r_at_tos = b_rule[SR_W-7];
    wire               b_r_nt     = b_rule[SR_W-8];
    wire [DEPTH_W-1:0] b_r_sp     = b_rule[PC_W +: DEPTH_W];
    wire [PC_W-1:0]    b_r_pc     = b_rule[PC_W-1:0];
    /* verilator lint_off UNUSEDSIGNAL */
    wire [31:0]        b_push_x   = b_r_at_tos ? b_tos_x : b_base_x + b_sp_x;
    wire [31:0]        b_push1_x  = b_push_x + 32'd1;
    /* verilator lint_on UNUSEDSIGNAL */
    wire [ADDR_W-1:0]  b_push0_a  = b_push_x[ADDR_W-1:0];
    wire [ADDR_W-1:0]  b_push1_a  = b_push1_x[ADDR_W-1:0];

    // -------------------------------------------------------------- outputs
    always @* begin
        f_ready     = f_kind == KIND_LAUNCH ||
                      ((!busy_q || last) && !(f_kind == KIND_BRANCH && (br_busy_q || !f_room)));
        err         = !ok;
        err_code    = err_d;
        can_fetch   = ~wait_q & live;
        br_act      = commit ? b_rule[SR_W-1 -: 3] : ST_IDLE;
        tos_depth   = f_in ? f_sp : {DEPTH_W{1'b0}};
        tos_pc      = (f_in && f_live) ? pc_q[f_tos_a] : {PC_W{1'b0}};
        tos_mask    = f_in ? f_tmask : {KN{1'b0}};
        if (!ok)
            f_act = ST_IDLE;
        else if (f_valid && f_kind == KIND_BRANCH && !f_room)
            f_act = ST_STALL;
        else if (launch)
            f_act = ST_LAUNCH;
        else if (accept && f_ex)
            f_act = ST_POP;
        else if (accept && f_kind != KIND_BRANCH)
            f_act = f_rule[SR_W-1 -: 3];
        else
            f_act = ST_IDLE;
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
                sw_cols   = is_jump ? {N{1'b0}} : sp_cols;
                sw_rows   = is_jump ? {(N*ROW_W){1'b0}} : sp_rows;
                sw_first  = first_q;
                sw_branch = kind_q == KIND_BRANCH;
                sw_jump   = is_jump;
            end
        end
    end

    // ----------------------------------------------------------- clock edge
    integer w;
    integer xe; // an entry of the EXIT loop
    always @(posedge clk) begin
        if (rst) begin
            busy_q      <= 1'b0;
            first_q     <= 1'b0;
            cur_q       <= {LW_W{1'b0}};
            kind_q      <= 2'd0;
            row_q       <= 1'b0;
            copy_q      <= {KN{1'b0}};
            wait_q      <= {LARGE_WARPS{1'b0}};
            jmp_q       <= {LARGE_WARPS{1'b0}};
            br_busy_q   <= 1'b0;
            br_warp_q   <= {LW_W{1'b0}};
            br_packed_q <= 1'b0;
            br_left_q   <= {PEND_W{1'b0}};
            taken_q     <= {KN{1'b0}};
            ntaken_q    <= {KN{1'b0}};
            br_pc_q     <= {PC_W{1'b0}};
            br_npc_q    <= {PC_W{1'b0}};
            br_rpc_q    <= {PC_W{1'b0}};
            for (w = 0; w < LARGE_WARPS; w = w + 1) begin
                inflight_q[w] <= {KN{1'b0}};
                pend_q[w]     <= {PEND_W{1'b0}};
                sp_q[w]       <= {DEPTH_W{1'b0}};
            end
        end else if (ok) begin
            for (w = 0; w < LARGE_WARPS; w = w + 1) begin
                inflight_q[w] <= (inflight_q[w] & ~((c_valid && {{(32-LW_W){1'b0}}, cw} == w) ? c_thr : {KN{1'b0}})) |
                                 ((emit && {{(32-LW_W){1'b0}}, cur_q} == w) ? sp_thr : {KN{1'b0}});
                pend_q[w] <= pend_q[w] - {{(PEND_W-1){1'b0}}, c_valid && {{(32-LW_W){1'b0}}, cw} == w}
                                       + {{(PEND_W-1){1'b0}}, emit && {{(32-LW_W){1'b0}}, cur_q} == w};
            end
            wait_q <= (wait_q
                       & ~((c_valid && c_first && !c_branch) ? ({{(LARGE_WARPS-1){1'b0}}, 1'b1} << cw)
                                                             : {LARGE_WARPS{1'b0}})
                       & ~(commit ? ({{(LARGE_WARPS-1){1'b0}}, 1'b1} << br_warp_q)
                                  : {LARGE_WARPS{1'b0}}))
                      | (accept_i ? ({{(LARGE_WARPS-1){1'b0}}, 1'b1} << f_warp)
                                  : {LARGE_WARPS{1'b0}});
            // a jump's sub-warp out: set at its emission, cleared by its
            // (empty) completion
            jmp_q <= (jmp_q
                      & ~((c_valid && c_none) ? ({{(LARGE_WARPS-1){1'b0}}, 1'b1} << cw)
                                              : {LARGE_WARPS{1'b0}}))
                     | ((emit && is_jump) ? ({{(LARGE_WARPS-1){1'b0}}, 1'b1} << cur_q)
                                          : {LARGE_WARPS{1'b0}});
            // branch gathering
            if (accept && f_kind == KIND_BRANCH) begin
                br_busy_q   <= 1'b1;
                br_warp_q   <= f_warp;
                br_packed_q <= 1'b0;
                br_left_q   <= {PEND_W{1'b0}};
                br_pc_q     <= f_pc;
                br_npc_q    <= f_npc;
                br_rpc_q    <= f_rpc;
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
            if (accept_i) begin
                busy_q  <= 1'b1;
                cur_q   <= f_warp;
                kind_q  <= f_kind;
                row_q   <= f_wsync;
                first_q <= 1'b1;
                copy_q  <= (f_kind == KIND_JUMP) ? {KN{1'b0}} : f_tmask;
            end else begin
                copy_q <= nx_copy;
                if (last) begin
                    busy_q <= 1'b0;
                    row_q  <= 1'b0;
                end
            end
            // the stacks: a launch, the fetch's update, the commit
            if (launch) begin
                pc_q[f_base_a]   <= f_pc;
                mask_q[f_base_a] <= f_mask;
                rpc_q[f_base_a]  <= f_rpc;
                sp_q[fw]         <= {{(DEPTH_W-1){1'b0}}, 1'b1};
            end
            if (accept_i && f_ex) begin
                // EXIT: the TOS's threads leave the entries below it
                for (xe = 0; xe < DEPTH; xe = xe + 1)
                    if (xe + 1 < f_sp_x)
                        mask_q[f_base_a + xe[ADDR_W-1:0]] <= mask_q[f_base_a + xe[ADDR_W-1:0]] & ~f_tmask;
                sp_q[fw] <= x_keep;
            end else if (accept_i && f_kind != KIND_BRANCH) begin
                if (f_r_wr)
                    pc_q[f_tos_a] <= f_r_pc;
                sp_q[fw] <= f_r_sp;
            end
            if (commit) begin
                if (b_r_wr)
                    pc_q[b_tos_a] <= b_r_pc;
                if (b_r_np != 2'd0) begin
                    pc_q[b_push0_a]   <= b_r_nt ? br_npc_q : br_pc_q;
                    mask_q[b_push0_a] <= b_r_nt ? nt_all : tk_all;
                    rpc_q[b_push0_a]  <= br_rpc_q;
                end
                if (b_r_np == 2'd2) begin
                    pc_q[b_push1_a]   <= br_pc_q;
                    mask_q[b_push1_a] <= tk_all;
                    rpc_q[b_push1_a]  <= br_rpc_q;
                end
                if (b_rule[SR_W-1 -: 3] == 3'd7) // MERGE: n joins its sibling
                    mask_q[b_merge_a] <= mask_q[b_merge_a] | nt_all;
                sp_q[br_warp_q] <= b_r_sp;
            end
        end
    end

`ifdef FORMAL
    // ------------------------------------------------ formal properties
    // (make formal, docs/formal.md).  Contract: none beyond the reset that
    // starts every trace; every input is legal (a bad one is answered with
    // err, a branch without stack room with f_ready = 0).
`include "formal.vh"

    // the architectural state: the sub-warping unit's registers, every
    // large warp's in-flight bits, pending count, depth and live entries
    localparam FV_ENT_W = 2 * PC_W + KN;
    localparam FV_U_W   = 3 + LW_W + 2 + KN + 2 * LARGE_WARPS + 1 + LW_W + 1 + PEND_W + 2 * KN + 3 * PC_W;
    wire [FV_U_W-1:0] fv_unit = {busy_q, first_q, row_q, cur_q, kind_q, copy_q, wait_q, jmp_q,
                               br_busy_q, br_warp_q, br_packed_q, br_left_q, taken_q, ntaken_q,
                               br_pc_q, br_npc_q, br_rpc_q};
    reg [LARGE_WARPS*(KN+PEND_W+DEPTH_W)-1:0] fv_warps;
    reg [ENTRIES*FV_ENT_W-1:0]                 fv_live;
    reg                                       fv_sp_ok, fv_emit_ok, fv_row_ok;
    reg [KN-1:0]                              fv_sent;
    integer fv_w, fv_e, fv_c, fv_r, fv_r0;
    always @* begin
        fv_sp_ok = 1'b1;
        fv_live  = {ENTRIES{{FV_ENT_W{1'b0}}}};
        fv_r     = 0;
        for (fv_w = 0; fv_w < LARGE_WARPS; fv_w = fv_w + 1) begin
            fv_warps[fv_w*(KN+PEND_W+DEPTH_W) +: KN+PEND_W+DEPTH_W] = {inflight_q[fv_w], pend_q[fv_w], sp_q[fv_w]};
            if ({{(32-DEPTH_W){1'b0}}, sp_q[fv_w]} > DEPTH)
                fv_sp_ok = 1'b0;
            for (fv_e = 0; fv_e < DEPTH; fv_e = fv_e + 1)
                if (fv_e < sp_q[fv_w])
                    fv_live[(fv_w*DEPTH+fv_e)*FV_ENT_W +: FV_ENT_W] =
                        {pc_q[fv_w*DEPTH+fv_e], mask_q[fv_w*DEPTH+fv_e], rpc_q[fv_w*DEPTH+fv_e]};
        end
        // lanes never double-booked: a sub-warp sends at most one thread
        // per column (sw_cols/sw_rows), each a thread of the instruction
        // not yet sent and not in flight
        fv_emit_ok = 1'b1;
        for (fv_c = 0; fv_c < N; fv_c = fv_c + 1)
            if (sw_valid && sw_cols[fv_c]) begin
                fv_r = {{(32-ROW_W){1'b0}}, sw_rows[fv_c*ROW_W +: ROW_W]};
                if (fv_r >= K || !copy_q[fv_r*N + fv_c] || inflight_q[sw_warp][fv_r*N + fv_c])
                    fv_emit_ok = 1'b0;
            end
        // row mode: a sub-warp is one whole row of the copy, exactly its
        // threads leave the copy, and row_q is set only while busy
        fv_row_ok = 1'b1;
        fv_r0     = -1;
        fv_sent   = {KN{1'b0}};
        for (fv_c = 0; fv_c < N; fv_c = fv_c + 1)
            if (sw_valid && row_q && sw_cols[fv_c]) begin
                fv_r = {{(32-ROW_W){1'b0}}, sw_rows[fv_c*ROW_W +: ROW_W]};
                if (fv_r < K)
                    fv_sent[fv_r*N + fv_c] = 1'b1;
                if (fv_r0 < 0)
                    fv_r0 = fv_r;
                else if (fv_r != fv_r0)
                    fv_row_ok = 1'b0;
            end
        if (fv_r0 >= 0 && fv_r0 < K && copy_q[fv_r0*N +: N] != sw_cols)
            fv_row_ok = 1'b0;
        if (sw_valid && row_q && !is_jump && (copy_q & ~nx_copy) != fv_sent)
            fv_row_ok = 1'b0;
        if (row_q && !busy_q) // the row mode is the instruction's being picked
            fv_row_ok = 1'b0;
    end

    always @(posedge clk)
        if (f_past) begin
            if ($past(rst))
                p_reset: assert(fv_unit == {FV_U_W{1'b0}} &&
                                fv_warps == {LARGE_WARPS{{(KN+PEND_W+DEPTH_W){1'b0}}}});
            // illegal input: nothing changes
            if (!$past(rst) && $past(err))
                p_err_keeps: assert(fv_unit == $past(fv_unit) && fv_warps == $past(fv_warps) &&
                                    fv_live == $past(fv_live));
        end

    always @*
        if (f_past) begin
            p_sp_range: assert(fv_sp_ok);
            p_emit: assert(fv_emit_ok && (!sw_valid || sw_warp == cur_q));
            p_row: assert(fv_row_ok);
            // a thread's branch outcome is gathered once: taken or not
            p_outcome: assert((taken_q & ntaken_q) == {KN{1'b0}});
            p_err_code: assert(err == (err_code != ERR_NONE) &&
                               (!err || (!sw_valid && !br_commit && act == ACT_ERR)));
            p_runs: assert(fv_run_ok);
            // a commit merges exactly in its case (specified apart from
            // simt_rule_merge_at), and then needs no room
            p_merge_iff: assert((br_act == 3'd7) == fv_mcase);
            // a branch whose divergence would merge is never pushed back
            // for room (the fetch reserves none for it)
            if (fv_fcase)
                p_merge_room: assert(f_act != ST_STALL);
            // what a merge did at the last edge
            if (fv_mg_p)
                p_merge_or: assert(fv_mres_ok);
        end

    // the runs (simt_stack.h's invariant, kept by simt_rule and its merge):
    // above entry 0 a large warp's live entries form runs of equal rpc; the
    // masks of a run are pairwise disjoint and each is within the mask of
    // the entry below the run
    reg     fv_run_ok;
    integer fv_w2;
    always @* begin
        fv_run_ok = 1'b1;
        for (fv_w2 = 0; fv_w2 < LARGE_WARPS; fv_w2 = fv_w2 + 1)
            if (!simt_rule_f_runs(fv_live[fv_w2*DEPTH*SR_F_ENT_W +: DEPTH*SR_F_ENT_W], sp_q[fv_w2]))
                fv_run_ok = 1'b0;
    end

    // merge on push, apart from simt_rule_merge_at (simt_rule_f_merge): at
    // the commit (br_warp_q's stack, br_npc_q) and at the fetch (f_warp's
    // stack, f_npc); b_pcs/b_rpcs, f_pcs/f_rpcs: their entries
    wire [SRM_W-1:0]  fv_bm  = simt_rule_f_merge(b_pcs, b_rpcs, b_sp, rpc_q[b_tos_a], br_npc_q);
    wire [SRM_W-1:0]  fv_fm  = simt_rule_f_merge(f_pcs, f_rpcs, f_sp, f_trpc, f_npc);
    wire              fv_bhit = fv_bm[DEPTH_W];
    wire              fv_fhit = fv_fm[DEPTH_W];
    wire fv_mcase = MERGE != 0 && commit && b_sp_x >= 32'd2 && tk_all != {KN{1'b0}} &&
                    nt_all != {KN{1'b0}} && br_rpc_q == rpc_q[b_tos_a] && br_npc_q != br_rpc_q &&
                    fv_bhit;
    wire fv_fcase = MERGE != 0 && ok && f_valid && f_kind == KIND_BRANCH && f_live && f_multi &&
                    f_sp_x >= 32'd2 && f_rpc == f_trpc && f_npc != f_rpc && fv_fhit;

    // a merge's result, one edge later: the merged entry's mask is its old
    // one OR the not-taken threads; the taken side replaces the TOS (or, at
    // the rpc, the TOS goes): the depth does not grow; the large warp's
    // other live entries are as they were
    reg                        fv_mg_p;
    reg [LW_W-1:0]             fv_mw_p;
    reg [SR_F_MX_W-1:0]        fv_mx_p;
    reg [ENTRIES*FV_ENT_W-1:0] fv_live_p;
    always @(posedge clk) begin
        fv_mg_p   <= !rst && br_act == 3'd7;
        fv_mw_p   <= br_warp_q;
        fv_mx_p   <= {br_pc_q != br_rpc_q, fv_bm[DEPTH_W-1:0], (br_pc_q != br_rpc_q) ? b_sp : b_sp - 1'b1,
                      nt_all, br_pc_q, tk_all, br_rpc_q};
        fv_live_p <= fv_live;
    end
    /* verilator lint_off UNUSEDSIGNAL */
    wire [31:0] fv_mo      = {{(32-LW_W){1'b0}}, fv_mw_p} * (DEPTH * SR_F_ENT_W);
    /* verilator lint_on UNUSEDSIGNAL */
    wire        fv_mres_ok = simt_rule_f_merged(fv_live[fv_mo +: DEPTH*SR_F_ENT_W],
                                                fv_live_p[fv_mo +: DEPTH*SR_F_ENT_W], sp_q[fv_mw_p], fv_mx_p);

    // The strengthening invariants that make p_sp_range, p_runs and
    // p_merge_or inductive (docs/formal.md, "lwm_subwarp"): without them the
    // induction starts from unreachable states, such as a gathering branch
    // with outcomes outside its TOS mask (its commit would push an entry
    // not within the one below) or whose large warp does not wait.
    // p_gather, the gathering branch: its large warp is in range, live and
    // waits without a jump out (so no fetch of it moves its stack until the
    // commit, and the unit picks no other instruction of it); the outcomes
    // gathered so far are threads of its TOS mask (none while no branch
    // gathers); and, if the TOS has two threads or more, its fetch reserved
    // the room the divergence needs: f_room's decision at the fetch, taken
    // again on the same, unchanged stack, is not STALL.
    /* verilator lint_off UNUSEDSIGNAL */
    wire [SR_W-1:0] fv_b_room  = simt_rule(b_sp, b_bw, rpc_q[b_tos_a], 1'b0, 1'b0, br_pc_q, br_npc_q,
                                           br_rpc_q, b_merge);
    /* verilator lint_on UNUSEDSIGNAL */
    wire [KN-1:0]   fv_b_tm    = mask_q[b_tos_a];
    wire            fv_b_multi = (fv_b_tm & (fv_b_tm - {{(KN-1){1'b0}}, 1'b1})) != {KN{1'b0}};
    wire            fv_gather_ok =
        br_busy_q ? ({{(32-LW_W){1'b0}}, br_warp_q} < LARGE_WARPS && b_sp != {DEPTH_W{1'b0}} &&
                     wait_x[br_warp_q] && !jmp_x[br_warp_q] &&
                     ((taken_q | ntaken_q) & ~fv_b_tm) == {KN{1'b0}} &&
                     (!fv_b_multi || fv_b_room[SR_W-1 -: 3] != ST_STALL) &&
                     (!busy_q || cur_q != br_warp_q || kind_q == KIND_BRANCH))
                  : (taken_q == {KN{1'b0}} && ntaken_q == {KN{1'b0}});
    // p_pick, the instruction being picked: never a launch, of a large warp
    // in range; a branch is the gathering one, not packed yet; until its
    // first sub-warp is out its large warp waits with no jump out; a jump
    // has an empty copy and is at its first (and only) sub-warp; idle, the
    // copy is empty; a jump out means its large warp waits
    wire            fv_pick_ok = kind_q != KIND_LAUNCH && {{(32-LW_W){1'b0}}, cur_q} < LARGE_WARPS &&
                                 (!(busy_q && kind_q == KIND_BRANCH) ||
                                  (br_busy_q && cur_q == br_warp_q && !br_packed_q)) &&
                                 (!(busy_q && first_q) || (wait_x[cur_q] && !jmp_x[cur_q])) &&
                                 (!(busy_q && is_jump) || (first_q && copy_q == {KN{1'b0}})) &&
                                 (busy_q || copy_q == {KN{1'b0}}) &&
                                 (jmp_q & ~wait_q) == {LARGE_WARPS{1'b0}};
    always @*
        if (f_past) begin
            p_gather: assert(fv_gather_ok);
            p_pick: assert(fv_pick_ok);
        end

    // EXIT (f_exit with a JUMP), one edge later, from its rule
    // (rtl_c/lwm_subwarp.h "EXIT"), not from x_keep: the depth dropped (the
    // TOS went); every entry left is the one before less the TOS's threads,
    // and keeps a thread; every entry popped kept none, but a base that
    // waited at its rpc and went with the last entry above it
    reg               fv_x_p;
    reg [LW_W-1:0]    fv_xw_p;
    reg [KN-1:0]      fv_xm_p;
    reg [DEPTH_W-1:0] fv_xsp_p;
    always @(posedge clk) begin
        fv_x_p   <= !rst && accept_i && f_ex;
        fv_xw_p  <= fw;
        fv_xm_p  <= f_tmask;
        fv_xsp_p <= f_sp;
    end
    wire [DEPTH_W-1:0] fv_xsp = sp_q[fv_xw_p];
    reg                fv_x_ok;
    reg [FV_ENT_W-1:0] fv_xo;
    reg [KN-1:0]       fv_xl;
    integer            fv_j;
    /* verilator lint_off UNUSEDSIGNAL */
    integer            fv_ja;           // an entry index, as fv_mo
    /* verilator lint_on UNUSEDSIGNAL */
    always @* begin
        fv_x_ok = fv_xsp < fv_xsp_p;
        fv_xo   = {FV_ENT_W{1'b0}};
        fv_xl   = {KN{1'b0}};
        fv_ja   = 0;
        for (fv_j = 0; fv_j < DEPTH; fv_j = fv_j + 1)
            if (fv_j < fv_xsp_p) begin
                fv_ja = {{(32-LW_W){1'b0}}, fv_xw_p} * DEPTH + fv_j;
                fv_xo = fv_live_p[fv_ja*FV_ENT_W +: FV_ENT_W];
                fv_xl = fv_xo[PC_W +: KN] & ~fv_xm_p;
                if (fv_j < fv_xsp) begin
                    if (fv_live[fv_ja*FV_ENT_W +: FV_ENT_W] != {fv_xo[PC_W+KN +: PC_W], fv_xl, fv_xo[0 +: PC_W]} ||
                        fv_xl == {KN{1'b0}})
                        fv_x_ok = 1'b0;
                end else if (fv_xl != {KN{1'b0}} &&
                             !(fv_j == 0 && fv_xo[PC_W+KN +: PC_W] == fv_xo[0 +: PC_W]))
                    fv_x_ok = 1'b0;
            end
    end
    // p_nonempty, the strengthening p_exit needs (without it the induction
    // starts from a stack with an empty entry below the TOS, where EXIT
    // would pop entries that keep threads): every live entry holds a thread
    // (a launch's mask is not empty, a push takes a non-empty side, a merge
    // ORs, EXIT pops the entries it empties)
    reg     fv_ne_ok;
    integer fv_nw, fv_ne;
    always @* begin
        fv_ne_ok = 1'b1;
        for (fv_nw = 0; fv_nw < LARGE_WARPS; fv_nw = fv_nw + 1)
            for (fv_ne = 0; fv_ne < DEPTH; fv_ne = fv_ne + 1)
                if (fv_ne < sp_q[fv_nw] && mask_q[fv_nw*DEPTH+fv_ne] == {KN{1'b0}})
                    fv_ne_ok = 1'b0;
    end
    always @*
        if (f_past) begin
            p_nonempty: assert(fv_ne_ok);
            if (fv_x_p)
                p_exit: assert(fv_x_ok);
        end

    // witness: a merge is reachable at this point (tools/formal.sh's covers)
    always @*
        if (f_past && !rst)
            c_merge: cover(br_act == 3'd7);
    // witness: an EXIT pops two entries at once (make test's quick depth
    // reaches it: e.g. the last entry above a base waiting at its rpc)
    always @*
        if (f_past && !rst)
            c_exit_pops: cover(accept_i && f_ex && {{(32-DEPTH_W){1'b0}}, x_keep} + 32'd2 <= f_sp_x);
`endif

endmodule
