#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# test_simt_cuda_realworld15.sh BUILD_DIR -- the fifteenth round of
# real-world kernels (tb/kernels/cuda/realworld15, docs/ptx.md "Fifteenth
# round"): modern CUDA idioms, most of them warp-synchronous, now that
# shuffles and votes run at every warp size.
# - tests/test_simt_cuda.sh's checks on them (every mechanism at the
#   default preset, warps of 8, and at realworld_round's preset, each
#   reference against its host reference), every mechanism required to
#   run (SIMT_CUDA_MUST_RUN; dwf too since it runs warp-synchronous code in
#   narrow warps, docs/ptx.md "dwf at warp sizes 2 to 16");
# - the seven warp-synchronous kernels at 000 (warps of 16: every mechanism
#   runs and matches) and at 001 with --set warp_size=64 (every mechanism
#   matches, dwf alone gives a "cannot run" row with its reason, as
#   tests/test_simt_cuda.sh's warp block), the reference equals the host
#   reference; dwf runs them all at 001 (warps of 32);
# - an answer known without the host for each of the eight, worked out in
#   awk from the reference's memory dump at the default preset:
#   softmax (each row's max exact, the sum of exponentials, every output,
#   the outputs summing to 1), blockscan (the scans and aggregates),
#   aggscatter (the counts, the kept words and each bucket's words as
#   multisets, the ballots; the slots reported order-dependent),
#   tilenorm (mean, rstd, every output, each half row's largest |y| and
#   where), functor (each warp's sum, max, min and sum of squares for int,
#   float and double), noinline (every function's result recomputed),
#   legacy6 (the race reported on exactly the legacy sums, the reference's
#   order giving another sum than the exact one; the __syncwarp sums exact
#   and compared), h2dot (the halves prepared, the float sums within the
#   half products' rounding of the exact dot products, the pure-half sums
#   worse, each warp's __half2 butterfly);
# - long names from modern C++ at -O2 (tests/data/cuda/longfunc.cu,
#   longparam.cu, longentry.cu) run; one too long is refused with one line
#   that gives the length, exit 2;
# - with clang installed, softmax, functor and h2dot compiled again with
#   the header as it is (their float, double and __half2 shuffles: the
#   header's overloads, the bug this round found) and run against the host.
set -u
. tests/cuda_small.sh # realworld_round, same_as_host, AWK_HEX, AWK_BYTE, small[]
B=${1:-build}
if [ -x "$B/simt" ]; then
  # every mechanism must run every kernel at the default (warps of 8) and 001
  SIMT_CUDA_MUST_RUN=$("$B/simt" --help | awk '/^mechanisms/{f=1;next} /^--param/{f=0} f&&NF{printf "%s ", $1}')
  export SIMT_CUDA_MUST_RUN
fi
realworld_round realworld15 "$@" # B S T D O, ok and bad; test_simt_cuda.sh on the set
mechs=$("$S" --help | awk '/^mechanisms/{f=1;next} /^--param/{f=0} f&&NF{print $1}')
nm=$(wc -w <<<"$mechs")

