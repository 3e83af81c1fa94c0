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
#
# The kill comes after exactly KILL_AFTER jobs, however loaded the machine:
# the sweep runs BUILD_DIR/simt through a gate (T/simt) that lets the first
# KILL_AFTER runs through and holds every later one until the kill, and the
# kill waits for KILL_AFTER lines in GNU parallel's joblog (parallel writes
# a job's output before its joblog line).  Polling the CSV instead let an
# 8-job sweep (0.6 s) finish before the poll saw it on a loaded CI machine.
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
# the gate: a run of the sweep (one with --mech) takes a ticket (mkdir is
# atomic); with SWEEP_GATE set, ticket KILL_AFTER and later wait for the
# kill.  GNU parallel gives each job a process group of its own, so the kill
# of the sweep's group does not reach them: once the sweep is killed, the
# test creates T/tickets/killed and each waiting run kills itself, as a job
# killed with its sweep would end (an hour's wait at most, should the test
# itself be killed before it)
mkdir -p "$T/tickets"
release() { touch "$T/tickets/killed"; }
cat >"$T/simt" <<EOF
#!/usr/bin/env bash
case " \$* " in *" --mech "*) ;; *) exec "$B/simt" "\$@" ;; esac
if [ -n "\${SWEEP_GATE:-}" ]; then
  n=0; while ! mkdir "$T/tickets/\$n" 2>/dev/null; do n=\$((n + 1)); done
  if [ "\$n" -ge $KILL_AFTER ]; then
    for _ in \$(seq 36000); do [ -e "$T/tickets/killed" ] && kill -KILL \$\$; sleep 0.1; done
    exit 1
  fi
fi
exec "$B/simt" "\$@"
EOF
chmod +x "$T/simt"
export SIMT=$T/simt
njobs=$(tools/sweep.py jobs "$SPEC" | wc -l)
if [ "$KILL_AFTER" -ge "$njobs" ]; then
  bad "$name" "KILL_AFTER $KILL_AFTER is not below the sweep's $njobs jobs"; exit 0
fi
rows() { [ -f "$CSV" ] && echo $(($(wc -l <"$CSV") - 1)) || echo 0; }
finished() { [ -f "$CSV.joblog" ] && echo $(($(wc -l <"$CSV.joblog") - 1)) || echo 0; }
SWEEP_GATE=1 setsid tools/sweep.py run "$SPEC" -o "$CSV" ${SWEEP_JOBS:+--jobs $SWEEP_JOBS} >"$T/run1.log" 2>&1 &
pid=$!
while kill -0 $pid 2>/dev/null && [ "$(finished)" -lt "$KILL_AFTER" ]; do sleep 0.2; done
if ! kill -0 $pid 2>/dev/null; then
  release; bad "$name" "the sweep ended before the kill: $(tail -n 1 "$T/run1.log")"; exit 0
fi
exec 3>&2 2>/dev/null   # not bash's "Killed" notice
kill -KILL -- -$pid
wait $pid
exec 2>&3 3>&-
release
at_kill=$(rows)
if [ "$at_kill" -ne "$KILL_AFTER" ]; then
  bad "$name" "$KILL_AFTER jobs had finished at the kill, but the CSV holds $at_kill rows"; exit 0
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
