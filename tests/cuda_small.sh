# SPDX-License-Identifier: Apache-2.0
# cuda_small.sh -- sourced by tests/test_simt_cuda.sh, tests/test_layout.sh and
# the rounds' scripts (tests/test_simt_cuda_realworld4.sh ..):
# small[K], the sed edit that makes kernel K's launch smaller for make test
# (fewer tree keys, one CTA instead of two or three, half bfs's vertices,
# one row of mandelbrot's CTAs, realworld5's histo8 with a third of its
# samples, own_nqueens at 8 queens, raytrace on one CTA, realworld6's
# persist with 250 items, eigbisect with two matrices, sadsearch with 7
# macroblocks, realworld12's mr64 and lz77 on one CTA: the same code
# paths at a third to a half of the CPU time), and same_as_host REF HOST: a
# run's reference memory dump equals the host reference's (the launch's memory; module variables come
# after it in the dump, the host has them as its own), and AWK_HEX: awk
# functions for a memory dump's words, hex(S) (its value), f32(S) (the
# float it holds; NaN and infinity aside) and f64(LO, HI) (the double two
# words hold, low word first), for the rounds' answers.
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
  [mr64]='s/^grid 2$/grid 1/'
  [lz77]='s/^grid 2$/grid 1/'
)
# round_presets[SET]: make test runs a round's kernels (SIMT_CUDA_SET,
# tests/test_simt_cuda_realworld2.sh and after) at the default preset and
# this one preset, in turn over the rounds so that each preset runs some
# of them; make regress (SIMT_CUDA_PRESETS set) runs every round at every
# preset.  The first round (tb/kernels/cuda/realworld, in
# tests/test_simt_cuda.sh without SIMT_CUDA_SET) is the key realworld;
# tb/kernels/cuda's own kernels (issue 25 sec. 4), conformance, warp and
# a set not listed run at every preset in make test.  (The rounds at all five
# presets were a third of make test's CPU time; the presets cost 2 to 3
# times the default each.)  realworld5's 8-queens answer is read at 003.
declare -A round_presets=(
  [realworld]=004
  [realworld2]=000 [realworld3]=001 [realworld4]=002 [realworld5]=003
  [realworld6]=004 [realworld7]=000 [realworld8]=001 [realworld9]=002
  [realworld10]=003 [realworld11]=004 [realworld12]=000 [persist]=001
  [forret]=002 [realworld13]=003 [realworld14]=004 [realworld15]=001
)
# round_cfgs SET: the presets SET runs at in this mode, the default first
round_cfgs() {
  if [ -n "${SIMT_CUDA_PRESETS:-}" ]; then echo "default $SIMT_CUDA_PRESETS"
  elif [ -n "$1" ] && [ -n "${round_presets[$1]:-}" ]; then echo "default ${round_presets[$1]}"
  else echo "default 000 001 002 003 004"; fi
}
# AWK_BYTE: byte(J), a dump's byte J (little-endian words in w[], from line 1)
AWK_BYTE='function byte(j) { return int(w[1 + int(j / 4)] / 256 ^ (j % 4)) % 256 }'
same_as_host() { [ -s "$2" ] && cmp -s <(head -n "$(wc -l <"$2")" "$1") "$2"; }
AWK_HEX='function hex(s,  i, v) { v = 0; for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1; return v }
function f32(s,  w, e, m, v) { w = hex(s); e = int(w / 8388608) % 256; m = w % 8388608
  v = (e == 0) ? m * 2 ^ -149 : (8388608 + m) * 2 ^ (e - 150); return w >= 2147483648 ? -v : v }
function f64(lo, hi,  h, e, m, v) { h = hex(hi); e = int(h / 1048576) % 2048; m = (h % 1048576) * 4294967296 + hex(lo)
  v = (e == 0) ? m * 2 ^ -1074 : (4503599627370496 + m) * 2 ^ (e - 1075); return h >= 2147483648 ? -v : v }'
# realworld_round SET [BUILD_DIR]: the start of each round's script
# (tests/test_simt_cuda_realworld4.sh and after): B, S (build/simt), T (the
# script's own outputs), D (tb/kernels/cuda/SET), O (test_simt_cuda.sh's
# outputs), ok and bad; without build/simt one FAIL line and exit 0; then
# tests/test_simt_cuda.sh's checks on the set (every mechanism at the
# default preset and 000..004 (make test: the default and one of them, cuda_small.sh round_presets), the reference against each kernel's host
# reference; SIMT_CUDA_PRESETS set (make regress): -O1 and -O3 as well)
realworld_round() {
  B=${2:-build}
  S=$B/simt T=$B/test/simt_cuda_$1x D=tb/kernels/cuda/$1 O=$B/test/simt_cuda_$1
  mkdir -p "$T"
  ok() { echo "ok $1"; }
  bad() { echo "FAIL $1${2:+: $2}"; }
  [ -x "$S" ] || { bad "simt_cuda_$1" "no $S (make $S)"; exit 0; }
  SIMT_CUDA_SET=$1 bash tests/test_simt_cuda.sh "$B"
}
