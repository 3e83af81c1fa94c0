#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# test_cuda_kernels.sh BUILD_DIR -- the project's CUDA kernels
# (tb/kernels/cuda/) through the PTX front end and the reference on prog
# (build/ptxref, plain and under ASan), each compared word for word with
# its host reference (build/cuda_host/NAME: the same source compiled for
# the host); a corrupted expectation must be caught; the committed PTX must
# be what clang makes of the source today (when clang is installed); bad
# launch files and bad PTX: one line "file:line: ...", exit 2; an access
# outside every buffer: thread, PC, PTX line, address, exit 1.
set -u
B=${1:-build}
T=$B/test/cuda
mkdir -p "$T"
Ta=$(cd "$T" && pwd) # absolute (B may be relative)
ok() { echo "ok $1"; }
bad() { echo "FAIL $1${2:+: $2}"; }
K=tb/kernels/cuda
# every single-launch kernel directory, by glob, so a new round is covered
# without an edit here (multi/'s sequences have their own test; persist/:
# the persistent-block work queues; forret/: loops left only by a return)
CUS=("$K"/*.cu "$K"/conformance/*.cu "$K"/realworld*/*.cu "$K"/realworld*/warp/*.cu "$K"/warp/*.cu "$K"/persist/*.cu "$K"/forret/*.cu)

for cu in "${CUS[@]}"; do
  k=$(basename "$cu" .cu)
  if ! "$B/cuda_host/$k" --launch "${cu%.cu}.launch" --dump-mem "$T/$k.host" >"$T/$k.host.log" 2>&1; then
    bad "cuda_${k}_host_reference" "$(head -n 1 "$T/$k.host.log")"; continue
  fi
  # a host reference of all zeros would make the comparison empty
  if ! grep -qv '^00000000$' "$T/$k.host"; then bad "cuda_${k}_host_reference" "all zero"; continue; fi
  for v in "" asan/; do
    out=$("$B/${v}ptxref" --launch "${cu%.cu}.launch" --expect "$T/$k.host" 2>&1)
    if [ $? -eq 0 ] && grep -q "^ptxref: equal to" <<<"$out"; then ok "cuda_${k}_${v%/}${v:+_}ptx_equals_host"
    else bad "cuda_${k}_${v%/}${v:+_}ptx_equals_host" "$(tail -n 1 <<<"$out")"; fi
  done
  # the comparison catches a difference: flip one bit of a non-zero word
  awk 'BEGIN { done = 0 } !done && $1 != "00000000" { d = substr($1, 8, 1); i = index("0123456789abcdef", d) - 1;
       $1 = substr($1, 1, 7) substr("1032547698badcfe", i + 1, 1); done = 1 } { print }' "$T/$k.host" >"$T/$k.bad"
  out=$("$B/ptxref" --launch "${cu%.cu}.launch" --expect "$T/$k.bad" 2>&1)
  if [ $? -eq 1 ] && grep -q "^ptxref: DIFFERENT at byte" <<<"$out"; then ok "cuda_${k}_difference_caught"
  else bad "cuda_${k}_difference_caught" "$(tail -n 1 <<<"$out")"; fi
done

# the committed PTX is clang's output for today's source and header
if command -v clang >/dev/null; then
  for cu in "${CUS[@]}"; do
    k=$(basename "$cu" .cu)
    # realworld*/own_*: their own prelude, issue 25's command as it stands
    hdr=(-ffp-contract=off -Itb/cuda/include -include tb/cuda/warphw_cuda.h)
    case $cu in */own_*) hdr=();; esac
    if clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_70 -nocudainc -nocudalib -O2 -S \
         "${hdr[@]}" -o "$T/$k.ptx" "$cu" 2>"$T/$k.clang.log" &&
       cmp -s "$T/$k.ptx" "${cu%.cu}.ptx"; then ok "cuda_${k}_committed_ptx_current"
    else bad "cuda_${k}_committed_ptx_current" "run make kernels"; fi
  done
  # --cuda path of the launch file: compile on the fly, same result
  sed 's/^ptx bitonic.ptx/cuda bitonic.cu/' "$K/bitonic.launch" >"$K/.t_cuda.launch"
  out=$("$B/ptxref" --launch "$K/.t_cuda.launch" --expect "$T/bitonic.host" 2>&1)
  if [ $? -eq 0 ] && grep -q "^ptxref: equal" <<<"$out"; then ok "cuda_launch_compiles_cu"
  else bad "cuda_launch_compiles_cu" "$(tail -n 1 <<<"$out")"; fi
  rm -f "$K/.t_cuda.launch"
  printf 'extern "C" __global__ void k(int *p) { p[0] = undefined_name; }\n' >"$T/bad.cu"
  out=$("$B/ptxref" --cuda "$T/bad.cu" --entry k --params "u64 0" 2>&1)
  if [ $? -eq 2 ] && [ "$(wc -l <<<"$out")" -eq 1 ] && grep -q "bad.cu:1:.*error" <<<"$out"; then ok "cuda_clang_error_one_line"
  else bad "cuda_clang_error_one_line" "$out"; fi
