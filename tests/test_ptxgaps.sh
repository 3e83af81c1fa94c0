#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# test_ptxgaps.sh BUILD_DIR -- the PTX of the "ptxgaps" section of
# docs/ptx.md through the SM model, not only the instruction tests
# (tests/test_ptx_sem.c):
# - tests/data/ptx/ptxgaps.ptx (hand-written: set, setp with two
#   destinations whose second is also its combining source, a carry chain
#   whose destination is also a source, lop3, dp4a) through every mechanism
#   at the default preset and 001: every mechanism runs it and matches the
#   reference, and the memory equals the value computed here.  dpe waited
#   forever on such an instruction before (its extra destination, allocated
#   first, was queried again as a source);
# - refusals through build/simt: a video instruction and .target
#   map_f64_to_f32 give one line with file:line, exit 2.
set -u
B=${1:-build}
S=$B/simt
T=$B/test/ptxgaps
L=tests/data/ptx/ptxgaps.launch
mkdir -p "$T"
. tests/lib.sh # ok, bad, one_line
[ -x "$S" ] || { bad ptxgaps "no $S (make $S)"; exit 0; }
mechs=$("$S" --help | awk '/^mechanisms/{f=1;next} /^--param/{f=0} f&&NF{print $1}')
nm=$(wc -w <<<"$mechs")

# the memory by hand: thread t's 8 words
for t in $(seq 0 31); do
  w0=$((t < 10 ? 0xffffffff : 0))
  w1=$((t >= 20 ? 0x3f800000 : 0))
  odd=$((t & 1)) lt=$((t < 16 ? 1 : 0))
  w2=$((lt && odd ? 1 : 0)); w2=$((w2 + (!lt && odd ? 2 : 0)))
  w3=$(((t + 0xfffffff0) & 0xffffffff))
  x=$((2 * t + (t >= 16 ? 1 : 0)))           # addc.cc: 2t + the carry of t + 0xfffffff0
  w4=$(((x * 0xffffffff + x) & 0xffffffff))  # mad.lo.cc x, x, -1, x: 0
  w5=$((x > 0 ? 1 : 0))                      # ... whose carry out addc reads
  a=0x0f0f0f0f b=0x00ff00ff
  w6=$(((t & a) | (t & b) | (a & b)))       # lop3 0xe8: the majority
  w7=$((10 * t + 7))                         # dp4a: t in every byte times 1, 2, 3, 4, plus 7
  printf '%08x\n' $w0 $w1 $w2 $w3 $w4 $w5 $w6 $w7
done >"$T/want.mem"

every_mech_mem ptxgaps "$S" "$L" "$nm" "$T/want.mem" "$T"

# refusals: one line, file:line, exit 2
sed 's/^\tlop3.b32 %r10, .*/\tvabsdiff4.u32.u32.u32.add %r10, %r1, %r1, %r1;/' tests/data/ptx/ptxgaps.ptx >"$T/video.ptx"
sed 's/^\.target sm_70, debug/.target sm_70, map_f64_to_f32/' tests/data/ptx/ptxgaps.ptx >"$T/target.ptx"
lv=$(grep -n vabsdiff4 "$T/video.ptx" | cut -d: -f1) lt=$(grep -n '^\.target' "$T/target.ptx" | cut -d: -f1)
one_line ptxgaps_refuses_video 2 "^$T/video.ptx:$lv: unsupported PTX: video instruction 'vabsdiff4'" \
  "$S" --ptx "$T/video.ptx" --entry gaps --launch-set 'params u64 0' --mech spe
one_line ptxgaps_refuses_target 2 "^$T/target.ptx:$lt: unsupported PTX: \.target map_f64_to_f32" \
  "$S" --ptx "$T/target.ptx" --entry gaps --launch-set 'params u64 0' --mech spe
exit 0
