#!/usr/bin/env bash
# test_gtkw.sh BUILD_DIR -- every GTKWave save file names only signals that the
# structure's cosim VCD really has, and only filter files that exist; every
# filter line is "<decimal value> <name>".  Prints ok/FAIL lines.
set -u
B=${1:-build}
rc=0
mkdir -p out
for g in vcd/*.gtkw; do
  [ -f "$g" ] || continue
  s=$(basename "$g" .gtkw)
  if [ ! -x "$B/cosim_$s" ]; then echo "FAIL gtkw_$s: no $B/cosim_$s"; rc=1; continue; fi
  "$B/cosim_$s" --cycles 50 --quiet --vcd "out/gtkw_$s.vcd" >/dev/null 2>&1
  # full names as GTKWave shows a VCD's signals: c.op_mask[31:0], c.ready
  names=$(awk '/^\$scope/{s[++d]=$3} /^\$upscope/{d--}
    /^\$var/{n=""; for(i=1;i<=d;i++) n=n s[i] "."; print n $5 ($3>1 ? "[" $3-1 ":0]" : "")}' "out/gtkw_$s.vcd")
  missing=""
  while read -r sig; do
    grep -qxF "$sig" <<<"$names" || missing="$missing $sig"
  done < <(grep -vE '^(\[|@|-|\^|\*)' "$g" | sed 's/^+{[^}]*} //; /^$/d')
  if [ -z "$missing" ]; then echo "ok gtkw_${s}_signals_exist"; else echo "FAIL gtkw_${s}_signals_exist:$missing"; rc=1; fi
  bad=""
  while read -r f; do
    if [ ! -f "$f" ]; then bad="$bad $f(missing)"; continue; fi
    if grep -vE '^(#|$)' "$f" | grep -qvE '^[0-9]+ [^ ].*$'; then bad="$bad $f(format)"; fi
  done < <(sed -n 's/^\^[0-9]* //p' "$g")
  if [ -z "$bad" ]; then echo "ok gtkw_${s}_filters"; else echo "FAIL gtkw_${s}_filters:$bad"; rc=1; fi
done
exit $rc
