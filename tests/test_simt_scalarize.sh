#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# test_simt_scalarize.sh BUILD_DIR -- scalarization on the SM core (issue
# 26; tb/simt/scalar.h, docs/scalar.md): simt+scalar, tsimt+scalar and
# stsimt+scalar run every built-in kernel and 200 generated ones at the
# default and 002 presets against the reference with the soundness check
# on; a planted unsound scalarization (--inject-fault scalar@0) is caught
# with its line; 002 sec. 5.8-5.9's claims: scalarization takes fewer
# cycles with much uniform work (reduction.k at 002's preset, on SIMT and
# on TSIMT; on every CUDA kernel with 20% or more scalar work, on TSIMT),
# changes nothing with none, and STSIMT4 with scalarization is no slower
# than SIMT with GCN-style scalarization on a divergent kernel (and as a
# geometric mean over the divergent CUDA kernels); occupancy from the
# allocation; a planted %tid-dependent add marked scalar is caught.
set -u
B=${1:-build}
S=$B/simt
T=$B/test/simt_scalarize
mkdir -p "$T"
ok() { echo "ok $1"; }
bad() { echo "FAIL $1${2:+: $2}"; }
SCAL=simt+scalar,tsimt+scalar,stsimt+scalar

# field MECH KEY < json: one value of one row of build/simt --format json
field() {
  python3 -c 'import json,sys; r=[x for x in json.load(sys.stdin)["rows"] if x["mech"]==sys.argv[1]]; print(r[0][sys.argv[2]] if r else "")' "$1" "$2"
}

