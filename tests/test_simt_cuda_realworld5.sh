#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# test_simt_cuda_realworld5.sh BUILD_DIR -- the fifth round of real-world
# kernels (tb/kernels/cuda/realworld5, docs/ptx.md "Fifth round"):
# tests/test_simt_cuda.sh's checks on them (every mechanism at the default
# preset and 000..004 (make test: the default and one of them, cuda_small.sh round_presets), the reference against each kernel's host reference;
# SIMT_CUDA_PRESETS set (make regress): -O1 and -O3 as well), then what
# the round found:
# - answers known without the host: aes's first block is FIPS-197's
#   example (its ciphertext), own_nqueens's counts add up to 352 (9 queens;
#   92 for 8 at the presets that run it smaller),
#   histo8's saturated bins recomputed from its input in awk;
# - sbi+swi and a full CCT: cxx on a 2 x 2 x 2 grid at max_ctas 6 finished
#   only once a full CCT sends the scheduler's I1 back instead of holding
#   it (before: a deadlock); at 8 resident CTAs only once a warp whose two
#   splits need a third context issues one split alone (sbi too, at cct
#   64); with a CCT of 64 (32 a bank) sbi+swi still runs out, and the
#   deadlock line names the CCT and its size;
# - (a goto out of a loop before a barrier, tests/data/cuda/gotobar, runs
#   since the fourteenth session: tests/test_simt_cuda_exitpop.sh);
# - recursion (tests/data/cuda/nqueens_rec): refused with one line;
# - raytrace at -O0 (clang installed): the address of a structure passed
#   by value to a .func, taken by clang -O0, runs (ptx_call.c);
# - the reviewer's own prelude (own_nqueens) compiled by issue 25's command
#   at other -O levels and sm_ targets (clang installed), at 8 queens:
#   every mechanism, equal to the host reference (make test: -O0, -O3 and -Os on three
#   targets; make regress: -O0 -O1 -O2 -O3 -Os x sm_60 sm_75 sm_80 sm_86).
set -u
. tests/cuda_small.sh # realworld_round, same_as_host, AWK_HEX, small[]
realworld_round realworld5 "$@" # B S T D O, ok and bad; test_simt_cuda.sh on the set

# aes: FIPS-197 appendix C.1's ciphertext 69c4e0d8 6a7b0430 d8cdb780
# 70b4c55a, little-endian words at byte 1616 (line 405 of the dump)
for cfg in $(round_cfgs realworld5); do
  got=$(sed -n '405,408p' "$O/aes-$cfg.ref" 2>/dev/null | tr '\n' ' ')
  [ "$got" = "d8e0c469 30047b6a 80b7cdd8 5ac5b470 " ] && ok "simt_cuda_aes_${cfg}_fips197" ||
    bad "simt_cuda_aes_${cfg}_fips197" "got '$got'"
