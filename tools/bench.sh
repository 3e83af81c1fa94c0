#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# bench.sh [STRUCT...] -- cycles per second of each C model alone and of its
# Verilated RTL alone (a build of its own at OPT_FAST=-O2 OPT_SLOW=-O1,
# tools/cosim_build.sh --bench; the checking co-simulations are built at
# -O1/-O0) on the same recorded stimulus, at the default design point and
# at the two larger points bench1 and bench2 of tb/design_points, so one can see how
# each model's cost grows.  cosim_NAME --bench records the stimulus first
# (the C model's inputs and the raw Verilated input members), then times
# only the models: C eval + step per cycle against RTL input copy + eval at
# clk 0 and clk 1.  Each figure is the best of 5 runs inside one process,
# in CPU time of the thread (a shared machine is noisy); BENCH_REPEAT (1)
# processes per point, the best of them kept.
#
# Writes out/bench.csv (BENCH_OUT): structure,params,c_cycles_per_s,
# rtl_cycles_per_s,ratio (ratio = C / RTL), prints the table and the
# geometric mean of the ratios at the defaults.  A measurement, not a test:
# no thresholds.  BENCH_CYCLES (200000) cycles per run; BENCH_POINTS
# ("default bench1 bench2") the design points.
set -euo pipefail
cd "$(dirname "$0")/.."
B=${B:-build}
cycles=${BENCH_CYCLES:-200000}
out=${BENCH_OUT:-out/bench.csv}
if [ $# -eq 0 ]; then
  set -- $(for f in tb/*_cosim.cpp; do s=${f#tb/}; echo "${s%_cosim.cpp}"; done)
fi
for s in "$@"; do # every name before the first build
  [ -f "verilog/$s.v" ] && [ -f "tb/${s}_cosim.cpp" ] ||
    { echo "bench.sh: no structure '$s' (need verilog/$s.v and tb/${s}_cosim.cpp)" >&2; exit 2; }
done
mkdir -p "$(dirname "$out")"
tmp=$out.tmp
echo "structure,params,c_cycles_per_s,rtl_cycles_per_s,ratio" >"$tmp"
defaults=
printf '%-18s %-7s %14s %14s %8s  %s\n' structure point "C cycles/s" "RTL cycles/s" "C/RTL" params
for s in "$@"; do
  for p in ${BENCH_POINTS:-default bench1 bench2}; do
    params=
    if [ $p != default ]; then
      params=$(awk -v s="$s" -v p="$p" '$1 == s && $2 == p { $1 = ""; $2 = ""; print }' tb/design_points)
      [ -n "$params" ] || continue
    fi
    # shellcheck disable=SC2086
    bin=$(tools/cosim_build.sh --bench "$s" $params)
    c=0 r=0
    for _ in $(seq "${BENCH_REPEAT:-1}"); do
      line=$("$bin" --bench --cycles "$cycles" --seed 1)
      all=$(sed -n 's/.* params=\([^ ]*\) .*/\1/p' <<<"$line")
      c1=$(sed -n 's/.* c_cps=\([0-9]*\).*/\1/p' <<<"$line")
      r1=$(sed -n 's/.* rtl_cps=\([0-9]*\).*/\1/p' <<<"$line")
      [ "$c1" -gt "$c" ] && c=$c1
      [ "$r1" -gt "$r" ] && r=$r1
    done
    x=$(awk -v c="$c" -v r="$r" 'BEGIN { printf "%.2f", (r > 0 ? c / r : 0) }')
    echo "$s,\"$all\",$c,$r,$x" >>"$tmp"
    [ $p = default ] && defaults="$defaults $x"
    printf '%-18s %-7s %14s %14s %8s  %s\n' "$s" "$p" "$c" "$r" "$x" "$all"
  done
done
mv "$tmp" "$out"
# the geometric mean over the default rows only (none when BENCH_POINTS
# leaves the defaults out)
awk -v d="$defaults" 'BEGIN { k = split(d, r, " "); for (i = 1; i <= k; i++) s += log(r[i] > 0 ? r[i] : 1e-9)
         if (k) printf "geometric mean of C/RTL at the defaults (%d structures): %.2f\n", k, exp(s / k) }'
echo "wrote $out"
