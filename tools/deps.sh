#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# deps.sh -- make sure the tools the build and tests use are installed.
# Root: installs what is missing with apt-get.  Not root: prints the exact
# command to run and fails.  Nothing is done when everything is present.
set -euo pipefail
# command -> Debian package
declare -A need=(
  [verilator]=verilator [iverilog]=iverilog [yosys]=yosys
  [gtkwave]=gtkwave [vcd2fst]=gtkwave [fst2vcd]=gtkwave
  [xvfb-run]=xvfb [rsvg-convert]=librsvg2-bin
  [gcc]=gcc [g++]=g++ [make]=make [parallel]=parallel [flock]=util-linux
  [ccache]=ccache
  [yosys-smtbmc]=yosys [z3]=z3 [boolector]=boolector
)
missing=()
for cmd in "${!need[@]}"; do
  command -v "$cmd" >/dev/null 2>&1 || missing+=("${need[$cmd]}")
done
[ ${#missing[@]} -eq 0 ] && exit 0
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
