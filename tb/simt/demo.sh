#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# demo.sh [BUILD_DIR] [OUT_DIR] -- the kernel part of `make demo`: every
# built-in kernel (tb/kernels/*.k) through every mechanism on the SM core at
# its default configuration (tb/simt/configs/default.cfg), checked against
# the reference, with the comparison table, and one CUDA kernel (collatz's
# committed PTX, a data-dependent loop); one waveform (FST, or VCD when
# vcd2fst is missing) with its .gtkw and the warp-size histogram of even/odd;
# fig1_003's vector files (--trace-dir) replayed against the RTL by each
# structure's co-simulation (tb/simt/replay.sh; builds the binaries at the
# kernel's design points the first time).
set -u
B=${1:-build}
O=${2:-out}
S=$B/simt
mkdir -p "$O"
rc=0
echo "== kernels: every mechanism on the SM core (default.cfg), checked against the scalar reference"
for k in tb/kernels/*.k; do
  echo
  "$S" "$k" || rc=1
done
echo
echo "== a CUDA kernel: tb/kernels/cuda/collatz.cu (clang's PTX, committed; docs/ptx.md), 3 CTAs"
"$S" --launch tb/kernels/cuda/collatz.launch || rc=1
echo
if command -v vcd2fst >/dev/null; then w=$O/simt_even_odd.fst; f=--fst; else w=$O/simt_even_odd.vcd; f=--vcd; fi
"$S" tb/kernels/even_odd.k --mech all $f "$w" --svg "$O/simt_even_odd.svg" >/dev/null || rc=1
echo "== decisions of every mechanism on even_odd: $w (open: gtkwave $w $w.gtkw)"
echo "== warp-size histogram: $O/simt_even_odd.svg"
echo
echo "== the RTL in the loop: fig1_003's traffic of every structure replayed against the Verilog"
rm -rf "$O/simt_traces"
"$S" tb/kernels/fig1_003.k --trace-dir "$O/simt_traces" --format csv >/dev/null || rc=1
tb/simt/replay.sh "$O/simt_traces" | sed 's/ coverage=.*//' || rc=1
echo
echo "== where to look"
echo "   each table: a row per mechanism; speedup = spe's cycles / its cycles; overhead and e_ovhd:"
echo "   area and energy over spe (the columns: tb/kernels/README.md)"
echo "   $O/area_report.md: every structure's area, energy and leakage beside the papers' figures"
echo "   a structure's decisions: step 2's waveform with vcd/NAME.gtkw (docs/waveforms.md)"
echo "   a kernel's decisions in every mechanism: gtkwave $w $w.gtkw"
exit $rc
