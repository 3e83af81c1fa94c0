# SPDX-License-Identifier: Apache-2.0
# tests/lib.sh -- sourced by the shell tests: the lines tests/run.sh counts.
#   ok NAME               "ok NAME"
#   bad NAME [WHY]        "FAIL NAME: WHY"; fails counts them
#   one_line NAME RC ERE CMD...   CMD exits RC with exactly one line of
#                         output (stdout and stderr) matching ERE: ok, else
#                         bad with the exit status and the first lines
#                         (the rule for bad input: GUIDE.md)
fails=0
ok() { echo "ok $1"; }
bad() { echo "FAIL $1${2:+: $2}"; fails=$((fails + 1)); }
one_line() {
  local name=$1 want=$2 ere=$3 out rc
  shift 3
  out=$("$@" 2>&1)
  rc=$?
  if [ "$rc" -eq "$want" ] && [ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ] && [ -n "$out" ] &&
     grep -qE -- "$ere" <<<"$out"; then
    ok "$name"
  else
    bad "$name" "exit $rc (want $want): $(printf '%s\n' "$out" | head -3 | tr '\n' '|')"
  fi
}
