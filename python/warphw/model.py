# SPDX-License-Identifier: Apache-2.0
"""One structure's cycle-stepped C model, driven from Python.

Nothing here knows a structure: the port list comes from the model's own
``NAME_ports`` (rtl_c/port.h), the parameters from its ``PARAM_TABLE``, the
enumerated names from the ``NAME_X_name`` functions its header declares, and
the state from its ``NAME_trace`` (the ``state`` scope the waveforms show).
The fields are read and written in place in the C model's in/out structs.

A cycle is what the co-simulation does: ``eval`` (combinational outputs
from the state and this cycle's inputs; the state is not changed), then
``step`` (the clock edge, applying the decision of that eval).  ``reset`` is
the synchronous reset.  Inputs not given to ``eval`` are 0.
"""
from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Iterator, Mapping
from typing import Any, NamedTuple

from ._native import ffi, lib

__all__ = ["Model", "Port", "Named", "Outputs", "InvariantError", "structures", "param_table"]


class InvariantError(AssertionError):
    """The C model's own invariant check (NAME_check) failed; the message is its."""


class Port(NamedTuple):
    """One Verilog port as the C model's port list visits it."""

    name: str
    width: int
    dir: str  # "in" or "out"
    offset: int  # byte offset of the field in the model's in/out struct


class Named(int):
    """An enumerated value: an int that also compares equal to its name.

    ``out.act == "DIVERGE"`` and ``out.act == 5`` both hold; ``out.act.name``
    is the name the C model gives it ("?" for a value it has no name for).
    """

    name: str

    def __new__(cls, value: int, name: str) -> "Named":
        o = super().__new__(cls, value)
        o.name = name
        return o

    def __eq__(self, other: object) -> bool:
        if isinstance(other, str):
            return self.name == other
        return int(self) == other

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    __hash__ = int.__hash__

    def __repr__(self) -> str:
        return "%d(%s)" % (int(self), self.name)


class Outputs(Mapping):
    """The outputs of one eval, by Verilog port name: ``out.act``, ``out["act"]``."""

    def __init__(self, values: dict[str, int]):
        object.__setattr__(self, "_v", values)

    def __getitem__(self, k: str) -> int:
        return self._v[k]

    def __iter__(self) -> Iterator[str]:
        return iter(self._v)

    def __len__(self) -> int:
        return len(self._v)

    def __getattr__(self, k: str) -> int:
        try:
            return self._v[k]
        except KeyError:
            raise AttributeError("no output port '%s' (outputs: %s)" % (k, ", ".join(self._v))) from None

    def __repr__(self) -> str:
        return "Outputs(%s)" % ", ".join("%s=%r" % kv for kv in self._v.items())


def _structs() -> dict[str, Any]:
    out = {}
    i = 0
    while lib.whw_structs[i].name != ffi.NULL:
        t = lib.whw_structs[i]
        out[ffi.string(t.name).decode()] = ffi.addressof(lib.whw_structs, i)
        i += 1
    return out


_STRUCTS = _structs()


def _name_fns() -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    i = 0
    while lib.whw_name_fns[i].structure != ffi.NULL:
        r = lib.whw_name_fns[i]
        out.setdefault(ffi.string(r.structure).decode(), {})[ffi.string(r.what).decode()] = r.fn
        i += 1
    return out


_NAME_FNS = _name_fns()


def structures() -> list[str]:
    """Every structure with a C model (rtl_c/NAME.h), sorted."""
    return sorted(_STRUCTS)


def _lookup(structure: str) -> Any:
    t = _STRUCTS.get(structure)
    if t is None:
        raise ValueError("unknown structure '%s' (structures: %s)" % (structure, " ".join(structures())))
    return t


def param_table(structure: str) -> list[dict[str, Any]]:
    """The structure's parameter table: one dict per Verilog parameter
    (name, field, min, max, default, pow2), in the table's order."""
    t = _lookup(structure).params
    rows = []
    for i in range(t.n):
        d = t.defs[i]
        rows.append({"name": ffi.string(d.name).decode(), "field": ffi.string(d.field).decode(),
                     "min": d.min, "max": d.max, "default": getattr(d, "def"),
                     "pow2": bool(d.flags & lib.PARAM_POW2)})
    return rows


def _msg(p: Any) -> str:
    return ffi.string(p).decode()


