#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# warp_pool_policies.sh [CYCLES] [SEED] -- co-simulates warp_pool under the
# issue policies other than the default DMaj.
#
# The policy is the Verilog parameter POLICY (warp_pool_params), so each
# policy is its own design point, built and cached like any other by
# tools/cosim_build.sh (build/cosim/warp_pool/POLICY_n/).  Same as
#   make cosim STRUCT=warp_pool PARAMS="POLICY=n" CYCLES=... SEED=...
set -u
cd "$(dirname "$0")/.."
CYCLES=${1:-100000}
SEED=${2:-1}
# checked before the four builds (minutes each)
for v in "$CYCLES" "$SEED"; do
  case $v in ''|*[!0-9]*) echo "warp_pool_policies.sh: expected a number, got '$v' (usage: [CYCLES] [SEED])" >&2; exit 2 ;; esac
done
rc=0
for n in 1 2 3 4; do # DMin, DTime, DPC, DPdPri
  bin=$(tools/cosim_build.sh warp_pool "POLICY=$n") || { echo "FAIL build POLICY=$n"; rc=1; continue; }
  "$bin" --cycles "$CYCLES" --seed "$SEED" --quiet || rc=1
done
exit $rc
