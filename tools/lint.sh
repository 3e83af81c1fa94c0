#!/usr/bin/env bash
# lint.sh MODULE... -- the three Verilog checks of every module:
#   verilator --lint-only -Wall (no blanket waivers), an Icarus Verilog
#   compile (-g2005), and a Yosys `synth` at the module's default parameters.
# Prints one "ok"/"FAIL" line per check; exits 1 if any failed.
set -u
fail=0
log=${LINT_LOG:-out/lint}
mkdir -p "$log"
check() { # name, command...
  local name=$1; shift
  if "$@" >"$log/$name.log" 2>&1; then echo "ok $name"; else
    echo "FAIL $name (log: $log/$name.log)"; sed -n '1,20p' "$log/$name.log"; fail=1; fi
}
for m in "$@"; do
  f=verilog/$m.v
  check "lint_verilator_$m" verilator --lint-only -Wall --top-module "$m" "$f"
  check "lint_iverilog_$m" iverilog -g2005 -Wall -s "$m" -o /dev/null "$f"
  check "lint_yosys_$m" yosys -q -p "read_verilog $f; synth -top $m; check -assert"
done
exit $fail
