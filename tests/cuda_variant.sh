# SPDX-License-Identifier: Apache-2.0
# cuda_variant.sh -- sourced by tests/test_simt_cuda_realworld6.sh and
# realworld7.sh (clang installed): run_variant KERNEL[:frame|:nolwm] O ARCH
# FLAGS... compiles tb/kernels/cuda/SET/KERNEL.cu ($D) with issue 25's
# command at -O and sm_ARCH, runs every mechanism on its launch and
# compares the reference with the host reference (build/cuda_host/KERNEL);
# the caller sets B, S, T, D and ok/bad, and sources tests/cuda_small.sh.
# run_variants OWN "KERNEL[:frame|:nolwm]...": with clang installed, the set's
# own-prelude kernel OWN at -O0, -O3 and -Os on sm_60, sm_75 and sm_86
# (make test), or at every pair of -O0 -O1 -O2 -O3 -Os and sm_60 sm_75
# sm_80 sm_86 with SIMT_CUDA_PRESETS set (make regress), where the header
# kernels listed also run at -O0.
run_variant() { # KERNEL[:frame|:nolwm] O ARCH FLAGS...: compile, run every mechanism, compare with the host
  # (KERNEL:frame: a barrier in a loop whose bound clang -O0 keeps in the
  # stack frame where the analysis cannot follow it (the frame's address
  # escapes: a local array at a variable index), refused with one line,
  # "barrier under divergent control"; fourth round, docs/ptx.md "Barriers
  # in -O0 loops".  KERNEL:nolwm: every mechanism but lwm, whose large warp
  # holds a spin's producers and consumers)
  local k=${1%:*} o=$2 a=$3 v=$T/${1%:*}-$2-$3 out rc mechs=all
  local frame=${1#"$k"}
  [ "$frame" = :nolwm ] && { frame=; mechs=spe,dpe,dwf,sbi,tsimt,stsimt,swi,sbi+swi,simt+scalar,tsimt+scalar,stsimt+scalar; }
  shift 3
  if ! clang -x cuda --cuda-device-only --cuda-gpu-arch="$a" -nocudainc -nocudalib -"$o" -S "$@" \
       -o "$v.ptx" "$D/$k.cu" 2>"$v.log"; then bad "simt_cuda_${k}_${o}_$a" "clang: $(head -n 1 "$v.log")"; return; fi
  sed -e "s|^ptx .*|ptx $(cd "$T" && pwd)/$(basename "$v").ptx|" -e "s|^\(buffer .* file \)\(.*\)|\1$PWD/$D/\2|" $D/$k.launch >"$v.launch"
  [ -f "$T/$k.host" ] || "$B/cuda_host/$k" --launch $D/$k.launch --dump-mem "$T/$k.host" >/dev/null 2>&1
  out=$("$S" --launch "$v.launch" --mech $mechs --dump-mem "$v.ref" 2>&1)
  rc=$?
  if [ -n "$frame" ]; then
    [ $rc -eq 2 ] && [ "$(wc -l <<<"$out")" -eq 1 ] && grep -q "barrier under divergent control" <<<"$out" &&
      ok "simt_cuda_${k}_${o}_${a}_frame_refused" || bad "simt_cuda_${k}_${o}_${a}_frame_refused" "exit $rc: $(head -n 1 <<<"$out")"
  elif [ $rc -eq 0 ] && grep -q "^every mechanism that ran matches" <<<"$out" && same_as_host "$v.ref" "$T/$k.host"; then
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
