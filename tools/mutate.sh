#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# mutate.sh BUILD_DIR MODULE... -- mutation check of the co-simulations
# (issue 11 item 13; `make mutate`, not part of `make test`).
#
# For each module with verilog/M.v and tb/M_cosim.cpp: list the operator
# mutants of verilog/M.v (BUILD_DIR/mutate_gen, see tools/mutate_gen.c:
# == and !=, && and ||, & and |, +1 and -1, constants 0 and 1, dropped ! and
# ~, swapped operands of comparisons), plant one at a time in a scratch copy
# of verilog/ (BUILD_DIR/mutate/M), rebuild M's co-simulation there and run
# it.  A mutant is
#   killed      the co-simulation exits non-zero (mismatch or invariant),
#   surviving   it passes every seed,
#   equivalent  it is listed in tools/mutate_equivalent.txt (with a reason),
#   stillborn   Verilator rejects it (a width or syntax error): not counted.
# Score = killed / (killed + surviving).  Prints one line per module and
# each survivor with its line; writes out/mutate/M.txt (every mutant) and
# out/mutate/summary.txt.  Exit status 1 if any mutant survives.
#
# Environment:
#   MUTANTS=N        at most N mutants per module, spread evenly over the
#                    file (default 40; 0 = all)
#   MUTATE_CYCLES=N  cycles per run (default 20000)
#   MUTATE_SEEDS="1 2"  seeds (default "1"); a mutant must pass all
#   MUTATE_IDS="3 17"   only these mutant ids (with one MODULE)
#
# tools/mutate_equivalent.txt: one equivalent mutant per line,
#   MODULE|KIND|OCC|FROM -> TO|LINE TEXT|reason
# where KIND, OCC, FROM -> TO and LINE TEXT are the columns of
# `mutate_gen list` (the line text without its indentation): the entry
# follows the line if it moves.
set -u
B=${1:?usage: tools/mutate.sh BUILD_DIR MODULE...}
shift
gen=$B/mutate_gen
eqf=tools/mutate_equivalent.txt
max=${MUTANTS:-40}
cycles=${MUTATE_CYCLES:-20000}
seeds=${MUTATE_SEEDS:-1}
ids_only=${MUTATE_IDS:-}
VERILATOR=${VERILATOR:-verilator}
[ -x "$gen" ] || { echo "mutate.sh: $gen missing (make $gen)" >&2; exit 2; }
case "$max$cycles" in *[!0-9]*) echo "mutate.sh: MUTANTS and MUTATE_CYCLES must be numbers" >&2; exit 2;; esac
mkdir -p out/mutate
summary=out/mutate/summary.txt
: >"$summary"
rc=0

build() { # module dir -> builds dir/cosim from dir/v (as tools/cosim_build.sh)
  # Verilator writes every file afresh; only the ones that differ from the
  # last build are copied into obj/ (so make recompiles only the model code
  # the mutant changed, not the harness or the Verilator runtime).
  local m=$1 d=$2 f top=$PWD
  rm -rf "$d/gen" && mkdir -p "$d/gen" "$d/obj"
  "$VERILATOR" --cc --exe --trace-fst -O1 \
    --top-module "$m" --Mdir "$d/gen" -y "$d/v" \
    -CFLAGS "-O1 -std=c++14 -I$top/tb" -o "$top/$d/cosim" \
    "$d/v/$m.v" "$top/tb/${m}_cosim.cpp" "$top/tb/cosim.cpp" "$top/$d/obj/${m}_rtl_ports.cpp" \
    "$top/$B/libmodels.a" >"$d/build.log" 2>&1 || return 1
  tools/rtl_ports.sh "$d/gen/V$m.h" "$m" "" 0 >"$d/gen/${m}_rtl_ports.cpp" 2>>"$d/build.log" ||
    return 1
  for f in "$d"/gen/*; do
    cmp -s "$f" "$d/obj/${f##*/}" || cp "$f" "$d/obj/"
  done
  rm -f "$d/cosim"
  make -C "$d/obj" -f "V$m.mk" -j 2 OPT_FAST=-O1 OPT_SLOW=-O0 >>"$d/build.log" 2>&1
}

for m in "$@"; do
  if [ ! -f "verilog/$m.v" ] || [ ! -f "tb/${m}_cosim.cpp" ]; then
    echo "mutate.sh: no module '$m' with verilog/$m.v and tb/${m}_cosim.cpp" >&2; exit 2
  fi
  d=$B/mutate/$m
  rm -rf "$d/v" && mkdir -p "$d/v"
  list=$d/mutants.txt
  "$gen" list "verilog/$m.v" >"$list" || exit 2
  total=$(wc -l <"$list")
  # the mutants to run: MUTATE_IDS, or MUTANTS spread evenly
  if [ -n "$ids_only" ]; then
    pick=$ids_only
  elif [ "$max" -eq 0 ] || [ "$total" -le "$max" ]; then
    pick=$(seq 0 $((total - 1)))
  else
    pick=$(awk -v n="$total" -v k="$max" 'BEGIN{for(i=0;i<k;i++) print int(i*n/k)}')
  fi
  log=out/mutate/$m.txt
  echo "# $m: $total mutants, running $(echo $pick | wc -w); $cycles cycles, seeds $seeds" >"$log"
  killed=0; surv=0; equiv=0; still=0; survivors=""
  for id in $pick; do
    row=$(awk -F'\t' -v id="$id" '$1==id' "$list")
    [ -n "$row" ] || { echo "mutate.sh: $m has no mutant $id" >&2; exit 2; }
    IFS=$'\t' read -r _ line kind occ fromto text <<<"$row"
    key="$m|$kind|$occ|$fromto|$text|"
    if [ -f "$eqf" ] && grep -qF -- "$key" "$eqf"; then
      equiv=$((equiv + 1)); echo "equivalent $id line $line $kind $fromto" >>"$log"; continue
    fi
    cp verilog/*.v verilog/*.vh "$d/v/"
    "$gen" apply "verilog/$m.v" "$id" "$d/v/$m.v" || exit 2
    if ! build "$m" "$d"; then
      still=$((still + 1)); echo "stillborn $id line $line $kind $fromto" >>"$log"; continue
    fi
    verdict=survived
    for s in $seeds; do
      if ! "$d/cosim" --cycles "$cycles" --seed "$s" --quiet >"$d/run.log" 2>&1; then
        verdict="killed(seed $s: $(grep -m1 -E '^(MISMATCH|INVARIANT)' "$d/run.log" | cut -c1-100))"
        break
      fi
    done
    if [ "$verdict" = survived ]; then
      surv=$((surv + 1))
      survivors="$survivors
  survivor $m:$line [$id] $kind $fromto    $text"
      echo "SURVIVED $id line $line $kind $fromto | $text" >>"$log"
    else
      killed=$((killed + 1)); echo "$verdict $id line $line $kind $fromto" >>"$log"
    fi
  done
  n=$((killed + surv))
  score=$(awk -v k="$killed" -v n="$n" 'BEGIN{printf "%.1f", n ? 100*k/n : 100}')
  res="mutate $m: $killed killed, $surv surviving, $equiv equivalent, $still stillborn (score $score% of $n)"
  echo "$res$survivors" | tee -a "$summary"
  [ "$surv" -eq 0 ] || rc=1
done
exit $rc
