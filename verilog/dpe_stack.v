// SPDX-License-Identifier: Apache-2.0
// dpe_stack.v -- dual-path reconvergence stack (DPE): two schedulable paths
// per entry.
//
// One stack per warp of entries {L: pc, mask, valid; R: pc, mask, valid;
// rpc}; both paths of the top of stack (TOS) are schedulable, so the two
// sides of a divergent branch can be interleaved.  Follows 003 sec. 3.1 /
// Fig. 4 (SPEC 3.2).  Twin of rtl_c/dpe_stack.{h,c}, which documents the
// behaviour in full (with the worked example); both are written as the same
// `decide` block and the same clock edge.
//
//   | parameter | default | meaning                                       |
//   |-----------|---------|-----------------------------------------------|
//   | WARPS     | 48      | warps, one stack each (1..64)                 |
//   | LANES     | 32      | threads per warp = mask bits (1..64)          |
//   | DEPTH     | 8       | entries per stack (1..32; 003 saw at most 7)  |
//   | PC_W      | 32      | PC width (2..64)                              |
//   | MERGE     | 1       | a sibling suspension compacts (0: 003's push) |
//   | WARP_W, IDX_W, DEPTH_W | derived, do not override: clog2 widths  |
//
// Entry = 3*PC_W + 2*LANES + 2 bits (162 at the defaults; SPEC's 160 leaves
// out the two valid bits).
//
// Timing: every output is combinational from the registered state and this
// cycle's inputs (tos_* = TOS of op_warp, read by the branch unit); the
// stack changes at the rising edge of clk.  One
// operation (LAUNCH, BRANCH or EXIT) per cycle.  rd_* shows the state before this
// cycle's update; rd_idx = 0 is the TOS, whose valid paths are what the
// scheduler may issue.  rst is synchronous, active high, and clears the
// depth counters only: entries above a warp's depth are never observable,
// so the stack RAM is not reset (the C model zeroes it; no output can tell
// the difference).
//
// Branch on path P = op_side of the TOS, Q the other (t = op_mask,
// n = P.mask & ~t):
//   uniform   t == 0 or n == 0, or both targets == op_rpc:
//             target != TOS.rpc: P.pc := target                  ADVANCE
//             target == TOS.rpc: P.pc := target, P.valid := 0,
//                                Q valid: RECONV, else POP
//   SPLIT     op_rpc == TOS.rpc, Q invalid, depth >= 2: the TOS is
//             overwritten by {L = {op_pc, t}, R = {op_npc, n}, op_rpc}
//   DIVERGE   otherwise: P.pc := op_rpc, P.valid := op_rpc != TOS.rpc,
//             push that entry (Q, if valid, is suspended under it)
//   a side whose pc is op_rpc (if without else) starts invalid, mask kept
//   COMPACT   (MERGE = 1) op_rpc == TOS.rpc, Q valid, depth >= 3, and an
//             entry of the TOS's run (the entries right below the TOS with
//             its rpc, never entry 0) has a slot for Q: a valid path at
//             Q's pc (Q joins it) or an invalid one (Q takes it), the
//             nearest to the TOS; act SPLIT: Q is written to the slot and
//             the TOS is overwritten as by a SPLIT, depth unchanged
//   STALL     DIVERGE on a full stack: ready = 0, nothing changes
// POP: depth - 1, or 0 when the entry left would be a base with both paths
// invalid (the warp diverged to its exit and is now done).
//
// EXIT (op 3; our departure, rtl_c/dpe_stack.h "Early returns"): the
// threads op_mask of path P leave the warp: cleared from both paths' masks
// of every live entry of the warp, a valid path left empty goes invalid at
// its entry's rpc, and the entries left without a valid path pop (several
// at once, depth 0: done); act POP, else RECONV (P emptied), else ADVANCE.
// Its errors are BRANCH's (WARP_IDLE, BAD_PATH, BAD_MASK; an empty op_mask
// is BAD_MASK); BAD_OP is no longer raised.
//
// Forward progress (our departure, rtl_c/dpe_stack.h "Forward progress"):
// COMPACT, so that a loop whose leavers run ahead keeps at most a slot per
// waiting group of its run instead of an entry per round.
// Departures from the paper: SPLIT (the paper always pushes); a side at the
// rpc is pushed invalid instead of left out; one warp updated per cycle; a
// read port (rd_warp, rd_idx from the TOS) for the scheduler and debugging.
//
// The state registers are marked /*verilator public_flat_rd*/ (a comment to
// every other tool) so the co-simulation compares the whole state with the C
// model's after every clock edge (tb/vl_state.h).
module dpe_stack #(
    parameter WARPS   = 48,
    parameter LANES   = 32,
    parameter DEPTH   = 8,
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
    input  wire               op_side,
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
    output reg                tos_l_valid,
    output reg  [PC_W-1:0]    tos_l_pc,
    output reg  [LANES-1:0]   tos_l_mask,
    output reg                tos_r_valid,
    output reg  [PC_W-1:0]    tos_r_pc,
    output reg  [LANES-1:0]   tos_r_mask,
    output reg  [PC_W-1:0]    tos_rpc,
    output reg  [DEPTH_W-1:0] rd_depth,
    output reg                rd_valid,
    output reg                rd_l_valid,
    output reg  [PC_W-1:0]    rd_l_pc,
    output reg  [LANES-1:0]   rd_l_mask,
    output reg                rd_r_valid,
    output reg  [PC_W-1:0]    rd_r_pc,
    output reg  [LANES-1:0]   rd_r_mask,
    output reg  [PC_W-1:0]    rd_rpc
);

    localparam [1:0] OP_NOP    = 2'd0;
    localparam [1:0] OP_LAUNCH = 2'd1;
    // (2 is BRANCH: every op that is not one of these three)
    localparam [1:0] OP_EXIT   = 2'd3;

    localparam [2:0] ERR_NONE       = 3'd0;
    // (1 is BAD_OP, which no op raises since EXIT took op 3)
    localparam [2:0] ERR_BAD_WARP   = 3'd2;
    localparam [2:0] ERR_WARP_BUSY  = 3'd3;
    localparam [2:0] ERR_WARP_IDLE  = 3'd4;
    localparam [2:0] ERR_BAD_MASK   = 3'd5;
    localparam [2:0] ERR_BAD_LAUNCH = 3'd6;
    localparam [2:0] ERR_BAD_PATH   = 3'd7;

    localparam [2:0] ACT_IDLE    = 3'd0;
    localparam [2:0] ACT_LAUNCH  = 3'd1;
    localparam [2:0] ACT_ADVANCE = 3'd2;
    localparam [2:0] ACT_RECONV  = 3'd3;
    localparam [2:0] ACT_POP     = 3'd4;
    localparam [2:0] ACT_DIVERGE = 3'd5;
    localparam [2:0] ACT_SPLIT   = 3'd6;
    localparam [2:0] ACT_STALL   = 3'd7;

    localparam ENTRIES = WARPS * DEPTH;
    localparam ADDR_W  = (ENTRIES > 1) ? $clog2(ENTRIES) : 1;

    // ---------------------------------------------------------------- state
    reg [PC_W-1:0]    l_pc_q    [0:ENTRIES-1] /*verilator public_flat_rd*/;
    reg [LANES-1:0]   l_mask_q  [0:ENTRIES-1] /*verilator public_flat_rd*/;
    reg               l_valid_q [0:ENTRIES-1] /*verilator public_flat_rd*/;
    reg [PC_W-1:0]    r_pc_q    [0:ENTRIES-1] /*verilator public_flat_rd*/;
    reg [LANES-1:0]   r_mask_q  [0:ENTRIES-1] /*verilator public_flat_rd*/;
    reg               r_valid_q [0:ENTRIES-1] /*verilator public_flat_rd*/;
    reg [PC_W-1:0]    rpc_q     [0:ENTRIES-1] /*verilator public_flat_rd*/;
    reg [DEPTH_W-1:0] sp_q      [0:WARPS-1] /*verilator public_flat_rd*/;

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
    // Address arithmetic is done in 32 bits and truncated to ADDR_W; the
    // upper bits are zero by construction (entry < WARPS*DEPTH) whenever the
    // address is used.
    /* verilator lint_off UNUSEDSIGNAL */
    wire [31:0]        tos_x  = base_x + sp_x - 32'd1;
    wire [31:0]        push_x = base_x + sp_x;
    /* verilator lint_on UNUSEDSIGNAL */
    wire [ADDR_W-1:0]  tos_a  = tos_x[ADDR_W-1:0];
    wire [ADDR_W-1:0]  push_a = push_x[ADDR_W-1:0];
    wire [ADDR_W-1:0]  bot_a  = base_x[ADDR_W-1:0];

    // the TOS of op_warp, path P = op_side and the other path Q
    wire [PC_W-1:0]  tos_rpc_q  = rpc_q[tos_a];
    wire             tos_l_valid_q = l_valid_q[tos_a];
    wire             tos_r_valid_q = r_valid_q[tos_a];
    wire [LANES-1:0] tos_l_mask_q = l_mask_q[tos_a];
    wire [LANES-1:0] tos_r_mask_q = r_mask_q[tos_a];
    wire             p_valid    = op_side ? tos_r_valid_q : tos_l_valid_q;
    wire             q_valid    = op_side ? tos_l_valid_q : tos_r_valid_q;
    wire [LANES-1:0] p_mask     = op_side ? tos_r_mask_q : tos_l_mask_q;
    // a base entry with both paths invalid goes with the last entry above it
    wire             base_done  = (sp_x == 32'd2) && !l_valid_q[bot_a] && !r_valid_q[bot_a];
    wire [PC_W-1:0]  q_pc       = op_side ? l_pc_q[tos_a] : r_pc_q[tos_a];
    wire [LANES-1:0] q_mask     = op_side ? tos_l_mask_q : tos_r_mask_q;

    // COMPACT's slot (rtl_c/dpe_stack.c compact_at): the entry of the TOS's
    // run nearest the TOS with a valid path at q_pc (that path) or an
    // invalid path (that slot).  The op warp's row is read at fixed offsets
    // from its base (as simt_stack.v's w_pcs: a WARPS:1 read per entry, not
    // an address that depends on the depth), and walked from entry DEPTH-2
    // down to 1, skipping the entries at or above the TOS: DEPTH
    // comparators of rpc (the run's chain), 2 * DEPTH of pc, and a priority
    // pick.
    reg              c_hit;
    reg              c_run;
    reg              c_side;
    reg [ADDR_W-1:0] c_a;
    reg [LANES-1:0]  c_mask;      // what the slot holds if Q joins it, else 0
    reg              c_hl, c_hr;
    // 32-bit address arithmetic truncated to ADDR_W, as tos_x above
    /* verilator lint_off UNUSEDSIGNAL */
    reg [31:0]       c_e;
    /* verilator lint_on UNUSEDSIGNAL */
    integer          c_k;
    always @* begin
        c_hit  = 1'b0;
        c_run  = 1'b1;
        c_side = 1'b0;
        c_a    = tos_a;
        c_mask = {LANES{1'b0}};
        c_hl   = 1'b0;
        c_hr   = 1'b0;
        c_e    = 32'd0;
        for (c_k = DEPTH - 2; c_k >= 1; c_k = c_k - 1) begin
            c_e = base_x + c_k;                  // entry c_k of the op warp
            if (c_run && sp_x >= c_k + 2) begin  // entries 1 .. sp-2
                if (rpc_q[c_e[ADDR_W-1:0]] != tos_rpc_q)
                    c_run = 1'b0;
                else if (!c_hit) begin
                    c_hl = l_valid_q[c_e[ADDR_W-1:0]] && l_pc_q[c_e[ADDR_W-1:0]] == q_pc;
                    c_hr = r_valid_q[c_e[ADDR_W-1:0]] && r_pc_q[c_e[ADDR_W-1:0]] == q_pc;
                    if (c_hl || c_hr || !l_valid_q[c_e[ADDR_W-1:0]] || !r_valid_q[c_e[ADDR_W-1:0]]) begin
                        c_hit  = 1'b1;
                        c_a    = c_e[ADDR_W-1:0];
                        c_side = (c_hl || c_hr) ? c_hr : l_valid_q[c_e[ADDR_W-1:0]];
                        c_mask = c_hr ? r_mask_q[c_e[ADDR_W-1:0]]
                               : c_hl ? l_mask_q[c_e[ADDR_W-1:0]] : {LANES{1'b0}};
                    end
                end
            end
        end
    end

    // EXIT's depth (rtl_c/dpe_stack.c): one above the highest live entry of
    // the op warp with a valid path that keeps a thread outside op_mask,
    // 0 if none: DEPTH per-path tests and a priority pick.
    reg [DEPTH_W-1:0] x_sp;
    /* verilator lint_off UNUSEDSIGNAL */
    reg [31:0]        x_e;              // 32-bit address, as c_e
    /* verilator lint_on UNUSEDSIGNAL */
    integer           x_k;
    always @* begin
        x_sp = {DEPTH_W{1'b0}};
        x_e  = 32'd0;
        for (x_k = 0; x_k < DEPTH; x_k = x_k + 1) begin
            x_e = base_x + x_k;
            if (x_k < sp_x &&
                ((l_valid_q[x_e[ADDR_W-1:0]] && (l_mask_q[x_e[ADDR_W-1:0]] & ~op_mask) != {LANES{1'b0}}) ||
                 (r_valid_q[x_e[ADDR_W-1:0]] && (r_mask_q[x_e[ADDR_W-1:0]] & ~op_mask) != {LANES{1'b0}})))
                x_sp = x_k[DEPTH_W-1:0] + 1'b1;
        end
    end

    // --------------------------------------------------------------- decide
    reg [2:0]         err_code_d;
    reg [2:0]         act_d;
    reg [DEPTH_W-1:0] sp_d;
    reg               wr_p;         // write path p_side_d of entry p_a
    reg [ADDR_W-1:0]  p_a;          // the TOS (P), or COMPACT's slot (Q)
    reg               p_side_d;
    reg [PC_W-1:0]    p_pc_d;
    reg [LANES-1:0]   p_mask_d;
    reg               p_valid_d;
    reg               wr_x;         // EXIT: clear op_mask from the warp's entries
    reg               wr_ent;       // write a whole entry at ent_a
    reg [ADDR_W-1:0]  ent_a;
    reg [PC_W-1:0]    ent_l_pc_d;
    reg [LANES-1:0]   ent_l_mask_d;
    reg               ent_l_valid_d;
    reg [PC_W-1:0]    ent_r_pc_d;
    reg [LANES-1:0]   ent_r_mask_d;
    reg               ent_r_valid_d;
    reg [LANES-1:0]   tmask;
    reg [LANES-1:0]   nmask;
    reg               t_live;
    reg               n_live;
    reg [PC_W-1:0]    target;

    always @* begin
        err_code_d    = ERR_NONE;
        act_d         = ACT_IDLE;
        sp_d          = sp;
        wr_p          = 1'b0;
        p_a           = tos_a;
        p_side_d      = op_side;
        p_mask_d      = p_mask;
        p_pc_d        = {PC_W{1'b0}};
        p_valid_d     = 1'b0;
        wr_x          = 1'b0;
        wr_ent        = 1'b0;
        ent_a         = tos_a;
        ent_l_pc_d    = op_pc;
        ent_l_mask_d  = op_mask;
        ent_l_valid_d = 1'b0;
        ent_r_pc_d    = {PC_W{1'b0}};
        ent_r_mask_d  = {LANES{1'b0}};
        ent_r_valid_d = 1'b0;
        tmask         = op_mask;
        nmask         = p_mask & ~op_mask;
        t_live        = op_pc != op_rpc;
        n_live        = op_npc != op_rpc;
        target        = (op_mask != {LANES{1'b0}}) ? op_pc : op_npc;

        // every op code is an op (BAD_OP is not raised since EXIT took 3)
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
                act_d         = ACT_LAUNCH;
                sp_d          = {{(DEPTH_W-1){1'b0}}, 1'b1};
                wr_ent        = 1'b1;
                ent_a         = bot_a;
                ent_l_valid_d = 1'b1;
            end
        end else if (sp == {DEPTH_W{1'b0}}) begin
            err_code_d = ERR_WARP_IDLE;
        end else if (!p_valid) begin
            err_code_d = ERR_BAD_PATH;
        end else if ((op_mask & ~p_mask) != {LANES{1'b0}} ||
                     (op == OP_EXIT && op_mask == {LANES{1'b0}})) begin
            err_code_d = ERR_BAD_MASK;
        end else if (op == OP_EXIT) begin
            // EXIT: the lanes op_mask of P leave every entry; the entries
            // left without a valid path pop
            wr_x = 1'b1;
            sp_d = x_sp;
            if (x_sp != sp)
                act_d = ACT_POP;
            else if ((p_mask & ~op_mask) == {LANES{1'b0}})
                act_d = ACT_RECONV;
            else
                act_d = ACT_ADVANCE;
        end else if (tmask == {LANES{1'b0}} || nmask == {LANES{1'b0}} || (!t_live && !n_live)) begin
            // uniform (or both sides at op_rpc, where target == op_rpc)
            wr_p   = 1'b1;
            p_pc_d = target;
            if (target != tos_rpc_q) begin
                act_d     = ACT_ADVANCE;
                p_valid_d = 1'b1;
            end else if (q_valid) begin
                act_d = ACT_RECONV;
            end else begin
                act_d = ACT_POP;
                sp_d  = base_done ? {DEPTH_W{1'b0}} : sp - 1'b1;
            end
        end else begin
            // divergent: one entry {L = taken, R = not taken, op_rpc}
            ent_l_pc_d    = op_pc;
            ent_l_mask_d  = tmask;
            ent_l_valid_d = t_live;
            ent_r_pc_d    = op_npc;
            ent_r_mask_d  = nmask;
            ent_r_valid_d = n_live;
            if (op_rpc == tos_rpc_q && !q_valid && sp_x >= 32'd2) begin
                // SPLIT: the new entry replaces the TOS
                act_d  = ACT_SPLIT;
                wr_ent = 1'b1;
                ent_a  = tos_a;
            end else if (MERGE != 0 && op_rpc == tos_rpc_q && q_valid && c_hit) begin
                // COMPACT: Q to the run's slot, the TOS overwritten
                act_d     = ACT_SPLIT;
                wr_p      = 1'b1;
                p_a       = c_a;
                p_side_d  = c_side;
                p_pc_d    = q_pc;
                p_mask_d  = q_mask | c_mask;
                p_valid_d = 1'b1;
                wr_ent    = 1'b1;
                ent_a     = tos_a;
            end else if (sp_x >= DEPTH) begin
                act_d = ACT_STALL;
            end else begin
                // DIVERGE: P waits at op_rpc (Q, if valid, is suspended); push
                act_d     = ACT_DIVERGE;
                wr_p      = 1'b1;
                p_pc_d    = op_rpc;
                p_valid_d = op_rpc != tos_rpc_q;
                wr_ent    = 1'b1;
                ent_a     = push_a;
                sp_d      = sp + 1'b1;
            end
        end
    end

    // -------------------------------------------------------------- outputs
    wire               op_live   = op_warp_ok && (sp != {DEPTH_W{1'b0}});
    wire [DEPTH_W-1:0] rd_sp     = sp_q[rd_w];
    wire [31:0]        rd_sp_x   = {{(32-DEPTH_W){1'b0}}, rd_sp};
    /* verilator lint_off UNUSEDSIGNAL */
    wire [31:0]        rd_ent_x  = rd_warp_x * DEPTH + rd_sp_x - 32'd1 - rd_idx_x; // as tos_x
    /* verilator lint_on UNUSEDSIGNAL */
    wire [ADDR_W-1:0]  rd_a      = rd_ent_x[ADDR_W-1:0];
    wire               rd_hit    = rd_warp_ok && (rd_idx_x < rd_sp_x);

    always @* begin
        err        = err_code_d != ERR_NONE;
        err_code   = err_code_d;
        act        = act_d;
        ready      = act_d != ACT_STALL;
        op_depth   = op_warp_ok ? sp : {DEPTH_W{1'b0}};
        tos_l_valid = op_live ? tos_l_valid_q  : 1'b0;
        tos_l_pc    = op_live ? l_pc_q[tos_a]  : {PC_W{1'b0}};
        tos_l_mask  = op_live ? tos_l_mask_q   : {LANES{1'b0}};
        tos_r_valid = op_live ? tos_r_valid_q  : 1'b0;
        tos_r_pc    = op_live ? r_pc_q[tos_a]  : {PC_W{1'b0}};
        tos_r_mask  = op_live ? tos_r_mask_q   : {LANES{1'b0}};
        tos_rpc     = op_live ? tos_rpc_q      : {PC_W{1'b0}};
        rd_depth   = rd_warp_ok ? rd_sp : {DEPTH_W{1'b0}};
        rd_valid   = rd_hit;
        rd_l_valid = rd_hit ? l_valid_q[rd_a] : 1'b0;
        rd_l_pc    = rd_hit ? l_pc_q[rd_a]    : {PC_W{1'b0}};
        rd_l_mask  = rd_hit ? l_mask_q[rd_a]  : {LANES{1'b0}};
        rd_r_valid = rd_hit ? r_valid_q[rd_a] : 1'b0;
        rd_r_pc    = rd_hit ? r_pc_q[rd_a]    : {PC_W{1'b0}};
        rd_r_mask  = rd_hit ? r_mask_q[rd_a]  : {LANES{1'b0}};
        rd_rpc     = rd_hit ? rpc_q[rd_a]     : {PC_W{1'b0}};
    end

    // ----------------------------------------------------------- clock edge
    // wr_p and wr_ent never write the same entry (DIVERGE: TOS and TOS+1);
    // wr_x is alone (an EXIT writes neither).
    integer i;

    always @(posedge clk) begin
        if (rst) begin
            for (i = 0; i < WARPS; i = i + 1)
                sp_q[i] <= {DEPTH_W{1'b0}};
        end else begin
            if (wr_p && !p_side_d) begin
                l_pc_q[p_a]    <= p_pc_d;
                l_mask_q[p_a]  <= p_mask_d;
                l_valid_q[p_a] <= p_valid_d;
            end
            if (wr_p && p_side_d) begin
                r_pc_q[p_a]    <= p_pc_d;
                r_mask_q[p_a]  <= p_mask_d;
                r_valid_q[p_a] <= p_valid_d;
            end
            // EXIT: both paths of every live entry of the warp lose
            // op_mask; a valid path left empty goes invalid at the rpc
            if (wr_x)
                for (i = 0; i < DEPTH; i = i + 1)
                    if (i < sp_x) begin
                        l_mask_q[bot_a + i[ADDR_W-1:0]] <= l_mask_q[bot_a + i[ADDR_W-1:0]] & ~op_mask;
                        r_mask_q[bot_a + i[ADDR_W-1:0]] <= r_mask_q[bot_a + i[ADDR_W-1:0]] & ~op_mask;
                        if (l_valid_q[bot_a + i[ADDR_W-1:0]] &&
                            (l_mask_q[bot_a + i[ADDR_W-1:0]] & ~op_mask) == {LANES{1'b0}}) begin
                            l_valid_q[bot_a + i[ADDR_W-1:0]] <= 1'b0;
                            l_pc_q[bot_a + i[ADDR_W-1:0]]    <= rpc_q[bot_a + i[ADDR_W-1:0]];
                        end
                        if (r_valid_q[bot_a + i[ADDR_W-1:0]] &&
                            (r_mask_q[bot_a + i[ADDR_W-1:0]] & ~op_mask) == {LANES{1'b0}}) begin
                            r_valid_q[bot_a + i[ADDR_W-1:0]] <= 1'b0;
                            r_pc_q[bot_a + i[ADDR_W-1:0]]    <= rpc_q[bot_a + i[ADDR_W-1:0]];
                        end
                    end
            if (wr_ent) begin
                l_pc_q[ent_a]    <= ent_l_pc_d;
                l_mask_q[ent_a]  <= ent_l_mask_d;
                l_valid_q[ent_a] <= ent_l_valid_d;
                r_pc_q[ent_a]    <= ent_r_pc_d;
                r_mask_q[ent_a]  <= ent_r_mask_d;
                r_valid_q[ent_a] <= ent_r_valid_d;
                rpc_q[ent_a]     <= op_rpc;
            end
            sp_q[op_w] <= sp_d;
        end
    end

`ifdef FORMAL
    // ------------------------------------------------ formal properties
    // (make formal, docs/formal.md).  Contract: none beyond the reset that
    // starts every trace; every op is legal input (a bad one is answered
    // with err, a push on a full stack with ready = 0).
`include "formal.vh"

    // the architectural state: every warp's depth and its live entries
    // (entries at or above a warp's depth are never observable)
    localparam F_ENT_W = 3 * PC_W + 2 * LANES + 2;
    reg [WARPS*DEPTH_W-1:0]    f_sp;
    reg [ENTRIES*F_ENT_W-1:0]  f_live;
    reg f_sp_ok, f_disj_ok, f_vmask_ok, f_vpc_ok, f_pop_ok, f_nest_ok, f_base_ok, f_inv_ok;
    reg [LANES-1:0] f_uni;
    reg [LANES-1:0] f_act;
    reg             f_walk;
    reg             f_one_ok;
    integer         f_y;
    // an entry index, of which only the low ADDR_W bits address
    /* verilator lint_off UNUSEDSIGNAL */
    integer         f_ya;
    /* verilator lint_on UNUSEDSIGNAL */
    integer f_w, f_e, f_a, f_b;
    // an entry index, of which only the low ADDR_W bits address
    /* verilator lint_off UNUSEDSIGNAL */
    integer f_pa;
    /* verilator lint_on UNUSEDSIGNAL */
    always @* begin
        f_sp_ok    = 1'b1;
        f_disj_ok  = 1'b1;
        f_vmask_ok = 1'b1;
        f_vpc_ok   = 1'b1;
        f_pop_ok   = 1'b1;
        f_nest_ok  = 1'b1;
        f_base_ok  = 1'b1;
        f_inv_ok   = 1'b1;
        f_one_ok   = 1'b1;
        f_act      = {LANES{1'b0}};
        f_ya       = 0;
        f_uni      = {LANES{1'b0}};
        f_walk     = 1'b0;
        f_b        = 0;
        f_pa       = 0;
        f_live     = {ENTRIES{{F_ENT_W{1'b0}}}};
        f_a        = 0;
        for (f_w = 0; f_w < WARPS; f_w = f_w + 1) begin
            f_sp[f_w*DEPTH_W +: DEPTH_W] = sp_q[f_w];
            if ({{(32-DEPTH_W){1'b0}}, sp_q[f_w]} > DEPTH)
                f_sp_ok = 1'b0;
            // a base entry's R path is the LAUNCH's {0, 0, invalid} for
            // the warp's life: only the TOS's valid path P is written, and
            // nothing else writes entry 0 (the strengthening p_nested needs
            // at DEPTH >= 3: its run's parent holds all of a run's threads
            // in one path)
            if (sp_q[f_w] != {DEPTH_W{1'b0}} &&
                (r_valid_q[f_w * DEPTH] || r_mask_q[f_w * DEPTH] != {LANES{1'b0}}))
                f_base_ok = 1'b0;
            for (f_e = 0; f_e < DEPTH; f_e = f_e + 1)
                if (f_e < sp_q[f_w]) begin
                    f_a = f_w * DEPTH + f_e;
                    f_live[f_a*F_ENT_W +: F_ENT_W] =
                        {l_pc_q[f_a], l_mask_q[f_a], l_valid_q[f_a],
                         r_pc_q[f_a], r_mask_q[f_a], r_valid_q[f_a], rpc_q[f_a]};
                    // a thread is in one entry (p_one_entry): the entry's
                    // running or suspended threads (its valid paths, less
                    // one waiting at the rpc of the entry above, which holds
                    // the threads of the entries above: p_nested) are in no
                    // valid path of an entry above it
                    f_act = {LANES{1'b0}};
                    if (l_valid_q[f_a] && !(f_e + 1 < sp_q[f_w] && l_pc_q[f_a] == rpc_q[f_a + 1]))
                        f_act = f_act | l_mask_q[f_a];
                    if (r_valid_q[f_a] && !(f_e + 1 < sp_q[f_w] && r_pc_q[f_a] == rpc_q[f_a + 1]))
                        f_act = f_act | r_mask_q[f_a];
                    for (f_y = f_e + 1; f_y < DEPTH; f_y = f_y + 1)
                        if (f_y < sp_q[f_w]) begin
                            f_ya = f_w * DEPTH + f_y;
                            if ((((l_valid_q[f_ya] ? l_mask_q[f_ya] : {LANES{1'b0}}) |
                                  (r_valid_q[f_ya] ? r_mask_q[f_ya] : {LANES{1'b0}})) & f_act) != {LANES{1'b0}})
                                f_one_ok = 1'b0;
                        end
                    // two valid paths hold different threads (an invalid
                    // path's mask is not state: COMPACT reuses its slot)
                    if (l_valid_q[f_a] && r_valid_q[f_a] &&
                        (l_mask_q[f_a] & r_mask_q[f_a]) != {LANES{1'b0}})
                        f_disj_ok = 1'b0;
                    // a schedulable path has a thread and is not at its rpc
                    if ((l_valid_q[f_a] && l_mask_q[f_a] == {LANES{1'b0}}) ||
                        (r_valid_q[f_a] && r_mask_q[f_a] == {LANES{1'b0}}))
                        f_vmask_ok = 1'b0;
                    if ((l_valid_q[f_a] && l_pc_q[f_a] == rpc_q[f_a]) ||
                        (r_valid_q[f_a] && r_pc_q[f_a] == rpc_q[f_a]))
                        f_vpc_ok = 1'b0;
                    // and the converse: a path is invalid only at its
                    // entry's rpc (arrived there, or pushed there), but a
                    // base's R (strengthening for p_nested: a run's parent
                    // holds its threads in a valid path, the waiting one)
                    if ((!l_valid_q[f_a] && l_pc_q[f_a] != rpc_q[f_a]) ||
                        (!r_valid_q[f_a] && r_pc_q[f_a] != rpc_q[f_a] && f_e != 0))
                        f_inv_ok = 1'b0;
                    // an entry with no schedulable path is popped, unless it
                    // is the base under a live entry
                    if (!l_valid_q[f_a] && !r_valid_q[f_a] && !(f_e == 0 && {{(32-DEPTH_W){1'b0}}, sp_q[f_w]} >= 2))
                        f_pop_ok = 1'b0;
                    // threads are never created: an entry's live threads are
                    // within one path of the entry below or (MERGE) of its
                    // run's parent (the first entry below with another rpc,
                    // or entry 0), which waits for them at the entry's rpc;
                    // with MERGE the live threads of the run's entries up
                    // to this one together (all came from that one path)
                    if (f_e > 0) begin
                        f_pa   = f_a - 1;
                        f_walk = MERGE != 0;
                        for (f_b = f_e - 1; f_b >= 1; f_b = f_b - 1)
                            if (f_walk && rpc_q[f_w * DEPTH + f_b] == rpc_q[f_a])
                                f_pa = f_w * DEPTH + f_b - 1;
                            else
                                f_walk = 1'b0;
                        f_uni = {LANES{1'b0}};
                        for (f_b = f_e; f_b >= 1; f_b = f_b - 1)
                            if (f_w * DEPTH + f_b > f_pa)
                                f_uni = f_uni |
                                    (l_valid_q[f_w * DEPTH + f_b] ? l_mask_q[f_w * DEPTH + f_b] : {LANES{1'b0}}) |
                                    (r_valid_q[f_w * DEPTH + f_b] ? r_mask_q[f_w * DEPTH + f_b] : {LANES{1'b0}});
                        if (!(((f_uni & ~l_mask_q[f_pa]) == {LANES{1'b0}} && l_pc_q[f_pa] == rpc_q[f_a]) ||
                              ((f_uni & ~r_mask_q[f_pa]) == {LANES{1'b0}} && r_pc_q[f_pa] == rpc_q[f_a])))
                            f_nest_ok = 1'b0;
                    end
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
    reg [ENTRIES*F_ENT_W-1:0]  f_live_p;
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
                 f_live[f_v*DEPTH*F_ENT_W +: DEPTH*F_ENT_W] != f_live_p[f_v*DEPTH*F_ENT_W +: DEPTH*F_ENT_W]))
                f_others_ok = 1'b0;
    end

    // ---------------------- the sibling suspension (COMPACT, MERGE = 1)
    // This cycle's op is a sibling suspension: a legal divergent branch of
    // P whose rpc is the TOS's own while Q is valid.  f_slot: the TOS's run
    // has a slot for Q, written from the rule (rtl_c/dpe_stack.h "Forward
    // progress"), not from c_hit: the entries right below the TOS with its
    // rpc, down to the first that differs, never entry 0; a slot is a valid
    // path at Q's pc or an invalid path.
    reg     f_sib, f_slot, f_srun;
    integer f_s;
    /* verilator lint_off UNUSEDSIGNAL */
    integer f_sa;                       // as f_ya
    /* verilator lint_on UNUSEDSIGNAL */
    always @* begin
        f_sib  = !err && (act == ACT_DIVERGE || act == ACT_SPLIT || act == ACT_STALL) &&
                 op_rpc == tos_rpc_q && q_valid;
        f_slot = 1'b0;
        f_srun = 1'b1;
        f_sa   = 0;
        for (f_s = DEPTH - 2; f_s >= 1; f_s = f_s - 1)
            if (f_s + 2 <= sp_x && f_srun) begin
                f_sa = op_warp_x * DEPTH + f_s;
                if (rpc_q[f_sa] != tos_rpc_q)
                    f_srun = 1'b0;
                else if (!l_valid_q[f_sa] || !r_valid_q[f_sa] ||
                         l_pc_q[f_sa] == q_pc || r_pc_q[f_sa] == q_pc)
                    f_slot = 1'b1;
            end
    end

    // what a sibling suspension did at the last edge
    reg                f_sib_p, f_slot_p, f_rdy_p;
    reg [WARP_W-1:0]   f_ow_p;
    reg [DEPTH_W-1:0]  f_osp_p;
    reg [PC_W-1:0]     f_qpc_p, f_trpc_p;
    reg [LANES-1:0]    f_qmask_p;
    always @(posedge clk) begin
        f_sib_p   <= !rst && f_sib;
        f_slot_p  <= f_slot;
        f_rdy_p   <= ready;
        f_ow_p    <= op_w;
        f_osp_p   <= sp;
        f_qpc_p   <= q_pc;
        f_qmask_p <= q_mask;
        f_trpc_p  <= tos_rpc_q;
    end
    // f_slot_ok: Q's threads are in a valid path at Q's pc of an entry of
    // the TOS's run (entries 1 .. TOS-1 with the TOS's rpc up to the TOS);
    // f_keep_ok: every entry below the TOS kept its rpc and each of its
    // valid paths (same pc, its threads still there: a join ORs)
    wire [DEPTH_W-1:0] f_sp_now = sp_q[f_ow_p];
    reg                f_slot_ok, f_keep_ok, f_krun;
    reg [F_ENT_W-1:0]  f_old;
    integer            f_k, f_ka;
    always @* begin
        f_slot_ok = 1'b0;
        f_keep_ok = 1'b1;
        f_krun    = 1'b1;
        f_ka      = 0;
        f_old     = {F_ENT_W{1'b0}};
        for (f_k = DEPTH - 2; f_k >= 0; f_k = f_k - 1)
            if (f_k + 2 <= f_osp_p) begin
                f_ka  = f_ow_p * DEPTH + f_k;
                f_old = f_live_p[f_ka*F_ENT_W +: F_ENT_W];
                // {l_pc, l_mask, l_valid, r_pc, r_mask, r_valid, rpc}
                if (rpc_q[f_ka] != f_old[0 +: PC_W])
                    f_keep_ok = 1'b0;
                if (f_old[2*PC_W+LANES+1] &&
                    !(l_valid_q[f_ka] && l_pc_q[f_ka] == f_old[2*PC_W+2*LANES+2 +: PC_W] &&
                      (f_old[2*PC_W+LANES+2 +: LANES] & ~l_mask_q[f_ka]) == {LANES{1'b0}}))
                    f_keep_ok = 1'b0;
                if (f_old[PC_W] &&
                    !(r_valid_q[f_ka] && r_pc_q[f_ka] == f_old[PC_W+LANES+1 +: PC_W] &&
                      (f_old[PC_W+1 +: LANES] & ~r_mask_q[f_ka]) == {LANES{1'b0}}))
                    f_keep_ok = 1'b0;
                if (f_k == 0 || rpc_q[f_ka] != f_trpc_p)
                    f_krun = 1'b0;
                if (f_krun &&
                    ((l_valid_q[f_ka] && l_pc_q[f_ka] == f_qpc_p && (f_qmask_p & ~l_mask_q[f_ka]) == {LANES{1'b0}}) ||
                     (r_valid_q[f_ka] && r_pc_q[f_ka] == f_qpc_p && (f_qmask_p & ~r_mask_q[f_ka]) == {LANES{1'b0}})))
                    f_slot_ok = 1'b1;
            end
    end

    // ------------------------------------------------------------ EXIT
    // What a legal EXIT did at the last edge, from the rule
    // (rtl_c/dpe_stack.h "Early returns"), not from x_sp: every entry left
    // is the one before with op_mask cleared from both paths' masks, a
    // valid path left empty invalid at its entry's rpc (f_xkeep_ok); the
    // depth never grows, the entries popped had no valid path with a
    // thread left, and the TOS left has one (f_xpop_ok).
    reg                f_x_p;
    reg [LANES-1:0]    f_xm_p;
    always @(posedge clk) begin
        f_x_p  <= !rst && op == OP_EXIT && !err;
        f_xm_p <= op_mask;
    end
    localparam F_RPC = 0, F_RV = PC_W, F_RM = PC_W + 1, F_RPC_R = PC_W + LANES + 1,
               F_LV = 2 * PC_W + LANES + 1, F_LM = 2 * PC_W + LANES + 2,
               F_LPC = 2 * PC_W + 2 * LANES + 2;
    reg               f_xkeep_ok, f_xpop_ok, f_xlv, f_xrv;
    reg [F_ENT_W-1:0] f_xo;
    reg [LANES-1:0]   f_xl, f_xr;
    integer           f_j;
    /* verilator lint_off UNUSEDSIGNAL */
    integer           f_ja;             // as f_ya
    /* verilator lint_on UNUSEDSIGNAL */
    always @* begin
        f_xkeep_ok = 1'b1;
        f_xpop_ok  = f_sp_now <= f_osp_p;
        f_ja       = 0;
        f_xo       = {F_ENT_W{1'b0}};
        f_xl       = {LANES{1'b0}};
        f_xr       = {LANES{1'b0}};
        f_xlv      = 1'b0;
        f_xrv      = 1'b0;
        for (f_j = 0; f_j < DEPTH; f_j = f_j + 1)
            if (f_j < f_osp_p) begin
                f_ja  = f_ow_p * DEPTH + f_j;
                f_xo  = f_live_p[f_ja*F_ENT_W +: F_ENT_W];
                f_xl  = f_xo[F_LM +: LANES] & ~f_xm_p;
                f_xr  = f_xo[F_RM +: LANES] & ~f_xm_p;
                f_xlv = f_xo[F_LV] && f_xl != {LANES{1'b0}};
                f_xrv = f_xo[F_RV] && f_xr != {LANES{1'b0}};
                if (f_j < f_sp_now) begin
                    if (f_live[f_ja*F_ENT_W +: F_ENT_W] !=
                        {(f_xo[F_LV] && !f_xlv) ? f_xo[F_RPC +: PC_W] : f_xo[F_LPC +: PC_W], f_xl, f_xlv,
                         (f_xo[F_RV] && !f_xrv) ? f_xo[F_RPC +: PC_W] : f_xo[F_RPC_R +: PC_W], f_xr, f_xrv,
                         f_xo[F_RPC +: PC_W]})
                        f_xkeep_ok = 1'b0;
                    if (f_j + 1 == {{(32-DEPTH_W){1'b0}}, f_sp_now} && !f_xlv && !f_xrv)
                        f_xpop_ok = 1'b0;
                end else if (f_xlv || f_xrv)
                    f_xpop_ok = 1'b0;
            end
    end

    always @*
        if (f_past) begin
            if (f_x_p) begin
                p_exit_keep: assert(f_xkeep_ok);
                p_exit_pop: assert(f_xpop_ok);
            end
            if (f_chk_p)
                p_one_warp: assert(f_others_ok);
            p_sp_range: assert(f_sp_ok);
            p_disjoint: assert(f_disj_ok);
            p_valid_mask: assert(f_vmask_ok);
            p_valid_pc: assert(f_vpc_ok);
            p_popped: assert(f_pop_ok);
            p_nested: assert(f_nest_ok);
            p_base_r: assert(f_base_ok);
            p_inv_rpc: assert(f_inv_ok);
            p_one_entry: assert(f_one_ok);
            if (f_sib_p) begin
                p_sib_push: assert(!f_rdy_p || (MERGE != 0 && f_slot_p) ||
                                   f_sp_now == f_osp_p + 1'b1);
                if (MERGE != 0 && f_slot_p) begin
                    p_compact_depth: assert(f_rdy_p && f_sp_now == f_osp_p);
                    p_slot_rpc: assert(f_slot_ok);
                    p_compact_keep: assert(f_keep_ok);
                end
            end
            // err exactly with an error code; an error acts not; ready =
            // not STALL
            p_err_code: assert(err == (err_code != ERR_NONE) && (!err || act == ACT_IDLE) &&
                               ready == (act != ACT_STALL));

        end

    // witness: a sibling suspension compacts at this point (tools/formal.sh's
    // covers; at MERGE = 0 it never does, p_sib_push)
    always @*
        if (f_past && !rst)
            c_compact: cover(MERGE != 0 && f_sib && ready && act == ACT_SPLIT);
    // witness: an EXIT pops two entries and leaves the warp live
    always @*
        if (f_past && !rst)
            c_exit_pops: cover(op == OP_EXIT && !err && x_sp != {DEPTH_W{1'b0}} &&
                               {{(32-DEPTH_W){1'b0}}, x_sp} + 32'd2 <= sp_x);
`endif

endmodule
