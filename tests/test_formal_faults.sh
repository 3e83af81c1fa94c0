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
# matches no mutant, a second fault for one property.
# ok/FAIL lines as tests/run.sh counts them.
set -u
B=${1:-build}
. tests/lib.sh
T=$B/test/formal_faults
rm -rf "$T" && mkdir -p "$T"
structs=$(awk '!/^#/ && NF { print $1 }' tools/formal_points.txt)

FORMAL_OUT=$T/out tools/formal.sh --check-faults --test "$B" $structs || true

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
exit 0
