#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# test_simt.sh BUILD_DIR -- build/simt, the SM model (issues 13, 24, 30):
# the core (tb/simt/core*.c) with every mechanism of its table (mech.c).
# Prints ok/FAIL lines.  Columns are read by name (the csv header).
#   - every built-in kernel through every mechanism at the default and at
#     every paper's preset: exit 0, i.e. equal to the reference (registers,
#     every thread's PC sequence, memory; the timing oracle on)
#   - the papers' claims and worked examples the model keeps: dpe issues
#     exactly spe's instructions; swi spe's, less its pairs; fig2 step by
#     step; dwf's swizzles on even/odd; two-level's idle cycles
#   - the checks can fail: injected faults caught for every mechanism
#   - random kernels: tb/simt/regress.sh at SIMT_RANDOM (default 20) kernels
#     per mechanism x preset / design point; a planted fault must fail it
#   - bad kernels: one line "file:line: ...", exit 2; bad flags, keys,
#     parameters, output paths: one line, exit 2, before any work
#   - a mechanism that cannot hold the kernel is a row under --mech all
#   - --show-cfg, --dump-mem, csv/json/md, --svg, --vcd/--fst with .gtkw
#     (every signal it names exists), --trace-dir replayed on the RTL
#   - the same under ASan/UBSan (build/asan/simt)
set -u
B=${1:-build}
S=$B/simt
T=$B/test/simt
mkdir -p "$T"
N=${SIMT_RANDOM:-20}
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

if [ ! -x "$S" ]; then bad simt_built "no $S"; exit 1; fi

# ccol MECH COLUMN < csv: one field of one mechanism's row, by column name
ccol() { awk -F, -v m="$1" -v c="$2" 'NR==1{for(i=1;i<=NF;i++) if($i==c) k=i} NR>1 && $1==m{print (k ? $k : "")}'; }
# the mechanisms of the table, as --help lists them
mechs=$("$S" --help | awk '/^mechanisms/{f=1;next} /^--param/{f=0} f{print $1}')
nmech=$(wc -w <<<"$mechs")

