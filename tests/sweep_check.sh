#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# sweep_check.sh BUILD_DIR [SPEC] [KILL_AFTER] -- a sweep (tools/sweep.py run
# SPEC, default tools/sweeps/all.sweep: every CUDA kernel x every mechanism x
# every preset) is killed (SIGKILL to its whole process group: the sweep,
# GNU parallel and the running jobs) once KILL_AFTER rows are in its CSV, a
# torn half line is appended as a kill in the middle of a write would leave
# it, and the sweep is run again: it must then hold every job exactly once,
# with no row that failed its checks.  Prints ok/FAIL lines; make regress
# runs it on the full sweep, tests/test_sweep.sh on a small one.
set -u
B=${1:-build}
SPEC=${2:-tools/sweeps/all.sweep}
KILL_AFTER=${3:-40}
T=$B/test/sweep_check/$(basename "$SPEC" .sweep)
ok() { echo "ok $1"; }
bad() { echo "FAIL $1${2:+: $2}"; }
name=sweep_resume_$(basename "$SPEC" .sweep)
rm -rf "$T" && mkdir -p "$T"
CSV=$T/out.csv
njobs=$(tools/sweep.py jobs "$SPEC" | wc -l)
rows() { [ -f "$CSV" ] && echo $(($(wc -l <"$CSV") - 1)) || echo 0; }
setsid tools/sweep.py run "$SPEC" -o "$CSV" ${SWEEP_JOBS:+--jobs $SWEEP_JOBS} >"$T/run1.log" 2>&1 &
pid=$!
while kill -0 $pid 2>/dev/null && [ "$(rows)" -lt "$KILL_AFTER" ]; do sleep 0.2; done
kill -KILL -- -$pid 2>/dev/null
wait $pid 2>/dev/null
at_kill=$(rows)
if [ "$at_kill" -ge "$njobs" ]; then
  bad "$name" "the sweep ended before the kill ($at_kill of $njobs rows)"; exit 0
fi
printf 'tb/kernels/cuda/torn.launch,000,spe,,ok,12' >>"$CSV"   # a torn last line
tools/sweep.py run "$SPEC" -o "$CSV" ${SWEEP_JOBS:+--jobs $SWEEP_JOBS} >"$T/run2.log" 2>&1
rc=$?
python3 - "$CSV" "$njobs" "$SPEC" <<'PY' >"$T/verify.log" 2>&1
import csv, subprocess, sys
path, n, spec = sys.argv[1], int(sys.argv[2]), sys.argv[3]
rows = list(csv.DictReader(open(path)))
cmds = [r["command"] for r in rows]
want = subprocess.run(["tools/sweep.py", "jobs", spec], capture_output=True,
                      text=True).stdout.splitlines()
errs = []
if len(set(cmds)) != len(cmds):
    errs.append(f"{len(cmds) - len(set(cmds))} duplicate rows")
if set(cmds) != set(want):
    errs.append(f"{len(set(want) - set(cmds))} jobs missing, {len(set(cmds) - set(want))} rows not jobs")
fails = [r for r in rows if r["status"].startswith("FAIL")]
if fails:
    errs.append(f"{len(fails)} rows failed, e.g. {fails[0]['status']}: {fails[0]['command']}")
print("; ".join(errs) if errs else f"{len(rows)} rows")
sys.exit(1 if errs else 0)
PY
if [ $? -eq 0 ] && [ $rc -eq 0 ]; then
  ok "$name ($njobs jobs, killed at $at_kill rows, resumed: $(cat "$T/verify.log"))"
else
  bad "$name" "exit $rc: $(tail -n 1 "$T/verify.log"); $(tail -n 1 "$T/run2.log")"
fi
exit 0
