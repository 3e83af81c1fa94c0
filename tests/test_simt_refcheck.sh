#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# test_simt_refcheck.sh BUILD_DIR -- the reference's order taint made sound
# (tb/simt/ref_taint.c's header, docs/ptx.md "The order taint made sound"):
# - tests/data/cuda/orderwide: stores a legal order makes and no reference
#   order does (the side of a branch on an exch's value, an address from
#   it, shared memory read back, a byte read before its tainted write):
#   every mechanism matches at every preset, and each widening planted off
#   (--inject-fault taint@K) makes spe fail on its own byte (before the
#   rule: every mechanism but lwm failed on out[8], byte 288);
# - tests/data/cuda/orderagree: the reference's orders agree on every byte
#   and the taint runs all the same (taint@4: the old trigger, spe fails);
# - realworld5's histo8: a cas retry loop (a read-modify-write) keeps its
#   histogram compared (taint@6: no retry loops, its bytes are left out);
# - a sequence's summary says per entry what is not compared: sptrsv's
#   sweeps only registers (memory compared whole), hashcas64's insert bytes
#   of memory and the flow;
# - the plain-load seed (docs/ptx.md "The plain-load seed"): uf_hook,
#   uf_grid, loadrace reported (each failed every mechanism before),
#   uf_phased and histogram compared, histo8's guess loads compared, each
#   rule planted off (--inject-fault hook@K, fault kind 17);
# - an atomic's result from tainted bytes (docs/ptx.md "An atomic reads
#   tainted bytes"): tests/data/cuda/atomtaint reported at every preset,
#   atom@1 (fault kind 18) brings back the mechanisms' failure; --mem-peak
#   counts the atomics map (atom@2: not counted), which follows the bytes
#   atomics write, not the grid (tests/data/cuda/ghist at 8 and 64 CTAs).
set -u
B=${1:-build}
S=$B/simt
D=tests/data/cuda
ok() { echo "ok $1"; }
bad() { echo "FAIL $1${2:+: $2}"; }
[ -x "$S" ] || { bad simt_refcheck "no $S (make $S)"; exit 0; }
MATCH="^every mechanism that ran matches the reference"

for k in orderwide orderagree; do
  for cfg in default 000 001 002 003 004; do
    out=$("$S" --config $cfg --launch $D/$k.launch --mech all 2>&1)
    rc=$?
    [ $rc -eq 0 ] && grep -q "$MATCH" <<<"$out" &&
      grep -qE "^order: ORDER-DEPENDENT \(who won a cas or exch\): [1-9][0-9]* more bytes" <<<"$out" &&
      ok "simt_refcheck_${k}_$cfg" || bad "simt_refcheck_${k}_$cfg" "exit $rc: $(grep -m1 -E '^simt:|^order' <<<"$out")"
  done
done

# each rule planted off: spe fails on the byte only that rule covers
# (orderwide: 800 viash[8] (sh[8], a region's shared store), 544 sel[8]
# (an address from the value), 864 viash[24] (sh2[8], a shared store at an
# address computed in the region), 1792 out3[0] (read before the tainted
# write); orderagree: 288 out[8], the region's store, and the trigger)
for kf in orderwide:1:800 orderwide:2:544 orderwide:3:864 orderwide:5:1792 orderagree:1:288 orderagree:4:288; do
  IFS=: read -r k f byte <<<"$kf"
  out=$("$S" --launch $D/$k.launch --mech spe --inject-fault taint@$f 2>&1)
  rc=$?
  [ $rc -ne 0 ] && grep -q "^simt: $D/$k.ptx: spe: global byte $byte " <<<"$out" &&
    ok "simt_refcheck_${k}_fault_$f" || bad "simt_refcheck_${k}_fault_$f" "exit $rc: $(grep -m1 -E '^simt:|^every' <<<"$out")"
done

# histo8: the cas retry loop is a read-modify-write, the histogram compared
L=tb/kernels/cuda/realworld5/histo8.launch
out=$("$S" --launch $L --mech spe 2>&1)
out6=$("$S" --launch $L --mech spe --inject-fault taint@6 2>&1)
grep -q "^order: order-independent memory" <<<"$out" && ! grep -q "who won a cas" <<<"$out" && grep -q "$MATCH" <<<"$out" &&
  grep -qE "^order: ORDER-DEPENDENT \(who won a cas or exch\): [1-9][0-9]* more bytes" <<<"$out6" &&
  ok simt_refcheck_histo8_retry_loop || bad simt_refcheck_histo8_retry_loop "$(grep -m1 'who won' <<<"$out")|$(grep -c 'who won' <<<"$out6")"

