#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# run.sh BUILD_DIR -- runs every test and ends with the line "N passed, N failed".
#
#   unit/golden tests      build/tests/test_*       (each prints ok/FAIL lines)
#   the same under ASan    build/asan/test_*
#   shell tests            tests/test_*.sh BUILD_DIR (ok/FAIL lines)
#   co-simulation          every build/cosim_*: two seeds clean, a fault
#                          injection that must be caught, bad flags -> exit 2,
#                          VCD accepted by vcd2fst, FST read back by fst2vcd;
#                          a 10,000-cycle recording replayed by the harness;
#                          a recording replayed by Icarus
#                          (tools/replay_icarus.sh, icarus_rec), which must
#                          also catch a corrupted output; a malformed vector
#                          file -> exit 2; the odd design point of
#                          tb/design_points built X-randomised and run at two
#                          seeds (docs/cosim.md)
#   lint                   tools/lint.sh (verilator -Wall, iverilog, yosys),
#                          one job per module
#   python                 tests/python with pytest (build/venv, make deps):
#                          the package warphw (build/py) against the recorded
#                          co-simulations, build/simt and build/area; the
#                          generic cocotb testbench in Icarus, every structure
#                          at its default and odd design points, and a planted
#                          fault (docs/python.md); one ok/FAIL line per test
#   formal                 tools/formal.sh --quick: each structure's formal
#                          properties at its quick point of
#                          tools/formal_points.txt (BMC to the quick depth;
#                          the induction is make formal's; points marked
#                          notest are make formal's only) and each planted
#                          fault of tools/formal_faults.txt caught
#                          (docs/formal.md)
# Logs of every step are in BUILD_DIR/test-logs/; what the tests write
# (waveforms, mismatch reports) goes to BUILD_DIR/test/, never to out/.
#
# The steps are independent jobs (a unit test, a shell test, one structure's
# co-simulation checks, lint) run TEST_JOBS at a time (default: the number of
# cores); each job's ok/FAIL lines are printed in order as soon as it and
# every earlier job have finished, and counted.  BUILD_DIR/test-logs/times
# gives each job's wall-clock seconds, BUILD_DIR/test-logs/cpu its CPU
# seconds (user + system of the job and every process it waited for: what
# to compare on a shared machine, where the wall time depends on the load).  TEST_ONLY=REGEX runs only the jobs
# whose label matches (e.g. TEST_ONLY='^(icarus|lint)_' tests/run.sh build).
set -u
# -h/--help prints this header; any other option is refused (a build
# directory never starts with "-")
case "${1:-}" in
-h | --help)
    sed -n '3,/^set -u/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'
    exit 0 ;;
-*)
    echo "tests/run.sh: unknown option '$1' (usage: tests/run.sh [BUILD_DIR], TEST_ONLY=REGEX to select jobs)" >&2
    exit 2 ;;
esac
# exported: the scripts the jobs run (tools/cosim_build.sh,
# tools/replay_icarus.sh) build into the same directory
export B=${1:-build}
LOG=$B/test-logs
T=$B/test   # test artefacts
mkdir -p "$LOG" "$T/unit/out"
Tunit=$(cd "$T/unit" && pwd)
J=${TEST_JOBS:-$(nproc 2>/dev/null || echo 2)}
pass=0
fail=0
failed=()

# ok/bad print one result line; the job's output file is counted later
ok()   { echo "ok $1"; }
bad()  { echo "FAIL $1${2:+: $2}"; }

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
  grep -E '^(ok|FAIL) ' "$log" | sed "s/^/[$label] /"
  if [ "$n_fail" -gt 0 ]; then
    grep -v -E '^ok ' "$log" | sed -n '1,30p' | grep -v '^FAIL ' | sed 's/^/  /'
  elif [ $rc -ne 0 ] || [ "$n_ok" -eq 0 ]; then
    bad "$label" "exit status $rc, see $log"
    tail -n 20 "$log" | sed 's/^/  /'
  fi
}

