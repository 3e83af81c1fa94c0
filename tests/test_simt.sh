#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# test_simt.sh BUILD_DIR -- build/simt, the kernel driver (issue 13).  Prints
# ok/FAIL lines.
#   - every built-in kernel through every mechanism: exit 0, and equal to the
#     reference (build/simt checks every run; exit 1 on any difference)
#   - the papers' claims (sec. 8): dpe issues exactly spe's warp- and
#     thread-instructions on every kernel; on even/odd dwf with swizzling has
#     a higher SIMD efficiency than without and than spe
#   - the check can fail: an injected register, memory or PC fault (a PC
#     executed again) makes every mechanism exit 1 with thread and difference
#   - random structured kernels, SIMT_RANDOM per mechanism (default 100)
#   - bad kernels: one line "file:line: ...", exit 2; bad flags: one line, exit 2
#   - --show-cfg, --dump-mem, csv/json columns, --svg, --vcd/--fst with .gtkw
set -u
B=${1:-build}
S=$B/simt
T=$B/test/simt
mkdir -p "$T"
N=${SIMT_RANDOM:-100}
ok() { echo "ok $1"; }
bad() { echo "FAIL $1${2:+: $2}"; }

if [ ! -x "$S" ]; then bad simt_built "no $S"; exit 1; fi

