#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# cosim_build.sh [--xrand] [--bench] STRUCT [K=V ...] -- builds (if stale)
# the co-simulation binary of STRUCT at a parameter set and prints its path.
#
#   defaults            build/cosim_STRUCT           (objects: build/cosim/STRUCT/default/)
#   a parameter set     build/cosim/STRUCT/KEY/cosim_STRUCT
#   --xrand             KEY-x: Verilator --x-assign unique --x-initial unique,
#                       run it with +verilator+rand+reset+2 +verilator+seed+N
#   --bench             KEY-bench: the C++ Verilator writes compiled at
#                       OPT_FAST=-O2 OPT_SLOW=-O1, for make bench's speeds
# The other builds are checking builds, compiled at OPT_FAST=-O1
# OPT_SLOW=-O0: about half the -O2 build's CPU time for the large ones (dwf
# 59 CPU s against 137, warp_pool 66 against 122), little change for the
# small ones; the runs up to half as long again (docs/index.md,
# "Where make test's time goes"); make bench times -O2 builds (docs/bench.md).
# KEY is the non-default parameters, e.g. WARPS_3-LANES_64 (build/cosim_params
# --key).  Every parameter of the table goes to Verilator as -G and is baked
# into the harness, which then runs the C model at the same cfg.  A bad
# parameter: one line, exit 2.  The binary is rebuilt when any of verilog/,
# tb/, rtl_c/*.h, tools/rtl_ports.sh or build/libmodels.a is newer (only
# relinked when just build/libmodels.a is).
set -euo pipefail
cd "$(dirname "$0")/.."
# its makes are its own: a calling `make -j` (make all) runs one of these per
# structure, and its job server would only warn in the nested makes
unset MAKEFLAGS MFLAGS MAKELEVEL
xrand=0 bench=0
while :; do
  case ${1:-} in
    --xrand) xrand=1; shift ;;
    --bench) bench=1; shift ;;
    *) break ;;
  esac
done
[ $# -ge 1 ] || { echo "usage: cosim_build.sh [--xrand] [--bench] STRUCT [K=V ...]" >&2; exit 2; }
s=$1
shift
B=${B:-build}
if [ ! -f "verilog/$s.v" ] || [ ! -f "tb/${s}_cosim.cpp" ]; then
  echo "cosim_build.sh: no structure '$s' (need verilog/$s.v and tb/${s}_cosim.cpp)" >&2
  exit 2
fi
make -s B="$B" "$B/libmodels.a" "$B/cosim_params" >&2
key=$("$B/cosim_params" "$s" --key "$@")
set_=$("$B/cosim_params" "$s" --set "$@")
read -r -a gflags <<<"$("$B/cosim_params" "$s" --gflags "$@")"
xflags=()
# (lwm_subwarp was verilated with -fno-const-bit-op-tree here until its
# row-mode test was rewritten in a form Verilator 5.006 folds right:
# docs/cosim.md, "Found, and worked around")
opt=(OPT_FAST=-O1 OPT_SLOW=-O0) # a checking build: compile time over speed
if [ $xrand = 1 ]; then
  key=$key-x
  xflags+=(--x-assign unique --x-initial unique)
fi
if [ $bench = 1 ]; then
  key=$key-bench
  opt=(OPT_FAST=-O2 OPT_SLOW=-O1) # a build to time: speed over compile time
fi
dir=$B/cosim/$s/$key
if [ "$key" = default ]; then bin=$B/cosim_$s; else bin=$dir/cosim_$s; fi
# the harness sources are tb/*.{cpp,h}; tb/simt and tb/kernels (the kernel
# driver) do not go into a co-simulation
fresh() { [ -x "$bin" ] && [ -z "$(find verilog tb -maxdepth 1 -newer "$bin" -type f 2>/dev/null | head -n 1)" ] &&
          [ -z "$(find tools/rtl_ports.sh tools/cosim_build.sh "$B/libmodels.a" -newer "$bin" 2>/dev/null | head -n 1)" ] &&
          [ -z "$(find rtl_c -name '*.h' -newer "$bin" 2>/dev/null | head -n 1)" ]; }
if fresh; then
  echo "$bin"
  exit 0
fi
mkdir -p "$dir/obj"
# one build per directory at a time (parallel shards, Slurm array tasks)
exec 9>"$dir/.lock"
flock 9
if fresh; then
  echo "$bin"
  exit 0
fi
top=$PWD
# an absolute path as it is, a relative one under the top (B may be either)
ab() { case $1 in /*) printf %s "$1" ;; *) printf %s "$top/$1" ;; esac; }
# Only the C models' sources changed (build/libmodels.a newer, nothing under
# verilog/, tb/, rtl_c/*.h nor the port generator): relink, no need to
# verilate again.  A changed rtl_c header (a struct's layout) rebuilds the
# harness, which includes it: relinking old harness objects against the new
# library would compare against a misread C state.
# Only if the objects were made for this binary: Verilator's makefile holds
# absolute paths, and in a build directory copied from another tree it would
# relink that tree's binary, not this one (a full build then).
if [ -x "$bin" ] && [ -f "$dir/obj/V$s.mk" ] &&
   grep -q -x -F "default: $(ab "$bin")" "$dir/obj/V$s.mk" &&
   [ -z "$(find verilog tb -maxdepth 1 -newer "$bin" -type f 2>/dev/null | head -n 1)" ] &&
   [ -z "$(find rtl_c -name '*.h' -newer "$bin" 2>/dev/null | head -n 1)" ] &&
   [ -z "$(find tools/rtl_ports.sh tools/cosim_build.sh -newer "$bin" 2>/dev/null | head -n 1)" ]; then
  rm -f "$bin"
  make -s -C "$dir/obj" -f "V$s.mk" -j "${COSIM_BUILD_JOBS:-2}" "${opt[@]}" >/dev/null
  echo "$bin"
  exit 0
fi
# 1. Verilate (C++ only), 2. generate the RTL port list from the header,
# 3. compile.  The generated file also carries the parameter set.
verilator --cc --exe -O3 --trace-fst "${xflags[@]}" \
  --top-module "$s" --Mdir "$dir/obj" -y verilog "${gflags[@]}" \
  -CFLAGS "-O2 -std=c++14 -I$top/tb" \
  -o "$(ab "$bin")" \
  "verilog/$s.v" "$top/tb/${s}_cosim.cpp" "$top/tb/cosim.cpp" "$(ab "$dir")/obj/${s}_rtl_ports.cpp" \
  "$(ab "$B")/libmodels.a" >/dev/null
tools/rtl_ports.sh "$dir/obj/V$s.h" "$s" "$set_" $xrand >"$dir/obj/${s}_rtl_ports.cpp"
rm -f "$bin" # Verilator's make does not relink when only libmodels.a changed
# With ccache (make deps installs it), the Verilator runtime and tb/cosim.cpp,
# the same in every build, compile once per build tree, not once per build.
cache=()
if command -v ccache >/dev/null 2>&1; then
  export CCACHE_DIR=${CCACHE_DIR:-$(ab "$B")/ccache}
  cache=(OBJCACHE=ccache)
fi
make -s -C "$dir/obj" -f "V$s.mk" -j "${COSIM_BUILD_JOBS:-2}" "${opt[@]}" "${cache[@]}" >/dev/null
echo "$bin"
