#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# test_sweep.sh BUILD_DIR -- tools/sweep.py and make results on a small
# sweep (8 jobs: two kernels x spe, sbi x two ALU latencies at preset 000):
# the CSV's rows (one per job, each with its command; sbi runs kmeans'
# vector load), a refused job is a row with the reason (sbi+swi with a CCT
# too small for its two banks), a row's command reproduces
# its numbers (and a planted change to a number is caught), a kill part-way
# then a resume leaves every job exactly once (tests/sweep_check.sh), the
# chart, a bad sweep file; docs/papers-results.md is what its committed CSV
# gives and the CSV's rows reproduce; and the papers' claims that hold, as
# cycle counts of build/simt.  Prints ok/FAIL lines.
set -u
B=${1:-build}
T=$B/test/sweep
ok() { echo "ok $1"; }
bad() { echo "FAIL $1${2:+: $2}"; }
[ -x "$B/simt" ] || { bad sweep "no $B/simt"; exit 0; }
command -v parallel >/dev/null || { bad sweep "GNU parallel is not installed (make deps)"; exit 0; }
rm -rf "$T" && mkdir -p "$T"
SPEC=$T/tiny.sweep
cat >"$SPEC" <<'S'
# two kernels x two mechanisms x one preset x two ALU latencies
kernels tb/kernels/even_odd.k tb/kernels/cuda/kmeans.launch
presets 000
mechs spe sbi
set alu_lat=4,8
S
CSV=$T/out.csv
if tools/sweep.py run "$SPEC" -o "$CSV" >"$T/run.log" 2>&1; then ok sweep_run
else bad sweep_run "$(tail -n 1 "$T/run.log")"; fi

# the rows
python3 - "$CSV" >"$T/rows.log" 2>&1 <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert len(rows) == 8, f"{len(rows)} rows, not 8"
assert len({r["command"] for r in rows}) == 8, "duplicate commands"
for r in rows:
    k = r["kernel"].rsplit("/", 1)[-1]
    assert r["preset"] == "000" and r["params"] in ("alu_lat=4", "alu_lat=8"), r
    assert f"--mech {r['mech']}" in r["command"] and f"--set {r['params']}" in r["command"], r
    assert r["status"] == "ok", r["status"]
    assert int(r["cycles"]) > 0 and int(r["thread_insts"]) > 0, r
# the same kernel runs the same thread instructions under both mechanisms
ti = {}
for r in rows:
    if r["status"] == "ok":
        ti.setdefault((r["kernel"], r["params"]), set()).add(r["thread_insts"])
assert all(len(v) == 1 for v in ti.values()), ti
print("8 rows")
PY
[ $? -eq 0 ] && ok "sweep_rows ($(tail -n 1 "$T/rows.log"))" || bad sweep_rows "$(tail -n 1 "$T/rows.log")"

# a job the mechanism refuses: a row with the reason, no numbers; its chart
# marks it with an x
printf 'kernels tb/kernels/even_odd.k\nmechs spe sbi+swi\npresets 000\nset cct=3\n' >"$T/refused.sweep"
tools/sweep.py run "$T/refused.sweep" -o "$T/refused.csv" >"$T/refused.log" 2>&1
python3 - "$T/refused.csv" >>"$T/refused.log" 2>&1 <<'PY'
import csv, sys
rows = {r["mech"]: r for r in csv.DictReader(open(sys.argv[1]))}
assert sorted(rows) == ["sbi+swi", "spe"], rows
assert rows["spe"]["status"] == "ok", rows["spe"]
r = rows["sbi+swi"]
assert r["status"].startswith("refused: ") and "cct = 3" in r["status"], r["status"]
assert r["cycles"] == "" and "--set cct=3" in r["command"], r
print(r["status"])
PY
[ $? -eq 0 ] && ok sweep_refused_row || bad sweep_refused_row "$(tail -n 1 "$T/refused.log")"
tools/sweep.py chart "$T/refused.csv" -o "$T/refused_charts" >>"$T/refused.log" 2>&1
[ -f "$T/refused_charts/000-cct3.svg" ] && grep -q '>x</text>' "$T/refused_charts/000-cct3.svg" &&
  ok sweep_chart_refused || bad sweep_chart_refused "$(ls "$T/refused_charts" 2>&1 | head -n 1)"

