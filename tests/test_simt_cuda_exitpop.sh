#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# test_simt_cuda_exitpop.sh BUILD_DIR -- early returns whose threads leave
# the stacks (docs/ptx.md "Early returns that leave the stack"; prog_exit.c
# analyse_exit_pop, simt_stack's EXIT), each refused before:
# - tests/data/cuda/exitpop (exitpop_div: a return under a thread-dependent
#   branch whose other side goes to the barrier; exitpop_store: a returning
#   side that stores to global memory; exitpop_two: a return before each of
#   two barriers, the second data-dependent and storing), earlyret_store and
#   earlyret_nested (tests/data/cuda/earlyret) and gotobar (the fifth
#   round's exit edge that no thread takes): every mechanism that supports
#   it (mech.h MECH_EXIT_POP) at the default and 000..004, equal to the
#   reference, and the final memory equal to the answer worked out here in
#   awk (the host's; gotobar: the reference only, its host reference is
#   cxx's without the goto); at the default also under --check;
# - the mechanisms without it (EXITPOP_REFUSED) refuse it with one line
#   naming themselves, and `--mech all` leaves them out;
# - a loop left only by a return (exitpop_loop), refused until forret
#   (tests/test_simt_cuda_forret.sh), runs like the others (the reference
#   only).
# Fails on main's build: every one of these kernels was refused there.
set -u
B=${1:?usage: test_simt_cuda_exitpop.sh BUILD_DIR}
S=$B/simt T=$B/test/simt_cuda_exitpop
mkdir -p "$T"
. tests/cuda_small.sh # AWK_HEX
ok() { echo "ok $1"; }
bad() { echo "FAIL $1${2:+: $2}"; }
# the mechanisms that do not drop returning threads (one place; empty since
# exitwire wired dpe's and lwm's EXIT: the rows below keep the refusal's
# check for a future mechanism without MECH_EXIT_POP)
EXITPOP_REFUSED=""
NMECH=$(( 12 - $(wc -w <<<"$EXITPOP_REFUSED") ))

# words 129..256 of a dump are out[0..127]; i < 99 live
AWK_OUT=' function u(v) { return v < 0 ? v + 4294967296 : v }
     function chk(i, x) { if (hex(w[i + 129]) != u(x)) bad = bad " " i }
     { w[NR] = $1 }
     END { for (i = 0; i < 128; i++) chk(i, want(i)); print bad == "" ? "ok" : bad }'
declare -A want=(
  [exitpop_div]='function want(i) { return i >= 99 ? 0 : (i % 2 ? 4 * i : 4 * i + 4) }'
  [exitpop_store]='function want(i,  j) { j = i % 2 ? i - 1 : i + 1
     return i >= 107 ? 0 : i >= 99 ? -7 : i + (j < 99 ? j : 0) }'
  [exitpop_two]='function want(i,  j, w, k) { if (i >= 99) return 0; j = i % 2 ? i - 1 : i + 1; w = j < 99 ? j : 0
     if (int((i + w) / 4) % 2) return -i; k = int(i / 64) * 64 + (i % 64 + 2) % 64; return i + w + (k < 99 ? k : 0) }'
  [earlyret_store]='function want(i,  j) { j = i % 2 ? i - 1 : i + 1; return i >= 99 ? 0 : i + (j < 99 ? j : -1) }'
  [earlyret_nested]='function want(i) { return i >= 99 ? 0 : (i % 2 ? i : i + 1) }')

runs() { # LAUNCH ENTRY: every supported mechanism at each preset, memory checked
  local l=$1 e=$2 cfg out rc r chk
  for cfg in default 000 001 002 003 004; do
    chk=""
    [ "$cfg" = default ] && chk="--check on"
    out=$("$S" --config "$cfg" $chk --launch "tests/data/cuda/$l.launch" --entry "$e" --mech all --dump-mem "$T/$e-$cfg.mem" 2>&1)
    rc=$?
    r=ok
    [ -n "${want[$e]:-}" ] && r=$(awk "$AWK_HEX${want[$e]}$AWK_OUT" "$T/$e-$cfg.mem" 2>/dev/null)
    [ $rc -eq 0 ] && grep -q "^every mechanism that ran matches" <<<"$out" &&
      [ "$(grep -cE '^[a-z+]+ +[0-9]' <<<"$out")" -eq "$NMECH" ] && [ "$r" = ok ] &&
      ok "simt_cuda_exitpop_${e}_runs_$cfg" ||
      bad "simt_cuda_exitpop_${e}_runs_$cfg" "exit $rc: $(grep -m1 "^simt:\|cannot\|differ" <<<"$out") $r"
  done
}
runs exitpop exitpop_div
runs exitpop exitpop_store
runs exitpop exitpop_two
runs earlyret earlyret_store
runs earlyret earlyret_nested
runs gotobar cxx
runs exitpop exitpop_loop

# the others: one line naming the mechanism, exit 2
for m in $EXITPOP_REFUSED; do
  out=$("$S" --launch tests/data/cuda/exitpop.launch --entry exitpop_div --mech "$m" 2>&1)
  rc=$?
  [ $rc -eq 2 ] && [ "$(wc -l <<<"$out")" -eq 1 ] &&
    grep -qE "^simt: $m cannot run this kernel yet: an early return before a barrier reconverges before the exit .*$m's structures do not drop the threads that return$" <<<"$out" &&
    ok "simt_cuda_exitpop_refused_by_$m" || bad "simt_cuda_exitpop_refused_by_$m" "exit $rc: $out"
done
