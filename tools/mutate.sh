#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# mutate.sh BUILD_DIR UNIT... -- mutation check of the co-simulations
# (issue 11 item 13; `make mutate`, not part of `make test`).
#
# A UNIT is a module M (verilog/M.v with tb/M_cosim.cpp, judged by M's
# co-simulation) or an include file U (verilog/U.vh, judged by the
# co-simulation of each module that `include`s it, in turn: e.g. simt_rule,
# the push/pop rule of simt_stack and lwm_subwarp).
#
# For each unit: list the operator
# mutants of its file (BUILD_DIR/mutate_gen, see tools/mutate_gen.c:
# == and !=, && and ||, & and |, +1 and -1, constants 0 and 1, dropped ! and
# ~, swapped operands of comparisons), plant one at a time in a scratch copy
# of verilog/ (BUILD_DIR/mutate/M) and test it in two passes:
#   1. Icarus replay (cheap: compile < 1 s).  Before the mutants, the
#      unmutated co-simulation is built in the scratch directory and run
#      with --record for each seed; the recorded vector file (C-model inputs
#      and outputs, mid-traffic resets included) is replayed against the
#      mutated Verilog under Icarus (tools/replay_gen.c's testbench, which
#      here stops at the first mismatch).  A mismatch on an output whose RTL
#      value is fully known (no X/Z) kills the mutant.
#   2. Verilator (the Icarus survivors only): M's co-simulation is rebuilt
#      with the mutant and run, with the whole-state compare after every
#      clock edge.
# A mutant is
#   killed      the Icarus replay mismatches (killed-icarus) or the
#               co-simulation exits non-zero (killed-cosim: mismatch,
#               invariant, or a state difference),
#   surviving   it passes both passes at every seed,
#   equivalent  it is listed in tools/mutate_equivalent.txt (with a reason),
#   stillborn   Verilator rejects it (a width or syntax error): not counted.
# Score = killed / (killed + surviving).  Prints one line per unit and
# each survivor with its line; writes out/mutate/M.txt (every mutant;
# M-KEY.txt at another design point; U-M.txt, U-M-KEY.txt for an include
# file judged by module M; ...-ids.txt for a MUTATE_IDS rerun) and
# out/mutate/summary.txt.  Exit status 1 if any mutant survives.
#
# Environment:
#   MUTANTS=N        at most N mutants per module, spread evenly over the
#                    file (default 40; 0 = all)
#   MUTATE_CYCLES=N  cycles per run (default 20000)
#   MUTATE_SEEDS="1 2"  seeds (default "1"); a mutant must pass all
#   MUTATE_IDS="3 17"   only these mutant ids (with one UNIT)
#   MUTATE_JUDGES="simt_stack"  an include file's judges (default: every
#                    module with a co-simulation that includes it)
#   MUTATE_PARAMS="K=V ..."  the design point (default: the defaults, then
#                    the points of tools/mutate_points.txt), as
#                    tools/cosim_build.sh takes it (with one MODULE); e.g.
#                    the odd point of tb/design_points, where a parameter
#                    that is not a power of two makes range errors reachable
#   MUTATE_ICARUS=0  skip pass 1 (every mutant goes to Verilator)
#   MUTATE_ICARUS_CYCLES=N  cycles the Icarus pass replays (default 3000,
#                    at most MUTATE_CYCLES): most kills come within a few
#                    hundred cycles, and Icarus runs far slower than
#                    Verilator, so its survivors are left to pass 2
#
# tools/mutate_points.txt: "MODULE K=V ..." lines.  Without MUTATE_PARAMS,
# the mutants that survive a module's defaults run again at each of its
# points there, in order (code that a power-of-two default compiles away or
# never reaches, e.g. a range check); a mutant killed at any point is
# killed, and the log of each point is out/mutate/M-KEY.txt.  An include
# file's mutants go through the same stages for each judge in turn (its
# defaults, then its points), each stage running the survivors so far.
# The summary adds up every stage: killed and equivalent at any stage;
# stillborn only where a mutant first ran (a survivor that Verilator
# rejects at a later point stays a survivor: it was not tested there).
#
# tools/mutate_equivalent.txt: one equivalent mutant per line,
#   MODULE|KIND|OCC|FROM -> TO|LINE TEXT|reason
# where KIND, OCC, FROM -> TO and LINE TEXT are the columns of
# `mutate_gen list` (the line text without its indentation): the entry
# follows the line if it moves.  When the same line text (with the same
# mutation) occurs again further down the file, the later ones are told
# apart by #2, #3, ... after LINE TEXT.
set -u
shopt -s nullglob   # verilog/*.vh may not exist
[ $# -ge 1 ] || { echo "usage: tools/mutate.sh BUILD_DIR MODULE..." >&2; exit 2; }
B=$1
shift
gen=$B/mutate_gen
rgen=$B/replay_gen
eqf=tools/mutate_equivalent.txt
ptf=tools/mutate_points.txt
max=${MUTANTS:-40}
cycles=${MUTATE_CYCLES:-20000}
seeds=${MUTATE_SEEDS:-1}
ids_only=${MUTATE_IDS:-}
icarus=${MUTATE_ICARUS:-1}
icycles=${MUTATE_ICARUS_CYCLES:-3000}
VERILATOR=${VERILATOR:-verilator}
[ -x "$gen" ] || { echo "mutate.sh: $gen missing (make $gen)" >&2; exit 2; }
case "$max$cycles$icycles" in *[!0-9]*) echo "mutate.sh: MUTANTS, MUTATE_CYCLES and MUTATE_ICARUS_CYCLES must be numbers" >&2; exit 2;; esac
if [ "$icarus" != 0 ]; then
  [ "$icycles" -le "$cycles" ] || icycles=$cycles
  [ -x "$rgen" ] || { echo "mutate.sh: $rgen missing (make $rgen)" >&2; exit 2; }
  command -v iverilog >/dev/null && command -v vvp >/dev/null ||
    { echo "mutate.sh: iverilog/vvp not found (make deps), or MUTATE_ICARUS=0" >&2; exit 2; }
