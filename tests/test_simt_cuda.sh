#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# test_simt_cuda.sh BUILD_DIR -- every CUDA kernel of tb/kernels/cuda
# (*.launch) through the SM core, every mechanism of its table, at the
# default preset: `build/simt --launch K --mech all` must exit 0,
# give every mechanism a row (a result, or "cannot run: ..." for a
# mechanism that cannot hold the kernel: counted and printed, not a
# failure) and end with the line that every mechanism that ran matches the
# reference (registers, PC sequences, memory, the timing oracle).  A
# deadlock, a mismatch or a crash of any one mechanism fails the kernel.
# Then every preset (tb/simt/configs) with the heavy kernels' launches made
# smaller; SIMT_CUDA_PRESETS="000 001 ..." (make regress) runs those presets
# with the launches as they are.  Each run's reference memory must equal the
# host reference on the same launch.
# SIMT_CUDA_SET=DIR (tests/test_simt_cuda_realworld2.sh): the kernels of
# tb/kernels/cuda/DIR alone, the same checks (their -O1/-O3 runs in make
# regress), none of the rest: a job of its own beside this one.
# SIMT_CUDA_MUST_RUN="lwm ...": those mechanisms must run every kernel (a
# "cannot run" row of theirs fails it).
# SIMT_CUDA_KERNEL_ARGS="K:ARGS;...": build/simt arguments for kernel K at
# the presets other than the default (realworld7's own_lexer: a larger
# dpe_depth, its caller checks the preset's own depth).
set -u
B=${1:-build}
S=$B/simt
set_=${SIMT_CUDA_SET:-}
T=$B/test/simt_cuda${set_:+_$set_}
if [ -n "$set_" ]; then launches=(tb/kernels/cuda/"$set_"/*.launch) optdir=tb/kernels/cuda/$set_
else launches=(tb/kernels/cuda/*.launch tb/kernels/cuda/conformance/*.launch tb/kernels/cuda/realworld/*.launch)
  optdir=tb/kernels/cuda/realworld; fi
mkdir -p "$T"
ok() { echo "ok $1"; }
bad() { echo "FAIL $1${2:+: $2}"; }
[ -x "$S" ] || { bad simt_cuda "no $S (make $S)"; exit 0; }
kernel_args() { # K CFG: kargs=(SIMT_CUDA_KERNEL_ARGS's arguments for K, at a preset)
  kargs=()
  [ "$2" = default ] && return
  local kas ka
  IFS=';' read -ra kas <<<"${SIMT_CUDA_KERNEL_ARGS:-}"
  for ka in "${kas[@]}"; do [ "${ka%%:*}" = "$1" ] && read -ra kargs <<<"${ka#*:}"; done
}

# the core's mechanisms, as --help lists them
mechs=$("$S" --help | awk '/^mechanisms/{f=1;next} /^--param/{f=0} f&&NF{print $1}')
nm=$(wc -w <<<"$mechs")
[ "$nm" -ge 8 ] && ok "simt_cuda_mechanism_list ($nm)" || bad simt_cuda_mechanism_list "'$mechs'"

# make test: the default preset with the launches as they are, then every
# preset (000..004) with the heavy kernels' launches made smaller (the
# table of tests/cuda_small.sh: fewer tree keys, fewer rows, one CTA instead of two or
# three, half bfs's vertices (still more than its 64 threads, so the
# strided loops still run twice); the same code paths, a third to a half of
# the CPU time; each kernel still runs as it is at the default preset);
# a round (SIMT_CUDA_SET) runs at the default and the one preset of
# tests/cuda_small.sh's round_presets; SIMT_CUDA_PRESETS set (make
# regress): those presets with the launches as they are, every round too.  Every run also
# dumps the reference's final memory, which must equal the host reference
# (build/cuda_host/NAME on the same launch): every mechanism equals the
# reference, the reference equals the host.
. tests/cuda_small.sh # small[K]: the sed edit; same_as_host REF HOST
presets=$(round_cfgs "$set_")
full=$([ -n "${SIMT_CUDA_PRESETS:-}" ] && echo 1 || echo 0)
first=" $(round_cfgs realworld) " # the first round's presets (tb/kernels/cuda/realworld)
nk=0
for cfg in $presets; do
  for L in "${launches[@]}"; do
    k=$(basename "$L" .launch)
    [ -z "$set_" ] && [[ $L == */realworld/* ]] && [[ $first != *" $cfg "* ]] && continue
    nk=$((nk + 1))
    out=$T/$k-$cfg.out
    tag=full
    if [ "$cfg" != default ] && [ $full -eq 0 ] && [ -n "${small[$k]:-}" ]; then
      tag=small
      if [ ! -f "$T/$k-small.launch" ]; then
        # (paths absolute: the smaller launch is written under $T)
        abs=(-e "s|^ptx |ptx $PWD/$(dirname "$L")/|" -e "s|^\(buffer .* file \)\(.*\)|\1$PWD/$(dirname "$L")/\2|"
             -e "s|^mem_init |mem_init $PWD/$(dirname "$L")/|")
        sed "${abs[@]}" -e "${small[$k]}" "$L" >"$T/$k-small.launch"
        cmp -s <(sed "${abs[@]}" "$L") "$T/$k-small.launch" &&
          bad "simt_cuda_${k}_smaller" "the table's edit '${small[$k]}' no longer applies to $L"
      fi
      L=$T/$k-small.launch
    fi
    if [ ! -x "$B/cuda_host/$k" ]; then
      bad "simt_cuda_${k}_${cfg}${tag/full/}" "host reference missing: build it with make $B/cuda_host/$k"; continue
    fi
    if [ ! -f "$T/$k-$tag.host" ] && ! "$B/cuda_host/$k" --launch "$L" --dump-mem "$T/$k-$tag.host" >"$T/$k-$tag.hostlog" 2>&1; then
      bad "simt_cuda_${k}_host" "$(head -n 1 "$T/$k-$tag.hostlog")"; rm -f "$T/$k-$tag.host"
    fi
    kernel_args "$k" "$cfg"
    "$S" --config "$cfg" --launch "$L" --mech all "${kargs[@]}" --dump-mem "$T/$k-$cfg.ref" >"$out" 2>&1
    rc=$?
    missing="" cannot="" refused=""
    for m in ${SIMT_CUDA_MUST_RUN:-}; do
      grep -qE "^${m/+/\\+} +cannot run: " "$out" && refused="$refused $m"
    done
    for m in $mechs; do
      # a row: the name, then a cycle count or "cannot run:"
      if grep -qE "^${m/+/\\+} +[0-9]" "$out"; then :
      elif grep -qE "^${m/+/\\+} +cannot run: " "$out"; then cannot="$cannot $m"
      else missing="$missing $m"; fi
    done
    if [ $rc -eq 0 ] && [ -z "$missing" ] && [ -z "$refused" ] && grep -q "^every mechanism that ran matches the reference" "$out" &&
       same_as_host "$T/$k-$cfg.ref" "$T/$k-$tag.host"; then
      ok "simt_cuda_${k}_${cfg}${tag/full/} ($((nm - $(wc -w <<<"$cannot"))) of $nm ran${cannot:+; cannot run:$cannot})"
    else
      [ $rc -ne 0 ] && missing=""   # a failed run prints its error, not the table
      why=$(grep -m1 -E '^simt:|FAIL|deadlock' "$out" || tail -n 1 "$out")
      [ $rc -eq 0 ] && ! same_as_host "$T/$k-$cfg.ref" "$T/$k-$tag.host" && why="the reference's memory differs from the host reference ($T/$k-$tag.host)"
      r1=${refused# } r1=${r1%% *}
      [ -n "$refused" ] && why="cannot run on$refused: $(grep -m1 -E "^${r1/+/\\+} +cannot run" "$out")"
      bad "simt_cuda_${k}_${cfg}${tag/full/}" "exit $rc${missing:+, no row for$missing}: $why"
    fi
  done
done
rm -f "$T"/*-small.launch "$T"/*.host

# make regress (SIMT_CUDA_PRESETS set) with clang installed: the
# real-world-style kernels (tb/kernels/cuda/realworld, or SIMT_CUDA_SET's) compiled again at
# -O1 and -O3 (other PTX shapes than the committed -O2), every mechanism
# at every preset, each against the kernel's host reference
if [ $full -eq 1 ] && command -v clang >/dev/null; then
  Ta=$(cd "$T" && pwd)
  for cu in "$optdir"/*.cu; do
    k=$(basename "$cu" .cu)
    "$B/cuda_host/$k" --launch "${cu%.cu}.launch" --dump-mem "$T/$k-opt.host" >/dev/null 2>&1 ||
      { bad "simt_cuda_${k}_host"; continue; }
    for o in 1 3; do
      if ! clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_70 -nocudainc -nocudalib -O$o -S \
           -ffp-contract=off -Itb/cuda/include -include tb/cuda/warphw_cuda.h -o "$T/$k-O$o.ptx" "$cu" 2>"$T/$k-O$o.log"; then
        bad "simt_cuda_${k}_O${o}_clang" "$(head -n 1 "$T/$k-O$o.log")"; continue
      fi
      sed -e "s|^ptx .*|ptx $Ta/$k-O$o.ptx|" -e "s|^\(buffer .* file \)\(.*\)|\1$PWD/$optdir/\2|" \
        -e "s|^mem_init |mem_init $PWD/$optdir/|" "${cu%.cu}.launch" >"$T/$k-O$o.launch"
      for cfg in $presets; do
        out=$T/$k-O$o-$cfg.out
        kernel_args "$k" "$cfg"
        "$S" --config "$cfg" --launch "$T/$k-O$o.launch" --mech all "${kargs[@]}" --dump-mem "$T/$k-O$o-$cfg.ref" >"$out" 2>&1
        rc=$?
        if [ $rc -eq 0 ] && grep -q "^every mechanism that ran matches the reference" "$out" &&
           same_as_host "$T/$k-O$o-$cfg.ref" "$T/$k-opt.host"; then ok "simt_cuda_${k}_O${o}_$cfg"
        else bad "simt_cuda_${k}_O${o}_$cfg" "exit $rc: $(grep -m1 -E '^simt:|FAIL|deadlock' "$out" || tail -n 1 "$out")"; fi
      done
    done
  done
fi

# realworld2's warp-synchronous reduction (warpsum.cu: the unrolled tail
# through volatile shared memory, no __syncwarp) is reported as a race at
# every preset, never compared as if the thread-by-thread order were right
if [ "$set_" = realworld2 ]; then
  for cfg in $presets; do
    if grep -q "^order: ORDER-DEPENDENT (a race): [1-9]" "$T/warpsum-$cfg.out"; then ok "simt_cuda_warpsum_${cfg}_race_reported"
    else bad "simt_cuda_warpsum_${cfg}_race_reported" "$(grep -m1 '^order:' "$T/warpsum-$cfg.out")"; fi
  done
fi
[ -z "$set_" ] || exit 0

# the launches at the papers' occupancy (tb/kernels/cuda/occupancy, make
# results' NNN-occ sweeps; docs/occupancy.md): each must fill the SM of 001,
# the largest preset (1536 threads), and its reference's memory must equal
# the host reference on the same launch (the stack only: make results runs
# every mechanism of every paper on them, each against the reference)
for L in tb/kernels/cuda/occupancy/*.launch; do
  k=$(basename "$L" .launch)
  n=$(awk '$1 == "grid" || $1 == "block" { for (i = 2; i <= NF; i++) p *= $i } BEGIN { p = 1 } END { print p }' "$L")
  if [ "$n" -lt 1536 ]; then bad "simt_cuda_occupancy_$k" "$n threads, fewer than 001's SM holds (1536)"; continue; fi
  [ -x "$B/cuda_host/$k" ] || { bad "simt_cuda_occupancy_$k" "host reference missing: build it with make $B/cuda_host/$k"; continue; }
  "$B/cuda_host/$k" --launch "$L" --dump-mem "$T/occ-$k.host" >"$T/occ-$k.hostlog" 2>&1 ||
    { bad "simt_cuda_occupancy_${k}_host" "$(head -n 1 "$T/occ-$k.hostlog")"; continue; }
  "$S" --launch "$L" --mech spe --dump-mem "$T/occ-$k.ref" >"$T/occ-$k.out" 2>&1
  rc=$?
  if [ $rc -eq 0 ] && grep -q "^every mechanism that ran matches the reference" "$T/occ-$k.out" &&
     same_as_host "$T/occ-$k.ref" "$T/occ-$k.host"; then ok "simt_cuda_occupancy_$k ($n threads)"
  else bad "simt_cuda_occupancy_$k" "exit $rc: $(grep -m1 -E '^simt:|FAIL|deadlock' "$T/occ-$k.out" || echo "the reference's memory differs from the host reference")"; fi
done
rm -f "$T"/occ-*.host

# atomics (ref.h, refp_order_check): the histogram's result does not
# depend on the atomics' order and is compared; the planted compaction
# (tests/data/cuda: slots taken with atomicAdd's returned value) is
# reported ORDER-DEPENDENT, its order-independent count still compared (a
# flipped bit of it fails the run)
grep -q "^order: order-independent memory" "$T/histogram-default.out" && ! grep -q "ORDER-DEPENDENT" "$T/histogram-default.out" &&
  ok simt_cuda_atomics_order_independent || bad simt_cuda_atomics_order_independent "$(grep -m1 '^order' "$T/histogram-default.out")"
out=$("$S" --launch tests/data/cuda/compact.launch --mech all 2>&1)
rc=$?
n=$(sed -n 's/^order: ORDER-DEPENDENT (atomics): \([0-9]*\) of .*/\1/p' <<<"$out")
[ $rc -eq 0 ] && [ "${n:-0}" -gt 0 ] && grep -q "^order: ORDER-DEPENDENT flow" <<<"$out" &&
  grep -q "^every mechanism that ran matches" <<<"$out" && ok "simt_cuda_atomics_order_dependent_reported ($n bytes)" ||
  bad simt_cuda_atomics_order_dependent_reported "exit $rc: $(grep -m1 -E '^simt:|^order' <<<"$out")"
out=$("$S" --launch tests/data/cuda/compact.launch --mech spe --inject-fault mem@50 2>&1)
[ $? -eq 1 ] && grep -q "global byte 0 " <<<"$out" && ok simt_cuda_atomics_count_compared ||
  bad simt_cuda_atomics_count_compared "$out"

# a race without atomics (tests/data/cuda/warpsync.cu: a warp-synchronous
# tail through volatile shared memory): reported, not a failure
out=$("$S" --launch tests/data/cuda/warpsync.launch --mech all 2>&1)
rc=$?
[ $rc -eq 0 ] && grep -q "^order: ORDER-DEPENDENT (a race): [1-9][0-9]* of" <<<"$out" &&
  grep -q "^order: ORDER-DEPENDENT registers (a race)" <<<"$out" && grep -q "^every mechanism that ran matches" <<<"$out" &&
  ok simt_cuda_race_reported || bad simt_cuda_race_reported "exit $rc: $(grep -m1 -E '^simt:|^order' <<<"$out")"

# a race whose other order stops the reference (tests/data/cuda/orderfail.cu:
# out of range last to first): reported, the first order compared whole
# (spe: lockstep in one warp; dwf's dynamic warps hit the race themselves)
out=$("$S" --launch tests/data/cuda/orderfail.launch --mech spe 2>&1)
rc=$?
[ $rc -eq 0 ] && grep -q "^order: not checked: the reference in another thread order stopped: .*out of range" <<<"$out" &&
  grep -q "^every mechanism that ran matches" <<<"$out" && ok simt_cuda_order_stops_reported ||
  bad simt_cuda_order_stops_reported "exit $rc: $(grep -m1 -E '^simt:|^order' <<<"$out")"

# vector loads and stores (tests/data/cuda/vec.cu: ld.v4 writing four
# registers, st.v4 reading five): dwf (a register-file pass per
# destination), dpe (a scoreboard entry per destination, a query per three
# sources), sbi and sbi+swi (four destination ids per entry, NDST = 4, and
# a read port of five registers, QREGS = 5) run them; no mechanism refuses
for cfg in default 001; do
  out=$("$S" --config $cfg --launch tests/data/cuda/vec.launch --mech all 2>&1)
  rc=$?
  ran=$(grep -cE "^(dpe|dwf|spe|sbi|sbi\+swi) +[0-9]" <<<"$out")
  [ $rc -eq 0 ] && [ "$ran" -eq 5 ] && ! grep -qE "^[a-z+]+ +cannot run" <<<"$out" &&
    grep -q "^every mechanism that ran matches" <<<"$out" && ok "simt_cuda_vector_forms_$cfg" ||
    bad "simt_cuda_vector_forms_$cfg" "exit $rc: $(grep -m1 -E '^simt:|cannot run' <<<"$out")"
done

# sbi's scoreboard made too small for the ld.v4 by --param: one line, exit 2
out=$("$S" --launch tests/data/cuda/vec.launch --mech sbi --param sbi_scoreboard.NDST=2 2>&1)
rc=$?
[ $rc -eq 2 ] && [ "$(wc -l <<<"$out")" -eq 1 ] && grep -q "NDST=2 .* 4 destinations" <<<"$out" &&
  ok simt_cuda_sbi_ndst_too_small || bad simt_cuda_sbi_ndst_too_small "exit $rc: $out"

# more virtual registers than a scoreboard names (tests/data/cuda/big.cu:
# 785 .f32): dpe and sbi run on the allocated registers, the timing oracle on
out=$("$S" --launch tests/data/cuda/big.launch --mech dpe,dwf,sbi,spe 2>&1)
rc=$?
[ $rc -eq 0 ] && [ "$(grep -cE "^(dpe|dwf|sbi|spe) +[0-9]" <<<"$out")" -eq 4 ] && grep -q "^every mechanism that ran matches" <<<"$out" &&
  ok simt_cuda_many_registers || bad simt_cuda_many_registers "exit $rc: $(grep -m1 -E '^simt:|cannot run' <<<"$out")"

# warp shuffles and votes (tb/kernels/cuda/warp: shfl.sync, vote.sync,
# activemask, bar.warp.sync; docs/ptx.md): at every preset every mechanism
# runs them (dwf through its rendezvous, lwm through its sub-warping unit's
# row mode: warpdiv's shuffle reduction after a divergent loop, its ballot
# compaction and activemask in a divergent branch) and matches the
# reference, and the reference's memory equals the plain-C host reference.
# At the presets of narrower warps (default: 8, 000: 16) a logical warp of
# 32 threads spans several hardware warps, which rendezvous in the core
# (docs/ptx.md, "Warp-synchronous instructions at every warp size"); 001
# with --set warp_size=64 (cfg:64) holds two logical warps in a hardware
# warp; default:32 and 000:32 set 32.  At 8 and 16 every mechanism runs
# them, dwf too (its threads meet at the core's rendezvous, mech_dwf.c
# mdwf_unhold); at 64 dwf alone gives a "cannot run" row with its named
# reason (its lane-aware register file holds at most 32 lanes), never
# another mechanism.
for L in tb/kernels/cuda/warp/*.launch; do
  k=$(basename "$L" .launch)
  if ! "$B/cuda_host/$k" --launch "$L" --dump-mem "$T/$k.host" >"$T/$k.hostlog" 2>&1; then
    bad "simt_cuda_warp_${k}_host" "$(head -n 1 "$T/$k.hostlog") (make $B/cuda_host/$k)"; continue
  fi
  for cfg in default 000 001 002 003 004 default:32 000:32 001:64; do
    setws=()
    [ "$cfg" != "${cfg#*:}" ] && setws=(--set "warp_size=${cfg#*:}")
    out=$("$S" --config "${cfg%:*}" "${setws[@]}" --launch "$L" --mech all --dump-mem "$T/$k-$cfg.ref" 2>&1)
    rc=$?
    ws=$(awk '$1 == "warp_size" { print $3 }' "tb/simt/configs/${cfg%:*}.cfg")
    [ -n "${setws[*]}" ] && ws=${cfg#*:}
    cannot=$(grep -oE "^[a-z+]+ +cannot run" <<<"$out" | awk '{ printf " %s", $1 }')
    nrow=$(grep -cE "^[a-z+]+ +([0-9]|cannot run: )" <<<"$out")
    # at 64 dwf alone cannot run, with its reason; elsewhere every one runs
    if [ "$ws" = 64 ]; then allowed=" dwf"; dwfwhy="^dwf +cannot run: dwf: warps of 64 threads; the lane-aware register file"
    else allowed=""; dwfwhy="^dwf +[0-9]"
    fi
    if [ $rc -eq 0 ] && [ "$nrow" -eq "$nm" ] && grep -q "^every mechanism that ran matches the reference" <<<"$out" &&
       [ "$cannot" = "$allowed" ] && grep -qE "$dwfwhy" <<<"$out" && grep -qE "^lwm +[0-9]" <<<"$out" &&
       same_as_host "$T/$k-$cfg.ref" "$T/$k.host"; then
      ok "simt_cuda_warp_${k}_${cfg/:/_ws} (warp_size $ws; $((nm - $(wc -w <<<"$cannot"))) of $nm ran${cannot:+; cannot run:$cannot})"
    else
      why=$(grep -m1 -E '^simt:|FAIL|deadlock' <<<"$out" || grep -m1 "cannot run" <<<"$out" || echo "the reference's memory differs from the host reference")
      bad "simt_cuda_warp_${k}_${cfg/:/_ws}" "exit $rc: $why"
    fi
  done
done

# the rendezvous of narrow warps (tests/data/cuda/wsnarrow.cu): shuffles
# after a data-dependent loop (the hardware warps of a logical warp arrive
# at cycles far apart), a ballot and a reduction over lanes 4..11 (two
# hardware warps at warp_size 8) taken by those lanes alone, %laneid.  At
# warp_size 8, 16, 32 and 64 every mechanism but dwf at 64 runs it and
# matches the reference, and the reference's final memory is the same at
# every size (the PTX meaning does not follow the hardware warp).
# --inject-fault rdv@0 (fault kind 19: a narrow warp's group executes
# without waiting for its members in other hardware warps) must fail it.
for cfg in 001 default 000 001:64 default:rdv; do
  extra=()
  case $cfg in *:64) extra=(--set warp_size=64);; *:rdv) extra=(--inject-fault rdv@0);; esac
  out=$("$S" --config "${cfg%:*}" "${extra[@]}" --launch tests/data/cuda/wsnarrow.launch --mech all \
    --dump-mem "$T/wsnarrow-$cfg.mem" 2>&1)
  rc=$?
  cannot=$(grep -oE "^[a-z+]+ +cannot run" <<<"$out" | awk '{ printf " %s", $1 }')
  nrow=$(grep -cE "^[a-z+]+ +([0-9]|cannot run: )" <<<"$out")
  want=""; [ "$cfg" = 001:64 ] && want=" dwf"
  good=0
  [ $rc -eq 0 ] && [ "$nrow" -eq "$nm" ] && [ "$cannot" = "$want" ] &&
    grep -q "^every mechanism that ran matches the reference" <<<"$out" &&
    cmp -s "$T/wsnarrow-$cfg.mem" "$T/wsnarrow-001.mem" && good=1
  if [ "$cfg" = default:rdv ]; then
    # (every mechanism refuses: exit 2 with the first one's line)
    [ $good = 0 ] && grep -qE "^simt: [a-z+]+: .*shfl.sync: .* which does not take part" <<<"$out" &&
      ok "simt_cuda_wsnarrow_rdv_planted (exit $rc)" ||
      bad simt_cuda_wsnarrow_rdv_planted "exit $rc: the planted fault went unseen"
  elif [ $good = 1 ]; then
    ok "simt_cuda_wsnarrow_${cfg/:/_ws} ($((nm - $(wc -w <<<"$cannot"))) of $nm ran)"
  else
    bad "simt_cuda_wsnarrow_${cfg/:/_ws}" "exit $rc: $(grep -m1 -E '^simt:|FAIL|cannot run' <<<"$out" ||
      echo "the final memory differs from warp_size 32's")"
  fi
done

# one_line NAME PATTERN ARGS...: build/simt ARGS stops with exit 2 and one
# line, "simt: " then PATTERN (an extended regex)
one_line() {
  local name=$1 pat=$2 out rc
  shift 2
  out=$("$S" "$@" 2>&1)
  rc=$?
  [ $rc -eq 2 ] && [ "$(wc -l <<<"$out")" -eq 1 ] && grep -qE "^simt: $pat" <<<"$out" &&
    ok "$name" || bad "$name" "exit $rc: $out"
}

# a member at a CTA barrier in another hardware warp
# (tests/data/cuda/wsnarrow_bad.cu): at warp_size 8 the run stops with
# warp_size 32's one line, undefined in CUDA (exit 2), and does not hang
for cfg in default 001; do
  out=$("$S" --config $cfg --launch tests/data/cuda/wsnarrow_bad.launch --mech all 2>&1)
  rc=$?
  [ $rc -eq 2 ] && [ "$(wc -l <<<"$out")" -eq 1 ] &&
    grep -qE "^tests/data/cuda/wsnarrow_bad.ptx:[0-9]+: shfl.sync: lane 0 of warp 0 \(CTA 0,0,0\) waits for lane 8 \(membermask 0x0000ffff\), which waits at the CTA barrier of line [0-9]+: undefined in CUDA$" <<<"$out" &&
    ok "simt_cuda_wsnarrow_bad_$cfg" || bad "simt_cuda_wsnarrow_bad_$cfg" "exit $rc: $out"
done

# lwm's row mode can fail: with it planted off (--inject-fault wsync@0: the
# sub-warping unit packs warp-synchronous instructions by column, as before
# it), warpdiv at 004 splits a warp's active threads across sub-warps and
# stops with one line naming lwm, the instruction and the reason (exit 2),
# where it runs without the fault (above)
one_line simt_cuda_warp_lwm_row_mode_planted_off \
  "lwm: pc [0-9]+ \(tb/kernels/cuda/warp/warpdiv.ptx:[0-9]+\): (activemask|shfl.sync|vote.sync)" \
  --config 004 --launch tb/kernels/cuda/warp/warpdiv.launch --mech lwm --inject-fault wsync@0

# a shuffle and a reduction in a divergent branch over the branch's own
# threads (tests/data/cuda/lwmsplit.cu): every mechanism runs it at 004 and
# matches the reference; lwm without its row mode splits row 1's branch
# threads across two sub-warps and stops at the shuffle with one line
out=$("$S" --config 004 --launch tests/data/cuda/lwmsplit.launch --mech all 2>&1)
rc=$?
[ $rc -eq 0 ] && [ "$(grep -cE "^[a-z+]+ +[0-9]" <<<"$out")" -eq "$nm" ] &&
  grep -q "^every mechanism that ran matches the reference" <<<"$out" &&
  ok simt_cuda_lwmsplit_every_mechanism || bad simt_cuda_lwmsplit_every_mechanism "exit $rc: $(grep -m1 -E '^simt:|cannot run' <<<"$out")"
one_line simt_cuda_lwmsplit_row_mode_planted_off \
  "lwm: pc [0-9]+ \(tests/data/cuda/lwmsplit.ptx:[0-9]+\): shfl.sync: lane [0-9]+ of warp 1 of CTA slot 0 is live but not in this issue" \
  --config 004 --launch tests/data/cuda/lwmsplit.launch --mech lwm --inject-fault wsync@0

# activemask in a loop whose iterations a warp's threads reach at different
# times (tests/data/cuda/amloop.cu): a stack groups the threads of one
# iteration, the reference those waiting together -- not established: one
# line naming file:line, exit 2, never a failed comparison (exit 1), on
# spe and on lwm (its row mode gives a large warp's stack group per warp);
# dwf, whose activemask waits for its warp's quiescence as the reference
# does, runs it and matches
one_line simt_cuda_activemask_loop_not_established \
  "spe: pc [0-9]+ \(tests/data/cuda/amloop.ptx:[0-9]+\): activemask: .* not established" \
  --config 001 --launch tests/data/cuda/amloop.launch --mech spe
one_line simt_cuda_activemask_loop_not_established_lwm \
  "lwm: pc [0-9]+ \(tests/data/cuda/amloop.ptx:[0-9]+\): activemask: .* not established" \
  --config 004 --launch tests/data/cuda/amloop.launch --mech lwm
out=$("$S" --config 001 --launch tests/data/cuda/amloop.launch --mech dwf 2>&1)
rc=$?
[ $rc -eq 0 ] && grep -qE "^dwf +[0-9]" <<<"$out" && grep -q "^every mechanism that ran matches" <<<"$out" &&
  ok simt_cuda_activemask_loop_dwf || bad simt_cuda_activemask_loop_dwf "exit $rc: $(grep -m1 -E '^simt:|cannot run' <<<"$out")"

# dwf in narrow warps (mech_dwf.c, mdwf_unhold; docs/dwf.md): amloop at
# warp_size 8 (default) and 16 (000), whose logical warps span 4 and 2
# hardware warps in two pools (default) or one, runs and matches the
# reference.  --inject-fault held@0 (fault kind 20: the threads the
# rendezvous held commit into the pool without the write pass of the
# group's results) must fail wsnarrow and amloop at warp_size 8 with the
# register file's read check naming the stale bank (exit 1).
for cfg in default 000; do
  out=$("$S" --config $cfg --launch tests/data/cuda/amloop.launch --mech dwf 2>&1)
  rc=$?
  [ $rc -eq 0 ] && grep -qE "^dwf +[0-9]" <<<"$out" && grep -q "^every mechanism that ran matches" <<<"$out" &&
    ok simt_cuda_activemask_loop_dwf_$cfg ||
    bad simt_cuda_activemask_loop_dwf_$cfg "exit $rc: $(grep -m1 -E '^simt:|cannot run' <<<"$out")"
done
for k in wsnarrow amloop; do
  out=$("$S" --config default --launch tests/data/cuda/$k.launch --mech dwf --inject-fault held@0 2>&1)
  rc=$?
  [ $rc -eq 1 ] && grep -qE "^simt: tests/data/cuda/$k.ptx: dwf: lane_regfile lane [0-9]+ read 0x[0-9a-f]+/0x[0-9a-f]+, the registers hold" <<<"$out" &&
    ok simt_cuda_dwf_held_planted_$k || bad simt_cuda_dwf_held_planted_$k "exit $rc: the planted fault went unseen: $out"
done

# held threads have their own count (core_held): in the VCD's at_wsync
# (only in a run with the narrow rendezvous) and the cycle-limit line, not
# in at_barrier.  wsnarrow has no CTA barrier: at warp_size 8 dwf's VCD
# shows threads at_wsync and none at_barrier; at 32 it has no at_wsync.
vmax() { # vmax VCD NAME: the largest value of the first signal NAME
  awk -v n="$2" '$1 == "$var" && $5 == n && !id { id = $4 }
    id && $2 == id && /^b/ { v = 0; s = substr($1, 2); for (i = 1; i <= length(s); i++) v = 2 * v + substr(s, i, 1); if (v > m) m = v }
    END { print (id ? m + 0 : "none") }' "$1"
}
"$S" --config default --launch tests/data/cuda/wsnarrow.launch --mech dwf --vcd "$T/wsn8.vcd" >/dev/null 2>&1
"$S" --config 001 --launch tests/data/cuda/wsnarrow.launch --mech dwf --vcd "$T/wsn32.vcd" >/dev/null 2>&1
w8=$(vmax "$T/wsn8.vcd" at_wsync) b8=$(vmax "$T/wsn8.vcd" at_barrier) w32=$(vmax "$T/wsn32.vcd" at_wsync)
[ "$w8" != none ] && [ "$w8" -gt 0 ] && [ "$b8" = 0 ] && [ "$w32" = none ] &&
  ok "simt_cuda_vcd_at_wsync (at 8: at_wsync up to $w8, at_barrier $b8)" ||
  bad simt_cuda_vcd_at_wsync "at 8: at_wsync $w8, at_barrier $b8; at 32: at_wsync $w32"
out=$("$S" --config default --launch tests/data/cuda/wsnarrow.launch --mech dwf --max-cycles 500 2>&1)
grep -qE "^simt: tests/data/cuda/wsnarrow.ptx: dwf: not finished after 500 cycles, the limit \(0 of 64 resident threads exited, 0 at a barrier, [1-9][0-9]* held at a rendezvous;" <<<"$out" &&
  ok simt_cuda_limit_line_held || bad simt_cuda_limit_line_held "$out"
# dwf's narrow path with the checks off (the lean register file, no
# write data fetched) issues as with them: the same issue log and report
# for wsnarrow and amloop at warp_size 8 and 16
for k in wsnarrow amloop; do
  for cfg in default 000; do
    a=$("$S" --config $cfg --launch tests/data/cuda/$k.launch --mech dwf --log - 2>&1; echo "rc=$?")
    b=$("$S" --config $cfg --launch tests/data/cuda/$k.launch --mech dwf --log - --no-check 2>&1; echo "rc=$?")
    [ "$a" = "$b" ] && grep -qE "^dwf +[0-9]" <<<"$a" && ok simt_cuda_dwf_narrow_nocheck_same_${k}_$cfg ||
      bad simt_cuda_dwf_narrow_nocheck_same_${k}_$cfg "$(diff <(echo "$a") <(echo "$b") | head -3)"
  done
done

# what real kernels use and the front end refuses (tests/data/cuda/
# unsupported.cu, one entry each): one line naming file:line and
# "unsupported PTX", exit 2, never a run
declare -A why=([recursive]='recursive call of ._Z3fibi.' [arrive]='bar.arrive'
  [shfl]='shfl without .sync' [anyvote]='vote without .sync')
for e in recursive arrive shfl anyvote; do
  out=$("$S" --launch tests/data/cuda/unsupported.launch --entry $e --mech all 2>&1)
  rc=$?
  [ $rc -eq 2 ] && [ "$(wc -l <<<"$out")" -eq 1 ] &&
    grep -qE "^tests/data/cuda/unsupported.ptx:[0-9]+: unsupported PTX: ${why[$e]}" <<<"$out" &&
    ok "simt_cuda_refused_$e" || bad "simt_cuda_refused_$e" "exit $rc: $out"
done

# issue 25 sec. 6: the reference's memory follows the resident CTAs, not
# the grid (tests/data/cuda/gridmem.cu, 256 threads a CTA): its per-thread
# state (one CTA's scratch, the core's results per resident CTA) is the same
# at grid 8 and grid 64 (both past the SM's threads, so neither keeps PC
# traces), and what it keeps per grid CTA (the order check's digest words
# and register bitmap) grows by at most 9 bytes a register per added CTA,
# not with the CTA's threads (before: 8 x (registers + 2) bytes a thread)
for g in 8 64; do
  out=$("$S" --launch tests/data/cuda/gridmem.launch --grid $g --mech spe --mem-peak 2>&1)
  grep -q "^every mechanism that ran matches" <<<"$out" || bad "simt_cuda_mem_grid$g" "$(grep -m1 -E '^simt:|FAIL' <<<"$out")"
  read -r thr cta nr < <(sed -n 's/^mem_peak: reference per-thread state \([0-9]*\) bytes, per grid CTA records \([0-9]*\) bytes (.*, \([0-9]*\) registers)$/\1 \2 \3/p' <<<"$out")
  eval "thr$g=\${thr:-x} cta$g=\${cta:-x} nr=\${nr:-0}"
done
if [ "$thr8" != x ] && [ "$thr64" != x ] && [ "$thr8" -gt 0 ] && [ "$thr8" -eq "$thr64" ] && [ "$nr" -gt 0 ] &&
   [ $((cta64 - cta8)) -gt 0 ] && [ $((cta64 - cta8)) -le $((56 * 9 * (nr + 1))) ]; then
  ok "simt_cuda_memory_follows_resident_ctas (per-thread state $thr64 bytes at grid 8 and 64; per-CTA records $cta8 -> $cta64, $nr registers)"
else bad simt_cuda_memory_follows_resident_ctas "per-thread state $thr8 -> $thr64 bytes, per-CTA records $cta8 -> $cta64, $nr registers"; fi

# the reference check fails a faulty core on both of its paths (ref.h):
# hotspot's 1,024 threads fit the SM's thread slots, so the core reads each
# CTA's results from the reference's every-thread arrays (refp_out_view; the
# faults land in CTA 3, dispatched after CTAs 0 and 1 retired), and names the
# first PC that departs from the trace; collatz at max_threads=128 keeps a
# length and a hash per thread, run by the reference stream beside the core.
# A flipped register, a dropped structure update (a thread runs an
# instruction twice) and a flipped memory byte each fail the run, exit 1.
H=tb/kernels/cuda/hotspot.launch C="tb/kernels/cuda/collatz.launch --set max_threads=128"
for c in "H reg@25000 thread 1023: final register 1 = 0x1, the reference has 0x0" \
         "H pc@30000 thread 776: instruction #216 is pc 89 \(line 122\), the reference executed pc 90" \
         "H mem@25000 global byte 0 \(word 0\) = 0x6a, the reference has 0x6b" \
         "C reg@2000 thread 127: final register 1 = 0x1, the reference has 0x0" \
         "C pc@6000 thread 64: executed 1956 instructions, the reference 1955"; do
  read -r k f want <<<"$c"
  out=$("$S" --launch ${!k} --mech spe --inject-fault $f 2>&1)
  rc=$?
  [ $rc -eq 1 ] && grep -qE "^simt: .*: spe: $want" <<<"$out" && ok "simt_cuda_ref_fault_${k}_${f%@*}" ||
    bad "simt_cuda_ref_fault_${k}_${f%@*}" "exit $rc: $(tail -1 <<<"$out")"
done

# the ASan build on a launch with leak detection on: a leak (the launch's
# buffers and parameters), an overflow or undefined behaviour fails
A=$B/asan/simt
if [ -x "$A" ]; then
  ASAN_OPTIONS=detect_leaks=1:exitcode=99 "$A" --launch tb/kernels/cuda/kmeans.launch --mech all >"$T/asan_kmeans.out" 2>&1
  rc=$?
  [ $rc -eq 0 ] && grep -q "^every mechanism that ran matches" "$T/asan_kmeans.out" && ok simt_cuda_asan_launch ||
    bad simt_cuda_asan_launch "exit $rc: $(grep -m1 -E 'ERROR|SUMMARY|runtime error|^simt:' "$T/asan_kmeans.out")"
else bad simt_cuda_asan_launch "no $A"; fi
# library calls (tb/simt/ptx_lib.c, docs/ptx.md): conformance/libcalls.cu's
# printf text, printed once by the reference (before the table), equals its
# host reference's; a failed assert stops the run with one line naming
# the assertion, the .cu's line and the thread (exit 1) after the text of
# the threads before it; an extern function the simulator does not provide
# is refused with one line (exit 2); with clang, a header of NVIDIA's
# toolkit (<cuda_fp16.h>) is refused with one line naming it
# (exit 2), so is a kernel that declares a math function the header
# defines (one line, exit 2), and <cuda_runtime.h> with the C headers
# compiles
L=tb/kernels/cuda/conformance/libcalls.launch
"$S" --launch $L --mech spe,dwf >"$T/libcalls.out" 2>&1
rc=$?
"$B/cuda_host/libcalls" --launch $L --dump-mem "$T/libcalls.host" >"$T/libcalls.hostout" 2>&1
if [ $rc -eq 0 ] && [ "$(wc -l <"$T/libcalls.hostout")" -ge 10 ] &&
   cmp -s <(sed '/^kernel /,$d' "$T/libcalls.out") "$T/libcalls.hostout"; then ok simt_cuda_printf_equals_host
else bad simt_cuda_printf_equals_host "exit $rc: $(diff <(sed '/^kernel /,$d' "$T/libcalls.out") "$T/libcalls.hostout" | head -n 2 | tr '\n' ' ')"; fi
out=$("$S" --launch tests/data/cuda/libfail.launch --entry assertfail --mech all 2>&1)
rc=$?
[ $rc -eq 1 ] && [ "$(grep -c '^thread [0-3]$' <<<"$out")" -eq 4 ] && [ "$(grep -vc '^thread [0-3]$' <<<"$out")" -eq 1 ] &&
  grep -qE "^tests/data/cuda/libfail.cu:16: void assertfail\(int \*\): assertion .i != 3. failed \(thread 3 of CTA \(0,0,0\)" <<<"$out" &&
  ok simt_cuda_assert_fails_one_line || bad simt_cuda_assert_fails_one_line "exit $rc: $out"
out=$("$S" --launch tests/data/cuda/libfail.launch --entry unknownext --mech all 2>&1)
rc=$?
[ $rc -eq 2 ] && [ "$(wc -l <<<"$out")" -eq 1 ] &&
  grep -qE "^tests/data/cuda/libfail.ptx:[0-9]+: unsupported PTX: call of 'frobnicate', which the module declares but does not define \(extern\), and which is not a library function" <<<"$out" &&
  ok simt_cuda_unknown_extern_refused || bad simt_cuda_unknown_extern_refused "exit $rc: $out"
if command -v clang >/dev/null; then
  printf '#include <cuda_runtime.h>\n#include <curand_kernel.h>\n__global__ void k(int *p) { p[0] = 1; }\n' >"$T/fp16.cu"
  out=$("$S" --cuda "$T/fp16.cu" --entry _Z1kPi --mech spe 2>&1)
  rc=$?
  [ $rc -eq 2 ] && [ "$(wc -l <<<"$out")" -eq 1 ] && grep -q "fp16.cu:2: #include <curand_kernel.h>: not provided" <<<"$out" &&
    ok simt_cuda_toolkit_header_refused || bad simt_cuda_toolkit_header_refused "exit $rc: $out"
  # a kernel written for issue 25's command (no header: it declares expf
  # itself) given to --cuda: one line saying what to do, exit 2
  printf 'extern "C" __device__ float expf(float);\nextern "C" __global__ void k(float *p) { p[0] = expf(p[0]); }\n' >"$T/ownexpf.cu"
  out=$("$S" --cuda "$T/ownexpf.cu" --entry k --mech spe 2>&1)
  rc=$?
  [ $rc -eq 2 ] && [ "$(wc -l <<<"$out")" -eq 1 ] &&
    grep -q "ownexpf.cu:1: this line declares a function the project header (tb/cuda/warphw_cuda.h) defines as a macro" <<<"$out" &&
    ok simt_cuda_own_declaration_one_line || bad simt_cuda_own_declaration_one_line "exit $rc: $out"
  sed 's|^ptx libcalls.ptx|cuda libcalls.cu|' $L >tb/kernels/cuda/conformance/.t_libcalls.launch
  "$S" --launch tb/kernels/cuda/conformance/.t_libcalls.launch --mech spe >"$T/libcalls_cu.out" 2>&1
  rc=$?
  rm -f tb/kernels/cuda/conformance/.t_libcalls.launch
  [ $rc -eq 0 ] && cmp -s <(sed '/^kernel /,$d' "$T/libcalls_cu.out") "$T/libcalls.hostout" &&
    ok simt_cuda_usual_includes_compile || bad simt_cuda_usual_includes_compile "exit $rc: $(grep -m1 -E 'error|simt:' "$T/libcalls_cu.out")"
fi
# conformance/mathrest (the rest of the CUDA Math API, docs/ptx.md):
# thread 0's words 60..63, __fns on the PTX manual's four examples
# (mask 0xaaaaaaaa: base 3 offset 1 and -1, base 2 offset 1 and -1)
got=$(sed -n '125,128p' "$T/mathrest-default.ref" 2>/dev/null | tr '\n' ' ')
[ "$got" = "00000003 00000003 00000003 00000001 " ] && ok simt_cuda_fns_ptx_examples ||
  bad simt_cuda_fns_ptx_examples "got '$got'"
# quiet cycles (core.h): with the checks off the core jumps over the cycles
# in which nothing can happen; the report (json, with the access counts),
# the issue log and the exit status equal a run of every cycle
# (--set quiet_skip=off), on mostly idle launches at 001 and the default
if [ -z "$set_" ]; then
  for k in bfs treesearch; do
    for p in 001 default; do
      a=$("$S" --launch tb/kernels/cuda/$k.launch --config $p --mech spe,simt+scalar --no-check --format json --log - 2>&1; echo "rc=$?")
      b=$("$S" --launch tb/kernels/cuda/$k.launch --config $p --mech spe,simt+scalar --no-check --format json --log - --set quiet_skip=off 2>&1; echo "rc=$?")
      [ "$a" = "$b" ] && grep -q '^rc=0$' <<<"$a" && ok "simt_cuda_quiet_skip_identical_${k}_$p" ||
        bad "simt_cuda_quiet_skip_identical_${k}_$p" "$(diff <(echo "$a") <(echo "$b") | head -3 | tr '\n' '|')"
    done
  done
fi
# the same for sbi, swi and sbi+swi (their quiet hooks)
if [ -z "$set_" ]; then
  for k in bfs treesearch hotspot; do
    for p in 001 default; do
      a=$("$S" --launch tb/kernels/cuda/$k.launch --config $p --mech sbi,swi,sbi+swi --no-check --format json --log - 2>&1; echo "rc=$?")
      b=$("$S" --launch tb/kernels/cuda/$k.launch --config $p --mech sbi,swi,sbi+swi --no-check --format json --log - --set quiet_skip=off 2>&1; echo "rc=$?")
      [ "$a" = "$b" ] && grep -q '^rc=0$' <<<"$a" && ok "simt_cuda_quiet_skip_identical_sbi_swi_${k}_$p" ||
        bad "simt_cuda_quiet_skip_identical_sbi_swi_${k}_$p" "$(diff <(echo "$a") <(echo "$b") | head -3 | tr '\n' '|')"
    done
  done
fi
# the same for dpe (mech_dpe.c, dpe_quiet), and on warp/ launches at 001
if [ -z "$set_" ]; then
  for k in bfs treesearch hotspot warp/warpshfl warp/cgtile; do
    for p in 001 default; do
      case $k/$p in warp/*/default) continue ;; esac
      a=$("$S" --launch tb/kernels/cuda/$k.launch --config $p --mech dpe --no-check --format json --log - 2>&1; echo "rc=$?")
      b=$("$S" --launch tb/kernels/cuda/$k.launch --config $p --mech dpe --no-check --format json --log - --set quiet_skip=off 2>&1; echo "rc=$?")
      [ "$a" = "$b" ] && grep -q '^rc=0$' <<<"$a" && ok "simt_cuda_quiet_skip_identical_dpe_${k#warp/}_$p" ||
        bad "simt_cuda_quiet_skip_identical_dpe_${k#warp/}_$p" "$(diff <(echo "$a") <(echo "$b") | head -3 | tr '\n' '|')"
    done
  done
