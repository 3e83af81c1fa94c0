#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# replay_icarus.sh FILE.vec [DIR] -- replays a vector file (written by
# cosim_NAME --record, or any tool that writes the format of tb/vec.h)
# against verilog/NAME.v at the recorded parameters under Icarus Verilog,
# comparing every output every cycle.  A second simulator besides Verilator.
#
# Generates DIR/replay_tb.v (build/replay_gen), compiles it with iverilog
# -g2005 and runs it with vvp.  DIR defaults to build/replay/<file name>.
# Prints the testbench's summary "replay NAME params=... cycles=N
# mismatches=M"; exit 0 when clean, 1 on a mismatch, 2 on a bad file.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { echo "usage: replay_icarus.sh FILE.vec [DIR]" >&2; exit 2; }
f=$1
B=${B:-build}
dir=${2:-$B/replay/$(basename "$f" .vec)}
make -s B="$B" "$B/replay_gen" >&2
mkdir -p "$dir"
n=$("$B/replay_gen" "$f" "$dir") || exit 2
s=$(head -n 1 "$f" | cut -d' ' -f3)
iverilog -g2005 -o "$dir/replay.vvp" -s replay_tb -y verilog -I verilog "$dir/replay_tb.v" || exit 2
vvp -n "$dir/replay.vvp" >"$dir/replay.log" 2>&1 || true
grep -v '^VCD info\|^\$finish' "$dir/replay.log" | head -n 25
last=$(grep "^replay $s " "$dir/replay.log" | tail -n 1)
if [ -n "$last" ] && grep -q " cycles=$n mismatches=0$" <<<"$last"; then exit 0; fi
exit 1
