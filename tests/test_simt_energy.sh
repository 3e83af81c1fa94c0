#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# test_simt_energy.sh BUILD_DIR -- energy, power and EDP of build/simt
# (issue 29 sec. 2, tb/simt/energy.h).  Prints ok/FAIL lines.
#   - totals: energy = dynamic + leakage = the sum of the structures;
#     power = energy / runtime, edp = energy x runtime at clock_mhz
#   - counts from the structures' own ports: every structure was charged
#     once per commit (its steps equal the lines of its --trace-dir vector
#     file, which records each step); the stack reads once per operation
#     (issues + launches), the TSIMT front end once per issue, the lanes
#     once per thread-instruction, the instruction buffers once per issue
#   - leakage scales with cycles: a longer memory latency (same work, more
#     cycles) charges the same leakage per cycle; a clock twice as fast
#     halves the leakage and leaves the dynamic energy alone
#   - dynamic energy scales with work: a loop run twice as many times costs
#     the dynamic energy of the thread-instructions' ratio (within 5%)
#   - a larger node never costs less dynamic or total energy (45 -> 90 nm)
#   - scalarization: fewer lane operations and less register-file energy
#     (bitonic at 002's preset)
#   - docs/energy.md's 002 Fig. 12 section is current (make energy-fig12)
set -u
B=${1:-build}
S=$B/simt
T=$B/test/simt_energy
mkdir -p "$T"
ok() { echo "ok $1"; }
bad() { echo "FAIL $1${2:+: $2}"; }
if [ ! -x "$S" ]; then bad simt_built "no $S"; exit 1; fi

# a uniform loop: ITER iterations of five instructions per thread
loop_kernel() {
  cat <<EOF
.kernel work
.threads 64
.mem 256
    mov r0, %tid
    mov r1, 0
    mov r2, $1
LOOP:
    add r1, r1, r0
    mul r3, r1, r2
    sub r2, r2, 1
    setp.gt p0, r2, 0
    @p0 bra LOOP
    st [r0], r1
    exit
EOF
}
loop_kernel 8 >"$T/w1.k"
loop_kernel 16 >"$T/w2.k"

run() { # out.json args...
  local out=$1
  shift
  "$S" "$@" --mech all --format json >"$out" 2>"$out.err" || { bad "run_$(basename "$out")" "$(head -1 "$out.err")"; return 1; }
}
run "$T/lud.json" tb/kernels/lud.k &&
run "$T/lud_slow.json" tb/kernels/lud.k --set mem_lat=400 &&
run "$T/lud_fast.json" tb/kernels/lud.k --set clock_mhz=2000 &&
run "$T/lud_90.json" tb/kernels/lud.k --tech 90 &&
run "$T/w1.json" "$T/w1.k" &&
run "$T/w2.json" "$T/w2.k" &&
run "$T/bitonic.json" --config 002 --launch tb/kernels/cuda/bitonic.launch || exit 0
rm -rf "$T/tr"
"$S" tb/kernels/lud.k --mech all --trace-dir "$T/tr" >/dev/null 2>"$T/tr.err" ||
  bad trace_run "$(head -1 "$T/tr.err")"

# docs/energy.md's Fig. 12 section is what tools/energy_fig12.py writes now
cp docs/energy.md "$T/energy.md"
if python3 tools/energy_fig12.py "$B" "$T/energy.md" 2>"$T/fig12.err"; then
  if cmp -s docs/energy.md "$T/energy.md"; then ok energy_fig12_doc_current
  else bad energy_fig12_doc_current "docs/energy.md differs from what make energy-fig12 writes: run it"; fi
else bad energy_fig12_doc_current "$(head -1 "$T/fig12.err")"; fi

python3 - "$T" <<'EOF'
import json, os, sys, glob, re
T = sys.argv[1]
def rows(n):
    return {r["mech"]: r for r in json.load(open(os.path.join(T, n)))["rows"]}
def items(r):  # name -> (dyn, leak)
    out = {}
    for part in r["energy_structs"].split("+"):
        name, v = part.split("=")
        d, l = v.split("/")
        out[name] = (float(d), float(l))
    return out
