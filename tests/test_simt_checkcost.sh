#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# test_simt_checkcost.sh BUILD_DIR -- the per-cycle invariant checks of
# build/simt still report a corruption in the cycle it happens, now that
# they read the state word-wise (rtl_c/warp_pool.c pool_clean, the
# pc_warp_lut owner-map sum, dwf_check's live words, lane_regfile_check's
# unused rows; docs/bench.md, "The invariant checks' cost").
#
# --inject-fault state@C (fault kind 21, tb/simt/core.h) corrupts a
# structure's state in place at cycle C alone, before that cycle's check:
# dwf the first pool's in-pool bit of its last thread (a thread the pool
# does not hold: caught by the in-pool sum, not by a per-thread loop), sbi
# and sbi+swi the heap's free count (an entry leaked).  C is the middle of
# the longest stretch without an issue of a clean run (its --log), a cycle
# where nothing else happens; the run must fail with "invariant (cycle
# C)", and the clean run must pass.  dwf also at 001 on sha256, a launch
# of 12 threads that waits on memory most of its cycles (where the checks
# cost twenty times the run, before).
set -u
B=${1:-build}
S=$B/simt
T=$B/test/checkcost
ok() { echo "ok $1"; }
bad() { echo "FAIL $1${2:+: $2}"; }
[ -x "$S" ] || { bad simt_checkcost "no $S (make $S)"; exit 0; }
mkdir -p "$T"

# NAME LAUNCH MECH PRESET WHAT: a clean run with its issue log, then the
# fault in the middle of the longest gap between two issues, reported in
# that cycle by the structure's own check (WHAT: its message, a regex)
caught() {
  local name=$1 L=$2 m=$3 cfg=$4 what=$5 log=$T/$1.log out
  out=$("$S" --config "$cfg" --launch "$L" --mech "$m" --log "$log" 2>&1)
  if [ $? -ne 0 ] || ! grep -q "^every mechanism that ran matches" <<<"$out"; then
    bad "checkcost_${name}_clean" "$(grep -m1 'simt:' <<<"$out")"; return
  fi
  ok "checkcost_${name}_clean"
  local c
  c=$(awk 'NR > 1 && $1 - p > g { g = $1 - p; c = p + int(g / 2) } { p = $1 } END { print c + 0 }' "$log")
  if [ "$c" -le 0 ]; then bad "checkcost_${name}_state" "no gap between issues in $log"; return; fi
  out=$("$S" --config "$cfg" --launch "$L" --mech "$m" --inject-fault "state@$c" 2>&1)
  local rc=$?
  if [ $rc -eq 1 ] && grep -qE "invariant \(cycle $c\): $what" <<<"$out"; then
    ok "checkcost_${name}_state_caught_at_$c ($(grep -m1 -o 'invariant (cycle.*' <<<"$out"))"
  else bad "checkcost_${name}_state" "exit $rc at cycle $c: $(grep -m1 'simt:' <<<"$out")"; fi
}

# the pool's check names the thread (dwf_check's own live test, which
# runs after it, would name it too, as "live=0 but ... pool=1")
inpool='tid [0-9]+: in-pool bit set but in no warp'
caught dwf tb/kernels/cuda/realworld13/floatbits.launch dwf default "$inpool"
caught sbi tb/kernels/cuda/realworld13/floatbits.launch sbi default 'CCT entry [0-9]+ is in no list'
caught sbiswi tb/kernels/cuda/realworld13/floatbits.launch sbi+swi default 'CCT entry [0-9]+ is in no list'
caught dwf_001_sha256 tb/kernels/cuda/realworld13/sha256.launch dwf 001 "$inpool"
