#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# test_simt_cuda_realworld8.sh BUILD_DIR -- the eighth round of real-world
# kernels (tb/kernels/cuda/realworld8, docs/ptx.md "Eighth round"):
# tests/test_simt_cuda.sh's checks on them (every mechanism at the default
# preset and 000..004, the reference against each kernel's host reference;
# SIMT_CUDA_PRESETS set (make regress): -O1 and -O3 as well), then an
# answer known without the host for each, worked out in awk from the
# reference's memory dump:
# - conv2dsm: every pixel's convolution (exact: samples in 1/64, weights
#   in halves), clamped, and each block's saturated count;
# - fmaxcas: each block's maximum, the minimum, the arg-max word (lowest
#   index on a tie) and the NaN count, from the input words;
# - knnsel: each query's 6 neighbours, by distance then index;
# - own_batchlu: the singular systems (every fourth) stopped with a
#   negative status, the others with a permutation of parity = swaps;
# - dfascan: the DFA run over each chunk (its overlap, its stop pattern);
# - ccjump: each label the smallest vertex of its component, the flag 0;
# - scanadd: the exclusive prefix sums and the grand total;
# an early return before a barrier run on every mechanism at every preset
# (refused until the twelfth session), and the same kernel with every
# thread kept to the barrier run;
# then, with clang installed, the reviewer's own prelude (own_batchlu) by
# issue 25's command at other -O levels and sm_ targets (make test: -O0,
# -O3 and -Os on three targets; make regress: -O0 -O1 -O2 -O3 -Os x sm_60
# sm_75 sm_80 sm_86, and the header kernels at -O0).
set -u
. tests/cuda_small.sh # realworld_round, same_as_host, AWK_HEX, small[]
realworld_round realworld8 "$@" # B S T D O, ok and bad; test_simt_cuda.sh on the set

