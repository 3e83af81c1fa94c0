#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# regress.sh -- co-simulation regressions at scale: structure x design point
# x seed, sharded over GNU parallel (this machine, or others with
# --sshloginfile), or one shard per Slurm array task.
#
#   tools/regress.sh [--seeds 1-8] [--cycles 100000] [--jobs 2] [--points "default small large odd edge"]
#                    [--structs "a b"] [--dir build/regress] [--sshloginfile FILE]
#       builds every binary it needs, runs all shards, then merges (exit 1 on any failure)
#   tools/regress.sh --list  [same options]     the shards, one line each: STRUCT POINT SEED CYCLES
#   tools/regress.sh --shard K [same options]   runs shard K (0-based) of --list
#   tools/regress.sh --merge DIR [--merge DIR2 ...]  merges DIR/shards/*.json (of every
#       DIR given: e.g. a structure's defaults and, in another DIR, the point
#       where a code the defaults cannot raise is reachable)
#
# Slurm, one shard per array task (the binaries build on first use, under a lock):
#   n=$(tools/regress.sh --list --seeds 1-1000 --cycles 1000000 | wc -l)
#   sbatch --array=0-$((n - 1)) --wrap \
#     'tools/regress.sh --shard $SLURM_ARRAY_TASK_ID --seeds 1-1000 --cycles 1000000 --dir build/regress'
#   tools/regress.sh --merge build/regress        (after the array has finished)
#
# Each shard writes DIR/shards/STRUCT.POINT.SEED.json: one JSON line with
# structure, params, seed, cycles, mismatches, invariants, coverage, seconds
# (written by the harness, --json), or a line with "invariants":"CRASH" when
# the binary died without one.  The merge prints the totals, every failure
# with the command that reproduces it, the union of the coverage (counts
# summed, high-water keys max_*, *_hw, *_hwm by maximum), and every error
# code and act of each structure that no shard reached (its err_NAME or
# act_NAME key summed to 0; the harness reports every one, 0 included).
# Design points: tb/design_points ("default" = the defaults).  small, large
# and odd are every structure's; a point only some structures have (edge)
# is run for those and skipped for the others.
set -uo pipefail
cd "$(dirname "$0")/.."
B=${B:-build}
mode=run
shard=
seeds=1-8
cycles=100000
jobs=2
points="default small large odd edge"
structs=
dir=$B/regress
sshlogin=
mergedirs=()
one=()
while [ $# -gt 0 ]; do
  # an option's missing value: one line, exit 2
  case $1 in
    --shard|--merge|--seeds|--cycles|--jobs|--points|--structs|--dir|--sshloginfile) n=2 ;;
    --one) n=5 ;; --build) n=3 ;; *) n=1 ;;
  esac
  [ $# -ge $n ] || { echo "regress.sh: $1 needs $((n - 1)) value(s) (try --help)" >&2; exit 2; }
  case $1 in
    --list) mode=list ;;
    --shard) mode=shard; shard=${2:?}; shift ;;
    --one) mode=one; one=("${2:?}" "${3:?}" "${4:?}" "${5:?}"); shift 4 ;;
    --build) mode=build; one=("${2:?}" "${3:?}"); shift 2 ;;
    --merge) mode=merge; mergedirs+=("${2:?}"); shift ;;
    --seeds) seeds=${2:?}; shift ;;
    --cycles) cycles=${2:?}; shift ;;
    --jobs) jobs=${2:?}; shift ;;
    --points) points=${2:?}; shift ;;
    --structs) structs=${2:?}; shift ;;
    --dir) dir=${2:?}; shift ;;
    --sshloginfile) sshlogin=${2:?}; shift ;;
    -h|--help) sed -n '2,/^set -uo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "regress.sh: unknown option '$1' (try --help)" >&2; exit 2 ;;
  esac
  shift
