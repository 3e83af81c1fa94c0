#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# test_simt_cuda_realworld13.sh BUILD_DIR -- the thirteenth round of
# real-world kernels (tb/kernels/cuda/realworld13, docs/ptx.md "Thirteenth
# round"): tests/test_simt_cuda.sh's checks on them (every mechanism at
# the default preset and the presets of realworld_round, the reference
# against each kernel's host reference), then an answer known without the
# host for each of the eight, worked out from the reference's memory dump:
# - sha256: every digest equal to sha256sum(1)'s of the message rebuilt
#   from the random slot, the lengths, the blocks compressed;
# - rsgf: the statuses, error locations and magnitudes planted by each
#   control word, zero syndromes exactly for the clean codewords, the data
#   restored where at most one error was planted;
# - fft: every bin against a direct DFT in double, the peak bin;
# - bloom: the filter's words and every query recomputed from the hashes;
# - floatbits: each field, the exponent of subnormals, the inverse square
#   root within 1e-5, the next float up, the keys, each block sorted;
# - dsdot: the float-float sums within 1e-11 of the exact dot products
#   (Kahan's within its bound, the plain sums far worse), the block trees;
# - tricount: the adjacency, each vertex's triangles by a triple loop;
# - own_gotoscan: every line's words, numbers, their sum and the longest;
# then own_gotoscan by issue 25's command at other -O levels and targets.
set -u
. tests/cuda_small.sh # realworld_round, same_as_host, AWK_HEX, AWK_BYTE, small[]
realworld_round realworld13 "$@" # B S T D O, ok and bad; test_simt_cuda.sh on the set

# sha256: msgs (bytes 0..1535, a 128-byte slot a thread), digest (bytes
# 1536..1919), lens (481-492), blocks (493-494): each message of 5 + its
# first word mod 51 bytes hashed by sha256sum, the digest's bytes in order
f=$O/sha256-default.ref
r=$(awk "$AWK_HEX$AWK_BYTE"' { w[NR] = hex($1) }
     END { for (t = 0; t < 12; t++) { len = 5 + w[1 + 32 * t] % 51; m = d = ""
         for (j = 0; j < len; j++) m = m sprintf("%02x", byte(128 * t + j))
         for (j = 0; j < 32; j++) d = d sprintf("%02x", byte(1536 + 32 * t + j))
         print t, len, w[481 + t], m, d } }' "$f" |
   { nb=(0 0); while read -r t len l m d; do
       [ "$l" = "$len" ] || echo " len$t"
       s=$(printf "$(sed 's/../\\x&/g' <<<"$m")" | sha256sum); [ "${s%% *}" = "$d" ] || echo " digest$t"
       nb[t / 12]=$((nb[t / 12] + (len + 8) / 64 + 1)); done
     awk "$AWK_HEX"' NR == 493 && hex($1) != '"${nb[0]}"' { print " blocks0" } NR == 494 && hex($1) != '"${nb[1]}"' { print " blocks1" }' "$f"; } | tr '\n' ' ')
[ -s "$f" ] || r="no $f"
[ -z "$r" ] && ok simt_cuda_sha256_digests || bad simt_cuda_sha256_digests "${r:0:200}"

