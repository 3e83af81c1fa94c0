#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# test_simt_cuda_persist.sh BUILD_DIR -- persistent-block and block-uniform
# work-queue kernels (tb/kernels/cuda/persist, docs/ptx.md "Block-uniform
# values in shared memory"): tests/test_simt_cuda.sh's checks on them
# (every mechanism at the default preset and 000..004 (make test: the default and one of them, cuda_small.sh round_presets), the reference
# against each kernel's host reference), then:
# - an answer known without the host for pq_break (the items the blocks
#   took: the batches' lengths summed) and pq_tiles (each job's total is
#   the sum of its filtered elements);
# - pq_vol and own_pqueue read the broadcast word through
#   `volatile __shared__` (ld.volatile.shared): refused before ("barrier
#   under divergent control: the condition is loaded from shared memory"),
#   they run now; the rows above fail on the old analysis;
# - a planted race on the broadcast word (tests/data/cuda/pq_race): a
#   thread stores to it in the same barrier interval as the reads, before
#   them or after them.  The reference stops the run with one line naming
#   the load or the store and exit 1 (tb/simt/ref_shuni.c), never a
#   mechanism's mismatch; the same store to another word runs and matches;
# - each kernel compiled again at -O0 (clang installed; -O1 and -O3 as
#   well with SIMT_CUDA_PRESETS set, make regress), every mechanism
#   against the host reference.
set -u
. tests/cuda_small.sh # realworld_round, same_as_host, AWK_HEX, small[]
realworld_round persist "$@" # B S T D O, ok and bad; test_simt_cuda.sh on the set

