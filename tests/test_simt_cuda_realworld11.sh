#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# test_simt_cuda_realworld11.sh BUILD_DIR -- the eleventh round of
# real-world kernels (tb/kernels/cuda/realworld11, docs/ptx.md "Eleventh
# round"): tests/test_simt_cuda.sh's checks on them (every mechanism at
# the default preset and 000..004 (make test: the default and one of them, cuda_small.sh round_presets), the reference against each kernel's
# host reference; SIMT_CUDA_PRESETS set (make regress): -O1 and -O3 as
# well), then an answer known without the host for each, worked out from
# the reference's memory dump:
# - swgotoh: each pair's Smith-Waterman score with affine gaps (Gotoh's
#   recurrences in awk) and the first cell, by row then column, that
#   reaches it; each thread's cell count;
# - box48z: each pixel's 3x3 filter with the borders clamped, each
#   image's total and bright-pixel bins;
# - crcseq: each message's CRC-32 as gzip computes it and CRC-64 as xz
#   does (its block check), and the bytes hashed;
# - myersbp: each window's smallest edit distance to its block's pattern
#   (the search recurrence in awk), where it first occurs, the ends
#   within 9, and each block's best;
# - ccl: each foreground pixel labelled by the smallest pixel of its
#   4-connected component, the sizes and the count;
# - own_patfind: each line's matches of its block's pattern, found by
#   trying every start and gap in awk;
# - fnptr: each element's activation and score through function
#   pointers, the blocks' sum and maximum;
# - vshapes: each element's area and perimeter through virtual
#   functions, the totals by kind;
# fnptr's indirect calls run (refused before), and a call through a
# pointer to no function stops the run with one line (exit 1);
# then, with clang installed, the reviewer's own prelude (own_patfind) by
# issue 25's command at other -O levels and sm_ targets (make test: -O0,
# -O3 and -Os on three targets; make regress: every pair of -O0 -O1 -O2
# -O3 -Os and sm_60 sm_75 sm_80 sm_86, and the header kernels at -O0:
# fnptr refused there with the stack-frame line, its scorer structure
# passed by reference from the frame).
set -u
. tests/cuda_small.sh # realworld_round, same_as_host, AWK_HEX, AWK_BYTE, small[]
realworld_round realworld11 "$@" # B S T D O, ok and bad; test_simt_cuda.sh on the set

