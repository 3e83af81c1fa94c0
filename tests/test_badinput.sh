#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# test_badinput.sh BUILD_DIR -- bad input on purpose, as a new user gives it.
# The rule (docs/index.md "Bad input"): one line naming the problem
# (file:line where there is one), exit status 2; never a crash, an ASan
# report, a hang (each run under `timeout`) or exit 1.  Each case gives the
# expected first words of its line (an extended regular expression).
#   - build/simt: every flag of --help with a missing and a wrong value, an
#     unknown key, option or mechanism; kernel files that are missing, a
#     directory, empty, binary; a launch file with each kind of error
#     (syntax, key, value, buffer, parameter, entry, referenced files); a .k
#     file with each kind of error (directive, operand, register, label);
#     each also under build/asan/simt (ASan/UBSan), so no case is a report
#   - build/area: each command with a missing or wrong value, unknown
#     options, missing, empty and binary reference files
#   - tools/: the scripts' missing and wrong arguments, before any build;
#     tb/simt/regress.sh's POINTS names exact labels ("001" is not
#     "001-layout-tf") and refuses an unknown one
# The make variables are tests/test_make_errors.sh's; more build/simt
# cases (kernels the reference refuses, --param, outputs) test_simt.sh's.
set -u
B=${1:-build}
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
S=$B/simt
A=$B/asan/simt
AR=$B/area
T=$B/test/badinput
rm -rf "$T"
mkdir -p "$T"
[ -x "$S" ] || { bad badinput_simt_built "no $S (make $S)"; exit 0; }
[ -x "$A" ] || bad badinput_asan_simt_built "no $A (make $A)"
K=tb/kernels/lud.k
C=tb/kernels/cuda

# simt NAME ERE ARGS...: build/simt and build/asan/simt, one line each
simt() {
  local name=$1 ere=$2
  shift 2
  one_line "simt_$name" 2 "$ere" timeout 60 "$S" "$@"
  [ -x "$A" ] && one_line "asan_simt_$name" 2 "$ere" timeout 120 "$A" "$@"
}

# ------------------------------------------------------------ files given
printf '\000\001\002\377binary' >"$T/binary.k"
: >"$T/empty.k"
printf 'warp_size = 32\n\000\377\n' >"$T/binary.cfg"
printf 'warp_size 32\n' >"$T/noeq.cfg"
simt kernel_missing "^$T/none\.k: cannot open: " "$T/none.k"
simt kernel_directory "^(simt: )?tb/kernels: is a directory, not a kernel file" tb/kernels
simt kernel_empty "^$T/empty\.k:1: missing \.kernel NAME" "$T/empty.k"
simt kernel_binary "^$T/binary\.k: not a text file \(NUL byte\)" "$T/binary.k"
simt ptx_as_kernel "^simt: $C/bfs\.ptx: a PTX file is not a \.k kernel: run it with --ptx" "$C/bfs.ptx"
simt no_kernel "^simt: no kernel given" --mech spe
simt two_kernels "^simt: more than one kernel given" "$K" tb/kernels/bfs.k
simt config_binary "^simt: --config: $T/binary\.cfg:2: not a text file \(NUL byte\)" --config "$T/binary.cfg" "$K"
simt config_no_equals "^simt: --config: $T/noeq\.cfg:1: expected 'key = value'" --config "$T/noeq.cfg" "$K"
simt config_unknown "^simt: --config: 'nosuch' is neither a preset" --config nosuch "$K"

# ------------------------------------------------------- flags: a value missing
for f in --config --set --lanes --depth --mech --param --format --svg --vcd --fst --trace-dir --log \
         --dump-mem --tech --inject-fault --max-steps --max-cycles --max-threads --grid --random --seed \
         --gen --kernel --warp-size --sched --layout; do
  simt "missing_value$f" "^simt: $f needs a value" "$f"
done
for f in --entry --launch-set --ptx --cuda; do
  simt "missing_value$f" "^simt: $f: needs a value" "$f"
