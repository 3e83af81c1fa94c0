#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# test_launchseq.sh BUILD_DIR -- launch files that describe a sequence of
# launches (tb/simt/launch.h): each syntax error is one line "file:line:
# ..." and exit 2 (build/simt and the host reference alike); flags that
# would set a step's key, or that describe one launch (--grid,
# --show-cfg), are refused with one line; --bench times the whole
# sequence (a whole number of passes of the report's sums); build/ptxref runs a sequence to
# the host reference's memory; waveforms and traces are written one a
# launch; a mechanism
# that differs from the reference in launch 1 of 2 is reported at launch 1
# (--inject-fault mem@C); a loop that never ends stops at max_iterations
# with one line, exit 1; a one-launch file written as a sequence of one
# step prints the same table as the file as it was; a cuda key is
# compiled once.
set -u
B=${1:-build}
S=${SIMT_BIN:-$B/simt}
T=$B/test/launchseq
mkdir -p "$T"
ok() { echo "ok $1"; }
bad() { echo "FAIL $1${2:+: $2}"; }
[ -x "$S" ] || { bad launchseq "no $S (make $S)"; exit 0; }
P=$PWD/tb/kernels/cuda/multi/seq_hotspot.ptx
head_() { # the global keys and one hs_step step reading t0
  printf 'ptx %s\nmem_bytes 2880\nbuffer t0 0 960 ramp\nbuffer t1 960 960\nbuffer power 1920 960\n' "$P"
}
step() { # launch hs_step SRC DST
  printf 'launch hs_step\ngrid 3 2\nblock 8 8\nparam u64 %s\nparam u64 %s\nparam u64 power\nparam s32 12\nparam s32 20\nparam f32 0.5\nparam f32 0.1\nparam f32 0.1\nparam f32 300.0\n' "$1" "$2"
}

