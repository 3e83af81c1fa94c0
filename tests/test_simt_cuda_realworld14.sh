#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# test_simt_cuda_realworld14.sh BUILD_DIR -- the fourteenth round of
# real-world kernels (tb/kernels/cuda/realworld14, docs/ptx.md "Fourteenth
# round": PolyBench-GPU- and SHOC-style linear algebra and stencils):
# tests/test_simt_cuda.sh's checks on them (every mechanism at the default
# preset and the preset of realworld_round, the reference against each
# kernel's host reference), then an answer known without the host for
# each, worked out from the reference's memory dump:
# - mm3: the three chained products of the hashed integer matrices, exact;
# - atax: A^T (A x), mvt's x1 and x2 against sums in double;
# - bicgat: q and s against sums in double, the integer-valued sx exact,
#   the count; s reported as order-dependent (every word of it, the
#   float-add seed's words included), sx compared; without the seed
#   (fadd@1) a mechanism fails on a word of s;
# - syr2k: both symmetric results exact, from the hash;
# - corr: the correlations against double, the diagonal 1, the matrix
#   symmetric bit for bit, the constant column's guard;
# - fdtd2d: the three fields after 4 steps against the same steps in double;
# - gramschm: Q^T Q = I, Q R = A, R upper triangular with a positive diagonal;
# - mdlj: the neighbour lists (sorted, symmetric, within the cutoff, none
#   missing), the forces and energies against double, the total force 0;
# - adi: the last step's row and column systems solved (residuals);
# - s3drates: each reaction's net rate and each species' production
#   against double;
# then bicgat and adi by issue 25's command at -O0 (every kernel at -O0
# and -O3 on other targets in make regress).
set -u
. tests/cuda_small.sh # realworld_round, same_as_host, AWK_HEX, AWK_BYTE, small[]
realworld_round realworld14 "$@" # B S T D O, ok and bad; test_simt_cuda.sh on the set

# awk helpers: mulmod(x, k) = x k mod 2^32 (x, k < 2^32, exact in doubles),
# bxor(a, b) on 32-bit words, shr(a, n), unit(w) = (int)(w & ~255) / 2^31
AWK14='function mulmod(x, k) { return (x * (k % 65536) % 4294967296 + (x * int(k / 65536)) % 65536 * 65536) % 4294967296 }
function bxor(a, b,  r, p) { r = 0; for (p = 1; a || b; p *= 2) { if ((a % 2) != (b % 2)) r += p; a = int(a / 2); b = int(b / 2) } return r }
function shr(a, n) { return int(a / 2 ^ n) }
function unit(w) { w -= w % 256; return (w >= 2147483648 ? w - 4294967296 : w) / 2147483648 }
function abs(x) { return x < 0 ? -x : x }'

