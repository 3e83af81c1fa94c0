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

`ifdef FORMAL
// The formal properties' own view of the stacks (the formal blocks of
// simt_stack.v and lwm_subwarp.v; docs/formal.md), written apart from the
// functions above.  The including module defines SR_F_MASK_W, its mask
// width, too (LANES, K*N).
//
// simt_rule_f_merge: {hit, index} of the highest entry e >= 1 below the TOS
// (entry fm_sp - 1) with pc == fm_npc such that every entry from e up to
// the TOS has the TOS's rpc fm_trpc: the entry a merge ORs into.
function [SRM_W-1:0] simt_rule_f_merge;
    input [DEPTH*PC_W-1:0] fm_pcs;
    input [DEPTH*PC_W-1:0] fm_rpcs;
    input [DEPTH_W-1:0]    fm_sp;
    input [PC_W-1:0]       fm_trpc;
    input [PC_W-1:0]       fm_npc;
    reg                    fm_run;
    reg                    fm_hit;
    reg [DEPTH_W-1:0]      fm_idx;
    integer                fm_a, fm_b;
    begin
        fm_run = 1'b0;
        fm_hit = 1'b0;
        fm_idx = {DEPTH_W{1'b0}};
        for (fm_a = 1; fm_a < DEPTH; fm_a = fm_a + 1)
            if (fm_a + 1 < {{(32-DEPTH_W){1'b0}}, fm_sp} && fm_pcs[fm_a*PC_W +: PC_W] == fm_npc) begin
                fm_run = 1'b1;
                for (fm_b = fm_a; fm_b < DEPTH; fm_b = fm_b + 1)
                    if (fm_b < {{(32-DEPTH_W){1'b0}}, fm_sp} && fm_rpcs[fm_b*PC_W +: PC_W] != fm_trpc)
                        fm_run = 1'b0;
                if (fm_run) begin
                    fm_hit = 1'b1;
                    fm_idx = fm_a[DEPTH_W-1:0];
                end
            end
        simt_rule_f_merge = {fm_hit, fm_idx};
    end
endfunction

// simt_rule_f_runs: 1 when one stack keeps the run invariant of
// simt_stack.h: above entry 0 the live entries form runs of equal rpc; the
// masks of a run are pairwise disjoint and each is within the mask of the
// entry below the run.  fr_ents: its DEPTH entries {pc, mask, rpc}, entry e
// at [e*SR_F_ENT_W +: SR_F_ENT_W]; fr_sp of them live.
localparam SR_F_ENT_W = 2 * PC_W + SR_F_MASK_W;
function simt_rule_f_runs;
    input [DEPTH*SR_F_ENT_W-1:0] fr_ents;
    input [DEPTH_W-1:0]          fr_sp;
    reg [SR_F_MASK_W-1:0]        fr_par, fr_un, fr_m;
    integer                      fr_e;
    begin
        simt_rule_f_runs = 1'b1;
        fr_par = {SR_F_MASK_W{1'b0}};
        fr_un  = {SR_F_MASK_W{1'b0}};
        fr_m   = {SR_F_MASK_W{1'b0}};
        for (fr_e = 1; fr_e < DEPTH; fr_e = fr_e + 1)
            if (fr_e < {{(32-DEPTH_W){1'b0}}, fr_sp}) begin
                fr_m = fr_ents[fr_e*SR_F_ENT_W + PC_W +: SR_F_MASK_W];
                if (fr_e == 1 || fr_ents[fr_e*SR_F_ENT_W +: PC_W] != fr_ents[(fr_e-1)*SR_F_ENT_W +: PC_W]) begin
                    fr_par = fr_ents[(fr_e-1)*SR_F_ENT_W + PC_W +: SR_F_MASK_W];
                    fr_un  = {SR_F_MASK_W{1'b0}};
                end
                if ((fr_m & ~fr_par) != {SR_F_MASK_W{1'b0}} || (fr_m & fr_un) != {SR_F_MASK_W{1'b0}})
                    simt_rule_f_runs = 1'b0;
                fr_un = fr_un | fr_m;
            end
    end
endfunction

// simt_rule_f_merged: 1 when a merge did what it must, one edge later.
// fd_now, fd_was: the warp's DEPTH entries (as fr_ents) now and before the
// edge; fd_sp: its depth now; fd_x = {taken side off the rpc, the merged
// entry's index, the depth it must have, the not-taken threads, the entry
// the TOS must hold {op_pc, t, op_rpc}}.  The merged entry's mask is its
// old one OR the not-taken threads; the depth is the old one, or one less
// when the taken side is at the rpc (it never grows); the TOS is the taken
// side (unless at the rpc); every other live entry is as it was.
localparam SR_F_MX_W = 1 + 2 * DEPTH_W + SR_F_MASK_W + SR_F_ENT_W;
function simt_rule_f_merged;
    input [DEPTH*SR_F_ENT_W-1:0] fd_now;
    input [DEPTH*SR_F_ENT_W-1:0] fd_was;
    input [DEPTH_W-1:0]          fd_sp;
    input [SR_F_MX_W-1:0]        fd_x;
    reg                          fd_tk;
    reg [DEPTH_W-1:0]            fd_mi, fd_want;
    reg [SR_F_MASK_W-1:0]        fd_n;
    reg [SR_F_ENT_W-1:0]         fd_top;
    integer                      fd_c;
    begin
        {fd_tk, fd_mi, fd_want, fd_n, fd_top} = fd_x;
        simt_rule_f_merged = fd_sp == fd_want &&
            fd_now[fd_mi*SR_F_ENT_W + PC_W +: SR_F_MASK_W] ==
            (fd_was[fd_mi*SR_F_ENT_W + PC_W +: SR_F_MASK_W] | fd_n);
        if (fd_tk && fd_now[({{(32-DEPTH_W){1'b0}}, fd_want} - 1)*SR_F_ENT_W +: SR_F_ENT_W] != fd_top)
            simt_rule_f_merged = 1'b0;
        for (fd_c = 0; fd_c < DEPTH; fd_c = fd_c + 1)
            if (fd_c != {{(32-DEPTH_W){1'b0}}, fd_mi} &&
                fd_c + (fd_tk ? 1 : 0) < {{(32-DEPTH_W){1'b0}}, fd_want} &&
                fd_now[fd_c*SR_F_ENT_W +: SR_F_ENT_W] != fd_was[fd_c*SR_F_ENT_W +: SR_F_ENT_W])
                simt_rule_f_merged = 1'b0;
    end
endfunction
`endif