# syntax errors: NAME, the file's text after the global keys, the line the
# message must name, its expected words
check_err() {
  local name=$1 body=$2 line=$3 words=$4 f=$T/$1.launch
  { head_; printf '%b' "$body"; } >"$f"
  "$S" --launch "$f" --mech spe >"$T/$name.out" 2>&1
  local rc=$? first
  first=$(head -n 1 "$T/$name.out")
  first=${first#simt: } # the prefix of build/simt's errors found before the run
  if [ $rc -eq 2 ] && [ "$(wc -l <"$T/$name.out")" -eq 1 ] && [[ "$first" == "$f:$line: $words"* ]]; then
    ok "launchseq_err_$name"
  else bad "launchseq_err_$name" "exit $rc: '$first' (expected '$f:$line: $words...')"; fi
}
check_err unknown_key "launch hs_step\nfrob 3\n" 7 "unknown key 'frob'"
check_err end_alone "launch hs_step\nend\n" 7 "end without a for"
check_err while_alone "launch hs_step\nwhile t0 != 0\n" 7 "while without a do"
check_err end_in_do "do\nlaunch hs_step\nend\nwhile t0 != 0\n" 8 "end inside the do"
check_err for_open "for i 0 3\nlaunch hs_step\n" 6 "for without its end"
check_err do_open "do\nlaunch hs_step\n" 6 "do without its while"
check_err unknown_var "for i 0 2\n$(step t0 t1 | sed 's/param s32 12/param s32 ${j + 1}/')\nend\n" 13 "'j' in 'j + 1': unknown"
check_err var_out_of_scope "for i 0 2\nlaunch hs_step\nend\nstore t0+\${i * 4} 1\n" 9 "'i' in 'i * 4': unknown"
check_err bad_arith "for i 0 2\n$(step t0 t1 | sed 's/param s32 12/param s32 ${i +* 2}/')\nend\n" 13 "bad expression 'i +* 2'"
check_err unclosed_expr "for i 0 \${3\nend\n" 6 "'\${' without its '}'"
check_err step_key_first "grid 2\n$(step t0 t1)" 6 "a launch step's key before any 'launch' line"
check_err step_key_outside "for i 0 2\n$(step t0 t1)\nend\nblock 4\n" 20 "block outside a launch step"
check_err launch_no_entry "launch\ngrid 2\n" 6 "launch step without an entry"
check_err while_no_buffer "do\n$(step t0 t1)\nwhile nobuf != 0\n" 19 "'nobuf': no buffer 'nobuf'"
check_err while_op "do\n$(step t0 t1)\nwhile t0 < 0\n" 19 "while compares with != or ==, not '<'"
check_err store_unaligned "store t0+2 1\n$(step t0 t1)" 6 "'t0+2': offset 2 is not a 32-bit word"
check_err for_args "for i 0\nend\n" 6 "for takes VAR FROM TO [STEP]"
check_err for_var_twice "for i 0 2\nfor i 0 2\nend\nend\n" 7 "loop variable 'i' is already"
check_err loop_no_launch "for i 0 2\nend\n" 6 "a loop without any launch step"
check_err max_iter "max_iterations 0\n$(step t0 t1)" 6 "max_iterations takes a count above 0"
check_err div_zero "for i 0 2\n$(step t0 t1 | sed 's/param s32 12/param s32 ${12 \/ i}/')\nend\n" 13 "bad expression '12 / i': a division by zero"
check_err step_value "$(step t0 t1 | sed 's/grid 3 2/grid 0/')" 7 "bad grid dimension '0'"
# the host reference reads the file with the same parser
hr=$B/cuda_host/seq_hotspot
if [ -x "$hr" ]; then
  "$hr" --launch "$T/end_alone.launch" --dump-mem "$T/h.mem" >"$T/h.out" 2>&1
  rc=$?
  [ $rc -eq 2 ] && [[ "$(head -n 1 "$T/h.out")" == "$T/end_alone.launch:7: end without a for"* ]] &&
    ok launchseq_host_err || bad launchseq_host_err "exit $rc: $(head -n 1 "$T/h.out")"
else bad launchseq_host_err "no $hr (make $hr)"; fi

# two launches: t0 -> t1, t1 -> t0
two=$T/two.launch
{ head_; step t0 t1; step t1 t0; } >"$two"
for fl in "--entry hs_step" "--launch-set grid_2" "--launch-set param_0=8" "--launch-set params_u64_0" \
          "--grid 2" "--show-cfg"; do
  "$S" --launch "$two" --mech spe ${fl//_/ } >"$T/flag.out" 2>&1
  rc=$?
  n=$(wc -l <"$T/flag.out")
  if [ $rc -eq 2 ] && [ "$n" -eq 1 ] && grep -q "sequence of launches" "$T/flag.out"; then ok "launchseq_refuse_${fl%% *}"
  else bad "launchseq_refuse_${fl%% *}" "exit $rc, $n lines: $(head -n 1 "$T/flag.out")"; fi
done
# --bench on a sequence: every launch of it, each pass the report's sums
"$S" --launch "$two" --mech spe,dwf >"$T/bench_rep.out" 2>&1
"$S" --launch "$two" --mech spe,dwf --bench >"$T/bench.out" 2>&1
rc=$?
bench_ok=1
for m in spe dwf; do
  read -r wi cy < <(awk -v m=$m '$1 == m {print $3, $2}' "$T/bench_rep.out")
  read -r bwi bcy < <(awk -v m=$m '$1 == m {print $2, $3}' "$T/bench.out")
  # passes = bwi / wi, the same for the cycles
  if [ -z "$wi" ] || [ -z "$bwi" ] || [ $((bwi % wi)) -ne 0 ] || [ $((bwi / wi * cy)) -ne "$bcy" ]; then
    bench_ok=0
  fi
done
if [ $rc -eq 0 ] && [ $bench_ok = 1 ] && grep -q "^bench: $two (a sequence of 2 launches)" "$T/bench.out"; then
  ok launchseq_bench
else bad launchseq_bench "exit $rc: $(head -n 1 "$T/bench.out")"; fi

# a global key may still be set by a flag
"$S" --launch "$two" --mech spe --launch-set "mem_bytes 4096" >"$T/glob.out" 2>&1 &&
  grep -q '^sequence .*: 2 launches of hs_step' "$T/glob.out" && ok launchseq_flag_global ||
  bad launchseq_flag_global "$(head -n 1 "$T/glob.out")"

# a fault in launch 1 of 2: reported at launch 1, exit 1
"$S" --launch "$two" --mech spe --inject-fault mem@1 >"$T/fault.out" 2>&1
rc=$?
if [ $rc -eq 1 ] && grep -q "^simt: .*: launch 1 (hs_step at $two:6): spe: " "$T/fault.out"; then ok launchseq_fault_launch1
else bad launchseq_fault_launch1 "exit $rc: $(head -n 1 "$T/fault.out")"; fi
"$S" --launch "$two" --mech spe >"$T/nofault.out" 2>&1 && grep -q "^sequence .*: 2 launches" "$T/nofault.out" &&
  ok launchseq_nofault || bad launchseq_nofault "$(head -n 1 "$T/nofault.out")"

# a loop that never ends: max_iterations, one line, exit 1
run=$T/runaway.launch
{ head_; printf 'max_iterations 3\ndo\n'; step t0 t1; printf 'while t0+4 != 0\n'; } >"$run"
"$S" --launch "$run" --mech spe >"$T/run.out" 2>&1
rc=$?
if [ $rc -eq 1 ] && [ "$(wc -l <"$T/run.out")" -eq 1 ] &&
   grep -q "^$run:7: the loop ran 3 iterations without ending (max_iterations 3" "$T/run.out"; then ok launchseq_runaway
else bad launchseq_runaway "exit $rc: $(head -n 1 "$T/run.out")"; fi
# the same loop ending: store clears the word, the body runs once
{ head_; printf 'do\nstore t0+4 0\n'; step t0 t1; printf 'while t0+4 != 0\n'; } >"$T/ends.launch"
"$S" --launch "$T/ends.launch" --mech spe >"$T/ends.out" 2>&1 && grep -q "^sequence .*: 1 launch of hs_step" "$T/ends.out" &&
  ok launchseq_store_while || bad launchseq_store_while "$(head -n 1 "$T/ends.out")"

# a one-launch file and the same launch as a sequence of one step: the same
# table and the same final memory
one=tb/kernels/cuda/hotspot.launch
sed -e "s|^ptx |ptx $PWD/tb/kernels/cuda/|" -e 's/^entry /launch /' "$one" |
  awk '/^launch /{l = $0; next} /^(grid|block|param|shared_dynamic) /{s = s $0 "\n"; next} {print} END{printf "%s\n%s", l, s}' >"$T/one_seq.launch"
"$S" --launch "$one" --mech all --dump-mem "$T/one.mem" >"$T/one.out" 2>&1
"$S" --launch "$T/one_seq.launch" --mech all --dump-mem "$T/one_seq.mem" >"$T/one_seq.out" 2>&1
if grep -q "^sequence .*: 1 launch of hotspot" "$T/one_seq.out" && cmp -s "$T/one.mem" "$T/one_seq.mem" &&
   cmp -s <(grep -v '^kernel ' "$T/one.out") <(grep -v -e '^sequence ' -e '^kernel ' "$T/one_seq.out"); then
  ok launchseq_one_step_same
else bad launchseq_one_step_same "$(diff <(grep -v '^kernel ' "$T/one.out") <(grep -v -e '^sequence ' -e '^kernel ' "$T/one_seq.out") | head -n 3 | tr '\n' ' ')"; fi

# build/ptxref runs the sequence through the reference alone: its final
# memory equals the host reference's (which runs the same steps)
hr=$B/cuda_host/seq_bfs
if [ -x "$B/ptxref" ] && [ -x "$hr" ]; then
  "$hr" --launch tb/kernels/cuda/multi/seq_bfs.launch --dump-mem "$T/bfs.host" >/dev/null 2>&1
  "$B/ptxref" --launch tb/kernels/cuda/multi/seq_bfs.launch --expect "$T/bfs.host" >"$T/ptxref.out" 2>&1
  rc=$?
  [ $rc -eq 0 ] && grep -q "^ptxref: tb/kernels/cuda/multi/seq_bfs.launch: [0-9]* launches" "$T/ptxref.out" &&
    grep -q "^ptxref: equal to" "$T/ptxref.out" && ok launchseq_ptxref ||
    bad launchseq_ptxref "exit $rc: $(grep -v '(launch' "$T/ptxref.out" | head -n 1)"
else bad launchseq_ptxref "no $B/ptxref or $hr"; fi

# a `cuda` key: compiled once for the whole sequence, the same memory as
# the committed PTX, no temporary left behind
if command -v clang >/dev/null; then
  sed "s|^ptx seq_gauss.ptx|cuda $PWD/tb/kernels/cuda/multi/seq_gauss.cu|" tb/kernels/cuda/multi/seq_gauss.launch >"$T/cu.launch"
  before=$(ls /tmp/warphw_cuda_* 2>/dev/null | wc -l)
  "$S" --launch "$T/cu.launch" --mech spe --dump-mem "$T/cu.mem" >"$T/cu.out" 2>&1
  rc=$?
  "$S" --launch tb/kernels/cuda/multi/seq_gauss.launch --mech spe --dump-mem "$T/ptx.mem" >/dev/null 2>&1
  after=$(ls /tmp/warphw_cuda_* 2>/dev/null | wc -l)
  [ $rc -eq 0 ] && cmp -s "$T/cu.mem" "$T/ptx.mem" && [ "$after" -le "$before" ] &&
    grep -q "^kernel gauss_fan2 (.*seq_gauss.cu)" "$T/cu.out" && ok launchseq_cuda_once ||
    bad launchseq_cuda_once "exit $rc, temporaries $before -> $after: $(head -n 1 "$T/cu.out")"
fi

# max_iterations counts the passes a loop makes: a for of exactly that many
# runs, one more is stopped
for n in 3 4; do
  { head_; printf 'max_iterations 3\nfor i 0 %s\n' $n; step t0 t1; printf 'end\n'; } >"$T/for$n.launch"
  "$S" --launch "$T/for$n.launch" --mech spe >"$T/for$n.out" 2>&1
  echo "rc=$?" >>"$T/for$n.out"
done
grep -q "^sequence .*: 3 launches of hs_step" "$T/for3.out" && grep -q "^rc=0" "$T/for3.out" &&
  grep -q "^$T/for4.launch:7: the loop ran 3 iterations without ending" "$T/for4.out" && grep -q "^rc=1" "$T/for4.out" &&
  ok launchseq_for_limit || bad launchseq_for_limit "$(head -n 1 "$T/for3.out") / $(head -n 1 "$T/for4.out")"

# waveforms and traces: one a launch (FILE.N.vcd and its save file,
# DIR/launchN/), the path as given not left empty
rm -rf "$T/w"* "$T/tr"
"$S" --launch "$two" --mech spe,dwf --vcd "$T/w.vcd" --trace-dir "$T/tr" >"$T/wave.out" 2>&1
rc=$?
if [ $rc -eq 0 ] && [ -s "$T/w.1.vcd" ] && [ -s "$T/w.2.vcd" ] && [ -f "$T/w.2.vcd.gtkw" ] && [ ! -e "$T/w.vcd" ] &&
   [ ! -e "$T/w.3.vcd" ] && [ -s "$T/tr/launch1/dwf-dwf.vec" ] && [ -s "$T/tr/launch2/spe-simt_stack.vec" ] &&
   grep -q "^waveforms: one file a launch, $T/w.1.vcd .. $T/w.2.vcd" "$T/wave.out" &&
   ! cmp -s "$T/w.1.vcd" "$T/w.2.vcd"; then ok launchseq_wave_per_launch
else bad launchseq_wave_per_launch "exit $rc: $(ls "$T" | grep -E '^(w|tr)' | tr '\n' ' ')"; fi
