#!/usr/bin/env bash
# warp_pool_policies.sh [CYCLES] [SEED] -- co-simulates warp_pool under the
# issue policies other than the default DMaj.
#
# The Verilog takes the policy as the parameter POLICY, which Verilator fixes
# at build time, so each policy is its own binary:
#   build/policy/cosim_warp_pool_<dmin|dtime|dpc|dpdpri>
# built with the same flags as the Makefile's build/cosim_warp_pool plus
# -GPOLICY=n (the RTL) and -DWP_BUILD_POLICY=n (the harness, which then
# simulates the C model with cfg.policy = n).  Each run sets
# WARP_POOL_POLICY, which the harness checks against the policy it was built
# for (a mismatch exits 2).  The binaries live under build/policy/ so that
# tests/run.sh, which runs every build/cosim_*, does not pick them up.
# Needs build/libmodels.a (make build/cosim_warp_pool builds it).
set -u
CYCLES=${1:-100000}
SEED=${2:-1}
B=build
mkdir -p "$B/policy" out
[ -f "$B/libmodels.a" ] || make "$B/libmodels.a" >/dev/null || exit 2
rc=0
n=1
for pol in dmin dtime dpc dpdpri; do
  bin="$B/policy/cosim_warp_pool_$pol"
  stale=0
  for dep in verilog/warp_pool.v tb/warp_pool_cosim.cpp tb/cosim.cpp tb/*.h "$B/libmodels.a"; do
    [ "$dep" -nt "$bin" ] && stale=1
  done
  if [ ! -x "$bin" ] || [ $stale = 1 ]; then
    verilator --cc --exe --build -j 2 --trace-fst -O3 \
      --top-module warp_pool --Mdir "$B/policy/obj_$pol" -GPOLICY=$n \
      -MAKEFLAGS "OPT_FAST=-O2 OPT_SLOW=-O1" -CFLAGS "-O2 -std=c++14 -DWP_BUILD_POLICY=$n" \
      -o "$PWD/$bin" \
      verilog/warp_pool.v "$PWD/tb/warp_pool_cosim.cpp" "$PWD/tb/cosim.cpp" "$PWD/$B/libmodels.a" \
      >/dev/null || { echo "FAIL build $pol"; rc=1; n=$((n + 1)); continue; }
  fi
  if WARP_POOL_POLICY=$pol "$bin" --cycles "$CYCLES" --seed "$SEED" --quiet; then :; else rc=1; fi
  n=$((n + 1))
done
exit $rc
