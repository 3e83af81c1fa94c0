# SPDX-License-Identifier: Apache-2.0
"""A generic cocotb testbench: any structure's Verilog against its C model.

Nothing in it is per structure.  The port list and the parameters come from
the C model (warphw.Model: rtl_c/port.h's NAME_ports and PARAM_TABLE); the
DUT's ports are found by the same names (a C port BUS_lNN is element NN of
the Verilog bus BUS, as in the Verilator co-simulation).  Each cycle, as
tb/cosim.h does it:

  1. the stimulus picks the inputs (warphw.stim.Stimulus, the C model as
     the constraint solver, or the inputs of a recorded vector file);
  2. the inputs are driven with clk low; after 5 ns every output of the
     RTL is compared with the C model's eval of the same inputs, and with
     the recorded outputs when replaying; the C model's invariants are
     checked, and an input it rejects (err) must leave its state unchanged;
  3. the rising edge at 5 ns, and the C model's step.

Time base: 10 ns per cycle, the rising edge in the middle (as the project's
waveforms: cycle c at 10*c ns).  The run starts with two cycles of reset.
On the first mismatch it prints the project's report (tb/cosim.h):

  MISMATCH NAME seed=S params=K=V,... cycle=C signal=PORT C=0x.. RTL=0x..
    differs: PORT C=.. RTL=..          (every differing output)
    last 8 cycles of inputs (oldest first):
      cycle C: in=0x.. ...

runs 4 more cycles (for the waveform) and fails.  The summary line is the
co-simulation's:  cocotb NAME seed=S params=... cycles=N mismatches=M
invariants=ok coverage=k=v,...

Use it from your own cocotb test (docs/python.md):

    @cocotb.test()
    async def my_test(dut):
        tb = CModelBench(dut, "dpe_stack", WARPS=8)
        await tb.reset()
        for _ in range(1000):
            await tb.cycle(**my_inputs())     # compares every output

or run the generic test (``warphw.cocotb_test``) with ``run()`` below.
"""
from __future__ import annotations

import os
import random
import re
from collections import deque
from typing import Any

import cocotb
from cocotb.triggers import Timer

from .model import Model
from .stim import Stimulus

__all__ = ["CModelBench", "Mismatch", "fmt"]

_LANE = re.compile(r"^(.*)_l(\d\d)$")


class Mismatch(AssertionError):
    """The RTL differed from the C model; the message is the report."""


