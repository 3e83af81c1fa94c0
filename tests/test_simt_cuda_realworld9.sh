#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# test_simt_cuda_realworld9.sh BUILD_DIR -- the ninth round of real-world
# kernels (tb/kernels/cuda/realworld9, docs/ptx.md "Ninth round"):
# tests/test_simt_cuda.sh's checks on them (every mechanism at the default
# preset and 000..004 (make test: the default and one of them, cuda_small.sh round_presets), the reference against each kernel's host reference;
# SIMT_CUDA_PRESETS set (make regress): -O1 and -O3 as well); the warp
# kernel (warp/segshfl) at every preset (warps of 8 and 16 too) and with
# --set warp_size=32; then an answer
# known without the host for each, worked out in awk from the reference's
# memory dump:
# - floydw: every shortest distance (Floyd-Warshall in awk on the same
#   graph), the edge and reachable-pair counts and the distances' sum;
# - segshfl: y = A x from the input files, each block's row starts;
# - hashcas64: each id's count (its occurrences), the keys new, the absent;
# - sptrsv: each row's level (one more than its dependencies'), the level
#   sizes, the sweeps, the residual of L x = b;
# - stencilz: every cell (exact), both entries the same;
# - own_primes: primality by trial division, the witness of each composite;
# hashcas64's insert reported order-dependent through the cas taint (the
# fix: before it spe failed on a slot every reference order agreed on);
# PTX's sad on corner cases (tests/data/cuda/sad.ptx);
# then, with clang installed, the reviewer's own prelude (own_primes) by
# issue 25's command at other -O levels and sm_ targets (make test: -O0,
# -O3 and -Os on three targets; make regress: every pair of -O0 -O1 -O2
# -O3 -Os and sm_60 sm_75 sm_80 sm_86, and the header kernels at -O0).
set -u
. tests/cuda_small.sh # realworld_round, same_as_host, AWK_HEX, small[]
realworld_round realworld9 "$@" # B S T D O, ok and bad; test_simt_cuda.sh on the set

# warp/segshfl: shuffles at every preset (the default preset's warps are
# 8 threads, 000's 16: the hardware warps of a logical warp rendezvous,
# docs/ptx.md "Warp-synchronous instructions at every warp size"; dwf
# too since dwfnarrow, docs/dwf.md) and with --set warp_size=32; every
# mechanism runs and equals the reference, the reference the plain-C host half
L=$D/warp/segshfl.launch
if "$B/cuda_host/segshfl" --launch $L --dump-mem "$T/segshfl.host" >"$T/segshfl.hostlog" 2>&1; then
  for cfg in default 000 001 002 003 004 default:32 000:32; do
    set32=()
    [ "${cfg#*:}" = 32 ] && set32=(--set warp_size=32)
    out=$("$S" --config "${cfg%:*}" "${set32[@]}" --launch $L --mech all --dump-mem "$T/segshfl-${cfg/:/_}.ref" 2>&1)
    rc=$?
    ws=$(awk '$1 == "warp_size" { print $3 }' "tb/simt/configs/${cfg%:*}.cfg")
    [ -n "${set32[*]}" ] && ws=32
    cannot=$(grep -oE "^[a-z+]+ +cannot run" <<<"$out" | awk '{ printf " %s", $1 }')
    want=""
    if [ $rc -eq 0 ] && grep -q "^every mechanism that ran matches the reference" <<<"$out" && [ "$cannot" = "$want" ] &&
       same_as_host "$T/segshfl-${cfg/:/_}.ref" "$T/segshfl.host"; then ok "simt_cuda_segshfl_${cfg/:/_ws} (warp_size $ws)"
    else bad "simt_cuda_segshfl_${cfg/:/_ws}" "exit $rc: $(grep -m1 -E '^simt:|deadlock|cannot run' <<<"$out" || echo "memory differs from the host reference")"; fi
  done
else bad simt_cuda_segshfl_host "$(head -n 1 "$T/segshfl.hostlog") (make $B/cuda_host/segshfl)"; fi

