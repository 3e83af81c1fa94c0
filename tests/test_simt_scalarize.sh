#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# test_simt_scalarize.sh BUILD_DIR -- scalarization on the SM core (issue
# 26; tb/simt/scalar.h, docs/scalar.md): simt+scalar runs every built-in
# kernel and 200 generated ones at the default and 002 presets against the
# reference with the soundness check on; a planted unsound scalarization
# (--inject-fault scalar@0) is caught with its line; 002 sec. 5.8's claims:
# scalarization takes fewer cycles on a kernel with much uniform work
# (reduction.k at 002's preset) and changes nothing on one with none.
set -u
B=${1:-build}
S=$B/simt
T=$B/test/simt_scalarize
mkdir -p "$T"
ok() { echo "ok $1"; }
bad() { echo "FAIL $1${2:+: $2}"; }

# field MECH KEY < json: one value of one row of build/simt --format json
field() {
  python3 -c 'import json,sys; r=[x for x in json.load(sys.stdin)["rows"] if x["mech"]==sys.argv[1]]; print(r[0][sys.argv[2]] if r else "")' "$1" "$2"
}

for cfg in default 002; do
  n=0 failed=()
  for k in tb/kernels/*.k; do
    if ! "$S" --core --kernel "$k" --mech spe,simt+scalar --config "$cfg" --format json \
        >"$T/run.json" 2>"$T/run.err"; then
      failed+=("$(basename "$k"): $(head -1 "$T/run.err")")
    fi
    n=$((n + 1))
  done
  if [ ${#failed[@]} -eq 0 ] && [ "$n" -ge 8 ]; then
    ok "builtin_kernels_simt_scalar_$cfg"
  else
    bad "builtin_kernels_simt_scalar_$cfg" "${failed[*]}"
  fi
  if "$S" --core --random 200 --mech spe,simt+scalar --config "$cfg" --quiet >"$T/random.out" 2>&1 &&
      grep -q ': 0 failed' "$T/random.out"; then
    ok "random_kernels_simt_scalar_$cfg"
  else
    bad "random_kernels_simt_scalar_$cfg" "$(tail -1 "$T/random.out")"
  fi
done

# a planted unsound mark: caught on the spot, with the file and line
"$S" --core --kernel tb/kernels/reduction.k --mech simt+scalar --inject-fault scalar@0 \
  >"$T/fault.out" 2>"$T/fault.err"
rc=$?
if [ $rc -eq 1 ] && grep -q "reduction.k:[0-9]*: pc [0-9]*: scalar instruction .*(the scalarization is unsound)" "$T/fault.err"; then
  ok planted_unsound_scalarization_caught
else
  bad planted_unsound_scalarization_caught "exit $rc: $(head -1 "$T/fault.err")"
fi
# and without the soundness check the reference comparison catches it
"$S" --core --kernel tb/kernels/reduction.k --mech simt+scalar --inject-fault scalar@0 \
  --no-check >"$T/fault2.out" 2>"$T/fault2.err"
rc=$?
if [ $rc -eq 1 ] && grep -q "reference" "$T/fault2.err"; then
  ok planted_unsound_scalarization_unchecked_caught
else
  bad planted_unsound_scalarization_unchecked_caught "exit $rc: $(head -1 "$T/fault2.err")"
fi

# 002 sec. 5.8: fewer cycles with much uniform work
"$S" --core --kernel tb/kernels/reduction.k --mech spe,simt+scalar --config 002 --format json \
  >"$T/red.json" 2>"$T/red.err"
c0=$(field spe cycles <"$T/red.json"); c1=$(field simt+scalar cycles <"$T/red.json")
s1=$(field simt+scalar scalar_issues <"$T/red.json")
if [ -n "$c0" ] && [ -n "$c1" ] && [ "$s1" -gt 0 ] && [ "$c1" -lt "$c0" ]; then
  ok "claim_002_scalarization_fewer_cycles (spe $c0, simt+scalar $c1, $s1 scalar issues)"
else
  bad claim_002_scalarization_fewer_cycles "spe $c0, simt+scalar $c1, scalar issues $s1"
fi

# no uniform work: every value depends on the thread id; nothing changes
cat >"$T/nouniform.k" <<'K'
.kernel nouniform
.threads 64
.mem 256
    mov r1, %tid
    add r2, r1, r1
    mul r3, r2, r1
    setp.lt p0, r1, r3
    @p0 bra A
    add r3, r3, r1
A:  st [r1], r3
    exit
K
"$S" --core --kernel "$T/nouniform.k" --mech spe,simt+scalar --config 002 --format json \
  >"$T/nu.json" 2>"$T/nu.err"
c0=$(field spe cycles <"$T/nu.json"); c1=$(field simt+scalar cycles <"$T/nu.json")
s1=$(field simt+scalar scalar_issues <"$T/nu.json")
if [ -n "$c0" ] && [ "$s1" = 0 ] && [ "$c1" = "$c0" ]; then
  ok "claim_002_no_uniform_work_no_change (spe $c0, simt+scalar $c1)"
else
  bad claim_002_no_uniform_work_no_change "spe $c0, simt+scalar $c1, scalar issues $s1"
fi
