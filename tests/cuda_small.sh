# SPDX-License-Identifier: Apache-2.0
# cuda_small.sh -- sourced by tests/test_simt_cuda.sh and tests/test_layout.sh:
# small[K], the sed edit that makes kernel K's launch smaller for make test
# (fewer tree keys, one CTA instead of two or three, half bfs's vertices,
# one row of mandelbrot's CTAs, realworld5's histo8 with a third of its
# samples, own_nqueens at 8 queens, raytrace on one CTA, realworld6's
# persist with 250 items, eigbisect with two matrices, sadsearch with 7
# macroblocks: the same code
# paths at a third to a half of the CPU time), and same_as_host REF HOST: a
# run's reference memory dump equals the host reference's (the launch's memory; module variables come
# after it in the dump, the host has them as its own), and AWK_HEX: awk
# functions for a memory dump's words, hex(S) (its value) and f32(S) (the
# float it holds; NaN and infinity aside), for the rounds' answers.
# shellcheck disable=SC2034
declare -A small=(
  [treesearch]='s/^param s32 100$/param s32 30/'
  [mandelbrot]='s/^grid 2 3$/grid 2 1/'
  [libdev]='s/^grid 2$/grid 1/'
  [collatz]='s/^grid 3$/grid 1/'
  [bitonic]='s/^grid 2$/grid 1/'
  [bfs]='s/^param s32 200$/param s32 100/'
  [histo8]='s/^param s32 3000$/param s32 1000/'
  [own_nqueens]='s/^param s32 9$/param s32 8/'
  [raytrace]='s/^grid 2 2 1$/grid 1 1 1/'
  [persist]='s/^param s32 700$/param s32 250/'
  [eigbisect]='s/^grid 3$/grid 2/'
  [sadsearch]='s/^grid 12$/grid 7/'
)
same_as_host() { [ -s "$2" ] && cmp -s <(head -n "$(wc -l <"$2")" "$1") "$2"; }
AWK_HEX='function hex(s,  i, v) { v = 0; for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1; return v }
function f32(s,  w, e, m, v) { w = hex(s); e = int(w / 8388608) % 256; m = w % 8388608
  v = (e == 0) ? m * 2 ^ -149 : (8388608 + m) * 2 ^ (e - 150); return w >= 2147483648 ? -v : v }'