# ---------------------------------------------------------- built-in kernels
for k in tb/kernels/*.k; do
  n=$(basename "$k" .k)
  lanes=16; case $n in fig2_001|fig1b_002) lanes=4;; esac
  if "$S" "$k" --lanes "$lanes" --format csv >"$T/$n.csv" 2>"$T/$n.err"; then
    ok "builtin_${n}_matches_reference"
  else bad "builtin_${n}_matches_reference" "$(head -1 "$T/$n.err")"; continue; fi
  spe=$(awk -F, '$1=="spe"{print $3","$4}' "$T/$n.csv")
  dpe=$(awk -F, '$1=="dpe"{print $3","$4}' "$T/$n.csv")
  if [ -n "$spe" ] && [ "$spe" = "$dpe" ]; then ok "claim_dpe_same_insts_as_spe_$n"
  else bad "claim_dpe_same_insts_as_spe_$n" "spe $spe dpe $dpe"; fi
  rows=$(grep -cE '^(spe|dpe|dwf|sbi|tsimt|stsimt|lwm|swi|sbi\+swi),' "$T/$n.csv")
  [ "$rows" = 9 ] && ok "builtin_${n}_nine_rows" || bad "builtin_${n}_nine_rows" "$rows"
  # swi and sbi+swi execute exactly the threads' instructions (the same
  # thread_insts as spe); swi runs spe's per-warp instruction streams, so
  # with pairs it needs no more issue slots than spe
  a=$(awk -F, '$1=="spe"{print $3" "$4} $1=="swi"{print $3" "$4} $1=="sbi"{print $3" "$4} $1=="sbi+swi"{print $3" "$4}' "$T/$n.csv" | tr '\n' ' ')
  if awk -v a="$a" 'BEGIN{split(a,v," "); exit !(v[4]==v[2] && v[6]==v[2] && v[8]==v[2] && v[5]<=v[1])}'; then
    ok "swi_${n}_same_threads_fewer_slots ($a)"
  else bad "swi_${n}_same_threads_fewer_slots" "spe/sbi/swi/sbi+swi slots,threads: $a"; fi
done
# also with a small design point and other latencies (tables nearly full)
for k in tb/kernels/*.k; do
  n=$(basename "$k" .k)
  if "$S" "$k" --lanes 8 --alu-lat 1 --mem-lat 3 --policy dpdpri --regfile crossbar >"$T/$n.small" 2>&1; then
    ok "builtin_${n}_lanes8_crossbar"
  else bad "builtin_${n}_lanes8_crossbar" "$(head -1 "$T/$n.small")"; fi
done

# even/odd: swizzling fills the lanes (000 Fig. 7)
eff() { "$S" tb/kernels/even_odd.k --format csv "$@" | awk -F, -v m="$M" '$1==m{print $5}'; }
M=dwf; on=$(eff --mech dwf --swizzle on); off=$(eff --mech dwf --swizzle off)
M=spe; spe=$(eff --mech spe)
if awk -v a="$on" -v b="$off" -v c="$spe" 'BEGIN{exit !(a > b && a > c)}'; then
  ok "claim_even_odd_swizzle_beats_no_swizzle_and_spe ($on > $off, $spe)"
else bad "claim_even_odd_swizzle_beats_no_swizzle_and_spe" "swizzle $on, no swizzle $off, spe $spe"; fi
# crossbar register file: the swizzled warps' swapped lanes cost conflicts
c=$("$S" tb/kernels/even_odd.k --mech dwf --regfile crossbar --format csv | awk -F, '$1=="dwf"{print $13}')
[ "${c:-0}" -gt 0 ] && ok "dwf_crossbar_bank_conflicts ($c)" || bad dwf_crossbar_bank_conflicts "$c"

# dwf with 001's Table 1 lane shuffles (--param dwf.SWIZZLE=2..6, through
# lane_shuffle; the crossbar register file, whose banks stay tid mod lanes):
# every built-in kernel matches the reference under each function, and on
# even/odd MirrorOdd and Xor (which move the even threads of every other warp
# to the odd lanes, as 000's swizzle does) fill the warps that Identity
# leaves half empty
for sw in 2 3 4 5 6; do
  f=0
  for k in tb/kernels/*.k; do
    lanes=16; case $(basename "$k" .k) in fig2_001|fig1b_002) lanes=4;; esac
    "$S" "$k" --lanes "$lanes" --mech dwf --regfile crossbar --param dwf.SWIZZLE=$sw >"$T/sw.out" 2>&1 || { f=1; break; }
  done
  [ $f = 0 ] && ok "dwf_table1_swizzle_${sw}_builtins" || bad "dwf_table1_swizzle_${sw}_builtins" "$k: $(head -1 "$T/sw.out")"
done
M=dwf; id=$(eff --mech dwf --regfile crossbar --param dwf.SWIZZLE=2)
mo=$(eff --mech dwf --regfile crossbar --param dwf.SWIZZLE=3); xo=$(eff --mech dwf --regfile crossbar --param dwf.SWIZZLE=5)
if awk -v a="$mo" -v b="$xo" -v c="$id" 'BEGIN{exit !(a > c && b > c)}'; then
  ok "claim_even_odd_mirrorodd_xor_beat_identity ($mo, $xo > $id)"
else bad claim_even_odd_mirrorodd_xor_beat_identity "MirrorOdd $mo, Xor $xo, Identity $id"; fi
"$S" tb/kernels/lud.k --mech dwf --param dwf.SWIZZLE=6 >"$T/sw.out" 2>&1
[ $? -eq 2 ] && [ "$(wc -l <"$T/sw.out")" -eq 1 ] && ok dwf_table1_swizzle_needs_crossbar || bad dwf_table1_swizzle_needs_crossbar

# 001 Fig. 2 / 003 sec. 3.3 step by step (--log): warp 0's PCs after the
# branch.  spe runs the taken side (else, 8-10) then the other (4-7); dpe
# interleaves the two paths of its top entry; sbi issues the else path as the
# secondary in the same cycles as the then path, and holds the secondary at
# the reconvergence PC 11 (selective synchronisation) until the primary gets
# there.
w0() { "$S" tb/kernels/fig2_001.k --lanes 4 --mech "$1" --log - --format csv |
       awk -v m="$1" '$2==m && $4==0 {for(i=1;i<=NF;i++) if($i=="pc") printf "%s%s", (n++?" ":""), $(i+1)} END{print ""}'; }
g=$(w0 spe); [ "$g" = "0 1 2 3 8 9 10 4 5 6 7 11 12 13" ] && ok golden_fig2_spe_order || bad golden_fig2_spe_order "$g"
g=$(w0 dpe); [ "$g" = "0 1 2 3 4 8 5 9 6 10 7 11 12 13" ] && ok golden_fig2_dpe_interleaves || bad golden_fig2_dpe_interleaves "$g"
g=$(w0 sbi); [ "$g" = "0 1 2 3 4 8 5 9 6 10 7 11 12 13" ] && ok golden_fig2_sbi_pairs || bad golden_fig2_sbi_pairs "$g"
n=$("$S" tb/kernels/fig2_001.k --lanes 4 --mech sbi --log - --format csv | grep -c 'secondary pc')
[ "$n" = 6 ] && ok golden_fig2_sbi_six_secondary_issues || bad golden_fig2_sbi_six_secondary_issues "$n"

# swi (001 sec. 4): fig2 at 4 lanes, two warps.  Both take the branch at
# pc 3 on complementary lanes (warp 0: lanes 1,2 to pc 8; warp 1: lanes 0,3),
# so the secondary issues warp 1's pc 8 beside warp 0's in one slot
# (cycle 57: warp 0 issued pc 3 in 54, its next instruction is fetched in
# 55, picked in 56, issued from the secondary stage in 57)
lg=$("$S" tb/kernels/fig2_001.k --lanes 4 --mech swi --log - --format csv)
grep -qE '^ +57 swi warp 0 +pc 8 +sub +line 18 +\.11\. swi warp 1 pc 8 +line 18 +1\.\.1$' <<<"$lg" &&
  ok golden_fig2_swi_pairs_two_warps || bad golden_fig2_swi_pairs_two_warps "$(grep -m1 'swi warp 1' <<<"$lg")"
# every slot's lanes are disjoint (build/simt fails otherwise) and the
# secondary never takes the primary's warp
if [ "$(grep -c ' swi warp .* swi warp ' <<<"$lg")" -ge 1 ] &&
   awk '$2=="swi" && / swi warp .* swi warp / {n=split($0,a," swi warp "); split(a[n],b," "); if ($4==b[1]) exit 1}' <<<"$lg"; then
  ok swi_secondary_other_warp; else bad swi_secondary_other_warp; fi
n=$("$S" tb/kernels/fig2_001.k --lanes 4 --mech swi --format csv | awk -F, '$1=="swi"{print $19}')
[ "${n:-0}" -ge 1 ] && ok "swi_insts_counted ($n)" || bad swi_insts_counted "$n"
# sbi+swi on fig2: after the branch each warp's primary context is pc 4
# and its SBI secondary pc 8 on the other lanes.  In cycle 57 the SWI
# secondary takes warp 1's pc 4 on lanes 1,2 beside warp 0's pc 4 on lanes
# 0,3, so warp 0's secondary (pc 8, lanes 1,2) waits; in 62 warp 0 issues
# pc 5 with its secondary pc 8 (sbi's pair) on all four lanes
lg=$("$S" tb/kernels/fig2_001.k --lanes 4 --mech sbi+swi --log - --format csv)
grep -qE '^ +57 sbi\+swi warp 0 +pc 4 +add +line 13 +1\.\.1 swi warp 1 pc 4 +line 13 +\.11\.$' <<<"$lg" &&
  grep -qE '^ +62 sbi\+swi warp 0 +pc 5 +mul +line 14 +1\.\.1 secondary pc 8 +line 18 +\.11\.$' <<<"$lg" &&
  ok golden_fig2_sbi_swi || bad golden_fig2_sbi_swi "$(grep -m2 -E '^ +(57|62) ' <<<"$lg" | tr '\n' '|')"
# the set restriction and full associativity run the same kernels
for a in "--param swi_sched.SETS=1 --param swi_sched.WAYS=24" "--param swi_sched.SETS=8 --param swi_sched.WAYS=3"; do
  # shellcheck disable=SC2086
  "$S" --random 20 --seed 11 --quiet --mech swi,sbi+swi $a >"$T/swi_assoc.out" 2>&1 &&
    ok "swi_random_20 ($a)" || bad "swi_random_20 ($a)" "$(tail -1 "$T/swi_assoc.out")"
done

# tsimt (002): warps bound to TSIMT lanes (warp w in lane w mod lanes), one
# thread per lane-cycle (density time: build/simt checks lane-cycles =
# thread-instructions).  --lanes 4: 2 warps on 2 TSIMT lanes; --lanes 2: 4
# warps on 2 lanes, warps 0 and 2 in lane 0, 1 and 3 in lane 1
"$S" tb/kernels/fig2_001.k --lanes 4 --mech tsimt --log - --format csv >"$T/tsimt.log" 2>&1
l=$(awk '$2=="tsimt" {for(i=1;i<=NF;i++) if($i=="lane") printf "%s", $(i+1)} END{print ""}' "$T/tsimt.log")
w=$(awk '$2=="tsimt" {printf "%s", $4} END{print ""}' "$T/tsimt.log")
[ -n "$l" ] && [ "$l" = "$w" ] && ok tsimt_warp_lane_map || bad tsimt_warp_lane_map "lanes $l warps $w"
"$S" tb/kernels/fig2_001.k --lanes 2 --mech tsimt --log - --format csv >"$T/tsimt2.log" 2>&1
l=$(awk '$2=="tsimt" {for(i=1;i<=NF;i++) if($i=="lane") printf "%s", $(i+1)} END{print ""}' "$T/tsimt2.log")
w=$(awk '$2=="tsimt" {printf "%d", $4 % 2} END{print ""}' "$T/tsimt2.log")
[ -n "$l" ] && [ "$l" = "$w" ] && ok tsimt_warp_lane_map_mod || bad tsimt_warp_lane_map_mod "lanes $l warps mod 2 $w"

# stsimt (002 sec. 3.1-3.2): k-wide lanes, aligned-group compaction.  Every
# width matches the reference on every built-in kernel (build/simt also
# checks lane-cycles = non-empty aligned groups, counted independently of
# the lane model, and lane thread-cycles = thread-instructions); k = 1 is
# tsimt exactly, cycle for cycle, conflict for conflict
for k in tb/kernels/*.k; do
  n=$(basename "$k" .k)
  lanes=16; case $n in fig2_001|fig1b_002) lanes=4;; esac
  for w in 1 2 4 8; do
    [ "$w" -gt "$lanes" ] && continue
    if "$S" "$k" --lanes "$lanes" --mech tsimt,stsimt --tsimt-width "$w" --format csv >"$T/st.csv" 2>"$T/st.err"; then
      ok "stsimt_k${w}_${n}_matches_reference"
    else bad "stsimt_k${w}_${n}_matches_reference" "$(head -1 "$T/st.err")"; continue; fi
    if [ "$w" = 1 ]; then
      a=$(awk -F, '$1=="tsimt"{print $2","$3","$17","$18}' "$T/st.csv")
      b=$(awk -F, '$1=="stsimt"{print $2","$3","$17","$18}' "$T/st.csv")
      [ -n "$a" ] && [ "$a" = "$b" ] && ok "stsimt_k1_is_tsimt_$n" || bad "stsimt_k1_is_tsimt_$n" "tsimt $a stsimt $b"
    fi
  done
done
# 4 lanes of 4 threads at --lanes 16: warp w in lane w mod 4 (fig1_003: 4 warps)
"$S" tb/kernels/fig1_003.k --mech stsimt --tsimt-width 4 --log - --format csv >"$T/st.log" 2>&1
l=$(awk '$2=="stsimt" {for(i=1;i<=NF;i++) if($i=="lane") printf "%s", $(i+1)} END{print ""}' "$T/st.log")
w=$(awk '$2=="stsimt" {printf "%d", $4 % 4} END{print ""}' "$T/st.log")
[ -n "$l" ] && [ "$l" = "$w" ] && ok stsimt_warp_lane_map || bad stsimt_warp_lane_map "lanes $l warps mod 4 $w"
"$S" --random 20 --seed 7 --quiet --mech stsimt --tsimt-width 2 --lanes 8 >"$T/st.rand" 2>&1 &&
  ok stsimt_random_k2 || bad stsimt_random_k2 "$(tail -1 "$T/st.rand")"
"$S" --random 20 --seed 8 --quiet --mech stsimt --tsimt-width 8 >"$T/st.rand" 2>&1 &&
  ok stsimt_random_k8 || bad stsimt_random_k8 "$(tail -1 "$T/st.rand")"

# lwm (004 sec. 3.1): large warps of K warps on lwm_subwarp.  K = 1 makes
# every large warp one warp and every sub-warp its whole active mask: exactly
# spe's warp- and thread-instructions on every kernel; at the default K the
# thread-instructions are still spe's (the reference's), and every kernel
# matches the reference with --sched two-level too (spe, dpe, sbi, lwm)
for k in tb/kernels/*.k; do
  n=$(basename "$k" .k)
  lanes=16; case $n in fig2_001|fig1b_002) lanes=4;; esac
  if "$S" "$k" --lanes "$lanes" --mech spe,lwm --param lwm_subwarp.K=1 --format csv >"$T/lwm1.csv" 2>"$T/lwm1.err"; then
    a=$(awk -F, '$1=="spe"{print $3","$4}' "$T/lwm1.csv"); b=$(awk -F, '$1=="lwm"{print $3","$4}' "$T/lwm1.csv")
    [ -n "$a" ] && [ "$a" = "$b" ] && ok "lwm_k1_is_spe_$n" || bad "lwm_k1_is_spe_$n" "spe $a lwm $b"
  else bad "lwm_k1_is_spe_$n" "$(head -1 "$T/lwm1.err")"; fi
  a=$(awk -F, '$1=="spe"{print $4}' "$T/$n.csv"); b=$(awk -F, '$1=="lwm"{print $4}' "$T/$n.csv")
  [ -n "$a" ] && [ "$a" = "$b" ] && ok "lwm_thread_insts_are_spe_$n" || bad "lwm_thread_insts_are_spe_$n" "spe $a lwm $b"
  if "$S" "$k" --lanes "$lanes" --sched two-level --format csv >"$T/tl.csv" 2>"$T/tl.err" &&
     [ "$(grep -cE '^(spe|dpe|sbi|lwm),' "$T/tl.csv")" = 4 ]; then
    ok "two_level_${n}_matches_reference"
  else bad "two_level_${n}_matches_reference" "$(head -1 "$T/tl.err")"; fi
done
"$S" --random 20 --seed 9 --quiet --mech lwm --lanes 8 --param lwm_subwarp.K=3 --sched two-level >"$T/lwm.rand" 2>&1 &&
  ok lwm_random_k3_two_level || bad lwm_random_k3_two_level "$(tail -1 "$T/lwm.rand")"
"$S" --random 20 --seed 10 --quiet --mech lwm --lanes 4 --param lwm_subwarp.DEPTH=8 >"$T/lwm.rand" 2>&1 &&
  ok lwm_random_lanes4_depth8 || bad lwm_random_lanes4_depth8 "$(tail -1 "$T/lwm.rand")"
# 004 Fig. 7: 16 warps (2 fetch groups of 8) compute, load, compute: two-level
# leaves fewer idle issue cycles than round robin; one group of all 16 warps
# is round robin exactly (004 sec. 5.3)
{ printf '%s\n' '.kernel fig7' '.threads 256' '.mem 256' '    mov r0, %tid'
  for i in 1 2 3 4 5 6 7 8; do echo '    add r1, r1, r0'; done
  echo '    ld r2, [r0]'
  for i in 1 2 3 4 5 6 7 8; do echo '    add r2, r2, r0'; done
  printf '%s\n' '    st [r0], r2' '    exit'; } >"$T/fig7.k"
row() { "$S" "$T/fig7.k" --mech spe --format csv "$@" | awk -F, '$1=="spe"{print $2","$3","$6}'; }
rr=$(row --sched rr); tl=$(row --sched two-level); one=$(row --sched two-level --param two_level_sched.GROUP_SIZE=16)
if [ -n "$rr" ] && [ "${tl##*,}" -lt "${rr##*,}" ]; then ok "claim_fig7_two_level_fewer_idle (idle ${tl##*,} < ${rr##*,})"
else bad claim_fig7_two_level_fewer_idle "rr $rr two-level $tl"; fi
[ -n "$rr" ] && [ "$one" = "$rr" ] && ok two_level_one_group_is_rr || bad two_level_one_group_is_rr "rr $rr one group $one"

# reduction: the sum of 1..64 in word 64
"$S" tb/kernels/reduction.k --dump-mem "$T/red.mem" >/dev/null 2>&1
[ "$(sed -n 65p "$T/red.mem")" = 00000820 ] && [ "$(wc -l <"$T/red.mem")" = 128 ] &&
  ok dump_mem_reduction_sum || bad dump_mem_reduction_sum "$(sed -n 65p "$T/red.mem")"

# ------------------------------------------------------ the check can fail
for f in reg@40 mem@40 pc@30 sb@0; do
  for m in spe dpe dwf sbi tsimt stsimt lwm swi sbi+swi; do
    "$S" tb/kernels/fig1_003.k --mech $m --inject-fault $f >"$T/fault.out" 2>&1
    rc=$?
    want='(thread [0-9]+|memory word)'; [ "${f%@*}" = sb ] && want='thread [0-9]+: pc [0-9]+ .* (reads|overwrites) .* ready only in cycle'
    if [ $rc -eq 1 ] && grep -qE "^simt: .*: ${m/+/\\+}: $want" "$T/fault.out"; then
      ok "fault_${f%@*}_caught_$m"
    else bad "fault_${f%@*}_caught_$m" "exit $rc: $(head -1 "$T/fault.out")"; fi
  done
done

# ------------------------------------------------------------ random kernels
if "$S" --random "$N" --seed 1 --quiet >"$T/random.out" 2>&1; then
  ok "random_${N}_kernels_per_mechanism"
else bad "random_${N}_kernels_per_mechanism" "$(grep -m1 FAIL "$T/random.out")"; fi
if "$S" --random $((N / 4 + 1)) --seed 7001 --lanes 4 --alu-lat 2 --mem-lat 9 --policy dtime --quiet >"$T/random2.out" 2>&1; then
  ok "random_lanes4_dtime"
else bad random_lanes4_dtime "$(grep -m1 FAIL "$T/random2.out")"; fi
"$S" --gen 5 >"$T/gen5.k" && "$S" --gen 5 | cmp -s - "$T/gen5.k" && "$S" "$T/gen5.k" >/dev/null &&
  ok gen_deterministic_and_valid || bad gen_deterministic_and_valid

# ------------------------------------------------------------- bad kernels
badk() { # name, expected line, text
  printf '%s\n' "$3" >"$T/$1.k"
  "$S" "$T/$1.k" >"$T/$1.out" 2>&1
  rc=$?
  if [ $rc -eq 2 ] && [ "$(wc -l <"$T/$1.out")" -eq 1 ] && grep -q "^$T/$1.k:$2: " "$T/$1.out"; then
    ok "bad_kernel_$1"
  else bad "bad_kernel_$1" "exit $rc: $(head -2 "$T/$1.out")"; fi
}
H=$'.kernel k\n.threads 32\n.mem 16'
badk unknown_op 4 "$H"$'\n    frob r1, r2, r3\n    exit'
badk undefined_label 5 "$H"$'\n    setp.eq p0, %tid, 0\n    @p0 bra NOWHERE\n    exit'
badk register_range 4 "$H"$'\n    add r16, r1, 1\n    exit'
badk predicate_range 4 "$H"$'\n    setp.eq p4, r1, 1\n    exit'
badk missing_threads 1 $'.kernel k\n.mem 16\n    exit'
badk no_reachable_exit 5 "$H"$'\nL:  add r1, r1, 1\n    bra L\n    exit'
badk bar_divergent 6 "$H"$'\n    setp.lt p0, %tid, 5\n    @p0 bra J\n    bar\nJ:  exit'
badk bar_after_divergent_exit 7 "$H"$'\n    setp.lt p0, %lane, 5\n    @p0 bra Q\n    add r1, r1, 1\n    bar\n    exit\nQ:  exit'
badk bar_divergent_loop 7 "$H"$'\n    and r1, %tid, 3\nL:  sub r1, r1, 1\n    setp.gt p0, r1, 0\n    bar\n    @p0 bra L\n    exit'
badk falls_off_end 5 "$H"$'\n    add r1, r1, 1\n    add r1, r1, 2'
badk endless_loop 7 "$H"$'\n    setp.eq p0, %tid, 0\n    @p0 bra X\n    exit\nX:  bra X'
badk bad_operand 4 "$H"$'\n    add r1, r2, 12abc\n    exit'
badk data_outside_mem 4 "$H"$'\n.data 15 1 2\n    exit'
badk duplicate_label 5 "$H"$'\nA:  add r1, r1, 1\nA:  exit'
badk predicated_non_branch 4 "$H"$'\n    @p0 add r1, r1, 1\n    exit'
badk bad_address 4 "$H"$'\n    ld r1, [5]\n    exit'
# a uniform loop around a barrier is legal
printf '%s\n' "$H" '    mov r2, 3' 'L:  bar' '    sub r2, r2, 1' '    setp.gt p1, r2, 0' '    @p1 bra L' '    exit' >"$T/uniform_bar.k"
"$S" "$T/uniform_bar.k" >/dev/null 2>&1 && ok uniform_loop_bar_accepted || bad uniform_loop_bar_accepted
# an endless data-dependent loop: the reference gives up, file:line, exit 2
printf '%s\n' "$H" '    mov r1, 1' 'L:  add r2, r2, 1' '    setp.ne p0, r1, 0' '    @p0 bra L' '    exit' >"$T/spin.k"
"$S" "$T/spin.k" --max-steps 5000 >"$T/spin.out" 2>&1
[ $? -eq 2 ] && grep -q "^$T/spin.k:[0-9]*: the reference ran 5000" "$T/spin.out" &&
  ok reference_step_limit || bad reference_step_limit "$(cat "$T/spin.out")"

# --------------------------------------------------------------- bad flags
"$S" --help >"$T/help.out" 2>&1 && grep -q '^usage: build/simt' "$T/help.out" && ok help_exit_0 || bad help_exit_0
for args in "--bogus" "--mech xyz tb/kernels/lud.k" "--lanes 3 tb/kernels/lud.k" "--lanes 64 tb/kernels/lud.k" \
            "--alu-lat 0 tb/kernels/lud.k" "--mem-lat x tb/kernels/lud.k" "--format xml tb/kernels/lud.k" \
            "--policy best tb/kernels/lud.k" "--swizzle maybe tb/kernels/lud.k" "--regfile banked tb/kernels/lud.k" \
            "--depth 33 tb/kernels/lud.k" "--cct 1 tb/kernels/lud.k" "--lut-entries 48 tb/kernels/lud.k" \
            "--tsimt-width 3 tb/kernels/lud.k" "--tsimt-width 16 tb/kernels/lud.k" \
            "--tsimt-width 4 --lanes 2 --mech stsimt tb/kernels/fig2_001.k" \
            "--sched xyz tb/kernels/lud.k" "--sched two-level --mech dwf tb/kernels/lud.k" \
            "--sched two-level --mech tsimt tb/kernels/lud.k" \
            "--kernel" "--inject-fault x@1 tb/kernels/lud.k" "tb/kernels/lud.k tb/kernels/bfs.k" "" "$T/none.k"; do
  # shellcheck disable=SC2086
  "$S" $args >"$T/args.out" 2>&1
  rc=$?
  if [ $rc -eq 2 ] && [ "$(wc -l <"$T/args.out")" -eq 1 ]; then ok "bad_args '$args'"
  else bad "bad_args '$args'" "exit $rc, $(wc -l <"$T/args.out") lines"; fi
done
# --param: the models' own parameter tables (ranges, names), and the
# parameters the kernel fixes
for args in "--param dpe_stack.DEPTH=40" "--param foo.X=1" "--param dwf.LANES=8" "--param dwf.BOGUS=1" \
            "--param simt_stack.WARPS=2" "--param lane_regfile.ENTRIES=8" "--param tsimt_frontend.K=2" "--param dpe_stack.DEPTH" \
            "--param lwm_subwarp.N=8" "--param lwm_subwarp.K=2 --param lwm_subwarp.LARGE_WARPS=1" \
            "--param lwm_subwarp.DEPTH=17" "--sched two-level --param two_level_sched.GROUP_SIZE=3" \
            "--param swi_sched.SETS=3" "--param swi_sched.SETS=1 --param swi_sched.WAYS=1 --mech swi" "--param swi_sched.LANES=8 --mech sbi+swi"; do
  # shellcheck disable=SC2086
  "$S" tb/kernels/lud.k $args >"$T/param.out" 2>&1
  rc=$?
  if [ $rc -eq 2 ] && [ "$(wc -l <"$T/param.out")" -eq 1 ]; then ok "bad_param '$args'"
  else bad "bad_param '$args'" "exit $rc: $(head -1 "$T/param.out")"; fi
done
d4=$("$S" tb/kernels/nested_break.k --mech dpe --format csv --param dpe_stack.DEPTH=2 --param shadow_scoreboard.ENTRIES=2 | awk -F, '$1=="dpe"{print $8}')
[ "$d4" = 2 ] && ok param_applied_dpe_depth_2 || bad param_applied_dpe_depth_2 "$d4"

# more threads than the dwf can hold: one line, exit 2
printf '%s\n' '.kernel big' '.threads 512' '.mem 4' '    exit' >"$T/big.k"
"$S" "$T/big.k" >"$T/big.out" 2>&1
[ $? -eq 2 ] && [ "$(wc -l <"$T/big.out")" -eq 1 ] && ok dwf_thread_limit_exit_2 || bad dwf_thread_limit_exit_2
"$S" "$T/big.k" --mech spe,dpe,sbi --lanes 32 >/dev/null 2>&1 && ok big_block_without_dwf || bad big_block_without_dwf

# ------------------------------------------------------------------ outputs
"$S" --show-cfg tb/kernels/fig1_003.k >"$T/cfg.out" 2>&1
grep -q 'pc 4 line 13: @p0 bra 16 (B)  reconverges at pc 18 (G)' "$T/cfg.out" &&
  grep -q 'pc 8 line 17: @p1 bra 12 (E)  reconverges at pc 14 (F)' "$T/cfg.out" &&
  ok show_cfg_fig1_reconvergence || bad show_cfg_fig1_reconvergence
"$S" tb/kernels/lud.k --format csv | head -1 | grep -q '^mech,cycles,warp_insts,thread_insts,simd_eff,idle_cycles,' &&
  ok csv_columns || bad csv_columns
"$S" tb/kernels/lud.k --format json >"$T/lud.json" &&
  python3 -c "import json,sys; d=json.load(open('$T/lud.json')); r=d['rows']; assert [x['mech'] for x in r]==['spe','dpe','dwf','sbi','tsimt','stsimt','lwm','swi','sbi+swi']; assert all(k in r[0] for k in ['cycles','warp_insts','thread_insts','simd_eff','idle_cycles','area_mm2'])" 2>/dev/null &&
  ok json_rows || bad json_rows
"$S" tb/kernels/lud.k --format md | grep -q '^| mech | cycles | warp_insts |' && ok md_table || bad md_table
"$S" tb/kernels/even_odd.k --svg "$T/h.svg" >/dev/null && grep -c '<rect' "$T/h.svg" | grep -q . &&
  grep -q '</svg>' "$T/h.svg" && ok svg_histogram || bad svg_histogram
rm -f "$T/w.vcd" "$T/w.vcd.gtkw" "$T/w.fst" "$T/w.fst.gtkw"
if "$S" tb/kernels/fig1_003.k --vcd "$T/w.vcd" >/dev/null 2>&1 && [ -s "$T/w.vcd.gtkw" ] &&
   grep -q '^\$scope module dpe \$end' "$T/w.vcd" && vcd2fst "$T/w.vcd" "$T/w_rt.fst" >/dev/null 2>&1; then
  # every signal the save file names is in the VCD
  names=$(awk '/^\$scope/{s[++d]=$3} /^\$upscope/{d--}
    /^\$var/{n=""; for(i=1;i<=d;i++) n=n s[i] "."; print n $5 ($3>1 ? "[" $3-1 ":0]" : "")}' "$T/w.vcd")
  missing=""
  while read -r sig; do grep -qxF "$sig" <<<"$names" || missing="$missing $sig"; done \
    < <(grep -vE '^(\[|@|-|\^|\*)' "$T/w.vcd.gtkw" | sed 's/^+{[^}]*} //; /^$/d')
  [ -z "$missing" ] && ok vcd_and_gtkw || bad vcd_and_gtkw "missing:$missing"
else bad vcd_and_gtkw; fi
if command -v vcd2fst >/dev/null; then
  "$S" tb/kernels/fig1_003.k --fst "$T/w.fst" >/dev/null 2>&1 && [ -s "$T/w.fst" ] && [ -s "$T/w.fst.gtkw" ] &&
    ok fst_and_gtkw || bad fst_and_gtkw
fi

# --trace-dir: a vector file per structure, in the co-simulation's format
rm -rf "$T/td"
"$S" tb/kernels/fig1_003.k --trace-dir "$T/td" --format csv >/dev/null 2>&1
n=$(ls "$T/td"/*.vec 2>/dev/null | wc -l)
if [ "$n" = 16 ] && head -1 "$T/td/swi-swi_sched.vec" | grep -q ' swi_sched SETS=4,WAYS=6,LANES=16,PC_W=32 ' &&
   [ -s "$T/td/sbi+swi-hct_cct_heap.vec" ] && head -1 "$T/td/stsimt-tsimt_frontend.vec" | grep -q ' tsimt_frontend LANES=4,WARPS=4,WARP=16,K=4,' &&
   head -1 "$T/td/spe-simt_stack.vec" | grep -q '^#cosim-vectors 1 simt_stack WARPS=4,LANES=16,DEPTH=16,PC_W=32 in rst:1 op:2 ' &&
   [ "$(sed -n 2p "$T/td/spe-simt_stack.vec" | cut -d' ' -f1)" = 1 ] &&
   [ "$(grep -vc '^#' "$T/td/dwf-dwf.vec")" = "$(grep -vc '^#' "$T/td/dwf-lane_regfile.vec")" ]; then
  ok trace_dir_vector_files
else bad trace_dir_vector_files "$n files"; fi
# replayed against the RTL: a 256-thread kernel puts the dwf at its default
# parameters, whose co-simulation binary `make all` builds
printf '%s\n' '.kernel t256' '.threads 256' '.mem 512' '    and r1, %tid, 3' '    setp.eq p0, r1, 0' \
  '    @p0 bra A' '    add r2, r1, %tid' '    bra J' 'A:  mul r2, r1, 7' 'J:  mov r3, %tid' '    st [r3], r2' \
  '    exit' >"$T/t256.k"
rm -rf "$T/td256"
if "$S" "$T/t256.k" --mech dwf --trace-dir "$T/td256" >/dev/null 2>&1; then
  if [ -x "$B/cosim_dwf" ]; then
    out=$("$B/cosim_dwf" --replay "$T/td256/dwf-dwf.vec" --quiet 2>&1 | tail -1)
    case "$out" in *" mismatches=0 invariants=ok"*) ok replay_dwf_trace_against_rtl ;;
      *) bad replay_dwf_trace_against_rtl "$out" ;; esac
  else bad replay_dwf_trace_against_rtl "no $B/cosim_dwf (make all)"; fi
else bad replay_dwf_trace_against_rtl "build/simt failed"; fi

# ------------------------------------------- the rebuilt SM core (--core)
# (issue 24: tb/simt/core.c, mech.h; the mechanisms ported so far)
# every built-in kernel at every paper's preset and the default: equal to
# the reference (registers, PC sequences, memory) with the timing oracle on
for cfg in default 000 001 002 003 004; do
  f=0
  for k in tb/kernels/*.k; do
    "$S" --core --config $cfg "$k" --format csv >"$T/core.csv" 2>"$T/core.err" || { f=1; break; }
  done
  [ $f = 0 ] && ok "core_builtins_config_$cfg" || bad "core_builtins_config_$cfg" "$k: $(head -1 "$T/core.err")"
done
for a in "" "--config 002" "--config 004" "--lanes 4 --alu-lat 1 --mem-lat 3" "--sched two-level" "--config 004 --sched two-level" \
         "--sched oldest --set ibuf=1 --set fetch_width=1" "--set simd_width=1 --set schedulers=1"; do
  # shellcheck disable=SC2086
  "$S" --core --random "$N" --seed 401 --quiet --max-threads 256 $a >"$T/core_rand.out" 2>&1 &&
    ok "core_random_${N} ($a)" || bad "core_random_${N} ($a)" "$(grep -m1 FAIL "$T/core_rand.out")"
done
# the checks can fail, for every mechanism of the table: a flipped register,
# a memory byte, a dropped structure update, blind scoreboards (the
# per-thread timing oracle); exit 1 with the mechanism and what differs
cmechs=$("$S" --core --help | awk '/^mechanisms/{f=1;next} /^--param/{f=0} f{print $1}')
for f in reg@40 mem@40 pc@30 sb@0; do
  for m in $cmechs; do
    "$S" --core --mech "$m" tb/kernels/fig1_003.k --inject-fault $f >"$T/core_fault.out" 2>&1
    rc=$?
    want='(thread [0-9]+|global byte|lane_regfile lane)'
    # a dropped update: the reference check, or the mechanism's own check
    # that what issues is its structure's top
    [ "${f%@*}" = pc ] && want='(thread [0-9]+|internal: warp [0-9]+ issue)'
    [ "${f%@*}" = sb ] && want='thread [0-9]+: pc [0-9]+ .* (reads|overwrites) register [0-9]+ in cycle [0-9]+, but .* ready only in cycle'
    [ $rc -eq 1 ] && grep -qE "^simt: .*: ${m/+/\\+}: $want" "$T/core_fault.out" && ok "core_fault_${f%@*}_caught_$m" ||
      bad "core_fault_${f%@*}_caught_$m" "exit $rc: $(head -1 "$T/core_fault.out")"
  done
done
# CTA dispatch: a grid of identical CTAs through 2 CTA slots; every CTA is
# checked as it retires, and 5 CTAs (3 rounds: 2, 2, 1) take more than two
# rounds of 2 and at most three
printf '%s\n' '.kernel idem' '.threads 96' '.mem 256' '    mov r1, %tid' '    and r2, r1, 3' '    setp.eq p0, r2, 0' \
  '    @p0 bra A' '    mul r3, r1, 7' '    bra J' 'A:  ld r3, [r1+100]' '    add r3, r3, 5' 'J:  st [r1], r3' '    exit' >"$T/idem.k"
one=$("$S" --core --grid 2 "$T/idem.k" --format csv --set max_ctas=2 | awk -F, '$1=="spe"{print $2" "$12}')
five=$("$S" --core --grid 5 "$T/idem.k" --format csv --set max_ctas=2 | awk -F, '$1=="spe"{print $2" "$12}')
if [ "${one#* }" = 2 ] && [ "${five#* }" = 5 ] && [ "${five% *}" -gt $(( 2 * ${one% *} )) ] && [ "${five% *}" -le $(( 3 * ${one% *} )) ]; then
  ok "core_grid_dispatch ($one / $five)"; else bad core_grid_dispatch "two CTAs $one, five $five"; fi
"$S" --core --grid 3 "$T/idem.k" --set max_threads=64 >"$T/core_fit.out" 2>&1
[ $? -eq 2 ] && [ "$(wc -l <"$T/core_fit.out")" -eq 1 ] && grep -q 'does not fit the SM' "$T/core_fit.out" &&
  ok core_cta_too_big_one_line || bad core_cta_too_big_one_line "$(head -2 "$T/core_fit.out")"
# waves (002 sec. 3.3): 8 active threads of a 32-thread warp on 8 lanes
# still take 4 cycles of the group, so issue is limited by the group
printf '%s\n' '.kernel w8' '.threads 1024' '.mem 4' '    and r1, %tid, 31' '    setp.lt p0, r1, 8' '    @!p0 bra E' >"$T/w8.k"
for i in $(seq 40); do echo '    add r2, r2, 1' >>"$T/w8.k"; done
printf '%s\n' 'E:  exit' >>"$T/w8.k"
c8=$("$S" --core --config 002 "$T/w8.k" --format csv | awk -F, '$1=="spe"{print $2}')
c32=$("$S" --core --config 002 --set simd_width=32 "$T/w8.k" --format csv | awk -F, '$1=="spe"{print $2}')
[ -n "$c8" ] && [ -n "$c32" ] && [ "$c8" -gt $(( 3 * c32 )) ] && ok "core_waves_cost_cycles ($c8 > 3 x $c32)" ||
  bad core_waves_cost_cycles "8 lanes $c8, 32 lanes $c32"
# presets and keys: --show-config prints the effective value; a bad key,
# value or preset file line is one line, exit 2
[ "$("$S" --core --config 004 --show-config | awk '$1=="lwm_k"{print $3}')" = 8 ] &&
  [ "$("$S" --core --config 004 --set lwm_k=4 --show-config | awk '$1=="lwm_k"{print $3}')" = 4 ] &&
  ok core_config_show_and_override || bad core_config_show_and_override
printf 'warp_size = 32\nbogus = 1\n' >"$T/bad.cfg"
for args in "--set bogus=1" "--set warp_size=3" "--set simd_width=64 --set warp_size=32" "--config $T/bad.cfg" \
            "--config nosuch" "--mech nosuch" "--sched oldest" "tb/kernels" "--warp-size 0"; do
  [ "$args" = "--sched oldest" ] && c="" || c="--core"
  # shellcheck disable=SC2086
  "$S" $c $args tb/kernels/lud.k >"$T/core_bad.out" 2>&1
  rc=$?
  [ "$args" = "tb/kernels" ] && { "$S" --core tb/kernels >"$T/core_bad.out" 2>&1; rc=$?; }
  [ $rc -eq 2 ] && [ "$(wc -l <"$T/core_bad.out")" -eq 1 ] && ok "core_bad_args '$args'" ||
    bad "core_bad_args '$args'" "exit $rc: $(head -2 "$T/core_bad.out" | tr '\n' '|')"
done
# the same on the default path (sm.c): --fst names itself, not --vcd and a temporary file
for f in svg fst vcd log; do
  "$S" tb/kernels/lud.k --$f /nonexistent-dir/x >"$T/old_out.out" 2>&1
  rc=$?
  [ $rc -eq 2 ] && [ "$(wc -l <"$T/old_out.out")" -eq 1 ] && grep -q "^simt: --$f: cannot write '/nonexistent-dir/x'" "$T/old_out.out" &&
    ok "unwritable_$f" || bad "unwritable_$f" "exit $rc: $(head -2 "$T/old_out.out" | tr '\n' '|')"
done
# every output path is checked before any work: one line, exit 2, nothing run
for f in svg fst vcd log dump-mem; do
  "$S" --core tb/kernels/lud.k --$f /nonexistent-dir/x >"$T/core_out.out" 2>&1
  rc=$?
  [ $rc -eq 2 ] && [ "$(wc -l <"$T/core_out.out")" -eq 1 ] && grep -q "^simt: --$f: cannot write '/nonexistent-dir/x'" "$T/core_out.out" &&
    ok "core_unwritable_$f" || bad "core_unwritable_$f" "exit $rc: $(head -2 "$T/core_out.out" | tr '\n' '|')"
done
# a mechanism that cannot hold the kernel (dwf: lane_regfile has at most 32
# lanes) is a row under --mech all and the others run; named, it is exit 2
"$S" --core tb/kernels/lud.k --lanes 64 --format csv >"$T/core_hold.csv" 2>&1
rc=$?
if [ $rc -eq 0 ] && grep -q '^dwf,.*cannot\|^dwf,,' "$T/core_hold.csv" && grep -q '^spe,[0-9]' "$T/core_hold.csv"; then
  ok core_mech_all_row_for_one_that_cannot_hold
else bad core_mech_all_row_for_one_that_cannot_hold "exit $rc: $(grep '^dwf' "$T/core_hold.csv")"; fi
"$S" --core tb/kernels/lud.k --lanes 64 --mech dwf >"$T/core_hold.out" 2>&1
[ $? -eq 2 ] && [ "$(wc -l <"$T/core_hold.out")" -eq 1 ] && ok core_named_mech_cannot_hold_exit_2 ||
  bad core_named_mech_cannot_hold_exit_2 "$(head -2 "$T/core_hold.out")"
# --help's lists come from the tables: its mechanisms are the rows of
# --mech all, its keys the lines of --show-config
h=$("$S" --core --help)
rows=$("$S" --core tb/kernels/lud.k --format csv | awk -F, 'NR>1{print $1}' | tr '\n' ' ')
hm=$(awk '/^mechanisms/{f=1;next} /^--param/{f=0} f{print $1}' <<<"$h" | tr '\n' ' ')
hk=$(awk '/^configuration keys/{f=1;next} f{print $1}' <<<"$h" | tr '\n' ' ')
ck=$("$S" --core --show-config | awk '{print $1}' | tr '\n' ' ')
[ -n "$rows" ] && [ "$rows" = "$hm" ] && [ "$hk" = "$ck" ] && ok core_help_lists_from_tables ||
  bad core_help_lists_from_tables "rows '$rows' help '$hm'"
# the papers' worked examples and claims that the old model's tests held,
# on the core (columns by name)
ccol() { awk -F, -v m="$1" -v c="$2" 'NR==1{for(i=1;i<=NF;i++) if($i==c) k=i} $1==m{print $k}'; }
cw0() { "$S" --core tb/kernels/fig2_001.k --lanes 4 --mech "$1" --log - --format csv |
        awk -v m="$1" '$2==m && $4==0 {for(i=1;i<=NF;i++) if($i=="pc") printf "%s%s", (n++?" ":""), $(i+1)} END{print ""}'; }
g=$(cw0 spe); [ "$g" = "0 1 2 3 8 9 10 4 5 6 7 11 12 13" ] && ok core_golden_fig2_spe_order || bad core_golden_fig2_spe_order "$g"
g=$(cw0 dpe); [ "$g" = "0 1 2 3 4 8 5 9 6 10 7 11 12 13" ] && ok core_golden_fig2_dpe_interleaves || bad core_golden_fig2_dpe_interleaves "$g"
g=$(cw0 sbi); [ "$g" = "0 1 2 3 4 8 5 9 6 10 7 11 12 13" ] && ok core_golden_fig2_sbi_pairs || bad core_golden_fig2_sbi_pairs "$g"
n=$("$S" --core tb/kernels/fig2_001.k --lanes 4 --mech sbi --log - --format csv | grep -c 'secondary pc')
[ "$n" = 6 ] && ok core_golden_fig2_sbi_six_secondary_issues || bad core_golden_fig2_sbi_six_secondary_issues "$n"
# sbi+swi (001 Fig. 2(e)): the same six split pairs as sbi, and once the
# else split of warp 1 waits at the reconvergence point (selective
# synchronisation: its lanes 0 and 3 are not in the warp's entry), the SWI
# secondary puts warp 0's then split (lanes 0 and 3) beside warp 1's
lg=$("$S" --core tb/kernels/fig2_001.k --lanes 4 --mech sbi+swi --log - --format csv)
n=$(grep -c 'secondary pc' <<<"$lg"); p=$(grep -c ' with warp ' <<<"$lg")
[ "$n" = 6 ] && [ "$p" = 1 ] && grep -qE 'sbi\+swi warp 1 +L pc 7 +bra .* \.11\. with warp 0 pc 7 .* 1\.\.1$' <<<"$lg" &&
  ok core_golden_fig2_sbi_swi_pairs_and_interweaves ||
  bad core_golden_fig2_sbi_swi_pairs_and_interweaves "$n split pairs, $p warp pairs: $(grep -m1 ' with warp ' <<<"$lg")"
# sbi+swi's banks (warp w in bank w mod 2): only warps 0 and 2 run, on
# complementary lanes, so with one swi_sched set the secondary's best fit
# for I1 = warp 0 is warp 2, in I1's bank; it is skipped (swi_bank_skips)
# and never issued beside it.  With 4 sets it is in another set: no skip.
cat >"$T/sbs_bank.k" <<'EOF'
.kernel sbs_bank
.threads 32
.mem 32
    mov r15, %tid
    and r1, %warp, 1
    setp.ne p1, r1, 0
    @p1 bra END
    and r1, %lane, 1
    shr r2, %warp, 1
    and r2, r2, 1
    setp.eq p0, r1, r2
    @!p0 bra END
    add r3, r15, 1
    add r4, r3, 2
    st [r15], r4
END:
    exit
EOF
sk() { "$S" --core "$T/sbs_bank.k" --mech sbi+swi --check on --format csv "$@" | ccol sbi+swi swi_bank_skips; }
one=$(sk --swi-sets 1); four=$(sk)
[ -n "$one" ] && [ "$one" -gt 0 ] && [ "$four" = 0 ] && ok "core_sbi_swi_same_bank_skipped ($one $four)" ||
  bad core_sbi_swi_same_bank_skipped "one set: '$one' skips, four sets: '$four'"
for k in tb/kernels/*.k; do
  n=$(basename "$k" .k)
  "$S" --core "$k" --format csv >"$T/core_$n.csv" 2>"$T/core_$n.err" || { bad "core_claim_dpe_same_insts_as_spe_$n" "$(head -1 "$T/core_$n.err")"; continue; }
  a="$(ccol spe warp_insts <"$T/core_$n.csv"),$(ccol spe thread_insts <"$T/core_$n.csv")"
  b="$(ccol dpe warp_insts <"$T/core_$n.csv"),$(ccol dpe thread_insts <"$T/core_$n.csv")"
  [ "$a" = "$b" ] && ok "core_claim_dpe_same_insts_as_spe_$n" || bad "core_claim_dpe_same_insts_as_spe_$n" "spe $a dpe $b"
  a=$("$S" --core "$k" --mech spe,lwm --param lwm_subwarp.K=1 --format csv | awk -F, '$1=="spe"||$1=="lwm"{print $3","$4}' | sort -u | wc -l)
  [ "$a" = 1 ] && ok "core_lwm_k1_is_spe_$n" || bad "core_lwm_k1_is_spe_$n"
done
on=$("$S" --core tb/kernels/even_odd.k --mech dwf --swizzle on --format csv | ccol dwf simd_eff)
off=$("$S" --core tb/kernels/even_odd.k --mech dwf --swizzle off --format csv | ccol dwf simd_eff)
spe=$("$S" --core tb/kernels/even_odd.k --mech spe --format csv | ccol spe simd_eff)
awk -v a="$on" -v b="$off" -v c="$spe" 'BEGIN{exit !(a > b && a > c)}' &&
  ok "core_claim_even_odd_swizzle_beats_no_swizzle_and_spe ($on > $off, $spe)" ||
  bad core_claim_even_odd_swizzle_beats_no_swizzle_and_spe "swizzle $on, no swizzle $off, spe $spe"
c=$("$S" --core tb/kernels/even_odd.k --mech dwf --regfile crossbar --format csv | ccol dwf rf_conflicts)
[ "${c:-0}" -gt 0 ] && ok "core_dwf_crossbar_bank_conflicts ($c)" || bad core_dwf_crossbar_bank_conflicts "$c"
id=$("$S" --core tb/kernels/even_odd.k --mech dwf --regfile crossbar --param dwf.SWIZZLE=2 --format csv | ccol dwf simd_eff)
mo=$("$S" --core tb/kernels/even_odd.k --mech dwf --regfile crossbar --param dwf.SWIZZLE=3 --format csv | ccol dwf simd_eff)
xo=$("$S" --core tb/kernels/even_odd.k --mech dwf --regfile crossbar --param dwf.SWIZZLE=5 --format csv | ccol dwf simd_eff)
awk -v a="$mo" -v b="$xo" -v c="$id" 'BEGIN{exit !(a > c && b > c)}' &&
  ok "core_claim_even_odd_mirrorodd_xor_beat_identity ($mo, $xo > $id)" ||
  bad core_claim_even_odd_mirrorodd_xor_beat_identity "MirrorOdd $mo, Xor $xo, Identity $id"
# two-level with one fetch group per scheduler (group_size above the warps:
# the largest divisor of the pool) is round robin exactly, for spe and lwm
{ printf '%s\n' '.kernel fig7' '.threads 256' '.mem 256' '    mov r0, %tid'
  for i in 1 2 3 4 5 6 7 8; do echo '    add r1, r1, r0'; done
  echo '    ld r2, [r0]'
  for i in 1 2 3 4 5 6 7 8; do echo '    add r2, r2, r0'; done
  printf '%s\n' '    st [r0], r2' '    exit'; } >"$T/core_fig7.k"
rr=$("$S" --core "$T/core_fig7.k" --mech spe,lwm --format csv | awk -F, 'NR>1{print $1,$2,$3}' | tr '\n' ' ')
one=$("$S" --core "$T/core_fig7.k" --mech spe,lwm --sched two-level --set group_size=256 --format csv |
      awk -F, 'NR>1{print $1,$2,$3}' | tr '\n' ' ')
[ -n "$rr" ] && [ "$one" = "$rr" ] && ok core_two_level_one_group_is_rr || bad core_two_level_one_group_is_rr "rr $rr one group $one"
# the built-in default is default.cfg exactly
diff <("$S" --core --show-config) <("$S" --core --config default --show-config) >/dev/null &&
  ok core_default_is_default_cfg || bad core_default_is_default_cfg
grep -q "^$T/bad.cfg:2: unknown configuration key 'bogus'" <("$S" --core --config "$T/bad.cfg" tb/kernels/lud.k 2>&1 | sed 's/^simt: --config: //') &&
  ok core_config_file_line || bad core_config_file_line

# ------------------------------------------------------- ASan/UBSan build
A=$B/asan/simt
if [ -x "$A" ]; then
  for k in tb/kernels/*.k; do
    n=$(basename "$k" .k)
    "$A" "$k" --lanes 4 --vcd "$T/asan_$n.vcd" --svg "$T/asan_$n.svg" >"$T/asan_$n.out" 2>&1 &&
      ok "asan_builtin_$n" || bad "asan_builtin_$n" "$(head -3 "$T/asan_$n.out")"
  done
  "$A" tb/kernels/even_odd.k --regfile crossbar --policy dmin >/dev/null 2>"$T/asan_xbar.out" &&
    ok asan_crossbar || bad asan_crossbar "$(head -3 "$T/asan_xbar.out")"
  "$A" --random 20 --seed 300 --quiet >"$T/asan_random.out" 2>&1 &&
    ok asan_random_20 || bad asan_random_20 "$(head -3 "$T/asan_random.out")"
  # the core: every mechanism, waveform, histogram, vector files, a grid
  for k in tb/kernels/*.k; do
    n=$(basename "$k" .k)
    "$A" --core "$k" --vcd "$T/asan_core_$n.vcd" --svg "$T/asan_core_$n.svg" --trace-dir "$T/asan_core_td" \
      --log "$T/asan_core_$n.log" --format json >"$T/asan_core_$n.out" 2>&1 &&
      ok "asan_core_builtin_$n" || bad "asan_core_builtin_$n" "$(head -3 "$T/asan_core_$n.out")"
  done
  "$A" --core --random 20 --seed 301 --quiet --max-threads 256 --config 001 >"$T/asan_core_random.out" 2>&1 &&
    "$A" --core --random 10 --seed 302 --quiet --lanes 4 --regfile crossbar --sched two-level >>"$T/asan_core_random.out" 2>&1 &&
    "$A" --core --grid 5 "$T/idem.k" --set max_ctas=2 >>"$T/asan_core_random.out" 2>&1 &&
    ok asan_core_random || bad asan_core_random "$(grep -m3 -v '^ok' "$T/asan_core_random.out")"
else bad asan_simt_built "no $A"; fi
exit 0
