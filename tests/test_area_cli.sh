#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# test_area_cli.sh [BUILD_DIR] -- end-to-end tests of the area estimator's
# command line (build/area), issue 7.  One `ok NAME` or `FAIL NAME` line per
# check; exits non-zero if any failed.  Run from the top of the repository.
#
# Covers: `array` (last line exactly `area_mm2 <value>`, tiny and heavily
# ported arrays, 002 Table I banks within +-35%), bad flags and values (one
# line on stderr, exit 2), `report` in every format (the SVG rendered to PNG
# by rsvg-convert), `refs` + `calibrate` on the 000 CACTI 4.2 figures (the
# fit improves the residual; the profile changes `array` and `report`), and
# `logic` for the Yosys comparison (stacks, PC-warp LUT, HCT/CCT heap, warp
# pool), and the 000 and 001 reports' modelled DWF and SBI rows (every 000
# Table 1 part modelled, the DWF totals with ratios).  Issue 19 item 2: out-of-range
# and non-finite reference areas, extra CSV fields, repeated header columns,
# `tech --bogus`, an unwritable -o found before any output, every command's
# --help (exit 0) and bad flag (exit 2), no nan/inf in any report; `sweep` for
# every structure (table grows, SVG rendered by rsvg-convert), its errors;
# `report --view node` (every paper's rows and the mechanisms at 40 nm).  Issue 29: `array
# --energy` (four figures, more ports cost more, banked, refusal outside the checked
# range), `report --energy` in text/md/csv and the JSON and SVG energy, `energy-fit` and
# `fit-area` (reports and errors; `energy-fit --parts` beside CACTI 7's own read split).
set -u
B=${1:-build}
A="$B/area"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fails=0

ok() { echo "ok $1"; }
bad() { echo "FAIL $1${2:+: $2}"; fails=$((fails + 1)); }

if [ ! -x "$A" ]; then
  bad area_binary_exists "$A not built"
  exit 1
fi

# --------------------------------------------------------------- array
last_area() { tail -n 1 "$1" | sed -n 's/^area_mm2 \([0-9.eE+-]*\)$/\1/p'; }

check_array() { # name, args...
  local name=$1; shift
  if "$A" array "$@" >"$T/out" 2>"$T/err"; then
    local v
    v=$(last_area "$T/out")
    if [ -n "$v" ] && awk -v v="$v" 'BEGIN { exit !(v > 0 && v < 1e6) }' && [ ! -s "$T/err" ]; then
      ok "$name"
    else bad "$name" "last line: $(tail -n 1 "$T/out")"; fi
  else bad "$name" "exit $?: $(head -n 1 "$T/err")"; fi
}

check_array array_ram_last_line --kind ram --entries 256 --width 32 --tech 40
check_array array_cam_last_line --kind cam --entries 32 --width 40 --search-ports 4 --wr-ports 4 --tech 90
check_array array_cam_set_assoc --kind cam --entries 32 --width 56 --ways 2 --tag-bits 32 --search-ports 2 --wr-ports 2 --tech 90
check_array array_ff_last_line --kind ff --entries 16 --width 8 --rd-ports 2 --wr-ports 1 --tech 65
check_array array_tiny_2_entries --kind ram --entries 2 --width 1 --tech 22
check_array array_tiny_1_entry_ff --kind ff --entries 1 --width 1 --wr-ports 1 --tech 22
check_array array_heavy_multiport --kind ram --entries 64 --width 32 --rw-ports 4 --rd-ports 8 --wr-ports 4 --tech 32
check_array array_banked --kind ram --entries 8192 --width 32 --rd-ports 2 --wr-ports 1 --banks 16 --tech 90
check_array array_interpolated_node --kind ram --entries 1024 --width 64 --tech 28nm

# the breakdown names its parts
if "$A" array --kind ram --entries 256 --width 256 --tech 40 >"$T/out" 2>&1 &&
   grep -q '^cells_mm2 ' "$T/out" && grep -q '^decoders_mm2 ' "$T/out" &&
   grep -q '^sense_drivers_mm2 ' "$T/out" && grep -q '^periphery_mm2 ' "$T/out" &&
   grep -q '^efficiency ' "$T/out" && grep -q '^ff_sram_crossover_entries ' "$T/out"; then
  ok array_breakdown_lines
else bad array_breakdown_lines; fi

# 002 Table I per-bank SRAM (CACTI 6.5, 40 nm) within +-35%, figures from `area refs`
if "$A" refs --paper 002 -o "$T/refs002.csv" 2>"$T/err"; then
  n=0
  while IFS=, read -r kind nm ent w rw rd wr se bk pub rest; do
    case "$kind" in ram) ;; *) continue ;; esac
    n=$((n + 1))
    "$A" array --kind "$kind" --entries "$ent" --width "$w" --rw-ports "$rw" --rd-ports "$rd" \
      --wr-ports "$wr" --banks "$bk" --tech "$nm" >"$T/out" 2>&1
    v=$(last_area "$T/out")
    if awk -v v="$v" -v p="$pub" 'BEGIN { r = v / p; exit !(r >= 0.65 && r <= 1.35) }'; then
      ok "array_002_bank_${ent}x${w}_within_35pct"
    else bad "array_002_bank_${ent}x${w}_within_35pct" "ours $v published $pub"; fi
  done <"$T/refs002.csv"
  [ "$n" -eq 2 ] && ok refs_002_two_banks || bad refs_002_two_banks "$n rows"
else bad refs_002 "$(head -n 1 "$T/err")"; fi

# --------------------------------------------------- bad input: exit 2
check_bad() { # name, args...
  local name=$1; shift
  "$A" "$@" >"$T/out" 2>"$T/err"
  local rc=$?
  if [ $rc -eq 2 ] && [ "$(wc -l <"$T/err")" -eq 1 ] && [ ! -s "$T/out" ]; then
    ok "bad_input_$name"
  else bad "bad_input_$name" "exit $rc, stderr $(wc -l <"$T/err") lines: $(head -n 2 "$T/err" | tr '\n' '|')"; fi
}
R="--kind ram --entries 256 --width 32"
check_bad no_command
check_bad unknown_command bogus
# shellcheck disable=SC2086
{
check_bad unknown_flag array $R --tech 40 --bogus
check_bad kind array --kind rom --entries 4 --width 4 --tech 40
check_bad zero_entries array --kind ram --entries 0 --width 32 --tech 40
check_bad text_entries array --kind ram --entries abc --width 32 --tech 40
check_bad negative_entries array --kind ram --entries -3 --width 32 --tech 40
check_bad huge_entries array --kind ram --entries 99999999999 --width 32 --tech 40
check_bad zero_width array --kind ram --entries 4 --width 0 --tech 40
check_bad node_below_table array $R --tech 10
check_bad node_above_table array $R --tech 100
check_bad node_text array $R --tech fast
check_bad missing_tech array $R
check_bad missing_value array $R --tech
check_bad too_many_ports array $R --rw-ports 9 --rd-ports 8 --tech 40
check_bad ram_no_read_port array $R --rw-ports 0 --wr-ports 1 --tech 40
check_bad cam_zero_search array --kind cam --entries 4 --width 8 --search-ports 0 --tech 40
check_bad more_banks_than_entries array $R --banks 300 --tech 40
check_bad search_on_ram array $R --search-ports 1 --tech 40
check_bad report_paper report --paper 005
check_bad report_format report --format xml
check_bad report_tech report --tech 5
check_bad report_unwritable report --format md -o /nonexistent-dir/x.md
check_bad report_profile_missing report --profile /nonexistent-dir/p.prof
check_bad calibrate_no_refs calibrate
check_bad calibrate_missing_file calibrate --refs /nonexistent-dir/r.csv
check_bad logic_unknown_module logic --module nope
check_bad logic_zero_param logic --module simt_stack --param WARPS=0
check_bad logic_unknown_param logic --module simt_stack --param FOO=1
check_bad logic_bad_param_syntax logic --module simt_stack --param WARPS
check_bad logic_param_out_of_range logic --module simt_stack --param WARPS=99
check_bad refs_paper refs --paper 9
}
printf 'kind,tech_nm,entries,width_bits,rw_ports,rd_ports,wr_ports,search_ports,banks,area_mm2\nram,40,256,32,1,0,0,0,1,0.0036\nrom,40,1,1,1,0,0,0,1,0.1\n' >"$T/badrefs.csv"
check_bad calibrate_bad_row calibrate --refs "$T/badrefs.csv"
printf 'k_cells lots\n' >"$T/bad.prof"
check_bad array_bad_profile array $R --tech 40 --profile "$T/bad.prof"