# The job pool.  job LABEL FUNCTION ARGS... queues FUNCTION; run_queue
# starts the queued jobs longest first (each job's CPU seconds of the last run
# in this build directory, else tests/job_times.txt: a fresh clone's run; a job
# in neither counts 1 s), so that the pool packs well and no long job starts
# last; each runs in the background with its output in $JOBS_DIR/N.out, and
# flush prints finished jobs in the order they were started.
JOBS_DIR=$LOG/jobs
rm -rf "$JOBS_DIR" && mkdir -p "$JOBS_DIR"
declare -A est=()
# (CPU seconds, both: the wall seconds of a shared machine follow its load)
for f in tests/job_times.txt "$LOG/cpu"; do
  [ -f "$f" ] || continue
  while read -r l sec; do
    [[ "$sec" =~ ^[0-9]+(\.[0-9]+)?$ ]] && est[$l]=${sec%.*}
  done < <(grep -v '^#' "$f")
done
: >"$LOG/times"
: >"$LOG/cpu"
njobs=0
nshown=0
qlabel=()
qcmd=()
flush() { # [all]: print every finished job in order (all: wait for each)
  local f
  while [ $nshown -lt $njobs ]; do
    f=$JOBS_DIR/$nshown
    if [ ! -f "$f.done" ]; then
      [ "${1:-}" = all ] || return 0
      while [ ! -f "$f.done" ]; do wait -n 2>/dev/null || sleep 0.2; done
    fi
    cat "$f.out"
    pass=$((pass + $(grep -c -E '^(\[[^]]*\] )?ok ' "$f.out")))
    local nf
    nf=$(grep -c -E '^(\[[^]]*\] )?FAIL ' "$f.out")
    if [ "$nf" -gt 0 ]; then fail=$((fail + nf)); failed+=("$(cat "$f.label")"); fi
    echo "$(cat "$f.label") $(cat "$f.done")" >>"$LOG/times"
    # bash's times: the job's shell, then its children, "XmY.YYYs" each
    echo "$(cat "$f.label") $(awk '{ for (i = 1; i <= NF; i++) { split($i, a, "m"); sub(/s$/, "", a[2]); t += a[1] * 60 + a[2] } }
                                  END { printf "%.1f", t }' "$f.cpu")" >>"$LOG/cpu"
    nshown=$((nshown + 1))
  done
}
job() { # label, command...
  # TEST_ONLY=REGEX: only the jobs whose label matches (rerunning a few)
  [ -n "${TEST_ONLY:-}" ] && ! [[ $1 =~ $TEST_ONLY ]] && return 0
  qlabel+=("$1"); shift
  qcmd+=("$(printf '%q ' "$@")")
}
start_job() { # label, command (quoted for eval)
  while [ "$(jobs -rp | wc -l)" -ge "$J" ]; do wait -n 2>/dev/null || sleep 0.2; flush; done
  local f=$JOBS_DIR/$njobs
  echo "$1" >"$f.label"
  ( t0=$SECONDS; eval "$2" >"$f.out" 2>&1; times >"$f.cpu"; echo $((SECONDS - t0)) >"$f.done" ) &
  njobs=$((njobs + 1))
  flush
}
run_queue() { # every queued job, longest first (ties: in queued order)
  local i
  for i in $(for i in "${!qlabel[@]}"; do echo "${est[${qlabel[$i]}]:-1} $i"; done | sort -k1,1nr -k2,2n -s | cut -d' ' -f2); do
    start_job "${qlabel[$i]}" "${qcmd[$i]}"
  done
  flush all
}

# The C tests read their inputs relative to the top of the repository
# (tests/data/...) and write their files to out/: run them in $T/unit (the
# ASan builds in $T/unit_asan, as they run beside the plain ones), which
# link the repository's directories and have an out/ of their own.
for u in "$Tunit" "$Tunit"_asan; do
  mkdir -p "$u/out"
  for d in */; do
    d=${d%/}
    case $d in out|"${B%%/*}") ;; *) ln -sfn "$PWD/$d" "$u/$d" ;; esac
  done
