# SPDX-License-Identifier: Apache-2.0
"""Runs the generic cocotb testbench on a structure's Verilog in Icarus,
through cocotb's Python runner (cocotb_tools.runner).

    res = run("dpe_stack", {"WARPS": 7}, cycles=2000, seed=1)
    res.passed, res.summary, res.report, res.fst

The Verilog is every verilog/*.v of the project (the structure is the
top level; its submodules come along), built with `iverilog -g2005` and
every parameter of the C model's table as -P (as tools/replay_icarus.sh).
`verilog_dir` may point at a copy (a planted fault).  One build directory
per structure and design point (and Verilog directory) under `build_dir`.
"""
from __future__ import annotations

import glob
import hashlib
import os
import re
import sys
from dataclasses import dataclass
from typing import Any

from .model import Model

__all__ = ["run", "Result", "repo_root"]


def repo_root() -> str:
    """The project's top directory (the one with verilog/), searched from
    the environment variable WARPHW_ROOT, then upwards from here and the
    working directory."""
    env = os.environ.get("WARPHW_ROOT")
    if env:
        return env
    for start in (os.getcwd(), os.path.dirname(os.path.abspath(__file__))):
        d = start
        while d != os.path.dirname(d):
            if os.path.isdir(os.path.join(d, "verilog")) and os.path.isdir(os.path.join(d, "rtl_c")):
                return d
            d = os.path.dirname(d)
    raise FileNotFoundError("cannot find the project's verilog/: set WARPHW_ROOT")


@dataclass
class Result:
    passed: bool
    summary: str  # the "cocotb NAME ... mismatches=M ..." line
    report: str   # the MISMATCH/INVARIANT report, "" when clean
    fst: str | None
    build_dir: str


def run(structure: str, params: dict[str, int] | None = None, cycles: int = 2000, seed: int = 1,
        stim: str = "random", verilog_dir: str | None = None, build_dir: str | None = None,
        waves: bool = True, quiet: bool = True, test_module: str | None = None,
        test_path: str | None = None) -> Result:
    """Builds and runs the generic testbench; see the module doc.
    stim: "random" (warphw.stim) or "vectors:FILE" (a --record file).
    test_module (found in test_path): your own cocotb test module instead of
    the generic one (passed = cocotb's results say every test passed)."""
    from cocotb_tools.runner import get_runner

    m = Model(structure, **(params or {}))  # a bad parameter raises here, with the model's message
    root = repo_root()
    vdir = os.path.abspath(verilog_dir or os.path.join(root, "verilog"))
    top_build = os.path.abspath(build_dir or os.path.join(root, "build", "cocotb"))
    key = m.params_text.replace("=", "_").replace(",", "-")
    if verilog_dir:
        key += "-" + hashlib.sha1(vdir.encode()).hexdigest()[:8]
    bdir = os.path.join(top_build, structure, key)
    os.makedirs(bdir, exist_ok=True)
    report = os.path.join(bdir, "report_seed%d.txt" % seed)
    if os.path.exists(report):
        os.unlink(report)
    runner = get_runner("icarus")
    log = os.path.join(bdir, "build.log")
    sources = sorted(glob.glob(os.path.join(vdir, "*.v")))
    build_args = ["-g2005"]
    fst = os.path.join(bdir, structure + ".fst")
    if waves:
        # cocotb's own dump module is SystemVerilog; this one is Verilog-2005
        dump = os.path.join(bdir, "warphw_dump.v")
        text = ("module warphw_dump;\ninitial begin\n    $dumpfile(\"%s\");\n"
                "    $dumpvars(0, %s);\nend\nendmodule\n" % (fst, structure))
        if not os.path.exists(dump) or open(dump, encoding="utf-8").read() != text:
            with open(dump, "w", encoding="utf-8") as f:
                f.write(text)
        sources.append(dump)
        build_args += ["-s", "warphw_dump"]
    runner.build(sources=sources, includes=[vdir], hdl_toplevel=structure, parameters=m.params,
                 build_args=build_args, build_dir=bdir, waves=False, timescale=("1ns", "1ps"),
                 log_file=log)
    env = {"WARPHW_STRUCT": structure, "WARPHW_PARAMS": m.params_text, "WARPHW_CYCLES": str(cycles),
           "WARPHW_SEED": str(seed), "WARPHW_STIM": stim, "WARPHW_REPORT": report,
           "PYTHONPATH": os.pathsep.join(p for p in [test_path or ""] + sys.path if p)}
    xml = os.path.join(bdir, "results_seed%d.xml" % seed)
    if test_path:  # the runner gives the simulator this process' sys.path
        sys.path.insert(0, os.path.abspath(test_path))
    try:
        runner.test(test_module=test_module or "warphw.cocotb_test", hdl_toplevel=structure, build_dir=bdir,
                    test_dir=bdir, waves=waves, extra_env=env, seed=seed, results_xml=xml,
                    log_file=os.path.join(bdir, "sim_seed%d.log" % seed) if quiet else None)
    except SystemExit:
        pass  # the runner exits when a test failed (under pytest): the report says why
    finally:
        if test_path:
            sys.path.remove(os.path.abspath(test_path))
    text = open(report, encoding="utf-8").read() if os.path.exists(report) else ""
    lines = text.strip().splitlines()
    summary = lines[-1] if lines and lines[-1].startswith("cocotb ") else ""
    if test_module:
        passed = _xml_passed(xml)
    else:
        passed = bool(summary) and " mismatches=0 invariants=ok " in summary and _xml_passed(xml)
    return Result(passed, summary, "\n".join(lines[:-1]) if summary else text, fst if os.path.exists(fst) else None, bdir)


def _xml_passed(path: str) -> bool:
    try:
        text = open(path, encoding="utf-8").read()
    except OSError:
        return False
    return "<testcase" in text and "<failure" not in text and "<error" not in text


def main(argv: list[str] | None = None) -> int:
    """python -m warphw.cocotb_run NAME [K=V ...] [--cycles N] [--seed S]
    [--stim random|vectors:FILE] [--verilog DIR] [--build DIR]"""
    import argparse
    ap = argparse.ArgumentParser(prog="python -m warphw.cocotb_run", description=main.__doc__)
    ap.add_argument("structure")
    ap.add_argument("params", nargs="*", help="K=V")
    ap.add_argument("--cycles", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--stim", default="random")
    ap.add_argument("--verilog")
    ap.add_argument("--build")
    a = ap.parse_args(argv)
    params: dict[str, Any] = {}
    for kv in a.params:
        if "=" not in kv:
            print("cocotb_run: parameter '%s' is not NAME=VALUE" % kv, file=sys.stderr)
            return 2
        k, v = kv.split("=", 1)
        params[k] = int(v, 0) if re.fullmatch(r"(0x)?[0-9a-fA-F]+", v) else v
    try:
        res = run(a.structure, params, cycles=a.cycles, seed=a.seed, stim=a.stim,
                  verilog_dir=a.verilog, build_dir=a.build)
    except ValueError as e:
        print("cocotb_run: %s" % e, file=sys.stderr)
        return 2
    if res.report:
        print(res.report)
    print(res.summary or "cocotb %s: no summary (see %s)" % (a.structure, res.build_dir))
    if res.fst:
        print("waveform: %s" % res.fst)
    return 0 if res.passed else 1


if __name__ == "__main__":
    sys.exit(main())