if "$A" --help >"$T/out" 2>&1 && grep -q 'area array' "$T/out"; then ok help_exit_0; else bad help_exit_0; fi

# --------------------------------- issue 19 item 2: robustness of every command
H='kind,tech_nm,entries,width_bits,rw_ports,rd_ports,wr_ports,search_ports,banks,area_mm2'
printf '%s\nram,40,256,32,1,0,0,0,1,1e-300\n' "$H" >"$T/tiny.csv"
printf '%s\nram,40,256,32,1,0,0,0,1,1e308\n' "$H" >"$T/huge.csv"
printf '%s\nram,40,256,32,1,0,0,0,1,inf\n' "$H" >"$T/inf.csv"
printf '%s\nram,40,256,32,1,0,0,0,1,nan\n' "$H" >"$T/nan.csv"
printf '%s\nram,40,256,32,1,0,0,0,1,0.0036,7\n' "$H" >"$T/extra.csv"
printf 'ram,40,256,32,1,0,0,0,1,0.0036,0,0,lbl,surplus\n' >"$T/extra_nohdr.csv"
printf '%s,banks\nram,40,256,32,1,0,0,0,1,0.0036,1\n' "$H" >"$T/dup.csv"
check_bad calibrate_area_1e-300 calibrate --refs "$T/tiny.csv"
check_bad calibrate_area_1e308 calibrate --refs "$T/huge.csv"
check_bad calibrate_area_inf calibrate --refs "$T/inf.csv"
check_bad calibrate_area_nan calibrate --refs "$T/nan.csv"
check_bad calibrate_extra_field calibrate --refs "$T/extra.csv"
check_bad calibrate_extra_field_no_header calibrate --refs "$T/extra_nohdr.csv"
check_bad calibrate_duplicate_column calibrate --refs "$T/dup.csv"
if grep -q "duplicate column 'banks'" "$T/err"; then ok calibrate_duplicate_column_named
else bad calibrate_duplicate_column_named "$(head -n 1 "$T/err")"; fi
check_bad calibrate_unwritable_out calibrate --refs "$T/badrefs.csv" -o /nonexistent-dir/p.prof
printf '%s\nram,40,256,32,1,0,0,0,1,0.0036\n' "$H" >"$T/good.csv"
check_bad calibrate_unwritable_out_before_fit calibrate --refs "$T/good.csv" -o /nonexistent-dir/p.prof
check_bad refs_unwritable_out refs -o /nonexistent-dir/r.csv
check_bad tech_bogus tech --bogus
check_bad tech_extra_word tech 40
# two rows that no profile within bounds can both fit: the fit stays finite
printf '%s\nram,40,256,32,1,0,0,0,1,1e-8\nram,40,256,32,1,0,0,0,1,1e4\n' "$H" >"$T/clash.csv"
"$A" calibrate --refs "$T/clash.csv" -o "$T/clash.prof" >"$T/out" 2>"$T/err"
rc=$?
if { [ $rc -eq 0 ] || { [ $rc -eq 2 ] && [ "$(wc -l <"$T/err")" -eq 1 ]; }; } &&
   ! grep -qiE '(^|[^a-z])(nan|inf)([^a-z]|$)' "$T/out" "$T/err" &&
   { [ ! -e "$T/clash.prof" ] || ! grep -qiE 'nan|inf' "$T/clash.prof"; }; then
  ok calibrate_clash_no_nan_inf
else bad calibrate_clash_no_nan_inf "exit $rc: $(head -n 2 "$T/out" "$T/err" | tr '\n' '|')"; fi
# every command's help is usage on stdout, exit 0; every command's bad flag is one line, exit 2
for c in array report calibrate refs logic tech sweep energy-fit fit-area energy; do
  if "$A" $c --help >"$T/out" 2>"$T/err" && grep -q '^usage' "$T/out" && [ ! -s "$T/err" ]; then
    ok "help_$c"
  else bad "help_$c" "exit $?"; fi
  check_bad "bogus_flag_$c" $c --bogus
done
if "$A" -h >"$T/out" 2>&1 && grep -q '^usage' "$T/out"; then ok help_short; else bad help_short; fi
# no nan or inf in any output of the report, in any format and at any node
nonum=1
for f in text md csv json svg; do
  for nm in 0 22 40 90; do
    if [ "$nm" = 0 ]; then "$A" report --format $f >"$T/out" 2>&1; else "$A" report --format $f --tech $nm >"$T/out" 2>&1; fi
    if grep -qiE '(^|[^a-z])(nan|inf|infinity)([^a-z]|$)' "$T/out"; then nonum=0; bad "report_no_nan_inf_${f}_$nm" "$(grep -iE 'nan|inf' "$T/out" | head -n 1)"; fi
  done
done
[ $nonum -eq 1 ] && ok report_no_nan_inf_any_format_any_node

# --goal: the least-area organisation is smaller than the default (delay) one for a large array
"$A" array --kind ram --entries 2048 --width 1024 --tech 40 >"$T/gd" 2>&1
"$A" array --kind ram --entries 2048 --width 1024 --tech 40 --goal area >"$T/ga" 2>&1
vd=$(last_area "$T/gd"); va=$(last_area "$T/ga")
if grep -q 'goal delay' "$T/gd" && grep -q 'goal area' "$T/ga" &&
   awk -v d="$vd" -v a="$va" 'BEGIN { exit !(a > 0 && a < d) }'; then ok array_goal_area_smaller
else bad array_goal_area_smaller "$vd vs $va"; fi
check_bad array_goal_bogus array $R --tech 40 --goal speed
check_bad report_goal_bogus report --goal fast
# the CACTI run table is read as it comes, and the fit on it stays near the defaults
if "$A" calibrate --refs tests/data/cacti7_tuning.csv >"$T/cal7" 2>"$T/err" &&
   [ "$(grep -c '^  [a-z]' "$T/cal7")" -ge 36 ] && ! grep -qiE '(^|[^a-z])(nan|inf)([^a-z]|$)' "$T/cal7"; then
  ok calibrate_reads_cacti7_table