done
simt missing_value--launch "^simt: --launch: needs a file" --launch

# ---------------------------------------------------- flags: a wrong value
simt set_no_equals "^simt: --set: expected KEY=VALUE, got 'warp_size'" --set warp_size "$K"
simt set_unknown_key "^simt: --set: unknown configuration key 'nosuch'" --set nosuch=1 "$K"
simt set_empty_value "^simt: --set: warp_size: expected a number 2\.\.64, got ''" --set warp_size= "$K"
simt set_trailing "^simt: --set: warp_size: expected a number 2\.\.64, got '32x'" --set warp_size=32x "$K"
simt set_choice "^simt: --sched: sched: expected " --sched best "$K"
simt lanes_negative "^simt: --lanes: warp_size: expected a number 2\.\.64, got '-4'" --lanes -4 "$K"
simt lanes_huge "^simt: --lanes: warp_size: expected a number" --lanes 99999999999999999999 "$K"
simt depth_word "^simt: --depth: spe_depth: expected a number" --depth x "$K"
simt mech_unknown "^simt: --mech: unknown mechanism 'xyz' \(spe dpe" --mech xyz "$K"
simt mech_empty "^simt: --mech: expected a list of mechanisms or all" --mech '' "$K"
simt mech_trailing_comma "^simt: --mech: an empty name in 'spe,'" --mech spe, "$K"
simt mech_twice "^simt: --mech: 'spe' named twice" --mech spe,dpe,spe "$K"
simt param_no_struct "^simt: --param: expected STRUCT\.NAME=VALUE" --param 2=100 "$K"
simt param_word "^simt: --param dpe_stack\.DEPTH=x: dpe_stack: parameter DEPTH .* is not a number" --param dpe_stack.DEPTH=x "$K"
simt format_unknown "^simt: --format: expected text, md, csv or json, got 'xml'" --format xml "$K"
simt svg_empty_path "^simt: --svg: cannot write ''" --svg '' "$K"
simt log_unwritable "^simt: --log: cannot write '/nonexistent-dir/x'" --log /nonexistent-dir/x "$K"
simt tech_unit "^simt: --tech: expected a number 22\.\.90, got '45nm'" --tech 45nm "$K"
simt inject_fault_cycle "^simt: --inject-fault: expected reg@CYCLE" --inject-fault reg@x "$K"
simt max_steps_zero "^simt: --max-steps: expected a number 1\.\." --max-steps 0 "$K"
simt max_cycles_negative "^simt: --max-cycles: expected a number 1\.\." --max-cycles -1 "$K"
simt max_threads_zero "^simt: --max-threads: expected a number 1\.\.1024, got '0'" --max-threads 0 --random 1
simt grid_zero "^simt: --grid: expected a number 1\.\.65535, got '0'" --grid 0 "$K"
simt random_word "^simt: --random: expected a number 1\.\." --random x
simt seed_word "^simt: --seed: expected a number 0\.\." --seed x --random 1
simt gen_negative "^simt: --gen: expected a number 0\.\." --gen -1
simt clock_zero "^simt: --clock-mhz: clock_mhz: expected a number 100\.\.5000, got '0'" --clock-mhz 0 "$K"
simt unknown_option "^simt: unknown option '--block' \(see --help\)" --block 64 "$K"
simt unknown_short "^simt: unknown option '-x' \(see --help\)" -x "$K"
simt bench_missing "^simt: /nonexistent\.k: cannot open: " --bench /nonexistent.k
simt show_cfg_missing "^/nonexistent\.k: cannot open: " --show-cfg /nonexistent.k

# ------------------------------------------------------------ launch files
# histogram.launch with one line changed: the kind of error each names
cp "$C/histogram.ptx" "$T/"
sed "s#^ptx .*#ptx histogram.ptx#" "$C/histogram.launch" >"$T/good.launch"
if ! timeout 60 "$S" --launch "$T/good.launch" --mech spe >/dev/null 2>&1; then
  bad badinput_good_launch_runs "$("$S" --launch "$T/good.launch" --mech spe 2>&1 | head -1)"