class Model:
    """A structure's C model at one parameter set.

    >>> m = Model("dpe_stack", WARPS=8, LANES=16)
    >>> m.reset()
    >>> out = m.eval(op=1, op_warp=3, op_mask=0xffff, op_pc=0x10, op_rpc=0x80)
    >>> out.act == "LAUNCH", out.err
    (True, 0)
    >>> m.step()
    >>> m.state["w03_depth"]
    1

    Parameters are the Verilog parameter names (``Model.param_table``);
    the others keep their defaults.  A bad structure, parameter name or
    value raises ValueError with the C model's own one-line message.

    Ports (``m.inputs``, ``m.outputs``) are named as in the Verilog; a port
    of more than 64 bits is one Python int.  ``eval`` takes inputs by name
    (an enumerated input also by its C name, e.g. ``mode="CROSSBAR"``); a name that
    is not an input or a value that does not fit the port raises ValueError.
    Outputs with a name table (err_code, act, ...) come back as ``Named``.
    Illegal stimulus is not an exception: the model answers it on its err
    port and leaves its state unchanged, as the hardware does.
    """

    def __init__(self, structure: str, **params: int):
        self.structure = structure
        self._t = _lookup(structure)
        t = self._t
        self._cfg = ffi.new("char[]", t.cfg_size)
        lib.params_default(t.params, self._cfg)
        for k, v in params.items():
            if isinstance(v, bool) or not isinstance(v, int):
                v = str(v)
            why = lib.params_set(t.params, self._cfg, ("%s=%s" % (k, v)).encode())
            if why != ffi.NULL:
                raise ValueError(_msg(why))
        why = lib.params_check(t.params, self._cfg)
        if why != ffi.NULL:
            raise ValueError(_msg(why))
        self._state = ffi.new("char[]", t.state_size)
        self._in = ffi.new("char[]", t.in_size)
        self._out = ffi.new("char[]", t.out_size)
        self._in64 = ffi.cast("uint64_t *", self._in)
        self._out64 = ffi.cast("uint64_t *", self._out)
        n = 256
        while True:
            arr = ffi.new("struct whw_port[]", n)
            got = lib.whw_ports(t, self._cfg, self._in, self._out, arr, n)
            if got < 0:
                raise RuntimeError("%s: a port's field lies outside the in/out struct" % structure)
            if got <= n:
                break
            n = got
        self.ports: list[Port] = [Port(ffi.string(arr[i].name).decode(), arr[i].width,
                                       "in" if arr[i].dir == lib.PORT_IN else "out", arr[i].offset)
                                  for i in range(got)]
        self.inputs: dict[str, Port] = {p.name: p for p in self.ports if p.dir == "in"}
        self.outputs: dict[str, Port] = {p.name: p for p in self.ports if p.dir == "out"}
        fns = _NAME_FNS.get(structure, {})
        self._dec: dict[str, Any] = {}
        for p in self.ports:
            for what, fn in fns.items():
                if p.name == what or (what == "err" and p.name == "err_code"):
                    self._dec[p.name] = fn
        self._enc: dict[str, dict[str, int]] = {}
        self._pending = False
        self._reset_done = False

    # ------------------------------------------------------------ parameters
    @classmethod
    def param_table(cls, structure: str) -> list[dict[str, Any]]:
        """The parameter table of a structure (see ``warphw.param_table``)."""
        return param_table(structure)

    @property
    def params(self) -> dict[str, int]:
        """Every parameter's value at this design point, by Verilog name."""
        t = self._t.params
        out = {}
        for i in range(t.n):
            d = t.defs[i]
            out[ffi.string(d.name).decode()] = int(ffi.cast("unsigned *", self._cfg + d.offset)[0])
        return out

    @property
    def params_text(self) -> str:
        """"K=V,K=V" of every parameter, as the co-simulation prints it."""
        buf = ffi.new("char[]", 1024)
        return _msg(lib.params_format(self._t.params, self._cfg, 1, buf, 1024))

    # ------------------------------------------------------------- the cycle
    def reset(self) -> None:
        """The synchronous reset: the state the RTL has after a cycle of rst."""
        self._t.reset(self._cfg, self._state)
        self._pending = False
        self._reset_done = True

    def _encode(self, port: str, name: str) -> int:
        enc = self._enc.get(port)
        if enc is None:
            enc = {}
            fn = self._dec.get(port)
            w = self.inputs[port].width
            if fn is not None and w <= 12:
                for v in range(1 << w):
                    enc.setdefault(ffi.string(fn(v)).decode(), v)
            self._enc[port] = enc
        if name not in enc or name == "?":
            names = ", ".join(k for k in enc if k != "?")
            raise ValueError("%s: input %s has no value named '%s'%s" % (
                self.structure, port, name, " (names: %s)" % names if names else " (it takes numbers only)"))
        return enc[name]

    def _put(self, p: Port, value: Any) -> None:
        if isinstance(value, str):
            value = self._encode(p.name, value)
        if isinstance(value, bool):
            value = int(value)
        if not isinstance(value, int):
            raise ValueError("%s: input %s = %r is not an integer" % (self.structure, p.name, value))
        if value < 0 or value >> p.width:
            raise ValueError("%s: input %s = %d does not fit its %d bits (0..%d)" % (
                self.structure, p.name, value, p.width, (1 << p.width) - 1))
        base = p.offset // 8
        for k in range((p.width + 63) // 64):
            self._in64[base + k] = (value >> (64 * k)) & 0xFFFFFFFFFFFFFFFF

    def _get(self, words: Any, p: Port) -> int:
        base = p.offset // 8
        v = 0
        for k in range((p.width + 63) // 64):
            v |= int(words[base + k]) << (64 * k)
        return v & ((1 << p.width) - 1)

    def name_of(self, port: str, value: int) -> str | None:
        """The C model's name for value on port (err_code, act, ...), or None."""
        fn = self._dec.get(port)
        return ffi.string(fn(value)).decode() if fn is not None and value < (1 << 32) else None

    def set_inputs(self, **inputs: Any) -> None:
        """Sets this cycle's inputs (others 0) without evaluating."""
        for k in inputs:
            if k not in self.inputs:
                what = "an output" if k in self.outputs else "not a port"
                raise ValueError("%s: '%s' is %s (inputs: %s)" % (
                    self.structure, k, what, ", ".join(self.inputs)))
        ffi.memmove(self._in, b"\0" * self._t.in_size, self._t.in_size)
        for k, v in inputs.items():
            self._put(self.inputs[k], v)

    def eval(self, **inputs: Any) -> Outputs:
        """This cycle's outputs for these inputs (combinational; the state is
        unchanged).  Inputs not named are 0."""
        if not self._reset_done:
            self.reset()
        self.set_inputs(**inputs)
        ffi.memmove(self._out, b"\0" * self._t.out_size, self._t.out_size)
        self._t.eval(self._cfg, self._state, self._in, self._out)
        self._pending = True
        return self.last_outputs()

    def last_outputs(self) -> Outputs:
        """The outputs of the last eval."""
        vals: dict[str, int] = {}
        for p in self.outputs.values():
            v = self._get(self._out64, p)
            fn = self._dec.get(p.name)
            vals[p.name] = Named(v, ffi.string(fn(v)).decode()) if fn is not None else v
        return Outputs(vals)

    def last_inputs(self) -> dict[str, int]:
        """The inputs of the last eval."""
        return {p.name: self._get(self._in64, p) for p in self.inputs.values()}

    def step(self, **inputs: Any) -> None:
        """The clock edge: applies the decision of the last eval.  With
        inputs, evaluates them first (eval then step: one whole cycle)."""
        if inputs:
            self.eval(**inputs)
        if not self._pending:
            raise RuntimeError("%s: step() needs an eval() of this cycle first" % self.structure)
        self._t.step(self._cfg, self._state, self._in, self._out)
        self._pending = False

    def cycle(self, **inputs: Any) -> Outputs:
        """eval then step; returns the outputs of the cycle."""
        out = self.eval(**inputs)
        self.step()
        return out

    def check(self) -> None:
        """The C model's invariants (NAME_check); raises InvariantError with
        its message when one fails."""
        why = self._t.check(self._cfg, self._state)
        if why != ffi.NULL:
            raise InvariantError(_msg(why))

    # ----------------------------------------------------------------- state
    @property
    def state(self) -> dict[str, int]:
        """The state as the C model traces it (its waveforms' ``state`` scope):
        signal name -> value.  Which state a model shows is its trace's
        choice (e.g. each warp's depth and TOS); ``state_bytes`` is all of it."""
        fd, path = tempfile.mkstemp(suffix=".vcd", prefix="warphw_")
        os.close(fd)
        try:
            if lib.whw_trace_file(self._t, path.encode(), self._cfg, self._state, self._in,
                                  self._out) != 0:
                raise RuntimeError("%s: the trace could not be written" % self.structure)
            with open(path, encoding="ascii") as f:
                text = f.read()
        finally:
            os.unlink(path)
        return _vcd_scope_values(text, "state")

    @property
    def state_bytes(self) -> bytes:
        """The raw bytes of the C state struct (for snapshots and equality)."""
        return bytes(ffi.buffer(self._state))

    @state_bytes.setter
    def state_bytes(self, b: bytes) -> None:
        if len(b) != self._t.state_size:
            raise ValueError("%s: state is %d bytes, got %d" % (self.structure, self._t.state_size, len(b)))
        ffi.memmove(self._state, b, len(b))

    def __repr__(self) -> str:
        return "Model(%r, %s)" % (self.structure, self.params_text.replace(",", ", "))


_VAR = re.compile(r"^\$var\s+\S+\s+(\d+)\s+(\S+)\s+(\S+)")


def _vcd_scope_values(text: str, scope: str) -> dict[str, int]:
    """Values at the first time step of the signals under scope `scope`."""
    path: list[str] = []
    ids: dict[str, str] = {}
    vals: dict[str, int] = {}
    lines = text.splitlines()
    i = 0
    for i, line in enumerate(lines):
        line = line.strip()
        if line.startswith("$scope"):
            path.append(line.split()[2])
        elif line.startswith("$upscope"):
            path.pop()
        elif line.startswith("$var"):
            m = _VAR.match(line)
            if m and scope in path:
                rel = path[path.index(scope) + 1:] + [m.group(3)]
                ids[m.group(2)] = ".".join(rel)
        elif line.startswith("$enddefinitions"):
            break
    for line in lines[i + 1:]:
        line = line.strip()
        if not line or line.startswith("$") or line.startswith("#"):
            if line.startswith("#") and line != "#0":
                break
            continue
        if line[0] in "bB":
            v, ident = line[1:].split()
        else:
            v, ident = line[0], line[1:]
        if ident in ids:
            vals[ids[ident]] = int(v, 2) if set(v) <= {"0", "1"} else 0
    return {ids[k]: vals.get(ids[k], 0) for k in ids}
