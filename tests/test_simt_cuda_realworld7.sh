#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# test_simt_cuda_realworld7.sh BUILD_DIR -- the seventh round of real-world
# kernels (tb/kernels/cuda/realworld7, docs/ptx.md "Seventh round"):
# tests/test_simt_cuda.sh's checks on them (every mechanism at the default
# preset and 000..004 (make test: the default and one of them, cuda_small.sh round_presets), the reference against each kernel's host reference;
# SIMT_CUDA_PRESETS set (make regress): -O1 and -O3 as well), then what
# the round found:
# - answers known without the host: mergepath sorted and stable with its
#   values a permutation of each tile; bfsqueue's levels, frontier sizes,
#   depth and edge visits from a BFS in awk; lavamd's first particle's
#   potential and force summed in awk; spinflag's producers and counts;
#   own_lexer's comments (at most one a line); jdsspmv's product, exact;
# - a producer/consumer spin within a block (spinflag): the reverse thread
#   order spins until max_steps, so the flow is taken as order-dependent
#   and the memory compared whole (before: spe failed on its PC sequence);
# - clang -O2's `cur ^= 1` written on both sides of `if (t == 0)`
#   (bfsqueue): runs (refused before); variants where the two sides differ,
#   one side writes nothing or twice: refused; the loop bound read through
#   a volatile pointer: refused with the shared-memory hint;
# - own_lexer's goto state machine filled dpe_depth 8 at the paper presets
#   until dpe_stack's compaction (rtl_c/dpe_stack.h, "Forward progress"):
#   the sweep runs it at every preset's own depth, and here dpe must match
#   at 001 and 003 with the compaction and stop with the one-line "too
#   small" deadlock without it (stack_merge=off, 003's policy);
# - with clang installed, the reviewer's own prelude (own_lexer) by issue
#   25's command at other -O levels and sm_ targets (make test: -O0, -O3
#   and -Os on three targets; make regress: -O0 -O1 -O2 -O3 -Os x sm_60
#   sm_75 sm_80 sm_86), and the header kernels at -O0 (make regress:
#   lavamd, bfsqueue and jdsspmv run and match; spinflag on every mechanism
#   but lwm, whose large warp holds producers and spinning consumers;
#   mergepath refused, its local arrays indexed by variables: the frame's
#   address escapes; docs/ptx.md "Barriers in -O0 loops").
set -u
. tests/cuda_small.sh # realworld_round, same_as_host, AWK_HEX, small[]
realworld_round realworld7 "$@" # B S T D O, ok and bad; test_simt_cuda.sh on the set

