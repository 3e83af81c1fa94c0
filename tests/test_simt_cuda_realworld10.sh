#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# test_simt_cuda_realworld10.sh BUILD_DIR -- the tenth round of real-world
# kernels (tb/kernels/cuda/realworld10, docs/ptx.md "Tenth round"):
# tests/test_simt_cuda.sh's checks on them (every mechanism at the default
# preset and 000..004 (make test: the default and one of them, cuda_small.sh round_presets), the reference against each kernel's host reference;
# SIMT_CUDA_PRESETS set (make regress): -O1 and -O3 as well), then an
# answer known without the host for each, worked out in awk from the
# reference's memory dump:
# - radixsort: the keys ascending, the values a permutation, each key its
#   input word's, equal keys in the order of their values (stable);
# - sellspmv: y = A x from the CSR files (exact), the SELL-C-sigma and the
#   CSR-vector y equal, the large rows counted;
# - own_interp: each machine's answer (gcd with 48, the digit sum);
# - wmoments: the weighted histogram and moments (exact), the rings'
#   slot counts, the countdown's wrap;
# - nbody64: the total momentum still 0 (to rounding) after two steps, the
#   bodies moved;
# - earlyst: each row's values over their sum, the padding zeros, the
#   three ways equal;
# - topk4: each row's 4 best scores and their indices (ties to the smaller);
# radixsort's module has two `.extern .shared` arrays (refused before);
# earlyst's es_plain (a bare early return, a padding loop after the last
# barrier) runs (refused before: the exit-bound copy had a loop with no
# way out); es_store (a returning side that stores, sunk by clang into a
# shared tail) refused with the line that says so;
# then, with clang installed, the reviewer's own prelude (own_interp) by
# issue 25's command at other -O levels and sm_ targets (make test: -O0,
# -O3 and -Os on three targets; make regress: every pair of -O0 -O1 -O2
# -O3 -Os and sm_60 sm_75 sm_80 sm_86, and the header kernels at -O0:
# topk4 and nbody64 refused there with the stack-frame line: topk4's lists
# indexed by variables once not unrolled, nbody64's structures reached
# through the frame's address).
set -u
. tests/cuda_small.sh # realworld_round, same_as_host, AWK_HEX, small[]
realworld_round realworld10 "$@" # B S T D O, ok and bad; test_simt_cuda.sh on the set