done
if [ -z "$structs" ]; then
  structs=$(for f in tb/*_cosim.cpp; do s=${f#tb/}; echo "${s%_cosim.cpp}"; done)
fi
case $seeds in
  *-*) s0=${seeds%-*}; s1=${seeds#*-} ;;
  *) s0=$seeds; s1=$seeds ;;
esac
for v in "$s0" "$s1" "$cycles" "$jobs" ${shard:+"$shard"}; do
  case $v in ''|*[!0-9]*) echo "regress.sh: bad number '$v'" >&2; exit 2 ;; esac
done
for s in $structs; do
  [ -f "verilog/$s.v" ] && [ -f "tb/${s}_cosim.cpp" ] ||
    { echo "regress.sh: --structs: no structure '$s' (need verilog/$s.v and tb/${s}_cosim.cpp)" >&2; exit 2; }
done

# The parameters of a design point ("" for the defaults).
point_params() { # STRUCT POINT
  [ "$2" = default ] && return 0
  local p
  p=$(awk -v s="$1" -v p="$2" '$1 == s && $2 == p { $1 = ""; $2 = ""; sub(/^ +/, ""); print; f = 1 } END { exit !f }' tb/design_points) ||
    { echo "regress.sh: no design point '$2' for $1 in tb/design_points" >&2; return 2; }
  echo "$p"
}

list_shards() {
  local s p seed
  for s in $structs; do
    for p in $points; do
      case $p in
        default|small|large|odd) point_params "$s" "$p" >/dev/null || exit 2 ;;
        *) if ! awk -v p="$p" '$2 == p { f = 1 } END { exit !f }' tb/design_points; then
             echo "regress.sh: no design point '$p' in tb/design_points" >&2; exit 2
           fi
           point_params "$s" "$p" >/dev/null 2>&1 || continue ;; # not this structure's
      esac
      for ((seed = s0; seed <= s1; seed++)); do echo "$s $p $seed $cycles"; done
    done
  done
}

run_shard() { # STRUCT POINT SEED CYCLES
  local s=$1 p=$2 seed=$3 n=$4 params bin out t0
  mkdir -p "$dir/shards" "$dir/logs"
  out=$dir/shards/$s.$p.$seed.json
  rm -f "$out"
  params=$(point_params "$s" "$p") || return 2
  # shellcheck disable=SC2086
  bin=$(tools/cosim_build.sh "$s" $params 2>"$dir/logs/$s.$p.build.log") || {
    printf '{"structure":"%s","params":"%s","seed":%s,"cycles":0,"cycles_asked":%s,"mismatches":0,"invariants":"BUILD","coverage":{},"seconds":0}\n' \
      "$s" "$params" "$seed" "$n" >"$out"
    return 1
  }
  t0=$(date +%s)
  "$bin" --cycles "$n" --seed "$seed" --quiet --json "$out" >"$dir/logs/$s.$p.$seed.log" 2>&1
  local rc=$?
  if [ ! -s "$out" ]; then
    printf '{"structure":"%s","params":"%s","seed":%s,"cycles":0,"cycles_asked":%s,"mismatches":0,"invariants":"CRASH","coverage":{},"seconds":%s}\n' \
      "$s" "$("$B/cosim_params" "$s" --all $params)" "$seed" "$n" "$(($(date +%s) - t0))" >"$out"
  fi
  return $rc
}

merge() { # DIR...
  local d
  for d in "$@"; do
    if ! ls "$d"/shards/*.json >/dev/null 2>&1; then
      echo "regress.sh: no shard results in $d/shards" >&2
      return 2
    fi
  done
  for d in "$@"; do cat "$d"/shards/*.json; done | awk '
    function field(line, key,    m) {
      if (match(line, "\"" key "\":(\"[^\"]*\"|[0-9.]+)")) {
        m = substr(line, RSTART + length(key) + 3, RLENGTH - length(key) - 3)
        gsub(/"/, "", m); return m
      }
      return ""
    }
    function hw(k) { return k ~ /^max_/ || k ~ /_hw$/ || k ~ /_hwm$/ }
    {
      shards++
      s = field($0, "structure"); p = field($0, "params"); seed = field($0, "seed")
      c = field($0, "cycles"); mm = field($0, "mismatches"); inv = field($0, "invariants")
      cycles += c; secs += field($0, "seconds")
      if (!(s in seen)) { seen[s] = 1; order[++ns] = s }
      if (mm != 0 || inv != "ok") {
        fails++
        gsub(/,/, " ", p)
        why = (inv != "ok" ? "invariants=" inv : "") (inv != "ok" && mm != 0 ? " " : "") (mm != 0 ? "mismatches=" mm : "")
        fail[fails] = sprintf("  %s seed=%s (%s): make cosim STRUCT=%s PARAMS=\"%s\" CYCLES=%s SEED=%s",
                              s, seed, why,
                              s, p, field($0, "cycles_asked") != "" ? field($0, "cycles_asked") : c, seed)
      }
      if (match($0, /"coverage":\{[^}]*\}/)) {
        cov = substr($0, RSTART + 12, RLENGTH - 13)
        n = split(cov, kv, ",")
        for (i = 1; i <= n; i++) {
          if (split(kv[i], a, ":") != 2) continue
          k = a[1]; gsub(/"/, "", k); v = a[2] + 0
          key = s SUBSEP k
          if (!(key in u)) { keys[s] = keys[s] " " k; u[key] = 0 }
          if (hw(k)) { if (v > u[key]) u[key] = v } else u[key] += v
        }
      }
    }
    END {
      printf "regress: %d shards, %d cycles, %.0f s of simulation, %d failed\n", shards, cycles, secs, fails
      for (i = 1; i <= fails; i++) print fail[i]
      print "coverage (union over every shard):"
      for (j = 1; j <= ns; j++) {
        s = order[j]; line = ""
        n = split(keys[s], ks, " ")
        for (i = 1; i <= n; i++) line = line (i > 1 ? "," : "") ks[i] "=" u[s SUBSEP ks[i]]
        printf "  %s %s\n", s, line
      }
      # every error code and act (the err_NAME / act_NAME keys, which every
      # harness reports, 0 included) that no shard reached
      nu = 0
      for (j = 1; j <= ns; j++) {
        s = order[j]; line = ""
        n = split(keys[s], ks, " ")
        for (i = 1; i <= n; i++)
          if (ks[i] ~ /^(err|act)_/ && u[s SUBSEP ks[i]] == 0) line = line " " ks[i]
        if (line != "") { unr[++nu] = "  " s ":" line }
      }
      if (nu == 0) print "unreached: none (every err_ and act_ key counted at least once)"
      else { print "unreached (err_ and act_ keys counted 0 in every shard):"; for (i = 1; i <= nu; i++) print unr[i] }
      exit fails > 0
    }'
}

case $mode in
  list) list_shards ;;
  shard)
    line=$(list_shards | sed -n "$((shard + 1))p")
    [ -n "$line" ] || { echo "regress.sh: no shard $shard" >&2; exit 2; }
    # shellcheck disable=SC2086
    run_shard $line ;;
  merge) merge "${mergedirs[@]}" ;;
  one) run_shard "${one[@]}" ;;
  build)
    params=$(point_params "${one[0]}" "${one[1]}") || exit 2
    mkdir -p "$dir/logs"
    # shellcheck disable=SC2086
    tools/cosim_build.sh "${one[0]}" $params >/dev/null 2>"$dir/logs/${one[0]}.${one[1]}.build.log" ||
      { echo "regress: build of ${one[0]} ${one[1]} failed: see $dir/logs/${one[0]}.${one[1]}.build.log"; exit 1; } ;;
  run)
    command -v parallel >/dev/null || { echo "regress.sh: GNU parallel is missing (make deps)" >&2; exit 2; }
    list=$(list_shards) || exit 2
    rm -rf "$dir/shards"
    mkdir -p "$dir/shards" "$dir/logs"
    make -s B="$B" "$B/libmodels.a" "$B/cosim_params" || exit 2
    if [ -z "$sshlogin" ]; then
      # build every binary first, JOBS at a time (one build each)
      builds=$(awk '{ print $1, $2 }' <<<"$list" | sort -u)
      echo "regress: building $(wc -l <<<"$builds") binaries, then $(wc -l <<<"$list") shards on $jobs jobs"
      COSIM_BUILD_JOBS=1 parallel --will-cite --colsep ' ' -j "$jobs" \
        tools/regress.sh --build {1} {2} --dir "$dir" <<<"$builds"
    fi
    ssh=()
    [ -n "$sshlogin" ] && ssh=(--sshloginfile "$sshlogin" --workdir "$PWD")
    parallel --will-cite --colsep ' ' -j "$jobs" "${ssh[@]}" \
      tools/regress.sh --one {1} {2} {3} {4} --dir "$dir" <<<"$list"
    merge "$dir" ;;
esac
