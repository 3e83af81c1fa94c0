#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# yosys_compare.sh [BUILD_DIR [MODULE...]] -- `make area-yosys`: synthesize
# every verilog/*.v (or only the MODULEs named) with Yosys (synth; abc -g cmos2; stat -tech cmos) and print its
# transistor count beside the area estimator's logic figure for the same
# module and parameters (`build/area logic --module NAME --param ...`).
#
# What is compared: Yosys builds every memory of the RTL from flip-flops, and
# `stat -tech cmos` counts the transistors of the combinational cells only
# (NAND/NOR/NOT/AOI/OAI; flip-flops have no CMOS cost there, hence its "+").
# So the estimator's figure is its combinational gate count (array read
# muxes, write enables and decoders, comparators, adders, ...) at 4
# transistors per gate equivalent, with every array built from flip-flops,
# and the flip-flop counts are compared separately.
#
# `synth -nordff`: Yosys must keep the RTL's registers as they are.  By
# default its memory pass merges the register that drives a memory's read
# address into the read port and, when that register has other readers,
# keeps both: hct_cct_heap at WARPS=4 LANES=8 CCT=8 PC_W=8 then holds 394
# flip-flops, the RTL's 388 plus a 3-bit copy of s_cur_q's next value (the
# address of the cpc and cmask reads at the walk node) and a 3-bit copy of
# s_node_q's (cmask at the moved node).  Those copies are retiming, not
# state: with -nordff Yosys counts 388, as the estimator does.
#
# Parameters: the default configurations (48 warps of 32 lanes, ...) hold
# tens of thousands of flip-flops and take Yosys many minutes, so each
# module known here is synthesized at the small parameters below (the same
# ones are passed to the estimator).  A module not listed runs at its
# defaults, with a 600 s limit.
set -u
B=${1:-build}
AREA="$B/area"
if [ ! -x "$AREA" ]; then echo "yosys_compare: $AREA not built (make $AREA)" >&2; exit 2; fi
if ! command -v yosys >/dev/null 2>&1; then echo "yosys_compare: yosys not installed (make deps)" >&2; exit 2; fi

declare -A SMALL=(
  [simt_stack]="WARPS=4 LANES=8 DEPTH=4 PC_W=8"
  [dpe_stack]="WARPS=4 LANES=8 DEPTH=4 PC_W=8"
  [shadow_scoreboard]="WARPS=4 ENTRIES=4 REGS=16"
  [lane_regfile]="LANES=4 ENTRIES=8 WIDTH=8 REGS=2"
  [pc_warp_lut]="ENTRIES=8 LANES=4 PC_W=8 POOL=16"
  [hct_cct_heap]="WARPS=4 LANES=8 CCT=8 PC_W=8"
  [warp_pool]="LANES=4 POOL=16 TID_W=4 PC_W=8 SCHED_W=4 MAJ=4"
  [dwf]="LANES=4 TID_W=4 PC_W=8 SCHED_W=4 MAJ=4 LUT_ENTRIES=8"
  [tsimt_lane]="WARP=8 K=1 INSTR_W=8 WID_W=2"
  [tsimt_frontend]="LANES=2 WARPS=4 WARP=8 K=1 INSTR_W=8 CNT_W=8"
  [two_level_sched]="WARPS=16 GROUP_SIZE=4 TIMEOUT=64"
  [lwm_subwarp]="LARGE_WARPS=2 K=4 N=4 DEPTH=2 PC_W=8"
  [lane_shuffle]="LANES=8 WARPS=6"
  [swi_sched]="SETS=2 WAYS=2 LANES=8 PC_W=8"
  [sbi_scoreboard]="WARPS=4 DEPTH=4 REG_W=4"
)
shift $(( $# > 0 ? 1 : 0 ))
only=" $* "

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rc=0
printf '%-20s %-36s %12s %12s %7s   %9s %9s\n' module parameters yosys_T est_T ratio yosys_FF est_FF
for v in verilog/*.v; do
  [ -f "$v" ] || continue
  m=$(basename "$v" .v)
  [ "$only" = "  " ] || [[ "$only" == *" $m "* ]] || continue
  params=${SMALL[$m]:-}
  chp=""
  ap=()
  for p in $params; do
    chp+=" -set ${p%%=*} ${p#*=}"
    ap+=(--param "$p")
  done
  # submodules (dwf, tsimt_frontend) come from their own files
  script="read_verilog $v;"
  [ -n "$chp" ] && script+=" chparam$chp $m;"
  script+=" hierarchy -libdir verilog -top $m; synth -nordff -top $m; abc -g cmos2;"
  script+=" tee -q -o $tmp/$m.stat stat -tech cmos"
  if ! timeout 600 yosys -q -p "$script" >"$tmp/$m.log" 2>&1; then
    printf '%-20s %-36s yosys failed or timed out (see below)\n' "$m" "${params:-defaults}"
    tail -n 5 "$tmp/$m.log"
    rc=1
    continue
  fi
  yt=$(sed -n 's/.*Estimated number of transistors: *\([0-9]*\).*/\1/p' "$tmp/$m.stat" | tail -n 1)
  # flip-flop cells: the design-hierarchy total when there are submodules
  yff=$(awk '/^=== design hierarchy ===/ { h = 1; n = 0 }
             $1 ~ /^\$_.*DFF/ { if (h || !seen_h) n += $2 }
             END { print n + 0 }' seen_h="$(grep -c '^=== design hierarchy ===' "$tmp/$m.stat")" "$tmp/$m.stat")
  if "$AREA" logic --module "$m" "${ap[@]}" >"$tmp/$m.area" 2>&1; then
    et=$(sed -n 's/^comb_transistors //p' "$tmp/$m.area")
    eff=$(sed -n 's/^flipflops //p' "$tmp/$m.area")
    ratio=$(awk -v a="$et" -v b="$yt" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }')
  else
    et="(no description)"; eff="-"; ratio="-"
  fi
  printf '%-20s %-36s %12s %12s %7s   %9s %9s\n' "$m" "${params:-defaults}" "${yt:-?}" "$et" "$ratio" "$yff" "$eff"
done
echo "yosys_T: Yosys combinational transistors (stat -tech cmos, flip-flops excluded);"
echo "est_T: the estimator's combinational gate equivalents x 4 (area logic --module)."
exit $rc