# a sequence's summary: what is not compared, by entry
out=$("$S" --launch tb/kernels/cuda/realworld9/sptrsv.launch --mech spe 2>&1)
grep -qE "^order: [1-9][0-9]* of the [0-9]+ launches are order-dependent" <<<"$out" &&
  grep -qE "^order:   trsv_sweep \([0-9]+ launches\): not compared: some final registers \(a race\); global memory compared whole$" <<<"$out" &&
  ! grep -q "bytes of global memory" <<<"$out" &&
  ok simt_refcheck_seq_registers_only || bad simt_refcheck_seq_registers_only "$(grep '^order' <<<"$out" | head -3)"
out=$("$S" --launch tb/kernels/cuda/realworld9/hashcas64.launch --mech spe 2>&1)
grep -q "^order: 1 of the 3 launches are order-dependent" <<<"$out" &&
  grep -qE "^order:   ht_insert \(1 launch\): not compared: up to [1-9][0-9]* bytes of global memory; PC sequences, instruction counts and final registers$" <<<"$out" &&
  ok simt_refcheck_seq_memory_and_flow || bad simt_refcheck_seq_memory_and_flow "$(grep '^order' <<<"$out" | head -3)"

# clang -O0's retry loops (2026-11-30): the loop's variables live in the
# stack frame.  histo8 at -O0: its frame slots are dead after the loop, so
# it is a read-modify-write and the histogram (7,024 bytes) is compared
# (taint@7: frame stores not allowed in a retry loop, the bytes left out
# as before); ticket_O0: the slot of `assumed` is read after the loop, so
# it is no retry loop and its bytes stay left out (taint@8: the slots'
# liveness not checked, the loop taken as one and the "who won" bytes gone)
L=tests/data/cuda/histo8_O0.launch
out=$("$S" --launch $L --mech all 2>&1)
out7=$("$S" --launch $L --mech spe --inject-fault taint@7 2>&1)
grep -q "^order: order-independent memory" <<<"$out" && ! grep -q "who won a cas" <<<"$out" && grep -q "$MATCH" <<<"$out" &&
  grep -qE "^order: ORDER-DEPENDENT \(who won a cas or exch\): 7024 more bytes" <<<"$out7" &&
  ok simt_refcheck_histo8_O0_retry_loop_in_frame || bad simt_refcheck_histo8_O0_retry_loop_in_frame "$(grep -m1 'who won\|^simt:' <<<"$out")|$(grep -c 'who won' <<<"$out7")"
L=tests/data/cuda/ticket_O0.launch
out=$("$S" --launch $L --mech all 2>&1)
out8=$("$S" --launch $L --mech spe --inject-fault taint@8 2>&1)
grep -q "$MATCH" <<<"$out" && grep -qE "^order: ORDER-DEPENDENT \(who won a cas or exch\): [1-9][0-9]* more bytes" <<<"$out" &&
  ! grep -q "who won a cas" <<<"$out8" &&
  ok simt_refcheck_ticket_O0_slot_live_after_loop || bad simt_refcheck_ticket_O0_slot_live_after_loop "$(grep -m1 '^simt:' <<<"$out")|$(grep -c 'who won' <<<"$out8")"

# The plain-load seed (2026-11-30, unionfind; ref_taint.c's header, docs/ptx.md
# "The plain-load seed"): a plain load of bytes another thread's atomic
# writes with no barrier between them (another CTA's: in any phase) is
# order-dependent, and so is what it reaches.  uf_hook (union-find hooking
# into parent[] with atomicMin while other threads walk it), uf_grid (the
# same across CTAs, each CTA's walks and hooks kept apart by barriers) and
# loadrace (every reference order reads the same value, the flow after it
# differs on an SM): every mechanism matches at every preset and the bytes
# are left out (before: every mechanism failed, spe on uf_hook's parent[1],
# byte 260, uf_grid's roots[47], byte 948, and loadrace's thread 8)
for kn in uf_hook:44 uf_grid:64 loadrace:4; do
  IFS=: read -r k n <<<"$kn"
  for cfg in default 000 001 002 003 004; do
    out=$("$S" --config $cfg --launch $D/$k.launch --mech all 2>&1)
    rc=$?
    [ $rc -eq 0 ] && grep -q "$MATCH" <<<"$out" &&
      grep -q "^order: ORDER-DEPENDENT (a plain load races an atomic): $n more bytes" <<<"$out" &&
      ok "simt_refcheck_${k}_$cfg" || bad "simt_refcheck_${k}_$cfg" "exit $rc: $(grep -m1 -E '^simt:|^order: ORDER-DEPENDENT \(a' <<<"$out")"
  done