fi
# dwf with the checks off (its lean evaluation and edge: the update
# registers' TIDs per lane, dwf_state.ur_lt, written into the pool from there;
# the full-row passes of a candidate and a write) reports and logs what the
# checked run (the full dwf every cycle) does
if [ -z "$set_" ]; then
  for k in conv1d histogram warp/warpshfl warp/cgtile; do
    for p in 001 default; do
      case $k/$p in warp/*/default) continue ;; esac
      a=$("$S" --launch tb/kernels/cuda/$k.launch --config $p --mech dwf --format json --log - 2>&1; echo "rc=$?")
      b=$("$S" --launch tb/kernels/cuda/$k.launch --config $p --mech dwf --no-check --format json --log - 2>&1; echo "rc=$?")
      [ "$a" = "$b" ] && grep -q '^rc=0$' <<<"$a" && ok "simt_cuda_dwf_lean_same_as_checked_${k#warp/}_$p" ||
        bad "simt_cuda_dwf_lean_same_as_checked_${k#warp/}_$p" "$(diff <(echo "$a") <(echo "$b") | head -3 | tr '\n' '|')"
    done
  done
fi
# sbi and sbi+swi with the checks off (a warp whose kept ready answer has no
# split with a free unit is not tried; an idle commit after an idle one only
# counts its accesses) report and log what the checked run (every warp
# tried, every commit whole) does
if [ -z "$set_" ]; then
  for k in nw treesearch conv1d warp/warpshfl; do
    for p in 001 default; do
      case $k/$p in warp/*/default) continue ;; esac
      for m in sbi sbi+swi; do
        a=$("$S" --launch tb/kernels/cuda/$k.launch --config $p --mech $m --format json --log - 2>&1; echo "rc=$?")
        b=$("$S" --launch tb/kernels/cuda/$k.launch --config $p --mech $m --no-check --format json --log - 2>&1; echo "rc=$?")
        [ "$a" = "$b" ] && grep -q '^rc=0$' <<<"$a" && ok "simt_cuda_sbi_lean_same_as_checked_${m/+/_}_${k#warp/}_$p" ||
          bad "simt_cuda_sbi_lean_same_as_checked_${m/+/_}_${k#warp/}_$p" "$(diff <(echo "$a") <(echo "$b") | head -3 | tr '\n' '|')"
      done
    done
  done
fi
[ $nk -ge 144 ] && ok "simt_cuda_kernels_run ($nk)" || bad simt_cuda_kernels_run "only $nk kernel runs"
exit 0