# ---------------------------------------------------------- built-in kernels
# every kernel at the default: one row per mechanism of the table; dpe
# issues exactly spe's warp- and thread-instructions (003); swi runs spe's
# per-warp instruction streams, so its issue slots plus its pairs are
# spe's slots and its thread-instructions spe's (001 sec. 4); lwm executes
# spe's thread-instructions (004)
for k in tb/kernels/*.k; do
  n=$(basename "$k" .k)
  if "$S" "$k" --format csv >"$T/$n.csv" 2>"$T/$n.err"; then
    ok "builtin_${n}_matches_reference"
  else bad "builtin_${n}_matches_reference" "$(head -1 "$T/$n.err")"; continue; fi
  rows=$(awk -F, 'NR>1 && $NF=="ok"' "$T/$n.csv" | wc -l)
  [ "$rows" = "$nmech" ] && ok "builtin_${n}_a_row_per_mechanism ($rows)" || bad "builtin_${n}_a_row_per_mechanism" "$rows of $nmech"
  a="$(ccol spe warp_insts <"$T/$n.csv"),$(ccol spe thread_insts <"$T/$n.csv")"
  b="$(ccol dpe warp_insts <"$T/$n.csv"),$(ccol dpe thread_insts <"$T/$n.csv")"
  [ "$a" != , ] && [ "$a" = "$b" ] && ok "claim_dpe_same_insts_as_spe_$n" || bad "claim_dpe_same_insts_as_spe_$n" "spe $a dpe $b"
  sw=$(ccol swi warp_insts <"$T/$n.csv"); sp=$(ccol swi swi_insts <"$T/$n.csv")
  st=$(ccol swi thread_insts <"$T/$n.csv"); et=$(ccol spe thread_insts <"$T/$n.csv")
  [ -n "$sw" ] && [ -n "$sp" ] && [ $((sw + sp)) = "${a%,*}" ] && [ "$st" = "$et" ] &&
    ok "swi_${n}_spe_streams ($sw slots + $sp pairs)" || bad "swi_${n}_spe_streams" "swi $sw slots + $sp pairs, $st threads; spe $a"
  lt=$(ccol lwm thread_insts <"$T/$n.csv")
  [ -n "$lt" ] && [ "$lt" = "$et" ] && ok "lwm_thread_insts_are_spe_$n" || bad "lwm_thread_insts_are_spe_$n" "spe $et lwm $lt"
  # K = 1: every large warp one warp, every sub-warp its whole mask: spe's
  # warp- and thread-instructions exactly
  a=$("$S" "$k" --mech spe,lwm --param lwm_subwarp.K=1 --format csv | awk -F, '$1=="spe"||$1=="lwm"{print $3","$4}' | sort -u | wc -l)
  [ "$a" = 1 ] && ok "lwm_k1_is_spe_$n" || bad "lwm_k1_is_spe_$n"
  # two-level scheduling: the mechanisms the core schedules run and match
  if "$S" "$k" --sched two-level --format csv >"$T/tl.csv" 2>"$T/tl.err" &&
     [ "$(grep -cE '^(spe|dpe|sbi|lwm),' "$T/tl.csv")" = 4 ]; then
    ok "two_level_${n}_matches_reference"
  else bad "two_level_${n}_matches_reference" "$(head -1 "$T/tl.err")"; fi
done
# every paper's preset and a small design point with other latencies (the
# default itself is the loop above's: --config default is the same
# configuration, default_is_default_cfg below)
for cfg in 000 001 002 003 004 "default --lanes 4 --alu-lat 1 --mem-lat 3 --policy dpdpri --regfile crossbar"; do
  f=0
  for k in tb/kernels/*.k; do
    # shellcheck disable=SC2086
    "$S" --config $cfg "$k" --format csv >"$T/cfg.csv" 2>"$T/cfg.err" || { f=1; break; }
  done
  [ $f = 0 ] && ok "builtins_config_$cfg" || bad "builtins_config_$cfg" "$k: $(head -1 "$T/cfg.err")"
done

# dwf (000): swizzling fills the lanes on even/odd (000 Fig. 7); the
# crossbar register file pays bank conflicts for the moved lanes; 001's
# Table 1 functions (--param dwf.SWIZZLE=2..6, through lane_shuffle, with
# the crossbar) run every kernel, and MirrorOdd and Xor fill the warps
# Identity leaves half empty; they need the crossbar (exit 2, one line)
on=$("$S" tb/kernels/even_odd.k --mech dwf --swizzle on --format csv | ccol dwf simd_eff)
off=$("$S" tb/kernels/even_odd.k --mech dwf --swizzle off --format csv | ccol dwf simd_eff)
spe=$("$S" tb/kernels/even_odd.k --mech spe --format csv | ccol spe simd_eff)
awk -v a="$on" -v b="$off" -v c="$spe" 'BEGIN{exit !(a > b && a > c)}' &&
  ok "claim_even_odd_swizzle_beats_no_swizzle_and_spe ($on > $off, $spe)" ||
  bad claim_even_odd_swizzle_beats_no_swizzle_and_spe "swizzle $on, no swizzle $off, spe $spe"
c=$("$S" tb/kernels/even_odd.k --mech dwf --regfile crossbar --format csv | ccol dwf rf_conflicts)
[ "${c:-0}" -gt 0 ] && ok "dwf_crossbar_bank_conflicts ($c)" || bad dwf_crossbar_bank_conflicts "$c"
for sw in 2 3 4 5 6; do
  f=0
  for k in tb/kernels/*.k; do
    "$S" "$k" --mech dwf --regfile crossbar --param dwf.SWIZZLE=$sw >"$T/sw.out" 2>&1 || { f=1; break; }
  done
  [ $f = 0 ] && ok "dwf_table1_swizzle_${sw}_builtins" || bad "dwf_table1_swizzle_${sw}_builtins" "$k: $(head -1 "$T/sw.out")"
done
id=$("$S" tb/kernels/even_odd.k --mech dwf --regfile crossbar --param dwf.SWIZZLE=2 --format csv | ccol dwf simd_eff)
mo=$("$S" tb/kernels/even_odd.k --mech dwf --regfile crossbar --param dwf.SWIZZLE=3 --format csv | ccol dwf simd_eff)
xo=$("$S" tb/kernels/even_odd.k --mech dwf --regfile crossbar --param dwf.SWIZZLE=5 --format csv | ccol dwf simd_eff)
awk -v a="$mo" -v b="$xo" -v c="$id" 'BEGIN{exit !(a > c && b > c)}' &&
  ok "claim_even_odd_mirrorodd_xor_beat_identity ($mo, $xo > $id)" ||
  bad claim_even_odd_mirrorodd_xor_beat_identity "MirrorOdd $mo, Xor $xo, Identity $id"
for m in dwf all; do
  "$S" tb/kernels/lud.k --mech $m --param dwf.SWIZZLE=6 >"$T/sw.out" 2>&1
  [ $? -eq 2 ] && [ "$(wc -l <"$T/sw.out")" -eq 1 ] && grep -q 'needs --regfile crossbar' "$T/sw.out" &&
    ok "dwf_table1_swizzle_needs_crossbar_mech_$m" || bad "dwf_table1_swizzle_needs_crossbar_mech_$m" "$(head -2 "$T/sw.out" | tr '\n' '|')"
done

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
# sbi+swi (001 Fig. 2(e)): the same six split pairs as sbi, and once the
# else splits wait at the reconvergence point (selective synchronisation:
# their lanes are not in the warps' entries), the SWI secondary puts warp
# 1's then split (lanes 1 and 2) beside warp 0's (lanes 0 and 3).  (With
# one write port into swi_sched the pair was warp 1's bra with warp 0's
# beside: the two fills a cycle refill warp 0's entry first.)  Fig. 2(e)
# draws one SIMD group: at one ALU group, as there (with a second free
# group the I2 goes there in its own slot instead, 001 l.150).
lg=$("$S" tb/kernels/fig2_001.k --lanes 4 --set alu_groups=1 --mech sbi+swi --log - --format csv)
n=$(grep -c 'secondary pc' <<<"$lg"); p=$(grep -c ' with warp ' <<<"$lg")
[ "$n" = 6 ] && [ "$p" = 1 ] && grep -qE 'sbi\+swi warp 0 +L pc 7 +bra .* 1\.\.1 with warp 1 pc 7 .* \.11\.$' <<<"$lg" &&
  ok golden_fig2_sbi_swi_pairs_and_interweaves ||
  bad golden_fig2_sbi_swi_pairs_and_interweaves "$n split pairs, $p warp pairs: $(grep -m1 ' with warp ' <<<"$lg")"
# sbi+swi's banks (warp w in bank w mod 2): only warps 0 and 2 run, on
# complementary lanes, so with one swi_sched set the secondary's best fit
# for I1 = warp 0 is warp 2, in I1's bank; it is skipped (swi_bank_skips)
# and never issued beside it.  With 4 sets it is in another set: no skip.
# At one ALU group, so that warp 2 is the only fit (with a second free
# group, warps 1 and 3's exits go there first and warp 2 never is I2).
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
sk() { "$S" "$T/sbs_bank.k" --mech sbi+swi --set alu_groups=1 --check on --format csv "$@" | ccol sbi+swi swi_bank_skips; }
one=$(sk --swi-sets 1); four=$(sk)
[ -n "$one" ] && [ "$one" -gt 0 ] && [ "$four" = 0 ] && ok "sbi_swi_same_bank_skipped ($one $four)" ||
  bad sbi_swi_same_bank_skipped "one set: '$one' skips, four sets: '$four'"

# swi (001 sec. 4): fig2 at 4 lanes, both warps in one pool (one
# scheduler).  Both take the branch at pc 3 on complementary lanes (warp 0:
# lanes 1,2 to pc 8; warp 1: lanes 0,3), so the secondary issues warp 1's
# pc 8 beside warp 0's in one slot; a secondary is always another warp
lg=$("$S" tb/kernels/fig2_001.k --lanes 4 --schedulers 1 --mech swi --log - --format csv)
grep -qE '^ +[0-9]+ swi warp 0 +pc 8 +sub +line 18 +\.11\. with warp 1 pc 8 +line 18 +1\.\.1$' <<<"$lg" &&
  ok golden_fig2_swi_pairs_two_warps || bad golden_fig2_swi_pairs_two_warps "$(grep -m1 ' with ' <<<"$lg")"
if [ "$(grep -c ' with warp ' <<<"$lg")" -ge 1 ] &&
   awk '$2=="swi" && / with warp / {split($0, a, " with warp "); split(a[2], b, " "); if ($4 == b[1]) exit 1}' <<<"$lg"; then
  ok swi_secondary_other_warp; else bad swi_secondary_other_warp; fi
n=$("$S" tb/kernels/fig2_001.k --lanes 4 --schedulers 1 --mech swi --format csv | ccol swi swi_insts)
[ "${n:-0}" -ge 1 ] && ok "swi_insts_counted ($n)" || bad swi_insts_counted "$n"
# the set restriction and full associativity run the same kernels
for a in "--swi-sets 1" "--param swi_sched.SETS=8 --param swi_sched.WAYS=3"; do
  # shellcheck disable=SC2086
  "$S" --random 20 --seed 11 --quiet --mech swi $a >"$T/swi_assoc.out" 2>&1 &&
    ok "swi_random_20 ($a)" || bad "swi_random_20 ($a)" "$(tail -1 "$T/swi_assoc.out")"
done

# stsimt (002 sec. 3.1-3.2): k-wide lanes, aligned-group compaction.  Every
# width matches the reference on every built-in kernel; k = 1 is tsimt
# exactly, cycle for cycle, conflict for conflict
for k in tb/kernels/*.k; do
  n=$(basename "$k" .k)
  for w in 1 2 4 8; do
    if "$S" "$k" --mech tsimt,stsimt --tsimt-width "$w" --format csv >"$T/st.csv" 2>"$T/st.err"; then
      ok "stsimt_k${w}_${n}_matches_reference"
    else bad "stsimt_k${w}_${n}_matches_reference" "$(head -1 "$T/st.err")"; continue; fi
    if [ "$w" = 1 ]; then
      a=$(for c in cycles warp_insts issue_conflicts lane_util; do ccol tsimt $c <"$T/st.csv"; done | tr '\n' ,)
      b=$(for c in cycles warp_insts issue_conflicts lane_util; do ccol stsimt $c <"$T/st.csv"; done | tr '\n' ,)
      [ -n "$a" ] && [ "$a" = "$b" ] && ok "stsimt_k1_is_tsimt_$n" || bad "stsimt_k1_is_tsimt_$n" "tsimt $a stsimt $b"
    fi
  done
done
"$S" --random 20 --seed 7 --quiet --mech stsimt --tsimt-width 2 --lanes 8 >"$T/st.rand" 2>&1 &&
  ok stsimt_random_k2 || bad stsimt_random_k2 "$(tail -1 "$T/st.rand")"
"$S" --random 20 --seed 8 --quiet --mech stsimt --tsimt-width 8 --lanes 16 >"$T/st.rand" 2>&1 &&
  ok stsimt_random_k8 || bad stsimt_random_k8 "$(tail -1 "$T/st.rand")"

# lwm (004 sec. 3.1) at other parameters, with two-level
"$S" --random 20 --seed 9 --quiet --mech lwm --lanes 8 --param lwm_subwarp.K=3 --sched two-level >"$T/lwm.rand" 2>&1 &&
  ok lwm_random_k3_two_level || bad lwm_random_k3_two_level "$(tail -1 "$T/lwm.rand")"
"$S" --random 20 --seed 10 --quiet --mech lwm --lanes 4 --param lwm_subwarp.DEPTH=8 >"$T/lwm.rand" 2>&1 &&
  ok lwm_random_lanes4_depth8 || bad lwm_random_lanes4_depth8 "$(tail -1 "$T/lwm.rand")"
# 004 Fig. 7: 32 warps compute, load, compute: two-level leaves fewer idle
# issue cycles than round robin, for spe and lwm; one fetch group per
# scheduler (group_size above the warps: the largest divisor of the pool)
# is round robin exactly (004 sec. 5.3)
{ printf '%s\n' '.kernel fig7' '.threads 256' '.mem 256' '    mov r0, %tid'
  for i in 1 2 3 4 5 6 7 8; do echo '    add r1, r1, r0'; done
  echo '    ld r2, [r0]'
  for i in 1 2 3 4 5 6 7 8; do echo '    add r2, r2, r0'; done
  printf '%s\n' '    st [r0], r2' '    exit'; } >"$T/fig7.k"
"$S" "$T/fig7.k" --mech spe,lwm --format csv >"$T/fig7_rr.csv"
"$S" "$T/fig7.k" --mech spe,lwm --sched two-level --format csv >"$T/fig7_tl.csv"
for m in spe lwm; do
  a=$(ccol $m idle_cycles <"$T/fig7_rr.csv"); b=$(ccol $m idle_cycles <"$T/fig7_tl.csv")
  [ -n "$a" ] && [ -n "$b" ] && [ "$b" -lt "$a" ] && ok "claim_fig7_two_level_fewer_idle_$m (idle $b < $a)" ||
    bad "claim_fig7_two_level_fewer_idle_$m" "rr $a two-level $b"
done
rr=$(awk -F, 'NR>1{print $1,$2,$3}' "$T/fig7_rr.csv" | tr '\n' ' ')
one=$("$S" "$T/fig7.k" --mech spe,lwm --sched two-level --set group_size=256 --format csv |
      awk -F, 'NR>1{print $1,$2,$3}' | tr '\n' ' ')
[ -n "$rr" ] && [ "$one" = "$rr" ] && ok two_level_one_group_is_rr || bad two_level_one_group_is_rr "rr $rr one group $one"

# reduction: the sum of 1..64 in word 64
"$S" tb/kernels/reduction.k --dump-mem "$T/red.mem" >/dev/null 2>&1
[ "$(sed -n 65p "$T/red.mem")" = 00000820 ] && [ "$(wc -l <"$T/red.mem")" = 128 ] &&
  ok dump_mem_reduction_sum || bad dump_mem_reduction_sum "$(sed -n 65p "$T/red.mem")"

# ------------------------------------------------------ the check can fail
# for every mechanism of the table: a flipped register, a memory byte, a
# dropped structure update, blind scoreboards (the per-thread timing
# oracle); exit 1 with the mechanism and what differs
for f in reg@40 mem@40 pc@30 sb@0; do
  for m in $mechs; do
    "$S" --mech "$m" tb/kernels/fig1_003.k --inject-fault $f >"$T/fault.out" 2>&1
    rc=$?
    want='(thread [0-9]+|global byte|lane_regfile lane)'
    # a dropped update: the reference check, or the mechanism's own check
    # that what issues is its structure's top
    [ "${f%@*}" = pc ] && want='(thread [0-9]+|internal: warp [0-9]+ issue)'
    [ "${f%@*}" = sb ] && want='thread [0-9]+: pc [0-9]+ .* (reads|overwrites) register [0-9]+ in cycle [0-9]+, but .* ready only in cycle'
    [ $rc -eq 1 ] && grep -qE "^simt: .*: ${m//+/\\+}: $want" "$T/fault.out" && ok "fault_${f%@*}_caught_$m" ||
      bad "fault_${f%@*}_caught_$m" "exit $rc: $(head -1 "$T/fault.out")"
  done
done

# the same blind scoreboards with the checks off (--no-check, as --bench
# runs): a warp's own lanes then skip the per-thread oracle reads when the
# warp's wready row (core_int.h) shows no register late; the row must
# still show the early issue
# and a dropped structure update with the checks off: a warp's own lanes then
# compare the reference's PC sequence in issue_warp's loop of its own
# (core_issue.c); the first wrong PC is named, not a sequence overrun later
for f in sb@0 pc@30; do
  for m in $mechs; do
    "$S" --mech "$m" tb/kernels/fig1_003.k --inject-fault $f --no-check >"$T/fault.out" 2>&1
    rc=$?
    want='thread [0-9]+: pc [0-9]+ .* (reads|overwrites) register [0-9]+ in cycle [0-9]+, but .* ready only in cycle'
    [ "${f%@*}" = pc ] &&
      want='(thread [0-9]+: instruction #[0-9]+ is pc [0-9]+ .*, the reference executed pc|internal: warp [0-9]+ issue)'
    [ $rc -eq 1 ] && grep -qE "^simt: .*: ${m//+/\\+}: $want" "$T/fault.out" && ok "fault_${f%@*}_nocheck_caught_$m" ||
      bad "fault_${f%@*}_nocheck_caught_$m" "exit $rc: $(head -1 "$T/fault.out")"
  done
done

# the core's ready set (core_ready_set), kept for the mechanisms the core
# fetches for and recounted every cycle: one update skipped is caught
for m in spe simt+scalar dpe sbi; do
  "$S" --mech "$m" tb/kernels/fig1_003.k --inject-fault ready@30 >"$T/fault.out" 2>&1
  rc=$?
  [ $rc -eq 1 ] && grep -qE "^simt: .*: ${m//+/\\+}: internal: the core's kept ready set is stale: warp [0-9]+ context [0-9]+: kept ready bit" "$T/fault.out" &&
    ok "fault_ready_caught_$m" || bad "fault_ready_caught_$m" "exit $rc: $(head -1 "$T/fault.out")"
done

# the core's barred set (core_barred_set: warps whose every live thread is
# at a barrier), which tsimt, stsimt and their scalarizing forms skip
# instead of asking core_ready: one change skipped is caught
for m in tsimt stsimt tsimt+scalar stsimt+scalar spe; do
  "$S" --mech "$m" tb/kernels/reduction.k --inject-fault barred@10 >"$T/fault.out" 2>&1
  rc=$?
  [ $rc -eq 1 ] && grep -qE "^simt: .*: ${m//+/\\+}: internal: the core's kept ready set is stale: warp [0-9]+: kept barrier lanes .* \(barred [01]\), its threads .* \(barred [01]\)" "$T/fault.out" &&
    ok "fault_barred_caught_$m" || bad "fault_barred_caught_$m" "exit $rc: $(head -1 "$T/fault.out")"
done

# dwf's lean evaluation (dwf_eval_lean, the checks off), compared with
# dwf_eval under --check: a stale commit TID planted in it is caught
for k in reduction.k bfs.k; do
  "$S" --mech dwf tb/kernels/$k --inject-fault lean@0 >"$T/fault.out" 2>&1
  rc=$?
  [ $rc -eq 1 ] && grep -qE "^simt: .*: dwf: internal: pool [0-9]+'s lean evaluation differs from dwf_eval" "$T/fault.out" &&
    ok "fault_lean_caught_dwf_${k%.k}" || bad "fault_lean_caught_dwf_${k%.k}" "exit $rc: $(head -1 "$T/fault.out")"
done

# quiet cycles (core.h, "Quiet cycles"): under --check every cycle runs and
# each stretch the core and the mechanism's hook declared quiet is checked;
# a prediction planted twice too long (quiet@C) is caught (by an issue, or
# by the mechanism's hook seeing something to do: tsimt's lane ready; sbi,
# swi and sbi+swi: a stretch runs past the mechanism's next act)
for m in spe simt+scalar tsimt stsimt tsimt+scalar stsimt+scalar sbi swi sbi+swi; do
  for k in fig1_003.k bfs.k; do
    "$S" --mech "$m" tb/kernels/$k --inject-fault quiet@0 >"$T/fault.out" 2>&1
    rc=$?
    [ $rc -eq 1 ] && grep -qE "^simt: .*: ${m//+/\\+}: internal: cycle [0-9]+ was declared quiet \(cycles [0-9]+\.\.[0-9]+\), but (it issued|the mechanism is no longer quiet)" "$T/fault.out" &&
      ok "fault_quiet_caught_${m}_${k%.k}" || bad "fault_quiet_caught_${m}_${k%.k}" "exit $rc: $(head -1 "$T/fault.out")"
  done
done
# with the checks off the stretches are skipped: the report, the issue log
# and the exit status are byte-identical with --set quiet_skip=off (every
# mechanism, built-in kernels, three presets), and the planted prediction
# changes them (the skipping is on)
for k in bfs.k reduction.k fig1_003.k; do
  for p in default 001 004; do
    "$S" tb/kernels/$k --config $p --no-check --log - --format json >"$T/quiet_on.out" 2>&1; echo "rc=$?" >>"$T/quiet_on.out"
    "$S" tb/kernels/$k --config $p --no-check --log - --format json --set quiet_skip=off >"$T/quiet_off.out" 2>&1; echo "rc=$?" >>"$T/quiet_off.out"
    cmp -s "$T/quiet_on.out" "$T/quiet_off.out" && ok "quiet_skip_identical_${k%.k}_$p" ||
      bad "quiet_skip_identical_${k%.k}_$p" "$(diff "$T/quiet_on.out" "$T/quiet_off.out" | head -3 | tr '\n' '|')"
  done
done
"$S" tb/kernels/bfs.k --mech spe --no-check --log - --format json >"$T/quiet_on.out" 2>&1
"$S" tb/kernels/bfs.k --mech spe --no-check --log - --format json --inject-fault quiet@0 >"$T/quiet_f.out" 2>&1
cmp -s "$T/quiet_on.out" "$T/quiet_f.out" && bad quiet_skip_is_on "a stretch twice too long changed nothing" || ok quiet_skip_is_on
# tsimt, stsimt and their +scalar forms (mech_tsimt.c, tsimt_quiet), sbi,
# swi and sbi+swi (their hooks: the scoreboards' writebacks, the units of
# sbi's ready warps): the planted prediction changes the output with the
# checks off (their skipping is on)
for m in tsimt stsimt tsimt+scalar stsimt+scalar sbi swi sbi+swi; do
  "$S" tb/kernels/bfs.k --mech "$m" --config 001 --no-check --log - --format json >"$T/quiet_on.out" 2>&1
  "$S" tb/kernels/bfs.k --mech "$m" --config 001 --no-check --log - --format json --inject-fault quiet@0 >"$T/quiet_f.out" 2>&1
  cmp -s "$T/quiet_on.out" "$T/quiet_f.out" && bad "quiet_skip_is_on_$m" "a stretch twice too long changed nothing" || ok "quiet_skip_is_on_$m"
done
# dwf and lwm fetch for themselves: their hooks say when a unit can act
# (a writeback or completion due, a candidate's unit free, a large warp to
# fetch).  A stretch twice too long runs past that: --check catches it; with
# the checks off a memory-bound CUDA launch at 001 (long stretches, two
# units) gives the same report and issue log as every cycle run, and the
# planted stretch changes them (the skipping is on)
for m in dwf lwm; do
  for k in fig1_003.k bfs.k; do
    "$S" --mech $m tb/kernels/$k --inject-fault quiet@0 >"$T/fault.out" 2>&1
    rc=$?
    [ $rc -eq 1 ] && grep -qE "^simt: .*: $m: internal: cycle [0-9]+ was declared quiet \(cycles [0-9]+\.\.[0-9]+\), but the mechanism is no longer quiet" "$T/fault.out" &&
      ok "fault_quiet_caught_${m}_${k%.k}" || bad "fault_quiet_caught_${m}_${k%.k}" "exit $rc: $(head -1 "$T/fault.out")"
  done
  L=tb/kernels/cuda/treesearch.launch
  "$S" --launch $L --mech $m --config 001 --no-check --log - --format json >"$T/quiet_on.out" 2>&1; echo "rc=$?" >>"$T/quiet_on.out"
  "$S" --launch $L --mech $m --config 001 --no-check --log - --format json --set quiet_skip=off >"$T/quiet_off.out" 2>&1; echo "rc=$?" >>"$T/quiet_off.out"
  cmp -s "$T/quiet_on.out" "$T/quiet_off.out" && ok "quiet_skip_identical_${m}_treesearch_001" ||
    bad "quiet_skip_identical_${m}_treesearch_001" "$(diff "$T/quiet_on.out" "$T/quiet_off.out" | head -3 | tr '\n' '|')"
  "$S" --launch $L --mech $m --config 001 --no-check --log - --format json --inject-fault quiet@0 >"$T/quiet_f.out" 2>&1; echo "rc=$?" >>"$T/quiet_f.out"
  cmp -s "$T/quiet_on.out" "$T/quiet_f.out" && bad "quiet_skip_is_on_$m" "a stretch twice too long changed nothing" || ok "quiet_skip_is_on_$m"
done

# tsimt_frontend's lean pair (the checks off), run beside the full one
# under --check: a ready lane dropped from its answer is caught
for m in tsimt stsimt+scalar; do
  "$S" --mech "$m" tb/kernels/reduction.k --inject-fault lean@0 >"$T/fault.out" 2>&1
  rc=$?
  [ $rc -eq 1 ] && grep -qE "^simt: .*: ${m//+/\\+}: internal: tsimt_frontend's lean evaluation differs from eval" "$T/fault.out" &&
    ok "fault_lean_caught_$m" || bad "fault_lean_caught_$m" "exit $rc: $(head -1 "$T/fault.out")"
done

# dwf's rendezvous keeps a parked thread's membermask wait (mdwf_rv_park),
# compared with core_coll_wait under --check: a wait kept as none is caught
for k in warpdiv warpshfl; do
  "$S" --mech dwf --config 001 --launch tb/kernels/cuda/warp/$k.launch --inject-fault rv@0 >"$T/fault.out" 2>&1
  rc=$?
  [ $rc -eq 1 ] && grep -qE "^simt: .*: dwf: internal: parked thread [0-9]+ \(slot [0-9]+\)'s kept wait 0x[0-9a-f]+ differs from its membermask's" "$T/fault.out" &&
    ok "fault_rv_caught_dwf_$k" || bad "fault_rv_caught_dwf_$k" "exit $rc: $(head -1 "$T/fault.out")"
done

# ------------------------------------------------------------ random kernels
# tb/simt/regress.sh at N kernels (make regress: 1000) per mechanism x
# preset / design point, the timing oracle on: one line per row
OUT="$T/random" NO_CUDA=1 CHUNK="$N" bash tb/simt/regress.sh "$B" "$N" 1 >"$T/rand.out" 2>&1
rrc=$?
awk 'f && NF == 5 && $3 ~ /^[0-9]+$/ { print $1, $2, $3, $4, $5 } /^point +mech/ { f = 1 } /^random kernels:/ { f = 0 }' \
  "$T/rand.out" >"$T/rand.rows"
while read -r pt m k fl sk; do
  [ "$fl" = 0 ] && [ "$k" = "$N" ] && ok "random_${N} $pt $m${sk:+ ($sk skipped)}" ||
    bad "random_${N} $pt $m" "$fl of $k failed: $(grep -m1 -A1 "FAIL random seed" "$T/rand.out" | tr '\n' '|')"
done <"$T/rand.rows"
# one row per mechanism and design point (regress.sh's ALL_POINTS)
npoints=$(sed -n '/^ALL_POINTS=(/,/^)/p' tb/simt/regress.sh | grep -c '^  "')
[ "$(wc -l <"$T/rand.rows")" -eq $((nmech * npoints)) ] && [ "$npoints" -ge 16 ] && [ $rrc -eq 0 ] && ok random_every_mech_and_point ||
  bad random_every_mech_and_point "exit $rrc, $(wc -l <"$T/rand.rows") rows: $(tail -3 "$T/rand.out" | tr '\n' '|')"
# own-scheduling mechanisms under two-level: every kernel a counted skip
# with the simulator's reason, not a failure
grep -q '^  two-level@dwf: every kernel: dwf: --sched two-level: its own structure schedules the warps' "$T/rand.out" &&
  ok random_skip_counted_with_reason || bad random_skip_counted_with_reason "$(grep -A3 '^skipped' "$T/rand.out" | tr '\n' '|')"
# a blind scoreboard fails the regression, and each failure's reproduce
# line fails the same way on its own
OUT="$T/random_fault" NO_CUDA=1 POINTS="default 002" MECHS="spe swi" EXTRA_ARGS="--inject-fault sb@5" \
  bash tb/simt/regress.sh "$B" 3 1 >"$T/rand_fault.out" 2>&1
rrc=$?
repro=$(grep -m1 '^    reproduce: ' "$T/rand_fault.out" | sed 's/^    reproduce: //')
# shellcheck disable=SC2086
[ $rrc -eq 1 ] && [ "$(grep -c "^  FAIL random seed" "$T/rand_fault.out")" -ge 1 ] && [ -n "$repro" ] &&
  ( $repro >/dev/null 2>&1; [ $? -eq 1 ] ) && ok random_fault_caught_and_reproduced ||
  bad random_fault_caught_and_reproduced "exit $rrc: $(tail -3 "$T/rand_fault.out" | tr '\n' '|')"
"$S" --gen 5 >"$T/gen5.k" && "$S" --gen 5 | cmp -s - "$T/gen5.k" && "$S" "$T/gen5.k" >/dev/null &&
  ok gen_deterministic_and_valid || bad gen_deterministic_and_valid

# CTA dispatch: a grid of identical CTAs through 2 CTA slots; every CTA is
# checked as it retires, and 5 CTAs (3 rounds: 2, 2, 1) take more than two
# rounds of 2 and at most three
printf '%s\n' '.kernel idem' '.threads 96' '.mem 256' '    mov r1, %tid' '    and r2, r1, 3' '    setp.eq p0, r2, 0' \
  '    @p0 bra A' '    mul r3, r1, 7' '    bra J' 'A:  ld r3, [r1+100]' '    add r3, r3, 5' 'J:  st [r1], r3' '    exit' >"$T/idem.k"
one=$("$S" --grid 2 "$T/idem.k" --format csv --set max_ctas=2 | awk -F, '$1=="spe"{print $2" "$12}')
five=$("$S" --grid 5 "$T/idem.k" --format csv --set max_ctas=2 | awk -F, '$1=="spe"{print $2" "$12}')
if [ "${one#* }" = 2 ] && [ "${five#* }" = 5 ] && [ "${five% *}" -gt $(( 2 * ${one% *} )) ] && [ "${five% *}" -le $(( 3 * ${one% *} )) ]; then
  ok "grid_dispatch ($one / $five)"; else bad grid_dispatch "two CTAs $one, five $five"; fi
"$S" --grid 3 "$T/idem.k" --set max_threads=64 >"$T/fit.out" 2>&1
[ $? -eq 2 ] && [ "$(wc -l <"$T/fit.out")" -eq 1 ] && grep -q 'does not fit the SM' "$T/fit.out" &&
  ok cta_too_big_one_line || bad cta_too_big_one_line "$(head -2 "$T/fit.out")"
# waves (002 sec. 3.3): 8 active threads of a 32-thread warp on 8 lanes
# still take 4 cycles of the group, so issue is limited by the group
printf '%s\n' '.kernel w8' '.threads 1024' '.mem 4' '    and r1, %tid, 31' '    setp.lt p0, r1, 8' '    @!p0 bra E' >"$T/w8.k"
for i in $(seq 40); do echo '    add r2, r2, 1' >>"$T/w8.k"; done
printf '%s\n' 'E:  exit' >>"$T/w8.k"
c8=$("$S" --config 002 "$T/w8.k" --mech spe --format csv | ccol spe cycles)
c32=$("$S" --config 002 --set simd_width=32 "$T/w8.k" --mech spe --format csv | ccol spe cycles)
[ -n "$c8" ] && [ -n "$c32" ] && [ "$c8" -gt $(( 3 * c32 )) ] && ok "waves_cost_cycles ($c8 > 3 x $c32)" ||
  bad waves_cost_cycles "8 lanes $c8, 32 lanes $c32"
# presets and keys: --show-config prints the effective value; the built-in
# default is default.cfg exactly; a preset file's bad line is file:line
[ "$("$S" --config 004 --show-config | awk '$1=="lwm_k"{print $3}')" = 8 ] &&
  [ "$("$S" --config 004 --set lwm_k=4 --show-config | awk '$1=="lwm_k"{print $3}')" = 4 ] &&
  ok config_show_and_override || bad config_show_and_override
diff <("$S" --show-config) <("$S" --config default --show-config) >/dev/null &&
  ok default_is_default_cfg || bad default_is_default_cfg
printf 'warp_size = 32\nbogus = 1\n' >"$T/bad.cfg"
grep -q "^$T/bad.cfg:2: unknown configuration key 'bogus'" <("$S" --config "$T/bad.cfg" tb/kernels/lud.k 2>&1 | sed 's/^simt: --config: //') &&
  ok config_file_line || bad config_file_line

# ------------------------------------------------------------- bad kernels
# (no_reachable_exit: a loop with no way out is reported at the loop)
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
# (the side that skips the barrier waits at another one on its way out:
# as bare early returns they run, early_return_kernels_run below, and as
# early returns that store, exitpop_kernel_runs at the end)
badk bar_divergent 6 "$H"$'\n    setp.lt p0, %tid, 5\n    @p0 bra J\n    bar\nJ:  st [r1], r1\n    bar\n    exit'
badk bar_after_divergent_exit 7 "$H"$'\n    setp.lt p0, %lane, 5\n    @p0 bra Q\n    add r1, r1, 1\n    bar\n    exit\nQ:  st [r1], r1\n    bar\n    exit'
# (a barrier after the loop: a divergent loop whose way out is the exit is
# one left only by a return, which runs since forret)
badk bar_divergent_loop 7 "$H"$'\n    and r1, %tid, 3\nL:  sub r1, r1, 1\n    setp.gt p0, r1, 0\n    bar\n    @p0 bra L\n    bar\n    exit'
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
# an endless data-dependent loop: the reference gives up, one line at a
# line of the loop (5-7, issue 30: not at the .kernel line), exit 2
printf '%s\n' "$H" '    mov r1, 1' 'L:  add r2, r2, 1' '    setp.ne p0, r1, 0' '    @p0 bra L' '    exit' >"$T/spin.k"
"$S" "$T/spin.k" --max-steps 5000 >"$T/spin.out" 2>&1
[ $? -eq 2 ] && [ "$(wc -l <"$T/spin.out")" -eq 1 ] && grep -qE "^$T/spin.k:[567]: thread 0 ran 5000 instructions without finishing" "$T/spin.out" &&
  ok reference_step_limit_at_the_loop || bad reference_step_limit_at_the_loop "$(cat "$T/spin.out")"

# --------------------------------------------------------------- bad flags
"$S" --help >"$T/help.out" 2>&1 && grep -q '^usage: build/simt' "$T/help.out" && ok help_exit_0 || bad help_exit_0
printf 'warp_size = 32\nbogus = 1\n' >"$T/bad.cfg"
for args in "--bogus" "--core tb/kernels/lud.k" "--mech xyz tb/kernels/lud.k" "--lanes 3 tb/kernels/lud.k" \
            "--alu-lat 0 tb/kernels/lud.k" "--mem-lat x tb/kernels/lud.k" "--format xml tb/kernels/lud.k" \
            "--policy best tb/kernels/lud.k" "--swizzle maybe tb/kernels/lud.k" "--regfile banked tb/kernels/lud.k" \
            "--depth 33 tb/kernels/lud.k" "--cct 1 tb/kernels/lud.k" "--lut-entries 48 tb/kernels/lud.k" \
            "--tsimt-width 3 tb/kernels/lud.k" "--tsimt-width 16 tb/kernels/lud.k" \
            "--tsimt-width 4 --lanes 2 --mech stsimt tb/kernels/fig2_001.k" \
            "--sched xyz tb/kernels/lud.k" "--sched two-level --mech dwf tb/kernels/lud.k" \
            "--sched two-level --mech tsimt tb/kernels/lud.k" \
            "--set bogus=1 tb/kernels/lud.k" "--set warp_size=3 tb/kernels/lud.k" \
            "--set simd_width=64 --set warp_size=32 tb/kernels/lud.k" "--config $T/bad.cfg tb/kernels/lud.k" \
            "--config nosuch tb/kernels/lud.k" "--warp-size 0 tb/kernels/lud.k" \
            "--kernel" "--inject-fault x@1 tb/kernels/lud.k" "tb/kernels/lud.k tb/kernels/bfs.k" "" "$T/none.k"; do
  # shellcheck disable=SC2086
  "$S" $args >"$T/args.out" 2>&1
  rc=$?
  if [ $rc -eq 2 ] && [ "$(wc -l <"$T/args.out")" -eq 1 ]; then ok "bad_args '$args'"
  else bad "bad_args '$args'" "exit $rc, $(wc -l <"$T/args.out") lines: $(head -2 "$T/args.out" | tr '\n' '|')"; fi
done
# the one line names the flag given, also when its value is a separate word
for a in "--tech 5" "--tech=5" "--warp-size abc" "--lanes 3" "--max-cycles x"; do
  # shellcheck disable=SC2086
  "$S" tb/kernels/lud.k $a >"$T/args.out" 2>&1
  rc=$?
  [ $rc -eq 2 ] && [ "$(wc -l <"$T/args.out")" -eq 1 ] && grep -q "^simt: ${a%%[ =]*}: " "$T/args.out" &&
    ok "bad_flag_named '$a'" || bad "bad_flag_named '$a'" "exit $rc: $(head -2 "$T/args.out" | tr '\n' '|')"
done
# a directory given as a kernel (issue 30): said so, one line
for a in "tb/kernels" "--show-cfg tb/kernels"; do
  # shellcheck disable=SC2086
  "$S" $a >"$T/dir.out" 2>&1
  rc=$?
  [ $rc -eq 2 ] && [ "$(wc -l <"$T/dir.out")" -eq 1 ] && grep -q "tb/kernels: is a directory, not a kernel file" "$T/dir.out" &&
    ok "directory_as_kernel '$a'" || bad "directory_as_kernel '$a'" "exit $rc: $(head -2 "$T/dir.out" | tr '\n' '|')"
done
# --param: the models' own parameter tables (ranges, names), and the
# parameters the run fixes; a --param of a structure names its mechanism,
# so a mechanism refusing it is exit 2 under --mech all too
for args in "--param dpe_stack.DEPTH=40" "--param foo.X=1" "--param dwf.LANES=4" "--param dwf.BOGUS=1" \
            "--param simt_stack.WARPS=2" "--param lane_regfile.ENTRIES=8" "--param tsimt_frontend.K=4" "--param dpe_stack.DEPTH" \
            "--param lwm_subwarp.N=4" "--param lwm_subwarp.K=2 --param lwm_subwarp.LARGE_WARPS=1" \
            "--param lwm_subwarp.DEPTH=17" "--sched two-level --param two_level_sched.GROUP_SIZE=3" \
            "--param swi_sched.SETS=3" "--param swi_sched.SETS=1 --param swi_sched.WAYS=1 --mech swi" "--param swi_sched.LANES=4"; do
  # shellcheck disable=SC2086
  "$S" tb/kernels/lud.k $args >"$T/param.out" 2>&1
  rc=$?
  if [ $rc -eq 2 ] && [ "$(wc -l <"$T/param.out")" -eq 1 ]; then ok "bad_param '$args'"
  else bad "bad_param '$args'" "exit $rc: $(head -1 "$T/param.out")"; fi
done
d2=$("$S" tb/kernels/nested_break.k --mech dpe --format csv --param dpe_stack.DEPTH=2 --param shadow_scoreboard.ENTRIES=2 | ccol dpe peak_stack_depth)
[ "$d2" = 2 ] && ok param_applied_dpe_depth_2 || bad param_applied_dpe_depth_2 "$d2"

# a structure parameter too small for the run names itself, what it must
# hold and the bound: one line, exit 2
one_line param_too_small_names_it 2 '^simt: dwf: --param lane_regfile\.ENTRIES=8 is too small: each lane.s bank holds [0-9]+ threads .* \(ENTRIES >= [0-9]+\)$' \
  "$S" tb/kernels/even_odd.k --param lane_regfile.ENTRIES=8
one_line param_too_small_dpe_warps 2 '^simt: dpe: --param dpe_stack\.WARPS=2 is too small: this run has [0-9]+ warps \(WARPS >= [0-9]+\)$' \
  "$S" tb/kernels/even_odd.k --param dpe_stack.WARPS=2
one_line param_too_small_sbi_warps 2 '^simt: sbi: --param hct_cct_heap\.WARPS=2 is too small: this run has [0-9]+ warps \(WARPS >= [0-9]+\)$' \
  "$S" tb/kernels/even_odd.k --param hct_cct_heap.WARPS=2
# --random with a named mechanism that holds none of the kernels: a
# configuration problem, one line, exit 2
one_line random_named_mech_holds_none_exit_2 2 '^simt: --random: dwf could not hold any of the 3 generated kernels \(the first: dwf: warps of 64 threads' \
  "$S" --random 3 --mech dwf --lanes 64 --quiet
# --grid with a kernel whose CTAs depend on each other (bfs: a CTA reads
# what another writes): refused, one line, exit 2
one_line grid_dependent_ctas_refused 2 '^tb/kernels/bfs\.k: --grid 3: the CTAs are not independent \(' "$S" tb/kernels/bfs.k --grid 3
# a race between CTAs that meet only between barriers: reduction's CTAs
# all reduce words 64..127, and no one-after-another CTA order changes the
# result; refp_order_check's interleaved order (CTAs side by side, a barrier
# phase of each in turn) does.  Before it, spe ran three CTAs side by side
# and failed the register check (exit 1): refused, one line, exit 2, at
# every mechanism
one_line grid_interleaved_race_refused 2 '^tb/kernels/reduction\.k: --grid 3: the CTAs are not independent \(128 bytes of memory depend on the CTAs'"'"' order\)' \
  "$S" tb/kernels/reduction.k --grid 3 --set warp_size=4 --set schedulers=3
# a preset by name from any working directory: on PATH, through a
# symbolic link, and as a copy away from the tree (the compiled-in source)
want=$("$S" --config 001 --show-config)
mkdir -p "$T/bin" && ln -sf "$(cd "$(dirname "$S")" && pwd)/simt" "$T/bin/simt-link" && rm -f "$T/bin/simt-copy" && cp "$S" "$T/bin/simt-copy"
sdir=$(cd "$(dirname "$S")" && pwd) tbin=$(cd "$T/bin" && pwd)
for how in "PATH=$sdir:\$PATH simt" "$tbin/simt-link" "$tbin/simt-copy"; do
  got=$(cd /tmp && eval "$how --config 001 --show-config" 2>&1)
  [ -n "$want" ] && [ "$got" = "$want" ] && ok "config_preset_from_any_cwd ($how)" ||
    bad "config_preset_from_any_cwd ($how)" "$(head -1 <<<"$got")"
done
one_line config_unknown_preset 2 "^simt: --config: 'nosuch' is neither a preset" "$S" --config nosuch --show-config
# counts agree with their nouns
"$S" tb/kernels/even_odd.k --set schedulers=1 --mech spe | grep -q '^kernel even_odd .* x 1 CTA, warp 8, simd 4, 1 scheduler, ' &&
  "$S" tb/kernels/even_odd.k --mech spe | grep -q ' 2 schedulers, ' && ok output_plurals ||
  bad output_plurals "$("$S" tb/kernels/even_odd.k --set schedulers=1 --mech spe | head -1)"

# every output path is checked before any work (issue 30): one line naming
# its own flag and the path given, exit 2, nothing run
for f in svg fst vcd log dump-mem; do
  "$S" tb/kernels/lud.k --$f /nonexistent-dir/x >"$T/out.out" 2>&1
  rc=$?
  [ $rc -eq 2 ] && [ "$(wc -l <"$T/out.out")" -eq 1 ] && grep -q "^simt: --$f: cannot write '/nonexistent-dir/x'" "$T/out.out" &&
    ok "unwritable_$f" || bad "unwritable_$f" "exit $rc: $(head -2 "$T/out.out" | tr '\n' '|')"
done
"$S" tb/kernels/lud.k --trace-dir /nonexistent-dir/x >"$T/out.out" 2>&1
rc=$?
[ $rc -eq 2 ] && [ "$(wc -l <"$T/out.out")" -eq 1 ] && grep -q "^simt: --trace-dir: cannot create '/nonexistent-dir/x'" "$T/out.out" &&
  ok unwritable_trace_dir || bad unwritable_trace_dir "exit $rc: $(head -2 "$T/out.out" | tr '\n' '|')"

# a mechanism that cannot hold the kernel (issue 30; dwf: lane_regfile has
# at most 32 lanes) is a row saying why under --mech all, the others run,
# and the text says how to choose mechanisms; named, it is exit 2
"$S" tb/kernels/lud.k --lanes 64 --format csv >"$T/hold.csv" 2>&1
rc=$?
if [ $rc -eq 0 ] && grep -q '^dwf,,.*,dwf: warps of 64 threads; the lane-aware register file holds at most 32 lanes$' "$T/hold.csv" &&
   [ "$(awk -F, 'NR>1 && $NF=="ok"' "$T/hold.csv" | wc -l)" = $((nmech - 1)) ]; then
  ok mech_all_row_for_one_that_cannot_hold
else bad mech_all_row_for_one_that_cannot_hold "exit $rc: $(grep '^dwf' "$T/hold.csv")"; fi
"$S" tb/kernels/lud.k --lanes 64 >"$T/hold.txt" 2>&1
rc=$?
[ $rc -eq 0 ] && grep -qE '^dwf +cannot run: dwf: warps of 64 threads' "$T/hold.txt" && grep -q -- '--mech LIST chooses' "$T/hold.txt" &&
  grep -qE '^spe +[0-9]+ ' "$T/hold.txt" && ok mech_all_text_says_why_and_how_to_choose ||
  bad mech_all_text_says_why_and_how_to_choose "exit $rc: $(grep -E '^dwf|mech LIST' "$T/hold.txt" | tr '\n' '|')"
"$S" tb/kernels/lud.k --lanes 64 --format json | python3 -c "import json,sys; r=[x for x in json.load(sys.stdin)['rows'] if x['mech']=='dwf'][0]; assert r['cycles'] is None and 'at most 32 lanes' in r['status']" 2>/dev/null &&
  ok mech_all_json_status || bad mech_all_json_status
"$S" tb/kernels/lud.k --lanes 64 --mech dwf >"$T/hold.out" 2>&1
[ $? -eq 2 ] && [ "$(wc -l <"$T/hold.out")" -eq 1 ] && ok named_mech_cannot_hold_exit_2 ||
  bad named_mech_cannot_hold_exit_2 "$(head -2 "$T/hold.out")"
# the same in --random and --bench: under --mech all a line says which
# mechanism was left out and why, the others run; named, one line, exit 2
# before any work
"$S" --random 3 --lanes 64 --quiet >"$T/hold_rand.out" 2>&1
rc=$?
[ $rc -eq 0 ] && grep -q '^random: dwf could not hold 3 of the kernels (the first: dwf: warps of 64 threads;.*--mech LIST' "$T/hold_rand.out" &&
  ok mech_all_random_leaves_out_one_that_cannot_hold || bad mech_all_random_leaves_out_one_that_cannot_hold "exit $rc: $(tail -2 "$T/hold_rand.out" | tr '\n' '|')"
printf '%s\n' '.kernel tiny' '.threads 64' '.mem 4' '    exit' >"$T/tiny.k"
"$S" --bench "$T/tiny.k" --lanes 64 >"$T/hold_bench.out" 2>&1
rc=$?
[ $rc -eq 0 ] && grep -qE '^dwf +cannot run: dwf: warps of 64' "$T/hold_bench.out" && grep -qE '^spe +[0-9]+ ' "$T/hold_bench.out" &&
  grep -q '^geomean ' "$T/hold_bench.out" && ok mech_all_bench_row_for_one_that_cannot_hold ||
  bad mech_all_bench_row_for_one_that_cannot_hold "exit $rc: $(grep -E '^(dwf|simt)' "$T/hold_bench.out" | tr '\n' '|')"
"$S" --bench "$T/tiny.k" --lanes 64 --mech spe,dwf >"$T/hold_bench.out" 2>&1
[ $? -eq 2 ] && [ "$(wc -l <"$T/hold_bench.out")" -eq 1 ] && ok bench_named_mech_cannot_hold_exit_2 ||
  bad bench_named_mech_cannot_hold_exit_2 "$(head -2 "$T/hold_bench.out" | tr '\n' '|')"
# --help's lists come from the tables: its mechanisms are the rows of
# --mech all and the names --mech accepts, its keys the lines of
# --show-config, its --param structures those --param accepts
rows=$(awk -F, 'NR>1{print $1}' "$T/lud.csv" | tr '\n' ' ')
hk=$(awk '/^configuration keys/{f=1;next} f{print $1}' "$T/help.out" | tr '\n' ' ')
ck=$("$S" --show-config | awk '{print $1}' | tr '\n' ' ')
[ -n "$rows" ] && [ "$rows" = "$(tr '\n' ' ' <<<"$mechs")" ] && [ "$hk" = "$ck" ] && ok help_lists_from_tables ||
  bad help_lists_from_tables "rows '$rows' help '$mechs'"
f=0
for st in $(sed -n 's/^--param structures: //p' "$T/help.out"); do
  "$S" tb/kernels/lud.k --mech spe --param "$st.NOSUCH=1" 2>&1 | grep -q "^simt: --param $st.NOSUCH=1: " || { f=1; break; }
done
[ $f = 0 ] && [ -n "${st:-}" ] && ok help_param_structures_accepted || bad help_param_structures_accepted "$st"

# ------------------------------------------------------------------ outputs
"$S" --show-cfg tb/kernels/fig1_003.k >"$T/cfg.out" 2>&1
grep -q 'pc 4 line 13: @p0 bra 16 (B)  reconverges at pc 18 (G)' "$T/cfg.out" &&
  grep -q 'pc 8 line 17: @p1 bra 12 (E)  reconverges at pc 14 (F)' "$T/cfg.out" &&
  ok show_cfg_fig1_reconvergence || bad show_cfg_fig1_reconvergence
# PTX through a launch: the same listing, the guard as the PTX spells it, the
# line of the .ptx file (bfs.ptx line 39 is the entry's first divergent branch)
"$S" --launch tb/kernels/cuda/bfs.launch --show-cfg >"$T/cfgptx.out" 2>&1
head -1 "$T/cfgptx.out" | grep -q '^entry bfs (.*bfs.ptx): 243 instructions, grid 1 x 1 x 1, block 64 x 1 x 1; exit = pc 243$' &&
  grep -q '^  pc 9 line 39: @%p1 bra 55 (LBB0_8)  reconverges at pc 55 (LBB0_8)  (divergent)$' "$T/cfgptx.out" &&
  grep -q '^  pc 41 line 72: bra 25 (LBB0_4)  reconverges at pc 25 (LBB0_4)  (uniform)$' "$T/cfgptx.out" &&
  ok show_cfg_ptx_launch || bad show_cfg_ptx_launch "$(head -3 "$T/cfgptx.out")"
# a .ptx or .cu file given as a .k kernel: one line naming the flag, exit 2
for f in tb/kernels/cuda/bfs.ptx tb/kernels/cuda/bfs.cu; do
  "$S" "$f" --mech spe >"$T/bare.out" 2>&1; rc=$?
  [ $rc = 2 ] && [ "$(wc -l <"$T/bare.out")" = 1 ] && grep -q "^simt: $f: a .* file is not a .k kernel: run it with --" "$T/bare.out" &&
    ok "bare_${f##*.}_file_named" || bad "bare_${f##*.}_file_named" "rc=$rc $(cat "$T/bare.out")"
done
head -1 "$T/lud.csv" | grep -q '^mech,cycles,warp_insts,thread_insts,ipc,simd_eff,lane_util,idle_cycles,full_stalls,segments,bank_conflicts,ctas,area_mm2,area_overhead_pct,.*,status$' &&
  ok csv_columns || bad csv_columns "$(head -1 "$T/lud.csv")"
"$S" tb/kernels/lud.k --format json >"$T/lud.json" &&
  python3 -c "import json,sys; d=json.load(open('$T/lud.json')); r=d['rows']; assert [x['mech'] for x in r]==sys.argv[1].split(); assert all(k in x for x in r for k in ['cycles','warp_insts','thread_insts','ipc','simd_eff','idle_cycles','area_mm2','area_overhead_pct','status']); assert all(x['area_mm2'] > 0 for x in r); assert d['warp_size'] > 0" "$mechs" 2>/dev/null &&
  ok json_rows_and_area || bad json_rows_and_area
"$S" tb/kernels/lud.k --format md | grep -q '^| mech | cycles | warp_insts |' && ok md_table || bad md_table
# the area column: spe is the base of the overhead column
[ "$(ccol spe area_overhead_pct <"$T/lud.csv")" = 0.0 ] && [ -n "$(ccol dwf area_mm2 <"$T/lud.csv")" ] &&
  ok area_columns || bad area_columns
"$S" tb/kernels/even_odd.k --svg "$T/h.svg" >/dev/null && [ "$(grep -c '<rect' "$T/h.svg")" -gt "$nmech" ] &&
  grep -q '</svg>' "$T/h.svg" && ok svg_histogram || bad svg_histogram
rm -f "$T/w.vcd" "$T/w.vcd.gtkw" "$T/w.fst" "$T/w.fst.gtkw"
if "$S" tb/kernels/fig1_003.k --vcd "$T/w.vcd" >/dev/null 2>&1 && [ -s "$T/w.vcd.gtkw" ] &&
   grep -q '^\$scope module dpe \$end' "$T/w.vcd" && vcd2fst "$T/w.vcd" "$T/w_rt.fst" >/dev/null 2>&1; then
  # every signal the save file names is in the VCD, with its width
  names=$(awk '/^\$scope/{s[++d]=$3} /^\$upscope/{d--}
    /^\$var/{n=""; for(i=1;i<=d;i++) n=n s[i] "."; print n $5 ($3>1 ? "[" $3-1 ":0]" : "")}' "$T/w.vcd")
  missing=""
  while read -r sig; do grep -qxF "$sig" <<<"$names" || missing="$missing $sig"; done \
    < <(grep -vE '^(\[|@|-|\^|\*)' "$T/w.vcd.gtkw" | sed 's/^+{[^}]*} //; /^$/d')
  [ -z "$missing" ] && ok vcd_and_gtkw || bad vcd_and_gtkw "missing:$missing"
else bad vcd_and_gtkw; fi
if command -v vcd2fst >/dev/null; then
  "$S" tb/kernels/fig1_003.k --fst "$T/w.fst" >/dev/null 2>&1 && [ -s "$T/w.fst" ] && [ -s "$T/w.fst.gtkw" ] &&
    [ ! -e "$T/w.fst.tmp.vcd" ] && ok fst_and_gtkw || bad fst_and_gtkw
fi

# a waveform shows the same ports whether or not the checks run: with
# --no-check (dwf's and tsimt's lean evaluations, dpe's query without the
# scoreboard's eval, the core's quiet skipping) every mechanism's VCD equals
# the checked run's, at the default preset and 001
for p in default 001; do
  for m in $mechs; do
    for k in bfs.k reduction.k; do
      "$S" tb/kernels/$k --mech "$m" --config $p --vcd "$T/nc_a.vcd" >/dev/null 2>&1
      "$S" tb/kernels/$k --mech "$m" --config $p --vcd "$T/nc_b.vcd" --no-check >/dev/null 2>&1
      [ -s "$T/nc_a.vcd" ] && cmp -s "$T/nc_a.vcd" "$T/nc_b.vcd" && ok "vcd_nocheck_same_${m}_${k%.k}_$p" ||
        bad "vcd_nocheck_same_${m}_${k%.k}_$p" "$(cmp "$T/nc_a.vcd" "$T/nc_b.vcd" 2>&1 | head -1)"
    done
  done
done

# --trace-dir: a vector file per structure (and bank) of every mechanism,
# in the co-simulation's format, at the run's parameters (swi: one
# swi_sched for fig1_003's 8 warps, 001 Table 3's one pool: 4 sets of 2)
rm -rf "$T/td"
"$S" tb/kernels/fig1_003.k --trace-dir "$T/td" --format csv >/dev/null 2>&1
f=0
for m in $mechs; do ls "$T/td/$m"-*.vec >/dev/null 2>&1 || f="$m"; done
if [ "$f" = 0 ] && head -1 "$T/td/swi-swi_sched.vec" | grep -q ' swi_sched SETS=4,WAYS=2,LANES=8,PC_W=32 ' &&
   head -1 "$T/td/stsimt-tsimt_frontend.vec" | grep -q ' tsimt_frontend LANES=4,WARPS=8,WARP=8,K=2,' &&
   head -1 "$T/td/spe-simt_stack.vec" | grep -q '^#cosim-vectors 1 simt_stack WARPS=8,LANES=8,DEPTH=16,PC_W=32,MERGE=1 in rst:1 op:2 ' &&
   [ "$(sed -n 2p "$T/td/spe-simt_stack.vec" | cut -d' ' -f1)" = 1 ] &&
   [ "$(grep -vc '^#' "$T/td/dwf-dwf.vec")" = "$(grep -vc '^#' "$T/td/dwf-lane_regfile.vec")" ]; then
  ok trace_dir_vector_files
else bad trace_dir_vector_files "no file for ${f#0}: $(ls "$T/td" | tr '\n' ' ')"; fi
# replayed against the RTL: a 256-thread kernel in one pool of 16-thread
# warps puts the dwf at its default parameters, whose co-simulation binary
# `make all` builds (make demo replays every structure, tb/simt/replay.sh)
printf '%s\n' '.kernel t256' '.threads 256' '.mem 512' '    and r1, %tid, 3' '    setp.eq p0, r1, 0' \
  '    @p0 bra A' '    add r2, r1, %tid' '    bra J' 'A:  mul r2, r1, 7' 'J:  mov r3, %tid' '    st [r3], r2' \
  '    exit' >"$T/t256.k"
rm -rf "$T/td256"
if "$S" "$T/t256.k" --mech dwf --lanes 16 --schedulers 1 --trace-dir "$T/td256" >/dev/null 2>&1; then
  if [ -x "$B/cosim_dwf" ]; then
    out=$("$B/cosim_dwf" --replay "$T/td256/dwf-dwf.vec" --quiet 2>&1 | tail -1)
    case "$out" in *" mismatches=0 invariants=ok"*) ok replay_dwf_trace_against_rtl ;;
      *) bad replay_dwf_trace_against_rtl "$out" ;; esac
  else bad replay_dwf_trace_against_rtl "no $B/cosim_dwf (make all)"; fi
else bad replay_dwf_trace_against_rtl "build/simt failed"; fi

# a loop left by a jump one instruction short of its reconvergence point,
# thread t after t rounds (clang -O0's shape, docs/ptx.md "histo8 at -O0"):
# each round leaves one stack entry for the threads that left, so a stack
# shallower than a warp fills for good.  The deadlock line names the stack
# (spe at 001's 12 entries, lwm at the default); a deeper stack runs it
printf '%s\n' '.kernel twoexit' '.threads 32' '.mem 32' '    mov r0, %tid' '    mov r1, 0' \
  'LOOP:' '    add r1, r1, 1' '    setp.eq p0, r1, 1000' '    @p0 bra DONE' '    setp.lt p1, r1, r0' \
  '    @p1 bra LOOP' '    bra DONE' 'DONE:' '    st [r0], r1' '    exit' >"$T/twoexit.k"
# merge on push (stack_merge, on in every preset; simt_rule.h) bounds the
# stacks: every mechanism runs it and matches at the default and at every
# paper preset.  With it off the stacks fill as before and the run stops
# with the line above.
for cfg in default 000 001 002 003 004; do
  out=$("$S" "$T/twoexit.k" --config "$cfg" --mech all 2>&1) &&
    grep -q "^every mechanism that ran matches" <<<"$out" && ok "stack_merge_twoexit_$cfg" ||
    bad "stack_merge_twoexit_$cfg" "$(grep -v '^ ' <<<"$out" | head -n 3)"
done
for mc in spe:001 lwm:default tsimt:001; do
  m=${mc%:*} cfg=${mc#*:}
  out=$("$S" "$T/twoexit.k" --config "$cfg" --mech "$m" --set stack_merge=off 2>&1)
  rc=$?
  [ $rc -eq 1 ] && [ "$(wc -l <<<"$out")" -eq 1 ] &&
    grep -qE "^simt: .*twoexit\.k: $m: deadlock: .* full-table stalls: the divergence stack \(spe_depth entries\) is full; a loop whose exit jumps short" <<<"$out" &&
    ok "stack_full_named_${m}_$cfg" || bad "stack_full_named_${m}_$cfg" "exit $rc: $out"
done
out=$("$S" "$T/twoexit.k" --config 001 --mech spe,dpe --set spe_depth=32 --set stack_merge=off 2>&1) &&
  grep -q "^every mechanism that ran matches" <<<"$out" && ok stack_deep_enough_runs ||
  bad stack_deep_enough_runs "$(head -n 3 <<<"$out")"
# dpe_stack has no merge on push and needs none here (rtl_c/dpe_stack.h):
# the leavers are the TOS's other path, reach the rpc before the next round,
# and the next divergence is a SPLIT.  twoexit and histo8's -O0 PTX match at
# 001 and 003 with a peak depth of 2, the same cycles with stack_merge off
dpe_run() { # FILE-ARGS... -> "CYCLES PEAK" of dpe, or the first line of the failure
  local o
  o=$("$S" "$@" --mech dpe 2>&1) && grep -q "^every mechanism that ran matches" <<<"$o" &&
    awk '$1 == "dpe" { for (i = 1; i <= NF; i++) if ($i ~ /^peak_stack_depth=/) print $2, substr($i, 18) }' <<<"$o" ||
    head -n 1 <<<"$o"
}
for cfg in 001 003; do
  for k in twoexit histo8_O0; do
    if [ $k = twoexit ]; then a=("$T/twoexit.k"); else a=(--launch tests/data/cuda/histo8_O0.launch); fi
    on=$(dpe_run "${a[@]}" --config $cfg)
    off=$(dpe_run "${a[@]}" --config $cfg --set stack_merge=off)
    [[ "$on" =~ ^[0-9]+\ 2$ ]] && [ "$on" = "$off" ] && ok "dpe_${k}_$cfg" ||
      bad "dpe_${k}_$cfg" "merge on: $on; off: $off"
  done
done
# ... but it could fill: a twoexit whose exit path is longer than a round
# and diverges itself (leavers two at a time) kept one suspended entry per
# pair under 003's push, and on a full stack both paths of the TOS wanted
# an entry.  The compaction (dpe_stack.h, "Forward progress": a sibling
# suspension puts Q in a slot of the TOS's run) keeps it within 4 entries:
# every mechanism matches at 001 and 003 at the preset's dpe_depth (8);
# with stack_merge=off (003's push) dpe stops with the deadlock line
cp tests/data/simt/twoexitif.k "$T/twoexitif.k"
for cfg in 001 003; do
  out=$("$S" "$T/twoexitif.k" --config $cfg --mech all 2>&1) &&
    grep -q "^every mechanism that ran matches" <<<"$out" && [[ "$(dpe_run "$T/twoexitif.k" --config $cfg)" =~ ^[0-9]+\ [1-8]$ ]] &&
    ok "dpe_twoexit_if_compacts_$cfg" || bad "dpe_twoexit_if_compacts_$cfg" "$(grep -v '^ ' <<<"$out" | head -n 3)"
  out=$("$S" "$T/twoexitif.k" --config $cfg --mech dpe --set stack_merge=off 2>&1)
  rc=$?
  [ $rc -eq 1 ] && [ "$(wc -l <<<"$out")" -eq 1 ] &&
    grep -qE "^simt: .*twoexitif\.k: dpe: deadlock: .* full-table stalls" <<<"$out" &&
    ok "dpe_twoexit_if_stack_full_no_compaction_$cfg" || bad "dpe_twoexit_if_stack_full_no_compaction_$cfg" "exit $rc: $out"
done
# 003's claim (cli.c, dpe_vs_spe): with stack_merge=off dpe issues exactly
# the warp-instructions of spe's push-always stack on every random kernel;
# with it on, the sibling suspension's join issues fewer on some (seed
# 5000001 at 003: 36678 against spe's 39274), never more
for mg in off on; do
  out=$("$S" --random 20 --seed 5000001 --quiet --max-threads 256 --mech dpe --config 003 --set stack_merge=$mg 2>&1)
  rc=$?
  [ $rc -eq 0 ] && grep -q "mechanisms dpe: 0 failed" <<<"$out" && ok "dpe_vs_spe_random_003_merge_$mg" ||
    bad "dpe_vs_spe_random_003_merge_$mg" "exit $rc: $(grep -m1 FAIL <<<"$out")"
  n=$(sed -n 's/.*0 failed (\([0-9]*\) warp-instructions simulated).*/\1/p' <<<"$out")
  if [ $mg = off ]; then w_off=$n; else w_on=$n; fi