done
# own_nqueens: 352 solutions of 9 queens over the 81 threads' counts at
# the default preset; 92 of 8 queens (tests/cuda_small.sh) at the
# round's other presets (round_cfgs)
nq_sum() { head -n "$2" "$1" 2>/dev/null | while read -r w; do echo $((16#$w)); done | awk '{ s += $1 } END { print s + 0 }'; }
n=$(nq_sum "$O/own_nqueens-default.ref" 81)
[ "$n" = 352 ] && ok simt_cuda_own_nqueens_default_352 || bad simt_cuda_own_nqueens_default_352 "sum $n"
# (with SIMT_CUDA_PRESETS set, make regress, the presets run 9 queens too)
if [ -n "${SIMT_CUDA_PRESETS:-}" ]; then nq="81 352"; else nq="64 92"; fi
for cfg in $(round_cfgs realworld5); do
  [ "$cfg" = default ] && continue
  n=$(nq_sum "$O/own_nqueens-$cfg.ref" "${nq% *}")
  [ "$n" = "${nq#* }" ] && ok "simt_cuda_own_nqueens_${cfg}_${nq#* }" || bad "simt_cuda_own_nqueens_${cfg}_${nq#* }" "sum $n"
done

# histo8: the histogram recomputed from the input words in the dump (awk;
# the hash in doubles, exact below 2^53), saturated at 255, packed: at the
# default preset (3000 samples) and at the round's other presets (1000,
# tests/cuda_small.sh; 3000 with SIMT_CUDA_PRESETS set)
histo_expect() { # DUMP SAMPLES
  head -n 1500 "$1" | awk -v n="$2" '
    function hex(s,  i, v) { v = 0; for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1; return v }
    { w = hex($1); s[2 * NR - 2] = w % 65536; s[2 * NR - 1] = int(w / 65536) }
    END {
      for (i = 0; i < n; i++) { v = s[i]; b = int((v * 2654435761) % 4294967296 / 4194304) % 1024
        if (v < 49152) b = v % 2; if (c[b] < 255) c[b]++ }
      for (i = 0; i < 256; i++) printf "%02x%02x%02x%02x\n", c[4*i+3], c[4*i+2], c[4*i+1], c[4*i] }'
}
for cfg in $(round_cfgs realworld5); do
  f=$O/histo8-$cfg.ref ns=3000
  [ "$cfg" != default ] && [ -z "${SIMT_CUDA_PRESETS:-}" ] && ns=1000
  [ -s "$f" ] && cmp -s <(histo_expect "$f" "$ns") <(sed -n '1501,1756p' "$f") &&
    { [ "$cfg" != default ] || [ "$(sed -n 1501p "$f")" = 0001ffff ]; } &&
    ok "simt_cuda_histo8_${cfg}_recomputed" || bad "simt_cuda_histo8_${cfg}_recomputed" "differs from the awk histogram"
done

# sbi+swi with a full CCT: at 6 resident CTAs of cxx's 8 it finishes and
# matches (it deadlocked while a full CCT held the scheduler)
out=$("$S" --launch $D/cxx.launch --launch-set 'grid 2 2 2' --set max_ctas=6 --mech sbi+swi 2>&1)
rc=$?
[ $rc -eq 0 ] && grep -qE '^sbi\+swi +[0-9]' <<<"$out" && grep -q "^every mechanism that ran matches" <<<"$out" &&
  ok simt_cuda_cxx_sbi_swi_full_cct_progress || bad simt_cuda_cxx_sbi_swi_full_cct_progress "exit $rc: $(grep -m1 '^simt:' <<<"$out")"
# at 8 (the default's max_ctas) sbi+swi, and sbi with half the default
# CCT, finish and match: a warp whose two splits could not issue together
# (a third context, a full CCT) issues one alone (it was held, and once
# every warp was held a deadlock: half of them could have issued)
for ms in "sbi+swi:" "sbi:--set cct=64"; do
  m=${ms%%:*}
  out=$("$S" --launch $D/cxx.launch --launch-set 'grid 2 2 2' ${ms#*:} --mech "$m" 2>&1)
  rc=$?
  [ $rc -eq 0 ] && grep -qE "^${m/+/\\+} +[0-9]" <<<"$out" && grep -q "^every mechanism that ran matches" <<<"$out" &&
    ok "simt_cuda_cxx_${m/+/_}_8ctas_one_split_alone" || bad "simt_cuda_cxx_${m/+/_}_8ctas_one_split_alone" "exit $rc: $(grep -m1 '^simt:' <<<"$out")"
done
# with a CCT of 64 (32 a bank) sbi+swi's banks run out for good (every
# warp of the full bank waits on two splits that each need an entry): one
# line naming the CCT and its size, exit 1
out=$("$S" --launch $D/cxx.launch --launch-set 'grid 2 2 2' --set cct=64 --mech sbi+swi 2>&1)
rc=$?
[ $rc -eq 1 ] && [ "$(wc -l <<<"$out")" -eq 1 ] &&
  grep -qE "^simt: .*cxx.ptx: sbi\+swi: deadlock: .*full-table stalls: the CCT \(32 entries for this warp's bank; --set cct, halved per bank under sbi\+swi\) is full: .*\)$" <<<"$out" &&
  ok simt_cuda_cxx_sbi_swi_cct_too_small_named || bad simt_cuda_cxx_sbi_swi_cct_too_small_named "exit $rc: $out"
# the same grid with a CCT of 256 (128 a bank) runs every mechanism
H=$T/cxx8.host
sed -e 's/^grid .*/grid 2 2 2/' -e "s|^ptx |ptx $PWD/$D/|" -e "s|^mem_init |mem_init $PWD/$D/|" $D/cxx.launch >"$T/cxx8.launch"
"$B/cuda_host/cxx" --launch "$T/cxx8.launch" --dump-mem "$H" >/dev/null 2>&1 ||
  bad simt_cuda_cxx8_host "make $B/cuda_host/cxx"
out=$("$S" --launch "$T/cxx8.launch" --set cct=256 --mech all --dump-mem "$T/cxx8.ref" 2>&1)
rc=$?
[ $rc -eq 0 ] && grep -q "^every mechanism that ran matches" <<<"$out" && same_as_host "$T/cxx8.ref" "$H" &&
  ok simt_cuda_cxx_grid_2x2x2 || bad simt_cuda_cxx_grid_2x2x2 "exit $rc: $(grep -m1 '^simt:' <<<"$out" || echo "memory differs from the host")"

# a goto out of a nested loop before the barriers (gotobar): refused here
# until the fourteenth session, runs now: tests/test_simt_cuda_exitpop.sh
# recursion: refused, one line
out=$("$S" --launch tests/data/cuda/nqueens_rec.launch --mech all 2>&1)
rc=$?
[ $rc -eq 2 ] && [ "$(wc -l <<<"$out")" -eq 1 ] &&
  grep -qE "own_nqueens.ptx:[0-9]+: unsupported PTX: recursive call of '_ZL5solvejjjji'$" <<<"$out" &&
  ok simt_cuda_nqueens_rec_refused || bad simt_cuda_nqueens_rec_refused "exit $rc: $out"

# histo8 at -O0 (committed PTX, one CTA of 64 threads, 64 samples): its
# CAS loop leaves one jump short of the reconvergence point; merge on push
# (stack_merge, on in every preset) keeps the stacks at depth 3, so every
# mechanism matches the reference and the host at the default (lwm
# deadlocked) and at 001 (spe, tsimt, lwm deadlocked); with it off lwm
# still stops with the stack-full line (docs/ptx.md, "histo8 at -O0")
v=$T/histo8-O0
"$B/cuda_host/histo8" --launch tests/data/cuda/histo8_O0.launch --dump-mem "$v.host" >/dev/null 2>&1 ||
  bad simt_cuda_histo8_O0_host "make $B/cuda_host/histo8"
for cfg in default 001; do
  out=$("$S" --launch tests/data/cuda/histo8_O0.launch --config $cfg --mech all --dump-mem "$v-$cfg.ref" 2>&1)
  rc=$?
  [ $rc -eq 0 ] && grep -q "^every mechanism that ran matches" <<<"$out" && same_as_host "$v-$cfg.ref" "$v.host" &&
    ok "simt_cuda_histo8_O0_stack_merge_$cfg" ||
    bad "simt_cuda_histo8_O0_stack_merge_$cfg" "exit $rc: $(grep -m1 '^simt:' <<<"$out" || echo "memory differs from the host reference")"
done
out=$("$S" --launch tests/data/cuda/histo8_O0.launch --mech lwm --set stack_merge=off 2>&1)
rc=$?
[ $rc -eq 1 ] && grep -qE "^simt: .*histo8_O0.ptx: lwm: deadlock: .*the divergence stack \(spe_depth entries\) is full" <<<"$out" &&
  ok simt_cuda_histo8_O0_merge_off_stack_full || bad simt_cuda_histo8_O0_merge_off_stack_full "exit $rc: $out"

# issue 25's command at other -O levels and targets (clang installed)
if command -v clang >/dev/null; then
  # raytrace at -O0 with the header: clang takes the address of each
  # structure passed by value to a .func (mov.b64 %rd, f_param_1), which
  # was 'unknown symbol' (ptx_call.c); one CTA of the image
  v=$T/raytrace-O0
  if clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_70 -nocudainc -nocudalib -O0 -S -ffp-contract=off \
       -Itb/cuda/include -include tb/cuda/warphw_cuda.h -o "$v.ptx" $D/raytrace.cu 2>"$v.log"; then
    sed -e "s|^ptx .*|ptx $(cd "$T" && pwd)/raytrace-O0.ptx|" -e 's/^grid .*/grid 1 1 1/' $D/raytrace.launch >"$v.launch"
    "$B/cuda_host/raytrace" --launch "$v.launch" --dump-mem "$v.host" >/dev/null 2>&1 || bad simt_cuda_raytrace_host "make $B/cuda_host/raytrace"
    out=$("$S" --launch "$v.launch" --mech all --dump-mem "$v.ref" 2>&1)
    rc=$?
    [ $rc -eq 0 ] && grep -q "^every mechanism that ran matches" <<<"$out" && same_as_host "$v.ref" "$v.host" &&
      ok simt_cuda_raytrace_O0_byval_address || bad simt_cuda_raytrace_O0_byval_address "exit $rc: $(grep -m1 ':[0-9]*: \|^simt:' <<<"$out" || echo "memory differs from the host reference")"
  else bad simt_cuda_raytrace_O0_clang "$(head -n 1 "$v.log")"; fi
  if [ -n "${SIMT_CUDA_PRESETS:-}" ]; then
    pairs=$(for o in O0 O1 O2 O3 Os; do for a in sm_60 sm_75 sm_80 sm_86; do echo "$o:$a"; done; done)
  else pairs="O0:sm_60 O3:sm_75 Os:sm_86"; fi
  for k in own_nqueens; do
    cu=$D/$k.cu
    # 8 queens (the preset runs' launch, tests/cuda_small.sh), a third of the CPU time
    sed -e "s|^ptx |ptx $PWD/$D/|" -e "${small[$k]}" "${cu%.cu}.launch" >"$T/$k-small.launch"
    "$B/cuda_host/$k" --launch "$T/$k-small.launch" --dump-mem "$T/$k.host" >/dev/null 2>&1 ||
      { bad "simt_cuda_${k}_host" "make $B/cuda_host/$k"; continue; }
    for p in $pairs; do
      o=${p%:*} a=${p#*:} v=$T/$k-$o-$a
      if ! clang -x cuda --cuda-device-only --cuda-gpu-arch="$a" -nocudainc -nocudalib -"$o" -S \
           -o "$v.ptx" "$cu" 2>"$v.log"; then bad "simt_cuda_${k}_${o}_$a" "clang: $(head -n 1 "$v.log")"; continue; fi
      sed -e "s|^ptx .*|ptx $(cd "$T" && pwd)/$(basename "$v").ptx|" "$T/$k-small.launch" >"$v.launch"
      out=$("$S" --launch "$v.launch" --mech all --dump-mem "$v.ref" 2>&1)
      rc=$?
      if [ $rc -eq 0 ] && grep -q "^every mechanism that ran matches" <<<"$out" && same_as_host "$v.ref" "$T/$k.host"; then
        ok "simt_cuda_${k}_${o}_$a"
      else bad "simt_cuda_${k}_${o}_$a" "exit $rc: $(grep -m1 '^simt:\|cannot\|barrier' <<<"$out" || echo "memory differs from the host reference")"; fi
    done
  done
fi
exit 0