fi
mkdir -p out/mutate
summary=out/mutate/summary.txt
: >"$summary"
rc=0

build() { # module dir -> builds dir/cosim from dir/v (as tools/cosim_build.sh)
  # Verilator writes every file afresh; only the ones that differ from the
  # last build are copied into obj/ (so make recompiles only the model code
  # the mutant changed, not the harness or the Verilator runtime).
  local m=$1 d=$2 f top=$PWD set_ gflags ad ab
  set_=$("$B/cosim_params" "$m" --set "${params[@]}") || return 2
  read -r -a gflags <<<"$("$B/cosim_params" "$m" --gflags "${params[@]}")"
  rm -rf "$d/gen" && mkdir -p "$d/gen" "$d/obj"
  # absolute paths for Verilator (B, hence d, may be absolute or relative)
  ad=$(cd "$d" && pwd) ab=$(cd "$B" && pwd)
  "$VERILATOR" --cc --exe --trace-fst -O1 \
    --top-module "$m" --Mdir "$d/gen" -y "$d/v" "${gflags[@]}" \
    -CFLAGS "-O1 -std=c++14 -I$top/tb" -o "$ad/cosim" \
    "$d/v/$m.v" "$top/tb/${m}_cosim.cpp" "$top/tb/cosim.cpp" "$ad/obj/${m}_rtl_ports.cpp" \
    "$ab/libmodels.a" >"$d/build.log" 2>&1 || return 1
  tools/rtl_ports.sh "$d/gen/V$m.h" "$m" "$set_" 0 >"$d/gen/${m}_rtl_ports.cpp" 2>>"$d/build.log" ||
    return 1
  for f in "$d"/gen/*; do
    cmp -s "$f" "$d/obj/${f##*/}" || cp "$f" "$d/obj/"
  done
  rm -f "$d/cosim"
  make -C "$d/obj" -f "V$m.mk" -j 2 OPT_FAST=-O1 OPT_SLOW=-O0 >>"$d/build.log" 2>&1
}

