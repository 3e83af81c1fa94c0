#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# regress.sh [BUILD_DIR] [COUNT] -- the large random-kernel regression of
# build/simt (issue 13 sec. 2: at least 1,000 generated kernels per
# mechanism).  COUNT (default 1000) kernels through every mechanism at each
# of several design points; every run is checked against the scalar
# reference (and dpe against spe's instruction counts).  Prints one summary
# line per design point, and seed + kernel of any failure; exit 1 if any
# failed.  `make test` runs a smaller count (tests/test_simt.sh).  Then the
# CUDA kernels at every preset (tests/test_simt_cuda.sh; make test runs the
# default preset only).
set -u
B=${1:-build}
N=${2:-1000}
S=$B/simt
[ -x "$S" ] || { echo "regress.sh: no $S (make $S)" >&2; exit 2; }
rc=0
run() {
  if ! nice -n 10 "$S" --random "$N" --quiet "$@"; then rc=1; fi
}
run --seed 1
run --seed 100001 --lanes 4 --alu-lat 1 --mem-lat 5 --policy dmin
run --seed 200001 --lanes 32 --policy dtime --regfile crossbar --max-threads 256
run --seed 300001 --lanes 8 --policy dpc --swizzle off --mem-lat 100
run --seed 400001 --lanes 16 --policy dpdpri --alu-lat 2 --mem-lat 13 --max-threads 200
# the SM core (issue 24): every paper's preset and the default, the timing
# oracle on, then two-level scheduling and the smallest design point
for cfg in default 000 001 002 003 004; do
  run --config "$cfg" --seed 500001 --max-threads 256
done
run --sched two-level --seed 600001 --max-threads 256
run --config 004 --sched two-level --seed 700001 --max-threads 256
run --lanes 2 --set simd_width=1 --set schedulers=1 --seed 800001
# the CUDA kernels (tb/kernels/cuda) through every mechanism at every preset
cuda=$(SIMT_CUDA_PRESETS="000 001 002 003 004" nice -n 10 bash tests/test_simt_cuda.sh "$B")
echo "CUDA kernels at every preset: $(grep -c '^ok ' <<<"$cuda") ok, $(grep -c '^FAIL ' <<<"$cuda") failed"
grep '^FAIL ' <<<"$cuda" && rc=1
exit $rc