fi
# lcase NAME ERE SED: the launch with SED applied, its error at the line it names
lcase() {
  sed "$3" "$T/good.launch" >"$T/$1.launch"
  simt "launch_$1" "$2" --launch "$T/$1.launch"
}
L=$T
lcase unknown_key "^simt: $L/unknown_key\.launch:[0-9]+: unknown key 'grod' \(ptx, cuda, entry" 's/^grid /grod /'
lcase grid_word "^simt: $L/grid_word\.launch:[0-9]+: bad grid dimension 'x'" 's/^grid .*/grid x/'
lcase grid_missing "^simt: $L/grid_missing\.launch:[0-9]+: grid takes 1 to 3 numbers" 's/^grid .*/grid/'
lcase grid_four "^simt: $L/grid_four\.launch:[0-9]+: grid takes 1 to 3 numbers" 's/^grid .*/grid 1 1 1 1/'
lcase grid_huge "^simt: $L/grid_huge\.launch:[0-9]+: bad grid dimension '99999999999'" 's/^grid .*/grid 99999999999/'
lcase block_zero "^simt: $L/block_zero\.launch:[0-9]+: bad block dimension '0'" 's/^block .*/block 0/'
lcase block_big "^$L/block_big\.launch:[0-9]+: block of 4096 threads, above the configuration's 1024" 's/^block .*/block 4096/'
lcase mem_odd "^simt: $L/mem_odd\.launch:[0-9]+: mem_bytes takes a byte count, a multiple of 4" 's/^mem_bytes .*/mem_bytes 4095/'
lcase mem_zero "^$L/mem_zero\.launch: buffers without mem_bytes" 's/^mem_bytes .*/mem_bytes 0/'
lcase buffer_short "^simt: $L/buffer_short\.launch:[0-9]+: buffer takes NAME ADDR BYTES" 's/^buffer hist .*/buffer hist 3072/'
lcase buffer_init "^simt: $L/buffer_init\.launch:[0-9]+: bad buffer initialiser" 's/^buffer hist \([0-9]*\) \([0-9]*\).*/buffer hist \1 \2 gauss/'
lcase buffer_seed "^simt: $L/buffer_seed\.launch:[0-9]+: bad seed 'x'" 's/^buffer data \(.*\) random .*/buffer data \1 random x/'
lcase buffer_twice "^simt: $L/buffer_twice\.launch:[0-9]+: buffer 'data' declared twice" 's/^buffer hist /buffer data /'
lcase buffer_overlap "^$L/buffer_overlap\.launch:[0-9]+: buffer 'hist' overlaps 'data'" 's/^buffer hist [0-9]*/buffer hist 3000/'
lcase buffer_outside "^$L/buffer_outside\.launch:[0-9]+: buffer 'hist' .* outside mem_bytes" 's/^buffer hist [0-9]*/buffer hist 4000/'
lcase param_type "^simt: $L/param_type\.launch:[0-9]+: bad param type 'q32'" 's/^param s32 /param q32 /'
lcase param_class "^$L/param_class\.launch:[0-9]+: parameter 2 .* is u32 in the PTX, not f32" 's/^param s32 .*/param f32 1.5/'
lcase param_value "^$L/param_value\.launch:[0-9]+: bad integer 'abc' \(or an unknown buffer\)" 's/^param s32 .*/param s32 abc/'
lcase param_buffer "^$L/param_buffer\.launch:[0-9]+: bad integer 'nosuch' \(or an unknown buffer\)" 's/^param u64 data/param u64 nosuch/'
lcase param_fewer "^$L/param_fewer\.launch:[0-9]+: entry 'histogram' takes 3 parameters, the launch gives 2" '/^param s32 /d'
lcase param_more "^$L/param_more\.launch:[0-9]+: entry 'histogram' takes 3 parameters, the launch gives 4" 's/^param s32 .*/&\nparam s32 1/'
lcase grid_twice "^simt: $L/grid_twice\.launch:([0-9]+): grid given twice \(first at $L/grid_twice\.launch:[0-9]+\)" 's/^grid .*/&\n&/'
lcase ptx_and_cuda "^simt: $L/ptx_and_cuda\.launch:3: cuda given twice \(first at $L/ptx_and_cuda\.launch:2\)" 's/^ptx .*/&\ncuda k.cu/'
lcase entry_unknown "^$L/entry_unknown\.launch:[0-9]+: no \.entry 'nope' \(entries: histogram\)" 's/^entry .*/entry nope/'
lcase entry_noname "^simt: $L/entry_noname\.launch:[0-9]+: entry takes one name" 's/^entry .*/entry/'
lcase entry_none "^$L/entry_none\.launch: no entry given" '/^entry /d'
lcase ptx_none "^$L/ptx_none\.launch: no ptx \(or cuda\) file given" '/^ptx /d'
lcase ptx_nopath "^simt: $L/ptx_nopath\.launch:[0-9]+: ptx takes one path" 's/^ptx .*/ptx/'
lcase ptx_missing "^$L/nope\.ptx: cannot open: " 's/^ptx .*/ptx nope.ptx/'
lcase shared_big "^$L/shared_big\.launch:[0-9]+: [0-9]+ bytes of shared memory per CTA .* above the configuration's" 's/^block .*/&\nshared_dynamic 999999999/'
printf '00000001\nzzzz\n' >"$T/init.hex"
lcase mem_init_line "^$L/init\.hex:2: expected one 32-bit hex word, got 'zzzz'" 's/^mem_bytes .*/&\nmem_init init.hex/'
printf '\000\001\377\n' >"$T/binit.hex"
lcase mem_init_binary "^$L/binit\.hex:1: not a text file \(NUL byte\)" 's/^mem_bytes .*/&\nmem_init binit.hex/'
lcase mem_init_missing "^$L/nope\.hex: cannot open: " 's/^mem_bytes .*/&\nmem_init nope.hex/'
{ cat "$T/good.launch"; printf 'grid %5000s\n' 1; } >"$T/long_line.launch"
simt launch_long_line "^simt: $L/long_line\.launch:[0-9]+: line too long" --launch "$T/long_line.launch"
printf 'ptx \000\001\377\n' >"$T/binary.launch"
simt launch_binary "^simt: $L/binary\.launch:1: not a text file \(NUL byte\)" --launch "$T/binary.launch"
: >"$T/empty.launch"
simt launch_empty "^$L/empty\.launch: no ptx \(or cuda\) file given" --launch "$T/empty.launch"
simt launch_missing "^simt: /nonexistent\.launch: cannot open: " --launch /nonexistent.launch
simt launch_directory "^tb: is a directory, not a kernel file" --launch tb
simt launch_twice "^simt: --launch: given twice" --launch "$T/good.launch" --launch "$T/good.launch"
simt launch_and_kernel "^simt: more than one kernel given \('$K' and a launch\)" --launch "$T/good.launch" "$K"
simt launch_set_key "^simt: --launch-set: unknown key 'grod'" --launch "$T/good.launch" --launch-set 'grod 3'
simt launch_set_empty "^simt: --launch-set: takes \"KEY VALUE\.\.\.\"" --launch "$T/good.launch" --launch-set ''
simt launch_set_param "^simt: --launch-set: param takes I=VALUE or NAME=VALUE here" --launch "$T/good.launch" --launch-set 'param u64 x'
simt launch_set_param_name "^simt: --launch-set: no parameter 'nosuch'" --launch "$T/good.launch" --launch-set 'param nosuch=3'
simt ptx_no_entry "^--ptx: no entry given \(an 'entry NAME' line or --entry NAME\)" --ptx "$T/histogram.ptx"
simt ptx_entry_unknown "^--entry: no \.entry 'nope' \(entries: histogram\)" --ptx "$T/histogram.ptx" --entry nope
simt ptx_binary "^$T/binary\.k: not a text file \(NUL byte\)" --ptx "$T/binary.k" --entry x
simt ptx_empty "^$T/empty\.k:1: unsupported PTX: " --ptx "$T/empty.k" --entry x
simt ptx_is_k "^$K:1: " --ptx "$K" --entry x
# a grid-wide barrier (cooperative groups' this_grid().sync()): not modelled,
# refused by the header with one line naming why (needs clang)
if command -v "${CLANG:-clang}" >/dev/null; then
  simt cuda_grid_sync "cooperative_groups\.h:[0-9]+:[0-9]+: error: static_assert failed .*this_grid\(\)\.sync\(\): a grid-wide barrier needs every CTA of the grid resident at once" \
    --launch tests/data/cuda/gridsync.launch