# the replay testbench stops at the first mismatch whose RTL value is fully
# known (prints KILL ...); an X/Z-only difference is left to Verilator
stop_at_kill() {
  awk '{ print }
       /^ *if \(\^v_[A-Za-z0-9_]+ !== 1.bx && o_[A-Za-z0-9_]+ !== v_[A-Za-z0-9_]+\) begin$/ {
         n = $0; sub(/.*&& o_/, "", n); sub(/ !==.*/, "", n); want = n; next }
       want != "" && /errors = errors \+ 1;/ {
         printf "                    if (^o_%s !== 1%sbx) begin $display(\"KILL replay cycle=%%0d signal=%s recorded=%%h RTL=%%h\", cyc, v_%s, o_%s); $finish; end\n", want, "\x27", want, want, want
         want = "" }' "$1" >"$1.tmp" && mv "$1.tmp" "$1"
}

# icarus_pass dir module -> 0 killed (verdict in $ivd), 1 not killed
icarus_pass() {
  local d=$1 m=$2 s out
  for s in $seeds; do
    iverilog -g2005 -o "$d/mut.vvp" -s replay_tb -y "$d/v" -I "$d/v" "$d/replay_$s/replay_tb.v" \
      >"$d/iverilog.log" 2>&1 || return 1
    out=$(timeout 120 vvp -n "$d/mut.vvp" 2>&1 | grep -m1 '^KILL')
    if [ -n "$out" ]; then ivd="killed-icarus(seed $s: ${out#KILL replay })"; return 0; fi
  done
  return 1
}

