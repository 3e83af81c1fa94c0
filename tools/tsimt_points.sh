#!/usr/bin/env bash
# tsimt_points.sh [--build-only] [--cycles N] [--seeds "S ..."] [BUILD_DIR]
#
# Co-simulates tsimt_lane and tsimt_frontend at the design points of issue 16
# besides the defaults: lane width K = 1, 2, 4, 8 (and a whole-warp K = 32, a
# 24-thread warp with K = 8); front-end lanes L = 1, 8, 16, L = 8 with
# K = 2, 4, 8, 002 sec. 5.7's constant-throughput STSIMT2 (4 x 2) and STSIMT4
# (2 x 4), and a non-power-of-two core (3 lanes, 24 warps: the BAD_WARP
# fill).  Each point is its own Verilated model (-G parameters) with the
# harness built for the same cfg (-D macros read by the harness' default_cfg),
# as BUILD_DIR/cosim_tsimt_<point>, whose summary line names it
# tsimt_<point> (so tests/run.sh, which runs every BUILD_DIR/cosim_*, checks
# it too).  A stand-in until the lead's framework carries parameters end to
# end (tb/cosim.h); then the points move there.
# Prints one "ok"/"FAIL" line per point and seed; exits 1 if any failed.
set -u
cycles=100000
seeds="1 2"
build_only=0
while [ $# -gt 0 ]; do
  case "$1" in
    --cycles) cycles=${2:?--cycles needs a number}; shift 2 ;;
    --seeds) seeds=${2:?--seeds needs a list}; shift 2 ;;
    --build-only) build_only=1; shift ;;
    -*) echo "tsimt_points.sh: unknown option '$1'" >&2; exit 2 ;;
    *) break ;;
  esac
done
B=${1:-build}
VERILATOR=${VERILATOR:-verilator}
mkdir -p "$B" out
make --no-print-directory "$B/libmodels.a" >/dev/null || exit 1

# name|module|-G parameters|-D macros
points=(
  "lane_k1|tsimt_lane|-GK=1|-DTSIMT_LANE_K=1"
  "lane_k2|tsimt_lane|-GK=2|-DTSIMT_LANE_K=2"
  "lane_k4|tsimt_lane|-GK=4|-DTSIMT_LANE_K=4"
  "lane_k8|tsimt_lane|-GK=8|-DTSIMT_LANE_K=8"
  "lane_k32|tsimt_lane|-GK=32|-DTSIMT_LANE_K=32"
  "lane_w24_k8|tsimt_lane|-GWARP=24 -GK=8|-DTSIMT_LANE_WARP=24 -DTSIMT_LANE_K=8"
  "fe_L1_k1|tsimt_frontend|-GLANES=1 -GK=1|-DTSIMT_FE_LANES=1 -DTSIMT_FE_K=1"
  "fe_L16_k1|tsimt_frontend|-GLANES=16 -GK=1|-DTSIMT_FE_LANES=16 -DTSIMT_FE_K=1"
  "fe_L8_k2|tsimt_frontend|-GLANES=8 -GK=2|-DTSIMT_FE_LANES=8 -DTSIMT_FE_K=2"
  "fe_L8_k4|tsimt_frontend|-GLANES=8 -GK=4|-DTSIMT_FE_LANES=8 -DTSIMT_FE_K=4"
  "fe_L8_k8|tsimt_frontend|-GLANES=8 -GK=8|-DTSIMT_FE_LANES=8 -DTSIMT_FE_K=8"
  "fe_L4_k2|tsimt_frontend|-GLANES=4 -GK=2|-DTSIMT_FE_LANES=4 -DTSIMT_FE_K=2"
  "fe_L2_k4|tsimt_frontend|-GLANES=2 -GK=4|-DTSIMT_FE_LANES=2 -DTSIMT_FE_K=4"
  "fe_L3_w24|tsimt_frontend|-GLANES=3 -GWARPS=24|-DTSIMT_FE_LANES=3 -DTSIMT_FE_WARPS=24"
)

rc=0
for p in "${points[@]}"; do
  IFS='|' read -r name mod gparams dmacros <<<"$p"
  bin="$B/cosim_tsimt_$name"
  src="tb/${mod}_cosim.cpp"
  if [ ! -x "$bin" ] || [ "$bin" -ot "$src" ] || [ "$bin" -ot "verilog/$mod.v" ] ||
     [ "$bin" -ot verilog/tsimt_lane.v ] || [ "$bin" -ot "$B/libmodels.a" ] || [ "$bin" -ot tb/cosim.h ]; then
    # shellcheck disable=SC2086
    if ! "$VERILATOR" --cc --exe --build -j 2 --trace-fst -O3 --top-module "$mod" \
        --Mdir "$B/obj_tsimt_$name" -y verilog $gparams \
        -MAKEFLAGS "OPT_FAST=-O2 OPT_SLOW=-O1" -CFLAGS "-O2 -std=c++14 $dmacros -DTSIMT_POINT=$name" \
        -o "$(pwd)/$bin" "verilog/$mod.v" "$(pwd)/$src" "$(pwd)/tb/cosim.cpp" \
        "$(pwd)/$B/libmodels.a" >"out/build_tsimt_$name.log" 2>&1; then
      echo "FAIL build_tsimt_$name (log: out/build_tsimt_$name.log)"; rc=1; continue
    fi
  fi
  [ $build_only -eq 1 ] && { echo "ok build_tsimt_$name"; continue; }
  for s in $seeds; do
    log="out/cosim_tsimt_${name}_seed$s.log"
    if "$bin" --cycles "$cycles" --seed "$s" --quiet >"$log" 2>&1 &&
       grep -q "^cosim tsimt_$name seed=$s cycles=$cycles mismatches=0 invariants=ok" "$log"; then
      echo "ok cosim_tsimt_${name}_seed$s $(sed -n 's/.*coverage=//p' "$log")"
    else
      echo "FAIL cosim_tsimt_${name}_seed$s"; sed -n '1,12p' "$log"; rc=1
    fi
  done
done
exit $rc