# conv2dsm: the 21 x 13 image (16-bit samples, lines 1-137), out (138-410),
# saturated (411-422); every sum is exact in binary
f=$O/conv2dsm-default.ref
r=$(awk "$AWK_HEX"' { w[NR] = hex($1); s[NR] = $1 }
     function px(x, y,  p) { x = x < 0 ? 0 : (x > 20 ? 20 : x); y = y < 0 ? 0 : (y > 12 ? 12 : y); p = y * 21 + x
       return (p % 2 ? int(w[int(p / 2) + 1] / 65536) : w[int(p / 2) + 1] % 65536) % 4096 / 64 }
     END { split("0 -0.5 -1 -0.5 0 -0.5 1 2 1 -0.5 -1 2 4 2 -1 -0.5 1 2 1 -0.5 0 -0.5 -1 -0.5 0", wt, " ")
       for (y = 0; y < 13; y++) for (x = 0; x < 21; x++) { a = 0
         for (dy = 0; dy < 5; dy++) for (dx = 0; dx < 5; dx++) a += wt[dy * 5 + dx + 1] * px(x + dx - 2, y + dy - 2)
         if (a > 230 || a < -230) { a = a > 0 ? 230 : -230; sat[int(y / 4) * 3 + int(x / 8)]++; nsat++ }
         if (f32(s[138 + y * 21 + x]) != a) bad = bad " px " x "," y }
       for (b = 0; b < 12; b++) if (w[411 + b] != sat[b] + 0) bad = bad " block " b
       if (nsat == 0 || nsat == 273) bad = bad " saturated " nsat
       print bad == "" ? "ok" : bad }' "$f")
[ "$r" = ok ] && ok simt_cuda_conv2dsm_exact || bad simt_cuda_conv2dsm_exact "${r:0:200}"

# fmaxcas: x (lines 1-700; block b takes the i with i % 144 in 48b..48b+47),
# block_max (701-703), gmin (704), argmax (705 low, 706 high), nans (707);
# a float's order is its key (sign bit set: complemented; else the sign set)
f=$O/fmaxcas-default.ref
r=$(awk "$AWK_HEX"' { w[NR] = hex($1) }
     function key(v) { return v >= 2147483648 ? 4294967295 - v : v + 2147483648 }
     END { for (i = 0; i < 700; i++) { v = w[i + 1]
         if (int(v / 8388608) % 256 == 255 && v % 8388608) { nan++; continue }
         b = int((i % 144) / 48); k = key(v)
         if (!(b in bk) || k > bk[b]) { bk[b] = k; bw[b] = v }
         if (!have || k < mk) { mk = k; mw = v; have = 1 }
         if (k > ak) { ak = k; ai = i } }
       for (b = 0; b < 3; b++) if (w[701 + b] != bw[b]) bad = bad " block " b
       if (w[704] != mw) bad = bad " min"
       if (w[706] != ak || w[705] != 4294967295 - ai) bad = bad " argmax"
       if (w[707] != nan) bad = bad " nans " w[707] "/" nan
       print bad == "" ? "ok" : bad }' "$f")
[ "$r" = ok ] && ok simt_cuda_fmaxcas_extremes || bad simt_cuda_fmaxcas_extremes "$r"

# knnsel: refs (lines 1-360, x y z weight), queries (361-540), nbr (541-810):
# the 6 nearest by squared distance, a tie to the earlier index (exact:
# coordinates in quarters)
f=$O/knnsel-default.ref
r=$(awk "$AWK_HEX"' { s[NR] = $1; w[NR] = hex($1) }
     END { for (q = 0; q < 45; q++) { qx = f32(s[361 + 4 * q]); qy = f32(s[362 + 4 * q]); qz = f32(s[363 + 4 * q]); n = 0
         for (j = 0; j < 90; j++) { dx = f32(s[1 + 4 * j]) - qx; dy = f32(s[2 + 4 * j]) - qy; dz = f32(s[3 + 4 * j]) - qz
           d = dx * dx + dy * dy + dz * dz
           for (p = n; p > 0 && dd[p - 1] > d; p--) { dd[p] = dd[p - 1]; di[p] = di[p - 1] }
           dd[p] = d; di[p] = j; n++ }
         for (k = 0; k < 6; k++) if (w[541 + 6 * q + k] != di[k]) { bad = bad " q" q; break } }
       print bad == "" ? "ok" : bad }' "$f")
[ "$r" = ok ] && ok simt_cuda_knnsel_neighbours || bad simt_cuda_knnsel_neighbours "${r:0:200}"

# own_batchlu: perm (lines 445-518, two words a system), status (519-555):
# every fourth system singular (a negative status), the others a
# permutation of 0..4 in nibbles whose parity is the swap count's
f=$O/own_batchlu-default.ref
r=$(awk "$AWK_HEX"' { w[NR] = hex($1) }
     END { for (s = 0; s < 37; s++) { st = w[519 + s]; p = w[445 + 2 * s]
         if (s % 4 == 3) { if (st < 2147483648) bad = bad " singular " s; continue }
         if (st >= 2147483648 || w[446 + 2 * s] != 0 || p >= 1048576) { bad = bad " status " s; continue }
         split("", seen); inv = 0
         for (i = 0; i < 5; i++) { a[i] = int(p / 16 ^ i) % 16; if (a[i] > 4 || seen[a[i]]++) bad = bad " perm " s }
         for (i = 0; i < 5; i++) for (j = i + 1; j < 5; j++) if (a[i] > a[j]) inv++
         if (inv % 2 != st % 2) bad = bad " parity " s }
       print bad == "" ? "ok" : bad }' "$f")
[ "$r" = ok ] && ok simt_cuda_own_batchlu_pivots || bad simt_cuda_own_batchlu_pivots "$r"

# dfascan: the text (lines 1-375), the tables from their files; each of
# the 66 chunks of 23 bytes run from 7 bytes early, matches before the
# chunk not counted, the 4th pattern ending the chunk; counts (513-516),
# first (517-520)
f=$O/dfascan-default.ref
r=$(awk "$AWK_HEX"' function byte(a, i) { return int(a[int(i / 4) + 1] / 256 ^ (i % 4)) % 256 }
     FILENAME ~ /table/ { tb[FNR] = hex($1); next } FILENAME ~ /classes/ { cl[FNR] = hex($1); next }
     FILENAME ~ /accept/ { ac[FNR] = hex($1); next } { w[FNR] = hex($1) }
     END { for (p = 0; p < 4; p++) first[p] = 2147483647
       for (t = 0; t < 66; t++) { b = 23 * t; e = b + 23 > 1500 ? 1500 : b + 23; st = 0
         for (i = (b > 7 ? b - 7 : 0); i < e; i++) { st = byte(tb, st * 16 + byte(cl, byte(w, i))); pt = byte(ac, st)
           if (pt == 255 || i < b) continue
           cnt[pt]++; if (i < first[pt]) first[pt] = i; if (pt == 3) break } }
       for (p = 0; p < 4; p++) { if (w[513 + p] != cnt[p] + 0) bad = bad " count " p; if (w[517 + p] != first[p]) bad = bad " first " p
         if (!cnt[p]) bad = bad " none " p }
       print bad == "" ? "ok" : bad }' $D/dfascan_table.hex $D/dfascan_classes.hex $D/dfascan_accept.hex "$f")
[ "$r" = ok ] && ok simt_cuda_dfascan_matches || bad simt_cuda_dfascan_matches "$r"

# ccjump: eu (lines 121-240), ev (241-360), cur (361-520), next (521-680),
# changed (681): every label the smallest vertex of its component
f=$O/ccjump-default.ref
r=$(awk "$AWK_HEX"' { w[NR] = hex($1) }
     function find(v) { while (par[v] != v) v = par[v]; return v }
     END { for (v = 0; v < 160; v++) par[v] = v
       for (e = 0; e < 120; e++) { a = find(w[121 + e]); b = find(w[241 + e]); if (a < b) par[b] = a; else par[a] = b }
       for (v = 0; v < 160; v++) { if (w[361 + v] != find(v) || w[521 + v] != w[361 + v]) bad = bad " v" v; if (find(v) == v) nc++ }
       if (w[681] != 0) bad = bad " changed"
       if (nc < 2 || nc > 150) bad = bad " components " nc
       print bad == "" ? "ok" : bad }' "$f")
[ "$r" = ok ] && ok simt_cuda_ccjump_components || bad simt_cuda_ccjump_components "${r:0:200}"

# scanadd: in (lines 1-1000), out (1001-2000) the exclusive prefix sums
# modulo 2^32, total (2017) the sum of all
f=$O/scanadd-default.ref
r=$(awk "$AWK_HEX"' { w[NR] = hex($1) }
     END { for (i = 0; i < 1000; i++) { if (w[1001 + i] != acc) { bad = bad " " i; break } acc = (acc + w[1 + i]) % 4294967296 }
           if (w[2017] != acc) bad = bad " total"
           print bad == "" ? "ok" : bad }' "$f")
[ "$r" = ok ] && ok simt_cuda_scanadd_prefix || bad simt_cuda_scanadd_prefix "$r"

# an early return before a barrier (tests/data/cuda/earlyret; docs/ptx.md
# "Early returns before a barrier"): runs on every mechanism at the
# default and 000..004 (before: refused), each pair's sums right; the
# same block sum with every thread kept to the barrier runs on every
# mechanism (earlyret_store and earlyret_nested: test_simt_cuda_exitpop.sh)
AWK_PAIRS=' NR > 128 && NR <= 227 { i = NR - 129; j = i % 2 ? i - 1 : i + 1; if (hex($1) != i + (j < 99 ? j : 0)) bad = bad " " i }
     END { print bad == "" ? "ok" : bad }'
er_runs() { # ENTRY AWK CFG...: all 12 mechanisms run ENTRY at each CFG, none "cannot run", its memory checked by AWK
  local e=$1 a=$2 cfg out rc r
  shift 2
  for cfg in "$@"; do
    out=$("$S" --config "$cfg" --launch tests/data/cuda/earlyret.launch --entry "$e" --mech all --dump-mem "$T/$e-$cfg.ref" 2>&1)
    rc=$?
    r=$(awk "$AWK_HEX$a" "$T/$e-$cfg.ref" 2>/dev/null)
    [ $rc -eq 0 ] && grep -q "^every mechanism that ran matches" <<<"$out" && ! grep -q "cannot run" <<<"$out" &&
      [ "$(grep -cE '^[a-z+]+ +[0-9]' <<<"$out")" -eq 12 ] && [ "$r" = ok ] &&
      ok "simt_cuda_${e}_runs_$cfg" || bad "simt_cuda_${e}_runs_$cfg" "exit $rc: $(grep -m1 '^simt:\|cannot' <<<"$out") $r"
  done
}
er_runs earlyret "$AWK_PAIRS" default 000 001 002 003 004
# earlyret_store and earlyret_nested, refused here until the fourteenth
# session, run on the mechanisms that drop returning threads from their
# stacks: tests/test_simt_cuda_exitpop.sh (docs/ptx.md "Early returns that
# leave the stack")
# a full-mask shuffle after the early return (earlyret_shfl, 32-thread
# warps): the returning lanes are gone for it as they are exited in the
# reference, so every mechanism runs it (before: only dwf; the others
# "cannot run: ... lane N ... is live but not in this issue"), out[i] =
# in[i] + in[i & ~31]
er_runs earlyret_shfl ' NR > 128 && NR <= 227 { i = NR - 129; if (hex($1) != i + i - i % 32) bad = bad " " i }
     END { print bad == "" ? "ok" : bad }' 001 003
out=$("$S" --launch tests/data/cuda/earlyret.launch --entry earlyret_kept --mech all --dump-mem "$T/earlyret_kept.ref" 2>&1)
rc=$?
r=$(awk "$AWK_HEX$AWK_PAIRS" "$T/earlyret_kept.ref")
[ $rc -eq 0 ] && grep -q "^every mechanism that ran matches" <<<"$out" && ! grep -q "cannot run" <<<"$out" && [ "$r" = ok ] &&
  ok simt_cuda_earlyret_kept_runs || bad simt_cuda_earlyret_kept_runs "exit $rc: $(grep -m1 '^simt:\|cannot' <<<"$out") $r"

# issue 25's command at other -O levels and targets (clang installed)
. tests/cuda_variant.sh
run_variants own_batchlu "conv2dsm fmaxcas knnsel:frame dfascan ccjump scanadd"
exit 0