# run_point M "IDS": runs mutants IDS of unit $unit (file $src) against
# module M's co-simulation at the design point in params (empty: the
# defaults); sets killed ikilled surv equiv still, surv_ids and survivors
# (text), still_ids and still_text (the ones Verilator rejects at this
# point).
run_point() {
  local m=$1 pick=$2 pkey d list total log id row line kind occ fromto text key verdict s base
  pkey=$("$B/cosim_params" "$m" --key "${params[@]}") || exit 2
  d=$B/mutate/$m/$pkey
  rm -rf "$d/v" && mkdir -p "$d/v"
  list=$d/mutants.txt
  "$gen" list "$src" >"$list" || exit 2
  total=$(wc -l <"$list")
  # each mutant's key in tools/mutate_equivalent.txt; a line text that occurs
  # again in the file (with the same mutation) gets #2, #3, ... after it
  awk -F'\t' -v m="$unit" '{ k = m "|" $3 "|" $4 "|" $5 "|" $6; n[k]++
                          if (n[k] > 1) k = k "#" n[k]; print $1 "\t" k "|" }' "$list" >"$d/keys.txt"
  # out/mutate/UNIT[-MODULE][-KEY].txt: MODULE when it is not the unit's own
  base=$unit
  [ "$m" = "$unit" ] || base=$unit-$m
  [ "$pkey" = default ] || base=$base-$pkey
  log=out/mutate/$base.txt
  [ -z "$ids_only" ] || log=${log%.txt}-ids.txt   # a rerun keeps the full log
  echo "# $unit ($src) by ${m}'s co-simulation ($pkey): $total mutants, running $(echo $pick | wc -w); $cycles cycles (Icarus: $([ "$icarus" = 0 ] && echo off || echo "$icycles")), seeds $seeds" >"$log"
  # the unmutated design: builds the scratch cosim (warms obj/), must pass,
  # and records the vector files for the Icarus pass
  cp verilog/*.v verilog/*.vh "$d/v/"
  if ! build "$m" "$d"; then
    echo "mutate.sh: $m: the unmutated co-simulation does not build ($d/build.log)" >&2; exit 2
  fi
  use_icarus=$icarus
  for s in $seeds; do
    if ! "$d/cosim" --cycles "$cycles" --seed "$s" --quiet >"$d/run.log" 2>&1; then
      echo "mutate.sh: $m: the unmutated co-simulation fails at seed $s ($d/run.log)" >&2; exit 2
    fi
    [ "$use_icarus" = 0 ] && continue
    "$d/cosim" --cycles "$icycles" --seed "$s" --quiet --record "$d/seed_$s.vec" >"$d/run.log" 2>&1 ||
      { echo "mutate.sh: $m: recording seed $s failed ($d/run.log)" >&2; exit 2; }
    rm -rf "$d/replay_$s" && mkdir -p "$d/replay_$s"
    if ! "$rgen" "$d/seed_$s.vec" "$d/replay_$s" >/dev/null ||
       ! iverilog -g2005 -o "$d/base.vvp" -s replay_tb -y "$d/v" -I "$d/v" "$d/replay_$s/replay_tb.v" ||
       ! vvp -n "$d/base.vvp" 2>&1 | grep -q " mismatches=0$"; then
      echo "mutate.sh: $m: the unmutated Verilog does not replay clean under Icarus; Verilator only" >&2
      use_icarus=0; continue
    fi
    stop_at_kill "$d/replay_$s/replay_tb.v"
    rm -f "$d/seed_$s.vec"
  done
  killed=0; ikilled=0; surv=0; equiv=0; still=0; survivors=""; surv_ids=""; still_ids=""; still_text=""
  for id in $pick; do
    row=$(awk -F'\t' -v id="$id" '$1==id' "$list")
    [ -n "$row" ] || { echo "mutate.sh: $unit has no mutant $id" >&2; exit 2; }
    IFS=$'\t' read -r _ line kind occ fromto text <<<"$row"
    key=$(awk -F'\t' -v id="$id" '$1 == id { print $2; exit }' "$d/keys.txt")
    if [ -f "$eqf" ] && grep -qF -- "$key" "$eqf"; then
      equiv=$((equiv + 1)); echo "equivalent $id line $line $kind $fromto" >>"$log"; continue
    fi
    cp verilog/*.v verilog/*.vh "$d/v/"
    "$gen" apply "$src" "$id" "$d/v/${src##*/}" || exit 2
    if [ "$use_icarus" != 0 ] && icarus_pass "$d" "$m"; then
      killed=$((killed + 1)); ikilled=$((ikilled + 1))
      echo "$ivd $id line $line $kind $fromto" >>"$log"; continue
    fi
    if ! build "$m" "$d"; then
      still=$((still + 1)); still_ids="$still_ids $id"
      still_text="$still_text
  survivor ${src#verilog/}:$line [$id] $kind $fromto    $text    (does not build at $m $pkey)"
      echo "stillborn $id line $line $kind $fromto" >>"$log"; continue
    fi
    verdict=survived
    for s in $seeds; do
      if ! timeout 600 "$d/cosim" --cycles "$cycles" --seed "$s" --quiet >"$d/run.log" 2>&1; then
        verdict="killed-cosim(seed $s: $(grep -m1 -E '^(MISMATCH|INVARIANT)' "$d/run.log" | sed 's/ seed=[0-9]* params=[^ ]*//' | cut -c1-100))"
        break
      fi
    done
    if [ "$verdict" = survived ]; then
      surv=$((surv + 1)); surv_ids="$surv_ids $id"
      survivors="$survivors
  survivor ${src#verilog/}:$line [$id] $kind $fromto    $text"
      echo "SURVIVED $id line $line $kind $fromto | $text" >>"$log"
    else
      killed=$((killed + 1)); echo "$verdict $id line $line $kind $fromto" >>"$log"
    fi
  done
  points="$pkey"
  [ "$m" = "$unit" ] || points="$m $pkey"
}

for unit in "$@"; do
  # a module: verilog/UNIT.v judged by its own co-simulation; an include
  # file: verilog/UNIT.vh judged by the co-simulation of every module that
  # includes it (MUTATE_JUDGES: these, in this order), the survivors of one
  # passed on to the next
  if [ -f "verilog/$unit.v" ] && [ -f "tb/${unit}_cosim.cpp" ]; then
    src=verilog/$unit.v; judges=$unit
  elif [ -f "verilog/$unit.vh" ]; then
    src=verilog/$unit.vh
    judges=${MUTATE_JUDGES:-$(for f in $(grep -l "^[[:space:]]*\`include \"$unit.vh\"" verilog/*.v); do
                                f=${f#verilog/}; f=${f%.v}; [ -f "tb/${f}_cosim.cpp" ] && echo "$f"; done)}
    for m in $judges; do
      [ -f "tb/${m}_cosim.cpp" ] && grep -q "^[[:space:]]*\`include \"$unit.vh\"" "verilog/$m.v" ||
        { echo "mutate.sh: $m does not include $unit.vh or has no tb/${m}_cosim.cpp" >&2; exit 2; }
    done
    [ -n "$judges" ] || { echo "mutate.sh: no module with a co-simulation includes $src" >&2; exit 2; }
  else
    echo "mutate.sh: no module '$unit' (verilog/$unit.v and tb/${unit}_cosim.cpp) nor include file verilog/$unit.vh" >&2; exit 2
  fi
  total=$("$gen" list "$src" | wc -l) || exit 2
  # the mutants to run: MUTATE_IDS, or MUTANTS spread evenly
  if [ -n "$ids_only" ]; then
    pick=$ids_only
  elif [ "$max" -eq 0 ] || [ "$total" -le "$max" ]; then
    pick=$(seq 0 $((total - 1)))
  else
    pick=$(awk -v n="$total" -v k="$max" 'BEGIN{for(i=0;i<k;i++) print int(i*n/k)}')
  fi
  # the stages: each judge at MUTATE_PARAMS (else its defaults, then its
  # points in tools/mutate_points.txt); the first runs pick, each other one
  # the survivors so far
  stages=()
  for m in $judges; do
    stages+=("$m ${MUTATE_PARAMS:-}")
    if [ -z "${MUTATE_PARAMS:-}" ] && [ -f "$ptf" ]; then
      mapfile -t extra < <(awk -v m="$m" '$1 == m { $1 = ""; sub(/^ /, ""); print }' "$ptf")
      for pp in "${extra[@]}"; do stages+=("$m $pp"); done
    fi
  done
  first=1
  t_killed=0; t_ikilled=0; t_equiv=0; t_still=0; t_points=""
  for st in "${stages[@]}"; do
    read -r m pp <<<"$st"
    read -r -a params <<<"$pp"
    if [ $first = 1 ]; then
      run_point "$m" "$pick"
      t_still=$still; t_points=$points
    else
      [ -n "$surv_ids" ] || break
      run_point "$m" "$surv_ids"
      # a survivor so far that Verilator rejects here was not tested here:
      # still surviving (stillborn counts only where a mutant first ran)
      surv_ids="$surv_ids$still_ids"; survivors="$survivors$still_text"
      t_points="$t_points, $points"
    fi
    # every count of every stage adds up
    t_killed=$((t_killed + killed)); t_ikilled=$((t_ikilled + ikilled)); t_equiv=$((t_equiv + equiv))
    first=0
  done
  params=()
  surv=$(echo $surv_ids | wc -w)
  n=$((t_killed + surv))
  score=$(awk -v k="$t_killed" -v n="$n" 'BEGIN{printf "%.1f", n ? 100*k/n : 100}')
  res="mutate $unit ($t_points): $t_killed killed ($t_ikilled by the Icarus replay), $surv surviving, $t_equiv equivalent, $t_still stillborn (score $score% of $n)"
  if [ "$surv" -eq 0 ]; then survivors=""; fi
  echo "$res$survivors" | tee -a "$summary"
  [ "$surv" -eq 0 ] || rc=1
done
exit $rc