done
in_t() { (cd "$Tunit" && "$@"); }
in_t_asan() { (cd "$Tunit"_asan && "$@"); }
for t in tests/test_*.sh; do
  [ -f "$t" ] || continue
  if [ "$t" = tests/test_gtkw.sh ]; then
    # one job per save file (each opens GTKWave under Xvfb): they pack better
    for g in vcd/*.gtkw; do
      [ -f "$g" ] && job "gtkw_$(basename "$g" .gtkw)" run_reporting "gtkw_$(basename "$g" .gtkw)" \
        bash "$t" "$B" "$(basename "$g" .gtkw)"
    done
  else job "$(basename "$t" .sh)" run_reporting "$(basename "$t" .sh)" bash "$t" "$B"; fi
done
for t in "$B"/tests/test_*; do
  [ -x "$t" ] && job "$(basename "$t")" run_reporting "$(basename "$t")" in_t "$(cd "$(dirname "$t")" && pwd)/$(basename "$t")"
done
for t in "$B"/asan/test_*; do
  [ -x "$t" ] && job "asan_$(basename "$t")" run_reporting "asan_$(basename "$t")" in_t_asan "$(cd "$(dirname "$t")" && pwd)/$(basename "$t")"
done

# The recording Icarus replays (tools/replay_icarus.sh): 10,000 cycles with
# a reset every 3,000 (mid-traffic resets).  A structure Icarus simulates
# slowly may have a shorter recording here whose stimulus (seed, reset
# interval) reaches every coverage point the 10,000 cycles reach, which
# icarus_job checks; make regress replays its 10,000 (Makefile ICARUS_LONG).
# dwf and warp_pool (10-25 ms a cycle in Icarus, 4 CPU-minutes for both):
# 3,000 cycles at seed 7, a reset every 1,500, reach every key the 10,000
# reach (2026-11-29: dwf ovf_cycles 1399 against 1842 in 10,000, occ_hw 205
# against 112; warp_pool, since its ISS_EMPTY probe after every reset,
# ovf_cycles 1411 against 3049, occ_hw 195 against 225, err_ISS_EMPTY 3
# against 3).  swi_sched and shadow_scoreboard (48 s
# and 29 s for the 10,000 on the clean-clone run): the same 3,000 reach
# every key, each act and error included (2026-11-29: swi_sched
# act_NONE_SUB 31 against 78 in 10,000, err_WARP 46 against 125;
# shadow_scoreboard full_tables 21 against 20, reconvergences_pending 40
# against 115).
icarus_rec() { # structure -> the harness flags of the recording
  case $1 in
    dwf|warp_pool|swi_sched|shadow_scoreboard) echo "--cycles 3000 --seed 7 --reset-every 1500" ;;
    *) echo "--cycles 10000 --seed 11 --reset-every 3000" ;;
  esac
}

# Icarus replays structure $1's recording (icarus_rec): every cycle must
# agree, and a corrupted output must be caught.  Its own job: the longest
# part of dwf's and warp_pool's checks.
icarus_job() { # structure
  local s=$1 c=$B/cosim_$1 vec=$T/icarus_rec_$1.vec log=$LOG/icarus_${1}_record.log rec n miss
  rec=$(icarus_rec "$s")
  n=$(sed 's/^--cycles \([0-9]*\) .*/\1/' <<<"$rec")
  # shellcheck disable=SC2086
  if ! "$c" $rec --quiet --record "$vec" >"$log" 2>&1 ||
     ! grep -q "cycles=$n mismatches=0 invariants=ok coverage=resets=[1-9]" "$log"; then
    bad "icarus_${s}_record" "$(tail -n 2 "$log")"; return
  fi
  if [ "$n" != 10000 ]; then
    # the shorter recording reaches every coverage point of the 10,000 cycles
    "$c" --cycles 10000 --seed 11 --reset-every 3000 --quiet >"$log.10000" 2>&1
    miss=$(awk -F= 'FNR == 1 { f++; sub(/.* coverage=/, ""); gsub(/,/, "\n"); n = split($0, kv, "\n")
                            for (i = 1; i <= n; i++) { split(kv[i], p, "="); if (f == 1) short[p[1]] = p[2]; else if (p[2] + 0 > 0 && !(short[p[1]] + 0 > 0)) printf " %s", p[1] } }' \
           <(tail -n 1 "$log") <(tail -n 1 "$log.10000"))
    if [ -z "$miss" ] && grep -q " cycles=10000 mismatches=0 " "$log.10000"; then
      ok "icarus_${s}_recording_covers_the_10000_cycles"
    else bad "icarus_${s}_recording_covers_the_10000_cycles" "not reached in $n cycles:$miss"; fi
  fi
  icarus_checks "$s" "$vec" "$n"
}

