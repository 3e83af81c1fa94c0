#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# test_simt_cuda_realworld12.sh BUILD_DIR -- the twelfth round of
# real-world kernels (tb/kernels/cuda/realworld12, docs/ptx.md "Twelfth
# round"): tests/test_simt_cuda.sh's checks on them (every mechanism at
# the default preset and 000..004 (make test: the default and one of them, cuda_small.sh round_presets), the reference against each kernel's
# host reference; SIMT_CUDA_PRESETS set (make regress): -O1 and -O3 as
# well), then an answer known without the host for six of them, worked
# out from the reference's memory dump:
# - mr64: each start's next prime, checked by factor(1) (the prime is
#   one, every odd number from the start below it is not), the tries and
#   the rejections by trial division;
# - huffdec: each thread's decoded symbols equal its neighbour's draw,
#   the bits read their code lengths' sum;
# - lz77: the text rebuilt, each position's longest match within 32 back
#   (nearest first), the greedy parse's tokens;
# - own_kmp: every start tried against the block's pattern;
# - streamclus: the pgain step recomputed (switches, closed centers, the
#   gain, each point's new center and cost, the 64-bit total);
# - lifebits: both boards' 10 generations cell by cell (populations and
#   final words);
# then own_kmp by issue 25's command at other -O levels and targets.
set -u
. tests/cuda_small.sh # realworld_round, same_as_host, AWK_HEX, AWK_BYTE, small[]
realworld_round realworld12 "$@" # B S T D O, ok and bad; test_simt_cuda.sh on the set

# mr64: seed (lines 1-128), prime (129-176, low word first), tried
# (257-280), trial_hits (321-344), rounds (385-408), total (449-450):
# each start n (the high word's top 8 bits above the low word, made odd);
# factor(1) says the prime is one and every odd number from n below it is
# not; the tries, the rejections by the primes 3..47, 7 rounds at least
f=$O/mr64-default.ref
if command -v factor >/dev/null; then
  r=$(awk "$AWK_HEX"' { w[NR] = hex($1) }
     END { for (t = 0; t < 24; t++) { n = int(w[2 + 2 * t] / 16777216) * 4294967296 + w[1 + 2 * t]
         if (n % 2 == 0) n++
         if (n < 64) n += 64
         p = w[130 + 2 * t] * 4294967296 + w[129 + 2 * t]; hits = 0
         for (c = n; c <= p; c += 2) { printf "%.0f %d %.0f\n", c, t, p
           for (q = 3; q <= 47; q += 2) if ((q == 3 || q % 3) && (q == 5 || q % 5) && (q == 7 || q % 7) && c % q == 0) { hits++; break } }
         if (w[257 + t] != (p - n) / 2 + 1 || w[321 + t] != hits || w[385 + t] < 7) print "bad " t " counts"
         s[int(t / 12)] += w[257 + t] }
       if (w[449] != s[0] || w[450] != s[1]) print "bad totals" }' "$f" |
     { while read -r c t p; do
         [ "$c" = bad ] && { echo " $t $p"; continue; }
         fs=$(factor "$c" | wc -w)
         if [ "$c" = "$p" ]; then [ "$fs" -eq 2 ] || echo " t$t: $p not prime"
         else [ "$fs" -gt 2 ] || echo " t$t: $c prime, below $p"; fi
       done; })
  [ -n "$r" ] || r=ok
else r="no factor"; fi
[ "$r" = ok ] && ok simt_cuda_mr64_next_primes || bad simt_cuda_mr64_next_primes "${r:0:200}"

