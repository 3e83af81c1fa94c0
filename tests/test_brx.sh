#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# test_brx.sh BUILD_DIR -- brx.idx, the indirect branch through a
# .branchtargets list (tests/data/ptx/brx.ptx, hand-written: clang 14 emits
# no jump tables; docs/ptx.md "brx.idx"):
# - brx_func.ptx: a guarded brx.idx in a .func inlined at two call sites;
# - entry brx (a guarded two-way brx, a six-way one in a loop whose list
#   names a label twice, two labels of one block and the reconvergence
#   point itself, a nested four-way brx.idx.uni) through every mechanism at
#   the default preset (8-thread warps) and 001 (32): every mechanism runs
#   it and matches the reference (every thread's PC sequence, registers,
#   memory), and the memory equals the value computed here by hand;
# - an index outside the list: the run stops naming the thread, the pc
#   and the line (exit 1), as a memory fault does; PTX's trap and CUDA's
#   __trap() alike;
# - a list naming an undefined label, brx.idx before its list, a list
#   without a label: one line with file:line, exit 2.
set -u
B=${1:-build}
S=$B/simt
T=$B/test/brx
P=tests/data/ptx/brx.ptx
L=tests/data/ptx/brx.launch
mkdir -p "$T"
. tests/lib.sh # ok, bad, every_mech_mem
[ -x "$S" ] || { bad brx "no $S (make $S)"; exit 0; }
mechs=$("$S" --help | awk '/^mechanisms/{f=1;next} /^--param/{f=0} f&&NF{print $1}')
nm=$(wc -w <<<"$mechs")

# the expected memory: out[t] for the 64 threads, brx.ptx's entry by hand
for t in $(seq 0 63); do
  a=0
  [ "$t" -lt 40 ] && a=$((t & 1 ? 2000 : 1000))
  for it in 0 1 2; do
    case $(((it * (t >> 2) + 5 * t + it) % 6)) in
      0) a=$(((a * 3 + (1 << (t & 3))) & 0xffffffff)) ;; # C0, then D0..D3
      1 | 5) a=$((a + 100)) ;;                            # C1 (named twice)
      2 | 3) a=$(((a ^ 85) + it)) ;;                      # C2/C2b, then Cfall
    esac                                                  # 4: Cjoin itself
    a=$((a + 7))
  done
  printf '%08x\n' "$a"
done >"$T/want.mem"

every_mech_mem brx "$S" "$L" "$nm" "$T/want.mem" "$T"

# in a .func inlined at two call sites (labels and list per site), guarded
pick() { case $1 in 0) echo 10 ;; 1) echo 20 ;; 2) echo 30 ;; *) echo 5 ;; esac; }
for t in $(seq 0 15); do printf '%08x\n' $(($(pick $((t & 3))) * 100 + $(pick $(((t >> 1) & 3))))); done >"$T/func_want.mem"
for cfg in default 001; do
  out=$("$S" --config $cfg --launch tests/data/ptx/brx_func.launch --mech all --dump-mem "$T/func_$cfg.mem" 2>&1)
  rc=$?
  [ $rc -eq 0 ] && [ "$(grep -cE "^[a-z+]+ +[0-9]" <<<"$out")" -eq "$nm" ] && grep -q "^every mechanism that ran matches" <<<"$out" &&
    cmp -s "$T/func_$cfg.mem" "$T/func_want.mem" && ok "brx_in_inlined_func_$cfg" ||
    bad "brx_in_inlined_func_$cfg" "exit $rc: $(grep -m1 -E '^simt:|cannot run' <<<"$out")"
done

