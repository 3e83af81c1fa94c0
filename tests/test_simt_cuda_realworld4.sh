#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# test_simt_cuda_realworld4.sh BUILD_DIR -- the fourth round of real-world
# kernels (tb/kernels/cuda/realworld4, docs/ptx.md "Fourth round"):
# tests/test_simt_cuda.sh's checks on them (every mechanism at the default
# preset and 000..004 (make test: the default and one of them, cuda_small.sh round_presets), the reference against each kernel's host reference;
# SIMT_CUDA_PRESETS set (make regress): -O1 and -O3 as well), then what
# the round found and how the simulator answers:
# - reduce6's warp tail on volatile shared memory: a reported race (its
#   three sums), the tree before the tail compared;
# - a lock every thread of a warp takes (tests/data/cuda/warplock.launch):
#   each mechanism either runs it and matches the reference, or ends at the
#   cycle limit with one line naming the spin (never a hang, never a
#   register mismatch); spe is one of the latter, dwf one of the former;
# - a loop on a shared flag (tests/data/cuda/sharedflag.cu): the count
#   read after the header's __syncthreads run, every thread's sum 5+4+3+2+1
#   (and sssp_flag equal to sssp's host reference); clang's hoisted read
#   (sharedflag_hoisted.ptx, kept from the built-in barrier's PTX) refused
#   until forret, now stopped by the reference (the loop never ends once
#   thread 0 has left), the volatile read (refused naming shared memory and
#   __syncthreads_or until the reference checked such loads: docs/ptx.md
#   "Block-uniform values in shared memory") and the __syncthreads_or form
#   run;
# - the reviewer's own prelude at -O0 (tests/data/cuda/own_*_O0): a
#   barrier loop (refused naming the stack frame until the analysis followed
#   the frame's slots) and a loop without barrier run and equal to the
#   host; with clang installed, own_scan and own_bsearch
#   compiled by issue 25's command at other -O levels and sm_ targets, each
#   run through every mechanism and equal to the host reference (make
#   test: three pairs; make regress: -O0 -O1 -O2 -O3 -Os x sm_60 sm_75
#   sm_80 sm_86).
set -u
. tests/cuda_small.sh # realworld_round, same_as_host, AWK_HEX, small[]
realworld_round realworld4 "$@" # B S T D O, ok and bad; test_simt_cuda.sh on the set

# reduce6: the three block sums (12 bytes) are the lockstep idiom's race,
# reported at every preset that ran; the rest (the tree before the tail) compared
for cfg in $(round_cfgs realworld4); do
  if grep -q "^order: ORDER-DEPENDENT (a race): 12 of 4800 bytes" "$O/reduce6-$cfg.out"; then
    ok "simt_cuda_reduce6_${cfg}_race_reported"
  else bad "simt_cuda_reduce6_${cfg}_race_reported" "$(grep -m1 '^order:\|^simt:' "$O/reduce6-$cfg.out")"; fi
done

# a lock taken by every thread of a warp: per mechanism, a finished run
# that matches, or the cycle limit's one line naming the spin (exit 1)
mechs=$("$S" --help | awk '/^mechanisms/{f=1;next} /^--param/{f=0} f&&NF{print $1}')
ran="" spun=""
for m in $mechs; do
  out=$("$S" --launch tests/data/cuda/warplock.launch --mech "$m" --max-cycles 200000 2>&1)
  rc=$?
  if [ $rc -eq 0 ] && grep -qE "^${m/+/\\+} +[0-9]" <<<"$out" && grep -q "^every mechanism that ran matches" <<<"$out"; then
    ran="$ran $m"
  elif [ $rc -eq 1 ] && [ "$(wc -l <<<"$out")" -eq 1 ] &&
       grep -qE "^simt: .*spinlock.ptx: ${m/+/\\+}: not finished after 200000 cycles, the limit \(.*: no progress, threads loop on an atomic's result, as a spin lock within a warp does when its holder waits at a reconvergence point\)$" <<<"$out"; then
    spun="$spun $m"
  else bad "simt_cuda_warplock_$m" "exit $rc: $(head -n 1 <<<"$out")"; continue; fi
done
[[ " $spun " == *" spe "* ]] && [[ " $ran " == *" dwf "* ]] &&
  ok "simt_cuda_warplock_answered (finished:$ran; livelock named:$spun)" ||
  bad simt_cuda_warplock_answered "finished:$ran; livelock named:$spun"
# the cycle limit of a kernel that is merely long names no spin
out=$("$S" --launch tb/kernels/cuda/realworld4/own_scan.launch --mech spe --max-cycles 2000 2>&1)
[ $? -eq 1 ] && grep -q "not finished after 2000 cycles, the limit (.*the reference ran the kernel in [0-9]*)$" <<<"$out" &&
  ok simt_cuda_cycle_limit_plain || bad simt_cuda_cycle_limit_plain "$out"

