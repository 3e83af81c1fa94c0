#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# wave.sh COSIM OUT.fst|OUT.vcd [cosim flags...] -- runs one co-simulation
# binary and writes its waveform: the C model under scope `c` (with its state)
# and the Verilated RTL's ports under scope `rtl`, one sample per cycle, 10 ns
# per cycle.  OUT.vcd is written by the harness directly (--vcd).  For
# OUT.fst the harness' VCD streams through a pipe into vcd2fst (GTKWave's
# converter), so the large VCD never reaches the disk; the FST holds the same
# signals in about a tenth of the space.  The harness' summary line and
# mismatch report go to stdout/stderr as usual.  Exit status: the harness'
# (0 clean, 1 mismatch, 2 bad arguments), or 2 when the waveform cannot be
# written.  Used by `make demo` and `make waves`.
set -u
if [ $# -lt 2 ]; then
  echo "usage: tools/wave.sh COSIM OUT.fst|OUT.vcd [cosim flags...]" >&2
  exit 2
fi
bin=$1
out=$2
shift 2
[ -x "$bin" ] && [ -f "$bin" ] || { echo "wave.sh: $bin: not an executable co-simulation (make $bin)" >&2; exit 2; }
dir=$(dirname "$out")
if [ ! -d "$dir" ]; then
  echo "wave.sh: cannot write $out: directory $dir does not exist" >&2
  exit 2
fi
case $out in
  *.vcd) exec "$bin" "$@" --vcd "$out" ;;
  *.fst) ;;
  *) echo "wave.sh: $out: the waveform file must end in .fst or .vcd" >&2; exit 2 ;;
esac
if ! command -v vcd2fst >/dev/null 2>&1; then
  echo "wave.sh: vcd2fst not found (it comes with gtkwave: make deps)" >&2
  exit 2
fi
log=$(mktemp "${TMPDIR:-/tmp}/wave.XXXXXX")
trap 'rm -f "$log"' EXIT
# fd 4 keeps the harness' own stdout; its VCD goes to fd 3, the pipe.
exec 4>&1
"$bin" "$@" --vcd /dev/fd/3 3>&1 1>&4 4>&- | vcd2fst /dev/stdin "$out" >"$log" 2>&1
st=("${PIPESTATUS[@]}")
exec 4>&-
if [ "${st[0]}" -eq 2 ]; then rm -f "$out"; exit 2; fi
if [ "${st[1]}" -ne 0 ] || [ ! -s "$out" ]; then
  echo "wave.sh: vcd2fst could not write $out: $(grep -v '^$' "$log" | tail -n 1)" >&2
  exit 2
fi
exit "${st[0]}"
