#!/usr/bin/env bash
# run.sh BUILD_DIR -- runs every test and ends with the line "N passed, N failed".
#
#   unit/golden tests      build/tests/test_*       (each prints ok/FAIL lines)
#   the same under ASan    build/asan/test_*
#   shell tests            tests/test_*.sh BUILD_DIR (ok/FAIL lines)
#   co-simulation          every build/cosim_*: two seeds clean, a fault
#                          injection that must be caught, bad flags -> exit 2,
#                          VCD accepted by vcd2fst, FST read back by fst2vcd
#   lint                   tools/lint.sh (verilator -Wall, iverilog, yosys)
# Logs of every step are in BUILD_DIR/test-logs/; what the tests write
# (waveforms, mismatch reports) goes to BUILD_DIR/test-out/, never to out/.
set -u
B=${1:-build}
LOG=$B/test-logs
T=$B/test-out
mkdir -p "$LOG" "$T/out"
Tabs=$(cd "$T" && pwd)
pass=0
fail=0
failed=()

ok()   { echo "ok $1"; pass=$((pass + 1)); }
bad()  { echo "FAIL $1${2:+: $2}"; fail=$((fail + 1)); failed+=("$1"); }

# Runs a program that prints ok/FAIL lines; a crash or non-zero exit with no
# FAIL line counts as one more failure.
run_reporting() { # label, command...
  local label=$1; shift
  local log="$LOG/$label.log"
  "$@" >"$log" 2>&1
  local rc=$?
  local n_ok n_fail
  n_ok=$(grep -c '^ok ' "$log")
  n_fail=$(grep -c '^FAIL ' "$log")
  pass=$((pass + n_ok))
  fail=$((fail + n_fail))
  grep -E '^(ok|FAIL) ' "$log" | sed "s/^/[$label] /"
  if [ "$n_fail" -gt 0 ]; then
    failed+=("$label")
    grep -v -E '^ok ' "$log" | sed -n '1,30p'
  elif [ $rc -ne 0 ] || [ "$n_ok" -eq 0 ]; then
    bad "$label" "exit status $rc, see $log"
    tail -n 20 "$log"
  fi
}

# The C tests write their files to out/ of their working directory: run
# them in $T.
in_t() { (cd "$Tabs" && "$@"); }
for t in "$B"/tests/test_*; do
  [ -x "$t" ] && run_reporting "$(basename "$t")" in_t "$(cd "$(dirname "$t")" && pwd)/$(basename "$t")"
done
for t in "$B"/asan/test_*; do
  [ -x "$t" ] && run_reporting "asan_$(basename "$t")" in_t "$(cd "$(dirname "$t")" && pwd)/$(basename "$t")"
done
for t in tests/test_*.sh; do
  [ -f "$t" ] && run_reporting "$(basename "$t" .sh)" bash "$t" "$B"
done

for c in "$B"/cosim_*; do
  [ -x "$c" ] || continue
  s=${c##*/cosim_}
  for seed in 1 7; do
    log="$LOG/cosim_${s}_seed$seed.log"
    if "$c" --cycles 40000 --seed $seed --quiet >"$log" 2>&1 &&
       grep -q "^cosim $s seed=$seed cycles=40000 mismatches=0 invariants=ok coverage=" "$log"; then
      ok "cosim_${s}_seed$seed"
    else bad "cosim_${s}_seed$seed" "$(tail -n 1 "$log")"; sed -n '1,20p' "$log"; fi
  done
  # the harness must catch a flipped bit of the C state
  log="$LOG/cosim_${s}_fault.log"
  cabs=$(cd "$(dirname "$c")" && pwd)/$(basename "$c")
  rm -f "$T/out/mismatch_${s}_3.vcd"
  in_t "$cabs" --cycles 40000 --seed 3 --inject-fault 2000 >"$log" 2>&1
  rc=$?
  if [ $rc -eq 1 ] && grep -qE '^(MISMATCH|INVARIANT) ' "$log" &&
     grep -q 'mismatches=[1-9]\|invariants=FAIL' "$log" && [ -s "$T/out/mismatch_${s}_3.vcd" ]; then
    ok "cosim_${s}_fault_injection_caught"
  else bad "cosim_${s}_fault_injection_caught" "exit $rc"; tail -n 5 "$log"; fi
  # bad arguments: one line, exit 2
  for args in "--bogus" "--cycles" "--cycles 0" "--seed x" "--cycles -5"; do
    # shellcheck disable=SC2086
    "$c" $args >"$LOG/cosim_${s}_args.log" 2>&1
    rc=$?
    if [ $rc -eq 2 ] && [ "$(wc -l <"$LOG/cosim_${s}_args.log")" -eq 1 ]; then
      ok "cosim_${s}_bad_args '$args'"
    else bad "cosim_${s}_bad_args '$args'" "exit $rc"; fi
  done
  # waveforms: our VCD is accepted by vcd2fst; Verilator's FST reads back
  rm -f "$T/t_$s.vcd" "$T/t_$s.fst" "$T/t_${s}_rt.fst" "$T/t_${s}_rtl.vcd"
  if "$c" --cycles 300 --quiet --vcd "$T/t_$s.vcd" --fst "$T/t_$s.fst" >"$LOG/cosim_${s}_wave.log" 2>&1 &&
     vcd2fst "$T/t_$s.vcd" "$T/t_${s}_rt.fst" >>"$LOG/cosim_${s}_wave.log" 2>&1 &&
     [ -s "$T/t_${s}_rt.fst" ] &&
     grep -q '^\$scope module c \$end' "$T/t_$s.vcd" && grep -q '^\$scope module rtl \$end' "$T/t_$s.vcd" &&
     fst2vcd "$T/t_$s.fst" >"$T/t_${s}_rtl.vcd" 2>>"$LOG/cosim_${s}_wave.log" &&
     grep -q 'enddefinitions' "$T/t_${s}_rtl.vcd"; then
    ok "cosim_${s}_waveforms"
  else bad "cosim_${s}_waveforms" "see $LOG/cosim_${s}_wave.log"; fi
done

mods=$(for f in verilog/*.v; do [ -f "$f" ] && basename "$f" .v; done)
# shellcheck disable=SC2086
[ -n "$mods" ] && run_reporting lint env LINT_LOG="$B/lint" tools/lint.sh $mods

if [ $fail -gt 0 ]; then echo "failed: ${failed[*]}"; fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