fi

# --------------------------------------------------------------- .k files
H=$'.kernel k\n.threads 32\n.mem 16'
# kcase NAME LINE ERE TEXT: the kernel TEXT, its error at LINE
kcase() {
  printf '%s\n' "$4" >"$T/$1.k"
  simt "k_$1" "^$T/$1\.k:$2: $3" "$T/$1.k"
}
kcase threads_zero 2 "\.threads takes a count 1\.\.1024" $'.kernel k\n.threads 0\n.mem 16\n    exit'
kcase threads_word 2 "\.threads takes a count" $'.kernel k\n.threads x\n.mem 16\n    exit'
kcase threads_big 2 "\.threads takes a count" $'.kernel k\n.threads 2000\n.mem 16\n    exit'
kcase mem_huge 3 "\.mem takes a word count" $'.kernel k\n.threads 32\n.mem 99999999999999\n    exit'
kcase directive 4 "unknown directive '\.bogus'" "$H"$'\n.bogus 3\n    exit'
kcase kernel_noname 1 "\.kernel takes one name" $'.kernel\n.threads 32\n.mem 16\n    exit'
kcase kernel_twice 2 "\.kernel given twice" $'.kernel k\n.kernel j\n.threads 32\n.mem 16\n    exit'
kcase threads_twice 3 "\.threads given twice \(line 2\)" $'.kernel k\n.threads 32\n.threads 32\n.mem 16\n    exit'
kcase no_threads 1 "missing \.threads" $'.kernel k\n.mem 16\n    exit'
kcase no_instructions 3 "no instructions" "$H"
kcase operands_few 4 "add takes rD, A, B" "$H"$'\n    add r1, r2\n    exit'
kcase operands_many 4 "add takes rD, A, B" "$H"$'\n    add r1, r2, r3, r4\n    exit'
kcase special_reg 4 "unknown special register '%nosuch'" "$H"$'\n    add r1, %nosuch, 1\n    exit'
kcase immediate 4 "bad operand '99999999999'" "$H"$'\n    add r1, r2, 99999999999\n    exit'
kcase address 4 "expected an address \[rA\+IMM\], got '\[r2'" "$H"$'\n    ld r1, [r2\n    exit'
kcase address_reg 4 "expected a register r0\.\.r15, got '99'" "$H"$'\n    ld r1, [99]\n    exit'
kcase comparison 4 "unknown comparison 'zz'" "$H"$'\n    setp.zz p0, r1, 1\n    exit'
kcase predicate 4 "p9 out of range \(p0\.\.p3\)" "$H"$'\n    @p9 bra L\nL:  exit'
kcase bra_nolabel 4 "bra takes a label" "$H"$'\n    bra\n    exit'
kcase empty_label 4 "bad label ''" "$H"$'\n:   exit'
kcase exit_operand 4 "exit takes no operands" "$H"$'\n    exit r1'
kcase op 4 "unknown op 'div'" "$H"$'\n    div r1, r2, 3\n    exit'
kcase data_address 4 "\.data: bad address 'x'" "$H"$'\n.data x 1\n    exit'
kcase data_value 4 "\.data: bad value 'zz'" "$H"$'\n.data 0 zz\n    exit'

