#!/usr/bin/env bash
# bench.sh BUILD_DIR STRUCT... -- cycles per second of the C model alone and of
# the Verilated RTL alone (OPT_FAST=-O2) on the same recorded stimulus, as a
# table.  A measurement, not a test: no thresholds.
set -eu
b=$1; shift
cycles=${BENCH_CYCLES:-200000}
printf '%-20s %10s %14s %14s %10s\n' structure cycles "C cycles/s" "RTL cycles/s" "C/RTL"
for s in "$@"; do
  line=$("$b/cosim_$s" --bench --cycles "$cycles" --seed 1)
  c=$(sed -n 's/.* c_cps=\([0-9]*\).*/\1/p' <<<"$line")
  r=$(sed -n 's/.* rtl_cps=\([0-9]*\).*/\1/p' <<<"$line")
  x=$(sed -n 's/.* c_over_rtl=\([0-9.]*\).*/\1/p' <<<"$line")
  printf '%-20s %10s %14s %14s %10s\n' "$s" "$cycles" "$c" "$r" "$x"
done