# the warp-synchronous kernels at warps of 16 and 64 (the default, 8, and
# 001, 32, are the sweep's); at 32 (the sweep's 001) dwf runs them too
for k in softmax blockscan aggscatter tilenorm functor legacy6 h2dot; do
  "$B/cuda_host/$k" --launch "$D/$k.launch" --dump-mem "$T/$k.host" >"$T/$k.hostlog" 2>&1 ||
    { bad "simt_cuda_${k}_host" "$(head -n 1 "$T/$k.hostlog")"; rm -f "$T/$k.host"; }
  for cfg in 000 001:64; do
    setws=() ws=16
    [ "$cfg" = 001:64 ] && setws=(--set warp_size=64) ws=64
    out=$("$S" --config "${cfg%:*}" "${setws[@]}" --launch "$D/$k.launch" --mech all --dump-mem "$T/$k-$cfg.ref" 2>&1)
    rc=$?
    cannot=$(grep -oE "^[a-z+]+ +cannot run" <<<"$out" | awk '{ printf " %s", $1 }')
    nrow=$(grep -cE "^[a-z+]+ +([0-9]|cannot run: )" <<<"$out")
    # a sequence's row names the launch first
    # at 64 dwf alone refuses, with its reason; at 16 every mechanism runs
    want=" dwf" why="dwf: warps of 64 threads; the lane-aware register file"
    [ $ws = 16 ] && want="" why=""
    if [ $rc -eq 0 ] && [ "$nrow" -eq "$nm" ] && grep -q "^every mechanism that ran matches the reference" <<<"$out" &&
       [ "$cannot" = "$want" ] && { [ -z "$why" ] || grep -qE "^dwf +cannot run: (launch [0-9]+ \([^)]*\): )?$why" <<<"$out"; } &&
       same_as_host "$T/$k-$cfg.ref" "$T/$k.host"; then
      ok "simt_cuda_${k}_${cfg/:/_ws} (warp_size $ws; cannot run:${want:- none})"
    else
      why=$(grep -m1 -E '^simt:|FAIL|deadlock' <<<"$out" || echo "the reference's memory differs from the host reference")
      [ $rc -eq 0 ] && [ "$cannot" != "$want" ] && why="cannot run:${cannot:- none}, expected:${want:- none}"
      bad "simt_cuda_${k}_${cfg/:/_ws}" "exit $rc: $why"
    fi
  done
done
r=""
for k in softmax blockscan aggscatter tilenorm functor legacy6 h2dot; do
  grep -qE "^dwf +[0-9]" "$O/$k-001.out" 2>/dev/null || r="$r $k"
done
[ -z "$r" ] && ok simt_cuda_realworld15_dwf_at_32 || bad simt_cuda_realworld15_dwf_at_32 "no dwf row at 001 for:$r"

