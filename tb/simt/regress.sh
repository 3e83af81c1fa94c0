#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# regress.sh [BUILD_DIR] [COUNT] [JOBS] -- the random-kernel regression of
# build/simt (issue 24, "Done when"; issue 13 sec. 2).
#
# COUNT (default 1000) generated kernels (tb/simt/gen.c says what they
# hold) through every mechanism of `build/simt --help` (one job per
# mechanism), at every preset (tb/simt/configs: default 000 001 002 003
# 004) and at the design points below, each run checked against the scalar
# reference with the timing oracle on (registers, every thread's PC
# sequence, memory, each register read or overwritten only once its
# result is ready), and dpe's instruction counts against spe's (003).  The
# jobs (mechanism x point x a chunk of CHUNK seeds) run on GNU parallel,
# JOBS at a time (default: one per core), each under nice -n 10.
#
# Output: one line per mechanism x point (kernels, failed, skipped), then
# every skip with its reason, then every failure with the command line that
# reproduces it (build/simt ... --random 1 --seed S); exit 1 on any
# failure.  A kernel a mechanism cannot hold at a point (dwf's 32-lane
# register file, a CTA larger than the SM, a mechanism that schedules
# itself under --sched two-level) is a counted skip with the simulator's
# reason, never silent.  Then the CUDA kernels at every preset with their
# launches as they are (SIMT_CUDA_PRESETS set): tests/test_simt_cuda.sh
# (the 13 main kernels, conformance/, realworld/ also at -O1/-O3, warp/),
# --layout tf (tests/test_layout.sh), and tests/test_simt_cuda_SET.sh for
# every round (tests/cuda_small.sh's round_presets: realworld2 ..
# realworld12, persist, forret; make test runs each at the default and one
# preset), multi and variants (clang's flag variants).
#
# `make test` runs a few kernels per mechanism x point (tests/test_simt.sh,
# SIMT_RANDOM); `make regress` runs COUNT = KERNELS (default 1000).
# Environment: CHUNK (default 100), POINTS (a subset of the labels below),
# MECHS (a subset of the mechanisms), NO_CUDA=1 (skip the CUDA kernels),
# CUDA_SETS (a subset of "main layout ROUNDS multi variants", ROUNDS the
# keys of tests/cuda_small.sh's round_presets: only those CUDA runs; with
# KERNELS=0 only the CUDA),
# OUT (the jobs' outputs, default BUILD_DIR/regress/random),
# MAX_THREADS (the generator's largest kernel, default 256 threads),
# EXTRA_ARGS (added to every run, e.g. --inject-fault sb@5 to see it fail).
set -u
B=${1:-build}
N=${2:-1000}
J=${3:-$(nproc 2>/dev/null || echo 2)}
S=$B/simt
CHUNK=${CHUNK:-100}
MAXT=${MAX_THREADS:-256}
EXTRA=${EXTRA_ARGS:-}
[ -x "$S" ] || { echo "regress.sh: no $S (make $S)" >&2; exit 2; }
command -v parallel >/dev/null || { echo "regress.sh: GNU parallel is not installed (make deps)" >&2; exit 2; }

# label:arguments; each label its own seeds (label number x 1,000,000 + 1)
ALL_POINTS=(
  "default:--config default"
  "000:--config 000"
  "001:--config 001"
  "002:--config 002"
  "003:--config 003"
  "004:--config 004"
  "lanes4-dmin:--lanes 4 --alu-lat 1 --mem-lat 5 --policy dmin"
  "lanes32-dtime-crossbar:--lanes 32 --policy dtime --regfile crossbar"
  "lanes8-dpc-noswizzle:--lanes 8 --policy dpc --swizzle off --mem-lat 100"
  "lanes16-dpdpri:--lanes 16 --policy dpdpri --alu-lat 2 --mem-lat 13"
  "two-level:--sched two-level"
  "004-two-level:--config 004 --sched two-level"
  "oldest-ibuf1:--sched oldest --set ibuf=1 --set fetch_width=1"
  "simd1-sched1:--lanes 2 --set simd_width=1 --set schedulers=1"
  "layout-tf:--layout scramble_tf"
  "001-layout-tf:--config 001 --layout scramble_tf"
)
# POINTS: exact labels ("001" is not "001-layout-tf"); an unknown one is one line, exit 2
labels=" ${ALL_POINTS[*]%%:*} "
read -ra want <<<"${POINTS:-}"
for l in "${want[@]}"; do
  case "$labels" in *" $l "*) ;; *) echo "regress.sh: POINTS: no point '$l' (points:${labels% })" >&2; exit 2 ;; esac
