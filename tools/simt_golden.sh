#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# simt_golden.sh -- one checksum per run of the SM model, to show that a
# change to the model's speed (docs/bench.md, issue 24 item 6) changes no
# behaviour.  Not a test (minutes of CPU): run it before and after, diff.
#
#   tools/simt_golden.sh [SIMT] > before.txt     (SIMT: default build/simt)
#   ... change, rebuild ...
#   tools/simt_golden.sh > after.txt && diff before.txt after.txt
#
# Runs, at the default configuration and at every preset of
# tb/simt/configs/ (--config NAME), through every mechanism (--mech all):
#   - every .k kernel of tb/kernels/, tests/simt_paper/, tests/simt_scalar/
#     and the 16 generated kernels of --bench (seeds 1000..1015, 256
#     threads): the report (cycles, stats, area, energy), the issue log
#     (--log -: every issue decision) and the exit status, in one checksum;
#     and the VCD (--vcd: every cycle's decisions and every structure's
#     ports and state) in a second;
#   - every CUDA kernel of tb/kernels/cuda/ (--launch X.launch): report,
#     issue log and exit status;
#   - build/simt --random 100 --seed 1 (the summary, with every kernel's
#     ok line and the warp-instructions simulated).
# Each line: KIND NAME PRESET SHA256.  GOLDEN_JOBS (default 2) runs in
# parallel; GOLDEN_VCD=0 leaves out the VCDs (about half the time);
# GOLDEN_PRESETS="default 004" only those presets; GOLDEN_MECHS="dwf dpe"
# only those mechanisms (--mech; default: no --mech), for a change that touches
# only some (the checksums then differ from an all-mechanism run's).  Without the VCDs it
# took 3.5 min of CPU (25 min on the machine at load 30), 2026-11-28.
# Not covered: --sched two-level and oldest (no preset uses them).
set -uo pipefail
cd "$(dirname "$0")/.."
SIMT=${1:-build/simt}
[ -x "$SIMT" ] || { echo "simt_golden.sh: $SIMT is not built (make build/simt)" >&2; exit 2; }
SIMT=$(realpath "$SIMT")
JOBS=${GOLDEN_JOBS:-2}
MECHARG=${GOLDEN_MECHS:+--mech $(echo "$GOLDEN_MECHS" | tr " " ",")}
VCD=${GOLDEN_VCD:-1}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
presets=${GOLDEN_PRESETS:-default $(cd tb/simt/configs && ls *.cfg | sed 's/\.cfg$//' | grep -v '^default$' | tr '\n' ' ')}
for s in $(seq 1000 1015); do
    "$SIMT" --gen "$s" --max-threads 256 > "$tmp/gen$s.k"
done
kernels="tb/kernels/*.k tests/simt_paper/*.k tests/simt_scalar/*.k $tmp/gen*.k"

# one job: KIND NAME PRESET, then the command; prints KIND NAME PRESET SHA
job() {
    local kind=$1 name=$2 preset=$3 k=$4 v
    case $kind in
        # the generated kernels' report names their file under $tmp: left out
        run)  { "$SIMT" "$k" --config "$preset" $MECHARG --log - 2>&1; echo "rc=$?"; } | sed "s|$tmp/||g" | sha256sum ;;
        vcd)  v=$(mktemp "$tmp/vcdXXXXXX")
              { "$SIMT" "$k" --config "$preset" $MECHARG --vcd "$v" >/dev/null 2>&1; echo "rc=$?"; cat "$v"; } | sha256sum
              rm -f "$v" "$v.gtkw" ;;
        cuda) { "$SIMT" --launch "$k" --config "$preset" $MECHARG --log - 2>&1; echo "rc=$?"; } | sha256sum ;;
        random) { "$SIMT" --random 100 --seed 1 --config "$preset" $MECHARG 2>&1; echo "rc=$?"; } | sha256sum ;;
    esac | sed "s|^\([0-9a-f]*\).*|$kind $name $preset \1|"
}
export -f job
export SIMT tmp MECHARG
{
    for p in $presets; do
        for k in $kernels; do
            n=$(basename "$k")
            echo "run $n $p $k"
            [ "$VCD" = 1 ] && echo "vcd $n $p $k"
        done
        for l in tb/kernels/cuda/*.launch; do
            echo "cuda $(basename "$l" .launch) $p $l"
        done
        echo "random seed1x100 $p -"
    done
} | xargs -P "$JOBS" -L 1 bash -c 'job "$@"' _ | sort
