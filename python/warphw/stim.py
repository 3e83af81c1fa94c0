# SPDX-License-Identifier: Apache-2.0
"""Constrained-random stimulus for any structure, with the C model as the
constraint solver.

The C model already knows what is legal: its err port rejects illegal
stimulus (and leaves the state unchanged), its ready port holds back what
cannot proceed.  So the generic stimulus draws candidate inputs and asks
the model: each cycle it draws up to ``tries`` candidates, evaluates each
(eval does not change the state), and classifies it as

  active   legal, and the clock edge would change the state,
  idle     legal, nothing would change (a NOP, a read, a held-back op),
  illegal  err = 1 (the model's rejection),
  contract the edge would break one of the model's invariants (NAME_check):
           input the model accepts but its environment never gives (e.g.
           lwm_subwarp checks a jump's completion only against its count of
           sub-warps in flight); never chosen, only counted,

(an illegal candidate is first repaired: its enables, the 1-bit inputs
that are 1, are cleared one at a time while that makes it legal), then
picks an active candidate with probability ``active_pct``, an illegal
one with ``illegal_pct`` and an idle one otherwise (falling back to what
was found).  Candidates are built per input port from value pools that
make legality likely without knowing the structure: values the model's
outputs show this cycle (a TOS mask, a PC, a free slot), random subsets of
them (taken masks), the port's values of recent cycles (same warp, same
PC), small counts below a parameter (warp and entry indices), 0, 1, all
ones, and random bits.  A candidate is built in two passes: the first
picks the inputs, its eval shows the outputs those inputs select (e.g. the
TOS of the chosen warp), and the second redraws each input from pools that
include those outputs.

Per structure, ``HINTS`` may fix an input's distribution where the generic
pools are not enough; where the C harness's knowledge matters more, the
cocotb testbench can replay a vector file recorded by the C co-simulation
(``cosim_NAME --record``, the C++ harness's own constrained-random
stimulus) instead (warphw.cocotb_tb, ``stim="vectors:FILE"``).
"""
from __future__ import annotations

import random
from typing import Any, Callable

from .model import Model

__all__ = ["Stimulus", "HINTS"]

# Per structure and input: a function (rng, model, last inputs) -> value, used
# with probability 1/2 instead of the generic pools.  Empty for a structure
# the generic pools cover.
HINTS: dict[str, dict[str, Callable[[random.Random, Model, dict[str, int]], int]]] = {}


class Stimulus:
    """Constrained-random inputs for `model` (see the module doc).

    ``next()`` returns the inputs of the next cycle, as a dict by port name,
    chosen against the model's current state (call it before the model's
    eval/step of that cycle).  ``coverage`` counts the classes chosen and
    every name the model's enumerated outputs took."""

    def __init__(self, model: Model, rng: random.Random, tries: int = 12,
                 active_pct: int = 75, illegal_pct: int = 10):
        self.m = model
        self.rng = rng
        self.tries = tries
        self.active_pct = active_pct
        self.illegal_pct = illegal_pct
        self.history: dict[str, list[int]] = {p: [] for p in model.inputs}
        self.pvals = sorted(set(v for v in model.params.values() if v > 1))
        self.has_err = "err" in model.outputs
        self.has_ready = "ready" in model.outputs
        self.hints = HINTS.get(model.structure, {})
        self.coverage: dict[str, int] = {"active": 0, "idle": 0, "illegal": 0, "contract_rejected": 0}

    # -------------------------------------------------------------- pools
    def _value(self, port: str, width: int, outs: dict[str, int] | None) -> int:
        rng = self.rng
        mask = (1 << width) - 1
        h = self.hints.get(port)
        if h is not None and rng.random() < 0.5:
            return h(rng, self.m, self.history) & mask
        r = rng.random()
        hist = self.history[port]
        if r < 0.25 and hist:
            return rng.choice(hist[-8:])
        if r < 0.55 and outs:
            same = [v for n, v in outs.items() if self.m.outputs[n].width == width and v]
            if not same:
                same = [v & mask for v in outs.values() if v & mask]
            if same:
                v = int(rng.choice(same))
                k = rng.random()
                if k < 0.5:
                    return v & mask
                if k < 0.8:
                    return v & rng.getrandbits(width) & mask  # a subset (a taken mask)
                return (v & ~rng.getrandbits(width)) & mask or v & mask
        if r < 0.75 and self.pvals:
            return rng.randrange(rng.choice(self.pvals)) & mask
        if r < 0.85:
            return rng.choice((0, 1, mask, rng.randrange(8) & mask))
        return rng.getrandbits(width)

    def _draw(self, outs: dict[str, int] | None, base: dict[str, int] | None) -> dict[str, int]:
        d = {}
        for name, p in self.m.inputs.items():
            if base is not None and self.rng.random() < 0.5:
                d[name] = base[name]
            else:
                d[name] = self._value(name, p.width, outs)
        return d

    def _classify(self, cand: dict[str, int]) -> tuple[str, Any]:
        m = self.m
        out = m.eval(**cand)
        if self.has_err and out["err"]:
            return "illegal", out
        if self.has_ready and not out["ready"]:
            return "idle", out
        before = m.state_bytes
        m.step()
        changed = m.state_bytes != before
        try:
            m.check()
            broken = False
        except AssertionError:
            broken = True
        m.state_bytes = before
        if broken:
            return "contract", out
        return ("active" if changed else "idle"), out

    def _repair(self, cand: dict[str, int], cls: str, out: Any) -> tuple[dict[str, int], str, Any]:
        """Local search towards a legal candidate: clears the enables (1-bit
        inputs that are 1) one at a time, in random order, keeping each
        clearing that makes the candidate legal; a rejected operation
        usually has one culprit among several requests."""
        ones = [k for k, p in self.m.inputs.items() if p.width == 1 and cand[k]]
        self.rng.shuffle(ones)
        for k in ones[:4]:
            c2 = dict(cand)
            c2[k] = 0
            cls2, out2 = self._classify(c2)
            if cls2 not in ("illegal", "contract"):
                return c2, cls2, out2
        return cand, cls, out

    # --------------------------------------------------------------- next
    def next(self) -> dict[str, int]:
        rng = self.rng
        found: dict[str, dict[str, int]] = {}
        probe = self.m.eval(**self._draw(None, None))
        outs = dict(probe)
        want_r = rng.randrange(100)
        want = ("active" if want_r < self.active_pct else
                "illegal" if want_r < self.active_pct + self.illegal_pct else "idle")
        for _ in range(self.tries):
            first = self._draw(outs, None)
            o1 = dict(self.m.eval(**first))
            cand = self._draw({**outs, **o1}, first)
            cls, out = self._classify(cand)
            if cls in ("illegal", "contract") and want != "illegal":
                cand, cls, out = self._repair(cand, cls, out)
            if cls == "contract":
                self.coverage["contract_rejected"] += 1
                continue
            found.setdefault(cls, cand)
            outs = {**outs, **dict(out)}
            if cls == want:
                break
        pick = None
        for cls in (want, "active", "idle", "illegal"):
            if cls in found:
                pick = found[cls]
                self.coverage[cls] += 1
                break
        if pick is None:  # every candidate broke an invariant: all inputs 0
            pick = {k: 0 for k in self.m.inputs}
            self.coverage["idle"] += 1
        for k, v in pick.items():
            h = self.history[k]
            h.append(v)
            if len(h) > 32:
                del h[:16]
        return pick