done
want=" ${want[*]} "
. tests/cuda_small.sh # round_presets: the rounds
# (the first round, realworld, runs inside tests/test_simt_cuda.sh: main)
rounds=$(printf '%s\n' "${!round_presets[@]}" | grep -vx realworld | sort -V | paste -sd' ')
all_sets="main layout $rounds multi variants"
cuda_sets=" ${CUDA_SETS:-$all_sets} "
for c in $cuda_sets; do
  case " $all_sets " in *" $c "*) ;;
    *) echo "regress.sh: CUDA_SETS: no set '$c'" >&2; exit 2 ;; esac
done
mechs=${MECHS:-$("$S" --help | awk '/^mechanisms/ { m = 1; next } /^--param/ { m = 0 } m { print $1 }')}
[ -n "$mechs" ] || { echo "regress.sh: no mechanisms in '$S --help'" >&2; exit 2; }

D=${OUT:-$B/regress/random}
rm -rf "$D"
mkdir -p "$D"
jobs=$D/jobs
: >"$jobs"
pi=0
for pt in "${ALL_POINTS[@]}"; do
  label=${pt%%:*} args=${pt#*:}
  pi=$((pi + 1))
  if [ -n "${POINTS:-}" ]; then case "$want" in *" $label "*) ;; *) continue ;; esac; fi
  for m in $mechs; do
    for ((first = 0; first < N; first += CHUNK)); do
      n=$((N - first < CHUNK ? N - first : CHUNK))
      seed=$((pi * 1000000 + 1 + first))
      out="$D/$label@$m@$seed.out"
      # the job: its command line first (the reproduce lines repeat it)
      echo "nice -n 10 $S --random $n --seed $seed --quiet --max-threads $MAXT --mech $m $args $EXTRA >'$out' 2>&1; echo \"rc \$?\" >>'$out'" >>"$jobs"
    done
  done
done
t0=$(date +%s)
parallel --jobs "$J" --halt never <"$jobs"
t1=$(date +%s)

