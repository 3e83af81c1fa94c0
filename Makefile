# Makefile -- every entry point of the project (SPEC sec. 1).
#
#   make            build the C models, the unit tests and every cosim binary
#   make demo       the main job: co-simulate every structure, write VCDs
#   make test       build and run every test; last line "N passed, N failed"
#   make cosim      co-simulate every structure (COSIM_CYCLES, SEED)
#   make lint       verilator -Wall, iverilog and yosys synth of every module
#   make bench      C model vs Verilated RTL cycles/s on the same stimulus
#   make waves STRUCT=name   write out/name.vcd and print the gtkwave command
#   make area       write out/area_report.{md,csv,json,svg}
#   make deps       install missing tools (apt-get), or print the command
#   make clean
#
# A structure is every name with verilog/NAME.v and tb/NAME_cosim.cpp.

SHELL       := /bin/bash
CC          ?= gcc
CXX         ?= g++
CSTD        := -std=c11 -Wall -Wextra -Werror
CFLAGS_OPT  := $(CSTD) -O2
CFLAGS_SAN  := $(CSTD) -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
B           := build
O           := out

STRUCTS     := $(sort $(patsubst tb/%_cosim.cpp,%,$(wildcard tb/*_cosim.cpp)))
MODULES     := $(sort $(patsubst verilog/%.v,%,$(wildcard verilog/*.v)))
MODEL_SRC   := $(wildcard rtl_c/*.c) $(wildcard vcd/*.c)
AREA_SRC    := $(filter-out area/area_main.c,$(wildcard area/*.c))
LIB_SRC     := $(MODEL_SRC) $(AREA_SRC)
HDRS        := $(wildcard rtl_c/*.h) $(wildcard vcd/*.h) $(wildcard area/*.h) tests/check.h
TESTS       := $(sort $(patsubst tests/%.c,%,$(wildcard tests/test_*.c)))
COSIM_BINS  := $(addprefix $(B)/cosim_,$(STRUCTS)) $(B)/cosim_shadow_scoreboard_regs48
AREA_BIN    := $(if $(wildcard area/area_main.c),$(B)/area)

COSIM_CYCLES ?= 100000
SEED         ?= 1
VERILATOR    ?= verilator

.PHONY: all deps demo test cosim lint bench waves area area-yosys clean
.SECONDARY:

all: $(B)/libmodels.a $(addprefix $(B)/tests/,$(TESTS)) $(addprefix $(B)/asan/,$(TESTS)) \
     $(COSIM_BINS) $(AREA_BIN)

deps:
	@tools/deps.sh

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

$(B)/area: area/area_main.c $(B)/libmodels.a $(HDRS)
	$(CC) $(CFLAGS_OPT) $< $(B)/libmodels.a -lm -o $@

$(B):
	@mkdir -p $(B) $(O)

# build/simt: the kernel driver (issue 13, tb/simt/, tb/kernels/README.md)
all: $(B)/simt
$(B)/simt: $(wildcard tb/simt/*.c) $(wildcard tb/simt/*.h) $(B)/libmodels.a $(HDRS)
	$(CC) $(CFLAGS_OPT) $(filter %.c,$^) $(B)/libmodels.a -lm -o $@

# --------------------------------------------------------- co-simulation
# Verilator compiles the RTL and the harness; the C models come in as the
# library built above with gcc -std=c11, so the model the tests check is
# the very code the harness links.
# (rm first: Verilator's own make does not relink when only libmodels.a changed)
$(B)/cosim_%: verilog/%.v $(wildcard verilog/*.v) tb/%_cosim.cpp tb/cosim.cpp $(wildcard tb/*.h) $(B)/libmodels.a
	@rm -f $@
	$(VERILATOR) --cc --exe --build -j 2 --trace-fst -O3 \
	  --top-module $* --Mdir $(B)/obj_$* -y verilog \
	  -MAKEFLAGS "OPT_FAST=-O2 OPT_SLOW=-O1" -CFLAGS "-O2 -std=c++14" \
	  -o $(CURDIR)/$@ \
	  $< $(CURDIR)/tb/$*_cosim.cpp $(CURDIR)/tb/cosim.cpp $(CURDIR)/$(B)/libmodels.a >/dev/null

# shadow_scoreboard again at REGS = 48 (not a power of two: BAD_REG is
# reachable only there); tests/run.sh runs it like every build/cosim_*.
$(B)/cosim_shadow_scoreboard_regs48: verilog/shadow_scoreboard.v tb/shadow_scoreboard_cosim.cpp tb/cosim.cpp $(wildcard tb/*.h) $(B)/libmodels.a
	@rm -f $@
	$(VERILATOR) --cc --exe --build -j 2 --trace-fst -O3 -GREGS=48 \
	  --top-module shadow_scoreboard --Mdir $(B)/obj_shadow_scoreboard_regs48 -y verilog \
	  -MAKEFLAGS "OPT_FAST=-O2 OPT_SLOW=-O1" -CFLAGS "-O2 -std=c++14 -DCOSIM_SB_REGS=48" \
	  -o $(CURDIR)/$@ \
	  $< $(CURDIR)/tb/shadow_scoreboard_cosim.cpp $(CURDIR)/tb/cosim.cpp $(CURDIR)/$(B)/libmodels.a >/dev/null

# dwf under the other issue policies (issue 11 item 8): POLICY is fixed at
# Verilator build time, so each is its own binary (tests/run.sh runs every
# build/cosim_*); the harness takes the matching C policy from DWF_BUILD_POLICY.
DWF_POLICIES := dmin:1 dtime:2 dpc:3 dpdpri:4
DWF_VAR_BINS := $(foreach p,$(DWF_POLICIES),$(B)/cosim_dwf_$(word 1,$(subst :, ,$(p))))
COSIM_BINS   += $(DWF_VAR_BINS)
all: $(DWF_VAR_BINS)
$(DWF_VAR_BINS): $(B)/cosim_dwf_%: verilog/dwf.v $(wildcard verilog/*.v) tb/dwf_cosim.cpp tb/cosim.cpp $(wildcard tb/*.h) $(B)/libmodels.a
	@rm -f $@
	$(VERILATOR) --cc --exe --build -j 2 --trace-fst -O3 \
	  --top-module dwf --Mdir $(B)/obj_dwf_$* -y verilog \
	  -GPOLICY=$(word 2,$(subst :, ,$(filter $*:%,$(DWF_POLICIES)))) \
	  -MAKEFLAGS "OPT_FAST=-O2 OPT_SLOW=-O1" \
	  -CFLAGS "-O2 -std=c++14 -DDWF_BUILD_POLICY=$(word 2,$(subst :, ,$(filter $*:%,$(DWF_POLICIES))))" \
	  -o $(CURDIR)/$@ \
	  $< $(CURDIR)/tb/dwf_cosim.cpp $(CURDIR)/tb/cosim.cpp $(CURDIR)/$(B)/libmodels.a >/dev/null

cosim: deps $(COSIM_BINS) | $(B)
	@for s in $(STRUCTS); do $(B)/cosim_$$s --cycles $(COSIM_CYCLES) --seed $(SEED) --quiet || exit 1; done

# ------------------------------------------------------------------ demo
demo: deps all
	@echo "== co-simulation, $(COSIM_CYCLES) cycles, seed $(SEED): C model vs Verilated RTL"
	@rc=0; for s in $(STRUCTS); do \
	  $(B)/cosim_$$s --cycles $(COSIM_CYCLES) --seed $(SEED) --quiet --vcd $(O)/$$s.vcd || rc=1; \
	done; \
	echo "== waveforms: $(foreach s,$(STRUCTS),$(O)/$(s).vcd)"; \
	echo "   open one with: make waves STRUCT=<name>"; exit $$rc
	@if [ -n "$(AREA_BIN)" ]; then $(MAKE) --no-print-directory area; fi

# ------------------------------------------------------------------ tests
test: deps all
	@tests/run.sh $(B)

# ------------------------------------------------------------------- lint
lint: deps
	@tools/lint.sh $(MODULES)

# ------------------------------------------------------------------ bench
bench: deps $(COSIM_BINS)
	@tools/bench.sh $(B) $(STRUCTS)

# ------------------------------------------------------------------ waves
waves: deps $(COSIM_BINS) | $(B)
	@if [ -z "$(STRUCT)" ] || [ ! -f tb/$(STRUCT)_cosim.cpp ]; then \
	  echo "make waves: STRUCT must be one of: $(STRUCTS)" >&2; exit 2; fi
	@$(B)/cosim_$(STRUCT) --cycles 2000 --seed $(SEED) --vcd $(O)/$(STRUCT).vcd --quiet
	@echo "open with: gtkwave $(O)/$(STRUCT).vcd vcd/$(STRUCT).gtkw"

# ------------------------------------------------------------------- area
area: deps $(AREA_BIN) | $(B)
	@if [ -z "$(AREA_BIN)" ]; then echo "area: no estimator built yet" >&2; exit 1; fi
	@for f in md csv json svg; do $(B)/area report --paper all --format $$f -o $(O)/area_report.$$f || exit 1; done
	@echo "area: wrote $(O)/area_report.{md,csv,json,svg}"

area-yosys: deps $(AREA_BIN)
	@area/yosys_compare.sh $(B)

clean:
	rm -rf $(B) $(O)