done
out=$("$S" --launch $D/loadrace.launch --mech spe 2>&1)
grep -q "^order: order-independent memory" <<<"$out" &&
  grep -q "^order: ORDER-DEPENDENT flow (a plain load reads bytes another thread's atomic writes" <<<"$out" &&
  ok simt_refcheck_loadrace_flow_line || bad simt_refcheck_loadrace_flow_line "$(grep -m2 '^order' <<<"$out" | tr '\n' '|')"

# each rule planted off (--inject-fault hook@K, fault kind 17): 1 no seed
# (uf_hook: spe fails on parent[1] as before), 2 not across CTAs (uf_grid:
# roots[47]), 3 the flow compared after a seeded load (loadrace: thread 8's
# PC sequence)
for kf in "uf_hook:1:global byte 260 " "uf_grid:2:global byte 948 " "loadrace:3:thread 8: instruction #"; do
  IFS=: read -r k f what <<<"$kf"
  out=$("$S" --launch $D/$k.launch --mech spe --inject-fault hook@$f 2>&1)
  rc=$?
  [ $rc -ne 0 ] && grep -q "^simt: $D/$k.ptx: spe: $what" <<<"$out" &&
    ok "simt_refcheck_${k}_hook_fault_$f" || bad "simt_refcheck_${k}_hook_fault_$f" "exit $rc: $(grep -m1 -E '^simt:|^every' <<<"$out")"
done

# what a barrier orders stays compared: uf_phased (the same union-find,
# walks, hooks into hook[] and links in phases of their own) and the
# histogram (shared bins read after the barrier that ends their atomics)
# have no seeded load; hook@4 (every phase conflicts) would leave their
# bytes out
for L in $D/uf_phased.launch tb/kernels/cuda/histogram.launch; do
  k=$(basename $L .launch)
  out=$("$S" --launch $L --mech all 2>&1)
  out4=$("$S" --launch $L --mech spe --inject-fault hook@4 2>&1)
  grep -q "$MATCH" <<<"$out" && grep -q "^order: order-independent memory" <<<"$out" &&
    ! grep -q "a plain load" <<<"$out" &&
    grep -qE "^order: ORDER-DEPENDENT \(a plain load races an atomic\): [1-9][0-9]* more bytes" <<<"$out4" &&
    ok "simt_refcheck_${k}_barrier_orders" || bad "simt_refcheck_${k}_barrier_orders" "$(grep -m1 -E '^simt:|a plain load' <<<"$out")|$(grep -c 'a plain load' <<<"$out4")"
done

# histo8's guess loads (`old = *w` before each cas retry loop) race other
# threads' cas: seeded; the saturation test on the guess is a branch inside
# the retry loop, part of the read-modify-write, and its bins stay
# compared (the first row above); hook@5 (such a branch taints control)
# leaves its 956 bytes out
out=$("$S" --launch tb/kernels/cuda/realworld5/histo8.launch --mech spe --inject-fault hook@5 2>&1)
grep -qE "^order: ORDER-DEPENDENT \(who won a cas or exch\): 956 more bytes" <<<"$out" &&
  ok simt_refcheck_histo8_hook_fault_5 || bad simt_refcheck_histo8_hook_fault_5 "$(grep -m1 -E '^order: ORDER-DEPENDENT \(|^simt:' <<<"$out")"

# An atomic's result from tainted bytes (2026-11-30, reftaint; ref_taint.c's
# header, docs/ptx.md "An atomic reads tainted bytes"): atomtaint reads a
# word a cas's winner sets back through atomicAdd(p, 0), after a barrier,
# and stores what it got (out[t]) and, when not 0, a flag (out2[t]).  Every
# reference order leaves the word 0; an SM's first warp to the cas is warp
# 1 (default preset).  Every mechanism matches at every preset with the
# 136 bytes left out (before: spe failed on out[0], byte 256, at the default
# preset, dwf at 000..004); atom@1 (fault kind 18: the atomic's result not
# tainted by the bytes it reads) brings that failure back
for cfg in default 000 001 002 003 004; do
  out=$("$S" --config $cfg --launch $D/atomtaint.launch --mech all 2>&1)
  rc=$?
  [ $rc -eq 0 ] && grep -q "$MATCH" <<<"$out" &&
    grep -q "^order: ORDER-DEPENDENT (who won a cas or exch): 136 more bytes" <<<"$out" &&
    ok "simt_refcheck_atomtaint_$cfg" || bad "simt_refcheck_atomtaint_$cfg" "exit $rc: $(grep -m1 -E '^simt:|^order: ORDER-DEPENDENT \(' <<<"$out")"