done
[ -n "$w_on" ] && [ -n "$w_off" ] && [ "$w_on" -lt "$w_off" ] && ok dpe_join_issues_fewer_random_003 ||
  bad dpe_join_issues_fewer_random_003 "on $w_on, off $w_off"

# issue_lanes' loop of its own for the checks off (dwf, lwm, swi: lanes
# mapped by r->tid; core_issue.c): a dropped update whose wrong PC issues
# with its registers ready is taken there, so its PC comparison names the
# first wrong PC, as --check does (which compares lane by lane in the
# second loop); the cycles where that loop decides, found by planting the
# comparison out (a later PC or a structure's refusal is named then)
for mc in dwf@66 lwm@66 swi@80; do
  m=${mc%@*}
  a=$("$S" --mech "$m" tb/kernels/fig1_003.k --inject-fault pc@${mc#*@} --no-check 2>&1 | grep -m1 '^simt:')
  b=$("$S" --mech "$m" tb/kernels/fig1_003.k --inject-fault pc@${mc#*@} 2>&1 | grep -m1 '^simt:')
  grep -qE ": $m: thread [0-9]+: instruction #[0-9]+ is pc [0-9]+ " <<<"$b" && [ "$a" = "$b" ] &&
    ok "fault_pc_nocheck_lanes_named_$m" || bad "fault_pc_nocheck_lanes_named_$m" "no-check: $a; check: $b"
done

# dpe's quiet hook (mech_dpe.c, dpe_quiet: the next writeback, a path's
# unit): a stretch planted twice too long is caught under --check, at the
# default and 001 and on a CUDA launch; with the checks off the planted
# stretch changes the report and the issue log (the skipping is on)
for k in fig1_003.k bfs.k tb/kernels/cuda/bfs.launch; do
  for p in default 001; do
    case $k in *.launch) a=(--launch "$k"); n=cuda_bfs ;; *) a=("tb/kernels/$k"); n=${k%.k} ;; esac
    "$S" --mech dpe "${a[@]}" --config $p --inject-fault quiet@0 >"$T/fault.out" 2>&1
    rc=$?
    [ $rc -eq 1 ] && grep -qE "^simt: .*: dpe: internal: cycle [0-9]+ was declared quiet \(cycles [0-9]+\.\.[0-9]+\), but (it issued|the mechanism is no longer quiet)" "$T/fault.out" &&
      ok "fault_quiet_caught_dpe_${n}_$p" || bad "fault_quiet_caught_dpe_${n}_$p" "exit $rc: $(head -1 "$T/fault.out")"
  done
done
"$S" tb/kernels/bfs.k --mech dpe --config 001 --no-check --log - --format json >"$T/quiet_on.out" 2>&1
"$S" tb/kernels/bfs.k --mech dpe --config 001 --no-check --log - --format json --inject-fault quiet@0 >"$T/quiet_f.out" 2>&1
cmp -s "$T/quiet_on.out" "$T/quiet_f.out" && bad quiet_skip_is_on_dpe "a stretch twice too long changed nothing" || ok quiet_skip_is_on_dpe
# dpe's mean paths (a sample per cycle) is the same whether the idle
# cycles ran (--check, quiet_skip=off) or were skipped: the hook takes the
# skipped samples in bulk, and not a second time after a stretch that ran
for p in default 001; do
  got=$(for a in "" "--no-check" "--no-check --set quiet_skip=off"; do
    "$S" tb/kernels/fig1_003.k --mech dpe --config $p --format json $a 2>&1 | grep -o '"avg_paths": [0-9.]*'; done | sort -u)
  [ "$(wc -l <<<"$got")" -eq 1 ] && [ "$got" != '"avg_paths": 1.000' ] && ok "dpe_avg_paths_quiet_check_$p" ||
    bad "dpe_avg_paths_quiet_check_$p" "$(tr '\n' ' ' <<<"$got")"
done

# ------------------------------------------------------- ASan/UBSan build
# every mechanism, waveform, histogram, vector files, log, a grid, random
A=$B/asan/simt
if [ -x "$A" ]; then
  for k in tb/kernels/*.k; do
    n=$(basename "$k" .k)
    "$A" "$k" --vcd "$T/asan_$n.vcd" --svg "$T/asan_$n.svg" --trace-dir "$T/asan_td" \
      --log "$T/asan_$n.log" --format json >"$T/asan_$n.out" 2>&1 &&
      ok "asan_builtin_$n" || bad "asan_builtin_$n" "$(head -3 "$T/asan_$n.out")"
  done
  "$A" --random 20 --seed 301 --quiet --max-threads 256 --config 001 >"$T/asan_random.out" 2>&1 &&
    "$A" --random 10 --seed 302 --quiet --lanes 4 --regfile crossbar --sched two-level >>"$T/asan_random.out" 2>&1 &&
    "$A" --grid 5 "$T/idem.k" --set max_ctas=2 >>"$T/asan_random.out" 2>&1 &&
    ok asan_random || bad asan_random "$(grep -m3 -v '^ok' "$T/asan_random.out")"
else bad asan_simt_built "no $A"; fi

# early returns before a barrier in .k (docs/ptx.md, "Early returns before
# a barrier"): the threads that exit on a thread-dependent branch leave
# the barrier to the others; every mechanism runs both and matches
early_runs() { # NAME MECHANISMS BODY...: each body (after $H) runs on that many mechanisms and matches
  local name=$1 n=$2 i=0 e out
  shift 2
  for e in "$@"; do
    i=$((i + 1))
    printf '%s\n    %b\n' "$H" "$e" >"$T/$name$i.k"
    out=$("$S" "$T/$name$i.k" --mech all 2>&1)
    [ $? -eq 0 ] && grep -q "^every mechanism that ran matches" <<<"$out" && [ "$(grep -cE '^[a-z+]+ +[0-9]' <<<"$out")" -eq "$n" ] &&
      ok ${name}_kernel_runs_$i || bad ${name}_kernel_runs_$i "$(grep -m1 'simt:\|cannot\|differ' <<<"$out")"
  done
}
early_runs early_return 12 "setp.lt p0, %tid, 5\n    @p0 bra J\n    bar\nJ:  exit" \
  "setp.lt p0, %lane, 5\n    @p0 bra Q\n    add r1, r1, 1\n    bar\n    exit\nQ:  exit"
# dpe's area follows its stack's MERGE (tied to stack_merge): the sibling
# suspension's slot search and ports are counted only when it is on
a_on=$("$S" tb/kernels/bfs.k --mech dpe --format json 2>&1 | sed -n 's/.*"area_mm2": \([0-9.]*\).*/\1/p')
a_off=$("$S" tb/kernels/bfs.k --mech dpe --set stack_merge=off --format json 2>&1 | sed -n 's/.*"area_mm2": \([0-9.]*\).*/\1/p')
[ -n "$a_on" ] && [ -n "$a_off" ] && awk -v a="$a_on" -v b="$a_off" 'BEGIN { exit !(b + 0 < a + 0) }' &&
  ok dpe_area_follows_stack_merge || bad dpe_area_follows_stack_merge "on $a_on, off $a_off"
# core_new leaves the register, ready, local and scoreboard rows that
# cta_start clears unwritten; under --check it fills them (0xa5), so a
# row cta_start failed to clear is a reported difference (rows@C: the
# hook leaves a CTA's first thread's registers)
out=$("$S" --launch tb/kernels/cuda/conv1d.launch --config 001 --mech spe --inject-fault rows@0 2>&1)
[ $? -eq 1 ] && grep -q "thread 0: final register .* = 0xa5a5a5a5a5a5a5a5" <<<"$out" &&
  "$S" --launch tb/kernels/cuda/conv1d.launch --config 001 --mech spe >/dev/null 2>&1 &&
  ok core_rows_uncleared_seen_under_check || bad core_rows_uncleared_seen_under_check "$(grep -m1 simt: <<<"$out")"

# swi's shuffled lanes issue as one warp slot's threads (core_req's
# perm_threads, core_issue.c issue_warp_perm): a map that names one thread
# too few (--inject-fault perm@C, kind 16) is caught under --check; with the
# checks off the map is not read for anything the run reports, so the
# output is the unfaulted run's
for lc in "tb/kernels/fig1_003.k|" "tb/kernels/bfs.k|--config 001"; do
  k=${lc%|*}; cf=${lc#*|}
  c1=$("$S" --mech swi "$k" $cf --inject-fault perm@0 2>&1); r1=$?
  n0=$("$S" --mech swi "$k" $cf --no-check 2>&1)
  n1=$("$S" --mech swi "$k" $cf --no-check --inject-fault perm@0 2>&1)
  [ $r1 -ne 0 ] && grep -qE "^simt: .*swi: internal: warp [0-9]+ pc [0-9]+: its lanes [0-9a-f]+ do not map onto its threads" <<<"$c1" &&
    [ "$n0" = "$n1" ] && grep -q "^every mechanism that ran matches" <<<"$n0" &&
    ok "swi_perm_map_checked_$(basename "$k" .k)" || bad "swi_perm_map_checked_$(basename "$k" .k)" "exit $r1: $(grep -m1 simt: <<<"$c1")"
done
# a loop with no way out under a branch (a dead end, prog.c) is part of no
# run that finishes: the analysis takes it as unreachable (--show-cfg says
# so) and a thread that enters it is stopped by the reference, one line at
# the loop, exit 2 (bad_kernel_endless_loop has the same kernel)
printf '%s\n' "$H" '    setp.eq p0, %tid, 0' '    @p0 bra X' '    exit' 'X:  bra X' >"$T/deadend.k"
out=$("$S" "$T/deadend.k" --max-steps 5000 2>&1); rc=$?
[ $rc -eq 2 ] && [ "$(wc -l <<<"$out")" -eq 1 ] &&
  grep -q "^$T/deadend.k:7: thread 0 entered a loop without a way out" <<<"$out" &&
  "$S" --show-cfg "$T/deadend.k" 2>&1 | grep -q "lines 7..7  (unreachable)" &&
  ok dead_end_loop_reported || bad dead_end_loop_reported "exit $rc: $out"

# early returns that store before their exit, in .k (docs/ptx.md "Early
# returns that leave the stack"; refused before, bad_kernel_bar_divergent's
# and bar_after_divergent_exit's earlier shapes): the mechanisms with
# MECH_EXIT_POP run them and match: every mechanism (dpe and lwm since
# exitwire)
early_runs exitpop 12 "setp.lt p0, %tid, 5\n    @p0 bra J\n    bar\nJ:  st [r1], r1\n    exit" \
  "setp.lt p0, %lane, 5\n    @p0 bra Q\n    add r1, r1, 1\n    bar\n    exit\nQ:  st [r1], r1\n    exit"
exit 0