# the summary: per mechanism x point
rc=0
printf '%-24s %-14s %8s %7s %8s\n' point mech kernels failed skipped
declare -A K F SK
for f in "$D"/*.out; do
  [ -e "$f" ] || continue   # KERNELS=0: no jobs
  b=${f##*/} b=${b%.out}
  key=${b%@*}
  k=$(sed -n 's/^random: \([0-9]*\) kernels from seed.*/\1/p' "$f")
  fl=$(sed -n 's/^random: .*: \([0-9]*\) failed (.*/\1/p' "$f")
  sk=$(sed -n 's/^random: [^ ]* could not hold \([0-9]*\) of the kernels.*/\1/p' "$f")
  r=$(sed -n 's/^rc //p' "$f")
  n=$(sed -n 's/.*--random \([0-9]*\) --seed.*/\1/p' <<<"$(grep -m1 -F -- "/$b.out'" "$jobs")")
  if [ "$r" = 2 ] && grep -q '^simt: --random: .* could not hold any of the' "$f"; then
    k=$n sk=$n fl=0   # the mechanism cannot run at this point: every kernel a skip
    echo "$key: every kernel: $(sed -n 's/^simt: --random: .* (the first: \(.*\))$/\1/p' "$f" | head -1)" >>"$D/skips"
  elif [ -z "$k" ] || [ -z "$fl" ] || { [ "$r" != 0 ] && [ "$r" != 1 ]; }; then
    k=$n fl=$n sk=0   # the run itself broke (a crash, a bad flag): every kernel failed
    echo "FAIL $key: exit $r: $(grep -v '^rc ' "$f" | head -3 | tr '\n' '|')" >>"$D/fails"
    echo "  reproduce: $(grep -m1 -F -- "/$b.out'" "$jobs" | sed 's/ >.*//; s/^nice -n 10 //')" >>"$D/fails"
  else
    [ -n "$sk" ] && echo "$key: $sk of $k kernels: $(sed -n 's/^random: [^ ]* could not hold [0-9]* of the kernels (the first: \(.*\)); --mech.*/\1/p' "$f")" >>"$D/skips"
    grep -A1 '^FAIL random seed' "$f" | grep -v '^--$' >>"$D/fails"
  fi
  K[$key]=$(( ${K[$key]:-0} + k ))
  F[$key]=$(( ${F[$key]:-0} + fl ))
  SK[$key]=$(( ${SK[$key]:-0} + ${sk:-0} ))
done
tk=0 tf=0 ts=0
for pt in "${ALL_POINTS[@]}"; do
  label=${pt%%:*}
  for m in $mechs; do
    key="$label@$m"
    [ -n "${K[$key]:-}" ] || continue
    printf '%-24s %-14s %8d %7d %8d\n' "$label" "$m" "${K[$key]}" "${F[$key]}" "${SK[$key]}"
    tk=$((tk + K[$key])) tf=$((tf + F[$key])) ts=$((ts + SK[$key]))
  done
done
echo "random kernels: $tk runs (mechanism x point x kernel), $tf failed, $ts skipped, $((t1 - t0)) s wall on $J jobs"
if [ -s "$D/skips" ]; then
  echo "skipped (the mechanism cannot hold the kernel at that point; the simulator's reason):"
  sed 's/^/  /' "$D/skips" | sort | uniq
fi
if [ -s "$D/fails" ]; then
  rc=1
  echo "failures (each with the command that reproduces it):"
  sed 's/^/  /' "$D/fails"
fi
[ "$tk" -gt 0 ] || [ "$N" -eq 0 ] || { echo "regress.sh: no runs (POINTS, MECHS?)"; rc=1; }

# the CUDA kernels (tb/kernels/cuda) through every mechanism at every preset
if [ -z "${NO_CUDA:-}" ] && [[ $cuda_sets == *" main "* ]]; then
  cuda=$(SIMT_CUDA_PRESETS="000 001 002 003 004" nice -n 10 bash tests/test_simt_cuda.sh "$B")
  echo "CUDA kernels at every preset: $(grep -c '^ok ' <<<"$cuda") ok, $(grep -c '^FAIL ' <<<"$cuda") failed"
  grep '^FAIL ' <<<"$cuda" && rc=1
fi
if [ -z "${NO_CUDA:-}" ] && [[ $cuda_sets == *" layout "* ]]; then
  # the same kernels laid out (--layout tf, tests/test_layout.sh) at every preset
  lay=$(LAYOUT_PRESETS="default 000 001 002 003 004" nice -n 10 bash tests/test_layout.sh "$B")
  echo "--layout tf at every preset: $(grep -c '^ok ' <<<"$lay") ok, $(grep -c '^FAIL ' <<<"$lay") failed"
  grep '^FAIL ' <<<"$lay" && rc=1
fi
# the other sets (docs/ptx.md, each round), each its own test script:
# their launches as they are at every preset and -O1/-O3 (clang
# installed); realworld4's and realworld5's own_ kernels at every -O level
# and sm_ target, realworld5's own_nqueens at 9 queens, realworld6's own_sobol
# at every -O level and target and its header kernels at -O0, realworld7's
# own_lexer, realworld8's own_batchlu, realworld9's own_primes and
# realworld10's own_interp and realworld11's own_patfind the same; variants: every kernel under each
# clang flag variant a reviewer may add (tests/test_simt_cuda_variants.sh,
# default and 001)
for set_ in $rounds multi variants; do
  [ -z "${NO_CUDA:-}" ] && [[ $cuda_sets == *" $set_ "* ]] || continue
  out=$(SIMT_CUDA_PRESETS="000 001 002 003 004" nice -n 10 bash "tests/test_simt_cuda_$set_.sh" "$B")
  where="at every preset"; [ "$set_" = variants ] && where="at the default and 001"
  echo "$set_ $where: $(grep -c '^ok ' <<<"$out") ok, $(grep -c '^FAIL ' <<<"$out") failed"
  grep '^FAIL ' <<<"$out" && rc=1
done
exit $rc
