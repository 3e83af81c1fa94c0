// SPDX-License-Identifier: Apache-2.0
// shadow_scoreboard.v -- dual-path scoreboard with shadow bits (DPE).
//
// Per warp a left (side 0) and a right (side 1) table of ENTRIES pending
// destination registers, each entry {valid, shadow, reg}.  Follows 003 sec.
// 3.2, Fig. 5(b), 6 and 7 and SPEC 3.3.  Twin of
// rtl_c/shadow_scoreboard.{h,c}, which documents the behaviour in full; both
// are written as the same `decide` block and the same clock edge.
//
//   | parameter | default | meaning                                       |
//   |-----------|---------|-----------------------------------------------|
//   | WARPS     | 48      | warps, two tables each (1..64)                |
//   | ENTRIES   | 6       | entries per warp per side (1..16)             |
//   | REGS      | 64      | registers per thread (1..256)                 |
//   | WARP_W, REG_W, IDX_W | derived, do not override: clog2 widths     |
//
// Timing: every output is combinational from the registered tables and this
// cycle's inputs; the tables change at the rising edge of clk.  NO BYPASS:
// the hazard query, stall, the duplicate check and the entry an allocation
// takes all see the tables as they were at the start of the cycle (a
// writeback in cycle t unblocks a dependent instruction in cycle t+1).
// rst is synchronous, active high, and clears every valid and shadow bit;
// the register ids are not reset (an invalid entry's id is never
// observable: rd_reg reads 0 for it).
//
//   hazard    operand i (src0..2, bit 3 = dst, each with a valid bit)
//             matches a valid entry of table q_side, or a valid entry with
//             its shadow bit set in the other table
//   issue     iss_alloc: the lowest free entry of (iss_warp, iss_side)
//             becomes {valid, shadow 0, iss_reg}; table full: stall = 1,
//             the issue is not done, the other ports' updates are
//   writeback wb0/wb1: the entry holding the reg frees (valid, shadow := 0)
//   div       every valid entry of (div_warp, div_side) gets shadow := 1
//   rec       every valid entry of both tables of rec_warp gets shadow := 1
//   next state, per table:
//             valid'  = (valid & ~wb0_hit & ~wb1_hit) | alloc_onehot
//             shadow' = (shadow | {ENTRIES{div or rec hit}}) & valid'
//   err       BAD_WARP > BAD_REG > WB_TWICE > WB_NOT_PENDING > DUP_ALLOC;
//             any error drops the whole cycle's update
//
// Departures from the paper: a divergence of path P shadows P's table only
// (SPEC 3.3; the paper's prose on the false r1 dependency implies both);
// fixed-size CAM tables with a structural stall; two writeback ports; a
// debug read port (rd_warp, rd_side, rd_idx).
//
// The state registers are marked /*verilator public_flat_rd*/ (a comment to
// every other tool) so the co-simulation compares the whole state with the C
// model's after every clock edge (tb/vl_state.h).
module shadow_scoreboard #(
    parameter WARPS   = 48,
    parameter ENTRIES = 6,
    parameter REGS    = 64,
    parameter WARP_W  = (WARPS > 1) ? $clog2(WARPS) : 1,
    parameter REG_W   = (REGS > 1) ? $clog2(REGS) : 1,
    parameter IDX_W   = (ENTRIES > 1) ? $clog2(ENTRIES) : 1
) (
    input  wire               clk,
    input  wire               rst,
    input  wire               iss_valid,
    input  wire [WARP_W-1:0]  iss_warp,
    input  wire               iss_side,
    input  wire               iss_alloc,
    input  wire [REG_W-1:0]   iss_reg,
    input  wire [WARP_W-1:0]  q_warp,
    input  wire               q_side,
    input  wire [2:0]         q_src_valid,
    input  wire [REG_W-1:0]   q_src0,
    input  wire [REG_W-1:0]   q_src1,
    input  wire [REG_W-1:0]   q_src2,
    input  wire               q_dst_valid,
    input  wire [REG_W-1:0]   q_dst,
    input  wire               wb0_valid,
    input  wire [WARP_W-1:0]  wb0_warp,
    input  wire               wb0_side,
    input  wire [REG_W-1:0]   wb0_reg,
    input  wire               wb1_valid,
    input  wire [WARP_W-1:0]  wb1_warp,
    input  wire               wb1_side,
    input  wire [REG_W-1:0]   wb1_reg,
    input  wire               div_valid,
    input  wire [WARP_W-1:0]  div_warp,
    input  wire               div_side,
    input  wire               rec_valid,
    input  wire [WARP_W-1:0]  rec_warp,
    input  wire [WARP_W-1:0]  rd_warp,
    input  wire               rd_side,
    input  wire [IDX_W-1:0]   rd_idx,
    output reg                hazard,
    output reg  [3:0]         hz_ops,
    output reg                hz_same,
    output reg                hz_shadow,
    output reg                stall,
    output reg  [IDX_W-1:0]   alloc_idx,
    output reg                err,
    output reg  [2:0]         err_code,
    output reg  [ENTRIES-1:0] rd_valid,
    output reg  [ENTRIES-1:0] rd_shadow,
    output reg  [REG_W-1:0]   rd_reg
);

    localparam [2:0] ERR_NONE           = 3'd0;
    localparam [2:0] ERR_BAD_WARP       = 3'd1;
    localparam [2:0] ERR_BAD_REG        = 3'd2;
    localparam [2:0] ERR_WB_TWICE       = 3'd3;
    localparam [2:0] ERR_WB_NOT_PENDING = 3'd4;
    localparam [2:0] ERR_DUP_ALLOC      = 3'd5;

    localparam TABLES = 2 * WARPS;           // table t = {warp, side}
    localparam T_W    = WARP_W + 1;          // {warp, side}
    localparam TA_W   = $clog2(TABLES);      // reg_q address (< T_W only at WARPS = 1)
    localparam ROW_W  = ENTRIES * REG_W;     // register ids of one table
    localparam VEC_W  = TABLES * ENTRIES;    // valid / shadow bits of all tables

    // ---------------------------------------------------------------- state
    reg [VEC_W-1:0] valid_q /*verilator public_flat_rd*/;
    reg [VEC_W-1:0] shadow_q /*verilator public_flat_rd*/;
    reg [ROW_W-1:0] reg_q [0:TABLES-1] /*verilator public_flat_rd*/;

    // ------------------------------------------------------------- helpers
    // A warp id >= WARPS reads table 0 (the port's error / override decides
    // what is seen); table index t = {warp, side}.
    wire iss_warp_ok = {{(32-WARP_W){1'b0}}, iss_warp} < WARPS;
    wire q_warp_ok   = {{(32-WARP_W){1'b0}}, q_warp}   < WARPS;
    wire wb0_warp_ok = {{(32-WARP_W){1'b0}}, wb0_warp} < WARPS;
    wire wb1_warp_ok = {{(32-WARP_W){1'b0}}, wb1_warp} < WARPS;
    wire div_warp_ok = {{(32-WARP_W){1'b0}}, div_warp} < WARPS;
    wire rec_warp_ok = {{(32-WARP_W){1'b0}}, rec_warp} < WARPS;
    wire rd_warp_ok  = {{(32-WARP_W){1'b0}}, rd_warp}  < WARPS;

    wire [T_W-1:0] iss_t = iss_warp_ok ? {iss_warp, iss_side} : {T_W{1'b0}};
    wire [T_W-1:0] qs_t  = q_warp_ok   ? {q_warp, q_side}     : {T_W{1'b0}};
    wire [T_W-1:0] qo_t  = q_warp_ok   ? {q_warp, ~q_side}    : {T_W{1'b0}};
    wire [T_W-1:0] wb0_t = wb0_warp_ok ? {wb0_warp, wb0_side} : {T_W{1'b0}};
    wire [T_W-1:0] wb1_t = wb1_warp_ok ? {wb1_warp, wb1_side} : {T_W{1'b0}};
    wire [T_W-1:0] rd_t  = rd_warp_ok  ? {rd_warp, rd_side}   : {T_W{1'b0}};

    // the rows each port reads
    wire [ENTRIES-1:0] qs_valid  = valid_q[qs_t * ENTRIES +: ENTRIES];
    wire [ENTRIES-1:0] qo_valid  = valid_q[qo_t * ENTRIES +: ENTRIES];
    wire [ENTRIES-1:0] qo_shadow = shadow_q[qo_t * ENTRIES +: ENTRIES];
    wire [ENTRIES-1:0] iss_valid_row = valid_q[iss_t * ENTRIES +: ENTRIES];
    wire [ENTRIES-1:0] wb0_valid_row = valid_q[wb0_t * ENTRIES +: ENTRIES];
    wire [ENTRIES-1:0] wb1_valid_row = valid_q[wb1_t * ENTRIES +: ENTRIES];
    wire [ENTRIES-1:0] rd_valid_row  = valid_q[rd_t * ENTRIES +: ENTRIES];
    wire [ENTRIES-1:0] rd_shadow_row = shadow_q[rd_t * ENTRIES +: ENTRIES];
    wire [ROW_W-1:0]   qs_regs  = reg_q[qs_t[TA_W-1:0]];
    wire [ROW_W-1:0]   qo_regs  = reg_q[qo_t[TA_W-1:0]];
    wire [ROW_W-1:0]   iss_regs = reg_q[iss_t[TA_W-1:0]];
    wire [ROW_W-1:0]   wb0_regs = reg_q[wb0_t[TA_W-1:0]];
    wire [ROW_W-1:0]   wb1_regs = reg_q[wb1_t[TA_W-1:0]];
    wire [ROW_W-1:0]   rd_regs  = reg_q[rd_t[TA_W-1:0]];

    // ------------------------------------------------------------------ CAM
    // Entry e of a row matches r: valid and reg id equal.
    // qs_hit / qo_hit: ENTRIES bits per query operand (src0..2, dst)
    reg [4*ENTRIES-1:0] qs_hit;
    reg [4*ENTRIES-1:0] qo_hit;
    reg [ENTRIES-1:0] wb0_hit;
    reg [ENTRIES-1:0] wb1_hit;
    reg [ENTRIES-1:0] dup_hit;
    wire [4*REG_W-1:0] op_regs = {q_dst, q_src2, q_src1, q_src0};
    integer ce, ck;

    always @* begin
        for (ck = 0; ck < 4; ck = ck + 1) begin
            for (ce = 0; ce < ENTRIES; ce = ce + 1) begin
                qs_hit[ck*ENTRIES + ce] = qs_valid[ce] &&
                    (qs_regs[ce*REG_W +: REG_W] == op_regs[ck*REG_W +: REG_W]);
                qo_hit[ck*ENTRIES + ce] = qo_valid[ce] && qo_shadow[ce] &&
                    (qo_regs[ce*REG_W +: REG_W] == op_regs[ck*REG_W +: REG_W]);
            end
        end
        for (ce = 0; ce < ENTRIES; ce = ce + 1) begin
            wb0_hit[ce] = wb0_valid_row[ce] && (wb0_regs[ce*REG_W +: REG_W] == wb0_reg);
            wb1_hit[ce] = wb1_valid_row[ce] && (wb1_regs[ce*REG_W +: REG_W] == wb1_reg);
            dup_hit[ce] = iss_valid_row[ce] && (iss_regs[ce*REG_W +: REG_W] == iss_reg);
        end
    end

    // --------------------------------------------------------------- decide
    wire [3:0] q_ops = {q_dst_valid, q_src_valid};
    wire       q_act = q_ops != 4'd0;
    wire       iss_do = iss_valid && iss_alloc;

    wire bad_warp = (iss_valid && !iss_warp_ok) || (wb0_valid && !wb0_warp_ok) ||
                    (wb1_valid && !wb1_warp_ok) || (div_valid && !div_warp_ok) ||
                    (rec_valid && !rec_warp_ok) || (q_act && !q_warp_ok);
    // Register ids are compared in 32 bits; with REGS a power of two every
    // id is in range and these terms are constant 0.
    wire [31:0] regs_x = REGS;
    wire bad_reg  = (iss_do && ({{(32-REG_W){1'b0}}, iss_reg} >= regs_x)) ||
                    (wb0_valid && ({{(32-REG_W){1'b0}}, wb0_reg} >= regs_x)) ||
                    (wb1_valid && ({{(32-REG_W){1'b0}}, wb1_reg} >= regs_x)) ||
                    (q_src_valid[0] && ({{(32-REG_W){1'b0}}, q_src0} >= regs_x)) ||
                    (q_src_valid[1] && ({{(32-REG_W){1'b0}}, q_src1} >= regs_x)) ||
                    (q_src_valid[2] && ({{(32-REG_W){1'b0}}, q_src2} >= regs_x)) ||
                    (q_dst_valid && ({{(32-REG_W){1'b0}}, q_dst} >= regs_x));
    wire wb_twice = wb0_valid && wb1_valid && (wb0_warp == wb1_warp) &&
                    (wb0_side == wb1_side) && (wb0_reg == wb1_reg);
    wire wb_miss  = (wb0_valid && (wb0_hit == {ENTRIES{1'b0}})) ||
                    (wb1_valid && (wb1_hit == {ENTRIES{1'b0}}));
    wire dup      = iss_do && (dup_hit != {ENTRIES{1'b0}});
    wire full     = iss_valid_row == {ENTRIES{1'b1}};

    reg [2:0]         err_code_d;
    reg               ok;          // no error: this cycle's update happens
    reg               do_alloc;
    reg [IDX_W-1:0]   alloc_idx_d;
    reg [ENTRIES-1:0] alloc_oh;
    reg [3:0]         hz_ops_d;
    reg               hz_same_d;
    reg               hz_shadow_d;
    reg               same_k;      // operand dk matches its own side
    reg               shad_k;      // operand dk matches a shadow entry
    integer de, dk;

    always @* begin
        if (bad_warp)
            err_code_d = ERR_BAD_WARP;
        else if (bad_reg)
            err_code_d = ERR_BAD_REG;
        else if (wb_twice)
            err_code_d = ERR_WB_TWICE;
        else if (wb_miss)
            err_code_d = ERR_WB_NOT_PENDING;
        else if (dup)
            err_code_d = ERR_DUP_ALLOC;
        else
            err_code_d = ERR_NONE;
        ok = err_code_d == ERR_NONE;

        // the lowest free entry of the issue's table
        alloc_idx_d = {IDX_W{1'b0}};
        alloc_oh    = {ENTRIES{1'b0}};
        for (de = ENTRIES - 1; de >= 0; de = de - 1) begin
            if (!iss_valid_row[de]) begin
                alloc_idx_d = de[IDX_W-1:0];
                alloc_oh    = {ENTRIES{1'b0}};
                alloc_oh[de] = 1'b1;
            end
        end
        do_alloc = ok && iss_do && !full;

        // hazard query
        hz_ops_d    = 4'd0;
        hz_same_d   = 1'b0;
        hz_shadow_d = 1'b0;
        same_k      = 1'b0;
        shad_k      = 1'b0;
        if (q_warp_ok) begin
            for (dk = 0; dk < 4; dk = dk + 1) begin
                same_k = qs_hit[dk*ENTRIES +: ENTRIES] != {ENTRIES{1'b0}};
                shad_k = qo_hit[dk*ENTRIES +: ENTRIES] != {ENTRIES{1'b0}};
                if (q_ops[dk]) begin
                    hz_ops_d[dk] = same_k || shad_k;
                    hz_same_d    = hz_same_d || same_k;
                    hz_shadow_d  = hz_shadow_d || shad_k;
                end
            end
        end else begin
            hz_ops_d = q_ops; // an unknown warp may never issue
        end
    end

    // -------------------------------------------------------------- outputs
    reg [31:0] rd_idx_x;
    integer oe;

    always @* begin
        hazard    = hz_ops_d != 4'd0;
        hz_ops    = hz_ops_d;
        hz_same   = hz_same_d;
        hz_shadow = hz_shadow_d;
        stall     = ok && iss_do && full;
        alloc_idx = do_alloc ? alloc_idx_d : {IDX_W{1'b0}};
        err       = !ok;
        err_code  = err_code_d;
        rd_valid  = rd_warp_ok ? rd_valid_row  : {ENTRIES{1'b0}};
        rd_shadow = rd_warp_ok ? rd_shadow_row : {ENTRIES{1'b0}};
        rd_idx_x  = {{(32-IDX_W){1'b0}}, rd_idx};
        rd_reg    = {REG_W{1'b0}};
        for (oe = 0; oe < ENTRIES; oe = oe + 1)
            if (rd_warp_ok && rd_idx_x == oe && rd_valid_row[oe])
                rd_reg = rd_regs[oe*REG_W +: REG_W];
    end

    // ------------------------------------------------------ next state
    // Every table at once: writebacks clear, the allocation sets, a
    // divergence of the table or a reconvergence of its warp shadows what
    // is valid afterwards.
    reg [VEC_W-1:0]   valid_d;
    reg [VEC_W-1:0]   shadow_d;
    reg [ENTRIES-1:0] clr;
    reg [ENTRIES-1:0] set;
    reg [ENTRIES-1:0] sh;
    reg [ENTRIES-1:0] v;
    reg [ROW_W-1:0]   row_d;
    integer nt, ne;

    always @* begin
        for (nt = 0; nt < TABLES; nt = nt + 1) begin
            clr = {ENTRIES{1'b0}};
            set = {ENTRIES{1'b0}};
            sh  = {ENTRIES{1'b0}};
            if (ok && wb0_valid && {1'b0, wb0_t} == nt[T_W:0])
                clr = clr | wb0_hit;
            if (ok && wb1_valid && {1'b0, wb1_t} == nt[T_W:0])
                clr = clr | wb1_hit;
            if (do_alloc && {1'b0, iss_t} == nt[T_W:0])
                set = alloc_oh;
            if (ok && ((div_valid && {1'b0, div_warp, div_side} == nt[T_W:0]) ||
                       (rec_valid && {1'b0, rec_warp} == nt[T_W:1])))
                sh = {ENTRIES{1'b1}};
            v = (valid_q[nt*ENTRIES +: ENTRIES] & ~clr) | set;
            valid_d[nt*ENTRIES +: ENTRIES]  = v;
            shadow_d[nt*ENTRIES +: ENTRIES] = (shadow_q[nt*ENTRIES +: ENTRIES] | sh) & v;
        end
        // the issue's row with the new register id in the allocated entry
        row_d = iss_regs;
        for (ne = 0; ne < ENTRIES; ne = ne + 1)
            if (alloc_oh[ne])
                row_d[ne*REG_W +: REG_W] = iss_reg;
    end

    // ----------------------------------------------------------- clock edge
    always @(posedge clk) begin
        if (rst) begin
            valid_q  <= {VEC_W{1'b0}};
            shadow_q <= {VEC_W{1'b0}};
        end else begin
            valid_q  <= valid_d;
            shadow_q <= shadow_d;
            if (do_alloc)
                reg_q[iss_t[TA_W-1:0]] <= row_d;
        end
    end

`ifdef FORMAL
    // ------------------------------------------------ formal properties
    // (make formal, docs/formal.md).  Contract: none beyond the reset that
    // starts every trace; every input is legal (a bad one is answered with
    // err).
`include "formal.vh"

    // the architectural state: the valid and shadow bits, every table's
    // register ids (an invalid entry's id included: err must keep it too)
    reg [TABLES*ROW_W-1:0] f_regs;
    wire [31:0]            f_aidx = {{(32-IDX_W){1'b0}}, alloc_idx}; // an entry index
    reg                    f_range_ok, f_dup_ok;
    integer f_t, f_e, f_g;
    always @* begin
        f_range_ok = 1'b1;
        f_dup_ok   = 1'b1;
        for (f_t = 0; f_t < TABLES; f_t = f_t + 1) begin
            f_regs[f_t*ROW_W +: ROW_W] = reg_q[f_t];
            for (f_e = 0; f_e < ENTRIES; f_e = f_e + 1)
                if (valid_q[f_t*ENTRIES + f_e]) begin
                    if ({{(32-REG_W){1'b0}}, reg_q[f_t][f_e*REG_W +: REG_W]} >= REGS)
                        f_range_ok = 1'b0;
                    for (f_g = f_e + 1; f_g < ENTRIES; f_g = f_g + 1)
                        if (valid_q[f_t*ENTRIES + f_g] &&
                            reg_q[f_t][f_g*REG_W +: REG_W] == reg_q[f_t][f_e*REG_W +: REG_W])
                            f_dup_ok = 1'b0;
                end
        end
    end

    always @(posedge clk)
        if (f_past) begin
            if ($past(rst))
                p_reset: assert(valid_q == {VEC_W{1'b0}} && shadow_q == {VEC_W{1'b0}});
            // illegal input: nothing changes
            if (!$past(rst) && $past(err))
                p_err_keeps: assert(valid_q == $past(valid_q) && shadow_q == $past(shadow_q) &&
                                    f_regs == $past(f_regs));
            // an issue that neither errs nor stalls takes the entry it
            // names, which was free, and holds its register there; a stall
            // takes none
            if (!$past(rst) && $past(iss_do) && !$past(err))
                p_alloc: assert($past(stall)
                    ? ((valid_q & ~$past(valid_q)) >> ($past(iss_t) * ENTRIES)) % (1 << ENTRIES) == 0
                    : (!$past(valid_q[iss_t*ENTRIES + f_aidx]) &&
                       valid_q[$past(iss_t)*ENTRIES + $past(f_aidx)] &&
                       f_regs[($past(iss_t)*ENTRIES + $past(f_aidx))*REG_W +: REG_W] == $past(iss_reg)));
        end

    always @*
        if (f_past) begin
            // SPEC 3.3: a shadow bit only on a pending entry
            p_shadow_valid: assert((shadow_q & ~valid_q) == {VEC_W{1'b0}});
            // every pending register is a register
            p_reg_range: assert(f_range_ok);
            // no register pending twice in one table
            p_no_dup: assert(f_dup_ok);
            // err exactly with an error code; an error is no stall
            p_err_code: assert(err == (err_code != ERR_NONE) && !(err && stall));
        end
`endif

endmodule