# rsgf: rnd (lines 1-48, 3 words a codeword: 8 data bytes, the control
# word), code (bytes 192..383), synd (384..447), info (113-160: status,
# location, magnitude), stats (161-166): e = ctl mod 4 errors at (ctl >> 2)
# mod 12 + 7k; no error: all syndromes zero, status 0; one: status 1 at
# its place with its magnitude, the data restored; more: status 2 (RS(12,
# 8) detects up to 4)
f=$O/rsgf-default.ref
r=$(awk "$AWK_HEX$AWK_BYTE"' { w[NR] = hex($1) }
     END { for (g = 0; g < 16; g++) { ctl = w[3 * g + 3]; e = ctl % 4; p = int(ctl / 4) % 12
         st = e == 0 ? 0 : e == 1 ? 1 : 2; loc = e == 1 ? p : 0; mag = e == 1 ? 1 + int(ctl / 256) % 256 % 255 : 0
         if (w[113 + 3 * g] != st || w[114 + 3 * g] != loc || w[115 + 3 * g] != mag) bad = bad " info" g
         nz = 0; for (j = 0; j < 4; j++) nz += byte(384 + 4 * g + j) != 0
         if ((nz == 0) != (e == 0)) bad = bad " synd" g
         if (e < 2) for (i = 0; i < 8; i++) if (byte(192 + 12 * g + i) != byte(12 * g + i)) { bad = bad " data" g; break }
         n[int(g / 8), st]++; seen[st]++ }
       for (b = 0; b < 2; b++) for (s = 0; s < 3; s++) if (w[161 + 3 * b + s] != n[b, s] + 0) bad = bad " stats" b "." s
       for (s = 0; s < 3; s++) if (!seen[s]) bad = bad " no status " s
       print bad == "" ? "ok" : bad }' "$f")
[ "$r" = ok ] && ok simt_cuda_rsgf_channel || bad simt_cuda_rsgf_channel "${r:0:200}"

# fft: in (lines 1-512, re and im words), out (513-1024), peak (1025-1026),
# peak_bin (1027-1028): each block's 128 bins against the DFT in double
# (squared error at most 1e-8), the largest bin and its power
f=$O/fft-default.ref
r=$(awk "$AWK_HEX"' { w[NR] = hex($1); v[NR] = $1 }
     function u(x) { return (x >= 2147483648 ? x - 4294967296 : x) / 2147483648 }
     END { pi = atan2(0, -1)
       for (b = 0; b < 2; b++) { best = -1; emax = 0
         for (i = 0; i < 128; i++) { re[i] = u(w[1 + 2 * (128 * b + i)]); im[i] = u(w[2 + 2 * (128 * b + i)]) }
         for (k = 0; k < 128; k++) { sr = si = 0
           for (i = 0; i < 128; i++) { a = -2 * pi * ((i * k) % 128) / 128; sr += re[i] * cos(a) - im[i] * sin(a); si += re[i] * sin(a) + im[i] * cos(a) }
           j = 513 + 2 * (128 * b + k); gr = f32(v[j]); gi = f32(v[j + 1])
           e = (gr - sr) ^ 2 + (gi - si) ^ 2; if (e > emax) emax = e
           p = sr * sr + si * si; if (p > best) { best = p; bk = k } }
         if (emax > 1e-8) bad = bad " bins" b "(" emax ")"
         if (w[1027 + b] != bk) bad = bad " peak_bin" b
         q = f32(v[1025 + b]); if (q < best * 0.9999 || q > best * 1.0001) bad = bad " peak" b }
       print bad == "" ? "ok" : bad }' "$f")
[ "$r" = ok ] && ok simt_cuda_fft_dft || bad simt_cuda_fft_dft "${r:0:200}"

# bloom: keys (lines 1-800), fresh (801-848), filter (849-976), found
# (977-1072), probes (1073-1168), positives (1169): the bits of every key's
# 4 probes, the filter's words, each query's answer and probes; some
# fresh keys must be false positives (not too many)
f=$O/bloom-default.ref
r=$(awk "$AWK_HEX"' { w[NR] = hex($1) }
     function hs(k) { h1 = (k * 40503 + 2654) % 65521 % 4096; h2 = 1 + (k * 52837 + 977) % 65519 % 4095 }
     END { for (i = 0; i < 800; i++) { hs(w[1 + i] % 1048576); for (j = 0; j < 4; j++) B[(h1 + j * h2) % 4096] = 1 }
       for (x = 0; x < 128; x++) { v = 0; for (j = 31; j >= 0; j--) v = 2 * v + ((32 * x + j) in B); if (w[849 + x] != v) bad = bad " word" x }
       for (q = 0; q < 96; q++) { k = (q % 2 ? w[801 + int(q / 2)] : w[1 + int(q / 2)]) % 1048576; hs(k)
         for (j = 0; j < 4 && ((h1 + j * h2) % 4096) in B; j++);
         if (w[977 + q] != (j == 4) || w[1073 + q] != (j == 4 ? 4 : j + 1)) bad = bad " query" q
         pos += j == 4; fp += q % 2 && j == 4 }
       if (w[1169] != pos || fp == 0 || fp > 12) bad = bad " positives " w[1169] "/" pos " fp " fp
       print bad == "" ? "ok" : bad }' "$f")
[ "$r" = ok ] && ok simt_cuda_bloom_filter || bad simt_cuda_bloom_filter "${r:0:200}"

# floatbits: in (1-64), val (65-128), rs (129-192), ilog (193-256), next
# (257-320), keys (321-384), sorted (385-448): the input made finite (and a
# quarter subnormal), the exponent (subnormals below -126), 1/sqrt within
# 1e-5, the next float up, the order-preserving key, each block's values
# a permutation in non-decreasing order
f=$O/floatbits-default.ref
r=$(awk "$AWK_HEX"' { w[NR] = hex($1); s[NR] = $1 }
     END { for (i = 0; i < 64; i++) { u = w[1 + i]; ex = int(u / 8388608) % 256
         if (ex == 255) { u -= 8388608; ex = 254 }
         if (int(u / 268435456) % 4 == 1) { u -= ex * 8388608; ex = 0 }
         sg = u >= 2147483648; m = u % 8388608
         if (w[65 + i] != u) { bad = bad " val" i; continue }
         if (ex) e = ex - 127; else if (m) { for (p = 22; m < 2 ^ p; p--); e = p - 149 } else e = -1000
         g = w[193 + i]; if (g >= 2147483648) g -= 4294967296
         if (g != e) bad = bad " ilog" i
         a = f32(s[65 + i]); if (a < 0) a = -a
         q = f32(s[129 + i]); if (ex ? (q * sqrt(a) - 1 > 1e-5 || 1 - q * sqrt(a) > 1e-5) : q != 0) bad = bad " rsqrt" i
         nx = !sg ? u + 1 : u == 2147483648 ? 1 : u - 1
         if (w[257 + i] != nx) bad = bad " next" i
         if (w[321 + i] != (sg ? 4294967295 - u : u + 2147483648)) bad = bad " key" i
         sub_ += ex == 0 && m > 0; neg += sg; in_[int(i / 32), s[65 + i]]++ }
       for (b = 0; b < 2; b++) for (j = 0; j < 32; j++) { x = s[385 + 32 * b + j]
         if (!in_[b, x]--) bad = bad " perm" b "." j
         if (j && f32(x) < f32(s[384 + 32 * b + j])) bad = bad " order" b "." j }
       if (!sub_ || !neg) bad = bad " inputs"
       print bad == "" ? "ok" : bad }' "$f")
[ "$r" = ok ] && ok simt_cuda_floatbits_fields || bad simt_cuda_floatbits_fields "${r:0:200}"

# dsdot: xs (1-1024), ys (1025-2048), plain (2049-2080), kahan
# (2081-2112), hi (2113-2144), lo (2145-2176), block_hi/lo (2177-2180):
# the exact dot products in double (each product of two floats is exact)
f=$O/dsdot-default.ref
r=$(awk "$AWK_HEX"' { w[NR] = hex($1); s[NR] = $1 }
     function u(x) { x -= x % 256; return (x >= 2147483648 ? x - 4294967296 : x) / 2147483648 }
     function abs(x) { return x < 0 ? -x : x }
     END { for (g = 0; g < 32; g++) { ex = sa = 0
         for (i = 0; i < 32; i++) { a = w[1 + 32 * g + i]; b = w[1025 + 32 * g + i]
           p = u(a) * 2 ^ (a % 16 - 8) * u(b) * 2 ^ (b % 8 - 4); ex += p; sa += abs(p) }
         ff = f32(s[2113 + g]) + f32(s[2145 + g]); pl = f32(s[2049 + g]); ka = f32(s[2081 + g])
         if (abs(ff - ex) > 1e-11 * sa) bad = bad " ff" g
         if (abs(ka - ex) > 2e-7 * sa + 1.2e-7 * abs(ex)) bad = bad " kahan" g
         eff += abs(ff - ex); epl += abs(pl - ex); bt[int(g / 16)] += ex; bs[int(g / 16)] += sa }
       if (epl < 100 * eff) bad = bad " plain " epl " not worse than float-float " eff
       for (b = 0; b < 2; b++) if (abs(f32(s[2177 + b]) + f32(s[2179 + b]) - bt[b]) > 1e-11 * bs[b]) bad = bad " block" b
       print bad == "" ? "ok" : bad }' "$f")
[ "$r" = ok ] && ok simt_cuda_dsdot_accuracy || bad simt_cuda_dsdot_accuracy "${r:0:200}"

# tricount: adj (lines 1-1280, 32 a vertex), deg (1281-1320), tri
# (1321-1360), block_tri (1361-1362), total (1363), best (1364): the graph
# rebuilt, each vertex's triangles u < v < w by a triple loop
f=$O/tricount-default.ref
r=$(awk "$AWK_HEX"' { w[NR] = hex($1) }
     END { n = 40
       for (u = 0; u < n; u++) { d = 0; for (v = 0; v < n; v++) if (A[u, v] = u != v && (37 * (u + v) + 11 * u * v) % 101 < 17) { if (w[1 + 32 * u + d] != v) bad = bad " adj" u "." d; d++ }
         if (w[1281 + u] != d) bad = bad " deg" u; if (d > md) md = d }
       for (u = 0; u < n; u++) { c = 0
         for (v = u + 1; v < n; v++) if (A[u, v]) for (x = v + 1; x < n; x++) c += A[u, x] && A[v, x]
         if (w[1321 + u] != c) bad = bad " tri" u; bt[int(u / 20)] += c
         if (c * 65536 + u > best) best = c * 65536 + u }
       if (w[1361] != bt[0] || w[1362] != bt[1] || w[1363] != bt[0] + bt[1] || w[1364] != best) bad = bad " totals"
       if (md > 32 || bt[0] + bt[1] < 20) bad = bad " graph " md
       print bad == "" ? "ok" : bad }' "$f")
[ "$r" = ok ] && ok simt_cuda_tricount_triangles || bad simt_cuda_tricount_triangles "${r:0:200}"

# own_gotoscan: rnd (bytes 0..1535, 64 a line: its length byte, then its
# letters), words (385-408), nums (409-432), sums (433-456), longest
# (457-480), block_counts (481-484): each line scanned again
f=$O/own_gotoscan-default.ref
r=$(awk "$AWK_HEX$AWK_BYTE"' { w[NR] = hex($1) }
     END { A = "ab1 cd2.e3 45,f6"
       for (g = 0; g < 24; g++) { len = 8 + byte(64 * g) % 16; nw = nn = sum = best = 0; st = ""
         for (i = 1; i < len; i++) { c = substr(A, 1 + byte(64 * g + i) % 16, 1)
           if (c ~ /[0-9]/) { if (st != "n") { nn++; val = run = 0 } val = (val * 10 + c) % 4294967296; run++; st = "n" }
           else { if (st == "n") { sum = (sum + val) % 4294967296; if (run > best) best = run }
             if (c ~ /[a-z]/ && st != "w") nw++; st = c ~ /[a-z]/ ? "w" : "o" } }
         if (st == "n") { sum = (sum + val) % 4294967296; if (run > best) best = run }
         if (w[385 + g] != nw || w[409 + g] != nn || w[433 + g] != sum || w[457 + g] != best) bad = bad " line" g
         bw[int(g / 12)] += nw; bn[int(g / 12)] += nn; if (best > mb) mb = best }
       for (b = 0; b < 2; b++) if (w[481 + 2 * b] != bw[b] || w[482 + 2 * b] != bn[b]) bad = bad " block" b
       if (mb < 4) bad = bad " short numbers"
       print bad == "" ? "ok" : bad }' "$f")
[ "$r" = ok ] && ok simt_cuda_own_gotoscan_lines || bad simt_cuda_own_gotoscan_lines "${r:0:200}"

# issue 25's command at other -O levels and targets (clang installed):
# own_gotoscan at -O0/sm_60, -O3/sm_75, -Os/sm_86 (make test), every pair
# and the header kernels at -O0 (make regress; fft refused there with the
# stack-frame line: the frame's address escapes, the stage counter is in it)
. tests/cuda_variant.sh
run_variants own_gotoscan "sha256 rsgf fft:frame bloom floatbits dsdot tricount"
exit 0
