#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# test_tsimt_fig1b.sh BUILD_DIR -- 002 Fig. 1b through build/simt
# (tb/kernels/fig1b_002.k).  Prints ok/FAIL lines.
#
# The figure: 8 warp instructions of 8 warps of 4 threads, each with its
# own mask, 15 active threads; SIMT (4 ALUs) 8 cycles, TSIMT (4 lanes) 6.
# Timing assumptions that make the counts exact (the design point of the
# figure on the SM core): --lanes 4 (warps of 4, 8 warps), one scheduler
# and one SIMD group of 4 lanes (--set schedulers=1 --set alu_groups=1:
# SIMT's 4 ALUs; tsimt 4 lanes of 1, warp w in lane w mod 4), --alu-lat 1,
# no memory instruction, a uniform prologue (shr, and, setp, bra with full
# masks), so every warp reaches the figure's instruction (the `add`, PC 4)
# in step; an instruction issued in cycle c executes in c+1 (SIMT: one
# cycle on all 4 ALUs; TSIMT: one active thread per cycle, c+1 .. c+n).
#
# What is asserted, from --log (spe) and from the issue port of the
# tsimt_frontend that the run recorded (--trace-dir: iss_lane, iss_warp,
# iss_mask, the structure's own outputs):
#   - the shape: 8 issues of the add, 8 warps, 8 different masks, 15
#     threads;
#   - SIMT (spe): the 8 execute in 8 consecutive cycles: 8 cycles;
#   - TSIMT lane time: lane l runs the active threads of warps l and l + 4:
#     3, 6, 3, 3 cycles.  With the four lanes starting together, as in the
#     figure, the 8 instructions take max = 6 cycles, and lanes 0, 2 and 3
#     are free after 3 (002: lanes 0 and 3);
#   - TSIMT through build/simt's front end, which issues one instruction per
#     cycle (002 sec. 3.3): from the first issue to the last active thread
#     the 8 instructions take 8 cycles, not 6.  No schedule can do better:
#     8 issues take 8 cycles, and the last one executes at least one cycle
#     after its issue.  Fig. 1b's 6 holds only if the first instruction of
#     every lane was in its instruction register before the window;
#   - stsimt with one 4-wide lane (--tsimt-width 4) is the SIMT case: 8.
set -u
B=${1:-build}
S=$B/simt
K=tb/kernels/fig1b_002.k
T=$B/test/tsimt_fig1b
mkdir -p "$T"
ok() { echo "ok $1"; }
bad() { echo "FAIL $1${2:+: $2}"; }

if [ ! -x "$S" ]; then bad simt_built "no $S"; exit 1; fi

D="--lanes 4 --alu-lat 1 --set schedulers=1 --set alu_groups=1"
rm -rf "$T/td" "$T/td4"
# shellcheck disable=SC2086
if "$S" "$K" $D --log - --trace-dir "$T/td" >"$T/log" 2>"$T/err"; then
  ok fig1b_all_mechanisms_match_reference
else bad fig1b_all_mechanisms_match_reference "$(head -1 "$T/err")"; fi
# shellcheck disable=SC2086
"$S" "$K" $D --mech stsimt --tsimt-width 4 --trace-dir "$T/td4" >"$T/log4" 2>&1