# radixsort: rnd (lines 1-200), the sorted keys (201-400) and values
# (601-800) after four passes; a key is its word & 0xf30f ^ (word >> 28 & 3) << 4
f=$O/radixsort-default.ref
r=$(awk "$AWK_HEX"' { w[NR] = hex($1) }
     function key(x,  l) { l = x % 65536
       return l % 16 + int(l / 256) % 4 * 256 + int(l / 4096) * 4096 + int(x / 268435456) % 4 * 16 }
     END { for (i = 0; i < 200; i++) { k = w[201 + i]; v = w[601 + i]
         if (v >= 200 || seen[v]++) { bad = bad " value" i; continue }
         if (key(w[1 + v]) != k) bad = bad " key" i
         if (i && (k < pk || (k == pk && v < pv))) bad = bad " order" i
         if (i && k == pk) eq++
         pk = k; pv = v }
       if (eq < 5) bad = bad " equal keys " eq
       print bad == "" ? "ok" : bad }' "$f")
[ "$r" = ok ] && ok simt_cuda_radixsort_sorted_stable || bad simt_cuda_radixsort_sorted_stable "${r:0:200}"
# two .extern .shared arrays in one module, as CUDA aliases them (before:
# unsupported PTX: two .extern .shared arrays)
[ "$(grep -c '^\.extern \.shared' $D/radixsort.ptx)" -ge 2 ] && grep -q "^every mechanism that ran matches" "$O/radixsort-default.out" &&
  ok simt_cuda_radixsort_two_extern_shared || bad simt_cuda_radixsort_two_extern_shared "$(grep -m1 '^simt:\|unsupported' "$O/radixsort-default.out")"

# sellspmv: ptr (lines 1-151), col (152-1109), val (1110-2067), x
# (5442-5641), ysell (5642-5791), yvec (5792-5941), big (5942)
f=$O/sellspmv-default.ref
r=$(awk "$AWK_HEX"' { s[NR] = $1; w[NR] = hex($1) }
     END { for (i = 0; i < 150; i++) { y = 0
         for (j = w[1 + i]; j < w[2 + i]; j++) y += f32(s[1110 + j]) * f32(s[5442 + w[152 + j]])
         if (f32(s[5642 + i]) != y) bad = bad " sell" i
         if (f32(s[5792 + i]) != y) bad = bad " vec" i
         if (y >= 20 || y <= -20) big++ }
       if (w[5942] != big || big == 0 || big == 150) bad = bad " big " w[5942] "/" big
       print bad == "" ? "ok" : bad }' "$f")
[ "$r" = ok ] && ok simt_cuda_sellspmv_product || bad simt_cuda_sellspmv_product "${r:0:200}"

# own_interp: xs (lines 1-40), out (41-80) after the mixed launch: even
# threads gcd(x % 10000, 48), odd ones the digit sum of x % 10000
f=$O/own_interp-default.ref
r=$(awk "$AWK_HEX"' { w[NR] = hex($1) }
     END { for (i = 0; i < 40; i++) { x = w[1 + i] % 10000
         if (i % 2 == 0) { a = x; b = 48; while (b) { c = a % b; a = b; b = c }; want = a }
         else { want = 0; for (y = x; y; y = int(y / 10)) want += y % 10 }
         if (w[41 + i] != want) bad = bad " vm" i "=" w[41 + i] "/" want }
       print bad == "" ? "ok" : bad }' "$f")
[ "$r" = ok ] && ok simt_cuda_own_interp_answers || bad simt_cuda_own_interp_answers "${r:0:200}"

# wmoments: rnd (lines 1-400), ghist (401-424), gmom (425-430), ring
# (431), ringuse (432-438), down (439), blockuse (440-454)
f=$O/wmoments-default.ref
r=$(awk "$AWK_HEX"' { s[NR] = $1; w[NR] = hex($1) }
     END { for (i = 0; i < 400; i++) { x = w[1 + i]; v = x % 256 / 16; q = int(x / 256) % 8 / 4; b = int(x / 4096) % 24
         h[b] += q; m[0] += q; m[1] += q * v; m[2] += q * v * v; if (q == 0) z++; c[int(i / 64) % 3]++ }
       for (b = 0; b < 24; b++) if (f32(s[401 + b]) != h[b]) bad = bad " bin" b
       for (k = 0; k < 3; k++) if (f64(s[425 + 2 * k], s[426 + 2 * k]) != m[k]) bad = bad " moment" k
       if (w[431] != 400 % 7) bad = bad " ring"
       for (j = 0; j < 7; j++) if (w[432 + j] != int(400 / 7) + (j < 400 % 7)) bad = bad " slot" j
       if (w[439] != (10 - z % 10) % 10 || z == 0) bad = bad " down " w[439] " (" z ")"
       for (b = 0; b < 3; b++) for (j = 0; j < 5; j++) if (w[440 + 5 * b + j] != int(c[b] / 5) + (j < c[b] % 5)) bad = bad " block" b "." j
       print bad == "" ? "ok" : bad }' "$f")
[ "$r" = ok ] && ok simt_cuda_wmoments_exact || bad simt_cuda_wmoments_exact "${r:0:200}"

# nbody64: pa (lines 57-280: x y z m, two words each), v (505-672), sums
# (673-688: each block's energy and momenta): the momenta add to 0 within
# 1e-12 of their magnitudes, the kinetic energy equals the velocities'
f=$O/nbody64-default.ref
r=$(awk "$AWK_HEX"' { s[NR] = $1 }
     function d(k) { return f64(s[k], s[k + 1]) }
     END { for (i = 0; i < 28; i++) { mm = d(57 + 8 * i + 6); e = 0
         for (c = 0; c < 3; c++) { u = d(505 + 6 * i + 2 * c); p[c] += mm * u; a += (mm * u < 0 ? -mm * u : mm * u); e += u * u }
         ek += 0.5 * mm * e }
       for (c = 0; c < 3; c++) { t = d(673 + 2 * (c + 1)) + d(673 + 8 + 2 * (c + 1)); if ((t < 0 ? -t : t) > 1e-12 * a || (p[c] < 0 ? -p[c] : p[c]) > 1e-12 * a) bad = bad " momentum" c }
       g = d(673) + d(681); if (a == 0 || (g - ek < 0 ? ek - g : g - ek) > 1e-12 * ek) bad = bad " energy " g "/" ek
       print bad == "" ? "ok" : bad }' "$f")
[ "$r" = ok ] && ok simt_cuda_nbody64_momentum || bad simt_cuda_nbody64_momentum "${r:0:200}"

# earlyst: in (lines 1-126), outa (127-318), outb (319-510): row r's
# value t (t < 21) is (in & 255) + 1 over the row's sum, to float
# rounding; t >= 21 zero; the two outputs equal
f=$O/earlyst-default.ref
r=$(awk "$AWK_HEX"' { s[NR] = $1; w[NR] = hex($1) }
     END { for (r = 0; r < 6; r++) { sum = 0; for (t = 0; t < 21; t++) sum += w[1 + 21 * r + t] % 256 + 1
         for (t = 0; t < 32; t++) { k = 127 + 32 * r + t
           if (s[k] != s[k + 192]) bad = bad " ab" r "." t
           if (t >= 21) { if (w[k] != 0) bad = bad " pad" r "." t; continue }
           e = f32(s[k]) - (w[1 + 21 * r + t] % 256 + 1) / sum; if ((e < 0 ? -e : e) > 2 ^ -23 / sum * 256) bad = bad " v" r "." t } }
       print bad == "" ? "ok" : bad }' "$f")
[ "$r" = ok ] && ok simt_cuda_earlyst_rows || bad simt_cuda_earlyst_rows "${r:0:200}"
# es_store: refused until the fourteenth session (with one line that named
# the sunk store); runs now on every mechanism (dpe and lwm since exitwire;
# docs/ptx.md "Early returns that leave the stack"), equal to the reference, its rows
# (outa, lines 127-318) those of the launches above
out=$("$S" --launch tests/data/cuda/earlyst_store.launch --mech all --dump-mem "$O/earlyst_store.ref" 2>&1)
rc=$?
[ $rc -eq 0 ] && grep -q "^every mechanism that ran matches" <<<"$out" &&
  [ "$(grep -cE '^[a-z+]+ +[0-9]' <<<"$out")" -eq 12 ] &&
  cmp -s <(sed -n 127,318p "$O/earlyst_store.ref") <(sed -n 127,318p "$O/earlyst-default.ref") &&
  ok simt_cuda_earlyst_store_runs || bad simt_cuda_earlyst_store_runs "exit $rc: $(grep -m1 '^simt:\|differ' <<<"$out")"

# topk4: rnd (lines 1-1500), score (1501-3000), best (3001-3020), besti
# (3021-3040): each row's 4 best scores (word % 97), a tie to the smaller
# index
f=$O/topk4-default.ref
r=$(awk "$AWK_HEX"' { w[NR] = hex($1) }
     END { for (r = 0; r < 5; r++) { for (k = 0; k < 4; k++) { bs[k] = -1; bi[k] = 0 }
         for (i = 0; i < 300; i++) { s = w[1 + 300 * r + i] % 97
           if (w[1501 + 300 * r + i] != s) bad = bad " score" r "." i
           for (k = 0; k < 4; k++) if (s > bs[k]) { for (j = 3; j > k; j--) { bs[j] = bs[j - 1]; bi[j] = bi[j - 1] }; bs[k] = s; bi[k] = i; break } }
         for (k = 0; k < 4; k++) if (w[3001 + 4 * r + k] != bs[k] || w[3021 + 4 * r + k] != bi[k]) bad = bad " best" r "." k
         if (bs[0] == bs[1]) ties++ }
       if (!ties) bad = bad " no ties"
       print bad == "" ? "ok" : bad }' "$f")
[ "$r" = ok ] && ok simt_cuda_topk4_best || bad simt_cuda_topk4_best "${r:0:200}"

# issue 25's command at other -O levels and targets (clang installed)
. tests/cuda_variant.sh
run_variants own_interp "radixsort sellspmv wmoments nbody64:frame earlyst topk4:frame"
exit 0