# floydw: rnd (lines 1-441), d (442-882), edges (883), reach (884), total
# (885-886): the graph rebuilt from rnd, Floyd-Warshall in awk
f=$O/floydw-default.ref
r=$(awk "$AWK_HEX"' { w[NR] = hex($1) }
     END { n = 21; INF = 268435456
       for (i = 0; i < n; i++) for (j = 0; j < n; j++) { x = w[1 + i * n + j]
         if (i == j) d[i, j] = 0; else if (x % 7 == 0 && i % 9 != 4) { d[i, j] = 1 + int(x / 256) % 20; e++ } else d[i, j] = INF }
       for (k = 0; k < n; k++) for (i = 0; i < n; i++) for (j = 0; j < n; j++) if (d[i, k] + d[k, j] < d[i, j]) d[i, j] = d[i, k] + d[k, j]
       for (i = 0; i < n; i++) for (j = 0; j < n; j++) { if (w[442 + i * n + j] != d[i, j]) bad = bad " " i "," j
         if (d[i, j] < INF) { reach++; tot += d[i, j] } }
       if (w[883] != e) bad = bad " edges"; if (w[884] != reach) bad = bad " reach"; if (w[885] + 4294967296 * w[886] != tot) bad = bad " total"
       if (reach == n * n || reach < 2 * n) bad = bad " reach " reach
       print bad == "" ? "ok" : bad }' "$f")
[ "$r" = ok ] && ok simt_cuda_floydw_distances || bad simt_cuda_floydw_distances "${r:0:200}"

# segshfl: row, col, val, x from the input files; y (lines 1565-1608 of
# the dump), heads (1613-1616): each row's sum, each block's row starts
f=$T/segshfl-001.ref
r=$(awk "$AWK_HEX"' function s32(v) { return v >= 2147483648 ? v - 4294967296 : v }
     FILENAME ~ /_row/ { row[FNR - 1] = hex($1); next } FILENAME ~ /_col/ { col[FNR - 1] = hex($1); next }
     FILENAME ~ /_val/ { val[FNR - 1] = s32(hex($1)); next } FILENAME ~ /_x/ { x[FNR - 1] = s32(hex($1)); next }
     { w[FNR] = s32(hex($1)) }
     END { for (i = 0; i < 500; i++) { y[row[i]] += val[i] * x[col[i]]; if (i == 0 || row[i - 1] != row[i]) h[int(i / 128)]++ }
       for (q = 0; q < 44; q++) if (w[1565 + q] != y[q] + 0) bad = bad " y" q
       for (b = 0; b < 4; b++) if (w[1613 + b] != h[b] + 0) bad = bad " heads" b
       print bad == "" ? "ok" : bad }' $D/warp/segshfl_row.hex $D/warp/segshfl_col.hex $D/warp/segshfl_val.hex $D/warp/segshfl_x.hex "$f")
[ "$r" = ok ] && ok simt_cuda_segshfl_spmv || bad simt_cuda_segshfl_spmv "${r:0:200}"

# hashcas64: rnd (lines 1-300), count (493-540), fresh (541), missing
# (542): each id's occurrences among rnd % 41, the ids seen, the absent
f=$O/hashcas64-default.ref
r=$(awk "$AWK_HEX"' { w[NR] = hex($1) }
     END { for (i = 1; i <= 300; i++) c[w[i] % 41]++
       for (q = 0; q < 48; q++) { if (w[493 + q] != c[q] + 0) bad = bad " id" q; if (c[q]) seen++; else miss++ }
       if (w[541] != seen) bad = bad " fresh"; if (w[542] != miss) bad = bad " missing"
       print bad == "" ? "ok" : bad }' "$f")
[ "$r" = ok ] && ok simt_cuda_hashcas64_counts || bad simt_cuda_hashcas64_counts "$r"
# the insert launch: the slots reported order-dependent through the cas
# taint, so every mechanism runs it (before: spe: global byte 1328 ...)
out=$(grep "^order" "$O/hashcas64-default.out")
grep -q "^order: 1 of the 3 launches are order-dependent" <<<"$out" && grep -q "^every mechanism that ran matches" "$O/hashcas64-default.out" &&
  ok simt_cuda_hashcas64_order_reported || bad simt_cuda_hashcas64_order_reported "$out"
sed -e "s|^ptx |ptx $PWD/$D/|" -e 's|^buffer keys 1200 512$|buffer keys 1200 512 file keys.hex|' $D/hashcas64.launch |
  awk '/^launch ht_insert/ { f = 1 } /^launch ht_lookup/ { f = 0 } f || !/^(launch|grid|block|param)/' >"$T/hash_insert.launch"
awk 'BEGIN { for (i = 0; i < 128; i++) print "ffffffff" }' >"$T/keys.hex"
out=$("$S" --launch "$T/hash_insert.launch" --mech all 2>&1)
rc=$?
[ $rc -eq 0 ] && grep -qE "^order: ORDER-DEPENDENT \(who won a cas or exch\): [1-9][0-9]* more bytes" <<<"$out" &&
  grep -q "^every mechanism that ran matches" <<<"$out" && ok simt_cuda_hashcas64_cas_taint ||
  bad simt_cuda_hashcas64_cas_taint "exit $rc: $(grep -m1 -E '^simt:|^order' <<<"$out")"

# sptrsv: ptr (lines 1-97), col (98-361), val (362-625), b (626-721), x
# (722-817), done (818-913), sweep (914), levels (916-): each row's level
# one more than its dependencies' deepest, the level sizes, the sweeps
# (one more than the levels), L x = b to rounding
f=$O/sptrsv-default.ref
r=$(awk "$AWK_HEX"' { w[NR] = hex($1); s[NR] = $1 }
     END { for (i = 0; i < 96; i++) { lo = w[1 + i]; hi = w[2 + i] - 1; lv = 0; acc = 0
         for (k = lo; k < hi; k++) { j = w[98 + k]; if (w[818 + j] > lv) lv = w[818 + j]; acc += f32(s[362 + k]) * f32(s[722 + j]) }
         if (w[818 + i] != lv + 1) bad = bad " level" i
         cnt[lv]++; if (lv + 1 > top) top = lv + 1
         acc += f32(s[362 + hi]) * f32(s[722 + i]); b = f32(s[626 + i]); e = acc - b; if (e < 0) e = -e
         m = b < 0 ? -b : b; if (e > 1e-4 * (m + 1)) bad = bad " residual" i }
       for (l = 0; l < top; l++) if (w[916 + l] != cnt[l]) bad = bad " size" l
       if (w[914] != top + 1) bad = bad " sweeps " w[914]
       if (top < 5) bad = bad " levels " top
       print bad == "" ? "ok" : bad }' "$f")
[ "$r" = ok ] && ok simt_cuda_sptrsv_levels || bad simt_cuda_sptrsv_levels "${r:0:200}"

# stencilz: in (lines 1-1001), out2 (1002-2002), out4 (2003-3003): the
# 13 x 7 x 11 stencil, exact, and both entries the same
f=$O/stencilz-default.ref
r=$(awk "$AWK_HEX"' { s[NR] = $1 }
     function v(x, y, z) { return f32(s[1 + (z * 7 + y) * 13 + x]) }
     END { for (z = 0; z < 11; z++) for (y = 0; y < 7; y++) for (x = 0; x < 13; x++) { c = v(x, y, z); i = (z * 7 + y) * 13 + x
         if (x > 0 && y > 0 && z > 0 && x < 12 && y < 6 && z < 10)
           c = 0.5 * c + 0.125 * (v(x - 1, y, z) + v(x + 1, y, z) + v(x, y - 1, z) + v(x, y + 1, z) + v(x, y, z - 1) + v(x, y, z + 1))
         if (f32(s[1002 + i]) != c) bad = bad " zb2:" x "," y "," z
         if (s[2003 + i] != s[1002 + i]) bad = bad " zb4:" x "," y "," z }
       print bad == "" ? "ok" : bad }' "$f")
[ "$r" = ok ] && ok simt_cuda_stencilz_cells || bad simt_cuda_stencilz_cells "${r:0:200}"

# own_primes: is_prime (lines 1-160), why (161-320), nprimes (481): each
# odd candidate from 2147480001 by trial division; a composite's witness
# its smallest prime factor below 64, else a Miller-Rabin base | 0x100
f=$O/own_primes-default.ref
r=$(awk "$AWK_HEX"' { w[NR] = hex($1) }
     END { for (i = 0; i < 160; i++) { n = 2147480001 + 2 * i; sp = 0
         for (p = 3; p * p <= n; p += 2) if (n % p == 0) { sp = p; break }
         if (w[1 + i] != (sp == 0)) bad = bad " n" n
         if (sp == 0) { np++; if (w[161 + i] != 0) bad = bad " why" n }
         else if (sp < 64 ? w[161 + i] != sp : (w[161 + i] != 258 && w[161 + i] != 263 && w[161 + i] != 317)) bad = bad " why" n }
       if (w[481] != np || np < 3) bad = bad " count"
       print bad == "" ? "ok" : bad }' "$f")
[ "$r" = ok ] && ok simt_cuda_own_primes_trial || bad simt_cuda_own_primes_trial "$r"

# sad (own_primes' inline PTX; refused before: unsupported PTX:
# instruction 'sad'): c + |a - b| for .u32 .s32 .u64 .s64 on small,
# negative and extreme pairs (tests/data/cuda/sad.ptx), worked out by hand
out=$("$S" --launch tests/data/cuda/sad.launch --mech all --dump-mem "$T/sad.ref" 2>&1)
rc=$?
want="00000005 00000005 00000005 00000005 fffffff5 0000000d fffffff5 0000000d 00000003 00000001 00000003 00000001
00000001 00000005 00000001 00000005 00000004 00000004 00000004 00000004 fffffdad 0000025d fffffdad 0000025d
00000008 00000004 00000008 00000004 00000007 00000007 00000007 00000007"
[ $rc -eq 0 ] && grep -q "^every mechanism that ran matches" <<<"$out" && [ "$(sed -n 17,48p "$T/sad.ref" | tr '\n' ' ')" = "$(tr '\n' ' ' <<<"$want")" ] &&
  ok simt_cuda_ptx_sad || bad simt_cuda_ptx_sad "exit $rc: $(grep -m1 '^simt:\|: ' <<<"$out")"

# issue 25's command at other -O levels and targets (clang installed)
. tests/cuda_variant.sh
run_variants own_primes "floydw hashcas64 sptrsv stencilz:frame"
exit 0