def fmt(v: Any, width: int, name: str | None = None) -> str:
    """A value as the co-simulation prints it: 0x.. (64-bit groups joined by
    _), the C model's name in parentheses when it has one; x/z bits in
    binary."""
    if isinstance(v, str):
        return "b" + v
    if width <= 64:
        s = "0x%x" % v
    else:
        words = [(v >> (64 * k)) & 0xFFFFFFFFFFFFFFFF for k in range((width + 63) // 64)]
        while len(words) > 1 and words[-1] == 0:
            words.pop()
        s = "0x%x" % words[-1] + "".join("_%016x" % w for w in reversed(words[:-1]))
    return s + ("(%s)" % name if name else "")


class _Pin:
    """One C port bound to its DUT signal (or a lane slice of a bus)."""

    def __init__(self, dut: Any, name: str, width: int):
        self.name = name
        self.width = width
        self.lsb = 0
        self.bus = None
        try:
            self.h = getattr(dut, name)
        except AttributeError:
            m = _LANE.match(name)
            if not m:
                raise
            self.bus = m.group(1)
            self.h = getattr(dut, self.bus)
            self.lsb = int(m.group(2)) * width


class CModelBench:
    """The DUT `dut` of structure `structure` at `params`, with its C model
    as the reference: ``reset()``, then ``cycle(**inputs)`` per cycle."""

    def __init__(self, dut: Any, structure: str, seed: int = 1, **params: int):
        self.dut = dut
        self.model = Model(structure, **params)
        self.name = structure
        self.seed = seed
        self.cyc = 0
        self.mismatches = 0
        self.invariants = "ok"
        self.report = ""
        self.window: deque = deque(maxlen=8)
        self.ins = [_Pin(dut, p.name, p.width) for p in self.model.inputs.values()]
        self.outs = [_Pin(dut, p.name, p.width) for p in self.model.outputs.values()]
        self.codes: dict[str, int] = {}

    # ------------------------------------------------------------ driving
    def _drive(self, inputs: dict[str, int]) -> None:
        buses: dict[str, list] = {}
        for p in self.ins:
            v = inputs.get(p.name, 0)
            if p.bus is None:
                p.h.value = v
            else:
                b = buses.setdefault(p.bus, [p.h, 0])
                b[1] |= v << p.lsb
        for h, v in buses.values():
            h.value = v

    def _sample(self) -> dict[str, Any]:
        got: dict[str, Any] = {}
        cache: dict[str, Any] = {}
        for p in self.outs:
            key = p.bus or p.name
            if key not in cache:
                cache[key] = p.h.value
            lv = cache[key]
            if lv.is_resolvable:
                got[p.name] = (int(lv) >> p.lsb) & ((1 << p.width) - 1)
            else:
                s = str(lv)  # MSB first
                n = len(s)
                got[p.name] = s[n - p.lsb - p.width:n - p.lsb]
        return got

    async def _edge(self) -> None:
        self.dut.clk.value = 1
        await Timer(5, unit="ns")
        self.dut.clk.value = 0

    async def reset(self, cycles: int = 2) -> None:
        """Synchronous reset of both models (`cycles` cycles of rst)."""
        self.dut.clk.value = 0
        self.dut.rst.value = 1
        self._drive({})
        for _ in range(cycles):
            await Timer(5, unit="ns")
            await self._edge()
        self.dut.rst.value = 0
        self.model.reset()

    # -------------------------------------------------------------- a cycle
    async def cycle(self, expect: dict[str, Any] | None = None, **inputs: int) -> dict[str, Any]:
        """One cycle: drive `inputs` (others 0), compare every output with
        the C model (and with `expect`, recorded outputs, None = x), clock
        both.  Raises Mismatch with the report on the first difference."""
        m = self.model
        before = m.state_bytes
        c = m.eval(**inputs)
        self._drive(inputs)
        await Timer(5, unit="ns")
        r = self._sample()
        self.window.append((self.cyc, m.last_inputs()))
        for k in ("act", "err_code"):
            if k in c:
                key = "%s_%s" % (k, getattr(c[k], "name", c[k]))
                self.codes[key] = self.codes.get(key, 0) + 1
        bad = [p for p in self.outs if r[p.name] != c[p.name]]
        why = None
        if expect:
            rec = [p for p in self.outs if expect.get(p.name) is not None and expect[p.name] != c[p.name]]
            if rec and not bad:
                p = rec[0]
                why = "MISMATCH %s seed=%d params=%s cycle=%d signal=%s C=%s recorded=%s" % (
                    self.name, self.seed, m.params_text, self.cyc, p.name,
                    fmt(c[p.name], p.width, m.name_of(p.name, c[p.name])), fmt(expect[p.name], p.width))
        if bad:
            p = bad[0]
            lines = ["MISMATCH %s seed=%d params=%s cycle=%d signal=%s C=%s RTL=%s" % (
                self.name, self.seed, m.params_text, self.cyc, p.name,
                fmt(c[p.name], p.width, m.name_of(p.name, c[p.name])),
                fmt(r[p.name], p.width, m.name_of(p.name, r[p.name]) if isinstance(r[p.name], int) else None))]
            for q in bad:
                lines.append("  differs: %-12s C=%s RTL=%s" % (q.name, fmt(c[q.name], q.width), fmt(r[q.name], q.width)))
            why = "\n".join(lines)
        m.step()
        try:
            m.check()
        except AssertionError as e:
            self.invariants = "FAIL"
            why = why or "INVARIANT %s seed=%d params=%s cycle=%d: %s" % (
                self.name, self.seed, m.params_text, self.cyc, e)
        # a rejected input (err) leaves the state unchanged (which held-back
        # inputs do too is each structure's own rule: the C harnesses check it)
        if "err" in c and c["err"] and m.state_bytes != before and why is None:
            self.invariants = "FAIL"
            why = ("INVARIANT %s seed=%d params=%s cycle=%d: a rejected input (err) changed "
                   "the C state" % (self.name, self.seed, m.params_text, self.cyc))
        await self._edge()
        self.cyc += 1
        if why:
            self.mismatches += 1
            lines = [why, "  last %d cycles of inputs (oldest first):" % len(self.window)]
            for cyc, ins in self.window:
                lines.append("    cycle %d: %s" % (cyc, " ".join(
                    "%s=%s" % (k, fmt(v, m.inputs[k].width, m.name_of(k, v))) for k, v in ins.items())))
            self.report = "\n".join(lines)
            raise Mismatch(self.report)
        return r

    def summary(self, extra: dict[str, int] | None = None) -> str:
        cov = dict(extra or {})
        cov.update(sorted(self.codes.items()))
        return "cocotb %s seed=%d params=%s cycles=%d mismatches=%d invariants=%s coverage=%s" % (
            self.name, self.seed, self.model.params_text, self.cyc, self.mismatches, self.invariants,
            ",".join("%s=%d" % kv for kv in cov.items()))


async def run_generic(dut: Any) -> None:
    """The generic test, configured by the environment (run() sets it):
    WARPHW_STRUCT, WARPHW_PARAMS ("K=V,K=V"), WARPHW_CYCLES, WARPHW_SEED,
    WARPHW_STIM ("random" or "vectors:FILE"), WARPHW_REPORT (a file the
    report and the summary are written to)."""
    name = os.environ["WARPHW_STRUCT"]
    params = {}
    for kv in filter(None, os.environ.get("WARPHW_PARAMS", "").split(",")):
        k, v = kv.split("=")
        params[k] = int(v, 0)
    cycles = int(os.environ.get("WARPHW_CYCLES", "2000"))
    seed = int(os.environ.get("WARPHW_SEED", "1"))
    stim = os.environ.get("WARPHW_STIM", "random")
    report = os.environ.get("WARPHW_REPORT")
    tb = CModelBench(dut, name, seed=seed, **params)
    await tb.reset()
    extra: dict[str, int] = {}
    failure = None
    try:
        if stim.startswith("vectors:"):
            from .vectors import read
            vec = read(stim[len("vectors:"):])
            if vec.structure != name:
                raise ValueError("%s: the vector file is of %s" % (name, vec.structure))
            want = tb.model.params
            for k, v in vec.params.items():
                if want.get(k) != v:
                    raise ValueError("%s: the vector file is at %s=%d, the test at %s=%d" % (name, k, v, k, want.get(k)))
            outs = {n for n, _ in vec.outputs}
            resets = 0
            for cyc in vec.cycles[:cycles]:
                if cyc["rst"]:
                    await tb.reset(1)
                    resets += 1
                    continue
                ins = {k: v for k, v in cyc.items() if k != "rst" and k not in outs}
                await tb.cycle(expect={k: cyc[k] for k in outs}, **ins)
            extra = {"replayed": tb.cyc, "resets": resets}
        else:
            st = Stimulus(tb.model, random.Random(seed))
            for _ in range(cycles):
                ins = st.next()
                await tb.cycle(**ins)
            extra = dict(st.coverage)
    except Mismatch as e:
        failure = e
        for _ in range(4):  # a few more cycles for the waveform
            tb._drive({})
            await Timer(5, unit="ns")
            await tb._edge()
    text = (tb.report + "\n" if tb.report else "") + tb.summary(extra)
    dut._log.info(text)
    if report:
        with open(report, "w", encoding="utf-8") as f:
            f.write(text + "\n")
    if failure is not None:
        raise failure
