#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# test_simt_cuda_forret.sh BUILD_DIR -- loops left only by a return
# (`for (;;) { if (c) return; ... __syncthreads(); }`; docs/ptx.md "Loops
# left only by a return"; prog_exit.c prog_vloops, gone_side), each refused on main
# with "barrier under divergent control":
# - tb/kernels/cuda/forret: fr_work (a work loop whose next item depends
#   on the thread; clang tests the loop's condition again at a latch the
#   returning side shares), fr_shared (the item from a shared counter, a
#   second, thread-dependent return; clang's "go on" flag moved from a
#   constant), and fr_loops' fr_after (the return after the barrier),
#   fr_two (two returns), fr_nest (nested loops), fr_inner (a return before
#   the loop too), fr_exit (a loop with its own way out and a return):
#   test_simt_cuda.sh's checks on the two sequences (every mechanism, all 12
#   of them, at the default and 000..004 (make test: the default and one of them, cuda_small.sh round_presets), the reference equal to the host
#   reference), then each entry alone on the 12 mechanisms at the default
#   under --check on;
# - tests/data/cuda/forret_bad: the shapes that stay refused, one line
#   each, exit 2 (fb_branch: the loop on one side of a thread-dependent
#   branch whose other side has a barrier; fb_continue: a thread-dependent
#   continue past the barrier; fb_retbar: a barrier on the returning side).
set -u
. tests/cuda_small.sh # realworld_round
MECHS="spe dpe dwf sbi tsimt stsimt swi sbi+swi lwm simt+scalar tsimt+scalar stsimt+scalar"
SIMT_CUDA_MUST_RUN=$MECHS realworld_round forret "$@" # B S T D O, ok and bad

# each entry alone (a launch of its own, cut from the sequence): all 12
# mechanisms, under --check on, equal to the reference
one_launch() { # SEQ ENTRY OUT: the sequence's header and ENTRY's step
  awk -v e="$2" -v dir="$PWD/$D" 'BEGIN { h = 1 }
    $1 == "launch" { h = 0; in_ = $2 == e; if (in_) print "entry " e; next }
    $1 == "ptx" { print "ptx " dir "/" $2; next }
    h || in_ { print }' "$1" >"$3"
}
for seq in fr_work fr_loops; do
  for e in $(awk '$1 == "launch" { print $2 }' "$D/$seq.launch"); do
    one_launch "$D/$seq.launch" "$e" "$T/$e.launch"
    out=$("$S" --check on --launch "$T/$e.launch" --mech all 2>&1)
    rc=$?
    n=$(grep -cE '^[a-z+]+ +[0-9]' <<<"$out")
    [ $rc -eq 0 ] && [ "$n" -eq 12 ] && grep -q "^every mechanism that ran matches" <<<"$out" &&
      ok "simt_cuda_forret_${e}_runs" ||
      bad "simt_cuda_forret_${e}_runs" "exit $rc, $n of 12: $(grep -m1 '^simt:\|: \|cannot' <<<"$out")"
  done
done

# the shapes that stay refused: one line naming the barrier, exit 2
for e in fb_branch fb_continue fb_retbar; do
  out=$("$S" --launch tests/data/cuda/forret_bad.launch --entry $e --mech all 2>&1)
  rc=$?
  [ $rc -eq 2 ] && [ "$(wc -l <<<"$out")" -eq 1 ] &&
    grep -qE "^tests/data/cuda/forret_bad.ptx:[0-9]+: barrier under divergent control \(inside a branch on a thread-dependent condition\)$" <<<"$out" &&
    grep -q "^[[:space:]]*bar.sync" <(sed -n "$(sed -E 's/^[^:]*:([0-9]+):.*/\1/' <<<"$out")p" tests/data/cuda/forret_bad.ptx) &&
    ok "simt_cuda_forret_${e}_refused" || bad "simt_cuda_forret_${e}_refused" "exit $rc: $out"
done
