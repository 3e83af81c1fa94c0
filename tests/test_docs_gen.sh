#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# test_docs_gen.sh BUILD_DIR -- the lists on the structure pages agree with
# the code (tools/docs_gen.py --check; make docs rewrites them):
#
#   - every docs/NAME.md holds its parameter table and its coverage keys,
#     error codes and acts exactly as build/cosim_params and
#     build/cosim_NAME --list-coverage give them, and names no key or code
#     by hand that the code does not have;
#   - --list-coverage lists every key a run prints (a 20,000-cycle run of
#     each structure: the same keys in the same order);
#   - the check fails on planted stale pages: a key renamed in a coverage
#     table, an err_code with another name or without its row, an edited
#     generated list, a parameter's default changed, a generated section
#     removed; and make docs' rewrite repairs the generated ones.
# ok/FAIL lines as tests/run.sh counts them.
set -u
B=${1:-build}
Babs=$(cd "$B" && pwd)
T=$B/test/docs_gen
rm -rf "$T" && mkdir -p "$T"

tools/docs_gen.py --build "$B" --check

for c in "$B"/cosim_*; do
  s=${c##*/cosim_}
  [ -f "tb/${s}_cosim.cpp" ] || continue
  if "$c" --list-coverage >"$T/$s.list" 2>&1 &&
     "$c" --cycles 20000 --seed 3 --quiet >"$T/$s.run" 2>&1; then
    want=$(awk '$1 == "key" { printf "%s%s", sep, $2; sep = "," }' "$T/$s.list")
    got=$(sed -n 's/.* coverage=//p' "$T/$s.run" | tr ',' '\n' | cut -d= -f1 | paste -sd, -)
    if [ -n "$want" ] && [ "$want" = "$got" ]; then
      echo "ok list_coverage_${s}_is_the_run_line"
    else
      echo "FAIL list_coverage_${s}_is_the_run_line: listed $want; the run printed $got"
    fi
  else
    echo "FAIL list_coverage_${s}_is_the_run_line: $(tail -n 1 "$T/$s.run" "$T/$s.list" | tr '\n' ' ')"
  fi
done

# planted stale pages, in a copy of the tree (tb/ linked, docs/ copied)
plant() { # name, structure, sed expression on its page, what FAIL must say
  local name=$1 s=$2 expr=$3 want=$4 d=$T/$1 out
  mkdir -p "$d/docs"
  ln -sfn "$PWD/tb" "$d/tb"
  cp "docs/$s.md" "$d/docs/$s.md"
  sed -i -e "$expr" "$d/docs/$s.md"
  if cmp -s "docs/$s.md" "$d/docs/$s.md"; then
    echo "FAIL docs_gen_catches_$name: the sed expression changed nothing"; return
  fi
  out=$(cd "$d" && "$OLDPWD/tools/docs_gen.py" --build "$Babs" --check "$s" 2>&1)
  if [ $? -eq 1 ] && grep -q "^FAIL docs_$s: .*$want" <<<"$out"; then
    echo "ok docs_gen_catches_$name"
  else
    echo "FAIL docs_gen_catches_$name: $(tr '\n' ' ' <<<"$out" | cut -c1-300)"
  fi
}
plant stale_key warp_pool 's/| `src_LOCK`, /| `lock_issues`, /' 'coverage key `lock_issues` is not on the line'
plant stale_err_code hct_cct_heap 's/^| 1 | BAD_OP |/| 1 | BAD_OPCODE |/' 'err_code 1 is BAD_OP in the code, not BAD_OPCODE'
plant missing_err_row simt_stack '/^| 6 | BAD_LAUNCH |/d' 'the err_code table has no row for 6 BAD_LAUNCH'
plant edited_list dwf '/^<!-- generated:coverage/,/^<!-- \/generated/s/`resets`, //' 'generated coverage section is stale'
plant stale_default simt_stack '/^<!-- generated:params/,/^<!-- \/generated/s/| `WARPS` | 48 |/| `WARPS` | 32 |/' \
  'generated params section is stale'
plant missing_section lane_shuffle '/^<!-- generated:coverage/,/^<!-- \/generated:coverage/d' \
  'generated coverage section is missing'
# make docs (the rewrite) repairs the generated sections of those pages
for n in edited_list:dwf stale_default:simt_stack missing_section:lane_shuffle; do
  d=$T/${n%%:*}
  s=${n##*:}
  if (cd "$d" && "$OLDPWD/tools/docs_gen.py" --build "$Babs" "$s" >/dev/null 2>&1) &&
     cmp -s "docs/$s.md" "$d/docs/$s.md"; then
    echo "ok docs_gen_rewrites_${n%%:*}"
  else
    echo "FAIL docs_gen_rewrites_${n%%:*}: $(diff "docs/$s.md" "$d/docs/$s.md" | head -n 4 | tr '\n' ' ')"
  fi
done

# tests/cuda_small.sh's round_presets agrees with the rounds (2026-12-01,
# smallfix): a round (tests/test_simt_cuda_realworld*.sh, or a script that
# calls realworld_round) whose set has no key runs at every preset in make
# test (slower, silently), and a key that names no round is dead.  A key
# names a round when tb/kernels/cuda/KEY exists and a test script runs that
# set (realworld_round KEY, SIMT_CUDA_SET=KEY, or round_cfgs KEY: the first
# round, tb/kernels/cuda/realworld, in tests/test_simt_cuda.sh).  The table
# is read by sourcing the file, nothing listed here.
round_keys() { # DIR: one line per problem of DIR/tests (nothing when none)
  local d=$1 f set k
  declare -A runs=() keys=()
  # shellcheck disable=SC1091
  for k in $(. "$d/tests/cuda_small.sh" && printf '%s\n' "${!round_presets[@]}"); do keys[$k]=1; done
  [ ${#keys[@]} -gt 0 ] || { echo "no round_presets keys read from $d/tests/cuda_small.sh"; return; }
  # a round's set: a command line that starts (after VAR=value words)
  # with realworld_round SET or SIMT_CUDA_SET=SET
  local cmd='^[[:space:]]*([A-Z_]+=[^ ]*[[:space:]]+)*(realworld_round[[:space:]]+|SIMT_CUDA_SET=)[A-Za-z0-9_]+'
  for f in "$d"/tests/test_*.sh; do
    for set in $({ grep -oE "$cmd" "$f"; sed -e 's/#.*//' "$f" | grep -oE 'round_cfgs +[A-Za-z0-9_]+'; } |
                 sed -E 's/.*(realworld_round[[:space:]]+|SIMT_CUDA_SET=|round_cfgs +)//'); do
      runs[$set]=1
    done
  done
  for f in "$d"/tests/test_simt_cuda_realworld*.sh $(grep -lE '^[[:space:]]*([A-Z_]+=[^ ]*[[:space:]]+)*realworld_round[[:space:]]' "$d"/tests/test_*.sh); do
    set=$(grep -oE "$cmd" "$f" | head -n 1 | sed -E 's/.*(realworld_round[[:space:]]+|SIMT_CUDA_SET=)//')
    if [ -z "$set" ]; then echo "${f#"$d"/}: no realworld_round SET or SIMT_CUDA_SET=SET"
    elif [ -z "${keys[$set]:-}" ]; then echo "${f#"$d"/}: round $set has no round_presets key (it would run at every preset)"; fi
  done | sort -u
  for k in "${!keys[@]}"; do
    [ -d "$d/tb/kernels/cuda/$k" ] && [ -n "${runs[$k]:-}" ] ||
      echo "round_presets key $k names no round (no tb/kernels/cuda/$k run by a test script)"
  done
}
out=$(round_keys .)
[ -z "$out" ] && echo "ok round_presets_keys_every_round ($(. tests/cuda_small.sh && echo ${#round_presets[@]}) keys)" ||
  echo "FAIL round_presets_keys_every_round: $(head -n 1 <<<"$out")"
# planted, in a copy (tests/ copied, tb/ linked): a round script without a
# key, and a key without a round
for p in nokey deadkey; do
  d=$T/rounds_$p
  mkdir -p "$d" && cp -r tests "$d/" && ln -sfn "$PWD/tb" "$d/tb"
  case $p in
    nokey) printf '. tests/cuda_small.sh\nrealworld_round realworld99 "$@"\n' >"$d/tests/test_simt_cuda_realworld99.sh"
           want="tests/test_simt_cuda_realworld99.sh: round realworld99 has no round_presets key";;
    deadkey) sed -i 's/^  \[realworld\]=004$/  [realworld]=004 [realworld98]=001/' "$d/tests/cuda_small.sh"
           want="round_presets key realworld98 names no round";;
  esac
  out=$(round_keys "$d")
  grep -qF "$want" <<<"$out" && echo "ok round_presets_keys_catches_$p" ||
    echo "FAIL round_presets_keys_catches_$p: '$(head -n 1 <<<"$out")'"
done