else bad calibrate_reads_cacti7_table "$(head -n 1 "$T/err")"; fi


# ---------------------------------------------------------------- sweep
# every structure area/ models, across one of its parameters: a table whose
# area grows with the parameter, and a chart that a real renderer accepts
for spec in "simt_stack DEPTH=4,8,16" "dpe_stack DEPTH=4,8,16" "shadow_scoreboard ENTRIES=2,4,8" \
            "lane_regfile ENTRIES=128,256,512" "pc_warp_lut ENTRIES=16,32,64" \
            "hct_cct_heap CCT=32,64,128" "warp_pool POOL=64,128,256" "dwf LUT_ENTRIES=16,32,64" \
            "tsimt_lane WARP=8,16,32" "tsimt_frontend WARPS=8,16,32" \
            "two_level_sched WARPS=16,32,64" "lwm_subwarp N=8,16,32" "lane_shuffle LANES=8,16,32" \
            "swi_sched WAYS=2,4,6" "sbi_scoreboard DEPTH=2,4,6"; do
  set -- $spec
  m=$1; p=$2
  # sbi_scoreboard is costed once its C model is in the tree (area/structs.c)
  if [ "$m" = sbi_scoreboard ] && ! "$A" sweep --module nope --param X=1,2 2>&1 | grep -q ' sbi_scoreboard'; then
    continue
  fi
  if "$A" sweep --module "$m" --param "$p" --tech 40 --svg "$T/sw_$m.svg" >"$T/sw_$m.txt" 2>"$T/err" &&
     [ ! -s "$T/err" ] && [ "$(grep -c " $m " "$T/sw_$m.txt")" -eq 3 ] &&
     awk -v m="$m" '$2 == m { if (n++ && !($3 > prev)) bad = 1; prev = $3 } END { exit bad || n != 3 }' "$T/sw_$m.txt" &&
     ! grep -qiE '(^|[^a-z])(nan|inf)([^a-z]|$)' "$T/sw_$m.txt" "$T/sw_$m.svg"; then
    ok "sweep_${m}_table_grows"
  else bad "sweep_${m}_table_grows" "$(head -n 1 "$T/err")"; fi
  if command -v rsvg-convert >/dev/null 2>&1; then
    if rsvg-convert "$T/sw_$m.svg" -o "$T/sw_$m.png" 2>"$T/err" &&
       [ "$(head -c 8 "$T/sw_$m.png" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ] &&
       [ "$(grep -c '<polyline' "$T/sw_$m.svg")" -eq 1 ] && [ "$(grep -c '<circle' "$T/sw_$m.svg")" -eq 3 ]; then
      ok "sweep_${m}_svg_renders"
    else bad "sweep_${m}_svg_renders" "$(head -n 1 "$T/err")"; fi
  else bad "sweep_${m}_svg_renders" "rsvg-convert not installed (make deps: librsvg2-bin)"; fi
done
# ... and that is every module the estimator knows (its own list, from the error message)
known=$("$A" sweep --module nope --param X=1,2 2>&1 | sed -n 's/.*(known: \(.*\)).*/\1/p')
missing=""
for m in $known; do [ -s "$T/sw_$m.svg" ] || missing="$missing $m"; done
if [ -n "$known" ] && [ -z "$missing" ]; then ok sweep_covers_every_known_module
else bad sweep_covers_every_known_module "not swept:${missing:- (no list)}"; fi
# the README's example: the DPE stack beside the SPE stack, one line each
if "$A" sweep --module dpe_stack,simt_stack --param DEPTH=2,4,8,16,32 --format svg -o "$T/sw2.svg" 2>"$T/err" &&
   [ "$(grep -c '<polyline' "$T/sw2.svg")" -eq 2 ] && rsvg-convert "$T/sw2.svg" -o "$T/sw2.png" 2>>"$T/err" &&
   [ "$(wc -c <"$T/sw2.png")" -gt 10000 ]; then
  ok sweep_two_modules_one_chart
else bad sweep_two_modules_one_chart "$(head -n 1 "$T/err")"; fi
# the README's lwm_subwarp example: (3 + LARGE_WARPS) x 256 bits of 004 sec. 3.4, the control
# (1 + 1 + 1 + LW_W + 2 + 1 + LW_W + 1 + 9 with the row mode's bit, a wait bit, a jump bit and a
# 9-bit count per large warp), the kept
# branch (3 x 32) and per large warp its stack (8 x (32 + 256 + 32)) and 4-bit depth counter
if "$A" sweep --module lwm_subwarp --param LARGE_WARPS=1,2,4,8,16 --format csv >"$T/lwm.csv" 2>"$T/err" &&
   [ "$(cut -d, -f6 "$T/lwm.csv" | tail -n +2 | tr '\n' ' ')" = "3713 6544 12208 23534 46184 " ]; then
  ok sweep_lwm_subwarp_readme_example_bits
else bad sweep_lwm_subwarp_readme_example_bits "$(cut -d, -f6 "$T/lwm.csv" | tr '\n' ' ') $(head -n 1 "$T/err")"; fi
# the same point as `logic`'s module at the same parameters, and csv
if "$A" sweep --module simt_stack --param DEPTH=4,8 --param WARPS=4 --format csv >"$T/sw.csv" 2>"$T/err" &&
   head -n 1 "$T/sw.csv" | grep -q '^DEPTH,module,tech_nm,goal,area_mm2,storage_bits' &&
   "$A" logic --module simt_stack --param WARPS=4 --param DEPTH=8 >"$T/lg" 2>&1; then
  a=$(awk -F, '$1 == 8 { print $5 }' "$T/sw.csv")
  b=$(sed -n 's/^storage_bits //p' "$T/lg")
  c=$(awk -F, '$1 == 8 { print $6 }' "$T/sw.csv")
  if [ -n "$a" ] && [ "$b" = "$c" ]; then ok sweep_matches_module_bits; else bad sweep_matches_module_bits "$c vs $b"; fi
else bad sweep_matches_module_bits "$(head -n 1 "$T/err")"; fi
check_bad sweep_no_module sweep --param DEPTH=4,8
check_bad sweep_no_list sweep --module simt_stack --param DEPTH=4
check_bad sweep_two_lists sweep --module simt_stack --param DEPTH=4,8 --param WARPS=2,4
check_bad sweep_unknown_module sweep --module nope --param DEPTH=4,8
check_bad sweep_unknown_param sweep --module simt_stack --param FOO=4,8
check_bad sweep_value_rejected_by_cfg sweep --module warp_pool --param POOL=64,100
check_bad sweep_value_zero sweep --module simt_stack --param DEPTH=0,4
check_bad sweep_bad_value sweep --module simt_stack --param DEPTH=4,x
check_bad sweep_module_lacks_param sweep --module simt_stack,pc_warp_lut --param DEPTH=4,8
check_bad sweep_unwritable_svg sweep --module simt_stack --param DEPTH=4,8 --svg /nonexistent-dir/s.svg
check_bad sweep_bad_format sweep --module simt_stack --param DEPTH=4,8 --format png

# -------------------------------------------------------------- report
if "$A" report >"$T/report.txt" 2>"$T/err" && [ ! -s "$T/err" ] &&
   [ "$(grep -c '^== 00[0-4]: ' "$T/report.txt")" -eq 5 ] &&
   grep -q 'not modelled yet' "$T/report.txt" && grep -q 'Register file' "$T/report.txt"; then
  ok report_text_all_papers
else bad report_text_all_papers "$(head -n 1 "$T/err")"; fi

# what `make area` runs
all_formats=1
for f in md csv json svg; do
  if ! "$A" report --paper all --energy --format $f -o "$T/area_report.$f" 2>"$T/err" || [ ! -s "$T/area_report.$f" ]; then
    all_formats=0
    bad "report_format_$f" "$(head -n 1 "$T/err")"
  fi
done
[ $all_formats -eq 1 ] && ok report_all_formats_written

if [ -s "$T/area_report.csv" ] &&
   head -n 1 "$T/area_report.csv" | grep -q '^paper,tech_nm,paper_nm,component,status,unit,ours,published,published_text,ratio' &&
   [ "$(cut -d, -f1 "$T/area_report.csv" | sort -u | grep -c '^00[0-4]$')" -eq 5 ]; then
  ok report_csv_header_and_papers
else bad report_csv_header_and_papers; fi

if [ -s "$T/area_report.md" ] && grep -q '^| Component | Status | Ours | Published | Ratio' "$T/area_report.md" &&
   [ "$(grep -c '^## 00[0-4]: ' "$T/area_report.md")" -eq 5 ]; then
  ok report_md_tables
else bad report_md_tables; fi

if command -v python3 >/dev/null 2>&1; then
  if python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert len(d["papers"]) == 5; assert all(len(p["rows"]) > 0 for p in d["papers"])' "$T/area_report.json" 2>"$T/err"; then
    ok report_json_parses
  else bad report_json_parses "$(tail -n 1 "$T/err")"; fi
else
  if [ "$(tr -cd '{' <"$T/area_report.json" | wc -c)" -eq "$(tr -cd '}' <"$T/area_report.json" | wc -c)" ]; then
    ok report_json_balanced
  else bad report_json_balanced; fi
fi

# the SVG renders with a real renderer
if command -v rsvg-convert >/dev/null 2>&1; then
  if rsvg-convert "$T/area_report.svg" -o "$T/area_report.png" 2>"$T/err" &&
     [ "$(head -c 8 "$T/area_report.png" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ] &&
     [ "$(wc -c <"$T/area_report.png")" -gt 20000 ]; then
    ok report_svg_renders_to_png
  else bad report_svg_renders_to_png "$(head -n 1 "$T/err")"; fi
else bad report_svg_renders_to_png "rsvg-convert not installed (make deps: librsvg2-bin)"; fi

# a single paper at another node: published figures scaled by F^2
if "$A" report --paper 002 --tech 22 >"$T/out" 2>&1 && grep -q 'scaled by F^2 from 40 nm' "$T/out" &&
   [ "$(grep -c '^== ' "$T/out")" -eq 1 ]; then
  ok report_tech_override
else bad report_tech_override; fi


# ------------------------------------------- one node for comparisons (item 5)
if "$A" report --view node --tech 40 --format csv -o "$T/node.csv" 2>"$T/err" &&
   "$A" report --tech 40 --format csv -o "$T/all40.csv" 2>>"$T/err"; then
  # every paper's area rows, all at 40 nm, the same rows as the per-paper report at 40 nm
  n_node=$(grep -c '^row,' "$T/node.csv")
  n_all=$(python3 -c 'import csv,sys; print(sum(1 for r in csv.DictReader(open(sys.argv[1])) if r["unit"] == "mm2" and (r["ours"] or r["published"])))' "$T/all40.csv")
  papers=$(grep '^row,' "$T/node.csv" | cut -d, -f2 | sort -u | tr '\n' ' ')
  if [ "$n_node" -gt 0 ] && [ "$n_node" -eq "$n_all" ] && [ "$papers" = "000 001 002 003 004 " ] &&
     [ "$(grep '^row,' "$T/node.csv" | cut -d, -f3 | sort -u)" = "40" ]; then
    ok report_node_view_every_paper_at_40nm
  else bad report_node_view_every_paper_at_40nm "$n_node vs $n_all rows, papers: $papers"; fi
  # 000's warp pool, published at 90 nm, appears scaled by F^2 to 40 nm
  if grep '^row,000,40,Warp pool,' "$T/node.csv" | awk -F, '{ exit !($7 > 0.1386 && $7 < 0.1388) }'; then
    ok report_node_view_scales_published
  else bad report_node_view_scales_published "$(grep '^row,000,40,Warp pool,' "$T/node.csv")"; fi
  if [ "$(grep -c '^mechanism,' "$T/node.csv")" -ge 5 ] && grep -q '^mechanism,000,40,DWF' "$T/node.csv" &&
     grep -q '^mechanism,001,40,SBI' "$T/node.csv" && grep -q '^mechanism,002,40,TSIMT' "$T/node.csv" &&
     grep -q '^mechanism,003,40,DPE' "$T/node.csv" && grep -q '^mechanism,004,40,LWM' "$T/node.csv"; then
    ok report_node_view_mechanisms_side_by_side
  else bad report_node_view_mechanisms_side_by_side; fi
else bad report_node_view "$(head -n 1 "$T/err")"; fi
if "$A" report --view node >"$T/out" 2>&1 && head -n 1 "$T/out" | grep -q 'one node: 40 nm' &&
   "$A" report --view node --format md >"$T/out.md" 2>&1 && grep -q '^## Mechanisms side by side' "$T/out.md"; then
  ok report_node_view_default_40nm_text_md
else bad report_node_view_default_40nm_text_md; fi
check_bad report_view_bogus report --view all
check_bad report_node_view_json report --view node --format json

# ------------------------------------------------ refs and calibrate
if "$A" refs --paper 000 -o "$T/refs000.csv" 2>"$T/err" &&
   [ "$(grep -c '^[a-z]*,90,' "$T/refs000.csv")" -eq 7 ]; then
  ok refs_000_seven_arrays
else bad refs_000_seven_arrays "$(head -n 1 "$T/err")"; fi

if "$A" calibrate --refs "$T/refs000.csv" -o "$T/p000.prof" >"$T/cal.txt" 2>"$T/err"; then
  read -r before after < <(sed -n 's/^rms_relative_error before \([0-9.]*\) after \([0-9.]*\)$/\1 \2/p' "$T/cal.txt")
  if [ -n "${before:-}" ] && awk -v b="$before" -v a="$after" 'BEGIN { exit !(a < b) }'; then
    ok "calibrate_000_improves_residual ($before -> $after)"
  else bad calibrate_000_improves_residual "$(tail -n 3 "$T/cal.txt" | tr '\n' '|')"; fi
  if [ "$(grep -c '^k_' "$T/p000.prof")" -eq 6 ] && [ "$(grep -c '^  000 ' "$T/cal.txt")" -eq 7 ]; then
    ok calibrate_profile_and_residual_rows
  else bad calibrate_profile_and_residual_rows; fi
else bad calibrate_000 "exit $?: $(head -n 1 "$T/err")"; fi

if [ -s "$T/p000.prof" ]; then
  "$A" array $R --tech 90 >"$T/a1" 2>&1
  "$A" array $R --tech 90 --profile "$T/p000.prof" >"$T/a2" 2>&1
  v1=$(last_area "$T/a1"); v2=$(last_area "$T/a2")
  if [ -n "$v1" ] && [ -n "$v2" ] && [ "$v1" != "$v2" ]; then ok array_profile_changes_area; else bad array_profile_changes_area "$v1 vs $v2"; fi
  if "$A" report --paper 000 --profile "$T/p000.prof" --format csv -o "$T/r.csv" 2>"$T/err" &&
     "$A" report --paper 000 --profile "$T/p000.prof" | head -n 1 | grep -q "profile $T/p000.prof"; then
    ok report_with_profile
  else bad report_with_profile "$(head -n 1 "$T/err")"; fi
fi

# ---------------------------------------------------------------- logic
if "$A" logic --module simt_stack --param WARPS=4 --param LANES=8 --param DEPTH=4 --param PC_W=8 >"$T/out" 2>"$T/err" &&
   grep -q '^flipflops 396$' "$T/out" && grep -q '^comb_transistors [0-9]' "$T/out"; then
  ok logic_simt_stack_small
else bad logic_simt_stack_small "$(head -n 1 "$T/err")"; fi

# MERGE (merge on push, simt_rule): a switch that may be 0; MERGE=0 drops the
# run's comparators and the merge's ports, so the stacks cost less (same
# flip-flops), and the default equals MERGE=1; 2 is refused by the cfg check
for mp in "simt_stack WARPS=4 LANES=8 DEPTH=4 PC_W=8" "lwm_subwarp LARGE_WARPS=2 K=4 N=4 DEPTH=4 PC_W=8"; do
  m=${mp%% *} pa=()
  for p in ${mp#* }; do pa+=(--param "$p"); done
  for v in 0 1 def; do
    if [ $v = def ]; then "$A" logic --module "$m" "${pa[@]}" >"$T/m$v" 2>"$T/err"
    else "$A" logic --module "$m" "${pa[@]}" --param MERGE=$v >"$T/m$v" 2>"$T/err"; fi || echo "exit $?" >>"$T/err"
  done
  g() { sed -n "s/^$1 //p" "$T/m$2"; }
  if [ ! -s "$T/err" ] && [ -n "$(g comb_transistors 0)" ] &&
     awk -v a="$(g comb_transistors 0)" -v b="$(g comb_transistors 1)" -v x="$(g area_mm2 0)" -v y="$(g area_mm2 1)" \
       'BEGIN { exit !(a > 0 && a < b && x > 0 && x < y) }' &&
     [ "$(g flipflops 0)" = "$(g flipflops 1)" ] && cmp -s "$T/m1" "$T/mdef" &&
     ! grep -q '^  item merge on push' "$T/m0" && grep -q '^  item merge on push' "$T/m1"; then
    ok "logic_${m}_merge0_smaller"
  else bad "logic_${m}_merge0_smaller" "$(head -n 1 "$T/err") MERGE=0: $(g area_mm2 0), MERGE=1: $(g area_mm2 1)"; fi
  check_bad "logic_${m}_merge_2" logic --module "$m" --param MERGE=2
done
if "$A" sweep --module simt_stack,lwm_subwarp --param MERGE=0,1 >"$T/out" 2>"$T/err" &&
   [ "$(grep -cE '^ +[01] +(simt_stack|lwm_subwarp) ' "$T/out")" = 4 ]; then
  ok sweep_merge_0_1
else bad sweep_merge_0_1 "$(head -n 1 "$T/err")"; fi

# verilog/pc_warp_lut.v at small parameters: 8 x {PC 8, OCC 4, IDX 4} + 8 valid + 4 LRU
if "$A" logic --module pc_warp_lut --param ENTRIES=8 --param LANES=4 --param PC_W=8 --param POOL=16 >"$T/out" 2>"$T/err" &&
   grep -q '^flipflops 140$' "$T/out" && grep -q '^storage_bits 140$' "$T/out" && grep -q '^comb_transistors [0-9]' "$T/out"; then
  ok logic_pc_warp_lut_small
else bad logic_pc_warp_lut_small "$(head -n 1 "$T/err")"; fi
check_bad logic_pc_warp_lut_ways logic --module pc_warp_lut --param WAYS=4

# the 000 report costs the PC-warp LUT from its cfg, beside Table 1
if "$A" report --paper 000 --format csv -o "$T/r000.csv" 2>"$T/err" &&
   grep -q '^000,90,90,PC-warp LUT,modelled,mm2,[0-9.e-]*,0.189,' "$T/r000.csv"; then
  ok report_000_pc_warp_lut_modelled
else bad report_000_pc_warp_lut_modelled "$(grep 'PC-warp LUT' "$T/r000.csv" | head -n 1)"; fi

# verilog/hct_cct_heap.v at small parameters: HCT 4 x 37, CCT 8 x 20, 80 control bits
# (the per-warp lo/dcnt flags and the per-entry unsorted bit included) = 388, the
# RTL's registers, which is what Yosys counts (`make area-yosys`, synth -nordff);
# Yosys's default synth says 394: it adds a 3-bit copy of s_cur_q's and of
# s_node_q's next value as memory read-address registers (area/yosys_compare.sh)
if "$A" logic --module hct_cct_heap --param WARPS=4 --param LANES=8 --param CCT=8 --param PC_W=8 >"$T/out" 2>"$T/err" &&
   grep -q '^flipflops 388$' "$T/out" && grep -q '^storage_bits 388$' "$T/out" && grep -q '^comb_transistors [0-9]' "$T/out" &&
   grep -q 'item HCT sorting networks' "$T/out" && grep -q 'item CCT sideband sorter' "$T/out"; then
  ok logic_hct_cct_heap_small
else bad logic_hct_cct_heap_small "$(head -n 1 "$T/err")"; fi
# the structures of 004 and 001 sec. 4 at the points area/yosys_compare.sh synthesizes:
# the flip-flops Yosys counts there (the RTL's registers)
for spec in "two_level_sched 16 WARPS=16 GROUP_SIZE=4 TIMEOUT=64" "lwm_subwarp 264 LARGE_WARPS=2 K=4 N=4 DEPTH=2 PC_W=8" \
            "lane_shuffle 0 LANES=8 WARPS=6" "swi_sched 119 SETS=2 WAYS=2 LANES=8 PC_W=8" \
            "sbi_scoreboard 256 WARPS=4 DEPTH=4 REG_W=4"; do
  set -- $spec
  m=$1; want=$2; shift 2
  if [ "$m" = sbi_scoreboard ] && ! "$A" sweep --module nope --param X=1,2 2>&1 | grep -q ' sbi_scoreboard'; then
    continue # costed once its C model is in the tree
  fi
  pa=()
  for kv in "$@"; do pa+=(--param "$kv"); done
  if "$A" logic --module "$m" "${pa[@]}" >"$T/out" 2>"$T/err" && grep -q "^flipflops $want\$" "$T/out" &&
     grep -q "^storage_bits $want\$" "$T/out" && grep -q '^comb_transistors [1-9]' "$T/out"; then
    ok "logic_${m}_small_flops_$want"
  else bad "logic_${m}_small_flops_$want" "$(grep flipflops "$T/out") $(head -n 1 "$T/err")"; fi
done
check_bad logic_hct_cct_heap_cct_1 logic --module hct_cct_heap --param CCT=1
check_bad logic_hct_cct_heap_bad_param logic --module hct_cct_heap --param DEPTH=4

# the 001 report costs the HCT and CCT from hct_cct_heap_cfg, beside Table 4
if "$A" report --paper 001 --format csv -o "$T/r001.csv" 2>"$T/err" &&
   grep -q '^001,40,40,"HCT, SBI",modelled,mm2,[0-9.e-]*,0.0888,,[0-9.e-]*,' "$T/r001.csv" &&
   grep -q '^001,40,40,"CCT, SBI",modelled,mm2,[0-9.e-]*,0.4808,,[0-9.e-]*,' "$T/r001.csv" &&
   grep -q '^001,40,40,"HCT storage, SBI",modelled,bits,4824,4824,,1,' "$T/r001.csv" &&
   ! grep -q 'HCT/CCT not modelled' "$T/r001.csv"; then
  ok report_001_hct_cct_modelled
else bad report_001_hct_cct_modelled "$(grep 'CT, SBI' "$T/r001.csv" | head -n 2)"; fi

# verilog/warp_pool.v at small parameters: pool 16 x 28 + 16 x 6 flags, 16 in-pool bits,
# free list 16 x 4 + head 4 + count 5, table 4 x 12 + 4 valid, 16 batch marks, untr_cnt 5,
# lslot 2, turn 1
if "$A" logic --module warp_pool --param LANES=4 --param POOL=16 --param TID_W=4 --param PC_W=8 --param SCHED_W=4 --param MAJ=4 >"$T/out" 2>"$T/err" &&
   grep -q '^flipflops 709$' "$T/out" && grep -q '^storage_bits 709$' "$T/out" && grep -q '^comb_transistors [0-9]' "$T/out" &&
   grep -q 'item TID memories' "$T/out" && grep -q 'item majority table logic' "$T/out"; then
  ok logic_warp_pool_small
else bad logic_warp_pool_small "$(head -n 1 "$T/err")"; fi
if "$A" logic --module warp_pool --param LANES=4 --param POOL=16 --param TID_W=4 --param POLICY=3 >"$T/out" 2>"$T/err" &&
   grep -q 'item issue selection' "$T/out" && ! grep -q 'majority' "$T/out"; then
  ok logic_warp_pool_dpc_no_table
else bad logic_warp_pool_dpc_no_table "$(head -n 1 "$T/err")"; fi
# verilog/tsimt_lane.v and tsimt_frontend.v at small parameters: the flip-flops Yosys builds
# (lane: instr 8 + warp 2 + mask 8 + busy + pos 3 + scalar = 23; front end: 4 x {instr 8, mask 8,
# scalar} + 4 valid + rr 1 + wp 2 x 1 + 3 x 8 counters + 2 lanes x 23 = 145)
if "$A" logic --module tsimt_lane --param WARP=8 --param K=1 --param INSTR_W=8 --param WID_W=2 >"$T/out" 2>"$T/err" &&
   grep -q '^flipflops 23$' "$T/out" && grep -q '^storage_bits 23$' "$T/out" &&
   "$A" logic --module tsimt_frontend --param LANES=2 --param WARPS=4 --param WARP=8 --param K=1 --param INSTR_W=8 --param CNT_W=8 >"$T/out" 2>>"$T/err" &&
   grep -q '^flipflops 145$' "$T/out" && grep -q '^storage_bits 145$' "$T/out" && grep -q 'item lane sequencer' "$T/out"; then
  ok logic_tsimt_lane_and_frontend_small
else bad logic_tsimt_lane_and_frontend_small "$(head -n 1 "$T/err")"; fi
check_bad logic_tsimt_frontend_lanes_not_dividing logic --module tsimt_frontend --param LANES=3
check_bad logic_warp_pool_pool_not_pow2 logic --module warp_pool --param POOL=12
check_bad logic_warp_pool_swizzle_not_a_param logic --module warp_pool --param SWIZZLE=1

# the 000 report costs every Table 1 part from its cfg: real totals with ratios
if [ -s "$T/r000.csv" ] &&
   grep -q '^000,90,90,Warp update registers,modelled,mm2,[0-9.e-]*,0.008,,[0-9.e-]*,' "$T/r000.csv" &&
   grep -q '^000,90,90,Warp pool,modelled,mm2,[0-9.e-]*,0.702,,[0-9.e-]*,' "$T/r000.csv" &&
   grep -q '^000,90,90,Warp allocator,modelled,mm2,[0-9.e-]*,0.061,,[0-9.e-]*,' "$T/r000.csv" &&
   grep -q '^000,90,90,Majority issue logic,modelled,mm2,[0-9.e-]*,1.511,,[0-9.e-]*,' "$T/r000.csv" &&
   grep -q '^000,90,90,DWF scheduler total (Table 1),summary,mm2,[0-9.e-]*,2.471,,[0-9.e-]*,' "$T/r000.csv" &&
   grep -q '^000,90,90,DWF overhead per core,summary,mm2,[0-9.e-]*,2.799,,[0-9.e-]*,' "$T/r000.csv" &&
   grep -q '^000,90,90,"Overhead of a 480 mm^2 chip, 8 cores",summary,%,[0-9.e-]*,4.7,,[0-9.e-]*,' "$T/r000.csv" &&
   ! grep -q '^000,.*not modelled' "$T/r000.csv"; then
  ok report_000_every_dwf_part_modelled
else bad report_000_every_dwf_part_modelled "$(grep -E 'Warp|DWF|Overhead' "$T/r000.csv" | head -n 3)"; fi

# ------------------------------------------------------ energy (issue 29)
# array --energy: the four figures beside area_mm2, which stays the last line
if "$A" array --kind cam --entries 64 --width 32 --rw-ports 0 --rd-ports 2 --wr-ports 1 \
     --search-ports 2 --tech 40 --energy >"$T/out" 2>"$T/err" &&
   [ -n "$(last_area "$T/out")" ] && [ ! -s "$T/err" ] &&
   awk '/^(read|write|search)_nJ |^leak_mW /{ if (!($2 > 0 && $2 < 1e3)) bad = 1; n++ }
        END { exit !(n == 4 && !bad) }' "$T/out"; then
  ok array_energy_four_figures
else bad array_energy_four_figures "$(grep -E '_nJ|_mW' "$T/out" | tr '\n' '|')"; fi
# more ports cost more, in every figure but search
e_of() { "$A" array --kind ram --entries 1024 --width 64 --tech 45 --energy "$@" | awk -v k="$K" '$1 == k { print $2 }'; }
ok_ports=1
for K in read_nJ write_nJ leak_mW; do
  a=$(e_of --rw-ports 0 --rd-ports 1 --wr-ports 1); b=$(e_of --rw-ports 0 --rd-ports 2 --wr-ports 1)
  awk -v a="$a" -v b="$b" 'BEGIN { exit !(b > a && a > 0) }' || ok_ports=0
done
if [ $ok_ports = 1 ]; then ok array_energy_more_ports_cost_more; else bad array_energy_more_ports_cost_more; fi
# banked: every bank's leakage and CACTI's one-bank convention
if "$A" array --kind ram --entries 2048 --width 32 --banks 8 --tech 40 --energy >"$T/out" 2>&1 &&
   grep -q '^leak_one_bank_mW ' "$T/out"; then
  ok array_energy_banked_one_bank_line
else bad array_energy_banked_one_bank_line; fi
# outside the range checked against CACTI: one line, exit 2
check_bad energy_tiny_sram array --kind ram --entries 8 --width 32 --tech 40 --energy
check_bad energy_too_deep array --kind ram --entries 65536 --width 32 --tech 40 --energy
check_bad energy_too_many_ports array --kind ram --entries 256 --width 32 --rw-ports 0 --rd-ports 8 --wr-ports 4 --tech 40 --energy
# the same arrays without --energy still cost their area
check_array array_tiny_sram_area_only --kind ram --entries 8 --width 32 --tech 40
# report --energy: the five columns on every format that takes them
if "$A" report --paper 003 --energy --format csv -o "$T/e.csv" 2>"$T/err" &&
   head -n 1 "$T/e.csv" | grep -q ',read_nJ,write_nJ,search_nJ,logic_nJ,leak_mW$' &&
   grep -q '^003,40,40,SPE stack,modelled,mm2,.*,[0-9.e-]*,[0-9.e-]*,0,[0-9.e-]*,[0-9.e-]*$' "$T/e.csv" &&
   "$A" report --paper 002 --energy --format md -o "$T/e.md" &&
   grep -q '| Read nJ | Write nJ | Search nJ | Logic nJ | Leak mW |' "$T/e.md" &&
   "$A" report --paper 001 --energy >"$T/e.txt" && grep -q 'read_nJ write_nJ search_nJ logic_nJ leak_mW' "$T/e.txt" &&
   "$A" report --paper 004 --format json -o "$T/e.json" && grep -q '"energy": {"read_nJ": ' "$T/e.json" &&
   ! grep -qiE 'nan|inf' "$T/e.csv" "$T/e.md" "$T/e.txt" "$T/e.json"; then
  ok report_energy_columns
else bad report_energy_columns "$(head -n 2 "$T/e.csv" 2>/dev/null | tr '\n' '|') $(head -n 1 "$T/err")"; fi
# the SVG's energy chart renders
if "$A" report --format svg -o "$T/e.svg" && grep -q 'Energy: one access' "$T/e.svg" &&
   { ! command -v rsvg-convert >/dev/null || rsvg-convert "$T/e.svg" -o "$T/e.png"; }; then
  ok report_svg_energy_chart
else bad report_svg_energy_chart; fi
# energy-fit on the CACTI runs: per-run table, the three summaries
if "$A" energy-fit --refs tests/data/cacti7_energy_tuning.csv --folds 3 >"$T/ef" 2>"$T/err" &&
   grep -q '^built-in constants on these runs: .*read median' "$T/ef" &&
   grep -q '^refit on these runs: ' "$T/ef" &&
   grep -q '^3-fold cross-validation (held-out proxy): ' "$T/ef" &&
   [ "$(grep -c '_[0-9]*nm ' "$T/ef")" -eq 45 ]; then
  ok energy_fit_reports_fit_and_crossvalidation
else bad energy_fit_reports_fit_and_crossvalidation "$(head -n 1 "$T/err")"; fi
# --worst N: N runs, largest held-out read-or-write error first, with our organisation
if "$A" energy-fit --refs tests/data/cacti7_energy_tuning.csv --folds 3 --worst 4 >"$T/ef" 2>"$T/err" &&
   sed -n '/^4 worst runs held out (3-fold/,$p' "$T/ef" >"$T/efw" &&
   [ "$(grep -c '_[0-9]*nm ' "$T/efw")" -eq 4 ] && grep -q ' bk mux subs ' "$T/efw" &&
   awk '/_[0-9]*nm / { r = $3 + 0; w = $4 + 0; if (r < 0) r = -r; if (w < 0) w = -w;
                       k = r > w ? r : w; if (n++ && k > last) exit 1; last = k }' "$T/efw"; then
  ok energy_fit_worst_runs
else bad energy_fit_worst_runs "$(head -n 1 "$T/err")"; fi
# --terms: each worst run's read and write (a CAM's search too) split by term, in % summing to 100
if "$A" energy-fit --refs tests/data/cacti7_energy_tuning.csv --folds 3 --worst 3 --terms >"$T/ef" 2>"$T/err" &&
   sed -n '/^3 worst runs held out (3-fold/,$p' "$T/ef" >"$T/efw" &&
   [ "$(grep -c '^    read   ours (refit on all) ' "$T/efw")" -eq 3 ] &&
   [ "$(grep -c '^    write  ours (refit on all) ' "$T/efw")" -eq 3 ] &&
   awk '/^    (read|write|search) / { s = 0; for (i = 1; i <= NF; i++) if ($i ~ /^(e_|logic)/) s += $(i + 1);
                                        if (s < 96 || s > 104) exit 1; n++ } END { exit n < 6 }' "$T/efw"; then
  ok energy_fit_terms
else bad energy_fit_terms "$(head -n 1 "$T/err")"; fi
# --parts: every run carrying CACTI 7's read-energy parts, both splits side by side (the CACTI
# column is the run's read energy), and the ratio per part; a table without them says so
if "$A" energy-fit --refs tests/data/cacti7_energy_parts.csv --folds 3 --parts >"$T/ef" 2>"$T/err" &&
   sed -n '/^read energy by part, CACTI 7 \/ ours/,/^per part,/p' "$T/ef" >"$T/efp" &&
   [ "$(grep -c '_[0-9]*nm ' "$T/efp")" -eq 43 ] &&
   [ "$(sed -n '/^per part, CACTI \/ ours/,/^refit on all/p' "$T/ef" | grep -cE '^  (row|bitline|sense|data|network) ')" -eq 5 ] &&
   awk -F, 'FNR == NR { if (FNR > 1) ref[$1] = $13 * 1000; next }
            FNR != NR && /_[0-9]*nm / { if (!($1 in ref) || ($3 - ref[$1]) > 0.0015 * ref[$1] + 0.001 ||
                                           (ref[$1] - $3) > 0.0015 * ref[$1] + 0.001) exit 1; n++ }
            END { exit n != 43 }' tests/data/cacti7_energy_parts.csv FS=' +' <(sed 's/^ *//' "$T/efp") &&
   "$A" energy-fit --refs tests/data/cacti7_energy_tuning.csv --folds 3 --parts 2>"$T/err" |
     grep -q "no run carries CACTI's read-energy parts"; then
  ok energy_fit_parts
else bad energy_fit_parts "$(head -n 1 "$T/err")"; fi
printf 'name,type,tech_nm,entries,width_bits,rw_ports,rd_ports,wr_ports,search_ports,banks,area_mm2,bitlines_nJ\nr,ram,90,256,32,1,0,0,0,1,0.015,-1\n' >"$T/badparts.csv"
check_bad energy_fit_bad_part_value energy-fit --refs "$T/badparts.csv" --parts
check_bad energy_fit_terms_needs_worst energy-fit --refs tests/data/cacti7_energy_tuning.csv --terms
check_bad energy_fit_bad_worst energy-fit --refs tests/data/cacti7_energy_tuning.csv --worst 0
check_bad energy_fit_no_refs energy-fit
check_bad energy_fit_bad_folds energy-fit --refs tests/data/cacti7_energy_tuning.csv --folds 1
check_bad energy_fit_missing_file energy-fit --refs "$T/none.csv"
# energy --module: every module's items and totals, as area_struct_energy gives them
en_ok=1
for m in $("$A" --help | sed -n '/^ simt_stack/,/^--goal/p' | grep -v '^--goal'); do
  if "$A" energy --module "$m" --tech 45 >"$T/em" 2>"$T/err" && [ ! -s "$T/err" ] &&
     grep -q '^leak_mW [0-9.e-]*$' "$T/em" && [ -n "$(last_area "$T/em")" ] &&
     ! grep -qiE 'nan|inf' "$T/em"; then :; else en_ok=0; echo "  energy --module $m: $(head -n 1 "$T/err")"; fi
done
if [ $en_ok = 1 ]; then ok energy_every_module; else bad energy_every_module; fi
a=$("$A" energy --module simt_stack --param DEPTH=4 | sed -n 's/^leak_mW //p')
b=$("$A" energy --module simt_stack --param DEPTH=16 | sed -n 's/^leak_mW //p')
if awk -v a="$a" -v b="$b" 'BEGIN { exit !(b > a && a > 0) }'; then ok energy_deeper_stack_leaks_more
else bad energy_deeper_stack_leaks_more "$a -> $b"; fi
check_bad energy_unknown_module energy --module nope
check_bad energy_bad_param energy --module simt_stack --param NOPE=3
check_bad fit_area_no_refs fit-area
check_bad fit_area_bad_evals fit-area --refs tests/data/cacti7_tuning.csv --evals 0
check_bad fit_area_bad_worst fit-area --refs tests/data/cacti7_tuning.csv --worst x
# fit-area --worst without --folds ranks by the built-in error: the 64 x 32 two-search CAM at
# 40 nm first since the eleventh pass (area/README.md, "Area: the worst case"), its
# organisation beside it
if "$A" fit-area --refs tests/data/cacti7_tuning.csv --refs tests/data/cacti7_energy_tuning.csv \
     --evals 1 --worst 3 >"$T/fa" 2>"$T/err" &&
   sed -n '/^3 worst runs (by the built-in error)/,$p' "$T/fa" >"$T/faw" &&
   [ "$(grep -c '_[0-9]*nm ' "$T/faw")" -eq 3 ] &&
   grep '_[0-9]*nm ' "$T/faw" | head -n 1 | grep -q '^  xcam_64x32_2s1w_40nm *40 *+16\.0% *- *1 '; then
  ok fit_area_worst_runs
else bad fit_area_worst_runs "$(head -n 1 "$T/err")"; fi

# area rf: an allocation's register files (issue 26 sec. 4).  At Table I's allocation (16 vector
# registers, no scalar) the vector file is Table I's per-lane row of the 002 report; scalar
# registers add sregs x warps x 32 bits; the monolithic file (k = 8) is larger
RF="--vregs 16 --warps 32 --warp 32 --lanes 8"
# shellcheck disable=SC2086
if "$A" rf $RF --sregs 0 >"$T/out" 2>"$T/err" &&
   grep -q '^vector_rf 16 regs/thread: 524288 bits, ' "$T/out" &&
   grep -q '^scalar_rf 0 regs/warp: 0 bits, 0 mm2' "$T/out" &&
   v1=$(awk '/^vector_rf/ {print $(NF-1)}' "$T/out") &&
   t1=$("$A" report --paper 002 --format csv | sed -n 's/^002,40,40,"8 x 32-bit lane register files, total",modelled,mm2,\([^,]*\),.*/\1/p') &&
   awk -v a="$v1" -v b="$t1" 'BEGIN { exit !(b > 0 && (a - b) / b < 1e-5 && (b - a) / b < 1e-5) }' &&
   "$A" rf $RF --sregs 4 >"$T/out2" 2>>"$T/err" && grep -q '^scalar_rf 4 regs/warp: 4096 bits, ' "$T/out2" &&
   grep -q 'scalar_read [0-9]' "$T/out2" &&
   "$A" rf $RF --sregs 0 --k 8 >"$T/out3" 2>>"$T/err" &&
   v8=$(awk '/^vector_rf/ {print $(NF-1)}' "$T/out3") &&
   awk -v a="$v1" -v b="$v8" 'BEGIN { exit !(b > a) }'; then
  ok rf_allocation_register_files
else bad rf_allocation_register_files "$(head -n 1 "$T/err") v1=${v1:-} t1=${t1:-}"; fi
check_bad rf_missing_flag rf --vregs 16 --warps 32
check_bad rf_lanes_not_dividing_warps rf --vregs 16 --sregs 0 --warps 12 --warp 32 --lanes 8
check_bad rf_k_not_pow2 rf $RF --sregs 0 --k 3
check_bad rf_vregs_zero rf --vregs 0 --sregs 0 --warps 32 --warp 32 --lanes 8
check_bad rf_unknown_flag rf $RF --sregs 0 --bogus

# dpe_stack's MERGE (the sibling suspension's COMPACT, rtl_c/dpe_stack.h):
# MERGE=0 drops the slot search and its ports (same flip-flops), the
# default is MERGE=1, 2 is refused
dp=(--param WARPS=4 --param LANES=8 --param DEPTH=4 --param PC_W=8)
if "$A" logic --module dpe_stack "${dp[@]}" --param MERGE=0 >"$T/d0" 2>"$T/err" &&
   "$A" logic --module dpe_stack "${dp[@]}" --param MERGE=1 >"$T/d1" 2>>"$T/err" &&
   "$A" logic --module dpe_stack "${dp[@]}" >"$T/ddef" 2>>"$T/err" &&
   awk -v a="$(sed -n 's/^comb_transistors //p' "$T/d0")" -v b="$(sed -n 's/^comb_transistors //p' "$T/d1")" \
     -v x="$(sed -n 's/^area_mm2 //p' "$T/d0")" -v y="$(sed -n 's/^area_mm2 //p' "$T/d1")" \
     'BEGIN { exit !(a > 0 && a < b && x > 0 && x < y) }' &&
   [ "$(sed -n 's/^flipflops //p' "$T/d0")" = "$(sed -n 's/^flipflops //p' "$T/d1")" ] && cmp -s "$T/d1" "$T/ddef" &&
   ! grep -q '^  item sibling suspension' "$T/d0" && grep -q '^  item sibling suspension' "$T/d1"; then
  ok logic_dpe_stack_merge0_smaller
else bad logic_dpe_stack_merge0_smaller "$(head -n 1 "$T/err")"; fi
check_bad logic_dpe_stack_merge_2 logic --module dpe_stack --param MERGE=2

if [ $fails -gt 0 ]; then exit 1; fi
exit 0