def counts(r):  # name -> [rd, wr, srch, act, steps]
    return {p.split("=")[0]: [int(x) for x in p.split("=")[1].split("/")] for p in r["energy_counts"].split("+")}
def close(a, b, rel):
    return abs(a - b) <= rel * max(abs(a), abs(b), 1e-12)
res = []
def check(name, cond, why=""):
    res.append(("ok " if cond else "FAIL ") + name + ("" if cond else ": " + why))

lud = rows("lud.json")
for m, r in lud.items():
    it = items(r)
    e, dyn, leak = r["energy_nj"], r["energy_dyn_nj"], r["energy_leak_nj"]
    us = r["cycles"] / r["clock_mhz"]
    check(f"energy_totals_{m}", close(e, dyn + leak, 1e-3) and
          close(dyn, sum(d for d, _ in it.values()), 2e-3) and
          close(leak, sum(l for _, l in it.values()), 2e-3), r["energy_structs"])
    check(f"energy_power_edp_{m}", close(r["power_mw"], e / us, 1e-3) and
          close(r["edp_nj_us"], e * us, 1e-3), f"{r['power_mw']} {r['edp_nj_us']}")
    c = counts(r)
    scal = "scalar" in m
    if not scal:
        check(f"energy_lane_ops_{m}", c["lanes"][3] == r["thread_insts"], f"{c['lanes']} vs {r['thread_insts']}")
    if "ibuf" in c and m in ("spe", "dpe", "simt+scalar"):  # one issue per slot
        check(f"energy_ibuf_reads_{m}", c["ibuf"][0] == r["warp_insts"], f"{c['ibuf']}")
    if "simt_stack" in c and m in ("spe", "tsimt", "stsimt", "simt+scalar"):
        # one read per operation: every issue and the 8 warps' launches
        check(f"energy_stack_reads_{m}", c["simt_stack"][0] == r["warp_insts"] + 8, f"{c['simt_stack']} {r['warp_insts']}")
    if "dpe_stack" in c:  # one operation per issue and per launch, as the SPE stack
        check(f"energy_dpe_stack_reads_{m}", c["dpe_stack"][0] == r["warp_insts"] + 8, f"{c['dpe_stack']}")
    if "swi_sched" in c:
        # a read per pick: every issue slot (I1, an I2 on another SIMD group
        # or substituting), every I2 beside I1 in its slot (swi_insts), and
        # the stage's discarded copy after each conflict (I1 with mask 0)
        want = r["warp_insts"] + int(r["swi_insts"]) + int(r["swi_conflicts"])
        check(f"energy_swi_picks_{m}", c["swi_sched"][0] == want, f"{c['swi_sched']} vs {want}")
    if "dwf" in c:  # the pool is read once per issue; each commit searches the LUT twice
        check(f"energy_dwf_pool_{m}", c["dwf"][0] == r["warp_insts"] and c["dwf"][2] % 2 == 0, f"{c['dwf']}")
    if "lane_regfile" in c:  # every executed thread reads ra0 and ra1 from its bank
        check(f"energy_lane_regfile_reads_{m}", c["lane_regfile"][0] == 2 * r["thread_insts"], f"{c['lane_regfile']}")
    if "tsimt_frontend" in c:
        check(f"energy_frontend_reads_{m}", c["tsimt_frontend"][0] == r["warp_insts"], f"{c['tsimt_frontend']}")
    # steps: one per commit, as many as the structure's trace lines
    for name, v in c.items():
        files = [f for f in glob.glob(os.path.join(T, "tr", m + "-" + name + "*.vec"))
                 if re.fullmatch(re.escape(m + "-" + name) + r"\d*\.vec", os.path.basename(f))]
        if not files:
            continue
        lines = sum(sum(1 for _ in open(f)) - 2 for f in files)
        check(f"energy_steps_{m}_{name}", v[4] == lines, f"{v[4]} counted, {lines} traced")