# softmax: in (lines 1-600), x (601-1200), y (1201-1800), stats
# (1801-1806, max and sum a row): 3 rows of 200
f=$O/softmax-default.ref
r=$(awk "$AWK_HEX"' { w[NR] = hex($1); s[NR] = $1 }
     function abs(v) { return v < 0 ? -v : v }
     END { for (r = 0; r < 3; r++) { m = -1e30; t = 0; sy = 0
         for (c = 0; c < 200; c++) { j = 200 * r + c; v = (w[1 + j] % 4096 - 2048) / 256
           if (f32(s[601 + j]) != v) { bad = bad " x" r "." c; break } if (v > m) m = v }
         for (c = 0; c < 200; c++) t += exp(f32(s[601 + 200 * r + c]) - m)
         if (f32(s[1801 + 2 * r]) != m) bad = bad " max" r
         if (abs(f32(s[1802 + 2 * r]) - t) > 1e-5 * t) bad = bad " sum" r
         for (c = 0; c < 200; c++) { j = 200 * r + c; e = exp(f32(s[601 + j]) - m) / t; g = f32(s[1201 + j]); sy += g
           if (abs(g - e) > 1e-5 * e + 1e-12) { bad = bad " y" r "." c; break } }
         if (abs(sy - 1) > 1e-5) bad = bad " rowsum" r }
       print bad == "" ? "ok" : bad }' "$f")
[ -s "$f" ] || r="no $f"
[ "$r" = ok ] && ok simt_cuda_softmax_rows || bad simt_cuda_softmax_rows "${r:0:200}"

# blockscan: in (lines 1-1024, 4 items a thread), incl (1025-2048), excl
# (2049-3072), aggr (3073-3074): each CTA's 512 items' prefix sums
f=$O/blockscan-default.ref
r=$(awk "$AWK_HEX"' { w[NR] = hex($1) }
     END { for (b = 0; b < 2; b++) { p = 0
         for (i = 0; i < 512; i++) { j = 512 * b + i
           if (w[2049 + j] != p) { bad = bad " excl" b "." i; break }
           p += w[1 + j] % 65536
           if (w[1025 + j] != p) { bad = bad " incl" b "." i; break } }
         if (w[3073 + b] != p) bad = bad " aggr" b }
       print bad == "" ? "ok" : bad }' "$f")
[ -s "$f" ] || r="no $f"
[ "$r" = ok ] && ok simt_cuda_blockscan_prefix || bad simt_cuda_blockscan_prefix "${r:0:200}"

# aggscatter: in (lines 1-128), kept (129-256), nkept (257), bins
# (258-769, 64 slots a bucket), binc (770-777), votes (778-785): which slot
# a word takes depends on the leaders' atomics (reported, not compared),
# the counts do not (compared); the reference's slots hold each set once
f=$O/aggscatter-default.ref
r=$(awk "$AWK_HEX"' { w[NR] = hex($1) }
     END { for (i = 0; i < 128; i++) { x = w[1 + i]; k = x % 256 < 96; bk = int(x / 256) % 8
         if (k) { nk++; want["k", x]++ } nb[bk]++; want["b" bk, x]++; if (k) vt[int(i / 32)] += 2 ^ (i % 32) }
       if (w[257] != nk) bad = bad " nkept " w[257] "/" nk
       for (i = 0; i < nk; i++) if (want["k", w[129 + i]]-- <= 0) bad = bad " kept" i
       for (b = 0; b < 8; b++) { if (w[770 + b] != nb[b]) bad = bad " binc" b
         for (i = 0; i < nb[b]; i++) if (want["b" b, w[258 + 64 * b + i]]-- <= 0) bad = bad " bin" b "." i }
       for (v = 0; v < 4; v++) { c = 0; for (m = vt[v]; m > 0; m = int(m / 2)) c += m % 2
         if (w[778 + 2 * v] != vt[v] || w[779 + 2 * v] != c) bad = bad " vote" v }
       if (nk < 10 || nk > 118) bad = bad " inputs"
       print bad == "" ? "ok" : bad }' "$f")
[ -s "$f" ] || r="no $f"
grep -q "^order: ORDER-DEPENDENT (atomics): [1-9]" "$O/aggscatter-default.out" || r="$r; no ORDER-DEPENDENT (atomics) line"
[ "$r" = ok ] && ok simt_cuda_aggscatter_sets || bad simt_cuda_aggscatter_sets "${r:0:200}"

# tilenorm: in (lines 1-512), x (513-1024), y (1025-1536), rowstat
# (1537-1552, mean and rstd a row), amax (1553-1568), argmax (1569-1584):
# 8 rows of 64, gamma and beta repeating every 16 columns
f=$O/tilenorm-default.ref
r=$(awk "$AWK_HEX"' { w[NR] = hex($1); s[NR] = $1 }
     function abs(v) { return v < 0 ? -v : v }
     END { split("1 0.5 2 0.75 1.25 1.5 0.25 1 1.75 0.5 1.125 3 0.875 1 0.625 2.5", G, " ")
       split("0 0.25 -0.5 0.125 1 -1 0 0.5 -0.25 0.75 0 -0.125 0.375 0 2 -2", Bt, " ")
       for (r = 0; r < 8; r++) { mu = q = 0
         for (c = 0; c < 64; c++) { j = 64 * r + c; v = (w[1 + j] % 2048 - 1024) / 256
           if (f32(s[513 + j]) != v) bad = bad " x" r "." c; mu += v / 64 }
         for (c = 0; c < 64; c++) q += (f32(s[513 + 64 * r + c]) - mu) ^ 2 / 64
         rs = 1 / sqrt(q + 1e-5)
         if (abs(f32(s[1537 + 2 * r]) - mu) > 1e-6) bad = bad " mean" r
         if (abs(f32(s[1538 + 2 * r]) - rs) > 1e-5 * rs) bad = bad " rstd" r
         for (c = 0; c < 64; c++) { j = 64 * r + c; e = (f32(s[513 + j]) - mu) * rs * G[1 + c % 16] + Bt[1 + c % 16]
           if (abs(f32(s[1025 + j]) - e) > 1e-4) { bad = bad " y" r "." c; break } }
         for (h = 0; h < 2; h++) { m = -1
           for (c = 32 * h; c < 32 * h + 32; c++) { a = abs(f32(s[1025 + 64 * r + c])); if (a > m) { m = a; at = c } }
           if (f32(s[1553 + 2 * r + h]) != m || w[1569 + 2 * r + h] != at) bad = bad " amax" r "." h } }
       print bad == "" ? "ok" : bad }' "$f")
[ -s "$f" ] || r="no $f"
[ "$r" = ok ] && ok simt_cuda_tilenorm_rows || bad simt_cuda_tilenorm_rows "${r:0:200}"

# functor: in (lines 1-128), out_i (129-144), out_f (145-160), out_d
# (161-192): each warp's sum, max, min, sum of squares (the bias added at
# each of the 31 combining steps), the values less the bias (3, 0.5, 0.25)
f=$O/functor-default.ref
r=$(awk "$AWK_HEX"' { w[NR] = hex($1); s[NR] = $1 }
     function abs(v) { return v < 0 ? -v : v }
     function si(x) { return x >= 2147483648 ? x - 4294967296 : x }
     END { for (t = 0; t < 3; t++) { bias = t == 0 ? 3 : t == 1 ? 0.5 : 0.25
         for (g = 0; g < 4; g++) { S = Q = 0; mx = -1e30; mn = 1e30
           for (l = 0; l < 32; l++) { x = w[1 + 32 * g + l]
             v = (t == 0 ? x % 2001 - 1000 : (x % 4097 - 2048) / 64) - bias
             S += v; Q += v * v; if (v > mx) mx = v; if (v < mn) mn = v }
           Q += 31 * bias
           for (k = 0; k < 4; k++) {
             got = t == 0 ? si(w[129 + 4 * g + k]) : t == 1 ? f32(s[145 + 4 * g + k]) : f64(s[161 + 8 * g + 2 * k], s[162 + 8 * g + 2 * k])
             want = k == 0 ? S : k == 1 ? mx : k == 2 ? mn : Q
             if (t == 1 && k == 3 ? abs(got - want) > 1e-6 * want : got != want) bad = bad " t" t ".w" g "." k } } }
       print bad == "" ? "ok" : bad }' "$f")
[ -s "$f" ] || r="no $f"
[ "$r" = ok ] && ok simt_cuda_functor_reductions || bad simt_cuda_functor_reductions "${r:0:200}"

# noinline: in (lines 1-96), out (97-864, 8 words a thread): every
# function's result recomputed
f=$O/noinline-default.ref
r=$(awk "$AWK_HEX"' { w[NR] = hex($1) }
     function gcd(a, b,  t) { while (b) { t = a % b; a = b; b = t } return a }
     function isq(v,  r, bit, c) { r = 0; for (bit = 15; bit >= 0; bit--) { c = r + 2 ^ bit; if (c * c <= v) r = c } return r }
     function lcm(a, b,  l) { if (a == 0 || b == 0) return 0; l = int(a / gcd(a, b)) * b; return l > 4294967295 ? 4294967295 : l }
     END { for (t = 0; t < 96; t++) { a = w[1 + t] % 100000 + 1; b = w[1 + (t + 1) % 96] % 5000 + 1
         o[0] = gcd(a, b); o[1] = isq(a)
         o[2] = a % 2 ? lcm(a, b) : gcd(a * 3, b * 3) + isq(b)
         st = 0; x = a; while (x > 1 && st < 40) { x = isq(x) + gcd(x, 360) - 1; st++ }
         o[3] = st; o[4] = x
         n = 0; rev = 0; sum = 0; for (v = a; ; ) { d = v % 10; rev = rev * 10 + d; sum += d; n++; v = int(v / 10); if (!v) break }
         o[5] = rev; v = sum * 1000 + n; o[6] = length(v "") * 100 + v % 10
         o[7] = lcm(gcd(a, 720720), isq(b) + 1)
         for (k = 0; k < 8; k++) if (w[97 + 8 * t + k] != o[k]) bad = bad " t" t "." k }
       print bad == "" ? "ok" : bad }' "$f")
[ -s "$f" ] || r="no $f"
[ "$r" = ok ] && ok simt_cuda_noinline_results || bad simt_cuda_noinline_results "${r:0:200}"

# legacy6: in (lines 1-1000), legacy (1001-1002), modern (1003-1004):
# the legacy warp tail (no __syncwarp) is a race: the run reports exactly
# its 8 bytes (2 sums) and nothing of modern6, and the reference's
# one-after-another order gives another sum than the exact one (what
# lockstep warps of 32 would give); the __syncwarp tail's sums are exact
# (compared with every mechanism, at every preset)
f=$O/legacy6-default.ref
r=$(awk "$AWK_HEX"' { w[NR] = hex($1) }
     END { for (i = 0; i < 1000; i++) S[int(i / 256) % 2] += w[1 + i] % 65536
       for (b = 0; b < 2; b++) { if (w[1003 + b] != S[b]) bad = bad " modern" b; if (w[1001 + b] == S[b]) bad = bad " legacy" b "-exact" }
       print bad == "" ? "ok" : bad }' "$f")
[ -s "$f" ] || r="no $f"
for cfg in default "${round_presets[realworld15]}"; do
  o=$O/legacy6-$cfg.out
  grep -q "^order:   legacy6 (1 launch): not compared: up to 8 bytes of global memory; some final registers (a race)$" "$o" &&
    ! grep -q "^order: .*modern6 (" "$o" || r="$r; $cfg: $(grep -m2 '^order:' "$o" | tr '\n' ' ')"
done
[ "$r" = ok ] && ok simt_cuda_legacy6_race_reported || bad simt_cuda_legacy6_race_reported "${r:0:300}"

# h2dot: rnd (lines 1-1200), a (1201-1800), b (1801-2400), tf
# (2401-2528), th (2529-2656), bf (2657-2658), wh (2659-2662, a warp's
# __half2 butterfly of th: within five roundings of th's sum, each 2^-11
# of the magnitudes, 2^-25 apart): the halves made from the
# random words (a[i] from word 2i, b[i] from 2i + 1); each thread's float
# sum within the half products' rounding (2^-11 each) of its exact dot
# product, the block sums too; each pure-half sum (__hfma2, one rounding a
# step) within 2^-11 of its running sums' magnitudes (and 2^-25, half
# the subnormal spacing, a step), and the pure-half
# sums further from the exact ones in total than the float sums
f=$O/h2dot-default.ref
r=$(awk "$AWK_HEX"' { w[NR] = hex($1); s[NR] = $1 }
     function abs(v) { return v < 0 ? -v : v }
     function h(u,  e, m) { e = int(u / 1024) % 32; m = u % 1024
       return (u >= 32768 ? -1 : 1) * (e ? (1024 + m) * 2 ^ (e - 25) : m * 2 ^ -24) }
     function mk(u,  e) { e = int(u / 1024) % 16; return u - (u % 32768 - u % 1024) + (e + 1) * 1024 }
     END { for (i = 0; i < 1200; i++) { x = w[1 + i]; y = mk(x % 65536) + 65536 * mk(int(x / 65536))
         if (w[1201 + 600 * (i % 2) + int(i / 2)] != y) { bad = bad " prep" i; break } }
       for (t = 0; t < 128; t++) { ex = sa = 0; split("0 0", hx, " "); split("0 0", hb, " ")
         for (i = t; i < 600; i += 128) for (k = 0; k < 2; k++) {
           p = h(int(w[1201 + i] / 65536 ^ k) % 65536) * h(int(w[1801 + i] / 65536 ^ k) % 65536); ex += p; sa += abs(p)
           hx[k + 1] += p; hb[k + 1] += abs(hx[k + 1]) }
         ef += abs(f32(s[2401 + t]) - ex); eh += abs(h(w[2529 + t] % 65536) + h(int(w[2529 + t] / 65536)) - ex)
         if (abs(f32(s[2401 + t]) - ex) > 2 ^ -10 * sa) bad = bad " tf" t
         for (k = 0; k < 2; k++) if (abs(h(int(w[2529 + t] / 65536 ^ k) % 65536) - hx[k + 1]) > 2 ^ -10 * hb[k + 1] + 5 * 2 ^ -25) bad = bad " th" t "." k
         bt[int(t / 64)] += ex; bs[int(t / 64)] += sa }
       for (b = 0; b < 2; b++) if (abs(f32(s[2657 + b]) - bt[b]) > 2 ^ -10 * bs[b]) bad = bad " bf" b
       for (g = 0; g < 4; g++) for (k = 0; k < 2; k++) { ws = wa = 0
         for (l = 0; l < 32; l++) { v = h(int(w[2529 + 32 * g + l] / 65536 ^ k) % 65536); ws += v; wa += abs(v) }
         if (abs(h(int(w[2659 + g] / 65536 ^ k) % 65536) - ws) > 5 * (2 ^ -11 * wa + 2 ^ -25)) bad = bad " wh" g "." k }
       if (eh <= ef) bad = bad " half sums not worse (" eh " vs " ef ")"
       print bad == "" ? "ok" : bad }' "$f")
[ -s "$f" ] || r="no $f"
[ "$r" = ok ] && ok simt_cuda_h2dot_accuracy || bad simt_cuda_h2dot_accuracy "${r:0:200}"

# long names from modern C++ at -O2: a __noinline__ template instantiated
# with a lambda (tests/data/cuda/longfunc.cu: a .func name of 77
# characters; longparam.cu: its parameters' names of 70) and a kernel
# template in nested namespaces (longentry.cu: an .entry of 152 characters,
# named so in its launch file).  The front end held 63 characters (a launch
# file's entry 127) and refused the first two, the third could not be
# named; now names of up to 511 run (ptx.h PTX_NAME): every mechanism must
# run and match the reference, and the memory is each kernel's answer
# (longfunc, longparam: x -> 3x + 5 twice, 9t + 20; longentry: 256t + 7)
for c in longfunc:9:20 longparam:9:20 longentry:256:7; do
  IFS=: read -r k m a <<<"$c"
  out=$("$S" --launch "tests/data/cuda/$k.launch" --mech all --dump-mem "$T/$k.mem" 2>&1)
  rc=$?
  r=$(awk -v m="$m" -v a="$a" "$AWK_HEX"' { if (hex($1) != m * (NR - 1) + a) { print "word " NR - 1 " = 0x" $1; exit } }
       END { if (NR != 32) print NR " words" }' "$T/$k.mem" 2>&1)
  [ $rc -eq 0 ] && ! grep -q 'cannot run' <<<"$out" && grep -q '^every mechanism that ran matches the reference' <<<"$out" &&
    [ -z "$r" ] && ok "simt_cuda_${k}_runs" || bad "simt_cuda_${k}_runs" "exit $rc: ${r:-$(grep -m1 -v '^mech\|^kernel' <<<"$out")}"
done
# a sequence naming that entry in a `launch NAME` line and in an `entry`
# line (longentry_seq.launch: n = 16, then 32 over the same words)
out=$("$S" --launch tests/data/cuda/longentry_seq.launch --mech all --dump-mem "$T/longentry_seq.mem" 2>&1)
rc=$?
r=$(awk "$AWK_HEX"' { if (hex($1) != 256 * (NR - 1) + 7) { print "word " NR - 1 " = 0x" $1; exit } }
     END { if (NR != 32) print NR " words" }' "$T/longentry_seq.mem" 2>&1)
[ $rc -eq 0 ] && ! grep -q 'cannot run' <<<"$out" && grep -q '^every mechanism that ran matches the reference' <<<"$out" &&
  [ -z "$r" ] && ok simt_cuda_longentry_seq_runs || bad simt_cuda_longentry_seq_runs "exit $rc: ${r:-$(tail -n 1 <<<"$out")}"
# a name longer than that (longname_bad.ptx: longfunc.ptx with its .func
# renamed to 617 characters) is refused with one line giving its length
out=$("$S" --launch tests/data/cuda/longname_bad.launch --mech all 2>&1)
rc=$?
[ $rc -eq 2 ] && [ "$(wc -l <<<"$out")" -eq 1 ] &&
  grep -qE "^tests/data/cuda/longname_bad.ptx:47: unsupported PTX: call of '_ZN5mylib6detailx+E': a function name of 617 characters \(at most 511\)$" <<<"$out" &&
  ok simt_cuda_longname_refused || bad simt_cuda_longname_refused "exit $rc: ${out:0:200}"

# softmax, functor and h2dot by issue 25's command with the header as it
# is (their float, double and __half2 shuffles go through the header's
# overloads: before this round a float or double was converted to int and
# back, a __half2 did not compile), every mechanism at the default preset
# against the host reference
. tests/cuda_variant.sh
if command -v clang >/dev/null; then
  for k in softmax functor h2dot; do
    run_variant "$k" O2 sm_70 -ffp-contract=off -Itb/cuda/include -include tb/cuda/warphw_cuda.h
  done
fi
rm -f "$T"/*.host # (run_variant takes $T/K.host when it is there: made above, this run)
exit 0