icarus_checks() { # structure, vector file, cycles
  local s=$1 vec=$2 n=$3 rc
  tools/replay_icarus.sh "$vec" "$T/icarus_$s" >"$LOG/icarus_$s.log" 2>&1
  rc=$?
  if [ $rc -eq 0 ] && grep -q "^replay $s params=.* cycles=$n mismatches=0$" "$LOG/icarus_$s.log"; then
    ok "icarus_${s}_replay_$n"
    # flip the lowest bit of the last field (an output) of a cycle without
    # reset; replay the first 600 cycles only
    local dat=$T/icarus_$s/replay.dat
    cp "$dat" "$dat.good"
    awk 'NR >= 500 && !done && $1 == "0" && $NF != "x" {
           d = substr($NF, length($NF)); i = index("0123456789abcdef", d) - 1
           $NF = substr($NF, 1, length($NF) - 1) substr("1032547698badcfe", i + 1, 1); done = 1 } { print }' \
      "$dat.good" | head -n 600 >"$dat" # the testbench stops at the end of the data
    vvp -n "$T/icarus_$s/replay.vvp" >"$LOG/icarus_${s}_bad.log" 2>&1
    if grep -q "^MISMATCH replay $s cycle=" "$LOG/icarus_${s}_bad.log" &&
       grep -q "^replay $s params=.* mismatches=1$" "$LOG/icarus_${s}_bad.log"; then
      ok "icarus_${s}_catches_a_corrupted_output"
    else bad "icarus_${s}_catches_a_corrupted_output" "$(tail -n 1 "$LOG/icarus_${s}_bad.log")"; fi
    mv "$dat.good" "$dat"
  else bad "icarus_${s}_replay_$n" "$(tail -n 3 "$LOG/icarus_$s.log")"; fi
}