# a row's command reproduces it; a changed number is caught
if tools/sweep.py check "$CSV" >"$T/check.log" 2>&1; then ok "sweep_reproduce ($(tail -n 1 "$T/check.log"))"
else bad sweep_reproduce "$(head -n 1 "$T/check.log")"; fi
awk -F, 'NR == 2 && $5 == "ok" { $6 = $6 + 1 } 1' OFS=, "$CSV" >"$T/planted.csv"
if ! tools/sweep.py check "$T/planted.csv" >"$T/planted.log" 2>&1 && grep -q 'differs in cycles' "$T/planted.log"
then ok sweep_reproduce_catches_a_change
else bad sweep_reproduce_catches_a_change "$(tail -n 1 "$T/planted.log")"; fi

# kill part-way, resume
tests/sweep_check.sh "$B" "$SPEC" 3

# the chart: one per point, the gmean group, a bar per kernel and the gmean
tools/sweep.py chart "$CSV" -o "$T/charts" >"$T/chart.log" 2>&1
svg=$T/charts/000-alu_lat4.svg
if [ -f "$svg" ] && [ -f "$T/charts/000-alu_lat8.svg" ] && grep -q '>gmean<' "$svg" &&
   [ "$(grep -c '<rect [^>]*><title>' "$svg")" -eq 3 ] && ! grep -q '>x</text>' "$svg"; then
  ok sweep_chart
else bad sweep_chart "$(cat "$T/chart.log")"; fi

# a bad sweep file: one line with file:line, exit 2
printf 'kernels tb/kernels/even_odd.k\nmechs spe\npresets 000\nsweep everything\n' >"$T/bad.sweep"
out=$(tools/sweep.py run "$T/bad.sweep" -o "$T/bad.csv" 2>&1); rc=$?
[ $rc -eq 2 ] && [ "$(wc -l <<<"$out")" -eq 1 ] && grep -q "bad.sweep:4: unknown directive" <<<"$out" &&
  ok sweep_bad_file || bad sweep_bad_file "exit $rc: $out"

# make results' page agrees with its data, and the data with build/simt
if tools/papers_results.py --check --rows 4 >"$T/results.log" 2>&1; then
  ok "papers_results_current ($(tail -n 1 "$T/results.log"))"
else bad papers_results_current "$(grep -m1 -E 'not what|differs' "$T/results.log")"; fi

# claims that hold (docs/papers-results.md), on kernels where they show:
# cycle counts of the mechanism against the paper's baseline
cyc() { # preset kernel mech [--set ...]
  local p=$1 k=$2 m=$3; shift 3
  tools/sweep.py row "$k" "$p" "$m" "" -- $(python3 -c 'import sys; sys.path.insert(0, "tools"); import sweep; print(" ".join(sweep.simt_command(None)))') \
    --config "$p" --launch "tb/kernels/cuda/$k.launch" --mech "$m" "$@" --format csv | cut -d, -f6
}
claim() { # name preset kernel base mech faster|slower
  local b m; b=$(cyc "$2" "$3" "$4"); m=$(cyc "$2" "$3" "$5")
  local holds=0
  if [ -n "$b" ] && [ -n "$m" ]; then
    if [ "$6" = faster ]; then [ "$m" -lt "$b" ] && holds=1; else [ "$m" -gt "$b" ] && holds=1; fi
  fi
  if [ $holds -eq 1 ]; then ok "claim_$1 ($5 $m cycles, $4 $b)"; else bad "claim_$1" "$5 '$m' cycles, $4 '$b': not $6"; fi
}
claim 003_dpe_interleavable 003 collatz spe dpe faster      # 003 l.1103-1104
claim 002_stsimt_divergent 002 collatz spe stsimt faster    # 002 l.1100-1101
claim 002_tsimt_slower 002 pathfinder spe tsimt slower      # 002 l.928-930
claim 002_scalar_stsimt 002 mandelbrot stsimt stsimt+scalar faster  # 002 l.1160-1162
exit 0