# a loop on a shared count written by thread 0.  The hoisted read (each
# thread's count read before the barrier: thread 0's own count runs down,
# the others' never does) was refused as divergent; its loop is left only
# by a return (the store and ret after it), which runs since forret
# (docs/ptx.md "Loops left only by a return"): once thread 0 has left, the
# others loop on through barriers that wait for them alone, and the
# reference stops the run at --max-steps with one line, exit 1.  The
# volatile count (vflag), refused with the hint to __syncthreads_or
# before, runs the same way and gives flag's answer (realworld7's
# rmw_volatile keeps the hint's row)
out=$("$S" --launch tests/data/cuda/sharedflag_hoisted.launch --entry flag --mech all --max-steps 100000 2>&1)
rc=$?
[ $rc -eq 1 ] && [ "$(wc -l <<<"$out")" -eq 1 ] &&
  grep -qE "^tests/data/cuda/sharedflag_hoisted.ptx:[0-9]+: thread 1 ran 100000 instructions without finishing" <<<"$out" &&
  ok "simt_cuda_sharedflag_hoisted_flag" || bad "simt_cuda_sharedflag_hoisted_flag" "exit $rc: $out"
for e in flag orflag vflag; do
  out=$("$S" --launch tests/data/cuda/sharedflag.launch --entry $e --mech all --dump-mem "$T/$e.ref" 2>&1)
  rc=$?
  [ $rc -eq 0 ] && grep -q "^every mechanism that ran matches" <<<"$out" && ! grep -q "cannot run" <<<"$out" &&
    [ "$(head -n 64 "$T/$e.ref" | sort -u)" = 0000000f ] &&
    ok simt_cuda_sharedflag_$e || bad simt_cuda_sharedflag_$e "exit $rc: $(grep -m1 '^simt:\|cannot' <<<"$out")"
done
# sssp_flag: the same loop in a real kernel, equal to sssp's host reference
H=$T/sssp.host
"$B/cuda_host/sssp" --launch tb/kernels/cuda/realworld4/sssp.launch --dump-mem "$H" >/dev/null 2>&1 ||
  bad simt_cuda_sssp_host "make $B/cuda_host/sssp"
out=$("$S" --launch tb/kernels/cuda/realworld4/sssp.launch --entry sssp_flag --mech all --dump-mem "$T/sssp_flag.ref" 2>&1)
rc=$?
[ $rc -eq 0 ] && grep -q "^every mechanism that ran matches" <<<"$out" && same_as_host "$T/sssp_flag.ref" "$H" &&
  ok simt_cuda_sssp_flag_runs || bad simt_cuda_sssp_flag_runs "exit $rc: $(grep -m1 '^simt:\|cannot\|barrier' <<<"$out")"

# the reviewer's own prelude at -O0 (each test's name as before): own_scan's
# barrier loops' bounds in the stack frame (refused with the stack-frame
# line before the frame's slots were followed, docs/ptx.md "Barriers in -O0
# loops"), own_bsearch without a barrier: every mechanism, the host
for k in own_scan:own_O0_barrier_loop_runs own_bsearch:own_O0_runs; do
  n=${k#*:} k=${k%:*} H=$T/$k.host
  "$B/cuda_host/$k" --launch tb/kernels/cuda/realworld4/$k.launch --dump-mem "$H" >/dev/null 2>&1 ||
    bad simt_cuda_${k}_host "make $B/cuda_host/$k"
  out=$("$S" --launch tests/data/cuda/${k}_O0.launch --mech all --dump-mem "$T/${k}_O0.ref" 2>&1)
  rc=$?
  [ $rc -eq 0 ] && grep -q "^every mechanism that ran matches" <<<"$out" && same_as_host "$T/${k}_O0.ref" "$H" &&
    ok simt_cuda_$n || bad simt_cuda_$n "exit $rc: $(grep -m1 '^simt:\|: ' <<<"$out" || echo "memory differs from the host reference")"
done

# issue 25's command at other -O levels and targets (clang installed)
if command -v clang >/dev/null; then
  if [ -n "${SIMT_CUDA_PRESETS:-}" ]; then
    pairs=$(for o in O0 O1 O2 O3 Os; do for a in sm_60 sm_75 sm_80 sm_86; do echo "$o:$a"; done; done)
  else pairs="O1:sm_75 O3:sm_80 Os:sm_86"; fi
  for k in own_scan own_bsearch; do
    cu=tb/kernels/cuda/realworld4/$k.cu
    "$B/cuda_host/$k" --launch "${cu%.cu}.launch" --dump-mem "$T/$k.host" >/dev/null 2>&1 ||
      { bad "simt_cuda_${k}_host" "make $B/cuda_host/$k"; continue; }
    for p in $pairs; do
      o=${p%:*} a=${p#*:} v=$T/$k-$o-$a
      if ! clang -x cuda --cuda-device-only --cuda-gpu-arch="$a" -nocudainc -nocudalib -"$o" -S \
           -o "$v.ptx" "$cu" 2>"$v.log"; then bad "simt_cuda_${k}_${o}_$a" "clang: $(head -n 1 "$v.log")"; continue; fi
      sed -e "s|^ptx .*|ptx $(cd "$T" && pwd)/$(basename "$v").ptx|" \
          -e "s|^\(buffer .* file \)\(.*\)|\1$PWD/tb/kernels/cuda/realworld4/\2|" "${cu%.cu}.launch" >"$v.launch"
      out=$("$S" --launch "$v.launch" --mech all --dump-mem "$v.ref" 2>&1)
      rc=$?
      if [ $rc -eq 0 ] && grep -q "^every mechanism that ran matches" <<<"$out" && same_as_host "$v.ref" "$T/$k.host"; then
        ok "simt_cuda_${k}_${o}_$a"
      else bad "simt_cuda_${k}_${o}_$a" "exit $rc: $(grep -m1 '^simt:\|cannot\|barrier' <<<"$out" || echo "memory differs from the host")"; fi
    done
  done
fi
exit 0
