# SPDX-License-Identifier: Apache-2.0
# Makefile -- every entry point of the project (docs/index.md).
#
#   make            build the C models, the unit tests and every cosim binary
#   make demo       the main job: co-simulate every structure, write FST
#                   waveforms (WAVES=vcd for VCD, none for none) and the area report
#   make test       build and run every test; last line "N passed, N failed"
#   make cosim      co-simulate every structure (COSIM_CYCLES, SEED), or one at a
#                   design point: make cosim STRUCT=name PARAMS="K=V ..." (docs/cosim.md)
#   make regress    every structure x design point x seed (SEEDS=1-8 CYCLES JOBS)
#   make lint       verilator -Wall, iverilog and yosys synth of every module
#   make bench      C model vs Verilated RTL cycles/s on the same stimulus, at the
#                   defaults and two larger design points: out/bench.csv; then
#                   build/simt --bench on the generated and the CUDA kernels
#   make mutate     operator mutants of verilog/*.v vs the cosims (MODULE=, MUTANTS=;
#                   FORMAL=1: the equivalent and surviving ones vs the formal properties)
#   make formal     prove every structure's properties (yosys-smtbmc; STRUCT=);
#                   then docs/formal.md's table from docs/formal-results/
#   make waves STRUCT=name   write out/waves_name.fst, print the gtkwave command
#   make area       write out/area_report.{md,csv,json,svg} (area and energy)
#   make deps       install missing tools (apt-get), or print the command, and
#                   the Python test environment build/venv (pip; docs/python.md)
#   make docs       rewrite the lists on docs/NAME.md from the code (tools/docs_gen.py)
#                   and docs/formal.md's table from the formal results
#   make sweep SWEEP=FILE...  kernels x mechanisms x presets x parameters on GNU
#                   parallel into out/sweep.csv and out/sweep/*.svg (docs/sweep.md)
#   make results    rerun the papers' sweeps, rewrite docs/papers-results.md
#   make scalar-fraction  docs/scalar.md's scalar fraction per kernel and its SVG
#   make clean
#
# A structure is every name with verilog/NAME.v and tb/NAME_cosim.cpp.

SHELL       := /bin/bash
CC          ?= gcc
CXX         ?= g++
CSTD        := -std=c11 -Wall -Wextra -Werror
CFLAGS_OPT  := $(CSTD) -O2
CFLAGS_SAN  := $(CSTD) -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
# B: the build directory (B=DIR on the command line or in the environment;
# exported, so that the scripts the recipes run, tools/cosim_build.sh,
# tools/replay_icarus.sh, tests/run.sh..., build into the same one)
B           ?= build
export B
O           := out

