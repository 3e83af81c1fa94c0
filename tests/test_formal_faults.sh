#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# test_formal_faults.sh BUILD_DIR -- every formal property has its planted
# fault (issue 27; docs/formal.md "Planted faults"): tools/formal.sh
# --check-faults for every structure of tools/formal_points.txt (no solver:
# the labelled assertions of verilog/STRUCT.v against
# tools/formal_faults.txt, each fault's mutant made by tools/mutate_gen).
# Whether each fault is caught is the formal jobs' part (tests/run.sh).
# The check must fail on planted stale lists: a property's fault removed, a
# fault naming a property that does not exist, a fault whose line text
# matches no mutant, a second fault for one property.  And docs/formal.md's
# results table must be what tools/formal_table.py makes of the committed
# results (docs/formal-results/), every structure with its files.
# ok/FAIL lines as tests/run.sh counts them.
set -u
B=${1:-build}
. tests/lib.sh
T=$B/test/formal_faults
rm -rf "$T" && mkdir -p "$T"
structs=$(awk '!/^#/ && NF { print $1 }' tools/formal_points.txt)

# every structure must get its line: a crash of the check part way (it once
# fell through to the proofs on a shell error) must not pass as a shorter list
out=$(FORMAL_OUT=$T/out tools/formal.sh --check-faults --test "$B" $structs 2>&1)
rc=$?
printf '%s\n' "$out" | grep -E '^(ok|FAIL) '
for s in $structs; do
  grep -qE "^(ok|FAIL) formal_faults_$s[ :]" <<<"$out" ||
    bad "formal_faults_$s" "formal.sh --check-faults gave no line for it (exit $rc): $(grep -v '^ok ' <<<"$out" | head -2 | tr '\n' '|')"
done
[ $rc -le 1 ] || bad formal_faults_exit "formal.sh --check-faults exited $rc"

# planted stale lists: each must give a FAIL line naming the problem
flt=tools/formal_faults.txt
planted() { # NAME WANT_ERE STRUCT -- the list on stdin
  local name=$1 ere=$2 s=$3 out
  cat >"$T/$name.txt"
  out=$(FORMAL_FAULTS=$T/$name.txt FORMAL_OUT=$T/out tools/formal.sh --check-faults --test "$B" "$s" 2>&1)
  if [ $? -eq 1 ] && grep -qE "^FAIL formal_faults_$s: .*$ere" <<<"$out"; then
    ok "formal_faults_planted_$name"
  else
    bad "formal_faults_planted_$name" "not caught: $(head -2 <<<"$out" | tr '\n' '|')"
  fi
}
grep -v '^two_level_sched|p_timeout|' "$flt" |
  planted missing 'p_timeout has 0 planted faults' two_level_sched
sed 's/^lane_shuffle|p_xor|/lane_shuffle|p_xorr|/' "$flt" |
  planted unknown_property 'p_xorr is no property' lane_shuffle
sed 's/^\(simt_stack|p_reset|[^|]*|[^|]*|[^|]*|\)/\1zz /' "$flt" |
  planted no_mutant "no mutant 'const" simt_stack
{ cat "$flt"; grep '^dwf|p_live|' "$flt"; } |
  planted twice 'p_live has 2 planted faults' dwf
# tools/formal_table.py (docs/formal.md's results table): a MISSED fault, a
# FAILED property and a property without a line must show as such, a
# structure without results as not run, never as a pass; --check must
# find the section stale until it is rewritten
R=$T/table
mkdir -p "$R/out/results" "$R/out/results-quick"
printf '<!-- generated:formal-results: x -->\n<!-- /generated:formal-results -->\n' >"$R/doc.md"
{ echo "proved  lane_shuffle p_err (k=1) (3 s, 0.2 s CPU)"
  echo "FAILED  lane_shuffle p_xor at cycle 4: trace t.vcd, vectors t.vec (3 s, 0.2 s CPU)"
  echo "caught  lane_shuffle p_err by a -> b at line 1 (at cycle 2: trace t.vcd, vectors t.vec) (1 s, 0.1 s CPU)"
  echo "MISSED  lane_shuffle p_xor by a -> b at line 2 (failed instead: ) (1 s, 0.1 s CPU)"
} >"$R/out/results/lane_shuffle.txt"
if python3 tools/formal_table.py --out "$R/out" --doc "$R/doc.md" --check 2>/dev/null; then
  bad formal_table_check "--check passed a stale section"
else ok formal_table_check; fi
python3 tools/formal_table.py --out "$R/out" --doc "$R/doc.md"
row() { grep -F "| lane_shuffle | $1 |" "$R/doc.md"; }
if row p_err | grep -qF '| proved, k=1 | cycle 2 | not run |' &&
   row p_xor | grep -qF '| **FAILED** at cycle 4 | **MISSED** |' &&
   row p_identity | grep -qF '| **no result** | **no fault run** |' &&
   grep -qF '| two_level_sched | WARPS=9 GROUP_SIZE=3 TIMEOUT=3 (20, k=2) | not run |' "$R/doc.md" &&
   grep -q 'not run: two_level_sched' "$R/doc.md" &&
   python3 tools/formal_table.py --out "$R/out" --doc "$R/doc.md" --check; then
  ok formal_table_rows
else
  bad formal_table_rows "$(grep -F lane_shuffle "$R/doc.md" | head -3 | tr '\n' '|')"
fi
# docs/formal.md's table is what the committed results give (make formal and
# make docs write it from docs/formal-results/; nothing there by hand), and
# every structure of tools/formal_points.txt has both results files
if why=$(python3 tools/formal_table.py --check 2>&1); then
  ok formal_table_doc
else bad formal_table_doc "$why (make docs rewrites it from docs/formal-results/)"; fi
for s in $structs; do
  for d in results results-quick; do
    [ -s "docs/formal-results/$d/$s.txt" ] ||
      bad "formal_results_$s" "no docs/formal-results/$d/$s.txt (make formal STRUCT=$s, and FORMAL_QUICK=1)"
  done
done
exit 0