# the reconvergence the lowering gives: every side of the six-way brx at
# Cjoin, of the nested four-way one at C0end
cfgout=$("$S" --show-cfg --launch $L 2>&1)
l6=$(grep -n 'brx.idx %r7, ts' $P | cut -d: -f1) l4=$(grep -n 'brx.idx.uni %r8, t2' $P | cut -d: -f1)
n6=$(grep -cE "line $l6: @%__brx[0-9]+ bra [0-9]+ \([A-Za-z0-9]+\)  reconverges at pc [0-9]+ \(Cjoin\)  \(divergent\)" <<<"$cfgout")
n4=$(grep -cE "line $l4: @%__brx[0-9]+ bra [0-9]+ \(D[0-2]\)  reconverges at pc [0-9]+ \(C0end\)  \(divergent\)" <<<"$cfgout")
[ "$n6" -eq 5 ] && [ "$n4" -eq 3 ] && ok brx_reconverges_at_post_dominator ||
  bad brx_reconverges_at_post_dominator "six-way: $n6 of 5, four-way: $n4 of 3"

# an index outside the list (thread 4 is the first), and trap
lr=$(grep -n 'brx.idx %r1, tr' $P | cut -d: -f1)
lt=$(grep -n '@%p1 trap' $P | cut -d: -f1)
for c in "range:4:brx.ptx:$lr\\): brx.idx index 4 outside its .branchtargets list of 4" "trapped:3:brx.ptx:$lt\\): trap"; do
  e=${c%%:*} w=${c#*:}
  out=$("$S" --launch $L --entry "$e" --mech all 2>&1)
  rc=$?
  [ $rc -eq 1 ] && [ "$(wc -l <<<"$out")" -eq 1 ] &&
    grep -qE "^thread ${w%%:*} of CTA \(0,0,0\): pc [0-9]+ \(tests/data/ptx/${w#*:}$" <<<"$out" &&
    ok "brx_${e}_stops" || bad "brx_${e}_stops" "exit $rc: $out"
done

# CUDA's __trap() (the header: PTX's trap), clang installed
if command -v clang >/dev/null; then
  printf 'extern "C" __global__ void k(int *p) { if (threadIdx.x == 5) __trap(); p[threadIdx.x] = 1; }\n' >"$T/trap.cu"
  printf 'cuda trap.cu\nentry k\ngrid 1 1 1\nblock 8 1 1\nmem_bytes 64\nbuffer p 0 64\nparam u64 0 p\n' >"$T/trap.launch"
  out=$("$S" --launch "$T/trap.launch" --mech all 2>&1)
  rc=$?
  [ $rc -eq 1 ] && [ "$(wc -l <<<"$out")" -eq 1 ] && grep -qE "^thread 5 of CTA \(0,0,0\): pc [0-9]+ \(.*trap.cu:[0-9]+\): trap$" <<<"$out" &&
    ok brx_cuda_trap_stops || bad brx_cuda_trap_stops "exit $rc: $out"
fi

# refusals: one line, file:line, exit 2
lu=$(grep -n 'Unowhere;' $P | cut -d: -f1) lb=$(grep -n 'brx.idx %r1, tb' $P | cut -d: -f1)
for c in "undef:$lu: undefined label 'Unowhere'" "before:$lb: unsupported PTX: brx.idx on 'tb', not a .branchtargets list declared before it"; do
  e=${c%%:*}
  out=$("$S" --launch $L --entry "$e" --mech all 2>&1)
  rc=$?
  [ $rc -eq 2 ] && [ "$out" = "$P:${c#*:}" ] && ok "brx_${e}_refused" || bad "brx_${e}_refused" "exit $rc: $out"
done
Ta=$(cd "$T" && pwd)
sed 's/^tu: \.branchtargets/\t.branchtargets/' $P >"$Ta/nolabel.ptx"
sed "s|^ptx .*|ptx $Ta/nolabel.ptx|" $L >"$Ta/nolabel.launch"
out=$("$S" --launch "$Ta/nolabel.launch" --entry undef --mech spe 2>&1)
rc=$?
[ $rc -eq 2 ] && [ "$out" = "$Ta/nolabel.ptx:$lu: .branchtargets without a label naming the list" ] &&
  ok brx_list_without_label_refused || bad brx_list_without_label_refused "exit $rc: $out"
exit 0
