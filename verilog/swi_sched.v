// SPDX-License-Identifier: Apache-2.0
// swi_sched.v -- SWI cascaded schedulers (001 sec. 4): an instruction buffer
// (one entry per warp), a primary that picks the oldest ready instruction,
// and a secondary that one stage later issues a ready instruction of another
// warp whose mask fits in the lanes the primary leaves free, or, when
// alt_free says another SIMD group of I1's class is free, any mask, to that
// group (001 l.150; best fit = most lanes over both, I1's group first among
// equal fits, LFSR tie-break), with a-posteriori conflict detection.  Twin of
// rtl_c/swi_sched.{h,c}, which documents behaviour, timing and choices.
//
//   | parameter | default | meaning                                        |
//   |-----------|---------|------------------------------------------------|
//   | SETS      | 4       | lookup sets, power of two 1..64                |
//   | WAYS      | 6       | warps per set, 1..64; SETS*WAYS <= 64          |
//   | LANES     | 32      | lanes = mask bits, 1..64                       |
//   | PC_W      | 32      | PC bits, 1..64                                 |
//   | WARPS, WID_W | derived: SETS*WAYS, clog2(WARPS) (>= 1)             |
//
// Warp w is in set w mod SETS.  The secondary for stage warp p searches set
// (p mod SETS + 1) mod SETS (all warps when the stage has no live
// instruction: substitution; the substitute skips the oldest ready entry,
// which the primary picks in the same cycle).  Timing: primary pick in t, issue as I1 in
// t+1 with the secondary's I2.  Conflict: secondary and primary pick the same
// entry in one cycle -> I2 issues now, the primary copy enters the stage
// with mask 0.  LFSR: 16-bit Fibonacci x^16+x^14+x^13+x^11+1, seed 16'hACE1,
// next = {q[14:0], q[15]^q[13]^q[12]^q[10]}, advanced every cycle without
// err; tie-break start r = lfsr_q[WID_W-1:0] (minus WARPS if >= WARPS).
// err (state unchanged, nothing issues): GROUP 4 (alt_free with no live I1),
// WARP 3, BUSY 1 (a valid entry that
// neither the primary picks nor I2 takes this cycle: a leaving entry may be
// refilled at the same edge), EMPTY 2 (first match in that order) on a fill,
// then the same for fill2 (the second write port; BUSY also into fill's
// entry).  fill2's entry is younger than fill's.  rst: synchronous, active high.
//
// Worked example: see rtl_c/swi_sched.h (SETS=2, WAYS=2, LANES=4).
module swi_sched #(
    parameter SETS  = 4,
    parameter WAYS  = 6,
    parameter LANES = 32,
    parameter PC_W  = 32,
    parameter WARPS = SETS * WAYS,
    parameter WID_W = (WARPS <= 1) ? 1 : $clog2(WARPS)
) (
    input  wire             clk,
    input  wire             rst,
    input  wire [WARPS-1:0] ready,
    input  wire             fill_valid,
    input  wire [WID_W-1:0] fill_warp,
    input  wire [PC_W-1:0]  fill_pc,
    input  wire [LANES-1:0] fill_mask,
    input  wire             fill2_valid,
    input  wire [WID_W-1:0] fill2_warp,
    input  wire [PC_W-1:0]  fill2_pc,
    input  wire [LANES-1:0] fill2_mask,
    input  wire             alt_free,
    output reg              i1_valid,
    output reg  [WID_W-1:0] i1_warp,
    output reg  [PC_W-1:0]  i1_pc,
    output reg  [LANES-1:0] i1_mask,
    output reg              i2_valid,
    output reg  [WID_W-1:0] i2_warp,
    output reg  [PC_W-1:0]  i2_pc,
    output reg  [LANES-1:0] i2_mask,
    output reg              i2_alt,
    output reg              p_valid,
    output reg  [WID_W-1:0] p_warp,
    output reg              conflict,
    output reg              err,
    output reg  [2:0]       err_code,
    output reg  [2:0]       act
);

    localparam [2:0] ERR_NONE  = 3'd0;
    localparam [2:0] ERR_BUSY  = 3'd1;
    localparam [2:0] ERR_EMPTY = 3'd2;
    localparam [2:0] ERR_WARP  = 3'd3;
    localparam [2:0] ERR_GROUP = 3'd4;

    localparam [2:0] ACT_IDLE     = 3'd0;
    localparam [2:0] ACT_SOLO     = 3'd1;
    localparam [2:0] ACT_PAIR     = 3'd2;
    localparam [2:0] ACT_SUBST    = 3'd3;
    localparam [2:0] ACT_NONE_SUB = 3'd4;
    localparam [2:0] ACT_HOLD     = 3'd5;
    localparam [2:0] ACT_ALT      = 3'd6;

    // ---------------------------------------------------------------- state
    reg [WARPS-1:0] v_q                  /*verilator public_flat_rd*/;
    reg [PC_W-1:0]  pc_q   [0:WARPS-1]   /*verilator public_flat_rd*/;
    reg [LANES-1:0] mask_q [0:WARPS-1]   /*verilator public_flat_rd*/;
    reg [WARPS-1:0] age_q  [0:WARPS-1]   /*verilator public_flat_rd*/;
    reg             s_v_q                /*verilator public_flat_rd*/;
    reg [WID_W-1:0] s_warp_q             /*verilator public_flat_rd*/;
    reg [PC_W-1:0]  s_pc_q               /*verilator public_flat_rd*/;
    reg [LANES-1:0] s_mask_q             /*verilator public_flat_rd*/;
    reg [15:0]      lfsr_q               /*verilator public_flat_rd*/;

    wire [31:0] fill_w32 = {{(32-WID_W){1'b0}}, fill_warp};
    wire [31:0] fill2_w32 = {{(32-WID_W){1'b0}}, fill2_warp};
    wire [31:0] s_w32    = {{(32-WID_W){1'b0}}, s_warp_q};
    wire [31:0] r_raw    = {{(32-WID_W){1'b0}}, lfsr_q[WID_W-1:0]};
    wire [31:0] r_start  = (r_raw >= WARPS) ? r_raw - WARPS : r_raw;
    wire [WARPS-1:0] cand = v_q & ready;
    wire        live     = s_v_q && (s_mask_q != {LANES{1'b0}});
    wire [LANES-1:0] free_lanes = live ? ~s_mask_q : {LANES{1'b1}};
    // another free group (legal only with a live I1: GROUP below)
    wire        alt      = live && alt_free;
    wire [31:0] set_sel  = ((s_w32 % SETS) + 1) % SETS;
    wire [15:0] lfsr_d   = {lfsr_q[14:0], lfsr_q[15] ^ lfsr_q[13] ^ lfsr_q[12] ^ lfsr_q[10]};

    // ------------------------------------------------------------- decide
    reg [2:0]       err_code_d;
    reg [WARPS-1:0] age_fill;
    reg [WARPS-1:0] age_fill2;
    reg             pf;
    reg [WID_W-1:0] pw;
    reg [WARPS-1:0] cand2;
    reg [WARPS-1:0] fits;
    reg [WARPS-1:0] same;
    reg [WARPS-1:0] tie;
    reg [6:0]       pop [0:WARPS-1];
    reg [6:0]       best;
    reg             xf;
    reg [WID_W-1:0] xw;
    integer w, l;

    always @* begin
        // primary: the oldest ready valid entry
        pf = 1'b0;
        pw = {WID_W{1'b0}};
        for (w = 0; w < WARPS; w = w + 1)
            if (!pf && cand[w] && (age_q[w] & cand) == {WARPS{1'b0}}) begin
                pf = 1'b1;
                pw = w[WID_W-1:0];
            end
        // secondary: best fit within the set (or anywhere when substituting)
        best = 7'd0;
        for (w = 0; w < WARPS; w = w + 1) begin
            // the substitute (!live) leaves the primary's pick alone: it
            // takes only entries with an older ready entry
            cand2[w] = cand[w] && (!live || (w % SETS) == set_sel) &&
                       (live || (age_q[w] & cand) != {WARPS{1'b0}}) &&
                       !(s_v_q && s_w32 == w);
            pop[w] = 7'd0;
            for (l = 0; l < LANES; l = l + 1)
                if (mask_q[w][l])
                    pop[w] = pop[w] + 7'd1;
            // fits in I1's group (within its free lanes), or in the
            // other free group whatever the mask
            same[w] = (mask_q[w] & ~free_lanes) == {LANES{1'b0}};
            fits[w] = cand2[w] && (same[w] || alt);
            if (fits[w] && pop[w] > best)
                best = pop[w];
        end
        for (w = 0; w < WARPS; w = w + 1)
            tie[w] = fits[w] && pop[w] == best;
        // among equal fits, I1's group first (the other group stays free)
        if ((tie & same) != {WARPS{1'b0}})
            tie = tie & same;
        xf = 1'b0;
        xw = {WID_W{1'b0}};
        for (w = 0; w < WARPS; w = w + 1)
            if (!xf && tie[w] && w >= r_start) begin
                xf = 1'b1;
                xw = w[WID_W-1:0];
            end
        for (w = 0; w < WARPS; w = w + 1)
            if (!xf && tie[w]) begin
                xf = 1'b1;
                xw = w[WID_W-1:0];
            end
        // the fill check, after the picks (which read no fill input): an
        // entry may be written when empty or when it leaves the buffer this
        // cycle (the primary's pick or I2)
        // a filled entry is younger than every entry valid now, itself
        // excluded (a refill)
        // fill2's entry is younger than fill's too, and not younger than
        // itself; fill's row drops fill2's column
        age_fill = v_q;
        age_fill2 = v_q;
        for (w = 0; w < WARPS; w = w + 1) begin
            if (fill_w32 == w) begin
                age_fill[w] = 1'b0;
                age_fill2[w] = v_q[w] || fill_valid;
            end
            if (fill2_w32 == w) begin
                age_fill[w] = age_fill[w] && !fill2_valid;
                age_fill2[w] = 1'b0;
            end
        end
        err_code_d = ERR_NONE;
        if (alt_free && !live)
            err_code_d = ERR_GROUP;
        else if (fill_valid) begin
            if (fill_w32 >= WARPS)
                err_code_d = ERR_WARP;
            else if (v_q[fill_warp] && !(pf && pw == fill_warp) && !(xf && xw == fill_warp))
                err_code_d = ERR_BUSY;
            else if (fill_mask == {LANES{1'b0}})
                err_code_d = ERR_EMPTY;
        end
        if (fill2_valid && err_code_d == ERR_NONE) begin
            if (fill2_w32 >= WARPS)
                err_code_d = ERR_WARP;
            else if (v_q[fill2_warp] && !(pf && pw == fill2_warp) && !(xf && xw == fill2_warp))
                err_code_d = ERR_BUSY;
            else if (fill2_mask == {LANES{1'b0}})
                err_code_d = ERR_EMPTY;
            else if (fill_valid && fill2_warp == fill_warp)
                err_code_d = ERR_BUSY;
        end
    end

    wire go = err_code_d == ERR_NONE;

    // -------------------------------------------------------------- outputs
    always @* begin
        err      = !go;
        err_code = err_code_d;
        i1_valid = 1'b0;
        i1_warp  = {WID_W{1'b0}};
        i1_pc    = {PC_W{1'b0}};
        i1_mask  = {LANES{1'b0}};
        i2_valid = 1'b0;
        i2_warp  = {WID_W{1'b0}};
        i2_pc    = {PC_W{1'b0}};
        i2_mask  = {LANES{1'b0}};
        i2_alt   = 1'b0;
        p_valid  = 1'b0;
        p_warp   = {WID_W{1'b0}};
        conflict = 1'b0;
        act      = ACT_HOLD;
        if (go) begin
            p_valid = pf;
            p_warp  = pw;
            if (s_v_q) begin
                i1_valid = 1'b1;
                i1_warp  = s_warp_q;
                i1_pc    = s_pc_q;
                i1_mask  = s_mask_q;
            end
            if (xf) begin
                i2_valid = 1'b1;
                i2_warp  = xw;
                i2_pc    = pc_q[xw];
                i2_mask  = mask_q[xw];
                i2_alt   = !same[xw];
                conflict = pf && pw == xw;
            end
            if (live)
                act = !xf ? ACT_SOLO : same[xw] ? ACT_PAIR : ACT_ALT;
            else if (xf)
                act = ACT_SUBST;
            else
                act = s_v_q ? ACT_NONE_SUB : ACT_IDLE;
        end
    end

    // ----------------------------------------------------------- clock edge
    integer k;
    always @(posedge clk) begin
        if (rst) begin
            v_q      <= {WARPS{1'b0}};
            s_v_q    <= 1'b0;
            s_warp_q <= {WID_W{1'b0}};
            s_pc_q   <= {PC_W{1'b0}};
            s_mask_q <= {LANES{1'b0}};
            lfsr_q   <= 16'hACE1;
            for (k = 0; k < WARPS; k = k + 1) begin
                pc_q[k]   <= {PC_W{1'b0}};
                mask_q[k] <= {LANES{1'b0}};
                age_q[k]  <= {WARPS{1'b0}};
            end
        end else if (go) begin
            for (k = 0; k < WARPS; k = k + 1)
                v_q[k] <= v_q[k] && !(xf && xw == k[WID_W-1:0]) && !(pf && pw == k[WID_W-1:0])
                          || (fill_valid && fill_warp == k[WID_W-1:0])
                          || (fill2_valid && fill2_warp == k[WID_W-1:0]);
            s_v_q    <= pf;
            s_warp_q <= pf ? pw : {WID_W{1'b0}};
            s_pc_q   <= pf ? pc_q[pw] : {PC_W{1'b0}};
            s_mask_q <= (pf && !(xf && pw == xw)) ? mask_q[pw] : {LANES{1'b0}};
            for (k = 0; k < WARPS; k = k + 1)
                if (fill_valid && k[WID_W-1:0] == fill_warp)
                    age_q[k] <= age_fill;
                else if (fill2_valid && k[WID_W-1:0] == fill2_warp)
                    age_q[k] <= age_fill2;
                else begin
                    if (fill_valid)
                        age_q[k][fill_warp] <= 1'b0;
                    if (fill2_valid)
                        age_q[k][fill2_warp] <= 1'b0;
                end
            if (fill_valid) begin
                pc_q[fill_warp]   <= fill_pc;
                mask_q[fill_warp] <= fill_mask;
            end
            if (fill2_valid) begin
                pc_q[fill2_warp]   <= fill2_pc;
                mask_q[fill2_warp] <= fill2_mask;
            end
            lfsr_q <= lfsr_d;
        end
    end

`ifdef FORMAL
    // ------------------------------------------------ formal properties
    // (make formal, docs/formal.md).  Contract: none beyond the reset that
    // starts every trace; every input is legal (a bad fill is answered
    // with err).
`include "formal.vh"

    // the architectural state
    reg [WARPS*(PC_W+LANES+WARPS)-1:0] f_ent;
    reg f_age_ok, f_mask_ok;
    integer f_i, f_j;
    always @* begin
        f_age_ok  = 1'b1;
        f_mask_ok = 1'b1;
        for (f_i = 0; f_i < WARPS; f_i = f_i + 1) begin
            f_ent[f_i*(PC_W+LANES+WARPS) +: PC_W+LANES+WARPS] = {pc_q[f_i], mask_q[f_i], age_q[f_i]};
            // no entry is older than itself
            if (age_q[f_i][f_i])
                f_age_ok = 1'b0;
            if (v_q[f_i] && mask_q[f_i] == {LANES{1'b0}})
                f_mask_ok = 1'b0;
            // any two valid entries are ordered by age, one way
            for (f_j = 0; f_j < WARPS; f_j = f_j + 1)
                if (f_j != f_i && v_q[f_i] && v_q[f_j] && age_q[f_i][f_j] == age_q[f_j][f_i])
                    f_age_ok = 1'b0;
        end
    end
    wire [PC_W+LANES+WID_W+17-1:0] f_stage = {s_v_q, s_warp_q, s_pc_q, s_mask_q, lfsr_q};
    // an entry a fill may write: a warp in range whose entry is free or
    // leaves at this edge (the primary picks it, or I2 takes it)
    wire f_free1 = {{(32-WID_W){1'b0}}, fill_warp} < WARPS &&
                   (!v_q[fill_warp] || (p_valid && p_warp == fill_warp) || (i2_valid && i2_warp == fill_warp));
    wire f_free2 = {{(32-WID_W){1'b0}}, fill2_warp} < WARPS &&
                   (!v_q[fill2_warp] || (p_valid && p_warp == fill2_warp) || (i2_valid && i2_warp == fill2_warp));

    // a fill is legal when its warp is in range, its entry is free or
    // leaves at this edge (the internal picks: the outputs are gated by
    // err), its mask is not empty, and fill2 does not take fill's entry
    wire f_leave1 = (pf && pw == fill_warp) || (xf && xw == fill_warp);
    wire f_leave2 = (pf && pw == fill2_warp) || (xf && xw == fill2_warp);
    wire f_bad1 = fill_valid && ({{(32-WID_W){1'b0}}, fill_warp} >= WARPS ||
                                 (v_q[fill_warp] && !f_leave1) || fill_mask == {LANES{1'b0}});
    // alt_free is legal only beside a live I1
    wire f_bad_alt = alt_free && !(s_v_q && s_mask_q != {LANES{1'b0}});
    wire f_bad2 = fill2_valid && ({{(32-WID_W){1'b0}}, fill2_warp} >= WARPS ||
                                  (v_q[fill2_warp] && !f_leave2) || fill2_mask == {LANES{1'b0}} ||
                                  (fill_valid && fill2_warp == fill_warp));
    // each accepted fill, remembered for the next cycle's check
    reg             f_f1_q, f_f2_q;
    reg [WID_W-1:0] f_w1_q, f_w2_q;
    reg [PC_W-1:0]  f_pc1_q, f_pc2_q;
    reg [LANES-1:0] f_m1_q, f_m2_q;
    always @(posedge clk) begin
        f_f1_q  <= !rst && !err && fill_valid;
        f_f2_q  <= !rst && !err && fill2_valid;
        f_w1_q  <= fill_warp;
        f_w2_q  <= fill2_warp;
        f_pc1_q <= fill_pc;
        f_pc2_q <= fill2_pc;
        f_m1_q  <= fill_mask;
        f_m2_q  <= fill2_mask;
    end

    always @(posedge clk)
        if (f_past) begin
            if ($past(rst))
                p_reset: assert(v_q == {WARPS{1'b0}} && !(|f_ent) &&
                                f_stage == {1'b0, {WID_W{1'b0}}, {PC_W{1'b0}}, {LANES{1'b0}}, 16'hACE1});
            // illegal input: nothing changes
            if (!$past(rst) && $past(err))
                p_err_keeps: assert(v_q == $past(v_q) && f_ent == $past(f_ent) && f_stage == $past(f_stage));
        end

    always @*
        if (f_past) begin
            // lanes never double-booked: I1 and an I2 on I1's group share
            // no lane
            p_lanes: assert(!(i1_valid && i2_valid && !i2_alt) || (i1_mask & i2_mask) == {LANES{1'b0}});
            // another group (001 l.150) only when the core said one is
            // free, beside a live I1, and when I1's lanes cannot take I2
            p_alt: assert(!i2_alt || (alt_free && i2_valid && i1_valid && i1_mask != {LANES{1'b0}} &&
                                      (i1_mask & i2_mask) != {LANES{1'b0}} && act == ACT_ALT));
            // what issues is a valid ready instruction of the buffer (I2,
            // the primary's pick), or the stage (I1)
            p_issue: assert((!i2_valid || (v_q[i2_warp] && ready[i2_warp] && i2_mask != {LANES{1'b0}})) &&
                            (!p_valid || (v_q[p_warp] && ready[p_warp])) &&
                            (!i1_valid || s_v_q));
            // the primary picks the oldest ready entry
            p_oldest: assert(!p_valid || (age_q[p_warp] & v_q & ready) == {WARPS{1'b0}});
            // an accepted fill overwrites no entry that stays: each port
            // writes a free or leaving entry, the two ports two entries
            p_fill: assert(err || ((!fill_valid || f_free1) &&
                                   (!fill2_valid || (f_free2 && !(fill_valid && fill2_warp == fill_warp)))));
            // a legal fill is accepted: err exactly when a fill (or
            // alt_free) is illegal
            p_fill_legal: assert(err == (f_bad_alt || f_bad1 || f_bad2));
            // an accepted fill is stored: its entry is valid with its PC
            // and mask one cycle later
            p_fill_stored: assert((!f_f1_q || (v_q[f_w1_q] && pc_q[f_w1_q] == f_pc1_q && mask_q[f_w1_q] == f_m1_q)) &&
                                  (!f_f2_q || (v_q[f_w2_q] && pc_q[f_w2_q] == f_pc2_q && mask_q[f_w2_q] == f_m2_q)));
            p_age: assert(f_age_ok);
            p_mask: assert(f_mask_ok);
            // an empty stage holds nothing; the LFSR never locks up at 0
            p_stage: assert((s_v_q || {s_warp_q, s_pc_q, s_mask_q} == {(WID_W+PC_W+LANES){1'b0}}) &&
                            {{(32-WID_W){1'b0}}, s_warp_q} < WARPS && lfsr_q != 16'd0);
            p_err_code: assert(err == (err_code != ERR_NONE) &&
                               (!err || (!i1_valid && !i2_valid && !p_valid && act == ACT_HOLD)));
        end
`endif

endmodule