STRUCTS     := $(sort $(patsubst tb/%_cosim.cpp,%,$(wildcard tb/*_cosim.cpp)))
MODULES     := $(sort $(patsubst verilog/%.v,%,$(wildcard verilog/*.v)))
MODEL_SRC   := $(wildcard rtl_c/*.c) $(wildcard vcd/*.c) tb/vec.c
AREA_SRC    := $(filter-out area/area_main.c,$(wildcard area/*.c))
LIB_SRC     := $(MODEL_SRC) $(AREA_SRC)
HDRS        := $(wildcard rtl_c/*.h) $(wildcard vcd/*.h) $(wildcard area/*.h) tests/check.h tests/area_check.h tests/prog_check.h tb/vec.h
TESTS       := $(sort $(patsubst tests/%.c,%,$(wildcard tests/test_*.c)))
COSIM_BINS  := $(addprefix $(B)/cosim_,$(STRUCTS))
AREA_BIN    := $(B)/area

COSIM_CYCLES ?= 100000
SEED         ?= 1
WAVES        ?= fst
WAVE_CYCLES  ?= 20000
WAVE_CYCLES_SHORT ?= 2000
VERILATOR    ?= verilator

.PHONY: all deps demo test cosim lint bench mutate formal waves area area-yosys clean regress docs \
        sweep sweep-check results

, := ,
# A bad STRUCT, WAVES, PARAMS, REPLAY or MODULE stops make before any work, with one line
# (make's own "Makefile:N: *** ...  Stop.") and exit status 2.
ifneq ($(filter waves cosim,$(MAKECMDGOALS)),)
  ifneq ($(STRUCT)$(filter waves,$(MAKECMDGOALS)),)
    ifneq ($(words $(STRUCT)) $(filter $(STRUCT),$(STRUCTS)),1 $(strip $(STRUCT)))
      $(error make $(filter waves cosim,$(MAKECMDGOALS)): STRUCT must be one of: $(STRUCTS))
    endif
  endif
  ifneq ($(REPLAY),)
    ifeq ($(wildcard $(REPLAY)),)
      $(error make cosim: REPLAY file '$(REPLAY)' does not exist)
    endif
  endif
  # PARAMS against the structure's table, when build/cosim_params is there
  # (else tools/cosim_build.sh checks them)
  ifneq ($(STRUCT)$(PARAMS),$(STRUCT))
    ifneq ($(wildcard $(B)/cosim_params),)
      PARAMS_WHY := $(shell $(B)/cosim_params $(STRUCT) --set $(PARAMS) 2>&1 >/dev/null)
      ifneq ($(PARAMS_WHY),)
        $(error $(PARAMS_WHY))
      endif
    endif
  endif
endif
ifneq ($(filter mutate,$(MAKECMDGOALS)),)
  ifneq ($(MODULE),)
    ifneq ($(words $(MODULE)) $(filter $(MODULE),$(STRUCTS) $(patsubst verilog/%.vh,%,$(wildcard verilog/*.vh))),1 $(strip $(MODULE)))
      $(error make mutate: MODULE must be one of: $(STRUCTS) $(patsubst verilog/%.vh,%,$(wildcard verilog/*.vh)))
    endif
  endif
endif
# the numbers make demo, waves and cosim pass on: one word of digits
digits_left = $(subst 0,,$(subst 1,,$(subst 2,,$(subst 3,,$(subst 4,,$(subst 5,,$(subst 6,,$(subst 7,,$(subst 8,,$(subst 9,,$(1)))))))))))
not_number = $(if $(filter 1,$(words $(1))),$(strip $(call digits_left,$(1))),x)
ifneq ($(filter demo waves cosim,$(MAKECMDGOALS)),)
  $(foreach v,COSIM_CYCLES SEED WAVE_CYCLES WAVE_CYCLES_SHORT,$(if $(call not_number,$($(v))),$(error make $(firstword $(filter demo waves cosim,$(MAKECMDGOALS))): $(v) must be a number, not '$($(v))')))
endif
ifneq ($(filter demo waves,$(MAKECMDGOALS)),)
  ifeq ($(filter $(WAVES),fst vcd $(if $(filter demo,$(MAKECMDGOALS)),none)),)
    $(error make $(filter demo waves,$(MAKECMDGOALS)): WAVES must be $(if $(filter demo,$(MAKECMDGOALS)),fst$(,) vcd or none,fst or vcd), not '$(WAVES)')
  endif
endif
.SECONDARY:

# The two longest co-simulation builds (Verilator, about a minute of CPU
# each) come first, so that make -j2 packs the short ones beside them; last
# in alphabetical order, cosim_warp_pool was the only target built in the
# last 41 s of a clean clone's build (c5b7750, 2026-11-29).
COSIM_FIRST := $(filter $(addprefix $(B)/cosim_,dwf warp_pool),$(COSIM_BINS))
all: $(B)/libmodels.a $(COSIM_FIRST) $(addprefix $(B)/tests/,$(TESTS)) $(addprefix $(B)/asan/,$(TESTS)) \
     $(filter-out $(COSIM_FIRST),$(COSIM_BINS)) $(AREA_BIN)

deps:
	@B=$(B) tools/deps.sh

# ------------------------------------------------------------- C libraries
$(B)/obj/%.o: %.c $(HDRS) | $(B)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_OPT) -c $< -o $@

$(B)/obj_san/%.o: %.c $(HDRS) | $(B)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_SAN) -c $< -o $@

$(B)/libmodels.a: $(patsubst %.c,$(B)/obj/%.o,$(LIB_SRC))
	rm -f $@ && ar rcs $@ $^

$(B)/libmodels_san.a: $(patsubst %.c,$(B)/obj_san/%.o,$(LIB_SRC))
	rm -f $@ && ar rcs $@ $^

$(B)/tests/%: tests/%.c $(B)/libmodels.a $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_OPT) $< $(B)/libmodels.a -lm -o $@

$(B)/asan/%: tests/%.c $(B)/libmodels_san.a $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_SAN) $< $(B)/libmodels_san.a -lm -o $@

# the math functions of the CUDA header, on the host (tests/test_cuda_math.c)
$(B)/tests/test_cuda_math $(B)/asan/test_cuda_math: tb/cuda/warphw_math.h
# the SIMD intrinsics of the CUDA header, on the host (tests/test_cuda_simd.c)
$(B)/tests/test_cuda_simd $(B)/asan/test_cuda_simd: tb/cuda/include/warphw_simd.h

$(B)/area: area/area_main.c $(B)/libmodels.a $(HDRS)
	$(CC) $(CFLAGS_OPT) $< $(B)/libmodels.a -lm -o $@

$(B):
	@mkdir -p $(B) $(O)

# build/simt: the kernel driver (issue 13, tb/simt/, tb/kernels/README.md);
# SIMT_SRC: where --config finds the presets when the binary is not beside
# the tree (tb/simt/cli.c, config_path)
SIMT_SRC = -DSIMT_SRC_DIR='"$(CURDIR)"'
all: $(B)/simt $(B)/asan/simt
# the formal flow's helpers (make formal, tests/run.sh)
all: $(B)/formal_vec $(B)/mutate_gen
# build/simt is compiled with the models' sources at -O3 with link-time
# optimisation (CFLAGS_SIMT): the structures' small eval/step functions are
# inlined into the mechanisms (docs/bench.md, issue 24 item 6); the other
# binaries and build/asan/simt keep their flags.
CFLAGS_SIMT := $(CSTD) -O3 -flto=auto
$(B)/simt: $(wildcard tb/simt/*.c) $(wildcard tb/simt/*.h) $(LIB_SRC) $(HDRS) | $(B)
	$(CC) $(CFLAGS_SIMT) $(SIMT_SRC) $(filter %.c,$^) -lm -o $@
$(B)/tests/test_simt_kernel $(B)/asan/test_simt_kernel $(B)/tests/test_simt_prog $(B)/asan/test_simt_prog $(B)/tests/test_simt_scalar $(B)/asan/test_simt_scalar: $(wildcard tb/simt/*.c) $(wildcard tb/simt/*.h) tests/simt_kernels.h
# The other binaries that use tb/simt's sources link them as objects compiled
# once per flag set (docs/index.md, "make test's time"): build/obj_san/tb/simt
# (the sanitizers' flags) for build/asan/{simt,ptxref,test_ptx*}, and
# build/obj_host/tb/simt (-O2) for build/{ptxref,tests/test_ptx*} and the CUDA
# host references.  Only cli.c reads SIMT_SRC_DIR.
SIMT_SAN_OBJ := $(patsubst %.c,$(B)/obj_san/%.o,$(wildcard tb/simt/*.c))
$(SIMT_SAN_OBJ): $(wildcard tb/simt/*.h)
$(B)/obj_san/tb/simt/cli.o: CFLAGS_SAN += $(SIMT_SRC)
$(B)/asan/simt: $(SIMT_SAN_OBJ) $(B)/libmodels_san.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_SAN) $^ -lm -o $@

# The PTX front end (issue 25): build/ptxref runs a PTX or CUDA kernel
# through the reference on prog alone (tb/ptxref.c); tests/test_ptx.c tests
# the parser, the instruction semantics and the launch file.
PTX_SRC := tb/simt/ptx.c tb/simt/ptx_call.c tb/simt/ptx_lex.c tb/simt/ptx_insn.c tb/simt/ptx_exec.c tb/simt/ptx_coll.c tb/simt/ptx_lib.c tb/simt/launch.c tb/simt/launch_seq.c tb/simt/launch_mem.c tb/simt/launch_cuda.c tb/simt/launch_build.c tb/simt/launch_cache.c tb/simt/prog.c tb/simt/prog_cfg.c tb/simt/prog_exit.c tb/simt/prog_frame.c tb/simt/layout.c tb/simt/ref.c tb/simt/ref_taint.c tb/simt/ref_fadd.c tb/simt/ref_shuni.c tb/simt/kernel.c tb/simt/kprog.c
PTX_SRC += tb/simt/ptx_half.c
PTX_OBJ := $(patsubst %.c,$(B)/obj_host/%.o,$(PTX_SRC))
PTX_SAN_OBJ := $(patsubst %.c,$(B)/obj_san/%.o,$(PTX_SRC))
all: $(B)/ptxref $(B)/asan/ptxref
$(B)/ptxref: tb/ptxref.c $(PTX_OBJ) $(wildcard tb/simt/*.h) | $(B)
	$(CC) $(CFLAGS_OPT) $< $(PTX_OBJ) -lm -o $@
$(B)/asan/ptxref: tb/ptxref.c $(PTX_SAN_OBJ) $(wildcard tb/simt/*.h) | $(B)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_SAN) $< $(PTX_SAN_OBJ) -lm -o $@
# every tests/test_ptx*.c (test_ptx, test_ptx_calls, ...): helpers in
# tests/ptx_check.h
PTX_TESTS := $(filter test_ptx%,$(TESTS))
PTX_TEST_HDRS := $(wildcard tb/simt/*.h) tests/check.h tests/prog_check.h tests/ptx_check.h
$(addprefix $(B)/tests/,$(PTX_TESTS)): $(B)/tests/%: tests/%.c $(PTX_OBJ) $(PTX_TEST_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_OPT) $< $(PTX_OBJ) -lm -o $@
$(addprefix $(B)/asan/,$(PTX_TESTS)): $(B)/asan/%: tests/%.c $(PTX_SAN_OBJ) $(PTX_TEST_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_SAN) $< $(PTX_SAN_OBJ) -lm -o $@

# The project's CUDA kernels (tb/kernels/cuda/NAME.cu, NAME.launch and the
# committed NAME.ptx).  make kernels regenerates the PTX with clang (issue
# 25's command, -ffp-contract=off and the header: tb/cuda/warphw_cuda.h);
# build/cuda_host/NAME is the kernel's host reference: its own source
# compiled for the host with the header's host half and tb/cuda/host_rt.c.
# tb/kernels/cuda/conformance/: kernels in the styles real-world code uses
# (front-end conformance, docs/ptx.md), tested like the others but not in
# the papers' kernel sets (sweeps, make results, energy, scalar fraction).
# tb/kernels/cuda/realworld/: kernels in the style of public benchmarks
# (docs/ptx.md), tested the same way and kept out of the same sets.
# tb/kernels/cuda/realworld2/: a second round of such kernels in other code
# shapes (docs/ptx.md), tested the same way, kept out of the same sets.
CUDA_KERNELS := $(sort $(patsubst tb/kernels/cuda/%.cu,%,$(wildcard tb/kernels/cuda/*.cu)))
CUDA_CONF_KERNELS := $(sort $(patsubst tb/kernels/cuda/conformance/%.cu,%,$(wildcard tb/kernels/cuda/conformance/*.cu)))
# tb/kernels/cuda/realworld3/ ... realworldN/: the later rounds (docs/ptx.md;
# realworld9/warp/: warp code); from realworld4 on, their own_*.cu are
# written without the project's header (their own prelude) and compiled
# with issue 25's command as it stands (CUDA_OWN_FLAGS).  make kernels and
# the host references take every round's directory (and its warp/) from
# CUDA_RW_DIRS, a wildcard: a new round needs no edit here (and
# tb/kernels/cuda/persist/: persistent-block work queues, forret/: loops left
# only by a return, docs/ptx.md).
CUDA_RW_DIRS := $(patsubst %/,%,$(sort $(wildcard tb/kernels/cuda/realworld*/ tb/kernels/cuda/realworld*/warp/ tb/kernels/cuda/forret/) tb/kernels/cuda/persist))
CUDA_RW_KERNELS := $(sort $(foreach d,$(CUDA_RW_DIRS),$(patsubst $(d)/%.cu,%,$(wildcard $(d)/*.cu))))
# tb/kernels/cuda/warp/: warp shuffles and votes (docs/ptx.md), run at the
# presets of 32-thread warps; each host reference is plain C in the
# kernel's host half (warp code cannot run one thread after another).
CUDA_WARP_KERNELS := $(sort $(patsubst tb/kernels/cuda/warp/%.cu,%,$(wildcard tb/kernels/cuda/warp/*.cu)))
CLANG        ?= clang
CUDA_PTX_FLAGS := -x cuda --cuda-device-only --cuda-gpu-arch=sm_70 -nocudainc -nocudalib -O2 -S \
                  -ffp-contract=off -Itb/cuda/include -include tb/cuda/warphw_cuda.h
CUDA_OWN_FLAGS := -x cuda --cuda-device-only --cuda-gpu-arch=sm_70 -nocudainc -nocudalib -O2 -S
CUDA_HOST_OBJ := $(patsubst %.c,$(B)/obj_host/%.o,tb/cuda/host_rt.c $(PTX_SRC))
.PHONY: kernels
kernels:
	@command -v $(CLANG) >/dev/null || { echo "make kernels: $(CLANG) not found (make deps installs it)" >&2; exit 2; }
	@for cu in $(wildcard tb/kernels/cuda/*.cu tb/kernels/cuda/conformance/*.cu $(addsuffix /*.cu,$(CUDA_RW_DIRS)) tb/kernels/cuda/warp/*.cu); do \
	  case $$cu in */own_*) f="$(CUDA_OWN_FLAGS)";; *) f="$(CUDA_PTX_FLAGS)";; esac; \
	  $(CLANG) $$f -o $${cu%.cu}.ptx $$cu || exit 1; \
	  echo "kernels: $${cu%.cu}.ptx"; done
all: $(addprefix $(B)/cuda_host/,$(CUDA_KERNELS) $(CUDA_CONF_KERNELS) $(CUDA_RW_KERNELS) $(CUDA_WARP_KERNELS))
$(B)/obj_host/%.o: %.c $(wildcard tb/simt/*.h) $(HDRS) | $(B)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_OPT) -c $< -o $@
# A mangled entry (a template instantiation, _Z...) is called on the host
# by its demangled name (c++filt, binutils), e.g. axpy_clamp<int>.
# Warnings the device compiler does not give for ordinary CUDA and the host
# compiler would stop on: `#pragma unroll`, threadIdx.x (unsigned) compared
# with an int, a kernel parameter only some paths use.
CUDA_HOST_WNO := -Wno-unknown-pragmas -Wno-sign-compare -Wno-unused-parameter
# CUDA's own spelling of the dynamic shared array, `extern __shared__ T
# name[];`, becomes WARPHW_DYNAMIC_SHARED(T, name) in the host reference's
# copy of the source (the host half's `__shared__` is `static`, which
# `extern` contradicts)
CUDA_HOST_EXTERN_SHARED := s/^([[:space:]]*)extern[[:space:]]+__shared__[[:space:]]+([^;]*[^[:space:]])[[:space:]]+([A-Za-z_][A-Za-z0-9_]*)[[:space:]]*\[[[:space:]]*\][[:space:]]*;/\1WARPHW_DYNAMIC_SHARED(\2, \3);/
define cuda_host_recipe
	@mkdir -p $(dir $@)
	@entries=$$(awk '($$1 == "entry" || $$1 == "launch") && NF > 1 && !seen[$$2]++ { print $$2 }' $(basename $<).launch); \
	  [ -n "$$entries" ] || { echo "$(basename $<).launch: no entry" >&2; exit 2; }; \
	  { echo '#line 1 "$(CURDIR)/$<"'; sed -E '$(CUDA_HOST_EXTERN_SHARED)' $<; \
	    echo "extern \"C\" const char *const warphw_entry_names[] = {"; \
	    for e in $$entries; do echo "\"$$e\","; done; echo "0};"; k=0; \
	    echo "extern \"C\" void warphw_thread_entry(unsigned k) {"; \
	    for e in $$entries; do case $$e in _Z*) e=$$(echo "$$e" | c++filt | sed -e 's/^void //' -e 's/(.*//');; esac; \
	      echo "if (k == $$k) warphw_invoke($$e);"; k=$$((k + 1)); done; echo "}"; k=0; \
	    echo "extern \"C\" unsigned warphw_entry_nargs(unsigned k) {"; \
	    for e in $$entries; do case $$e in _Z*) e=$$(echo "$$e" | c++filt | sed -e 's/^void //' -e 's/(.*//');; esac; \
	      echo "if (k == $$k) return warphw_nargs($$e);"; k=$$((k + 1)); done; echo "return 0; }"; } >$@.cpp
	$(CXX) -std=c++17 -O2 -Wall -Wextra -Werror $(CUDA_HOST_WNO) -ffp-contract=off -Itb/cuda/include -include tb/cuda/warphw_cuda.h \
	  $@.cpp $(CUDA_HOST_OBJ) -lm -o $@
endef
# what every host reference is compiled with: the project header, its parts
# (tb/cuda/warphw_*.h) and the include directory with its subdirectories
# (cooperative_groups/reduce.h)
CUDA_HOST_HDRS := $(wildcard tb/cuda/*.h tb/cuda/include/*.h tb/cuda/include/*/*.h)
$(B)/cuda_host/%: tb/kernels/cuda/%.cu tb/kernels/cuda/%.launch $(CUDA_HOST_HDRS) $(CUDA_HOST_OBJ)
	$(cuda_host_recipe)
$(B)/cuda_host/%: tb/kernels/cuda/conformance/%.cu tb/kernels/cuda/conformance/%.launch $(CUDA_HOST_HDRS) $(CUDA_HOST_OBJ)
	$(cuda_host_recipe)
# one host-reference rule per realworld directory (CUDA_RW_DIRS)
define cuda_host_dir_rule
$$(B)/cuda_host/%: $(1)/%.cu $(1)/%.launch $$(CUDA_HOST_HDRS) $$(CUDA_HOST_OBJ)
	$$(cuda_host_recipe)
endef
$(foreach d,$(CUDA_RW_DIRS),$(eval $(call cuda_host_dir_rule,$(d))))
$(B)/cuda_host/%: tb/kernels/cuda/warp/%.cu tb/kernels/cuda/warp/%.launch $(CUDA_HOST_HDRS) $(CUDA_HOST_OBJ)
	$(cuda_host_recipe)
# tb/kernels/cuda/multi/: applications of several kernel launches from a
# host loop (a sequence launch file, launch.h; docs/ptx.md); the host
# reference runs the same steps
CUDA_MULTI_KERNELS := $(sort $(patsubst tb/kernels/cuda/multi/%.cu,%,$(wildcard tb/kernels/cuda/multi/*.cu)))
all: $(addprefix $(B)/cuda_host/,$(CUDA_MULTI_KERNELS))
$(B)/cuda_host/%: tb/kernels/cuda/multi/%.cu tb/kernels/cuda/multi/%.launch $(CUDA_HOST_HDRS) $(CUDA_HOST_OBJ)
	$(cuda_host_recipe)
.PHONY: kernels-multi
kernels: kernels-multi
kernels-multi:
	@command -v $(CLANG) >/dev/null || { echo "make kernels: $(CLANG) not found (make deps installs it)" >&2; exit 2; }
	@for cu in $(wildcard tb/kernels/cuda/multi/*.cu); do \
	  $(CLANG) $(CUDA_PTX_FLAGS) -o $${cu%.cu}.ptx $$cu || exit 1; echo "kernels: $${cu%.cu}.ptx"; done

# --------------------------------------------------------- co-simulation
# tools/cosim_build.sh verilates verilog/NAME.v at a parameter set (every
# parameter of the C model's table as -G), generates the RTL port glue from
# the Verilated header and compiles it with the harness; the C models come
# in as the library built above with gcc -std=c11, so the model the tests
# check is the very code the harness links.  Defaults: build/cosim_NAME;
# other parameter sets are cached under build/cosim/NAME/KEY/ (docs/cosim.md).
#
#   make cosim                                  every structure, defaults
#   make cosim STRUCT=name [PARAMS="K=V ..."] [CYCLES=N] [SEED=S] [XRAND=1]
#              [REPLAY=file] [RECORD=file] [ARGS="more harness flags"]
$(B)/cosim_params: tools/cosim_params.c $(B)/gen/cosim_tables.c $(B)/libmodels.a $(HDRS)
	$(CC) $(CFLAGS_OPT) -I. $< $(B)/gen/cosim_tables.c $(B)/libmodels.a -o $@

# The table of every structure's parameters (foo_params, rtl_c/port.h).
$(B)/gen/cosim_tables.c: Makefile $(wildcard rtl_c/*.h) | $(B)
	@mkdir -p $(dir $@)
	@{ echo '/* generated by the Makefile: every structure with a cosim harness */'; \
	  echo '#include "rtl_c/port.h"'; \
	  for s in $(STRUCTS); do echo "extern const struct param_table $${s}_params;"; done; \
	  echo 'const struct param_table *const cosim_tables[] = {'; \
	  for s in $(STRUCTS); do echo "    &$${s}_params,"; done; \
	  echo '    0};'; } >$@

$(B)/cosim_%: verilog/%.v $(wildcard verilog/*.v) $(wildcard verilog/*.vh) tb/%_cosim.cpp tb/cosim.cpp $(wildcard tb/*.h) tools/rtl_ports.sh $(B)/libmodels.a $(B)/cosim_params
	@tools/cosim_build.sh $* >/dev/null

$(B)/replay_gen: tools/replay_gen.c $(B)/libmodels.a $(HDRS)
	$(CC) $(CFLAGS_OPT) $< $(B)/libmodels.a -o $@

CYCLES ?= $(COSIM_CYCLES)
# make cosim needs the compilers and Verilator only: not make deps' Python
# environment (a pip install)
cosim: | $(B)
	@tools/deps.sh verilator gcc g++ make flock
ifeq ($(STRUCT),)
	@$(MAKE) --no-print-directory $(COSIM_BINS)
	@for s in $(STRUCTS); do $(B)/cosim_$$s --cycles $(CYCLES) --seed $(SEED) --quiet || exit 1; done
else
	@if [ ! -f tb/$(STRUCT)_cosim.cpp ]; then \
	  echo "make cosim: STRUCT must be one of: $(STRUCTS)" >&2; exit 2; fi
	@bin=$$(tools/cosim_build.sh $(if $(XRAND),--xrand) $(STRUCT) $(PARAMS)) || exit $$?; \
	  $$bin --seed $(SEED) --quiet $(if $(REPLAY),--replay $(REPLAY),--cycles $(CYCLES)) \
	    $(if $(RECORD),--record $(RECORD)) $(if $(XRAND),+verilator+rand+reset+2 +verilator+seed+$(SEED)) $(ARGS)
endif

# --------------------------------------------------------------- regress
# Every structure x design point (defaults, small, large, odd, and edge
# where a structure has one, of tb/design_points) x seed, over GNU parallel; one JSON line per shard under
# build/regress/shards/, then the merged summary (exit 1 on any failure).
# SSHLOGINFILE=file spreads the shards over machines (GNU parallel).
SEEDS ?= 1-8
JOBS  ?= 2
# Then KERNELS random kernels per mechanism of build/simt x preset (and
# design point), each checked against the scalar reference with the timing
# oracle on, SIMT_JOBS at a time on GNU parallel (default one per core;
# tb/simt/regress.sh, tb/kernels/README.md "Tests"); the sweep check; make
# mutate FORMAL=1 (JOBS at a time, docs/formal.md).
KERNELS ?= 1000
SIMT_JOBS ?= $(NPROC)
# Last, Icarus replays the 10,000-cycle recordings (seed 11, a reset every
# 3,000) of the structures whose make test replay is shorter (tests/run.sh,
# icarus_rec: minutes each in Icarus).  And cocotb at dwf's and
# warp_pool's defaults with the 2,000 recorded cycles of the other
# structures (make test's are shorter: tests/python/test_cocotb.py).
ICARUS_LONG := dwf warp_pool swi_sched shadow_scoreboard
regress: deps $(B)/libmodels.a $(B)/cosim_params $(B)/simt $(addprefix $(B)/cosim_,$(ICARUS_LONG)) $(B)/py/.built
	@rc=0; tools/regress.sh --seeds $(SEEDS) --cycles $(CYCLES) --jobs $(JOBS) \
	  $(if $(SSHLOGINFILE),--sshloginfile $(SSHLOGINFILE)) || rc=1; \
	  tb/simt/regress.sh $(B) $(KERNELS) $(SIMT_JOBS) || rc=1; \
	  $(MAKE) --no-print-directory sweep-check || rc=1; \
	  FORMAL_JOBS=$(JOBS) $(MAKE) --no-print-directory mutate FORMAL=1 || rc=1; \
	  tools/doc_commands.py --build $(B) --kinds slow || rc=1; \
	  tests/regress_formal_signal.py $(B) || rc=1; \
	  mkdir -p $(B)/regress; for s in $(ICARUS_LONG); do \
	    $(B)/cosim_$$s --cycles 10000 --seed 11 --reset-every 3000 --quiet --record $(B)/regress/icarus_$$s.vec && \
	    tools/replay_icarus.sh $(B)/regress/icarus_$$s.vec $(B)/regress/icarus_$$s || rc=1; done; \
	  WARPHW_BUILD=$(abspath $(B)) WARPHW_COCOTB_CYCLES=2000 $(PY) -m pytest -q -p no:cacheprovider \
	    tests/python/test_cocotb.py -k "default_point and (dwf or warp_pool)" || rc=1; exit $$rc

# ----------------------------------------------------------------- sweeps
# tools/sweep.py (docs/sweep.md): the jobs of the sweep files SWEEP on GNU
# parallel (SWEEP_JOBS at a time, default one per core; SSHLOGINFILE for
# other machines), one CSV; run again to resume.  SIMT: the simt command.
SWEEP     ?= tools/sweeps/003.sweep
SWEEP_OUT ?= $(O)/sweep.csv
ifneq ($(filter sweep,$(MAKECMDGOALS)),)
  ifneq ($(words $(SWEEP)),$(words $(wildcard $(SWEEP))))
    $(error make sweep: no such SWEEP file: $(filter-out $(wildcard $(SWEEP)),$(SWEEP)))
  endif
endif
sweep: deps $(B)/simt | $(B)
	@tools/sweep.py run $(SWEEP) -o $(SWEEP_OUT) $(if $(SWEEP_JOBS),--jobs $(SWEEP_JOBS)) \
	  $(if $(SSHLOGINFILE),--sshloginfile $(SSHLOGINFILE)) $(if $(SIMT),--simt "$(SIMT)") \
	  --charts $(basename $(SWEEP_OUT))
# make regress: every CUDA kernel x every mechanism x every preset (at least
# 200 jobs) on GNU parallel, killed part-way and resumed (tests/sweep_check.sh),
# then the papers' claims that hold must still hold (tools/papers_results.py
# --assert).
sweep-check: $(B)/simt
	@tests/sweep_check.sh $(B)
	@tools/papers_results.py --assert $(if $(SWEEP_JOBS),--jobs $(SWEEP_JOBS))
# docs/papers-results.md, its CSV and charts from the papers' sweeps
# (tools/sweeps/NNN*.sweep: 273 jobs, about 50 s of CPU; resumes in
# build/results/papers.csv, started again when build/simt is newer)
results: deps $(B)/simt
	@tools/papers_results.py $(if $(SWEEP_JOBS),--jobs $(SWEEP_JOBS))

# ------------------------------------------------------------------ demo
# every core for the build (each co-simulation build is its own job) and,
# in make test, for the tests (tests/run.sh runs its independent steps
# TEST_JOBS at a time)
NPROC := $(shell nproc 2>/dev/null || echo 2)
# Step 1 co-simulates every structure for COSIM_CYCLES cycles (no waveform:
# the check).  Step 2 writes each structure's waveform, the first
# WAVE_CYCLES cycles of the same run (same seed, same stimulus), as
# out/NAME.fst (WAVES=vcd: out/NAME.vcd; WAVES=none: none).  Step 3 writes
# the area report, step 4 runs the built-in kernels (tb/simt/demo.sh).
demo: deps
	@$(MAKE) --no-print-directory -j$(NPROC) all
	@case "$(WAVES)" in fst|vcd|none) ;; \
	  *) echo "make demo: WAVES must be fst, vcd or none, not '$(WAVES)'" >&2; exit 2;; esac
	@mkdir -p $(O)
	@echo "== 1. co-simulation, C model vs Verilated RTL: $(COSIM_CYCLES) cycles each, seed $(SEED)"
	@rc=0; for s in $(STRUCTS); do \
	  $(B)/cosim_$$s --cycles $(COSIM_CYCLES) --seed $(SEED) --quiet || rc=1; \
	done; exit $$rc
	@if [ "$(WAVES)" != none ]; then \
	  echo "== 2. waveforms ($(WAVES), the first $(WAVE_CYCLES) cycles of each run, 10 ns per cycle):"; \
	  for s in $(STRUCTS); do \
	    tools/wave.sh $(B)/cosim_$$s $(O)/$$s.$(WAVES) --cycles $(WAVE_CYCLES) --seed $(SEED) --quiet >/dev/null || exit 1; \
	    echo "   $(O)/$$s.$(WAVES)  ($$(du -k $(O)/$$s.$(WAVES) | cut -f1) KB)"; \
	  done; \
	  echo "   open one with its save file: gtkwave $(O)/NAME.$(WAVES) vcd/NAME.gtkw"; fi
	@echo "== 3. area"; $(MAKE) --no-print-directory area
	@echo "== 4. kernels"; tb/simt/demo.sh $(B) $(O)

# ---------------------------------------------------------------- python
# The package warphw (python/warphw, docs/python.md) compiled into build/py
# for the project's own tests (pip install . builds the same sources into
# a wheel); build/venv is made by make deps (tools/deps.sh).  The glue C is
# also checked with the project's warnings (cffi compiles it without them).
PY       := $(B)/venv/bin/python
PY_SRC   := $(wildcard python/warphw/*.py) python/warphw/_glue.c python/warphw/_glue.h
$(B)/py/.built: $(PY_SRC) $(LIB_SRC) $(HDRS) | $(B)
	@test -x $(PY) || { echo "make: $(PY) is missing: run make deps" >&2; exit 2; }
	@mkdir -p $(B)/py/warphw
	$(PY) python/warphw/_build.py $(B)/py
	$(CC) $(CSTD) -D_POSIX_C_SOURCE=200809L -fsyntax-only -I. python/warphw/_glue.c $(B)/py/pyglue/whw_structs.c
	cp python/warphw/*.py $(B)/py/warphw/
	@touch $@
py: $(B)/py/.built
.PHONY: py

# ------------------------------------------------------------------ tests
test: deps
	@$(MAKE) --no-print-directory -j$(NPROC) all $(B)/py/.built
	@TEST_JOBS=$${TEST_JOBS:-$(NPROC)} tests/run.sh $(B)

# ------------------------------------------------------------------- lint
lint: deps
	@tools/lint.sh $(MODULES)

# ------------------------------------------------------------------ bench
bench: deps $(B)/libmodels.a $(B)/cosim_params $(B)/simt | $(B)
	@tools/bench.sh $(STRUCTS)
	@echo "== build/simt --bench: the SM model, warp-instructions per second"
	@$(B)/simt --bench
	@for l in tb/kernels/cuda/*.launch; do \
	  echo "== build/simt --launch $$l --bench"; $(B)/simt --launch $$l --bench; done

# ----------------------------------------------------------------- mutate
# One operator mutant at a time in a scratch copy of verilog/, each module's
# cosim rebuilt and run (tools/mutate.sh); MODULE=name restricts it (an
# include file verilog/U.vh is MODULE=U, judged by its includers' cosims).
MUTANTS       ?= 40
MUTATE_CYCLES ?= 20000
# FORMAL=1: the formal mode (tools/formal.sh --mutants, docs/formal.md):
# for each structure of tools/formal_points.txt (or MODULE=name), the
# mutants tools/mutate_equivalent.txt lists and the survivors of make
# mutate's last run (out/mutate/summary.txt), of its file and of the include
# files it reads, model-checked against its properties to BMC_DEPTH
# (FORMAL_QUICK=1: QUICK_DEPTH); FORMAL_MUTANTS=all or N adds every (N) mutant (ids:N,M,.. those)
# of its own file, compared with the co-simulation's verdicts.
ifneq ($(FORMAL),)
mutate: deps $(B)/formal_vec $(B)/mutate_gen $(B)/replay_gen
	@FORMAL_MUTANTS=$(FORMAL_MUTANTS) tools/formal.sh --mutants $(if $(FORMAL_QUICK),--quick) $(B) $(if $(MODULE),$(MODULE),$(FORMAL_STRUCTS))
else
mutate: deps $(B)/libmodels.a $(B)/cosim_params $(B)/mutate_gen $(B)/replay_gen
	@MUTANTS=$(MUTANTS) MUTATE_CYCLES=$(MUTATE_CYCLES) tools/mutate.sh $(B) $(if $(MODULE),$(MODULE),$(STRUCTS) $(filter-out formal,$(patsubst verilog/%.vh,%,$(wildcard verilog/*.vh))))
endif

$(B)/mutate_gen: tools/mutate_gen.c | $(B)
	$(CC) $(CFLAGS_OPT) $< -o $@

# ----------------------------------------------------------------- formal
# Each structure's properties (the `ifdef FORMAL blocks of verilog/*.v)
# proved by k-induction with yosys-smtbmc at the points of
# tools/formal_points.txt, or bounded where induction does not close; then
# each planted fault of tools/formal_faults.txt must be reported FAILED
# (docs/formal.md): the structures of tools/formal_points.txt, or
# STRUCT=name; FORMAL_JOBS (default: every core) runs that many structures
# at a time; FORMAL_QUICK=1 is make test's subset (BMC only, to the quick
# column's depth, at the quick point; no induction).
FORMAL_STRUCTS = $(shell awk '!/^\#/ && NF { print $$1 }' tools/formal_points.txt)
# Each structure's result lines go to docs/formal-results/ (in git), and
# docs/formal.md's results table is written from them (tools/formal_table.py),
# even when a property failed: the page shows the failure.
formal: deps $(B)/formal_vec $(B)/mutate_gen
	@rc=0; tools/formal.sh $(if $(FORMAL_QUICK),--quick) $(B) $(if $(STRUCT),$(STRUCT),$(FORMAL_STRUCTS)) || rc=$$?; \
	  python3 tools/formal_table.py || rc=1; exit $$rc

# formal_vec writes a counterexample as a vector file in the C model's port
# order: the table of every model's port list, generated like cosim_tables
$(B)/gen/formal_ports.c: Makefile $(wildcard rtl_c/*.h) | $(B)
	@mkdir -p $(dir $@)
	@{ echo '/* generated by the Makefile: the port list of every structure (tools/formal_vec.c) */'; \
	  echo '#include <string.h>'; \
	  for s in $(STRUCTS); do echo "#include \"rtl_c/$$s.h\""; done; \
	  echo 'struct formal_ports { const char *structure; const struct param_table *params;'; \
	  echo '    void (*ports)(const void *cfg, port_visit_fn visit, void *ctx); };'; \
	  for s in $(STRUCTS); do \
	    echo "static void $${s}_fports(const void *cfg, port_visit_fn visit, void *ctx)"; \
	    echo "{ static $${s}_in in; static $${s}_out out; memset(&in, 0, sizeof in); memset(&out, 0, sizeof out);"; \
	    echo "  $${s}_ports((const $${s}_cfg *)cfg, &in, &out, visit, ctx); }"; done; \
	  echo 'const struct formal_ports formal_ports[] = {'; \
	  for s in $(STRUCTS); do echo "    {\"$$s\", &$${s}_params, $${s}_fports},"; done; \
	  echo '    {0, 0, 0}};'; } >$@

$(B)/formal_vec: tools/formal_vec.c $(B)/gen/formal_ports.c $(B)/libmodels.a $(HDRS)
	$(CC) $(CFLAGS_OPT) -I. $< $(B)/gen/formal_ports.c $(B)/libmodels.a -o $@

# ------------------------------------------------------------------ waves
# A short run of one structure into its own file, out/waves_NAME.fst (or
# .vcd with WAVES=vcd), so it never overwrites the demo's out/NAME.fst.
waves: deps $(COSIM_BINS)
	@if [ -z "$(STRUCT)" ] || [ ! -f tb/$(STRUCT)_cosim.cpp ]; then \
	  echo "make waves: STRUCT must be one of: $(STRUCTS)" >&2; exit 2; fi
	@case "$(WAVES)" in fst|vcd) ;; \
	  *) echo "make waves: WAVES must be fst or vcd, not '$(WAVES)'" >&2; exit 2;; esac
	@mkdir -p $(O)
	@tools/wave.sh $(B)/cosim_$(STRUCT) $(O)/waves_$(STRUCT).$(WAVES) --cycles $(WAVE_CYCLES_SHORT) --seed $(SEED) --quiet
	@echo "open with: gtkwave $(O)/waves_$(STRUCT).$(WAVES) vcd/$(STRUCT).gtkw"

# ------------------------------------------------------------------- docs
# The parameter tables and the coverage keys, error codes and acts on each
# structure's page, from the code (tools/docs_gen.py; make test checks them)
docs: $(COSIM_BINS) $(B)/cosim_params
	@tools/docs_gen.py --build $(B)
	@python3 tools/formal_table.py

# docs/scalar.md's scalar fraction per kernel and docs/scalar_fraction.svg
# (issue 26, 002 Fig. 10's kind), from build/simt runs at 002's preset
scalar-fraction: $(B)/simt
	@tools/scalar_fraction.py --build $(B)
.PHONY: scalar-fraction

# ------------------------------------------------------------------- area
area: deps $(AREA_BIN) | $(B)
	@for f in md csv json svg; do $(B)/area report --paper all --energy --format $$f -o $(O)/area_report.$$f || exit 1; done
	@echo "area: wrote $(O)/area_report.{md,csv,json,svg}"

area-yosys: deps $(AREA_BIN)
	@area/yosys_compare.sh $(B)

# 002 sec. 5.10 Fig. 12: runtime, power, energy, EDP of SIMT, TSIMT, STSIMT and
# their scalarized forms over SIMT at 002's preset, into docs/energy.md
.PHONY: energy-fig12
energy-fig12: $(B)/simt
	@python3 tools/energy_fig12.py $(B) docs/energy.md
	@echo "energy-fig12: wrote docs/energy.md (Fig. 12 section)"

clean:
	rm -rf $(B) $(O)