# spe's adds from the log: "cycle warp - mask" (mask as the log prints it)
awk '$2=="spe" && / add / {print $1, $4, "-", $NF}' "$T/log" >"$T/spe"
# a lane mechanism's adds (PC 4) from its tsimt_frontend vector file: each
# line is the inputs then the outputs (err, err_code, act, iss_valid,
# iss_lane, iss_warp, iss_instr, iss_mask hex): "line warp lane mask", the
# mask written as the log writes it (lane 0 first, . for inactive)
adds() { awk 'NR==1 {for (i=1; i<=NF && $i!="out"; i++) ; o=i-6; next}
              $(o+4)==1 && $(o+7)==4 {m=""; x=index("0123456789abcdef", $(o+8))-1
                for (l=0; l<4; l++) {m=m (x%2 ? "1" : "."); x=int(x/2)}
                print NR, $(o+6), $(o+5), m}' "$1"; }
adds "$T/td/tsimt-tsimt_frontend.vec" >"$T/tsimt"
adds "$T/td4/stsimt-tsimt_frontend.vec" >"$T/stsimt4"

# the shape
n=$(wc -l <"$T/spe")
w=$(awk '{print $2}' "$T/spe" | sort -u | wc -l)
m=$(awk '{print $4}' "$T/spe" | sort -u | wc -l)
t=$(awk '{s += gsub(/1/, "", $4)} END{print s}' "$T/spe")
[ "$n $w $m $t" = "8 8 8 15" ] && ok "fig1b_shape (8 warp instructions, 8 warps, 8 masks, 15 threads)" ||
  bad fig1b_shape "instructions, warps, masks, threads: $n $w $m $t"
cmp -s <(awk '{print $2, $4}' "$T/spe") <(awk '{print $2, $4}' "$T/tsimt") &&
  ok fig1b_same_instructions_spe_tsimt || bad fig1b_same_instructions_spe_tsimt

# SIMT: one cycle each on all 4 ALUs, in 8 consecutive cycles
simt=$(awk 'NR==1{a=$1} {b=$1} END{print b - a + 1}' "$T/spe")
seq_ok=$(awk 'NR>1 && $1!=p+1{bad=1} {p=$1} END{print bad ? "no" : "yes"}' "$T/spe")
[ "$simt" = 8 ] && [ "$seq_ok" = yes ] && ok "fig1b_simt_8_cycles" || bad fig1b_simt_8_cycles "$simt ($seq_ok)"

# TSIMT: each lane's active threads, warp w in lane w mod 4
map=$(awk '$3 != $2 % 4 {print "warp " $2 " in lane " $3}' "$T/tsimt")
[ -z "$map" ] && [ -s "$T/tsimt" ] && ok fig1b_tsimt_lane_map || bad fig1b_tsimt_lane_map "$map"
lanes=$(awk '{x=$4; s[$3] += gsub(/1/, "", x)} END{print s[0], s[1], s[2], s[3]}' "$T/tsimt")
[ "$lanes" = "3 6 3 3" ] && ok "fig1b_tsimt_lane_cycles ($lanes)" || bad fig1b_tsimt_lane_cycles "$lanes"
lt=$(echo "$lanes" | tr ' ' '\n' | sort -n | tail -1)
[ "$lt" = 6 ] && ok "fig1b_tsimt_6_cycles_lanes_together (SIMT 8)" || bad fig1b_tsimt_6_cycles_lanes_together "$lt"

# TSIMT behind the one-issue-per-cycle front end: first issue to last thread
win=$(awk 'NR==1{a=$1} {x=$4; e=$1 + gsub(/1/, "", x); if (e > z) z=e} END{print z - a}' "$T/tsimt")
[ "$win" = 8 ] && [ "$win" -ge "$(wc -l <"$T/tsimt")" ] && ok "fig1b_tsimt_8_cycles_one_issue_per_cycle" ||
  bad fig1b_tsimt_8_cycles_one_issue_per_cycle "$win"
win4=$(awk 'NR==1{a=$1} {e=$1 + 1; if (e > z) z=e} END{print z - a}' "$T/stsimt4")
l4=$(awk '{print $3}' "$T/stsimt4" | sort -u | tr '\n' ' ')
[ "$win4" = 8 ] && [ "$l4" = "0 " ] && ok "fig1b_stsimt_one_4wide_lane_8_cycles" ||
  bad fig1b_stsimt_one_4wide_lane_8_cycles "$win4, lanes $l4"

# the whole kernel, for the record (launch, prologue and exits included)
echo "# fig1b_002 whole kernel, $D:" \
  "$(awk '$1 ~ /^(spe|tsimt|stsimt)$/ {printf "%s %s cycles; ", $1, $2}' "$T/log")"
grep -qE '^tsimt +[0-9].* tsimt_lanes=4 tsimt_width=1 ' "$T/log" && ok fig1b_tsimt_four_lanes || bad fig1b_tsimt_four_lanes
