#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# test_simt_paper.sh BUILD_DIR -- issue 24: the SM model's items 1-14 and
# the papers' claims, each as a scenario kernel (tests/simt_paper/*.k, one
# header each saying which paper section it is) and an assertion on cycle
# counts and counters of `build/simt --format json` (never wall time).
# Prints ok/FAIL lines.  The comments give the numbers of the model before
# issue 24's rebuild ("Main": main 762c2ed, tb/simt/sm.c, now gone) on the
# same scenarios at its flags (--lanes 32 for the presets).  Every design
# point the scenarios use is named once in the table below.
set -u
B=${1:-build}
S=$B/simt
T=$B/test/simt_paper
K=tests/simt_paper
mkdir -p "$T"
ok() { echo "ok $1"; }
bad() { echo "FAIL $1${2:+: $2}"; }
if [ ! -x "$S" ]; then bad simt_built "no $S"; exit 1; fi

# ------------------------------------------------------ the command line
# P000..P004: each paper's configuration.  WIDE: 002's SIMT with as many SP
# units as a warp has threads (one warp instruction a cycle).  W4/W8: warps
# of 4 and 8 threads; FIG2: fig2_001's two warps of four at 001.  LAT1: ALU latency 1.
# LAT40: ALU latency 40.  SWI_ID: swi with 001 Table 1's Identity lane
# mapping (the default is XorRev).  SWI64: 001 Table 2's 64-thread warps for
# SWI.  SWI_FA, SWI_46: swi_sched fully associative, 4 sets x 6 ways.  TSB: the fault hook that makes the TSIMT
# scoreboard drop the lane's cycles (a result ready at issue + 1 + latency
# for every thread).  LWM_ONE_GROUP: one fetch group of all large warps.
# TIMEOUT4: the two-level timeout at 4 instructions.  ONE_ALU: one ALU SIMD
# group (no "another free SIMD group" for swi's secondary, 001 l.150).
P000="--config 000"; P001="--config 001"; P002="--config 002"; P003="--config 003"; P004="--config 004"
WIDE="--config 002 --simd-width 32"
W4="--warp-size 4 --simd-width 4"; W8="--warp-size 8 --simd-width 8"
FIG2="--config 001 --warp-size 4 --simd-width 4"
LAT1="--alu-lat 1"; LAT40="--alu-lat 40"
SWI_ID="--shuffle identity"; SWI64="--warp-size 64"
SWI_FA="--swi-sets 1"; SWI_46="--param swi_sched.SETS=4 --param swi_sched.WAYS=6"
ONE_ALU="--set alu_groups=1"
TSB="--inject-fault lane@0"
LWM_ONE_GROUP="--group-size 32"
TIMEOUT4="--timeout 4"
FMT=json