# swgotoh: seq (lines 1-54: pair p's query at byte 72p, target at 72p +
# 32), score (55-57), endi (58-60), endj (61-63), cells (64-159)
f=$O/swgotoh-default.ref
r=$(awk "$AWK_HEX$AWK_BYTE"' { w[NR] = hex($1) }
     function sub_(x, y) { return x == y ? 5 : (x + y) % 2 == 0 ? -2 : -4 }
     END { NEG = -1000000
       for (p = 0; p < 3; p++) { la = 17 + (p * 7) % 15; lb = 21 + (p * 13) % 19; best = -1
         for (j = 0; j <= lb; j++) { H[0, j] = 0; F[0, j] = NEG }
         for (i = 1; i <= la; i++) { H[i, 0] = 0; E[i, 0] = NEG
           for (j = 1; j <= lb; j++) {
             e = E[i, j - 1] - 1; if (H[i, j - 1] - 6 > e) e = H[i, j - 1] - 6
             g = F[i - 1, j] - 1; if (H[i - 1, j] - 6 > g) g = H[i - 1, j] - 6
             h = H[i - 1, j - 1] + sub_(byte(72 * p + i - 1) % 4, byte(72 * p + 32 + j - 1) % 4)
             if (h < 0) h = 0; if (e > h) h = e; if (g > h) h = g
             H[i, j] = h; E[i, j] = e; F[i, j] = g
             if (h > best) { best = h; bi = i; bj = j } } }
         if (w[55 + p] != best || w[58 + p] != bi || w[61 + p] != bj) bad = bad " pair" p "=" w[55 + p] "@" w[58 + p] "," w[61 + p] "/" best "@" bi "," bj
         if (best < 15) bad = bad " weak" p
         for (t = 0; t < 32; t++) if (w[64 + 32 * p + t] != (t < la ? lb : 0)) bad = bad " cells" p "." t }
       print bad == "" ? "ok" : bad }' "$f")
[ "$r" = ok ] && ok simt_cuda_swgotoh_scores || bad simt_cuda_swgotoh_scores "${r:0:200}"

# box48z: img (lines 1-175), out (176-350), total (351-352), bins (353-360)
f=$O/box48z-default.ref
r=$(awk "$AWK_HEX$AWK_BYTE"' { w[NR] = hex($1) }
     function px(z, x, y) { x = x < 0 ? 0 : x > 69 ? 69 : x; y = y < 0 ? 0 : y > 4 ? 4 : y; return byte((z * 5 + y) * 70 + x) }
     END { split("1 2 1 2 4 2 1 2 1", tp, " ")
       for (z = 0; z < 2; z++) { tot = 0; for (k = 0; k < 4; k++) b[k] = 0
         for (y = 0; y < 5; y++) for (x = 0; x < 70; x++) { s = 0
           for (dy = 0; dy < 3; dy++) for (dx = 0; dx < 3; dx++) s += tp[1 + 3 * dy + dx] * px(z, x + dx - 1, y + dy - 1)
           v = int((s + 8) / 16); tot += v
           if (v >= 112) { k = int((v - 112) / 16); b[k > 3 ? 3 : k]++ }
           if (byte(700 + (z * 5 + y) * 70 + x) != v) bad = bad " px" z "." x "." y }
         if (w[351 + z] != tot) bad = bad " total" z
         for (k = 0; k < 4; k++) if (w[353 + 4 * z + k] != b[k]) bad = bad " bin" z "." k
         if (b[0] == 0 || b[1] == 0) bad = bad " bins empty " z }
       print bad == "" ? "ok" : bad }' "$f")
[ "$r" = ok ] && ok simt_cuda_box48z_filter || bad simt_cuda_box48z_filter "${r:0:200}"

# crcseq: desc (lines 1-80), data (81-346), crc32 (347-426), crc64
# (427-586, low word first), count (587-588); each message's bytes to a
# file, its CRC-32 from gzip's trailer, its CRC-64 from xz's block check
f=$O/crcseq-default.ref
if command -v gzip >/dev/null && command -v xz >/dev/null; then
  r=
  while read -r m hexbytes want32 want64; do
    [ "$hexbytes" = - ] && hexbytes=
    printf '%b' "$(sed 's/\(..\)/\\x\1/g' <<<"$hexbytes")" >"$T/crc_msg"
    c32=00000000 c64=0000000000000000
    if [ -s "$T/crc_msg" ]; then
      c32=$(gzip -c "$T/crc_msg" | tail -c 8 | od -An -tx4 -N4 | tr -d ' ')
      c64=$(xz -C crc64 -c "$T/crc_msg" >"$T/crc_msg.xz" && xz --robot -lvv "$T/crc_msg.xz" | awk '$1 == "block" { print $11 }')
    fi
    [ "$c32" = "$want32" ] && [ "$c64" = "$want64" ] || r="$r m$m=$want32/$c32,$want64/$c64"
  done < <(awk "$AWK_HEX$AWK_BYTE"' { s[NR] = $1; w[NR] = hex($1) }
     END { for (m = 0; m < 80; m++) { off = w[1 + m] % 1024; len = int(w[1 + m] / 1024) % 40; h = ""
         for (k = 0; k < len; k++) h = h sprintf("%02x", byte(320 + off + k))
         print m, (h == "" ? "-" : h), s[347 + m], s[428 + 2 * m] s[427 + 2 * m] } }' "$f")
  r=$r$(awk "$AWK_HEX"' { w[NR] = hex($1) }
     END { for (m = 0; m < 80; m++) { len = int(w[1 + m] / 1024) % 40; n += len; z += len == 0 }
       if (w[587] != n || w[588] != 0) print " count " w[587] "/" n
       if (z == 0) print " no empty message" }' "$f")
  [ -n "$r" ] || r=ok
else r="no gzip or xz"; fi
[ "$r" = ok ] && ok simt_cuda_crcseq_gzip_xz || bad simt_cuda_crcseq_gzip_xz "${r:0:200}"

# myersbp: pat (lines 1-48: pattern p at byte 64p), text (49-256: window
# (p, t) at byte 192 + 8 (32p + t), 60 letters), dist (257-352), where
# (353-448), hits (449-544), best (545-550, low word first): the search
# recurrence (row 0 zeros: a match starts anywhere)
f=$O/myersbp-default.ref
r=$(awk "$AWK_HEX$AWK_BYTE"' { w[NR] = hex($1) }
     END { for (p = 0; p < 3; p++) { m = 20 + (p * 22) % 45; bk = -1
         for (i = 1; i <= m; i++) a[i] = byte(64 * p + i - 1) % 4
         for (t = 0; t < 32; t++) { base = 192 + 8 * (32 * p + t)
           for (i = 0; i <= m; i++) D[i] = i
           bd = m; bw = -1; nh = 0
           for (j = 0; j < 60; j++) { c = byte(base + j) % 4; diag = D[0]; D[0] = 0
             for (i = 1; i <= m; i++) { v = diag + (a[i] != c); if (D[i] + 1 < v) v = D[i] + 1; if (D[i - 1] + 1 < v) v = D[i - 1] + 1
               diag = D[i]; D[i] = v }
             if (D[m] < bd) { bd = D[m]; bw = j }
             nh += D[m] <= 9 }
           k = 32 * p + t
           if (w[257 + k] != bd || w[353 + k] != (bw < 0 ? 4294967295 : bw) || w[449 + k] != nh) bad = bad " win" p "." t "=" w[257 + k] "/" bd
           if (bk < 0 || bd < bk) { bk = bd; bt = t; bb = bw }
           if (nh) anyhit = 1 }
         if (w[546 + 2 * p] != bk || w[545 + 2 * p] != bt * 65536 + bb + 1) bad = bad " best" p }
       if (!anyhit) bad = bad " no hits"
       print bad == "" ? "ok" : bad }' "$f")
[ "$r" = ok ] && ok simt_cuda_myersbp_distances || bad simt_cuda_myersbp_distances "${r:0:200}"

# ccl: img (lines 1-96), parent (97-480), hook (481-864), size
# (865-1248), changed (1249), ncomp (1250): the components by a flood in
# awk, each labelled by its smallest pixel
f=$O/ccl-default.ref
r=$(awk "$AWK_HEX$AWK_BYTE"' { w[NR] = hex($1) }
     END { for (i = 0; i < 384; i++) { fg[i] = byte(i) < 144; lab[i] = -1 }
       for (i = 0; i < 384; i++) { if (!fg[i] || lab[i] >= 0) continue
         nc++; n = 0; st[n++] = i; lab[i] = i; sz[i] = 0
         while (n) { x = st[--n]; sz[i]++
           if (x % 32 < 31 && fg[x + 1] && lab[x + 1] < 0) { lab[x + 1] = i; st[n++] = x + 1 }
           if (x % 32 > 0 && fg[x - 1] && lab[x - 1] < 0) { lab[x - 1] = i; st[n++] = x - 1 }
           if (x + 32 < 384 && fg[x + 32] && lab[x + 32] < 0) { lab[x + 32] = i; st[n++] = x + 32 }
           if (x >= 32 && fg[x - 32] && lab[x - 32] < 0) { lab[x - 32] = i; st[n++] = x - 32 } }
         if (sz[i] > big) big = sz[i] }
       for (i = 0; i < 384; i++) {
         if (w[97 + i] != (lab[i] < 0 ? 4294967295 : lab[i])) bad = bad " label" i
         if (w[865 + i] != (lab[i] == i ? sz[i] : 0)) bad = bad " size" i
         if (w[481 + i] != 2147483647) bad = bad " hook" i }
       if (w[1250] != nc || w[1249] != 0) bad = bad " count " w[1250] "/" nc
       if (big < 20 || nc < 10) bad = bad " trivial image " big " " nc
       print bad == "" ? "ok" : bad }' "$f")
[ "$r" = ok ] && ok simt_cuda_ccl_components || bad simt_cuda_ccl_components "${r:0:200}"

# own_patfind: rnd (lines 1-1536: line L's letter k from word 24L + k),
# first (1537-1600), last (1601-1664), count (1665-1728), lines (1729):
# block 0 "<digit>[a-c], a gap of 0..3, 'e', <digit>", block 1 "<not a
# space>[0-4], a gap of 0..9, the end", every start tried, the shortest
# gap first, at most 2 matches a line
f=$O/own_patfind-default.ref
r=$(awk "$AWK_HEX"' { w[NR] = hex($1) }
     function ch(L, k,  v) { if (k >= 24) return ""; v = int(w[1 + 24 * L + k] / 128) % 20
       return v < 10 ? sprintf("%c", 48 + v) : v < 16 ? sprintf("%c", 87 + v) : " " }
     function dig(c) { return c != "" && c >= "0" && c <= "9" }
     END { for (L = 0; L < 64; L++) { n = 0; f = -1; e = -1
         for (s = 0; s < 24 && n < 2; s++) { end_ = -1
           if (L < 32) { if (dig(ch(L, s)) && ch(L, s + 1) != "" && ch(L, s + 1) >= "a" && ch(L, s + 1) <= "c")
               for (g = 0; g <= 3 && end_ < 0; g++) if (ch(L, s + 2 + g) == "e" && dig(ch(L, s + 3 + g))) end_ = s + 4 + g }
           else if (ch(L, s) != "" && ch(L, s) != " " && ch(L, s + 1) != "" && ch(L, s + 1) >= "0" && ch(L, s + 1) <= "4" && 24 - (s + 2) <= 9) end_ = 24
           if (end_ >= 0) { if (!n) { f = s; e = end_ }; n++ } }
         if (w[1537 + L] != (f < 0 ? 4294967295 : f) || w[1601 + L] != (e < 0 ? 4294967295 : e) || w[1665 + L] != n) bad = bad " line" L
         nl += n > 0; capped += n == 2 }
       if (w[1729] != nl || capped == 0 || nl == 64) bad = bad " lines " w[1729] "/" nl " " capped
       print bad == "" ? "ok" : bad }' "$f")
[ "$r" = ok ] && ok simt_cuda_own_patfind_matches || bad simt_cuda_own_patfind_matches "${r:0:200}"

# fnptr: in (lines 1-120), out (121-240), red (241-242), sc (243-362):
# each element's activation by its code (w & 3), its scorer ((w >> 2) &
# 1: x * y, else |x - y|) times 1 + ((w >> 3) & 3), block 0's sum and
# block 1's maximum (its 8 idle threads add 0); every value exact
f=$O/fnptr-default.ref
r=$(awk "$AWK_HEX"' { s[NR] = $1; w[NR] = hex($1) }
     END { for (i = 0; i < 120; i++) { v = w[1 + i]; x = int(v / 67108864) / 16 - 2; a = v % 4
         y = a == 0 ? (x > 0 ? x : 0) : a == 1 ? (x > 0 ? x : x / 8) : a == 2 ? (x < -1 ? -1 : x > 1 ? 1 : x) : x * x
         d = x - y; z = (1 + int(v / 8) % 4) * (int(v / 4) % 2 ? x * y : (d < 0 ? -d : d))
         if (f32(s[121 + i]) != y || f32(s[243 + i]) != z) bad = bad " el" i
         if (i < 64) sum += y; else if (y > mx) mx = y
         used[a] = 1 }
       if (f32(s[241]) != sum || f32(s[242]) != mx) bad = bad " red " f32(s[241]) "/" sum " " f32(s[242]) "/" mx
       if (!used[0] || !used[1] || !used[2] || !used[3]) bad = bad " an activation unused"
       print bad == "" ? "ok" : bad }' "$f")
[ "$r" = ok ] && ok simt_cuda_fnptr_values || bad simt_cuda_fnptr_values "${r:0:200}"
# function pointers run (before: "unsupported PTX: initialiser '_Z8act_reluf'"
# for the table; "the address of function ..." for a mov of one): the
# indirect calls became chains of guarded calls
grep -q "^every mechanism that ran matches" "$O/fnptr-default.out" && [ "$(grep -c '\.callprototype' $D/fnptr.ptx)" -ge 3 ] &&
  ok simt_cuda_fnptr_indirect_calls_run || bad simt_cuda_fnptr_indirect_calls_run "$(grep -m1 '^simt:\|unsupported' "$O/fnptr-default.out")"
# a pointer to no function: thread 5's call stops the run, one line, exit 1
out=$("$S" --launch tests/data/cuda/fnptr_bad.launch --mech all 2>&1)
rc=$?
lc=$(grep -n '^\s*call (retval0),' tests/data/cuda/fnptr_bad.ptx | cut -d: -f1)
[ $rc -eq 1 ] && [ "$(wc -l <<<"$out")" -eq 1 ] &&
  grep -qE "^thread 5 of CTA \(0,0,0\): pc [0-9]+ \(tests/data/cuda/fnptr_bad.ptx:$lc\): indirect call through a pointer \(0x100000000\) to none of the 2 functions whose address the module takes with this prototype$" <<<"$out" &&
  ok simt_cuda_fnptr_bad_pointer_stops || bad simt_cuda_fnptr_bad_pointer_stops "exit $rc: $out"

# vshapes: in (lines 1-100), area (101-200), perim (201-300), tot
# (301-303): each element's kind (word % 3: square, right triangle,
# strip) and side ((word >> 8) % 32 halves) through virtual functions
f=$O/vshapes-default.ref
r=$(awk "$AWK_HEX"' { s[NR] = $1; w[NR] = hex($1) }
     END { for (i = 0; i < 100; i++) { k = w[1 + i] % 3; x = int(w[1 + i] / 256) % 32 / 2
         a = k == 0 ? x * x : k == 1 ? x * x / 2 : x / 4; p = k == 0 ? 4 * x : k == 1 ? 2 * x : 2 * (x + 0.25)
         if (f32(s[101 + i]) != a || f32(s[201 + i]) != p) bad = bad " el" i
         t[k] += int(a * 8); seen[k] = 1 }
       for (k = 0; k < 3; k++) if (w[301 + k] != t[k] || !seen[k]) bad = bad " total" k
       print bad == "" ? "ok" : bad }' "$f")
[ "$r" = ok ] && ok simt_cuda_vshapes_values || bad simt_cuda_vshapes_values "${r:0:200}"

# issue 25's command at other -O levels and targets (clang installed)
. tests/cuda_variant.sh
run_variants own_patfind "swgotoh box48z crcseq myersbp ccl fnptr:frame vshapes"
exit 0