for cfg in default 002; do
  n=0 failed=()
  for k in tb/kernels/*.k; do
    if ! "$S" --kernel "$k" --mech spe,$SCAL --config "$cfg" --format json \
        >"$T/run.json" 2>"$T/run.err"; then
      failed+=("$(basename "$k"): $(head -1 "$T/run.err")")
    fi
    n=$((n + 1))
  done
  if [ ${#failed[@]} -eq 0 ] && [ "$n" -ge 8 ]; then
    ok "builtin_kernels_simt_scalar_$cfg"
  else
    bad "builtin_kernels_simt_scalar_$cfg" "${failed[*]}"
  fi
  if "$S" --random 200 --mech spe,$SCAL --config "$cfg" --quiet >"$T/random.out" 2>&1 &&
      grep -q ': 0 failed' "$T/random.out"; then
    ok "random_kernels_simt_scalar_$cfg"
  else
    bad "random_kernels_simt_scalar_$cfg" "$(tail -1 "$T/random.out")"
  fi
done

# planted NAME PATTERN ARGS...: a planted unsound mark (--inject-fault
# scalar@0: the first thread-dependent ALU instruction marked scalar) must
# stop the run (exit 1) on the spot with the message PATTERN (file, line)
planted() {
  local name=$1 pat=$2 rc
  shift 2
  "$S" "$@" --inject-fault scalar@0 >"$T/$name.out" 2>"$T/$name.err"
  rc=$?
  if [ $rc -eq 1 ] && grep -q "$pat" "$T/$name.err"; then ok "$name"
  else bad "$name" "exit $rc: $(head -1 "$T/$name.err")"; fi
}
planted planted_unsound_scalarization_caught \
  "reduction.k:[0-9]*: pc [0-9]*: scalar instruction .*(the scalarization is unsound)" \
  --kernel tb/kernels/reduction.k --mech simt+scalar
# and without the soundness check the reference comparison catches it
"$S" --kernel tb/kernels/reduction.k --mech simt+scalar --inject-fault scalar@0 \
  --no-check >"$T/fault2.out" 2>"$T/fault2.err"
rc=$?
if [ $rc -eq 1 ] && grep -q "reference" "$T/fault2.err"; then
  ok planted_unsound_scalarization_unchecked_caught
else
  bad planted_unsound_scalarization_unchecked_caught "exit $rc: $(head -1 "$T/fault2.err")"
fi

# 002 sec. 5.8-5.9: fewer cycles with much uniform work, on SIMT and TSIMT
"$S" --kernel tb/kernels/reduction.k --mech spe,tsimt,$SCAL --config 002 --format json \
  >"$T/red.json" 2>"$T/red.err"
for pair in spe:simt+scalar tsimt:tsimt+scalar; do
  a=${pair%%:*} b=${pair##*:}
  c0=$(field "$a" cycles <"$T/red.json"); c1=$(field "$b" cycles <"$T/red.json")
  s1=$(field "$b" scalar_issues <"$T/red.json")
  if [ -n "$c0" ] && [ -n "$c1" ] && [ "${s1:-0}" -gt 0 ] && [ "$c1" -lt "$c0" ]; then
    ok "claim_002_scalarization_fewer_cycles_$b ($a $c0, $b $c1, $s1 scalar issues)"
  else
    bad "claim_002_scalarization_fewer_cycles_$b" "$a $c0, $b $c1, scalar issues $s1"
  fi
done

# 002 sec. 5.9: on a divergent kernel STSIMT4+scalar is no slower than
# SIMT+scalar (002: 4.2% faster on its divergent benchmarks)
"$S" --kernel tests/simt_scalar/div8_scalar.k --mech simt+scalar,stsimt+scalar \
  --config 002 --format json >"$T/div.json" 2>"$T/div.err"
c0=$(field simt+scalar cycles <"$T/div.json"); c1=$(field stsimt+scalar cycles <"$T/div.json")
if [ -n "$c0" ] && [ -n "$c1" ] && [ "$c1" -le "$c0" ]; then
  ok "claim_002_stsimt4_scalar_divergent (simt+scalar $c0, stsimt+scalar $c1)"
else
  bad claim_002_stsimt4_scalar_divergent "simt+scalar $c0, stsimt+scalar $c1"
fi

# A scalar instruction with a vector destination (step 4: r4 is written on
# both sides of a divergent branch and read after it) runs as a vector one
# on the temporal lanes (tsimt_frontend.h SCALAR, core_scalar_once); the
# scalar unit takes it.  Per warp (8 warps of 32 at 002's preset) 4 scalar
# instructions issue: mov r1 and mov r3 (scalar destinations) and the two
# mov r4 (vector).  simt+scalar runs 32 once, tsimt+scalar and
# stsimt+scalar 16; the front end's vector file shows the SM model driving
# the port: 16 fills and 16 issues with the scalar bit.
cat >"$T/vecdst.k" <<'K'
.kernel vecdst
.threads 256
.mem 1024
    mov r1, 4
    mov r2, %tid
    setp.lt p0, %lane, 16
    @p0 bra A
    mov r3, 7
    mov r4, 1
    bra B
A:  mov r4, 2
B:  add r5, r4, r1
    st [r2+8], r5
    exit
K
rm -rf "$T/vecdst_trace"
if "$S" --kernel "$T/vecdst.k" --mech $SCAL --config 002 --format json \
    --trace-dir "$T/vecdst_trace" >"$T/vd.json" 2>"$T/vd.err"; then
  s0=$(field simt+scalar scalar_issues <"$T/vd.json")
  s1=$(field tsimt+scalar scalar_issues <"$T/vd.json")
  s2=$(field stsimt+scalar scalar_issues <"$T/vd.json")
  if [ "$s0" = 32 ] && [ "$s1" = 16 ] && [ "$s2" = 16 ]; then
    ok "scalar_vector_destination_runs_as_vector_on_lanes (scalar issues: simt+scalar $s0, tsimt+scalar $s1, stsimt+scalar $s2)"
  else
    bad scalar_vector_destination_runs_as_vector_on_lanes "scalar issues: simt+scalar $s0, tsimt+scalar $s1, stsimt+scalar $s2 (expected 32 16 16)"
  fi
  for m in tsimt+scalar stsimt+scalar; do
    n=$(python3 - "$T/vecdst_trace/$m-tsimt_frontend.vec" <<'P'
import sys
f = open(sys.argv[1])
names = [x.split(':')[0] for x in f.readline().split() if ':' in x]
fills = issues = 0
for line in f:
    if line.startswith('#'):
        continue
    v = dict(zip(names, line.split()))
    if v['rst'] == '1':
        continue
    fills += v['fill_valid'] == '1' and v['fill_scalar'] == '1'
    issues += v['iss_valid'] == '1' and v['iss_scalar'] == '1'
print(fills, issues)
P
)
    if [ "$n" = "16 16" ]; then
      ok "scalar_port_driven_$m (fill_scalar and iss_scalar: $n)"
    else
      bad "scalar_port_driven_$m" "fills and issues with the scalar bit: ${n:-none} (expected 16 16)"
    fi
  done
else
  bad scalar_vector_destination_runs_as_vector_on_lanes "$(head -1 "$T/vd.err")"
fi

# no uniform work: every value depends on the thread id; nothing changes
cat >"$T/nouniform.k" <<'K'
.kernel nouniform
.threads 64
.mem 256
    mov r1, %tid
    add r2, r1, r1
    mul r3, r2, r1
    setp.lt p0, r1, r3
    @p0 bra A
    add r3, r3, r1
A:  st [r1], r3
    exit
K
"$S" --kernel "$T/nouniform.k" --mech spe,tsimt,stsimt,$SCAL --config 002 \
  --format json >"$T/nu.json" 2>"$T/nu.err"
for pair in spe:simt+scalar tsimt:tsimt+scalar stsimt:stsimt+scalar; do
  a=${pair%%:*} b=${pair##*:}
  c0=$(field "$a" cycles <"$T/nu.json"); c1=$(field "$b" cycles <"$T/nu.json")
  s1=$(field "$b" scalar_issues <"$T/nu.json")
  if [ -n "$c0" ] && [ "$s1" = 0 ] && [ "$c1" = "$c0" ]; then
    ok "claim_002_no_uniform_work_no_change_$b ($a $c0, $b $c1)"
  else
    bad "claim_002_no_uniform_work_no_change_$b" "$a $c0, $b $c1, scalar issues $s1"
  fi
done

# 002 sec. 4.3 and 5.8: occupancy follows from the allocation (core.h, CTA
# dispatch).  At 002's preset (rf_regs = 16384) hotspot's CTA (256 threads,
# 8 warps) takes rf_regs_cta registers: warps x (32 x vector registers per
# thread + scalar registers per warp), every register vector without
# scalarization.  Each row's cta_slots must be min(max_ctas, max_threads /
# 256, max_warps / 8, rf_regs / rf_regs_cta, 4 CTAs), computed here from the
# preset file, and scalarization must fit more CTAs (002 l.1168-1170: 4 warps
# in a lane instead of 3).
"$S" --config 002 --launch tb/kernels/cuda/hotspot.launch --mech spe,$SCAL \
  --format json >"$T/occ.json" 2>"$T/occ.err"
if python3 - "$T/occ.json" tb/simt/configs/002.cfg >"$T/occ.out" 2>&1 <<'P'
import json, sys
rows = {r["mech"]: r for r in json.load(open(sys.argv[1]))["rows"]}
cfg = {}
for line in open(sys.argv[2]):
    f = line.split("#")[0].split("=")
    if len(f) == 2:
        cfg[f[0].strip()] = f[1].strip()
CT, CW, grid = 256, 8, 4
bad = []
for m, r in rows.items():
    per_cta = int(r["rf_regs_cta"])
    if r.get("vregs") not in (None, ""):
        want_cta = CW * (32 * int(r["vregs"]) + int(r["sregs"]))
        if per_cta != want_cta:
            bad.append("%s: rf_regs_cta %d, vregs/sregs give %d" % (m, per_cta, want_cta))
    elif per_cta % (CW * 32):
        bad.append("%s: rf_regs_cta %d is not whole registers per thread" % (m, per_cta))
    want = min(int(cfg["max_ctas"]), int(cfg["max_threads"]) // CT, int(cfg["max_warps"]) // CW,
               int(cfg["rf_regs"]) // per_cta, grid)
    if int(r["cta_slots"]) != want:
        bad.append("%s: cta_slots %s, expected %d" % (m, r["cta_slots"], want))
    print(m, r["cta_slots"], per_cta)
if not int(rows["simt+scalar"]["cta_slots"]) > int(rows["spe"]["cta_slots"]):
    bad.append("scalarization did not raise occupancy: spe %s, simt+scalar %s CTAs"
               % (rows["spe"]["cta_slots"], rows["simt+scalar"]["cta_slots"]))
if bad:
    print("; ".join(bad))
    sys.exit(1)
P
then
  ok "occupancy_002_from_the_allocation ($(tr '\n' ' ' <"$T/occ.out"))"
else
  bad occupancy_002_from_the_allocation "$(tail -1 "$T/occ.out") $(head -1 "$T/occ.err")"
fi
# a register file too small for one CTA: one line naming it, exit 2
"$S" --kernel tb/kernels/reduction.k --set rf_regs=10 --mech simt+scalar \
  >"$T/rf10.out" 2>"$T/rf10.err"
rc=$?
if [ $rc -eq 2 ] && [ "$(wc -l <"$T/rf10.err")" -eq 1 ] && grep -q "does not fit the SM.*rf_regs 10" "$T/rf10.err"; then
  ok rf_regs_too_small_refused
else
  bad rf_regs_too_small_refused "exit $rc: $(head -2 "$T/rf10.err")"
fi

# 002 sec. 5.8-5.9 on the CUDA kernels at 002's preset: (a) scalarization
# reduces TSIMT's cycles on every kernel with much uniform work (a dynamic
# scalar fraction of 20% or more: address arithmetic on %ctaid, loop
# counters); (b) over the divergent kernels (SIMD efficiency below 85%,
# 002's split, l.811-813) STSIMT4+scalar is no slower than SIMT+scalar,
# as a geometric mean of the cycle ratios as 002 reports it (l.1188-1189:
# +4.2% for STSIMT4+scalarization on its divergent benchmarks)
for L in tb/kernels/cuda/*.launch; do
  "$S" --config 002 --launch "$L" --mech simt+scalar,tsimt,tsimt+scalar,stsimt+scalar \
    --format json || echo "{\"kernel\": \"$L\", \"failed\": 1, \"rows\": []}"
done >"$T/cuda_claims.json" 2>"$T/cuda_claims.err"
if python3 - "$T/cuda_claims.json" >"$T/cuda_claims.out" 2>&1 <<'P'
import json, math, sys
txt, objs, i = open(sys.argv[1]).read(), [], 0
dec = json.JSONDecoder()
while i < len(txt):
    if txt[i].isspace():
        i += 1
        continue
    o, i = dec.raw_decode(txt, i)
    objs.append(o)
bad, many, logs = [], [], []
for o in objs:
    r = {x["mech"]: x for x in o["rows"]}
    if o.get("failed") or len(r) != 4:
        bad.append("%s did not run" % o["kernel"])
        continue
    s = r["simt+scalar"]
    if float(s["scalar_frac"]) >= 0.20:
        many.append(o["kernel"])
        if not int(r["tsimt+scalar"]["cycles"]) < int(r["tsimt"]["cycles"]):
            bad.append("%s: tsimt %s, tsimt+scalar %s cycles" % (o["kernel"], r["tsimt"]["cycles"],
                                                                r["tsimt+scalar"]["cycles"]))
    if float(s["simd_eff"]) < 0.85:
        logs.append(math.log(int(r["stsimt+scalar"]["cycles"]) / int(s["cycles"])))
g = math.exp(sum(logs) / len(logs)) if logs else float("nan")
if len(many) < 3 or len(logs) < 3 or not g <= 1.0:
    bad.append("%d uniform-heavy, %d divergent kernels, stsimt+scalar/simt+scalar geomean %.3f"
               % (len(many), len(logs), g))
print("%d kernels with >= 20%% scalar (%s); %d divergent, stsimt+scalar/simt+scalar geomean %.3f"
      % (len(many), " ".join(many), len(logs), g))
if bad:
    print("; ".join(bad))
    sys.exit(1)
P
then
  ok "claim_002_cuda_tsimt_scalar_and_stsimt4_divergent ($(head -1 "$T/cuda_claims.out"))"
else
  bad claim_002_cuda_tsimt_scalar_and_stsimt4_divergent "$(tail -1 "$T/cuda_claims.out")"
fi

# the planted unsound analysis of the issue: a %tid-dependent add marked
# scalar (the first thread-dependent ALU instruction of this kernel), at
# 002's preset, caught by the soundness check with its line
cat >"$T/tidadd.k" <<'K'
.kernel tidadd
.threads 64
.mem 256
    mov r1, 5
    add r2, r1, %tid
    st [r2], r1
    exit
K
planted planted_unsound_tid_add_caught_002 \
  "tidadd.k:5: pc 1: scalar instruction 'add r2, r1, %tid'.*(the scalarization is unsound)" \
  --kernel "$T/tidadd.k" --config 002 --mech $SCAL

# docs/scalar.md's scalar fraction per kernel and docs/scalar_fraction.svg
# are what the runs give (tools/scalar_fraction.py; make scalar-fraction)
if python3 tools/scalar_fraction.py --build "$B" --check >"$T/frac.out" 2>&1; then
  ok scalar_fraction_per_kernel_doc_current
else
  bad scalar_fraction_per_kernel_doc_current "$(head -1 "$T/frac.out")"
fi

# scalar_exec_warp (scalar.h): a warp's issue runs at once -- a vector
# instruction decoded once for its lanes, a scalar one run for the first
# lane and written to the others outside checked mode (under --check each
# thread of a scalar instruction is still evaluated and compared).  With
# the checks off the report and every issue must be the checked run's, on
# every built-in kernel and on CUDA kernels at 001 (shfl, atomics, loops)
n=0 diffs=()
for k in tb/kernels/*.k tests/simt_scalar/*.k; do
  a=$("$S" --kernel "$k" --mech $SCAL --format json --log - 2>&1; echo "rc=$?")
  b=$("$S" --kernel "$k" --mech $SCAL --format json --log - --no-check 2>&1; echo "rc=$?")
  [ "$a" = "$b" ] || diffs+=("$(basename "$k")")
  n=$((n + 1))
done
for L in hotspot histogram conv1d warp/cgtile warp/warpvote; do
  a=$("$S" --launch tb/kernels/cuda/$L.launch --config 001 --mech $SCAL --format json --log - 2>&1; echo "rc=$?")
  b=$("$S" --launch tb/kernels/cuda/$L.launch --config 001 --mech $SCAL --format json --log - --no-check 2>&1; echo "rc=$?")
  case $a in *'"mech"'*) ;; *) diffs+=("$L: no report");; esac
  [ "$a" = "$b" ] || diffs+=("$L")
  n=$((n + 1))
done
if [ ${#diffs[@]} -eq 0 ] && [ "$n" -ge 13 ]; then
  ok "scalar_warp_issue_no_check_same_as_checked ($n kernels)"
else
  bad scalar_warp_issue_no_check_same_as_checked "differ: ${diffs[*]}"
fi