# run NAME KERNEL FLAGS...: build/simt --format $FMT into $T/NAME.out; a
# failed run is one FAIL line (and get then finds nothing)
run() {
  local n=$1 k=$2; shift 2
  # shellcheck disable=SC2068
  if ! "$S" "$k" --format "$FMT" $@ >"$T/$n.out" 2>"$T/$n.err"; then
    bad "run_$n" "$(head -1 "$T/$n.err")"; : >"$T/$n.out"; return 1
  fi
}
# get NAME MECH KEY: one field of one mechanism's row: JSON (one row a
# line) or CSV (a header line; the mechanisms' own columns as key=value;...
# in the last column, `extra`)
get() {
  awk -v mech="$2" -v key="$3" '
    /^\{/ || /"mech": / { json = 1 }
    json && index($0, "\"mech\": \"" mech "\"") {
      k = "\"" key "\": "; i = index($0, k); if (!i) exit
      s = substr($0, i + length(k)); sub(/[,}].*/, "", s); gsub(/"/, "", s); print s; exit }
    !json && /^mech,/ { split($0, h, ","); nh = split($0, h, ","); next }
    !json && nh && $0 ~ "^" mech "," {
      nf = split($0, f, ",")
      for (i = 1; i <= nh; i++) if (h[i] == key) { print f[i]; exit }
      n = split(f[nf], e, ";")
      for (i = 1; i <= n; i++) { split(e[i], kv, "="); if (kv[1] == key) { print kv[2]; exit } }
      exit }' "$T/$1.out"
}
# mechs NAME: the mechanisms of the rows
mechs() {
  awk -F, '/"mech": / { m = $0; sub(/.*"mech": "/, "", m); sub(/".*/, "", m); print m; next }
           /^mech,/ { h = 1; next } h && NF > 1 { print $1 }' "$T/$1.out"
}
# check NAME "awk condition over a b c ..." VALUES...: ok/FAIL with the values
check() {
  local n=$1 cond=$2; shift 2
  if [ $# -gt 0 ] && ! printf '%s\n' "$@" | grep -qvE '^-?[0-9.]+$' &&
     awk -v v="$*" "BEGIN{split(v, x, \" \"); a=x[1]; b=x[2]; c=x[3]; d=x[4]; exit !($cond)}"; then
    ok "$n ($*)"
  else bad "$n" "($cond) with a b c d = ($*)"; fi
}

# ------------------------------------------------------------- item 1, 002
# 32 warps, 8 of 32 threads active, 200 independent adds (002 Fig. 5 at W32,
# 8 threads): TSIMT at most half of SIMT's cycles (002: 2.5-4x), STSIMT4
# faster than SIMT (002 sec. 5.7).  Main 762c2ed at --lanes 32: spe 6595,
# tsimt 6631, stsimt 6603.
# shellcheck disable=SC2086
run div8 $K/div8_adds.k $P002 --mech spe,tsimt,stsimt &&
  check item1_claim002_tsimt_half_of_spe_divergent "2 * b <= a" "$(get div8 spe cycles)" "$(get div8 tsimt cycles)" &&
  check item1_claim002_stsimt4_beats_spe_divergent "b < a" "$(get div8 spe cycles)" "$(get div8 stsimt cycles)"
# full warps: TSIMT within 5% of SIMT (002 Fig. 5 at 32 threads)
# shellcheck disable=SC2086
run full $K/full_adds.k $P002 --mech spe,tsimt &&
  check claim002_tsimt_within_5pct_full "b <= 1.05 * a && a <= 1.05 * b" "$(get full spe cycles)" "$(get full tsimt cycles)"

# ------------------------------------------------------------- item 2, 002
# Three warps, each in a lane of its own (002 sec. 3.1: warps divided evenly
# over the lanes): they run side by side, so three take one warp's time
# plus their start skew, less than one instruction's time in a lane (32
# cycles: two warps sharing a lane would double it).  Main at --lanes 32:
# 3 warps 12999, 1 warp 6506.
# shellcheck disable=SC2086
run three $K/three_warps.k $P002 --mech tsimt && run one $K/one_warp.k $P002 --mech tsimt &&
  check item2_tsimt_three_warps_three_lanes "b < a + 32" "$(get one tsimt cycles)" "$(get three tsimt cycles)"

# ------------------------------------------------------------- item 3, 002
# One warp of one thread, 200 adds reading no register, at one warp
# instruction a cycle for spe: tsimt issues one instruction a cycle too (its
# lane needs one cycle for one thread).  Its one extra cycle is the last
# result's (issue + 1 + position + latency, item 4).  Main: spe 205, tsimt
# 407.
# shellcheck disable=SC2086
run onet $K/one_thread.k $WIDE --mech spe,tsimt &&
  check item3_tsimt_no_extra_fetch_cycle "b <= a + 1" "$(get onet spe cycles)" "$(get onet tsimt cycles)"

# ------------------------------------------------------------- item 4, 002
# The oracle sees each thread's result at issue + 1 + its position in the
# lane + latency: at ALU latency 40, thread 31's r1 comes 31 cycles after
# thread 0's.  A scoreboard that forgets the positions (the fault hook)
# lets a reader in too early, and the run must fail naming the hazard; the
# true scoreboard runs clean.  Main: no such hook (and its oracle had no
# lane positions).
# shellcheck disable=SC2086
run lane_ready $K/lane_ready.k $P002 $LAT40 --mech tsimt,stsimt && ok item4_lane_ready_clean
# shellcheck disable=SC2086
"$S" $K/lane_ready.k $P002 $LAT40 --mech tsimt $TSB >"$T/tsb.out" 2>&1
rc=$?
if [ $rc -eq 1 ] && grep -qE 'tsimt: thread [0-9]+: .*ready only in cycle' "$T/tsb.out"; then ok item4_oracle_catches_lane_blind_scoreboard
else bad item4_oracle_catches_lane_blind_scoreboard "exit $rc: $(head -1 "$T/tsb.out")"; fi

# ------------------------------------------------------------- item 5, 001
# 001's baseline fetches one instruction per pool per cycle, two pools and
# two schedulers: on full warps of independent adds spe issues more than
# one warp instruction a cycle.  SWI has one pool and its two schedulers
# cascaded (001 Table 3: one 24-entry pool and a dual-ported 24-entry
# buffer against the baseline's 2 x 24; l.150 "two cascaded schedulers"):
# one primary a cycle; on full warps I1 leaves no lanes, and the secondary
# issues to "another free SIMD group" (l.150; 001.cfg's second MAD group:
# swi_sched's alt_free/i2_alt), so swi too issues two a cycle, as 001 says
# of the regular kernels (l.199: "scheduling more instructions to distinct
# SIMD groups").  swi's cycles: at most the baseline's, plus Table 2's two
# added stages (second scheduler, delivery), plus one slot for each
# a-posteriori conflict (l.167: the primary's copy is discarded, the next
# cycle's substitute issues alone).  Main: spe and swi 6496 in 6531 cycles.
# Before the other group (swi_sched's I2 only on I1's free lanes): spe
# 3287, swi 6496 slots in 6536 cycles; with it swi 3406 cycles, 3133 I2s on
# the other group, 186 conflicts.
# shellcheck disable=SC2086
run full001 $K/full_adds.k $P001 --mech spe,swi &&
  check item5_spe_two_pools_issue_over_one_a_cycle "a > b" "$(get full001 spe warp_insts)" "$(get full001 spe cycles)" &&
  check item5_claim001_swi_other_group_issues_two_a_cycle "a > b && c > 0" "$(get full001 swi warp_insts)" "$(get full001 swi cycles)" "$(get full001 swi swi_alt)" &&
  check item5_claim001_swi_full_warps_near_baseline "b <= a + 2 + c" "$(get full001 spe cycles)" "$(get full001 swi cycles)" "$(get full001 swi swi_conflicts)"
# complementary halves: swi issues over one instruction a cycle, pairs
# included (slots + I2s > cycles), the two entries a pair leaves refilled
# through swi_sched's two write ports (001 Table 3's dual-ported buffer).
# Main: 3443 slots + 3213 pairs in 6662 cycles, but 3188 of the pairs
# conflicts at one fill a cycle; one pool with one write port: 3856 + 2800
# in 6667 cycles, 2778 conflicts.
# shellcheck disable=SC2086
run comp $K/swi_comp.k $P001 --mech spe,swi &&
  check item5_swi_over_one_instruction_a_cycle "a + b > c" "$(get comp swi warp_insts)" "$(get comp swi swi_insts)" "$(get comp swi cycles)"
# 001 Fig. 7's comparison: the baseline's 32-thread warps against SWI's
# 64-thread warps (001 Table 2) on the same threads: swi raises the IPC.
# Main (one warp size): spe 6691, swi 6662 cycles.
# shellcheck disable=SC2086
run comp64 $K/swi_comp.k $P001 $SWI64 --mech swi &&
  check claim001_swi_raises_ipc_complementary "b < a && c == d" "$(get comp spe cycles)" "$(get comp64 swi cycles)" "$(get comp spe thread_insts)" "$(get comp64 swi thread_insts)"

# ------------------------------------------------------------- item 6, 001
# One warp of 24 adds reading no register: swi pays 001 Table 2's extra
# scheduler cycle and delivery cycle, no more -- and the baseline is no
# slower than swi (it only adds stages).  Main: spe 28, swi 82 (at
# --alu-lat 1); the core before its refill on issue: spe 51, swi 29.
# shellcheck disable=SC2086
run ow24 $K/one_warp_24.k $P001 $LAT1 --mech spe,swi && {
  check item6_swi_pays_two_cycles "a <= b && b <= a + 2" "$(get ow24 spe cycles)" "$(get ow24 swi cycles)"
  # the baseline's buffer of one entry (001.cfg ibuf = 1) refills in the
  # cycle its entry issues, so the warp issues every cycle: idle only in
  # the two cycles before its first issue (launch, first fetch).  Before
  # the refill on issue: 26 idle cycles of 51.
  check item6_spe_issues_every_cycle "a == 2 && b == c + 2" "$(get ow24 spe idle_cycles)" "$(get ow24 spe cycles)" "$(get ow24 spe warp_insts)"; }

# ------------------------------------------------------------- item 7, 001
# The odd split's adds read r1, which only the even split loads: with
# sbi_scoreboard (per split) they do not wait for the load, so split_dep
# takes exactly as long as split_nodep (the same kernel reading r9, which
# nothing writes).  sbi shows it; sbi+swi must too.  Main at --lanes 32:
# sbi 64 both; sbi+swi 88 against 77.  The core at 001: sbi 378 both,
# sbi+swi 390 both; with a per-warp check of the pending writes planted in
# mech_sbi_swi.c, 410 against 390.
sed 's/add r5, r1, 3 /add r5, r9, 3 /' $K/split_dep.k >"$T/split_nodep.k"
# shellcheck disable=SC2086
run dep $K/split_dep.k $P001 --mech sbi,sbi+swi && run nodep "$T/split_nodep.k" $P001 --mech sbi,sbi+swi && {
  check item7_sbi_splits_independent "a == b" "$(get dep sbi cycles)" "$(get nodep sbi cycles)"
  check item7_sbi_swi_uses_sbi_scoreboard "a == b" "$(get dep sbi+swi cycles)" "$(get nodep sbi+swi cycles)"; }

# ------------------------------------------------------------- item 8, 001
# 001 Fig. 2(e): the combination finishes first.  On fig2_001, sbi+swi no
# slower than the faster of sbi and swi, and packs better than sbi: the
# SWI secondary fills lanes sbi leaves free, never the lanes of I1's own
# secondary split, and a secondary split issues without its primary.
# Main: sbi 75, swi 98, sbi+swi 94; simd_eff sbi 0.9545, sbi+swi 0.8750.
# The core (mech_sbi_swi.c): simd_eff 0.9545 with the old fit (I1's primary
# split only) and the secondary split tied to its primary planted, 1.0
# without.
# The cycle claim is evaluated where 001 sec. 5 evaluates it: enough warps
# to hide latency (001 runs whole grids on a 1536-thread SM), here
# fig2_001 as a grid of 32 CTAs at 001's max_ctas 8 (16 warps resident).
# fig2_001's own two warps are latency-bound: each dependent instruction
# pays SWI's second scheduler cycle (001 Table 2) and nothing hides it
# (grid 1: sbi 401, swi 433, sbi+swi 408).  At --grid 32 the claim failed
# while swi had two pools, each with its cascade (two primaries and two
# secondaries a cycle against sbi's and sbi+swi's one pool: sbi 2007, swi
# 1818, sbi+swi 1980); with 001 Table 3's one pool for SWI too: sbi 2007,
# swi 2075, sbi+swi 1976.  swi now also issues its secondary to another
# free SIMD group (001 l.150's second case): swi 1912, and so does
# sbi+swi's (mech_sbi_swi.c): sbi+swi 1777 (1976 before, above swi's
# 1912).  The claim holds at the preset's two ALU groups and at one
# (l.150's first case only: sbi 2007, swi 2075, sbi+swi 1976); the other
# group is used (swi_alt) and does not slow swi down.
# shellcheck disable=SC2086
run fig2g tb/kernels/fig2_001.k $FIG2 --grid 32 --mech sbi,swi,sbi+swi &&
  run fig2g1 tb/kernels/fig2_001.k $FIG2 --grid 32 $ONE_ALU --mech sbi,swi,sbi+swi &&
  check item8_claim001_sbi_swi_no_slower_fig2 "c <= a && c <= b" "$(get fig2g sbi cycles)" "$(get fig2g swi cycles)" "$(get fig2g sbi+swi cycles)" &&
  check item8_claim001_sbi_swi_no_slower_fig2_one_alu "c <= a && c <= b" "$(get fig2g1 sbi cycles)" "$(get fig2g1 swi cycles)" "$(get fig2g1 sbi+swi cycles)" &&
  check item8_sbi_swi_other_group_used_fig2 "a > 0 && b > 0" "$(get fig2g swi swi_alt)" "$(get fig2g sbi+swi swi_alt)" &&
  check item8_swi_other_group_no_slower_fig2 "b <= a" "$(get fig2g1 swi cycles)" "$(get fig2g swi cycles)"
# Packing (Fig. 2(e): I2 in the lanes I1 leaves, one SIMD group) is checked
# at one ALU group: with a second free group an I2 may go there in its own
# slot instead (l.150), which counts as a warp-instruction of its own
# (two groups: sbi+swi 0.9545 = sbi's, 22 warp-instructions against 21).
# shellcheck disable=SC2086
run fig2 tb/kernels/fig2_001.k $FIG2 $ONE_ALU --mech sbi,swi,sbi+swi && {
  check item8_sbi_swi_packs_better_than_sbi_fig2 "b > a" "$(get fig2 sbi simd_eff)" "$(get fig2 sbi+swi simd_eff)"; }

# ------------------------------------------------- CTA rounds, 001 (issue 24 "CTA dispatch")
# A CTA retires, and its slot takes the next CTA, when its own warps are
# done: the work other CTAs' warps hold in the mechanism's structures
# (swi_sched's entries, sbi_scoreboard's pending writes) does not hold it
# (ops->busy_warp).  fig2_001 at 001 (max_ctas 8): --grid 32 is four rounds
# of --grid 8's launch, and can take no more than four separate launches.
# Before busy_warp (any warp's buffered instruction held every CTA, so the
# rounds drained the SM): grid 8 / grid 32 = spe 457/1807, sbi 513/2816,
# swi 469/5575, sbi+swi 502/2328, dpe 463/2498 (its writeback queue),
# tsimt 566/10910, stsimt 563/10475 (tsimt_frontend's buffer); after: sbi
# 513/2006, swi 469/1818, sbi+swi 502/1980, dpe 463/1757, tsimt 566/2231,
# stsimt 563/2228.  dwf and lwm, before their busy_warp (the whole-SM
# rule: a finished CTA waited for every other CTA's threads in dwf's
# writeback queue, lwm's sub-warps in flight): dwf 455/3892, lwm 511/4319;
# after: dwf 455/1807, lwm 511/1923 (lwm 494/1872 with its completion in
# the last stage).
# swi in one pool (001 Table 3) and sbi+swi with two fills a cycle: swi
# 530/2075, sbi+swi 501/1976.
# shellcheck disable=SC2086
run g8 tb/kernels/fig2_001.k $FIG2 --grid 8 --mech spe,dpe,sbi,swi,sbi+swi,tsimt,stsimt,dwf,lwm &&
  run g32 tb/kernels/fig2_001.k $FIG2 --grid 32 --mech spe,dpe,sbi,swi,sbi+swi,tsimt,stsimt,dwf,lwm &&
  for m in spe dpe sbi swi sbi+swi tsimt stsimt dwf lwm; do
    check "cta_rounds001_${m}_retires_own_cta" "b <= 4 * a" "$(get g8 $m cycles)" "$(get g32 $m cycles)"
  done

# ------------------------------------------------------------- item 9, 001
# Every warp runs threads 0-7: under Identity every warp of a pool wants
# lanes 0-7; XorRev (swi's default at 001, sec. 4) spreads them and swi
# pairs them.  Main: no shuffle in swi (swi 6595 cycles = spe 6595).
# shellcheck disable=SC2086
run same $K/same_lanes.k $P001 $SWI64 --mech swi && run same_id $K/same_lanes.k $P001 $SWI64 --mech swi $SWI_ID &&
  check item9_claim001_xorrev_helps_swi_same_lanes "a < b" "$(get same swi cycles)" "$(get same_id swi cycles)"

# ------------------------------------------------------------ item 10, 001
# Three warps, complementary neighbours: the buffer is sized from the
# warps (two sets of two), so each warp's secondary search finds a
# complement, as a fully associative lookup does; a buffer of 4 sets x 6
# ways (main's, for any warp count) leaves warp 2's set empty: fewer pairs.
# Main: swi_two (two warps) 101 pairs, 101 conflicts.  Now 101, 101, 80.
# One ALU group: the pairs on I1's free lanes alone (with 001.cfg's two, a
# few I2s go to the other group instead: 98 + 4, 101 + 6, 80 + 3).
# shellcheck disable=SC2086
run four $K/swi_three.k $P001 $ONE_ALU --mech swi && run four_fa $K/swi_three.k $P001 $SWI_FA $ONE_ALU --mech swi &&
  run four_46 $K/swi_three.k $P001 $SWI_46 $ONE_ALU --mech swi &&
  check item10_swi_buffer_sized_from_warps "a == b && c < a" "$(get four swi swi_insts)" "$(get four_fa swi swi_insts)" "$(get four_46 swi swi_insts)"

# ------------------------------------------------------------ item 11, 004
# lwm under --sched rr is round robin over the large warps: exactly one
# fetch group of all of them (004 sec. 5.3), as spe's rr is one group of
# all warps.  Main: rr 1812 cycles / 116 idle, one group 1744 / 48.
# shellcheck disable=SC2086
run lrr $K/mem_loop.k $P004 --mech lwm --sched rr && run l1g $K/mem_loop.k $P004 --mech lwm --sched two-level $LWM_ONE_GROUP &&
  check item11_lwm_rr_is_one_group "a == c && b == d" "$(get lrr lwm cycles)" "$(get lrr lwm idle_cycles)" "$(get l1g lwm cycles)" "$(get l1g lwm idle_cycles)"

# ------------------------------------------------------------ item 12, 004
# Group 0 exits at once: two-level must move the top on (a finished group is
# stalled for ever), and then leaves no more idle cycles than round robin.
# Main: spe two-level 147 idle, rr 99.
# shellcheck disable=SC2086
run dg_rr $K/dead_group.k $P004 --mech spe --sched rr && run dg_tl $K/dead_group.k $P004 --mech spe --sched two-level &&
  check item12_two_level_passes_finished_group "b <= a" "$(get dg_rr spe idle_cycles)" "$(get dg_tl spe idle_cycles)"

# ------------------------------------------------------------ item 13, 004
# The timeout counts instructions (004 sec. 3.3): with TIMEOUT=4 on full
# warps of independent adds the top large warp's first tenure is 4 of its
# instructions, i.e. 4 x (sub-warps per instruction) issue lines.  Main:
# a tenure of 8 sub-warps (one instruction).
# shellcheck disable=SC2086
"$S" $K/full_adds.k $P004 --mech lwm --sched two-level $TIMEOUT4 --log - --format csv >"$T/tl4.log" 2>&1
sub=$(awk '$2=="lwm" && $3=="warp" && $4==0 && $6==0 {n++} END{print n+0}' "$T/tl4.log")
ten=$(awk '$2=="lwm" && $3=="warp" {if (NR > 1 && $4 != w && seen) exit; w = $4; seen = 1; n++} END{print n+0}' "$T/tl4.log")
check item13_timeout_counts_instructions "a > 0 && b == 4 * a" "$sub" "$ten"

# ------------------------------------------------------------ item 14, 004
# SIMD efficiency <= 1 for every mechanism, on thirty jumps (a jump is one
# sub-warp under lwm) and on every built-in kernel, at warps of 4 and 8 and
# at 004; and every mechanism counts the reference's thread-instructions.
# Main: lwm 4.0000 on jumps.k at --lanes 4 and 8, 1.75 at 32; 1.0244 on
# fig2_001 at --lanes 2.
for cf in W4 W8 P004; do
  for k in $K/jumps.k tb/kernels/*.k; do
    n=eff_${cf}_$(basename "$k" .k)
    case $cf in W4) f=$W4;; W8) f=$W8;; *) f=$P004;; esac
    # shellcheck disable=SC2086
    run "$n" "$k" $f || continue
    over= th=
    for m in $(mechs "$n"); do
      e=$(get "$n" "$m" simd_eff)
      awk -v e="$e" 'BEGIN{exit !(e + 0 > 1)}' && over="$over$m=$e "
      th="$th $(get "$n" "$m" thread_insts)"
    done
    th=$(printf '%s\n' $th | sort -u | wc -l)
    if [ -z "$over" ] && [ "$th" = 1 ]; then ok "item14_simd_eff_at_most_1_${cf}_$(basename "$k" .k)"
    else bad "item14_simd_eff_at_most_1_${cf}_$(basename "$k" .k)" "over 1: ${over:-none}; distinct thread_insts: $th"; fi
  done
done

# ------------------------------------------------------------- 004 claims
# 004 Fig. 7's shape: with a long memory latency two-level leaves fewer idle
# cycles than round robin, for spe and for lwm.  Main at --lanes 32: spe 35
# < 67, lwm 30 < 116.
# shellcheck disable=SC2086
run ml_rr $K/mem_loop.k $P004 --mech spe,lwm --sched rr && run ml_tl $K/mem_loop.k $P004 --mech spe,lwm --sched two-level && {
  check claim004_two_level_fewer_idle_spe "b < a" "$(get ml_rr spe idle_cycles)" "$(get ml_tl spe idle_cycles)"
  check claim004_two_level_fewer_idle_lwm "b < a" "$(get ml_rr lwm idle_cycles)" "$(get ml_tl lwm idle_cycles)"; }
# lwm packs better than spe when divergence does not follow the lanes.
# Main: spe 0.2921, lwm 1.0000.
# shellcheck disable=SC2086
run diag $K/diag.k $P004 --mech spe,lwm &&
  check claim004_lwm_packs_better_diag "b > a" "$(get diag spe simd_eff)" "$(get diag lwm simd_eff)"

# ------------------------------------------------------------- 003 claims
# dpe issues exactly spe's thread-instructions (and warp-instructions) on
# every kernel, and takes no more cycles on the interleavable ones (003
# sec. 3.3: lud's two load chains, fig1_003's if/else with loads).
for k in tb/kernels/*.k; do
  n=c003_$(basename "$k" .k)
  # shellcheck disable=SC2086
  run "$n" "$k" $P003 --mech spe,dpe || continue
  check "claim003_dpe_same_insts_$(basename "$k" .k)" "a == c && b == d" \
    "$(get "$n" spe thread_insts)" "$(get "$n" spe warp_insts)" "$(get "$n" dpe thread_insts)" "$(get "$n" dpe warp_insts)"
  case $n in c003_lud|c003_fig1_003)
    check "claim003_dpe_no_slower_$(basename "$k" .k)" "b <= a" "$(get "$n" spe cycles)" "$(get "$n" dpe cycles)";;
  esac
done

# A path that falls through into its reconvergence point: no branch
# interleaves, so dpe takes spe's cycles (tests/simt_paper/if_fall.k;
# core_fetch.c fb_settle).  Before: spe 152, dpe 160 (a refetch a pop).
# shellcheck disable=SC2086
run iff003 $K/if_fall.k $P003 --mech spe,dpe &&
  check claim003_dpe_no_refetch_if_fall "a == b" "$(get iff003 spe cycles)" "$(get iff003 dpe cycles)"

# ------------------------------------------------------------- 000 claim
# dwf's SIMD efficiency beats spe's on even_odd (000 Fig. 7).
# shellcheck disable=SC2086
run eo tb/kernels/even_odd.k $P000 --mech spe,dwf &&
  check claim000_dwf_beats_spe_even_odd "b > a" "$(get eo spe simd_eff)" "$(get eo dwf simd_eff)"

# ------------------------------------------- 000 and 004 baselines, their stages
# Barrel processing (000 l.213-220, 004 l.193-200; the presets' barrel): a
# warp is not fetched again until its instruction completes, and issues the
# cycle after, so one warp's 14 independent adds take at least 14 x (ALU
# latency + 1) cycles (000: 4, 004: 5); with barrel off the scoreboard
# issues them back to back.  Before the key (the core's scoreboard alone):
# 000 39 cycles, 004 26.
# shellcheck disable=SC2086
run bar0 $K/barrel_adds.k $P000 --mech spe && run bar0x $K/barrel_adds.k $P000 --set barrel=off --mech spe &&
  check baseline000_barrel "b >= 14 * 5 && a < b" "$(get bar0x spe cycles)" "$(get bar0 spe cycles)"
# LWM adds no stage (004 l.320-323: sub-warps are formed beside decode; a
# large warp is fetched again when its first sub-warp completes, l.392-394,
# as the baseline's warp when it completes): a large warp of one warp (the
# CTA's 16 threads, K = 1) takes spe's cycles exactly.  Before (no barrel in
# the baseline, lwm's completion a cycle after the last stage): spe 108,
# lwm 155 on the chain; spe 26, lwm 113 on the independent adds.
# shellcheck disable=SC2086
run bar4 $K/barrel_adds.k $P004 --mech spe,lwm && run bar4x $K/barrel_adds.k $P004 --set barrel=off --mech spe &&
  check baseline004_barrel "b >= 14 * 6 && a < b && c == b" "$(get bar4x spe cycles)" "$(get bar4 spe cycles)" "$(get bar4 lwm cycles)"
# shellcheck disable=SC2086
run chain4 $K/dep_chain.k $P004 --mech spe,lwm &&
  check claim004_lwm_no_extra_stage "a == b" "$(get chain4 spe cycles)" "$(get chain4 lwm cycles)"
# DWF pays one pipeline stage more than PDOM (000 l.914-916): a chain of 21
# dependent instructions takes dwf one cycle more per instruction than spe
# (barrel processing), and at most three more for the launch's commit.
# Before (spe on the scoreboard alone): spe 87, dwf 132.
# shellcheck disable=SC2086
run chain0 $K/dep_chain.k $P000 --mech spe,dwf &&
  check claim000_dwf_one_extra_stage "b - a >= 21 && b - a <= 21 + 3" "$(get chain0 spe cycles)" "$(get chain0 dwf cycles)"

# ------------------------------------- 001: selective sync and the layout
# 001 sec. 3.3 (l.109) suspends the secondary warp-split at a reconvergence
# point while CPC1 is in [PC_div, PC_rec], on a "thread-frontier aware
# program layout" where every reconvergence point lies above its divergence
# point.  clang's collatz (tb/kernels/cuda/collatz.ptx) puts the loop
# body's reconvergence point (the latch) below the body's branch: the
# interval is empty, the splits never wait and run apart (sbi64 issues more
# warp instructions than spe64, the stack at the same warps).  The same
# instructions in the thread-frontier order (tests/data/cuda/collatz_tf.ptx)
# reconverge every trip: the secondary is suspended and sbi64 issues no
# more than spe64.  At 001, 64-thread warps.  Measured: clang's order spe64
# 10995, sbi64 22344 warp instructions; the thread-frontier order sbi64
# 10511 (8407 suspended cycles).  With the sync payload dropped (rd_sync
# never set in mech_sbi_rd, planted) the thread-frontier order fails.
# shellcheck disable=SC2086
if "$S" --launch tb/kernels/cuda/collatz.launch $P001 $SWI64 --mech spe,sbi --format "$FMT" >"$T/cz.out" 2>"$T/cz.err" &&
   "$S" --launch tests/data/cuda/collatz_tf.launch $P001 $SWI64 --mech spe,sbi --format "$FMT" >"$T/cztf.out" 2>"$T/cztf.err"; then
  check claim001_sbi_sync_layout_clang_apart "b > a" "$(get cz spe warp_insts)" "$(get cz sbi warp_insts)"
  check claim001_sbi_sync_layout_tf_reconverges "b <= a && c > 0" "$(get cztf spe warp_insts)" "$(get cztf sbi warp_insts)" "$(get cztf sbi sec_suspended)"
else bad run_collatz_sync "$(head -1 "$T/cz.err" "$T/cztf.err" | grep -v '^==' | head -1)"; fi

# ------------------------------------------------ 002 at the paper's occupancy
# The claims of 002 that hold on tb/kernels/cuda/occupancy (make results'
# last column, tools/sweeps/002-occ.sweep; 32 warps resident, 002.cfg), each
# on one kernel of its set as a witness (the page's set figure is a
# geometric mean; make regress asserts it): TSIMT slower than SIMT and
# scalarization faster on TSIMT and STSIMT4 (histogram), STSIMT4 faster than
# SIMT on a divergent kernel (mandelbrot, spe's SIMD efficiency 0.67).
# Measured: histogram spe 34510, tsimt 44570, tsimt+scalar 39435, stsimt
# 40838, stsimt+scalar 38065; mandelbrot spe 212035, stsimt 167769.
# shellcheck disable=SC2086
if "$S" --launch tb/kernels/cuda/occupancy/histogram.launch $P002 --mech spe,tsimt,tsimt+scalar,stsimt,stsimt+scalar --format "$FMT" >"$T/hg002.out" 2>"$T/hg002.err" &&
   "$S" --launch tb/kernels/cuda/occupancy/mandelbrot.launch $P002 --mech spe,stsimt --format "$FMT" >"$T/mb002.out" 2>"$T/mb002.err"; then
  check claim002_occ_tsimt_slower_histogram "b > a" "$(get hg002 spe cycles)" "$(get hg002 tsimt cycles)"
  check claim002_occ_scalar_helps_tsimt_histogram "b < a" "$(get hg002 tsimt cycles)" "$(get hg002 tsimt+scalar cycles)"
  check claim002_occ_scalar_helps_stsimt_histogram "b < a" "$(get hg002 stsimt cycles)" "$(get hg002 stsimt+scalar cycles)"
  check claim002_occ_stsimt_beats_spe_mandelbrot "b < a" "$(get mb002 spe cycles)" "$(get mb002 stsimt cycles)"
  # each direction check fails on its planted fault: the same two numbers
  # swapped (a check that passed either way would assert nothing)
  for c in "hg002 spe tsimt >" "hg002 tsimt tsimt+scalar <" "hg002 stsimt stsimt+scalar <" "mb002 spe stsimt <"; do
    read -r f m1 m2 op <<<"$c"
    if check planted "b $op a" "$(get "$f" "$m2" cycles)" "$(get "$f" "$m1" cycles)" | grep -q '^FAIL planted'; then
      ok "claim002_occ_${m2}_vs_${m1}_${f}_fails_swapped"
    else bad "claim002_occ_${m2}_vs_${m1}_${f}_fails_swapped" "the check passed with the numbers swapped"; fi
  done
else bad run_occ002 "$(head -1 "$T/hg002.err" "$T/mb002.err" | grep -v '^==' | head -1)"; fi

# ------------------------------------------------ 003: dpe's scoreboard
# 003's scoreboard is the baseline's with shadow bits (sec. 3.2): on a
# kernel no branch of which interleaves, dpe takes spe's cycles.  kmeans
# (CUDA, ld.global.v4 in its loop): every destination of the v4 load is
# reserved at the issue and every writeback of a cycle frees its register,
# as the core's scoreboard does.  Before (one extra destination a cycle
# through the issue port, two writebacks a cycle): spe 1442, dpe 1464.
# shellcheck disable=SC2086
if "$S" --launch tb/kernels/cuda/kmeans.launch $P003 --mech spe,dpe --format "$FMT" >"$T/km003.out" 2>"$T/km003.err"; then
  check claim003_dpe_no_slower_kmeans "b <= a" "$(get km003 spe cycles)" "$(get km003 dpe cycles)"
else bad run_km003 "$(head -1 "$T/km003.err")"; fi
