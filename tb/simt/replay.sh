#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# replay.sh DIR|FILE.vec... -- the RTL in the loop (issue 13 sec. 6): every
# vector file build/simt --trace-dir wrote is replayed against the Verilog
# by the structure's co-simulation binary at the file's parameters (built
# by tools/cosim_build.sh when missing: one Verilator build per structure
# and design point).  The binary drives the C model and the RTL with the
# recorded inputs, compares them cycle by cycle and against the recorded
# outputs.  One line per file; exit 1 if any file has a mismatch, 2 on a
# bad file.
set -u
cd "$(dirname "$0")/../.."
files=()
for a in "$@"; do
  if [ -d "$a" ]; then files+=("$a"/*.vec); else files+=("$a"); fi
done
[ ${#files[@]} -gt 0 ] || { echo "replay.sh: usage: replay.sh DIR|FILE.vec..." >&2; exit 2; }
rc=0
for f in "${files[@]}"; do
  [ -f "$f" ] || { echo "replay.sh: no file '$f'" >&2; rc=2; continue; }
  read -r magic ver s params _ < "$f"
  if [ "$magic" != "#cosim-vectors" ]; then echo "replay.sh: $f:1: not a vector file" >&2; rc=2; continue; fi
  # shellcheck disable=SC2086
  bin=$(nice -n 10 tools/cosim_build.sh "$s" ${params//,/ }) || { rc=2; continue; }
  out=$("$bin" --replay "$f" --quiet 2>&1 | tail -n 1)
  echo "$(basename "$f"): $out"
  case "$out" in
    *" mismatches=0 invariants=ok"*) ;;
    *) rc=1 ;;
  esac
done
exit $rc