# mergepath: keys (lines 1-500) sorted per tile of 256 into lines 501-1000,
# values (1001-1500) the tile's indices once each, each key the top 6 bits
# of its value's input word, equal keys in the order of their values
f=$O/mergepath-default.ref
r=$(awk "$AWK_HEX"' { w[NR] = hex($1) }
     END { for (i = 0; i < 500; i++) { k = w[501 + i]; v = w[1001 + i]; t = int(i / 256)
             if (v < 256 * t || v >= 256 * t + 256 || v >= 500 || seen[v]++) bad = bad " value " i
             else if (k != int(w[v + 1] / 67108864)) bad = bad " key " i
             if (i % 256 && (k < pk || (k == pk && v < pv))) bad = bad " order " i
             pk = k; pv = v }
           print bad == "" ? "ok" : bad }' "$f")
[ "$r" = ok ] && ok simt_cuda_mergepath_sorted_stable || bad simt_cuda_mergepath_sorted_stable "${r:0:200}"

# bfsqueue: the levels (lines 1362-1761), depth (2562), edge visits (2563)
# and frontier sizes (2565-: after level d, the size of level d + 1; the last 0) from a BFS of the graph file from vertex 7
f=$O/bfsqueue-default.ref
r=$(awk "$AWK_HEX"' FNR == NR { g[FNR - 1] = hex($1); next } { w[FNR] = hex($1) }
     END { nv = 400; for (v = 0; v < nv; v++) lv[v] = -1; lv[7] = 0; q[0] = 7; qh = 0; qt = 1; vis = 0
       while (qh < qt) { u = q[qh++]; for (e = g[u]; e < g[u + 1]; e++) { x = g[401 + e]; vis++
           if (lv[x] < 0) { lv[x] = lv[u] + 1; q[qt++] = x; size[lv[x]]++ } } }
       for (v = 0; v < nv; v++) { want = lv[v] < 0 ? 2147483647 : lv[v]; if (w[1362 + v] != want) bad = bad " level " v
         if (lv[v] > depth) depth = lv[v] }
       if (w[2562] != depth + 1) bad = bad " depth " w[2562]
       if (w[2563] != vis) bad = bad " visits " w[2563] "/" vis
       for (d = 1; d <= depth + 1; d++) if (w[2563 + d] != size[d] + 0) bad = bad " frontier " d
       print bad == "" ? "ok" : bad }' $D/bfsqueue_graph.hex "$f")
[ "$r" = ok ] && ok simt_cuda_bfsqueue_levels || bad simt_cuda_bfsqueue_levels "${r:0:200}"

# lavamd: particle 0 of box 0 against the 8 boxes of the 2 x 2 x 2 grid,
# in double: its potential and x force within 1e-4 of the sum of magnitudes
f=$O/lavamd-default.ref
r=$(awk "$AWK_HEX"' { w[NR] = hex($1); s[NR] = $1 }
     function pos(i, c) { return int(w[3 * i + c + 1] / 256) / 16777216 }
     END { x0 = pos(0, 0); y0 = pos(0, 1); z0 = pos(0, 2); v0 = x0 * x0 + y0 * y0 + z0 * z0
       for (j = 0; j < 128; j++) { x = pos(j, 0); y = pos(j, 1); z = pos(j, 2); q = w[385 + j]
         q = (q >= 2147483648 ? q - 4294967296 : q); q = (q - (q % 256 + 256) % 256) / 256 / 8388608
         r2 = v0 + x * x + y * y + z * z - (x0 * x + y0 * y + z0 * z); e = exp(-0.5 * r2)
         fv += q * e; fx += q * 2 * e * (x0 - x); av += (q < 0 ? -q : q) * e; ax += (q < 0 ? -q : q) * 2 * e }
       dv = f32(s[513]) - fv; dx = f32(s[514]) - fx
       print ((dv < 0 ? -dv : dv) <= 1e-4 * av && (dx < 0 ? -dx : dx) <= 1e-4 * ax) ? "ok" : "v " f32(s[513]) "/" fv " x " f32(s[514]) "/" fx }' "$f")
[ "$r" = ok ] && ok simt_cuda_lavamd_particle0 || bad simt_cuda_lavamd_particle0 "$r"

# jdsspmv: y (lines 2414-2563) from the matrix file in awk, exact (small
# integers times multiples of 0.25), and the count of |y| > 20 (2564)
f=$O/jdsspmv-default.ref
r=$(awk "$AWK_HEX"' FNR == NR { m[FNR - 1] = hex($1); next } { s[FNR] = $1 }
     END { for (r = 0; r < 150; r++) { y = 0; for (d = 0; d < m[150 + r]; d++) { k = m[300 + d] + r; c = m[325 + k]
               y += (m[1369 + k] - 8) * ((c * 37) % 11) * 0.25 }
             if (f32(s[2414 + m[r]]) != y) bad = bad " y" m[r]; if (y > 20 || y < -20) n++ }
           if (hex(s[2564]) != n) bad = bad " big " hex(s[2564]) "/" n
           print bad == "" ? "ok" : bad }' $D/jdsspmv_matrix.hex "$f")
[ "$r" = ok ] && ok simt_cuda_jdsspmv_product || bad simt_cuda_jdsspmv_product "${r:0:200}"

# spinflag: each producer's word is its index, each block's count 32 x 4
f=$O/spinflag-default.ref
r=$(awk "$AWK_HEX"' { w[NR] = hex($1) }
     END { for (b = 0; b < 3; b++) { for (t = 0; t < 32; t++) if (w[385 + 64 * b + t] != t) bad = bad " out " b "," t
             if (w[577 + b] != 128) bad = bad " last " b }
           print bad == "" ? "ok" : bad }' "$f")
[ "$r" = ok ] && ok simt_cuda_spinflag_counts || bad simt_cuda_spinflag_counts "$r"

# own_lexer: a comment runs to the end of its line (at most one a line);
# the 8 counts of a line (lines 601-1080) add up to 40 at most, and some
# lines have tokens (a line may end at once, at a zero character)
f=$O/own_lexer-default.ref
r=$(awk "$AWK_HEX"' NR > 600 && NR <= 1080 { i = NR - 601; c = hex($1); tot[int(i / 8)] += c; if (i % 8 == 4 && c > 1) bad = bad " comments " int(i / 8) }
     END { for (l = 0; l < 60; l++) { if (tot[l] > 40) bad = bad " tokens " l; all += tot[l] }
           if (all < 60) bad = bad " only " all " tokens"; print bad == "" ? "ok" : bad }' "$f")
[ "$r" = ok ] && ok simt_cuda_own_lexer_comments || bad simt_cuda_own_lexer_comments "$r"

# spinflag: consumers spin on a count other warps raise without a barrier;
# last to first the reference spins until max_steps: reported, the memory
# compared whole, the PC sequences not (spe failed on them before)
for cfg in $(round_cfgs realworld7); do
  f=$O/spinflag-$cfg.out
  grep -q "^order: not checked: the reference in another thread order stopped: .*without finishing.*; memory compared whole, PC sequences, instruction counts and final registers not compared" "$f" &&
    grep -q "^every mechanism that ran matches" "$f" && ok "simt_cuda_spinflag_${cfg}_spin_order" ||
    bad "simt_cuda_spinflag_${cfg}_spin_order" "$(grep -m1 '^order:\|^simt:' "$f")"
done

# bfsqueue: clang writes `xor.b32 %r54, %r54, 1` (cur ^= 1) on both sides
# of if (t == 0); the loop's barrier runs (above).  The second side made
# different, left out or doubled: really divergent, refused; the loop's
# bound read through a volatile pointer: runs (refused with the
# shared-memory hint until volatile shared loads were taken as uniform under
# the reference's check, docs/ptx.md "Block-uniform values in shared
# memory"), every mechanism equal to the reference
P=$D/bfsqueue.ptx
X='xor[.]b32[[:space:]]+%r54, %r54, 1;'
if [ "$(grep -cE "$X" $P)" != 2 ] || ! grep -qE 'ld[.]shared[.]u32[[:space:]]+%r9, ' $P; then
  bad simt_cuda_bfsqueue_rmw_variants "the PTX no longer has '$X' twice and the load of %r9: rewrite the variants"
else
  awk -v x="$X" '$0 ~ x && ++n == 2 { sub(/, 1;/, ", 3;") } { print }' $P >"$T/rmw_other.ptx"
  awk -v x="$X" '$0 ~ x && ++n == 2 { next } { print }' $P >"$T/rmw_none.ptx"
  awk -v x="$X" '$0 ~ x && ++n == 2 { print } { print }' $P >"$T/rmw_twice.ptx"
  sed -E 's/ld[.]shared[.]u32([[:space:]]+%r9, )/ld.volatile.shared.u32\1/' $P >"$T/rmw_volatile.ptx"
  for v in other none twice; do
    out=$("$S" --launch $D/bfsqueue.launch --launch-set "ptx $(cd "$T" && pwd)/rmw_$v.ptx" --mech all 2>&1)
    rc=$?
    [ $rc -eq 2 ] && [ "$(wc -l <<<"$out")" -eq 1 ] && grep -q "rmw_$v.ptx:[0-9]*: barrier under divergent control" <<<"$out" &&
      ok "simt_cuda_bfsqueue_rmw_${v}_refused" || bad "simt_cuda_bfsqueue_rmw_${v}_refused" "exit $rc: $out"
  done
  out=$("$S" --launch $D/bfsqueue.launch --launch-set "ptx $(cd "$T" && pwd)/rmw_volatile.ptx" --mech all 2>&1)
  rc=$?
  [ $rc -eq 0 ] && grep -q "^every mechanism that ran matches" <<<"$out" && ! grep -q "cannot run" <<<"$out" &&
    ok simt_cuda_bfsqueue_rmw_volatile_runs || bad simt_cuda_bfsqueue_rmw_volatile_runs "exit $rc: $(grep -m1 '^simt:\|: ' <<<"$out")"
fi

# own_lexer at 001 and 003 with the preset's dpe_depth (8): dpe matches
# (the compaction); with stack_merge=off (003's push) it stops with the one
# line naming the full structure (exit 1)
for cfg in 001 003; do
  out=$("$S" --config $cfg --launch $D/own_lexer.launch --mech dpe 2>&1)
  rc=$?
  [ $rc -eq 0 ] && grep -q "^every mechanism that ran matches" <<<"$out" &&
    ok "simt_cuda_own_lexer_dpe_$cfg" || bad "simt_cuda_own_lexer_dpe_$cfg" "exit $rc: $(head -n 1 <<<"$out")"
  out=$("$S" --config $cfg --launch $D/own_lexer.launch --mech dpe --set stack_merge=off 2>&1)
  rc=$?
  [ $rc -eq 1 ] && [ "$(wc -l <<<"$out")" -eq 1 ] &&
    grep -q "dpe: deadlock: .* full-table stalls: the structure is too small for this kernel" <<<"$out" &&
    ok "simt_cuda_own_lexer_dpe_${cfg}_no_compaction_deadlocks" ||
    bad "simt_cuda_own_lexer_dpe_${cfg}_no_compaction_deadlocks" "exit $rc: $(head -n 1 <<<"$out")"
done

# issue 25's command at other -O levels and targets (clang installed)
. tests/cuda_variant.sh
run_variants own_lexer "spinflag:nolwm mergepath:frame lavamd bfsqueue jdsspmv"
exit 0