# Structure $1 at its defaults: two seeds, fault injection, bad arguments,
# waveforms, --help, record/replay, malformed vectors (Icarus: icarus_job).
cosim_checks() { # structure
  local s=$1 c=$B/cosim_$1 seed log rc args vec f2
  for seed in 1 7; do
    log="$LOG/cosim_${s}_seed$seed.log"
    if "$c" --cycles 40000 --seed $seed --quiet >"$log" 2>&1 &&
       grep -q "^cosim $s seed=$seed params=[^ ]* cycles=40000 mismatches=0 invariants=ok coverage=" "$log"; then
      ok "cosim_${s}_seed$seed"
    else bad "cosim_${s}_seed$seed" "$(tail -n 1 "$log")"; sed -n '1,20p' "$log"; fi
  done
  # the harness must catch a flipped bit of the C state
  log="$LOG/cosim_${s}_fault.log"
  rm -rf "$T/fault_$s"
  # a flipped state bit that the next cycle's own write overwrites in both
  # models cannot be seen; such a fault is injected again a few cycles on
  for fc in 2000 2003 2007; do
    "$c" --cycles 40000 --seed 3 --inject-fault $fc --out-dir "$T/fault_$s" >"$log" 2>&1
    rc=$?
    [ $rc -ne 0 ] && break
  done
  if [ $rc -eq 1 ] && grep -qE '^(MISMATCH|INVARIANT) ' "$log" &&
     grep -q 'mismatches=[1-9]\|invariants=FAIL' "$log" && [ -s "$T/fault_$s/mismatch_${s}_3.vcd" ]; then
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
  # --help answers; a bad parameter or an unwritable waveform: one line, exit 2
  if "$c" --help >"$LOG/cosim_${s}_help.log" 2>&1 && grep -q "^usage: cosim_$s" "$LOG/cosim_${s}_help.log"; then
    ok "cosim_${s}_help"
  else bad "cosim_${s}_help"; fi
  for args in "--param BOGUS=1" "--param $("$B/cosim_params" "$s" --table | awk 'NR==1{print $1 "=" $4 + 1}')" \
              "--param $("$B/cosim_params" "$s" --table | awk 'NR==1{print $1 "=abc"}')" \
              "--cycles 10 --fst $T/no_such_dir/x.fst" "--cycles 10 --vcd $T/no_such_dir/x.vcd" \
              "--cycles 10 --json $T/no_such_dir/x.json" "--cycles 10 --json $T" \
              "--replay $T/no_such_file.vec" "--replay $T"; do
    # shellcheck disable=SC2086
    "$c" $args >"$LOG/cosim_${s}_args.log" 2>&1
    rc=$?
    if [ $rc -eq 2 ] && [ "$(wc -l <"$LOG/cosim_${s}_args.log")" -eq 1 ]; then
      ok "cosim_${s}_bad_args '$args'"
    else bad "cosim_${s}_bad_args '$args'" "exit $rc: $(head -n 2 "$LOG/cosim_${s}_args.log")"; fi
  done
  # record 10,000 cycles (mid-traffic resets included); replay them through
  # the harness
  vec=$T/replay_$s.vec
  log=$LOG/cosim_${s}_replay.log
  if "$c" --cycles 10000 --seed 11 --reset-every 3000 --quiet --record "$vec" >"$log" 2>&1 &&
     grep -q "cycles=10000 mismatches=0 invariants=ok coverage=resets=[1-9]" "$log" &&
     "$c" --replay "$vec" --quiet >>"$log" 2>&1 &&
     grep -q "^cosim $s seed=.* cycles=10000 mismatches=0 invariants=ok" "$log"; then
    ok "cosim_${s}_record_replay"
    # under --replay the err_/act_ keys count the C model's ports: with an
    # act port every cycle outside reset carries exactly one act
    if grep -q "^cosim $s .* coverage=.*act_" "$log"; then
      local sum
      sum=$(tail -n 1 "$log" | sed 's/.* cycles=\([0-9]*\) .* coverage=/\1,/' | tr ',' '\n' |
            awk -F= 'NR == 1 { n = $1; next } $1 == "resets" { n -= $2 } $1 ~ /^act_/ { a += $2 }
                     END { print (a == n ? "ok" : a " acts in " n " cycles") }')
      if [ "$sum" = ok ]; then ok "cosim_${s}_replay_counts_acts"
      else bad "cosim_${s}_replay_counts_acts" "$sum"; fi
    fi
  else bad "cosim_${s}_record_replay" "$(tail -n 2 "$log")"; fi
  # a malformed vector file: one line naming the line and the field, exit 2
  if [ -s "$vec" ]; then
    awk 'NR == 3 { $2 = "zz" } { print }' "$vec" >"$T/bad_$s.vec"
    "$c" --replay "$T/bad_$s.vec" >"$LOG/cosim_${s}_badvec.log" 2>&1
    rc=$?
    f2=$(head -n 1 "$vec" | cut -d' ' -f7 | cut -d: -f1)
    if [ $rc -eq 2 ] && [ "$(wc -l <"$LOG/cosim_${s}_badvec.log")" -eq 1 ] &&
       grep -q "bad_$s.vec:3: field $f2: " "$LOG/cosim_${s}_badvec.log"; then
      ok "cosim_${s}_malformed_vectors"
    else bad "cosim_${s}_malformed_vectors" "exit $rc: $(head -n 1 "$LOG/cosim_${s}_badvec.log")"; fi
  fi
}

# Structure $1's odd design point, X-randomised (--x-assign/--x-initial
# unique), at two seeds.
odd_checks() { # structure
  local s=$1 odd xbin seed log
  odd=$(awk -v s="$s" '$1 == s && $2 == "odd" { $1 = ""; $2 = ""; print }' tb/design_points)
  if [ -z "$odd" ]; then bad "cosim_${s}_odd_point" "no odd design point in tb/design_points"; return; fi
  # shellcheck disable=SC2086
  if xbin=$(tools/cosim_build.sh --xrand "$s" $odd 2>"$LOG/cosim_${s}_odd_build.log"); then
    for seed in 1 2; do
      log=$LOG/cosim_${s}_odd_seed$seed.log
      if "$xbin" --cycles 40000 --seed $seed --quiet +verilator+rand+reset+2 +verilator+seed+$seed >"$log" 2>&1 &&
         grep -q "^cosim $s seed=$seed params=.* cycles=40000 mismatches=0 invariants=ok" "$log"; then
        ok "cosim_${s}_odd_xrand_seed$seed"
      else bad "cosim_${s}_odd_xrand_seed$seed" "$(grep -m1 '^MISMATCH\|^INVARIANT\|^cosim_' "$log")"; fi
    done
  else bad "cosim_${s}_odd_build" "see $LOG/cosim_${s}_odd_build.log"; fi
}

# Structure $1's edge design points (tb/design_points: edge, edge_*: shapes
# the odd point misses where a C model's fast path has an edge, or where a
# tool has one), one seed, 20,000 cycles each:
# make test runs lwm_subwarp's, tsimt_frontend's, simt_stack's and dpe_stack's (small builds), make
# regress every edge point.
edge_checks() { # structure
  local s=$1 point edge bin log n=0
  while read -r point edge; do
    n=$((n + 1)); log=$LOG/cosim_${s}_$point.log
    # shellcheck disable=SC2086
    if bin=$(tools/cosim_build.sh "$s" $edge 2>"$LOG/cosim_${s}_${point}_build.log") &&
       "$bin" --cycles 20000 --seed 3 --quiet >"$log" 2>&1 &&
       grep -q "^cosim $s seed=3 params=.* cycles=20000 mismatches=0 invariants=ok" "$log"; then
      ok "cosim_${s}_$point"
    else bad "cosim_${s}_$point" "$(grep -m1 '^MISMATCH\|^INVARIANT\|^cosim_' "$log" "$LOG/cosim_${s}_${point}_build.log")"; fi
  done < <(awk -v s="$s" '$1 == s && $2 ~ /^edge/ { p = $2; $1 = ""; $2 = ""; print p, $0 }' tb/design_points)
  [ $n -gt 0 ] || bad "cosim_${s}_edge" "no edge design point in tb/design_points"
}

# dwf under an issue policy other than DMaj (POLICY is a Verilog parameter:
# one build per policy), at dwf's odd design point and X-randomised like it:
# a small build (about 30 s, not the defaults' minutes) that also exercises
# the policies with counts that are not powers of two
dwf_policy_checks() { # policy
  local n=$1 log=$LOG/cosim_dwf_policy$1.log pbin odd
  odd=$(awk '$1 == "dwf" && $2 == "odd" { $1 = ""; $2 = ""; print }' tb/design_points)
  # DTime's timestamps need SCHED_W >= log2(POOL) (the odd point's 5 < 6)
  [ "$n" = 2 ] && odd="$(sed 's/SCHED_W=[0-9]*//' <<<"$odd") SCHED_W=7"
  # shellcheck disable=SC2086
  if pbin=$(tools/cosim_build.sh --xrand dwf $odd "POLICY=$n" 2>"$LOG/cosim_dwf_policy${n}_build.log") &&
     "$pbin" --cycles 40000 --seed 1 --quiet +verilator+rand+reset+2 +verilator+seed+1 >"$log" 2>&1 &&
     grep -q "^cosim dwf seed=1 params=.*POLICY=$n.* cycles=40000 mismatches=0 invariants=ok" "$log"; then
    ok "cosim_dwf_policy$n"
  else bad "cosim_dwf_policy$n" "$(grep -m1 '^MISMATCH\|^INVARIANT\|^cosim_' "$log" "$LOG/cosim_dwf_policy${n}_build.log")"; fi
}

# pytest's -rA summary as ok/FAIL lines: a failure, an error, a skip (a
# skipped check is a defect) or a run that collected nothing is a FAIL
pytest_checks() { # label, pytest arguments...
  local label=$1 log=$LOG/$1.log rc; shift
  # everything it writes goes under $T (pytest's temporary files too)
  rm -rf "$T/pytest_$label"
  WARPHW_BUILD=$B PYTHONDONTWRITEBYTECODE=1 "$B/venv/bin/python" -m pytest -q -rA \
    -p no:cacheprovider --basetemp="$T/pytest_$label" "$@" >"$log" 2>&1
  rc=$?
  # the short test summary only (a passed test's captured log may hold
  # lines that start with ERROR)
  sed -n '/^=* short test summary info =*$/,$p' "$log" >"$log.summary"
  sed -n -E -e 's/^PASSED (.*)$/ok \1/p' \
    -e 's/^(FAILED|ERROR|XPASS|XFAIL) (.*)$/FAIL \2/p' -e 's/^SKIPPED (.*)$/FAIL skipped: \1/p' "$log.summary"
  if [ $rc -ne 0 ] && ! grep -q -E '^(FAILED|ERROR) ' "$log.summary"; then
    bad "$label" "pytest exit status $rc, see $log"; tail -n 20 "$log" | sed 's/^/  /'
  fi
  grep -q '^PASSED ' "$log.summary" || bad "$label" "no test passed, see $log"
  if grep -q -E '^(FAILED|ERROR) ' "$log.summary"; then
    grep -E '^E ' "$log" | sed -n '1,30p' | sed 's/^/  /'
  fi
}
if [ -x "$B/venv/bin/python" ] && [ -f "$B/py/.built" ]; then
  job cocotb_default pytest_checks cocotb_default tests/python/test_cocotb.py -k "default_point"
  job cocotb_odd pytest_checks cocotb_odd tests/python/test_cocotb.py -k "not default_point"
  job python pytest_checks python tests/python --ignore=tests/python/test_cocotb.py
else
  job python bad python "$B/venv or $B/py missing: run make deps, then make $B/py/.built"
fi

structs=()
for c in "$B"/cosim_*; do
  [ -x "$c" ] || continue
  s=${c##*/cosim_}
  [ -f "tb/${s}_cosim.cpp" ] && structs+=("$s")   # build/cosim_params is a tool
done
for s in "${structs[@]}"; do
  job "cosim_$s" cosim_checks "$s"
  job "icarus_$s" icarus_job "$s"
  job "odd_$s" odd_checks "$s"
done
for n in 1 2 3 4; do job "dwf_policy$n" dwf_policy_checks $n; done
for s in lwm_subwarp tsimt_frontend simt_stack dpe_stack; do
  [ -x "$B/cosim_$s" ] && job "edge_$s" edge_checks "$s"
done

# formal: one job per structure (its properties, then its planted faults);
# not the points marked notest (make formal only: docs/formal.md says why)
for s in $(awk '!/^#/ && NF && !/ notest( |$)/ { print $1 }' tools/formal_points.txt 2>/dev/null); do
  job "formal_$s" run_reporting "formal_$s" env FORMAL_JOBS=1 FORMAL_OUT="$T/formal" \
    tools/formal.sh --quick --test "$B" "$s"
done

# lint: one job per module (Yosys at the module's small design point; make
# lint synthesizes the defaults)
for f in verilog/*.v; do
  [ -f "$f" ] || continue
  m=$(basename "$f" .v)
  job "lint_$m" run_reporting "lint_$m" env LINT_LOG="$B/lint" LINT_POINT=small LINT_JOBS=1 tools/lint.sh "$m"
done
run_queue

if [ $fail -gt 0 ]; then echo "failed: ${failed[*]}"; fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
