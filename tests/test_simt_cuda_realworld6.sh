#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# test_simt_cuda_realworld6.sh BUILD_DIR -- the sixth round of real-world
# kernels (tb/kernels/cuda/realworld6, docs/ptx.md "Sixth round"):
# tests/test_simt_cuda.sh's checks on them (every mechanism at the default
# preset and 000..004 (make test: the default and one of them, cuda_small.sh round_presets), the reference against each kernel's host reference;
# SIMT_CUDA_PRESETS set (make regress): -O1 and -O3 as well), then what
# the round found:
# - answers known without the host: persist's queue head (items + threads)
#   and its 64-bit step total recomputed in awk; tfreduce's total against
#   the inputs' exact sum, its counter back at 0; eigbisect's clusters;
#   vlcpack's bit counts from the code lengths; dwt53 lossless; sadsearch's
#   motion vectors; own_sobol's first dimension (the bit-reversed Gray code),
#   each at the default preset;
# - persist's per-thread work flags reported as order-dependent (the
#   reference's fifth order, round robin at each atomic), not compared;
# - a loop whose "go on" predicate is one uniform copy on every path of a
#   divergent body (tests/data/cuda/covered_pred.ptx, eigbisect at -O2)
#   runs; the variants where it is really divergent are refused;
# - a block of 1024 threads: runs at 001 (and 004, make regress), refused
#   with one line at 000 (256 threads) and at the default (128 warps of 8
#   > 64);
# - blocks of one thread (own_sobol);
# - with clang installed, the reviewer's own prelude (own_sobol) by issue
#   25's command at other -O levels and sm_ targets (make test: -O0, -O3
#   and -Os on three targets; make regress: -O0 -O1 -O2 -O3 -Os x sm_60
#   sm_75 sm_80 sm_86), and the header kernels at -O0 (make regress).
set -u
. tests/cuda_small.sh # realworld_round, same_as_host, AWK_HEX, small[]
realworld_round realworld6 "$@" # B S T D O, ok and bad; test_simt_cuda.sh on the set

