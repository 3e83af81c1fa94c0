#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# test_simt_cuda.sh BUILD_DIR -- every CUDA kernel of tb/kernels/cuda
# (*.launch) through the SM core, every mechanism of its table, at the
# default preset: `build/simt --launch K --mech all` must exit 0,
# give every mechanism a row (a result, or "cannot run: ..." for a
# mechanism that cannot hold the kernel: counted and printed, not a
# failure) and end with the line that every mechanism that ran matches the
# reference (registers, PC sequences, memory, the timing oracle).  A
# deadlock, a mismatch or a crash of any one mechanism fails the kernel.
# SIMT_CUDA_PRESETS="000 001 ..." adds presets (tb/simt/configs; make
# regress), each run the same way.
set -u
B=${1:-build}
S=$B/simt
T=$B/test/simt_cuda
mkdir -p "$T"
ok() { echo "ok $1"; }
bad() { echo "FAIL $1${2:+: $2}"; }
[ -x "$S" ] || { bad simt_cuda "no $S (make $S)"; exit 0; }

# the core's mechanisms, as --help lists them
mechs=$("$S" --help | awk '/^mechanisms/{f=1;next} /^--param/{f=0} f&&NF{print $1}')
nm=$(wc -w <<<"$mechs")
[ "$nm" -ge 8 ] && ok "simt_cuda_mechanism_list ($nm)" || bad simt_cuda_mechanism_list "'$mechs'"

nk=0
for cfg in default ${SIMT_CUDA_PRESETS:-}; do
  for L in tb/kernels/cuda/*.launch; do
    k=$(basename "$L" .launch)
    nk=$((nk + 1))
    out=$T/$k-$cfg.out
    "$S" --core --config "$cfg" --launch "$L" --mech all >"$out" 2>&1
    rc=$?
    missing="" cannot=""
    for m in $mechs; do
      # a row: the name, then a cycle count or "cannot run:"
      if grep -qE "^${m/+/\\+} +[0-9]" "$out"; then :
      elif grep -qE "^${m/+/\\+} +cannot run: " "$out"; then cannot="$cannot $m"
      else missing="$missing $m"; fi
    done
    if [ $rc -eq 0 ] && [ -z "$missing" ] && grep -q "^every mechanism that ran matches the reference" "$out"; then
      ok "simt_cuda_${k}_${cfg} ($((nm - $(wc -w <<<"$cannot"))) of $nm ran${cannot:+; cannot run:$cannot})"
    else
      [ $rc -ne 0 ] && missing=""   # a failed run prints its error, not the table
      bad "simt_cuda_${k}_${cfg}" "exit $rc${missing:+, no row for$missing}: $(grep -m1 -E '^simt:|FAIL|deadlock' "$out" || tail -n 1 "$out")"
    fi
  done
done
[ $nk -ge 13 ] && ok "simt_cuda_kernels_run ($nk)" || bad simt_cuda_kernels_run "only $nk kernel runs"
exit 0
