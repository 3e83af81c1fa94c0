#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# lint.sh MODULE... -- the Verilog checks of every module:
#   verilator --lint-only -Wall (no blanket waivers), an Icarus Verilog
#   compile (-g2005), and a Yosys `synth` at the module's default parameters
#   (submodules from other files as black boxes, see lint_module); and
#   verilator --lint-only -Wall -DFORMAL (the `ifdef FORMAL properties, which
#   only make formal reads otherwise) at the defaults and at the module's
#   point of tools/formal_points.txt (where make formal elaborates them).
# Modules are checked two at a time (Yosys takes minutes on the big ones:
# lwm_subwarp's stacks about 25 CPU-minutes at its defaults).
# LINT_POINT=small (as make test sets it) runs the Yosys synth at the
# module's small design point of tb/design_points instead (chparam): the
# same Verilog, every generate branch of the smallest sizes, in seconds;
# `make lint` keeps the defaults.
# Prints one "ok"/"FAIL" line per check, in module order; exits 1 if any failed.
set -u
log=${LINT_LOG:-out/lint}
jobs=${LINT_JOBS:-2}
point=${LINT_POINT:-default}
[ $# -ge 1 ] || { echo "usage: tools/lint.sh MODULE... (modules: verilog/*.v)" >&2; exit 2; }
for m in "$@"; do
  [ -f "verilog/$m.v" ] || { echo "lint.sh: no module '$m' (no verilog/$m.v)" >&2; exit 2; }
done
mkdir -p "$log"

check() { # name, command...
  local name=$1; shift
  if "$@" >"$log/$name.log" 2>&1; then echo "ok $name"; else
    echo "FAIL $name (log: $log/$name.log)"; sed -n '1,20p' "$log/$name.log"; fi
}

lint_module() { # module -> $log/<module>.result
  local m=$1 f=verilog/$1.v
  {
    check "lint_verilator_$m" verilator --lint-only -Wall -y verilog --top-module "$m" "$f"
    # the formal properties: at the defaults and at the formal point (its
    # first parameter set, before any "|")
    local fp kv2
    fp=""
    for kv2 in $(awk -v s="$m" '$1 == s { for (i = 5; i <= NF && $i != "|"; i++) if ($i ~ /^[A-Z_0-9]+=/) print $i }' tools/formal_points.txt); do
      fp="$fp -G$kv2"
    done
    check "lint_verilator_formal_$m" verilator --lint-only -Wall -DFORMAL -Iverilog --top-module "$m" "$f"
    if [ -n "$fp" ]; then
      # shellcheck disable=SC2086
      check "lint_verilator_formal_point_$m" verilator --lint-only -Wall -DFORMAL -Iverilog --top-module "$m" $fp "$f"
    fi
    check "lint_iverilog_$m" iverilog -g2005 -Wall -y verilog -I verilog -s "$m" -o /dev/null "$f"
    # Submodules in other files are read as black boxes: each is fully
    # synthesized by its own lint, so a parent (dwf) checks only its own logic
    # and its port connections instead of synthesizing its children again.
    local libs
    libs=$(ls verilog/*.v | grep -v -x "$f" | tr '\n' ' ')
    local chp="" kv name=lint_yosys_$m
    if [ "$point" != default ]; then
      for kv in $(awk -v s="$m" -v p="$point" '$1 == s && $2 == p { for (i = 3; i <= NF; i++) print $i }' tb/design_points); do
        chp="$chp chparam -set ${kv%%=*} ${kv#*=} $m;"
      done
      [ -n "$chp" ] && name=${name}_$point
    fi
    check "$name" yosys -q -p "read_verilog -I verilog $f; read_verilog -lib $libs;$chp hierarchy -top $m; synth -top $m; check -assert"
  } >"$log/$m.result"
}

for m in "$@"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
  lint_module "$m" &
done
wait
fail=0
for m in "$@"; do
  cat "$log/$m.result"
  grep -q '^FAIL ' "$log/$m.result" && fail=1
done
exit $fail
