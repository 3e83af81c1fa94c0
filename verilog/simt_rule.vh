// SPDX-License-Identifier: Apache-2.0
// simt_rule.vh -- the push/pop decision of the baseline reconvergence stack
// (000 sec. 3.2 / Fig. 5, 004 sec. 2.3), written once: the function
// `simt_rule`, `include`d inside simt_stack.v (LANES-bit masks) and
// lwm_subwarp.v (K*N-bit masks).  Twin of rtl_c/simt_rule.h, which
// documents the decision; the including module supplies the parameters
// PC_W, DEPTH and DEPTH_W.
//
// It sees only whether the taken side t and the not-taken side n are empty;
// the caller writes the masks: the first pushed entry holds n when first_nt
// (else t), a second one holds t.  Requires sr_sp >= 1.
//
// Merge on push (sr_merge_hit: simt_rule_merge_at below found an entry of
// the TOS's run at sr_npc, and the including module's MERGE is 1): a SPLIT
// whose not-taken side is live merges it (act MERGE 7): only the taken
// side is written (at the TOS, if not at the rpc), first_nt = 0, the depth
// changes by -1 or 0, never a STALL; the caller ORs n into that entry.
//
// Result, most significant first:
//   act [2:0]        ADVANCE 2, POP 3, DIVERGE 4, SPLIT 5, STALL 6, MERGE 7
//   wr_tos           TOS.pc := tos_pc
//   n_push [1:0]     entries written from the push base up
//   at_tos           the push base is the TOS (SPLIT), else the entry above
//   first_nt         the first pushed entry is the not-taken side
//   sp_next [DEPTH_W-1:0]
//   tos_pc [PC_W-1:0]
localparam SR_W = 3 + 1 + 2 + 1 + 1 + DEPTH_W + PC_W;

function [SR_W-1:0] simt_rule;
    input [DEPTH_W-1:0] sr_sp;
    input               sr_base_waits;
    input [PC_W-1:0]    sr_tos_rpc;
    input               sr_t_none;
    input               sr_n_none;
    input [PC_W-1:0]    sr_pc;
    input [PC_W-1:0]    sr_npc;
    input [PC_W-1:0]    sr_rpc;
    input               sr_merge_hit;
    reg [2:0]           r_act;
    reg                 r_wr;
    reg [1:0]           r_np;
    reg                 r_at_tos;
    reg                 r_first_nt;
    reg [DEPTH_W-1:0]   r_sp;
    reg [PC_W-1:0]      r_pc;
    reg [PC_W-1:0]      r_target;
    reg [DEPTH_W-1:0]   r_popped;
    reg [31:0]          r_need;
    begin
        r_act      = 3'd2; // ADVANCE
        r_wr       = 1'b0;
        r_np       = 2'd0;
        r_at_tos   = 1'b0;
        r_first_nt = 1'b0;
        r_sp       = sr_sp;
        r_pc       = {PC_W{1'b0}};
        r_need     = 32'd0;
        r_target   = !sr_t_none ? sr_pc : sr_npc;
        r_popped   = sr_base_waits ? {DEPTH_W{1'b0}} : sr_sp - 1'b1;
        if (sr_t_none || sr_n_none) begin
            // uniform: the whole TOS moves to one target
            if (r_target == sr_tos_rpc) begin
                r_act = 3'd3; // POP
                r_sp  = r_popped;
            end else begin
                r_wr = 1'b1;
                r_pc = r_target;
            end
        end else begin
            // divergent: the sides not already at the rpc, not-taken first
            r_first_nt = sr_npc != sr_rpc;
            r_np       = {1'b0, sr_npc != sr_rpc} + {1'b0, sr_pc != sr_rpc};
            if (sr_rpc == sr_tos_rpc && {{(32-DEPTH_W){1'b0}}, sr_sp} >= 32'd2) begin
                if (r_np == 2'd0) begin
                    r_act = 3'd3; // POP
                    r_sp  = r_popped;
                end else if (sr_merge_hit && r_first_nt) begin
                    // MERGE: n joins its sibling, the taken side (if any)
                    // replaces the TOS
                    r_act      = 3'd7;
                    r_at_tos   = 1'b1;
                    r_first_nt = 1'b0;
                    r_np       = r_np - 2'd1;
                    r_need     = {30'd0, r_np} - 32'd1; // -1 or 0
                    r_sp       = sr_sp + r_need[DEPTH_W-1:0];
                end else begin
                    r_act    = 3'd5; // SPLIT: the sides replace the TOS
                    r_at_tos = 1'b1;
                    r_need   = {30'd0, r_np} - 32'd1;
                end
            end else if (r_np == 2'd0) begin
                // both sides at the rpc: a uniform jump to it
                if (sr_rpc == sr_tos_rpc) begin
                    r_act = 3'd3; // POP
                    r_sp  = {DEPTH_W{1'b0}};
                end else begin
                    r_wr = 1'b1;
                    r_pc = sr_rpc;
                end
            end else begin
                r_act  = 3'd4; // DIVERGE: the TOS waits at the rpc
                r_wr   = 1'b1;
                r_pc   = sr_rpc;
                r_need = {30'd0, r_np};
            end
            if (r_act == 3'd4 || r_act == 3'd5) begin
                if ({{(32-DEPTH_W){1'b0}}, sr_sp} + r_need > DEPTH) begin
                    r_act = 3'd6; // STALL: nothing changes
                    r_wr  = 1'b0;
                    r_np  = 2'd0;
                end else begin
                    r_sp = sr_sp + r_need[DEPTH_W-1:0];
                end
            end
        end
        simt_rule = {r_act, r_wr, r_np, r_at_tos, r_first_nt, r_sp, r_pc};
    end
endfunction

// Merge on push (rtl_c/simt_rule.h simt_rule_merge_at): {hit, index} of the
// entry of the TOS's run with pc == mr_npc nearest the TOS.  The run: the
// entries directly below the TOS (entry mr_sp - 1) whose rpc equals the
// TOS's (mr_trpc), from the TOS down to the first that differs, never
// entry 0.  mr_pcs, mr_rpcs: the stack's DEPTH entries, entry e at
// [e*PC_W +: PC_W].  DEPTH comparators of rpc (the run's chain) and DEPTH of
// pc, and a priority pick.
localparam SRM_W = 1 + DEPTH_W;

function [SRM_W-1:0] simt_rule_merge_at;
    input [DEPTH*PC_W-1:0] mr_pcs;
    input [DEPTH*PC_W-1:0] mr_rpcs;
    input [DEPTH_W-1:0]    mr_sp;
    input [PC_W-1:0]       mr_trpc;
    input [PC_W-1:0]       mr_npc;
    reg                    m_run;
    reg                    m_hit;
    reg [DEPTH_W-1:0]      m_idx;
    integer                m_e;
    begin
        m_run = 1'b1;
        m_hit = 1'b0;
        m_idx = {DEPTH_W{1'b0}};
        for (m_e = DEPTH - 1; m_e >= 1; m_e = m_e - 1)
            if (m_e + 1 < {{(32-DEPTH_W){1'b0}}, mr_sp}) begin // below the TOS
                if (mr_rpcs[m_e*PC_W +: PC_W] != mr_trpc)
                    m_run = 1'b0;
                if (m_run && !m_hit && mr_pcs[m_e*PC_W +: PC_W] == mr_npc) begin
                    m_hit = 1'b1;
                    m_idx = m_e[DEPTH_W-1:0];
                end
            end
        simt_rule_merge_at = {m_hit, m_idx};
    end
endfunction
