# SPDX-License-Identifier: Apache-2.0
# cuda_variant.sh -- sourced by tests/test_simt_cuda_realworld6.sh ..
# realworld9.sh and tests/test_simt_cuda_variants.sh (the flag variants
# below: variant_flags, run_flag_variant, variant_retarget, close_to_host).
# With clang installed: run_variant KERNEL[:frame|:nolwm] O ARCH
# FLAGS... compiles tb/kernels/cuda/SET/KERNEL.cu ($D) with issue 25's
# command at -O and sm_ARCH, runs every mechanism on its launch and
# compares the reference with the host reference (build/cuda_host/KERNEL);
# the caller sets B, S, T, D and ok/bad, and sources tests/cuda_small.sh.
# run_variants OWN "KERNEL[:frame|:nolwm]...": with clang installed, the set's
# own-prelude kernel OWN at -O0, -O3 and -Os on sm_60, sm_75 and sm_86
# (make test), or at every pair of -O0 -O1 -O2 -O3 -Os and sm_60 sm_75
# sm_80 sm_86 with SIMT_CUDA_PRESETS set (make regress), where the header
# kernels listed also run at -O0.
# variant_host KERNEL LAUNCH: the host reference's memory of KERNEL on
# LAUNCH in $T, made by $B/cuda_host/KERNEL when missing, printed as a path
# (exit 1 when the host program fails).  The name carries the launch's
# checksum, so a launch that changes gets a host output of its own, not
# the one of its former content; one older than the host program is made
# again.
variant_host() {
  local h
  h=$T/$1-$(cksum <"$2" | awk '{ print $1 }').host
  if [ ! -f "$h" ] || [ "$B/cuda_host/$1" -nt "$h" ]; then
    "$B/cuda_host/$1" --launch "$2" --dump-mem "$h" >/dev/null 2>&1 || { rm -f "$h"; return 1; }
  fi
  echo "$h"
}
run_variant() { # KERNEL[:frame|:nolwm] O ARCH FLAGS...: compile, run every mechanism, compare with the host
  # (KERNEL:frame: a barrier in a loop whose bound clang -O0 keeps in the
  # stack frame where the analysis cannot follow it (the frame's address
  # escapes: a local array at a variable index), refused with one line,
  # "barrier under divergent control"; fourth round, docs/ptx.md "Barriers
  # in -O0 loops".  KERNEL:nolwm: every mechanism but lwm, whose large warp
  # holds a spin's producers and consumers)
  local k=${1%:*} o=$2 a=$3 v=$T/${1%:*}-$2-$3 out rc mechs=all host
  local frame=${1#"$k"}
  [ "$frame" = :nolwm ] && { frame=; mechs=spe,dpe,dwf,sbi,tsimt,stsimt,swi,sbi+swi,simt+scalar,tsimt+scalar,stsimt+scalar; }
  shift 3
  if ! clang -x cuda --cuda-device-only --cuda-gpu-arch="$a" -nocudainc -nocudalib -"$o" -S "$@" \
       -o "$v.ptx" "$D/$k.cu" 2>"$v.log"; then bad "simt_cuda_${k}_${o}_$a" "clang: $(head -n 1 "$v.log")"; return; fi
  sed -e "s|^ptx .*|ptx $(cd "$T" && pwd)/$(basename "$v").ptx|" -e "s|^\(buffer .* file \)\(.*\)|\1$PWD/$D/\2|" $D/$k.launch >"$v.launch"
  host=$(variant_host "$k" "$D/$k.launch") || { bad "simt_cuda_${k}_${o}_$a" "host reference: $B/cuda_host/$k failed"; return; }
  out=$("$S" --launch "$v.launch" --mech $mechs --dump-mem "$v.ref" 2>&1)
  rc=$?
  if [ -n "$frame" ]; then
    [ $rc -eq 2 ] && [ "$(wc -l <<<"$out")" -eq 1 ] && grep -q "barrier under divergent control" <<<"$out" &&
      ok "simt_cuda_${k}_${o}_${a}_frame_refused" || bad "simt_cuda_${k}_${o}_${a}_frame_refused" "exit $rc: $(head -n 1 <<<"$out")"
  elif [ $rc -eq 0 ] && grep -q "^every mechanism that ran matches" <<<"$out" && same_as_host "$v.ref" "$host"; then
    ok "simt_cuda_${k}_${o}_$a"
  else bad "simt_cuda_${k}_${o}_$a" "exit $rc: $(grep -m1 '^simt:\|: \|cannot' <<<"$out" || echo "memory differs from the host reference")"; fi
}
run_variants() {
  command -v clang >/dev/null || return 0
  local pairs p k
  if [ -n "${SIMT_CUDA_PRESETS:-}" ]; then
    pairs=$(for o in O0 O1 O2 O3 Os; do for a in sm_60 sm_75 sm_80 sm_86; do echo "$o:$a"; done; done)
  else pairs="O0:sm_60 O3:sm_75 Os:sm_86"; fi
  for p in $pairs; do run_variant "$1" "${p%:*}" "${p#*:}"; done
  [ -n "${SIMT_CUDA_PRESETS:-}" ] || return 0
  for k in $2; do
    run_variant "$k" O0 sm_70 -ffp-contract=off -Itb/cuda/include -include tb/cuda/warphw_cuda.h
  done
}

# Flag variants (docs/ptx.md "Flag variants a reviewer may add"): the
# flags a reviewer may add to issue 25's command, each compiled at -O2 on
# sm_70 over the kernel's own flags (the header's, or issue 25's alone for
# an own_ kernel).  -ffast-math, -fcuda-flush-denormals-to-zero and
# -ffp-contract=fast change float results (approximate division and square
# root, .ftz, fused multiply-adds): there every mechanism must still equal
# the reference exactly, and the reference the host reference exactly or
# within close_to_host's tolerance, except the kernels of variant_exempt
# (the reason given).  -fcuda-short-ptr needs clang 14's back-end option
# too (-mllvm -nvptx-short-ptr: the flag alone stops on a data layout
# mismatch); -fcuda-approx-transcendentals and -fPIC change nothing in the
# PTX; -ffp-contract=off (nocontract) is the header kernels' own flag, a
# change for own_ kernels alone; sm_89/sm_90 are not clang 14's (variant_retarget runs the
# committed PTX under newer .version/.target lines instead).
# shellcheck disable=SC2034
declare -A variant_flags=(
  [fastmath]="-ffast-math" [ftz]="-fcuda-flush-denormals-to-zero"
  [fastftz]="-O3 -ffast-math -fcuda-flush-denormals-to-zero" [contract]="-ffp-contract=fast"
  [approx]="-fcuda-approx-transcendentals" [unroll]="-O3 -funroll-loops" [nounroll]="-fno-unroll-loops"
  [cxx17]="-std=c++17" [cxx20]="-std=c++20" [g]="-g" [gline]="-gline-tables-only" [pic]="-fPIC"
  [rdc]="-fgpu-rdc" [shortptr]="-fcuda-short-ptr -mllvm -nvptx-short-ptr" [nocontract]="-ffp-contract=off"
)
variant_float=" fastmath ftz fastftz contract "
# KERNEL:VARIANT whose float outputs the host cannot be compared with, and
# why: -ffast-math's -ffinite-math-only lets clang drop a kernel's NaN and
# infinity tests (isnan, v != v, fminf's NaN rule) and its NaN signs; .ftz
# flushes the subnormal operands a kernel tests on purpose (or gstride's
# random words, most of which are subnormal floats)
declare -A variant_exempt=()
for k in idioms1 idioms2 intrin libdev mathrest mathlib fmaxcas; do
  variant_exempt[$k:fastmath]="NaN and infinity inputs (-ffinite-math-only)"
  variant_exempt[$k:fastftz]="NaN and infinity inputs (-ffinite-math-only)"
done
for k in half idioms1 idioms2 intrin libdev mathrest gstride; do
  variant_exempt[$k:ftz]="subnormal operands flushed"
  variant_exempt[$k:fastftz]="subnormal operands flushed${variant_exempt[$k:fastftz]:+, ${variant_exempt[$k:fastftz]}}"
done
# (libcalls: llrint(d * 100.0) of a d whose last bits a fused multiply-add
# moved lands on the other side of a rounding boundary)
for v in fastmath fastftz contract; do variant_exempt[libcalls:$v]="integers rounded from float results"; done
# KERNEL:VARIANT the front end refuses, with the words of its one line:
# none now.  (clang 14 at -O3 -ffast-math leaves own_batchlu an unrolled
# copy of the pivot search, 5 rows unrolled by 8 so never entered, whose
# exit it folded away: a dead end, which the analyses take as unreachable
# since 2026-11-30, tb/simt/prog.c; own_batchlu:fastftz runs)
declare -A variant_refused=()
# close_to_host REF HOST: every word of HOST is in REF, equal or close as
# an f32 or as the f64 it is half of (8-byte aligned): both finite and
# normal (or zero), within a relative 1e-3 or an absolute 1e-6 (fused
# multiply-adds and reassociation move the last bits, and an error grows
# through a solver's steps: lud, gaussian); prints the first word that is
# neither, nothing when all are
close_to_host() {
  paste -d' ' <(head -n "$(wc -l <"$2")" "$1") "$2" | awk '
  function hex(s,  i, v) { v = 0; for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1; return v }
  function f32(w,  e, m, v) { e = int(w / 8388608) % 256; m = w % 8388608; if (e == 255) return "x"; if (e == 0) return m == 0 ? 0 : "x"
    v = (8388608 + m) * 2 ^ (e - 150); return w >= 2147483648 ? -v : v }
  function f64(lo, hi,  e, v) { e = int(hi / 1048576) % 2048; if (e == 2047) return "x"; if (e == 0) return (hi % 2147483648 == 0 && lo == 0) ? 0 : "x"
    v = (1 + ((hi % 1048576) * 4294967296 + lo) / 2 ^ 52) * 2 ^ (e - 1023); return hi >= 2147483648 ? -v : v }
  function near(x, y,  d, m) { if (x == "x" || y == "x") return 0; d = x - y; if (d < 0) d = -d
    m = x < 0 ? -x : x; if (y > m) m = y; if (-y > m) m = -y; return d <= 1e-6 || d <= 1e-3 * m }
  { a[NR] = hex($1); b[NR] = hex($2); s[NR] = $0 }
  END { for (i = 1; i <= NR; i++) { if (a[i] == b[i] || near(f32(a[i]), f32(b[i]))) continue
      lo = i % 2 ? i : i - 1
      if (lo < NR && near(f64(a[lo], a[lo + 1]), f64(b[lo], b[lo + 1]))) continue
      print "word " i - 1 " (byte " 4 * (i - 1) "): " s[i] " (reference, host)"; exit } }'
}
# variant_run NAME PTX LAUNCH HOST FLOAT: every mechanism at the default
# preset and 001 on PTX given LAUNCH's keys, the reference's memory against
# HOST: exactly, or with FLOAT set as close_to_host allows (FLOAT
# "exempt:REASON": not compared).  A warp/ kernel runs at the preset's own
# warp size (warp-synchronous instructions run at every size, docs/ptx.md
# "Warp-synchronous instructions at every warp size"; until 2026-12-01 the
# default ran with --set warp_size=32): as in tests/test_simt_cuda.sh's
# warp block, a "cannot run" row is dwf's alone, with its reason, and only
# away from warps of 32 (none at all is accepted too: dwf may learn it)
variant_run() {
  local name=$1 ptx=$2 L=$3 host=$4 float=$5 cfg out rc why dir ws cannot
  dir=$(dirname "$L")
  sed -e "s|^ptx .*|ptx $ptx|" -e "s|^\(buffer .* file \)\(.*\)|\1$PWD/$dir/\2|" -e "s|^mem_init |mem_init $PWD/$dir/|" "$L" >"$T/$name.launch"
  for cfg in default 001; do
    out=$("$S" --config $cfg --launch "$T/$name.launch" --mech all --dump-mem "$T/$name-$cfg.ref" 2>&1)
    rc=$?
    why= cannot=
    if [[ $L == */warp/* ]]; then
      ws=$(awk '$1 == "warp_size" { print $3 }' "tb/simt/configs/$cfg.cfg")
      cannot=$(grep -oE "^[a-z+]+ +cannot run" <<<"$out" | awk '{ printf " %s", $1 }')
    fi
    if [ $rc -ne 0 ] || ! grep -q "^every mechanism that ran matches" <<<"$out"; then
      why="exit $rc: $(grep -m1 '^simt:\|FAIL\|deadlock\|: ' <<<"$out" || tail -n 1 <<<"$out")"
    elif [ -n "$cannot" ] && { [ "$ws" = 32 ] || [ "$cannot" != " dwf" ] ||
           ! grep -qE "^dwf +cannot run: dwf: warp-synchronous instructions in warps of $ws threads" <<<"$out"; }; then
      why="warp_size $ws, cannot run:$cannot (only dwf's warp-synchronous reason, away from 32): $(grep -m1 "cannot run" <<<"$out")"
    elif same_as_host "$T/$name-$cfg.ref" "$host"; then :
    elif [ -z "$float" ]; then why="the reference's memory differs from the host reference"
    elif [[ $float != exempt:* ]]; then why=$(close_to_host "$T/$name-$cfg.ref" "$host"); fi
    if [ -z "$why" ]; then ok "simt_cuda_${name}_$cfg${float:+ (host: ${float#exempt:})}${cannot:+ (warp_size $ws; cannot run:$cannot)}"
    else bad "simt_cuda_${name}_$cfg" "$why"; fi
  done
}
# run_flag_variant KERNEL VARIANT: KERNEL (a tb/kernels/cuda/**/KERNEL.cu)
# compiled with VARIANT's flags, through variant_run; PTX equal to the
# committed (but for .version/.target) is one ok line, not run again
run_flag_variant() {
  local k=$1 v=$2 cu L f float= p out rc host
  cu=$(find tb/kernels/cuda -name "$k.cu" | sort | head -n 1)
  L=${cu%.cu}.launch
  host=$(variant_host "$k" "$L") || { bad "simt_cuda_${k}_$v" "host reference: $B/cuda_host/$k failed"; return; }
  case $k in own_*) f=();; *) f=(-ffp-contract=off -Itb/cuda/include -include tb/cuda/warphw_cuda.h);; esac
  p=$T/$k-$v.ptx
  # shellcheck disable=SC2086
  if ! clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_70 -nocudainc -nocudalib -O2 -S "${f[@]}" ${variant_flags[$v]} \
       -o "$p" "$cu" 2>"$T/$k-$v.log"; then bad "simt_cuda_${k}_$v" "clang: $(head -n 1 "$T/$k-$v.log")"; return; fi
  if cmp -s <(grep -v '^\.\(version\|target\)' "${cu%.cu}.ptx") <(grep -v '^\.\(version\|target\)' "$p"); then
    ok "simt_cuda_${k}_${v}_same_ptx"; return; fi
  if [ -n "${variant_refused[$k:$v]:-}" ]; then
    p=$(cd "$T" && pwd)/$k-$v.ptx
    sed -e "s|^ptx .*|ptx $p|" "$L" >"$T/${k}_$v.launch"
    out=$("$S" --launch "$T/${k}_$v.launch" --mech all 2>&1)
    rc=$?
    [ $rc -eq 2 ] && [ "$(wc -l <<<"$out")" -eq 1 ] && grep -qE "^$p:[0-9]+: ${variant_refused[$k:$v]}" <<<"$out" &&
      ok "simt_cuda_${k}_${v}_refused" || bad "simt_cuda_${k}_${v}_refused" "exit $rc: $(head -n 1 <<<"$out")"
    return
  fi
  [[ $variant_float == *" $v "* ]] && float=close
  [ -n "${variant_exempt[$k:$v]:-}" ] && float="exempt:${variant_exempt[$k:$v]}"
  variant_run "${k}_$v" "$(cd "$(dirname "$p")" && pwd)/$(basename "$p")" "$L" "$host" "$float"
}
# variant_retarget KERNEL VERSION TARGET: the committed PTX under the
# .version and .target lines of a newer compiler (clang 16 and later, or
# NVIDIA's: sm_89, sm_90, sm_90a), the same run exactly (no clang needed)
variant_retarget() {
  local k=$1 cu L p host
  cu=$(find tb/kernels/cuda -name "$k.cu" | sort | head -n 1)
  L=${cu%.cu}.launch p=$T/$k-$3.ptx
  host=$(variant_host "$k" "$L") || { bad "simt_cuda_${k}_$3" "host reference: $B/cuda_host/$k failed"; return; }
  sed -e "s/^\.version .*/.version $2/" -e "s/^\.target .*/.target $3/" "${cu%.cu}.ptx" >"$p"
  grep -q "^\.target $3\$" "$p" || { bad "simt_cuda_${k}_$3" "no .target line in ${cu%.cu}.ptx"; return; }
  variant_run "${k}_$3" "$(cd "$T" && pwd)/$k-$3.ptx" "$L" "$host" ""
}