fi

# bad launch files and bad PTX: one line naming file:line, exit 2
printf '.version 7.0\n.target sm_70\n.address_size 64\n.visible .entry k() {\n\tshfl.idx.b32 %%r1, %%r2, 0, 31;\n}\n' >"$T/t.ptx"
L=$T/bad.launch
expect2() { # label, grep pattern, ptxref args...
  local label=$1 pat=$2; shift 2
  local out rc
  out=$("$B/ptxref" "$@" 2>&1)
  rc=$?
  if [ $rc -eq 2 ] && [ "$(wc -l <<<"$out")" -eq 1 ] && grep -q -- "$pat" <<<"$out"; then ok "$label"
  else bad "$label" "exit $rc: $out"; fi
}
base() { sed "s|^ptx .*|ptx $PWD/$K/histogram.ptx|; s|^mem_init .*||" "$K/histogram.launch"; }
base | sed 's/^grid 3/grid x/' >"$L"; expect2 launch_bad_grid "bad.launch:4: bad grid dimension 'x'" --launch "$L"
base | sed 's/^entry histogram/entry nosuch/' >"$L"; expect2 launch_unknown_entry "bad.launch:3: no .entry 'nosuch' (entries: histogram)" --launch "$L"
base | sed '/^param s32 3000/d' >"$L"; expect2 launch_param_count "bad.launch:.*takes 3 parameters, the launch gives 2" --launch "$L"
base | sed 's/^param s32 3000/param f32 3000/' >"$L"; expect2 launch_param_type "bad.launch:11: parameter 2 .* is u32 in the PTX, not f32" --launch "$L"
base | sed 's/^param s32 3000/param u64 3000/' >"$L"; expect2 launch_param_size "bad.launch:11: parameter 2 .* is u32 in the PTX, not u64" --launch "$L"
base | sed 's/^block 128/block 2048/' >"$L"; expect2 launch_block_too_large "bad.launch:5: block of 2048 threads" --launch "$L"
base | sed 's/^block 128/block 128 1 1 1/' >"$L"; expect2 launch_block_four_dims "bad.launch:5: block takes 1 to 3 numbers" --launch "$L"
base | sed 's/^grid 3/grid 3 70000/' >"$L"; expect2 launch_grid_too_large "bad.launch:4: grid dimension y = 70000" --launch "$L"
base | sed 's/^buffer hist 3072 256/buffer hist 4000 256/' >"$L"; expect2 launch_buffer_outside "bad.launch:8: buffer 'hist' .* outside mem_bytes 4096" --launch "$L"
base | sed 's/^buffer hist 3072 256/buffer hist 3000 256/' >"$L"; expect2 launch_buffer_overlap "bad.launch:8: buffer 'hist' overlaps 'data'" --launch "$L"
base | sed 's/^mem_bytes 4096/mem_bytes 4095/' >"$L"; expect2 launch_mem_bytes "bad.launch:6: mem_bytes takes" --launch "$L"
base | sed 's/^grid 3/gird 3/' >"$L"; expect2 launch_unknown_key "bad.launch:4: unknown key 'gird'" --launch "$L"
base | sed 's/^param u64 hist/param u64 nosuchbuffer/' >"$L"; expect2 launch_bad_value "bad.launch:10: bad integer 'nosuchbuffer'" --launch "$L"
base | sed 's/^param s32 3000/param s32 3000000000/' >"$L"; expect2 launch_value_range "bad.launch:11: 3000000000 does not fit a s32" --launch "$L"
base >"$L"; printf 'mem_init %s\n' "$Ta/bad.mem" >>"$L"; printf '00000001\nzz\n' >"$T/bad.mem"
expect2 launch_bad_mem_init "bad.mem:2: expected one 32-bit hex word" --launch "$L"
base >"$L"; expect2 launch_flag_override "--grid: bad grid dimension '0'" --launch "$L" --grid 0
expect2 launch_bad_flag "unknown key 'bogus'" --launch "$L" --bogus 1
expect2 launch_missing_file "nosuch.launch: cannot open" --launch "$T/nosuch.launch"
expect2 launch_set_bad_key "--launch-set: unknown key 'gird'" --launch "$L" --launch-set "gird 2"
expect2 launch_twice "--launch: given twice" --launch "$L" --launch "$L"
expect2 ptx_unsupported "t.ptx:5: unsupported PTX: shfl without .sync" --ptx "$T/t.ptx" --entry k