slow, fast, n90 = rows("lud_slow.json"), rows("lud_fast.json"), rows("lud_90.json")
for m, r in lud.items():
    s = slow[m]
    check(f"energy_leak_per_cycle_{m}", s["cycles"] > r["cycles"] and s["energy_leak_nj"] > r["energy_leak_nj"] and
          close(s["energy_leak_nj"] / s["cycles"], r["energy_leak_nj"] / r["cycles"], 1e-3),
          f"{r['cycles']} {r['energy_leak_nj']} -> {s['cycles']} {s['energy_leak_nj']}")
    f = fast[m]
    check(f"energy_clock_{m}", close(f["energy_leak_nj"], r["energy_leak_nj"] / 2, 2e-3) and
          close(f["energy_dyn_nj"], r["energy_dyn_nj"], 1e-6), f"{f['energy_leak_nj']} {r['energy_leak_nj']}")
    check(f"energy_node_{m}", n90[m]["energy_dyn_nj"] > r["energy_dyn_nj"] and
          n90[m]["energy_nj"] > r["energy_nj"], f"{n90[m]['energy_nj']} <= {r['energy_nj']}")

# scalarization (002 sec. 4): a scalar instruction reads its registers once
# and runs on one lane: fewer lane operations, less register-file energy
b = rows("bitonic.json")
for base, sc in (("spe", "simt+scalar"), ("tsimt", "tsimt+scalar"), ("stsimt", "stsimt+scalar")):
    x, y = b[base], b[sc]
    lx, ly = counts(x)["lanes"][3], counts(y)["lanes"][3]
    check(f"energy_scalar_saves_{sc}", int(y["scalar_issues"]) > 0 and ly < lx and
          items(y)["regfile"][0] < items(x)["regfile"][0], f"lanes {lx} -> {ly}, {x['energy_structs']} -> {y['energy_structs']}")

w1, w2 = rows("w1.json"), rows("w2.json")
for m in w1:
    a, b = w1[m], w2[m]
    work = b["thread_insts"] / a["thread_insts"]
    dyn = b["energy_dyn_nj"] / a["energy_dyn_nj"]
    check(f"energy_scales_with_work_{m}", abs(dyn / work - 1) < 0.05, f"dynamic x{dyn:.3f}, work x{work:.3f}")
print("\n".join(res))
EOF

# dpe_stack's writes, recounted from its own ports (the --trace-dir vector
# file): LAUNCH, ADVANCE, RECONV 1; POP 0; DIVERGE 2 (P's path and the
# pushed entry); SPLIT 1, or 2 when it is a COMPACT (a SPLIT with both TOS
# paths valid: Q goes to a slot below the TOS, the new entry to the TOS).
# tests/data/simt/twoexitif.k (tests/test_simt.sh) compacts at 001: the
# count must see it.
rm -rf "$T/trc"
if "$S" tests/data/simt/twoexitif.k --config 001 --mech dpe --trace-dir "$T/trc" --format json >"$T/trc.json" 2>"$T/trc.err"; then
  python3 - "$T" <<'PYEOF'
import json, os, sys
T = sys.argv[1]
r = json.load(open(os.path.join(T, "trc.json")))["rows"][0]
wr = {p.split("=")[0]: int(p.split("=")[1].split("/")[1]) for p in r["energy_counts"].split("+")}["dpe_stack"]
lines = open(os.path.join(T, "trc", "dpe-dpe_stack.vec")).read().split("\n")
hdr = lines[0].split()
ins, outs = hdr[hdr.index("in") + 1:hdr.index("out")], hdr[hdr.index("out") + 1:]
names = [f.split(":")[0] for f in ins + outs]
want = compacts = 0
for ln in lines[1:]:
    if not ln or ln.startswith("#"):
        continue
    v = dict(zip(names, ln.split()))
    if v["rst"] != "0" or v["op"] == "0" or v["err"] != "0":
        continue
    act = int(v["act"], 16)
    both = v["tos_l_valid"] == "1" and v["tos_r_valid"] == "1"
    want += {1: 1, 2: 1, 3: 1, 4: 0, 5: 2, 6: 1 + both, 7: 0}[act]
    compacts += act == 6 and both
ok = compacts > 0 and wr == want
print(("ok" if ok else "FAIL") + " energy_dpe_stack_compact_writes" +
      ("" if ok else f": {wr} writes counted, {want} from the ports ({compacts} compactions)"))
PYEOF
else bad energy_dpe_stack_compact_writes "$(head -1 "$T/trc.err")"; fi
