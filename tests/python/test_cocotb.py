# SPDX-License-Identifier: Apache-2.0
"""The generic cocotb testbench (warphw.cocotb_tb) in Icarus, through
cocotb's Python runner: every structure's Verilog against its C model at
its default and `odd` design points (tb/design_points), 0 mismatches; and a
planted fault in a copy of the Verilog must be reported as a mismatch.

At the default point the stimulus is the C++ harness' own (a recording of
cosim_NAME, replayed: the RTL is compared with the Python C model and with
the recorded outputs); at the odd point it is warphw.stim's constrained
random traffic, legal and illegal, with the C model as the constraint
solver.  Cycles: WARPHW_COCOTB_CYCLES (default 2000; at the default point
of dwf and warp_pool fewer, DEFAULT_CYCLES below, unless it is set)."""
from __future__ import annotations

import os
import re
import shutil
import subprocess

import pytest

import warphw
from conftest import BUILD, ROOT, design_point
from warphw.cocotb_run import run

CYCLES = int(os.environ.get("WARPHW_COCOTB_CYCLES", "2000"))
# dwf and warp_pool at their defaults are the structures Icarus simulates
# slowly (about 35 and 19 ms a cycle with the Python bench, 2026-11-29):
# their default point replays a shorter recording, which must reach every
# coverage key (act, error, occupancy ...) that the harness' 2,000 cycles of
# the same seed reach (checked below on the Verilator harness).  The RTL at
# these points in Icarus is also replayed against the C model's outputs by
# tests/run.sh's icarus_dwf / icarus_warp_pool (3,000 cycles); make regress
# runs these two at 2,000 cycles here (WARPHW_COCOTB_CYCLES=2000).
DEFAULT_CYCLES = {} if "WARPHW_COCOTB_CYCLES" in os.environ else {"dwf": 500, "warp_pool": 1500}
STRUCTS = warphw.structures()
OUT = os.path.join(BUILD, "test", "cocotb")


def check(res, structure: str, cycles: int) -> None:
    assert res.passed, res.report or res.summary or "no summary: see %s" % res.build_dir
    assert re.match(r"^cocotb %s seed=\d+ params=\S+ cycles=%d mismatches=0 invariants=ok coverage=" % (
        structure, cycles), res.summary), res.summary
    assert res.fst and os.path.getsize(res.fst) > 0


def _reached(out: str) -> list[str]:
    """The coverage keys a harness summary line counts above 0."""
    line = [ln for ln in out.splitlines() if " coverage=" in ln][-1]
    return [k for k, v in (kv.split("=") for kv in line.split(" coverage=")[1].split(",")) if int(v) > 0]


@pytest.mark.parametrize("structure", STRUCTS)
def test_cocotb_default_point(structure, tmp_path):
    cosim = os.path.join(BUILD, "cosim_" + structure)
    if not os.path.exists(cosim):
        pytest.fail("%s is not built (make all)" % cosim)
    vec = str(tmp_path / "stim.vec")
    cycles = DEFAULT_CYCLES.get(structure, CYCLES)
    rec = subprocess.run([cosim, "--cycles", str(cycles), "--seed", "3", "--reset-every", "0", "--quiet",
                          "--record", vec], check=True, capture_output=True, text=True)
    if cycles != CYCLES:
        full = subprocess.run([cosim, "--cycles", str(CYCLES), "--seed", "3", "--reset-every", "0", "--quiet"],
                              check=True, capture_output=True, text=True)
        missed = sorted(set(_reached(full.stdout)) - set(_reached(rec.stdout)))
        assert not missed, "%d cycles do not reach what %d reach: %s" % (cycles, CYCLES, " ".join(missed))
    res = run(structure, {}, cycles=cycles, seed=3, stim="vectors:" + vec, build_dir=OUT)
    check(res, structure, cycles)
    assert ",replayed=%d," % cycles in res.summary.replace("coverage=", ",")


