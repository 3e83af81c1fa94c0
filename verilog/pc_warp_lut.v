// SPDX-License-Identifier: Apache-2.0
// pc_warp_lut.v -- the PC-warp lookup table of dynamic warp formation.
//
// A 2-way set-associative table {valid, PC, OCC, IDX} (one LRU bit per set)
// that maps the next PC of committing threads to the warp being formed for
// it in the warp pool, lane-aware: OCC (lanes already taken in that warp)
// is compared with REQ (the lanes of the incoming threads).  Two lookups per
// cycle (taken / not-taken PC).  Follows 000 sec. 4.1-4.2, Fig. 11(b) and
// Table 1 (32 x {PC 32, OCC 16, IDX 8} = 1792 bits); SPEC 3.4; ports per
// the DWF contract with warp_pool.  Twin of rtl_c/pc_warp_lut.{h,c}, which
// documents the behaviour in full (with a worked example); both are written
// as the same `decide` block and the same clock edge.
//
//   | parameter | default | meaning                                        |
//   |-----------|---------|------------------------------------------------|
//   | ENTRIES   | 32      | LUT entries (4..128, power of two)             |
//   | WAYS      | 2       | associativity (only 2 is modelled)             |
//   | LANES     | 16      | SIMD width: REQ / OCC bits (1..64)             |
//   | PC_W      | 32      | PC width (4..64)                               |
//   | POOL      | 256     | warp pool entries (2..4096)                    |
//   | SETS, SET_W, ENT_W, IDX_W | derived, do not override: ENTRIES/WAYS,|
//   |           |         | clog2(SETS), clog2(ENTRIES), clog2(POOL)       |
//
// Entry e = set * 2 + way.  Hash: set = XOR-fold of pc[PC_W-1:2] into SET_W
// bits (set bit k = XOR of pc[2 + k + SET_W*m]); the tag is the whole PC.
//
// Per lookup j, with BYPASS (an entry whose IDX == inv_idx while inv_valid
// counts as invalid this cycle, and is invalidated at the edge):
//   hit, REQ & OCC == 0  join_mask = REQ to IDX; OCC |= REQ
//   hit, REQ & OCC != 0  join_mask = REQ & ~OCC to IDX, new_mask = REQ & OCC
//                        to new_idx; IDX := new_idx, OCC := REQ & OCC
//   miss                 way = first invalid (way 0 first), else LRU;
//                        evict = that way was valid; entry := {pc, REQ,
//                        new_idx}; new_mask = REQ
//   LRU := !way of the later lookup (lk1 after lk0) of the set.
// Same set, one cycle: a miss never takes the way the other lookup hits or
// (for lk1) the way lk0 allocated: it takes the other way.
// New warps take alloc_idx0, then alloc_idx1, in lookup order.
// need_cnt > alloc_avail: ready = 0, nothing updates (invalidation neither),
// lk*_ and inv_hit read 0; the user holds the committing warp and the issue.
// ready depends combinationally on inv_valid/inv_idx (bypass); in the dwf
// (POOL = threads per core) it is always 1, see the C header.
//
// Timing: every output is combinational from the registered state and this
// cycle's inputs; the table changes at the rising edge of clk.  rd_* (debug
// read port) shows entry rd_entry before this cycle's update.  rst is
// synchronous, active high, and clears every entry and LRU bit.
//
// Illegal input (err = 1, ready = 1, nothing updates), in priority order:
// BAD_AVAIL (alloc_avail == 3), SAME_PC (both lookups, equal PCs), BAD_REQ
// (a valid lookup with REQ == 0), BAD_IDX (inv_idx or an offered index >=
// POOL), IDX_IN_USE (an offered index that is a valid entry's IDX, or
// inv_idx, or both offered indices equal).
//
// Departures from the paper: the paper leaves the hash, replacement and
// same-set rules open; the valid and LRU bits are not in Table 1's count;
// need_cnt, lk*_set/way/hit/conflict/evict, inv_hit and the read port are
// for debugging and coverage.  The table is flops (the paper: a 2 RP / 2 WP
// memory); two lookups write at most two different entries per cycle.
module pc_warp_lut #(
    parameter ENTRIES = 32,
    parameter WAYS    = 2,
    parameter LANES   = 16,
    parameter PC_W    = 32,
    parameter POOL    = 256,
    parameter SETS    = ENTRIES / WAYS,
    parameter SET_W   = $clog2(SETS),
    parameter ENT_W   = $clog2(ENTRIES),
    parameter IDX_W   = $clog2(POOL)
) (
    input  wire             clk,
    input  wire             rst,
    input  wire             lk0_valid,
    input  wire [PC_W-1:0]  lk0_pc,
    input  wire [LANES-1:0] lk0_req,
    input  wire             lk1_valid,
    input  wire [PC_W-1:0]  lk1_pc,
    input  wire [LANES-1:0] lk1_req,
    input  wire [IDX_W-1:0] alloc_idx0,
    input  wire [IDX_W-1:0] alloc_idx1,
    input  wire [1:0]       alloc_avail,
    input  wire             inv_valid,
    input  wire [IDX_W-1:0] inv_idx,
    input  wire [ENT_W-1:0] rd_entry,
    output reg              ready,
    output reg              err,
    output reg  [2:0]       err_code,
    output reg  [1:0]       need_cnt,
    output reg              lk0_hit,
    output reg              lk0_conflict,
    output reg              lk0_evict,
    output reg  [SET_W-1:0] lk0_set,
    output reg              lk0_way,
    output reg  [LANES-1:0] lk0_join_mask,
    output reg  [IDX_W-1:0] lk0_join_idx,
    output reg              lk0_new,
    output reg  [LANES-1:0] lk0_new_mask,
    output reg  [IDX_W-1:0] lk0_new_idx,
    output reg              lk1_hit,
    output reg              lk1_conflict,
    output reg              lk1_evict,
    output reg  [SET_W-1:0] lk1_set,
    output reg              lk1_way,
    output reg  [LANES-1:0] lk1_join_mask,
    output reg  [IDX_W-1:0] lk1_join_idx,
    output reg              lk1_new,
    output reg  [LANES-1:0] lk1_new_mask,
    output reg  [IDX_W-1:0] lk1_new_idx,
    output reg              inv_hit,
`ifdef FORMAL
    // formal only (verilog/dwf.v's strengthening properties): the table's
    // registers, every entry at once (not hardware ports)
    output wire [ENTRIES-1:0]       f_valid_o,
    output wire [ENTRIES*PC_W-1:0]  f_pc_o,
    output wire [ENTRIES*LANES-1:0] f_occ_o,
    output wire [ENTRIES*IDX_W-1:0] f_idx_o,
`endif
    output reg              rd_valid,
    output reg  [PC_W-1:0]  rd_pc,
    output reg  [LANES-1:0] rd_occ,
    output reg  [IDX_W-1:0] rd_idx,
    output reg              rd_lru
);

    localparam [2:0] ERR_NONE       = 3'd0;
    localparam [2:0] ERR_BAD_AVAIL  = 3'd1;
    localparam [2:0] ERR_SAME_PC    = 3'd2;
    localparam [2:0] ERR_BAD_REQ    = 3'd3;
    localparam [2:0] ERR_BAD_IDX    = 3'd4;
    localparam [2:0] ERR_IDX_IN_USE = 3'd5;

    // ---------------------------------------------------------------- state
    // Flat vectors, entry e at [e*W +: W].
    reg [ENTRIES-1:0]       valid_q /*verilator public_flat_rd*/;
    reg [ENTRIES*PC_W-1:0]  pc_q    /*verilator public_flat_rd*/;
    reg [ENTRIES*LANES-1:0] occ_q   /*verilator public_flat_rd*/;
    reg [ENTRIES*IDX_W-1:0] idx_q   /*verilator public_flat_rd*/;
    reg [SETS-1:0]          lru_q   /*verilator public_flat_rd*/;   // per set: the way a miss evicts next

    // ----------------------------------------------------------------- hash
    function [SET_W-1:0] pc_hash;
        input [PC_W-1:0] p;
        integer i;
        begin
            pc_hash = {SET_W{1'b0}};
            for (i = 2; i < PC_W; i = i + 1)
                pc_hash[(i - 2) % SET_W] = pc_hash[(i - 2) % SET_W] ^ p[i];
        end
    endfunction

    // --------------------------------------- index range (BAD_IDX), per POOL
    wire inv_in_pool;
    wire a0_in_pool;
    wire a1_in_pool;
    generate
        if (POOL < (1 << IDX_W)) begin : g_pool_range
            assign inv_in_pool = {{(32-IDX_W){1'b0}}, inv_idx} < POOL;
            assign a0_in_pool  = {{(32-IDX_W){1'b0}}, alloc_idx0} < POOL;
            assign a1_in_pool  = {{(32-IDX_W){1'b0}}, alloc_idx1} < POOL;
        end else begin : g_pool_full
            // every IDX_W-bit index is a pool entry
            assign inv_in_pool = 1'b1;
            assign a0_in_pool  = 1'b1;
            assign a1_in_pool  = 1'b1;
        end
    endgenerate

    // ------------------------------------------ per-entry compares (one each)
    reg [ENTRIES-1:0] inv_match;  // valid, IDX == inv_idx, inv_valid
    reg               live0;      // offered alloc_idx0 is a valid entry's IDX
    reg               live1;
    integer e;

    always @* begin
        live0 = 1'b0;
        live1 = 1'b0;
        for (e = 0; e < ENTRIES; e = e + 1) begin
            inv_match[e] = valid_q[e] && inv_valid && (idx_q[e*IDX_W +: IDX_W] == inv_idx);
            if (valid_q[e] && alloc_avail >= 2'd1 && idx_q[e*IDX_W +: IDX_W] == alloc_idx0)
                live0 = 1'b1;
            if (valid_q[e] && alloc_avail >= 2'd2 && idx_q[e*IDX_W +: IDX_W] == alloc_idx1)
                live1 = 1'b1;
        end
    end

    wire [ENTRIES-1:0] ev = valid_q & ~inv_match;  // effectively valid

    // ------------------------------------------------------ tag compare
    wire [SET_W-1:0] set0 = pc_hash(lk0_pc);
    wire [SET_W-1:0] set1 = pc_hash(lk1_pc);
    wire [ENT_W-1:0] e00  = {set0, 1'b0};
    wire [ENT_W-1:0] e01  = {set0, 1'b1};
    wire [ENT_W-1:0] e10  = {set1, 1'b0};
    wire [ENT_W-1:0] e11  = {set1, 1'b1};

    wire ev00 = ev[e00];
    wire ev01 = ev[e01];
    wire ev10 = ev[e10];
    wire ev11 = ev[e11];
    wire m00  = ev00 && (pc_q[e00*PC_W +: PC_W] == lk0_pc);
    wire m01  = ev01 && (pc_q[e01*PC_W +: PC_W] == lk0_pc);
    wire m10  = ev10 && (pc_q[e10*PC_W +: PC_W] == lk1_pc);
    wire m11  = ev11 && (pc_q[e11*PC_W +: PC_W] == lk1_pc);
    wire hit0 = lk0_valid && (m00 || m01);
    wire hit1 = lk1_valid && (m10 || m11);
    wire hw0  = !m00;   // hit way (way 0 wins)
    wire hw1  = !m10;
    wire same = lk0_valid && lk1_valid && (set0 == set1);

    // ways: lk0's miss avoids lk1's hit way; lk1's miss avoids lk0's way
    reg way0;
    reg way1;
    always @* begin
        if (hit0)
            way0 = hw0;
        else if (same && hit1)
            way0 = !hw1;
        else if (!ev00)
            way0 = 1'b0;
        else if (!ev01)
            way0 = 1'b1;
        else
            way0 = lru_q[set0];
        if (hit1)
            way1 = hw1;
        else if (same)
            way1 = !way0;
        else if (!ev10)
            way1 = 1'b0;
        else if (!ev11)
            way1 = 1'b1;
        else
            way1 = lru_q[set1];
    end

    wire [ENT_W-1:0] ent0 = {set0, way0};
    wire [ENT_W-1:0] ent1 = {set1, way1};
    wire [LANES-1:0] occ0 = occ_q[ent0*LANES +: LANES];
    wire [LANES-1:0] occ1 = occ_q[ent1*LANES +: LANES];
    wire [IDX_W-1:0] idx0 = idx_q[ent0*IDX_W +: IDX_W];
    wire [IDX_W-1:0] idx1 = idx_q[ent1*IDX_W +: IDX_W];

    wire conf0 = hit0 && ((lk0_req & occ0) != {LANES{1'b0}});
    wire conf1 = hit1 && ((lk1_req & occ1) != {LANES{1'b0}});
    wire new0  = lk0_valid && (!hit0 || conf0);
    wire new1  = lk1_valid && (!hit1 || conf1);
    wire [1:0] need = {1'b0, new0} + {1'b0, new1};
    wire [IDX_W-1:0] nidx0 = alloc_idx0;
    wire [IDX_W-1:0] nidx1 = new0 ? alloc_idx1 : alloc_idx0;

    // --------------------------------------------------------------- decide
    reg [2:0] err_code_d;

    always @* begin
        err_code_d = ERR_NONE;
        if (alloc_avail == 2'd3)
            err_code_d = ERR_BAD_AVAIL;
        else if (lk0_valid && lk1_valid && lk0_pc == lk1_pc)
            err_code_d = ERR_SAME_PC;
        else if ((lk0_valid && lk0_req == {LANES{1'b0}}) ||
                 (lk1_valid && lk1_req == {LANES{1'b0}}))
            err_code_d = ERR_BAD_REQ;
        else if ((inv_valid && !inv_in_pool) ||
                 (alloc_avail >= 2'd1 && !a0_in_pool) ||
                 (alloc_avail >= 2'd2 && !a1_in_pool))
            err_code_d = ERR_BAD_IDX;
        else if (live0 || live1 ||
                 (alloc_avail >= 2'd1 && inv_valid && alloc_idx0 == inv_idx) ||
                 (alloc_avail >= 2'd2 && inv_valid && alloc_idx1 == inv_idx) ||
                 (alloc_avail >= 2'd2 && alloc_idx0 == alloc_idx1))
            err_code_d = ERR_IDX_IN_USE;
    end

    wire bad  = err_code_d != ERR_NONE;
    wire fire = !bad && (need <= alloc_avail);
    wire f0   = fire && lk0_valid;
    wire f1   = fire && lk1_valid;

    // -------------------------------------------------------------- outputs
    always @* begin
        err           = bad;
        err_code      = err_code_d;
        ready         = bad || (need <= alloc_avail);
        need_cnt      = bad ? 2'd0 : need;
        lk0_hit       = f0 && hit0;
        lk0_conflict  = f0 && conf0;
        lk0_evict     = f0 && !hit0 && (way0 ? ev01 : ev00);
        lk0_set       = f0 ? set0 : {SET_W{1'b0}};
        lk0_way       = f0 && way0;
        lk0_join_mask = (f0 && hit0) ? (lk0_req & ~occ0) : {LANES{1'b0}};
        lk0_join_idx  = (f0 && hit0) ? idx0 : {IDX_W{1'b0}};
        lk0_new       = f0 && new0;
        lk0_new_mask  = !(f0 && new0) ? {LANES{1'b0}} : (hit0 ? (lk0_req & occ0) : lk0_req);
        lk0_new_idx   = (f0 && new0) ? nidx0 : {IDX_W{1'b0}};
        lk1_hit       = f1 && hit1;
        lk1_conflict  = f1 && conf1;
        lk1_evict     = f1 && !hit1 && (way1 ? ev11 : ev10);
        lk1_set       = f1 ? set1 : {SET_W{1'b0}};
        lk1_way       = f1 && way1;
        lk1_join_mask = (f1 && hit1) ? (lk1_req & ~occ1) : {LANES{1'b0}};
        lk1_join_idx  = (f1 && hit1) ? idx1 : {IDX_W{1'b0}};
        lk1_new       = f1 && new1;
        lk1_new_mask  = !(f1 && new1) ? {LANES{1'b0}} : (hit1 ? (lk1_req & occ1) : lk1_req);
        lk1_new_idx   = (f1 && new1) ? nidx1 : {IDX_W{1'b0}};
        inv_hit       = fire && (inv_match != {ENTRIES{1'b0}});
        rd_valid      = valid_q[rd_entry];
        rd_pc         = pc_q[rd_entry*PC_W +: PC_W];
        rd_occ        = occ_q[rd_entry*LANES +: LANES];
        rd_idx        = idx_q[rd_entry*IDX_W +: IDX_W];
        rd_lru        = lru_q[rd_entry[ENT_W-1:1]];
    end

    // ------------------------------------------------------- next state
    // lk0 and lk1 never write the same entry; a lookup's write wins over
    // the invalidation of the issued warp's entry.
    reg [ENTRIES-1:0]       valid_d;
    reg [ENTRIES*PC_W-1:0]  pc_d;
    reg [ENTRIES*LANES-1:0] occ_d;
    reg [ENTRIES*IDX_W-1:0] idx_d;
    reg [SETS-1:0]          lru_d;

    always @* begin
        valid_d = valid_q;
        pc_d    = pc_q;
        occ_d   = occ_q;
        idx_d   = idx_q;
        lru_d   = lru_q;
        if (fire) begin
            valid_d = valid_q & ~inv_match;
            if (lk0_valid) begin
                if (hit0 && !conf0) begin
                    occ_d[ent0*LANES +: LANES] = occ0 | lk0_req;
                end else if (hit0) begin
                    occ_d[ent0*LANES +: LANES] = lk0_req & occ0;
                    idx_d[ent0*IDX_W +: IDX_W] = nidx0;
                end else begin
                    valid_d[ent0]              = 1'b1;
                    pc_d[ent0*PC_W +: PC_W]    = lk0_pc;
                    occ_d[ent0*LANES +: LANES] = lk0_req;
                    idx_d[ent0*IDX_W +: IDX_W] = nidx0;
                end
                lru_d[set0] = !way0;
            end
            if (lk1_valid) begin
                if (hit1 && !conf1) begin
                    occ_d[ent1*LANES +: LANES] = occ1 | lk1_req;
                end else if (hit1) begin
                    occ_d[ent1*LANES +: LANES] = lk1_req & occ1;
                    idx_d[ent1*IDX_W +: IDX_W] = nidx1;
                end else begin
                    valid_d[ent1]              = 1'b1;
                    pc_d[ent1*PC_W +: PC_W]    = lk1_pc;
                    occ_d[ent1*LANES +: LANES] = lk1_req;
                    idx_d[ent1*IDX_W +: IDX_W] = nidx1;
                end
                lru_d[set1] = !way1;
            end
        end
    end

    // ----------------------------------------------------------- clock edge
    always @(posedge clk) begin
        if (rst) begin
            valid_q <= {ENTRIES{1'b0}};
            pc_q    <= {(ENTRIES*PC_W){1'b0}};
            occ_q   <= {(ENTRIES*LANES){1'b0}};
            idx_q   <= {(ENTRIES*IDX_W){1'b0}};
            lru_q   <= {SETS{1'b0}};
        end else begin
            valid_q <= valid_d;
            pc_q    <= pc_d;
            occ_q   <= occ_d;
            idx_q   <= idx_d;
            lru_q   <= lru_d;
        end
    end

`ifdef FORMAL
    // ------------------------------------------------ formal properties
    // (make formal, docs/formal.md).  Contract: none beyond the reset that
    // starts every trace; every input is legal (a bad one is answered with
    // err, too few offered indices with ready = 0).
`include "formal.vh"

    assign f_valid_o = valid_q;
    assign f_pc_o    = pc_q;
    assign f_occ_o   = occ_q;
    assign f_idx_o   = idx_q;

    // set k of a PC as the header states it: XOR of pc[2 + k + SET_W*m]
    function [SET_W-1:0] f_set_of;
        input [PC_W-1:0] p;
        integer k, m;
        begin
            f_set_of = {SET_W{1'b0}};
            for (k = 0; k < SET_W; k = k + 1)
                for (m = 0; 2 + k + SET_W * m < PC_W; m = m + 1)
                    f_set_of[k] = f_set_of[k] ^ p[2 + k + SET_W * m];
        end
    endfunction

    reg f_occ_ok, f_set_ok, f_pc_ok, f_idx_ok, f_range_ok;
    integer f_e, f_f;
    always @* begin
        f_occ_ok = 1'b1;
        f_set_ok = 1'b1;
        f_pc_ok = 1'b1;
        f_idx_ok = 1'b1;
        f_range_ok = 1'b1;
        for (f_e = 0; f_e < ENTRIES; f_e = f_e + 1)
            if (valid_q[f_e]) begin
                if (occ_q[f_e*LANES +: LANES] == {LANES{1'b0}})
                    f_occ_ok = 1'b0;
                if ({{(32-SET_W){1'b0}}, f_set_of(pc_q[f_e*PC_W +: PC_W])} != f_e / 2)
                    f_set_ok = 1'b0;
                if ({{(32-IDX_W){1'b0}}, idx_q[f_e*IDX_W +: IDX_W]} >= POOL)
                    f_range_ok = 1'b0;
                for (f_f = f_e + 1; f_f < ENTRIES; f_f = f_f + 1)
                    if (valid_q[f_f]) begin
                        if (pc_q[f_f*PC_W +: PC_W] == pc_q[f_e*PC_W +: PC_W])
                            f_pc_ok = 1'b0;
                        if (idx_q[f_f*IDX_W +: IDX_W] == idx_q[f_e*IDX_W +: IDX_W])
                            f_idx_ok = 1'b0;
                    end
            end
    end

    always @(posedge clk)
        if (f_past) begin
            if ($past(rst))
                p_reset: assert(valid_q == {ENTRIES{1'b0}} && pc_q == {(ENTRIES*PC_W){1'b0}} &&
                                occ_q == {(ENTRIES*LANES){1'b0}} && idx_q == {(ENTRIES*IDX_W){1'b0}} &&
                                lru_q == {SETS{1'b0}});
            // illegal input, or too few indices (ready = 0), or an idle
            // cycle (no lookup, no invalidation): nothing changes
            if (!$past(rst) && ($past(err) || !$past(ready) ||
                                !($past(lk0_valid) || $past(lk1_valid) || $past(inv_valid))))
                p_err_keeps: assert(valid_q == $past(valid_q) && pc_q == $past(pc_q) &&
                                    occ_q == $past(occ_q) && idx_q == $past(idx_q) &&
                                    lru_q == $past(lru_q));
        end

    always @*
        if (f_past) begin
            // a warp being formed has a thread
            p_occ_live: assert(f_occ_ok);
            // an entry sits in the set its PC hashes to
            p_set: assert(f_set_ok);
            // no two entries for one PC, none for one pool warp
            p_one_pc: assert(f_pc_ok);
            p_one_idx: assert(f_idx_ok);
            p_idx_range: assert(f_range_ok);
            // a join takes lanes of the request only; a new warp's lanes
            // and the join's are the request, each lane in one of them
            p_masks: assert((lk0_join_mask & lk0_new_mask) == {LANES{1'b0}} &&
                            (lk1_join_mask & lk1_new_mask) == {LANES{1'b0}} &&
                            (!(lk0_hit || lk0_new) || (lk0_join_mask | lk0_new_mask) == lk0_req) &&
                            (!(lk1_hit || lk1_new) || (lk1_join_mask | lk1_new_mask) == lk1_req));
            p_err_code: assert(err == (err_code != ERR_NONE) && (!err || ready));
        end
`endif

endmodule
