# SPDX-License-Identifier: Apache-2.0
# tests/lib.sh -- sourced by the shell tests: the lines tests/run.sh counts.
#   ok NAME               "ok NAME"
#   bad NAME [WHY]        "FAIL NAME: WHY"; fails counts them
#   one_line NAME RC ERE CMD...   CMD exits RC with exactly one line of
#                         output (stdout and stderr) matching ERE: ok, else
#                         bad with the exit status and the first lines
#                         (the rule for bad input: GUIDE.md)
#   every_mech_mem NAME SIMT LAUNCH NMECH WANT DIR
#                         LAUNCH through --mech all at the default preset
#                         and 001: exit 0, NMECH report rows, "every
#                         mechanism that ran matches the reference", and
#                         the dumped memory equal to the file WANT
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
every_mech_mem() {
  local name=$1 sim=$2 launch=$3 nm=$4 want=$5 dir=$6 cfg out rc nrow
  for cfg in default 001; do
    out=$("$sim" --config $cfg --launch "$launch" --mech all --dump-mem "$dir/$cfg.mem" 2>&1)
    rc=$?
    nrow=$(grep -cE "^[a-z+]+ +[0-9]" <<<"$out")
    if [ $rc -eq 0 ] && [ "$nrow" -eq "$nm" ] && grep -q "^every mechanism that ran matches the reference" <<<"$out" &&
       cmp -s "$dir/$cfg.mem" "$want"; then ok "${name}_${cfg}_every_mechanism ($nrow of $nm)"
    else bad "${name}_${cfg}_every_mechanism" "exit $rc, $nrow of $nm rows: $(grep -m1 -E '^simt:|cannot run|FAIL|deadlock' <<<"$out" ||
      diff "$dir/$cfg.mem" "$want" | head -n 2 | tr '\n' ' ')"; fi
  done
}
