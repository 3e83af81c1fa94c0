#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# test_doc_commands.sh BUILD_DIR -- every command the documentation shows
# runs as the text says (tools/doc_commands.py, docs/doc-tests.md).
#
#   - every fenced code block of README.md, docs/*.md and area/README.md
#     (tools/doc_commands.py's PAGES) carries a
#     <!-- cmd: KIND --> marker, and no command is left in an indented block;
#   - every runnable block runs on the built tree (a scratch copy under
#     BUILD_DIR/test/doc_commands/, never out/) with the exit status, the
#     files and the output lines its page gives;
#   - the runner itself fails on a planted stale page: a command that writes
#     another file than the page says, a quoted output line the command does
#     not print, a wrong exit status, a bad-input error of more than one line,
#     an unmarked block, and a link to a missing file.
# Slow blocks run in make regress.  ok/FAIL lines as tests/run.sh counts them.
set -u
B=${1:-build}
T=$B/test/doc_commands_selftest
rm -rf "$T" && mkdir -p "$T"

# the pages of tools/doc_commands.py's PAGES
tools/doc_commands.py --build "$B" --work "$B/test/doc_commands"

# the runner against planted stale pages: each must give one FAIL line
plant() { # name, page text, what the FAIL line must say
  local name=$1 text=$2 want=$3 out
  printf '%s\n' "$text" >"$T/$name.md"
  out=$(tools/doc_commands.py --build "$B" --work "$T/work" "$T/$name.md" 2>&1)
  if [ $? -eq 1 ] && grep -q "^FAIL $T/$name.md:[0-9]*: .*$want" <<<"$out"; then
    echo "ok doc_commands_catches_$name"
  else
    echo "FAIL doc_commands_catches_$name: $(tr '\n' ' ' <<<"$out" | cut -c1-300)"
  fi
}
plant stale_file "$(printf '%s\n' '<!-- cmd: runnable writes=out/dpe_stack.vcd -->' '```' \
  'make waves STRUCT=dpe_stack' '```')" "did not write out/dpe_stack.vcd"
plant stale_output "$(printf '%s\n' '<!-- cmd: runnable -->' '```' \
  '$ build/cosim_dpe_stack --cycles 100 --quiet' \
  'cosim dpe_stack seed=1 params=... cycles=100 mismatches=0 invariants=ok coverage=...,lock_issues=...' '```')" \
  "did not print the line"
plant stale_exit "$(printf '%s\n' '<!-- cmd: runnable -->' '```' 'build/cosim_dpe_stack --mech all' '```')" \
  "exited 2, the page says 0"
plant two_line_error "$(printf '%s\n' '<!-- cmd: runnable exit=2 -->' '```' \
  '$ build/cosim_dpe_stack --bogus; echo second line >&2; exit 2' '```')" "printed 2 lines"
plant unmarked "$(printf '%s\n' 'Run:' '' '```' 'make waves STRUCT=dpe_stack' '```')" "without a <!-- cmd"
plant indented "$(printf '%s\n' 'Run:' '' '    make waves STRUCT=dpe_stack' '')" "indented command block"
plant dead_link "See [the kernels](docs/simt.md)." "link to docs/simt.md, which does not exist"
plant bad_kind "$(printf '%s\n' '<!-- cmd: runnabel -->' '```' 'true' '```')" "unknown kind"
# and a page that is right passes (numbers marked as examples match others)
printf '%s\n' '<!-- cmd: runnable numbers=example -->' '```' \
  '$ build/cosim_dpe_stack --cycles 123 --seed 9 --quiet' \
  'cosim dpe_stack seed=1 params=WARPS=48,LANES=32,DEPTH=8,PC_W=32,MERGE=1 cycles=100 mismatches=0 invariants=ok coverage=resets=0,...' \
  '```' >"$T/good.md"
if tools/doc_commands.py --build "$B" --work "$T/work" "$T/good.md" >"$T/good.log" 2>&1; then
  echo "ok doc_commands_passes_a_right_page"
else echo "FAIL doc_commands_passes_a_right_page: $(grep FAIL "$T/good.log" | head -n 1)"; fi