# huffdec: rnd (lines 1-3840), out (bytes 19200..), nout (5761-5856),
# nbits_read (5857-5952), ok (5953-6048), total_bits (6049-6050): each
# thread decodes its neighbour's symbols (the draw from the neighbour's
# words) and reads exactly the bits their code lengths add up to
f=$O/huffdec-default.ref
r=$(awk "$AWK_HEX$AWK_BYTE"' { w[NR] = hex($1) }
     function draw(x,  a, b, s) { a = x % 16; b = int(x / 16) % 16; s = a < b ? a : b
       if (int(x / 256) % 5 == 0) s = int(x / 4096) % 16; return s }
     END { split("4 2 3 5 4 3 5 6 4 5 6 7 6 5 6 7", L, " ")
       for (g = 0; g < 96; g++) { b = int(g / 48); gn = b * 48 + (g % 48 + 1) % 48
         ns = 8 + w[1 + gn * 40] % 33; bits = 0
         for (k = 0; k < ns; k++) { s = draw(w[1 + gn * 40 + k]); bits += L[s + 1]; used[s] = 1
           if (byte(19200 + g * 40 + k) != s) { bad = bad " sym" g "." k; break } }
         if (w[5761 + g] != ns || w[5857 + g] != bits || w[5953 + g] != 1) bad = bad " thread" g
         tb[b] += bits }
       if (w[6049] != tb[0] || w[6050] != tb[1]) bad = bad " totals"
       for (s = 0; s < 16; s++) if (!used[s]) bad = bad " unused" s
       print bad == "" ? "ok" : bad }' "$f")
[ "$r" = ok ] && ok simt_cuda_huffdec_roundtrip || bad simt_cuda_huffdec_roundtrip "${r:0:200}"

# lz77: rnd (lines 1-512), text (bytes 2048..2559), match (u16 at 2560),
# matched (897-898), tokens (899-900): the text rebuilt from the random
# words, each position's longest match within 32 back (the nearest of
# equal length, at most 18, at least 3), the greedy parse's tokens
f=$O/lz77-default.ref
r=$(awk "$AWK_HEX$AWK_BYTE"' { w[NR] = hex($1) }
     END { for (b = 0; b < 2; b++) { nm = 0
         for (i = 0; i < 256; i++) T[i] = 97 + w[1 + b * 256 + i] % 5
         for (i = 40; i < 256;) { x = w[1 + b * 256 + i]
           if (int(x / 256) % 3 == 0) { n = 4 + int(x / 1048576) % 20; d = 1 + int(x / 65536) % 32
             for (k = 0; k < n && i < 256; k++) { T[i] = T[i - d]; i++ } } else i++ }
         for (i = 0; i < 256; i++) { if (byte(2048 + b * 256 + i) != T[i]) { bad = bad " text" b "." i; break } }
         for (i = 0; i < 256; i++) { best = 0; bd = 0; lim = 256 - i < 18 ? 256 - i : 18
           for (d = 1; d <= 32 && d <= i; d++) { l = 0; while (l < lim && T[i - d + l] == T[i + l]) l++
             if (l > best) { best = l; bd = d; if (l == lim) break } }
           if (best < 3) best = bd = 0
           M[i] = best; nm += best > 0; long += best == 18
           j = 2560 + 2 * (b * 256 + i)
           if (byte(j) + 256 * byte(j + 1) != best * 256 + bd) bad = bad " pos" b "." i }
         for (i = k = 0; i < 256; k++) i += M[i] ? M[i] : 1
         if (w[897 + b] != nm || w[899 + b] != k) bad = bad " counts" b }
       if (!long) bad = bad " no maximal match"
       print bad == "" ? "ok" : bad }' "$f")
[ "$r" = ok ] && ok simt_cuda_lz77_matches || bad simt_cuda_lz77_matches "${r:0:200}"

# own_kmp: rnd (lines 1-2048), pats (bytes 8192..), plen (2073-2075),
# count (2077-2268), first (2269-2460), total (2461-2463): every start of
# the block's text tried against its pattern
f=$O/own_kmp-default.ref
r=$(awk "$AWK_HEX$AWK_BYTE"' { w[NR] = hex($1) }
     END { for (b = 0; b < 3; b++) { m = w[2073 + b]; tot = 0
         for (k = 0; k < m; k++) P[k] = byte(8192 + 32 * b + k)
         for (i = 0; i < 2048; i++) { q = int(i / 12) % 37; T[i] = (q == 5 || q == 20) ? P[(i % 12) % m] : 97 + w[1 + i] % 3 }
         for (t = 0; t < 64; t++) { c = 0; f = 4294967295
           for (s = 32 * t; s < 32 * t + 32 && s + m <= 2048; s++) {
             for (k = 0; k < m && T[s + k] == P[k]; k++);
             if (k == m) { c++; if (f == 4294967295) f = s } }
           g = 64 * b + t; tot += c
           if (w[2077 + g] != c || w[2269 + g] != f) bad = bad " thread" g }
         if (w[2461 + b] != tot || tot < 3) bad = bad " total" b "=" w[2461 + b] "/" tot }
       print bad == "" ? "ok" : bad }' "$f")
[ "$r" = ok ] && ok simt_cuda_own_kmp_matches || bad simt_cuda_own_kmp_matches "${r:0:200}"

# streamclus: coord (bytes 0..3599), assign_in (lines 901-1500), assign
# (1501-2100), cost (2101-2700), closed (2701-2708), gain (2709), total
# (2711-2712): the pgain step again (candidate 300, facility 1200000)
f=$O/streamclus-default.ref
r=$(awk "$AWK_HEX$AWK_BYTE"' { w[NR] = hex($1) }
     function d2(i, j,  s, d, x) { s = 0; for (d = 0; d < 6; d++) { x = byte(6 * i + d) - byte(6 * j + d); s += x * x }; return s }
     END { F = 1200000; gain = -F
       for (i = 0; i < 600; i++) { a = w[901 + i] % 8; c = d2(i, a); e = d2(i, 300)
         if (e < c) { sw[i] = 1; gain += c - e } else lower[a] += e - c }
       for (t = 0; t < 8; t++) if (F - lower[t] > 0) { cl[t] = 1; gain += F - lower[t]; ncl++ }
       open = gain > 0
       for (i = 0; i < 600; i++) { a = w[901 + i] % 8; na = open && (sw[i] || cl[a]) ? 300 : a
         if (w[1501 + i] != na || w[2101 + i] != d2(i, na)) bad = bad " point" i; tot += d2(i, na); nsw += na == 300 }
       for (t = 0; t < 8; t++) if (w[2701 + t] != (open && cl[t])) bad = bad " center" t
       if (w[2709] != gain || w[2711] + 4294967296 * w[2712] != tot) bad = bad " gain/total"
       if (!open || ncl == 0 || ncl == 8 || nsw == 0) bad = bad " trivial " open " " ncl " " nsw
       print bad == "" ? "ok" : bad }' "$f")
[ "$r" = ok ] && ok simt_cuda_streamclus_pgain || bad simt_cuda_streamclus_pgain "${r:0:200}"
# lifebits: init (lines 1-768), final (769-1024), history (1025-1044),
# rules (1309-1312): both boards (word 4r + c's bit j is the cell of row
# r, column 32c + j, on a torus) run 10 generations of their rule, cell
# by cell
f=$O/lifebits-default.ref
r=$(awk "$AWK_HEX"' { w[NR] = hex($1) }
     function bit(x, j) { return int(x / 2 ^ j) % 2 }
     END { for (b = 0; b < 2; b++) { born = w[1309 + 2 * b]; surv = w[1310 + 2 * b]
         for (t = 0; t < 128; t++) { i = 3 * (b * 128 + t)
           for (j = 0; j < 32; j++) C[int(t / 4), 32 * (t % 4) + j] = bit(w[1 + i], j) && (bit(w[2 + i], j) || bit(w[3 + i], j)) }
         for (g = 0; g < 10; g++) { pop = 0
           for (y = 0; y < 32; y++) for (x = 0; x < 128; x++) { n = 0
             for (dy = -1; dy <= 1; dy++) for (dx = -1; dx <= 1; dx++) if (dy || dx) n += C[(y + dy + 32) % 32, (x + dx + 128) % 128]
             N[y, x] = C[y, x] ? bit(surv, n) : bit(born, n); pop += N[y, x] }
           for (y = 0; y < 32; y++) for (x = 0; x < 128; x++) C[y, x] = N[y, x]
           if (w[1025 + 10 * b + g] != pop) bad = bad " pop" b "." g "=" w[1025 + 10 * b + g] "/" pop }
         for (t = 0; t < 128; t++) { v = 0
           for (j = 31; j >= 0; j--) v = 2 * v + C[int(t / 4), 32 * (t % 4) + j]
           if (w[769 + b * 128 + t] != v) bad = bad " word" b "." t }
         if (pop < 100) bad = bad " dying board " b }
       print bad == "" ? "ok" : bad }' "$f")
[ "$r" = ok ] && ok simt_cuda_lifebits_generations || bad simt_cuda_lifebits_generations "${r:0:200}"

# issue 25's command at other -O levels and targets (clang installed):
# own_kmp at -O0/sm_60, -O3/sm_75, -Os/sm_86 (make test), every pair and
# the header kernels at -O0 (make regress; lifebits and mcasian refused
# there with the stack-frame line: local arrays at variable indices)
. tests/cuda_variant.sh
run_variants own_kmp "mr64 lifebits:frame huffdec pnpoly cfdflux streamclus mcasian:frame lz77"
exit 0
