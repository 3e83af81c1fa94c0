// SPDX-License-Identifier: Apache-2.0
// simt_stack.v -- SIMT reconvergence stack, single path (SPE): the baseline.
//
// One stack per warp of entries {pc, mask, rpc}; only the top of stack (TOS)
// is schedulable.  Follows 000 sec. 3.2 / Fig. 5 and 003 sec. 2.1 / Fig. 2.
// Twin of rtl_c/simt_stack.{h,c}, which documents the behaviour in full;
// both are written as the same `decide` block and the same clock edge.
//
//   | parameter | default | meaning                                       |
//   |-----------|---------|-----------------------------------------------|
//   | WARPS     | 48      | warps, one stack each (1..64)                 |
//   | LANES     | 32      | threads per warp = mask bits (1..64)          |
//   | DEPTH     | 16      | entries per stack (1..32)                     |
//   | PC_W      | 32      | PC width (2..64)                              |
//   | MERGE     | 1       | merge on push (0..1; simt_rule.vh)            |
//   | WARP_W, IDX_W, DEPTH_W | derived, do not override: clog2 widths  |
//
// Timing: every output is combinational from the registered state and this
// cycle's inputs (tos_* = TOS of op_warp, read by the branch unit); the stack changes at the rising edge of clk.  One operation
// (LAUNCH or BRANCH) per cycle.  rd_* shows the state before this cycle's
// update.  rst is synchronous, active high, and clears the depth counters
// only: entries above a warp's depth are never observable, so the stack RAM
// is not reset (the C model zeroes it; no output can tell the difference).
//
// EXIT (op 3): the lanes op_mask (within the TOS) leave the warp: cleared
// from every entry of op_warp; the entries left empty pop (contiguous at the
// top), and a base waiting at its rpc with nothing above goes too; act POP
// when an entry went, else ADVANCE.  Our departure (the papers' stacks have
// none): an early return whose branch reconverges before the exit.
//
// Branch (t = op_mask, n = TOS.mask & ~t):
//   uniform   TOS.pc := target; POP if target == TOS.rpc, else ADVANCE
//   DIVERGE   op_rpc != TOS.rpc (or TOS is the base entry): TOS.pc := op_rpc,
//             push {op_npc, n, op_rpc} then {op_pc, t, op_rpc}
//   SPLIT     op_rpc == TOS.rpc, depth >= 2: the sides replace the TOS entry
//             (as GPGPU-sim; the papers push two), net depth +1
//   MERGE     a SPLIT whose not-taken side finds an entry at op_npc in the
//             TOS's run (MERGE = 1): n is ORed into it, the taken side
//             replaces the TOS (or the TOS goes); net -1 or 0, no STALL
//   a side whose target is op_rpc is not pushed (if without else)
//   STALL     not enough free entries: ready = 0, nothing changes
// A base entry that diverged to its own rpc (the exit) waits with pc == rpc;
// popping the last entry above it empties the stack (the warp is done).
//
// Departures from the papers: SPLIT and MERGE (above); one warp updated per cycle; a
// read port (rd_warp, rd_idx from the TOS) for the scheduler and debugging.
//
// The state registers are marked /*verilator public_flat_rd*/ (a comment to
// every other tool) so the co-simulation compares the whole state with the C
// model's after every clock edge (tb/vl_state.h).
module simt_stack #(
    parameter WARPS   = 48,
    parameter LANES   = 32,
    parameter DEPTH   = 16,
    parameter PC_W    = 32,
    parameter MERGE   = 1,
    parameter WARP_W  = (WARPS > 1) ? $clog2(WARPS) : 1,
    parameter IDX_W   = (DEPTH > 1) ? $clog2(DEPTH) : 1,
    parameter DEPTH_W = $clog2(DEPTH + 1)
) (
    input  wire               clk,
    input  wire               rst,
    input  wire [1:0]         op,
    input  wire [WARP_W-1:0]  op_warp,
    input  wire [LANES-1:0]   op_mask,
    input  wire [PC_W-1:0]    op_pc,
    input  wire [PC_W-1:0]    op_npc,
    input  wire [PC_W-1:0]    op_rpc,
    input  wire [WARP_W-1:0]  rd_warp,
    input  wire [IDX_W-1:0]   rd_idx,
    output reg                ready,
    output reg                err,
    output reg  [2:0]         err_code,
    output reg  [2:0]         act,
    output reg  [DEPTH_W-1:0] op_depth,
    output reg  [PC_W-1:0]    tos_pc,
    output reg  [LANES-1:0]   tos_mask,
    output reg  [PC_W-1:0]    tos_rpc,
    output reg  [DEPTH_W-1:0] rd_depth,
    output reg                rd_valid,
    output reg  [PC_W-1:0]    rd_pc,
    output reg  [LANES-1:0]   rd_mask,
    output reg  [PC_W-1:0]    rd_rpc
);

    localparam [1:0] OP_NOP    = 2'd0;
    localparam [1:0] OP_LAUNCH = 2'd1;
    /* verilator lint_off UNUSEDPARAM */
    localparam [1:0] OP_BRANCH = 2'd2; // what op is when none of the others (and in FORMAL)
    /* verilator lint_on UNUSEDPARAM */
    localparam [1:0] OP_EXIT   = 2'd3; // lanes leave the warp (simt_stack.h)

    localparam [2:0] ERR_NONE       = 3'd0;
    // 3'd1 was BAD_OP, op 3 before EXIT took it: never produced now
    localparam [2:0] ERR_BAD_WARP   = 3'd2;
    localparam [2:0] ERR_WARP_BUSY  = 3'd3;
    localparam [2:0] ERR_WARP_IDLE  = 3'd4;
    localparam [2:0] ERR_BAD_MASK   = 3'd5;
    localparam [2:0] ERR_BAD_LAUNCH = 3'd6;

    localparam [2:0] ACT_IDLE    = 3'd0;
    localparam [2:0] ACT_LAUNCH  = 3'd1;
    localparam [2:0] ACT_ADVANCE = 3'd2;
    localparam [2:0] ACT_POP     = 3'd3;
    // DIVERGE 4, SPLIT 5 come from simt_rule (and ADVANCE, POP for a BRANCH)
    localparam [2:0] ACT_STALL   = 3'd6;
    localparam [2:0] ACT_MERGE   = 3'd7;

    localparam ENTRIES = WARPS * DEPTH;
    localparam ADDR_W  = (ENTRIES > 1) ? $clog2(ENTRIES) : 1;

    // ---------------------------------------------------------------- state
    reg [PC_W-1:0]    pc_q   [0:ENTRIES-1] /*verilator public_flat_rd*/;
    reg [LANES-1:0]   mask_q [0:ENTRIES-1] /*verilator public_flat_rd*/;
    reg [PC_W-1:0]    rpc_q  [0:ENTRIES-1] /*verilator public_flat_rd*/;
    reg [DEPTH_W-1:0] sp_q   [0:WARPS-1] /*verilator public_flat_rd*/;

    // ------------------------------------------------------ address helpers
    wire [31:0] op_warp_x = {{(32-WARP_W){1'b0}}, op_warp};
    wire [31:0] rd_warp_x = {{(32-WARP_W){1'b0}}, rd_warp};
    wire [31:0] rd_idx_x  = {{(32-IDX_W){1'b0}}, rd_idx};
    wire        op_warp_ok = op_warp_x < WARPS;
    wire        rd_warp_ok = rd_warp_x < WARPS;
    wire [WARP_W-1:0] op_w = op_warp_ok ? op_warp : {WARP_W{1'b0}};
    wire [WARP_W-1:0] rd_w = rd_warp_ok ? rd_warp : {WARP_W{1'b0}};

    wire [DEPTH_W-1:0] sp     = sp_q[op_w];
    wire [31:0]        sp_x   = {{(32-DEPTH_W){1'b0}}, sp};
    wire [31:0]        base_x = op_warp_x * DEPTH;
    wire [31:0]        tos_x  = base_x + sp_x - 32'd1;
    wire [ADDR_W-1:0]  tos_a  = tos_x[ADDR_W-1:0];
    wire [ADDR_W-1:0]  bot_a  = base_x[ADDR_W-1:0];

    wire             op_live    = op_warp_ok && (sp != {DEPTH_W{1'b0}});
    wire [PC_W-1:0]  tos_rpc_q  = rpc_q[tos_a];
    wire [LANES-1:0] tos_mask_q = mask_q[tos_a];
    wire             base_waits = (sp_x == 32'd2) && (pc_q[bot_a] == rpc_q[bot_a]);

    // --------------------------------------------------------------- decide
    // The push/pop decision is simt_rule (verilog/simt_rule.vh), shared with
    // lwm_subwarp; here it sees t = op_mask and n = TOS.mask & ~op_mask.
`ifdef FORMAL
    localparam SR_F_MASK_W = LANES; // simt_rule.vh's formal functions
`endif
`include "simt_rule.vh"

    // Merge on push: op_warp's entries side by side for the run's compare
    // (from base_x: only a legal BRANCH, op_warp < WARPS, uses them)
    reg  [DEPTH*PC_W-1:0] w_pcs;
    reg  [DEPTH*PC_W-1:0] w_rpcs;
    reg  [DEPTH*LANES-1:0] w_masks;
    /* verilator lint_off UNUSEDSIGNAL */
    reg  [31:0]          w_x; // upper bits zero, as rd_ent_x
    /* verilator lint_on UNUSEDSIGNAL */
    integer              g;
    always @* begin
        for (g = 0; g < DEPTH; g = g + 1) begin
            w_x = base_x + g;
            w_pcs[g*PC_W +: PC_W]  = pc_q[w_x[ADDR_W-1:0]];
            w_rpcs[g*PC_W +: PC_W] = rpc_q[w_x[ADDR_W-1:0]];
            w_masks[g*LANES +: LANES] = mask_q[w_x[ADDR_W-1:0]];
        end
    end
    wire [SRM_W-1:0]   merge_r   = simt_rule_merge_at(w_pcs, w_rpcs, sp, tos_rpc_q, op_npc);
    wire               merge_hit = MERGE != 0 && merge_r[DEPTH_W];
    /* verilator lint_off UNUSEDSIGNAL */
    wire [31:0]        merge_x   = base_x + {{(32-DEPTH_W){1'b0}}, merge_r[DEPTH_W-1:0]};
    /* verilator lint_on UNUSEDSIGNAL */
    wire [ADDR_W-1:0]  merge_a   = merge_x[ADDR_W-1:0];

    wire [LANES-1:0]   nmask = tos_mask_q & ~op_mask;
    wire [SR_W-1:0]    rule  = simt_rule(sp, base_waits, tos_rpc_q, op_mask == {LANES{1'b0}},
                                         nmask == {LANES{1'b0}}, op_pc, op_npc, op_rpc,
                                         merge_hit);
    wire [2:0]         r_act      = rule[SR_W-1 -: 3];
    wire               r_wr       = rule[SR_W-4];
    wire [1:0]         r_np       = rule[SR_W-5 -: 2];
    wire               r_at_tos   = rule[SR_W-7];
    wire               r_first_nt = rule[SR_W-8];
    wire [DEPTH_W-1:0] r_sp       = rule[PC_W +: DEPTH_W];
    wire [PC_W-1:0]    r_pc       = rule[PC_W-1:0];

    // EXIT: the depth after it, x_keep = the lowest entry below the TOS
    // that op_mask leaves empty (the empties are contiguous at the top),
    // or sp; 0 when only a base waiting at its rpc would be left
    reg [DEPTH_W-1:0] x_keep;
    integer           xg;
    always @* begin
        x_keep = sp;
        for (xg = DEPTH - 1; xg >= 0; xg = xg - 1)
            if (xg < sp_x && (w_masks[xg*LANES +: LANES] & ~op_mask) == {LANES{1'b0}})
                x_keep = xg[DEPTH_W-1:0];
        if (x_keep == {{(DEPTH_W-1){1'b0}}, 1'b1} && pc_q[bot_a] == rpc_q[bot_a])
            x_keep = {DEPTH_W{1'b0}};
    end

    reg [2:0]         err_code_d;
    reg [2:0]         act_d;
    reg [DEPTH_W-1:0] sp_d;
    reg               wr_tos;
    reg [PC_W-1:0]    tos_pc_d;
    reg [1:0]         n_push;
    reg [31:0]        push_base_x;
    reg [PC_W-1:0]    push_pc0;
    reg [LANES-1:0]   push_mask0;
    reg               x_clear;

    always @* begin
        err_code_d  = ERR_NONE;
        act_d       = ACT_IDLE;
        sp_d        = sp;
        wr_tos      = 1'b0;
        tos_pc_d    = {PC_W{1'b0}};
        n_push      = 2'd0;
        push_base_x = 32'd0;
        push_pc0    = {PC_W{1'b0}};
        push_mask0  = {LANES{1'b0}};
        x_clear     = 1'b0;

        if (op == OP_NOP) begin
            act_d = ACT_IDLE;
        end else if (!op_warp_ok) begin
            err_code_d = ERR_BAD_WARP;
        end else if (op == OP_LAUNCH) begin
            if (sp != {DEPTH_W{1'b0}})
                err_code_d = ERR_WARP_BUSY;
            else if (op_mask == {LANES{1'b0}})
                err_code_d = ERR_BAD_MASK;
            else if (op_pc == op_rpc)
                err_code_d = ERR_BAD_LAUNCH;
            else begin
                act_d       = ACT_LAUNCH;
                sp_d        = {{(DEPTH_W-1){1'b0}}, 1'b1};
                n_push      = 2'd1;
                push_base_x = base_x;
                push_pc0    = op_pc;
                push_mask0  = op_mask;
            end
        end else if (sp == {DEPTH_W{1'b0}}) begin
            err_code_d = ERR_WARP_IDLE;
        end else if ((op_mask & ~tos_mask_q) != {LANES{1'b0}}) begin
            err_code_d = ERR_BAD_MASK;
        end else if (op == OP_EXIT) begin
            if (op_mask == {LANES{1'b0}})
                err_code_d = ERR_BAD_MASK;
            else begin
                act_d   = x_keep != sp ? ACT_POP : ACT_ADVANCE;
                sp_d    = x_keep;
                x_clear = 1'b1;
            end
        end else begin
            act_d       = r_act;
            sp_d        = r_sp;
            wr_tos      = r_wr;
            tos_pc_d    = r_pc;
            n_push      = r_np;
            push_base_x = r_at_tos ? tos_x : base_x + sp_x;
            push_pc0    = r_first_nt ? op_npc : op_pc;
            push_mask0  = r_first_nt ? nmask : op_mask;
        end
        if (err_code_d != ERR_NONE) begin
            act_d  = ACT_IDLE;
            n_push = 2'd0;
            wr_tos = 1'b0;
            sp_d   = sp;
            x_clear = 1'b0;
        end
    end

    // -------------------------------------------------------------- outputs
    wire [DEPTH_W-1:0] rd_sp     = sp_q[rd_w];
    wire [31:0]        rd_sp_x   = {{(32-DEPTH_W){1'b0}}, rd_sp};
    // Address arithmetic is done in 32 bits and truncated to ADDR_W; the
    // upper bits are zero by construction (entry < WARPS*DEPTH).
    /* verilator lint_off UNUSEDSIGNAL */
    wire [31:0]        rd_ent_x  = rd_warp_x * DEPTH + rd_sp_x - 32'd1 - rd_idx_x;
    /* verilator lint_on UNUSEDSIGNAL */
    wire [ADDR_W-1:0]  rd_a      = rd_ent_x[ADDR_W-1:0];
    wire               rd_hit    = rd_warp_ok && (rd_idx_x < rd_sp_x);

    always @* begin
        err      = err_code_d != ERR_NONE;
        err_code = err_code_d;
        act      = act_d;
        ready    = act_d != ACT_STALL;
        op_depth = op_warp_ok ? sp : {DEPTH_W{1'b0}};
        tos_pc   = op_live ? pc_q[tos_a] : {PC_W{1'b0}};
        tos_mask = op_live ? tos_mask_q : {LANES{1'b0}};
        tos_rpc  = op_live ? tos_rpc_q : {PC_W{1'b0}};
        rd_depth = rd_warp_ok ? rd_sp : {DEPTH_W{1'b0}};
        rd_valid = rd_hit;
        rd_pc    = rd_hit ? pc_q[rd_a]   : {PC_W{1'b0}};
        rd_mask  = rd_hit ? mask_q[rd_a] : {LANES{1'b0}};
        rd_rpc   = rd_hit ? rpc_q[rd_a]  : {PC_W{1'b0}};
    end

    // ----------------------------------------------------------- clock edge
    /* verilator lint_off UNUSEDSIGNAL */
    wire [31:0]       push1_x = push_base_x + 32'd1; // upper bits zero, as rd_ent_x
    /* verilator lint_on UNUSEDSIGNAL */
    wire [ADDR_W-1:0] push0_a = push_base_x[ADDR_W-1:0];
    wire [ADDR_W-1:0] push1_a = push1_x[ADDR_W-1:0];
    integer i;

    always @(posedge clk) begin
        if (rst) begin
            for (i = 0; i < WARPS; i = i + 1)
                sp_q[i] <= {DEPTH_W{1'b0}};
        end else begin
            if (wr_tos)
                pc_q[tos_a] <= tos_pc_d;
            if (n_push != 2'd0) begin
                pc_q[push0_a]   <= push_pc0;
                mask_q[push0_a] <= push_mask0;
                rpc_q[push0_a]  <= op_rpc;
            end
            if (n_push == 2'd2) begin
                pc_q[push1_a]   <= op_pc;
                mask_q[push1_a] <= op_mask;
                rpc_q[push1_a]  <= op_rpc;
            end
            if (act_d == ACT_MERGE) // the not-taken side joins its sibling
                mask_q[merge_a] <= mask_q[merge_a] | nmask;
            if (x_clear) // EXIT: its lanes leave every entry of the warp
                for (i = 0; i < DEPTH; i = i + 1)
                    if (i < sp_x)
                        mask_q[bot_a + i[ADDR_W-1:0]] <= mask_q[bot_a + i[ADDR_W-1:0]] & ~op_mask;
            sp_q[op_w] <= sp_d;
        end
    end

`ifdef FORMAL
    // ------------------------------------------------ formal properties
    // (make formal, docs/formal.md).  Contract: none beyond the reset that
    // starts every trace; every op is legal input (a bad one is answered
    // with err).
`include "formal.vh"

    // the architectural state: every warp's depth and its live entries
    // (entries at or above a warp's depth are never observable)
    reg [WARPS*DEPTH_W-1:0]            f_sp;
    reg [ENTRIES*(2*PC_W+LANES)-1:0]   f_live;
    reg                                f_sp_ok, f_mask_ok;
    integer f_w, f_e;
    always @* begin
        f_sp_ok   = 1'b1;
        f_mask_ok = 1'b1;
        f_live    = {ENTRIES{{(2*PC_W+LANES){1'b0}}}};
        for (f_w = 0; f_w < WARPS; f_w = f_w + 1) begin
            f_sp[f_w*DEPTH_W +: DEPTH_W] = sp_q[f_w];
            if ({{(32-DEPTH_W){1'b0}}, sp_q[f_w]} > DEPTH)
                f_sp_ok = 1'b0;
            for (f_e = 0; f_e < DEPTH; f_e = f_e + 1)
                if (f_e < sp_q[f_w]) begin
                    f_live[(f_w*DEPTH+f_e)*(2*PC_W+LANES) +: 2*PC_W+LANES] =
                        {pc_q[f_w*DEPTH+f_e], mask_q[f_w*DEPTH+f_e], rpc_q[f_w*DEPTH+f_e]};
                    // a live entry has a thread
                    if (mask_q[f_w*DEPTH+f_e] == {LANES{1'b0}})
                        f_mask_ok = 1'b0;
                end
        end
    end

    always @(posedge clk)
        if (f_past) begin
            if ($past(rst))
                p_reset: assert(f_sp == {(WARPS*DEPTH_W){1'b0}});
            // illegal input, or a stall: nothing changes
            if (!$past(rst) && ($past(err) || !$past(ready)))
                p_err_keeps: assert(f_sp == $past(f_sp) && f_live == $past(f_live));
        end

    // one warp updated per cycle: an operation on warp w (a legal one)
    // leaves every other warp's depth and live entries as they were
    reg [WARPS*DEPTH_W-1:0]          f_sp_p;
    reg [ENTRIES*(2*PC_W+LANES)-1:0]  f_live_p;
    reg [31:0]                       f_w_p;
    reg                              f_chk_p;
    reg                              f_others_ok;
    integer                          f_v;
    always @(posedge clk) begin
        f_sp_p   <= f_sp;
        f_live_p <= f_live;
        f_w_p    <= op_warp_x;
        f_chk_p  <= !rst && op_warp_x < WARPS;
    end
    always @* begin
        f_others_ok = 1'b1;
        for (f_v = 0; f_v < WARPS; f_v = f_v + 1)
            if (f_v != f_w_p &&
                (f_sp[f_v*DEPTH_W +: DEPTH_W] != f_sp_p[f_v*DEPTH_W +: DEPTH_W] ||
                 f_live[f_v*DEPTH*(2*PC_W+LANES) +: DEPTH*(2*PC_W+LANES)] != f_live_p[f_v*DEPTH*(2*PC_W+LANES) +: DEPTH*(2*PC_W+LANES)]))
                f_others_ok = 1'b0;
    end

    // the runs (simt_stack.h's invariant, which simt_rule.h shows a merge
    // keeps): above entry 0 a warp's live entries form runs of equal rpc
    // (the entries pushed for one reconvergence point); the masks of a run
    // are pairwise disjoint and each is within the mask of the entry below
    // the run.  No thread is created, none is in two places.
    reg     f_run_ok;
    integer f_w2;
    always @* begin
        f_run_ok = 1'b1;
        for (f_w2 = 0; f_w2 < WARPS; f_w2 = f_w2 + 1)
            if (!simt_rule_f_runs(f_live[f_w2*DEPTH*SR_F_ENT_W +: DEPTH*SR_F_ENT_W], sp_q[f_w2]))
                f_run_ok = 1'b0;
    end

    // merge on push (MERGE = 1), specified apart from simt_rule_merge_at
    // (simt_rule_f_merge): f_mhit and f_mr's index = the highest entry e >= 1 below
    // op_warp's TOS with pc == op_npc such that every entry from e up to the
    // TOS has the TOS's rpc; f_mcase = a legal divergent BRANCH whose rpc is
    // the TOS's, at a depth >= 2, with its not-taken side off the rpc and
    // such an entry (w_pcs, w_rpcs: op_warp's entries)
    wire [LANES-1:0]  f_n   = tos_mask_q & ~op_mask;
    wire [SRM_W-1:0]  f_mr  = simt_rule_f_merge(w_pcs, w_rpcs, sp, tos_rpc_q, op_npc);
    wire              f_mhit = f_mr[DEPTH_W];
    wire f_mcase = MERGE != 0 && op == OP_BRANCH && op_warp_ok && sp_x >= 32'd2 &&
                   (op_mask & ~tos_mask_q) == {LANES{1'b0}} && op_mask != {LANES{1'b0}} &&
                   f_n != {LANES{1'b0}} && op_rpc == tos_rpc_q && op_npc != op_rpc && f_mhit;

    // a merge's result, one edge later: the merged entry's mask is its old
    // one OR the not-taken threads; the taken side replaces the TOS (or,
    // at the rpc, the TOS goes): the depth does not grow; every other live
    // entry of the warp is as it was
    reg                 f_mg_p;
    reg [WARP_W-1:0]    f_mw_p;
    reg [SR_F_MX_W-1:0] f_mx_p;
    always @(posedge clk) begin
        f_mg_p <= !rst && act == ACT_MERGE;
        f_mw_p <= op_w;
        f_mx_p <= {op_pc != op_rpc, f_mr[DEPTH_W-1:0], (op_pc != op_rpc) ? sp : sp - 1'b1, f_n,
                   op_pc, op_mask, op_rpc};
    end
    /* verilator lint_off UNUSEDSIGNAL */
    wire [31:0] f_mo      = {{(32-WARP_W){1'b0}}, f_mw_p} * (DEPTH * SR_F_ENT_W);
    /* verilator lint_on UNUSEDSIGNAL */
    wire        f_mres_ok = simt_rule_f_merged(f_live[f_mo +: DEPTH*SR_F_ENT_W], f_live_p[f_mo +: DEPTH*SR_F_ENT_W],
                                               sp_q[f_mw_p], f_mx_p);

    // an EXIT's lanes, one edge later: in no live entry of its warp, whose
    // depth did not grow (the runs and non-empty masks: p_runs, p_mask_live)
    reg               f_x_p;
    reg [WARP_W-1:0]  f_xw_p;
    reg [LANES-1:0]   f_xm_p;
    reg [DEPTH_W-1:0] f_xsp_p;
    always @(posedge clk) begin
        f_x_p   <= !rst && op == OP_EXIT && !err;
        f_xw_p  <= op_w;
        f_xm_p  <= op_mask;
        f_xsp_p <= sp;
    end
    reg     f_x_ok;
    integer f_xe;
    /* verilator lint_off UNUSEDSIGNAL */
    reg [31:0] f_xa; // upper bits zero, as rd_ent_x
    /* verilator lint_on UNUSEDSIGNAL */
    always @* begin
        f_x_ok = sp_q[f_xw_p] <= f_xsp_p;
        for (f_xe = 0; f_xe < DEPTH; f_xe = f_xe + 1) begin
            f_xa = {{(32-WARP_W){1'b0}}, f_xw_p} * DEPTH + f_xe;
            if (f_xe < {{(32-DEPTH_W){1'b0}}, sp_q[f_xw_p]} &&
                (mask_q[f_xa[ADDR_W-1:0]] & f_xm_p) != {LANES{1'b0}})
                f_x_ok = 1'b0;
        end
    end

    always @*
        if (f_past) begin
            if (f_x_p)
                p_exit_gone: assert(f_x_ok);
            if (f_chk_p)
                p_one_warp: assert(f_others_ok);
            p_sp_range: assert(f_sp_ok);
            p_mask_live: assert(f_mask_ok);
            p_runs: assert(f_run_ok);
            // err exactly with an error code; an error or a stall acts not
            p_err_code: assert(err == (err_code != ERR_NONE) && (!err || act == ACT_IDLE) && ready == (act != ACT_STALL));
            // a merge happens exactly when its case holds, and never stalls
            p_merge_iff: assert((act == ACT_MERGE) == f_mcase && (!f_mcase || (ready && !err)));
            // what a merge did at the last edge
            if (f_mg_p)
                p_merge_or: assert(f_mres_ok);
        end

    // witness: a merge is reachable at this point (tools/formal.sh's covers)
    always @*
        if (f_past && !rst)
            c_merge: cover(act == ACT_MERGE);
    // witness: an EXIT that pops an entry and leaves lanes below it
    always @*
        if (f_past && !rst)
            c_exit: cover(op == OP_EXIT && !err && act == ACT_POP && sp_d != {DEPTH_W{1'b0}});
`endif

endmodule
