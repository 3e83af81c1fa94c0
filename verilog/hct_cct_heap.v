// SPDX-License-Identifier: Apache-2.0
// hct_cct_heap.v -- sorted heap of warp-splits: Hot and Cold Context Tables.
//
// Paper 001 (Brunie, Collange, Diamos, ISCA 2012) sec. 3.3 (selective
// synchronization) and 3.4 (sorted heap, HCT sorter network, CCT sideband
// sorter, degraded stack mode; Fig. 5, Table 3); SPEC 3.5.  The C reference
// model is rtl_c/hct_cct_heap.{h,c}: same parameters, same ports, same
// behaviour cycle for cycle.  rtl_c/hct_cct_heap.h documents the behaviour
// in full (update rules, exchange, sorter walk, degraded mode, the
// invariants and a worked example of 001 Fig. 4); this header summarises.
//
//   | parameter | default | range  | meaning                            |
//   |-----------|---------|--------|------------------------------------|
//   | WARPS     | 24      | 1..64  | warps (HCT rows)                   |
//   | LANES     | 64      | 1..64  | threads per warp (mask bits)       |
//   | CCT       | 128     | 2..256 | CCT entries shared by all warps    |
//   | PC_W      | 32      | 2..64  | PC width                           |
//   (WARP_W, PTR_W, CNT_W, DC_W are derived: leave them at their defaults.)
//   WARP_W = clog2(WARPS), PTR_W = clog2(CCT), CNT_W = clog2(CCT+1),
//   DC_W = clog2(LANES+1).
//   HCT row: {pc1, m1, v1, pc2, m2, v2, head} = 2*(PC_W+LANES+1)+PTR_W = 201
//   bits; CCT row: {cpc, cmask, nxt, nv} = PC_W+LANES+PTR_W+1 = 104 bits (001
//   Table 3).  Beside them: hv, lo and dcnt (unsorted nodes in the list) per
//   warp, cu (written unsorted) per CCT entry, the free-list head and count,
//   the sorter registers and the 16-bit degraded-insertion counter.
//
// Operation port: op (NOP 0, LAUNCH 1, UPDATE 2; 3 illegal) on op_warp with
// the new splits 1, 2 (op_pc/op_m/op_v 1 and 2), at most one new split 3 and
// the threads that exit (op_exit).  UPDATE: stage 1 of the sorting network
// sorts/merges/compacts the three; three valid -> the third is ORed into the
// list head if it has the head's PC (JOIN), else pushed at the head of the
// warp's CCT list (PUSH; CCT full -> ready = 0, STALL); fewer and
// a non-empty list -> stage 2 sorts (s1, s2, list head) unless the head is
// above s2: two remain -> POP (head freed), three remain -> EXCH (s2 written
// into the head node in place).  Scheduler read port: rd_warp -> CPC1/m1/v1,
// CPC2/m2/v2, rd_run2 = v2 && !(rd_sync && (rd_pc_div <= CPC1 < CPC2 || lo)),
// i.e. the secondary waits at a sync instruction while CPC1 is in [PC_div,
// PC_rec) with PC_rec = CPC2 (equal PC_div == CPC1 suspends), and while lo
// says a cold PC may be below CPC2 (the conservative rule: CPC2 is not always
// the second smallest PC; lo = 0 guarantees every cold PC > CPC2; lo is
// recomputed on each update from the head PC, see the C header).
//
// CCT sideband sorter (not pipelined): after a PUSH/EXCH into a list of >= 2
// nodes, if idle, it walks from the new head's successor one node per cycle
// past unsorted nodes and nodes with a smaller pc, merges into a node of
// equal pc (masks ORed, its own node freed) and otherwise relinks it before
// the first larger node (or after the tail): at most min(LANES-2, CCT)-1 =
// 61 nodes per walk at the defaults.  A PUSH/EXCH needing it while it is
// busy leaves the node at the head (PUSH_DEG / EXCH_DEG, cu, dcnt + 1,
// deg_cnt + 1): the heap degrades to a stack.  No repair walk: an unsorted
// node stays until popped or overwritten; rd_degraded = dcnt != 0 clears as
// soon as none is left.  The sorter waits a cycle when the operation changes
// its warp's list, or the free list in a cycle it would merge.
//
// TIMING: every output is combinational from the state and this cycle's
// inputs; rd_* show the state before this cycle's update (no bypass).  State
// changes at the rising edge of clk.  A rejected (err) or held (ready = 0)
// operation freezes everything for that cycle, the sorter included.
// Synchronous active-high rst: warps idle, all entries in the free list
// 0 -> 1 -> ... -> CCT-1, sorter idle, deg_cnt 0.
//
// Illegal input (err = 1, act IDLE, state unchanged): BAD_OP (op 3),
// BAD_WARP (op_warp >= WARPS), WARP_BUSY (LAUNCH on a live warp), WARP_IDLE
// (UPDATE on an idle warp), BAD_MASK (LAUNCH with op_m1 == 0, or a valid
// update input with an empty mask), BAD_PART (the valid masks and op_exit do
// not partition the warp's HCT threads m1|m2).
//
// Departures from 001: the exchange (the paper pops only when one context is
// left), equal-PC merging in the CCT (JOIN, sorter merge), the conservative
// sync rule (lo), an explicit exit mask and LAUNCH, the degraded-mode
// bookkeeping (cu, dcnt, deg_cnt), the global freeze on a refused cycle.
module hct_cct_heap #(
    parameter WARPS  = 24,
    parameter LANES  = 64,
    parameter CCT    = 128,
    parameter PC_W   = 32,
    parameter WARP_W = (WARPS > 1) ? $clog2(WARPS) : 1,
    parameter PTR_W  = (CCT > 1) ? $clog2(CCT) : 1,
    parameter CNT_W  = $clog2(CCT + 1),
    parameter DC_W   = $clog2(LANES + 1)
) (
    input  wire              clk,
    input  wire              rst,
    input  wire [1:0]        op,
    input  wire [WARP_W-1:0] op_warp,
    input  wire [PC_W-1:0]   op_pc1,
    input  wire [LANES-1:0]  op_m1,
    input  wire              op_v1,
    input  wire [PC_W-1:0]   op_pc2,
    input  wire [LANES-1:0]  op_m2,
    input  wire              op_v2,
    input  wire [PC_W-1:0]   op_pc3,
    input  wire [LANES-1:0]  op_m3,
    input  wire              op_v3,
    input  wire [LANES-1:0]  op_exit,
    input  wire [WARP_W-1:0] rd_warp,
    input  wire              rd_sync,
    input  wire [PC_W-1:0]   rd_pc_div,
    output reg               ready,
    output reg               err,
    output reg  [2:0]        err_code,
    output reg  [3:0]        act,
    output reg               merge,
    output reg               rd_v1,
    output reg  [PC_W-1:0]   rd_pc1,
    output reg  [LANES-1:0]  rd_m1,
    output reg               rd_v2,
    output reg  [PC_W-1:0]   rd_pc2,
    output reg  [LANES-1:0]  rd_m2,
    output reg               rd_run2,
    output reg               rd_cold,
    output reg               rd_degraded,
    output reg               sort_busy,
    output reg  [WARP_W-1:0] sort_warp,
    output reg  [CNT_W-1:0]  free_cnt,
    output reg  [15:0]       deg_cnt
);

    localparam [1:0] OP_NOP    = 2'd0;
    localparam [1:0] OP_LAUNCH = 2'd1;
    localparam [1:0] OP_UPDATE = 2'd2;

    localparam [2:0] ERR_NONE      = 3'd0;
    localparam [2:0] ERR_BAD_OP    = 3'd1;
    localparam [2:0] ERR_BAD_WARP  = 3'd2;
    localparam [2:0] ERR_WARP_BUSY = 3'd3;
    localparam [2:0] ERR_WARP_IDLE = 3'd4;
    localparam [2:0] ERR_BAD_MASK  = 3'd5;
    localparam [2:0] ERR_BAD_PART  = 3'd6;

    localparam [3:0] ACT_IDLE     = 4'd0;
    localparam [3:0] ACT_LAUNCH   = 4'd1;
    localparam [3:0] ACT_UPDATE   = 4'd2;
    localparam [3:0] ACT_PUSH     = 4'd3;
    localparam [3:0] ACT_PUSH_DEG = 4'd4;
    localparam [3:0] ACT_POP      = 4'd5;
    localparam [3:0] ACT_EXCH     = 4'd6;
    localparam [3:0] ACT_EXCH_DEG = 4'd7;
    localparam [3:0] ACT_STALL    = 4'd8;
    localparam [3:0] ACT_FINISH   = 4'd9;
    localparam [3:0] ACT_JOIN     = 4'd10;

    localparam [31:0] CCT32 = CCT;

    localparam [2:0] CCT_NONE = 3'd0;
    localparam [2:0] CCT_PUSH = 3'd1;
    localparam [2:0] CCT_POP  = 3'd2;
    localparam [2:0] CCT_EXCH = 3'd3;
    localparam [2:0] CCT_JOIN = 3'd4;

    // ---------------------------------------------------------------- state
    // (public_flat_rd: the co-simulation compares every register with the
    // C model's state after each clock edge)
    // HCT
    reg [PC_W-1:0]  pc1_q [0:WARPS-1] /*verilator public_flat_rd*/;
    reg [LANES-1:0] m1_q  [0:WARPS-1] /*verilator public_flat_rd*/;
    reg [PC_W-1:0]  pc2_q [0:WARPS-1] /*verilator public_flat_rd*/;
    reg [LANES-1:0] m2_q  [0:WARPS-1] /*verilator public_flat_rd*/;
    reg [PTR_W-1:0] head_q [0:WARPS-1] /*verilator public_flat_rd*/;
    reg [WARPS-1:0] v1_q /*verilator public_flat_rd*/;
    reg [WARPS-1:0] v2_q /*verilator public_flat_rd*/;
    reg [WARPS-1:0] hv_q /*verilator public_flat_rd*/;
    reg [WARPS-1:0] lo_q /*verilator public_flat_rd*/;     // a cold PC may be below the top
    reg [DC_W-1:0]  dcnt_q [0:WARPS-1] /*verilator public_flat_rd*/; // unsorted nodes
    // CCT
    reg [PC_W-1:0]  cpc_q   [0:CCT-1] /*verilator public_flat_rd*/;
    reg [LANES-1:0] cmask_q [0:CCT-1] /*verilator public_flat_rd*/;
    reg [CCT-1:0]   cu_q /*verilator public_flat_rd*/;     // node written unsorted
    // nxt/nv of entry g live in g_cct[g] (below), read through these
    wire [PTR_W-1:0] nxt_q [0:CCT-1] /*verilator public_flat_rd*/;
    wire [CCT-1:0]   nv_q /*verilator public_flat_rd*/;
    reg [PTR_W-1:0] free_head_q /*verilator public_flat_rd*/;
    reg [CNT_W-1:0] free_cnt_q /*verilator public_flat_rd*/;
    // sideband sorter
    reg              s_busy_q /*verilator public_flat_rd*/;
    reg [WARP_W-1:0] s_warp_q /*verilator public_flat_rd*/;
    reg [PTR_W-1:0]  s_node_q /*verilator public_flat_rd*/;
    reg [PC_W-1:0]   s_pc_q /*verilator public_flat_rd*/;
    reg              s_pred_head_q /*verilator public_flat_rd*/;
    reg [PTR_W-1:0]  s_pred_q /*verilator public_flat_rd*/;
    reg [PTR_W-1:0]  s_cur_q /*verilator public_flat_rd*/;
    reg              s_prev_v_q /*verilator public_flat_rd*/;
    reg [PTR_W-1:0]  s_prev_q /*verilator public_flat_rd*/;
    reg [15:0]       deg_cnt_q /*verilator public_flat_rd*/;

    // ------------------------------------------------------------ op warp
    wire [31:0]       op_warp_x  = {{(32-WARP_W){1'b0}}, op_warp};
    wire [31:0]       rd_warp_x  = {{(32-WARP_W){1'b0}}, rd_warp};
    wire              op_warp_ok = op_warp_x < WARPS;
    wire              rd_warp_ok = rd_warp_x < WARPS;
    wire [WARP_W-1:0] op_w = op_warp_ok ? op_warp : {WARP_W{1'b0}};
    wire [WARP_W-1:0] rd_w = rd_warp_ok ? rd_warp : {WARP_W{1'b0}};

    wire             w_v1   = v1_q[op_w];
    wire             w_v2   = v2_q[op_w];
    wire             w_hv   = hv_q[op_w];
    wire             w_lo   = lo_q[op_w];
    wire [DC_W-1:0]  w_dcnt = dcnt_q[op_w];
    wire [PC_W-1:0]  w_top  = w_v2 ? pc2_q[op_w] : pc1_q[op_w];  // the HCT's top PC
    // the list head is the smallest cold PC: no unsorted node, no walk in it
    wire             w_headmin = w_hv && (w_dcnt == {DC_W{1'b0}}) &&
                                 !(s_busy_q && s_warp_q == op_w);
    wire [LANES-1:0] w_m1   = w_v1 ? m1_q[op_w] : {LANES{1'b0}};
    wire [LANES-1:0] w_m2   = w_v2 ? m2_q[op_w] : {LANES{1'b0}};
    wire [PTR_W-1:0] w_head = head_q[op_w];

    // the warp's list head h
    wire [PC_W-1:0]  h_pc   = cpc_q[w_head];
    wire [LANES-1:0] h_mask = cmask_q[w_head];
    wire [PTR_W-1:0] h_nxt  = nxt_q[w_head];
    wire             h_nv   = nv_q[w_head];
    wire             h_cu   = cu_q[w_head];

    // ------------------------------------------------- the sorting network
    wire [PC_W-1:0]  s1_pc, s2_pc, s3_pc;
    wire [LANES-1:0] s1_m, s2_m, s3_m;
    wire             s1_v, s2_v, s3_v;
    wire [1:0]       mg1;
    hct_cct_heap_net #(.PC_W(PC_W), .LANES(LANES)) u_net1 (
        .a_pc(op_pc1), .a_m(op_m1), .a_v(op_v1),
        .b_pc(op_pc2), .b_m(op_m2), .b_v(op_v2),
        .c_pc(op_pc3), .c_m(op_m3), .c_v(op_v3),
        .o1_pc(s1_pc), .o1_m(s1_m), .o1_v(s1_v),
        .o2_pc(s2_pc), .o2_m(s2_m), .o2_v(s2_v),
        .o3_pc(s3_pc), .o3_m(s3_m), .o3_v(s3_v),
        .merges(mg1)
    );

    wire [PC_W-1:0]  t1_pc, t2_pc, t3_pc;
    wire [LANES-1:0] t1_m, t2_m, t3_m;
    wire             t1_v, t2_v, t3_v;
    wire [1:0]       mg2;
    hct_cct_heap_net #(.PC_W(PC_W), .LANES(LANES)) u_net2 (
        .a_pc(s1_pc), .a_m(s1_m), .a_v(s1_v),
        .b_pc(s2_pc), .b_m(s2_m), .b_v(s2_v),
        .c_pc(h_pc),  .c_m(h_mask), .c_v(1'b1),
        .o1_pc(t1_pc), .o1_m(t1_m), .o1_v(t1_v),
        .o2_pc(t2_pc), .o2_m(t2_m), .o2_v(t2_v),
        .o3_pc(t3_pc), .o3_m(t3_m), .o3_v(t3_v),
        .merges(mg2)
    );

    // ----------------------------------------------------------- decide
    wire [LANES-1:0] a1 = op_v1 ? op_m1 : {LANES{1'b0}};
    wire [LANES-1:0] a2 = op_v2 ? op_m2 : {LANES{1'b0}};
    wire [LANES-1:0] a3 = op_v3 ? op_m3 : {LANES{1'b0}};
    wire             part_bad = ((a1 & a2) | (a1 & a3) | (a2 & a3) |
                                 (op_exit & (a1 | a2 | a3))) != {LANES{1'b0}} ||
                                (a1 | a2 | a3 | op_exit) != (w_m1 | w_m2);
    wire             mask_bad = (op_v1 && op_m1 == {LANES{1'b0}}) ||
                                (op_v2 && op_m2 == {LANES{1'b0}}) ||
                                (op_v3 && op_m3 == {LANES{1'b0}});
    wire [1:0]       k = {1'b0, s1_v} + {1'b0, s2_v} + {1'b0, s3_v};

    reg [2:0]        err_code_d;
    reg [3:0]        act_d;
    reg              merge_d;
    reg              wr_hct;
    reg [PC_W-1:0]   n1_pc, n2_pc;
    reg [LANES-1:0]  n1_m, n2_m;
    reg              n1_v, n2_v;
    reg              launch_d;
    reg [2:0]        cct_d;
    reg              deg_d;
    reg              start_d;
    reg [PC_W-1:0]   x_pc;
    reg [LANES-1:0]  x_mask;
    reg              lo_d;      // next lo of op_w (UPDATE)
    reg              hv_new;    // op_w's list is non-empty after the update
    reg [PC_W-1:0]   top_new;
    reg              lo_known;

    always @* begin
        err_code_d = ERR_NONE;
        act_d      = ACT_IDLE;
        merge_d    = 1'b0;
        wr_hct     = 1'b0;
        n1_pc = s1_pc;  n1_m = s1_m;  n1_v = s1_v;
        n2_pc = s2_pc;  n2_m = s2_m;  n2_v = s2_v;
        launch_d   = 1'b0;
        cct_d      = CCT_NONE;
        deg_d      = 1'b0;
        start_d    = 1'b0;
        x_pc       = s3_pc;
        x_mask     = s3_m;
        if (op == OP_NOP) begin
            act_d = ACT_IDLE;
        end else if (op != OP_LAUNCH && op != OP_UPDATE) begin
            err_code_d = ERR_BAD_OP;
        end else if (!op_warp_ok) begin
            err_code_d = ERR_BAD_WARP;
        end else if (op == OP_LAUNCH) begin
            if (w_v1 || w_hv)
                err_code_d = ERR_WARP_BUSY;
            else if (op_m1 == {LANES{1'b0}})
                err_code_d = ERR_BAD_MASK;
            else begin
                act_d    = ACT_LAUNCH;
                wr_hct   = 1'b1;
                launch_d = 1'b1;
                n1_pc = op_pc1;       n1_m = op_m1;            n1_v = 1'b1;
                n2_pc = {PC_W{1'b0}}; n2_m = {LANES{1'b0}};    n2_v = 1'b0;
            end
        end else if (!w_v1) begin
            err_code_d = ERR_WARP_IDLE;
        end else if (mask_bad) begin
            err_code_d = ERR_BAD_MASK;
        end else if (part_bad) begin
            err_code_d = ERR_BAD_PART;
        end else begin
            wr_hct  = 1'b1;
            merge_d = mg1 != 2'd0;
            if (k == 2'd3) begin
                if (w_hv && s3_pc == h_pc) begin
                    // s3 has the list head's PC: ORed into the head node
                    cct_d   = CCT_JOIN;
                    x_mask  = s3_m;
                    act_d   = ACT_JOIN;
                    merge_d = 1'b1;
                end else if (free_cnt_q == {CNT_W{1'b0}}) begin
                    act_d  = ACT_STALL;   // held: en = 0 writes nothing
                end else begin
                    cct_d   = CCT_PUSH;
                    deg_d   = s_busy_q && w_hv;
                    start_d = !s_busy_q && w_hv;
                    act_d   = (s_busy_q && w_hv) ? ACT_PUSH_DEG : ACT_PUSH;
                end
            end else if (!w_hv) begin
                act_d = (k == 2'd0) ? ACT_FINISH : ACT_UPDATE;
            end else if (k == 2'd2 && h_pc > s2_pc) begin
                act_d = ACT_UPDATE;
            end else begin
                merge_d = (mg1 != 2'd0) || (mg2 != 2'd0);
                n1_pc = t1_pc;  n1_m = t1_m;  n1_v = t1_v;
                n2_pc = t2_pc;  n2_m = t2_m;  n2_v = t2_v;
                if (t3_v) begin
                    cct_d   = CCT_EXCH;
                    x_pc    = t3_pc;
                    x_mask  = t3_m;
                    deg_d   = s_busy_q && h_nv;
                    start_d = !s_busy_q && h_nv;
                    act_d   = (s_busy_q && h_nv) ? ACT_EXCH_DEG : ACT_EXCH;
                end else begin
                    cct_d = CCT_POP;
                    act_d = ACT_POP;
                end
            end
        end
        // lo: may a cold PC lie below the new top PC?  Cleared when the top
        // is known to be below every cold PC: the list was empty, or the
        // head is the smallest cold PC and the top is below it (or at it
        // when the head leaves the list), or the cold PCs were above the
        // old top and the top did not rise.
        top_new  = n2_v ? n2_pc : n1_pc;
        hv_new   = (cct_d == CCT_PUSH || cct_d == CCT_EXCH || cct_d == CCT_JOIN) ? 1'b1 :
                   (cct_d == CCT_POP) ? h_nv : w_hv;
        lo_known = !w_hv ||
                   (w_headmin && ((cct_d == CCT_POP || cct_d == CCT_EXCH) ? top_new <= h_pc
                                                                           : top_new < h_pc)) ||
                   (!w_lo && top_new <= w_top);
        lo_d     = !launch_d && hv_new && !lo_known;
    end

    // a refused (err) or held (STALL) cycle changes nothing
    wire en = (err_code_d == ERR_NONE) && (act_d != ACT_STALL);

    // ------------------------------------------------- the sideband sorter
    // One node per cycle: pass an unsorted node or a smaller PC (walk, or
    // relink at the tail); an equal PC: merge (OR the masks into that node,
    // free the moved one); a larger PC: relink before it (done if it is the
    // first node examined).  It waits (holds) while the operation changes
    // its list, or the free list when it would free a node.
    wire [PC_W-1:0]  cur_pc  = cpc_q[s_cur_q];
    wire             cur_nv  = nv_q[s_cur_q];
    wire [PTR_W-1:0] cur_nxt = nxt_q[s_cur_q];
    wire [LANES-1:0] cur_mask = cmask_q[s_cur_q];
    wire             go_past = cu_q[s_cur_q] || (cur_pc < s_pc_q);
    wire             cur_eq  = !go_past && (cur_pc == s_pc_q);
    wire             touch   = s_busy_q && (cct_d != CCT_NONE) && (op_w == s_warp_q);
    wire             fl_op   = (cct_d == CCT_PUSH) || (cct_d == CCT_POP);
    wire             s_step  = en && s_busy_q && !touch && !(cur_eq && fl_op);
    wire             s_walk  = s_step && go_past && cur_nv;
    wire             s_done  = s_step && !go_past && !cur_eq && !s_prev_v_q;
    wire             s_relink = s_step && ((go_past && !cur_nv) ||
                                           (!go_past && !cur_eq && s_prev_v_q));
    wire             s_merge = s_step && cur_eq;
    wire [PTR_W-1:0] sa      = go_past ? s_cur_q : s_prev_q;   // n goes after sa
    wire [PTR_W-1:0] old_fn  = nxt_q[s_node_q];
    wire [PTR_W-1:0] old_an  = nxt_q[sa];
    wire             old_anv = nv_q[sa];

    // ------------------------------------------- CCT links, one entry each
    // Write ports of nxt/nv: the operation (PUSH: the new node gets the old
    // head; POP: the freed node goes on the free list) and the sorter's
    // relink (pred -> old successor of n; n -> old successor of sa; sa -> n).
    // Reset: entry g -> g+1, the last one a tail (the free list).
    wire             op_we   = en && (cct_d == CCT_PUSH || cct_d == CCT_POP);
    wire [PTR_W-1:0] op_node = (cct_d == CCT_PUSH) ? free_head_q : w_head;
    wire [PTR_W-1:0] op_nxt  = (cct_d == CCT_PUSH) ? w_head : free_head_q;
    wire             op_nv   = (cct_d == CCT_PUSH) ? w_hv : (free_cnt_q != {CNT_W{1'b0}});
    wire             rl      = s_relink;       // (s_step includes en)
    wire             unl     = s_relink || s_merge;   // n leaves its place
    wire             fl_nv   = free_cnt_q != {CNT_W{1'b0}};
    genvar g;
    generate
        for (g = 0; g < CCT; g = g + 1) begin : g_cct
            localparam [31:0] IDX  = g;
            localparam [31:0] NEXT = (g + 1 < CCT) ? g + 1 : 0;
            localparam        TAIL = (g + 1 >= CCT);
            reg [PTR_W-1:0] nxt_r;
            reg             nv_r;
            always @(posedge clk) begin
                if (rst) begin
                    nxt_r <= NEXT[PTR_W-1:0];
                    nv_r  <= !TAIL;
                end else begin
                    if (op_we && op_node == IDX[PTR_W-1:0]) begin
                        nxt_r <= op_nxt;
                        nv_r  <= op_nv;
                    end
                    if (unl && !s_pred_head_q && s_pred_q == IDX[PTR_W-1:0])
                        nxt_r <= old_fn;
                    if (rl && s_node_q == IDX[PTR_W-1:0]) begin
                        nxt_r <= old_an;
                        nv_r  <= old_anv;
                    end
                    if (s_merge && s_node_q == IDX[PTR_W-1:0]) begin
                        nxt_r <= free_head_q;    // freed: onto the free list
                        nv_r  <= fl_nv;
                    end
                    if (rl && sa == IDX[PTR_W-1:0]) begin
                        nxt_r <= s_node_q;
                        nv_r  <= 1'b1;
                    end
                end
            end
            assign nxt_q[g] = nxt_r;
            assign nv_q[g]  = nv_r;
        end
    endgenerate

    // -------------------------------------------------------------- outputs
    wire             r_v1  = v1_q[rd_w];
    wire             r_v2  = v2_q[rd_w];
    wire [PC_W-1:0]  r_pc1 = pc1_q[rd_w];
    wire [PC_W-1:0]  r_pc2 = pc2_q[rd_w];

    always @* begin
        err         = err_code_d != ERR_NONE;
        err_code    = err_code_d;
        act         = act_d;
        ready       = act_d != ACT_STALL;
        merge       = merge_d;
        rd_v1       = rd_warp_ok && r_v1;
        rd_pc1      = (rd_warp_ok && r_v1) ? r_pc1 : {PC_W{1'b0}};
        rd_m1       = (rd_warp_ok && r_v1) ? m1_q[rd_w] : {LANES{1'b0}};
        rd_v2       = rd_warp_ok && r_v2;
        rd_pc2      = (rd_warp_ok && r_v2) ? r_pc2 : {PC_W{1'b0}};
        rd_m2       = (rd_warp_ok && r_v2) ? m2_q[rd_w] : {LANES{1'b0}};
        rd_run2     = rd_warp_ok && r_v2 &&
                      !(rd_sync && ((rd_pc_div <= r_pc1 && r_pc1 < r_pc2) || lo_q[rd_w]));
        rd_cold     = rd_warp_ok && hv_q[rd_w];
        rd_degraded = rd_warp_ok && (dcnt_q[rd_w] != {DC_W{1'b0}});
        sort_busy   = s_busy_q;
        sort_warp   = s_warp_q;
        free_cnt    = free_cnt_q;
        deg_cnt     = deg_cnt_q;
    end

    // ----------------------------------------------------------- clock edge
    // The operation writes HCT row op_w, node free_head_q (PUSH) or w_head
    // (POP, EXCH) and head_q[op_w]; the sorter writes nodes of its own warp's
    // list and head_q[s_warp_q], and only when the operation leaves that list
    // alone (touch = 0): no location is written twice in one cycle.
    integer i;

    always @(posedge clk) begin
        if (rst) begin
            v1_q        <= {WARPS{1'b0}};
            v2_q        <= {WARPS{1'b0}};
            hv_q        <= {WARPS{1'b0}};
            lo_q        <= {WARPS{1'b0}};
            cu_q        <= {CCT{1'b0}};
            for (i = 0; i < WARPS; i = i + 1) begin
                head_q[i] <= {PTR_W{1'b0}};
                dcnt_q[i] <= {DC_W{1'b0}};
            end
            free_head_q <= {PTR_W{1'b0}};
            free_cnt_q  <= CCT32[CNT_W-1:0];
            s_busy_q    <= 1'b0;
            s_warp_q    <= {WARP_W{1'b0}};
            s_node_q    <= {PTR_W{1'b0}};
            s_pc_q      <= {PC_W{1'b0}};
            s_pred_head_q <= 1'b0;
            s_pred_q    <= {PTR_W{1'b0}};
            s_cur_q     <= {PTR_W{1'b0}};
            s_prev_v_q  <= 1'b0;
            s_prev_q    <= {PTR_W{1'b0}};
            deg_cnt_q   <= 16'd0;
        end else if (en) begin
            // ---- the operation
            if (wr_hct) begin
                pc1_q[op_w] <= n1_pc;
                m1_q[op_w]  <= n1_m;
                v1_q[op_w]  <= n1_v;
                pc2_q[op_w] <= n2_pc;
                m2_q[op_w]  <= n2_m;
                v2_q[op_w]  <= n2_v;
                lo_q[op_w]  <= lo_d;
            end
            if (cct_d != CCT_NONE)
                dcnt_q[op_w] <= w_dcnt - ((cct_d == CCT_POP || cct_d == CCT_EXCH) ?
                                          {{(DC_W-1){1'b0}}, h_cu} : {DC_W{1'b0}}) +
                                {{(DC_W-1){1'b0}}, deg_d};
            if (cct_d == CCT_PUSH) begin
                free_head_q            <= nxt_q[free_head_q];
                free_cnt_q             <= free_cnt_q - 1'b1;
                cpc_q[free_head_q]     <= x_pc;
                cmask_q[free_head_q]   <= x_mask;
                cu_q[free_head_q]      <= deg_d;
                head_q[op_w]           <= free_head_q;
                hv_q[op_w]             <= 1'b1;
                if (touch && s_pred_head_q) begin
                    s_pred_q      <= free_head_q;
                    s_pred_head_q <= 1'b0;
                end
                if (start_d) begin
                    s_busy_q      <= 1'b1;
                    s_warp_q      <= op_w;
                    s_node_q      <= free_head_q;
                    s_pc_q        <= x_pc;
                    s_pred_head_q <= 1'b1;
                    s_cur_q       <= w_head;
                    s_prev_v_q    <= 1'b0;
                end
            end
            if (cct_d == CCT_POP) begin
                head_q[op_w]  <= h_nxt;
                hv_q[op_w]    <= h_nv;
                free_head_q   <= w_head;
                free_cnt_q    <= free_cnt_q + 1'b1;
                if (touch) begin
                    if (w_head == s_node_q)
                        s_busy_q <= 1'b0;
                    else if (!s_pred_head_q && w_head == s_pred_q)
                        s_pred_head_q <= 1'b1;
                end
            end
            if (cct_d == CCT_EXCH) begin
                cpc_q[w_head]   <= x_pc;
                cmask_q[w_head] <= x_mask;
                cu_q[w_head]    <= deg_d;
                if (touch && w_head == s_node_q)
                    s_busy_q <= 1'b0;
                if (start_d) begin
                    s_busy_q      <= 1'b1;
                    s_warp_q      <= op_w;
                    s_node_q      <= w_head;
                    s_pc_q        <= x_pc;
                    s_pred_head_q <= 1'b1;
                    s_cur_q       <= h_nxt;
                    s_prev_v_q    <= 1'b0;
                end
            end
            if (cct_d == CCT_JOIN)
                cmask_q[w_head] <= h_mask | x_mask;
            if (deg_d)
                deg_cnt_q <= deg_cnt_q + 16'd1;
            // ---- the sorter
            if (s_walk) begin
                s_prev_q   <= s_cur_q;
                s_prev_v_q <= 1'b1;
                s_cur_q    <= cur_nxt;
            end
            if (s_done)
                s_busy_q <= 1'b0;
            if (s_relink || s_merge) begin
                // the links are written in g_cct
                if (s_pred_head_q)
                    head_q[s_warp_q] <= old_fn;
                s_busy_q <= 1'b0;
            end
            if (s_merge) begin
                cmask_q[s_cur_q] <= cur_mask | cmask_q[s_node_q];
                free_head_q      <= s_node_q;
                free_cnt_q       <= free_cnt_q + 1'b1;
            end
        end
    end

`ifdef FORMAL
    // ------------------------------------------------ formal properties
    // (make formal, docs/formal.md).  Contract: none beyond the reset that
    // starts every trace; every input is legal (a bad one is answered with
    // err, a push into a full CCT with ready = 0).
`include "formal.vh"

    // the architectural state, flat
    reg [WARPS*(2*PC_W+2*LANES+PTR_W+DC_W)-1:0] f_hct;
    reg [CCT*(PC_W+LANES+PTR_W)-1:0]             f_cct;
    integer f_w, f_n, f_i;
    always @* begin
        for (f_w = 0; f_w < WARPS; f_w = f_w + 1)
            f_hct[f_w*(2*PC_W+2*LANES+PTR_W+DC_W) +: 2*PC_W+2*LANES+PTR_W+DC_W] =
                {pc1_q[f_w], m1_q[f_w], pc2_q[f_w], m2_q[f_w], head_q[f_w], dcnt_q[f_w]};
        for (f_n = 0; f_n < CCT; f_n = f_n + 1)
            f_cct[f_n*(PC_W+LANES+PTR_W) +: PC_W+LANES+PTR_W] = {cpc_q[f_n], cmask_q[f_n], nxt_q[f_n]};
    end
    wire [4*WARPS+2*CCT+PTR_W+CNT_W+16-1:0] f_flags =
        {v1_q, v2_q, hv_q, lo_q, cu_q, nv_q, free_head_q, free_cnt_q, deg_cnt_q};
    wire [1+WARP_W+2*PTR_W+PC_W+1+PTR_W+1+PTR_W-1:0] f_sorter =
        {s_busy_q, s_warp_q, s_node_q, s_pc_q, s_pred_head_q, s_pred_q, s_cur_q, s_prev_v_q, s_prev_q};

    // the live threads of each warp (not a register of the hardware): set
    // by LAUNCH, less the exits of each accepted UPDATE
    reg [LANES-1:0] f_live [0:WARPS-1];
    always @(posedge clk)
        for (f_w = 0; f_w < WARPS; f_w = f_w + 1)
            if (rst)
                f_live[f_w] <= {LANES{1'b0}};
            else if (en && wr_hct && {{(32-WARP_W){1'b0}}, op_w} == f_w)
                f_live[f_w] <= launch_d ? op_m1 : (f_live[f_w] & ~op_exit);

    // the HCT rows (hct_cct_heap_check): slot 2 only with slot 1, a list
    // only behind a valid context, no empty context, CPC1 < CPC2, masks
    // disjoint, an empty list has no unsorted node and lo clear
    reg f_hct_ok, f_range_ok, f_list_ok, f_mask_ok, f_sort_ok, f_sorter_ok;
    reg [CCT-1:0]   f_seen;      // nodes met in the free list and the lists
    reg [PTR_W-1:0] f_p;
    reg             f_on;
    reg [LANES-1:0] f_acc;
    reg [DC_W-1:0]  f_uc;
    reg [PC_W-1:0]  f_last, f_top;
    reg             f_have, f_sw, f_after, f_fpred, f_fprev, f_fcur, f_pre_ok;
    reg [31:0]      f_wk;        // nodes between the sorter's node and cur
    integer         f_room;      // CCT - free_cnt
    always @* begin
        f_hct_ok   = 1'b1;
        f_range_ok = 1'b1;
        f_list_ok  = 1'b1;
        f_mask_ok  = 1'b1;
        f_sort_ok  = 1'b1;
        f_seen     = {CCT{1'b0}};
        f_after    = 1'b0;
        f_fpred    = 1'b0;
        f_fprev    = 1'b0;
        f_fcur     = 1'b0;
        f_pre_ok   = 1'b1;
        f_wk       = 32'd0;
        // free_cnt <= CCT, as the sign of CCT - free_cnt (a comparison
        // would be constant where CCT = 2^CNT_W - 1, e.g. CCT = 3)
        f_room     = CCT32 - {{(32-CNT_W){1'b0}}, free_cnt_q};
        if (f_room < 0 || {{(32-PTR_W){1'b0}}, free_head_q} >= CCT)
            f_range_ok = 1'b0;
        // the sorter's registers, busy or not (an idle sorter keeps them,
        // and a start takes its stale pred and prev along)
        if ({{(32-WARP_W){1'b0}}, s_warp_q} >= WARPS ||
            {{(32-PTR_W){1'b0}}, s_node_q} >= CCT ||
            {{(32-PTR_W){1'b0}}, s_cur_q} >= CCT ||
            {{(32-PTR_W){1'b0}}, s_pred_q} >= CCT ||
            {{(32-PTR_W){1'b0}}, s_prev_q} >= CCT)
            f_range_ok = 1'b0;
        for (f_n = 0; f_n < CCT; f_n = f_n + 1)
            if ({{(32-PTR_W){1'b0}}, nxt_q[f_n]} >= CCT)
                f_range_ok = 1'b0;
        // the free list: free_cnt nodes from free_head, each met once
        f_p = free_head_q;
        for (f_i = 0; f_i < CCT; f_i = f_i + 1)
            if (f_i < free_cnt_q) begin
                if (f_seen[f_p] || (f_i + 1 < free_cnt_q && !nv_q[f_p]))
                    f_list_ok = 1'b0;
                f_seen[f_p] = 1'b1;
                f_p = nxt_q[f_p];
            end
        for (f_w = 0; f_w < WARPS; f_w = f_w + 1) begin
            if ((v2_q[f_w] && !v1_q[f_w]) || (hv_q[f_w] && !v1_q[f_w]) ||
                (v1_q[f_w] && m1_q[f_w] == {LANES{1'b0}}) ||
                (v2_q[f_w] && (m2_q[f_w] == {LANES{1'b0}} || !(pc1_q[f_w] < pc2_q[f_w]) ||
                               (m1_q[f_w] & m2_q[f_w]) != {LANES{1'b0}})) ||
                (!hv_q[f_w] && (dcnt_q[f_w] != {DC_W{1'b0}} || lo_q[f_w])))
                f_hct_ok = 1'b0;
            if ({{(32-PTR_W){1'b0}}, head_q[f_w]} >= CCT)
                f_range_ok = 1'b0;
            // its list from head: each node met once, with a thread of its
            // own; the unsorted ones counted by dcnt; the HCT's threads and
            // the list's together are the warp's live threads
            f_acc = (v1_q[f_w] ? m1_q[f_w] : {LANES{1'b0}}) | (v2_q[f_w] ? m2_q[f_w] : {LANES{1'b0}});
            f_uc  = {DC_W{1'b0}};
            f_p   = head_q[f_w];
            f_on  = hv_q[f_w];
            f_have = 1'b0;
            f_last = {PC_W{1'b0}};
            f_top  = v2_q[f_w] ? pc2_q[f_w] : pc1_q[f_w];
            f_sw   = s_busy_q && {{(32-WARP_W){1'b0}}, s_warp_q} == f_w;
            for (f_i = 0; f_i < CCT; f_i = f_i + 1)
                if (f_on) begin
                    if (f_seen[f_p])
                        f_list_ok = 1'b0;
                    f_seen[f_p] = 1'b1;
                    if (cmask_q[f_p] == {LANES{1'b0}} || (cmask_q[f_p] & f_acc) != {LANES{1'b0}})
                        f_mask_ok = 1'b0;
                    f_acc = f_acc | cmask_q[f_p];
                    f_uc  = f_uc + {{(DC_W-1){1'b0}}, cu_q[f_p]};
                    // sorted: the nodes written sorted (all but the unsorted
                    // ones and the node the sorter moves) strictly increase;
                    // lo clear: every cold PC above the HCT's top PC
                    if (!cu_q[f_p] && !(f_sw && f_p == s_node_q)) begin
                        if (f_have && cpc_q[f_p] <= f_last)
                            f_sort_ok = 1'b0;
                        f_last = cpc_q[f_p];
                        f_have = 1'b1;
                    end
                    if (!lo_q[f_w] && cpc_q[f_p] <= f_top)
                        f_sort_ok = 1'b0;
                    // the sorter's registers in its warp's list: pred just
                    // before its node, the nodes it walked past (unsorted or
                    // below its PC), prev just before cur
                    if (f_sw) begin
                        // before its node only unsorted nodes (pushed
                        // degraded while it walked): none to sort against
                        if (!f_after && f_p != s_node_q && !cu_q[f_p])
                            f_pre_ok = 1'b0;
                        if (f_p == s_node_q)
                            f_after = 1'b1;
                        else if (!f_after && !s_pred_head_q && f_p == s_pred_q &&
                                 nxt_q[f_p] == s_node_q && nv_q[f_p])
                            f_fpred = 1'b1;
                        else if (f_after && !f_fcur) begin
                            if (f_p == s_cur_q)
                                f_fcur = 1'b1;
                            else begin
                                if (!cu_q[f_p] && !(cpc_q[f_p] < s_pc_q))
                                    f_sort_ok = 1'b0;
                                f_wk = f_wk + 32'd1;
                                if (s_prev_v_q && f_p == s_prev_q && nxt_q[f_p] == s_cur_q && nv_q[f_p])
                                    f_fprev = 1'b1;
                            end
                        end
                    end
                    f_on  = nv_q[f_p];
                    f_p   = nxt_q[f_p];
                end
            if (f_on || f_uc != dcnt_q[f_w])   // longer than CCT: a cycle
                f_list_ok = 1'b0;
            if (f_acc != f_live[f_w])
                f_mask_ok = 1'b0;
        end
        if (f_seen != {CCT{1'b1}})   // every node in a list: none leaked
            f_list_ok = 1'b0;
        // a busy sorter: its node a sorted non-tail node of its warp's list
        // with its PC, pred (or the head pointer) just before it, cur after
        // it (just after prev, or after the node itself when nothing was
        // walked past yet)
        f_sorter_ok = !s_busy_q ||
                      (f_after && f_pre_ok && cpc_q[s_node_q] == s_pc_q && nv_q[s_node_q] && !cu_q[s_node_q] &&
                       s_pred_head_q == (head_q[s_warp_q] == s_node_q) &&
                       f_fcur && (s_pred_head_q || f_fpred) && (!s_prev_v_q || f_fprev) &&
                       (s_prev_v_q || nxt_q[s_node_q] == s_cur_q));
    end

    // the sorter's walk (bounded liveness, header "CCT sideband sorter"):
    // f_walks counts its steps past a node since its start; while it is
    // busy they are the nodes between its node and cur (f_wk: the sorter
    // alone changes that part of the list), so a walk passes at most
    // min(LANES-2, CCT)-1 nodes
    localparam integer F_WALK_MAX = ((LANES - 2 < CCT) ? LANES - 2 : CCT) - 1;
    reg [31:0] f_walks;
    always @(posedge clk)
        if (rst)
            f_walks <= 32'd0;
        else if (en && start_d)
            f_walks <= 32'd0;
        else if (s_walk)
            f_walks <= f_walks + 32'd1;

    // the links' reset: entry g -> g+1, the last a tail
    reg [CCT*PTR_W-1:0] f_nxt, f_nxt_reset;
    reg [CCT-1:0]       f_nv_reset;
    reg [PTR_W-1:0]     f_succ;
    always @* begin
        f_succ = {PTR_W{1'b0}};
        for (f_n = 0; f_n < CCT; f_n = f_n + 1) begin
            f_nxt[f_n*PTR_W +: PTR_W]       = nxt_q[f_n];
            f_succ                          = f_succ + 1'b1; // f_n + 1 where it fits
            f_nxt_reset[f_n*PTR_W +: PTR_W] = (f_n + 1 < CCT) ? f_succ : {PTR_W{1'b0}};
            f_nv_reset[f_n]                 = f_n + 1 < CCT;
        end
    end

    always @(posedge clk)
        if (f_past) begin
            if ($past(rst))
                p_reset: assert(v1_q == {WARPS{1'b0}} && v2_q == {WARPS{1'b0}} &&
                                hv_q == {WARPS{1'b0}} && lo_q == {WARPS{1'b0}} &&
                                cu_q == {CCT{1'b0}} && free_head_q == {PTR_W{1'b0}} &&
                                free_cnt_q == CCT32[CNT_W-1:0] && !s_busy_q &&
                                deg_cnt_q == 16'd0 && f_nxt == f_nxt_reset && nv_q == f_nv_reset);
            // illegal input, or a held push (ready = 0): nothing changes,
            // the sorter included
            if (!$past(rst) && ($past(err) || !$past(ready)))
                p_err_keeps: assert(f_hct == $past(f_hct) && f_cct == $past(f_cct) &&
                                    f_flags == $past(f_flags) && f_sorter == $past(f_sorter));
        end

    always @*
        if (f_past) begin
            p_hct: assert(f_hct_ok);
            p_ranges: assert(f_range_ok);
            // the free list and the warps' lists: every CCT node in exactly
            // one of them, no cycle; dcnt counts a list's unsorted nodes
            p_lists: assert(f_list_ok);
            // HCT and CCT masks disjoint, with their union the live threads
            p_masks: assert(f_mask_ok);
            // each list sorted (but its unsorted nodes and the node being
            // moved), every cold PC above the top when lo is clear, the
            // sorter's walk only past unsorted or smaller nodes
            p_sorted: assert(f_sort_ok);
            // the sorter's registers placed around its node in its warp's
            // list (hct_cct_heap_check's last part)
            p_sorter: assert(f_sorter_ok);
            // bounded liveness: a walk passes at most min(LANES-2, CCT)-1
            // nodes, each of them still between the node and cur
            p_walk: assert(!s_busy_q || (f_walks == f_wk && f_walks <= F_WALK_MAX));
            p_err_code: assert(err == (err_code != ERR_NONE) && (!err || (act == ACT_IDLE && ready)) &&
                               ready == (act != ACT_STALL));
        end
`endif

endmodule

// hct_cct_heap_net -- the HCT sorter network (001 Fig. 5b): merge equal
// valid PCs (pairs (a,b), (a,c), (b,c) in that order, OR of the masks), then
// three compare-exchanges (a,b), (b,c), (a,b) with an invalid context as
// +infinity: the valid contexts come out first, in increasing PC order.
// Invalid outputs are all-zero.  merges = number of merges (0..2).
// Purely combinational.  C twin: hct_cct_heap_net() in rtl_c/hct_cct_heap.c.
// It is instantiated twice (stage 1 and stage 2), hence its own module here.
/* verilator lint_off DECLFILENAME */
module hct_cct_heap_net #(
    parameter PC_W  = 32,
    parameter LANES = 64
) (
    input  wire [PC_W-1:0]  a_pc,
    input  wire [LANES-1:0] a_m,
    input  wire             a_v,
    input  wire [PC_W-1:0]  b_pc,
    input  wire [LANES-1:0] b_m,
    input  wire             b_v,
    input  wire [PC_W-1:0]  c_pc,
    input  wire [LANES-1:0] c_m,
    input  wire             c_v,
    output reg  [PC_W-1:0]  o1_pc,
    output reg  [LANES-1:0] o1_m,
    output reg              o1_v,
    output reg  [PC_W-1:0]  o2_pc,
    output reg  [LANES-1:0] o2_m,
    output reg              o2_v,
    output reg  [PC_W-1:0]  o3_pc,
    output reg  [LANES-1:0] o3_m,
    output reg              o3_v,
    output reg  [1:0]       merges
);
    /* verilator lint_on DECLFILENAME */
    reg [PC_W-1:0]  xp, yp, zp, tp;
    reg [LANES-1:0] xm, ym, zm, tm;
    reg             xv, yv, zv, tv;

    always @* begin
        xp = a_pc;  xm = a_m;  xv = a_v;
        yp = b_pc;  ym = b_m;  yv = b_v;
        zp = c_pc;  zm = c_m;  zv = c_v;
        tp = {PC_W{1'b0}};  tm = {LANES{1'b0}};  tv = 1'b0;
        merges = 2'd0;
        if (xv && yv && xp == yp) begin
            xm = xm | ym;
            yv = 1'b0;
            merges = merges + 2'd1;
        end
        if (xv && zv && xp == zp) begin
            xm = xm | zm;
            zv = 1'b0;
            merges = merges + 2'd1;
        end
        if (yv && zv && yp == zp) begin
            ym = ym | zm;
            zv = 1'b0;
            merges = merges + 2'd1;
        end
        // compare-exchange (x, y)
        if ((!xv && yv) || (xv && yv && yp < xp)) begin
            tp = xp;  tm = xm;  tv = xv;
            xp = yp;  xm = ym;  xv = yv;
            yp = tp;  ym = tm;  yv = tv;
        end
        // compare-exchange (y, z)
        if ((!yv && zv) || (yv && zv && zp < yp)) begin
            tp = yp;  tm = ym;  tv = yv;
            yp = zp;  ym = zm;  yv = zv;
            zp = tp;  zm = tm;  zv = tv;
        end
        // compare-exchange (x, y)
        if ((!xv && yv) || (xv && yv && yp < xp)) begin
            tp = xp;  tm = xm;  tv = xv;
            xp = yp;  xm = ym;  xv = yv;
            yp = tp;  ym = tm;  yv = tv;
        end
        o1_v  = xv;
        o1_pc = xv ? xp : {PC_W{1'b0}};
        o1_m  = xv ? xm : {LANES{1'b0}};
        o2_v  = yv;
        o2_pc = yv ? yp : {PC_W{1'b0}};
        o2_m  = yv ? ym : {LANES{1'b0}};
        o3_v  = zv;
        o3_pc = zv ? zp : {PC_W{1'b0}};
        o3_m  = zv ? zm : {LANES{1'b0}};
    end
endmodule