# word N (from 1) of a dump, as a number
word() { v=$(sed -n "${2}p" "$1" 2>/dev/null); echo $((16#${v:-0})); }

# persist: every thread's take that fails ends the loop once, so the head
# ends at 700 items + 120 threads; the u64 step total is the sum of
# 1 + w % 97 over the input words
f=$O/persist-default.ref
h=$(word "$f" 701)
st=$(head -n 700 "$f" | while read -r w; do echo $((1 + 16#$w % 97)); done | awk '{ s += $1 } END { print s + 0 }')
[ "$h" = 820 ] && [ "$(word "$f" 2223)" = "$st" ] && [ "$(word "$f" 2224)" = 0 ] &&
  ok simt_cuda_persist_head_and_steps || bad simt_cuda_persist_head_and_steps "head $h, steps $(word "$f" 2223) (awk $st)"
# the per-thread flags (120 words) depend on which thread took what: the
# round-robin order gives every thread items, the thread-by-thread orders
# only the first; reported, not compared (before: spe failed on them)
for cfg in $(round_cfgs realworld6); do
  grep -q "^order: ORDER-DEPENDENT (atomics): 480 of 8952 bytes" "$O/persist-$cfg.out" && # the flags alone

    grep -q "^every mechanism that ran matches" "$O/persist-$cfg.out" &&
    ok "simt_cuda_persist_${cfg}_flags_reported" ||
    bad "simt_cuda_persist_${cfg}_flags_reported" "$(grep -m1 '^order:\|^simt:' "$O/persist-$cfg.out")"
done

# tfreduce: the last block's total within 0.01 of the inputs' exact sum
# ((w >> 16) / 4096 - 8 each), the flag set, the retirement counter (the
# module variable after mem_bytes, 256-aligned: word 1025) back at 0
f=$O/tfreduce-default.ref
r=$(awk "$AWK_HEX"' NR <= 1000 { s += int(hex($1) / 65536) / 4096 - 8 } NR == 1008 { t = f32($1) }
     END { d = t - s; print (d < 0 ? -d : d) < 0.01 ? "ok" : "sum " s " total " t }' "$f")
[ "$r" = ok ] && [ "$(word "$f" 1009)" = 1 ] && [ "$(word "$f" 1025)" = 0 ] &&
  ok simt_cuda_tfreduce_total || bad simt_cuda_tfreduce_total "$r, last $(word "$f" 1009), counter $(word "$f" 1025)"

# eigbisect: each block's 24 eigenvalues ascending; block 1's diagonal
# matrix gives -2, -0.5, 1, 2.5 six times each (within 1e-4)
f=$O/eigbisect-default.ref
r=$(awk "$AWK_HEX"' NR > 144 && NR <= 216 { i = NR - 145; v = f32($1)
       if (i % 24 && v < p) bad = bad " unsorted at " i; p = v
       if (i >= 24 && i < 48) { e = -2 + 1.5 * int((i - 24) / 6); if (v - e > 1e-4 || e - v > 1e-4) bad = bad " eig " i "=" v } }
     END { print bad == "" ? "ok" : bad }' "$f")
[ "$r" = ok ] && [ "$(word "$f" 217)" -gt 0 ] && ok simt_cuda_eigbisect_clusters || bad simt_cuda_eigbisect_clusters "$r"

# vlcpack: each block's bit count is the sum of its 384 symbols' code
# lengths (symbol min(clz(w | 1), 15), length symbol + 1, 15 at most)
f=$O/vlcpack-default.ref
r=$(head -n 1152 "$f" | while read -r w; do v=$((16#$w | 1)) z=0; while [ $((v & 0x80000000)) -eq 0 ]; do z=$((z + 1)) v=$((v << 1)); done
      [ $z -gt 15 ] && z=15; echo $((z == 15 ? 15 : z + 1)); done | awk '{ s[int((NR - 1) / 384)] += $1 } END { print s[0], s[1], s[2] }')
g="$(word "$f" 1441) $(word "$f" 1442) $(word "$f" 1443)"
[ "$r" = "$g" ] && ok simt_cuda_vlcpack_bit_counts || bad simt_cuda_vlcpack_bit_counts "got $g, code lengths $r"

# dwt53: the inverse gives the image back (the kernel's own count of
# differences is 0, and every pixel of back equals the 16-bit input)
f=$O/dwt53-default.ref
r=$(awk 'function hex(s,  i, v) { v = 0; for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1; return v }
     NR <= 768 { w = hex($1); a = w % 65536; b = int(w / 65536); img[2 * NR - 2] = a >= 32768 ? a - 65536 : a; img[2 * NR - 1] = b >= 32768 ? b - 65536 : b }
     NR > 2304 && NR <= 3840 { v = hex($1); if (v >= 2147483648) v -= 4294967296; if (v != img[NR - 2305]) n++ }
     END { print n + 0 }' "$f")
[ "$r" = 0 ] && [ "$(word "$f" 3841)" = 0 ] && ok simt_cuda_dwt53_lossless || bad simt_cuda_dwt53_lossless "$r pixels differ, count $(word "$f" 3841)"

# sadsearch: inner macroblocks 5 and 6 were moved by (2, 1) and (3, -1)
f=$O/sadsearch-default.ref
g=$(sed -n '1943,1946p' "$f" | tr '\n' ' ')
[ "$g" = "00000002 00000001 00000003 ffffffff " ] && ok simt_cuda_sadsearch_vectors || bad simt_cuda_sadsearch_vectors "got $g"

# own_sobol: point i's first coordinate is the bit reversal of i's Gray code
sobol_dim0() { # DUMP: prints the indices that differ
  awk 'function hex(s,  i, v) { v = 0; for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1; return v }
       NR <= 1500 && NR % 3 == 1 { i = (NR - 1) / 3; g = 0; a = i; b = int(i / 2)   # g = i xor (i >> 1)
         for (k = 0; k < 10; k++) { if ((a % 2) != (b % 2)) g += 2 ^ k; a = int(a / 2); b = int(b / 2) }
         r = 0; for (k = 0; k < 10; k++) if (int(g / 2 ^ k) % 2) r += 2 ^ (31 - k)
         if (hex($1) != r) printf " %d", i }' "$1"
}
r=$(sobol_dim0 "$O/own_sobol-default.ref")
[ -s "$O/own_sobol-default.ref" ] && [ -z "$r" ] && ok simt_cuda_own_sobol_gray_code || bad simt_cuda_own_sobol_gray_code "points$r"

# a loop whose "go on" predicate is one uniform copy on every path of the
# divergent body: runs (refused before); the same with one side's copy
# false (threads leave on that side) or with that side's write left out
# and a false one before the branch: really divergent, refused until
# forret; the threads that leave go on to the kernel's end with no barrier,
# so the loop is one left only by a return (docs/ptx.md "Loops left only by
# a return"), and they run (the other threads' barriers no longer wait for
# them), equal to the reference
P=tests/data/cuda/covered_pred
out=$("$S" --launch $P.launch --mech all --dump-mem "$T/covered.ref" 2>&1)
rc=$?
[ $rc -eq 0 ] && grep -q "^every mechanism that ran matches" <<<"$out" &&
  [ "$(tr '\n' ' ' <"$T/covered.ref")" = "00000040 00000031 00000022 00000013 00000004 00000004 00000004 00000004 " ] &&
  ok simt_cuda_covered_predicate_runs || bad simt_cuda_covered_predicate_runs "exit $rc: $(grep -m1 ':[0-9]*: \|^simt:' <<<"$out")"
awk '/^SIDE:/ { s = 1 } s && /mov.pred/ { sub(/%p2/, "%p1"); s = 0 } { print }' $P.ptx >"$T/cov_false.ptx"
awk '/^SIDE:/ { s = 1 } s && /mov.pred/ { s = 0; next } { print }' $P.ptx >"$T/cov_none.ptx"
awk '/add.s32 \t%r2, %r2, 1;/ { print; getline; sub(/%p2/, "%p1") } { print }' "$T/cov_none.ptx" >"$T/cov_none_false.ptx"
for v in cov_false:0 cov_none:0 cov_none_false:0; do
  out=$("$S" --launch $P.launch --launch-set "ptx $(cd "$T" && pwd)/${v%:*}.ptx" --mech all 2>&1)
  rc=$?
  if [ "${v#*:}" = 2 ]; then
    [ $rc -eq 2 ] && [ "$(wc -l <<<"$out")" -eq 1 ] && grep -q "${v%:*}.ptx:[0-9]*: barrier under divergent control" <<<"$out" &&
      ok "simt_cuda_covered_${v%:*}_refused" || bad "simt_cuda_covered_${v%:*}_refused" "exit $rc: $out"
  else
    [ $rc -eq 0 ] && grep -q "^every mechanism that ran matches" <<<"$out" &&
      ok "simt_cuda_covered_${v%:*}_runs" || bad "simt_cuda_covered_${v%:*}_runs" "exit $rc: $(head -n 1 <<<"$out")"
  fi
done

# a block of 1024 threads (tfreduce, two CTAs): every mechanism at 001 (and
# 004 in make regress) equal to the host reference; one line and exit 2
# where it does not fit
sed -e "s|^ptx |ptx $PWD/$D/|" -e 's/^block .*/block 1024/' -e 's/^grid .*/grid 2/' $D/tfreduce.launch >"$T/tf1024.launch"
"$B/cuda_host/tfreduce" --launch "$T/tf1024.launch" --dump-mem "$T/tf1024.host" >/dev/null 2>&1 || bad simt_cuda_tfreduce_host "make $B/cuda_host/tfreduce"
for cfg in 001 ${SIMT_CUDA_PRESETS:+004}; do
  out=$("$S" --config $cfg --launch "$T/tf1024.launch" --mech all --dump-mem "$T/tf1024-$cfg.ref" 2>&1)
  rc=$?
  [ $rc -eq 0 ] && grep -q "^every mechanism that ran matches" <<<"$out" && same_as_host "$T/tf1024-$cfg.ref" "$T/tf1024.host" &&
    ok "simt_cuda_block1024_$cfg" || bad "simt_cuda_block1024_$cfg" "exit $rc: $(grep -m1 '^simt:' <<<"$out" || echo "memory differs from the host")"
done
for cp in "000:above the configuration's 256" "default:does not fit the SM"; do
  out=$("$S" --config "${cp%%:*}" --launch "$T/tf1024.launch" --mech all 2>&1)
  rc=$?
  [ $rc -eq 2 ] && [ "$(wc -l <<<"$out")" -eq 1 ] && grep -q "${cp#*:}" <<<"$out" &&
    ok "simt_cuda_block1024_${cp%%:*}_refused" || bad "simt_cuda_block1024_${cp%%:*}_refused" "exit $rc: $out"
done

# blocks of one thread (own_sobol: 24 CTAs of 1, 21 points each)
sed -e "s|^ptx |ptx $PWD/$D/|" -e 's/^block .*/block 1/' -e 's/^grid .*/grid 24/' $D/own_sobol.launch >"$T/sobol1.launch"
"$B/cuda_host/own_sobol" --launch "$T/sobol1.launch" --dump-mem "$T/sobol1.host" >/dev/null 2>&1 || bad simt_cuda_own_sobol_host "make $B/cuda_host/own_sobol"
out=$("$S" --launch "$T/sobol1.launch" --mech all --dump-mem "$T/sobol1.ref" 2>&1)
rc=$?
[ $rc -eq 0 ] && grep -q "^every mechanism that ran matches" <<<"$out" && same_as_host "$T/sobol1.ref" "$T/sobol1.host" &&
  [ -z "$(sobol_dim0 "$T/sobol1.ref")" ] && ok simt_cuda_one_thread_blocks ||
  bad simt_cuda_one_thread_blocks "exit $rc: $(grep -m1 '^simt:' <<<"$out" || echo "memory differs")"

# issue 25's command at other -O levels and targets (clang installed)
. tests/cuda_variant.sh
run_variants own_sobol "dwt53 persist eigbisect sadsearch tfreduce vlcpack"
exit 0