@pytest.mark.parametrize("structure", STRUCTS)
def test_cocotb_odd_point(structure):
    res = run(structure, design_point(structure, "odd"), cycles=CYCLES, seed=1, build_dir=OUT)
    check(res, structure, CYCLES)
    cov = dict(kv.split("=") for kv in res.summary.split("coverage=")[1].split(","))
    # the traffic was legal and illegal, and changed the state of a structure
    # that has any (registers in its Verilog; lane_shuffle is combinational)
    assert int(cov["illegal"]) > 0 and int(cov["active"]) + int(cov["idle"]) > 0, res.summary
    with open(os.path.join(ROOT, "verilog", structure + ".v"), encoding="utf-8") as f:
        if "posedge" in f.read():
            assert int(cov["active"]) > 0, res.summary


def test_cocotb_catches_a_planted_fault(tmp_path):
    """simt_stack.v with LAUNCH's act decoded as IDLE, in a copy of verilog/:
    the first LAUNCH is a mismatch on act, reported in the project's format."""
    vdir = tmp_path / "verilog"
    shutil.copytree(os.path.join(ROOT, "verilog"), vdir)
    src = (vdir / "simt_stack.v").read_text()
    bad, n = re.subn(r"act_d(\s*)=(\s*)ACT_LAUNCH;", r"act_d\1=\2ACT_IDLE;", src, count=1)
    assert n == 1, "the planted fault's line is gone from verilog/simt_stack.v"
    (vdir / "simt_stack.v").write_text(bad)
    res = run("simt_stack", {"WARPS": 4}, cycles=500, seed=2, verilog_dir=str(vdir), build_dir=OUT)
    assert not res.passed
    assert re.search(r"^MISMATCH simt_stack seed=2 params=WARPS=4,\S+ cycle=\d+ signal=act "
                     r"C=0x1\(LAUNCH\) RTL=0x0\(IDLE\)$", res.report, re.M), res.report
    assert re.search(r"^  differs: act +C=0x1 RTL=0x0$", res.report, re.M), res.report
    assert re.search(r"^  last \d cycles of inputs \(oldest first\):$", res.report, re.M)
    assert re.search(r"^    cycle \d+: op=0x1 op_warp=", res.report, re.M), res.report
    assert " mismatches=1 " in res.summary
    assert res.fst and os.path.getsize(res.fst) > 0
    # and the same copy without the fault is clean
    (vdir / "simt_stack.v").write_text(src)
    good = run("simt_stack", {"WARPS": 4}, cycles=500, seed=2, verilog_dir=str(vdir),
               build_dir=str(tmp_path / "b2"))
    assert good.passed, good.report


def test_cocotb_bad_parameter_raises():
    with pytest.raises(ValueError, match=r"^dpe_stack: parameter WARPS \(cfg warps\) = 65 is out of range"):
        run("dpe_stack", {"WARPS": 65}, cycles=10, build_dir=OUT)


def test_cocotb_docs_own_test_example(tmp_path):
    """docs/python.md's "your own test" runs as written and passes; the same
    test against a faulty copy of the Verilog fails."""
    text = open(os.path.join(ROOT, "docs", "python.md"), encoding="utf-8").read()
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    code = next(b for b in blocks if "@cocotb.test()" in b)
    (tmp_path / "doc_example.py").write_text(code)
    res = run("simt_stack", {"WARPS": 4}, test_module="doc_example", test_path=str(tmp_path),
              build_dir=str(tmp_path / "b"))
    assert res.passed, open(os.path.join(res.build_dir, "sim_seed1.log"), encoding="utf-8").read()[-3000:]
    vdir = tmp_path / "verilog"
    shutil.copytree(os.path.join(ROOT, "verilog"), vdir)
    src = (vdir / "simt_stack.v").read_text()
    (vdir / "simt_stack.v").write_text(re.sub(r"act_d(\s*)=(\s*)ACT_LAUNCH;", r"act_d\1=\2ACT_IDLE;", src, count=1))
    res = run("simt_stack", {"WARPS": 4}, test_module="doc_example", test_path=str(tmp_path),
              verilog_dir=str(vdir), build_dir=str(tmp_path / "b"))
    assert not res.passed
    log = open(os.path.join(res.build_dir, "sim_seed1.log"), encoding="utf-8").read()
    assert "MISMATCH simt_stack seed=1 params=WARPS=4," in log and "signal=act C=0x1(LAUNCH) RTL=0x0(IDLE)" in log
