#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# test_simt_cuda_variants.sh BUILD_DIR -- issue 25's command with the flags
# a reviewer may add (docs/ptx.md "Flag variants a reviewer may add";
# the table, the tolerance and the exemptions: tests/cuda_variant.sh):
# each kernel compiled with a variant's flags through every mechanism at
# the default preset and 001, every mechanism equal to the reference and
# the reference to the kernel's host reference (exactly; within
# close_to_host's tolerance where the variant changes float results).
# Without clang: the committed PTX under the .version/.target lines of
# sm_89, sm_90 and sm_90a (newer compilers' output) alone (warpagg's at
# the default preset's warps of 8), and the host reference made again
# when its launch file changes (simt_cuda_variants_host_follows_launch).
# make test: a few kernels per variant, where its PTX differs from the
# committed (about a minute of CPU); SIMT_CUDA_PRESETS set (make regress):
# every kernel of tb/kernels/cuda (all sets) under every variant.
set -u
B=${1:-build}
S=$B/simt
T=$B/test/simt_cuda_variants
mkdir -p "$T"
ok() { echo "ok $1"; }
bad() { echo "FAIL $1${2:+: $2}"; }
[ -x "$S" ] || { bad simt_cuda_variants "no $S (make $S)"; exit 0; }
. tests/cuda_small.sh   # same_as_host
. tests/cuda_variant.sh # variant_flags, run_flag_variant, variant_retarget

# newer targets (clang 14 stops at sm_86): the committed PTX relabelled
variant_retarget collatz 7.8 sm_89
variant_retarget nw 8.0 sm_90
variant_retarget histogram 8.0 sm_90a
# a warp/ kernel at the default preset's own warps of 8 (no --set
# warp_size=32 any more): every mechanism but dwf runs it and matches, dwf
# says it cannot, with its reason (variant_run)
variant_retarget warpagg 8.0 sm_90

# the host reference follows its launch file (variant_host): a launch that
# changes after its host output was made gets one of its own (before, the
# old $T/KERNEL.host was reused: a false FAIL while editing a launch)
sed -e "s|^ptx .*|ptx $PWD/tb/kernels/cuda/collatz.ptx|" tb/kernels/cuda/collatz.launch >"$T/hostchk.launch"
h1=$(variant_host collatz "$T/hostchk.launch")
sed -i 's/^param u64 1000001$/param u64 2000001/' "$T/hostchk.launch"
h2=$(variant_host collatz "$T/hostchk.launch")
"$B/cuda_host/collatz" --launch "$T/hostchk.launch" --dump-mem "$T/hostchk.fresh" >/dev/null 2>&1
[ -n "$h1" ] && [ -n "$h2" ] && ! cmp -s "$h1" "$h2" && cmp -s "$h2" "$T/hostchk.fresh" &&
  ok simt_cuda_variants_host_follows_launch ||
  bad simt_cuda_variants_host_follows_launch "'$h1' then '$h2' (the second must be the changed launch's)"
command -v clang >/dev/null || exit 0

# the close_to_host tolerance itself: an f32 off in its last bit and an
# f64 off in its low word pass; an integer count off by one, a NaN for a
# number and an f64 off by 6% (its high word) do not
printf '3f800000\n00000005\n00000000\n3ff00000\n' >"$T/close.host"
printf '3f800001\n00000005\n00001234\n3ff00000\n' >"$T/close.a"
for w in '3f800000 00000006 00000000 3ff00000' '7fc00000 00000005 00000000 3ff00000' '3f800000 00000005 00000000 3ff10000'; do
  tr ' ' '\n' <<<"$w" >"$T/close.b"
  [ -n "$(close_to_host "$T/close.b" "$T/close.host")" ] || bad simt_cuda_variants_close "'$w' passed"
done
[ -z "$(close_to_host "$T/close.a" "$T/close.host")" ] && ok simt_cuda_variants_close || bad simt_cuda_variants_close "$(close_to_host "$T/close.a" "$T/close.host")"

if [ -z "${SIMT_CUDA_PRESETS:-}" ]; then
  # make test: per variant, kernels its flags change (field3d: a double's
  # sqrt as rcp.approx.ftz.f64 of rsqrt.approx.f64; nw, bitonic: shared
  # memory through 32-bit addresses; tmpl: -fgpu-rdc's .weak functions;
  # own_batchlu, the reviewer's own prelude)
  for kv in blackscholes:fastmath field3d:fastmath fmaxcas:fastmath blackscholes:ftz gstride:ftz mriq:fastftz \
            own_batchlu:fastftz nbody:contract lud:unroll histogram:nounroll cxx:cxx20 blackscholes:approx own_sobol:nocontract nw:g bitonic:gline \
            nw:shortptr bitonic:shortptr tmpl:rdc own_batchlu:ftz; do
    run_flag_variant "${kv%:*}" "${kv#*:}"
  done
  exit 0
fi
# make regress: every kernel, every variant
for cu in $(find tb/kernels/cuda -name '*.cu' | sort); do
  for v in $(printf '%s\n' "${!variant_flags[@]}" | sort); do run_flag_variant "$(basename "$cu" .cu)" "$v"; done
done
exit 0