# --------------------------------------------------------------- build/area
if [ -x "$AR" ]; then
  printf 'a,b\n\000\001\n' >"$T/binary.csv"
  : >"$T/empty.csv"
  area() { local name=$1 ere=$2; shift 2; one_line "area_$name" 2 "$ere" timeout 60 "$AR" "$@"; }
  R="--kind ram --entries 8 --width 8 --tech 45"
  # every command of area --help named
  area no_command "^area: no command given \(array, report, calibrate, energy-fit, fit-area, refs, logic, energy, sweep, tech, rf;"
  area unknown_command "^area: unknown command 'nosuch' \(array, report, calibrate, energy-fit, fit-area, refs, logic, energy, sweep, tech, rf\)" nosuch
  area kind_missing "^area array: --kind is required" array
  area kind_no_value "^area array: --kind needs a value" array --kind
  area kind_wrong "^area array: --kind: expected ram, cam or ff, got 'rom'" array --kind rom --entries 8 --width 8 --tech 45
  area entries_word "^area array: --entries: expected an integer" array --kind ram --entries x --width 8 --tech 45
  area tech_missing "^area array: --tech is required" array --kind ram --entries 8 --width 8
  area tech_node "^area array: --tech: expected a node in nm, 22\.\.90" array --kind ram --entries 8 --width 8 --tech 5
  # shellcheck disable=SC2086
  area unknown_option "^area array: unknown option '--bogus'" array $R --bogus 1
  # shellcheck disable=SC2086
  area profile_missing "^area array: --profile /nonexistent: cannot open" array $R --profile /nonexistent
  # shellcheck disable=SC2086
  area profile_empty "^area array: --profile $T/empty\.csv: no k_<class> lines" array $R --profile "$T/empty.csv"
  area report_paper "^area report: --paper: expected 000, 001, 002, 003, 004 or all, got '007'" report --paper 007
  area report_format "^area report: --format: expected text, md, csv, json or svg" report --format xml
  area report_unwritable "^area report: -o /nonexistent-dir/x: cannot open for writing" report -o /nonexistent-dir/x
  area calibrate_refs "^area calibrate: --refs FILE\.csv is required" calibrate
  area calibrate_binary "^area calibrate: --refs $T/binary\.csv: not a text file" calibrate --refs "$T/binary.csv"
  area calibrate_empty "^area calibrate: $T/empty\.csv: no reference rows" calibrate --refs "$T/empty.csv"
  area energy_fit_missing "^area energy-fit: --refs /nonexistent\.csv: cannot open" energy-fit --refs /nonexistent.csv
  area fit_area_binary "^area fit-area: --refs $T/binary\.csv: not a text file" fit-area --refs "$T/binary.csv"
  area logic_module "^area logic: --module: unknown module 'nosuch'" logic --module nosuch
  area logic_param "^area logic: --param: dwf has no parameter 'X'" logic --module dwf --param X=1
  area logic_param_form "^area logic: --param: expected NAME=VALUE, got 'LANES'" logic --module dwf --param LANES
  area energy_tech "^area energy: --tech: expected a node in nm" energy --module dwf --tech 5
  area sweep_values "^area sweep: --param: expected an integer" sweep --module dwf --param LANES=8,x
  area tech_extra "^area tech: 'extra': tech takes no options" tech extra
  area rf_missing "^area rf: needs --vregs, --sregs, --warps, --warp and --lanes" rf
  area rf_lanes "^area rf: --lanes: expected an integer 1\.\.64, got '0'" rf --vregs 8 --sregs 1 --warps 1 --warp 32 --lanes 0