hs() { sed "s|^ptx .*|ptx $PWD/$K/hotspot.ptx|" "$K/hotspot.launch"; }
hs | sed 's/^param bytes .*/param bytes 0011 coeffs/' >"$L"
expect2 launch_aggregate_size "bad.launch:14: parameter 4 ('hotspot_param_4') is a 20-byte aggregate (param bytes HEX) in the PTX, not 2 bytes" --launch "$L"
hs | sed 's/^param bytes .*/param f32 1.0/' >"$L"
expect2 launch_aggregate_scalar "bad.launch:14: parameter 4 .* is a 20-byte aggregate .*, not f32" --launch "$L"
hs | sed 's/^param bytes .*/param bytes 0x00 coeffs/' >"$L"
expect2 launch_bytes_syntax "bad.launch:14: param bytes takes 1 to 512 bytes as hex digit pairs" --launch "$L"
# mutated PTX never crashes the front end: each line of two kernels' PTX
# deleted in turn (and the file cut there), under ASan: exit 0, 1 (a run
# error) or 2 (one line), never a sanitizer report
mut_bad=0 mut_n=0
for k in histogram nn; do
  n=$(wc -l <"$K/$k.ptx")
  sed "s|^ptx .*|ptx $Ta/mut.ptx|" "$K/$k.launch" >"$T/mut.launch"
  for ((ln = 1; ln <= n; ln += 2)); do
    for cut in 0 1; do
      if [ $cut = 0 ]; then sed "${ln}d" "$K/$k.ptx" >"$T/mut.ptx"; else head -n "$ln" "$K/$k.ptx" >"$T/mut.ptx"; fi
      out=$("$B/asan/ptxref" --launch "$T/mut.launch" --max-steps 20000 2>&1 >/dev/null); rc=$?
      mut_n=$((mut_n + 1))
      if [ $rc -gt 2 ] || grep -q "Sanitizer\|runtime error" <<<"$out" ||
         { [ $rc -eq 2 ] && [ "$(wc -l <<<"$out")" -ne 1 ]; }; then
        mut_bad=$((mut_bad + 1)); echo "  $k line $ln cut $cut: exit $rc: $(head -n 2 <<<"$out")"
      fi
    done
  done
done
if [ $mut_bad -eq 0 ] && [ $mut_n -gt 100 ]; then ok "ptx_mutants_handled ($mut_n)"; else bad "ptx_mutants_handled" "$mut_bad of $mut_n"; fi

# an access outside every buffer: one line with thread, pc, PTX line, address; exit 1
base | sed 's/^param s32 3000/param s32 3400/' >"$L"
out=$("$B/ptxref" --launch "$L" 2>&1); rc=$?
if [ $rc -eq 1 ] && grep -q "^thread [0-9]* of CTA ([0-9]*,0,0): pc [0-9]* (.*histogram.ptx:[0-9]*): global address 0xd00 (1 bytes) outside every buffer$" <<<"$out"; then
  ok "launch_access_outside_buffers"
else bad "launch_access_outside_buffers" "exit $rc: $out"; fi
# flags override the file: a different parameter, a different result
base >"$L"
"$B/ptxref" --launch "$L" --param 2=1000 --dump-mem "$T/h1000.mem" >/dev/null 2>&1
"$B/ptxref" --launch "$L" --params "u64 data, u64 hist, s32 1000" --dump-mem "$T/h1000b.mem" >/dev/null 2>&1
"$B/ptxref" --launch "$L" --dump-mem "$T/h3000.mem" >/dev/null 2>&1
"$B/ptxref" --launch-set "param 2=1000" --launch "$L" --dump-mem "$T/h1000c.mem" >/dev/null 2>&1
if cmp -s "$T/h1000.mem" "$T/h1000b.mem" && cmp -s "$T/h1000.mem" "$T/h1000c.mem" &&
   ! cmp -s "$T/h1000.mem" "$T/h3000.mem" &&
   [ "$(tail -n +769 "$T/h1000.mem" | { s=0; while read -r w; do s=$((s + 16#$w)); done; echo $s; })" = 1000 ]; then
  ok "launch_param_override"
else bad "launch_param_override"; fi
# the Makefile takes the kernel directories by wildcard too (CUDA_RW_DIRS):
# make kernels compiles every kernel found above, and every one has a
# host-reference rule (a directory the Makefile missed fails here, even
# with a stale build/cuda_host binary left from before)
mk=$(make -s -n kernels 2>/dev/null)
hosts=(); miss=
for cu in "${CUS[@]}"; do
  grep -q "[ ]$cu[ ;]" <<<"$mk" || miss+=" $cu (make kernels)"
  hosts+=("$B/cuda_host/$(basename "$cu" .cu)")
done
make -s -n -B B="$B" "${hosts[@]}" >/dev/null 2>&1 || miss+=" (a host reference without a rule)"
[ -z "$miss" ] && ok "makefile_kernel_dirs_by_wildcard (${#CUS[@]})" || bad makefile_kernel_dirs_by_wildcard "$miss"
exit 0