# the reference's other thread and CTA orders ran to the end on every
# kernel at every preset (no "order: not checked: ... stopped" note: the
# check keeps each CTA's intervals apart when the reference interleaves
# CTAs, each with its own shared memory)
r=$(grep -l "^order: not checked" "$O"/*.out 2>/dev/null | xargs -r -n1 basename | paste -sd' ')
[ -z "$r" ] && ok simt_cuda_persist_orders_checked || bad simt_cuda_persist_orders_checked "$r"

# pq_break: len (lines 1-23), in (24-943), head (944), out (945-1864),
# total (1865-1866): the items taken are the batches' lengths (len % 41)
# summed, the total the sum of every batch's outputs
f=$O/pq_break-default.ref
r=$(awk "$AWK_HEX"' { w[NR] = hex($1) }
     END { for (b = 0; b < 23; b++) { c = w[1 + b] % 41; items += c
         for (i = 0; i < c; i++) sum += w[945 + 40 * b + i] }
       if (w[1866] != items || w[1865] != sum % 4294967296) bad = " items " w[1866] "/" items " sum " w[1865] "/" sum
       if (w[944] != 25) bad = bad " head " w[944]
       print bad == "" ? "ok" : bad }' "$f")
[ "$r" = ok ] && ok simt_cuda_pq_break_items || bad simt_cuda_pq_break_items "${r:0:200}"

# pq_tiles: desc (lines 1-22), data (23-630), out (631-2038), tot
# (2039-2049): job j filters data[first .. first + count) (each word
# shifted right by 12, arithmetic) with the taps 1 2 1 (zeros past its
# ends); its total is the filtered values' sum
f=$O/pq_tiles-default.ref
r=$(awk "$AWK_HEX"' { w[NR] = hex($1) }
     function s32(x) { return x >= 2147483648 ? x - 4294967296 : x }
     function d(j, e) { return e < 0 || e >= cnt ? 0 : int((s32(w[23 + fst + e]) + 2 ^ 31) / 4096) - 2 ^ 19 }
     END { for (j = 0; j < 11; j++) { fst = w[1 + 2 * j] % 512; cnt = w[2 + 2 * j] % 97; s = 0
         for (e = 0; e < cnt; e++) { v = d(j, e - 1) + 2 * d(j, e) + d(j, e + 1)
           if (s32(w[631 + 128 * j + e]) != v) bad = bad " out" j "." e
           s += v }
         if (s32(w[2039 + j]) != s) bad = bad " tot" j
         if (cnt > 24) many++ }
       if (many < 3) bad = bad " too few multi-tile jobs"
       print bad == "" ? "ok" : bad }' "$f")
[ "$r" = ok ] && ok simt_cuda_pq_tiles_totals || bad simt_cuda_pq_tiles_totals "${r:0:200}"

# the planted race (who, slot, after): thread who stores n to
# sh[(in[who] + slot) % 64], in[] an index ramp
L=tests/data/cuda/pq_race.launch P=tests/data/cuda/pq_race.ptx
race() { # who slot after [args...]: out, rc
  local who=$1 slot=$2 after=$3
  shift 3
  out=$("$S" --launch "$L" --launch-set "param 4=$who" --launch-set "param 5=$slot" \
    --launch-set "param 6=$after" --mech all "$@" 2>&1)
  rc=$?
}
# the load of sh[0] and the stores to it, by their PTX lines
ll=$(grep -n 'ld.shared.u32.*\[_ZZ7pq_raceE2sh\];' $P | cut -d: -f1 | paste -sd'|')
sl=$(grep -n 'st.shared.u32.*\[%rd[0-9]*\],' $P | cut -d: -f1 | paste -sd'|')
race 0 0 0 # thread 0 writes sh[0] before the reads
[ $rc -eq 1 ] && [ "$(wc -l <<<"$out")" -eq 1 ] &&
  grep -qE "^$P:($ll): thread [0-9]+ reads shared byte 0, which another thread wrote in the same barrier interval \(line ($sl)\), by a load the divergence analysis takes as uniform" <<<"$out" &&
  ok simt_cuda_pq_race_store_before_stops || bad simt_cuda_pq_race_store_before_stops "exit $rc: ${out:0:300}"
race 63 1 1 # thread 63 writes sh[0] after every thread's read
[ $rc -eq 1 ] && [ "$(wc -l <<<"$out")" -eq 1 ] &&
  grep -qE "^$P:($sl): thread 63 writes shared byte 0, which another thread read in the same barrier interval by a load the divergence analysis takes as uniform" <<<"$out" &&
  ok simt_cuda_pq_race_store_after_stops || bad simt_cuda_pq_race_store_after_stops "exit $rc: ${out:0:300}"
for a in "5 0 0" "63 2 1"; do # the same stores to another word: race-free
  race $a
  [ $rc -eq 0 ] && grep -q "^every mechanism that ran matches" <<<"$out" && ! grep -q "cannot run\|^order: not checked" <<<"$out" &&
    ok "simt_cuda_pq_race_free_${a// /_}" || bad "simt_cuda_pq_race_free_${a// /_}" "exit $rc: $(grep -m1 '^simt:\|: ' <<<"$out")"
done

# every kernel at -O0 (and -O1, -O3 in make regress; sm_70): every
# mechanism at the default preset, the reference equal to the host reference
if command -v clang >/dev/null; then
  for cu in "$D"/*.cu; do
    k=$(basename "$cu" .cu)
    hdr=(-ffp-contract=off -Itb/cuda/include -include tb/cuda/warphw_cuda.h)
    case $k in own_*) hdr=();; esac
    "$B/cuda_host/$k" --launch "${cu%.cu}.launch" --dump-mem "$T/$k.host" >/dev/null 2>&1 ||
      { bad "simt_cuda_${k}_host"; continue; }
    for o in O0 ${SIMT_CUDA_PRESETS:+O1 O3}; do
      v=$T/$k-$o
      if ! clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_70 -nocudainc -nocudalib -$o -S "${hdr[@]}" \
           -o "$v.ptx" "$cu" 2>"$v.log"; then bad "simt_cuda_${k}_$o" "clang: $(head -n 1 "$v.log")"; continue; fi
      sed -e "s|^ptx .*|ptx $(cd "$T" && pwd)/$k-$o.ptx|" "${cu%.cu}.launch" >"$v.launch"
      out=$("$S" --launch "$v.launch" --mech all --dump-mem "$v.ref" 2>&1)
      rc=$?
      [ $rc -eq 0 ] && grep -q "^every mechanism that ran matches" <<<"$out" && same_as_host "$v.ref" "$T/$k.host" &&
        ok "simt_cuda_${k}_$o" ||
        bad "simt_cuda_${k}_$o" "exit $rc: $(grep -m1 '^simt:\|: \|cannot' <<<"$out" || echo "memory differs from the host reference")"
    done
  done
fi
exit 0