else bad badinput_area_built "no $AR (make $AR)"; fi

# ------------------------------------------------------------------ tools/
tool() { local name=$1 ere=$2; shift 2; one_line "tool_$name" 2 "$ere" timeout 60 "$@"; }
tool cosim_build_usage "^usage: cosim_build\.sh " tools/cosim_build.sh
tool cosim_build_struct "^cosim_build\.sh: no structure 'nosuch'" tools/cosim_build.sh nosuch
tool cosim_build_param "^simt_stack: parameter WARPS \(cfg warps\) = 999 is out of range" tools/cosim_build.sh simt_stack WARPS=999
tool formal_usage "^usage: tools/formal\.sh " tools/formal.sh
tool formal_flag "^formal\.sh: unknown flag '--bogus'" tools/formal.sh --bogus "$B" simt_stack
tool mutate_usage "^usage: tools/mutate\.sh " tools/mutate.sh
tool lint_usage "^usage: tools/lint\.sh " tools/lint.sh
tool lint_module "^lint\.sh: no module 'nosuch'" tools/lint.sh nosuch
tool bench_struct "^bench\.sh: no structure 'nosuch'" tools/bench.sh nosuch
tool replay_usage "^usage: replay_icarus\.sh " tools/replay_icarus.sh
tool replay_missing "^replay_gen: cannot read /nonexistent\.vec" tools/replay_icarus.sh /nonexistent.vec
tool replay_empty "^replay_gen: $T/empty\.k:1: empty file" tools/replay_icarus.sh "$T/empty.k"
tool replay_binary "^replay_gen: $T/binary\.k:1: header: " tools/replay_icarus.sh "$T/binary.k"
tool regress_option "^regress\.sh: unknown option '--bogus'" tools/regress.sh --bogus
tool regress_value "^regress\.sh: --seeds needs 1 value" tools/regress.sh --seeds
tool regress_number "^regress\.sh: bad number 'x'" tools/regress.sh --seeds x --list
tool regress_shard "^regress\.sh: bad number 'x'" tools/regress.sh --shard x
tool regress_point "^regress\.sh: no design point 'nosuch'" tools/regress.sh --points nosuch --list
tool regress_struct "^regress\.sh: --structs: no structure 'nosuch'" tools/regress.sh --structs nosuch --list
tool regress_merge "^regress\.sh: no shard results in /nonexistent/shards" tools/regress.sh --merge /nonexistent
tool job_times_usage "^usage: tools/job_times\.sh BUILD_DIR" tools/job_times.sh
tool job_times_log "^job_times\.sh: no /nonexistent/test-logs/cpu" tools/job_times.sh /nonexistent
tool run_option "^tests/run\.sh: unknown option '--bogus'" tests/run.sh --bogus
tool golden_binary "^simt_golden\.sh: /nonexistent is not built" tools/simt_golden.sh /nonexistent
tool policies_cycles "^warp_pool_policies\.sh: expected a number, got 'x'" tools/warp_pool_policies.sh x
tool policies_seed "^warp_pool_policies\.sh: expected a number, got 'y'" tools/warp_pool_policies.sh 100 y
tool wave_usage "^usage: tools/wave\.sh " tools/wave.sh
tool wave_binary "^wave\.sh: /nonexistent: not an executable co-simulation" tools/wave.sh /nonexistent "$T/w.fst"
tool wave_suffix "^wave\.sh: $T/w\.png: the waveform file must end in \.fst or \.vcd" tools/wave.sh "$S" "$T/w.png"
tool doc_commands_option "^doc_commands: unknown option '--bogus'" python3 tools/doc_commands.py --bogus
tool doc_commands_file "^doc_commands: cannot read /nonexistent\.md" python3 tools/doc_commands.py /nonexistent.md
tool docs_gen_option "^docs_gen: unknown option '--bogus'" python3 tools/docs_gen.py --bogus
tool energy_fig12_usage "^usage: energy_fig12\.py BUILD DOC" python3 tools/energy_fig12.py
tool energy_fig12_build "^energy_fig12\.py: no /nonexistent/simt" python3 tools/energy_fig12.py /nonexistent "$T/x.md"
tool gtkw_gen_usage "^usage: gtkw_gen\.py SPEC VCD OUT" python3 tools/gtkw_gen.py
tool gtkw_gen_file "^gtkw_gen\.py: /nonexistent: no such file" python3 tools/gtkw_gen.py /nonexistent /nonexistent "$T/x"
tool scalar_fraction_option "^scalar_fraction: unknown argument '--bogus'" python3 tools/scalar_fraction.py --bogus
tool scalar_fraction_build "^scalar_fraction: no /nonexistent/simt" python3 tools/scalar_fraction.py --build /nonexistent
tool two_over_pi_args "^two_over_pi\.py takes no arguments" python3 tools/two_over_pi.py --bogus
tool sweep_no_command "^tools/sweep\.py: the following arguments are required: cmd" python3 tools/sweep.py
tool sweep_unknown_command "^tools/sweep\.py: argument cmd: invalid choice: 'nosuch'" python3 tools/sweep.py nosuch
tool sweep_run_output "^tools/sweep\.py run: the following arguments are required: spec, -o/--output" python3 tools/sweep.py run
tool papers_results_option "^papers_results\.py: unrecognized arguments: --bogus" python3 tools/papers_results.py --bogus
tool formal_table_option "^formal_table\.py: unrecognized arguments: --bogus" python3 tools/formal_table.py --bogus
tool sweep_spec_missing "^sweep: /nonexistent\.sweep: No such file or directory" python3 tools/sweep.py run /nonexistent.sweep -o "$T/s.csv"
tool sweep_spec_binary "^sweep: $T/binary\.k: not a text file" python3 tools/sweep.py jobs "$T/binary.k"
tool sweep_spec_empty "^sweep: $T/empty\.k: no 'kernels' line" python3 tools/sweep.py jobs "$T/empty.k"
printf 'kernels nosuch\nmechs spe\n' >"$T/bad.sweep"
tool sweep_spec_kernel "^sweep: $T/bad\.sweep:1: no kernel matches 'nosuch'" python3 tools/sweep.py jobs "$T/bad.sweep"
printf 'kernels tb/kernels/cuda/bfs.launch\nmechs spe\npresets 001 nosuch\n' >"$T/preset.sweep"
tool sweep_spec_preset "^sweep: $T/preset\.sweep:3: no preset 'nosuch'" python3 tools/sweep.py jobs "$T/preset.sweep"
tool sweep_chart_csv "^sweep: /nonexistent\.csv: no such file" python3 tools/sweep.py chart /nonexistent.csv -o "$T/ch"
tool sweep_simt "^sweep: /nonexistent: No such file or directory \(--simt" python3 tools/sweep.py jobs tools/sweeps/000.sweep --simt /nonexistent

# tb/simt/regress.sh: POINTS names exact labels; an unknown one is one line
tool simt_regress_point "^regress\.sh: POINTS: no point '01' \(points: default 000 001 " env POINTS=01 bash tb/simt/regress.sh "$B" 1 1
# (before: grep -w found "001" and "layout-tf" inside "001-layout-tf", and
# "two-level" inside "004-two-level": these two POINTS ran five points)
out=$(POINTS="001-layout-tf 004-two-level" MECHS=spe NO_CUDA=1 CHUNK=1 OUT="$T/regress" MAX_THREADS=32 \
      timeout 120 bash tb/simt/regress.sh "$B" 1 1 2>&1)
rows=$(awk '$2 == "spe" { print $1 }' <<<"$out" | tr '\n' ' ')
[ "$rows" = "004-two-level 001-layout-tf " ] && ok "simt_regress_points_exact ($rows)" ||
  bad simt_regress_points_exact "rows '$rows' (want '004-two-level 001-layout-tf '): $(tail -1 <<<"$out")"
exit 0