# mm3: a (lines 1-143, 13 x 11), b (144-253, 11 x 10), c (254-343, 10 x
# 9), d (344-451, 9 x 12), e (452-581), f (582-701), g (702-857): the
# hash's integers in [-2, 2], E = A B, F = C D, G = E F exactly
f=$O/mm3-default.ref
r=$(awk "$AWK_HEX$AWK14"' { v[NR] = f32($1) }
     function ent(mat, r, c,  h) { h = mulmod(mat * 977 + r * 131 + c * 17, 2654435761); h = bxor(h, shr(h, 13)); return h % 5 - 2 }
     function mm(x, y, z, n, m, p, base,  i, j, k, s) { for (i = 0; i < n; i++) for (j = 0; j < m; j++) { s = 0
         for (k = 0; k < p; k++) s += x[i * p + k] * y[k * m + j]
         z[i * m + j] = s; if (v[base + i * m + j] != s) bad = bad " " base ":" i "," j } }
     END { for (i = 0; i < 13 * 11; i++) A[i] = ent(0, int(i / 11), i % 11)
       for (i = 0; i < 11 * 10; i++) B[i] = ent(1, int(i / 10), i % 10)
       for (i = 0; i < 10 * 9; i++) C[i] = ent(2, int(i / 9), i % 9)
       for (i = 0; i < 9 * 12; i++) D[i] = ent(3, int(i / 12), i % 12)
       for (i = 0; i < 13 * 11; i++) if (v[1 + i] != A[i]) bad = bad " a" i
       mm(A, B, E, 13, 10, 11, 452); mm(C, D, F, 10, 12, 9, 582); mm(E, F, G, 13, 12, 10, 702)
       for (i = 0; i < 156; i++) if (G[i] != 0) nz++
       if (nz < 100) bad = bad " G mostly zero"
       print bad == "" ? "ok" : bad }' "$f")
[ -s "$f" ] || r="no $f"
[ "$r" = ok ] && ok simt_cuda_mm3_products || bad simt_cuda_mm3_products "${r:0:200}"

# atax: ra (1-560, A 20 x 28), rx (561-588), ry1 (589-636), ry2
# (637-656), tmp (657-676), x1 (677-696), y (697-724), x2 (725-752)
f=$O/atax-default.ref
r=$(awk "$AWK_HEX$AWK14"' { w[NR] = hex($1); v[NR] = $1 }
     function near(got, want, scale) { return abs(f32(got) - want) <= 1e-6 * (scale + 1) }
     END { n = 20; m = 28
       for (i = 0; i < n; i++) { s = sa = 0; u = unit(w[589 + i]); ua = abs(u)
         for (j = 0; j < m; j++) { a = unit(w[1 + i * m + j]); s += a * unit(w[561 + j]); sa += abs(a * unit(w[561 + j]))
           u += a * unit(w[589 + n + j]); ua += abs(a * unit(w[589 + n + j])) }
         T[i] = s; if (!near(v[657 + i], s, sa)) bad = bad " tmp" i; if (!near(v[677 + i], u, ua)) bad = bad " x1." i }
       for (j = 0; j < m; j++) { s = sa = u = ua = 0
         for (i = 0; i < n; i++) { a = unit(w[1 + i * m + j]); s += a * T[i]; sa += abs(a * T[i]); u += a * unit(w[637 + i]); ua += abs(a * unit(w[637 + i])) }
         if (!near(v[697 + j], s, sa)) bad = bad " y" j; if (!near(v[725 + j], u, ua)) bad = bad " x2." j }
       print bad == "" ? "ok" : bad }' "$f")
[ "$r" = ok ] && ok simt_cuda_atax_products || bad simt_cuda_atax_products "${r:0:200}"

# bicgat: ra (1-480, A 24 x 20), rp (481-500), rr (501-524), q (525-548),
# s (549-568), sx (569-588), npos (589): q = A p and s = A^T r near the
# sums in double, sx exactly the integer sums, the positive entries counted
f=$O/bicgat-default.ref
r=$(awk "$AWK_HEX$AWK14"' { w[NR] = hex($1); v[NR] = $1 }
     function small(x) { return int(x / 268435456) - 8 }
     END { n = 24; m = 20
       for (i = 0; i < n; i++) { s = sa = 0
         for (j = 0; j < m; j++) { a = unit(w[1 + i * m + j]); s += a * unit(w[481 + j]); sa += abs(a * unit(w[481 + j]))
           S[j] += a * unit(w[501 + i]); SA[j] += abs(a * unit(w[501 + i])); X[j] += small(w[1 + i * m + j]) * small(w[501 + i]); pos += a > 0 }
         if (abs(f32(v[525 + i]) - s) > 1e-6 * (sa + 1)) bad = bad " q" i }
       for (j = 0; j < m; j++) { if (abs(f32(v[549 + j]) - S[j]) > 1e-6 * (SA[j] + 1)) bad = bad " s" j
         if (f32(v[569 + j]) != X[j]) bad = bad " sx" j }
       if (w[589] != pos) bad = bad " npos"
       print bad == "" ? "ok" : bad }' "$f")
[ "$r" = ok ] && ok simt_cuda_bicgat_products || bad simt_cuda_bicgat_products "${r:0:200}"
# the float atomicAdd's words: all 80 bytes of s reported (the orders'
# and the float-add seed's, ref_fadd.c), sx compared (every partial sum
# exact: the seed's bound proves it), at each preset the round runs
for cfg in $(round_cfgs realworld14); do
  out=$O/bicgat-$cfg.out
  n1=$(sed -n 's/^order: ORDER-DEPENDENT (atomics): \([0-9]*\) of .*/\1/p' "$out")
  n2=$(sed -n 's/^order: ORDER-DEPENDENT (float atomic adds that may round): \([0-9]*\) more .*/\1/p' "$out")
  [ $((${n1:-0} + ${n2:-0})) -eq 80 ] && grep -q "^every mechanism that ran matches" "$out" &&
    ok "simt_cuda_bicgat_${cfg}_float_atomics_reported (${n1:-0} + ${n2:-0} bytes)" ||
    bad "simt_cuda_bicgat_${cfg}_float_atomics_reported" "$(grep -m2 '^order:\|^simt:' "$out" | tr '\n' ' ')"
done
# without the float-add seed (--inject-fault fadd@1, fault kind 23: the
# orders alone, as before) a mechanism's order rounds a word of s the
# reference's orders all agreed on and the run fails on it (at the default
# preset dwf, byte 2212: s[5]); with it (the rows above) s is reported
out=$("$S" --launch "$D/bicgat.launch" --mech all --inject-fault fadd@1 2>&1)
rc=$?
b=$(sed -n 's/^simt: .*: global byte \([0-9]*\) .*/\1/p' <<<"$out")
[ $rc -eq 1 ] && [ "${b:-0}" -ge 2192 ] && [ "${b:-0}" -lt 2272 ] && ok "simt_cuda_bicgat_fadd_seed_needed (byte $b)" ||
  bad simt_cuda_bicgat_fadd_seed_needed "exit $rc: $(head -n 1 <<<"$out")"

# syr2k: a, b (1-189, 190-378: 21 x 9), c (379-819), d (820-1260): C =
# 1.5 (A B^T + B A^T) + 0.5 (C0 + C0^T), D = 1.5 A A^T + 0.5 (D0 + D0^T),
# exact integers and halves, every element (both triangles)
f=$O/syr2k-default.ref
r=$(awk "$AWK_HEX$AWK14"' { v[NR] = f32($1) }
     function hv(mat, r, c,  h) { h = mulmod(mat * 7919 + r * 104729 + c * 1299709, 2246822519); h = bxor(h, shr(h, 15)); return h % 7 - 3 }
     END { n = 21; m = 9
       for (i = 0; i < n; i++) for (k = 0; k < m; k++) { A[i, k] = hv(0, i, k); B[i, k] = hv(1, i, k)
         if (v[1 + i * m + k] != A[i, k] || v[190 + i * m + k] != B[i, k]) bad = bad " ab" i }
       for (i = 0; i < n; i++) for (j = 0; j < n; j++) { c = 0.5 * (hv(2, i, j) + hv(2, j, i)); d = 0.5 * (hv(3, i, j) + hv(3, j, i))
         for (k = 0; k < m; k++) { c += 1.5 * (A[i, k] * B[j, k] + B[i, k] * A[j, k]); d += 1.5 * A[i, k] * A[j, k] }
         if (v[379 + i * n + j] != c) bad = bad " c" i "," j; if (v[820 + i * n + j] != d) bad = bad " d" i "," j }
       print bad == "" ? "ok" : bad }' "$f")
[ "$r" = ok ] && ok simt_cuda_syr2k_symmetric || bad simt_cuda_syr2k_symmetric "${r:0:200}"

# corr: rnd (1-364, 26 x 14), data (365-728), mean (729-742), stddev
# (743-756), corr (757-952): column 5 the constant 2.5 (mean 2.5, the
# guard's deviation 1, correlations 0), the rest against double within
# 1e-5, the diagonal 1 and the matrix symmetric bit for bit
f=$O/corr-default.ref
r=$(awk "$AWK_HEX"' { w[NR] = hex($1); v[NR] = $1 }
     END { n = 26; m = 14
       for (j = 0; j < m; j++) { s = 0; for (i = 0; i < n; i++) { x[i, j] = j == 5 ? 2.5 : int(w[1 + i * m + j] / 256) / 4194304; s += x[i, j] }
         mu[j] = s / n; q = 0; for (i = 0; i < n; i++) q += (x[i, j] - mu[j]) ^ 2
         sd[j] = sqrt(q / n); if (sd[j] <= 0.1) sd[j] = 1
         if (abs(f32(v[729 + j]) - mu[j]) > 1e-5 || abs(f32(v[743 + j]) - sd[j]) > 1e-5) bad = bad " stats" j }
       if (f32(v[734]) != 2.5 || f32(v[748]) != 1) bad = bad " guard"
       for (a = 0; a < m; a++) for (b = 0; b < m; b++) { s = 0
         for (i = 0; i < n; i++) s += (x[i, a] - mu[a]) * (x[i, b] - mu[b]) / (n * sd[a] * sd[b])
         if (a == b) s = 1
         g = v[757 + a * m + b]
         if (abs(f32(g) - s) > 1e-5) bad = bad " corr" a "," b
         if (g != v[757 + b * m + a]) bad = bad " sym" a "," b
         if ((a == 5 || b == 5) && a != b && f32(g) != 0) bad = bad " const" a "," b }
       print bad == "" ? "ok" : bad }
     function abs(x) { return x < 0 ? -x : x }' "$f")
[ "$r" = ok ] && ok simt_cuda_corr_matrix || bad simt_cuda_corr_matrix "${r:0:200}"

# fdtd2d: ex (1-168), ey (169-336), hz (337-504: 12 x 14), fict
# (505-508): 4 steps of the update in double from the same start
f=$O/fdtd2d-default.ref
r=$(awk "$AWK_HEX"' { v[NR] = f32($1) }
     END { nx = 12; ny = 14
       for (i = 0; i < nx; i++) for (j = 0; j < ny; j++) { ex[i, j] = i * (j + 1) / nx; ey[i, j] = i * (j + 2) / ny; hz[i, j] = i * (j + 3) / nx }
       for (t = 0; t < 4; t++) {
         for (j = 0; j < ny; j++) ey[0, j] = t
         for (i = nx - 1; i > 0; i--) for (j = 0; j < ny; j++) ey[i, j] -= 0.5 * (hz[i, j] - hz[i - 1, j])
         for (i = 0; i < nx; i++) for (j = ny - 1; j > 0; j--) ex[i, j] -= 0.5 * (hz[i, j] - hz[i, j - 1])
         for (i = 0; i < nx - 1; i++) for (j = 0; j < ny - 1; j++) hz[i, j] -= 0.7 * (ex[i, j + 1] - ex[i, j] + ey[i + 1, j] - ey[i, j]) }
       for (i = 0; i < nx; i++) for (j = 0; j < ny; j++) { k = i * ny + j
         if (abs(v[1 + k] - ex[i, j]) > 1e-4 * (1 + abs(ex[i, j]))) bad = bad " ex" i "," j
         if (abs(v[169 + k] - ey[i, j]) > 1e-4 * (1 + abs(ey[i, j]))) bad = bad " ey" i "," j
         if (abs(v[337 + k] - hz[i, j]) > 1e-4 * (1 + abs(hz[i, j]))) bad = bad " hz" i "," j }
       for (t = 0; t < 4; t++) if (v[505 + t] != t) bad = bad " fict" t
       print bad == "" ? "ok" : bad }
     function abs(x) { return x < 0 ? -x : x }' "$f")
[ "$r" = ok ] && ok simt_cuda_fdtd2d_fields || bad simt_cuda_fdtd2d_fields "${r:0:200}"

# gramschm: rnd (1-180), a (181-360, what is left of A), a0 (361-540, A
# 18 x 10), r (541-640, 10 x 10), q (641-820, 18 x 10): a0 from the random
# words, Q's columns orthonormal, Q R = A0, R upper triangular (zeros
# exactly below the diagonal) with a positive diagonal
f=$O/gramschm-default.ref
r=$(awk "$AWK_HEX$AWK14"' { w[NR] = hex($1); v[NR] = f32($1) }
     END { m = 18; n = 10
       for (t = 0; t < m * n; t++) if (v[361 + t] != unit(w[1 + t])) bad = bad " a0." t
       for (a = 0; a < n; a++) for (b = 0; b < n; b++) { s = 0; for (i = 0; i < m; i++) s += v[641 + i * n + a] * v[641 + i * n + b]
         if (abs(s - (a == b)) > 1e-5) bad = bad " qtq" a "," b
         rv = v[541 + a * n + b]; if (a > b && w[541 + a * n + b] != 0) bad = bad " rlow" a "," b; if (a == b && rv <= 0) bad = bad " rdiag" a }
       for (i = 0; i < m; i++) for (b = 0; b < n; b++) { s = 0; for (k = 0; k <= b; k++) s += v[641 + i * n + k] * v[541 + k * n + b]
         if (abs(s - v[361 + i * n + b]) > 1e-5) bad = bad " qr" i "," b }
       print bad == "" ? "ok" : bad }' "$f")
[ "$r" = ok ] && ok simt_cuda_gramschm_qr || bad simt_cuda_gramschm_qr "${r:0:200}"

# mdlj: rnd (1-48), pos (49-240, float4), nlist (241-1392, slot k of atom
# i at line 241 + 48 k + i), ncount (1393-1440), force (1441-1632,
# float4: w the pairs inside the force cutoff), energy (1633-1680): each
# list sorted and symmetric, every pair within the cutoff listed (d^2 in
# double from the kernel's positions, pairs within 1e-5 of it not judged),
# the forces and energies against double, their sum 0
f=$O/mdlj-default.ref
r=$(awk "$AWK_HEX"' { v[NR] = f32($1); w[NR] = hex($1) }
     function abs(x) { return x < 0 ? -x : x }
     END { n = 48
       for (i = 0; i < n; i++) { X[i] = v[49 + 4 * i]; Y[i] = v[50 + 4 * i]; Z[i] = v[51 + 4 * i] }
       for (i = 0; i < n; i++) { c = w[1393 + i]; if (c > mc) mc = c
         for (k = 0; k < c; k++) { j = w[241 + k * n + i]; L[i, j] = 1; if (k && j <= w[241 + (k - 1) * n + i]) bad = bad " order" i }
         fx = fy = fz = e = fa = pairs = 0
         for (j = 0; j < n; j++) { if (j == i) continue
           dx = X[i] - X[j]; dy = Y[i] - Y[j]; dz = Z[i] - Z[j]; d2 = dx * dx + dy * dy + dz * dz
           if (abs(d2 - 2.56) > 1e-5 && (d2 < 2.56) != ((i, j) in L)) bad = bad " list" i "," j
           if ((i, j) in L && d2 < 2.25) { r6 = 1 / d2 ^ 3; fm = r6 / d2 * (1.5 * r6 - 2); fx += dx * fm; fy += dy * fm; fz += dz * fm
             fa += abs(dx * fm) + abs(dy * fm) + abs(dz * fm); e += r6 * (0.75 * r6 - 2) / 6; pairs++ } }
         if (abs(v[1441 + 4 * i] - fx) > 1e-5 * (fa + 1) || abs(v[1442 + 4 * i] - fy) > 1e-5 * (fa + 1) ||
             abs(v[1443 + 4 * i] - fz) > 1e-5 * (fa + 1) || v[1444 + 4 * i] != pairs) bad = bad " force" i
         if (abs(v[1633 + i] - e) > 1e-5 * (abs(e) + 1)) bad = bad " energy" i
         sx += v[1441 + 4 * i]; sy += v[1442 + 4 * i]; sz += v[1443 + 4 * i]; tot += fa; np += pairs }
       for (i = 0; i < n; i++) for (j = 0; j < n; j++) if (((i, j) in L) != ((j, i) in L)) bad = bad " sym" i "," j
       if (abs(sx) + abs(sy) + abs(sz) > 1e-5 * tot) bad = bad " total"
       if (mc >= 24 || np < 100) bad = bad " lists " mc " " np
       print bad == "" ? "ok" : bad }' "$f")
[ "$r" = ok ] && ok simt_cuda_mdlj_forces || bad simt_cuda_mdlj_forces "${r:0:200}"

# adi: rnd (1-396), u0 (397-792), u1 (793-1188), w (1189-1584), 18 x 22:
# after 3 steps u1 is the last, w the last row solve of u0: each row of
# w solves (1 + 2r) x_j - r (x_j-1 + x_j+1) = u0_j, each column of u1 the
# same = w (residuals within 1e-5), r = 0.8, values in [0, 1)
f=$O/adi-default.ref
r=$(awk "$AWK_HEX"' { v[NR] = f32($1) }
     function abs(x) { return x < 0 ? -x : x }
     function at(base, i, j) { return i < 0 || i >= 18 || j < 0 || j >= 22 ? 0 : v[base + i * 22 + j] }
     END { rr = 0.8
       for (i = 0; i < 18; i++) for (j = 0; j < 22; j++) {
         res = (1 + 2 * rr) * at(1189, i, j) - rr * (at(1189, i, j - 1) + at(1189, i, j + 1)) - at(397, i, j)
         if (abs(res) > 1e-5) bad = bad " row" i "," j
         res = (1 + 2 * rr) * at(793, i, j) - rr * (at(793, i - 1, j) + at(793, i + 1, j)) - at(1189, i, j)
         if (abs(res) > 1e-5) bad = bad " col" i "," j
         if (at(793, i, j) <= 0 || at(793, i, j) >= 1) bad = bad " range" i "," j }
       print bad == "" ? "ok" : bad }' "$f")
[ "$r" = ok ] && ok simt_cuda_adi_solves || bad simt_cuda_adi_solves "${r:0:200}"

# s3drates: rnd (1-280, 7 words a point), temp (281-320), conc
# (321-560), wdot (561-800), rop (801-1120): T and the concentrations
# from the words, each reaction's net rate against double (within 1e-4 of
# its two terms' size: the float expf is the GPU's ex2.approx form), each
# species' production the signed sum of its reactions' rates
f=$O/s3drates-default.ref
r=$(awk "$AWK_HEX"' { w[NR] = hex($1); v[NR] = f32($1) }
     function abs(x) { return x < 0 ? -x : x }
     END { split("23.1 20.5 25.9 18.2 22.7 19.9 24.4 21.3", la, " "); split("0 1.5 -0.8 2.1 0.3 -1.2 0.7 1.1", be, " ")
       split("8400 3200 0 12500 6100 900 15300 4700", ea, " "); split("-2.1 0.8 3.3 -0.4 1.7 -3.0 0.2 2.5", g0, " ")
       split("1.2e-3 -4.0e-4 2.5e-4 8.0e-4 -1.1e-3 6.0e-4 -2.0e-4 3.0e-4", g1, " ")
       split("0.11 -0.35 0.27 -0.08 0.19 0.42 -0.23 0.05", g2, " ")
       split("0,1 2 1,3 4,0 5 2,4 3 0,5", re, " "); split("2 0,3 4,5 1 2,3 0 1,4 2,3", pr, " ")
       for (p = 0; p < 40; p++) { T = 700 + w[1 + 7 * p] % 1601; if (v[281 + p] != T) bad = bad " T" p
         for (s = 0; s < 6; s++) { c[s] = 1e-3 * (1 + w[2 + 7 * p + s] % 1000); W[s] = WA[s] = 0
           if (abs(v[321 + 6 * p + s] - c[s]) > 1e-6 * c[s]) bad = bad " c" p "." s }
         for (r = 1; r <= 8; r++) { kf = exp(la[r] + be[r] * log(T) - ea[r] / (1.987 * T)); kc = exp(g0[r] + g1[r] * T + g2[r] * log(T))
           fw = kf; rv = kf / kc; nr = split(re[r], R, ","); np = split(pr[r], P, ",")
           for (j = 1; j <= nr; j++) fw *= c[R[j]]; for (j = 1; j <= np; j++) rv *= c[P[j]]
           q = (fw - rv) * 1e-9; sz = (fw + rv) * 1e-9; got = v[801 + 8 * p + r - 1]
           if (abs(got - q) > 1e-4 * sz) bad = bad " rop" p "." r
           if (got != 0) nz++
           for (j = 1; j <= nr; j++) { W[R[j]] -= got; WA[R[j]] += abs(got) }
           for (j = 1; j <= np; j++) { W[P[j]] += got; WA[P[j]] += abs(got) } }
         for (s = 0; s < 6; s++) if (abs(v[561 + 6 * p + s] - W[s]) > 1e-6 * WA[s]) bad = bad " wdot" p "." s }
       if (nz < 300) bad = bad " rates zero " nz
       print bad == "" ? "ok" : bad }' "$f")
[ "$r" = ok ] && ok simt_cuda_s3drates_rates || bad simt_cuda_s3drates_rates "${r:0:200}"

# issue 25's command with the header at other -O levels and targets
# (clang installed): bicgat (its float atomics at -O0) and adi (the
# Thomas solve's frame at -O0) at -O0/sm_60 (make test); all ten at
# -O0/sm_70 and -O3/sm_86 (make regress; test_simt_cuda.sh adds -O1 and
# -O3 at every preset), each against its host reference
. tests/cuda_variant.sh
if command -v clang >/dev/null; then
  hdr=(-ffp-contract=off -Itb/cuda/include -include tb/cuda/warphw_cuda.h)
  if [ -n "${SIMT_CUDA_PRESETS:-}" ]; then
    for k in mm3 atax bicgat syr2k corr fdtd2d gramschm mdlj adi s3drates; do
      run_variant "$k" O0 sm_70 "${hdr[@]}"
      run_variant "$k" O3 sm_86 "${hdr[@]}"
    done
  else
    run_variant bicgat O0 sm_60 "${hdr[@]}"
    run_variant adi O0 sm_60 "${hdr[@]}"
  fi
fi
exit 0
