#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# test_layout.sh BUILD_DIR -- the thread-frontier program layout
# (build/simt --layout tf, tb/simt/layout.c, docs/ptx.md "Block order"):
#   - on clang's collatz it gives the block order of the hand-laid-out
#     tests/data/cuda/collatz_tf.ptx, and 001's selective synchronisation
#     then holds on clang's own PTX (claim001_sbi_sync_layout with the pass);
#   - a program already in a thread-frontier order is left as it is (the
#     same report as --layout given);
#   - every CUDA kernel whose order the pass changes (tb/kernels/cuda and
#     its conformance, realworld, realworld2 and realworld3 sets; the occupancy
#     launches are the same PTX; the warp set is in a thread-frontier order
#     already), through every mechanism, matches the reference (the laid-out program), the
#     reference matches the given order's final memory (build/simt checks
#     it) and the host reference (build/cuda_host/NAME);
#   - every .k kernel and generated kernels (--random) through every
#     mechanism, laid out from a scrambled order (the test hook
#     scramble_tf) and scrambled alone, match;
#   - --show-cfg says which orders are thread-frontier ones;
#   - a planted fault (--inject-fault layout@0: moved fall-throughs left
#     unpatched) is caught.
set -u
B=${1:-build}
S=$B/simt
T=$B/test/layout
mkdir -p "$T"
ok() { echo "ok $1"; }
bad() { echo "FAIL $1${2:+: $2}"; }
[ -x "$S" ] || { bad layout "no $S (make $S)"; exit 0; }
K=tb/kernels/cuda
MATCH="^every mechanism that ran matches the reference"
# a value of a --format csv report: file, mechanism, column
get() { awk -F, -v m="$2" -v c="$3" 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
        $1 == m { print $h[c] }' "$1"; }

# ---- the order: collatz's blocks as collatz_tf.ptx has them (the PCs,
# labels and edges; the source lines differ)
blocks() { "$S" --launch "$@" --show-cfg | sed 1d | sed 's/  lines [0-9]*\.\.[0-9]*//; s/ line [0-9]*:/:/'; }
blocks "$K/collatz.launch" --layout tf >"$T/cz_tf.cfg" 2>&1
blocks tests/data/cuda/collatz_tf.launch >"$T/cz_hand.cfg" 2>&1
if [ -s "$T/cz_tf.cfg" ] && cmp -s "$T/cz_tf.cfg" "$T/cz_hand.cfg"; then ok layout_collatz_is_collatz_tf
else bad layout_collatz_is_collatz_tf "$(diff "$T/cz_tf.cfg" "$T/cz_hand.cfg" | head -3 | tr '\n' '|')"; fi
# --show-cfg's verdict: clang's order is not a thread-frontier one, the pass's is
grep -q '^thread-frontier order: no ' <("$S" --launch "$K/collatz.launch" --show-cfg) &&
  grep -q '^thread-frontier order: yes ' "$T/cz_tf.cfg" && ok layout_show_cfg_verdict ||
  bad layout_show_cfg_verdict "$("$S" --launch "$K/collatz.launch" --show-cfg | tail -1)"

# ---- 001 sec. 3.3 (l.109) on clang's PTX with the pass: at 001 with
# 64-thread warps sbi's secondary split is suspended at the latch and sbi64
# issues no more warp instructions than spe64 (without the pass: more;
# tests/test_simt_paper.sh claim001_sbi_sync_layout_clang_apart)
if "$S" --launch "$K/collatz.launch" --layout tf --config 001 --warp-size 64 --mech spe,sbi \
     --format csv >"$T/cz001.csv" 2>"$T/cz001.err"; then
  a=$(get "$T/cz001.csv" spe warp_insts) b=$(get "$T/cz001.csv" sbi warp_insts)
  c=$(get "$T/cz001.csv" sbi sec_suspended)
  if [ -n "$a" ] && [ -n "$b" ] && [ "$b" -le "$a" ] && [ "${c:-0}" -gt 0 ]; then
    ok "claim001_sbi_sync_layout_pass (spe64 $a, sbi64 $b warp instructions, $c suspended)"
  else bad claim001_sbi_sync_layout_pass "spe64 $a sbi64 $b suspended $c"; fi
else bad claim001_sbi_sync_layout_pass "$(head -1 "$T/cz001.err")"; fi

# ---- an order that is a thread-frontier one already: nothing moves, the
# run is the given order's, cycle for cycle
"$S" --launch tests/data/cuda/collatz_tf.launch --mech spe,sbi,dwf --format csv >"$T/hand_given.csv" 2>&1
"$S" --launch tests/data/cuda/collatz_tf.launch --mech spe,sbi,dwf --format csv --layout tf >"$T/hand_tf.csv" 2>&1
[ -s "$T/hand_given.csv" ] && cmp -s "$T/hand_given.csv" "$T/hand_tf.csv" && ok layout_tf_order_unchanged ||
  bad layout_tf_order_unchanged "$(diff "$T/hand_given.csv" "$T/hand_tf.csv" | head -2 | tr '\n' '|')"

# ---- the CUDA kernels the pass reorders, every mechanism: the run matches
# its reference (the laid-out program; build/simt also requires the given
# order's final memory), and that memory is the host reference's.  The
# heavy launches made smaller as tests/test_simt_cuda.sh does (mandelbrot
# is not reordered).
. tests/cuda_small.sh # small[K], same_as_host
# LAYOUT_PRESETS="default 000 ..." (make regress, tb/simt/regress.sh): at
# those presets; make test: the default
presets=${LAYOUT_PRESETS:-default}
nmoved=0
for cfg in $presets; do
nmoved=0
for L in "$K"/*.launch "$K"/conformance/*.launch "$K"/realworld/*.launch "$K"/realworld2/*.launch "$K"/realworld3/*.launch; do
  k=$(basename "$L" .launch)
  grep -q '^launch ' "$L" && continue # a sequence (conformance/earlyexit): --show-cfg takes one launch
  if "$S" --launch "$L" --show-cfg | grep -q '^thread-frontier order: yes'; then continue; fi
  nmoved=$((nmoved + 1))
  if [ -n "${small[$k]:-}" ]; then
    sed -e "s|^ptx |ptx $PWD/$(dirname "$L")/|" -e "${small[$k]}" "$L" >"$T/$k.launch"
    L=$T/$k.launch
  fi
  if [ ! -x "$B/cuda_host/$k" ] ||
     ! "$B/cuda_host/$k" --launch "$L" --dump-mem "$T/$k.host" >"$T/$k.hostlog" 2>&1; then
    bad "layout_cuda_$k" "no host reference (make $B/cuda_host/$k)"; continue
  fi
  "$S" --config "$cfg" --launch "$L" --layout tf --mech all --dump-mem "$T/$k.ref" >"$T/$k.out" 2>&1
  rc=$?
  n=layout_cuda_$k
  [ "$cfg" = default ] || n=${n}_$cfg
  if [ $rc -eq 0 ] && grep -q "$MATCH" "$T/$k.out" && same_as_host "$T/$k.ref" "$T/$k.host" &&
     grep -q '^thread-frontier order: yes' <("$S" --launch "$L" --layout tf --show-cfg); then
    ok "$n"
  else bad "$n" "exit $rc: $(grep -m1 -E '^simt:|FAIL|deadlock|differs' "$T/$k.out" || tail -n 1 "$T/$k.out")"; fi
done
done
[ $nmoved -ge 20 ] && ok "layout_cuda_kernels_reordered ($nmoved)" || bad layout_cuda_kernels_reordered "$nmoved"

# ---- the warp-synchronous kernels (shuffles, votes: ops->exec_coll
# through the laid-out program), scrambled and laid out again, at 32-thread
# warps
f=""
for L in "$K"/warp/*.launch; do
  out=$("$S" --launch "$L" --set warp_size=32 --layout scramble_tf --mech all 2>&1)
  grep -q "$MATCH" <<<"$out" || f="$f $(basename "$L" .launch)"
done
[ -z "$f" ] && ok layout_warp_kernels_scrambled || bad layout_warp_kernels_scrambled "$f"

# ---- every .k kernel, every mechanism, from a scrambled order (block 0
# first, the rest shuffled: many fall-throughs to patch) and that order
# laid out again
f=""
for kf in tb/kernels/*.k; do
  for ly in scramble scramble_tf; do
    out=$("$S" "$kf" --layout "$ly" --mech all 2>&1)
    grep -q "$MATCH" <<<"$out" || f="$f $(basename "$kf" .k)/$ly"
  done
done
[ -z "$f" ] && ok layout_k_kernels_all_mechanisms || bad layout_k_kernels_all_mechanisms "$f"

# ---- the property over generated kernels: every mechanism's results with
# the pass equal the reference's, whose memory equals the given order's
for ly in scramble_tf tf; do
  out=$("$S" --random 25 --seed 11 --layout "$ly" 2>&1)
  if grep -q "^random: 25 kernels .*: 0 failed" <<<"$out"; then ok "layout_random_$ly"
  else bad "layout_random_$ly" "$(grep -m1 -A1 FAIL <<<"$out" | tr '\n' '|')"; fi
done
# the scrambled orders are not thread-frontier ones, the pass's are: the
# property is not vacuous
nsc=0 ntf=0
for s in 1 2 3 4 5 6 7 8; do
  "$S" --gen "$s" >"$T/g$s.k"
  "$S" --show-cfg "$T/g$s.k" --layout scramble | grep -q '^thread-frontier order: no' && nsc=$((nsc + 1))
  "$S" --show-cfg "$T/g$s.k" --layout scramble_tf | grep -q '^thread-frontier order: yes' && ntf=$((ntf + 1))
done
[ $nsc -ge 2 ] && [ $ntf -eq 8 ] && ok "layout_random_orders_scrambled_then_tf ($nsc of 8 scrambled)" ||
  bad layout_random_orders_scrambled_then_tf "scrambled $nsc, thread-frontier $ntf of 8"

# ---- the planted fault: a moved fall-through left unpatched changes what
# the threads compute; the given order's memory catches it (exit 1), and
# so does every generated kernel it breaks
out=$("$S" --launch "$K/pathfinder.launch" --layout tf --mech spe --inject-fault layout@0 2>&1)
rc=$?
[ $rc -ne 0 ] && grep -q "layout tf: the laid-out program's final memory differs from the given order's" <<<"$out" &&
  ok layout_fault_unpatched_fallthrough_caught || bad layout_fault_unpatched_fallthrough_caught "exit $rc: $out"
out=$("$S" --random 10 --seed 11 --layout scramble --mech spe --inject-fault layout@0 2>&1)
grep -qE "^random: 10 kernels .*: [1-9][0-9]* failed" <<<"$out" && ok layout_fault_random_caught ||
  bad layout_fault_random_caught "$(tail -1 <<<"$out")"

# ---- the key: default given, a bad value is one line, exit 2
[ "$("$S" --show-config | awk '$1 == "layout" { print $3 }')" = given ] && ok layout_default_given ||
  bad layout_default_given
out=$("$S" tb/kernels/lud.k --layout nosuch 2>&1)
rc=$?
[ $rc -eq 2 ] && [ "$(wc -l <<<"$out")" -eq 1 ] && grep -q "layout: expected given, tf" <<<"$out" &&
  ok layout_bad_value_exit_2 || bad layout_bad_value_exit_2 "exit $rc: $out"

# ---- a run error in a moved block names the laid-out program's PC (the one
# --show-cfg --layout tf lists) and the file's own, with the PTX line:
# collatz with a load of the odd value as an address at the top of LBB0_2
# (pc 29 in clang's order, pc 21 laid out), also when the given order
# stops there too (before: the file order's pc 29 alone)
sed 's/^\tand.b64  \t%rd15, %rd22, 1;/\tld.global.u32 \t%r6, [%rd22];\n&/' "$K/collatz.ptx" >"$T/cz_err.ptx"
sed 's#^ptx .*#ptx cz_err.ptx#' "$K/collatz.launch" >"$T/cz_err.launch"
pcl=$("$S" --launch "$K/collatz.launch" --layout tf --show-cfg | sed -n 's/^  B[0-9]*  pc \([0-9]*\) (LBB0_2).*/\1/p')
pcg=$("$S" --launch "$K/collatz.launch" --show-cfg | sed -n 's/^  B[0-9]*  pc \([0-9]*\) (LBB0_2).*/\1/p')
for m in spe dwf; do
  out=$("$S" --launch "$T/cz_err.launch" --layout tf --mech $m 2>&1)
  rc=$?
  [ $rc -eq 1 ] && [ "$(wc -l <<<"$out")" -eq 1 ] && [ -n "$pcl" ] && [ "$pcl" != "$pcg" ] &&
    grep -q "^thread 0 of CTA (0,0,0): pc $pcl of the laid-out program (pc $pcg in the file's order, $T/cz_err.ptx:54): global address" <<<"$out" &&
    ok "layout_run_error_names_both_pcs_$m (pc $pcl, file's $pcg)" ||
    bad "layout_run_error_names_both_pcs_$m" "exit $rc, laid-out pc '$pcl', given '$pcg': $out"
done
