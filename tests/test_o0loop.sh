#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# test_o0loop.sh BUILD_DIR -- barriers inside loops of kernels compiled at
# -O0 (docs/ptx.md, "Barriers in -O0 loops"): the divergence analysis
# follows the stack frame's slots as registers and reads shared memory
# through clang -O0's generic addresses as shared loads.
# - tests/data/cuda/o0loop.cu: frameloop (a uniform bound in the frame,
#   blockDim stored into it inside a thread-dependent loop) runs through
#   every mechanism at the default and 001 and gives the values computed
#   here; tidloop (a bound on threadIdx), ctlstore (a bound written under
#   `if (t == 0)`) and escaped (a bound read from a local array at an index
#   the analysis does not follow) are refused with one line;
# - header kernels of the sixth and seventh rounds at -O0 (committed PTX,
#   tests/data/cuda/*_O0.ptx, the launch of each kernel; refused before):
#   every mechanism at the default (bfsqueue at 001 too), the reference
#   equal to the host reference of the kernel's source.
set -u
B=${1:-build}
S=$B/simt
T=$B/test/o0loop
mkdir -p "$T"
ok() { echo "ok $1"; }
bad() { echo "FAIL $1${2:+: $2}"; }
[ -x "$S" ] || { bad o0loop "no $S (make $S)"; exit 0; }
. tests/cuda_small.sh # same_as_host
L=tests/data/cuda/o0loop.launch
O0_KERNELS="bfsqueue eigbisect lavamd"

# frameloop: acc starts as the sum of t, t + 64, ... below 15 (t itself for
# t < 15), then 5 rounds of acc += the next thread's acc + r
exp=$(awk 'BEGIN { for (t = 0; t < 64; t++) a[t] = t < 15 ? t : 0
                   for (r = 0; r < 5; r++) { for (t = 0; t < 64; t++) s[t] = a[t] + r
                                             for (t = 0; t < 64; t++) a[t] += s[(t + 1) % 64] }
                   for (t = 0; t < 64; t++) printf "%08x\n", a[t] % 4294967296 }')
for cfg in default 001; do
  out=$("$S" --launch $L --config $cfg --mech all --dump-mem "$T/frameloop-$cfg.mem" 2>&1)
  rc=$?
  [ $rc -eq 0 ] && grep -q "^every mechanism that ran matches" <<<"$out" &&
    [ "$(head -n 64 "$T/frameloop-$cfg.mem")" = "$exp" ] && ok "o0loop_frameloop_$cfg" ||
    bad "o0loop_frameloop_$cfg" "exit $rc: $(grep -m1 '^simt:\|: ' <<<"$out" || echo "memory differs from the expected")"
done

# really divergent (tidloop, ctlstore) or not followed through the frame
# (escaped): refused with one line until forret; their loops' way out is
# the exit, so they are loops left only by a return (docs/ptx.md), which
# run: equal to the reference (a race the reference's orders show is
# reported, not compared)
for e in tidloop ctlstore escaped; do
  out=$("$S" --launch $L --entry $e --mech all 2>&1)
  rc=$?
  [ $rc -eq 0 ] && grep -q "^every mechanism that ran matches" <<<"$out" &&
    ok "o0loop_${e}_runs" || bad "o0loop_${e}_runs" "exit $rc: $(grep -m1 '^simt:\|: ' <<<"$out")"
done

# header kernels at -O0: every mechanism, the host reference
for k in $O0_KERNELS; do
  [ -x "$B/cuda_host/$k" ] || { bad "o0loop_${k}_host" "no $B/cuda_host/$k (make $B/cuda_host/$k)"; continue; }
  src=$(sed -n 's/^# source: //p' tests/data/cuda/${k}_O0.launch)
  "$B/cuda_host/$k" --launch "$src" --dump-mem "$T/$k.host" >/dev/null 2>&1 ||
    { bad "o0loop_${k}_host" "$B/cuda_host/$k failed"; continue; }
  cfgs=default
  [ $k = bfsqueue ] && cfgs="default 001" # (eigbisect and lavamd at 001: a minute each)
  for cfg in $cfgs; do
    out=$("$S" --launch tests/data/cuda/${k}_O0.launch --config $cfg --mech all --dump-mem "$T/$k-$cfg.ref" 2>&1)
    rc=$?
    [ $rc -eq 0 ] && grep -q "^every mechanism that ran matches" <<<"$out" && same_as_host "$T/$k-$cfg.ref" "$T/$k.host" &&
      ok "o0loop_${k}_O0_$cfg" ||
      bad "o0loop_${k}_O0_$cfg" "exit $rc: $(grep -m1 '^simt:\|: ' <<<"$out" || echo "memory differs from the host reference")"
  done
done
