// SPDX-License-Identifier: Apache-2.0
// formal.vh -- the start of every structure's formal properties, included
// inside its `ifdef FORMAL block (make formal, tools/formal.sh,
// docs/formal.md); no other tool reads it.  Every trace starts with a
// reset: f_past is 0 in the first cycle only, which must assert rst; after
// it rst is free (mid-traffic resets are legal).  The properties of a
// structure are checked when f_past is 1, i.e. from the first edge on.
`ifdef FORMAL
    reg f_past = 1'b0;
    always @(posedge clk)
        f_past <= 1'b1;
    always @*
        if (!f_past)
            assume(rst);
`endif