done
out=$("$S" --launch $D/atomtaint.launch --mech spe --inject-fault atom@1 2>&1)
rc=$?
[ $rc -ne 0 ] && grep -q "^simt: $D/atomtaint.ptx: spe: global byte 256 " <<<"$out" &&
  ok simt_refcheck_atomtaint_atom_fault_1 || bad simt_refcheck_atomtaint_atom_fault_1 "exit $rc: $(grep -m1 -E '^simt:|^every' <<<"$out")"

# --mem-peak counts the plain-load seed's atomics map (ref.h refp_mem_peak,
# kind 2): uf_hook (atomics and plain loads) builds it, orderagree (no
# plain load of global or shared memory) does not; the per-thread figure
# is not where it goes.  atom@2 (the map not counted) shows 0 for uf_hook
peak() { sed -n 's/^mem_peak: order taint.s atomics map \([0-9]*\) bytes .*/\1/p' <<<"$1"; }
a=$(peak "$("$S" --launch $D/uf_hook.launch --mech spe --mem-peak 2>&1)")
b=$(peak "$("$S" --launch $D/orderagree.launch --mech spe --mem-peak 2>&1)")
[ -n "$a" ] && [ -n "$b" ] && [ "$a" -gt 0 ] && [ "$b" -eq 0 ] &&
  ok "simt_refcheck_mem_peak_atomics_map ($a bytes for uf_hook, $b for orderagree)" ||
  bad simt_refcheck_mem_peak_atomics_map "uf_hook '${a}', orderagree '${b}'"
a2=$(peak "$("$S" --launch $D/uf_hook.launch --mech spe --mem-peak --inject-fault atom@2 2>&1)")
[ "$a2" = 0 ] && [ -n "$a" ] && [ "$a" != 0 ] && ok simt_refcheck_mem_peak_atom_fault_2_seen ||
  bad simt_refcheck_mem_peak_atom_fault_2_seen "with atom@2: '${a2}', without: '${a}'"
# each CTA's own shared bytes are bytes of their own: histogram (every
# CTA adds into its own shared bins, then into hist[]) grows from 3 CTAs
# to 16 with its shared bins
h3=$(peak "$("$S" --launch tb/kernels/cuda/histogram.launch --mech spe --mem-peak 2>&1)")
h16=$(peak "$("$S" --launch tb/kernels/cuda/histogram.launch --grid 16 --mech spe --mem-peak 2>&1)")
[ -n "$h3" ] && [ -n "$h16" ] && [ "$h3" -gt 0 ] && [ "$h16" -gt "$h3" ] &&
  ok "simt_refcheck_mem_peak_atomics_map_grows_with_ctas ($h3 -> $h16 bytes)" ||
  bad simt_refcheck_mem_peak_atomics_map_grows_with_ctas "'${h3}' -> '${h16}'"
# a global byte that atomics of two CTAs write needs no list (ref_taint.c
# refp_am_record): ghist (every CTA adds the same 4,096 bytes of hist[]
# with global atomics, no shared bins) takes the same map at 8 CTAs and 64
# (before: an entry per byte and CTA, 1,048,648 -> 6,553,672 bytes), and
# its 1,024 bins take more than the map's least (uf_hook's)
g8=$(peak "$("$S" --launch $D/ghist.launch --mech spe --mem-peak 2>&1)")
g64=$(peak "$("$S" --launch $D/ghist.launch --grid 64 --mech spe --mem-peak 2>&1)")
[ -n "$g8" ] && [ -n "$g64" ] && [ -n "$a" ] && [ "$g8" -gt "$a" ] && [ "$g64" -eq "$g8" ] &&
  ok "simt_refcheck_mem_peak_atomics_map_flat_in_grid ($g8 -> $g64 bytes)" ||
  bad simt_refcheck_mem_peak_atomics_map_flat_in_grid "'${g8}' -> '${g64}' (uf_hook '${a}')"
