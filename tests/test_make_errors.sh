#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# test_make_errors.sh BUILD_DIR -- a bad STRUCT, WAVES, PARAMS, REPLAY or MODULE given to make
# stops it before any work with one line naming the problem (make's own
# "Makefile:N: *** ...  Stop.", no second "make: *** [...] Error 2" line)
# and exit status 2; make cosim checks only its own tools.  ok/FAIL lines as
# tests/run.sh counts them.
set -u
B=${1:-build}
check() { # what the line must say, make arguments...
  local want=$1 out rc
  shift
  out=$(make --no-print-directory B="$B" "$@" 2>&1)
  rc=$?
  if [ $rc -eq 2 ] && [ "$(grep -c . <<<"$out")" -eq 1 ] && grep -q -- "$want" <<<"$out"; then
    echo "ok make_error '$*'"
  else
    echo "FAIL make_error '$*': exit $rc: $(tr '\n' '|' <<<"$out" | cut -c1-200)"
  fi
}
check "make waves: STRUCT must be one of: " waves STRUCT=no_such
check "make waves: STRUCT must be one of: " waves
check "make waves: WAVES must be fst or vcd, not 'png'" waves STRUCT=dpe_stack WAVES=png
check "make demo: WAVES must be fst, vcd or none, not 'png'" demo WAVES=png
check "make cosim: STRUCT must be one of: " cosim STRUCT=no_such
check "simt_stack: parameter WARPS (cfg warps) = 65 is out of range; allowed: 1..64" \
  cosim STRUCT=simt_stack PARAMS="WARPS=65"
check "simt_stack: parameter WARPS (cfg warps) = abc is not a number" cosim STRUCT=simt_stack PARAMS="WARPS=abc"
check "simt_stack: unknown parameter 'BOGUS'" cosim STRUCT=simt_stack PARAMS="BOGUS=1"
check "make cosim: REPLAY file 'no_such.vec' does not exist" cosim STRUCT=simt_stack REPLAY=no_such.vec
check "make mutate: MODULE must be one of: " mutate MODULE=no_such
check "make sweep: no such SWEEP file: no_such.sweep" sweep SWEEP=no_such.sweep
# the numbers demo, waves and cosim pass on (before: the harness' own error,
# then make's "Error 2" line)
check "make waves: SEED must be a number, not 'x'" waves STRUCT=dpe_stack SEED=x
check "make demo: COSIM_CYCLES must be a number, not ''" demo COSIM_CYCLES=
check "make cosim: WAVE_CYCLES must be a number, not '1 2'" cosim STRUCT=simt_stack "WAVE_CYCLES=1 2"
check "make waves: WAVE_CYCLES_SHORT must be a number, not '-5'" waves STRUCT=dpe_stack WAVE_CYCLES_SHORT=-5
# make cosim checks only the tools it runs (deps.sh CMD...), never make
# deps' Python environment (a pip install)
out=$(make -n --no-print-directory B="$B" cosim STRUCT=simt_stack 2>&1)
if grep -q '^tools/deps.sh [a-z]' <<<"$out" && ! grep -qE '(^|[ ;])tools/deps.sh *$' <<<"$out"; then
  echo "ok make_cosim_checks_its_tools_only"
else
  echo "FAIL make_cosim_checks_its_tools_only: $(grep -m1 'deps' <<<"$out")"
fi
